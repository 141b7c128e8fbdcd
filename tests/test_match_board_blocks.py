"""A team match of a stage saying no `boards`, its boards numbered on in blocks longer than the
game's default (round 1 on 1-12, round 2 on 13-24: README, content-format.md), counted with the
stage's rounds before as the desk's form offers them (common.boards.default_block, one rule):
`check` and the scorer judged each match by its own round alone, so a round-2 match half entered
on 13-16 was an 8-board match waiting for 9-12, and one on 13-18 a whole match of 6, its VP over
6 boards and counted in the standings published between rounds (event-day.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.games import GAMES
from generator.games.common.boards import match_board_count
from tests.test_bridge_teams import MATCH, _problems, write_teams_event
from tests.test_desk_records import make, results

BRIDGE = GAMES["bridge"]
SHENGJI = GAMES["shengji"]


def _bridge_match(table: int, home: str, away: str, first: int, last: int, swing: int) -> str:
    """Boards first..last, board `swing` 4S N = against 4S S -1 (+420 against +50, none
    vulnerable on boards 1 and 17: 370, 10 IMPs to home), the rest passed out in both rooms."""
    boards = "".join(f"      {n}: {{open: 4S N =, closed: 4S S -1}}\n" if n == swing
                     else f"      {n}: {{open: pass, closed: pass}}\n" for n in range(first, last + 1))
    return MATCH.format(table=table, home=home, away=away, boards=boards)


def _bridge_stage(tmp_path: Path, last: int) -> Path:
    """Five teams, a stage saying no `boards:`: round 1 on 1-12 at both tables (T1 v T2, T3 v T4,
    T5 a bye), round 2's table 1 (T1 v T3) on 13..`last`, its table 2 (T2 v T5) on 13-24."""
    round_1 = _bridge_match(1, "T1", "T2", 1, 12, 1) + _bridge_match(2, "T3", "T4", 1, 12, 1) \
        + "  - table: 3\n    home: T5\n"
    round_2 = _bridge_match(1, "T1", "T3", 13, last, 17) + _bridge_match(2, "T2", "T5", 13, 24, 0) \
        + "  - table: 3\n    home: T4\n"
    content = write_teams_event(tmp_path, [round_1, round_2])
    event = content / "events/teams/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    boards: 2\n", ""), encoding="utf-8")
    return content


@pytest.mark.parametrize(("last", "missing"), [(16, list(range(17, 25))), (18, list(range(19, 25)))])
def test_a_bridge_round_2_half_entered_after_a_round_of_12_waits_for_the_rest_of_13_to_24(tmp_path, last, missing):
    """Round 2 half entered (13-16, 13-18) after a round 1 on 1-12: the match plays 13-24, so it
    waits, its warning naming the boards to come (not 9-12, not none), and the standings stay
    round 1's: T1 and T3 13.18 each (12 boards, 10 IMPs: B = 15 x sqrt(12) = 51.96, tau^(30/51.96)
    = tau^0.5774 = 0.7574, 10 + 10 x 0.2426 / 0.7639 = 13.18 : 6.82), T2 and T4 6.82. Read alone,
    13-18 was a whole match of 6 (14.25 : 5.75 on the 6-board scale) counted for T1 with round 2."""
    content = _bridge_stage(tmp_path, last)
    found = [(p.code, p.params["table"], p.params["count"], p.params["boards"], p.params["missing"])
             for p in _problems(content) if p.code.startswith("bridge-")]
    assert found == [("bridge-match-default-board-count", 1, last - 12, 12, missing)]
    _, found_results, _ = validate(content)
    stage = found_results[0].stages[0]
    match = stage.rounds[1].tables[0]
    assert match.view.boards == 12 and match.view.to_come == 24 - last and match.winner is None
    assert BRIDGE.boards_short(stage.stage, match.table)
    vp = {s.entry.id: s.tally.metrics["vp"] for s in stage.standings}
    assert vp["T1"] == vp["T3"] == 13.18 and vp["T2"] == vp["T4"] == 6.82


def test_a_bridge_round_2_whole_on_13_to_24_scores_on_the_12_board_scale(tmp_path):
    """The same match once 13-24 are in: complete, T1 10 IMPs up on board 17 (none vulnerable, as
    board 1), 13.18 : 6.82 on the 12-board scale (not 14.25, the 6 written before), counted:
    T1 13.18 + 13.18 = 26.36, T3 13.18 + 6.82 = 20, T2 6.82 + 10 (0 IMPs against T5) = 16.82."""
    content = _bridge_stage(tmp_path, 24)
    assert [p.code for p in _problems(content) if p.code.startswith("bridge-")] == []
    _, found_results, _ = validate(content)
    stage = found_results[0].stages[0]
    match = stage.rounds[1].tables[0]
    assert match.view.boards == 12 and not match.view.to_come and match.winner == "T1"
    assert match.view.vp == {"T1": 13.18, "T3": 6.82}
    assert not BRIDGE.boards_short(stage.stage, match.table)
    vp = {s.entry.id: s.tally.metrics["vp"] for s in stage.standings}
    assert vp["T1"] == 26.36 and vp["T3"] == 20 and vp["T2"] == 16.82


def test_a_stage_saying_its_boards_is_counted_by_them(tmp_path):
    """`boards: 12` written: its count, whatever the rounds before (13-18 waits for 19-24 by the
    stage's own count and warning, bridge-match-board-count, as before)."""
    content = _bridge_stage(tmp_path, 18)
    event = content / "events/teams/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    rounds: 2\n", "    rounds: 2\n    boards: 12\n"),
                     encoding="utf-8")
    found = [(p.code, p.params["count"], p.params["boards"]) for p in _problems(content) if p.code.startswith("bridge-")]
    assert found == [("bridge-match-board-count", 6, 12)]


