"""`paibang serve` after one results file was saved: the event's own pages are put into output/
first (build.py's build_event_first; its entries' pages with the rest), the live reload told
at once, then the whole site is rebuilt. Only that event's files are written early; an event with an error, or a change
outside one event's folder, takes the whole rebuild only; output/ is afterwards the very site a
fresh `paibang build` makes, and so it is after a builder killed between the two steps."""

from __future__ import annotations

import shutil
from functools import partial
from pathlib import Path

import pytest

from generator.build import build, build_event_first
from generator.commands.serve import Building
from generator.render import html, players
from generator.render.incremental import PreviousBuild

ROOT = Path(__file__).resolve().parents[1]
EVENT = "events/dongke-bridge-2015"
PRELIM = f"{EVENT}/results/prelim.yaml"
OTHER = "events/tongxin-guandan-2025"


def two_events(tmp_path: Path) -> Path:
    """content/ with the demo site.yaml, the bridge demo event and a Guandan one."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    for event in (EVENT, OTHER):
        shutil.copytree(ROOT / "content" / event, content / event)
    return content


def tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` (relative path -> bytes)."""
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def building(tmp_path: Path, content: Path) -> Building:
    """serve's builder state (its events, record and Jinja environments kept between builds),
    building into tmp_path/output without bulletins, its first build done."""
    cache = tmp_path / "cache/pdf"
    kept = Building(content, tmp_path / "output", "en", partial(build, cache_dir=cache, bulletins=False),
                    partial(build_event_first, cache_dir=cache, bulletins=False))
    assert kept.build_once() is None
    return kept


def fresh_site(tmp_path: Path, content: Path) -> dict[str, bytes]:
    """What a fresh `paibang build` of `content` writes, in a folder and with a cache of its own."""
    output = tmp_path / "fresh"
    shutil.rmtree(output, ignore_errors=True)
    build(content, output, cache_dir=tmp_path / "fresh-cache/pdf", bulletins=False)
    return tree(output)


def test_a_saved_results_file_puts_its_events_pages_in_place_and_says_so_before_the_indexes(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    output = tmp_path / "output"
    before = tree(output)
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")  # a result corrected: standings move
    seen: list[dict[str, bytes]] = []
    assert kept.build_once([str(content / PRELIM)], early=lambda: seen.append(tree(output))) is None
    assert len(seen) == 1
    early = seen[0]
    changed = {path for path in early if early[path] != before.get(path)}
    assert changed and all(path.startswith(f"{EVENT}/") for path in changed)  # the event's own files only
    assert f"{EVENT}/results.json" in changed and f"{EVENT}/prelim/round-1/index.html" in changed
    assert early.keys() == before.keys()  # nothing else written, nothing left behind beside output/
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]
    entry = f"{EVENT}/entries/A31/index.html"  # (its tables' running totals move)
    assert early[entry] == before[entry]  # the entries' pages come with the whole rebuild
    after = tree(output)
    assert after[entry] != before[entry]
    assert after[f"{EVENT}/prelim/round-1/index.html"] == early[f"{EVENT}/prelim/round-1/index.html"]  # it stands
    assert after == fresh_site(tmp_path, content)  # and the whole rebuild made the very site a fresh build makes


