"""What the site's indexes read of an event, without its rounds: an EventSummary.

The archive, the players' index and each player's page, the search index, the feed and what
every event page shares with the others (who is who) need an event's title, dates, entries,
officials, credits and where each entry finished, never its tables. A build keeps each event's
summary beside its full reading in the event cache (generator/event_cache.py): a rebuild after
one results file changed reads the other events' summaries only, a few kilobytes each, and the
full reading of an event only where its own pages are rendered again. A build, full or not,
holds each event as its line (SummaryLine, LazySummary: its digests, title and the rows
players' pages show of it, packed: pack_line), a bounded number of summaries read through their
lines, and the events it is rendering: not every event's summary, nor every event whole.

An EventSummary answers the attributes of tournament/results.py's EventResult that the indexes
use, by the same names (`event`, `stages`, `credits`, `status`, `complete`, `last_stage`; a
stage's `stage`, `standings`, `has_results`, `rounds_played`, `status`, `complete`), so that the
index code reads either. tests/test_summary.py renders the indexes from both and compares them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import pickle
import struct
from collections import OrderedDict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from generator.content.model import Event, Stage
from generator.tournament.results import (COMPLETE, IN_PROGRESS, CreditLine, EventResult, StageResult, standing_of,
                                          standings_by_entry)
from generator.tournament.standings import Standing, Tally, marked_withdrawn


@dataclass
class StageSummary:
    stage: Stage
    standings: list[Standing]  # their tallies without the matches (tournament/standings.py's Tally)
    has_results: bool
    rounds_played: int
    status: str

    @property
    def complete(self) -> bool:
        return self.status == COMPLETE

    def standing_of(self, entry_id: str) -> Standing | None:
        return standing_of(self.standings, entry_id)

    def standings_by_entry(self) -> dict[str, Standing]:
        return standings_by_entry(self.standings)


@dataclass
class EventSummary:
    event: Event  # without its rounds, notices or bulletin texts
    stages: list[StageSummary]
    credits: list[CreditLine]
    status: str
    # Each bulletin as the build plans it (render/pdf.py's `planned`: name, title, what its
    # printing key is made of, its characters), when the build that summarised the event
    # planned its bulletins (None: built without them).
    bulletins: list[tuple[str, str, tuple[str, ...], str, str]] | None = None
    names: str = ""  # names_digest(event), made once when the event is summarised
    credits_key: str = ""  # credits_digest(result), likewise
    card: str = ""  # card_digest(result), likewise
    placings: str = ""  # placings_digest(result), likewise

    @property
    def complete(self) -> bool:
        return self.status == COMPLETE

    @property
    def last_stage(self) -> StageSummary | None:
        return self.stages[-1] if self.stages else None


def champions(result: EventResult | EventSummary) -> list[Any]:
    """The standings ranked first in the last stage, once the event is over (never while it is
    in progress): the winners an event's card in the archive names. A stage ranking fields apart
    (a two-winner Mitchell) has one a field, each with its `field` (NS, EW) to be named by."""
    last = result.last_stage
    if last is None or not result.complete:
        return []
    return [s for s in last.standings if s.rank == 1]


class Champion(NamedTuple):
    id: str
    label: str
    name: str | None
    player_names: str
    field: str | None = None  # NS or EW, a two-winner stage's winner: "Winners: NS A / B, EW C / D"


class ArchiveCard(NamedTuple):
    """What an event's card in the archive shows beside its event's title, days, game, venue
    and organiser (templates/index.html), as plain data: kept in its line, so that the archive's
    pages read no event's summary (2,000 of them, each on two or three pages)."""

    status: str
    complete: bool
    now: tuple[str, int, int] | None  # the last stage with results: its name, rounds, rounds played
    champions: tuple[Champion, ...]


def archive_card(result: EventResult | EventSummary) -> ArchiveCard:
    if isinstance(result, LazySummary):
        return result.line.archive_card
    played = [s for s in result.stages if s.has_results]
    now = (played[-1].stage.name, played[-1].stage.rounds, played[-1].rounds_played) if played else None
    return ArchiveCard(result.status, result.complete, now,
                       tuple(Champion(s.entry.id, s.entry.label, s.entry.name, s.entry.player_names, s.field)
                             for s in champions(result)))


