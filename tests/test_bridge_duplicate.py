"""Duplicate bridge pairs: the IMP scale, Butler datum, cross-IMPs, matchpoints with Neuberg and
adjusted scores, the pairs format end to end (reading, field scoring, standings, travellers,
hand records, pages), and the club pairs evening of the demo content.

Every number comes from rules-bridge.md or is worked by hand here; none is read back from the
code under test.
"""

from __future__ import annotations

import json
import re
import shutil
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.content.model import Stage
from generator.errors import ContentErrors
from generator.games.bridge import RULES, BridgeStage
from generator.games.bridge.duplicate import (
    AdjustedRecord,
    PairsRow,
    butler_datum,
    butler_imps,
    compare_board,
    cross_imps,
    imps,
    parse_adjusted,
    round_to_ten,
)
from generator.games.bridge.hands import parse_deal
from generator.tournament.movements import mitchell
from generator.tournament.standings import rank

ROOT = Path(__file__).resolve().parents[1]
DEMO = "qiaoyou-club-pairs-2024"

# --- the IMP scale of the spec, every band edge ----------------------------------------------------

BANDS = [  # (lowest, highest, IMPs), rules-bridge.md verbatim
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]
EDGES = [(low, n) for low, _, n in BANDS] + [(high, n) for _, high, n in BANDS] + [(4000, 24), (7600, 24)]


@pytest.mark.parametrize(("difference", "expected"), EDGES, ids=[f"{d}->{n}" for d, n in EDGES])
def test_imp_scale_band_edges(difference, expected):
    assert imps(difference) == expected
    assert imps(-difference) == -expected


def test_imp_scale_2990_and_3000():
    assert (imps(2990), imps(3000)) == (21, 22)


# --- Butler and cross-IMPs ---------------------------------------------------------------------------


def test_butler_datum_of_the_readme_board_1():
    # +120 +50 -80 -80 -110 -140 -150 -150 -> trimmed mean -85 -> datum -90; 120 + 90 = 210 -> 5 IMPs
    datum, found = butler_imps([120, 50, -80, -80, -110, -140, -150, -150])
    assert datum == -90 and found[0] == 5 and found[-1] == imps(-150 + 90) == -2


@pytest.mark.parametrize(("mean", "datum"), [(-85, -90), (85, 90), (84.9, 80), (-84.9, -80), (-5, -10), (5, 10), (4, 0), (0, 0)])
def test_datum_rounds_to_the_nearest_10_halves_away_from_zero(mean, datum):
    assert round_to_ten(mean) == datum


def test_butler_drops_only_the_single_highest_and_lowest():
    assert butler_datum([620, 620, 620, 100]) == 620  # mean of 620, 620
    assert butler_datum([420, -50]) == 190  # fewer than 3: the plain mean, 185 -> 190


def test_cross_imps_average_every_comparison():
    # 420 v 420: 0; 420 v -50: 470 -> 10.  -50 v 420 twice: -10 -10.
    assert cross_imps([420, 420, -50]) == [5.0, 5.0, -10.0]
    assert cross_imps([100]) == [0.0]


# --- matchpoints, Neuberg, adjusted scores ----------------------------------------------------------


def rows(*scores, scoring="matchpoints"):
    found = []
    for n, score in enumerate(scores):
        row = PairsRow(1, "N", "None", scoring)
        if isinstance(score, AdjustedRecord):
            row.adjusted = score
        else:
            row.score = score
        found.append(row)
    return found


def test_matchpoints_two_per_result_beaten_one_per_tie_each_direction():
    board = rows(420, 420, -50, 450)
    compare_board(board, "matchpoints")
    assert [r.ns_value for r in board] == [3, 3, 0, 6]
    assert [r.ew_value for r in board] == [3, 3, 6, 0]
    assert {r.top for r in board} == {6}
    assert [r.ns_percent for r in board] == [50, 50, 0, 100]


def test_neuberg_for_a_board_played_fewer_times():
    # 3 results of 4 expected: MP 4, 2, 0 -> MP' = (MP + 1) x 4 / 3 - 1; the top is that of 4 results (6)
    board = rows(420, 170, -50)
    compare_board(board, "matchpoints", expected=4)
    assert [r.ns_value for r in board] == [pytest.approx(17 / 3), pytest.approx(3), pytest.approx(1 / 3)]
    assert board[0].top == 6 and board[0].factored


def test_adjusted_average_plus_minus_are_60_50_40_percent_of_the_top():
    board = rows(420, 420, -50, AdjustedRecord(1, 60, 40))
    compare_board(board, "matchpoints")
    adjusted = board[-1]
    assert (adjusted.ns_value, adjusted.ew_value, adjusted.top) == (3.6, 2.4, 6)
    # the real results compared among themselves (3 of them), factored up to 4
    assert board[0].ns_value == pytest.approx((3 + 1) * 4 / 3 - 1)


def test_adjusted_split_scores_need_not_add_up():
    board = rows(100, AdjustedRecord(1, 60, 60))
    compare_board(board, "matchpoints")
    assert (board[1].ns_percent, board[1].ew_percent) == (60, 60)


