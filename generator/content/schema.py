"""JSON Schemas (draft-07) of the content files, for editors: the VS Code YAML extension reads
them from a `# yaml-language-server: $schema=…` line and then completes keys and flags typos
while the secretary types.

They are generated from the same key lists the loader validates with (load.py and each game's
RULES), so an editor never accepts a key the build refuses. `paibang schema` writes them to
schema/; a test checks the committed files are current and that every demo file passes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.content import load
from generator.content.reader import ID_PATTERN
from generator.games import GAMES, SHARED_METRICS
from generator.messages import LOCALES

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schema"
DRAFT = "http://json-schema.org/draft-07/schema#"

TEXT = {"type": ["string", "number"]}
DATE = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
ID = {"type": "string", "pattern": ID_PATTERN.pattern}
INTEGER = {"type": "integer"}

# What each key means, in the words of content-format.md (zh-Hans: the secretary's language).
WORDS = {
    "title": "标题", "organization": "主办机构", "locale": "界面语言：zh-Hans（简体）、zh-Hant（繁體）、en",
    "base_url": "网站地址（用于订阅和站点地图），可不填", "private": "不公开的字段名（电话、学号等之外的）",
    "organizer": "主办单位",
    "venue": "地点", "dates": "比赛日期列表，如 [2015-05-15, 2015-05-22]", "date": "比赛日期，如 2015-05-15",
    "notice": "通知/规程 Markdown 文件名", "draw_seed": "抽签种子：同一种子抽签结果相同",
    "entries": "参赛队（对）列表", "officials": "裁判与主持人", "credits": "操行分规则",
    "stages": "比赛阶段（初赛、决赛…）", "bulletin_text": "公告正文（按公告种类）",
    "id": "编号（字母、数字、- 和 _）", "players": "队员姓名，或 {name, phone, student_id}",
    "group": "班级/单位", "name": "名称", "bye": "轮空：不打本阶段直接晋级", "substitute": "替补：可出场，不计名次",
    "role": "referee 裁判 或 host 主持", "sessions": "主持场次",
    "format": "赛制：matches 固定对阵、swiss 瑞士制、round_robin 循环赛、pairs 双人赛、knockout 淘汰赛",
    "seeding": "淘汰赛种子：{from: 阶段 id} 按该阶段名次，或编号列表（种子排位高的在前）",
    "third_place": "淘汰赛加赛三四名决赛（半决赛负者）", "winner": "淘汰赛平局时由裁判判定的胜者编号",
    "rounds": "轮数", "boards": "每场（每轮）牌数", "rank_by": "排名指标，依次比较",
    "advance": "晋级：{count: 名额, to: 下一阶段 id}", "prizes": "奖项：{name, count} 按名次，或 {name, wins: 3} 按指标",
    "lots": "抽签顺序（并列时）", "stage": "阶段 id", "round": "第几轮", "tables": "各桌结果",
    "movement": "双人赛移位：mitchell 米切尔（南北不动）、howell 豪威尔（每两对相遇一次）或 barometer 巴罗米特（每轮各桌打同一组牌）；不写：8 对以内 howell，更多 mitchell",
    "time_limit": "每轮限时（分钟），成绩录入台的大屏幕倒计时用",
    "table": "桌号", "referee": "裁判", "forfeit": "弃权一方的编号",
    "withdrawn": "退赛：withdrawn: 3 从第 3 轮起不再出场，true 一轮也不打", "late": "迟到参赛者每缺一轮的记分（与 bye 的键相同）；不写按轮空记",
}


def _described(key: str, schema: dict[str, Any]) -> dict[str, Any]:
    if key == "game":  # each game's `choice` in the secretary's language
        return {**schema, "description": "项目：" + "、".join(g.choice[0] for g in GAMES.values())}
    return {**schema, "description": WORDS[key]} if key in WORDS else schema


def _object(properties: dict[str, Any], required: tuple[str, ...] = (), extra: bool = False) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {key: _described(key, value) for key, value in properties.items()},
        "required": list(required),
        "additionalProperties": extra,
    }


def site_schema() -> dict[str, Any]:
    return {
        "$schema": DRAFT, "title": "paibang site.yaml",
        **_object({
            "title": TEXT, "organization": TEXT, "locale": {"enum": list(LOCALES)}, "base_url": TEXT,
            "private": {"type": ["array", "string"], "items": {"type": "string"}},
        }, required=("title",)),
    }


def event_schema() -> dict[str, Any]:
    metrics = sorted({m for game in GAMES.values() for m in game.metrics} | set(SHARED_METRICS))
    private_player = {"type": ["string", "number"]}
    player = {"anyOf": [TEXT, {"type": "object", "properties": {"name": TEXT, "id": TEXT},
                               "required": ["name"], "additionalProperties": private_player}]}
    entry = {"type": "object", "required": ["id", "players"],
             "properties": {key: _described(key, value) for key, value in {
                 "id": ID, "players": {"type": "array", "items": player}, "group": TEXT, "name": TEXT,
                 "bye": {"type": "boolean"}, "substitute": {"type": "boolean"},
                 "withdrawn": {"type": ["boolean", "integer"], "minimum": 1}}.items()},
             "additionalProperties": private_player}  # keys the site declares private
    official = _object({"name": TEXT, "role": {"enum": ["referee", "host"]},
                        "stages": {"type": ["array", "string"], "items": {"type": "string"}}, "sessions": INTEGER},
                       required=("name", "role"))
    prize = {"type": "object", "required": ["name"],
             "properties": {"name": TEXT, "count": INTEGER, "award": TEXT,
                            **{m: {"type": "number"} for m in metrics}},
             "additionalProperties": False}
    game_stage_keys = sorted({key for game in GAMES.values() for key in game.stage_keys})
    stage = _object({
        "id": ID, "name": TEXT, "date": DATE, "format": {"enum": list(load.FORMATS)}, "rounds": INTEGER,
        "boards": INTEGER, "rank_by": {"type": ["array", "string"], "items": {"enum": metrics}},
        "advance": _object({"count": INTEGER, "to": {"type": "string"}}, required=("count", "to")),
        "prizes": {"type": "array", "items": prize}, "lots": {"type": "array", "items": TEXT},
        "movement": {"enum": list(load.MOVEMENTS)}, "late": {"type": "object"}, "time_limit": INTEGER,
        "seeding": {"anyOf": [_object({"from": {"type": "string"}}, required=("from",)),
                              {"type": "array", "items": TEXT}]},
        "third_place": {"type": "boolean"},
        **{key: {} for key in game_stage_keys},
    }, required=("id", "format"))
    credits = _object({"participant": INTEGER, "finalist": INTEGER, "host": INTEGER, "forfeit": INTEGER,
                       "referee": {"type": "object", "additionalProperties": INTEGER}})
    return {
        "$schema": DRAFT, "title": "paibang event.yaml",
        **_object({
            "title": TEXT, "game": {"enum": sorted(GAMES)}, "organizer": TEXT, "venue": TEXT,
            "dates": {"type": "array", "items": DATE}, "date": DATE,
            "notice": {"type": ["string", "array"], "items": {"type": "string"}}, "draw_seed": INTEGER,
            "entries": {"anyOf": [{"type": "array", "items": entry},
                                  {"type": "string", "description": "参赛名单文件，如 entries.yaml（paibang import 生成）"}]}, "officials": {"type": "array", "items": official},
            "credits": credits, "stages": {"type": "array", "items": stage, "minItems": 1},
            "locale": {"enum": list(LOCALES)},
            "bulletin_text": _object({kind: TEXT for kind in load.BULLETIN_KINDS}),
        }, required=("title", "game", "entries", "stages")),
    }


def results_schema() -> dict[str, Any]:
    table_keys = sorted({key for game in GAMES.values() for key in game.table_keys})
    table = _object({"table": INTEGER, "referee": TEXT, "forfeit": TEXT, "winner": TEXT,
                     **{key: {} for key in table_keys}},
                    required=("table",))
    return {
        "$schema": DRAFT, "title": "paibang results file",
        **_object({"stage": {"type": "string"}, "round": INTEGER, "tables": {"type": "array", "items": table}},
                  required=("stage", "tables")),
    }


SCHEMAS = {"site": site_schema, "event": event_schema, "results": results_schema}


def schema_texts() -> dict[str, str]:
    """File name -> JSON text, as committed under schema/."""
    return {f"{name}.schema.json": json.dumps(make(), ensure_ascii=False, indent=2) + "\n"
            for name, make in SCHEMAS.items()}


def write_schemas(folder: Path = SCHEMA_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    return written
