"""Paths and sizes: what content cannot do however it is typed — grow without bound, reach
outside content/ through a link, or name a folder that escapes output/.

Each limit is refused with a message that says what and how much, at the file (and line) where
it was crossed, and quickly: nothing here may make a build hang.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from generator.build import validate
from generator.content.load import LIMITS, load_event
from generator.content.model import Site
from generator.content.yaml_loader import MAX_DEPTH, MAX_FILE_BYTES, load_yaml_text
from generator.errors import ContentError, ContentErrors, Problems
from generator.render.output import OutputTree, UnsafePath

DEMO = Path(__file__).resolve().parents[1] / "content"
BRIDGE = "events/dongke-bridge-2015"
GUANDAN = "events/tumu-guandan-2020"
SHENGJI = "events/hefei-80fen-teams-2012"


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """The site with the demo bridge and Guandan events."""
    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(DEMO / "site.yaml", root / "site.yaml")
    for event in (BRIDGE, GUANDAN):
        shutil.copytree(DEMO / event, root / event)
    return root


def problems(root: Path) -> list[ContentError]:
    # No clock here: a bound in seconds failed a loaded CI (60.7 s) and proves nothing on a fast
    # one; what the limits buy in time is measured by bench/scale.py, beside a baseline.
    try:
        validate(root)
    except ContentErrors as failure:
        return failure.problems
    pytest.fail("validate() accepted content that crosses a limit")


def only(found: list[ContentError], code: str) -> ContentError:
    matching = [p for p in found if p.code == code]
    assert len(matching) == 1, [(p.code, str(p.mark)) for p in found]
    return matching[0]


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# --- sizes ------------------------------------------------------------------------------------


def test_results_file_over_2_mb_is_file_too_large(content: Path) -> None:
    path = content / BRIDGE / "results/huge.yaml"
    path.write_text("# " + "x" * MAX_FILE_BYTES + "\n", encoding="utf-8")
    problem = only(problems(content), "file-too-large")
    assert problem.mark.file == path and problem.params["limit"] == 2 * 1024 * 1024
    assert "2097152" in problem.message("zh-Hans") and "file too large" in problem.message("en")


def test_notice_over_2_mb_is_file_too_large(content: Path) -> None:
    notice = content / BRIDGE / "notice.md"
    notice.write_text("# 通知\n\n" + "长" * MAX_FILE_BYTES, encoding="utf-8")
    assert only(problems(content), "file-too-large").mark.file == notice


def test_notice_not_in_utf8_is_refused_at_its_line_not_a_crash(content: Path) -> None:
    notice = content / BRIDGE / "notice.md"
    notice.write_bytes("# 比赛通知\n\n第二行\n".encode() + "第四行是 GBK 编码".encode("gbk") + b"\n")
    problem = only(problems(content), "file-not-utf8")
    assert problem.mark.file == notice and (problem.mark.line, problem.mark.column) == (4, 1)


def test_results_file_not_in_utf8_is_refused_at_its_line(content: Path) -> None:
    path = content / GUANDAN / "results/round-1.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[:text.index("时间到双方同级")].count("\n") + 1
    path.write_bytes(text.encode().replace("时间到双方同级".encode(), "时间到双方同级".encode("gbk")))
    problem = only(problems(content), "file-not-utf8")
    assert problem.mark.line == line and problem.mark.column > 1


def test_more_than_20000_entries_is_too_many(content: Path) -> None:
    entries = "".join(f"  - {{id: E{n:05d}, players: [甲{n}, 乙{n}]}}\n" for n in range(20_001))
    (content / GUANDAN / "entries.yaml").write_text(entries, encoding="utf-8")
    event = content / GUANDAN / "event.yaml"
    text = event.read_text(encoding="utf-8")
    start, end = text.index("\nentries:\n"), text.index("\nstages:\n")
    event.write_text(text[:start] + "\nentries: entries.yaml\n" + text[end:], encoding="utf-8")
    problem = only(problems(content), "too-many")
    assert problem.params["count"] == 20_001 and problem.params["limit"] == LIMITS["entries"] == 20_000
    assert problem.mark.file == event and problem.mark.line >= 1
    assert problem.message("zh-Hans") == "参赛队 过多（20001，上限 20000）"
    assert problem.message("en") == "too many entries (20001, limit 20000)"


def test_more_than_10000_tables_in_a_round_is_too_many(content: Path) -> None:
    path = content / GUANDAN / "results/round-1.yaml"
    path.write_text("stage: main\nround: 1\ntables:\n" + "  - {table: 1, teams: [T01]}\n" * 10_001, encoding="utf-8")
    problem = only(problems(content), "too-many")
    assert problem.params["what"]["en"] == "tables" and problem.mark == problem.mark.__class__(path, 4, 3)


def test_more_than_500_results_files_is_too_many(content: Path) -> None:
    results = content / GUANDAN / "results"
    for n in range(4, 502):
        (results / f"extra-{n:03d}.yaml").write_text("stage: main\nround: 1\ntables: []\n", encoding="utf-8")
    problem = only(problems(content), "too-many")
    assert problem.params["count"] == 501 and problem.mark.file == results


def test_more_than_20_stages_is_too_many(content: Path) -> None:
    event = content / GUANDAN / "event.yaml"
    extra = "".join(f"  - {{id: extra{n}, format: swiss, rounds: 1}}\n" for n in range(20))
    event.write_text(event.read_text(encoding="utf-8") + extra, encoding="utf-8")
    problem = only(problems(content), "too-many")
    assert problem.params["count"] == 21 and problem.params["what"]["zh-Hans"] == "阶段"


def test_more_events_than_the_limit_is_too_many(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit is 20,000 events (a club's decades of weekly sessions); checked here at 20, since
    20,001 folders would only make the test slow: the counting is the same."""
    assert LIMITS["events"] == 20_000
    monkeypatch.setitem(LIMITS, "events", 20)
    root = tmp_path / "content"
    shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns("events"))
    for n in range(21):
        (root / "events" / f"e{n:03d}").mkdir(parents=True)
        (root / "events" / f"e{n:03d}" / "event.yaml").write_text("title: x\n", encoding="utf-8")
    assert only(problems(root), "too-many").params["limit"] == 20


