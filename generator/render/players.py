"""People across events: who played (or refereed) where, for the `/players/<key>/` pages.

Content names a person in each event's entry list, and names are not unique. The rule, shown
on every player page in the site's words (`matching_rule_text`):

1. A player with an `id` (entries[].players[].id) is one person wherever that id appears,
   whatever the name or group written beside it.
2. A player without an id is one person per (name, group): the same name in another group is
   another person. Homonyms are never merged silently; their pages link to each other.
3. A player without an id joins the person with an id who appeared under the same name and
   group, when there is exactly one such person; with two or more, rule 2 applies.
4. An official (referee, host) is the player of the same name in the same event when exactly
   one player has that name there (a referee filling in as a substitute); otherwise the
   official is a person by name alone (no group).
5. Within one event, two players without an id who share name and group (in two entries, or
   twice in one) are two people: each has a page of their own, which says so. Neither can be
   told apart from the other elsewhere, so neither joins anyone of another event (rules 2, 3).

A person's key, used in the URL, is a short hash of what identifies them (the id, or the name
and group), so it is stable across builds, safe in a URL, and shows neither id nor name. An id
that holds a number (a member number, 2021001) is not hashed into it: such a player's key is
made of the seat where that id first appears (_numbered_identity). A
private group (`private: [group]`) is not hashed into it: such a player's key is made of their
name and their group's place among the name's private groups (_private_identity).
"""

from __future__ import annotations

import hashlib
import io
import json
import pickle
from array import array
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import astuple, dataclass, field
from typing import Any, NamedTuple

from generator.caches import Spill, file_spill, packed, unpacked
from generator.content.model import WITHHELD, Event
from generator.content.reader import holds_number
from generator.forking import can_fork, forked_pool
from generator.tournament.results import SCHEDULED, EventResult
from generator.tournament.standings import rank_label
from generator.tournament.summary import EventSummary, Seats, event_complete, first_day, names_of, seating, shown_rows

KEY_LENGTH = 10


class ShownEntry(NamedTuple):
    """An entry as a player's row shows it (tournament/summary.py's shown_rows)."""

    id: str
    name: str | None
    group: str | None
    substitute: bool
    players: tuple[str, ...]  # their names

    @property
    def name_beside_id(self) -> str | None:
        """Entry.name_beside_id: a team named as its id is not named twice."""
        return self.name if self.name and self.name != self.id else None


@dataclass(frozen=True, slots=True)
class ShownStanding:
    """An entry's standing in a stage as a player's row shows it: its place, not its tally."""

    rank: int | None
    tied: bool
    qualified: bool
    prize: str | None  # the prize's name
    forfeited: bool
    # a knockout's place after its bracket's (`then:`): the name of the stage whose ranking gave it
    placed_by: str | None = None
    withdrawn: bool = False  # it withdrew in this stage or an earlier one (退赛)
    # the score its place is by (the stage's first rank_by metric) and its value: 得分率 74.95
    metric: str | None = None
    score: Any = None
    # not ranked, but it sat: a pairs pair whose every board was np (Tally.nothing_scored)
    nothing_scored: bool = False
    # not ranked: withdrawn under half-way of a stage ranked by a percentage (Standing.under_half),
    # said beside 退赛 as the standings' remark says it
    under_half: bool = False

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank, self.tied)


class ShownCredit(NamedTuple):
    """A credit line as a player's row shows it: its total."""

    name: str
    group: str | None
    points: int


@dataclass
class StageMark:
    """How an entry did in one stage: the stage name and its standing (None: not ranked there)."""

    stage_id: str
    stage_name: str
    standing: ShownStanding | None
    after_round: int = 0  # N: the stage is in progress, the standing is "after round N"; 0: final
    position: int | None = None  # its place in the stage's standings list, from 0 (html.py's standing_url)


@dataclass
class PersonEvent:
    """One person in one event: the entry they played in (if any), how it did, their credits.
    `result` is the event's result, summary or line (LazySummary): a row reads its event's slug,
    title, dates, game and locale, which a line answers, and the rest from shown_rows."""

    result: EventResult
    entry: ShownEntry | None = None
    teammates: list[tuple[str, Person]] = field(default_factory=list)  # (name as written, person)
    stages: list[StageMark] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # official roles: referee, host, …
    credits: ShownCredit | None = None

    @property
    def final(self) -> StageMark | None:
        """The last stage in which the entry was ranked: its place in the event."""
        ranked = [s for s in self.stages if s.standing is not None and s.standing.rank is not None]
        return ranked[-1] if ranked else None

    @property
    def final_place(self) -> bool:
        """Whether `final` is the entry's place in the event: the event is over (event-day.md: no
        final ranking while it is in progress; a stage finished before the last is not the
        event's place yet: a player out after the Swiss, or in the knockout still running).
        Whether it is over is in the placings digest (its card's), so the page is made again
        when it ends."""
        final = self.final
        return final is not None and not final.after_round and event_complete(self.result)

    @property
    def prizes(self) -> list[str]:
        return [s.standing.prize for s in self.stages if s.standing and s.standing.prize]


