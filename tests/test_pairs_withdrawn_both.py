"""Pairs tables nobody plays because their pairs have withdrawn (rev102 D5, D6).

Two pairs withdrawn by a round and drawn against each other at one table (80分's P05 and P12 at
table 5 of round 2, bridge's P03 and P12 at table 3): scored with neither side, the round's page
said "第 5 桌 P05 对 P12 本轮轮空（不打牌，不计分）", an odd field's sit-out with no one to say it
of; the draw notice left table 5 out and, its tables no longer the movement's, said "未按移位表
编排"; the travelling score sheet's lines were blank to fill in; the hall screen showed a table
with no pairs. Now each says both pairs withdrew and the table is not played.

A withdrawn pair sitting alone (its own sit-out, its line left in the round's file) was listed
under 本轮轮空 with no word of the withdrawal: now said withdrawn (rev102's third point).

The bridge notice's "on that table's boards" read wrong with pairs withdrawn at several
tables (D6): now "on their tables' boards"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.render.bulletins import round_forms
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.tournament.pairing import draw_sheet
from tests.support import demo_content, withdraw
from tests.test_shengji_pairs_withdrawn import p12_withdrawn_after_round_2
from tests.test_withdrawn_sit_out import _mitchell

SHENGJI = "hefei-80fen-pairs-2012"
BRIDGE = "qiaoyou-club-pairs-2024"


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html)).split())


def _section(page: Path, table: int) -> str:
    """The words of table `table`'s section of a round's page."""
    html = page.read_text(encoding="utf-8")
    section = html[html.index(f'<section class="table-result" id="table-{table}"'):]
    return _text(section[:section.index("</section>")])


def _built(content: Path, tmp_path: Path):
    site, results, warnings = validate(content)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    return results[0], warnings, out / "events" / results[0].event.slug


def _bridge_after_round_2(tmp_path: Path, *pairs: str) -> Path:
    """The demo's club Mitchell after round 2, `pairs` withdrawn from round 2, their round-2
    tables left as drawn (no boards): its content/."""
    content = demo_content(tmp_path, BRIDGE)
    folder = content / "events" / BRIDGE
    for path in (folder / "results").glob("round-*.yaml"):
        if int(path.stem.split("-")[1]) > 2:
            path.unlink()
    path = folder / "results/round-2.yaml"
    blocks = path.read_text(encoding="utf-8").split("  - table:")
    for pair in pairs:
        withdraw(folder, pair, 2)
        (at,) = [i for i, block in enumerate(blocks) if f"    ns: {pair}\n" in block or f"    ew: {pair}\n" in block]
        if "    boards:" in blocks[at]:
            blocks[at] = blocks[at][:blocks[at].index("    boards:")]
    path.write_text("  - table:".join(blocks), encoding="utf-8")
    return content


def _round_2_said(content: Path, tmp_path: Path, table: int, ids: str):
    """The site built (no warning), round 2's page saying of table `table` that the pairs `ids`
    both withdrew and the table is not played: (event result, stage result, round 2, the event's
    folder of the site)."""
    result, warnings, site = _built(content, tmp_path)
    assert [w.code for w in warnings] == []
    section = _section(site / "pairs/round-2/index.html", table)
    # 第 5 桌 … P05、P12 均已退赛：本桌不打，不计分。 (not "本轮轮空", of nobody)
    assert section.startswith(f"\u7b2c {table} \u684c"), section
    assert f"{ids} \u5747\u5df2\u9000\u8d5b\uff1a\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8ba1\u5206\u3002" in section, section
    assert "\u8f6e\u7a7a" not in section, section
    stage = result.stages[0]
    return result, stage, next(r for r in stage.rounds if r.number == 2), site


def test_80_fen_two_withdrawn_pairs_at_one_table(tmp_path: Path) -> None:
    content = p12_withdrawn_after_round_2(tmp_path)
    withdraw(content / "events" / SHENGJI, "P05", 2)
    result, stage, second, site = _round_2_said(content, tmp_path, 5, "P05\u3001P12")
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    table = next(t for t in data["stages"][0]["rounds"][1]["tables"] if t["table"] == 5)
    assert table["sides"] == [] and table["withdrawn_pairs"] == ["P05", "P12"], table
    notice = draw_sheet(result.event, stage, second, "zh-Hans")
    assert notice.text.startswith("\u6309\u7c73\u5207\u5c14"), notice.text  # 按米切尔: the movement's, not 未按移位表
    assert "\u7b2c 5 \u684c P05\u3001P12 \u5747\u5df2\u9000\u8d5b\uff0c\u672c\u684c\u4e0d\u6253\u3002" in notice.text, notice.text
    assert [row for row in notice.rows if row[0] == "5"] == [["5", "P05", "\u9000\u8d5b", "P12", "\u9000\u8d5b", "11\u201312"]]
    english = draw_sheet(result.event, stage, second, "en")
    assert "Table 5: P05 and P12 have both withdrawn; the table is not played." in english.text, english.text
    traditional = draw_sheet(result.event, stage, second, "zh-Hant")
    assert "\u7b2c 5 \u684c P05\u3001P12 \u5747\u5df2\u9000\u8cfd\uff0c\u672c\u684c\u4e0d\u6253\u3002" in traditional.text

    # the travellers' lines of table 5 in round 2, and of every later round with either pair
    sheet = next(b for b in round_forms(result, "pairs", 2, "zh-Hans") if b.name.startswith("scoresheet"))
    assert [row[6] for row in sheet.rows if row[2:4] == ["2", "5"]] == ["\u4e0d\u6253\uff08P05\u3001P12 \u9000\u8d5b\uff09"] * 2
    english_sheet = next(b for b in round_forms(result, "pairs", 2, "en") if b.name.startswith("scoresheet"))
    assert [row[6] for row in english_sheet.rows if row[2:4] == ["2", "5"]] == ["not played (P05 and P12 withdrew)"] * 2

    from generator.desk.app import Desk

    screen = Desk(content, SHENGJI, None, "zh-Hans").draw_view()
    row = next(t for t in screen["tables"] if t["number"] == 5)
    assert row["teams"] == [("P05", "\u9000\u8d5b"), ("P12", "\u9000\u8d5b")] and row["result"] == "\u8fd9\u4e00\u684c\u4e0d\u6253", row


def test_bridge_two_withdrawn_pairs_at_one_table(tmp_path: Path) -> None:
    content = _bridge_after_round_2(tmp_path, "P03", "P12")
    result, stage, second, site = _round_2_said(content, tmp_path, 3, "P03\u3001P12")
    for locale, said in (("zh-Hans", "\u7b2c 3 \u684c P03\u3001P12 \u5747\u5df2\u9000\u8d5b\uff0c\u672c\u684c\u4e0d\u6253\u3002"),
                         ("zh-Hant", "\u7b2c 3 \u684c P03\u3001P12 \u5747\u5df2\u9000\u8cfd\uff0c\u672c\u684c\u4e0d\u6253\u3002"),
                         ("en", "Table 3: P03 and P12 have both withdrawn; the table is not played.")):
        notice = draw_sheet(result.event, stage, second, locale)
        assert said in notice.text, notice.text
        assert "A+" not in notice.text, notice.text  # (no opponent to give it to)
        assert [row[0] for row in notice.rows if "P03" in row] == ["3"]
    assert "\u672a\u6309\u79fb\u4f4d\u8868" not in draw_sheet(result.event, stage, second, "zh-Hans").text  # 未按移位表
    sheet = next(b for b in round_forms(result, "pairs", 2, "zh-Hans") if b.name.startswith("scoresheet"))
    assert [row[6] for row in sheet.rows if row[2:4] == ["2", "3"]] == ["\u4e0d\u6253\uff08P03\u3001P12 \u5747\u5df2\u9000\u8d5b\uff09"] * 3
    assert not [row for row in sheet.rows if row[2:4] != ["2", "3"] and "\u4e0d\u6253" in row[6]]  # (no other 不打)

    from generator.desk.app import Desk

    screen = Desk(content, BRIDGE, None, "en").draw_view()
    row = next(t for t in screen["tables"] if t["number"] == 3)
    assert [team for team, _ in row["teams"]] == ["P03", "P12"] and row["result"] == "Not played", row


@pytest.mark.parametrize("locale,said", [
    ("en", "their opponents this round score average-plus (A+) on their tables' boards and do not play."),
    ("zh-Hans", "\u5176\u672c\u8f6e\u5bf9\u624b\u5728\u5404\u81ea\u90a3\u4e00\u684c\u7684\u724c\u6309\u5e73\u5747\u52a0\uff08A+\uff09\u8ba1"),
    ("zh-Hant", "\u5176\u672c\u8f2a\u5c0d\u624b\u5728\u5404\u81ea\u90a3\u4e00\u684c\u7684\u724c\u6309\u5e73\u5747\u52a0\uff08A+\uff09\u8a08")])
def test_the_average_plus_sentence_reads_right_for_several_tables(tmp_path: Path, locale: str, said: str) -> None:
    """D6: P12 (table 3) and P13 (table 4) withdrawn from round 2: one sentence for both, its
    opponents each on their own table's boards."""
    content = _bridge_after_round_2(tmp_path, "P12", "P13")
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    notice = draw_sheet(results[0].event, stage, next(r for r in stage.rounds if r.number == 2), locale)
    assert said in notice.text, notice.text
    assert "that table's" not in notice.text and "\u8fd9\u4e00\u684c" not in notice.text


