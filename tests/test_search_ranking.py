"""What search lists first, in a browser and in the index: a name typed whole in a sharded index
whose candidates fill many chunks (a mass event's 江海, among the players of 江海商会); an
archive's teams newest event first; the count said by a live region present from the start,
and heard once; a sharded count of the records that match; the search page's results past its
first 200, in its address; what the whole titles cost the gram shards.

A demo site is rendered once; the browser tests put an index of their own in it (search.py's
index_script, or index_files with its limits lowered, so that it is sharded), as a mass event's
would be, made of players only.
"""

from __future__ import annotations

import json
import shutil
from itertools import accumulate
from pathlib import Path

import pytest

from generator.build import validate
from generator.render import html, search
from generator.render.html import render_site
from generator.render.i18n import Translator
from generator.render.output import OutputTree

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


@pytest.fixture(scope="module")
def demo():
    return validate(CONTENT)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, demo) -> Path:
    out = tmp_path_factory.mktemp("search-ranking") / "output"
    out.mkdir()
    render_site(demo[0], demo[1], {}, OutputTree(out))
    return out


def players(names: list[tuple[str, str]]) -> search.PackedRecords:
    """An index's records: players of these names and groups, packed and sorted as packed_records'."""
    found = search.PackedRecords([], "、")
    for number, (name, group) in enumerate(names):
        found.append(search._pack("player", name, group, f"players/p{number}/index.html", (group,)))
    found.sort()
    return found


def typed_in_both_boxes(site: Path, demo, tab, sharded: bool, monkeypatch: pytest.MonkeyPatch, typed: str):  # noqa: ANN001, ANN201
    """The demo's whole index put in the site (one file or sharded), then `typed` in the header's
    search box of the home page and in the search page's: where the results are listed, each once
    they are (the box's own form: "header", then "main")."""
    settings, results, _ = demo
    found = search.packed_records(results, html.collect_people(results, None), Translator(settings.locale),
                                  html.event_url, html.entry_url, html.player_url)
    put_index(site, found, sharded, monkeypatch)
    for page, where in (("index.html", "header"), ("search/index.html", "main")):
        tab.goto((site / page).as_uri())
        tab.fill(f"{where} form.search input[name=q]", typed)
        tab.locator(f"{where} .search-results li").first.wait_for()
        yield where


def put_index(site: Path, found: search.PackedRecords, sharded: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's search index replaced by one of `found`: one file, or shards of 5 records a chunk."""
    shutil.rmtree(site / "assets/search", ignore_errors=True)
    (site / "assets/search-shards.js").unlink(missing_ok=True)
    if sharded:
        monkeypatch.setattr(search, "SINGLE_INDEX_LIMIT", 0)
        monkeypatch.setattr(search, "CHUNK_RECORDS", 5)
        monkeypatch.setattr(search, "SHARD_LIMIT", 2_000)
        shutil.copy(ROOT / "templates/search-shards.js", site / "assets/search-shards.js")
    files = list(search.index_files(found))
    assert (len(files) > 1) == sharded
    for path, text in files:
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text, encoding="utf-8")


# 40 players whose group is 江海商会, all before 江海 herself in the index (丁 sorts before 江):
# 41 candidates for 江海, in 9 chunks of 5; she is in the last.
MASS = [(f"丁{chr(0x4e00 + n)}", "江海商会") for n in range(40)] + [("江海", "海港社区")]


def test_the_index_lists_a_record_by_its_title_in_the_shard_of_its_first_gram(monkeypatch) -> None:
    monkeypatch.setattr(search, "SINGLE_INDEX_LIMIT", 0)
    monkeypatch.setattr(search, "CHUNK_RECORDS", 5)
    monkeypatch.setattr(search, "SHARD_LIMIT", 2_000)
    files = dict(search.index_files(players(MASS)))
    shards = [json_part(text) for path, text in files.items() if "/g-" in path]
    count = len(shards)
    home = json_part(files[f"assets/search/g-{search.shard_of('江海', count)}.js"])
    assert marked(home, "江海") == [40] and home["^江海"] == [40, 40]  # (runs: first and last)
    assert json_part(files[f"assets/search/g-{search.shard_of('江', count)}.js"])["^江"] == [40, 40]  # 江 alone
    assert search._runs_of([1, 2, 3, 7, 9, 10]) == [1, 3, 7, 7, 9, 10]
    assert sum(40 in marked(shard, "江海") for shard in shards) == 1
    assert sorted(n for shard in shards for n in marked_all(shard)) == list(range(41))  # every title, once


