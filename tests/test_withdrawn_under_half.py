"""A pair withdrawn from a stage ranked by a percentage having taken part in under half its rounds is
not ranked (the EBU White Book 2.4.4-2.4.5 model a referee applies): listed after the ranked entries
with its score, no place, marked 退赛 and said to have taken part in under half the rounds, no prize
(none left vacant: the next pair takes it), not qualified. One that played half or more keeps its
place as before; a stage ranked by a total is unchanged.

Found on the demo's 80分 Mitchell: P12 played round 1 (2 boards at 100 %) and withdrew from round
2; after round 2 it stood 4th, level on 100 % with the leaders, and nothing kept it from the top
of the final standings on its 2 boards of 14."""

from __future__ import annotations

import re
from pathlib import Path

from generator.build import validate
from generator.interchange.spreadsheet import standings_rows
from generator.render.bulletins import bulletins_for
from generator.render.html import render_site, results_json
from generator.render.output import OutputTree
from tests.support import demo_content, withdraw
from tests.test_shengji_pairs_withdrawn import p12_withdrawn_after_round_2

SHENGJI = "hefei-80fen-pairs-2012"
BRIDGE = "qiaoyou-club-pairs-2024"
UNDER_HALF = "\u53c2\u8d5b\u4e0d\u8db3\u4e00\u534a\u8f6e\u6b21\uff0c\u4e0d\u8ba1\u540d\u6b21"  # (参赛不足一半轮次，不计名次)
WITHDRAWN = "\u9000\u8d5b"  # 退赛
FIRST_PRIZE = "\u7b2c\u4e00\u540d"  # 第一名


def _text(page: Path) -> str:
    html = page.read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html)).split())


def _shengji_after_round_2(tmp_path: Path) -> tuple[Path, object]:
    """The demo's 16-pair Mitchell after round 2 (rounds 3-7 not played yet), P12 `withdrawn: 2`,
    its round-2 table left as drawn (tests/test_shengji_pairs_withdrawn.py's set-up)."""
    content = p12_withdrawn_after_round_2(tmp_path)
    return content, validate(content)


def test_an_80_fen_pair_withdrawn_after_its_first_round_is_not_ranked(tmp_path: Path) -> None:
    """After round 2: P12 has 2 boards at 100 % (4 MP of a top of 4), the others 4 boards; it took
    part in round 1 alone of the stage's 7: under half. It is listed last, unranked, with its 100 %; P03,
    P08 and P09 (100 % on 4 boards) are 1=, P14 4th (it was 5th below P12)."""
    content, (site, results, warnings) = _shengji_after_round_2(tmp_path)
    stage = results[0].stages[0]
    assert stage.status == "in_progress" and stage.rounds_played == 2
    places = [(s.rank_label, s.entry.id) for s in stage.standings]
    assert places[:4] == [("1=", "P03"), ("1=", "P08"), ("1=", "P09"), ("4", "P14")]
    assert places[-1] == ("\u2014", "P12")
    p12 = stage.standings[-1]
    assert p12.rank is None and p12.under_half and p12.tally.metrics["percent"] == 100.0
    assert not p12.qualified and p12.prize is None and p12.prize_vacant is None
    assert [s.rank for s in stage.standings if s.entry.id == "P04"] == [15]  # (16th before: every place below P12 moved up)

    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    page = _text(out / "events" / SHENGJI / "pairs/index.html")
    # its row last, no place, its figures kept: — P12 刘宏伟 / 孙晓梅 江淮汽车集团 100.00 4.00 退赛 参赛不足一半轮次，不计名次
    assert f"\u2014 P12 \u5218\u5b8f\u4f1f / \u5b59\u6653\u6885 \u6c5f\u6dee\u6c7d\u8f66\u96c6\u56e2 100.00 4.00 {WITHDRAWN} {UNDER_HALF}" in page, page
    assert page.index("1= \u5e76\u5217\u7b2c 1 P03") < page.index("15 P04") < page.index("\u2014 P12")  # 1= 并列第 1 P03
    entry = _text(out / "events" / SHENGJI / "entries/P12/index.html")
    assert f"\u2014 \u00b7 \u7b2c 2 \u8f6e\u540e \u00b7 {WITHDRAWN} \u00b7 {UNDER_HALF}" in entry, entry  # — · 第 2 轮后 · 退赛 · …

    # the printed standings (their bulletin) say the same
    (printed,) = [b for b in bulletins_for(results[0], "zh-Hans") if b.name == "standings-pairs"]
    assert printed.rows[-1] == ["\u2014", "P12", "\u5218\u5b8f\u4f1f / \u5b59\u6653\u6885", "\u6c5f\u6dee\u6c7d\u8f66\u96c6\u56e2",
                                "100.00", "4.00", f"{WITHDRAWN}\u3001{UNDER_HALF}"]
    assert printed.rows[0][:2] == ["1=", "P03"]

    listed = next(s for s in results_json(results[0])["stages"][0]["standings"] if s["entry"] == "P12")
    assert listed["rank"] is None and listed["withdrawn"] is True and listed["under_half"] is True
    assert listed["metrics"]["percent"] == 100.0