def _shengji_match(table: int, home: str, away: str, first: int, last: int, swing: int) -> str:
    """Boards first..last, 40 to the defenders in both rooms (net 0, 0 match points each), board
    `swing` 85 in the open room: on boards 1 and 17 North declares (rules-shengji.md's board
    table repeats every 16), so away, East-West in the open room, is credited 85 there and home
    40 in the closed: home's net -45, 4 match points to away (the conversion table's 40-50)."""
    boards = "".join(f"      {n}: {{open: {85 if n == swing else 40}, closed: 40}}\n" for n in range(first, last + 1))
    return f"  - table: {table}\n    home: {home}\n    away: {away}\n    boards:\n{boards}"


def _shengji_stage(tmp_path: Path, last: int) -> Path:
    """Four teams, an 80分 Swiss saying no `boards:`: round 1 on 1-12 (H01 v H02, H03 v H04,
    board 1 4 match points to away), round 2's table 1 (H01 v H03) on 13..`last` (board 17 4
    to H03), its table 2 (H02 v H04) on 13-24 level."""
    round_1 = _shengji_match(1, "H01", "H02", 1, 12, 1) + _shengji_match(2, "H03", "H04", 1, 12, 1)
    root = make(tmp_path, "format: swiss\nrounds: 2\n", round_1, game="shengji", prefix="H", players=4)
    round_2 = _shengji_match(1, "H01", "H03", 13, last, 17) + _shengji_match(2, "H02", "H04", 13, 24, 0)
    results(root).with_name("round-2.yaml").write_text(f"stage: main\nround: 2\ntables:\n{round_2}", encoding="utf-8")
    return root


@pytest.mark.parametrize(("last", "missing"), [(16, list(range(17, 25))), (18, list(range(19, 25))), (24, [])])
def test_an_80fen_round_2_half_entered_after_a_round_of_12_waits_for_the_rest_of_13_to_24(tmp_path, last, missing):
    """80分 alike: 13-16 or 13-18 after a round 1 on 1-12 waits for the rest of 13-24, the warning
    naming them, and the standings are round 1's (H02 and H04 4 match points, H01 and H03 0); read
    alone 13-18 was a whole match and H03 stood on 4. Whole on 13-24 it counts: H03 4."""
    root = _shengji_stage(tmp_path, last)
    _, found_results, warnings = validate(root)
    assert [(p.code, p.params["table"], p.params["missing"]) for p in warnings if p.code == "shengji-boards-missing"] \
        == ([("shengji-boards-missing", 1, missing)] if missing else [])
    stage = found_results[0].stages[0]
    match = stage.rounds[1].tables[0]
    points = {s.entry.id: s.tally.metrics["match_points"] for s in stage.standings}
    assert SHENGJI.match_boards(stage.stage, match.table) == 12
    if missing:
        assert SHENGJI.boards_short(stage.stage, match.table) and match.winner is None
        assert points == {"H01": 0, "H02": 4, "H03": 0, "H04": 4}
    else:
        assert not SHENGJI.boards_short(stage.stage, match.table) and match.winner == "H03"
        assert points == {"H01": 0, "H02": 4, "H03": 4, "H04": 4}


def test_a_matchs_count_reads_the_rounds_before():
    """match_board_count with the rounds before, as default_block reads them: round 2 begun on
    13 after a round 1 on 1-12 plays 12; alone, 13-16 was round 2's block of 8 and 13-18 none."""
    from types import SimpleNamespace

    stage = SimpleNamespace(boards=None, format="swiss")
    before = [(1, set(range(1, 13)))]
    assert match_board_count(stage, range(13, 17), 8, True, 2) == 8
    assert match_board_count(stage, range(13, 19), 8, True, 2) == 0
    assert match_board_count(stage, range(13, 17), 8, True, 2, before) == 12
    assert match_board_count(stage, range(13, 19), 8, True, 2, before) == 12
    # round 1 on 1-8, the default: round 2's 9-16 as before
    assert match_board_count(stage, range(9, 13), 8, True, 2, [(1, set(range(1, 9)))]) == 8
    # a pairs stage is the movement's, whatever the rounds before
    assert match_board_count(SimpleNamespace(boards=None, format="pairs"), range(13, 19), 8, True, 2, before) == 0


def test_a_half_entered_match_is_published_as_waiting_for_19_to_24(tmp_path):
    """The pages published between rounds: the round-2 match on 13-18 is shown as a match with
    boards to come (6), no winner and no VP in results.json, as any match half entered;
    it was shown won by T1, 14.25 : 5.75."""
    import json
    import re

    from generator.cli import main

    content = _bridge_stage(tmp_path, 18)
    out = tmp_path / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    data = json.loads((out / "events/teams/results.json").read_text(encoding="utf-8"))
    match = data["stages"][0]["rounds"][1]["tables"][0]
    assert match["sides"] == ["T1", "T3"] and match["pending"] is True
    assert match["winner"] is None and "vp" not in match and [b["board"] for b in match["boards"]] == list(range(13, 19))
    page = (out / "events/teams/main/round-2/index.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "\u8fd8\u6709 6 \u526f\u672a\u5f55\u5165" in text  # (6 boards still to enter)
    assert "14.25" not in text