def test_a_whole_title_costs_the_shards_a_few_bytes_a_record_not_its_text(monkeypatch) -> None:
    """Each whole title was a key of the gram shards ("=" and the title, with its record's
    number): a mass event's 15,000 made them 16% larger, 278 kB. They are one list a shard now,
    a step and a mark (a number under TITLE_MARKS) a record: 93 kB."""
    monkeypatch.setattr(search, "SINGLE_INDEX_LIMIT", 0)
    monkeypatch.setattr(search, "SHARD_LIMIT", 20_000)
    names = [(f"{chr(0x4e00 + n // 100)}{chr(0x5000 + n // 10 % 10)}{chr(0x5100 + n % 10)}", "") for n in range(2_000)]
    shards = [json_part(text) for path, text in search.index_files(players(names)) if "/g-" in path]
    whole = sum(len(json.dumps({key: value}, ensure_ascii=False, separators=(",", ":")).encode()) - 1
                for shard in shards for key, value in shard.items() if key[0] == "=")
    assert whole / len(names) < 8, whole / len(names)  # (as keys: 19 bytes a record)
    # each in the shard of its first two characters, under its title's mark (and perhaps others' of that mark)
    assert all(number in marked(shards[search.shard_of(search.normalise(name)[:2], len(shards))], name)
               for number, (name, _) in enumerate(names))


def json_part(text: str) -> dict:
    """A gram shard's data (PAIBANG_SEARCH_PART's second argument)."""
    return json.loads(text[text.index(",") + 1: text.rindex(");")])


def marked_all(shard: dict) -> list[int]:
    """The records a gram shard's "=" list marks (steps and marks, in turn)."""
    flat = shard.get("=", [])
    return list(accumulate(flat[::2]))


def marked(shard: dict, title: str) -> list[int]:
    """The records a gram shard's "=" list gives the mark of `title`, as search-shards.js reads it."""
    mark = search.shard_of(search.normalise(title), search.TITLE_MARKS)
    flat = shard.get("=", [])
    return [number for number, their in zip(marked_all(shard), flat[1::2]) if their == mark]


def test_an_archives_teams_are_numbered_newest_event_first(demo) -> None:
    """Search lists records of one relevance in the index's order: an archive's entries and
    events, newest event first, not in their folders' order."""
    site, results, _ = demo
    people = html.collect_people(results, None)
    found = search.records(results, people, Translator(site.locale), html.event_url, html.entry_url,
                           html.player_url)
    dated = {html.event_url(result.event): result.event.dates[0] for result in results}
    entries = [dated[next(url for url in dated if r.url.startswith(url.rpartition("/")[0] + "/"))]
               for r in found if r.kind == "entry"]
    events = [dated[r.url] for r in found if r.kind == "event"]
    assert len(set(entries)) > 3
    assert entries == sorted(entries, reverse=True) and events == sorted(events, reverse=True)
    assert [r.kind for r in found] == sorted((r.kind for r in found), key=search.KINDS.index)


# --- in a browser -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """Debian's Chromium, as tests/test_browser.py starts it (skipped where it is missing, not in CI)."""
    from tests.test_browser import PHONE, chromium_context

    with chromium_context(tmp_path_factory.mktemp("chromium-profile"), PHONE) as context:
        yield context


@pytest.fixture()
def tab(browser):
    page = browser.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    page.close()


