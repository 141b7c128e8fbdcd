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

>>> RULES.board_table(RULES.default_stage()).row(18)
('W', '3')
>>> room_credits("NS", RoomResult(points=85))
{'NS': 0, 'EW': 85}
>>> room_credits("EW", RoomResult(points=0))
{'NS': 0, 'EW': 200}
>>> DEFAULT_CONVERSION.match_points(45)
4
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import MAX_BOARDS, Reader, suggestion
from generator.content.yaml_loader import YamlList, YamlMap
from generator.errors import Mark, Problems
from generator.games import Example, Game, Metric, SideScore, TableForm, TableScore
from generator.games.common.shorthand import half_width
from generator.games.common.matchpoints import Adjusted, board_matchpoints, finish_percent, percentage
from generator.messages import localised as _localised
from generator.messages import localised_format

# --- the rules, as data and pure functions ---------------------------------------------------

SEATS = ("N", "E", "S", "W")
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DIRECTIONS = ("NS", "EW")
TOTAL_POINTS = 200  # K and 10 are 10 each, 5 is 5: 200 in two decks
KITTY_MOST = 80  # 8 buried cards, each at most 10
STEP = 5
SHUT_OUT_CREDIT = 200  # 光头: 庄家按净得分200计算 (第四条.4)
ADJUSTED_OFFENDER, ADJUSTED_OTHER = 0, 60  # 第五条 4.D: 违规方得0分，非违规方只能得60%
PENALTY_MOST = TOTAL_POINTS
ROOMS = ("open", "closed")

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


def default_bye(boards: int | None) -> ByeCredit:
    return ByeCredit(3 * (boards or 8), 0)


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


# --- reading records -------------------------------------------------------------------------


class RecordError(ValueError):
    """A record that cannot be accepted: a catalogue code, its parameters, where it was written."""

    def __init__(self, code: str, mark: Mark | None = None, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.mark = mark
        self.params = params


SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "北": "N", "东": "E", "東": "E", "南": "S", "西": "W"}
DIRECTION_WORDS = {"NS": "NS", "EW": "EW", "SN": "NS", "WE": "EW", "南北": "NS", "东西": "EW", "東西": "EW"}
SHUT_OUT_WORDS = ("光头", "光頭")
NOT_PLAYED_WORDS = ("not played", "未打", "未打牌")
RESULT_KEYS = ("points", "tricks", "kitty", "x", "penalty", "note")
PAIRS_RESULT_KEYS = (*RESULT_KEYS, "adjusted", "not_played")
PENALTY_KEYS = ("against", "points", "note", "room")
ROOM_KEYS = {"open": "open", "closed": "closed", "开室": "open", "開室": "open", "闭室": "closed", "閉室": "closed"}
BOARD_KEYS = (*ROOM_KEYS, "penalty", "note")
_ROW = re.compile(r"^\s*(N|E|S|W|北|东|東|南|西)\s*(10|[2-9]|[JQKA])\s*$", re.IGNORECASE)


def parse_seat(value: object) -> str | None:
    text = str(value).strip()
    return SEAT_WORDS.get(text.upper()) or SEAT_WORDS.get(text)


def parse_level(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    text = str(value).strip().upper()
    return text if text in LEVELS else None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_points(value: object, what: str, low: int, high: int, mark: Mark | None,
                  why: dict[str, str] | None = None) -> int:
    """A count of card points: a whole number, a multiple of 5, within low..high."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and not value.isascii():  # ８５ typed full-width is a string to YAML
        typed = half_width(value).strip()
        if re.fullmatch(r"[+-]?\d{1,9}", typed):
            value = int(typed)
    if not _whole(value):
        raise RecordError("shengji-points-syntax", mark, text=_shown(value), problem=_problem("number", _what(what)))
    assert isinstance(value, int)
    if value % STEP:
        raise RecordError("shengji-points-step", mark, what=_what(what), value=value)
    if not low <= value <= high:
        raise RecordError("shengji-points-range", mark, what=_what(what), value=value, low=low, high=high,
                          why=why or _why(what, high))
    return value


def parse_result(value: object, mark: Mark | None, kitty: KittyRule, pairs: bool = False,
                 against: Callable[[str], str | None] | None = None) -> RoomResult:
    """Read one board at one table: 85, 0 (or 光头), or a mapping with `points` and/or the
    breakdown `tricks`, `kitty`, `x`, and `penalty`, `note`; in a pairs event also
    `adjusted: NS` and `not_played: true`. `against` resolves a penalty's side (an entry id)."""
    if isinstance(value, str):
        text = half_width(value).strip()  # ８５, －５ as a Chinese input method types them
        if text in SHUT_OUT_WORDS:
            return RoomResult(points=0, mark=mark)
        if pairs and text.lower() in NOT_PLAYED_WORDS:
            return RoomResult(not_played=True, mark=mark)
        if re.fullmatch(r"[+-]?\d{1,9}", text):
            value = int(text)
    if _whole(value) or isinstance(value, float):
        return RoomResult(points=_check_points(value, "points", 0, kitty.most, mark), mark=mark)
    if isinstance(value, (YamlMap, dict)):
        return _parse_mapping(value, mark, kitty, pairs, against)
    raise RecordError("shengji-points-syntax", mark, text=_shown(value), problem=_problem("form"))


def _marks(node: Any, key: Any, fallback: Mark | None) -> Mark | None:
    marks = getattr(node, "value_marks", None)
    return marks.get(key, fallback) if marks else fallback


def _key_mark(node: Any, key: Any, fallback: Mark | None) -> Mark | None:
    marks = getattr(node, "key_marks", None)
    return marks.get(key, fallback) if marks else fallback


def _parse_mapping(node: dict, mark: Mark | None, kitty: KittyRule, pairs: bool,
                   against: Callable[[str], str | None] | None) -> RoomResult:
    allowed = PAIRS_RESULT_KEYS if pairs else RESULT_KEYS
    for key in node:
        if key not in allowed:
            if key in ("adjusted", "not_played"):
                raise RecordError("shengji-pairs-only", _key_mark(node, key, mark), key=key)
            raise RecordError("key-unknown", _key_mark(node, key, mark), key=key,
                              suggestion=suggestion(key, allowed), allowed=", ".join(allowed))
    note = None if node.get("note") is None else str(node["note"]).strip()
    penalties = parse_penalties(node.get("penalty"), _marks(node, "penalty", mark), against) \
        if node.get("penalty") is not None else ()
    if pairs and node.get("adjusted") is not None:
        if any(node.get(k) is not None for k in ("points", "tricks", "kitty", "x", "penalty", "not_played")):
            raise RecordError("shengji-adjusted", _marks(node, "adjusted", mark), text=_shown(node["adjusted"]),
                              problem=_problem("adjusted_alone"))
        split, offender = _parse_adjusted(node["adjusted"], _marks(node, "adjusted", mark), against)
        return RoomResult(adjusted=split, offender=offender, note=note, mark=mark)
    if pairs and node.get("not_played") is not None:
        flag = node["not_played"]
        if flag is not True:
            raise RecordError("shengji-points-syntax", _marks(node, "not_played", mark), text=_shown(flag),
                              problem=_problem("not_played"))
        if any(node.get(k) is not None for k in ("points", "tricks", "kitty", "x", "penalty")):
            raise RecordError("shengji-points-syntax", mark, text="{…}", problem=_problem("not_played_alone"))
        return RoomResult(not_played=True, note=note, mark=mark)
    written = node.get("points")
    if written is not None and isinstance(written, str) and written.strip() in SHUT_OUT_WORDS:
        written = 0
    points = None if written is None else _check_points(written, "points", 0, kitty.most,
                                                        _marks(node, "points", mark))
    tricks = kitty_points = x = None
    if node.get("tricks") is not None:
        tricks = _check_points(node["tricks"], "tricks", 0, TOTAL_POINTS, _marks(node, "tricks", mark))
    if node.get("kitty") is not None:
        kitty_points = _check_points(node["kitty"], "kitty", 0, KITTY_MOST, _marks(node, "kitty", mark))
    if node.get("x") is not None:
        x = _parse_x(node["x"], _marks(node, "x", mark), kitty)
    if tricks is None and (kitty_points is not None or x is not None):
        raise RecordError("shengji-breakdown", mark, problem=_problem("no_tricks"))
    if tricks is not None:
        if kitty_points and x is None:
            raise RecordError("shengji-breakdown", _marks(node, "kitty", mark), problem=_problem("no_x"),
                              single=kitty.single, pair=kitty.pair)
        if x is not None and kitty_points is None:
            raise RecordError("shengji-breakdown", _marks(node, "x", mark), problem=_problem("no_kitty"),
                              single=kitty.single, pair=kitty.pair)
        if tricks + (kitty_points or 0) > TOTAL_POINTS:
            raise RecordError("shengji-breakdown", mark, problem=_problem("over_200", tricks, kitty_points),
                              single=kitty.single, pair=kitty.pair)
        total = defenders_points(tricks, kitty_points or 0, x or 1)
        if points is not None and points != total:
            raise RecordError("shengji-breakdown-sum", _marks(node, "points", mark), tricks=tricks,
                              kitty=kitty_points or 0, x=x or 1, sum=total, points=points)
        points = total
    if points is None:
        raise RecordError("shengji-points-syntax", mark, text="{…}", problem=_problem("no_points"))
    return RoomResult(points, tricks, kitty_points, x, penalties, note=note, mark=mark)


def _parse_x(value: object, mark: Mark | None, kitty: KittyRule) -> int:
    value = half_width(value) if isinstance(value, str) else value  # ｘ２, ×４
    words = {"single": kitty.single, "pair": kitty.pair, "单": kitty.single, "單": kitty.single,
             "对": kitty.pair, "對": kitty.pair}
    if isinstance(value, str) and value.strip().lower() in words:
        return words[value.strip().lower()]
    if isinstance(value, str) and re.fullmatch(r"[x×]?\d", value.strip().lower()):
        value = int(value.strip().lower().lstrip("x×"))
    if not _whole(value) or value not in kitty.allowed:
        raise RecordError("shengji-breakdown", mark, problem=_problem("x", _shown(value), kitty.single, kitty.pair),
                          single=kitty.single, pair=kitty.pair)
    assert isinstance(value, int)
    return value


def _side_word(value: object) -> str | None:
    text = half_width(str(value)).strip()  # ＮＳ, ｅｗ
    return DIRECTION_WORDS.get(text.upper() if text.isascii() else text)


def parse_penalties(value: object, mark: Mark | None,
                    against: Callable[[str], str | None] | None = None) -> tuple[Penalty, ...]:
    """`{against: NS, points: 20}` or a list of them. `against` (the offending side) is NS or
    EW, or whatever the resolver accepts (an entry id at the table)."""
    items: list[tuple[Any, Mark | None]]
    if isinstance(value, YamlList):
        items = list(zip(value, value.item_marks))
    elif isinstance(value, list):
        items = [(v, mark) for v in value]
    else:
        items = [(value, mark)]
    found = []
    for item, item_mark in items:
        if not isinstance(item, (YamlMap, dict)):
            raise RecordError("shengji-penalty", item_mark, problem=_problem("penalty_form"))
        for key in item:
            if key not in PENALTY_KEYS:
                raise RecordError("shengji-penalty", _key_mark(item, key, item_mark),
                                  problem=_problem("penalty_key", key, ", ".join(PENALTY_KEYS[:3])))
        if item.get("against") is None or item.get("points") is None:
            raise RecordError("shengji-penalty", item_mark, problem=_problem("penalty_missing"))
        side = _side_word(item["against"])
        if side is None and against is not None:
            side = against(half_width(str(item["against"])).strip())
        if side is None:
            raise RecordError("shengji-penalty", _marks(item, "against", item_mark),
                              problem=_problem("penalty_side", _shown(item["against"])))
        points = item["points"]
        if not _whole(points) or points <= 0 or points % STEP or points > PENALTY_MOST:
            raise RecordError("shengji-penalty", _marks(item, "points", item_mark),
                              problem=_problem("penalty_points", _shown(points)))
        note = None if item.get("note") is None else str(item["note"]).strip()
        found.append(Penalty(side, points, note))
    return tuple(found)


def _parse_adjusted(value: object, mark: Mark | None,
                    against: Callable[[str], str | None] | None) -> tuple[tuple[float, float], str | None]:
    """`NS` (the offending side: 0 % to it, 60 % to the other) or `{NS: 40, EW: 60}` (the
    referee's own percentages of the top, 第七条)."""
    if isinstance(value, (YamlMap, dict)):
        found: dict[str, float] = {}
        for key, pct in value.items():
            side = _side_word(key)
            if side is None or side in found:
                raise RecordError("shengji-adjusted", _key_mark(value, key, mark), text=_shown(key),
                                  problem=_problem("adjusted_side"))
            if isinstance(pct, bool) or not isinstance(pct, (int, float)) or not 0 <= pct <= 100:
                raise RecordError("shengji-adjusted", _marks(value, key, mark), text=_shown(pct),
                                  problem=_problem("adjusted_percent"))
            found[side] = pct
        if set(found) != set(DIRECTIONS):
            raise RecordError("shengji-adjusted", mark, text="{…}", problem=_problem("adjusted_both"))
        return (found["NS"], found["EW"]), None
    side = _side_word(value)
    if side is None and against is not None:
        side = against(half_width(str(value)).strip())
    if side is None:
        raise RecordError("shengji-adjusted", mark, text=_shown(value), problem=_problem("adjusted_side"))
    return adjusted_split(side), side


# --- stage keys ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ShengjiStage:
    pairs: bool = False
    board_table: BoardTable = DEFAULT_BOARD_TABLE
    conversion: Conversion = DEFAULT_CONVERSION
    kitty: KittyRule = field(default_factory=KittyRule)
    bye: ByeCredit | None = None  # None: default_bye(stage.boards)


def read_board_table(reader: Reader) -> BoardTable | None:
    """`board_table: {1: N 2, 2: W 3, …}` (or {declarer: N, level: 2} / [N, 2] per board),
    numbered from 1 without gaps; None (and problems recorded) when it cannot be read."""
    node = reader.raw("board_table")
    problems = reader.problems
    if not isinstance(node, YamlMap) or not node:
        problems.add("type-expected", reader.value_mark("board_table"), key=f"{reader.where}board_table",
                     expected=_localised("牌号到“庄位 阶数”的键值表，如 1: N 2", "牌號到「莊位 階數」的鍵值表，如 1: N 2",
                                         "a mapping of board numbers to 'seat level', e.g. 1: N 2"),
                     found=_shown(node))
        return None
    rows: dict[int, tuple[str, str]] = {}
    ok = True
    for number, value in node.items():
        mark = node.value_marks.get(number, node.mark)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_BOARDS:
            problems.add("shengji-board-table", node.key_marks.get(number, node.mark), board=number,
                         text=_shown(value), problem=_problem("table_number"))
            ok = False
            continue
        seat = level = None
        if isinstance(value, str) and (match := _ROW.match(value)):
            seat, level = parse_seat(match.group(1)), parse_level(match.group(2))
        elif isinstance(value, YamlMap) and set(value) <= {"declarer", "level"}:
            seat, level = parse_seat(value.get("declarer", "")), parse_level(value.get("level", ""))
        elif isinstance(value, YamlList) and len(value) == 2:
            seat, level = parse_seat(value[0]), parse_level(value[1])
        if seat is None or level is None:
            problems.add("shengji-board-table", mark, board=number, text=_shown(value), problem=_problem("table_row"))
            ok = False
            continue
        rows[number] = (seat, level)
    if not ok:
        return None
    missing = sorted(set(range(1, max(rows) + 1)) - set(rows))
    if missing:
        problems.add("shengji-board-table-gap", node.mark, missing=missing, period=max(rows))
        return None
    return BoardTable(tuple(rows[n] for n in range(1, max(rows) + 1)))


_BAND = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|—|~|～|至)\s*(\d+)|(\+|以上|及以上|or more))?\s*$")


