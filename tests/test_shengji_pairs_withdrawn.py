"""An 80分 pairs movement's table drawn with a pair that has withdrawn since. 80分 has no
average-plus (Game.score_walked_out: none), so the opponent sits the round out, scored as an odd
field's sit-out is; the round's page and the opponent's page said only "本轮轮空（不打牌，不计分）"
under the two pairs' names, the withdrawal unsaid anywhere on the round's page (a Swiss round says
its withdrawn teams, a bridge pairs table "A+ (withdrawn opponent)"). Now who left is said."""

from __future__ import annotations

import json
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


def p12_withdrawn_after_round_2(tmp_path: Path) -> Path:
    """The demo's 16-pair Mitchell after round 2 (rounds 3-7 not played yet), P12 `withdrawn: 2`
    and its round-2 table against P05 (table 5) left as drawn, no boards: its content/."""
    content = demo_content(tmp_path, SLUG)
    folder = content / "events" / SLUG
    for number in range(3, 8):
        (folder / f"results/round-{number}.yaml").unlink()
    withdraw(folder, "P12", 2)
    path = folder / "results/round-2.yaml"
    text = path.read_text(encoding="utf-8")
    drawn = "    ew: P12\n    boards:\n      11: 55\n      12: 60\n"
    assert drawn in text
    path.write_text(text.replace(drawn, "    ew: P12\n"), encoding="utf-8")
    return content


def test_a_table_whose_pair_withdrew_says_so_and_its_opponent_sits_out(tmp_path: Path) -> None:
    """The demo's 16-pair Mitchell after round 2 (rounds 3-7 not played yet), P12 `withdrawn: 2`
    and its round-2 table against P05 (table 5) left as drawn, no boards."""
    content = p12_withdrawn_after_round_2(tmp_path)
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


def _withdrawn_at_table_5(tmp_path: Path):
    """The demo's Mitchell after round 2, P12 `withdrawn: 2`, its round-2 table 5 against P05
    left as drawn; built. (content, its results, the site built)"""
    content = p12_withdrawn_after_round_2(tmp_path)
    site, results, warnings = validate(content)
    assert [w.code for w in warnings] == []
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    return results[0], out / "events" / SLUG


def test_the_withdrawn_pairs_table_is_named_table_5_as_its_draw_notice_names_it(tmp_path: Path) -> None:
    """The draw notice lists it as 第 5 桌 (P12 退赛：本桌不打；P05 本轮轮空); the round's page
    headed it 轮空, an odd field's sit-out, and so did P05's page, its list of matches showing
    neither the table nor the pair it was drawn against. Now table 5, P05 against P12, with
    the withdrawal said under it; P05 still sits the round out (no score)."""
    result, site = _withdrawn_at_table_5(tmp_path)
    page = (site / "pairs/round-2/index.html").read_text(encoding="utf-8")
    section = page[page.index('<section class="table-result" id="table-5"'):]
    section = section[:section.index("</section>")]
    assert '<h2 id="table-5-h">\u7b2c 5 \u684c</h2>' in section, section  # 第 5 桌
    assert "\u8f6e\u7a7a</h2>" not in page  # no table headed 轮空
    assert "P12 \u5df2\u9000\u8d5b\uff1a\u672c\u684c\u4e0d\u6253\uff0cP05 \u672c\u8f6e\u8f6e\u7a7a" in _text(site / "pairs/round-2/index.html")
    own = _text(site / "entries/P05/index.html")
    assert "\u7b2c 2 \u8f6e \u00b7 \u7b2c 5 \u684c" in own, own  # the match's heading: 第 2 轮 · 第 5 桌
    assert "\u7b2c 2 \u8f6e \u00b7 \u8f6e\u7a7a" not in own
    # its list of matches: round 2, table 5, against P12, sat out (no score of its own)
    assert "\u7b2c 2 \u8f6e \u7b2c 5 \u684c P12 \u5218\u5b8f\u4f1f / \u5b59\u6653\u6885 \u8f6e\u7a7a \u2014 \u2014 75.00" in own, own
    # results.json names the withdrawn pair, as a bridge table's average-plus does
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    table = next(t for t in data["stages"][0]["rounds"][1]["tables"] if t["table"] == 5)
    assert table["sides"] == ["P05"] and table["withdrawn"] == "P12", table
    # the standings count it as P05's sit-out, as before
    standings = {s.entry.id: s.tally.metrics for s in result.stages[0].standings}
    assert standings["P05"]["top"] == 4


