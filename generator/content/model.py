"""What a site's content says, once loaded and validated: plain typed data, no rules applied.

Private player fields (phone, student_id, the site's `private` keys) are dropped while loading
and never reach these objects, so nothing downstream can output them by mistake.
"""

from __future__ import annotations

import hashlib

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.errors import Mark

# Counts at real sizes (issue 23): a mass Guandan event draws thousands of teams (万人掼蛋: 5,000
# teams of two, 2,500 tables a round) and a club's archive passes thousands of weekly sessions.
# Beyond these a file is surely a mistake; bytes and time are bounded elsewhere (MAX_FILE_BYTES).
LIMITS = {"events": 20_000, "entries": 20_000, "stages": 20, "tables": 10_000, "results files": 500}


@dataclass(frozen=True)
class Player:
    name: str
    id: str | None = None


# Starts a withheld group's digest (Entry.withheld_group): a control character no content text holds.
WITHHELD = "\x00"


def withheld_group(group: str) -> str:
    """What stands for a private group where people are matched: the same group, the same digest."""
    return WITHHELD + hashlib.sha256(f"group\0{group}".encode()).hexdigest()[:16]


def player_names(names: Iterable[str]) -> str:
    """An entry's players' names as pages show them, one line."""
    return " / ".join(names)


@dataclass
class Entry:
    """A pair or a team (参赛队/组/对)."""

    id: str
    players: list[Player]
    group: str | None = None
    name: str | None = None
    bye: bool = False
    substitute: bool = False
    mark: Mark | None = None
    withdrawn: int | None = None  # plays no round from this round on (`withdrawn: true` is 1); event-day.md
    withdrawn_mark: Mark | None = None  # where `withdrawn:` is written, for the problems that name it
    # In an event of several stages, the stage whose rounds `withdrawn` counts (`withdrawn: {stage:
    # final, round: 2}`; `withdrawn: 2` counts the entry's first stage's) and the stages after it,
    # where it plays no round at all; the stages before it are played as written. None and ():
    # one stage, whose rounds it counts.
    withdrawn_stage: str | None = None
    withdrawn_later: tuple[str, ...] = ()
    # `private: [group]`: the group's digest in its place, to tell namesakes apart (render/players.py:
    # one person per name and group) and never shown (WITHHELD starts it, which no text can).
    withheld_group: str | None = None

    # Cached: asked for on every table an entry sits at, on every page; an entry is not changed
    # once read.
    @cached_property
    def label(self) -> str:
        """How the entry is named on pages: the team name, else its players."""
        return self.name or self.player_names

    @cached_property
    def name_beside_id(self) -> str | None:
        """The team name where pages, sheets and notices print it beside the entry's id: none when
        the name is the id (an imported session names its teams so: id SWEDEN, name SWEDEN),
        which printed twice read "SWEDEN  SWEDEN (Ola Rimstedt / …)"."""
        return self.name if self.name and self.name != self.id else None

    @cached_property
    def label_beside_id(self) -> str:
        """How pages name the entry beside its id (a traveller's, a table's sides): its team name,
        else its players, never only the id again. An imported team named as its id read "WALES
        WALES" on every traveller: its players are said instead, and nothing for one whose only
        player is its name (the file's players were placeholders, Dummy 1-4)."""
        if self.name_beside_id:
            return self.name_beside_id
        return self.player_names if self.player_names != self.id else ""

    @cached_property
    def player_names(self) -> str:
        return player_names(p.name for p in self.players)

    def withdrawn_by(self, number: int, stage: str | None = None) -> bool:
        """Withdrawn by round `number` of stage `stage` (`withdrawn: N`, N <= number; `withdrawn:
        true` is 1): it plays no round from N on. In an event of several stages, N counts the
        rounds of `withdrawn_stage`; the stages after it it plays not at all, those before it as
        written. `stage` None: the round counted as `withdrawn` counts it."""
        since = self.withdrawn_from(stage)
        return since is not None and since <= number

    def withdrawn_in(self, stage: str | None = None) -> bool:
        """Marked 退赛 in stage `stage`'s standings: the stage it withdrew from and those after it
        it would have played, not an earlier one it played through (withdrawn_from)."""
        return self.withdrawn_from(stage) is not None

    def withdrawn_from(self, stage: str | None = None) -> int | None:
        """The first round of stage `stage` it does not play (withdrawn_by), None: it plays them all."""
        if self.withdrawn is None or stage is None or self.withdrawn_stage is None or stage == self.withdrawn_stage:
            return self.withdrawn
        return 1 if stage in self.withdrawn_later else None


