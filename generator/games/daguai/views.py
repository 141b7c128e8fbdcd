"""What 大怪路子's pages show: a match scored into its view (each board in both rooms, the
totals, the violations, each side's running totals), and the rows results.json keeps.

Template: templates/games/daguai_table.html.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from generator.content.model import Stage, Table
from generator.games import RowsWhenRead, SideScore, TableScore
from generator.games.common.figures import Figures
from generator.games.common.rooms import ROOMS, WaitingBoard, waiting_boards
from generator.games.daguai.rules import (
    SEATS,
    BoardPoints,
    ByeCredit,
    MatchRecord,
    MatchResult,
    RoomRecord,
    options,
    room_points,
    score_match,
)

@dataclass(frozen=True)
class RoomView:
    first: str
    points: int
    outcome: str | None
    home: int
    away: int


@dataclass(frozen=True)
class BoardView:
    """A board in both rooms; a board the match did not play (np) has no room, and 0 each."""

    board: int
    open: RoomView | None
    closed: RoomView | None
    home: int
    away: int

    @property
    def not_played(self) -> bool:
        return self.open is None


@dataclass
class MatchView(Figures):
    """One table as its template shows it. `kind`: played, forfeit, bye, unplayed or one_room
    (a board has one room entered, the match waits for the other). Its rows
    are made with it."""

    kind: str
    home: str
    away: str | None
    rows: list[BoardView] = field(default_factory=list)
    result: MatchResult | None = None
    forfeit: str | None = None
    credit: ByeCredit | None = None
    seats: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=lambda: SEATS)
    # Each side's stage totals after this match (match_points, net, scored, heads): entry pages
    # show them as the running total.
    after: dict[str, dict[str, float]] = field(default_factory=dict)
    waiting: list[WaitingBoard] = field(default_factory=list)  # kind one_room: the boards written
    # Boards of the round neither written nor written np (a match shorter than the stage's
    # `boards`): the match waits for them (Game.boards_short), its figures so far shown,
    # no match points and no winner.
    to_come: list[int] = field(default_factory=list)
    cached = ("_room_totals",)

    @cached_property
    def _room_totals(self) -> dict[tuple[str, int], int]:
        return {(room, side): sum(getattr(getattr(r, room), "home" if side == 0 else "away")
                                  for r in self.rows if not r.not_played)
                for room in ROOMS for side in (0, 1)}

    def room_total(self, room: str, side: int) -> int:
        return self._room_totals[room, side]

    def running(self, side: int) -> list[int]:
        """The side's points (both rooms) summed board by board (side 0 home, 1 away)."""
        totals, total = [], 0
        for row in self.rows:
            total += row.home if side == 0 else row.away
            totals.append(total)
        return totals


def _room_view(room: RoomRecord, home: str, away: str, points: BoardPoints) -> RoomView:
    h, a = room_points(room, home, away)
    return RoomView(room.first, room.points, points.outcome(room.points), h, a)


