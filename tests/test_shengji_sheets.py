"""80分's team score sheet (记分表) as `paibang print` prints it: a page a match, as the other
games' sheets (event-day.md: each table's sheet with its table, sides — team name and players —
and the fields the referee fills). It was one grid for every table, each named "H1 对 H2" only,
with no names, seats, referee or signature lines, and a match's block broke across pages. The
figures are those of rules-shengji.md's worked cases (board 1: open 85, closed 40, away 4 MP;
board 2: open 0, closed 120, away 10 MP).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from generator import cli
from generator.render.bulletins import qr_png
from tests.test_forms import pdf_pages, pdf_text
from tests.test_shengji import write_content

TEAMS = ("H1", "H2", "H3", "H4", "H5")
STAGE = """
- id: teams
  name: 团体赛
  format: swiss
  rounds: 2
  boards: 4
  rank_by: [match_points, net]
"""
ROUND_1 = """\
stage: teams
round: 1
tables:
  - table: 1
    home: H1
    away: H2
    referee: 赵敏
    boards:
      1: {open: 85, closed: 40}
      2: {open: 0, closed: 120}
      3: {open: 60+25×2, closed: 35}
      4: {open: 150, closed: 0}
  - table: 2
    home: H3
    away: H4
  - table: 3
    home: H5
"""


def content(tmp_path: Path) -> Path:
    root = write_content(tmp_path, STAGE, {"round-1.yaml": ROUND_1}, entries=TEAMS)
    event = root / "events" / "sj" / "event.yaml"
    # teams with names and four players each, as event-day.md's sheet names them
    text = event.read_text(encoding="utf-8")
    for team in TEAMS:
        text = text.replace(f"{{id: {team}, players: [{team}甲, {team}乙]}}",
                            f"{{id: {team}, name: {team}队, players: [{team}甲, {team}乙, {team}丙, {team}丁]}}")
    event.write_text(text + "date: 2026-12-05\n", encoding="utf-8")
    return root


def printed(tmp_path: Path) -> Path:
    out = tmp_path / "forms"
    assert cli.main(["print", "sj", "teams", "--round", "1", "--content", str(content(tmp_path)),
                     "--output", str(out)]) == 0
    return out / "scoresheet-teams-round-1.pdf"


def test_a_page_a_match_with_its_teams_players_seats_and_signatures(tmp_path: Path) -> None:
    sheet = printed(tmp_path)
    assert pdf_pages(sheet) == 2  # the two matches; the bye has no sheet
    # (read without spaces: the PDF's text spaces its cells as the layout falls)
    played, drawn = ("".join(pdf_text(sheet, page).split()) for page in (1, 2))
    assert "桌号：1主队：H1H1队（H1甲、H1乙、H1丙、H1丁）" in played
    assert "客队：H2H2队（H2甲、H2乙、H2丙、H2丁）" in played and "裁判：赵敏" in played
    assert "开室：H1坐南北、H2坐东西；闭室：H2坐南北、H1坐东西。" in played
    # each board: declarer and level, the team defending it in each room, both rooms' points
    # (home NS in the open room: board 1, North declaring, is defended by H2 there, by H1 in
    # the closed room), home's net and the match points; the totals on the match's own page
    assert "1北2H285H140-450:4" in played
    assert "2西3H10H2120-3200:10" in played
    assert "3南4H2110（60+25×2）H135-750:6" in played
    assert "合计-9010:20" in played
    assert "H1队长签名：" in played and "H2队长签名：" in played and "裁判签名：" in played
    assert "H2" not in drawn and "桌号：2主队：H3H3队（H3甲、H3乙、H3丙、H3丁）" in drawn
    # a match not played yet: its boards to fill in, each with who defends it in each room
    assert "1北2H4H3" in drawn and "4东5H3H4" in drawn and "H3队长签名：" in drawn


def test_prints_help_says_a_played_rounds_sheet_carries_its_results(capsys) -> None:  # noqa: ANN001
    """`print --help` promised blank score sheets (空白记分表); a played round's carry the results
    entered (above), which is what a secretary reprinting a played round wants: the round on paper
    to check against the signed sheets. A table not played prints blank."""
    assert cli.main(["print", "--help", "--lang", "zh-Hans"]) == 0
    shown = "".join(capsys.readouterr().out.split())
    assert "空白" not in shown and "已录入的成绩照印在记分表上" in shown and "其余留空待填" in shown


def test_the_desks_sheets_carry_each_tables_qr(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Each match's page is its table's: the desk prints the table's link on it."""
    from generator.commands import printing
    from generator.desk.app import SHEET_QR_MASK, table_key, table_sheets
    from tests.test_desk_records import start

    sheets, languages = [], []
    monkeypatch.setattr(printing, "one_document",
                        lambda forms, locale, content=None: sheets.extend(forms) or languages.append(content) or b"%PDF")
    running = start(content(tmp_path), slug="sj")
    running.desk.base = f"http://192.168.1.20:{running.port}"  # as --lan makes it (on 127.0.0.1 the sheets print no code: test_desk)
    try:
        assert table_sheets(running.desk, "teams", 1) == b"%PDF"
        [sheet] = [form for form in sheets if form.kind == "scoresheet"]
        assert [page.get("qr") for page in sheet.pages] == [
            qr_png(running.desk.link(table_key("teams", 1, table)), mask=SHEET_QR_MASK) for table in (1, 2)]
        # printed with the names' language, as paibang print prints them: an English desk's
        # sheets mark their Chinese names (test_an_english_sites_sheets_mark_their_chinese_names)
        assert languages == [running.desk.content_locale] == ["zh-Hans"]
    finally:
        running.stop()


