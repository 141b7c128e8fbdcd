"""The bridge pages' rows are written in Python (render/rows_bridge.py), not by the templates'
loops: a pair's and a team's names holding < & " still come out as text on a board's traveller,
and the rows of a round's and an entry's tables still link each board; a pairs table rendered
before its field is scored says its matchpoints are to come (no built site shows one)."""

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


def test_a_pairs_table_waiting_for_its_fields_matchpoints_says_so_and_shows_no_totals(tmp_path: Path) -> None:
    # A played pairs table before its field is compared (score_field marks it scored; a table
    # rendered alone before then): its contracts and scores, no matchpoints, no percentages, no
    # totals row (a top and totals of 0 over boards not yet compared), and the note saying when
    # they come. The same markup, but for the ARIA roles added since, as the template it
    # replaced wrote (bridge_table.html at 6b37b869^, each locale, the round's page and a pair's).
    import dataclasses

    from generator.build import validate
    from generator.games.bridge.duplicate import PairsRow, PairsView
    from generator.render.html import environment

    content = demo_content(tmp_path, "qiaoyou-club-pairs-2024")
    _built, results, _ = validate(content)
    result = next(r for r in results if r.event.folder.name == "qiaoyou-club-pairs-2024")
    score = result.stages[0].rounds[0].tables[0]
    scored = score.view
    assert (scored.ns, scored.ew, scored.scored, len(scored.rows)) == ("P01", "P11", True, 3)
    # its rows as the table makes them, before the field gives them matchpoints
    waiting = PairsView(scored.kind, scored.ns, scored.ew, scored.stage, scored.scoring,
                        [PairsRow(r.board, r.dealer, r.vulnerability, r.scoring, line=r.line, score=r.score)
                         for r in scored.rows])
    pending = '</table>\n</div>\n<p class="meta">全场各桌录入后计算比赛分。</p>'
    table = environment("zh-Hans").get_template("games/bridge_table.html")

    def shown(view: PairsView, side_index: int | None) -> str:
        return table.render(score=dataclasses.replace(score, view=view), event=result.event, root="../../../",
                            showings=1, side_index=side_index, own_entry=None if side_index is None else "P01")

    round_page = shown(waiting, None)
    assert round_page.rstrip().endswith(pending) and "<tfoot" not in round_page and "合计" not in round_page
    assert '<td role="cell" class="num" data-label="南北">480</td>' in round_page  # (board 1: 4♥ N +2)
    for label in ("南北 比赛分", "东西 比赛分", "南北 %", "东西 %"):
        assert round_page.count(f'data-label="{label}"></td>') == 3, label
    pairs_page = shown(waiting, 0)
    assert pairs_page.rstrip().endswith(pending) and "<tfoot" not in pairs_page
    assert '<td role="cell" class="num" data-label="本方得分">+480</td>' in pairs_page
    assert pairs_page.count('data-label="比赛分"></td>') == 3
    assert pairs_page.count('<td role="cell" class="num" data-label="累计得分率">\u2014</td>') == 3
    # its rows compared but the table not yet marked scored (score_field marks it after comparing
    # the field): their figures, still no totals (a view keeps them only once scored), the note
    compared = dataclasses.replace(waiting, rows=[dataclasses.replace(r) for r in scored.rows])
    page = shown(compared, None)
    assert '<td role="cell" class="num" data-label="南北 比赛分">' in page and 'data-label="南北 比赛分"></td>' not in page
    assert page.rstrip().endswith(pending) and "<tfoot" not in page
    # once scored: its totals, and no note
    for side_index in (None, 0):
        page = shown(scored, side_index)
        assert "全场各桌录入后" not in page and "<tfoot" in page and "合计" in page
    said = environment("en").get_template("games/bridge_table.html").render(
        score=dataclasses.replace(score, view=waiting), event=result.event, root="", showings=1, side_index=None)
    assert said.rstrip().endswith('<p class="meta">Matchpoints are computed once every table is in.</p>')
