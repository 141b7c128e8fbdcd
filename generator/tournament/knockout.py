"""Knockout stages (淘汰赛, `format: knockout`, any game): the bracket, its matches, placings.

The field is seeded (content-format.md): by the ranking of an earlier stage (`seeding: {from:
swiss}`), by a list (`seeding: [T05, T12, …]`, best first), or else in the order the field
arrives (the qualifiers by rank; a first stage: the entries as written). Entries ranked equal
there (3=) are seeded in the order its standings list them (by entry id); entries that come
straight to the knockout (`bye`) follow in the order of the entry list; a list keeps its order.
An entry withdrawn before round 1 (`withdrawn: true`) is not seeded (nor does it qualify: the
next entry does, tournament/event.py); one withdrawn after round 1 is drawn, or later, keeps its
place in the bracket and loses its match by walkover. A match whose two sides have both withdrawn
by its round is not played and sends nobody on (void); the match its winner would have played is
then its other side's walkover, decided without a table, as is a third-place match that a
walkover semi-final sends no loser to. (The rules are silent on two withdrawn sides, seed 001
六.1 giving only the one-sided forfeit: this is what tennis draws and bracket tools do, a double
forfeit or w/o advancing the next opponent, and what leaves every side that plays on its
matches; a referee who wants one side to play on moves its `withdrawn`.)

The bracket has the next power of two of places (12 entries: 16) and one round per halving.
Seeds are placed the standard way, so that the two best can meet only in the final, the best
four only from the semi-finals, and so on: 1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10,
3 v 14, 6 v 11 (each pair of a round adds to the bracket's places + 1). A place beyond the
field is a bye: the top seeds go straight to round 2 (12 entries: seeds 1–4). Matches are
numbered through the bracket, round by round in bracket order; a third-place play-off
(`third_place: true`, the semi-final losers) is numbered just before the final and played in
the final's round. A match not yet known shows "winner of match N" (or "loser of match N").

A match's winner is the game's result; a tie is settled by the game's rule (`Game.
knockout_winner`: the referee's `winner:` on the table by default; Guandan's extra deal). A
forfeit loses. Placings, once every match is decided: the final's winner 1st and loser 2nd; the
third-place match's winner 3rd and loser 4th, or both semi-final losers 3= without one; the
losers of an earlier round share the place after everyone who went further (quarter-final
losers 5=, round-of-16 losers 9=). These ranks are the stage's standings: prizes by place,
qualifiers and the champion read them like a Swiss stage's. With `then: <stage>` the places go
on past the bracket's in that stage's order (placed_after: 前八名, the bracket 1–4, the Swiss
5–8), as far as `places: N`. While the stage is in progress there are no standings and no
champion: the bracket shows how far each entry has come.

`paibang pair` draws the next round from the winners (pairing.py asks `next_round`); a results
file written by hand is checked: every table must be a match of the bracket in that round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from generator import catalogues
from generator.catalogues import LOCALES
from generator.content.model import Entry, Event, Stage
from generator.errors import Mark, Problems
from generator.games import Game, TableScore
from generator.tournament.results import COMPLETE, IN_PROGRESS, SCHEDULED, RoundResult, StageResult, StaleDraw
from generator.tournament.standings import Standing, Tally, tally

if TYPE_CHECKING:
    from generator.content.model import Round


# --- the bracket -------------------------------------------------------------------------------


def bracket_size(entries: int) -> int:
    """The places of a bracket for `entries`: the next power of two (at least 2)."""
    return 1 << max(1, (max(entries, 2) - 1).bit_length())


def seed_order(size: int) -> list[int]:
    """The seeds in bracket order, top to bottom: each round-1 pair adds to size + 1, and the
    seeds that would meet later sit in different halves, quarters, ….

    >>> seed_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        places = len(order) * 2
        order = [seed for top in order for seed in (top, places + 1 - top)]
    return order


@dataclass
class Slot:
    """One side of a bracket match: a seed (round 1, or a bye into round 2), or the winner (the
    loser, for the third-place play-off) of an earlier match; `entry` once it is known."""

    seed: int | None = None
    source: int | None = None  # the match whose winner (loser) fills it
    loser: bool = False
    entry: str | None = None
    empty: bool = False  # its source is decided and sends nobody (a void match; a walkover's loser)


@dataclass
class Match:
    number: int
    round: int
    slots: list[Slot]
    kind: str = "match"  # match | semi | final | third
    score: TableScore | None = None  # the table that plays it, once drawn
    winner: str | None = None
    loser: str | None = None
    void: bool = False  # not played, nobody goes on: both sides withdrawn by its round, or empty

    @property
    def sides(self) -> list[str | None]:
        return [slot.entry for slot in self.slots]

    @property
    def known(self) -> bool:
        """Both sides known: the match can be drawn."""
        return all(slot.entry is not None for slot in self.slots)

    @property
    def decided(self) -> bool:
        return self.winner is not None or self.void

    @property
    def walkover(self) -> bool:
        """Won without play and without a table: its other side's place is empty (Slot.empty)."""
        return self.winner is not None and self.loser is None and any(slot.empty for slot in self.slots)


