"""Contract bridge (桥牌), the game: its `RULES` for the tournament layer, the seed's total-points
format (pairs at a table adding their own column), and the forms printed before play.

The pure rules (board conditions, a contract's score, board records) are in scoring.py;
duplicate stages (pairs and teams, travellers) in duplicate.py; hand records in hands.py. The rules follow ../shared/spec/rules-bridge.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import MAX_BOARDS, Reader
from generator.errors import Mark
from generator.games import Example, Game, Metric, SideScore, TableForm, TableScore
from generator.games.bridge import duplicate  # the duplicate half: pairs, teams, travellers
from generator.games.bridge.scoring import (
    SCORING_METHODS,
    SEATS,
    VUL_WORDS,
    VULNERABILITY_MODES,
    BoardRecord,
    BoardView,
    BridgeStage,
    RecordError,
    board_block,
    dealer,
    ns_score,
    parse_board,
    result_text,
    vulnerability,
)
from generator.messages import localised as _localised


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




class BridgeRules(Game):
    name = "bridge"
    title = _localised("桥牌", "橋牌", "Bridge")
    position = 1
    choice = ("bridge 桥牌", "bridge 橋牌", "bridge")
    id_prefix = "A"
    example = Example(
        entries="  - {id: A01, players: [王小明, 李华], group: 13级动物科学1班}\n"
                "  - {id: A02, players: [{name: 张伟, phone: \"13800000000\"}, 刘洋], group: 13级动物医学1班}\n",
        stages="  - id: prelim\n    name: 初赛\n    format: matches\n    boards: 8\n    vulnerability: none\n"
               "    scoring: total\n    rank_by: [total, first_board]\n    advance: {count: 15, to: final}\n"
               "  - id: final\n    name: 决赛\n    format: matches\n    boards: 16\n    vulnerability: standard\n"
               "    rank_by: [total, first_board]\n    prizes:\n      - {name: 一等奖, count: 1}\n"
               "      - {name: 二等奖, count: 2}\n      - {name: 三等奖, count: 3}\n",
        table="  - table: 1\n    ns: A01\n    ew: A02\n    boards:\n      # 1: 4S N = 420\n      # 2: pass\n",
    )
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
        # Duplicate stages (duplicate.py): pairs by matchpoints or IMPs, teams by VP.
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
                    declarer=record.declarer, result=result_text(record.result), vulnerability=VUL_WORDS[vul],
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
        """A pairs stage's boards compared across the field (duplicate.score_field)."""
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

    def standings_after_rounds(self, stage: Stage, rounds: Any) -> dict[int, Any]:
        """A barometer's standings after each round (duplicate.standings_after_rounds)."""
        if getattr(stage, "movement", None) != "barometer":
            return {}
        return duplicate.standings_after_rounds(stage, rounds)

    def table_form(self, stage: Stage | None = None) -> TableForm:
        if stage is not None and stage.format == "pairs":
            return PAIRS_FORM
        if stage is not None and isinstance(stage.options, BridgeStage) and stage.options.kind == "teams":
            return TEAMS_FORM
        return TABLE_FORM

    @property
    def messages(self) -> dict[str, dict[str, tuple[str, str]]]:
        return duplicate.MESSAGES

    @property
    def ui_words(self) -> dict[str, tuple[str, str, str]]:
        return {**UI_WORDS, **duplicate.UI_WORDS}

    def bulletins(self, result: Any, t: Any) -> list[Any]:
        return bulletins(result, t)


TABLE_FORM = TableForm(("ns", "ew"), ("boards:", "  1: 4S N = 420"))
PAIRS_FORM = TableForm(("ns", "ew"), ("boards: {{1: 4S N =, 2: 3NT E -1}}",))
TEAMS_FORM = TableForm(("home", "away"), ("boards:", "  1: {{open: 4S N =, closed: 4S S -1}}"))

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

