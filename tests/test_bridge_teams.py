"""Bridge teams: IMPs between the open and the closed room, match totals, WBF 2013 continuous
victory points, byes and forfeits, reading team tables, travellers, and the demo teams event.

Numbers come from rules-bridge.md (the VP formula and its worked example) or are worked here.
"""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.errors import ContentErrors
from generator.games.bridge import RULES, BridgeStage, parse_board
from generator.games.bridge.duplicate import AdjustedRecord, TeamBoard, score_team_match, victory_points

ROOT = Path(__file__).resolve().parents[1]
DEMO = "gaoxiao-bridge-teams-2024"

# --- victory points, WBF 2013 continuous scale ------------------------------------------------------


def test_vp_of_the_spec_16_boards_10_imps():
    assert victory_points(10, 16) == (12.80, 7.20)


def test_vp_a_draw_is_10_each():
    assert victory_points(0, 16) == (10.0, 10.0)


def test_vp_is_capped_at_20_from_the_blitz_margin():
    blitz = 15 * math.sqrt(16)  # 60 IMPs over 16 boards
    assert victory_points(blitz, 16) == (20.0, 0.0)
    assert victory_points(95, 16) == (20.0, 0.0)


def test_vp_of_a_negative_margin_is_the_other_way_round():
    assert victory_points(-10, 16) == (7.20, 12.80)


def test_vp_formula_by_hand_for_8_boards():
    tau = (math.sqrt(5) - 1) / 2
    b = 15 * math.sqrt(8)
    expected = round(10 + 10 * (1 - tau ** (3 * 14 / b)) / (1 - tau ** 3), 2)
    assert victory_points(14, 8)[0] == expected
    assert sum(victory_points(14, 8)) == 20


@pytest.mark.parametrize("boards", [6, 8, 12, 16, 20, 24, 32])
def test_vp_grows_with_the_margin_and_always_adds_to_20(boards):
    previous = 10.0
    for margin in range(0, 120):
        winner, loser = victory_points(margin, boards)
        assert round(winner + loser, 2) == 20
        assert winner >= previous
        previous = winner


# --- one match ---------------------------------------------------------------------------------------


def board(number, open_text, closed_text):
    return TeamBoard(number, parse_board(number, open_text), parse_board(number, closed_text))


def test_imps_between_rooms_home_ns_in_the_open_room():
    # board 1, none vul: open 4S N = (home NS +420); closed 4S S -1 (away NS -50): home +470 -> 10 IMPs
    match = score_team_match("H", "A", [board(1, "4S N =", "4S S -1")], BridgeStage(kind="teams", scoring="imps"))
    row = match.rows[0]
    assert (row.open_score, row.closed_score, row.difference) == (420, -50, 470)
    assert (row.home_imps, row.away_imps) == (10, -10)
    assert match.won == {"H": 10, "A": 0} and match.margin == {"H": 10, "A": -10}


def test_match_imps_total_and_vp_over_the_stage_boards():
    boards = [
        board(1, "4S N =", "4S S -1"),     # nv: 420 v -50 -> +10
        board(2, "3NT E =", "3NT W +1"),   # NS vul: -400 v -430 -> +1
        board(3, "2H S =", "4H S =", ),    # EW vul: 110 v 420 -> -310 -> -7
        board(4, "pass", "1NT N -1"),      # both: 0 v -100 -> +3
    ]
    match = score_team_match("H", "A", boards, BridgeStage(kind="teams", scoring="imps"), length=16)
    assert [r.home_imps for r in match.rows] == [10, 1, -7, 3]
    assert match.won == {"H": 14, "A": 7} and match.margin == {"H": 7, "A": -7}
    assert match.vp == {"H": victory_points(7, 16)[0], "A": victory_points(7, 16)[1]}
    assert match.boards == 16


def test_adjusted_team_board_is_3_imps():
    match = score_team_match("H", "A", [TeamBoard(1, adjusted=AdjustedRecord(1, 60, 40))], BridgeStage(kind="teams"))
    assert (match.rows[0].home_imps, match.rows[0].away_imps) == (3, -3)
    both = score_team_match("H", "A", [TeamBoard(1, adjusted=AdjustedRecord(1, 60, 60))], BridgeStage(kind="teams"))
    assert both.margin == {"H": 3, "A": 3}


# --- a teams stage from content ------------------------------------------------------------------------


def write_teams_event(root: Path, rounds: list[str], extra: str = "") -> Path:
    content = root / "content"
    folder = content / "events/teams"
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试站\n", encoding="utf-8")
    entries = "\n".join(f"  - {{id: T{i}, name: 队{i}, players: [甲{i}, 乙{i}, 丙{i}, 丁{i}]}}" for i in range(1, 6))
    (folder / "event.yaml").write_text(
        f"title: 队式赛\ngame: bridge\ndate: 2024-11-02\nentries:\n{entries}\nstages:\n"
        f"  - id: main\n    name: 队式赛\n    format: swiss\n    scoring: imps\n    rounds: {len(rounds)}\n    boards: 2\n{extra}",
        encoding="utf-8")
    for number, tables in enumerate(rounds, start=1):
        (folder / "results" / f"round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n{tables}", encoding="utf-8")
    return content


ROUND_1 = """  - table: 1
    home: T1
    away: T2
    boards:
      1: {open: 4S N =, closed: 4S S -1}
      2: {开室: 3NT E =, 闭室: 3NT W +1}
  - table: 2
    home: T3
    away: T4
    boards:
      1: [2H S =, 2H N =]
      2: A+
  - table: 3
    home: T5
"""


