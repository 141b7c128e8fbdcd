"""Large events and archives at reduced sizes (issue 23): the thresholds of render/html.py and
render/search.py lowered, so that the demo content is "large". Standings and rounds paginate under
documented URLs, every entry and table once; the archive splits by year; the search index is
sharded, every record findable, each shard bounded. No timing: bench/scale.py measures.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.build import validate
from generator.render import html as html_module
from generator.render import search as search_module
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.render.search import bigrams, grams_of, normalise, shard_of

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
GUANDAN = "events/tumu-guandan-2020"  # 52 teams, 3 Swiss rounds of 26 tables
TEAMS = "events/gaoxiao-bridge-teams-2024"  # 6 bridge teams, 5 rounds of 3 matches of 8 boards
ROWS, TABLES, BOARDS = 10, 5, 16  # the lowered thresholds (16 boards a page: 2 of the teams' matches)
SHARD_BYTES, CHUNK = 5_000, 50
PEOPLE = 40  # people a page of the players' index


def render(out: Path) -> Path:
    return render_content(CONTENT, out)


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo site rendered as a large one: 10 standings rows a page, 5 tables, an archive of
    at most 2 events a page, an index always sharded."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(html_module, "PAGE_ROWS", ROWS)
        patch.setattr(html_module, "PAGE_TABLES", TABLES)
        patch.setattr(html_module, "PAGE_BOARDS", BOARDS)
        patch.setattr(html_module, "ARCHIVE_EVENTS", 2)
        patch.setattr(html_module, "PLAYERS_PAGE", PEOPLE)
        patch.setattr(html_module, "PLAYER_EVENTS", 1)  # a player of two events has two pages
        patch.setattr(search_module, "SINGLE_INDEX_LIMIT", 0)
        patch.setattr(search_module, "SHARD_LIMIT", SHARD_BYTES)
        patch.setattr(search_module, "CHUNK_RECORDS", CHUNK)
        return render(tmp_path_factory.mktemp("large") / "output")  # the thresholds as they were after


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render(tmp_path_factory.mktemp("small") / "output")


@pytest.fixture(scope="module")
def demo():
    return validate(CONTENT)[1]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def links(page: Path, site: Path) -> list[Path]:
    """The files a page's relative links lead to (fragment and query dropped)."""
    found = []
    for href in re.findall(r'href="([^"]+)"', read(page)):
        if href.startswith(("http:", "https:", "mailto:", "#")):
            continue
        found.append((page.parent / unquote(urlsplit(href).path)).resolve())
    return found


def standings_ids(page: Path) -> list[str]:
    table = re.search(r'<table class="standings cards gutter" role="table">.*?</table>', read(page), re.S)[0]
    return re.findall(r'<th role="rowheader" scope="row"><a href="[^"]*">([^<]+)</a></th>', table)


def pager(page: Path, label: str) -> tuple[str, str, str]:
    """A paginated page's pager (_macros.html pages_nav): the steps at the top, the list of every
    page folded under them, and the pager at the bottom (after the page's last table)."""
    text = read(page)
    top = re.search(rf'<nav class="rounds pager" aria-label="{label}">(.*?)</nav>', text, re.S)
    bottom = re.search(rf'<nav class="rounds pager" aria-label="{label}（页末）">(.*?)</nav>', text, re.S)
    assert top and bottom and max(text.rfind("</table>"), text.rfind('class="table-result"')) < bottom.start(), page
    steps, _, folded = top[1].partition("<details")
    assert len(re.findall("<a ", steps)) <= 4 and folded.startswith(' class="pages"><summary>'), steps
    return steps, folded, bottom[1]


# --- standings ----------------------------------------------------------------------------------