@pytest.mark.parametrize(("text", "ns", "ew"), [
    ("A+", 60, 40), ("A=", 50, 50), ("A-", 40, 60), ("A+/A+", 60, 60), ("a-/a=", 40, 50), ("Ａ＋", 60, 40),
    ("55%/45%", 55, 45),
])
def test_adjusted_records(text, ns, ew):
    found = parse_adjusted(3, text)
    assert (found.board, found.ns, found.ew) == (3, ns, ew)


def test_adjusted_mapping_form():
    assert parse_adjusted(2, {"adjusted": {"NS": 30, "EW": 70}}) == AdjustedRecord(2, 30, 70)
    assert parse_adjusted(2, {"adjusted": "A-"}) == AdjustedRecord(2, 40, 60)
    assert parse_adjusted(2, "4S N =") is None


def test_adjusted_scores_in_imps_are_plus_minus_3():
    board = rows(420, -50, AdjustedRecord(1, 60, 40), scoring="butler")
    compare_board(board, "butler")
    assert (board[2].ns_value, board[2].ew_value) == (3, -3)
    assert board[0].datum == round_to_ten((420 - 50) / 2)  # the two real results only


# --- a small pairs stage end to end ------------------------------------------------------------------

# 3 tables Mitchell, one board a round, 3 rounds: every board is played 3 times.
# NS scores by board, in the order the board travels (rounds 1, 2, 3):
SCORES = {1: ["4S N =", "4S N +1", "3NT N -1"], 2: ["1NT E =", "1NT E =", "2H W -1"], 3: ["3NT S =", "A+", "pass"]}


