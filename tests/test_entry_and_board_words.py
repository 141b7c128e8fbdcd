"""What a screen reader's list of links and an English board page say: an entry's links to its
tables named with their round (nine links all "第 1 桌" were one), and a board page's note on the
double-dummy table a sentence that starts as one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import rendered_demo


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rendered_demo(tmp_path_factory.mktemp("english"), "en")


def test_an_entrys_table_links_are_named_with_their_round(english: Path) -> None:
    for page in ("events/qiaoyou-club-pairs-2024/entries/P01/index.html", "events/tongxin-guandan-2025/entries/T17/index.html"):
        html = (english / page).read_text(encoding="utf-8")
        start = html.index('<table class="summary')
        summary = html[start:html.index("</table>", start)]
        links = re.findall(r'<a href="[^"]*#table-\d+"(?: aria-label="([^"]*)")?>([^<]*)</a>', summary)
        assert len(links) >= 2, page
        names = [label for label, _ in links]
        # each named by its round and its table, the words shown within it (WCAG's label in name)
        assert all(label and shown in label and re.match(r"Round \d", label) for label, shown in links), links
        assert len(set(names)) == len(names), names


def test_an_english_board_pages_note_starts_with_a_capital(english: Path) -> None:
    html = (english / "events/qiaoyou-club-pairs-2024/pairs/boards/1/index.html").read_text(encoding="utf-8")
    assert '<p class="meta">The level each declarer makes with all four hands in view' in html