@dataclass(frozen=True)
class Apart:
    """Why a person is kept apart (rule 5): in `event`, `count` players share their name and
    group; this one played in entry `entry_id`."""

    event: str
    entry_id: str
    count: int


@dataclass(eq=False)
class Person:
    key: str
    name: str
    groups: list[str]
    by_id: bool
    homonyms: list[Person] = field(default_factory=list)
    apart: Apart | None = None
    slugs: list[str] = field(default_factory=list)  # the events the person appears in, newest first
    _people: People | None = field(default=None, repr=False)
    _rows: list[PersonEvent] | None = field(default=None, repr=False)

    @property
    def events(self) -> list[PersonEvent]:
        """One row per event, newest first: made when first asked for (a player page, the
        search index's detail), not for every person of the archive at every build."""
        if self._rows is None:
            self._rows = self._people.rows_of(self) if self._people is not None else []
        return self._rows

    @property
    def scheduled(self) -> int:
        """How many of the person's events have no result yet (a session drawn, not played): the
        page counts the events played apart from these."""
        if self._people is None:
            return 0
        results = self._people.results
        return sum(1 for slug in self.slugs if slug in results and results[slug].status == SCHEDULED)

    def rows(self, slugs: list[str]) -> list[PersonEvent]:
        """The person's rows in the events `slugs` (a page of their events), newest first."""
        if self._rows is not None or self._people is None:
            wanted = set(slugs)
            return [row for row in self.events if row.result.event.slug in wanted]
        return self._people.rows_of(self, slugs)

    def years(self, slugs: list[str]) -> list[int]:
        """The years of the events `slugs` (their first days'; an undated event's none), read
        from their summaries: a page's label in the pager of a person's pages, without its rows."""
        results = self._people.results if self._people is not None else {}
        return [day.year for slug in slugs if slug in results and (day := first_day(results[slug])) is not None]

    def forget_rows(self) -> None:
        """Let go of the rows `events` made: a render worker renders thousands of persons' pages,
        each with its own rows (one worker held 100,000 rows of 400 persons at 2,000 events)."""
        self._rows = None

    @property
    def group(self) -> str | None:
        return self.groups[0] if self.groups else None

    @property
    def latest(self) -> Event | None:
        """The newest event the person appears in (without making their rows)."""
        return self._people.results[self.slugs[0]].event if self._people is not None and self.slugs else None

    @property
    def shown(self) -> str:
        """Who the person's page says they are, namesakes included: what its key is made of
        beside the events (render/incremental.py's player_key)."""
        def who(person: Person) -> list:
            return [person.key, person.name, person.groups, person.by_id, astuple(person.apart) if person.apart else None]
        return json.dumps([who(self), [who(other) for other in self.homonyms]], ensure_ascii=False)

    @property
    def credits_total(self) -> int:
        return sum(e.credits.points for e in self.events if e.credits)

    @property
    def has_credits(self) -> bool:
        return any(e.credits for e in self.events)


# An unkeyed hash: anyone can hash a candidate id and compare it with /players/<key>/, so an id
# drawn from a small space (a year's student numbers, some 10^5) is read back from the address
# (rev34: 2021110002 in 0.01 s). A keyed hash (HMAC under a secret of the site's) was weighed
# again and not taken. The address must be the same on every machine that ever builds the site
# and in every build (the events' pages link to it, the search index and the feed carry it,
# bookmarks and search engines keep it), so the key would have to live in content/, the folder
# that also holds the ids: one more file to create before the first build (a build never writes
# content/), to carry with every copy and never lose or change (losing it moves every player's
# address), and one that protects only the sites that have it, while a site without it would
# fall back to the unkeyed hash, as leaky as before. A player's id only ties one person's
# events together; nothing needs it to be a personal number. So the cause is refused at the
# door: an entry's or a player's id that is or holds a student, phone or ID-card number (8
# digits or more) is an error (load.py, id-looks-personal) with the fix (a code of the club's
# own such as M001, the number under the private student_id). What is left to hash is a code
# that says nothing about its person (the name, the other identity, is on the page itself).
# The demo's players carry no such ids: its addresses are unchanged.
def person_key(identity: str, length: int = KEY_LENGTH) -> str:
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:length]


def _id_identity(player_id: str) -> str:
    return f"id:{player_id}"


