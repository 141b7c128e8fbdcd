"""Benchmark: the Swiss draw of round 6 for 10,000 entries, against a naive greedy pass, in one run.

    .venv/bin/python bench/pairing.py [--entries 10000] [--rounds 5] [--repeat 3] [--seed 6]
                                      [--reference-entries 400] [--mid-entries 2000]

A Swiss of `--entries` entries is played for `--rounds` rounds with the real draw (pair_swiss,
which takes the one-pass route of large_draw.py for a large field): each entry has a hidden
strength, the stronger side of a table wins more often, one match in eight is drawn, a win
scores 2 and a draw 1, and the standings order by points, then the opponents' points
(Buchholz), then lot. Then the next round is drawn and timed (median of `--repeat`):
  draw     pair_swiss as `paibang pair` calls it;
  greedy   the naive pass, for comparison: down the ranking, each entry meets the nearest entry
           below it that it has not met, no lookahead; it may dead-end at the bottom, and it
           ignores the score groups' floats (step 5), so it is a floor, not an alternative;
and, for scale, the matching (the reference, O(n³)) on a 400-entry Swiss after the same rounds,
next to pair_swiss on the same field: its 5-0 group is far under 2r+4, so the one pass does not
apply, and pair_swiss cuts the ranking into segments and draws those with a small group by
windows (large_draw.pair_segmented), the matching only on the few entries around the small
groups; the two draws must be the same. Then
pair_swiss on a 2,000-entry Swiss after the same rounds and after two more (then its extreme
groups are small). Last, tiny groups at a mass event: round 2 of a Guandan Swiss (3 a win, 2 a
drawn table, 1 a loss, 0 each side of a double forfeit) of `--reference-entries` and
`--mid-entries` teams after one drawn and one doubly forfeited table (groups n/2−1, 2, n/2−1,
2): pair_swiss against the matching on the whole field, which is what it took before the
windows (timed only up to `--whole-up-to` entries: 2,000 took it over 13 minutes).
The target is a draw of 10,000 entries under 5 s on a 2-core machine, with no rematch.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.tournament.large_draw import is_large, most_met, pair_segmented  # noqa: E402
from generator.tournament.pairing import Draw, _pair_by_matching, pair_swiss  # noqa: E402


class Swiss:
    """A simulated Swiss: standings, who met whom, byes."""

    def __init__(self, size: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.ids = [f"E{i:05d}" for i in range(1, size + 1)]
        self.strength = {e: self.rng.gauss(0, 1) for e in self.ids}
        lots = self.ids[:]
        self.rng.shuffle(lots)
        self.lot = {e: i for i, e in enumerate(lots)}
        self.points: Counter[str] = Counter()
        self.opponents: dict[str, list[str]] = {e: [] for e in self.ids}
        self.met: set[frozenset[str]] = set()
        self.byes: Counter[str] = Counter()
        self.round = 0

    def order(self) -> list[str]:
        if self.round == 0:
            return sorted(self.ids, key=self.lot.__getitem__)
        buchholz = {e: sum(self.points[o] for o in self.opponents[e]) for e in self.ids}
        return sorted(self.ids, key=lambda e: (-self.points[e], -buchholz[e], self.lot[e]))

    def scores(self) -> dict[str, float]:
        return {e: self.points[e] for e in self.ids} if self.round else {}

    def draw(self) -> Draw:
        return pair_swiss(self.order(), self.scores(), self.met, self.byes)

    def play(self, draw: Draw) -> None:
        for table in draw.tables:
            if len(table) == 1:
                self.byes[table[0]] += 1
                self.points[table[0]] += 2
                continue
            a, b = table
            assert frozenset(table) not in self.met, f"rematch {a}-{b}"
            self.met.add(frozenset(table))
            self.opponents[a].append(b)
            self.opponents[b].append(a)
            p_a = 1 / (1 + math.exp(-(self.strength[a] - self.strength[b])))
            roll = self.rng.random()
            if roll < 1 / 8:
                self.points[a] += 1
                self.points[b] += 1
            else:
                self.points[a if self.rng.random() < p_a else b] += 2
        self.round += 1


def greedy(order: list[str], met: set[frozenset[str]]) -> tuple[list[tuple[str, str]], int]:
    """The naive pass: tables, and how many entries were left without a partner (a dead end)."""
    paired = [False] * len(order)
    tables, stuck = [], 0
    for a, upper in enumerate(order):
        if paired[a]:
            continue
        paired[a] = True
        b = a + 1
        while b < len(order) and (paired[b] or frozenset((upper, order[b])) in met):
            b += 1
        if b == len(order):
            stuck += 1
            continue
        paired[b] = True
        tables.append((upper, order[b]))
    return tables, stuck


def timed(action: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def check(draw_tables: list[tuple[str, ...]], order: list[str], met: set[frozenset[str]]) -> None:
    pairs = [t for t in draw_tables if len(t) == 2]
    assert not {frozenset(t) for t in pairs} & met, "rematch"
    seen = [e for t in draw_tables for e in t]
    assert sorted(seen) == sorted(order), "not everyone drawn exactly once"


def route(pool: list[str], scores: dict[str, float], met: set[frozenset[str]]) -> str:
    """Which way pair_swiss draws these entries (bye out)."""
    if is_large(pool, scores, met):
        return "one pass"
    return "segments, windows" if pair_segmented(pool, scores, met, _pair_by_matching) is not None else "matching"


def guandan_round_two(size: int, seed: int) -> tuple[list[str], dict[str, float], set[frozenset[str]]]:
    """Round 2 of a Guandan Swiss after random round-1 tables, one drawn, one forfeited by both."""
    rng = random.Random(seed)
    ids = [f"T{i:05d}" for i in range(size)]
    rng.shuffle(ids)
    scores, met = {}, set()
    for t in range(size // 2):
        a, b = ids[2 * t], ids[2 * t + 1]
        met.add(frozenset((a, b)))
        if t < 2:
            scores[a] = scores[b] = 2.0 if t == 0 else 0.0
        else:
            scores[a], scores[b] = (3.0, 1.0) if rng.random() < 0.5 else (1.0, 3.0)
    return sorted(ids, key=lambda e: (-scores[e], e)), scores, met


def shape(pool: list[str], scores: dict[str, float], met: set[frozenset[str]]) -> str:
    groups = Counter(scores[e] for e in pool)
    sizes = [groups[v] for v in sorted(groups, reverse=True)]
    return f"groups {'/'.join(map(str, sizes))}, r = {most_met(pool, met)}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--reference-entries", type=int, default=400)
    parser.add_argument("--mid-entries", type=int, default=2000)
    parser.add_argument("--whole-up-to", type=int, default=400)
    args = parser.parse_args()

    swiss = Swiss(args.entries, args.seed)
    print(f"{args.entries} entries, {args.rounds} rounds played with pair_swiss:")
    for n in range(1, args.rounds + 1):
        seconds, draw = timed(swiss.draw, 1)
        swiss.play(draw)
        print(f"  round {n}: drawn in {seconds:.3f} s")

    order, scores = swiss.order(), swiss.scores()
    draw_s, draw = timed(swiss.draw, args.repeat)
    assert isinstance(draw, Draw)
    pool = [e for e in order if e != draw.bye]
    groups = Counter(scores[e] for e in pool)
    print(f"round {args.rounds + 1}: {len(groups)} score groups of {min(groups.values())}..{max(groups.values())} "
          f"entries, r = {most_met(pool, swiss.met)}, large field: {is_large(pool, scores, swiss.met)}")
    check(draw.tables, order, swiss.met)
    greedy_s, (greedy_tables, stuck) = timed(lambda: greedy(pool, swiss.met), args.repeat)  # bye as drawn
    same = greedy_tables == [t for t in draw.tables if len(t) == 2]

    small = Swiss(args.reference_entries, args.seed)
    for _ in range(args.rounds):
        small.play(small.draw())
    small_order, small_scores = small.order(), small.scores()
    reference_s, reference = timed(lambda: pair_swiss(small_order, small_scores, small.met, small.byes, fast=False), 1)
    assert isinstance(reference, Draw)
    check(reference.tables, small_order, small.met)
    small_pool = [e for e in small_order if e != reference.bye]
    small_large = is_large(small_pool, small_scores, small.met)
    small_route = route(small_pool, small_scores, small.met)
    small_draw_s, small_draw = timed(lambda: pair_swiss(small_order, small_scores, small.met, small.byes),
                                     args.repeat)
    assert small_draw == reference, "pair_swiss's draw differs from the matching's"

    mids = []
    for rounds in (args.rounds, args.rounds + 2):
        mid = Swiss(args.mid_entries, args.seed)
        for _ in range(rounds):
            mid.play(mid.draw())
        mid_order, mid_scores = mid.order(), mid.scores()
        mid_s, mid_draw = timed(lambda: pair_swiss(mid_order, mid_scores, mid.met, mid.byes), args.repeat)
        assert isinstance(mid_draw, Draw)
        check(mid_draw.tables, mid_order, mid.met)
        mid_pool = [e for e in mid_order if e != mid_draw.bye]
        mids.append((rounds, mid_s, route(mid_pool, mid_scores, mid.met), shape(mid_pool, mid_scores, mid.met)))
    tiny = []
    for size in (args.reference_entries, args.mid_entries):
        tiny_order, tiny_scores, tiny_met = guandan_round_two(size, args.seed)
        tiny_s, tiny_draw = timed(lambda: pair_swiss(tiny_order, tiny_scores, tiny_met), args.repeat)
        assert isinstance(tiny_draw, Draw)
        check(tiny_draw.tables, tiny_order, tiny_met)
        whole_s = None
        if size <= args.whole_up_to:
            whole_s, whole = timed(lambda: pair_swiss(tiny_order, tiny_scores, tiny_met, fast=False), 1)
            assert whole == tiny_draw, "the windows' draw differs from the matching's"
        tiny.append((size, tiny_s, whole_s, shape(tiny_order, tiny_scores, tiny_met)))
    if small_large:
        small_fast_s, small_fast = timed(lambda: pair_swiss(small_order, small_scores, small.met, small.byes, fast=True),
                                         args.repeat)
        assert small_fast == reference, "the one-pass draw differs from the matching's"

    print()
    print(f"{'what':46s} {'seconds':>8s} {'/greedy':>8s}")
    print(f"{f'draw, {args.entries} entries (pair_swiss)':46s} {draw_s:8.3f} {draw_s / greedy_s:8.2f}  no rematch")
    print(f"{f'naive greedy, {args.entries} entries':46s} {greedy_s:8.3f} {1:8.2f}  "
          f"{'dead end: ' + str(stuck) + ' left unpaired' if stuck else 'no dead end'}; "
          f"{'same' if same else 'not the same'} draw")
    print(f"{f'matching (reference), {args.reference_entries} entries':46s} {reference_s:8.3f}  "
          f"{shape(small_pool, small_scores, small.met)}")
    print(f"{f'pair_swiss, the same {args.reference_entries} entries':46s} {small_draw_s:8.3f}  "
          f"{small_route}, same draw")
    for rounds, mid_s, mid_route, mid_shape in mids:
        print(f"{f'pair_swiss, {args.mid_entries} entries after {rounds} rounds':46s} {mid_s:8.3f}  "
              f"{mid_route}; {mid_shape}")
    for size, tiny_s, whole_s, tiny_shape in tiny:
        print(f"{f'round 2, {size} Guandan teams, tiny groups':46s} {tiny_s:8.3f}  {tiny_shape}")
        if whole_s is None:
            print(f"{f'  before: the matching on all {size}':46s} {'-':>8s}  not timed (over --whole-up-to)")
        else:
            print(f"{f'  before: the matching on all {size}':46s} {whole_s:8.3f}  {whole_s / tiny_s:.0f}x slower, "
                  "same draw")
    if small_large:
        print(f"{f'one pass (large_draw), the same {args.reference_entries} entries':46s} {small_fast_s:8.3f}  same draw")
    else:
        groups = Counter(small_scores[e] for e in small_pool)
        print(f"  (not a large field: smallest of {len(groups)} groups {min(groups.values())} < 2r+4 = "
              f"{2 * most_met(small_pool, small.met) + 4}: pair_swiss takes the {small_route})")
    print(f"target: {args.entries} entries under 5 s: {'met' if draw_s < 5 else 'MISSED'}")


if __name__ == "__main__":
    main()
