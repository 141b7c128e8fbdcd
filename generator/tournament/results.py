"""What running an event produces: each round's scored tables, each stage's standings, the
event's credits roster. Plain data, made by tournament/event.py's `run_event` and read by
render/ (pages, bulletins, results.json), the desk and the commands.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from generator.content.model import Entry, Event, Stage
from generator.games import TableScore
from generator.tournament.standings import Standing


# The status words of event-day.md, exactly as results.json writes them.
SCHEDULED, IN_PROGRESS, COMPLETE = "scheduled", "in_progress", "complete"


@dataclass
class RoundResult:
    number: int
    tables: list[TableScore]  # every table, pending ones included (pages show them as not played)
    pending: list[int] = field(default_factory=list)  # numbers of the tables with no result yet
    late: list[TableScore] = field(default_factory=list)  # late entries' scores for this round (`late:`)
    # The boards each table is to play (table -> board numbers), where the draw says so (a pairs
    # stage's movement): set only on the round handed to a game for its blank forms
    # (render/bulletins.round_forms), whose score sheets list boards no table has played yet.
    boards: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # Tables of two sides with a side withdrawn by this round (event-day.md, "Withdrawal"): not
    # played, scored of themselves (a forfeit, a sit-out), so nobody enters them (the desk offers
    # no form): not counted in "已录 k/n 桌", as a bye is not.
    unplayed: list[int] = field(default_factory=list)

    # The numbers of `pending` and `unplayed` as sets, whether the round is drawn only, partial
    # or has a table counted, and its counts (below): made at the first asking and kept (the
    # lists are not changed once the round is scored, event.py's _run_stage). A mass round's
    # 2,500 tables each looked up in a list of 2,500, or each asking drawn_only, which went
    # through them all again, cost millions of steps a round (issue 23: results.json, a drawn
    # round 1 read on every entry's page, partial and the counts on each of the round's pages).
    @functools.cached_property
    def pending_tables(self) -> frozenset[int]:
        return frozenset(self.pending)

    @functools.cached_property
    def unplayed_tables(self) -> frozenset[int]:
        return frozenset(self.unplayed)

    @functools.cached_property
    def drawn_only(self) -> bool:
        """Drawn, not played: every match of the round is pending (its byes wait with it)."""
        pending = self.pending_tables
        return any(len(s.table.sides) == 2 for s in self.tables) and all(
            s.table.number in pending for s in self.tables if len(s.table.sides) == 2)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (the build's caches, its workers) without what is made again at the first
        asking: the same bytes as before the sets were kept."""
        return {name: value for name, value in self.__dict__.items() if name not in _MADE_AGAIN}

    @functools.cached_property
    def has_counted(self) -> bool:
        """bool(counted), without making the list."""
        pending = self.pending_tables
        return not self.drawn_only and any(s.table.number not in pending for s in self.tables)

    @property
    def counted(self) -> list[TableScore]:
        """The tables that count in the standings (with the late entries' scores of the round)."""
        if self.drawn_only:
            return []
        if not self.pending:  # (every table in: the list as it is, none looked up)
            return [*self.tables, *self.late]
        pending = self.pending_tables
        return [s for s in self.tables if s.table.number not in pending] + self.late

    @property
    def complete(self) -> bool:
        """Every table has its result (a forfeit, a bye): the round counts in the standings."""
        return bool(self.tables) and not self.pending

    @functools.cached_property
    def matches(self) -> int:
        """Tables with a result to enter, the n of "已录 k/n 桌": two sides, none withdrawn
        (byes and a withdrawn side's table are not entered)."""
        unplayed = self.unplayed_tables
        return sum(1 for s in self.tables if len(s.table.sides) == 2 and s.table.number not in unplayed)

    @functools.cached_property
    def entered(self) -> int:
        """Of those (matches), the tables whose result is in: the k of "已录 k/n 桌"."""
        pending, unplayed = self.pending_tables, self.unplayed_tables
        return sum(1 for s in self.tables if len(s.table.sides) == 2 and s.table.number not in pending
                   and s.table.number not in unplayed)

    @functools.cached_property
    def not_played(self) -> int:
        """Tables drawn with two sides not played because a side withdrew (unplayed): not counted
        in "已录 k/n 桌", yet listed on the round's page, so the count says them apart
        (render/html.round_entered_text). Counted as drawn: a pairs table scored without its
        withdrawn pair (80分's opponent sitting out: one side) or pairs (both withdrawn: none)
        is one of them ("已录 7/7 桌" of eight tables left table 5 unsaid)."""
        return len(self.unplayed_tables)

    @functools.cached_property
    def partial(self) -> bool:
        """Some results in, not all: shown on the round's page only, never counted. (A withdrawn
        side's table, in of itself, makes a round partial as before: its result is on the page.)"""
        pending = self.pending_tables
        return bool(pending) and any(len(s.table.sides) == 2 and s.table.number not in pending for s in self.tables)


