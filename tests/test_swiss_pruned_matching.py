"""The Swiss draw's matching on the pairs that can hold the draw (pairing._may_meet): the pairs of
score groups no draw of the least step-5 cost can seat together are left out of it, and the
draw, and so the stale-draw check's verdict (pairing.pairing_changes), is the one the matching on
every pair not met makes. Fields of 2/1/0 match points with many drawn matches: small score
groups between the large ones, where the draw is the matching (large_draw.py's pass cannot)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.tournament import matching, pairing
from generator.tournament.pairing import Draw, NoPairing, choose_bye, pair_swiss, pairing_changes


def every_pair(order, scores, met, byes=None) -> Draw:  # noqa: ANN001
    """The draw as the matching made it on every pair not met (pairing before _may_meet)."""
    entries = list(order)
    bye = None
    if len(entries) % 2:
        bye = choose_bye(entries, met, byes or {})
        entries.remove(bye)
    values = sorted({scores.get(e, 0) for e in entries}, reverse=True)
    group = {e: values.index(scores.get(e, 0)) for e in entries}
    n = len(entries)
    edges = [(a, b, pairing.swiss_weight(a, b, abs(group[entries[a]] - group[entries[b]]), n, len(values)))
             for a in range(n) for b in range(a + 1, n) if frozenset((entries[a], entries[b])) not in met]
    mate = matching.max_weight_matching(n, edges, max_cardinality=True)
    if any(m < 0 for m in mate):
        raise NoPairing("no draw without a rematch")
    tables: list[tuple[str, ...]] = [(entries[a], entries[mate[a]]) for a in range(n) if a < mate[a]]
    return Draw(tables + ([(bye,)] if bye is not None else []), bye)


def played(entries: int, rounds: int, seed: int):  # noqa: ANN201
    """A Swiss played round by round with the draw: before each round, its order, scores,
    meetings and byes; and every table's result (2/1/0, a third of the matches drawn)."""
    rng = random.Random(seed)
    ids = [f"E{i:03d}" for i in range(1, entries + 1)]
    results: list[list[tuple[tuple[str, ...], int]]] = []  # each round: (table, 0 home won, 1 drawn, 2 away won)
    before = []
    for _ in range(rounds):
        points, met, byes = tally(ids, results)
        order = sorted(ids, key=lambda e: (-points[e], ids.index(e)))
        before.append((order, {e: float(points[e]) for e in ids}, met, byes))
        draw = pair_swiss(order, {e: float(points[e]) for e in ids}, met, byes)
        results.append([(table, rng.choice((0, 0, 1, 2, 2))) for table in draw.tables])
    return ids, results, before


def tally(ids, results):  # noqa: ANN001, ANN201
    points: Counter[str] = Counter({e: 0 for e in ids})
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    for tables in results:
        for table, how in tables:
            if len(table) == 1:
                byes[table[0]] += 1
                points[table[0]] += 2
                continue
            met.add(frozenset(table))
            points[table[0]] += (2, 1, 0)[how]
            points[table[1]] += (0, 1, 2)[how]
    return points, met, byes


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """The matchings of the draw made (their sizes and edges) and those of the whole field."""
    sizes: list[tuple[int, int]] = []
    real = matching.max_weight_matching

    def counting(n, edges, max_cardinality=False):  # noqa: ANN001, ANN202
        sizes.append((n, len(edges)))
        return real(n, edges, max_cardinality)

    monkeypatch.setattr(pairing, "max_weight_matching", counting)
    return sizes


@pytest.mark.parametrize("entries,rounds,seed", [(40, 5, 1), (41, 5, 2), (36, 6, 3), (50, 4, 4), (27, 6, 5)])
def test_the_draw_is_the_matching_on_every_pair(counted, entries: int, rounds: int, seed: int) -> None:
    _, _, before = played(entries, rounds, seed)
    pruned = 0
    for order, scores, met, byes in before[1:]:
        counted.clear()
        assert pair_swiss(order, scores, met, byes, fast=False) == every_pair(order, scores, met, byes)
        n = entries - entries % 2
        whole = [edges for size, edges in counted if size == n]
        possible = sum(1 for a in order for b in order if a < b and frozenset((a, b)) not in met) - \
            (sum(1 for e in order if frozenset((e, every_pair(order, scores, met, byes).bye)) not in met
                 and e != every_pair(order, scores, met, byes).bye) if entries % 2 else 0)
        pruned += sum(1 for edges in whole if edges < possible)
    assert pruned  # (pairs left out somewhere: the bound is at work, not every pair matched)


@pytest.mark.parametrize("seed", range(6))
def test_a_corrected_result_gets_the_verdict_of_the_draw_on_every_pair(seed: int) -> None:
    """A result of round 1 (or of a later round) reversed or made a draw after the last round
    was drawn: each later round's check names the entries the draw on every pair names."""
    rng = random.Random(100 + seed)
    entries, rounds = rng.choice((30, 31, 40, 44)), rng.choice((4, 5))
    ids, results, before = played(entries, rounds, seed)
    named = 0
    for _ in range(4):  # corrections until one moves an opponent (most do at once)
        corrected = rng.choice((0, 0, rng.randrange(rounds - 1)))
        at = rng.choice([i for i, (table, _) in enumerate(results[corrected]) if len(table) == 2])
        table, how = results[corrected][at]
        now_results = [list(r) for r in results]
        now_results[corrected][at] = (table, rng.choice([h for h in (0, 1, 2) if h != how]))
        for number in range(corrected + 2, rounds + 1):  # round `number`, drawn on the rounds before it
            order, scores, met, byes = before[number - 1]
            points, _, _ = tally(ids, now_results[:number - 1])
            now_order = sorted(ids, key=lambda e: (-points[e], ids.index(e)))
            now_scores = {e: float(points[e]) for e in ids}
            truth = pairing_changes(order, scores, now_order, now_scores, met, byes, drawing=every_pair)
            assert pairing_changes(order, scores, now_order, now_scores, met, byes, drawing=pair_swiss) == truth
            named += len(truth or [])
        if named:
            break
    assert named  # (a correction that moves opponents: the verdicts compared are not all empty)
