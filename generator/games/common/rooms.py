"""The two rooms of a team match (open and closed), and their names in messages: the shared
catalogue's words, one definition for every game that plays in two rooms (大怪路子, 80分)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from generator import catalogues
from generator.catalogues import LOCALES

# A team match's rooms, as results files key them (`open:`, `closed:`) and in this order: every
# game's (bridge teams, 大怪路子, 80分 teams, Guandan's teams of four) and TableForm.rooms.
ROOMS = ("open", "closed")
# A team board's rooms as a secretary writes them: {open: …, closed: …} or {开室: …, 闭室: …}
# (bridge, 大怪路子, 80分 alike).
ROOM_KEYS = {"open": "open", "closed": "closed", "开室": "open", "開室": "open", "闭室": "closed", "閉室": "closed"}


def room_value(board: Any, room: str) -> Any:
    """One room of a team board as written: a map by room (`{open: …, closed: …}` or the Chinese
    room keys) or the list of the two rooms in ROOMS' order; None when the board does not have it."""
    if isinstance(board, dict):
        return next((v for k, v in board.items() if ROOM_KEYS.get(str(k).strip()) == room), None)
    if isinstance(board, list) and len(board) == len(ROOMS):
        return board[ROOMS.index(room)]
    return None


def seats_in(room: str) -> tuple[str, str]:
    """The seats (ns, ew) of a team match's first and second side in `room`, as TableForm's
    seating "ns" has them: the first side North-South in the open room and East-West in the
    closed room, the second the other way round (seed 004)."""
    return ("ns", "ew") if room == "open" else ("ew", "ns")


# How a team match in two rooms is seated (TableForm.seating), the side written first taking
# the first seats in the open room and the others in the closed room: "ns", North-South then
# East-West (bridge teams, 80分 teams: seed 004's 主队坐开室南北、闭室东西; Guandan's teams of
# four alike); "odd", seats 1, 3, 5 of six then 2, 4, 6 (大怪路子: seed 003's 甲队在开室中坐1，3，
# 5位，在闭室中坐2，4，6位). Each has its words: the draw notice's two columns (pair_col_open_*,
# pair_col_closed_*), its sentence (pair_sheet_rooms_*) and the round page's line (room_seats_*).
SEATINGS = ("ns", "odd")


def seating_text(seating: str, sides: Sequence[str], locale: str) -> str:
    """Who sits where in each room of a drawn match, as the round's page says it under the
    match ("开室：T1 坐南北、T6 坐东西；闭室：T6 坐南北、T1 坐东西。"), the words the draw notice's
    columns give. Empty for a bye (one side) or where the game seats no rooms (seating "")."""
    if not seating or len(sides) != 2:
        return ""
    return catalogues.text(f"room_seats_{seating}", locale, a=sides[0], b=sides[1])


def other_room(room: str) -> str:
    """The room a match's other table plays in: closed for open, open for closed."""
    return "closed" if room == "open" else "open"


def room_name(room: str) -> dict[str, str]:
    """A room as a message names it on its own: "开室" / "open room"."""
    return catalogues.word(f"room_name_{room}")


def room_at(room: str | None) -> dict[str, str]:
    """A room after a board number in a message: "第 1 副开室…" / "board 1, open room: …";
    nothing when the message is about the whole board."""
    return catalogues.word(f"room_at_{room}") if room is not None else dict.fromkeys(LOCALES, "")


@dataclass(frozen=True)
class OneRoom:
    """A board of a team match written for one room only (a match in progress: the other
    room's sheet is not in yet): the room, and what it has, as the game reads a room."""

    board: int
    room: str
    record: Any
    # What is written already against the other room, counted with it when it comes (80分's
    # board penalty naming that room): shown where that room's result will be.
    held: tuple[Any, ...] = ()


@dataclass(frozen=True)
class WaitingBoard:
    """A board of a match waiting for a room: what each room has (None: not entered yet)."""

    board: int
    open: Any = None
    closed: Any = None
    adjusted: Any = None  # bridge: a board adjusted whole (A+/A-), no room's record
    held: tuple[Any, ...] = ()  # written against the room not entered yet (OneRoom.held)
    # written np, the match did not play it (大怪路子 keeps these apart from its boards: neither
    # room has a record); listed in its place as the finished match's page lists it
    not_played: bool = False


def waiting_boards(boards: Iterable[Any], one_room: Iterable[OneRoom],
                   not_played: Iterable[int] = ()) -> list[WaitingBoard]:
    """Every board written of a match waiting for a room, both rooms (`boards`, each with its
    `board`, `open` and `closed`) or one, and the boards written np (`not_played`, their
    numbers, where the game keeps them apart from its boards), in board order."""
    found = [WaitingBoard(b.board, b.open, b.closed) for b in boards]
    found += [WaitingBoard(w.board, **{w.room: w.record}, held=w.held) for w in one_room]
    found += [WaitingBoard(number, not_played=True) for number in not_played]
    return sorted(found, key=lambda b: b.board)


def board_ranges(numbers: Iterable[int]) -> list[str]:
    """Board numbers as runs: [1, 2, 3, 5, 6, 8] -> ["1–3", "5–6", "8"]; a message joins them
    with its locale's list separator (1–3、5–6、8)."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return [f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]


def report_pending(problems: Any, pending: Iterable[tuple[int, str, Any]], table: object, example: str) -> None:
    """One `room-pending` warning a table and room typed, not one a board: a round typed one
    room at a time would otherwise list every board of every table (8 tables x 8 boards = 64
    warnings). `pending` holds (board, room typed, board's mark); the warning stands at the
    first such board's mark. `example` is the game's way of writing a board's two rooms. Its
    `boards` are the runs its message shows; `board_numbers` the boards themselves, as data (the
    desk marks each one's box of the room still to enter: forms.fields_at), not read back out of
    the runs' text."""
    by_room: dict[str, list[tuple[int, Any]]] = {}
    for number, room, mark in pending:
        by_room.setdefault(room, []).append((number, mark))
    for room in ROOMS:
        if room not in by_room:
            continue
        boards = sorted(by_room[room], key=lambda item: item[0])
        problems.add("room-pending", boards[0][1], warning=True, table=table,
                     boards=board_ranges(number for number, _ in boards),
                     board_numbers=tuple(number for number, _ in boards), room=room_name(room),
                     other=room_name(other_room(room)), room_id=room, other_id=other_room(room), example=example)
