"""80分's records: what a secretary writes for a table, read into the rules' types, and the
record grammar that goes with it.

A board at one table (one room) is the defenders' points: `85`, `0` (or 光头), or the breakdown
`{tricks: 60, kitty: 25, x: 2}` (on one line `60+25×2`, as the site shows it), with
`penalty: {against: NS, points: 20}` and `note`; a pairs board may also be `{adjusted: NS}` or
`{not_played: true}`. A team board names both rooms (`{open: 85, closed: 40}`, or 开室/闭室, or
`[85, 40]`); a team board the match did not play is `np` (or `{not_played: true}`, or np in
both rooms), counting for neither team. The stage keys `board_table`,
`conversion`, `kitty` and `bye` are read here too. A record that cannot be accepted is a
`RecordError` (a catalogue code and its parameters), reported where it was written.

The grammar below (seat and direction words, 光头, 单/对, 主队/客队) is what a secretary types,
in the language of the score sheets: it stays here, not in the catalogues; the room keys
(开室/闭室) and 未打 are every game's (common/rooms.py, common/shorthand.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from generator.content.model import Stage
from generator.content.reader import MAX_BOARDS, Reader, suggestion, wrong_board_number
from generator.content.yaml_loader import YamlList, YamlMap, load_yaml_text, mark_of_key
from generator.errors import Mark, Problems
from generator.games.common.boards import board_block, match_board_count
from generator.games.common.shorthand import half_width, shown, side_named
# np, 未打 as bridge takes them; `{not_played: true}` is read where a board's or a result's keys
# are (a pairs result has it beside its other keys, not alone as bridge's board does)
from generator.games.common.shorthand import not_played_written as is_not_played
from generator.games.shengji.rules import (
    DEFAULT_BOARD_TABLE,
    DEFAULT_CONVERSION,
    DIRECTIONS,
    KITTY_MOST,
    LEVELS,
    PENALTY_MOST,
    STEP,
    TOTAL_POINTS,
    Band,
    BoardTable,
    ByeCredit,
    Conversion,
    KittyRule,
    PairsRecord,
    Penalty,
    RoomResult,
    ShengjiStage,
    TeamBoard,
    TeamRecord,
    adjusted_split,
    defenders_points,
    room_sides,
)
from generator.games.common.rooms import ROOM_KEYS, ROOMS, OneRoom, other_room, report_pending, room_at, room_name
from generator.games.common.rooms import room_value as room_as_written
from generator.games.shengji.words import Localised, problem, word

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
# The kitty's multiplier by name: x single (单扣) or x pair (对子扣底).
KITTY_WORDS = {"single": "single", "pair": "pair", "单": "single", "單": "single", "对": "pair", "對": "pair"}
RESULT_KEYS = ("points", "tricks", "kitty", "x", "penalty", "note")
PAIRS_RESULT_KEYS = (*RESULT_KEYS, "adjusted", "not_played")
PENALTY_KEYS = ("against", "points", "note", "room")
BOARD_KEYS = (*ROOM_KEYS, "penalty", "note", "not_played")
# How the board key lists its words in a message (the keys a secretary may type).
BOARD_KEYS_TEXT = "open, closed（开室、闭室）, penalty, note, not_played"
# A penalty's side in a team room: home or away (or a team id).
TEAM_WORDS = {"home": "home", "主队": "home", "主隊": "home", "away": "away", "客队": "away", "客隊": "away"}
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
        said = problem("number", what=_what(what))
        raise RecordError("shengji-points-syntax", mark, text=shown(value), problem=said, form_problem=said)
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
    `adjusted: NS` and `not_played: true`; `np` (not played) in both events, a team room's
    read as the board's (_read_team_board). `against` resolves a penalty's side (an entry id)."""
    if isinstance(value, str):
        text = half_width(value).strip()  # ８５, －５ as a Chinese input method types them
        if text in SHUT_OUT_WORDS:
            return RoomResult(points=0, mark=mark)
        parts = breakdown_parts(text)
        if parts is not None:  # 60 + 25×2, as the site and the score sheets write it
            return _parse_mapping(parts, mark, kitty, pairs, against)
        if is_not_played(text):
            return RoomResult(not_played=True, mark=mark)
        if re.fullmatch(r"[+-]?\d{1,9}", text):
            value = int(text)
    if _whole(value) or isinstance(value, float):
        return RoomResult(points=_check_points(value, "points", 0, kitty.most, mark), mark=mark)
    if isinstance(value, (YamlMap, dict)):
        return _parse_mapping(value, mark, kitty, pairs, against)
    # (a pairs board may also be adjusted: the forms it takes are said with what it cannot read)
    # (`form_problem`: what a team room's box takes, as the desk's form says it, no mapping of
    # the results file's keys; a pairs board's is said as `check` says it)
    raise RecordError("shengji-points-syntax", mark, text=shown(value), problem=problem("pairs_form" if pairs else "form"),
                      form_problem=box_takes(pairs))


def box_takes(pairs: bool) -> Localised:
    """What a room's box takes, as the desk's form says it (a problem's `form_problem`): a team
    room's, no mapping of the results file's keys; a pairs board's, whose box takes np and the
    adjusted score 0%/60% as its form says (its boards' hint, typed_adjusted)."""
    return problem("desk_pairs_form" if pairs else "desk_form")


