"""Score entry shorthand: what a secretary copies from paper is read as the canonical record."""

from __future__ import annotations

import pytest

from generator.games.bridge.scoring import Contract, canonical_text, parse_board
from generator.games.common.shorthand import half_width


@pytest.mark.parametrize(("typed", "canonical"), [
    ("４Ｓ　Ｎ　＝　４２０", "4S N = 420"),
    ("3NT E ＋１", "3NT E +1"),
    ("４黑桃加倍 南 宕２", "4SX S -2"),
    ("3无将 东 超1 -630", "3NT E +1 -630"),
    ("2红心再加倍 西 正好", "2HXX W ="),
    ("1梅花 北 下1", "1C N -1"),
    ("5方块 東 剛好", "5D E ="),
    ("4♥ 北 = 420", "4H N = 420"),
    ("4sn=", "4S N ="),
    ("1nt w =", "1NT W ="),
    ("4hx s −2 −300", "4HX S -2 -300"),
    ("全不叫", "pass"),
    ("PASS", "pass"),
])
def test_paper_forms_read_as_the_canonical_record(typed: str, canonical: str) -> None:
    assert canonical_text(typed) == canonical
    assert parse_board(1, typed) == parse_board(1, canonical)


def test_chinese_contract_scores_like_the_canonical_one() -> None:
    record = parse_board(4, "４黑桃加倍 南 宕２")
    assert record.contract == Contract(4, "S", doubled=1) and record.declarer == "S" and record.result == -2


def test_mapping_form_accepts_chinese_words() -> None:
    record = parse_board(1, {"contract": "4红心", "by": "北", "result": "超1", "score": "４５０"})
    assert record.contract == Contract(4, "H") and record.declarer == "N" and record.result == 1
    assert record.recorded == 450


def test_half_width_keeps_chinese_text() -> None:
    assert half_width("王小明　＋１") == "王小明 +1"


# --- every game's records: full-width characters and Chinese punctuation (issue 19, item 5) -----

import hypothesis.strategies as st  # noqa: E402
from hypothesis import given, settings  # noqa: E402

from generator.content.reader import Reader  # noqa: E402
from generator.content.yaml_loader import load_yaml_text  # noqa: E402
from generator.errors import Problems  # noqa: E402
from generator.games import daguai, guandan  # noqa: E402
from generator.games.daguai import records as daguai_records  # noqa: E402
from generator.games.guandan import records as guandan_records  # noqa: E402
from generator.games.guandan import rules as guandan_rules  # noqa: E402
from generator.games.daguai import rules as daguai_rules  # noqa: E402
from generator.games.common.shorthand import split_items  # noqa: E402
from generator.games.shengji import records as shengji_records  # noqa: E402
from generator.games.shengji import rules as shengji_rules  # noqa: E402
from pathlib import Path  # noqa: E402


def widened(text: str, flags: list[bool]) -> str:
    """`text` as a Chinese input method may give it: each chosen ASCII character in its full-width
    form (a space as the ideographic space, a minus as a look-alike)."""
    out = []
    for ch, wide in zip(text, flags + [False] * len(text)):
        if not wide:
            out.append(ch)
        elif ch == " ":
            out.append("\u3000")
        elif ch == "-":
            out.append("−")
        elif "!" <= ch <= "~":
            out.append(chr(ord(ch) + 0xFEE0))
        else:
            out.append(ch)
    return "".join(out)


FLAGS = st.lists(st.booleans(), max_size=40)
SEPARATORS = st.sampled_from(["，", "、", "；", ",", " ， ", "，　", ";"])


def table(game_rules, text: str, stage):
    problems = Problems()
    node = load_yaml_text(text, Path("/tmp/round-1.yaml"), problems)
    assert not problems.items
    sides, record = game_rules.read_table(Reader(node, problems, "tables[1]."), stage)
    return record, problems


def guandan_stage():
    from generator.content.model import Stage

    return Stage(id="main", name="比赛", format="swiss", rounds=3, options=guandan_rules.GuandanStage())


@pytest.mark.parametrize("deals", ["[Ｔ０７＋３, T13+2]", "[T13+2，T07+2]", "T13+2，T07+2", "[T13+2、Ｔ０７＋２]",
                                   "［Ｔ１３＋２，Ｔ０７＋２］"])
