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