# The breakdown written on one line as the site and the score sheets show it (扣底 60 + 25×2:
# tricks + kitty × x), so a secretary copies it back as it reads: 60+25×2, 60+25x2, 60+25*2.
_BREAKDOWN = re.compile(r"\s*([0-9]{1,4})\s*\+\s*([0-9]{1,4})\s*[x×*]\s*([0-9]{1,2})\s*", re.IGNORECASE)


def breakdown_parts(text: str) -> dict[str, int] | None:
    """`60 + 25×2` -> {tricks: 60, kitty: 25, x: 2}, the mapping it stands for (read and checked
    as that mapping is); None for any other text."""
    match = _BREAKDOWN.fullmatch(half_width(text))
    if match is None:
        return None
    tricks, kitty, x = map(int, match.groups())
    return {"tricks": tricks, "kitty": kitty, "x": x}


def breakdown_text(value: object) -> str | None:
    """A room's written breakdown as the site shows it and the desk's field takes it back
    (`60+25×2`): a mapping of `tricks`, `kitty` and `x` only (a `points` that is their sum
    besides); None for anything else, which has no one-line form."""
    if not isinstance(value, dict) or not {"tricks", "kitty", "x"} <= set(value) <= {"tricks", "kitty", "x", "points"}:
        return None
    tricks, kitty, x = (value[k] for k in ("tricks", "kitty", "x"))
    if not all(_whole(n) for n in (tricks, kitty, x)):
        return None
    if "points" in value and value["points"] != defenders_points(tricks, kitty, x):
        return None  # a sum that disagrees: shown as written, for the reader to say so
    return f"{tricks}+{kitty}\u00d7{x}"


# An adjusted score as the desk's pairs form takes it and shows it, in the form's words: NS's
# and EW's percentages of the top, as the computed score says them (调整分：南北 0%，东西 60%),
# 0%/60% for NS the offender (第五条 4.D), 40%/60% the referee's own (第七条). The results
# file's `{adjusted: NS}` on the form was its keys, which a secretary does not type.
_ADJUSTED = re.compile(r"\s*([0-9]{1,3})\s*%\s*/\s*([0-9]{1,3})\s*%\s*")


def typed_adjusted(text: str) -> dict[str, Any] | None:
    """`0%/60%` -> {adjusted: NS} (the rule's split, NS offending: written as the rules name
    it), `60%/0%` -> {adjusted: EW}, any other two percentages -> {adjusted: {NS: 40, EW: 60}};
    None for any other text, or a percentage over 100 (said as a box it cannot read)."""
    match = _ADJUSTED.fullmatch(half_width(text))
    if match is None:
        return None
    ns, ew = int(match.group(1)), int(match.group(2))
    if ns > 100 or ew > 100:
        return None
    side = next((side for side in DIRECTIONS if adjusted_split(side) == (ns, ew)), None)
    return {"adjusted": side} if side is not None else {"adjusted": {"NS": ns, "EW": ew}}


def is_adjusted(board: Any) -> bool:
    """Whether a pairs board, as typed into the desk's box (0%/60%, the flow form
    {adjusted: NS}) or as the results file has it ({adjusted: NS}, a note beside it), is an
    adjusted score: the referee's to award (\u7b2c\u4e94\u6761 4.D, \u7b2c\u4e03\u6761), not the table's."""
    if isinstance(board, str):
        board = typed_result(board)
    return isinstance(board, dict) and board.get("adjusted") is not None


def has_penalty(board: Any) -> bool:
    """Whether a pairs board, as typed into the desk's box (the flow form {points: 85, penalty:
    {against: NS, points: 20}}) or as the results file has it, carries a penalty: the referee's
    to give (\u7b2c\u516d\u6761), not the table's."""
    if isinstance(board, str):
        board = typed_result(board)
    return isinstance(board, dict) and board.get("penalty") not in (None, "", [], {})


def adjusted_shown(value: Any) -> str | None:
    """A pairs board written `{adjusted: NS}` or `{adjusted: {NS: 40, EW: 60}}` alone as the
    desk's box shows it and takes it back (typed_adjusted): 0%/60%, 40%/60%; None otherwise."""
    if not isinstance(value, dict) or set(value) != {"adjusted"}:
        return None
    adjusted = value["adjusted"]
    if isinstance(adjusted, str) and adjusted in DIRECTIONS:
        ns, ew = adjusted_split(adjusted)
    elif isinstance(adjusted, dict) and set(adjusted) == set(DIRECTIONS) \
            and all(_whole(pct) and 0 <= pct <= 100 for pct in adjusted.values()):
        ns, ew = adjusted["NS"], adjusted["EW"]
    else:
        return None
    return f"{ns}%/{ew}%"


