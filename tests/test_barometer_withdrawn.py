"""A barometer's standings after each round (the round pages' "Standings after round N") say
what the stage's standings say as of that round about a withdrawn pair: marked 退赛 from the
round it withdrew from being the next to play, listed after those still playing in its tie, and,
withdrawn under half-way of a stage ranked by a percentage, not ranked (参赛不足一半轮次，不计名次),
its figure kept, over the boards it played. A player's row says the same remark.

The barometer of tests/test_barometer.py: 4 pairs, 3 rounds of 1 board. Worked by hand there:
board 1 A (EW) and C (NS) 2 MP each of 2, B and D 0; board 2 B 2, C 2, A 0, D 0; board 3 1 each."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.tournament.after_rounds import standings_after_rounds
from generator.tournament.event import standings_before
from generator.tournament.standings import remarks
from tests.support import withdraw
from tests.test_barometer import RECORDS, _content_with
from tests.test_withdrawn_under_half import UNDER_HALF, WITHDRAWN, _shengji_after_round_2, _text


def _withdrawn(tmp_path: Path, entry: str, since: int) -> tuple[object, object]:
    """The barometer with `entry` `withdrawn: since`, its tables from then on left as drawn (no
    boards: its opponents get their average-plus). (site, results)."""
    content = _content_with(tmp_path, RECORDS)
    folder = content / "events/baro"
    withdraw(folder, entry, since)
    for number in range(since, 4):
        path = folder / f"results/round-{number}.yaml"
        blocks = path.read_text(encoding="utf-8").split("  - table:")
        (at,) = [i for i, block in enumerate(blocks) if f"    ns: {entry}\n" in block or f"    ew: {entry}\n" in block]
        blocks[at] = blocks[at][:blocks[at].index("    boards:\n")]
        path.write_text("  - table:".join(blocks), encoding="utf-8")
    site, results, warnings = validate(content)
    return site, results


def _rows(rows) -> list[tuple[str, str, float | None, list[str]]]:
    return [(row.place, row.entry, row.figure, [remark.kind for remark in row.remarks]) for row in rows]


def test_a_pair_withdrawn_after_round_1_is_not_ranked_after_any_round(tmp_path: Path) -> None:
    """A withdraws from round 2 having played board 1 (100 %): 1 round of 3, under half. From
    the standings after round 1 on (round 2, the next to play, is one it does not play) it is
    marked 退赛 and not ranked: listed last with its 100 % (over its one board: its table of
    round 2 is not counted against it), B and D each a place up (2=, not 3=)."""
    site, results = _withdrawn(tmp_path, "A", 2)
    event, stage = results[0].event, results[0].stage_of("pairs")
    after = standings_after_rounds(event, stage)
    gone = ("\u2014", "A", 100.0, ["withdrawn", "under_half"])
    assert _rows(after[1]) == [("1", "C", 100.0, []), ("2=", "B", 0.0, []), ("2=", "D", 0.0, []), gone]
    # (round 2 on, the figures are the stage's tally's, checked against it below: C's board 2
    # is the adjusted score of the table A left)
    assert _rows(after[2]) == [("1", "C", 87.5, []), ("2=", "B", 25.0, []), ("2=", "D", 25.0, []), gone]
    assert _rows(after[3]) == [("1", "C", 75.0, []), ("2", "B", 36.67, []), ("3", "D", 33.33, []), gone]
    # each round's as the stage's standings as of that round say it, places, figures and remarks
    for number, rows in after.items():
        ranked = standings_before(event, stage, number + 1)
        assert _rows(rows) == [(s.rank_label, s.entry.id, s.tally.metrics["percent"],
                                [r.kind for r in remarks(s, "pairs")]) for s in ranked]

    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    page = _text(out / "events/baro/pairs/round-1/index.html")
    assert "Standings after round 1" in page
    assert "1 C 100.00 2= B 0.00 2= D 0.00 \u2014 A 100.00 Withdrawn Took part in under half the rounds: not ranked" in page, page


def test_a_pair_is_marked_withdrawn_from_the_round_before_the_one_it_leaves(tmp_path: Path) -> None:
    """B withdraws from round 3 having taken part in 2 rounds of 3: over half, ranked. After round 1
    it still plays round 2: not marked. After round 2 it is 退赛, listed after A in their tie."""
    site, results = _withdrawn(tmp_path, "B", 3)
    event, stage = results[0].event, results[0].stage_of("pairs")
    after = standings_after_rounds(event, stage)
    assert _rows(after[1]) == [("1=", "A", 100.0, []), ("1=", "C", 100.0, []), ("3=", "B", 0.0, []),
                               ("3=", "D", 0.0, [])]
    assert _rows(after[2]) == [("1", "C", 100.0, []), ("2=", "A", 50.0, []), ("2=", "B", 50.0, ["withdrawn"]),
                               ("4", "D", 0.0, [])]
    assert _rows(after[3])[2] == ("3", "B", 50.0, ["withdrawn"])

    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    assert "2= B 50.00 Withdrawn 4 D" in _text(out / "events/baro/pairs/round-2/index.html")
    first = _text(out / "events/baro/pairs/round-1/index.html")
    assert "Withdrawn" not in first.split("Standings after round 1")[1]


@pytest.mark.parametrize("entry", ["C", "D"])
def test_a_pair_withdrawn_under_half_way_is_not_ranked_whatever_its_figure(tmp_path: Path, entry: str) -> None:
    """D withdraws from round 2 after round 1's 0 %: 1 round of 3, not ranked, B 3rd alone (it
    was 3= with D); C withdraws from round 2 after its 100 %: not ranked either, A 1st alone
    (it was 1= with C)."""
    site, results = _withdrawn(tmp_path, entry, 2)
    after = standings_after_rounds(results[0].event, results[0].stage_of("pairs"))
    rows = _rows(after[1])
    assert rows[-1][:2] == ("\u2014", entry) and rows[-1][3] == ["withdrawn", "under_half"]
    assert [place for place, *_ in rows[:3]] == (["1=", "1=", "3"] if entry == "D" else ["1", "2=", "2="])


def test_a_players_row_says_why_the_withdrawn_pair_has_no_place(tmp_path: Path) -> None:
    """The 80分 pair P12, withdrawn after its first round (tests/test_withdrawn_under_half.py):
    its players' rows say 退赛 and the standings' reason beside it, as its stage's remark does."""
    content, (site, results, warnings) = _shengji_after_round_2(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    pages = [page for page in (out / "players").glob("*/index.html") if ">P12</a>" in page.read_text(encoding="utf-8")]
    assert len(pages) == 2  # (刘宏伟's and 孙晓梅's)
    for page in pages:
        text = _text(page)
        assert f"{WITHDRAWN} {UNDER_HALF}" in text, text
