"""What 80分's pages show: a table scored into its view (a team match board by board, a pairs
table with its matchpoints), the pairs field matchpointed, a board's traveller, the event
page's board and conversion tables, and the rows results.json keeps.

Templates: templates/games/shengji_table.html, shengji_traveller.html, shengji_event.html.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.content.model import Stage, Table
from generator.errors import Mark, Problems
from generator.games import RowsWhenRead, SideScore, TableScore
from generator.games.common.boards import (
    board_block,
    compare_as_counted,
    drop_out_of_range,
    missing_seat,
    round_tables,
    short_boards,
)
from generator.games.common.figures import Figures
from generator.games.common.matchpoints import Adjusted, board_matchpoints, percentage, scored_against
from generator.games.common.rooms import ROOMS, WaitingBoard, waiting_boards
from generator.games.shengji.rules import (
    DEFAULT_BOARD_TABLE,
    DEFAULT_CONVERSION,
    BoardTable,
    ByeCredit,
    Conversion,
    KittyRule,
    PairsRecord,
    RoomResult,
    ShengjiStage,
    TeamBoard,
    TeamRecord,
    direction,
    options,
    other,
    pairs_score,
    room_sides,
    team_credits,
)

@dataclass(frozen=True)
class RoomView:
    """One board in one room of a team match."""

    declarers: str  # the declaring team's id
    defenders: str
    result: RoomResult
    home: int  # credits
    away: int


@dataclass(frozen=True)
class TeamRow:
    board: int
    seat: str
    level: str
    open: RoomView
    closed: RoomView
    net: int  # home's
    home_mp: float
    away_mp: float

    @property
    def home(self) -> int:
        return self.open.home + self.closed.home

    @property
    def away(self) -> int:
        return self.open.away + self.closed.away


@dataclass
class TeamView(Figures):
    """One team match as its template shows it. `kind`: played, forfeit, bye, unplayed or
    one_room (a board has one room entered, the match waits for the other). Its rows are made
    with it."""

    kind: str
    home: str
    away: str | None
    rows: list[TeamRow] = field(default_factory=list)
    match_points: dict[str, float] = field(default_factory=dict)
    net: dict[str, float] = field(default_factory=dict)
    credit: ByeCredit | None = None
    forfeit: str | None = None
    conversion: Conversion = DEFAULT_CONVERSION
    waiting: list[WaitingBoard] = field(default_factory=list)  # kind one_room: the boards written
    # Boards of the round not yet written (a match shorter than the stage's `boards`): the match
    # waits for them (Game.boards_short), its figures so far shown and no winner.
    to_come: list[int] = field(default_factory=list)
    pairs = False
    cached = ("_credits",)

    @cached_property
    def _credits(self) -> dict[tuple[str, int], int]:
        """Each room's credits of each side (0 home, 1 away)."""
        return {(room, side): sum(getattr(getattr(r, room), "home" if side == 0 else "away") for r in self.rows)
                for room in ROOMS for side in (0, 1)}

    def credits(self, room: str, side: int) -> int:
        return self._credits[room, side]

    def total(self, side: int) -> int:
        return sum(self._credits[room, side] for room in ROOMS)

    def running(self, side: int) -> list[float]:
        """The team's match points summed board by board (side 0 home, 1 away)."""
        totals, total = [], 0.0
        for row in self.rows:
            total += row.home_mp if side == 0 else row.away_mp
            totals.append(total)
        return totals


class Declared:
    """A pairs board's declaring and defending directions, from the declarer's seat (`seat`)."""

    seat: str

    @property
    def declaring(self) -> str:
        return direction(self.seat)

    @property
    def defenders(self) -> str:
        return other(self.declaring)


@dataclass
class PairsRow(Declared):
    """One board at one pairs table; matchpoints arrive when the whole field is scored."""

    board: int
    seat: str
    level: str
    result: RoomResult
    ns_mp: float | None = None
    ew_mp: float | None = None
    top: int = 0
    played: int = 0  # results on this board in the stage
    expected: int = 0  # results the board should have had

    @property
    def score(self) -> int | None:
        """The defenders' score after penalties; None when adjusted or not played."""
        if self.result.points is None:
            return None
        return pairs_score(self.declaring, self.result)

    def score_for(self, side: str) -> int | None:
        """The board's score from one direction: the defenders' score, negated for the declarers."""
        score = self.score
        if score is None:
            return None
        return score if side == self.defenders else -score

    @property
    def counted(self) -> bool:
        return not self.result.not_played

    @property
    def factored(self) -> bool:
        """Neuberg was applied: the board has fewer real results than expected."""
        return self.counted and self.result.adjusted is None and self.played < self.expected

    @property
    def ns_percent(self) -> float | None:
        return percentage(self.ns_mp, self.top) if self.ns_mp is not None else None

    @property
    def ew_percent(self) -> float | None:
        return percentage(self.ew_mp, self.top) if self.ew_mp is not None else None


