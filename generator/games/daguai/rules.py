"""大怪路子's rules as data and pure functions: the points a board-room gives the team that ran
first, a match's totals, violation deductions, match points, the bye credit, a stage's options.

Nothing here reads a results file or knows a page: records.py reads the records into these
types, views.py scores a table into what its page shows.

>>> room_points(RoomRecord("D01", 8), "D01", "D02")
(8, 0)
>>> match_points(20, 20)
1
>>> [deduction(n) for n in (1, 2, 3, 4)]
[0, 1, 3, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from generator.content.model import Stage
from generator.errors import Mark
from generator.games.common.rooms import OneRoom

OUTCOMES = ("caught3", "caught2", "caught1", "own1", "own2")
# Seats of (home, away) in each room: the home team sits 1, 3, 5 in the open room (规则二.3).
SEATS = {"open": ((1, 3, 5), (2, 4, 6)), "closed": ((2, 4, 6), (1, 3, 5))}
# Deductions for a team's 1st, 2nd, 3rd-and-later violation in the event (规则六).
DEDUCTIONS = (0, 1, 3)
WIN, DRAW, LOSS = 2, 1, 0
# A match's boards where the stage does not say (`boards:` unset): the seed's match, 6 boards in
# 90 minutes (rules-daguai.md). The one count the score sheet prints and the desk's form offers
# (Game.round_boards): the sheet printed 1-6 while the desk offered 1-8, its default for any game.
MATCH_BOARDS = 6


@dataclass(frozen=True)
class BoardPoints:
    """Points to the team that ran first, by outcome (the stage key `board_points`)."""

    caught3: int = 8  # its team all out, three opponents caught
    caught2: int = 5
    caught1: int = 3
    own1: int = 1  # the other team got all out first, one of its own caught
    own2: int = 0  # ... two of its own caught

    @property
    def allowed(self) -> tuple[int, ...]:
        """The distinct values a record may carry, highest first."""
        return tuple(sorted({getattr(self, o) for o in OUTCOMES}, reverse=True))

    def outcome(self, points: int) -> str | None:
        """The outcome a number of points stands for (the first, if two outcomes share it)."""
        return next((o for o in OUTCOMES if getattr(self, o) == points), None)


@dataclass(frozen=True)
class ByeCredit:
    """What a bye, or the opponent's forfeit, gives a team (the stage key `bye`)."""

    match_points: int = WIN
    net: int = 0
    scored: int = 0
    heads: int = 0


@dataclass(frozen=True)
class DaguaiStage:
    board_points: BoardPoints = field(default_factory=BoardPoints)
    bye: ByeCredit = field(default_factory=ByeCredit)


@dataclass(frozen=True)
class RoomRecord:
    """One board in one room: the team that ran first and the points it scored."""

    first: str
    points: int
    mark: Mark | None = field(default=None, compare=False)


@dataclass(frozen=True)
class BoardRecord:
    board: int
    open: RoomRecord
    closed: RoomRecord

    def room(self, name: str) -> RoomRecord:
        return self.open if name == "open" else self.closed


@dataclass(frozen=True)
class Violation:
    """One violation recorded in a match (`violations: [D02]`, or {team, board, note})."""

    entry: str
    board: int | None = None
    note: str | None = None
    mark: Mark | None = field(default=None, compare=False)


@dataclass
class MatchRecord:
    """What read_table gives score_table: the boards and violations of one table."""

    boards: list[BoardRecord] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    played: bool = False  # a `boards:` key was written
    # Boards written for one room only (the other room's sheets not in yet): while there is
    # one, the match is pending, shown and not counted.
    one_room: list[OneRoom] = field(default_factory=list)
    # Boards the match did not play, written np (or 未打) for the whole board or in both rooms.
    # rules-daguai.md scores a match as the sum of its points over both rooms and all boards:
    # a board not played adds nothing to either team, so it counts for neither, and the match
    # is scored on the boards played. The spec says no more of it: its match points, net and
    # high score are those of the boards played, and no team ran first on it (heads, counted
    # per board per room played). Not in `boards`, which hold the boards played.
    not_played: list[int] = field(default_factory=list)

    def boards_written(self) -> set[int]:
        """Every board the record accounts for: played, not played (np), or one room in."""
        return {b.board for b in self.boards} | set(self.not_played) | {r.board for r in self.one_room}