def test_teams_stage_standings_by_vp_then_imps(tmp_path):
    _, results, warnings = validate(write_teams_event(tmp_path, [ROUND_1]))
    stage = results[0].stages[0]
    assert not warnings
    metrics = {s.entry.id: s.tally.metrics for s in stage.standings}
    assert metrics["T1"] == {"vp": victory_points(11, 2)[0], "imps": 11}
    assert metrics["T2"] == {"vp": victory_points(11, 2)[1], "imps": -11}
    assert metrics["T3"] == {"vp": victory_points(3, 2)[0], "imps": 3}
    assert metrics["T5"] == {"vp": 12, "imps": 0}  # the bye: 12 VP
    assert stage.stage.rank_by == ["vp"]
    assert [s.entry.id for s in stage.standings][:2] == ["T1", "T3"] or metrics["T5"]["vp"] > metrics["T3"]["vp"]


def test_bye_credit_is_a_stage_key(tmp_path):
    _, results, _ = validate(write_teams_event(tmp_path, [ROUND_1], extra="    bye: {vp: 10, imps: 0}\n"))
    assert {s.entry.id: s.tally.metrics for s in results[0].stages[0].standings}["T5"]["vp"] == 10


def test_forfeit_gives_the_bye_credit_to_the_other_team(tmp_path):
    # (both boards of the stage's two: a match short of one waits for it)
    rounds = ["  - {table: 1, home: T1, away: T2, forfeit: T2}\n  - {table: 2, home: T3, away: T4, boards: {1: [pass, pass], 2: [pass, pass]}}\n  - {table: 3, home: T5}\n"]
    _, results, _ = validate(write_teams_event(tmp_path, rounds))
    metrics = {s.entry.id: s.tally.metrics for s in results[0].stages[0].standings}
    assert metrics["T1"]["vp"] == 12 and metrics["T2"]["vp"] == 0 and metrics["T3"]["vp"] == metrics["T4"]["vp"] == 10
    # the forfeiting team's IMPs are 0 (the bye's), not -0.0: results.json printed "-0.0"
    [forfeit] = [t for t in results[0].stages[0].rounds[0].tables if t.table.forfeit]
    assert [str(forfeit.extra["imps"][team]) for team in ("T1", "T2")] == ["0.0", "0.0"]


@pytest.mark.parametrize(("board_text", "code"), [
    ("{}", "bridge-room-missing"),  # one room only waits for the other (test_event_in_progress)
    ("{open: 4S N =, closed: 4S Q =}", "bridge-board-syntax"),
    ("{open: 4S N =, kitchen: 4S S =}", "bridge-board-syntax"),
    ("{open: 4S N = 400, closed: 4S S =}", "bridge-score-mismatch"),
    ("{adjusted: {NS: 60}}", "bridge-adjusted-syntax"),
    ("AVE+/AVE-", "bridge-adjusted-syntax"),  # A+/A- meant: said how to write it, not which rooms to give
    ("60/40", "bridge-adjusted-syntax"),
])
def test_team_board_problems(tmp_path, board_text, code):
    rounds = [f"  - table: 1\n    home: T1\n    away: T2\n    boards:\n      1: {board_text}\n"]
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, rounds))
    assert code in {p.code for p in caught.value.problems}


