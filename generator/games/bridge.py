"""Contract bridge (桥牌): duplicate scoring of one contract, board conditions, board records.

The rules follow ../shared/spec/rules-bridge.md. Scores are always computed here; a score the
secretary typed is only checked against the computed one.

>>> contract_score(Contract(4, "S"), 0, vulnerable=False)
420
>>> contract_score(Contract(4, "H", doubled=1), -2, vulnerable=True)
-500
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import MAX_BOARDS, Reader
from generator.content.yaml_loader import YamlMap
from generator.errors import Mark
from generator.games import Metric, SideScore, TableScore
from generator.games.shorthand import half_width, replace_words
from generator.messages import localised as _localised
from generator.messages import localised_format

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
        raise RecordError("bridge-board-syntax", problem=_problem_text("contract", text))
    level, strain, doubled = match.groups()
    return Contract(int(level), strain, len(doubled or ""))


def parse_result(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = replace_words(half_width(str(value)), SHORTHAND).replace(" ", "")
    if not _RESULT.match(text):
        raise RecordError("bridge-board-syntax", problem=_problem_text("result", text))
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


def parse_board(board: int, value: Any, mark: Mark | None = None) -> BoardRecord:
    """Read `4S N = 420`, `3NT E +1`, `pass`, or the mapping form {contract, by, result, score, lead}.
    Chinese and full-width spellings are accepted (see SHORTHAND)."""
    if isinstance(value, YamlMap) or isinstance(value, dict):
        return _parse_mapping(board, value, mark)
    if not isinstance(value, str):
        raise RecordError("bridge-board-syntax", problem=_problem_text("form", str(value)))
    words = canonical_text(value).split()
    if not words:
        raise RecordError("bridge-board-syntax", problem=_problem_text("empty", value))
    if "".join(words).lower() in PASS_WORDS:
        return BoardRecord(board, None, mark=mark)
    if len(words) < 3:
        raise RecordError("bridge-board-syntax", problem=_problem_text("short", value))
    if len(words) > 4:
        raise RecordError("bridge-board-syntax", problem=_problem_text("long", value))
    contract = parse_contract(words[0])
    declarer = _seat(words[1])
    result = parse_result(words[2])
    recorded = _score(words[3]) if len(words) == 4 else None
    return _checked(BoardRecord(board, contract, declarer, result, recorded, None, mark))


def _parse_mapping(board: int, value: dict, mark: Mark | None) -> BoardRecord:
    unknown = set(value) - {"contract", "by", "result", "score", "lead"}
    if unknown:
        raise RecordError("bridge-board-syntax", problem=_problem_text("keys", ", ".join(map(str, unknown))))
    contract_text = str(value.get("contract", "")).strip()
    if contract_text.lower() in PASS_WORDS or contract_text in PASS_CHINESE:
        return BoardRecord(board, None, mark=mark)
    for key in ("contract", "by", "result"):
        if value.get(key) is None:
            raise RecordError("bridge-board-syntax", problem=_problem_text("missing", key))
    contract = parse_contract(contract_text)
    declarer = _seat(str(value["by"]))
    result = parse_result(value["result"])
    recorded = _score(str(value["score"])) if value.get("score") is not None else None
    lead = str(value["lead"]).strip() if value.get("lead") is not None else None
    return _checked(BoardRecord(board, contract, declarer, result, recorded, lead, mark))


def _checked(record: BoardRecord) -> BoardRecord:
    assert record.contract is not None
    tricks = record.contract.level + 6 + record.result
    if not 0 <= tricks <= 13:
        raise RecordError(
            "bridge-impossible-result",
            contract=str(record.contract),
            result=result_text(record.result),
            tricks=tricks,
        )
    return record


def _seat(text: str) -> str:
    seat = replace_words(half_width(text), SHORTHAND).strip().upper()
    if seat not in SEATS:
        raise RecordError("bridge-board-syntax", problem=_problem_text("declarer", text))
    return seat


def _score(text: str) -> int:
    text = half_width(text).strip()
    if not _SCORE.match(text):
        raise RecordError("bridge-board-syntax", problem=_problem_text("score", text))
    return int(text)


_PROBLEMS = {
    "contract": ("定约 {0} 应为 1–7 加 C/D/H/S/NT，可加 X 或 XX", "定約 {0} 應為 1–7 加 C/D/H/S/NT，可加 X 或 XX", "contract {0} should be 1–7 and C/D/H/S/NT, optionally X or XX"),
    "result": ("结果 {0} 应为 =、+k 或 -k", "結果 {0} 應為 =、+k 或 -k", "result {0} should be =, +k or -k"),
    "declarer": ("庄家 {0} 应为 N、E、S 或 W", "莊家 {0} 應為 N、E、S 或 W", "declarer {0} should be N, E, S or W"),
    "score": ("记录的分数 {0} 应为带符号的整数", "記錄的分數 {0} 應為帶符號的整數", "recorded score {0} should be a signed whole number"),
    "short": ("缺少庄家或结果", "缺少莊家或結果", "declarer or result missing"),
    "long": ("多出了内容", "多出了內容", "extra words at the end"),
    "empty": ("记录是空的", "記錄是空的", "the record is empty"),
    "form": ("应为一行文字或键值表", "應為一行文字或鍵值表", "should be a line of text or a mapping"),
    "keys": ("未知的键 {0}（可用 contract, by, result, score, lead）", "未知的鍵 {0}（可用 contract, by, result, score, lead）", "unknown key(s) {0} (use contract, by, result, score, lead)"),
    "missing": ("缺少 {0}", "缺少 {0}", "{0} is missing"),
}


def _problem_text(kind: str, detail: str) -> dict[str, str]:
    return localised_format(_PROBLEMS[kind], detail)


def result_text(result: int) -> str:
    return "=" if result == 0 else f"{result:+d}"


def ns_score(record: BoardRecord, board_vulnerability: str) -> int:
    """The board's score from North-South's side: positive when NS gain."""
    if record.contract is None or record.declarer is None:
        return 0
    score = contract_score(record.contract, record.result, is_vulnerable(record.declarer, board_vulnerability))
    return score if record.declarer in ("N", "S") else -score


def board_block(written: set[int], per_round: int) -> range:
    """The boards a round plays when a stage numbers its boards on through the rounds (1 to
    rounds x boards): the block of `per_round` holding the lowest board written (9-16 for a round
    of 8 whose first board is 9), so a missing board is one of the round's, not of round 1's."""
    first = (min(written) - 1) // per_round * per_round + 1
    return range(first, first + per_round)


# --- the game's surface for the tournament layer --------------------------------------------


@dataclass(frozen=True)
class BridgeStage:
    vulnerability: str = "standard"
    scoring: str = "total"
    kind: str = "total"  # total (the seed's pairs at a table), pairs (a duplicate field), teams
    field: str = "one"  # pairs: one ranking, or `directions` (NS and EW ranked apart)
    bye: Any = None  # teams: bridge_duplicate.TeamBye, what a bye earns
    hands: Any = None  # bridge_hands.HandRecords, the deals (stage key `hands`)
    adjusted: str = "session"  # Law 12C2: A+/A- as the pair's session percentage when better/worse, or `fixed`
    adjusted_imps: float = 3.0  # IMP scoring: what an average-plus is worth (A- the negative)
    adjustments: tuple[Any, ...] = ()  # bridge_duplicate.Adjustment: penalties and awards on totals

    def __post_init__(self) -> None:
        if self.bye is None:
            from generator.games.bridge_duplicate import TeamBye

            object.__setattr__(self, "bye", TeamBye())


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


@dataclass(frozen=True)
class MatchView:
    rows: list[BoardView]
    ns_total: int
    ew_total: int
    layout = "total"  # which part of templates/games/bridge_table.html shows it

    @property
    def has_leads(self) -> bool:
        return any(r.lead for r in self.rows)

    def running(self, side: int) -> list[int]:
        """The side's own column summed board by board (side 0 NS, 1 EW)."""
        totals, total = [], 0
        for row in self.rows:
            total += row.ns if side == 0 else row.ew
            totals.append(total)
        return totals