# RoundResult's figures kept once made (functools.cached_property), left out of its pickle
_MADE_AGAIN = frozenset({"pending_tables", "unplayed_tables", "drawn_only", "has_counted", "matches", "entered",
                         "not_played", "partial"})


@dataclass
class StaleDraw:
    """A round drawn on standings a result corrected since has changed (event-day.md: the draw
    is never redone, and the stage page says what changed). A Swiss round's draw order is
    recorded by `paibang pair` (# draw-order: each entry's primary score, in order); a
    knockout's round 1 is drawn on the seeding stage's standings."""

    round: int
    entries: list[str]  # whose place or primary score in the order the draw read has changed
    # entry -> (the primary score the draw read, today's), where they differ: the figures of the
    # round's # draw-order lines that a correction moved (a Swiss round's only)
    moved: dict[str, tuple[float, float]] = field(default_factory=dict)
    # (round, table) of the results corrected since the draw, where the recorded figures tell
    # which (tournament/stale.py); empty when they do not
    tables: list[tuple[int, int]] = field(default_factory=list)
    # The entries a draw made on today's order would seat against another opponent (or give or
    # take a bye), today's order first: those the correction affects at the table, a tie-break's
    # move as well as a score's (pairing.pairing_changes)
    paired: list[str] = field(default_factory=list)