# An id that holds a number of 6 or 7 digits (a club's member number, 2021001; 8 or more are
# refused, id-looks-personal) passed that check, and its player's address was the unkeyed hash of
# `id:2021001`: 10^7 candidates, hashed in seconds, gave the number back. Three ways were weighed:
# - the user's key (seals.secret, as the import record's digests are keyed): it lives in the
#   config folder of whoever builds, so the site built on another computer (a second secretary,
#   a CI runner that makes a new key each run) gives every such player another address each time,
#   and the events' pages, the feed and the search that link to it move with it (person_key's
#   comment says why the address must be the same wherever the site is built);
# - a slow hash (scrypt): 10^7 tries still fall to a few machines in days, and each build pays;
# - (taken) nothing of the id at all: the key is made of where the id first sat, the event, entry
#   and seat (in date order, as rule 5's keys are), which every page of theirs shows anyway. It is
#   the same on every computer and in every build, and gives nothing to try numbers against.
#   It moves only if an event dated earlier, in which the same id sat, is added later (or that
#   first event's entry is renamed or its players reordered), as _private_identity's order can.
# Ids holding no such number (M001, wang-xm, a date) keep the hash of the id, and their addresses.
def _numbered_identity(slug: str, entry_id: str, index: int) -> str:
    return f"numbered:{slug}/{entry_id}#{index + 1}"


def _name_identity(name: str, group: str | None) -> str:
    return f"name:{name}\n{group or ''}"


# A player without an id whose group is private (`private: [group]`: its digest, WITHHELD first,
# in the group's place) is not keyed by it: the digest is an unkeyed hash of the group, so the key
# of (name, digest) let anyone confirm a guessed group by hashing it (person_key's comment). The
# key is made of the name alone, which the page shows anyway, and the namesakes of different
# private groups are told apart by their order of first appearance (the events in date order,
# each event's entries in their order): the first is `private:<name>`, the next
# `private:<name>\n2`, and so on. That order says nothing of the groups but which came first,
# which the pages show. It keeps addresses as stable as anything that knows nothing of the
# group can: a newer event never moves an existing page (its new namesakes come after), and a
# name no other private group has (nearly everyone's) keeps the same address whatever is added. Only
# an event dated before a namesake's first appearance that brings in yet another namesake of a
# private group renumbers those after it; an order taken from the digests would not, but it
# would again tell something of the groups. A seat with an id counts too, so that giving a
# player an id (rule 3) moves no one else.
def _private_identity(name: str, ordinal: int) -> str:
    return f"private:{name}" + (f"\n{ordinal}" if ordinal > 1 else "")


def _withheld(group: str | None) -> bool:
    """Whether `group` is a private group's digest (content/model.py's withheld_group)."""
    return group is not None and group.startswith(WITHHELD)


def _namesakes(event: Event, seated: Seats) -> dict[tuple[str, int], tuple[str, Apart]]:
    """Rule 5: (entry id, player index) -> (identity, why) for each player without an id whose
    name and group another seat of the event shares. A substitute entry's players are left out:
    a substitute is the regular player of that name filling a table (rule 2 joins them)."""
    seats: dict[tuple[str, str | None], list[tuple[str, int]]] = {}
    for entry_id, group, substitute, players in seated:
        if substitute:
            continue
        for index, (name, player_id) in enumerate(players):
            if not player_id:
                seats.setdefault((name, group), []).append((entry_id, index))
    apart: dict[tuple[str, int], tuple[str, Apart]] = {}
    for (name, group), found in seats.items():
        if len(found) < 2:
            continue
        for entry_id, index in found:
            # The n-th of the name in its entry: a team may hold two of one name.
            nth = [i for e, i in found if e == entry_id].index(index) + 1
            # (a private group's digest left out: the event and entry tell this seat apart, and
            # the group's digest is the guessable hash _private_identity keeps out of keys)
            who = _private_identity(name, 1) if _withheld(group) else _name_identity(name, group)
            identity = who + f"\n{event.slug}/{entry_id}" + (f"#{nth}" if nth > 1 else "")
            apart[(entry_id, index)] = (identity, Apart(event.title, entry_id, len(found)))
    return apart


def _chronological(results: list[EventResult]) -> list[EventResult]:
    def day_and_slug(result: EventResult) -> tuple[str, str]:
        day = first_day(result)
        return day.isoformat() if day is not None else "", result.event.slug

    return sorted(results, key=day_and_slug)


# Who is who in one event, as data (numbers are places in PeopleIndex.persons):
#   seats: (entry id, player index, person), named: (name, group, person).
EventPeople = tuple[list[tuple[str, int, int]], list[tuple[str, str | None, int]]]
# A person's rows, as data: for each of their events, by slug, (entry id or None, player index
# or None, credit lines' (name, group) in the order they are tried, roles, the persons seated in
# that entry in its players' order): the seat their row shows, and their teammates.
PersonRows = dict[str, tuple[str | None, int | None, tuple[tuple[str, str | None], ...], tuple[str, ...], tuple[int, ...]]]