def test_the_travelling_score_sheet_says_the_table_is_not_played(tmp_path: Path) -> None:
    """Round 2's travellers for boards 11 and 12 printed table 5's line, P05 against P12, blank to
    fill in, for a table nobody plays: it says so."""
    from generator.render.bulletins import round_forms

    result, _ = _withdrawn_at_table_5(tmp_path)
    sheet = next(b for b in round_forms(result, "pairs", 2, "zh-Hans") if b.name.startswith("scoresheet"))
    lines = [row for row in sheet.rows if row[2:6] == ["2", "5", "P05", "P12"]]
    assert len(lines) == 2 and all(row[6] == "\u4e0d\u6253\uff08P12 \u9000\u8d5b\uff09" for row in lines), lines  # 不打（P12 退赛）
    english = next(b for b in round_forms(result, "pairs", 2, "en") if b.name.startswith("scoresheet"))
    assert [row[6] for row in english.rows if row[2:6] == ["2", "5", "P05", "P12"]] == ["not played (P12 withdrew)"] * 2


def test_the_hall_screen_names_the_withdrawn_pairs_table_table_5(tmp_path: Path) -> None:
    """The hall's screen showed the table as "\u8f6e\u7a7a P05" (an odd field's sit-out) where the round's
    page and the draw notice say \u7b2c 5 \u684c, P05 against P12: now table 5, both pairs, P12 said
    \u9000\u8d5b in place of its players, as the notice says it."""
    from generator.desk.app import Desk

    content = p12_withdrawn_after_round_2(tmp_path)
    screen = Desk(content, SLUG, None, "zh-Hans").draw_view()
    assert screen is not None and screen["number"] == 2, screen
    row = next(t for t in screen["tables"] if "P05" in [team for team, _ in t["teams"]])
    assert row["number"] == 5, row
    assert row["teams"] == [("P05", "\u53f6\u632f\u5b87 / \u960e\u6dd1\u534e"), ("P12", "\u9000\u8d5b")], row
    assert all(t["number"] != "\u8f6e\u7a7a" for t in screen["tables"]), screen["tables"]  # no 轮空


def test_the_travelling_score_sheet_says_later_rounds_with_the_withdrawn_pair_are_not_played(tmp_path: Path) -> None:
    """Round 2's travellers carry every round's line for its boards (the movement's): those of
    rounds 3-7 with P12, withdrawn by round 2 and in no round file yet, were blank lines to fill
    in; known not to be played, they say so as round 2's own line does. Round 1's line, played
    before the withdrawal, keeps its result."""
    from generator.render.bulletins import round_forms

    result, _ = _withdrawn_at_table_5(tmp_path)
    sheet = next(b for b in round_forms(result, "pairs", 2, "zh-Hans") if b.name.startswith("scoresheet"))
    with_p12 = {(row[2], row[3], row[4], row[6]) for row in sheet.rows if row[5] == "P12"}
    said = "\u4e0d\u6253\uff08P12 \u9000\u8d5b\uff09"  # 不打（P12 退赛）
    assert with_p12 == {("1", "4", "P04", "95"), ("1", "4", "P04", "0"), ("2", "5", "P05", said),
                        ("3", "6", "P06", said), ("4", "7", "P07", said), ("5", "1", "P01", said),
                        ("6", "2", "P02", said), ("7", "3", "P03", said)}, with_p12
    # the other pairs' later lines are still blank, to fill in
    assert any(row[2] == "3" and row[5] != "P12" and row[6] == "" for row in sheet.rows), sheet.rows
