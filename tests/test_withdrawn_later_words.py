"""The words of a withdrawn team's warnings at tables of rounds drawn after its withdrawal
(entry-withdrawn-forfeit-later, -drawn-later, -double-forfeit). English joined several rounds as
a list of figures, "rounds 3, 4"; it says "rounds 3 and 4", "rounds 2, 3 and 4" (Chinese keeps
its 3\u30014). The hint's other fix said "if the round was drawn with T03 in it" when several
rounds were named: it names them. And a withdrawal whose later tables are in two stages (round
2 of stage pre, round 1 of stage main): each stage's warnings named a value of their own that
clears that stage's alone ({stage: pre, round: 2} at pre's table, which leaves main's warned);
now every one names the value that clears them all, the last ({stage: main, round: 1}: pre's
forfeit is then an ordinary one), and says each round with its stage."""

from __future__ import annotations

from pathlib import Path

from generator import catalogues
from generator.build import validate
from tests.support import new_event, withdraw
from tests.test_withdrawn_double_forfeit import ROUND_1
from tests.test_withdrawn_later_rounds import ROUND_2, ROUND_3, ROUND_4, _swiss, _withdrawal_warnings

ROUND_1_FORFEIT = ROUND_1.replace("levels: {T03: 9, T04: 5}", "forfeit: T03")


def test_a_list_in_a_sentence_is_joined_as_each_language_joins_it() -> None:
    assert [catalogues.series("en", items) for items in ([3], [3, 4], [3, 4, 5])] == ["3", "3 and 4", "3, 4 and 5"]
    assert catalogues.series("zh-Hans", [3, 4, 5]) == catalogues.series("zh-Hant", [3, 4, 5]) == "3\u30014\u30015"


def test_two_later_rounds_are_said_as_rounds_3_and_4_and_the_other_fix_agrees(tmp_path: Path) -> None:
    found = _withdrawal_warnings(_swiss(tmp_path, 2, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3, 4: ROUND_4}))
    assert [w.code for w in found] == ["entry-withdrawn-forfeit-later"] * 2
    for warning in found:
        hint = warning.hint("en")
        assert "(rounds 3 and 4 were then all drawn before it withdrew" in hint, hint
        assert "if rounds 3 and 4 were drawn with T03 in them all the same, keep the result" in hint, hint
        assert "3, 4" not in hint and "the round was drawn" not in hint, hint
        assert "\u7b2c 3\u30014 \u8f6e\u786e\u5b9e\u90fd\u6392\u8fdb\u4e86 T03" in warning.hint("zh-Hans")
        assert "\u7b2c 3\u30014 \u8f2a\u78ba\u5be6\u90fd\u6392\u9032\u4e86 T03" in warning.hint("zh-Hant")


def test_three_later_rounds_and_three_tables_left_as_drawn(tmp_path: Path) -> None:
    """Withdrawn from round 1 on, its tables in rounds 1 to 3 left as drawn and round 4's written
    as its forfeit: rounds 2, 3 and 4 drawn after it withdrew; the fix (4) leaves rounds 1, 2 and
    3's tables waiting for their forfeit."""
    unwritten = {number: text.replace(", forfeit: T03}", "}") for number, text in
                 {1: ROUND_1_FORFEIT, 2: ROUND_2, 3: ROUND_3}.items()}
    found = _withdrawal_warnings(_swiss(tmp_path, 1, {**unwritten, 4: ROUND_4}))
    assert [w.code for w in found] == ["entry-withdrawn-forfeit", "entry-withdrawn-drawn-later",
                                       "entry-withdrawn-drawn-later", "entry-withdrawn-forfeit-later"]
    for warning in found[1:]:
        hint = warning.hint("en")
        assert "change its withdrawn to 4 (rounds 2, 3 and 4 were then all drawn" in hint, hint
        assert "in each of these rounds (1, 2 and 3) then waits for one: write forfeit: T03 there" in hint, hint
        assert "if rounds 2, 3 and 4 were drawn with T03 in them all the same" in hint, hint
        assert "\u7b2c 1\u30012\u30013 \u8f6e\u6ca1\u6709\u6210\u7ee9" in warning.hint("zh-Hans")


def test_one_later_round_keeps_the_singular(tmp_path: Path) -> None:
    (found,) = _withdrawal_warnings(_swiss(tmp_path, 2, {1: ROUND_1, 2: ROUND_2, 3: ROUND_3}))
    assert "; if the round was drawn with T03 in it all the same, keep the result as it stands (T02's win)" \
        in found.hint("en"), found.hint("en")
    assert "\u82e5\u8fd9\u4e00\u8f6e\u786e\u5b9e\u6392\u8fdb\u4e86 T03" in found.hint("zh-Hans")