def event_complete(result: EventResult | EventSummary) -> bool:
    """Whether the event is over (its status complete), from its line when known by its line (a
    player's page asks it of each of the person's events, and reads no summary for it)."""
    if isinstance(result, LazySummary):
        return result.line.archive_card.complete
    return result.complete


def last_day(result: EventResult | EventSummary) -> dt.date:
    """The event's last day: its last date, or a later stage's day once that stage has results."""
    if isinstance(result, LazySummary):
        return _last_day_in(result.packed)
    stage_days = [s.stage.date for s in result.stages if s.stage.date and s.has_results]
    return max([*result.event.dates, *stage_days])


def first_day(result: EventResult | EventSummary) -> dt.date | None:
    """The event's first day (None: it has no dates), from its line's head when known by its
    line: the archive, the feed and who is who ask it of every event."""
    if isinstance(result, LazySummary):
        packed = result.packed
        count, game = _COUNTS.unpack_from(packed, _COUNTS_AT)
        return dt.date.fromordinal(struct.unpack_from("<I", packed, _LINE_HEAD.size + game)[0]) if count else None
    dates = result.event.dates
    return dates[0] if dates else None


def card_digest(result: EventResult | EventSummary) -> str:
    """What the event's card in the archive shows (templates/index.html: title, dates, game,
    venue, organiser, language, the champions, or how far it has come), as a digest: an archive
    page is kept while its cards are (render/html.py), though a results file of an event on it
    changed."""
    if is_summary(result) and result.card:
        return result.card
    event, shown = result.event, archive_card(result)
    card = [event.slug, event.title, [day.isoformat() for day in event.dates], event.game, event.venue,
            event.organizer, event.locale, shown.status, shown.complete, shown.now, shown.champions]
    return hashlib.sha256(json.dumps(card, ensure_ascii=False, default=str).encode()).hexdigest()


def _shown_standing(st: Any, stage: Any) -> tuple:
    """What a player's page shows of one standing (render/players.py's ShownStanding), and what
    placings_digest keeps its pages by: the one tuple for both. The place a `then:` stage gave
    (placed_by), that the entry withdrew in `stage` or before it (退赛, as the standings' remark
    says), the score that placed it (_placing_score), that a pair sat with no board scored
    (nothing_scored), and that it is not ranked for having withdrawn under half-way
    (under_half), only where there are: the digest as it was without them."""
    withdrawn = marked_withdrawn(st, stage.id)
    if withdrawn and st.under_half:
        # not ranked, having withdrawn under half-way (Standing.under_half): its row says why
        # beside 退赛, as the standings' remark does (no score: it placed it nowhere)
        return (st.entry.id, st.rank, st.tied, st.qualified, st.prize.name if st.prize else None,
                bool(st.tally.forfeited), st.placed_by_name, withdrawn, None, None, False, True)
    if st.rank is None and st.tally.nothing_scored:
        # a pair that sat at np boards only (Tally.nothing_scored): its row says so, as its
        # entry page does, and the digest changes when a pair goes from not seated to that
        return (st.entry.id, st.rank, st.tied, st.qualified, st.prize.name if st.prize else None,
                bool(st.tally.forfeited), st.placed_by_name, withdrawn, None, None, True)
    score = _placing_score(st, stage)
    if score:
        return (st.entry.id, st.rank, st.tied, st.qualified, st.prize.name if st.prize else None,
                bool(st.tally.forfeited), st.placed_by_name, withdrawn, *score)
    return (st.entry.id, st.rank, st.tied, st.qualified, st.prize.name if st.prize else None,
            bool(st.tally.forfeited), *((st.placed_by_name, True) if withdrawn else
                                        (st.placed_by_name,) if st.placed_by_name else ()))


def _placing_score(st: Any, stage: Any) -> tuple[str, Any] | tuple[()]:
    """The metric a ranked entry's place is by and its value (a pairs stage's percentage,
    74.95), for a player's row to show beside the place: the stage's first `rank_by` metric.
    None where the place is not by a score: a knockout's (its bracket's), one a `then:` stage
    gave, an entry not ranked: nothing."""
    if st.rank is None or st.placed_by_name or stage.format == "knockout":
        return ()
    metric = next((m for m in stage.rank_by if m != "lot"), None)
    if metric is None or metric not in st.tally.metrics:
        return ()
    return metric, st.tally.metrics[metric]