def read_conversion(reader: Reader) -> Conversion | None:
    """`conversion: {0: 0, 5: 1, 15: 2, …, 180: 10}` (each key the lowest net of its band) or
    with ranges as the seed prints them: {"0": 0, "5-10": 1, …, "180+": 10}."""
    node = reader.raw("conversion")
    problems = reader.problems
    if not isinstance(node, YamlMap) or not node:
        problems.add("type-expected", reader.value_mark("conversion"), key=f"{reader.where}conversion",
                     expected=_localised("净得分差到比赛分的键值表，如 {0: 0, 5: 1, 15: 2}",
                                         "淨得分差到比賽分的鍵值表，如 {0: 0, 5: 1, 15: 2}",
                                         "a mapping of net differences to match points, e.g. {0: 0, 5: 1, 15: 2}"),
                     found=_shown(node))
        return None
    bands: list[tuple[int, int | None, float, bool, Mark]] = []  # low, high, mp, open-ended given, mark
    for key, value in node.items():
        key_mark = node.key_marks.get(key, node.mark)
        if _whole(key) and key >= 0:
            low, high, explicit = key, None, False
        elif isinstance(key, str) and (match := _BAND.match(key)):
            low = int(match.group(1))
            high = int(match.group(2)) if match.group(2) else None if match.group(3) else low
            explicit = True
            if high is not None and high < low:
                problems.add("shengji-conversion", key_mark, problem=_problem("band_order", key))
                return None
        else:
            problems.add("shengji-conversion", key_mark, problem=_problem("band", _shown(key)))
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            problems.add("shengji-conversion", node.value_marks.get(key, node.mark),
                         problem=_problem("band_mp", _shown(key), _shown(value)))
            return None
        bands.append((low, high, value, explicit, key_mark))
    bands.sort(key=lambda b: b[0])
    if bands[0][0] != 0:
        problems.add("shengji-conversion", bands[0][4], problem=_problem("band_start"))
        return None
    made: list[Band] = []
    for index, (low, high, mp, explicit, mark) in enumerate(bands):
        following = bands[index + 1] if index + 1 < len(bands) else None
        if following is not None:
            if not explicit:
                high = following[0] - 1
            elif high is None or following[0] <= high:
                problems.add("shengji-conversion", following[4], problem=_problem("band_overlap", following[0]))
                return None
            elif (following[0] - 1) // STEP > high // STEP:
                problems.add("shengji-conversion", following[4],
                             problem=_problem("band_gap", high, following[0]))
                return None
            if following[2] < mp:
                problems.add("shengji-conversion", following[4], problem=_problem("band_down"))
                return None
        elif explicit and high is not None:
            problems.add("shengji-conversion", mark, problem=_problem("band_open", low))
            return None
        else:
            high = None
        made.append(Band(low, high, mp))
    return Conversion(tuple(made))


# --- what pages show -------------------------------------------------------------------------


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
class TeamView:
    """One team match as its template shows it. `kind`: played, forfeit, bye or unplayed."""

    kind: str
    home: str
    away: str | None
    rows: list[TeamRow] = field(default_factory=list)
    match_points: dict[str, float] = field(default_factory=dict)
    net: dict[str, float] = field(default_factory=dict)
    credit: ByeCredit | None = None
    forfeit: str | None = None
    conversion: Conversion = DEFAULT_CONVERSION
    pairs = False

    def credits(self, room: str, side: int) -> int:
        return sum(getattr(getattr(r, room), "home" if side == 0 else "away") for r in self.rows)

    def total(self, side: int) -> int:
        return sum(r.home if side == 0 else r.away for r in self.rows)

    def running(self, side: int) -> list[float]:
        """The team's match points summed board by board (side 0 home, 1 away)."""
        totals, total = [], 0.0
        for row in self.rows:
            total += row.home_mp if side == 0 else row.away_mp
            totals.append(total)
        return totals


@dataclass
class PairsRow:
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
    def declaring(self) -> str:
        return direction(self.seat)

    @property
    def defenders(self) -> str:
        return other(self.declaring)

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
class PairsView:
    """One pairs table (one round): NS and EW pairs, their boards and matchpoints."""

    kind: str  # played, bye, unplayed
    ns: str | None
    ew: str | None
    stage: str
    rows: list[PairsRow] = field(default_factory=list)
    forfeit: str | None = None
    scored: bool = False  # the field has been matchpointed (score_field ran)
    pairs = True

    def _sum(self, name: str) -> float:
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
class Traveller:
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
    def declaring(self) -> str:
        return direction(self.seat)

    @property
    def defenders(self) -> str:
        return other(self.declaring)

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


# --- the game's surface for the tournament layer ----------------------------------------------




