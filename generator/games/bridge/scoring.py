"""Contract bridge (桥牌), its pure rules: board conditions, the score of one contract, board
records as secretaries write them, and the stage options and board rows both halves of the game
(games/bridge/__init__.py, the seed's total points; games/bridge/duplicate.py, pairs and teams) share.

The rules follow ../shared/spec/rules-bridge.md. Scores are always computed here; a score the
secretary typed is only checked against the computed one. Nothing here knows a tournament, a
page or a file format: interchange/ (PBN, USEBIO) builds on this module.

>>> contract_score(Contract(4, "S"), 0, vulnerable=False)
420
>>> contract_score(Contract(4, "H", doubled=1), -2, vulnerable=True)
-500
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator import catalogues
from generator.content.yaml_loader import YamlMap
from generator.errors import Mark
from generator.games.common.shorthand import half_width, not_played_written, replace_words

FOLDER = Path(__file__).resolve().parent  # the package: its catalogues are bridge's words and messages


def word(key: str, /, **params: object) -> dict[str, str]:
    """One of bridge's words (or a shared one) in every locale, parameters filled in (`{{` is a
    brace), as message parameters carry a text: {locale: text}."""
    return catalogues.word(key, FOLDER, **params)


SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
VULNERABILITY_MODES = ("standard", "none", "all", "ns", "ew")
SCORING_METHODS = ("total", "matchpoints", "imps", "butler")

# The standard 16-board cycle (seed 000 附件一 三、局况).
_STANDARD_CYCLE = {
    **dict.fromkeys((1, 8, 11, 14), "None"),
    **dict.fromkeys((2, 5, 12, 15), "NS"),
    **dict.fromkeys((3, 6, 9, 16), "EW"),
    **dict.fromkeys((4, 7, 10, 13), "Both"),
}
_FORCED = {"none": "None", "all": "Both", "ns": "NS", "ew": "EW"}


# --- board conditions -------------------------------------------------------------------


def dealer(board: int) -> str:
    """N deals boards 1, 5, 9, 13; E 2, 6, 10, 14; and so on round the table."""
    return SEATS[(board - 1) % 4]


def vulnerability(board: int, mode: str = "standard") -> str:
    """None, NS, EW or Both; `mode` other than standard forces one for every board."""
    if mode != "standard":
        return _FORCED[mode]
    return _STANDARD_CYCLE[(board - 1) % 16 + 1]


def is_vulnerable(seat: str, board_vulnerability: str) -> bool:
    side = "NS" if seat in ("N", "S") else "EW"
    return board_vulnerability in (side, "Both")


# --- one contract -----------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    level: int
    strain: str
    doubled: int = 0  # 0 undoubled, 1 doubled (X), 2 redoubled (XX)

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled}"


def _trick_value(strain: str) -> int:
    return 20 if strain in ("C", "D") else 30


def contract_score(contract: Contract, result: int, vulnerable: bool) -> int:
    """The declarer's score: `result` is 0 for made exactly, +k overtricks, -k down."""
    if result < 0:
        return -_penalty(-result, contract.doubled, vulnerable)
    multiplier = (1, 2, 4)[contract.doubled]
    bid_points = _trick_value(contract.strain) * contract.level
    if contract.strain == "NT":
        bid_points += 10  # 40 for the first trick in no trumps
    contract_points = bid_points * multiplier
    score = contract_points
    score += (500 if vulnerable else 300) if contract_points >= 100 else 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[contract.doubled]  # the "insult"
    if contract.doubled:
        score += result * (200 if vulnerable else 100) * contract.doubled
    else:
        score += result * _trick_value(contract.strain)
    return score


def _penalty(down: int, doubled: int, vulnerable: bool) -> int:
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:  # 100, 200, 200, then 300 each from the 4th
        penalty = sum(100 if n == 1 else 200 if n <= 3 else 300 for n in range(1, down + 1))
    return penalty * doubled


# --- a board record ---------------------------------------------------------------------


@dataclass(frozen=True)
class BoardRecord:
    """One board as played at one table. `contract` None means passed out."""

    board: int
    contract: Contract | None
    declarer: str | None = None
    result: int = 0
    recorded: int | None = None  # the NS score the secretary typed, a cross-check
    lead: str | None = None
    mark: Mark | None = None