def placings_digest(result: EventResult | EventSummary) -> str:
    """Where each entry finished in each stage (rank, tie, qualification, prize, forfeit), each
    stage's name and day, and the event's card, names and credits, as a digest: what a player's
    page shows of one of their events (render/html.py keeps the page by these), so that a
    results file that moves no one leaves the pages of the event's players as they were."""
    if is_summary(result) and result.placings:
        return result.placings
    return _placings(result, card_digest(result), names_of(result), credits_digest(result))


def _placings(result: EventResult | EventSummary, card: str, names: str, credits: str) -> str:
    """placings_digest, the event's card, names and credits digests given (summarise makes them once)."""
    stages = [[s.stage.id, s.stage.name, str(s.stage.date), s.has_results, _after_round(s),
               [_shown_standing(st, s.stage) for st in s.standings]] for s in result.stages]
    shown = [card, names, credits, stages]
    return hashlib.sha256(json.dumps(shown, ensure_ascii=False).encode()).hexdigest()


def names_digest(event: Event) -> str:
    """What names the event and who is in it (title, dates, organiser, venue; each entry's id,
    name, group, players and their ids; its officials), as a digest: the site's search index
    (render/html.py's _records_key) and who is who across events (render/players.py) are made
    of these, and a results file changes none of them."""
    names = [event.slug, event.title, [day.isoformat() for day in event.dates], event.organizer, event.venue,
             [[e.id, e.name, e.group, e.substitute, [[p.name, p.id] for p in e.players]] for e in event.entries.values()],
             [[o.name, o.role] for o in event.officials]]
    return hashlib.sha256(json.dumps(names, ensure_ascii=False).encode()).hexdigest()


def names_of(result: EventResult | EventSummary) -> str:
    """names_digest of the event: as its summary keeps it, else made now."""
    if is_summary(result) and result.names:
        return result.names
    return names_digest(result.event)


def credits_digest(result: EventResult | EventSummary) -> str:
    """The event's credit lines (who earned what, and why) as a digest: a player's page shows
    their credits total, made of every one of their events' (render/html.py's player pages)."""
    if is_summary(result) and result.credits_key:
        return result.credits_key
    lines = [[c.name, c.group, c.points, c.reasons] for c in result.credits]
    return hashlib.sha256(json.dumps(lines, ensure_ascii=False).encode()).hexdigest()


def is_summary(result: object) -> bool:
    """An event's summary (or its line: LazySummary), not its whole result."""
    return isinstance(result, (EventSummary, LazySummary))


def summarise(result: EventResult | EventSummary,
              bulletins: list[tuple[str, str, tuple[str, ...], str, str]] | None = None) -> EventSummary:
    """The summary of a scored event (a summary stays as it is, its bulletins added if given)."""
    if isinstance(result, LazySummary):
        result = result.whole()
    if isinstance(result, EventSummary):
        return result if bulletins is None else replace(result, bulletins=bulletins)
    # A stage without the game's options (a bridge stage's hand records, its boards): the
    # indexes name a stage and date it, nothing more.
    stages = {id(stage): replace(stage, options=None, late_options=None) for stage in result.event.stages}
    event = replace(result.event, rounds={}, notices=[], bulletin_text={},
                    stages=[stages[id(stage)] for stage in result.event.stages])
    # Each digest made once: the placings' is made of the other three.
    names, credits, card = names_digest(result.event), credits_digest(result), card_digest(result)
    return EventSummary(event, [_stage(s, stages) for s in result.stages], list(result.credits), result.status,
                        bulletins, names, credits, card, _placings(result, card, names, credits))


def _stage(stage_result: StageResult, stages: dict[int, Stage]) -> StageSummary:
    stage = stages.get(id(stage_result.stage)) or replace(stage_result.stage, options=None, late_options=None)
    return StageSummary(stage, [_standing(s) for s in stage_result.standings],
                        stage_result.has_results, stage_result.rounds_played, stage_result.status)


