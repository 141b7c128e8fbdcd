"""Standings: summing each entry's metrics over a stage, ranking by `rank_by`, shared ranks.

Every metric is "higher is better" except `lot`, whose value is the entry's place in the draw
of lots. Entries equal on every ranked metric share a rank, shown "3=", unless `lot` is the last
metric: then the lots decide, from the stage's `lots:` list or reproducibly from `draw_seed`.

The tie-breaks every game can use are computed here from each entry's matches, in the words the
stage page uses to explain them (metric_<name>_explain in the shared catalogue):

- buchholz: the sum of the opponents' primary score (the first metric of `rank_by` that is not
  a tie-break, e.g. wins). A bye adds nothing; every meeting counts, a rematch twice.
- median_buchholz: the same sum without the best and the worst opponent (only with 3 or more
  opponents; with fewer, it equals buchholz).
- sonneborn_berger: the primary score of every opponent beaten, plus half that of every
  opponent drawn with; opponents lost to add nothing.
- head_to_head: among the entries equal on every metric before it in `rank_by`, the results
  of their matches against each other: 2 for a win, 1 for a draw, 0 for a loss. An entry
  equal with nobody gets 0 (there is nobody to compare it with). A stage whose game says so
  (`Game.head_to_head_two_only`, Guandan's national rules) compares exactly two tied entries
  only: with three or more tied, head-to-head is 0 for each, and the next metric decides.
- lot: see above.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

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
    # Sat at its tables but has no figure to be ranked by (Game.scored_nothing: a pairs pair whose
    # every board was not played, np, has no top and so no percentage). Not ranked, as an entry
    # that played nothing ("—", not_played): ranked last on 0.00 % it read as every board lost.
    nothing_scored: bool = False
    opponents: list[str] = field(default_factory=list)
    matches: list[TableScore] = field(default_factory=list)
    # Penalties and awards the stage put on its totals (bridge `adjustments`), as applied:
    # (metric, signed value, reason). Said wherever the totals are (the standings' remark, the
    # entry's page, the printed standings, results.json): a total that is not the sum of the
    # matches shown beside it must say why.
    adjustments: list[tuple[str, float, str]] = field(default_factory=list)
    # Tie-breaks that decide nothing for this entry (head-to-head of an entry equal with nobody
    # before it): ranked as 0, shown blank, not as a 0 read as lost matches.
    moot: set[str] = field(default_factory=set)

    def copy(self) -> Tally:
        """The record as it stands, to be finished and ranked apart from this one, before this
        one counts another round (tournament/event.py's stale draws: a mass event's stale-draw
        check copies its 5,000 records for every round it checks). Its figures, adjustments and
        moot tie-breaks copied (finishing and ranking write them); its matches and opponents
        the very lists of this one, which only `tally` appends to: the copy is read through
        before the next round is summed here, and two lists a record were half of the copying.
        Each field set on the new record, not through its __dict__ (asked for, Python makes each
        record a dict of its own, another object the collector goes through) nor
        dataclasses.replace (which reads the fields and goes through __init__)."""
        made = object.__new__(Tally)
        made.entry, made.metrics = self.entry, dict(self.metrics)
        made.played, made.won, made.drawn, made.lost = self.played, self.won, self.drawn, self.lost
        made.forfeited, made.nothing_scored = self.forfeited, self.nothing_scored
        made.opponents, made.matches = self.opponents, self.matches
        made.adjustments, made.moot = list(self.adjustments), set(self.moot)
        return made


def rank_label(rank: int | None, tied: bool) -> str:
    """A place as the pages print it: "3", "3=" (tied), "—" (not ranked)."""
    if rank is None:
        return "—"
    return f"{rank}=" if tied else str(rank)


@dataclass
class Standing:
    tally: Tally
    rank: int | None  # None: not ranked (forfeited, or has not played: no match, or no board scored; under_half)
    tied: bool = False
    qualified: bool = False
    prize: Prize | None = None
    by_lot: bool = False  # equal on all but the lot with an entry across the qualifying cut
    # A knockout's place given by an earlier stage's ranking (`then:`): that stage's id, and its
    # name as the pages say it. The tally is then empty: the entry played no match of the knockout.
    placed_by: str | None = None
    placed_by_name: str | None = None
    # The prize by place this place would have had, left vacant: the entry withdrew (seed 000
    # 十.11: 中途离场者所在的组不获奖). Nobody else takes it, so every other place keeps its prize.
    prize_vacant: Prize | None = None
    # Ranked to go on to the stage `advance:` names, but withdrawn from it before its draw, so it
    # did not qualify (event.py's _qualify): that stage's id and name, for the remark that says
    # why (退赛（淘汰赛）) in this stage's standings, where it is not itself marked withdrawn.
    withdrawn_next: str | None = None
    withdrawn_next_name: str | None = None
    # Withdrawn from a round after the next one these standings lead to (`withdrawn: 3` in the
    # standings after round 1): it still plays the next round, so it is not marked 退赛 yet
    # (event-day.md: right at every moment; event._rank sets it).
    withdraws_later: bool = False
    # The field it is ranked in, when a stage ranks its entries in fields apart (a two-winner
    # Mitchell's "NS" and "EW", Game.fields): two rank 1s, each said with its field.
    field: str | None = None
    # Not ranked: withdrawn from a stage ranked by a percentage having taken part in under half
    # its rounds (the EBU White Book 2.4.5 model; tournament/event.py's withdrawn_under_half). Listed after
    # the ranked entries with its score, no place, no prize (none left vacant), not qualified.
    under_half: bool = False

    @property
    def entry(self) -> Entry:
        return self.tally.entry

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank, self.tied)


RemarkKind = Literal["forfeit", "not_played", "nothing_scored", "withdrawn", "under_half", "withdrawn_next", "qualified",
                     "by_lot", "placed_by", "prize", "prize_vacant", "adjustment"]


@dataclass(frozen=True, slots=True)
class Remark:
    """One thing the remark (备注) of a standings row says. `kind`, what it is:

    - forfeit: it forfeited (disqualified), out of the ranking;
    - not_played: not ranked, having played nothing (no match; and not withdrawn);
    - nothing_scored: not ranked, a pairs pair that sat at its tables but had no board scored
      (each np: Tally.nothing_scored), matchpoints or IMPs alike: it did sit, so not said
      not to have played;
    - withdrawn: it withdrew from this stage or an earlier one (退赛);
    - under_half: not ranked, having withdrawn after taking part in under half the rounds of a
      stage ranked by a percentage (Standing.under_half): said after `withdrawn`, as why it has no place;
    - withdrawn_next: ranked to go on to the next stage, `name`, but withdrew from it;
    - qualified: it goes on to the next stage (晋级);
    - by_lot: the lot decided whether it qualifies (抽签);
    - placed_by: a knockout's place given by the ranking of an earlier stage, `name`;
    - prize: the prize `name` it won;
    - prize_vacant: the prize `name` of its place, left vacant since it withdrew; `withdrew`
      is its id when nothing else in the row says it withdrew, "" when the row already does;
    - adjustment: a penalty (negative `value`) or award in `metric` on its total, for the
      reason `name` (bridge `adjustments`).
    """

    kind: RemarkKind
    name: str = ""
    withdrew: str = ""
    metric: str = ""
    value: float = 0.0


def marked_withdrawn(standing: Standing, stage: str | None) -> bool:
    """Marked 退赛 in stage `stage`'s standings: only in the stage it withdrew from and the later
    ones (Entry.withdrawn_in), not in an earlier stage it played through; and only once the
    round it withdrew from is the next to play or played (Standing.withdraws_later)."""
    entry = standing.entry
    return entry.withdrawn is not None and entry.withdrawn_in(stage) and not standing.withdraws_later


def remarks(standing: Standing, stage: str | None) -> list[Remark]:
    """What the remark of `standing`'s row in stage `stage`'s standings says, in this order:
    the one place the site's standings, the printed standings, an entry's page and the desk's
    standings read it from, so that they say the same. Each fact is said once: a withdrawn
    entry's vacant prize names the withdrawal only when the row does not already say it."""
    entry, prize = standing.entry, standing.prize
    said: list[Remark] = []
    withdrawn_here = marked_withdrawn(standing, stage)
    if standing.tally.forfeited:
        said.append(Remark("forfeit"))
    elif standing.rank is None and not withdrawn_here:
        said.append(Remark("nothing_scored" if standing.tally.nothing_scored else "not_played"))
    if withdrawn_here:
        said.append(Remark("withdrawn"))
        if standing.under_half:  # (its place: none, the reason said beside 退赛)
            said.append(Remark("under_half"))
    elif standing.withdrawn_next:  # ranked to go on, but withdrew from the next stage (event.py's _qualify)
        said.append(Remark("withdrawn_next", standing.withdrawn_next_name or standing.withdrawn_next))
    if standing.qualified:
        said.append(Remark("qualified"))
    if standing.by_lot:  # the lot decided who qualifies (event.py, _lot_at_the_cut)
        said.append(Remark("by_lot"))
    if standing.placed_by:  # placed after the bracket by an earlier stage's ranking (`then:`)
        said.append(Remark("placed_by", standing.placed_by_name or standing.placed_by))
    for metric, value, reason in standing.tally.adjustments:  # its totals are not the sum of its matches
        said.append(Remark("adjustment", reason, metric=metric, value=value))
    if prize:
        said.append(Remark("prize", prize.name))
    elif standing.prize_vacant:  # its place's prize, vacant: it withdrew (award_prizes)
        told = withdrawn_here or standing.withdrawn_next is not None
        said.append(Remark("prize_vacant", standing.prize_vacant.name, "" if told else entry.id))
    return said


