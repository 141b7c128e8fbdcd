"""Each game's entry form at the desk: the fields a table fills in, the record they make, and
the check of that record by the game's own reader and scorer — the grammar and the messages of
`paibang check`, on the very text that would be written.

A form never parses a score itself. It turns the typed fields into the record keys of the
results file (content-format.md), writes them into a copy of the file's text (round trip), and
reads that text back with the content loader and the game's `read_table`, then scores the table
with `score_table`. What the table sees before saving is therefore what the site will say.
"""

from __future__ import annotations

import hashlib
import json
import re
import string
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import catalogues
from generator.content.knockout import read_referee_winner, takes_winner, winner_at_table
from generator.content.model import Event, Stage, Table
from generator.content.reader import Reader, _format_escaped, invisible
from generator.content.yaml_loader import YamlList, YamlMap, load_yaml_text
from generator.desk.store import dump_round_trip, plain, to_round_trip
from generator.errors import ContentError, Mark, Problems
from generator.games import GAMES, EntryField, field_text, metric_of
from generator.games.common.boards import board_range
from generator.games.common.rooms import ROOMS
from generator.games.common.shorthand import half_width
from generator.messages import LOCALES, fill
from generator.render.html import number_text
from generator.tournament.event import against_substitutes, state_before, waits
from generator.tournament.knockout import match_winner, tie_hint
from generator.tournament.pairing import match_boards, table_form

MAX_FIELD = 2000  # characters of one field: more than any deal log or board