@dataclass
class StageResult:
    stage: Stage
    field: list[Entry]
    rounds: list[RoundResult]
    standings: list[Standing]
    byes: list[Entry] = field(default_factory=list)  # advance without playing this stage
    qualifiers: list[Entry] = field(default_factory=list)
    # Entries tied across the cut into a knockout, which waits for the tie to be broken
    # (event.py's _qualify): no qualifiers' notice is posted until it is.
    cut_tied: list[str] = field(default_factory=list)
    # A tie across the cut into a knockout already drawn: its draw settled it (event.py's
    # _qualify), the tied entries it draws kept, the others left out; said on the stage page.
    cut_kept: list[str] = field(default_factory=list)
    cut_left: list[str] = field(default_factory=list)
    # The next stage (a Swiss, a round robin) drawn from qualifiers a correction here has changed
    # since: it keeps the entries drawn (event.py's _field_as_drawn). Those kept though ranked
    # out now, and those ranked in now but not drawn; said on the stage page.
    field_kept: list[str] = field(default_factory=list)
    field_left: list[str] = field(default_factory=list)
    # Not a correction: a setting (advance count, rank_by) changed in event.yaml since the next
    # stage was drawn (qualifiers-advance-changed): what changed, and who moved, in every locale;
    # on the stage advancing (advance_changed_next) and on the stage drawn (advance_changed),
    # both pages say it so.
    advance_changed_next: tuple[dict[str, str], dict[str, str]] | None = None
    advance_changed: tuple[dict[str, str], dict[str, str]] | None = None
    # A setting changed since the next stage was drawn and a result corrected as well (the
    # warning says both): what changed, in every locale, said after the corrected results' note;
    # and on the knockout drawn (settings_also), what changed and who moved by the results and
    # the settings now, after its round 1's stale note, so that both pages say the setting.
    settings_also_next: dict[str, str] | None = None
    settings_also: tuple[dict[str, str], dict[str, str]] | None = None
    lots: dict[str, int] = field(default_factory=dict)  # each entry's place in the stage's draw of lots
    primary: str = ""  # the score tie-breaks and Swiss score groups are built on
    draw_rules: DrawRules | None = None  # how rounds are drawn, for the stage page (_draw_rules.html)
    # Fully played rounds, from round 1 without a gap: the standings are "after round N" of these.
    rounds_played: int = 0
    status: str = SCHEDULED
    late: dict[str, list[int]] = field(default_factory=dict)  # late entry -> the rounds it missed
    # Rounds drawn by `paibang pair` on standings that have changed since.
    stale_draws: list[StaleDraw] = field(default_factory=list)
    # A Swiss stage's stale draws as its page and the desk say them, a note a correction: the
    # rounds drawn before it and what it changed, each in every locale (tournament/stale.py), and
    # those rounds (the desk says a note with the saves of what they were drawn on).
    stale_notes: list[tuple[dict[str, str], dict[str, str], tuple[int, ...]]] = field(default_factory=list)
    # A Swiss stage's rounds whose draw was checked against its recorded figures, each with the
    # figures that moved since (empty: none): what tells the round a correction is in
    # (tournament/stale.py), for its own stale draws and a knockout's seeded from it.
    draw_checks: dict[int, dict[str, tuple[float, float]]] = field(default_factory=dict)
    # A knockout's round 1, or a Swiss's or round robin's field, drawn on standings that have
    # changed since (stale_draws): their stage's id.
    drawn_from: str = ""
    bracket: Any = None  # a knockout stage's bracket (tournament/knockout.py's Bracket)
    # A pairs round as `paibang print` prints it: board -> the movement's (round, table, NS, EW)
    # for every round that plays it (pairing.travelling_lines), so its travellers are real ones.
    travelling: dict[int, list[tuple[int, int, str, str]]] = field(default_factory=dict)

    def qualifier_notes(self) -> list[tuple[str, dict[str, Any]]]:
        """What the stage page says under the standings about the next stage's draw, and the
        qualifier list after its text, in that order: each a catalogue word and its figures (ids
        as lists, words as {locale: text}; render/remarks.py's qualifier_note_texts words them).
        A tie at a knockout's cut waiting, or settled by its draw, first; then either a setting
        changed since the draw (no result did: advance_changed_next, which field_kept and
        field_left also record for a knockout) or a result corrected since, never the one said as
        the other (rev61: the list said a count lowered from 8 to 4 was a corrected result); a
        result corrected and a setting changed as well: both, the correction first, whose note
        says who moves (the setting after it, as the check warning says them)."""
        notes: list[tuple[str, dict[str, Any]]] = []
        if self.cut_tied:
            notes.append(("cut_tied_note", {"ids": self.cut_tied}))
        if self.cut_left:
            notes.append(("cut_tied_drawn_note", {"ids": self.cut_kept + self.cut_left, "kept": self.cut_kept,
                                                  "left": self.cut_left}))
        if self.advance_changed_next:
            settings, moved = self.advance_changed_next
            notes.append(("qualifiers_advance_drawn_note", {"settings": settings, "moved": moved}))
        elif self.field_kept or self.field_left:
            # (one side empty said alone: "by the standings now no one qualifies" read as nobody at all)
            word = "qualifiers_drawn_note" if self.field_kept and self.field_left else \
                "qualifiers_drawn_note_out" if self.field_kept else "qualifiers_drawn_note_in"
            notes.append((word, {"kept": self.field_kept, "left": self.field_left}))
            if self.settings_also_next:
                notes.append(("qualifiers_settings_also_note", {"settings": self.settings_also_next}))
        return notes

    @property
    def has_results(self) -> bool:
        """At least one table of the stage has a result (a draw alone is not a result)."""
        return any(r.has_counted for r in self.rounds)

    @property
    def withdrawn_before(self) -> int:
        """Entries of the field withdrawn before the stage's first round: its list of entries
        marks them 退赛 and counts them apart from those who play (_macros.html, field_count)."""
        return sum(1 for entry in self.field if entry.withdrawn_by(1, self.stage.id))

    @property
    def complete(self) -> bool:
        return self.status == COMPLETE

    @property
    def shows_after_round(self) -> bool:
        """Whether the stage's status and its standings' caption say 第 N 轮后 (N: rounds_played):
        a stage of more than one round with a round played, but not a finished knockout, whose
        placings come from its bracket, not from a round. Its standings exist only once it is
        finished (standings need a round played, a knockout's its bracket decided), so an
        unfinished knockout's status says which round its bracket has reached."""
        return bool(self.rounds_played) and self.stage.rounds > 1 and not (self.bracket is not None and self.complete)

    @property
    def final_ranking(self) -> bool:
        """Whether its standings are captioned its final ranking (最终排名), not 第 N 轮后: a stage
        of more than one round, complete (event-day.md), not a knockout (its placings say so)."""
        return self.complete and self.stage.rounds > 1 and self.bracket is None

    @property
    def drawn_rounds(self) -> list[RoundResult]:
        """Rounds drawn and not yet played through: what the draw bulletin (对阵表) posts, while
        any table is still to be entered (event-day.md: only the blank forms wait for no table
        entered; the notice stays up while the room plays, a forfeit entered of itself included),
        until the round is complete and its results replace it."""
        return [r for r in self.rounds if r.pending]

    def standing_of(self, entry_id: str) -> Standing | None:
        return standing_of(self.standings, entry_id)

    def standings_by_entry(self) -> dict[str, Standing]:
        return standings_by_entry(self.standings)