def options(tab, where: str) -> list[str]:
    return tab.locator(f"{where} .search-results li strong").all_inner_texts()


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_a_name_typed_whole_is_listed_first_however_many_records_hold_it(site: Path, tab, sharded: bool,
                                                                         monkeypatch) -> None:
    put_index(site, players(MASS), sharded, monkeypatch)
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海")
    tab.locator("header .search-count", has_text="41").wait_for()
    tab.locator("header .search-results li").first.wait_for()
    assert options(tab, "header")[0] == "江海"
    assert len(options(tab, "header")) == 8
    tab.goto((site / "search/index.html").as_uri() + "?q=江海")
    tab.locator("main .search-results li").first.wait_for()
    assert options(tab, "main")[0] == "江海"
    assert tab.errors == []


@pytest.mark.slow
def test_the_count_is_said_by_a_live_region_there_from_the_start(site: Path, tab, monkeypatch) -> None:
    put_index(site, players(MASS), False, monkeypatch)
    tab.goto((site / "index.html").as_uri())
    status = tab.locator("header form.search [aria-live]")
    assert status.count() == 1
    # in the page, empty, and nothing around it hidden before the first keystroke
    assert status.evaluate("e => !e.closest('[hidden], [aria-hidden=true]') && getComputedStyle(e).display !== 'none'")
    assert status.inner_text() == ""
    tab.fill("header form.search input[name=q]", "江海")
    tab.locator("header .search-results li").first.wait_for()
    assert status.inner_text() == "找到 41 项"
    assert tab.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_the_search_page_shows_the_results_past_its_first_200(site: Path, tab, sharded: bool, monkeypatch) -> None:
    put_index(site, players([(f"丁{chr(0x4e00 + n)}{chr(0x4e00 + m)}", "江海商会")
                             for n in range(20) for m in range(11)]), sharded, monkeypatch)  # 220 of them
    tab.goto((site / "search/index.html").as_uri() + "?q=江海")
    tab.locator("main .search-count", has_text="220").wait_for()
    more = tab.locator("main button.search-more")
    more.wait_for()
    shown = tab.locator("main .search-results li").count()
    assert shown <= 200
    while more.count():
        more.click()
        tab.wait_for_function(f"document.querySelectorAll('main .search-results li').length > {shown}")
        # the first result the press added has the focus
        assert tab.evaluate("document.activeElement.closest('li') === "
                            f"document.querySelectorAll('main .search-results li')[{shown}]")
        shown = tab.locator("main .search-results li").count()
    assert shown == 220
    assert len(set(options(tab, "main"))) == 220
    assert tab.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_teams_of_one_relevance_are_listed_newest_event_first(site: Path, demo, tab, sharded: bool,
                                                              monkeypatch) -> None:
    """01 is in a team's id in every event (T01, A01, …): the demo's teams, newest event first,
    in the header's list and on the search page, whether the index is one file or sharded."""
    for where in typed_in_both_boxes(site, demo, tab, sharded, monkeypatch, "01"):
        details = tab.locator(f"{where} .search-results li:has(.kind-entry) .detail").all_inner_texts()
        years = [int(detail.rsplit(" ", 1)[1]) for detail in details]
        assert len(set(years)) > 1 and years == sorted(years, reverse=True), details
    assert tab.errors == []


@pytest.mark.slow
def test_a_title_held_by_many_records_loads_a_few_chunks_not_all_of_them(site: Path, tab, monkeypatch) -> None:
    """An id such as T01 is an entry's title in every event of an archive, and the exact title's
    chunks were all loaded (2,000 events: 120 chunks, some 6 MB, on a keystroke): enough of them
    to fill the list are. Here 40 players named 江海, 8 chunks of 5: the dropdown lists 8."""
    put_index(site, players([("江海", f"{n:02d}队") for n in range(40)]), True, monkeypatch)
    loaded: list[str] = []
    tab.on("request", lambda request: loaded.append(request.url.rsplit("/", 1)[-1])
           if "/assets/search/r-" in request.url else None)
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海")
    tab.locator("header .search-results li").first.wait_for()
    assert options(tab, "header") == ["江海"] * 8
    assert 1 <= len(set(loaded)) <= 2, loaded
    assert tab.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("where", ["header", "main"])
