"""Real club sessions scored by Compscore3 and published as USEBIO 1.2 (tests/data/real/, see its
README): `paibang import` writes the event, paibang scores it, and every figure the file
publishes is reproduced — each NS score, each board's IMPs or matchpoints both ways, each
pair's total, percentage and place.

- a Butler Mitchell ranked by direction, with an adjusted (average-average) board;
- a cross-IMP Howell of 9 pairs: a pair sits out every round; the totals are thirds;
- a matchpoint Mitchell of 7 NS and 6 EW pairs: an NS pair sits out every round.

And three sessions of Bridge NZ's Scorer, converted to USEBIO 1.2 by scorer-to-usebio (README):

- a three-quarter Howell of 11 pairs and a phantom: one pair sits out each round;
- a Mitchell with a board marked not played (NP) at one table, which the file scores as a
  pass-out (score 0, MPs 20 / 4), and passed-out boards: imported as the file applies it, a
  pass-out, every figure equal; the import says so, and how to leave the board out instead;
- three sections (two Mitchells and a Howell) matchpointed across the field, adjusted A6060 / A6040:
  the import tells it from the file's figures (and the same file matchpointed within each section
  from those: a stage a section).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.games.bridge.duplicate import cross_imps, cross_imps_exact

DATA = Path(__file__).resolve().parent / "data" / "real"
BUTLER = DATA / "compscore_butler_mitchell.xml"
CROSS = DATA / "compscore_cross_imp_howell.xml"
MATCHPOINTS = DATA / "compscore_mp_pairs_mitchell_03.xml"
FEWER = DATA / "compscore_mp_pairs_mitchell_04.xml"
HOWELL = DATA / "scorer_nz_howell_phantom.xml"
NOT_PLAYED = DATA / "scorer_nz_pairs_np_passed.xml"
SECTIONS = DATA / "scorer_nz_multi_section.xml"
HANDICAP = DATA / "scorer_nz_handicap_pairs.xml"
TURNED = DATA / "compscore_mp_pairs_howell.xml"
NOT_PLAYED_SCALED = DATA / "compscore_mp_pairs_mitchell.xml"
UNMARKED = DATA / "compscore_el_thu_1pm_open.xml"
SCORER_NATIVE = DATA / "scorer_native_pairs.xml"


def imported(tmp_path: Path, path: Path, capsys, strict: bool = True) -> tuple[Path, str]:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    code = main(["import", "club", str(path), "--content", str(content), "--lang", "en", *(["--strict"] if strict else [])])
    out = capsys.readouterr().out
    assert code == 0, out
    return content / "events/club", out


def standings(folder: Path) -> dict[str, tuple]:
    _, results, _ = validate(folder.parents[1])
    stage = results[0].stage_of("pairs")
    return {s.entry.id: (s.rank, s.tally.metrics.get("imps"), s.tally.metrics.get("percent")) for s in stage.standings}


@pytest.mark.parametrize(("path", "figures"), [(BUTLER, 762), (CROSS, 342), (MATCHPOINTS, 417)],
                         ids=["butler", "cross-imps", "matchpoints"])
def test_every_published_figure_is_reproduced(tmp_path, capsys, path, figures):
    _, out = imported(tmp_path, path, capsys)
    assert f"all {figures} figures equal" in out


def test_butler_mitchell_adjusted_board_and_two_winners(tmp_path, capsys):
    folder, _ = imported(tmp_path, BUTLER, capsys)
    event = (folder / "event.yaml").read_text(encoding="utf-8")
    assert "scoring: butler" in event and "field: directions" in event and "rounds: 7" in event
    round_3 = (folder / "results/pairs-round-3.yaml").read_text(encoding="utf-8")
    assert "      15: A=/A=\n" in round_3  # <SCORE>A5050</SCORE>: 0 IMPs each way, as the file has
    found = standings(folder)
    # the file's places: 2NS first of the NS pairs with 73 IMPs, 1NS second with 42
    assert found["2NS"] == (1, 73, None) and found["1NS"] == (2, 42, None)


def test_cross_imp_howell_sit_outs_and_totals_in_thirds(tmp_path, capsys):
    folder, _ = imported(tmp_path, CROSS, capsys)
    rounds = sorted((folder / "results").iterdir())
    assert len(rounds) == 9
    sitting_out = []
    for path in rounds:
        text = path.read_text(encoding="utf-8")
        assert text.count("    ns: ") == 5  # four tables and the pair sitting out
        last = text.rstrip("\n").split("\n")
        assert last[-2].startswith("  - table: 5") and last[-1].startswith("    ns: ")
        sitting_out.append(last[-1].split(": ")[1])
    assert sorted(sitting_out) == sorted(f"P{n}" for n in (1, 2, 3, 5, 6, 7, 8, 9, 10))  # each pair once
    found = standings(folder)
    # published: P2 30.33, P10 30.00, P1 1.00; summed per board rounded they would be 30.34 and 0.99
    assert found["P2"] == (1, 30.33, None) and found["P10"] == (2, 30, None) and found["P1"][1] == 1


def test_cross_imps_are_summed_unrounded():
    """Three results 100, 0, 0 and a fourth 0: NS 100 beats each by 3 IMPs (3.0); each 0 loses 3
    to it and ties the others: -1 each. With thirds, shown rounded, summed exactly."""
    assert cross_imps_exact([100, 0, 0, 0]) == [3.0, -1.0, -1.0, -1.0]
    exact = cross_imps_exact([420, 0, -50, 100])
    assert cross_imps([420, 0, -50, 100]) == [round(v, 2) for v in exact]
    assert abs(sum(exact)) < 1e-9


def test_matchpoint_mitchell_ns_sit_out_and_two_fields(tmp_path, capsys):
    folder, out = imported(tmp_path, MATCHPOINTS, capsys)
    assert "2 a result beaten, from zero" in out
    for path in sorted((folder / "results").iterdir()):
        text = path.read_text(encoding="utf-8")
        assert text.count("    ns: ") == 7 and text.count("    ew: ") == 6  # 6 tables, an NS pair out
    found = standings(folder)
    assert found["3NS"] == (1, None, 62.78) and found["1NS"][0] == found["7NS"][0] == 3  # tied, as published


def test_matchpoints_adding_up_to_more_results_than_tables_are_not_factored_to_them(tmp_path, capsys):
    """8 NS and 8 EW pairs (8 tables at most), 6 results a board, a board's figures adding up to 10
    (2 a result beaten on 6 results; 8 on the boards played 5 times, 6 on those played 4 times:
    Compscore tops each board on its own results). Read as 1 a result beaten factored (Neuberg)
    to 11 results, every pair's total came out half the file's (2NS: file 121.40, paibang 60.7)."""
    _, out = imported(tmp_path, FEWER, capsys, strict=False)
    assert "2 a result beaten, from zero" in out and "factored" not in out
    differing = _differing(out)
    # left: the boards played fewer times, which paibang factors (Neuberg) and Compscore does not
    # (rules-bridge.md), and the totals of the three pairs that have fewer results than the
    # session's 17 boards, which Compscore scales to the full session (1NS: 58.2 x 17/15 = 65.96)
    boards = {int(line.split()[1]) for line in differing if line.startswith("board ")}
    assert boards <= {3, 6, 9, 12, 15, 18, 21, 24}
    totals = [line for line in differing if line.startswith("total ")]
    assert len(totals) == 3 and not any(" 2NS:" in line or " 1EW:" in line for line in totals)
    assert ("total TOTAL_SCORE  1NS: file 65.96, paibang 58.2 (explained: the pair has results of 15 boards of 17, and"
            " the file scales its total to the full session: 58.2 x 17/15 = 65.96;") in out
    assert all("(explained: the pair has results of " in line for line in totals)


def test_an_event_type_naming_no_scoring_is_scored_as_the_board_figures_show(tmp_path, capsys):
    """The Butler Mitchell with its EVENT_TYPE an unknown one (cobalt's notsupported.xml is this
    very file with `<EVENT EVENT_TYPE="NOTSUP">`): it was scored by matchpoints, 507 of its 762
    figures differing (board 1 IMP_NS 1NS: file -3, paibang 3). Its travellers carry
    NS_BUTLER_POINTS: scored Butler, said so, every figure equal."""
    text = BUTLER.read_text(encoding="utf-8")
    assert text.count('<EVENT EVENT_TYPE="BUTLER_PAIRS">') == 1
    path = tmp_path / "notsupported.xml"
    path.write_text(text.replace('<EVENT EVENT_TYPE="BUTLER_PAIRS">', '<EVENT EVENT_TYPE="NOTSUP">'), encoding="utf-8")
    folder, out = imported(tmp_path, path, capsys)
    assert ("the file's event type NOTSUP names no scoring paibang knows: scored Butler (IMPs against each board's"
            " datum), as its board figures (NS_BUTLER_POINTS) show") in out
    assert "all 762 figures equal" in out and "scoring: butler" in (folder / "event.yaml").read_text(encoding="utf-8")


def test_howell_line_written_with_its_pairs_turned_keeps_the_movement(tmp_path, capsys):
    """Compscore's 12-pair Howell (6 tables, 9 rounds of 3 boards, no rounds in the file) writes
    board 15 of P4 v P2 with P2 NS, boards 13-14 with P4 NS. Seated as a meeting of its own, that
    line took round 6, every later meeting of P2 and P4 moved a round on: 10 rounds, rounds 6-10
    of mixed boards. The meeting is one meeting: round 5 keeps P4 v P2's boards 13-14, every
    round 1-9 is its own three boards at 6 tables, and the turned line keeps its seats (its score
    is P2's as NS: 6 MPs, as the file has it) at a table after the movement's rounds, said."""
    folder, out = imported(tmp_path, TURNED, capsys, strict=False)
    # (table 3: a round's meetings seated with their pairs' numbers as numbers, 10-12 after 9)
    assert "board 15 of 4 v 2 (round 5, table 3, stage pairs) is written with 2 NS and 4 EW" in out
    assert "at a table of round 10, after the movement's rounds" in out
    for number in range(1, 10):
        text = (folder / f"results/pairs-round-{number}.yaml").read_text(encoding="utf-8")
        assert text.count("  - table:") == 6, number
        assert {int(b) for b in re.findall(r"^      (\d+):", text, re.M)} == {3 * number - 2, 3 * number - 1, 3 * number}
    round_5 = (folder / "results/pairs-round-5.yaml").read_text(encoding="utf-8")
    assert "    ns: P4\n    ew: P2\n    boards:\n      13: {contract: 2D, by: S, result: \"-1\", lead: H4}\n      14:" in round_5
    assert (folder / "results/pairs-round-10.yaml").read_text(encoding="utf-8").endswith(
        "    ns: P2\n    ew: P4\n    boards:\n      15: {contract: 4S, by: S, result: \"-1\", lead: D2}\n")
    # every figure of board 15 and of P2's and P4's totals is the file's; what differs is board
    # 12, played 5 times, which paibang factors (Neuberg) and Compscore does not (README)
    differing = _differing(out)
    assert not [line for line in differing if line.startswith(("board 15 ", "total ")) and (" P2:" in line or " P4:" in line)]
    assert not [line for line in differing if line.startswith("board 15 ")]
    assert {int(line.split()[1]) for line in differing if line.startswith("board ")} == {12}
    _, _, warnings = validate(folder.parents[1])
    met = [w for w in warnings if w.code == "pairs-meet-twice"]
    assert len(met) == 1 and met[0].mark.file.name == "pairs-round-10.yaml"


def test_compscore_totals_scaled_and_cut_are_explained(tmp_path, capsys):
    """Compscore's 19 + 19 pair Mitchell, board 15 not played at 16NS v 9EW: those two pairs'
    totals are scaled to the full session (9EW: 555 x 27/26 = 576.35), their percentages and
    places paibang's; and Compscore cuts the EW total at 2 decimals and gives NS the rest of the
    top (2EW 416.0556 written 416.05, 8NS 456.9444 written 456.95), where paibang rounds. Each
    is said as explained, under the file's own element (TOTAL_SCORE), not PBN's TotalScoreMP;
    the other differences are board 15's figures, factored by paibang (Neuberg), not by the file."""
    _, out = imported(tmp_path, NOT_PLAYED_SCALED, capsys, strict=False)
    assert "34 of 1650 figures differ, 4 of them totals the file writes its own way (each said why):" in out
    differing = _differing(out)
    assert [line for line in differing if line.startswith("total ")] == [
        "total TOTAL_SCORE  2EW: file 416.05, paibang 416.06 (explained: the file cuts an EW total at the decimals it"
        " writes, where paibang rounds it)",
        "total TOTAL_SCORE  8NS: file 456.95, paibang 456.94 (explained: the file gives an NS total what the EW figures"
        " it cuts leave of the top, where paibang rounds it)",
        "total TOTAL_SCORE  9EW: file 576.35, paibang 555 (explained: the pair has results of 26 boards of 27, and the"
        " file scales its total to the full session: 555 x 27/26 = 576.3462; its percentage is on the boards played)",
        "total TOTAL_SCORE  16NS: file 502.62, paibang 484 (explained: the pair has results of 26 boards of 27, and the"
        " file scales its total to the full session: 484 x 27/26 = 502.6154; its percentage is on the boards played)"]
    assert {line.split()[1] for line in differing if not line.startswith("total ")} == {"15"}
    assert "TotalScoreMP" not in out


def test_an_average_the_file_does_not_mark_is_pointed_at(tmp_path, capsys):
    """cobalt's EL Thu 1.00pm Open: board 1 at 1NS v 1EW, a 2S making 110, carries 20 / 20 (an
    average on a top of 40) where 110 earns 26 / 14; every other figure of board 1 differs with
    it (38 of the 130 differences), and nothing said where to look. The import names that line,
    the one line of the file whose figures are an average both ways against its score."""
    folder, out = imported(tmp_path, UNMARKED, capsys, strict=False)
    assert "130 of 1825 figures differ:" in out
    assert out.count("an average the file does not mark?") == 1
    assert ("board 1 at 1NS v 1EW (NS score 110): the file gives both pairs the same figure, 20 / 20, an average,"
            " where that score earns 26 / 14: an average the file does not mark?") in out
    assert "      1: {contract: 2S, by: S, result: \"=\", lead: D2}\n" in (
        folder / "results/pairs-round-1.yaml").read_text(encoding="utf-8")  # the file's result (lead 2D, stored suit first)


def test_compscore_writes_an_adjusted_board_in_the_score():
    from generator.commands.bridge_import import _compscore_adjusted

    assert _compscore_adjusted("A6040") == "A+/A-" and _compscore_adjusted("A5050") == "A=/A="
    assert _compscore_adjusted("A6060") == "A+/A+" and _compscore_adjusted("A7030") == "70%/30%"
    assert _compscore_adjusted("420") is None and _compscore_adjusted(None) is None


# --- Scorer (Bridge NZ), through scorer-to-usebio ----------------------------------------------------


def _differing(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.startswith("  ")]


def test_scorer_howell_with_a_phantom(tmp_path, capsys):
    """11 pairs in a 6-table three-quarter Howell, pair 11 a phantom: every board has 5 results,
    paibang's top 8. Scorer writes each board's figures factored (Neuberg) to the 6 tables:
    board 4's 100 (two results beaten by one, tied by two) is 2 MPs of 8, (2 + 1) x 6 / 5 - 1 =
    2.6 of 10 in the file. Its percentages are on paibang's top (P3 124 of 192 = 64.58 %).
    What differs: on boards 1-3 Scorer counted a sixth result, the same as table 8 v 4's (its
    figures there are whole numbers on a top of 10: 480 beating 450, 420, 420, 420 and 140 has
    10, paibang's 9.8; the travellers have five results), which moves P4 and P8 by 2 MPs (62.50 /
    31.77 %; paibang 61.46 / 32.81 %)."""
    folder, out = imported(tmp_path, HOWELL, capsys, strict=False)
    assert "board figures factored (Neuberg) to 6 results a board" in out
    assert "32 of 427 figures differ:" in out
    differing = _differing(out)
    assert differing[0] == "board 1 MP_NS  P12: file 10, paibang 9.8"
    assert len([d for d in differing if d.startswith(("board 1 ", "board 2 ", "board 3 "))]) == 30  # all of them
    assert differing[30:] == ["total PERCENTAGE  P4: file 62.5, paibang 61.46",
                              "total PERCENTAGE  P8: file 31.77, paibang 32.81"]
    sitting_out = []
    for path in sorted((folder / "results").iterdir()):
        text = path.read_text(encoding="utf-8")
        assert text.count("    ns: ") == 6 and text.count("    ew: ") == 5  # five tables and the pair out
        sitting_out.append(text.rstrip("\n").split("\n")[-1].split(": ")[1])
    assert sorted(sitting_out) == [f"P{n}" for n in range(1, 10)]  # P10 and P12 never meet the phantom
    found = standings(folder)
    assert found["P3"] == (1, None, 64.58) and found["P12"] == (5, None, 55.09) and found["P10"] == (6, None, 49.54)
    assert found["P5"] == found["P9"] == (8, None, 44.27)  # the file's places, 8 and 8
    assert found["P4"][0] == 2 and found["P8"][0] == 11


def test_a_total_score_that_is_the_percentage_written_otherwise_is_no_mp_total(tmp_path, capsys):
    """Scorer's TOTAL_SCORE is its PERCENTAGE again; written 62.50 beside 62.5 it is the same
    figure, not a matchpoint total to compare: the same 32 differences as the file as it is."""
    text = HOWELL.read_text(encoding="utf-8")
    assert text.count("<TOTAL_SCORE>62.5</TOTAL_SCORE>") == 1
    path = tmp_path / "howell.xml"
    path.write_text(text.replace("<TOTAL_SCORE>62.5</TOTAL_SCORE>", "<TOTAL_SCORE>62.50</TOTAL_SCORE>"), encoding="utf-8")
    _, out = imported(tmp_path, path, capsys, strict=False)
    assert "32 of 427 figures differ:" in out and "total TOTAL_SCORE" not in out


def test_scorer_np_line_the_file_scores_is_imported_as_a_pass_out(tmp_path, capsys):
    """Board 19 at table 1 of round 10 (1 NS v 5 EW) is marked not played (CONTRACT NP), and
    the file scores it all the same: score 0, NS 20 of 24 (it beats -50 and below), the board in
    both pairs' totals. Imported as the file applies it, a pass-out: every figure equal, the
    passed-out boards (PASS, 0) among them; the winner 8 EW 57.69, 1 NS 54.33 (Scorer's own
    file counts board 19 in their tops, `match_points="339/624"`)."""
    folder, out = imported(tmp_path, NOT_PLAYED, capsys)
    assert "all 1066 figures equal" in out
    round_10 = (folder / "results/pairs-round-10.yaml").read_text(encoding="utf-8")
    assert "    ns: 1-NS\n    ew: 5-EW\n    boards:\n      19: pass\n      20: 1NT W -1\n" in round_10
    assert "      16: pass\n" in (folder / "results/pairs-round-8.yaml").read_text(encoding="utf-8")
    found = standings(folder)
    assert found["8-EW"] == (1, None, 57.69) and found["5-NS"][0] == 1 and found["1-NS"] == (5, None, 54.33)


def test_scorer_np_line_without_figures_is_left_out(tmp_path, capsys):
    """The same line with its score and figures taken away (CONTRACT NP, nothing else): the file
    does not score it, so the board is left out of that table (the rules: a board not played is
    no result) and its 12 other results factored (Neuberg) to 13. Board 19's figures and the
    totals differ from the file's, which scored it: 16 of board 19's figures and every one of
    the 26 percentages (the winner 8 EW: 57.69, paibang 57.73), compared with paibang's
    standings as the site shows them; 8 of them happen to be what the board figures as printed
    make, summed, too few for that to be the file's way, so nothing is said of it."""
    text = NOT_PLAYED.read_text(encoding="utf-8")
    line = ("<CONTRACT>NP</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>0</TRICKS><SCORE>0</SCORE>"
            "<NS_MATCH_POINTS>20</NS_MATCH_POINTS><EW_MATCH_POINTS>4</EW_MATCH_POINTS>")
    assert text.count(line) == 1
    path = tmp_path / "unscored.xml"
    path.write_text(text.replace(line, "<CONTRACT>NP</CONTRACT>"), encoding="utf-8")
    folder, out = imported(tmp_path, path, capsys, strict=False)
    said = out.split("matchpoints written:")[0].splitlines()[1:]
    assert said == [
        "not played: board 19 at table 1 of round 10, 1-NS v 5-EW (the file writes NP); written np in that table, as "
        "the rules treat a board not played (results/pairs-round-10.yaml)",
        "board 19 as the rules treat a board not played: the results of the other tables (12) are matchpointed among "
        "themselves and factored (Neuberg) from 12 to 13 results, the most a board of the stage has; 1-NS and 5-EW are "
        "scored on the boards they played (their percentage over those boards' tops)",
        "if it was played after all, write its result in place of np in the round's file (a pass-out as "
        "`19: pass`, an adjusted score as `19: A=`) and build; importing the file again rewrites that file",
    ]
    assert "42 of 1063 figures differ:" in out
    assert "totals written" not in out and "(explained: " not in out
    differing = _differing(out)
    assert len([d for d in differing if d.startswith("board 19 ")]) == 16
    assert all(d.startswith(("board 19 ", "total ")) for d in differing)
    round_10 = (folder / "results/pairs-round-10.yaml").read_text(encoding="utf-8")
    assert "    ns: 1-NS\n    ew: 5-EW\n    boards:\n      19: np\n      20: 1NT W -1\n" in round_10
    found = standings(folder)
    assert found["8-EW"] == (1, None, 57.73) and found["5-NS"][0] == 1
    # Scorer drops trailing zeros: 1 EW's "50" is 50.00 (312 of 624), compared at two decimals
    assert "total PERCENTAGE  1-EW: file 50, paibang 49.85" in differing
    assert "total PERCENTAGE  8-EW: file 57.69, paibang 57.73" in differing
    assert len([d for d in differing if d.startswith("total ")]) == 26  # every percentage
    assert found["1-NS"] == (5, None, 53.17)  # 319 MPs over the 25 boards it played (the file: 54.33 with board 19)


def test_scorer_sections_across_the_field(tmp_path, capsys):
    """Sections A, B (Mitchells of 13 tables) and C (a Howell of 7, pair ids `(C) 10`), every
    board matchpointed across all 33 tables (top 64). Scorer cuts its figures at one decimal:
    board 17 has 31 results and two adjusted (A6060, A6040: 38.4 = 60 % of 64), a result beating
    23 gets (46 + 1) x 33 / 31 - 1 = 47.97, written 47.9. Two travellers disagree with their own
    score: B 3 v 11 on board 16 writes 6NT by W down 5 and -250 (NS would score +500), C 14 v 6
    on board 18 6NT by N with no tricks and -170 (-1200); paibang scores the contract, so the
    figures of boards 16 and 18 differ and, through them, the totals. Every other board figure is equal."""
    folder, out = imported(tmp_path, SECTIONS, capsys, strict=False)
    assert "board figures cut, not rounded, at the decimals written" in out
    differing = _differing(out)
    assert [d for d in differing if "Score_NS" in d] == ["board 16 Score_NS  B-3-NS: file -250, paibang 500",
                                                         "board 18 Score_NS  C-14: file -170, paibang -1200"]
    assert all(d.startswith(("board 16 ", "board 18 ", "total ")) for d in differing)
    assert "188 of 2704 figures differ:" in out
    # The 188: the two travellers' scores, the MPs of boards 16 (31 lines x 2) and 18 (15 x 2) that
    # follow them, and the totals: every pair's percentage and 28 places. Four percentages move by
    # those boards' swing (B 3 v 11: 60 MPs of 1664, 3.6 %; C 14 v 6: 24 MPs, 1.5 %); the other 62
    # by at most 0.22, partly through boards 16 and 18 and partly Scorer's own: its percentages are
    # not the sum of its board figures (off by up to 0.12 %, C 12: 1.99 MPs of 1664), so no rule
    # paibang keeps makes them.
    kinds = Counter(" ".join(d.split()[:3]) if d.startswith("board") else " ".join(d.split()[:2]) for d in differing)
    assert kinds == {"board 16 Score_NS": 1, "board 18 Score_NS": 1, "board 16 MP_NS": 31, "board 16 MP_EW": 31,
                     "board 18 MP_NS": 15, "board 18 MP_EW": 15, "total PERCENTAGE": 66, "total PLACE": 28}
    swings = sorted(abs(float(d.split("paibang ")[1]) - float(d.split("file ")[1].split(",")[0]))
                    for d in differing if d.startswith("total PERCENTAGE"))
    assert swings[-4:] == pytest.approx([1.53, 1.53, 3.62, 3.66]) and swings[-5] <= 0.22
    texts = "".join(path.read_text(encoding="utf-8") for path in (folder / "results").iterdir())
    assert "      17: A+/A+\n" in texts and "      17: A+/A-\n" in texts
    assert "id: C-10," in (folder / "event.yaml").read_text(encoding="utf-8")


def test_scorer_np_line_scored_as_a_pass_out_is_said_at_import_in_the_sites_language(tmp_path, capsys):
    """The import says, before its comparison, that board 19 at table 1 of round 10 (1-NS v
    5-EW) is marked not played but scored by the file (SCORE 0, 20 / 4), so imported as a
    pass-out; and how the secretary leaves it out if it was really not played: delete that line,
    and the build then factors its other 12 results (Neuberg) from 12 to 13, the most a board
    has, the two pairs scored on the boards they played. In the site's language when no --lang
    is given."""
    _, out = imported(tmp_path, NOT_PLAYED, capsys)
    said = out.split("matchpoints written:")[0].splitlines()[1:]
    assert said == [
        "board 19 at table 1 of round 10, 1-NS v 5-EW: the file writes NP (not played) but scores it as it scores a "
        "result played (SCORE 0, MP_NS 20, MP_EW 4); imported as the file applies it, a pass-out (`19: pass`, "
        "results/pairs-round-10.yaml)",
        "if board 19 was really not played at that table, delete that line (`19: pass` under 1-NS v 5-EW) from "
        "results/pairs-round-10.yaml and build; the build then scores the board so:",
        "board 19 as the rules treat a board not played: the results of the other tables (12) are matchpointed among "
        "themselves and factored (Neuberg) from 12 to 13 results, the most a board of the stage has; 1-NS and 5-EW are "
        "scored on the boards they played (their percentage over those boards' tops)",
    ]
    for locale, lines in (("zh-Hans", ["第 10 轮第 1 桌的第 19 副（1-NS 对 5-EW）：文件写作 NP（未打），却像打过的结果一样给它"
                                       "记了分（SCORE 0, MP_NS 20, MP_EW 4）；按文件的算法导入，记作全不叫（`19: pass`，"
                                       "results/pairs-round-10.yaml）\n",
                                       "若这副牌在该桌确实没打：从 results/pairs-round-10.yaml 删掉那一行（1-NS 对 5-EW 下的 "
                                       "`19: pass`），再生成网站；生成时这副牌这样计算：\n", "并从 12 个折算（Neuberg）到 13 个"]),
                          ("zh-Hant", ["檔案寫作 NP（未打），卻像打過的結果一樣給它記了分", "並從 12 個折算（Neuberg）到 13 個"])):
        content = tmp_path / locale / "content"
        (content / "events").mkdir(parents=True)
        (content / "site.yaml").write_text(f"title: t\nlocale: {locale}\n", encoding="utf-8")
        assert main(["import", "club", str(NOT_PLAYED), "--content", str(content)]) == 0
        out = capsys.readouterr().out
        assert all(line in out for line in lines), out


def _sections_rescored_apart(tmp_path: Path) -> Path:
    """The multi-section file with each section's real results matchpointed within the section
    (2 a result beaten, 1 a tie; the file's own NS scores), as a program scoring sections apart
    would: every other byte as published."""
    from collections import defaultdict

    text = SECTIONS.read_text(encoding="utf-8")
    lines = list(re.finditer(r"<TRAVELLER_LINE>.*?</TRAVELLER_LINE>", text))
    sections = [(m.start(), m.group(1)) for m in re.finditer(r'<SECTION SECTION_ID="(\w)">', text)]
    boards = [(m.start(), m.group(1)) for m in re.finditer(r"<BOARD><BOARD_NUMBER>(\d+)</BOARD_NUMBER>", text)]
    groups: dict[tuple[str, str], list[tuple[re.Match, int]]] = defaultdict(list)
    for line in lines:
        score = re.search(r"<SCORE>(-?\d+)</SCORE>", line.group(0))
        if score is None:  # adjusted (A6060): kept as published
            continue
        section = [s for at, s in sections if at < line.start()][-1]
        board = [b for at, b in boards if at < line.start()][-1]
        groups[(section, board)].append((line, int(score.group(1))))
    replaced = {}
    for found in groups.values():
        for line, score in found:
            ns = sum(2 if score > other else 1 if score == other else 0 for _, other in found) - 1
            new = re.sub(r"<NS_MATCH_POINTS>[^<]*</NS_MATCH_POINTS><EW_MATCH_POINTS>[^<]*</EW_MATCH_POINTS>",
                         f"<NS_MATCH_POINTS>{ns}</NS_MATCH_POINTS><EW_MATCH_POINTS>{2 * (len(found) - 1) - ns}</EW_MATCH_POINTS>",
                         line.group(0))
            replaced[line.start()] = (line.end(), new)
    out, at = [], 0
    for start in sorted(replaced):
        end, new = replaced[start]
        out += [text[at:start], new]
        at = end
    path = tmp_path / "apart.xml"
    path.write_text("".join(out) + text[at:], encoding="utf-8")
    return path


def test_scorer_sections_are_told_apart_by_their_own_figures(tmp_path, capsys):
    """Scorer's own file says `field_scoring="true"` (scorer-to-usebio does not carry it into
    USEBIO, which has no word for it): the import finds it in the figures, every one of the 9074
    pairs of results of different sections on a board agreeing with one field. The same file
    matchpointed within each section is found scored apart (2744 of them disagree) and becomes a
    stage a section."""
    folder, out = imported(tmp_path, SECTIONS, capsys, strict=False)
    assert out.startswith("sections A, B, C: scored across the field, as the file's board figures show (a score has the "
                          "same figure in every section: 9074 pairs of results of different sections compared, none "
                          "disagrees); one stage\n")
    _, out = imported(tmp_path / "apart", _sections_rescored_apart(tmp_path), capsys, strict=False)
    assert out.startswith("sections A, B, C: each scored apart, as the file's board figures show (9074 pairs of results "
                          "of different sections compared, 2744 disagree with one field: the same score, different "
                          "figures); a stage for each: pairs-a, pairs-b, pairs-c; the build will warn that the "
                          "other sections' pairs play no table of a section's stage: that is expected\n")
    event = (tmp_path / "apart/content/events/club/event.yaml").read_text(encoding="utf-8")
    assert [line for line in event.splitlines() if line.startswith("  - id: ")] == ["  - id: pairs-a", "  - id: pairs-b",
                                                                                   "  - id: pairs-c"]


@pytest.mark.parametrize("adjusted", ["<ADJUSTED_SCORE>A=</ADJUSTED_SCORE>", "<SCORE>A6060</SCORE>"])
def test_scorer_np_line_with_an_adjusted_score_keeps_it(tmp_path, capsys, adjusted):
    """The NP line given an adjusted score (USEBIO's ADJUSTED_SCORE, or Compscore's A6060 in
    SCORE): the adjusted score wins, as before NP was read: `19: A=/A=` (A+/A+ for 60 / 60)."""
    text = NOT_PLAYED.read_text(encoding="utf-8")
    line = ("<CONTRACT>NP</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>0</TRICKS><SCORE>0</SCORE>"
            "<NS_MATCH_POINTS>20</NS_MATCH_POINTS><EW_MATCH_POINTS>4</EW_MATCH_POINTS>")
    assert text.count(line) == 1
    path = tmp_path / "adjusted.xml"
    path.write_text(text.replace(line, f"<CONTRACT>NP</CONTRACT>{adjusted}"), encoding="utf-8")
    folder, out = imported(tmp_path, path, capsys, strict=False)
    assert "not played" not in out
    written = "A=/A=" if "A=" in adjusted else "A+/A+"
    round_10 = (folder / "results/pairs-round-10.yaml").read_text(encoding="utf-8")
    assert f"    ns: 1-NS\n    ew: 5-EW\n    boards:\n      19: {written}\n      20: 1NT W -1\n" in round_10


@pytest.mark.parametrize("ns, ew", [(0, 0), (12, 12)], ids=["nothing", "average"])
def test_scorer_np_line_with_figures_no_pass_out_gets_is_left_out(tmp_path, capsys, ns, ew):
    """The NP line with score 0 but MPs 0 / 0 (adding up to nothing, not the board's top of 24)
    or 12 / 12 (an average, where 0 beats enough of the board's other scores for 20): no
    pass-out's figures, so the line is left out as one the file does not score, and said so."""
    text = NOT_PLAYED.read_text(encoding="utf-8")
    line = ("<CONTRACT>NP</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>0</TRICKS><SCORE>0</SCORE>"
            "<NS_MATCH_POINTS>20</NS_MATCH_POINTS><EW_MATCH_POINTS>4</EW_MATCH_POINTS>")
    assert text.count(line) == 1
    path = tmp_path / "np.xml"
    path.write_text(text.replace(line, line.replace(">20<", f">{ns}<").replace(">4<", f">{ew}<")), encoding="utf-8")
    folder, out = imported(tmp_path, path, capsys, strict=False)
    said = out.split("matchpoints written:")[0].splitlines()[1:]
    assert said[:2] == [
        "not played: board 19 at table 1 of round 10, 1-NS v 5-EW (the file writes NP); written np in that table, as "
        "the rules treat a board not played (results/pairs-round-10.yaml)",
        f"the file writes figures for that table's board 19 all the same (SCORE 0, MP_NS {ns}, MP_EW {ew}), but not "
        "those a result played gets there (a score of 0 with what 0 gets among the board's other results); paibang "
        "gives it no result",
    ]
    assert "imported as the file applies it" not in out
    round_10 = (folder / "results/pairs-round-10.yaml").read_text(encoding="utf-8")
    assert "    ns: 1-NS\n    ew: 5-EW\n    boards:\n      19: np\n      20: 1NT W -1\n" in round_10


@pytest.mark.parametrize("path", [CROSS, MATCHPOINTS], ids=["cross-imps-howell", "matchpoint-mitchell"])
def test_empty_sections_and_lines_without_tables_import_as_without_the_sections(tmp_path, capsys, path):
    """The Compscore file with two SECTION elements holding nothing (A and B), its PARTICIPANTS
    and BOARDs at event level, no round or table numbers (paibang seats the meetings): imported
    as the file without them is, the same event and results written, every figure equal; not
    refused as sections numbering their tables alike (every line at table 0 of round 1)."""
    sectioned = tmp_path / "sections.xml"
    sectioned.write_text(path.read_text(encoding="utf-8").replace(
        "<PARTICIPANTS", '<SECTION SECTION_ID="A"/><SECTION SECTION_ID="B"/><PARTICIPANTS', 1), encoding="utf-8")
    folder, out = imported(tmp_path / "sections", sectioned, capsys)
    plain, plain_out = imported(tmp_path / "plain", path, capsys)

    def written(events: Path) -> dict[str, str]:
        return {str(p.relative_to(events)): p.read_text(encoding="utf-8") for p in sorted(events.rglob("*")) if p.is_file()}

    assert written(folder) == written(plain) and len(written(folder)) > 2
    assert out.replace(str(tmp_path / "sections"), "") == plain_out.replace(str(tmp_path / "plain"), "")
    assert "figures equal" in out


def _built(tmp_path: Path, locale: str, stage_named_as_event: bool = False) -> tuple[Path, str]:
    """The multi-section session imported into a site in `locale` (its stage renamed as the
    event, as imports named it before, when asked) and built: the event's output folder and its
    standings bulletin's text as printed."""
    import subprocess

    from generator.build import build

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: t\nlocale: {locale}\n", encoding="utf-8")
    assert main(["import", "club", str(SECTIONS), "--content", str(content)]) == 0
    if stage_named_as_event:
        event = content / "events/club/event.yaml"
        text = event.read_text(encoding="utf-8")
        event.write_text(re.sub(r"(  - id: pairs\n    name: ).*", r'\1"PN Christmas Cheer"', text), encoding="utf-8")
    build(content, tmp_path / "output")
    folder = tmp_path / "output/events/club"
    pdf = subprocess.run(["pdftotext", str(folder / "bulletins/standings-pairs.pdf"), "-"], capture_output=True,
                         check=True, text=True).stdout
    return folder, pdf


@pytest.mark.slow
@pytest.mark.parametrize(("locale", "title", "heading", "header"), [
    ("zh-Hans", "PN Christmas Cheer · 双人赛最终排名", "PN Christmas Cheer · 双人赛", "双人赛 · 26 副"),
    ("zh-Hant", "PN Christmas Cheer · 雙人賽最終排名", "PN Christmas Cheer · 雙人賽", "雙人賽 · 26 副"),
    ("en", "PN Christmas Cheer: Pairs final ranking", "PN Christmas Cheer · Pairs", "Pairs · 26 boards"),
])
def test_an_imported_session_names_its_event_once_and_counts_its_boards(tmp_path, capsys, locale, title, heading,
                                                                         header):
    """PN Christmas Cheer, 13 rounds of 2 boards: its one stage is named in the site's words
    (Pairs), not after the event again, so the standings bulletin reads "PN Christmas Cheer双人赛
    成绩排名", not "PN Christmas CheerPN Christmas Cheer成绩排名"; the event and stage pages say the
    session's 26 boards (the file's BOARDS_PLAYED, and its boards numbered 1-26), not the 2 a round."""
    text = SECTIONS.read_text(encoding="utf-8")
    played = int(re.search(r"<BOARDS_PLAYED>(\d+)</BOARDS_PLAYED>", text).group(1))
    assert played == 26 == len(set(re.findall(r"<BOARD_NUMBER>(\d+)</BOARD_NUMBER>", text)))
    folder, pdf = _built(tmp_path, locale)
    assert pdf.splitlines()[0] == title and "PN Christmas CheerPN" not in pdf
    stage_page = (folder / "pairs/index.html").read_text(encoding="utf-8")
    assert f"<h1>{heading}</h1>" in stage_page
    # The stage page's line and the event page's line of the stage: date, boards, status; the
    # format not said again when it is the stage's name, which the title or the link says
    # ("2015年12月5日 · 双人赛 · 26 副" under "PN Christmas Cheer · 双人赛" before).
    stage_word, boards = header.split(" · ")
    meta = re.search(r'</h1><p class="meta">(.*?)</p>', stage_page).group(1)
    assert f" · {boards} · " in meta and stage_word not in meta
    line = next(li for li in (folder / "index.html").read_text(encoding="utf-8").splitlines() if "pairs/index.html" in li)
    assert f">{stage_word}</a>" in line and f" · {boards} · " in line and line.count(stage_word) == 1


@pytest.mark.slow
def test_a_stage_named_as_its_event_is_titled_with_the_name_once(tmp_path, capsys):
    """An event imported before, its one stage named as the event: the standings bulletin and
    the stage page say the name once ("PN Christmas Cheer · 最终排名", set off from the Chinese after
    it as h-print5 prints a Latin title; "PN Christmas Cheer"), not twice."""
    folder, pdf = _built(tmp_path, "zh-Hans", stage_named_as_event=True)
    assert pdf.splitlines()[0] == "PN Christmas Cheer · 最终排名"  # complete: its final ranking
    assert "<h1>PN Christmas Cheer</h1>" in (folder / "pairs/index.html").read_text(encoding="utf-8")


def test_scorer_handicap_pairs_say_the_published_percentages_include_the_handicaps(tmp_path, capsys):
    """Scorer's handicap pairs (Whitehead Trophy, 9 NS + 9 EW pairs, each PAIR a HANDICAP from
    -10.21 to +11.02): every board figure is paibang's, but 16 percentages differ, each paibang's
    scratch percentage plus half the pair's handicap (2-NS: 53.69 - 6.65 / 2 = 50.37, published).
    The import listed them without a word of why; paibang has no handicap scoring, so it says the
    file's totals include handicaps and how many of the differences they account for."""
    _, out = imported(tmp_path, HANDICAP, capsys, strict=False)
    assert ("the file's pairs carry handicaps (HANDICAP on 18 pairs, -10.21 to 11.02): its percentages and places"
            " include them, paibang's standings do not") in out
    assert "of the 16 percentages that differ, 16 are paibang's plus half the pair's handicap" in out
    assert "16 of 630 figures differ:" in out and "  total PERCENTAGE  2-NS: file 50.37, paibang 53.69" in out
    assert not any(line.startswith("board ") for line in _differing(out))  # every board figure equal


def test_a_two_winner_mitchell_exported_as_pbn_keeps_its_two_rankings(tmp_path, capsys, monkeypatch):
    """The Compscore Mitchell ranked by direction (WINNER_TYPE 2: 2NS and 5EW both first), imported,
    exported as PBN and imported again: the TotalScoreTable had no Direction column, so its two
    rank 1s read as one field's, and the second import ranked the 16 pairs together (15 of its 718
    figures differed: 4NS file 2, paibang 3). With a Direction column (N-S / E-W, as Ruter
    writes it) every figure is equal."""
    from generator.cli import main

    folder, _ = imported(tmp_path, FEWER, capsys, strict=False)
    monkeypatch.chdir(tmp_path)
    assert main(["export", "club", "--format", "pbn", "--content", str(folder.parents[1]), "-o", "club.pbn",
                 "--lang", "en"]) == 0
    capsys.readouterr()
    text = (tmp_path / "club.pbn").read_text(encoding="utf-8")
    assert "PairId\\\\3R;Direction\\\\5R;" in text and '\n1 2NS "N-S" 121.4 71.41 ' in text and '\n1 5EW "E-W" ' in text
    again = tmp_path / "again"
    _, out = imported(again, tmp_path / "club.pbn", capsys)
    assert "all 718 figures equal" in out


def test_whole_matchpoints_are_not_said_to_be_cut(tmp_path, capsys):
    """Compscore writes whole matchpoints and tops a board played fewer times on its own results
    (board 3 of this Mitchell, 5 results: 7 for 1EW where paibang's Neuberg figure is 8.6).
    Truncating paibang's figures happened to match a few of those, so the import said 'board
    figures cut, not rounded, at the decimals written', of a file writing no decimals: that is
    only looked for where the figures have decimals (Scorer's 47.9 for 47.97)."""
    _, out = imported(tmp_path, FEWER, capsys, strict=False)
    assert "cut, not rounded" not in out
    assert "  board 3 MP_EW  1EW: file 7, paibang 8.6\n" in out


def test_results_missing_from_the_file_are_said_once_and_written_not_played(tmp_path, capsys):
    """Compscore's wk04 has no line for ten results at tables written with their other boards
    (board 6 at round 2 table 1, 1NS v 8EW …): the import said nothing of them, and the session
    it wrote failed check --strict with a board-count and a board-left-out warning at each. Said
    once, by round, and written np (the file scores them as boards not played): check is quiet."""
    folder, out = imported(tmp_path, FEWER, capsys, strict=False)
    said = [line for line in out.splitlines() if "not in the file" in line]
    assert len(said) == 1 and said[0].startswith("10 results are not in the file")
    # a Mitchell: NS pair k at table k all session (seat_meetings, mitchell_tables)
    assert "round 2: table 1 board 6 (1NS v 8EW), table 5 board 6 (5NS v 7EW)" in said[0]
    assert "round 7: table 2 board 21 (2NS v 4EW), table 3 board 24 (3NS v 5EW)" in said[0]
    round_2 = (folder / "results/pairs-round-2.yaml").read_text(encoding="utf-8")
    assert "    ns: 1NS\n    ew: 8EW\n    boards:\n" in round_2 and "      6: np\n" in round_2
    assert main(["check", "--strict", "--content", str(folder.parents[1]), "--lang", "en"]) == 0
    # a session with every result: nothing said, nothing written np
    folder, out = imported(tmp_path / "full", MATCHPOINTS, capsys)
    assert "not in the file" not in out
    assert not any("np" in path.read_text(encoding="utf-8") for path in (folder / "results").glob("*.yaml"))


def test_results_missing_from_a_mitchell_numbered_alike_without_rounds_are_found_as_numbered_apart(tmp_path, capsys):
    """rev69: wk04 (no rounds nor tables in the file) with its pairs numbered NS 4 and EW 4 alike, was
    seated right but its ten missing results went unsaid and unwritten (a board EW 4 played was
    taken for NS 4's, played elsewhere): check --strict failed with 20 warnings. Found as in the
    file numbering them apart."""
    alike = tmp_path / "alike.xml"  # (the file gives no rounds; its pairs are 4NS and 4EW)
    alike.write_text(re.sub(r">(\d+)(?:NS|EW)</", r">\1</", FEWER.read_text(encoding="utf-8")), encoding="utf-8")
    folder, out = imported(tmp_path / "alike", alike, capsys, strict=False)
    said = [line for line in out.splitlines() if "not in the file" in line]
    assert len(said) == 1 and said[0].startswith("10 results are not in the file"), out
    assert sum(path.read_text(encoding="utf-8").count(": np\n") for path in (folder / "results").glob("*.yaml")) == 10
    assert main(["check", "--strict", "--content", str(folder.parents[1]), "--lang", "en"]) == 0


def test_a_director_filling_in_is_no_player(tmp_path, capsys):
    """Compscore's wk03 lists pair 1 as YEUNG CHEUNG and DIRECTOR: DIRECTOR became a player,
    with a player page that merged every club's fill-ins as one person. Kept in the pair's name
    as the file writes it, not a player, and said."""
    folder, out = imported(tmp_path, MATCHPOINTS, capsys)
    assert ('pair 1NS "YEUNG CHEUNG / DIRECTOR": DIRECTOR is a seat no person holds (the file\'s placeholder): '
            "kept in the pair's name, not made a player (players: YEUNG CHEUNG)") in out
    _, results, _ = validate(folder.parents[1])
    entry = results[0].event.entries["1NS"]
    assert entry.name == "YEUNG CHEUNG / DIRECTOR" and [p.name for p in entry.players] == ["YEUNG CHEUNG"]
    assert not any(p.name == "DIRECTOR" for e in results[0].event.entries.values() for p in e.players)


@pytest.mark.parametrize(("names", "players", "name"), [
    (["YEUNG CHEUNG", "DIRECTOR"], ["YEUNG CHEUNG"], "YEUNG CHEUNG / DIRECTOR"),
    (["Ann Lee", "td"], ["Ann Lee"], "Ann Lee / td"),
    (["Phantom", "Ghost"], [], "Phantom / Ghost"),
    (["王伟", "裁判"], ["王伟"], "王伟 / 裁判"),
    (["Sit Out", "Bob"], ["Bob"], "Sit Out / Bob"),
    (["Ted Director", "Bye Lo"], ["Ted Director", "Bye Lo"], None),  # a person's name holding the word is theirs
])
def test_placeholder_names_are_no_persons(names, players, name):
    from generator.commands.bridge_import import persons_of

    assert persons_of(names) == (players, name)


def mitchell_built(tmp_path: Path, locale: str) -> tuple[Path, Path]:
    """The Compscore Mitchell ranked by direction imported into a site in `locale` and built: its
    content folder and its event's output folder."""
    from generator.build import build

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: t\nlocale: {locale}\n", encoding="utf-8")
    assert main(["import", "club", str(MATCHPOINTS), "--content", str(content)]) == 0
    build(content, tmp_path / "output")
    return content, tmp_path / "output/events/club"


@pytest.mark.slow
@pytest.mark.parametrize(("locale", "ns", "ew"), [("zh-Hans", "南北", "东西"), ("en", "NS", "EW")])
def test_a_two_winner_mitchell_shows_each_directions_ranking_under_its_own_caption(tmp_path, capsys, locale, ns, ew):
    """The Compscore Mitchell ranked by direction (`field: directions`): its 7 NS and 6 EW pairs,
    each ranked from 1. Under one caption ("Pairs · Final ranking") the pages and the printed
    standings read ranks 1-7 then 1-6 again, and results.json had two rank 1s, nothing saying
    which field: each direction is now its own table, caption, printed heading and `field`."""
    import json
    import subprocess

    _, folder = mitchell_built(tmp_path, locale)
    for page in (folder / "pairs/index.html", folder / "index.html"):
        captions = re.findall(r"<caption>(.*?)</caption>", page.read_text(encoding="utf-8"))
        assert [c.rsplit(" · ", 1)[1] for c in captions] == [ns, ew], (page, captions)
        first = page.read_text(encoding="utf-8").split("<caption>")
        assert 'id="entry-3NS"' in first[1] and 'id="entry-6EW"' in first[2] and 'id="entry-6EW"' not in first[1]
    rows = json.loads((folder / "results.json").read_text(encoding="utf-8"))["stages"][0]["standings"]
    assert [(r["entry"], r["field"]) for r in rows if r["rank"] == 1] == [("3NS", "NS"), ("6EW", "EW")]
    assert {r["field"] for r in rows if r["entry"].endswith("NS")} == {"NS"}
    from openpyxl import load_workbook  # results.xlsx: the field beside each rank too

    sheet = load_workbook(folder / "results.xlsx").worksheets[0]
    table = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert table[0][:3] == [table[0][0], {"en": "Field (NS/EW)"}.get(locale, "\u65b9\u5411\uff08\u5357\u5317/\u4e1c\u897f\uff09"), table[0][2]]
    assert [row[:3] for row in table[1:] if row[0] == 1] == [[1, "NS", "3NS"], [1, "EW", "6EW"]]
    pdf = subprocess.run(["pdftotext", "-layout", str(folder / "bulletins/standings-pairs.pdf"), "-"],
                         capture_output=True, check=True, text=True).stdout
    lines = [line.strip() for line in pdf.splitlines() if line.strip()]
    assert lines.index(ns) < next(i for i, line in enumerate(lines) if "3NS" in line) < lines.index(ew) \
        < next(i for i, line in enumerate(lines) if "6EW" in line)


@pytest.mark.slow
@pytest.mark.parametrize(("locale", "ns", "ew"), [("zh-Hans", "南北名次 1", "东西名次 1"), ("en", "NS rank 1", "EW rank 1")])
def test_a_two_winner_mitchells_pair_says_its_direction_beside_its_rank(tmp_path, capsys, locale, ns, ew):
    """An entry's page and the desk's standings said "Rank 1" for both the NS and the EW winner
    of the Compscore Mitchell ranked by direction: each rank now says its direction."""
    from generator.desk.app import Desk

    content, folder = mitchell_built(tmp_path, locale)
    for entry, said in (("3NS", ns), ("6EW", ew)):
        page = next(p for p in folder.rglob("index.html") if 'id="stage-' in p.read_text(encoding="utf-8")
                    and f"/{entry}/" in str(p).replace("\\", "/") + "/")
        heading = re.search(r'<h2 id="stage-[^"]*">(.*?)</h2>', page.read_text(encoding="utf-8"), flags=re.S)[1]
        assert re.search(rf">{said}</a>", heading), (entry, heading)
    desk = Desk(content, "club", None, None, build=False)
    html = desk.page("_standings.html").body.decode("utf-8")
    cells = dict(re.findall(r'<tr data-entry="([^"]+)" role="row"><td role="cell" class="num">([^<]*)</td>', html))
    direction = ns.split()[0].removesuffix("名次") if locale != "en" else ns.split()[0]
    assert cells["3NS"] == f"{direction} 1" and cells["6EW"] == f"{ew.split()[0].removesuffix('名次')} 1", cells


def test_scorer_own_xml_is_said_to_need_scorer_to_usebio(tmp_path, capsys):
    """Bridge NZ Scorer's own XML (scorer-to-usebio's examples/pairs.xml: `<session
    scoring_type="MP" …>`, no <EVENT>): said to be Scorer's, with the converter that makes USEBIO
    of it, where it was only said to have no <EVENT>."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    assert main(["import", "club", str(SCORER_NATIVE), "--content", str(content), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "an XML file, but Bridge NZ Scorer's own (a <session> with its scoring_type), not USEBIO" in err
    assert "scorer-to-usebio (https://github.com/duaneg/scorer-to-usebio)" in err
    assert not (content / "events/club").exists()


def mitchell_and_howell(tmp_path: Path) -> Path:
    """Compscore's wk03 Mitchell (section A) and its Howell (section B) as one file of two
    SECTIONs, each file's pairs and boards in its section as written, the Mitchell's header."""
    def inside(path: Path) -> str:
        text = path.read_text(encoding="utf-8")
        return text[text.index("<PARTICIPANTS"):text.index("</EVENT>")]

    mitchell = MATCHPOINTS.read_text(encoding="utf-8")
    path = tmp_path / "two-sections.xml"
    path.write_text(mitchell[:mitchell.index("<PARTICIPANTS")] + f'<SECTION SECTION_ID="A">{inside(MATCHPOINTS)}</SECTION>'
                    f'<SECTION SECTION_ID="B">{inside(TURNED)}</SECTION></EVENT></USEBIO>\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("sections", ["field", "apart"])
def test_a_mitchell_section_beside_a_howell_section_has_ns_pair_k_at_table_k(tmp_path, capsys, sections):
    """A file of a Compscore Mitchell section and a Howell section (whose board 15 of P4 v P2
    is written the other way, a turned line): the Howell skipped the Mitchell's numbering for
    the whole file, scored across the field its tables were the order seated, round 1's 2NS at
    table 1, P3 v P11 at table 2, 3NS at table 3. Each Mitchell section is numbered on its own:
    NS pair k at table k, the Howell's tables after them in one stage (field_tables), from 1 in
    a stage of its own; the turned line still said."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    assert main(["import", "club", str(mitchell_and_howell(tmp_path)), "--content", str(content), "--lang", "en",
                 "--sections", sections]) == 0
    assert "board 15 of 4 v 2" in capsys.readouterr().out
    results = content / "events/club/results"
    stages = ["pairs", "pairs"] if sections == "field" else ["pairs-a", "pairs-b"]
    for number in range(1, 8):
        rounds = [(results / f"{stage}-round-{number}.yaml").read_text(encoding="utf-8") for stage in stages]
        tables = [re.findall(r"table: (\d+)\n    ns: (\w+)\n    ew: (\w+)", text) for text in rounds]
        mitchell = [(int(table), ns) for table, ns, _ in tables[0] if ns.endswith("NS")]
        howell = sorted(int(table) for table, ns, _ in tables[1] if not ns.endswith("NS"))
        assert mitchell and all(table == int(ns[:-2]) for table, ns in mitchell), (number, mitchell)
        first = 8 if sections == "field" else 1  # (A's 7 NS pairs' tables, one a sit-out's each round)
        assert howell == list(range(first, first + len(howell))), (number, howell)