@dataclass
class Bracket:
    size: int  # places, a power of two
    rounds: int
    seeds: list[str]  # entry ids, seed 1 first (empty: the field is not known yet)
    field_size: int
    byes: list[int]  # the seeds that go straight to round 2
    matches: list[Match]
    third_place: bool = False
    champion: str | None = None  # only once the final is decided
    # The matches whose table was drawn before a correction of a match feeding them, or fed by
    # such a match (_drawn_before_correction) -> that table: undecided, said once, not one by one.
    overtaken: dict[int, TableScore] = field(default_factory=dict)

    def round_called(self, number: int, locale: str, table: int | None = None) -> str:
        """The round as its page and paper name it (round_called below): a method, so that a
        game's printed sheets, which may not import the tournament, name it through the bracket
        their stage result carries."""
        return round_called(self, number, locale, table)

    def round_matches(self, number: int) -> list[Match]:
        return [m for m in self.matches if m.round == number]

    def match(self, number: int) -> Match:
        return self.matches[number - 1]

    def seed_of(self, entry_id: str) -> int | None:
        return self.seeds.index(entry_id) + 1 if entry_id in self.seeds else None

    @property
    def final(self) -> Match | None:
        return next((m for m in self.matches if m.kind == "final"), None)

    @property
    def complete(self) -> bool:
        return bool(self.matches) and all(m.decided for m in self.matches)

    def round_name(self, number: int) -> str:
        """The round's key among the UI words: final, semi, quarter, or round of N."""
        left = self.rounds - number
        return ("ko_final", "ko_semi", "ko_quarter")[left] if left < 3 else "ko_round_of"

    def reached(self, entry_id: str) -> int | None:
        """The last round `entry_id` played a match of (drawn into: a walkover, a void match too),
        the third-place match aside (its sides reached the semi-finals); None outside the bracket."""
        rounds = [m.round for m in self.matches if m.kind != "third" and entry_id in m.sides]
        return max(rounds) if rounds else None

    def round_of(self, number: int) -> int:
        """How many places the round starts with (16 for a round of 16)."""
        return self.size >> (number - 1)

    def round_text_key(self, number: int) -> str:
        """round_name's word as it reads inside a sentence (ko_text_…)."""
        return self.round_name(number).replace("ko_", "ko_text_")

    def loser_place(self, number: int) -> int:
        """The place the losers of round `number` share (a round before the semi-finals; placings)."""
        return (self.size >> number) + 1

    def void_place(self, match: Match) -> int:
        """The place both sides of a void match share: the one its loser would have had (a void
        final: 2=, nobody 1st; a void third-place match: 4=, nobody 3rd; a void semi-final
        beside a third-place match: 4th, behind the other semi's loser, 3rd by walkover)."""
        if match.kind == "final":
            return 2
        if match.kind == "third" or (match.kind == "semi" and self.third_place):
            return 4
        return self.loser_place(match.round)

    @cached_property
    def places(self) -> dict[str, tuple[int, bool]]:
        """entry id -> (its place, whether the place may be shared), for the matches decided
        (placings, which orders them; empty_places, which says the places nobody holds, asked
        again by the bulletins and the stage's words). Worked out once, when first asked, which is
        only after run_knockout has filled the bracket: nothing changes a bracket after that."""
        place: dict[str, tuple[int, bool]] = {}
        for match in self.matches:
            if match.void:  # neither played it: both share the place its loser would have had
                shared = self.void_place(match)
                place.update((side, (shared, True)) for side in match.sides if side is not None)
                continue
            if match.winner is None:
                continue
            if match.kind == "final":
                place[match.winner] = (1, False)
            elif match.kind == "third":
                place[match.winner] = (3, False)
            if match.loser is None:
                continue  # a walkover: nobody lost it (that place stays empty)
            if match.kind == "final":
                place[match.loser] = (2, False)
            elif match.kind == "third":
                place[match.loser] = (4, False)
            elif not (match.kind == "semi" and self.third_place):
                place[match.loser] = (self.loser_place(match.round), True)
        return place

    def empty_places(self) -> dict[int, Match]:
        """The places of the final and the third-place match that nobody holds once it is decided,
        each with its match: the winner's of a void match (its sides share the loser's:
        void_place), the loser's of a walkover (nobody lost it), both of a void match with no
        sides (both semi-finals void: nobody reaches the final). Found from the places held, not
        from the match alone: a void semi-final's sides hold 4th beside a third-place match,
        which its walkover left "empty", a prize row said vacant against the standings' 4=."""
        held = {place for place, _ in self.places.values()}
        found: dict[int, Match] = {}
        for match in self.matches:
            if match.kind in ("final", "third") and match.decided:
                first = 1 if match.kind == "final" else 3
                for place in (first, first + 1):
                    if place not in held:
                        found[place] = match
        return found

    @property
    def vacant_champion(self) -> bool:
        """The bracket is over and nobody won it: its final was void (both finalists withdrew)."""
        final = self.final
        return self.complete and final is not None and final.void

    def named_tables(self, number: int, locale: str) -> dict[int, str]:
        """named_tables of this bracket: for the games' printed results, which read the bracket
        off their stage's result and import nothing of the tournament layer."""
        return named_tables(self, number, locale)


def make_bracket(field_size: int, seeds: list[str], third_place: bool) -> Bracket:
    """The bracket of a field of `field_size` (seeds: its entry ids, best first, when known)."""
    size = bracket_size(field_size)
    rounds = size.bit_length() - 1
    order = seed_order(size)
    matches: list[Match] = []
    feeders: list[Slot] = []  # what enters round 2, in bracket order
    byes = []
    entry = (lambda seed: seeds[seed - 1] if seed <= len(seeds) else None)
    for top, bottom in zip(order[::2], order[1::2]):
        if bottom > field_size:  # a bye: the top seed goes straight on
            byes.append(top)
            feeders.append(Slot(seed=top, entry=entry(top)))
            continue
        match = Match(len(matches) + 1, 1, [Slot(seed=top, entry=entry(top)), Slot(seed=bottom, entry=entry(bottom))])
        matches.append(match)
        feeders.append(Slot(source=match.number))
    for number in range(2, rounds + 1):
        semis = [m for m in matches if m.round == number - 1] if number == rounds else []
        if third_place and len(semis) == 2:  # a semi-final with a bye (3 entries) has one loser only
            matches.append(Match(len(matches) + 1, number, [Slot(source=m.number, loser=True) for m in semis], "third"))
        made = []
        for first, second in zip(feeders[::2], feeders[1::2]):
            match = Match(len(matches) + 1, number, [first, second])
            matches.append(match)
            made.append(Slot(source=match.number))
        feeders = made
    for match in matches:
        if match.kind == "match" and match.round == rounds:
            match.kind = "final"
        elif match.kind == "match" and match.round == rounds - 1:
            match.kind = "semi"
    has_third = any(m.kind == "third" for m in matches)
    return Bracket(size, rounds, list(seeds), field_size, sorted(byes), matches, has_third)


# --- the field and its seeds ------------------------------------------------------------------