def typed_result(text: str) -> Any:
    """One room's result as typed into the desk's field, as the results file is to hold it: the
    breakdown `60+25×2` and a mapping typed in YAML's flow form (`{tricks: 60, kitty: 25, x: 2}`,
    `{points: 85, penalty: {against: NS, points: 20}}`) as the mapping, read by the content
    loader as it reads the file; a whole number (full-width too) as a number; other text as it
    is, for the reader to read or to say it cannot."""
    text = text.strip()
    parts = breakdown_parts(text)
    if parts is not None:
        return parts
    adjusted = typed_adjusted(text)  # (a team room's is refused by the reader: shengji-pairs-only)
    if adjusted is not None:
        return adjusted
    flat = half_width(text)
    if flat.startswith("{") and flat.endswith("}"):
        problems = Problems()
        found = load_yaml_text(flat, Path("desk"), problems)
        if isinstance(found, dict) and not problems.errors:  # (a key twice: the text, not half of it)
            return found
    # ８５ and －５ as a Chinese input method types them: written 85 and -5, as the pages show them
    return int(flat) if re.fullmatch(r"[-+]?[0-9]{1,6}", flat) else text


def with_note_room(result: Any) -> dict[str, Any]:
    """A pairs board's result typed alone (85, np, 光头, what the reader is to say it cannot read)
    as the mapping a note can be written beside: {points: 85}, {not_played: true}."""
    if isinstance(result, str) and is_not_played(result):
        return {"not_played": True}
    return {"points": result}


def without_note(board: Any) -> Any:
    """A pairs board as written without its note, as its box shows it (the note a box of its
    own): {points: 85, note: ...} as 85, {not_played: true, note: ...} as np, any other mapping
    without its note; a board with no note as it is (with_note_room the way back)."""
    if not isinstance(board, dict) or "note" not in board:
        return board
    rest = {key: value for key, value in board.items() if key != "note"}
    if set(rest) == {"points"} and not isinstance(rest["points"], (dict, list)):
        return rest["points"]
    if rest == {"not_played": True}:
        return "np"
    return rest


def room_with_note(board: Any) -> str:
    """The room whose own value holds the board's one note (`open: {points: 85, note: ...}`),
    where the board has no note of its own and no other room one: the desk shows that note in
    the board's note box and the room's result alone in its box; "" for any other board."""
    if not isinstance(board, dict) or "note" in board:
        return ""
    noted = [room for room in ROOMS if isinstance(value := room_value(board, room), dict) and "note" in value]
    return noted[0] if len(noted) == 1 else ""


def room_with_typed_note(result: Any, note: str) -> Any:
    """A room's result as typed (85, 60+25×2's mapping, np) with the note the board's note box
    gave it back (room_with_note): the room's mapping, the note beside its result."""
    value = dict(result) if isinstance(result, dict) else with_note_room(result)
    value["note"] = note
    return value


def room_value(board: Any, room: str) -> Any:
    """One room's result of a team board as written: `{open: 85, closed: 40}` (or 开室/闭室) or
    `[85, 40]`; None when the board does not have it."""
    if is_not_played(board) or (isinstance(board, dict) and board.get("not_played") is True):
        return "np"  # the board not played: each room's box says so, and a save writes it again
    return room_as_written(board, room)


def result_text(value: Any) -> str:
    """A room's written result as the desk's field shows it, to be saved again as it is: the
    breakdown as the site shows it (`60+25×2`), any other mapping in YAML's flow form."""
    if isinstance(value, dict):
        return breakdown_text(value) or adjusted_shown(value) or _flow(value)
    return "" if value is None else str(value)  # 85, 光头 as written


def part_text(value: Any) -> str:
    """A team board's penalty or note as the desk's field shows it, to be saved again as it is:
    a penalty (a mapping, or a list of them) in YAML's flow form, a note as written."""
    if isinstance(value, (dict, list)):
        return _flow(value)
    return "" if value is None else str(value)


def typed_part(text: str, sides: Sequence[str] = ()) -> Any:
    """A team board's penalty as typed into the desk's field: `{room: open, against: home,
    points: 20}` or a list of them in YAML's flow form as the data, read by the content loader
    as it reads the file; or as a phone types it, the room, the side penalised and the points
    (`开室 H03 20`, `closed away 10`; several apart with ；or ;), as that mapping; anything else as
    typed, for the reader to say what it should be."""
    flat = half_width(text.strip())
    if (flat.startswith("{") and flat.endswith("}")) or (flat.startswith("[") and flat.endswith("]")):
        problems = Problems()
        found = load_yaml_text(flat, Path("desk"), problems)
        if isinstance(found, (dict, list)) and not problems.errors:
            return found
    short = [_short_penalty(item, sides) for item in re.split(r"\s*;\s*", flat) if item.strip()]
    if short and all(item is not None for item in short):
        return short[0] if len(short) == 1 else short
    return text.strip()


def _short_penalty(typed: str, sides: Sequence[str]) -> dict[str, Any] | None:
    """`开室 H03 20` -> {room: open, against: H03, points: 20}; None when it is not that shape.
    Points of any sign (`开室 H03 -20`): the reader says what is wrong with them, which a box
    taken as text only heard as a penalty not written as a mapping."""
    words = typed.split()
    if len(words) != 3 or words[0] not in ROOM_KEYS or not re.fullmatch(r"[-+]?[0-9]{1,4}", words[2]):
        return None
    against = words[1] if words[1] in ("home", "away") else side_named(words[1], list(sides))
    return {"room": ROOM_KEYS[words[0]], "against": against, "points": int(words[2])}


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    # a word YAML reads back as this text (NS, 光头, a note without punctuation), else quoted
    if re.fullmatch(r"[^\W\d][\w]*", text) and text.lower() not in ("true", "false", "null", "yes", "no",
                                                                   "on", "off", "y", "n"):
        return text
    return json.dumps(text, ensure_ascii=False)


