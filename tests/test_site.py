"""The members' site (issue #11): archive, pages of every game, links, locales, search index,
feed and sitemap, accessibility markup, reproducibility.

The site is rendered from the demo content without the PDF bulletins (render_site alone), so
these tests take about a second; test_build.py covers the whole build with PDFs.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Callable
from urllib.parse import unquote, urlsplit

import jinja2
import pytest

from generator import catalogues
from generator.build import validate
from generator.games import GAMES
from generator.render import i18n
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.render.search import bigrams, normalise
from tests.support import site_bytes
from support import demo_content

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"
BRIDGE = "events/dongke-bridge-2015"
# Private values written into the demo content on purpose (see test_build.py): never output.
CANARIES = ["13800138000", "201301059901", "13900139111", "wxid_paibang_canary_jk", "paibang_canary_wx_pl"]
ATOM = "{http://www.w3.org/2005/Atom}"


def render(content: Path, out: Path, stock_jinja: bool = False) -> Path:
    site, results, _ = validate(content)
    out.mkdir(parents=True, exist_ok=True)
    render_site(site, results, {}, OutputTree(out), stock_jinja=stock_jinja)
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render(CONTENT, tmp_path_factory.mktemp("site") / "output")


@pytest.fixture(scope="module")
def demo():
    site, results, _ = validate(CONTENT)
    return site, results


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def copy_content(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


# --- the archive ------------------------------------------------------------------------------


def test_archive_lists_events_newest_first_grouped_by_year(site: Path, demo) -> None:
    _, results = demo
    index = read(site / "index.html")
    titles = [html.escape(r.event.title, quote=False) for r in
              sorted(results, key=lambda r: r.event.dates[0], reverse=True)]
    positions = [index.index(t) for t in titles]
    assert positions == sorted(positions)
    years = re.findall(r'<h2 id="year-(\d{4})">', index)
    assert years == sorted(set(years), reverse=True) and len(years) == len({r.event.dates[0].year for r in results})


def test_archive_card_shows_date_venue_organiser_and_winners(site: Path, demo) -> None:
    _, results = demo
    index = read(site / "index.html")
    bridge = next(r for r in results if r.event.slug == "dongke-bridge-2015")
    card = index[index.index(f'href="{BRIDGE}/index.html"'):]
    card = card[: card.index("</li>")]
    assert "2015年5月15日" in card and "7201" in card and "西昌学院动物科学学院团学会治安保卫部" in card
    champion = next(s.entry for s in bridge.last_stage.standings if s.rank == 1)
    assert f'{BRIDGE}/entries/{champion.id}/index.html' in card and "冠军" in card


def test_archive_filters_by_game_with_a_page_per_game(site: Path, demo) -> None:
    _, results = demo
    games = {r.event.game for r in results}
    index = read(site / "index.html")
    for game in games:
        assert f'href="games/{game}/index.html"' in index
        filtered = read(site / "games" / game / "index.html")
        # the filter shown: a state, aria-current="true" (its "page" was on links that lead elsewhere)
        assert f'href="../../games/{game}/index.html" aria-current="true"' in filtered
        for result in results:
            link = f'href="../../events/{result.event.slug}/index.html"'
            assert (link in filtered) == (result.event.game == game), (game, result.event.slug)


# --- pages of every game ----------------------------------------------------------------------


def test_entry_page_of_every_game_has_running_totals_and_links(site: Path, demo) -> None:
    _, results = demo
    for result in results:
        event = result.event
        stage = result.stages[0]
        entry_id = stage.standings[0].entry.id
        page = read(site / "events" / event.slug / "entries" / entry_id / "index.html")
        assert 'class="summary' in page, event.game
        assert "累计" in page  # the running-total column
        summary = page[page.index('class="summary'):page.index("</table>", page.index('class="summary'))]
        opponents = re.findall(rf'href="(?:\.\./)+events/{event.slug}/entries/([^/"]+)/index\.html"', summary)
        assert opponents and entry_id not in opponents, event.game
        assert re.search(rf'href="(?:\.\./)+events/{event.slug}/{stage.stage.id}/round-\d+/index\.html#table-\d+"',
                         summary), event.game


def test_bridge_entry_page_reaches_the_boards_of_its_table(site: Path) -> None:
    page = read(site / BRIDGE / "entries/A19/index.html")
    assert ">900<" in page  # the running total after board 8 (test_build.py's worked value)
    link = re.search(rf'href="((?:\.\./)+{BRIDGE}/prelim/round-1/index\.html)#(table-\d+)"', page)
    assert link
    round_page = read((site / BRIDGE / "entries/A19" / link.group(1)).resolve())
    assert f'id="{link.group(2)}"' in round_page and 'class="boards' in round_page


def test_every_internal_link_and_anchor_resolves(site: Path) -> None:
    anchors: dict[Path, set[str]] = {}
    broken = []
    for page in pages(site):
        text = read(page)
        for url in re.findall(r'(?:href|src)="([^"]+)"', text):
            url = html.unescape(url)
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//"):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file() or not target.is_relative_to(site.resolve()):
                broken.append((page.relative_to(site), url))
                continue
            if parts.fragment and target.suffix == ".html":
                if target not in anchors:
                    anchors[target] = set(re.findall(r'id="([^"]+)"', read(target)))
                if parts.fragment not in anchors[target]:
                    broken.append((page.relative_to(site), url))
    assert not broken, broken[:10]


def test_links_are_relative_so_the_site_works_from_disk(site: Path) -> None:
    for page in pages(site):
        text = read(page)
        assert not re.search(r'(?:href|src)="/(?!/)', text), page
        assert 'href="https://example.org' not in text.replace('rel="canonical" href="https://example.org', "")


# --- accessibility and behaviour ---------------------------------------------------------------


def test_every_page_has_lang_landmarks_skip_link_and_search_box(site: Path) -> None:
    for page in pages(site):
        text = read(page)
        assert re.search(r'<html lang="(zh-Hans|zh-Hant|en)">', text), page
        for marker in ('<main id="main">', '<header class="site">', "<footer", 'href="#main"',
                       'role="search"', 'name="q"', 'name="viewport"'):
            assert marker in text, (page, marker)
        assert re.search(r'<label for="q-top"[^>]*>', text), page


# A start tag as HTML's tokenizer reads it: its name, then attributes each after white space.
START_TAG = re.compile(r"""<[a-zA-Z][\w-]*(?:\s+[\w:.@-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*/?>""")


def test_every_tag_has_its_attributes_apart(site: Path) -> None:
    # the search box's input read placeholder="…"role="combobox" (trim_blocks ate the line's end
    # between them): a parse error, which a validator reports on every page
    for page in pages(site):
        text = read(page)
        for start in re.finditer(r"<[a-zA-Z]", text):
            assert START_TAG.match(text, start.start()), (page, text[start.start():start.start() + 200])


def test_every_table_has_a_caption_and_scoped_headers(site: Path) -> None:
    for page in pages(site):
        text = read(page)
        for table in re.findall(r"<table.*?</table>", text, flags=re.S):
            if 'class="notice' in text and table not in text.split('class="notice')[0]:
                continue  # a notice's own Markdown table
            assert "<caption" in table, page
            headers = re.findall(r"<th\b[^>]*>", table)
            assert headers and all("scope=" in h for h in headers), (page, [h for h in headers if "scope=" not in h])


def test_every_page_has_exactly_one_h1(site: Path) -> None:
    for page in pages(site):
        assert read(page).count("<h1") == 1, page


def test_tables_scroll_in_their_own_box(site: Path) -> None:
    for page in pages(site):
        text = read(page)
        outside = re.sub(r'<div class="scroll"[^>]*>.*?</div>', "", text, flags=re.S)
        outside = re.sub(r'<section class="notice".*?</section>', "", outside, flags=re.S)
        assert "<table" not in outside, page


def test_a_board_number_link_is_named_by_its_board(site: Path) -> None:
    # a board's link showed and was named "1", "2": a screen reader's list of links read a row of
    # bare numbers. Its name is the board's ("第 1 副"), its number still shown
    links = 0
    for page in pages(site):
        for href, attributes, shown in re.findall(r'<a href="[^"]*/boards/(\d+)/index\.html"([^>]*)>([^<]*)</a>', read(page)):
            if shown.isdigit():
                links += 1
                assert shown == href and f'aria-label="第 {shown} 副"' in attributes, (page, shown, attributes)
    assert links > 500  # the stages' boards navigation, bridge and 80分 tables on round and entry pages


def test_a_deal_logs_start_row_is_read_as_the_start(site: Path) -> None:
    # the start row's header was "—": a screen reader read "—" before each cell of the row. It
    # reads 开局 (the dash is still shown), and the row's word is read once
    rows = 0
    for page in sorted(site.glob("events/*/*/round-1/index.html")):
        for body in re.findall(r'<table class="boards deals[^"]*"[^>]*>.*?<tbody role="rowgroup">\s*(<tr role="row">.*?</tr>)', read(page), flags=re.S):
            rows += 1
            header = re.search(r'<th role="rowheader" scope="row"[^>]*>(.*?)</th>', body, flags=re.S)[1]
            read_out = lambda cell: re.sub(r"<[^>]+>", "", re.sub(r'<span aria-hidden="true">.*?</span>', "", cell)).strip()
            assert read_out(header) == "开局", (page, header)
            assert read_out(body).count("开局") == 1, (page, body)
    assert rows > 10


def test_a_notices_table_scrolls_in_a_box_named_by_its_heading(site: Path) -> None:
    # a notice's wide table scrolled with no name (its own display: block box): it sits in a scroll
    # box as every other table, labelled by the notice's heading before it
    tables = 0
    for page in sorted(site.glob("events/*/index.html")):
        text = read(page)
        for notice in re.findall(r'<section class="notice".*?</section>', text, flags=re.S):
            for box, table, head in re.findall(r'(<[^<]*)(<table[^>]*>)\s*<thead>(.*?)</thead>', notice, flags=re.S):
                tables += 1
                name = re.fullmatch(r'<div class="scroll" role="region" tabindex="0" aria-labelledby="([^"]+)">', box)
                assert name, (page, box)
                heading = re.search(f'<h[3-6] id="{name[1]}">([^<]+)</h', notice)
                assert heading and heading[1].strip(), (page, name[1])
                assert text.count(f'id="{name[1]}"') == 1
                # the table itself is named so (a screen reader's list of tables named none), and
                # its header row's cells head their columns
                assert table == f'<table aria-labelledby="{name[1]}">', (page, table)
                cells = re.findall(r"<th[^>]*>", head)
                assert cells and set(cells) == {'<th scope="col">'}, (page, cells)
    assert tables >= 5


def test_assets_are_small_and_frameworkless(site: Path) -> None:
    # (15.5 kB: the hand record's layout moved here from an inline style on every board page, the
    # scroll boxes' edge shadows, a Guandan match's line per side on a phone, 44 px touch targets;
    # 16.4 kB: an entry's names wrap beside its id's link on a card and a table's side, and a
    # traveller marks the row of the entry whose page led to it; 16.5 kB: the pager folded on a
    # paginated page, a Guandan side's level placed for a phone, the search page's button; 16.8 kB:
    # a teams card keeps a contract with its result and a score with its label; 17.2 kB: a hand
    # record one hand under another where two do not fit side by side, a scroll box positioned;
    # 17.3 kB: an archive's month headings' event titles (h4) and a player's year rows; 17.35 kB:
    # the standings row an entry's rank link leads to framed, a pager's label level with its links;
    # 17.5 kB: a stage's round links one scrolling line on a phone)
    assert (site / "assets/style.css").stat().st_size < 17_500
    # (10.4 kB: the search of a large site's sharded index is assets/search-shards.js, loaded by
    # such a site only; site.js has the step to it and keeps answers in the order of the queries,
    # and makes a scroll box a named region only while it scrolls, by aria-label or -labelledby,
    # checked again when a details opens; 10.7 kB: a query's letters lose their accents, as the
    # index's do, so that "tonnessen" finds Tønnessen; 10.8 kB: but a Cyrillic letter's, й not и;
    # 11.5 kB: the count said by a live region there from the start, the search page's button for
    # the results past its first 200; 11.6 kB: a team's number typed whole lists it first, T1
    # before T10-T19; the header's link says of a count not yet known what was found so far, not
    # "the first 1"; 11.75 kB: a result's name and detail holding Chinese marked lang as the
    # form's data-lang says, on an English site, so that a screen reader reads them with a Chinese voice;
    # 11.9 kB: a wide table's hint in words ("swipe sideways") shown only while its box scrolls)
    assert (site / "assets/site.js").stat().st_size < 11_900
    css = read(site / "assets/style.css")
    assert "@media print" in css and "max-width: 40rem" in css and "overflow-x: auto" in css


def _luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(digits[i:i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_tag_the_site_writes_has_a_colour_of_aa_contrast_on_every_row() -> None:
    """`.tag.withdrawn`, `.tag.lot` and `.tag.placed` (退赛, 抽签, 按前一阶段排名) had no rule
    beside `.tag.vacant`: the ink of the row, not a tag's colour. Every tag a template or the
    standings' remarks (html.py's _REMARK_TAGS) write has its own colour, of 4.5:1 or more (WCAG
    AA for text of .875rem) against white, the panel and the qualified and prize rows it sits on;
    dashed, as a prize not given, is a withdrawal: rounds not played."""
    from generator.render.html import _REMARK_TAGS

    css = (TEMPLATES / "style.css").read_text(encoding="utf-8")
    root = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", css.split("}", 1)[0]))
    written = set(_REMARK_TAGS.values())
    for path in TEMPLATES.rglob("*.html"):
        written.update(re.findall(r'class="tag ([\w-]+)"', path.read_text(encoding="utf-8")))
    assert {"withdrawn", "lot", "placed", "vacant"} <= written
    colours: dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        colour = re.search(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6}|var\(--([\w-]+)\))", body)
        for tag in re.findall(r"\.tag\.([\w-]+)", selectors):
            if colour:
                colours[tag] = colour[1] if colour[1].startswith("#") else root[colour[2]]
    assert written <= set(colours), sorted(written - set(colours))
    for tag in sorted(written):
        for ground in ("#fff", root["q"], root["p"], root["panel"]):
            lighter, darker = sorted((_luminance(colours[tag]), _luminance(ground)), reverse=True)
            assert (lighter + 0.05) / (darker + 0.05) >= 4.5, (tag, colours[tag], ground)
    assert re.search(r"\.tag\.withdrawn[^{]*\{[^}]*border-style: dashed", css)


def test_every_page_loads_the_script_the_same_way_and_nothing_inline(site: Path) -> None:
    for page in pages(site):
        scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", read(page), flags=re.S)
        assert scripts == [""], page  # one external script, no inline code
        assert not re.search(r"\son[a-z]+=", read(page)), page


# --- locales -----------------------------------------------------------------------------------


def template_keys(under: str | None = None) -> set[str]:
    keys = set()
    for path in TEMPLATES.rglob("*.html"):
        if path.parent.name in ("games", "sheets") or path.name == "bulletin.html":
            continue
        if (path.parent.name == "desk") != (under == "desk"):
            continue
        keys |= set(re.findall(r"""_\(\s*["']([a-z][a-z0-9_]*)["']""", read(path)))
    return keys


def test_every_word_the_templates_use_is_in_the_catalogues() -> None:
    known = set(catalogues.words(catalogues.SHARED))
    dynamic = {k for k in known if re.match(r"(format|vul|seat|outcome|role)_", k)}
    missing = {k for k in template_keys() if not k.endswith("_")} - known
    # the desk's form speaks for the event's game: its words are the game's catalogue's too
    games = set().union(*(catalogues.words(game.folder) for game in GAMES.values()))
    missing |= {k for k in template_keys("desk") if not k.endswith("_")} - known - games
    assert not missing, missing
    assert dynamic  # keys built in templates ("seat_" ~ …) exist as well
    # an entry's outcomes (entry.html): a bye and a forfeit are the shared words
    assert {"outcome_won", "outcome_drawn", "outcome_lost", "bye", "forfeit", "outcome_late"} <= known


def test_page_templates_hold_no_chinese_or_english_words() -> None:
    """UI words come from the catalogues: a page template holds markup, not language."""
    for path in TEMPLATES.glob("*.html"):
        if path.name == "bulletin.html":
            continue
        text = re.sub(r"{#.*?#}", "", read(path), flags=re.S)
        text = re.sub(r"{[{%].*?[%}]}", "", text, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text)
        assert not re.search(r"[\u4e00-\u9fff]", text), path
        assert not re.search(r"\b[A-Za-z]{3,}\b", text), (path, re.findall(r"\b[A-Za-z]{3,}\b", text)[:5])


def test_translator_api_keeps_working_in_every_locale() -> None:
    import datetime as dt
    words = {locale: i18n.Translator(locale) for locale in i18n.LOCALES}
    assert [t("round_n", n=3) for t in words.values()] == ["第 3 轮", "第 3 輪", "Round 3"]
    assert words["en"].date(dt.date(2015, 5, 15)) == "15 May 2015"
    assert words["zh-Hant"].date(dt.date(2015, 5, 15)) == "2015年5月15日"
    assert words["en"].pick({"zh-Hans": "桥牌", "en": "Bridge"}) == "Bridge"
    assert words["zh-Hant"].pick({"zh-Hans": "桥牌"}) == "桥牌"
    assert words["en"].joiner() == ", " and words["zh-Hans"].joiner() == "、"
    assert tuple(t("archive") for t in words.values()) == ("赛事成绩", "賽事成績", "Results archive")
    with pytest.raises(KeyError):
        words["en"]("no_such_word")


@pytest.mark.parametrize("stock", [False, True], ids=["fast", "stock"])
def test_a_word_reads_the_same_with_and_without_parameters(stock: bool) -> None:
    """`_()` formats always, as Jinja's newstyle gettext and catalogues.text do: `{{ }}` in a
    catalogue is a brace whether the word is given parameters or not, in code and in a template
    (fast_jinja compiles `_("key")` into the template; stock Jinja calls the translator)."""
    from generator.render import html as html_module

    guandan = ROOT / "generator" / "games" / "guandan"
    expected = catalogues.text("gd_expected_penalty", "en", guandan)
    assert expected.startswith("a mapping, e.g. {team: T02") and "{{" not in expected
    translate = i18n.Translator("en")
    assert translate("gd_expected_penalty") == translate("gd_expected_penalty", unused=1) == expected
    assert translate.unformatted("gd_expected_penalty").startswith("a mapping, e.g. {{team: T02")
    env = html_module.environment("en", stock=stock)
    page = env.from_string('{{ _("gd_expected_penalty") }}|{{ _("gd_expected_penalty", n=1) }}'
                           '|{{ _("table_n", n=number) }}').render(number=7)
    assert page == f"{html.escape(expected)}|{html.escape(expected)}|Table 7"


def test_game_words_are_merged_without_touching_the_catalogues(monkeypatch) -> None:
    from generator.games import GAMES, Game

    class Words(Game):
        name = "zz_words"
        ui_words = {"zz_test_word": ("测试", "測試", "test")}

    monkeypatch.setitem(GAMES, Words.name, Words())
    i18n.reload_words()
    try:
        assert [i18n.Translator(loc)("zz_test_word") for loc in i18n.LOCALES] == ["测试", "測試", "test"]
    finally:
        monkeypatch.undo()
        i18n.reload_words()


def test_site_locale_from_site_yaml_and_event_override(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    site_yaml = content / "site.yaml"
    site_yaml.write_text(read(site_yaml).replace("locale: zh-Hans", "locale: en"), encoding="utf-8")
    event_yaml = content / BRIDGE / "event.yaml"
    event_yaml.write_text("locale: zh-Hant\n" + read(event_yaml), encoding="utf-8")
    out = render(content, tmp_path / "out")
    index = read(out / "index.html")
    assert '<html lang="en">' in index and "Results archive" in index and "Search" in index
    assert f'<a href="{BRIDGE}/index.html" lang="zh-Hant">' in index  # the event's content keeps its language
    event = read(out / BRIDGE / "index.html")
    assert '<html lang="zh-Hant">' in event and "成績排名" in event and "比賽階段" in event
    players = read(out / "players/index.html")
    assert '<html lang="en">' in players and "How results are matched to a person" in players


# --- search index -----------------------------------------------------------------------------


def load_index(site: Path) -> dict:
    text = read(site / "assets/search-index.js")
    return json.loads(text[text.index("=") + 1: text.rindex(";")])


def search(index: dict, query: str) -> list[list[str]]:
    """What assets/site.js does, in Python: every bigram of the query, then the text itself."""
    runs = [r for r in re.split(r"[^\w]+|_", normalise(query)) if r]
    ids = None
    for run in runs:
        for i in range(len(run) - 1):
            posting = set(index["grams"].get(run[i:i + 2], []))
            ids = posting if ids is None else ids & posting
    candidates = range(len(index["records"])) if ids is None else sorted(ids)
    return [index["records"][i] for i in candidates if all(run in index["records"][i][4] for run in runs)]


def test_search_finds_a_player_by_two_chinese_characters(site: Path) -> None:
    index = load_index(site)
    found = search(index, "浩然")
    assert any(r[0] == "player" and r[1] == "张浩然" for r in found)
    player = next(r for r in found if r[0] == "player")
    assert (site / player[3]).is_file() and "张浩然" in read(site / player[3])


def test_search_finds_teams_groups_ids_and_event_titles(site: Path) -> None:
    index = load_index(site)
    assert any(r[0] == "entry" and r[1].startswith("A01") for r in search(index, "动科一队"))
    assert any(r[0] == "entry" and r[1].startswith("A19") for r in search(index, "a19"))
    assert any(r[0] == "entry" and r[1].startswith("A19") for r in search(index, "Ａ１９"))  # full width
    assert any(r[0] == "event" for r in search(index, "桥牌大赛"))
    assert len(search(index, "13级动物科学1班")) >= 8
    assert search(index, "浩然 动科") and not search(index, "浩然 不存在")


def test_search_matches_simplified_and_traditional_either_way(site: Path) -> None:
    from generator.render.search import Record, index_script

    index = load_index(site)
    assert any(r[1] == "张浩然" for r in search(index, "張浩然"))  # a query in 繁體, a name in 简体
    assert index["fold"]["張"] == "张" and "张" not in index["fold"]
    script = index_script([Record("player", "張浩然", "", "players/x/index.html", ("動物科學",))])
    written = json.loads(script[script.index("=") + 1: script.rindex(";")])
    assert [r[1] for r in search(written, "张浩")] == ["張浩然"]  # a name in 繁體, a query in 简体
    assert [r[1] for r in search(written, "动物科学")] == ["張浩然"]
    assert {"張": "张", "動": "动", "學": "学"}.items() <= written["fold"].items() and "科" not in written["fold"]


def test_search_index_is_lower_cased_as_the_browser_lower_cases_a_query(site: Path) -> None:
    """site.js lower-cases a query with toLowerCase(), which keeps a final ς: the index is
    lower-cased the same way (not casefold(), which made ς σ, so that "ς" typed in the browser
    found nothing). ß is spelled ss on both sides, as a member without the letter types it."""
    from generator.render.search import Record, index_script

    script = index_script([Record("player", "Johann Strauß", "", "players/a/index.html"),
                           Record("player", "ΟΔΥΣΣΕΑΣ", "", "players/b/index.html")])
    written = json.loads(script[script.index("=") + 1: script.rindex(";")])
    assert [r[4] for r in written["records"]] == ["johann strauss", "οδυσσεας"]
    assert "ας" in written["grams"] and written["fold"]["ß"] == "ss"
    assert [r[1] for r in search(written, "Strauß")] == [r[1] for r in search(written, "uß")] == ["Johann Strauß"]
    assert [r[1] for r in search(written, "strauss")] == ["Johann Strauß"]
    assert [r[1] for r in search(written, "σεας")] == ["ΟΔΥΣΣΕΑΣ"]


def test_search_folds_accented_letters_in_the_index_and_the_query_alike() -> None:
    """A club's members type ASCII: Tønnessen, Jernæs, Åse, Müller, Łukasz, Øyvind are found by
    tonnessen, jernaes, ase, muller, lukasz, oyvind, and by their own letters; Chinese, Korean and
    Japanese keep theirs."""
    from generator.render.search import Record, index_script, normalise

    names = ["Magne Tønnessen", "Bjørg Jernæs", "Åse Ødegård", "Jürgen Müller", "Łukasz Żółć",
             "Renée Cœur", "Þóra Guðmundsdóttir", "张浩然", "한국어", "がっこう"]
    script = index_script([Record("player", name, "", f"players/{n}/index.html") for n, name in enumerate(names)])
    written = json.loads(script[script.index("=") + 1: script.rindex(";")])
    for query, name in [("tonnessen", "Magne Tønnessen"), ("Tønnessen", "Magne Tønnessen"),
                        ("jernaes", "Bjørg Jernæs"), ("Jernæs", "Bjørg Jernæs"), ("ase odegard", "Åse Ødegård"),
                        ("muller", "Jürgen Müller"), ("MÜLLER", "Jürgen Müller"), ("lukasz zolc", "Łukasz Żółć"),
                        ("renee coeur", "Renée Cœur"), ("thora gudmundsdottir", "Þóra Guðmundsdóttir"),
                        ("浩然", "张浩然"), ("張浩", "张浩然"), ("한국", "한국어"), ("がっ", "がっこう")]:
        assert [r[1] for r in search(written, query)] == [name], query
    assert search(written, "かっ") == []  # a kana's dakuten is not a Latin accent
    assert normalise("한국어") == "한국어" and normalise("張浩然") == "张浩然"
    for name in names:
        assert normalise(normalise(name)) == normalise(name)


def test_search_keeps_a_cyrillic_letters_marks_but_reads_yo_as_ye() -> None:
    """й was folded to и (its breve dropped as an accent): "сергеи" found Сергей, and a Russian
    reader never takes one for the other. ё is still found by е, as Russian mostly writes it."""
    from generator.render.search import Record, index_script, normalise

    names = ["Сергей Воробьёв", "Сергеи Воробьев", "Ўладзімір Їжак"]
    script = index_script([Record("player", name, "", f"players/{n}/index.html") for n, name in enumerate(names)])
    written = json.loads(script[script.index("=") + 1: script.rindex(";")])
    assert [r[1] for r in search(written, "Сергей")] == ["Сергей Воробьёв"]
    assert [r[1] for r in search(written, "сергеи")] == ["Сергеи Воробьев"]
    assert [r[1] for r in search(written, "воробьев")] == [r[1] for r in search(written, "Воробьёв")] == names[:2]
    assert normalise("Ўладзімір Їжак") == "ўладзімір їжак" and normalise("Renée") == "renee"


def test_search_index_bigrams_cover_every_record(site: Path) -> None:
    index = load_index(site)
    for number, record in enumerate(index["records"]):
        for gram in bigrams(record[4]):
            assert number in index["grams"][gram]


def test_search_index_holds_no_private_data_or_player_ids(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    event = content / BRIDGE / "event.yaml"
    event.write_text(read(event).replace("- 李思雨", "- {name: 李思雨, id: member-secret-4711}", 1),
                     encoding="utf-8")
    out = render(content, tmp_path / "out")
    for path in out.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for secret in [*CANARIES, "member-secret-4711"]:
                assert secret.encode() not in data, (secret, path)


def test_search_index_is_a_script_so_it_loads_from_disk(site: Path) -> None:
    text = read(site / "assets/search-index.js")
    assert text.splitlines()[1].startswith("window.PAIBANG_SEARCH={")
    assert "</" not in text
    form = read(site / "index.html")
    assert 'data-index="assets/search-index.js"' in form and 'action="search/index.html"' in form


# --- feed and sitemap ---------------------------------------------------------------------------


def test_atom_feed_lists_events_and_results_with_content_dates(site: Path, demo) -> None:
    _, results = demo
    feed = ET.parse(site / "feed.xml").getroot()
    assert feed.tag == f"{ATOM}feed"
    entries = feed.findall(f"{ATOM}entry")
    stages_with_results = sum(1 for r in results for s in r.stages if s.has_results)
    assert len(entries) == len(results) + stages_with_results
    updated = [e.findtext(f"{ATOM}updated") for e in entries]
    assert updated == sorted(updated, reverse=True)
    assert feed.findtext(f"{ATOM}updated") == updated[0]
    dates = {d.isoformat() for r in results for d in [*r.event.dates, *(s.stage.date for s in r.stages if s.stage.date)]}
    assert {u[:10] for u in updated} <= dates
    for entry in entries:
        href = entry.find(f"{ATOM}link").get("href")
        assert href.startswith("https://example.org/paibang/events/") and href.endswith("/")
        assert entry.findtext(f"{ATOM}id").startswith("urn:uuid:")
    assert any("初赛成绩" in e.findtext(f"{ATOM}title") for e in entries)


def test_the_feed_names_the_events_champion_under_the_stage_that_decides_it_only(site: Path, demo) -> None:
    """tongxin-guandan-2025's Swiss qualifies eight for the knockout: the feed's Swiss entry said
    "冠军：" its first (a real event's review found the knockout then won by another team, and
    members read two champions). The Swiss's first is no champion, here the same team or not."""
    _, results = demo
    tongxin = next(r for r in results if r.event.slug == "tongxin-guandan-2025")
    champion = next(s.entry for s in tongxin.stages[-1].standings if s.rank == 1)
    feed = ET.parse(site / "feed.xml").getroot()
    summaries = {e.find(f"{ATOM}link").get("href").split("/events/")[1]: e.findtext(f"{ATOM}summary")
                 for e in feed.findall(f"{ATOM}entry")}
    swiss, knockout = (f"tongxin-guandan-2025/{s.stage.id}/" for s in tongxin.stages)
    assert "冠军" not in summaries[swiss]
    assert summaries[knockout].endswith(f"冠军：{champion.label}")


def test_a_guandan_stage_with_draws_explains_wins_as_its_rules_decide_a_match(site: Path) -> None:
    """tongxin-guandan-2025 (national profile: equal levels are a draw) explained 胜场 as the
    seed's rules do, "双方同级而先到达者胜", above its own note "双方同级为平局（不比谁先到达）";
    tumu-guandan-2020 (the seed's rules) keeps the seed's words."""
    national = (site / "events/tongxin-guandan-2025/swiss/index.html").read_text(encoding="utf-8")
    assert "<strong>胜场</strong>：每胜一场记 1：过A者胜，否则时间到时级数高者胜；双方同级为平局，不记胜场" in national
    assert "先到达者胜" not in national
    seed = (site / "events/tumu-guandan-2020/main/index.html").read_text(encoding="utf-8")
    assert "双方同级而先到达者胜" in seed


def test_sitemap_has_absolute_urls_of_every_page(site: Path) -> None:
    root = ET.parse(site / "sitemap.xml").getroot()
    locs = [u.findtext("{http://www.sitemaps.org/schemas/sitemap/0.9}loc") for u in root]
    assert all(loc.startswith("https://example.org/paibang/") for loc in locs)
    listed = set(locs)
    for page in pages(site):
        relative = page.relative_to(site).as_posix()
        if relative.startswith("search/"):
            continue
        url = "https://example.org/paibang/" + relative.removesuffix("index.html")
        assert url in listed, url


def test_without_base_url_no_sitemap_and_the_feed_links_relatively(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    site_yaml = content / "site.yaml"
    site_yaml.write_text(re.sub(r"^base_url:.*\n", "", read(site_yaml), flags=re.M), encoding="utf-8")
    out = render(content, tmp_path / "out")
    assert not (out / "sitemap.xml").exists()
    feed = ET.parse(out / "feed.xml").getroot()
    assert all(not e.find(f"{ATOM}link").get("href").startswith("http") for e in feed.findall(f"{ATOM}entry"))
    assert "canonical" not in read(out / "index.html")


def test_feed_and_index_escape_hostile_text(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    event = content / BRIDGE / "event.yaml"
    event.write_text(read(event).replace("title: 动物科学学院桥牌大赛", 'title: "桥牌</script><b>&赛"', 1),
                     encoding="utf-8")
    out = render(content, tmp_path / "out")
    ET.parse(out / "feed.xml")  # still well-formed
    assert "</script>" not in read(out / "assets/search-index.js")
    for page in pages(out):
        assert "</script><b>" not in read(page)


# --- reproducible -------------------------------------------------------------------------------


def test_two_renders_are_byte_identical(tmp_path: Path, site: Path) -> None:
    again = render(CONTENT, tmp_path / "again")
    first = {p.relative_to(site): site_bytes(p) for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): site_bytes(p) for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


# --- board pages (travellers) of duplicate stages ----------------------------------------------


def test_a_game_with_travellers_gets_a_page_per_board(tmp_path: Path, monkeypatch) -> None:
    """A game whose RULES has `travellers(stage, rounds)` gets /events/<slug>/<stage>/boards/<n>/,
    linked from the stage page, with its own `games/<game>_traveller.html` laid inside."""
    from dataclasses import dataclass

    from generator.games import GAMES
    from generator.render import html as site_html

    @dataclass
    class Traveller:
        board: int
        results: list[int]

    class WithTravellers:
        def __init__(self, rules):
            self.rules = rules

        def __getattr__(self, name):
            return getattr(self.rules, name)

        def traveller_rows(self, stage, rounds, travellers=None):
            return None  # (its travellers are its own: no spreadsheet rows made of them)

        def travellers(self, stage, rounds):
            boards = sorted({row["board"] for r in rounds for t in r.tables for row in t.boards})
            return [Traveller(b, [row["ns"] for r in rounds for t in r.tables for row in t.boards
                                  if row["board"] == b]) for b in boards]

    own = tmp_path / "templates" / "games"
    own.mkdir(parents=True)
    (own / "bridge_traveller.html").write_text(
        '<p class="traveller">{{ traveller.board }}: {{ traveller.results|join(",") }}</p>\n', encoding="utf-8")
    monkeypatch.setitem(GAMES, "bridge", WithTravellers(GAMES["bridge"]))
    monkeypatch.setattr(site_html, "TEMPLATE_DIRS", [tmp_path / "templates", *site_html.TEMPLATE_DIRS])
    out = render(CONTENT, tmp_path / "out")
    stage = read(out / BRIDGE / "prelim/index.html")
    assert 'href="../../../events/dongke-bridge-2015/prelim/boards/1/index.html"' in stage
    board = read(out / BRIDGE / "prelim/boards/3/index.html")
    assert '<p class="traveller">3: ' in board and 'rel="prev"' in board and 'rel="next"' in board
    assert not (out / BRIDGE / "prelim/boards/9").exists()  # the prelim has 8 boards
    assert (out / BRIDGE / "final/boards/16/index.html").is_file()
    assert 'rel="next"' not in read(out / BRIDGE / "final/boards/16/index.html")


# --- the renderer's shortcuts ---------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["zh-Hans", "en"])
def test_pages_are_byte_for_byte_what_stock_jinja_renders(site: Path, tmp_path: Path, locale: str) -> None:
    """html.py compiles words into templates and shortens Jinja's calls and output (Jinja 3.1
    internals): the demo site must be exactly what Jinja's own context and compiler give."""
    content = copy_content(tmp_path)
    event = content / BRIDGE / "event.yaml"  # text that must be escaped, in names shown everywhere
    event.write_text(read(event).replace("name: 动科一队", """name: '动科<一>队 & "A'' 1"'""", 1), encoding="utf-8")
    if locale != "zh-Hans":
        site_yaml = content / "site.yaml"
        site_yaml.write_text(read(site_yaml).replace("locale: zh-Hans", f"locale: {locale}"), encoding="utf-8")
    fast = render(content, tmp_path / "fast")
    stock = render(content, tmp_path / "stock", stock_jinja=True)
    names = sorted(p.relative_to(fast) for p in fast.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(stock) for p in stock.rglob("*") if p.is_file()) and len(names) > 600
    assert [n for n in names if (fast / n).read_bytes() != (stock / n).read_bytes()] == []


@pytest.mark.parametrize("stock", [False, True], ids=["fast", "stock"])
def test_a_plain_function_raising_stop_iteration_gives_undefined_as_in_jinja(stock: bool) -> None:
    """Jinja makes a callable's StopIteration an undefined value; fast_jinja's direct call of a
    function it has found plain (the second call on) does the same, in a loop and outside."""
    from generator.render import html as html_module

    def stop(*args: object, **kwargs: object) -> str:
        raise StopIteration

    env = html_module.environment("en", stock=stock)
    env.globals["stop"] = stop
    template = env.from_string('{% for n in range(3) %}{{ stop(n)|default("none") }},{% endfor %}'
                               '{{ stop() is defined }}{{ stop(1, b=2)|default("!") }}')
    assert template.render() == template.render() == "none,none,none,False!"
    with pytest.raises(jinja2.UndefinedError):  # StrictUndefined, shown: an error either way
        env.from_string("{{ stop() }}").render()


@pytest.mark.parametrize("stock", [False, True], ids=["fast", "stock"])
def test_an_attribute_missing_reads_the_item_as_in_jinja(stock: bool) -> None:
    """Jinja reads `a.b` as the attribute b, else the item "b", else undefined; fast_jinja's
    pages read the attribute straight away, and a page where one is missing is rendered again
    the exact way (fast_jinja.Environment.exact): the same text, a dict's keys, `is defined` and
    a method's name included, and the same error for an undefined value shown."""
    from generator.render import html as html_module

    class Seat:
        name = "N"

    env = html_module.environment("en", stock=stock)
    template = env.from_string("{{ seat.name }}-{{ d.key }}-{{ d.items is defined }}-{{ seat.gone is defined }}-"
                               "{{ d.gone|default('none') }}-{% for k in d.keys() %}{{ k }}{% endfor %}")
    context = {"seat": Seat(), "d": {"key": "v", "items": "shadowed"}}
    assert template.render(**context) == template.render(**context) == "N-v-True-False-none-keyitems"
    with pytest.raises(jinja2.UndefinedError):  # StrictUndefined, shown: an error either way
        env.from_string("{{ seat.gone }}").render(seat=Seat())


def test_nested_calls_compile_to_code_in_proportion_to_their_depth() -> None:
    """fast_jinja writes a call's arguments once, whichever way the call goes (straight to a
    plain function, or through the context): two expressions of twelve nested calls, functions
    and macros in turn, are under 10,000 characters of code (5,093; written once for each
    way, the innermost argument was written 2^12 times: 1,361,791), and render what stock Jinja
    renders, the first time (every call through the context) and the second (the functions
    called straight away)."""
    from markupsafe import Markup, escape

    from generator.render import html as html_module

    depth = 12
    calls = "".join("m(" if n % 3 == 2 else "wrap(" for n in range(depth))
    ends = "".join(")" if n % 3 == 2 else ', end="&")' for n in reversed(range(depth)))
    source = ('{% macro m(x) %}[{{ x }}]{% endmacro %}'
              "{% for i in range(2) %}{{ " + calls + "i" + ends + " }};{% endfor %}" + "{{ " + calls + "'\"'" + ends + " }}")

    def wrap(x: object, end: str = "") -> str:
        return f"<{x}>{end}"

    rendered = []
    for stock in (False, True):
        env = html_module.environment("en", stock=stock)
        env.globals["wrap"] = wrap
        if not stock:
            assert len(env.compile(source, raw=True)) < 10_000
        template = env.from_string(source)
        rendered += [template.render(), template.render()]

    def nested(value: object) -> object:  # what the template computes, worked in Python
        for n in reversed(range(depth)):
            value = Markup(f"[{escape(value)}]") if n % 3 == 2 else wrap(value, end="&")
        return value

    assert rendered == [f"{escape(nested(0))};{escape(nested(1))};{escape(nested(chr(34)))}"] * 4
    assert rendered[0].startswith("&lt;&lt;[&amp;lt;&amp;lt;[") and "[0]&amp;amp;amp;gt;" in rendered[0]


def test_compiled_templates_are_kept_between_builds_per_locale_and_version(tmp_path: Path, monkeypatch) -> None:
    """Like Python's __pycache__: a second environment of the same locale and code loads each
    template's compiled code instead of compiling it, and renders the same page; another locale
    compiles its own beside it; another version of the code compiles anew (and the other
    version's folder goes)."""
    from generator.render import fast_jinja
    from generator.render import html as html_module

    monkeypatch.setattr(html_module, "TEMPLATES", tmp_path)  # they are kept in TEMPLATES/__pycache__
    folder = tmp_path / "__pycache__"
    compiled: list[str] = []
    compile_template = fast_jinja.Environment.compile
    monkeypatch.setattr(fast_jinja.Environment, "compile",
                        lambda self, source, name=None, *args, **kwargs:
                        compiled.append(name) or compile_template(self, source, name, *args, **kwargs))

    def page(locale: str) -> str:
        site = SimpleNamespace(title="牌榜", organization=None)
        return html_module.environment(locale).get_template("search.html").render(
            page=html_module.Page("search/index.html"), root="../", site=site, canonical=None)

    first = page("zh-Hans")
    assert "search.html" in compiled and len(list(folder.iterdir())) == 1
    compiled.clear()
    assert page("zh-Hans") == first and compiled == []  # loaded, not compiled
    assert page("en") != first and "search.html" in compiled  # its own words: compiled for it
    compiled.clear()
    assert page("zh-Hans") == first and page("en") and compiled == []  # both kept
    monkeypatch.setattr(html_module, "code_digest", lambda: "another version of paibang")
    assert page("zh-Hans") == first and "search.html" in compiled
    assert len(list(folder.iterdir())) == 1  # the other versions' folders are gone




def test_a_tables_rows_are_rendered_once_and_read_as_rendered_on_every_page(tmp_path: Path, monkeypatch) -> None:
    """A table is on its round's page and on both entries' pages; the cells of its rows are
    rendered once per event and shown again (html.shared_rows). Every page must read exactly as
    when each page renders its own rows (nothing kept: SHARED_PARTS_LIMIT 0), with a third or
    so of the rows rendered."""
    from generator.render import html as site_html

    content = demo_content(tmp_path, "dongke-bridge-2015", "qiaoyou-club-pairs-2024", "gaoxiao-bridge-teams-2024",
                           "chem-park-daguai-2016", "hefei-80fen-pairs-2012", "hefei-80fen-teams-2012")
    rendered: list[int] = []
    own = site_html.shared_rows

    def counted(owner, root, showings, cells):  # noqa: ANN001, ANN202
        def cell(row):  # noqa: ANN001, ANN202
            rendered.append(1)
            return cells(row)
        return own(owner, root, showings, cell)

    def render_here(out: Path) -> Path:  # in this process, where the rows are counted
        site, results, _ = validate(content)
        render_site(site, results, {}, OutputTree(out), workers=1)
        return out

    limit = site_html.SHARED_PARTS_LIMIT
    monkeypatch.setattr(site_html, "shared_rows", counted)
    monkeypatch.setattr(site_html, "SHARED_PARTS_LIMIT", 0)
    alone = render_here(tmp_path / "alone")
    each_page = len(rendered)
    monkeypatch.setattr(site_html, "SHARED_PARTS_LIMIT", limit)
    rendered.clear()
    shared = render_here(tmp_path / "shared")
    names = sorted(p.relative_to(alone) for p in alone.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(shared) for p in shared.rglob("*") if p.is_file())
    assert [n for n in names if (alone / n).read_bytes() != (shared / n).read_bytes()] == []
    assert each_page > 1000 and len(rendered) * 2 < each_page, (each_page, len(rendered))



def test_reading_and_rendering_the_demo_leaves_nothing_for_the_cycle_collector(tmp_path: Path) -> None:
    """The build runs without the cycle collector, and its readers and render workers collect
    between events: an event read, or a page rendered, must leave no cycles behind (a Jinja
    context holding its macros, which hold it; a nested function calling itself, holding the
    event), else each one waits in memory, page values and all, until it is collected. (What
    lives as long as the build, its environment and who is who, is kept here meanwhile.)"""
    import gc

    from generator.render import html as html_module
    from generator.render.players import collect_people

    def left_by(make: Callable[[], object]) -> list[str]:
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            make()
            gc.collect()
            return sorted({f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage
                           if type(o).__module__.startswith(("generator.", "jinja2."))})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()

    enabled = gc.isenabled()
    gc.disable()
    try:
        assert left_by(lambda: validate(CONTENT, workers=1)) == []
        site, results, _ = validate(CONTENT, workers=1)
        env = html_module.environment(site.locale, collect_people(results))
        tree = OutputTree(tmp_path)

        def render_events() -> None:
            for result in results:
                html_module.render_event(env, site, result, [], html_module.SiteWriter(site, tree))

        assert left_by(render_events) == []
        assert len(tree.written) > 300
    finally:
        if enabled:
            gc.enable()


def _fast_and_stock(folder: Path) -> list[tuple[bool, jinja2.Environment]]:
    """The site's environment with fast_jinja and with stock Jinja, each loading from `folder`:
    a template rendered by both must read the same."""
    from generator.render import html as html_module

    found = []
    for stock in (False, True):
        env = html_module.environment("en", stock=stock)
        env.loader = jinja2.FileSystemLoader([folder])
        found.append((stock, env))
    return found


def _page_by_both(folder: Path, look_at_code: Callable[[str], object], **context: object) -> list[str]:
    """`folder`'s page.html rendered with `context` by fast_jinja, then by stock Jinja;
    `look_at_code` is given the Python source fast_jinja compiled it to (what a speed change
    must show in it)."""
    rendered = []
    for stock, env in _fast_and_stock(folder):
        if not stock:
            look_at_code(env.compile(env.loader.get_source(env, "page.html")[0], "page.html", raw=True))
        rendered.append(env.get_template("page.html").render(**context))
    return rendered


def _undefined_fails_in_both(folder: Path, source: str) -> None:
    """`source` fails with Jinja's UndefinedError under fast_jinja and stock Jinja alike."""
    for _, env in _fast_and_stock(folder):
        with pytest.raises(jinja2.UndefinedError):
            env.from_string(source).render()


def test_loops_includes_and_joins_read_as_in_jinja(tmp_path: Path) -> None:
    """fast_jinja steps `loop` by a generator, gives an included template the including one's
    variables without copying the page's, and joins `a ~ b` of plain strs straight away: the
    same text as stock Jinja, for `loop`'s every attribute (peeking ahead with `last` and
    `nextitem`, a generator's `length` read mid-loop, `changed`, `cycle`, an `else`), an
    include's view of the page's, the includer's and its loop's variables and of its own `set`
    (which the includer does not see), and a join with Markup, numbers and text to escape."""
    from markupsafe import Markup

    (tmp_path / "inc.html").write_text(
        "[{{ page_value }}|{{ own }}|{{ item }}|{{ loop.index }}{% set own = 'inner' %}|{{ own }}]", encoding="utf-8")
    (tmp_path / "page.html").write_text(
        "{% set own = 'outer' %}"
        "{% for item in items %}{{ loop.index0 }}{{ loop.first }}{{ loop.last }}{{ loop.nextitem|default('-') }}"
        "{{ loop.previtem|default('-') }}{{ loop.revindex }}{{ loop.changed(item > 1) }}{{ loop.cycle('a', 'b') }}"
        "{% include 'inc.html' %};{% endfor %}"
        "{% for n in numbers() %}{% if loop.index == 2 %}{{ loop.length }}{% endif %}{{ n }}{{ loop.last }},{% endfor %}"
        "{% for x in [] %}{{ x }}{% else %}empty{% endfor %}|{{ own }}|"
        "{{ 'a<' ~ 1 ~ 'b' }}{{ 'c' ~ safe ~ '<d' }}{{ (2 ~ 3) }}", encoding="utf-8")
    rendered = [env.get_template("page.html").render(
        items=[1, 2, 3], page_value="<p>", numbers=lambda: (n for n in range(4)), safe=Markup("<b>"))
        for _, env in _fast_and_stock(tmp_path)]
    assert rendered[0] == rendered[1]
    assert "2FalseTrue-2" in rendered[0] and "[&lt;p&gt;|outer|3|3|inner]" in rendered[0] and "empty|outer|" in rendered[0]
    assert rendered[0].endswith("a&lt;1bc<b>&lt;d23")


def test_names_are_looked_up_in_place_and_read_as_in_jinja(tmp_path: Path) -> None:
    """fast_jinja resolves a template's names where each function (and each step of a loop)
    starts, by two dict lookups written in place rather than a call of the context's
    resolve_or_missing (a speed change: the compiled code holds no such call). The same text
    as stock Jinja for a page's variable, a global, a name the page's own `set` gives (before
    and after it), an includer's `set` and loop variable seen by an include, a macro's reading
    of the page's names, and a missing name shown (an error either way)."""
    (tmp_path / "inc.html").write_text("<{{ item }}:{{ own }}:{{ value }}:{{ lang }}>", encoding="utf-8")
    (tmp_path / "page.html").write_text(
        "{% macro show() %}({{ value }}{{ own|default('?') }}){% endmacro %}"
        "{{ show() }}{{ value }}{% set own = 'set' %}{{ own }}{{ show() }}"
        "{% for item in items %}{% set value = item * 2 %}{% include 'inc.html' %}{{ value }}{% endfor %}"
        "{{ value }}{{ lang }}", encoding="utf-8")
    def look_at(code: str) -> None:
        assert "resolve(" not in code and "_rv[" in code

    rendered = _page_by_both(tmp_path, look_at, items=[1, 2], value="<v>")
    _undefined_fails_in_both(tmp_path, "{% for i in [1] %}{{ gone }}{% endfor %}")
    assert rendered[0] == rendered[1]
    assert rendered[0].startswith("(&lt;v&gt;?)&lt;v&gt;set(&lt;v&gt;set)<1:set:2:en>2<2:set:4:en>4&lt;v&gt;en")


@pytest.mark.parametrize("stock", [False, True], ids=["fast", "stock"])
def test_a_subscript_missing_reads_the_attribute_as_in_jinja(stock: bool) -> None:
    """Jinja reads `a[b]` as the item b, else (a str b) the attribute b, else undefined;
    fast_jinja's pages subscript straight away (their code holds no call of
    environment.getitem), and a page where a subscript fails is rendered again the exact way
    (fast_jinja.Environment.exact): the same text, `is defined`, a default and an object read by
    name included, and the same error for an undefined value shown."""
    from generator.render import html as html_module

    class Seat:
        name = "N"

    env = html_module.environment("en", stock=stock)
    template = env.from_string("{{ d['k'] }}-{{ d[k] }}-{{ items[1] }}-{{ d['gone'] is defined }}-{{ seat['name'] }}-"
                               "{{ items[5]|default('none') }}-{{ items[1:]|length }}")
    context = {"d": {"k": "<v>"}, "k": "k", "items": [1, 2, 3], "seat": Seat()}
    assert template.render(**context) == template.render(**context) == "&lt;v&gt;-&lt;v&gt;-2-False-N-none-2"
    with pytest.raises(jinja2.UndefinedError):  # StrictUndefined, shown: an error either way
        env.from_string("{{ d['gone'] }}").render(d={})
    if not stock:
        assert "environment.getitem" not in env.compile("{{ d['k'] }}{{ items[i] }}", raw=True)


def test_filters_are_jinjas_plain_functions_and_read_as_in_jinja() -> None:
    """Jinja's filters that have an async twin (join, sum, map, selectattr, first, list, …) are
    wrappers asking at every call whether the environment is async; fast_jinja's environment
    never is, and has the plain functions (a speed change): the same text as stock Jinja."""
    import markupsafe

    from generator.render import html as html_module

    fast, stock = html_module.environment("en"), html_module.environment("en", stock=True)
    assert [name for name, f in fast.filters.items() if getattr(f, "jinja_async_variant", False)] == []
    assert fast.filters["join"] is jinja2.filters.sync_do_join
    assert any(getattr(f, "jinja_async_variant", False) for f in stock.filters.values())
    source = ("{{ xs|join(', ') }}|{{ xs|sum }}|{{ people|map(attribute='n')|join('·') }}|"
              "{{ people|selectattr('n')|list|length }}|{{ people|rejectattr('n')|list|length }}|{{ xs|first }}|"
              "{{ xs|list|last }}|{{ ['<a>', safe]|join(' ') }}")
    context = {"xs": [3, 1, 2], "people": [{"n": "<b>"}, {"n": ""}], "safe": markupsafe.Markup("<i>")}
    assert fast.from_string(source).render(**context) == stock.from_string(source).render(**context) == (
        "3, 1, 2|6|&lt;b&gt;·|1|1|3|2|&lt;a&gt; <i>")


def test_no_global_or_filter_of_the_site_is_given_the_context() -> None:
    """fast_jinja looks up the names a loop's body only reads once, before the loop (visit_For):
    right while nothing called inside a body can set the page's variables, which only a function
    Jinja gives the context (@pass_context) could. None of the site's globals, filters or tests is
    such a function (Jinja's own map, select and the like are given it to call filters and tests
    by name, and set nothing); one added must make the loop look its names up at every step again."""
    from jinja2.utils import _PassArg

    from generator.render import html as html_module

    for lang in ("zh-Hans", "en"):
        env = html_module.environment(lang)
        for kind, found in (("global", env.globals), ("filter", env.filters), ("test", env.tests)):
            given = [name for name, value in found.items() if _PassArg.from_obj(value) is _PassArg.context
                     and not getattr(value, "__module__", "").startswith("jinja2.")]
            assert not given, f"{kind}s given the context: {given}"


def test_a_loop_looks_up_the_names_it_only_reads_once(tmp_path: Path) -> None:
    """fast_jinja looks up a name of the context that a loop's body reads and never sets once,
    before the loop, not at every step (a speed change); a name the body may set is still looked
    up at every step, as Jinja does: the same text as stock Jinja, in a loop run twice (inside
    another)."""
    (tmp_path / "page.html").write_text(
        "{% for round in [1, 2] %}{% for x in xs %}{{ name }}{{ x }}{% if x > 1 %}{% set p = x %}{% endif %}{{ p }};"
        "{% endfor %}/{% endfor %}", encoding="utf-8")
    def look_at(code: str) -> None:
        loop = code.index("for l_2_x in")
        assert code.index("l_2_name = _rv['name']") < loop < code.index("l_2_p = _rv['p']")
        assert code.index("l_1_xs = _rv['xs']") < code.index("for l_1_round in")

    rendered = _page_by_both(tmp_path, look_at, xs=[1, 2, 3], name="<n>", p="c")
    assert rendered[0] == rendered[1] == "&lt;n&gt;1c;&lt;n&gt;22;&lt;n&gt;33;/" * 2


def test_a_loop_reading_only_its_count_is_counted_and_reads_as_in_jinja(tmp_path: Path) -> None:
    """fast_jinja counts a loop whose body reads nothing of `loop` but index0, index and first
    by enumerate, without Jinja's loop object (a speed change: the compiled code makes none for
    it); a loop reading more (last, `loop` itself), one with an `else`, one whose body includes a
    template (which sees `loop`) and one around a loop reading its own `loop.last` keep Jinja's.
    The same text as stock Jinja for each, a generator, a tuple target and an undefined value's
    error included."""
    (tmp_path / "inc.html").write_text("<{{ loop.index }}>", encoding="utf-8")
    (tmp_path / "page.html").write_text(
        "{% for x in xs %}{{ loop.index0 }}{{ loop.index }}{{ loop.first }}{{ x }}{% if loop.first %}!{% endif %};{% endfor %}|"
        "{% for a, b in pairs %}{% for y in xs %}{{ loop.index }}{{ a }}{{ y }}{% endfor %}{{ b }}{{ loop.index0 }},{% endfor %}|"
        "{% for x in gen() %}{{ loop.index }}{{ x }}{% endfor %}|"
        "{% for x in xs %}{{ loop.last }}{% endfor %}|{% for x in xs %}{{ loop.index }}{% else %}none{% endfor %}|"
        "{% for x in xs %}{{ loop.index }}{% include 'inc.html' %}{% endfor %}|"
        "{% for x in xs %}{{ loop.index }}{% for y in xs %}{{ loop.last }}{% endfor %}{% endfor %}", encoding="utf-8")
    context = {"xs": ["<a>", "b", "c"], "pairs": [(1, "p"), (2, "q")], "gen": lambda: (n * 10 for n in range(3))}
    def look_at(code: str) -> None:
        assert len(re.findall(r"for \(l_\d+__fj_index0, ", code)) == 4 and code.count("in LoopContext(") == 5

    rendered = _page_by_both(tmp_path, look_at, **context)
    _undefined_fails_in_both(tmp_path, "{% for x in gone %}{{ loop.index }}{% endfor %}")
    assert rendered[0] == rendered[1]
    assert rendered[0] == ("01True&lt;a&gt;!;12Falseb;23Falsec;|11&lt;a&gt;21b31cp0,12&lt;a&gt;22b32cq1,|10210320|"
                           "FalseFalseTrue|123|1<1>2<2>3<3>|1FalseFalseTrue2FalseFalseTrue3FalseFalseTrue")


def test_no_demo_page_is_rendered_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page of the demo site renders the direct way (fast_jinja's): none stops where Jinja
    goes on, to be rendered again by its exact twin (fast_jinja.Environment.exact): that would
    cost the page twice, and run twice whatever it calls. A template written so that it takes
    that way fails here."""
    from generator.render import fast_jinja

    def twice(self: object) -> object:
        raise AssertionError("a page rendered twice: its direct code stopped where Jinja goes on")

    monkeypatch.setattr(fast_jinja.Environment, "exact", twice)
    out = render(CONTENT, tmp_path / "output")
    assert len(list(out.rglob("*.html"))) > 500


@pytest.mark.parametrize("name", ["a generator", "an iterator"])
def test_a_page_handed_a_one_shot_iterator_fails_rather_than_show_what_is_left_of_it(name: str) -> None:
    """A page stopped where Jinja goes on is rendered again by its exact twin, which reads its
    values again: an iterator the first rendering used, partly, would then show only what was
    left of it. Such a page fails instead, saying why; the same page handed a list renders as
    Jinja renders it."""
    from generator.render import html as html_module

    class Seat:
        name = "N"

    env = html_module.environment("en")
    template = env.from_string("{% for r in rows %}{{ r }},{% endfor %}{{ seat.gone|default('-') }}")
    rows = (n for n in range(3)) if name == "a generator" else iter([0, 1, 2])
    with pytest.raises(AttributeError) as failed:
        template.render(rows=rows, seat=Seat())
    assert "rows can be read once only" in "\n".join(failed.value.__notes__)
    assert template.render(rows=[0, 1, 2], seat=Seat()) == "0,1,2,-"


def test_the_advance_rule_names_the_entries_that_skip_the_stage_and_no_others(site: Path) -> None:
    """"轮空者直接晋级" was printed under every stage that qualifies, where a Swiss's round byes
    made it read as if a team that had a bye went through. Entries that skip the stage (`bye:
    true`) are named; a stage without them says only who goes through."""
    swiss = (site / "events/tongxin-guandan-2025/swiss/index.html").read_text(encoding="utf-8")
    assert "<p>前 8 名晋级淘汰赛。</p>" in swiss and "轮空者" not in swiss
    prelim = (site / "events/dongke-bridge-2015/prelim/index.html").read_text(encoding="utf-8")
    assert "<p>前 15 名晋级决赛；A34 不参加本阶段，直接进入决赛。</p>" in prelim


def test_a_teams_stage_draw_rules_name_the_home_team_first(site: Path, tmp_path: Path) -> None:
    """A bridge teams round robin writes its home team first (home/away): the stage's draw
    rules said "南北方", a pairs stage's word. The demo's rounds were written by hand, and its
    page says so; with its last round to draw, the rules pair completes them by name the home
    team as the first side too."""
    page = (site / "events/gaoxiao-bridge-teams-2024/teams/index.html").read_text(encoding="utf-8")
    assert "各轮对阵是手写的，不是按伯格编排表编排的" in page and "南北方" not in page
    content = demo_content(tmp_path, "gaoxiao-bridge-teams-2024")
    (content / "events/gaoxiao-bridge-teams-2024/results/round-5.yaml").unlink()
    out = tmp_path / "out"
    site_of, results, _ = validate(content)
    render_site(site_of, results, {}, OutputTree(out), workers=1)
    page = (out / "events/gaoxiao-bridge-teams-2024/teams/index.html").read_text(encoding="utf-8")
    assert "以后各轮编排时补全它们" in page and "写在前面的一方（主队）是此前坐在前面次数较少的一方" in page
    assert "南北方" not in page


def test_a_notices_table_without_a_heading_is_named_by_its_header_row() -> None:
    from generator.render.html import _notice_html

    made = _notice_html("| 跑头家的结果 | 得分 |\n| --- | ---: |\n| 抓住对方三家 | 8 |\n")
    name = re.search(r'<table aria-labelledby="([^"]+)">\s*<thead>\s*<tr id="([^"]+)">', made)
    assert name and name[1] == name[2], made
    assert re.findall(r"<th(?=[\s>])[^>]*>", made) == ['<th scope="col">'] * 2


def test_a_players_place_link_is_named_by_what_it_leads_to(site: Path) -> None:
    # a player's history linked their place to the stage's standings with "3" as its only text:
    # a screen reader said "3, link". It is named by the standings it leads to and the place
    # (a tie's as words, as its row says it), the number shown in the name too
    links = tied = 0
    for page in sorted(site.glob("players/*/index.html")):
        for attributes, shown in re.findall(r'<a href="[^"]*#entry-[^"]*"([^>]*)>(.*?)</a>', read(page)):
            number = re.sub(r"<span class=\"visually-hidden\">.*?</span>|<[^>]+>", "", shown).rstrip("=")
            if not number.isdigit():
                continue
            links += 1
            name = re.fullmatch(r' aria-label="([^"]+)"', attributes)
            assert name and re.fullmatch(rf"\S+排名：(并列)?第 {number} 名", name[1]), (page, attributes, shown)
            tied += shown.count("=") and "并列" in name[1]
    assert links > 100 and tied > 0


def test_a_knockouts_rounds_are_named_where_rounds_are(site: Path) -> None:
    # a knockout's round pages were 第 1/2/3 轮 alone, in their titles, headings and links: a
    # member looking for the final had to open each; named as the bracket heads them
    ko = site / "events/tongxin-guandan-2025/ko"
    names = {1: "第 1 轮（四分之一决赛）", 2: "第 2 轮（半决赛）", 3: "第 3 轮（决赛、三四名决赛）"}
    for number, name in names.items():
        page = read(ko / f"round-{number}/index.html")
        assert f"<title>淘汰赛 {name} · " in page and re.search(f"<h1>[^<]* · 淘汰赛 · {name}</h1>", page), number
        assert re.findall(r'<nav class="rounds"[^>]*>(.*?)</nav>', page, flags=re.S)
        shown = re.findall(r'<a href="[^"]*round-(\d)/index.html"[^>]*>([^<]*)</a>', page.split("<h1>", 1)[1].split("</nav>", 1)[0])
        assert shown == [(str(n), words) for n, words in names.items()], shown
    stage = read(ko / "index.html").split('<nav class="rounds strip"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r">([^<]+)</a>", stage) == list(names.values())
    # an entry's match list names the match it played there
    rows = lambda entry: re.findall(r'<th role="rowheader" scope="row">(第 \d 轮[^<]*)</th>', read(site / f"events/tongxin-guandan-2025/entries/{entry}/index.html"))
    assert rows("T08")[-3:] == ["第 1 轮（四分之一决赛）", "第 2 轮（半决赛）", "第 3 轮（决赛）"], rows("T08")
    assert rows("T09")[-1] == "第 3 轮（三四名决赛）" and rows("T09")[0] == "第 1 轮"  # (its Swiss rounds: numbers)
    # a round of another format keeps its number alone
    assert re.search(r"<h1>[^<]* · 第 1 轮</h1>", read(site / "events/tongxin-guandan-2025/swiss/round-1/index.html"))