def _strip(folder: Path, entry: str, rounds: range) -> None:
    """`entry`'s table in `rounds` left as drawn (no boards): it withdrew, its opponents get A+."""
    for number in rounds:
        path = folder / "results" / f"round-{number}.yaml"
        blocks = path.read_text(encoding="utf-8").split("  - table:")
        (at,) = [i for i, block in enumerate(blocks) if f"    ns: {entry}\n" in block or f"    ew: {entry}\n" in block]
        blocks[at] = blocks[at][:blocks[at].index("    boards:\n")]
        path.write_text("  - table:".join(blocks), encoding="utf-8")


def _club_pairs(tmp_path: Path, scoring: str = "") -> tuple[Path, object]:
    """The demo's club Mitchell (20 pairs, 9 rounds of 3 boards: 27 each), complete: P18
    withdrawn from round 4 (3 rounds of 9, under half: its 80.56 % on their 9 boards ranked it 1st,
    its first prize left vacant); P01 from round 7 (6 rounds, over half)."""
    content = demo_content(tmp_path, BRIDGE)
    folder = content / "events" / BRIDGE
    withdraw(folder, "P18", 4)
    _strip(folder, "P18", range(4, 10))
    withdraw(folder, "P01", 7)
    _strip(folder, "P01", range(7, 10))
    if scoring:
        event = folder / "event.yaml"
        text = event.read_text(encoding="utf-8")
        changed = re.sub(r"    scoring: matchpoints[^\n]*\n", f"    scoring: {scoring}\n", text)
        changed = changed.replace("    rank_by: [percent, mp]\n", "    rank_by: [imps]\n")
        assert changed != text
        event.write_text(changed, encoding="utf-8")
    return content, validate(content)


def test_a_bridge_pair_withdrawn_before_half_way_is_not_ranked_and_its_prize_goes_to_the_next(tmp_path: Path) -> None:
    content, (site, results, warnings) = _club_pairs(tmp_path)
    stage = results[0].stages[0]
    assert results[0].status == "complete"
    by_id = {s.entry.id: s for s in stage.standings}
    p18, p01 = by_id["P18"], by_id["P01"]
    # under half-way: not ranked, listed after every ranked pair, its percentage kept
    assert p18.rank is None and p18.under_half and p18.tally.metrics["percent"] > 50
    assert stage.standings[-1] is p18
    # its first prize is nobody's vacant place: the pair ranked 1st now wins it
    assert p18.prize is None and p18.prize_vacant is None
    first = stage.standings[0]
    assert first.rank == 1 and first.entry.id != "P18" and first.prize is not None and first.prize.name == FIRST_PRIZE
    assert [s.rank for s in stage.standings if s.rank is not None] == list(range(1, 20))
    # after half-way: ranked as before, marked 退赛, no under-half remark
    assert p01.rank is not None and not p01.under_half

    t_rows = {row[1]: row for row in next(b for b in bulletins_for(results[0], "zh-Hans")
                                          if b.name == "standings-pairs").rows}
    assert t_rows["P18"][0] == "\u2014" and UNDER_HALF in t_rows["P18"][-1] and WITHDRAWN in t_rows["P18"][-1]
    assert t_rows["P01"][0] == str(p01.rank) and WITHDRAWN in t_rows["P01"][-1] and UNDER_HALF not in t_rows["P01"][-1]
    prizes = next(b for b in bulletins_for(results[0], "zh-Hans") if b.name.startswith("prizes"))
    assert "P18" not in str(prizes.rows) and first.entry.id in str(prizes.rows)

    listed = {s["entry"]: s for s in results_json(results[0])["stages"][0]["standings"]}
    assert listed["P18"]["rank"] is None and listed["P18"]["prize"] is None and "prize_vacant" not in listed["P18"]
    assert listed["P18"]["under_half"] is True and "under_half" not in listed["P01"]
    assert listed[first.entry.id]["prize"] == FIRST_PRIZE
    sheet = {row[1]: row for row in standings_rows(results[0], stage)}
    assert sheet["P18"][0] == "" and sheet["P01"][0] == p01.rank


