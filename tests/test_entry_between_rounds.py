"""What a member reads on an entry's page and a player's page between rounds (event-day.md:
"after round N" counts fully played rounds). A round drawn by `paibang pair` and not played yet
is listed as to be played (待赛), never as a played draw (平 0 0) with a running total; a bye of
that round waits with it; a round partly entered shows no result for a table not entered yet
(nor, on the entry's page, for one entered: its round's page has it, not counted yet); the
ranks say "第 N 轮后" until the stage ends, and only then "最终名次".
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.build import build
from generator.tournament.running import running_totals
from tests.support import withdraw
from tests.test_event_in_progress import SLUG, fill, pair, round_file, small_event


class _Rows(HTMLParser):
    """The text of each cell of each row of an entry page's match list (table.summary)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.depth = 0  # 1: inside a summary table's body
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table" and "summary" in (dict(attrs).get("class") or "").split():
            self.tables.append([])
            self.depth = -1  # in its header
        elif tag == "tbody" and self.depth == -1:
            self.depth = 1
        elif tag == "tr" and self.depth == 1:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.depth == 1:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag in ("tbody", "table"):
            self.depth = 0

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def match_rows(page: Path) -> list[list[str]]:
    """The entry's match list on its page: one row a match, its cells' text (round, table,
    opponent, outcome, each metric, the running total)."""
    parser = _Rows()
    parser.feed(page.read_text(encoding="utf-8"))
    assert len(parser.tables) == 1, page
    return parser.tables[0]


def heading(page: Path, stage: str = "main") -> str:
    """The stage's heading on an entry's page: its name, the entry's rank and when."""
    found = re.search(rf'<h2 id="stage-{stage}">(.*?)</h2>', page.read_text(encoding="utf-8"))
    assert found, page
    return re.sub(r"<[^>]+>", "", as_seen(found[1]))


def as_seen(html: str) -> str:
    """A page's HTML as a sighted reader reads it: a tied place "3=" (aria-hidden) without the
    words given to a screen reader instead ("并列第 3", visually hidden)."""
    html = re.sub(r'<span class="visually-hidden">[^<]*</span>', "", html)
    return re.sub(r'<span aria-hidden="true">([^<]*)</span>', r"\1", html)


def player_page(out: Path, name: str) -> str:
    pages = [p.read_text(encoding="utf-8") for p in (out / "players").glob("*/index.html")]
    # (an English page marks a Chinese name's language on its heading: <h1 lang="zh-Hans">)
    found = [p for p in pages if re.search(f"<h1( lang=\"[^\"]+\")?>{re.escape(name)}</h1>", p)]
    assert len(found) == 1, name
    return as_seen(found[0])


def has_number(cells: list[str]) -> bool:
    return any(re.search(r"\d", cell) for cell in cells)