def test_the_count_is_heard_once_and_seen_once(site: Path, tab, where: str, monkeypatch) -> None:
    """The panel showed the count and the status said it: a screen reader heard it twice (the
    status, then the panel's line). The panel's line is seen, the status heard."""
    put_index(site, players(MASS), False, monkeypatch)
    tab.goto((site / ("index.html" if where == "header" else "search/index.html")).as_uri())
    tab.fill(f"{where} form.search input[name=q]", "江海")
    tab.locator(f"{where} .search-results li").first.wait_for()
    heard = tab.locator(f"{where} form.search").aria_snapshot()
    assert heard.count("找到 41 项") == 1, heard
    assert "status: 找到 41 项" in heard
    seen = tab.locator(f"{where} .search-count")
    assert seen.is_visible() and seen.inner_text() == "找到 41 项"
    assert tab.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_the_results_shown_past_200_are_in_the_address_and_shown_again(site: Path, tab, sharded: bool,
                                                                        monkeypatch) -> None:
    """After "show more", a reload or back from another page showed the first 200 again."""
    put_index(site, players([(f"丁{chr(0x4e00 + n)}{chr(0x4e00 + m)}", "江海商会")
                             for n in range(20) for m in range(11)]), sharded, monkeypatch)  # 220 of them
    search_page = (site / "search/index.html").as_uri()
    tab.goto(search_page + "?q=江海")
    tab.locator("main button.search-more").click()
    tab.wait_for_function("document.querySelectorAll('main .search-results li').length === 220")
    assert tab.url == search_page + "?q=%E6%B1%9F%E6%B5%B7&n=400"
    tab.reload()
    tab.wait_for_function("document.querySelectorAll('main .search-results li').length === 220")
    assert tab.input_value("main form.search input[name=q]") == "江海"
    tab.goto((site / "index.html").as_uri())
    tab.go_back()
    tab.wait_for_function("document.querySelectorAll('main .search-results li').length === 220")
    # a query typed on the page is its address too, its first 200 again
    tab.fill("main form.search input[name=q]", "丁丂")  # (丁丂 and its 11, and 丁丁丂)
    tab.wait_for_function("document.querySelectorAll('main .search-results li').length === 12")
    assert tab.url == search_page + "?q=%E4%B8%81%E4%B8%82"
    for n in ("-400", "x", "0"):  # an address written by hand: the first 200
        tab.goto(f"{search_page}?q=江海&n={n}")
        tab.locator("main button.search-more").wait_for()
        assert tab.locator("main .search-results li").count() == 200
    # one written past any "show more" (1e9 read every chunk of a sharded index): 5,000 at most
    tab.goto(f"{search_page}?q=江海&n=1000000000")
    tab.wait_for_function("document.querySelectorAll('main .search-results li').length === 220")
    assert tab.url == search_page + "?q=%E6%B1%9F%E6%B5%B7&n=5000"
    assert tab.errors == []


# 江海商 typed whole: 10 players of 江海商会 match, and 30 of 海商江海 hold its pairs, 江海 and 海商,
# apart: candidates of a sharded index that do not match. Listed first (丁) or after (万).
MATCHING = [(f"{{}}{chr(0x4e00 + n)}", "江海商会") for n in range(10)]
APART = [(f"{{}}{chr(0x4e00 + n)}", "海商江海") for n in range(30)]


