"""A withdrawn team's own forfeit (`forfeit: T03`) at a table of a round after the one it
withdrew from, in a stage drawn round by round (a Swiss, `matches`): no draw made after the
withdrawal has it (`pair` never draws it: event-day.md, "Withdrawal"), yet the table counted its
opponent a win, silently. A warning (entry-withdrawn-forfeit-later) as the double forfeit's
there is (tests/test_withdrawn_double_forfeit.py): the table counts as written, which may be
what happened, so the build goes on; the warning names where `withdrawn:` is written, the round,
the opponent, how the table counts and the fixes. Silent in the round the team withdrew from and
in a round robin's schedule, where the forfeit is the withdrawal itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from tests.support import new_event, withdraw
from tests.test_withdrawn_double_forfeit import ROUND_1, _event, _wins
from tests.test_withdrawn_later_rounds import _stages  # (Swiss pre of 2 rounds, main; T03 withdrawn from pre round 2)

ROUND_2 = ("  - {table: 1, teams: [T01, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T02, T04], levels: {T02: 9, T04: 5}}\n")
ROUND_3 = ("  - {table: 1, teams: [T02, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T01, T04], levels: {T01: 9, T04: 5}}\n")


@pytest.mark.parametrize("stage", ["swiss", "matches"])
def test_a_forfeit_in_a_later_round_says_the_draw_should_not_have_it(tmp_path: Path, stage: str) -> None:
    """T03 withdrawn from round 2 on, yet round 3 sets it against T02, written as T03's forfeit:
    a warning (not an error: validate returns) at T03 on the table, T02's win counted as written."""
    content = _event(tmp_path, {"T03": 2}, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3}, stage)
    _, results, warnings = validate(content)
    (found,) = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert (found.code, found.warning, found.mark.file.name, found.mark.line, found.mark.column) == \
        ("entry-withdrawn-forfeit-later", True, "round-3.yaml", 4, 29)
    assert found.message("en") == (
        "T03 has withdrawn (event.yaml:7: withdrawn, plays no round from round 2 on), so no later round "
        "draws it; yet round 3, table 1 sets it against T02, written as T03's forfeit: counted as written, "
        "a win for T02")
    assert found.message("zh-Hans") == (
        "T03 \u5df2\u9000\u8d5b\uff08event.yaml:7\uff1awithdrawn\uff0c\u4ece\u7b2c 2 \u8f6e\u8d77\u4e0d\u518d"
        "\u51fa\u573a\uff09\uff0c\u4e4b\u540e\u7684\u8f6e\u6b21\u4e0d\u4f1a\u518d\u6392\u5230\u5b83\uff1b\u7b2c 3 "
        "\u8f6e\u7b2c 1 \u684c\u5374\u6392\u4e86\u5b83\u5bf9 T02\uff0c\u5199\u4f5c T03 \u5f03\u6743\uff1a"
        "\u6309\u6240\u5199\u8ba1\uff0cT02 \u80dc")
    hint = found.hint("en")
    assert "change its withdrawn to 3" in hint and "keep the result as it stands (T02's win)" in hint, hint
    assert "withdrawn \u6539\u4e3a 3" in found.hint("zh-Hans")
    assert "withdrawn \u6539\u70ba 3" in found.hint("zh-Hant")
    assert _wins(results)["T02"] == 2  # round 2's and round 3's, counted as written


def test_a_forfeit_in_the_round_the_team_withdrew_from_is_the_withdrawal(tmp_path: Path) -> None:
    """Round 2 (the one T03 withdrew from, drawn before `withdrawn:` was written) has T03's forfeit:
    nothing to say; nor of round 3's table left out (drawn without T03)."""
    content = _event(tmp_path, {"T03": 2}, {
        1: ROUND_1, 2: ROUND_2,
        3: "  - {table: 1, teams: [T01, T02], levels: {T01: 9, T02: 5}}\n  - {table: 2, teams: [T04]}\n"})
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []
    assert _wins(results)["T01"] == 3


def test_a_round_robins_later_forfeit_is_silent(tmp_path: Path) -> None:
    """A round robin's schedule keeps meeting a withdrawn team (event-day.md): its forfeit there
    is what the rules give, no slip of the draw."""
    content = _event(tmp_path, {"T03": 2}, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3}, "round_robin")
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []
    assert _wins(results)["T02"] == 2