def test_a_mass_guandan_event_of_5000_teams_is_read_and_drawn(tmp_path: Path) -> None:
    """万人掼蛋: 5,000 teams of two were refused as too many (the limit was 2,000). Now they are
    read, `pair` draws round 1 (2,500 tables), and the drawn event validates."""
    from generator.cli import main

    root = tmp_path / "content"
    event = root / "events" / "wanren-2026"
    (event / "results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 牌榜\n", encoding="utf-8")
    (event / "entries.yaml").write_text("".join(
        f"- {{id: T{n:04d}, players: [甲{n}, 乙{n}]}}\n" for n in range(1, 5001)), encoding="utf-8")
    (event / "event.yaml").write_text(
        "title: 万人掼蛋\ngame: guandan\ndate: 2026-05-01\ndraw_seed: 1\nentries: entries.yaml\n"
        "stages:\n  - {id: main, format: swiss, rounds: 7}\n", encoding="utf-8")
    assert main(["pair", "wanren-2026", "main", "--content", str(root)]) == 0
    drawn = yaml.safe_load((event / "results" / "round-1.yaml").read_text(encoding="utf-8"))
    assert len(drawn["tables"]) == 2_500
    site, results, _ = validate(root)
    assert len(site.events[0].entries) == 5_000 and results[0].stages[0].rounds[0].pending


def test_board_numbers_stop_at_200_when_the_stage_does_not_say(tmp_path: Path) -> None:
    """Score sheets print every board up to the highest number: board 100000000 would take hours."""
    root = tmp_path / "content"
    (root / "events/ev/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 测试\n", encoding="utf-8")
    (root / "events/ev/event.yaml").write_text(
        "title: 测试赛\ngame: bridge\nentries:\n  - {id: A1, players: [甲, 乙]}\n  - {id: A2, players: [丙, 丁]}\n"
        "stages:\n  - {id: main, name: 主赛, format: matches}\n", encoding="utf-8")
    (root / "events/ev/results/r.yaml").write_text(
        "stage: main\ntables:\n  - {table: 1, ns: A1, ew: A2, boards: {1: pass, 200: pass, 100000000: pass}}\n",
        encoding="utf-8")
    problem = only(problems(root), "board-number-largest")  # not "this stage's boards": the stage has none
    assert problem.params == {"board": 100000000, "largest": 200}
    assert problem.message("en") == "board 100000000 is past the largest board number paibang reads (200)"


