"""A hostile reviewer's findings on the problems `paibang check` reports: a list typed with
Chinese separators, errors that follow from another, hints that make things worse, and problems
held back until another is fixed. Each test edits a copy of the demo content and reads what the
secretary would read."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from tests.support import demo_content, replace
from tests.test_desk_records import desk_of  # noqa: F401 - a fixture

KO = "tongxin-guandan-2025"


def event(tmp_path: Path, slug: str = KO) -> Path:
    return demo_content(tmp_path, slug) / "events" / slug


def check(folder: Path, capsys: pytest.CaptureFixture[str], lang: str = "zh-Hans") -> str:
    """What `paibang check` says of the content the event folder is in."""
    main(["check", "--content", str(folder.parents[1]), "--lang", lang])
    captured = capsys.readouterr()
    return captured.out + captured.err


@pytest.mark.parametrize("separator", ["\uff0c", "\u3001"])
def test_a_players_list_typed_with_a_chinese_comma_is_two_players_and_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], separator: str) -> None:
    folder = event(tmp_path)
    replace(folder / "event.yaml", "[秦文斌, 陶家豪]", f"[秦文斌{separator}陶家豪]")
    said = check(folder, capsys)
    assert "event.yaml:16:" in said and "players-separator" in said and "T01" in said
    assert "写成 [秦文斌, 陶家豪]" in said
    site, _, _ = validate(folder.parents[1])
    entry = site.events[0].entries["T01"]
    assert [player.name for player in entry.players] == ["秦文斌", "陶家豪"]  # the pages list two people


def problems_said(said: str) -> list[str]:
    """The codes of the problems a check reported, in order."""
    return [line.split("[", 1)[1].split("]", 1)[0] for line in said.splitlines()
            if ("错误 [" in line or "警告 [" in line)]


@pytest.mark.parametrize(("written", "code"), [("round:", "results-round-missing"), ("round: 2.5", "type-expected"),
                                               ("round: true", "type-expected")])
def test_a_bad_round_number_is_one_error_not_also_a_round_written_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str, code: str) -> None:
    folder = event(tmp_path)
    replace(folder / "results/round-4.yaml", "round: 4", written)
    said = check(folder, capsys)
    assert problems_said(said) == [code], said
    assert "round-4.yaml:9:" in said


@pytest.mark.parametrize("written", ["rounds: 5轮", "rounds: 1000000"])
def test_a_bad_rounds_of_a_stage_is_one_error_not_one_more_for_each_round_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str) -> None:
    folder = event(tmp_path)
    replace(folder / "event.yaml", "rounds: 5", written)
    said = check(folder, capsys)
    assert len(problems_said(said)) == 1 and "stages[1].rounds" in said, said


@pytest.mark.parametrize("side", ["t08", "\uff3408"])
def test_a_mistyped_side_is_said_once_and_no_hint_advises_writing_the_typo_elsewhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], side: str) -> None:
    folder = event(tmp_path)
    replace(folder / "results/round-4.yaml", "teams: [T08, T17]", f"teams: [{side}, T17]")
    said = check(folder, capsys)
    assert problems_said(said) == ["entry-unknown"], said
    assert f"是不是 {side}" not in said and "是不是 T08？" in said


def test_a_cyrillic_letter_in_a_side_is_named_as_a_look_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = event(tmp_path)
    replace(folder / "results/round-4.yaml", "teams: [T08, T17]", "teams: [\u042208, T17]")
    said = check(folder, capsys)
    assert "是不是 T08？" in said and "U+0422 CYRILLIC CAPITAL LETTER TE" in said


def test_an_invalid_id_names_the_character_it_cannot_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = event(tmp_path)
    replace(folder / "event.yaml", "{id: T03,", "{id: \u042203,")
    said = check(folder, capsys)
    assert "编号 \u042203 无效：\u0422 (U+0422 CYRILLIC CAPITAL LETTER TE) 不能用在编号里" in said
    assert "英文字母 A–Z" in said
    assert problems_said(said) == ["id-invalid"], said  # not also "no entry T03" at each of its 5 tables


@pytest.mark.parametrize(("other_file", "old", "new", "code"), [
    ("event.yaml", "{id: T05, name: 仁心队,", "{id: T05, withdrawn: 0, name: 仁心队,", "value-range"),
    ("results/round-5.yaml", "round: 5", "round: 1", "results-round-duplicate"),
])
def test_results_after_a_withdrawal_are_said_with_an_error_elsewhere_not_after_it_is_fixed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], other_file: str, old: str, new: str, code: str) -> None:
    """T04 withdraws from round 2 and plays rounds 2-5 (4 errors, or 3 once round 5's file is
    taken for round 1's); another error in the event held them all back until it was fixed."""
    folder = event(tmp_path)
    replace(folder / "event.yaml", "{id: T04, name: 桃李队,", "{id: T04, withdrawn: 2, name: 桃李队,")
    replace(folder / other_file, old, new)
    said = problems_said(check(folder, capsys))
    assert code in said and said.count("entry-withdrawn-played") >= 3, said


@pytest.mark.parametrize("command", [["build"], ["desk", KO]])
def test_run_inside_the_content_folder_the_output_example_is_outside_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    root = demo_content(tmp_path, KO)
    monkeypatch.chdir(root)
    assert main([*command, "--content", ".", "--lang", "zh-Hans"]) == 2
    said = capsys.readouterr().err
    assert "与内容目录 . 重叠" in said and "例如 ../output。" in said


def test_an_empty_site_yaml_is_not_to_be_deleted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = event(tmp_path)
    (folder.parents[1] / "site.yaml").write_text("# nothing yet\n", encoding="utf-8")
    (folder / "results/extra.yaml").write_text("# nothing yet\n", encoding="utf-8")
    said = check(folder, capsys)
    assert "yaml-empty" in said and "删除" not in said
    (folder.parents[1] / "site.yaml").write_text("title: t\n", encoding="utf-8")
    said = check(folder, capsys)
    assert "extra.yaml" in said and "或删除该文件" in said  # a results file may go


def test_pairing_a_finished_knockout_says_it_is_finished_not_to_change_its_rounds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = event(tmp_path)
    assert main(["pair", KO, "ko", "--content", str(folder.parents[1]), "--lang", "zh-Hans"]) != 0
    said = capsys.readouterr().err
    assert "淘汰赛 ko 已经打完" in said and "rounds" not in said


def test_a_bridge_result_of_plus_nought_is_to_be_written_as_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = event(tmp_path, "dongke-bridge-2015")
    replace(folder / "results/prelim.yaml", "3: 3C N -2", "3: 3C N +0")
    said = check(folder, capsys)
    assert "结果 +0 应写成 =" in said and "之间" not in said


@pytest.mark.parametrize(("old", "new", "line"), [("advance: {count: 8, to: ko}", "advance: {count: 8, to: kos}", 59),
                                                  ("seeding: {from: swiss}", "seeding: {from: swis}", 64)])
def test_a_stage_named_wrongly_is_said_at_the_key_that_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, line: int) -> None:
    folder = event(tmp_path)
    replace(folder / "event.yaml", old, new)
    said = check(folder, capsys)
    assert f"event.yaml:{line}:" in said and "stage-unknown" in said


