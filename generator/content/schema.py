"""JSON Schemas (draft-07) of the content files, for editors: the VS Code YAML extension reads
them from a `# yaml-language-server: $schema=…` line and then completes keys and flags typos
while the secretary types.

They are generated from the same key lists the loader validates with (load.py and each game's
RULES), so an editor never accepts a key the build refuses. `paibang schema` (and init, new)
writes them into a site's schema/; `python -m generator.content.schema` into this repository's
schema/, whose files a test checks are current, and that every demo file passes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator import catalogues
from generator.content import load
from generator.content.reader import ID_PATTERN
from generator.games import GAMES, SHARED_METRICS
from generator.messages import LOCALES

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schema"
# In a site (`paibang init`), beside site.yaml and events/: each content file's `$schema` line
# names its schema there, relative to itself (init, new, pair).
SITE_SCHEMA_FOLDER = "schema"
DRAFT = "http://json-schema.org/draft-07/schema#"

TEXT = {"type": ["string", "number"]}
DATE = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
ID = {"type": "string", "pattern": ID_PATTERN.pattern}
INTEGER = {"type": "integer"}

# What each key means, in the words of content-format.md: the UI word schema_<key>, in zh-Hans
# (the secretary's language), for these keys.
DESCRIBED = frozenset({
    "title", "organization", "locale", "content_locale", "base_url", "private", "organizer", "venue", "dates", "date", "notice",
    "draw_seed", "entries", "officials", "credits", "stages", "bulletin_text", "id", "players", "group", "name",
    "bye", "substitute", "role", "sessions", "format", "rounds", "boards", "rank_by", "advance", "prizes", "lots",
    "stage", "round", "tables", "movement", "time_limit", "table", "referee", "forfeit", "withdrawn", "late",
    "seeding", "third_place", "winner", "then", "places", "seeds",
})
SCHEMA_LOCALE = "zh-Hans"


def _described(key: str, schema: dict[str, Any]) -> dict[str, Any]:
    if key == "game":  # each game's `choice` in the secretary's language
        games = "、".join(g.choice[LOCALES.index(SCHEMA_LOCALE)] for g in GAMES.values())
        return {**schema, "description": catalogues.text("game_choices", SCHEMA_LOCALE, games=games)}
    return {**schema, "description": catalogues.text(f"schema_{key}", SCHEMA_LOCALE)} if key in DESCRIBED else schema


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
            "title": TEXT, "organization": TEXT, "locale": {"enum": list(LOCALES)},
            "content_locale": {"enum": list(LOCALES)}, "base_url": TEXT,
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
                 "withdrawn": {"anyOf": [{"type": ["boolean", "integer"], "minimum": 1},
                                         {"type": "object", "properties": {"stage": ID, "round": {"type": "integer", "minimum": 1}},
                                          "required": ["stage", "round"], "additionalProperties": False}]}}.items()},
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
        "third_place": {"type": "boolean"}, "then": {"type": "string"}, "places": INTEGER,
        **{key: {} for key in game_stage_keys},
    }, required=("id", "format"))
    credits = _object({"participant": INTEGER, "finalist": INTEGER, "host": INTEGER, "forfeit": INTEGER,
                       "referee": {"type": "object", "additionalProperties": INTEGER}})
    # (its `forfeit` is points, not a table's forfeit, which names the side: its own words)
    credits["properties"]["forfeit"] = {**INTEGER, "description": catalogues.text("schema_credits_forfeit", SCHEMA_LOCALE)}
    return {
        "$schema": DRAFT, "title": "paibang event.yaml",
        **_object({
            "title": TEXT, "game": {"enum": sorted(GAMES)}, "organizer": TEXT, "venue": TEXT,
            "dates": {"type": "array", "items": DATE}, "date": DATE,
            "notice": {"type": ["string", "array"], "items": {"type": "string"}}, "draw_seed": INTEGER,
            "entries": {"anyOf": [{"type": "array", "items": entry},
                                  {"type": "string", "description": catalogues.text("schema_entries_file", SCHEMA_LOCALE)}]}, "officials": {"type": "array", "items": official},
            "credits": credits, "stages": {"type": "array", "items": stage, "minItems": 1},
            "locale": {"enum": list(LOCALES)},
            "bulletin_text": _object({kind: TEXT for kind in load.BULLETIN_KINDS}),
        }, required=("title", "game", "entries", "stages")),
    }


def results_schema() -> dict[str, Any]:
    table_keys = sorted({key for game in GAMES.values() for key in game.table_keys})
    # forfeit: one side; Guandan's also both (`forfeit: [T17, T29]`, Game.reads_both_forfeit)
    forfeit = {"anyOf": [TEXT, {"type": "array", "items": TEXT, "minItems": 2, "maxItems": 2}]}
    table = _object({"table": INTEGER, "referee": TEXT, "forfeit": forfeit, "winner": TEXT,
                     **{key: {} for key in table_keys}},
                    required=("table",))
    return {
        "$schema": DRAFT, "title": "paibang results file",
        **_object({"stage": {"type": "string"}, "round": INTEGER, "date": DATE,
                   "seeds": {"type": "array", "items": TEXT},
                   "tables": {"type": "array", "items": table}},
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


if __name__ == "__main__":  # the repository's own schema/ (developers): a site's is `paibang schema`'s
    for written in write_schemas():
        print(written)
