"""A save into a round's file that has a second name, a hard link (`ln`, `cp -l`: a round shared
by two events so), rev96 D4. The desk's write replaces the file by a rename (a reader sees the
old text or the new, a power cut keeps what was said saved), which split the two names unsaid:
the other kept the old results. Held when the other name is in content/, said with it and the
fixes (the other name a symbolic link, which the desk saves through; or this file a copy of its
own), nothing written; it lands once the file has one name there. A name outside content/ (a
backup, `cp -al content /srv/backup`) holds nothing: the save lands by the rename, the backup
keeping the text it was made with (rev99 D1). A second name that `paibang pair` left, stopped
between linking its temporary file into place and removing it, is said as that (rev99 D2)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.test_desk import Running, audit_lines, content, drawn, post, round4, running  # noqa: F401 - (fixtures)


def _said(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split("<main>")[-1]))


def test_a_save_into_a_round_file_with_a_second_name_in_content_is_held_and_said_not_split(  # noqa: F811
        running: Running, content: Path, capfd) -> None:  # noqa: F811, ANN001
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    (content / "events" / "other" / "results").mkdir(parents=True)
    other = content / "events" / "other" / "results" / "round-4.yaml"
    os.link(path, other)
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    said = _said(html)
    assert status == 503 and 'value="A"' in html, said[:400]  # held, what was typed kept
    # "has another name in content/, events/other/results/round-4.yaml"
    assert "round-4.yaml \u5728 content/ \u91cc\u8fd8\u6709\u53e6\u4e00\u4e2a\u6587\u4ef6\u540d " \
           "content/events/other/results/round-4.yaml" in said, said[:600]
    terminal = capfd.readouterr().err  # (the secretary's terminal: what, and the fixes)
    assert "[desk-results-hard-linked]" in terminal and "ln -sf" in terminal and "mv round-4.yaml.new" in terminal, terminal
    # nothing written: one file still, under both names, and no audit line
    assert path.read_text(encoding="utf-8") == text == other.read_text(encoding="utf-8")
    assert os.stat(path).st_ino == os.stat(other).st_ino
    assert not audit_lines(content)
    held = running.desk.tokens.held("main/4/2")
    assert held is not None and "[desk-results-hard-linked]" in held["problem"], held
    other.unlink()  # the fix for a name not wanted: one name left
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, _said(html)[:400]
    assert re.search(r"levels: \{T04: A, T06: 5\}", path.read_text(encoding="utf-8"))
    assert [line["table"] for line in audit_lines(content)] == [2]


def test_a_save_into_a_round_file_whose_second_name_is_a_backup_outside_content_lands(  # noqa: F811
        running: Running, content: Path, tmp_path: Path) -> None:  # noqa: F811
    """`cp -al content /srv/backup` gives every file of content/ a second name: every save of the
    event was held from then on. The save lands; the backup keeps the text it was made with."""
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    backup = tmp_path / "backup" / "round-4.yaml"
    backup.parent.mkdir()
    os.link(path, backup)
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, _said(html)[:600]
    assert re.search(r"levels: \{T04: A, T06: 5\}", path.read_text(encoding="utf-8"))
    assert backup.read_text(encoding="utf-8") == text  # the backup as it was made
    assert os.stat(path).st_nlink == 1  # (the round's file one name again: the next save scans nothing)
    assert [line["table"] for line in audit_lines(content)] == [2]


def test_a_second_name_left_by_a_stopped_pair_is_said_as_that_and_deleting_it_is_the_fix(  # noqa: F811
        running: Running, content: Path, capfd) -> None:  # noqa: F811, ANN001
    """`pair` links its temporary file into place (never over a round's file written meanwhile:
    seals._put_new), then removes it: stopped between the two, the temporary stays, a second
    name the secretary never made. Said as what it is, its deletion the fix, not `ln -sf`."""
    path = round4(content)
    leftover = path.with_name(f"{path.name}.tmp-4242-139871")
    os.link(path, leftover)
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    said = _said(html)
    assert status == 503 and 'value="A"' in html, said[:400]
    assert "round-4.yaml.tmp-4242-139871" in said and "paibang pair" in said, said[:800]
    terminal = capfd.readouterr().err
    assert "[desk-results-pair-leftover]" in terminal and "ln -sf" not in terminal, terminal
    assert "rm content/events/tumu-guandan-2020/results/round-4.yaml.tmp-4242-139871" in terminal, terminal
    assert not audit_lines(content)
    leftover.unlink()
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, _said(html)[:400]
    assert [line["table"] for line in audit_lines(content)] == [2]


def test_a_leftover_is_named_after_the_file_written_not_the_link_saved_through(tmp_path: Path) -> None:
    """A round saved through a link of another name (events/b/results/round1.yaml ->
    ../../a/results/r1.yaml): pair's leftover beside the file written, r1.yaml.tmp-…, was taken
    for an ordinary second name, its hint `ln -sf` (rev101 D2)."""
    from generator.desk.app import hard_linked

    site = tmp_path / "content"
    written = site / "events" / "a" / "results" / "r1.yaml"
    link = site / "events" / "b" / "results" / "round1.yaml"
    leftover = written.with_name("r1.yaml.tmp-123-456")
    assert hard_linked(link, leftover, site, written).code == "desk-results-pair-leftover"
    assert hard_linked(link, leftover, site).code == "desk-results-hard-linked"  # (as it was said)


def test_a_save_into_a_round_file_whose_second_name_no_reading_reads_lands(  # noqa: F811
        running: Running, content: Path) -> None:  # noqa: F811
    """A secretary's backup by `ln` inside content/, where the loader never reads it
    (content/notes/round-4.yaml.bak; results/round-4.yaml.bak, which results/ lists but the
    loader passes over): every save was held (desk-results-hard-linked). Saved by the rename,
    the backup keeping its old text, as for a name outside content/."""
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    (content / "notes").mkdir()
    backups = [content / "notes" / "round-4.yaml.bak", path.with_name("round-4.yaml.bak")]
    for backup in backups:
        os.link(path, backup)
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, _said(html)[:600]
    assert re.search(r"levels: \{T04: A, T06: 5\}", path.read_text(encoding="utf-8"))
    assert [backup.read_text(encoding="utf-8") for backup in backups] == [text, text]
    assert [line["table"] for line in audit_lines(content)] == [2]


def test_a_second_name_the_build_reads_through_a_link_is_still_held(  # noqa: F811
        running: Running, content: Path) -> None:  # noqa: F811
    """The backup's name read all the same: another event's results file a symbolic link to it
    (events/other/results/round-4.yaml -> ../../../notes/round-4.yaml.bak). The build reads the
    old text there after a save: held, said by the name the build reads it by."""
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    (content / "notes").mkdir()
    os.link(path, content / "notes" / "round-4.yaml.bak")
    (content / "events" / "other" / "results").mkdir(parents=True)
    (content / "events" / "other" / "results" / "round-4.yaml").symlink_to("../../../notes/round-4.yaml.bak")
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 503, _said(html)[:400]
    assert "content/events/other/results/round-4.yaml" in _said(html), _said(html)[:600]
    assert path.read_text(encoding="utf-8") == text and not audit_lines(content)


def _one_round_site(tmp_path: Path) -> tuple[Path, Path, Path]:
    """content/ with one event's round 1 written: the site, its results folder, the round's file."""
    site = tmp_path / "content"
    results = site / "events" / "a" / "results"
    results.mkdir(parents=True)
    (site / "site.yaml").write_text("title: t\n", encoding="utf-8")
    round_file = results / "round-1.yaml"
    round_file.write_text("stage: main\ntables: []\n", encoding="utf-8")
    return site, results, round_file


def _folders_listed(monkeypatch, named) -> list[str]:  # noqa: ANN001
    """The folders the desk's scan lists from now on, each as `named` gives it."""
    from generator.desk import app

    listed: list[str] = []
    scandir = os.scandir

    def listing(path):  # noqa: ANN001, ANN202
        listed.append(named(path))
        return scandir(path)

    monkeypatch.setattr(app.os, "scandir", listing)
    return listed