def test_a_forfeit_in_the_next_stages_first_round_names_the_stage(tmp_path: Path) -> None:
    """T03 withdrawn from round 2 of the Swiss `pre`, yet round 1 of `main` has its forfeit: the
    warning, its fix written as the event of stages needs it."""
    _, _results, warnings = validate(_stages(tmp_path, 4, ROUND_3))
    (found,) = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert (found.code, found.mark.file.name, found.mark.line) == ("entry-withdrawn-forfeit-later", "main-round-1.yaml", 4)
    hint = found.hint("en")
    assert "withdrew only from round 1 of stage main on, change its withdrawn to {stage: main, round: 1}" in hint, hint


def test_a_daguai_swiss_forfeit_in_a_later_round_warns_too(tmp_path: Path) -> None:
    """Not Guandan's alone: a 大怪路子 Swiss's later `forfeit: D03` gives D02 the forfeit's 2 match
    points; said the same way."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: daguai\ndate: 2024-05-01\n", "D0", 4,
                       "  - {id: main, name: m, format: swiss, rounds: 3}\n")
    withdraw(folder, "D03", 2)
    results = folder / "results"
    for number, tables in {1: [("D01", "D02", "D02"), ("D03", "D04", "D04")],
                           2: [("D01", "D03", "D03"), ("D02", "D04", "D04")],
                           3: [("D02", "D03", "D03"), ("D01", "D04", "D04")]}.items():
        lines = "".join(f"  - {{table: {i}, home: {h}, away: {a}, forfeit: {f}}}\n" for i, (h, a, f) in enumerate(tables, 1))
        (results / f"round-{number}.yaml").write_text(f"stage: main\nround: {number}\ntables:\n{lines}", encoding="utf-8")
    _, _results, warnings = validate(folder.parents[1])
    assert [(w.code, w.mark.file.name, w.mark.line) for w in warnings if w.code.startswith("entry-withdrawn")] == \
        [("entry-withdrawn-forfeit-later", "round-3.yaml", 4)]


@pytest.mark.parametrize("stage", ["swiss", "matches"])
def test_a_later_rounds_table_left_as_drawn_gives_the_same_fixes_not_a_forfeit_to_write(tmp_path: Path,
                                                                                         stage: str) -> None:
    """The same table left with no result: entry-withdrawn-forfeit's hint of the round the team
    withdrew from ("write forfeit: T03 to say so") would lead straight to the warning above, so
    this one (entry-withdrawn-drawn-later) gives that warning's fixes, the withdrawal's round
    moved first, and nothing to write for the forfeit."""
    content = _event(tmp_path, {"T03": 2}, {1: ROUND_1, 2: ROUND_2,
                                            3: ROUND_3.replace(", forfeit: T03}", "}")}, stage)
    _, results, warnings = validate(content)
    (found,) = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert (found.code, found.warning, found.mark.file.name, found.mark.line) == \
        ("entry-withdrawn-drawn-later", True, "round-3.yaml", 4)
    assert found.message("en").endswith("yet round 3, table 1 sets it against T02, with no result: it counts as "
                                        "T03's forfeit, a win for T02")
    hint = found.hint("en")
    assert hint.startswith("if T03 withdrew only from round 3 on, change its withdrawn to 3") and \
        "forfeit: T03" not in hint, hint
    assert "withdrawn \u6539\u4e3a 3" in found.hint("zh-Hans") and "forfeit" not in found.hint("zh-Hans")
    assert "withdrawn \u6539\u70ba 3" in found.hint("zh-Hant")
    assert _wins(results)["T02"] == 2  # counted as T03's forfeit all the same


def test_the_round_the_team_withdrew_from_left_as_drawn_still_says_write_its_forfeit(tmp_path: Path) -> None:
    """In the round it withdrew from the table was drawn before `withdrawn:` was written: the
    forfeit is the withdrawal, and writing it is the fix (entry-withdrawn-forfeit, as before)."""
    content = _event(tmp_path, {"T03": 2}, {1: ROUND_1, 2: ROUND_2.replace(", forfeit: T03}", "}")})
    _, _results, warnings = validate(content)
    (found,) = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert found.code == "entry-withdrawn-forfeit" and "forfeit: T03" in found.hint("en")
