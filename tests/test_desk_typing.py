"""What a secretary types at the desk on a phone, taken as a mature tool takes it: the form's
hint names the table's own teams, and a deal log typed with spaces between deals or with
lower-case team ids is read against the table's two teams and written in the canonical form
(content-format.md, Guandan: `deals: [T01+3, T02+1, T02 foul]`)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_desk import fetch, post
from tests.test_desk_records import audit, desk_of, make, results, table_block  # noqa: F401

SWISS = """\
format: swiss
rounds: 1
"""
TABLES = """\
  - table: 1
    teams: [T01, T04]
  - table: 2
    teams: [T02, T03]
"""


def test_the_deal_logs_hint_names_the_tables_own_teams(tmp_path: Path, desk_of) -> None:  # noqa: F811
    running = desk_of(make(tmp_path, SWISS, TABLES))
    status, html = fetch(running.desk.link("main/1/1"))
    assert status == 200
    assert "例：T01+3, T04+1, T01 foul（犯规）" in html
    assert "T45" not in html and "T50" not in html  # no team of another event
    status, html = fetch(running.desk.link("main/1/2"))
    assert "例：T02+3, T03+1, T02 foul（犯规）" in html


def test_deals_typed_with_spaces_and_lower_case_ids_are_written_canonical(tmp_path: Path, desk_of) -> None:  # noqa: F811
    root = make(tmp_path, SWISS, TABLES)
    running = desk_of(root)
    status, html = post(running, "main/1/1", "save", deals="t01+3 T04+1  t04 foul\nt01 + 2 T01犯规")
    assert status == 200 and 'id="saved"' in html, html
    assert table_block(root, 1) == ("  - table: 1\n    teams: [T01, T04]\n"
                                    "    deals: [T01+3, T04+1, T04 foul, T01+2, T01 foul]")
    assert audit(root)[-1]["new"]["deals"] == ["T01+3", "T04+1", "T04 foul", "T01+2", "T01 foul"]


def test_a_typed_deal_that_is_none_is_still_refused_as_typed(tmp_path: Path, desk_of) -> None:  # noqa: F811
    root = make(tmp_path, SWISS, TABLES)
    running = desk_of(root)
    before = results(root).read_bytes()
    status, html = post(running, "main/1/1", "save", deals="t01+3 t09+2")
    assert status == 422 and results(root).read_bytes() == before
    # the item as typed and its team not at this table, named in the problems (the textarea
    # gives the typed text back too, so "t09" alone somewhere on the page proves nothing)
    assert '<li id="problem-1">t09+2：t09 不在这一桌（本桌：T01、T04）' in html
    # and the box it is in says so to a screen reader
    assert re.search(r'<textarea id="deals" name="deals" autocapitalize="characters" aria-invalid="true" '
                     r'aria-describedby="problem-1 deals-hint"', html), re.search(r"<textarea[^>]*>", html)


def test_levels_typed_on_a_phone_are_written_as_the_pages_spell_them(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """j, full-width Ｑ and １０, and the Chinese for passed A are read right by every reader,
    but the secretary's file, and any script reading it, gets the one standard spelling."""
    root = make(tmp_path, SWISS, TABLES)
    running = desk_of(root)
    status, html = post(running, "main/1/1", "save", level_a="\u8fc7A", level_b="j")
    assert status == 200 and 'id="saved"' in html, html
    assert table_block(root, 1) == "  - table: 1\n    teams: [T01, T04]\n    levels: {T01: A+, T04: J}"
    status, html = post(running, "main/1/2", "save", level_a="\uff31", level_b="\uff11\uff10")
    assert status == 200 and 'id="saved"' in html, html
    assert table_block(root, 2).rstrip() == "  - table: 2\n    teams: [T02, T03]\n    levels: {T02: Q, T03: 10}"
    assert audit(root)[-1]["new"]["levels"] == {"T02": "Q", "T03": 10}
