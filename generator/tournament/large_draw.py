"""The Swiss draw of a large field: the same draw as the matching (pairing.py), without it.

pairing.py finds the draw of the stage page (steps 4 to 6) as one maximum-weight matching over
every pair that has not met. That is exact for any field but costs O(n³) on n² edges: fine for
a club's 60 entries, hopeless for 10,000. When every score group is large compared with the
number of opponents anyone has met, the same draw can be read off the ranking in one pass. Why
it is the same draw:

1. Large pools always pair. Let r be the most opponents any entry being paired has met among
   the others being paired. In a pool of m entries everybody may still meet at least m−1−r of
   the others; when m ≥ 2r+2 that is at least m/2, so by Dirac's theorem the pool has a cycle
   through every entry, and pairs up completely if m is even. Nothing needs searching.

2. Step 5 (fewest crossings) has a known optimum. Call cut k the line between score group k and
   group k+1, and call it odd when an odd number of entries is above it. A table whose sides are
   d groups apart costs d² ≥ d and crosses d cuts, and an odd cut is crossed at least once, so
   every draw costs at least the number of odd cuts. When every group has at least
   T = 2r+4 entries this is reached: each group pairs within itself after taking in the entry
   floated down from above (odd cut above) and sending one down (odd cut below), and each such
   pool is large (1.). So the draws that count are exactly those where each odd cut is crossed
   by one table between the two groups next to it and no other table crosses a cut.

3. Step 6 (neighbours meet) is a pass down the ranking: each entry not yet paired meets the
   nearest entry below it that still lets the rest be completed as in 2. without a rematch.
   The matching's weights say the same thing in their nearness digits (`swiss_weight`), so the
   pass gives the matching's draw, provided the question "can the rest be completed?" is
   answered exactly.

4. That question only concerns the current group. The groups below are untouched but for the
   one entry an earlier float took, so they are large and complete by 1., and an entry floated
   down into one of them always finds a partner there (it has met at most r of its ≥ 2r+4
   entries). What remains is the current group's unpaired entries, plus one free place when a
   float down is still owed (whoever takes it floats). If that pool has at least 2r+2 places it
   pairs by 1.; if not, it is small, and a matching on it answers exactly.

So: the pass tries, for each entry not yet paired, the unpaired entries below it in its group,
nearest first, then, if its group still owes the float, the entries of the next group; it takes
the first one not met whose pool still pairs. Tables come out in the order of their
higher-ranked side, like the matching's. A field that is not large (a group smaller than
2r+4, or groups that are not contiguous in the ranking) goes to the matching, or first tries
the segments and windows below.

Segments: a field with some small groups (`pair_segmented`). Let C* be the least step-5 cost
of the field, and cut the ranking only at cuts k (between groups k and k+1) where both groups
have at least 2r+5+C* entries. Each such cut is crossed by exactly the tables it must be, in
every draw of cost C*. (A table d groups apart crosses d cuts and costs d² ≥ d, so at most C*
entries of a group meet outside it, and such a group keeps ≥ r+2 tables inside it.)

5. At most one table crosses the cut, and it joins groups k and k+1. Two crossing tables
   x1-y1, x2-y2 (x above): of the ≥ r+1 tables z-w inside group k, at most r are spoilt by an
   old meeting of x1 or x2 (a spoilt table takes two of their ≤ 2r meetings), so x1-z, x2-w
   is possible; likewise y1-z', y2-w' in group k+1; those four tables cost at least 2 less.
   One crossing table further apart gets nearer the same way through one table z-w.

6. Whoever crosses, the rest costs the same. With the cut odd, the entry u floating down
   meets some l of group k+1; the least cost of the segment below without l does not depend
   on l: from a cheapest draw without l*, where l meets p, swap l-p and a table z-w of group
   k+1 (≥ r+2 of them, at most r spoilt) for l*-z and w-p, at the same cost.

So the draws of cost C* are exactly the segments' own cheapest draws side by side: the segment
above ends in a free place (a "spare" just below it: whoever takes it floats), the segment
below starts with the floater. Step 6 reads the segments from the top, so a segment's draw is
compared before anything below it. The floater's real partner, the nearest entry of group k+1
it has not met (any will do, by 6.), is farther than any partner inside the segment, and so is
the spare, placed just below the segment: the segment's draws compare the same with the spare.
Each segment is therefore drawn on its own, exactly: by the one pass when all its groups are
large (the floater and the spare are groups of one, which the pass handles as in 4.), by the
matching on the segment alone otherwise. C* is not known beforehand: the cuts are chosen for a
guess C, and the resulting draw's cost (≥ C*, it is a draw) must come out at most C; if not,
the guess is raised to that cost and the cuts chosen again. When no cut is left, a segment has
no draw, or anything is unexpected, the whole field goes to the windows.

Windows (`pair_windowed`): where no cut is left, or inside a segment with a small group (a
field of its own, the spare one more entry). Let C* be the least step-5 cost of the field and
C a bound, C ≥ C*. The pass of 3. goes on down the ranking, and where it
cannot answer alone it hands a window, a few entries around the small groups, to the
matching. Two facts make that exact; both are exchanges with a table z-w inside one group
that an old meeting may spoil: z-w is spoilt for x, y when neither x-z, w-y nor x-w, z-y is
possible, and a spoilt table takes two of the ≤ 2r meetings of x and y, so at most r tables
are spoilt. In a cheapest draw at most C* entries of a group meet outside it (a table d
groups apart costs d² ≥ 1), so a group of m entries keeps ≥ (m−C*)/2 tables inside it.

7. The top of a group pairs by itself. Let a be the highest entry not yet paired, in group
   g, with U entries of g unpaired (a among them), U ≥ 2r+6+C. Then a meets the nearest
   unpaired entry of g below it that it has not met, whatever lies below. (i) Some cheapest
   completion seats a inside g: in one where a meets q of another group, ≥ r+1 tables z-w
   stay inside g, and one unspoilt swaps to a-z, w-q at the same cost. (ii) Every unpaired
   b of g that a has not met then does as well: from a completion with a-b0 and b-p, take
   a-b, b0-z, w-p for an unspoilt z-w of g (≥ (U−C)/2−2 ≥ r+1 of them besides a-b0 and
   b-p): w-p costs what b-p did. All of g is nearer to a than any other group, so 3. takes
   the nearest such b.

8. A window. Where 7. does not apply (a small group, or the last < 2r+6+C entries of a
   group), let J be the first group below a of at least 4r+9+2C entries (more than (i) needs:
   what the window leaves of J is enough for 7. at once), untouched so far (no table of a
   cheapest draw crosses a group that keeps ≥ r+1 tables inside it: x-z, w-y for x-y through
   it costs d1²+d2² < (d1+d2)²). The window is W, every unpaired entry
   above J, and the first L entries of J, L ≥ 2r+2+C with |W|+L even. The tables that seat
   W's entries ("W's tables", F the entries of J they take, f of them) are the matching's
   on the window. Why:
   (i) The rest of the field costs the same whatever F is: c(F), the least cost of J∖F and
       the groups below, is the same for any F of the same size (swap an entry of F for one
       of J∖F through an unspoilt table inside J, as in 7.; J∖F keeps ≥ r+2 tables inside
       it since |J| ≥ 2r+4+f+c(F) and f+c ≤ 2C), and for f and f+2 (take a table x-y inside
       J out, or put one in). Its parity is |W|'s, so it is one number c for every F.
   (ii) The matching's draw takes F inside the first L of J. If an entry y of W met b of J
       past them, some b' among those L is not met by y, not taken by W (≤ f−1 are, f ≤ C)
       and has a partner p (in J or below) b has not met: L ≥ 2r+f leaves one. y-b', b-p
       costs the same and seats y nearer, with nothing above y changed: the matching's draw
       was not first.
   (iii) In the window, J's L entries not taken pair among themselves (≥ 2r+2, even: 1.)
       at no cost, so a draw of the window costs what W's tables do; in the field, W's
       tables cost that plus c. The cheapest W's tables are then the same in both (those
       with F outside the first L are not in the window, but by (ii) the field's draw is
       not one of them), and step 6 compares W's entries before any of J: the matching on
       the window seats W as the matching on the field does.

A table known to be the matching's leaves the rest to be drawn as a field of its own (the
cheapest draws are those with that table, and step 6 compares the others' partners in the same
order), so the pass goes on below the window with F taken, and 7. applies again in J.
C* is not known beforehand: the bound is first guessed (C* ≥ the number of odd cuts), and
the draw found (a draw without a rematch: its cost is ≥ C*) must cost at most the guess,
else the guess becomes that cost (a true bound) and the field is drawn again; a window with
no draw means the guess was too low, and it is raised. A window holding the whole field is
the matching itself, and its "no draw" is the field's, raised as it is (pair_swiss does not run
the matching again). That is the only way a field with no draw at all is answered here: such a
field has fewer than 2r+2 entries (1.), so no group is large enough for a cut or to end a window.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from generator.tournament.matching import max_weight_matching


class NotLarge(ValueError):
    """The field is not large enough for the one-pass draw (see the module docstring)."""


def most_met(entries: Sequence[str], met: Collection[frozenset[str]]) -> int:
    """r: the most opponents any of `entries` has met among `entries`."""
    return max(map(len, _opponents(entries, met)), default=0)


def surely_pairable(entries: Sequence[str], met: Collection[frozenset[str]]) -> bool:
    """Whether Dirac's theorem alone shows that `entries` pair up without a rematch: an even
    number, at least 2r+2. False says nothing (a search must tell)."""
    return len(entries) % 2 == 0 and len(entries) >= 2 * most_met(entries, met) + 2


def is_large(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]]) -> bool:
    """Whether `entries` (ranking order, bye removed) can be drawn by `pair_large`: an even
    number, score groups contiguous in the ranking, every group at least 2r+4 entries."""
    return _Field.of(entries, scores, met) is not None


def pair_large(entries: Sequence[str], scores: Mapping[str, float],
               met: Collection[frozenset[str]]) -> list[tuple[str, ...]]:
    """Steps 4 to 7 for a large field: the tables (higher-ranked, lower-ranked) in table order,
    exactly those of the matching. Raises NotLarge when `is_large` is false."""
    large = _Field.of(entries, scores, met)
    if large is None:
        raise NotLarge(f"{len(entries)} entries are not a large field (a score group under 2r+4)")
    return [(entries[a], entries[b]) for a, b in large.pass_down()]


Exact = Callable[[list[str], Mapping[str, float], Collection[frozenset[str]]], list[tuple[str, ...]]]


def pair_segmented(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                   exact: Exact) -> list[tuple[str, ...]] | None:
    """Steps 4 to 7 for a field with some small groups: the tables in table order, exactly those
    of the matching, or None when it has no draw so (then draw it whole). The segments (5., 6.)
    where the ranking can be cut, each with a small group drawn by the windows (7., 8.); the
    windows on the whole field where it cannot. `exact(entries, scores, met)` is the matching
    (pairing._pair_by_matching), only ever given a window; it raises when its entries have no draw,
    and what it raised on a window holding the whole field is raised from here: the field has no
    draw, and the matching on it is not run again (pair_swiss's own would raise the same)."""
    def windowed(ids: list[str], sub_scores: Mapping[str, float], sub_met: Collection[frozenset[str]]
                 ) -> list[tuple[str, ...]]:
        tables = pair_windowed(ids, sub_scores, sub_met, exact)
        if tables is None:
            raise ValueError("no draw for the segment")
        return tables

    tables = _pair_by_segments(entries, scores, met, windowed)
    return tables if tables is not None else pair_windowed(entries, scores, met, exact)


SPARE = "\x00spare"  # the free place below a segment: never an entry's id


def _pair_by_segments(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                   exact: Exact) -> list[tuple[str, ...]] | None:
    """Steps 4 to 7 segment by segment (module docstring, 5. and 6.): the tables in table order,
    exactly those of the matching, or None when the field cannot be cut. `exact` draws the
    segments with a small group, exactly; it raises when they have no draw."""
    n = len(entries)
    if n == 0 or n % 2 or SPARE in entries:
        return None
    values = sorted({scores.get(e, 0) for e in entries}, reverse=True)
    index = {v: k for k, v in enumerate(values)}
    group = [index[scores.get(e, 0)] for e in entries]
    if any(a > b for a, b in zip(group, group[1:])):
        return None
    start = [p for p in range(n) if p == 0 or group[p] != group[p - 1]]
    end = start[1:] + [n]
    size = [e - s for s, e in zip(start, end)]
    r = most_met(entries, met)
    cuts = [k for k in range(len(size) - 1)  # C* ≥ the number of odd cuts: a first guess
            if min(size[k], size[k + 1]) >= 2 * r + 5 + sum(e % 2 for e in end[:-1])]
    while cuts:
        tables = _draw_segments(entries, scores, met, exact, group, start, end, r, cuts, values)
        if tables is None:
            return None
        cost = sum((group[a] - group[b]) ** 2 for a, b in tables)  # a draw: cost ≥ C*
        safe = [k for k in cuts if min(size[k], size[k + 1]) >= 2 * r + 5 + cost]
        if safe == cuts:
            return [(entries[a], entries[b]) for a, b in sorted(tables)]
        cuts = safe
    return None


def _draw_segments(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                   exact: Exact, group: list[int], start: list[int], end: list[int], r: int,
                   cuts: list[int], values: list[float]) -> list[tuple[int, int]] | None:
    """Each segment on its own, from the top: (higher, lower) places, or None if one fails."""
    tables: list[tuple[int, int]] = []
    floater = None  # the place floating down into the next segment
    for lo, hi in zip([0] + [k + 1 for k in cuts], cuts + [len(start) - 1]):
        if (floater is None) != (start[lo] % 2 == 0) or (floater is not None and group[floater] != lo - 1):
            return None  # not the shape 5. says every cheapest draw has
        places = ([floater] if floater is not None else []) + list(range(start[lo], end[hi]))
        spare = hi < len(start) - 1 and end[hi] % 2 == 1
        ids = [entries[p] for p in places] + ([SPARE] if spare else [])
        sub_scores = {entries[p]: scores.get(entries[p], 0) for p in places}
        if spare:
            sub_scores[SPARE] = values[hi + 1]
        large = all(end[k] - start[k] >= 2 * r + 4 for k in range(lo, hi + 1))
        sub = _Field.of(ids, sub_scores, met, floater=floater is not None, spare=spare) if large else None
        try:
            if sub is not None:
                pairs = sub.pass_down()
            else:
                at = {e: i for i, e in enumerate(ids)}
                pairs = [(at[a], at[b]) for a, b in exact(ids, sub_scores, met)]
        except Exception:  # no draw for the segment, or the pass gave up: the whole field decides
            return None
        floater = None
        for a, b in pairs:
            if b == len(places):  # the spare: a floats down
                floater = places[a]
            else:
                tables.append((places[a], places[b]))
        if spare and floater is None:
            return None
    return tables


def _score_groups(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                  ) -> tuple[list[int], list[int], list[int], list[set[int]], int] | None:
    """The field's shape for the pass and the windows: each entry's score group (0 the highest),
    where each group starts and ends in the ranking, each entry's opponents met among `entries`
    and r, the most of them. None for a field the pass cannot draw: empty, odd, or a group split
    by the ranking ("nearest" is not within groups)."""
    n = len(entries)
    if n == 0 or n % 2:
        return None
    values = sorted({scores.get(e, 0) for e in entries}, reverse=True)
    index = {v: k for k, v in enumerate(values)}
    group = [index[scores.get(e, 0)] for e in entries]
    if any(a > b for a, b in zip(group, group[1:])):
        return None
    start = [p for p in range(n) if p == 0 or group[p] != group[p - 1]]
    opponents = _opponents(entries, met)
    return group, start, start[1:] + [n], opponents, max(map(len, opponents))


def pair_windowed(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                   exact: Exact) -> list[tuple[str, ...]] | None:
    """Steps 4 to 7 by the pass, with the matching only on windows around the small groups
    (module docstring, 7. and 8.): the tables in table order, exactly those of the matching, or
    None when the field cannot be drawn so (then draw it whole). `exact(entries, scores, met)`
    is the matching (pairing._pair_by_matching); it raises when its entries have no draw, and
    when they are the whole field, so does this (the field has no draw: say it once)."""
    grouped = _score_groups(entries, scores, met)
    if grouped is None:
        return None
    group, start, end, opponents, r = grouped
    bound = sum(e % 2 for e in end[:-1])  # C* ≥ the number of odd cuts: a first guess
    while True:
        tables, whole = _draw_windows(entries, scores, met, exact, opponents, group, start, end, r, bound)
        if whole:  # one window held the field: the matching's own draw (without one, it raised)
            return None if tables is None else [(entries[a], entries[b]) for a, b in sorted(tables)]
        if tables is None:  # a window without a draw: the guess was too low
            bound = 2 * bound + 2
            continue
        cost = sum((group[a] - group[b]) ** 2 for a, b in tables)  # a draw: cost ≥ C*
        if cost <= bound:
            return [(entries[a], entries[b]) for a, b in sorted(tables)]
        bound = cost


def _draw_windows(entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
                  exact: Exact, opponents: list[set[int]], group: list[int], start: list[int], end: list[int],
                  r: int, bound: int
                  ) -> tuple[list[tuple[int, int]] | None, bool]:
    """The pass of 7. with the windows of 8., for the bound C: (higher, lower) places, or None
    when a window has no draw; and whether a single window held the whole field. A window holding
    the whole field is the matching on it: what it raises (no draw at all) is raised from here."""
    n = len(entries)
    groups = len(start)
    alone = 2 * r + 6 + bound  # 7.: the unpaired entries a group needs to pair its top alone
    taken = 2 * r + 2 + bound  # 8.: the entries of J a window takes, less its parity
    big = alone + taken + 1  # 8.: J's size, ≥ 4r+9+2C
    after = list(range(1, n + 1))  # the next unpaired place (n: none): a linked list
    before = list(range(-1, n - 1))
    left = [e - s for s, e in zip(start, end)]  # unpaired entries per group
    partner = [-1] * n
    tables: list[tuple[int, int]] = []
    whole = False

    def seat(a: int, b: int) -> None:
        partner[a], partner[b] = b, a
        tables.append((min(a, b), max(a, b)))
        for p in (a, b):
            left[group[p]] -= 1
            if before[p] >= 0:
                after[before[p]] = after[p]
            if after[p] < n:
                before[after[p]] = before[p]

    a = 0
    while a < n:
        if partner[a] >= 0:
            a += 1
            continue
        k = group[a]
        if left[k] >= alone:  # 7.: the nearest not met, below in the group
            b = after[a]
            while b < end[k] and b in opponents[a]:
                b = after[b]
            if b >= end[k]:
                return None, False  # cannot happen (7.): it has met at most r of them
            seat(a, b)
            continue
        j = k + 1
        while j < groups and end[j] - start[j] < big:
            j += 1
        below = start[j] if j < groups else n
        places = []
        p = a
        while p < below:
            places.append(p)
            p = after[p]
        held = len(places)  # W
        if j < groups:
            places += range(start[j], start[j] + taken + (held + taken) % 2)
            if any(partner[q] >= 0 for q in places[held:]):
                return None, False  # J touched: not the shape 8. says (cannot happen)
        ids = [entries[q] for q in places]
        at = {e: i for i, e in enumerate(ids)}
        whole = a == 0 and j == groups
        try:
            pairs = exact(ids, {e: scores.get(e, 0) for e in ids}, met)
        except Exception:  # no draw for the window
            if whole:  # nor for the field: said once, not found again by the caller's own matching
                raise
            return None, False
        for x, y in pairs:
            i, i2 = at[x], at[y]
            if i < held or i2 < held or j == groups:  # W's tables (8.); below J's top, the pass again
                seat(places[i], places[i2])
    return tables, whole


# --- the pass ----------------------------------------------------------------------------------


def _opponents(entries: Sequence[str], met: Collection[frozenset[str]]) -> list[set[int]]:
    """For each place in `entries`, the places of the opponents it has met."""
    place = {e: p for p, e in enumerate(entries)}
    opponents: list[set[int]] = [set() for _ in entries]
    for meeting in met:
        if len(meeting) != 2:
            continue
        a, b = meeting
        if a in place and b in place:
            opponents[place[a]].add(place[b])
            opponents[place[b]].add(place[a])
    return opponents


@dataclass
class _Field:
    """Entries as places 0..n−1 in ranking order; group k holds the places start[k]..end[k]−1."""

    opponents: list[set[int]]
    group: list[int]  # group of each place
    start: list[int]
    end: list[int]
    r: int
    # the pass's state: unpaired places as a linked list, unpaired count per group, floats owed
    after: list[int] = field(default_factory=list, init=False)
    before: list[int] = field(default_factory=list, init=False)
    left: list[int] = field(default_factory=list, init=False)
    owes: list[bool] = field(default_factory=list, init=False)

    @classmethod
    def of(cls, entries: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
           floater: bool = False, spare: bool = False) -> _Field | None:
        """The field, or None when it is not large. A segment's (`pair_segmented`) may start
        with a group of one, the floater from above, and end with one, the spare."""
        grouped = _score_groups(entries, scores, met)
        if grouped is None:
            return None
        group, start, end, opponents, r = grouped
        sizes = [e - s for s, e in zip(start, end)]
        if (floater and sizes[0] != 1) or (spare and sizes[-1] != 1):
            return None
        inner = sizes[int(floater):len(sizes) - int(spare)]
        if not inner or min(inner) < 2 * r + 4:
            return None
        return cls(opponents, group, start, end, r)

    def pass_down(self) -> list[tuple[int, int]]:
        """Point 3 of the module docstring: (higher, lower) places, table by table."""
        n = len(self.group)
        self.after = list(range(1, n + 1))  # the next unpaired place (n: none): a linked list
        self.before = list(range(-1, n - 1))
        self.left = [e - s for s, e in zip(self.start, self.end)]  # unpaired entries per group
        self.owes = [e % 2 == 1 for e in self.end[:-1]] + [False]  # odd cut below, not crossed yet
        paired = [False] * n
        tables = []
        for a in range(n):
            if paired[a]:
                continue
            b = self._partner(a)
            tables.append((a, b))
            for p in (a, b):
                paired[p] = True
                self._take(p)
            if self.group[b] != self.group[a]:
                self.owes[self.group[a]] = False
        return tables

    def _partner(self, a: int) -> int:
        """The nearest unpaired place below a, in its group or (float owed) the next one, that a
        has not met and that leaves a's group able to pair."""
        k = self.group[a]
        limit = self.end[k + 1] if self.owes[k] else self.end[k]
        b = self.after[a]
        while b < limit:
            if b not in self.opponents[a]:
                if self._pool_pairs(a, b):
                    return b
                if self.group[b] != k:
                    break  # the pool is the same whoever a meets in the next group
            b = self.after[b]
        raise RuntimeError(f"large draw: no partner for place {a} (cannot happen: see the docstring)")

    def _take(self, p: int) -> None:
        self.left[self.group[p]] -= 1
        if self.before[p] >= 0:
            self.after[self.before[p]] = self.after[p]
        if self.after[p] < len(self.after):
            self.before[self.after[p]] = self.before[p]

    def _pool_pairs(self, a: int, b: int) -> bool:
        """Point 4: whether the rest of a's group still pairs once a meets b, one of them
        floating down if the group still owes a float and b is not that float."""
        k = self.group[a]
        floats = self.group[b] != k
        spare = self.owes[k] and not floats  # a free place: whoever takes it floats down
        size = self.left[k] - (1 if floats else 2) + spare
        if size % 2:
            return False
        if size >= 2 * self.r + 2:
            return True  # Dirac
        pool = []
        p = self.after[a]
        while p < self.end[k]:
            if p != b:
                pool.append(p)
            p = self.after[p]
        edges = [(i, j, 1) for i in range(len(pool)) for j in range(i + 1, len(pool))
                 if pool[j] not in self.opponents[pool[i]]]
        if spare:
            edges += [(i, len(pool), 1) for i in range(len(pool))]
        mate = max_weight_matching(size, edges, max_cardinality=True) if size else []
        return all(m >= 0 for m in mate)
