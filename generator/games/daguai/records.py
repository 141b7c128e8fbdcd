"""大怪路子's records: what a secretary writes for a match, read into the rules' types, and the
record grammar that goes with it.

One board in one room is the team that ran first and its points, `D01 8`; a board names both
rooms (`{open: D01 8, closed: D02 1}`, or 开室/闭室, or `[D01 8, D02 1]`, or both on one line
with Chinese punctuation); `violations: [D02]` lists the offending teams. The stage keys
`board_points` and `bye` are read here too. A room that cannot be accepted is a `RecordError`
(a catalogue code and its parameters), reported where it was written.

The grammar below (开室/闭室 as room keys) is what a secretary types, in the language of the
score sheets: it stays here, not in the catalogues.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from generator.content.model import Stage
from generator.content.reader import Reader, left_empty, suggestion, wrong_board_number
from generator.content.yaml_loader import YamlList, YamlMap
from generator.errors import Mark
from generator.games.common.boards import match_board_count
from generator.games.common.shorthand import half_width, not_played_written, shown, side_named, split_items
from generator.games.daguai.rules import (
    OUTCOMES,
    WIN,
    BoardPoints,
    BoardRecord,
    ByeCredit,
    DaguaiStage,
    MatchRecord,
    RoomRecord,
    Violation,
    options,
)
from generator.games.common.rooms import ROOM_KEYS, ROOMS, OneRoom, other_room, report_pending, room_at, room_name
from generator.games.daguai.words import meaning, problem, word

# How a message lists the room keys a secretary may type.
ROOM_KEYS_TEXT = "open, closed（开室、闭室）"
TABLE_KEYS = ("home", "away", "boards", "violations")
VIOLATION_KEYS = ("team", "board", "note")
BOARD_POINT_KEYS = OUTCOMES
BYE_KEYS = ("match_points", "net", "scored", "heads")


class RecordError(ValueError):
    """A room record that cannot be accepted; `code` and `params` feed the message catalogue."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


_RECORD = re.compile(r"^(\S+)\s+([+-]?\d{1,3})$")


def parse_room(text: object) -> RoomRecord:
    """`D01 8` -> RoomRecord("D01", 8). Checks only the form; see `check_room` for the rules."""
    if not isinstance(text, str):
        raise RecordError("daguai-board-syntax", text=shown(text), problem=problem("form"))
    return _room_written(text)


@lru_cache(maxsize=1 << 12)
def _room_written(text: str) -> RoomRecord:
    """parse_room of a text, each text once (a room's `D01 8` recurs at every table the team
    runs first at): the record without a mark, shared; an error is not kept, and raised anew."""
    words = half_width(text).strip()  # Ｄ０１　８ as a Chinese input method types it
    match = _RECORD.match(words)
    if match is None:
        key = "problem_record_empty" if not words else "dg_problem_points" if len(words.split()) == 2 else "dg_problem_shape"
        raise RecordError("daguai-board-syntax", text=text, problem=word(key))
    return RoomRecord(match.group(1), int(match.group(2)))


def typed_room(value: Any, sides: Sequence[str]) -> Any:
    """One room as typed at the desk, as the results file is to hold it: `D01 8`, half-width,
    one space, the team as the table's entry names it (d01 typed on a phone for D01); anything
    the grammar does not read as typed, for the check to name it."""
    if not isinstance(value, str):
        return value
    try:
        record = _room_written(value)
    except RecordError:
        return value
    return f"{side_named(record.first, list(sides))} {record.points}"


def check_room(record: RoomRecord, sides: Sequence[str], board_points: BoardPoints) -> None:
    """The team must be at the table and the points possible for a team that ran first."""
    if sides and record.first not in sides:
        raise RecordError("daguai-team-not-at-table", team=record.first, sides=" vs ".join(sides),
                          suggestion=suggestion(record.first, sides))
    if record.points not in board_points.allowed:
        raise RecordError("daguai-points-impossible", team=record.first, points=record.points,
                          allowed=list(board_points.allowed), meaning=meaning(board_points))


