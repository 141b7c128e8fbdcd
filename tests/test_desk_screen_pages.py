"""The hall's screen over a mass round: its draw sent a page of tables at a time (30), which page is
up said (第 3/4 页), and the page the screen asks for next named in the page (data-next), the
first after the last; a small round's draw is sent whole, as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_desk_mass_pages import desk_of, get, guandan_swiss


def draw_numbers(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li><span class="no">(\d+)</span>', page)]


@pytest.fixture(scope="module")
def mass(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """200 teams: 100 tables in round 1, the first 10 entered (the round the hall plays)."""
    return desk_of(guandan_swiss(tmp_path_factory.mktemp("screen-pages"), 200, 10))


def test_a_mass_rounds_third_page_shows_tables_61_to_90_and_names_the_fourth(mass) -> None:  # noqa: ANN001
    _desk, app = mass
    _status, _headers, page = get(app, "/screen?page=3")
    assert draw_numbers(page) == list(range(61, 91))
    assert '<span class="page-cue" id="draw-page">\u7b2c 3/4 \u9875</span>' in page
    assert '<ol class="draw" data-next="?page=4">' in page and 'href="?page=4" rel="next"' in page
    # the fragment the screen fetches when it turns is the same page
    _status, _headers, part = get(app, "/screen?page=3&part=1")
    assert draw_numbers(part) == list(range(61, 91)) and 'data-next="?page=4"' in part


def test_the_last_page_holds_the_rest_and_turns_back_to_the_first(mass) -> None:  # noqa: ANN001
    _desk, app = mass
    _status, _headers, page = get(app, "/screen?page=4&part=1")
    assert draw_numbers(page) == list(range(91, 101))
    assert "\u7b2c 4/4 \u9875" in page and 'data-next="?page=1"' in page
    # a page past the last is the last; none, or not a number, the first
    _status, _headers, page = get(app, "/screen?page=99&part=1")
    assert draw_numbers(page) == list(range(91, 101))
    for query in ("", "?page=x", "?page=0", "?page=%C2%B2"):
        _status, _headers, page = get(app, f"/screen{query}")
        assert draw_numbers(page) == list(range(1, 31)) and 'data-next="?page=2"' in page, query


def test_the_standings_on_every_page_of_the_draw_are_the_same(mass) -> None:  # noqa: ANN001
    _desk, app = mass
    pages = [get(app, f"/screen?page={n}&part=1")[2] for n in (1, 2)]
    standings = [page[page.index('id="standings"'):] for page in pages]
    assert standings[0] == standings[1] and "\u5df2\u5f55 10/100 \u684c" in standings[0]


def test_a_ten_table_round_is_shown_whole_as_before(tmp_path: Path) -> None:
    _desk, app = desk_of(guandan_swiss(tmp_path, 20, 0))
    _status, _headers, page = get(app, "/screen?part=1")
    assert draw_numbers(page) == list(range(1, 11))
    assert "data-next" not in page and 'id="draw-page"' not in page and 'rel="next"' not in page
    assert '<ol class="draw">' in page and '<span class="page-cue" id="draw-cue"></span>' in page
    # a page asked for is the one page there is
    _status, _headers, again = get(app, "/screen?page=3")
    assert draw_numbers(again) == list(range(1, 11))


def test_a_round_of_forty_tables_is_still_one_page_and_of_forty_one_two(tmp_path: Path) -> None:
    from generator.desk.app import DRAW_ALL_UP_TO, DRAW_PAGE_TABLES

    _desk, app = desk_of(guandan_swiss(tmp_path / "a", 2 * DRAW_ALL_UP_TO, 0))
    _status, _headers, page = get(app, "/screen?part=1")
    assert draw_numbers(page) == list(range(1, DRAW_ALL_UP_TO + 1)) and "data-next" not in page
    _desk, app = desk_of(guandan_swiss(tmp_path / "b", 2 * DRAW_ALL_UP_TO + 2, 0))
    _status, _headers, page = get(app, "/screen?page=2&part=1")
    assert draw_numbers(page) == list(range(DRAW_PAGE_TABLES + 1, DRAW_ALL_UP_TO + 2))
    assert "\u7b2c 2/2 \u9875" in page and 'data-next="?page=1"' in page


# (what a hall sees of the draw: the numbers of the tables wholly on the screen)
DRAW_ON_SCREEN = """() => [...document.querySelectorAll('ol.draw li')].filter(item => item.offsetParent).filter(item => {
    const box = item.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}).map(li => Number(li.querySelector('.no').textContent))"""


@pytest.mark.slow
def test_the_hall_screen_turns_through_every_page_of_a_mass_draw_and_round_again(browser, tmp_path: Path) -> None:  # noqa: ANN001
    """At 1920x1080, the timers under the test's hand: each 8 s turn shows the next screenful of
    the page, and after a page's last the next page is fetched and shown, 第 4/4 页 followed by
    第 1/4 页; every table of the 100 comes up, each page's tables under its own cue."""
    from tests.test_desk import start

    desk = start(guandan_swiss(tmp_path, 200, 10), slug="mass")
    try:
        tab = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        tab.clock.install()
        tab.goto(f"{desk.base}/screen")
        tab.wait_for_load_state("load")
        seen: dict[int, set[int]] = {}
        cues = []
        for _ in range(40):  # (bounded: far more turns than 4 pages of a few screenfuls each)
            cue = tab.evaluate("document.getElementById('draw-page').textContent")
            page = int(re.search(r"(\d)/4", cue).group(1))
            if not cues or cues[-1] != page:
                cues.append(page)
            seen.setdefault(page, set()).update(tab.evaluate(DRAW_ON_SCREEN))
            if len(cues) > 5:
                break
            tab.clock.run_for(8000)
            for _ in range(100):  # (the next page's fetch, real time: up to 5 s)
                if tab.evaluate("document.getElementById('draw-page').textContent") != cue:
                    break
                shown = tab.evaluate(DRAW_ON_SCREEN)
                if shown and shown != sorted(seen[page]) and not set(shown) <= seen[page]:
                    break
                tab.wait_for_timeout(50)
        assert cues[:6] == [1, 2, 3, 4, 1, 2], cues
        for page, numbers in seen.items():
            assert numbers == set(range(30 * page - 29, min(30 * page, 100) + 1)), (page, sorted(numbers))
        assert "page=" in tab.evaluate("location.search")
        tab.context.close()
    finally:
        desk.stop()

