"""The record a build writes to wait for its journal's commit (PreviousBuild's `.record.next`,
in the build's own cache folder): a roll-back of that journal deletes it wherever it is, by the
path the journal names, whatever cache folder the process rolling back uses (the desk's start,
`paibang clean` without its PAIBANG_CACHE); only a file of that name, sealed by this user, naming that
journal, never through a link. Left, the next build with the killed build's cache folder made it
the record of the old site put back: a record naming pages the site did not hold, and not the
ones it did. And the order in which a commit reaches the disk: a power cut keeps only what was
synced, in any order across folders."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import caches
from generator.build import _record_name, build, roll_back_first
from generator.render import output as output_module
from tests.support import digest
from tests.test_never_destroy import small_site
from tests.test_rebuild_in_place import KILLED_BUILD, ROOT, users_site


def two_events_killed_taking_one_away(tmp_path: Path, cache_folder: str = "x-cache/pdf",
                                      ) -> tuple[Path, Path, Path, dict[str, bytes]]:
    """Two events built in place (the user's CNAME in output/) with the cache folder `cache`,
    then a build taking the second away killed mid-journal; the site as it was before."""
    content = small_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / cache_folder
    shutil.copytree(content / "events/e1", content / "events/e2")
    build(content, out, cache_dir=cache, bulletins=False)
    (out / "CNAME").write_text("scores.example.org\n")  # (the user's: the site goes in place)
    build(content, out, cache_dir=cache, bulletins=False)
    old = digest(out)
    shutil.rmtree(content / "events/e2")
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("title: ", "title: NEW", 1), encoding="utf-8")
    script = KILLED_BUILD.format(root=str(ROOT), content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert [p.name for p in tmp_path.iterdir() if ".journal-" in p.name]
    assert waiting(out, cache).is_file()  # (written once the journal was named)
    return content, out, cache, old


def waiting(out: Path, cache: Path) -> Path:
    return cache.parent / f"{_record_name(out)}.next"


def test_a_roll_back_with_another_cache_folder_deletes_the_killed_builds_waiting_record(tmp_path: Path) -> None:
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path)
    roll_back_first(out, None, tmp_path / "default-cache/pdf")  # (clean, or the desk's start: another cache)
    assert digest(out) == old  # rolled back: the old site, e2's pages in it
    assert not waiting(out, cache).exists()
    said: list[str] = []
    build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    # The record set aside put back (the old site's, naming e2's pages): e2's pages go with it.
    # Made the record instead, the waiting one named none of them: kept as the user's for good.
    assert said == [] and not (out / "events/e2").exists()
    shutil.copytree(content / "events/e1", content / "events/e2")
    build(content, out, cache_dir=cache, bulletins=False)
    assert (out / "events/e2/index.html").is_file()


def test_a_link_at_the_waiting_records_path_is_left_and_where_it_leads_too(tmp_path: Path) -> None:
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / waiting(out, cache).name
    os.replace(waiting(out, cache), target)  # (sealed, naming the journal: only the link is not ours)
    waiting(out, cache).symlink_to(target)
    roll_back_first(out, None, tmp_path / "default-cache/pdf")
    assert digest(out) == old
    assert target.is_file() and waiting(out, cache).is_symlink()


def test_a_waiting_record_of_another_journal_is_left(tmp_path: Path) -> None:
    """A record waiting at the path a rolled-back journal names, but written for another journal
    (a build since, with its own): never this roll-back's to delete."""
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path)
    [journal] = [p for p in tmp_path.iterdir() if ".journal-" in p.name]
    data = caches.read_sealed(waiting(out, cache))
    data["journal"] = str(journal.with_name("out.journal-1"))
    caches.write_sealed(waiting(out, cache), pickle.dumps(data))
    output_module.roll_back_journals(out.resolve())
    assert digest(out) == old and not journal.exists()
    assert waiting(out, cache).is_file()


def test_an_unsafe_cache_folder_that_is_a_link_has_nothing_deleted_where_it_leads(tmp_path: Path) -> None:
    """The roll-back by a process whose cache folder is not the user's own (a link: caches.unsafe)
    drops a record waiting there (build.py's drop_rolled_back), never where the link leads."""
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    kept = theirs / waiting(out, cache).name
    kept.write_bytes(b"a file of the folder the link leads to")
    (tmp_path / "linked").symlink_to(theirs)
    roll_back_first(out, None, tmp_path / "linked/pdf")
    assert digest(out) == old
    assert kept.read_bytes() == b"a file of the folder the link leads to"
    assert not waiting(out, cache).exists()  # (the journal named it: deleted in its own folder)


def logged_build(content: Path, out: Path, cache: Path, monkeypatch: pytest.MonkeyPatch,
                 events: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """A build, each sync (os.fsync: the path synced), rename and removal it makes, in order."""
    events = [] if events is None else events
    fsync, replace, unlink = os.fsync, os.replace, os.unlink

    def synced(fd: int) -> None:
        events.append(("sync", os.readlink(f"/proc/self/fd/{fd}")))
        fsync(fd)

    def renamed(a: object, b: object, **named: object) -> None:
        events.append(("rename", f"{os.fspath(a)} -> {os.fspath(b)}"))
        replace(a, b, **named)

    def removed(path: object, **named: object) -> None:
        events.append(("unlink", os.fspath(path)))
        unlink(path, **named)

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", synced)
        patched.setattr(os, "replace", renamed)
        patched.setattr(os, "unlink", removed)
        build(content, out, cache_dir=cache, bulletins=False)
    return events


def first(events: list[tuple[str, str]], kind: str, test: object, after: int = -1) -> int:
    """The place of the first event of `kind` whose path passes `test` after the place `after`."""
    return next(number for number, (what, path) in enumerate(events)
                if number > after and what == kind and test(path))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the paths synced are read from /proc")
def test_in_place_the_waiting_record_is_on_the_disk_before_the_commit_and_the_commit_before_it_is_the_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut that keeps the journal's removal keeps the waiting record whole and the last
    one set aside (else the next build put the one set aside back as the new site's record); one
    that keeps the record's rename keeps the journal's removal (else the journal, rolled back,
    left the new site's record over the old site)."""
    content, out, cache = users_site(tmp_path)
    events = logged_build(content, out, cache, monkeypatch)
    record = str((cache.parent / _record_name(out)).resolve())
    journal = first(events, "unlink", lambda path: ".journal-" in path)
    assert first(events, "sync", lambda path: path == record + ".next") < journal
    assert first(events, "sync", lambda path: path == str(cache.parent.resolve())) < journal
    made = first(events, "rename", lambda path: path.endswith(f".next -> {record}"))
    assert first(events, "sync", lambda path: path == str(tmp_path.resolve()), after=journal) < made


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the paths synced are read from /proc")
def test_a_whole_site_swapped_in_is_on_the_disk_before_its_record_is_the_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = small_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("title: ", "title: NEW", 1), encoding="utf-8")
    exchange = output_module._exchange
    events: list[tuple[str, str]] = []

    def exchanged(a: Path, b: Path) -> bool:
        events.append(("exchange", os.fspath(b)))
        return exchange(a, b)

    monkeypatch.setattr(output_module, "_exchange", exchanged)
    logged_build(content, out, cache, monkeypatch, events)
    record = str((cache.parent / _record_name(out)).resolve())
    swapped = first(events, "exchange", lambda path: True)
    made = first(events, "rename", lambda path: path.endswith(f".next -> {record}"))
    assert first(events, "sync", lambda path: path == str(tmp_path.resolve()), after=swapped) < made