def _marks(node: Any, key: Any, fallback: Mark | None) -> Mark | None:
    marks = getattr(node, "value_marks", None)
    return marks.get(key, fallback) if marks else fallback


def _key_mark(node: Any, key: Any, fallback: Mark | None) -> Mark | None:
    marks = getattr(node, "key_marks", None)
    return marks.get(key, fallback) if marks else fallback


def _parse_mapping(node: dict, mark: Mark | None, kitty: KittyRule, pairs: bool,
                   against: Callable[[str], str | None] | None) -> RoomResult:
    allowed = PAIRS_RESULT_KEYS if pairs else RESULT_KEYS
    # (`form_problem`: each reason as the desk's form says it, of its box, not of the file's keys)
    for key in node:
        if key not in allowed:
            if key in ("adjusted", "not_played"):
                raise RecordError("shengji-pairs-only", _key_mark(node, key, mark), key=key, form_problem=box_takes(pairs))
            raise RecordError("key-unknown", _key_mark(node, key, mark), key=key,
                              suggestion=suggestion(key, allowed), allowed=", ".join(allowed), form_problem=box_takes(pairs))
    note = None if node.get("note") is None else str(node["note"]).strip()
    penalties = parse_penalties(node.get("penalty"), _marks(node, "penalty", mark), against) \
        if node.get("penalty") is not None else ()
    if pairs and node.get("adjusted") is not None:
        if any(node.get(k) is not None for k in ("points", "tricks", "kitty", "x", "penalty", "not_played")):
            raise RecordError("shengji-adjusted", _marks(node, "adjusted", mark), text=shown(node["adjusted"]),
                              problem=problem("adjusted_alone"))
        split, offender = _parse_adjusted(node["adjusted"], _marks(node, "adjusted", mark), against)
        return RoomResult(adjusted=split, offender=offender, note=note, mark=mark)
    if pairs and node.get("not_played") is not None:
        flag = node["not_played"]
        if flag is not True:
            raise RecordError("shengji-not-played", _marks(node, "not_played", mark), text=shown(flag),
                              problem=problem("not_played"), form_problem=problem("desk_not_played"))
        if any(node.get(k) is not None for k in ("points", "tricks", "kitty", "x", "penalty")):
            raise RecordError("shengji-not-played", mark, text="{…}", problem=problem("not_played_alone"),
                              form_problem=problem("desk_not_played_alone"))
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
    # (a part left out is said by the parts the box takes, not by the key missing)
    parts = problem("desk_breakdown_parts")
    if tricks is None and (kitty_points is not None or x is not None):
        raise RecordError("shengji-breakdown", mark, problem=problem("no_tricks"), form_problem=parts,
                          single=kitty.single, pair=kitty.pair)
    if tricks is not None:
        if kitty_points and x is None:
            raise RecordError("shengji-breakdown", _marks(node, "kitty", mark), problem=problem("no_x"),
                              form_problem=parts, single=kitty.single, pair=kitty.pair)
        if x is not None and kitty_points is None:
            raise RecordError("shengji-breakdown", _marks(node, "x", mark), problem=problem("no_kitty"),
                              form_problem=parts, single=kitty.single, pair=kitty.pair)
        if tricks + (kitty_points or 0) > TOTAL_POINTS:
            said = problem("over_200", tricks=tricks, kitty=kitty_points)
            raise RecordError("shengji-breakdown", mark, problem=said, form_problem=said,
                              single=kitty.single, pair=kitty.pair)
        total = defenders_points(tricks, kitty_points or 0, x or 1)
        if points is not None and points != total:
            raise RecordError("shengji-breakdown-sum", _marks(node, "points", mark), tricks=tricks,
                              kitty=kitty_points or 0, x=x or 1, sum=total, points=points)
        points = total
    if points is None:
        raise RecordError("shengji-points-syntax", mark, text="{…}", problem=problem("no_points"),
                          form_problem=box_takes(pairs))
    return RoomResult(points, tricks, kitty_points, x, penalties, note=note, mark=mark)


def _parse_x(value: object, mark: Mark | None, kitty: KittyRule) -> int:
    value = half_width(value) if isinstance(value, str) else value  # ｘ２, ×４
    words = {name: getattr(kitty, rule) for name, rule in KITTY_WORDS.items()}
    if isinstance(value, str) and value.strip().lower() in words:
        return words[value.strip().lower()]
    if isinstance(value, str) and re.fullmatch(r"[x×]?\d", value.strip().lower()):
        value = int(value.strip().lower().lstrip("x×"))
    if not _whole(value) or value not in kitty.allowed:
        said = problem("x", x=shown(value), single=kitty.single, pair=kitty.pair)
        raise RecordError("shengji-breakdown", mark, problem=said, form_problem=said, single=kitty.single, pair=kitty.pair)
    assert isinstance(value, int)
    return value