@pytest.mark.parametrize(("written", "why", "example"), [
    ("[2026/3/4, 2015-05-22]", "", "日期写成 2026-03-04 的形式"),
    ("[2015-05-15，2015-05-22]", "「，」不分隔两个日期", "日期写成 [2015-05-15, 2015-05-22] 的形式"),
])
def test_a_date_written_otherwise_is_shown_as_it_should_be_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str, why: str, example: str) -> None:
    folder = event(tmp_path, "dongke-bridge-2015")
    replace(folder / "event.yaml", "dates: [2015-05-15, 2015-05-22]", f"dates: {written}")
    said = check(folder, capsys)
    assert "date-invalid" in said and why in said and example in said


SWISS_ONE = "format: swiss\nrounds: 2\n"
TWO_TABLES = "  - table: 1\n    teams: [T01, T02]\n  - table: 2\n    teams: [T03, T04]\n"


def test_the_desk_has_no_sheets_page_for_a_round_not_drawn(tmp_path: Path, desk_of) -> None:  # noqa: ANN001, F811
    from tests.test_desk import fetch
    from tests.test_desk_records import Secretary, make

    running = desk_of(make(tmp_path, SWISS_ONE, TWO_TABLES))
    opener = Secretary(running).opener
    assert fetch(f"{running.secretary}/admin/sheets/main/1", opener=opener)[0] == 200
    for number in ("2", "99999999999999999999999"):
        assert fetch(f"{running.secretary}/admin/sheets/main/{number}", opener=opener)[0] == 404