@dataclass
class PairsView(Figures):
    """One pairs table (one round): NS and EW pairs, their boards and matchpoints. Its rows are
    made with the table; their matchpoints arrive with score_field, which then marks the view
    `scored`: the sums are kept from then on only."""

    kind: str  # played, bye, unplayed
    ns: str | None
    ew: str | None
    stage: str
    rows: list[PairsRow] = field(default_factory=list)
    forfeit: str | None = None
    scored: bool = False  # the field has been matchpointed (score_field ran)
    # A counted round's boards as every result entered scores them, while a later round is partly
    # entered (score_field's `counted`): its rows are then scored as of the standings, and a
    # board's traveller, which lists the later round's results too, compares them all alike.
    live_rows: list[PairsRow] | None = None
    pairs = True
    cached = ("_scored_sums",)

    def _sum(self, name: str) -> float:
        if self.scored:
            return self._scored_sums[name]
        return self._summed(name)

    @cached_property
    def _scored_sums(self) -> dict[str, float]:
        return {name: self._summed(name) for name in ("ns_mp", "ew_mp", "top")}

    def _summed(self, name: str) -> float:
        total = round(sum(getattr(r, name) or 0 for r in self.rows if r.counted), 9)
        return int(total) if float(total).is_integer() else total

    @property
    def ns_mp(self) -> float:
        return self._sum("ns_mp")

    @property
    def ew_mp(self) -> float:
        return self._sum("ew_mp")

    @property
    def top(self) -> int:
        return int(self._sum("top"))

    @property
    def ns_percent(self) -> float | None:
        return percentage(self.ns_mp, self.top)

    @property
    def ew_percent(self) -> float | None:
        return percentage(self.ew_mp, self.top)

    def running(self, side: int) -> list[float]:
        """The pair's matchpoints summed board by board (side 0 NS, 1 EW)."""
        totals, total = [], 0.0
        for row in self.rows:
            total += (row.ns_mp if side == 0 else row.ew_mp) or 0
            totals.append(round(total, 2))
        return totals


@dataclass(frozen=True)
class TravellerLine:
    round: int
    table: int
    ns: str
    ew: str
    row: PairsRow


@dataclass(frozen=True)
class FrequencyLine:
    score: int  # the defenders' score
    count: int
    ns_mp: float
    ew_mp: float


@dataclass
class Traveller(Declared):
    """One board of a pairs stage: every table's result, and the frequency of each score."""

    stage: str
    board: int
    seat: str
    level: str
    lines: list[TravellerLine]
    frequency: list[FrequencyLine]
    top: int
    played: int  # real results (neither adjusted nor not played)
    expected: int

    @property
    def factored(self) -> bool:
        return self.played < self.expected

    @property
    def adjusted(self) -> int:
        return sum(1 for line in self.lines if line.row.result.adjusted)


@dataclass(frozen=True)
class EventTables:
    """The stages sharing one board table (and, for team stages, one conversion table)."""

    stages: tuple[str, ...]
    board_table: BoardTable
    conversion: Conversion | None
    kitty: KittyRule
    boards: int  # the highest board number the stages play (past the table: it repeats)


@dataclass
class TeamMatch(TeamView):
    """A played team match: TeamView with the winner decided."""

    @property
    def winner(self) -> str | None:
        assert self.away is not None
        home, away = self.home, self.away
        key = {e: (self.match_points[e], self.net[e]) for e in (home, away)}
        return home if key[home] > key[away] else away if key[away] > key[home] else None


