"""Da Guai Lu Zi rules: board points, duplicate rooms, violations, match points, records.

The worked cases of rules-daguai.md are tested verbatim; every other number is derived by hand
from the rules there (8/5/3/1/0 to the team that ran first; 1st violation a warning, 2nd −1,
3rd and later −3; 2/1/0 match points), never read back from the code under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.content.yaml_loader import load_yaml_text
from generator.errors import Problems
from generator.games import GAMES, SideScore
from generator.games.daguai import RULES
from generator.games.daguai.records import RecordError, check_room, parse_room
from generator.games.daguai.rules import (
    BoardPoints,
    BoardRecord,
    ByeCredit,
    DaguaiStage,
    MatchRecord,
    RoomRecord,
    Violation,
    board_points,
    deduction,
    heads,
    match_points,
    match_totals,
    room_points,
    score_match,
)
from generator.games.daguai.words import meaning
from generator.messages import LOCALES, render_message

# every code: messages.py's and each game's (read from the registry, which collects Game.messages)
CATALOGUE = GAMES.catalogue()


def board(number: int, open_: tuple[str, int], closed: tuple[str, int]) -> BoardRecord:
    return BoardRecord(number, RoomRecord(*open_), RoomRecord(*closed))


def boards_scoring(home: str, away: str, home_total: int, away_total: int) -> list[BoardRecord]:
    """Boards (built by hand from 8s, 5s, 3s and 1s) whose rooms add up to the given totals."""
    out = []
    for team, total in ((home, home_total), (away, away_total)):
        rest = total
        while rest:
            points = next(p for p in (8, 5, 3, 1) if p <= rest)
            rest -= points
            out.append((team, points))
    rooms = out + [(home, 0)] * (len(out) % 2)  # an own2 (0 points) board-room pads to pairs
    return [board(n + 1, rooms[2 * n], rooms[2 * n + 1]) for n in range(len(rooms) // 2)]


# --- the worked cases of rules-daguai.md, verbatim ----------------------------------------------


def test_board_1_open_D01_8_closed_D02_1_gives_D01_8_and_D02_1():
    b = board(1, ("D01", 8), ("D02", 1))
    assert board_points(b, "D01", "D02") == (8, 1)


def test_20_to_20_is_a_draw_one_match_point_each_net_0():
    boards = boards_scoring("D01", "D02", 20, 20)
    assert match_totals(boards, "D01", "D02") == (20, 20)
    result = score_match("D01", "D02", boards, [], {})
    assert result.match_points == {"D01": 1, "D02": 1}
    assert result.net("D01") == 0 and result.net("D02") == 0
    assert result.winner is None


def test_second_violation_turns_15_14_into_a_draw():
    # D02 scored 15 : 14 against D01; this is D02's 2nd violation of the event.
    boards = boards_scoring("D01", "D02", 14, 15)
    assert match_totals(boards, "D01", "D02") == (14, 15)
    counts = {"D02": 1}  # its 1st violation was in an earlier match (a warning)
    result = score_match("D01", "D02", boards, [Violation("D02")], counts)
    assert result.scores == {"D01": 14, "D02": 14}
    assert result.match_points == {"D01": 1, "D02": 1}
    assert result.winner is None
    assert result.deductions == {"D01": 0, "D02": 1}
    assert counts == {"D02": 2}


# --- one board in one room ----------------------------------------------------------------------


@pytest.mark.parametrize("points", [8, 5, 3, 1, 0])
def test_only_the_team_that_ran_first_scores(points):
    assert room_points(RoomRecord("D01", points), "D01", "D02") == (points, 0)
    assert room_points(RoomRecord("D02", points), "D01", "D02") == (0, points)


def test_open_and_closed_room_are_summed_per_team():
    assert board_points(board(2, ("D02", 3), ("D02", 0)), "D01", "D02") == (0, 3)
    assert board_points(board(3, ("D01", 5), ("D01", 3)), "D01", "D02") == (8, 0)
    assert board_points(board(4, ("D02", 8), ("D01", 8)), "D01", "D02") == (8, 8)


def test_every_board_room_credits_exactly_one_team():
    b = board(5, ("D02", 5), ("D01", 1))
    home, away = board_points(b, "D01", "D02")
    assert home + away == 5 + 1


def test_a_team_not_at_the_table_cannot_be_credited():
    with pytest.raises(ValueError):
        room_points(RoomRecord("D03", 8), "D01", "D02")


def test_heads_count_board_rooms_where_the_team_ran_first():
    boards = [board(1, ("D01", 8), ("D02", 1)), board(2, ("D02", 3), ("D02", 0)), board(3, ("D01", 0), ("D01", 1))]
    assert heads(boards, "D01") == 3  # board 1 open, board 3 both rooms
    assert heads(boards, "D02") == 3  # board 1 closed, board 2 both rooms (a 0 still ran first)


def test_default_board_points_are_the_seeds():
    points = BoardPoints()
    assert (points.caught3, points.caught2, points.caught1, points.own1, points.own2) == (8, 5, 3, 1, 0)
    assert points.allowed == (8, 5, 3, 1, 0)
    assert points.outcome(8) == "caught3" and points.outcome(1) == "own1" and points.outcome(0) == "own2"
    assert points.outcome(7) is None


# --- reading a room record ---------------------------------------------------------------------


def test_parse_room():
    assert parse_room("D01 8") == RoomRecord("D01", 8)
    assert parse_room("  D02   0 ") == RoomRecord("D02", 0)


@pytest.mark.parametrize("text", ["D01", "8", "D01 eight", "D01 8 3", "", "D01-8"])
def test_parse_room_rejects_other_shapes(text):
    with pytest.raises(RecordError) as caught:
        parse_room(text)
    assert caught.value.code == "daguai-board-syntax"


@pytest.mark.parametrize("points", [7, 2, 4, 6, 9, 10, -1])
def test_points_a_team_that_ran_first_cannot_score_are_an_error(points):
    with pytest.raises(RecordError) as caught:
        check_room(RoomRecord("D01", points), ["D01", "D02"], BoardPoints())
    assert caught.value.code == "daguai-points-impossible"
    assert caught.value.params["allowed"] == [8, 5, 3, 1, 0]


def test_a_team_not_at_the_table_is_an_error():
    with pytest.raises(RecordError) as caught:
        check_room(RoomRecord("D03", 8), ["D01", "D02"], BoardPoints())
    assert caught.value.code == "daguai-team-not-at-table"


def test_board_points_of_the_stage_decide_what_is_possible():
    points = BoardPoints(caught3=10, caught2=6, caught1=3, own1=1, own2=0)
    check_room(RoomRecord("D01", 10), ["D01", "D02"], points)
    with pytest.raises(RecordError):
        check_room(RoomRecord("D01", 8), ["D01", "D02"], points)


# --- violations ----------------------------------------------------------------------------------


def test_violation_ladder_warning_then_1_then_3_each():
    assert [deduction(n) for n in range(1, 7)] == [0, 1, 3, 3, 3, 3]


def test_first_violation_is_a_warning_only():
    boards = boards_scoring("D01", "D02", 15, 14)
    result = score_match("D01", "D02", boards, [Violation("D01")], {})
    assert result.scores == {"D01": 15, "D02": 14}
    assert result.match_points == {"D01": 2, "D02": 0}
    assert result.violations[0].nth == 1 and result.violations[0].deduction == 0


def test_third_violation_deducts_3_in_the_match_where_it_happened():
    counts: dict[str, int] = {}
    first = score_match("D01", "D02", boards_scoring("D01", "D02", 20, 10), [Violation("D01")], counts)
    second = score_match("D01", "D03", boards_scoring("D01", "D03", 20, 10), [Violation("D01")], counts)
    third = score_match("D04", "D01", boards_scoring("D04", "D01", 18, 20), [Violation("D01")], counts)
    assert [first.deductions["D01"], second.deductions["D01"], third.deductions["D01"]] == [0, 1, 3]
    assert third.scores == {"D04": 18, "D01": 17}
    assert third.match_points == {"D04": 2, "D01": 0}
    assert counts == {"D01": 3}


def test_two_violations_in_one_match_count_one_after_the_other():
    counts = {"D02": 1}
    result = score_match("D01", "D02", boards_scoring("D01", "D02", 10, 20), [Violation("D02"), Violation("D02")], counts)
    assert [(v.nth, v.deduction) for v in result.violations] == [(2, 1), (3, 3)]
    assert result.scores == {"D01": 10, "D02": 16}


def test_violations_are_counted_per_team():
    counts = {"D01": 2}
    result = score_match("D01", "D02", boards_scoring("D01", "D02", 10, 10), [Violation("D02")], counts)
    assert result.deductions == {"D01": 0, "D02": 0}
    assert counts == {"D01": 2, "D02": 1}


@pytest.mark.parametrize(("own", "other", "expected"), [(15, 14, 2), (14, 14, 1), (14, 15, 0), (0, 0, 1), (-3, 0, 0)])
def test_match_points_2_1_0(own, other, expected):
    assert match_points(own, other) == expected


# --- results files: reading a table ----------------------------------------------------------


def stage(boards: int | None = 6, options: DaguaiStage | None = None) -> Stage:
    return Stage(id="swiss", name="瑞士制", format="swiss", rounds=7, boards=boards, options=options or DaguaiStage())


def read_table(text: str, at: Stage | None = None):
    problems = Problems()
    node = load_yaml_text(text, Path("/tmp/round-1.yaml"), problems)
    assert not problems.items
    sides, record = RULES.read_table(Reader(node, problems, "tables[1]."), at or stage(boards=2))
    return sides, record, problems, node


TABLE = """\
table: 1
home: D01
away: D02
boards:
  1: {open: D01 8, closed: D02 1}
  2: {open: D02 3, closed: D02 0}
