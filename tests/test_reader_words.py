"""Public pages speak the reader's language: a member reading the draw rules, the knockout's
rules or how players are matched meets no event.yaml key, file name or paibang command — those
are the secretary's words (check's messages, the pair comments, the desk), not the reader's."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator import catalogues
from generator.cli import main
from tests.support import demo_content, replace

ROOT = Path(__file__).resolve().parents[1]

# What a member must not meet in a public page's text (links and attributes aside).
SECRETARY_WORDS = re.compile(r"draw_seed|\.yaml|paibang (?:check|pair|import|build|new|desk|print)|`"
                             r"|substitute: true|adjusted: session|\(seeding\)|（seeding）")
# YAML keys a Chinese page would show as Latin words among the Chinese (an English page uses
# "entries", "teams" and "withdrawn" as plain English, so these are checked on Chinese pages only).
KEYS_IN_CHINESE = re.compile(r"(?<![A-Za-z_])(?:players|teams|entries|id|seeding|withdrawn|substitute|adjusted"
                             r"|rank_by|format|stages|pair)(?![A-Za-z_])")


class _Text(HTMLParser):
    """A page's text as read: no tags, attributes (URLs), scripts or styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs) -> None:
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data) -> None:
        if not self.hidden:
            self.parts.append(data)


def _texts(site: Path):
    for page in sorted(site.rglob("*.html")):
        reader = _Text()
        reader.feed(page.read_text(encoding="utf-8"))
        yield page.relative_to(site), " ".join(reader.parts)


def _found(site: Path, *patterns: re.Pattern) -> list[str]:
    return [f"{page}: …{text[max(0, m.start() - 40):m.end() + 40]}…"
            for page, text in _texts(site) for pattern in patterns for m in pattern.finditer(text)]


@pytest.fixture(scope="module")
def chinese_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("zh")
    content = demo_content(folder, "tongxin-guandan-2025", "chem-park-daguai-2016", "qiaoyou-club-pairs-2024")
    out = folder / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    return out


def test_chinese_public_pages_name_no_key_file_or_command(chinese_site: Path) -> None:
    assert _found(chinese_site, SECRETARY_WORDS, KEYS_IN_CHINESE)[:5] == []
    # The draw's seed is said in the reader's terms and published, so round 1 can be repeated.
    stage = (chinese_site / "events/tongxin-guandan-2025/swiss/index.html").read_text(encoding="utf-8")
    assert "抽签的种子公布于此：20251115" in stage


def test_english_public_pages_name_no_key_file_or_command(tmp_path: Path) -> None:
    content = demo_content(tmp_path, "tongxin-guandan-2025", "chem-park-daguai-2016", "qiaoyou-club-pairs-2024")
    replace(content / "site.yaml", "locale: zh-Hans", "locale: en")
    out = tmp_path / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    assert _found(out, SECRETARY_WORDS)[:5] == []
    stage = (out / "events/tongxin-guandan-2025/swiss/index.html").read_text(encoding="utf-8")
    assert "the draw&#39;s seed, published here: 20251115" in stage or "the draw's seed, published here: 20251115" in stage


# The UI words that public pages show (stage, knockout, player and movement pages), in every
# locale: the demo does not reach them all (a round robin written by hand, a seeding list, the
# bridge session rule for adjusted scores, an event without a draw seed).
PUBLIC_WORDS = [
    "matching_rule_text", "matched_apart", "matched_by_id", "draw_rule_seed", "draw_rule_seed_none",
    "draw_rule_bye_substitute", "draw_rule_round_robin_written", "draw_rule_round_robin_by_hand",
    "draw_rule_round_robin_by_hand_tables", "ko_rule_seeds_list", "ko_rule_seed_ties", "pair_first_side_teams",
    "pair_mitchell_numbers", "pair_howell_numbers", "pair_sheet_lot", "pair_sheet_lot_unseeded",
    *(f"draw_rule_swiss_{n}" for n in range(1, 9)), *(f"draw_rule_round_robin_{n}" for n in range(1, 5)),
]


def test_public_words_in_every_locale_name_no_key_file_or_command() -> None:
    bridge = ROOT / "generator/games/bridge"
    found = []
    for key, texts in [*((k, catalogues.texts(k)) for k in PUBLIC_WORDS),
                       ("br_metric_percent_explain_session", catalogues.texts("br_metric_percent_explain_session", bridge))]:
        for locale, text in zip(catalogues.LOCALES, texts):
            if SECRETARY_WORDS.search(text) or (locale != "en" and KEYS_IN_CHINESE.search(text)):
                found.append(f"{key} ({locale}): {text}")
    assert found == []


def test_an_english_bridge_pairs_page_puts_its_own_colon_after_referee_and_winner(tmp_path: Path) -> None:
    # The seed's pairs tables (dongke: a referee at each final table, a winner in each total row)
    # wrote a full-width colon after the English "Referee" and "Winner" ("Referee：赵敏").
    content = demo_content(tmp_path, "dongke-bridge-2015")
    replace(content / "site.yaml", "locale: zh-Hans", "locale: en")
    out = tmp_path / "output"
    assert main(["build", "--no-pdf", "--content", str(content), "--output", str(out)]) == 0
    page = (out / "events/dongke-bridge-2015/final/round-1/index.html").read_text(encoding="utf-8")
    assert 'Referee: <span lang="zh-Hans">赵敏</span>' in page and re.search(r"Winner: A\d\d", page)
    latin_then_full_width = sorted({m.group(0) for p in out.rglob("*.html")
                                    for m in re.finditer(r"[A-Za-z]+\uff1a", p.read_text(encoding="utf-8"))})
    assert latin_then_full_width == []