def score_table(table: Table, stage: Stage, state: dict[str, Any], boards: int) -> TableScore:
    """A match (or a bye, a forfeit, a match drawn and not played yet), scored; `state` keeps
    each team's violations over the event and its running totals in the stage. `boards`: the
    boards the match plays (Game.match_boards: the stage's, else the game's default; 0 when
    not known), those it has not written being still to come."""
    stage_options = options(stage)
    credit = stage_options.bye
    counts: dict[str, int] = state.setdefault("daguai.violations", {})
    record: MatchRecord = table.record if isinstance(table.record, MatchRecord) else MatchRecord()
    totals: dict[str, dict[str, float]] = state.setdefault("daguai.totals", {}).setdefault(stage.id, {})
    if len(table.sides) == 1:
        entry = table.sides[0]
        view = MatchView("bye", entry, None, credit=credit)
        extra = {"home": entry, "away": None, "match_points": {entry: credit.match_points}}
        sides = [SideScore(entry, _credit_metrics(credit))]
        view.after = _running(totals, sides)
        return TableScore(table, sides, entry, [], view, extra)
    home, away = table.sides
    if table.forfeit is not None:
        loser = table.forfeit
        winner = away if loser == home else home
        view = MatchView("forfeit", home, away, forfeit=loser, credit=credit)
        lost = {"match_points": 0, "net": -credit.net, "scored": 0, "heads": 0}
        sides = [SideScore(e, _credit_metrics(credit) if e == winner else lost) for e in (home, away)]
        extra = {"home": home, "away": away,
                 "match_points": {home: sides[0].metrics["match_points"], away: sides[1].metrics["match_points"]}}
        view.after = _running(totals, sides)
        return TableScore(table, sides, winner, [], view, extra)
    if not record.played:
        # Drawn but not yet played (e.g. a fresh Swiss round): shown, not counted.
        return TableScore(table, [], None, [], MatchView("unplayed", home, away),
                          {"home": home, "away": away, "match_points": {}})
    if record.one_room:
        # Some board has one room only, the other room's sheets not entered yet: the match
        # waits (pending, not counted), its page shows what each room has.
        view = MatchView("one_room", home, away,
                         waiting=waiting_boards(record.boards, record.one_room, record.not_played))
        return TableScore(table, [], None, [], view, {"home": home, "away": away, "match_points": {}})
    # the match's count as the game's boards_short reads it (the stage's, else the 6 its form
    # offers and its sheet lists), so that the page's boards to come are the ones it waits for
    to_come = sorted(set(range(1, boards + 1)) - record.boards_written())
    # A match waiting for boards still to come is not counted: its violations are not yet
    # counted over the event either (a copy of the count), as a match with one room in.
    result = score_match(home, away, record.boards, record.violations, dict(counts) if to_come else counts)
    rows = []
    for board in record.boards:
        open_view = _room_view(board.open, home, away, stage_options.board_points)
        closed_view = _room_view(board.closed, home, away, stage_options.board_points)
        row = BoardView(board.board, open_view, closed_view, open_view.home + closed_view.home,
                        open_view.away + closed_view.away)
        rows.append(row)
    # the boards the match did not play (np), in their place: nothing to either team
    rows.extend(BoardView(number, None, None, 0, 0) for number in record.not_played)
    rows.sort(key=lambda row: row.board)
    sides = [
        SideScore(entry, {"match_points": result.match_points[entry], "net": result.net(entry),
                          "scored": result.scores[entry], "heads": result.heads[entry]})
        for entry in (home, away)
    ]
    if to_come:
        # Boards neither written nor np (Game.boards_short: pending, held out of the
        # standings and the running totals, as 80 points' and bridge's teams matches): the score so
        # far is no result, and its leader no winner. Shown with the boards to come, no match
        # points; the desk's preview has the figures so far.
        view = MatchView("played", home, away, rows, result, to_come=to_come)
        extra = {"home": home, "away": away, "match_points": {}, "points": dict(result.points),
                 "boards_to_come": to_come}
        return TableScore(table, sides, None, RowsWhenRead(_match_rows, rows), view, extra)
    extra = {
        "home": home,
        "away": away,
        "match_points": dict(result.match_points),
        "points": dict(result.points),
        "deductions": dict(result.deductions),
        "scores": dict(result.scores),
        "heads": dict(result.heads),
        "violations": [
            {"entry": v.entry, "number": v.nth, "deduction": v.deduction, "board": v.board, "note": v.note}
            for v in result.violations
        ],
    }
    view = MatchView("played", home, away, rows, result, after=_running(totals, sides))
    return TableScore(table, sides, result.winner, RowsWhenRead(_match_rows, rows), view, extra)


def _match_rows(rows: list[BoardView]) -> list[dict[str, Any]]:
    """A played match's results.json rows (RowsWhenRead): each board as recorded, with its
    points; a board the match did not play, `not_played` and 0 each."""
    return [{"board": row.board, "home": 0, "away": 0, "not_played": True} if row.open is None or row.closed is None
            else {"board": row.board, "home": row.home, "away": row.away,
                  "open": {"ran_first": row.open.first, "points": row.open.points},
                  "closed": {"ran_first": row.closed.first, "points": row.closed.points}}
            for row in rows]


def _running(totals: dict[str, dict[str, float]], sides: list[SideScore]) -> dict[str, dict[str, float]]:
    """Add this match to each side's stage totals; a copy of the totals after it, for the view."""
    after = {}
    for side in sides:
        running = totals.setdefault(side.entry, {})
        for name, value in side.metrics.items():
            running[name] = running.get(name, 0) + value
        after[side.entry] = dict(running)
    return after


def _credit_metrics(credit: ByeCredit) -> dict[str, float]:
    return {"match_points": credit.match_points, "net": credit.net, "scored": credit.scored, "heads": credit.heads}