ROOM_NAMES = {"open": _localised("开室", "開室", "open room"), "closed": _localised("闭室", "閉室", "closed room")}
ROOM_AT = {
    "open": _localised("开室", "開室", ", open room"),
    "closed": _localised("闭室", "閉室", ", closed room"),
    None: _localised("", "", ""),
}


class ShengjiRules(Game):
    name = "shengji"
    title = _localised("80分（升级）", "80分（升級）", "80 Points (Sheng Ji)")
    position = 4
    choice = ("shengji 80分", "shengji 80分", "shengji (80分)")
    id_prefix = "H"
    example = Example(
        entries="  - {id: H1, players: [王小明, 李华, 张伟, 刘洋], name: 一队}\n"
                "  - {id: H2, players: [陈静, 杨帆, 赵敏, 钱进], name: 二队}\n",
        stages="  - id: teams\n    name: 团体赛\n    format: round_robin\n    rounds: 7\n    boards: 8\n"
               "    rank_by: [match_points, net]\n",
        table="  - table: 1\n    home: H1\n    away: H2\n    boards:\n      # 1: {open: 85, closed: 40}\n",
    )
    formats = ("swiss", "round_robin", "matches", "pairs")
    stage_keys = ("board_table", "conversion", "kitty", "bye")
    table_keys = ("home", "away", "ns", "ew", "boards")
    team_metrics = ("match_points", "net")
    pairs_metrics = ("percent", "mp")
    metrics = {
        "match_points": Metric(
            "match_points",
            _localised("比赛分", "比賽分", "Match points"),
            _localised("每副牌开闭室得分相抵后的净得分差，按换算表换成比赛分（0–10），归领先的一方；各副、各场相加。",
                       "每副牌開閉室得分相抵後的淨得分差，按換算表換成比賽分（0–10），歸領先的一方；各副、各場相加。",
                       "on each board the net difference of both rooms, converted by the conversion table to "
                       "0-10 match points for the team ahead; summed over boards and matches."),
        ),
        "net": Metric(
            "net",
            _localised("净得分差", "淨得分差", "Net"),
            _localised("各副牌本队在开闭室的得分（防守方实得分；光头时庄家计 200 分）减去对方的得分，各副、各场相加。",
                       "各副牌本隊在開閉室的得分（防守方實得分；光頭時莊家計 200 分）減去對方的得分，各副、各場相加。",
                       "on each board the team's credits in both rooms (the defenders' points; 200 to the "
                       "declarers when the defenders are shut out) minus the opponents'; summed."),
        ),
        "percent": Metric(
            "percent",
            _localised("得分率", "得分率", "Percentage"),
            _localised("全部比赛分除以所打各副牌满分之和的百分比。",
                       "全部比賽分除以所打各副牌滿分之和的百分比。",
                       "total matchpoints as a percentage of the tops of the boards played."),
        ),
        "mp": Metric(
            "mp",
            _localised("比赛分（MP）", "比賽分（MP）", "Matchpoints"),
            _localised("每副牌与同方向其他各桌比较：防守方得分多者为优，庄家方反之；胜一桌得 2 分，平得 1 分；调整分按满分的百分比计；各副相加。",
                       "每副牌與同方向其他各桌比較：防守方得分多者為優，莊家方反之；勝一桌得 2 分，平得 1 分；調整分按滿分的百分比計；各副相加。",
                       "each board against every other table in the same direction (the defenders: more "
                       "points is better; the declarers the other way): 2 for each result beaten, 1 for "
                       "each tie; adjusted boards a percentage of the top; summed."),
        ),
        "top": Metric(
            "top",
            _localised("满分", "滿分", "Top"),
            _localised("所打各副牌满分（2 ×（该副牌结果数 − 1））之和。", "所打各副牌滿分（2 ×（該副牌結果數 − 1））之和。",
                       "the sum of the tops (2 x (results - 1)) of the boards played."),
        ),
    }

    def default_stage(self, pairs: bool = False) -> ShengjiStage:
        return ShengjiStage(pairs=pairs)

    @staticmethod
    def options(stage: Stage) -> ShengjiStage:
        if isinstance(stage.options, ShengjiStage):
            return stage.options
        return ShengjiStage(pairs=stage.format == "pairs")

    def board_table(self, options: ShengjiStage) -> BoardTable:
        return options.board_table

    # -- stage keys --------------------------------------------------------------------

    def read_stage_options(self, reader: Reader, stage_format: str) -> ShengjiStage:
        pairs = stage_format == "pairs"
        table = read_board_table(reader) if reader.has("board_table") else None
        conversion = read_conversion(reader) if reader.has("conversion") else None
        if pairs and reader.has("conversion"):
            reader.problems.add("shengji-team-only", reader.key_mark("conversion"), key="conversion")
        kitty = KittyRule()
        node = reader.mapping("kitty")
        if node is not None:
            node.check_keys(("single", "pair"))
            kitty = KittyRule(node.integer("single", 2, low=1, high=8) or 2, node.integer("pair", 4, low=1, high=8) or 4)
        bye = None
        node = reader.mapping("bye")
        if node is not None:
            if pairs:
                reader.problems.add("shengji-team-only", reader.key_mark("bye"), key="bye")
            node.check_keys(("match_points", "net"))
            bye = ByeCredit(node.integer("match_points", 0, low=0, high=10_000) or 0,
                            node.integer("net", 0, low=-100_000, high=100_000) or 0)
        return ShengjiStage(pairs, table or DEFAULT_BOARD_TABLE, conversion or DEFAULT_CONVERSION, kitty, bye)

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        return self.pairs_metrics if stage.format == "pairs" else self.team_metrics

    # -- one table of a results file ----------------------------------------------------

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]:
        options = self.options(stage)
        if options.pairs:
            return self._read_pairs_table(reader, stage, options)
        return self._read_team_table(reader, stage, options)

    def _read_team_table(self, reader: Reader, stage: Stage,
                         options: ShengjiStage) -> tuple[list[tuple[str, Mark]], TeamRecord]:
        reader.check_keys(("table", "referee", "forfeit", "home", "away", "boards"), required=("home",))
        sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("home", "away") if reader.has(key)]
        ids = [s for s, _ in sides]
        written = reader.raw("boards")
        record = TeamRecord(played=isinstance(written, YamlMap) and len(written) > 0)
        if written is not None and not isinstance(written, YamlMap):
            reader.mapping("boards")  # records the type problem
            return sides, record
        if len(ids) == 1 or reader.raw("forfeit") is not None:
            if record.played:
                code = "shengji-bye-with-play" if len(ids) == 1 else "shengji-forfeit-with-play"
                reader.problems.add(code, reader.key_mark("boards"), id=ids[0] if len(ids) == 1 else reader.raw("forfeit"))
            record.played = False
            return sides, record
        if not record.played:
            return sides, record
        assert isinstance(written, YamlMap)
        # Boards may be numbered on through the rounds (1 to rounds x boards); the board table
        # repeats over them (board 17 is board 1's seat and level).
        limit = stage.boards * max(stage.rounds or 1, 1) if stage.boards else None
        numbers: set[int] = set()
        for number, value in written.items():
            board_mark = written.value_marks.get(number, written.mark)
            if isinstance(number, bool) or not isinstance(number, int) or number < 1 or (limit and number > limit):
                reader.problems.add("board-number-range", written.key_marks.get(number, written.mark),
                                    board=number, boards=limit or "…")
                continue
            numbers.add(number)
            board = self._read_team_board(reader.problems, number, value, board_mark, options, ids)
            if board is not None:
                record.boards.append(board)
        record.boards.sort(key=lambda b: b.board)
        if stage.boards and numbers:
            from generator.games.common.boards import board_block

            missing = sorted(set(board_block(numbers, stage.boards)) - numbers)
            if missing:
                reader.problems.add("boards-missing", written.mark, warning=True, table=reader.raw("table"),
                                    missing=missing)
        return sides, record

    def _read_team_board(self, problems: Problems, number: int, value: Any, board_mark: Mark,
                         options: ShengjiStage, ids: list[str]) -> TeamBoard | None:
        rooms: dict[str, tuple[Any, Mark]] = {}
        board_penalty: tuple[Any, Mark] | None = None
        note = None
        if isinstance(value, YamlMap):
            for key, item in value.items():
                key_mark = value.key_marks.get(key, board_mark)
                item_mark = value.value_marks.get(key, board_mark)
                room = ROOM_KEYS.get(str(key).strip())
                if key == "penalty":
                    board_penalty = (item, item_mark)
                elif key == "note":
                    note = None if item is None else str(item).strip()
                elif room is None:
                    problems.add("key-unknown", key_mark, key=key, suggestion=suggestion(key, BOARD_KEYS),
                                 allowed="open, closed（开室、闭室）, penalty, note")
                    return None
                elif room in rooms:
                    problems.add("shengji-points-syntax", key_mark, board=number, room=ROOM_AT[room],
                                 text=str(key), problem=_problem("twice"))
                    return None
                else:
                    rooms[room] = (item, item_mark)
        elif isinstance(value, YamlList) and len(value) == 2:
            rooms = {room: (item, mark) for room, item, mark in zip(ROOMS, value, value.item_marks)}
        else:
            problems.add("shengji-points-syntax", board_mark, board=number, room=ROOM_AT[None],
                         text=_shown(value), problem=_problem("board"))
            return None
        results: dict[str, RoomResult] = {}
        for room in ROOMS:
            if room not in rooms:
                problems.add("shengji-room-missing", board_mark, board=number, room=ROOM_NAMES[room],
                             other=ROOM_NAMES["closed" if room == "open" else "open"])
                continue
            item, item_mark = rooms[room]
            mark = item_mark
            try:
                results[room] = parse_result(item, mark, options.kitty, pairs=False,
                                             against=_team_resolver(room, ids))
            except RecordError as error:
                _report(problems, error, mark, board=number, room=ROOM_AT[room])
        if board_penalty is not None:
            item, item_mark = board_penalty
            try:
                extra = _board_penalties(item, item_mark, ids)
            except RecordError as error:
                _report(problems, error, item_mark, board=number, room=ROOM_AT[None])
                return None
            for room, penalty in extra:
                if room in results:
                    current = results[room]
                    results[room] = RoomResult(current.points, current.tricks, current.kitty, current.x,
                                               (*current.penalties, penalty), note=current.note, mark=current.mark)
        if len(results) != 2:
            return None
        return TeamBoard(number, results["open"], results["closed"], note, board_mark)

    def _read_pairs_table(self, reader: Reader, stage: Stage,
                          options: ShengjiStage) -> tuple[list[tuple[str, Mark]], PairsRecord]:
        reader.check_keys(("table", "referee", "forfeit", "ns", "ew", "boards"))
        if not reader.has("ns") and not reader.has("ew"):
            reader.problems.add("key-missing", reader.mark, key=f"{reader.where}ns")
        sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("ns", "ew") if reader.has(key)]
        seats = {key: reader.text(key) for key in ("ns", "ew") if reader.has(key)}
        record = PairsRecord(ns=seats.get("ns"), ew=seats.get("ew"))
        written = reader.raw("boards")
        if written is None:
            return sides, record
        if not isinstance(written, YamlMap):
            reader.mapping("boards")
            return sides, record
        if len(sides) < 2 and written:
            reader.problems.add("shengji-bye-with-play", reader.key_mark("boards"), id=sides[0][0] if sides else "?")
            return sides, record
        # A Mitchell deals as many board sets as tables, which the round's file knows and one
        # table does not: any board number is read here, and score_field warns about a board
        # with fewer results than the others (a mistyped number).
        limit = None
        resolver = _pairs_resolver(record.ns, record.ew)
        for number, value in written.items():
            mark = written.value_marks.get(number, written.mark)
            if isinstance(number, bool) or not isinstance(number, int) or number < 1 or (limit and number > limit):
                reader.problems.add("board-number-range", written.key_marks.get(number, written.mark),
                                    board=number, boards=limit or "…")
                continue
            try:
                record.boards.append((number, parse_result(value, mark, options.kitty, pairs=True, against=resolver)))
            except RecordError as error:
                _report(reader.problems, error, mark, board=number, room=ROOM_AT[None])
        record.boards.sort(key=lambda b: b[0])
        if stage.boards and written and len(written) != stage.boards:
            reader.problems.add("shengji-board-count", written.mark, warning=True, table=reader.raw("table"),
                                count=len(written), boards=stage.boards)
        return sides, record

    # -- scoring ----------------------------------------------------------------------------

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        options = self.options(stage)
        if options.pairs:
            return self._score_pairs_table(table, stage, options, state)
        return self._score_team_table(table, stage, options)

    def _score_team_table(self, table: Table, stage: Stage, options: ShengjiStage) -> TableScore:
        record: TeamRecord = table.record if isinstance(table.record, TeamRecord) else TeamRecord()
        credit = options.bye or default_bye(stage.boards)
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
        if not record.played or not record.boards:
            return TableScore(table, [], None, [], TeamView("unplayed", home, away, conversion=options.conversion),
                              {"home": home, "away": away, "match_points": {}})
        match = score_team_match(home, away, record.boards, options.board_table, options.conversion)
        sides = [SideScore(e, {"match_points": match.match_points[e], "net": match.net[e]}) for e in (home, away)]
        json_rows = [_team_json(row, home, away) for row in match.rows]
        extra = {"home": home, "away": away, "match_points": dict(match.match_points), "net": dict(match.net),
                 "credits": {home: match.total(0), away: match.total(1)}}
        return TableScore(table, sides, match.winner, json_rows, match, extra)

    def _score_pairs_table(self, table: Table, stage: Stage, options: ShengjiStage,
                           state: dict[str, Any]) -> TableScore:
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

    def score_field(self, stage: Stage, rounds: Sequence[Any], problems: Problems | None = None) -> None:
        """Matchpoint a pairs stage once every table is scored: each board's results across the
        field, both directions; then each table's sides get `mp`, `top` and `percent`, its view
        and results.json rows the per-board matchpoints, and its winner (more MP at the table).
        `rounds`: each round's TableScores (a list, or an object with .tables). With `problems`,
        a pair playing a board twice is reported (an error) and two pairs meeting twice (a
        warning). Team stages are left alone."""
        if not self.options(stage).pairs:
            return
        numbered = _numbered(rounds)
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
        for rows in by_board.values():
            ns = board_matchpoints([_result_for(row, "NS") for row in rows], expected)
            ew = board_matchpoints([_result_for(row, "EW") for row in rows], expected)
            real = sum(1 for row in rows if row.result.adjusted is None)
            for row, ns_scored, ew_scored in zip(rows, ns, ew):
                row.ns_mp, row.ew_mp, row.top = ns_scored.mp, ew_scored.mp, ns_scored.top
                row.played, row.expected = real, expected
        for _, tables in numbered:
            for score in tables:
                if isinstance(score.view, PairsView) and score.view.kind == "played":
                    score.view.scored = True
                    _refresh_pairs(score)
        if problems is not None:
            _check_field(numbered, problems)

    def finish_metrics(self, metrics: dict[str, float]) -> None:
        """After the tally has summed a stage: the pairs percentage is total MP / total top
        (summing the tables' percentages would be wrong). Team metrics are sums already."""
        if "top" in metrics:
            finish_percent(metrics)

    def travellers(self, stage: Stage, rounds: Sequence[Any]) -> list[Traveller]:
        """Every board of a pairs stage with every table's result (round and table order) and
        the frequency of each score; call after score_field. Empty for team stages."""
        options = self.options(stage)
        if not options.pairs:
            return []
        lines: dict[int, list[TravellerLine]] = {}
        for number, tables in _numbered(rounds):
            for score in tables:
                view = score.view
                if not isinstance(view, PairsView) or view.kind != "played" or view.ns is None or view.ew is None:
                    continue
                for row in view.rows:
                    lines.setdefault(row.board, []).append(TravellerLine(number, score.table.number, view.ns, view.ew, row))
        found = []
        for board in sorted(lines):
            board_lines = sorted(lines[board], key=lambda line: (line.round, line.table))
            real = [line.row for line in board_lines if line.row.counted and line.row.result.adjusted is None]
            counted = [line.row for line in board_lines if line.row.counted]
            expected = max((row.expected for row in counted), default=len(counted))
            found.append(Traveller(
                stage=stage.id, board=board, seat=options.board_table.declarer(board),
                level=options.board_table.level(board), lines=board_lines,
                frequency=_frequency(real),
                top=max((row.top for row in counted), default=0), played=len(real), expected=expected,
            ))
        return found

    def event_tables(self, result: Any) -> list[EventTables]:
        """What the event page shows: each distinct board table (with the stages using it) and,
        for team stages, the conversion table."""
        groups: list[EventTables] = []
        for stage_result in result.stages:
            stage = stage_result.stage
            options = self.options(stage)
            conversion = None if options.pairs else options.conversion
            played = [r.board for round_ in stage_result.rounds for s in round_.tables
                      for r in getattr(s.view, "rows", [])]
            most = max([stage.boards * (stage.rounds if options.pairs else 1) if stage.boards else 0, *played])
            for index, group in enumerate(groups):
                if (group.board_table, group.conversion, group.kitty) == (options.board_table, conversion, options.kitty):
                    groups[index] = EventTables((*group.stages, stage.name), group.board_table, conversion,
                                                group.kitty, max(group.boards, most))
                    break
            else:
                groups.append(EventTables((stage.name,), options.board_table, conversion, options.kitty, most))
        return groups

    def table_form(self, stage: Stage | None = None) -> TableForm:
        return PAIRS_FORM if stage is not None and stage.format == "pairs" else TABLE_FORM

    @property
    def messages(self) -> dict[str, dict[str, tuple[str, str]]]:
        return MESSAGES

    @property
    def ui_words(self) -> dict[str, tuple[str, str, str]]:
        return UI_WORDS

    def bulletins(self, result: Any, t: Any) -> list[Any]:
        return bulletins(result, t)