@pytest.mark.parametrize("lang, said, fix", [
    ("zh-Hans", "阶段 main（format: swiss，scoring: imps）是队式赛", "把 ns:/ew: 改成 home:"),
    ("zh-Hant", "階段 main（format: swiss，scoring: imps）是隊式賽", "把 ns:/ew: 改成 home:"),
    ("en", "stage main (format: swiss, scoring: imps) is a teams stage", "write home: (NS in the open room"),
])
def test_a_pairs_table_in_a_teams_stage_is_one_error_with_the_fix(tmp_path, capsys, lang, said, fix):
    """ns/ew (a table of two pairs) written in a teams stage: check said home was missing and ns
    and ew unknown, three generic errors, none of which named the other fix (a pairs scoring).
    One error now at the table's ns, with both fixes; the other tables read as before."""
    rounds = [ROUND_1.replace("    home: T1\n    away: T2\n", "    ns: T1\n    ew: T2\n")]
    content = write_teams_event(tmp_path, rounds)
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    assert [(p.code, p.mark.line) for p in caught.value.problems if not p.warning] == [
        ("bridge-pairs-table-in-teams", 5)]
    assert main(["check", "--content", str(content), "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert "events/teams/results/round-1.yaml:5:5:" in err and "[bridge-pairs-table-in-teams]" in err
    assert said in err and fix in err and "scoring: total" in err and "format: pairs" in err
    assert "[key-unknown]" not in err and "[key-missing]" not in err


@pytest.mark.parametrize("lang, said, fix", [
    ("zh-Hans", "阶段 ko（format: knockout）按 scoring: total 计分", "桥牌的 matches 和 knockout 阶段不写 scoring 时按 total 计分"),
    ("zh-Hant", "階段 ko（format: knockout）按 scoring: total 計分", "橋牌的 matches 和 knockout 階段不寫 scoring 時按 total 計分"),
    ("en", "stage ko (format: knockout) is scored scoring: total", "a bridge matches or knockout stage without scoring: is scored total"),
])
def test_a_teams_knockout_without_scoring_is_told_the_default_and_the_fix(tmp_path, capsys, lang, said, fix):
    """A bridge knockout reads its tables as matches, scored total by default (content-format.md:
    `scoring` defaults to total, the seed's method; the spec names no other default for a
    knockout, so it is kept). Written home/away without `scoring: imps`, check said the stage
    "is scored scoring: total", which the secretary never wrote: it says now that this is the
    default of a bridge knockout, and the fix (scoring: imps) names a teams knockout."""
    content = tmp_path / "content"
    folder = content / "events/ko"
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试站\n", encoding="utf-8")
    entries = "\n".join(f"  - {{id: T{i}, name: 队{i}, players: [甲{i}, 乙{i}, 丙{i}, 丁{i}]}}" for i in range(1, 5))
    (folder / "event.yaml").write_text(
        f"title: 队式淘汰赛\ngame: bridge\ndate: 2024-11-02\nentries:\n{entries}\nstages:\n"
        "  - id: ko\n    name: 淘汰赛\n    format: knockout\n    boards: 2\n", encoding="utf-8")
    (folder / "results/round-1.yaml").write_text(
        "stage: ko\nround: 1\ntables:\n  - table: 1\n    home: T1\n    away: T4\n"
        "  - table: 2\n    home: T2\n    away: T3\n", encoding="utf-8")
    assert main(["check", "--content", str(content), "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert err.count("[bridge-team-match-not-teams]") == 2 and "events/ko/results/round-1.yaml:5:5:" in err
    assert said in err and fix in err and "scoring: imps" in err


def test_team_travellers_list_both_rooms_of_every_match(tmp_path):
    _, results, _ = validate(write_teams_event(tmp_path, [ROUND_1]))
    stage = results[0].stages[0]
    travellers = RULES.travellers(stage.stage, stage.rounds)
    assert [t.board for t in travellers] == [1, 2]
    first = travellers[0]
    assert [(line.home, line.away) for line in first.lines] == [("T1", "T2"), ("T3", "T4")]
    assert [(f.score, f.count) for f in first.frequency] == [(420, 1), (110, 2), (-50, 1)]


# --- the demo teams event ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    content = tmp_path_factory.mktemp("teams") / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events" / DEMO, content / "events" / DEMO)
    _, results, warnings = validate(content, strict=True)
    assert not warnings
    return content, results[0]


def test_demo_round_robin_every_team_meets_every_other(demo):
    _, result = demo
    stage = result.stages[0]
    met = {frozenset(t.table.sides) for r in stage.rounds for t in r.tables}
    assert len(stage.rounds) == 5 and len(met) == 15
    for r in stage.rounds:
        for t in r.tables:
            view = t.view
            assert round(view.vp[view.home] + view.vp[view.away], 2) == 20
            assert view.margin[view.home] == -view.margin[view.away] == view.won[view.home] - view.won[view.away]


def test_demo_standings_sum_the_matches(demo):
    _, result = demo
    stage = result.stages[0]
    for standing in stage.standings:
        own = [t.view for r in stage.rounds for t in r.tables if standing.entry.id in t.table.sides]
        assert standing.tally.metrics["vp"] == pytest.approx(sum(v.vp[standing.entry.id] for v in own))
        assert standing.tally.metrics["imps"] == sum(v.margin[standing.entry.id] for v in own)
    assert sum(s.tally.metrics["vp"] for s in stage.standings) == pytest.approx(15 * 20)


def test_demo_teams_pages(demo, tmp_path):
    content, _ = demo
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet"]) == 0
    page = (out / f"events/{DEMO}/teams/round-1/index.html").read_text(encoding="utf-8")
    assert "开室" in page and "闭室" in page and "胜利分" in page
    board = (out / f"events/{DEMO}/teams/boards/1/index.html").read_text(encoding="utf-8")
    assert "牌例" in board and board.count("主队坐南北") == 1
    assert (out / f"events/{DEMO}/bulletins").is_dir()


@pytest.mark.parametrize(("table", "code"), [
    ("  - {table: 1, home: T1, away: T2, forfeit: T2, boards: {1: [pass, pass]}}\n", "forfeit-with-play"),
    ("  - {table: 1, home: T1, boards: {1: [pass, pass]}}\n", "bye-with-play"),
])
def test_a_match_not_played_has_no_boards(tmp_path, table, code):
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, [table]))
    assert code in {p.code for p in caught.value.problems}


# --- board numbers across the rounds (content-format.md "Board numbers") ---------------------------

MATCH = "  - table: {table}\n    home: {home}\n    away: {away}\n    boards:\n{boards}"


def _match(table: int, home: str, away: str, *boards: int) -> str:
    return MATCH.format(table=table, home=home, away=away,
                        boards="".join(f"      {n}: {{open: 4S N =, closed: 4S S -1}}\n" for n in boards))


TWO_ROUNDS = [_match(1, "T1", "T2", 1, 2) + _match(2, "T3", "T4", 1, 2) + "  - table: 3\n    home: T5\n",
              _match(1, "T1", "T3", 3, 4) + _match(2, "T2", "T5", 3, 4) + "  - table: 3\n    home: T4\n"]


def _problems(content: Path) -> list:
    try:
        _, _, warnings = validate(content)
    except ContentErrors as failure:
        return list(failure.problems)
    return list(warnings)


def test_boards_numbered_on_through_the_rounds_are_clean(tmp_path):
    assert _problems(write_teams_event(tmp_path, TWO_ROUNDS)) == []


def test_a_board_of_another_round_is_a_warning_at_its_line(tmp_path):
    """Round 1 plays 1-2; table 1 wrote board 4 (round 2's) for its second board."""
    rounds = [TWO_ROUNDS[0].replace("      2: {open", "      4: {open", 1)]
    problems = _problems(write_teams_event(tmp_path, rounds))
    assert [p.code for p in problems] == ["bridge-team-board-round"]
    [problem] = problems
    assert problem.warning and problem.mark.file.name == "round-1.yaml" and problem.mark.line == 9
    # (line 9: after stage, round, tables, table, home, away, boards and board 1)
    assert problem.message("zh-Hans") == "第 1 轮打第 1–2 副，第 1 桌写了第 4 副"
    assert "boards_each_round: same" in problem.hint("zh-Hans")


def test_a_team_playing_a_board_twice_is_an_error_naming_both_places(tmp_path):
    """Round 2's table 2 wrote its board 4 as 1: T2 played board 1 in round 1 at table 1 (T5,
    a bye in round 1, did not)."""
    rounds = [TWO_ROUNDS[0], _match(1, "T1", "T3", 3, 4) + _match(2, "T2", "T5", 3, 1) + "  - table: 3\n    home: T4\n"]
    problems = _problems(write_teams_event(tmp_path, rounds))
    twice = [p for p in problems if p.code == "bridge-team-board-twice"]
    assert [p.params["team"] for p in twice] == ["T2"] and not twice[0].warning
    assert twice[0].message("zh-Hans") == "T2 在第 2 轮第 2 桌又打了第 1 副（第 1 轮第 1 桌已打过）"
    assert twice[0].mark.file.name == "round-2.yaml"
    assert [p.code for p in problems if p.warning] == ["bridge-team-board-round"]


def test_a_stage_whose_rounds_each_play_the_same_numbers_says_so(tmp_path):
    """A club dealing boards 1-2 afresh every round, its stage written before the key existed:
    one warning with the key to write (an error a board stopped its build after the upgrade),
    and nothing once the stage says `boards_each_round: same`."""
    again = TWO_ROUNDS[1].replace("      3: {open", "      1: {open").replace("      4: {open", "      2: {open")
    rounds = [TWO_ROUNDS[0], again]
    problems = _problems(write_teams_event(tmp_path, rounds))
    assert [(p.code, p.warning) for p in problems] == [("bridge-team-boards-same", True)]
    assert problems[0].mark.file.name == "round-2.yaml"
    assert "boards_each_round: same" in problems[0].hint("zh-Hans")
    assert _problems(write_teams_event(tmp_path / "same", rounds, extra="    boards_each_round: same\n")) == []


def test_a_matches_stage_plays_the_boards_its_files_write(tmp_path):
    """Imported sessions (`format: matches`): a round playing 11-12 is no other round's."""
    content = write_teams_event(tmp_path, [TWO_ROUNDS[0].replace("      1: {open", "      11: {open")
                                           .replace("      2: {open", "      12: {open")])
    event = content / "events/teams/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("format: swiss", "format: matches"), encoding="utf-8")
    assert _problems(content) == []


def test_a_matches_stage_whose_sessions_each_number_from_1_is_no_error(tmp_path):
    """Sessions imported (or written) as a `matches` stage may each number their boards from 1:
    the same team's board 1 in two rounds is two deals there."""
    again = TWO_ROUNDS[1].replace("      3: {open", "      1: {open").replace("      4: {open", "      2: {open")
    content = write_teams_event(tmp_path, [TWO_ROUNDS[0], again])
    event = content / "events/teams/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("format: swiss", "format: matches"), encoding="utf-8")
    assert _problems(content) == []


def test_a_mistyped_room_key_is_named_with_the_key_it_was_meant_to_be(tmp_path):
    """`clossed:` was "看不懂：队式赛一副牌写开室和闭室两项", the grammar of a whole board; it
    names the key and guesses the room."""
    rounds = ["  - table: 1\n    home: T1\n    away: T2\n    boards:\n      1: {open: 4H S =, clossed: 3NT E +1}\n"]
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, rounds))
    [problem] = [p for p in caught.value.problems if p.code == "bridge-board-syntax"]
    assert "「clossed」不是房间的名字" in problem.message("zh-Hans") and "是不是 closed？" in problem.message("zh-Hans")
    assert "did you mean closed?" in problem.message("en")