def read_stage_options(reader: Reader, stage_format: str) -> DaguaiStage:
    """A stage's keys: board_points and bye."""
    points = BoardPoints()
    table = reader.mapping("board_points")
    if table is not None:
        table.check_keys(BOARD_POINT_KEYS)
        defaults = BoardPoints()
        points = BoardPoints(**{
            o: v for o in OUTCOMES
            if (v := table.integer(o, getattr(defaults, o), low=0, high=99)) is not None
        })
    credit = ByeCredit()
    bye = reader.mapping("bye")
    if bye is not None:
        bye.check_keys(BYE_KEYS)
        defaults_bye = ByeCredit()
        credit = ByeCredit(
            match_points=bye.integer("match_points", defaults_bye.match_points, low=0, high=WIN) or 0,
            net=bye.integer("net", defaults_bye.net, low=-999, high=999) or 0,
            scored=bye.integer("scored", defaults_bye.scored, low=0, high=999) or 0,
            heads=bye.integer("heads", defaults_bye.heads, low=0, high=999) or 0,
        )
    return DaguaiStage(points, credit)


def read_table(reader: Reader, stage: Stage, default: int) -> tuple[list[tuple[str, Mark]], MatchRecord]:
    """One match: home, away, each board's two rooms, the violations. `default`: the boards a
    match plays where the stage says none (Game.default_boards)."""
    reader.check_keys(("table", "referee", "forfeit", *TABLE_KEYS), required=("home",))
    sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("home", "away") if reader.has(key)]
    side_ids = [s for s, _ in sides]
    if len(side_ids) == 1:  # a bye: nothing is played, nothing beside its team read
        _bye_with_play(reader, side_ids[0])
        return sides, MatchRecord(played=False)
    stage_options = options(stage)
    # Played once any board is written; `boards:` left empty (a fresh draw) is not played yet.
    written = reader.raw("boards")
    record = MatchRecord(played=isinstance(written, YamlMap) and len(written) > 0)
    record.boards, expected = _read_boards(reader, stage, side_ids, stage_options.board_points, record.one_room,
                                           record.not_played, default)
    record.violations = _read_violations(reader, side_ids)
    forfeit = reader.raw("forfeit")
    if isinstance(forfeit, YamlList):  # no double forfeit here: the loader says so (forfeit-double-not-in-game)
        forfeit = None
    table_number = reader.raw("table")
    if forfeit is not None:
        for key in ("boards", "violations"):
            if reader.raw(key):
                reader.problems.add("daguai-forfeit-with-play", reader.key_mark(key), key=key,
                                    id=str(forfeit), table=table_number)
        record.played = False
    elif record.not_played and not record.boards and not record.one_room \
            and isinstance(written, YamlMap) and len(set(record.not_played)) == len(written) \
            and len(written) >= expected:
        # np on every board: the match played none, and 0 : 0 is no draw but no result at all
        # (as bridge's bridge-match-all-not-played); a forfeit or the referee's decision is.
        reader.problems.add("daguai-match-all-not-played", reader.key_mark("boards"), table=table_number,
                            first=min(record.not_played), home=side_ids[0], away=side_ids[1])
    # Two teams and no boards: drawn, not played yet (a fresh `paibang pair` round). Not an
    # error nor a warning: score_table scores no side, so the match is shown and not counted.
    return sides, record

def _bye_with_play(reader: Reader, side: str) -> None:
    """A bye (home only) with boards, violations or a forfeit written: one error, at the first
    of them in the file (where the lines to delete start), naming them all; it was one error a
    key, each at its own line, for one fix (as Guandan's guandan-bye-with-record). Their
    contents are not read: a board's or a violation's own error beside this one would be of
    lines its hint deletes. A forfeit among them is said here, not again as the loader's
    bye-with-forfeit (DaguaiRules.bye_error), and the hint says what it may have meant: a team
    that left, withdrawn instead. As Guandan's: a key left empty (`boards:`, `boards: {}`) is
    nothing written, `forfeit:` left empty no forfeit, and any forfeit written is one, `forfeit: []`
    too (alone, it was the loader's bye-with-forfeit, beside boards this error's)."""
    written = [key for key in ("boards", "violations") if not left_empty(reader.raw(key))]
    if reader.raw("forfeit") is not None:
        written.append("forfeit")
    if not written:
        return
    ordered = sorted(written, key=lambda k: (reader.key_mark(k).line, reader.key_mark(k).column))
    reader.problems.add("daguai-bye-with-play", reader.key_mark(ordered[0]), id=side, key=ordered,
                        withdrawn=word("bye_forfeit_withdrawn") if "forfeit" in written else "")


