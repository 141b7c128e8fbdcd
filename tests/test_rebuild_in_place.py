"""A rebuild's cost follows what changed, not the archive (issue 23): one results file saved in a
larger archive re-reads no other event, renders only that event's pages, its players' pages and
the indexes, and puts just those files into output/ in place, under a journal that a build
killed halfway leaves to be rolled back. Sizes are small here; the figures are bench/archive.py's."""

from __future__ import annotations

import collections
import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import catalogues
from generator.build import build
from generator.event_cache import EventMemory
from generator.render import output as output_module
from generator.render.output import (MARKER, OutputRefused, OutputTree, apply_in_place, mark_leftover, marker_text, recover_leftovers, remove_site,
                                     swap_into_place)
from tests.support import digest

ROOT = Path(__file__).resolve().parents[1]
DEMOS = ("dongke-bridge-2015", "chem-park-daguai-2016")
INDEXES = {"index.html", "players/index.html", "search/index.html", "assets/search-index.js", "feed.xml",
           "sitemap.xml"}


def archive(tmp_path: Path, events: int) -> Path:
    """`events` events, copies of two demo events under new slugs (as bench/site.py makes them)."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    for number in range(events):
        demo = DEMOS[number % len(DEMOS)]
        folder = content / "events" / f"{demo}-{number:03d}"
        shutil.copytree(ROOT / "content/events" / demo, folder)
        event = folder / "event.yaml"
        text = event.read_text(encoding="utf-8")
        event.write_text(text.replace("\ntitle: ", f"\ntitle: 第{number + 1}届", 1), encoding="utf-8")
    return content


def change_one_results_file(content: Path) -> str:
    slug = f"{DEMOS[0]}-000"
    prelim = content / "events" / slug / "results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
    return slug


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """Every event read from content/ (load_event) and every event read back from the event cache."""
    import generator.content.load as loading
    from generator.event_cache import EventCache

    seen: dict[str, list] = {"read": [], "unpickled": []}
    load_event, load = loading.load_event, EventCache._load
    monkeypatch.setattr(loading, "load_event",
                        lambda folder, *rest: seen["read"].append(folder.name) or load_event(folder, *rest))
    monkeypatch.setattr(EventCache, "_load", staticmethod(lambda path: (load(path), seen["unpickled"].append(path.name))[0]))
    return seen


def test_one_changed_file_rewrites_only_its_event_and_the_indexes(tmp_path: Path, counted: dict[str, list]) -> None:
    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    first = build(content, out, cache_dir=cache, bulletins=False)
    assert first.events_rendered == 6 and not first.in_place
    before = {p: p.stat().st_ino for p in out.rglob("*") if p.is_file()}
    slug = change_one_results_file(content)
    counted["read"].clear()

    report = build(content, out, cache_dir=cache, bulletins=False)
    assert counted["read"] == [slug]  # no other event read from content/
    assert report.events_rendered == 1 and report.in_place
    written = set(report.written)
    others = {w for w in written if not w.startswith((f"events/{slug}/", "players/", "games/"))}
    assert others <= INDEXES | {f"assets/{name}" for name in ("style.css", "site.js", "favicon.svg")}
    assert any(w.startswith(f"events/{slug}/") for w in written)
    players = {w.split("/")[1] for w in written if w.startswith("players/") and w != "players/index.html"}
    for key in players:  # a player page written again is one of a player of the changed event
        assert f"events/{slug}/" in (out / "players" / key / "index.html").read_text(encoding="utf-8")
    # Every other event's files are the very same files, untouched.
    for path, inode in before.items():
        relative = str(path.relative_to(out))
        if relative.startswith("events/") and not relative.startswith(f"events/{slug}/"):
            assert path.stat().st_ino == inode, relative
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("out.")]  # nothing left beside it
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_with_serves_memory_no_other_event_is_read_back(tmp_path: Path, counted: dict[str, list]) -> None:
    content = archive(tmp_path, 6)
    out, cache, memory = tmp_path / "out", tmp_path / "cache/pdf", EventMemory()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    assert len(memory.events) == 6
    slug = change_one_results_file(content)
    counted["read"].clear()
    counted["unpickled"].clear()
    report = build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    assert counted["read"] == [slug] and counted["unpickled"] == []  # nor from the cache
    assert report.events_rendered == 1 and len(memory.events) == 6  # the old version of the event forgotten
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


@pytest.fixture()
def sealed_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of every file opened and read by generator/caches.py (which reads every sealed
    file: the event cache's, its ledger, the record of the last build and the files beside it);
    not those looked for and not found."""
    from generator import caches

    opened: list[str] = []
    read_own = caches.read_own

    def counted_read(path: Path, limit: int):  # noqa: ANN202
        found = read_own(path, limit)
        opened.append(Path(path).name)
        return found

    monkeypatch.setattr(caches, "read_own", counted_read)
    return opened


def save_again(content: Path, number: int) -> None:
    """One results file saved again, as an editor does (a comment added: the event's files changed)."""
    prelim = content / "events" / f"{DEMOS[0]}-000" / "results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8") + f"\n# saved again {number}\n", encoding="utf-8")


def test_serves_rebuilds_read_back_neither_the_ledger_nor_the_record(tmp_path: Path, sealed_read: list[str]) -> None:
    """serve keeps what its last build read or wrote of the ledger and of the record of the last
    build (and the files beside it) in memory: a rebuild after one results file was saved reads
    from the cache only the changed event's files (looked for: it is new), nothing it wrote itself."""
    content = archive(tmp_path, 6)
    out, cache, memory = tmp_path / "out", tmp_path / "cache/pdf", EventMemory()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    for number in range(2):
        save_again(content, number)
        sealed_read.clear()
        report = build(content, out, cache_dir=cache, bulletins=False, memory=memory)
        assert report.events_rendered == 1
        assert [name for name in sealed_read if name.startswith(("ledger.", "site-"))] == []
        assert len({name.split(".")[0] for name in sealed_read}) <= 1  # the changed event's, as it is now
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


BY_HAND = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.build import build
build(Path({content!r}), Path({output!r}), cache_dir=Path({cache!r}), bulletins=False)
"""


def test_a_build_by_hand_between_serves_rebuilds_is_read_anew(tmp_path: Path, sealed_read: list[str]) -> None:
    """A `paibang build` run by hand on serve's output/ between two of its rebuilds rewrites the
    record (and some of the files beside it) and the ledger: serve's next rebuild reads those
    anew, and only those, and its site is right (the event the build by hand added, then
    removed, is gone from output/, as the record of that build says)."""
    content = archive(tmp_path, 6)
    out, cache, memory = tmp_path / "out", tmp_path / "cache/pdf", EventMemory()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    before = {p.name: p.stat().st_ino for p in cache.parent.iterdir() if p.is_file()}
    added = content / "events" / f"{DEMOS[0]}-006"
    shutil.copytree(ROOT / "content/events" / DEMOS[0], added)
    script = BY_HAND.format(root=str(ROOT), content=str(content), output=str(out), cache=str(cache))
    subprocess.run([sys.executable, "-c", script], check=True)
    assert (out / "events" / added.name / "index.html").is_file()
    rewritten = {p.name for p in cache.parent.iterdir() if p.is_file() and before.get(p.name) != p.stat().st_ino}
    assert any(name.endswith(".record") for name in rewritten)
    assert any(".record.parts-" in name for name in rewritten)
    shutil.rmtree(added)
    sealed_read.clear()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    assert not (out / "events" / added.name).exists()
    read = {name for name in sealed_read if name.startswith("site-")}
    assert read and read <= rewritten  # the record and the files the build by hand wrote, alone
    assert {"ledger.lines", "ledger.more"} & set(sealed_read)  # its ledger
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_removed_event_goes_with_its_folders(tmp_path: Path) -> None:
    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    shutil.rmtree(content / "events" / f"{DEMOS[1]}-005")
    build(content, out, cache_dir=cache, bulletins=False)  # the list of events changed: every page
    assert not (out / "events" / f"{DEMOS[1]}-005").exists()
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


# --- the journal: killed at any moment, the old site or the new one -----------------------------


def finished_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def two_sites(tmp_path: Path) -> tuple[Path, Path, list[str], list[str]]:
    """output/ (the old site) and a staging folder with the new files; what changes and goes."""
    output, staging = tmp_path / "output", tmp_path / f"output.tmp-{finished_pid()}"  # a build's, gone
    old, new = OutputTree(output), OutputTree(staging)
    for tree in (old, new):
        tree.write_text(MARKER, marker_text(output))
    mark_leftover(staging)  # as staging_dir makes it
    for n in range(6):
        old.write_text(f"events/e{n}/index.html", f"old {n}")
    old.write_text("events/gone/index.html", "an event removed")
    fresh = [f"events/e{n}/index.html" for n in (1, 3)] + ["events/new/index.html", "events/new/r/index.html"]
    for relative in fresh:
        new.write_text(relative, f"new {relative}")
    return output, staging, fresh, ["events/gone/index.html"]


# The files of two_sites' old site, as the record of the build that wrote it would name them
# (remove_site removes only those)
OLD_SITE = frozenset([f"events/e{n}/index.html" for n in range(6)] + ["events/gone/index.html"])


KILLED = """
import os, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.render import output as out
calls = [0]
replace = os.replace
def dying(a, b):
    # only the site's own files counted: the output marker's words may first rewrite the
    # catalogues' sealed cache (after a .po changed, or under another key), by os.replace too,
    # and the journal is written whole, then renamed beside output/
    if not os.fspath(b).startswith({place!r}) or ".journal" in os.fspath(b):
        return replace(a, b)
    if calls[0] == {after}:
        os._exit(9)  # as SIGKILL: no handler runs
    calls[0] += 1
    replace(a, b)