def test_a_guandan_entry_between_rounds(tmp_path: Path) -> None:
    # 5 teams: two tables and a bye each round.
    content = small_event(tmp_path, 5, "  - id: main\n    format: swiss\n    rounds: 3\n")
    out = tmp_path / "output"
    site = out / "events" / SLUG
    assert pair(content) == 0
    fill(content, 1)
    assert pair(content) == 0
    tables = [sides for sides in fill(content, 2, only=0) if len(sides) == 2]
    bye = next(iter({f"T{i:02d}" for i in range(1, 6)} - {e for sides in tables for e in sides}))
    (first, second), (third, fourth) = tables

    # Round 2 drawn, not played: each entry's round 2 is to be played, without a score or a
    # running total; a bye is not counted yet.
    build(content, out, bulletins=False)
    for entry in (first, fourth):
        page = site / "entries" / entry / "index.html"
        rows = match_rows(page)
        assert [row[0] for row in rows] == ["第 1 轮", "第 2 轮"]
        assert rows[1][3] == "待赛" and not has_number(rows[1][3:]), rows[1]
    rows = match_rows(site / "entries" / bye / "index.html")
    assert rows[1][3] == "轮空（尚未计入排名）" and not has_number(rows[1][3:]), rows[1]
    # The bye's running total is the standings' (after round 1), not one more win.
    assert rows[0][-1] in ("0", "1")

    # Round 2 partly entered (its first table): no result on the entry pages yet, the table
    # not entered is still to be played, the one entered waits for its round.
    fill(content, 2, only=1)
    build(content, out, bulletins=False)
    assert "已录 1/2 桌" in (site / "main" / "round-2" / "index.html").read_text(encoding="utf-8")
    for entry, outcome in ((first, "已录（尚未计入排名）"), (second, "已录（尚未计入排名）"),
                           (third, "待赛"), (fourth, "待赛"), (bye, "轮空（尚未计入排名）")):
        rows = match_rows(site / "entries" / entry / "index.html")
        assert [row[0] for row in rows] == ["第 1 轮", "第 2 轮"], entry
        assert rows[1][3] == outcome and not has_number(rows[1][3:]), (entry, rows[1])

    # Round 2 played: counted, with its score and running total.
    path = round_file(content, 2)  # the whole round, the first table typed again
    path.write_text(re.sub(r"\n    levels: .*", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    fill(content, 2)
    build(content, out, bulletins=False)
    rows = match_rows(site / "entries" / first / "index.html")
    assert rows[1][3] == "胜" and rows[1][4:] and all(re.fullmatch(r"-?\d+", cell) for cell in rows[1][4:])
    rows = match_rows(site / "entries" / bye / "index.html")
    assert rows[1][3] == "轮空" and rows[1][-1] == str(int(rows[0][-1]) + 1)

    # The end: final ranks, every match counted.
    assert pair(content) == 0
    fill(content, 3)
    build(content, out, bulletins=False)
    for entry in (first, bye):
        assert "待赛" not in (site / "entries" / entry / "index.html").read_text(encoding="utf-8")


def test_ranks_say_after_round_n_until_the_end(tmp_path: Path) -> None:
    """An entry's rank on its page, and a player's place in the event on theirs, are "after
    round N" while the stage runs (the standings' words), final only once it is over."""
    content = small_event(tmp_path, 4, "  - id: main\n    format: swiss\n    rounds: 2\n")
    out = tmp_path / "output"
    page = out / "events" / SLUG / "entries" / "T01" / "index.html"
    assert pair(content) == 0
    fill(content, 1)
    assert pair(content) == 0  # round 2 drawn, not played
    build(content, out, bulletins=False)
    assert re.fullmatch(r"main · 名次 \d=? · 第 1 轮后", heading(page)), heading(page)
    player = player_page(out, "甲1")
    assert "最终名次" not in player
    # (its score so far; the place the link to its row, the stage's name beside it)
    # (the stage's name beside the link hidden from a screen reader, which the link's name says: rev55)
    assert re.search(r">main <a href=\"[^\"]*\" aria-label=\"main排名：(并列)?第 \d 名\">\d=?</a> · [^<·]+ \d+ · 第 1 轮后</td>",
                     player), player
    fill(content, 2)
    build(content, out, bulletins=False)
    assert re.fullmatch(r"main · 名次 \d=?", heading(page)), heading(page)
    player = player_page(out, "甲1")
    assert "最终名次" in player and "轮后" not in player


TWO_STAGES = ("  - id: main\n    name: 瑞士\n    format: swiss\n    rounds: 1\n    advance: {count: 2, to: ko}\n"
              "  - id: ko\n    name: 决赛\n    format: knockout\n    seeding: {from: main}\n")


def place_cell(player: str) -> tuple[str, str]:
    """A player's page's place column: its heading, and the text of the (one) event's cell."""
    head = re.search(r'<th role="columnheader" scope="col">(名次|最终名次)</th>', player)
    cell = re.search(r'<td role="cell" data-label="(?:名次|最终名次)">(.*?)</td>', player)
    assert head and cell, player
    return head[1], re.sub(r"<[^>]+>", "", cell[1])


def test_a_finished_stage_is_no_final_place_while_the_event_runs(tmp_path: Path) -> None:
    """A Swiss finished and the knockout drawn, then played: the players' places are the
    Swiss's under "名次" (event-day.md: no final ranking while the event is in progress; they
    were "最终名次"), "最终名次" once the final is entered, the pages made again by the rebuild
    (the place of 甲1, out after the Swiss, did not move) as a fresh build makes them."""
    from tests.support import digest
    from generator.cli import main

    content = small_event(tmp_path, 4, TWO_STAGES)
    assert pair(content) == 0
    fill(content, 1)
    assert main(["pair", SLUG, "ko", "--content", str(content)]) == 0
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    places = {name: place_cell(player_page(out, name)) for name in ("甲1", "甲2")}
    assert all(head == "名次" for head, _ in places.values()), places
    # (a Swiss place with the score it is by, 胜场 its wins; a knockout's without)
    assert re.fullmatch(r"瑞士 \d=? · 胜场 \d", places["甲1"][1]), places
    assert re.fullmatch(r"瑞士 \d=? · 胜场 \d 晋级", places["甲2"][1]), places

    final = content / "events" / SLUG / "results" / "ko-round-1.yaml"
    text = final.read_text(encoding="utf-8")
    teams = re.search(r"teams: \[(\w+), (\w+)\]", text)
    final.write_text(text.replace(teams[0], f"{teams[0]}\n    levels: {{{teams[1]}: A, {teams[2]}: 9}}"),
                     encoding="utf-8")
    build(content, out, bulletins=False)
    places = {name: place_cell(player_page(out, name)) for name in ("甲1", "甲2")}
    assert places["甲1"][0] == "最终名次" and re.fullmatch(r"瑞士 \d=? · 胜场 \d", places["甲1"][1]), places
    assert places["甲2"][0] == "最终名次" and re.fullmatch(r"决赛 [12]", places["甲2"][1]), places
    build(content, tmp_path / "fresh", bulletins=False)
    assert digest(out) == digest(tmp_path / "fresh")


@pytest.mark.parametrize(("locale", "pending", "bye", "after", "final"), [
    ("zh-Hant", "待賽", "輪空（尚未計入排名）", "第 1 輪後", "最終名次"),
    ("en", "To be played", "Bye (not yet in the standings)", "after round 1", "Final place"),
])
def test_a_drawn_round_in_every_locale(tmp_path: Path, locale: str, pending: str, bye: str, after: str,
                                       final: str) -> None:
    content = small_event(tmp_path, 3, "  - id: main\n    format: swiss\n    rounds: 3\n")
    (content / "site.yaml").write_text(f"title: 牌榜\nlocale: {locale}\n", encoding="utf-8")
    assert pair(content) == 0
    fill(content, 1)
    assert pair(content) == 0
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    outcomes = sorted(match_rows(out / "events" / SLUG / "entries" / f"T{i:02d}" / "index.html")[1][3]
                      for i in (1, 2, 3))
    assert outcomes == sorted([pending, pending, bye])
    assert heading(out / "events" / SLUG / "entries" / "T01" / "index.html").endswith(after)
    player = player_page(out, "甲1")
    assert final not in player and f" · {after}</td>" in player


def test_a_bridge_pair_between_rounds(tmp_path: Path) -> None:
    """The demo's club pairs after round 2, round 3 drawn (its boards not typed), then partly
    entered: a pair's round 3 is never a drawn match with 0 matchpoints."""
    from tests.support import demo_content

    slug = "qiaoyou-club-pairs-2024"
    content = demo_content(tmp_path, slug)
    results = content / "events" / slug / "results"
    for number in range(4, 10):
        (results / f"round-{number}.yaml").unlink()
    third = results / "round-3.yaml"
    played = third.read_text(encoding="utf-8")
    third.write_text(re.sub(r"\n      \d+: .*", "", played), encoding="utf-8")
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    entries = out / "events" / slug / "entries"
    for entry in ("P01", "P11"):
        page = entries / entry / "index.html"
        rows = match_rows(page)
        assert [row[0] for row in rows] == ["第 1 轮", "第 2 轮", "第 3 轮"]
        assert rows[2][3] == "待赛" and not has_number(rows[2][3:]), rows[2]
        assert has_number(rows[1][3:])
        words = heading(page, "pairs")
        assert "名次" in words and words.endswith("第 2 轮后"), words

    # Table 1 entered, the others not: P01 (table 1) has no matchpoints here yet, nor has P02.
    lines = played.split("\n  - table: 2")
    third.write_text(lines[0] + re.sub(r"\n      \d+: .*", "", "\n  - table: 2" + lines[1]), encoding="utf-8")
    build(content, out, bulletins=False)
    assert "已录 1/" in (out / "events" / slug / "pairs" / "round-3" / "index.html").read_text(encoding="utf-8")
    assert match_rows(entries / "P01" / "index.html")[2][3] == "已录（尚未计入排名）"
    assert match_rows(entries / "P02" / "index.html")[2][3] == "待赛"
    for entry in ("P01", "P02"):
        assert not has_number(match_rows(entries / entry / "index.html")[2][3:])


def test_a_withdrawn_entrys_page_says_from_which_round(tmp_path: Path) -> None:
    """The standings mark a withdrawn entry 退赛 (event-day.md); its own page said nothing of it:
    now it says from which round it plays no more, or that it plays none (`withdrawn: true`)."""
    content = small_event(tmp_path, 5, "  - {id: main, name: 比赛, format: swiss, rounds: 3}\n")
    withdraw(content / "events" / SLUG, "T05", "true")  # (before the first draw: it plays none)
    assert pair(content) == 0
    fill(content, 1)
    withdraw(content / "events" / SLUG, "T04", 2)
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    facts = {}
    for entry in ("T01", "T04", "T05"):
        page = (out / "events" / SLUG / "entries" / entry / "index.html").read_text(encoding="utf-8")
        facts[entry] = re.search(r'<dl class="facts">(.*?)</dl>', page, re.S)[1]
    assert "<dt>退赛</dt><dd>从第 2 轮起不再参赛</dd>" in facts["T04"]
    assert "<dt>退赛</dt><dd>未参加任何一轮</dd>" in facts["T05"]
    assert "退赛" not in facts["T01"]


@pytest.mark.parametrize("locale, late, said", [
    ("zh-Hans", "", "迟到（按轮空记分，尚未计入排名）"),
    ("zh-Hant", "", "遲到（按輪空記分，尚未計入排名）"),
    ("en", "", "Late entry (scored as a bye; not yet in the standings)"),
    ("zh-Hans", "    late: {wins: 0}\n", "迟到（按规程记分，尚未计入排名）"),
    ("zh-Hant", "    late: {wins: 0}\n", "遲到（按規程記分，尚未計入排名）"),
    ("en", "    late: {wins: 0}\n", "Late entry (scored as the stage says; not yet in the standings)")])
def test_a_late_entrys_round_not_counted_is_said_in_one_bracket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 locale: str, late: str, said: str) -> None:
    """A round a late entry missed, shown as not counted yet, reads as one bracket, not
    迟到（按规程记分）（尚未计入排名）. (The standings count a late entry's missed rounds once they
    are fully played, so the row is made uncounted here, as the page would show it.) Scored by
    the stage's `late:` it is "by the regulation"; without one, as a bye, it says so: no
    regulation gave it a score."""
    import dataclasses

    import generator.render.html as html_module

    def late_uncounted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        totals = running_totals(*args, **kwargs)
        totals.rows[:] = [dataclasses.replace(row, counted=False, values=[], running=[])
                          if row.outcome in ("late", "late_bye") else row
                          for row in totals.rows]
        return totals

    monkeypatch.setattr(html_module, "running_totals", late_uncounted)
    content = small_event(tmp_path, 4, "  - id: main\n    format: swiss\n    rounds: 3\n" + late)
    (content / "site.yaml").write_text(f"title: 牌榜\nlocale: {locale}\n", encoding="utf-8")
    assert pair(content) == 0
    fill(content, 1)
    event = content / "events" / SLUG / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "stages:", "  - {id: T05, players: [迟, 到]}\nstages:"), encoding="utf-8")
    assert pair(content) == 0
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    rows = match_rows(out / "events" / SLUG / "entries" / "T05" / "index.html")
    assert rows[0][3] == said, rows