@pytest.mark.slow
@pytest.mark.parametrize("apart_first", [False, True])
def test_a_sharded_count_is_of_the_records_that_match_not_of_their_candidates(site: Path, tab, apart_first: bool,
                                                                              monkeypatch) -> None:
    """The count was the records read that match and every candidate not read: a word of three
    characters may be held apart (江海 and 海商 in 海商江海), so the header said 40 where 10 match
    (and 30 over an empty list, those first). It reads on while its list is not full, and says
    more may match while candidates are left unread."""
    first, then = ("丁", "万") if not apart_first else ("万", "丁")
    found = players([(name.format(first), group) for name, group in MATCHING]
                    + [(name.format(then), group) for name, group in APART])
    put_index(site, found, True, monkeypatch)
    tab.goto((site / "index.html").as_uri())
    status = tab.locator("header form.search [aria-live]")
    tab.fill("header form.search input[name=q]", "江海商")
    tab.locator("header .search-results li").first.wait_for()
    assert status.inner_text() == ("可能还有更多，按回车在搜索页查看" if not apart_first else "找到 10 项")
    assert len(options(tab, "header")) == 8
    tab.goto((site / "search/index.html").as_uri() + "?q=江海商")
    tab.locator("main .search-results li").first.wait_for()
    assert tab.locator("main form.search [aria-live]").inner_text() == "找到 10 项"
    assert len(options(tab, "main")) == 10
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海")  # two characters: every candidate holds them
    tab.locator("header .search-count", has_text="40").wait_for()
    assert status.inner_text() == "找到 40 项"
    assert tab.errors == []


# 250 players whose names begin 江海商 (three characters: a sharded index reads a bounded number of
# chunks for it), 50 chunks of 5: as 卢永刚's 570 records were in an archive of 1,269 events.
MANY = [(f"江海商{chr(0x4e00 + n)}", "") for n in range(250)]


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_a_count_not_known_is_not_said_as_a_figure(site: Path, tab, sharded: bool, monkeypatch) -> None:
    """卢永刚 in a sharded index of 1,269 events: the header said 至少找到 14 项 and the search page
    至少找到 203 项 where 570 matched (while 永刚 said 找到 1755 项), and a member read 14 as his
    entries. While records are left unread no figure is said, only that more may match and
    where to see them; a one-file index, or a sharded one read through, says the count."""
    put_index(site, players(MANY), sharded, monkeypatch)
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海商")
    tab.locator("header .search-results li").first.wait_for()
    said = "可能还有更多，按回车在搜索页查看" if sharded else "找到 250 项"
    assert tab.locator("header form.search [aria-live]").inner_text() == said
    assert tab.locator("header .search-count").inner_text() == said
    assert len(options(tab, "header")) == 8
    tab.press("header form.search input[name=q]", "Enter")  # as it says: the search page
    tab.wait_for_url("**/search/index.html?q=*")
    tab.locator("main .search-results li").first.wait_for()
    assert tab.input_value("main form.search input[name=q]") == "江海商"
    said = "还有记录没有查完，可能还有更多：请点“显示更多”" if sharded else "找到 250 项"
    assert tab.locator("main form.search [aria-live]").inner_text() == said
    assert tab.locator("main .search-count").inner_text() == said
    more = tab.locator("main button.search-more")
    while more.count():  # (a sharded index: 60 more read a press, until every record is)
        shown = tab.locator("main .search-results li").count()
        more.click()
        tab.wait_for_function(f"document.querySelectorAll('main .search-results li').length > {shown}")
    assert tab.locator("main .search-count").inner_text() == "找到 250 项"
    assert len(options(tab, "main")) == 250
    assert tab.errors == []


# 江海商 typed whole: one player of 江海商会 matches, and 100 of 海商江海 hold its pairs apart, after her:
# the header box reads its bounded number of chunks, finds her and leaves candidates unread.
ONE = [("丁一", "江海商会")] + [(f"万{chr(0x4e00 + n)}", "海商江海") for n in range(100)]


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_the_header_boxs_link_says_what_was_found_so_far_not_the_first_of_a_count_not_known(
        site: Path, tab, sharded: bool, monkeypatch) -> None:
    """The header box's link said 只显示前 1 项 ("only the first 1 shown") of the one record found
    while records were left unread: "the first" of a count nobody knows. It says how many were
    found so far and that more may match; where the count is known (one), there is no link."""
    put_index(site, players(ONE), sharded, monkeypatch)
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海商")
    tab.locator("header .search-results li").first.wait_for()
    assert options(tab, "header") == ["丁一"]
    link = tab.locator("header a.search-more")
    if sharded:
        assert tab.locator("header .search-count").inner_text() == "可能还有更多，按回车在搜索页查看"
        assert link.inner_text() == "已显示目前找到的 1 项，可能还有更多：多输入几个字可以缩小范围，或在搜索页查看。"
    else:
        assert tab.locator("header .search-count").inner_text() == "找到 1 项" and link.count() == 0
    monkeypatch.undo()  # (one index file again)
    put_index(site, players(MANY), False, monkeypatch)  # a count known, past the box's 8: the first 8
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海商")
    tab.locator("header .search-count", has_text="250").wait_for()
    assert link.inner_text() == "只显示前 8 项，多输入几个字可以缩小范围。"
    assert tab.errors == []