def test_the_scan_for_a_second_name_walks_no_folder_the_loader_skips(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """other_name walked every folder of content/: .git (its objects, thousands of them in a
    site kept in git), the desk's .paibang-desk, a notes/ folder, an event's own .git. It walks
    what the loader reads; a second name in those is no reading's, and none."""
    from generator.desk import app

    site, results, round_file = _one_round_site(tmp_path)
    skipped = [site / ".git" / "objects", site / ".paibang-desk", site / "notes", site / "events" / "a" / ".git"]
    for folder in skipped:
        folder.mkdir(parents=True)
        (folder / "x").write_text("", encoding="utf-8")
    os.link(round_file, site / ".git" / "objects" / "round-1.yaml")
    os.link(round_file, site / "events" / "a" / ".git" / "round-1.yaml")
    listed = _folders_listed(monkeypatch, os.fspath)
    assert app.other_name(site, round_file) is None
    assert not [path for path in listed if any(path.startswith(str(folder)) for folder in skipped)], listed
    assert str(results) in listed
    os.link(round_file, results / "round-1-copy.yml")  # one the loader reads: found
    assert app.other_name(site, round_file) == results / "round-1-copy.yml"


@pytest.mark.parametrize("link", ["results out of content", "an event's folder leading up"])
def test_the_scan_for_a_second_name_lists_no_folder_leading_out_of_the_event_or_content(
        tmp_path: Path, monkeypatch, link: str) -> None:  # noqa: ANN001
    """A results folder linked out of content/ was listed all the same (`A and B or C` read as
    `(A and B) or C`: a dead mount there waits for ever), and a folder of an event's linked up
    (events/b/up -> ../..) had the scan walk all of content/, a backup in content/notes/ found
    through it and every save held. Neither is a folder the loader reads a file of an event's in
    (results/ out of content/ is file-outside-content; a file event.yaml names out of the event's
    folder, file-outside-event): not listed."""
    from generator.desk import app

    site, results, round_file = _one_round_site(tmp_path)
    (site / "events" / "b").mkdir()
    if link == "results out of content":
        (tmp_path / "mount").mkdir()
        os.link(round_file, tmp_path / "mount" / "round-1.yaml")
        (site / "events" / "b" / "results").symlink_to(tmp_path / "mount")
    else:
        (site / "events" / "b" / "up").symlink_to("../..")
        (site / "notes").mkdir()
        os.link(round_file, site / "notes" / "round-1.yaml.bak")
    listed = _folders_listed(monkeypatch, os.path.realpath)
    assert app.other_name(site, round_file) is None
    events = site.resolve() / "events"
    assert sorted(listed) == sorted(os.path.normpath(events / name) for name in ("", "a", "a/results", "b")), listed
