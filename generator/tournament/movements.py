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

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

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


def howell(pairs: int, rounds: int | None = None, per_round: int = 2, legacy: bool = False) -> list[Sitting]:
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

    Directions: who sits NS at each table is chosen so that every two pairs are compared (sit
    the same direction on the same board) about equally often: `_balanced_sides`. A board's
    results are compared by the direction of each sitting: NS scores against NS scores.
    `legacy`: the directions paibang drew before (pair q NS in odd rounds; at slot d the pair
    ρ − d NS when d is odd, ρ + d when d is even), which balance each pair's NS and EW but leave
    some two pairs compared on most boards and others on almost none; an event whose rounds were
    drawn that way keeps them (pairing.movement_of).

    >>> [(s.table, s.ns, s.ew, s.boards) for s in howell(4, per_round=1) if s.round == 2]
    [(1, 2, 4, (2,)), (2, 1, 3, (2,))]
    >>> [(s.table, s.ns, s.ew, s.boards) for s in howell(8, per_round=1) if s.round == 3]
    [(1, 8, 3, (3,)), (2, 2, 4, (5,)), (3, 5, 1, (7,)), (4, 6, 7, (4,))]
    >>> [(s.table, s.ns, s.ew, s.boards) for s in howell(8, per_round=1, legacy=True) if s.round == 3]
    [(1, 8, 3, (3,)), (2, 2, 4, (5,)), (3, 5, 1, (7,)), (4, 7, 6, (4,))]
    """
    return _howell(pairs, rounds, per_round, legacy, by_round=False)


def _howell(pairs: int, rounds: int | None, per_round: int, legacy: bool, by_round: bool) -> list[Sitting]:
    """`howell`, its directions balanced for boards compared by board set (a Howell) or by
    round (`by_round`: a barometer, every table playing the round's boards)."""
    if not 2 <= pairs <= HOWELL_LARGEST or per_round < 1:
        raise ValueError(f"a Howell is for 2 to {HOWELL_LARGEST} pairs, with one board a round or more")
    even = pairs + pairs % 2
    n = even - 1
    rounds = n if rounds is None else rounds
    if not 1 <= rounds <= n:
        raise ValueError(f"a Howell of {pairs} pairs plays 1 to {n} rounds")
    sets = _howell_sets(even)
    slots = (n - 1) // 2
    first_ns = _legacy_sides(even) if legacy else _balanced_sides(pairs, by_round)
    sittings = []
    for r in range(1, rounds + 1):
        rho = r - 1
        for slot, (first, second) in enumerate(_meetings(even, rho)):
            ns, ew = (first, second) if first_ns[rho][slot] else (second, first)
            board_set = sets[rho][slot]
            boards = tuple(range(board_set * per_round + 1, (board_set + 1) * per_round + 1))
            if pairs % 2 == 0:
                sittings.append(Sitting(r, slot + 1, ns, ew, boards))
            elif slot:
                sittings.append(Sitting(r, slot, ns, ew, boards))
        if pairs % 2:
            sittings.append(Sitting(r, slots + 1, rho + 1, 0, ()))
    return sorted(sittings, key=lambda s: (s.round, s.table))


def _meetings(even: int, rho: int) -> list[tuple[int, int]]:
    """Round ρ's meetings of the circle, slot by slot: (q, ρ + 1), then (ρ − d, ρ + d) as pair numbers."""
    n = even - 1
    return [(even, rho + 1)] + [((rho - d) % n + 1, (rho + d) % n + 1) for d in range(1, (n - 1) // 2 + 1)]


def _legacy_sides(even: int) -> list[list[bool]]:
    """The directions drawn before balancing (see `howell`): whether each slot's first pair sits NS."""
    n = even - 1
    return [[rho % 2 == 0] + [d % 2 == 1 for d in range(1, (n - 1) // 2 + 1)] for rho in range(n)]


# The search's length: flips tried per table-round. Part of the movement: changing it changes the
# directions drawn (an event already drawn keeps its own: pairing.movement_of reads its rounds).
BALANCE_TRIES = 120
LEAN_WEIGHT, COMPARE_WEIGHT = 1, 4  # a pair's NS less EW, squared, against comparisons squared
MOST_TRIES = 20000  # a draw stays quick for a large field (40 pairs: 780 table-rounds)
MOST_LEAN = 5  # beyond 5 (6 NS and 1 EW of 7 rounds) a pair's NS less EW costs much more


def _leaning(lean: int, most: int) -> int:
    """What a pair's NS less EW costs: its square, and much more beyond `most`."""
    return lean * lean + 16 * max(0, abs(lean) - most) ** 2


@lru_cache(maxsize=None)
def _balanced_sides(pairs: int, by_round: bool = False) -> tuple[tuple[bool, ...], ...]:
    """Whether each slot's first pair sits NS (round by round), chosen so that every two pairs
    are compared about equally often, and each pair sits NS not much more often than EW.

    The measure: for two pairs, the board sets on which both play in the same direction (their
    results on it are compared). Its total is the same whatever the directions, so the search
    lowers the sum of its squares. In an even field of q pairs, each playing every set, perfect
    balance (every two pairs compared on q/2 − 1 sets) would make a Hadamard matrix of order q
    (the table pair x set, +1 NS and −1 EW, with a column of +1 added, has orthogonal rows), so it
    cannot exist for 6, 10, 14 … pairs: there the search finds a near balance.

    Threshold accepting (a deterministic kind of annealing: an uphill change is taken when it
    costs at most a threshold that falls to zero), from the legacy directions, changing what a
    fixed pseudo-random sequence picks: the same directions on every machine. First the
    comparisons alone, flipping one table at a time; then with each pair's NS less EW (squared,
    much dearer beyond MOST_LEAN; 1 for 5 rounds or fewer), also turning every table of a board
    set round, which changes no comparison. As in the published balanced Howells, whose
    stationary pair sits NS every round, the comparisons come first.
    An odd field's sit-out has no direction and is left out."""
    even = pairs + pairs % 2
    n = even - 1
    start = _legacy_sides(even)
    sets = _howell_sets(even)
    # each table-round: [round, slot, first pair, second pair, group]; a group plays the same boards
    tables = [(rho, slot, first, second, rho if by_round else sets[rho][slot])
              for rho in range(n) for slot, (first, second) in enumerate(_meetings(even, rho))
              if not (pairs % 2 and slot == 0)]
    first_ns = [start[rho][slot] for rho, slot, *_ in tables]
    groups: dict[int, list[int]] = {}
    for i, table in enumerate(tables):
        groups.setdefault(table[4], []).append(i)
    others = [[j for j in groups[table[4]] if j != i] for i, table in enumerate(tables)]
    sets_played = list(groups.values())

    def sides(i: int) -> tuple[int, int]:
        first, second = tables[i][2], tables[i][3]
        return (first, second) if first_ns[i] else (second, first)

    def tally() -> tuple[list[list[int]], list[int]]:
        """How often each two pairs are compared, and each pair's NS less EW."""
        same = [[0] * (even + 1) for _ in range(even + 1)]
        lean = [0] * (even + 1)
        for members in sets_played:
            for x, i in enumerate(members):
                for j in members[x + 1:]:
                    for u, v in zip(sides(i), sides(j)):
                        same[u][v] += 1
                        same[v][u] += 1
        for i in range(len(tables)):
            ns, ew = sides(i)
            lean[ns] += 1
            lean[ew] -= 1
        return same, lean

    state = 2463534242 ^ pairs  # xorshift32: the same sequence on every machine and Python

    def pick(k: int) -> int:
        nonlocal state
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        return state % k

    tries = min(BALANCE_TRIES * len(tables), MOST_TRIES)
    most = MOST_LEAN if n >= 7 else 1  # NS less EW: 6 NS and 1 EW of 7 rounds, but 3 and 2 of 5
    for weight in (0, LEAN_WEIGHT):  # the comparisons alone first, then NS and EW with them
        same, lean = tally()
        cost = best = 0
        best_ns = first_ns[:]
        for k in range(tries):
            # a flip of one table, or (after the first pass, one try in four) of every table of
            # a board set: that changes no comparison, only the NS and EW counts
            flip_set = weight > 0 and pick(4) == 0
            flipped = sets_played[pick(len(sets_played))] if flip_set else [pick(len(tables))]
            change = []
            if not flip_set:
                ns, ew = sides(flipped[0])
                for j in others[flipped[0]]:
                    ns2, ew2 = sides(j)
                    change += [(ns, ns2, -1), (ew, ew2, -1), (ns, ew2, 1), (ew, ns2, 1)]
            leaning: Counter[int] = Counter()
            for i in flipped:
                ns, ew = sides(i)
                leaning[ns] -= 2
                leaning[ew] += 2
            delta = COMPARE_WEIGHT * sum(2 * sign * same[u][v] + 1 for u, v, sign in change)
            delta += weight * sum(_leaning(lean[p] + d, most) - _leaning(lean[p], most) for p, d in leaning.items())
            if delta <= 4 * COMPARE_WEIGHT * (tries - k) // tries:  # the threshold, falling to 0
                for u, v, sign in change:
                    same[u][v] += sign
                    same[v][u] += sign
                for p, d in leaning.items():
                    lean[p] += d
                for i in flipped:
                    first_ns[i] = not first_ns[i]
                cost += delta
                if cost < best:
                    best, best_ns = cost, first_ns[:]
        first_ns[:] = best_ns
    found = [list(row) for row in start]
    for i, (rho, slot, *_) in enumerate(tables):
        found[rho][slot] = first_ns[i]
    return tuple(tuple(row) for row in found)


def barometer(pairs: int, rounds: int | None = None, per_round: int = 2, legacy: bool = False) -> list[Sitting]:
    """A barometer: every table plays the same boards each round (round r boards (r − 1) x
    per_round + 1 … r x per_round), so after each round every board is complete and standings
    can be posted round by round. Who meets whom is the Howell's circle (`howell`): every pair
    meets every other pair once; an odd field has a sit-out each round. The directions are
    balanced as a Howell's are, for boards compared round by round (`legacy`: as `howell`).
    Matchpoints compare each board across every table, NS with NS.

    >>> [(s.table, s.ns, s.ew, s.boards) for s in barometer(4, per_round=2) if s.round == 2]
    [(1, 2, 4, (3, 4)), (2, 1, 3, (3, 4))]
    """
    return [Sitting(s.round, s.table, s.ns, s.ew,
                    () if s.sits_out else tuple(range((s.round - 1) * per_round + 1, s.round * per_round + 1)))
            for s in _howell(pairs, rounds, per_round, legacy, by_round=True)]


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