class BridgeRules:
    name = "bridge"
    title = _localised("桥牌", "橋牌", "Bridge")
    formats = ("matches", "pairs", "swiss", "round_robin")
    stage_keys = ("vulnerability", "scoring", "hands", "field", "bye", "adjusted", "adjusted_imps", "adjustments")
    table_keys = ("ns", "ew", "home", "away", "boards")
    metrics = {
        "total": Metric(
            "total",
            _localised("总分", "總分", "Total"),
            _localised("本方一栏得分之和（南北方记南北栏，东西方记东西栏）。", "本方一欄得分之和（南北方記南北欄，東西方記東西欄）。", "the sum of the pair's own column (NS or EW) on the score sheet."),
        ),
        "net": Metric(
            "net",
            _localised("净胜分", "淨勝分", "Net"),
            _localised("本方得分减去对方得分。", "本方得分減去對方得分。", "own points minus the opponents'."),
        ),
        "first_board": Metric(
            "first_board",
            _localised("首副得分", "首副得分", "First board"),
            _localised("本方在所打第一副牌上的得分（总分相同时，首副得分高者列前）。", "本方在所打第一副牌上的得分（總分相同時，首副得分高者列前）。", "the pair's own points on the first board it played (the seed's tie-break)."),
            first_only=True,
        ),
        # Duplicate stages (bridge_duplicate.py): pairs by matchpoints or IMPs, teams by VP.
        "percent": Metric(
            "percent",
            _localised("得分率", "得分率", "Percentage"),
            _localised("全部比赛分（MP）除以所打各副牌满分之和的百分比；调整分 A+、A=、A- 按满分的 60%、50%、40% 计。",
                       "全部比賽分（MP）除以所打各副牌滿分之和的百分比；調整分 A+、A=、A- 按滿分的 60%、50%、40% 計。",
                       "total matchpoints as a percentage of the tops of the boards played; adjusted A+, A=, A- are 60, 50 and 40 % of the top."),
        ),
        "mp": Metric(
            "mp",
            _localised("比赛分（MP）", "比賽分（MP）", "Matchpoints"),
            _localised("每副牌与同方向打这副牌的其他各桌比较：胜一桌得 2 分，平一桌得 1 分；打的桌数较少的牌按 Neuberg 公式折算；各副相加。",
                       "每副牌與同方向打這副牌的其他各桌比較：勝一桌得 2 分，平一桌得 1 分；打的桌數較少的牌按 Neuberg 公式折算；各副相加。",
                       "each board against every other table in the same direction: 2 for each result beaten, 1 for each tie; a board played fewer times is Neuberg-factored; summed."),
        ),
        "imps": Metric(
            "imps",
            _localised("IMP", "IMP", "IMPs"),
            _localised("国际比赛分：双人赛每副牌与基准分比较（Butler：去掉最高、最低各一个南北分后取平均，按 10 分取整），或与这副牌的每个其他结果比较后取平均（交叉 IMP）；队式赛为同一副牌开闭室的分差；按 IMP 换算表换算，各副相加（得失相抵）。",
                       "國際比賽分：雙人賽每副牌與基準分比較（Butler：去掉最高、最低各一個南北分後取平均，按 10 分取整），或與這副牌的每個其他結果比較後取平均（交叉 IMP）；隊式賽為同一副牌開閉室的分差；按 IMP 換算表換算，各副相加（得失相抵）。",
                       "International Match Points: in pairs each board against the datum (Butler: the mean NS score without the top and bottom one, to the nearest 10) or against every other result, averaged (cross-IMPs); in teams the difference between the rooms; by the IMP scale, summed (won minus lost)."),
        ),
        "vp": Metric(
            "vp",
            _localised("胜利分（VP）", "勝利分（VP）", "Victory points"),
            _localised("每场比赛的 IMP 差按 WBF 2013 连续换算表换成胜利分（两队合计 20）；各场相加。",
                       "每場比賽的 IMP 差按 WBF 2013 連續換算表換成勝利分（兩隊合計 20）；各場相加。",
                       "each match's IMP margin converted by the WBF 2013 continuous scale (20 between the two teams); summed over matches."),
        ),
        "top": Metric(
            "top",
            _localised("满分", "滿分", "Top"),
            _localised("所打各副牌满分（2 ×（该副牌结果数 − 1））之和。", "所打各副牌滿分（2 ×（該副牌結果數 − 1））之和。",
                       "the sum of the tops (2 x (results - 1)) of the boards played."),
        ),
    }
    stage_metrics = {
        "total": ("total", "net", "first_board"),
        "matchpoints": ("percent", "mp"),
        "imps": ("imps",),
        "butler": ("imps",),
        "teams": ("vp", "imps"),
    }

    @staticmethod
    def options(stage: Stage) -> BridgeStage:
        """The stage's bridge keys; a stage built without them gets the defaults of its format."""
        if isinstance(stage.options, BridgeStage):
            return stage.options
        scoring = duplicate.DEFAULT_SCORING.get(stage.format, "total")
        return BridgeStage(scoring=scoring, kind=duplicate.stage_kind(stage.format, scoring) or "total")

    def read_stage_options(self, reader: Reader, stage_format: str) -> BridgeStage:
        vul = reader.choice("vulnerability", VULNERABILITY_MODES, "standard") or "standard"
        # total for the seed's matches; matchpoints for a pairs field, IMPs for team matches
        default = duplicate.DEFAULT_SCORING.get(stage_format, "total")
        scoring = reader.choice("scoring", SCORING_METHODS, default) or default
        return BridgeStage(vul, scoring, **duplicate.read_duplicate_keys(reader, stage_format, scoring))

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        options = self.options(stage)
        return self.stage_metrics[options.scoring if options.kind == "pairs" else options.kind]

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]:
        options = self.options(stage)
        if options.kind == "pairs":
            return duplicate.read_pairs_table(reader, stage, options)
        if options.kind == "teams":
            return duplicate.read_team_table(reader, stage, options)
        reader.check_keys(("table", "referee", "forfeit", "ns", "ew", "boards"), required=("ns", "ew"))
        sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("ns", "ew") if reader.has(key)]
        boards = reader.mapping("boards")
        records: list[BoardRecord] = []
        if boards is None:
            return sides, records
        # Boards may be numbered on through the rounds (round 2 of 8-board rounds plays 9-16).
        limit = stage.boards * max(stage.rounds or 1, 1) if stage.boards else None
        written: set[int] = set()  # every board the secretary wrote, readable or not
        for number, value in boards.node.items():
            mark = boards.key_mark(number)
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= (limit or MAX_BOARDS):
                reader.problems.add("board-number-range", mark, board=number, boards=limit or MAX_BOARDS)
                continue
            written.add(number)
            try:
                records.append(parse_board(number, value, boards.value_mark(number)))
            except RecordError as error:
                shown = value if isinstance(value, str) else "{…}"
                reader.problems.add(error.code, boards.value_mark(number), board=number, text=shown, **error.params)
                continue
        options: BridgeStage = stage.options
        for record in records:
            if record.recorded is None or record.contract is None:
                continue
            vul = vulnerability(record.board, options.vulnerability)
            computed = ns_score(record, vul)
            if computed != record.recorded:
                reader.problems.add(
                    "bridge-score-mismatch", record.mark or reader.mark, board=record.board,
                    recorded=record.recorded, computed=computed, contract=str(record.contract),
                    declarer=record.declarer, result=result_text(record.result), vulnerability=_VUL_WORDS[vul],
                )
        if stage.boards and written:
            missing = sorted(set(board_block(written, stage.boards)) - written)
            if missing:
                reader.problems.add("boards-missing", boards.mark, warning=True,
                                    table=reader.raw("table"), missing=missing)
        return sides, sorted(records, key=lambda r: r.board)

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        options = self.options(stage)
        if options.kind == "pairs":
            return duplicate.score_pairs_table(table, stage, options, state)
        if options.kind == "teams":
            return duplicate.score_team_table(table, stage, options)
        rows: list[BoardView] = []
        for record in table.record:
            vul = vulnerability(record.board, options.vulnerability)
            score = ns_score(record, vul)
            rows.append(BoardView(
                board=record.board,
                dealer=dealer(record.board),
                vulnerability=vul,
                contract=str(record.contract) if record.contract else "pass",
                declarer=record.declarer or "",
                result=result_text(record.result) if record.contract else "",
                lead=record.lead or "",
                ns=max(score, 0),
                ew=max(-score, 0),
            ))
        ns_total = sum(r.ns for r in rows)
        ew_total = sum(r.ew for r in rows)
        first = rows[0] if rows else None
        ns_id, ew_id = table.sides
        # Seed 000 十.1: a pair that forfeits loses its place; substitutes play its seat.
        sides = [
            SideScore(ns_id, {"total": ns_total, "net": ns_total - ew_total, "first_board": first.ns if first else 0},
                      disqualified=table.forfeit == ns_id),
            SideScore(ew_id, {"total": ew_total, "net": ew_total - ns_total, "first_board": first.ew if first else 0},
                      disqualified=table.forfeit == ew_id),
        ]
        winner = ns_id if ns_total > ew_total else ew_id if ew_total > ns_total else None
        json_rows = [
            {"board": r.board, "ns": r.ns, "ew": r.ew, "contract": r.contract, "declarer": r.declarer or None,
             "result": r.result or None, "dealer": r.dealer, "vulnerability": r.vulnerability}
            for r in rows
        ]
        return TableScore(table, sides, winner, json_rows, MatchView(rows, ns_total, ew_total))

    # -- duplicate stages: the hooks the tournament layer and the pages call ---------------------

    def score_field(self, stage: Stage, rounds: Any, problems: Any = None) -> None:
        """A pairs stage's boards compared across the field (bridge_duplicate.score_field)."""
        options = self.options(stage)
        if options.kind == "pairs":
            duplicate.score_field(stage, options, rounds, problems)

    def finish_metrics(self, metrics: dict[str, float]) -> None:
        duplicate.finish_metrics(metrics)

    def adjust_tallies(self, stage: Stage, tallies: Any, finished: bool) -> None:
        """The stage's `adjustments` (penalties and awards) on the pairs' totals: MP and IMPs
        before the percentage is derived (`finished` False), percentage points after."""
        duplicate.apply_adjustments(self.options(stage), tallies, finished)

    def travellers(self, stage: Stage, rounds: Any) -> list[Any]:
        """Each board of a duplicate stage with every table's result; none for the seed's
        stages, where each table deals its own cards."""
        options = self.options(stage)
        if options.kind == "total":
            return []
        return duplicate.travellers(stage, options, rounds)

    def fields(self, stage: Stage, rounds: Any) -> list[list[str]] | None:
        """`field: directions`: the NS pairs and the EW pairs, ranked apart."""
        return duplicate.fields(stage, self.options(stage), rounds)