class RecordError(ValueError):
    """A board record that cannot be read; `problem` says why, in English words for the code."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


_CONTRACT = re.compile(r"^([1-7])(NT|C|D|H|S)(XX|X)?$")
_RESULT = re.compile(r"^(=|[+-](?:1[0-3]|[1-9]))$")
_SCORE = re.compile(r"^[+-]?\d{1,5}$")
PASS_WORDS = ("pass", "passed", "allpass", "ap")
PASS_CHINESE = ("不叫", "全不叫", "四家不叫", "都不叫", "pass")


def parse_contract(text: str) -> Contract:
    text = replace_words(half_width(text).strip(), SHORTHAND).replace(" ", "").upper()
    match = _CONTRACT.match(text)
    if not match:
        raise RecordError("bridge-board-syntax", problem=problem_text("contract", text))
    level, strain, doubled = match.groups()
    return Contract(int(level), strain, len(doubled or ""))


def parse_result(value: object, contract: Contract | None = None) -> int:
    """`=`, `+k` or `-k`. With the contract, a signed number no deal can give (`+82`: more
    overtricks than there are tricks) is refused saying the most this contract can make and go
    down (1NT: -7 to +6); a number within 1-13 that this contract cannot make (1NT +7) is
    _checked's impossible result."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = replace_words(half_width(str(value)), SHORTHAND).replace(" ", "")
    if not _RESULT.match(text):
        if re.fullmatch(r"[+-]0+", text):  # +0: in range, but made exactly is written `=`
            raise RecordError("bridge-board-syntax", problem=problem_text("result_zero", text))
        if contract is not None and re.fullmatch(r"[+-]\d{1,6}", text):
            raise RecordError("bridge-board-syntax", problem=word(
                "br_record_result_range", text=text, contract=str(contract), **result_range(contract)))
        raise RecordError("bridge-board-syntax", problem=problem_text("result", text))
    return 0 if text == "=" else int(text)


# Paper score sheets are in Chinese: 4黑桃 北 宕2, 3无将加倍 东 超1, 全不叫. Suits and doubles
# stick to the level; seats and results become words of their own.
SHORTHAND = {
    "无将": "NT", "無將": "NT", "黑桃": "S", "红心": "H", "红桃": "H", "紅心": "H", "紅桃": "H",
    "方块": "D", "方片": "D", "方塊": "D", "梅花": "C", "草花": "C",
    "♠": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C", "♤": "S",
    "再加倍": "XX", "加倍": "X",
    "北": " N ", "东": " E ", "東": " E ", "南": " S ", "西": " W ",
    "宕": " -", "下": " -", "超": " +", "正好": " = ", "刚好": " = ", "剛好": " = ", "完成": " = ",
}
# Beside one room, the IMPs the scorer recorded for the board (duplicate.py): `imps`, or as a
# Chinese score sheet heads the column (国际比赛分, IMP), as the rooms have their 开室/闭室.
RECORDED_IMPS_KEYS = ("imps", "imp", "国际比赛分", "國際比賽分")
_COMPACT = re.compile(r"^([1-7])(NT|[CDHS])(XX|X)?\s*([NESW])\s*(=|[+-]\d{1,2})\s*([+-]?\d{1,5})?$")


def canonical_text(value: str) -> str:
    """A typed record in the canonical spelling: ４黑桃加倍 南 宕２ -> 4SX S -2; 4sn= -> 4S N =."""
    text = replace_words(half_width(value).strip(), SHORTHAND).upper()
    text = " ".join(text.split())
    if text.replace(" ", "").lower() in PASS_WORDS or value.strip() in PASS_CHINESE:
        return "pass"
    match = _COMPACT.match(text)
    if match:
        level, strain, doubled, seat, result, score = match.groups()
        return " ".join(filter(None, [f"{level}{strain}{doubled or ''}", seat, result, score]))
    return text