def test_the_teams_draw_notice_says_the_boards_the_round_plays(tmp_path):
    """The 对阵表 printed for a teams round names its boards (the stage's numbering, on through
    the rounds: round 2 of 2-board rounds plays 3–4), as its score sheets list them; it did not
    say which boards, and the rooms took them from the board table by guess."""
    import subprocess

    round_2 = "  - {table: 1, home: T1, away: T3}\n  - {table: 2, home: T2, away: T5}\n  - {table: 3, home: T4}\n"
    content = write_teams_event(tmp_path, [ROUND_1, round_2])
    assert main(["print", "teams", "main", "--round", "2", "--content", str(content),
                 "--output", str(tmp_path / "forms")]) == 0
    text = subprocess.run(["pdftotext", str(tmp_path / "forms/draw-main-round-2.pdf"), "-"],
                          capture_output=True, check=True, text=True).stdout
    assert "本轮打第3–4副。" in "".join(text.split())  # pdftotext breaks the line where the page does


# --- a board one room of which is not in the record: the IMPs the scorer recorded ---------------------

ONE_ROOM_RECORDED = """  - table: 1
    home: T1
    away: T2
    boards:
      1: {open: 4S N =, closed: 4S S -1}
      2: {open: 4H S =, imps: -1}
  - table: 2
    home: T3
    away: T4
    boards:
      1: [2H S =, 2H N =]
      2: {closed: 3NT N =, imps: 2}
  - table: 3
    home: T5
"""


def test_a_board_with_one_room_and_its_recorded_imps_counts_them_in_the_match(tmp_path):
    """eoq2021's board 20 written by hand: one room and the IMPs the file scores it (home's). The
    match counts them before its VPs (10 - 1 = 9 IMPs to T1), is not pending, and warns of nothing."""
    _, results, warnings = validate(write_teams_event(tmp_path, [ONE_ROOM_RECORDED]))
    assert not warnings  # no room-pending: the board does not wait for its other room
    stage = results[0].stages[0]
    first, second = (score.view for score in stage.rounds[0].tables[:2])
    assert first.kind == second.kind == "played"
    assert [(r.board, r.home_imps, r.away_imps) for r in first.rows] == [(1, 10, -10), (2, -1, 1)]
    assert first.margin == {"T1": 9, "T2": -9} and first.vp == {"T1": victory_points(9, 2)[0], "T2": victory_points(9, 2)[1]}
    assert (first.rows[1].open_score, first.rows[1].closed, first.rows[1].closed_score) == (620, None, None)  # NS vul
    assert [row.board for row in first.rooms_missing] == [2] and second.margin == {"T3": 2, "T4": -2}
    assert {s.entry.id: s.tally.metrics["imps"] for s in stage.standings}["T1"] == 9