@dataclass
class PeopleIndex:
    """Who is who across the site, as data: what collect_people matched, kept by the record of
    the build (render/incremental.py) for the next one. It holds while no event's names change
    (`inputs`: every event's names_digest, in order): a results file changes none, and the
    next build then matches nobody again (100,000 seats in 2,000 events: half a second)."""

    inputs: str
    persons: list[tuple[str, str, list[str], bool, tuple | None, list[str]]]  # key, name, groups, by_id, apart, slugs
    events: dict[str, tuple[str, bytes]]  # slug -> (keys_in's digest, the EventPeople: caches.packed)
    # Each person's rows (PersonRows, caches.packed: 8.6 MB pickled at 2,000 events, 0.4 MB
    # so), in the order of `persons`: a player's page reads its own, not every event's seats (a render worker
    # unpacked a whole event for one row). The last build's are read from the record when first
    # asked (render/incremental.py's _SideRows).
    rows: Sequence[bytes]

    def data(self) -> tuple:
        """As plain data, for the record: reading the record of a build that has nothing to do
        must not import this module (and the readers it needs)."""
        return (self.inputs, self.persons, self.events, self.rows)


# The rules' own version, in people_inputs: a build matches again rather than take the last
# build's persons (PeopleIndex) when it is not the one they were matched by, else a site whose
# names did not change keeps the keys an older paibang gave. 2: a private group's players keyed
# without it (_private_identity); the keys the older one gave them let a group be guessed.
# 3: a player whose id holds a number keyed by their first seat (_numbered_identity), not the id.
MATCHING_RULES = 3


def people_inputs(results: list[EventResult | EventSummary]) -> str:
    """What the matching of people is made of: the rules (MATCHING_RULES) and each event's names
    (tournament/summary.py's names_digest: entries, players and their ids, officials, dates), in
    date order."""
    digest = hashlib.sha256(f"rules {MATCHING_RULES}\0".encode())
    for result in _chronological(results):
        digest.update(f"{result.event.slug}\0{names_of(result)}\0".encode())
    return digest.hexdigest()


@dataclass(eq=False)
class People:
    everyone: list[Person]  # by name, then key
    index: PeopleIndex
    persons: list[Person]  # in the index's order: its numbers
    results: dict[str, EventResult]  # by slug
    # Who is who in an event (its seats and names), unpacked, by slug: the ROWS_HELD most recently used.
    _events: OrderedDict[str, tuple[dict, dict]] = field(default_factory=OrderedDict, repr=False)
    _numbers: dict[str, int] = field(default_factory=dict, repr=False)  # person's key -> number
    # What rows show of an event (_shown), by slug: the ROWS_HELD most recently used.
    _shown: OrderedDict[str, tuple] = field(default_factory=OrderedDict, repr=False)

    def _event(self, slug: str) -> tuple[dict, dict]:
        found = self._events.get(slug)
        if found is not None:
            self._events.move_to_end(slug)
            return found
        persons = self.persons
        seats, named = unpacked(self.index.events[slug][1]) if slug in self.index.events else ([], [])
        found = self._events[slug] = ({(entry_id, index): persons[n] for entry_id, index, n in seats},
                                      {(name, group): persons[n] for name, group, n in named})
        while len(self._events) > ROWS_HELD:  # a render worker's events come one after the other
            self._events.popitem(last=False)
        return found

    def of(self, slug: str, entry_id: str, index: int) -> Person | None:
        return self._event(slug)[0].get((entry_id, index))

    def named_in(self, slug: str, name: str, group: str | None) -> Person | None:
        return self._event(slug)[1].get((name, group))

    def keys_in(self, slug: str) -> str:
        """Which person each name of the event links to (its seats, its credits and officials), as
        a digest: all an event's pages take from the other events (render/incremental.py's event_key)."""
        events = self.index.events
        if isinstance(events, SpilledSeats):  # (its digest alone: who sits where is not read for it)
            return events.digest(slug)
        found = events.get(slug)
        return found[0] if found else ""

    def rows_of(self, person: Person, slugs: list[str] | None = None) -> list[PersonEvent]:
        """The person's row in each of their events (of `slugs`, else all), newest first."""
        if not self._numbers:
            self._numbers.update((p.key, n) for n, p in enumerate(self.persons))
        try:
            blob = self.index.rows[self._numbers[person.key]]
        except Exception:  # noqa: BLE001 - the last build's, kept apart, and gone or not ours: matched again
            self.index.rows = _match(list(self.results.values()), self.index.inputs).rows  # (the same persons)
            blob = self.index.rows[self._numbers[person.key]]
        mine: PersonRows = unpacked(blob)
        return [self._row(slug, mine[slug]) for slug in (person.slugs if slugs is None else slugs)]

    def _row(self, slug: str, seat: tuple) -> PersonEvent:
        result = self.results[slug]
        entries, stages, credit_lines = self._shown_in(slug)
        entry_id, index, credit_keys, roles, seated = seat
        row = PersonEvent(result, roles=list(roles))
        if entry_id is not None:
            entry = row.entry = ShownEntry(entry_id, *entries[entry_id])
            row.teammates = [(name, self.persons[seated[j]]) for j, name in enumerate(entry.players) if j != index]
            row.stages = [StageMark(stage_id, name, ShownStanding(*ranked[entry_id][1][1:]), after, ranked[entry_id][0])
                          for stage_id, name, ranked, after in stages if entry_id in ranked]
        # Each of the person's lines: a player who also refereed (rule 4) has one as a player (by
        # name and group) and one as an official (by name alone), and earned both.
        credited = [k for k in dict.fromkeys(credit_keys) if k in credit_lines]
        if credited:  # (by a private group's digest, if so: matched by, never shown)
            name, group = credited[0]
            row.credits = ShownCredit(name, None if _withheld(group) else group,
                                      sum(credit_lines[k] for k in credited))
        return row

    def _shown_in(self, slug: str) -> tuple[dict, list, dict]:
        """What the rows show of the event (tournament/summary.py's shown_rows, from its line when
        the build holds only that), as it was pickled but for a dict of each stage's standings by
        entry: a row makes its own entry's objects, not the whole event's (three times the
        cost of unpickling). The ROWS_HELD events last asked for are kept."""
        found = self._shown.get(slug)
        if found is not None:
            self._shown.move_to_end(slug)
            return found
        entries, stages, credits, _ = shown_rows(self.results[slug])
        found = self._shown[slug] = (
            entries,
            # each entry's standing with its place in the standings (which of their pages holds its row)
            [(stage_id, name, {placed[0]: (position, placed) for position, placed in enumerate(ranked)}, after)
             for stage_id, name, ranked, after in stages],
            {(name, group): points for name, group, points in credits})
        while len(self._shown) > ROWS_HELD:
            self._shown.popitem(last=False)
        return found


