"""Content in Chinese on an English page is marked as Chinese (lang), so that a screen reader reads
双人赛, 初赛 and 唐秀英 with a Chinese voice, not an English one: an English site's pages set only
<html lang="en">. The marks sit on the elements that hold content (a heading, a cell of names, a
side's names), only where their text has Chinese characters; a Chinese site's pages do not change.
site.yaml's content_locale names the content's language where it is not zh-Hans (zh-Hant)."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from generator.printed import Bulletin
from generator.render import html
from generator.render.pdf import _print, bulletin_html
from support import rendered_demo

TEAMS, BRIDGE = "events/gaoxiao-bridge-teams-2024", "events/dongke-bridge-2015"


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rendered_demo(tmp_path_factory.mktemp("english"), "en")


def page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_an_english_page_marks_its_chinese_names_and_titles_as_chinese(english: Path) -> None:
    round_page = page(english, f"{TEAMS}/teams/round-1/index.html")
    assert '<html lang="en">' in round_page
    assert '<h1><span lang="zh-Hans">高校桥牌邀请赛（队式赛） · 队式赛</span> · Round 1</h1>' in round_page
    assert '<span lang="zh-Hans">理工大学 <span class="meta"> (唐秀英 / 郑伟 / 汤宏 / 谭淑珍)</span></span>' in round_page
    assert 'lang="zh-Hans">高校桥牌邀请赛（队式赛）</a>' in round_page  # the crumbs
    event = page(english, f"{BRIDGE}/index.html")
    assert '<h1 lang="zh-Hans">动物科学学院桥牌大赛</h1>' in event
    assert re.search(r'<a href="[^"]*prelim/index.html" lang="zh-Hans">初赛</a>', event)
    standings = page(english, f"{BRIDGE}/prelim/index.html")
    # each row's names and group, not its figures (read in English) nor the page's words
    assert re.search(r'<td role="cell" class="wrap" lang="zh-Hans"><a class="person" [^>]*>[^<]*</a>', standings)
    assert '<td role="cell" class="line meta-card" lang="zh-Hans">13级动物科学1班</td>' in standings
    assert not re.search(r'<td role="cell" class="num"[^>]* lang=', standings)
    entry = page(english, f"{BRIDGE}/entries/A19/index.html")
    assert re.search(r"<dt>Players</dt><dd lang=\"zh-Hans\">", entry)
    guandan = page(english, "events/tumu-guandan-2020/main/round-1/index.html")
    assert '<span lang="zh-Hans">彭冰 / 唐嘉豪</span> <strong class="level"' in guandan  # (its level apart)
    guandan = page(english, "events/tongxin-guandan-2025/swiss/round-1/index.html")
    assert '<span class="meta players" lang="zh-Hans">' in guandan


def test_a_chinese_page_and_a_latin_name_are_not_marked() -> None:
    zh_lang = html.environment("zh-Hans", content="zh-Hans").globals["zh_lang"]
    assert zh_lang("唐秀英") == ""
    english = html.environment("en", content="zh-Hans")
    assert english.globals["zh_lang"]("Mette Høgdal", "P12") == ""
    assert english.filters["zh"]("Ruter <Butler>") == "Ruter &lt;Butler&gt;"
    # content_locale: zh-Hant marks an English page's Chinese as Traditional; an English site's
    # content said to be English is not marked
    assert html.environment("en", content="zh-Hant").globals["zh_lang"]("唐秀英") == ' lang="zh-Hant"'
    assert html.environment("en", content="en").globals["zh_lang"]("唐秀英") == ""


def test_site_yaml_names_the_contents_language(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    (tmp_path / "site.yaml").write_text("title: t\nlocale: en\ncontent_locale: zh-Hant\n", encoding="utf-8")
    site, _, _ = validate(tmp_path)
    assert site.content_locale == "zh-Hant" and html.content_locale_of(site) == "zh-Hant"
    site.content_locale = None
    assert html.content_locale_of(site) == "zh-Hans"  # an English site's content: Chinese, unless said
    (tmp_path / "site.yaml").write_text("title: t\nlocale: en\ncontent_locale: fr\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as refused:
        validate(tmp_path)
    assert "content_locale" in str(refused.value.problems[0].message) and "zh-Hant" in str(refused.value.problems[0].message)


def test_a_table_box_is_named_by_its_marked_caption_not_an_unmarked_label(english: Path) -> None:
    """An attribute cannot mark part of its text as Chinese: where a box's aria-label repeated its
    table's caption ("双人赛 · Round 1 · Table 5"), the caption, marked, names it (aria-labelledby)."""
    entry = page(english, "events/qiaoyou-club-pairs-2024/entries/P15/index.html")
    assert '<div class="scroll" role="region" tabindex="0" aria-labelledby="pairs-r1-t5-c">' in entry
    assert ('<caption class="visually-hidden" id="pairs-r1-t5-c"><span lang="zh-Hans">\u53cc\u4eba\u8d5b</span>'
            ' \u00b7 Round 1 \u00b7 Table 5</caption>') in entry
    assert '<h2 id="stage-pairs"><span lang="zh-Hans">\u53cc\u4eba\u8d5b</span> \u00b7 <a' in entry
    stage = page(english, f"{BRIDGE}/prelim/index.html")
    assert '<caption id="prelim-c1"><span lang="zh-Hans">\u521d\u8d5b</span> \u00b7 ' in stage
    assert 'aria-labelledby="prelim-c1"' in stage
    # every aria-label of an English site's pages is now the page's words alone, a player's rank
    # links' too (test_a_players_rank_link_is_named_by_its_text_the_stage_marked)
    chinese_label = re.compile(r'aria-label="[^"]*[\u4e00-\u9fff]')
    labelled = [p for p in [*english.glob("events/**/*.html"), *english.glob("players/*/index.html")]
                if chinese_label.search(p.read_text(encoding="utf-8"))]
    assert labelled == []