def test_a_match_page_says_a_boards_other_room_is_not_in_the_record(tmp_path):
    content = write_teams_event(tmp_path, [ONE_ROOM_RECORDED])
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    for page in ("main/round-1", "entries/T1"):
        text = (out / f"events/teams/{page}/index.html").read_text(encoding="utf-8")
        assert "第 2 副：有一个室的成绩不在记录中，这副牌的 IMP 照记分员的记录。" in text, page
        assert "不在记录中</td>" in text, page
    assert "不在记录中</td>" in (out / "events/teams/main/boards/2/index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("board_text", [
    "{open: 4S N =, closed: 4S S -1, imps: 3}",  # both rooms: the IMPs are theirs
    "{imps: 3}",  # no room at all
    "{open: 4S N =, imps: lots}",
    "{open: 4S N =, imps: 25}",  # beyond the IMP scale
])
def test_recorded_imps_are_refused_where_they_cannot_be_the_boards(tmp_path, board_text):
    rounds = [f"  - table: 1\n    home: T1\n    away: T2\n    boards:\n      1: {board_text}\n"]
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, rounds))
    problems = [p for p in caught.value.problems if p.code == "bridge-board-syntax"]
    assert problems and "imps:" in str(problems[0].params.get("problem", ""))


@pytest.mark.parametrize("key", ["国际比赛分", "國際比賽分", "IMP"])
def test_recorded_imps_have_the_chinese_key_as_the_rooms_have_theirs(tmp_path, key):
    """开室/闭室 were read beside `open`/`closed`, but the recorded IMPs only as `imps:`: a score
    sheet's own heading (国际比赛分) was refused as a mistyped room. Each spelling is the same."""
    rounds = [ONE_ROOM_RECORDED.replace("      2: {open: 4H S =, imps: -1}", f"      2: {{开室: 4H S =, {key}: -1}}")]
    _, results, warnings = validate(write_teams_event(tmp_path, rounds))
    assert not warnings
    first = results[0].stages[0].rounds[0].tables[0].view
    assert [(r.board, r.home_imps) for r in first.rows] == [(1, 10), (2, -1)] and first.margin["T1"] == 9


def test_the_board_syntax_hint_names_np_for_a_board_a_pairs_table_did_not_play():
    from generator.messages import render_message

    assert render_message("bridge-board-syntax", "zh-Hans", {"board": 3, "text": "x", "problem": ""})[1].endswith(
        "双人赛某桌没打，或队式赛这场比赛没打：整副写 13: np）。")
    assert "a board not played is np" in render_message(
        "bridge-board-syntax", "en", {"board": 3, "text": "x", "problem": ""})[1]


# --- a team board the match did not play: np --------------------------------------------------------

# ROUND_1 with table 1's board 2 not played
NOT_PLAYED = ROUND_1.replace("      2: {开室: 3NT E =, 闭室: 3NT W +1}\n", "      2: np\n")


def test_vp_of_one_board_by_hand():
    # B = 15 x sqrt(1) = 15, M = 10: 10 + 10 x (1 - tau^2) / (1 - tau^3) = 10 + 10 x 0.809017 = 18.09
    assert victory_points(10, 1) == (18.09, 1.91)
    assert victory_points(10, 2) == (16.46, 3.54)  # what the match gave over the stage's 2 boards


@pytest.mark.parametrize("written", ["np", "未打", "{not_played: true}", "{open: np, closed: np}", "[np, np]"])
def test_a_board_the_match_did_not_play_counts_for_neither_team(tmp_path, written):
    """Board 2 written np: 0 IMPs each, not a board of the match. Board 1 (420 v -50, +470) gives
    T1 10 IMPs; the VPs are over the 1 board played, 18.09 : 1.91 (over the stage's 2 boards,
    16.46 : 3.54). The match is counted, not waiting for its board 2 (it waited before: a board
    not played had no notation but the referee's adjusted score)."""
    _, results, warnings = validate(write_teams_event(tmp_path, [NOT_PLAYED.replace("2: np", f"2: {written}")]))
    assert not warnings
    stage = results[0].stages[0]
    match = stage.rounds[0].tables[0]
    view = match.view
    assert view.kind == "played" and not view.to_come
    assert [(r.board, r.home_imps, r.away_imps, r.not_played) for r in view.rows] == [(1, 10, -10, False), (2, 0, 0, True)]
    assert view.margin == {"T1": 10, "T2": -10} and view.boards == 1
    assert view.vp == {"T1": 18.09, "T2": 1.91} and match.winner == "T1"
    metrics = {s.entry.id: s.tally.metrics for s in stage.standings}
    assert metrics["T1"] == {"vp": 18.09, "imps": 10} and metrics["T2"] == {"vp": 1.91, "imps": -10}
    # the other match (both boards played or adjusted) keeps the stage's 2 boards
    assert stage.rounds[0].tables[1].view.boards == 2


