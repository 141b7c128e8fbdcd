"""80分's rules as data and pure functions: the board table, the conversion table, the kitty,
the defenders' points, team credits and the pairs score, a stage's options.

Nothing here reads a results file or knows a page: generator/games/shengji/records.py reads the
records into these types, views.py scores tables into what pages show.

>>> DEFAULT_BOARD_TABLE.row(18)
('W', '3')
>>> room_credits("NS", RoomResult(points=85))
{'NS': 0, 'EW': 85}
>>> room_credits("EW", RoomResult(points=0))
{'NS': 0, 'EW': 200}
>>> DEFAULT_CONVERSION.match_points(45)
4
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.content.model import Stage
from generator.errors import Mark
from generator.games.common.rooms import OneRoom

SEATS = ("N", "E", "S", "W")
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DIRECTIONS = ("NS", "EW")
TOTAL_POINTS = 200  # K and 10 are 10 each, 5 is 5: 200 in two decks
KITTY_MOST = 80  # 8 buried cards, each at most 10
STEP = 5
SHUT_OUT_CREDIT = 200  # 光头: 庄家按净得分200计算 (第四条.4)
ADJUSTED_OFFENDER, ADJUSTED_OTHER = 0, 60  # 第五条 4.D: 违规方得0分，非违规方只能得60%
PENALTY_MOST = TOTAL_POINTS

# The seed's board table (牌套顺序号及打牌阶数): board -> (declarer seat, level).
SEED_BOARD_TABLE = {
    1: ("N", "2"), 2: ("W", "3"), 3: ("S", "4"), 4: ("E", "5"),
    5: ("N", "5"), 6: ("W", "6"), 7: ("S", "7"), 8: ("E", "8"),
    9: ("N", "9"), 10: ("W", "10"), 11: ("S", "10"), 12: ("E", "J"),
    13: ("N", "K"), 14: ("W", "Q"), 15: ("S", "A"), 16: ("E", "K"),
}


def direction(seat: str) -> str:
    """NS for N and S, EW for E and W."""
    return "NS" if seat in ("N", "S") else "EW"


def other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


@dataclass(frozen=True)
class BoardTable:
    """Board number -> declarer seat and level; boards past the last row repeat the table."""

    rows: tuple[tuple[str, str], ...]  # rows[0] is board 1

    @property
    def period(self) -> int:
        return len(self.rows)

    def row(self, board: int) -> tuple[str, str]:
        if board < 1:
            raise ValueError(f"boards are numbered from 1, not {board}")
        return self.rows[(board - 1) % self.period]

    def declarer(self, board: int) -> str:
        return self.row(board)[0]

    def level(self, board: int) -> str:
        return self.row(board)[1]

    def declaring(self, board: int) -> str:
        """The declaring direction of a board: NS or EW."""
        return direction(self.declarer(board))

    def defending(self, board: int) -> str:
        return other(self.declaring(board))

    def grid(self, columns_of: int = 4) -> list[list[tuple[int, str, str] | None]]:
        """The table laid out as the seed prints it: 4 rows (the declarer rotates N, W, S, E),
        boards 1-4 down the first column group, 5-8 down the next, and so on."""
        columns = -(-self.period // columns_of)
        return [
            [(n, *self.rows[n - 1]) if (n := c * columns_of + r + 1) <= self.period else None
             for c in range(columns)]
            for r in range(min(columns_of, self.period))
        ]


DEFAULT_BOARD_TABLE = BoardTable(tuple(SEED_BOARD_TABLE[n] for n in range(1, 17)))


@dataclass(frozen=True)
class Band:
    """One band of the conversion table: nets from `low` to `high` (None: and above) -> mp."""

    low: int
    high: int | None
    mp: float

    @property
    def label(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.high == self.low else f"{self.low}–{self.high}"


@dataclass(frozen=True)
class Conversion:
    """The conversion table (分数换算表): |net| -> match points for the team ahead."""

    bands: tuple[Band, ...]

    def match_points(self, margin: float) -> float:
        margin = abs(margin)
        for band in reversed(self.bands):
            if margin >= band.low:
                return band.mp
        return 0

    def split(self, net: float) -> tuple[float, float]:
        """(home, away) match points of a board whose home net is `net`: the side ahead takes
        the converted value, the other 0; a board level at 0 gives each the 0-band (0)."""
        mp = self.match_points(net)
        if net > 0:
            return mp, 0
        if net < 0:
            return 0, mp
        return mp, mp


# 附：分数换算表 (seed 004).
DEFAULT_CONVERSION = Conversion((
    Band(0, 0, 0), Band(5, 10, 1), Band(15, 20, 2), Band(25, 35, 3), Band(40, 50, 4), Band(55, 70, 5),
    Band(75, 90, 6), Band(95, 115, 7), Band(120, 140, 8), Band(145, 175, 9), Band(180, None, 10),
))


@dataclass(frozen=True)
class KittyRule:
    """Multipliers of the kitty's points when the defenders win the last trick (扣底)."""

    single: int = 2
    pair: int = 4

    @property
    def allowed(self) -> tuple[int, ...]:
        return tuple(sorted({self.single, self.pair}))

    @property
    def most(self) -> int:
        """The most a board can give the defenders: all 200, the kitty's 80 counted x max."""
        return TOTAL_POINTS + KITTY_MOST * (max(self.allowed) - 1)


@dataclass(frozen=True)
class ByeCredit:
    match_points: float
    net: float = 0


# A match's boards where the stage does not say (`boards:` unset): what its score sheet lists
# and the desk's form offers (Game.default_boards).
MATCH_BOARDS = 8


