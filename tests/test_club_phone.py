"""A bridge club's archive read on a phone (review 11): members with Norwegian names, who type
them in ASCII; a pair's names wrapping on a 320 px card; a member following a traveller from
their own page. The demo's club pairs event with its first pairs renamed (and its 80分 pairs
event), built twice: with the one-file search index and with a sharded one (as a large site's). Browser, server and skipping
as in test_browser.py.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.build import validate
from generator.render import search as search_module
from generator.render.html import render_site
from generator.render.output import OutputTree
from test_browser import ROOT, served

pytestmark = pytest.mark.slow

CLUB = "events/qiaoyou-club-pairs-2024"
SHENGJI = "events/hefei-80fen-pairs-2012"  # (80分 pairs: a traveller of its own)
NAMES = {  # the demo's pairs P01-P03, as a Norwegian club's
    "[卢永刚, 夏静]": '["Magne Tønnessen", "Dagfinn Iversen"]',
    "[吕丽华, 潘子涵]": '["Bjørg Jernæs", "Årstein Jernæs"]',
    "[邵晓东, 严一鸣]": '["Mette Høgdal Johannessen", "Dag Flemming Pedersen"]',
}


def club_content(folder: Path) -> Path:
    content = folder / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content)
    for event in (CLUB, SHENGJI):
        shutil.copytree(ROOT / "content" / event, content / event)
    event = content / CLUB / "event.yaml"
    text = event.read_text(encoding="utf-8")
    for old, new in NAMES.items():
        assert old in text
        text = text.replace(old, new)
    event.write_text(text, encoding="utf-8")
    return content


def build(content: Path, out: Path) -> None:
    site, results, problems = validate(content)
    out.mkdir(parents=True)
    render_site(site, results, {}, OutputTree(out))


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory):
    """The club's site served on 127.0.0.1: /small/ with the one-file index, /sharded/ with shards."""
    top = tmp_path_factory.mktemp("club")
    content = club_content(top)
    build(content, top / "small")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module, "SINGLE_INDEX_LIMIT", 0)
        patch.setattr(search_module, "SHARD_LIMIT", 2_000)
        patch.setattr(search_module, "CHUNK_RECORDS", 10)
        build(content, top / "sharded")
    assert (top / "sharded/assets/search/g-1.js").is_file() and not (top / "small/assets/search").exists()
    with served(top) as url:
        yield top, url


def opened(browser, club, path: str, width: int):  # noqa: ANN001, ANN201
    tab = browser.new_page(viewport={"width": width, "height": 844})
    tab.goto(f"{club[1]}{path}")
    tab.wait_for_load_state("load")
    return tab


@pytest.mark.parametrize("build_", ["small", "sharded"])
@pytest.mark.parametrize(("query", "name"), [("tonnessen", "Magne Tønnessen"), ("jernaes", "Bjørg Jernæs"),
                                             ("Tønnessen", "Magne Tønnessen"), ("JERNÆS", "Årstein Jernæs"),
                                             ("arstein", "Årstein Jernæs"), ("一鸣", "秦一鸣")])
def test_a_name_typed_without_its_accents_is_found_at_390_px(browser, club, build_: str, query: str, name: str) -> None:
    # "tonnessen" and "jernaes" found nothing: only Tønnessen and Jernæs, as written, matched. In
    # the sharded index the folded name's first characters pick the shard: the query's must too.
    tab = opened(browser, club, f"{build_}/index.html", 390)
    try:
        tab.fill("header form.search input[name=q]", query)
        found = tab.locator("header .search-results li a", has_text=name)
        found.first.wait_for(timeout=10_000)
        assert re.search(r"[1-9]", tab.locator("header .search-count").inner_text())
    finally:
        tab.close()


# A wrapped name's lines: the tops of each line of the names beside an entry's id, in the card
# (or a table's side) whose id link is `entry`.
NAME_LINES = """([entry, where]) => {
  const link = [...document.querySelectorAll(where + ' a')].find(a => a.textContent.trim() === entry);
  const cell = link.closest('td, .side'), names = document.createRange();
  names.setStartAfter(link);
  names.setEnd(cell, cell.childNodes.length);
  const tops = [...new Set([...names.getClientRects()].filter(r => r.width > 1).map(r => Math.round(r.top)))].sort((a, b) => a - b);
  return {tops, size: parseFloat(getComputedStyle(cell).fontSize), link: link.getBoundingClientRect().height};
}"""


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize(("page", "where"), [(f"{CLUB}/pairs/boards/1/index.html", "table.cards td"),
                                             (f"{CLUB}/entries/P14/index.html", "table.cards td"),
                                             (f"{CLUB}/entries/P14/index.html", ".sides .side")])
