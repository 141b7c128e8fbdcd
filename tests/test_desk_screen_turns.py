"""The hall's screen over a mass round while results come in, at 1920x1080 (and 1280x720): an
update (a save every few seconds) refreshes the page shown in place and the screen keeps turning
from where it was (every update sent it back to tables 1-14); a table's winner beside it never
cuts a team's number ("T116\u2026"); a page's short last screenful is up for less time than a
full one (2 tables stood 8 s as 14 did)."""

from __future__ import annotations

import re

import pytest

from tests.test_desk_mass_pages import guandan_swiss
from tests.test_desk_screen_pages import DRAW_ON_SCREEN

pytestmark = pytest.mark.slow

# what the live view does on an update (_live.html): the fragment fetched again, swapped in
UPDATE = """async () => {
    const asked = new URLSearchParams(location.search); asked.set('part', '1');
    const html = await (await fetch(location.pathname + '?' + asked.toString())).text();
    document.getElementById('live').innerHTML = html;
    document.dispatchEvent(new Event('desk-updated'));
}"""
CUES = "['draw-page', 'draw-cue'].map(id => document.getElementById(id).textContent)"


def paused(tab) -> None:  # noqa: ANN001
    """The page's time stopped a moment from now. Until then it runs in real time: under load the
    moment may be past before Playwright gets there ("Cannot fast-forward to the past"), so it is
    asked again a little further on."""
    from playwright.sync_api import Error

    for margin in (50, 250, 1000):
        try:
            tab.clock.pause_at((tab.evaluate("Date.now()") + margin) / 1000)  # (seconds to Playwright)
            return
        except Error as error:
            if "to the past" not in str(error):
                raise
    pytest.fail("the page's clock could not be paused within a second of now")


def opened(browser, url: str, width: int, height: int):  # noqa: ANN001, ANN201
    tab = browser.new_context(viewport={"width": width, "height": height}).new_page()
    tab.clock.install()
    tab.goto(url)
    tab.wait_for_load_state("load")
    return tab


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """200 teams: 100 tables, the first 10 entered."""
    from tests.test_desk import start

    desk = start(guandan_swiss(tmp_path_factory.mktemp("turns"), 200, 10), slug="mass")
    yield desk
    desk.stop()


def test_an_update_keeps_the_page_and_screenful_shown_and_the_turning_goes_on(browser, hall) -> None:  # noqa: ANN001
    """At 1920x900 a page of 30 tables is three screenfuls: updates while the second is up leave
    it up, and the third follows on time."""
    tab = opened(browser, f"{hall.base}/screen", 1920, 900)
    # (the page's time stopped: it goes on only by run_for, however long the fetches take)
    paused(tab)
    first = tab.evaluate(DRAW_ON_SCREEN)
    assert first[0] == 1 and len(first) >= 8, first
    tab.clock.run_for(8000)
    second = tab.evaluate(DRAW_ON_SCREEN)
    cues = tab.evaluate(CUES)
    assert second[0] == first[-1] + 1 and cues[0] == "\u7b2c 1/4 \u9875" and cues[1].startswith("2/"), (second, cues)
    for _ in range(3):  # (saves every few seconds: each an update)
        tab.evaluate(UPDATE)
        tab.clock.run_for(1500)
        assert tab.evaluate(DRAW_ON_SCREEN) == second and tab.evaluate(CUES) == cues
    # the timer left running: 8 s after the second screenful came up, the third
    tab.clock.run_for(3500)
    third = tab.evaluate(DRAW_ON_SCREEN)
    assert third and third[0] == second[-1] + 1, (second, third)
    tab.context.close()


