"""A pairs round's draw notice with a pair withdrawn by the round, its table left as drawn.
80\u5206 has no average-plus: the table is scored with the opponent alone (event._score_pairs_withdrawn),
and the notice compared those scored tables with the movement: it said the round was not drawn by
the movement (\u672a\u6309\u79fb\u4f4d\u8868\u7f16\u6392), the opponent sitting out, and the withdrawn pair nowhere. Bridge
keeps both pairs at the table (average-plus to the opponent): its notice was right, and stays so."""

from __future__ import annotations

from pathlib import Path

from generator.build import validate
from generator.tournament.pairing import draw_sheet
from tests.support import demo_content, withdraw


def _notice(tmp_path: Path, slug: str, pair: str, table: int, locale: str = "zh-Hans"):
    """The event `slug` after round 1, round 2 drawn and not played, `pair` withdrawn by round 2
    (its table `table` left as drawn): round 2's draw notice."""
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    for path in (folder / "results").glob("round-*.yaml"):
        if int(path.stem.split("-")[1]) > 2:
            path.unlink()
    withdraw(folder, pair, 2)
    path = folder / "results/round-2.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    # round 2 drawn only: every table's boards taken out
    kept, skipping = [], False
    for line in lines:
        if line.startswith("    boards:"):
            skipping = True
            continue
        if skipping and line.startswith("      "):
            continue
        skipping = False
        kept.append(line)
    path.write_text("".join(kept), encoding="utf-8")
    site, results, warnings = validate(content)
    result = next(r for r in results if r.event.slug == slug)
    stage_result = result.stages[0]
    round_result = next(r for r in stage_result.rounds if r.number == 2)
    return draw_sheet(result.event, stage_result, round_result, locale)


def test_80_fen_notice_follows_the_movement_and_names_the_withdrawn_pair(tmp_path: Path) -> None:
    notice = _notice(tmp_path, "hefei-80fen-pairs-2012", "P12", 5)
    assert notice.text.startswith("\u6309\u7c73\u5207\u5c14"), notice.text  # 按米切尔 (the movement)
    assert "\u672a\u6309\u79fb\u4f4d\u8868" not in notice.text  # 未按移位表
    said = "\u9000\u8d5b\uff1aP12\uff0c\u672c\u684c\u4e0d\u6253\uff1bP05 \u672c\u8f6e\u8f6e\u7a7a\uff08\u4e0d\u6253\u724c\uff0c\u4e0d\u8ba1\u5206\uff09\u3002"
    assert said in notice.text, notice.text
    assert "\u672c\u8f6e\u8f6e\u7a7a\uff1aP05" not in notice.text  # not the odd field's sit-out
    row = next(row for row in notice.rows if "P12" in row)
    assert row[0] == "5" and row[1] == "P05" and row[3] == "P12" and row[4] == "\u9000\u8d5b", row
    assert row[-1] != "", row  # its boards, as the movement gives them (an adjusted score may be written there)


def test_80_fen_notice_in_english(tmp_path: Path) -> None:
    notice = _notice(tmp_path, "hefei-80fen-pairs-2012", "P12", 5, "en")
    assert "Withdrawn: P12; this table is not played, and P05 sits the round out (no boards, no score)." in notice.text
    assert "Sitting out this round" not in notice.text


def test_bridge_notice_follows_the_movement_with_a_pair_withdrawn(tmp_path: Path) -> None:
    """Bridge's table keeps both pairs (average-plus to the opponent): the notice follows the
    movement and says what the withdrawn pair's opponent gets there, average-plus on the table's
    boards (duplicate.walked_out_table), not a forfeit: it said "\u5176\u672c\u8f6e\u5bf9\u624b\u6309\u5bf9\u65b9\u5f03\u6743\u8ba1", a match's words."""
    notice = _notice(tmp_path, "qiaoyou-club-pairs-2024", "P12", 3)
    assert "\u672a\u6309\u79fb\u4f4d\u8868" not in notice.text, notice.text
    # 退赛：P12，其本轮对手在这一桌的牌按平均加（A+）计，不必入座。
    said = ("\u9000\u8d5b\uff1aP12\uff0c\u5176\u672c\u8f6e\u5bf9\u624b\u5728\u8fd9\u4e00\u684c\u7684\u724c"
            "\u6309\u5e73\u5747\u52a0\uff08A+\uff09\u8ba1\uff0c\u4e0d\u5fc5\u5165\u5ea7\u3002")
    assert said in notice.text, notice.text
    assert "\u5f03\u6743\u8ba1" not in notice.text, notice.text  # 弃权计
    assert "\u8f6e\u7a7a" not in notice.text, notice.text


