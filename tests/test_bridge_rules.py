"""Bridge rules: duplicate scoring, board conditions and the board-record grammar.

Every number here comes from rules-bridge.md (worked values, scoring table, vulnerability
table) or is derived by hand from it; none is read back from the code under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.content.yaml_loader import load_yaml_text
from generator.errors import Mark, Problems
from generator.games.bridge import RULES
from generator.games.bridge.scoring import (
    BoardRecord,
    BridgeStage,
    Contract,
    RecordError,
    contract_score,
    dealer,
    ns_score,
    parse_board,
    vulnerability,
)


def contract(text: str) -> Contract:
    """'4HX' -> Contract(4, 'H', 1); built by hand so the parser is not under test here."""
    level = int(text[0])
    rest = text[1:]
    doubled = len(rest) - len(rest.rstrip("X"))
    strain = rest.rstrip("X")
    return Contract(level, strain, doubled)


# --- the worked values of rules-bridge.md, verbatim ----------------------------------------

WORKED_VALUES = [
    # (contract, result, vulnerable, score)
    ("1NT", 0, False, 90),       # 1NT= nv 90
    ("3NT", +1, True, 630),      # 3NT+1 v 630
    ("4S", 0, False, 420),       # 4S= nv 420
    ("4HX", -2, True, -500),     # 4HX-2 v -500
    ("1CXX", 0, False, 230),     # 1CXX= nv 230
    ("1NTXX", 0, True, 760),     # 1NTXX= v 760
    ("6S", 0, True, 1430),       # 6S= v 1430
    ("7NTXX", 0, True, 2980),    # 7NTXX= v 2980
    ("3NTX", -4, True, -1100),   # 3NTX-4 v -1100
    ("2SX", 0, False, 470),      # 2SX= nv 470
]


@pytest.mark.parametrize(("text", "result", "vulnerable", "expected"), WORKED_VALUES,
                         ids=[f"{c}{'=' if r == 0 else f'{r:+d}'}-{'v' if v else 'nv'}" for c, r, v, _ in WORKED_VALUES])
def test_worked_values_of_the_spec(text, result, vulnerable, expected):
    assert contract_score(contract(text), result, vulnerable) == expected


def test_contract_dataclass_matches_helper():
    # guard for the helper above: it must build what the parser builds
    assert contract("4HX") == Contract(4, "H", 1)
    assert contract("1NTXX") == Contract(1, "NT", 2)
    assert contract("3C") == Contract(3, "C", 0)


# --- undertricks ------------------------------------------------------------------------

@pytest.mark.parametrize(("down", "expected"), [(1, 100), (2, 300), (3, 500), (4, 800), (5, 1100), (6, 1400)])
def test_not_vulnerable_doubled_undertrick_ladder(down, expected):
    # 100, 200, 200, then 300 each from the 4th
    assert contract_score(Contract(7, "S", 1), -down, vulnerable=False) == -expected


@pytest.mark.parametrize(("down", "expected"), [(1, 200), (2, 500), (3, 800), (4, 1100), (5, 1400)])
def test_vulnerable_doubled_undertrick_ladder(down, expected):
    # 200, then 300 each
    assert contract_score(Contract(7, "S", 1), -down, vulnerable=True) == -expected


@pytest.mark.parametrize(("down", "expected"), [(1, 200), (2, 600), (3, 1000), (4, 1600), (5, 2200)])
def test_not_vulnerable_redoubled_undertricks_are_twice_doubled(down, expected):
    assert contract_score(Contract(7, "S", 2), -down, vulnerable=False) == -expected


@pytest.mark.parametrize(("down", "expected"), [(1, 400), (2, 1000), (3, 1600), (4, 2200), (5, 2800)])
def test_vulnerable_redoubled_undertricks_are_twice_doubled(down, expected):
    # 400, then 600 each
    assert contract_score(Contract(7, "S", 2), -down, vulnerable=True) == -expected


@pytest.mark.parametrize(("down", "vulnerable", "expected"),
                         [(1, False, 50), (3, False, 150), (13, False, 650), (1, True, 100), (4, True, 400)])
def test_undoubled_undertricks_are_50_or_100_each(down, vulnerable, expected):
    assert contract_score(Contract(7, "NT"), -down, vulnerable) == -expected


def test_vulnerable_doubled_two_down_is_minus_500():
    assert contract_score(Contract(4, "H", 1), -2, vulnerable=True) == -500


def test_all_thirteen_down_vulnerable_redoubled():
    # 400 + 12 x 600
    assert contract_score(Contract(7, "NT", 2), -13, vulnerable=True) == -7600


# --- overtricks ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "result", "vulnerable", "expected"), [
    ("2SX", 1, False, 570),     # 120 + 300 + 50 insult + 100
    ("2SX", 1, True, 870),      # 120 + 500 + 50 + 200
    ("2SXX", 1, False, 840),    # 240 + 300 + 100 + 200
    ("2SXX", 1, True, 1240),    # 240 + 500 + 100 + 400
    ("1NTX", 2, True, 580),     # the seed's typo "1NT +2 加倍 有局 180": 80 + 50 + 50 + 400
    ("3CX", 2, False, 670),     # 120 + 300 + 50 + 200
])
def test_doubled_and_redoubled_overtricks(text, result, vulnerable, expected):
    assert contract_score(contract(text), result, vulnerable) == expected


@pytest.mark.parametrize(("text", "result", "vulnerable", "expected"), [
    ("4S", 2, False, 480),      # overtricks at 30 in a major
    ("3NT", 2, False, 460),     # NT overtricks at 30, not 40
    ("1NT", 1, False, 120),
    ("2C", 3, False, 150),      # minor overtricks at 20
    ("5D", 1, True, 620),
    ("4H", 1, True, 650),
])
def test_undoubled_overtricks_at_trick_value(text, result, vulnerable, expected):
    assert contract_score(contract(text), result, vulnerable) == expected


# --- bonuses ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "vulnerable", "expected"), [
    ("1C", False, 70),
    ("2H", False, 110),
    ("2H", True, 110),          # part-score bonus is 50 whatever the vulnerability
    ("2NT", True, 120),
    ("4C", False, 130),         # 80 contract points: still a part score
    ("4D", True, 130),
    ("1HX", False, 160),        # 60 doubled: part score + insult
])
def test_part_score_bonus_is_50(text, vulnerable, expected):
    assert contract_score(contract(text), 0, vulnerable) == expected


@pytest.mark.parametrize(("text", "vulnerable", "expected"), [
    ("3NT", False, 400),
    ("3NT", True, 600),
    ("5C", False, 400),
    ("4H", True, 620),
    ("2HX", False, 470),        # doubled into game: 120 contract points
    ("1NTXX", False, 560),      # 160 redoubled: game
])
def test_game_bonus_300_not_vulnerable_500_vulnerable(text, vulnerable, expected):
    assert contract_score(contract(text), 0, vulnerable) == expected


@pytest.mark.parametrize(("text", "vulnerable", "expected"), [
    ("6C", False, 920),         # 120 + 300 + 500
    ("6NT", False, 990),
    ("6H", True, 1430),
    ("6NT", True, 1440),        # 190 + 500 + 750
])
def test_small_slam_bonus(text, vulnerable, expected):
    assert contract_score(contract(text), 0, vulnerable) == expected


@pytest.mark.parametrize(("text", "vulnerable", "expected"), [
    ("7S", False, 1510),        # 210 + 300 + 1000
    ("7NT", False, 1520),
    ("7C", False, 1440),
    ("7CX", False, 1630),       # 280 + 300 + 1000 + 50
    ("7C", True, 2140),         # 140 + 500 + 1500
    ("7NT", True, 2220),
])
def test_grand_slam_bonus(text, vulnerable, expected):
    assert contract_score(contract(text), 0, vulnerable) == expected


def test_slam_with_overtrick_keeps_slam_bonus():
    # 6S+1 nv: 180 + 300 + 500 + 30
    assert contract_score(Contract(6, "S"), 1, vulnerable=False) == 1010


# --- dealer and vulnerability ----------------------------------------------------------

@pytest.mark.parametrize(("board", "seat"), list(zip(range(1, 18), "NESWNESWNESWNESWN")))
def test_dealer_rotates_n_e_s_w(board, seat):
    assert dealer(board) == seat


def test_board_17_dealer_is_north():
    assert dealer(17) == "N"


STANDARD = {
    **dict.fromkeys((1, 8, 11, 14), "None"),
    **dict.fromkeys((2, 5, 12, 15), "NS"),
    **dict.fromkeys((3, 6, 9, 16), "EW"),
    **dict.fromkeys((4, 7, 10, 13), "Both"),
}


@pytest.mark.parametrize("board", range(1, 17))
def test_standard_vulnerability_table(board):
    assert vulnerability(board, "standard") == STANDARD[board]


def test_standard_is_the_default_mode():
    assert [vulnerability(b) for b in range(1, 17)] == [STANDARD[b] for b in range(1, 17)]


@pytest.mark.parametrize("board", range(1, 17))
def test_vulnerability_has_period_16(board):
    assert vulnerability(board + 16) == vulnerability(board)
    assert vulnerability(board + 32) == vulnerability(board)


def test_board_17_is_board_1_again():
    assert vulnerability(17) == vulnerability(1) == "None"
    assert dealer(17) == dealer(1)


@pytest.mark.parametrize(("mode", "forced"), [("none", "None"), ("all", "Both"), ("ns", "NS"), ("ew", "EW")])
def test_forced_vulnerability_modes(mode, forced):
    assert {vulnerability(board, mode) for board in range(1, 33)} == {forced}


# --- the board grammar -----------------------------------------------------------------

def test_string_record_with_recorded_score():
    record = parse_board(1, "4S N = 420")
    assert (record.board, record.contract, record.declarer, record.result, record.recorded) == (
        1, Contract(4, "S"), "N", 0, 420)
    assert ns_score(record, vulnerability(1)) == 420


def test_string_record_overtrick_by_east_is_negative_for_ns():
    record = parse_board(2, "3NT E +1")
    assert (record.contract, record.declarer, record.result, record.recorded) == (Contract(3, "NT"), "E", 1, None)
    # board 2: NS vulnerable, so EW are not: 430 to EW
    assert ns_score(record, vulnerability(2)) == -430


def test_string_record_doubled_down_by_south_matches_spec_example():
    record = parse_board(3, "4HX S -2 -300")
    assert (record.contract, record.declarer, record.result, record.recorded) == (Contract(4, "H", 1), "S", -2, -300)
    # board 3: EW vulnerable, NS not: 4HX-2 nv = 300 to EW, which the spec records as -300
    assert ns_score(record, vulnerability(3)) == -300 == record.recorded


def test_ns_declarer_down_is_negative_ew_declarer_down_is_positive():
    assert ns_score(parse_board(1, "4S N -1"), "None") == -50
    assert ns_score(parse_board(1, "4S S -1"), "Both") == -100
    assert ns_score(parse_board(1, "4S E -1"), "None") == 50
    assert ns_score(parse_board(1, "4S W -2"), "EW") == 200
    assert ns_score(parse_board(1, "4SX W -2"), "EW") == 500


def test_ns_score_uses_the_declarer_sides_vulnerability():
    # NS vulnerable only: an EW declarer is not vulnerable, an NS declarer is
    assert ns_score(parse_board(2, "4S E ="), "NS") == -420
    assert ns_score(parse_board(2, "4S N ="), "NS") == 620
    assert ns_score(parse_board(3, "4S W ="), "EW") == -620
    assert ns_score(parse_board(3, "4S S ="), "EW") == 420


@pytest.mark.parametrize("text", ["pass", "PASS", "Pass", "all pass"])
def test_passed_out_board(text):
    record = parse_board(4, text)
    assert record.contract is None
    assert ns_score(record, "Both") == 0


def test_lowercase_records_are_accepted():
    assert parse_board(1, "4s n = 420") == parse_board(1, "4S N = 420")
    record = parse_board(2, "3nt e +1")
    assert (record.contract, record.declarer, record.result) == (Contract(3, "NT"), "E", 1)
    record = parse_board(3, "4hxx w -1")
    assert (record.contract, record.declarer, record.result) == (Contract(4, "H", 2), "W", -1)


def test_mapping_form_is_the_same_as_the_line():
    record = parse_board(5, {"contract": "4S", "by": "N", "result": "=", "score": 420, "lead": "HK"})
    line = parse_board(5, "4S N = 420")
    assert (record.contract, record.declarer, record.result, record.recorded) == (
        line.contract, line.declarer, line.result, line.recorded)
    assert record.lead == "HK"


def _yaml_boards(text: str):
    problems = Problems()
    data = load_yaml_text(text, Path("results.yaml"), problems)
    assert not problems.items, [p.code for p in problems.items]
    return data


def test_mapping_form_from_yaml_with_integer_results():
    boards = _yaml_boards(
        "1: {contract: 4S, by: N, result: +1, score: 450}\n"
        "2: {contract: 4HX, by: s, result: -2, score: -500}\n"
        "3: {contract: 3nt, by: E, result: =}\n"
        "4: {contract: pass}\n"
    )
    assert boards[1]["result"] == 1 and boards[2]["result"] == -2  # YAML read them as ints
    one = parse_board(1, boards[1])
    assert (one.contract, one.declarer, one.result, one.recorded) == (Contract(4, "S"), "N", 1, 450)
    two = parse_board(2, boards[2])
    assert (two.contract, two.declarer, two.result, two.recorded) == (Contract(4, "H", 1), "S", -2, -500)
    assert ns_score(two, vulnerability(2)) == -500  # board 2: NS vulnerable
    three = parse_board(3, boards[3])
    assert (three.contract, three.declarer, three.result) == (Contract(3, "NT"), "E", 0)
    assert parse_board(4, boards[4]).contract is None


@pytest.mark.parametrize("text", [
    "8S N =",        # level out of range
    "0NT N =",
    "4Z N =",        # no such strain
    "4SXXX N =",
    "4S Q =",        # no such seat
    "4S NS =",
    "4S N +14",      # more overtricks than there are tricks
    "4S N x",        # not a result
    "4S N 1",        # a result needs its sign
    "4S N = 42O",    # recorded score not a number
    "4S N",          # too short
    "4S N = 420 HK", # too long
    "",
])
def test_bad_record_line_is_bridge_board_syntax(text):
    with pytest.raises(RecordError) as caught:
        parse_board(1, text)
    assert caught.value.code == "bridge-board-syntax"


@pytest.mark.parametrize("value", [
    {"contract": "8S", "by": "N", "result": "="},
    {"contract": "4Z", "by": "N", "result": "="},
    {"contract": "4S", "by": "Q", "result": "="},
    {"contract": "4S", "by": "N", "result": "+14"},
    {"contract": "4S", "by": "N", "result": "x"},
    {"contract": "4S", "result": "="},                          # by missing
    {"contract": "4S", "by": "N", "result": "=", "lede": "HK"},  # unknown key
    42,
])
def test_bad_mapping_record_is_bridge_board_syntax(value):
    with pytest.raises(RecordError) as caught:
        parse_board(1, value)
    assert caught.value.code == "bridge-board-syntax"


@pytest.mark.parametrize(("value", "said"), [
    ({"contract": "1NT", "by": "N", "result": "+82"}, "result +82: 1NT can go from -7 to +6 (+6: all 13 tricks)"),
    ("1NT N +82", "result +82: 1NT can go from -7 to +6 (+6: all 13 tricks)"),
    ("4SX S -20", "result -20: 4SX can go from -10 to +3 (+3: all 13 tricks)"),
    ("7NT E +14", "result +14: 7NT can go from -13 to = (=: all 13 tricks)"),
])
def test_a_result_beyond_any_deal_says_the_most_the_contract_can_make(value, said):
    """`result: "+82"` on 1NT said only "should be =, +k or -k", which +82 is: say the range,
    the most overtricks the contract can make (+6 for 1NT) and the most it can go down."""
    with pytest.raises(RecordError) as caught:
        parse_board(1, value)
    assert caught.value.code == "bridge-board-syntax" and caught.value.params["problem"]["en"] == said
    assert "+6" in caught.value.params["problem"]["zh-Hans"] or "1NT" not in said


@pytest.mark.parametrize("text", ["7NT N +1", "6S E +2", "1C N -8", "3NT W -10"])
def test_impossible_result_is_bridge_impossible_result(text):
    with pytest.raises(RecordError) as caught:
        parse_board(1, text)
    assert caught.value.code == "bridge-impossible-result"


def test_impossible_result_from_yaml_integer():
    with pytest.raises(RecordError) as caught:
        parse_board(1, {"contract": "1C", "by": "N", "result": 8})
    assert caught.value.code == "bridge-impossible-result"


@pytest.mark.parametrize("text", ["7NT N =", "1C N -7", "7NT S -13", "1NT E +6"])
def test_extreme_but_possible_results_are_accepted(text):
    parse_board(1, text)  # no RecordError


def test_impossible_result_message_names_the_tricks_the_result_implies():
    from generator.messages import render_message

    with pytest.raises(RecordError) as caught:
        parse_board(1, "7NT N +1")
    message = render_message(caught.value.code, "en", {"board": 1, **caught.value.params})[0]
    assert "14" in message


@pytest.mark.parametrize(("value", "said"), [
    ("1NT N +7", "1NT can go from -7 to +6 (+6: all 13 tricks)"),
    ({"contract": "1C", "by": "N", "result": "-8"}, "1C can go from -7 to +6 (+6: all 13 tricks)"),
    ("7NT N +1", "7NT can go from -13 to = (=: all 13 tricks)"),
])
def test_impossible_result_message_gives_the_contracts_range(value, said):
    """1NT +82 was answered with the range; 1NT +7, within 1-13, only with "14 tricks"."""
    from generator.messages import render_message

    with pytest.raises(RecordError) as caught:
        parse_board(1, value)
    assert caught.value.code == "bridge-impossible-result"
    params = {"board": 1, **caught.value.params}
    assert said in render_message(caught.value.code, "en", params)[0]
    low = said.split(" from ")[1].split(" to ")[0]
    for locale in ("zh-Hans", "zh-Hant"):
        assert low in render_message(caught.value.code, locale, params)[0]


# --- a table through the game surface ---------------------------------------------------

def _stage(vul: str = "standard", boards: int = 8) -> Stage:
    return Stage(id="s", name="s", format="matches", boards=boards, options=BridgeStage(vul))


def _read_table(text: str, stage: Stage):
    problems = Problems()
    node = load_yaml_text(text, Path("/tmp/table.yaml"), problems)
    assert not problems.items
    sides, records = RULES.read_table(Reader(node, problems, "tables[1]."), stage)
    return sides, records, problems


def _score_table(table: Table, stage: Stage):
    """BridgeRules.score_table, with an empty event-wide `state` when the surface takes one."""
    import inspect

    if len(inspect.signature(RULES.score_table).parameters) >= 3:
        return RULES.score_table(table, stage, {})
    return RULES.score_table(table, stage)


def test_score_table_columns_totals_and_first_board():
    stage = _stage("standard")
    records = [parse_board(1, "4S N = 420"), parse_board(2, "4S E -1"), parse_board(3, "3NT E +1")]
    score = _score_table(Table(1, ["A1", "B2"], records), stage)
    ns, ew = score.sides
    # board 1: NS 420; board 2 (NS vul): E one down nv, NS +50; board 3 (EW vul): EW 630
    assert (ns.entry, ns.metrics["total"], ns.metrics["net"], ns.metrics["first_board"]) == ("A1", 470, -160, 420)
    assert (ew.entry, ew.metrics["total"], ew.metrics["net"], ew.metrics["first_board"]) == ("B2", 630, 160, 0)
    assert score.winner == "B2"
    assert [(r.ns, r.ew) for r in score.view.rows] == [(420, 0), (50, 0), (0, 630)]
    assert [r.dealer for r in score.view.rows] == ["N", "E", "S"]


def test_score_table_uses_the_stage_forced_vulnerability():
    records = [parse_board(2, "4S N =")]
    assert _score_table(Table(1, ["A", "B"], records), _stage("none")).sides[0].metrics["total"] == 420
    assert _score_table(Table(1, ["A", "B"], records), _stage("all")).sides[0].metrics["total"] == 620


def test_read_table_reports_score_mismatch_with_both_numbers_at_the_board_line():
    sides, records, problems = _read_table(
        "table: 1\nns: A1\new: B2\nboards:\n  1: 4S N = 420\n  4: 4HX S -2 -300\n", _stage("standard"))
    assert [s for s, _ in sides] == ["A1", "B2"]
    mismatches = [p for p in problems.errors if p.code == "bridge-score-mismatch"]
    assert len(mismatches) == 1
    problem = mismatches[0]
    assert (problem.params["recorded"], problem.params["computed"]) == (-300, -500)
    assert (problem.mark.line, problem.mark.column) == (6, 6)
    assert "-300" in problem.message("en") and "-500" in problem.message("en")


def test_read_table_board_beyond_stage_is_board_number_range():
    _, records, problems = _read_table(
        "table: 1\nns: A1\new: B2\nboards:\n  1: 4S N =\n  9: 4S N =\n", _stage("none", boards=8))
    ranges = [p for p in problems.errors if p.code == "board-number-range"]
    assert len(ranges) == 1 and ranges[0].mark.line == 6 and ranges[0].params["board"] == 9
    assert [r.board for r in records] == [1]


def test_read_table_missing_boards_is_a_warning_naming_them():
    _, _, problems = _read_table(
        "table: 1\nns: A1\new: B2\nboards:\n  1: 4S N =\n  2: pass\n  5: 3NT S =\n", _stage("none", boards=6))
    assert not problems.errors
    (warning,) = problems.warnings
    assert warning.code == "boards-missing"
    assert list(warning.params["missing"]) == [3, 4, 6]


def test_same_text_at_two_tables_is_each_tables_own_board():
    """A text is read once (scoring._written_board): each board keeps its own number and mark,
    and a text that cannot be read is refused at every table that writes it, the same way."""
    first, second = Mark(Path("round-1.yaml"), 5, 10), Mark(Path("round-2.yaml"), 9, 12)
    one, two = parse_board(1, "4S N = 420", first), parse_board(7, "4S N = 420", second)
    assert (one.board, one.mark, two.board, two.mark) == (1, first, 7, second)
    assert (two.contract, two.declarer, two.result, two.recorded) == (Contract(4, "S"), "N", 0, 420)
    assert parse_board(3, "pass", second) == BoardRecord(3, None, mark=second)
    for _ in range(2):
        with pytest.raises(RecordError) as caught:
            parse_board(1, "7NT N +1")
        assert caught.value.code == "bridge-impossible-result" and caught.value.params["tricks"] == 14


def test_a_forfeit_gives_the_table_to_the_other_side_whatever_the_totals():
    """Seed 000 十.1: a pair that does not come forfeits, is out of the ranking, and substitutes
    (替补裁判代打) play its seat; the demo's prelim table 12 is one (forfeit: A01, boards played).
    The substitutes outscoring B2 made the table A1's win on totals, the forfeiting pair's; as
    80分, 大怪路子 and Guandan score a forfeit, it is the other side's. B2's column stays its own
    play, and a forfeit with no board played is B2's too, not a draw (results.json null)."""
    stage = _stage("none")
    records = [parse_board(1, "4S N = 420"), parse_board(2, "3NT E -1")]  # A1 (NS, substitutes) 470, B2 0
    score = _score_table(Table(1, ["A1", "B2"], records, forfeit="A1"), stage)
    assert score.winner == "B2"
    assert [(s.entry, s.metrics["total"], s.disqualified) for s in score.sides] == [("A1", 470, True), ("B2", 0, False)]
    assert _score_table(Table(1, ["A1", "B2"], [], forfeit="B2"), stage).winner == "A1"
