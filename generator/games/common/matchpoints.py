"""Matchpoints: one board's results compared across the field (duplicate pairs scoring).

Game-independent. A result is a number where higher is better for the side being scored (80分:
the defenders' points for the defending direction and their negative for the declaring one;
bridge: the direction's own score), or an `Adjusted` score given as a percentage of the top.
Each direction of a board is scored separately: call `board_matchpoints` once for the NS results
and once for the EW results (an adjusted board, 0 % to one side and 60 % to the other, is not
complementary, so EW cannot always be derived from NS).

The rules (rules-bridge.md, "Duplicate methods"; rules-shengji.md, "Pairs event"):

- a result gets 2 matchpoints for each other result it beats and 1 for each it ties;
  the top is 2 x (n - 1) for n results, the percentage MP / top x 100;
- Neuberg, for a board with fewer results (A) than expected (E):
  MP' = (MP + 1) x E / A - 1, and the top is that of E results;
- an adjusted score is that percentage of the top; the board's real results are compared among
  themselves and factored up to the full field with Neuberg (A = real results, E = all), so an
  adjusted score at one table neither helps nor hurts the others.

A stage's percentage is its total MP over its total top (boards played), not the mean of the
per-board percentages: `finish_percent` turns summed `mp` and `top` into `percent`.

>>> matchpoints([85, 40, 85, 0])
[5, 2, 5, 0]
>>> top(4)
6
>>> neuberg(2, played=3, expected=4)
3
>>> [r.mp for r in board_matchpoints([85, 40, Adjusted(60)])]
[3.5, 0.5, 2.4]
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass

# Floating-point noise (0.6 x 10 = 6.000000000000001) is rounded away at this many places.
_PLACES = 9


@dataclass(frozen=True)
class Adjusted:
    """An adjusted (artificial) score: `percent` of the board's top, 0 to 100."""

    percent: float

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise ValueError(f"an adjusted score is 0 to 100 % of the top, not {self.percent}")


Result = float | int | Adjusted


def top(results: int) -> int:
    """The most matchpoints a board gives when it has `results` results: 2 x (results - 1)."""
    return 2 * (results - 1) if results > 0 else 0


def matchpoints(scores: Sequence[float]) -> list[float]:
    """Each score's matchpoints against the others: 2 for each score it beats, 1 for each tie.

    Counted in the sorted scores, not score against score: a board played 150 times across a
    congress's sections is 150 binary searches, not 22,500 comparisons (issue 23's real sizes).
    Beaten are the scores before its first place in the sorted list, tied those from its first
    place to its last, itself among them; 2 x beaten + tied - 1 (its tie with itself).

    >>> matchpoints([420, 450, 420, -50])
    [3, 6, 3, 0]
    """
    ordered = sorted(scores)
    return [bisect_left(ordered, own) + bisect_right(ordered, own) - 1 for own in scores]


def scored_against(expected: int) -> int:
    """How many results each result of a board is scored against: the field's `expected`, and
    never fewer than 2. A board's only result has nothing to be compared with (after round 1 of
    a Mitchell every board has one), and a top of 0 gave every pair 0 MP of 0: 0.00 % and "1="
    for all, which members read as everyone scoring zero (event-day.md: right at every moment).
    Neuberg scores a board's only result against any larger field as (0 + 1) x E / 1 - 1 = E - 1,
    half the top: average. So it is scored so here too, as though two results were expected: MP
    1 of top 2, 50 % (the board's page says it has only one result so far). A board with two
    results or more, and so every board of a finished event of more than one table, is scored
    exactly as before. Bridge and 80分 pairs alike (duplicate.compare_board, shengji's
    views._matchpoint_field).

    >>> scored_against(1), scored_against(5)
    (2, 5)
    """
    return max(expected, 2)


def neuberg(mp: float, played: int, expected: int) -> float:
    """Matchpoints of a board played `played` times scaled to `expected` results:
    (MP + 1) x E / A - 1. Unchanged when the board was played as often as expected."""
    if played < 1 or expected < 1:
        raise ValueError("Neuberg needs at least one result played and expected")
    if played == expected:
        return mp
    return _tidy((mp + 1) * expected / played - 1)