def score_team_match(home: str, away: str, boards: Iterable[TeamBoard], board_table: BoardTable = DEFAULT_BOARD_TABLE,
                     conversion: Conversion = DEFAULT_CONVERSION) -> TeamMatch:
    """Every board: credits in both rooms, home's net, converted to match points; summed."""
    rows = []
    for board in boards:
        seat, level = board_table.row(board.board)
        declaring = direction(seat)
        views = {}
        for room in ROOMS:
            result = board.room(room)
            seats = room_sides(room)
            teams = {"home": home, "away": away}
            h, a = team_credits(room, declaring, result)
            views[room] = RoomView(teams[seats[declaring]], teams[seats[other(declaring)]], result, h, a)
        net = views["open"].home + views["closed"].home - views["open"].away - views["closed"].away
        # a board not played: no match points, whatever a stage's conversion gives a level board
        home_mp, away_mp = (0, 0) if board.not_played else conversion.split(net)
        rows.append(TeamRow(board.board, seat, level, views["open"], views["closed"], net, home_mp, away_mp))
    home_total = sum(r.home_mp for r in rows)
    away_total = sum(r.away_mp for r in rows)
    net_total = sum(r.net for r in rows)
    return TeamMatch("played", home, away, rows, {home: home_total, away: away_total},
                     {home: net_total, away: -net_total}, conversion=conversion)


def _room_json(view: RoomView, home: str, away: str) -> dict[str, Any]:
    result = view.result
    data: dict[str, Any] = {"declarers": view.declarers, "defenders": view.defenders, "points": result.points}
    if result.not_played:
        data["not_played"] = True
    if result.tricks is not None:
        data |= {"tricks": result.tricks, "kitty": result.kitty or 0, "x": result.x}
    if result.penalties:
        data["penalties"] = [{"against": p.against, "points": p.points, "note": p.note} for p in result.penalties]
    if result.note:
        data["note"] = result.note
    data["credits"] = {home: view.home, away: view.away}
    return data


def _team_rows(rows: list[TeamRow], home: str, away: str) -> list[dict[str, Any]]:
    return [_team_json(row, home, away) for row in rows]


def _team_json(row: TeamRow, home: str, away: str) -> dict[str, Any]:
    return {
        "board": row.board, "declarer": row.seat, "level": row.level,
        "open": _room_json(row.open, home, away), "closed": _room_json(row.closed, home, away),
        "home": row.home, "away": row.away, "net": row.net, "home_mp": row.home_mp, "away_mp": row.away_mp,
    }


def _pairs_rows(rows: list[PairsRow]) -> list[dict[str, Any]]:
    return [_pairs_json(row) for row in rows]


def _pairs_json(row: PairsRow) -> dict[str, Any]:
    result = row.result
    data: dict[str, Any] = {"board": row.board, "declarer": row.seat, "level": row.level, "defenders": row.defenders}
    if result.not_played:
        return data | {"not_played": True}
    if result.adjusted is not None:
        data["adjusted"] = {"NS": result.adjusted[0], "EW": result.adjusted[1]}
    else:
        data["points"] = result.points
        if result.tricks is not None:
            data |= {"tricks": result.tricks, "kitty": result.kitty or 0, "x": result.x}
        if result.penalties:
            data["penalties"] = [{"against": p.against, "points": p.points, "note": p.note} for p in result.penalties]
        data["score"] = row.score
    data |= {"ns_mp": row.ns_mp, "ew_mp": row.ew_mp, "top": row.top,
             "ns_percent": _rounded(row.ns_percent), "ew_percent": _rounded(row.ew_percent)}
    if result.note:
        data["note"] = result.note
    return data


def _refresh_pairs(score: TableScore) -> None:
    """Copy a pairs table's matchpoints into its sides' metrics, results.json rows and winner."""
    view: PairsView = score.view
    totals = {view.ns: view.ns_mp, view.ew: view.ew_mp}
    for side in score.sides:
        mp = totals.get(side.entry, 0)
        side.metrics = {"mp": mp, "top": view.top, "percent": percentage(mp, view.top) or 0}
    score.boards = RowsWhenRead(_pairs_rows, view.rows)  # made when results.json reads them
    score.extra.update({
        "ns": view.ns, "ew": view.ew,
        "mp": {view.ns: view.ns_mp, view.ew: view.ew_mp}, "top": view.top,
        "percent": {view.ns: _rounded(view.ns_percent), view.ew: _rounded(view.ew_percent)},
    })
    if view.scored and view.ns and view.ew:
        score.winner = view.ns if view.ns_mp > view.ew_mp else view.ew if view.ew_mp > view.ns_mp else None


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _result_for(row: PairsRow, side: str) -> float | Adjusted:
    if row.result.adjusted is not None:
        return Adjusted(row.result.adjusted[0 if side == "NS" else 1])
    score = row.score_for(side)
    assert score is not None
    return score


