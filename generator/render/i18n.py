"""UI words of pages and bulletins in the three site locales (zh-Hans default, zh-Hant, en)."""

from __future__ import annotations

import datetime as dt

UI: dict[str, tuple[str, str, str]] = {
    # key: (zh-Hans, zh-Hant, en)
    "archive": ("赛事成绩", "賽事成績", "Results archive"),
    "events": ("赛事", "賽事", "Events"),
    "event": ("赛事", "賽事", "Event"),
    "game": ("项目", "項目", "Game"),
    "organizer": ("主办单位", "主辦單位", "Organiser"),
    "venue": ("地点", "地點", "Venue"),
    "dates": ("日期", "日期", "Dates"),
    "stages": ("比赛阶段", "比賽階段", "Stages"),
    "stage": ("阶段", "階段", "Stage"),
    "format": ("赛制", "賽制", "Format"),
    "boards": ("牌数", "牌數", "Boards"),
    "round": ("轮", "輪", "Round"),
    "round_n": ("第 {n} 轮", "第 {n} 輪", "Round {n}"),
    "table": ("桌号", "桌號", "Table"),
    "table_n": ("第 {n} 桌", "第 {n} 桌", "Table {n}"),
    "standings": ("成绩排名", "成績排名", "Standings"),
    "final_ranking": ("最终排名", "最終排名", "Final ranking"),
    "rank": ("名次", "名次", "Rank"),
    "entry": ("参赛队", "參賽隊", "Entry"),
    "entries": ("参赛队", "參賽隊", "Entries"),
    "id": ("编号", "編號", "No."),
    "players": ("选手", "選手", "Players"),
    "group": ("班级/单位", "班級/單位", "Group"),
    "qualified": ("晋级", "晉級", "Qualified"),
    "qualifies_to": ("晋级{stage}", "晉級{stage}", "to {stage}"),
    "bye": ("轮空", "輪空", "Bye"),
    "bye_note": ("轮空，直接晋级", "輪空，直接晉級", "bye, advances directly"),
    "substitute": ("替补", "替補", "Substitute"),
    "substitute_note": ("替补（裁判代打），不计名次", "替補（裁判代打），不計名次", "substitutes (referees filling in), not ranked"),
    "forfeit": ("弃权", "棄權", "Forfeit"),
    "not_played": ("未出场", "未出場", "Did not play"),
    "prize": ("奖项", "獎項", "Prize"),
    "prizes": ("获奖名单", "獲獎名單", "Prize list"),
    "award": ("奖品", "獎品", "Award"),
    "winner": ("获胜方", "獲勝方", "Winner"),
    "draw": ("平局", "平局", "Draw"),
    "referee": ("裁判", "裁判", "Referee"),
    "notice": ("通知", "通知", "Notice"),
    "results_json": ("成绩数据（JSON）", "成績資料（JSON）", "Results data (JSON)"),
    "bulletins": ("公告（PDF）", "公告（PDF）", "Bulletins (PDF)"),
    "no_results": ("尚无成绩。", "尚無成績。", "No results yet."),
    "ranking_rule": ("排名方法", "排名方法", "How the ranking works"),
    "ranking_rule_text": ("依次比较：", "依次比較：", "Compared in turn: "),
    "tie_shared": ("各项均相同者名次并列（如 3=）。", "各項均相同者名次並列（如 3=）。", "Entries equal on every item share a rank (shown 3=)."),
    "tie_lot": ("各项均相同者以抽签决定先后。", "各項均相同者以抽籤決定先後。", "Entries equal on everything are separated by lot."),
    "advance_rule": ("前 {count} 名晋级{stage}；轮空者直接晋级。", "前 {count} 名晉級{stage}；輪空者直接晉級。", "The top {count} go to the {stage}; byes go through directly."),
    "credits": ("操行分加分名单", "操行分加分名單", "Credits roster"),
    "credits_short": ("操行分", "操行分", "Credits"),
    "name": ("姓名", "姓名", "Name"),
    "points": ("分数", "分數", "Points"),
    "reason": ("事由", "事由", "For"),
    "credit_participant": ("参赛", "參賽", "played"),
    "credit_finalist": ("进入决赛", "進入決賽", "reached the last stage"),
    "credit_forfeit": ("弃权", "棄權", "forfeited"),
    "credit_host": ("主持", "主持", "hosting"),
    "credit_referee": ("{stage}裁判", "{stage}裁判", "referee, {stage}"),
    "board": ("牌号", "牌號", "Board"),
    "dealer": ("发牌", "發牌", "Dealer"),
    "vulnerability": ("局况", "局況", "Vul."),
    "declarer": ("定约者", "定約者", "Declarer"),
    "contract": ("定约", "定約", "Contract"),
    "result": ("结果", "結果", "Result"),
    "lead": ("首攻", "首攻", "Lead"),
    "ns": ("南北", "南北", "NS"),
    "ew": ("东西", "東西", "EW"),
    "total": ("合计", "合計", "Total"),
    "running": ("累计", "累計", "Running"),
    "opponent": ("对手", "對手", "Opponent"),
    "matches": ("比赛记录", "比賽記錄", "Matches"),
    "seat": ("方向", "方向", "Seat"),
    "home": ("首页", "首頁", "Home"),
    "back_to_event": ("返回赛事", "返回賽事", "Back to the event"),
    "page_of": ("第 {page} 页 共 {pages} 页", "第 {page} 頁 共 {pages} 頁", "Page {page} of {pages}"),
    "qualifier_title": ("{event}{stage}名单公示", "{event}{stage}名單公示", "{event}: {stage} qualifiers"),
    "qualifier_text": (
        "经{prev}比赛，按{rule}排名，以下 {count} 组选手进入{stage}{byes}。特此公示。",
        "經{prev}比賽，按{rule}排名，以下 {count} 組選手進入{stage}{byes}。特此公示。",
        "After the {prev}, ranked by {rule}, the following {count} entries go to the {stage}{byes}.",
    ),
    "qualifier_byes": ("（含轮空直接晋级 {n} 组）", "（含輪空直接晉級 {n} 組）", " (including {n} bye(s))"),
    "prize_title": ("{event}获奖名单", "{event}獲獎名單", "{event}: prize list"),
    "prize_text": ("{stage}比赛结束，获奖名单如下。", "{stage}比賽結束，獲獎名單如下。", "The {stage} is over; the prize winners are:"),
    "standings_title": ("{event}{stage}成绩排名", "{event}{stage}成績排名", "{event}: {stage} standings"),
    "standings_text": ("按{rule}排名。", "按{rule}排名。", "Ranked by {rule}."),
    "credits_title": ("{event}操行分加分名单", "{event}操行分加分名單", "{event}: credits roster"),
    "credits_text": ("根据比赛规程，加分如下。", "根據比賽規程，加分如下。", "Conduct points under the event's rules:"),
    "remark": ("备注", "備註", "Remark"),
    "no": ("序号", "序號", "No."),
    "format_matches": ("固定对阵", "固定對陣", "Fixed matches"),
    "format_swiss": ("瑞士制", "瑞士制", "Swiss"),
    "format_round_robin": ("循环赛", "循環賽", "Round robin"),
    "format_pairs": ("双人赛", "雙人賽", "Pairs"),
    "vul_None": ("无", "無", "None"),
    "vul_NS": ("南北", "南北", "NS"),
    "vul_EW": ("东西", "東西", "EW"),
    "vul_Both": ("双方", "雙方", "Both"),
    "seat_N": ("北", "北", "N"),
    "seat_E": ("东", "東", "E"),
    "seat_S": ("南", "南", "S"),
    "seat_W": ("西", "西", "W"),
    "pass": ("全不叫", "全不叫", "Passed out"),
    "generated_by": ("由 paibang 生成", "由 paibang 生成", "Made with paibang"),
    "skip": ("跳到正文", "跳到正文", "Skip to content"),
    "record": ("胜/平/负", "勝/平/負", "W/D/L"),
    "language_name": ("简体中文", "繁體中文", "English"),
}

_INDEX = {"zh-Hans": 0, "zh-Hant": 1, "en": 2}
HTML_LANG = {"zh-Hans": "zh-Hans", "zh-Hant": "zh-Hant", "en": "en"}
CJK_FACE = {"zh-Hans": "SC", "zh-Hant": "TC", "en": "SC"}


class Translator:
    """`_("key", n=3)` in templates and code: the UI word in the page's locale."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.index = _INDEX[locale]

    def __call__(self, key: str, **params: object) -> str:
        text = UI[key][self.index]
        return text.format(**params) if params else text

    def pick(self, localised: dict[str, str]) -> str:
        return localised.get(self.locale) or localised.get("zh-Hans", "")

    def date(self, day: dt.date | None) -> str:
        if day is None:
            return ""
        if self.locale == "en":
            return f"{day.day} {day.strftime('%B')} {day.year}"
        return f"{day.year}年{day.month}月{day.day}日"

    def joiner(self) -> str:
        return ", " if self.locale == "en" else "、"


def _add_game_words() -> None:
    from generator.games import GAME_MODULES

    for module in GAME_MODULES.values():
        UI.update(getattr(module, "UI_WORDS", {}))


_add_game_words()