# Events whose rows (and seats) People holds unpacked at a time, the most recently used. A row
# unpacks only its own entry's objects (_row), so a miss costs about an unpickling: at 2,000
# events, the persons' render workers took as long with 64 as with 512, and 8 MB less each.
ROWS_HELD = 64


def collect_people(results: list[EventResult | EventSummary], known: tuple | None = None) -> People:
    """Every person of every event, matched by the rules above; by `known` (the last build's
    PeopleIndex, as its `data`) when no event's names have changed since. Each person's rows
    are made when first asked for (Person.events)."""
    inputs = people_inputs(results)
    try:
        index = PeopleIndex(*known) if known else None
    except TypeError:  # a record of another shape
        index = None
    if index is None or index.inputs != inputs:
        index = _match_apart(results, inputs)
    # Each person's events are the index's list, not a copy (a person of 250 events, 2 kB a list):
    # neither is ever changed.
    persons = [Person(key, name, list(groups), by_id, apart=Apart(*apart) if apart else None, slugs=slugs)
               for key, name, groups, by_id, apart, slugs in index.persons]
    everyone = sorted(persons, key=lambda p: (p.name, p.key))
    people = People(everyone, index, persons, {r.event.slug: r for r in results})
    by_name: dict[str, list[Person]] = {}
    for person in everyone:
        person._people = people
        by_name.setdefault(person.name, []).append(person)
    for person in everyone:
        person.homonyms = [p for p in by_name[person.name] if p is not person]
    return people


class PeopleInOneEvent:
    """Who is who in one event (`slug`), as `known` (the last build's PeopleIndex, as its `data`:
    its rows may be left out) matched it, for that event's pages alone: what their names link
    to (`of`, `named_in`, as People's). serve's first step after one event's files were saved
    renders that event's pages with it (build.py's build_event_first), while the event's names
    are as that build read them: collect_people would hash every event's names to find that it
    may take `known`, and make a Person of everyone in the archive (at 2,000 events, a third of
    that step, for the few persons the event seats). Another event's people are not here: asked
    for, it raises (that step is then left to the whole rebuild)."""

    def __init__(self, known: tuple, slug: str) -> None:
        _, persons, events, *_ = known
        made: dict[int, Person] = {}

        def person(number: int) -> Person:
            if number not in made:
                key, name, groups, by_id, apart, slugs = persons[number]
                made[number] = Person(key, name, list(groups), by_id, apart=Apart(*apart) if apart else None,
                                      slugs=list(slugs))
            return made[number]

        seats, named = unpacked(events[slug][1]) if slug in events else ([], [])
        self.slug = slug
        self._seats = {(entry_id, index): person(n) for entry_id, index, n in seats}
        self._named = {(name, group): person(n) for name, group, n in named}

    def _only(self, slug: str) -> None:
        if slug != self.slug:
            raise LookupError(f"who is who in {slug}, asked of {self.slug}'s alone")

    def of(self, slug: str, entry_id: str, index: int) -> Person | None:
        self._only(slug)
        return self._seats.get((entry_id, index))

    def named_in(self, slug: str, name: str, group: str | None) -> Person | None:
        self._only(slug)
        return self._named.get((name, group))


