"""Running an event: each stage's field, scored rounds, standings, qualifiers and prizes.

Stages run in the order written. The first stage's field is every entry without `bye`; a stage
that another stage advances to takes that stage's top `count` plus the `bye` entries (轮空者).
Substitutes (替补) may sit at any table and are never ranked.

A table that is drawn but not played yet (the game scored no side, or the record is empty) is
pending: shown, never counted. A round whose every match is pending (a fresh draw from
`paibang pair`, or written by hand) counts not at all, its byes included, until a result is in.
Swiss and round-robin draws are checked: a rematch, or an entry left out of a round, is warned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.model import Entry, Event, Round, Stage
from generator.errors import Mark, Problems
from generator.games import GAMES, TableScore
from generator.messages import CATALOGUE
from generator.tournament.credits import CreditLine, credits_roster
from generator.tournament.pairing import DrawRules, draw_rules
from generator.tournament.standings import (
    Standing, add_tiebreaks, award_prizes, lot_order, primary_metric, rank, tally,
)


@dataclass
class RoundResult:
    number: int
    tables: list[TableScore]  # every table, pending ones included (pages show them as not played)
    pending: list[int] = field(default_factory=list)  # numbers of the tables with no result yet

    @property
    def drawn_only(self) -> bool:
        """Drawn, not played: every match of the round is pending (its byes wait with it)."""
        return any(len(s.table.sides) == 2 for s in self.tables) and all(
            s.table.number in self.pending for s in self.tables if len(s.table.sides) == 2)

    @property
    def has_counted(self) -> bool:
        """bool(counted), without making the list."""
        return not self.drawn_only and any(s.table.number not in self.pending for s in self.tables)

    @property
    def counted(self) -> list[TableScore]:
        """The tables that count in the standings."""
        if self.drawn_only:
            return []
        return [s for s in self.tables if s.table.number not in self.pending]


@dataclass
class StageResult:
    stage: Stage
    field: list[Entry]
    rounds: list[RoundResult]
    standings: list[Standing]
    byes: list[Entry] = field(default_factory=list)  # advance without playing this stage
    qualifiers: list[Entry] = field(default_factory=list)
    lots: dict[str, int] = field(default_factory=dict)  # each entry's place in the stage's draw of lots
    primary: str = ""  # the score tie-breaks and Swiss score groups are built on
    draw_rules: DrawRules | None = None  # how rounds are drawn, for the stage page (_draw_rules.html)

    @property
    def has_results(self) -> bool:
        """At least one table of the stage has a result (a draw alone is not a result)."""
        return any(r.has_counted for r in self.rounds)

    @property
    def drawn_rounds(self) -> list[RoundResult]:
        """Rounds drawn but not played yet: what the draw bulletin (对阵表) posts."""
        return [r for r in self.rounds if r.drawn_only]


    def standing_of(self, entry_id: str) -> Standing | None:
        return next((s for s in self.standings if s.entry.id == entry_id), None)

    def standings_by_entry(self) -> dict[str, Standing]:
        """Each entry's standing, as standing_of finds it: for pages that look up every entry."""
        found: dict[str, Standing] = {}
        for standing in self.standings:
            found.setdefault(standing.entry.id, standing)
        return found


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
        scores = [game.score_table(t, stage, state) for t in round_.tables]
        scored.append(RoundResult(round_.number, scores, [s.table.number for s in scores if is_pending(s)]))
    # Games that compare boards across the field (pairs matchpoints) score the stage as a whole,
    # once every table is scored and before the tally.
    score_field = getattr(game, "score_field", None)
    if score_field is not None:
        score_field(stage, scored, problems)
    if rounds:
        playing = {side for r in rounds for t in r.tables for side in t.sides}
        for entry in field_entries:
            if entry.id not in playing:
                problems.add("entry-not-played", rounds[0].tables[0].mark if rounds[0].tables else entry.mark,
                             warning=True, id=entry.id, stage=stage.id)
    if stage.format in ("swiss", "round_robin"):
        check_draws(rounds, scored, field_entries, problems)
    tallies = tally(field_entries, [r.counted for r in scored], game.metrics)
    # Metrics that are not plain sums (a percentage of summed matchpoints and tops) are derived
    # from the sums here, before tie-breaks and ranking read them.
    # Penalties and awards on totals (bridge `adjustments`): points before the percentage is
    # derived from them, percentage points after.
    adjust_tallies = getattr(game, "adjust_tallies", None)
    if adjust_tallies is not None:
        adjust_tallies(stage, tallies, finished=False)
    finish_metrics = getattr(game, "finish_metrics", None)
    if finish_metrics is not None:
        for record in tallies.values():
            finish_metrics(record.metrics)
    if adjust_tallies is not None:
        adjust_tallies(stage, tallies, finished=True)
    primary = primary_metric(stage.rank_by, game.metrics_for(stage)[0])
    add_tiebreaks(tallies, stage.rank_by, primary)
    lots = lot_order(tallies, stage.lots, event.draw_seed, f"{event.slug}/{stage.id}")
    played = any(r.counted for r in scored)
    standings = rank(tallies.values(), stage.rank_by, lots) if played else []
    # A game may rank its field in groups (bridge pairs: NS and EW ranked apart).
    fields = getattr(game, "fields", None)
    groups = fields(stage, scored) if fields is not None and played else None
    if groups:
        grouped = {entry for group in groups for entry in group}
        standings = [standing for group in [*groups, [e for e in tallies if e not in grouped]]
                     for standing in rank([tallies[e] for e in group if e in tallies], stage.rank_by, lots)]
    award_prizes(standings, stage.prizes)
    return StageResult(stage, field_entries, scored, standings, lots=lots, primary=primary,
                       draw_rules=draw_rules(stage, primary, event.game))


