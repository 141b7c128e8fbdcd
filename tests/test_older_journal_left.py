"""A file at a path where an older paibang's killed build may have left a new page (its journal
named no inode), holding exactly the page the next build writes there: that journal proves
nothing of whose file it is (the user's own copy of the page, put back from a backup with its
times, holds the same bytes). So the build leaves it as it is and its record does not name it:
no later build removes or changes it (taken as paibang's, it was recorded, then deleted with the
event taken away). Said once, with the command that removes it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import _record_name, build
from generator.render.incremental import PreviousBuild
from generator.render.output import OutputRefused
from tests.test_older_journal import killed_under_an_older_journal


def test_a_file_an_older_journal_named_is_left_unrecorded_and_never_removed(tmp_path: Path) -> None:
    content, out, cache, new = killed_under_an_older_journal(tmp_path)
    page = out / "events/zz-new-2025/index.html"
    found = page.stat()
    said: list[tuple[str, dict]] = []
    build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append((key, params)))
    assert [key for key, _ in said] == ["rollback_kept_older", "output_taken_older"]
    assert (page.stat().st_ino, page.stat().st_mtime_ns) == (found.st_ino, found.st_mtime_ns)  # left as it is
    wrote = PreviousBuild(out, cache.parent / _record_name(out)).wrote()
    assert wrote and not set(new) & wrote  # none of them named as paibang's
    command = said[1][1].get("command", "")
    said.clear()
    assert build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append((key, params))
                 ).up_to_date and said == []  # said once
    shutil.rmtree(content / "events/zz-new-2025")  # the event taken away: paibang's pages of it go
    build(content, out, cache_dir=cache, bulletins=False)
    assert page.is_file() and page.stat().st_ino == found.st_ino  # not paibang's to remove
    assert all((out / relative).is_file() for relative in new)
    assert str(page) in command  # (said with what to do, if it is not the user's)


def test_other_bytes_written_there_later_stop_the_build_and_name_the_file(tmp_path: Path) -> None:
    content, out, cache, new = killed_under_an_older_journal(tmp_path)
    build(content, out, cache_dir=cache, bulletins=False)
    page = out / "events/zz-new-2025/index.html"
    before = page.read_bytes()
    event = content / "events/zz-new-2025/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("name: ", "name: X", 1), encoding="utf-8")
    with pytest.raises(OutputRefused) as refused:
        build(content, out, cache_dir=cache, bulletins=False)
    assert refused.value.reason == "output_clash"
    assert "events/zz-new-2025/index.html" in refused.value.params["paths"]["en"]
    assert page.read_bytes() == before


@pytest.mark.parametrize("edit", ["comment", "another event"])
def test_later_builds_leave_the_identical_file_as_it_is_without_a_clash(tmp_path: Path, edit: str) -> None:
    # The `.older` note goes once a build records the site: the record itself keeps the files
    # left (rev75: every later build stopped on output_clash naming the user's identical pages).
    content, out, cache, new = killed_under_an_older_journal(tmp_path)
    build(content, out, cache_dir=cache, bulletins=False)
    page = out / "events/zz-new-2025/index.html"
    found = page.stat()
    if edit == "comment":
        event = content / "events/zz-new-2025/event.yaml"
        event.write_text(event.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    else:
        other = next(p for p in sorted((content / "events").iterdir()) if p.name != "zz-new-2025") / "event.yaml"
        other.write_text(other.read_text(encoding="utf-8").replace("name: ", "name: Q", 1), encoding="utf-8")
    said: list[tuple[str, dict]] = []
    for _ in range(2):  # (and the build after it: the record still says they were left)
        report = build(content, out, cache_dir=cache, bulletins=False,
                       notify=lambda key, params: said.append((key, params)))
        assert said == []  # said once, by the first build
        assert (page.stat().st_ino, page.stat().st_mtime_ns) == (found.st_ino, found.st_mtime_ns)
        wrote = PreviousBuild(out, cache.parent / _record_name(out)).wrote()
        assert wrote and not set(new) & wrote
        other = next(p for p in sorted((content / "events").iterdir()) if p.name != "zz-new-2025") / "event.yaml"
        other.write_text(other.read_text(encoding="utf-8").replace("name: ", "name: R", 1), encoding="utf-8")
    assert not report.up_to_date
    fresh = tmp_path / "fresh"
    build(content, fresh, cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert all((out / relative).read_bytes() == (fresh / relative).read_bytes() for relative in new)
    shutil.rmtree(content / "events/zz-new-2025")  # the event taken away: the user's copies stay
    build(content, out, cache_dir=cache, bulletins=False)
    assert page.is_file() and page.stat().st_ino == found.st_ino


def test_a_left_file_the_user_removed_is_written_again_at_the_next_build(tmp_path: Path) -> None:
    """The user runs the rm the note gave (or removes one page): nothing changed in content/,
    and the site was "up to date" with the page missing for good, the home page linking to it
    (rev77). It is written at the next build, recorded as paibang's."""
    content, out, cache, new = killed_under_an_older_journal(tmp_path)
    build(content, out, cache_dir=cache, bulletins=False)
    page = out / "events/zz-new-2025/index.html"
    page.unlink()
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert not report.up_to_date and page.is_file()
    previous = PreviousBuild(out, cache.parent / _record_name(out))
    assert "events/zz-new-2025/index.html" in previous.wrote()
    assert "events/zz-new-2025/index.html" not in previous.left
    assert build(content, out, cache_dir=cache, bulletins=False).up_to_date
