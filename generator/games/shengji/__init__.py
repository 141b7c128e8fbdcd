"""80分 (升级, game: shengji): defenders' points, the board table, team and pairs scoring.

The rules follow ../shared/spec/rules-shengji.md (seed 004, 合肥市第二届职工运动会《"80分"比赛细则》).

What a board records is the defenders' points (防守方实得分): the points they won in tricks,
plus the kitty when they win the last trick (kitty points x2, x4 when the last trick was led
with a pair; the stage key `kitty: {single: 2, pair: 4}`). Who declares a board, and at what
level, comes from the board table (牌套顺序号及打牌阶数): the seed's 16 boards by default, or the
stage's own `board_table`; boards past the table's end repeat it (board 17 is board 1's seat and
level).

Decisions, where the seed leaves room (each is tested in tests/test_shengji.py):

- Points are multiples of 5. A deck holds 200; the kitty (8 cards) at most 80 of them. With
  the kitty multiplied the defenders can pass 200: at most 200 + 80 x (largest multiplier - 1),
  440 with the seed's x4 (120 in tricks + 80 x 4). A plain value above that, below 0 or not a
  multiple of 5 is an error. The breakdown `{tricks, kitty, x}` is checked part by part: tricks
  0..200, kitty 0..80 (and tricks + kitty <= 200, both are cards of the same 200), x one of the
  stage's multipliers; with `points` written too, the parts must add up to it.
- Team event (开闭室): the home team sits NS in the open room, EW in the closed room. In each
  room the defenders are credited their points; when they scored 0 (光头) the declarers are
  credited 200 instead. Home's net on a board is its credits minus the away team's, both rooms;
  the conversion table turns |net| into match points for the side ahead (0 each at net 0). A
  match is won on match points, then on net; the standings rank by `match_points`, then `net`.
- Penalties of 第六条 (`penalty: {against: NS, points: 20}`): the points go to the other side
  (第六条.1 "每张牌罚10分"). In a team room they are credited to the non-offending team on top of
  the board's credits (光头 is decided on the points won in play); in the pairs event they move
  the board's score: against the declarers the defenders' score goes up, against the defenders
  it goes down (it may go below 0).
- Pairs event (双人赛, `format: pairs`, Mitchell): each board's score is the defenders' points
  after penalties (光头 = 0). Matchpoints as in bridge (generator/games/common/matchpoints.py):
  the defenders' direction compares its points with every other table's (more is better), the
  declarers' direction the other way. `{adjusted: NS}` (第五条 4.D, 藏牌错误 stops the board): the
  offending side gets 0 % of the top, the other 60 %; the board's real results are compared
  among themselves and factored up with Neuberg. A board not played at a table
  (`{not_played: true}`) leaves the board with fewer results: Neuberg again, and it counts in
  neither pair's total. The stage percentage is total MP / total top (boards played) x 100.
- A bye or a forfeit win in the team event credits the stage key `bye: {match_points, net}`;
  the seed says nothing, so the default is 3 match points a board (a clear win: what a 25-35
  margin earns) and net 0.

The package, by concern: rules.py (the rules as data and pure functions), records.py (reading a
results file's tables and stage keys, and the record grammar a secretary types), views.py (a
table scored into what its pages show, the pairs field matchpointed, travellers), sheets.py (the
printed score sheets, board table and hand cards) and words.py (its words, looked up in
locales/, the package's catalogues). This module is the game's surface: `ShengjiRules`, the
hooks of `Game`, each handing over to those modules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark, Problems
from generator.games import EntryField, Game, TableForm, TableScore
from generator.games.common.matchpoints import finish_percent, no_board_scored
from generator.games.common.rooms import ROOMS
from generator.games.shengji import records, sheets, views
from generator.games.shengji.rules import (
    MATCH_BOARDS,
    BoardTable,
    ByeCredit,
    PairsRecord,
    ShengjiStage,
    TeamRecord,
    default_bye,
    options,
    room_sides,
)
from generator.games.shengji.views import EventTables, Traveller
from generator.games.shengji.words import word


class ShengjiRules(Game):
    name = "shengji"
    position = 4
    id_prefix = "H"
    formats = ("swiss", "round_robin", "matches", "pairs")
    stage_keys = ("board_table", "conversion", "kitty", "bye")
    table_keys = ("home", "away", "ns", "ew", "boards")
    team_metrics = ("match_points", "net")
    pairs_metrics = ("percent", "mp")
    word_prefix = "sj"  # its words: sj_title, sj_choice, sj_example_*, sj_metric_*
    metric_names = ("match_points", "net", "percent", "mp", "top")
    default_boards = MATCH_BOARDS  # a team match's boards where its stage says none (its sheet's and form's)
    boards_numbered_on = True  # a stage's boards 1 to rounds x boards, round 2 on 9-16 (the table repeats every 16)
    # Metric words bridge shows too: the shared catalogue's metric_<word>, not sj_metric_<word>.
    shared_metric_words = ("percent", "mp", "top", "top_explain")
    per_board_metrics = ("percent",)  # a pair's percentage, over the boards it played

    def default_stage(self, pairs: bool = False) -> ShengjiStage:
        return ShengjiStage(pairs=pairs)

    @staticmethod
    def options(stage: Stage) -> ShengjiStage:
        return options(stage)

    def board_table(self, options: ShengjiStage) -> BoardTable:
        return options.board_table

    # -- records ----------------------------------------------------------------------------

    def players_at_play(self, stage: Stage) -> int | None:
        """A team of four, one pair in each room (seed 004 每隊出四人); a pair in a pairs event."""
        return 2 if stage.format == "pairs" else 4

    def read_stage_options(self, reader: Reader, stage_format: str) -> ShengjiStage:
        return records.read_stage_options(reader, stage_format)

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        return self.pairs_metrics if stage.format == "pairs" else self.team_metrics

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]:
        stage_options = options(stage)
        if stage_options.pairs:
            return records.read_pairs_table(reader, stage, stage_options, self.default_boards)
        return records.read_team_table(reader, stage, stage_options, self.default_boards)

    # -- the results desk -------------------------------------------------------------------

    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """One field a board (a room's, in the team event), a written breakdown shown as the
        site shows it (60+25×2), any other mapping as YAML's flow form: what is shown is saved
        again as it is (records.result_text)."""
        fields = super().entry_fields(stage, sides, table, boards, rooms)
        written = table.get("boards") if isinstance(table.get("boards"), dict) else {}
        teams = dict(zip(("home", "away"), sides))
        for item in fields:
            if item.board:
                value = written.get(item.board)
                if not item.room:
                    value = records.without_note(value)  # (a pairs board's note: its own box, below)
                elif records.room_with_note(value) == item.room:
                    # (a room's own note: in the board's note box, below, its result alone here)
                    value = {item.room: records.without_note(records.room_value(value, item.room))}
                item.value = records.result_text(records.room_value(value, item.room) if item.room else value)
            if item.board and item.room and len(teams) == 2:
                # the team defending the board in this room, whose points the box takes, as the
                # score sheet's 防守队 column says it (the seats turn each board: sheets.py)
                defending = options(stage).board_table.defending(item.board)
                item.hint, item.hint_params = "sj_desk_defending", {"team": teams[room_sides(item.room)[defending]]}
        if rooms:
            # A team board's own penalty and note, beside its rooms (records.BOARD_KEYS): the
            # referee's, written on the score sheet's 罚分/备注 line (sheets._remarks), so on the
            # secretary's form only (a table's save keeps the file's), read back as written.
            numbers = list(dict.fromkeys(item.board for item in fields if item.board))
            for number in numbers:
                board = written.get(number)
                board = board if isinstance(board, dict) else {}
                # A note the file has inside one room's value (`open: {points: 85, note: ...}`),
                # the board having none of its own: shown in the note box, which its name gives
                # back to that room (b3_open_note: entry_record). In the room's box it showed as
                # the results file's mapping, to be typed back so.
                noted = records.room_with_note(board)
                for part in ("penalty", "note"):
                    value = records.room_value(board, noted).get("note") if part == "note" and noted else board.get(part)
                    name = f"b{number}_{noted}_{part}" if part == "note" and noted else f"b{number}_{part}"
                    fields.append(EntryField(name, str(number), records.part_text(value),
                                             literal=True, board=number, part=part, secretary=True))
        elif stage.format == "pairs":
            # A pairs board's note (the referee's: 藏牌错误, 重新发牌), in a box of its own on the
            # secretary's form as a team board's is: in the board's box it showed the results
            # file's mapping, {points: 85, note: ...}, which the box then had to be typed back as.
            for number in list(dict.fromkeys(item.board for item in fields if item.board)):
                board = written.get(number)
                note = board.get("note") if isinstance(board, dict) else None
                fields.append(EntryField(f"b{number}_note", str(number), records.part_text(note),
                                         literal=True, board=number, part="note", secretary=True))
        return fields

    def entry_notes(self, score: TableScore, t: Any) -> list[str]:
        """A pairs table's boards, a line each, as its round page says them (the declarer's seat
        and level, the defenders and their points, adjusted, not played): its matchpoints wait
        for the field, and the desk's check said nothing of the boards typed."""
        lines = super().entry_notes(score, t)
        view = score.view
        if isinstance(view, views.PairsView):
            for row in view.rows:
                said = sheets.pairs_points_text(t, row)
                if row.result.points is not None:  # (the defenders' points: not a board adjusted or not played)
                    said = t("sj_desk_defended", defenders=t(row.defenders.lower()), points=said)
                lines.append(t("sj_desk_board", board=row.board, seat=t(f"seat_{row.seat}"), level=row.level,
                               result=said))
        return lines

    def entry_board(self, typed: str, sides: list[str]) -> Any:
        """A typed room read as the file is to hold it: 85, the breakdown 60+25×2 and a mapping
        typed {tricks: 60, kitty: 25, x: 2} as the mapping (records.typed_result)."""
        return records.typed_result(typed)

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        """`boards`, each typed room as entry_board reads it, then a team board's penalty and note."""
        record = super().entry_record(sides, values)
        # a team board's penalty and note, after its rooms as the file writes them; left empty,
        # the board has none (the desk's writer keeps only what the form does not show)
        for name, value in values.items():
            match = re.fullmatch(r"b([0-9]+)_(open|closed)_note", name)
            if match and value:
                # a room's own note (entry_fields' room_with_note), given back to its room when
                # the room has a result typed; without one, to the board, for the reader to say
                board = record.setdefault("boards", {}).setdefault(int(match.group(1)), {})
                if isinstance(board, dict) and board.get(match.group(2)) is not None:
                    board[match.group(2)] = records.room_with_typed_note(board[match.group(2)], value)
                    continue
                name = f"b{match.group(1)}_note"
            match = re.fullmatch(r"b([0-9]+)_(penalty|note)", name)
            if match and value:
                boards = record.setdefault("boards", {})
                board = boards.setdefault(int(match.group(1)), {})
                if not isinstance(board, dict):
                    # a pairs board's note beside its result typed alone (85, np, 光头): the
                    # mapping the file writes a note in
                    board = boards[int(match.group(1))] = records.with_note_room(board)
                board[match.group(2)] = records.typed_part(value, sides) if match.group(2) == "penalty" else value
        return record

    def directors_only(self, typed: str, whole: bool = False) -> str:
        """An adjusted score typed into a pairs board's box (0%/60%, 40%/60%, or the file's
        {adjusted: NS} in YAML's flow form): "shengji-adjusted". The referee awards it (the
        offender's 0 % and the other side's 60 % of \u7b2c\u4e94\u6761 4.D, the chief referee's own
        of \u7b2c\u4e03\u6761), not the players: a table's phone awarded itself 100%/0%. A penalty
        typed into a pairs board's box (`whole`: {points: 85, penalty: {against: NS, points:
        20}}): "shengji-penalty", the referee's too (\u7b2c\u516d\u6761, on a call to the referee),
        and the pairs score sheet has no line for one (its columns end at the defenders' points);
        a table's phone docked its opponents 20. A team room's box still takes one: the team
        form's own penalty box is the secretary's already, and the sheet has the \u7f5a\u5206 line."""
        if records.is_adjusted(typed):
            return "shengji-adjusted"
        return "shengji-penalty" if whole and records.has_penalty(typed) else ""

    def directors_board(self, board: Any) -> bool:
        """A pairs board the file has as {adjusted: NS} or with a penalty (its note beside it or
        not): the referee's, kept read only on the table's form, which then enters its other
        boards (the ruling on one board said the whole table was entered), and a save from it
        keeps the penalty as the secretary wrote it."""
        return records.is_adjusted(board) or records.has_penalty(board)

    # -- scoring ----------------------------------------------------------------------------

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        stage_options = options(stage)
        if stage_options.pairs:
            return views.score_pairs_table(table, stage, stage_options)
        return views.score_team_table(table, stage, stage_options, self.match_boards(stage, table),
                                      self.bye_and_forfeit(stage))

    def bye_and_forfeit(self, stage: Stage) -> ByeCredit:
        """What a bye and a forfeit win score in a team stage: its `bye` key, else default_bye
        over the boards a match of the stage plays, its `boards` or the game's default_boards
        (the count its score sheets list and the desk offers), not a constant of the rules
        module's of its own."""
        return options(stage).bye or default_bye(stage.boards or self.default_boards)

    def score_field(self, stage: Stage, rounds: Sequence[Any], problems: Problems | None = None,
                    unplayed: Mapping[int, int] | None = None, counted: int | None = None) -> None:
        """Matchpoint a pairs stage once every table is scored (views.score_field)."""
        views.score_field(stage, rounds, problems, unplayed, counted)

    def scores_alone(self, stage: Stage) -> bool:
        """A team match, yes (views.score_team_table reads the table and the stage's options
        only); a pairs table, no: score_field matchpoints it against the field."""
        return not options(stage).pairs

    def finish_metrics(self, metrics: dict[str, float]) -> None:
        """After the tally has summed a stage: the pairs percentage is total MP / total top
        (summing the tables' percentages would be wrong). Team metrics are sums already."""
        if "top" in metrics:
            finish_percent(metrics)

    def scored_nothing(self, metrics: dict[str, float]) -> bool:
        """A pair with no board scored (a top of 0): no percentage to rank it by."""
        return no_board_scored(metrics)

    # -- pages and printed matter -----------------------------------------------------------

    def travellers(self, stage: Stage, rounds: Sequence[Any]) -> list[Traveller]:
        return views.travellers(stage, rounds)

    def event_tables(self, result: Any) -> list[EventTables]:
        return views.event_tables(result)

    def bulletins(self, result: Any, t: Any, forms: bool | None = None) -> list[Any]:
        return sheets.bulletins(result, t, forms)

    # -- pair -------------------------------------------------------------------------------

    def written_boards(self, stage: Stage, table: Table) -> tuple[int, ...]:
        """A table's boards as written: a pairs table's (a Mitchell's, as the secretary numbered
        them), a team match's (match_boards_written)."""
        record = table.record
        if isinstance(record, PairsRecord):
            return tuple(sorted({number for number, _ in record.boards}))
        return tuple(sorted(self.match_boards_written(stage, table)))

    board_count_codes = ("shengji-boards-missing",)

    def board_count_warning(self, stage: Stage, table: Table, written: set[int], block: range | None) -> list[Any] | None:
        """A team match's (records.boards_missing_warning), at its `boards:`."""
        record = table.record
        if not isinstance(record, TeamRecord) or record.boards_mark is None:
            return None
        return records.boards_missing_warning(table.number, written, block, record.boards_mark)

    def match_boards_written(self, stage: Stage, table: Table) -> set[int]:
        """A team match's boards written, np and a board with one room in too (boards_short's
        count: the boards-missing warning says "add those boards' results", and the match waits
        for them). A pairs table's board left out is one it did not play, as bridge pairs read
        it: none."""
        record = table.record
        if not isinstance(record, TeamRecord):
            return set()
        return {board.board for board in record.boards} | {room.board for room in record.one_room}

    def waiting_for_boards(self, score: TableScore, t: Any) -> tuple[str, tuple[str, ...]] | None:
        """A team match with boards to come (TeamView.to_come): the round page's note; its match
        points held back (summed over the boards so far they would read as the match's), its
        net so far shown."""
        to_come = getattr(score.view, "to_come", None)
        if not to_come:
            return None
        return t("sj_boards_to_come", count=len(to_come), boards=t.joiner().join(map(str, to_come))), ("match_points",)

    def stage_notes(self, stage: Stage) -> list[dict[str, str]]:
        """A team stage: what a bye and a forfeit score (its `bye` key, else default_bye: 3 match
        points a board). The rules say nothing of it, and the default outscores most wins: the
        ranking's rules say it, as the round page says it under the bye."""
        stage_options = options(stage)
        if stage_options.pairs:
            return []
        credit = self.bye_and_forfeit(stage)
        return [word("sj_stage_note_bye", mp=credit.match_points, net=credit.net, lost=-credit.net)]

    def table_form(self, stage: Stage | None = None) -> TableForm:
        return PAIRS_FORM if stage is not None and stage.format == "pairs" else TABLE_FORM


# (its example's board the round's first, as the desk offers the round's boards: 17 in round 3
# after 9-16, where it said 1 in every round)
TABLE_FORM = TableForm(("home", "away"), ("boards:", "  {first}: {{open: 85, closed: 40}}"), rooms=ROOMS,
                       seating="ns")
PAIRS_FORM = TableForm(("ns", "ew"), ("boards: {{1: 85, 2: 0}}",))

RULES = ShengjiRules()
