"""Guandan's score sheet (记分表) of a round already entered, as `paibang print` prints it again:
like the other games' sheets it carries what the results file has for its table — the deal log
deal by deal, the final levels, the team that passed A, the winner, the penalties — and is
blank where nothing is entered. It printed the penalties only, every other box blank. And a
teams-of-four room sheet names a team whose name is its id once, as every other page does."""

from __future__ import annotations

import re
from pathlib import Path

from generator.build import validate
from generator.cli import main
from generator.render.bulletins import printed_round, round_forms
from generator.render.pdf import bulletin_html
from support import demo_content
from tests.test_forms import GD, pdf_pages, pdf_text
from tests.test_guandan_national import FOUR, make_content


def lines(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if line.strip()]


def test_a_played_rounds_sheet_carries_its_deal_log_final_levels_and_winner(tmp_path: Path) -> None:
    content = demo_content(tmp_path, GD)
    folder = tmp_path / "forms"
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(folder)]) == 0
    sheet = folder / "scoresheet-main-round-1.pdf"
    assert pdf_pages(sheet) == 26  # still one page a match
    # table 1: deals [T45+3, T45+2, T50+1, T45+3, T45+3, T50+1, T45+3], T45 at A (capped)
    page = lines(pdf_text(sheet, 1))
    assert ["1", "2", "T45", "+3", "5", "2"] in page
    assert ["3", "7", "T50", "+1", "7", "3"] in page  # played at T45's 7, T50 up to 3
    assert ["7", "4", "T45", "+3", "A", "4", "T45", "到", "A", "封顶（A必打）"] in page
    assert ["8"] in page and ["20"] in page  # the rows after the log, numbered, blank
    assert ["T45", "A", "\u25a1"] in page and ["T50", "4", "\u25a1"] in page  # the final levels
    assert "胜方：T45" in "".join(pdf_text(sheet, 1).split())
    # table 3: the final levels only (levels: {T47: K, T48: 8}), its log's rows blank
    page = lines(pdf_text(sheet, 3))
    assert ["T47", "K", "\u25a1"] in page and ["T48", "8", "\u25a1"] in page
    assert ["1"] in page and ["20"] in page
    # table 8 passed A: its box filled
    text = pdf_text(sheet, 8)
    assert "\u25a0" in text and "过A" in text



