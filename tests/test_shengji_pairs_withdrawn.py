"""An 80分 pairs movement's table drawn with a pair that has withdrawn since. 80分 has no
average-plus (Game.score_walked_out: none), so the opponent sits the round out, scored as an odd
field's sit-out is; the round's page and the opponent's page said only "本轮轮空（不打牌，不计分）"
under the two pairs' names, the withdrawal unsaid anywhere on the round's page (a Swiss round says
its withdrawn teams, a bridge pairs table "A+ (withdrawn opponent)"). Now who left is said."""

from __future__ import annotations

import re
from pathlib import Path

from generator.build import validate
from generator.render.html import render_site
from generator.render.output import OutputTree
from tests.support import demo_content, withdraw

SLUG = "hefei-80fen-pairs-2012"


def _text(page: Path) -> str:
    html = page.read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html)).split())


def test_a_table_whose_pair_withdrew_says_so_and_its_opponent_sits_out(tmp_path: Path) -> None:
    """The demo's 16-pair Mitchell after round 2 (rounds 3-7 not played yet), P12 `withdrawn: 2`
    and its round-2 table against P05 (table 5) left as drawn, no boards."""
    content = demo_content(tmp_path, SLUG)
    folder = content / "events" / SLUG
    for number in range(3, 8):
        (folder / f"results/round-{number}.yaml").unlink()
    withdraw(folder, "P12", 2)
    path = folder / "results/round-2.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    ew: P12\n    boards:\n      11: 55\n      12: 60\n" in text
    path.write_text(text.replace("    ew: P12\n    boards:\n      11: 55\n      12: 60\n", "    ew: P12\n"),
                    encoding="utf-8")
    site, results, warnings = validate(content)
    assert [w.code for w in warnings] == []
    stage = results[0].stages[0]
    standings = {s.entry.id: s.tally.metrics for s in stage.standings}
    assert stage.status == "in_progress" and stage.rounds_played == 2
    assert standings["P05"]["top"] == standings["P12"]["top"] == 4  # (its round-1 boards alone: a sit-out scores nothing)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    said = "P12 \u5df2\u9000\u8d5b\uff1a\u672c\u684c\u4e0d\u6253\uff0cP05 \u672c\u8f6e\u8f6e\u7a7a\uff08\u4e0d\u6253\u724c\uff0c\u4e0d\u8ba1\u5206\uff09"
    round_page = _text(out / "events" / SLUG / "pairs/round-2/index.html")
    assert said in round_page, round_page
    assert said in _text(out / "events" / SLUG / "entries/P05/index.html")
    assert "\u672c\u8f6e\u8f6e\u7a7a" not in _text(out / "events" / SLUG / "pairs/round-1/index.html")


def test_the_words_in_each_locale() -> None:
    from generator import catalogues

    folder = Path(__file__).resolve().parents[1] / "generator/games/shengji"
    said = {locale: catalogues.text("sj_sit_out_withdrawn", locale, folder, id="P12", staying="P05")
            for locale in catalogues.LOCALES}
    assert said["en"] == "P12 has withdrawn: this table is not played, and P05 sits the round out (no boards, no score)."
    assert said["zh-Hant"] == "P12 \u5df2\u9000\u8cfd\uff1a\u672c\u684c\u4e0d\u6253\uff0cP05 \u672c\u8f2a\u8f2a\u7a7a\uff08\u4e0d\u6253\u724c\uff0c\u4e0d\u8a08\u5206\uff09\u3002"


def test_the_readme_says_80_fen_pairs_have_no_average_plus() -> None:
    """README said every pairs table's opponent gets average-plus: 80分's sits the round out."""
    readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert "80\u5206 pairs have no average-plus, so the opponent sits that round out" in readme
    assert "80\u5206\u53cc\u4eba\u8d5b\u6ca1\u6709\u5e73\u5747\u5206\u52a0" in readme