def test_daguai_board_numbers_stop_at_200_too(tmp_path: Path) -> None:
    root = tmp_path / "content"
    (root / "events/ev/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 测试\n", encoding="utf-8")
    (root / "events/ev/event.yaml").write_text(
        "title: 测试赛\ngame: daguai\nentries:\n  - {id: D1, players: [甲]}\n  - {id: D2, players: [乙]}\n"
        "stages:\n  - {id: main, name: 主赛, format: matches}\n", encoding="utf-8")
    (root / "events/ev/results/r.yaml").write_text(
        "stage: main\ntables:\n  - {table: 1, home: D1, away: D2, boards: {1: {open: D1 8, closed: D2 5}, "
        "100000000: {open: D1 8, closed: D2 5}}}\n", encoding="utf-8")
    assert only(problems(root), "board-number-largest").params["largest"] == 200


def test_shengji_board_table_numbered_past_200_is_refused_not_a_hang(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns("events"))
    shutil.copytree(DEMO / SHENGJI, root / SHENGJI)
    replace(root / SHENGJI / "event.yaml", "    rank_by: [match_points, net]\n",
            "    rank_by: [match_points, net]\n    board_table: {1: N 2, 1000000000: W 3}\n")
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (4 * 1024**3, hard))  # fail fast instead of swapping
    try:
        assert only(problems(root), "shengji-board-table").params["board"] == 1000000000
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# --- nesting ------------------------------------------------------------------------------------


def nested(depth: int) -> str:
    return "a: " + "[" * (depth - 1) + "x" + "]" * (depth - 1) + "\n"


def test_nesting_to_the_limit_loads_and_one_deeper_is_yaml_too_deep() -> None:
    problems_ = Problems()
    assert load_yaml_text(nested(MAX_DEPTH), Path("r.yaml"), problems_) is not None and not problems_.items
    load_yaml_text(nested(MAX_DEPTH + 1), Path("r.yaml"), problems_)
    (problem,) = problems_.items
    assert problem.code == "yaml-too-deep" and problem.params == {"limit": 24} and problem.mark.line == 1


@pytest.mark.parametrize("text", ["[" * 100_000, "- " * 50_000 + "x", "{a: " * 50_000, "a:\n" + "".join(
    " " * n + "a:\n" for n in range(1, 3000))])
def test_very_deep_nesting_is_refused_quickly_not_a_crash(text: str) -> None:
    problems_ = Problems()
    assert load_yaml_text(text, Path("r.yaml"), problems_) is None
    assert [p.code for p in problems_.items] == ["yaml-too-deep"]


def test_a_number_too_long_to_print_stays_text() -> None:
    problems_ = Problems()
    value = load_yaml_text("a: " + "9" * 5000 + "\nb: 0x" + "f" * 5000 + "\nc: 12\n", Path("r.yaml"), problems_)
    assert value == {"a": "9" * 5000, "b": "0x" + "f" * 5000, "c": 12} and not problems_.items


# --- links that lead outside content/ ----------------------------------------------------------


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def test_event_yaml_linked_from_outside_is_refused(content: Path, outside: Path) -> None:
    event = content / GUANDAN / "event.yaml"
    shutil.move(event, outside / "event.yaml")
    event.symlink_to(outside / "event.yaml")
    problem = only(problems(content), "file-outside-content")
    assert problem.mark.file == event and "content/" in problem.message("en")


def test_notice_linked_to_a_system_file_is_refused(content: Path) -> None:
    notice = content / BRIDGE / "notice.md"
    notice.unlink()
    notice.symlink_to("/etc/passwd")
    assert only(problems(content), "file-outside-content").mark.file == notice


def test_notice_named_with_dot_dot_is_refused(content: Path, outside: Path) -> None:
    (outside / "rules.md").write_text("# 规程\n", encoding="utf-8")
    relative = Path("../../..") / outside.name / "rules.md"
    replace(content / BRIDGE / "event.yaml", "notice: notice.md", f"notice: {relative}")
    assert only(problems(content), "file-outside-content").params["path"] == "rules.md"