MATCH_APART_FROM = 500  # events from which people are matched in a process of their own (_match_apart)
_MATCHING: dict[str, object] = {}  # set just before forking, read by that process


def _match_apart(results: list[EventResult | EventSummary], inputs: str) -> PeopleIndex:
    """`_match` in a forked process, where the platform forks and the site is large: it unpacks
    every event's seating (from its line: no summary is read) and makes every person's rows,
    and the holes those leave in the heap would stay in this process (at 2,000 events, 50 MB at
    the matching's peak), to be copied by each render worker forked from it. Only the index
    comes back, its blobs (who sits where in each event, each person's rows: 2.6 MB at 2,000
    events) written by that process into a file (caches.Spill) and read from there when asked:
    sent back, they came into this process's heap between what it held already, and every
    render worker inherited them. A smaller site's holes are a few MB: not worth a process."""
    if len(results) < MATCH_APART_FROM or not can_fork():
        return _match(results, inputs)
    spill = file_spill()
    _MATCHING.update(results=results, inputs=inputs, spill=spill)
    try:
        with forked_pool(1) as pool:
            index = pool.submit(_match_here).result()
    except BrokenProcessPool:  # killed (out of memory?): matched here after all
        return _match(results, inputs)
    finally:
        _MATCHING.clear()
    if isinstance(index.rows, array):  # where the blobs lie in the file
        index.events = SpilledSeats(index.events, spill)  # type: ignore[arg-type] - sent as _Seated
        index.rows = SpilledRows(index.rows, spill)
    return index


def _match_here() -> PeopleIndex:
    return _match(_MATCHING["results"], _MATCHING["inputs"], _MATCHING["spill"])


class SpilledSeats(Mapping):
    """PeopleIndex.events whose blobs lie in a file (caches.Spill, `_match_apart`): slug ->
    (digest, blob), the blob read when asked; pickled (the record) as the dict it stands for.
    Held flat, as the matching process sends it (`_Seated`): each event's number by its slug,
    the digests joined (32 bytes each) and where each blob lies in an array, not a tuple, a
    64-character text and a number an event (2,000 events: 0.45 MB, 6,000 objects, inherited
    by every render worker)."""

    def __init__(self, seated: _Seated, spill: Spill) -> None:
        self._numbers, self._digests, self._where = seated
        self._spill = spill

    def __getitem__(self, slug: str) -> tuple[str, bytes]:
        number = self._numbers[slug]
        return self._digest(number), self._spill.get(self._where[number])

    def _digest(self, number: int) -> str:
        return self._digests[32 * number:32 * number + 32].hex()

    def __contains__(self, slug: object) -> bool:
        return slug in self._numbers

    def __iter__(self) -> Iterator[str]:
        return iter(self._numbers)

    def __len__(self) -> int:
        return len(self._numbers)

    def digest(self, slug: str) -> str:
        number = self._numbers.get(slug)
        return self._digest(number) if number is not None else ""

    def __reduce__(self) -> tuple:
        # An event at a time, as the pickler asks for them (render/incremental.py's record), not
        # every event's blob read back at once: a dict as the items come.
        return dict, (), None, None, iter(self.items())


# PeopleIndex.events as the matching process sends it when its blobs lie in a file (SpilledSeats):
# each event's number by its slug, their digests (32 bytes each, joined), where each blob lies.
_Seated = tuple[dict[str, int], bytes, array]


class SpilledRows(Sequence):
    """PeopleIndex.rows whose blobs lie in a file (caches.Spill, `_match_apart`), each read when
    asked; pickled as the list it stands for."""

    def __init__(self, where: array, spill: Spill) -> None:
        self._where, self._spill = where, spill

    def __getitem__(self, number: int) -> bytes:  # type: ignore[override]
        return self._spill.get(self._where[number])

    def __len__(self) -> int:
        return len(self._where)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __reduce__(self) -> tuple:
        return list, (list(self),)