def _frequency(real: list[PairsRow]) -> list[FrequencyLine]:
    """Each defenders' score of a board (best for the defenders first), how many tables had
    it and the matchpoints it earned each way (Neuberg-factored like the rows themselves)."""
    by_score: dict[int, list[PairsRow]] = {}
    for row in real:
        if row.score is not None:
            by_score.setdefault(row.score, []).append(row)
    return [FrequencyLine(score, len(rows), rows[0].ns_mp or 0, rows[0].ew_mp or 0)
            for score, rows in sorted(by_score.items(), reverse=True)]


def _numbered(rounds: Sequence[Any]) -> list[tuple[int, list[TableScore]]]:
    """(round number, tables) from a list of table lists (numbered 1, 2, …) or of RoundResults."""
    found = []
    for index, item in enumerate(rounds, start=1):
        if hasattr(item, "tables"):
            found.append((getattr(item, "number", index), list(item.tables)))
        else:
            found.append((index, list(item)))
    return found


def _check_field(numbered: list[tuple[int, list[TableScore]]], problems: Problems,
                 unplayed: Mapping[int, int]) -> None:
    """A pair playing a board twice (error), two pairs meeting twice, a board with fewer
    records than the others (warnings: a mistyped board number, a table left out; not the
    records a withdrawn pair's table does not play, `unplayed`: boards.short_boards)."""
    records: dict[int, list[tuple[PairsRow, TableScore]]] = {}
    round_of: dict[int, int] = {}  # id of a table's score -> its round (the warning names both)
    for number, tables in numbered:
        for score in tables:
            if isinstance(score.view, PairsView) and score.view.kind == "played":
                round_of[id(score)] = number
                for row in score.view.rows:
                    records.setdefault(row.board, []).append((row, score))
    for board, found, expected in short_boards(records, unplayed):
        row, score = found[0]
        places = [(round_of[id(s)], s.table.number) for _, s in found]
        # at the table the movement gives the board that has no result for it, when known
        mark = missing_seat(unplayed, board, set(places)) or row.result.mark or _mark_of(score)
        problems.add("shengji-board-short", mark, warning=True,
                     board=board, count=len(found), expected=expected, tables=round_tables(places))
    boards_of: dict[str, dict[int, tuple[int, int]]] = {}
    met: dict[frozenset[str], tuple[int, int]] = {}
    for number, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played" or not view.ns or not view.ew:
                continue
            pair = frozenset((view.ns, view.ew))
            if pair in met:
                problems.add("pairs-meet-twice", _mark_of(score), warning=True, a=view.ns, b=view.ew, round=met[pair][0], table=met[pair][1],
                             this_round=number, this_table=score.table.number)
            else:
                met[pair] = (number, score.table.number)
            for entry in (view.ns, view.ew):
                seen = boards_of.setdefault(entry, {})
                for row in view.rows:
                    if row.board in seen:
                        first_round, first_table = seen[row.board]
                        problems.add("shengji-board-twice", row.result.mark or _mark_of(score),
                                     pair=entry, board=row.board, round=number, table=score.table.number,
                                     first_round=first_round, first_table=first_table)
                    else:
                        seen[row.board] = (number, score.table.number)


def _mark_of(score: TableScore) -> Mark:
    return score.table.mark or Mark(Path("results"))


# --- scoring a table -----------------------------------------------------------------------------