def _read_boards(reader: Reader, stage: Stage, side_ids: list[str], points: BoardPoints, waiting: list[OneRoom],
                 not_played: list[int], default: int) -> tuple[list[BoardRecord], int]:
    """The boards with both rooms, and how many the match plays (match_board_count: the stage's
    `boards`, else `default` for a match numbered 1..default; 0 when not known); a board with
    one room only goes to `waiting`, a board the match did not play (`2: np`, or np in both
    rooms) to `not_played` (MatchRecord)."""
    boards = reader.mapping("boards")
    if boards is None:
        return [], 0
    limit = stage.boards
    written: set[int] = set()
    records: list[BoardRecord] = []
    pending: list[tuple[int, str, Mark]] = []  # one warning a room typed, after the loop
    for number, value in boards.node.items():
        if wrong_board_number(reader.problems, number, boards.key_mark(number), limit or None):
            continue
        written.add(number)
        board_mark = boards.value_mark(number)
        if not_played_written(value):
            not_played.append(number)
            continue
        rooms = _rooms_of(reader, number, value, board_mark)
        if rooms is None:
            continue
        skipped = [room for room in ROOMS if room in rooms and not_played_written(rooms[room][0])]
        if len(skipped) == 2:  # np in both rooms: the board's np
            not_played.append(number)
            continue
        if skipped:
            # np in one room: nothing to set the other room against. The match did not play the
            # board (np for the whole board), or that room's sheet is to be found.
            (room,) = skipped
            text, room_mark = rooms[room]
            reader.problems.add("daguai-room-not-played", board_mark if room_mark.line == board_mark.line else room_mark,
                                board=number, room=room_name(room), other=room_name(other_room(room)),
                                room_id=room, other_id=other_room(room))
            continue
        read: dict[str, RoomRecord] = {}
        # One room written, the other not yet: the secretary enters the open room's sheets as
        # they come, before the closed room's (event-day.md). Not an error: the board waits,
        # and with it the match (score_table: pending). A board with neither room is an error.
        one_room = len(rooms) == 1 and isinstance(value, YamlMap) and len(value) == 1
        for room in ROOMS:
            if room not in rooms:
                if not one_room:
                    reader.problems.add("daguai-room-missing", board_mark, board=number, room=room_name(room),
                                        other=room_name(other_room(room)), room_id=room, other_id=other_room(room))
                continue
            text, room_mark = rooms[room]
            mark = board_mark if room_mark.line == board_mark.line else room_mark
            try:
                parsed = parse_room(text)
                check_room(parsed, side_ids, points)
            except RecordError as error:
                reader.problems.add(error.code, mark, board=number, room=room_at(room), room_id=room,
                                    **{"text": shown(text), **error.params})
                continue
            read[room] = RoomRecord(parsed.first, parsed.points, mark)
        if len(read) == 2:
            records.append(BoardRecord(number, read["open"], read["closed"]))
        elif one_room and read:
            (room, only), = read.items()
            pending.append((number, room, board_mark))
            waiting.append(OneRoom(number, room, only))
        elif one_room:  # the one room written cannot be read: the other is missing too, as before
            (room,) = rooms
            other = other_room(room)
            reader.problems.add("daguai-room-missing", board_mark, board=number, room=room_name(other),
                                other=room_name(room), room_id=other, other_id=room)
    report_pending(reader.problems, pending, reader.raw("table"), "{open: D01 8, closed: D02 1}")
    # the stage's boards, else the game's default the desk's form offers (Game.boards_short's count)
    expected = match_board_count(stage, written, default)
    if expected and written:
        missing = sorted(set(range(1, expected + 1)) - written)
        if missing:
            # (the game's own, as 80 points' is: the match waits for them, Game.boards_short, and
            # the fix names np for a board the match did not play)
            reader.problems.add("daguai-boards-missing", boards.mark, warning=True,
                                table=reader.raw("table"), missing=missing, first=missing[0])
    return sorted(records, key=lambda r: r.board), expected

def _rooms_of(reader: Reader, number: int, value: Any,
              board_mark: Mark) -> dict[str, tuple[Any, Mark]] | None:
    """The board's rooms by name: {open: D01 8, closed: D02 1} (or 开室/闭室), or [open, closed]."""
    problems = reader.problems
    if isinstance(value, YamlMap):
        rooms: dict[str, tuple[Any, Mark]] = {}
        for key, room_value in value.items():
            room = ROOM_KEYS.get(str(key).strip())
            if room is None:
                problems.add("key-unknown", value.key_marks.get(key, board_mark), key=key,
                             suggestion=suggestion(key, ROOMS), allowed=ROOM_KEYS_TEXT)
                continue
            if room in rooms:
                problems.add("daguai-board-syntax", value.key_marks.get(key, board_mark), board=number,
                             room=room_at(room), room_id=room, text=str(key), problem=word("problem_room_twice"))
                continue
            rooms[room] = (room_value, value.value_marks.get(key, board_mark))
        return rooms
    if isinstance(value, YamlList) and len(value) == 2:
        return {room: (item, mark) for room, item, mark in zip(ROOMS, value, value.item_marks)}
    # Both rooms typed on one line with Chinese punctuation: `D01 8，D02 1` (or inside [ ],
    # where YAML sees one item).
    typed = value[0] if isinstance(value, YamlList) and len(value) == 1 else value
    if isinstance(typed, str) and len(split_items(typed)) == 2:
        at = value.item_marks[0] if isinstance(value, YamlList) else board_mark
        return {room: (item, at) for room, item in zip(ROOMS, split_items(typed))}
    problems.add("daguai-board-syntax", board_mark, board=number, room=room_at(None),
                 text=shown(value), problem=word("problem_board_rooms"))
    return None