def test_a_builds_sheet_of_a_round_in_play_is_the_same_form(tmp_path: Path) -> None:
    """A build prints the forms of a round not played through only, as before: the same pages."""
    root = content(tmp_path)
    out = tmp_path / "out"
    assert cli.main(["build", "--content", str(root), "--output", str(out), "-q"]) == 0
    names = sorted(p.name for p in (out / "events" / "sj").rglob("scoresheet-*.pdf"))
    assert names == ["scoresheet-teams-round-1.pdf"]  # round 1 is not played through (table 2)
    text = subprocess.run(["pdftotext", str(next((out / "events" / "sj").rglob("scoresheet-*.pdf"))), "-"],
                          capture_output=True, check=True, text=True).stdout
    assert "队长签名" in text


def test_a_board_the_match_did_not_play_is_printed_not_played(tmp_path: Path) -> None:
    """Board 3 written np: both rooms' points cells say 未打 (they were blank, as a board still to
    fill in), its net 0 and no match points; the totals are boards 1, 2 and 4's: -45 - 320 + 350."""
    root = content(tmp_path)
    path = root / "events" / "sj" / "results" / "round-1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("      3: {open: 60+25×2, closed: 35}\n", "      3: np\n"),
                    encoding="utf-8")
    out = tmp_path / "forms"
    assert cli.main(["print", "sj", "teams", "--round", "1", "--content", str(root), "--output", str(out)]) == 0
    played = "".join(pdf_text(out / "scoresheet-teams-round-1.pdf", 1).split())
    assert "3南4H2未打H1未打00:0" in played, played
    assert "合计-1510:14" in played


PAIRS_STAGE = """
- id: pairs
  format: pairs
  rounds: 1
  boards: 2
  rank_by: [percent, mp]
"""
# board 1 played at two tables (whole matchpoints of a top of 2); board 2 at one, adjusted by
# the referee 40 % / 60 %: of the same top, NS 0.80 and EW 1.20 MP
PAIRS_ROUND = """\
stage: pairs
round: 1
tables:
  - {table: 1, ns: P1, ew: P2, boards: {1: 85}}
  - {table: 2, ns: P3, ew: P4, boards: {1: 40}}
  - {table: 3, ns: P5, ew: P6, boards: {2: {adjusted: {NS: 40, EW: 60}}}}
"""


def test_the_pairs_sheets_matchpoint_columns_say_each_figure_to_two_places_alike(tmp_path: Path) -> None:
    """The pairs score sheet printed "1.20" under "2" and "0": a whole figure beside one of two
    places read as another kind of figure, or a misprint. Each figure of its matchpoint columns
    to two places where one has them, as the traveller page shows them."""
    from generator.build import validate
    from generator.render.bulletins import printed_round

    root = write_content(tmp_path, PAIRS_STAGE, {"round-1.yaml": PAIRS_ROUND}, entries=("P1", "P2", "P3", "P4", "P5", "P6"))
    _, found, _ = validate(root)
    (sheet,) = [b for b in printed_round(found[0], "pairs", 1, "zh-Hans") if b.name.startswith("scoresheet-pairs")]
    assert [row[-2:] for row in sheet.rows] == [["0.00", "2.00"], ["2.00", "0.00"], ["0.80", "1.20"]]


