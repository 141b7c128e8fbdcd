"""The VPs a team scored in no match (a bye, a late entry's rounds, a forfeit): neither PBN's
games nor USEBIO's MATCHes have a way to carry them (each is two teams' boards), yet the
published totals include them, so both exports say them in a comment (pbn.py, usebio.py)."""

from __future__ import annotations

from typing import Any


def unmatched(stage_result: Any) -> list[str]:
    """`round 3 K09 12 VP (bye)`, `round 1 K11 8 VP (late entry)`, …, in the order of the rounds;
    none in a knockout, whose bye is a match won and no VPs."""
    if getattr(stage_result.stage, "format", None) == "knockout":
        return []
    said = []
    for round_result in stage_result.rounds:
        for why, scores in (("bye", round_result.tables), ("late entry", getattr(round_result, "late", []))):
            for score in scores:
                kind = getattr(score.view, "kind", None)
                if why == "bye" and kind not in ("bye", "forfeit"):
                    continue
                for side in score.sides:
                    said.append(f"round {round_result.number} {side.entry} {figure(side.metrics.get('vp', 0))} VP"
                                f" ({kind if why == 'bye' else why})")
    return said


def figure(value: float) -> str:
    """A number in as few digits as it needs, at most 4 decimals (12, 9.125, 3.33): PBN's and
    USEBIO's figures (interchange/pbn.py writes its own with it too)."""
    return str(int(value)) if float(value).is_integer() else f"{value:.4f}".rstrip("0").rstrip(".")
