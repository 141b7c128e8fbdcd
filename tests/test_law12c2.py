"""Law 12C2 adjusted scores (`adjusted: session | fixed`), IMP equivalents (`adjusted_imps`)
and penalties and awards on totals (`adjustments`), as content-format.md states them.

The worked cases are the issue's, verbatim: a pair on 62 % given A+ scores 62 % on that board;
a pair on 35 % given A- scores 35 %. Every figure is worked by hand here.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from generator.games.bridge.duplicate import (
    AdjustedRecord,
    PairsRow,
    PairsView,
    adjusted_imps,
    parse_adjusted,
    session_adjusted,
)

ROOT = Path(__file__).resolve().parents[1]


def _row(board: int, ns: float | None, ew: float | None, adjusted: AdjustedRecord | None = None) -> PairsRow:
    row = PairsRow(board, "N", "None", "matchpoints", adjusted=adjusted)
    row.ns_value, row.ew_value, row.top = ns, ew, 10
    return row


def _session(adjusted: AdjustedRecord) -> PairsRow:
    """Pair X (NS) on 31 of 50 = 62 % over five boards, pair Y (EW) on 17.5 of 50 = 35 %, then
    board 6 adjusted between them (top 10: six results a board)."""
    rows = [_row(1, 7, 3), _row(2, 6, 4), _row(3, 8, 2), _row(4, 5, 5), _row(5, 5, 3.5)]
    assert sum(r.ns_value for r in rows) == 31 and sum(r.ew_value for r in rows) == 17.5
    # adjusted rows arrive from the field scoring at their written percentage of the top
    board = _row(6, adjusted.ns / 10, adjusted.ew / 10, adjusted)
    view = PairsView("played", "X", "Y", "pairs", "matchpoints", [*rows, board])
    session_adjusted([(1, [SimpleNamespace(view=view)])])
    return board


def test_a_pair_on_62_percent_given_a_plus_scores_62_percent_on_that_board():
    board = _session(parse_adjusted(6, "A+/A="))
    assert board.ns_percent == 62  # X: 62 % > 60 %
    assert board.ew_percent == 50  # A= is always 50 %


def test_a_pair_on_35_percent_given_a_minus_scores_35_percent():
    board = _session(parse_adjusted(6, "A+"))  # A+ to NS, the complement A- to EW
    assert board.ns_percent == 62
    assert board.ew_percent == 35  # Y: 35 % < 40 %


def test_a_pair_below_60_keeps_60_and_above_40_keeps_40():
    board = _session(parse_adjusted(6, "A-/A+"))  # X on 62 % given A-: 40; Y on 35 % given A+: 60
    assert (board.ns_percent, board.ew_percent) == (40, 60)


def test_percentages_written_as_numbers_are_always_fixed():
    for text in ("60%/40%", {"adjusted": {"NS": 60, "EW": 40}}):
        record = parse_adjusted(6, text)
        assert record.fixed and record.text == "60%/40%"
        board = _session(record)
        assert (board.ns_percent, board.ew_percent) == (60, 40)


def test_adjusted_imps_default_three_and_the_stage_value():
    assert (adjusted_imps(60), adjusted_imps(50), adjusted_imps(40)) == (3, 0, -3)
    assert (adjusted_imps(60, 2), adjusted_imps(40, 2)) == (2, -2)


# --- end to end: a small event ---------------------------------------------------------------------

EVENT = """title: 12C2
game: bridge
date: 2024-10-16
entries:
  - {id: P1, players: [甲, 乙]}
  - {id: P2, players: [丙, 丁]}
  - {id: P3, players: [戊, 己]}
  - {id: P4, players: [庚, 辛]}
  - {id: P5, players: [壬, 癸]}
  - {id: P6, players: [子, 丑]}
stages:
  - id: pairs
    name: 双人赛
    format: pairs
    scoring: matchpoints
    rounds: 1
    boards: 3
