"""`paibang serve` after one results file was saved: the event's own pages are put into output/
first (build.py's build_event_first; its entries' pages with the rest), the live reload told
at once, then the whole site is rebuilt. Only that event's files are written early; an event with an error, or a change
outside one event's folder, takes the whole rebuild only; output/ is afterwards the very site a
fresh `paibang build` makes, and so it is after a builder killed between the two steps."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from generator.build import build, build_event_first
from generator.commands.serve import Building
from generator.render import html, players
from generator.render.incremental import PreviousBuild
from generator.render.output import mark_leftover
from tests.support import replace, site_bytes

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
    return {path.relative_to(root).as_posix(): site_bytes(path) for path in sorted(root.rglob("*")) if path.is_file()}


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


def test_the_first_save_after_serve_started_on_an_up_to_date_site_is_shown_first(tmp_path: Path) -> None:
    """serve started on an output/ a `paibang build` left up to date: its first build renders
    nothing, yet reads the site and its events (from the event cache) for the first step, which
    then puts the first save's pages in place ahead of the whole rebuild, as it does for the saves
    after it (before, that first save took the whole rebuild only)."""
    content = two_events(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache/pdf"
    build(content, output, cache_dir=cache, bulletins=False)
    before = tree(output)
    kept = Building(content, output, "en", partial(build, cache_dir=cache, bulletins=False),
                    partial(build_event_first, cache_dir=cache, bulletins=False))
    assert kept.build_once() is None and tree(output) == before  # up to date: nothing written
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    seen: list[dict[str, bytes]] = []
    assert kept.build_once([str(content / PRELIM)], early=lambda: seen.append(tree(output))) is None
    assert len(seen) == 1
    changed = {path for path in seen[0] if seen[0][path] != before.get(path)}
    assert f"{EVENT}/prelim/round-1/index.html" in changed and all(path.startswith(f"{EVENT}/") for path in changed)
    assert tree(output) == fresh_site(tmp_path, content)


def test_a_build_that_finds_nothing_changed_reads_nothing_but_for_serves_first(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Only serve's first build (its memory empty) reads the site when output/ is up to date:
    `paibang build` run again, and serve's later builds, read no event."""
    import generator.build as building_module

    content = two_events(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache/pdf"
    assert build(content, output, cache_dir=cache, bulletins=False).site is not None
    read: list[int] = []
    real = building_module.validate
    monkeypatch.setattr(building_module, "validate", lambda *a, **k: read.append(1) or real(*a, **k))
    again = build(content, output, cache_dir=cache, bulletins=False)
    assert again.up_to_date and again.site is None and read == []
    memory = building_module.EventMemory()
    first = build(content, output, cache_dir=cache, bulletins=False, memory=memory)
    assert first.up_to_date and first.site is not None and len(first.results) == 2 and read == [1]
    later = build(content, output, cache_dir=cache, bulletins=False, memory=memory)
    assert later.up_to_date and later.site is None and read == [1]


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


def early_and_parsed(kept: Building, content: Path, output: Path, saved: Path,
                     monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, bytes] | None, list[str]]:
    """One save of `saved` handed to serve's builder: output/ as the first step left it (None:
    no first step), and the content files parsed until then (relative to content/)."""
    import generator.content.load as load

    parsed: list[str] = []
    load_yaml = load.load_yaml

    def noted(path: Path, *args: object, **named: object) -> object:
        parsed.append(path.resolve().relative_to(content.resolve()).as_posix())
        return load_yaml(path, *args, **named)

    monkeypatch.setattr(load, "load_yaml", noted)
    seen: list[tuple[dict[str, bytes], list[str]]] = []
    kept.build_once([str(saved)], early=lambda: seen.append((tree(output), list(parsed))))  # (a failure: its page)
    monkeypatch.undo()
    return seen[0] if seen else (None, parsed)


def the_events_own(files: dict[str, bytes], event: str) -> dict[str, bytes]:
    """The event's files the first step writes: all but its entries' pages."""
    return {path: data for path, data in files.items()
            if path.startswith(f"{event}/") and not path.startswith(f"{event}/entries/")}