_VUL_WORDS = {
    "None": _localised("双方无局", "雙方無局", "none vulnerable"),
    "NS": _localised("南北有局", "南北有局", "NS vulnerable"),
    "EW": _localised("东西有局", "東西有局", "EW vulnerable"),
    "Both": _localised("双方有局", "雙方有局", "both vulnerable"),
}

RULES = BridgeRules()


# --- forms printed before play (seed 000 附件三, 附件四, 附件五) ---------------------------------

UI_WORDS = {
    "sheet_score_title": ("{event}计分表（{stage}）", "{event}計分表（{stage}）", "{event}: score sheet ({stage})"),
    "sheet_bidding_title": ("{event}叫牌表（{stage}）", "{event}叫牌表（{stage}）", "{event}: bidding sheet ({stage})"),
    "sheet_play_title": ("{event}记牌表（{stage}）", "{event}記牌表（{stage}）", "{event}: play record ({stage})"),
    "sheet_totals": ("总比分", "總比分", "Totals"),
    "sheet_date": ("日期", "日期", "Date"),
    "sheet_sign_referee": ("裁判签名", "裁判簽名", "Referee"),
    "sheet_sign_ns": ("南北签名", "南北簽名", "NS players"),
    "sheet_sign_ew": ("东西签名", "東西簽名", "EW players"),
}


