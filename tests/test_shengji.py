"""80分 rules: board table, defenders' points, team conversion, pairs matchpoints, penalties.

The worked cases of rules-shengji.md are tested verbatim (the tests are named after them); every
other expected number is worked out by hand from the rules there, never read back from the code.
Records are read through the real loader from files written in a temporary content/, so every
error is checked with its file and line.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.content.load import load_site
from generator.errors import Problems
from generator.games import GAMES
from generator.games.shengji import RULES
from generator.games.shengji.records import RecordError, parse_result
from generator.games.shengji.rules import (
    DEFAULT_BOARD_TABLE,
    DEFAULT_CONVERSION,
    SEED_BOARD_TABLE,
    KittyRule,
    Penalty,
    RoomResult,
    TeamBoard,
    defenders_points,
    home_net,
    pairs_score,
    room_credits,
    team_credits,
)
from generator.games.shengji.views import score_team_match
from generator.messages import LOCALES
from generator.tournament.event import run_event

# every code: messages.py's and each game's (read from the registry, which collects Game.messages)
CATALOGUE = GAMES.catalogue()

TEAMS = ("H1", "H2", "H3", "H4")
PAIRS = ("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8")


# --- a temporary content/ -----------------------------------------------------------------------


def write_content(tmp_path: Path, stage: str, results: dict[str, str], entries=TEAMS) -> Path:
    root = tmp_path / "content"
    folder = root / "events" / "sj"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 测试\n", encoding="utf-8")
    lines = ["title: 80分测试", "game: shengji", "entries:"]
    lines += [f"  - {{id: {e}, players: [{e}甲, {e}乙]}}" for e in entries]
    lines += ["stages:", textwrap.indent(textwrap.dedent(stage).strip("\n"), "  ")]
    (folder / "event.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for name, text in results.items():
        (folder / "results" / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def load(tmp_path: Path, stage: str, results: dict[str, str], entries=TEAMS):
    root = write_content(tmp_path, stage, results, entries)
    problems = Problems()
    site = load_site(root, problems)
    assert site is not None
    return site.events[0], problems, root / "events" / "sj"


TEAM_STAGE = """
- id: teams
  format: matches
  boards: 2
  rank_by: [match_points, net]
"""

PAIRS_STAGE = """
- id: pairs
  format: pairs
  rounds: 1
  boards: 1
  rank_by: [percent, mp]
