"""The editor schemas: current with the loader, and every demo file passes them."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.content.schema import SCHEMA_DIR, schema_texts
from generator.content.yaml_loader import _CoreLoader

ROOT = Path(__file__).resolve().parents[1]


def schema(kind: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


def test_committed_schemas_are_current() -> None:
    for name, text in schema_texts().items():
        assert (SCHEMA_DIR / name).read_text(encoding="utf-8") == text, (
            f"schema/{name} is stale: run `python -m generator.content.schema` and commit the result")


def demo_files() -> list[tuple[str, Path]]:
    files = [("site", ROOT / "content/site.yaml")]
    for event in sorted((ROOT / "content/events").iterdir()):
        files.append(("event", event / "event.yaml"))
        files += [("results", path) for path in sorted((event / "results").glob("*.yaml"))]
    return files


@pytest.mark.parametrize(("kind", "path"), demo_files(), ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v)
def test_demo_files_pass_their_schema(kind: str, path: Path) -> None:
    # paibang's own YAML 1.2 core resolution (dates stay text, as the schema expects)
    document = yaml.load(path.read_text(encoding="utf-8"), Loader=_CoreLoader)  # noqa: S506
    jsonschema.Draft7Validator(schema(kind)).validate(document)


def test_schema_refuses_a_misspelt_key() -> None:
    event = {"titel": "x", "game": "bridge", "entries": [], "stages": [{"id": "a", "format": "matches"}]}
    messages = [e.message for e in jsonschema.Draft7Validator(schema("event")).iter_errors(event)]
    assert any("titel" in m for m in messages) and any("'title' is a required property" in m for m in messages)


def test_schema_refuses_an_unknown_game_and_format() -> None:
    event = {"title": "x", "game": "poker", "entries": [], "stages": [{"id": "a", "format": "ladder"}]}
    messages = " ".join(e.message for e in jsonschema.Draft7Validator(schema("event")).iter_errors(event))
    assert "'poker' is not one of" in messages and "'ladder' is not one of" in messages


def test_the_results_schema_knows_every_key_the_loader_reads() -> None:
    """The editor's schema and the loader agree on a results file's keys: `date:`, which `pair`
    writes, was read by the loader and flagged by the schema (additionalProperties: false)."""
    from generator.content import load

    assert set(schema("results")["properties"]) == set(load.RESULTS_KEYS)
