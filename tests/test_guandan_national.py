"""Guandan as federations play it (rules-guandan.md, "Other rule sets"; issue 22): match points
with draws, net and total levels, `profile: national`, penalties in levels, teams of four in two
rooms, head-to-head only between exactly two, the extra deal of a knockout, and the demo event.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from openpyxl import Workbook

from generator.build import validate
from generator.cli import main
from generator.commands.registrations import import_registrations
from generator.content.model import Entry, Table
from generator.errors import ContentErrors
from generator.games import GAMES, SideScore, TableScore
from generator.games.guandan.records import parse_level
from generator.games.guandan.rules import (
    LEVEL_A, NATIONAL_MATCH_POINTS, PASSED_A, GuandanRecord, GuandanStage, Penalty, apply_penalties, decide,
)
from generator.render.bulletins import round_forms
from generator.tournament.standings import Tally, rank
from support import demo_content

L = {name: parse_level(name) for name in ("2", "5", "7", "8", "9", "10", "Q", "K", "A", "A+")}

SITE = "title: 测试\nlocale: zh-Hans\n"
EVENT = """\
title: 掼蛋测试
game: guandan
date: 2025-11-15
draw_seed: 7
entries:
{entries}
stages:
  - id: main
    format: {format}
    rounds: 1
{stage}
"""


def make_content(tmp_path: Path, tables: str, stage: str = "    profile: national\n", teams: int = 4,
                 format: str = "swiss", players: int = 2) -> Path:
    root = tmp_path / "content"
    folder = root / "events" / "gd"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    entries = "\n".join(f"  - {{id: T{n:02d}, players: [{', '.join(f'选手{n}{c}' for c in 'ABCD'[:players])}]}}"
                        for n in range(1, teams + 1))
    (folder / "event.yaml").write_text(EVENT.format(entries=entries, stage=stage, format=format), encoding="utf-8")
    if tables:
        (folder / "results" / "round-1.yaml").write_text(
            "stage: main\nround: 1\ntables:\n" + textwrap.dedent(tables), encoding="utf-8")
    return root


def run(tmp_path: Path, tables: str, stage: str = "    profile: national\n", teams: int = 4, format: str = "swiss"):
    _, results, _ = validate(make_content(tmp_path, tables, stage, teams, format))
    return results[0].stages[0]


def codes(tmp_path: Path, tables: str, stage: str = "    profile: national\n") -> list[str]:
    with pytest.raises(ContentErrors) as caught:
        validate(make_content(tmp_path, tables, stage))
    return [p.code for p in caught.value.problems if not p.warning]


def metrics(score: TableScore) -> dict[str, dict[str, float]]:
    return {side.entry: side.metrics for side in score.sides}


# --- the worked cases of "Other rule sets", verbatim (match_points 3/2/1/0, draws: true) ------------


def test_worked_case_q_against_9(tmp_path):
    """T01 ends at Q, T02 at 9: T01 3 points, T02 1; net_levels +3 / −3; total_levels 10 / 7."""
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: Q, T02: "9"}
    """, teams=2)
    score = stage.rounds[0].tables[0]
    found = metrics(score)
    assert score.winner == "T01"
    assert (found["T01"]["match_points"], found["T02"]["match_points"]) == (3, 1)
    assert (found["T01"]["net_levels"], found["T02"]["net_levels"]) == (+3, -3)
    assert (found["T01"]["total_levels"], found["T02"]["total_levels"]) == (10, 7)


def test_worked_case_passed_a_against_k(tmp_path):
    """T01 passes A, T02 at K: T01 wins; net_levels 15 − 13 = +2; total_levels 13 / 11."""
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: A+, T02: K}
    """, teams=2)
    score = stage.rounds[0].tables[0]
    found = metrics(score)
    assert score.winner == "T01" and score.extra["decided_by"] == "passed_a"
    assert (found["T01"]["net_levels"], found["T02"]["net_levels"]) == (+2, -2)
    assert (found["T01"]["total_levels"], found["T02"]["total_levels"]) == (13, 11)


def test_worked_case_both_at_10_is_a_draw(tmp_path):
    """Both at 10 at time-up: a draw, 2 points each; net_levels 0."""
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "10", T02: "10"}
      - table: 2
        teams: [T03, T04]
        deals: [T03+2, T04+2]
    """)
    for score in stage.rounds[0].tables:  # with the final levels only, and with a deal log
        found = metrics(score)
        assert score.winner is None and score.extra["decided_by"] == "draw"
        assert [m["match_points"] for m in found.values()] == [2, 2]
        assert [m["net_levels"] for m in found.values()] == [0, 0]
        assert [m["wins"] for m in found.values()] == [0, 0]
    tallies = {s.entry.id: s.tally for s in stage.standings}
    assert tallies["T01"].drawn == 1 and tallies["T01"].won == tallies["T01"].lost == 0


def test_worked_case_teams_of_four(tmp_path):
    """Teams of four, open room T01 Q vs T02 9 (+3), closed room T01 5 vs T02 7 (−2): T01 +1, wins."""
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        rooms:
          open: {levels: {T01: Q, T02: "9"}}
          closed: {levels: {T01: "5", T02: "7"}}
    """, stage="    profile: national\n    team_size: 4\n", teams=2)
    score = stage.rounds[0].tables[0]
    found = metrics(score)
    assert score.winner == "T01" and score.extra["decided_by"] == "rooms_net"
    assert [room.net for room in score.view.rooms] == [(3, -3), (-2, 2)]
    assert (found["T01"]["net_levels"], found["T02"]["net_levels"]) == (+1, -1)
    assert (found["T01"]["match_points"], found["T02"]["match_points"]) == (3, 1)
    # total levels: both rooms' own levels − 2 added: Q (10) + 5 (3); 9 (7) + 7 (5)
    assert (found["T01"]["total_levels"], found["T02"]["total_levels"]) == (13, 12)


def test_worked_case_penalty_late_ten_minutes(tmp_path):
    """Levels recorded T01 8, T02 9, penalty T02 late 10 minutes (2 levels to T01): T01 ends at 10,
    wins; net_levels +1 / −1; total_levels 8 / 7."""
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "8", T02: "9"}
        penalties: [{team: T02, levels: 2, reason: 迟到10分钟}]
    """, teams=2)
    score = stage.rounds[0].tables[0]
    found = metrics(score)
    assert score.winner == "T01" and score.extra["levels"] == {"T01": "10", "T02": "9"}
    assert (found["T01"]["net_levels"], found["T02"]["net_levels"]) == (+1, -1)
    assert (found["T01"]["total_levels"], found["T02"]["total_levels"]) == (8, 7)
    assert score.extra["penalties"] == [{"team": "T02", "levels": 2, "reason": "迟到10分钟"}]


# --- the engine -----------------------------------------------------------------------------------