def _stages(tmp_path: Path, since: str, files: dict[tuple[str, int], str]) -> Path:
    """Guandan: Swiss `pre` (2 rounds, all 4 advance) then Swiss `main`; T03 `withdrawn: since`."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "T0", 4,
                       "  - {id: pre, name: p, format: swiss, rounds: 2, advance: {count: 4, to: main}}\n"
                       "  - {id: main, name: m, format: swiss, rounds: 2}\n")
    withdraw(folder, "T03", since)
    for (stage, number), tables in files.items():
        (folder / f"results/{stage}-round-{number}.yaml").write_text(
            f"stage: {stage}\nround: {number}\ntables:\n{tables}", encoding="utf-8")
    return folder.parents[1]


SPANNING = {("pre", 1): ROUND_1_FORFEIT, ("pre", 2): ROUND_2, ("main", 1): ROUND_3}


def test_later_tables_in_two_stages_name_the_one_value_that_clears_both(tmp_path: Path) -> None:
    content = _stages(tmp_path / "a", "{stage: pre, round: 1}", SPANNING)
    found = _withdrawal_warnings(content)
    assert [(w.code, w.mark.file.name) for w in found] == [("entry-withdrawn-forfeit-later", "pre-round-2.yaml"),
                                                            ("entry-withdrawn-forfeit-later", "main-round-1.yaml")]
    for warning in found:  # pre's named {stage: pre, round: 2}, which leaves main's warned
        assert warning.params["written"] == "{stage: main, round: 1}"
        hint = warning.hint("en")
        assert hint.startswith("if T03 withdrew only from round 1 of stage main on, change its withdrawn to "
                               "{stage: main, round: 1} (round 2 of stage pre and round 1 of stage main were then "
                               "all drawn before it withdrew, and this one value clears the warning at each: the "
                               "table of round 1 of stage main is its withdrawal"), hint
        assert "if round 2 of stage pre and round 1 of stage main were drawn with T03 in them all the same" in hint
        zh = warning.hint("zh-Hans")
        assert "withdrawn \u6539\u4e3a {stage: main, round: 1}\uff08\u9636\u6bb5 pre \u7b2c 2 \u8f6e\u3001" \
               "\u9636\u6bb5 main \u7b2c 1 \u8f6e\u90fd\u662f" in zh, zh
        assert "\u968e\u6bb5 pre \u7b2c 2 \u8f2a\u3001\u968e\u6bb5 main \u7b2c 1 \u8f2a" in warning.hint("zh-Hant")
    # and the README says them as the warning does (it had \u548c, "and", where the output has \u3001: rev88)
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert "\uff08\u9636\u6bb5 pre \u7b2c 2 \u8f6e\u3001\u9636\u6bb5 main \u7b2c 1 \u8f6e\uff09" in readme
    # The value followed: nothing left to warn of, every win the same.
    fixed = _stages(tmp_path / "b", "{stage: main, round: 1}", SPANNING)
    assert _withdrawal_warnings(fixed) == []
    assert _main_wins(fixed) == _main_wins(content)


def _main_wins(content: Path) -> dict[str, int]:
    _, results, _ = validate(content)
    return {s.entry.id: s.tally.metrics["wins"] for s in results[0].stages[-1].standings}


def test_an_earlier_stages_table_left_as_drawn_is_told_to_write_its_forfeit(tmp_path: Path) -> None:
    files = {**SPANNING, ("pre", 2): ROUND_2.replace(", forfeit: T03}", "}")}
    found = _withdrawal_warnings(_stages(tmp_path, "{stage: pre, round: 1}", files))
    assert [w.code for w in found] == ["entry-withdrawn-drawn-later", "entry-withdrawn-forfeit-later"]
    for warning in found:
        hint = warning.hint("en")
        assert "change its withdrawn to {stage: main, round: 1}" in hint, hint
        # one round said as one (rev88 D5: "in each of these rounds (round 2 of stage pre)")
        assert "its table left without a result in round 2 of stage pre then waits for one: " \
               "write forfeit: T03 there" in hint, hint
        assert "\u9636\u6bb5 pre \u7b2c 2 \u8f6e\u6ca1\u6709\u6210\u7ee9\u7684\u90a3\u4e00\u684c" in warning.hint("zh-Hans")


def test_two_rounds_of_a_stage_said_together_beside_another_stages(tmp_path: Path) -> None:
    files = {**SPANNING, ("main", 2): ROUND_4}
    found = _withdrawal_warnings(_stages(tmp_path, "{stage: pre, round: 1}", files))
    assert len(found) == 3 and {w.params["written"] for w in found} == {"{stage: main, round: 2}"}
    assert "(round 2 of stage pre and rounds 1 and 2 of stage main were then all drawn" in found[0].hint("en")


def test_a_table_of_main_left_as_drawn_after_a_withdrawal_in_pre_is_warned(tmp_path: Path) -> None:
    """Withdrawn in pre, drawn into main's round 1 and left as drawn: warned as a later round's
    table, naming where `withdrawn:` is written and pre's round."""
    files = {("pre", 1): ROUND_1, ("pre", 2): ROUND_2, ("main", 1): ROUND_3.replace(", forfeit: T03}", "}")}
    (found,) = _withdrawal_warnings(_stages(tmp_path, "{stage: pre, round: 2}", files))
    assert found.code == "entry-withdrawn-drawn-later" and found.mark.file.name == "main-round-1.yaml"
    message = found.message("en")
    assert "(event.yaml:7: withdrawn, plays no round from round 2 of stage pre on)" in message, message
    assert "change its withdrawn to {stage: main, round: 1}" in found.hint("en")



def test_the_desk_names_at_each_stages_table_the_value_check_names(tmp_path: Path) -> None:
    """The desk's form of a later round's table says the value check's warning there names
    (Desk.spot, TableSpot.later): pre's table said {stage: pre, round: 2}, which leaves main's
    table warned."""
    from generator.desk.app import Desk

    desk = Desk(_stages(tmp_path, "{stage: pre, round: 1}", SPANNING), "ev", None, None, build=False)
    assert [desk.spot(stage, number, 1, withdrawn=True).later for stage, number in (("pre", 2), ("main", 1))] == \
        ["{stage: main, round: 1}"] * 2