def test_a_wrapped_pair_name_keeps_its_lines_together_on_a_card(browser, club, page: str, where: str, width: int) -> None:
    # the names after the 44 px link were the cell's own text: the link made their first line 44 px
    # tall, and their second line sat under it a whole line apart (review 11, 320 px traveller and
    # entry page: its cards, and the line of a table's two sides above each table's boards)
    entry = "P03"
    tab = opened(browser, club, f"small/{page}", width)
    try:
        found = tab.evaluate(NAME_LINES, [entry, where])
    finally:
        tab.close()
    assert found["link"] >= 44
    if width == 320:
        assert len(found["tops"]) >= 2, found  # "Mette Høgdal Johannessen / Dag Flemming Pedersen" wraps
    steps = [b - a for a, b in zip(found["tops"], found["tops"][1:])]
    assert all(step <= 1.7 * found["size"] for step in steps), found


@pytest.mark.parametrize("width", [390, 1000])
@pytest.mark.parametrize(("event", "entry"), [(CLUB, "P03"), (SHENGJI, "P01")])
def test_a_traveller_reached_from_an_entrys_page_marks_its_own_row(browser, club, event: str, entry: str, width: int) -> None:
    # a member following a board from their pair's page had to find their row among ten by name
    tab = opened(browser, club, f"small/{event}/entries/{entry}/index.html", width)
    try:
        board = tab.locator("main table a[href*='/boards/']").first
        assert board.get_attribute("href").endswith(f"/index.html#entry-{entry}")
        board.click()
        tab.wait_for_url(f"**/boards/*/index.html#entry-{entry}")
        own = tab.locator("table.traveller tr:has(> td:target)")
        assert own.count() == 1 and own.locator("a", has_text=entry).count() == 1
        assert tab.locator("table.traveller td:target").get_attribute("id") == f"entry-{entry}"
        # not by colour alone: a frame, and the word "you" read with the cell (generated content is
        # in the accessibility tree, as the cards' data-label is)
        marks = tab.evaluate("""() => {
          const cell = document.querySelector('table.traveller td:target'), row = cell.closest('tr');
          const other = [...document.querySelectorAll('table.traveller td[id^="entry-"]')].find(td => td !== cell);
          return {after: getComputedStyle(cell, '::after').content, outline: getComputedStyle(row).outlineStyle,
                  other: getComputedStyle(other, '::after').content,
                  top: cell.closest('tr').getBoundingClientRect().top};
        }""")
        assert marks["after"] == '"\u4f60"' and marks["outline"] == "solid" and marks["other"] == "none", marks
        assert "\u4f60" in tab.locator("table.traveller td:target").aria_snapshot()
        assert -1 <= marks["top"] < 844  # its row on screen, from its round and table on
        # the round's page links its boards plainly: no entry is the reader's there
        tab.goto(f"{club[1]}small/{event}/entries/{entry}/index.html")
        round_page = tab.locator("main h3 a").first.get_attribute("href")
        tab.goto(tab.url.rsplit("/", 1)[0] + "/" + round_page)
        hrefs = tab.eval_on_selector_all("main table a[href*='/boards/']", "links => links.map(a => a.getAttribute('href'))")
        assert hrefs and not [h for h in hrefs if "#" in h]
    finally:
        tab.close()


@pytest.mark.parametrize("text", ["Сергей Воробьёв", "ЙОШКАР-ОЛА", "Ўладзімір Їжак", "Magne Tønnessen",
                                  "Åse Ødegård", "Renée Cœur", "张浩然", "한국어", "がっこう"])
def test_the_browser_folds_a_query_as_the_index_folds_its_records(browser, text: str) -> None:
    # site.js's normalise is search.py's, written again: a Cyrillic letter's marks kept (й is
    # not и) on one side only, and a query typed as the page writes it found nothing
    from generator.render.search import index_folds, normalise

    source = (ROOT / "templates/site.js").read_text(encoding="utf-8")
    function = re.search(r"function normalise\(text, fold\) \{.*?\n  \}", source, re.S)[0]
    tab = browser.new_page()
    try:
        folded = tab.evaluate(f"([text, fold]) => {{ {function}; return normalise(text, fold); }}",
                              [text, index_folds(set(normalise(text)))])
    finally:
        tab.close()
    assert folded == normalise(text)
