"""Running an event: each stage's field, scored rounds, standings, qualifiers and prizes.

Stages run in the order written. The first stage's field is every entry without `bye`; a stage
that another stage advances to takes that stage's top `count` plus the `bye` entries (轮空者).
Substitutes (替补) may sit at any table and are never ranked.

A table that is drawn but not played yet (the game scored no side, or the record is empty) is
pending: shown, never counted. A round whose every match is pending (a fresh draw from
`paibang pair`, or written by hand) counts not at all, its byes included, until a result is in.
Swiss and round-robin draws are checked: a rematch, or an entry left out of a round, is warned.

The event in progress (event-day.md): the standings count only the rounds fully played, from
round 1 on (`rounds_played`: "after round N"); a round partly entered is shown, never counted.
Each stage, and the event, is scheduled (no result), in progress, or complete (every round the
stage declares fully played). Qualifiers come from a complete stage only; prizes and the
credits roster from a complete event only. An entry `withdrawn: N` plays no round from N on (a
match drawn against it anyway is its forfeit; in a knockout a walkover, the opponent goes
through; in a pairs movement its opponent sits out), and in a Swiss or round robin an entry absent
from every table of the rounds drawn before its first is late: for each of those rounds that
counts it scores the stage's `late:` score, else a bye.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import replace

from generator import catalogues, page_sizes
from generator.catalogues import LOCALES
from generator.content.model import Entry, Event, Round, Stage, Table
from generator.errors import Mark, Problems
from generator.games import GAMES, Game, TableScore, metric_of
from generator.games.common.boards import ShortByDesign
from generator.tournament.credits import credits_roster
from generator.tournament.knockout import drawn_field, drawn_in_round_one, placed_after, run_knockout, seeded_field
from generator.tournament.pairing import (PairsMovement, _num, berger_rounds, draw_rules, first_rounds, movement_field, follows_schedule, robin_full_rounds, robin_numbers,
                                          robin_written, board_seats, boards_to_come, fitting_movement, late_pairs, late_refusal, late_sit_out_table, seated_tables, unplayed_boards,
                                          walked_out_boards)
from generator.tournament.results import (
    COMPLETE, IN_PROGRESS, SCHEDULED, EventResult, RoundResult, StageResult, StaleDraw,
)
from generator.tournament.stale import corrected_tables, moved_words, note_words, seeding_changes, settings_changed, stale_notes
from generator.tournament.standings import (
    Standing, Tally, add_tiebreaks, award_prizes, lot_order, primary_metric, prize_of_place, rank, rank_key,
    ranked_tallies, tally,
)


class ScoredTables:
    """Tables already scored, for scoring an event again (build.validate_again: `paibang pair`'s
    check of the round it wrote) without scoring again the tables of the rounds read as before.
    A score is taken only for the same table (the same object: its file was not read again), at
    the same round of the same stage (the same object: event.yaml was not read again), not
    numbered after the boards of the rounds before (Table.earlier_boards, set at each reading),
    not a knockout's tie (its winner written into its score in place), and only
    when the stage's game scores a table from the table and its stage alone
    (Game.scores_alone): then nothing else it depends on can have changed. The tally, tie-breaks,
    ranks and checks are all made again."""

    def __init__(self, result: EventResult | None = None) -> None:
        self.result = result  # held: no id below is reused by another object while this lives
        # id(table) -> (table, stage, round number, its score)
        self.scores: dict[int, tuple[Table, Stage, int, TableScore]] = {}
        # _stale_key -> the entries whose place or score changed since the round was drawn, the
        # recorded figures that moved and the entries the draw would now seat otherwise
        # (StaleDraw.entries, StaleDraw.moved, StaleDraw.paired)
        self.stale: dict[tuple, tuple[list[str], dict[str, tuple[float, float]], list[str]]] = {}
        game = GAMES[result.event.game] if result is not None else None
        for stage_result in result.stages if result is not None else []:
            if not hasattr(stage_result, "rounds"):
                continue  # a summary (summary.py): no tables
            if not game.scores_alone(stage_result.stage):
                continue  # its tables are scored again, and its draws checked again
            for round_result in stage_result.rounds:
                for score in round_result.tables:
                    if "settled_by" in score.extra:
                        # (a knockout's tie: knockout._place_tables wrote its winner into the
                        # score where it stands, from the bracket of the rounds before; taken
                        # again, a winner no longer standing was kept: rev80)
                        continue
                    self.scores[id(score.table)] = (score.table, stage_result.stage, round_result.number, score)
            if stage_result.stage.format != "swiss":
                continue
            changed = {draw.round: draw for draw in stage_result.stale_draws}
            for round_ in result.event.rounds.get(stage_result.stage.id, []):
                if round_.drawn_on:  # checked then unless the rounds before were not all played (then not now either)
                    before = [r for r in stage_result.rounds if r.number < round_.number]
                    draw = changed.get(round_.number)
                    self.stale[_stale_key(stage_result, round_, before)] = \
                        (draw.entries, draw.moved, draw.paired) if draw is not None else ([], {}, [])

    def get(self, table: Table, stage: Stage, number: int) -> TableScore | None:
        found = self.scores.get(id(table))
        if found is None or found[0] is not table or found[1] is not stage or found[2] != number:
            return None
        if table.earlier_boards:
            # numbered on after the boards of the rounds before (a team match's boards to come
            # follow them): set on the same table object at every reading, so what they were when
            # it was scored is gone; scored again (rev80)
            return None
        return found[3]


# Results written for an entry after its withdrawal: said by scoring, and nothing the reading of
# the files says of another entry, table or round makes one of them untrue.
WITHDRAWAL_CODES = frozenset({"entry-withdrawn-played", "entry-withdrawn-bye", "entry-withdrawn-both"})


def withdrawals_said(event: Event, problems: Problems) -> None:
    """An event whose files have errors is not scored, and the results written after a withdrawal
    were said only once those were fixed (4 such errors, then a `withdrawn: 0` elsewhere or a round
    written twice: the 4 gone until that was mended). Scored here into a scratch list, as the desk
    scores an event with errors for its standings, for those errors alone: the standings of an
    event with errors mean nothing, its withdrawals' results are as they are. The entry whose
    `withdrawn:` is in error withdraws nowhere and is said nothing of."""
    if not any(entry.withdrawn for entry in event.entries.values()):
        return
    scratch = Problems()
    try:
        run_event(event, scratch)
    except Exception:  # noqa: BLE001 - an event read with errors may not score (the desk guards it too): its errors are said
        return
    problems.items.extend(p for p in scratch.items if p.code in WITHDRAWAL_CODES)


def run_event(event: Event, problems: Problems, known: ScoredTables | None = None) -> EventResult:
    """The event scored: each stage's rounds, standings, qualifiers and prizes, and the credits.
    `known`: tables scored before, whose scores are taken as they were where that holds
    (ScoredTables)."""
    results: list[StageResult] = []
    state: dict[str, object] = {}  # the game's running counts across the whole event
    incoming: dict[str, list[Entry]] = {}
    byes = [e for e in event.entries.values() if e.bye]
    # A Swiss or round robin drawn from qualifiers a correction has changed since: the stage
    # whose standings they came from and what changed, in every locale (_field_as_drawn)
    held: dict[str, tuple[str, dict[str, str], StaleDraw, tuple[dict[str, str], dict[str, str]] | None,
                          tuple[dict[str, str], dict[str, str]] | None] | None] = {}
    # A withdrawn entry's tables drawn after its withdrawal, each stage's: said once all are
    # known, since one value of `withdrawn:` clears those of every stage (_report_withdrawn_forfeits)
    withdrawn_later: list[tuple[Stage, list[tuple[str | None, Table, int]], frozenset[str]]] = []
    for position, stage in enumerate(event.stages):
        if stage.id in incoming:
            field_entries = incoming[stage.id]
        elif position == 0 or not any(s.advance and s.advance.to == stage.id for s in event.stages):
            field_entries = [e for e in event.entries.values() if not e.bye and not e.substitute]
        else:
            field_entries = []  # the stage feeding this one has no results yet
        reseeded: StaleDraw | None = None
        if stage.format == "knockout":  # in seed order (tournament/knockout.py)
            field_entries = seeded_field(event, stage, field_entries, stage.id in incoming, results, problems)
            # Once round 1 is drawn, the field and bracket are the ones drawn (a later correction
            # of the stage seeding it is warned, never redrawn).
            field_entries, reseeded, drawn_from, changes, settings, also = drawn_field(event, stage, field_entries,
                                                                                       results, problems)
            if reseeded:  # who went on is who was drawn: the stage advancing here marks them
                drawn = {e.id for e in field_entries}
                for feeder in (r for r in results if r.stage.advance and r.stage.advance.to == stage.id):
                    ranked_in = {s.entry.id for s in feeder.standings if s.qualified}
                    for standing in feeder.standings:
                        standing.qualified = standing.entry.id in drawn
                    feeder.qualifiers = [s.entry for s in feeder.standings if s.qualified]
                    # who the standings qualify now and the draw left out, and the other way
                    # round: the feeder's page and its qualifier list say so (qualifiers_drawn_note)
                    # as for a Swiss drawn from it, once the knockout is played out too (rev60)
                    feeder.field_kept = [s.entry.id for s in feeder.standings if s.qualified and s.entry.id not in ranked_in]
                    feeder.field_left = [s.entry.id for s in feeder.standings if s.entry.id in ranked_in and not s.qualified]
        result = _run_stage(event, stage, field_entries, problems, state, known, withdrawn_later)
        if stage.format == "knockout" and stage.knockout is not None and stage.knockout.then:
            # Its unplaced entries are placed after the bracket's (`then:`), before prizes are
            # awarded by place below: 前八名 with a bracket of 4.
            ranked = [s for s in result.standings if s.rank is not None]
            result.standings = ranked + placed_after(stage, result.standings, results) + \
                [s for s in result.standings if s.rank is None]
            then = next((r for r in results if r.stage.id == stage.knockout.then), None)
            if result.complete and then is not None and not then.complete:
                # The bracket is over but the stage placing the rest is not: no place after the
                # bracket's yet (placed_after), and the final ranking stops at the bracket's.
                problems.add("knockout-then-incomplete", stage.knockout.then_mark or stage.mark or Mark(
                    event.folder / "event.yaml"), warning=True, id=stage.id, then=then.stage.id,
                    first=len(ranked) + 1)
        if stage.format == "knockout" and reseeded:
            if result.complete:  # (its warning said no more once played out, as a Swiss round's: _stale_draws)
                problems.items[:] = [p for p in problems.items
                                     if not (p.code == "knockout-seeding-changed" and p.params.get("id") == stage.id)
                                     and not (p.code == "qualifiers-advance-changed" and p.params.get("stage") == stage.id)]
            result.stale_draws, result.drawn_from = [reseeded], drawn_from
            result.advance_changed = settings  # (a setting changed, not a result: said so on its page)
            result.settings_also = also  # (a setting changed as well as a result: said after its note)
            result.stale_notes = [({}, changes, (1,))]  # (its round is round 1: said by the note's own words)
        if held.get(stage.id):
            source, changes, stale, result.advance_changed, result.settings_also = held[stage.id]  # (its round 1, drawn on `source`'s standings, as a knockout's)
            result.drawn_from = source
            result.stale_draws = [stale, *result.stale_draws]
            result.stale_notes = [({}, changes, (1,)), *result.stale_notes]
            if result.complete:  # played out as drawn: said on its page, no longer a warning (as a knockout's)
                problems.items[:] = [p for p in problems.items if not (p.code in ("qualifiers-changed", "qualify-tie-field-drawn",
                                                                                  "qualifiers-advance-changed")
                                                                       and p.params.get("stage") == stage.id)]
        if position == 0:
            result.byes = byes
        results.append(result)
        # Qualifiers only from a stage that is over: before that, nobody has qualified yet.
        if stage.advance is not None and result.complete:
            target = next((s for s in event.stages if s.id == stage.advance.to), None)
            drawn = drawn_in_round_one(event, stage.advance.to)
            result.qualifiers = _qualify(result, problems, drawn, target.name if target is not None else stage.advance.to,
                                         # (a knockout seeded by its own list: the list says who plays)
                                         knockout=target is not None and target.format == "knockout"
                                         and (target.knockout is None or target.knockout.seeds is None))
            if result.qualifiers is not None:
                arriving = result.qualifiers + result.byes
                if target is not None and target.format != "knockout" and drawn:
                    arriving, held[target.id] = _field_as_drawn(event, result, target, arriving, drawn, problems)
                incoming[stage.advance.to] = arriving
            else:  # a tie at the cut of a knockout not drawn yet: it waits for the tie to be broken
                result.qualifiers = [s.entry for s in result.standings if s.qualified]
    status = event_status(results)
    everywhere = [(stage, entry_id, table, number) for stage, found, skipped in withdrawn_later
                  for entry_id, table, number in found if entry_id not in skipped]
    for stage, found, skipped in withdrawn_later:
        _report_withdrawn_forfeits(event, stage, found, problems, skipped, everywhere)
    if status == COMPLETE:
        # Prizes, like the champion and the credits, only once every table of every stage is in.
        # An entry that withdrew left the event: no prize (seed 000 十.11). (Every `withdrawn`
        # is a round it was due to play: loading reads one past its stage's last as none, or as
        # the next stage's round 1.)
        withdrew = {e.id for e in event.entries.values() if e.withdrawn is not None}
        for result in results:
            award_prizes(result.standings, result.stage.prizes, withdrew)
            _warn_prize_ties(result, problems)
    credits = credits_roster(event, results) if status == COMPLETE else []
    return EventResult(event, results, credits, status)


def _warn_prize_ties(result: StageResult, problems: Problems) -> None:
    """A tie that runs past the places of the prize its place wins: four teams 1= under a
    first prize of `count: 1` are four champions, and the second prize is given to nobody (their
    places 2-4 are all rank 1). award_prizes gives each tied entry its place's prize, as the rules share
    a place; a secretary who meant one champion must break the tie (a tie-break key, `lot`, or
    `lots:` after a play-off or a drawing on the day), as for a tie at a knockout's cut
    (qualify-tie-knockout). A warning, as that one: the tie may be meant (a shared prize).
    Not a knockout's: its losers of a round share a place by design (two semi-final losers 3=),
    and no key of rank_by breaks that tie."""
    by_place = [p for p in result.stage.prizes if p.count is not None]
    if not by_place or result.bracket is not None or result.stage.format == "knockout":
        return
    ends: dict[int, int] = {}  # each prize's last place (by the prize: two may share a name)
    last = 0
    for prize in by_place:
        last += prize.count or 0
        ends[id(prize)] = last
    ranked = [s for s in result.standings if s.rank is not None]
    for place, group in itertools.groupby(ranked, key=lambda s: s.rank):
        tied = [s.entry.id for s in group]
        prize = prize_of_place(by_place, place) if len(tied) > 1 else None
        if prize is not None and place + len(tied) - 1 > ends[id(prize)]:
            problems.add("prize-tie-over-count", result.stage.mark, warning=True, stage=result.stage.id,
                         prize=prize.name, places=prize.count, count=place, ids=tied, lots=", ".join(tied))


def state_before(event: Event, stage_id: str, number: int) -> dict[str, object]:
    """The game's running counts across the event (大怪路子's violations: the second of the
    event costs a point) as they stand when round `number` of stage `stage_id` is played: every
    table of every round before it, in run_event's order, scored into a fresh state. For a
    preview of one table (the desk's), which must score it as the standings will. A game that
    keeps no such counts (Game.keeps_running_counts) gets an empty state at once: scoring a
    10,000-pair event's earlier rounds at every preview would be for nothing."""
    game = GAMES[event.game]
    state: dict[str, object] = {}
    if not game.keeps_running_counts:
        return state
    for stage in event.stages:
        for round_ in event.rounds.get(stage.id, []):
            if stage.id == stage_id and round_.number >= number:
                break
            for table in round_.tables:
                _score(game, event, table, round_.number, stage, state)
        if stage.id == stage_id:
            break
    return state


def event_status(stages: list[StageResult]) -> str:
    """scheduled: no table has a result; complete: every stage is; in progress otherwise."""
    if stages and all(s.complete for s in stages):
        return COMPLETE
    return IN_PROGRESS if any(s.has_results for s in stages) else SCHEDULED


def rounds_played(scored: list[RoundResult]) -> int:
    """Rounds fully played, counted from round 1 and stopping at the first that is not (a round
    partly entered, or not written yet): the standings are "after round N" of these."""
    played = 0
    by_number = {r.number: r for r in scored}
    while played + 1 in by_number and by_number[played + 1].complete:
        played += 1
    return played


def stage_status(stage: Stage, scored: list[RoundResult], played: int) -> str:
    """complete: every round the stage declares is fully played; scheduled: no table has a
    result (a draw alone is none); in progress otherwise."""
    if played >= stage.rounds:
        return COMPLETE
    return IN_PROGRESS if any(r.has_counted for r in scored) else SCHEDULED


def _run_stage(event: Event, stage: Stage, field_entries: list[Entry], problems: Problems,
               state: dict[str, object], known: ScoredTables | None = None,
               withdrawn_later: list[tuple[Stage, list[tuple[str | None, Table, int]], frozenset[str]]] | None = None,
               ) -> StageResult:
    game = GAMES[event.game]
    rounds = event.rounds.get(stage.id, [])
    in_field = {e.id for e in field_entries}
    scored: list[RoundResult] = []
    withdrawn_played: list[tuple[str | None, Table, int]] = []  # results written for a withdrawn entry
    withdrawn_tables: dict[int, list[Table]] = {}  # round -> its tables of two sides, one withdrawn by then
    withdrawn_forfeits: list[tuple[str | None, Table, int]] = []  # drawn before a withdrawal: unplayed; a later forfeit or double forfeit
    # A pairs movement's tables with a withdrawn pair: the boards the movement gives each, which
    # its opponent is scored on (Game.score_walked_out).
    walked_out = walked_out_boards(event, stage, field_entries, rounds) if stage.format == "pairs" else {}
    averaged: set[tuple[int, int]] = set()  # (round, table) of those scored so (its opponent's average-plus)
    # No entry withdrawn (the usual event): no table has a side withdrawn, and its 17,500 tables
    # of a mass event are not each asked so.
    withdrawing = any(entry.withdrawn is not None for entry in event.entries.values())
    not_qualified = _not_qualified_reason(event, stage, rounds)
    not_in_stage: set[str] = set()
    sat_out_later: list[tuple[str, Table, int]] = []  # a withdrawn pair's sit-out line after its withdrawal
    for round_ in rounds:
        for table in round_.tables:
            for entry_id in table.sides:
                entry = event.entries[entry_id]
                if entry.substitute or entry_id in in_field:
                    continue
                if entry.bye and stage is event.stages[0]:
                    problems.add("entry-bye-played", table.mark or entry.mark, id=entry_id, stage=stage.id)
                elif field_entries:
                    not_in_stage.add(entry_id)
                    problems.add("entry-not-in-stage", table.mark or entry.mark, id=entry_id, stage=stage.id,
                                 reason=not_qualified)
        scores = []
        unplayed = []
        for t in round_.tables:
            # A table with a side withdrawn by this round is scored again, never taken as before:
            # its score depends on the entries' `withdrawn`, which ScoredTables does not look at.
            gone = withdrawn_sides(event, stage.id, t, round_.number) if withdrawing else []
            score = known.get(t, stage, round_.number) if known is not None and not gone else None
            seated = walked_out.get((round_.number, t.number)) if gone and len(t.sides) == 2 else None
            scores.append(score if score is not None else _score(game, event, t, round_.number, stage, state,
                                                                 gone, withdrawn_played, withdrawn_forfeits, seated))
            if gone and len(t.sides) == 1 and stage.format == "pairs" \
                    and _drawn_after_withdrawal(event, stage, gone[0], round_.number):
                sat_out_later.append((gone[0], t, round_.number))
            if gone and len(t.sides) == 2:
                unplayed.append(t.number)
                # (its boards short by design, unless its opponent is scored on them: average-plus,
                # a table of both pairs; the opponent's sit-out is a table of one, its withdrawn
                # pair named all the same)
                if "withdrawn" not in scores[-1].extra or len(scores[-1].table.sides) != 2:
                    withdrawn_tables.setdefault(round_.number, []).append(t)
                else:
                    averaged.add((round_.number, t.number))
        # (a table of a withdrawn side waits for no result: a knockout's of two is left as drawn;
        # a table with boards of the round still to enter waits for them, Game.boards_short)
        gone_tables = set(unplayed)  # (looked up at each table: a list made a mass round's withdrawals quadratic)
        scored.append(RoundResult(round_.number, scores, [s.table.number for s in scores
                                                          if waits(game, stage, s) and s.table.number not in gone_tables],
                                  unplayed=unplayed))
    _report_withdrawn_played(event, stage, withdrawn_played, problems, averaged)
    _report_sat_out_later(event, stage, [found for found in sat_out_later if found[0] not in not_in_stage], problems)
    # (an entry not in the stage at all has its error there, entry-not-in-stage: no second,
    # conflicting fix for the same table)
    if withdrawn_later is None:
        _report_withdrawn_forfeits(event, stage, withdrawn_forfeits, problems, not_in_stage)
    else:  # (run_event's: said once every stage is scored, a later stage's tables known)
        withdrawn_later.append((stage, withdrawn_forfeits, frozenset(not_in_stage)))
    # Games that compare boards across the field (pairs matchpoints) score the stage as a whole,
    # once every table is scored and before the tally; the boards withdrawn pairs' tables do
    # not play are short by design, not a table left out.
    short = unplayed_boards(event, stage, field_entries, withdrawn_tables) if stage.format == "pairs" else {}
    if stage.format == "pairs":  # and, while the session goes on, the results still to be entered
        for board, count in boards_to_come(event, stage, field_entries, scored).items():
            short[board] = short.get(board, 0) + count
        # (and where the movement seats each board: a board short is warned at the table left out)
        # (and how many tables play each board: not every board alike, a Mitchell with a sit-out)
        short = ShortByDesign(short, lambda: board_seats(event, stage, field_entries, rounds),
                              lambda: seated_tables(event, stage, field_entries, rounds))
    # The rounds the standings count are scored among themselves: a board of a Howell travels
    # on into the round partly entered, whose results must move no figure "after round N".
    played = rounds_played(scored)
    game.score_field(stage, scored, problems, short, played)
    if stage.format == "knockout":
        return run_knockout(game, event, stage, field_entries, scored, played, problems)
    # Each side at a table -> the first round it sits at one: who is late, who never played and
    # who is missing from a draw all read it (made once: 12,000 seats at 1,000 tables, 6 rounds)
    first = first_rounds(rounds)
    late = _late_entries(stage, rounds, field_entries, first)
    if rounds:
        playing = first.keys()
        # A late entry of a stage still being drawn is expected (event-day.md): it is drawn from
        # the next round. Once every round is drawn, an entry that never played is a mistake.
        still_drawing = len(rounds) < stage.rounds
        # A pairs stage's late pair that its movement seats in a round still to draw: late, said
        # so (pairs-late-entry), not told to have its table added or to be removed.
        awaited = _pairs_awaited(event, stage, rounds, field_entries) if stage.format == "pairs" and still_drawing else {}
        # One it has no seat for: said as pair will refuse it, which to keep and what to do, not
        # told to be removed beside pair's word to keep it (pair-late-several).
        refused = (late_refusal(event, stage, field_entries, bool(scored) and max(scored, key=lambda r: r.number).drawn_only)
                   if stage.format == "pairs" and still_drawing else None)
        if refused is not None:
            awaited = {**awaited, **late_pairs(event, stage, field_entries)}
            first_late = event.entries[str(refused.params["ids"]).split(", ")[0]]  # (the pair refused, not one seated)
            problems.add(refused.code, first_late.mark or Mark(event.folder), warning=True, **refused.params)
        # (a pair withdrawn before it first played is no pair of the movement, movement_field: no table
        # is missing it, whatever round it withdrew from)
        drawn = {e.id for e in movement_field(event, stage, field_entries)} if stage.format == "pairs" else None
        # Round 1's sit-out whose line was left out (pairing._sit_out_unwritten: no late pair), at
        # no table yet while the stage is drawn: its movement seats it from round 2, nothing to add
        # or remove (rev112 D3: a Howell's or a barometer's A01 was told to be removed).
        unwritten = ({pair for pair in drawn if pair not in playing} - late_pairs(event, stage, field_entries).keys()
                     if drawn is not None and still_drawing else set())
        for entry in field_entries:
            if (entry.id not in playing and not entry.withdrawn_by(1, stage.id) and not (entry.id in late and still_drawing)
                    and entry.id not in awaited and entry.id not in unwritten and (drawn is None or entry.id in drawn)):
                problems.add("entry-not-played", rounds[0].tables[0].mark if rounds[0].tables else entry.mark,
                             warning=True, id=entry.id, stage=stage.id, file=event.entries_file(entry))
        if stage.format == "pairs":
            _warn_pairs_late(event, stage, rounds, field_entries, problems)
            _warn_pairs_grown(event, stage, rounds, field_entries, problems)
            _warn_pairs_again(game, event, stage, rounds, field_entries, problems)
        if late and stage.late_options is None:
            _warn_late_byes(game, event, stage, late, {e.id for e in field_entries
                                                       if e.id in playing or still_drawing}, problems)
    early = _swiss_rounds_before_played(rounds, scored, problems) if stage.format == "swiss" else set()
    if stage.format in ("swiss", "round_robin"):
        check_draws(rounds, scored, field_entries, problems, stage.id, early, first)
    if stage.format == "round_robin":
        _warn_partial_robin(stage, field_entries, problems)
    _warn_match_length_unsaid(game, event, stage, rounds, problems)
    counted = scored[:played]  # rounds_played counts from round 1 without a gap: the first `played`
    _score_late(game, stage, late, counted, state)
    primary = primary_metric(stage.rank_by, game.metrics_for(stage)[0])
    tallies = stage_tallies(game, stage, field_entries, counted, primary)
    lots = lot_order(tallies, stage.lots, event.draw_seed, f"{event.slug}/{stage.id}")
    standings = _rank(game, stage, tallies, counted, lots, _joined(event, stage, field_entries, late)) if played else []
    result = StageResult(stage, field_entries, scored, standings, lots=lots, primary=primary,
                         draw_rules=draw_rules(stage, primary, event.game, _robin_by_hand(event, stage, field_entries, rounds),
                                              any(e.substitute for e in event.entries.values()), len(field_entries)),
                         rounds_played=played,
                         status=stage_status(stage, scored, played), late=late)
    if stage.format == "swiss":
        result.stale_draws = _stale_draws(game, event, result, rounds, problems, known)
    return result


def _not_qualified_reason(event: Event, stage: Stage, rounds: list[Round]) -> dict[str, str]:
    """What entry-not-in-stage tells of an entry drawn that did not qualify. A Swiss or round
    robin qualified into whose round 1 records no field `pair` drew (drawn by hand, or by a
    paibang before `pair` recorded it): the names fixed to the qualifiers', or the stage drawn
    again. Never a # draw-order: line to write by hand: its made-up figures are no record of a
    draw from the qualifiers (_recorded_field), and rev44 found the line given here hid a team
    written by mistake and published a correction that never was."""
    first = next((r for r in rounds if r.number == 1), None)
    fed = any(s.advance is not None and s.advance.to == stage.id for s in event.stages)
    if first is None or not fed or stage.format not in ("swiss", "round_robin"):
        return catalogues.word("not_qualified_reason")
    return catalogues.word("not_qualified_drawn_reason", stage=stage.id)


def _warn_partial_robin(stage: Stage, field_entries: list[Entry], problems: Problems) -> None:
    """A round robin declaring fewer rounds than its field needs to meet every other once
    (`rounds: 4` for 12 teams): a secretary may mean it (a day too short), so a warning, not an
    error; but the stage is then ranked after those rounds while most pairs of entries never
    met, which it was not read as (the draw notes and the stage page say it as a partial round
    robin: pairing.draw_rules)."""
    full = robin_full_rounds(len(field_entries))
    if stage.rounds < full:
        problems.add("round-robin-partial", stage.mark, warning=True, stage=stage.id,
                     count=len(field_entries), rounds=stage.rounds, full=full)


def _warn_match_length_unsaid(game: Game, event: Event, stage: Stage, rounds: list[Round], problems: Problems) -> None:
    """stage-match-length-unsaid: a stage saying no `boards` whose matches are longer than the
    game's (bridge teams of 16 boards, the game's 8) has its round pages laid out for the game's
    (page_sizes.planned_boards: 50 matches a page), and a page of its largest round would pass
    PAGE_BOARDS boards' rows (50 matches of 16 boards, 800 rows: 1 MB). Said, with `boards: 16`
    to write, rather than the pages sized by the boards written: at the draw none is, and the
    first match entered would move the round's later tables to other pages (rev100's defect),
    where `boards:` written lays the pages out from the draw on (and the sheets list 16).

    The matches' length is their usual one (usual_match_length), not the longest: one stray 9th
    board typed at one table of 50 matches of 8 said "write boards: 9", which would have 49
    matches wait for a board 9. A page's rows are counted as the page would show them: its
    tables in the round's order, page_sizes.tables_a_page of them, each match its boards
    written, one not entered yet (or half entered) the usual length."""
    planned = page_sizes.planned_boards(game, stage)
    if stage.boards or planned <= 0 or not rounds:
        return
    usual = usual_match_length([len(game.written_boards(stage, table)) for round_ in rounds for table in round_.tables])
    if usual <= planned:
        return
    a_page = page_sizes.tables_a_page(planned)
    tables, rows = 0, 0
    for round_ in rounds:
        for first in range(0, len(round_.tables), a_page):
            page = round_.tables[first:first + a_page]
            shown = sum(max(len(game.written_boards(stage, table)), usual) for table in page
                        if len(table.sides) == 2 and table.forfeit is None and not table.both_forfeit)
            if shown > rows:
                tables, rows = len(page), shown
    if rows > page_sizes.PAGE_BOARDS:
        problems.add("stage-match-length-unsaid", stage.mark or Mark(event.folder / "event.yaml"), warning=True,
                     stage=stage.id, boards=usual, default=planned, tables=tables, rows=rows)


def usual_match_length(lengths: Iterable[int]) -> int:
    """The usual length of a stage's matches, from the boards each match entered so far wrote
    (0: none yet, not counted): the most common, the longer of two as common (a stage half
    entered at 16 boards, half at 8, is one of 16 whose matches are half entered); 0 where
    none is entered."""
    counts: dict[int, int] = {}
    for length in lengths:
        if length > 0:
            counts[length] = counts.get(length, 0) + 1
    return max(counts, key=lambda length: (counts[length], length), default=0)


def _robin_by_hand(event: Event, stage: Stage, field: list[Entry], rounds: list[Round]) -> str:
    """Whether a round robin's rounds were written by hand, not from the Berger table
    (pairing.robin_schedule), for its draw rules to say so: "completing" while rounds are left
    (pair completes them), "written" once every round is; "" when they follow the table."""
    if stage.format != "round_robin" or not rounds:
        return ""
    written = robin_written([[t.sides for t in r.tables] for r in sorted(rounds, key=lambda r: r.number)],
                            [e.id for e in event.entries.values() if e.substitute])
    numbers = robin_numbers(event, stage, [e.id for e in field])
    schedule = berger_rounds(numbers)
    if follows_schedule(schedule, written):
        return ""
    return "written" if len(written) >= min(stage.rounds, len(schedule)) else "completing"


def _rank(game: Game, stage: Stage, tallies: dict, counted: list[RoundResult], lots: dict[str, int],
          joined: Mapping[str, int]) -> list[Standing]:
    """The standings of `tallies`. `joined`: each late entry's first round (_joined)."""
    two_only = game.head_to_head_two_only(stage)
    # An entry withdrawn from a round after the next one still plays that next round: the
    # standings after round 1 of a `withdrawn: 3` are those of an entry in the event, not 退赛
    # (Standing.withdraws_later), nor put after the others of its tie.
    played = max((r.number for r in counted), default=0)
    later = {entry_id for entry_id, tally in tallies.items()
             if (since := tally.entry.withdrawn_from(stage.id)) is not None and since > played + 1}
    withdrew = {entry_id for entry_id, tally in tallies.items()
                if tally.entry.withdrawn_in(stage.id) and entry_id not in later}
    short = withdrawn_under_half(game, stage, [tallies[entry_id].entry for entry_id in withdrew], joined) if withdrew else set()
    standings = rank(tallies.values(), stage.rank_by, lots, two_only, withdrew, short)
    # A game may rank its field in groups (bridge pairs: NS and EW ranked apart).
    # Each ranked with its field's name, which the pages, the printed standings and results.json
    # say: two rank 1s under one caption did not say who won what.
    groups = game.fields(stage, counted)
    if groups:
        grouped = {entry for group in groups.values() for entry in group}
        standings = [replace(standing, field=name)
                     for name, group in [*groups.items(), (None, [e for e in tallies if e not in grouped])]
                     for standing in rank([tallies[e] for e in group if e in tallies], stage.rank_by, lots, two_only,
                                          withdrew, short)]
    if later:
        standings = [replace(standing, withdraws_later=True) if standing.entry.id in later else standing
                     for standing in standings]
    return standings


def withdrawn_under_half(game: Game, stage: Stage, withdrawn: Iterable[Entry], joined: Mapping[str, int]) -> set[str]:
    """The ids of `withdrawn` (marked 退赛 in the standings) not to be ranked: in a stage
    ranked first by an average over the boards played (Metric.per_board: a pairs percentage),
    one that took part in under half the stage's rounds. Its percentage is over a few boards (an
    80分 pair's 100 % after its one round ranked it 1st), and the referee's rule for it is
    the EBU White Book's (2.4.4-2.4.5: a pair withdrawing before half-way is not ranked, one
    after it is, on the boards it played). Totals (VPs, IMPs, Guandan's points) stop growing
    with the withdrawal: nothing to do there.

    Judged by rounds, not boards: an entry withdrawn from round N took part in rounds 1 to N-1
    (from its first, `joined`, when late: event-day.md), a sit-out, a bye, an opponent's
    withdrawal or boards not played (np) among them counting as rounds it was there for, and is
    unranked when that is under half the stage's rounds (exactly half is ranked). Known from
    the withdrawal alone, the verdict is the same in the first standings marking it 退赛 as in
    the final ones, and the same in every game. Boards counted so far (plus a default for the
    rounds to come) flipped it: a stage without `boards:` counted a team match's 8 boards a
    round to come, an odd field's sit-out or an 80分 opponent's bye table (0 boards) took boards
    off, so a pair unranked partway came 4th or 7th at the end. With rounds of equal boards this
    is the EBU's half the boards; with unequal ones it can differ from a board count. The
    stage's standings (_rank) and a barometer's after each round (tournament/after_rounds.py)
    both ask it."""
    if not ranks_by_percentage(game, stage):
        return set()
    short = set()
    for entry in withdrawn:
        since = entry.withdrawn_from(stage.id)
        took_part = max((since or 1) - joined.get(entry.id, 1), 0)  # (`withdrawn: true`: 1, none)
        if 2 * took_part < stage.rounds:
            short.add(entry.id)
    return short


def ranks_by_percentage(game: Game, stage: Stage) -> bool:
    """Whether `stage` is ranked first by an average over the boards played (Metric.per_board):
    where a withdrawn entry that took part in under half its rounds is not ranked (withdrawn_under_half)."""
    first = game.metrics.get(stage.rank_by[0]) if stage.rank_by else None
    return first is not None and first.per_board


def _joined(event: Event, stage: Stage, field_entries: list[Entry], late: Mapping[str, list[int]]) -> dict[str, int]:
    """The round each late entry of the stage first took part in (event-day.md), for withdrawn_under_half
    to count a withdrawn one's rounds from: a pairs stage's late pairs (pairing.late_pairs, a
    sit-out line left out of round 1 not taken for lateness), a Swiss or round robin's the round
    after those it missed (_late_entries). Worked out only when an entry withdrew from the stage."""
    if not any(entry.withdrawn_in(stage.id) for entry in field_entries):
        return {}
    if stage.format == "pairs":
        return late_pairs(event, stage, field_entries)
    return {entry_id: max(missed) + 1 for entry_id, missed in late.items() if missed}


def standings_before(event: Event, result: StageResult, number: int) -> list[Standing]:
    """The standings round `number` was drawn on: after the rounds before it fully played (from
    round 1 without a gap), ranked as the stage ranks them. A draw notice printed again once
    later rounds are in says "drawn on the standings after round N-1" and must show those, not
    today's. The stage's own standings when they count those very rounds (the usual case: the
    round drawn next); none before round 2."""
    before = [r for r in result.rounds if r.number < number]
    played = rounds_played(before)
    if played == result.rounds_played:
        return result.standings
    if not played:
        return []
    game = GAMES[event.game]
    counted = sorted((r for r in before if r.number <= played), key=lambda r: r.number)
    tallies = stage_tallies(game, result.stage, result.field, counted, result.primary)
    return _rank(game, result.stage, tallies, counted, result.lots, _joined(event, result.stage, result.field, result.late))


def withdrawn_sides(event: Event, stage_id: str, table: Table, number: int) -> list[str]:
    """The table's sides withdrawn by this round (Entry.withdrawn_by), in every format:
    event-day.md defines the withdrawal for a Swiss or round robin; a knockout's walkover
    follows from it, a `matches` stage's rounds (its files) are rounds as a Swiss's are, and a
    pairs movement's rounds too (_score says what each makes of the withdrawn sides)."""
    return [side for side in table.sides if side in event.entries and event.entries[side].withdrawn_by(number, stage_id)]


def _score(game: Game, event: Event, table: Table, number: int, stage: Stage, state: dict[str, object],
           gone: list[str] | None = None, withdrawn_played: list[tuple[str | None, Table, int]] | None = None,
           withdrawn_forfeits: list[tuple[str | None, Table, int]] | None = None,
           boards: tuple[int, ...] | None = None) -> TableScore:
    """One table; a match against an entry that had withdrawn before this round is the withdrawn
    entry's forfeit (a round robin's schedule keeps meeting it: event-day.md; a knockout's
    bracket too: a walkover, the opponent goes through). A withdrawn entry plays no round from
    its withdrawal on, so a result written for it there is not counted: the match is still its
    forfeit, a bye gives it nothing, and the result is listed in `withdrawn_played` (an error,
    _report_withdrawn_played) rather than taken silently. A match left without a result, drawn
    before the withdrawal was written, is listed in `withdrawn_forfeits` (a warning: counted as
    the forfeit the table's sheet does not say, _report_withdrawn_forfeits)."""
    if gone is None:
        gone = withdrawn_sides(event, stage.id, table, number)
    if not gone:
        return against_substitutes(game, event, stage, game.score_table(table, stage, state))
    said = bool(table.forfeits) or table.winner is not None  # the sheet says what the table is
    as_written = table  # (its own forfeit cleared below: the one a warning names keeps it)
    if table.forfeit in gone:
        # Its forfeit written: the withdrawal itself, so the table is what it is left as drawn
        # (a match its forfeit, kept ranked; a pairs table its opponent's sit-out), no error.
        table = replace(table, forfeit=None)
    # The table as written, scored into a scratch state only to see what was written there (a
    # game's running counts, 大怪路子's violations, would count it twice): the table is then
    # scored once into the event's state as what it is, below.
    score = game.score_table(table, stage, {})
    if stage.format == "pairs":
        return _score_pairs_withdrawn(game, table, stage, state, score, gone, number, withdrawn_played, boards)
    if len(table.sides) == 1:  # a bye for an entry that plays no round: no score, no win
        if withdrawn_played is not None:
            withdrawn_played.append((gone[0], table, number))
        return replace(score, sides=[], winner=None)
    # A record, a forfeit of its opponent, or a knockout's `winner:` naming it (written alone, it
    # says who went through) is a result for it. A `winner:` naming its opponent agrees with the
    # walkover: no error; either way the walkover decides, not the `winner:` (cleared, so that the
    # knockout does not also call it a winner the result contradicts).
    played = not is_pending(score) or table.winner in gone
    if table.both_forfeit:
        # Guandan's double forfeit (`forfeit: [T17, T29]`: neither came) says of the withdrawn
        # side what its withdrawal says, that it did not come: no result for it. Both withdrawn:
        # the table that is not (entry-withdrawn-both, below). One: the table as written, a loss
        # for each (its opponent did not come either, the referee's decision), not the withdrawn
        # side's forfeit, which would give its opponent a win nobody saw. In the round it withdrew
        # from (drawn before `withdrawn:` was written), or in a round robin's schedule, that is
        # all; in a later round of a stage drawn round by round the table should not be there
        # (pair never draws it): a warning naming both fixes (_report_withdrawn_forfeits).
        if len(gone) == 2:
            played = False
        else:
            if _drawn_after_withdrawal(event, stage, gone[0], number) and withdrawn_forfeits is not None:
                withdrawn_forfeits.append((gone[0], table, number))
            return _ranked_after_withdrawal(game.score_table(table, stage, state), gone)
    if played and withdrawn_played is not None:
        withdrawn_played.extend((side, table, number) for side in gone)
    if len(gone) == 2:
        # Both sides withdrawn: nobody plays the table, so it counts for neither; scored as the
        # first one's forfeit it gave the other a win after it withdrew. A knockout's, drawn
        # before both withdrew and left as drawn, is its void match (knockout._decide_unplayed:
        # nobody goes on), no error; elsewhere `pair` writes none, and one left as drawn, or its
        # forfeit written, is a table that is not: an error (None in `withdrawn_played`,
        # entry-withdrawn-both). A result written there is already one, for each.
        if stage.format == "knockout":  # (`void` for pages and results.json: not a match still to play)
            return replace(score, sides=[], winner=None, extra={**score.extra, "void": True})
        if not played and withdrawn_played is not None:
            withdrawn_played.append((None, table, number))
        return replace(game.score_table(replace(table, forfeit=gone[0], winner=None), stage, {}), sides=[],
                       winner=None)
    score = _ranked_after_withdrawal(game.score_table(replace(table, forfeit=gone[0], winner=None), stage, state),
                                     gone)
    # Nothing written and a win made of it: said. (Where a table's winner counts for nothing,
    # Game.substitutes_decide, bridge's total points, the game says what it makes of the seat
    # itself: bridge-seat-unplayed.)
    if not played and not said and score.winner is not None and game.substitutes_decide(stage) \
            and withdrawn_forfeits is not None:
        withdrawn_forfeits.append((gone[0], table, number))
    # Its forfeit written (`forfeit: T03`) in a round after the one it withdrew from, of a stage
    # drawn round by round: as the double forfeit above, a table no draw made after the
    # withdrawal has (pair never draws it), and it gives its opponent a win. A warning, as the
    # double forfeit's is, not an error: the table counts as written, which may be what happened
    # (the round was drawn, then `withdrawn:` written a round too early; or the referee let the
    # forfeit stand), and the build goes on; the warning says which fix fits
    # (entry-withdrawn-forfeit-later). In the round it withdrew from (drawn before `withdrawn:`
    # was written) or in a round robin's schedule the forfeit is the withdrawal: silent.
    elif as_written.forfeit == gone[0] and not played and score.winner is not None \
            and game.substitutes_decide(stage) and withdrawn_forfeits is not None \
            and stage.format in ("swiss", "matches") and _drawn_after_withdrawal(event, stage, gone[0], number):
        withdrawn_forfeits.append((gone[0], as_written, number))
    return score


def drawn_after_withdrawal(event: Event, stage: Stage, entry_id: str, number: int) -> bool:
    """Whether a withdrawn entry's table in round `number` of `stage` is one `check` warns of
    however it is written, but for `withdrawn:` moved to this round: a Swiss's or a `matches`
    stage's round drawn after the withdrawal (entry-withdrawn-forfeit-later, -drawn-later). The
    desk's form says so (forms.TableSpot.later) rather than ask for the forfeit written."""
    return stage.format in ("swiss", "matches") and _drawn_after_withdrawal(event, stage, entry_id, number)


def _drawn_after_withdrawal(event: Event, stage: Stage, entry_id: str, number: int) -> bool:
    """Whether round `number` of `stage` is one the entry's withdrawal is before (a later round
    than the one it withdrew from, or any round of a stage after the one it withdrew in), in a
    stage drawn round by round (not a round robin's schedule, drawn in advance): a round `pair`
    drew without it, so a table of it there is a slip of the draw or of `withdrawn:`."""
    if stage.format == "round_robin":
        return False
    entry = event.entries[entry_id]
    since = entry.withdrawn_from(stage.id) or number
    # (withdrawn in a stage before this one: every round of this one is later, its round 1
    # too, which withdrawn_from gives as the first it does not play: rev82)
    earlier = entry.withdrawn_stage not in (None, stage.id)
    return number > since or earlier


def against_substitutes(game: Game, event: Event, stage: Stage, score: TableScore) -> TableScore:
    """A match against a substitute (`substitute: true`, never ranked) is decided as any other,
    unless the game says the entry's own score is all that counts there (Game.substitutes_decide:
    bridge's total points): then nobody wins it, and the table says whom it was played against
    (`substitute` in its extra: the pages' note, the entry's outcome, results.json)."""
    sides = score.table.sides
    if len(sides) != 2 or not any(event.entries[s].substitute for s in sides if s in event.entries) \
            or game.substitutes_decide(stage):
        return score
    substitute = next(s for s in sides if s in event.entries and event.entries[s].substitute)
    return replace(score, winner=None, extra={**score.extra, "substitute": substitute})


def _ranked_after_withdrawal(score: TableScore, gone: list[str]) -> TableScore:
    """A withdrawn entry's forfeit is its withdrawal, not a disqualification: a game whose
    forfeit puts the side out of the ranking (bridge's seed tables and pairs, 80分 pairs:
    SideScore.disqualified, seed 000 十.1 取消其参赛资格) keeps a withdrawn side ranked, since
    "Standings keep it, marked 退赛" (event-day.md); its earlier results stand."""
    for side in score.sides:
        if side.entry in gone:
            side.disqualified = False
    return score


def _score_pairs_withdrawn(game: Game, table: Table, stage: Stage, state: dict[str, object], score: TableScore,
                           gone: list[str], number: int,
                           withdrawn_played: list[tuple[str | None, Table, int]] | None,
                           boards: tuple[int, ...] | None = None) -> TableScore:
    """A pairs movement's table with a pair withdrawn by this round: the pair plays no board
    from then on, so its opponent sits out the round, scored as a sit-out in an odd field is
    (nothing for those boards: its percentage is over the boards it played; content-format.md),
    and the withdrawn pair scores nothing. Boards written there (or a forfeit of its opponent)
    are a result for it in a round it does not play: listed in `withdrawn_played`, and compared
    with no other table's. A withdrawn pair's own sit-out is nothing to report. The withdrawn
    pair keeps the boards it played and is ranked by its percentage on them, marked 退赛 (the
    percent metric's explanation on the standings says so): "earlier results stand" and
    "standings keep it" (event-day.md) as a sit-out is scored; it is not put last.

    A table no pair plays, its pairs all withdrawn (one sitting alone, or two drawn against each
    other), names them (`withdrawn_pairs`): the round's page said "本轮轮空" under a withdrawn
    pair's sit-out as under anyone's, and under two withdrawn pairs' table, scored with no side,
    with no one to say it of; the draw notice left that table out (pairing.drawn_sides)."""
    if len(table.sides) == 1:
        return replace(score, extra={**score.extra, "withdrawn_pairs": list(gone)})
    staying = [side for side in table.sides if side not in gone]
    # Average-plus (or what the game gives) to the opponent, nothing to the pair that walked out
    # (Game.score_walked_out): written as such, adjusted scores alone, it is no result for the
    # withdrawn pair, so no error.
    walked_out = game.score_walked_out(table, stage, state, staying[0], gone[0], boards) \
        if len(staying) == 1 and boards is not None else None
    if not is_pending(score) and withdrawn_played is not None and not game.adjusted_only(table):
        withdrawn_played.extend((side, table, number) for side in gone)
    if walked_out is not None:
        return walked_out
    scored = game.score_table(replace(table, sides=staying, forfeit=None), stage, state)
    # Scored as the opponent's sit-out, it is still the table the movement drew (table 5, P05
    # against P12, as the draw notice lists it): the withdrawn pair is named, as bridge's
    # average-plus table names it (results.json's `withdrawn`), so that the pages name the
    # table as drawn (pairing.drawn_sides), not as an odd field's sit-out.
    if not staying:
        return replace(scored, extra={**scored.extra, "withdrawn_pairs": list(table.sides)})
    return replace(scored, extra={**scored.extra, "withdrawn": gone[0]}) if len(staying) == 1 else scored


def _report_withdrawn_forfeits(event: Event, stage: Stage, forfeits: list[tuple[str | None, Table, int]],
                               problems: Problems, not_in_stage: frozenset[str] | set[str] = frozenset(),
                               everywhere: list[tuple[Stage, str | None, Table, int]] | None = None) -> None:
    """A match drawn before its entry withdrew (`withdrawn: 5` written after round 5 was drawn)
    and left without a result is that entry's forfeit (event-day.md: its opponent gets the
    stage's forfeit result), as standings and pages count it. A warning at the entry's id on the
    table, so that the file says what the desk says (nothing to enter), and what it counts as:
    a win nobody typed, and a slip (the wrong entry marked withdrawn, the wrong round) would be
    counted so without a word. Listed there too: a double forfeit (Guandan's, neither came) with
    the entry in a round after the one it withdrew from, of a stage drawn round by round, which
    no draw made after the withdrawal has (entry-withdrawn-double-forfeit): counted as written,
    a loss for its opponent, and the warning says which fix fits (the withdrawal's round moved
    to that one, or only the withdrawn entry's forfeit written, a win for its opponent); and so
    the withdrawn entry's own forfeit written there (entry-withdrawn-forfeit-later): counted as
    written, a win for its opponent, the fixes the withdrawal's round moved or the result kept.
    `everywhere`: every stage's such tables (run_event's), of which the one value that clears them
    all is found: a withdrawal in stage pre with later tables in pre and in main is cleared by the
    last of main's (pre's forfeits are then ordinary ones), not by one value a stage."""
    ids = [s.id for s in event.stages]
    of_stage = catalogues.word("withdrawn_of_stage", stage=stage.id) if len(ids) > 1 else ""
    # One entry's tables in rounds drawn after its withdrawal (`withdrawn: 2`, yet rounds 3 and 4
    # have it): each warning names them all and the one value that clears every one, the last of
    # them (moved to 3, round 4's table is later still; at 4, round 3's forfeit is an ordinary
    # no-show forfeit, counted the same, and its table left without a result waits for one).
    order = {s.id: i for i, s in enumerate(event.stages)}
    if everywhere is None:
        everywhere = [(stage, *found) for found in forfeits if found[0] not in not_in_stage]
    # (stage's place, round) of each; its tables in rounds before the withdrawal's left as drawn too
    later: dict[str, list[tuple[int, int, Stage, Table]]] = {}
    drawn_before: dict[str, list[tuple[int, int, Stage, Table]]] = {}
    for in_stage, entry_id, table, number in everywhere:
        if entry_id is None:
            continue
        at_round = (order.get(in_stage.id, 0), number, in_stage, table)
        if table.both_forfeit or table.forfeit == entry_id or drawn_after_withdrawal(event, in_stage, entry_id, number):
            later.setdefault(entry_id, []).append(at_round)
        else:
            drawn_before.setdefault(entry_id, []).append(at_round)
    for entry_id, table, number in forfeits:
        if entry_id is None or entry_id in not_in_stage:
            continue
        entry = event.entries[entry_id]
        written = entry.withdrawn_mark or entry.mark
        where = f"{written.file.name}:{written.line}" if written is not None else event.entries_file(entry)
        opponent = next(side for side in table.sides if side != entry_id)
        at = table.side_marks[table.sides.index(entry_id)] if len(table.side_marks) == len(table.sides) else table.mark
        since, since_stage = _withdrawn_as_written(event, stage, entry, of_stage)
        if any(t is table for *_, t in later.get(entry_id, ())):  # a later round's table (_score)
            rounds = sorted({(place, n): s for place, n, s, _ in later[entry_id]}.items(), key=lambda item: item[0])
            (_, last), last_stage = rounds[-1]
            spanned = len({s.id for _, s in rounds}) > 1
            # the withdrawal moved to that round, as it is written: `withdrawn: 3`, or in an event
            # of stages `withdrawn: {stage: main, round: 1}` (a round number alone is another stage's)
            written = f"{{stage: {last_stage.id}, round: {last}}}" if len(ids) > 1 else str(last)
            last_of_stage = catalogues.word("withdrawn_of_stage", stage=last_stage.id) if len(ids) > 1 else ""
            code = ("entry-withdrawn-double-forfeit" if table.both_forfeit
                    else "entry-withdrawn-forfeit-later" if table.forfeit == entry_id else "entry-withdrawn-drawn-later")
            # Tables before that round left as drawn (the round it withdrew from too, an earlier
            # stage's too) then wait for a result: said so, with the forfeit to write there.
            unwritten = sorted({(place, n): s for place, n, s, t in [*later[entry_id], *drawn_before.get(entry_id, ())]
                                if (place, n) < rounds[-1][0] and not t.both_forfeit
                                and t.forfeit != entry_id}.items(), key=lambda item: item[0])
            waiting = ""
            # (one round said as one: "in round 1", "in round 2 of stage pre", not "in each of
            # these rounds (1)", English's plural round a bare number)
            one_round = len(unwritten) == 1
            if unwritten and (spanned or any(s is not last_stage for _, s in unwritten)):
                waiting = catalogues.word("withdrawn_later_unwritten_stages_one" if one_round
                                          else "withdrawn_later_unwritten_stages", id=entry_id,
                                          rounds=_rounds_of_stages(unwritten))
            elif unwritten:
                waiting = catalogues.word("withdrawn_later_unwritten_one" if one_round
                                          else "withdrawn_later_unwritten", id=entry_id, rounds={
                    loc: catalogues.series(loc, (n for (_, n), _ in unwritten)) for loc in LOCALES})
            anyway = catalogues.word("withdrawn_later_drawn_anyway", id=entry_id)
            if spanned:
                drawn = catalogues.word("withdrawn_later_stages", rounds=_rounds_of_stages(rounds),
                                        of_stage=last_of_stage, last=last, unwritten=waiting)
                anyway = catalogues.word("withdrawn_later_drawn_anyway_rounds", id=entry_id,
                                         rounds=_rounds_of_stages(rounds))
            elif len(rounds) > 1:
                numbers = [n for (_, n), _ in rounds]
                drawn = catalogues.word("withdrawn_later_rounds", rounds={
                    loc: catalogues.series(loc, numbers) for loc in LOCALES},
                    of_stage=last_of_stage, last=last, unwritten=waiting)
                anyway = catalogues.word("withdrawn_later_drawn_anyway_rounds", id=entry_id, rounds=catalogues.word(
                    "withdrawn_later_rounds_of", rounds={loc: catalogues.series(loc, numbers) for loc in LOCALES},
                    of_stage=last_of_stage))
            else:
                one = catalogues.word({"entry-withdrawn-double-forfeit": "withdrawn_later_double",
                                       "entry-withdrawn-forfeit-later": "withdrawn_later_forfeit"}.get(code, "withdrawn_later_drawn"))
                drawn = {loc: one[loc] + (waiting[loc] if waiting else "") for loc in LOCALES}
            problems.add(code, at or table.mark or entry.mark or Mark(event.folder),
                         warning=True, id=entry_id, opponent=opponent, round=number, table=table.number,
                         since=since, since_stage=since_stage, of_stage=last_of_stage, where=where, written=written,
                         last=last, drawn=drawn, anyway=anyway)
            continue
        # Nothing written at such a later round's table: not "write forfeit: T03 to say so" (the
        # hint of the round it withdrew from), which leads to entry-withdrawn-forfeit-later's
        # warning in turn, but the same two fixes as a written forfeit there
        # (entry-withdrawn-drawn-later), the withdrawal's round moved first.
        problems.add("entry-withdrawn-forfeit",
                     at or table.mark or entry.mark or Mark(event.folder), warning=True,
                     id=entry_id, opponent=opponent, round=number, table=table.number,
                     since=since, since_stage=since_stage, of_stage=of_stage, where=where,
                     written=f"{{stage: {stage.id}, round: {number}}}" if len(ids) > 1 else str(number))


def _report_sat_out_later(event: Event, stage: Stage, sat_out: list[tuple[str, Table, int]],
                          problems: Problems) -> None:
    """A pairs movement's sit-out line of a pair in a round after the one it withdrew from (the
    movement drawn ahead, `pair --all`, then `withdrawn:` written): it scores nothing either way,
    and the standings are the same with or without it, but the file says the pair was there to
    sit the round out. A warning at the sit-out's table, as a withdrawn team's table in a round
    drawn after its withdrawal is (entry-withdrawn-drawn-later), naming the round (and its stage,
    in an event of several), where the withdrawal is written and the fix: the table entry deleted,
    its `- table:` line and the pair's (`pair` writes none for a withdrawn pair), or, if the
    pair was still there in that round, `withdrawn:` corrected where it is. In the round it
    withdrew from the line was drawn before `withdrawn:` was written: nothing to say, as for a
    team's table there."""
    ids = [s.id for s in event.stages]
    of_stage = catalogues.word("withdrawn_of_stage", stage=stage.id) if len(ids) > 1 else ""
    for entry_id, table, number in sat_out:
        entry = event.entries[entry_id]
        written = entry.withdrawn_mark or entry.mark
        where = f"{written.file.name}:{written.line}" if written is not None else event.entries_file(entry)
        since, since_stage = _withdrawn_as_written(event, stage, entry, of_stage)
        # At the table's own mark, its `- table:` line: the hint deletes the whole table entry
        # (that line and the pair's), as `pair` writes a sit-out on two lines; the pair's line
        # alone deleted leaves a table with no side (key-missing).
        problems.add("entry-withdrawn-sit-out-later", table.mark or entry.mark or Mark(event.folder),
                     warning=True, id=entry_id, round=number, table=table.number, since=since,
                     since_stage=since_stage, of_stage=of_stage, where=where)


def _rounds_of_stages(rounds: list[tuple[tuple[int, int], Stage]]) -> dict[str, str]:
    """Rounds of several stages said in a sentence, each stage's together and named (rounds 2
    and 3 of stage pre and round 1 of stage main), in every locale."""
    by_stage: dict[str, list[int]] = {}
    for (_, number), in_stage in rounds:  # (in the stages' order: rounds is sorted so)
        by_stage.setdefault(in_stage.id, []).append(number)
    each = [catalogues.word("withdrawn_later_stage_round", stage=stage_id, round=numbers[0]) if len(numbers) == 1
            else catalogues.word("withdrawn_later_rounds_of", of_stage=catalogues.word("withdrawn_of_stage", stage=stage_id),
                                 rounds={loc: catalogues.series(loc, numbers) for loc in LOCALES})
            for stage_id, numbers in by_stage.items()]
    return {loc: catalogues.series(loc, (one[loc] for one in each)) for loc in LOCALES}


def _withdrawn_as_written(event: Event, stage: Stage, entry: Entry, of_stage: object) -> tuple[int | None, object]:
    """The round and stage a withdrawal is written with, as the warnings describe it: withdrawn
    in a stage before this one (`withdrawn: {stage: pre, round: 2}`), that stage's round, not
    round 1 of this one (withdrawn_from's, the first round here it does not play)."""
    if entry.withdrawn_stage not in (None, stage.id):
        return entry.withdrawn, catalogues.word("withdrawn_of_stage", stage=entry.withdrawn_stage)
    return entry.withdrawn_from(stage.id), of_stage


def _report_withdrawn_played(event: Event, stage: Stage, played: list[tuple[str | None, Table, int]],
                             problems: Problems, averaged: set[tuple[int, int]] = frozenset()) -> None:
    """A result (a match, a forfeit of its opponent, a bye) written for an entry in a round it
    does not play: an error at the entry's id on the table, naming the round, the table, where
    the withdrawal is written and the fix: the withdrawal moved to the round after the last one
    it has a result in (it did play them), or gone when that is past the stage's last round; or
    else the results deleted (each match is then its forfeit)."""
    last: dict[str, int] = {}
    for entry_id, _, number in played:
        if entry_id is not None:
            last[entry_id] = max(last.get(entry_id, 0), number)
    # In an event of several stages a round is one of a stage: the stage is named, in the rounds
    # counted and in the fix (`withdrawn: {stage: …, round: …}`), which may be a later stage's.
    ids = [s.id for s in event.stages]
    later = ids[ids.index(stage.id) + 1:] if stage.id in ids else []
    of_stage = catalogues.word("withdrawn_of_stage", stage=stage.id) if len(ids) > 1 else ""
    for entry_id, table, number in played:
        if entry_id is None:  # a table between two withdrawn entries (_score)
            problems.add("entry-withdrawn-both", table.mark or Mark(event.folder), round=number, table=table.number,
                         ids=", ".join(table.sides), of_stage=of_stage)
            continue
        entry = event.entries[entry_id]
        written = entry.withdrawn_mark or entry.mark
        where = f"{written.file.name}:{written.line}" if written is not None else event.entries_file(entry)
        after = last[entry_id] + 1
        if len(ids) > 1 and (after <= stage.rounds or later):
            fix = catalogues.word("withdrawn_from_stage", stage=stage.id if after <= stage.rounds else later[0],
                                  round=after if after <= stage.rounds else 1)
        else:
            fix = catalogues.word("withdrawn_none") if after > stage.rounds else catalogues.word("withdrawn_from", round=after)
        at = table.side_marks[table.sides.index(entry_id)] if len(table.side_marks) == len(table.sides) else table.mark
        # What is made of the table: a match is the withdrawn entry's forfeit; a pairs movement's
        # table its opponents' sit-out (_score_pairs_withdrawn).
        counted = (catalogues.word("withdrawn_counted_average_plus") if (number, table.number) in averaged
                   else catalogues.word("withdrawn_counted_sit_out") if stage.format == "pairs"
                   else catalogues.word("withdrawn_counted_forfeit", id=entry_id))
        problems.add("entry-withdrawn-bye" if len(table.sides) == 1 else "entry-withdrawn-played",
                     at or table.mark or entry.mark or Mark(event.folder), id=entry_id, round=number,
                     table=table.number, since=entry.withdrawn_from(stage.id), of_stage=of_stage, where=where, fix=fix,
                     counted=counted)


def stage_tallies(game: Game, stage: Stage, field_entries: list[Entry], counted: list[RoundResult],
                  primary: str, summed: dict[str, Tally] | None = None) -> dict:
    """The standings' figures after the `counted` rounds: summed; penalties and awards on totals
    (bridge `adjustments`: points before a percentage is derived from them, percentage points
    after); metrics that are not plain sums (a percentage of summed matchpoints and tops) derived
    from the sums; then the tie-breaks, before ranking reads them. `summed`: the `counted`
    rounds already summed (standings.tally), finished here."""
    tallies = summed if summed is not None else tally(field_entries, [r.counted for r in counted], game.metrics)
    game.adjust_tallies(stage, tallies, finished=False)
    for record in tallies.values():
        game.finish_metrics(record.metrics)
        record.nothing_scored = bool(record.played) and game.scored_nothing(record.metrics)
    game.adjust_tallies(stage, tallies, finished=True)
    add_tiebreaks(tallies, stage.rank_by, primary)
    return tallies


def _late_entries(stage: Stage, rounds: list[Round], field_entries: list[Entry],
                  first: dict[str, int] | None = None) -> dict[str, list[int]]:
    """Entries of a Swiss or round robin absent from every table of the rounds drawn before their
    first (late entries, event-day.md): entry id -> those rounds. Rounds from an entry's
    withdrawal on are not missed, they are not played. One at no table while rounds are still to
    be drawn is drawn from the next (late); once all are drawn, it is not. `first`:
    first_rounds(rounds), when made already."""
    if stage.format not in ("swiss", "round_robin") or not rounds:
        return {}
    first = first_rounds(rounds) if first is None else first
    late: dict[str, list[int]] = {}
    # Once every round is drawn, an entry at no table of any is not late: no round is left to
    # draw it in, and it was given no bye (entry-not-played says so). Credited a bye a round, a
    # qualifier the draw left out led a round robin on 5 wins without a table played.
    drawn_out = len(rounds) >= stage.rounds
    for entry in field_entries:
        if drawn_out and entry.id not in first:
            continue
        until = min(first.get(entry.id, 10**6), entry.withdrawn_from(stage.id) or 10**6)
        missed = [r.number for r in rounds if r.number < until]
        if missed:
            late[entry.id] = missed
    return late


def _pairs_awaited(event: Event, stage: Stage, rounds: list[Round], field_entries: list[Entry]) -> dict[str, int]:
    """The late pairs at no table of the rounds written whom the stage's movement, which those
    rounds follow, seats at a table of a round still to draw: id -> that round. entry-not-played
    told such a pair to have its table added or to be removed, beside pair's and check's word
    that it was late and seated; one with no seat stays entry-not-played's (pair refuses it)."""
    late = late_pairs(event, stage, field_entries)
    movement = fitting_movement(event, stage, field_entries) if late else None
    if movement is None or not movement.follows(rounds):
        return {}
    drawn = max((r.number for r in rounds), default=0)
    playing = {side for r in rounds for t in r.tables for side in t.sides}
    return {pair: min(rounds_at) for pair in late if pair not in playing
            for rounds_at in [[s.round for s in movement.sittings
                               if s.round > drawn and not s.sits_out and pair in movement.sides(s)]] if rounds_at}


def _warn_pairs_late(event: Event, stage: Stage, rounds: list[Round], field_entries: list[Entry],
                     problems: Problems) -> None:
    """A pair at no table of the rounds drawn before its first (a late entry, event-day.md): said
    at the entry while the stage goes on, before it is drawn too (_pairs_awaited), so that a pair
    that did play a round left off its file is not taken for a late one unseen. Only for rounds
    drawn by the stage's movement: a session imported or written by hand may leave a pair's
    sit-out round out of its file."""
    movement = fitting_movement(event, stage, field_entries)
    if movement is None or not movement.follows(rounds):
        return
    first = first_rounds(rounds)
    if len(rounds) < stage.rounds:
        first = {**_pairs_awaited(event, stage, rounds, field_entries), **first}
    # A late pair the movement lists at the sit-out table before it joined (a table added for
    # two pairs late to 13: A15, EW 8, "sat out" round 1) missed that round all the same: only a
    # pair of the field from the start sat it out (rev56: A15 was left out, pairs-late-grown named it).
    late = late_pairs(event, stage, field_entries)
    for entry in field_entries:
        if entry.id not in first or entry.withdrawn_by(1, stage.id):
            continue  # (at no table at all and none to come: entry-not-played's)
        missed = [r.number for r in rounds if r.number < first[entry.id]
                  and (entry.id in late or not any(entry.id in movement.sides(s) for s in movement.round(r.number)))]
        if missed:
            # A late pair that the whole field's movement would have sat out in round 1, the rounds
            # reading so as well (its sit-out line left out: late_sit_out_table), is told the line
            # to write if it was there from the start: nothing else in the files tells the two apart.
            table = late_sit_out_table(event, stage, field_entries, entry.id) if entry.id in late else None
            problems.add("pairs-late-entry", entry.mark or Mark(event.folder), warning=True, id=entry.id, stage=stage.id,
                         count=len(missed), rounds=", ".join(map(str, missed)), first=first[entry.id],
                         unwritten=catalogues.word("pair_late_unwritten", id=entry.id, table=table) if table else "")


def _warn_pairs_grown(event: Event, stage: Stage, rounds: list[Round], field_entries: list[Entry],
                      problems: Problems) -> None:
    """A late pair that made an even field odd, seated because the rounds written are the odd
    field's movement's with it sitting out (a 12-pair Mitchell's round 1 is the 13-pair one's, the
    13th pair at the sit-out table): nothing is replayed and no two pairs meet again, so it is
    seated, but the session now has one table more, a sit-out table, and a set of boards no one
    has dealt. The director must deal them before the next round, so it is said, while those
    boards are still at no table written (pair prints it before its draw)."""
    late = late_pairs(event, stage, field_entries)
    movement = fitting_movement(event, stage, field_entries) if late else None
    if movement is None or not movement.grown or not rounds or not movement.follows(rounds):
        return  # (not grown: no late pair, or one took a sit-out's seat, the session as it was)
    written = {r.number for r in rounds}
    # The boards dealt are the first field's movement's, its sit-out table's set too (an odd
    # field deals it though no one plays it in round 1: 11 pairs and two late were told boards
    # 11-14 were new, 11-12 already on the sit-out table, rev56); a Mitchell's set k is boards
    # (k-1)b+1 to kb, so the new ones are those of the tables added.
    pairs = len(movement.numbers) + len(movement.ew_numbers)
    dealt = (pairs - len(movement.grown) + 1) // 2 * movement.per_round
    played = {b for s in movement.sittings if s.round in written for b in s.boards}
    new = sorted(b for b in {b for s in movement.sittings for b in s.boards} - played if b > dealt)
    if not new:
        return
    number = max(written) + 1
    start = next((s.table for s in movement.round(number) if new[0] in s.boards), None)
    if start is None:
        return
    # each new set starts at its own table (two tables added: 13-14 at one, 15-16 at the next);
    # the message's table is the first set's, the others said after it
    starts = [(_board_span(list(s.boards)), s.table) for s in sorted(movement.round(number), key=lambda s: min(s.boards or (0,)))
              if s.boards and set(s.boards) <= set(new)]
    sets = catalogues.word("pair_late_grown_sets", sets={locale: catalogues.joiner(locale).join(
        catalogues.text("pair_late_grown_set", locale, boards=span, table=table) for span, table in starts)
        for locale in LOCALES}) if len(starts) > 1 else ""
    resting = next((s for s in movement.round(number) if s.sits_out), None)
    ids = [pair for pair in movement.grown if pair in late]
    entry = event.entries[ids[0]]
    # where each late pair sits in the round to come: no table of the rounds written says it,
    # and the director must tell them before it starts (the new boards alone were said)
    seats = [_late_seat(movement, number, pair) for pair in ids]
    seated = [seat for seat in seats if seat is not None]
    tables = len(movement.ew_numbers)
    problems.add("pairs-late-grown", entry.mark or Mark(event.folder), warning=True, ids=", ".join(ids),
                 count=len(ids), stage=stage.id, pairs=pairs, tables=tables, written=len(written),
                 boards=_board_span(new), round=number, table=start, sets=sets, sitout=resting.table if resting else None,
                 resting=movement.sides(resting)[0] if resting else None,
                 sit_out=catalogues.word("pair_late_grown_sit_out", table=resting.table, round=number,
                                         resting=movement.sides(resting)[0]) if resting else "",
                 starts=", ".join(f"{pair} {side} {table}" for pair, side, table in seated),
                 seats=catalogues.word("pair_late_grown_seats", round=number, seats={locale: catalogues.joiner(locale).join(
                     catalogues.text(f"pair_late_grown_seat_{side}", locale, id=pair, table=table) for pair, side, table in seated)
                     for locale in LOCALES}) if seated else "")


def _late_seat(movement: PairsMovement, number: int, pair: str) -> tuple[str, str, int] | None:
    """(pair, ns | ew | out, table): where a late pair sits in round `number` of `movement`, out
    for a Mitchell's EW pair at the sit-out table (the table with no NS pair)."""
    for sitting in movement.round(number):
        sides = movement.sides(sitting)
        if pair in sides:
            side = "out" if sitting.sits_out else ("ns" if sides[0] == pair else "ew")
            return pair, side, sitting.table
    return None


def _board_span(boards: list[int]) -> str:
    """Board numbers as runs: 13–14, or 13–14, 27–28."""
    runs: list[list[int]] = []
    for board in boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _warn_pairs_again(game: Game, event: Event, stage: Stage, rounds: list[Round], field_entries: list[Entry],
                      problems: Problems) -> None:
    """Two pairs drawn to meet again, a pair drawn to play a board again: said while the round
    is still to be played (a movement redrawn under the rounds written, tables written by hand),
    not only once its results are in. Between tables both entered the game's own check of the
    field says it (pairs-meet-twice, a board twice), and it is not said twice. A table's boards
    are those its file writes, else the movement's where it seats the round."""
    movement = fitting_movement(event, stage, field_entries)
    met: dict[frozenset[str], tuple[int, int, bool]] = {}
    seen: dict[tuple[str, int], tuple[int, int, bool]] = {}
    for round_ in sorted(rounds, key=lambda r: r.number):
        seated = movement is not None and movement.seats(round_.number, round_.tables)
        by_movement = {s.table: s.boards for s in movement.round(round_.number)} if seated and movement else {}
        for table in round_.tables:
            if len(table.sides) != 2:
                continue
            written = game.written_boards(stage, table)
            boards = written or by_movement.get(table.number, ())
            here = (round_.number, table.number, bool(written))
            mark = table.mark or Mark(round_.source)
            pair = frozenset(table.sides)
            before = met.setdefault(pair, here)
            if before is not here and not (before[2] and here[2]):
                problems.add("pairs-meet-twice", mark, warning=True, a=table.sides[0], b=table.sides[1],
                             round=before[0], table=before[1], this_round=round_.number, this_table=table.number)
            for side in table.sides:
                for board in boards:
                    before = seen.setdefault((side, board), here)
                    if before is not here and not (before[2] and here[2]):
                        problems.add("pairs-board-again", mark, warning=True, id=side, board=board, round=round_.number,
                                     table=table.number, first_round=before[0], first_table=before[1])


def _warn_late_byes(game: Game, event: Event, stage: Stage, late: dict[str, list[int]], drawn: set[str],
                    problems: Problems) -> None:
    """A late entry scores a bye for each round it missed unless the stage says otherwise
    (`late:`, event-day.md): allowed, but said, at the entry, with what it gets and how to
    change it, since a bye is usually a win (a team added after round 2 starts on 2 wins). Only
    for an entry drawn in a round, or one still to be drawn (one never drawn in a stage fully
    drawn is entry-not-played's), and when the bye scores something."""
    for entry_id, missed in late.items():
        if entry_id not in drawn:
            continue
        bye = game.score_table(Table(0, [entry_id], None), stage, {})  # a scratch state: nothing is counted
        credited = {name: value for side in bye.sides for name, value in side.metrics.items() if value}
        if not credited:
            continue
        entry = event.entries[entry_id]
        score = ", ".join(f"{name}: {_num(value)}" for name, value in credited.items())
        zero = "{" + ", ".join(f"{name}: 0" for name in credited) + "}"
        problems.add("late-entry-bye", entry.mark or Mark(event.folder), warning=True, id=entry_id, rounds=missed,
                     score=score, zero=zero, stage=stage.id)


def _score_late(game: object, stage: Stage, late: dict[str, list[int]], counted: list[RoundResult],
                state: dict[str, object]) -> None:
    """Each late entry scores, for each counted round it missed, the stage's `late:` score, or a
    bye when the stage has none: the game scores it as a bye (a table with the entry alone). A
    metric `late:` does not name scores 0, not the bye's: `late: {match_points: 1}`, a draw's
    points, gave the Guandan team the bye's win too (a win a round it never played, and `wins`
    ranks), where the referee wrote what it scores."""
    if not late:
        return
    scoring = replace(stage, options=stage.late_options) if stage.late_options is not None else stage
    for round_result in counted:
        for entry_id, missed in late.items():
            if round_result.number in missed:
                score = game.score_table(Table(0, [entry_id], None), scoring, state)
                if stage.late_options is not None:
                    for side in score.sides:
                        for name in side.metrics:
                            if name not in stage.late_written:
                                side.metrics[name] = 0
                round_result.late.append(score)


def _stale_draws(game: Game, event: Event, result: StageResult, rounds: list[Round],
                 problems: Problems, known: ScoredTables | None = None) -> list[StaleDraw]:
    """Swiss rounds drawn on standings that have changed since (a result corrected after the
    next round was drawn). `paibang pair` writes the order and primary scores it drew a round
    on in the file's opening comment (`# draw-order:`); the standings after the round before
    are computed again now and compared, entry by entry. Recording what the draw read, rather
    than drawing again and comparing tables, keeps a hand-made draw, and a draw made by an
    older paibang, from being reported: only a change of the standings themselves is. The
    draw is never redone: the warning names the tables corrected and the figures they moved
    (tournament/stale.py), once for all the rounds one correction made stale."""
    # (pairing imports this module's types)
    from generator.tournament.pairing import draw_order, history_of, pairing_changes, swiss_order

    found: list[StaleDraw] = []
    checked: dict[int, dict[str, tuple[float, float]]] = {}  # every round checked -> its figures that moved
    marks: dict[int, Mark] = {}
    substitutes = frozenset(e.id for e in event.entries.values() if e.substitute)
    # The rounds before each round checked, summed a round at a time (standings.tally) and
    # copied for each check, not summed again from round 1 for each. (A copy shares its record's
    # matches and opponents, Tally.copy: each check reads its copies through before the next
    # round is summed into `running`.)
    summed: list[RoundResult] = []
    running: dict[str, Tally] = {}
    for round_ in rounds:
        if not round_.drawn_on or round_.number < 2:
            continue
        before = [r for r in result.rounds if r.number < round_.number]
        if len(before) != round_.number - 1 or not all(r.complete for r in before):
            continue
        # The same rounds scored as before (the very scores: ScoredTables), the same field and
        # the same recorded draw: the same answer as the last time the event was scored.
        known_answer = known.stale.get(_stale_key(result, round_, before)) if known is not None else None
        if known_answer is not None:
            changed, moved, paired = known_answer
        else:
            if result.rounds_played and len(before) == result.rounds_played and \
                    all(a is b for a, b in zip(before, result.rounds)):
                # Drawn on the rounds the standings count (the round after the last one played):
                # those are the standings after them, as ranked just now.
                then, tallies = result, {standing.entry.id for standing in result.standings}
            else:
                if len(summed) > len(before) or not all(a is b for a, b in zip(summed, before)):
                    summed, running = [], {}
                if not summed:
                    running = tally(result.field, [], game.metrics)
                running = tally(result.field, [r.counted for r in before[len(summed):]], game.metrics, running)
                summed = list(before)
                tallies = stage_tallies(game, result.stage, result.field, before, result.primary,
                                        {key: record.copy() for key, record in running.items()})
                then = None
                if "head_to_head" in result.stage.rank_by:  # (worked out within each tie: ranked as the stage ranks)
                    then = StageResult(result.stage, result.field, before,
                                       _rank(game, result.stage, tallies, before, result.lots,
                                             _joined(event, result.stage, result.field, result.late)),
                                       lots=result.lots,
                                       primary=result.primary)
            ids = [entry_id for entry_id, _ in round_.drawn_on]
            listed = [i for i in ids if i in tallies]
            if then is not None:
                order, scores = swiss_order(then, listed)
            else:  # the order the standings would give, without ranking them (pairing.draw_order)
                ranked = {t.entry.id for t in ranked_tallies(tallies.values(), result.stage.rank_by, result.lots)}
                order, scores = draw_order(result.stage.rank_by, result.lots, result.primary, listed, tallies, ranked)
            recorded = dict(round_.drawn_on)
            recorded_order = [i for i in ids if i in tallies]
            changed = [i for position, i in enumerate(order)
                       if recorded_order[position] != i or recorded.get(i) != scores.get(i)]
            moved = {i: (recorded[i], float(scores[i])) for i in recorded_order
                     if i in scores and recorded[i] != scores[i]}
            # The order recorded is the order the tie-breaks made: a correction that moves none of
            # the primary figures (a 14:13 win for a 96:1 one: the same match points, the net 95
            # lower) moves places all the same, and the draw made on the order today's standings
            # give may seat other opponents. Which entries it would is found by drawing both
            # orders again (pairing.pairing_changes), only when the order has changed (after a
            # correction): the check of every other round stays one pass over its field. The
            # recorded line needs no tie-break figures for this, an older file's neither: the
            # order and the primary scores are all a Swiss draw reads of the standings.
            paired = []
            if changed:
                met, byes = history_of(before, substitutes)
                found_paired = pairing_changes(recorded_order, recorded, order, scores, met, byes)
                paired = changed if found_paired is None else found_paired
        checked[round_.number] = moved
        if changed:
            found.append(StaleDraw(round_.number, changed, moved, paired=paired))
            # At the first table a draw on today's standings would seat otherwise (its table 1
            # was pointed at, whoever sat there), else the round's first
            seated = next((t for t in round_.tables if t.mark and set(t.sides) & set(paired or changed)), None)
            marks[round_.number] = seated.mark if seated is not None else \
                round_.tables[0].mark if round_.tables and round_.tables[0].mark else Mark(round_.source)
    for draw in found:
        draw.tables = corrected_tables(result, checked, draw)
    result.draw_checks = checked
    result.stale_notes = []
    for note in stale_notes(found, result):
        words, changes = note_words(note, result, event.game)
        result.stale_notes.append((words, changes, tuple(note.rounds)))
        # Warned whether or not the stage is over: a correction made after the last round (a
        # referee's late decision on a protest) changes standings whose draws were made on the
        # old ones, and event-day.md has check plus the stage page tell the secretary. Once the
        # stage is complete the page says it quietly, in the past (_macros.html's stale_draws);
        # check still says it, its hint how to silence it once read (the # draw-order: lines).
        problems.add("draw-standings-changed", marks[note.rounds[0]], warning=True, rounds=words, changes=changes,
                     stage=result.stage.id)  # (the stage: `pair` of another stage does not repeat it)
    return found


def _stale_key(result: StageResult, round_: Round, before: list[RoundResult]) -> tuple:
    """What `_stale_draws` reads to check `round_`, by identity: the stage, its field, the
    recorded draw and the scores of the rounds before (their lots and primary score follow)."""
    return (id(result.stage), tuple(map(id, result.field)), round_.number, id(round_.drawn_on),
            tuple((r.number, tuple(map(id, r.tables))) for r in before))


def waits(game: Game, stage: Stage, score: TableScore) -> bool:
    """Whether a table waits for results still to enter: no result yet (is_pending), or a team
    match with boards of the round still to come (Game.boards_short). What the stage's pages and
    results.json hold pending, and so what the desk must not take as a whole match: a table
    that saved part of it would have its link used up, the site still waiting for the rest."""
    return is_pending(score) or game.boards_short(stage, score.table)


def is_pending(score: TableScore) -> bool:
    """A match drawn but not played: two sides, no forfeit, and either the game scored no side
    (its way of saying "no result yet") or the record is an empty list or mapping."""
    table = score.table
    if len(table.sides) != 2 or table.forfeits:  # (a double forfeit too: neither came)
        return False
    if not score.sides:
        return True
    return isinstance(table.record, (list, tuple, dict)) and not table.record


def _swiss_rounds_before_played(rounds: list[Round], scored: list[RoundResult], problems: Problems) -> set[int]:
    """The Swiss rounds whose file is there while the round before it is drawn and has no result
    yet: a Swiss round is drawn on the standings after the round before (`paibang pair` refuses,
    pair-round-pending), so such a file is results typed into the wrong round's file, or a draw
    made ahead by hand. Said as such, naming the round still to play; its tables are not then
    taken for a draw leaving entries out (draw-entry-missing, whose hint would send the secretary
    to mark them withdrawn). A warning: the standings stand (rounds_played counts from round 1
    without a gap, so the early round counts for nothing yet), the rest of the day goes on.
    Only a Swiss: a round robin's or a lot's rounds are known ahead and may be entered in any order."""
    by_number = {r.number: result for r, result in zip(rounds, scored)}
    early = set()
    for round_, result in zip(rounds, scored):
        before = by_number.get(round_.number - 1)
        if before is not None and before.drawn_only and round_.tables:
            mark = round_.tables[0].mark or Mark(round_.source)
            problems.add("swiss-round-before-played", mark, warning=True, round=round_.number, previous=before.number)
            early.add(round_.number)
    return early


def check_draws(rounds: list[Round], scored: list[RoundResult], field_entries: list[Entry],
                problems: Problems, stage: str | None = None, early: set[int] = frozenset(),
                first: dict[str, int] | None = None) -> None:
    """A Swiss or round-robin draw, written by `paibang pair` or by hand: no two entries meet
    twice, and every entry of the stage sits at a table (or has the bye) in every round, until
    it is out of the stage (disqualified). Both are warnings: the secretary may mean it.
    `early`: Swiss rounds there before the round they are drawn on is played
    (_swiss_rounds_before_played, already warned): an entry left out of one is not a withdrawal.
    `first`: first_rounds(rounds), when made already."""
    met: dict[frozenset[str], int] = {}
    out: set[str] = set()
    if first is None:  # a late entry is not missing from the rounds before its first
        first = first_rounds(rounds)
    for round_, result in zip(rounds, scored):
        seen = {side for table in round_.tables for side in table.sides}  # (at once: a set grown a table at a time took longer)
        for table in round_.tables:
            if len(table.sides) != 2:
                continue
            pair = frozenset(table.sides)  # (a forfeit, one team's or both's, a meeting: pairing.history_of)
            if pair in met:
                problems.add("draw-rematch", table.mark or Mark(round_.source), warning=True,
                             a=table.sides[0], b=table.sides[1], round=met[pair], this=round_.number)
            else:
                met[pair] = round_.number
        missing = [e.id for e in field_entries if e.id not in seen and first.get(e.id, 10**6) <= round_.number
                   and e.id not in out and not e.withdrawn_by(round_.number, stage)]
        if missing and round_.number not in early:
            mark = round_.tables[0].mark if round_.tables and round_.tables[0].mark else Mark(round_.source)
            problems.add("draw-entry-missing", mark, warning=True, round=round_.number, ids=missing)
        for score in result.counted:
            for side in score.sides:
                if side.disqualified:
                    out.add(side.entry)


def _qualify(result: StageResult, problems: Problems, drawn: set[str], target_name: str = "",
             knockout: bool = False) -> list[Entry] | None:
    """The top `count` by rank; a tie across the cut lets every tied entry through, with a warning.
    Not into a knockout (`knockout`): its bracket, its rounds and its schedule are made for
    `count` entries, and the tie is the stage's to break (`lot`, `lots:`), as a referee breaks it
    before the draw. Until then the entries above the tie are marked qualified, the tied ones
    not, and None says the knockout's field is not known: it waits, undrawn, as it waits for an
    unfinished stage (the build went on failing on its bracket, knockout-rounds, from the moment
    the last table saved). A knockout already drawn keeps its draw (event-day.md): of the tied
    entries, the ones its round 1 draws go through.
    An entry that plays no round of the stage advanced to (withdrawn in this stage, or from that
    one's round 1: Entry.withdrawn_by) does not qualify: it keeps its rank here (marked 退赛), and
    the entries after it move up one place for the cut, as a referee fills its place with the next
    entry. It took a place, and the next stage (a knockout drops it) was one short. `drawn`: the
    entries round 1 of that stage already draws; one of them withdrawn did so after the draw,
    which stands (its match is its walkover), so it stays a qualifier."""
    advance = result.stage.advance
    assert advance is not None
    out = {s.entry.id for s in result.standings if s.rank is not None and s.entry.id not in drawn
           and s.entry.withdrawn_by(1, advance.to)}
    cut = _cut_ranks(result.standings, out) if out else {}
    chosen = [s for s in result.standings if s.rank is not None and s.entry.id not in out
              and cut.get(s.entry.id, s.rank) <= advance.count]
    held = False
    if len(chosen) > advance.count:
        place = chosen[-1].rank  # the tie's place, taken before the draw settles which of it go (rev29)
        tied = [s.entry.id for s in chosen if s.rank == place]
        if not knockout:
            problems.add("qualify-tie", result.stage.mark, warning=True,
                         stage=result.stage.id, count=place, ids=tied)
        elif drawn:  # the knockout's draw stands: the tied entries it draws go through
            chosen = [s for s in chosen if s.entry.id not in tied or s.entry.id in drawn]
            kept = [e for e in tied if e in drawn]
            left = [e for e in tied if e not in drawn]
            if left:  # said, not settled silently: the tied entry left out is owed the reason
                problems.add("qualify-tie-drawn", result.stage.mark, warning=True, stage=result.stage.id,
                             count=place, ids=tied, target=advance.to, kept=kept or catalogues.word("tie_kept_none"),
                             left=left,
                             lots=", ".join(kept + left))
                result.cut_kept, result.cut_left = kept, left
        else:
            problems.add("qualify-tie-knockout", result.stage.mark, warning=True, stage=result.stage.id,
                         count=place, ids=tied, target=advance.to, places=advance.count,
                         lots=", ".join(tied))
            chosen = [s for s in chosen if s.entry.id not in tied]
            held = True
            result.cut_tied = tied
    for standing in chosen:
        standing.qualified = True
    # One ranked within the places that withdrew from the next stage: said in these standings,
    # where it played through (not marked 退赛 here) and its place went to the next entry.
    # (`target_name`: that stage's name)
    for standing in result.standings:
        if standing.entry.id in out and standing.rank is not None and standing.rank <= advance.count \
                and not standing.entry.withdrawn_in(result.stage.id):
            standing.withdrawn_next, standing.withdrawn_next_name = advance.to, target_name or advance.to
    _lot_at_the_cut(result, chosen, out, problems)
    return None if held else [s.entry for s in chosen]


def _field_as_drawn(event: Event, result: StageResult, target: Stage, arriving: list[Entry], drawn: set[str],
                    problems: Problems) -> tuple[list[Entry], tuple[str, dict[str, str], StaleDraw,
                                                                 tuple[dict[str, str], dict[str, str]] | None,
                                                                 tuple[dict[str, str], dict[str, str]] | None] | None]:
    """The field of `target`, a Swiss or round robin advanced to from `result`'s stage, once its
    round 1 is drawn (`drawn`: the entries it seats): the entries drawn, not the qualifiers as a
    result corrected since ranks them (event-day.md: a correction after a later round was drawn
    stands, and the draw is never silently redone). An entry drawn that the standings no longer
    qualify keeps its place; one they qualify now that was not drawn does not take one. Both said:
    a warning naming them, the referee deciding to keep the draw or to draw the stage again, and
    the note on both stages' pages (StageResult.field_kept, field_left; the target's stale draw,
    as a knockout's). The correction is named by its round and table, as a knockout's warning
    names it (stale.seeding_changes: from the figures the draw recorded and the stage's own
    recorded draws), with the figures it moved. Returns the field and (the stage drawn on, what
    changed in every locale, the stale draw); None when the draw seats the qualifiers. An entry
    drawn that is ranked nowhere in the stage, or not in the field round 1 records, is no
    qualifier (entry-not-in-stage says so)."""
    first = next(r for r in event.rounds.get(target.id, []) if r.number == 1)
    # Only a draw that recorded its field (`paibang pair` writes it, # draw-order:) was drawn from
    # the qualifiers: an entry written by hand that never qualified is a mistake, said as one
    # (entry-not-in-stage), not taken for a correction.
    now = {e.id for e in arriving}
    # (figures of another primary score than the stage ranks by now, rank_by changed since the
    # draw as its record says: not comparable, and the record is pair's)
    rules = first.drawn_by or {}
    primary_changed = "rank_by" in rules and rules["rank_by"].split(",")[0] != (result.stage.rank_by or [""])[0]
    recorded = _recorded_field(result, first.drawn_on or (), now, compare=not primary_changed)
    ranked = [s.entry.id for s in result.standings if s.rank is not None]
    kept = [i for i in ranked if i in drawn and i not in now and i in recorded]
    left = [e.id for e in result.qualifiers if e.id not in drawn and recorded and e.id not in recorded]
    if not kept and not left:
        return arriving, None
    field_ids = set(kept) | (now - set(left))
    for standing in result.standings:
        standing.qualified = standing.entry.id in field_ids
    result.qualifiers = [s.entry for s in result.standings if s.qualified]
    none = catalogues.word("qualifiers_none")
    # (at the table of the first entry kept, where the secretary redrawing would start)
    seated = next((t for t in first.tables if t.mark and set(t.sides) & set(kept)), None)
    mark = seated.mark if seated is not None else \
        first.tables[0].mark if first.tables and first.tables[0].mark else Mark(first.source)
    # (the entries recorded whose figure moved: left ones were not drawn, so not recorded)
    stale, corrected = seeding_changes(result, first.drawn_on, left + kept, event.game)
    # A tie at the cut the correction made, which the field drawn does not seat whole: _qualify's
    # qualify-tie said "all of them advance" beside this warning saying the field stays as drawn
    # (rev39). One warning says both: the tie, the ones of it the draw has, what the chief referee
    # can do; the stage page says it as a knockout's tie settled by its draw (cut_tied_drawn_note).
    tie = next((p for p in problems.items if p.code == "qualify-tie" and p.params.get("stage") == result.stage.id), None)
    tied = list(tie.params["ids"]) if tie is not None else []
    tie_left = [i for i in tied if i in left]
    if tie is None or not tie_left:
        result.field_kept, result.field_left = kept, left
        moved = moved_words(left, kept)
        # keeping the draw keeps those going out, or leaves out those coming in when nobody goes
        drawn = {locale: catalogues.text("qualifiers_drawn_with", locale, went=catalogues.joiner(locale).join(kept))
                 if kept else catalogues.text("qualifiers_drawn_without", locale, came=catalogues.joiner(locale).join(left))
                 for locale in LOCALES}
        # A setting of the stage changed in event.yaml after the draw (its advance count, its
        # rank_by), no figure the draw recorded moved (or, its primary score changed, none to
        # compare): said as the setting, its value at the draw and now, not as a corrected result
        # (the warning said one was, naming an order no result had changed).
        settings = settings_changed(event.game, result, rules, len(recorded))
        if recorded and settings is not None and (not stale.moved or primary_changed):
            said, back = settings
            problems.add("qualifiers-advance-changed", mark, warning=True, stage=target.id, source=result.stage.id,
                         settings=said, back=back, moved=moved, drawn=drawn, slug=event.slug)
            result.advance_changed_next = (said, moved)
            stale.moved = {}  # (figures of another primary score, or none moved: no correction to show)
            return result.qualifiers + result.byes, (result.stage.id, moved, stale, result.advance_changed_next, None)
        else:
            # Who comes in and who goes out, each with its figure now (the draw recorded only
            # those drawn: the one coming in had none to show).
            figured = moved_words(left, kept, _figures(event, result, left + kept))
            warned, also = corrected, None
            if recorded and settings is not None:  # a result corrected, and a setting changed as well: both said
                result.settings_also_next = settings[0]  # its page and qualifier list say both too
                # the warning in one sentence; this stage's page in a note of its own after the
                # correction's, as a knockout's (knockout.drawn_field): its note names who moves
                warned = {locale: catalogues.text("qualifiers_settings_also", locale, changes=corrected[locale],
                                                  settings=settings[0][locale]) for locale in LOCALES}
                also = (settings[0], {})
            problems.add("qualifiers-changed", mark, warning=True, stage=target.id, source=result.stage.id,
                         came=left or none, went=kept or none, moved=figured, drawn=drawn, slug=event.slug,
                         changes=warned)
            moved = figured
        changes = {locale: catalogues.text("qualifiers_changed_words", locale, changes=corrected[locale],
                                           moved=moved[locale])
                   for locale in LOCALES}
        return result.qualifiers + result.byes, (result.stage.id, changes, stale, None, also)
    problems.items.remove(tie)
    tie_kept = [i for i in tied if i in drawn]
    result.cut_kept, result.cut_left = tie_kept, tie_left
    came = [i for i in left if i not in tie_left]  # besides the tie: qualifying now, not drawn
    result.field_kept, result.field_left = kept, came
    besides = moved_words(came, kept)
    others = {locale: catalogues.text("qualifiers_tie_others", locale, moved=besides[locale])
              if came or kept else "" for locale in LOCALES}
    settings = settings_changed(event.game, result, rules, len(recorded))
    if recorded and settings is not None and (not stale.moved or primary_changed):
        # No result changed, a setting did (a tie-break dropped): the tie said as its outcome
        # under the setting changed (qualifiers-advance-changed), not as a correction's.
        said, back = settings
        joined = {locale: catalogues.joiner(locale).join for locale in LOCALES}
        moved = {locale: catalogues.text("qualifiers_tie_moved", locale, count=tie.params["count"],
                                         ids=joined[locale](tied), kept=joined[locale](tie_kept) or none[locale],
                                         left=joined[locale](tie_left), others=others[locale]) for locale in LOCALES}
        staying = tie_kept + [i for i in kept if i not in tie_kept]
        drawn_words = {locale: catalogues.text("qualifiers_drawn_with", locale, went=joined[locale](staying)) if staying
                       else catalogues.text("qualifiers_drawn_without", locale, came=joined[locale](tie_left + came))
                       for locale in LOCALES}
        problems.add("qualifiers-advance-changed", mark, warning=True, stage=target.id, source=result.stage.id,
                     settings=said, back=back, moved=moved, drawn=drawn_words, slug=event.slug)
        result.advance_changed_next = (said, moved)
        stale.moved = {}
        return result.qualifiers + result.byes, (result.stage.id, moved, stale, result.advance_changed_next, None)
    problems.add("qualify-tie-field-drawn", mark, warning=True, stage=target.id, source=result.stage.id,
                 changes=corrected, count=tie.params["count"], ids=tied, kept=tie_kept or none, left=tie_left,
                 others=others, lots=", ".join(tie_kept + tie_left), slug=event.slug)
    changes = {locale: catalogues.text("qualifiers_tie_words", locale, changes=corrected[locale],
                                       count=tie.params["count"], ids=catalogues.joiner(locale).join(tied),
                                       kept=catalogues.joiner(locale).join(tie_kept) or none[locale],
                                       left=catalogues.joiner(locale).join(tie_left), others=others[locale])
               for locale in LOCALES}
    return result.qualifiers + result.byes, (result.stage.id, changes, stale, None, None)


def _figures(event: Event, result: StageResult, ids: list[str]) -> dict[str, dict[str, str]]:
    """Each of `ids` with its primary figure in the standings now, in every locale: "T06 (wins 1)"."""
    label = metric_of(GAMES[event.game], result.primary).label if result.primary else {}
    now = {s.entry.id: s.tally.metrics.get(result.primary, 0) for s in result.standings}
    return {locale: {i: catalogues.text("qualifiers_entry_figure", locale, id=i, figure=_num(now[i]),
                                        primary=catalogues.in_sentence(label.get(locale) or label.get("zh-Hans", "")))
                     for i in ids if i in now} if label else {} for locale in LOCALES}


def _recorded_field(result: StageResult, drawn_on: Iterable[tuple[str, float]], now: set[str],
                    compare: bool = True) -> set[str]:
    """The entries a round 1's # draw-order: lines record as its field, when their figures show
    them qualifying by the standings the draw read (what `pair` writes: each entry's primary
    score in the stage before, real figures); else none. Each must be ranked there, and no entry
    recorded, by its recorded figure, behind one left out that does not qualify now either (a
    correction moves the figures of the entries it concerns; those left out unconcerned are as
    the draw read them). A line written by hand to make an entry drawn by mistake look drawn from
    the qualifiers (`F=0 C=0`, the figures made up) is no record: rev44 found such a line gave a
    clean check, the real qualifier left out unsaid and both stage pages saying a false correction."""
    figures = dict(drawn_on)
    if not figures:
        return set()
    ranked = {s.entry.id: s.tally.metrics.get(result.primary, 0) for s in result.standings if s.rank is not None}
    if any(entry not in ranked for entry in figures):
        return set()
    if not compare:  # (figures of the primary score the stage ranked by at the draw, # draw-rules:)
        return set(figures)
    behind = [figure for entry, figure in ranked.items() if entry not in figures and entry not in now]
    if behind and min(figures.values()) < max(behind):
        return set()
    return set(figures)


def _cut_ranks(standings: list[Standing], out: set[str]) -> dict[str, int]:
    """Each ranked entry's rank for the qualifying cut: its rank less the withdrawn entries
    (`out`) ranked ahead of it in its group (a game ranking its field in groups starts each from
    1), in one pass (a Swiss of thousands)."""
    cut: dict[str, int] = {}
    ahead = waiting = 0  # withdrawn entries ranked ahead; withdrawn ones of the rank being read
    previous = 0
    for standing in standings:
        if standing.rank is None:
            continue
        if standing.rank < previous:
            ahead = waiting = 0  # the next group's ranking
        elif standing.rank != previous:
            ahead, waiting = ahead + waiting, 0
        previous = standing.rank
        cut[standing.entry.id] = standing.rank - ahead
        waiting += standing.entry.id in out
    return cut


def _lot_at_the_cut(result: StageResult, chosen: list[Standing], out: set[str], problems: Problems) -> None:
    """The lot (`lot` in rank_by) that decided who qualifies: the last qualifier and an entry left
    out equal on every metric before it. Allowed, but said (a warning at the `advance:` line) and
    shown (Standing.by_lot: marked on the standings and the qualifiers' notice), since nothing
    the entries did at the table separates them."""
    stage, rank_by = result.stage, result.stage.rank_by
    if "lot" not in rank_by or not chosen or stage.advance is None:
        return
    before = rank_by[:rank_by.index("lot")]
    key = rank_key(chosen[-1].tally, before)
    # A withdrawn entry (`out`) in the group was never in the running (_qualify): no lot left it out.
    group = [s for s in result.standings if s.rank is not None and rank_key(s.tally, before) == key
             and s.entry.id not in out]
    if all(s.qualified for s in group):
        return
    for standing in group:
        standing.by_lot = True
    problems.add("qualify-lot", stage.advance.mark or stage.mark, warning=True, stage=stage.id,
                 place=chosen[-1].rank, ids=[s.entry.id for s in group])