def _standing(standing: Standing) -> Standing:
    tally = standing.tally
    slim = Tally(tally.entry, dict(tally.metrics), tally.played, tally.won, tally.drawn, tally.lost, tally.forfeited,
                 nothing_scored=tally.nothing_scored)
    return replace(standing, tally=slim)


class SummaryLine(NamedTuple):
    """An event as a build needs it when it neither reads the event again nor renders its pages:
    where it is, its game and days, and the digests its pages and the indexes are kept by. The
    event cache keeps a ledger of these (generator/event_cache.py), their rows apart from them:
    a rebuild after one results file changed reads no other event's summary, except
    where a page that shows it is rendered (LazySummary). A tuple of text, numbers and dates,
    kept packed (pack_line): the ledger of 2,000 events is read in a few milliseconds."""

    slug: str
    folder: str
    game: str
    dates: tuple[dt.date, ...]
    locale: str | None
    has_stages: bool
    last_day: dt.date | None
    names: str
    credits_key: str
    card: str
    placings: str
    bulletins: list[tuple[str, str, tuple[str, ...], str, str]] | None
    title: str
    rows: bytes | None  # what players' pages show of the event (shown_rows), pickled; None: kept apart (LazySummary.rows)
    organizer: str | None  # with the title and the entries in `rows`: all the search index lists of it
    venue: str | None
    entry_count: int  # how its pages are shared among the render workers (entry_count)
    archive_card: ArchiveCard


def line_of(summary: EventSummary) -> SummaryLine:
    event = summary.event
    return SummaryLine(event.slug, str(event.folder), event.game, tuple(event.dates), event.locale, bool(event.stages),
                       last_day(summary) if event.dates else None, names_of(summary),
                       credits_digest(summary), card_digest(summary), placings_digest(summary), summary.bulletins,
                       event.title, pickle.dumps(shown_rows(summary), protocol=pickle.HIGHEST_PROTOCOL),
                       event.organizer, event.venue, len(event.entries), archive_card(summary))


# Who sits where in one event, as plain data, for matching people across events (render/players.py):
#   seats:     ((entry id, group, substitute, ((player's name, id or None), ...)), ...) in the event's order
#   officials: ((name, role), ...)
# (ids are matched on, never shown: like the rest of the event cache, kept in the user's own folder)
Seats = tuple[tuple[str, str | None, bool, tuple[tuple[str, str | None], ...]], ...]
Seating = tuple[Seats, tuple[tuple[str, str], ...]]

# What a player's row shows of one event (render/players.py), as plain data, and who is who in it:
#   entries: entry id -> (name, group, substitute, its players' names)
#   stages:  (stage id, stage name, ((entry id, rank, tied, qualified, prize's name, forfeited[, placed by,
#            withdrawn[, metric, score[, nothing_scored[, under_half]]]]), ...), after) (_shown_standing),
#            each entry's first standing in the stage (standings_by_entry); after: N while the
#            stage is in progress and its standings are "after round N", else 0 (final)
#   credits: ((name, group, points), ...) in the event's order (a private group's digest in its
#            place, as in seating: matched by, never shown)
#   seating: Seating, above
ShownRows = tuple[dict[str, tuple[str | None, str | None, bool, tuple[str, ...]]],
                  tuple[tuple[str, str, tuple[tuple[Any, ...], ...], int], ...],
                  tuple[tuple[str, str | None, int], ...],
                  Seating]


def shown_rows(result: EventResult | EventSummary) -> ShownRows:
    """What players' pages show of the event (placings_digest's digest is made of the same),
    without its Entry, Standing and CreditLine objects: kept in its line, so that a build
    renders every player's page without holding, or reading again, any event's summary."""
    if isinstance(result, LazySummary):
        return pickle.loads(result.rows())
    entries = _shown_entries(result.event)
    stages = tuple((s.stage.id, s.stage.name,
                    tuple(_shown_standing(st, s.stage) for st in standings_by_entry(s.standings).values()),
                    _after_round(s))
                   for s in result.stages)
    return (entries, stages, tuple((c.name, c.group or c.withheld_group, c.points) for c in result.credits),
            _seating(result.event))


