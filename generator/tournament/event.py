"""Running an event: each stage's field, scored rounds, standings, qualifiers and prizes.

Stages run in the order written. The first stage's field is every entry without `bye`; a stage
that another stage advances to takes that stage's top `count` plus the `bye` entries (轮空者).
Substitutes (替补) may sit at any table and are never ranked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.model import Entry, Event, Stage
from generator.errors import Problems
from generator.games import GAMES, TableScore
from generator.tournament.credits import CreditLine, credits_roster
from generator.tournament.standings import Standing, add_buchholz, award_prizes, lot_order, rank, tally


@dataclass
class RoundResult:
    number: int
    tables: list[TableScore]


@dataclass
class StageResult:
    stage: Stage
    field: list[Entry]
    rounds: list[RoundResult]
    standings: list[Standing]
    byes: list[Entry] = field(default_factory=list)  # advance without playing this stage
    qualifiers: list[Entry] = field(default_factory=list)

    @property
    def has_results(self) -> bool:
        return bool(self.rounds)

    def standing_of(self, entry_id: str) -> Standing | None:
        return next((s for s in self.standings if s.entry.id == entry_id), None)


@dataclass
class EventResult:
    event: Event
    stages: list[StageResult]
    credits: list[CreditLine]

    @property
    def last_stage(self) -> StageResult | None:
        return self.stages[-1] if self.stages else None

    def stage_of(self, stage_id: str) -> StageResult:
        return next(s for s in self.stages if s.stage.id == stage_id)


def run_event(event: Event, problems: Problems) -> EventResult:
    results: list[StageResult] = []
    state: dict[str, object] = {}  # the game's running counts across the whole event
    incoming: dict[str, list[Entry]] = {}
    byes = [e for e in event.entries.values() if e.bye]
    for position, stage in enumerate(event.stages):
        if stage.id in incoming:
            field_entries = incoming[stage.id]
        elif position == 0 or not any(s.advance and s.advance.to == stage.id for s in event.stages):
            field_entries = [e for e in event.entries.values() if not e.bye and not e.substitute]
        else:
            field_entries = []  # the stage feeding this one has no results yet
        result = _run_stage(event, stage, field_entries, problems, state)
        if position == 0:
            result.byes = byes
        results.append(result)
        if stage.advance is not None and result.has_results:
            result.qualifiers = _qualify(result, problems)
            incoming[stage.advance.to] = result.qualifiers + result.byes
    return EventResult(event, results, credits_roster(event, results))


def _run_stage(event: Event, stage: Stage, field_entries: list[Entry], problems: Problems,
               state: dict[str, object]) -> StageResult:
    game = GAMES[event.game]
    rounds = event.rounds.get(stage.id, [])
    in_field = {e.id for e in field_entries}
    scored: list[RoundResult] = []
    for round_ in rounds:
        for table in round_.tables:
            for entry_id in table.sides:
                entry = event.entries[entry_id]
                if entry.substitute or entry_id in in_field:
                    continue
                if entry.bye and stage is event.stages[0]:
                    problems.add("entry-bye-played", table.mark or entry.mark, id=entry_id, stage=stage.id)
                elif field_entries:
                    problems.add("entry-not-in-stage", table.mark or entry.mark, id=entry_id, stage=stage.id,
                                 reason=_not_qualified_reason())
        scored.append(RoundResult(round_.number, [game.score_table(t, stage, state) for t in round_.tables]))
    if rounds:
        playing = {side for r in rounds for t in r.tables for side in t.sides}
        for entry in field_entries:
            if entry.id not in playing:
                problems.add("entry-not-played", rounds[0].tables[0].mark if rounds[0].tables else entry.mark,
                             warning=True, id=entry.id, stage=stage.id)
    tallies = tally(field_entries, [r.tables for r in scored], game.metrics)
    if "buchholz" in stage.rank_by:
        add_buchholz(tallies, next(m for m in stage.rank_by if m not in ("buchholz", "lot")))
    lots = lot_order(tallies, stage.lots, event.draw_seed, f"{event.slug}/{stage.id}")
    standings = rank(tallies.values(), stage.rank_by, lots) if scored else []
    award_prizes(standings, stage.prizes)
    return StageResult(stage, field_entries, scored, standings)


def _not_qualified_reason() -> dict[str, str]:
    return {
        "zh-Hans": "只有晋级的参赛队（和轮空者、替补）能在这一阶段出场；核对编号。",
        "zh-Hant": "只有晉級的參賽隊（和輪空者、替補）能在這一階段出場；核對編號。",
        "en": "only qualifiers (and byes, substitutes) play in this stage; check the id.",
    }


def _qualify(result: StageResult, problems: Problems) -> list[Entry]:
    """The top `count` by rank; a tie across the cut lets every tied entry through, with a warning."""
    advance = result.stage.advance
    assert advance is not None
    chosen = [s for s in result.standings if s.rank is not None and s.rank <= advance.count]
    if len(chosen) > advance.count:
        tied = [s.entry.id for s in chosen if s.rank == chosen[-1].rank]
        problems.add("qualify-tie", result.stage.mark, warning=True,
                     stage=result.stage.id, count=chosen[-1].rank, ids=tied)
    for standing in chosen:
        standing.qualified = True
    return [s.entry for s in chosen]