# --- records and scoring helpers --------------------------------------------------------------


@dataclass(frozen=True)
class TeamBoard:
    board: int
    open: RoomResult
    closed: RoomResult
    note: str | None = None
    mark: Mark | None = field(default=None, compare=False)

    def room(self, name: str) -> RoomResult:
        return self.open if name == "open" else self.closed


@dataclass
class TeamRecord:
    boards: list[TeamBoard] = field(default_factory=list)
    played: bool = False


@dataclass
class PairsRecord:
    ns: str | None = None
    ew: str | None = None
    boards: list[tuple[int, RoomResult]] = field(default_factory=list)


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
        home_mp, away_mp = conversion.split(net)
        rows.append(TeamRow(board.board, seat, level, views["open"], views["closed"], net, home_mp, away_mp))
    home_total = sum(r.home_mp for r in rows)
    away_total = sum(r.away_mp for r in rows)
    net_total = sum(r.net for r in rows)
    return TeamMatch("played", home, away, rows, {home: home_total, away: away_total},
                     {home: net_total, away: -net_total}, conversion=conversion)


def _room_json(view: RoomView, home: str, away: str) -> dict[str, Any]:
    result = view.result
    data: dict[str, Any] = {"declarers": view.declarers, "defenders": view.defenders, "points": result.points}
    if result.tricks is not None:
        data |= {"tricks": result.tricks, "kitty": result.kitty or 0, "x": result.x}
    if result.penalties:
        data["penalties"] = [{"against": p.against, "points": p.points, "note": p.note} for p in result.penalties]
    if result.note:
        data["note"] = result.note
    data["credits"] = {home: view.home, away: view.away}
    return data


def _team_json(row: TeamRow, home: str, away: str) -> dict[str, Any]:
    return {
        "board": row.board, "declarer": row.seat, "level": row.level,
        "open": _room_json(row.open, home, away), "closed": _room_json(row.closed, home, away),
        "home": row.home, "away": row.away, "net": row.net, "home_mp": row.home_mp, "away_mp": row.away_mp,
    }


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
    score.boards[:] = [_pairs_json(row) for row in view.rows]
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