def score_team_table(table: Table, stage: Stage, options: ShengjiStage, boards: int, credit: ByeCredit) -> TableScore:
    """A team match (or a bye, a forfeit, a match drawn and not played yet), scored. `boards`:
    the boards the match plays (Game.match_boards: the stage's, else the game's default; 0 when
    not known), those it has not written being still to come. `credit`: what a bye and a
    forfeit win score (ShengjiRules.bye_and_forfeit)."""
    record: TeamRecord = table.record if isinstance(table.record, TeamRecord) else TeamRecord()
    if len(table.sides) == 1:
        entry = table.sides[0]
        view = TeamView("bye", entry, None, credit=credit, conversion=options.conversion)
        sides = [SideScore(entry, {"match_points": credit.match_points, "net": credit.net})]
        return TableScore(table, sides, entry, [], view,
                          {"home": entry, "away": None, "match_points": {entry: credit.match_points}})
    home, away = table.sides
    if table.forfeit is not None:
        winner = away if table.forfeit == home else home
        view = TeamView("forfeit", home, away, forfeit=table.forfeit, credit=credit, conversion=options.conversion)
        metrics = {winner: {"match_points": credit.match_points, "net": credit.net},
                   table.forfeit: {"match_points": 0, "net": -credit.net}}
        sides = [SideScore(e, metrics[e]) for e in (home, away)]
        view.match_points = {e: metrics[e]["match_points"] for e in (home, away)}
        view.net = {e: metrics[e]["net"] for e in (home, away)}
        return TableScore(table, sides, winner, [], view,
                          {"home": home, "away": away, "match_points": dict(view.match_points),
                           "net": dict(view.net)})
    if record.one_room:
        # Some board has one room only, the other room's sheets not entered yet: the match
        # waits (pending, not counted), its page shows what each room has.
        view = TeamView("one_room", home, away, conversion=options.conversion,
                        waiting=waiting_boards(record.boards, record.one_room))
        return TableScore(table, [], None, [], view, {"home": home, "away": away, "match_points": {}})
    if not record.played or not record.boards:
        return TableScore(table, [], None, [], TeamView("unplayed", home, away, conversion=options.conversion),
                          {"home": home, "away": away, "match_points": {}})
    match = score_team_match(home, away, record.boards, options.board_table, options.conversion)
    sides = [SideScore(e, {"match_points": match.match_points[e], "net": match.net[e]}) for e in (home, away)]
    numbers = {board.board for board in record.boards}
    if boards and len(numbers) < boards:  # (Game.boards_short's count)
        # Boards still to come (Game.boards_short: pending, held out of the standings,
        # as bridge's teams matches): the match points so far are no result, nor their leader a
        # winner. Shown with the boards to come.
        match.to_come = sorted(set(board_block(numbers, boards)) - numbers)
        extra = {"home": home, "away": away, "match_points": {}, "net": dict(match.net),
                 "credits": {home: match.total(0), away: match.total(1)}, "boards_to_come": match.to_come}
        return TableScore(table, sides, None, RowsWhenRead(_team_rows, match.rows, home, away), match, extra)
    extra = {"home": home, "away": away, "match_points": dict(match.match_points), "net": dict(match.net),
             "credits": {home: match.total(0), away: match.total(1)}}
    return TableScore(table, sides, match.winner, RowsWhenRead(_team_rows, match.rows, home, away), match, extra)


def score_pairs_table(table: Table, stage: Stage, options: ShengjiStage) -> TableScore:
    """A pairs table, before the field is matchpointed (score_field)."""
    record: PairsRecord = table.record if isinstance(table.record, PairsRecord) else PairsRecord()
    rows = [PairsRow(number, *options.board_table.row(number), result) for number, result in record.boards]
    ns, ew = record.ns, record.ew
    if len(table.sides) < 2:
        view = PairsView("bye", ns, ew, stage.id)
        sides = [SideScore(e, {"mp": 0, "top": 0, "percent": 0}) for e in table.sides]
        return TableScore(table, sides, None, [], view, {"ns": ns, "ew": ew})
    if not rows and table.forfeit is None:
        return TableScore(table, [], None, [], PairsView("unplayed", ns, ew, stage.id), {"ns": ns, "ew": ew})
    view = PairsView("played", ns, ew, stage.id, rows, forfeit=table.forfeit)
    sides = [SideScore(e, {"mp": 0, "top": 0, "percent": 0}, disqualified=table.forfeit == e)
             for e in table.sides]
    # Matchpoints need the whole field: the tournament layer calls score_field once every
    # table of the stage is in (scoring the field again with each table was quadratic).
    return TableScore(table, sides, None, [], view, {"ns": ns, "ew": ew})


def _drop_out_of_range(stage: Stage, numbered: list[tuple[int, list[TableScore]]], problems: Problems | None) -> None:
    """A board numbered past what the stage's movement deals: an error at it (drop_out_of_range)."""
    def report(score: TableScore, row: Any, sets: int, last: int) -> None:
        problems.add("board-number-range", row.result.mark or _mark_of(score), board=row.board, boards=last)

    drop_out_of_range(stage, numbered, PairsView, report if problems is not None else None)