def tally(field_entries: Iterable[Entry], scored_rounds: Sequence[Sequence[TableScore]],
          metrics: dict[str, Metric], tallies: dict[str, Tally] | None = None) -> dict[str, Tally]:
    """Sum each entry's metric contributions, round by round; substitutes are left out.
    `tallies`: the sums of the rounds before these (made by this function), added to."""
    if tallies is None:
        tallies = {e.id: Tally(e) for e in field_entries if not e.substitute}
    first_only = {name: metric.first_only for name, metric in metrics.items()}  # looked up for every side
    of_entry = tallies.get
    # (a mass event's stage sums 10,000 sides or more at each scoring, the desk's after every
    # save: each table's sides and its outcome read once for both of them, and each opponent
    # appended where it was a list made for every side and thrown away)
    for tables in scored_rounds:
        for score in tables:
            sides = score.sides
            if not sides:
                continue
            entries = [side.entry for side in sides]
            winner = score.winner
            both_absent = winner is None and score.extra.get("both_absent")
            for side, entry in zip(sides, entries):
                record = of_entry(entry)
                if record is None:
                    continue
                record.matches.append(score)
                opponents = record.opponents
                for other in entries:
                    if other != entry:
                        opponents.append(other)
                if side.disqualified:
                    record.forfeited = True
                    continue
                totals = record.metrics
                for name, value in side.metrics.items():
                    if first_only[name]:
                        totals.setdefault(name, value)
                    else:
                        totals[name] = totals.get(name, 0) + value
                record.played += 1
                if both_absent:
                    record.lost += 1  # a double forfeit (Guandan's): neither came, no draw
                elif winner is None:
                    record.drawn += 1
                elif winner == entry:
                    record.won += 1
                else:
                    record.lost += 1
    return tallies


