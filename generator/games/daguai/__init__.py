"""Da Guai Lu Zi (大怪路子): duplicate team matches in an open and a closed room.

The rules follow ../shared/spec/rules-daguai.md (seed 003, 上海化学工业区运动会大怪路子比赛).

One board in one room is written as the team that ran first (跑头家) and the points it scored:
`D01 8`. Only that team scores; the other team gets nothing on that board in that room. So every
board-room credits exactly one team, and the points must be one of the stage's `board_points`
(default 8/5/3/1/0). A match's score is the sum over both rooms and all boards, minus the
violation deductions; the higher score wins 2 match points, a draw 1 each.

Reading a record, and what counts as an error:

- `D01 8`: the team id, a space, the points (a whole number);
- the team must be one of the two at the table, and the points one of `board_points`
  (a team named with points it cannot have scored is an error, shown with the allowed values);
- every board needs both rooms (`{open: D01 8, closed: D02 1}`; also `开室`/`闭室` keys, or the
  list `[D01 8, D02 1]`); a board number beyond the stage's `boards` is an error; a board the
  match did not play is `2: np` (or 未打, or np in both rooms): it counts for neither team (no
  points, no heads; the match's figures are those of the boards played); np in one room only is
  an error; a board simply left out is a warning, and the match waits for it (shown with its
  figures so far, not counted, boards_short) until it is written or written np;
- an error is marked at the board's value (`1: {…}`), or at the room's own line when the board is
  written in block style;
- a forfeit or a bye has no boards and no violations (an error if written); two teams and no
  boards is a match drawn but not played yet: shown, not counted (no side scored).

A forfeit (`forfeit: D04`) is a loss for D04, not a disqualification; the other team gets the
stage's `bye` credit (default 2 match points, net 0, scored 0, heads 0), and D04 the mirror of
it: 0 match points, net minus the credit's net, nothing else. A bye gets the same credit.

Violations (犯规) are counted per team over the whole event, in play order: the 1st is a warning,
the 2nd deducts 1 point, the 3rd and every later one 3 points, from the team's score in the match
where it happened (`deduction(n)`).

The package, by concern: rules.py (the rules as data and pure functions), records.py (reading a
results file's tables and stage keys, and the record grammar a secretary types), views.py (a
match scored into what its page shows), sheets.py (the printed score sheets) and words.py (its
words, looked up in locales/, the package's catalogues). This module is the game's surface:
`DaguaiRules`, the hooks of `Game`, each handing over to those modules.
"""

from __future__ import annotations

from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark
from generator.games import EntryField, Game, TableForm, TableScore, field_text, scalar
from generator.games.common.rooms import ROOMS, room_value
from generator.games.common.shorthand import not_played_written, split_items
from generator.games.daguai import records, sheets, views
from generator.games.daguai.records import TABLE_KEYS
from generator.games.daguai.rules import MATCH_BOARDS, DaguaiStage, MatchRecord