def standing_of(standings: list[Standing], entry_id: str) -> Standing | None:
    return next((s for s in standings if s.entry.id == entry_id), None)


def standings_by_entry(standings: list[Standing]) -> dict[str, Standing]:
    """Each entry's standing, as standing_of finds it: for pages that look up every entry."""
    found: dict[str, Standing] = {}
    for standing in standings:
        found.setdefault(standing.entry.id, standing)
    return found


@dataclass
class EventResult:
    event: Event
    stages: list[StageResult]
    credits: list[CreditLine]
    status: str = SCHEDULED

    @property
    def withdrawn_before(self) -> int:
        """Entries of the field withdrawn before the stage's first round: its list of entries
        marks them 退赛 and counts them apart from those who play (_macros.html, field_count)."""
        return sum(1 for entry in self.field if entry.withdrawn_by(1, self.stage.id))

    @property
    def complete(self) -> bool:
        return self.status == COMPLETE

    @property
    def last_stage(self) -> StageResult | None:
        return self.stages[-1] if self.stages else None

    def stage_of(self, stage_id: str) -> StageResult:
        return next(s for s in self.stages if s.stage.id == stage_id)


@dataclass(frozen=True)
class DrawRules:
    """How a stage's rounds are drawn, as data the stage page words (_draw_rules.html): the rules
    the draw follows, in order, as UI word keys (draw_rule_swiss_1 …), and what they name: the
    metrics the ranking compares (`rank_by` without lot), the primary score (a metric, or ""),
    and the side written first at a table (a UI word key); what a bye scores, by metric."""

    steps: tuple[str, ...]
    rank_by: tuple[str, ...]
    primary: str
    first_side: str
    by_hand: str = ""  # a round robin's rounds written by hand, not from the Berger table: completing | written
    # What a bye earns (Game.bye_credit), the metrics the ranking compares, in its order (80分:
    # match_points 12, net 0); () where the game has no bye (an odd entry out plays substitutes).
    bye: tuple[tuple[str, float], ...] = ()
    substitute: bool = False  # the odd entry out meets the substitutes: no bye is given
    # A round robin cut short (fewer `rounds` than every two meeting once takes): (entries, the
    # rounds it plays, the rounds a full one takes); () for a full one.
    partial: tuple[int, int, int] = ()


@dataclass
class CreditLine:
    name: str
    group: str | None
    points: int = 0
    reasons: list[tuple[str, int]] = field(default_factory=list)  # (reason code, points)
    # `private: [group]`: the group's digest (Entry.withheld_group), never shown: a line is one
    # person's, as a player is, by name and group (two namesakes of different private groups
    # are two lines), and it finds its player by it (render/players.py).
    withheld_group: str | None = None

    def add(self, reason: str, points: int) -> None:
        self.points += points
        self.reasons.append((reason, points))
