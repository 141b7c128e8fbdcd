"""A withdrawn team at tables of several rounds drawn after its withdrawal (`withdrawn: 2`, yet
rounds 3 and 4 of a Swiss have it: `withdrawn:` written late, after those rounds were drawn).
Each warning's hint named its own round ("change its withdrawn to 3" at round 3's table), and
following it left round 4's warned in turn: now each names every such round and the one value
that clears them all, the last (round 3's forfeit is then an ordinary no-show forfeit, counted
the same). And a team withdrawn in an earlier stage: a table of it in a stage it is not in has
that error alone (entry-not-in-stage), not a withdrawal warning with a conflicting fix; in a stage
it is in, the warning says where the withdrawal is written (round 2 of stage pre), not round 1
of this one."""

from __future__ import annotations

from pathlib import Path

from generator.build import validate
from generator.errors import ContentErrors
from tests.support import new_event, withdraw
from tests.test_withdrawn_double_forfeit import ROUND_1

ROUND_2 = ("  - {table: 1, teams: [T01, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T02, T04], levels: {T02: 9, T04: 5}}\n")
ROUND_3 = ("  - {table: 1, teams: [T02, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T01, T04], levels: {T01: 9, T04: 5}}\n")
ROUND_4 = ("  - {table: 1, teams: [T04, T03], forfeit: T03}\n"
           "  - {table: 2, teams: [T01, T02], levels: {T01: 9, T02: 5}}\n")


def _swiss(tmp_path: Path, since: int, rounds: dict[int, str]) -> Path:
    """Four Guandan teams, a Swiss of four rounds, T03 `withdrawn: since`. The content folder."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "T0", 4,
                       "  - {id: main, name: m, format: swiss, rounds: 4}\n")
    withdraw(folder, "T03", since)
    for number, tables in rounds.items():
        (folder / f"results/round-{number}.yaml").write_text(f"stage: main\nround: {number}\ntables:\n{tables}",
                                                             encoding="utf-8")
    return folder.parents[1]


def _withdrawal_warnings(content: Path) -> list:
    _, _results, warnings = validate(content)
    return [w for w in warnings if w.code.startswith("entry-withdrawn")]


def _wins(content: Path) -> dict[str, int]:
    _, results, _ = validate(content)
    return {s.entry.id: s.tally.metrics["wins"] for s in results[0].stages[0].standings}


def test_forfeits_in_two_later_rounds_name_both_and_the_value_that_clears_them(tmp_path: Path) -> None:
    content = _swiss(tmp_path / "a", 2, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4})
    found = _withdrawal_warnings(content)
    assert [(w.code, w.mark.file.name) for w in found] == [("entry-withdrawn-forfeit-later", "round-3.yaml"),
                                                            ("entry-withdrawn-forfeit-later", "round-4.yaml")]
    for warning in found:  # the same fix at both tables: withdrawn 4, not 3 at round 3's
        hint = warning.hint("en")
        assert hint.startswith("if T03 withdrew only from round 4 on, change its withdrawn to 4 (rounds 3 and 4 were "
                               "then all drawn before it withdrew"), hint
        assert "round 3" not in hint.replace("rounds 3 and 4", ""), hint
        assert "withdrawn \u6539\u4e3a 4" in warning.hint("zh-Hans") and "\u7b2c 3\u30014 \u8f6e" in warning.hint("zh-Hans")
        assert "withdrawn \u6539\u70ba 4" in warning.hint("zh-Hant") and "\u7b2c 3\u30014 \u8f2a" in warning.hint("zh-Hant")
    # The message still says what the file says and which table this is.
    assert "round 3, table 1 sets it against T02" in found[0].message("en")
    assert "round 4, table 1 sets it against T04" in found[1].message("en")
    # Why 4: at 3 round 4's table is later still; at 4 nothing is left to warn of, every win the same.
    assert [w.mark.file.name for w in _withdrawal_warnings(_swiss(tmp_path / "b", 3, {
        1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4}))] == ["round-4.yaml"]
    fixed = _swiss(tmp_path / "c", 4, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4})
    assert _withdrawal_warnings(fixed) == []
    assert _wins(fixed) == _wins(content) == {"T01": 4, "T02": 2, "T03": 1, "T04": 1}


def test_an_earlier_later_table_left_as_drawn_is_told_to_write_its_forfeit(tmp_path: Path) -> None:
    """Round 3's table left without a result, round 4's written as T03's forfeit: moved to 4,
    round 3's table would wait for a result (T03 no longer withdrawn there), so the hint says to
    write its forfeit; done so, nothing is left to warn of."""
    rounds = {1: ROUND_1, 2: ROUND_2, 3: ROUND_3.replace(", forfeit: T03}", "}"), 4: ROUND_4}
    found = _withdrawal_warnings(_swiss(tmp_path / "a", 2, rounds))
    assert [(w.code, w.mark.file.name) for w in found] == [("entry-withdrawn-drawn-later", "round-3.yaml"),
                                                            ("entry-withdrawn-forfeit-later", "round-4.yaml")]
    for warning in found:
        hint = warning.hint("en")
        assert "change its withdrawn to 4" in hint and \
            "its table left without a result in round 3 then waits for one: write forfeit: T03 there" in hint, hint
        assert "these rounds" not in hint, hint  # (rev88 D5: "in each of these rounds (3)", one round)
        assert "forfeit: T03" in warning.hint("zh-Hans") and "forfeit: T03" in warning.hint("zh-Hant")
    assert _withdrawal_warnings(_swiss(tmp_path / "b", 4, {**rounds, 3: ROUND_3})) == []


def test_the_round_it_withdrew_from_left_as_drawn_keeps_its_own_warning(tmp_path: Path) -> None:
    """Round 2 (the one T03 withdrew from) left as drawn, round 3 written as its forfeit: round
    2's is entry-withdrawn-forfeit ("write forfeit: T03"), not taken for a later round's table for
    the later one's sake; round 3's hint names round 2's table, which withdrawn: 3 leaves waiting."""
    rounds = {1: ROUND_1, 2: ROUND_2.replace(", forfeit: T03}", "}"), 3: ROUND_3}
    found = _withdrawal_warnings(_swiss(tmp_path, 2, rounds))
    assert [(w.code, w.mark.file.name) for w in found] == [("entry-withdrawn-forfeit", "round-2.yaml"),
                                                            ("entry-withdrawn-forfeit-later", "round-3.yaml")]
    assert "forfeit: T03" in found[0].hint("en")
    assert found[1].hint("en").startswith(
        "if T03 withdrew only from round 3 on, change its withdrawn to 3 (this table was then drawn before it "
        "withdrew, and its forfeit is the withdrawal; its table left without a result in round 2 then waits for one: "
        "write forfeit: T03 there);"), found[1].hint("en")