def test_print_and_its_readme_row_say_the_deal_log_is_printed() -> None:
    """`paibang print --help` and the README said the sheets carried what is entered "except
    Guandan's deal log" (掼蛋的每副记录除外) after the sheets began to carry it (above): a
    secretary reading either would keep a hand-written log. Each of the 3 locales says it is printed."""
    import re

    from generator import cli

    printed = {"en": "Guandan's deal log deal by deal too",
               "zh-Hans": "\u63bc\u86cb\u7684\u6bcf\u526f\u8bb0\u5f55\u4e5f\u9010\u526f\u5370\u51fa",
               "zh-Hant": "\u645c\u86cb\u7684\u6bcf\u526f\u8a18\u9304\u4e5f\u9010\u526f\u5370\u51fa"}
    for locale, words in printed.items():
        helped = " ".join(cli.parser(locale).commands["print"].format_help().split())
        assert words in helped, locale
        assert "\u9664\u5916" not in helped and "except" not in helped, locale  # 除外
    row = re.search(r"^\| `paibang print .*$", (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8"), re.M)[0]
    assert "Guandan's deal log too" in row and "not Guandan" not in row

ROOMS = """\
  - table: 1
    teams: [T01, T02]
    rooms:
      open: {{deals: [T01+3, T02+2, T02 foul, T01+1]}}
      closed: {{levels: {{T01: "5", T02: "7"}}, penalties: [{{team: T01, levels: 1, reason: 迟到5分钟}}]}}
  - table: 2
    teams: [T03, T04]
"""


def room_sheets(tmp_path: Path):  # noqa: ANN201
    content = make_content(tmp_path, ROOMS.format(), FOUR, teams=4, players=4)
    event = content / "events/gd/event.yaml"
    # T01 named as its id (an imported session names its teams so), T02 a name of its own
    event.write_text(event.read_text(encoding="utf-8").replace("{id: T01,", "{id: T01, name: T01,")
                     .replace("{id: T02,", "{id: T02, name: 东队,"), encoding="utf-8")
    site, results, _ = validate(content)
    [sheet] = [form for form in round_forms(results[0], "main", 1, site.locale) if form.kind == "scoresheet"]
    return sheet


def test_a_rooms_sheet_carries_what_that_room_entered(tmp_path: Path) -> None:
    sheet = room_sheets(tmp_path)
    assert len(sheet.pages) == 4  # two matches, two rooms each
    html = bulletin_html(sheet, "zh-Hans")
    open_room, closed_room, unplayed, _ = html.split('<section class="sheet">')[1:]
    cells = lambda part: "".join(part.split())  # noqa: E731
    # the open room's log: T02's foul has no deal number, T01 up a level at once
    assert "<td>1</td><td>2</td><td>T01</td><td>+3</td><td></td><td>5</td><td>2</td>" in cells(open_room)
    assert "<td></td><td></td><td></td><td></td><td>T02</td><td>6</td><td>4</td>" in cells(open_room)
    assert "<td>3</td><td>4</td><td>T01</td><td>+1</td><td></td><td>7</td><td>4</td>" in cells(open_room)
    assert "<td>T01</td><td>7</td><td>\u25a1</td>" in cells(open_room)
    # the closed room's levels as recorded, its penalty in its rows (T02 raised to 8 by it)
    assert "<td>T01</td><td>5</td><td>\u25a1</td>" in cells(closed_room)
    assert "<td>T02</td><td>7</td><td>\u25a1</td>" in cells(closed_room)
    assert "<td>T01</td><td>1</td><td>迟到5分钟</td>" in cells(closed_room)
    # a match not played: blank boxes
    assert "<td>T03</td><td></td><td>\u25a1</td>" in cells(unplayed)
    # its rows to fill one ruled row of tall cells, numbered (pdf.ruled_rows), as an entered
    # log's rows after its last: the open room's log of 3 deals and a foul, then 4 to 15 (16
    # rows on a sheet with penalty rows)
    assert re.findall(r"<div>(\d+)</div>", unplayed) == [str(n) for n in range(1, 17)]
    assert re.findall(r"<div>(\d+)</div>", open_room) == [str(n) for n in range(4, 16)]
    assert cells(open_room).count("<trclass=\"blank\"") == 1


def test_a_rooms_sheet_names_a_team_named_as_its_id_once(tmp_path: Path) -> None:
    page = room_sheets(tmp_path).pages[0]
    names = [seat["names"] for seat in page["seats"]]
    assert names[0] == "T01" and names[2] == "T02 东队"


def sheet_html(tmp_path: Path, tables: str, stage: str, format: str = "swiss", teams: int = 4) -> str:
    content = make_content(tmp_path, tables, stage, teams=teams, format=format)
    site, results, _ = validate(content)
    [sheet] = [form for form in round_forms(results[0], "main", 1, site.locale) if form.kind == "scoresheet"]
    return "".join(bulletin_html(sheet, "zh-Hans").split())


def test_the_equal_levels_box_says_who_got_there_first(tmp_path: Path) -> None:
    """Levels equal at time-up (seed's rules): the box 同级时先到达者 carries the team the deal
    log brought there first, or the `winner:` recorded beside the levels; it was left blank."""
    html = sheet_html(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "8", T02: "8"}
        winner: T02
      - table: 2
        teams: [T03, T04]
        deals: [T03+3, T04+3]
    """, "    rank_by: [wins, level_diff]\n")
    first, second = html.split('<sectionclass="sheet">')[1:]
    assert "同级时先到达者：<spanstyle=\"margin-right:6mm\">T02</span>" in first
    assert "同级时先到达者：<spanstyle=\"margin-right:6mm\">T03</span>" in second  # at 5 a deal before T04


def test_the_draw_box_is_ticked_for_a_draw_and_the_extra_deal_named(tmp_path: Path) -> None:
    """A stage with draws: equal levels tick 同级平局（打√）; a knockout's extra deal (tiebreak_deal)
    names its winner in 同级加赛头游方; a match won on levels leaves them blank."""
    html = sheet_html(tmp_path / "draws", """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "9", T02: "9"}
      - table: 2
        teams: [T03, T04]
        levels: {T03: "9", T04: "10"}
    """, "    profile: national\n")
    drawn, won = html.split('<sectionclass="sheet">')[1:]
    assert "同级平局（打√）：<spanstyle=\"margin-right:6mm\">\u221a</span>" in drawn
    assert "同级平局（打√）：<spanclass=\"blank\"></span>" in won
    html = sheet_html(tmp_path / "ko", """\
      - table: 1
        teams: [T01, T02]
        levels: {T01: "9", T02: "9"}
        tiebreak_deal: T02
    """, "    profile: national\n", format="knockout", teams=2)
    assert "同级加赛头游方：<spanstyle=\"margin-right:6mm\">T02</span>" in html.split('<sectionclass="sheet">')[1]


def test_the_closed_rooms_sheet_names_the_matchs_extra_deal(tmp_path: Path) -> None:
    """Teams of four in a knockout: both rooms' net levels add up to 0, the match's extra deal
    (tiebreak_deal, the table's) is named in the closed room's box, the one that asks it."""
    content = make_content(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        rooms:
          open: {levels: {T01: "9", T02: "8"}}
          closed: {levels: {T01: "8", T02: "9"}}
        tiebreak_deal: T02
    """, FOUR, teams=2, format="knockout", players=4)
    site, results, _ = validate(content)
    [sheet] = [form for form in round_forms(results[0], "main", 1, site.locale) if form.kind == "scoresheet"]
    open_room, closed_room = "".join(bulletin_html(sheet, "zh-Hans").split()).split('<sectionclass="sheet">')[1:]
    assert "两室净胜级数之和为0时，加赛头游方：T02" in closed_room and "加赛头游方" not in open_room


def test_a_big_draw_notice_ends_with_every_team_by_its_number_and_table(tmp_path: Path) -> None:
    """A draw notice is sorted by table: a 1,000-team round printed 19 pages a team had to read
    through for its number. Past a page of tables (pairing.DRAW_INDEX_TABLES) it ends with every
    team by its number (T2 before T10) and its table, on a page of its own, the pages still
    counted right; a draw of a page or less has none."""
    content = demo_content(tmp_path, GD)
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(tmp_path / "forms")]) == 0
    out = tmp_path / "forms" / "draw-main-round-1.pdf"
    total = pdf_pages(out)
    last = pdf_text(out, total)
    assert "\u6309\u7f16\u53f7\u67e5\u684c\u53f7" in last  # 按编号查桌号: its heading
    assert "\u6309\u7f16\u53f7\u67e5\u684c\u53f7" not in pdf_text(out, total - 1)  # a page of its own
    # round 1 of the demo (26 tables): T45 and T50 at table 1, T02 and T38 at 26, six a row
    cells = [cell for line in lines(last) if line[0].startswith("T") for cell in line]
    pairs = dict(zip(cells[::2], cells[1::2]))
    assert len(pairs) == 52 and list(pairs)[:3] == ["T01", "T02", "T03"]
    assert pairs["T45"] == pairs["T50"] == "1" and pairs["T02"] == pairs["T38"] == "26"
    assert ["T01", "10", "T02", "26", "T03", "22", "T04", "5", "T05", "9", "T06", "2"] in lines(last)
    # every page says its place among all of them
    counted = ["".join(pdf_text(out, n).split()) for n in range(1, total + 1)]
    assert all(f"\u7b2c{n}\u9875\u5171{total}\u9875" in text for n, text in enumerate(counted, 1)), counted  # 第 n 页 共 N 页
    # a draw of two tables: none
    site, results, _ = validate(make_content(tmp_path / "four", ROOMS.format(), FOUR, teams=4, players=4))
    [draw] = [form for form in printed_round(results[0], "main", 1, site.locale) if form.kind == "draw"]
    assert draw.rows and draw.index == [] and draw.index_title == ""


def test_the_index_orders_numbers_as_a_person_counts() -> None:
    from generator.tournament.pairing import _counted

    assert sorted(["T10", "T2", "T100", "T1", "A3", "B1"], key=_counted) == ["A3", "B1", "T1", "T2", "T10", "T100"]