@dataclass
class Check:
    """The outcome of checking a form: problems (the loader's and the game's), and when there
    are none, the table's computed score."""

    problems: list[ContentError]
    score: Any = None  # TableScore
    record: dict[str, Any] = field(default_factory=dict)
    empty: bool = False
    # A record without a result yet (one room of a teams-of-four match): the file may hold it,
    # but a table, which saves once, is asked for the whole match.
    incomplete: bool = False
    # Where each value of the checked table was written (its mark) -> its keys from the table
    # on: ("rooms", "closed", "levels", "T07"). Which room a problem is in (`said`).
    places: dict[Mark, tuple[Any, ...]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.empty and not any(not p.warning for p in self.problems)

    @property
    def warnings(self) -> list[ContentError]:
        """What `check` would warn of in this record (a board missing from a table's sheet)."""
        return [p for p in self.problems if p.warning]


def fingerprint(record: dict[str, Any]) -> str:
    """A record's digest: a table confirms the warnings of this record, not of another typed since."""
    text = json.dumps(plain(record), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass
class TableSpot:
    """One drawn table of one round: where it is written and who sits there."""

    event: Event
    stage: Stage
    number: int  # the round
    table: Table
    path: Path
    # The table's sides withdrawn by this round: the table is not played, and counts as their
    # forfeit whatever is written (a double forfeit as written: its opponent did not come
    # either, event._score); its form (the secretary's) writes only `forfeit:`, which
    # `check` asks for on such a table left as drawn (entry-withdrawn-forfeit), and no result.
    gone: tuple[str, ...] = ()
    # Its withdrawn side's withdrawal moved to this round, as the file writes it (`3`, or
    # `{stage: main, round: 1}`), when this round was drawn after it withdrew
    # (event.drawn_after_withdrawal): `check` warns of the table however it is written but for
    # that, so the form says so, not "write its forfeit as check asks" (rev84); else "".
    later: str = ""

    @property
    def sides(self) -> list[str]:
        return list(self.table.sides)


def side_keys(spot: TableSpot) -> tuple[str, ...]:
    form = table_form(spot.event, spot.stage)
    return form.keys if form.keys is not None else ("teams",)


def record_keys(spot: TableSpot) -> tuple[str, ...]:
    """The table keys a form writes: the game's record keys without the sides, and forfeit."""
    if spot.gone:  # (a withdrawn side's table: its forfeit only, any other key left as the file has it)
        return ("forfeit",)
    game = GAMES[spot.event.game]
    sides = set(side_keys(spot)) | {"teams", "ns", "ew", "home", "away"}
    keys = tuple(k for k in game.table_keys if k not in sides)
    return keys + (("winner",) if takes_winner(game, spot.stage.format) else ()) + ("forfeit",)


def _rooms(spot: TableSpot) -> tuple[str, ...]:
    """Two rooms (open, closed) for team matches, as the game's table form declares them; one
    result a board otherwise."""
    return table_form(spot.event, spot.stage).rooms


def _board_numbers(spot: TableSpot, current: Any, text: str, directors: frozenset[int] = frozenset()) -> list[int]:
    """The boards this table plays: those already written, and the ones `paibang pair` listed
    as comments (`# 3:`, pairs movements), and, for a match in two rooms, the round's as its
    score sheet and draw notice list them (pairing.match_boards: a teams round 3 of 8-board
    rounds on 17-24 after 9-16; the game's default_boards where its stage says none, daguai's
    1-6, Game.round_boards); with none of these, 1..boards of the stage (the game's
    default_boards when unsaid, as its sheets list them). A team match started in the
    file (boards 9-13 of 9-16) offered the boards written only: the rest could never be
    entered. `directors`: the boards the file has as the director's rulings (directors_boards)."""
    block = _table_block(text, spot.table.number)
    listed = [int(n) for n in re.findall(r"^\s*#\s*([0-9]{1,4}):\s*$", block, re.M)]
    written = {int(k) for k in current if str(k).isdecimal()} if isinstance(current, dict) else set()
    tables = next((r.tables for r in spot.event.rounds.get(spot.stage.id, []) if r.number == spot.number), [spot.table])
    numbered = match_boards(spot.event, spot.stage, spot.number, tables,
                            {spot.table.number: written}).get(spot.table.number)
    if written:
        # and a board pair listed that is not written yet (a save of some of the round's boards
        # takes out their lines only: example_lines), so that its field stays on the form
        # (and the movement's, for a match in two rooms, or a pairs table whose only boards
        # written are the director's rulings: the rest are the table's still to enter)
        return sorted(written | set(listed) | (set(numbered or ()) if _rooms(spot) or written <= directors else set()))
    if listed:
        return listed
    if numbered:
        return list(numbered)
    if boards_unknown(spot) or numbers_unknown(spot):
        return []  # the boards it played, typed with their numbers (BOARDS_PLAYED, BOARD_NUMBERS)
    return list(range(1, (spot.stage.boards or GAMES[spot.event.game].default_boards) + 1))


# A pairs table of duplicate boards whose boards are not known (its tables written by hand,
# no board written or listed): the boards it played, one a line, "13: 4S N =", as its printed
# slip has them written (duplicate._table_slips). 1..8 offered at every table entered table 2's
# boards 9-16 as 1-8, scored against other tables' boards 1-8.
BOARDS_PLAYED = "boards_played"
# (matched on the line made half-width, as every box reads a Chinese input method's \uff11\uff13\uff1a)
_BOARD_LINE = re.compile(r"\s*([0-9]{1,4})\s*:\s*(\S.*?)\s*")


def boards_unknown(spot: TableSpot) -> bool:
    """A pairs table (scored against the field) of a game whose boards are compared across
    tables, reaching _board_numbers' last resort: nothing says which boards it plays. (A match
    of two sides, a knockout's or a `matches` stage's, is scored at its table alone.)"""
    return spot.stage.format == "pairs" and GAMES[spot.event.game].boards_compared and not _rooms(spot)


# A match in two rooms whose boards nothing says (match_boards none: a bridge teams round after
# one numbered otherwise than in whole blocks, 1-10 and 12, its score sheet's board rows left
# blank): 1..8 offered were boards a teams stage, where no team plays a board twice, had played
# (bridge-team-board-twice at the save). The form asks for the boards' numbers in one box
# ("13-20", "13 14 15"), and the next preview shows those boards' rows (fields_for given the box
# as typed: `numbers`). The smallest change that keeps the flow as it is: each preview and save
# builds the form again from the file and what was typed, so the rows come from the box with no
# state kept between requests, and the rooms' boxes, the record, the check and the save are the
# ones every match in two rooms has. (A box of "13: result" lines, as a pairs table has, would
# need two results a line and a grammar of its own for the rooms.)
BOARD_NUMBERS = "board_numbers"
MAX_TYPED_BOARDS = 64  # more than any match plays: a typed 1-99999 builds no 100,000 rows
_NUMBERS = re.compile(r"([0-9]{1,4})(?:\s*[-~\u2013\u2014\u301c]\s*([0-9]{1,4}))?")


def numbers_unknown(spot: TableSpot) -> bool:
    """A match in two rooms with boards (not Guandan's deals), reaching _board_numbers' last resort."""
    return bool(_rooms(spot)) and "boards" in GAMES[spot.event.game].table_keys


def board_numbers(text: str) -> tuple[list[int], list[str]]:
    """The BOARD_NUMBERS box read: the boards it names, sorted, each once ("13-20", "13 14
    15", commas between), and the parts it cannot read (not a number or a range of them, board
    0, a range backwards, more boards than a match plays)."""
    found: list[int] = []
    wrong = []
    text = re.sub(r"\s*([-~\u2013\u2014\u301c])\s*", r"\1", half_width(text))  # (13 - 20 one range)
    for part in re.split(r"[\s,;\u3001]+", text.strip()):
        if not part:
            continue
        match = _NUMBERS.fullmatch(part)
        first, last = (int(match.group(1)), int(match.group(2) or match.group(1))) if match else (0, 0)
        if not match or first < 1 or last < first or len(found) + last - first + 1 > MAX_TYPED_BOARDS:
            wrong.append(part)
            continue
        found += [n for n in range(first, last + 1) if n not in found]
    return sorted(found), wrong


def board_number_problems(spot: TableSpot, fields: list[EntryField]) -> list[ContentError]:
    """The BOARD_NUMBERS box's parts it cannot read, each a problem naming it: refused, as the
    rows it would show are not known."""
    typed = next((item.value for item in fields if item.name == BOARD_NUMBERS), "")
    return [ContentError("desk-board-numbers", Mark(spot.path), {"numbers": part}) for part in board_numbers(typed)[1]]


def board_lines(text: str) -> tuple[dict[int, str], list[str]]:
    """The boards_played box read: each line's board and result, and the lines it cannot read
    (not "number: result", or a board written twice), blank lines left out."""
    found, wrong, _ = _read_board_lines(text)
    return found, wrong


def _read_board_lines(text: str) -> tuple[dict[int, str], list[str], dict[int, str]]:
    """board_lines, and each board's line as typed (what a problem of the board names)."""
    found: dict[int, str] = {}
    lines: dict[int, str] = {}
    wrong = []
    for line in text.splitlines():
        if not line.strip():
            continue
        # half_width maps a character to one character: the result is cut from the line as typed
        match = _BOARD_LINE.fullmatch(half_width(line))
        if match is None or int(match.group(1)) in found:
            wrong.append(line.strip())
            continue
        found[int(match.group(1))] = line[match.start(2):match.end(2)]
        lines[int(match.group(1))] = line.strip()
    return found, wrong, lines


def board_line_problems(spot: TableSpot, fields: list[EntryField]) -> list[ContentError]:
    """The boards_played box's lines it cannot read, each a problem naming it; then, the lines
    read, what `check` says of the field's boards once the file holds them (board_place_problems):
    refused, not saved without them, nor saved to block the round's file with an error."""
    typed = next((item.value for item in fields if item.name == BOARDS_PLAYED), None)
    if typed is None:
        return []
    found, wrong, lines = _read_board_lines(typed)
    if wrong:
        return [ContentError("desk-board-line", Mark(spot.path), {"line": line}) for line in wrong]
    return board_place_problems(spot, lines)


def board_place_problems(spot: TableSpot, lines: dict[int, str]) -> list[ContentError]:
    """The boards typed with their numbers (`lines`: board -> its line as typed) held against the
    stage's other tables by the rules `check` applies to the stage as a whole: more boards than
    a round plays (the stage's `boards`), a board past the last the movement deals
    (boards.board_range: bridge-board-range), a board one of the table's pairs has at another
    table of the stage (bridge-board-twice). Each an error of the round's file once saved, which
    blocked every other table's save of the round until the secretary mended it by hand. A
    board twice is the game's own check (Game.boards_twice, as `check` runs it on the field),
    this table held last against the stage's others."""
    game = GAMES[spot.event.game]
    rounds = spot.event.rounds.get(spot.stage.id, [])
    problems = []
    per_round = spot.stage.boards
    if per_round and len(lines) > per_round:
        problems.append(ContentError("desk-board-many", Mark(spot.path), {"count": len(lines), "boards": per_round}))
    dealt = board_range(spot.stage, [[table.sides for table in round_.tables] for round_ in rounds])
    here = (spot.number, spot.table.number)
    others = [(round_.number, table.number, table.sides, game.written_boards(spot.stage, table))
              for round_ in rounds for table in round_.tables
              if (round_.number, table.number) != here and set(table.sides) & set(spot.sides)]
    # (pair, board) -> where it has it (round, table)
    played = {(pair, board): first for pair, board, first, again in
              game.boards_twice([*others, (*here, spot.sides, sorted(lines))]) if again == here}
    for board, line in sorted(lines.items()):
        if dealt is not None and board > dealt[1]:
            problems.append(ContentError("desk-board-range", Mark(spot.path), {"line": line, "boards": dealt[1]}))
            continue
        for side in spot.sides:
            if (side, board) in played:
                number, table = played[(side, board)]
                problems.append(ContentError("desk-board-played", Mark(spot.path),
                                             {"line": line, "pair": side, "round": number, "table": table}))
                break
    return problems


def example_lines(spot: TableSpot, record: dict[str, Any] | None = None) -> list[re.Pattern[str]]:
    """The lines `paibang pair` writes, commented, under a drawn table for its record to replace,
    as patterns of a comment's text: the record's example (TableForm.hint: `boards:` /
    `  1: {open: 85, closed: 40}`), what it fills in ({a}, {b}, the round's first board, the word
    for "or") anything; a knockout's line on how a tie is settled (knockout.tie_hint: `winner:
    C08    # only on a tie: …`, in any of the three languages, the file's being the event's when
    pair wrote it); and a pairs round's board to fill in (`# 13:`), each of the boards `record`
    writes (a board left out keeps its line, and its field: _board_numbers)."""
    found = []
    for line in table_form(spot.event, spot.stage).hint:
        parts = [re.escape(text) + (".+?" if name is not None else "")
                 for text, name, _, _ in string.Formatter().parse(line.strip())]
        found.append(re.compile("".join(parts)))
    if spot.stage.format == "knockout":
        key = GAMES[spot.event.game].tiebreak_key
        for locale in LOCALES:
            before, _, after = tie_hint(key, "\0", locale).partition("\0")
            found.append(re.compile(re.escape(before) + r"\S+" + re.escape(after).replace(r"\ \ \ \ ", r"\s+")))
    boards = (record or {}).get("boards")
    if isinstance(boards, dict) and boards:
        found.append(re.compile("(?:" + "|".join(re.escape(str(number)) for number in boards) + "):"))
    return found


def _table_block(text: str, number: int) -> str:
    match = re.search(rf"^\s*-\s*table:\s*{number}\b.*?(?=^\s*-\s*table:|\Z)", text, re.M | re.S)
    return match.group(0) if match else ""


def fields_for(spot: TableSpot, text: str, typed: dict[str, str] | None = None,
               secretary: bool = False, table: dict[str, Any] | None = None,
               keep_directors: bool = False, numbers: str | None = None) -> list[EntryField]:
    """The form's fields (`Game.entry_fields`, a knockout's `winner` when the game does not
    read it, then forfeit), filled from what was typed, else from the file. A table's form
    (`secretary` False) takes nothing typed into a secretary's field: it keeps the file's.
    `keep_directors`: a table's form, the director's boards shown read only (keep_directors_boards).
    `numbers`: the BOARD_NUMBERS box as typed, the boards whose rows a match of unknown boards shows."""
    table = current_table(spot, text) if table is None else table  # (`table`: the caller's reading of it)
    # A forfeit is the referee's decision (the score sheet has no box for it): the secretary's
    # form alone offers it, a table's keeps the file's (forfeit_at_table refuses one sent)
    forfeit = EntryField("forfeit", "forfeit", field_text(table.get("forfeit")), "select",
                    (("", "desk_no_forfeit"), *((s, s) for s in spot.sides), *_both_forfeit_choice(spot)),
                    secretary=True)
    if isinstance(table.get("forfeit"), list):
        # The table's two sides listed are its double forfeit (written [T21, T02] or [T02, T21]
        # alike); any other list is an error in the file (forfeit-listed-alone's `[T02]`,
        # forfeit-double-not-in-game's), shown with no forfeit chosen: shown as 双方弃权 (or as
        # T02's own forfeit), a save of the form as shown wrote a result the file never said.
        both = _both_forfeit_choice(spot)
        listed = sorted(half_width(field_text(item)).strip() for item in table["forfeit"])
        forfeit.value = both[0][0] if both and listed == sorted(spot.sides) else ""
    if spot.gone:
        # A withdrawn side's table: its forfeit alone, offered for the side(s) withdrawn, or both
        # teams' (its opponent did not come either: _both_forfeit_choice), and what the file has
        # kept on the list, whatever it is, so that the form shows it as it is
        both = _both_forfeit_choice(spot)
        kept = forfeit.value and forfeit.value not in spot.gone and not any(forfeit.value == v for v, _ in both)
        offered = [*spot.gone, *([forfeit.value] if kept else [])]
        forfeit.choices = (("", "desk_no_forfeit"), *((s, s) for s in offered), *both)
        fields = [forfeit]
        if typed is not None:
            typed_into(fields, typed, secretary)
        return fields
    directors = directors_boards(spot, table.get("boards"))  # (each board's value parsed once a form)
    boards = _board_numbers(spot, table.get("boards"), text, directors)
    game = GAMES[spot.event.game]
    asked = not boards and numbers_unknown(spot)  # (the boards' numbers typed first: BOARD_NUMBERS)
    if asked:
        boards = board_numbers(numbers or "")[0]
    fields = game.entry_fields(spot.stage, spot.sides, table, boards, _rooms(spot))
    if asked:
        fields.insert(0, EntryField(BOARD_NUMBERS, "desk_board_numbers", numbers or "", hint="desk_board_numbers_hint"))
    if boards_unknown(spot) and all(item.board in directors for item in fields if item.board):
        # no board known (none listed, none to come by the movement) but those the director
        # wrote (1: A+/A-): the boards the table played, typed with their numbers
        fields.append(EntryField(BOARDS_PLAYED, "desk_boards_played", "", "textarea", hint="desk_boards_played_hint",
                                 hint_params={"count": str(spot.stage.boards or game.default_boards)}))
    elif (lines := written_lines(spot, table, text)) is not None:
        # The secretary's too, filled with the lines written: with only the boxes of the boards
        # written (b2, b3, b99) a wrong board number could not be changed at the desk. A box
        # sent back as filled leaves the boards to their boxes (box_or_boxes).
        fields.append(EntryField(BOARDS_PLAYED, "desk_boards_played", lines, "textarea", hint="desk_boards_played_hint",
                                 hint_params={"count": str(spot.stage.boards or game.default_boards)}, secretary=True))
    if takes_winner(game, spot.stage.format):
        # The secretary's alone, as a forfeit is: a tied knockout match of these games is settled
        # as the referee decides (content-format.md, "Knockout": `winner:`, as the referee
        # decided; no rules-*.md has it played off at the table), so a table's phone choosing who
        # goes through, once and then locked, chose the referee's decision. Guandan's tie is
        # played off at the table (rules-guandan.md: one extra deal at level 2, whoever goes out
        # first), and who reached the level first is the play's too: those are the game's own
        # keys (tiebreak_deal, winner), not this field, and stay on the table's form.
        fields.append(EntryField("winner", "desk_ko_winner", field_text(table.get("winner")), "select",
                                 (("", "desk_ko_winner_result"), *((s, s) for s in spot.sides)),
                                 hint="desk_ko_winner_hint", secretary=True))
    fields.append(forfeit)
    if keep_directors:
        keep_directors_boards(spot, fields, directors)
    if typed is not None:
        typed_into(fields, typed, secretary)
    return fields


def directors_boards(spot: TableSpot, current: Any) -> frozenset[int]:
    """The boards of a table of one result a board (a pairs table's) that the file has as only
    the director awards them (Game.directors_only: an adjusted score, a weighted one), each
    read once for the form: which boards it offers (_board_numbers), whether the boards-played
    box stays (fields_for), which boxes a table's form shows read only (keep_directors_boards).
    None for a match in two rooms, whose rooms' boxes keep_directors_boards reads."""
    if _rooms(spot) or not isinstance(current, dict):
        return frozenset()
    game = GAMES[spot.event.game]
    return frozenset(int(number) for number, board in current.items()
                     if str(number).isdecimal() and game.directors_board(board))


def written_lines(spot: TableSpot, table: dict[str, Any], text: str) -> str | None:
    """A pairs table written by hand whose boards nothing but the file says (boards_unknown: no
    board listed by `pair`), its boards as the boards_played box writes them, a line each
    ("13: 4S N ="); None for any other table, or one with a board the box cannot show as it is
    written (the mapping form, an adjusted score's): its boxes show it as written."""
    written = table.get("boards")
    if not boards_unknown(spot) or not isinstance(written, dict) or not written \
            or re.search(r"^\s*#\s*[0-9]{1,4}:\s*$", _table_block(text, spot.table.number), re.M):
        return None
    if not all(isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip()
               for value in written.values()):
        return None
    return "".join(f"{number}: {value}\n" for number, value in sorted(written.items(), key=lambda item: int(item[0])))


def box_or_boxes(fields: list[EntryField], in_file: dict[str, str]) -> list[EntryField]:
    """The fields a save writes from, on the secretary's form with both the boards' boxes and
    the boards_played box (written_lines): the box changed writes the table's boards, its lines
    all of them (a board's number mended, 99 to 9), the boards' boxes left out; sent back as it
    was filled, the box is left out and the boxes write them. (The form keeps both as typed.)"""
    box = next((item for item in fields if item.name == BOARDS_PLAYED and item.secretary), None)
    if box is None:
        return fields
    if box.value.strip() == in_file.get(BOARDS_PLAYED, "").strip():
        return [item for item in fields if item is not box]
    return [item for item in fields if not (item.board and not item.part)]


def typed_into(fields: list[EntryField], typed: dict[str, str], secretary: bool = False) -> None:
    """The form's fields, filled from the file, given what was typed (fields_for)."""
    for item in fields:
        # (a board shown read only is the file's: nothing typed reaches it, whatever a page sends)
        if item.name in typed and (secretary or not item.secretary) and item.kind != "kept":
            # as typed, whole (a field longer than MAX_FIELD is refused, never cut: too_long);
            # a browser sends a textarea's line breaks as CR LF, the file's are LF
            item.value = typed[item.name].replace("\r\n", "\n")


def held_typed(fields: list[EntryField], held: dict[str, Any], sides: list[str]) -> dict[str, str]:
    """A held entry's values (store.Tokens.hold) for the form of the table as the file has it now,
    `sides` in the file's order. Typed with its sides the other way round (its match moved to a
    table that has them swapped, or swapped at its own: match_digest is the same match either
    way), the values of a field labelled by one side go to the field that side labels now, so
    that team A's final level stays team A's. (A field not labelled by a side, a room's or a
    board's, names its sides in what is typed, or is the table's as a whole.)"""
    typed = dict(held["typed"])
    before = held.get("sides")
    if not before or list(before) == list(sides) or sorted(before) != sorted(sides) or len(sides) != 2:
        return typed
    by_side = {(item.room, item.board, item.part, item.label): item.name
               for item in fields if item.literal and item.label in sides}
    out = dict(typed)
    for (room, board, part, label), name in by_side.items():
        # at the form it was typed on, this field (in this place of the pair) labelled the other
        # side: what was typed for `label` is under the name its other-place field has now
        other = by_side.get((room, board, part, sides[1 - sides.index(label)]))
        if other is not None:
            if other in typed:
                out[name] = typed[other]
            else:
                out.pop(name, None)
    return out


def differs_from_file(fields: list[EntryField], in_file: dict[str, str], t: Any) -> list[tuple[str, str]]:
    """The fields whose value (as typed into them: typed_into) is not what the file has
    (`in_file`: each field's value as the form filled from the file shows it), each as (the
    field as the form labels it, the file's value as the form shows it): what a save from this
    form would change."""
    found = []
    for item in fields:
        now = in_file.get(item.name, "")
        if item.value.strip() != now.strip():
            shown = next((label for value, label in item.choices if value == now), now) if item.choices else now
            shown = t(shown) if item.choices and shown != now else shown
            found.append((field_name(item, t), shown.strip() or t("desk_value_empty")))
    return found


def field_name(item: EntryField, t: Any) -> str:
    """A field as the form labels it, for a message: a board's room or own value with its board."""
    label = item.label if item.literal else t(item.label)
    if item.part:
        return f"{label} {t('desk_part_' + item.part)}"
    if item.board and item.room:
        return f"{label} {t(item.room + '_room')}"
    return label


def too_long(spot: TableSpot, fields: list[EntryField], t: Any) -> list[ContentError]:
    """The fields longer than a field may be (MAX_FIELD), each a problem naming it: the save is
    refused and the field kept whole on the form, not cut and saved without a word."""
    return [ContentError("text-too-long", Mark(spot.path), {"field": field_name(item, t), "length": len(item.value),
                                                             "limit": MAX_FIELD})
            for item in fields if len(item.value) > MAX_FIELD]


def directors_only(spot: TableSpot, fields: list[EntryField]) -> list[ContentError]:
    """The boards whose box a table's phone typed what only the director awards (bridge's
    adjusted score, Law 12C2, and weighted score, Law 12C1(c): Game.directors_only), each a
    problem naming the box: a table calls the director, who enters it at the desk (as
    80\u5206's penalty is a field of the secretary's form alone). A line of the boards-played
    box (13: A+/A-) is such a board too: typed there, it was saved as the table's. A board the
    form keeps read only is the director's already (keep_directors_boards)."""
    game = GAMES[spot.event.game]
    found = [(item.label, item.value, item.name, not item.room) for item in fields
             if item.board and not item.secretary and item.kind != "kept"]
    found += [(str(number), text, BOARDS_PLAYED, True) for item in fields if item.name == BOARDS_PLAYED
              for number, text in board_lines(item.value)[0].items()]
    return [ContentError(f"desk-{kind}-at-table", Mark(spot.path), {"board": board, "value": value.strip(), "fields": (name,)})
            for board, value, name, whole in found if (kind := game.directors_only(value, whole))]


def parts_without_result(spot: TableSpot, fields: list[EntryField], t: Any) -> list[ContentError]:
    """A pairs board's own value (80\u5206's note: EntryField.part) typed with the board's result
    box empty, each a problem naming the board and the value in the form's words: the record
    was the mapping with the note alone, which the reader refused as a board it cannot read,
    shown as {\u2026} (the file's mapping), which the secretary never typed. A team board's rooms
    are the reader's to name (the room missing), but for a room's own value (_parts_room) typed
    with that room's box empty: desk-room-part-without-result."""
    played = board_lines(next((item.value for item in fields if item.name == BOARDS_PLAYED), ""))[0]
    found = []
    for item in fields:
        if not item.part or not item.value.strip() or item.board in played:
            continue
        if room := _parts_room(item):
            # A room's own value (80\u5206's note written inside `open: {points: 85, note: ...}`,
            # shown in the board's note box: its name gives it back to the room) with that
            # room's box emptied: the note was written as the board's, moved out of the room
            # without a word. Refused, said in the form's words, the room named.
            boxes = [box for box in fields if box.board == item.board and box.room == room and not box.part]
            if boxes and not any(box.value.strip() for box in boxes):
                found.append(ContentError("desk-room-part-without-result", Mark(spot.path),
                                          {"board": item.board, "room": t(f"room_name_{room}"),
                                           "part": t(f"desk_part_{item.part}"), "value": item.value.strip()[:80]}))
            continue
        boxes = [box for box in fields if box.board == item.board and not box.part]
        if boxes and not any(box.room for box in boxes) and not any(box.value.strip() for box in boxes):
            found.append(ContentError("desk-part-without-result", Mark(spot.path),
                                      {"board": item.board, "part": t(f"desk_part_{item.part}"),
                                       "value": item.value.strip()[:80]}))
    return found


def _parts_room(item: EntryField) -> str:
    """The room a board's own value belongs to where the form's field gives it back to a room
    (its name `b3_open_note`: the game's entry_record writes it inside that room's result); ""
    for a board's own value (`b3_note`)."""
    match = re.fullmatch(rf"b{item.board}_({'|'.join(ROOMS)})_{re.escape(item.part)}", item.name)
    return match.group(1) if match else ""


def forfeit_at_table(spot: TableSpot, typed: dict[str, str]) -> list[ContentError]:
    """A forfeit sent from a table's link (a form of an older desk, a request made by hand): a
    problem naming it, the save refused. A table's phone recorded either team's forfeit, two
    match points to the other with no play, which its one save then kept from being undone."""
    sent = typed.get("forfeit", "").strip()
    return [ContentError("desk-forfeit-at-table", Mark(spot.path), {"id": sent})] if sent else []


def winner_sent_from_table(spot: TableSpot, typed: dict[str, str]) -> list[ContentError]:
    """A knockout's referee `winner:` (takes_winner) sent from a table's link (a form of an
    older desk, a request made by hand): a problem naming it, the save refused, as a forfeit
    sent so is (forfeit_at_table): who goes through a tie is the referee's decision."""
    sent = typed.get("winner", "").strip()
    if not sent or not takes_winner(GAMES[spot.event.game], spot.stage.format):
        return []
    return [ContentError("desk-winner-at-table", Mark(spot.path), {"id": sent})]


def tie_at_table(spot: TableSpot, result: Check) -> Check:
    """A table's check of a knockout match tied on its result, in a game whose tie the referee
    settles (takes_winner): `check`'s knockout-tie told the table to choose the winner in a field
    its form does not have (the secretary's, fields_for). Said as the referee's to decide, the
    table to call the referee, who enters the match with its winner at the desk."""
    if not takes_winner(GAMES[spot.event.game], spot.stage.format):
        return result
    result.problems = [ContentError("desk-tie-at-table", problem.mark, problem.params)
                       if problem.code == "knockout-tie" else problem for problem in result.problems]
    return result


def keep_directors_boards(spot: TableSpot, fields: list[EntryField], directors: frozenset[int] | None = None) -> None:
    """A table's form: each board the file has as only the director awards it (directors_only)
    shown read only (kind "kept", its hint saying whose it is), so that a save keeps it as the
    director wrote it (with_boards_as_filed) and it does not count as the table's own result
    (has_record, kept_boards). The director's ruling on one board, entered first, said the
    table's link "already entered": the table could never enter its other boards. A team
    board's rooms (`17: A=` shown as A= in the open room's box, the closed room's empty) are
    one read-only board, as the boxes cannot show a board kept whole: left as two boxes, a
    bridge teams match the director had ruled one board of was locked out of the rest.
    `directors`: a pairs table's boards read so already (directors_boards), not read again."""
    game = GAMES[spot.event.game]
    rooms: dict[int, list[EntryField]] = {}
    for item in fields:
        if item.board and not item.part and item.kind != "kept":
            rooms.setdefault(item.board, []).append(item)
    for number, boxes in rooms.items():
        if len(boxes) == 1 and not boxes[0].room:  # (a pairs board: its own box, read only)
            if number in directors if directors is not None else game.directors_ruling(boxes[0].value):
                boxes[0].kind, boxes[0].hint = "kept", "desk_board_directors"
            continue
        if not any(game.directors_ruling(item.value) for item in boxes):
            continue
        shown = " / ".join(item.value.strip() for item in boxes if item.value.strip())
        kept = EntryField(f"b{number}_kept", boxes[0].label, shown, "kept", hint="desk_board_directors",
                          literal=boxes[0].literal, board=number)
        where = fields.index(boxes[0])
        fields[:] = [item for item in fields if not any(item is box for box in boxes)]
        fields.insert(where, kept)


def board_parts(fields: list[EntryField]) -> frozenset[str]:
    """The keys of a team board beside its rooms that the table's form has fields for
    (EntryField.part: 80分's penalty and note): a save writes them as typed, and removes them
    left empty; any other key of the board the file has is kept (store.with_board_keys_kept).
    Read off the form the save was made from (a whole form built again for each save, only for
    these, cost as much as the save's own)."""
    return frozenset(item.part for item in fields if item.part)


def _both_forfeit_choice(spot: TableSpot) -> tuple[tuple[str, str], ...]:
    """The choice "both teams absent" of the forfeit box, where the game records it
    (Game.reads_both_forfeit: Guandan's `forfeit: [T17, T29]`) on a two-team table outside a
    knockout (whose match must send one team on); () elsewhere. Its value is the two ids as
    field_text shows the list, in the table's order. On a table with one team withdrawn too: its
    opponent may not have come either (`check` takes it as written, event._score), but not on
    one of two withdrawn teams, which nobody plays (entry-withdrawn-both)."""
    if (not GAMES[spot.event.game].reads_both_forfeit or len(spot.sides) != 2 or len(spot.gone) == 2
            or spot.stage.format == "knockout"):
        return ()
    return ((", ".join(spot.sides), "desk_both_forfeit"),)


def forfeit_written(spot: TableSpot, value: str) -> str | list[str]:
    """The forfeit box's value as the results file takes it: one team's id, or the choice both
    teams absent (_both_forfeit_choice) as the list of the two, in the table's order."""
    both = _both_forfeit_choice(spot)
    return list(spot.sides) if both and value == both[0][0] else value


def forfeit_said(spot: TableSpot, fields: list[EntryField], saved: bool) -> tuple[str, bool]:
    """The table's forfeit as its page says it (table.html), decided here once: (the team's id,
    "" for none or both; whether both teams are absent), as just saved (the forfeit box's value)
    or else as the desk's last reading of the file has it."""
    if saved:
        value = next((item.value.strip() for item in fields if item.name == "forfeit"), "")
        return ("", True) if isinstance(forfeit_written(spot, value), list) else (value, False)
    return spot.table.forfeit or "", spot.table.both_forfeit


def record_from(spot: TableSpot, fields: list[EntryField]) -> dict[str, Any]:
    """The results-file keys the typed fields make (only what was typed: `Game.entry_record`,
    then forfeit)."""
    values = {f.name: f.value.strip() for f in fields}
    forfeit = forfeit_written(spot, values["forfeit"]) if values.get("forfeit") else None
    if spot.gone:
        return {"forfeit": forfeit} if forfeit else {}
    game = GAMES[spot.event.game]
    record = game.entry_record(spot.sides, values)
    played = board_lines(values.get(BOARDS_PLAYED, ""))[0]
    if played:
        record.setdefault("boards", {}).update({number: game.entry_board(text, spot.sides)
                                                for number, text in played.items()})
    if takes_winner(game, spot.stage.format) and values.get("winner"):
        record["winner"] = values["winner"]
    if forfeit:
        record["forfeit"] = forfeit
    return record


def with_boards_as_filed(spot: TableSpot, table: dict[str, Any], fields: list[EntryField], record: dict[str, Any],
                         shown: dict[str, str]) -> dict[str, Any]:
    """`record` with each board the file has that the form sent back as it showed it (every
    box of the board as filled from the file: `shown`, by field name) taking the file's value as
    it is, and each board the form shows read only (kind "kept": a form that cannot show it
    as written, bridge's `{adjusted: {NS: 60, EW: 40}}`) taking it whatever was sent. Read back
    from the boxes, a board the form shows otherwise than written (an adjusted score, the list
    form, the Chinese room keys) was rewritten by a save that did not change it, or, shown
    empty, deleted with its comment."""
    by_board: dict[int, list[EntryField]] = {}
    for item in fields:
        if item.board:  # (its rooms' boxes, and its own values beside them: 80分's penalty and note)
            by_board.setdefault(item.board, []).append(item)
    filed = table.get("boards")
    filed = {str(number): board for number, board in filed.items()} if isinstance(filed, dict) else {}
    kept = {number: filed[str(number)] for number, items in by_board.items()
            if filed.get(str(number)) is not None
            and all(item.kind == "kept" or item.value.strip() == shown.get(item.name, "").strip() for item in items)}
    if not kept:
        return record
    boards = record.get("boards") if isinstance(record.get("boards"), dict) else {}
    for number, value in kept.items():
        boards[number] = plain(value)
    return {**record, "boards": {number: boards[number] for number in sorted(boards, key=int)}}


def with_parts_as_filed(spot: TableSpot, table: dict[str, Any], fields: list[EntryField], record: dict[str, Any],
                        shown: dict[str, str]) -> dict[str, Any]:
    """`record` with each team board's own value (EntryField.part: 80分's penalty and note) that
    was sent back exactly as the form shows the file's value taking the file's value as it is:
    the form's text of it (a note 5, a list, a note with spaces at its ends, a penalty in flow
    form) read back as typed is another value, so a save of an unchanged form rewrote them, and
    what it rewrote made the save a change (a rewritten file, an audit line). Only a value the
    secretary changed is the record's as typed. `table`: the table as the file has it
    (current_table); `shown`: each board field's value as the form filled from the file shows it
    (the caller's form, not built again). First, each board sent back as shown is the file's
    (with_boards_as_filed)."""
    record = with_boards_as_filed(spot, table, fields, record, shown)  # (each board's boxes, then its parts)
    boards = record.get("boards")
    sent = [item for item in fields if item.part and item.value]
    if not sent or not isinstance(boards, dict):
        return record
    filed = table.get("boards")
    filed = {str(number): board for number, board in filed.items()} if isinstance(filed, dict) else {}
    for item in sent:
        board, old = boards.get(item.board), filed.get(str(item.board))
        if item.value == shown.get(item.name) and isinstance(board, dict) and isinstance(old, dict) and item.part in old:
            board[item.part] = plain(old[item.part])
    return record


def current_table(spot: TableSpot, text: str) -> dict[str, Any]:
    """The table as the file now has it (read by the content loader: fast, and the same reading)."""
    return filed_tables(spot, text).get(spot.table.number, {})


def filed_tables(spot: TableSpot, text: str) -> dict[Any, dict[str, Any]]:
    """Each table of a round's file text by its number, as the content loader reads it."""
    data = load_yaml_text(text, spot.path, Problems())
    found: dict[Any, dict[str, Any]] = {}
    for item in (data.get("tables") or []) if isinstance(data, dict) else []:
        if isinstance(item, dict) and isinstance(item.get("table"), int):  # (a hand edit's `table: [1]` is no number)
            found.setdefault(item["table"], item)
    return found


SIDE_KEYS = ("teams", "ns", "ew", "home", "away")


def as_filed(spot: TableSpot, table: dict[str, Any]) -> str:
    """What a form was filled from: a digest of the table's record as the file has it (its record
    keys' values; not its comments, nor its layout, nor the other tables), and of everything that
    decides where the typed values go: the table's number and sides as the file has them, and
    the sides the form's fields are labelled with (the desk's reading of the round). The form
    carries it; a save whose table's digest is another by then is refused (Writer): the
    secretary, or a table, changed it since, and the save would overwrite that change without a
    word. With the record alone, a table with no result had the digest of any other: sides
    swapped by hand (`teams: [T02, T01]`), or tables renumbered, after the form was shown, and
    the level typed beside T01 was saved as T02's."""
    return fingerprint({"record": {key: table[key] for key in record_keys(spot) if key in table},
                        "table": table.get("table"),
                        "sides": {key: table[key] for key in SIDE_KEYS if key in table},
                        "labels": [spot.table.number, spot.sides]})


def table_text(spot: TableSpot, record: dict[str, Any]) -> str:
    """The table with this record as the desk writes it (ruamel, the same representation as in
    the file), alone in a results document: the text the game's reader checks."""
    keys = side_keys(spot)
    table: dict[str, Any] = {"table": spot.table.number}
    if keys == ("teams",):
        table["teams"] = list(spot.sides)
    else:
        table.update(zip(keys, spot.sides))
    node = to_round_trip(table)
    node.fa.set_block_style()
    for key, value in record.items():
        node[key] = to_round_trip(value, block=key == "boards")
    return dump_round_trip({"stage": spot.stage.id, "round": spot.number, "tables": [node]})


def check(spot: TableSpot, text: str, record: dict[str, Any]) -> Check:
    """Check a record as `paibang check` would: the table with the record, as it would be
    written, read back by the content loader and the game's reader, then scored. A table's
    record is read on its own (no reader looks at other tables), so this is the check the file
    will pass, whatever other tables save meanwhile."""
    if not record:
        return Check([], record=record, empty=True)
    problems = Problems()
    # An invisible formatting character typed or pasted into a field (a bidi override U+202E, a
    # zero-width space: reader.invisible), refused as `paibang check` refuses one in a name: a
    # results file holds ids, results, penalties' reasons, none of which is typed with one, and
    # the ids and words of a table would read as others (T1 and T1 followed by U+200B).
    for key, text in _texts(record):
        if (hidden := invisible(text)) is not None:
            problems.add("desk-invisible-char", Mark(spot.path), field=key, value=_format_escaped(text)[:80],
                         char=f"U+{ord(hidden):04X} {unicodedata.name(hidden, '')}".rstrip())
    if problems.items:
        return Check(problems.items, record=record)
    data = load_yaml_text(table_text(spot, record), spot.path, problems)
    if not isinstance(data, YamlMap) or problems.items:
        return Check(problems.items, record=record)
    game = GAMES[spot.event.game]
    tables = data.get("tables") or []
    marks = getattr(tables, "item_marks", [])
    for index, item in enumerate(tables):
        if isinstance(item, YamlMap) and item.get("table") == spot.table.number:
            places = _places(item)
            # the referee's winner as the content loader reads it
            reader, written = read_referee_winner(Reader(item, problems, f"tables[{index + 1}]."), game, spot.stage.format)
            winner = winner_at_table(written, spot.sides, problems)
            reader.round_number = spot.number  # (boards numbered on through the stage: match_board_count)
            sides, parsed = game.read_table(reader, spot.stage)
            # (both sides, `forfeit: [T17, T29]`: the game's reader has read and checked it)
            both = game.reads_both_forfeit and isinstance(reader.raw("forfeit"), YamlList)
            forfeit = None if both else reader.text("forfeit")
            if forfeit is not None and forfeit not in spot.sides:
                problems.add("forfeit-not-at-table", reader.value_mark("forfeit"), id=forfeit)
            elif forfeit is not None and spot.gone and forfeit not in spot.gone:
                # a withdrawn side's table: any other forfeit is a result for a side that played
                # none there (check: entry-withdrawn-played), refused before it is written
                problems.add("desk-forfeit-not-withdrawn", reader.value_mark("forfeit"), id=forfeit,
                             gone=", ".join(spot.gone))
            if problems.errors:
                return Check(problems.items, record=record, places=places)
            mark = marks[index] if index < len(marks) else None
            table = Table(spot.table.number, [s for s, _ in sides], parsed, forfeit, None, mark, winner=winner,
                          round_number=spot.number)
            # its boards counted with the rounds before, as `check` counts them (content.load._boards_before):
            # round 2 after a round 1 on 1-12 saved on 13-18 waits for 19-24, its warning naming them
            table.earlier_boards = game.boards_before(spot.stage, spot.event.rounds.get(spot.stage.id, []), spot.number)
            game.recount_boards(spot.stage, table, problems)
            # With the event's running counts as they stand at this round (大怪路子: a team's
            # second violation of the event costs a point), so that the table sees the score
            # the standings will give it, not one a point off.
            score = against_substitutes(game, spot.event, spot.stage, game.score_table(
                table, spot.stage, state_before(spot.event, spot.stage.id, spot.number)))
            # (a team match with boards still to enter waits as the site shows it: not a whole result)
            pending = waits(game, spot.stage, score)
            if spot.stage.format == "knockout" and not pending and len(table.sides) == 2:
                # a tie must be settled as the game says, as the bracket will ask
                match_winner(game, spot.stage, score, spot.number, mark or Mark(spot.path), problems)
                if problems.errors:
                    return Check(problems.items, record=record, places=places)
            return Check(problems.items, score, record, incomplete=pending, places=places)
    raise KeyError(spot.table.number)


def _texts(node: Any, key: str = "") -> list[tuple[str, str]]:
    """Every text of a record, with the key it is under (a list's texts: its key's)."""
    if isinstance(node, str):
        return [(key, node)]
    if isinstance(node, dict):
        return [found for name, value in node.items() for found in _texts(value, str(name))]
    if isinstance(node, (list, tuple)):
        return [found for value in node for found in _texts(value, key)]
    return []


def _places(node: Any, path: tuple[Any, ...] = (), found: dict[Mark, tuple[Any, ...]] | None = None
            ) -> dict[Mark, tuple[Any, ...]]:
    """Each mark of a loaded node -> the keys and item positions it is under, from the node on
    (a mark two share, a mapping's and its first key's, is the outer one's): what a problem's
    mark points at."""
    found = {} if found is None else found
    if isinstance(node, YamlMap):
        for key, value in node.items():
            for marks in (node.key_marks, node.value_marks):
                if key in marks:
                    found.setdefault(marks[key], path + (key,))
            _places(value, path + (key,), found)
    elif isinstance(node, YamlList):
        for position, (value, mark) in enumerate(zip(node, getattr(node, "item_marks", []))):
            found.setdefault(mark, path + (position,))
            _places(value, path + (position,), found)
    return found


def _path_of(result: Check, problem: ContentError) -> tuple[Any, ...]:
    """The keys a problem's mark is under, from the table on; a mark the reader made that is no
    value's (a table's own) is placed by its line."""
    path = result.places.get(problem.mark)
    if path is None:
        same_line = [(mark.column, where) for mark, where in result.places.items()
                     if mark.line == problem.mark.line and mark.column <= problem.mark.column]
        path = max(same_line, key=lambda item: item[0])[1] if same_line else ()
    return path


def room_of(spot: TableSpot, result: Check, problem: ContentError) -> str:
    """The room a problem is in ("open", "closed"), as its mark says: under `rooms:` (Guandan's
    teams of four) or in a board's room (`boards: {3: {closed: …}}`); "" for the whole match."""
    path = _path_of(result, problem)
    rooms = _rooms(spot)
    for position, part in enumerate(path):
        if part in rooms and position and (path[position - 1] == "rooms"
                                           or (position > 1 and path[position - 2] == "boards")):
            return str(part)
    return ""


@dataclass
class Said:
    """A problem as the desk's form says it: the room it is in named as the form heads the room,
    the message and its fix in the form's terms."""

    message: str
    hint: str
    room: str = ""
    # the form's fields the problem is in (their names): marked invalid and described by it
    fields: tuple[str, ...] = ()
    code: str = ""  # the problem's (what a heading over a list of them goes by: app.whole_match)


def _secretarys_part(result: Check, problem: ContentError, fields: list[EntryField]) -> str:
    """The board (its number as the form labels it) whose own value the problem is in, where
    that value is a field on the secretary's form only (EntryField.secretary: 80分's board
    penalty and note, which a table's form keeps from the file); "" for any other problem."""
    path = _path_of(result, problem)
    if len(path) < 3 or path[0] != "boards":
        return ""
    board, part = str(path[1]), str(path[2])
    return board if any(f.secretary and f.part == part and str(f.board) == board for f in fields) else ""


def said(spot: TableSpot, result: Check, problems: list[ContentError], fields: list[EntryField], t: Any,
         table: bool = False) -> list[Said]:
    """The problems as the desk's form says them. `check`'s text names a results file's keys
    (levels.T07, tiebreak_deal:), which a table's phone does not show: where the catalogue has
    the desk's own text for a problem (msgctxt "desk", "desk-hint"), it is said so, the form's
    fields named by their labels ({label_winner}, and {field}, the field the problem's `key`
    names); a problem in one room starts with the room's name as the form heads it. On a
    table's form (`table`), a problem in a value only the secretary's form shows (a board's
    penalty written at the desk or by hand) says the secretary must mend that board: the table
    has no field to fix, and the message named one it cannot see."""
    game = GAMES[spot.event.game]
    out = []
    for problem in problems:
        board = _secretarys_part(result, problem, fields) if table else ""
        if board:
            out.append(Said(t("desk_secretary_board", board=board), t("desk_secretary_board_hint"), code=problem.code))
            continue
        room = room_of(spot, result, problem)
        labels = _labels(fields, room, t)
        # (first_side: the table's own id for a fix's example, as the penalty box's hint gives it)
        params: dict[str, object] = {**labels, "first_side": spot.sides[0] if spot.sides else "", **problem.params}
        key = str(problem.params.get("key", ""))
        if f"label_{key}" in labels:
            params["field"] = labels[f"label_{key}"]
        if isinstance(problem.params.get("index"), int):
            params["line"] = _line_of(fields, room, key, problem.params["index"])
        message, hint = problem.message(t.locale), problem.hint(t.locale)
        desk_message, desk_hint = _desk_texts(game.folder, problem.code, t.locale)
        try:
            message = fill(desk_message, t.locale, params) if desk_message else message
            hint = fill(desk_hint, t.locale, params) if desk_hint else hint
        except (KeyError, IndexError):  # a field this form lacks: what `check` says
            message, hint = problem.message(t.locale), problem.hint(t.locale)
        if room and problem.params.get("room_id") != room:
            # (a message of a two-room board that carries its room's id names the room itself,
            # "board 2, open room: ..."; said again before it, it read "open room: board 2, open
            # room: ...")
            message = t("desk_in_room", room=t(f"{room}_room"), message=message)
        out.append(Said(message, hint, room, fields_at(result, problem, fields, room), problem.code))
    return out


def fields_at(result: Check, problem: ContentError, fields: list[EntryField], room: str) -> tuple[str, ...]:
    """The form's fields a problem is in, by where its mark is in the record (a board's room, a
    board's penalty, a room's levels) or the key it names: a screen reader is told which box is
    wrong (aria-invalid), and what is wrong with it. None for a problem of the whole match."""
    if problem.code.endswith("-at-table") and problem.params.get("fields"):
        # the box it was typed in (directors_only: any game's kind, desk-<kind>-at-table; 80\u5206's
        # adjusted score and penalty had no box marked, named here by two of bridge's codes only)
        return tuple(problem.params["fields"])
    path = _path_of(result, problem)
    if problem.code == "room-pending":
        # One warning for every board of the room typed (rooms.report_pending), marked at the
        # first: its `room` is the room typed, and what it speaks of is the other room's box of
        # each board it names, still to enter.
        rooms = {item.room for item in fields if item.room}
        waiting = _room_named(problem, rooms, "other")
        named = {int(number) for number in problem.params.get("board_numbers") or ()}  # (rooms.report_pending)
        return tuple(item.name for item in fields if waiting and item.room == waiting and not item.part
                     and item.board and item.board in named)
    if len(path) >= 2 and path[0] == "boards":
        board, rest = str(path[1]), [str(part) for part in path[2:]]
        parts = {item.part for item in fields if item.part}
        part = rest[0] if rest and rest[0] in parts else ""
        rooms = {item.room for item in fields if item.room}
        at = rest[0] if rest and rest[0] in rooms else room or _room_named(problem, rooms)
        found = [item for item in fields if item.board and str(item.board) == board
                 and (item.part == part if part else not item.part and (not at or item.room == at))]
        return tuple(item.name for item in found)
    names = {str(part) for part in path if isinstance(part, str)} | {str(problem.params.get("key", ""))}
    # a side's level (`levels: {T03: Z}`) is in the box labelled with that side (Guandan's level_a, level_b)
    sides = {str(path[position + 1]) for position, part in enumerate(path[:-1]) if part == "levels"}
    found = [item for item in fields if not item.board and (not room or item.room in (room, ""))
             and ((item.name.removeprefix(f"{item.room}_") if item.room else item.name) in names
                  or (item.literal and item.label in sides))]
    if room and any(item.room for item in found):
        found = [item for item in found if item.room]  # (the room's own field over the match's)
    return tuple(item.name for item in found)


def _room_named(problem: ContentError, rooms: set[str], param: str = "room") -> str:
    """The room a problem of a whole board names (a room missing: its `room`), where its mark,
    the board's, does not say it: that room's box is the one the problem is in, not every room's
    of the board. Read from the room's id the problem carries as data (`room_id`, `other_id`),
    not matched against its words. "" when it names none."""
    named = problem.params.get(f"{param}_id")
    return named if isinstance(named, str) and named in rooms and named in ROOMS else ""


def _desk_texts(folder: Path, code: str, locale: str) -> tuple[str, str]:
    """The desk's own (message, fix) of a problem, each "" where the desk says what `check`
    says: the game's catalogue's, else the shared one's."""
    for where in (folder, catalogues.SHARED):
        found = catalogues.desk_messages(where).get(code)
        if found:
            return found.get(locale) or found["zh-Hans"]
    return "", ""


def _line_of(fields: list[EntryField], room: str, key: str, index: int) -> int:
    """The line of its box an item of a list is on, as the secretary counts the lines: the
    record skips a blank line (EntryField.item_lines), so the 2nd penalty may be on line 3. The
    item's number where no box holds the list (`key`, the reader's path, names it: penalties[2])."""
    for item in fields:
        name = item.name.removeprefix(f"{item.room}_") if item.room else item.name
        if item.item_lines and item.room == room and re.search(rf"(^|\.){re.escape(name)}\[{index}\]", key):
            written = [number for number, line in enumerate(item.value.splitlines(), start=1) if line.strip()]
            return written[index - 1] if 0 < index <= len(written) else index
    return index


def _labels(fields: list[EntryField], room: str, t: Any) -> dict[str, str]:
    """The form's fields by name as a message points at them, `label_<name>`: a room's own
    (`closed_winner` as label_winner) over the match's. A label's note in brackets
    ("胜方（双方同级时填先到达者）") is for the field; a message names the field before it."""
    found: dict[str, str] = {}
    for item in sorted(fields, key=lambda f: bool(f.room)):
        if item.room and item.room != room:
            continue
        name = item.name.removeprefix(f"{item.room}_") if item.room else item.name
        label = item.label if item.literal else t(item.label)
        found[f"label_{name}"] = re.split(r"（| \(", label, maxsplit=1)[0].strip()
    return found


def score_lines(spot: TableSpot, score: Any, t: Any) -> list[str]:
    """The computed score in words: each side's metrics, the winner, the game's own reason."""
    game = GAMES[spot.event.game]
    lines = game.entry_notes(score, t)
    if spot.stage.format == "pairs":
        # matchpoints compare a board across every table that played it: not one table's to show
        # (the live standings named as their page is: the form links the name to it, table.html)
        lines.append(t("desk_pairs_later", standings=t("desk_standings")))
        return lines
    figures = game.match_figures(spot.stage)
    waiting = game.waiting_for_boards(score, t)
    if waiting is not None:
        # A match with boards still to come: its figures so far, not the match points (or VPs)
        # that read as its result, and the round page's note of the boards it waits for
        note, held = waiting
        figures = tuple(name for name in figures if name not in held)
    for side in score.sides:
        # the page's language's list and colon (a Chinese page's 、 and ：), the stage's own figures
        shown = t.joiner().join(f"{t.pick(metric_of(game, name).label)} {number_text(value)}"
                                for name, value in side.metrics.items() if name in figures)
        lines.append(f"{side.entry}{t('colon')}{shown}")
    if score.winner:
        lines.append(t("desk_winner_is", team=score.winner))
    if waiting is not None:
        lines.append(note)
    return lines


def kept_boards(fields: list[EntryField]) -> frozenset[int]:
    """The boards a form shows read only (kind "kept": what its boxes cannot show as written,
    bridge's `{adjusted: {NS: 60, EW: 40}}` or one room with the IMPs the scorer recorded): a
    save from the form keeps them as written (with_boards_as_filed), and its check counts them
    among the match's boards, as the standings do."""
    return frozenset(item.board for item in fields if item.kind == "kept")


def one_room_entered(fields: list[EntryField]) -> str:
    """The room ("open", "closed") whose boxes alone hold a result, when the secretary has entered
    one room of a two-room match (its sheets came in first, event-day.md); "" otherwise. A table's
    link then says which room the desk has, not that the table's result was sent (has_record):
    the table sent nothing, and the other room's sheet is what the desk still needs."""
    rooms = {item.room for item in fields if item.board and item.room and not item.part and item.value}
    return next(iter(rooms)) if len(rooms) == 1 else ""


def has_record(spot: TableSpot, table: dict[str, Any], kept: frozenset[int] = frozenset()) -> bool:
    """Whether the file's table (current_table, or the writer's reading) already holds a result
    (the secretary's or a save) that a table's own save would change: not the boards its form
    shows read only (`kept`: kept_boards), which the save keeps as they are. A match whose
    adjusted board the director wrote before the table entered the rest was "already entered":
    its link showed no form, and the table could never complete its match."""
    def entered(key: str) -> bool:
        value = plain(table.get(key))
        if key == "boards" and isinstance(value, dict):
            value = {number: board for number, board in value.items()
                     if not (number.isdecimal() and int(number) in kept)}
        return value not in (None, [], {}, "")

    return any(entered(key) for key in record_keys(spot))