def seeded_field(event: Event, stage: Stage, arriving: list[Entry], incoming: bool,
                 earlier: list[StageResult], problems: Problems) -> list[Entry]:
    """The knockout's field in seed order. `arriving`: the field as any stage gets it (the
    qualifiers of the stage advancing here, with the byes; or every entry); `incoming`: whether
    a stage advancing here is complete (so `arriving` are its qualifiers)."""
    knockout = stage.knockout
    if knockout is None:
        return arriving
    mark = stage.mark or Mark(event.folder / "event.yaml")
    drawn = drawn_in_round_one(event, stage.id)  # withdrawn after the draw: the draw stands (a walkover)
    arriving = [e for e in arriving if e.id in drawn or not e.withdrawn_by(1, stage.id)]  # else never seeded
    advanced = any(s.advance and s.advance.to == stage.id for s in event.stages)
    if knockout.seeds is not None:
        if advanced and not incoming:
            return []  # the stage advancing here is not over: its qualifiers, the field, are not known
        listed = [event.entries[e] for e in knockout.seeds if e in event.entries
                  and (e in drawn or not event.entries[e].withdrawn_by(1, stage.id))]
        if incoming:
            given, came = {e.id for e in listed}, {e.id for e in arriving}
            if given != came:
                problems.add("seeding-field", mark, id=stage.id, missing=sorted(came - given) or "—",
                             extra=sorted(given - came) or "—")
        return listed
    if knockout.from_stage is None:
        return arriving
    source = next((s for s in earlier if s.stage.id == knockout.from_stage), None)
    if source is None:
        return arriving
    ranked = [s.entry for s in source.standings if s.rank is not None
              and (s.entry.id in drawn or not s.entry.withdrawn_by(1, stage.id))]
    if incoming or advanced:
        place = {e.id: i for i, e in enumerate(ranked)}
        return sorted(arriving, key=lambda e: place.get(e.id, len(place)))  # sorted is stable
    return ranked if source.complete else []


def drawn_in_round_one(event: Event, stage_id: str) -> set[str]:
    """The entries round 1 of stage `stage_id` draws once it is written (its tables' sides and its
    `seeds:`): one withdrawn from that round withdrew after the draw, which stands."""
    first = next((r for r in event.rounds.get(stage_id, []) if r.number == 1), None)
    if first is None:
        return set()
    return {side for table in first.tables for side in table.sides} | set(first.seeds or ())


def seeding_source(event: Event, stage: Stage) -> str | None:
    """The stage whose standings seed the knockout (`seeding: {from: …}`, else the stage
    advancing here); None for a seeding list or a first stage."""
    knockout = stage.knockout
    if knockout is None or knockout.seeds is not None:
        return None
    return knockout.from_stage or next((s.id for s in event.stages if s.advance and s.advance.to == stage.id), None)


def drawn_field(event: Event, stage: Stage, seeded: list[Entry], earlier: list[StageResult],
                problems: Problems) -> tuple[list[Entry], StaleDraw | None, str, dict[str, str],
                                             tuple[dict[str, str], dict[str, str]] | None,
                                             tuple[dict[str, str], dict[str, str]] | None]:
    """The knockout's field as its round 1 was drawn, once it is (event-day.md: a correction after
    a later round was drawn stands, and the draw is never silently redone). A field seeded by an
    earlier stage's standings (`seeding: {from: …}`, or the qualifiers in rank order) follows them
    until round 1 is written; a result of that stage corrected afterwards may rank its entries
    otherwise, or let another one qualify, but the bracket stays the one drawn: its seeds are
    the ones round 1's file writes (`seeds:`, as `paibang pair` writes them), else read back from
    its tables (_seeds_from_tables). Returns that field; the stale draw (StaleDraw: the entries
    whose seed, or place in the field, the standings would now change, and the table of the
    stage `earlier` holds that was corrected, where the figures pair recorded tell it:
    tournament/stale.py), with a warning naming them; the id of the stage whose standings they
    are; what changed, in every locale, as the stage page says it; a setting changed and no
    result (advance_changed: what changed, who moved); a setting changed and a result corrected
    as well (settings_also: the same two, said after the correction). The field as seeded and
    no stale draw when round 1 is not drawn, is drawn on the seeding as it stands, or is no
    draw of a bracket of this size (knockout-not-in-bracket says so)."""
    from generator.tournament.stale import moved_words, seeding_changes, settings_changed  # (stale imports the games)

    knockout = stage.knockout
    source = seeding_source(event, stage)
    first = next((r for r in event.rounds.get(stage.id, []) if r.number == 1), None)
    if knockout is None or source is None or first is None or not seeded:
        return seeded, None, "", {}, None, None
    ids = [e.id for e in seeded]
    current = make_bracket(len(ids), ids, knockout.third_place)
    matches = current.round_matches(1)
    seeding = next((r for r in earlier if r.stage.id == source), None)
    # The settings of the stage seeding it that the draw read (# draw-rules:), changed since in
    # event.yaml: its advance count, its rank_by. Said as a setting changed, not a correction;
    # the seeds written stand, of another number than the count now too (the bracket drawn).
    rules = first.drawn_by or {}
    settings = settings_changed(event.game, seeding, rules) if seeding is not None and rules else None
    advance = seeding.stage.advance if seeding is not None else None
    count_changed = settings is not None and advance is not None and rules.get("count", str(advance.count)) != str(advance.count)
    written = list(first.seeds) if count_changed and first.seeds else _written_seeds(first, ids, problems)
    if written is not None:
        # The seeds pair drew from, as written: the bracket is theirs, whatever the tables' order.
        if written == ids:
            return seeded, None, "", {}, None, None
        if _same_draw(make_bracket(len(written), written, knockout.third_place), current):
            return [event.entries[i] for i in written], None, "", {}, None, None  # the standings moved, the draw would not
        seeds = written
        mark = first.seeds_mark or Mark(first.source)
    else:
        inferred = _seeds_from_tables(event, first, ids, current)
        if inferred is None:
            return seeded, None, "", {}, None, None
        seeds, mark = inferred
    changed = [i for i in dict.fromkeys(seeds + ids) if i not in seeds or i not in ids
               or seeds.index(i) != ids.index(i)]
    # The hint says the draw the standings give now: a draw written by hand that never followed
    # them (a mistake, not a correction) is told from one overtaken by a correction by the reader.
    # The table corrected, as a Swiss round's stale draw names it, from the figures pair recorded
    # of the standings it drew on (# draw-order:); without them, the entries alone.
    draw, changes = seeding_changes(seeding, first.drawn_on, changed, event.game)
    primary_changed = "rank_by" in rules and seeding is not None and \
        rules["rank_by"].split(",")[0] != (seeding.stage.rank_by or [""])[0]
    moved: dict[str, str] = {}
    if settings is not None:
        came, went = [i for i in ids if i not in seeds], [i for i in seeds if i not in ids]
        if seeding is not None:  # in the order of its standings now, as its page and list name them (field_kept)
            order = {s.entry.id: n for n, s in enumerate(seeding.standings)}
            came, went = (sorted(side, key=lambda i: order.get(i, len(order))) for side in (came, went))
        joined = {locale: catalogues.joiner(locale).join for locale in LOCALES}
        # who comes in or goes out; else (the same entries) whose seed differs
        moved = moved_words(came, went) if came or went else \
            {locale: catalogues.text("ko_settings_seeds", locale, ids=joined[locale](changed)) for locale in LOCALES}
    if settings is not None and (not draw.moved or primary_changed):
        said, back = settings
        drawn = {locale: catalogues.text("ko_drawn_seeds", locale, seeds=joined[locale](seeds)) for locale in LOCALES}
        problems.add("qualifiers-advance-changed", mark, warning=True, stage=stage.id, source=source,
                     settings=said, back=back, moved=moved, drawn=drawn, slug=event.slug)
        draw.moved = {}  # (figures of another primary score, or none moved: no correction to show)
        if seeding is not None and seeding.stage.advance is not None and seeding.stage.advance.to == stage.id:
            seeding.advance_changed_next = (said, moved)
        return [event.entries[i] for i in seeds], draw, source, moved, (said, moved), None
    warned, also = changes, None
    if settings is not None:  # a result corrected, and a setting changed as well: both said
        # the warning in one sentence, as qualifiers-changed says it; the pages each in a note of
        # their own after the correction's (the setting named, not event.yaml: a reader's page),
        # this one with who moves by the results and the settings now, as the feeding stage's
        # note says who (qualifier_notes; this page's note on the correction names no one)
        warned = {locale: catalogues.text("qualifiers_settings_also", locale, changes=changes[locale],
                                          settings=settings[0][locale]) for locale in LOCALES}
        also = (settings[0], moved)
        if seeding is not None and seeding.stage.advance is not None and seeding.stage.advance.to == stage.id:
            seeding.settings_also_next = settings[0]  # its page and qualifier list say both too
    clause = {locale: catalogues.text("ko_seeding_changed_known" if first.drawn_on and seeding is not None
                                      else "ko_seeding_changed_unknown", locale, changes=warned[locale],
                                      ids=", ".join(changed)) for locale in LOCALES}
    problems.add("knockout-seeding-changed", mark, warning=True, id=stage.id, source=source,
                 ids=", ".join(changed), changes=clause, expected=_expected(current, matches))
    return [event.entries[i] for i in seeds], draw, source, changes, None, also