def test_a_stage_ranked_by_a_total_ranks_a_withdrawn_pair_as_before(tmp_path: Path) -> None:
    """The same withdrawals in cross-IMPs ranked by IMPs: a total, which stopped growing when P18
    left; it keeps its place (退赛), as every withdrawn entry of a totals-ranked stage does."""
    content, (site, results, warnings) = _club_pairs(tmp_path, "imps")
    stage = results[0].stages[0]
    p18 = next(s for s in stage.standings if s.entry.id == "P18")
    assert p18.rank is not None and not p18.under_half


def test_the_words_in_each_locale() -> None:
    from generator import catalogues

    said = {locale: catalogues.text("withdrawn_under_half", locale) for locale in catalogues.LOCALES}
    assert said == {"zh-Hans": UNDER_HALF, "zh-Hant": "\u53c3\u8cfd\u4e0d\u8db3\u4e00\u534a\u8f2a\u6b21\uff0c\u4e0d\u8a08\u540d\u6b21",
                    "en": "Took part in under half the rounds: not ranked"}


def test_the_readme_says_the_ruling() -> None:
    readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert "took part in under half the rounds of a stage ranked by a percentage" in readme


# Judged by the rounds taken part in, not the boards counted (rev105's D1, D2, I1): the verdict
# known from the withdrawal alone, the same partway as at the end, the same in every game.

def _verdicts(results: object, entry: str) -> tuple[int | None, bool]:
    standing = next(s for s in results[1][0].stages[0].standings if s.entry.id == entry)
    return standing.rank, standing.under_half


def _club_pairs_without_boards(tmp_path: Path, upto: int) -> object:
    """The club Mitchell (9 rounds of 3 boards) with no `boards:` written, rounds 1..`upto` in,
    P01 `withdrawn: 7` (6 rounds of 9: over half)."""
    content = demo_content(tmp_path, BRIDGE)
    folder = content / "events" / BRIDGE
    event = folder / "event.yaml"
    text = event.read_text(encoding="utf-8")
    changed = re.sub(r"    boards: 3[^\n]*\n", "", text)
    assert changed != text
    event.write_text(changed, encoding="utf-8")
    withdraw(folder, "P01", 7)
    _strip(folder, "P01", range(7, upto + 1))
    for number in range(upto + 1, 10):
        (folder / f"results/round-{number}.yaml").unlink()
    return validate(content)


def test_a_stage_without_boards_written_ranks_a_pair_withdrawn_past_half_way_partway_as_at_the_end(tmp_path: Path) -> None:
    """D1: with no `boards:`, the rounds to come were counted at bridge's default 8 boards (a team
    match's): P01 (18 boards played) was unranked after round 6 (18 of 18 + 3 x 8) and 4th at the
    end. It took part in 6 rounds of 9: ranked, then as at the end."""
    partway = _verdicts(_club_pairs_without_boards(tmp_path / "a", 6), "P01")
    final = _verdicts(_club_pairs_without_boards(tmp_path / "b", 9), "P01")
    assert partway == (3, False) and final == (4, False)


def _howell(tmp_path: Path, upto: int) -> object:
    """The 9-pair Howell of tests/test_club_evening.py (9 rounds of 3 boards, each pair sitting one
    out), rounds 1..`upto` in, P6 `withdrawn: 5`: 4 rounds of 9, under half."""
    from tests.test_club_evening import SLUG, club_evening, play

    content = club_evening(tmp_path)
    folder = content / "events" / SLUG
    play(content, *range(1, upto + 1))
    withdraw(folder, "P6", 5)
    for number in range(5, upto + 1):
        path = folder / f"results/round-{number}.yaml"
        head, *blocks = path.read_text(encoding="utf-8").split("  - table: ")
        blocks = [b[:b.index("    boards:\n")] if ("ns: P6\n" in b or "ew: P6\n" in b) and "    boards:\n" in b else b
                  for b in blocks]
        path.write_text("  - table: ".join([head, *blocks]), encoding="utf-8")
    return validate(content)


def test_a_howell_pair_withdrawn_before_half_way_is_unranked_partway_and_at_the_end(tmp_path: Path) -> None:
    """D2: P6 played 12 boards (its sit-out among rounds 1-4); counted by boards it was unranked
    after rounds 4 and 6 (12 of 12 + 3 x 5, of 12 + 3 x 3) and 7th once complete (12 of the most
    another pair played, 24: not under half). It took part in 4 rounds of 9: unranked throughout."""
    for upto in (4, 6, 9):
        assert _verdicts(_howell(tmp_path / str(upto), upto), "P6") == (None, True), upto