def test_the_traveller_page_says_the_referees_percentages_as_the_sheet_does(tmp_path: Path) -> None:
    """Board 2 adjusted 40 % / 60 % by the referee: its traveller page said only "adjusted",
    where the printed sheet says both sides' percentages; it says them too."""
    from generator.build import build

    root = write_content(tmp_path, PAIRS_STAGE, {"round-1.yaml": PAIRS_ROUND}, entries=("P1", "P2", "P3", "P4", "P5", "P6"))
    (root / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    build(root, tmp_path / "output")
    page = (tmp_path / "output" / "events" / "sj" / "pairs" / "boards" / "2" / "index.html").read_text(encoding="utf-8")
    assert "adjusted: NS 40%, EW 60%" in " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_the_round_page_says_the_referees_percentages_once(tmp_path: Path) -> None:
    """Board 2 adjusted 40 % / 60 %: the round page and the pairs' pages read "调整分 调整分：南北
    40%，东西 60%", the word said before the percentages that say it already."""
    from generator.build import build

    root = write_content(tmp_path, PAIRS_STAGE, {"round-1.yaml": PAIRS_ROUND}, entries=("P1", "P2", "P3", "P4", "P5", "P6"))
    build(root, tmp_path / "output")
    event = tmp_path / "output" / "events" / "sj"
    pages = [event / "pairs" / "round-1" / "index.html", *sorted(event.glob("**/P5/index.html"))]
    assert len(pages) == 2, pages
    for page in pages:
        text = " ".join(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")).split())
        assert "\u8c03\u6574\u5206\uff1a\u5357\u5317 40%\uff0c\u4e1c\u897f 60%" in text, page
        assert text.count("\u8c03\u6574\u5206") == 1, (page, text)


def test_the_team_sheets_match_points_are_said_to_two_places_alike(tmp_path: Path) -> None:
    """A conversion of halves: board 1's 0.50 to H2 was printed "0:0.50" beside board 2's "0:2"
    and the total's "2:3.50"; each figure to two places where one has them, as the pairs sheet
    says its matchpoints."""
    root = content(tmp_path)
    event = root / "events" / "sj" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "    boards: 4\n", "    boards: 4\n    conversion: {0: 0, 10: 0.5, 50: 1, 100: 2}\n"), encoding="utf-8")
    out = tmp_path / "forms"
    assert cli.main(["print", "sj", "teams", "--round", "1", "--content", str(root), "--output", str(out)]) == 0
    played = "".join(pdf_text(out / "scoresheet-teams-round-1.pdf", 1).split())
    # board, declarer and level, defenders and points in each room, home's net, match points
    assert "1北2H285H140-450.00:0.50" in played
    assert "2西3H10H2120-3200.00:2.00" in played
    assert "4东5" in played and "+3502.00:0.00" in played
    assert "合计-902.00:3.50" in played


def test_a_drawn_pairs_rounds_travellers_and_hand_cards_are_for_the_boards_it_plays(tmp_path: Path) -> None:
    """The demo's 16-pair Mitchell, 8 tables of 2 boards a round, round 1 drawn by pair: its
    travellers had no line (only results made them) and its hand cards were for boards 1-2
    alone, as in every round, while its tables play boards 1-16. Now a line for every round and
    table each board is played at, its pairs filled in, and a hand card for each of 1-16."""
    from tests.support import demo_content

    slug = "hefei-80fen-pairs-2012"
    root = demo_content(tmp_path, slug)
    for path in (root / "events" / slug / "results").iterdir():
        path.unlink()
    assert cli.main(["pair", slug, "pairs", "--content", str(root)]) == 0
    out = tmp_path / "forms"
    assert cli.main(["print", slug, "pairs", "--round", "1", "--content", str(root), "--output", str(out)]) == 0
    sheet = pdf_text(out / "scoresheet-pairs-round-1.pdf")
    lines = [line.split() for line in sheet.splitlines() if re.search(r"\bP\d\d\s+P\d\d\b", line)]
    assert len(lines) == 16 * 7  # each board at 7 tables over the 7 rounds
    # board 3: round 1 at table 2 (P02 v P10), round 2 at table 1 (P01 v P16, EW moved up)
    at = next(i for i, line in enumerate(lines) if len(line) == 6 and line[0] == "3")
    assert lines[at] == ["3", "\u53574", "1", "2", "P02", "P10"] and lines[at + 1] == ["2", "1", "P01", "P16"]
    cards = pdf_text(out / "handcards-pairs-round-1.pdf")
    boards = sorted({int(n) for n in re.findall(r"\u724c\u53f7 (\d+) \u00b7", cards)})
    assert boards == list(range(1, 17))