def test_an_adjusted_board_is_said_across_its_rooms_on_the_round_entry_and_board_pages(tmp_path):
    """Board 2 adjusted (A+/A-, the board's, not a room's): where its rooms' cells would be, the
    word and the adjusted score, home's and away's; on the match's table across its rooms' four
    columns (contract and score, each room), on the board's traveller across six (contract,
    result and score, each room). rows_bridge writes it once for both (teams_board_not_scored)."""
    content = write_teams_event(tmp_path, [NOT_PLAYED.replace("2: np", "2: A+/A-")])
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    said = '<span class="warn">调整分</span> <span class="meta">主队 / 客队：A+/A-</span></td>'
    for page, span in (("main/round-1", 4), ("entries/T1", 4), ("entries/T2", 4), ("main/boards/2", 6)):
        text = (out / f"events/teams/{page}/index.html").read_text(encoding="utf-8")
        assert f'<td role="cell" colspan="{span}" class="line">{said}' in text, page


def test_a_board_not_played_is_said_on_the_round_entry_and_board_pages_and_in_results_json(tmp_path):
    import json

    content = write_teams_event(tmp_path, [NOT_PLAYED])
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    for page in ("main/round-1", "entries/T1", "entries/T2"):
        text = (out / f"events/teams/{page}/index.html").read_text(encoding="utf-8")
        assert "第 2 副未打：不计入这场比赛，双方都不得 IMP；胜利分按实打的 1 副换算。" in text, page
        assert '按 1 副的 <span lang="en">WBF</span> 2013 连续换算表换成胜利分' in text, page  # (WBF marked English: rev55)
        assert '<span class="warn">未打</span></td>' in text, page
        assert "18.09" in text, page
    assert "未打" in (out / "events/teams/main/boards/2/index.html").read_text(encoding="utf-8")
    data = json.loads((out / "events/teams/results.json").read_text(encoding="utf-8"))
    [stage] = data["stages"]
    [match] = [t for t in stage["rounds"][0]["tables"] if t.get("home") == "T1"]
    row = next(r for r in match["boards"] if r["board"] == 2)
    assert row["not_played"] is True and (row["open"], row["closed"], row["home_imps"], row["away_imps"]) == (None, None, 0, 0)
    assert match["vp_boards"] == 1 and match["vp"] == {"T1": 18.09, "T2": 1.91}


def test_the_printed_score_sheet_says_a_board_not_played(tmp_path):
    import re
    import subprocess

    content = write_teams_event(tmp_path, [NOT_PLAYED])
    out = tmp_path / "forms"
    assert main(["print", "teams", "main", "--round", "1", "--content", str(content), "--output", str(out)]) == 0
    (sheet,) = out.glob("scoresheet-*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, check=True, text=True).stdout
    first = text.split("\f")[0]
    board_2 = [line.split() for line in first.splitlines() if re.match(r"\s*2\s", line)]
    assert board_2 and board_2[0][:2] == ["2", "未打"], board_2  # no conditions, no IMPs: not a board of the match
    assert "18.09:1.91" in re.sub(r"\s+", "", first)


@pytest.mark.parametrize(("board_text", "code"), [
    ("{open: np, closed: 4S S -1}", "bridge-room-not-played"),
    ("{open: 4S N =, 闭室: 未打}", "bridge-room-not-played"),
    ("{open: np}", "bridge-room-not-played"),
])
def test_np_in_one_room_is_refused_with_the_whole_board_np_as_the_fix(tmp_path, board_text, code):
    from generator.messages import render_message

    rounds = [f"  - table: 1\n    home: T1\n    away: T2\n    boards:\n      1: {board_text}\n      2: [pass, pass]\n"]
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, rounds))
    [problem] = [p for p in caught.value.problems if p.code == code]
    assert problem.mark.line == 8  # board 1's line of the round file
    message, hint = render_message(code, "zh-Hans", problem.params)
    assert hint.startswith("这场比赛没打这副牌，就整副写 np（例如 1: np）")


def test_a_match_with_every_board_np_is_refused(tmp_path):
    rounds = ["  - table: 1\n    home: T1\n    away: T2\n    boards:\n      1: np\n      2: np\n"]
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, rounds))
    assert "bridge-match-all-not-played" in {p.code for p in caught.value.problems}


def test_the_board_count_and_board_syntax_hints_name_np_for_a_teams_board():
    from generator.messages import render_message

    count = render_message("bridge-match-board-count", "zh-Hans", {"table": 1, "count": 1, "boards": 2})[1]
    assert "这场比赛没打的牌写 np（双方都不计分）" in count
    assert "a team match's, the whole board: 13: np" in render_message(
        "bridge-board-syntax", "en", {"board": 3, "text": "x", "problem": ""})[1]


def _passed_out(table: int, home: str, away: str, last: int) -> str:
    """A match whose board 1 is 4S N = (420) against 4S S -1 (-50), +470: 10 IMPs to home, and
    boards 2..last passed out in both rooms (0 IMPs)."""
    passes = "".join(f"      {n}: {{open: pass, closed: pass}}\n" for n in range(2, last + 1))
    return MATCH.format(table=table, home=home, away=away, boards="      1: {open: 4S N =, closed: 4S S -1}\n" + passes)


@pytest.mark.parametrize(("stage_boards", "code"), [("", "bridge-match-default-board-count"),
                                                    ("    boards: 8\n", "bridge-match-board-count")])