def _side_word(value: object) -> str | None:
    text = half_width(str(value)).strip()  # ＮＳ, ｅｗ
    return DIRECTION_WORDS.get(text.upper() if text.isascii() else text)


def parse_penalties(value: object, mark: Mark | None,
                    against: Callable[[str], str | None] | None = None,
                    teams: Sequence[str] = ()) -> tuple[Penalty, ...]:
    """`{against: NS, points: 20}` or a list of them. `against` (the offending side) is NS or
    EW, or whatever the resolver accepts (an entry id at the table; `teams`: the match's, a team
    board's penalty)."""
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
            raise penalty_error(item_mark, "penalty_form")
        for key in item:
            if key not in PENALTY_KEYS:
                raise penalty_error(_key_mark(item, key, item_mark), "penalty_key", key=key, keys=", ".join(PENALTY_KEYS[:3]))
        if item.get("against") is None or item.get("points") is None:
            raise penalty_error(item_mark, "penalty_missing")
        side = _side_word(item["against"])
        if side is None and against is not None:
            side = against(half_width(str(item["against"])).strip())
        if side is None:
            said = shown(item["against"])
            # (a team board's penalty names a team of the match, as the desk's box asks for one)
            raise penalty_error(_marks(item, "against", item_mark), "penalty_side", side=said,
                                form=problem("desk_penalty_team", side=said, a=teams[0], b=teams[-1]) if teams else None)
        points = item["points"]
        if not _whole(points) or points <= 0 or points % STEP or points > PENALTY_MOST:
            raise penalty_error(_marks(item, "points", item_mark), "penalty_points", points=shown(points))
        note = None if item.get("note") is None else str(item["note"]).strip()
        found.append(Penalty(side, points, note))
    return tuple(found)


# The penalty's problems that are about its shape (a mapping with these keys), which the desk's
# box, typed as 哪一室 罚哪队 几分, says in its own words (desk_penalty_shape)
PENALTY_SHAPES = ("penalty_form", "penalty_key", "penalty_missing", "penalty_room")


def penalty_error(mark: Mark | None, kind: str, form: Localised | None = None, **details: object) -> RecordError:
    """A penalty that cannot be read: `check`'s reason (`problem`, the results file's keys), and
    the reason as the desk's form says it (`form_problem`): the same where it names no key (the
    points, the side), else that the box is not written as 哪一室 罚哪队 几分 (its shape), or
    `form`, the caller's own."""
    said = problem(kind, **details)
    in_form = form or (problem("desk_penalty_shape") if kind in PENALTY_SHAPES else said)
    return RecordError("shengji-penalty", mark, problem=said, form_problem=in_form)


def _parse_adjusted(value: object, mark: Mark | None,
                    against: Callable[[str], str | None] | None) -> tuple[tuple[float, float], str | None]:
    """`NS` (the offending side: 0 % to it, 60 % to the other) or `{NS: 40, EW: 60}` (the
    referee's own percentages of the top, 第七条)."""
    if isinstance(value, (YamlMap, dict)):
        found: dict[str, float] = {}
        for key, pct in value.items():
            side = _side_word(key)
            if side is None or side in found:
                raise RecordError("shengji-adjusted", _key_mark(value, key, mark), text=shown(key),
                                  problem=problem("adjusted_side"))
            if isinstance(pct, bool) or not isinstance(pct, (int, float)) or not 0 <= pct <= 100:
                raise RecordError("shengji-adjusted", _marks(value, key, mark), text=shown(pct),
                                  problem=word("problem_adjusted_percent"))
            found[side] = pct
        if set(found) != set(DIRECTIONS):
            raise RecordError("shengji-adjusted", mark, text="{…}", problem=word("problem_adjusted_both"))
        return (found["NS"], found["EW"]), None
    side = _side_word(value)
    if side is None and against is not None:
        side = against(half_width(str(value)).strip())
    if side is None:
        raise RecordError("shengji-adjusted", mark, text=shown(value), problem=problem("adjusted_side"))
    return adjusted_split(side), side


# --- stage keys ----------------------------------------------------------------------------


