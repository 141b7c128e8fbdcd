"""Standings: summing each entry's metrics over a stage, ranking by `rank_by`, shared ranks.

Every metric is "higher is better" except `lot`, whose value is the entry's place in the draw
of lots. Entries equal on every ranked metric share a rank, shown "3=", unless `lot` is the last
metric: then the lots decide, from the stage's `lots:` list or reproducibly from `draw_seed`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from generator.content.model import Entry, Prize
from generator.games import Metric, TableScore


@dataclass
class Tally:
    """One entry's record over a stage, before ranking."""

    entry: Entry
    metrics: dict[str, float] = field(default_factory=dict)
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    forfeited: bool = False  # out of the ranking (disqualified)
    opponents: list[str] = field(default_factory=list)
    matches: list[TableScore] = field(default_factory=list)


@dataclass
class Standing:
    tally: Tally
    rank: int | None  # None: not ranked (forfeited, or has not played)
    tied: bool = False
    qualified: bool = False
    prize: Prize | None = None

    @property
    def entry(self) -> Entry:
        return self.tally.entry

    @property
    def rank_label(self) -> str:
        if self.rank is None:
            return "—"
        return f"{self.rank}=" if self.tied else str(self.rank)


def tally(field_entries: Iterable[Entry], scored_rounds: Sequence[Sequence[TableScore]],
          metrics: dict[str, Metric]) -> dict[str, Tally]:
    """Sum each entry's metric contributions, round by round; substitutes are left out."""
    tallies = {e.id: Tally(e) for e in field_entries if not e.substitute}
    for tables in scored_rounds:
        for score in tables:
            for side in score.sides:
                record = tallies.get(side.entry)
                if record is None:
                    continue
                record.matches.append(score)
                record.opponents.extend(s.entry for s in score.sides if s.entry != side.entry)
                if side.disqualified:
                    record.forfeited = True
                    continue
                for name, value in side.metrics.items():
                    if metrics[name].first_only:
                        record.metrics.setdefault(name, value)
                    else:
                        record.metrics[name] = record.metrics.get(name, 0) + value
                record.played += 1
                if score.winner is None:
                    record.drawn += 1
                elif score.winner == side.entry:
                    record.won += 1
                else:
                    record.lost += 1
    return tallies


def add_buchholz(tallies: dict[str, Tally], primary: str) -> None:
    """Buchholz: the sum of the opponents' `primary` metric (e.g. wins) over the stage.
    A bye adds nothing; an opponent outside the tally (a substitute) counts 0."""
    for record in tallies.values():
        record.metrics["buchholz"] = sum(
            tallies[o].metrics.get(primary, 0) for o in record.opponents if o in tallies
        )


def lot_order(entry_ids: Iterable[str], lots: Sequence[str], draw_seed: int | None, salt: str) -> dict[str, int]:
    """Each entry's place in the draw of lots: the explicit list first, then a seeded shuffle."""
    rest = sorted(set(entry_ids) - set(lots))
    random.Random(f"{draw_seed}:{salt}").shuffle(rest)
    return {entry_id: place for place, entry_id in enumerate([*lots, *rest], start=1)}


def rank(tallies: Iterable[Tally], rank_by: Sequence[str], lots: dict[str, int] | None = None) -> list[Standing]:
    """Order the entries; ties share a rank unless `lot` is among the metrics."""
    ranked = [t for t in tallies if t.played and not t.forfeited]
    unranked = [t for t in tallies if not t.played or t.forfeited]
    if "lot" in rank_by and lots is not None:
        for t in ranked:
            t.metrics["lot"] = lots[t.entry.id]

    def key(t: Tally) -> tuple[float, ...]:
        return tuple(t.metrics.get("lot", 0) if m == "lot" else -t.metrics.get(m, 0) for m in rank_by)

    ranked.sort(key=lambda t: (key(t), t.entry.id))
    standings: list[Standing] = []
    for position, t in enumerate(ranked, start=1):
        previous = standings[-1] if standings else None
        if previous is not None and key(previous.tally) == key(t):
            standings.append(Standing(t, previous.rank, tied=True))
            previous.tied = True
        else:
            standings.append(Standing(t, position))
    standings.extend(Standing(t, None) for t in sorted(unranked, key=lambda t: t.entry.id))
    return standings


def award_prizes(standings: list[Standing], prizes: Sequence[Prize]) -> None:
    """Prizes by place (`count` places each, in order) or by a metric threshold."""
    by_place = [p for p in prizes if p.count is not None]
    by_threshold = [p for p in prizes if p.metric is not None]
    for standing in standings:
        if standing.rank is None:
            continue
        last_place = 0
        for prize in by_place:
            assert prize.count is not None
            if last_place < standing.rank <= last_place + prize.count:
                standing.prize = prize
                break
            last_place += prize.count
        if standing.prize is None:
            for prize in by_threshold:
                assert prize.metric is not None and prize.threshold is not None
                if standing.tally.metrics.get(prize.metric, 0) >= prize.threshold:
                    standing.prize = prize
                    break