def typed_board(value: Any) -> Any:
    """A board as typed at the desk, as the results file is to hold it: a record the grammar
    reads in its canonical spelling (3nt n = -> 3NT N =, 4Sx s -2 -> 4SX S -2, as
    content-format.md writes them), so that the secretary's file and any script reading it see
    one spelling; anything else as typed, for the check to name it as typed."""
    if not isinstance(value, str):
        return value
    try:
        _written_board(value)
    except RecordError:
        return value
    return canonical_text(value)


def parse_board(board: int, value: Any, mark: Mark | None = None) -> BoardRecord:
    """Read `4S N = 420`, `3NT E +1`, `pass`, or the mapping form {contract, by, result, score, lead}.
    Chinese and full-width spellings are accepted (see SHORTHAND)."""
    if isinstance(value, YamlMap) or isinstance(value, dict):
        return _parse_mapping(board, value, mark)
    if not isinstance(value, str):
        raise RecordError("bridge-board-syntax", problem=problem_text("form", str(value)))
    contract, declarer, result, recorded = _written_board(value)
    if contract is None:
        return BoardRecord(board, None, mark=mark)
    return BoardRecord(board, contract, declarer, result, recorded, None, mark)


@lru_cache(maxsize=1 << 12)
def _written_board(value: str) -> tuple[Contract | None, str | None, int, int | None]:
    """A board written as one text, read: (contract, declarer, result, score typed), the
    contract None when passed out; RecordError when it cannot be read. Each text once: a field
    plays the same board to the same few results (an error is not kept, and raised anew)."""
    parts = canonical_text(value).split()
    if not parts:
        raise RecordError("bridge-board-syntax", problem=word("problem_record_empty"))
    if "".join(parts).lower() in PASS_WORDS:
        return None, None, 0, None
    if len(parts) < 3:
        raise RecordError("bridge-board-syntax", problem=problem_text("short", value))
    if len(parts) > 4:
        raise RecordError("bridge-board-syntax", problem=problem_text("long", value))
    contract = parse_contract(parts[0])
    declarer = _seat(parts[1])
    result = parse_result(parts[2], contract)
    recorded = _score(parts[3]) if len(parts) == 4 else None
    _checked(BoardRecord(0, contract, declarer, result, recorded))
    return contract, declarer, result, recorded


def _parse_mapping(board: int, value: dict, mark: Mark | None) -> BoardRecord:
    unknown = set(value) - {"contract", "by", "result", "score", "lead"}
    if unknown:
        raise RecordError("bridge-board-syntax", problem=problem_text("keys", ", ".join(map(str, unknown))))
    contract_text = str(value.get("contract", "")).strip()
    if contract_text.lower() in PASS_WORDS or contract_text in PASS_CHINESE:
        return BoardRecord(board, None, mark=mark)
    for key in ("contract", "by", "result"):
        if value.get(key) is None:
            raise RecordError("bridge-board-syntax", problem=problem_text("missing", key))
    contract = parse_contract(contract_text)
    declarer = _seat(str(value["by"]))
    result = parse_result(value["result"], contract)
    recorded = _score(str(value["score"])) if value.get("score") is not None else None
    lead = str(value["lead"]).strip() if value.get("lead") is not None else None
    return _checked(BoardRecord(board, contract, declarer, result, recorded, lead, mark))


def result_range(contract: Contract) -> dict[str, str]:
    """The results `contract` can have, as a message says them: 1NT from -7 (no trick) to +6
    (all 13), 7NT from -13 to =."""
    high = 7 - contract.level  # all 13 tricks
    return {"low": f"-{contract.level + 6}", "high": f"+{high}" if high else "="}


def _checked(record: BoardRecord) -> BoardRecord:
    assert record.contract is not None
    tricks = record.contract.level + 6 + record.result
    if not 0 <= tricks <= 13:
        # with the range, as a result past any deal (+82) is answered: 1NT +7 said only "14 tricks"
        raise RecordError(
            "bridge-impossible-result",
            contract=str(record.contract),
            result=result_text(record.result),
            tricks=tricks,
            **result_range(record.contract),
        )
    return record


def _seat(text: str) -> str:
    seat = replace_words(half_width(text), SHORTHAND).strip().upper()
    if seat not in SEATS:
        raise RecordError("bridge-board-syntax", problem=problem_text("declarer", text))
    return seat


