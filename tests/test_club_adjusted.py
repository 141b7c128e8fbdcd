"""A club's pairs evening, as a director scores it: average-plus for the pairs a withdrawn pair
walked out on (event-day.md: an opponent scheduled against a withdrawn entry gets the stage's
forfeit result), boards not played (`np`) and weighted scores (Law 12C1(c)), worked on the demo
Mitchell (20 pairs, 10 tables, 9 rounds of 3 boards: each board played 9 times, top 16)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import build, validate
from generator.errors import ContentErrors
from generator.games.bridge.duplicate import compare_board, parse_duplicate_board, _pairs_row
from generator.games.bridge.scoring import RecordError
from tests.support import demo_content, withdraw

SLUG = "qiaoyou-club-pairs-2024"


def unplay(folder: Path, entry: str, rounds: range, instead: str = "") -> None:
    """The boards of `entry`'s NS table deleted in `rounds`: left as drawn, or with `instead`
    written for each board (`A+`)."""
    for number in rounds:
        path = folder / "results" / f"round-{number}.yaml"
        text = path.read_text(encoding="utf-8")
        table = re.search(rf"    ns: {entry}\n    ew: P\d+\n    boards:\n((?:      .*\n)+)", text)
        assert table is not None
        written = "".join(f"      {line.split(':')[0].strip()}: {instead}\n" for line in table[1].splitlines())
        path.write_text(text.replace("    boards:\n" + table[1], "    boards:\n" + written if instead else "", 1),
                        encoding="utf-8")


def withdrawn_p03(tmp_path: Path, instead: str = "", adjusted: str = "") -> tuple[Path, Path]:
    content = demo_content(tmp_path, SLUG)
    folder = content / "events" / SLUG
    withdraw(folder, "P03", 8)
    unplay(folder, "P03", range(8, 10), instead)
    if adjusted:
        event = folder / "event.yaml"
        event.write_text(event.read_text(encoding="utf-8").replace("    boards: 3 ", f"    adjusted: {adjusted}\n    boards: 3 "),
                         encoding="utf-8")
    return content, folder


def table_of(stage, number: int, entry: str):
    return next(t for t in stage.rounds[number - 1].tables if entry in t.table.sides)


def session_percent(stage, entry: str) -> float:
    """The pair's percentage on the boards it played (Law 12C2 `adjusted: session`)."""
    mp = top = 0.0
    for round_ in stage.rounds:
        for score in round_.tables:
            view = score.view
            if getattr(view, "kind", None) != "played" or entry not in (view.ns, view.ew):
                continue
            side = 0 if view.ns == entry else 1
            for row in view.rows:
                if row.adjusted is None and row.value(side) is not None:
                    mp += row.value(side)
                    top += row.top
    return 100 * mp / top


def test_a_withdrawn_pairs_opponents_get_average_plus_on_the_boards_it_left(tmp_path: Path) -> None:
    """P03 (NS at table 3) withdraws from round 8: its opponents of rounds 8 and 9 get A+ on the
    3 boards each would have played against it, with nothing written: 60 % of the top (16), or
    their session percentage when higher; P03 itself scores nothing there (its top stays that of
    rounds 1-7). Check says nothing of boards short: each board still has its 9 results."""
    content, folder = withdrawn_p03(tmp_path)
    site, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code in ("bridge-board-short", "entry-withdrawn-forfeit")] == []
    stage = results[0].stages[0]
    assert stage.status == "complete"
    for number in (8, 9):
        score = table_of(stage, number, "P03")
        opponent = next(s for s in score.table.sides if s != "P03")
        assert [s.entry for s in score.sides] == [opponent]  # P03 has no score at this table
        rows = score.view.rows
        assert len(rows) == 3 and all(r.adjusted is not None and r.ns_value is None for r in rows)
        expected = max(60.0, session_percent(stage, opponent))
        assert [r.top for r in rows] == [16, 16, 16]
        assert [r.ew_value for r in rows] == pytest.approx([expected * 16 / 100] * 3)
    mine = next(s for s in stage.standings if s.entry.id == "P03")
    assert mine.tally.metrics["top"] == 7 * 3 * 16  # rounds 1-7 only
    # `adjusted: fixed`: always 60 %, 9.6 of 16
    content, _ = withdrawn_p03(tmp_path / "fixed", adjusted="fixed")
    _, results, _ = validate(content)
    rows = table_of(results[0].stages[0], 8, "P03").view.rows
    assert [r.ew_value for r in rows] == [9.6, 9.6, 9.6]
    assert [r.adjusted.text for r in rows] == ["A+", "A+", "A+"]


