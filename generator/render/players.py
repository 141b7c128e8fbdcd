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
and group), so it is stable across builds, safe in a URL, and shows neither id nor name.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import astuple, dataclass, field

from generator.content.model import Entry, Event
from generator.tournament.results import CreditLine, EventResult
from generator.tournament.standings import Standing

KEY_LENGTH = 10


@dataclass
class StageMark:
    """How an entry did in one stage: the stage name and its standing (None: not ranked there)."""

    stage_id: str
    stage_name: str
    standing: Standing | None


@dataclass
class PersonEvent:
    """One person in one event: the entry they played in (if any), how it did, their credits."""

    result: EventResult
    entry: Entry | None = None
    teammates: list[tuple[str, Person]] = field(default_factory=list)  # (name as written, person)
    stages: list[StageMark] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # official roles: referee, host, …
    credits: CreditLine | None = None

    @property
    def final(self) -> StageMark | None:
        """The last stage in which the entry was ranked: its place in the event."""
        ranked = [s for s in self.stages if s.standing is not None and s.standing.rank is not None]
        return ranked[-1] if ranked else None

    @property
    def prizes(self) -> list[str]:
        return [s.standing.prize.name for s in self.stages if s.standing and s.standing.prize]


@dataclass(frozen=True)
class Apart:
    """Why a person is kept apart (rule 5): in `event`, `count` players share their name and
    group; this one played in entry `entry_id`."""

    event: str
    entry_id: str
    count: int


@dataclass
class Person:
    key: str
    name: str
    groups: list[str]
    by_id: bool
    events: list[PersonEvent] = field(default_factory=list)
    homonyms: list[Person] = field(default_factory=list)
    apart: Apart | None = None

    @property
    def group(self) -> str | None:
        return self.groups[0] if self.groups else None

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


def person_key(identity: str, length: int = KEY_LENGTH) -> str:
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:length]


def _id_identity(player_id: str) -> str:
    return f"id:{player_id}"


def _name_identity(name: str, group: str | None) -> str:
    return f"name:{name}\n{group or ''}"


def _namesakes(event: Event) -> dict[tuple[str, int], tuple[str, Apart]]:
    """Rule 5: (entry id, player index) -> (identity, why) for each player without an id whose
    name and group another seat of the event shares. A substitute entry's players are left out:
    a substitute is the regular player of that name filling a table (rule 2 joins them)."""
    seats: dict[tuple[str, str | None], list[tuple[str, int]]] = {}
    for entry in event.entries.values():
        if entry.substitute:
            continue
        for index, player in enumerate(entry.players):
            if not player.id:
                seats.setdefault((player.name, entry.group), []).append((entry.id, index))
    apart: dict[tuple[str, int], tuple[str, Apart]] = {}
    for (name, group), found in seats.items():
        if len(found) < 2:
            continue
        for entry_id, index in found:
            # The n-th of the name in its entry: a team may hold two of one name.
            nth = [i for e, i in found if e == entry_id].index(index) + 1
            identity = _name_identity(name, group) + f"\n{event.slug}/{entry_id}" + (f"#{nth}" if nth > 1 else "")
            apart[(entry_id, index)] = (identity, Apart(event.title, entry_id, len(found)))
    return apart


def _chronological(results: list[EventResult]) -> list[EventResult]:
    return sorted(results, key=lambda r: (r.event.dates[0].isoformat() if r.event.dates else "", r.event.slug))


@dataclass
class People:
    everyone: list[Person]  # by name, then key
    seats: dict[tuple[str, str, int], Person]  # (event slug, entry id, player index) -> person
    named: dict[tuple[str, str, str | None], Person]  # (event slug, name, group) -> person, for credits
    _by_event: dict[str, list[str]] | None = field(default=None, repr=False)  # keys_in, made once

    def of(self, slug: str, entry_id: str, index: int) -> Person | None:
        return self.seats.get((slug, entry_id, index))

    def named_in(self, slug: str, name: str, group: str | None) -> Person | None:
        return self.named.get((slug, name, group))

    def keys_in(self, slug: str) -> list[str]:
        """Which person each name of the event links to (its seats, its credits and officials), as
        text: all an event's pages take from the other events (render/incremental.py's event_key)."""
        if self._by_event is None:
            found: dict[str, list[str]] = {}
            for (event, entry_id, index), person in self.seats.items():
                found.setdefault(event, []).append(f"{entry_id}/{index}={person.key}")
            for (event, name, group), person in self.named.items():
                found.setdefault(event, []).append(f"{name}\n{group or ''}={person.key}")
            self._by_event = {event: sorted(keys) for event, keys in found.items()}
        return self._by_event.get(slug, [])