def test_a_later_save_parses_only_the_file_saved_and_shows_the_pages_a_fresh_build_makes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve keeps the saved event's reading, file by file: at the next save of one of its
    results files, the first step parses that file alone (not event.yaml, nor the other
    stage's file, read as before), and puts in place the very pages a fresh build makes of the
    file as saved now (its bytes changed: its reading of the last save is not taken)."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    output = tmp_path / "output"
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    early, parsed = early_and_parsed(kept, content, output, content / PRELIM, monkeypatch)
    assert early is not None and sorted(parsed) == [f"{EVENT}/event.yaml", f"{EVENT}/results/final.yaml", PRELIM]
    replace(content / PRELIM, "6: 3D W -2", "6: 3D W -3")
    early, parsed = early_and_parsed(kept, content, output, content / PRELIM, monkeypatch)
    assert early is not None and parsed == [PRELIM]
    fresh = fresh_site(tmp_path, content)
    assert the_events_own(early, EVENT) == the_events_own(fresh, EVENT)
    assert tree(output) == fresh


def test_a_later_save_scores_only_the_tables_of_the_file_saved_where_the_game_allows_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Guandan scores a table from the table and its stage alone (Game.scores_alone): at a later
    save of one round's file, the first step scores that round's 12 tables, not the event's 56
    again; the standings, the stale draws and the pages are all as a fresh build makes them."""
    from generator.games.guandan import GuandanRules

    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    output = tmp_path / "output"
    round_five = content / OTHER / "results/round-5.yaml"
    replace(round_five, 'levels: {T08: K, T09: "10"}', 'levels: {T08: K, T09: "Q"}')
    assert early_and_parsed(kept, content, output, round_five, monkeypatch)[0] is not None
    scored: list[object] = []
    score_table = GuandanRules.score_table
    # (the tables of the files: the stage page's draw rules score a table of one side numbered 0
    # for what a bye earns, Game.bye_credit, no table of a file)
    monkeypatch.setattr(GuandanRules, "score_table", lambda game, table, *args: (table.number and scored.append(table))
                        or score_table(game, table, *args))
    replace(round_five, 'levels: {T08: K, T09: "Q"}', 'levels: {T08: A, T09: "Q"}')
    seen: list[int] = []
    assert kept.build_once([str(round_five)], early=lambda: seen.append(len(scored))) is None
    monkeypatch.undo()
    assert seen == [12]
    fresh = fresh_site(tmp_path, content)
    assert tree(output) == fresh


@pytest.mark.parametrize("change", ["notice made private", "notice rewritten", "entries file", "event.yaml"])
def test_what_event_yaml_reads_changed_since_the_last_save_is_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    """The kept reading of event.yaml, and of the files it names (its notice, its entries file),
    is taken again only while every one of them is as it was: a notice that now writes a
    private key is refused (nothing published early), a notice rewritten shows its new text, a
    player renamed in the entries file, or an event.yaml edited, are read again (and the early
    step left to the whole rebuild when the names shown elsewhere changed)."""
    content = two_events(tmp_path)
    event_file = content / EVENT / "event.yaml"
    text = event_file.read_text(encoding="utf-8")
    head, rest = text.split("\nentries:\n", 1)
    entries, tail = rest.split("\nofficials:\n", 1)
    (content / EVENT / "entries.yaml").write_text("entries:\n" + entries + "\n", encoding="utf-8")
    event_file.write_text(f"{head}\nentries: entries.yaml\n\nofficials:\n{tail}", encoding="utf-8")
    kept = building(tmp_path, content)
    output = tmp_path / "output"
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    assert early_and_parsed(kept, content, output, content / PRELIM, monkeypatch)[0] is not None
    before = tree(output)
    replace(content / PRELIM, "6: 3D W -2", "6: 3D W -3")
    if change == "notice made private":
        replace(content / EVENT / "notice.md", "## 一、比赛时间和地点", "phone: 13800138000\n\n## 一、比赛时间和地点")
    elif change == "notice rewritten":
        replace(content / EVENT / "notice.md", "## 一、比赛时间和地点", "## 一、比赛的时间和地点")
    elif change == "entries file":
        replace(content / EVENT / "entries.yaml", "李思雨", "李思语")
    else:
        replace(event_file, "name: 初赛\n", "name: 初赛阶段\n")
    early, parsed = early_and_parsed(kept, content, output, content / PRELIM, monkeypatch)
    fresh = fresh_site(tmp_path, content) if change != "notice made private" else None
    if change == "notice made private":
        assert early is None and tree(output) == before  # refused: the whole rebuild says why
        assert "notice-private" in (kept.build_once() or "")
    elif change == "notice rewritten":
        assert early is not None and "比赛的时间和地点" in early[f"{EVENT}/index.html"].decode()
        assert the_events_own(early, EVENT) == the_events_own(fresh, EVENT)
    elif change == "entries file":
        assert early is None and f"{EVENT}/entries.yaml" in parsed  # a name the player pages show
    else:
        assert early is not None and f"{EVENT}/event.yaml" in parsed
        assert "初赛阶段".encode() in early[f"{EVENT}/index.html"]
        assert the_events_own(early, EVENT) == the_events_own(fresh, EVENT)
    if fresh is not None:
        assert tree(output) == fresh


def test_a_notices_html_is_made_again_only_for_a_new_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The saved event's notice is the same at every save of a results file: its HTML (Markdown,
    then sanitised) is made once and taken again by its text; a notice edited is made anew."""
    html._notice_html.cache_clear()  # (made by the tests before)
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    made: list[str] = []
    markdown = html._markdown

    class Counted:
        def reset(self) -> Counted:
            markdown().reset()
            return self

        def convert(self, text: str) -> str:
            made.append(text)
            return markdown().convert(text)

    monkeypatch.setattr(html, "_markdown", Counted)
    for result in ("6: 3D W -2", "6: 3D W -3"):
        replace(content / PRELIM, "6: 3D W -1" if result.endswith("2") else "6: 3D W -2", result)
        assert kept.build_once([str(content / PRELIM)]) is None
    assert len(made) <= 1  # (made once at most: the first build may have rendered it in another process)
    replace(content / EVENT / "notice.md", "## 一、比赛时间和地点", "## 一、比赛的时间和地点")
    seen: list[int] = []
    assert kept.build_once([str(content / EVENT / "notice.md")], early=lambda: seen.append(len(made))) is None
    assert seen and "比赛的时间和地点" in made[-1]
    monkeypatch.undo()
    assert tree(tmp_path / "output") == fresh_site(tmp_path, content)


def test_the_first_step_removes_the_old_pages_it_replaced_after_saying_the_new_ones_are_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first step's journal keeps the event's old pages in a backup beside output/, and its
    staging folder is left emptied: both are removed once the step has said its pages are in
    place (the live reload), not before (removed one file and folder at a time, they were a third
    of the step's time on a disk mounted with `discard`). Nothing is left beside output/ after
    the whole rebuild, which makes the very site a fresh build makes."""
    import generator.render.output as output_module

    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    removed: list[str] = []
    real = output_module._remove

    def remove(path: Path, alone: bool = False) -> None:
        removed.append(Path(path).name)
        real(path, alone)

    monkeypatch.setattr(output_module, "_remove", remove)
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    at_word: list[list[str]] = []
    assert kept.build_once([str(content / PRELIM)], early=lambda: at_word.append(list(removed))) is None
    assert at_word == [[]]  # said with nothing removed yet
    assert removed[:2] == [f"output.old-{os.getpid()}", f"output.tmp-{os.getpid()}"]  # then the step's two folders
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]
    assert tree(tmp_path / "output") == fresh_site(tmp_path, content)


FIRST_SAVE_AFTER_START = """
import sys, time
from functools import partial
from pathlib import Path
from generator.build import build, build_event_first
from generator.commands.serve import Building
content, output, cache, saved = (Path(arg) for arg in sys.argv[1:5])
kept = Building(content, output, "en", partial(build, cache_dir=cache, bulletins=False),
                partial(build_event_first, cache_dir=cache, bulletins=False))
assert kept.build_once() is None  # output/ up to date: nothing rendered
unready = "generator.render.html" not in sys.modules and "jinja2" not in sys.modules
kept.warm()  # (build_forever: while the builder waits for a save)
saved.write_text(saved.read_text(encoding="utf-8").replace("6: 3D W -1", "6: 3D W -2"), encoding="utf-8")
before = set(sys.modules)
imported = []
assert kept.build_once([str(saved)], early=lambda: imported.append(sorted(set(sys.modules) - before))) is None
print(unready, imported)
"""


def test_the_first_save_after_serve_started_imports_nothing_in_its_first_step(tmp_path: Path) -> None:
    """serve's first build, finding output/ up to date, renders nothing, and so imports none of
    rendering (Jinja, Markdown, the pages' modules): the builder imports them while it waits for
    the first save (Building.warm), whose first step then imports nothing (it paid them before:
    about half of that step's processor time at 50 events)."""
    content = two_events(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache/pdf"
    build(content, output, cache_dir=cache, bulletins=False)
    done = subprocess.run([sys.executable, "-c", FIRST_SAVE_AFTER_START, str(content), str(output), str(cache),
                           str(content / PRELIM)], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines()[-1] == "True [[]]"  # none imported at start; none in the first step


def test_the_first_step_leaves_what_it_made_to_no_young_collection(tmp_path: Path) -> None:
    """The event the first step read, scored and rendered is handed over to the whole rebuild,
    which follows at once: it is moved to the collector's oldest generation, not walked by a
    young collection before the new pages are shown (a twentieth of the step)."""
    import gc

    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    collections: list[int] = []
    watching = [False]

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and watching[0]:
            collections.append(info["generation"])

    first = kept.first
    assert first is not None

    def watched(*args: object, **named: object) -> object:
        watching[0] = True
        return first(*args, **named)

    kept.first = watched
    seen: list[list[int]] = []
    gc.callbacks.append(collected)
    try:
        replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
        assert kept.build_once([str(content / PRELIM)], early=lambda: seen.append(list(collections))) is None
    finally:
        gc.callbacks.remove(collected)
    assert seen == [[]] and gc.isenabled()


def test_the_readings_kept_are_the_last_events_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve keeps the reading of the last READINGS_KEPT events saved, not of every event ever
    saved: an older one's would be its whole reading besides the event the rebuild keeps."""
    import generator.build as building_module

    monkeypatch.setattr(building_module, "READINGS_KEPT", 1)
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    assert kept.build_once([str(content / PRELIM)]) is None
    assert [folder.name for folder in kept.memory.readings] == [EVENT.split("/")[1]]
    round_five = content / OTHER / "results/round-5.yaml"
    replace(round_five, 'levels: {T08: K, T09: "10"}', 'levels: {T08: K, T09: "Q"}')
    assert kept.build_once([str(round_five)]) is None
    assert [folder.name for folder in kept.memory.readings] == [OTHER.split("/")[1]]


def test_a_pipe_named_as_a_notice_is_never_opened(tmp_path: Path) -> None:
    """What event.yaml names is looked at to tell whether it changed since the last save, but
    only as the loader reads it: a pipe named as a notice (not a file: the loader refuses it)
    is not opened, which would wait for a writer forever; the save is said as an error."""
    import os
    import threading

    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    os.mkfifo(content / EVENT / "extra.md")
    replace(content / EVENT / "event.yaml", "notice: notice.md", "notice: [notice.md, extra.md]")
    pages: list[str | None] = []
    saving = threading.Thread(target=lambda: pages.append(kept.build_once([str(content / EVENT / "event.yaml")])),
                              daemon=True)
    saving.start()
    saving.join(60)
    assert not saving.is_alive() and pages and "extra.md" in (pages[0] or "")


def test_a_first_step_that_fails_by_its_own_fault_is_said_in_one_line_and_the_rebuild_follows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bug of the first step alone (not a problem of the content: the whole rebuild would say
    that) is said before the whole rebuild, in one line and the site's words, never a traceback;
    the rebuild still makes the very site a fresh build makes. Before, it was swallowed: the
    event's pages only came late after every save, and nothing said why."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)

    def broken(*args: object, **named: object) -> object:
        raise TypeError("a bug in the first step")

    kept.first = broken
    capsys.readouterr()
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    seen: list[int] = []
    assert kept.build_once([str(content / PRELIM)], early=lambda: seen.append(1)) is None
    said = capsys.readouterr().err.splitlines()
    failed = [line for line in said if "TypeError: a bug in the first step" in line]
    assert len(failed) == 1 and "dongke-bridge-2015" in failed[0] and "(generator/commands/serve.py:" in failed[0]  # where, in our code
    assert "Traceback" not in "\n".join(said)
    assert seen == []
    assert tree(tmp_path / "output") == fresh_site(tmp_path, content)


def test_a_first_step_that_meets_a_file_gone_leaves_it_to_the_rebuild_unsaid(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file gone or unreadable while the first step reads (a save half done) is the whole
    rebuild's to say, as it says any problem of the content: the step says nothing of its own."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)

    def gone(*args: object, **named: object) -> object:
        raise FileNotFoundError(2, "No such file or directory", str(content / PRELIM))

    kept.first = gone
    capsys.readouterr()
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    assert kept.build_once([str(content / PRELIM)]) is None
    assert "could not be put in place first" not in capsys.readouterr().err


def test_serve_no_pdf_builds_and_shows_a_save_first_without_printing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`paibang serve --no-pdf`, as `build --no-pdf`: its builds print no bulletin and link none,
    and a save still has its first step (which, printing, would leave a bulletin not yet in
    output/ to the whole rebuild)."""
    from generator import cli
    from generator.commands import serve

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content" / EVENT, content / EVENT)
    asked: dict[str, object] = {}
    monkeypatch.setattr(serve, "serve", lambda *args, **kwargs: asked.update(kwargs) or 0)
    assert cli.main(["serve", "--no-pdf", "--content", str(content), "--output", str(tmp_path / "output")]) == 0
    assert asked == {"bulletins": False}
    output = tmp_path / "output"
    kept = Building(content, output, "en", bulletins=asked["bulletins"])
    assert kept.build_once() is None
    assert not list(output.rglob("*.pdf")) and b"bulletins/" not in (output / EVENT / "index.html").read_bytes()
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    seen: list[bool] = []
    assert kept.build_once([str(content / PRELIM)], early=lambda: seen.append(True)) is None
    assert seen == [True] and not list(output.rglob("*.pdf"))


def test_a_leftover_beside_output_is_named_by_the_first_step_once_while_serve_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A leftover paibang made, but not for this place (its folders moved since: its leftover's
    marker does not verify here), is left alone and named, as build names it: by the first step after a
    save already (before the event's pages are shown), and once while serve runs, not again by
    the whole rebuild that follows nor by the next save's two steps."""
    content = two_events(tmp_path)
    kept = building(tmp_path, content)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    copy = tmp_path / f"output.old-{int(gone.stdout)}"
    shutil.copytree(tmp_path / "output", copy)
    mark_leftover(copy, tmp_path / "before-the-move" / copy.name)
    capsys.readouterr()
    before_shown: list[str] = []
    replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
    assert kept.build_once([str(content / PRELIM)], early=lambda: before_shown.append(capsys.readouterr().err)) is None
    replace(content / PRELIM, "6: 3D W -2", "6: 3D W -3")
    assert kept.build_once([str(content / PRELIM)]) is None
    said = before_shown[0] + capsys.readouterr().err
    assert copy.name in before_shown[0]  # the first step's own
    assert said.count(copy.name) == 1 and f"rm -r -- {copy}" in said
    assert copy.is_dir()  # left alone


def test_a_failure_removing_the_first_steps_leftovers_stops_not_the_whole_rebuild(tmp_path: Path,
                                                                               capsys: pytest.CaptureFixture) -> None:
    """The first step's old pages are removed after its new ones are shown; a failure there that
    is not of the files (a thread the removal could not start: RuntimeError) went to the build's
    own failure: the whole rebuild skipped, every page the failure page (rev83). Now it is said in
    a line and the whole rebuild follows; the leftovers stay marked as paibang's for it."""
    from types import SimpleNamespace

    content = tmp_path / "content"
    (content / "events/x/results").mkdir(parents=True)
    (content / "events/x/event.yaml").write_text("name: x\n", encoding="utf-8")
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    builds: list[int] = []

    def whole(*_args, **_kwargs):  # noqa: ANN202 - a build's report, as serve reads it
        builds.append(1)
        return SimpleNamespace(site=object(), results=[], warnings=[], locale="en", pages=1, pdfs_printed=0)

    def first(*_args, afterwards: list, **_kwargs) -> list[str]:
        def tidy() -> None:
            raise RuntimeError("can't start new thread")
        afterwards.append(tidy)
        return ["events/x/index.html"]

    kept = Building(content, tmp_path / "output", "en", whole, first)
    assert kept.build_once() is None and builds == [1]
    shown: list[int] = []
    assert kept.build_once([str(content / "events/x/results/r.yaml")], early=lambda: shown.append(1)) is None
    assert shown == [1] and builds == [1, 1]  # the pages shown early, then the whole rebuild
    assert "can't start new thread" in capsys.readouterr().err
