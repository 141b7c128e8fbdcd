"""An event's results folder that is a link inside content/ (a club's rounds kept in
content/shared-results, the event's results/ a link to them: the loader reads and the desk writes
through it): a hand edit there is seen by the next build and by the desk (rev96 D1/D2). Before,
the build's key of the event walked no linked folder, and kept the event's old pages."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from generator.build import build
from generator.render import incremental

ROOT = Path(__file__).resolve().parents[1]
EVENT = "tumu-guandan-2020"
ROUND_3 = f"events/{EVENT}/main/round-3/index.html"


def linked_site(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events" / EVENT, content / "events" / EVENT)
    results = content / "events" / EVENT / "results"
    shutil.move(results, content / "shared-results")
    os.symlink("../../shared-results", results)
    return content


def text(page: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def edited(path: Path, old: str, new: str) -> None:
    before = path.read_text(encoding="utf-8")
    assert old in before
    path.write_text(before.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("recorded", [False, True], ids=["walked", "as-laid-out"])
def test_a_hand_edit_in_a_linked_results_folder_is_built(tmp_path: Path, monkeypatch, recorded: bool) -> None:
    if recorded:  # the folders' stats recorded at once, so that the next build looks by the layout
        monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = linked_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)  # "T02 打到 8，"
    edited(content / "shared-results/round-3.yaml", "levels: {T02: 8, T21: 9}", "levels: {T02: 7, T21: 9}")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    page, fresh = text(out / ROUND_3), text(tmp_path / "fresh" / ROUND_3)
    assert "T02 \u6253\u5230 7\uff0c" in page and page == fresh  # (as a build from nothing has it)
    # A round taken out of the linked folder (its own stats, through the link, changed): gone too.
    (content / "shared-results/round-3.yaml").rename(content / "round-3.yaml")
    build(content, out, cache_dir=cache, bulletins=False)
    assert (out / f"events/{EVENT}/main/round-2/index.html").exists() and not (out / ROUND_3).exists()

def test_the_key_of_an_event_sees_its_linked_folder_re_pointed_and_ends_on_a_cycle(tmp_path: Path) -> None:
    content = linked_site(tmp_path)
    folder = content / "events" / EVENT
    with incremental.one_reading():
        before = incremental.folder_digest(folder)
    shutil.copytree(content / "shared-results", content / "other-results")
    edited(content / "other-results/round-3.yaml", "levels: {T02: 8, T21: 9}", "levels: {T02: 7, T21: 9}")
    (folder / "results").unlink()
    os.symlink("../../other-results", folder / "results")
    with incremental.one_reading():
        assert incremental.folder_digest(folder) != before
    # Links to the event's own folder, to content/, to each other, and out of content/: walked
    # no further than the loader reads (the files of results/, once each).
    (content / "other-results/up").symlink_to("../events")
    (content / "other-results/loop").symlink_to("../other-results")
    (folder / "self").symlink_to(".")
    (folder / "content").symlink_to("../..")
    (folder / "outside").symlink_to(tmp_path)
    names = [name for name, _ in incremental._files(os.fspath(folder.resolve()))]
    assert names == ["event.yaml", "notice.md", "results/round-1.yaml", "results/round-2.yaml",
                     "results/round-3.yaml"]


def test_the_desk_watches_the_files_of_a_linked_results_folder(tmp_path: Path) -> None:
    from generator.desk.app import _watched_files

    content = linked_site(tmp_path)
    folder = content / "events" / EVENT
    (content / "shared-results/loop").symlink_to("../events")  # a cycle: ends
    before = _watched_files(content, folder)
    round_3 = str(folder / "results/round-3.yaml")
    assert round_3 in before
    edited(content / "shared-results/round-3.yaml", "levels: {T02: 8, T21: 9}", "levels: {T02: 7, T21: 9}")
    assert _watched_files(content, folder)[round_3] != before[round_3]


def archived_site(tmp_path: Path, absolute: bool) -> Path:
    """linked_site with the event folder itself a link into content/archive (events/<slug> ->
    ../archive/2020/<slug>), its results/ a link (absolute or relative) to content/shared-results."""
    content = linked_site(tmp_path)
    archived = content / "archive/2020" / EVENT
    archived.parent.mkdir(parents=True)
    shutil.move(content / "events" / EVENT, archived)
    os.symlink(f"../archive/2020/{EVENT}", content / "events" / EVENT)
    (archived / "results").unlink()
    os.symlink(content / "shared-results" if absolute else "../../../shared-results", archived / "results")
    return content


@pytest.mark.parametrize("absolute", [False, True], ids=["relative", "absolute"])
def test_a_hand_edit_in_the_linked_results_of_a_linked_event_folder_is_built(tmp_path: Path, monkeypatch,
                                                                            absolute: bool) -> None:
    """rev97 D2: content/ was taken as the grandparent of the event folder's real path
    (content/archive), and results/ leading to content/shared-results as out of it: not walked,
    the edit kept the old pages. The loader reads them (content/ is the site's)."""
    monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = archived_site(tmp_path, absolute)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)  # "T02 打到 8，"
    edited(content / "shared-results/round-3.yaml", "levels: {T02: 8, T21: 9}", "levels: {T02: 7, T21: 9}")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    page, fresh = text(out / ROUND_3), text(tmp_path / "fresh" / ROUND_3)
    assert "T02 \u6253\u5230 7\uff0c" in page and page == fresh