def default_bye(boards: int) -> ByeCredit:
    """What a bye or a forfeit win credits where the stage's `bye:` says nothing: 3 match points
    a board of the match it stands for (`boards`: the stage's, else the game's default_boards,
    ShengjiRules.bye_and_forfeit), net 0."""
    return ByeCredit(3 * boards, 0)


@dataclass(frozen=True)
class Penalty:
    """第六条: `points` taken from the side `against` (NS or EW) and given to the other."""

    against: str
    points: int
    note: str | None = None


@dataclass(frozen=True)
class RoomResult:
    """One board at one table (one room): what the score sheet says.

    `points`: the defenders' points won in play, kitty included (None when adjusted or not
    played). The breakdown parts are kept to show them. `adjusted`: (NS %, EW %) of the top.
    """

    points: int | None = None
    tricks: int | None = None
    kitty: int | None = None
    x: int | None = None
    penalties: tuple[Penalty, ...] = ()
    adjusted: tuple[float, float] | None = None
    offender: str | None = None  # the direction `adjusted: NS` named
    not_played: bool = False
    note: str | None = None
    mark: Mark | None = field(default=None, compare=False)

    @property
    def shut_out(self) -> bool:
        return self.points == 0

    @property
    def breakdown(self) -> str:
        """'60 + 25×2' when the parts were written with a captured kitty, else ''."""
        if self.tricks is None or not self.kitty:
            return ""
        return f"{self.tricks} + {self.kitty}×{self.x}"

    @property
    def scored(self) -> bool:
        return self.points is not None


def defenders_points(tricks: int, kitty: int = 0, x: int = 1) -> int:
    """Points in tricks plus the kitty's points times the multiplier: {60, 25, x2} -> 110."""
    return tricks + kitty * x


def room_credits(declaring: str, result: RoomResult) -> dict[str, int]:
    """Credits of one room by direction (team event): the defenders their points, or the
    declarers 200 when the defenders scored 0 (光头); each penalty to the other side."""
    credits = {"NS": 0, "EW": 0}
    if result.not_played:  # a board the match did not play: nothing to either side (records.py)
        return credits
    if result.points:
        credits[other(declaring)] += result.points
    else:
        credits[declaring] += SHUT_OUT_CREDIT
    for penalty in result.penalties:
        credits[other(penalty.against)] += penalty.points
    return credits


def room_sides(room: str) -> dict[str, str]:
    """Who sits where: the home team NS in the open room, EW in the closed room."""
    return {"NS": "home", "EW": "away"} if room == "open" else {"NS": "away", "EW": "home"}


def team_credits(room: str, declaring: str, result: RoomResult) -> tuple[int, int]:
    """(home, away) credits of one room."""
    credits = room_credits(declaring, result)
    seats = room_sides(room)
    by_team = {seats[d]: credits[d] for d in DIRECTIONS}
    return by_team["home"], by_team["away"]


def home_net(declaring: str, open_room: RoomResult, closed_room: RoomResult) -> int:
    """Home's credits minus the away team's over both rooms of a board."""
    open_home, open_away = team_credits("open", declaring, open_room)
    closed_home, closed_away = team_credits("closed", declaring, closed_room)
    return open_home + closed_home - open_away - closed_away


def pairs_score(declaring: str, result: RoomResult) -> int:
    """The defenders' score of a pairs board: their points, plus penalties against the
    declarers, minus penalties against themselves."""
    assert result.points is not None
    defending = other(declaring)
    return (result.points + sum(p.points for p in result.penalties if p.against == declaring)
            - sum(p.points for p in result.penalties if p.against == defending))


def adjusted_split(offender: str) -> tuple[float, float]:
    """(NS %, EW %) when `offender` stopped the board: 0 to it, 60 to the other side."""
    return (ADJUSTED_OFFENDER, ADJUSTED_OTHER) if offender == "NS" else (ADJUSTED_OTHER, ADJUSTED_OFFENDER)


# --- a table's record -------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamBoard:
    board: int
    open: RoomResult
    closed: RoomResult
    note: str | None = None
    mark: Mark | None = field(default=None, compare=False)

    def room(self, name: str) -> RoomResult:
        return self.open if name == "open" else self.closed

    @property
    def not_played(self) -> bool:
        """Written np: the match did not play it; it nets 0, 0 match points each."""
        return self.open.not_played and self.closed.not_played


@dataclass
class TeamRecord:
    boards: list[TeamBoard] = field(default_factory=list)
    played: bool = False
    # Boards written for one room only (the other room's sheets not in yet): while there is
    # one, the match is pending, shown and not counted.
    one_room: list[OneRoom] = field(default_factory=list)
    boards_mark: Mark | None = None  # where its `boards:` is written (the count warning's place)


@dataclass
class PairsRecord:
    ns: str | None = None
    ew: str | None = None
    boards: list[tuple[int, RoomResult]] = field(default_factory=list)


# --- a stage's options ------------------------------------------------------------------------


@dataclass(frozen=True)
class ShengjiStage:
    pairs: bool = False
    board_table: BoardTable = DEFAULT_BOARD_TABLE
    conversion: Conversion = DEFAULT_CONVERSION
    kitty: KittyRule = field(default_factory=KittyRule)
    bye: ByeCredit | None = None  # None: default_bye (ShengjiRules.bye_and_forfeit)


def options(stage: Stage) -> ShengjiStage:
    """A stage's options as read (`stage.options`), or the defaults of its format."""
    if isinstance(stage.options, ShengjiStage):
        return stage.options
    return ShengjiStage(pairs=stage.format == "pairs")
