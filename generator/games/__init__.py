"""The games paibang scores, and the contract every game keeps (`Game`).

A game is a module (or package) here whose `RULES` is an instance of a `Game` subclass: its
metrics, the stage and table keys it reads, how to read and score a table, and every other hook
the tournament, the pages, the commands and the results desk ask a game for, each declared and
documented once on `Game`, most with a default. `GAMES` finds the games by looking (nothing to
list anywhere else): adding a fifth game means adding its module here and its table template
under templates/games/ (or in the folder its `templates` names).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from collections.abc import Callable, Collection, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from generator import catalogues
from generator.content.model import Entry, Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark, Problems
from generator.messages import FIND_MORE, add_codes
from generator.messages import catalogue as shared_codes

Localised = dict[str, str]


@dataclass(frozen=True)
class Word(Mapping[str, str]):
    """One UI word in every locale, read from the catalogues when asked for (nothing is read at
    import): a mapping {locale: text} like any localised text. `folder`: the catalogues it is
    in (a game's package folder), the shared ones (generator/locales/) when not there."""

    key: str
    folder: Path = catalogues.SHARED

    def __getitem__(self, locale: str) -> str:
        if locale not in catalogues.LOCALES:
            raise KeyError(locale)
        return catalogues.text(self.key, locale, self.folder)

    def get(self, locale: str, default: Any = None) -> Any:
        """Mapping's get, one call shorter (pages ask for metric names at every table)."""
        if locale not in catalogues.LOCALES:
            return default
        try:
            return catalogues.text(self.key, locale, self.folder)
        except KeyError:
            return default

    def __iter__(self) -> Iterator[str]:
        return iter(catalogues.LOCALES)

    def __len__(self) -> int:
        return len(catalogues.LOCALES)


@dataclass(frozen=True)
class Metric:
    """A standings metric. Higher is better. `first_only`: taken from the first match played.
    `per_board`: an average over the boards the entry played (a pairs percentage), not a total:
    a pair that played few boards may top it, so a stage ranked by it first does not rank a
    withdrawn entry that took part in under half the rounds (tournament/event.py's withdrawn_under_half).
    `label` and `explain` are localised texts, usually the catalogues' (`Metric.worded`)."""

    name: str
    label: Mapping[str, str]
    explain: Mapping[str, str]
    first_only: bool = False
    per_board: bool = False

    @classmethod
    def worded(cls, name: str, folder: Path = catalogues.SHARED, first_only: bool = False, prefix: str = "",
               shared: Sequence[str] = (), per_board: bool = False) -> Metric:
        """A metric whose label and explanation are the UI words `metric_<name>` and
        `metric_<name>_explain` of `folder`'s catalogues, looked up when a page asks for them (so
        they follow a catalogue read again). `prefix`: the game's word prefix, giving
        `<prefix>_metric_<name>`, except for the words in `shared` (`<name>` for the label,
        `<name>_explain` for the explanation), which are the shared catalogue's `metric_<word>`."""
        def key(word: str) -> str:
            return f"{prefix}_metric_{word}" if prefix and word not in shared else f"metric_{word}"

        return cls(name, Word(key(name), folder), Word(key(f"{name}_explain"), folder), first_only, per_board)


@dataclass
class SideScore:
    """One side's part of a table. `disqualified`: out of the stage's ranking (seed 000's
    forfeit, 取消其参赛资格); a plain forfeit loss is scored by the game as a loss."""

    entry: str
    metrics: dict[str, float]
    disqualified: bool = False


class RowsWhenRead(Sequence[dict[str, Any]]):
    """Rows of results.json, a mapping each, made when first read from what the table keeps
    anyway: `make(*source)`, `make` a function of the game's module. Pickled as that function
    and its source, not as the rows: the event cache keeps each event's result pickled by the
    reader that scored it and unpickled by the render worker, which makes them once, for
    results.json. A table's rows (TableScore.boards) were a sixth of the bytes so (the
    200-event archive's 33,000 rows, 78,000 dicts); a Guandan match's deals (its `deals`) were
    made one by one in a mass event's build before its workers started. The game makes it
    once its source is final (a pairs table's, after the field is compared): nothing changes
    that source after, so the rows made later are the ones it would have made then."""

    __slots__ = ("made_from", "_rows")

    def __init__(self, make: Callable[..., list[dict[str, Any]]], *source: Any) -> None:
        self.made_from = (make, *source)
        self._rows: list[dict[str, Any]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return RowsWhenRead, self.made_from

    def made(self) -> list[dict[str, Any]]:
        """The rows, as made now when not made before, without keeping them: results.json's
        way (render/html.py's _json_list), which reads them once. serve keeps the last events
        it read in its own process between rebuilds, and writes a saved event's results.json
        there; rows kept would stay with those events, inherited by every render worker."""
        if self._rows is not None:
            return self._rows
        make, *source = self.made_from
        return make(*source)

    @property
    def rows(self) -> list[dict[str, Any]]:
        if self._rows is None:
            self._rows = self.made()
        return self._rows

    def __getitem__(self, index: Any) -> Any:
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __eq__(self, other: object) -> bool:
        return self.rows == (other.rows if isinstance(other, RowsWhenRead) else other)

    __hash__ = None  # type: ignore[assignment]  # (a list's: none)

    def __repr__(self) -> str:
        return f"RowsWhenRead({self.rows!r})"


@dataclass
class TableScore:
    """A scored table: each side's metric contributions, the winner, and what pages show."""

    table: Table
    sides: list[SideScore]
    winner: str | None
    # results.json rows: a list, or RowsWhenRead made from the view when first read
    boards: Sequence[dict[str, Any]] = field(default_factory=list)
    view: Any = None  # the game's own data for its table template
    extra: dict[str, Any] = field(default_factory=dict)  # more keys for the table in results.json


@dataclass(frozen=True)
class TableForm:
    """How `paibang pair` writes one table's sides, and a commented example of its record."""

    keys: tuple[str, str] | None  # (first, second) side keys; None: a `teams: [a, b]` list
    hint: tuple[str, ...]  # record lines, commented out; {a} {b} are the sides, {first} the round's first board
    bye: bool = True  # a table of one side is a bye; False: the odd entry out needs a substitute
    rooms: tuple[str, ...] = ()  # a team match's rooms (common.rooms.ROOMS): its record is kept a room at a time
    # How a team match in two rooms is seated, for the draw notice and the round's page to say
    # (common.rooms.SEATINGS): "ns", the side written first sits North-South in the open room
    # and East-West in the closed room, the other side the other way round (seed 004's 主队坐开室
    # 南北、闭室东西: bridge teams, 80分 teams, Guandan's teams of four); "odd", the first side in
    # seats 1, 3, 5 in the open room and 2, 4, 6 in the closed room (大怪路子, seed 003); ""
    # where the notice says nothing of seats.
    seating: str = ""
    # Each room's score sheet has the team's players to tick the ones who played there (Guandan's
    # teams of four): the draw notice tells the teams to write them there.
    room_players: bool = False

    def side_lines(self, sides: Sequence[str]) -> list[str]:
        if self.keys is None:
            return [f"teams: [{', '.join(yaml_id(s) for s in sides)}]"]
        return [f"{key}: {yaml_id(side)}" for key, side in zip(self.keys, sides)]


_YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def yaml_id(entry_id: str) -> str:
    """An entry id as a YAML scalar that reads back as the same text: bare when it starts with
    a letter and is no YAML keyword, else double-quoted (007, 1e5, true)."""
    if entry_id[:1].isalpha() and entry_id.isascii() and entry_id.lower() not in _YAML_WORDS:
        return entry_id
    return f'"{entry_id}"'


@dataclass(frozen=True)
class Example:
    """What `paibang new` writes for a game: entries and a table as comments, stages as YAML."""

    entries: str
    stages: str
    table: str


def _one_stage_name(example: Example | None) -> str | None:
    """The name of an example's one stage, read as the YAML `new` writes, not by its layout;
    None when it has no stage or several."""
    stages = yaml.safe_load(example.stages) if example is not None else None
    names = [stage.get("name") for stage in stages if isinstance(stage, dict)] if isinstance(stages, list) else []
    return str(names[0]).strip() if len(names) == 1 and names[0] is not None else None


@dataclass
class EntryField:
    """One field of a table's entry form at the results desk."""

    name: str
    label: str  # a UI word key (desk_*) or literal text
    value: str = ""
    kind: str = "text"  # text | textarea | select
    # (value, label) for a select: the label a UI word key, or the value itself (an entry id),
    # shown as it is
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    # the hint's parameters: an example in the table's own entry ids (`{a}+3, {b}+1`)
    hint_params: dict[str, str] = field(default_factory=dict)
    # another field whose hint says what this one takes too (its name): the box is described by
    # that hint, said once on the form (Guandan's second team's final level, by the first's)
    hint_from: str = ""
    literal: bool = False  # label is literal text, not a word key
    board: int = 0  # a board's result: its number
    # open | closed: a team match's board, or a field of one room's record (the desk shows a
    # room's fields under its name)
    room: str = ""
    # Offered on the secretary's form only: a table's link neither shows nor changes it (the
    # value the file has is kept), for what a table's score sheet has no place for.
    secretary: bool = False
    # A box each line of which is one item of the record's list of its name, blank lines left
    # out (penalties): a problem's `index` counts those items, the desk says the line it is on.
    item_lines: bool = False
    # A team board's own value beside its rooms (`penalty`, `note`: 80分's), the key it writes
    # in the board: shown on the board's line of its own grid, not as a room's result.
    part: str = ""


def scalar(text: str) -> Any:
    """A typed value as YAML would read it unquoted: whole numbers as numbers (80分 points,
    Guandan levels), everything else as text."""
    text = text.strip()
    if re.fullmatch(r"[-+]?[0-9]{1,6}", text):
        return int(text)
    return text


def field_text(value: Any) -> str:
    """A written value as a form field shows it (a list as `a, b`)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(field_text(v) for v in value)
    return str(value)


class Game:
    """Everything a game may provide, each hook documented once. A game is a module (or
    package) under generator/games/ whose `RULES` is an instance of a subclass; the registry
    below finds it. Hooks with a default need overriding only when the game does more.
    """

    # --- what it is ------------------------------------------------------------------------
    name: str  # as content names it: `game: bridge`
    position: int = 99  # where it is listed among the games (archive filters, `new --game`)
    id_prefix: str = "E"  # the letter of entry ids `paibang import` makes (T01 …)
    templates: Path | None = None  # a folder holding games/<name>_table.html …; None: templates/
    # The prefix of its own words in its catalogues ("gd": gd_title, gd_metric_net …), which the
    # defaults of `title`, `choice`, `example` and `metrics` below read.
    word_prefix: str = ""

    @property
    def title(self) -> Localised:
        """Its name (桥牌 / 橋牌 / Bridge): the word `<word_prefix>_title`."""
        return catalogues.word(f"{self.word_prefix}_title", self.folder)

    @property
    def choice(self) -> tuple[str, str, str]:
        """Its name in lists of games (new's comment), by locale: the word `<word_prefix>_choice`."""
        return catalogues.texts(f"{self.word_prefix}_choice", self.folder)

    @property
    def example(self) -> Example | None:
        """`paibang new`'s event for this game as a Simplified Chinese site gets it (example_in).
        A game may give its own instead, as an attribute: then it is every locale's."""
        return self.example_in("zh-Hans")

    @property
    def example_formats(self) -> tuple[str, ...]:
        """The stage formats `paibang new --format` offers for this game besides its example
        (bridge's `pairs`: a club's matchpoint pairs evening): the words
        `<word_prefix>_example_<format>_stages` there are."""
        words = catalogues.words(self.folder) if self.word_prefix else {}
        return tuple(f for f in self.formats if f"{self.word_prefix}_example_{f}_stages" in words)

    def example_in(self, locale: str, format: str = "") -> Example | None:
        """`paibang new`'s event for this game on a site in `locale`: its stage and prize names
        in the site's language (an English site got 初赛 and 决赛, published as they were), its
        ids the same in every locale. The words `<word_prefix>_example_{entries,stages,table}`;
        None (no such words): new refuses the game. `format`: the example of that stage format
        (example_formats), `<word_prefix>_example_<format>_{entries,stages,table}`."""
        if type(self).example is not Game.example and not format:  # a game giving its example itself: that, in every locale
            return self.example
        prefix = f"{self.word_prefix}_example_{format}_" if format else f"{self.word_prefix}_example_"
        keys = [f"{prefix}{part}" for part in ("entries", "stages", "table")]
        if not self.word_prefix or keys[0] not in catalogues.words(self.folder):
            return None
        return Example(*(catalogues.text(key, locale, self.folder) for key in keys))

    @cached_property
    def default_stage_name(self) -> str | None:
        """The name `paibang new` gives the one stage of its event for this game on a Simplified
        Chinese site (Guandan's 比赛); None when its example has no stage or several."""
        return _one_stage_name(self.example)

    @cached_property
    def default_stage_names(self) -> frozenset[str]:
        """The names `paibang new` gives that one stage, in every locale (比赛, 比賽, Competition)."""
        return frozenset(name for locale in catalogues.LOCALES if (name := _one_stage_name(self.example_in(locale))) is not None)

    # --- records ---------------------------------------------------------------------------
    formats: tuple[str, ...]  # stage formats it plays
    metric_names: tuple[str, ...] = ()  # its own standings metrics (SHARED_METRICS come on top)
    # Metric words other games show too (`net`, or `top_explain` for an explanation alone): the
    # shared catalogue's metric_<word>, not <word_prefix>_metric_<word>.
    shared_metric_words: tuple[str, ...] = ()
    first_only_metrics: tuple[str, ...] = ()  # metrics taken from the first match played
    # Metrics that are an average over the boards an entry played (a pairs percentage), not a
    # total (Metric.per_board): a withdrawn entry is ranked by one only past half-way.
    per_board_metrics: tuple[str, ...] = ()

    @cached_property
    def metrics(self) -> dict[str, Metric]:
        """Its own standings metrics, by name, worded from the catalogues when a page asks
        (`Metric.worded`). Made once: pages ask for them at every metric cell (metric_of)."""
        return {name: Metric.worded(name, self.folder, name in self.first_only_metrics, self.word_prefix,
                                    self.shared_metric_words, name in self.per_board_metrics)
                for name in self.metric_names}

    stage_keys: tuple[str, ...]  # stage keys it reads (read_stage_options)
    table_keys: tuple[str, ...]  # table keys it reads (read_table), sides included

    def read_stage_options(self, reader: Reader, stage_format: str) -> Any:
        """Its stage keys, read and checked; the object lands in `stage.options`."""
        return None

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        """The metrics a stage of it produces, the primary first."""
        return tuple(self.metrics)

    def match_figures(self, stage: Stage) -> tuple[str, ...]:
        """The metrics a match's score names for a stage of it (the desk's check of a table),
        those of its own metrics the stage's rule set speaks of. Default: all its own metrics."""
        return tuple(self.metrics)

    def default_rank_by(self, stage: Stage) -> list[str]:
        """The ranking of a stage that gives no `rank_by` (a rule profile's tie-break chain).
        Default: its primary metric alone."""
        return [self.metrics_for(stage)[0]]

    def head_to_head_two_only(self, stage: Stage) -> bool:
        """Whether the stage's `head_to_head` decides only between exactly two tied entries
        (skipped, 0 for all, when three or more are tied). Default: no, any number."""
        return False

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]:
        """One table of a results file: its sides (id, mark) and the parsed record."""
        raise NotImplementedError

    # --- scoring ---------------------------------------------------------------------------
    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        """Score one table. Tables arrive in play order (stage, round, table); `state` is one
        dict per event the game may keep running counts in (e.g. violations so far)."""
        raise NotImplementedError

    # Whether a table's `forfeit:` may list both its sides (both absent: the game's reader reads
    # the list and scores it); else the loader reads `forfeit:` as one side, a list refused.
    reads_both_forfeit = False
    # The game reader's own error of a bye with something written beside its side, a forfeit
    # included: where it is said, the loader says no bye-with-forfeit beside it (one error for
    # one bye, at one place). None: the loader's bye-with-forfeit is the forfeit's error.
    bye_error: str | None = None

    def both_forfeit(self, record: Any) -> bool:
        """Whether `record`, as read_table read it, is both sides' forfeit (reads_both_forfeit),
        read as such: the loader marks its table so (Table.both_forfeit)."""
        return False

    def has_byes(self, stage: Stage) -> bool:
        """Whether a table of one side is a bye in the stage: False where the odd entry out
        plays a substitute instead (TableForm.bye False: bridge's matches). A game whose tables
        `pair` cannot write is taken to have byes, as every game but bridge's matches has."""
        form = self.table_form(stage)
        return form is None or form.bye

    def score_walked_out(self, table: Table, stage: Stage, state: dict[str, Any], staying: str, gone: str,
                         boards: Sequence[int]) -> TableScore | None:
        """A pairs movement's table whose pair `gone` has withdrawn by this round, for its
        opponent `staying`: what the opponent scores on the `boards` the movement gave the table
        (event-day.md: an opponent scheduled against a withdrawn entry gets the stage's forfeit
        result). None: the game has no such result, and the opponent sits the round out."""
        return None

    def boards_short(self, stage: Stage, table: Table) -> bool:
        """Whether a match of two sides, not forfeited, holds fewer boards than it is to play
        (match_boards: the stage's `boards`, else the game's default), each board not played
        written so (np): the rest are still to be entered, and the match waits (pending, shown
        and not counted) until they are, as a match with one room in does. The same rule in
        every game; what differs is which boards a match's record holds (match_boards_written),
        and a table it holds none of (a pairs table, whose board left out is one it did not
        play, as the rules treat it, not one to come; a game whose tables write no boards) is
        never short."""
        if len(table.sides) != 2 or table.forfeits:
            return False
        held = self.match_boards_written(stage, table)
        return bool(held) and len(held) < self.match_boards(stage, table)

    def match_boards_written(self, stage: Stage, table: Table) -> Collection[int]:
        """The boards a team match's record holds so far, each played, written not played (np)
        or with one room in: what boards_short counts and match_boards reads the match's own
        numbering from. None for any other table (a pairs table's, a total-points table's).
        Default: none."""
        return ()

    def directors_only(self, typed: str, whole: bool = False) -> str:
        """What only the director awards that a board's box as typed holds, "" for none: its
        kind, which names the desk's refusal (desk-<kind>-at-table: bridge's "adjusted", an
        artificial adjusted score, Law 12C2; "weighted", a weighted score, Law 12C1(c)), which
        the desk takes from the secretary's form and refuses from a table's phone. `whole`: the
        box is a board's whole result (a pairs board's), not one room's of a match (80\u5206's
        penalty is the referee's on a pairs board, whose sheet has no line for it, and typed in
        a team room's box still). Default: nothing."""
        return ""

    def directors_ruling(self, written: str) -> bool:
        """Whether a board's box as the file has it is the director's ruling, which a table's form
        shows read only and which does not count as the table's own result (desk
        keep_directors_boards, has_record): what directors_only names, and what a game adds to it
        that its tables may still type themselves (bridge's np)."""
        return bool(self.directors_only(written))

    def directors_board(self, board: Any) -> bool:
        """directors_ruling of a board as the results file has it (the desk's directors_boards:
        which boards a table's form keeps read only as the director's). Default: the board as a
        form's box shows it (field_text), read as typed; a game whose file writes an adjusted
        board as a mapping (80\u5206's `{adjusted: NS}`) reads the mapping."""
        return self.directors_ruling(field_text(board))

    def adjusted_only(self, table: Table) -> bool:
        """Whether the table's record is adjusted scores alone (bridge's `A+` on a withdrawn
        pair's table: its opponent's, no result for the pair that walked out)."""
        return False

    def bye_credit(self, stage: Stage) -> dict[str, float] | None:
        """What a bye earns in this stage, by metric (80分: match_points 12, net 0 in 4-board
        rounds), for the stage page to say. Default: the game's own scoring of a table with one
        side, so the words cannot differ from the standings; None where the odd entry out plays
        a substitute instead (has_byes False) or a lone side scores nothing."""
        if not self.has_byes(stage):
            return None
        score = self.score_table(Table(0, ["-"], None), stage, {})
        return dict(score.sides[0].metrics) if score.sides else None

    def score_field(self, stage: Stage, rounds: Sequence[Any], problems: Problems | None = None,
                    unplayed: Mapping[int, int] | None = None, counted: int | None = None) -> None:
        """Score across the field once every table of the stage is scored, before the tally
        (pairs matchpoints compare a board across tables). `unplayed`: board -> how many tables
        with a withdrawn pair do not play it (tournament/pairing.unplayed_boards), results a
        board is short of by design. `counted`: the rounds the standings count ("after round
        N", 1 to N fully played): their tables are scored among those rounds' results only, so
        that a later round partly entered moves no figure of the standings. Default: nothing
        to do."""

    def substitutes_decide(self, stage: Stage) -> bool:
        """Whether a table against a substitute (`substitute: true`, never ranked) is won and lost
        as any other (default: a match, its result the entry's). False: the entry's own score
        there is all that counts, and the table has no winner (tournament/event.py says so on the
        table, TableScore.extra's `substitute`)."""
        return True

    # Whether `score_table` reads counts run across the event's earlier tables from its `state`
    # (大怪路子's violations: the second of the event costs a point). Only then does a preview of
    # one table (the desk's) score the tables before it first (tournament/event.state_before).
    keeps_running_counts: bool = False

    def scores_alone(self, stage: Stage) -> bool:
        """Whether a table's score is made from the table and its stage alone: `score_table`
        reads no `state` (nothing of the tables before it) and `score_field` changes no score.
        Then a table read as before, in a stage read as before, scores as before, and an event
        scored again (tournament/event.py's ScoredTables) takes its score as it was. Default:
        no (a game must say so, and mean it)."""
        return False

    def adjust_tallies(self, stage: Stage, tallies: Any, finished: bool) -> None:
        """Penalties and awards on a stage's totals: called before finish_metrics
        (`finished=False`) and after it (`finished=True`). Default: none."""

    def finish_metrics(self, metrics: dict[str, float]) -> None:
        """Derive, in place, the metrics that are not plain sums (a percentage of summed
        matchpoints and tops) from an entry's sums. Default: every metric is a sum."""

    def scored_nothing(self, metrics: dict[str, float]) -> bool:
        """Whether an entry that sat at its tables has, its metrics finished (finish_metrics),
        nothing to be ranked by: a pairs pair whose every board was not played (np) has no top
        and so no percentage (matchpoints.no_board_scored). It is then not ranked, as an entry
        that played nothing (Tally.nothing_scored), rather than ranked last on a 0 it never
        scored. Default: no."""
        return False

    def sat_unentered(self, record: Any) -> bool:
        """Whether a table not entered yet was written as having sat, its record empty (a bridge
        pairs table's `boards: {}`): its entry page says it is not entered yet, not to be played.
        Default: no."""
        return False

    def fields(self, stage: Stage, rounds: Sequence[Any]) -> dict[str, list[str]] | None:
        """Groups of entries ranked apart, by the field's name (bridge pairs: "NS" and "EW", in
        that order). Default: one field."""
        return None

    def standings_after_rounds(self, stage: Stage, rounds: Sequence[Any]) -> dict[int, Any]:
        """Standings after each round, for rounds pages that show them (a barometer). Default: none."""
        return {}

    # --- knockout ----------------------------------------------------------------------------
    # The table key a knockout match's tie is settled by, as the tie's error message names it:
    # `winner` (the referee's decision, written on the table) unless the game has its own rule.
    tiebreak_key: str = "winner"
    # How a tie is settled, in words, for the stage page's explanation of the knockout: a UI word
    # key (the shared catalogue's, or the game's own). Members read it: the rule, never the key
    # it is written under (check's knockout-tie names that to the secretary).
    tiebreak_rule: str = "ko_tiebreak_referee"

    def knockout_winner(self, score: TableScore, stage: Stage) -> str | None:
        """Who goes through from a knockout match (`format: knockout`, tournament/knockout.py):
        the side the game's result makes the winner (a forfeit: the other side); on a tie, the
        game's own rule. Default: the table's `winner:` key (`score.table.winner`), the referee's
        decision, written only when the result is a tie. None: not decided (an error once the
        table has a result). A game that settles ties its own way (Guandan: one extra deal at
        level 2, `tiebreak_deal: T05`) overrides this and names its key in `tiebreak_key`; it is
        called only for a table with two sides and a result."""
        return score.winner or score.table.winner

    # --- pages and printed matter ------------------------------------------------------------
    def travellers(self, stage: Stage, rounds: Sequence[Any]) -> list[Any]:
        """A duplicate stage's boards, each with every table's result (each item has a `board`
        number; page games/<name>_traveller.html). Default: none."""
        return []

    def knockout_figures(self, stage: Stage) -> Sequence[str] | None:
        """The metrics an entry's page shows for each of its knockout matches (its summary of
        matches), where the stage's `rank_by` says nothing a knockout match is decided by
        (bridge teams: IMPs, not the VPs of a Swiss). None (default): the stage's `rank_by`."""
        return None

    def metric_explained(self, name: str, stage: Stage) -> Localised:
        """What metric `name` counts in this stage, for its page's ranking rules: the metric's own
        explanation, unless the stage's rule set counts it otherwise (a rule profile: a Guandan
        stage with draws wins no match on equal levels, which the game's default says it does).
        A tie-break summing the opponents' score names the score the stage sums (its primary
        metric, as standings.primary_metric finds it: Guandan's national rules sum match points,
        not wins), not a vague "primary score"."""
        if name in OPPONENTS_SCORE_SUMS:
            primary = next((m for m in stage.rank_by if m not in SHARED_METRICS), None) or \
                next(iter(self.metrics_for(stage)), None)
            if primary is not None:
                label = metric_of(self, primary).label
                return catalogues.word(f"metric_{name}_explain",
                                       primary={locale: catalogues.in_sentence(label[locale]) for locale in catalogues.LOCALES})
        return metric_of(self, name).explain

    def stage_notes(self, stage: Stage) -> list[Localised]:
        """Paragraphs the stage page adds to its ranking rules: how this stage scores a match
        when its rule set is not the game's default (a rule profile). Default: none."""
        return []

    def traveller_rows(self, stage: Stage, rounds: Sequence[Any],
                       travellers: Sequence[Any] | None = None) -> list[list[Any]] | None:
        """Its travellers as a spreadsheet's rows (results.xlsx, `paibang export`), the heading
        row (column names, not words) first; `travellers`, when given, are the stage's
        `travellers(stage, rounds)` already found (a build's board pages), not found again.
        Default: none (its tables sheet says it all)."""
        return None

    def event_tables(self, result: Any) -> list[Any]:
        """Tables its event page template (games/<name>_event.html) shows. Default: none."""
        return []

    def bulletins(self, result: Any, t: Any, forms: bool | None = None) -> list[Any]:
        """Its own notice-board postings and reference sheets, and its blank forms (score sheets,
        the kinds in render/bulletins.py's FORM_KINDS), for an event result, in the translator's
        language. `forms` says which are wanted, and the others are not built at all: False, the
        notices and reference sheets only (what a build posts); True, the forms only (asked with
        the result narrowed to one round, for that round's forms); None, both. Default: none."""
        return []

    # How many boards a match plays where its stage says no `boards`: the one count its score
    # sheet lists and the desk's form offers (round_boards). 大怪路子's is the seed's 6; the desk
    # offered 8 for every game while bridge's sheets listed none and 大怪路子's 6.
    default_boards: int = 8
    # Whether a board's number names the same deal at every table (bridge's duplicate boards,
    # compared across the field), so that a table whose boards are not known cannot be offered
    # 1..N: its boards are the ones it played, their numbers written at the table (the desk's
    # boards_played box, as the printed slip leaves them to write). False: a table's deals are
    # its own, numbered 1..N at each (大怪路子's, Guandan's).
    boards_compared: bool = False
    # Whether a stage may number its matches' boards on through the rounds (content-format.md:
    # round 2 plays 9-16; bridge's and 80分's), so that a match of 33-38 in a stage saying no
    # `boards` is round 5's of the default 8 and waits for 39-40 (match_board_count). False: a
    # match numbers its own 1..N (大怪路子's board-number check stops at the stage's `boards`).
    boards_numbered_on: bool = False

    def round_boards(self, stage: Stage, number: int, tables: Sequence[Table],
                     written: Mapping[int, Collection[int]] | None = None,
                     earlier: Sequence[tuple[int, Collection[int]]] = ()) -> dict[int, tuple[int, ...]]:
        """The boards each table of round `number` (its `tables` as written, results or none) is
        to play where the stage's numbering says, not the file: what its score sheet lists before
        play and the desk's form offers. Default: for a stage saying no `boards`, the boards the
        match waits for (common.boards.default_block, the rule match_boards counts by): each
        match's 1..default_boards, or, where the game numbers boards on through the stage, the
        round's block (33-40 in round 5 with 33-38 written), judged on the boards the round
        writes; none known where those are numbered otherwise (longer matches, a session
        imported on 17-24 in round 1: the file's). Not for a pairs stage, whose movement deals
        its boards (and needs `boards`), nor a game whose tables write no boards (Guandan's
        deals). `written`: a table's boards as the caller reads them, in place of its record's
        (the desk: the form's text as it stands, pairing.match_boards). `earlier`: the boards
        written in each of the stage's rounds before (round number, boards), which number a
        round with none written yet (default_block: round 5 of a stage on 25-32 in round 4 plays
        33-40, not 1-8).

        Judged a match at a time, as match_board_count judges the match it counts: a match with
        boards written by its own, one with none by the round's other matches' (every match of a
        round plays the same boards), else by the rounds before. Judged on the round's boards
        together, a round whose matches were numbered apart (1-6 at one table, 33-36 at
        another) offered neither its boards to come, which each match then waited for."""
        if stage.boards or stage.format == "pairs" or "boards" not in self.table_keys:
            return {}
        from generator.games.common.boards import default_block

        written = written or {}
        matches = [table for table in tables if len(table.sides) == 2]
        own = {table.number: set(written.get(table.number) or self.written_boards(stage, table)) for table in matches}
        held = {board for boards in own.values() for board in boards}
        found = {}
        for table in matches:
            block = default_block(own[table.number] or held, self.default_boards, self.boards_numbered_on, number, earlier,
                                  self.boards_repeat(stage, earlier))
            if block is not None:
                found[table.number] = tuple(block)
        return found

    def boards_repeat(self, stage: Stage, earlier: Sequence[tuple[int, Collection[int]]] = ()) -> bool:
        """Whether a round of the stage may play board numbers an earlier round played (a club
        dealing 1-8 afresh every round), `earlier` the boards each round before wrote (round_boards'
        `earlier`). False where a side never plays a board number twice in the stage (bridge's
        teams, bridge-team-board-twice): a round with none written yet then follows on (round 2
        after 1-8 on 9-16), never offered 1-8 again (default_block). Default: True."""
        return True

    def boards_may_repeat(self, stage: Stage) -> bool:
        """Whether a table of the stage may play a board number in more than one round, by the
        stage's keys alone, whatever its results say (boards_repeat reads the rounds entered too):
        what a board's traveller is paged by (render/html.py, traveller_pages), a page then
        holding so many fewer tables, so that a line's page is the same from the draw to the last
        result. Default: True (the spec lets a round play any boards 1 to rounds x boards)."""
        return True

    def match_boards(self, stage: Stage, table: Table) -> int:
        """How many boards the table's match is to play (common.boards.match_board_count): the
        stage's `boards`, else default_boards as round_boards offers them, so that a match the
        desk's form offered 1..default_boards and saved part-filled waits for the rest, as with
        `boards` written. 0 where none is known: a pairs stage, a game whose tables write no
        boards, a match whose file numbers its own boards (match_boards_written: 17-24). What
        boards_short waits for, and what the game scores a match over (bridge's VP scale)."""
        if "boards" not in self.table_keys:
            return stage.boards or 0
        from generator.games.common.boards import match_board_count

        return match_board_count(stage, self.match_boards_written(stage, table), self.default_boards,
                                 self.boards_numbered_on, table.round_number, table.earlier_boards)

    def boards_before(self, stage: Stage, rounds: Sequence[Any], number: int) -> tuple[tuple[int, frozenset[int]], ...]:
        """The boards each of `rounds` (the stage's, as read) before round `number` wrote (round
        number, boards): what the desk's form (pairing.match_boards) and a match's count
        (Table.earlier_boards, match_boards) read a round's block from, one reading for both.
        A round that wrote none is left out: every reader passes over it."""
        written = ((round_.number, frozenset(board for table in round_.tables for board in self.written_boards(stage, table)))
                   for round_ in rounds if round_.number < number)
        return tuple(item for item in written if item[1])

    # The warnings a team match's reader gives its boards' count (bridge-match-default-board-count,
    # shengji-boards-missing), judged there on the match's own round; recount_boards says them
    # again with the rounds before where those change the match's block.
    board_count_codes: tuple[str, ...] = ()

    def recount_boards(self, stage: Stage, table: Table, problems: Any) -> None:
        """A match of a stage saying no `boards`, its boards counted with the rounds before
        (table.earlier_boards) once the stage's rounds are read (content.load): where those give
        its round another block than its own boards alone (round 2 after a round 1 on 1-12: 13-24,
        not 9-16 nor none), the reader's count warning for the table is taken back and said
        again of that block (board_count_warning), so that 13-16 is short of 17-24, not of 9-12,
        and 13-18 short of 19-24 where it read as a whole match of 6. A file is read on its own
        (read ahead apart, kept between builds): its reader cannot see the rounds before."""
        if stage.boards or stage.format == "pairs" or not table.earlier_boards or "boards" not in self.table_keys:
            return
        from generator.games.common.boards import match_block

        written = set(self.match_boards_written(stage, table))
        if not written or len(table.sides) != 2 or table.forfeits:
            return
        alone = match_block(written, self.default_boards, self.boards_numbered_on, table.round_number)
        block = match_block(written, self.default_boards, self.boards_numbered_on, table.round_number,
                            table.earlier_boards)
        if block == alone:
            return
        said = self.board_count_warning(stage, table, written, block)
        if said is None:
            return
        where = table.mark.file if table.mark is not None else None
        problems.items[:] = [p for p in problems.items
                             if not (p.code in self.board_count_codes and p.params.get("table") == table.number
                                     and p.mark.file == where)]
        problems.items.extend(said)

    def board_count_warning(self, stage: Stage, table: Table, written: set[int], block: range | None) -> list[Any] | None:
        """The reader's count warning for a team match holding `written` of `block` (None: its
        file's own numbering, none said): recount_boards'. None where the game says none.
        Default: none."""
        return None

    def written_boards(self, stage: Stage, table: Table) -> tuple[int, ...]:
        """The board numbers the round's file writes at `table` (the boards it played), in order;
        none when it writes none or the game numbers no boards. Default: none."""
        return ()

    def boards_twice(self, tables: Sequence[tuple[int, int, Sequence[str], Sequence[int]]]
                     ) -> list[tuple[str, int, tuple[int, int], tuple[int, int]]]:
        """Each entry's board played at a second table of a stage, where that is the game's error
        (a bridge pair never plays one deal twice): (entry, board, (round, table) first, (round,
        table) again), `tables` as (round, table, its entries, its boards) in the order of play.
        The desk holds the boards a table types with their numbers against it before saving
        them. Default (a game whose boards are not compared across tables): none."""
        return []

    # --- pair, new, import ------------------------------------------------------------------
    def table_form(self, stage: Stage | None = None) -> TableForm | None:
        """How `paibang pair` writes a table of this stage (without a stage: of an ordinary
        match, whose first side the draw rules name). None: pair cannot write its tables."""
        return None

    def players_per_entry(self, stage: Mapping[str, Any]) -> int | None:
        """Players an entry of this stage fields when its keys make it more than a pair
        (Guandan's `team_size: 4`), so `paibang import` can say which rows of the sheet make an
        entry of another size. `stage` is the stage as written in event.yaml, not yet checked
        (import reads it before any check). Default: None, the keys fix no size."""
        return None

    def players_at_play(self, stage: Stage) -> int | None:
        """The players an entry of this stage has at play in a match, all of them seated (大怪路子
        three a side, rules-daguai.md; an 80分 team of four, two in each room, or a pair), so
        that `paibang check` can say an entry listing more (a name misspelt on a re-import added
        beside the right one). None: the game's entries have reserves as a matter of course, or
        their size is a key's (Guandan's `team_size`: players_per_entry). Default: None."""
        return None

    def players_in_both_rooms(self, stage: Stage) -> int | None:
        """The players a team lists when it fields a different side in each room of a match,
        where players_at_play is one side (大怪路子: three a table, six for the open and the closed
        room played at once, rules-daguai.md, while the seed's entry form lists three). A team
        listing exactly this many is not warned by `paibang check`; one listing more is, against
        this size. None: the game knows one size only. Default: None."""
        return None

    def size_without_key(self, stage: Mapping[str, Any]) -> tuple[int, int] | None:
        """(players an entry fields, the size a key would make a team) for a stage whose keys
        leave its entries at the game's smallest size when the game has a larger one (Guandan
        without `team_size`: pairs, where `team_size: 4` makes teams of four), so `paibang check`
        can say an entry of that larger size is a team the stage does not know of. `stage` as
        written in event.yaml. Default: None, no key changes an entry's size."""
        return None

    # --- words --------------------------------------------------------------------------------
    # A game's words are data in its package's catalogues (generator/catalogues.py):
    # <package>/locales/<locale>/LC_MESSAGES/paibang.po and messages.po. Words every game
    # shows (bye, unplayed, forfeit) are the shared catalogue's, defined once there.
    @cached_property
    def folder(self) -> Path:
        """The game's package folder, where its catalogues (and templates) are."""
        return Path(sys.modules[type(self).__module__].__file__ or ".").resolve().parent

    @property
    def messages(self) -> dict[str, dict[str, tuple[str, str]]]:
        """Its content problems: code -> {locale: (message, fix)} (see messages.py)."""
        return catalogues.messages(self.folder)

    @property
    def ui_words(self) -> dict[str, tuple[str, str, str]]:
        """Words its templates and printed matter use: key -> (zh-Hans, zh-Hant, en)."""
        return catalogues.words(self.folder)

    # --- the results desk ---------------------------------------------------------------------
    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """A table's entry form without the forfeit field, filled from the table as written.
        Default: one field a board (`boards`), or a board and room when `rooms`."""
        written_boards = table.get("boards")
        fields = []
        for number in boards:
            written = written_boards.get(number) if isinstance(written_boards, dict) else None
            if rooms:
                for room in rooms:
                    value = written.get(room) if isinstance(written, dict) else None
                    fields.append(EntryField(f"b{number}_{room}", str(number), field_text(value), literal=True,
                                             board=number, room=room))
            else:
                fields.append(EntryField(f"b{number}", str(number), field_text(written), literal=True, board=number))
        return fields

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        """The results-file keys the typed fields make (only what was typed; `values` by
        field name, stripped), without forfeit. Default: `boards` from the board fields, each
        board (a team match's: each room) as entry_board reads it."""
        boards: dict[int, Any] = {}
        for name, value in values.items():
            match = re.fullmatch(r"b([0-9]+)(?:_(open|closed))?", name)
            if not match or not value:
                continue
            number, room = int(match.group(1)), match.group(2)
            if room:
                boards.setdefault(number, {})[room] = self.entry_board(value, sides)
            else:
                boards[number] = self.entry_board(value, sides)
        return {"boards": boards} if boards else {}

    def entry_board(self, typed: str, sides: list[str]) -> Any:
        """One board's record (a team match's: one room's) as typed at the desk, stripped, as
        the results file is to hold it. Default: as YAML would read it unquoted (scalar)."""
        return scalar(typed)

    def waiting_for_boards(self, score: TableScore, t: Any) -> tuple[str, tuple[str, ...]] | None:
        """A match scored so far and still waiting for boards (boards_short): the note its round
        page gives (the boards to come, and that it has no result until they are in) and the
        figures it holds back until then (its match points, its VPs: no result yet), for the
        desk's check to say as the page does. None for any other table. Default: None."""
        return None

    def entry_notes(self, score: TableScore, t: Any) -> list[str]:
        """Lines the desk shows above a checked table's metrics. Default: the view's reason
        (`view.why`, a UI word, with `view.why_params`), when it has one."""
        view = score.view
        why = getattr(view, "why", None)
        if isinstance(why, str):
            try:
                return [t(why, **(view.why_params or {}))]
            except (KeyError, IndexError):
                pass
        return []




# Metrics every game can rank by; the tournament layer computes them.
SHARED_METRICS = {name: Metric.worded(name) for name in
                  ("buchholz", "median_buchholz", "sonneborn_berger", "head_to_head", "lot")}


# The shared tie-breaks that sum the opponents' primary score: their explanation names it
# (Game.metric_explained), so their words take a {primary}.
OPPONENTS_SCORE_SUMS = ("buchholz", "sonneborn_berger")


def metric_of(game: Game, name: str) -> Metric:
    """A metric by name: the game's own, or one of the shared ones."""
    return game.metrics.get(name) or SHARED_METRICS[name]


class Registry(MutableMapping[str, Game]):
    """The games, by the name content uses (`game: bridge`): every module or package under
    generator/games/ that defines `RULES`, found the first time the registry is read (no
    import-time side effects), in each game's `position`. `register` adds one more (a test's)."""

    def __init__(self) -> None:
        self._games: dict[str, Game] | None = None
        self.version = 0  # counts registrations, for caches of what the games provide

    def _found(self) -> dict[str, Game]:
        if self._games is None:
            found: list[Game] = []
            for info in pkgutil.iter_modules(__path__):
                module = importlib.import_module(f"{__name__}.{info.name}")
                rules = getattr(module, "RULES", None)
                if isinstance(rules, Game):
                    found.append(rules)
            self._games = {g.name: g for g in sorted(found, key=lambda g: (g.position, g.name))}
            for game in self._games.values():
                add_codes(game.messages)
        return self._games

    def find(self) -> None:
        """Find the games now, not when first read: before forking processes that all read them
        (event_cache.read_ahead), for them to share what finding them imports and adds."""
        self._found()

    def register(self, game: Game) -> None:
        """Add a game found elsewhere (a test's toy game); `del GAMES[name]` takes it out again."""
        self[game.name] = game

    def __getitem__(self, name: str) -> Game:
        return self._found()[name]

    def __setitem__(self, name: str, game: Game) -> None:
        add_codes(game.messages)
        self._found()[name] = game
        self.version += 1

    def __delitem__(self, name: str) -> None:
        del self._found()[name]
        self.version += 1

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())

    def messages(self) -> dict[str, dict[str, tuple[str, str]]]:
        """Every game's error codes, merged."""
        return {code: entry for game in self.values() for code, entry in game.messages.items()}

    def catalogue(self) -> dict[str, dict[str, tuple[str, str]]]:
        """Every message code: messages.py's shared ones and every game's."""
        games = self.messages()  # finds the games first, which adds their codes
        return {**shared_codes(), **games}

    def ui_words(self) -> dict[str, tuple[str, str, str]]:
        """Every game's UI words, merged."""
        return {key: words for game in self.values() for key, words in game.ui_words.items()}


GAMES = Registry()
FIND_MORE.append(GAMES.find)  # a game's message code said before the games were found (messages.py)


def stage_in_titles(event: Any, stage: Any) -> bool:
    """Whether a printed title names the stage after the event ("{event}{stage}第 1 轮对阵表"):
    not a stage named as its event (imports name their one stage so), nor the event's only
    stage under the name `paibang new` gives it, which says nothing the event's title does not
    ("…大赛比赛第 1 轮对阵表"), nor one the event's title ends with, bracketed or not
    ("高校桥牌邀请赛（队式赛）队式赛第 3 轮对阵表")."""
    title = event.title.rstrip()
    if title.endswith((stage.name, f"（{stage.name}）", f"({stage.name})")):
        return False
    game = GAMES.get(event.game)
    return not (len(event.stages) == 1 and game is not None and stage.name in game.default_stage_names)


def entry_label(entry: Entry, locale: str, players: str | None = None) -> str:
    """A side as a sheet or a notice names it, so that every player finds his table: its team
    name with its players (结构一队（王强、李娜）), the players alone for a pair or a team without
    a name (王强 / 李娜). `players`: the names in the brackets written otherwise (the standings
    and the notices that print a team as they do write 结构一队（王强 / 李娜）). Every sheet and notice
    prints it beside the entry's id: a team whose name is its id is named by its players
    (Entry.name_beside_id)."""
    name = entry.name_beside_id
    if not name:
        return entry.label_beside_id  # (not a team's id again: "WALES  WALES")
    if players is None:
        players = catalogues.joiner(locale).join(p.name for p in entry.players)
    return name + catalogues.text("paren", locale, text=players)


def side_label(event: Any, entry_id: str, locale: str) -> str:
    """A side on a score sheet: its id and entry_label (K07 法学队（赵一、赵二）), so that the
    referee and the players find their match; the id alone for an entry the event lacks."""
    entry = event.entries.get(entry_id)
    return entry_id if entry is None else f"{entry_id} {entry_label(entry, locale)}".rstrip()


def match_seats(event: Any, home: str, away: str, t: Any) -> list[dict[str, str]]:
    """A team match's two sides as a score sheet's page heads them (主队 …, 客队 …): the same on
    every game's sheet of a match played in two rooms."""
    return [{"label": t("home_team"), "names": side_label(event, home, t.locale)},
            {"label": t("away_team"), "names": side_label(event, away, t.locale)}]


def match_page(event: Any, score: Any, t: Any, words: dict[str, str]) -> dict[str, Any]:
    """A team match's score sheet page as every game's begins it: its table, its two sides
    (match_seats), its referee, the sheet's `words` and the match's kind (a forfeit's page has
    no boards); the game adds its own (its boards, totals, notes)."""
    view = score.view
    return {"table": str(score.table.number), "seats": match_seats(event, view.home, view.away or "", t),
            "referee": score.table.referee or "", "words": words, "kind": view.kind}