def test_a_short_last_screenful_is_up_in_proportion_and_the_next_page_follows(browser, hall) -> None:  # noqa: ANN001
    """A page of 30 tables at 1920x900: 11, 12 and then 7 tables (measured), the last up for 7/12
    of the 8 s (2 s at least) before the next page is asked for; it stood 8 s."""
    tab = opened(browser, f"{hall.base}/screen", 1920, 900)
    # (when each screenful came up, and the next page was asked for, by the page's own clock)
    tab.evaluate("""() => { window.seen = [[Date.now(), document.getElementById('draw-cue').textContent,
            document.querySelectorAll('ol.draw li:not(.hidden-row)').length]];
        new MutationObserver(() => seen.push([Date.now(), document.getElementById('draw-cue').textContent,
            document.querySelectorAll('ol.draw li:not(.hidden-row)').length]))
            .observe(document.getElementById('draw-cue'), {childList: true, characterData: true, subtree: true});
        document.addEventListener('desk-turn', () => seen.push([Date.now(), 'turn', 0])); }""")
    for _ in range(4):
        tab.clock.run_for(6000)
    seen = tab.evaluate("seen")
    cues = [cue for _, cue, _ in seen]
    assert cues[:4] == ["1/3", "2/3", "3/3", "turn"], seen
    counts = [count for _, _, count in seen[:3]]
    assert sum(counts) == 30 and counts[2] < max(counts), counts
    times = [at for at, _, _ in seen[:4]]
    # the full screenfuls 8 s each; the last in proportion to its tables
    assert times[2] - times[1] == 8000
    assert times[3] - times[2] == max(2000, round(8000 * counts[2] / max(counts))) < 8000, seen
    for _ in range(100):  # (the next page's fetch, real time)
        if tab.evaluate(CUES)[0] == "\u7b2c 2/4 \u9875":
            break
        tab.wait_for_timeout(50)
    assert tab.evaluate(CUES)[0] == "\u7b2c 2/4 \u9875" and tab.evaluate(DRAW_ON_SCREEN)[0] == 31
    tab.context.close()


@pytest.fixture(scope="module")
def thousands(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """2,000 teams: 1,000 tables, the first 540 entered (tables 511-540: teams T1021-T1080)."""
    from tests.test_desk import start

    content = guandan_swiss(tmp_path_factory.mktemp("thousands"), 2000, 540)
    # players' names of four characters, as a real field's are (甲1021 / 乙1021 left room to spare)
    event = content / "events" / "mass" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("[\u7532", "[\u6b27\u9633\u660e\u534e")
                     .replace(", \u4e59", ", \u53f8\u9a6c\u6653\u4e1c"), encoding="utf-8")
    # tables 512, 514, ... 540 with their winner seated second (the mark beside either side)
    results = content / "events" / "mass" / "results" / "round-1.yaml"
    text = results.read_text(encoding="utf-8")
    for n in range(512, 541, 2):
        text = text.replace(f"teams: [T{2 * n - 1}, T{2 * n}]", f"teams: [T{2 * n}, T{2 * n - 1}]")
    results.write_text(text, encoding="utf-8")
    desk = start(content, slug="mass")
    yield desk
    desk.stop()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (390, 844)])
def test_a_winner_beside_a_table_never_cuts_its_teams_numbers(browser, thousands, size) -> None:  # noqa: ANN001
    tab = opened(browser, f"{thousands.base}/screen?page=18", *size)
    # each side's team number (its first word) and whether it is whole within what the side shows
    sides = tab.evaluate("""() => [...document.querySelectorAll('ol.draw li')].filter(li => li.offsetParent).map(li => ({
        done: li.querySelector('.done')?.textContent ?? '',
        ids: [...li.querySelectorAll('.side')].map(side => {
            const walker = document.createTreeWalker(side, NodeFilter.SHOW_TEXT);
            let text = walker.nextNode();
            while (text && !text.textContent.trim()) text = walker.nextNode();
            // (cut: an element around it, up to the side, cut short with an ellipsis that leaves
            // no room for the number and the ellipsis after it; the number is the side's first word)
            const word = text.textContent.trim().split(' ')[0];
            const width = (what, at) => {
                const probe = document.createElement('span');
                probe.textContent = what; probe.style.cssText = 'position: absolute; visibility: hidden; white-space: nowrap';
                at.appendChild(probe);
                const found = probe.getBoundingClientRect().width;
                probe.remove();
                return found;
            };
            let whole = true;
            for (let at = text.parentElement; at && at !== li; at = at.parentElement) {
                const cutting = getComputedStyle(at).textOverflow === 'ellipsis' && at.scrollWidth > at.clientWidth;
                if (cutting && width(word, at) + width('\u2026', at) > at.clientWidth) whole = false;
            }
            return [word, whole];
        })}))""")
    assert len(sides) >= 6 and all(side["done"] == "" for side in sides), sides
    ids = [one for side in sides for one in side["ids"]]
    assert len(ids) == 2 * len(sides) and all(re.fullmatch(r"T1\d{3}", text) for text, _ in ids), ids
    assert all(whole for _, whole in ids), ids
    tab.context.close()


