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
Neuberg) is games/common/matchpoints.py's, and what a result is comes with each game.

>>> [(s.table, s.ns, s.ew, s.boards) for s in mitchell(3, per_round=2) if s.round == 2]
[(1, 1, 3, (3, 4)), (2, 2, 1, (5, 6)), (3, 3, 2, (1, 2))]

Howell (every pair meets every other pair), for small fields: see `howell`. Which one a stage
plays is `choose_movement`: the stage's `movement: mitchell | howell`, or by default a Howell
for a field of at most HOWELL_MOST_PAIRS (8) pairs, a Mitchell above.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# the default: a Howell up to 8 pairs (4 tables), a Mitchell above (the games' board range reads it)
from generator.games.common.boards import HOWELL_MOST_PAIRS, choose_movement  # noqa: F401 (the movements say which plays)


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the NS and EW pair numbers and the boards they play."""

    round: int
    table: int
    ns: int  # 0: the EW pair sits out this round (a Mitchell one NS pair short: `mitchell`'s sit_out)
    ew: int  # 0: the NS pair sits out this round (Howell with an odd number of pairs)
    boards: tuple[int, ...]

    @property
    def sits_out(self) -> bool:
        return self.ew == 0 or self.ns == 0


def mitchell(tables: int, rounds: int | None = None, per_round: int = 2, sit_out: bool = False) -> list[Sitting]:
    """The Mitchell movement for `tables` tables (pairs 1..tables each way), round by round,
    table by table. `rounds` defaults to the most the movement allows (tables, or tables − 1 for
    an even number of tables).

    `sit_out`: an odd field, one NS pair short, as clubs run it: the last table has no NS pair,
    and the EW pair that comes to it sits the round out (a Sitting with ns 0 and no boards, at
    that table, last as a Howell's sit-out is); the boards at it are not played that round, so
    each board has one result fewer, all alike, and each EW pair plays one round fewer.

    >>> [(s.table, s.ns, s.ew, s.boards) for s in mitchell(3, per_round=1, sit_out=True) if s.round == 2]
    [(1, 1, 3, (2,)), (2, 2, 1, (3,)), (3, 0, 2, ())]
    """
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
            if sit_out and t == tables:
                sittings.append(Sitting(r, t, 0, ew, ()))
            else:
                sittings.append(Sitting(r, t, t, ew, tuple(range(first, first + per_round))))
    return sittings


def travellers(sittings: Sequence[Sitting]) -> dict[int, list[Sitting]]:
    """Each board's traveller: the sittings that play it, in round order."""
    found: dict[int, list[Sitting]] = {}
    for sitting in sorted(sittings, key=lambda s: (s.round, s.table)):
        for board in sitting.boards:
            found.setdefault(board, []).append(sitting)
    return dict(sorted(found.items()))



# --- Howell -------------------------------------------------------------------------------------

HOWELL_LARGEST = 40  # a Howell of more pairs would need more than 40 rounds
MOVEMENTS = ("mitchell", "howell", "barometer")

# A Room square of side 9 whose rows are the circle rounds of 10 pairs (ROOM_9[round][slot] is
# the board set, 0-based, of slot 0 = the stationary pair's table, slots 1..4 as in `howell`).
# No cyclic one exists (there is no strong starter in Z_9), so this one was found once by a
# backtracking search; tests/test_movements.py checks every property `howell` promises.
ROOM_9 = (
    (0, 1, 2, 3, 4), (2, 3, 0, 5, 1), (8, 5, 7, 6, 4), (4, 6, 7, 2, 3), (1, 2, 7, 0, 4),
    (3, 0, 7, 5, 8), (5, 8, 2, 6, 4), (6, 8, 5, 3, 1), (7, 1, 6, 0, 8),
)


def howell(pairs: int, rounds: int | None = None, per_round: int = 2) -> list[Sitting]:
    """The complete Howell movement for `pairs` pairs (numbered 1..pairs): every pair meets every
    other pair once. An odd field adds a phantom pair; whoever meets it sits out that round (a
    Sitting with ew 0 and no boards, numbered after the real tables).

    Who meets whom is the round-robin circle (the Berger rotation): with q = pairs rounded up to
    even and n = q − 1, pair q stays at table 1 and the others, as x = 0..n−1 (pair x + 1),
    rotate: in round r (ρ = r − 1) pair q meets x = ρ, and the pairs ρ − d and ρ + d (mod n) meet
    at the table of slot d = 1 … (n − 1)/2. n rounds, q/2 tables, n board sets of `per_round`.

    Boards. For q ≥ 8 each board set is played at one table at most in each round, and every
    pair plays every board set exactly once (an odd field: all but the set of its sit-out round),
    so each board's traveller has q/2 plays (odd field: q/2 − 1) and every result on it is
    compared with all the others. Such a Howell is a Room square: slot d plays set ρ + c_d (mod
    n) for a strong starter c (found by a small search, `_strong_starter`), and for n = 9, where
    none exists, ROOM_9. For 6 pairs or fewer no such Howell exists (there is no Room square of
    side 3 or 5): every table plays the round's set, ρ, the boards passed between the tables
    during the round (or dealt in copies); each pair still plays every set once.

    Directions: pairs change direction. Pair q sits NS in odd rounds; at slot d the pair ρ − d
    sits NS when d is odd, ρ + d when d is even. Over the whole movement each pair sits NS and
    EW a number of times that differ by one at most (an odd field: exactly equal). A board's
    results are compared by the direction of each sitting: NS scores against NS scores.

    >>> [(s.table, s.ns, s.ew, s.boards) for s in howell(4, per_round=1) if s.round == 2]
    [(1, 2, 4, (2,)), (2, 1, 3, (2,))]
    >>> [(s.table, s.ns, s.ew, s.boards) for s in howell(8, per_round=1) if s.round == 1]
    [(1, 8, 1, (1,)), (2, 7, 2, (3,)), (3, 3, 6, (5,)), (4, 5, 4, (2,))]
    """
    if not 2 <= pairs <= HOWELL_LARGEST or per_round < 1:
        raise ValueError(f"a Howell is for 2 to {HOWELL_LARGEST} pairs, with one board a round or more")
    even = pairs + pairs % 2
    n = even - 1
    rounds = n if rounds is None else rounds
    if not 1 <= rounds <= n:
        raise ValueError(f"a Howell of {pairs} pairs plays 1 to {n} rounds")
    sets = _howell_sets(even)
    slots = (n - 1) // 2
    sittings = []
    for r in range(1, rounds + 1):
        rho = r - 1
        first = [(even, rho + 1) if r % 2 else (rho + 1, even)]
        others = [((rho - d) % n + 1, (rho + d) % n + 1) if d % 2 else ((rho + d) % n + 1, (rho - d) % n + 1)
                  for d in range(1, slots + 1)]
        for slot, (ns, ew) in enumerate(first + others):
            board_set = sets[rho][slot]
            boards = tuple(range(board_set * per_round + 1, (board_set + 1) * per_round + 1))
            if pairs % 2 == 0:
                sittings.append(Sitting(r, slot + 1, ns, ew, boards))
            elif slot:
                sittings.append(Sitting(r, slot, ns, ew, boards))
        if pairs % 2:
            sittings.append(Sitting(r, slots + 1, rho + 1, 0, ()))
    return sorted(sittings, key=lambda s: (s.round, s.table))


def barometer(pairs: int, rounds: int | None = None, per_round: int = 2) -> list[Sitting]:
    """A barometer: every table plays the same boards each round (round r boards (r − 1) x
    per_round + 1 … r x per_round), so after each round every board is complete and standings
    can be posted round by round. Who meets whom, and in which direction, is the Howell's circle
    (`howell`): every pair meets every other pair once and pairs change direction; an odd field
    has a sit-out each round. Matchpoints compare each board across every table, NS with NS.

    >>> [(s.table, s.ns, s.ew, s.boards) for s in barometer(4, per_round=2) if s.round == 2]
    [(1, 2, 4, (3, 4)), (2, 1, 3, (3, 4))]
    """
    return [Sitting(s.round, s.table, s.ns, s.ew,
                    () if s.sits_out else tuple(range((s.round - 1) * per_round + 1, s.round * per_round + 1)))
            for s in howell(pairs, rounds, per_round)]


def _howell_sets(even: int) -> list[list[int]]:
    """The board set (0-based) of each round's slots, for `even` pairs (see `howell`)."""
    n = even - 1
    slots = range((n - 1) // 2 + 1)
    if even <= 6:
        return [[rho for _ in slots] for rho in range(n)]
    if n == 9:
        return [list(row) for row in ROOM_9]
    starter = _strong_starter(n)
    return [[(rho + starter[d]) % n for d in slots] for rho in range(n)]


def _strong_starter(n: int) -> tuple[int, ...]:
    """c_0 = 0, c_1 … c_m (m = (n − 1)/2) distinct, such that the 2m numbers c_d ± d are distinct,
    non-zero and distinct from each other (mod n): the starter {c_d − d, c_d + d} is strong. Then
    slot d playing set ρ + c_d gives a Room square. Depth-first, largest d first, smallest c_d
    first: the same answer every time. Exists for every odd n ≥ 7 except 9."""
    m = (n - 1) // 2
    used, middles = {0}, {0}
    chosen = [0] * (m + 1)

    def place(d: int) -> bool:
        if d == 0:
            return True
        for c in range(1, n):
            low, high = (c - d) % n, (c + d) % n
            if c in middles or low in used or high in used:
                continue
            used.update((low, high))
            middles.add(c)
            chosen[d] = c
            if place(d - 1):
                return True
            used.difference_update((low, high))
            middles.discard(c)
        return False

    if not place(m):
        raise ValueError(f"no strong starter of order {n}")
    return tuple(chosen)