def test_a_double_forfeit_and_a_forfeit_in_later_rounds_share_the_fix(tmp_path: Path) -> None:
    rounds = {1: ROUND_1, 2: ROUND_2, 3: ROUND_3.replace("forfeit: T03}", "forfeit: [T02, T03]}"), 4: ROUND_4}
    found = _withdrawal_warnings(_swiss(tmp_path, 2, rounds))
    assert [w.code for w in found] == ["entry-withdrawn-double-forfeit", "entry-withdrawn-forfeit-later"]
    assert all("change its withdrawn to 4 (rounds 3 and 4" in w.hint("en") for w in found), [w.hint("en") for w in found]
    assert "write forfeit: T03 there" not in found[0].hint("en")  # a double forfeit is a result


def test_one_later_round_keeps_its_own_words(tmp_path: Path) -> None:
    (found,) = _withdrawal_warnings(_swiss(tmp_path, 2, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3}))
    assert found.hint("en").startswith("if T03 withdrew only from round 3 on, change its withdrawn to 3 (this table "
                                       "was then drawn before it withdrew, and its forfeit is the withdrawal);")


def _stages(tmp_path: Path, count: int, main_round_1: str, main_round_2: str = "") -> Path:
    """Swiss `pre` (2 rounds, `count` advance) then Swiss `main`; T03 withdrawn from pre round 2."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "T0", 4,
                       f"  - {{id: pre, name: p, format: swiss, rounds: 2, advance: {{count: {count}, to: main}}}}\n"
                       "  - {id: main, name: m, format: swiss, rounds: 2}\n")
    withdraw(folder, "T03", "{stage: pre, round: 2}")
    results = folder / "results"
    (results / "pre-round-1.yaml").write_text(f"stage: pre\nround: 1\ntables:\n{ROUND_1}", encoding="utf-8")
    (results / "pre-round-2.yaml").write_text(f"stage: pre\nround: 2\ntables:\n{ROUND_2}", encoding="utf-8")
    (results / "main-round-1.yaml").write_text(f"stage: main\nround: 1\ntables:\n{main_round_1}", encoding="utf-8")
    if main_round_2:
        (results / "main-round-2.yaml").write_text(f"stage: main\nround: 2\ntables:\n{main_round_2}", encoding="utf-8")
    return folder.parents[1]


def test_a_table_of_a_stage_the_team_is_not_in_has_that_error_alone(tmp_path: Path) -> None:
    """Three of four advance (T03, withdrawn, not one of them): its forfeit in main round 2 is
    entry-not-in-stage's (check the id, or draw the stage again), and no warning telling to move
    `withdrawn:` to {stage: main, round: 2} as well."""
    try:
        _, _, problems = validate(_stages(tmp_path, 3, "  - {table: 1, teams: [T01, T02], levels: {T01: 9, T02: 5}}\n"
                                             "  - {table: 2, teams: [T04]}\n", ROUND_2))
    except ContentErrors as errors:
        problems = errors.problems
    assert [(p.code, p.params["id"], p.mark.file.name) for p in problems if p.params.get("id") == "T03"] == \
        [("entry-not-in-stage", "T03", "main-round-2.yaml")]


def test_a_stage_after_the_withdrawal_says_the_round_written(tmp_path: Path) -> None:
    """Main's round 1 drawn with T03 (in its field, as drawn): the warning says the withdrawal is
    from round 2 of stage pre, as written, not "from round 1 of stage main on"; the fix names
    main's round."""
    found = _withdrawal_warnings(_stages(tmp_path, 4, ROUND_3))
    assert [w.code for w in found] == ["entry-withdrawn-forfeit-later"]
    message = found[0].message("en")
    assert "plays no round from round 2 of stage pre on" in message and "stage main on" not in message, message
    assert "\u4ece\u9636\u6bb5 pre \u7b2c 2 \u8f6e\u8d77" in found[0].message("zh-Hans")
    assert "change its withdrawn to {stage: main, round: 1}" in found[0].hint("en")