def is_pending(score: TableScore) -> bool:
    """A match drawn but not played: two sides, no forfeit, and either the game scored no side
    (its way of saying "no result yet") or the record is an empty list or mapping."""
    table = score.table
    if len(table.sides) != 2 or table.forfeit is not None:
        return False
    if not score.sides:
        return True
    return isinstance(table.record, (list, tuple, dict)) and not table.record


def check_draws(rounds: list[Round], scored: list[RoundResult], field_entries: list[Entry],
                problems: Problems) -> None:
    """A Swiss or round-robin draw, written by `paibang pair` or by hand: no two entries meet
    twice, and every entry of the stage sits at a table (or has the bye) in every round, until
    it is out of the stage (disqualified). Both are warnings: the secretary may mean it."""
    met: dict[frozenset[str], int] = {}
    out: set[str] = set()
    appearing = {side for r in rounds for t in r.tables for side in t.sides}
    for round_, result in zip(rounds, scored):
        seen: set[str] = set()
        for table in round_.tables:
            seen.update(table.sides)
            if len(table.sides) != 2:
                continue
            pair = frozenset(table.sides)
            if pair in met:
                problems.add("draw-rematch", table.mark or Mark(round_.source), warning=True,
                             a=table.sides[0], b=table.sides[1], round=met[pair], this=round_.number)
            else:
                met[pair] = round_.number
        missing = [e.id for e in field_entries if e.id not in seen and e.id in appearing and e.id not in out]
        if missing:
            mark = round_.tables[0].mark if round_.tables and round_.tables[0].mark else Mark(round_.source)
            problems.add("draw-entry-missing", mark, warning=True, round=round_.number, ids=missing)
        for score in result.counted:
            out.update(side.entry for side in score.sides if side.disqualified)


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


CATALOGUE.update({
    "draw-rematch": {
        "zh-Hans": ("{a} 与 {b} 在第 {round} 轮已经相遇过，第 {this} 轮又相遇", "瑞士制和循环赛中两队只相遇一次；核对对阵，或用 paibang pair 重新编排这一轮。"),
        "zh-Hant": ("{a} 與 {b} 在第 {round} 輪已經相遇過，第 {this} 輪又相遇", "瑞士制和循環賽中兩隊只相遇一次；核對對陣，或用 paibang pair 重新編排這一輪。"),
        "en": ("{a} and {b} already met in round {round} and meet again in round {this}", "in a Swiss or round robin two entries meet once; check the draw, or let paibang pair draw this round."),
    },
    "draw-entry-missing": {
        "zh-Hans": ("第 {round} 轮没有安排 {ids}", "每队每轮出场一次（单数时一队轮空，写成只有一方的一桌）；退赛的队可忽略此提示。"),
        "zh-Hant": ("第 {round} 輪沒有安排 {ids}", "每隊每輪出場一次（單數時一隊輪空，寫成只有一方的一桌）；退賽的隊可忽略此提示。"),
        "en": ("round {round} has no table for {ids}", "every entry plays once a round (with an odd number, one has the bye: a table with one side); ignore this for an entry that withdrew."),
    },
})
