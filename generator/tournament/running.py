"""Running totals: an entry's matches in one stage, each with its part of the ranking metrics and
the totals so far, as the entry page shows them (render/html.py lays them out, links them).

The metrics shown are the stage's `rank_by` that the entry's matches score (lot and buchholz
are no match's part). A running total is the sum so far, except for a metric taken from the
first match only (`Metric.first_only`), which keeps its first value, and for metrics that are
not plain sums (a percentage of summed matchpoints and tops), which the game derives from the
sums so far (`Game.finish_metrics`), as the standings do. A late entry's score for each round it
missed is a match too, table 0, so that the running totals end where the standings do.

Between rounds (event-day.md) the totals stop where the standings do, "after round N": a match
of a later round, drawn and not played, entered in a round not fully played, or a bye waiting
for its round, is listed (`counted` false) without its part or a running total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.games import Game, metric_of
from generator.tournament.pairing import drawn_sides, no_table
from generator.tournament.results import StageResult

# (round, table score, the entry's side index at that table)
Seat = tuple[int, Any, int]


@dataclass
class MatchRow:
    """One match of an entry: its part of each shown metric, and the totals so far."""

    round: int
    table: int  # 0: a round a late entry missed (its `late:` score)
    opponents: list[str]
    # won | drawn | lost | bye | sit_out (a pairs movement's, no score) | forfeit | late;
    # withdrawn_sit_out, withdrawn_not_played (a pairs table of the entry's, withdrawn by then,
    # that nobody plays: no score, counted or not); uncounted: pending (drawn, not played yet), entered
    outcome: str
    # this match's part of each shown metric; None: nothing scored there (a pairs table every board
    # of which was np), shown "—"
    values: list[float | None]
    # the same, summed so far (a first-board metric keeps its first value); None: nothing scored yet
    running: list[float | None]
    # In the standings: a round they count (fully played, "after round N" of event-day.md). A
    # match drawn and not played, or a bye or table of a round not fully played, is not: shown
    # without a score or a running total.
    counted: bool = True
    # the table's sides as drawn (pairing.drawn_sides), the entry's among them: one alone is no
    # table anyone sits at (a bye or a sit-out, named by pairing.no_table_word wherever a table is
    # named); a pairs table whose pair withdrew is two, its opponent's outcome a sit_out all the same
    sides: Sequence[str] = ()


@dataclass
class RunningTotals:
    metrics: list[str]  # metric names, the stage's rank_by order
    rows: list[MatchRow]
    # A running total beside each match: not in a knockout, whose matches are each won or lost
    # on their own (a sum of its VPs across the rounds means nothing there).
    running: bool = True


def seated(stage_result: StageResult, every: bool = False) -> dict[str, list[Seat]]:
    """Entry id -> (round, table score, side index) for each table the entry sat at in this
    stage, in round and table order. A round partly entered shows its results on its own page
    only (event-day.md): its tables entered (and its byes) are left out, unless `every` (an
    entry's list of matches names them, uncounted, without their scores: running_totals)."""
    found: dict[str, list[Seat]] = {}
    for round_result in stage_result.rounds:
        partial, pending = round_result.partial and not every, set(round_result.pending)  # once a round
        for score in round_result.tables:
            if partial and score.table.number not in pending:
                continue
            # the table's sides as drawn (pairing.drawn_sides): a withdrawn pair's table scored
            # without it (its opponent's sit-out, or no side, both pairs withdrawn) is still its
            # own, listed on its page as the round's page lists it, not missing from its rounds
            sides = drawn_sides(score)
            for entry_id in dict.fromkeys(sides):  # an id twice at one table: its first seat, once
                found.setdefault(entry_id, []).append((round_result.number, score, sides.index(entry_id)))
    return found


def _own_side(score: Any, index: int, entry_id: str) -> Any:
    """The entry's side as its table was scored, by its id: its seat as drawn (`index`, seated)
    is no place in the sides scored where a withdrawn pair's table is scored with its opponent's
    side alone (bridge's average-plus): read by the seat, the withdrawn NS pair's page showed its
    opponent's 60 % and the opponent's 0 (rev112 D1). None where the entry has no side there."""
    sides = score.sides
    if index < len(sides) and sides[index].entry == entry_id:
        return sides[index]
    return next((side for side in sides if side.entry == entry_id), None)


@dataclass
class StageFacts:
    """What running_totals reads of a stage alike for each of its entries, worked out once a
    stage (stage_facts) rather than once an entry: each entry's page went through every round's
    pending tables, late scores and the bracket's matches again (4,400 entries at 200 events)."""

    pending: dict[int, set[int]]  # round -> its tables entered, not counted yet
    every_round: bool  # every round counts (a knockout, or a finished stage)
    went_on: dict[tuple[int, int], str]  # a knockout's (round, table) -> the side its bracket sent on
    late: dict[str, list[Seat]]  # a late entry's missed rounds, as matches at table 0
    plain_sums: bool  # the game derives no metric from the sums (Game.finish_metrics does nothing)
    # a withdrawn entry -> the first round of this stage it does not play (Entry.withdrawn_from)
    withdrawn_from: dict[str, int]


def stage_facts(game: Game, stage_result: StageResult) -> StageFacts:
    bracket = stage_result.bracket
    late: dict[str, list[Seat]] = {}
    for r in stage_result.rounds:
        for score in r.late:
            late.setdefault(score.sides[0].entry, []).append((r.number, score, 0))
    return StageFacts(
        pending={r.number: set(r.pending) for r in stage_result.rounds},
        every_round=stage_result.bracket is not None or stage_result.complete,
        went_on={(m.round, m.score.table.number): m.winner for m in bracket.matches
                 if m.score is not None and m.winner is not None} if bracket is not None else {},
        late=late,
        plain_sums=game.finish_metrics.__func__ is Game.finish_metrics,  # the game derives nothing from the sums
        withdrawn_from={e.id: since for e in stage_result.field
                        if (since := e.withdrawn_from(stage_result.stage.id)) is not None},
    )


def running_totals(game: Game, stage_result: StageResult, entry_id: str,
                   matches: list[Seat] | None = None, facts: StageFacts | None = None) -> RunningTotals:
    """The entry's matches in one stage with each ranking metric, match by match and running.
    `matches` are the entry's tables in the stage (see `seated`, every=True), found here if not given;
    `facts`, the stage's (stage_facts), likewise."""
    stage = stage_result.stage
    if matches is None:
        matches = seated(stage_result, every=True).get(entry_id, [])
    if facts is None:
        facts = stage_facts(game, stage_result)
    late = facts.late.get(entry_id)
    if late:
        matches = sorted([*matches, *late], key=lambda m: m[0])
    own_sides = [_own_side(score, index, entry_id) for _, score, index in matches]
    # The standings count the first `rounds_played` rounds only (tournament/event.py): a later
    # round's match, or one not played yet, is shown without its score, not added to the totals.
    # (A knockout's match counts once decided: its bracket, not "after round N", places it.)
    pending, every_round = facts.pending, facts.every_round
    counts = [(every_round or number <= stage_result.rounds_played)
              and score.table.number not in pending.get(number, ()) for number, score, _ in matches]
    knockout, pairs = stage.format == "knockout", stage.format == "pairs"
    # (a knockout's match figures are the game's own for a knockout: Game.knockout_figures)
    candidates = (game.knockout_figures(stage) if knockout else None) or stage.rank_by
    # (a pair's table with no board scored, every one np, holds no IMPs (Game.scored_nothing):
    # its column is shown all the same, "—" there, as the standings show it)
    shown = [m for m in candidates
             if m not in ("lot", "buchholz") and any(side and (m in side.metrics or game.scored_nothing(side.metrics))
                                                     for side, counted in zip(own_sides, counts) if counted)]
    first_only = {m for m in shown if metric_of(game, m).first_only}
    rows: list[MatchRow] = []
    totals = [0.0] * len(shown)
    # A knockout's match is won as its bracket says: a tie settled by `winner:` (or the game's
    # own rule, Game.knockout_winner) has no winner in its score.
    went_on = facts.went_on
    # A table of a round the entry had withdrawn by is its forfeit, said as its withdrawal (退赛),
    # not as a no-show's forfeit (弃权); the opponent's row says its win as before.
    withdrawn_from = facts.withdrawn_from.get(entry_id)
    sums: dict[str, float] = {}  # every metric of the side so far, for metrics derived from sums
    # A table of one side (pairing.no_table) is said as what it is: a pairs movement's sit-out
    # plays no boards, and has no score of its own (its percentage is over the boards played),
    # not a bye scored 0.
    # A round a late entry missed is scored by the stage's `late:` (the regulation's score), or,
    # without one, as a bye: said as what it was (late_bye), not "by the regulation" none gave.
    late = "late" if stage.late_options is not None else "late_bye"
    for (number, score, index), side, counted in zip(matches, own_sides, counts):
        sides = score.table.sides
        # (a pairs table whose pair withdrew, its opponent sitting the round out: the table and
        # the pair it was drawn against, as the draw notice and the round's page name them)
        drawn = drawn_sides(score)
        opponents = [s for s in drawn if s != entry_id]
        # A pairs table the entry had withdrawn by, which nobody plays for it: its own sit-out
        # (its line left in a round drawn ahead), or a table scored without it (two withdrawn
        # pairs drawn together; 80分's opponent sitting out). Said as the round's page says it,
        # withdrawn, not an odd field's 轮空 nor nothing at all; no score of its own, counted or not.
        # (bridge's: the table drawn with both, scored with the opponent's average-plus alone)
        gone = None
        if withdrawn_from is not None and number >= withdrawn_from and pairs and score.table.number:
            if len(sides) < 2 and entry_id in sides:
                gone = "withdrawn_sit_out"
            elif side is None:
                gone = "withdrawn_not_played"
        if not counted:
            # Entered, in a round not fully played: its result is on the round's page, and may
            # yet move (pairs matchpoints compare the whole field's tables): not told here.
            outcome = gone or ((("not_entered" if game.sat_unentered(score.table.record) else "pending")
                                if score.table.number in pending.get(number, ()) else late if score.table.number == 0
                                else no_table(stage.format, sides) or "entered"))
            rows.append(MatchRow(number, score.table.number, opponents, outcome, [], [], counted=False, sides=drawn))
            continue
        # A table where no board was scored for it (each np): no figure of its own (None, "—"),
        # not 0 (0.00 % read as every board lost), and no running total until one is scored
        # (Game.scored_nothing, the rule the standings leave such a pair unranked by).
        unscored = side is not None and game.scored_nothing(side.metrics)
        values = [None if unscored else side.metrics.get(m, 0) if side else 0 for m in shown]
        for i, metric in enumerate(shown):
            if metric in first_only:
                totals[i] = values[i] if not rows else totals[i]
            elif not unscored:
                totals[i] += values[i]
        for name, value in (side.metrics.items() if side else ()):
            sums[name] = sums.get(name, 0) + value
        if facts.plain_sums:  # nothing derived: the sums as they are (not a copy a match)
            finished = sums
        else:
            finished = dict(sums)
            game.finish_metrics(finished)
        running = [None] * len(shown) if game.scored_nothing(finished) else \
            [totals[i] if m in first_only else finished.get(m, totals[i]) for i, m in enumerate(shown)]
        if score.table.number == 0:
            outcome = late
        elif gone is not None:
            outcome = gone
        elif (no_one_sits := no_table(stage.format, sides)) is not None:
            outcome = no_one_sits
        elif withdrawn_from is not None and number >= withdrawn_from:
            outcome = "withdrawn"
        elif score.table.forfeit == entry_id or score.extra.get("both_absent"):
            outcome = "forfeit"  # (a double forfeit, Guandan's: neither came; the tally's loss, not a draw)
        elif "substitute" in score.extra:  # nothing to win or lose there (Game.substitutes_decide)
            outcome = "substitute"
        elif pairs:
            # A pairs round is scored against the field (matchpoints, IMPs across the field or a
            # Butler datum), not against the pair at the table: no round is won or lost, and the
            # table's own winner (whoever scored more there) would call a 40% round a win.
            outcome = "played"
        elif (winner := went_on.get((number, score.table.number), score.winner)) is None:
            outcome = "drawn"
        else:
            outcome = "won" if winner == entry_id else "lost"
        rows.append(MatchRow(number, score.table.number, opponents, outcome, values, running, sides=drawn))
    return RunningTotals(shown, rows, running=not knockout)