def test_a_forfeit_of_a_team_not_at_the_table_is_said_once_in_the_forms_words(tmp_path: Path, desk_of) -> None:  # noqa: ANN001, F811
    from tests.test_desk_records import Secretary, make
    from tests.test_desk_said import block

    running = desk_of(make(tmp_path, SWISS_ONE, TWO_TABLES))
    # (the secretary's form: a table's link offers no forfeit, test_desk_forfeit)
    status, page = Secretary(running).post("main/1/1", "save", level_a="9", level_b="8", forfeit="T99")
    problems = block(page, "problems")
    assert status == 422 and "T99" in problems, problems
    assert "不应再填成绩" not in problems and "forfeit" not in problems, problems
    assert problems.count("T99") == 1 and "弃权」只能选本桌弃权的一方" in problems, problems


def test_players_written_without_brackets_with_a_chinese_comma_are_shown_as_the_list_to_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`players: 秦文斌，陶家豪` was "should be a list" and no more: the comma not named, the list
    not shown. The fix written out is the list of the two names."""
    folder = event(tmp_path)
    replace(folder / "event.yaml", "[秦文斌, 陶家豪]", "秦文斌\uff0c陶家豪")
    said = check(folder, capsys)
    assert "event.yaml:16:" in said and "players-not-list" in said and "秦文斌\uff0c陶家豪" in said, said
    assert "写成 [秦文斌, 陶家豪]" in said, said


def test_a_player_name_holding_two_names_is_two_players_and_said_as_in_the_list_form(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`{name: "秦文斌，陶家豪"}` was one player of that name, not said; the list form's item is
    split and warned about (players-separator): the mapping's name is the same."""
    folder = event(tmp_path)
    replace(folder / "event.yaml", "[秦文斌, 陶家豪]", "[{name: 秦文斌\uff0c陶家豪}]")
    said = check(folder, capsys)
    assert "players-separator" in said and "T01" in said, said
    assert "写成 [{name: 秦文斌}, {name: 陶家豪}]" in said, said
    site, _, _ = validate(folder.parents[1])
    assert [player.name for player in site.events[0].entries["T01"].players] == ["秦文斌", "陶家豪"]


def test_a_value_out_of_range_says_the_range_in_its_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"withdrawn 的值 0 超出范围" named no range: only the fix line did, and a place that shows
    the message alone (the desk's list, a page's problem) left the secretary to guess it."""
    from generator.errors import ContentErrors

    folder = event(tmp_path)
    replace(folder / "event.yaml", "{id: T05, name: 仁心队,", "{id: T05, withdrawn: 0, name: 仁心队,")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    problem = next(p for p in failure.value.problems if p.code == "value-range")
    assert problem.message("zh-Hans").endswith("超出范围：应在 1 到 50 之间"), problem.message("zh-Hans")
    assert "between 1 and 50" in problem.message("en") and "1 到 50 之間" in problem.message("zh-Hant")