def write_pairs_event(root: Path, scoring: str = "matchpoints", extra: str = "", boards: dict | None = None) -> Path:
    content = root / "content"
    folder = content / "events/club"
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试站\n", encoding="utf-8")
    entries = "\n".join(f"  - {{id: {d}{i}, players: [甲{d}{i}, 乙{d}{i}]}}" for d in "NE" for i in range(1, 4))
    (folder / "event.yaml").write_text(
        f"title: 俱乐部双人赛\ngame: bridge\ndate: 2024-10-16\nentries:\n{entries}\nstages:\n"
        f"  - id: pairs\n    name: 双人赛\n    format: pairs\n    scoring: {scoring}\n    rounds: 3\n    boards: 1\n{extra}",
        encoding="utf-8")
    boards = boards or SCORES
    played: dict[int, int] = {}
    for r in range(1, 4):
        lines = ["stage: pairs", f"round: {r}", "tables:"]
        for s in [s for s in mitchell(3, per_round=1) if s.round == r]:
            board = s.boards[0]
            record = boards[board][played.get(board, 0)]
            played[board] = played.get(board, 0) + 1
            lines += [f"  - table: {s.table}", f"    ns: N{s.ns}", f"    ew: E{s.ew}", f"    boards: {{{board}: {record}}}"]
        (folder / "results" / f"round-{r}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return content


def stage_of(content: Path):
    _, results, warnings = validate(content)
    return results[0].stages[0], warnings


def test_pairs_stage_matchpoints_and_percentages(tmp_path):
    # `adjusted: fixed`: A+ is 60 % whatever the pair's session (the default, Law 12C2's
    # session rule, is tests/test_law12c2.py's)
    stage, warnings = stage_of(write_pairs_event(tmp_path, extra="    adjusted: fixed\n"))
    assert not warnings
    # board 1 (none vul): 420, 450, -50 -> NS 2, 4, 0; board 2 (NS vul): -90, -90, +100 -> NS 1, 1, 4;
    # board 3 (EW vul): 400, A+ (60 %), 0 -> real 400 v 0: 2, 0 -> x 3/2: (2+1)*1.5-1 = 3.5, 0.5; A+ 2.4
    by_pair = {s.entry.id: s.tally.metrics for s in stage.standings}
    tables = {(r.number, t.table.number): t for r in stage.rounds for t in r.tables}
    ns_mp = {}
    for (rnd, table), score in tables.items():
        ns_mp[(rnd, table)] = score.view.ns_total
    assert sorted(ns_mp.values()) == sorted([2, 4, 0, 1, 1, 4, 3.5, 2.4, 0.5])
    total_top = 3 * 4
    for pair, metrics in by_pair.items():
        assert metrics["top"] == total_top
        assert metrics["percent"] == round(100 * metrics["mp"] / total_top, 2)
    # each board hands out its top both ways at every table: 3 boards x 3 tables x 4; A+/A- is 60 + 40 %
    assert sum(m["mp"] for m in by_pair.values()) == pytest.approx(3 * 3 * 4)
    assert [s.rank for s in stage.standings][0] == 1


def test_pairs_stage_butler_and_cross_imps(tmp_path):
    butler, _ = stage_of(write_pairs_event(tmp_path / "b", "butler"))
    cross, _ = stage_of(write_pairs_event(tmp_path / "c", "imps"))
    board1 = [420, 450, -50]
    datum = butler_datum(board1)
    assert datum == 420
    found = {}
    for r in butler.rounds:
        for t in r.tables:
            for row in t.view.rows:
                found.setdefault(row.board, []).append(row.ns_value)
    assert found[1] == [imps(s - datum) for s in board1]
    cross_found = [row.ns_value for r in cross.rounds for t in r.tables for row in t.view.rows if row.board == 1]
    assert cross_found == cross_imps(board1)
    assert RULES.metrics_for(butler.stage) == ("imps",) and butler.stage.rank_by == ["imps"]


def test_running_scorecard_carries_the_stage(tmp_path):
    stage, _ = stage_of(write_pairs_event(tmp_path))
    mine = [(r.number, t) for r in stage.rounds for t in r.tables if "N1" in t.table.sides]
    mp = top = 0.0
    for _, score in mine:
        mp += score.view.ns_total
        top += score.view.top
        assert score.view.running(0)[-1] == round(100 * mp / top, 2)


def test_pair_playing_a_board_twice_is_an_error(tmp_path):
    content = write_pairs_event(tmp_path)
    path = content / "events/club/results/round-2.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.split("boards: {")[1].split(":")[0]
    path.write_text(text.replace(f"boards: {{{first}:", "boards: {1:", 1), encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    assert "bridge-board-twice" in {p.code for p in caught.value.problems}


@pytest.mark.parametrize("left", ["{}", "{1: np}"])
def test_board_with_fewer_results_is_factored_once_the_session_is_complete(tmp_path, left):
    """A board one table did not play: written as no board at all (`{}`: the round is then not
    fully played, so the standings are after round 2, whose boards were each played twice, none
    factored) or as not played (`np`: the session is complete and board 1, played twice of three,
    is factored by Neuberg)."""
    content = write_pairs_event(tmp_path)
    path = content / "events/club/results/round-3.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if "boards: {1:" in line)
    lines[cut] = lines[cut].split("boards:")[0] + "boards: " + left
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stage, warnings = stage_of(content)
    # (a board written not played is the secretary's word: no warning that it is short)
    assert ("bridge-board-short" in {w.code for w in warnings}) == (left == "{}")
    board1 = [row for r in stage.rounds for t in r.tables for row in t.view.rows
              if row.board == 1 and not row.not_played]
    assert len(board1) == 2 and all(row.factored for row in board1) == (left != "{}")


def test_two_winner_field_ranks_ns_and_ew_apart(tmp_path):
    stage, _ = stage_of(write_pairs_event(tmp_path, extra="    field: directions\n"))
    groups = RULES.fields(stage.stage, stage.rounds)
    assert {name: sorted(group) for name, group in groups.items()} == {"NS": ["N1", "N2", "N3"], "EW": ["E1", "E2", "E3"]}
    assert {s.entry.id: s.field for s in stage.standings} == {"N1": "NS", "N2": "NS", "N3": "NS",
                                                             "E1": "EW", "E2": "EW", "E3": "EW"}
    groups = list(groups.values())
    tallies = {s.entry.id: s.tally for s in stage.standings}
    ranked = [rank([tallies[e] for e in group], stage.stage.rank_by, {}) for group in groups]
    assert [r[0].rank for r in ranked] == [1, 1]


def test_stage_kinds_and_defaults():
    def stage(fmt, scoring=None):
        options = BridgeStage(scoring=scoring or {"pairs": "matchpoints", "swiss": "imps"}.get(fmt, "total"))
        return Stage("s", "s", fmt, options=options)

    assert RULES.metrics_for(Stage("s", "s", "pairs")) == ("percent", "mp")
    assert RULES.metrics_for(Stage("s", "s", "swiss")) == ("vp", "imps")
    assert RULES.metrics_for(Stage("s", "s", "matches")) == ("total", "net", "first_board")


@pytest.mark.parametrize(("stage_lines", "code"), [
    ("    format: pairs\n    scoring: total\n", "format-not-supported"),
    ("    format: swiss\n    scoring: butler\n", "format-not-supported"),
    ("    format: matches\n    hands: hands.pbn\n", "bridge-key-not-here"),
    ("    format: pairs\n    hands: ../../site.yaml\n", "file-outside-event"),  # inside content/, not the event's
    ("    format: pairs\n    hands: nowhere.pbn\n", "file-missing"),
    ("    format: pairs\n    field: both\n", "value-choice"),
])
def test_stage_keys_are_checked(tmp_path, stage_lines, code):
    content = tmp_path / "content"
    (content / "events/ev").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\n", encoding="utf-8")
    (content / "events/ev/event.yaml").write_text(
        "title: t\ngame: bridge\nentries:\n  - {id: A, players: [a, b]}\nstages:\n  - id: s\n" + stage_lines, encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    assert code in {p.code for p in caught.value.problems}


def test_hands_file_with_a_bad_deal_is_reported_at_its_line(tmp_path):
    content = write_pairs_event(tmp_path, extra="    hands: hands.pbn\n")
    (content / "events/club/hands.pbn").write_text(
        '[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n\n[Board "2"]\n[Deal "N:AKQJ.AKQ.AKQ.AK - - -"]\n',
        encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    found = [p for p in caught.value.problems if p.code == "bridge-hands-syntax"]
    assert len(found) == 1 and found[0].mark.line == 5 and "12" in found[0].message("en")


# --- the pages -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("dup")
    content = write_pairs_event(root, extra="    hands: hands.pbn\n")
    (content / "events/club/hands.pbn").write_text(
        "% hand records\n"
        '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
        '[DoubleDummyTricks "a9a9a9a9a9a9a9a9a9a9"]\n[OptimumScore "NS 420"]\n',
        encoding="utf-8")
    out = root / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet"]) == 0
    return out


def test_traveller_page_lists_every_table_and_the_frequency(small_site):
    page = (small_site / "events/club/pairs/boards/1/index.html").read_text(encoding="utf-8")
    assert page.count('<tr role="row">') >= 1 + 3 and page.count("<tr>") >= 1 + 3  # head and 3 tables; head and 3 distinct scores
    for pair in ("N1", "N2", "N3", "E1", "E2", "E3"):
        assert f">{pair}</a>" in page
    assert "得分频数" in page and "+450" in page and "-50" in page


def test_board_page_shows_the_hand_record_with_points(small_site):
    page = (small_site / "events/club/pairs/boards/1/index.html").read_text(encoding="utf-8")
    assert "牌例" in page and "10 点" in page  # every hand holds 10 HCP
    seen = re.sub(r"<[^>]+>", "", page)  # (par is marked English: lang="en")
    assert "双明手分析" in page and "标准分（par）+420" in seen
    other = (small_site / "events/club/pairs/boards/2/index.html").read_text(encoding="utf-8")
    assert "牌例" not in other  # no deal for board 2 in the file


def test_results_json_has_matchpoints_per_board(small_site):
    data = json.loads((small_site / "events/club/results.json").read_text(encoding="utf-8"))
    stage = data["stages"][0]
    rows = [b for r in stage["rounds"] for t in r["tables"] for b in t["boards"]]
    assert len(rows) == 9
    adjusted = [b for b in rows if "adjusted" in b]
    # Law 12C2, `adjusted: session` (the default): the EW pair, on 25 % over its other boards
    # (1 MP of 4), is given its own 25 % for A-, not 40 %
    assert adjusted == [{**adjusted[0], "adjusted": {"NS": 60.0, "EW": 40.0}, "ns_mp": 2.4, "ew_mp": 1, "top": 4,
                          "ns": None, "ew": None}]
    assert {"contract", "declarer", "score", "ns_mp", "ew_mp", "ns_percent"} <= set(rows[0])
    assert stage["standings"][0]["metrics"].keys() == {"percent"}


def test_round_page_links_boards_to_their_travellers(small_site):
    page = (small_site / "events/club/pairs/round-1/index.html").read_text(encoding="utf-8")
    assert "events/club/pairs/boards/1/index.html" in page


# --- the demo club evening -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    content = tmp_path_factory.mktemp("demo") / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events" / DEMO, content / "events" / DEMO)
    _, results, warnings = validate(content, strict=True)
    assert not warnings
    return results[0]


def test_demo_is_a_ten_table_mitchell_with_hand_records(demo):
    stage = demo.stages[0]
    assert len(stage.rounds) == 9 and all(len(r.tables) == 10 for r in stage.rounds)
    travellers = RULES.travellers(stage.stage, stage.rounds)
    assert len(travellers) == 30 and {len(t.lines) for t in travellers} == {9}
    assert all(t.hand is not None and t.hand.complete for t in travellers)
    assert {t.top for t in travellers} == {16}


def test_demo_standings_add_up(demo):
    stage = demo.stages[0]
    standings = stage.standings
    assert len(standings) == 20
    percents = [s.tally.metrics["percent"] for s in standings]
    assert percents == sorted(percents, reverse=True)
    # every board gives 16 x 9 / 2 matchpoints each way... except where adjusted A+/A- (60 + 40 %)
    total = sum(s.tally.metrics["mp"] for s in standings)
    assert total == pytest.approx(30 * 9 * 16, abs=0.2)


def test_demo_hands_are_legal_deals():
    text = (ROOT / "content/events" / DEMO / "hands.pbn").read_text(encoding="utf-8")
    deals = [line.split('"')[1] for line in text.splitlines() if line.startswith("[Deal ")]
    assert len(deals) == 30
    for deal in deals:
        hands = parse_deal(deal)
        assert sum(h.hcp for h in hands.values()) == 40


def test_pairs_meeting_twice_and_a_wrong_board_count_are_warned(tmp_path):
    content = write_pairs_event(tmp_path)
    results = content / "events/club/results"
    (results / "round-3.yaml").unlink()
    # round 1 seats Nt against Et with board t; this round 2 seats N1 against E1 again
    (results / "round-2.yaml").write_text(
        "stage: pairs\nround: 2\ntables:\n"
        "  - {table: 1, ns: N1, ew: E1, boards: {2: 2H N =, 3: 1NT N =}}\n"
        "  - {table: 2, ns: N2, ew: E3, boards: {1: 4S N =}}\n"
        "  - {table: 3, ns: N3, ew: E2, boards: {1: 4S N -1}}\n", encoding="utf-8")
    _, warnings = stage_of(content)
    codes = {w.code for w in warnings}
    assert {"pairs-meet-twice", "bridge-board-count"} <= codes


def test_a_board_past_the_movements_sets_is_an_error_at_its_number_and_not_scored(tmp_path):
    """content-format.md: a round plays boards numbered 1 to rounds x boards. A Mitchell of 3
    tables, 3 rounds of 1 board deals boards 1-3: a board 4 is a mistyped number, an error at it
    (not a board "played fewer times", scored by Neuberg); its result counts for nobody. A
    Mitchell playing fewer rounds than it has tables still deals a set a table (board_range)."""
    from generator.content.load import load_site
    from generator.errors import Problems
    from generator.tournament.event import run_event

    content = write_pairs_event(tmp_path, extra="    movement: mitchell\n")
    path = content / "events/club/results/round-1.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    boards: {2: " in text
    path.write_text(text.replace("    boards: {2: ", "    boards: {4: ", 1), encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    (error,) = [p for p in caught.value.problems if not p.warning]
    assert (error.code, error.mark.file.name, error.mark.line, error.mark.column) == ("bridge-board-range", "round-1.yaml", 11, 14)
    assert error.message("zh-Hans") == "第 2 桌的牌号 4 超出范围：本阶段发 3 套牌、每套 1 副，牌号从 1 到 3"
    # Scored anyway (the desk, a check), board 4 is in no traveller and no pair's total.
    problems = Problems()
    stage = run_event(load_site(content, problems).events[0], problems).stages[0]
    assert {row.board for r in stage.rounds for s in r.tables for row in s.view.rows} == {1, 2, 3}
    assert all(s.view.rows == [] for s in stage.rounds[0].tables if s.table.number == 2)
    # Two rounds of a 3-table Mitchell still deal 3 sets: board 3, past rounds x boards, is in range.
    path.write_text(text, encoding="utf-8")
    event = content / "events/club/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "rounds: 2"), encoding="utf-8")
    (content / "events/club/results/round-3.yaml").unlink()
    _, warnings = stage_of(content)
    assert "bridge-board-range" not in {w.code for w in warnings}


def test_a_pair_sitting_out_has_no_boards(tmp_path):
    content = write_pairs_event(tmp_path)
    path = content / "events/club/results/round-3.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "  - {table: 4, ns: N4, boards: {1: 4S N =}}\n", encoding="utf-8")
    event = content / "events/club/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("entries:\n", "entries:\n  - {id: N4, players: [x, y]}\n"),
                     encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    assert "bye-with-play" in {p.code for p in caught.value.problems}


def test_the_examples_in_the_docstrings():
    import doctest

    from generator.games.bridge import duplicate as bridge_duplicate, hands as bridge_hands, scoring as bridge_scoring
    from generator.games.common import figures  # (two_places, which the traveller asks)
    from generator.interchange import pbn

    for module in (bridge_scoring, bridge_duplicate, bridge_hands, pbn, figures):
        assert doctest.testmod(module).failed == 0, module.__name__


@pytest.mark.parametrize(("written", "meant"), [
    ("60/40", "60%/40%"), ("55.5/44.5%", "55.5%/44.5%"), ("60%", "60%/40%"), ("A+/A", "A+/A-"), ("A-/A", "A-/A+"),
    ("Avg+", "A+"), ("AVE+/AVE-", "A+/A-"), ("ave=", "A="), ("AVG+/-", "A+/A-"),
])
def test_an_adjusted_score_near_its_spelling_is_told_how_it_is_written(tmp_path, written, meant):
    """A director's A+ written as club programs print it (`Avg+`, `AVE+/AVE-`), or `60/40`, or
    `A+/A`: read as a played board it was "cannot read 60/40: declarer or result missing", with
    the contract's hint, and nothing said of A+/A- or 60%/40%. Now refused as the adjusted score
    it was meant to be, saying how to write it, in every locale."""
    board = next(iter(SCORES))
    boards = {**SCORES, board: [written, *SCORES[board][1:]]}
    content = write_pairs_event(tmp_path, boards=boards)
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    (error,) = [p for p in caught.value.problems if not p.warning]
    assert error.code == "bridge-adjusted-syntax"
    assert error.message("en") == (f"board {board}: cannot read the adjusted score {written}: write it {meant}: an adjusted "
                                   "score is A+, A=, A- or A+/A- (NS's, then EW's), or percentages with their %, as 60%/40%")
    assert f"\u5e94\u5199\u4f5c {meant}" in error.message("zh-Hans") and f"\u61c9\u5beb\u4f5c {meant}" in error.message("zh-Hant")
    assert all("60%/40%" in error.hint(locale) for locale in ("en", "zh-Hans", "zh-Hant"))


@pytest.mark.parametrize("written", ["A+", "60%/40%", "4S N =", "pass", "AP", "3NT E +1"])
def test_a_record_that_reads_is_no_near_miss(written):
    from generator.games.bridge.scoring import adjusted_meant

    assert adjusted_meant(written) is None


@pytest.mark.parametrize(("extra", "said", "not_said"), [
    ("", "Law 12C2's session rule: A+ is 60 % of the top, or the pair's own percentage on the "
         "boards it played in the session when that is higher", "adjusted A+, A=, A- are 60, 50 and 40 % of the top"),
    ("    adjusted: fixed\n", "adjusted A+, A=, A- are 60, 50 and 40 % of the top", "12C2"),
])
def test_the_stage_page_explains_the_adjusted_rule_the_stage_uses(tmp_path, extra, said, not_said):
    """The stage page's ranking rules said A+ is 60 % of the top, while under the default
    `adjusted: session` a 74.95 % pair given A+ shows 74.95 % (Law 12C2's session rule, as the
    standings apply it): the page now says the rule the stage uses."""
    content = write_pairs_event(tmp_path, extra=extra)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "locale: en\n", encoding="utf-8")
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "out")]) == 0
    page = (tmp_path / "out/events/club/pairs/index.html").read_text(encoding="utf-8").replace("&#39;", "'")
    assert said in page and not_said not in page


@pytest.mark.slow
def test_a_travellers_matchpoints_are_all_shown_to_two_places_when_one_has_them(tmp_path, monkeypatch):
    """Board 3 (400, A+, pass; factored): NS 3.50 / EW 0.50, and at the A+ table NS 2.40 beside
    an EW 1, as if a different kind of figure; printed, board 2's "1 / 3" above board 3's
    "3.50 / 0.50". One kind of figure is said one way: every MP of the traveller, the table and
    the printed sheet to two places where one has them; a board of whole figures keeps them so."""
    import subprocess

    from generator.build import build

    content = write_pairs_event(tmp_path)
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    pairs = out / "events/club/pairs"

    def figures(path: Path) -> list[str]:
        return re.findall(r'data-label="[^"]* (?:MP|\u6bd4\u8d5b\u5206)">([^<]*)<', path.read_text(encoding="utf-8"))

    board_3 = figures(pairs / "boards/3/index.html")
    assert "2.40" in board_3 and "1.00" in board_3 and "1" not in board_3
    assert all(re.fullmatch(r"\d+\.\d\d", figure) for figure in board_3), board_3
    assert set(figures(pairs / "boards/2/index.html")) == {"1", "3", "4", "0"}  # whole: as they are
    table = figures(pairs / "round-2/index.html")  # the A+ table's page, its total too
    at = table.index("2.40")
    assert table[at:at + 4] == ["2.40", "1.00", "2.40", "1.00"], table  # its board, then its total
    monkeypatch.chdir(tmp_path)
    assert main(["print", "club", "pairs", "--round", "3", "--content", str(content), "--output", "forms"]) == 0
    (sheet,) = (tmp_path / "forms").glob("scoresheet-*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, check=True, text=True).stdout
    cells = re.findall(r"(\S+) / (\S+)\s*$", text, re.M)
    cells = [pair for pair in cells if re.fullmatch(r"[\d.]+", pair[0])]
    assert len(cells) == 3 and all(re.fullmatch(r"\d+\.\d\d", f) for pair in cells for f in pair), cells


@pytest.mark.slow
@pytest.mark.parametrize(("board_3", "said"), [
    (["A+", "3NT S =", "pass"], "NS's A+ is its own percentage on the boards it played, higher than 60 %"),
    (["3NT S =", "A+", "pass"], "EW's A- is its own percentage on the boards it played, lower than 40 %"),
])
def test_an_average_plus_under_the_session_rule_says_why_it_is_not_60(tmp_path, board_3, said):
    """`adjusted: session` (Law 12C2, the default): a pair's A+ is the greater of 60 % and its
    session percentage, its A- the lesser of 40 % and it. The traveller showed "NS % 75.00" (or
    "EW % 25.00") beside "A+/A-", and results.json `adjusted: {NS: 60.0}` beside it, with no word
    of why; the board's line, the table's and results.json now say whose figure is its session's."""
    import html
    import json

    from generator.build import build

    content = write_pairs_event(tmp_path, boards={**SCORES, 3: board_3})
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    pairs = out / "events/club/pairs"
    text = lambda path: html.unescape(" ".join(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")).split()))  # noqa: E731
    assert f"{said} (Law 12C2's session rule)" in text(pairs / "boards/3/index.html")
    round_ = 1 if board_3[0].startswith("A") else 2
    assert said in text(pairs / f"round-{round_}/index.html")
    rows = [b for r in json.loads((out / "events/club/results.json").read_text(encoding="utf-8"))["stages"][0]["rounds"]
            for t in r["tables"] for b in t.get("boards", []) if b["board"] == 3]
    (adjusted,) = [b for b in rows if "adjusted" in b]
    side = said[:2]
    assert adjusted["adjusted_by_session"] == [side]
    assert adjusted[f"{side.lower()}_percent"] != adjusted["adjusted"][side]
    # written 60 % / 40 % as numbers, or `adjusted: fixed`: as written, nothing said
    (content / "events/club/event.yaml").write_text(
        (content / "events/club/event.yaml").read_text(encoding="utf-8") + "    adjusted: fixed\n", encoding="utf-8")
    build(content, out, bulletins=False)
    assert "session rule" not in text(pairs / "boards/3/index.html")


def test_a_pairs_tables_board_count_hint_gives_no_teams_advice() -> None:
    """A pairs event's board-count warning said "Teams: write every board ..." too: a pairs
    event is given the pairs' advice only, a team match its own (its own code)."""
    from generator.games import GAMES
    from generator.messages import render_message

    GAMES.find()  # (the games' codes)
    counts = {"table": 1, "count": 2, "boards": 3}
    for locale, teams in (("en", "Teams"), ("zh-Hans", "队式赛"), ("zh-Hant", "隊式賽")):
        pairs_hint = render_message("bridge-board-count", locale, counts)[1]
        match_hint = render_message("bridge-match-board-count", locale, counts)[1]
        assert "np" in pairs_hint and teams not in pairs_hint and "team" not in pairs_hint.lower(), locale
        assert "np" in match_hint and pairs_hint != match_hint, locale


@pytest.mark.parametrize(("figures", "two", "shown"), [
    ((4, 2, 0, None), False, ["4", "2", "0", ""]),  # whole ints: as they are
    ((4.0, 2.0, 0.0), False, ["4", "2", "0"]),  # whole floats alike
    ((3.5, 0.5, 2), True, ["3.50", "0.50", "2.00"]),  # Neuberg's 3.5 beside a whole 2
    ((Fraction(7, 2), Fraction(1, 2), 2), True, ["3.50", "0.50", "2.00"]),  # as fractions: the same
    ((Decimal("3.5"), Decimal("0.5"), Decimal("2")), True, ["3.50", "0.50", "2.00"]),
    ((Fraction(4, 2), Decimal("0")), False, ["2", "0"]),  # whole, whatever their type
])
def test_the_traveller_decides_two_places_by_the_one_shared_rule(figures, two, shown):
    """The traveller had its own has_fraction (float(value).is_integer(), a Fraction's 7/2 a
    fraction) while the table pages used figures.two_places (a float's only): a Fraction or a
    Decimal was two places on the board page and whole on the table page and in the prints,
    then printed "7/2". The board page, the table page and the printed sheets now ask
    figures.two_places and say each figure with figure_text."""
    from types import SimpleNamespace

    from generator.games.bridge.duplicate import Traveller, _value
    from generator.games.common.figures import figure_text, two_places, two_places_of

    rows = [SimpleNamespace(ns_value=value, ew_value=None) for value in figures]
    traveller = Traveller("pairs", "pairs", 1, "N", "None", "matchpoints",
                          [SimpleNamespace(row=row) for row in rows], [])
    assert traveller.two_places is two_places(figures) is two_places_of(rows, "ns_value", "ew_value") is two
    assert [figure_text(value, two) for value in figures] == [_value(value, two) for value in figures] == shown


@pytest.mark.slow
def test_a_three_pair_board_with_one_np_is_factored_to_two_places_and_a_whole_board_is_not(tmp_path):
    """A 3-pair Mitchell (3 tables, a board a round). Board 1 (none vul): 420, 450, -50: NS 2,
    4, 0 of top 4, whole. Board 2 (NS vul): 600, np, -100: two results of the three expected,
    2 and 0 factored by Neuberg, (2 + 1) x 3/2 - 1 = 3.5 and (0 + 1) x 3/2 - 1 = 0.5 (EW 0.5,
    3.5). The board pages: board 1 "2 4 0", board 2 "3.50 0.50", its np line blank; results.json
    the same figures; the printed sheet, one column for every board, to two places throughout
    (board 1's "2.00 / 2.00" under board 2's "3.50 / 0.50"), as the shared rule says of a column."""
    from generator.build import build
    from generator.games.bridge import duplicate
    from generator.render.i18n import Translator

    content = write_pairs_event(tmp_path, boards={1: ["4S N =", "4S N +1", "3NT N -1"],
                                                  2: ["3NT S =", "np", "3NT S -1"],
                                                  3: ["1NT E =", "1NT E =", "2H W -1"]})
    build(content, tmp_path / "out", bulletins=False)
    site = tmp_path / "out/events/club"

    def page_figures(board: int) -> list[tuple[str, str]]:
        page = (site / f"pairs/boards/{board}/index.html").read_text(encoding="utf-8")
        return re.findall(r'data-label="\u5357\u5317 \u6bd4\u8d5b\u5206">([^<]*)<.*?data-label="\u4e1c\u897f \u6bd4\u8d5b\u5206">([^<]*)<',
                          page, re.S)

    assert page_figures(1) == [("2", "2"), ("4", "0"), ("0", "4")]
    assert page_figures(2) == [("3.50", "0.50"), ("", ""), ("0.50", "3.50")]
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    mp = {(board["board"], table["table"], rnd["round"]): (board["ns_mp"], board["ew_mp"])
          for rnd in data["stages"][0]["rounds"] for table in rnd["tables"] for board in table["boards"]}
    assert sorted(v for k, v in mp.items() if k[0] == 1) == [(0, 4), (2, 2), (4, 0)]
    assert sorted(v for k, v in mp.items() if k[0] == 2 and v[0] is not None) == [(0.5, 3.5), (3.5, 0.5)]
    assert [v for k, v in mp.items() if k[0] == 2 and v[0] is None] == [(None, None)]  # the np line
    _, results, _ = validate(content)
    stage_result = results[0].stages[0]
    sheet = duplicate.bulletins(results[0].event, stage_result, RULES.options(stage_result.stage), Translator("zh-Hans"))[0]
    printed = {row[0]: [] for row in sheet.rows if row[0]}
    board = None
    for row in sheet.rows:
        board = row[0] or board
        printed[board].append(row[-1])
    assert printed["1"] == ["2.00 / 2.00", "4.00 / 0.00", "0.00 / 4.00"]
    assert printed["2"] == ["3.50 / 0.50", "", "0.50 / 3.50"]


def _pdf_text(path: Path) -> str:
    import subprocess

    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout


def test_a_round_written_by_hand_without_boards_prints_each_tables_slip_not_an_empty_sheet(tmp_path, capsys):
    """rev39: round 3's tables written by hand (pairs only: no boards, no results, at other
    tables than a Mitchell seats them) printed a travelling score sheet with no line and no slip.
    outputs.md: score sheets per table before play. Each table's slip is printed with its pairs
    and a line for each of the stage's boards a round, their numbers to write (none is known),
    saying so; the travellers, which go by board, are not printed empty."""
    content = write_pairs_event(tmp_path)
    (content / "events/club/results/round-3.yaml").write_text(
        "stage: pairs\nround: 3\ntables:\n  - {table: 1, ns: N2, ew: E3}\n  - {table: 2, ns: N3, ew: E1}\n"
        "  - {table: 3, ns: N1, ew: E2}\n", encoding="utf-8")
    forms = tmp_path / "forms"
    assert main(["print", "club", "pairs", "--round", "3", "--content", str(content), "--output", str(forms)]) == 0
    assert sorted(p.name for p in forms.glob("*.pdf")) == ["draw-pairs-round-3.pdf", "slips-pairs-round-3.pdf"]
    pages = _pdf_text(forms / "slips-pairs-round-3.pdf").split("\f")
    seated = [re.search(r"南北：(N\d) 甲N\d / 乙N\d\s+东西：(E\d) 甲E\d / 乙E\d", page) for page in pages if page.strip()]
    assert [m.groups() for m in seated if m] == [("N2", "E3"), ("N3", "E1"), ("N1", "E2")]
    assert all("没有写牌号，也不是按移位表入座：每副牌打完时请写上牌号。" in page for page in pages if page.strip())
    # Its boards written at a table (as the desk saves them) number that table's slip as before.
    path = content / "events/club/results/round-3.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{table: 1, ns: N2, ew: E3}",
                                                             "{table: 1, ns: N2, ew: E3, boards: {1: 2S N =}}"),
                    encoding="utf-8")
    shutil.rmtree(forms)
    assert main(["print", "club", "pairs", "--round", "3", "--content", str(content), "--output", str(forms)]) == 0
    first, second = [page for page in _pdf_text(forms / "slips-pairs-round-3.pdf").split("\f") if page.strip()][:2]
    assert "请写上牌号" not in first and re.search(r"^\s*1\s", first, re.M) and "请写上牌号" in second


def test_a_round_with_no_table_to_play_prints_no_sheet_and_says_why(tmp_path, capsys):
    """A pairs round of one sit-out alone: no slip, no traveller line. An empty score sheet was
    printed; print now prints the draw notice alone and says why there is no score sheet."""
    content = write_pairs_event(tmp_path)
    (content / "events/club/results/round-3.yaml").write_text(
        "stage: pairs\nround: 3\ntables:\n  - {table: 1, ns: N1}\n", encoding="utf-8")
    forms = tmp_path / "forms"
    capsys.readouterr()
    assert main(["print", "club", "pairs", "--round", "3", "--content", str(content), "--output", str(forms),
                 "--lang", "en"]) == 0
    assert sorted(p.name for p in forms.glob("*.pdf")) == ["draw-pairs-round-3.pdf"]
    said = capsys.readouterr()
    assert "round 3 of pairs has no score sheet to print: no table of it is played" in said.out + said.err