def _after_round(stage: StageResult | StageSummary) -> int:
    """N while the stage is in progress (its standings are "after round N", event-day.md), 0
    once it is complete (its standings are final) or before any round is fully played."""
    return stage.rounds_played if stage.status == IN_PROGRESS else 0


def seating(result: EventResult | EventSummary) -> Seating:
    """Who sits where in the event (Seating), for matching people: an event known by its line is
    not read again for it (a 2,000-event archive's matching read every event's summary, and the
    process doing it grew past 110 MB)."""
    if isinstance(result, LazySummary):
        return shown_rows(result)[3]
    return _seating(result.event)


def _seating(event: Any) -> Seating:
    # (a private group's digest in its place, getattr: an entry read by an older paibang has none)
    return (tuple((e.id, e.group or getattr(e, "withheld_group", None), e.substitute,
                   tuple((p.name, p.id) for p in e.players)) for e in event.entries.values()),
            tuple((o.name, o.role) for o in event.officials))


def entry_count(result: EventResult | EventSummary) -> int:
    """How many entries the event has: an event known by its line is not read again for it."""
    return result.line.entry_count if isinstance(result, LazySummary) else len(result.event.entries)


def shown_entries(result: EventResult | EventSummary) -> dict[str, tuple[str | None, str | None, bool, tuple[str, ...]]]:
    """shown_rows' entries alone (the search index's): an event known by its line is not read again."""
    if isinstance(result, LazySummary):
        return shown_rows(result)[0]
    return _shown_entries(result.event)


def _shown_entries(event: Any) -> dict[str, tuple[str | None, str | None, bool, tuple[str, ...]]]:
    return {e.id: (e.name, e.group, e.substitute, tuple(p.name for p in e.players)) for e in event.entries.values()}


SUMMARIES_HELD = 256  # summaries read through their lines and held at a time (the most recently used)
_held: OrderedDict[int, LazySummary] = OrderedDict()
LINES_HELD = 64  # lines unpacked and held at a time (the most recently used: LazySummary.line)
_lines_held: OrderedDict[int, LazySummary] = OrderedDict()


def pack_line(line: SummaryLine) -> bytes:
    """A line (its rows kept apart) as the ledger keeps it and a build holds it: one bytes object
    of some 600 bytes, not the 25 objects of its fields (3 kB): a build holds every event's line
    from its reading to its last page, and each render worker it forks inherits them. What the
    build asks of every event (whether it has stages, its days, game and digests: _LINE_HEAD)
    comes first, read where it lies (LazySummary, LazyEvent); the rest pickled after it,
    unpickled only where a page that shows it is made. A rebuild of 2,000 events asked each
    event's line eight times over (the reading, who is who, the archive, the feed, the search
    index's key), 16,000 lines unpickled, a third of what such a rebuild did beyond a
    50-event one's."""
    digests = (line.names, line.credits_key, line.card, line.placings)
    try:
        raw = [bytes.fromhex(digest) for digest in digests]
    except (TypeError, ValueError):
        raw = []
    game = line.game.encode("utf-8", "surrogateescape")
    if any(len(digest) != 32 for digest in raw):
        raw = []
    flags = ((_HAS_STAGES if line.has_stages else 0) | (_DIGESTS if len(raw) == 4 else 0)
             | (_BULLETINS if line.bulletins is not None else 0))
    rest = line._replace(dates=(), game="", has_stages=False, last_day=None,
                         **({} if len(raw) < 4 else dict(names="", credits_key="", card="", placings="")))
    days = [day.toordinal() for day in line.dates]
    head = _LINE_HEAD.pack(flags, line.last_day.toordinal() if line.last_day is not None else 0, len(days), len(game),
                           *(raw or [b""] * 4))
    return (head + game + struct.pack(f"<{len(days)}I", *days)
            + pickle.dumps(rest, protocol=pickle.HIGHEST_PROTOCOL))