def _score(text: str) -> int:
    text = half_width(text).strip()
    if not _SCORE.match(text):
        raise RecordError("bridge-board-syntax", problem=problem_text("score", text))
    return int(text)


def problem_text(kind: str, detail: str) -> dict[str, str]:
    """Why a record cannot be read (`br_record_<kind>` in bridge's catalogue), `detail` quoted."""
    return word(f"br_record_{kind}", text=detail)


def result_text(result: int) -> str:
    return "=" if result == 0 else f"{result:+d}"


def ns_score(record: BoardRecord, board_vulnerability: str) -> int:
    """The board's score from North-South's side: positive when NS gain."""
    if record.contract is None or record.declarer is None:
        return 0
    score = contract_score(record.contract, record.result, is_vulnerable(record.declarer, board_vulnerability))
    return score if record.declarer in ("N", "S") else -score


# --- what both halves of the game share: a stage's options, a board's row ------------------


@dataclass(frozen=True)
class TeamBye:
    """What a bye (or a forfeit win) earns in a teams stage."""

    vp: float = 12.0
    imps: float = 0.0


@dataclass(frozen=True)
class BridgeStage:
    vulnerability: str = "standard"
    scoring: str = "total"
    kind: str = "total"  # total (the seed's pairs at a table), pairs (a duplicate field), teams
    field: str = "one"  # pairs: one ranking, or `directions` (NS and EW ranked apart)
    bye: Any = None  # teams: a TeamBye, what a bye earns
    hands: Any = None  # hands.HandRecords, the deals (stage key `hands`)
    adjusted: str = "session"  # Law 12C2: A+/A- as the pair's session percentage when better/worse, or `fixed`
    adjusted_imps: float = 3.0  # IMP scoring: what an average-plus is worth (A- the negative)
    adjustments: tuple[Any, ...] = ()  # duplicate.Adjustment: penalties and awards on totals
    # teams: `on` (round 2 of 8-board rounds plays 9-16, as content-format.md's example and the
    # demo number them) or `same` (every round plays 1..boards); duplicate.team_round_boards
    boards_each_round: str | None = None  # (None: not written, read as "on")

    def __post_init__(self) -> None:
        if self.bye is None:
            object.__setattr__(self, "bye", TeamBye())

    @property
    def points(self) -> str:
        """What its totals are summed in, so what an adjustment in points (`adjustments`, a
        file's penalty column) is written in: `mp` in a matchpoint pairs stage, else `imps`."""
        return "mp" if self.kind == "pairs" and self.scoring == "matchpoints" else "imps"


@dataclass(frozen=True)
class BoardView:
    """One board row of a table's score sheet, as pages and bulletins show it."""

    board: int
    dealer: str
    vulnerability: str
    contract: str
    declarer: str
    result: str
    lead: str
    ns: int
    ew: int


# --- a board not played, a weighted score: extensions of the board grammar (pairs) -------------

# A board a table did not play (time ran out, a fouled board withdrawn): `np`, `not played`,
# 未打 (the words 80分 takes too: shorthand.NOT_PLAYED_WORDS), or `{not_played: true}`. Nothing
# for either pair, as a sit-out: each pair's percentage is over the boards it played
# (content-format.md).
def is_not_played(value: Any) -> bool:
    if isinstance(value, (YamlMap, dict)):
        return set(value) == {"not_played"} and value["not_played"] is True
    return not_played_written(value)


@dataclass(frozen=True)
class NotPlayedRecord:
    board: int
    mark: Mark | None = field(default=None, compare=False)


@dataclass(frozen=True)
class WeightedRecord:
    """A weighted score (Law 12C1(c)): the director's ruling that the board be scored as several
    results, each with its weight (percentages adding up to 100)."""

    board: int
    parts: tuple[tuple[float, BoardRecord], ...]
    mark: Mark | None = field(default=None, compare=False)

    @property
    def text(self) -> str:
        return ", ".join(f"{_percent_text(weight)}% {record_text(record)}" for weight, record in self.parts)


