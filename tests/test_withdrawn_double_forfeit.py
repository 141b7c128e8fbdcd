"""A Guandan double forfeit (`forfeit: [T17, T29]`: neither team came) at a table of a team
withdrawn by that round (event-day.md, "Withdrawal"). The double forfeit says of the withdrawn
team what its withdrawal says (it did not come), and of its opponent that it did not come
either: it is no "result written for a withdrawn team". In the round the team withdrew from
(drawn before `withdrawn:` was written) it is what happened; in a later round of a Swiss it is a
table no draw made after the withdrawal has, said so with the fixes that fit. It was an
entry-withdrawn-played error whose fix ("if T03 did play this round...") did not fit, and the
table was counted as the withdrawn team's forfeit: a win for an opponent the sheet says did not
come. 大怪路子 and 80分 write no double forfeit (`forfeit:` is one side's:
forfeit-double-not-in-game, tests/test_forfeit_double_not_in_game.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from tests.support import new_event, withdraw


def _event(tmp_path: Path, withdrawn: dict[str, int], rounds: dict[int, str], stage: str = "swiss") -> Path:
    """Four Guandan teams, three rounds of a `stage` stage; `withdrawn` entry -> its round;
    `rounds` round -> its tables' lines. The content folder."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "T0", 4,
                       f"  - {{id: main, name: m, format: {stage}, rounds: 3}}\n")
    for entry, since in withdrawn.items():
        withdraw(folder, entry, since)
    for number, tables in rounds.items():
        (folder / f"results/round-{number}.yaml").write_text(f"stage: main\nround: {number}\ntables:\n{tables}", encoding="utf-8")
    return folder.parents[1]


ROUND_1 = ("  - {table: 1, teams: [T01, T02], levels: {T01: 9, T02: 5}}\n"
           "  - {table: 2, teams: [T03, T04], levels: {T03: 9, T04: 5}}\n")


def _wins(results: list) -> dict[str, int]:
    return {s.entry.id: s.tally.metrics["wins"] for s in results[0].stages[0].standings}


def test_a_double_forfeit_in_the_round_the_team_withdrew_from_is_what_happened(tmp_path: Path) -> None:
    """T03 withdraws from round 2 after round 2 was drawn; T01, its opponent there, did not come
    either: `forfeit: [T01, T03]`. No problem, and T01 has lost round 2 (it had a win made of it,
    behind an error telling the secretary to delete the result or say T03 played)."""
    content = _event(tmp_path, {"T03": 2}, {
        1: ROUND_1,
        2: "  - {table: 1, teams: [T01, T03], forfeit: [T01, T03]}\n"
           "  - {table: 2, teams: [T02, T04], levels: {T02: 9, T04: 5}}\n"})
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []
    assert _wins(results) == {"T01": 1, "T02": 1, "T03": 1, "T04": 0}
    entry = next(s for s in results[0].stages[0].standings if s.entry.id == "T01")
    assert entry.tally.lost == 1


@pytest.mark.parametrize("stage", ["swiss", "matches"])
def test_a_double_forfeit_in_a_later_round_says_the_draw_should_not_have_it(tmp_path: Path, stage: str) -> None:
    """T03 withdrawn from round 2 on, yet round 3 (drawn round by round) sets it against T02,
    written as neither coming: a warning at T03 on the table naming its withdrawal's round, how
    the table is counted (as written: a loss for T02, not T03's forfeit) and the fixes: the
    withdrawal's round moved to this one, or T03's forfeit alone if T02 came."""
    content = _event(tmp_path, {"T03": 2}, {
        1: ROUND_1,
        2: "  - {table: 1, teams: [T01, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T02, T04], levels: {T02: 9, T04: 5}}\n",
        3: "  - {table: 1, teams: [T02, T03], forfeit: [T02, T03]}\n"
           "  - {table: 2, teams: [T01, T04], levels: {T01: 9, T04: 5}}\n"}, stage)
    _, results, warnings = validate(content)
    (found,) = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert (found.code, found.mark.file.name, found.mark.line, found.mark.column) == \
        ("entry-withdrawn-double-forfeit", "round-3.yaml", 4, 29)
    assert found.message("zh-Hans") == (
        "T03 \u5df2\u9000\u8d5b\uff08event.yaml:7\uff1awithdrawn\uff0c\u4ece\u7b2c 2 \u8f6e\u8d77\u4e0d\u518d"
        "\u51fa\u573a\uff09\uff0c\u4e4b\u540e\u7684\u8f6e\u6b21\u4e0d\u4f1a\u518d\u6392\u5230\u5b83\uff1b\u7b2c 3 "
        "\u8f6e\u7b2c 1 \u684c\u5374\u6392\u4e86\u5b83\u5bf9 T02\uff0c\u5199\u4f5c\u53cc\u65b9\u5f03\u6743\uff1a"
        "\u6309\u6240\u5199\u8ba1\uff0cT02 \u8d1f")
    assert found.message("en") == (
        "T03 has withdrawn (event.yaml:7: withdrawn, plays no round from round 2 on), so no later round "
        "draws it; yet round 3, table 1 sets it against T02, written as a double forfeit (neither came): "
        "counted as written, a loss for T02")
    hint = found.hint("en")
    assert "change its withdrawn to 3" in hint and "write forfeit: T03 alone (a win for T02; warned of in its turn, as this is, until withdrawn is moved)" in hint, hint
    assert _wins(results)["T02"] == 1  # round 2's win only: round 3 is its loss