def test_a_penalty_is_capped_at_a_and_never_passes_it():
    teams = ("T01", "T02")
    assert apply_penalties({"T01": L["K"], "T02": L["5"]}, teams, [Penalty("T02", 3)])["T01"] == LEVEL_A
    assert apply_penalties({"T01": L["A"], "T02": L["5"]}, teams, [Penalty("T02", 1)])["T01"] == LEVEL_A
    assert apply_penalties({"T01": L["A+"], "T02": L["5"]}, teams, [Penalty("T02", 2)])["T01"] == PASSED_A
    # two penalties add up, and still stop at A
    raised = apply_penalties({"T01": L["9"], "T02": L["5"]}, teams, [Penalty("T02", 2), Penalty("T02", 3)])
    assert raised == {"T01": LEVEL_A, "T02": L["5"]}


def test_a_penalty_can_turn_a_result_and_a_tie_goes_to_the_team_there_first():
    from generator.games.guandan.records import parse_deal
    from generator.games.guandan.rules import replay

    log = replay(("T01", "T02"), [parse_deal("T01+3"), parse_deal("T02+2")])  # 5 : 4
    turned = decide(("T01", "T02"), log, None, [Penalty("T01", 2)])
    assert (turned.winner, turned.why, turned.levels) == ("T02", "higher", {"T01": L["5"], "T02": parse_level(6)})
    # seed rules: a penalty that brings T02 level with T01 arrives after the last deal, so T01 was first
    equal = decide(("T01", "T02"), log, None, [Penalty("T01", 1)])
    assert (equal.winner, equal.why) == ("T01", "first")
    assert decide(("T01", "T02"), log, None, [Penalty("T01", 1)], draws=True).why == "draw"


def test_penalties_on_a_table(tmp_path):
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: K, T02: "5"}
        penalties: [{team: T02, levels: 3, reason: 藏牌}]
      - table: 2
        teams: [T03, T04]
        deals: [T03+3, T04+2]
        penalties:
          - {team: T03, levels: 1, reason: 迟到5分钟}
          - {team: T03, levels: 2, reason: 进贡错误}
    """)
    one, two = stage.rounds[0].tables
    assert one.extra["levels"] == {"T01": "A", "T02": "5"} and one.winner == "T01"
    assert metrics(one)["T01"]["total_levels"] == 12  # A, not A+: a penalty never passes A
    assert [(p.team, p.other, p.start, p.end, p.reason) for p in one.view.penalties] == [("T02", "T01", "K", "A", "藏牌")]
    # T03 5 : T04 4 by the log, then +1 and +2 for T04: 5 : 7, T04 wins
    assert two.extra["levels"] == {"T03": "5", "T04": "7"} and two.winner == "T04"
    assert [(p.start, p.end) for p in two.view.penalties] == [("4", "5"), ("5", "7")]
    assert two.view.before == ("5", "4")


@pytest.mark.parametrize(("tables", "code"), [
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 9}\n    penalties: [{team: T05, levels: 1}]\n",
     "guandan-penalty-team-not-at-table"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 9}\n    penalties: [{team: T01, levels: 0}]\n",
     "guandan-penalty-range"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 9}\n    penalties: [{team: T01}]\n",
     "key-missing"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 9}\n    penalties: [T01]\n", "guandan-penalty-unreadable"),
    ("  - table: 1\n    teams: [T01, T02]\n    penalties: [{team: T01, levels: 1}]\n", "guandan-record-alone"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 8}\n    winner: T01\n", "guandan-draw-winner"),
    ("  - table: 1\n    teams: [T01, T02]\n    rooms: {open: {levels: {T01: 8, T02: 9}}}\n", "guandan-rooms-unexpected"),
])
def test_record_problems(tmp_path, tables, code):
    assert code in codes(tmp_path, tables)


# --- the profile and its stage keys ---------------------------------------------------------------


def _stage(tmp_path: Path, stage: str, format: str = "swiss"):
    return run(tmp_path, "", stage, format=format).stage


def test_profile_national_sets_exactly_what_content_format_says(tmp_path):
    swiss = _stage(tmp_path / "s", "    profile: national\n")
    assert swiss.options.match_points == {"win": 3, "draw": 2, "loss": 1, "absent": 0, "bye": 3}
    assert swiss.options.draws is True
    assert swiss.rank_by == ["match_points", "buchholz", "wins", "total_levels"]
    robin = _stage(tmp_path / "r", "    profile: national\n", format="round_robin")
    assert robin.rank_by == ["match_points", "head_to_head", "net_levels", "total_levels", "lot"]
    assert GAMES["guandan"].head_to_head_two_only(robin) and GAMES["guandan"].metrics_for(robin)[0] == "match_points"
    # every key can still be given explicitly
    own = _stage(tmp_path / "o", "    profile: national\n    draws: false\n    match_points: {win: 2, draw: 1, loss: 0}\n"
                                 "    rank_by: [match_points, net_levels]\n")
    assert own.options.draws is False and own.rank_by == ["match_points", "net_levels"]
    assert own.options.match_points == {"win": 2, "draw": 1, "loss": 0, "absent": 0, "bye": 2}


def test_the_keys_without_the_profile(tmp_path):
    stage = _stage(tmp_path / "k", "    match_points: {win: 1, draw: 0.5, loss: 0, absent: -1}\n    draws: true\n")
    assert stage.options.profile is None and stage.options.draws
    assert stage.options.match_points == {"win": 1, "draw": 0.5, "loss": 0, "absent": -1, "bye": 1}
    assert stage.rank_by == ["match_points"]  # no profile: no chain
    assert not GAMES["guandan"].head_to_head_two_only(stage)


def test_the_seeds_rules_stay_the_default(tmp_path):
    stage = _stage(tmp_path, "")
    assert stage.options == GuandanStage() and stage.rank_by == ["wins"]
    assert GAMES["guandan"].metrics_for(stage) == ("wins", "level_diff")
    assert GAMES["guandan"].stage_notes(stage) == []
    assert not GAMES["guandan"].head_to_head_two_only(stage)


def test_forfeit_scores_absent_and_a_bye_scores_bye(tmp_path):
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        forfeit: T02
      - table: 2
        teams: [T03]
    """, teams=3)
    forfeit, bye = stage.rounds[0].tables
    assert metrics(forfeit)["T01"]["match_points"] == NATIONAL_MATCH_POINTS["win"]
    assert metrics(forfeit)["T02"]["match_points"] == NATIONAL_MATCH_POINTS["absent"] == 0
    assert bye.sides[0].metrics["match_points"] == NATIONAL_MATCH_POINTS["bye"] == 3


@pytest.mark.parametrize("stage", ["    profile: nationl\n", "    team_size: 3\n", "    draws: yes\n",
                                   "    match_points: {win: 3, tie: 2}\n", "    match_points: {win: lots}\n"])
def test_stage_keys_are_checked(tmp_path, stage):
    with pytest.raises(ContentErrors):
        validate(make_content(tmp_path, "", stage))


# --- head-to-head only between exactly two --------------------------------------------------------