def test_the_secretary_may_write_the_average_plus_or_average_on_the_withdrawn_pairs_table(tmp_path: Path) -> None:
    """`A+` written on each board of P03's tables from its withdrawal: what it gets anyway, no
    error (it is the opponent's, however the pairs sat); `A=` gives the opponent 50 % (8 of 16);
    a played board written there is still a result for a pair that does not play: an error,
    whose hint says the opponent gets average-plus."""
    content, _ = withdrawn_p03(tmp_path / "auto", adjusted="fixed")
    _, automatic, _ = validate(content)
    content, _ = withdrawn_p03(tmp_path / "written", "A+", adjusted="fixed")
    _, written, warnings = validate(content)  # no error
    ranks = lambda results: [(s.entry.id, s.rank, s.tally.metrics["percent"]) for s in results[0].stages[0].standings]  # noqa: E731
    assert ranks(written) == ranks(automatic)
    content, _ = withdrawn_p03(tmp_path / "average", "A=", adjusted="fixed")
    _, results, _ = validate(content)
    assert [r.ew_value for r in table_of(results[0].stages[0], 8, "P03").view.rows] == [8, 8, 8]
    content, _ = withdrawn_p03(tmp_path / "played", "3NT N =", adjusted="fixed")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    found = [p for p in failure.value.problems if not p.warning]
    assert {p.code for p in found} == {"entry-withdrawn-played"}
    assert "average-plus" in found[0].hint("en")