def test_a_teams_stage_saying_no_boards_scores_a_match_over_the_games_8(tmp_path, stage_boards, code):
    """A stage with no `boards:` plays bridge's 8 a match (Game.default_boards, as its sheets list
    them and the desk's form offers them), as one saying `boards: 8`: its VP scale is 8 boards'
    (rules-bridge.md: B = 15 x sqrt(8) = 42.43, M = 10, tau^(3M/B) = tau^0.7071 = 0.7116, so
    10 + 10 x (1 - 0.7116) / (1 - tau^3) = 10 + 10 x 0.3775 = 13.78 : 6.22), and a match of 6
    boards written waits for 2 more, its scale (the page's "over 8 boards") 8 boards' too, not
    the 6 written (14.25). Its warning says the 8 is the game's when the stage is silent, not
    "this stage plays 8", and that `boards:` in the stage changes it."""
    content = write_teams_event(tmp_path, [_passed_out(1, "T1", "T2", 8) + _passed_out(2, "T3", "T4", 6)
                                           + "  - table: 3\n    home: T5\n"])
    event = content / "events/teams/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    boards: 2\n", stage_boards), encoding="utf-8")
    problems = _problems(content)
    assert [(p.code, p.params["table"], p.params["count"], p.params["boards"]) for p in problems] == [(code, 2, 6, 8)]
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    whole, short = stage.rounds[0].tables[0], stage.rounds[0].tables[1]
    assert whole.view.margin == {"T1": 10, "T2": -10} and whole.view.boards == 8 and not whole.view.to_come
    assert whole.view.vp == {"T1": 13.78, "T2": 6.22} and whole.winner == "T1"
    assert short.view.to_come == 2 and short.view.boards == 8 and short.winner is None
    assert short.view.vp == {"T3": 13.78, "T4": 6.22}  # (held back until boards 7 and 8 are in)
    assert RULES.boards_short(stage.stage, short.table) and not RULES.boards_short(stage.stage, whole.table)
    [problem] = problems
    if not stage_boards:
        assert "does not say how many boards a match plays (boards), so it plays bridge's default of 8" \
            in problem.message("en")
        assert "write their count in the stage in event.yaml, for example boards: 12" in problem.hint("en")
        assert "\u672c\u9636\u6bb5\u6bcf\u8f6e\u6253" not in problem.message("zh-Hans")  # (not "this stage plays 8 a round")


def _numbered_on(table: int, home: str, away: str, first: int, last: int) -> str:
    """A match of boards first..last, numbered on through the stage's rounds: its first board
    4S N = against 4S S -1 (+470, 10 IMPs to home; 33 and 49 are board 1's vulnerability, none
    vulnerable), the rest passed out in both rooms."""
    passes = "".join(f"      {n}: {{open: pass, closed: pass}}\n" for n in range(first + 1, last + 1))
    return MATCH.format(table=table, home=home, away=away,
                        boards=f"      {first}: {{open: 4S N =, closed: 4S S -1}}\n" + passes)


# five teams, each pair met once, one team sitting out a round (no rematch to warn of)
_ROUND_ROBIN = [("T1", "T2", "T3", "T4", "T5"), ("T1", "T3", "T2", "T5", "T4"), ("T1", "T4", "T3", "T5", "T2"),
                ("T1", "T5", "T2", "T4", "T3"), ("T2", "T3", "T4", "T5", "T1")]


def _stage_numbered_on(tmp_path: Path, per_round: int, last_of_round_5: int) -> Path:
    """Five rounds of `per_round` boards a match numbered on through the stage (round 5 of 8 plays
    33-40), in a stage saying no `boards:`; round 5's table 2 holds its boards up to
    `last_of_round_5`."""
    rounds = []
    for number, (a, b, c, d, bye) in enumerate(_ROUND_ROBIN, start=1):
        first = (number - 1) * per_round + 1
        last = last_of_round_5 if number == 5 else first + per_round - 1
        rounds.append(_numbered_on(1, a, b, first, first + per_round - 1) + _numbered_on(2, c, d, first, last)
                      + f"  - table: 3\n    home: {bye}\n")
    content = write_teams_event(tmp_path, rounds)
    event = content / "events/teams/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    boards: 2\n", ""), encoding="utf-8")
    return content


@pytest.mark.parametrize("last", [38, 40])
def test_a_match_numbered_on_through_the_stage_is_held_against_the_games_8(tmp_path, last):
    """A stage saying no `boards:` whose boards run on through the rounds (content-format.md: round
    2 plays 9-16): round 5's matches play 33-40 (match_board_count: boards all in one block of 8).
    A match holding 33-38 waits for 39 and 40, its warning naming them, as a match of 1..8
    holding 1..6 waits for 7 and 8; it was scored complete over the 6 written (14.25, the 6-board
    scale). Holding 33-40 it is complete, on the 8-board scale (rules-bridge.md: B = 15 x sqrt(8)
    = 42.43, M = 10, tau^0.7071 = 0.7116: 10 + 10 x 0.2884 / 0.7639 = 13.78 : 6.22)."""
    content = _stage_numbered_on(tmp_path, 8, last)
    found = [(p.code, p.params["table"], p.params["count"], p.params["missing"]) for p in _problems(content)
             if p.code.startswith("bridge-")]
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    whole, match = stage.rounds[4].tables[0], stage.rounds[4].tables[1]
    assert whole.view.boards == 8 and not whole.view.to_come and whole.view.vp == {"T2": 13.78, "T3": 6.22}
    assert match.view.boards == 8 and match.view.vp == {"T4": 13.78, "T5": 6.22}
    if last == 38:
        assert found == [("bridge-match-default-board-count", 2, 6, [39, 40])]
        [problem] = [p for p in _problems(content) if p.code.startswith("bridge-")]
        assert "table 2 records 6 boards, none for boards 39, 40;" in problem.message("en")
        assert "\u7f3a\u7b2c 39\u300140 \u526f" in problem.message("zh-Hans")
        assert match.view.to_come == 2 and match.winner is None and RULES.boards_short(stage.stage, match.table)
    else:
        assert found == []
        assert not match.view.to_come and match.winner == "T4" and not RULES.boards_short(stage.stage, match.table)