def test_bridge_notice_says_average_plus_in_each_locale(tmp_path: Path) -> None:
    english = _notice(tmp_path / "en", "qiaoyou-club-pairs-2024", "P12", 3, "en")
    assert ("Withdrawn: P12; their opponents this round score average-plus (A+) on that table's boards "
            "and do not play.") in english.text, english.text
    assert "forfeit" not in english.text, english.text
    traditional = _notice(tmp_path / "hant", "qiaoyou-club-pairs-2024", "P12", 3, "zh-Hant")
    # 退賽：P12，其本輪對手在這一桌的牌按平均加（A+）計，不必入座。
    said = ("\u9000\u8cfd\uff1aP12\uff0c\u5176\u672c\u8f2a\u5c0d\u624b\u5728\u9019\u4e00\u684c\u7684\u724c"
            "\u6309\u5e73\u5747\u52a0\uff08A+\uff09\u8a08\uff0c\u4e0d\u5fc5\u5165\u5ea7\u3002")
    assert said in traditional.text, traditional.text


def test_bridge_notice_row_says_withdrawn_not_forfeit(tmp_path: Path) -> None:
    """The text says the withdrawn pair's opponents get average-plus; its row in the table said
    "\u9000\u8d5b\uff08\u5f03\u6743\uff09" (withdrawn, forfeit) all the same, a forfeit bridge pairs do not give:
    now just \u9000\u8d5b, in each locale as the catalogue has it."""
    for locale, word in (("zh-Hans", "\u9000\u8d5b"), ("zh-Hant", "\u9000\u8cfd"), ("en", "Withdrawn")):
        notice = _notice(tmp_path / locale, "qiaoyou-club-pairs-2024", "P12", 3, locale)
        row = next(row for row in notice.rows if "P12" in row)
        assert row[0] == "3" and row[1] == "P03" and row[3] == "P12" and row[4] == word, row
        assert row[-1] != "", row  # its boards, as the movement gives them


def test_80_fen_withdrawn_pair_sitting_alone_gives_nobody_average_plus(tmp_path: Path) -> None:
    """A 7-pair 80\u5206 Mitchell drawn by `paibang pair`, P07 sitting round 1 out (table 4 has no NS
    pair), then `withdrawn: 1`: the notice said "\u9000\u8d5b\uff1aP07\uff0c\u5176\u672c\u8f6e\u5bf9\u624b\u2026\u6309\u5e73\u5747\u52a0\uff08A+\uff09\u8ba1", for a
    pair with no opponent in a game with no average-plus."""
    from generator import cli
    from tests.support import withdraw

    root = tmp_path / "content"
    folder = root / "events" / "e"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: P{n:02}, players: [a{n}, b{n}]}}\n" for n in range(1, 8))
    (folder / "event.yaml").write_text(
        "title: t\ngame: shengji\ndate: 2026-12-05\nentries:\n" + entries
        + "stages:\n  - id: pairs\n    name: pairs\n    format: pairs\n    movement: mitchell\n    rounds: 3\n"
        "    boards: 2\n    rank_by: [percent, mp]\n", encoding="utf-8")
    assert cli.main(["pair", "e", "pairs", "--content", str(root)]) == 0
    withdraw(folder, "P07", 1)
    _, results, warnings = validate(root)
    assert [w.code for w in warnings] == []
    stage_result = results[0].stages[0]
    notice = draw_sheet(results[0].event, stage_result, stage_result.rounds[0], "zh-Hans")
    assert "\u672c\u8f6e\u8f6e\u7a7a\uff1aP07\u3002" in notice.text, notice.text  # 本轮轮空：P07。
    assert "A+" not in notice.text and "\u9000\u8d5b\uff1aP07" not in notice.text, notice.text  # 退赛：P07
    assert notice.rows[-1][:3] == ["\u8f6e\u7a7a", "P07", "\u9000\u8d5b"], notice.rows  # 轮空 P07 退赛