def percentage(mp: float, top_mp: float) -> float | None:
    """MP as a percentage of the top; None when there is no top (a board played once)."""
    if not top_mp:
        return None
    return _tidy(100 * mp / top_mp)


@dataclass(frozen=True)
class Scored:
    """One result of a board, scored: its matchpoints, the board's top, the percentage."""

    mp: float
    top: int
    adjusted: bool = False

    @property
    def percent(self) -> float | None:
        return percentage(self.mp, self.top)


def board_matchpoints(results: Sequence[Result], expected: int | None = None) -> list[Scored]:
    """Score every result of one board from one direction.

    `expected` is how many results the board should have had (the stage's usual count); it
    defaults to the number given, adjusted ones included. The top is that of `expected`
    results. Real results are compared among themselves and, when there are fewer of them than
    expected, factored up with Neuberg; an adjusted result is its percentage of the top.
    """
    expected = len(results) if expected is None else expected
    if expected < len(results):
        raise ValueError(f"{len(results)} results on a board expected to have {expected}")
    board_top = top(expected)
    real = [r for r in results if not isinstance(r, Adjusted)]
    plain = matchpoints([float(r) for r in real])
    scored_real = iter([neuberg(mp, len(real), expected) for mp in plain])
    found = []
    for result in results:
        if isinstance(result, Adjusted):
            found.append(Scored(_tidy(result.percent * board_top / 100), board_top, adjusted=True))
        else:
            found.append(Scored(_tidy(next(scored_real)), board_top))
    return found


@dataclass(frozen=True)
class Frequency:
    """One distinct score of a board: how many tables had it and the matchpoints it earned."""

    score: float
    count: int
    mp: float


def frequency(scores: Sequence[float], expected: int | None = None) -> list[Frequency]:
    """The board's frequency table, best score first (what a traveller prints below the tables).
    Adjusted scores are not in it; `expected` factors the matchpoints as `board_matchpoints` does."""
    scored = board_matchpoints(list(scores), expected)
    by_score: dict[float, tuple[int, float]] = {}
    for score, result in zip(scores, scored):
        count, mp = by_score.get(score, (0, result.mp))
        by_score[score] = (count + 1, mp)
    return [Frequency(score, count, mp) for score, (count, mp) in sorted(by_score.items(), reverse=True)]


def finish_percent(metrics: MutableMapping[str, float], mp: str = "mp", top_key: str = "top",
                   percent: str = "percent", places: int = 2) -> None:
    """Turn summed matchpoints and tops into the stage percentage, in place: percent = total MP
    / total top x 100, rounded to `places` (what standings print); MP rounded the same way.
    Without any top (no board scored: every board of the entry's tables not played, np) there is
    no percentage, and none is set: a 0.00 % read as every board lost, and ranked the pair last
    (no_board_scored; the standings show "—")."""
    total_mp = metrics.get(mp, 0)
    total_top = metrics.get(top_key, 0)
    metrics[mp] = round(total_mp, places)
    if total_top:
        metrics[percent] = round(100 * total_mp / total_top, places)
    else:
        metrics.pop(percent, None)


def no_board_scored(metrics: Mapping[str, float], top_key: str = "top") -> bool:
    """Whether an entry's summed matchpoint metrics have no board scored: a top of 0, though it
    sat at its tables (each board there written np, not played). It has no percentage
    (finish_percent) and nothing to be ranked by (Game.scored_nothing). Metrics without a top
    (IMPs, a team's) are not matchpoints: False.

    >>> no_board_scored({"mp": 0, "top": 0}), no_board_scored({"mp": 3, "top": 4}), no_board_scored({"imps": 0})
    (True, False, False)
    """
    return top_key in metrics and not metrics[top_key]


def percent_of(metrics: Mapping[str, float], mp: str = "mp", top_key: str = "top") -> float:
    """The percentage a set of summed metrics stands for, unrounded (0 without a top)."""
    total_top = metrics.get(top_key, 0)
    return _tidy(100 * metrics.get(mp, 0) / total_top) if total_top else 0.0


def _tidy(value: float) -> float:
    value = round(value, _PLACES)
    return int(value) if float(value).is_integer() else value