def test_a_howell_section_beside_a_mitchell_numbering_ns_and_ew_alike_keeps_one_entry_a_pair(tmp_path, capsys):
    """Scorer's PN Christmas Cheer (A and B Mitchells, C a Howell) with A's and B's pairs
    numbered as many programs write them, NS 1 and EW 1 alike (`(A) 1` and a DIRECTION): the
    entries were told apart by direction for the whole file (entry_ids), so each Howell pair of
    C, sitting NS in some rounds and EW in others, became two entries (C-NS4 and C-EW4): 79
    pairs for 66. Told section by section: A's and B's by direction, C's one each."""
    text = re.sub(r"\(([AB])\) (\d+) (?:NS|EW)<", r"(\1) \2<", SECTIONS.read_text(encoding="utf-8"))
    path = tmp_path / "alike.xml"
    path.write_text(text, encoding="utf-8")
    folder, out = imported(tmp_path, path, capsys, strict=False)
    assert "imported 66 pairs" in out
    _, results, _ = validate(folder.parents[1])
    ids = set(results[0].event.entries)
    assert {f"C-{n}" for n in range(1, 15)} <= ids and not any(i.startswith(("C-NS", "C-EW")) for i in ids)
    assert {"A-NS1", "A-EW1", "B-NS13", "B-EW13"} <= ids