def test_a_players_page_marks_its_caption_stages_and_partners(english: Path) -> None:
    player = next(p.read_text(encoding="utf-8") for p in english.glob("players/*/index.html")
                  if "\u745e\u58eb\u5236\u79ef\u5206\u8d5b</span> <a" in p.read_text(encoding="utf-8"))
    assert re.search(r'<caption class="visually-hidden" id="history-c"><span lang="zh-Hans">[^<]+</span>: results</caption>', player)
    assert 'aria-labelledby="history-c"' in player
    assert '<span lang="zh-Hans" aria-hidden="true">\u745e\u58eb\u5236\u79ef\u5206\u8d5b</span> <a' in player
    assert re.search(r'<td role="cell" class="line" data-label="Partners" lang="zh-Hans"><a class="person"', player)


def test_a_players_rank_link_is_named_by_its_text_the_stage_marked(english: Path, browser) -> None:  # noqa: ANN001
    """A player's rank link was named by an aria-label, "瑞士制积分赛 standings: place 6", which
    cannot mark the stage's name as Chinese: it is named by its text now, that sentence for a
    screen reader with the name marked, the rank seen ("6", "49=") hidden from it."""
    swiss = "\u745e\u58eb\u5236\u79ef\u5206\u8d5b"
    player = next(p for p in english.glob("players/*/index.html") if f"{swiss}</span> <a" in p.read_text(encoding="utf-8"))
    link = re.search(rf'<span lang="zh-Hans" aria-hidden="true">{swiss}</span> <a href="[^"]+">(.*?)</a>', player.read_text(encoding="utf-8"))[1]
    assert f'<span class="visually-hidden"><span lang="zh-Hans">{swiss}</span> standings: place ' in link, link
    heard = re.sub(r"<[^>]+>", "", re.sub(r'<span aria-hidden="true">[^<]*</span>', "", link))
    assert re.fullmatch(rf"{swiss} standings: place \d+", heard), heard
    place = heard.rsplit(" ", 1)[1]
    # as Chromium names it, and a tie's: "49=" seen, "tied for place 49" heard, once
    tied = next(p for p in english.glob("players/*/index.html") if "standings: tied for place" in p.read_text(encoding="utf-8"))
    said = re.search(r'<span class="visually-hidden"><span lang="zh-Hans">([^<]+)</span> (standings: tied for place \d+)</span></a>',
                     tied.read_text(encoding="utf-8"))
    tab = browser.new_page()
    for page_path, name in ((player, f"{swiss} standings: place {place}"), (tied, f"{said[1]} {said[2]}")):
        tab.goto(page_path.as_uri())
        assert tab.get_by_role("link", name=name, exact=True).count() >= 1, name
    tab.close()