def _tallies(points: dict[str, tuple[float, float]], results: list[tuple[str, str, str | None]]) -> dict[str, Tally]:
    tallies = {e: Tally(Entry(e, []), {"match_points": mp, "net_levels": net}, played=1) for e, (mp, net) in points.items()}
    for a, b, winner in results:
        score = TableScore(Table(1, [a, b], None), [SideScore(a, {}), SideScore(b, {})], winner)
        tallies[a].matches.append(score)
        tallies[b].matches.append(score)
    return tallies


def test_head_to_head_is_skipped_when_three_are_tied():
    chain = ["match_points", "head_to_head", "net_levels"]
    tallies = _tallies({"T01": (6, 1), "T02": (6, 2), "T03": (6, 9)}, [("T01", "T02", "T01")])
    assert [s.entry.id for s in rank(tallies.values(), chain)] == ["T01", "T03", "T02"]  # the shared metric
    tallies = _tallies({"T01": (6, 1), "T02": (6, 2), "T03": (6, 9)}, [("T01", "T02", "T01")])
    assert [s.entry.id for s in rank(tallies.values(), chain, head_to_head_two_only=True)] == ["T03", "T02", "T01"]


def test_head_to_head_decides_between_exactly_two():
    chain = ["match_points", "head_to_head", "net_levels"]
    tallies = _tallies({"T01": (6, 1), "T02": (6, 9), "T03": (3, 20)}, [("T01", "T02", "T01")])
    assert [s.entry.id for s in rank(tallies.values(), chain, head_to_head_two_only=True)] == ["T01", "T02", "T03"]


def test_a_national_round_robin_skips_head_to_head_for_three(tmp_path):
    # T01 beats T02, T02 beats T03, T03 beats T01 by more: all 4 match points (3 + 1)
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "5", T02: "4"}
      - table: 2
        teams: [T03]
    """, teams=3, format="round_robin")
    assert stage.stage.rank_by[:2] == ["match_points", "head_to_head"]
    assert GAMES["guandan"].head_to_head_two_only(stage.stage)


# --- teams of four ----------------------------------------------------------------------------------

FOUR = "    profile: national\n    team_size: 4\n"


def test_teams_of_four_zero_net_is_a_draw_or_the_rooms_won_or_the_lot(tmp_path):
    tables = """\
      - table: 1
        teams: [T01, T02]
        rooms:
          open: {levels: {T01: Q, T02: "9"}}
          closed: {levels: {T01: "6", T02: "9"}}
    """
    assert run(tmp_path / "a", tables, FOUR, teams=2).rounds[0].tables[0].extra["decided_by"] == "rooms_draw"
    seed = "    team_size: 4\n"
    assert "guandan-rooms-lot" in codes(tmp_path / "b", tables, seed)
    lot = run(tmp_path / "c", tables.rstrip(" ") + "        winner: T02\n", seed, teams=2).rounds[0].tables[0]
    assert (lot.winner, lot.extra["decided_by"]) == ("T02", "rooms_lot")
    rooms_won = run(tmp_path / "d", """\
      - table: 1
        teams: [T01, T02]
        rooms:
          open: {deals: [T01+2, T02+2]}
          closed: {levels: {T01: "9", T02: "9"}, winner: T01}
    """, seed, teams=2).rounds[0].tables[0]
    assert (rooms_won.winner, rooms_won.extra["decided_by"]) == ("T01", "rooms_tables")


def test_teams_of_four_record_problems(tmp_path):
    assert "guandan-rooms-expected" in codes(tmp_path / "a", """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: Q, T02: "9"}
    """, FOUR)
    assert "key-unknown" in codes(tmp_path / "b", """\
      - table: 1
        teams: [T01, T02]
        rooms: {open: {levels: {T01: Q, T02: "9"}}, lounge: {levels: {T01: Q, T02: "9"}}}
    """, FOUR)


def test_one_room_in_is_pending(tmp_path):
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        rooms:
          open: {levels: {T01: Q, T02: "9"}}
    """, FOUR, teams=2)
    score = stage.rounds[0].tables[0]
    assert score.sides == [] and stage.rounds[0].pending == [1] and stage.standings == []
    assert [room.view.kind for room in score.view.rooms] == ["levels", "unplayed"]


def test_one_room_in_is_a_warning_once_for_the_table(tmp_path):
    """A teams-of-four match with the open room typed and not the closed one waits, as a
    bridge/大怪路子/80分 team board does, and says so: one warning for the table, at `rooms:`."""
    content = make_content(tmp_path, """\
      - table: 3
        teams: [T01, T02]
        rooms:
          open: {levels: {T01: Q, T02: "9"}}
    """, FOUR, 2, "swiss")
    _, _, warnings = validate(content)
    pending = [w for w in warnings if w.code == "guandan-room-pending"]
    assert len(pending) == 1 and pending[0].warning
    assert pending[0].message("zh-Hans") == "第 3 桌只录入了开室，闭室的记录还没有：两室都录入之前，这场比赛不计成绩"
    assert pending[0].mark.line == 7  # round-1.yaml's rooms: (its open: line)
    with pytest.raises(ContentErrors):  # --strict fails on it
        validate(content, strict=True)