def _match(results: list[EventResult | EventSummary], inputs: str, spill: Spill | None = None) -> PeopleIndex:
    """Who is who (the rules at the top), as a PeopleIndex. With `spill`, its blobs (who sits
    where, each person's rows) are put there, and the index holds where each lies (`_match_apart`):
    its events as _Seated, for SpilledSeats."""
    ordered = _chronological(results)
    # Who sits where in each event, from its line where the build holds that (no summary read),
    # unpacked once for each of the two passes rather than held for both.
    # Rule 3 needs to know, before anything else, which ids used each (name, group).
    ids_by_name: dict[tuple[str, str | None], set[str]] = {}
    # Each (name, private group's digest) numbered among the name's private groups by first
    # appearance, for the keys of those without an id (_private_identity).
    private_ordinal: dict[tuple[str, str], int] = {}
    private_count: dict[str, int] = {}
    numbered: dict[str, str] = {}  # an id holding a number -> its identity (_numbered_identity)
    for result in ordered:
        seated, _ = seating(result)
        for entry_id, group, _, players in seated:
            for index, (name, player_id) in enumerate(players):
                if player_id:
                    ids_by_name.setdefault((name, group), set()).add(player_id)
                    if player_id not in numbered and holds_number(player_id):
                        numbered[player_id] = _numbered_identity(result.event.slug, entry_id, index)
                if _withheld(group) and (name, group) not in private_ordinal:
                    private_count[name] = private_ordinal[(name, group)] = private_count.get(name, 0) + 1

    numbers: dict[str, int] = {}  # identity -> person number
    persons: list[list] = []  # [identity, name, groups, by_id, apart, slugs]

    def person_for(name: str, group: str | None, player_id: str | None,
                   apart: tuple[str, Apart] | None = None) -> int:
        if not player_id and apart is None:
            owners = ids_by_name.get((name, group), set())
            if len(owners) == 1:
                player_id = next(iter(owners))
        if apart is not None:
            identity = apart[0]
        elif player_id:
            identity = numbered.get(player_id) or _id_identity(player_id)
        elif _withheld(group):
            identity = _private_identity(name, private_ordinal[(name, group)])
        else:
            identity = _name_identity(name, group)
        number = numbers.get(identity)
        if number is None:
            number = numbers[identity] = len(persons)
            persons.append([identity, name, [], bool(player_id), astuple(apart[1]) if apart else None, []])
        person = persons[number]
        person[1] = name  # the latest spelling names the page
        if group and not _withheld(group):  # (a private group's digest: matched by, never shown)
            if group in person[2]:
                person[2].remove(group)
            person[2].insert(0, group)  # the latest group first
        return number

    # Each event's seats and names pickled at once, and each person's row in it as it is found
    # (_Gathered), both written aside (`scratch`, a file of this matching's own): the build does
    # not hold every event's seats as objects made between the summaries read and let go (their
    # holes in the heap stayed, 90 MB at 2,000 events, and the render workers forked from it
    # copied them), and the matching holds neither every event's pickles (5 MB at 2,000 events)
    # nor a share of the persons' rows as objects (11 MB at 2,000 events, a quarter of the
    # persons' in each of four passes over those pickles), both of which grew with the archive.
    scratch = Spill()
    events: dict[str, int] = {}  # slug -> where its seats and names lie in `scratch`
    gathered = _Gathered(scratch)
    for result in ordered:
        seated, officials = seating(result)
        event = result.event
        seats: list[tuple[str, int, int]] = []
        named: dict[tuple[str, str | None], int] = {}
        rows: dict[int, list] = {}  # person -> [entry id, index, substitute?, credit keys, roles]
        players_by_name: dict[str, list[int]] = {}
        namesakes = _namesakes(event, seated)
        for entry_id, group, substitute, players in seated:
            for index, (name, player_id) in enumerate(players):
                number = person_for(name, group, player_id, namesakes.get((entry_id, index)))
                seats.append((entry_id, index, number))
                named.setdefault((name, group), number)
                row = rows.get(number)
                if row is None:
                    row = rows[number] = [None, None, True, [], []]
                if row[0] is None or (row[2] and not substitute):
                    row[0], row[1], row[2] = entry_id, index, substitute
                row[3].append((name, group))
                players_by_name.setdefault(name, []).append(number)
        for official_name, role in officials:
            namesakes_here = set(players_by_name.get(official_name, []))
            if len(namesakes_here) == 1:
                number = next(iter(namesakes_here))
            else:
                number = person_for(official_name, None, None)
                rows.setdefault(number, [None, None, True, [], []])
            named.setdefault((official_name, None), number)
            row = rows[number]
            if role not in row[4]:
                row[4].append(role)
            row[3].append((official_name, None))
        in_entry: dict[str, list[int]] = {}  # entry id -> its players' persons, in order
        for seat_entry, _, seat_number in seats:
            in_entry.setdefault(seat_entry, []).append(seat_number)
        for number, (entry_id, index, _, credit_keys, roles) in rows.items():
            persons[number][5].append(event.slug)
            gathered.add(number, event.slug, (entry_id, index, tuple(credit_keys), tuple(roles),
                                              tuple(in_entry[entry_id]) if entry_id is not None else ()))
        events[event.slug] = scratch.put(pickle.dumps(
            (seats, [(name, group, n) for (name, group), n in named.items()]), protocol=pickle.HIGHEST_PROTOCOL))

    _settle_key_collisions(persons)
    index_events: dict[str, tuple[str, bytes]] = {}
    digests, blobs_at = bytearray(), array("Q")  # with `spill`: sent flat (SpilledSeats)
    for slug, where in events.items():  # each event's digest, once every person's key is settled
        seats, named = pickle.loads(scratch.get(where))
        linked = sorted([f"{entry_id}/{index}={persons[n][0]}" for entry_id, index, n in seats]
                        + [f"{name}\n{group or ''}={persons[n][0]}" for name, group, n in named])
        # Packed as the persons' rows are: 3.3 MB of pickles at 2,000 events, 2 MB so.
        blob = packed((seats, named))
        digest = hashlib.sha256("\n".join(linked).encode())
        if spill is None:
            index_events[slug] = (digest.hexdigest(), blob)
        else:
            digests += digest.digest()
            blobs_at.append(spill.put(blob))
    if spill is not None:
        flat: _Seated = ({slug: number for number, slug in enumerate(events)}, bytes(digests), blobs_at)
    # Each person's rows, packed, a person at a time (read back from where they were gathered).
    rows_packed: list[bytes] | array = [] if spill is None else array("Q")
    for number in range(len(persons)):
        blob = packed(gathered.rows_of(number))
        rows_packed.append(blob if spill is None else spill.put(blob))
    return PeopleIndex(inputs, [(key, name, groups, by_id, apart, slugs[::-1])
                                for key, name, groups, by_id, apart, slugs in persons],
                       index_events if spill is None else flat, rows_packed)  # type: ignore[arg-type]


