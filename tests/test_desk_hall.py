"""The desk's live standings and hall screen as the hall and the tables read them: figures as
the site's standings show them, the screen without a time limit, the standings' caption, the
desk's favicon. The Desk is read directly, its pages rendered as the server sends them."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support import demo_content


def desk_over(content: Path, slug: str):  # noqa: ANN201
    from generator.desk.app import Desk

    return Desk(content, slug, None, None, build=False)


def test_a_column_with_a_fraction_shows_every_figure_with_two_decimals_as_the_site_does(tmp_path: Path) -> None:
    """The desk's standings and screen printed "201.14, 197, 191.14, 172": each figure as it
    came. A column with a fraction anywhere has two decimals throughout, as the site's standings
    (two_place_metrics): the Neuberg-factored pairs' top MP 257 is 257.00 beside 252.12."""
    slug = "qiaoyou-club-pairs-2024"
    desk = desk_over(demo_content(tmp_path, slug), slug)
    [stage] = [view for view in desk.standings_view() if view["rows"]]
    column = stage["columns"].index("比赛分（MP）")
    figures = [row["cells"][column] for row in stage["rows"]]
    assert figures[0] == "257.00" and all(re.fullmatch(r"\d+\.\d\d", figure) for figure in figures), figures
    for page in ("_standings.html", "_screen.html"):
        assert 'data-label="比赛分（MP）">257.00</td>' in desk.page(page).body.decode()


def test_the_screen_shows_no_clock_without_a_time_limit(tmp_path: Path) -> None:
    """A stage without time_limit put a bare "—" at the clock's size on the hall's screen, read as
    a clock gone wrong: no clock at all (the heading names the round); with a limit, the clock."""
    from tests.test_desk_counts import five_teams

    content = five_teams(tmp_path)
    page = desk_over(content, "mini").page("screen.html").body.decode()
    assert 'class="clock"' not in page and "<h1" in page and "第 1 轮" in page
    event = content / "events" / "mini" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("format: swiss\n", "format: swiss\n    time_limit: 45\n"),
                     encoding="utf-8")
    assert '<p class="clock" id="clock" >45:00</p>' in desk_over(content, "mini").page("screen.html").body.decode()


def test_the_standings_caption_names_the_table_without_every_rounds_count(tmp_path: Path) -> None:
    """The standings' caption (what a screen reader names the table by) said every round's
    "已录 26/26 桌" after the stage; it names the stage and its moment, the counts said above."""
    slug = "tumu-guandan-2020"
    page = desk_over(demo_content(tmp_path, slug), slug).page("standings.html").body.decode()
    assert re.findall(r"<caption[^>]*>([^<]*)</caption>", page) == ["学院赛 · 已结束 · 共 3 轮"]
    assert "第 3 轮：已录 26/26 桌" in page  # (said on the page, above the table)


def test_the_desk_serves_the_sites_favicon(tmp_path: Path) -> None:
    """/favicon.ico was a 404 on every tab of the desk: the site's icon, linked from its pages too."""
    from tests.test_desk import fetch, start
    from tests.test_desk_counts import five_teams

    running = start(five_teams(tmp_path), slug="mini")
    try:
        icon = (Path(__file__).resolve().parents[1] / "templates" / "favicon.svg").read_text(encoding="utf-8")
        assert fetch(f"{running.base}/favicon.ico") == (200, icon)
        assert fetch(f"{running.base}/favicon.svg") == (200, icon)
        _, page = fetch(f"{running.base}/standings")
        assert '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in page
    finally:
        running.stop()