# The tie-breaks computed by the tournament layer for every game, in the order they are computed.
TIEBREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "head_to_head", "lot")


def primary_metric(rank_by: Sequence[str], fallback: str) -> str:
    """The score the tie-breaks (and the Swiss score groups) are built on: the first metric of
    `rank_by` that is not itself a tie-break, else the game's first metric."""
    return next((m for m in rank_by if m not in TIEBREAKS), fallback)


def _primary_scores(tallies: dict[str, Tally], primary: str) -> dict[str, float]:
    """Each entry's `primary` score, looked up once before any tie-break is written (the primary
    metric is never a tie-break: primary_metric)."""
    return {entry_id: record.metrics.get(primary, 0) for entry_id, record in tallies.items()}


def _opponent_scores(record: Tally, scores: dict[str, float]) -> list[float]:
    """The opponents' primary score, one item per meeting; an opponent outside the tally (a
    substitute) counts 0."""
    return [scores.get(o, 0) for o in record.opponents]


def add_buchholz(tallies: dict[str, Tally], primary: str) -> None:
    """Buchholz: the sum of the opponents' `primary` metric (e.g. wins) over the stage.
    A bye adds nothing; an opponent outside the tally (a substitute) counts 0."""
    scores = _primary_scores(tallies, primary)
    for record in tallies.values():
        record.metrics["buchholz"] = sum(_opponent_scores(record, scores))