def test_one_room_in_is_shown_with_the_note_and_not_counted(tmp_path):
    """The page of a teams-of-four match with one room typed showed 尚无成绩 and hid the room,
    while `check` warned of it and the round counted it as entered. It shows the room entered
    under the note the bridge, 大怪路子 and 80分 team pages give a board with one room
    (one_room_not_counted), on the round's page and the team's; the other room has no result."""
    root = make_content(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        rooms:
          closed: {deals: [T01+3, T02+1]}
      - table: 2
        teams: [T03, T04]
        rooms:
          open: {levels: {T03: Q, T04: "9"}}
          closed: {levels: {T03: "5", T04: "7"}}
    """, FOUR, teams=4, players=4)
    out = root.parent / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--quiet"]) == 0
    html = (out / "events/gd/main/round-1/index.html").read_text(encoding="utf-8")
    table_1 = html[html.index('id="table-1"'):html.index('id="table-2"')]
    note = "只录入了一个室的成绩，开室、闭室都录入后才计入排名。"
    assert note in table_1
    head, rooms = table_1.split('<section class="room">', 1)
    assert "尚无成绩" not in head and "获胜方" not in head  # the match: no result yet, and no winner
    assert "<h3>开室</h3>" in rooms and "<h3>闭室 · 本室净积小分 T01 +2</h3>" in rooms  # closed: 5 : 3
    assert "牌局记录（2 副）" in rooms
    assert note not in html[html.index('id="table-2"'):]
    entry = (out / "events/gd/entries/T02/index.html").read_text(encoding="utf-8")
    assert note in entry and "本室净积小分 T01 +2" in entry


@pytest.fixture(scope="module")
def four_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = make_content(tmp_path_factory.mktemp("four"), """\
      - table: 1
        teams: [T01, T02]
        rooms:
          open: {deals: [T01+3, T02+1, T01+2, T02 foul, T01+1]}
          closed:
            levels: {T01: "5", T02: "7"}
            penalties: [{team: T01, levels: 1, reason: 迟到5分钟}]
      - table: 2
        teams: [T03, T04]
        forfeit: T04
    """, FOUR, teams=4, players=4)
    out = root.parent / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--quiet"]) == 0
    return root, out / "events/gd"


def test_a_page_shows_both_rooms(four_site):
    _, site = four_site
    html = (site / "main/round-1/index.html").read_text(encoding="utf-8")
    assert "开室" in html and "闭室" in html
    # open: T01 9 : 3 T02 (+6); closed: 5 : 7, T01 penalised 1 level, 5 : 8 (-3); T01 +3
    assert "两室净积小分合计 T01 +3，T01 获胜" in html and "开室 · 本室净积小分 T01 +6" in html
    assert "闭室 · 本室净积小分 T01 -3" in html and "T01 被罚 1 级（迟到5分钟）：T02 由 7 升到 8" in html
    assert "牌局记录" in html and "只记录了最终级数。" in html
    entry = (site / "entries/T01/index.html").read_text(encoding="utf-8")
    assert "开室" in entry and "闭室" in entry


def test_score_sheets_show_both_rooms_and_the_penalties(four_site):
    root, _ = four_site
    _, results, _ = validate(root)
    sheets = [b for b in round_forms(results[0], "main", 1, "zh-Hans") if b.kind == "scoresheet"]
    assert len(sheets) == 1
    pages = sheets[0].pages
    assert [page["table_label"] for page in pages] == ["1（开室）", "1（闭室）", "2（开室）", "2（闭室）"]
    assert pages[1]["penalties"][0] == ["T01", "1", "迟到5分钟"] and pages[0]["penalties"][0] == ["", "", ""]
    round_sheet = next(b for b in GAMES["guandan"].bulletins(results[0], _translator()) if b.name == "results-main")
    assert round_sheet.rows[0][2] == "9 / 5" and round_sheet.rows[0][4] == "3 / 8" and "T01 罚 1 级" in round_sheet.rows[0][-1]


def _translator():
    from generator.render.i18n import Translator

    return Translator("zh-Hans")


def test_pair_draws_teams_of_four(tmp_path):
    root = make_content(tmp_path, "", FOUR.replace("profile: national\n", "profile: national\n    rounds: 3\n")
                        .replace("    rounds: 3\n", ""), teams=6, players=4)
    event = root / "events/gd/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 1", "rounds: 3"), encoding="utf-8")
    assert main(["pair", "gd", "main", "--content", str(root)]) == 0
    text = (root / "events/gd/results/round-1.yaml").read_text(encoding="utf-8")
    assert text.count("teams: [") == 3 and "#   open: {deals: [" in text and "#   closed: {levels: {" in text
    _, results, _ = validate(root)
    assert all(score.view.kind == "unplayed" for score in results[0].stages[0].rounds[0].tables)


def test_teams_of_four_are_told_their_rooms_and_seats_and_each_room_records_its_pair(tmp_path):
    """The draw said only 请各队按桌号入座: nothing of the open and closed rooms, nor of who sits
    where; each room's sheet listed all four players with no place for the two who played
    there. The draw says each table's rooms and seats (seed 004: the first side North-South in
    the open room, East-West in the closed one; rules-guandan.md: different seats), and each
    room's sheet gives each team its seats there and its players to tick."""
    from generator.render.bulletins import printed_round

    root = make_content(tmp_path, "", FOUR, teams=4, players=4)
    assert main(["pair", "gd", "main", "--content", str(root)]) == 0
    _, results, _ = validate(root)
    draw, sheet = (next(b for b in printed_round(results[0], "main", 1, "zh-Hans") if b.kind == kind)
                   for kind in ("draw", "scoresheet"))
    assert ("每场比赛在开室、闭室同时进行，每队的两对各在一室：表中“开室南北”“闭室南北”两栏写的是在该室坐南北的队，"
            "对手坐东西。哪一对进哪一室由各队自定。每室记分表上由各队勾选本室上场的两人。") in draw.text
    assert draw.columns[-2:] == ["开室南北", "闭室南北"]
    assert [row[-2:] for row in draw.rows] == [[row[1], row[3]] for row in draw.rows]
    a, b = draw.rows[0][1], draw.rows[0][3]
    open_room, closed_room = sheet.pages[:2]
    n, m = int(a[1:]), int(b[1:])
    assert open_room["seats"] == [
        {"label": "甲方（南北）", "names": a}, {"label": "本室上场两人（打√）", "names": f"□选手{n}A □选手{n}B □选手{n}C □选手{n}D"},
        {"label": "乙方（东西）", "names": b}, {"label": "本室上场两人（打√）", "names": f"□选手{m}A □选手{m}B □选手{m}C □选手{m}D"}]
    assert [seat["label"] for seat in closed_room["seats"]][::2] == ["甲方（东西）", "乙方（南北）"]
    # the round's page says the same under each match drawn (templates/_room_seating.html)
    assert main(["build", "--content", str(root), "--output", str(tmp_path / "out"), "--quiet"]) == 0
    page = (tmp_path / "out/events/gd/main/round-1/index.html").read_text(encoding="utf-8")
    assert f'<p class="meta seating">开室：{a} 坐南北、{b} 坐东西；闭室：{b} 坐南北、{a} 坐东西。</p>' in page
    # teams of two: one table, no rooms, the seats as before
    two = make_content(tmp_path / "two", "", "    profile: national\n", teams=4)
    assert main(["pair", "gd", "main", "--content", str(two)]) == 0
    _, results, _ = validate(two)
    draw, sheet = (next(b for b in printed_round(results[0], "main", 1, "zh-Hans") if b.kind == kind)
                   for kind in ("draw", "scoresheet"))
    assert "开室" not in draw.text and "开室南北" not in draw.columns
    assert [seat["label"] for seat in sheet.pages[0]["seats"]] == ["甲方", "乙方"]


def test_import_groups_four_players_a_team(tmp_path):
    root = make_content(tmp_path, "", FOUR, teams=0)
    event = root / "events/gd/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("entries:\n\n", "entries: []\n"), encoding="utf-8")
    book = Workbook()
    book.active.append(["队名", "姓名", "单位"])
    for team, names in (("同心队", "甲乙丙丁"), ("育才队", "子丑寅卯"), ("三人队", "天地人")):
        for name in names:
            book.active.append([team, f"{name}选手", "工会"])
    sheet = tmp_path / "报名表.xlsx"
    book.save(sheet)
    report = import_registrations(root, "gd", sheet, prefix="T")
    assert report.new == 3 and report.team_size == 4 and report.uneven == [(10, 3, "T03 三人队")]
    lines = report.lines("zh-Hans")
    assert "每 4 名选手为一队" in lines[-2] and "第 10 行起的一队（T03 三人队）有 3 名选手" in lines[-1]
    _, results, _ = validate(root, strict=False)
    entries = results[0].event.entries
    assert [len(e.players) for e in entries.values()] == [4, 4, 3]


