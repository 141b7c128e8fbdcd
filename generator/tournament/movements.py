"""Pairs movements (双人赛的移位): which pairs sit at which table, with which boards, each round.

Mitchell (NS stationary, EW up, boards down), as a director announces it:

- N tables. North-South pair t sits at table t all session. East-West pair e starts at table e.
- After each round the EW pairs move up one table (N -> 1), the boards move down one table
  (1 -> N). With boards in N sets of `per_round`, table t plays set t in round 1.
- An odd number of tables plays N rounds: every pair plays every board set once, and every NS
  pair meets every EW pair once.
- An even number of tables would bring each EW pair back to boards it has played after N/2
  rounds, so after round N/2 the EW pairs skip a table (move up two). A skip Mitchell plays at
  most N−1 rounds: in N rounds an EW pair would meet the NS pair of its first table again.

Boards compared across the field: `travellers` lists, for each board, every sitting that plays it
(table, round, NS, EW), in the order it travels; the comparison of those results (matchpoints,
Neuberg) is matchpoints.py's, and what a result is comes with each game.

>>> [(s.table, s.ns, s.ew, s.boards) for s in mitchell(3, per_round=2) if s.round == 2]
[(1, 1, 3, (3, 4)), (2, 2, 1, (5, 6)), (3, 3, 2, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the NS and EW pair numbers and the boards they play."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


def mitchell(tables: int, rounds: int | None = None, per_round: int = 2) -> list[Sitting]:
    """The Mitchell movement for `tables` tables (pairs 1..tables each way), round by round,
    table by table. `rounds` defaults to the most the movement allows (tables, or tables − 1 for
    an even number of tables)."""
    if tables < 1 or per_round < 1:
        raise ValueError("a movement needs at least one table and one board a round")
    most = tables if tables % 2 else max(tables - 1, 1)
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise ValueError(f"a Mitchell of {tables} tables plays 1 to {most} rounds")
    sittings = []
    for r in range(1, rounds + 1):
        skip = 1 if tables % 2 == 0 and r > tables // 2 else 0
        for t in range(1, tables + 1):
            ew = (t - 1 - (r - 1) - skip) % tables + 1
            board_set = (t - 1 + (r - 1)) % tables + 1
            first = (board_set - 1) * per_round + 1
            sittings.append(Sitting(r, t, t, ew, tuple(range(first, first + per_round))))
    return sittings


def travellers(sittings: Sequence[Sitting]) -> dict[int, list[Sitting]]:
    """Each board's traveller: the sittings that play it, in round order."""
    found: dict[int, list[Sitting]] = {}
    for sitting in sorted(sittings, key=lambda s: (s.round, s.table)):
        for board in sitting.boards:
            found.setdefault(board, []).append(sitting)
    return dict(sorted(found.items()))