def test_an_event_with_an_error_is_not_published_early(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    before = tree(tmp_path / "output")
    replace(content / PRELIM, "1: 4H N =", "1: 4H N =+")
    seen: list[int] = []
    assert "bridge-board-syntax" in (kept.build_once([str(content / PRELIM)], early=lambda: seen.append(1)) or "")
    assert seen == [] and tree(tmp_path / "output") == before


@pytest.mark.parametrize("change", ["site.yaml", "two events", "title"])
def test_a_change_outside_one_events_results_takes_the_whole_rebuild_only(tmp_path: Path, change: str) -> None:
    """site.yaml, two events' files at once, or what the indexes show of the event (its title):
    no early step; the whole rebuild is right."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    paths = [content / PRELIM]
    if change == "site.yaml":
        replace(content / "site.yaml", "title: ", "title: 新")
        paths.append(content / "site.yaml")
    elif change == "two events":
        round_one = content / OTHER / "results/round-1.yaml"
        round_one.write_text(round_one.read_text(encoding="utf-8") + "\n# saved again\n", encoding="utf-8")
        paths.append(round_one)
    else:
        replace(content / EVENT / "event.yaml", "title: ", "title: 新")
        paths.append(content / EVENT / "event.yaml")
    seen: list[int] = []
    assert kept.build_once([str(path) for path in paths], early=lambda: seen.append(1)) is None
    assert seen == []
    assert tree(tmp_path / "output") == fresh_site(tmp_path, content)


def test_the_saved_paths_name_one_event_folder_or_none(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    kept = Building(content, tmp_path / "output", "en", build)
    folder = content.resolve() / EVENT
    assert kept.event_saved([str(content / PRELIM)]) == folder
    assert kept.event_saved([str(content / PRELIM), str(content / EVENT / "entries.yaml")]) == folder
    assert kept.event_saved([]) is None  # the first build, the folders replaced
    assert kept.event_saved([str(content / EVENT)]) is None  # the folder itself: added, removed, renamed
    assert kept.event_saved([str(content / "site.yaml")]) is None
    assert kept.event_saved([str(ROOT / "templates/base.html")]) is None
    assert kept.event_saved([str(content / PRELIM), str(content / OTHER / "event.yaml")]) is None


@pytest.mark.parametrize("then", ["as saved", "put back"])
def test_a_builder_killed_between_the_two_steps_is_followed_by_a_correct_build(tmp_path: Path, then: str) -> None:
    """The early step leaves the record of output/ as the last build wrote it: the next build
    (a fresh one: serve was killed) must not keep the event's pages on its word, even when the
    file was put back as it was (the event's key the recorded one again, and its pages as the
    record lists them but for those the early step changed)."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    saved = (content / PRELIM).read_text(encoding="utf-8")
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    assert kept.last is not None
    placed = build_event_first(content, tmp_path / "output", content.resolve() / EVENT, *kept.last, kept.memory,
                               cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert placed and all(path.startswith(f"{EVENT}/") for path in placed)
    if then == "put back":  # and another event saved: the build does not find the whole site unchanged
        (content / PRELIM).write_text(saved, encoding="utf-8")
        round_one = content / OTHER / "results/round-1.yaml"
        round_one.write_text(round_one.read_text(encoding="utf-8") + "\n# saved again\n", encoding="utf-8")
    build(content, tmp_path / "output", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert tree(tmp_path / "output") == fresh_site(tmp_path, content)


def test_without_a_record_of_output_the_saved_event_is_not_even_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     ) -> None:
    """The first step puts the event's pages where the record of output/ lists them: with no
    record (removed by hand, say), the step is left to the whole rebuild before the event is read
    and scored for nothing."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    for record in (tmp_path / "cache").glob("site-*.record"):
        record.unlink()
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    read: list[Path] = []
    monkeypatch.setattr("generator.content.load.load_event", lambda folder, *args, **named: read.append(folder))
    assert kept.last is not None
    assert build_event_first(content, tmp_path / "output", content.resolve() / EVENT, *kept.last, kept.memory,
                             cache_dir=tmp_path / "cache/pdf", bulletins=False) is None
    assert read == []


def test_the_first_step_looks_at_no_other_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Who is who in the saved event, and its part of the record, are all the first step takes
    of the archive: not every event's names hashed nor every person of the site made (a third of
    the step at 2,000 events), nor every part of the record unpacked. Its pages link the event's
    players all the same, and are the very pages the whole rebuild makes."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    output = tmp_path / "output"
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")

    def across_the_site(*args: object, **named: object) -> None:
        raise AssertionError("the first step looked across the site")

    for module in (players, html):
        monkeypatch.setattr(module, "collect_people", across_the_site)
    monkeypatch.setattr(players, "people_inputs", across_the_site)
    monkeypatch.setattr(PreviousBuild, "read_parts", across_the_site)
    assert kept.last is not None
    placed = build_event_first(content, output, content.resolve() / EVENT, *kept.last, kept.memory,
                               cache_dir=tmp_path / "cache/pdf", bulletins=False)
    monkeypatch.undo()
    assert placed
    early = {path: (output / path).read_bytes() for path in placed}
    assert b'class="person" href="../../players/' in early[f"{EVENT}/index.html"]  # names linked to players' pages
    build(content, output, cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert {path: (output / path).read_bytes() for path in placed} == early
    assert tree(output) == fresh_site(tmp_path, content)


def test_the_whole_rebuild_takes_the_event_as_the_first_step_read_and_scored_it(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The event saved is read and scored once: by the first step, whose reading the whole
    rebuild then takes from serve's memory (not read and scored again); output/ is all the same
    the very site a fresh build makes."""
    import generator.tournament.event as tournament_event

    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    scored: list[object] = []
    run_event = tournament_event.run_event
    monkeypatch.setattr(tournament_event, "run_event", lambda *args, **named: scored.append(run_event(*args, **named))
                        or scored[-1])
    seen: list[int] = []
    assert kept.build_once([str(content / PRELIM)], early=lambda: seen.append(len(scored))) is None
    assert seen == [1] and kept.last is not None
    assert any(result is scored[0] for result in kept.last[1])  # the first step's result, in the rebuild's
    assert tree(tmp_path / "output") == fresh_site(tmp_path, content)