EXTRA
"""
# One round, three tables playing the same three boards (top 4 a board). Board 3 at table 1 is
# A+ to P1 (NS). P1's real boards: board 1 4S N = 420 (the best of 420/420/170: 3 MP),
# board 2 3NT S +1 430 (the best of 430/400/-50: 4 MP): 7 of 8 = 87.5 %.
ROUND = """stage: pairs
round: 1
tables:
  - {table: 1, ns: P1, ew: P2, boards: {1: 4S N =, 2: 3NT S +1, 3: A+}}
  - {table: 2, ns: P3, ew: P4, boards: {1: 4S N =, 2: 3NT S =, 3: 4S N =}}
  - {table: 3, ns: P5, ew: P6, boards: {1: 2S N +2, 2: 3NT S -1, 3: 4S N -1}}
"""


def _event(tmp_path: Path, extra: str = "", round_text: str = ROUND):
    content = tmp_path / "content"
    (content / "events/c12/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\n", encoding="utf-8")
    (content / "events/c12/event.yaml").write_text(EVENT.replace("EXTRA", extra), encoding="utf-8")
    (content / "events/c12/results/round-1.yaml").write_text(round_text, encoding="utf-8")
    _, results, _ = validate(content)
    return results[0].stage_of("pairs")


def _board(stage_result, table: int, board: int) -> PairsRow:
    view = stage_result.rounds[0].tables[table - 1].view
    return next(r for r in view.rows if r.board == board)


def test_session_is_the_default_and_fixed_gives_60(tmp_path):
    session = _event(tmp_path / "s")
    assert _board(session, 1, 3).ns_percent == 87.5
    fixed = _event(tmp_path / "f", "    adjusted: fixed\n")
    assert _board(fixed, 1, 3).ns_percent == 60
    # P2, EW at table 1: board 1 1 MP of 4, board 2 0 of 4 -> 12.5 %, so its A- is 12.5 %
    assert _board(session, 1, 3).ew_percent == 12.5 and _board(fixed, 1, 3).ew_percent == 40


def test_adjustments_on_totals(tmp_path):
    base = {s.entry.id: s.tally.metrics for s in _event(tmp_path / "a").standings}
    extra = ("    adjustments:\n      - {entry: P3, mp: -2, reason: 迟到}\n"
             "      - {entry: P5, percent: 1.5, reason: 奖励}\n")
    adjusted = {s.entry.id: s.tally.metrics for s in _event(tmp_path / "b", extra).standings}
    assert adjusted["P3"]["mp"] == base["P3"]["mp"] - 2
    assert adjusted["P3"]["percent"] == round(100 * (base["P3"]["mp"] - 2) / base["P3"]["top"], 2)
    assert adjusted["P5"]["percent"] == round(base["P5"]["percent"] + 1.5, 2)
    assert adjusted["P1"] == base["P1"]


def test_an_adjustment_for_an_unknown_pair_or_with_two_kinds_is_refused(tmp_path):
    with pytest.raises(ContentErrors) as failure:
        _event(tmp_path / "u", "    adjustments:\n      - {entry: P9, mp: -2}\n")
    assert [p.code for p in failure.value.problems if not p.warning] == ["bridge-adjustment-entry"]
    with pytest.raises(ContentErrors) as failure:
        _event(tmp_path / "k", "    adjustments:\n      - {entry: P3, mp: -2, imps: 1}\n")
    assert "bridge-adjustment-kind" in [p.code for p in failure.value.problems]


def test_teams_adjusted_imps_stage_value():
    """Teams: an adjusted board is worth the stage's `adjusted_imps` (default 3) to home for A+."""
    from generator.games.bridge import BridgeStage
    from generator.games.bridge.duplicate import TeamBoard, score_team_match

    board = TeamBoard(1, adjusted=parse_adjusted(1, "A+"))
    default = score_team_match("H", "A", [board], BridgeStage(scoring="imps", kind="teams"), 1)
    assert (default.rows[0].home_imps, default.rows[0].away_imps) == (3, -3)
    two = score_team_match("H", "A", [board], BridgeStage(scoring="imps", kind="teams", adjusted_imps=2), 1)
    assert (two.rows[0].home_imps, two.rows[0].away_imps) == (2, -2)