def test_a_notice_from_another_folder_of_content_is_refused_and_never_published(content: Path, tmp_path: Path) -> None:
    """An event's reading and pages are kept by its own folder's files: a notice shared from
    elsewhere in content/ would not be read again when edited, and a private key written into it
    afterwards was published from the kept reading, unchecked (found on 2983d45: the second
    build rendered nothing, a build after output/ was removed put `wechat: …` on the event's page)."""
    from generator.build import build

    shared = content / "shared" / "rules.md"
    shared.parent.mkdir()
    shared.write_text("# 规程\n\n比赛规则如下。\n", encoding="utf-8")
    replace(content / BRIDGE / "event.yaml", "notice: notice.md", "notice: [notice.md, ../../shared/rules.md]")
    problem = only(problems(content), "file-outside-event")
    assert problem.params == {"path": "../../shared/rules.md", "slug": BRIDGE.split("/")[1]}
    assert problem.mark.file == content / BRIDGE / "event.yaml" and problem.mark.line == 8
    assert "events/dongke-bridge-2015/" in problem.hint("en")
    with pytest.raises(ContentErrors):
        build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert not (tmp_path / "output").exists()


def test_an_entries_file_from_another_folder_of_content_is_refused(content: Path) -> None:
    listed = content / "shared" / "entries.yaml"
    listed.parent.mkdir()
    event = content / GUANDAN / "event.yaml"
    text = event.read_text(encoding="utf-8")
    head, _, rest = text.partition("\nentries:\n")
    body = rest.split("\nstages:", 1)
    listed.write_text("entries:\n" + body[0] + "\n", encoding="utf-8")
    event.write_text(head + "\nentries: ../../shared/entries.yaml\nstages:" + body[1], encoding="utf-8")
    assert only(problems(content), "file-outside-event").params["path"] == "../../shared/entries.yaml"
    # Nor through a folder of the event's linked to another (the event's files are looked at
    # without walking linked folders).
    (content / GUANDAN / "lists").symlink_to(listed.parent)
    replace(event, "entries: ../../shared/entries.yaml", "entries: lists/entries.yaml")
    assert only(problems(content), "file-outside-event").params["path"] == "lists/entries.yaml"
    # The same list inside the event's folder is read.
    shutil.copy(listed, content / GUANDAN / "entries.yaml")
    replace(event, "entries: lists/entries.yaml", "entries: entries.yaml")
    validate(content)


def test_results_file_linked_from_outside_is_refused(content: Path, outside: Path) -> None:
    results = content / GUANDAN / "results"
    shutil.move(results / "round-3.yaml", outside / "round-3.yaml")
    (results / "round-3.yaml").symlink_to(outside / "round-3.yaml")
    assert only(problems(content), "file-outside-content").mark.file == results / "round-3.yaml"


def test_results_folder_linked_from_outside_is_refused(content: Path, outside: Path) -> None:
    """Each of its files, though none is a link itself (the files of a results folder are
    judged by the folder resolved once: content/files.py's inside_content)."""
    results = content / GUANDAN / "results"
    count = len(list(results.glob("*.yaml")))
    shutil.move(results, outside / "results")
    results.symlink_to(outside / "results")
    found = [p for p in problems(content) if p.code == "file-outside-content"]
    assert sorted(p.mark.file.name for p in found) == sorted(p.name for p in (outside / "results").glob("*.yaml"))
    assert len(found) == count and all(p.mark.file.parent == results for p in found)


def test_results_file_linked_inside_content_is_read(content: Path) -> None:
    """A results file linked to another file of content/ is read (resolved whole: not taken
    as its folder's own file, which a wrong shortcut would refuse or read elsewhere)."""
    results = content / GUANDAN / "results"
    shutil.move(results / "round-3.yaml", content / "round-3.yaml")
    (results / "round-3.yaml").symlink_to(content / "round-3.yaml")
    site, _, _ = validate(content)
    event = next(e for e in site.events if e.slug == Path(GUANDAN).name)
    assert 3 in [r.number for r in next(iter(event.rounds.values()))]


def test_entries_file_linked_from_outside_is_refused(content: Path, outside: Path) -> None:
    (outside / "entries.yaml").write_text("- {id: T01, players: [甲, 乙]}\n", encoding="utf-8")
    (content / GUANDAN / "entries.yaml").symlink_to(outside / "entries.yaml")
    event = content / GUANDAN / "event.yaml"
    text = event.read_text(encoding="utf-8")
    start, end = text.index("\nentries:\n"), text.index("\nstages:\n")
    event.write_text(text[:start] + "\nentries: entries.yaml\n" + text[end:], encoding="utf-8")
    assert any(p.code == "file-outside-content" for p in problems(content))