def test_check_warns_of_a_team_short_of_its_stages_team_size(tmp_path, capsys):
    """A team of 3 in a stage of teams of four (`team_size: 4`): check said nothing (0 warnings),
    and only import warned, by row, without naming the team. Each pair of a team sits in one
    room: check names the entry, its name (or its players) and the stage, with the fix. A
    warning: a match's record names teams, not players, so the stage scores as written. A team
    of five has a reserve; a team that withdrew before the stage plays no match of it."""
    four = "[{}]".format(", ".join(f"选手{c}" for c in "ABCD"))
    entries = [f"  - {{id: T01, name: 同心队, players: {four}}}",
               "  - {id: T02, name: 三人队, players: [甲, 乙, 丙]}",
               "  - {id: T03, players: [子, 丑, 寅]}",
               "  - {id: T04, players: [天, 地, 玄, 黄, 宇]}",
               "  - {id: T05, withdrawn: true, players: [日, 月]}",
               f"  - {{id: T06, players: {four}}}"]
    root = make_content(tmp_path, "", FOUR, teams=0)
    event = root / "events/gd/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("entries:\n\n", "entries:\n" + "\n".join(entries) + "\n"),
                     encoding="utf-8")
    _, _, warnings = validate(root)
    short = [p for p in warnings if p.code == "entry-team-short"]
    assert [p.params["id"] for p in short] == ["T02", "T03"]
    assert short[0].message("zh-Hans") == ("参赛队 T02（三人队）只有 3 名选手，阶段 main 每队 4 人"
                                           "（team_size: 4：两对选手分坐开室和闭室）")
    assert short[0].hint("zh-Hans") == "在 event.yaml 中给 T02 的 players 补足 4 人；若这一队不参赛，给它写上 withdrawn: true。"
    assert short[1].message("en").startswith("entry T03 (子, 丑, 寅) has 3 players, and stage main plays teams of 4")
    assert (short[0].mark.file.name, short[0].mark.line) == ("event.yaml", 7)
    assert main(["check", "--content", str(root)]) == 0
    captured = capsys.readouterr()
    assert "（2 条警告）" in captured.out and "[entry-team-short] 参赛队 T02（三人队）" in captured.err
    event.write_text(event.read_text(encoding="utf-8").replace("    team_size: 4\n", ""), encoding="utf-8")
    assert not [p for p in validate(root)[2] if p.code == "entry-team-short"]  # pairs: any number


def test_check_warns_of_teams_of_four_or_more_in_a_stage_of_pairs(tmp_path, capsys):
    """A team of five (or four) in a Guandan stage without `team_size`: check said nothing,
    and the stage played pairs, its records naming one pair where four people came. Guandan's
    entries are pairs, or teams of four with `team_size: 4`: one warning on the stage names the
    entries, with both fixes. A pair's third player is its reserve (as a team of four's fifth),
    and an entry withdrawn before the stage plays none of it: neither is named."""
    entries = ["  - {id: T01, name: 同心队, players: [甲, 乙, 丙, 丁, 戊]}",
               "  - {id: T02, players: [子, 丑]}",
               "  - {id: T03, players: [天, 地, 人]}",
               "  - {id: T04, withdrawn: true, players: [日, 月, 星, 辰]}",
               "  - {id: T05, players: [东, 南, 西, 北]}"]
    root = make_content(tmp_path, "", "    profile: national\n", teams=0)
    event = root / "events/gd/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("entries:\n\n", "entries:\n" + "\n".join(entries) + "\n"),
                     encoding="utf-8")
    _, _, warnings = validate(root)
    (found,) = [p for p in warnings if p.code == "stage-teams-in-pairs"]
    assert found.message("zh-Hans") == ("阶段 main 没有写 team_size，每队 2 人比赛，但有 2 个参赛队列了 4 名或更多选手："
                                        "T01、T05")
    assert found.hint("zh-Hans") == ("若每队 4 人（两对选手分坐开室和闭室），在阶段 main 中写上 team_size: 4；"
                                     "若按对比赛，这些队的 players 只留一对选手，另一对另列一队。")
    assert found.message("en").startswith("stage main has no team_size, so it plays entries of 2, but 2 entries list")
    assert (found.mark.file.name, found.mark.line) == ("event.yaml", 12)  # the stage, where the key goes
    assert main(["check", "--content", str(root)]) == 0
    assert "[stage-teams-in-pairs] 阶段 main 没有写 team_size" in capsys.readouterr().err
    event.write_text(event.read_text(encoding="utf-8").replace("    profile: national\n", FOUR), encoding="utf-8")
    assert not [p for p in validate(root)[2] if p.code == "stage-teams-in-pairs"]  # teams of four: a fifth is a reserve


def test_the_size_of_an_entry_is_the_games_to_say():
    """`paibang import` asks the game (Game.players_per_entry) how many players an entry of a
    stage has: Guandan's `team_size: 4`; a key no game reads that way fixes nothing."""
    from generator.games import GAMES

    guandan = GAMES["guandan"]
    assert guandan.players_per_entry({"team_size": 4}) == 4
    assert [guandan.players_per_entry(stage) for stage in ({}, {"team_size": 2}, {"team_size": True})] == [None] * 3
    assert guandan.players_per_entry({"team_size": 3}) is None  # refused by the stage: it fixes no size
    assert GAMES["bridge"].players_per_entry({"team_size": 4}) is None


# --- the knockout's extra deal ------------------------------------------------------------------------