def test_the_pages_say_average_plus_for_a_withdrawn_opponent(tmp_path: Path) -> None:
    """The table, the opponent's page and the traveller say what the boards are: A+ (对手退赛)."""
    content, _ = withdrawn_p03(tmp_path)
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    stage = out / "events" / SLUG / "pairs"
    text = lambda path: " ".join(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")).split())  # noqa: E731
    round_8 = text(stage / "round-8" / "index.html")
    assert "A+ （对手退赛）" in round_8
    assert "A+ （对手退赛）" in text(out / "events" / SLUG / "entries" / "P15" / "index.html")
    assert "A+ （对手退赛）" in text(stage / "boards" / "28" / "index.html")


def test_the_printed_travellers_give_the_withdrawn_pairs_opponent_its_average_plus(tmp_path: Path) -> None:
    """Round 9's printed travellers: P03 (withdrawn) against P14 at table 3, adjusted A+ (对手退赛).
    The MP cell says NS nothing and EW its 60 % of the top of 16, 9.60, as the traveller page
    shows it; it was left empty (the cell followed NS's figure alone)."""
    import subprocess

    from generator.cli import main

    content, _ = withdrawn_p03(tmp_path)
    out = tmp_path / "forms"
    assert main(["print", SLUG, "pairs", "--round", "9", "--content", str(content), "--output", str(out)]) == 0
    (sheet,) = out.glob("scoresheet-*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, check=True, text=True).stdout
    walked_out = [line.split() for line in text.splitlines() if re.search(r"\bP03\s+P14\b", line)]
    assert len(walked_out) == 3  # round 9's 3 boards
    assert all("A+" in cells and cells[-3:] == ["\u2014", "/", "9.60"] for cells in walked_out), walked_out
    # the figures' heading as the traveller page's two columns say it (南北 比赛分, 东西 比赛分), not
    # "比赛分 南北 / 东西"
    assert "南北 比赛分 / 东西 比赛分" in " ".join(text.split()) and "比赛分 南北" not in " ".join(text.split())
    build(content, tmp_path / "output", bulletins=False)
    page = (tmp_path / "output/events" / SLUG / "pairs/boards/27/index.html").read_text(encoding="utf-8")
    assert ">南北 比赛分</th>" in page and ">东西 比赛分</th>" in page

def test_a_board_not_played_scores_nothing_for_either_pair_and_is_shown(tmp_path: Path) -> None:
    """`np` (or `not played`, 未打, {not_played: true}, as 80分 writes it): the board counts for
    neither pair, as a sit-out (percentage over the boards played); the other results are
    factored up (Neuberg, 8 of 9); the table, pair and traveller pages say 未打; no warning."""
    from generator.games.bridge.scoring import NotPlayedRecord

    for written in ("NP", "not played", "未打", "n/p"):
        assert isinstance(parse_duplicate_board(1, written), NotPlayedRecord)
    assert isinstance(parse_duplicate_board(1, {"not_played": True}), NotPlayedRecord)
    content = demo_content(tmp_path, SLUG)
    path = content / "events" / SLUG / "results" / "round-8.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("      22: 5D N =\n", "      22: np\n"), encoding="utf-8")
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("bridge-")] == []
    stage = results[0].stages[0]
    score = table_of(stage, 8, "P01")
    row = next(r for r in score.view.rows if r.board == 22)
    assert row.not_played and row.ns_value is None and row.ew_value is None
    assert score.view.top == 2 * 16  # the two boards played
    for entry in ("P01", "P13"):
        standing = next(s for s in stage.standings if s.entry.id == entry)
        assert standing.tally.metrics["top"] == 26 * 16
    others = [r for t in stage.rounds for s in t.tables for r in getattr(s.view, "rows", []) if r.board == 22
              and not r.not_played]
    assert len(others) == 8 and all(r.factored for r in others)
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    event = out / "events" / SLUG
    for page in (event / "pairs" / "round-8" / "index.html", event / "entries" / "P01" / "index.html",
                 event / "pairs" / "boards" / "22" / "index.html"):
        assert "未打" in page.read_text(encoding="utf-8"), page


def test_a_board_left_out_of_a_table_is_warned_there_and_scores_as_np(tmp_path: Path, capsys) -> None:
    """Round 8's table of P01 written without board 22: it scored as not played with no word of
    it but the board's short warning, which named the tables that have it, not the one left out.
    check says the round, the table, its pairs and the board, at the table's line, and the fix;
    the scoring is np's, which PBN and USEBIO imports (leaving NP boards out) rely on."""
    from generator.cli import main

    def standings(content: Path) -> dict[str, tuple[float, float]]:
        _, results, warnings = validate(content)
        return {s.entry.id: (s.tally.metrics["mp"], s.tally.metrics["top"]) for s in results[0].stages[0].standings}

    written = demo_content(tmp_path / "np", SLUG)
    path = written / "events" / SLUG / "results" / "round-8.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("      22: 5D N =\n", "      22: np\n"), encoding="utf-8")
    content = demo_content(tmp_path / "left", SLUG)
    path = content / "events" / SLUG / "results" / "round-8.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("      22: 5D N =\n", ""), encoding="utf-8")
    assert standings(content) == standings(written)
    capsys.readouterr()
    main(["check", "--content", str(content), "--lang", "en"])
    said = capsys.readouterr()
    out = said.out + said.err
    table = re.search(r"  - table: (\d+)\n(?:    .*\n)*?      22: 5D N =\n", text)
    line = text[:table.start()].count("\n") + 1
    assert f"results/round-8.yaml:{line}:" in out and "[bridge-board-left-out]" in out, out
    assert f"round 8 table {table[1]} (P01 v P13) has no result for board 22" in out, out
    assert "write the board's result from the table's score sheet, or np if the table did not play it" in out
    assert "[bridge-board-short]" not in out


def test_a_board_left_out_at_every_table_is_no_longer_silent(tmp_path: Path) -> None:
    """Board 22 left out wherever it was played has no result anywhere: no board was short of
    the others, and nothing was said. Each table the movement gives it is warned."""
    content = demo_content(tmp_path, SLUG)
    for path in (content / "events" / SLUG / "results").glob("round-*.yaml"):
        path.write_text(re.sub(r"(?m)^      22: .*\n", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    _, _, warnings = validate(content)
    said = [(w.params["round"], w.params["board"]) for w in warnings if w.code == "bridge-board-left-out"]
    assert len(said) == 9 and {board for _, board in said} == {22}


def rows_of(*written: str) -> list:
    class Options:
        vulnerability = "none"
        scoring = "matchpoints"
    return [_pairs_row(parse_duplicate_board(1, text), Options) for text in written]


def test_a_weighted_score_is_the_weighted_mean_of_its_parts_matchpoints() -> None:
    """Board 1 (none vulnerable) at 4 tables: 4S N = (420), 4S N -1 (-50), 3NT N +1 (430), and a
    ruling of 50% 4S N =, 50% 4S N -1. Top 6. NS: 420 beats -50 (2), loses to 430 (0), and
    against the weighted result ties half (1 x 50 %) and beats half (2 x 50 %): 3.5. -50: 0.5.
    430: 6. The weighted result: 50 % x (1 + 2 + 0) + 50 % x (0 + 1 + 0) = 2. 12 in all, as 4
    results give. EW the complement. Cross-IMPs likewise: 420 against the ruling is
    50 % x 0 + 50 % x 10 = 5 IMPs."""
    rows = rows_of("4S N =", "4S N -1", "3NT N +1", "50% 4S N =, 50% 4S N -1")
    compare_board(rows, "matchpoints", 4)
    assert [(r.ns_value, r.ew_value, r.top) for r in rows] == [(3.5, 2.5, 6), (0.5, 5.5, 6), (6, 0, 6), (2, 4, 6)]
    assert rows[3].weighted == "50% 4S N =, 50% 4S N -1"
    rows = rows_of("4S N =", "4S N -1", "3NT N +1", "50% 4S N =, 50% 4S N -1")
    compare_board(rows, "imps", 4)
    assert [r.ns_value for r in rows] == [5, -8.33, 5, -1.67]  # 420: (10 + 0 + 5) / 3
    # 3 results and a weighted one on a board expected at 5 tables: Neuberg on all 4
    rows = rows_of("4S N =", "4S N -1", "3NT N +1", "50% 4S N =, 50% 4S N -1")
    compare_board(rows, "matchpoints", 5)
    assert [r.ns_value for r in rows] == [4.625, 0.875, 7.75, 2.75]  # (MP + 1) x 5 / 4 - 1
    for bad, problem in (("60% 4S N =, 50% 4S N -1", "the weights add up to 110%, not 100%"),
                         ("50% 4S N =, 50% 4S Q -1", "declarer Q should be N, E, S or W")):
        with pytest.raises(RecordError) as failure:
            parse_duplicate_board(1, bad)
        assert failure.value.params["problem"]["en"] == problem


def test_a_weighted_score_in_a_results_file_is_scored_and_shown(tmp_path: Path) -> None:
    """Written in round 8 (board 22, 9 results): checked and scored; its row and traveller say it."""
    content = demo_content(tmp_path, SLUG)
    path = content / "events" / SLUG / "results" / "round-8.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("      22: 5D N =\n", "      22: 50% 5D N =, 50% 5D N -1\n"),
                    encoding="utf-8")
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("bridge-")] == []
    stage = results[0].stages[0]
    rows = [r for t in stage.rounds for s in t.tables for r in getattr(s.view, "rows", []) if r.board == 22]
    assert len(rows) == 9 and sum(r.ns_value for r in rows) == pytest.approx(9 * 8)  # every MP given out
    assert [r.weighted for r in rows if r.weighted] == ["50% 5D N =, 50% 5D N -1"]
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    assert "50% 5D N =, 50% 5D N -1" in (out / "events" / SLUG / "pairs" / "boards" / "22" / "index.html").read_text(
        encoding="utf-8")



def test_a_weighted_scores_stated_ns_scores_are_checked_as_any_boards(tmp_path: Path) -> None:
    """`5D N = 999` alone is bridge-score-mismatch; so it is as a part of a weighted score (the
    999 was dropped without a word), at the board's line; the right figure stated passes."""
    content = demo_content(tmp_path, SLUG)
    path = content / "events" / SLUG / "results" / "round-8.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[:text.index("      22: 5D N =\n")].count("\n") + 1
    path.write_text(text.replace("      22: 5D N =\n", "      22: 50% 5D N =, 50% 5D N -1 999\n"), encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (problem,) = [p for p in failure.value.problems if not p.warning]
    assert (problem.code, problem.mark.line) == ("bridge-score-mismatch", line)
    assert problem.params["recorded"] == 999 and problem.params["result"] == "-1"
    right = problem.params["computed"]
    path.write_text(text.replace("      22: 5D N =\n", f"      22: 50% 5D N =, 50% 5D N -1 {right}\n"), encoding="utf-8")
    validate(content)

HOWELL = """title: Tuesday Pairs
game: bridge
date: 2026-12-01
entries:
""" + "".join(f"  - {{id: P{i}, players: [N{i} X, S{i} Y]}}\n" for i in range(1, 10)) + """stages:
  - id: pairs
    name: Pairs
    format: pairs
    scoring: matchpoints
    movement: howell
    rounds: 9
    boards: 3
"""


def test_the_printed_travellers_are_real_travellers_one_a_board_with_every_round(tmp_path: Path) -> None:
    """`paibang print … --round 1` of a 9-pair Howell (4 tables, 9 sets of 3 boards), printed once
    before play with only round 1 drawn: each of round 1's boards has one traveller, a line for
    every round the movement plays it (board 4: rounds 1, 2, 8 and 9), each with its table and its
    NS and EW pairs filled in. It was the round's sheet: board 4 on one line, round 1's."""
    import subprocess

    from generator.cli import main

    content = tmp_path / "content"
    (content / "events/tue/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    (content / "events/tue/event.yaml").write_text(HOWELL, encoding="utf-8")
    assert main(["pair", "tue", "pairs", "--content", str(content), "--lang", "en"]) == 0
    out = tmp_path / "forms"
    assert main(["print", "tue", "pairs", "--round", "1", "--content", str(content), "--output", str(out)]) == 0
    (sheet,) = out.glob("scoresheet-*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, check=True, text=True).stdout
    assert "travels with the board" in text
    lines = [line.split() for line in text.splitlines() if line.strip()]
    at = next(i for i, cells in enumerate(lines) if cells[:1] == ["4"] and "W·Both" in cells)
    traveller = [lines[at][2:6]] + [cells[:4] for cells in lines[at + 1:at + 4]]
    # round, table, NS, EW: the movement's, as `paibang pair` would seat rounds 2, 8 and 9
    assert [row[0] for row in traveller] == ["1", "2", "8", "9"]
    assert all(re.fullmatch(r"P\d", row[2]) and re.fullmatch(r"P\d", row[3]) for row in traveller)
    assert len({pair for row in traveller for pair in row[2:]}) == 8  # 4 tables, 8 different pairs
    boards = [cells[0] for cells in lines if len(cells) > 2 and "·" in cells[1]]
    assert len(boards) == len(set(boards)) == 12  # round 1's 4 sets of 3 boards, one traveller each


def test_the_exports_carry_average_plus_boards_not_played_and_weighted_scores(tmp_path: Path) -> None:
    """PBN and USEBIO exports of a stage with a withdrawn pair's opponents on A+ (the withdrawn
    pair's side without a figure), a board not played and a weighted score: written, each said
    as written (NP as Ruter writes it), where a figure of None stopped the export."""
    from generator.cli import main

    content, folder = withdrawn_p03(tmp_path)
    path = folder / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    first, second = re.findall(r"      (\d+: .*)\n", text)[:2]
    number = second.split(":")[0]
    path.write_text(text.replace(first.split(":")[0] + ":" + first.split(":", 1)[1], first.split(":")[0] + ": np", 1)
                    .replace(second, f"{number}: 50% 3NT N =, 50% 3NT N -1", 1), encoding="utf-8")
    out = tmp_path / "export"
    for kind in ("pbn", "usebio"):
        assert main(["export", SLUG, "--format", kind, "--content", str(content), "-o", f"{out}/"]) == 0
    pbn = next(out.glob("*.pbn")).read_text(encoding="utf-8")
    assert ' NP ' in pbn and '"50% 3NT N =, 50% 3NT N -1"' in pbn and '"A+"' in pbn
    xml = next(out.glob("*.xml")).read_text(encoding="utf-8")
    assert "<ADJUSTED_SCORE>NP</ADJUSTED_SCORE>" in xml and "<ADJUSTED_SCORE>A+</ADJUSTED_SCORE>" in xml


def test_a_withdrawal_warns_of_no_board_short_while_later_rounds_are_still_to_play(tmp_path: Path) -> None:
    """P03 withdraws from round 4 with rounds 4-9 drawn and nothing entered: its opponents' A+
    at its tables of those rounds come by themselves, entered by nobody. Counted as results,
    they made round 9 look entered, and check warned of 15 boards short mid-event ("board 4
    has results from 4 tables ... up to 4"); without the withdrawal, none."""
    content = demo_content(tmp_path, SLUG)
    folder = content / "events" / SLUG
    withdraw(folder, "P03", 4)
    for number in range(4, 10):
        path = folder / "results" / f"round-{number}.yaml"
        text = re.sub(r"(?m)^      (\d+): .*\n", r"      # \1:\n", path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    _, results, warnings = validate(content)
    assert results[0].stages[0].status == "in_progress"
    assert [w for w in warnings if w.code == "bridge-board-short"] == []
    # a table of round 2 left out is still warned of, its boards' results counted as entered:
    # 2 of the 3 it should have so far (the A+ of P03's tables still to play counted, it said "up to 4")
    path = folder / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    table = re.search(r"  - table: 5\n(?:    .*\n)+?    boards:\n((?:      .*\n)+)", text)
    assert table is not None
    path.write_text(text.replace(table[1], re.sub(r"(?m)^      (\d+): .*$", r"      # \1:", table[1])), encoding="utf-8")
    _, _, warnings = validate(content)
    short = [w for w in warnings if w.code == "bridge-board-short"]
    assert len(short) == 3 and all(w.params["count"] == 2 and w.params["expected"] == 3 for w in short)
