"""The bridge pages' rows are written in Python (render/rows_bridge.py), not by the templates'
loops: a pair's and a team's names holding < & " still come out as text on a board's traveller,
and the rows of a round's and an entry's tables still link each board."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import demo_content, replace


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.build import validate
    from generator.render.html import render_site
    from generator.render.output import OutputTree

    folder = tmp_path_factory.mktemp("rows")
    content = demo_content(folder, "qiaoyou-club-pairs-2024", "gaoxiao-bridge-teams-2024")
    replace(content / "events/qiaoyou-club-pairs-2024/event.yaml", "players: [卢永刚, 夏静]",
            "players: ['卢<永&刚', '夏\"静']")
    replace(content / "events/gaoxiao-bridge-teams-2024/event.yaml", "name: 理工大学\n",
            "name: '理工<大&学\"'\n")
    out = folder / "output"
    out.mkdir()
    built, results, _ = validate(content)
    render_site(built, results, {}, OutputTree(out))
    return out


def test_a_pairs_names_on_a_traveller_are_text(site: Path) -> None:
    html = (site / "events/qiaoyou-club-pairs-2024/pairs/boards/1/index.html").read_text(encoding="utf-8")
    assert ('id="entry-P01" data-label="南北"><a href="../../../../../events/qiaoyou-club-pairs-2024/entries/P01/'
            'index.html">P01</a> <span class="meta">卢&lt;永&amp;刚 / 夏&#34;静</span></td>') in html
    assert "<永" not in html and "夏\"静" not in html


def test_a_teams_name_on_a_traveller_is_text(site: Path) -> None:
    html = (site / "events/gaoxiao-bridge-teams-2024/teams/boards/1/index.html").read_text(encoding="utf-8")
    assert '<a href="../../../../../events/gaoxiao-bridge-teams-2024/entries/T1/index.html">T1</a> ' \
           '<span class="meta">理工&lt;大&amp;学&#34;</span></td>' in html
    assert "<大" not in html


def test_an_entrys_table_rows_link_its_own_row_of_each_traveller(site: Path) -> None:
    html = (site / "events/qiaoyou-club-pairs-2024/entries/P01/index.html").read_text(encoding="utf-8")
    assert ('<tr role="row">\n  <th role="rowheader" scope="row" class="num"><a href="../../../../events/qiaoyou-club-pairs-2024/pairs/boards/1/'
            'index.html#entry-P01" aria-label="第 1 副" title="第 1 副各桌结果">1</a></th>  <td role="cell" data-label="发牌">北</td>') in html


def test_the_result_filter_escapes_a_text_it_was_given_before_as_markup() -> None:
    # br_result keeps each result's markup: a Markup equal to a text must not be handed back for it
    from markupsafe import Markup

    from generator.render.html import environment

    result = environment("en").filters["br_result"]
    assert result(Markup("<b>+1</b>")) == "<b>+1</b>"
    assert result("<b>+1</b>") == "&lt;b&gt;+1&lt;/b&gt;"
    assert result("-2") == "-2" and result("-2") == "-2"
    assert "visually-hidden" in result("=")


def test_a_hands_points_counted_leave_it_equal_to_the_same_hand() -> None:
    from generator.games.bridge.hands import parse_deal

    deal = parse_deal("N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 - -")
    assert (deal["N"].hcp, deal["E"].hcp) == (37, 0)
    assert deal["N"].hcp == 37 and deal["N"] == parse_deal("N:AKQJ.AKQ.AKQ.AKQ - - -")["N"]