def _read_violations(reader: Reader, side_ids: list[str]) -> list[Violation]:
    found = []
    for item, mark in reader.items("violations", single_ok=True):
        if isinstance(item, YamlMap):
            item_reader = Reader(item, reader.problems, "violations[].")
            item_reader.check_keys(VIOLATION_KEYS, required=("team",))
            team = item_reader.text("team")
            team = None if team is None else half_width(team).strip()
            violation = Violation(team or "", item_reader.integer("board", low=1, high=200),
                                  item_reader.text("note"), mark)
            if team is None:
                continue
        elif isinstance(item, (str, int)) and not isinstance(item, bool):
            violation = Violation(half_width(str(item)).strip(), mark=mark)
        else:
            reader.problems.add("type-expected", mark, key="violations[]",
                                expected=word("expected_entry_id"), found=shown(item))
            continue
        if side_ids and violation.entry not in side_ids:
            reader.problems.add("daguai-violation-not-at-table", mark, team=violation.entry,
                                sides=" vs ".join(side_ids), suggestion=suggestion(violation.entry, side_ids))
            continue
        found.append(violation)
    return found


# A violation the secretary wrote with its board and note (`{team: D07, board: 2, note: 自报牌数}`)
# is shown on the desk's form as `D07 第2副 自报牌数` and read back from it as it was: the form
# showed Python's repr of it, and saving the table again split that into three "teams".
_VIOLATION = re.compile(r"(\S+)(?:\s+(?:第\s*(\d+)\s*副|[Bb]oard\s*(\d+)))?(?:\s+(.+))?")


def violation_text(item: Any) -> str:
    """A written violation as the desk's form shows it (DaguaiRules.entry_fields)."""
    if not isinstance(item, dict):
        return "" if item is None else str(item)
    parts = [str(item.get("team", ""))]
    if item.get("board") is not None:
        parts.append(f"第{item['board']}副")
    if item.get("note"):
        parts.append(str(item["note"]))
    return " ".join(parts)


def violation_items(text: str, sides: Sequence[str]) -> list[Any]:
    """The violations one item typed on the desk's form makes, as the results file writes them
    (entry_record): teams typed with spaces between them ("D02 D07", every word one of the
    table's teams or shaped like one) are a violation each; else one, with its board and note
    where typed ("D07 第2副 自报牌数", "D07 迟到"); text that is neither is kept as typed, for the
    check. Ids are matched to the table's teams but for case (d07 for D07)."""
    words = [side_named(word, sides) for word in text.split()]
    if len(words) > 1 and all(word in sides or _shaped_like_a_side(word, sides) for word in words):
        # "D07 D09" with D09 at another table: two violations, and the check names D09 not at
        # this table, where reading "D09" as D07's note would have hidden the slip
        return words
    return [violation_item(text, sides)]


def _shaped_like_a_side(word: str, sides: Sequence[str]) -> bool:
    """D09 beside a table of D02 and D07: the same letters, then digits."""
    letters = word.rstrip("0123456789")
    return letters != word and any(side.rstrip("0123456789").casefold() == letters.casefold() != ""
                                   and side.rstrip("0123456789") != side for side in sides)


def violation_item(text: str, sides: Sequence[str]) -> Any:
    """One violation typed on the desk's form, as the results file writes it (entry_record)."""
    match = _VIOLATION.fullmatch(text.strip())
    if match is None:
        return text
    team, board, board_en, note = match.groups()
    team = side_named(team, sides)
    board = board or board_en
    if board is None and note is None:
        return team
    item: dict[str, Any] = {"team": team}
    if board is not None:
        item["board"] = int(board)
    if note is not None:
        item["note"] = note
    return item