def test_a_withdrawn_pairs_own_sit_out_says_it_withdrew(tmp_path: Path) -> None:
    """A03 withdrawn from round 2, its sit-out line left in round 3 (drawn ahead): round 3's
    page listed it under the sit-out with "本轮轮空（不打牌，不计分）" alone."""
    content = _mitchell(tmp_path, 2)
    _, _, site = _built(content, tmp_path)
    page = (site / "m/round-3/index.html").read_text(encoding="utf-8")
    alone = _text(page[page.rindex('<section class="table-result"'):])
    # A03 已退赛：本轮轮空（不打牌，不计分）。
    assert "A03 \u5df2\u9000\u8d5b\uff1a\u672c\u8f6e\u8f6e\u7a7a\uff08\u4e0d\u6253\u724c\uff0c\u4e0d\u8ba1\u5206\uff09\u3002" in alone, alone
    earlier = _text((site / "m/round-1/index.html").read_text(encoding="utf-8"))
    # round 1's sit-out, A05, not withdrawn: 本轮轮空（不打牌，不计分）。 alone
    assert "\u672c\u8f6e\u8f6e\u7a7a\uff08\u4e0d\u6253\u724c\uff0c\u4e0d\u8ba1\u5206\uff09\u3002" in earlier
    assert "\u5df2\u9000\u8d5b" not in earlier
    from generator import catalogues
    assert catalogues.text("sit_out_withdrawn", "en", id="A03") == "A03 has withdrawn: it sits the round out (no boards, no score)."
    assert catalogues.text("sit_out_withdrawn", "zh-Hant", id="A03") == \
        "A03 \u5df2\u9000\u8cfd\uff1a\u672c\u8f2a\u8f2a\u7a7a\uff08\u4e0d\u6253\u724c\uff0c\u4e0d\u8a08\u5206\uff09\u3002"
