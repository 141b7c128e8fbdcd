"""Content in Chinese on an English page is marked as Chinese (lang), so that a screen reader reads
双人赛, 初赛 and 唐秀英 with a Chinese voice, not an English one: an English site's pages set only
<html lang="en">. The marks sit on the elements that hold content (a heading, a cell of names, a
side's names), only where their text has Chinese characters; a Chinese site's pages do not change.
site.yaml's content_locale names the content's language where it is not zh-Hans (zh-Hant)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from generator.render import html
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
    assert re.search(r'<td class="wrap" lang="zh-Hans"><a class="person" [^>]*>[^<]*</a>', standings)
    assert '<td class="line meta-card" lang="zh-Hans">13级动物科学1班</td>' in standings
    assert not re.search(r'<td class="num"[^>]* lang=', standings)
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