def test_a_linked_results_folder_moved_away_and_back_is_built_by_the_fast_path(tmp_path: Path, monkeypatch) -> None:
    """rev97 D1: a link the walk skipped (results/ leading nowhere while its folder was moved
    away) left no trace in the recorded layout; moved back, the fast path (_files_as_laid_out)
    found every recorded folder as it was and kept the pages built without the rounds."""
    monkeypatch.setattr(incremental, "RACY_NS", -10**12)  # each build's layout recorded: the next looks by it
    content = linked_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert (out / ROUND_3).exists()
    shutil.move(content / "shared-results", tmp_path / "away")
    build(content, out, cache_dir=cache, bulletins=False)
    assert not (out / ROUND_3).exists()
    shutil.move(tmp_path / "away", content / "shared-results")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)


def test_a_dangling_link_to_a_results_file_whose_target_comes_is_built_by_the_fast_path(tmp_path: Path,
                                                                                       monkeypatch) -> None:
    """The same, older, for a link to a FILE leading nowhere (the loader passes over it): its
    target put there later is a round the loader reads, and the next build has it."""
    monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events" / EVENT, content / "events" / EVENT)
    (content / "spare").mkdir()
    results = content / "events" / EVENT / "results"
    shutil.move(results / "round-3.yaml", tmp_path / "round-3.yaml")
    (results / "round-3.yaml").symlink_to("../../../spare/round-3.yaml")
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert not (out / ROUND_3).exists()
    shutil.move(tmp_path / "round-3.yaml", content / "spare/round-3.yaml")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)


def test_the_desk_watches_the_files_the_build_hashes(tmp_path: Path, monkeypatch) -> None:
    """One walk for both (render/incremental.py's _files): the event folder a link into
    content/archive, its results/ a link to content/shared-results, a cycle and a dangling link
    there. The desk's watched files are the files the build's key of the event is made of."""
    from generator.desk.app import WATCHED, _watched_files

    content = archived_site(tmp_path, absolute=False).resolve()
    folder = content / "events" / EVENT
    (content / "shared-results/loop").symlink_to("../archive")  # a cycle, through the event's real folder
    (content / "shared-results/round-9.yaml").symlink_to("nowhere.yaml")  # leading nowhere
    hashed: list[str] = []
    hash_files = incremental._hash_files
    monkeypatch.setattr(incremental, "_hash_files", lambda root, relatives: (hashed.extend(relatives),
                                                                             hash_files(root, relatives))[1])
    incremental.folder_digest(folder)  # (as the build's event key asks it: the folder as the loader names it)
    watched = set(_watched_files(content, folder)) - {str(content / "site.yaml")}
    assert watched == {str(folder / relative) for relative in hashed if relative.endswith(WATCHED)}
    assert str(folder / "results/round-3.yaml") in watched and not any("round-9" in path for path in watched)


R3_7 = "T02 \u6253\u5230 7\uff0c"  # "T02 打到 7，": round 3 as edited


@pytest.mark.parametrize("recorded", [False, True], ids=["walked", "as-laid-out"])
def test_an_event_folder_that_is_a_link_re_pointed_is_built(tmp_path: Path, monkeypatch, recorded: bool) -> None:
    """rev98 D1: an event folder that is a link (events/<slug> -> ../archive/2020/<slug>) was left
    out of build_inputs' events (the loader reads it), and the link hashed by its name: re-pointed
    to a 2021 copy, nothing had changed, and the build kept the 2020 pages."""
    if recorded:
        monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = archived_site(tmp_path, absolute=False)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)
    copy = content / "archive/2021" / EVENT  # its results/ a folder of its own, round 3 edited
    copy.parent.mkdir()
    shutil.copytree(content / "archive/2020" / EVENT, copy, symlinks=True)
    (copy / "results").unlink()
    shutil.copytree(content / "shared-results", copy / "results")
    edited(copy / "results/round-3.yaml", "levels: {T02: 8, T21: 9}", "levels: {T02: 7, T21: 9}")
    build(content, out, cache_dir=cache, bulletins=False)
    assert "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)  # (the copy is not the event's yet)
    (content / "events" / EVENT).unlink()
    os.symlink(f"../archive/2021/{EVENT}", content / "events" / EVENT)
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and R3_7 in text(out / ROUND_3)
    # A file added in the folder it leads to (the link's own stats unchanged): seen too.
    (copy / "results/round-3.yaml").rename(tmp_path / "round-3.yaml")
    build(content, out, cache_dir=cache, bulletins=False)
    assert not (out / ROUND_3).exists()
    (tmp_path / "round-3.yaml").rename(copy / "results/round-3.yaml")
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and R3_7 in text(out / ROUND_3)