def test_matches_of_12_in_a_stage_saying_no_boards_are_complete_numbered_either_way(tmp_path):
    """Matches of 12 boards in a stage saying no `boards:`: 1-12, 13-24 or 49-60 never fit one
    block of the default 8, so the boards written show the matches are longer and each is
    complete, on the 12-board scale (B = 15 x sqrt(12) = 51.96, M = 10, tau^0.5774 = 0.7574:
    13.18 : 6.82), not waiting for an 8-board block's rest (49-56 and 57-60 of round 5)."""
    content = _stage_numbered_on(tmp_path, 12, 60)
    assert [p.code for p in _problems(content) if p.code.startswith("bridge-")] == []
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    for number in (0, 1, 4):
        for table in stage.rounds[number].tables[:2]:
            assert table.view.boards == 12 and not table.view.to_come and table.winner in table.table.sides
            assert not RULES.boards_short(stage.stage, table.table)
            if number != 1:  # (round 2's first board, 13, is vulnerable: 12 IMPs, not 10)
                assert sorted(table.view.vp.values()) == [6.82, 13.18]


@pytest.mark.parametrize(("game", "round_number", "written", "count"), [
    ("bridge", 5, range(33, 39), 8),     # round 5 of 8 numbered on: 33-40, short of 39-40
    ("bridge", 1, range(1, 7), 8),       # numbered within the match: 1-8, short of 7-8
    ("bridge", 5, range(25, 31), 0),     # 6 a match numbered on (round 5: 25-30): not round 5's 33-40
    ("bridge", 1, range(17, 19), 0),     # a file's own numbering (a session imported on 17-24)
    ("bridge", 3, range(17, 19), 8),     # round 3's 17-24
    ("bridge", 1, range(1, 13), 0),      # 12 a match: longer than the default
    ("bridge", 2, range(13, 25), 0),
    ("bridge", 0, range(33, 39), 0),     # the round not known (a draw's table): the old rule
    ("shengji", 5, range(33, 39), 8),
    ("daguai", 6, range(31, 35), 0),     # 大怪路子 numbers a match's own boards 1..N
    ("daguai", 1, range(1, 5), 6),
])
def test_a_stage_saying_no_boards_reads_a_matchs_count_from_its_numbering(game, round_number, written, count):
    """match_board_count's rule, a stage saying no `boards:`: the game's default where the boards
    are numbered as matches of the default number them, 1..default or, where boards run on through
    the stage (bridge, 80分), the round's block of the default; else not known (0)."""
    from types import SimpleNamespace

    from generator.games import GAMES
    from generator.games.common.boards import match_board_count

    rules = GAMES[game]
    stage = SimpleNamespace(boards=None, format="swiss")
    assert match_board_count(stage, set(written), rules.default_boards, rules.boards_numbered_on, round_number) == count


def test_the_desk_keeps_np_in_a_rooms_box_as_the_whole_board():
    from generator.games.bridge import RULES as BRIDGE
    from generator.games.bridge.duplicate import team_board_texts

    assert team_board_texts("np") == ("np", "")
    record = BRIDGE.entry_record(["T1", "T2"], {"b2_open": "NP", "b2_closed": ""})
    assert record["boards"][2] == "np"


@pytest.mark.parametrize("board_text", ["{open: A+/A-}", "{closed: 60%/40%}"])
def test_an_adjusted_score_in_one_room_is_only_that_error(tmp_path, board_text):
    """`2: {open: A+/A-}`: the adjusted score is the board's, written without rooms; check also
    said the closed room was missing ("write both rooms"), which points the other way."""
    rounds = [f"  - table: 1\n    home: T1\n    away: T2\n    boards:\n      1: {board_text}\n"]
    with pytest.raises(ContentErrors) as caught:
        validate(write_teams_event(tmp_path, rounds))
    assert [p.code for p in caught.value.problems if not p.warning] == ["bridge-adjusted-in-room"]


def test_a_teams_imp_column_with_a_fraction_shows_each_of_its_figures_to_two_places(tmp_path):
    """A board whose IMPs have a fraction (the scorer's 1.5, one room recorded) beside boards of
    whole IMPs: the round's, the entry's and the traveller's IMP columns, and the printed score
    sheet, showed "1.5" beside "10" (one kind of figure said two ways); each to two places, as a
    pairs table's matchpoints are (1.00 beside 2.40)."""
    import subprocess

    rounds = ONE_ROOM_RECORDED.replace("2: {open: 4H S =, imps: -1}", "2: {open: 4H S =, imps: -1.5}")
    content = write_teams_event(tmp_path, [rounds])
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    cells = lambda page: re.findall(r'<td role="cell" class="num[^"]*" data-label="IMP[^"]*">([^<]*)</td>', page)  # noqa: E731
    # T1 v T2: boards 1 (10 to T1) and 2 (1.5 to T2), then the totals; T3 v T4, whole IMPs, as they were
    round_1 = cells((out / "events/teams/main/round-1/index.html").read_text(encoding="utf-8"))
    assert round_1 == ["10.00", "", "", "1.50", "10.00", "1.50", "", "", "2", "", "2", "0"]
    assert cells((out / "events/teams/entries/T1/index.html").read_text(encoding="utf-8")) == round_1[:6]
    board = (out / "events/teams/main/boards/1/index.html").read_text(encoding="utf-8")
    assert ">10.00</td>" not in board and ">10</td>" in board  # board 1's column: whole IMPs only, shown so
    board = (out / "events/teams/main/boards/2/index.html").read_text(encoding="utf-8")
    assert ">-1.50</td>" in board and ">2.00</td>" in board
    forms = tmp_path / "forms"
    assert main(["print", "teams", "main", "--content", str(content), "--output", str(forms)]) == 0
    (sheet,) = forms.glob("scoresheet-*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, check=True, text=True).stdout
    assert "10.00" in text and "-1.50" in text