"""


def team_file(boards: str, extra: str = "") -> dict[str, str]:
    body = textwrap.indent(textwrap.dedent(boards).strip("\n"), " " * 6)
    return {"r1.yaml": f"stage: teams\ntables:\n  - table: 1\n    home: H1\n    away: H2\n{extra}    boards:\n{body}\n"}


def line_of(path: Path, text: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


def errors(problems: Problems) -> list[tuple[str, str, int]]:
    return [(p.code, p.mark.file.name, p.mark.line) for p in problems.errors]


def scored_team(tmp_path: Path, boards: str, extra: str = ""):
    event, problems, _ = load(tmp_path, TEAM_STAGE, team_file(boards, extra))
    assert not problems.errors, [p.format("en") for p in problems.errors]
    result = run_event(event, problems)
    return result.stages[0].rounds[0].tables[0]


# --- the worked cases of rules-shengji.md, verbatim -----------------------------------------------


def test_worked_case_board_1_N_declares_open_85_closed_40_away_4_mp():
    # Open room: home declares (NS), away defends and is credited 85. Closed room: away declares,
    # home defends, credited 40. Home net = 40 - 85 = -45 -> away 4 MP.
    board = TeamBoard(1, RoomResult(points=85), RoomResult(points=40))
    assert DEFAULT_BOARD_TABLE.declarer(1) == "N"
    assert team_credits("open", "NS", board.open) == (0, 85)
    assert team_credits("closed", "NS", board.closed) == (40, 0)
    assert home_net("NS", board.open, board.closed) == -45
    match = score_team_match("H1", "H2", [board])
    assert match.rows[0].net == -45
    assert (match.rows[0].home_mp, match.rows[0].away_mp) == (0, 4)


def test_worked_case_board_2_W_declares_open_0_closed_120_away_credited_320_10_mp():
    # Open room: away declares (EW), home defends with 0 -> away credited 200. Closed room: home
    # declares (EW), away defends 120 -> away credited 120. Home net = -320 -> away 10 MP.
    board = TeamBoard(2, RoomResult(points=0), RoomResult(points=120))
    assert DEFAULT_BOARD_TABLE.declarer(2) == "W"
    assert team_credits("open", "EW", board.open) == (0, 200)
    assert team_credits("closed", "EW", board.closed) == (0, 120)
    assert home_net("EW", board.open, board.closed) == -320
    match = score_team_match("H1", "H2", [board])
    assert (match.rows[0].home_mp, match.rows[0].away_mp) == (0, 10)


def test_worked_case_breakdown_tricks_60_kitty_25_x2_is_110_defenders_points():
    assert defenders_points(60, 25, 2) == 110
    result = parse_result({"tricks": 60, "kitty": 25, "x": 2}, None, KittyRule())
    assert result.points == 110 and result.breakdown == "60 + 25×2"


def test_worked_cases_through_a_results_file(tmp_path):
    score = scored_team(tmp_path, """
        1: {open: 85, closed: 40}
        2: {open: 0, closed: 120}
    """)
    assert [(b["board"], b["net"], b["home_mp"], b["away_mp"]) for b in score.boards] == [(1, -45, 0, 4), (2, -320, 0, 10)]
    assert score.extra["match_points"] == {"H1": 0, "H2": 14}
    assert score.winner == "H2"
    assert [(s.entry, s.metrics) for s in score.sides] == [
        ("H1", {"match_points": 0, "net": -365}), ("H2", {"match_points": 14, "net": 365})]


# --- the board table -----------------------------------------------------------------------------


def test_the_seeds_board_table_is_the_default():
    rows = {n: DEFAULT_BOARD_TABLE.row(n) for n in range(1, 17)}
    assert rows == SEED_BOARD_TABLE
    # Straight from the seed's 牌套顺序号及打牌阶数 (with its irregular levels: 5 twice, 10 twice, K twice).
    assert [f"{s}{lv}" for s, lv in rows.values()] == [
        "N2", "W3", "S4", "E5", "N5", "W6", "S7", "E8", "N9", "W10", "S10", "EJ", "NK", "WQ", "SA", "EK"]


def test_the_declarer_rotates_north_west_south_east():
    assert [DEFAULT_BOARD_TABLE.declarer(n) for n in range(1, 9)] == ["N", "W", "S", "E"] * 2


def test_boards_past_16_repeat_the_table():
    assert DEFAULT_BOARD_TABLE.row(17) == ("N", "2")
    assert DEFAULT_BOARD_TABLE.row(32) == ("E", "K")
    assert DEFAULT_BOARD_TABLE.row(35) == ("S", "4")


def test_the_declarers_direction_decides_who_defends():
    assert DEFAULT_BOARD_TABLE.declaring(3) == "NS" and DEFAULT_BOARD_TABLE.defending(3) == "EW"
    assert DEFAULT_BOARD_TABLE.declaring(4) == "EW" and DEFAULT_BOARD_TABLE.defending(4) == "NS"


def test_an_event_gives_its_own_board_table(tmp_path):
    stage = TEAM_STAGE + "  board_table: {1: E 2, 2: 南 K, 3: {declarer: W, level: 10}, 4: [N, A]}\n"
    event, problems, _ = load(tmp_path, stage, {})
    assert not problems.items
    table = event.stages[0].options.board_table
    assert [table.row(n) for n in (1, 2, 3, 4, 5)] == [("E", "2"), ("S", "K"), ("W", "10"), ("N", "A"), ("E", "2")]


def test_the_own_board_table_decides_the_rooms(tmp_path):
    # Board 1 declared by E: open room away (EW) declares, home defends 85 and is credited.
    stage = TEAM_STAGE + "  board_table: {1: E 2, 2: W 3}\n"
    event, problems, _ = load(tmp_path, stage, team_file("1: {open: 85, closed: 40}\n2: {open: 60, closed: 60}"))
    score = run_event(event, problems).stages[0].rounds[0].tables[0]
    assert score.boards[0]["declarer"] == "E"
    assert score.boards[0]["net"] == 85 - 40


@pytest.mark.parametrize("table, code, marker", [
    ("{1: N 2, 2: X 3}", "shengji-board-table", "board_table"),
    ("{1: N 2, 2: W 1}", "shengji-board-table", "board_table"),
    ("{1: N 2, 3: S 4}", "shengji-board-table-gap", "board_table"),
    ("[N 2, W 3]", "type-expected", "board_table"),
])
def test_a_board_table_that_cannot_be_read_is_an_error_with_its_line(tmp_path, table, code, marker):
    event, problems, folder = load(tmp_path, TEAM_STAGE + f"  board_table: {table}\n", {})
    assert [(c, f) for c, f, _ in errors(problems)] == [(code, "event.yaml")]
    assert errors(problems)[0][2] == line_of(folder / "event.yaml", marker)


# --- defenders' points ---------------------------------------------------------------------------


@pytest.mark.parametrize("value, points", [
    (85, 85), (0, 0), ("光头", 0), (200, 200), (440, 440),
    ({"points": 95}, 95), ({"tricks": 60, "kitty": 25, "x": 2}, 110), ({"tricks": 60, "kitty": 25, "x": "pair"}, 160),
    ({"tricks": 60, "kitty": 25, "x": 2, "points": 110}, 110), ({"tricks": 120, "kitty": 80, "x": 4}, 440),
    ({"tricks": 75}, 75), ({"tricks": 40, "kitty": 0, "x": 2}, 40),
    # the breakdown on one line, as the site and the score sheets show it (扣底 60 + 25×2)
    ("60 + 25×2", 110), ("60+25x2", 110), ("60+25*2", 110), ("60+25X4", 160), ("６０＋２５×２", 110),
])
def test_defenders_points_plain_or_broken_down(value, points):
    assert parse_result(value, None, KittyRule()).points == points


def test_with_the_kitty_multiplied_the_defenders_can_pass_200_up_to_440():
    # 200 in the deck, 80 of them at most in the kitty: 120 in tricks + 80 x 4 = 440.
    assert KittyRule().most == 440
    assert KittyRule(single=2, pair=2).most == 280
    assert parse_result(280, None, KittyRule(2, 2)).points == 280
    with pytest.raises(RecordError) as raised:
        parse_result(285, None, KittyRule(2, 2))
    assert raised.value.code == "shengji-points-range"


@pytest.mark.parametrize("record, code, marker", [
    ("1: {open: 83, closed: 40}", "shengji-points-step", "83"),
    ("1: {open: -5, closed: 40}", "shengji-points-range", "-5"),
    ("1: {open: 445, closed: 40}", "shengji-points-range", "445"),
    ("1: {open: eighty, closed: 40}", "shengji-points-syntax", "eighty"),
    ("1: {open: 85.5, closed: 40}", "shengji-points-syntax", "85.5"),
    ("1: {open: {tricks: 60, kitty: 25, x: 2, points: 100}, closed: 40}", "shengji-breakdown-sum", "points: 100"),
    ("1: {open: {tricks: 60, kitty: 25}, closed: 40}", "shengji-breakdown", "kitty: 25"),
    ("1: {open: {tricks: 60, kitty: 25, x: 3}, closed: 40}", "shengji-breakdown", "x: 3"),
    ("1: {open: {tricks: 150, kitty: 60, x: 2}, closed: 40}", "shengji-breakdown", "tricks: 150"),
    ("1: {open: {tricks: 60, kitty: 85, x: 2}, closed: 40}", "shengji-points-range", "kitty: 85"),
    ("1: {open: {tricks: 62}, closed: 40}", "shengji-points-step", "tricks: 62"),
    ("1: {open: 60+25×3, closed: 40}", "shengji-breakdown", "60+25×3"),  # checked as the mapping is
    ("1: {open: 150+60×2, closed: 40}", "shengji-breakdown", "150+60×2"),
    ("1: {open: {kitty: 20, x: 2}, closed: 40}", "shengji-breakdown", "kitty: 20"),
    ("1: {open: {trick: 60}, closed: 40}", "key-unknown", "trick"),
    ("1: {open: 85, close: 40}", "key-unknown", "close"),  # a room misspelt: not a board with one room
    ("1: {open: 85, closed: 40, extra: 5}", "key-unknown", "extra"),
    ("1: 85", "shengji-points-syntax", "1: 85"),
    ("1: {open: {adjusted: NS}, closed: 40}", "shengji-pairs-only", "adjusted"),
    ("3: {open: 85, closed: 40}", "board-number-range", "3:"),
    ("0: {open: 85, closed: 40}", "board-number-invalid", "0:"),  # not "this stage's boards are 1 to …"
])
def test_an_impossible_record_is_an_error_with_file_and_line(tmp_path, record, code, marker):
    event, problems, folder = load(tmp_path, TEAM_STAGE, team_file(record + "\n2: {open: 60, closed: 60}"))
    found = errors(problems)
    assert [(c, f) for c, f, _ in found] == [(code, "r1.yaml")], [p.format("en") for p in problems.errors]
    assert found[0][2] == line_of(folder / "results" / "r1.yaml", marker)
    for locale in LOCALES:  # every message renders in every locale with the parameters given
        assert problems.errors[0].message(locale) and problems.errors[0].hint(locale) is not None


def test_the_message_shows_the_parts_and_the_sum(tmp_path):
    _, problems, _ = load(tmp_path, TEAM_STAGE, team_file(
        "1: {open: {tricks: 60, kitty: 25, x: 2, points: 100}, closed: 40}\n2: {open: 60, closed: 60}"))
    assert problems.errors[0].message("en") == "board 1, open room: the parts 60 + 25×2 = 110, not the 100 written"
    assert problems.errors[0].message("zh-Hans") == "第 1 副开室：分项 60 + 25×2 = 110，与记录的得分 100 不符"


def test_all_errors_of_a_file_are_reported_at_once(tmp_path):
    _, problems, _ = load(tmp_path, TEAM_STAGE, team_file("1: {open: 83, closed: -5}\n2: {open: 995, closed: 60}"))
    assert [c for c, _, _ in errors(problems)] == ["shengji-points-step", "shengji-points-range", "shengji-points-range"]


def test_the_stages_kitty_multipliers_are_the_allowed_x(tmp_path):
    stage = TEAM_STAGE + "  kitty: {single: 3, pair: 6}\n"
    event, problems, _ = load(tmp_path, stage, team_file(
        "1: {open: {tricks: 40, kitty: 10, x: 3}, closed: {tricks: 40, kitty: 10, x: 6}}\n2: {open: {tricks: 0, kitty: 5, x: 2}, closed: 0}"))
    assert [c for c, _, _ in errors(problems)] == ["shengji-breakdown"]
    assert event.stages[0].options.kitty.most == 200 + 80 * 5


# --- team event ----------------------------------------------------------------------------------


@pytest.mark.parametrize("net, mp", [
    (0, 0), (5, 1), (10, 1), (15, 2), (20, 2), (25, 3), (35, 3), (40, 4), (50, 4), (55, 5), (70, 5),
    (75, 6), (90, 6), (95, 7), (115, 7), (120, 8), (140, 8), (145, 9), (175, 9), (180, 10), (400, 10),
])
def test_the_seeds_conversion_table(net, mp):
    assert DEFAULT_CONVERSION.match_points(net) == mp
    assert DEFAULT_CONVERSION.match_points(-net) == mp
    assert DEFAULT_CONVERSION.split(net) == ((mp, 0) if net else (0, 0))
    assert DEFAULT_CONVERSION.split(-net) == ((0, mp) if net else (0, 0))


def test_home_sits_ns_in_the_open_room_and_ew_in_the_closed_room():
    # Board 3 (S declares): the open room's declarers are home, the closed room's away.
    match = score_team_match("H1", "H2", [TeamBoard(3, RoomResult(points=70), RoomResult(points=90))])
    row = match.rows[0]
    assert (row.open.declarers, row.open.defenders) == ("H1", "H2")
    assert (row.closed.declarers, row.closed.defenders) == ("H2", "H1")
    assert (row.home, row.away, row.net) == (90, 70, 20)
    assert (row.home_mp, row.away_mp) == (2, 0)


def test_shut_out_credits_200_to_the_declarers_in_either_room():
    assert room_credits("NS", RoomResult(points=0)) == {"NS": 200, "EW": 0}
    assert room_credits("EW", RoomResult(points=5)) == {"NS": 5, "EW": 0}
    # Board 1 (N): shut out in both rooms -> each team credited 200 once: net 0.
    match = score_team_match("H1", "H2", [TeamBoard(1, RoomResult(points=0), RoomResult(points=0))])
    assert (match.rows[0].home, match.rows[0].away, match.rows[0].net) == (200, 200, 0)


def test_the_match_is_won_on_match_points_then_on_net():
    # Board 1: home net +60 -> 5; board 5 (N): home net -55 -> away 5. Equal MP, home +5 net.
    boards = [TeamBoard(1, RoomResult(points=40), RoomResult(points=100)),
              TeamBoard(5, RoomResult(points=95), RoomResult(points=40))]
    match = score_team_match("H1", "H2", boards)
    assert match.match_points == {"H1": 5, "H2": 5}
    assert match.net == {"H1": 5, "H2": -5}
    assert match.winner == "H1"
    level = score_team_match("H1", "H2", [TeamBoard(1, RoomResult(points=60), RoomResult(points=60))])
    assert level.winner is None and level.match_points == {"H1": 0, "H2": 0}


def test_standings_by_match_points_then_net(tmp_path):
    stage = """
    - id: teams
      format: round_robin
      rounds: 1
      boards: 1
      rank_by: [match_points, net]
    """
    results = {"r1.yaml": """
        stage: teams
        round: 1
        tables:
          - table: 1
            home: H1
            away: H2
            boards:
              1: {open: 40, closed: 100}
          - table: 2
            home: H3
            away: H4
            boards:
              1: {open: 40, closed: 95}
    """}
    event, problems, _ = load(tmp_path, stage, results)
    standings = run_event(event, problems).stages[0].standings
    # H1 +60 -> 5 MP; H3 +55 -> 5 MP: equal match points, H1 ahead on net.
    assert [(s.entry.id, s.rank, s.tally.metrics) for s in standings] == [
        ("H1", 1, {"match_points": 5, "net": 60}), ("H3", 2, {"match_points": 5, "net": 55}),
        ("H4", 3, {"match_points": 0, "net": -55}), ("H2", 4, {"match_points": 0, "net": -60})]


def test_results_json_rows_of_a_team_board(tmp_path):
    score = scored_team(tmp_path, "1: {open: {tricks: 60, kitty: 25, x: 2}, closed: 40}\n2: {open: 0, closed: 120}")
    row = score.boards[0]
    assert {k: row[k] for k in ("board", "declarer", "level", "home", "away", "net", "home_mp", "away_mp")} == {
        "board": 1, "declarer": "N", "level": "2", "home": 40, "away": 110, "net": -70, "home_mp": 0, "away_mp": 5}
    assert row["open"] == {"declarers": "H1", "defenders": "H2", "points": 110, "tricks": 60, "kitty": 25, "x": 2,
                           "credits": {"H1": 0, "H2": 110}}
    assert row["closed"]["credits"] == {"H1": 40, "H2": 0}


def test_a_custom_conversion_by_lowest_net(tmp_path):
    stage = TEAM_STAGE + "  conversion: {0: 0, 10: 1, 50: 2, 100: 3}\n"
    event, problems, _ = load(tmp_path, stage, team_file("1: {open: 85, closed: 40}\n2: {open: 40, closed: 140}"))
    assert not problems.items
    score = run_event(event, problems).stages[0].rounds[0].tables[0]
    # Board 1: -45 -> band 10-49 -> 1 to away. Board 2 (W declares): open room away declares,
    # home defends 40; closed room home declares, away defends 140: net -100 -> band 100+ -> 3.
    assert [(b["net"], b["home_mp"], b["away_mp"]) for b in score.boards] == [(-45, 0, 1), (-100, 0, 3)]


def test_a_custom_conversion_with_the_seeds_ranges(tmp_path):
    stage = TEAM_STAGE + ('  conversion: {"0": 0, "5-10": 1, "15-20": 2, "25-35": 3, "40-50": 4, "55-70": 5, '
                          '"75-90": 6, "95-115": 7, "120-140": 8, "145-175": 9, "180以上": 10}\n')
    event, problems, _ = load(tmp_path, stage, {})
    assert not problems.items
    assert event.stages[0].options.conversion == DEFAULT_CONVERSION


@pytest.mark.parametrize("conversion", [
    '{5: 1, 15: 2}',                       # does not start at 0
    '{"0": 0, "5-10": 1, "20-30": 2, "35+": 3}',  # leaves out 15
    '{"0": 0, "5-20": 1, "15-30": 2, "35+": 3}',  # overlaps
    '{"0": 0, "5-10": 1}',                 # last band not open
    '{0: 0, 5: 2, 15: 1}',                 # goes down
    '{0: 0, 5: many}',
    '{0: 0, five: 1}',
])
def test_a_conversion_that_cannot_be_right_is_an_error(tmp_path, conversion):
    _, problems, folder = load(tmp_path, TEAM_STAGE + f"  conversion: {conversion}\n", {})
    assert [(c, f) for c, f, _ in errors(problems)] == [("shengji-conversion", "event.yaml")]
    assert errors(problems)[0][2] == line_of(folder / "event.yaml", "conversion")


# --- penalties (第六条) -------------------------------------------------------------------------


def test_a_penalty_goes_to_the_other_side_in_a_team_room():
    # Board 1 (N declares), open room: penalty against NS (home, the declarers) 20 -> away +20.
    result = RoomResult(points=85, penalties=(Penalty("NS", 20),))
    assert room_credits("NS", result) == {"NS": 0, "EW": 105}
    # A penalty against the defenders goes to the declarers; shut out still counts on play.
    assert room_credits("NS", RoomResult(points=0, penalties=(Penalty("EW", 10),))) == {"NS": 210, "EW": 0}


def test_penalties_recorded_on_a_board_in_a_results_file(tmp_path):
    score = scored_team(tmp_path, """
        1: {open: {points: 85, penalty: {against: NS, points: 20, note: 暴露牌张 2 张}}, closed: 40}
        2: {open: 60, closed: 60, penalty: {room: closed, against: H1, points: 10}}
    """)
    board1, board2 = score.boards
    # Board 1 open: away defends 85 + 20 from home's penalty; closed home 40: net 40 - 105 = -65.
    assert (board1["net"], board1["away_mp"]) == (-65, 5)
    assert board1["open"]["penalties"] == [{"against": "NS", "points": 20, "note": "暴露牌张 2 张"}]
    # Board 2 (W): closed room, H1 (home, EW) penalised 10 -> away (NS) +10: net -10 -> away 1.
    assert (board2["net"], board2["away_mp"]) == (-10, 1)
    assert board2["closed"]["penalties"] == [{"against": "EW", "points": 10, "note": None}]


def test_a_penalty_against_the_room_not_written_yet_is_said_to_wait_for_it(tmp_path):
    """Board 2 has the open room only and a penalty in the closed room: the board waits (the
    match is not counted), and the penalty, which counts with the closed room, was dropped
    without a word; it is said now, and counted once the closed room is written."""
    penalty = "penalty: {room: closed, against: H1, points: 10}"
    _, problems, folder = load(tmp_path, TEAM_STAGE, team_file(f"1: {{open: 85, closed: 40}}\n2: {{open: 60, {penalty}}}"))
    waiting = [p for p in problems.items if p.code == "shengji-penalty-waiting"]
    assert [(p.warning, p.mark.line) for p in waiting] == [(True, line_of(folder / "results" / "r1.yaml", "penalty"))]
    assert waiting[0].message("en") == "board 2: the penalty in the closed room is not counted yet: it waits for that room's result"
    assert waiting[0].message("zh-Hans") == "第 2 副：闭室的罚分还没有计入，要等闭室的成绩"
    score = scored_team(tmp_path / "both", f"""
        1: {{open: 85, closed: 40}}
        2: {{open: 60, closed: 60, {penalty}}}
    """)
    assert score.boards[1]["closed"]["penalties"] == [{"against": "EW", "points": 10, "note": None}]


def test_a_penalty_waiting_for_its_room_is_shown_where_that_rooms_result_will_be(tmp_path):
    """check said it; the pending match on the round page showed board 2's open room and "—"
    for the closed room, the penalty written for it nowhere."""
    import re

    from generator.build import validate
    from generator.render.html import render_site
    from generator.render.output import OutputTree

    penalty = "penalty: {room: closed, against: H1, points: 10, note: 暴露牌张}"
    write_content(tmp_path, TEAM_STAGE, team_file(f"1: {{open: 85, closed: 40}}\n2: {{open: 60, {penalty}}}"))
    site, results, _ = validate(tmp_path / "content")
    out = tmp_path / "output"
    render_site(site, results, {}, OutputTree(out))
    pages = [p for p in (out / "events/sj/teams").rglob("index.html") if 'id="table-1"' in p.read_text(encoding="utf-8")]
    assert pages
    for page in pages:
        rows = re.findall(r"<tr role=\"row\"><th role=\"rowheader\" scope=\"row\" class=\"num\">(\d+)</th>(.*?)</tr>", page.read_text(encoding="utf-8"))
        closed = re.findall(r'<td role="cell" class="num" data-label="闭室">(.*?)</td>', dict(rows)["2"])
        # H1, home, sits East-West in the closed room: against EW, 10 points to NS
        assert closed == ['—<br><span class="warn">东西违例，罚 10 分给对方</span> <span class="meta">暴露牌张</span>'], rows


@pytest.mark.parametrize("penalty, marker", [
    ("{against: NS, points: 7}", "points: 7"),
    ("{against: XY, points: 20}", "XY"),
    ("{against: NS}", "penalty"),
    ("{against: NS, points: 20, why: x}", "why"),
])
def test_a_penalty_that_cannot_be_read_is_an_error_with_its_line(tmp_path, penalty, marker):
    _, problems, folder = load(tmp_path, TEAM_STAGE, team_file(
        f"1: {{open: {{points: 85, penalty: {penalty}}}, closed: 40}}\n2: {{open: 60, closed: 60}}"))
    assert [(c, f) for c, f, _ in errors(problems)] == [("shengji-penalty", "r1.yaml")]
    assert errors(problems)[0][2] == line_of(folder / "results" / "r1.yaml", marker)


def test_a_board_level_penalty_needs_its_room(tmp_path):
    _, problems, _ = load(tmp_path, TEAM_STAGE, team_file(
        "1: {open: 85, closed: 40, penalty: {against: NS, points: 20}}\n2: {open: 60, closed: 60}"))
    assert [c for c, _, _ in errors(problems)] == ["shengji-penalty"]


def test_a_pairs_penalty_moves_the_defenders_score():
    # Board 1: N declares, EW defend 85. Against the declarers (NS) 20 -> 105; against EW -> 65.
    assert pairs_score("NS", RoomResult(points=85, penalties=(Penalty("NS", 20),))) == 105
    assert pairs_score("NS", RoomResult(points=85, penalties=(Penalty("EW", 20),))) == 65
    assert pairs_score("NS", RoomResult(points=10, penalties=(Penalty("EW", 20),))) == -10


# --- byes, forfeits, draws not played ---------------------------------------------------------


def test_bye_forfeit_and_unplayed_tables(tmp_path):
    stage = """
    - id: teams
      format: matches
      boards: 8
      rank_by: [match_points, net]
    """
    results = {"r1.yaml": """
        stage: teams
        tables:
          - table: 1
            home: H1
          - table: 2
            home: H2
            away: H3
            forfeit: H3
          - table: 3
            home: H4
            away: P1
    """}
    event, problems, _ = load(tmp_path, stage, results, entries=(*TEAMS, "P1"))
    assert not problems.errors
    tables = run_event(event, problems).stages[0].rounds[0].tables
    assert [s.metrics for s in tables[0].sides] == [{"match_points": 24, "net": 0}]  # 3 a board x 8
    assert tables[1].winner == "H2"
    assert [s.metrics["match_points"] for s in tables[1].sides] == [24, 0]
    assert tables[2].sides == []  # drawn, not played: pending
    assert tables[2].view.kind == "unplayed"


BYE_AND_FORFEIT = {"r1.yaml": "stage: teams\ntables:\n  - table: 1\n    home: H1\n"
                              "  - table: 2\n    home: H2\n    away: H3\n    forfeit: H3\n"}


def test_the_bye_credit_is_worked_from_the_stage_boards(tmp_path):
    # A stage of 6-board matches: a bye and a forfeit win are 3 match points a board, 18, not
    # the 24 of the rules module's 8-board match; the ranking's rules say the same 18.
    stage = TEAM_STAGE.replace("boards: 2", "boards: 6")
    event, problems, _ = load(tmp_path, stage, BYE_AND_FORFEIT)
    assert not problems.errors
    bye, forfeit = run_event(event, problems).stages[0].rounds[0].tables
    assert bye.sides[0].metrics == {"match_points": 18, "net": 0}
    assert [s.metrics for s in forfeit.sides] == [{"match_points": 18, "net": 0}, {"match_points": 0, "net": 0}]
    assert RULES.stage_notes(event.stages[0])[0]["en"].startswith("A bye, or a match whose opponents forfeit: 18 match points, net 0;")


def test_a_stage_saying_no_boards_credits_a_bye_from_the_game_default(tmp_path, monkeypatch):
    # No `boards:`: the match the bye stands for is the game's default_boards, the count its
    # score sheets list and the desk offers (10 here), not the rules module's MATCH_BOARDS (8).
    monkeypatch.setattr(RULES, "default_boards", 10)
    event, problems, _ = load(tmp_path, TEAM_STAGE.replace("  boards: 2\n", ""), BYE_AND_FORFEIT)
    bye, forfeit = run_event(event, problems).stages[0].rounds[0].tables
    assert bye.sides[0].metrics["match_points"] == 30 and forfeit.sides[0].metrics["match_points"] == 30


def test_the_bye_credit_is_a_stage_key(tmp_path):
    stage = TEAM_STAGE + "  bye: {match_points: 10, net: 50}\n"
    event, problems, _ = load(tmp_path, stage, {"r1.yaml": "stage: teams\ntables:\n  - table: 1\n    home: H1\n"})
    assert not problems.errors
    table = run_event(event, problems).stages[0].rounds[0].tables[0]
    assert table.sides[0].metrics == {"match_points": 10, "net": 50}


# --- pairs event ---------------------------------------------------------------------------------


def pairs_results(*tables: tuple[str, str, str]) -> dict[str, str]:
    lines = ["stage: pairs", "tables:"]
    for number, (ns, ew, boards) in enumerate(tables, start=1):
        lines += [f"  - table: {number}", f"    ns: {ns}", f"    ew: {ew}", f"    boards: {boards}"]
    return {"r1.yaml": "\n".join(lines) + "\n"}


def pairs_field(tmp_path: Path, *tables: tuple[str, str, str], stage: str = PAIRS_STAGE):
    event, problems, folder = load(tmp_path, stage, pairs_results(*tables), entries=PAIRS)
    assert not problems.errors, [p.format("en") for p in problems.errors]
    result = run_event(event, problems)
    rounds = result.stages[0].rounds
    RULES.score_field(event.stages[0], [r.tables for r in rounds], problems)  # idempotent
    return event, rounds[0].tables, problems


def test_pairs_matchpoints_compare_the_defenders_points_across_the_field(tmp_path):
    # Board 1: N declares, EW defend. EW points 85, 40, 85: EW 3, 0, 3 of a top of 4; NS the
    # other way: 1, 4, 1.
    _, tables, _ = pairs_field(tmp_path, ("P1", "P4", "{1: 85}"), ("P2", "P5", "{1: 40}"), ("P3", "P6", "{1: 85}"))
    rows = [t.view.rows[0] for t in tables]
    assert [(r.ns_mp, r.ew_mp, r.top) for r in rows] == [(1, 3, 4), (4, 0, 4), (1, 3, 4)]
    assert [t.sides[0].metrics for t in tables] == [
        {"mp": 1, "top": 4, "percent": 25}, {"mp": 4, "top": 4, "percent": 100}, {"mp": 1, "top": 4, "percent": 25}]
    assert [t.winner for t in tables] == ["P4", "P2", "P6"]


def test_pairs_shut_out_is_0_for_the_defenders_and_a_top_for_the_declarers(tmp_path):
    _, tables, _ = pairs_field(tmp_path, ("P1", "P4", "{1: 0}"), ("P2", "P5", "{1: 光头}"), ("P3", "P6", "{1: 5}"))
    assert [(t.view.rows[0].ns_mp, t.view.rows[0].ew_mp) for t in tables] == [(3, 1), (3, 1), (0, 4)]


def test_adjusted_board_offending_side_0_percent_the_other_60_the_rest_factored(tmp_path):
    # Board 1, three tables. Table 1 adjusted against NS (藏牌错误): NS 0 % of 4, EW 60 % = 2.4.
    # Tables 2 and 3 compared between themselves (EW 85 beats 40: 2 and 0 of a top of 2),
    # factored from 2 results to 3: (MP + 1) x 3/2 - 1.
    _, tables, _ = pairs_field(tmp_path, ("P1", "P4", "{1: {adjusted: NS, note: 藏牌错误}}"),
                               ("P2", "P5", "{1: 85}"), ("P3", "P6", "{1: 40}"))
    rows = [t.view.rows[0] for t in tables]
    assert (rows[0].ns_mp, rows[0].ew_mp, rows[0].ns_percent, rows[0].ew_percent) == (0, 2.4, 0, 60)
    assert [(r.ns_mp, r.ew_mp) for r in rows[1:]] == [(0.5, 3.5), (3.5, 0.5)]
    assert rows[1].factored and not rows[0].factored


def test_adjusted_names_the_offending_pair_or_gives_percentages(tmp_path):
    _, tables, _ = pairs_field(tmp_path, ("P1", "P4", "{1: {adjusted: P4}}"),
                               ("P2", "P5", "{1: {adjusted: {NS: 50, EW: 40}}}"), ("P3", "P6", "{1: 40}"))
    assert tables[0].view.rows[0].result.adjusted == (60, 0)
    assert (tables[1].view.rows[0].ns_mp, tables[1].view.rows[0].ew_mp) == (2, 1.6)


def test_a_board_not_played_is_left_out_and_the_others_are_neuberg_factored(tmp_path):
    # Two boards, four tables; board 2 not played at table 4 (超时). Board 2's three results
    # are factored from 3 to 4: top 6. Table 4's pairs count board 1 only.
    stage = PAIRS_STAGE.replace("boards: 1", "boards: 2")
    _, tables, _ = pairs_field(
        tmp_path, ("P1", "P5", "{1: 60, 2: 100}"), ("P2", "P6", "{1: 60, 2: 80}"),
        ("P3", "P7", "{1: 60, 2: 60}"), ("P4", "P8", "{1: 60, 2: {not_played: true}}"), stage=stage)
    # Board 2 (W declares, NS defend): NS 100, 80, 60 -> 4, 2, 0 of 4 -> (MP + 1) x 4/3 - 1.
    board2 = [t.view.rows[1] for t in tables[:3]]
    assert [r.ns_mp for r in board2] == [pytest.approx(17 / 3), 3, pytest.approx(1 / 3)]
    assert {r.top for r in board2} == {6}
    last = tables[3]
    assert last.view.rows[1].ns_mp is None
    assert last.view.top == 6  # board 1 only (4 results: top 6)
    assert [s.metrics for s in last.sides] == [{"mp": 3, "top": 6, "percent": 50}, {"mp": 3, "top": 6, "percent": 50}]


def test_a_pairs_penalty_through_a_results_file(tmp_path):
    # Board 1 (N declares). Table 1: EW 85 but penalised 20 (against EW) -> 65; table 2: 70.
    _, tables, _ = pairs_field(tmp_path, ("P1", "P4", "{1: {points: 85, penalty: {against: P4, points: 20}}}"),
                               ("P2", "P5", "{1: 70}"))
    assert tables[0].view.rows[0].score == 65
    assert (tables[0].view.rows[0].ns_mp, tables[0].view.rows[0].ew_mp) == (2, 0)


def test_the_stage_percentage_is_total_mp_over_total_top():
    metrics = {"mp": 3 + 12, "top": 6 + 12, "percent": 50 + 100}
    RULES.finish_metrics(metrics)
    assert metrics == {"mp": 15, "top": 18, "percent": pytest.approx(83.33)}
    team = {"match_points": 10, "net": 5}
    RULES.finish_metrics(team)
    assert team == {"match_points": 10, "net": 5}


def test_travellers_list_every_table_and_the_frequency(tmp_path):
    event, tables, _ = pairs_field(tmp_path, ("P1", "P4", "{1: 85}"), ("P2", "P5", "{1: 40}"), ("P3", "P6", "{1: 85}"))
    (traveller,) = RULES.travellers(event.stages[0], [tables])
    assert (traveller.board, traveller.seat, traveller.level, traveller.defenders) == (1, "N", "2", "EW")
    assert [(line.table, line.ns, line.ew, line.row.score) for line in traveller.lines] == [
        (1, "P1", "P4", 85), (2, "P2", "P5", 40), (3, "P3", "P6", 85)]
    assert [(f.score, f.count, f.ns_mp, f.ew_mp) for f in traveller.frequency] == [(85, 2, 1, 3), (40, 1, 4, 0)]
    assert traveller.top == 4 and not traveller.factored


def test_a_pair_playing_a_board_twice_is_an_error(tmp_path):
    stage = PAIRS_STAGE.replace("rounds: 1", "rounds: 2")
    results = {
        "r1.yaml": "stage: pairs\nround: 1\ntables:\n  - {table: 1, ns: P1, ew: P4, boards: {1: 85}}\n"
                   "  - {table: 2, ns: P2, ew: P5, boards: {2: 40}}\n",
        "r2.yaml": "stage: pairs\nround: 2\ntables:\n  - {table: 1, ns: P1, ew: P5, boards: {1: 60}}\n"
                   "  - {table: 2, ns: P2, ew: P4, boards: {3: 45}}\n",
    }
    event, problems, folder = load(tmp_path, stage, results, entries=PAIRS)
    result = run_event(event, problems)
    checked = Problems()
    RULES.score_field(event.stages[0], result.stages[0].rounds, checked)
    assert [(p.code, p.mark.file.name, p.mark.line) for p in checked.errors] == [("shengji-board-twice", "r2.yaml", 4)]
    assert "P1 plays board 1 again in round 2 at table 1" in checked.errors[0].message("en")


def test_a_board_with_fewer_records_is_warned(tmp_path):
    _, _, problems = pairs_field(tmp_path, ("P1", "P4", "{1: 85}"), ("P2", "P5", "{1: 40}"), ("P3", "P6", "{2: 85}"))
    assert "shengji-board-short" in [p.code for p in problems.warnings]
    # named short of its own count, as a board played at fewer tables by design would be
    short = next(p for p in problems.warnings if p.code == "shengji-board-short")
    assert short.message("en") == "board 2 has records from 1 table (round 1 table 3), of the 2 it should have"


def test_pairs_keys_belong_to_pairs_and_team_keys_to_teams(tmp_path):
    stage = PAIRS_STAGE + "  conversion: {0: 0, 5: 1}\n"
    _, problems, _ = load(tmp_path, stage, {}, entries=PAIRS)
    assert [c for c, _, _ in errors(problems)] == ["shengji-team-only"]


def test_a_pairs_table_missing_boards_is_warned(tmp_path):
    stage = PAIRS_STAGE.replace("boards: 1", "boards: 2")
    _, problems, _ = load(tmp_path, stage, pairs_results(("P1", "P4", "{1: 85}")), entries=PAIRS)
    assert [p.code for p in problems.warnings] == ["shengji-board-count"]


# --- the game's surface ----------------------------------------------------------------------------


def test_the_game_is_registered_with_its_formats_and_metrics():
    assert GAMES["shengji"] is RULES
    assert set(RULES.formats) == {"swiss", "round_robin", "matches", "pairs"}
    assert RULES.metrics_for(type("S", (), {"format": "round_robin"})()) == ("match_points", "net")
    assert RULES.metrics_for(type("S", (), {"format": "pairs"})()) == ("percent", "mp")


def test_every_message_and_word_exists_in_every_locale():
    for code, texts in RULES.messages.items():
        assert CATALOGUE[code] == texts
        assert set(texts) == set(LOCALES), code
    for key, words in RULES.ui_words.items():
        assert len(words) == 3 and all(words), key


# --- content-format.md's examples, verbatim ---------------------------------------------------------


def test_the_content_format_team_example_reads_as_written(tmp_path):
    results = {"r1.yaml": """
        stage: teams
        round: 1
        tables:
          - table: 1
            home: H1             # NS in the open room, EW in the closed room
            away: H2
            boards:
              1: {open: 85, closed: 40}          # defenders' points in each room, kitty included
              2: {open: 0, closed: 120}          # 0 = 光头 (shut out)
              3: {open: {tricks: 60, kitty: 25, x: 2}, closed: 35}   # breakdown form: 60 + 25*2
    """}
    stage = """
    - id: teams
      format: swiss
      rounds: 3
      boards: 3
      kitty: {single: 2, pair: 4}
      rank_by: [match_points, net]
    """
    event, problems, _ = load(tmp_path, stage, results)
    assert not problems.errors
    score = run_event(event, problems).stages[0].rounds[0].tables[0]
    # Board 3 (S declares): open room home declares, away defends 110; closed: home defends 35.
    assert [(b["net"], b["home_mp"], b["away_mp"]) for b in score.boards] == [(-45, 0, 4), (-320, 0, 10), (-75, 0, 6)]


def test_the_content_format_pairs_example_reads_as_written(tmp_path):
    results = {"r1.yaml": """
        stage: pairs
        round: 1
        tables:
          - table: 1
            ns: P01
            ew: P09
            boards: {1: 85, 2: 0, 3: {adjusted: NS}}   # defenders' points; adjusted: the offending side
    """}
    stage = """
    - id: pairs
      format: pairs
      rounds: 1
      rank_by: [percent, mp]
    """
    event, problems, _ = load(tmp_path, stage, results, entries=("P01", "P09"))
    assert not problems.errors
    score = run_event(event, problems).stages[0].rounds[0].tables[0]
    rows = score.view.rows
    assert [(r.board, r.score) for r in rows] == [(1, 85), (2, 0), (3, None)]
    # one table: each board's only result is scored against two (matchpoints.scored_against), so
    # the adjusted board is its percentages of a top of 2, as the referee gave them
    assert (rows[2].ns_percent, rows[2].ew_percent) == (0, 60)
    assert rows[2].result.adjusted == (0, 60)


@pytest.mark.parametrize("value", [{"not_played": "yes"}, {"not_played": True, "points": 90}])
def test_a_board_not_played_written_wrong_has_its_own_code_and_fix(value):
    """shengji-not-played, not shengji-points-syntax (whose fix is about writing points)."""
    from generator.messages import render_message

    with pytest.raises(RecordError) as caught:
        parse_result(value, None, KittyRule(), pairs=True)
    assert caught.value.code == "shengji-not-played"
    _, hint = render_message(caught.value.code, "en", {"board": 1, "room": "", "text": "x", **caught.value.params})
    assert "not_played: true" in hint and "defenders' points" not in hint


@pytest.mark.parametrize("written", ["np", "NP", "n/p", "not played", "未打"])
def test_np_is_a_board_not_played_as_bridge_writes_it(written):
    """A pairs board not played was `未打` or `not played` only; bridge's `np` was refused. The
    same spellings now, in a pairs table and in a team room (where both rooms np is the board's)."""
    for pairs in (True, False):
        assert parse_result(written, None, KittyRule(), pairs=pairs).not_played


def test_a_team_match_numbered_on_through_the_stage_waits_for_its_rounds_last_boards(tmp_path):
    """80 points numbers a stage's boards on through the rounds as bridge does (content-format.md:
    round 2 plays 9-16). A stage saying no `boards:`, round 5: the matches play the default 8,
    33-40 (match_board_count, by the round's number); table 2 holding 33-38 waits for 39 and 40,
    named in its warning, as a match of 1..8 holding 1..6 does; it was taken for a match numbered
    its own way and never short. Table 1, 33-40, is complete."""
    stage = "- id: teams\n  format: swiss\n  rounds: 5\n  rank_by: [match_points, net]\n"

    def match(table: int, home: str, away: str, first: int, last: int) -> str:
        rows = "".join(f"      {n}: {{open: 85, closed: 40}}\n" for n in range(first, last + 1))
        return f"  - table: {table}\n    home: {home}\n    away: {away}\n    boards:\n{rows}"

    draws = [("H1", "H2", "H3", "H4"), ("H1", "H3", "H2", "H4"), ("H1", "H4", "H2", "H3"), ("H1", "H2", "H3", "H4"),
             ("H1", "H3", "H2", "H4")]
    files = {f"r{number}.yaml": f"stage: teams\nround: {number}\ntables:\n"
             + match(1, a, b, number * 8 - 7, number * 8) + match(2, c, d, number * 8 - 7, 38 if number == 5 else number * 8)
             for number, (a, b, c, d) in enumerate(draws, start=1)}
    event, problems, _ = load(tmp_path, stage, files)
    assert [(p.code, p.params["table"], p.params["missing"]) for p in problems.items] == [
        ("shengji-boards-missing", 2, [39, 40])]
    [round_5] = [r for r in event.rounds["teams"] if r.number == 5]
    rules = GAMES["shengji"]
    assert [(rules.match_boards(event.stage("teams"), t), rules.boards_short(event.stage("teams"), t))
            for t in round_5.tables] == [(8, False), (8, True)]
