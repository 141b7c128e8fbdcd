"""Both teams of a Guandan table absent, at the results desk: the secretary's forfeit box offers
双方弃权 and writes `forfeit: [T.., T..]`; a table already so shows it chosen and is saved again
as it is (the box showed 无, and a save from the form dropped the double forfeit)."""

from __future__ import annotations

import re
from pathlib import Path

from generator.content.yaml_loader import load_yaml
from generator.errors import Problems
from tests.support import demo_content
from tests.test_desk import start
from tests.test_desk_records import Secretary

SLUG = "tumu-guandan-2020"


def _unplayed_first_table(tmp_path: Path) -> tuple[Path, Path, tuple[str, str]]:
    content = demo_content(tmp_path, SLUG)
    path = content / "events" / SLUG / "results" / "round-3.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"  - table: 1\n    teams: \[(\w+), (\w+)\]\n    (?:deals|levels):.*\n", text)
    path.write_text(text.replace(found[0], f"  - table: 1\n    teams: [{found[1]}, {found[2]}]\n", 1), encoding="utf-8")
    return content, path, (found[1], found[2])


def _first_table(path: Path) -> dict:
    return load_yaml(path, Problems())["tables"][0]


def test_the_secretary_enters_a_double_forfeit_and_it_is_kept_on_a_later_save(tmp_path: Path) -> None:
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    running = start(content, slug=SLUG)
    try:
        secretary = Secretary(running)
        page = secretary.page("main/3/1")
        assert f'<option value="{a}, {b}">双方弃权</option>' in page, page
        status, page = secretary.post("main/3/1", "save", forfeit=f"{a}, {b}")
        assert status == 200, page
        assert _first_table(path)["forfeit"] == [a, b]
        assert not [p for p in running.desk.problems if not p.warning]
        # said as both teams' forfeit, not as one team "T03, T02" (rev76), and again on reload
        assert "\u672c\u684c\u5df2\u5f55\u4e3a\u53cc\u65b9\u5f03\u6743" in page and f"\u672c\u684c\u5df2\u5f55\u4e3a {a}, {b}" not in page, page
        page = secretary.page("main/3/1")
        assert f'<option value="{a}, {b}" selected>双方弃权</option>' in page, page
        assert "\u672c\u684c\u5df2\u5f55\u4e3a\u53cc\u65b9\u5f03\u6743" in page, page
        # a save of the form as shown keeps it
        status, page = secretary.post("main/3/1", "save", forfeit=f"{a}, {b}")
        assert status == 200 and _first_table(path)["forfeit"] == [a, b], page
    finally:
        running.stop()