def _written_seeds(first: Round, ids: list[str], problems: Problems) -> list[str] | None:
    """Round 1's `seeds:` (what `paibang pair` drew from) when it seeds a field of this size;
    None when not written, or (a warning) written for another number of entries: the seeds are
    then read back from the tables as before."""
    if first.seeds is None:
        return None
    if len(first.seeds) != len(ids):
        problems.add("round-seeds-field", first.seeds_mark or Mark(first.source), warning=True,
                     count=len(first.seeds), field=len(ids))
        return None
    return first.seeds


def _same_draw(drawn: Bracket, current: Bracket) -> bool:
    """Whether two seedings give the same bracket: the same pairs in round 1's matches, the same
    entries in the byes' places (who meets whom in every later round follows from these)."""
    return [frozenset(m.sides) for m in drawn.round_matches(1)] == [frozenset(m.sides) for m in current.round_matches(1)] \
        and [drawn.seeds[s - 1] for s in drawn.byes] == [current.seeds[s - 1] for s in current.byes]


def _seeds_from_tables(event: Event, first: Round, ids: list[str], current: Bracket) -> tuple[list[str], Mark] | None:
    """The seeds read back from round 1's tables when it writes no `seeds:` (a draw written by
    hand, or before pair wrote them): in table order the bracket's matches, the higher seed first,
    the byes the best-ranked entries not at a table (or the ones written alone at a table). None
    when the tables are the current seeding's draw, or no draw of a bracket of this size."""
    tables = sorted(first.tables, key=lambda t: t.number)
    pairs = [list(t.sides) for t in tables if len(t.sides) == 2]
    alone = [t.sides[0] for t in tables if len(t.sides) == 1]
    matches = current.round_matches(1)
    if not pairs or {frozenset(p) for p in pairs} == {frozenset(m.sides) for m in matches}:
        return None
    at_tables = [side for pair in pairs for side in pair]
    byes = alone or [i for i in ids if i not in at_tables][:len(current.byes)]
    drawn = at_tables + byes
    if len(pairs) != len(matches) or len(byes) != len(current.byes) or len(set(drawn)) != len(drawn) \
            or any(i not in event.entries for i in drawn):
        return None
    seeds: list[str] = [""] * len(ids)
    for match, pair in zip(matches, pairs):
        seeds[match.slots[0].seed - 1], seeds[match.slots[1].seed - 1] = pair  # type: ignore[operator]
    for seed, entry_id in zip(current.byes, byes):
        seeds[seed - 1] = entry_id
    return seeds, tables[0].mark or Mark(first.source)


# --- the stage: tables to matches, winners, placings ---------------------------------------------