def _check_field(numbered: list[tuple[int, list[TableScore]]], problems: Problems) -> None:
    """A pair playing a board twice (error), two pairs meeting twice, a board with fewer
    records than the others (warnings: a mistyped board number, a table left out)."""
    records: dict[int, list[tuple[PairsRow, TableScore]]] = {}
    for _, tables in numbered:
        for score in tables:
            if isinstance(score.view, PairsView) and score.view.kind == "played":
                for row in score.view.rows:
                    records.setdefault(row.board, []).append((row, score))
    most = max((len(found) for found in records.values()), default=0)
    for board, found in sorted(records.items()):
        if len(found) < most:
            row, score = found[0]
            problems.add("shengji-board-short", row.result.mark or _mark_of(score), warning=True,
                         board=board, count=len(found), most=most,
                         tables=[f"{s.table.number}" for _, s in found])
    boards_of: dict[str, dict[int, tuple[int, int]]] = {}
    met: dict[frozenset[str], tuple[int, int]] = {}
    for number, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played" or not view.ns or not view.ew:
                continue
            pair = frozenset((view.ns, view.ew))
            if pair in met:
                problems.add("shengji-pairs-meet-twice", _mark_of(score), warning=True, a=view.ns, b=view.ew, round=met[pair][0], table=met[pair][1],
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


def _team_resolver(room: str, ids: list[str]) -> Callable[[str], str | None]:
    """A penalty's `against` in a team room: home/away or a team id -> NS or EW of that room."""
    seats = {team: side for side, team in room_sides(room).items()}

    def resolve(text: str) -> str | None:
        word = {"home": "home", "主队": "home", "主隊": "home", "away": "away", "客队": "away", "客隊": "away"}.get(text.lower() if text.isascii() else text)
        if word is None and len(ids) == 2 and text in ids:
            word = "home" if text == ids[0] else "away"
        return seats.get(word) if word else None

    return resolve


def _pairs_resolver(ns: str | None, ew: str | None) -> Callable[[str], str | None]:
    def resolve(text: str) -> str | None:
        return "NS" if text == ns else "EW" if text == ew else None

    return resolve


def _board_penalties(value: Any, mark: Mark, ids: list[str]) -> list[tuple[str, Penalty]]:
    """Board-level penalties of a team match: each names its `room`."""
    items = list(zip(value, value.item_marks)) if isinstance(value, YamlList) else [(value, mark)]
    found = []
    for item, item_mark in items:
        if not isinstance(item, (YamlMap, dict)):
            raise RecordError("shengji-penalty", item_mark, problem=_problem("penalty_form"))
        room = ROOM_KEYS.get(str(item.get("room", "")).strip())
        if room is None:
            raise RecordError("shengji-penalty", _marks(item, "room", item_mark), problem=_problem("penalty_room"))
        rest = {k: v for k, v in item.items() if k != "room"}
        if isinstance(item, YamlMap):
            copy = YamlMap(rest)
            copy.mark, copy.key_marks, copy.value_marks = item.mark, item.key_marks, item.value_marks
            rest = copy
        found.extend((room, p) for p in parse_penalties(rest, item_mark, _team_resolver(room, ids)))
    return found


def _report(problems: Problems, error: RecordError, fallback: Mark, **context: object) -> None:
    problems.add(error.code, error.mark or fallback, **{**context, **error.params})


def _shown(value: object) -> str:
    if isinstance(value, (YamlMap, dict)):
        return "{…}"
    if isinstance(value, (YamlList, list)):
        return "[…]"
    return "null" if value is None else str(value)


_WHAT = {
    "points": ("防守方得分", "防守方得分", "the defenders' points"),
    "tricks": ("所得牌分（tricks）", "所得牌分（tricks）", "the points in tricks"),
    "kitty": ("底牌分（kitty）", "底牌分（kitty）", "the kitty's points"),
}


def _what(what: str) -> dict[str, str]:
    return _localised(*_WHAT[what])


def _why(what: str, high: int) -> dict[str, str]:
    if what == "kitty":
        return _localised("底牌只有 8 张，最多 80 分。", "底牌只有 8 張，最多 80 分。", "the kitty is 8 cards: at most 80 points.")
    if what == "tricks":
        return _localised("两副牌共 200 分。", "兩副牌共 200 分。", "two decks hold 200 points.")
    return _localised(
        f"两副牌共 200 分；扣底时底牌分加倍，最多 {high} 分。",
        f"兩副牌共 200 分；扣底時底牌分加倍，最多 {high} 分。",
        f"two decks hold 200 points; a captured kitty is multiplied, so at most {high}.",
    )


_PROBLEMS = {
    "number": ("{0}应为整数", "{0}應為整數", "{0} should be a whole number"),
    "form": ("应为防守方得分（如 85），或键值表 {{tricks: 60, kitty: 25, x: 2}}", "應為防守方得分（如 85），或鍵值表 {{tricks: 60, kitty: 25, x: 2}}",
             "should be the defenders' points (e.g. 85) or a mapping {{tricks: 60, kitty: 25, x: 2}}"),
    "board": ("一副牌应写开室和闭室两项", "一副牌應寫開室和閉室兩項", "a board needs its open and its closed room"),
    "twice": ("同一个房间写了两次", "同一個房間寫了兩次", "the same room is written twice"),
    "no_points": ("没有写得分：写 points，或 tricks（及 kitty、x）", "沒有寫得分：寫 points，或 tricks（及 kitty、x）",
                  "no points: write points, or tricks (with kitty and x)"),
    "no_tricks": ("写了底牌分或倍数，却没有写所得牌分 tricks", "寫了底牌分或倍數，卻沒有寫所得牌分 tricks",
                  "the kitty or its multiplier is written without the points in tricks"),
    "no_x": ("写了底牌分，却没有写倍数 x", "寫了底牌分，卻沒有寫倍數 x", "the kitty is written without its multiplier x"),
    "no_kitty": ("写了倍数 x，却没有写底牌分 kitty", "寫了倍數 x，卻沒有寫底牌分 kitty", "x is written without the kitty's points"),
    "over_200": ("所得牌分 {0} 加底牌分 {1} 超过 200", "所得牌分 {0} 加底牌分 {1} 超過 200",
                 "{0} in tricks plus {1} in the kitty is more than 200"),
    "x": ("倍数 {0} 不对（单扣 ×{1}，对子扣底 ×{2}）", "倍數 {0} 不對（單扣 ×{1}，對子扣底 ×{2}）",
          "multiplier {0} is not allowed (x{1} single, x{2} with a pair)"),
    "not_played": ("not_played 只能写 true", "not_played 只能寫 true", "not_played can only be true"),
    "not_played_alone": ("未打的牌不能同时写得分", "未打的牌不能同時寫得分", "a board not played has no points"),
    "adjusted_alone": ("调整分不能同时写得分或罚分", "調整分不能同時寫得分或罰分", "an adjusted board has no points or penalty"),
    "adjusted_side": ("应为违例方 NS 或 EW（或其编号），或 {{NS: 40, EW: 60}}", "應為違例方 NS 或 EW（或其編號），或 {{NS: 40, EW: 60}}",
                      "should be the offending side, NS or EW (or its id), or {{NS: 40, EW: 60}}"),
    "adjusted_percent": ("百分比应在 0 到 100 之间", "百分比應在 0 到 100 之間", "a percentage is 0 to 100"),
    "adjusted_both": ("NS 和 EW 的百分比都要写", "NS 和 EW 的百分比都要寫", "give both NS and EW"),
    "penalty_form": ("应为键值表 {{against: NS, points: 20}}", "應為鍵值表 {{against: NS, points: 20}}",
                     "should be a mapping {{against: NS, points: 20}}"),
    "penalty_key": ("未知的键 {0}（可用 {1}）", "未知的鍵 {0}（可用 {1}）", "unknown key {0} (use {1})"),
    "penalty_missing": ("要写 against（受罚方）和 points（罚分）", "要寫 against（受罰方）和 points（罰分）",
                        "needs against (the offending side) and points"),
    "penalty_side": ("受罚方 {0} 应为 NS、EW 或本桌一方的编号", "受罰方 {0} 應為 NS、EW 或本桌一方的編號",
                     "the offending side {0} should be NS, EW or the id of a side at the table"),
    "penalty_points": ("罚分 {0} 应为 5 的倍数，5 到 200", "罰分 {0} 應為 5 的倍數，5 到 200",
                       "penalty points {0} should be a multiple of 5 from 5 to 200"),
    "penalty_room": ("写在一副牌上的罚分要用 room 指明开室或闭室", "寫在一副牌上的罰分要用 room 指明開室或閉室",
                     "a penalty written on the board needs room: open or closed"),
    "table_number": ("牌号应为从 1 起的整数", "牌號應為從 1 起的整數", "board numbers are whole numbers from 1"),
    "table_row": ("应为 庄位 阶数，如 N 2、W 10、北 K", "應為 莊位 階數，如 N 2、W 10、北 K",
                  "should be the declarer's seat and the level, e.g. N 2, W 10"),
    "band": ("的档 {0} 看不懂（写 5-10、180+，或只写每档的下限 5）", "的檔 {0} 看不懂（寫 5-10、180+，或只寫每檔的下限 5）",
             "band {0} cannot be read (write 5-10, 180+, or each band's lowest net, 5)"),
    "band_order": ("的档 {0} 上限小于下限", "的檔 {0} 上限小於下限", "band {0} ends before it starts"),
    "band_mp": ("的档 {0} 的比赛分 {1} 应为不小于 0 的数", "的檔 {0} 的比賽分 {1} 應為不小於 0 的數",
                "band {0}: match points {1} should be a number, 0 or more"),
    "band_start": ("要从净得分差 0 开始", "要從淨得分差 0 開始", "must start at a net of 0"),
    "band_overlap": ("从 {0} 起的档与前一档重叠", "從 {0} 起的檔與前一檔重疊", "the band from {0} overlaps the one before"),
    "band_gap": ("在 {0} 和 {1} 之间漏了净得分差", "在 {0} 和 {1} 之間漏了淨得分差", "leaves out nets between {0} and {1}"),
    "band_down": ("比赛分应随净得分差增加而不减", "比賽分應隨淨得分差增加而不減", "match points must not go down as the net grows"),
    "band_open": ("最后一档 {0} 要写成不封顶（如 180+）", "最後一檔 {0} 要寫成不封頂（如 180+）",
                  "the last band {0} must be open-ended (e.g. 180+)"),
}


def _problem(kind: str, *details: object) -> dict[str, str]:
    """A localised problem text; a detail may itself be localised (a dict by locale)."""
    return localised_format(_PROBLEMS[kind], *details)


TABLE_FORM = TableForm(("home", "away"), ("boards:", "  1: {{open: 85, closed: 40}}"))
PAIRS_FORM = TableForm(("ns", "ew"), ("boards: {{1: 85, 2: 0}}",))

RULES = ShengjiRules()


# --- error messages (merged into generator/messages.py CATALOGUE) ------------------------------

_POINTS_HINT = (
    "写防守方实得分（含扣底分，5 的倍数；光头写 0），或分项 {{tricks: 60, kitty: 25, x: 2}}。",
    "寫防守方實得分（含扣底分，5 的倍數；光頭寫 0），或分項 {{tricks: 60, kitty: 25, x: 2}}。",
    "write the defenders' points (kitty included, a multiple of 5; 0 when shut out), or the parts {{tricks: 60, kitty: 25, x: 2}}.",
)

MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "shengji-points-syntax": {
        "zh-Hans": ("第 {board} 副{room}的记录 {text} 看不懂：{problem}", _POINTS_HINT[0]),
        "zh-Hant": ("第 {board} 副{room}的記錄 {text} 看不懂：{problem}", _POINTS_HINT[1]),
        "en": ("board {board}{room}: cannot read {text}: {problem}", _POINTS_HINT[2]),
    },
    "shengji-points-step": {
        "zh-Hans": ("第 {board} 副{room}：{what} {value} 不是 5 的倍数", "分数牌只有 5、10、K，得分总是 5 的倍数；核对记分表。"),
        "zh-Hant": ("第 {board} 副{room}：{what} {value} 不是 5 的倍數", "分數牌只有 5、10、K，得分總是 5 的倍數；核對記分表。"),
        "en": ("board {board}{room}: {what} {value} is not a multiple of 5",
               "the point cards are 5s, 10s and kings, so points are always a multiple of 5; check the score sheet."),
    },
    "shengji-points-range": {
        "zh-Hans": ("第 {board} 副{room}：{what} {value} 不可能（应在 {low} 到 {high} 之间）", "{why}核对记分表。"),
        "zh-Hant": ("第 {board} 副{room}：{what} {value} 不可能（應在 {low} 到 {high} 之間）", "{why}核對記分表。"),
        "en": ("board {board}{room}: {what} {value} is impossible (should be {low} to {high})", "{why} Check the score sheet."),
    },
    "shengji-breakdown": {
        "zh-Hans": ("第 {board} 副{room}的分项不对：{problem}", "分项写 {{tricks: 所得牌分, kitty: 底牌分, x: 倍数}}；倍数按本阶段的 kitty（默认单扣 ×2，对子扣底 ×4）。"),
        "zh-Hant": ("第 {board} 副{room}的分項不對：{problem}", "分項寫 {{tricks: 所得牌分, kitty: 底牌分, x: 倍數}}；倍數按本階段的 kitty（預設單扣 ×2，對子扣底 ×4）。"),
        "en": ("board {board}{room}: the parts are wrong: {problem}",
               "write {{tricks: points in tricks, kitty: the kitty's points, x: multiplier}}; the multipliers are the stage's kitty (x2 single, x4 pair by default)."),
    },
    "shengji-breakdown-sum": {
        "zh-Hans": ("第 {board} 副{room}：分项 {tricks} + {kitty}×{x} = {sum}，与记录的得分 {points} 不符", "核对记分表上的所得牌分、底牌分和倍数。"),
        "zh-Hant": ("第 {board} 副{room}：分項 {tricks} + {kitty}×{x} = {sum}，與記錄的得分 {points} 不符", "核對記分表上的所得牌分、底牌分和倍數。"),
        "en": ("board {board}{room}: the parts {tricks} + {kitty}×{x} = {sum}, not the {points} written",
               "check the points in tricks, the kitty and its multiplier on the score sheet."),
    },
    "shengji-room-missing": {
        "zh-Hans": ("第 {board} 副缺少{room}的记录", "每副牌写开室和闭室两项，例如 1: {{open: 85, closed: 40}}。"),
        "zh-Hant": ("第 {board} 副缺少{room}的記錄", "每副牌寫開室和閉室兩項，例如 1: {{open: 85, closed: 40}}。"),
        "en": ("board {board} has no {room} result", "write both rooms, e.g. 1: {{open: 85, closed: 40}}."),
    },
    "shengji-penalty": {
        "zh-Hans": ("第 {board} 副{room}的罚分看不懂：{problem}", "写成 penalty: {{against: NS, points: 20}}：against 是受罚（违例）的一方，points 是罚给对方的分数（每张 10 分）。"),
        "zh-Hant": ("第 {board} 副{room}的罰分看不懂：{problem}", "寫成 penalty: {{against: NS, points: 20}}：against 是受罰（違例）的一方，points 是罰給對方的分數（每張 10 分）。"),
        "en": ("board {board}{room}: cannot read the penalty: {problem}",
               "write penalty: {{against: NS, points: 20}}: against is the offending side, points go to the other side (10 a card)."),
    },
    "shengji-adjusted": {
        "zh-Hans": ("第 {board} 副的调整分 {text} 看不懂：{problem}", "写 adjusted: NS（违例方得 0%，另一方得 60%），或 adjusted: {{NS: 40, EW: 60}}。"),
        "zh-Hant": ("第 {board} 副的調整分 {text} 看不懂：{problem}", "寫 adjusted: NS（違例方得 0%，另一方得 60%），或 adjusted: {{NS: 40, EW: 60}}。"),
        "en": ("board {board}: cannot read the adjusted score {text}: {problem}",
               "write adjusted: NS (the offending side gets 0 %, the other 60 %), or adjusted: {{NS: 40, EW: 60}}."),
    },
    "shengji-pairs-only": {
        "zh-Hans": ("{key} 只用于双人赛", "队式赛每副牌记开闭室的防守方得分；藏牌错误终止的牌由裁判把剩余分数判给非违例方后照常记分。"),
        "zh-Hant": ("{key} 只用於雙人賽", "隊式賽每副牌記開閉室的防守方得分；藏牌錯誤終止的牌由裁判把剩餘分數判給非違例方後照常記分。"),
        "en": ("{key} is for the pairs event only",
               "a team board records both rooms' defenders' points; for a board stopped by the referee, record the points he awards."),
    },
    "shengji-team-only": {
        "zh-Hans": ("{key} 只用于队式赛", "双人赛按比赛分（MP）和得分率排名，不用换算表和轮空分。"),
        "zh-Hant": ("{key} 只用於隊式賽", "雙人賽按比賽分（MP）和得分率排名，不用換算表和輪空分。"),
        "en": ("{key} is for team stages only", "a pairs stage ranks by matchpoints and percentage."),
    },
    "shengji-board-table": {
        "zh-Hans": ("牌套顺序表（board_table）第 {board} 副的 {text} 看不懂：{problem}", "例如 board_table: {{1: N 2, 2: W 3, 3: S 4}}；庄位 N/E/S/W（或 北/东/南/西），阶数 2–10、J、Q、K、A。"),
        "zh-Hant": ("牌套順序表（board_table）第 {board} 副的 {text} 看不懂：{problem}", "例如 board_table: {{1: N 2, 2: W 3, 3: S 4}}；莊位 N/E/S/W（或 北/東/南/西），階數 2–10、J、Q、K、A。"),
        "en": ("board table (board_table), board {board}: cannot read {text}: {problem}",
               "e.g. board_table: {{1: N 2, 2: W 3, 3: S 4}}; seat N/E/S/W, level 2-10, J, Q, K, A."),
    },
    "shengji-board-table-gap": {
        "zh-Hans": ("牌套顺序表（board_table）缺少第 {missing} 副", "牌号从 1 连续编到 {period}；超过的牌号按表循环。"),
        "zh-Hant": ("牌套順序表（board_table）缺少第 {missing} 副", "牌號從 1 連續編到 {period}；超過的牌號按表循環。"),
        "en": ("the board table (board_table) has no board {missing}",
               "number the boards 1 to {period} without gaps; later boards repeat the table."),
    },
    "shengji-conversion": {
        "zh-Hans": ("换算表（conversion）{problem}", "例如 conversion: {{0: 0, 5: 1, 15: 2, 25: 3}}（每档写下限），或 {{\"0\": 0, \"5-10\": 1, \"180+\": 10}}。"),
        "zh-Hant": ("換算表（conversion）{problem}", "例如 conversion: {{0: 0, 5: 1, 15: 2, 25: 3}}（每檔寫下限），或 {{\"0\": 0, \"5-10\": 1, \"180+\": 10}}。"),
        "en": ("conversion table (conversion): {problem}",
               "e.g. conversion: {{0: 0, 5: 1, 15: 2, 25: 3}} (each band's lowest net), or {{\"0\": 0, \"5-10\": 1, \"180+\": 10}}."),
    },
    "shengji-bye-with-play": {
        "zh-Hans": ("{id} 轮空，这一桌不应有牌的记录", "轮空的一桌只写一方；删去 boards，或补上对手。"),
        "zh-Hant": ("{id} 輪空，這一桌不應有牌的記錄", "輪空的一桌只寫一方；刪去 boards，或補上對手。"),
        "en": ("{id} has the bye: this table has no boards", "a bye is a table with one side; remove boards, or add the opponent."),
    },
    "shengji-forfeit-with-play": {
        "zh-Hans": ("{id} 弃权，这一桌不应有牌的记录", "弃权的一场不打牌；删去 boards 或 forfeit。"),
        "zh-Hant": ("{id} 棄權，這一桌不應有牌的記錄", "棄權的一場不打牌；刪去 boards 或 forfeit。"),
        "en": ("{id} forfeits: this table has no boards", "a forfeited match is not played; remove boards or forfeit."),
    },
    "shengji-board-count": {
        "zh-Hans": ("第 {table} 桌记录了 {count} 副牌，本阶段每轮打 {boards} 副", "核对这一桌的记分表；未打的牌写 {{not_played: true}}。"),
        "zh-Hant": ("第 {table} 桌記錄了 {count} 副牌，本階段每輪打 {boards} 副", "核對這一桌的記分表；未打的牌寫 {{not_played: true}}。"),
        "en": ("table {table} records {count} boards; this stage plays {boards} a round",
               "check the table's score sheet; write {{not_played: true}} for a board not played."),
    },
    "shengji-board-twice": {
        "zh-Hans": ("{pair} 在第 {round} 轮第 {table} 桌又打了第 {board} 副（第 {first_round} 轮第 {first_table} 桌已打过）",
                    "米切尔移位中每对每副牌只打一次；核对牌号和这一轮的座位。"),
        "zh-Hant": ("{pair} 在第 {round} 輪第 {table} 桌又打了第 {board} 副（第 {first_round} 輪第 {first_table} 桌已打過）",
                    "米切爾移位中每對每副牌只打一次；核對牌號和這一輪的座位。"),
        "en": ("{pair} plays board {board} again in round {round} at table {table} (already in round {first_round} at table {first_table})",
               "in a Mitchell every pair plays each board once; check the board numbers and this round's seating."),
    },
    "shengji-board-short": {
        "zh-Hans": ("第 {board} 副只有 {count} 桌的记录（第 {tables} 桌），其他牌最多有 {most} 桌",
                    "核对牌号是否写错、是否漏了一桌；未打的牌写 {{not_played: true}}。这副牌按 Neuberg 公式折算。"),
        "zh-Hant": ("第 {board} 副只有 {count} 桌的記錄（第 {tables} 桌），其他牌最多有 {most} 桌",
                    "核對牌號是否寫錯、是否漏了一桌；未打的牌寫 {{not_played: true}}。這副牌按 Neuberg 公式折算。"),
        "en": ("board {board} has records from {count} table(s) (table {tables}); other boards have up to {most}",
               "check for a mistyped board number or a missing table; write {{not_played: true}} for a board not played. The board is Neuberg-factored."),
    },
    "shengji-pairs-meet-twice": {
        "zh-Hans": ("{a} 与 {b} 在第 {this_round} 轮第 {this_table} 桌再次相遇（第 {round} 轮第 {table} 桌已相遇）", "米切尔移位中南北对与东西对只相遇一次；核对座位。"),
        "zh-Hant": ("{a} 與 {b} 在第 {this_round} 輪第 {this_table} 桌再次相遇（第 {round} 輪第 {table} 桌已相遇）", "米切爾移位中南北對與東西對只相遇一次；核對座位。"),
        "en": ("{a} and {b} meet again in round {this_round} at table {this_table} (round {round}, table {table})",
               "in a Mitchell each NS pair meets each EW pair once; check the seating."),
    },
}