# A packed line's head: flags, its last day's ordinal (0: none), the counts of its days and of its
# game's bytes, its four digests (names, credits_key, card, placings: sha256s, zeros when they
# are kept in the pickle instead); then the game, the days' ordinals, and the rest, pickled.
# (The counts as 32 and 16 bits: an event.yaml may list more than 65,535 dates, which no check
# refuses, and a line that cannot be packed would stop the build.)
_LINE_HEAD = struct.Struct("<BIIH32s32s32s32s")
_COUNTS_AT, _COUNTS = 5, struct.Struct("<IH")  # where the counts of days and of the game's bytes are
_HAS_STAGES, _DIGESTS, _BULLETINS = 1, 2, 4  # (_BULLETINS: planned, not None)
# Where each digest lies: after the flags, the last day and the two counts.
_DIGEST_AT = {name: struct.calcsize("<BIIH") + 32 * number
              for number, name in enumerate(("names", "credits_key", "card", "placings"))}


def bulletins_planned(packed: bytes) -> bool:
    """Whether the packed line's bulletins were planned (its `bulletins` not None)."""
    return bool(packed[0] & _BULLETINS)


def _days_in(packed: bytes) -> tuple[dt.date, ...]:
    count, game = _COUNTS.unpack_from(packed, _COUNTS_AT)
    return tuple(map(dt.date.fromordinal, struct.unpack_from(f"<{count}I", packed, _LINE_HEAD.size + game)))


def _game_in(packed: bytes) -> str:
    return packed[_LINE_HEAD.size:_LINE_HEAD.size + _COUNTS.unpack_from(packed, _COUNTS_AT)[1]].decode("utf-8", "surrogateescape")


def _last_day_in(packed: bytes) -> dt.date | None:
    ordinal = struct.unpack_from("<I", packed, 1)[0]
    return dt.date.fromordinal(ordinal) if ordinal else None


def _digest_in(packed: bytes, name: str) -> str | None:
    """One of the line's digests, from its head (None: kept in its pickle)."""
    if not packed[0] & _DIGESTS:
        return None
    at = _DIGEST_AT[name]
    return packed[at:at + 32].hex()


def _rest_at(packed: bytes) -> int:
    """Where the packed line's pickled rest starts: after its head, game and days."""
    count, game = _COUNTS.unpack_from(packed, _COUNTS_AT)
    return _LINE_HEAD.size + game + 4 * count


def line_head(packed: bytes) -> bytes:
    """The packed line without its pickled rest: what a build asks of every event (whether it
    has stages, its days, game and digests), read where it lies, and all of it the line a build
    holds of an event whose rest lies apart (event_cache.py's EventCache: a fifth of the line's
    bytes). A LazySummary with its head alone reads the rest from its source when asked."""
    return packed[:_rest_at(packed)]


def unpack_line(packed: bytes) -> SummaryLine:
    rest: SummaryLine = pickle.loads(memoryview(packed)[_rest_at(packed):])
    found = dict(game=_game_in(packed), dates=_days_in(packed), has_stages=bool(packed[0] & _HAS_STAGES),
                 last_day=_last_day_in(packed))
    if packed[0] & _DIGESTS:
        found.update((name, _digest_in(packed, name)) for name in _DIGEST_AT)
    return rest._replace(**found)


class LineSource(Protocol):
    """Where the events known by their lines read their summaries and rows, by the event's key
    (event_cache.py's, for one site): one for all of a build's lines."""

    def summary(self, key: str, folder: Path) -> EventSummary: ...

    def rows(self, key: str) -> bytes | None: ...

    def line(self, key: str) -> bytes: ...