def run_knockout(game: Game, event: Event, stage: Stage, field_entries: list[Entry], scored: list[RoundResult],
                 played: int, problems: Problems) -> StageResult:
    """The knockout's result: its bracket with every table in its place, and once every match is
    decided the placings as standings."""
    assert stage.knockout is not None
    seeds = [e.id for e in field_entries]
    size = len(seeds) or stage.knockout.size
    bracket = make_bracket(size, seeds, stage.knockout.third_place)
    rounds = event.rounds.get(stage.id, [])
    if seeds and bracket.rounds != stage.rounds:
        problems.add("knockout-rounds", stage.mark or Mark(event.folder / "event.yaml"), id=stage.id,
                     count=len(seeds), rounds=bracket.rounds, expected=stage.rounds)
    if seeds and stage.knockout.third_place and not bracket.third_place:
        problems.add("knockout-no-third-place", stage.mark or Mark(event.folder / "event.yaml"), warning=True,
                     id=stage.id, count=len(seeds))
    by_number = {r.number: (r, source) for r, source in zip(scored, rounds)}
    for round_result in scored:  # found while loading, said here beside the bracket's problems
        for score in round_result.tables:
            if (wrong := score.table.winner_not_at_table) is not None:
                problems.add("knockout-winner-not-at-table", wrong[1], id=wrong[0], sides=", ".join(score.table.sides))
    for number in range(1, bracket.rounds + 1):
        _fill(bracket, number)
        if seeds:
            _decide_unplayed(bracket, number, lambda side: side in event.entries and
                             event.entries[side].withdrawn_by(number, stage.id))
        if number in by_number and seeds:
            round_result, round_ = by_number[number]
            # (the files a redraw from this round on replaces: named by the message of a table
            # drawn before a correction)
            later = [r.source.name for r in sorted(rounds, key=lambda r: r.number) if r.number >= number]
            _place_tables(game, stage, bracket, round_result, round_, problems, later)
    if bracket.complete:
        final = bracket.final
        bracket.champion = final.winner if final else None
    standings = placings(bracket, field_entries, scored, game, stage.id) if bracket.complete and seeds else []
    has_results = any(r.has_counted for r in scored)
    status = COMPLETE if bracket.complete and seeds else IN_PROGRESS if has_results else SCHEDULED
    result = StageResult(stage, field_entries, scored, standings, rounds_played=played, status=status,
                         primary=game.metrics_for(stage)[0])
    result.bracket = bracket
    return result


def _fill(bracket: Bracket, number: int) -> None:
    """The sides of round `number` that earlier matches have decided, and the places they leave
    empty (a void match sends no winner, a walkover no loser)."""
    for match in bracket.round_matches(number):
        for slot in match.slots:
            if slot.source is not None:
                source = bracket.match(slot.source)
                slot.entry = source.loser if slot.loser else source.winner
                slot.empty = source.decided and slot.entry is None


def _decide_unplayed(bracket: Bracket, number: int, withdrawn: Callable[[str], bool]) -> None:
    """Round `number`'s matches decided without play: void when neither side can play (each
    withdrawn by the round, `withdrawn`, or an empty place), a walkover for the one side there
    when the other's place is empty (no table: there is nobody to play). A match with one side
    withdrawn and the other there is played as ever: a table, the withdrawn side's forfeit."""
    for match in bracket.round_matches(number):
        if match.decided:
            continue
        out = [slot.empty or (slot.entry is not None and withdrawn(slot.entry)) for slot in match.slots]
        if all(out):
            match.void = True
        elif any(slot.empty for slot in match.slots):
            there = next(slot for slot in match.slots if not slot.empty)
            if there.entry is not None:  # (else its own source is not decided yet)
                match.winner = there.entry


def _place_tables(game: Game, stage: Stage, bracket: Bracket, round_result: RoundResult, round_: Round,
                  problems: Problems, later: list[str] | None = None) -> None:
    """Each table of a round to its bracket match, and each match's winner. `later`: the
    round's file and the later rounds' (what a redraw from this round on replaces)."""
    matches = bracket.round_matches(round_result.number)
    byes = {bracket.seeds[s - 1] for s in bracket.byes} if round_result.number == 1 else set()
    for score in round_result.tables:
        table = score.table
        mark = table.mark or Mark(round_.source)
        if len(table.sides) == 1 and table.sides[0] in byes:
            continue  # a bye written as a table: the bracket has it already
        match = next((m for m in matches if m.known and set(m.sides) == set(table.sides)), None)
        if match is None and len(table.sides) == 2 and \
                _drawn_before_correction(bracket, matches, score, round_result, mark, later or [], problems):
            continue
        if match is None or len(table.sides) != 2:
            problems.add("knockout-not-in-bracket", mark, round=round_result.number, sides=" – ".join(table.sides),
                         expected=_expected(bracket, matches))
            continue
        if match.score is not None:
            continue  # the same match at two tables: entry-twice-in-round says so
        match.score = score
        if match.void or table.number in round_result.pending_tables:
            continue  # (void: drawn before both withdrew, the table left as drawn; _decide_unplayed)
        winner = match_winner(game, stage, score, round_result.number, mark, problems)
        if winner is None:
            continue
        if score.winner is None:
            # A tie settled the game's way (the referee's `winner:` on the table): the match has
            # that winner on every page and in results.json, not a draw with the bracket alone
            # showing who went through; `settled_by` names the key that decided it.
            score.winner = winner
            score.extra["settled_by"] = game.tiebreak_key
        match.winner = winner
        match.loser = next(side for side in table.sides if side != winner)
    for match in matches:
        if match.known and not match.decided and match.score is None and round_result.tables \
                and match.number not in bracket.overtaken:
            problems.add("knockout-match-missing", Mark(round_.source), warning=True, round=round_result.number,
                         match=match.number, sides=" – ".join(str(s) for s in match.sides))


def _drawn_before_correction(bracket: Bracket, matches: list[Match], score: TableScore, round_result: RoundResult,
                             mark: Mark, later: list[str], problems: Problems) -> bool:
    """A table of round `number` that is no match of the bracket because a result of an earlier
    round was corrected after it was drawn (event-day.md: allowed, never silently redrawn): it
    seats the side the match feeding it sent before the correction (its loser now, or for the
    third-place play-off its winner) where the bracket now has the other, or, its result cleared
    or made a tie since (or never entered), where the bracket has nobody yet. Said once per table
    (knockout-drawn-before-correction, naming that match, who is in the place now and who was
    drawn, the files to delete before `pair` draws again; knockout-drawn-before-undecided, the
    match now without a winner), in place of knockout-not-in-bracket,
    whose hint (the matches of the round, `pair` draws them) leads nowhere: pair never
    overwrites a drawn round. A later table seating whoever such a match sent is the same
    draw's: said by that one message (its files), not again. True when the table is one of
    these; its match stays undecided (the bracket's, not the draw's). An error, not a warning as
    a Swiss round drawn on standings since changed is: that round is still a round of the stage,
    but no bracket holds both the corrected winner and the later matches played by the side it
    replaced, so no champion the site could name would be right; the referee chooses which
    stands (and the desk refuses such a correction before it is saved: correction_drawn_after)."""
    sides, number = list(score.table.sides), round_result.number
    # A table fed by such a match alone first; then the match in the table's own place in the round
    # (pair draws them in the bracket's order): the final and the play-off after a semi-final
    # corrected each seat one side of either semi-final, and only their places tell them apart.
    position = round_result.tables.index(score)
    ordered = sorted(matches, key=lambda m: matches.index(m) != position)
    found = [(match, moved) for correcting in (False, True) for match in ordered for order in (sides, sides[::-1])
             if (moved := _seated_before(bracket, match, order, correcting)) is not None]
    if found:
        match, moved = found[0]
        bracket.overtaken[match.number] = score
        for source, now, drawn in moved:
            was = source.score.table if source.score is not None else None
            where = dict(round=number, table=score.table.number, sides=" – ".join(sides), source_round=source.round,
                         source_table=was.number if was is not None else source.number,
                         source_sides=" – ".join(was.sides if was is not None else []), drawn=drawn,
                         files=", ".join(later))
            if now is None:  # the match feeding the place has no winner now: said so, not as a place taken
                problems.add("knockout-drawn-before-undecided", mark, **where)
            else:
                problems.add("knockout-drawn-before-correction", mark, now=now, **where)
        return True
    return False