def record_text(record: BoardRecord) -> str:
    """A played board in the grammar's canonical spelling: `4SX S -2`, `pass`."""
    if record.contract is None:
        return "pass"
    return f"{record.contract} {record.declarer} {result_text(record.result)}"


# `50% 4S N =, 50% 4S N -1`: one line, as a director writes the ruling on the traveller and
# as the desk's one field takes it (a mapping form would be the same results, longer).
_WEIGHT = re.compile(r"^(\d{1,3}(?:\.\d+)?)\s*%\s*(.+)$")


def parse_weighted(board: int, value: Any, mark: Mark | None = None) -> WeightedRecord | None:
    """`50% 4S N =, 50% 4S N -1` (parts by `,` or `;`, each a weight in % and a played board);
    None when the value is not written so. RecordError when a part cannot be read or the
    weights do not add up to 100."""
    if not isinstance(value, str):
        return None
    text = half_width(value).strip()
    pieces = [p.strip() for p in re.split(r"[,;\uff0c\uff1b\u3001]", text)]
    if len(pieces) < 2 or not all(_WEIGHT.match(p) for p in pieces):
        return None
    parts = []
    for piece in pieces:
        weight, written = _WEIGHT.match(piece).groups()  # type: ignore[union-attr]
        record = parse_board(board, written, mark)
        if float(weight) <= 0:
            raise RecordError("bridge-weighted-syntax", problem=word("br_weighted_zero", text=piece))
        parts.append((float(weight), record))
    total = sum(w for w, _ in parts)
    if abs(total - 100) > 1e-6:
        raise RecordError("bridge-weighted-syntax", problem=word("br_weighted_total", total=_percent_text(total)))
    return WeightedRecord(board, tuple(parts), mark)


# --- adjusted scores (A+, A=, A-, 60%/40%): a board's artificial score -------------------------

ADJUSTED_PERCENT = {"+": 60.0, "=": 50.0, "-": 40.0}  # average plus, average, average minus


@dataclass(frozen=True)
class AdjustedRecord:
    """An adjusted (artificial) score of one board: NS's and EW's percentage of the top."""

    board: int
    ns: float
    ew: float
    mark: Mark | None = field(default=None, compare=False)
    # Written as numbers (`60%/40%`, {adjusted: {NS: 60, EW: 40}}): always those percentages;
    # A+/A-, written as words, follow the stage's `adjusted: session` rule (Law 12C2).
    fixed: bool = field(default=False, compare=False)
    # The pair that walked out (withdrawn by this round) of a withdrawn pair's table: its side
    # scores nothing, the other side's figure is its opponent's (duplicate.walked_out_table).
    walked_out: str | None = field(default=None, compare=False)

    @property
    def text(self) -> str:
        """NS's then EW's: `A+/A-`, or the percentages when they are not the usual three or
        were written as numbers (so a round trip keeps them fixed)."""
        words = {v: k for k, v in ADJUSTED_PERCENT.items()}
        if self.walked_out is not None:  # one figure, the opponent's: the withdrawn pair has none
            given = self.ew if self.walked_out == "NS" else self.ns
            return f"A{words[given]}" if not self.fixed and given in words else f"{_percent_text(given)}%"
        if not self.fixed and self.ns in words and self.ew in words:
            return f"A{words[self.ns]}/A{words[self.ew]}"
        return f"{_percent_text(self.ns)}%/{_percent_text(self.ew)}%"


def _complement(percent: float) -> float:
    return 100 - percent


_ADJUSTED = re.compile(r"^A\s*([+=-])\s*(?:/\s*A\s*([+=-]))?$", re.IGNORECASE)
_ADJUSTED_PERCENTS = re.compile(r"^A?\s*(\d{1,3}(?:\.\d+)?)\s*%\s*/\s*A?\s*(\d{1,3}(?:\.\d+)?)\s*%$", re.IGNORECASE)