def test_check_prints_warnings_in_file_and_line_order(tmp_path: Path, capsys) -> None:
    """The withdrawal warnings are said once every stage is scored: `check` printed round 3's
    after round 4's draw-rematch warnings (rev88 D6). Printed by file and line now, as errors are,
    and round-10.yaml after round-9.yaml (its numbers as numbers)."""
    from generator.cli import main

    rounds = {1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4}
    assert main(["check", "--content", str(_swiss(tmp_path, 2, rounds)), "--lang", "en"]) == 0
    said = _warnings_said(capsys.readouterr().err)
    assert said == IN_FILE_ORDER, said


IN_FILE_ORDER = ["round-3.yaml:4:29 entry-withdrawn-forfeit-later", "round-4.yaml:4:5 draw-rematch",
                 "round-4.yaml:4:29 entry-withdrawn-forfeit-later", "round-4.yaml:5:5 draw-rematch"]


def _warnings_said(err: str) -> list[str]:
    """Each warning line printed: its file's name, line, column and code."""
    return [line.split(" warning [")[0].rsplit("/", 1)[-1].rstrip(":") + " " + line.split("[")[1].split("]")[0]
            for line in err.splitlines() if " warning [" in line]


def test_build_and_serve_print_the_warnings_in_checks_order(tmp_path: Path, capsys) -> None:
    """build and serve printed the warnings as raised: round 3's withdrawal warning after round
    4's draw-rematch ones (said once every stage is scored). Each prints them as check does,
    and again from the cache when the site is up to date."""
    from functools import partial

    from generator.build import build
    from generator.cli import main
    from generator.commands.serve import Building

    content = _swiss(tmp_path, 2, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4})
    output = tmp_path / "output"
    for _ in range(2):  # built, then up to date (the warnings the cache kept)
        assert main(["build", "--content", str(content), "--output", str(output), "--no-pdf", "--lang", "en"]) == 0
        assert _warnings_said(capsys.readouterr().err) == IN_FILE_ORDER
    building = Building(content, tmp_path / "served", "en", partial(build, bulletins=False))
    for _ in range(2):
        assert building.build_once() is None
        assert _warnings_said(capsys.readouterr().err) == IN_FILE_ORDER


def test_check_prints_a_planted_links_error_before_the_warnings(tmp_path: Path, capsys) -> None:
    """A link planted where the desk writes its audit log is an error of check's own, raised
    after the warnings: it was printed after them, unsorted (rev92)."""
    from generator.cli import main

    content = _swiss(tmp_path, 2, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4})
    (content / "events" / "ev" / "desk-audit.jsonl").symlink_to(tmp_path / "elsewhere")
    assert main(["check", "--content", str(content), "--lang", "en"]) == 1
    said = [line for line in capsys.readouterr().err.splitlines() if " warning [" in line or " error [" in line]
    assert "[desk-file-unsafe]" in said[0] and len(said) == 5 and all(" warning [" in line for line in said[1:]), said


def test_check_prints_round_10s_warnings_after_round_9s(tmp_path: Path, capsys) -> None:
    from generator.errors import ContentError, Mark, Problems, in_file_order

    def at(name: str, line: int) -> ContentError:
        return ContentError("x", Mark(tmp_path / name, line, 1), warning=True)

    found = sorted([at("round-10.yaml", 1), at("round-9.yaml", 7), at("round-2.yaml", 3), at("round-9.yaml", 2)],
                   key=in_file_order)
    assert [(p.mark.file.name, p.mark.line) for p in found] == [
        ("round-2.yaml", 3), ("round-9.yaml", 2), ("round-9.yaml", 7), ("round-10.yaml", 1)]
    # errors, and everything a failing check or --strict prints (Problems.sorted), in the same
    # order: errors first, each kind round-10 after round-9 (it printed round-10 before round-2: rev91)
    problems = Problems()
    problems.items = [*found[::-1], ContentError("y", Mark(tmp_path / "round-10.yaml", 5, 1)),
                      ContentError("y", Mark(tmp_path / "round-2.yaml", 5, 1))]
    assert [(p.warning, p.mark.file.name, p.mark.line) for p in problems.sorted()] == [
        (False, "round-2.yaml", 5), (False, "round-10.yaml", 5), (True, "round-2.yaml", 3), (True, "round-9.yaml", 2),
        (True, "round-9.yaml", 7), (True, "round-10.yaml", 1)]