@pytest.mark.parametrize("recorded", [False, True], ids=["walked", "as-laid-out"])
def test_a_link_in_an_event_folder_that_is_a_link_re_pointed_is_built(tmp_path: Path, monkeypatch,
                                                                      recorded: bool) -> None:
    """rev98 D1: archive/2020/<slug>/results re-pointed from shared-results to other-results."""
    if recorded:
        monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = archived_site(tmp_path, absolute=False)
    shutil.copytree(content / "shared-results", content / "other-results")
    edited(content / "other-results/round-3.yaml", "levels: {T02: 8, T21: 9}", "levels: {T02: 7, T21: 9}")
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    assert "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)
    results = content / "archive/2020" / EVENT / "results"
    results.unlink()
    os.symlink("../../../other-results", results)
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert report.events_rendered == 1 and R3_7 in text(out / ROUND_3)


@pytest.mark.parametrize("recorded", [False, True], ids=["walked", "as-laid-out"])
def test_a_cycle_of_links_replaced_by_its_folder_is_built(tmp_path: Path, monkeypatch, recorded: bool) -> None:
    """rev98 D2: results/ -> ../../shared, and content/shared -> events/<slug>/results (ELOOP): the
    walk passed over the link with no trace in the layout (following it raised), and once
    content/shared was made the real folder, the fast path kept the pages without its rounds."""
    if recorded:
        monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = linked_site(tmp_path)
    shutil.move(content / "shared-results", tmp_path / "away")
    results = content / "events" / EVENT / "results"
    results.unlink()
    os.symlink("../../shared", results)
    os.symlink(f"events/{EVENT}/results", content / "shared")
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    build(content, out, cache_dir=cache, bulletins=False)
    assert not (out / ROUND_3).exists()
    (content / "shared").unlink()
    shutil.move(tmp_path / "away", content / "shared")
    build(content, out, cache_dir=cache, bulletins=False)
    assert "T02 \u6253\u5230 8\uff0c" in text(out / ROUND_3)


def test_an_event_folder_linked_out_of_content_is_not_walked(tmp_path: Path, monkeypatch) -> None:
    """rev98 D3: an event folder that is a link out of content/ (the loader refuses it:
    file-outside-content) was walked and hashed by every build, and by the desk, first: a link
    to / or to $HOME read whole. Now walked by none; the build still says so."""
    from generator.desk.app import _watched_files
    from generator.errors import ContentErrors

    content = linked_site(tmp_path)
    outside = tmp_path / "elsewhere" / "x2020"
    shutil.copytree(ROOT / "content/events" / EVENT, outside)
    os.symlink(outside, content / "events" / "x2020")
    walked: list[str] = []
    files = incremental._files
    monkeypatch.setattr(incremental, "_files", lambda folder, *args, **kwargs: (walked.append(os.fspath(folder)),
                                                                                files(folder, *args, **kwargs))[1])
    hashed: list[str] = []
    hash_files = incremental._hash_files
    monkeypatch.setattr(incremental, "_hash_files", lambda root, relatives: (hashed.extend(
        f"{root}/{relative}" for relative in relatives), hash_files(root, relatives))[1])
    with pytest.raises(ContentErrors) as refused:
        build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert "file-outside-content" in {problem.code for problem in refused.value.problems}
    assert not [path for path in walked + hashed if "elsewhere" in path or "x2020" in path]
    assert _watched_files(content, content / "events/x2020").keys() <= {str(content / "site.yaml")}
    assert str(content / "events" / EVENT / "results/round-3.yaml") in _watched_files(content, content / "events" / EVENT)


def test_a_file_added_in_the_folder_an_event_folder_link_leads_to_is_seen_by_the_fast_path(tmp_path: Path,
                                                                                          monkeypatch) -> None:
    """The layout of an event folder that is a link holds the link's own stats and the folder's it
    leads to: a file added there changes the latter only, and the digest the build takes for the
    event is that of its files now (not the one recorded)."""
    monkeypatch.setattr(incremental, "RACY_NS", -10**12)
    content = archived_site(tmp_path, absolute=False)
    folder = content / "events" / EVENT
    recorded = incremental.Folders()
    with incremental.one_reading():
        incremental.build_inputs(content, known=incremental.Folders(), found=recorded)
    (content / "archive/2020" / EVENT / "added.txt").write_text("x", encoding="utf-8")
    with incremental.one_reading():
        incremental.build_inputs(content, known=recorded, found=incremental.Folders())
        taken = incremental.folder_digest(folder)
    with incremental.one_reading():
        assert taken == incremental.folder_digest(folder)