@dataclass(frozen=True)
class Official:
    name: str
    role: str
    stages: tuple[str, ...] = ()
    sessions: int = 0


@dataclass(frozen=True)
class CreditRules:
    """Conduct points (操行分), seed 000 section 九."""

    participant: int = 0
    finalist: int = 0
    referee: dict[str, int] = field(default_factory=dict)
    host: int = 0
    forfeit: int = 0


@dataclass(frozen=True)
class Prize:
    """By place (`count`) or by a metric threshold (`metric` >= `threshold`)."""

    name: str
    count: int | None = None
    metric: str | None = None
    threshold: float | None = None
    award: str | None = None


@dataclass(frozen=True)
class Advance:
    count: int
    to: str
    mark: Mark | None = field(default=None, compare=False)  # the `advance:` line, for its warnings
    to_mark: Mark | None = field(default=None, compare=False)  # the `to:` value, for a stage it names wrongly


@dataclass(frozen=True)
class Knockout:
    """A knockout stage's own keys (`format: knockout`): where its seeds come from (a list of
    entry ids, best first, or the ranking of stage `from_stage`; neither: the order the field
    arrives in) and whether the semi-final losers play for third place (tournament/knockout.py);
    `then`: the stage whose ranking places the entries the knockout did not (前八名: the bracket
    decides 1–4, the qualifying stage's order 5–8), as far as place `places` (None: all)."""

    seeds: tuple[str, ...] | None = None
    from_stage: str | None = None
    third_place: bool = False
    then: str | None = None
    places: int | None = None
    then_mark: Mark | None = field(default=None, compare=False)  # the `then:` value, for its errors
    from_mark: Mark | None = field(default=None, compare=False)  # `seeding: {from: …}`'s value, likewise
    size: int = 0  # the field's size as known before play (the seeds, or the qualifiers expected)


@dataclass
class Stage:
    id: str
    name: str
    format: str
    date: dt.date | None = None
    rounds: int = 1
    # `rounds:` written but not a number of rounds (`5轮`, 1000000), its error said: the stage
    # counts 1 round meanwhile, and its results files' rounds are not held against that 1.
    rounds_unread: bool = False
    boards: int | None = None
    rank_by: list[str] = field(default_factory=list)
    advance: Advance | None = None
    prizes: list[Prize] = field(default_factory=list)
    lots: list[str] = field(default_factory=list)
    movement: str | None = None  # pairs: mitchell | howell (None: by the field's size, movements.py)
    options: Any = None  # the game's own stage keys, as the game module reads them
    late_options: Any = None  # `options` with the stage's `late:` score as its bye (None: no `late:`)
    late_written: frozenset[str] = frozenset()  # the keys `late:` names: the others score 0 (tournament.event._score_late)
    time_limit: int | None = None  # minutes a round (the desk's countdown)
    mark: Mark | None = None
    knockout: Knockout | None = None  # `format: knockout` only
    # Players an entry fields in this stage when its keys say so (Game.players_per_entry:
    # Guandan's `team_size: 4`); None: any number.
    players: int | None = None
    # (players an entry fields, the size a key of the stage would make a team) where the stage
    # has no such key (Game.size_without_key: Guandan's pairs, where `team_size: 4` makes fours).
    unkeyed: tuple[int, int] | None = None


@dataclass
class Table:
    """One match at one table: its sides (entry ids) and the game's record of play."""

    number: int
    sides: list[str]
    record: Any
    forfeit: str | None = None
    referee: str | None = None
    mark: Mark | None = None
    side_marks: list[Mark] = field(default_factory=list)  # where each side's id was written
    winner: str | None = None  # a knockout match's `winner:` (the referee's decision on a tie)
    # A `winner:` written that is neither side (and its mark): reported when the stage is scored,
    # with the rest of the stage's problems (tournament/knockout.py), not while loading, which
    # would stop the event before its other tables are checked.
    winner_not_at_table: tuple[str, Mark] | None = None
    # The round it is played in (its file's `round:`), 0 where not known (a draw's table): what
    # a match's boards numbered on through the stage are read against (round 5 of 8: 33-40,
    # games/common/boards.py match_board_count).
    round_number: int = 0
    # The boards each of its stage's rounds before wrote (round number, boards), set once the
    # stage's rounds are read (content.load._boards_before): a stage numbering its boards on in
    # blocks of 12 (round 2 on 13-24) is known by them, and a match half entered on 13-18 waits
    # for 19-24 (match_board_count). Empty where not known or not needed.
    earlier_boards: tuple[tuple[int, frozenset[int]], ...] = ()
    # Both sides' forfeit (Guandan's `forfeit: [T17, T29]`, Game.both_forfeit): neither came, each
    # scored absent, nobody wins. `forfeit` stays None there: it names one side's forfeit only.
    both_forfeit: bool = False

    @property
    def forfeits(self) -> tuple[str, ...]:
        """The sides written as forfeiting the table: the one of `forfeit:`, both of a double
        forfeit, none otherwise. What a page, a notice, the desk or the credits say of a forfeit
        reads this, so that a double forfeit is said of both teams, not of none."""
        if self.both_forfeit:
            return tuple(self.sides)
        return (self.forfeit,) if self.forfeit is not None else ()


