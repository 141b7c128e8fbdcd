"""The desk's table forms as a screen reader and a small phone read them: each board's box named
"第 25 副" (not "25"), both of Guandan's final-level boxes described by the levels' hint, a team
match's placeholders whole at 320 px, and the live standings a link where the form sends a table
to them. Over HTTP to the real stack on 127.0.0.1, as tests/test_desk.py does; the placeholders
in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_desk import fetch, open_table, post, start
from tests.test_desk_bridge import TEAMS, teams_round_3_drawn
from tests.test_desk_records import Secretary, desk_of, make  # noqa: F401 - desk_of is a fixture
from tests.test_desk_screen import opened


def boxes(page: str) -> dict[str, str]:
    """Each board box of a form (b<n>…) -> its accessible name (aria-label, else its label's text)."""
    found = {}
    for tag in re.findall(r"<(?:input|output|textarea)\b[^>]*>", page):
        name = re.search(r'id="(b\d+[^"]*)"', tag)
        if name:
            label = re.search(r'aria-label="([^"]*)"', tag)
            found[name.group(1)] = label.group(1) if label else ""
    return found


def test_each_board_box_is_named_as_a_board_not_a_bare_number(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A screen reader announced a board's box as "25": its name is the board's, "第 25 副", a
    team match's room after it (第 17 副 开室), a board's penalty and note likewise."""
    from tests.support import demo_content

    pairs_content = demo_content(tmp_path / "pairs", "qiaoyou-club-pairs-2024")
    running = start(pairs_content, slug="qiaoyou-club-pairs-2024")
    try:
        named = boxes(Secretary(running).page("pairs/1/1"))
        assert named and named["b1"] == "第 1 副" and all(re.fullmatch(r"第 \d+ 副", label) for label in named.values()), named
    finally:
        running.stop()
    running = start(teams_round_3_drawn(tmp_path / "teams"), slug=TEAMS)
    try:
        named = boxes(Secretary(running).page("teams/3/1"))
        assert named["b17_open"] == "第 17 副 开室" and named["b17_closed"] == "第 17 副 闭室", named
    finally:
        running.stop()
    # 80分 teams: the secretary's form has each board's penalty and note
    root = make(tmp_path / "sj", "format: swiss\nrounds: 1\nboards: 2\n",
                "  - table: 1\n    home: H01\n    away: H02\n", game="shengji", prefix="H", players=4)
    running = desk_of(root)
    named = boxes(Secretary(running).page("main/1/1"))
    assert named["b1_open"] == "第 1 副 开室" and named["b1_penalty"] == "第 1 副 本副罚分", named


def test_both_final_level_boxes_are_described_by_the_levels_hint(desk_of, tmp_path: Path) -> None:  # noqa: F811
    """Guandan's final levels: the second team's box, labelled "T02" alone, was not tied to the
    hint "最终级数（2–10…）" that the first team's was: both are."""
    root = make(tmp_path, "format: swiss\nrounds: 1\n", "  - table: 1\n    teams: [T01, T02]\n")
    page = Secretary(desk_of(root)).page("main/1/1")
    assert re.search(r'<div class="hint" id="level_a-hint">最终级数', page)
    for box in ("level_a", "level_b"):
        described = re.search(rf'<input id="{box}" [^>]*aria-describedby="([^"]*)"', page)
        assert described and "level_a-hint" in described.group(1).split(), box


def test_a_pairs_tables_save_links_the_live_standings(tmp_path: Path) -> None:
    """After a pairs table saved, its page said "见实时名次" (its matchpoints come later) without
    a link to them: the words link to the desk's live standings, in the check's lines too."""
    import json

    from tests.support import demo_content

    slug = "qiaoyou-club-pairs-2024"
    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(  - table: 1\n(?:    .*\n)*?)    boards:\n(?:      .*\n)+", r"\1", text, count=1),
                    encoding="utf-8")
    running = start(content, slug=slug)
    try:
        typed = {"boards_played": "1: 1S W -2\n2: 3NT W -1\n3: 4H N ="}  # (its boards typed with their numbers)
        url, token, csrf, _ = open_table(running, "pairs/1/1")
        _, body = fetch(url, {"k": token, "csrf": csrf, "action": "check", **typed})
        data = json.loads(body)
        assert any("见实时名次" in line for line in data["lines"]) and data["headings"]["standings"] == "实时名次"
        status, page = post(running, "pairs/1/1", "save", **typed)
        assert status == 200 and 'id="saved"' in page, page
        assert re.search(r'<li>[^<]*见<a href="/standings">实时名次</a>。</li>', page)
    finally:
        running.stop()


@pytest.mark.slow
def test_a_team_matchs_placeholders_are_whole_on_a_small_phone(browser, tmp_path: Path) -> None:  # noqa: F811
    """At 320 px a bridge team match's room boxes showed "如 4S N = 或": the example cut. Each
    box's placeholder fits its box."""
    running = start(teams_round_3_drawn(tmp_path), slug=TEAMS)
    try:
        tab = opened(browser, running.desk.link("teams/3/1"), 320, 700)
        cut = tab.evaluate("""() => { const pen = document.createElement('canvas').getContext('2d');
            return [...document.querySelectorAll('input[placeholder]')].map(box => {
                const style = getComputedStyle(box); pen.font = style.font;
                const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                return [box.id, box.placeholder, pen.measureText(box.placeholder).width, room];
            }).filter(([, , wide, room]) => wide > room); }""")
        assert tab.locator("input[placeholder]").count() >= 16 and cut == [], cut
        tab.context.close()
    finally:
        running.stop()