def room_points(room: RoomRecord, home: str, away: str) -> tuple[int, int]:
    """(home, away) points of one board in one room: only the team that ran first scores."""
    if room.first == home:
        return room.points, 0
    if room.first == away:
        return 0, room.points
    raise ValueError(f"{room.first} is not at the table {home} vs {away}")


def board_points(board: BoardRecord, home: str, away: str) -> tuple[int, int]:
    """(home, away) points of one board, open and closed room summed."""
    open_home, open_away = room_points(board.open, home, away)
    closed_home, closed_away = room_points(board.closed, home, away)
    return open_home + closed_home, open_away + closed_away


def match_totals(boards: Iterable[BoardRecord], home: str, away: str) -> tuple[int, int]:
    """(home, away) points over every board of a match, both rooms, before deductions."""
    home_total = away_total = 0
    for board in boards:
        h, a = board_points(board, home, away)
        home_total += h
        away_total += a
    return home_total, away_total


def heads(boards: Iterable[BoardRecord], entry: str) -> int:
    """How many times the team ran first, counted per board per room (跑头家次数)."""
    return sum(1 for b in boards for room in (b.open, b.closed) if room.first == entry)


def deduction(nth: int) -> int:
    """Points deducted for a team's `nth` violation of the event: warning, 1, then 3 each."""
    if nth < 1:
        raise ValueError("violations are counted from 1")
    return DEDUCTIONS[min(nth, len(DEDUCTIONS)) - 1]


def match_points(own: int, other: int) -> int:
    """2 for the higher score, 1 each for equal scores, 0 for the lower (胜2、平1、负0)."""
    return WIN if own > other else DRAW if own == other else LOSS


@dataclass(frozen=True)
class CountedViolation:
    """A violation with its place in the team's count over the event and its deduction."""

    entry: str
    nth: int
    deduction: int
    board: int | None = None
    note: str | None = None


def count_violations(violations: Iterable[Violation], counts: dict[str, int]) -> list[CountedViolation]:
    """Number each violation in the team's running count (updated in place) and price it."""
    counted = []
    for violation in violations:
        counts[violation.entry] = counts.get(violation.entry, 0) + 1
        nth = counts[violation.entry]
        counted.append(CountedViolation(violation.entry, nth, deduction(nth), violation.board, violation.note))
    return counted


@dataclass(frozen=True)
class MatchResult:
    """A played match, scored: per entry its board points, deductions, score and match points."""

    home: str
    away: str
    points: dict[str, int]
    deductions: dict[str, int]
    scores: dict[str, int]
    match_points: dict[str, int]
    heads: dict[str, int]
    violations: list[CountedViolation]

    @property
    def winner(self) -> str | None:
        home, away = self.scores[self.home], self.scores[self.away]
        return self.home if home > away else self.away if away > home else None

    def net(self, entry: str) -> int:
        other = self.away if entry == self.home else self.home
        return self.scores[entry] - self.scores[other]


def score_match(home: str, away: str, boards: Sequence[BoardRecord], violations: Iterable[Violation],
                counts: dict[str, int]) -> MatchResult:
    """Both rooms summed, minus the deductions of this match's violations (counted in `counts`)."""
    home_points, away_points = match_totals(boards, home, away)
    counted = count_violations(violations, counts)
    deductions = {home: 0, away: 0}
    for violation in counted:
        deductions[violation.entry] += violation.deduction
    scores = {home: home_points - deductions[home], away: away_points - deductions[away]}
    return MatchResult(
        home=home,
        away=away,
        points={home: home_points, away: away_points},
        deductions=deductions,
        scores=scores,
        match_points={home: match_points(scores[home], scores[away]), away: match_points(scores[away], scores[home])},
        heads={home: heads(boards, home), away: heads(boards, away)},
        violations=counted,
    )


def options(stage: Stage) -> DaguaiStage:
    """A stage's options as read (`stage.options`), or the defaults."""
    return stage.options if isinstance(stage.options, DaguaiStage) else DaguaiStage()