def _seated_before(bracket: Bracket, match: Match, order: list[str], correcting: bool
                   ) -> list[tuple[Match, str, str]] | None:
    """The places of `match` that the sides `order` (in slot order) took before a correction
    (the match feeding the place, who holds it now, who was drawn), or None when they do not fit
    it so. A place fed by a match already found drawn before a correction takes any side; with
    `correcting`, a place whose feeding match is decided takes that match's other side, and one
    whose feeding match is undecided now (its table there, its result cleared or a tie) either
    of its sides, nobody holding it now (None)."""
    if match.score is not None or match.number in bracket.overtaken or len(match.slots) != 2:
        return None
    moved, follows = [], False
    for slot, side in zip(match.slots, order):
        source = bracket.match(slot.source) if slot.source is not None else None
        if slot.entry == side:
            continue
        if source is not None and source.number in bracket.overtaken:
            follows = True
        elif correcting and source is not None and source.score is not None and source.decided \
                and slot.entry is not None and side in source.sides:
            moved.append((source, slot.entry, side))
        elif correcting and source is not None and source.score is not None and not source.decided \
                and side in source.sides:
            # its result cleared, or made a tie, since this round was drawn (or never entered, the
            # round drawn by hand ahead of it): nobody holds the place now (None) (rev61)
            moved.append((source, None, side))
        else:
            return None
    return moved if moved or follows else None


def correction_drawn_after(game: Game, stage: Stage, bracket: Bracket, number: int, score: TableScore,
                           files: dict[int, str], mark: Mark, problems: Problems) -> None:
    """The results desk's save of `score`, a table of round `number` already in the bracket,
    that would send another side into a later match whose table is drawn without it: refused
    (desk-knockout-drawn-after; -third, the loser's place in the third-place match), naming who
    would go through, who the later round was drawn with, and the files (`files`: each round of
    the stage -> its file's name) to delete before saving and drawing again. Saved, check would refuse the event (knockout-drawn-before-
    correction) and the site would keep its old champion until the secretary did just that; a
    result restored, whose side sits at the later table, saves as ever."""
    match = next((m for m in bracket.round_matches(number) if m.winner is not None and m.loser is not None
                  and set(m.sides) == set(score.table.sides)), None)
    if match is None:
        return
    winner = match_winner(game, stage, score, number, mark, Problems())
    if winner is None or winner not in match.sides:
        return
    loser = next(side for side in match.sides if side != winner)
    for later, slot, drawn in _drawn_places(bracket, match):
        side = loser if slot.loser else winner
        if side in drawn.table.sides:
            continue
        was = next((s for s in drawn.table.sides if s in match.sides), match.loser if slot.loser else match.winner)
        problems.add("desk-knockout-drawn-after-third" if slot.loser else "desk-knockout-drawn-after", mark,
                     round=number, table=score.table.number, now=side, was=was, later=later.round,
                     file=files.get(later.round, ""), files=", ".join(files[n] for n in sorted(files) if n >= later.round))
        return


def undecided_drawn_after(bracket: Bracket, number: int, sides: list[str], files: dict[int, str], mark: Mark,
                          problems: Problems) -> None:
    """The results desk's save of a table of round `number` (its `sides`) that would leave its
    match, decided now, without a winner (a room cleared, a tie without its tie-break) once a
    later match it feeds is drawn: refused in check's words (knockout-drawn-before-undecided, the
    later table's place, the files to delete), which check would report after the save, and the
    site build refuse. A match still undecided, or whose places are not drawn yet, saves as ever."""
    match = next((m for m in bracket.round_matches(number) if m.winner is not None and set(m.sides) == set(sides)), None)
    if match is None or match.score is None:
        return
    for later, slot, drawn in _drawn_places(bracket, match):
        table = drawn.table
        seated = next((s for s in table.sides if s in match.sides), match.loser if slot.loser else match.winner)
        was = match.score.table
        problems.add("knockout-drawn-before-undecided", mark, round=later.round, table=table.number,
                     sides=" – ".join(table.sides), source_round=number, source_table=was.number,
                     source_sides=" – ".join(was.sides), drawn=seated,
                     files=", ".join(files[n] for n in sorted(files) if n >= later.round))
        return


def _drawn_places(bracket: Bracket, match: Any) -> Iterator[tuple[Any, Any, TableScore]]:
    """The later matches `match` feeds that are drawn already, each with the slot it fills and
    the table drawn: the place its winner goes to first, then its loser's (the third-place match,
    which pair draws at table 1, before the final), so that a refusal names who would go through,
    not who would go to the play-off as though into the final (rev61)."""
    places = sorted(((later, slot) for later in bracket.matches for slot in later.slots if slot.source == match.number),
                    key=lambda place: place[1].loser)
    for later, slot in places:
        drawn = later.score if later.score is not None else bracket.overtaken.get(later.number)
        if drawn is not None:
            yield later, slot, drawn