class LazySummary:
    """An event's summary known by its line (SummaryLine), packed (pack_line): the line's
    attributes are answered from it, unpacked when asked (the LINES_HELD last asked for are
    held so); anything else (its entries, standings, credits) reads the summary from the event
    cache (`source`, by the event's key). The SUMMARIES_HELD most recently used are held; the
    others are read again when asked: a build holds a bounded number of summaries, not the
    archive's, and of each event a few objects and its packed line."""

    __slots__ = ("packed", "_source", "_key", "_folder", "_whole", "_line", "event")

    def __init__(self, packed: bytes, source: LineSource, key: str, folder: Path | None = None) -> None:
        self.packed = packed
        self._source = source
        self._key = key
        self._folder = folder  # the event folder as the build names it, when given
        self._whole: EventSummary | None = None
        self._line: SummaryLine | None = None
        self.event = LazyEvent(self, folder)

    @property
    def line(self) -> SummaryLine:
        line = self._line
        if line is None:
            packed = self.packed
            if len(packed) == _rest_at(packed):  # its head alone (line_head): the whole line from the source
                packed = self._source.line(self._key)
            line = self._line = unpack_line(packed)
            _lines_held[id(self)] = self
            while len(_lines_held) > LINES_HELD:
                _, oldest = _lines_held.popitem(last=False)
                oldest._line = None
        else:
            _lines_held.move_to_end(id(self))
        return line

    bulletins = property(lambda self: self.line.bulletins)
    # (read from the packed line's head: asked of every event, by every rebuild)
    names = property(lambda self: _digest_in(self.packed, "names") or self.line.names)
    credits_key = property(lambda self: _digest_in(self.packed, "credits_key") or self.line.credits_key)
    card = property(lambda self: _digest_in(self.packed, "card") or self.line.card)
    placings = property(lambda self: _digest_in(self.packed, "placings") or self.line.placings)
    # Its status from its line's card (archive_card: the summary's own), not from the summary:
    # a player's page asks it of every one of the person's events (Person.scheduled), and each
    # asked so read its event's summary, SUMMARIES_HELD of them held at a time: a persons'
    # render worker of a 2,000-event archive, whose players had played 250 events each, grew
    # by 20 MiB (the build's peak), where at 200 events it read 25 summaries a person.
    status = property(lambda self: self.line.archive_card.status)

    def rows(self) -> bytes:
        """What players' pages show of the event, pickled (shown_rows): where the ledger keeps
        it apart from the line (read when first asked), else made from the summary."""
        found = self._source.rows(self._key)
        if found is None:
            found = self.line.rows
        return found if found is not None else pickle.dumps(shown_rows(self.whole()), protocol=pickle.HIGHEST_PROTOCOL)

    def whole(self) -> EventSummary:
        """The summary itself."""
        if self._whole is None:
            self._whole = self._source.summary(self._key, self._folder or Path(self.line.folder))
            _held[id(self)] = self
            while len(_held) > SUMMARIES_HELD:
                _, oldest = _held.popitem(last=False)
                oldest._whole = None
        else:
            _held.move_to_end(id(self), last=True)
        return self._whole

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in LazySummary.__slots__:  # copy and pickle look for these: not the summary's
            raise AttributeError(name)
        return getattr(self.whole(), name)

    def __reduce__(self) -> tuple:
        return (_whole_summary, (self.whole(),))  # sent to another process: as the summary itself


def _whole_summary(summary: EventSummary) -> EventSummary:
    return summary


class LazyEvent:
    """A LazySummary's event: its slug and folder at once, the line's attributes from the line,
    the others from the summary."""

    __slots__ = ("slug", "folder", "_owner")

    def __init__(self, owner: LazySummary, folder: Path | None = None) -> None:
        self._owner = owner
        # (an event's slug is its folder's name: content/load.py)
        self.folder = folder or Path(owner.line.folder)  # the event folder as the build names it, when given
        self.slug = folder.name if folder is not None else owner.line.slug

    # What it answers from its owner's line, as the event would (its dates as a list): as
    # properties, found as any attribute is, where __getattr__ is only asked once Python's own
    # lookup has failed (a player's page reads some ten of these for each of its rows, 96,000
    # at 200 events: a third of the time each). The game, whether it has stages and its dates
    # come from the packed line's head, without unpickling the line: every rebuild asks them of
    # every event.
    game = property(lambda self: _game_in(self._owner.packed))
    locale = property(lambda self: self._owner.line.locale)
    title = property(lambda self: self._owner.line.title)
    organizer = property(lambda self: self._owner.line.organizer)
    venue = property(lambda self: self._owner.line.venue)
    has_stages = property(lambda self: bool(self._owner.packed[0] & _HAS_STAGES))
    dates = property(lambda self: list(_days_in(self._owner.packed)))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in LazyEvent.__slots__:
            raise AttributeError(name)
        return getattr(self._owner.whole().event, name)

    def __reduce__(self) -> tuple:
        return (_whole_summary, (self._owner.whole().event,))