def test_the_team_sheet_has_a_line_for_penalties_and_notes_filled_where_written(tmp_path: Path) -> None:
    """The 80分 team sheet had no place for 罚分 or 备注, though the rules define penalties and the
    desk takes one a board (大怪路子's sheet has its 犯规 line). A line for them: blank on a match
    not played yet, and on a played one the file's penalty (board 3, open room, against H1) and note."""
    root = content(tmp_path)
    path = root / "events" / "sj" / "results" / "round-1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "      3: {open: 60+25×2, closed: 35}\n",
        "      3: {open: 60+25×2, closed: 35, penalty: {room: open, against: H1, points: 20}, note: 重新发牌}\n"),
        encoding="utf-8")
    out = tmp_path / "forms"
    assert cli.main(["print", "sj", "teams", "--round", "1", "--content", str(root), "--output", str(out)]) == 0
    sheet = out / "scoresheet-teams-round-1.pdf"
    played, drawn = ("".join(pdf_text(sheet, page).split()) for page in (1, 2))
    assert "罚分、备注（第几副、哪一室、罚哪队几分）：第3副重新发牌、开室：南北违例，罚20分给对方" in played, played
    assert "罚分、备注（第几副、哪一室、罚哪队几分）：" in drawn and "违例" not in drawn


def _lines(pdf: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """Each line of the page as pdftotext -bbox-layout reads it: its text (words joined by a
    space) and its box (xMin, yMin, xMax, yMax) in points."""
    xml = subprocess.run(["pdftotext", "-bbox-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, check=True, text=True).stdout
    found = []
    for box, words in re.findall(r'<line ([^>]*)>(.*?)</line>', xml, re.S):
        edges = [float(v) for v in re.findall(r'="([\d.]+)"', box)]
        found.append((" ".join(re.findall(r">([^<]*)</word>", words)), *edges))
    return found


def _dark_runs(pdf: Path, page: int, top: float, bottom: float) -> list[tuple[float, float]]:
    """The horizontal runs of dark pixels (the ruled lines to write on) between `top` and `bottom`
    points down the page, each (from, to) in points, read from the page printed at 144 dpi."""
    scale = 2
    raw = subprocess.run(["pdftoppm", "-gray", "-r", str(72 * scale), "-f", str(page), "-l", str(page), str(pdf)],
                         capture_output=True, check=True).stdout
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", raw)
    width, pixels = int(header[1]), raw[header.end():]
    runs = []
    for y in range(int(top * scale), int(bottom * scale) + 1):
        row, x = pixels[y * width:(y + 1) * width], 0
        while x < width:
            if row[x] < 128:
                start = x
                while x < width and row[x] < 128:
                    x += 1
                if x - start > 4 * scale:
                    runs.append((start / scale, x / scale))
            x += 1
    return runs


def test_the_team_sheets_title_and_notes_line_lay_out_cleanly_on_a4(tmp_path: Path) -> None:
    """The demo's 80分 team sheet, round 7 (paibang print): its title broke before its last
    character, "...\u8bb0\u5206" above "\u8868\uff08\u7b2c 7 \u8f6e\uff09", and the notes line's three blanks ran
    past the page's width, the third alone on the next line. The title now breaks after the
    event's name, the form's name and round whole on the next line; the notes line is ruled from
    its label to the right margin, with one whole line below."""
    out = tmp_path / "forms"
    assert cli.main(["print", "hefei-80fen-teams-2012", "teams", "--round", "7", "--content",
                     str(Path(__file__).resolve().parents[1] / "content"), "--output", str(out)]) == 0
    sheet = out / "scoresheet-teams-round-7.pdf"
    lines = _lines(sheet, 1)
    title = [line for line in lines if line[4] - line[2] > 18]  # (15 pt: a 21.7 pt line, the text's 14.5)
    assert len(title) == 2, title
    assert title[0][0].endswith("\u6bd4\u8d5b\uff08\u56db\u4eba\u961f\u5f0f\u8d5b\uff09"), title
    assert title[1][0] == "\u8bb0\u5206\u8868\uff08\u7b2c 7 \u8f6e\uff09", title
    label = next(line for line in lines if line[0].startswith("\u7f5a\u5206\u3001\u5907\u6ce8"))
    right = 595.28 - label[1]  # (the text's right edge, as far from A4's edge as its left, in points)
    beside = [run for run in _dark_runs(sheet, 1, label[2], label[4] + 3) if run[0] >= label[3]]
    assert beside and min(run[0] for run in beside) - label[3] < 12, (label, beside)
    assert max(run[1] for run in beside) > right - 2 and max(run[1] for run in beside) < right + 2, beside
    # (and below it, before the key's text, one line across the whole width)
    key = next(line for line in lines if line[2] > label[4])
    below = _dark_runs(sheet, 1, label[4] + 3, key[2] - 1)
    assert any(run[0] < label[1] + 2 and run[1] > right - 2 for run in below), below


def test_an_english_sites_sheets_mark_their_chinese_names(tmp_path: Path) -> None:
    """The score sheets printed by an English site (paibang print, the desk's sheets) set
    <html lang="en"> and marked nothing else: the event's title, the teams' names and players,
    the referee, read and shaped as English text, unlike the site's pages and bulletins. Each
    Chinese run is marked now (lang="zh-Hans"), the page's own words not; the PDF's text holds
    the names, in the Chinese face, the title on two lines at most."""
    import shutil

    from generator.build import validate
    from generator.render.bulletins import printed_round
    from generator.render.html import content_locale_of
    from generator.render.pdf import bulletin_html

    root = Path(__file__).resolve().parents[1] / "content"
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    site_yaml = (root / "site.yaml").read_text(encoding="utf-8")
    (content / "site.yaml").write_text(re.sub(r"(?m)^locale: .*$", "locale: en", site_yaml), encoding="utf-8")
    slug = "hefei-80fen-teams-2012"
    shutil.copytree(root / "events" / slug, content / "events" / slug)
    site, results, _ = validate(content)
    sheet = next(b for b in printed_round(results[0], "teams", 7, "en") if b.kind == "scoresheet")
    html = bulletin_html(sheet, "en", content_locale_of(site))
    assert '<html lang="en">' in html
    title = re.search(r"<h1[^>]*>(.*?)</h1>", html)[1]
    assert title.startswith('<span lang="zh-Hans">\u5408\u80a5\u5e02'), title  # (the event's title)
    team, player = "\u516c\u4ea4\u96c6\u56e2\u961f", "\u6768\u5fd7\u534e"  # (T04's name and first player)
    # (each player a word of its own, as h-wrap3 prints a sheet's seat names: never broken inside)
    assert f'T04 <span lang="zh-Hans">{team}</span> <span class="word">(<span lang="zh-Hans">{player}</span></span>, ' in html
    assert not re.search(r'<span lang="zh-Hans">[^<]*[A-Za-z]{3}', html)  # (no English words marked)
    unmarked = re.sub(r'<span lang="zh-Hans">([^<]*)</span>', "", html)
    # (the title and each sheet's bookmark, attributes no voice or font reads, aside)
    unmarked = re.sub(r' data-bookmark="[^"]*"', "", unmarked)
    assert not re.search(r"[\u4e00-\u9fff]", re.sub(r"<(title|style)>.*?</\1>", "", unmarked, flags=re.S))
    folder = tmp_path / "sheets"
    assert cli.main(["print", slug, "teams", "--round", "7", "--content", str(content), "--output", str(folder)]) == 0
    out = folder / "scoresheet-teams-round-7.pdf"
    text = pdf_text(out)
    assert f"T04 {team} ({player}," in text and "Referee:" in text, text[:2000]
    title = [line for line in _lines(out, 1) if line[4] - line[2] > 18]
    assert len(title) <= 2 and title[-1][0].endswith("round 7"), title
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, check=True, text=True).stdout
    assert "CJK-SC" in fonts and "JP" not in fonts, fonts