def match_winner(game: Game, stage: Stage, score: TableScore, number: int, mark: Mark,
                 problems: Problems) -> str | None:
    """Who goes through from a played knockout match of round `number` (`Game.knockout_winner`),
    or None, a tie nobody settled (`knockout-tie`, naming the game's `tiebreak_key`); a referee's
    `winner:` that the result contradicts is reported too. The results desk asks this of one
    table before saving it."""
    table = score.table
    winner = game.knockout_winner(score, stage)
    if score.winner is not None and table.winner is not None and table.winner != score.winner:
        problems.add("knockout-winner-contradicts", mark, table=table.number, winner=table.winner,
                     result=score.winner)
    if winner not in table.sides:
        if table.winner_not_at_table is not None:
            return None  # a tie whose `winner:` names no side: knockout-winner-not-at-table says so
        problems.add("knockout-tie", mark, table=table.number, round=number,
                     sides=" – ".join(table.sides), key=game.tiebreak_key, example=table.sides[0])
        return None
    return winner


def _expected(bracket: Bracket, matches: list[Match]) -> dict[str, str]:
    """The round's matches as the message lists them, per locale."""
    found = {}
    for locale in LOCALES:
        parts = [f"{catalogues.text('ko_match_n', locale, n=m.number)} "
                 f"{' – '.join(slot_text(bracket, s, locale) for s in m.slots)}" for m in matches]
        found[locale] = catalogues.text("clause_separator", locale).join(parts)
    return found


def slot_text(bracket: Bracket, slot: Slot, locale: str) -> str:
    """A side as plain text: its entry, else "winner of match N" / "seed N"."""
    if slot.entry is not None:
        return slot.entry
    if slot.empty:
        return catalogues.text("ko_empty_slot", locale, n=slot.source)
    if slot.source is not None:
        return catalogues.text("ko_loser_of" if slot.loser else "ko_winner_of", locale, n=slot.source)
    return catalogues.text("ko_seed_n", locale, n=slot.seed)


def placings(bracket: Bracket, field_entries: list[Entry], scored: list[RoundResult], game: Game,
             stage_id: str | None = None) -> list[Standing]:
    """Each entry's place, once every match is decided (see the module's text). Within a shared
    place, by seed, an entry withdrawn from the stage after those that played on (as rank does)."""
    place = bracket.places
    tallies = tally(field_entries, [r.counted for r in scored], game.metrics)
    seed = {entry_id: i for i, entry_id in enumerate(bracket.seeds)}
    # `withdrawn_in` alone, not standings.marked_withdrawn's "only from the standings before the
    # round it withdrew from" (Standing.withdraws_later, event._rank): a knockout has no standings
    # before it is over. It is placed only once its bracket is complete, where a Swiss after its
    # last round marks every withdrawal in it too, since none is past its rounds (a round past a
    # stage's last is read at loading as the next stage's round 1, or as none: load.py,
    # entry-withdrawn-past). Counting its rounds played instead would unmark, in a bracket
    # finished with its last rounds void, an entry withdrawn from those: not what a finished
    # stage says. So withdraws_later is never set here, and the two agree.
    withdrew = {e.id for e in field_entries if e.withdrawn is not None and e.withdrawn_in(stage_id)}
    ranked = sorted((e for e in tallies if e in place), key=lambda e: (place[e][0], e in withdrew, seed.get(e, 0)))
    standings = []
    for entry_id in ranked:
        rank, shared = place[entry_id]
        tied = shared and sum(1 for other in place.values() if other[0] == rank) > 1
        standings.append(Standing(tallies[entry_id], rank, tied=tied))
    standings.extend(Standing(tallies[e], None) for e in tallies if e not in place)
    return standings


def placed_after(stage: Stage, standings: list[Standing], earlier: list[StageResult]) -> list[Standing]:
    """The places after the knockout's own (`then: <stage>`): the entries of that stage's
    ranking the bracket did not place, in its order, from the place after the knockout's last
    (5, 6, … after a bracket of 4); entries equal there share the place (7=), and `places: N`
    stops the list at place N (entries sharing place N included). Only once both are over: the
    knockout's placings and that stage's ranking are final then (event-day.md).

    An entry that withdrew (`withdrawn`, event-day.md) comes after every one that did not, in
    that stage's order among themselves: these places rank the entries that played the event
    out by how far they got, and a qualifier withdrawn before the knockout's round 1, never
    seeded (seeded_field), placed first among the rest, took the place straight after the
    bracket (and its prize) ahead of entries that played on. Its result there stands (that
    stage's own standings keep its rank); a withdrawal costs what it does not play, as a
    withdrawal during the knockout loses its next match."""
    knockout = stage.knockout
    if knockout is None or not knockout.then:
        return []
    source = next((r for r in earlier if r.stage.id == knockout.then), None)
    if source is None or not source.complete or not standings:
        return []
    placed = {s.entry.id for s in standings}
    offset = sum(1 for s in standings if s.rank is not None)
    rest = [s for s in source.standings if s.rank is not None and s.entry.id not in placed]
    rest.sort(key=lambda s: s.entry.withdrawn is not None)  # the withdrawn last (sorted is stable)
    # Equal there, equal here: each place is that of the first entry of its rank there (in one
    # pass each, not a search per entry: a Swiss of thousands ahead of a bracket of 4); a
    # withdrawn entry shares a place with withdrawn ones only.
    first: dict[tuple[bool, int | None], int] = {}
    sharing: dict[tuple[bool, int | None], int] = {}
    for position, standing in enumerate(rest):
        key = (standing.entry.withdrawn is not None, standing.rank)
        first.setdefault(key, position)
        sharing[key] = sharing.get(key, 0) + 1
    after: list[Standing] = []
    for standing in rest:
        key = (standing.entry.withdrawn is not None, standing.rank)
        rank = offset + first[key] + 1
        if knockout.places is not None and rank > knockout.places:
            break
        after.append(Standing(Tally(standing.entry), rank, tied=sharing[key] > 1,
                              placed_by=source.stage.id, placed_by_name=source.stage.name))
    return after


# --- the next round, for `paibang pair` ------------------------------------------------------------


@dataclass
class NextRound:
    """The round `paibang pair` writes: its matches, each (higher seed first) with its number."""

    number: int
    bracket: Bracket
    matches: list[Match] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)  # round 1: the entries that go straight on
    undecided: list[int] = field(default_factory=list)  # matches of earlier rounds without a winner
    # the round's matches decided without play (void, or a walkover: _decide_unplayed), no table
    unplayed: list[Match] = field(default_factory=list)