def test_a_round_robin_schedule_keeps_a_withdrawn_team_silently(tmp_path: Path) -> None:
    """A round robin's schedule is drawn in advance (event-day.md: an opponent scheduled against
    a withdrawn entry): its later table written as a double forfeit is no slip of the draw."""
    content = _event(tmp_path, {"T03": 2}, {
        1: ROUND_1,
        2: "  - {table: 1, teams: [T01, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T02, T04], levels: {T02: 9, T04: 5}}\n",
        3: "  - {table: 1, teams: [T02, T03], forfeit: [T02, T03]}\n"
           "  - {table: 2, teams: [T01, T04], levels: {T01: 9, T04: 5}}\n"}, "round_robin")
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []
    assert _wins(results)["T02"] == 1


def test_a_double_forfeit_of_two_withdrawn_teams_is_the_table_that_is_not(tmp_path: Path) -> None:
    """Both teams withdrawn from round 2, their round-2 table written as a double forfeit: one
    error, entry-withdrawn-both (the table nobody plays: delete it), not an entry-withdrawn-played
    for each telling the secretary to say they played."""
    content = _event(tmp_path, {"T03": 2, "T04": 2}, {
        1: ROUND_1,
        2: "  - {table: 1, teams: [T01, T02], levels: {T01: 9, T02: 5}}\n"
           "  - {table: 2, teams: [T03, T04], forfeit: [T03, T04]}\n"})
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    found = [(p.code, p.mark.file.name, p.mark.line) for p in failure.value.problems if not p.warning]
    assert found == [("entry-withdrawn-both", "round-2.yaml", 5)]


def test_a_double_forfeit_in_the_next_stages_first_round_says_the_draw_should_not_have_it(tmp_path: Path) -> None:
    """T03 withdrawn from round 2 of the Swiss `pre`, yet round 1 of `main`, the stage it advances
    to, sets it against T02, written as neither coming: pair never draws it there, so this is the
    slip the warning is for (rev82: silent, as round 1 of a later stage was taken for the round it
    withdrew from), and the fix names the stage: `withdrawn: {stage: main, round: 1}`."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "T0", 4,
                       "  - {id: pre, name: p, format: swiss, rounds: 2, advance: {count: 4, to: main}}\n"
                       "  - {id: main, name: m, format: swiss, rounds: 2}\n")
    withdraw(folder, "T03", "{stage: pre, round: 2}")
    content, results = folder.parents[1], folder / "results"
    (results / "pre-round-1.yaml").write_text(f"stage: pre\nround: 1\ntables:\n{ROUND_1}", encoding="utf-8")
    (results / "pre-round-2.yaml").write_text(
        "stage: pre\nround: 2\ntables:\n  - {table: 1, teams: [T01, T03], forfeit: T03}\n"
        "  - {table: 2, teams: [T02, T04], levels: {T02: 9, T04: 5}}\n", encoding="utf-8")
    (results / "main-round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T02, T03], forfeit: [T02, T03]}\n"
        "  - {table: 2, teams: [T01, T04], levels: {T01: 9, T04: 5}}\n", encoding="utf-8")
    _, _results, warnings = validate(content)
    (found,) = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert (found.code, found.mark.file.name, found.mark.line) == ("entry-withdrawn-double-forfeit", "main-round-1.yaml", 4)
    assert "round 1, table 1 sets it against T02" in found.message("en"), found.message("en")
    hint = found.hint("en")
    assert "withdrew only from round 1 of stage main on, change its withdrawn to {stage: main, round: 1}" in hint, hint