def collect_people(results: list[EventResult]) -> People:
    """Every person of every event, matched by the rules above."""
    ordered = _chronological(results)
    # Rule 3 needs to know, before anything else, which ids used each (name, group).
    ids_by_name: dict[tuple[str, str | None], set[str]] = {}
    for result in ordered:
        for entry in result.event.entries.values():
            for player in entry.players:
                if player.id:
                    ids_by_name.setdefault((player.name, entry.group), set()).add(player.id)

    people: dict[str, Person] = {}  # identity -> person
    seats: dict[tuple[str, str, int], Person] = {}
    named: dict[tuple[str, str, str | None], Person] = {}

    def person_for(name: str, group: str | None, player_id: str | None,
                   apart: tuple[str, Apart] | None = None) -> Person:
        if not player_id and apart is None:
            owners = ids_by_name.get((name, group), set())
            if len(owners) == 1:
                player_id = next(iter(owners))
        if apart is not None:
            identity = apart[0]
        else:
            identity = _id_identity(player_id) if player_id else _name_identity(name, group)
        person = people.get(identity)
        if person is None:
            person = people[identity] = Person(person_key(identity), name, [], by_id=bool(player_id),
                                               apart=apart[1] if apart else None)
        person.name = name  # the latest spelling names the page
        if group:
            if group in person.groups:
                person.groups.remove(group)
            person.groups.insert(0, group)  # the latest group first
        return person

    for result in ordered:
        event = result.event
        credit_lines = {(c.name, c.group): c for c in result.credits}
        seen: dict[int, PersonEvent] = {}  # one row per person in this event
        players_by_name: dict[str, list[tuple[Person, PersonEvent]]] = {}
        standings = [(s, s.standings_by_entry()) for s in result.stages]
        namesakes = _namesakes(event)
        for entry in event.entries.values():
            marks = [StageMark(s.stage.id, s.stage.name, ranked[entry.id]) for s, ranked in standings
                     if entry.id in ranked]
            persons = [person_for(p.name, entry.group, p.id, namesakes.get((entry.id, index)))
                       for index, p in enumerate(entry.players)]
            for index, (player, person) in enumerate(zip(entry.players, persons)):
                seats[(event.slug, entry.id, index)] = person
                named.setdefault((event.slug, player.name, entry.group), person)
                row = seen.get(id(person))
                if row is None:
                    row = seen[id(person)] = PersonEvent(result)
                    person.events.append(row)
                if row.entry is None or (row.entry.substitute and not entry.substitute):
                    row.entry = entry
                    row.teammates = [(p.name, other) for j, (p, other) in enumerate(zip(entry.players, persons))
                                     if j != index]
                    row.stages = marks
                row.credits = row.credits or credit_lines.get((player.name, entry.group))
                players_by_name.setdefault(player.name, []).append((person, row))
        for official in event.officials:
            namesakes = {id(p): (p, r) for p, r in players_by_name.get(official.name, [])}
            if len(namesakes) == 1:
                person, row = next(iter(namesakes.values()))
            else:
                person = person_for(official.name, None, None)
                row = seen.get(id(person))
                if row is None:
                    row = seen[id(person)] = PersonEvent(result)
                    person.events.append(row)
            named.setdefault((event.slug, official.name, None), person)
            if official.role not in row.roles:
                row.roles.append(official.role)
            row.credits = row.credits or credit_lines.get((official.name, None))

    everyone = sorted(people.values(), key=lambda p: (p.name, p.key))
    _settle_key_collisions(everyone, people)
    by_name: dict[str, list[Person]] = {}
    for person in everyone:
        by_name.setdefault(person.name, []).append(person)
        person.events.reverse()  # newest first on the page
    for person in everyone:
        person.homonyms = [p for p in by_name[person.name] if p is not person]
    return People(everyone, seats, named)


def _settle_key_collisions(everyone: list[Person], people: dict[str, Person]) -> None:
    """Two identities with the same short hash (vanishingly rare) both get longer keys."""
    by_key: dict[str, list[str]] = {}
    for identity, person in people.items():
        by_key.setdefault(person.key, []).append(identity)
    for identities in by_key.values():
        if len(identities) > 1:
            for identity in identities:
                people[identity].key = person_key(identity, 2 * KEY_LENGTH)


def people_by_group(people: list[Person], no_group: str) -> list[tuple[str, list[Person]]]:
    """The players index: groups in order of their names, people by name within each."""
    groups: dict[str, list[Person]] = {}
    for person in people:
        groups.setdefault(person.group or no_group, []).append(person)
    return sorted(groups.items(), key=lambda item: (item[0] == no_group, item[0]))