def test_a_large_stages_standings_paginate_under_documented_urls(large: Path, demo) -> None:
    result = next(r for r in demo if r.event.slug == GUANDAN.split("/")[1])
    standings = result.stages[0].standings
    count = -(-len(standings) // ROWS)
    stage = large / GUANDAN / "main"
    expected = [stage / "index.html", *(stage / f"page-{n}/index.html" for n in range(2, count + 1))]
    assert sorted(p for p in stage.glob("page-*/index.html")) == sorted(expected[1:])
    assert not (stage / "page-1").exists() and not (stage / f"page-{count + 1}").exists()
    seen: list[str] = []
    for number, page in enumerate(expected, 1):
        ids = standings_ids(page)
        assert 0 < len(ids) <= ROWS
        assert ids == [s.entry.id for s in standings[(number - 1) * ROWS: number * ROWS]]  # rank order, page by page
        assert page.stat().st_size < html_module.PAGE_LIMIT
        top, folded, bottom = pager(page, "名次分页")
        assert folded.count("<a ") == count and 'aria-current="page"' in folded
        assert (number == 1) == ('rel="prev"' not in top) and (number == count) == ('rel="next"' not in top)
        assert bottom.count("<a ") == top.count("<a ") and ('rel="next"' in bottom) == (number < count)
        seen += ids
    assert sorted(seen) == sorted(s.entry.id for s in standings) and len(seen) == len(set(seen))
    # the rules once, on the first page; the other pages link back to it
    assert "ranking-rule" in read(expected[0]) and "ranking-rule" not in read(expected[1])


def test_every_link_of_the_paginated_pages_resolves(large: Path) -> None:
    event = large / GUANDAN
    checked = 0
    for page in [*event.glob("main/**/index.html"), *event.glob("entries/*/index.html"), event / "index.html"]:
        for target in links(page, large):
            assert target.is_file(), (page, target)
            checked += 1
    assert checked > 1000


def test_the_event_page_shows_the_first_page_and_links_to_the_rest(large: Path, small: Path) -> None:
    page = large / GUANDAN / "index.html"
    assert len(standings_ids(page)) == ROWS
    assert re.search(r'<a href="../../events/tumu-guandan-2020/main/index.html">全部名次（共 52 个）</a>', read(page))
    assert "全部名次" not in read(small / GUANDAN / "index.html")
    assert len(standings_ids(small / GUANDAN / "index.html")) == 52


def test_a_rank_links_to_the_entrys_row_on_the_page_holding_it(large: Path) -> None:
    # "瑞士移位赛 · 名次 483=" on an entry's page, and a player's final place, linked to the stage's
    # first page (ranks 1-200), the team on page 3 and its row without an id
    checked, beyond_first = 0, 0
    pages = [*(large / GUANDAN / "entries").glob("*/index.html"), *(large / "players").glob("*/index.html")]
    for page in pages:
        for href in re.findall(r'<a href="([^"]*#entry-[^"]*)"', read(page)):
            path, _, fragment = href.partition("#")
            target = read((page.parent / path).resolve())
            assert re.search(rf'<tr id="{fragment}"[^>]*>\n  <td role="cell" class="num">', target), (page, href)
            checked += 1
            beyond_first += "/page-" in path
    assert checked > 100 and beyond_first > 20
    entry = read(large / GUANDAN / "entries/T52/index.html")
    assert 'main/page-' in re.search(r'<h2 id="stage-main">[^<]*<a href="([^"]+)"', entry)[1]


def test_an_entrys_rank_link_reads_as_the_rank_it_leads_to(large: Path, demo) -> None:
    # "<a>学院赛</a> · 名次 7": a link named after the stage, heard so by a screen reader, that
    # led to the team's row; the rank is the link now, the stage's name its plain text
    result = next(r for r in demo if r.event.slug == GUANDAN.split("/")[1])
    stage = result.stages[0]
    for standing in stage.standings[:25]:
        entry = standing.entry.id
        heading = re.search(r'<h2 id="stage-main">(.*?)</h2>', read(large / GUANDAN / f"entries/{entry}/index.html"))[1]
        link = re.search(r'<a href="([^"]+)">(.*?)</a>', heading)
        assert heading.startswith(f"{stage.stage.name} · <a ") and link[1].endswith(f"#entry-{entry}"), heading
        words = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", link[2])  # as a screen reader says it
        rank = f"并列第 {standing.rank}" if standing.tied else str(standing.rank)
        assert re.sub(r"<[^>]+>", "", words) == f"名次 {rank}", link[2]


def test_the_first_page_of_paginated_standings_says_its_range(large: Path, small: Path) -> None:
    # the event page's top table read as the whole ranking; the stage page's title had no range
    # while page-2's had "第 11–20 名"
    event = read(large / GUANDAN / "index.html")
    assert re.search(r"<caption>学院赛 · 最终排名 · 第 1–10 名</caption>", event)  # (its 3 rounds played)
    stage = read(large / GUANDAN / "main/index.html")
    assert "第 1–10 名" in re.search(r"<title>(.*?)</title>", stage)[1]
    assert "第 11–20 名" in re.search(r"<title>(.*?)</title>", read(large / GUANDAN / "main/page-2/index.html"))[1]
    assert not re.search(r"–\d+ 名</caption>", read(small / GUANDAN / "index.html"))  # one page: no range
    assert "名 ·" not in re.search(r"<title>(.*?)</title>", read(small / GUANDAN / "main/index.html"))[1]


@pytest.fixture(scope="module")
def withdrawn(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    """bench/scale.py's mass Guandan Swiss made small: 25 teams, 5 rounds drawn by `paibang pair`,
    T0025 withdrawn before the first (its row unranked, "—", at the end), rendered at 10
    standings rows and 5 tables a page: the third page of standings holds ranks 21-24 and that
    unranked row; each round has 3 pages."""
    import random

    from generator.cli import main
    from tests.support import bench, withdraw

    scale = bench("scale")
    work = tmp_path_factory.mktemp("withdrawn")
    content, slug = scale.make_event(work, 25, 5, 1)
    withdraw(content / "events" / slug, "T0025", 1)
    rng = random.Random(2)
    strength = {f"T{n + 1:04d}": rng.lognormvariate(0, 0.5) for n in range(25)}
    for number in range(1, 6):
        assert main(["pair", slug, "main", "--content", str(content)]) == 0
        scale.fill_round(content / "events" / slug / "results" / f"round-{number}.yaml", rng, strength)
    site, results, _ = validate(content)
    out = work / "output"
    out.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(html_module, "PAGE_ROWS", ROWS)
        patch.setattr(html_module, "PAGE_TABLES", TABLES)
        render_site(site, results, {}, OutputTree(out))
    return out / "events" / slug, results[0].stages[0].standings


def test_a_page_of_standings_says_the_ranks_it_shows_and_its_unranked_rows_apart(withdrawn) -> None:
    # the last page, ranks 21-24 and the withdrawn team's "—" row, said "第 21–25 名": a rank
    # no one holds, and nothing of the unranked row
    event, standings = withdrawn
    assert [s.entry.id for s in standings if s.rank is None] == ["T0025"] and len(standings) == 25
    last = standings[20:24]
    span = f"{last[0].rank}–{last[-1].rank}"  # (21–24, or from a tie's first place)
    page = read(event / "main/page-3/index.html")
    said = f"第 {span} 名及未排名 1 个"
    assert f"· {said} ·" in re.search(r"<title>(.*?)</title>", page)[1]
    assert re.search(rf"<caption>[^<]* · {said}</caption>", page)
    assert "25 名" not in page
    top, folded, _ = pager(event / "main/page-3/index.html", "名次分页")
    assert f'aria-current="page">{said}</a>' in folded
    # the first page's ranks, on the stage page and in the event page's top table alike
    first = f"第 {standings[0].rank}–{standings[9].rank} 名"
    assert f"{first}</a>" in folded
    assert f" · {first}</caption>" in read(event / "main/index.html")
    assert f" · {first}</caption>" in read(event / "index.html")


def test_aria_current_page_only_on_links_to_the_page_itself(large: Path, small: Path) -> None:
    # the archive's filter (全部项目 on a year's page leads to the home page), its newest year
    # on the home page, a round's link on the round's later pages: each said "this page"
    checked = 0
    for site in (large, small):
        for page in site.rglob("*.html"):
            for href in re.findall(r'<a href="([^"]+)"[^>]* aria-current="page"', read(page)):
                assert (page.parent / unquote(urlsplit(href).path)).resolve() == page.resolve(), (page, href)
                checked += 1
    assert checked > 100
    assert 'aria-current="true"' in read(large / "years/2020/index.html")
    later = read(large / GUANDAN / "main/round-1/page-2/index.html")
    assert re.search(r'<a href="[^"]*round-1/index.html" aria-current="true">', later)


# --- rounds -------------------------------------------------------------------------------------


def test_a_large_round_paginates_every_table_once_and_entries_link_to_its_page(large: Path, demo) -> None:
    result = next(r for r in demo if r.event.slug == GUANDAN.split("/")[1])
    for round_result in result.stages[0].rounds:
        folder = large / GUANDAN / f"main/round-{round_result.number}"
        numbers = [s.table.number for s in round_result.tables]
        pages = [folder / "index.html", *(folder / f"page-{n}/index.html" for n in range(2, -(-len(numbers) // TABLES) + 1))]
        assert sorted(folder.glob("page-*/index.html")) == sorted(pages[1:])
        seen = []
        for number, page in enumerate(pages, 1):
            tables = [int(t) for t in re.findall(r'<section class="table-result" id="table-(\d+)"', read(page))]
            assert tables == numbers[(number - 1) * TABLES: number * TABLES]
            assert page.stat().st_size < html_module.PAGE_LIMIT
            top, folded, bottom = pager(page, "本轮分页")  # the tables start under a few links
            assert folded.count("<a ") == len(pages) and ('rel="next"' in bottom) == (number < len(pages))
            seen += tables
        assert seen == numbers
    # an entry's page: each of its tables links to the page that holds it
    for entry in (large / GUANDAN / "entries").glob("*/index.html"):
        for href in re.findall(r'href="([^"]*#table-\d+)"', read(entry)):
            path, fragment = href.split("#")
            assert f'id="{fragment}"' in read((entry.parent / path).resolve()), (entry, href)


def test_a_round_of_long_matches_paginates_by_boards_and_entries_link_to_its_page(large: Path, small: Path,
                                                                                  demo) -> None:
    """A bridge teams round's matches show every board (a 100-team Swiss of 16-board matches made
    round pages of 890 kB at 50 tables a page): a page holds PAGE_BOARDS boards' rows at most, so
    BOARDS // 8 = 2 of the demo's 8-board matches a page, in table order, each once; the entry
    pages link each match on the page that holds it. Unlowered, the demo's rounds keep one page."""
    result = next(r for r in demo if r.event.slug == TEAMS.split("/")[1])
    for round_result in result.stages[0].rounds:
        folder = large / TEAMS / f"teams/round-{round_result.number}"
        numbers = [s.table.number for s in round_result.tables]
        assert len(numbers) == 3
        pages = [folder / "index.html", folder / "page-2/index.html"]
        assert sorted(folder.glob("page-*/index.html")) == pages[1:]
        shown = [[int(t) for t in re.findall(r'<section class="table-result" id="table-(\d+)"', read(page))]
                 for page in pages]
        assert shown == [numbers[:2], numbers[2:]]
        assert not list((small / TEAMS / f"teams/round-{round_result.number}").glob("page-*"))
    linked = 0
    for entry in (large / TEAMS / "entries").glob("*/index.html"):
        for href in re.findall(r'href="([^"]*#table-\d+)"', read(entry)):
            path, fragment = href.split("#")
            assert f'id="{fragment}"' in read((entry.parent / path).resolve()), (entry, href)
            linked += "page-2" in path
    assert linked  # (the matches at table 3 are on page 2)


def test_a_rounds_tables_stay_on_their_pages_as_results_come_in() -> None:
    """A round's page size is its matches' planned length (the stage's `boards`), not the rows
    entered so far: a match not played, forfeited or half entered shows fewer, and 50 bridge team
    matches of 16 boards were 1 page at the draw, table 30 on it, then 2 pages, table 30 on page 2,
    once one match was entered (a link to round-1/#table-30 shared with the draw moved). Bridge
    teams and pairs, 80 points and Da Guai show a row a board: 25 tables a page from the draw on;
    Guandan's deal log is no board rows: 50 a page."""
    from types import SimpleNamespace as NS

    def pages(game: str, boards: int | None, entered: set[int], shown: int) -> tuple[int, int]:
        tables = [NS(table=NS(number=n, sides=[f"T{2 * n}", f"T{2 * n + 1}"]),
                     view=NS(rows=[object()] * (shown if n in entered else 5 if n == 2 else 0)))
                  for n in range(1, 51)]
        result = NS(event=NS(game=game), stages=[NS(stage=NS(id="main", boards=boards, format="swiss"),
                                                    rounds=[NS(number=1, tables=tables)])])
        found = html_module.round_pages(result)[("main", 1)]
        return len(found.chunks), found.page_of.get(30, 1)

    for game in ("bridge", "shengji", "daguai"):
        # the draw only, one match entered (and one half entered), all entered
        assert [pages(game, 16, entered, 16) for entered in (set(), {1}, set(range(1, 51)))] == [(2, 2)] * 3, game
    # a pairs round of 12 boards a table: 33 tables a page whatever is entered
    assert [pages("bridge", 12, entered, 12) for entered in (set(), {1}, set(range(1, 51)))] == [(2, 1)] * 3
    # a stage saying no `boards`: the game's match (8 boards), 50 a page
    assert [pages("bridge", None, entered, 8) for entered in (set(), set(range(1, 51)))] == [(1, 1)] * 2
    assert [pages("guandan", None, entered, 30) for entered in (set(), set(range(1, 51)))] == [(1, 1)] * 2


# --- a board's traveller -------------------------------------------------------------------------

PAIRS = "events/qiaoyou-club-pairs-2024"  # 20 pairs, a 10-table Mitchell of 9 rounds of 3 boards
SJ_PAIRS = "events/hefei-80fen-pairs-2012"  # 80分: 16 pairs, an 8-table Mitchell
LINES = 3  # PAGE_BOARDS lowered: a board's traveller holds the lines of 3 tables a page


def render_content(content: Path, out: Path, lines: int | None = None) -> Path:
    """`content` rendered into `out`, a board's traveller holding `lines` tables a page when said."""
    with pytest.MonkeyPatch.context() as patch:
        if lines is not None:
            patch.setattr(html_module, "PAGE_BOARDS", lines)
        site, results, _ = validate(content)
        out.mkdir(parents=True, exist_ok=True)
        render_site(site, results, {}, OutputTree(out))
    return out


@pytest.fixture(scope="module")
def travellers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's pairs events, every board's traveller paged by 3 tables."""
    from tests.support import demo_content

    folder = tmp_path_factory.mktemp("travellers")
    return render_content(demo_content(folder, PAIRS.split("/")[1], SJ_PAIRS.split("/")[1]), folder / "output", LINES)


def line_tables(page: Path) -> list[tuple[int, int]]:
    """(round, table) of each line of a board page's traveller, in its order."""
    rows = re.search(r'<table class="boards traveller cards" role="table">.*?</table>', read(page), re.S)[0]
    return [(int(r), int(t)) for r, t in re.findall(
        r'<td role="cell" class="num" data-label="[^"]+">(\d+)</td>\n  <th role="rowheader" scope="row" class="num" data-label="[^"]+">(\d+)</th>',
        rows)]


@pytest.mark.parametrize("event", [PAIRS, SJ_PAIRS])
def test_a_boards_traveller_paginates_by_table_under_stable_urls(travellers: Path, small: Path, event: str) -> None:
    """A board played at many tables (a simultaneous pairs across the field: 770 tables made a
    page of 1 MB) is paged by table, PAGE_BOARDS tables a page: tables 1-3 on the board's own
    URL, 4-6 on page-2/, …, every line once, in round and table order within its page, the
    pages as many for every board of the stage (by the draw's tables, not the lines entered);
    unlowered, the demo's boards keep one page each."""
    stage = next(p for p in (travellers / event).iterdir() if (p / "boards").is_dir())
    boards = sorted((stage / "boards").iterdir(), key=lambda p: int(p.name))
    tables = max(t for board in boards for _, t in line_tables(small / event / stage.name / "boards" / board.name / "index.html"))
    count = -(-tables // LINES)
    assert count >= 3
    for board in boards:
        pages = [board / "index.html", *(board / f"page-{n}/index.html" for n in range(2, count + 1))]
        assert sorted(board.glob("page-*/index.html")) == sorted(pages[1:]), board
        whole = line_tables(small / event / stage.name / "boards" / board.name / "index.html")
        seen = []
        for number, page in enumerate(pages, 1):
            lines = line_tables(page)
            assert all((number - 1) * LINES < t <= number * LINES for _, t in lines), (page, lines)
            assert lines == sorted(lines) and page.stat().st_size < html_module.PAGE_LIMIT
            top, folded, bottom = pager(page, "本副牌分页")
            assert folded.count("<a ") == count and ('rel="next"' in bottom) == (number < count)
            seen += lines
        assert sorted(seen) == sorted(whole) and len(seen) == len(set(seen))
        assert not list((small / event / stage.name / "boards" / board.name).glob("page-*"))
    # the board's neighbours and the stage page lead to a board's first page, as ever
    assert f'/{stage.name}/boards/2/index.html" rel="next">' in read(boards[0] / "page-2/index.html")
    # the sitemap lists every page of a board
    sitemap = read(travellers / "sitemap.xml")
    assert all(f"{event}/{stage.name}/boards/{board.name}/page-{n}/" in sitemap for board in boards for n in range(2, count + 1))


@pytest.mark.parametrize("event", [PAIRS, SJ_PAIRS])
def test_an_entrys_board_links_land_on_its_line_of_the_traveller(travellers: Path, event: str) -> None:
    """An entry's page links each board it played to its own line of the board's traveller (an
    anchor, entry-<id>): on the page that holds it, the line of the table it played at; and a
    round's page to the page holding the table's line."""
    landed = 0
    for entry in (travellers / event / "entries").glob("*/index.html"):
        for href in re.findall(r'href="([^"]*/boards/\d+/[^"]*#entry-[^"]+)"', read(entry)):
            path, fragment = href.split("#")
            target = (entry.parent / path).resolve()
            assert f'id="{fragment}"' in read(target), (entry, href)
            landed += "/page-" in path
    assert landed > 20
    stage = next(p for p in (travellers / event).iterdir() if (p / "boards").is_dir())
    for page in stage.glob("round-*/**/index.html"):
        for table in re.findall(r'<section class="table-result" id="table-(\d+)"', read(page)):
            number = (int(table) - 1) // LINES + 1
            section = read(page).split(f'id="table-{table}"')[1].split("</section>")[0]
            for href in re.findall(r'href="([^"]*/boards/\d+/[^"]*)"', section):
                assert href.endswith("/index.html") and (f"/page-{number}/" in href) == (number > 1), (page, href)


def test_a_boards_lines_stay_on_their_pages_as_results_come_in(tmp_path: Path, travellers: Path) -> None:
    """A line's page is its table's: the same with half of round 1 not entered yet (those tables
    drawn, `boards: {}`), whose lines, listed first, moved every later line up had the lines
    entered been counted."""
    from tests.support import demo_content

    content = demo_content(tmp_path, PAIRS.split("/")[1])
    first = content / PAIRS / "results/round-1.yaml"
    text = first.read_text(encoding="utf-8")
    tables = re.split(r"(?m)^(?=  - table: )", text)
    first.write_text(tables[0] + "".join(re.sub(r"(?s)    boards:\n.*", "    boards: {}\n", t) if n <= 5 else t
                                         for n, t in enumerate(tables[1:], 1)), encoding="utf-8")
    partial = render_content(content, tmp_path / "output", LINES)

    def where(site: Path) -> dict[tuple[str, int, int], str]:
        """Each line (board, round, table): the page holding it."""
        return {(page.relative_to(site / PAIRS).parts[2], *line): str(page.relative_to(site / PAIRS))
                for page in (site / PAIRS / "pairs/boards").glob("**/index.html") for line in line_tables(page)}

    now, later = where(partial), where(travellers)
    assert len(now) < len(later) and any("page-" in page for page in now.values())
    assert {line: later[line] for line in now} == now


def test_a_board_played_again_each_round_pages_fewer_tables(tmp_path: Path) -> None:
    """A teams stage dealing boards 1-8 afresh every round (`boards_each_round: same`) plays board
    1 at each table in each round: its traveller's lines are the tables times the rounds, so a
    page holds PAGE_BOARDS // rounds tables (5 rounds, 10 lines a page: 2 tables), never more
    lines than PAGE_BOARDS; a stage numbering its boards on, PAGE_BOARDS tables."""
    from tests.support import demo_content

    slug = TEAMS.split("/")[1]
    content = demo_content(tmp_path, slug)
    event = content / TEAMS
    for path in (event / "results").glob("round-*.yaml"):
        offset = 8 * (int(path.stem.split("-")[1]) - 1)
        path.write_text(re.sub(r"(?m)^(      )(\d+):", lambda m: f"{m[1]}{int(m[2]) - offset}:", path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    text = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(text.replace("    boards: 8 ", "    boards_each_round: same\n    boards: 8 "), encoding="utf-8")
    site = render_content(content, tmp_path / "output", 10)
    board = site / TEAMS / "teams/boards/1"
    pages = [board / "index.html", board / "page-2/index.html"]
    assert sorted(board.glob("page-*/index.html")) == pages[1:]
    lines = [line_tables(page) for page in pages]
    assert [sorted({t for _, t in found}) for found in lines] == [[1, 2], [3]]
    assert [len(found) for found in lines] == [10, 5]
    # numbered on and saying so (`boards_each_round: on`): board 1 is played in round 1 alone, its
    # 3 tables on one page; the demo as it is, saying neither, may yet be read as `same` (its
    # rounds entered on 1-8) and is paged as `same` from the draw on
    plain = demo_content(tmp_path / "plain", slug)
    text = (plain / TEAMS / "event.yaml").read_text(encoding="utf-8")
    (plain / TEAMS / "event.yaml").write_text(text.replace("    boards: 8 ", "    boards_each_round: on\n    boards: 8 "),
                                              encoding="utf-8")
    plain = render_content(plain, tmp_path / "plain-output", 10)
    assert not list((plain / TEAMS / "teams/boards/1").glob("page-*"))


def test_a_teams_boards_lines_stay_on_their_pages_when_round_2_reads_the_stage_as_same(tmp_path: Path) -> None:
    """A bridge teams stage saying no `boards_each_round`, dealing 1-8 afresh each round, is read
    as numbering on until its round 2 is entered on 1-8 (then as `same`, with a warning): its
    board's traveller is paged as `same` from the draw on (5 rounds, 10 lines a page: 2 tables),
    so that round 2's results move no line of round 1 (its table 3 went from page 1 to page-2/
    under a link shared after round 1), and an entry's page links the line where it stays."""
    from tests.support import demo_content

    slug = TEAMS.split("/")[1]

    def state(entered: int, folder: Path) -> dict[tuple[int, int], str]:
        content = demo_content(folder, slug)
        for path in (content / TEAMS / "results").glob("round-*.yaml"):
            number = int(path.stem.split("-")[1])
            text = re.sub(r"(?m)^(      )(\d+):", lambda m: f"{m[1]}{int(m[2]) - 8 * (number - 1)}:",
                          path.read_text(encoding="utf-8"))
            if number > entered:  # drawn, not entered
                parts = re.split(r"(?m)^(?=  - table: )", text)
                text = parts[0] + "".join(re.sub(r"(?s)    boards:\n.*", "", part) for part in parts[1:])
            path.write_text(text, encoding="utf-8")
        site = render_content(content, folder / "output", 10)
        board = site / TEAMS / "teams/boards/1"
        found = {line: str(page.relative_to(board)) for page in board.glob("**/index.html") for line in line_tables(page)}
        links = re.findall(r'href="[^"]*teams/boards/1/([^"]*)#entry-T3"', read(site / TEAMS / "entries/T3/index.html"))
        return found, links

    (first, first_links), (second, second_links) = state(1, tmp_path / "a"), state(2, tmp_path / "b")
    assert first == {(1, 1): "index.html", (1, 2): "index.html", (1, 3): "page-2/index.html"}
    assert {line: second[line] for line in first} == first and len(second) == 6
    assert first_links == ["page-2/index.html"] and second_links == ["page-2/index.html"] * 2


def test_a_boards_pages_count_its_tables_and_say_a_page_of_none_played(tmp_path: Path) -> None:
    """Table numbers with a gap (the demo teams' table 3 numbered 7), 2 tables a page: the pages
    say the tables they hold and the stage's count of tables, 3, not its highest number, 7; a
    page none of whose tables played the board is kept (the URLs every board of the stage has)
    and says so, not an empty traveller unexplained."""
    from tests.support import demo_content

    content = demo_content(tmp_path, TEAMS.split("/")[1])
    event = content / TEAMS
    for path in (event / "results").glob("round-*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("  - table: 3\n", "  - table: 7\n"), encoding="utf-8")
    text = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(text.replace("    boards: 8 ", "    boards_each_round: on\n    boards: 8 "), encoding="utf-8")
    board = render_content(content, tmp_path / "output", 2) / TEAMS / "teams/boards/1"
    pages = [board / "index.html", *(board / f"page-{n}/index.html" for n in (2, 3, 4))]
    assert sorted(board.glob("page-*/index.html")) == pages[1:]
    said = [re.search(r'<p class="meta">(\u7b2c[^<]*)</p>', read(page))[1] for page in pages]
    unplayed = " \u00b7 \u672c\u9875\u5404\u684c\u672a\u6253\u6b64\u724c"  # " · 本页各桌未打此牌"
    assert said == ["\u7b2c 1\u20132 \u684c\uff08\u5171 3 \u684c\uff09", "\u7b2c 3\u20134 \u684c\uff08\u5171 3 \u684c\uff09" + unplayed,
                    "\u7b2c 5\u20136 \u684c\uff08\u5171 3 \u684c\uff09" + unplayed, "\u7b2c 7 \u684c\uff08\u5171 3 \u684c\uff09"]
    assert [line_tables(page) for page in pages] == [[(1, 1), (1, 2)], [], [], [(1, 7)]]


def long_matches(tmp_path: Path, boards_line: str, entered: int) -> tuple[Path, list]:
    """A bridge teams Swiss of 60 teams, round 1's 30 matches of 16 boards, `entered` of them
    entered (the rest as drawn), its stage saying `boards_line`: its folder and check's warnings."""
    from tests.support import new_event

    folder = new_event(tmp_path, "teams16", "title: \u961f\u5f0f\u8d5b\ngame: bridge\ndate: 2026-06-07\n", "T", 60,
                       "  - id: main\n    format: swiss\n    scoring: imps\n    rounds: 5\n" + boards_line
                       + "    rank_by: [vp, imps]\n")
    match = "".join(f"      {b}: {{open: 4S N =, closed: 4S S -1}}\n" for b in range(1, 17))
    (folder / "results/round-1.yaml").write_text("stage: main\nround: 1\ntables:\n" + "".join(
        f"  - table: {t}\n    home: T{2 * t - 1}\n    away: T{2 * t}\n" + (f"    boards:\n{match}" if t <= entered else "")
        for t in range(1, 31)), encoding="utf-8")
    return folder, validate(folder.parents[1])[2]


def test_a_stage_of_long_matches_saying_no_boards_is_warned_to_say_them(tmp_path: Path) -> None:
    """A stage saying no `boards` is paged as the game's match (bridge: 8 boards, 50 matches a
    page): its 16-board matches showed 50 x 16 = 800 rows a page, 1 MB. Sizing the pages by the
    boards entered would move the round's matches 26-30 to page 2 when its first match was
    entered (rev100), so `check` says to write `boards: 16`, which lays the pages out from the
    draw on; a stage saying them, or whose matches fit a page, is not warned."""
    _, warnings = long_matches(tmp_path / "a", "", 1)
    said = [p for p in warnings if p.code == "stage-match-length-unsaid"]
    assert len(said) == 1 and said[0].params["boards"] == 16 and said[0].params["rows"] == 30 * 16
    assert "boards: 16" in said[0].hint("en") and "boards: 16" in said[0].hint("zh-Hans")
    assert said[0].mark.file.name == "event.yaml"
    for boards_line, entered in (("    boards: 16\n", 30), ("", 0)):
        assert "stage-match-length-unsaid" not in {p.code for p in long_matches(tmp_path / f"b{entered}", boards_line, entered)[1]}


def test_a_stray_board_in_one_match_of_many_is_no_match_length_to_say(tmp_path: Path) -> None:
    """A round of 50 matches of 8 boards (the game's), one with a 9th board typed by mistake: 401
    rows on the round's page, but the matches' length is their usual 8, not the stray 9 (the
    warning said "write boards: 9", which would have 49 matches wait for a board 9); a round of
    50 matches of 8 is not warned either, and one of 30 matches of 16 is, its page counted at
    480 rows."""
    from tests.support import new_event

    def warned(name: str, lengths: list[int]) -> list:
        folder = new_event(tmp_path / name, "t", "title: \u961f\u5f0f\u8d5b\ngame: bridge\ndate: 2026-06-07\n", "T",
                           2 * len(lengths), "  - id: main\n    format: swiss\n    scoring: imps\n    rounds: 5\n"
                           "    rank_by: [vp, imps]\n")
        (folder / "results/round-1.yaml").write_text("stage: main\nround: 1\ntables:\n" + "".join(
            f"  - table: {t}\n    home: T{2 * t - 1}\n    away: T{2 * t}\n    boards:\n"
            + "".join(f"      {b}: {{open: 4S N =, closed: 4S S -1}}\n" for b in range(1, boards + 1))
            for t, boards in enumerate(lengths, 1)), encoding="utf-8")
        return [p for p in validate(folder.parents[1])[2] if p.code == "stage-match-length-unsaid"]

    assert warned("stray", [9] + [8] * 49) == [] and warned("plain", [8] * 50) == []
    said = warned("long", [16] * 29 + [17])
    assert len(said) == 1 and said[0].params["boards"] == 16 and said[0].params["rows"] == 29 * 16 + 17


def round_nav(page: Path) -> tuple[str, str]:
    """A round page's links to the stage's rounds (nav "各轮"): those before its <details>, and
    the folded list."""
    nav = re.search(r'<nav class="rounds[^"]*" aria-label="各轮">(.*?)</nav>', read(page), re.S)
    assert nav and nav.end() < read(page).index('class="table-result"'), page
    steps, _, folded = nav[1].partition("<details")
    return steps, folded


def test_a_stage_of_many_rounds_folds_its_round_links_above_the_first_table(withdrawn, small: Path) -> None:
    # seven links to the other rounds took two lines of a phone above the first table: the rounds
    # either side stay, every round folds under them as the pager folds its pages
    event, _ = withdrawn
    for number in range(1, 6):
        for page in (event / f"main/round-{number}/index.html", event / f"main/round-{number}/page-2/index.html"):
            steps, folded = round_nav(page)
            linked = re.findall(r'href="[^"]*round-(\d+)/index.html"[^>]*>(?:<span aria-hidden="true">‹ </span>)?第 (\d+) 轮', steps)
            assert [int(a) for a, _ in linked] == [n for n in (number - 1, number + 1) if 1 <= n <= 5], (page, steps)
            assert all(a == b for a, b in linked)
            assert folded.startswith(' class="pages"><summary>全部 5 轮</summary>') and folded.count("<a ") == 5
            current = "page" if page.parent.name.startswith("round-") else "true"
            assert re.search(rf'round-{number}/index.html" aria-current="{current}">第 {number} 轮</a>', folded)
    # a stage of 3 rounds keeps its plain line of links, which fits
    steps, folded = round_nav(small / GUANDAN / "main/round-2/index.html")
    assert steps.count("<a ") == 3 and not folded


@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 320])
def test_a_rounds_results_begin_high_on_a_phone(withdrawn, browser, width: int) -> None:
    """The folded round links take one line of a phone while shut; opened, every round shows."""
    from tests.test_phone import page_problems

    event, _ = withdrawn
    tab = browser.new_page()
    tab.set_viewport_size({"width": width, "height": 844})
    try:
        tab.goto((event / "main/round-3/page-2/index.html").as_uri())
        nav = tab.locator('nav[aria-label="各轮"]')
        line = tab.evaluate("parseFloat(getComputedStyle(document.body).lineHeight) || 24")
        assert nav.bounding_box()["height"] < 2 * max(line, 44), nav.bounding_box()
        problems = page_problems(tab, f"{width}px round-3/page-2")
        nav.locator("summary").click()
        assert nav.locator("details a").count() == 5 and nav.locator("details a").nth(4).is_visible()
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        tab.close()
    assert problems == [], "\n".join(problems)


# --- a player's pages ----------------------------------------------------------------------------


def test_a_players_pages_have_the_pager_at_the_bottom_too(large: Path) -> None:
    # standings and rounds had it again after their last row; a player's long list of events
    # ended with nothing to go on with
    later = sorted(large.glob("players/*/page-2/index.html"))
    assert later
    for page in [*later, *(p.parent.parent / "index.html" for p in later)]:
        top, folded, bottom = pager(page, "参赛记录分页")
        assert bottom.count("<a ") == top.count("<a ") > 0 and ('rel="prev"' in bottom) == ("/page-2/" in str(page))


# --- small events and sites keep today's URLs ------------------------------------------------------


def test_small_events_and_archives_keep_one_page_each(small: Path) -> None:
    assert not list(small.rglob("page-*")) and not (small / "years").exists()
    assert 'class="rounds pages"' not in "".join(read(p) for p in small.rglob("*.html"))
    assert not (small / "assets/search").exists() and not (small / "assets/search-shards.js").exists()
    assert '"version":1' in read(small / "assets/search-index.js")
    assert max(p.stat().st_size for p in small.rglob("*.html")) < html_module.PAGE_LIMIT


# --- the archive by year --------------------------------------------------------------------------


def test_a_large_archive_has_a_page_a_year_each_event_on_one(large: Path, demo) -> None:
    years = sorted({str(r.event.dates[0].year) for r in demo}, reverse=True)
    pages = {year: large / f"years/{year}/index.html" for year in years}
    assert sorted(large.glob("years/*/index.html")) == sorted(pages.values())
    listed: list[str] = []
    for year, page in pages.items():
        text = read(page)
        assert re.findall(r'<h2 id="year-(\d{4})">', text) == [year]
        listed += re.findall(r'<h3><a href="\.\./\.\./(events/[^/]+)/index.html"', text)
        assert all(target.is_file() for target in links(page, large))
    assert sorted(listed) == sorted(f"events/{r.event.slug}" for r in demo)
    index = read(large / "index.html")
    assert re.findall(r'<h2 id="year-(\d{4})">', index) == years[:1]  # the newest year, and the list of years
    assert all(f'href="years/{year}/index.html"' in index for year in years)
    bridge = sorted(p.relative_to(large).as_posix() for p in large.glob("games/bridge/years/*/index.html"))
    assert bridge and all(p.startswith("games/bridge/years/") for p in bridge)


def test_the_newest_years_page_has_the_archives_url_as_canonical(large: Path) -> None:
    # years/<newest>/ shows what the home page shows, under its own canonical URL: two URLs of
    # one page for search engines. The home page's is canonical; an older year's is its own.
    def canonical(path: str) -> str:
        return re.search(r'<link rel="canonical" href="([^"]+)">', read(large / path))[1]

    newest = max(p.parent.name for p in large.glob("years/*/index.html"))
    assert canonical(f"years/{newest}/index.html") == canonical("index.html") == "https://example.org/paibang/"
    assert canonical("years/2020/index.html").endswith("/paibang/years/2020/")
    sitemap = read(large / "sitemap.xml")
    assert f"years/{newest}/" not in sitemap and "years/2020/" in sitemap


def test_a_year_of_the_archive_names_its_year_and_its_counts_say_what_they_count(large: Path) -> None:
    # a year's page was titled and headed as the archive, and its counts ran on: "2024 年 2" read as
    # 2024年2月, "桥牌 3"
    text = read(large / "years/2024/index.html")
    assert "2024 年" in re.search(r"<title>(.*?)</title>", text, re.S)[1]
    assert "2024 年" in re.search(r"<h1>(.*?)</h1>", text, re.S)[1]
    counts = re.findall(r'<span class="count">([^<]*)</span>', text)
    # (the filters' counts are every year's, said so: "全部项目（各年共 8 项）" above one year's events)
    assert counts and all(re.fullmatch(r"（(各年共 )?\d+ 项）", count) for count in counts), counts
    assert "2024 年" in re.search(r"<title>(.*?)</title>", read(large / "games/bridge/years/2024/index.html"), re.S)[1]


# --- the players' index ---------------------------------------------------------------------------


def test_a_large_players_index_has_pages_of_whole_groups_each_person_once(large: Path, small: Path) -> None:
    def people(page: Path) -> list[str]:
        return re.findall(r'<li><a href="[^"]*(players/[0-9a-f]+/index.html)">', read(page))

    everyone = people(small / "players/index.html")
    pages = [large / "players/index.html", *sorted(large.glob("players/page-*/index.html"),
                                                   key=lambda p: int(p.parent.name.split("-")[1]))]
    assert len(pages) >= len(everyone) // PEOPLE and [p.parent.name for p in pages[1:]] == [
        f"page-{n}" for n in range(2, len(pages) + 1)]
    listed = [person for page in pages for person in people(page)]
    assert sorted(listed) == sorted(everyone) and len(listed) == len(set(listed))
    for number, page in enumerate(pages, 1):
        assert 0 < len(people(page)) <= PEOPLE
        # balanced: a group that does not fit fills a page less than half full (a unit of 38
        # after one of 4,990 had a page of its own)
        assert number == len(pages) or len(people(page)) >= PEOPLE // 2, (page, len(people(page)))
        # the groups' links after the names (194 of them came first on every page), the pager before
        text = read(page)
        assert text.index('<nav class="rounds pager"') < text.index('<ul class="people">') < text.rindex(
            '</ul>') < text.index('<nav class="groups"')
        nav = re.search(r'<nav class="groups" aria-label="[^"]+">(.*?)</nav>', read(page), re.S)[1]
        for href in re.findall(r'href="([^"]+)"', nav):  # every group, on the page that holds it
            path, fragment = href.split("#")
            assert f'<h2 id="{fragment}">' in read((page.parent / path).resolve()), (page, href)
        assert all(target.is_file() for target in links(page, large))
    assert 'class="rounds pages"' not in read(small / "players/index.html")


def test_the_players_index_pages_are_balanced_groups_whole_where_they_can_be() -> None:
    groups = [("A", list(range(39))), ("B", list(range(5))), ("C", list(range(38))), ("D", list(range(12)))]
    pages = html_module.players_pages(groups, 40)
    sizes = [sum(len(people) for _, _, people in page) for page in pages]
    # A whole on its page; B starts the next (A's page is full); C fills B's page (5 people,
    # less than half of it) and goes on on the next; D beside it
    assert sizes == [39, 40, 15] and [[g for _, g, _ in page] for page in pages] == [["A"], ["B", "C"], ["C", "D"]]
    assert [p for page in pages for _, g, people in page for p in people] == [p for _, people in groups for p in people]
    assert html_module.players_pages([("A", list(range(90)))], 40)[-1] == [(1, "A", list(range(80, 90)))]


# --- search in shards -------------------------------------------------------------------------------


def script_data(path: Path) -> tuple[str | None, object]:
    text = read(path)
    if text.startswith("window.PAIBANG_SEARCH_PART("):
        name, _, body = text[len("window.PAIBANG_SEARCH_PART("):].partition(",")
        return json.loads(name), json.loads(body[: body.rindex(");")])
    return None, json.loads(text[text.index("=") + 1: text.rindex(";")])


@pytest.fixture(scope="module")
def shards(large: Path) -> dict:
    _, manifest = script_data(large / "assets/search-index.js")
    parts = {}
    for path in sorted((large / "assets/search").glob("*.js")):
        name, data = script_data(path)
        assert name == path.stem
        parts[name] = data
    return {"manifest": manifest, "parts": parts}


def sharded_search(index: dict, query: str) -> tuple[list[list[str]], set[str]]:
    """What site.js does with a sharded index, in Python: the shards of the query's grams, then
    the records holding every run; also which files it loaded."""
    manifest, parts = index["manifest"], index["parts"]
    runs = [r for r in re.split(r"[^\w]+|_", normalise(query)) if r]
    grams = [g for run in runs for g in ([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])]
    loaded = {f"g-{shard_of(g, manifest['shards'])}" for g in grams}
    ids = None
    for gram in grams:
        posting = set(parts[f"g-{shard_of(gram, manifest['shards'])}"].get(gram, []))
        ids = posting if ids is None else ids & posting
    found = []
    for number in sorted(ids or ()):
        loaded.add(f"r-{number // manifest['chunk']}")
        record = parts[f"r-{number // manifest['chunk']}"][number % manifest["chunk"]]
        if all(run in record[4] for run in runs):
            found.append(record)
    return found, loaded


def test_search_shards_cover_every_record_and_each_is_bounded(large: Path, small: Path, shards: dict) -> None:
    manifest, parts = shards["manifest"], shards["parts"]
    _, single = script_data(small / "assets/search-index.js")
    records = [record for n in range(-(-manifest["records"] // CHUNK)) for record in parts[f"r-{n}"]]
    assert records == single["records"]  # every record, players included, in the same order
    assert all(len(parts[f"r-{n}"]) <= CHUNK for n in range(-(-manifest["records"] // CHUNK)))
    for number, record in enumerate(records):
        for gram in grams_of(record[4]):
            assert number in parts[f"g-{shard_of(gram, manifest['shards'])}"][gram]
    assert {r[1] for r in records if r[0] == "player"} >= {"张浩然"}
    # each gram shard is bounded: near SHARD_LIMIT, never the whole index
    largest_gram = max(len(json.dumps({g: ids}, ensure_ascii=False).encode())
                       for n in range(manifest["shards"]) for g, ids in parts[f"g-{n}"].items())
    for path in (large / "assets/search").glob("g-*.js"):
        assert path.stat().st_size <= 2 * SHARD_BYTES + largest_gram
    whole = sum(p.stat().st_size for p in (large / "assets").rglob("search*/*.js"))
    assert (large / "assets/search-index.js").stat().st_size < whole / 10  # the manifest: what focus loads


def test_sharded_search_finds_a_player_loading_a_few_files(shards: dict) -> None:
    found, loaded = sharded_search(shards, "浩然")
    assert any(r[0] == "player" and r[1] == "张浩然" for r in found)
    assert len(loaded) <= 4 < len(shards["parts"]) / 4
    assert any(r[1] == "张浩然" for r in sharded_search(shards, "張浩")[0])  # 繁體 query, 简体 name
    assert any(r[0] == "entry" and r[1].startswith("A19") for r in sharded_search(shards, "a19")[0])
    one, loaded = sharded_search(shards, "张")  # one character: its own list
    assert any(r[1] == "张浩然" for r in one)


def test_a_gram_in_the_index_is_what_a_query_is_split_into(shards: dict) -> None:
    assert grams_of("张浩然 A19") == bigrams("张浩然 A19") | set("张浩然a19")
    assert all(0 <= shard_of(g, 7) < 7 for g in ("张浩", "a", "𠀋x", "19"))


# --- in a browser: the script chooses the same shards, and finds the player -------------------------


@pytest.mark.slow
def test_the_scripts_shard_choice_is_pythons_and_search_works_sharded(large: Path, browser) -> None:
    page = browser.new_page()
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto((large / "index.html").as_uri())  # from disk: scripts, never fetch()
        source = read(ROOT / "templates/search-shards.js")
        body = re.search(r"function shardOf\(gram, shards\) \{.*?\n  \}", source, re.S)[0]
        grams = ["张浩", "浩然", "a1", "19", "𠀋x", "t", "動"]
        for count in (1, 7, 31, 1000):
            chosen = page.evaluate(f"(grams) => {{ {body}; return grams.map(g => shardOf(g, {count})); }}", grams)
            assert chosen == [shard_of(g, count) for g in grams]
        page.fill("header form.search input[name=q]", "浩然")
        page.locator("header .search-results a", has_text="张浩然").first.wait_for()
        shards_loaded = [u for u in requested if "/assets/search/" in u]
        assert 0 < len(shards_loaded) <= 4
        page.goto((large / "search/index.html").as_uri() + "?q=" + "13级动物科学1班")
        page.locator("main .search-results li").first.wait_for()
        assert page.locator("main .search-results li").count() >= 8
        assert not errors
    finally:
        page.close()


@pytest.mark.slow
def test_search_answers_when_the_sharded_search_script_fails_to_load(large: Path, browser) -> None:
    """search-shards.js missing (a failed download): the search box says it found nothing,
    instead of every search waiting for it forever."""
    shards = large / "assets/search-shards.js"
    kept = shards.with_name("search-shards.js.kept")
    shards.rename(kept)
    page = browser.new_page()
    try:
        page.goto((large / "index.html").as_uri())
        page.fill("header form.search input[name=q]", "浩然")
        page.locator("header .search-count", has_text="没有找到").wait_for(timeout=10_000)
        page.fill("header form.search input[name=q]", "张浩")  # a later search answers too
        page.locator("header .search-count", has_text="没有找到“张浩”").wait_for(timeout=10_000)
    finally:
        page.close()
        kept.rename(shards)


@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 320])
def test_the_new_kinds_of_page_on_a_phone(large: Path, browser, width: int) -> None:
    """A standings page beyond the first, a round's page, a year of the archive, the event page
    cut to its first page, a player's second page: measured as tests/test_phone.py measures
    every kind of page (nothing sideways, cards kept, targets of 24 px, axe-core)."""
    from tests.test_phone import page_problems

    tab = browser.new_page()
    tab.set_viewport_size({"width": width, "height": 844})
    problems = []
    try:
        for path in [f"{GUANDAN}/main/page-2/index.html", f"{GUANDAN}/main/index.html",
                     f"{GUANDAN}/main/round-1/page-2/index.html", f"{GUANDAN}/index.html", "years/2020/index.html",
                     "players/page-2/index.html",
                     str(next(large.glob("players/*/page-2/index.html")).relative_to(large)),
                     "index.html"]:
            tab.goto((large / path).as_uri())
            problems += page_problems(tab, f"{width}px {path}")
            if "/main/" in path:  # the standings' rows are cards on a phone, as on the stage page
                assert tab.evaluate("getComputedStyle(document.querySelector('table.cards tbody tr')).display") == "flex"
    finally:
        tab.close()
    assert problems == [], "\n".join(problems)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """Debian's Chromium, as tests/test_browser.py starts it (skipped where it is missing, not in CI)."""
    from tests.test_browser import DESKTOP, chromium_context

    with chromium_context(tmp_path_factory.mktemp("chromium-profile"), DESKTOP) as context:
        yield context


@pytest.mark.parametrize("locale, first, second", [("zh-Hans", "第 1–199（并列）名", "第 199（并列）–400 名"),
                                                   ("en", "ranks 1–199 (tied)", "ranks 199 (tied)–400")])
def test_a_place_shared_across_a_page_break_is_said_tied(locale: str, first: str, second: str) -> None:
    """Three entries share place 199, rows 199–201: page 1 ends inside the tie, page 2 begins in
    it. Each page's label says that place tied, not "第 1–199 名" beside "第 199–400 名" (a span
    like a knockout's "5–8", and a first page of 199 places for 200 rows); in words, not "199=",
    which a screen reader read "199 等于" (below); a tie within one page, as at the top, is said bare."""
    from types import SimpleNamespace

    from generator.render.i18n import Translator

    ranks = [1, 1, *range(3, 199), 199, 199, 199, *range(202, 401)]
    rows = [SimpleNamespace(rank=rank) for rank in ranks]
    pages = html_module.standings_pages(SimpleNamespace(slug="e"), "s", rows, html_module.ranks_said(Translator(locale)))
    assert [label for _, label in pages] == [first, second]
    said = html_module.ranks_said(Translator(locale))
    assert said(rows[:200], None, rows[200]) == first  # the event page's first page of its ranking (event.html)


@pytest.mark.parametrize("locale, first, second", [("zh-Hans", "第 1–200 名", "第 201–400 名"),
                                                   ("en", "ranks 1–200", "ranks 201–400")])
def test_a_pages_last_tie_is_said_to_the_last_place_it_holds(locale: str, first: str, second: str) -> None:
    """Three entries share place 198, rows 198–200, the end of page 1: it was "第 1–198 名", the
    next "第 201–400 名", and places 199 and 200 seemed missing. The page holds places 1–200;
    the last page's own last tie too (399= twice: to 400)."""
    from types import SimpleNamespace

    from generator.render.i18n import Translator

    ranks = [*range(1, 198), 198, 198, 198, *range(201, 399), 399, 399]
    rows = [SimpleNamespace(rank=rank) for rank in ranks]
    pages = html_module.standings_pages(SimpleNamespace(slug="e"), "s", rows, html_module.ranks_said(Translator(locale)))
    assert [label for _, label in pages] == [first, second]


def test_a_stages_ranking_caption_is_one_expression_for_its_three_pages(large: Path) -> None:
    """The caption of a stage's ranking (its kind; "after round N" but for a knockout or a final
    ranking) was one expression copied into event.html, stage.html and standings.html: one
    function now (html.ranking_caption), the same on the three pages, the stage's name escaped."""
    from types import SimpleNamespace

    for name in ("event.html", "stage.html", "standings.html"):
        source = read(ROOT / "templates" / name)
        assert "ranking_caption(" in source and '_("ko_placings")' not in source, name
    captions = [re.search(r"<caption>(.*?) · 第 \d+–\d+ 名</caption>", read(large / GUANDAN / page))[1]
                for page in ("index.html", "main/index.html", "main/page-2/index.html")]
    assert captions == ["学院赛 · 最终排名"] * 3
    env = html_module.environment("en")
    said = env.from_string("<caption>{{ ranking_caption(result) }}</caption>")
    stage = SimpleNamespace(name="Swiss <b> & Co")
    result = SimpleNamespace(stage=stage, bracket=None, final_ranking=False, shows_after_round=True, rounds_played=4)
    assert said.render(result=result) == "<caption>Swiss &lt;b&gt; &amp; Co · Standings · after round 4</caption>"
    result.shows_after_round = False
    assert said.render(result=result) == "<caption>Swiss &lt;b&gt; &amp; Co · Standings</caption>"
    result.final_ranking = True
    assert said.render(result=result) == "<caption>Swiss &lt;b&gt; &amp; Co · Final ranking</caption>"
    result.bracket = object()
    assert said.render(result=result) == "<caption>Swiss &lt;b&gt; &amp; Co · Placings</caption>"


def test_a_tie_across_a_page_break_reads_as_words_in_titles_captions_and_page_links(large: Path) -> None:
    """Places 49 are shared by rows 50 and 51, pages 5 and 6 at 10 rows a page. Page 6 was
    "第 49=–52 名" in its <title>, its caption (the table's name, and its scroll box's) and the
    pages' links: a screen reader said "49 等于" (the rows' cells say "并列第 49", visually hidden);
    each says it in words now, as a sighted member reads it too."""
    page = read(large / GUANDAN / "main/page-6/index.html")
    spoken = "\u7b2c 49\uff08\u5e76\u5217\uff09\u201352 \u540d"  # 第 49（并列）–52 名
    assert spoken in re.search(r"<title>(.*?)</title>", page)[1]
    assert re.search(r"<caption>[^<]*" + re.escape(spoken) + "</caption>", page)
    assert f'aria-label="{re.search(r"<caption>([^<]*)</caption>", page)[1]}"' in page
    listed = re.findall(r'<a href="[^"]*"[^>]*>([^<]*)</a>', re.search(r'<p class="page-list">(.*?)</p>', page, re.S)[1])
    assert listed[4:] == ["\u7b2c 41\u201349\uff08\u5e76\u5217\uff09\u540d", spoken]  # 第 41–49（并列）名
    for text in (re.search(r"<title>(.*?)</title>", page)[1], *listed, *re.findall(r"<caption>([^<]*)</caption>", page)):
        assert "=" not in text, text


@pytest.mark.slow
def test_a_rank_links_row_is_marked_on_a_phone(large: Path, browser) -> None:
    """A team's rank link ("名次 49=") leads to its row among tied rows alike: nothing marked
    which (style.css framed a traveller's td:target only). At 390 px, in the card layout, the row
    is framed and scrolled below the top; its neighbours are not."""
    page = large / GUANDAN / "main/page-5/index.html"
    tied = [entry for entry in re.findall(r'<tr id="entry-([^"]+)"', read(page))]
    entry = large / GUANDAN / "entries" / tied[-1] / "index.html"
    href = re.search(r'<h2 id="stage-main">[^<]*<a href="([^"]+#entry-[^"]+)"', read(entry))[1]
    assert href.endswith(f"main/page-5/index.html#entry-{tied[-1]}")
    tab = browser.new_page()
    tab.set_viewport_size({"width": 390, "height": 844})
    try:
        tab.goto(entry.as_uri())
        tab.click(f'h2#stage-main a[href="{href}"]')
        tab.wait_for_url(f"**#entry-{tied[-1]}")
        style = "(id => { const s = getComputedStyle(document.getElementById(id)); return [s.display, s.outlineStyle, s.outlineWidth]; })"
        assert tab.evaluate(style, f"entry-{tied[-1]}") == ["flex", "solid", "2px"]  # a card, framed
        assert tab.evaluate(style, f"entry-{tied[-2]}")[1] == "none"
        top = tab.evaluate(f"document.getElementById('entry-{tied[-1]}').getBoundingClientRect().top")
        assert 32 <= top < 844 - 60, top  # on screen, below the top
    finally:
        tab.close()


@pytest.mark.slow
def test_the_pagers_label_is_level_with_its_links_on_a_phone(large: Path, browser) -> None:
    """At 390 px the pager's "第 5 / 6 页" sat above the links beside it (44 px touch targets, the
    label not): their middles are level now."""
    tab = browser.new_page()
    tab.set_viewport_size({"width": 390, "height": 844})
    try:
        tab.goto((large / GUANDAN / "main/page-5/index.html").as_uri())
        # the middle of each one's words (a box stretched to the line is level while its words are not)
        middles = tab.evaluate("""() => [...document.querySelectorAll('nav.pager')[0].children]
            .filter(e => e.matches('span.at, a')).map(e => {
                const words = document.createRange(); words.selectNodeContents(e);
                const r = words.getBoundingClientRect();
                return [e.tagName, r.top + r.height / 2, e.getBoundingClientRect().height]; })""")
        assert [tag for tag, _, _ in middles] == ["A", "A", "SPAN", "A"], middles  # first, previous, "5 / 6", next
        assert all(height >= 44 for tag, _, height in middles if tag == "A")
        assert max(m for _, m, _ in middles) - min(m for _, m, _ in middles) <= 1, middles
    finally:
        tab.close()