def test_the_found_so_far_link_reads_for_one_and_for_many_in_every_locale() -> None:
    """The words site.js fills (search_more_least's {shown}): no "first" of a count not known,
    in a form that reads for one record as for many (Chinese counts with 项 either way)."""
    said = {locale: [Translator(locale)("search_more_least", shown=n) for n in (1, 8)] for locale in ("zh-Hans", "zh-Hant", "en")}
    assert said["en"][0].startswith("Showing 1 found so far; more may match")
    assert said["zh-Hant"][0].startswith("已顯示目前找到的 1 項，可能還有更多")
    assert not any(word in text for texts in said.values() for text in texts for word in ("first", "前 1", "前 8"))


@pytest.mark.slow
def test_a_longer_word_held_apart_by_many_records_reads_a_bounded_number_of_chunks(site: Path, tab, monkeypatch) -> None:
    """江海商 (three characters: its pairs 江海, 海商) in an index where 200 players' names hold
    both pairs apart (海商江海), 40 chunks of 5, and one player holds it whole: more chunks were
    read, four at a time, while the list was not full, until every one was (the whole index on
    a keystroke). The dropdown reads at most READ_ROUNDS rounds of them, lists the one found,
    and offers more."""
    put_index(site, players([("江海商", "海港社区")] + [(f"海商江海{chr(0x4e00 + n)}", "") for n in range(200)]),
              True, monkeypatch)
    loaded: list[str] = []
    tab.on("request", lambda request: loaded.append(request.url.rsplit("/", 1)[-1])
           if "/assets/search/r-" in request.url else None)
    tab.goto((site / "index.html").as_uri())
    tab.fill("header form.search input[name=q]", "江海商")
    tab.locator("header .search-results li").first.wait_for()  # (shown once every chunk read is in)
    assert 1 <= len(set(loaded)) <= 12, sorted(set(loaded))
    assert options(tab, "header") == ["江海商"]
    tab.locator("header .search-more").wait_for()  # the rest unread: more on the search page
    assert tab.errors == []


@pytest.mark.slow
def test_typing_on_the_search_page_keeps_the_query_in_the_address_without_a_history_entry_a_keystroke(
        site: Path, tab, monkeypatch) -> None:
    """The search page's address holds the query as it is typed (a shareable URL, and a reload
    shows the same), replaced in place: back leaves the page, not one keystroke."""
    put_index(site, players(MASS), False, monkeypatch)
    search_page = (site / "search/index.html").as_uri()
    tab.goto(search_page)
    entries = tab.evaluate("history.length")
    for typed in ("丁", "江", "江海"):
        tab.fill("main form.search input[name=q]", typed)
        tab.wait_for_function(f"location.search === '?q=' + encodeURIComponent({typed!r})")
    assert tab.url == search_page + "?q=%E6%B1%9F%E6%B5%B7"
    assert tab.evaluate("history.length") == entries


@pytest.mark.slow
@pytest.mark.parametrize("sharded", [True, False])
def test_a_team_number_typed_whole_lists_that_team_first(site: Path, demo, tab, sharded: bool, monkeypatch) -> None:
    """"T1" listed T1 理工大学 11th, after T10-T19: only a whole title typed came first. A team's
    number typed whole (its title starts with it and a space) comes first too."""
    for where in typed_in_both_boxes(site, demo, tab, sharded, monkeypatch, "T1"):
        assert options(tab, where)[0] == "T1 理工大学", options(tab, where)
    assert tab.errors == []