out.os.replace = dying
{unlink}
out.apply_in_place(Path({staging!r}), Path({output!r}), {fresh!r}, {gone!r})
"""


@pytest.mark.parametrize("after", range(5))  # 4 files put in place, 1 taken away
def test_a_build_killed_while_applying_is_rolled_back(tmp_path: Path, after: int) -> None:
    output, staging, fresh, gone = two_sites(tmp_path)
    before = digest(output)
    script = KILLED.format(root=str(ROOT), place=str(output.parent.resolve()), after=after, unlink="", staging=str(staging), output=str(output),
                           fresh=fresh, gone=gone)
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert any(p.name.startswith("output.journal-") for p in tmp_path.iterdir())
    recover_leftovers(output)  # what the next build does first
    assert digest(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"]
    assert not (output / "events/new").exists()


def test_a_build_killed_after_the_commit_keeps_the_new_site(tmp_path: Path) -> None:
    output, staging, fresh, gone = two_sites(tmp_path)
    expected = digest(output) | {relative: hashlib.sha256(f"new {relative}".encode()).hexdigest() for relative in fresh}
    del expected["events/gone/index.html"]
    # Killed at the first removal of a leftover after the journal went (_remove_on, which
    # removes what it holds on output/'s own device only, is os.rmdir/unlink).
    unlink = "out._remove_on = lambda *a, **k: os._exit(9)"
    script = KILLED.format(root=str(ROOT), place=str(output.parent.resolve()), after=99, unlink=unlink, staging=str(staging), output=str(output),
                           fresh=fresh, gone=gone)
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert not any(p.name.startswith("output.journal-") for p in tmp_path.iterdir())
    recover_leftovers(output)
    assert digest(output) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"]


def test_the_journal_is_on_the_disk_before_output_is_touched_and_its_removal_before_the_backup_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut cannot be made here: the order of the calls is what is checked (os.fsync,
    os.replace, os.unlink, os.rmdir and os.mkdir recorded as they are made). Before the first
    file of output/ is replaced, the journal's bytes, the backup's marker and the names of both
    are synced; after the journal is removed (the commit), the folder beside output/ is synced
    before anything of the backup goes. Without the syncs a journal may survive a cut named but
    empty: not one paibang sealed, never rolled back."""
    output, staging, fresh, gone = two_sites(tmp_path)
    place = str(tmp_path.resolve())
    calls: list[tuple[str, str]] = []

    def recorded(name: str, real: Callable) -> Callable:
        def call(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the os function's own
            where = args[0]
            if isinstance(where, int):
                where = os.readlink(f"/proc/self/fd/{where}")
            calls.append((name, os.fspath(args[-1] if name == "replace" else where)))
            return real(*args, **kwargs)
        return call

    for name in ("fsync", "replace", "unlink", "rmdir", "mkdir"):
        monkeypatch.setattr(os, name, recorded(name, getattr(os, name)))
    apply_in_place(staging, output, fresh, gone)
    calls = [(name, path) for name, path in calls if path.startswith(place)]
    synced = [path for name, path in calls if name == "fsync"]
    touched = next(i for i, (name, path) in enumerate(calls)
                   if name in ("replace", "mkdir") and path.startswith(f"{place}/output/"))
    [named] = [i for i, (name, path) in enumerate(calls) if name == "replace" and ".journal-" in path]
    backup = next(path for name, path in calls if name == "mkdir" and "/output.old-" in path)
    before = [path for name, path in calls[:touched] if name == "fsync"]
    assert any(path.startswith(f"{backup}/.journal") for path in before)  # its bytes,
    assert f"{backup}/{output_module.LEFTOVER}" in before  # the backup's marker's,
    assert backup in before  # their names in the backup,
    assert ("fsync", place) in calls[named:touched]  # the journal's beside output/, once renamed there
    [commit] = [i for i, (name, path) in enumerate(calls) if name == "unlink" and ".journal-" in path]
    gone_first = next(i for i, (name, path) in enumerate(calls)
                      if i > commit and name in ("unlink", "rmdir") and path.startswith(backup))
    assert ("fsync", place) in calls[commit:gone_first]
    assert synced  # (and the site is in place, as without the syncs)
    assert (output / fresh[0]).read_text(encoding="utf-8") == f"new {fresh[0]}"


def test_a_roll_back_is_on_the_disk_before_its_journal_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next build rolls a killed build's journal back, then removes the journal, then the
    backup as a leftover: the folders it put files back into are synced before the journal
    goes (a power cut keeping only the journal's removal would lose both sites' files), and
    the folder beside output/ after (order of calls, as above)."""
    output, staging, fresh, gone = two_sites(tmp_path)
    before = digest(output)
    script = KILLED.format(root=str(ROOT), place=str(output.parent.resolve()), after=3, unlink="", staging=str(staging),
                           output=str(output), fresh=fresh, gone=gone)
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    calls: list[tuple[str, str]] = []
    fsync, unlink = os.fsync, os.unlink
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(("fsync", os.readlink(f"/proc/self/fd/{fd}"))) or fsync(fd))
    monkeypatch.setattr(os, "unlink", lambda path, **kw: calls.append(("unlink", os.fspath(path))) or unlink(path, **kw))
    recover_leftovers(output)
    assert digest(output) == before
    [removed] = [i for i, (name, path) in enumerate(calls) if name == "unlink" and ".journal-" in path]
    synced = {path for name, path in calls[:removed] if name == "fsync"}
    root = str(output.resolve())
    assert {root, f"{root}/events/e1", f"{root}/events/e3"} <= synced
    assert ("fsync", str(tmp_path.resolve())) in calls[removed:]


def test_a_failure_while_applying_puts_the_old_site_back_at_once(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    output, staging, fresh, gone = two_sites(tmp_path)
    before = digest(output)
    (staging / "events/new/r/index.html").unlink()  # the last file cannot be put in place
    with pytest.raises(FileNotFoundError):
        apply_in_place(staging, output, fresh, gone)
    assert digest(output) == before
    # Nothing of the failed build beside output/ but its staging folder (the build discards it):
    # no journal, and no emptied backup left for the next build to tidy.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output", staging.name]


def refuse_renaming(staging: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Folders that cannot be exchanged in one step, and `staging`'s rename refused."""
    monkeypatch.setattr(output_module, "_exchange", lambda a, b: False)
    replace = os.replace

    def refusing(a: object, b: object) -> None:
        if os.fspath(a) == os.fspath(staging):
            raise PermissionError(13, "refused", os.fspath(a))
        replace(a, b)

    monkeypatch.setattr(output_module.os, "replace", refusing)


def test_a_failure_between_the_two_renames_puts_the_old_site_back_at_once(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # Where folders cannot be exchanged in one step: output/ is moved aside, then the new site
    # renamed in; if that fails, output/ is there again before the error reaches the user.
    output, staging, _, _ = two_sites(tmp_path)
    before = digest(output)
    refuse_renaming(staging, monkeypatch)
    with pytest.raises(PermissionError):
        swap_into_place(staging, output)
    assert digest(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output", staging.name]


def test_a_backup_copy_cut_short_is_never_put_back_over_a_page(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # Where no hard link can be made the old page is copied aside; a copy cut short by a full
    # disk must not be taken for the page when the failed build puts the old site back.
    output, staging, fresh, gone = two_sites(tmp_path)
    before = digest(output)
    monkeypatch.setattr(output_module.os, "link", lambda *a, **k: (_ for _ in ()).throw(OSError(18, "cross-device")))
    copies = []

    def disk_full(source: str, target: str) -> None:
        copies.append(source)
        if len(copies) == 2:  # the second page's copy: 2 bytes written, then the disk is full
            Path(target).write_bytes(Path(source).read_bytes()[:2])
            raise OSError(28, "No space left on device", target)
        shutil.copy2(source, target)

    monkeypatch.setattr(output_module.shutil, "copy2", disk_full)
    with pytest.raises(OSError, match="No space"):
        apply_in_place(staging, output, fresh, gone)
    assert len(copies) == 2
    assert digest(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output", staging.name]


def test_a_refused_rename_puts_back_only_the_site_it_moved_aside(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # No output/ yet, a folder called as this process's aside-name left by an earlier attempt,
    # and the new site's rename refused: that folder is not the site this call moved aside, and
    # becomes no output/.
    _, staging, _, _ = two_sites(tmp_path)
    output = tmp_path / "public"
    stale = tmp_path / f"public.old-{os.getpid()}"
    stale.mkdir()
    (stale / "index.html").write_text("a stale site", encoding="utf-8")
    refuse_renaming(staging, monkeypatch)
    with pytest.raises(PermissionError):
        swap_into_place(staging, output)
    assert not output.exists()
    assert (stale / "index.html").read_text(encoding="utf-8") == "a stale site"


def test_a_journal_that_is_not_ours_touches_nothing_outside_output(tmp_path: Path) -> None:
    output, staging, fresh, gone = two_sites(tmp_path)
    outside = tmp_path / "precious.txt"
    outside.write_text("keep")
    (tmp_path / "output.journal-999999999").write_text(
        '{"replace": [["../precious.txt", false]], "remove": [], "folders": []}')
    before = digest(output)
    recover_leftovers(output)
    assert outside.read_text() == "keep" and digest(output) == before
    assert (tmp_path / "output.journal-999999999").exists()  # not ours: left alone


def plant_journal_and_backup(tmp_path: Path, pid: int, journal: bytes | None = None) -> Path:
    """Beside output/, a backup holding a page and a script of someone else's, and a journal
    that says to put them into the site (as a rolled-back build would put its old files back)."""
    backup = tmp_path / f"output.old-{pid}"
    (backup / "assets").mkdir(parents=True)
    (backup / "evil.html").write_text("<script>alert(1)</script>", encoding="utf-8")
    (backup / "assets" / "x.js").write_text("alert(2)", encoding="utf-8")
    (tmp_path / f"output.journal-{pid}").write_bytes(
        journal or b'{"replace":[["evil.html",true],["assets/x.js",true]],"remove":[],"folders":[]}')
    return backup


@pytest.mark.parametrize("how", ["plain", "copied", "backup not ours"])
def test_a_planted_journal_never_moves_its_files_into_the_site(tmp_path: Path, how: str) -> None:
    """A journal is applied only when paibang sealed it for its own place, and its backup is a
    folder paibang made: else it is left alone and said, nothing it names put into output/."""
    output, staging, fresh, gone = two_sites(tmp_path)
    if how != "plain":
        # A build of this user's killed at its first step, in a folder of its own: a real journal
        sandbox = tmp_path / "sandbox"
        shutil.copytree(output, sandbox / "output", symlinks=True)
        shutil.copytree(staging, sandbox / staging.name, symlinks=True)
        mark_leftover(sandbox / staging.name)  # made there, as staging_dir makes it
        script = KILLED.format(root=str(ROOT), place=str(sandbox.resolve()), after=0, unlink="",
                               staging=str(sandbox / staging.name), output=str(sandbox / "output"),
                               fresh=fresh, gone=gone)
        assert subprocess.run([sys.executable, "-c", script]).returncode == 9
        [journal] = sandbox.glob("output.journal-*")
    if how == "backup not ours":  # its backup's files (those it puts back) someone else's
        output, tmp_path = sandbox / "output", sandbox
        [backup] = sandbox.glob("output.old-*")
        shutil.rmtree(backup)
        for relative in fresh:
            (backup / relative).parent.mkdir(parents=True, exist_ok=True)
            (backup / relative).write_text("<script>alert(1)</script>", encoding="utf-8")
    else:
        plant_journal_and_backup(tmp_path, finished_pid(), journal.read_bytes() if how == "copied" else None)
    before = digest(output)
    said: list[tuple[str, dict]] = []
    recover_leftovers(output, lambda key, params: said.append((key, params)))
    assert digest(output) == before
    assert "alert" not in "".join(p.read_text(encoding="utf-8") for p in output.rglob("*") if p.is_file())
    # the journal said with the command that removes it alone; its backup folder, which paibang
    # did not mark as its own (it may be the user's own output.old-2024), never named in an rm:
    # not the journal's (rev29), nor one of its own (rev34)
    assert [key for key, _ in said] == ["journal_not_ours"]
    assert ".old-" not in said[0][1]["command"]
    assert any(p.name.startswith("output.journal-") for p in tmp_path.iterdir())  # left alone


@pytest.mark.parametrize("how", ["next build", "clean"])
def test_a_journal_beside_a_folder_with_a_copied_marker_touches_nothing_in_it(tmp_path: Path, how: str) -> None:
    """A folder that merely holds a marker (copied from a site built elsewhere), a journal and a
    backup planted beside it: the roll-back goes only into a site made here for this folder
    (made_here), never replaces or removes a file of this one's."""
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / MARKER).write_text(marker_text(tmp_path / "elsewhere"), encoding="utf-8")
    (folder / "a.txt").write_text("mine a", encoding="utf-8")
    (folder / "b.txt").write_text("mine b", encoding="utf-8")
    (tmp_path / "notes.old-999999999").mkdir()
    (tmp_path / "notes.old-999999999" / "a.txt").write_text("planted", encoding="utf-8")
    (tmp_path / "notes.journal-999999999").write_text(
        '{"replace": [["a.txt", true], ["b.txt", false]], "remove": [], "folders": []}')
    if how == "clean":
        with pytest.raises(OutputRefused):  # (not a site made here: clean refuses it, touching nothing)
            remove_site(folder)
    else:
        recover_leftovers(folder)
    assert (folder / "a.txt").read_text(encoding="utf-8") == "mine a"
    assert (folder / "b.txt").read_text(encoding="utf-8") == "mine b"


@pytest.mark.parametrize("how", ["next build", "clean"])
def test_a_copy_of_the_site_named_as_a_leftover_is_the_users_and_stays(tmp_path: Path, how: str) -> None:
    """`cp -a output output.old-2024` (a backup, notes added) carries the site's marker, keyed to
    output/: it proves nothing about the copy. Nor does a copy of a real leftover under another
    number. Both are left alone; only the one carrying a leftover's marker is named with the
    command that removes it (rev34: every build told the user to `rm -r` their backup); a
    leftover paibang made there is removed."""
    output, staging, _, _ = two_sites(tmp_path)
    backup = tmp_path / "output.old-2024"
    shutil.copytree(output, backup, symlinks=True)
    (backup / "NOTES-2024.txt").write_text("notes", encoding="utf-8")
    copied = tmp_path / f"output.old-{finished_pid()}"  # (a number of no running process: 31999 was one now and then)
    shutil.copytree(staging, copied, symlinks=True)  # its leftover's marker is the staging folder's
    kept = digest(copied)
    said: list[tuple[str, dict]] = []
    if how == "clean":
        remove_site(output, lambda key, params: said.append((key, params)), OLD_SITE)
    else:
        recover_leftovers(output, lambda key, params: said.append((key, params)))
    assert (backup / "NOTES-2024.txt").read_text(encoding="utf-8") == "notes"
    assert digest(copied) == kept
    [named] = [params["paths"] for key, params in said if key == "leftover_not_ours"]
    assert [path.name for path in named] == [copied.name]
    assert "output.old-2024" not in repr(said)
    assert not staging.exists()  # made by a build, its process gone: tidied


@pytest.mark.parametrize("how", ["next build", "clean"])
def test_an_older_paibangs_leftovers_are_left_alone_and_its_journal_named_with_its_command(tmp_path: Path,
                                                                                         how: str) -> None:
    """An older paibang's staging folder and old site (the site's marker only, keyed to output/:
    as a copy of the user's would be) and its journal (not sealed) with its backup (no marker):
    never removed nor applied. The folders cannot be told from the user's own copies, so they
    are not named (rev34); the journal is named, once, in one command, which removes exactly it
    when run."""
    output, _, _, _ = two_sites(tmp_path)
    # Three pids of processes that have ended (pid + 1, pid + 2 were the next processes' pids,
    # now and then running, beside another test's build: a journal of a running build is not said)
    staging_pid, old_pid, journal_pid = (finished_pid() for _ in range(3))
    for name in (f"output.tmp-{staging_pid}", f"output.old-{old_pid}"):
        shutil.copytree(output, tmp_path / name, symlinks=True)
        (tmp_path / name / "it's here.html").write_text("old", encoding="utf-8")  # a quote to be quoted
    plant_journal_and_backup(tmp_path, journal_pid)
    before = digest(output)
    said: list[tuple[str, dict]] = []
    if how == "clean":
        remove_site(output, lambda key, params: said.append((key, params)), OLD_SITE)
        output.mkdir()
    else:
        recover_leftovers(output, lambda key, params: said.append((key, params)))
        assert digest(output) == before
    assert [key for key, _ in said] == ["journal_not_ours"]
    words = {key: catalogues.text(key, "en", **params) for key, params in said}
    assert "this journal was not written" in words["journal_not_ours"]
    for key in words:
        assert all(catalogues.text(key, locale, **dict(said)[key]).endswith(dict(said)[key]["command"])
                   for locale in ("en", "zh-Hans", "zh-Hant"))
    for _, params in said:
        assert subprocess.run(["sh", "-c", params["command"]], cwd="/").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["output", f"output.tmp-{staging_pid}", f"output.old-{old_pid}", f"output.old-{journal_pid}"])


class Killed(BaseException):
    """A kill -9, as far as the code that runs is concerned: nothing after it runs."""


@pytest.mark.parametrize("alone", [True, False])
def test_a_leftovers_removal_cut_short_is_finished_by_the_next_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    alone: bool) -> None:
    """Killed while it removed a leftover: the folder keeps its own marker to the last, so the
    next build still knows it as paibang's and removes the rest."""
    output, staging, _, _ = two_sites(tmp_path)
    unlink = os.unlink

    def killed_after_the_marker(path: object, *args: object, **kwargs: object) -> None:
        unlink(path, *args, **kwargs)
        if os.fspath(path).endswith(output_module.LEFTOVER):
            raise Killed

    monkeypatch.setattr(output_module.os, "unlink", killed_after_the_marker)
    with contextlib.suppress(Killed):
        output_module._remove(staging, alone=alone)
    monkeypatch.undo()
    recover_leftovers(output)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"]


def test_clean_rolls_back_a_journal_and_removes_everything(tmp_path: Path) -> None:
    output, staging, fresh, gone = two_sites(tmp_path)
    script = KILLED.format(root=str(ROOT), place=str(output.parent.resolve()), after=2, unlink="", staging=str(staging), output=str(output),
                           fresh=fresh, gone=gone)
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    remove_site(output, wrote=OLD_SITE)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# --- bulletins and memory -----------------------------------------------------------------------


def fake_print_pdfs(jobs: list, cache_dir: object, workers: object = None, done: object = None,
                    **said: object) -> tuple[list[bytes], int]:
    return [f"%PDF-1.7 stub {job.key}\n%%EOF\n".encode() for job in jobs], len(jobs)  # (begins and ends as a PDF)


def test_bulletins_of_unchanged_events_stay_in_output_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("generator.render.pdf.print_pdfs", fake_print_pdfs)
    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    first = build(content, out, cache_dir=cache)
    pdfs = {p: p.stat().st_ino for p in out.rglob("*.pdf")}
    assert first.pdfs == len(pdfs) > 4
    slug = change_one_results_file(content)
    asked: list[int] = []
    monkeypatch.setattr("generator.render.pdf.print_pdfs",
                        lambda jobs, *rest, **kw: asked.append(len(jobs)) or fake_print_pdfs(jobs, *rest))
    report = build(content, out, cache_dir=cache)
    assert report.in_place and report.pdfs == first.pdfs
    assert all(path.startswith(f"events/{slug}/") for path in report.written if path.endswith(".pdf"))
    assert sum(asked) == sum(1 for path in report.written if path.endswith(".pdf"))  # the others not even read
    for path, inode in pdfs.items():
        if f"events/{slug}/" not in str(path):
            assert path.stat().st_ino == inode


_FORKS: list[int] | None = None  # threads running at each fork, while a test listens


def _count_threads_at_fork() -> None:
    if _FORKS is not None:
        _FORKS.append(threading.active_count())


os.register_at_fork(before=_count_threads_at_fork)


def test_printing_processes_are_forked_afresh_after_a_few_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    """The printing workers are forked afresh every WORKER_DOCUMENTS documents each (none grows
    for ever), and always from the build's only thread: never, as a pool with `maxtasksperchild`
    does, from a thread of the pool's own while others run."""
    global _FORKS
    from generator.render import pdf

    monkeypatch.setattr(pdf, "WORKER_DOCUMENTS", 2)
    monkeypatch.setattr(pdf, "_print", lambda html: str(os.getpid()).encode())  # forked with the workers
    jobs = [pdf.PrintJob(f"<p>{n}</p>", f"key{n}") for n in range(12)]
    running = threading.active_count()  # the test runner's own (pytest-xdist has more than one)
    _FORKS = []
    try:
        printed, count = pdf.print_pdfs(jobs, None, workers=2)
        forks = _FORKS
    finally:
        _FORKS = None
    assert count == 12 and len(printed) == 12
    assert len(forks) == 6 and set(forks) == {running}  # 3 pools of 2, with no thread of a pool's running
    by_process = collections.Counter(printed)
    assert len(by_process) >= 3 and max(by_process.values()) <= 2 * 2  # a pool's documents at most


def test_nothing_is_written_through_a_folder_linked_out_of_output(tmp_path: Path) -> None:
    """A folder of output/ replaced by a symbolic link to one elsewhere: the rebuild does not put
    its files in place through it, nor does the whole site swapped instead drop the link without
    a word (it did): the link is the user's, where the new site has its own folder, so the build
    is refused naming it, the link and the other folder untouched. Moved out, the build goes on."""
    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    slug = f"{DEMOS[0]}-000"
    elsewhere = tmp_path / "elsewhere"
    shutil.move(out / "events" / slug, elsewhere)
    (out / "events" / slug).symlink_to(elsewhere, target_is_directory=True)
    before = digest(elsewhere)
    change_one_results_file(content)
    with pytest.raises(OutputRefused) as refused:
        build(content, out, cache_dir=cache, bulletins=False)
    assert refused.value.reason == "output_clash" and refused.value.params["count"] == 1
    assert refused.value.params["paths"]["en"] == f"events/{slug}"
    assert digest(elsewhere) == before and os.readlink(out / "events" / slug) == str(elsewhere)
    (out / "events" / slug).unlink()
    build(content, out, cache_dir=cache, bulletins=False)
    assert digest(elsewhere) == before
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


# --- what a rebuild looks at --------------------------------------------------------------------


@pytest.fixture()
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every content file read and hashed (snapshot.feed), by path; stats are trusted at once
    (RACY_NS 0: the files here were all written a moment ago)."""
    from generator.content import snapshot
    from generator.render import incremental

    monkeypatch.setattr(incremental, "RACY_NS", 0)
    seen: list[str] = []
    feed = snapshot.feed
    monkeypatch.setattr(snapshot, "feed", lambda digest, path: seen.append(str(path)) or feed(digest, path))
    return seen


def test_a_rebuild_hashes_the_changed_events_files_only(tmp_path: Path, hashed: list[str]) -> None:
    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert any("-005/" in path for path in hashed)  # the first build hashes every file
    slug = change_one_results_file(content)
    hashed.clear()
    report = build(content, out, cache_dir=cache, bulletins=False)
    events = {path.split("/events/")[1].split("/")[0] for path in hashed if "/events/" in path}
    assert events == {slug} and report.events_rendered == 1
    # A file written again with the same size and its old modification time is still seen:
    # its change time (and inode, when replaced) are part of its stats.
    other = content / "events" / f"{DEMOS[1]}-001" / "event.yaml"
    before = other.stat()
    text = other.read_text(encoding="utf-8")
    other.write_text(text.replace("第2届", "第9届", 1), encoding="utf-8")
    os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert other.stat().st_size == before.st_size and other.stat().st_mtime_ns == before.st_mtime_ns
    hashed.clear()
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and "第9届" in (out / "events" / f"{DEMOS[1]}-001/index.html").read_text(
        encoding="utf-8")
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_large_archives_event_folders_are_looked_at_by_two_processes(tmp_path: Path, hashed: list[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """build_inputs looks at the second half of a large archive's event folders in a process forked
    for it (render/incremental.py's _look_at_events): it finds what one process finds, a file
    changed in that half is seen, a forked process that fails leaves the work to the build, and
    none is left behind."""
    from generator.render import incremental

    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    known = incremental.PreviousBuild(out, next((tmp_path / "cache").glob("site-*.record"))).folders
    assert len(known) == 6

    def inputs() -> tuple[str, incremental.Folders]:
        found = incremental.Folders()
        return incremental.build_inputs(content, False, False, known=known, found=found), found

    looked_here: list[int] = []
    look_here = incremental._look_here
    monkeypatch.setattr(incremental, "_look_here", lambda events, names, known: looked_here.append(len(names))
                        or look_here(events, names, known))
    def children() -> set[str]:  # this process's, waiting to be reaped or not (where /proc tells)
        return {pid for path in Path("/proc/self/task").glob("*/children") for pid in path.read_text().split()}

    def forked() -> tuple[str, incremental.Folders]:
        monkeypatch.setattr(incremental, "LOOK_APART_FROM", 2)
        # (pytest-xdist runs a thread of execnet's beside the tests, which paibang build never
        # has: the look is forked all the same here, its child stats files and pickles alone)
        monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)
        try:
            return inputs()
        finally:
            monkeypatch.setattr(incremental, "LOOK_APART_FROM", 10**9)

    alone = inputs()
    before = children()
    looked_here.clear()
    assert forked() == alone and looked_here == [3]  # the other three by the forked process
    # A folder of the forked half walked again (a file added): its new layout comes back.
    (content / "events" / f"{DEMOS[0]}-004" / "results" / "note.txt").write_text("补记", encoding="utf-8")
    alone = inputs()
    assert forked() == alone and "results/note.txt" in alone[1][f"{DEMOS[0]}-004"][2][1]
    # A forked process that fails (here: it cannot send what it found) leaves them to the build.
    monkeypatch.setattr(incremental.pickle, "dumps", lambda *args, **kwargs: 1 / 0)
    looked_here.clear()
    assert forked() == alone and looked_here == [3, 3]
    assert children() <= before  # none left behind
    (content / "events" / f"{DEMOS[0]}-004" / "results" / "note.txt").unlink()
    monkeypatch.undo()  # (pickle's own dumps again, and the hashed fixture's patches with it)
    monkeypatch.setattr(incremental, "RACY_NS", 0)
    monkeypatch.setattr(incremental, "LOOK_APART_FROM", 2)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)
    last = content / "events" / f"{DEMOS[1]}-005" / "event.yaml"  # in the second half
    last.write_text(last.read_text(encoding="utf-8").replace("第6届", "第60届", 1), encoding="utf-8")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and "第60届" in (out / "events" / f"{DEMOS[1]}-005/index.html").read_text(
        encoding="utf-8")
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_while_the_forked_process_looks_at_every_folder_the_build_imports_rendering(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With work of its own to do meanwhile (build.py's _import_rendering, in a fresh build
    process), the build leaves every folder to the forked process and does that work until the
    look is done: the findings are those of one process, and the work is asked, between two
    steps, whether the look is done, which it comes to be told."""
    from generator import build as building
    from generator.render import incremental

    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    known = incremental.PreviousBuild(out, next((tmp_path / "cache").glob("site-*.record"))).folders
    alone = incremental.build_inputs(content, False, False, known=known)
    looked_here: list[int] = []
    look_here = incremental._look_here
    monkeypatch.setattr(incremental, "_look_here", lambda events, names, known: looked_here.append(len(names))
                        or look_here(events, names, known))
    monkeypatch.setattr(incremental, "LOOK_APART_FROM", 2)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: see above)
    answers: list[bool] = []

    def meanwhile(looked: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 30
        while not looked() and time.monotonic() < deadline:
            answers.append(False)
            time.sleep(0.01)
        answers.append(looked())

    assert incremental.build_inputs(content, False, False, known=known, meanwhile=meanwhile) == alone
    assert looked_here == [0] and answers[-1] is True  # all six by the forked process, and it was told so
    # The build's own work: the modules one by one, none once the look is done.
    imported: list[str] = []
    monkeypatch.setattr(building.importlib, "import_module", imported.append)
    building._import_rendering(lambda: len(imported) == 2)
    assert imported == list(building.RENDERING[:2])


def test_a_fresh_build_reads_the_records_parts_while_the_other_core_looks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a large archive, a build that has not imported rendering yet (a fresh `paibang build`)
    reads the files the last build's record names beside it, then imports, while the forked
    process looks at every event folder: the record itself is all that is read before. The
    site is the one a fresh build makes."""
    from generator import build as building
    from generator.render import incremental

    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    change_one_results_file(content)
    done: list[object] = []
    read_parts, look_here = incremental.PreviousBuild.read_parts, incremental._look_here

    def parts_read(self: incremental.PreviousBuild) -> None:
        done.append(("parts", self._parts_read))
        read_parts(self)

    monkeypatch.setattr(incremental.PreviousBuild, "read_parts", parts_read)
    monkeypatch.setattr(incremental, "_look_here", lambda events, names, known: done.append(("look", len(names)))
                        or look_here(events, names, known))
    monkeypatch.setattr(building, "RENDERING", ("a module not imported yet",))  # as in a fresh process
    monkeypatch.setattr(building, "_import_rendering", lambda looked: done.append("imports"))
    monkeypatch.setattr(incremental, "LOOK_APART_FROM", 2)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: see above)
    report = build(content, out, cache_dir=cache, bulletins=False)
    # read once, meanwhile (the second ask finds them read); the build looked at no folder itself
    assert done == [("parts", False), "imports", ("look", 0), ("parts", True)] and report.events_rendered == 1
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_large_sites_files_are_checked_by_two_processes_when_nothing_else_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that finds its inputs unchanged looks at every file the last one wrote
    (PreviousBuild.unchanged); past CHECK_APART_FROM files, half of them in a forked process:
    a file edited in either half, or removed, is found as one process finds it, and rendered
    again."""
    from generator.render import incremental

    content = archive(tmp_path, 2)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: see above)
    monkeypatch.setattr(incremental, "CHECK_APART_FROM", 1)
    assert build(content, out, cache_dir=cache, bulletins=False).up_to_date
    record = next((tmp_path / "cache").glob("site-*.record"))

    def damaged(apart: int) -> set[str]:
        monkeypatch.setattr(incremental, "CHECK_APART_FROM", apart)
        previous = incremental.PreviousBuild(out, record)
        assert previous.unchanged(previous.data["inputs"]) is None
        return previous.damaged

    stamps = [relative for relative, _ in incremental.PreviousBuild(out, record)._stamps()]
    first, last = stamps[0], stamps[-1]  # one in each half
    (out / first).write_text("edited by hand", encoding="utf-8")
    (out / last).unlink()
    checked_here: list[int] = []
    check = incremental._not_as_written
    monkeypatch.setattr(incremental, "_not_as_written", lambda root, some: checked_here.append(len(some))
                        or check(root, some))
    assert damaged(1) == damaged(10**9) == {first, last}
    assert checked_here == [len(stamps) // 2, len(stamps)]  # the other half by the forked process
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert not report.up_to_date and (out / last).is_file()
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_the_look_is_forked_only_by_a_process_of_one_thread_on_several_cores() -> None:
    """_look_at_events forks only where nothing can be held for ever in the child: in a process
    of one thread (here a fresh one) that may run on several cores; never beside another thread."""
    from generator.render import incremental

    ask = "from generator.render.incremental import can_fork_alone; print(can_fork_alone())"
    alone = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.strip()
    assert alone == str(len(os.sched_getaffinity(0)) > 1)
    ready, stop = threading.Event(), threading.Event()
    beside = threading.Thread(target=lambda: (ready.set(), stop.wait()))
    beside.start()
    ready.wait()
    try:
        assert not incremental.can_fork_alone()
    finally:
        stop.set()
        beside.join()


def test_a_file_added_removed_or_put_in_a_new_folder_is_seen_without_listing_unchanged_folders(
        tmp_path: Path, hashed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """build_inputs looks at each file of an event folder by the name the last build recorded
    when the folder's stats are unchanged (render/incremental.py's _files_as_laid_out): a file
    added, removed or renamed changes its folder's stats, and the folder is walked again."""
    from generator.render import incremental

    content = archive(tmp_path, 3)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    walked: list[str] = []
    files = incremental._files

    def walking(folder: str, dirs: list | None = None, content: str | None = None):  # noqa: ANN202
        walked.append(folder)  # (an event folder's walk: its folders are _walk's)
        return files(folder, dirs, content)

    monkeypatch.setattr(incremental, "_files", walking)
    event = content / "events" / f"{DEMOS[1]}-001"
    steps = [(lambda: (event / "results" / "note.txt").write_text("补记", encoding="utf-8"), True),
             (lambda: (event / "results" / "note.txt").unlink(), True),
             (lambda: (event / "results" / "old").mkdir(), False),  # an empty folder: no file, no change
             (lambda: (event / "results" / "old" / "x.txt").write_text("旧", encoding="utf-8"), True),
             (lambda: (event / "results" / "old" / "x.txt").rename(event / "results" / "old" / "y.txt"), True)]
    for number, (step, changes) in enumerate(steps):
        before = incremental.build_inputs(content, False)
        step()
        walked.clear()
        report = build(content, out, cache_dir=cache, bulletins=False)
        assert [Path(folder).name for folder in walked] == [event.name], number  # the changed folder only
        assert report.events_rendered == (1 if changes else 0) and report.up_to_date is not changes, number
        assert (incremental.build_inputs(content, False) != before) is changes, number
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_build_lists_events_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """events/ is listed once in a build (content/snapshot.py's event_folders), though three
    steps ask for it (has anything changed, which events to read ahead, the site): 2,000 entries
    each time in a large archive. The listing is the build's: an event added meanwhile waits for
    the next build, whole."""
    content = archive(tmp_path, 3)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    events = os.path.abspath(content / "events")
    listed: list[str] = []
    scandir = os.scandir

    def listing(path: str | int = "."):  # noqa: ANN202
        if not isinstance(path, int):  # (rmtree lists by descriptor)
            listed.append(os.path.abspath(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", listing)
    change_one_results_file(content)
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1
    assert listed.count(events) == 1
    listed.clear()
    report = build(content, out, cache_dir=cache, bulletins=False)  # nothing changed
    assert report.up_to_date and listed.count(events) == 1


def test_an_event_gone_from_the_cache_is_hashed_from_what_is_read(tmp_path: Path, hashed: list[str]) -> None:
    """Its digest was taken from its files' stats; read again from content/, it is hashed from
    the very bytes that are parsed, before it is kept again."""
    content = archive(tmp_path, 3)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    for kept in (tmp_path / "cache/events").iterdir():
        kept.unlink()
    slug = change_one_results_file(content)
    hashed.clear()
    build(content, out, cache_dir=cache, bulletins=False)
    events = {path.split("/events/")[1].split("/")[0] for path in hashed if "/events/" in path}
    assert events == {f"{DEMOS[0]}-000", f"{DEMOS[1]}-001", f"{DEMOS[0]}-002"} and slug in events
    assert len(list((tmp_path / "cache/events").glob("*.summary.sealed"))) == 3


def test_a_page_replaced_by_a_link_is_never_carried_into_a_swapped_site(tmp_path: Path) -> None:
    """Most events changed: the new site is swapped in whole, each kept file linked into it. A
    kept page replaced by a symbolic link to a file elsewhere is rendered again, never linked."""
    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    secret = tmp_path / "secret.html"
    secret.write_text("not to be published", encoding="utf-8")
    kept = out / "events" / f"{DEMOS[1]}-003" / "index.html"
    good = kept.read_text(encoding="utf-8")
    kept.unlink()
    kept.symlink_to(secret)
    for number in range(3):  # three of the four events change
        results = sorted((content / "events" / f"{DEMOS[number % 2]}-{number:03d}" / "results").glob("*.yaml"))[0]
        results.write_text(results.read_text(encoding="utf-8") + "\n# again\n", encoding="utf-8")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert not report.in_place and not kept.is_symlink()
    assert kept.read_text(encoding="utf-8") == good
    assert "not to be published" not in {p.read_text(encoding="utf-8") for p in out.rglob("*.html")}


def test_a_large_sites_sitemap_is_split_and_rewritten_where_it_changed(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from xml.etree import ElementTree

    from generator.render import html

    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    small = build(content, out, cache_dir=cache, bulletins=False)
    one_file = ElementTree.parse(out / "sitemap.xml").getroot()
    every_page = {u.findtext("{*}loc") for u in one_file}
    assert one_file.tag.endswith("urlset") and len(every_page) == small.pages - 1  # all but the search page
    monkeypatch.setattr(html, "SITEMAP_URLS", 40)
    (out / "index.html").unlink()  # not up to date: built again, with sitemap files of 40 pages
    build(content, out, cache_dir=cache, bulletins=False)
    index = ElementTree.parse(out / "sitemap.xml").getroot()
    assert index.tag.endswith("sitemapindex")
    files = [loc.text.split("/example.org/paibang/")[-1] for loc in index.findall(".//{*}loc")]
    listed = []
    for path in files:
        urls = [u.findtext("{*}loc") for u in ElementTree.parse(out / path).getroot()]
        assert 0 < len(urls) <= 40, path
        listed += urls
    assert len(listed) == len(set(listed)) and set(listed) == every_page
    slug = change_one_results_file(content)
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert any(w.startswith(f"events/{slug}/") for w in report.written)
    # The same pages with the same dates, though rendered again: only the players' index's file.
    assert [path for path in files if path in report.written] == ["sitemaps/0.xml"]
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")
    shutil.rmtree(content / "events" / slug)  # its pages leave the sitemap file that listed them
    report = build(content, out, cache_dir=cache, bulletins=False)
    now = [loc.text.split("/example.org/paibang/")[-1]
           for loc in ElementTree.parse(out / "sitemap.xml").getroot().findall(".//{*}loc")]
    urls = [u.findtext("{*}loc") for path in now for u in ElementTree.parse(out / path).getroot()]
    assert urls and not any(f"events/{slug}/" in url for url in urls)
    rewritten = [path for path in now if path in report.written and path != "sitemaps/0.xml"]
    assert 0 < len(rewritten) < len(now) - 1
    build(content, tmp_path / "fresh2", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh2")


def test_who_is_who_is_matched_again_only_when_names_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The players' matching (render/players.py) is kept in the record of the build: a results
    file saved matches nobody again; a player's name changed does, and the site is as a fresh
    build makes it either way."""
    from generator.render import players

    matched: list[int] = []
    match = players._match
    monkeypatch.setattr(players, "_match", lambda results, inputs: matched.append(len(results)) or match(results, inputs))
    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert matched == [4]
    change_one_results_file(content)
    build(content, out, cache_dir=cache, bulletins=False)
    assert matched == [4]
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")
    event = content / "events" / f"{DEMOS[1]}-003" / "event.yaml"
    text = event.read_text(encoding="utf-8")
    name = text.split("players: [", 1)[1].split(",", 1)[0].strip()
    event.write_text(text.replace(f"players: [{name},", "players: [欧阳娜娜,", 1), encoding="utf-8")
    build(content, out, cache_dir=cache, bulletins=False)
    assert len(matched) == 3  # the fresh build's, and this one's
    assert "欧阳娜娜" in (out / "players/index.html").read_text(encoding="utf-8")
    shutil.rmtree(tmp_path / "fresh")
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other2/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_regulars_page_is_split_and_a_change_renders_the_page_that_lists_it(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A player of many events (a club's regular: hundreds of weekly sessions) has a page per
    PLAYER_EVENTS events, newest first; the first shows their totals. A results file of an old
    event renders again the page that lists it, not every page of every player in it."""
    from generator.render import html

    monkeypatch.setattr(html, "PLAYER_EVENTS", 2)
    content = archive(tmp_path, 6)  # each player is in three events
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    pages = sorted(out.glob("players/*/page-2/index.html"))
    assert pages and not list(out.glob("players/*/page-3"))
    first = pages[0].parent.parent / "index.html"
    text, second = first.read_text(encoding="utf-8"), pages[0].read_text(encoding="utf-8")
    assert text.count('<th role="rowheader" scope="row" class="wrap">') == 2 and second.count('<th role="rowheader" scope="row" class="wrap">') == 1
    assert "page-2/" in text and 'aria-current="page"' in second
    listed = re.findall(r"events/[a-z0-9-]+-(\d{3})/", text + second)
    assert [int(n) for n in dict.fromkeys(listed)] == sorted({int(n) for n in listed}, reverse=True)  # newest first
    slug = change_one_results_file(content)  # the oldest event of its players: on their second pages
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert not [w for w in report.written if w.startswith("players/") and w != "players/index.html"]  # no one moved
    event = content / "events" / slug / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("title: ", "title: 新", 1), encoding="utf-8")
    report = build(content, out, cache_dir=cache, bulletins=False)  # a title its players' rows show
    players = [w for w in report.written if w.startswith("players/") and w != "players/index.html"]
    assert players and all(w.endswith("/page-2/index.html") for w in players), players
    assert all(f"events/{slug}/" in (out / w).read_text(encoding="utf-8") for w in players)
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_rebuild_unpacks_the_record_of_the_parts_it_renders_again_only(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The record keeps each part packed (render/incremental.py's RecordedPages): a rebuild keeps
    the unchanged parts by their key and first file, and records them again as they were; only
    the parts rendered again have their files and pages unpacked (to find the files they no
    longer have). The next build reads the record as written and finds the site up to date."""
    from generator.render import html, incremental

    monkeypatch.setattr(html, "SITEMAP_URLS", 40)  # as a large site's: a small one's lists every page again
    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    unpacked: list[str] = []
    fields = incremental.RecordedPages._fields

    def spy(self: incremental.RecordedPages) -> list:
        if self._unpacked is None:
            unpacked.append(self.key)
        return fields(self)

    monkeypatch.setattr(incremental.RecordedPages, "_fields", spy)
    slug = change_one_results_file(content)
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.in_place and any(w.startswith(f"events/{slug}/") for w in report.written)
    record = next((tmp_path / "cache").glob("site-*.record"))
    now = incremental.PreviousBuild(out, record).events
    kept = {pages.key for pages in now.values()}
    assert unpacked and not set(unpacked) & kept  # each one unpacked was made anew
    assert len(now) > 3 * len(unpacked)
    assert f"events/{slug}/index.html" in now[slug].files  # the changed event's, unpacked when asked
    assert build(content, out, cache_dir=cache, bulletins=False).up_to_date
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_the_record_is_kept_in_files_a_rebuild_rewrites_few_of(tmp_path: Path) -> None:
    """The record of the last build names files beside it, each holding the parts whose names
    fall in one bucket, and who is who (render/incremental.py's PreviousBuild.save): a rebuild
    writes the files of the parts it rendered again and removes those no longer named; who is
    who is not written again while no name changes. A file of it lost makes the record as good
    as none: the next build renders everything, and makes what a fresh build makes."""
    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)

    def side_files() -> set[str]:
        return {path.name for path in (tmp_path / "cache").glob("site-*.record.*")}

    before = side_files()
    people = [name for name in before if ".people-" in name]  # who is who, each person's rows, who sits where
    assert len(people) == 3 and len(before) > 5
    change_one_results_file(content)
    build(content, out, cache_dir=cache, bulletins=False)
    after = side_files()
    written, removed = after - before, before - after
    assert written and len(written) == len(removed) and len(written) < len(before) / 2
    assert set(people) <= after
    lost = sorted(name for name in after if ".parts-" in name)[0]
    (tmp_path / "cache" / lost).unlink()
    (out / "index.html").unlink()  # not up to date: the record is read
    assert build(content, out, cache_dir=cache, bulletins=False).events_rendered == 4
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_large_event_saved_again_is_rendered_by_several_processes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """One event to render again, and none of its players' pages: rendered here when it is
    small; a mass event's pages (SPLIT_ENTRIES entries or more) are shared among the workers,
    as a full build shares them (a round saved in a 5,000-team event took longer than its full
    build, on one core)."""
    from generator import forking
    from generator.render import html

    pools: list[int] = []

    def counted(workers: int, initializer=None):  # noqa: ANN001, ANN202
        pools.append(workers)
        return forking.forked_pool(workers, initializer)

    monkeypatch.setattr(html, "forked_pool", counted)
    content = archive(tmp_path, 2)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    change_one_results_file(content)
    pools.clear()
    build(content, out, cache_dir=cache, bulletins=False)
    assert pools == []  # a small event alone: here
    monkeypatch.setattr(html, "SPLIT_ENTRIES", 2)
    monkeypatch.setattr(html.os, "cpu_count", lambda: 2)
    results = content / "events" / f"{DEMOS[0]}-000" / "results/prelim.yaml"
    results.write_text(results.read_text(encoding="utf-8") + "\n# again\n", encoding="utf-8")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert pools == [2] and report.events_rendered == 1
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def _recorded_waves():  # noqa: ANN202
    """A stand-in for html's forked_pool that notes each pool's tasks ("events" or "persons"),
    one list a wave, and the list of those lists."""
    from generator import forking

    if not forking.can_fork():
        pytest.skip("the platform does not fork: pages are rendered in one process")
    waves: list[list[str]] = []

    class Recorded:
        def __init__(self, workers: int, initializer=None) -> None:  # noqa: ANN001
            self.pool = forking.forked_pool(workers, initializer)
            self.tasks: list[str] = []
            waves.append(self.tasks)

        def submit(self, function, share):  # noqa: ANN001, ANN201
            self.tasks.append("events" if share[0] else "persons")
            return self.pool.submit(function, share)

        def shutdown(self, **options) -> None:  # noqa: ANN003
            self.pool.shutdown(**options)

    return waves, Recorded


def test_the_render_workers_are_forked_afresh_every_wave_and_the_site_is_the_same(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A large archive's pages are rendered in waves, each by workers forked afresh (a worker
    copies pages of the heap it inherits as it renders: at 2,000 events each grew by 30 MB): the
    events' pages WAVE_TASKS tasks a worker at a time, then the persons' pages in waves of their
    own. The site is the one a single wave renders, byte for byte."""
    from generator.render import html

    waves, Recorded = _recorded_waves()
    monkeypatch.setattr(html, "forked_pool", Recorded)
    monkeypatch.setattr(html.os, "cpu_count", lambda: 2)
    content = archive(tmp_path, 3)
    build(content, tmp_path / "one", cache_dir=tmp_path / "c1/pdf", bulletins=False)
    assert len(waves) == 1 and {"events", "persons"} <= set(waves[0])  # a small site: one wave
    waves.clear()
    monkeypatch.setattr(html, "WAVE_TASKS", 1)
    monkeypatch.setattr(html, "PERSON_TASK_ROWS", 1)  # a person a task, and (two workers) two rows a wave
    monkeypatch.setattr(html, "PERSON_WAVE_ROWS", 1)
    monkeypatch.setattr(html, "PERSON_WAVE_EVENTS", 0)  # (a few events' persons: else one wave, _few_events)
    build(content, tmp_path / "waves", cache_dir=tmp_path / "c2/pdf", bulletins=False)
    # the events' tasks, two a wave; then the persons' batches, two a wave, never mixed
    kinds = [set(tasks) for tasks in waves]
    assert all(len(tasks) <= 2 for tasks in waves) and all(len(kind) == 1 for kind in kinds)
    events = kinds.count({"events"})
    assert events >= 2 and kinds[:events] == [{"events"}] * events and len(kinds) - events >= 2
    assert digest(tmp_path / "waves") == digest(tmp_path / "one")


def test_a_mass_events_shares_are_rendered_in_one_wave_with_the_first_persons_pages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone event of SPLIT_ENTRIES entries or more (a mass event) is rendered in shares, the
    first of them larger (the event's own pages): the persons' first wave is rendered by the
    same workers, which take persons' pages once done with the event's shares, instead of
    waiting for the other workers' last share. The next persons' waves are forked afresh, and
    the site is the one a single wave renders, byte for byte."""
    from generator.render import html

    waves, Recorded = _recorded_waves()
    monkeypatch.setattr(html.os, "cpu_count", lambda: 2)
    content = archive(tmp_path, 1)
    build(content, tmp_path / "one", cache_dir=tmp_path / "c1/pdf", bulletins=False)
    monkeypatch.setattr(html, "forked_pool", Recorded)
    monkeypatch.setattr(html, "SPLIT_ENTRIES", 2)
    monkeypatch.setattr(html, "PERSON_TASK_ROWS", 1)  # a person a task, and (two workers) two rows a wave
    monkeypatch.setattr(html, "PERSON_WAVE_ROWS", 1)
    monkeypatch.setattr(html, "PERSON_WAVE_EVENTS", 0)  # (a few events' persons: else one wave, _few_events)
    build(content, tmp_path / "waves", cache_dir=tmp_path / "c2/pdf", bulletins=False)
    assert waves[0] == ["events"] * 2 + ["persons"] * 2  # the event's shares (one a worker), then persons
    assert len(waves) > 2 and all(tasks == ["persons"] * len(tasks) for tasks in waves[1:])
    assert digest(tmp_path / "waves") == digest(tmp_path / "one")


def test_a_page_left_out_when_linked_is_rendered_by_the_next_build(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A rebuild that keeps most parts looks at each one's first file only; when the site is then
    swapped whole, linking finds a page edited by hand deeper in a kept part and leaves that
    part out. The build is then not recorded as the whole site: the next one renders the part
    again (it did nothing, the pages missing, when the record said the site was up to date)."""
    from generator.render import output

    content = archive(tmp_path, 4)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    kept = sorted((out / "events" / f"{DEMOS[1]}-001").rglob("*.html"))[-1]  # not its part's first file
    good = kept.read_text(encoding="utf-8")
    kept.write_text("edited by hand", encoding="utf-8")
    change_one_results_file(content)
    with monkeypatch.context() as swap:
        swap.setattr(output, "in_place_possible", lambda *_: False)  # the whole site swapped in
        report = build(content, out, cache_dir=cache, bulletins=False)
    assert not report.in_place and not kept.exists()  # left out, not carried into the new site
    again = build(content, out, cache_dir=cache, bulletins=False)
    assert not again.up_to_date and kept.read_text(encoding="utf-8") == good
    assert build(content, out, cache_dir=cache, bulletins=False).up_to_date
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_serves_rebuilds_keep_the_jinja_environments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve's builder keeps each locale's Jinja environment (its templates loaded) between
    rebuilds while the code is the same: a rebuild after one results file was saved makes none
    again and reads no template file it read before, links the names as that build matched them, and holds
    nothing of a build's people once it is over."""
    import jinja2

    from generator.render import html

    content = archive(tmp_path, 4)
    out, cache, memory = tmp_path / "out", tmp_path / "cache/pdf", EventMemory()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    made, read = [], []
    environment, get_source = html.environment, jinja2.FileSystemLoader.get_source
    monkeypatch.setattr(html, "environment", lambda *args, **named: made.append(args) or environment(*args, **named))
    monkeypatch.setattr(jinja2.FileSystemLoader, "get_source",
                        lambda self, env, name: read.append(name) or get_source(self, env, name))
    for number in range(3):
        read.clear()
        save_again(content, number)
        report = build(content, out, cache_dir=cache, bulletins=False, memory=memory)
        assert report.events_rendered == 1 and made == []
        # (the first build rendered the events' pages in forked workers: the event's templates
        # are loaded into the builder's environments by its first rebuild, and kept from then on)
        assert read == [] or number == 0
    environments = [found for key, found in memory.rendering.items() if isinstance(key, tuple) and key[0] == "jinja"]
    assert environments and all(now.people() is None for _, now in environments)  # the last build's people let go
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_serves_rebuilds_make_again_only_the_changed_events_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve's builder keeps each event's key (render/incremental.py's event_key) with what it
    was made of: a rebuild after one results file was saved makes that event's key alone, and
    a new site.yaml (every page's shared part) makes them all again."""
    from generator.render import html

    content = archive(tmp_path, 4)
    out, cache, memory = tmp_path / "out", tmp_path / "cache/pdf", EventMemory()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    keyed: list[str] = []
    event_key = html.event_key
    monkeypatch.setattr(html, "event_key", lambda shared, result, *rest: keyed.append(result.event.slug)
                        or event_key(shared, result, *rest))
    save_again(content, 0)
    assert build(content, out, cache_dir=cache, bulletins=False, memory=memory).events_rendered == 1
    assert keyed == [f"{DEMOS[0]}-000"]
    keyed.clear()
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "\n# saved again\n", encoding="utf-8")
    assert build(content, out, cache_dir=cache, bulletins=False, memory=memory).events_rendered == 4
    assert sorted(keyed) == sorted(p.name for p in (content / "events").iterdir())
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_serves_rebuilds_key_again_only_the_changed_event_in_the_event_cache(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """serve's memory keeps each event folder's key in the event cache with what it was made
    of: a rebuild after one results file was saved hashes the key of that event alone."""
    import generator.event_cache as event_cache

    content = archive(tmp_path, 4)
    out, cache, memory = tmp_path / "out", tmp_path / "cache/pdf", EventMemory()
    build(content, out, cache_dir=cache, bulletins=False, memory=memory)
    keyed: list[str] = []
    key = event_cache.event_cache_key
    monkeypatch.setattr(event_cache, "event_cache_key", lambda code, folder, *rest: keyed.append(folder.name)
                        or key(code, folder, *rest))
    for number in range(2):
        keyed.clear()
        save_again(content, number)
        assert build(content, out, cache_dir=cache, bulletins=False, memory=memory).events_rendered == 1
        assert set(keyed) == {f"{DEMOS[0]}-000"}
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_serves_rebuilds_say_the_warnings_of_unchanged_events_without_reading_their_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """serve says every warning after every rebuild; those of the events it took from memory
    are said as the last build said them, their offending lines not read from their files again
    (the same words on the terminal), while a warning's file changed is read again."""
    from functools import partial

    from generator import errors
    from generator.commands.serve import Building

    content = archive(tmp_path, 2)  # (these two events say no warning)
    guandan = content / "events" / "tongxin-guandan-2025"
    shutil.copytree(ROOT / "content/events" / guandan.name, guandan)
    # the Swiss still being played (its last round and the knockout not yet drawn): a correction
    # after a draw is a warning while the stage is played, a quiet note once it is played out
    for later in ("round-5", "ko-round-1", "ko-round-2", "ko-round-3"):
        (guandan / "results" / f"{later}.yaml").unlink()
    first_round = guandan / "results/round-1.yaml"  # a result corrected after the next rounds were drawn: two warnings
    first_round.write_text(first_round.read_text(encoding="utf-8").replace(
        "deals: [T17+2, T17+1, T14+3", "deals: [T14+2, T14+1, T14+3", 1), encoding="utf-8")
    building = Building(content, tmp_path / "out", "en", partial(build, cache_dir=tmp_path / "cache/pdf", bulletins=False))
    lines: list[object] = []
    source_line = errors._source_line
    monkeypatch.setattr(errors, "_source_line", lambda mark: lines.append(mark) or source_line(mark))
    assert building.build_once() is None
    first = capfd.readouterr().err
    assert lines and "warning" in first
    lines.clear()
    save_again(content, 0)
    assert building.build_once() is None
    assert lines == [] and capfd.readouterr().err == first
    said = {str(mark.file) for mark in [p.mark for p, *_ in building.said.values()]}
    touched = Path(sorted(said)[0])
    touched.write_text(touched.read_text(encoding="utf-8") + "\n# saved again\n", encoding="utf-8")
    assert building.build_once() is None
    assert lines and all(mark.file.parent.parent == guandan for mark in lines)


def test_a_rebuild_keys_again_only_the_pages_of_players_of_a_changed_event(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Who is who unchanged (no name changed), a player none of whose events changed keeps the
    pages, and the keys, the last build recorded: only the players of the changed event have
    their pages' keys made again (from every event they list), and the site is as a fresh build
    makes it."""
    import json

    from generator.render import html

    keyed: list[str] = []  # the person of each player page keyed
    player_key = html.player_key
    monkeypatch.setattr(html, "player_key", lambda shared, identity, made_of: keyed.append(
        json.loads(identity.split("\0", 1)[0])[0][0]) or player_key(shared, identity, made_of))
    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    everyone = set(keyed)
    slug = change_one_results_file(content)
    keyed.clear()
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1
    in_the_event = {key for key in everyone
                    if f"events/{slug}/" in (out / "players" / key / "index.html").read_text(encoding="utf-8")}
    assert keyed and set(keyed) <= in_the_event < everyone  # the other demo's players: taken from the record
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_rebuild_unpickles_no_line_of_an_event_it_does_not_render(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Each event not read again is held as its line, packed (tournament/summary.py's
    LazySummary): what the build asks of every event (whether it has stages, its days, game,
    last day, its digests) is read from the packed line's head, so that a rebuild after one
    results file changed unpickles no line but those of the events it shows more of: the
    changed one, and the feed's newest (FEED_LIMIT, whatever the archive's size). 2,000 events'
    lines were unpickled eight times over (the reading, who is who, the archive, the feed, the
    search index's key). The site is as a fresh build makes it."""
    from generator.render import feed
    from generator.tournament import summary

    monkeypatch.setattr(summary, "LINES_HELD", 1)  # (as in a large archive: a line is held while it is asked)
    monkeypatch.setattr(feed, "FEED_LIMIT", 2)
    content = archive(tmp_path, 6)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    unpickled: list[str] = []
    unpack = summary.unpack_line
    monkeypatch.setattr(summary, "unpack_line", lambda packed: unpickled.append(unpack(packed).slug) or unpack(packed))
    slug = change_one_results_file(content)
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.in_place and report.events_rendered == 1
    in_feed = set(re.findall(r"events/([^/]+)/", (out / "feed.xml").read_text(encoding="utf-8")))
    assert len(in_feed) <= 2 and set(unpickled) <= {slug, *in_feed}, unpickled
    monkeypatch.setattr(summary, "unpack_line", unpack)
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


def test_a_packed_line_reads_back_as_its_line(tmp_path: Path) -> None:
    """A line packed with its head (summary.pack_line) reads back field for field, and its head
    answers as the line does: days, first and last day, game, whether it has stages, its
    digests and whether its bulletins were planned; a line without days, or with digests that
    are not sha256s, too."""
    import datetime as dt

    from generator.tournament import summary

    card = summary.ArchiveCard("complete", True, ("瑞士制", 7, 7), (summary.Champion("D01", "甲", "甲", "张三 / 李四"),))
    line = summary.SummaryLine("a-2016", "/x/a-2016", "daguai", (dt.date(2016, 8, 19), dt.date(2016, 8, 20)), None, True,
                               dt.date(2016, 8, 21), "1" * 64, "2" * 64, "ab" * 32, "cd" * 32, None, "第1届", None, "某工会",
                               "俱乐部", 16, card)
    odd = line._replace(dates=(), last_day=None, has_stages=False, names="", card="not a digest", game="游戏",
                        bulletins=[("b", "t", ("latin",), "k", "abc")])
    for each in (line, odd):
        packed = summary.pack_line(each)
        assert summary.unpack_line(packed) == each
        lazy = summary.LazySummary(packed, None, "key", Path(each.folder))  # type: ignore[arg-type]
        assert (lazy.names, lazy.credits_key, lazy.card, lazy.placings) == (
            each.names, each.credits_key, each.card, each.placings)
        assert (lazy.event.dates, lazy.event.game, lazy.event.has_stages) == (list(each.dates), each.game, each.has_stages)
        assert summary.last_day(lazy) == each.last_day
        assert summary.first_day(lazy) == (each.dates[0] if each.dates else None)
        assert summary.bulletins_planned(packed) == (each.bulletins is not None)


def test_a_line_of_more_days_than_65535_is_packed_and_reads_back() -> None:
    """An event.yaml may list any number of dates (nothing refuses 70,000): its line is packed
    (summary.pack_line) and reads back, head and all, where a 16-bit count of days stopped the
    build with struct.error."""
    import datetime as dt

    from generator.tournament import summary

    days = tuple(dt.date(1900, 1, 1) + dt.timedelta(days=n) for n in range(70_000))
    line = summary.SummaryLine("a-2016", "/x/a-2016", "daguai", days, None, True, days[-1], "1" * 64, "2" * 64,
                               "ab" * 32, "cd" * 32, None, "第1届", None, "某工会", "俱乐部", 16, None)
    packed = summary.pack_line(line)
    assert summary.unpack_line(packed) == line
    lazy = summary.LazySummary(packed, None, "key", Path(line.folder))  # type: ignore[arg-type]
    assert (summary.first_day(lazy), summary.last_day(lazy), lazy.event.game) == (days[0], days[-1], "daguai")
    assert lazy.event.dates == list(days) and lazy.names == "1" * 64


def test_the_folders_recorded_tell_apart_every_name_a_system_may_give_a_folder() -> None:
    """Folders (and a packed layout) hold each folder's name as itself: "é" and the two lone
    surrogates "\udcc3\udca9" (names Windows lets folders have; on POSIX, the escapes of a name
    that is not UTF-8) are two folders, each found as its own entry, and a name with a
    surrogate outside the escapes' range is held too, where it was refused (UnicodeEncodeError)."""
    from generator.render import incremental

    folders = incremental.Folders()
    names = ["é", "\udcc3\udca9", "a\ud800b"]
    for number, name in enumerate(names):
        layout = ((("", (1, 2, 3)), (f"{name}/x", (4, 5, 6))), (f"{name}/x/event.yaml", "results/r1.yaml"))
        folders.put(name, bytes([number]) * 32, bytes([10 + number]) * 32, incremental._packed_layout(layout))
    again = incremental.Folders(folders.recorded())
    for number, name in enumerate(names):
        signature, digest, layout = again[name]
        assert (signature, digest) == (bytes([number]) * 32, bytes([10 + number]) * 32), name
        assert layout == ((("", (1, 2, 3)), (f"{name}/x", (4, 5, 6))), (f"{name}/x/event.yaml", "results/r1.yaml"))


def test_a_folder_dated_past_2262_is_looked_at_anew_not_a_stop(tmp_path: Path) -> None:
    """An event's folder whose time lies past 2262 (more nanoseconds than a signed 64-bit number
    holds: `touch -d 2300-01-01`) is looked at and hashed as any (its layout packed:
    render/incremental.py's _packed_layout), where struct.error stopped the build; times before
    1970 read back as they were."""
    from generator.render import incremental

    content = archive(tmp_path, 2)
    results = next((content / "events").iterdir()) / "results"
    far = 10_400_000_000 * 10**9  # (2299)
    os.utime(results, ns=(far, far))
    with incremental.one_reading():
        found = incremental.Folders()
        inputs = incremental.build_inputs(content, False, found=found)
    with incremental.one_reading():
        assert incremental.build_inputs(content, False) == inputs
    layout = (((".", (-5, 7, 2**64 - 1)), ("results", (far, far, 3))), ("event.yaml",))
    back = incremental._unpacked_layout(incremental._packed_layout(layout))
    assert back[1] == layout[1] and back[0][0] == layout[0][0] and back[0][1] != layout[0][1]


def test_a_rebuild_takes_the_recorded_entries_of_the_folders_found_as_recorded(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The event folders whose files are as the last build recorded them keep the record's
    entries, taken whole (render/incremental.py's Folders.take_recorded): none is looked up and
    put again one by one; the folder changed is put anew, its old entry left unused in the
    record's bytes until they are a quarter unused, then packed anew. A folder removed since:
    each is put one by one, and the removed one's entry is gone. Each time, the entries are
    those of a look at every folder afresh."""
    from generator.render import incremental

    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: their stats recorded all the same)
    content = archive(tmp_path, 6)
    events = content / "events"

    def look(known: incremental.Folders | None) -> incremental.Folders:
        with incremental.one_reading():
            found = incremental.Folders()
            incremental.build_inputs(content, False, known=known, found=found)
        return incremental.Folders(found.recorded())  # as the next build reads it

    recorded = look(None)
    put: list[str] = []
    put_one = incremental.Folders.put
    monkeypatch.setattr(incremental.Folders, "put", lambda self, name, *rest: put.append(name) or put_one(self, name, *rest))
    prelim = events / f"{DEMOS[0]}-000" / "results/prelim.yaml"
    for number in range(12):  # saved again and again: the unused bytes grow, and are let go
        prelim.write_text(prelim.read_text(encoding="utf-8") + f"\n# {number}\n", encoding="utf-8")
        put.clear()
        again = look(recorded)
        assert put == [f"{DEMOS[0]}-000"]
        assert again == look(None) and len(again) == 6
        keys, at, data, unused = again.recorded()
        assert unused <= len(data) // 4
        recorded = again
    shutil.rmtree(events / f"{DEMOS[1]}-005")
    put.clear()
    after = look(recorded)
    assert len(put) == 5 and len(after) == 5 and after.get(f"{DEMOS[1]}-005") is None
    assert after == look(None)


def test_two_event_folders_linked_to_one_folder_are_two_events_in_every_rebuild(tmp_path: Path) -> None:
    """An event folder that is a link to another (one event published under two slugs) is an
    event of its own: its cache key and its pages' key carry its slug. With one key for both,
    the second build of unchanged content stopped ("No such file or directory" in the new tree)
    and the third left the first event with its bulletins alone."""
    content = archive(tmp_path, 2)
    (content / "events" / "linked").symlink_to(content / "events" / f"{DEMOS[0]}-000", target_is_directory=True)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    for step in range(3):
        if step == 2:
            change_one_results_file(content)
        build(content, out, cache_dir=cache, bulletins=False)
        for slug in (f"{DEMOS[0]}-000", "linked"):
            page = (out / "events" / slug / "index.html").read_text(encoding="utf-8")
            assert f"events/{slug}/entries/" in page, (step, slug)
        fresh = tmp_path / f"fresh-{step}"
        build(content, fresh, cache_dir=tmp_path / f"other-{step}/pdf", bulletins=False)
        assert digest(out) == digest(fresh), step


def test_the_persons_first_wave_joins_the_events_lone_wave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the events' pages are one wave (a few hundred events at most), the persons' first
    wave is rendered by its workers, which take persons' pages once done with the events,
    instead of two workers forked anew after them; the next persons' waves are forked afresh
    (each at most a wave's rows), and the site is the one a single wave renders, byte for byte."""
    from generator.render import html

    waves, Recorded = _recorded_waves()
    monkeypatch.setattr(html.os, "cpu_count", lambda: 2)
    content = archive(tmp_path, 3)
    build(content, tmp_path / "one", cache_dir=tmp_path / "c1/pdf", bulletins=False)
    monkeypatch.setattr(html, "forked_pool", Recorded)
    monkeypatch.setattr(html, "PERSON_TASK_ROWS", 1)  # a person a task, and (two workers) two rows a wave
    monkeypatch.setattr(html, "PERSON_WAVE_ROWS", 1)
    monkeypatch.setattr(html, "PERSON_WAVE_EVENTS", 0)  # (a few events' persons: else one wave, _few_events)
    build(content, tmp_path / "waves", cache_dir=tmp_path / "c2/pdf", bulletins=False)
    assert waves[0] == ["events"] * 3 + ["persons"] * 2  # the events' tasks, then the persons' first wave
    assert len(waves) > 2 and all(tasks == ["persons"] * len(tasks) and len(tasks) <= 2 for tasks in waves[1:])
    assert digest(tmp_path / "waves") == digest(tmp_path / "one")


def test_a_users_file_at_a_new_pages_path_after_a_kill_is_left_and_said(tmp_path: Path) -> None:
    """Killed before a new page was put in place (its folder made): a file the user put there
    since is theirs, not the killed build's page, and a roll-back leaves it, named (rev63)."""
    output, staging, fresh, gone = two_sites(tmp_path)
    script = KILLED.format(root=str(ROOT), place=str(output.parent.resolve()), after=2, unlink="", staging=str(staging), output=str(output),
                           fresh=fresh, gone=gone)
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert (output / "events/new").is_dir() and not (output / "events/new/index.html").exists()
    (output / "events/new/index.html").write_text("my own page")
    (output / "events/new/notes.txt").write_text("my notes")
    said: list[tuple[str, dict]] = []
    recover_leftovers(output, lambda key, params: said.append((key, params)))
    assert (output / "events/new/index.html").read_text() == "my own page"
    assert (output / "events/new/notes.txt").read_text() == "my notes"
    assert (output / "events/e1/index.html").read_text() == "old 1"  # the rest rolled back
    assert [key for key, _ in said] == ["rollback_kept_foreign"]
    assert said[0][1]["paths"]["en"] == "events/new/index.html"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"]


KILLED_BUILD = """
import os, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.build import build
from generator.render import output as out
calls = [0]
replace = os.replace
def dying(a, b):
    # killed once a few files of the site went in place under the journal
    if os.fspath(b).startswith({output!r} + "/"):
        if calls[0] == 3:
            os._exit(9)  # as SIGKILL: no handler runs
        calls[0] += 1
    replace(a, b)
out.os.replace = dying
build(Path({content!r}), Path({output!r}), cache_dir=Path({cache!r}), bulletins=False)
"""


def users_site(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A site built once with the user's own things in it (a .git, a CNAME, photos/), then a new
    event added and the site's title changed: the next build puts a whole new site in place."""
    from tests.test_never_destroy import small_site

    content = small_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    (out / ".git").mkdir()
    (out / ".git/HEAD").write_text("ref: refs/heads/main\n")
    (out / "CNAME").write_text("scores.example.org\n")
    (out / "photos").mkdir()
    (out / "photos/final.jpg").write_bytes(b"a photo")
    build(content, out, cache_dir=cache, bulletins=False)  # (recorded with them in it)
    shutil.copytree(content / "events/e1", content / "events/zz-new-2025")
    (content / "site.yaml").write_text((content / "site.yaml").read_text(encoding="utf-8").replace("title: ", "title: 新", 1),
                                       encoding="utf-8")
    return content, out, cache


def killed_mid_journal(content: Path, out: Path, cache: Path) -> None:
    script = KILLED_BUILD.format(root=str(ROOT), content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert any(p.name.startswith("out.journal-") for p in out.parent.iterdir())


def test_clean_after_a_build_killed_mid_journal_rolls_back_and_removes_the_site(tmp_path: Path) -> None:
    """The record set aside by the killed build is put back once its journal is rolled back and
    the site is the one it describes: clean removes paibang's files, the user's stay (rev63)."""
    content, out, cache = users_site(tmp_path)
    killed_mid_journal(content, out, cache)
    done = run_cli(["clean", "--output", str(out)], tmp_path, cache)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out"]
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".paibang")) == [".git", "CNAME", "photos"]


def test_the_build_after_one_killed_mid_journal_leaves_the_users_folders_where_they_are(tmp_path: Path) -> None:
    """Rolled back, the record put back: the next build goes in place again, the user's .git the
    same folder (not made anew by a swap and its files linked into it), nothing named as perhaps
    an old page of paibang's (rev63)."""
    content, out, cache = users_site(tmp_path)
    git = (out / ".git").stat().st_ino
    killed_mid_journal(content, out, cache)
    said: list[str] = []
    report = build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert report.in_place and (out / ".git").stat().st_ino == git
    assert "output_kept_unrecorded" not in said and "output_unproven" not in said
    assert "新" in (out / "index.html").read_text(encoding="utf-8") and (out / "events/zz-new-2025").is_dir()
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert {k: v for k, v in digest(out).items() if not k.startswith((".git", "CNAME", "photos"))} == digest(tmp_path / "fresh")


def run_cli(args: list[str], cwd: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PAIBANG_CACHE": str(cache)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


KILLED_BEFORE_JOURNAL = """
import os, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.build import build
from generator.render import output as out
write_sealed = out.write_sealed
def dying(path, *args, **kwargs):
    if path.name == ".journal":  # killed while the journal is written, before it is named
        os._exit(9)  # as SIGKILL: no handler runs
    return write_sealed(path, *args, **kwargs)
out.write_sealed = dying
build(Path({content!r}), Path({output!r}), cache_dir=Path({cache!r}), bulletins=False)
"""


def test_a_build_killed_before_its_journal_is_named_keeps_the_site_and_its_record(tmp_path: Path) -> None:
    """Killed before its journal is named, output/ untouched: its record is still where the next
    build reads it, which goes in place (the user's .git the same folder), says nothing of files
    kept unrecorded, and tidies the killed build's backup and staging folders. Set aside before
    the journal was named, the record was lost: the next build swapped the whole site (rev64)."""
    content, out, cache = users_site(tmp_path)
    git, before = (out / ".git").stat().st_ino, digest(out)
    script = KILLED_BEFORE_JOURNAL.format(root=str(ROOT), content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert digest(out) == before
    left = sorted(p.name.rpartition("-")[0] for p in tmp_path.iterdir() if p.name.startswith("out."))
    assert left == ["out.old", "out.tmp"]  # the killed build's backup and staging folders
    records = [p.name for p in cache.parent.rglob("*") if ".record" in p.name]
    assert records and not [name for name in records if name.endswith(".aside")], records
    said: list[str] = []
    report = build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert report.in_place and (out / ".git").stat().st_ino == git
    assert "output_kept_unrecorded" not in said and "output_unproven" not in said
    assert "\u65b0" in (out / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out"]