def _shengji_withdrawn(tmp_path: Path, *withdrawals: tuple[str, int]) -> object:
    """The demo's complete 80分 Mitchell (7 rounds of 2 boards) with `withdrawals`, each pair's
    tables from its withdrawal on left as drawn."""
    content = demo_content(tmp_path, SHENGJI)
    folder = content / "events" / SHENGJI
    for entry, since in withdrawals:
        withdraw(folder, entry, since)
        for number in range(since, 8):
            path = folder / f"results/round-{number}.yaml"
            head, *blocks = path.read_text(encoding="utf-8").split("  - table:")
            blocks = [b[:b.index("    boards:\n")] + "\n" if (f"ns: {entry}\n" in b or f"ew: {entry}\n" in b)
                      and "    boards:\n" in b else b for b in blocks]
            path.write_text("  - table:".join([head, *blocks]), encoding="utf-8")
    return validate(content)


def test_an_80_fen_opponents_withdrawal_does_not_unrank_a_pair(tmp_path: Path) -> None:
    """I1: P06 (`withdrawn: 5`: 4 rounds of 7, over half) met P12 in round 3; with P12 withdrawn
    from round 2 that table was a bye counting no board, which left P06 6 boards of 14 and
    unranked it (ranked 6th without P12's withdrawal). It was there for round 3: ranked, as it
    would be in bridge, where the opponent's A+ boards count; 5th, P12 unranked above it."""
    alone = _verdicts(_shengji_withdrawn(tmp_path / "a", ("P06", 5)), "P06")
    both = _shengji_withdrawn(tmp_path / "b", ("P06", 5), ("P12", 2))
    assert alone == (6, False)
    assert _verdicts(both, "P06") == (5, False) and _verdicts(both, "P12") == (None, True)


def test_a_late_pairs_rounds_are_counted_from_its_first(tmp_path: Path) -> None:
    """A 7-round Mitchell of 2 boards drawn for 13 pairs, P14 entered late from round 2 (the
    sit-out's seat; tests/test_club_evening.py's set-up) and withdrawn from round 5: it took part
    in rounds 2-4, 3 of 7, under half, and is not ranked (counted from round 1 it would be 4, over
    half). P13, whose round 1 was the sit-out and who withdrew from round 5 too, was there for 4:
    ranked."""
    from generator.cli import main

    content = tmp_path / "content"
    (content / "events/mon/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    entries = "".join(f"  - {{id: P{i:02d}, players: [North{i}, South{i}]}}\n" for i in range(1, 14))
    event = content / "events/mon/event.yaml"
    event.write_text("title: Monday Pairs\ngame: bridge\ndates: [2026-12-07]\nentries:\n" + entries
                     + "stages:\n  - id: pairs\n    name: Pairs\n    format: pairs\n    scoring: matchpoints\n"
                       "    movement: mitchell\n    rounds: 7\n    boards: 2\n    rank_by: [percent, mp]\n", encoding="utf-8")
    assert main(["pair", "mon", "pairs", "--content", str(content)]) == 0
    event.write_text(event.read_text(encoding="utf-8").replace(
        "  - {id: P13, players: [North13, South13]}\n",
        "  - {id: P13, players: [North13, South13]}\n  - {id: P14, players: [Late14, Late14b]}\n"), encoding="utf-8")
    assert main(["pair", "mon", "pairs", "--all", "--content", str(content)]) == 0
    results = ["3NT N =", "3NT N +1", "3NT N -1", "4S S =", "2H E =", "3NT N -2"]
    for number in range(1, 8):
        path = content / f"events/mon/results/round-{number}.yaml"
        at = iter(range(1000))
        path.write_text(re.sub(r"# (\d+):", lambda m: f"{m[1]}: {results[next(at) % len(results)]}",
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    folder = content / "events/mon"
    for entry in ("P14", "P13"):
        withdraw(folder, entry, 5)
        _strip(folder, entry, range(5, 8))
    site, (result,), warnings = validate(content)
    by_id = {s.entry.id: s for s in result.stages[0].standings}
    assert result.stages[0].status == "complete"
    assert by_id["P14"].rank is None and by_id["P14"].under_half and by_id["P14"].tally.played
    assert by_id["P13"].rank is not None and not by_id["P13"].under_half
