"""Every results table in a hand, and for a screen reader.

At phone width a table of class "cards" shows each row as a card (style.css): its rows and cells
get `display: block/flex`, and Safari/iOS VoiceOver (some Chrome versions too) then drop the
table's semantics, no "row 3, column 2", no column header read with a cell. The card tables carry
explicit ARIA roles so that they keep them (Adrian Roselli's "Tables, CSS Display Properties, and
ARIA"), written where their markup is: the templates and the row writers (render/rows_bridge.py,
rows_tables.py, html.py's standings, history, summary rows and deal log). Debian's Chromium keeps
a table's semantics either way, so the built pages and the templates are read for the roles, and
the browser for what a screen reader is given at 390 px, as at
desktop width. And a stage's round links: one line at 390 px, scrolling, not two.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import rendered_demo
from test_browser import chromium_browser, served

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
STYLE = TEMPLATES / "style.css"
ROLE_OF = {"table": "table", "thead": "rowgroup", "tbody": "rowgroup", "tfoot": "rowgroup", "tr": "row", "td": "cell"}
TAG = re.compile(r"<(table|thead|tbody|tfoot|tr|th|td)(?=[\s>{])([^>]*)>")  # ({: a template's {% if %})
CARD_TABLE = re.compile(r'<table class="(?:[^"]*\s)?cards(?:\s[^"]*)?"[^>]*>.*?</table>', re.S)
# A standings table, a bridge traveller, a Guandan round's deal log, an 80分 teams table.
READ = {
    "standings": "events/dongke-bridge-2015/prelim/index.html",
    "traveller": "events/qiaoyou-club-pairs-2024/pairs/boards/1/index.html",
    "guandan": "events/tumu-guandan-2020/main/round-1/index.html",
    "shengji": "events/hefei-80fen-teams-2012/teams/round-1/index.html",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rendered_demo(tmp_path_factory.mktemp("a11y-tables"), "zh-Hans")


def test_card_classes_are_the_only_tables_styled_out_of_table_display() -> None:
    """The phone rules that take rows and cells out of table display are all `table.cards`'s: a
    table given a card layout otherwise would get no roles."""
    phone = re.sub(r"/\*.*?\*/", "", STYLE.read_text(encoding="utf-8"), flags=re.S)
    found = 0
    for block in re.findall(r"@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)\s*\}", phone):
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", block):
            if not re.search(r"display:\s*(block|flex|grid|inline)", body):
                continue
            for selector in selectors.split(","):
                # (the selector's subject a table's part: "table a" is a link's)
                if re.search(r"(^|[\s>+~])(table|thead|tbody|tfoot|tr|th|td)([.:\[][^\s>+~]*)?$", selector.strip()):
                    assert selector.strip().startswith("table.cards"), selector
                    found += 1
    assert found >= 4  # (table, its row groups, rows, cells: when written)


def test_every_card_table_of_the_built_site_has_its_roles(site: Path) -> None:
    """Every tag of every card table on every page has its role: the table, its row groups, rows,
    column headers (the head's), row headers (a board, an entry, a total) and cells; no other
    table has any (reference grids keep their native semantics)."""
    tables = 0
    for path in site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        found, missing = card_tables_read(html)
        assert not missing, (path.relative_to(site), missing[:3])
        tables += found
        for other in re.findall(r"<table(?![^>]*\bcards\b)[^>]*>.*?</table>", html, re.S):
            assert " role=" not in re.sub(r"<(?!/?(table|thead|tbody|tfoot|tr|th|td)[\s>])[^>]*>", "", other), \
                path.relative_to(site)
    assert tables > 1000  # (every results table of the demo: 1702 when written)


def card_tables_read(html: str) -> tuple[int, list[tuple[str, str]]]:
    """How many card tables `html` has, and each tag of theirs without its role (name, attributes)."""
    tables, missing = 0, []
    for table in CARD_TABLE.findall(html):
        tables += 1
        in_head = False
        for name, attributes in TAG.findall(table):
            in_head = (name == "thead") or (in_head and name not in ("tbody", "tfoot"))
            if name == "th":
                wanted = "columnheader" if in_head else "rowheader"
            else:
                wanted = ROLE_OF[name]
            if f' role="{wanted}"' not in attributes:
                missing.append((name, attributes))
    return tables, missing


def test_every_card_table_a_template_writes_has_its_roles() -> None:
    """The templates' card tables (the site's and the desk's live standings) as written: every tag
    has its role, those the row writers write in them too (the built site's test, above)."""
    tables = 0
    for path in sorted(TEMPLATES.rglob("*.html")):
        found, missing = card_tables_read(path.read_text(encoding="utf-8"))
        assert not missing, (path.relative_to(TEMPLATES), missing)
        tables += found
    # (16 when written, the desk's standings one; 9 since render/rows_tables.py writes a played 80分
    # table's (pairs, team match), a played Da Guai match's and a Guandan deal log's markup, and
    # rows_bridge.py the seed's table and a played bridge team match's, read with the other Python
    # writers' in the built site's test)
    assert tables >= 9
    assert card_tables_read('<table class="list cards"><tr><td role="cell">1</td><td>2</td></tr></table>') == \
        (1, [("table", ' class="list cards"'), ("tr", ""), ("td", "")])


def read_table(tab, width: int) -> str:  # noqa: ANN001 (a Playwright page)
    """What a screen reader is given of the page's first card table (its deal logs opened)."""
    tab.set_viewport_size({"width": width, "height": 844})
    tab.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    return tab.locator("table.cards").first.aria_snapshot()


@pytest.mark.slow
def test_a_card_table_is_read_as_a_table_at_390_px_as_at_desktop(site: Path) -> None:
    """At 390 px (cards) a standings table, a traveller, a Guandan deal log and an 80分 table are
    a table named by its caption, its head's column headers, and rows whose every cell is read as a
    cell or a row's header; at 1280 px a screen reader is given exactly the same."""
    with chromium_browser() as browser, served(site) as base:
        tab = browser.new_page(viewport={"width": 390, "height": 844})
        for kind, path in READ.items():
            tab.set_viewport_size({"width": 390, "height": 844})
            tab.goto(base + path)
            assert tab.evaluate("getComputedStyle(document.querySelector('table.cards tr')).display") == "flex", kind
            phone = read_table(tab, 390)
            lines = phone.splitlines()
            assert re.match(r'- table "[^"]+":$', lines[0]), (kind, lines[0])
            heads = [line for line in lines if line.lstrip().startswith("- columnheader")]
            assert len(heads) >= 4, (kind, heads)
            rows = re.split(r"\n\s*- row\b", phone)[2:]  # the body's rows, after the head's
            assert rows, kind
            table = tab.locator("table.cards").first
            first_body_row = table.locator("tbody tr").first
            cells = first_body_row.get_by_role("cell").count() + first_body_row.get_by_role("rowheader").count()
            assert cells >= 3 and cells == first_body_row.locator("td, th").count(), (kind, cells)
            # a header heard with its cells: one the body's cells stand under, by name
            assert table.get_by_role("columnheader").first.inner_text().strip(), kind
            assert read_table(tab, 1280) == phone, kind
        tab.close()


@pytest.mark.slow
def test_a_stage_s_round_links_take_one_line_at_390_px(site: Path) -> None:
    """The club evening's nine rounds (rev55: two lines at 390 px) a line that scrolls sideways,
    the page itself not; every link 44 px tall and reachable."""
    with chromium_browser() as browser, served(site) as base:
        tab = browser.new_page(viewport={"width": 390, "height": 844})
        tab.goto(base + "events/qiaoyou-club-pairs-2024/pairs/index.html")
        links = tab.locator("nav.strip a")
        assert links.count() == 9
        tops = {round(box["y"]) for box in links.evaluate_all("as => as.map(a => a.getBoundingClientRect().toJSON())")}
        assert len(tops) == 1, tops
        assert tab.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert tab.evaluate("(n => n.scrollWidth > n.clientWidth)(document.querySelector('nav.strip'))")
        last = links.nth(8)
        last.scroll_into_view_if_needed()
        box = last.bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 390
        tab.set_viewport_size({"width": 1280, "height": 900})
        assert len({round(b["y"]) for b in links.evaluate_all("as => as.map(a => a.getBoundingClientRect().toJSON())")}) == 1
        tab.close()