def _numbered_alike(text: str) -> str:
    """The file with its pairs numbered as many programs write a Mitchell's, NS 3 and EW 3 alike
    (the PAIR's DIRECTION saying which), not `3 NS` and `3 EW`."""
    return re.sub(r">(\d+) (?:NS|EW)</", r">\1</", text)


def _without_ns_pair(text: str, number: str) -> str:
    """The file without NS pair `number` (`13 NS`): its PAIR and every traveller line it played."""
    text = re.sub(rf"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER>.*?</PAIR>", "", text)
    return re.sub(rf"<TRAVELLER_LINE><NS_PAIR_NUMBER>{number}</NS_PAIR_NUMBER>.*?</TRAVELLER_LINE>", "", text)


def _rounds(folder: Path) -> dict[str, str]:
    """Each round's results file, its entry ids written as a Mitchell numbering NS and EW alike has
    them (NS3, EW3; `3-NS` in the file numbering them apart)."""
    return {path.name: re.sub(r"\b(\d+)-(NS|EW)\b", r"\2\1", path.read_text(encoding="utf-8"))
            for path in sorted((folder / "results").glob("pairs-round-*.yaml"))}


def test_a_mitchell_numbering_ns_and_ew_alike_without_rounds_is_seated_as_its_movement(tmp_path, capsys):
    """Scorer's Gladstone Pairs (a 13-table Mitchell, no rounds nor tables in the file) with its
    pairs numbered NS 3 and EW 3 alike: NS 3 and EW 3 were seated as one pair, never in the same
    round, and the 13 rounds came out as 28, NS pair k anywhere (mitchell_tables skipped). Seated
    as the same file numbering them apart is: 13 rounds, NS k at table k, every figure equal. So
    is an EW pair sitting out (the file without NS pair 13): written as EW's pair, not NS's."""
    alike = tmp_path / "alike.xml"
    alike.write_text(_numbered_alike(NOT_PLAYED.read_text(encoding="utf-8")), encoding="utf-8")
    folder, out = imported(tmp_path / "alike", alike, capsys)
    assert "imported 26 pairs, 13 rounds" in out and "all 1066 figures equal" in out
    rounds = _rounds(folder)
    assert len(rounds) == 13
    for text in rounds.values():
        seats = re.findall(r"  - table: (\d+)\n    ns: NS(\d+)\n    ew: EW\d+\n", text)
        assert len(seats) == 13 and all(table == ns for table, ns in seats), seats
    apart, _ = imported(tmp_path / "apart", NOT_PLAYED, capsys)
    assert _rounds(apart) == rounds
    # an EW pair sits out each round: NS 13's opponent, written as that EW pair
    short = tmp_path / "short.xml"
    short.write_text(_without_ns_pair(alike.read_text(encoding="utf-8"), "13"), encoding="utf-8")
    folder, out = imported(tmp_path / "short", short, capsys, strict=False)
    assert "imported 25 pairs, 13 rounds" in out
    rounds = _rounds(folder)
    sitting_out = [re.findall(r"  - table: 13\n    ns: (\w+)\n(?!    ew)", text) for text in rounds.values()]
    assert sorted(pair for found in sitting_out for pair in found) == sorted(f"EW{n}" for n in range(1, 14))
    assert "table: 13\n    ns: EW12\n" in rounds["pairs-round-1.yaml"]  # board 1: 13 NS v 12 EW
    short_apart = tmp_path / "short-apart.xml"
    short_apart.write_text(_without_ns_pair(NOT_PLAYED.read_text(encoding="utf-8"), "13 NS"), encoding="utf-8")
    apart, _ = imported(tmp_path / "short-apart", short_apart, capsys, strict=False)
    assert _rounds(apart) == rounds
