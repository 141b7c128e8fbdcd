"""Board numbers through a stage: which boards a round plays when a stage numbers them on through
the rounds (bridge and 80分 alike; ../shared/spec/content-format.md, board numbering)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from generator import catalogues

# A stage that names no movement plays a Howell up to this many pairs, a Mitchell above: defined
# here, with choose_movement, where the games' board range needs them (games do not import the
# tournament layer); tournament/movements.py takes both.
HOWELL_MOST_PAIRS = 8


def choose_movement(pairs: int, written: str | None = None) -> str:
    """The stage's `movement` when written, else `howell` for at most HOWELL_MOST_PAIRS pairs
    (a Mitchell of 4 tables or fewer plays 3 or 5 rounds, and NS pairs never meet each other),
    `mitchell` for more (a Howell of 10 pairs already needs 9 rounds and 9 board sets)."""
    if written is not None:
        return written
    return "howell" if pairs <= HOWELL_MOST_PAIRS else "mitchell"


def match_board_count(stage: Any, written: Any, default: int, through: bool = False, round_number: int = 0,
                      earlier: Sequence[tuple[int, Collection[int]]] = ()) -> int:
    """How many boards a match of `stage` plays a round, its boards `written` so far: the
    stage's `boards`, else the game's `default` (what the match's score sheet lists and the
    desk's form offers, Game.round_boards) where the boards written are numbered as matches of
    `default` boards number them in round `round_number` (0: not known); 0 (not known, so never
    short) for a pairs stage, whose movement deals the boards, and for a match numbered
    otherwise: one whose boards show it is longer (1-12 in round 1, 13-24 in round 2), or whose
    file numbers its own (a session imported on 17-24 as round 1).

    Numbered as matches of `default` boards: every board written is one of 1..default (each
    match numbers its own), or, where the game numbers boards on through a stage's rounds
    (`through`: bridge and 80 points, content-format.md: "team Swiss events often number boards
    on through the rounds: round 2 plays 9-16"), every board is one of the round's block,
    (round - 1) x default + 1 to round x default: 33-40 in round 5 of 8. So a round-5 match
    holding 33-38 waits for 39 and 40, as a match of 1..8 holding 1..6 waits for 7 and 8,
    instead of being scored complete over the 6 written. The round's number, not the lowest
    board's block alone: a stage of 6-board matches numbered on plays 25-30 in round 5, one
    block of 8 (25-32) but not round 5's, and is not taken for 8-board matches there; 17-24
    written in round 1 is a file's own numbering, in round 3 the stage's. Da Guai Lu Zi numbers
    a match's boards 1..N (its board-number check's limit is the stage's `boards`, not rounds x
    boards): there 33-38 is numbered its own way, not known.

    `earlier`: the boards each of the stage's rounds before wrote (round number, boards), read
    as the desk's form reads them (default_block, one rule): a round 2 begun on 13 after a round
    1 on 1-12 plays 13-24, so a match holding 13-16 or 13-18 waits for the rest of its 12 and
    is scored over 12 (bridge's VP scale), where judged alone it waited for 9-12 or was taken
    for a whole match of 6. The count is the block's length, not the default."""
    if stage.boards:
        return int(stage.boards)
    if stage.format == "pairs" or not written:
        return 0
    block = match_block(written, default, through, round_number, earlier)
    return 0 if block is None else len(block)


def match_block(written: Collection[int], default: int, through: bool = False, round_number: int = 0,
                earlier: Sequence[tuple[int, Collection[int]]] = ()) -> range | None:
    """The boards a match of a stage saying no `boards` plays, its boards `written` so far, as
    match_board_count counts them (default_block with the rounds before, `earlier`): what the
    games' board-count warnings name as missing (19-24 of a round-2 match on 13-18 after a round
    1 on 1-12). None where not known."""
    return default_block(set(written), default, through, round_number, earlier)


def default_block(written: Collection[int], default: int, through: bool = False, round_number: int = 0,
                  earlier: Sequence[tuple[int, Collection[int]]] = (), repeats: bool = True) -> range | None:
    """The boards a match of a stage saying no `boards` plays, its boards `written` so far (the
    rule of match_board_count, which counts them; Game.round_boards offers them on the desk's
    form and the score sheet, so that a round-5 match holding 33-38 shows boxes for 39 and 40):
    1..default where every board written is one of those, else, where the game numbers boards on
    through the stage (`through`), round `round_number`'s block of `default` (33-40 in round 5
    of 8) where every board written is one of it; None otherwise, a match numbered its own way
    (longer, or a file's own numbering), whose boards are its file's. Before that block, given
    the rounds before (`earlier`, below), this round's block of the length its first board
    written shows with them where it is not the default (_length_on: begun on 13 after a round
    1 on 1-12): round 2 half entered on 13-16 is 13-24, as round 2 with none written is, where
    it was taken for round 2's block of 8 (9-16) and its form offered 9-12, boards its teams
    had played.

    With none written (a round drawn, nothing entered: only the sheets and the desk's form ask,
    match_board_count counting nothing), the stage's numbering as its rounds before show it
    (`earlier`: each earlier round's number and the boards written in it): the last that writes
    any judged by this same rule, and, found on its own round's block past 1..default (round 4
    on 25-32), this round's block (33-40): round 5 of a stage numbered on was offered 1-8, and a
    match saved on them was scored so. 1..default when none does, or the last is 1..default (a
    stage dealing 1-8 afresh every round), unless the stage never deals a board number again
    (`repeats` False: a bridge team plays no board twice in the stage, bridge-team-board-twice),
    whose round 2 after 1-8 plays 9-16. The last numbered its own way (found None: 1-12 in round
    1, matches longer than `default`), the stage numbers on in blocks of its matches' length
    where its rounds show one (_length_on: 13-24 after a round 1 on 1-12, 25-36 after a round 2
    begun on 13), bridge's and 80分's alike (80分 was offered 1-8 after 1-12); else, where board
    numbers repeat (`repeats`), a stage dealing its longer rounds afresh (1-12 in round 2 as in
    round 1: a round after the first begun on 1 again) 1 to the longest again; else none is
    known (the file's numbering): round 2 was offered 9-16 after 1-12, and boards 9-12 saved
    there were played twice."""
    numbers = set(written)
    block = range(1, default + 1)
    if not numbers and through and round_number > 1:
        rounds = [(number, set(boards)) for number, boards in earlier if number < round_number and boards]
        last = max(rounds, default=None, key=lambda item: item[0])
        found = default_block(last[1], default, through, last[0]) if last is not None else None
        length = _length_on(rounds) if last is not None else 0
        # (longer than the default: round 2 begun on 13-16 is no block of 8, though within 9-16)
        if length and (found is None or length > default) and not _on_default(rounds, default):
            return range((round_number - 1) * length + 1, round_number * length + 1)
        if last is not None and found is None:
            afresh = [max(boards) for _, boards in rounds if min(boards) == 1]
            return range(1, max(afresh) + 1) if repeats and last[0] > 1 and min(last[1]) == 1 else None
        if not repeats or (found is not None and found.start > 1):
            return range((round_number - 1) * default + 1, round_number * default + 1)
        return block
    if numbers <= set(block):
        return block
    # (this round's own first board with the rounds before: round 2 begun on 13 after a round 1
    # on 1-12 plays 12 a round, begun on 17 after 1-12 (a round 1 half entered) 16)
    rounds = [(number, set(boards)) for number, boards in earlier if number < round_number and boards]
    if (through and rounds and (length := _length_on([*rounds, (round_number, numbers)])) and length != default
            and not _on_default([*rounds, (round_number, numbers)], default)):
        return range((round_number - 1) * length + 1, round_number * length + 1)
    if through and round_number >= 1:
        block = range((round_number - 1) * default + 1, round_number * default + 1)
        if numbers <= set(block):
            return block
    return None


def _length_on(rounds: Sequence[tuple[int, set[int]]]) -> int:
    """The boards a match plays in a stage numbering them on through its rounds in blocks longer
    than the game's default, as its rounds written so far (`rounds`: number, boards) show it; 0
    where they show none. The last of them tells it by its first board, which a round half
    entered writes as well as a whole one (the desk saves a match whole; a file is typed from
    its first board): round 2 begun on 13 plays 12 a round (13 = 1 x 12 + 1), whatever of 13-24
    is in yet. Round 1's first board is 1 under any length: there the round's boards tell it
    once they are its whole block of their own length (1-12), as they are when any match of it
    is in whole. A length every round's boards fit within their round's block of, or none: a
    round numbered otherwise (1-10 and 12; 17-24 written as round 1, a session's own numbers)
    leaves the next round its file's boards. (Judged from the last round complete alone, round
    3 after a round 2 half entered on 13-18 was offered no block, or 1-8.)"""
    number, boards = max(rounds, key=lambda item: item[0])
    first = min(boards)
    if number > 1 and first > 1:
        length, rest = divmod(first - 1, number - 1)
    else:
        length, rest = (len(boards), 0) if boards == set(range(1, len(boards) + 1)) and number == 1 else (0, 1)
    if rest or not length:
        return 0
    fits = all(min(found) >= (n - 1) * length + 1 and max(found) <= n * length for n, found in rounds)
    # (a round before the last with a board missing inside its run, 1-10 and 12, is numbered its
    # own way, not a block half entered, which the desk and a file fill from its first board on:
    # round 2's 13-20, typed by its table when the desk asked the boards' numbers, is the match
    # whole, not 13-24 half entered)
    whole_runs = all(found == set(range(min(found), max(found) + 1)) for n, found in rounds if n != number)
    return length if fits and whole_runs else 0


def _on_default(rounds: Sequence[tuple[int, set[int]]], default: int) -> bool:
    """Whether every round's boards lie within its own block of the default (1-8, 9-16, ...): a
    stage so far numbered on in the default's blocks keeps to them, though a round's first board
    written would fit a longer block too (rev67: round 2 with 13-16 in before 9-12, after a
    round 1 whole on 1-8, was offered 13-24, and check warned of 9-12 missing)."""
    return all((n - 1) * default < min(boards) and max(boards) <= n * default for n, boards in rounds)


def board_block(written: set[int], per_round: int) -> range:
    """The boards a round plays when a stage numbers its boards on through the rounds (1 to
    rounds x boards): the block of `per_round` holding the lowest board written (9-16 for a round
    of 8 whose first board is 9), so a missing board is one of the round's, not of round 1's."""
    first = (min(written) - 1) // per_round * per_round + 1
    return range(first, first + per_round)


def board_range(stage: Any, rounds: Sequence[Sequence[Sequence[str]]]) -> tuple[int, int] | None:
    """The board sets a pairs stage deals and its last board number: `rounds` x `boards`
    (content-format.md: "a round may play any boards numbered 1 to rounds x boards"), or more
    when its movement deals more sets than it plays rounds: a Mitchell one set a table (7
    tables, 5 rounds: 7 sets), a Howell one fewer than its pairs rounded up to even, a barometer
    one a round. `rounds`: each round's tables, as their sides; tables and pairs are counted
    from them. A stage that names no movement has the one its field's size chooses
    (choose_movement: a Howell up to HOWELL_MOST_PAIRS pairs). None
    when the stage does not say its `boards`."""
    per_round = stage.boards
    if not per_round:
        return None
    played = max(stage.rounds or 1, 1)
    pairs: set[str] = set()
    tables = 0
    for sides_of in rounds:
        tables = max(tables, sum(1 for sides in sides_of if len(sides) == 2))
        for sides in sides_of:
            pairs.update(sides)
    mitchell = max(tables, (len(pairs) + 1) // 2)
    howell = len(pairs) + len(pairs) % 2 - 1
    movement = choose_movement(len(pairs), getattr(stage, "movement", None))
    sets = max(played, {"barometer": played, "mitchell": mitchell, "howell": howell}.get(movement, max(mitchell, howell)))
    return sets, sets * per_round


def drop_out_of_range(stage: Any, numbered: Sequence[tuple[int, Sequence[Any]]], view_type: type,
                      report: Callable[[Any, Any, int, int], None] | None) -> None:
    """A board numbered past what the stage deals (board_range) is a mistyped number, not a board
    played fewer times than the others: `report(score, row, sets, last)` says it (an error at
    its number, in the game's words), and its row is left out of the table's view (`view_type`:
    the game's pairs view), so out of the comparison and the pairs' totals (never scored by
    Neuberg as if it were real). `numbered`: the stage's rounds, (number, table scores)."""
    found = board_range(stage, [[s.table.sides for s in tables] for _, tables in numbered])
    if found is None:
        return
    sets, last = found
    for _, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, view_type) or not any(row.board > last for row in view.rows):
                continue
            if report is not None:
                for row in view.rows:
                    if row.board > last:
                        report(score, row, sets, last)
            view.rows = [row for row in view.rows if row.board <= last]


def short_boards(records: Mapping[int, Sequence[Any]],
                 unplayed: Mapping[int, int]) -> list[tuple[int, Sequence[Any], int]]:
    """The boards with fewer results than a board of the stage has (a mistyped board number, a
    table left out: the games' board-short warnings), in board order, with their results and
    the number of results the board itself is short of (what its warning names: where the sets
    are played unevenly, a board of a set played 6 times was said short of "up to 7"). The
    results a withdrawn pair's table does not play (`unplayed`: board -> how many such tables,
    tournament/pairing.unplayed_boards) are short by design and not counted against a board:
    a board is short when it has fewer than the most results a board has once each board's
    unplayed ones are added back, less its own unplayed ones. So a withdrawal warns of nothing,
    and a board also left out at another table still warns."""
    # Where the draw says how many tables play each board, that is what a board is short of: a
    # Mitchell with a sit-out and an even number of tables plays one board set once more than the
    # others, by design (comparing with the most a board has warned of every other set).
    seated = unplayed.seated() if isinstance(unplayed, ShortByDesign) else None
    if seated is not None:
        return [(board, found, seated.get(board, 0) - unplayed.get(board, 0)) for board, found in sorted(records.items())
                if len(found) + unplayed.get(board, 0) < seated.get(board, 0)]
    full = max((len(found) + unplayed.get(board, 0) for board, found in records.items()), default=0)
    return [(board, found, full - unplayed.get(board, 0)) for board, found in sorted(records.items())
            if len(found) < full - unplayed.get(board, 0)]


class ShortByDesign(dict):  # type: ignore[type-arg]
    """board -> the results it is short of by design (unplayed_boards, boards_to_come: short_boards'
    `unplayed`), and `seats()`: board -> the (round, table, mark) the stage's movement gives it
    in the rounds drawn, the mark the table's in its round's file (that file's when the table is
    not written). A board-short warning is placed at a seat that has no result for the board
    (missing_seat), the table left out, not at a table that has one, in another round's file.
    The seats are worked out the first time a board is short, never for a field with none.
    `seated()`: board -> how many tables the draw plays it at over the stage (its rounds drawn as
    written, the rest as the movement goes), None when a table is written otherwise or the
    movement is not known (short_boards then compares a board with the most a board has)."""

    def __init__(self, counts: Mapping[int, int], seats: Callable[[], Mapping[int, Sequence[tuple[int, int, Any]]]],
                 seated: Callable[[], Mapping[int, int] | None] = lambda: None) -> None:
        super().__init__(counts)
        self._seats = seats
        self._found: Mapping[int, Sequence[tuple[int, int, Any]]] | None = None
        self._seated = seated
        self._tables: tuple[Mapping[int, int] | None] | None = None

    def seated(self) -> Mapping[int, int] | None:
        if self._tables is None:
            self._tables = (self._seated(),)
        return self._tables[0]

    def seats(self) -> Mapping[int, Sequence[tuple[int, int, Any]]]:
        if self._found is None:
            self._found = self._seats()
        return self._found


def missing_seat(unplayed: Mapping[int, int] | None, board: int, found: set[tuple[int, int]]) -> Any:
    """The mark of missing_place's seat, None where it has none."""
    place = missing_place(unplayed, board, found)
    return place[2] if place is not None else None


def missing_place(unplayed: Mapping[int, int] | None, board: int,
                  found: set[tuple[int, int]]) -> tuple[int, int, Any] | None:
    """The first seat (round, table, mark) the movement gives `board` that has no result for it
    among `found` (the places its results are); None when the movement is not known or every
    seat has one (a board number mistyped elsewhere: its results' place is the one to check)."""
    if not isinstance(unplayed, ShortByDesign):
        return None
    for number, table, mark in unplayed.seats().get(board, ()):
        if (number, table) not in found:
            return number, table, mark
    return None


def round_tables(places: Sequence[tuple[int, int]]) -> dict[str, str]:
    """(round, table) places in each locale's words, "round 1 table 2, round 4 table 3": a
    board-short warning names where its results are, a table number alone being another table
    in every round of a movement."""
    return {locale: catalogues.joiner(locale).join(catalogues.text("round_table_at", locale, round=r, table=t)
                                                   for r, t in places) for locale in catalogues.LOCALES}


def compare_as_counted(numbered: Sequence[tuple[int, Sequence[Any]]], counted: int | None, view_type: type,
                       compare: Callable[[Sequence[tuple[int, Sequence[Any]]]], None]) -> None:
    """A pairs field's boards compared (`compare`, in place) across every table entered, then,
    while a round after `counted` (the rounds the standings count, "after round N") is partly
    entered, the counted rounds' tables again among their own results alone: a board travels
    through several rounds, and a later result would move the top, the datum or the factor of
    a board already counted (bridge and 80分 pairs alike). Each counted table keeps its rows as
    every result scored them (`live_rows`), for a board's traveller, which lists them all."""
    def played(tables: Sequence[Any]) -> list[Any]:
        return [score.view for score in tables if isinstance(score.view, view_type) and score.view.kind == "played"]

    compare(numbered)
    if counted is None or not any(number > counted and played(tables) for number, tables in numbered):
        return
    kept = [(number, tables) for number, tables in numbered if number <= counted]
    for _, tables in kept:
        for view in played(tables):
            view.live_rows = [replace(row) for row in view.rows]
    compare(kept)