def test_an_events_entry_pages_work_out_each_stages_facts_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the running totals read of a stage alike for every entry (its pending tables, late
    scores, bracket: running.stage_facts) is worked out once a stage for an event's entry pages,
    not once an entry; and the sums are taken as they are only where the game derives nothing
    from them (bridge's and 80分's percentages are derived: Game.finish_metrics)."""
    from generator.build import validate
    from generator.games import GAMES
    from generator.render import html
    from generator.render.output import OutputTree
    from generator.tournament import running
    from tests.support import demo_content

    content = demo_content(tmp_path, "chem-park-daguai-2016", "qiaoyou-club-pairs-2024", "hefei-80fen-teams-2012",
                           "tumu-guandan-2020")
    site, results, _ = validate(content)
    asked: list[str] = []

    def counted(game, stage_result):  # noqa: ANN001, ANN202
        asked.append(stage_result.stage.id)
        return running.stage_facts(game, stage_result)

    monkeypatch.setattr(html, "stage_facts", counted)
    env = html.environment(site.locale)
    for result in results:
        asked.clear()
        html.render_event(env, site, result, [], html.SiteWriter(site, OutputTree(tmp_path / "out")))
        assert len(result.event.entries) > 1
        assert asked == [s.stage.id for s in result.stages], result.event.slug
        game = GAMES[result.event.game]
        assert all(running.stage_facts(game, s).plain_sums == (result.event.game in ("daguai", "guandan"))
                   for s in result.stages)