def next_round(bracket: Bracket, number: int) -> NextRound:
    """Round `number` of the bracket as far as the earlier rounds decide it; `undecided` lists
    the earlier matches still to be decided (pair refuses to draw then)."""
    undecided = [m.number for m in bracket.matches if m.round < number and not m.decided]
    drawn = NextRound(number, bracket, undecided=undecided)
    if undecided:
        return drawn
    for match in bracket.round_matches(number):
        if match.decided:  # before it is drawn: nobody to play it (_decide_unplayed)
            drawn.unplayed.append(match)
            continue
        seeds = [bracket.seed_of(e) or 0 for e in match.sides if e is not None]
        if len(seeds) == 2 and seeds[1] < seeds[0]:  # the higher seed first (ns, home, the first team)
            match = Match(match.number, match.round, match.slots[::-1], match.kind)
        drawn.matches.append(match)
    if number == 1:
        drawn.byes = [bracket.seeds[s - 1] for s in bracket.byes]
    return drawn


def pair_lines(drawn: NextRound, stage: Stage, locale: str) -> list[str]:
    """The header lines of the results file `paibang pair` writes for a knockout round."""
    bracket = drawn.bracket
    lines = [catalogues.text("ko_pair_made", locale, stage=stage.name, n=drawn.number,
                   round=round_label(bracket, drawn.number, locale))]
    lines.append(catalogues.text("ko_pair_rule", locale))
    if drawn.byes:
        lines.append(catalogues.text("ko_pair_byes", locale, ids=", ".join(drawn.byes)))
    lines += unplayed_lines(drawn, locale)
    lines.append(catalogues.text("ko_pair_edit", locale))
    return lines


def unplayed_lines(drawn: NextRound, locale: str) -> list[str]:
    """A line for each match of the round decided without play (no table written for it): void,
    its two withdrawn sides named; a walkover, its winner and the empty place it did not meet."""
    lines = []
    for match in drawn.unplayed:
        label = match_label(match, locale)
        if match.void:
            ids = ", ".join(side for side in match.sides if side is not None)
            lines.append(catalogues.text("ko_pair_void", locale, match=label, ids=ids))
        else:
            empty = next(slot for slot in match.slots if slot.empty)
            lines.append(catalogues.text("ko_pair_walkover", locale, match=label, id=match.winner,
                                         slot=slot_text(drawn.bracket, empty, locale)))
    return lines


def match_label(match: Match, locale: str) -> str:
    """"Match 5", "Match 12 (final)": a table's comment in the results file."""
    kind = {"final": "ko_text_final", "third": "ko_text_third_match", "semi": "ko_text_semi"}.get(match.kind)
    label = catalogues.text("ko_match_n", locale, n=match.number)
    if kind is None:
        return label
    return label + catalogues.text("paren", locale, text=catalogues.text(kind, locale))


def tie_hint(key: str, side: str, locale: str) -> str:
    """The commented line that shows how a tied match is settled (`winner: C08`)."""
    return f"{key}: {side}    # {catalogues.text('ko_tie_only', locale)}"


def sheet_text(bracket: Bracket, number: int, locale: str) -> str:
    """The draw notice's text for a knockout round (round 1: with the byes)."""
    # The last round sends nobody on: its winners are placed (the champion, third place).
    key = "ko_sheet_text_last" if number == bracket.rounds else "ko_sheet_text"
    text = catalogues.text(key, locale, n=number, round=round_label(bracket, number, locale))
    if number == 1 and bracket.byes and bracket.seeds:
        byes = catalogues.text("ko_pair_byes", locale, ids=", ".join(bracket.seeds[s - 1] for s in bracket.byes))
        text = catalogues.text("two_sentences", locale, first=text, second=byes)  # as the locale runs them on
    return text


def round_label(bracket: Bracket, number: int, locale: str) -> str:
    """The round as a sentence names it: 决赛, or 决赛和三四名决赛 when the third-place
    play-off is played beside the final (the round is not the final alone)."""
    label = catalogues.text(bracket.round_text_key(number), locale, n=bracket.round_of(number))
    if any(match.kind == "third" for match in bracket.round_matches(number)):
        label = catalogues.text("ko_text_with_third", locale, round=label)
    return label


def round_called(bracket: Bracket | None, number: int, locale: str, table: int | None = None) -> str:
    """A round as its page, its links and its printed bulletins name it: 第 3 轮; a knockout's
    with its name as its bracket heads it, 第 3 轮（决赛、三四名决赛） (a member looking for the
    final found rounds 1, 2 and 3, on the site and on paper alike). With `table` (an entry's
    match list), the name of the match played there: 第 3 轮（三四名决赛）."""
    words = catalogues.text("round_n", locale, n=number)
    if bracket is None or not 1 <= number <= bracket.rounds:
        return words
    name = catalogues.text(bracket.round_name(number), locale, n=bracket.round_of(number))
    kinds = {match.kind for match in bracket.round_matches(number)
             if table is None or (match.score is not None and match.score.table.number == table)}
    if kinds == {"third"}:
        name = catalogues.text("ko_third_match", locale)
    elif "third" in kinds:
        name += catalogues.joiner(locale) + catalogues.text("ko_third_match", locale)
    return words + catalogues.text("paren", locale, text=name)


def match_name(bracket: Bracket, match: Match, locale: str) -> str:
    """A match as paper names it, in the bracket's words: 三四名决赛 for the third-place
    play-off, else its round's name (决赛, 半决赛, 16 强赛)."""
    if match.kind == "third":
        return catalogues.text("ko_text_third_match", locale)
    return catalogues.text(bracket.round_text_key(match.round), locale, n=bracket.round_of(match.round))


def table_names(bracket: Bracket, number: int, locale: str) -> dict[int, str]:
    """Each table of round `number` drawn so far -> the name of the match it plays (match_name):
    for the draw notice and each table's score sheet, where a round holds the final and the
    third-place play-off."""
    return {match.score.table.number: match_name(bracket, match, locale)
            for match in bracket.round_matches(number) if match.score is not None}


def named_tables(bracket: Bracket, number: int, locale: str) -> dict[int, str]:
    """table_names where round `number` holds matches of different names (the final and the
    third-place play-off), else nothing: what a list of the round's tables (the draw notice, the
    results notice, the round's page) names beside each table. A round of one kind of match is
    named by its title already (第 2 轮（半决赛）)."""
    names = table_names(bracket, number, locale)
    return names if len(set(names.values())) > 1 else {}
