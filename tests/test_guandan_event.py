"""The seed's Guandan event (seed 001, 土木学院分工会): content, standings, pages, bulletins.

The event is built alone (site.yaml and its own folder copied to a temporary content/), so
these tests do not depend on the other demo events.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from support import demo_content

ROOT = Path(__file__).resolve().parents[1]
SLUG = "tumu-guandan-2020"
EVENT = f"events/{SLUG}"


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return demo_content(tmp_path_factory.mktemp("gd"), SLUG)


@pytest.fixture(scope="module")
def result(content: Path):
    _, results, warnings = validate(content, strict=True)
    assert not warnings
    return results[0]


@pytest.fixture(scope="module")
def site(content: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gd-site") / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    return out / EVENT


def test_the_seeds_event_52_teams_of_two_in_3_rounds(result):
    event = result.event
    assert event.game == "guandan" and event.organizer == "土木学院分工会"
    assert [d.isoformat() for d in event.dates] == ["2020-12-09"]
    assert len(event.entries) == 52
    players = [p.name for e in event.entries.values() for p in e.players]
    assert len(players) == 104 and len(set(players)) == 104
    stage = result.stages[0]
    assert stage.stage.format == "swiss" and stage.stage.rank_by == ["wins", "level_diff", "buchholz"]
    assert [len(r.tables) for r in stage.rounds] == [26, 26, 26]
    for round_result in stage.rounds:
        sides = [side for score in round_result.tables for side in score.table.sides]
        assert sorted(sides) == sorted(event.entries)


def test_no_rematch_and_rounds_2_and_3_pair_equal_wins(result):
    stage = result.stages[0]
    met: set[frozenset[str]] = set()
    wins: Counter[str] = Counter()
    for round_result in stage.rounds:
        floats = 0
        for score in round_result.tables:
            pair = frozenset(score.table.sides)
            assert pair not in met, pair
            met.add(pair)
            a, b = score.table.sides
            if round_result.number > 1 and wins[a] != wins[b]:
                floats += 1
                assert abs(wins[a] - wins[b]) == 1
        # 52 teams: no group is odd after round 1; after round 2 the 13 teams on 2 wins are
        assert floats == (0 if round_result.number < 3 else 2)
        for score in round_result.tables:
            wins[score.winner] += 1


def test_the_demo_has_the_mix_the_issue_asks_for(result):
    tables = [score for r in result.stages[0].rounds for score in r.tables]
    logs = [s for s in tables if s.view.kind == "log"]
    levels_only = [s for s in tables if s.view.kind == "levels"]
    assert 0.5 <= len(logs) / len(tables) <= 0.7
    assert len(logs) + len(levels_only) + 1 == len(tables)
    assert sum(s.view.fouls for s in logs) >= 2
    assert any(s.view.passed for s in logs)
    assert any(s.view.why == "gd_why_first" for s in logs)
    assert any(s.view.why == "gd_why_recorded" for s in levels_only)
    assert [s.table.forfeit for s in tables if s.table.forfeit] == ["T12"]
    assert any(note[0] == "gd_note_back_to_two" for s in logs for row in s.view.rows for note in row.notes)


def test_standings_prizes_by_wins_and_buchholz(result):
    stage = result.stages[0]
    standings = stage.standings
    assert Counter(s.tally.metrics["wins"] for s in standings) == {3: 7, 2: 19, 1: 19, 0: 7}
    expected = {3: "一等奖", 2: "二等奖", 1: "优秀奖", 0: None}
    for standing in standings:
        assert standing.rank is not None
        prize = standing.prize.name if standing.prize else None
        assert prize == expected[standing.tally.metrics["wins"]], standing.entry.id
    wins = {s.entry.id: s.tally.metrics["wins"] for s in standings}
    for standing in standings:
        assert standing.tally.metrics["buchholz"] == sum(wins[o] for o in standing.tally.opponents)
    keys = [(-s.tally.metrics["wins"], -s.tally.metrics["level_diff"], -s.tally.metrics["buchholz"]) for s in standings]
    assert keys == sorted(keys)
    forfeiter = next(s for s in standings if s.entry.id == "T12")
    assert not forfeiter.tally.forfeited and forfeiter.tally.lost >= 1


def test_results_json_has_levels_instead_of_boards(site):
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    assert data["event"]["game"] == "guandan"
    stage = data["stages"][0]
    assert set(stage["standings"][0]["metrics"]) == {"wins", "level_diff", "buchholz"}
    for round_ in stage["rounds"]:
        for table in round_["tables"]:
            assert table["boards"] == []
            if table["forfeit"]:
                assert table["levels"] == {} and table["decided_by"] == "forfeit"
            else:
                assert set(table["levels"]) == set(table["sides"])
                assert all(v in "2 3 4 5 6 7 8 9 10 J Q K A A+".split() for v in table["levels"].values())
    with_log = next(t for r in stage["rounds"] for t in r["tables"] if "deals" in t)
    assert with_log["deals"][0]["deal"] == 1 and with_log["deals"][0]["in_play"] == "2"


def test_round_pages_show_the_level_path_and_why(site):
    pages = "".join((site / f"main/round-{n}/index.html").read_text(encoding="utf-8") for n in (1, 2, 3))
    assert "先到达（第" in pages  # a tie decided from the log
    assert "先到达（据记录表）" in pages  # a levels-only tie with winner:
    assert "过A获胜" in pages and "过A</span>" in pages
    assert "T12 弃权，T06 获胜（双方级差按 0 计）" in pages
    assert "打A 3 次未过，回到 2" in pages
    assert "犯规，" in pages and "<polyline" in pages and "只记录了最终级数" in pages


def test_entry_page_shows_the_three_matches(site):
    html = (site / "entries/T12/index.html").read_text(encoding="utf-8")
    for n in (1, 2, 3):
        assert f"第 {n} 轮" in html
    assert "T12 弃权，T06 获胜" in html and html.count('<section class="table-result"') == 3


def test_stage_page_explains_every_metric(site):
    html = (site / "main/index.html").read_text(encoding="utf-8")
    assert "胜场" in html and "级差" in html and "对手分" in html
    assert "弃权的一场记 0" in html


def test_entries_tied_on_every_key_are_listed_tied_and_the_lot_order_is_said_to_be_the_draws(site, result):
    """The seed ranks by wins, level difference, Buchholz: no lot (rules-guandan.md; ties share
    a rank, content-format.md). T34 and T43 are equal on all three and listed by number, T34
    first, while the stage page published the lot order (T43 40th, T34 46th) as the order of
    "entries equal on everything": a reader took the listing for it, or for a ranking. They are
    shown tied (15=), the ranking rule says tied entries are listed by number in no order of
    merit, and the lot order that it orders the draw, the ranking keeping them tied."""
    [stage] = result.stages
    tied = {s.entry.id: (s.rank, s.tied) for s in stage.standings if s.entry.id in ("T34", "T43")}
    assert tied == {"T34": (15, True), "T43": (15, True)} and stage.lots["T43"] < stage.lots["T34"]
    html = (site / "main/index.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "15= 并列第 15 T34" in text and "15= 并列第 15 T43" in text
    assert "各项均相同者名次并列（如 3=）；并列者按编号列出，先后不分高低。" in text
    assert "本阶段的抽签顺序（共 52 个）：编排对阵时各项均相同者按此先后，排名中仍然并列" in text


@pytest.mark.slow
def test_prize_list_and_standings_bulletins(site, result):
    def text(name: str) -> str:
        return subprocess.run(["pdftotext", "-layout", str(site / f"bulletins/{name}.pdf"), "-"],
                              capture_output=True, check=True, text=True).stdout

    prizes = text("prizes")
    assert "获奖名单" in prizes and "土木学院分工会" in prizes and "2020年12月9日" in prizes
    for standing in result.stages[0].standings:
        assert (standing.entry.id in prizes) == (standing.prize is not None)
    for name, count in (("一等奖", 7), ("二等奖", 19), ("优秀奖", 19)):
        assert sum(1 for line in prizes.splitlines() if line.strip().startswith(name)) == count
    standings = text("standings-main")
    assert "胜场" in standings and "级差" in standings and "对手分" in standings
    round_two = text("round-main-2")
    assert "学院赛第2轮成绩" in "".join(round_two.split()) and "T12 弃权" in round_two


def test_each_match_with_a_log_has_its_level_chart(site, result):
    """The chart (render/html.py's level_chart): a line and a dot per step for each team, the
    level names up the side, the deal numbers along the bottom, named for a screen reader."""
    from xml.etree import ElementTree

    html = (site / "main/round-1/index.html").read_text(encoding="utf-8")
    views = [s.view for s in result.stages[0].rounds[0].tables if s.view.kind == "log"]
    charts = re.findall(r'<figure class="level-chart">.*?</figure>', html, re.S)
    assert len(charts) == len(views) > 0
    for view, chart in zip(views, charts):
        figure = ElementTree.fromstring(chart)  # well-formed
        svg = figure.find("div/svg")
        assert svg.get("aria-label") == f"级数走势：{view.teams[0]}（实线）与 {view.teams[1]}（虚线），横轴为副数"
        lines = [p.get("points") for p in svg.iter() if p.tag.endswith("polyline")]
        assert lines == list(view.chart.lines)
        assert sum(1 for c in svg.iter() if c.tag.endswith("circle")) == sum(len(d) for d in view.chart.dots)
        labels = [t.text for t in svg.iter() if t.tag.endswith("text")]
        assert labels == [name for _, name in view.chart.grid] + [tick for _, tick in view.chart.ticks]


# The deal log's rows as games/guandan_table.html wrote them with its own loops, before
# render/html.py's deal_log wrote them in one pass: the reference the pages must still read as.
DEAL_LOG_AS_THE_TEMPLATE_WROTE_IT = """<tr role="row">
  <th role="rowheader" scope="row" class="num"><span aria-hidden="true">—</span><span class="visually-hidden">{{ _("gd_start") }}</span></th><td role="cell" colspan="3"><span aria-hidden="true">{{ _("gd_start") }}</span></td>
  <td role="cell" class="num" data-label="{{ view.teams[0] }}">{{ view.start }}</td><td role="cell" class="num" data-label="{{ view.teams[1] }}">{{ view.start }}</td><td role="cell"></td>
</tr>
{% for row in view.rows %}
<tr{% if row.foul %} class="foul"{% endif %} role="row">
  {% if row.foul %}
  <th role="rowheader" scope="row" class="num"><span aria-hidden="true">—</span><span class="visually-hidden">{{ _("gd_foul_row") }}</span></th>
  <td role="cell"></td>
  <td role="cell" class="warn">{{ _("gd_foul", team=row.team) }}</td>
  <td role="cell"></td>
  {% else %}
  <th role="rowheader" scope="row" class="num">{{ row.number }}</th>
  <td role="cell" data-label="{{ _("gd_in_play") }}">{{ row.in_play }}{% if row.in_play_team %}{{ _("paren", text=row.in_play_team) }}{% endif %}</td>
  <td role="cell" data-label="{{ _("gd_deal_winner") }}">{{ row.team }}</td>
  <td role="cell" class="num" data-label="{{ _("gd_gain") }}">+{{ row.gain }}</td>
  {% endif %}
  {% for side in (0, 1) %}<td role="cell" class="num" data-label="{{ view.teams[side] }}">{% if row.changed[side] %}<strong>{{ row.levels[side] }}</strong>{% else %}{{ row.levels[side] }}{% endif %}</td>{% endfor %}
  <td role="cell" class="line">{% for key, params in row.notes %}{{ _(key, **params) }}{% if not loop.last %}{{ _.joiner() }}{% endif %}{% endfor %}</td>
</tr>
{% endfor %}
"""


def _a_long_match():  # noqa: ANN202
    """A match whose log has every kind of row: fouls, a team at A failing there until it goes
    back to 2, a gain capped at A, and team names that must be escaped."""
    from generator.games.guandan.rules import Deal, GuandanRecord, GuandanStage, decide, replay
    from generator.games.guandan.views import match_view

    a, b = "T&1", "T<2>"
    deals = [Deal(a, 3), Deal(a, 3), Deal(a, 3), Deal(a, 3), Deal(b, 3), Deal(b, 3), Deal(b, 3), Deal(a, 1),
             Deal(b, 3), Deal(a, 1), Deal(b, 1, True), Deal(b, 1), Deal(a, 3), Deal(a, 3), Deal(a, 3), Deal(a, 2),
             Deal(a, 3)]
    log = replay((a, b), deals)
    record = GuandanRecord([a, b], deals=deals, replay=log)
    view, _ = match_view(decide((a, b), log, None), record, GuandanStage())
    return view


@pytest.mark.parametrize("locale", ["zh-Hans", "en"])
def test_a_deal_log_reads_as_the_template_wrote_it(locale):
    """render/html.py's deal_log writes the rows of a match's deal log as the template's loops
    wrote them (the reference above, rendered by stock Jinja), words, notes and escaping alike."""
    from generator.render import html as html_module

    view = _a_long_match()
    codes = {code for row in view.rows for code, _ in row.notes}
    assert {"gd_note_foul", "gd_note_a_failed", "gd_note_back_to_two", "gd_note_capped"} <= codes
    assert any(len(row.notes) > 1 for row in view.rows) and any(row.in_play_team for row in view.rows)
    stock = html_module.environment(locale, stock=True)
    expected = stock.from_string(DEAL_LOG_AS_THE_TEMPLATE_WROTE_IT).render(view=view)
    written = html_module.environment(locale).globals["deal_log"](view)
    assert "T&amp;1" in written and "T&lt;2&gt;" in written
    assert str(written) == expected


def test_a_level_chart_reads_as_it_was_written_piece_by_piece():
    """level_chart joins its grid, ticks and dots, each written once for every chart that has
    it: a chart reads as when each piece was written for it alone (the former loops, here)."""
    from markupsafe import Markup, escape

    from generator.render.html import level_chart

    def one_by_one(chart, teams, colours, label, box_label):  # noqa: ANN001, ANN202
        label_text, (first, second) = escape(label), (escape(teams[0]), escape(teams[1]))
        left, right, height = chart.left, chart.right, chart.height
        out = [f'<figure class="level-chart">\n<div class="scroll" role="region" tabindex="0" aria-label="{escape(box_label)}">\n'
               f'<svg width="{chart.width}" height="{height}" viewBox="0 0 {chart.width} {height}" '
               f'style="min-width:{chart.width * 3 // 4}px" role="img" aria-label="{label_text}">\n']
        for y, name in chart.grid:
            out.append(f'  <line x1="{left}" x2="{right}" y1="{y}" y2="{y}" stroke="#d6d6d6" stroke-width="1"/>\n'
                       f'  <text x="{left - 6}" y="{y + 3}" text-anchor="end" font-size="14" fill="#595959">'
                       f'{escape(name)}</text>\n')
        for x, tick in chart.ticks:
            out.append(f'  <text x="{x}" y="{height - 6}" text-anchor="middle" font-size="14" fill="#595959">'
                       f'{escape(tick)}</text>\n')
        out.append(f'  <polyline points="{escape(chart.lines[0])}" fill="none" stroke="{colours[0]}" stroke-width="2" '
                   f'stroke-linejoin="round"/>\n'
                   f'  <polyline points="{escape(chart.lines[1])}" fill="none" stroke="{colours[1]}" stroke-width="2" '
                   f'stroke-dasharray="5 3" stroke-linejoin="round"/>\n')
        for side in (0, 1):
            out.extend(f'<circle cx="{x}" cy="{y}" r="2.2" fill="{colours[side]}"/>' for x, y in chart.dots[side])
        out.append(f'</svg>\n</div>\n<figcaption class="meta">\n'
                   f'  <svg width="22" height="8" aria-hidden="true"><line x1="0" x2="22" y1="4" y2="4" '
                   f'stroke="{colours[0]}" stroke-width="2"/></svg> {first}\n'
                   f'  <svg width="22" height="8" aria-hidden="true"><line x1="0" x2="22" y1="4" y2="4" '
                   f'stroke="{colours[1]}" stroke-width="2" stroke-dasharray="5 3"/></svg> {second}\n'
                   f'</figcaption>\n</figure>\n')
        return Markup("".join(out))

    view = _a_long_match()
    for colours, label in ((("#0b5394", "#b45309"), "T&1 <vs> T<2>"), (("red", "blue"), "another")):
        for _ in range(2):  # the second time from the pieces kept
            written = level_chart(view.chart, view.teams, colours, label, f"box of {label}")
            assert isinstance(written, Markup)
            assert str(written) == str(one_by_one(view.chart, view.teams, colours, label, f"box of {label}"))


def test_a_matchs_rows_and_chart_are_made_with_it_kept_and_not_pickled():
    """match_view makes the rows and chart of a deal log at once (make_parts, in the build's own
    process), kept as cached_property keeps them: the same as asked afresh, read back as they
    were made, and left out when the match is pickled (made again from its log)."""
    import pickle

    from generator.games.guandan.views import RowView, chart_view, row_views

    view = _a_long_match()
    assert {"rows", "chart"} <= set(vars(view))
    rows, chart = view.rows, view.chart
    assert view.rows is rows and view.chart is chart
    assert rows == row_views(view.log, view.a_attempts) and chart == chart_view(view.log)
    assert all(type(row) is RowView for row in rows)
    assert rows[0] == RowView(*rows[0]) and rows[0].levels == ("5", "2") and rows[0].changed == (True, False)
    again = pickle.loads(pickle.dumps(view))
    assert "rows" not in vars(again) and again.rows == rows and again.chart == chart


def test_a_matchs_log_is_unpickled_as_its_steps_not_replayed_again(monkeypatch):
    """A match's replayed log (rules.Replay) is pickled with its steps, as the event cache keeps
    an event's reading: the render worker that unpickles it does not replay the deal log again
    (a twelfth of its unpickling of bench/site.py's archive). It comes back as it was: the same
    steps, of the same type, the levels, attempts and arrivals, the deals it was replayed from."""
    import pickle

    from generator.games.guandan import rules

    view = _a_long_match()
    payload = pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)

    def replayed_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("a deal log replayed as it was unpickled")

    monkeypatch.setattr(rules, "replay", replayed_again)
    again = pickle.loads(payload)
    log = again.log
    assert type(log) is rules.Replay and log == view.log
    assert all(type(step) is rules.Step for step in log.steps) and len(log.steps) == 17
    assert log.steps[10] == view.log.steps[10] and log.steps[10].notes == view.log.steps[10].notes
    assert (log.levels, log.passed, log.attempts, log.arrived) == (view.log.levels, view.log.passed,
                                                                    view.log.attempts, view.log.arrived)
    assert log.steps[3].deal is log.deals[3]  # one deal, not a copy of it for the step
    assert again.rows == view.rows and again.chart == view.chart


def test_a_matchs_deals_for_results_json_are_made_when_first_read():
    """results.json's `deals` of a match (games.RowsWhenRead) are made from its replay when first
    read, in the process that writes the file, not as the match is scored: the same items, as
    a list would compare and index them, pickled as the replay, written as the list."""
    import json
    import pickle

    from generator.games.guandan.rules import GuandanRecord, GuandanStage, decide
    from generator.games.guandan.views import match_view
    from generator.render.html import _json_list

    view = _a_long_match()
    record = GuandanRecord(list(view.teams), deals=view.log.deals, replay=view.log)
    _, extra = match_view(decide(view.teams, view.log, None), record, GuandanStage())
    deals = extra["deals"]
    assert deals._rows is None  # not made yet
    assert len(deals) == len(view.log.steps) == 17 and deals._rows is not None
    assert deals[0] == {"deal": 1, "team": "T&1", "gain": 3, "in_play": "2", "levels": {"T&1": "5", "T<2>": "2"}}
    assert deals[10] == {"deal": None, "team": "T<2>", "foul": True, "levels": {"T&1": "A", "T<2>": "A"}}
    again = pickle.loads(pickle.dumps(deals))
    assert again._rows is None and again == deals and list(again) == list(deals)
    written = json.dumps({"deals": deals}, ensure_ascii=False, default=_json_list)
    assert json.loads(written) == {"deals": list(deals)}


def test_a_chart_is_each_sides_levels_step_by_step():
    """chart_view (its points looked up by position and level, _columns): each side's point at
    each step is the level it stood at, the chart's top A or A+ (a team passed A), and equal
    points are one object in every chart (a mass event's 17,500 charts share them)."""
    from generator.games.guandan.rules import Deal, LEVEL_A, PASSED_A, replay
    from generator.games.guandan.views import chart_view

    long = _a_long_match().log
    passed = replay(("T01", "T02"), [Deal("T01", 3)] * 4 + [Deal("T02", 1), Deal("T01", 1), Deal("T01", 2)])
    assert passed.passed == "T01"
    for log, top in ((long, LEVEL_A), (passed, PASSED_A)):
        chart = chart_view(log)
        states = [dict.fromkeys(log.teams, log.start)] + [step.levels for step in log.steps]
        for side, team in enumerate(log.teams):
            expected = [(30 + 26 * n, 8 + (top - state[team]) * 9) for n, state in enumerate(states)]
            assert list(chart.dots[side]) == expected
            assert chart.lines[side] == " ".join(f"{x},{y}" for x, y in expected)
        assert chart.height == 8 + top * 9 + 22 and chart.width == 30 + 26 * len(log.steps) + 12
        assert [tick for _, tick in chart.ticks] == [str(s.number) for s in log.steps if s.number is not None]
    first, second = chart_view(long), chart_view(passed)
    assert first.dots[0][0] == (30, 116) and second.dots[1][0] == (30, 125)  # level 2, under A and under A+
    assert chart_view(long).dots[0][3] is first.dots[0][3] and first.dots[1][0] is first.dots[0][0]


def test_a_tables_parts_are_kept_for_the_pages_of_the_share_that_shows_them(content, tmp_path):
    """A large event's pages are rendered in shares (render_event's part k of n: the event's own
    pages in share 0, the entries' pages as entry_shares deals them): a table's chart and deal log
    (shared_part) are kept for as many showings as the share renders (part_showings), neither
    more (kept, encoded, for pages another process renders) nor fewer; the pages read the same
    as rendered whole."""
    from collections import Counter

    from generator.render import html as html_module
    from generator.render.output import OutputTree
    from generator.render.players import collect_people

    site, results, _ = validate(content)
    result = results[0]
    people = collect_people(results, None)
    env = html_module.environment(result.event.locale or site.locale, people)
    own = html_module.shared_part
    asked: list[tuple[int, str, int]] = []

    def counted(owner, name, showings, caller):  # noqa: ANN001, ANN202
        asked.append((id(owner), name, showings))
        return own(owner, name, showings, caller)

    env.globals["shared_part"] = counted

    def render(part, out):  # noqa: ANN001, ANN202
        html_module.render_event(env, site, result, [], html_module.SiteWriter(site, OutputTree(out)), part)
        return out

    whole = render((0, 1), tmp_path / "whole")
    assert asked and all(showings == 3 for _, _, showings in asked)  # the round's page and both teams'
    for k in range(4):
        asked.clear()
        render((k, 4), tmp_path / "shares")
        shown = Counter((owner, name) for owner, name, _ in asked)
        assert {(owner, name): showings for owner, name, showings in asked} == shown, k
    names = sorted(p.relative_to(whole) for p in whole.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(tmp_path / "shares") for p in (tmp_path / "shares").rglob("*") if p.is_file())
    assert [n for n in names if (whole / n).read_bytes() != (tmp_path / "shares" / n).read_bytes()] == []


def test_a_tables_parts_are_kept_as_text_while_few_and_as_utf8_past_the_limit(content, tmp_path, monkeypatch):
    """A table's chart and deal log (shared_part), kept for their next showings, are kept as the
    text they are while those kept are few (a small event's: not encoded once and decoded again
    at every showing), as UTF-8 once SHARED_TEXT_LIMIT bytes are kept (a mass event's, smaller
    so); the pages read the same either way."""
    from generator.render import html as html_module
    from generator.render.output import OutputTree
    from generator.render.players import collect_people

    site, results, _ = validate(content)
    result = results[0]
    env = html_module.environment(result.event.locale or site.locale, collect_people(results, None))
    own = html_module._shown_again
    kept_as: list[type] = []

    def watched(owner, name, showings, make):  # noqa: ANN001, ANN202
        part = own(owner, name, showings, make)
        if not isinstance(part, (list, tuple)):  # (a table's rows: shared_rows; a match heading's parts)
            kept_as.append(type(part))
        return part

    monkeypatch.setattr(html_module, "_shown_again", watched)

    def render(out):  # noqa: ANN001, ANN202
        html_module.render_event(env, site, result, [], html_module.SiteWriter(site, OutputTree(out)))
        return out

    as_text = render(tmp_path / "text")
    assert kept_as and bytes not in kept_as
    kept_as.clear()
    monkeypatch.setattr(html_module, "SHARED_TEXT_LIMIT", 0)
    as_utf8 = render(tmp_path / "utf8")
    assert kept_as and set(kept_as) == {bytes}
    names = sorted(p.relative_to(as_text) for p in as_text.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(as_utf8) for p in as_utf8.rglob("*") if p.is_file())
    assert [n for n in names if (as_text / n).read_bytes() != (as_utf8 / n).read_bytes()] == []


def test_a_forfeit_typed_full_width_is_the_team_it_names_for_the_loader_as_for_guandan(tmp_path: Path) -> None:
    """`forfeit: Ｔ４８` (a Chinese input method's letters and digits) was T48 to Guandan's reader
    but to the content loader a team not at the table (forfeit-not-at-table): read alike, it is
    the same forfeit as `forfeit: T48`."""
    from generator.errors import ContentErrors

    def said(forfeit: str) -> tuple[list[str], object]:
        content = demo_content(tmp_path / forfeit, "tumu-guandan-2020")
        results = content / "events/tumu-guandan-2020/results/round-1.yaml"
        text = results.read_text(encoding="utf-8")
        results.write_text(text.replace("levels: {T47: K, T48: 8}", f"forfeit: {forfeit}", 1), encoding="utf-8")
        try:
            _, events, warnings = validate(content)
        except ContentErrors as failure:
            return sorted(p.code for p in failure.problems), None
        table = next(t for rounds in events[0].event.rounds.values() for r in rounds for t in r.tables
                     if set(t.sides) == {"T47", "T48"})
        return sorted(p.code for p in warnings), (table.forfeit, table.record.forfeit)

    wide = said("Ｔ４８")
    assert wide == said("T48")
    assert wide[1] == ("T48", "T48")