def test_event_folder_linked_from_outside_is_refused(content: Path, outside: Path) -> None:
    shutil.move(content / GUANDAN, outside / "tumu")
    (content / GUANDAN).symlink_to(outside / "tumu")
    assert only(problems(content), "file-outside-content").params["path"] == "event.yaml"


def test_site_yaml_linked_from_outside_is_refused(content: Path, outside: Path) -> None:
    shutil.move(content / "site.yaml", outside / "site.yaml")
    (content / "site.yaml").symlink_to(outside / "site.yaml")
    assert only(problems(content), "file-outside-content").params["path"] == "site.yaml"


def test_links_inside_content_are_followed(content: Path) -> None:
    notice = content / BRIDGE / "notice.md"
    shutil.move(notice, content / "shared-notice.md")
    notice.symlink_to(content / "shared-notice.md")
    site, _, _ = validate(content)
    assert next(e for e in site.events if e.slug == "dongke-bridge-2015").notices == [notice]



PAIRS = "events/qiaoyou-club-pairs-2024"  # the demo pairs event, `hands: hands.pbn`
BOARD_1 = '[Deal "N:AQ.AKJ7653.3.AQ2 KT.842.JT9865.T5 J8732.T.K4.K9763 9654.Q9.AQ72.J84"]'
BOARD_1_TURNED = '[Deal "N:J8732.T.K4.K9763 KT.842.JT9865.T5 AQ.AKJ7653.3.AQ2 9654.Q9.AQ72.J84"]'  # N and S swapped
NORTH = '<strong>北</strong> <span class="meta">{} 点</span>'  # board 1's page: North's hand and its points


def shared_hands(tmp_path: Path, link: str = "hands.pbn") -> Path:
    """content/ with the demo pairs event, its hands.pbn moved to content/shared/ and `link` in
    the event's folder linked to it (`lists/hands.pbn`: its folder `lists` linked to shared/)."""
    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(DEMO / "site.yaml", root / "site.yaml")
    shutil.copytree(DEMO / PAIRS, root / PAIRS)
    shared = root / "shared" / "hands.pbn"
    shared.parent.mkdir()
    shutil.move(root / PAIRS / "hands.pbn", shared)
    if link == "hands.pbn":
        (root / PAIRS / "hands.pbn").symlink_to(shared)
    else:
        (root / PAIRS / "lists").symlink_to(shared.parent)
        replace(root / PAIRS / "event.yaml", "hands: hands.pbn", f"hands: {link}")
    return root


def test_a_hands_file_of_the_event_linked_to_another_file_of_content_is_read(tmp_path: Path) -> None:
    """bridge's `hands:` is judged as a notice is (test_links_inside_content_are_followed): by
    the folder the file lies in, not where its link leads. hands.pbn in the event's folder,
    linked to content/shared/hands.pbn, is read (it was refused, file-outside-event, judged by
    where the link leads)."""
    root = shared_hands(tmp_path)
    site, _, _ = validate(root)
    hands = next(e for e in site.events if e.slug == PAIRS.split("/")[1]).stage("pairs").options.hands
    assert hands is not None and sorted(hands.deals) == list(range(1, 31))


def test_a_hands_file_through_a_folder_linked_elsewhere_or_linked_outside_content_is_refused(
        tmp_path: Path, outside: Path) -> None:
    """As an entries file: `lists/hands.pbn`, its folder linked to content/shared/, lies outside
    the event's folder (file-outside-event); a hands.pbn linked to a file outside content/ is
    file-outside-content, at the file, as a notice so linked is."""
    root = shared_hands(tmp_path, "lists/hands.pbn")
    assert only(problems(root), "file-outside-event").params == {"path": "lists/hands.pbn", "slug": PAIRS.split("/")[1]}
    (root / PAIRS / "lists").unlink()
    replace(root / PAIRS / "event.yaml", "hands: lists/hands.pbn", "hands: hands.pbn")
    shutil.move(root / "shared" / "hands.pbn", outside / "hands.pbn")
    (root / PAIRS / "hands.pbn").symlink_to(outside / "hands.pbn")
    assert only(problems(root), "file-outside-content").mark.file == root / PAIRS / "hands.pbn"