def test_a_chinese_run_in_a_sentence_is_marked_and_its_english_is_not() -> None:
    runs = html.environment("en", content="zh-Hans").filters["zh_runs"]
    assert runs("2025\u5e74\u5e02\u76f4\u673a\u5173\u201c\u540c\u5fc3\u676f\u201d\u63bc\u86cb\u6bd4\u8d5b: swiss, round 1 results") == (
        '<span lang="zh-Hans">2025\u5e74\u5e02\u76f4\u673a\u5173\u201c\u540c\u5fc3\u676f\u201d\u63bc\u86cb\u6bd4\u8d5b</span>: swiss, round 1 results')
    assert runs("T17 \u5b88\u62a4\u961f (seed 1) <b>") == 'T17 <span lang="zh-Hans">\u5b88\u62a4\u961f</span> (seed 1) &lt;b&gt;'
    # a run from its opening bracket: "（" was left outside, read by the English voice
    assert runs("\uff08\u56db\u4eba\u961f\u5f0f\u8d5b\uff09: round 7") == (
        '<span lang="zh-Hans">\uff08\u56db\u4eba\u961f\u5f0f\u8d5b\uff09</span>: round 7')
    assert html.environment("zh-Hans", content="zh-Hans").filters["zh_runs"]("\u5b88\u62a4\u961f <b>") == "\u5b88\u62a4\u961f &lt;b&gt;"


def printed_text(pdf: Path, *args: str) -> str:
    return subprocess.run([*args, str(pdf)] + (["-"] if args[0] == "pdftotext" else []), capture_output=True,
                          check=True, text=True).stdout


def test_an_english_bulletin_marks_its_chinese_and_prints_it_as_before(tmp_path: Path) -> None:
    """The HTML WeasyPrint prints marks the names, the groups and the title's Chinese as Chinese
    (Pango shapes, breaks and picks fonts by it); the glyphs and every line break are those of
    the bulletin unmarked: a side marked whole, "(seed 1)" with it, was broken otherwise."""
    names, group, side = "\u5510\u79c0\u82f1 / \u90d1\u4f1f", "13\u7ea7\u52a8\u7269\u79d1\u5b661\u73ed", \
        "T17 \u5b88\u62a4\u961f (\u8303\u7f8e\u73b2 / \u9f9a\u4e3d\u534e) (seed 1)"
    rows = [[str(n), f"A{n:02}", names, group, side, str(1000 - n), "Qualified"] for n in range(1, 30)]
    bulletin = Bulletin("standings-prelim", "\u52a8\u7269\u79d1\u5b66\u5b66\u9662\u6865\u724c\u5927\u8d5b: \u521d\u8d5b standings",
                        "Ranked by Total.", ["Rank", "No.", "Players", "Group", "Side", "Total", "Remark"], rows,
                        "\u897f\u660c\u5b66\u9662", dt.date(2015, 5, 15), numeric={0, 5}, names={2, 3})
    marked, unmarked = bulletin_html(bulletin, "en", "zh-Hans"), bulletin_html(bulletin, "en")
    assert '<html lang="en">' in marked and 'lang="zh-Hans"' not in unmarked
    assert '<h1><span lang="zh-Hans">\u52a8\u7269\u79d1\u5b66\u5b66\u9662\u6865\u724c\u5927\u8d5b</span>: ' in marked
    assert re.search(r'<td lang="zh-Hans"><span class="word">\u5510\u79c0\u82f1</span>', marked)
    assert f'<td lang="zh-Hans"><span class="word">{group}</span></td>' in marked
    # "(seed 1)" kept whole as a bracketed piece (its space joined), outside the Chinese marks
    assert '<span class="kept">(seed\u2060 \u20601)</span>' in marked and '<td>T17 <span lang="zh-Hans">' in marked
    assert '<div lang="zh-Hans">\u897f\u660c\u5b66\u9662</div>' in marked
    pdfs = {}
    for name, text in (("marked", marked), ("unmarked", unmarked)):
        pdfs[name] = tmp_path / f"{name}.pdf"
        pdfs[name].write_bytes(_print(text))
    layout = printed_text(pdfs["marked"], "pdftotext", "-layout")
    assert "\u5510\u79c0\u82f1" in layout and "\u90d1\u4f1f" in layout and "(seed 1)" in layout
    assert layout == printed_text(pdfs["unmarked"], "pdftotext", "-layout")
    fonts = printed_text(pdfs["marked"], "pdffonts")
    assert "Noto-Serif-CJK-SC" in fonts and "JP" not in fonts


