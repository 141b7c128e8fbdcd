"""The tables of a pairs stage's travelling score sheets that nobody plays, a pair (or both)
withdrawn by their round: one rule for every game that prints travellers (bridge, 80分), their
lines saying so where a blank line was left to fill in."""

from __future__ import annotations

from typing import Any


def withdrawn_tables(stage_result: Any, stage_id: str) -> dict[tuple[int, int], list[str]]:
    """(round, table) -> the pairs withdrawn by that round at a table the stage's rounds, or its
    travellers (StageResult.travelling), seat: a round's table scored without them
    (tournament/event.py's `withdrawn`, one pair, its opponent sitting out as 80分 has it;
    `withdrawn_pairs`, two pairs drawn against each other, scored with neither), and a later
    round's line with a pair withdrawn by then (`withdrawn: 2`: rounds 3-7's lines with P12),
    which no round file holds yet."""
    left: dict[tuple[int, int], list[str]] = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            if len(score.table.sides) == 1 and "withdrawn" in score.extra:
                left[(round_result.number, score.table.number)] = [score.extra["withdrawn"]]
            elif not score.table.sides and "withdrawn_pairs" in score.extra:
                left[(round_result.number, score.table.number)] = list(score.extra["withdrawn_pairs"])
    gone = {entry.id: entry for entry in stage_result.field if entry.withdrawn is not None}
    for seats in (getattr(stage_result, "travelling", None) or {}).values():
        for number, table, ns, ew in seats:
            withdrawn = [side for side in (ns, ew) if side in gone and gone[side].withdrawn_by(number, stage_id)]
            if withdrawn:
                left.setdefault((number, table), withdrawn)
    return left