def add_median_buchholz(tallies: dict[str, Tally], primary: str) -> None:
    """Median Buchholz: Buchholz without the highest and the lowest opponent, when the entry
    met 3 opponents or more; with fewer it is the plain Buchholz."""
    primary_scores = _primary_scores(tallies, primary)
    for record in tallies.values():
        scores = sorted(_opponent_scores(record, primary_scores))
        if len(scores) >= 3:
            scores = scores[1:-1]
        record.metrics["median_buchholz"] = sum(scores)


def match_points_for(entry_id: str, score: TableScore) -> int:
    """An entry's result in one match, for head-to-head: 2 win, 1 draw, 0 loss (a double
    forfeit, neither side came: a loss for both, as the tally counts it)."""
    if score.winner is None:
        return 0 if score.extra.get("both_absent") else 1
    return 2 if score.winner == entry_id else 0


def add_sonneborn_berger(tallies: dict[str, Tally], primary: str) -> None:
    """Sonneborn-Berger: each beaten opponent's primary score in full, each drawn opponent's
    half; a lost match and a bye add nothing."""
    for record in tallies.values():
        total = 0.0
        for score in record.matches:
            for side in score.sides:
                if side.entry == record.entry.id or side.entry not in tallies:
                    continue
                total += tallies[side.entry].metrics.get(primary, 0) * match_points_for(record.entry.id, score) / 2
        record.metrics["sonneborn_berger"] = total


def add_tiebreaks(tallies: dict[str, Tally], rank_by: Sequence[str], primary: str) -> None:
    """Compute the opponent-based tie-breaks `rank_by` asks for (head-to-head comes in `rank`,
    once the metrics before it are known)."""
    if "buchholz" in rank_by:
        add_buchholz(tallies, primary)
    if "median_buchholz" in rank_by:
        add_median_buchholz(tallies, primary)
    if "sonneborn_berger" in rank_by:
        add_sonneborn_berger(tallies, primary)


def add_head_to_head(ranked: Sequence[Tally], rank_by: Sequence[str], two_only: bool = False) -> None:
    """Head-to-head: within each set of entries equal on every metric before `head_to_head` in
    `rank_by`, each entry's points (2 win, 1 draw, 0 loss) from its matches against the others
    of the set. An entry equal with nobody gets 0; with `two_only`, so does every entry of a
    set of three or more."""
    before = list(rank_by[: list(rank_by).index("head_to_head")])
    groups: dict[tuple[float, ...], list[Tally]] = {}
    for record in ranked:
        groups.setdefault(tuple(record.metrics.get(m, 0) for m in before), []).append(record)
    for members in groups.values():
        ids = {t.entry.id for t in members}
        decides = len(members) > 1 and not (two_only and len(members) > 2)
        for record in members:
            record.metrics["head_to_head"] = sum(
                match_points_for(record.entry.id, score)
                for score in record.matches
                if any(s.entry in ids and s.entry != record.entry.id for s in score.sides)
            ) if decides else 0
            if decides:
                record.moot.discard("head_to_head")
            else:
                record.moot.add("head_to_head")


def lot_order(entry_ids: Iterable[str], lots: Sequence[str], draw_seed: int | None, salt: str) -> dict[str, int]:
    """Each entry's place in the draw of lots: the explicit list first, then a seeded shuffle."""
    rest = sorted(set(entry_ids) - set(lots))
    random.Random(f"{draw_seed}:{salt}").shuffle(rest)
    return {entry_id: place for place, entry_id in enumerate([*lots, *rest], start=1)}


def rank_key(t: Tally, rank_by: Sequence[str]) -> tuple[float, ...]:
    """Sorting key of an entry: smaller sorts first (higher metrics, lower lot place)."""
    get = t.metrics.get
    return tuple([get("lot", 0) if m == "lot" else -get(m, 0) for m in rank_by])