# Chinese characters, CJK punctuation and full-width forms: what an English voice cannot read
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
# elements without content or end tag
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Unmarked(HTMLParser):
    """Text holding Chinese outside any element marked Chinese (lang="zh-..."). Not scanned, and why:
    <title> (it takes no markup: the document's one language is the page's, base.html says so, its
    <h1> holds the name marked), <script> and <style> (not read), and attributes (aria-label, title,
    alt, data-label): HTML cannot mark part of an attribute's text, so no aria-label holds a Chinese
    name: a box is named by its marked caption, a player's rank link by its marked text
    (test_a_table_box_is_named_by_its_marked_caption_not_an_unmarked_label)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None, str]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _VOID:
            named = dict(attrs)
            self.stack.append((tag, named.get("lang"), named.get("class") or ""))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not _CJK.search(data) or any(tag in ("script", "style", "title") for tag, _, _ in self.stack):
            return
        lang = next((lang for _, lang, _ in reversed(self.stack) if lang), "")
        if not lang.startswith("zh"):
            tag, _, cls = self.stack[-1] if self.stack else ("", None, "")
            self.found.append((f"{tag}.{cls}", data.strip()[:40]))


def unmarked_chinese(page_html: str) -> list[tuple[str, str]]:
    """(element.class, text) of each text of `page_html` holding Chinese outside a Chinese element."""
    parser = _Unmarked()
    parser.feed(page_html)
    return parser.found


def test_no_chinese_text_on_an_english_page_is_left_unmarked(english: Path) -> None:
    """Every page of the English demo (732): its Chinese text (names, titles, venues, the header's
    site title, notices, prizes, a sentence's stage name) sits in an element marked Chinese; the
    exceptions unmarked_chinese skips say why."""
    left = {}
    for path in sorted(english.rglob("*.html")):
        found = unmarked_chinese(path.read_text(encoding="utf-8"))
        if found:
            left[str(path.relative_to(english))] = found[:3]
    assert left == {}
    index = page(english, "index.html")
    assert '<a class="brand" href="index.html" lang="zh-Hans">' in index
    # the search box: site.js marks a result holding Chinese with the form's data-lang
    assert 'data-lang="zh-Hans">' in index and "data-lang" in page(english, "assets/site.js")
    assert re.search(r'</a><span lang="zh-Hans"> \(\u8303\u7f8e\u73b2 / \u9f9a\u4e3d\u534e\)</span>', index)  # the winners' names
    entry = page(english, f"{BRIDGE}/entries/A34/index.html")
    assert "<dt>Bye</dt><dd>advances directly</dd>" in entry  # (not "Bye bye, advances directly")


def test_the_scan_finds_chinese_outside_a_marked_element() -> None:
    assert unmarked_chinese('<p>Referee: \u8d75\u654f</p><title>\u8d75\u654f</title>') == [("p.", "Referee: \u8d75\u654f")]
    assert unmarked_chinese('<p lang="zh-Hans"><a class="person">\u8d75\u654f</a><br>\u738b</p>'
                            '<a aria-label="\u8d75\u654f">x</a>') == []
    assert unmarked_chinese('<div lang="zh-Hans"><span lang="en">\u8d75</span></div>') == [("span.", "\u8d75")]