def test_guandan_deals_typed_with_chinese_punctuation_are_read(deals: str) -> None:
    record, problems = table(guandan.RULES, f"table: 1\nteams: [T07, T13]\ndeals: {deals}\n", guandan_stage())
    assert not problems.items, [p.message("en") for p in problems.items]
    assert [str(d) for d in record.deals] in (["T07+3", "T13+2"], ["T13+2", "T07+2"])


def test_guandan_full_width_levels_winner_and_foul_are_read() -> None:
    record, problems = table(guandan.RULES, "table: 1\nteams: [T07, T13]\nlevels: {Ｔ０７: １０, T13: Ｑ}\n",
                             guandan_stage())
    assert not problems.items and record.levels == {"T07": guandan_records.parse_level(10), "T13": guandan_records.parse_level("Q")}
    record, problems = table(guandan.RULES, "table: 1\nteams: [T07, T13]\nlevels: {T07: ９, T13: ９}\nwinner: Ｔ１３\n",
                             guandan_stage())
    assert not problems.items and record.winner == "T13"
    assert guandan_records.parse_deal("Ｔ０７　ｆｏｕｌ") == guandan_rules.Deal("T07", foul=True)
    assert guandan_records.parse_level("Ａ＋") == guandan_rules.PASSED_A


DEAL = st.one_of(st.builds(guandan_rules.Deal, st.sampled_from(["T07", "T13"]), st.sampled_from(guandan_rules.GAINS)),
                 st.builds(lambda team: guandan_rules.Deal(team, foul=True), st.sampled_from(["T07", "T13"])))


@settings(max_examples=200, deadline=None)
@given(st.lists(DEAL, min_size=1, max_size=12), SEPARATORS, FLAGS)
def test_guandan_any_deal_log_typed_wide_reads_as_typed_narrow(deals: list, separator: str, flags: list) -> None:
    typed = widened(separator.join(str(d) for d in deals), flags)
    assert [guandan_records.parse_deal(item) for item in split_items(typed)] == deals


@settings(max_examples=200, deadline=None)
@given(st.integers(guandan_rules.LEVEL_TWO, guandan_rules.PASSED_A), FLAGS)
def test_guandan_any_level_typed_wide_reads_as_typed_narrow(level: int, flags: list) -> None:
    assert guandan_records.parse_level(widened(guandan_rules.level_name(level), flags)) == level


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["D01", "D02"]), st.sampled_from([8, 5, 3, 1, 0]), FLAGS)
def test_daguai_any_room_typed_wide_reads_as_typed_narrow(team: str, points: int, flags: list) -> None:
    assert daguai_records.parse_room(widened(f"{team} {points}", flags)) == daguai_records.parse_room(f"{team} {points}")


@pytest.mark.parametrize("board", ["{open: Ｄ０１　８, closed: D02 1}", "[D01 8，D02 1]", "D01 8、Ｄ０２ １"])
def test_daguai_board_typed_with_full_width_and_chinese_punctuation(board: str) -> None:
    from generator.content.model import Stage

    stage = Stage(id="swiss", name="瑞士制", format="swiss", rounds=7, boards=1, options=daguai_rules.DaguaiStage())
    record, problems = table(daguai.RULES, f"table: 1\nhome: D01\naway: D02\nboards:\n  1: {board}\n"
                                           "violations: [Ｄ０２]\n", stage)
    assert not problems.items, [p.message("en") for p in problems.items]
    assert [(b.open.first, b.open.points, b.closed.first, b.closed.points) for b in record.boards] == [("D01", 8, "D02", 1)]
    assert [v.entry for v in record.violations] == ["D02"]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40).map(lambda n: n * 5), FLAGS)
def test_shengji_any_points_typed_wide_read_as_typed_narrow(points: int, flags: list) -> None:
    kitty = shengji_rules.KittyRule()
    narrow = shengji_records.parse_result(str(points), None, kitty)
    assert shengji_records.parse_result(widened(str(points), flags), None, kitty).points == narrow.points == points
    mapping = shengji_records.parse_result({"points": widened(str(points), [True] * 4)}, None, kitty)
    assert mapping.points == points


def test_shengji_penalty_side_and_kitty_multiplier_typed_wide() -> None:
    kitty = shengji_rules.KittyRule()
    result = shengji_records.parse_result({"tricks": 60, "kitty": 10, "x": "ｘ２", "penalty": {"against": "ＮＳ", "points": 20}},
                                  None, kitty)
    assert result.x == 2 and result.penalties[0].against == "NS"