@pytest.mark.parametrize("linked", [True, False], ids=["linked", "its own"])
def test_edits_of_a_hands_file_are_built_and_shown_by_serves_first_step(tmp_path: Path, linked: bool) -> None:
    """The event's folder is looked at file by file, a linked file by the file it leads to (its
    stats, its bytes): a build after the (shared) hands.pbn was edited shows the new deal. And
    serve, whose first step after a save takes event.yaml's reading again while the files read
    for it are as they were, counts the hands file among them: a round saved after the deals
    were edited puts board 1's page with the new deal in place at once (it showed the old one,
    and the whole rebuild, handed that reading, kept it: the event's own hands.pbn too), and
    output/ is then what a fresh build makes."""
    from functools import partial

    from generator.build import build, build_event_first
    from generator.commands.serve import Building

    root = shared_hands(tmp_path)
    if not linked:
        (root / PAIRS / "hands.pbn").unlink()
        shutil.move(root / "shared" / "hands.pbn", root / PAIRS / "hands.pbn")
    hands = root / ("shared" if linked else PAIRS) / "hands.pbn"
    board_1 = tmp_path / "output" / PAIRS / "pairs/boards/1/index.html"
    cache = tmp_path / "cache/pdf"
    kept = Building(root, tmp_path / "output", "en", partial(build, cache_dir=cache, bulletins=False),
                    partial(build_event_first, cache_dir=cache, bulletins=False))
    assert kept.build_once() is None
    assert NORTH.format(20) in board_1.read_text(encoding="utf-8")
    replace(hands, BOARD_1, BOARD_1_TURNED)
    assert kept.build_once() is None
    assert NORTH.format(7) in board_1.read_text(encoding="utf-8")
    # serve: a round saved after the deals were edited again (board 1 back as it was)
    round_1 = root / PAIRS / "results/round-1.yaml"
    round_1.write_text(round_1.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert kept.build_once([str(round_1)]) is None  # (serve's first step has the event's reading now)
    replace(hands, BOARD_1_TURNED, BOARD_1)
    round_1.write_text(round_1.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    early: list[str] = []
    assert kept.build_once([str(round_1)], early=lambda: early.append(board_1.read_text(encoding="utf-8"))) is None
    assert len(early) == 1 and NORTH.format(20) in early[0]
    fresh = tmp_path / "fresh"
    build(root, fresh, cache_dir=tmp_path / "fresh-cache/pdf", bulletins=False)
    assert board_1.read_bytes() == (fresh / PAIRS / "pairs/boards/1/index.html").read_bytes()


# --- names that would escape output/ ---------------------------------------------------------------


@pytest.mark.parametrize("slug", ["..", "Dongke", "a b", "-x", "x.y", "赛事", "a" * 65, "x_y", "x\n", "x\\y"])
def test_event_folder_that_cannot_be_a_url_is_slug_invalid(slug: str, tmp_path: Path) -> None:
    problems_ = Problems()
    site = Site("t", None, "zh-Hans", None, (), [], tmp_path)
    assert load_event(tmp_path / "events" / slug, site, problems_) is None
    assert [p.code for p in problems_.items] == ["slug-invalid"]


def test_event_folder_with_a_newline_in_its_name_is_slug_invalid(content: Path) -> None:
    (content / GUANDAN).rename(content / "events" / "tumu\n")
    assert only(problems(content), "slug-invalid").params["slug"] == "tumu\n"


@pytest.mark.parametrize("entry_id", ["../x", "a/b", "A 1", ".", "..", "x" * 33, "<b>", "A1\u202e"])
def test_entry_id_that_cannot_be_a_folder_is_id_invalid(entry_id: str, content: Path) -> None:
    replace(content / GUANDAN / "event.yaml", "{id: T52,", f"{{id: {json.dumps(entry_id)},")
    assert any(p.code == "id-invalid" and p.params["value"] == entry_id for p in problems(content))


@pytest.mark.parametrize("path", ["../x.html", "events/../../x", "/etc/x", "a\\..\\b", "..", "x/.."])
def test_output_tree_refuses_paths_that_leave_it(path: str, tmp_path: Path) -> None:
    tree = OutputTree(tmp_path / "out")
    with pytest.raises(UnsafePath):
        tree.write_text(path, "x")
    assert not (tmp_path / "x.html").exists() and not (tmp_path / "out").exists()