def read_board_table(reader: Reader) -> BoardTable | None:
    """`board_table: {1: N 2, 2: W 3, …}` (or {declarer: N, level: 2} / [N, 2] per board),
    numbered from 1 without gaps; None (and problems recorded) when it cannot be read."""
    node = reader.raw("board_table")
    problems = reader.problems
    if not isinstance(node, YamlMap) or not node:
        problems.add("type-expected", reader.value_mark("board_table"), key=f"{reader.where}board_table",
                     expected=word("sj_expected_board_table"),
                     found=shown(node))
        return None
    rows: dict[int, tuple[str, str]] = {}
    ok = True
    for number, value in node.items():
        mark = node.value_marks.get(number, node.mark)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_BOARDS:
            problems.add("shengji-board-table", node.key_marks.get(number, node.mark), board=number,
                         text=shown(value), problem=problem("table_number"))
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
            problems.add("shengji-board-table", mark, board=number, text=shown(value), problem=problem("table_row"))
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
                     expected=word("sj_expected_conversion"),
                     found=shown(node))
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
                problems.add("shengji-conversion", key_mark, problem=problem("band_order", band=key))
                return None
        else:
            problems.add("shengji-conversion", key_mark, problem=problem("band", band=shown(key)))
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            problems.add("shengji-conversion", node.value_marks.get(key, node.mark),
                         problem=problem("band_mp", band=shown(key), points=shown(value)))
            return None
        bands.append((low, high, value, explicit, key_mark))
    bands.sort(key=lambda b: b[0])
    if bands[0][0] != 0:
        problems.add("shengji-conversion", bands[0][4], problem=problem("band_start"))
        return None
    made: list[Band] = []
    for index, (low, high, mp, explicit, mark) in enumerate(bands):
        following = bands[index + 1] if index + 1 < len(bands) else None
        if following is not None:
            if not explicit:
                high = following[0] - 1
            elif high is None or following[0] <= high:
                problems.add("shengji-conversion", following[4], problem=problem("band_overlap", low=following[0]))
                return None
            elif (following[0] - 1) // STEP > high // STEP:
                problems.add("shengji-conversion", following[4],
                             problem=problem("band_gap", high=high, low=following[0]))
                return None
            if following[2] < mp:
                problems.add("shengji-conversion", following[4], problem=problem("band_down"))
                return None
        elif explicit and high is not None:
            problems.add("shengji-conversion", mark, problem=problem("band_open", low=low))
            return None
        else:
            high = None
        made.append(Band(low, high, mp))
    return Conversion(tuple(made))


def read_stage_options(reader: Reader, stage_format: str) -> ShengjiStage:
    """A stage's keys: board_table, conversion, kitty and bye (the last two: team stages)."""
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


# --- one table of a results file ----------------------------------------------------------------


def read_team_table(reader: Reader, stage: Stage, options: ShengjiStage,
                    default: int) -> tuple[list[tuple[str, Mark]], TeamRecord]:
    """A team match: home, away and each board's open and closed room. `default`: the boards a
    match plays where the stage says none (Game.default_boards)."""
    reader.check_keys(("table", "referee", "forfeit", "home", "away", "boards"), required=("home",))
    sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("home", "away") if reader.has(key)]
    ids = [s for s, _ in sides]
    written = reader.raw("boards")
    record = TeamRecord(played=isinstance(written, YamlMap) and len(written) > 0)
    if written is not None and not isinstance(written, YamlMap):
        reader.mapping("boards")  # records the type problem
        return sides, record
    # (a list is no forfeit: the loader says this game has no double forfeit, forfeit-double-not-in-game)
    if len(ids) == 1 or (reader.raw("forfeit") is not None and not isinstance(reader.raw("forfeit"), YamlList)):
        if record.played:
            code = "bye-with-play" if len(ids) == 1 else "forfeit-with-play"
            reader.problems.add(code, reader.key_mark("boards"), id=ids[0] if len(ids) == 1 else reader.raw("forfeit"))
        record.played = False
        return sides, record
    if not record.played:
        return sides, record
    assert isinstance(written, YamlMap)
    record.boards_mark = written.mark
    # Boards may be numbered on through the rounds (1 to rounds x boards); the board table
    # repeats over them (board 17 is board 1's seat and level).
    limit = stage.boards * max(stage.rounds or 1, 1) if stage.boards else None
    numbers: set[int] = set()
    pending: list[tuple[int, str, Mark]] = []  # one warning a room typed, after the loop
    for number, value in written.items():
        board_mark = written.value_marks.get(number, written.mark)
        if wrong_board_number(reader.problems, number, mark_of_key(written, number), limit or None, None):
            continue
        numbers.add(number)
        board = _read_team_board(reader.problems, number, value, board_mark, options, ids, record.one_room,
                                 pending)
        if board is not None:
            record.boards.append(board)
    report_pending(reader.problems, pending, reader.raw("table"), "1: {open: 85, closed: 40}")
    record.boards.sort(key=lambda b: b.board)
    # the stage's boards, else the game's default the desk's form offers (Game.boards_short's count)
    expected = match_board_count(stage, numbers, default, through=True, round_number=reader.round_number)
    if expected and numbers:
        reader.problems.items.extend(boards_missing_warning(reader.raw("table"), numbers,
                                                            board_block(numbers, expected), written.mark))
    every = set(board_block(numbers, expected)) if expected and numbers else numbers
    if record.boards and not record.one_room and len(record.boards) == len(numbers) >= len(every) \
            and all(board.open.not_played and board.closed.not_played for board in record.boards):
        # np on every board: the match played none, and 0 : 0 is no result (a draw worth nothing
        # to either team, standing in the standings as a match played), as Da Guai Lu Zi's and bridge's
        # teams matches refuse it: a forfeit or the referee's decision is the result.
        reader.problems.add("shengji-match-all-not-played", reader.key_mark("boards"), table=reader.raw("table"),
                            first=record.boards[0].board, away=ids[1] if len(ids) > 1 else "")
    return sides, record

