"""What the desk says about a typed record, in the form's own terms (event-day.md, "The results
desk"): a problem in one room of a teams-of-four match names that room as the form labels it,
its fix points at the form's fields, never at a results file's keys (rooms:, closed:,
levels.T07, tiebreak_deal:), and a table that may save only once is told before it saves what
the save needs. Posted over HTTP as a table's phone or the secretary sends it, to the real stack
on 127.0.0.1; the assertions read the page's text.
"""

from __future__ import annotations

import html as markup
import re
from pathlib import Path

from generator import cli
from generator.games.guandan.records import parse_level
from tests.test_desk import fetch
from tests.test_desk_records import FOUR, desk_of, make  # noqa: F401 - desk_of is a fixture

SWISS = """\
format: swiss
rounds: 1
"""
TWO = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
"""


def text(page: str) -> str:
    """A page's text as read: no tags, scripts or styles, runs of white space as one space."""
    page = re.sub(r"<(script|style).*?</\1>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_a_level_left_blank_is_a_missing_level_not_an_invalid_one(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    root = make(tmp_path, SWISS, TWO.replace("teams: [T03, T04]\n", "teams: [T03, T04]\n    levels: {T03: 9, T04: ''}\n")
                + "  - table: 3\n    teams: [T05, T06]\n    levels: {T05: 9, T06: }\n", count=6)
    assert cli.main(["check", "--content", str(root)]) == 1
    out = capsys.readouterr().err
    assert out.count("levels 缺少 T04 的级数") == 1 and out.count("levels 缺少 T06 的级数") == 1
    assert "无效" not in out


def test_the_level_hints_of_the_form_and_of_check_agree_with_the_reader(tmp_path: Path, desk_of, capsys) -> None:  # noqa: ANN001, F811
    root = make(tmp_path, SWISS, TWO.replace("teams: [T03, T04]\n", "teams: [T03, T04]\n    levels: {T03: 9, T04: Z}\n"))
    status, page = fetch(desk_of(root).desk.link("main/1/1"))
    assert status == 200 and "过A 写 A+ 或 过A" in text(page)
    assert cli.main(["check", "--content", str(root)]) == 1
    assert "→ 级数写 2–10、J、Q、K、A，过A 写 A+ 或 过A。" in capsys.readouterr().err
    assert parse_level("A+") == parse_level("过A") == parse_level("過A")  # what both say is read