violations: [D02]
"""


def test_same_room_text_twice_is_each_rooms_own():
    """A room's text is read once (records._room_written): each room keeps its own mark, and a
    text that cannot be read is reported at every room that writes it."""
    _, record, problems, _ = read_table("table: 1\nhome: D01\naway: D02\nboards:\n"
                                        "  1:\n    open: D01 8\n    closed: D01 8\n"
                                        "  2:\n    open: D01 eight\n    closed: D01 eight\n")
    assert [(r.open.mark.line, r.open.mark.column, r.closed.mark.line, r.closed.mark.column)
            for r in record.boards] == [(6, 5, 7, 13)]  # a room on its board's first line: the board's mark
    assert [(p.code, p.mark.line) for p in problems.items] == [("daguai-board-syntax", 9), ("daguai-board-syntax", 10)]


def test_read_the_table_of_content_format():
    sides, record, problems, _ = read_table(TABLE)
    assert not problems.items
    assert [s for s, _ in sides] == ["D01", "D02"]
    assert record.boards == [board(1, ("D01", 8), ("D02", 1)), board(2, ("D02", 3), ("D02", 0))]
    assert [v.entry for v in record.violations] == ["D02"]
    assert record.played


def test_impossible_points_are_reported_at_the_boards_value():
    text = TABLE.replace("1: {open: D01 8", "1: {open: D01 7")
    _, record, problems, node = read_table(text)
    assert [p.code for p in problems.errors] == ["daguai-points-impossible"]
    error = problems.errors[0]
    expected = node["boards"].value_marks[1]
    assert (error.mark.line, error.mark.column) == (expected.line, expected.column) == (5, 6)
    assert [b.board for b in record.boards] == [2]


def test_a_team_not_at_the_table_is_reported_with_a_suggestion():
    _, _, problems, node = read_table(TABLE.replace("closed: D02 1", "closed: D20 1"))
    error = problems.errors[0]
    assert error.code == "daguai-team-not-at-table"
    assert error.mark == node["boards"].value_marks[1]
    assert "D02" in error.message("zh-Hans")


def test_block_style_points_at_the_room_line():
    text = """\