def bulletins(result: Any, t: Any) -> list[Any]:
    """Score sheet and bidding sheet for every stage whose tables are drawn, and the play record
    for the last stage (the seed prints 附件五 for the final only)."""
    from generator.printed import Bulletin

    event = result.event
    forms = []
    for position, stage_result in enumerate(result.stages):
        stage = stage_result.stage
        tables = [score.table for round_ in stage_result.rounds for score in round_.tables]
        if not tables:
            continue
        options = RULES.options(stage)
        if options.kind != "total":  # duplicate stages: travelling score sheets, one per board
            forms.extend(duplicate.bulletins(event, stage_result, options, t))
            continue
        count = stage.boards or max((r.board for table in tables for r in table.record), default=0)
        boards = [
            {"number": n, "dealer": t(f"seat_{dealer(n)}"), "vulnerability": t(f"vul_{vulnerability(n, options.vulnerability)}")}
            for n in range(1, count + 1)
        ]
        words = {key: t(key) for key in ("table", "referee", "ns", "ew", "winner", "board", "dealer", "contract")}
        words |= {"totals": t("sheet_totals"), "date": t("sheet_date")}
        pages = []
        for table in tables:
            ns_id, ew_id = table.sides
            pages.append({
                "table": str(table.number),
                "seats": [
                    {"label": t("ns"), "names": f"{ns_id} {event.entries[ns_id].player_names}"},
                    {"label": t("ew"), "names": f"{ew_id} {event.entries[ew_id].player_names}"},
                ],
                "referee": table.referee or "",
                "boards": boards,
                "words": words,
                "signatures": [t("sheet_sign_referee"), t("sheet_sign_ns"), t("sheet_sign_ew")],
            })
        made = dict(organizer=event.organizer or "", date=stage.date, text="", rows=[], pages=pages)
        forms.append(Bulletin(
            f"scoresheet-{stage.id}", t("sheet_score_title", event=event.title, stage=stage.name),
            columns=[t("board"), t("dealer"), t("vulnerability"), t("declarer"), t("contract"), t("result"),
                     t("ns"), t("ew")],
            template="sheets/bridge_scoresheet.html", **made))
        seats = [t(f"seat_{s}") for s in ("W", "N", "E", "S")]
        forms.append(Bulletin(
            f"bidding-{stage.id}", t("sheet_bidding_title", event=event.title, stage=stage.name),
            columns=seats, template="sheets/bridge_bidding.html", **made))
        if position == len(result.stages) - 1:
            forms.append(Bulletin(
                f"playrecord-{stage.id}", t("sheet_play_title", event=event.title, stage=stage.name),
                columns=[t(f"seat_{s}") for s in SEATS], template="sheets/bridge_playrecord.html", **made))
    return forms


# The duplicate half of the game (pairs and teams, travellers), its messages and words. Imported
# last: it builds on the names above, and generator.games always imports this module first.
from generator.games import bridge_duplicate as duplicate  # noqa: E402

MESSAGES = duplicate.MESSAGES
UI_WORDS |= duplicate.UI_WORDS