# --- words of the templates (templates/games/shengji_*.html) ----------------------------------

UI_WORDS = {
    "sj_open": ("开室", "開室", "Open room"),
    "sj_closed": ("闭室", "閉室", "Closed room"),
    "sj_home": ("主队", "主隊", "Home"),
    "sj_away": ("客队", "客隊", "Away"),
    "sj_board": ("牌号", "牌號", "Board"),
    "sj_declarer": ("庄位", "莊位", "Declarer"),
    "sj_level": ("阶数", "階數", "Level"),
    "sj_declarers": ("庄家", "莊家", "Declarers"),
    "sj_defenders": ("防守方", "防守方", "Defenders"),
    "sj_points": ("防守方得分", "防守方得分", "Defenders' pts"),
    "sj_points_short": ("得分", "得分", "Points"),
    "sj_credits": ("计分", "計分", "Credits"),
    "sj_net": ("净得分差", "淨得分差", "Net"),
    "sj_net_home": ("净得分差（主队）", "淨得分差（主隊）", "Net (home)"),
    "sj_match_points": ("比赛分", "比賽分", "Match points"),
    "sj_total": ("合计", "合計", "Total"),
    "sj_shut_out": ("光头", "光頭", "shut out"),
    "sj_shut_out_credit": ("光头：庄家计 200", "光頭：莊家計 200", "shut out: 200 to the declarers"),
    "sj_kitty": ("扣底", "扣底", "kitty"),
    "sj_penalty": ("罚分", "罰分", "Penalty"),
    "sj_penalty_text": ("{side}违例，罚 {points} 分给对方", "{side}違例，罰 {points} 分給對方", "{side} penalised {points} to the other side"),
    "sj_note": ("备注", "備註", "Note"),
    "sj_seats": ("主队开室坐南北、闭室坐东西；客队相反。", "主隊開室坐南北、閉室坐東西；客隊相反。",
                 "The home team sits NS in the open room and EW in the closed room; the away team the other way."),
    "sj_match_line": ("{home} {hmp} : {amp} {away}", "{home} {hmp} : {amp} {away}", "{home} {hmp} : {amp} {away}"),
    "sj_net_line": ("净得分差 {net}", "淨得分差 {net}", "net {net}"),
    "sj_bye_text": ("本轮轮空：比赛分 {mp}，净得分差 {net}。", "本輪輪空：比賽分 {mp}，淨得分差 {net}。", "Bye: {mp} match points, net {net}."),
    "sj_forfeit_text": ("{loser} 弃权，{winner} 胜：比赛分 {mp}。", "{loser} 棄權，{winner} 勝：比賽分 {mp}。", "{loser} forfeits; {winner} wins: {mp} match points."),
    "sj_unplayed": ("本场尚未录入成绩，暂不计入排名。", "本場尚未錄入成績，暫不計入排名。", "No results yet; not counted."),
    "sj_pairs_unplayed": ("本桌尚未录入成绩。", "本桌尚未錄入成績。", "No results yet."),
    "sj_sit_out": ("本轮轮空（不打牌，不计分）。", "本輪輪空（不打牌，不計分）。", "Sits out this round (no boards, no score)."),
    "sj_mp": ("比赛分", "比賽分", "MP"),
    "sj_percent": ("得分率", "得分率", "%"),
    "sj_top": ("满分", "滿分", "Top"),
    "sj_adjusted": ("调整分", "調整分", "adjusted"),
    "sj_adjusted_text": ("调整分：南北 {ns}%，东西 {ew}%", "調整分：南北 {ns}%，東西 {ew}%", "adjusted: NS {ns}%, EW {ew}%"),
    "sj_offender": ("{side}违例", "{side}違例", "{side} at fault"),
    "sj_not_played": ("未打", "未打", "not played"),
    "sj_factored": ("按 Neuberg 公式折算（本副 {played} 个结果，应有 {expected} 个）", "按 Neuberg 公式折算（本副 {played} 個結果，應有 {expected} 個）",
                    "Neuberg-factored ({played} results, {expected} expected)"),
    "sj_pending_mp": ("全场各桌录入后计算比赛分。", "全場各桌錄入後計算比賽分。", "Matchpoints are computed once every table is in."),
    "sj_traveller": ("第 {n} 副牌", "第 {n} 副牌", "Board {n}"),
    "sj_traveller_of": ("各桌结果", "各桌結果", "Every table's result"),
    "sj_traveller_caption": ("第 {n} 副：{seat}家坐庄，打 {level}；{defenders}防守", "第 {n} 副：{seat}家坐莊，打 {level}；{defenders}防守",
                             "Board {n}: {seat} declares at level {level}; {defenders} defend"),
    "sj_frequency": ("得分频数", "得分頻數", "Frequency"),
    "sj_count": ("桌数", "桌數", "Tables"),
    "sj_round": ("轮", "輪", "Round"),
    "sj_table": ("桌", "桌", "Table"),
    "sj_board_link": ("第 {n} 副各桌结果", "第 {n} 副各桌結果", "board {n}: every table"),
    "sj_board_table": ("牌套顺序号及打牌阶数", "牌套順序號及打牌階數", "Boards: declarer and level"),
    "sj_board_table_note": ("庄位按北、西、南、东轮转；第 {period} 副以后按表循环（第 {next} 副同第 1 副）。",
                            "莊位按北、西、南、東輪轉；第 {period} 副以後按表循環（第 {next} 副同第 1 副）。",
                            "The declarer rotates N, W, S, E; after board {period} the table repeats (board {next} is board 1)."),
    "sj_conversion": ("分数换算表", "分數換算表", "Conversion table"),
    "sj_conversion_note": ("每副牌开闭室得分相抵后的净得分差换成比赛分，归领先的一方。光头时庄家计 200 分。",
                           "每副牌開閉室得分相抵後的淨得分差換成比賽分，歸領先的一方。光頭時莊家計 200 分。",
                           "Each board's net difference over both rooms is converted to match points for the team ahead. "
                           "When the defenders are shut out the declarers are credited 200."),
    "sj_kitty_rule": ("扣底：底牌分 ×{single}，对子扣底 ×{pair}。", "扣底：底牌分 ×{single}，對子扣底 ×{pair}。",
                      "Kitty captured by the defenders: its points x{single}, x{pair} when the last trick was led with a pair."),
    "sj_stages_using": ("适用于：{stages}", "適用於：{stages}", "Used by: {stages}"),
    "sj_net_range": ("净得分差", "淨得分差", "Net difference"),
    "sj_seat_dir_NS": ("南北", "南北", "NS"),
    "sj_seat_dir_EW": ("东西", "東西", "EW"),
    "sj_seat_N": ("北", "北", "N"),
    "sj_seat_E": ("东", "東", "E"),
    "sj_seat_S": ("南", "南", "S"),
    "sj_seat_W": ("西", "西", "W"),
    "sj_colon": ("：", "：", ": "),
    "sj_paren": ("（{text}）", "（{text}）", " ({text})"),
    "sj_after_penalty": ("罚分后 {score}", "罰分後 {score}", "{score} after penalty"),
    "sj_winner": ("本桌比赛分多者：{id}", "本桌比賽分多者：{id}", "More matchpoints at this table: {id}"),
}
UI_WORDS |= {
    "sj_boardtable_title": ("{event}牌套顺序号及打牌阶数{stage}", "{event}牌套順序號及打牌階數{stage}",
                            "{event}: boards, declarers and levels{stage}"),
    "sj_boardtable_text": ("每副牌由谁坐庄、打几，按下表；牌号超过 16 的从第 1 副起循环。",
                           "每副牌由誰坐莊、打幾，按下表；牌號超過 16 的從第 1 副起循環。",
                           "Who declares each board and at which level; boards past the table repeat it."),
    "sj_handcard_title": ("{event}牌型卡{stage}", "{event}牌型卡{stage}", "{event}: hand cards{stage}"),
    "sj_card_declarer": ("庄家", "莊家", "Declarer"),
    "sj_card_level": ("打牌阶数", "打牌階數", "Level"),
    "sj_card_seat": ("方位", "方位", "Seat"),
    "sj_card_trumps": ("主牌（含大小王）", "主牌（含大小王）", "Trumps (jokers too)"),
    "sj_card_spades": ("黑桃", "黑桃", "Spades"),
    "sj_card_hearts": ("红心", "紅心", "Hearts"),
    "sj_card_diamonds": ("方块", "方塊", "Diamonds"),
    "sj_card_clubs": ("梅花", "梅花", "Clubs"),
    "sj_sheet_team_title": ("{event}记分表{stage}", "{event}記分表{stage}", "{event}: score sheets{stage}"),
    "sj_sheet_pairs_title": ("{event}随牌记分单{stage}", "{event}隨牌記分單{stage}", "{event}: travelling score sheets{stage}"),
    "sj_sheet_team_text": (
        "每场开闭室各打一次：主队开室坐南北、闭室坐东西，客队相反；庄位和阶数按牌套顺序表。每副每室记防守方实得分（含扣底分：底牌分×{single}，对子扣底×{pair}）；"
        "光头记 0，庄家计 200 分。开闭室得分相抵后的净得分差按换算表换成比赛分，归领先的一方。",
        "每場開閉室各打一次：主隊開室坐南北、閉室坐東西，客隊相反；莊位和階數按牌套順序表。每副每室記防守方實得分（含扣底分：底牌分×{single}，對子扣底×{pair}）；"
        "光頭記 0，莊家計 200 分。開閉室得分相抵後的淨得分差按換算表換成比賽分，歸領先的一方。",
        "Each match is played in an open and a closed room: the home team sits NS in the open room, EW in the closed room. "
        "Declarer and level per the board table. Record the defenders' points in each room (kitty included: its points "
        "x{single}, x{pair} with a pair); 0 when shut out, which credits the declarers 200. Each board's net over both rooms "
        "is converted to match points for the team ahead.",
    ),
    "sj_sheet_pairs_text": (
        "随牌记分单跟着牌走，每桌打完由南家记下防守方实得分（含扣底分；光头记 0），东家核对。比赛分由裁判员计算：与同方向其他各桌比较，胜一桌得 2 分，平得 1 分。",
        "隨牌記分單跟著牌走，每桌打完由南家記下防守方實得分（含扣底分；光頭記 0），東家核對。比賽分由裁判員計算：與同方向其他各桌比較，勝一桌得 2 分，平得 1 分。",
        "The sheet travels with the board: after play South records the defenders' points (kitty included; 0 when shut out) "
        "and East checks them. The referee computes the matchpoints: 2 for each table beaten in the same direction, 1 for each tie.",
    ),
    "sj_sheet_round_table": ("第 {r} 轮第 {t} 桌", "第 {r} 輪第 {t} 桌", "round {r}, table {t}"),
    "sj_sheet_board": ("{seat} {level}", "{seat} {level}", "{seat} {level}"),
    "sj_sheet_match": ("{home} 对 {away}", "{home} 對 {away}", "{home} v {away}"),
    "sj_sheet_mp": ("比赛分（主:客）", "比賽分（主:客）", "MP (home:away)"),
    "sj_sheet_open": ("开室得分", "開室得分", "Open room"),
    "sj_sheet_closed": ("闭室得分", "閉室得分", "Closed room"),
    "sj_sheet_total": ("合计", "合計", "Total"),
    "sj_sheet_seat_level": ("庄位·阶数", "莊位·階數", "Declarer, level"),
    "sj_sheet_where": ("轮次·桌号", "輪次·桌號", "Round, table"),
}