class _Gathered:
    """Each person's rows (PersonRows) as _match finds them, event after event: each row pickled
    and added to its person's bytes, which are written aside (`scratch`) whenever all the
    persons' held together pass GATHERED_HELD bytes, a chunk a person. Held so, the matching's
    memory is that bound and where each person's chunks lie, not every row of the archive."""

    def __init__(self, scratch: Spill) -> None:
        self._scratch = scratch
        self._held: dict[int, bytearray] = {}  # person -> their rows pickled since the last write
        self._size = 0
        self._chunks: dict[int, list[int]] = {}  # person -> where their earlier rows lie in `scratch`

    def add(self, number: int, slug: str, row: tuple) -> None:
        found = pickle.dumps((slug, row), protocol=pickle.HIGHEST_PROTOCOL)
        held = self._held.get(number)
        if held is None:
            held = self._held[number] = bytearray()
        held += found
        self._size += len(found)
        if self._size > GATHERED_HELD:
            for person, data in self._held.items():
                self._chunks.setdefault(person, []).append(self._scratch.put(data))
            self._held, self._size = {}, 0

    def rows_of(self, number: int) -> PersonRows:
        """The person's rows, in the order they were found (the events' order)."""
        data = b"".join([*map(self._scratch.get, self._chunks.pop(number, ())), self._held.pop(number, b"")])
        reading, mine = io.BytesIO(data), {}
        while reading.tell() < len(data):
            slug, row = pickle.load(reading)
            mine[slug] = row
        return mine


GATHERED_HELD = 1 << 20  # bytes of persons' rows _Gathered holds before it writes them aside


def _settle_key_collisions(persons: list[list]) -> None:
    """Each person's key, a short hash of their identity, in place of it; two identities with
    the same short hash (vanishingly rare) both get longer keys."""
    by_key: dict[str, list[list]] = {}
    for person in persons:
        by_key.setdefault(person_key(person[0]), []).append(person)
    for key, found in by_key.items():
        for person in found:
            person[0] = key if len(found) == 1 else person_key(person[0], 2 * KEY_LENGTH)


def people_by_group(people: list[Person], no_group: str) -> list[tuple[str, list[Person]]]:
    """The players index: groups in order of their names, people by name within each."""
    groups: dict[str, list[Person]] = {}
    for person in people:
        groups.setdefault(person.group or no_group, []).append(person)
    return sorted(groups.items(), key=lambda item: (item[0] == no_group, item[0]))