def test_tiebreak_deal_settles_a_tied_match(tmp_path):
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "9", T02: "9"}
        tiebreak_deal: T02
    """, "", teams=2, format="knockout")
    score = stage.rounds[0].tables[0]
    assert isinstance(score.table.record, GuandanRecord) and score.table.record.tiebreak == "T02"
    assert score.winner == "T02" and score.extra["decided_by"] == "tiebreak"
    assert GAMES["guandan"].knockout_winner(score, stage.stage) == "T02"
    assert score.view.why == "gd_why_tiebreak"
    assert stage.bracket.champion == "T02"


@pytest.mark.parametrize(("tables", "code"), [
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 9, T02: 8}\n    tiebreak_deal: T02\n",
     "guandan-tiebreak-not-tied"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 9, T02: 9}\n    tiebreak_deal: T07\n",
     "guandan-tiebreak-not-at-table"),
])
def test_tiebreak_deal_problems(tmp_path, tables, code):
    with pytest.raises(ContentErrors) as caught:
        validate(make_content(tmp_path, tables, "", teams=2, format="knockout"))
    assert code in [p.code for p in caught.value.problems if not p.warning]


def test_tiebreak_deal_outside_a_knockout_is_reported_and_ignored(tmp_path):
    """The extra deal is a knockout's only (rules-guandan.md, "Other rule sets"): in a national
    Swiss 10:10 is a draw, 2 match points each, whatever `tiebreak_deal:` says (a warning)."""
    root = make_content(tmp_path, """\
      - {table: 1, teams: [T01, T02], levels: {T01: "10", T02: "10"}, tiebreak_deal: T01}
      - {table: 2, teams: [T03, T04], levels: {T03: "10", T04: "10"}}
    """)
    _, results, warnings = validate(root)
    assert [w.code for w in warnings] == ["guandan-tiebreak-not-knockout"]
    assert "tiebreak_deal: T01 只用于淘汰赛" in warnings[0].message("zh-Hans")
    first, second = results[0].stages[0].rounds[0].tables
    assert first.winner is None and first.extra.get("decided_by") != "tiebreak"
    assert [list(m.values()) for m in metrics(first).values()] == [list(m.values()) for m in metrics(second).values()]
    assert [side.metrics["match_points"] for side in first.sides] == [2, 2]
    with pytest.raises(ContentErrors):
        validate(root, strict=True)


# --- the demo event -----------------------------------------------------------------------------------

SLUG = "tongxin-guandan-2025"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return demo_content(tmp_path_factory.mktemp("tongxin"), SLUG)


def test_the_demo_event_passes_check_strict(demo):
    assert main(["check", "--content", str(demo), "--strict"]) == 0
    _, results, warnings = validate(demo, strict=True)
    assert not warnings
    event = results[0].event
    stage = results[0].stages[0]
    assert len(event.entries) == 24 and stage.stage.format == "swiss" and stage.stage.rounds == 5
    assert stage.stage.options.profile == "national"
    assert stage.stage.rank_by == ["match_points", "buchholz", "wins", "total_levels"]
    assert stage.rounds_played == 5 and stage.status == "complete"
    tables = [score for r in stage.rounds for score in r.tables]
    assert sum(1 for s in tables if s.extra.get("decided_by") == "draw") >= 5
    penalised = [s for s in tables if s.extra.get("penalties")]
    assert [s.extra["penalties"][0]["reason"] for s in penalised] == ["藏牌", "迟到10分钟"]
    met = [frozenset(s.table.sides) for s in tables]
    assert len(met) == len(set(met)) == 60  # no rematch
    # Buchholz on match points: the sum of the opponents' match points
    by_id = {s.entry.id: s.tally for s in stage.standings}
    for tally in by_id.values():
        assert tally.metrics["buchholz"] == sum(by_id[o].metrics["match_points"] for o in tally.opponents)


def test_the_demo_stage_page_explains_the_profile(demo, tmp_path):
    out = tmp_path / "output"
    assert main(["build", "--content", str(demo), "--output", str(out), "--quiet"]) == 0
    html = (out / f"events/{SLUG}/swiss/index.html").read_text(encoding="utf-8")
    assert "本阶段按全国竞技掼蛋竞赛规则" in html and "场分：每场胜 3、平 2、负 1，弃权方 0，轮空 3。" in html
    assert "双方同级为平局" in html and "罚级不过A" in html and "累积小分" in html
    round_five = (out / f"events/{SLUG}/swiss/round-5/index.html").read_text(encoding="utf-8")
    assert "T07 被罚 2 级（迟到10分钟）：T21 由 8 升到 10" in round_five
    assert "T24 被罚 3 级（藏牌）：T17 已是 A，罚级不过A" in round_five


def test_the_demo_knockout_after_the_swiss(demo, tmp_path):
    """The top 8 of the Swiss play a knockout seeded from it, with a third-place match; a
    quarter-final tied at J is settled by the extra deal (`tiebreak_deal`); prizes go by the
    knockout's placings, and the stage page says how a tie is settled."""
    _, results, _ = validate(demo, strict=True)
    swiss, ko = results[0].stage_of("swiss"), results[0].stage_of("ko")
    assert ko.stage.knockout.from_stage == "swiss" and ko.stage.knockout.third_place
    bracket = ko.bracket
    assert bracket.seeds == [s.entry.id for s in swiss.standings[:8]]
    assert ko.status == "complete" and bracket.champion == "T17"
    tied = bracket.match(2)
    assert tied.score.view.levels == ("J", "J") and tied.score.extra["tiebreak_deal"] == "T16"
    assert (tied.winner, tied.score.extra["decided_by"]) == ("T16", "tiebreak")
    assert [(s.rank_label, s.entry.id) for s in ko.standings] == [
        ("1", "T17"), ("2", "T08"), ("3", "T09"), ("4", "T16"), ("5=", "T06"), ("5=", "T24"), ("5=", "T21"),
        ("5=", "T11")]
    assert [p.name for p in ko.stage.prizes] == ["冠军", "亚军", "季军", "第四名", "优胜奖"]
    out = tmp_path / "output"
    assert main(["build", "--content", str(demo), "--output", str(out), "--quiet"]) == 0
    page = (out / f"events/{SLUG}/ko/index.html").read_text(encoding="utf-8")
    # the rule as members read it, not the results file's key it is written under
    rule = re.search(r'<section class="rule knockout-rule".*?</section>', page, re.S).group(0)
    assert "<li>每场的胜者进入下一轮，负者出局；弃权者负。时间到双方同级时加赛一副（打 2），先出完牌（头游）的一方获胜。</li>" in rule
    assert "tiebreak_deal" not in re.sub(r"<[^>]+>", "", page)
    round_one = (out / f"events/{SLUG}/ko/round-1/index.html").read_text(encoding="utf-8")
    assert "时间到，双方同为 J；加赛一副（打 2），T16 头游获胜" in round_one