table: 1
home: D01
away: D02
boards:
  1:
    open: D01 8
    closed: D02 2
"""
    _, _, problems, _ = read_table(text)
    assert [(p.code, p.mark.line) for p in problems.errors] == [("daguai-points-impossible", 7)]


def test_missing_room_and_misspelt_room_key():
    text = TABLE.replace("closed: D02 1", "closd: D02 1")
    _, _, problems, _ = read_table(text)
    codes = sorted(p.code for p in problems.errors)
    assert codes == ["daguai-room-missing", "key-unknown"]
    unknown = next(p for p in problems.errors if p.code == "key-unknown")
    assert "closed" in unknown.message("en")


def test_chinese_room_keys_and_the_list_shorthand():
    text = TABLE.replace("1: {open: D01 8, closed: D02 1}", "1: {开室: D01 8, 闭室: D02 1}").replace(
        "2: {open: D02 3, closed: D02 0}", "2: [D02 3, D02 0]")
    _, record, problems, _ = read_table(text)
    assert not problems.items
    assert record.boards == [board(1, ("D01", 8), ("D02", 1)), board(2, ("D02", 3), ("D02", 0))]


def test_board_number_beyond_the_stage_and_missing_boards():
    text = TABLE.replace("2: {open", "3: {open")
    _, _, problems, _ = read_table(text)
    assert [p.code for p in problems.errors] == ["board-number-range"]
    assert [p.code for p in problems.warnings] == ["daguai-boards-missing"]


def test_violation_by_a_team_not_at_the_table():
    _, record, problems, node = read_table(TABLE.replace("violations: [D02]", "violations: [D02, D05]"))
    error = problems.errors[0]
    assert error.code == "daguai-violation-not-at-table"
    assert error.mark == node["violations"].item_marks[1]
    assert [v.entry for v in record.violations] == ["D02"]


def test_violation_mapping_form():
    text = TABLE.replace("violations: [D02]", "violations: [{team: D02, board: 2, note: 自报牌数}]")
    _, record, problems, _ = read_table(text)
    assert not problems.items
    assert record.violations == [Violation("D02", 2, "自报牌数")]


def test_a_forfeited_match_has_no_boards():
    _, _, problems, _ = read_table(TABLE + "forfeit: D02\n")
    assert sorted(p.code for p in problems.errors) == ["daguai-forfeit-with-play"] * 2


def test_a_bye_has_no_boards():
    _, _, problems, _ = read_table("table: 3\nhome: D05\nboards:\n  1: {open: D05 8, closed: D05 8}\n")
    assert "daguai-bye-with-play" in [p.code for p in problems.errors]


@pytest.mark.parametrize("table_text", ["table: 2\nhome: D03\naway: D04\nboards:\n",
                                        "table: 2\nhome: D03\naway: D04\n"])
def test_a_drawn_match_without_boards_is_pending_not_counted(table_text):
    sides, record, problems, _ = read_table(table_text)
    assert not problems.items and not record.played
    score = RULES.score_table(Table(2, ["D03", "D04"], record), stage(), {})
    assert score.sides == [] and score.winner is None


def test_unknown_table_key_is_an_error_with_a_suggestion():
    _, _, problems, _ = read_table(TABLE.replace("violations:", "violation:"))
    error = next(p for p in problems.errors if p.code == "key-unknown")
    assert "violations" in error.message("en")


# --- stage keys ------------------------------------------------------------------------------------


def read_stage(text: str) -> tuple[DaguaiStage, Problems]:
    problems = Problems()
    node = load_yaml_text(text, Path("/tmp/event.yaml"), problems)
    return RULES.read_stage_options(Reader(node, problems, "stages[1]."), "swiss"), problems


def test_stage_defaults_are_the_seeds():
    options, problems = read_stage("id: swiss\n")
    assert not problems.items
    assert options == DaguaiStage(BoardPoints(), ByeCredit(2, 0, 0, 0))


def test_stage_keys_board_points_and_bye():
    options, problems = read_stage("board_points: {caught3: 10}\nbye: {match_points: 2, net: 5, heads: 7}\n")
    assert not problems.items
    assert options.board_points.allowed == (10, 5, 3, 1, 0)
    assert options.bye == ByeCredit(match_points=2, net=5, scored=0, heads=7)


def test_stage_keys_are_checked():
    _, problems = read_stage("board_points: {caught4: 10}\nbye: {match_points: 3}\n")
    assert sorted(p.code for p in problems.errors) == ["key-unknown", "value-range"]


# --- scoring a table ------------------------------------------------------------------------------


def test_score_table_played_match_and_results_json_rows():
    _, record, _, _ = read_table(TABLE)
    score = RULES.score_table(Table(1, ["D01", "D02"], record), stage(boards=2), {})
    # D01: 8; D02: 1 + 3 + 0 = 4; D02's first violation is a warning
    assert score.winner == "D01"
    assert [(s.entry, s.metrics) for s in score.sides] == [
        ("D01", {"match_points": 2, "net": 4, "scored": 8, "heads": 1}),
        ("D02", {"match_points": 0, "net": -4, "scored": 4, "heads": 3}),
    ]
    assert not any(s.disqualified for s in score.sides)
    assert [(b["board"], b["home"], b["away"]) for b in score.boards] == [(1, 8, 1), (2, 0, 3)]
    assert score.extra["match_points"] == {"D01": 2, "D02": 0}


def test_violations_are_counted_over_the_event_state_in_play_order():
    state: dict = {}
    _, record, _, _ = read_table(TABLE)
    scores = [RULES.score_table(Table(1, ["D01", "D02"], record), stage(boards=2), state) for _ in range(3)]
    assert [s.extra["deductions"]["D02"] for s in scores] == [0, 1, 3]
    # 8 : 4, then 8 : 3, then 8 : 1
    assert [s.sides[1].metrics["scored"] for s in scores] == [4, 3, 1]


def test_forfeit_is_a_loss_not_a_disqualification_and_the_winner_gets_the_bye_credit():
    options = DaguaiStage(bye=ByeCredit(match_points=2, net=5, scored=0, heads=7))
    score = RULES.score_table(Table(2, ["D03", "D04"], MatchRecord(), forfeit="D04"), stage(options=options), {})
    assert score.winner == "D03"
    assert score.sides == [
        SideScore("D03", {"match_points": 2, "net": 5, "scored": 0, "heads": 7}),
        SideScore("D04", {"match_points": 0, "net": -5, "scored": 0, "heads": 0}),
    ]
    assert score.extra["match_points"] == {"D03": 2, "D04": 0}


def test_forfeit_by_the_home_team_with_the_default_credit():
    score = RULES.score_table(Table(2, ["D03", "D04"], MatchRecord(), forfeit="D03"), stage(), {})
    assert score.winner == "D04"
    assert [s.metrics["match_points"] for s in score.sides] == [0, 2]
    assert [s.metrics["net"] for s in score.sides] == [0, 0]
    assert not any(s.disqualified for s in score.sides)


def test_bye_gets_the_stage_credit():
    score = RULES.score_table(Table(3, ["D05"], MatchRecord()), stage(), {})
    assert score.winner == "D05"
    assert score.sides == [SideScore("D05", {"match_points": 2, "net": 0, "scored": 0, "heads": 0})]


def test_entry_page_running_totals_follow_the_matches():
    state: dict = {}
    _, record, _, _ = read_table(TABLE)
    RULES.score_table(Table(1, ["D01", "D02"], record), stage(boards=2), state)
    bye = RULES.score_table(Table(2, ["D01"], MatchRecord()), stage(boards=2), state)
    assert bye.view.after["D01"] == {"match_points": 4, "net": 4, "scored": 8, "heads": 1}


# --- the game's surface -----------------------------------------------------------------------------


def test_the_game_is_registered_with_its_formats_and_metrics():
    assert GAMES["daguai"] is RULES
    assert RULES.formats == ("swiss", "round_robin", "matches")
    assert tuple(RULES.metrics) == ("match_points", "net", "scored", "heads")
    for metric in RULES.metrics.values():
        assert set(metric.label) == set(LOCALES) and set(metric.explain) == set(LOCALES)


PARAMS = dict(board=1, room={"zh-Hans": "开室", "zh-Hant": "開室", "en": ", open room"}, text="D01 7",
              problem={"zh-Hans": "x", "zh-Hant": "x", "en": "x"}, team="D01", points=7, allowed=[8, 5, 3, 1, 0],
              meaning={"zh-Hans": "8 = …", "zh-Hant": "8 = …", "en": "8 = …"}, sides="D01 vs D02",
              suggestion={"zh-Hans": "", "zh-Hant": "", "en": ""}, other="闭室", key="boards", id="D04", table=2,
              home="D01", away="D02", missing=[2], first=2,
              withdrawn={"zh-Hans": "", "zh-Hant": "", "en": ""})


@pytest.mark.parametrize("code", sorted(RULES.messages))
def test_every_message_has_three_locales_and_a_hint(code):
    assert code in CATALOGUE
    for locale in LOCALES:
        message, hint = render_message(code, locale, PARAMS)
        assert message and hint and "{" not in message


def test_ui_words_have_three_locales():
    for key, words in RULES.ui_words.items():
        assert len(words) == 3 and all(words), key
    from generator.render.i18n import LOCALES, Translator

    for index, locale in enumerate(LOCALES):  # the translator finds every one of them
        t = Translator(locale)
        assert all(t.unformatted(key) == words[index] for key, words in RULES.ui_words.items())


def test_points_message_names_the_allowed_values_and_their_meaning():
    message, hint = render_message("daguai-points-impossible", "zh-Hans", {
        **PARAMS, "meaning": meaning(BoardPoints())})
    assert "8、5、3、1、0" in message
    assert "8 = 抓住对方三家" in hint and "0 = 自方二家被关" in hint