def ranked_tallies(tallies: Iterable[Tally], rank_by: Sequence[str], lots: dict[str, int] | None = None) -> list[Tally]:
    """The entries `rank` gives a place (those that played and did not forfeit), each with its
    lot among its metrics when `rank_by` ranks by it: what a draw's order reads of the
    standings (pairing.draw_order) when no head-to-head is ranked by, which `rank` works out
    within each tie."""
    ranked = [t for t in tallies if t.played and not t.forfeited and not t.nothing_scored]
    if "lot" in rank_by and lots is not None:
        for t in ranked:
            t.metrics["lot"] = lots[t.entry.id]
    return ranked


def rank(tallies: Iterable[Tally], rank_by: Sequence[str], lots: dict[str, int] | None = None,
         head_to_head_two_only: bool = False, withdrew: Collection[str] = (),
         under_half: Collection[str] = ()) -> list[Standing]:
    """Order the entries; ties share a rank unless `lot` is among the metrics.
    `head_to_head_two_only`: see add_head_to_head. Within a tie, an entry of `withdrew` (marked
    退赛 in this stage) is listed after those still playing: it shares their place, but a list
    headed by it (3= T05 退赛, then the one that plays on) read as if it came first. An entry of
    `under_half` (withdrawn under half-way in a stage ranked by a percentage: event.py's
    withdrawn_under_half) is not ranked: listed with the unranked, after the ranked entries, its figures
    kept (Standing.under_half); the entries after it move up, each a place."""
    tallies = list(tallies)
    # (one that would be unranked anyway, having played or scored nothing, is said as before)
    cut = [t for t in tallies if t.entry.id in under_half and t.played and not t.forfeited
           and not t.nothing_scored] if under_half else []
    short = {id(t) for t in cut}
    if cut:
        tallies = [t for t in tallies if id(t) not in short]
    ranked = ranked_tallies(tallies, rank_by, lots)
    unranked = [*(t for t in tallies if not t.played or t.forfeited or t.nothing_scored), *cut]
    if "head_to_head" in rank_by:
        add_head_to_head(ranked, rank_by, head_to_head_two_only)

    keys = {id(t): rank_key(t, rank_by) for t in ranked}  # each entry's, made once
    ranked.sort(key=lambda t: (keys[id(t)], t.entry.id in withdrew, t.entry.id))
    standings: list[Standing] = []
    for position, t in enumerate(ranked, start=1):
        previous = standings[-1] if standings else None
        if previous is not None and keys[id(previous.tally)] == keys[id(t)]:
            standings.append(Standing(t, previous.rank, tied=True))
            previous.tied = True
        else:
            standings.append(Standing(t, position))
    standings.extend(Standing(t, None, under_half=id(t) in short) for t in sorted(unranked, key=lambda t: t.entry.id))
    return standings


def prize_of_place(prizes: Sequence[Prize], place: int) -> Prize | None:
    """The prize by place (`count` places each, in order) that place `place` wins, if any."""
    last_place = 0
    for prize in prizes:
        if prize.count is None:
            continue
        if last_place < place <= last_place + prize.count:
            return prize
        last_place += prize.count
    return None


def award_prizes(standings: list[Standing], prizes: Sequence[Prize], withdrew: Collection[str] = ()) -> None:
    """Prizes by place (`count` places each, in order) or by a metric threshold. An entry of
    `withdrew` (it left the event: seed 000 十.11, 中途离场者所在的组不获奖) gets none: its place's
    prize is left vacant (Standing.prize_vacant), not passed down, so every other entry keeps the
    prize of the place it is ranked at; a threshold prize it reaches it simply does not get."""
    by_threshold = [p for p in prizes if p.metric is not None]
    for standing in standings:
        if standing.rank is None:
            continue
        gone = standing.entry.id in withdrew
        prize = prize_of_place(prizes, standing.rank)
        if prize is not None and gone:
            standing.prize_vacant = prize
        elif prize is not None:
            standing.prize = prize
        if not gone and standing.prize is None:  # (a vacant prize is only ever a withdrawn one's)
            for prize in by_threshold:
                assert prize.metric is not None and prize.threshold is not None
                if standing.tally.metrics.get(prize.metric, 0) >= prize.threshold:
                    standing.prize = prize
                    break