@pytest.mark.slow
def test_the_demo_event_prints(demo, tmp_path):
    import subprocess

    pdf = tmp_path / "round-5.pdf"
    assert main(["print", SLUG, "swiss", "--round", "5", "--content", str(demo), "--output", str(pdf)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    assert "迟到10分钟" in text and "藏牌" in text and text.count("裁判签名") == 12
    pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, check=True, text=True).stdout
    assert "Pages:           13" in pages  # the draw, and one page a match
    # a knockout round's sheets: a level match goes to the extra deal, not a draw
    pdf = tmp_path / "ko-round-1.pdf"
    assert main(["print", SLUG, "ko", "--round", "1", "--content", str(demo), "--output", str(pdf)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    assert "同级时加赛一副（打 2），先出完牌的一方胜" in text and "同级加赛头游方" in text and "同级平局" not in text


# --- the results desk keeps penalties ------------------------------------------------------------------


def test_the_desk_form_shows_and_writes_penalties(tmp_path):
    stage = _stage(tmp_path, "    profile: national\n")
    rules = GAMES["guandan"]
    table = {"levels": {"T01": 8, "T02": 9}, "penalties": [{"team": "T02", "levels": 2, "reason": "迟到10分钟"}]}
    fields = {f.name: f for f in rules.entry_fields(stage, ["T01", "T02"], table, [], ())}
    assert fields["penalties"].value == "T02 2 迟到10分钟" and fields["penalties"].kind == "textarea"
    record = rules.entry_record(["T01", "T02"], {"level_a": "8", "level_b": "9", "penalties": "T02 2 迟到10分钟\nＴ０１ 1"})
    assert record["penalties"] == [{"team": "T02", "levels": 2, "reason": "迟到10分钟"}, {"team": "T01", "levels": 1}]
    assert not fields["penalties"].secretary  # the national score sheet has penalty rows: every form has the box
    # the seed's score sheet has none: the secretary's form only, unless the table has penalties
    seed = _stage(tmp_path / "seed", "")
    assert {f.name: f.secretary for f in rules.entry_fields(seed, ["T01", "T02"], {}, [], ())}["penalties"]
    assert not {f.name: f.secretary for f in rules.entry_fields(seed, ["T01", "T02"], table, [], ())}["penalties"]


def test_a_seed_stage_may_rank_by_the_small_points(tmp_path):
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: Q, T02: "9"}
    """, "    rank_by: [wins, net_levels]\n", teams=2)
    assert stage.stage.options.match_points is None and not stage.stage.options.draws
    assert metrics(stage.rounds[0].tables[0])["T01"] == {"wins": 1, "level_diff": 3, "net_levels": 3, "total_levels": 10}


@pytest.mark.parametrize(("draws", "at_zero"), [(True, "平局"), (False, "胜室多者胜，再相同抽签")])
def test_wins_of_teams_of_four_are_explained_by_both_rooms(draws: bool, at_zero: str) -> None:
    """Teams of four: a match is won by both rooms' net levels added (rules-guandan.md, "Other
    rule sets"); the stage page's 胜场 said the seed's "双方同级而先到达者胜"."""
    from types import SimpleNamespace

    from generator.games import GAMES
    from generator.games.guandan.rules import GuandanStage

    stage = SimpleNamespace(options=GuandanStage(team_size=4, draws=draws))
    said = GAMES["guandan"].metric_explained("wins", stage)["zh-Hans"]
    assert said == f"每胜一场记 1：两室净积小分相加为正者胜，为 0 时{at_zero}；对方弃权或轮空也记胜。"
    assert "getting there first" not in GAMES["guandan"].metric_explained("wins", SimpleNamespace(options=GuandanStage(draws=True)))["en"]


def test_pairs_example_shows_the_penalties_line_where_the_rules_have_penalties(tmp_path):
    """The score sheet of `profile: national` has penalty rows, and the desk's form asks for
    them; the commented example pair writes under each table showed deals and levels only. It
    shows where a penalty goes (in a room, for teams of four), in the site's language; the seed's
    rules (no penalty rows) keep the example as it was. The desk drops the example's lines,
    the penalties line too, when the table's record is saved."""
    from types import SimpleNamespace

    from generator.desk.forms import example_lines
    from generator.games import GAMES

    root = make_content(tmp_path, "", teams=4)
    assert main(["pair", "gd", "main", "--content", str(root)]) == 0
    text = (root / "events/gd/results/round-1.yaml").read_text(encoding="utf-8")
    lines = re.findall(r"  - table: 1.*?(?=  - table: 2)", text, re.S)[0].splitlines()
    b = re.search(r"teams: \[T\d\d, (T\d\d)\]", text)[1]
    assert f"    # penalties: [{{team: {b}, levels: 1, reason: 迟到5分钟}}]" in lines
    four = make_content(tmp_path / "four", "", FOUR, teams=4, players=4)
    assert main(["pair", "gd", "main", "--content", str(four)]) == 0
    text = (four / "events/gd/results/round-1.yaml").read_text(encoding="utf-8")
    assert re.search(r"#   closed: \{levels: \{T\d\d: \"5\", T\d\d: \"7\"\}, penalties: \[\{team: T\d\d, levels: 1, "
                     r"reason: 迟到5分钟\}\]\}", text)
    seed = make_content(tmp_path / "seed", "", "", teams=4)
    assert main(["pair", "gd", "main", "--content", str(seed)]) == 0
    assert "penalties" not in (seed / "events/gd/results/round-1.yaml").read_text(encoding="utf-8")
    # the desk knows the line for the example's (drops it on saving), whatever the reason's words
    result = validate(root)[1][0]
    spot = SimpleNamespace(event=result.event, stage=result.stages[0].stage)
    assert GAMES["guandan"].table_form(spot.stage).hint[-1].startswith("penalties: ")
    assert any(p.fullmatch("penalties: [{team: T04, levels: 1, reason: late 5 minutes}]") for p in example_lines(spot))


# --- words of the national rules -------------------------------------------------------------------


def test_buchholz_is_explained_by_the_score_the_stage_sums(tmp_path):
    """The national Swiss sums the opponents' match points (rules-guandan.md, "Other rule sets");
    the stage page said "所遇各对手的主要积分（如胜场）之和", wins, for every game and rule set.
    It names the stage's primary metric; the seed's rules ranking by wins name wins."""
    rules = GAMES["guandan"]
    national = _stage(tmp_path / "n", "    profile: national\n")
    said = rules.metric_explained("buchholz", national)
    assert said == {"zh-Hans": "所遇各对手的场分之和；轮空不计。", "zh-Hant": "所遇各對手的場分之和；輪空不計。",
                    "en": "the sum of the opponents' match points; a bye counts nothing."}
    seed = _stage(tmp_path / "s", "    rank_by: [wins, buchholz, sonneborn_berger]\n")
    assert rules.metric_explained("buchholz", seed)["zh-Hans"] == "所遇各对手的胜场之和；轮空不计。"
    assert rules.metric_explained("sonneborn_berger", seed)["en"] == (
        "the wins of every opponent beaten, plus half that of every opponent drawn with; opponents lost to count nothing.")
    out = tmp_path / "output"
    assert main(["build", "--content", str(tmp_path / "n" / "content"), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    page = re.sub(r"<[^>]+>", "", (out / "events/gd/main/index.html").read_text(encoding="utf-8"))
    assert "对手分：所遇各对手的场分之和" in page and "主要积分" not in page


def test_the_rule_sets_name_is_said_once(tmp_path):
    """The stage page named the rules twice, "按全国竞技掼蛋竞赛规则（竞技掼蛋竞赛规则）"; the
    English page gives the Chinese title once, as a reader may look it up."""
    note = GAMES["guandan"].stage_notes(_stage(tmp_path, "    profile: national\n"))[0]
    assert note["zh-Hans"] == "本阶段按全国竞技掼蛋竞赛规则计分和排名。"
    assert note["zh-Hant"] == "本階段按全國競技摜蛋競賽規則計分和排名。"
    assert note["en"].count("竞技掼蛋竞赛规则") == 1


# Round 1 of two tables: table 1 to be entered, table 2 forfeited by T04.
ONE_PLAYED_ONE_FORFEITED = """\
      - table: 1
        teams: [T01, T02]
      - table: 2
        teams: [T03, T04]
        forfeit: T04
    """


def test_the_desk_and_a_forfeit_name_the_national_figures_in_the_sites_punctuation(tmp_path):
    """The desk's check listed "T01: 胜场 1, 级差 3, 场分 3, …" (ASCII colon and commas on a
    Chinese page), and a forfeit said "（双方级差按 0 计）": the national rules' figures are 净积小分
    and 累积小分 (the level difference is the first by its national name). The seed's rules
    keep their 级差."""
    from generator.desk import forms
    from generator.desk.app import Desk
    from generator.render.i18n import Translator

    root = make_content(tmp_path, ONE_PLAYED_ONE_FORFEITED)
    desk = Desk(root, "gd", None, None, build=False)
    spot = desk.spot("main", 1, 1)
    text = (root / "events/gd/results/round-1.yaml").read_text(encoding="utf-8")
    result = forms.check(spot, text, forms.record_from(spot, forms.fields_for(spot, text, {"level_a": "Q", "level_b": "9"})))
    assert result.ok
    lines = forms.score_lines(spot, result.score, desk.t)
    assert "T01：胜场 1、场分 3、净积小分 3、累积小分 10" in lines and "级差" not in "".join(lines)
    assert "T01: Wins 1, Match points 3, Net levels 3, Total levels 10" in forms.score_lines(spot, result.score, Translator("en"))
    forfeited = validate(root)[1][0].stages[0].rounds[0].tables[1]
    assert GAMES["guandan"].entry_notes(forfeited, desk.t) == ["T04 弃权，T03 获胜（双方净积小分、累积小分按 0 计）"]
    assert GAMES["guandan"].entry_notes(forfeited, Translator("en")) == [
        "T04 forfeited; T03 wins (net levels, total levels 0 for both)"]
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    page = re.sub(r"<[^>]+>", "", (out / "events/gd/main/round-1/index.html").read_text(encoding="utf-8"))
    assert "T04 弃权，T03 获胜（双方净积小分、累积小分按 0 计）" in page and "级差" not in page
    seed = make_content(tmp_path / "seed", """\
      - table: 1
        teams: [T01, T02]
        forfeit: T02
    """, "", teams=2)
    assert main(["build", "--content", str(seed), "--output", str(tmp_path / "seed-out"), "--quiet", "--no-pdf"]) == 0
    page = re.sub(r"<[^>]+>", "", (tmp_path / "seed-out/events/gd/main/round-1/index.html").read_text(encoding="utf-8"))
    assert "T02 弃权，T01 获胜（双方级差按 0 计）" in page


@pytest.mark.parametrize(("locale", "between"), [("zh-Hans", "对"), ("zh-Hant", "對"), ("en", "vs")])
def test_a_forfeited_or_unplayed_match_names_its_sides_apart_in_the_sites_language(tmp_path, locale, between):
    """The line of a match without levels (forfeited, or not played yet) put a literal "vs"
    between the teams on a Chinese page, read aloud so by a screen reader at a phone's width."""
    root = make_content(tmp_path, ONE_PLAYED_ONE_FORFEITED)
    (root / "site.yaml").write_text(f"title: test\nlocale: {locale}\n", encoding="utf-8")
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    page = (out / "events/gd/main/round-1/index.html").read_text(encoding="utf-8")
    assert re.findall(r'<span class="vs">([^<]*)</span>', page) == [between, between]


def test_a_complete_stage_posts_its_final_ranking_and_in_progress_keeps_its_round_whole(tmp_path):
    """event-day.md: a complete stage shows its final ranking. After the last round the standings
    PDF was titled "成绩排名（第 2 轮后）" and the page's caption said "第 2 轮后" under 最终排名.
    While the stage is in progress, "（第 1 轮后）" stays and its heading keeps it on one line (the
    title broke as "（第 1" above "轮后）")."""
    from generator.render.bulletins import bulletins_for
    from generator.render.pdf import bulletin_html

    root = make_content(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: Q, T02: "9"}
      - table: 2
        teams: [T03, T04]
        levels: {T03: "5", T04: "7"}
    """, "    profile: national\n    name: 瑞士赛\n")
    event = root / "events/gd/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 1", "rounds: 2"), encoding="utf-8")
    result = validate(root)[1][0]
    [standings] = [b for b in bulletins_for(result, "zh-Hans") if b.name == "standings-main"]
    # (what follows the event's name kept whole, the title broken after the name: h-wrap2)
    assert standings.title == "掼蛋测试瑞士赛成绩排名（第 1 轮后）" and standings.title_kept == "瑞士赛成绩排名（第 1 轮后）"
    assert '<span class="word">瑞士赛成绩排名（第 1 轮后）</span></h1>' in bulletin_html(standings, "zh-Hans")
    assert main(["pair", "gd", "main", "--content", str(root)]) == 0
    second = root / "events/gd/results/round-2.yaml"
    text = second.read_text(encoding="utf-8")
    for table in (1, 2):
        text = re.sub(rf"(  - table: {table}\b.*?\n    teams: \[(T\d\d), (T\d\d)\]\n)",
                      lambda m: m.group(1) + f"    levels: {{{m.group(2)}: A, {m.group(3)}: \"5\"}}\n", text, flags=re.S)
    second.write_text(text, encoding="utf-8")
    result = validate(root)[1][0]
    assert result.stages[0].status == "complete"
    said = {b.name: b for b in bulletins_for(result, "zh-Hans")}["standings-main"]
    assert (said.title, said.title_kept, said.text) == ("掼蛋测试瑞士赛最终排名", "瑞士赛最终排名", "按场分、对手分、胜场、累积小分排名。")
    assert {b.name: b for b in bulletins_for(result, "en")}["standings-main"].title == "掼蛋测试: 瑞士赛 final ranking"
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    for page in ("events/gd/main/index.html", "events/gd/index.html"):
        captions = re.findall(r"<caption[^>]*>([^<]*)", (out / page).read_text(encoding="utf-8"))
        assert captions and all(c.endswith("最终排名") and "轮后" not in c for c in captions), (page, captions)


def test_the_round_bulletin_says_why_a_team_was_penalised(tmp_path):
    """The round's results bulletin said "T02 罚 3 级" while the match's page says "T02 被罚 3 级
    （藏牌）…": it prints the referee's reason too; a penalty written without one stays as it was."""
    import subprocess

    from generator.render.i18n import Translator

    root = make_content(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "9", T02: Q}
        penalties: [{team: T02, levels: 3, reason: 藏牌}]
      - table: 2
        teams: [T03, T04]
        levels: {T03: "5", T04: "7"}
        penalties: [{team: T04, levels: 1}]
    """)
    result = validate(root)[1][0]
    remarks = {locale: [row[-1] for row in next(b for b in GAMES["guandan"].bulletins(result, Translator(locale))
                                                  if b.name.startswith("results-")).rows]
               for locale in ("zh-Hans", "en")}
    assert remarks["zh-Hans"] == ["平局、T02 罚 3 级（藏牌）", "T04 罚 1 级"]
    assert remarks["en"] == ["draw, T02 penalised 3 (藏牌)", "T04 penalised 1"]
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--quiet"]) == 0
    [pdf] = [p for p in (out / "events/gd/bulletins").glob("*.pdf") if p.name.startswith(("round-", "results-"))]
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    assert "T02罚3级（藏牌）" in re.sub(r"\s+", "", text)  # (the remark column may wrap it)
