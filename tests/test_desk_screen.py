"""The desk's public views in a browser: the standings on a phone at 390 px and the hall's
screen at 1280×720, with axe-core (vendored, as tests/test_phone.py runs it). The demo's
大怪路子 Swiss: five figures a row (场分, 净胜分, 高分, 跑头家次数, 抽签) and prizes' remarks.
And the hall's screen at 1920×1080 over the Guandan demo's round 4 of 26 tables, its pages turned.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.support import demo_content
from tests.test_desk import drawn, start  # noqa: F401 - drawn is a fixture
from tests.test_phone import AXE, AXE_RUN

pytestmark = pytest.mark.slow

SLUG = "chem-park-daguai-2016"


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory):
    desk = start(demo_content(tmp_path_factory.mktemp("desk-screen"), SLUG), slug=SLUG)
    yield desk
    desk.stop()


def opened(browser, url: str, width: int, height: int, clock: bool = False):  # noqa: ANN001, ANN201
    """`clock`: the page's timers under the test's hand (tab.clock.run_for turns the screen's pages)."""
    tab = browser.new_context(viewport={"width": width, "height": height}).new_page()
    if clock:
        tab.clock.install()
    tab.goto(url)
    tab.wait_for_load_state("load")
    return tab


def test_the_standings_fit_a_phone_each_row_a_card(browser, running) -> None:
    """At 390 px the desk's standings were 446 px wide, the 跑头家次数 column cut off: each row
    is a card as on the site's standings, every figure on screen with its column's name."""
    tab = opened(browser, f"{running.base}/standings", 390, 844)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    cells = tab.locator("#standings tbody tr").first.locator("td[data-label]")
    labels = [cells.nth(i).get_attribute("data-label") for i in range(cells.count())]
    assert "跑头家次数" in labels, labels
    for i in range(cells.count()):
        box = cells.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (labels[i], box)
    tab.add_script_tag(path=str(AXE))
    assert tab.evaluate(AXE_RUN) == []
    tab.context.close()


def test_the_hall_screen_reads_from_the_back_of_the_room_and_passes_axe(browser, running) -> None:
    """/screen at 1280×720: a remark (退赛, a prize) under a name was 3.03:1 on the dark ground
    (axe: colour-contrast, serious), the draw about 14 px, the standings 17 px. No serious finding;
    the draw's lines and the standings' rows at least 24 px, a page of rows within the screen."""
    tab = opened(browser, f"{running.base}/screen", 1280, 720)
    assert tab.locator("#standings .remark").count() > 0  # (the prizes' remarks are there to check)
    size = tab.evaluate("parseFloat(getComputedStyle(document.querySelector('.draw li')).fontSize)")
    assert size >= 24, size
    # the standings as readable as the draw (they were 17 px): each figure and name at 24 px or
    # more, the page of rows shown on the screen whole, nothing off its right edge
    sizes = tab.evaluate("[...document.querySelectorAll('#standings tbody td, #standings tbody th')]"
                         ".map(cell => parseFloat(getComputedStyle(cell).fontSize))")
    assert sizes and min(sizes) >= 24, sizes
    shown = tab.evaluate("[...document.querySelectorAll('#standings tbody tr')].filter(row => row.offsetParent)"
                         ".map(row => row.getBoundingClientRect().bottom)")
    assert len(shown) >= 5 and max(shown) <= 720, shown
    assert tab.evaluate("document.documentElement.scrollWidth") <= 1280
    tab.add_script_tag(path=str(AXE))
    assert tab.evaluate(AXE_RUN) == []
    tab.context.close()


@pytest.fixture(scope="module")
def hall(drawn: Path, tmp_path_factory: pytest.TempPathFactory):
    """The desk over the Guandan demo's round 4: 26 tables, 52 teams in the standings."""
    content = tmp_path_factory.mktemp("desk-hall") / "content"
    shutil.copytree(drawn, content)
    desk = start(content)
    yield desk
    desk.stop()


# (what a hall sees of a page: a table's line or a standings row wholly on the screen)
ON_SCREEN = """selector => [...document.querySelectorAll(selector)].filter(item => item.offsetParent).filter(item => {
    const box = item.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
})"""


def test_every_table_of_the_draw_and_every_row_of_the_standings_comes_up_on_the_hall_screen(browser, hall) -> None:
    """26 tables at 1920×1080: the draw was one list in two columns, tables 8-13 and 20-26 below
    the bottom of the screen, never seen; the standings turned a page every 8 s, the draw did not.
    The draw turns its pages with the standings, each saying which page is up (1/2)."""
    tab = opened(browser, f"{hall.base}/screen", 1920, 1080, clock=True)
    tables, rows, cues = [], [], []
    for _ in range(10):  # (turns enough for every page of each: 2 of the draw, 5 of the standings)
        tables.append(tab.evaluate(f"({ON_SCREEN})('ol.draw li').map(li => li.querySelector('.no').textContent)"))
        rows.extend(tab.evaluate(f"({ON_SCREEN})('#standings tbody tr').map(row => row.dataset.entry)"))
        cues.append(tab.evaluate("['#draw-cue', '#standings .stage .page-cue'].map(at => document.querySelector(at)?.textContent)"))
        tab.clock.run_for(8000)
    assert sorted({int(n) for page in tables for n in page}) == list(range(1, 27)), tables
    assert tables[0][0] == "1" and tables[1][0] == str(len(tables[0]) + 1)  # (a page begins where the last ended)
    assert len(set(rows)) == 52
    # each page said as it comes up: 1/2, 2/2, 1/2, ... beside the draw; 1/5 ... beside the standings
    draw_pages, standings_pages = (int(cue.split("/")[1]) for cue in cues[0])
    assert draw_pages == len({tuple(page) for page in tables}) >= 2
    assert [draw for draw, _ in cues] == [f"{n % draw_pages + 1}/{draw_pages}" for n in range(10)]
    assert [standings for _, standings in cues] == [f"{n % standings_pages + 1}/{standings_pages}" for n in range(10)]
    assert tab.evaluate("document.documentElement.scrollHeight") <= 1080  # (nothing below the screen's edge)
    tab.context.close()


def test_two_stages_each_of_several_pages_turn_them_each_saying_its_own_page(browser, tmp_path: Path) -> None:
    """The Guandan demo's Swiss (24 teams) and its knockout (8), on a 1280×600 screen: the rows
    were paged as one list, the knockout's heading and its empty table's head standing below
    the Swiss rows, past the screen's edge, and one cue for the column (4/5) put over the
    knockout's first rows. Each page now shows only the stages with rows on it, within the
    screen, and each stage's cue beside its name counts its own pages, 1/n to n/n, every row
    of each stage coming up once in a turn of the pages."""
    slug = "tongxin-guandan-2025"
    desk = start(demo_content(tmp_path, slug), slug=slug)
    try:
        tab = opened(browser, f"{desk.base}/screen", 1280, 600, clock=True)
        seen = []
        for _ in range(14):
            seen.append(tab.evaluate("""() => [...document.querySelectorAll('#standings section.stage')].map(stage => ({
                name: stage.querySelector('h2').firstChild.textContent.trim(),
                shown: !!stage.offsetParent,
                cue: stage.querySelector('.page-cue')?.textContent ?? '',
                rows: [...stage.querySelectorAll('tbody tr')].filter(row => row.offsetParent).map(row => row.dataset.entry),
                below: [...stage.querySelectorAll('tbody tr, h2')].filter(item => item.offsetParent)
                    .filter(item => item.getBoundingClientRect().bottom > innerHeight).length}))"""))
            assert tab.evaluate("document.documentElement.scrollHeight") <= 600
            tab.clock.run_for(8000)
        turn = next(n for n in range(1, 8) if seen[n:] == seen[:len(seen) - n])  # the pages, then again
        pages = seen[:turn]
        for index, name in enumerate(("瑞士移位赛", "淘汰赛")):
            own = [page[index] for page in pages if page[index]["shown"]]
            assert len(own) >= 2, (name, pages)  # (each stage needs more than one page here)
            assert [stage["cue"] for stage in own] == [f"{n}/{len(own)}" for n in range(1, len(own) + 1)], own
            rows = [entry for stage in own for entry in stage["rows"]]
            assert len(rows) == len(set(rows)) == (24 if index == 0 else 8), rows
            # a stage not on a page: not there at all (no heading over an empty table), no cue
            assert all(page[index]["rows"] == [] and page[index]["cue"] == "" for page in pages
                       if not page[index]["shown"])
        assert all(stage["rows"] and stage["below"] == 0 for page in pages for stage in page if stage["shown"]), pages
        tab.context.close()
    finally:
        desk.stop()


# (each element of the screen holding text of its own, shown, with its computed font size in px;
# not what is there for a screen reader only, clipped to a pixel: the standings' head on a phone)
TEXT_SIZES = """() => [...document.querySelectorAll('#live *')].filter(el => el.offsetParent)
    .filter(el => [...el.childNodes].some(node => node.nodeType === 3 && node.textContent.trim()))
    .filter(el => { for (let at = el; at; at = at.parentElement) if (getComputedStyle(at).clip !== 'auto') return false; return true; })
    .map(el => [el.tagName + '.' + el.className, parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 20)])"""


def test_the_hall_screen_on_a_phone_is_one_readable_column(browser, hall) -> None:
    """/screen opened on a phone at 390 px kept the hall's two columns at a share of the width:
    the round's status 5 px, the heading 9 px. One column now, every text at 14 px or more, the
    draw above the standings, every table on the page (scrolled, not turned a page at a time)."""
    tab = opened(browser, f"{hall.base}/screen", 390, 844)
    sizes = tab.evaluate(TEXT_SIZES)
    assert sizes and min(size for _, size, _ in sizes) >= 14, [s for s in sizes if s[1] < 14]
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    draw, standings = (tab.locator("#live > section").nth(i).bounding_box() for i in range(2))
    assert standings["y"] >= draw["y"] + draw["height"] - 1, (draw, standings)  # (below it, not beside it)
    lefts = tab.evaluate("[...document.querySelectorAll('ol.draw li')].filter(li => li.offsetParent)"
                         ".map(li => Math.round(li.getBoundingClientRect().left))")
    assert len(lefts) == 26 and len(set(lefts)) == 1, lefts
    assert tab.evaluate("document.querySelectorAll('#standings tbody tr.hidden-row').length") == 0
    tab.context.close()
    # the hall keeps its layout: two columns of the draw beside the standings
    tab = opened(browser, f"{hall.base}/screen", 1280, 720)
    lefts = tab.evaluate("[...document.querySelectorAll('ol.draw li')].filter(li => li.offsetParent)"
                         ".map(li => Math.round(li.getBoundingClientRect().left))")
    assert len(set(lefts)) == 2, lefts
    draw, standings = (tab.locator("#live > section").nth(i).bounding_box() for i in range(2))
    assert standings["x"] >= draw["x"] + draw["width"] - 1
    tab.context.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_tables_line_on_the_hall_screen_takes_two_lines_at_most(browser, hall, size) -> None:
    """The draw's columns broke a table's line over three lines ("T21 郝雅琴 / 范庆" above "华 —
    T13 钟振华 / 黄冬" above "梅"): a table is its number and first side on one line, the second
    side on the next, each side cut with an ellipsis where it is too long, its whole name in the
    text and in its title."""
    width, height = size
    tab = opened(browser, f"{hall.base}/screen", width, height)
    tables = tab.evaluate("""() => [...document.querySelectorAll('ol.draw li')].filter(li => li.offsetParent).map(li => {
        const style = getComputedStyle(li);
        const inner = li.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return {no: li.querySelector('.no').textContent, lines: inner / parseFloat(style.lineHeight),
                sides: [...li.querySelectorAll('.side')].map(side => [side.textContent, side.title,
                    side.getBoundingClientRect().right <= li.getBoundingClientRect().right + 1])};
    })""")
    assert len(tables) >= 10, tables
    assert all(table["lines"] <= 2.05 for table in tables), [(t["no"], t["lines"]) for t in tables if t["lines"] > 2.05]
    sides = [side for table in tables for side in table["sides"]]
    assert len(sides) == 2 * len(tables)
    assert all(text == title and re.fullmatch(r"T\d\d \S+ / \S+", text) and inside for text, title, inside in sides), sides
    tab.context.close()


def test_a_draw_one_column_holds_is_shown_in_one_its_names_whole(browser, running) -> None:
    """The 大怪路子 demo's round 7, 8 tables, each with its winner (marked 胜): in two columns the
    second stood empty while the first, beside the winners, cut every team's name to "D10 …".
    A draw the screen holds in one column is shown in one: each name whole, on two lines a table."""
    tab = opened(browser, f"{running.base}/screen", 1280, 720)
    tables = tab.evaluate("""() => [...document.querySelectorAll('ol.draw li')].filter(li => li.offsetParent).map(li => ({
        left: Math.round(li.getBoundingClientRect().left), done: !!li.querySelector('.won'),
        cut: [...li.querySelectorAll('.side')].filter(side => side.scrollWidth > side.clientWidth).map(side => side.title)}))""")
    assert len(tables) == 8 and all(table["done"] for table in tables), tables
    assert len({table["left"] for table in tables}) == 1, tables
    assert [table["cut"] for table in tables] == [[]] * 8, tables
    tab.context.close()
