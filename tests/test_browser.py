"""The demo site in a real browser: headless Chromium driven by Playwright.

The site is rendered (without PDFs) into a temporary folder and served by http.server on
127.0.0.1 at a free port, started here; nothing leaves the machine. Chromium is Debian's
(`apt-get install chromium`, /usr/bin/chromium), never a browser Playwright downloads.
Without Chromium or Playwright these tests are skipped, except in CI (CI=true), where they fail.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import threading
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.build import validate
from generator.render.html import render_site
from generator.render.output import OutputTree

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
BRIDGE = "events/dongke-bridge-2015"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def unavailable(reason: str) -> None:
    """Skip on a developer's machine; in CI a missing browser is a failure, not a silent skip."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


def chromium_path() -> str | None:
    candidates = [os.environ.get("PAIBANG_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"]
    return next((c for c in candidates if c and Path(c).is_file() and os.access(c, os.X_OK)), None)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser-site") / "output"
    out.mkdir()
    site, results, _ = validate(CONTENT)
    render_site(site, results, {}, OutputTree(out))
    return out


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextmanager
def served(folder: Path):  # noqa: ANN201
    """`folder` served over HTTP on 127.0.0.1 (a port of its own) while the block runs: its URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def server(site: Path):
    with served(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    with chromium_context(tmp_path_factory.mktemp("chromium-profile"), DESKTOP) as context:
        yield context


def playwright_and_chromium():  # noqa: ANN201 - Playwright's types are optional
    """Playwright's `sync_playwright` and Debian's Chromium, for every browser test; the test is
    skipped, saying why, where either is missing (never in CI)."""
    executable = chromium_path()
    if executable is None:
        unavailable("Chromium not found (Debian: apt-get install chromium; or set PAIBANG_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the Python package 'playwright' is not installed (pip install playwright)")
    return sync_playwright, executable


@contextmanager
def chromium_context(profile: Path, viewport: dict[str, int], timeout_ms: int = 10_000):
    """Debian's Chromium in a browsing context of its own profile, for every browser test
    (skipped, with why, where Chromium or Playwright is missing: never in CI)."""
    sync_playwright, executable = playwright_and_chromium()
    with sync_playwright() as playwright:
        try:
            context = playwright.chromium.launch_persistent_context(
                str(profile), executable_path=executable, args=CHROMIUM_FLAGS, headless=True, viewport=viewport)
        except Exception as error:  # noqa: BLE001 - report why the browser did not start
            unavailable(f"Chromium at {executable} did not start: {error}")
        context.set_default_timeout(timeout_ms)
        yield context
        context.close()


@contextmanager
def chromium_browser():  # noqa: ANN201 - Playwright's types are optional
    """Debian's Chromium launched headless, for the tests that open contexts of their own sizes
    (skipped, with why, where Chromium or Playwright is missing: never in CI)."""
    sync_playwright, executable = playwright_and_chromium()
    with sync_playwright() as playwright:
        try:
            instance = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS, headless=True)
        except Exception as error:  # noqa: BLE001 - report why the browser did not start
            unavailable(f"Chromium at {executable} did not start: {error}")
        yield instance
        instance.close()


@pytest.fixture()
def page(browser):
    """A fresh tab that records console errors and uncaught exceptions."""
    tab = browser.new_page()
    tab.errors = []
    tab.on("console", lambda message: tab.errors.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.on("requestfailed", lambda request: tab.errors.append(f"failed: {request.url}"))
    yield tab
    tab.close()


def test_search_finds_a_player_by_two_chinese_characters(page, server: str) -> None:
    page.goto(server + "index.html")
    page.fill("header form.search input[name=q]", "浩然")
    result = page.locator("header .search-results a", has_text="张浩然").first
    result.wait_for()
    assert "选手" in result.inner_text()
    box = page.locator("header form.search input[name=q]")
    # a combobox (ARIA 1.2): open, and the arrow keys move the active option while focus stays in the box
    assert box.get_attribute("role") == "combobox" and box.get_attribute("aria-expanded") == "true"
    page.keyboard.press("ArrowDown")
    active = box.get_attribute("aria-activedescendant")
    assert page.evaluate("document.activeElement.id") == box.get_attribute("id")
    assert page.locator(f"#{active}").get_attribute("role") == "option"
    assert "张浩然" in page.locator(f"#{active}").inner_text()
    assert page.locator(f"#{box.get_attribute('aria-controls')}").get_attribute("role") == "listbox"
    page.keyboard.press("Enter")
    page.wait_for_url("**/players/*/index.html")
    assert page.locator("h1").inner_text() == "张浩然"
    assert "A01" in page.locator("table.history").inner_text()
    assert page.errors == []


def test_search_typed_in_traditional_characters_finds_a_simplified_name(page, server: str) -> None:
    page.goto(server + "index.html")
    page.fill("header form.search input[name=q]", "張浩")
    page.locator("header .search-results a", has_text="张浩然").first.wait_for()
    assert page.errors == []


def test_search_page_shows_every_result_of_the_query_in_its_address(page, server: str) -> None:
    page.goto(server + "search/index.html?q=" + "13级动物科学1班")
    page.locator("main .search-results li").first.wait_for()
    assert page.locator("main input[name=q]").input_value() == "13级动物科学1班"
    assert page.locator("main .search-results li").count() >= 8
    page.goto(server + "search/index.html?q=没有这个人")
    page.locator("main .search-count").wait_for()
    assert "没有找到" in page.locator("main .search-count").inner_text()
    assert page.errors == []


def test_navigation_from_the_archive_to_a_board(page, server: str) -> None:
    page.goto(server + "index.html")
    page.get_by_role("link", name="动物科学学院桥牌大赛", exact=True).click()
    page.wait_for_url(f"**/{BRIDGE}/index.html")
    page.locator("ul.stages").get_by_role("link", name="初赛").click()
    page.wait_for_url(f"**/{BRIDGE}/prelim/index.html")
    page.get_by_role("link", name="A19", exact=True).first.click()
    page.wait_for_url(f"**/{BRIDGE}/entries/A19/index.html")
    page.locator("table.summary").get_by_role("link", name="第 13 桌").click()
    page.wait_for_url(f"**/{BRIDGE}/prelim/round-1/index.html#table-13")
    table = page.locator("#table-13 table.boards")
    assert table.locator("tbody tr").count() == 8
    assert "A19" in page.locator("#table-13 .sides").inner_text()
    assert page.evaluate("document.getElementById('table-13').getBoundingClientRect().top") < 50  # scrolled to it
    assert page.errors == []


PAGES = [
    "index.html", "games/guandan/index.html", "players/index.html", "search/index.html?q=王",
    f"{BRIDGE}/index.html", f"{BRIDGE}/prelim/index.html", f"{BRIDGE}/final/round-1/index.html",
    f"{BRIDGE}/entries/A19/index.html",
    "events/tumu-guandan-2020/index.html", "events/tumu-guandan-2020/main/round-1/index.html",
    "events/tumu-guandan-2020/entries/T01/index.html",
    "events/chem-park-daguai-2016/index.html", "events/chem-park-daguai-2016/swiss/round-1/index.html",
    "events/chem-park-daguai-2016/entries/D01/index.html",
]


def existing(site: Path) -> list[str]:
    return [p for p in PAGES if (site / p.split("?")[0]).is_file()]


def test_no_console_errors_on_any_kind_of_page(page, server: str, site: Path) -> None:
    for path in existing(site):
        page.goto(server + path)
        page.wait_for_load_state("load")
        if "?q=" in path:
            page.locator("main .search-results li").first.wait_for()
        assert page.errors == [], path


def test_phone_width_has_no_horizontal_overflow(browser, server: str, site: Path, tmp_path: Path) -> None:
    tab = browser.new_page()
    tab.set_viewport_size(PHONE)
    try:
        for path in existing(site):
            tab.goto(server + path)
            tab.wait_for_load_state("load")
            overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, (path, overflow)
        # Results tables fit the screen (their rows become cards, tests/test_phone.py); a wide
        # reference grid, the movement card, scrolls inside its own named box, which the keyboard
        # reaches, instead of widening the page.
        tab.goto(server + f"{BRIDGE}/prelim/index.html")
        assert tab.locator(".scroll").first.evaluate("e => e.scrollWidth <= e.clientWidth")
        tab.goto(server + "events/qiaoyou-club-pairs-2024/pairs/index.html")
        box = tab.locator(".movement .scroll")
        assert box.evaluate("e => e.scrollWidth > e.clientWidth")
        assert box.evaluate("e => e.tabIndex") == 0 and box.get_attribute("aria-label")
        shot = tmp_path / "phone.png"
        tab.screenshot(path=str(shot), full_page=True)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        width = int.from_bytes(shot.read_bytes()[16:20], "big")
        assert width == PHONE["width"]
    finally:
        tab.close()


def test_the_site_works_opened_from_disk(page, site: Path) -> None:
    page.goto((site / "index.html").as_uri())
    page.fill("header form.search input[name=q]", "浩然")
    page.locator("header .search-results a", has_text="张浩然").first.wait_for()
    page.keyboard.press("Escape")
    page.get_by_role("link", name="动物科学学院桥牌大赛", exact=True).click()
    page.wait_for_url("**/index.html")
    assert page.locator("h1").inner_text() == "动物科学学院桥牌大赛"  # one h1: the notice's start at h2
    assert page.evaluate("getComputedStyle(document.querySelector('header.site')).borderBottomStyle") == "solid"
    assert page.errors == []


def test_printing_hides_navigation_and_search(page, server: str) -> None:
    page.goto(server + f"{BRIDGE}/prelim/index.html")
    page.emulate_media(media="print")
    assert not page.locator("header form.search").is_visible()
    assert not page.locator("nav.crumbs").is_visible()
    assert page.locator("table.standings").is_visible()


def test_a_missing_browser_skips_locally_but_fails_in_ci(monkeypatch) -> None:
    from _pytest.outcomes import Failed, Skipped

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(Skipped):
        unavailable("no chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(Failed):
        unavailable("no chromium")


TEAMS = "events/gaoxiao-bridge-teams-2024"
# Each cell's top and bottom, per row of a teams match's board table; a cell's line is where it
# sits on the card. (Empty IMP cells take no room and are left out.)
CARD_ROWS = """table => [...table.querySelectorAll('tbody tr')].map(tr => [...tr.children].filter(c => c.textContent.trim())
  .map(c => ({cls: c.className, label: c.dataset.label || '', text: c.textContent.trim(),
              top: Math.round(c.getBoundingClientRect().top), bottom: Math.round(c.getBoundingClientRect().bottom)})))"""


@pytest.mark.parametrize("path", [f"{TEAMS}/teams/round-1/index.html", f"{TEAMS}/entries/T1/index.html"])
def test_a_teams_card_gives_each_room_its_own_line_its_score_beside_it(page, server: str, path: str) -> None:
    # On a board with no vulnerability ("局况 无", board 1) the open room's contract came up
    # beside it and the grid slipped a cell: "南北分 +90 | 闭室 1♠ 南 -1", "南北分 -50 | IMP T1 4".
    page.set_viewport_size(PHONE)
    page.goto(server + path)
    rows = page.locator("table.teams.cards.gutter").first.evaluate(CARD_ROWS)
    assert len(rows) >= 8
    for cells in rows:
        board = cells[0]["text"]
        dealer, vulnerability, open_room, open_score, closed_room, closed_score, *rest = cells[1:]
        assert vulnerability["top"] == dealer["top"], board
        assert open_room["label"] == "开室" and open_room["top"] >= dealer["bottom"], (board, open_room)
        assert open_score["top"] == open_room["top"], (board, open_score)
        assert closed_room["label"] == "闭室" and closed_room["top"] >= open_room["bottom"], (board, closed_room)
        assert closed_score["top"] == closed_room["top"], (board, closed_score)
        assert all(cell["top"] >= closed_room["bottom"] for cell in rest), (board, rest)
    first = rows[0]
    assert first[2]["text"] == "无" and first[3]["text"].startswith("1NT")


@pytest.mark.parametrize("path", ["events/qiaoyou-club-pairs-2024/entries/P20/index.html",
                                  f"{BRIDGE}/final/index.html", "events/chem-park-daguai-2016/entries/D02/index.html"])
def test_card_tables_at_200_percent_text_cut_nothing(page, server: str, path: str) -> None:
    # 390 px at 200 % is 195 CSS px: "累计得分率 62.50" (a label and its figure, one unbreakable
    # run) showed "62.5", a class name "13级动物药学1" lost its end, cut by the card's box
    page.set_viewport_size({"width": 195, "height": 844})
    page.goto(server + path)
    boxes = page.locator(".scroll:has(table.cards)")
    assert boxes.count() > 0
    for i in range(boxes.count()):
        box = boxes.nth(i)
        assert box.evaluate("e => e.scrollWidth <= e.clientWidth"), (path, box.get_attribute("aria-label"))
        # every cell's text inside the box: the text seen (words for a screen reader alone, in a
        # 1 px clipped box, "刚好完成" beside "=", lie where they lie: rev55)
        assert box.evaluate("""e => [...e.querySelectorAll('td, th')].every(c => {
          const seen = document.createTreeWalker(c, NodeFilter.SHOW_TEXT, {acceptNode: n =>
            n.parentElement.closest('.visually-hidden') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
          for (let n = seen.nextNode(); n; n = seen.nextNode()) {
            const r = document.createRange(); r.selectNodeContents(n);
            if (![...r.getClientRects()].every(q => q.right <= e.getBoundingClientRect().right + 1)) return false;
          }
          return true; })""")
    if "P20" in path:
        # the figure is whole, on the line under its label
        cell = page.locator("table.boards.gutter td[data-label=累计得分率]").first
        assert cell.inner_text() == "62.50"
        assert cell.evaluate("c => c.getBoundingClientRect().height") > 40
        page.set_viewport_size(PHONE)  # where there is room, label and figure share their line
        assert cell.evaluate("c => c.getBoundingClientRect().height") < 30


def test_an_80fen_teams_card_names_each_teams_points_and_shows_no_figure_twice(page, server: str) -> None:
    # was "防守方得分 85  T08 85": the defenders' points again under a bare team id
    page.set_viewport_size(PHONE)
    page.goto(server + "events/hefei-80fen-teams-2012/teams/round-1/index.html")
    shown = page.locator("table.shengji.gutter").first.evaluate("""t => [...t.querySelectorAll('tbody tr')].map(tr =>
      [...tr.querySelectorAll('td')].filter(c => c.getBoundingClientRect().width > 1).map(c => (c.dataset.label || '') + ' ' + c.innerText.trim()))""")
    assert shown[0] == ["庄位 北", "阶数 2", "开室 庄家 T01", "防守方得分 85", "闭室 庄家 T08", "防守方得分 130",
                        "净得分差（主队） +45", "比赛分 T01 4", "比赛分 T08 0"]  # (a 0 was blank, as if not played)
    headers = page.locator("table.shengji.gutter thead tr").nth(1).locator("th").all_inner_texts()
    assert headers[:4] == ["庄家", "防守方得分", "T01 得分", "T08 得分"]
    # a team's points that differ from the defenders' points are shown, named by room and team
    labels = page.locator("table.shengji.gutter td[data-label$=' 得分']:not(:empty)").evaluate_all(
        "cells => cells.filter(c => c.getBoundingClientRect().width > 1).map(c => c.dataset.label)")
    assert all(re.fullmatch(r"[开闭]室 T0\d 得分", label) for label in labels)


def test_a_daguai_card_shows_each_pair_of_figures_on_a_line_named_by_room(page, server: str) -> None:
    # "本副 D02 3" ended the closed room's line, "本副 D07 5" the next; a room's figures were
    # labelled with a bare team id
    page.set_viewport_size(PHONE)
    page.goto(server + "events/chem-park-daguai-2016/swiss/round-1/index.html")
    rows = page.locator("table.daguai.gutter").first.evaluate(CARD_ROWS)
    for cells in rows:
        figures = [c for c in cells if "num" in c["cls"].split() and c is not cells[0]]
        assert [c["label"] for c in figures] == ["开室 D02", "开室 D07", "闭室 D02", "闭室 D07", "本副 D02", "本副 D07"]
        for first, second in zip(figures[::2], figures[1::2]):
            assert first["top"] == second["top"], (cells[0]["text"], first, second)
        assert figures[4]["top"] > figures[3]["top"]


RUTER = ROOT.parent / "shared" / "data" / "real-pbn" / "ruter71_butler.pbn"


@pytest.mark.skipif(not RUTER.is_file(), reason="shared/data/real-pbn is not here")
def test_a_traveller_card_keeps_its_direction_on_one_line_beside_a_long_pair_name(page, tmp_path: Path) -> None:
    # The Ruter night's board 1 at 390 px: "NS" broke into "N" above "S" beside "P12 Mette Høgdal
    # Johannessen / Dag Flemming Pedersen" (the label, a flex item of the named cell, shrank). Each
    # pair's link stands as far from its cell's start as every other's: the label is as wide.
    from generator.cli import main

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    assert main(["import", "ruter", str(RUTER), "--content", str(content)]) == 0
    site, results, _ = validate(content)
    out = tmp_path / "output"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    page.set_viewport_size(PHONE)
    page.goto((out / "events/ruter/pairs/boards/1/index.html").as_uri())
    offsets = page.locator("table.traveller").first.evaluate("""t => Object.fromEntries(
          [...t.querySelectorAll('td.named[data-label]')].map(c => [c.querySelector('a').textContent.trim() + ' ' + c.dataset.label,
            Math.round(c.querySelector('a').getBoundingClientRect().left - c.getBoundingClientRect().left)]))""")
    assert offsets["P12 NS"] == offsets["P1 NS"] == offsets["P3 NS"], offsets
    assert len(set(offsets.values())) <= 2, offsets  # an NS, an EW
