"""The desk's "已录 k/n 桌" (the admin page's standings, the /screen page) and the site's round
page count the tables with a result to enter: a bye is not one, nor a table of a withdrawn
side (event-day.md, "Withdrawal": not played, the desk offers no form for it)."""

from __future__ import annotations

from pathlib import Path

from generator.build import validate
from tests.support import bridge_matches, new_event


def five_teams(tmp_path: Path) -> Path:
    """5 Guandan teams, a Swiss: round 1 drawn with T5's bye, table 1 entered, table 2 not."""
    folder = new_event(tmp_path, "mini", "title: 小赛\ngame: guandan\ndate: 2026-01-10\n", "T", 5,
                       "  - id: main\n    format: swiss\n    rounds: 2\n")
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n"
        "  - {table: 1, teams: [T1, T2], deals: [T1+3, T1+3, T1+3, T1+3, T1+3]}\n"
        "  - {table: 2, teams: [T3, T4]}\n"
        "  - {table: 3, teams: [T5]}\n", encoding="utf-8")
    return folder.parents[1]


def counts(content: Path) -> tuple[str, list[str]]:
    """The /screen page's k/n and the desk's standings' progress, as the desk words them."""
    from generator.desk.app import Desk

    desk = Desk(content, "mini", None, None, build=False)
    draw = desk.draw_view()
    return draw["status"], [line for view in desk.standings_view() for line in view["progress"]]


def test_a_bye_is_not_a_table_to_enter_on_the_desk(tmp_path: Path) -> None:
    # it was "已录 2/3 桌": the bye counted as a table, and as entered
    content = five_teams(tmp_path)
    screen, progress = counts(content)
    assert screen == "第 1 轮：已录 1/2 桌"
    assert progress == ["第 1 轮：已录 1/2 桌"]


def test_a_withdrawn_sides_table_is_not_a_table_to_enter_on_the_desk_or_the_site(tmp_path: Path) -> None:
    # P04 withdrawn from round 2, its table left as drawn, table 1 not entered yet: nothing of
    # the round is entered (it was "已录 1/2 桌", the withdrawal's forfeit counted as entered)
    content = bridge_matches(tmp_path)
    path = content / "events" / "mini" / "results" / "round-2.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(", boards: {1: 1NT N =, 2: 2H E +1}}", "}"),
                    encoding="utf-8")
    screen, progress = counts(content)
    # (the withdrawn side's table said apart: the round's page lists it)
    assert screen == "第 2 轮：已录 0/1 桌（另 1 桌因退赛不赛）"
    assert progress == ["第 1 轮：已录 2/2 桌", "第 2 轮：已录 0/1 桌（另 1 桌因退赛不赛）"]
    _, results, _ = validate(content)
    round_2 = results[0].stages[0].rounds[1]
    assert (round_2.entered, round_2.matches, round_2.not_played) == (0, 1, 1)  # the site's round page's k/n


def test_a_withdrawn_sides_walkover_is_counted_apart_by_the_desk_and_the_site_alike(tmp_path: Path) -> None:
    """A round with the withdrawn side's table (a walkover, in an 80分 round robin): the desk said
    "第 3 轮：已录 5/5 桌" beside a round page listing six tables. The desk's standings, its
    screen and the site's round and stage pages say one thing: k/n, and the table not played apart."""
    from generator.render.html import render_site
    from generator.render.output import OutputTree

    content = bridge_matches(tmp_path)
    path = content / "events" / "mini" / "results" / "round-2.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(", boards: {1: 1NT N =, 2: 2H E +1}}", "}"),
                    encoding="utf-8")
    said = "第 2 轮：已录 0/1 桌（另 1 桌因退赛不赛）"
    screen, progress = counts(content)
    assert screen == said and progress[-1] == said
    site, results, _ = validate(content)
    out = tmp_path / "output"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    for page in ("events/mini/main/round-2/index.html", "events/mini/main/index.html"):
        assert said in (out / page).read_text(encoding="utf-8"), page


def test_the_admin_page_lists_the_rounds_in_the_events_order_the_last_first(tmp_path: Path) -> None:
    """tongxin-guandan-2025: a Swiss of 5 rounds, then the knockout (ko-round-N.yaml files). The
    admin page listed the Swiss's rounds 5 to 1 first and the knockout's, the round being played,
    at the very bottom: the rounds went in the order their files were read (ko-round-1.yaml
    before round-1.yaml). It lists the stages in the event's order, the last round first."""
    from generator.desk.app import Desk

    from tests.support import demo_content

    slug = "tongxin-guandan-2025"
    desk = Desk(demo_content(tmp_path, slug), slug, None, None, build=False)
    shown = [(r["stage"].id, r["number"]) for r in reversed(desk.rounds_view())]  # as admin.html lists them
    assert shown == [("ko", 3), ("ko", 2), ("ko", 1), ("swiss", 5), ("swiss", 4), ("swiss", 3), ("swiss", 2), ("swiss", 1)]
