"""What the site's indexes read of an event, without its rounds: an EventSummary.

The archive, the players' index and each player's page, the search index, the feed and what
every event page shares with the others (who is who) need an event's title, dates, entries,
officials, credits and where each entry finished, never its tables. A build keeps each event's
summary beside its full reading in the event cache (generator/event_cache.py): a rebuild after
one results file changed reads the other events' summaries only, a few kilobytes each, and the
full reading of an event only where its own pages are rendered again; a build holds the
archive's summaries and the events it is rendering, not every event whole.

An EventSummary answers the attributes of tournament/results.py's EventResult that the indexes
use, by the same names (`event`, `stages`, `credits`, `status`, `complete`, `last_stage`; a
stage's `stage`, `standings`, `has_results`, `rounds_played`, `status`, `complete`), so that the
index code reads either. tests/test_summary.py renders the indexes from both and compares them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace

from generator.content.model import Event, Stage
from generator.tournament.results import (COMPLETE, CreditLine, EventResult, StageResult, standing_of,
                                          standings_by_entry)
from generator.tournament.standings import Standing, Tally


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

    @property
    def complete(self) -> bool:
        return self.status == COMPLETE

    @property
    def last_stage(self) -> StageSummary | None:
        return self.stages[-1] if self.stages else None


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
    if isinstance(result, EventSummary) and result.names:
        return result.names
    return names_digest(result.event)


def credits_digest(result: EventResult | EventSummary) -> str:
    """The event's credit lines (who earned what, and why) as a digest: a player's page shows
    their credits total, made of every one of their events' (render/html.py's player pages)."""
    if isinstance(result, EventSummary) and result.credits_key:
        return result.credits_key
    lines = [[c.name, c.group, c.points, c.reasons] for c in result.credits]
    return hashlib.sha256(json.dumps(lines, ensure_ascii=False).encode()).hexdigest()


def is_summary(result: object) -> bool:
    """An event's summary, not its whole result."""
    return isinstance(result, EventSummary)


def summarise(result: EventResult | EventSummary,
              bulletins: list[tuple[str, str, tuple[str, ...], str, str]] | None = None) -> EventSummary:
    """The summary of a scored event (a summary stays as it is, its bulletins added if given)."""
    if isinstance(result, EventSummary):
        return result if bulletins is None else replace(result, bulletins=bulletins)
    # A stage without the game's options (a bridge stage's hand records, its boards): the
    # indexes name a stage and date it, nothing more.
    stages = {id(stage): replace(stage, options=None, late_options=None) for stage in result.event.stages}
    event = replace(result.event, rounds={}, notices=[], bulletin_text={},
                    stages=[stages[id(stage)] for stage in result.event.stages])
    return EventSummary(event, [_stage(s, stages) for s in result.stages], list(result.credits), result.status,
                        bulletins, names_digest(result.event), credits_digest(result))


def _stage(stage_result: StageResult, stages: dict[int, Stage]) -> StageSummary:
    stage = stages.get(id(stage_result.stage)) or replace(stage_result.stage, options=None, late_options=None)
    return StageSummary(stage, [_standing(s) for s in stage_result.standings],
                        stage_result.has_results, stage_result.rounds_played, stage_result.status)


def _standing(standing: Standing) -> Standing:
    tally = standing.tally
    slim = Tally(tally.entry, dict(tally.metrics), tally.played, tally.won, tally.drawn, tally.lost, tally.forfeited)
    return replace(standing, tally=slim)