def boards_missing_warning(table: Any, numbers: set[int], block: range | None, mark: Mark) -> list[Any]:
    """shengji-boards-missing for a team match holding `numbers` of `block` (its boards as the
    rule counts them, common.boards.match_block; None: its file's numbering, none said): 80分's
    own, its fix naming np, a board the match did not play, which the other games'
    boards-missing has no word for. Said by the reader, and again with the stage's rounds
    before (Game.recount_boards)."""
    missing = sorted(set(block or ()) - numbers)
    if not missing:
        return []
    found = Problems()
    found.add("shengji-boards-missing", mark, warning=True, table=table, missing=missing, first=missing[0])
    return found.items


def _read_team_board(problems: Problems, number: int, value: Any, board_mark: Mark,
                     options: ShengjiStage, ids: list[str], waiting: list[OneRoom],
                     pending: list[tuple[int, str, Mark]]) -> TeamBoard | None:
    """The board with both rooms; a board with one room only goes to `waiting` (None).

    A board the match did not play (`np`, `{not_played: true}`, or np in both rooms): both its
    rooms not played, crediting neither team and netting 0, so 0 match points each. The rules
    (seed 004) say nothing of it beyond the director's deciding (第七条.5); this is bridge's
    choice, a board not played at a pairs table scoring for neither pair, and what its teams'
    average (A=, 0 IMPs each) comes to. Without it a match that skipped a board waited forever
    (Game.boards_short) and `paibang pair` with it."""
    rooms: dict[str, tuple[Any, Mark]] = {}
    board_penalty: tuple[Any, Mark] | None = None
    note = None
    unplayed: tuple[Any, Mark] | None = None  # `not_played:` written on the board
    if is_not_played(value):
        skipped = RoomResult(not_played=True, mark=board_mark)
        return TeamBoard(number, skipped, skipped, None, board_mark)
    if isinstance(value, YamlMap):
        for key, item in value.items():
            key_mark = value.key_marks.get(key, board_mark)
            item_mark = value.value_marks.get(key, board_mark)
            room = ROOM_KEYS.get(str(key).strip())
            if key == "penalty":
                board_penalty = (item, item_mark)
            elif key == "note":
                note = None if item is None else str(item).strip()
            elif key == "not_played":
                unplayed = (item, item_mark)
            elif room is None:
                problems.add("key-unknown", key_mark, key=key, suggestion=suggestion(key, BOARD_KEYS),
                             allowed=BOARD_KEYS_TEXT)
                return None
            elif room in rooms:
                problems.add("shengji-points-syntax", key_mark, board=number, room=room_at(room), room_id=room,
                             text=str(key), problem=word("problem_room_twice"))
                return None
            else:
                rooms[room] = (item, item_mark)
    elif isinstance(value, YamlList) and len(value) == 2:
        rooms = {room: (item, mark) for room, item, mark in zip(ROOMS, value, value.item_marks)}
    else:
        problems.add("shengji-points-syntax", board_mark, board=number, room=room_at(None),
                     text=shown(value), problem=word("problem_board_rooms"))
        return None
    if unplayed is not None:
        flag, flag_mark = unplayed
        if flag is not True:
            problems.add("shengji-not-played", flag_mark, board=number, room=room_at(None), text=shown(flag),
                         problem=problem("not_played"))
        elif rooms or board_penalty is not None:
            problems.add("shengji-not-played", board_mark, board=number, room=room_at(None), text="{…}",
                         problem=problem("not_played_alone"))
        else:
            skipped = RoomResult(not_played=True, mark=board_mark)
            return TeamBoard(number, skipped, skipped, note, board_mark)
        return None
    if not rooms and (board_penalty is not None or note is not None):
        # A board's own penalty or note with neither room (typed at the desk before the
        # board's sheets came in): one problem that says so, not "open missing, closed missing"
        # with a fix that makes no mention of what was written.
        problems.add("shengji-board-without-rooms", board_mark, board=number)
        return None
    results: dict[str, RoomResult] = {}
    # One room written, the other not yet: the secretary enters the open room's sheets as they
    # come, before the closed room's (event-day.md). Not an error: the board waits, and with it
    # the match (score_team_table: pending). A board with neither room is an error.
    one_room = len(rooms) == 1
    for room in ROOMS:
        if room not in rooms:
            if not one_room:
                problems.add("shengji-room-missing", board_mark, board=number, room=room_name(room),
                             other=room_name(other_room(room)), room_id=room, other_id=other_room(room))
            continue
        item, item_mark = rooms[room]
        mark = item_mark
        try:
            results[room] = parse_result(item, mark, options.kitty, pairs=False,
                                         against=_team_resolver(room, ids))
        except RecordError as error:
            _report(problems, error, mark, board=number, room=room_at(room), room_id=room)
    held = []  # penalties against the room not written yet (OneRoom.held)
    if board_penalty is not None:
        item, item_mark = board_penalty
        try:
            extra = _board_penalties(item, item_mark, ids)
        except RecordError as error:
            _report(problems, error, item_mark, board=number, room=room_at(None))
            return None
        for room, penalty in extra:
            if room in results and results[room].not_played:
                # (a room not played keeps its np: the board, np with a penalty, is said so below;
                # made a result of no points, its np was lost, and the other room's np was told
                # "the open room has a result")
                continue
            if room in results:
                current = results[room]
                results[room] = RoomResult(current.points, current.tricks, current.kitty, current.x,
                                           (*current.penalties, penalty), note=current.note, mark=current.mark)
            elif one_room and room not in rooms:
                # against the room not written yet: it stays in the file and counts with that room
                # (nothing of a board counts before both rooms are in); said, not dropped unseen,
                # by check and on the pending match's page
                problems.add("shengji-penalty-waiting", item_mark, warning=True, board=number,
                             room=room_name(room), room_id=room)
                held.append(penalty)
    if one_room:
        (room,) = rooms
        other = other_room(room)
        if room in results:
            pending.append((number, room, board_mark))
            waiting.append(OneRoom(number, room, results[room], tuple(held)))
        else:  # the one room written cannot be read: the other is missing too, as before
            problems.add("shengji-room-missing", board_mark, board=number, room=room_name(other),
                         other=room_name(room))
        return None
    if len(results) != 2:
        return None
    skipped = [room for room in ROOMS if results[room].not_played]
    if len(skipped) == 1:
        # Played in one room only: nothing to net it against. The board is not played in the
        # match (np, both rooms), or the other room's result is to be found.
        (room,) = skipped
        # (`room_id`: the message names its room, which the desk's form does not say again before it)
        problems.add("shengji-room-not-played", results[room].mark or board_mark, board=number,
                     room=room_name(room), other=room_name(other_room(room)), room_id=room)
        return None
    if skipped and board_penalty is not None:
        problems.add("shengji-not-played", board_mark, board=number, room=room_at(None), text="{…}",
                     problem=problem("not_played_alone"), form_problem=problem("desk_not_played_alone"))
        return None
    return TeamBoard(number, results["open"], results["closed"], note, board_mark)

