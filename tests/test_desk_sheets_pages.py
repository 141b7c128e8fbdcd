"""The score-sheets page of a round at a mass event's size (generator/desk/sheet_pages.py): a new
round of 1,000 tables was one page of 1,000 QR codes (2.1 MB, half a minute of nothing on the
secretary's screen). A round of more than 100 tables shows its sheets 50 a page, with links to
the other pages and a box to go to a table, every table on some page, each code its own table's
link; the whole round's PDF is still one link. A round of 100 or fewer is shown whole, as before."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from tests.test_desk_live_size import ask
from tests.support import withdraw
from tests.test_desk_mass_pages import desk_of, guandan_swiss


def sheets_of(page: str) -> dict[int, tuple[str, str]]:
    """Each sheet on the page: its table's number -> (its QR code's SVG, the link printed beside it)."""
    found = re.findall(r'<div class="sheet"(?: id="sheet-(\d+)")?>\n(<svg.*?</svg>)\n<div>\n<h2>[^<]*?\u7b2c (\d+) \u684c'
                       r'.*?<p class="link">([^<]+)</p>', page, re.S)
    sheets = {}
    for anchor, svg, table, link in found:
        assert not anchor or anchor == table, (anchor, table)  # (the box's anchor is its own table's)
        sheets[int(table)] = (svg, link.replace("&amp;", "&"))
    assert len(sheets) == page.count('<div class="sheet"'), "a sheet not read"
    return sheets


def code_of(link: str) -> str:
    """The QR code a table's link makes, made here afresh (not the desk's kept one)."""
    import segno

    return segno.make(link, error="m").svg_inline(scale=3, border=2)


@pytest.fixture(scope="module")
def mass(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """240 teams: 120 tables in round 1, none entered."""
    desk, app = desk_of(guandan_swiss(tmp_path_factory.mktemp("sheets"), 240, 0))
    return desk, app, {"Cookie": f"{desk.cookie}={desk.start_session()}"}


def get(app, path: str, cookie: dict[str, str]) -> tuple[int, dict[str, str], str]:  # noqa: ANN001
    status, headers, body = ask(app, path, cookie)
    return status, headers, body.decode()


def test_a_large_rounds_sheets_are_shown_a_page_at_a_time_each_table_on_one_page(mass) -> None:  # noqa: ANN001
    desk, app, cookie = mass
    base = f"{desk.prefix}/admin/sheets/main/1"
    status, _headers, page = get(app, base, cookie)
    assert status == 200
    first = sheets_of(page)
    assert sorted(first) == list(range(1, 51))
    assert "\u7b2c 1/3 \u9875" in page and "\u672c\u9875\u4e3a\u7b2c 1\u201350 \u684c" in page  # page 1 of 3: tables 1-50
    # the PDF is the whole round's, all 120 tables, one link (not this page's 50)
    pdf = re.findall(r'<a href="([^"]*/print\.pdf[^"]*)">([^<]*)</a>', page)
    assert pdf == [(f"{base}/print.pdf", pdf[0][1])] and "\u6574\u8f6e" in pdf[0][1] and "120 \u684c" in pdf[0][1]
    # every page linked from the first, each followed: every table's sheet on exactly one page,
    # each code its own table's link
    links = sorted(set(re.findall(r'<a href="([^"]*\?page=\d+)">', page)))
    assert [urllib.parse.urlsplit(link.replace("&amp;", "&")).query for link in links] == ["page=2", "page=3"]
    seen = dict(first)
    for link in links:
        status, _headers, other = get(app, link.replace("&amp;", "&"), cookie)
        assert status == 200
        sheets = sheets_of(other)
        assert not set(sheets) & set(seen), "a table on two pages"
        seen.update(sheets)
    assert sorted(seen) == list(range(1, 121))
    for table, (svg, link) in seen.items():
        assert link == desk.link(f"main/1/{table}") and svg == code_of(link), table
    # a page past the last is the last
    status, _headers, page = get(app, f"{base}?page=99", cookie)
    assert sorted(sheets_of(page)) == list(range(101, 121))


def test_a_table_typed_in_the_box_opens_the_page_of_its_sheet_at_it(mass) -> None:  # noqa: ANN001
    desk, app, cookie = mass
    base = f"{desk.prefix}/admin/sheets/main/1"
    status, _headers, page = get(app, base, cookie)
    form = re.search(r'<form method="get" action="([^"]+)"[^>]*id="find-sheet">.*?name="(\w+)"', page, re.S)
    assert form and form.group(1) == base
    status, headers, _page = get(app, f"{base}?{form.group(2)}=75", cookie)
    assert status == 303 and headers["location"] == f"{base}?page=2#sheet-75"
    status, _headers, page = get(app, f"{base}?page=2", cookie)
    assert 'id="sheet-75"' in page and 75 in sheets_of(page)
    # a table the round has none of: said, on the page, nothing else asked for
    status, _headers, page = get(app, f"{base}?{form.group(2)}=121", cookie)
    assert status == 200 and "\u7b2c 1 \u8f6e\u6ca1\u6709\u7b2c 121 \u684c" in page
    assert sorted(sheets_of(page)) == list(range(1, 51))


def test_a_round_of_100_tables_or_fewer_is_shown_whole_as_before(tmp_path: Path) -> None:
    desk, app = desk_of(guandan_swiss(tmp_path, 200, 0))
    cookie = {"Cookie": f"{desk.cookie}={desk.start_session()}"}
    base = f"{desk.prefix}/admin/sheets/main/1"
    for query in ("", "?page=2"):
        status, _headers, page = get(app, f"{base}{query}", cookie)
        assert status == 200
        sheets = sheets_of(page)
        assert sorted(sheets) == list(range(1, 101)) and sheets[100][1] == desk.link("main/1/100")
        assert 'id="sheet-' not in page and "find-sheet" not in page and "?page=" not in page
        assert "\u6574\u8f6e" not in page  # (its PDF link as it was: "打印记分表（PDF…")


def test_a_withdrawal_between_two_pages_printed_skips_no_table(tmp_path: Path) -> None:
    # Pages are cut by the round's tables, played or not: table 6's team withdrawn after page 1
    # was printed moved table 51 onto page 1 (already printed) when the pages were cut among the
    # sheets alone, and table 51 was printed on no page (rev82)
    content = guandan_swiss(tmp_path, 240, 0)
    desk, app = desk_of(content)
    cookie = {"Cookie": f"{desk.cookie}={desk.start_session()}"}
    base = f"{desk.prefix}/admin/sheets/main/1"
    printed = set(sheets_of(get(app, base, cookie)[2]))
    assert printed == set(range(1, 51))
    withdraw(content / "events" / "mass", "T11", 1)
    desk.load()
    status, _headers, page = get(app, f"{base}?page=2", cookie)
    assert status == 200 and sorted(sheets_of(page)) == list(range(51, 101))
    assert "\u672c\u9875\u4e3a\u7b2c 51\u2013100 \u684c" in page  # this page: tables 51-100
    printed |= set(sheets_of(page)) | set(sheets_of(get(app, f"{base}?page=3", cookie)[2]))
    assert printed == set(range(1, 121))
    # page 1 now: its 49 sheets played, table 6 not there (its link answers 410)
    assert sorted(sheets_of(get(app, base, cookie)[2])) == [n for n in range(1, 51) if n != 6]
    # table 6 typed in the box: said not played, its withdrawn team named (not "no table 6")
    status, _headers, page = get(app, f"{base}?go=6", cookie)
    assert status == 200 and "\u7b2c 1 \u8f6e\u7b2c 6 \u684c\u4e0d\u6253\uff08T11 \u5df2\u9000\u8d5b\uff09" in page
    assert "\u6ca1\u6709\u7b2c 6 \u684c" not in page


def test_the_box_reads_full_width_digits_and_a_page_far_past_the_last_is_the_last(mass) -> None:  # noqa: ANN001
    desk, app, cookie = mass
    base = f"{desk.prefix}/admin/sheets/main/1"
    # \uff17\uff15 as a Chinese input method types 75
    status, headers, _page = get(app, f"{base}?go=%EF%BC%97%EF%BC%95", cookie)
    assert status == 303 and headers["location"] == f"{base}?page=2#sheet-75"
    for page in ("99", "99999999999999"):
        assert sorted(sheets_of(get(app, f"{base}?page={page}", cookie)[2])) == list(range(101, 121)), page


@pytest.fixture(scope="module")
def first_page(mass) -> str:  # noqa: ANN001
    """The mass round's first sheets page, asked for before the browser starts (Playwright's loop
    in this thread would stop the app's asyncio.run)."""
    desk, app, cookie = mass
    return get(app, f"{desk.prefix}/admin/sheets/main/1", cookie)[2]


def test_printing_a_page_prints_its_sheets_and_nothing_of_the_navigation(first_page, browser) -> None:  # noqa: ANN001
    # form.find's display: flex, more specific than .noprint's display: none, printed the box (rev82)
    page = first_page
    view = browser.new_page()
    try:
        view.set_content(page)
        view.emulate_media(media="print")
        shown = view.evaluate("""() => [...document.querySelectorAll('#find-sheet, nav.pages, #sheets-shown, .sheet')]
            .map(e => [e.classList.contains('sheet') ? 'sheet' : e.id || e.className, getComputedStyle(e).display])""")
    finally:
        view.close()
    hidden = {name: display for name, display in shown if name != "sheet"}
    assert len(hidden) == 3 and set(hidden.values()) == {"none"}, hidden  # (the two navs are one name)
    assert sum(1 for name, display in shown if name == "sheet" and display != "none") == 50