def score_field(stage: Stage, rounds: Sequence[Any], problems: Problems | None = None,
                unplayed: Mapping[int, int] | None = None, counted: int | None = None) -> None:
    """Matchpoint a pairs stage once every table is scored: each board's results across the
    field, both directions; then each table's sides get `mp`, `top` and `percent`, its view
    and results.json rows the per-board matchpoints, and its winner (more MP at the table).
    `rounds`: each round's TableScores (a list, or an object with .tables). With `problems`,
    a pair playing a board twice is reported (an error) and two pairs meeting twice (a
    warning). Team stages are left alone.

    `counted`: the rounds the standings count (1 to `counted`, fully played: "after round N",
    event-day.md). A board travels through several rounds, so a later round partly entered would
    move the matchpoints of a board already counted: the counted rounds' tables are matchpointed
    among their own results alone, a later round's against every result entered."""
    if not options(stage).pairs:
        return
    numbered = _numbered(rounds)
    _drop_out_of_range(stage, numbered, problems)
    compare_as_counted(numbered, counted, PairsView, _matchpoint_field)
    for _, tables in numbered:
        for score in tables:
            if isinstance(score.view, PairsView) and score.view.kind == "played":
                score.view.scored = True
                _refresh_pairs(score)
    if problems is not None:
        _check_field(numbered, problems, {} if unplayed is None else unplayed)  # (an empty ShortByDesign keeps its seats)



def _matchpoint_field(numbered: list[tuple[int, list[TableScore]]]) -> None:
    """Each board's results among these rounds' tables matchpointed, in place, both directions."""
    by_board: dict[int, list[PairsRow]] = {}
    for _, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played":
                continue
            for row in view.rows:
                if row.counted:
                    by_board.setdefault(row.board, []).append(row)
    expected = max((len(rows) for rows in by_board.values()), default=0)
    # a board's only result so far is average, not 0 of a top of 0 (matchpoints.scored_against);
    # `row.expected` stays what the field has, so the board is not called factored
    against = scored_against(expected)
    for rows in by_board.values():
        ns = board_matchpoints([_result_for(row, "NS") for row in rows], against)
        ew = board_matchpoints([_result_for(row, "EW") for row in rows], against)
        real = sum(1 for row in rows if row.result.adjusted is None)
        for row, ns_scored, ew_scored in zip(rows, ns, ew):
            row.ns_mp, row.ew_mp, row.top = ns_scored.mp, ew_scored.mp, ns_scored.top
            row.played, row.expected = real, expected


def travellers(stage: Stage, rounds: Sequence[Any]) -> list[Traveller]:
    """Every board of a pairs stage with every table's result (round and table order) and
    the frequency of each score; call after score_field. Empty for team stages."""
    stage_options = options(stage)
    if not stage_options.pairs:
        return []
    lines: dict[int, list[TravellerLine]] = {}
    for number, tables in _numbered(rounds):
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played" or view.ns is None or view.ew is None:
                continue
            # a board still travelling through a round partly entered: every result as entered
            for row in view.live_rows if view.live_rows is not None else view.rows:
                lines.setdefault(row.board, []).append(TravellerLine(number, score.table.number, view.ns, view.ew, row))
    found = []
    for board in sorted(lines):
        board_lines = sorted(lines[board], key=lambda line: (line.round, line.table))
        real = [line.row for line in board_lines if line.row.counted and line.row.result.adjusted is None]
        counted = [line.row for line in board_lines if line.row.counted]
        expected = max((row.expected for row in counted), default=len(counted))
        found.append(Traveller(
            stage=stage.id, board=board, seat=stage_options.board_table.declarer(board),
            level=stage_options.board_table.level(board), lines=board_lines,
            frequency=_frequency(real),
            top=max((row.top for row in counted), default=0), played=len(real), expected=expected,
        ))
    return found


def event_tables(result: Any) -> list[EventTables]:
    """What the event page shows: each distinct board table (with the stages using it) and,
    for team stages, the conversion table."""
    groups: list[EventTables] = []
    for stage_result in result.stages:
        stage = stage_result.stage
        stage_options = options(stage)
        conversion = None if stage_options.pairs else stage_options.conversion
        played = [r.board for round_ in stage_result.rounds for s in round_.tables
                  for r in getattr(s.view, "rows", [])]
        most = max([stage.boards * (stage.rounds if stage_options.pairs else 1) if stage.boards else 0, *played])
        for index, group in enumerate(groups):
            if (group.board_table, group.conversion, group.kitty) == (stage_options.board_table, conversion, stage_options.kitty):
                groups[index] = EventTables((*group.stages, stage.name), group.board_table, conversion,
                                            group.kitty, max(group.boards, most))
                break
        else:
            groups.append(EventTables((stage.name,), stage_options.board_table, conversion, stage_options.kitty, most))
    return groups