@dataclass
class Round:
    stage: str
    number: int
    tables: list[Table]
    source: Path
    # The standings `paibang pair` drew this round on (entry id, primary score), in its order;
    # None when the file has no `# draw-order:` lines (drawn by hand, or before paibang wrote them).
    drawn_on: list[tuple[str, float]] | None = None
    date: dt.date | None = None  # the day it is played (its file's `date:`), for its bulletins
    # A knockout's round 1: the seeds `paibang pair` drew it from (`seeds:`, seed 1 first), kept
    # as data so that retyping or reformatting the file keeps them; None when not written.
    seeds: list[str] | None = None
    seeds_mark: Mark | None = None
    # Round 1 drawn on another stage's standings: that stage's settings the draw read, as
    # `paibang pair` recorded them (`# draw-rules: count=4 rank_by=wins,level_diff`), so that
    # a setting changed since is said as one, its old value with it (event._field_as_drawn).
    drawn_by: dict[str, str] | None = None


@dataclass
class Event:
    slug: str
    title: str
    game: str
    folder: Path
    organizer: str | None = None
    venue: str | None = None
    dates: list[dt.date] = field(default_factory=list)
    notices: list[Path] = field(default_factory=list)
    draw_seed: int | None = None
    entries: dict[str, Entry] = field(default_factory=dict)
    officials: list[Official] = field(default_factory=list)
    credits: CreditRules | None = None
    stages: list[Stage] = field(default_factory=list)
    rounds: dict[str, list[Round]] = field(default_factory=dict)
    locale: str | None = None
    bulletin_text: dict[str, str] = field(default_factory=dict)  # bulletin kind -> the secretary's text
    # Stages whose format could not be read (a misspelt `format: swis`): reported once there, and
    # still known by their id, so their results files and the stages naming them do not each add
    # "no stage main" to that one mistake; they are not read further until the format is fixed.
    unread_stages: list[str] = field(default_factory=list)
    # Entry ids written but not valid ids (Т03 with a Cyrillic Т): each said once, at its entry,
    # not again at each table whose side, T03, is the id meant.
    unread_entries: list[str] = field(default_factory=list)

    def stage(self, stage_id: str) -> Stage:
        return next(s for s in self.stages if s.id == stage_id)

    def day_of(self, stage: Stage, number: int | None = None) -> dt.date | None:
        """The date a bulletin of the stage carries, of its round `number` if given: that
        round's own (`date:` in its results file: a Swiss of two days posts round 1 on the
        first), else the stage's, else the event's last day."""
        if number is not None:
            found = next((r.date for r in self.rounds.get(stage.id, ()) if r.number == number), None)
            if found is not None:
                return found
        return stage.date or (self.dates[-1] if self.dates else None)

    @property
    def has_stages(self) -> bool:
        return bool(self.stages)

    def entries_file(self, entry: Entry | None = None) -> str:
        """The file the entries (or `entry`) are written in, as the secretary knows it, for hints:
        event.yaml, or the file its `entries:` names (entries.yaml, written by paibang import)."""
        if entry is None:
            entry = next((found for found in self.entries.values() if found.mark is not None), None)
        return entry.mark.file.name if entry is not None and entry.mark is not None else "event.yaml"


@dataclass
class Site:
    title: str
    organization: str | None
    locale: str
    base_url: str | None
    private: tuple[str, ...]
    events: list[Event]
    root: Path
    # The language names, titles and notices are written in (site.yaml content_locale), where it
    # is not the pages': their Chinese is marked so on an English page (render/html.py content_lang)
    content_locale: str | None = None