# --- bulletins: score sheets (记分表) ---------------------------------------------------------


def bulletins(result: Any, t: Any) -> list[Any]:
    """One score sheet per stage in the notice layout: the team event's matches board by board
    (both rooms, net, match points), the pairs event's travelling score sheets (随牌记分单), one
    block per board with every table that plays it. Filled in where results are recorded, blank
    where a round is drawn only, so the same sheet serves before and after play."""
    from generator.printed import Bulletin

    event = result.event
    found = []
    for stage_result in result.stages:
        stage = stage_result.stage
        if not stage_result.rounds:
            continue
        options = RULES.options(stage)
        made = dict(organizer=event.organizer or "", date=stage.date)
        # "…（四人队式赛）记分表" rather than "…（四人队式赛）记分表（四人队式赛）".
        named = "" if stage.name in event.title else t("sj_paren", text=stage.name)
        if options.pairs:
            rows = _pairs_sheet_rows(t, stage, stage_result, options)
            found.append(Bulletin(
                f"scoresheet-{stage.id}", t("sj_sheet_pairs_title", event=event.title, stage=named),
                t("sj_sheet_pairs_text"),
                [t("sj_board"), t("sj_sheet_seat_level"), t("sj_round"), t("sj_table"), t("ns"), t("ew"),
                 t("sj_points"), f"{t('ns')} {t('sj_mp')}", f"{t('ew')} {t('sj_mp')}"],
                rows, numeric={0, 2, 3, 6, 7, 8}, **made))
        else:
            rows = _team_sheet_rows(t, stage, stage_result, options)
            found.append(Bulletin(
                f"scoresheet-{stage.id}", t("sj_sheet_team_title", event=event.title, stage=named),
                t("sj_sheet_team_text", single=options.kitty.single, pair=options.kitty.pair),
                [t("sj_sheet_where"), t("sj_board"), t("sj_sheet_seat_level"),
                 t("sj_sheet_open"), t("sj_sheet_closed"), t("sj_net_home"), t("sj_sheet_mp")],
                rows, numeric={1, 3, 4, 5}, **made))
        found.extend(_board_forms(t, event, stage, options, named, made))
    return found