def read_pairs_table(reader: Reader, stage: Stage, options: ShengjiStage,
                     default: int) -> tuple[list[tuple[str, Mark]], PairsRecord]:
    """A pairs table: ns, ew and one result a board. `default`: Game.default_boards, for the
    count a table's boards are held against (match_board_count, whose rule gives a pairs
    stage its `boards` and, the stage saying none, nothing: the movement deals them)."""
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
        reader.problems.add("bye-with-play", reader.key_mark("boards"), id=sides[0][0] if sides else "?")
        return sides, record
    # A Mitchell deals as many board sets as tables, which the round's file knows and one
    # table does not: any board number is read here, and score_field warns about a board
    # with fewer results than the others (a mistyped number).
    limit = None
    resolver = _pairs_resolver(record.ns, record.ew)
    for number, value in written.items():
        mark = written.value_marks.get(number, written.mark)
        if wrong_board_number(reader.problems, number, mark_of_key(written, number), limit or None, None):
            continue
        try:
            record.boards.append((number, parse_result(value, mark, options.kitty, pairs=True, against=resolver)))
        except RecordError as error:
            if error.code == "shengji-points-syntax":
                # its fix names a pairs board's own forms too (np, {adjusted: NS}): the team
                # board's said only the points, and `adjusted: NS`, `NS 0%` went unanswered
                error.code = "shengji-pairs-points-syntax"
            _report(reader.problems, error, mark, board=number, room=room_at(None))
    record.boards.sort(key=lambda b: b[0])
    expected = match_board_count(stage, written, default, through=True, round_number=reader.round_number)
    if expected and written and len(written) != expected:
        reader.problems.add("shengji-board-count", written.mark, warning=True, table=reader.raw("table"),
                            count=len(written), boards=expected)
    return sides, record


def _team_resolver(room: str, ids: list[str]) -> Callable[[str], str | None]:
    """A penalty's `against` in a team room: home/away or a team id -> NS or EW of that room."""
    seats = {team: side for side, team in room_sides(room).items()}

    def resolve(text: str) -> str | None:
        word = TEAM_WORDS.get(text.lower() if text.isascii() else text)
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
            raise penalty_error(item_mark, "penalty_form")
        room = ROOM_KEYS.get(str(item.get("room", "")).strip())
        if room is None:
            raise penalty_error(_marks(item, "room", item_mark), "penalty_room")
        rest = {k: v for k, v in item.items() if k != "room"}
        if isinstance(item, YamlMap):
            copy = YamlMap(rest)
            copy.mark, copy.key_marks, copy.value_marks = item.mark, item.key_marks, item.value_marks
            rest = copy
        found.extend((room, p) for p in parse_penalties(rest, item_mark, _team_resolver(room, ids), ids))
    return found


def _report(problems: Problems, error: RecordError, fallback: Mark, **context: object) -> None:
    problems.add(error.code, error.mark or fallback, **{**context, **error.params})



def _what(what: str) -> Localised:
    """What a number is, in a message: the defenders' points, the points in tricks, the kitty's."""
    return word(f"sj_what_{what}")


def _why(what: str, high: int) -> Localised:
    if what in ("kitty", "tricks"):
        return word(f"sj_why_{what}")
    return word("sj_why_points", high=high)