class DaguaiRules(Game):
    name = "daguai"
    position = 3
    id_prefix = "D"
    formats = ("swiss", "round_robin", "matches")
    stage_keys = ("board_points", "bye")
    table_keys = TABLE_KEYS
    keeps_running_counts = True  # violations counted over the event (rules-daguai.md)
    # A bye's forfeit is said in the bye's own error with its boards and violations
    # (records._bye_with_play), not again by the loader (bye-with-forfeit)
    bye_error = "daguai-bye-with-play"
    word_prefix = "dg"  # its words: dg_title, dg_choice, dg_example_*, dg_metric_*
    metric_names = ("match_points", "net", "scored", "heads")
    default_boards = MATCH_BOARDS  # the seed's match (rules-daguai.md), its sheet's and its form's
    shared_metric_words = ("net", "match_points")  # labels bridge shows too: the shared metric_<word>

    # -- records ----------------------------------------------------------------------------

    def players_at_play(self, stage: Stage) -> int | None:
        """Two teams of three, seated alternately (rules-daguai.md; seed 003 双方各三人)."""
        return 3

    def players_in_both_rooms(self, stage: Stage) -> int | None:
        """A team that seats one trio in the open room and another in the closed room, at once
        (rules-daguai.md 开闭室), lists six; the seed's entry form lists three."""
        return 6

    def read_stage_options(self, reader: Reader, stage_format: str) -> DaguaiStage:
        return records.read_stage_options(reader, stage_format)

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        return tuple(self.metrics)

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], MatchRecord]:
        return records.read_table(reader, stage, self.default_boards)

    # -- scoring ----------------------------------------------------------------------------

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        return views.score_table(table, stage, state, self.match_boards(stage, table))

    def match_boards_written(self, stage: Stage, table: Table) -> set[int]:
        """The match's boards written, np or one room in (MatchRecord.boards_written): its own
        numbers 1..N, which boards_short counts. written_boards stays the base's none, so that
        round_boards offers every match 1..default_boards."""
        record = table.record
        return record.boards_written() if isinstance(record, MatchRecord) else set()

    # -- printed matter, pair and the results desk ------------------------------------------

    def waiting_for_boards(self, score: TableScore, t: Any) -> tuple[str, tuple[str, ...]] | None:
        """A match with boards to come (MatchView.to_come): the round page's note; its match
        points (2, 1, 0 for the match) held back, its points, net and heads so far shown."""
        to_come = getattr(score.view, "to_come", None)
        if not to_come:
            return None
        return t("dg_boards_to_come", count=len(to_come), boards=t.joiner().join(map(str, to_come))), ("match_points",)

    def bulletins(self, result: Any, t: Any, forms: bool | None = None) -> list[Any]:
        return sheets.bulletins(result, t, forms)

    def table_form(self, stage: Stage | None = None) -> TableForm:
        return TABLE_FORM

    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """Both rooms of each board, and the violations."""
        written = table.get("violations")
        shown = ", ".join(map(records.violation_text, written if isinstance(written, list) else [written])) if written else ""
        fields = super().entry_fields(stage, sides, table, boards, rooms)
        # how a box is written (its boxes were empty, with no example): the team that ran first
        # and its points, in the table's own ids and the stage's own points
        allowed = records.options(stage).board_points.allowed
        example = {"a": sides[0] if sides else "D01", "b": sides[-1] if sides else "D02", "high": str(allowed[0]),
                   "low": str(allowed[len(allowed) // 2]), "allowed": ", ".join(map(str, allowed))}
        boards_written = table.get("boards") if isinstance(table.get("boards"), dict) else {}
        for item in fields:
            if item.board:
                item.hint, item.hint_params = "dg_desk_board_hint", example
            # each room as written, whichever of the board's forms: the boxes once read
            # `open`/`closed` only, and a board written with the Chinese room keys was shown empty
            if item.board and item.room:
                board = boards_written.get(item.board)
                # a board the match did not play (`2: np`): np in the open room's box, as typed
                # (entry_record), the closed room's empty
                item.value = ("np" if item.room == ROOMS[0] else "") if not_played_written(board) \
                    else field_text(room_value(board, item.room))
        return [*fields, EntryField("violations", "desk_violations", shown, hint="desk_violations_hint")]

    def entry_board(self, typed: str, sides: list[str]) -> Any:
        return records.typed_room(scalar(typed), sides)

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        """`boards` as typed; np typed in a board's open room box with the closed one empty, or
        in both, is the board not played (`2: np`), as bridge's and 80 points' teams desks take it."""
        record = super().entry_record(sides, values)
        for number, board in (record.get("boards") or {}).items():
            if isinstance(board, dict) and all(not_played_written(value) for value in board.values()):
                record["boards"][number] = "np"
        if values.get("violations"):
            items = split_items(values["violations"]) or [values["violations"]]
            record["violations"] = [v for item in items for v in records.violation_items(item, sides)]
        return record


TABLE_FORM = TableForm(("home", "away"), ("boards:", "  1: {{open: {a} 8, closed: {b} 1}}"), rooms=ROOMS,
                       seating="odd")

RULES = DaguaiRules()