def _board_forms(t: Any, event: Any, stage: Stage, options: ShengjiStage, named: str, made: dict) -> list[Any]:
    """The seed's table of boards (牌套顺序号及打牌阶数), to print and put with the board sets,
    and the hand cards (牌型卡) on which each player copies his hand after the board."""
    from generator.printed import Bulletin

    boards = range(1, (stage.boards or options.board_table.period) + 1)
    table_rows = [[str(n), t(f"seat_{options.board_table.declarer(n)}"), options.board_table.level(n)] for n in boards]
    cards = [
        {"board": str(n), "declarer": t(f"seat_{options.board_table.declarer(n)}"),
         "level": options.board_table.level(n),
         "seat_names": [t(f"seat_{seat}") for seat in ("N", "E", "S", "W")],
         "suits": [t("sj_card_trumps"), t("sj_card_spades"), t("sj_card_hearts"), t("sj_card_diamonds"),
                   t("sj_card_clubs")],
         "words": {"board": t("sj_board"), "declarer": t("sj_card_declarer"), "level": t("sj_card_level"),
                   "seat": t("sj_card_seat"), "table": t("table"), "round": t("sj_round")}}
        for n in boards
    ]
    return [
        Bulletin(f"boardtable-{stage.id}", t("sj_boardtable_title", event=event.title, stage=named),
                 t("sj_boardtable_text"), [t("sj_board"), t("sj_card_declarer"), t("sj_card_level")],
                 table_rows, numeric={0}, **made),
        Bulletin(f"handcards-{stage.id}", t("sj_handcard_title", event=event.title, stage=named), "", [], [],
                 template="sheets/shengji_handcard.html", pages=cards, **made),
    ]


def _seat_level(t: Any, options: ShengjiStage, board: int) -> str:
    seat, level = options.board_table.row(board)
    return t("sj_sheet_board", seat=t(f"seat_{seat}"), level=level)


def _team_sheet_rows(t: Any, stage: Stage, stage_result: Any, options: ShengjiStage) -> list[list[str]]:
    rows: list[list[str]] = []
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            where = t("sj_sheet_round_table", r=round_result.number, t=score.table.number)
            if not isinstance(view, TeamView) or view.away is None:
                rows.append([where, "", t("bye"), "", "", "", ""])
                continue
            rows.append([where, "", t("sj_sheet_match", home=view.home, away=view.away), "", "", "", ""])
            if view.kind == "forfeit":
                rows.append(["", "", t("forfeit") + t("sj_colon") + str(view.forfeit), "", "", "", ""])
                continue
            recorded = {row.board: row for row in view.rows}
            for board in sorted(set(range(1, (stage.boards or 8) + 1)) | set(recorded)):
                row = recorded.get(board)
                if row is None:
                    rows.append(["", str(board), _seat_level(t, options, board), "", "", "", ""])
                    continue
                rows.append(["", str(board), _seat_level(t, options, board), _room_cell(t, row.open.result),
                             _room_cell(t, row.closed.result), f"{row.net:+d}" if row.net else "0",
                             f"{_n(row.home_mp)} : {_n(row.away_mp)}"])
            if view.kind == "played":
                rows.append(["", "", t("sj_sheet_total"), "", "", f"{view.net[view.home]:+d}" if view.net[view.home] else "0",
                             f"{_n(view.match_points[view.home])} : {_n(view.match_points[view.away])}"])
            else:
                rows.append(["", "", t("sj_sheet_total"), "", "", "", ""])
    return rows


def _pairs_sheet_rows(t: Any, stage: Stage, stage_result: Any, options: ShengjiStage) -> list[list[str]]:
    by_board: dict[int, list[tuple[int, TableScore, PairsRow | None]]] = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            if not isinstance(view, PairsView) or view.ns is None or view.ew is None:
                continue
            for row in view.rows:
                by_board.setdefault(row.board, []).append((round_result.number, score, row))
    rows: list[list[str]] = []
    for board in sorted(by_board):
        for index, (number, score, row) in enumerate(by_board[board]):
            view: PairsView = score.view
            cells = [str(board) if index == 0 else "", _seat_level(t, options, board) if index == 0 else "",
                     str(number), str(score.table.number), view.ns or "", view.ew or ""]
            if row is None or not row.counted:
                cells += [t("sj_not_played") if row is not None else "", "", ""]
            elif row.result.adjusted is not None:
                cells += [t("sj_adjusted"), _n(row.ns_mp), _n(row.ew_mp)]
            else:
                cells += [str(row.score), _n(row.ns_mp), _n(row.ew_mp)]
            rows.append(cells)
    return rows


def _room_cell(t: Any, result: RoomResult) -> str:
    if result.points is None:
        return ""
    text = str(result.points)
    if result.breakdown:
        text += t("sj_paren", text=result.breakdown)
    for penalty in result.penalties:
        text += f" · {t(penalty.against.lower())}{t('sj_penalty')} {penalty.points}"
    return text


def _n(value: float | None) -> str:
    if value is None:
        return ""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}"