def parse_adjusted(board: int, value: Any, mark: Mark | None = None) -> AdjustedRecord | None:
    """`A+`, `A=`, `A-` (EW the complement), `A+/A-` (NS, EW), `60%/40%`, or {adjusted: …};
    None when the value is not an adjusted score at all (then it is a played board)."""
    if isinstance(value, (YamlMap, dict)) and "adjusted" in value:
        if set(value) - {"adjusted"}:
            raise RecordError("bridge-adjusted-syntax", problem=_problem("adjusted_alone"))
        inner = value["adjusted"]
        if isinstance(inner, (YamlMap, dict)):
            keys = {str(k).upper(): v for k, v in inner.items()}
            if set(keys) != {"NS", "EW"}:
                raise RecordError("bridge-adjusted-syntax", problem=word("problem_adjusted_both"))
            ns, ew = (_percent(keys[k]) for k in ("NS", "EW"))
            return AdjustedRecord(board, ns, ew, mark, fixed=True)
        found = parse_adjusted(board, str(inner), mark) if inner is not None else None
        if found is None:
            raise RecordError("bridge-adjusted-syntax", problem=_problem("adjusted_form"))
        return found
    if not isinstance(value, str):
        return None
    text = half_width(value).strip()
    numbers = _ADJUSTED_PERCENTS.match(text)
    if numbers:
        return AdjustedRecord(board, _percent(float(numbers.group(1))), _percent(float(numbers.group(2))), mark,
                              fixed=True)
    match = _ADJUSTED.match(text)
    if not match:
        return None
    ns = ADJUSTED_PERCENT[match.group(1)]
    ew = ADJUSTED_PERCENT[match.group(2)] if match.group(2) else _complement(ns)
    return AdjustedRecord(board, ns, ew, mark)


# What a director writes meaning an adjusted score, that is none of its spellings: the
# percentages without their % (`60/40`), average-plus spelt out (`Avg+`, `AVE+/AVE-`, as club
# programs print it), a side's sign left off (`A+/A`).
_NEAR_PERCENTS = re.compile(r"^(\d{1,3}(?:\.\d+)?)(%?)/(\d{1,3}(?:\.\d+)?)(%?)$")
_NEAR_PERCENT = re.compile(r"^(\d{1,3}(?:\.\d+)?)%$")
_AVERAGE = r"(?:A|AV|AVG|AVE|AVER|AVERAGE)"
_NEAR_WORDS = re.compile(rf"^{_AVERAGE}([+=-]?)(?:/({_AVERAGE})?([+=-]?))?$")


def adjusted_meant(value: Any) -> str | None:
    """The adjusted score a record not read as one was meant to be, as content-format.md spells
    it (`60/40` -> 60%/40%, `Avg+` -> A+, `AVE+/AVE-` and `A+/A` -> A+/A-); None when it is no
    near miss. Read as a played board it said "declarer or result missing", and its hint was a
    contract's: the director was never told how to write what they meant."""
    if not isinstance(value, str):
        return None
    text = re.sub(r"\s+", "", half_width(value)).upper()
    if not text or parse_adjusted(0, text) is not None:
        return None
    if (both := _NEAR_PERCENTS.match(text)) and not (both.group(2) and both.group(4)):
        # the figures as written (55.5, not 55.50); EW's the complement of a lone NS figure
        ns, ew = both.group(1), both.group(3)
        return f"{ns}%/{ew}%" if float(ns) <= 100 and float(ew) <= 100 else None
    if (one := _NEAR_PERCENT.match(text)) and float(one.group(1)) <= 100:
        return f"{one.group(1)}%/{100 - float(one.group(1)):g}%"
    if words := _NEAR_WORDS.match(text):
        ns = words.group(1) or "="
        if words.group(2) is None and not words.group(3):
            return f"A{ns}"
        ew = words.group(3) or {"+": "-", "-": "+", "=": "="}[ns]
        return f"A{ns}/A{ew}"
    return None


def _percent(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
        raise RecordError("bridge-adjusted-syntax", problem=word("problem_adjusted_percent"))
    return float(value)


def _percent_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _problem(kind: str) -> dict[str, str]:
    return word(f"br_{kind}")


def vulnerability_words(board_vulnerability: str) -> dict[str, str]:
    """How a board's vulnerability reads in a sentence (`none vulnerable`, a message's parameter)."""
    return word(f"br_vul_sentence_{board_vulnerability}")