@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)])
def test_a_tables_winner_is_a_short_mark_beside_its_side_and_the_names_keep_room(browser, thousands, size) -> None:  # noqa: ANN001
    """At 1920 px with 4-digit numbers, "\u80dc\u65b9\uff1aT1021" beside a table wrapped over two lines
    and left the names a sliver ("\u6b27\u2026"): the winner is a mark of one word at the end of its
    side's line ("\u80dc", text a screen reader reads after the side), on one line; each side's
    name keeps room for four characters at least, its number whole."""
    tab = opened(browser, f"{thousands.base}/screen?page=18", *size)
    tables = tab.evaluate("""() => [...document.querySelectorAll('ol.draw li')].filter(li => li.offsetParent).map(li => {
        const marks = [...li.querySelectorAll('.won')];
        const sides = [...li.querySelectorAll('.side')];
        const line = parseFloat(getComputedStyle(li).lineHeight);
        const mid = el => { const box = el.getBoundingClientRect(); return (box.top + box.bottom) / 2; };
        return {
            no: li.querySelector('.no').textContent,
            ids: sides.map(side => side.querySelector('.id').textContent),
            // which side's line each mark is on (its middle within the side's box), and its text
            marks: marks.map(mark => ({text: mark.innerText, hidden: mark.closest('[aria-hidden=true]') !== null,
                beside: sides.findIndex(side => { const box = side.getBoundingClientRect(); return box.top <= mid(mark) && mid(mark) <= box.bottom; }),
                lines: mark.getBoundingClientRect().height / line,
                inside: mark.getBoundingClientRect().right <= li.getBoundingClientRect().right + 1})),
            // each name's room, in characters of its own size
            room: sides.map(side => { const name = side.querySelector('.name');
                return name.clientWidth / parseFloat(getComputedStyle(name).fontSize); }),
            whole: sides.map(side => { const id = side.querySelector('.id');
                return id.scrollWidth <= id.clientWidth && id.getBoundingClientRect().right <= side.getBoundingClientRect().right + 1; }),
        };
    })""")
    assert len(tables) >= 6, tables
    [stage] = thousands.desk.result.stages
    winners = {table.table.number: table.winner for table in stage.rounds[0].tables}
    for table in tables:
        winner = winners[int(table["no"])]
        assert [mark["text"] for mark in table["marks"]] == ["\u80dc"], table
        [mark] = table["marks"]
        assert not mark["hidden"] and mark["inside"] and mark["lines"] < 1.5, table
        assert table["ids"][mark["beside"]] == winner, (table, winner)
        assert all(room >= 4 for room in table["room"]) and all(table["whole"]), table
    # both seats' winners shown (tables 512, 514, ... have theirs second)
    assert {mark["beside"] for table in tables for mark in table["marks"]} == {0, 1}, tables
    # a screen reader reads the mark with its table: "T1023 \u2026 \u80dc" in the row's accessible text
    row = tab.locator("ol.draw li").filter(has_text="T1021").first
    assert re.search(r"T1021 .*\u80dc", row.aria_snapshot().replace("\n", " ")), row.aria_snapshot()
    tab.context.close()
