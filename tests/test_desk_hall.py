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


def english_desk(tmp_path: Path, slug: str):  # noqa: ANN201
    """The desk of demo event `slug` on an English site (its content Chinese, content_locale_of)."""
    content = demo_content(tmp_path, slug)
    site = content / "site.yaml"
    site.write_text(re.sub(r"(?m)^locale: .*$", "locale: en", site.read_text(encoding="utf-8")), encoding="utf-8")
    return desk_over(content, slug)


def test_an_english_desk_marks_its_chinese_names_and_titles(tmp_path: Path) -> None:
    """The hall's screen, the standings and a table's form said 守护队, 瑞士移位赛 and the event's
    title with an English voice: each is marked Chinese as the site's pages mark them (the same scan)."""
    from generator.desk import forms
    from generator.desk.app import Who
    from tests.test_content_lang import unmarked_chinese

    slug = "tongxin-guandan-2025"
    desk = english_desk(tmp_path, slug)
    spot = desk.spot("swiss", 1, 1)
    text = spot.path.read_text(encoding="utf-8")
    who = Who("admin", "t")
    fields = forms.fields_for(spot, text)
    table = desk.page("table.html", spot=spot, who=who, csrf=desk.csrf(who), fields=fields,
                      check=None, errors=[], warnings=[], incomplete=[], done=False, saved=False, lines=[], held=None,
                      filed="", broken=False, forfeit_said=forms.forfeit_said(spot, fields, False)).body.decode()
    pages = {name: desk.page(name).body.decode() for name in ("screen.html", "standings.html", "admin.html")}
    pages["table.html"] = table
    assert {name: unmarked_chinese(page) for name, page in pages.items()} == dict.fromkeys(pages, [])
    assert '<h1><span lang="zh-Hans">' in pages["standings.html"] and '<span class="name" lang="zh-Hans">' in pages["standings.html"]
    assert '<h1><span lang="zh-Hans">\u745e\u58eb\u79fb\u4f4d\u8d5b</span> \u00b7 ' in table


def test_a_knockout_in_progress_says_its_ranking_comes_at_the_end(tmp_path: Path) -> None:
    """A knockout with its first round saved has no ranking until its last match: the hall's screen
    said "No results yet" under the rounds it showed saved; it says when the placings come."""
    slug = "tongxin-guandan-2025"
    content = demo_content(tmp_path, slug)
    for later in ("ko-round-2.yaml", "ko-round-3.yaml"):
        (content / "events" / slug / "results" / later).unlink()
    desk = desk_over(content, slug)
    [ko] = [view for view in desk.standings_view() if view["result"].bracket is not None]
    assert ko["rows"] == [] and ko["progress"]
    screen = desk.page("screen.html").body.decode()
    section = screen[screen.index(f"<h2>{ko['name']}"):]
    section = section[:section.index("</section>")]
    assert desk.t("ko_champion_later") in section and desk.t("no_results") not in section
