"""Validation of content/ trees: every mistake a secretary makes gets a code, a line and a fix.

Each test copies the demo content (content/, one bridge event) into tmp_path, applies one
textual edit and runs generator.build.validate(). The ranking facts at the end are the demo
event's published results, worked out from the results files by hand.
"""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentError, ContentErrors

DEMO = Path(__file__).resolve().parents[1] / "content"
EVENT = "events/dongke-bridge-2015"
EVENT_YAML = f"{EVENT}/event.yaml"
PRELIM = f"{EVENT}/results/prelim.yaml"
FINAL = f"{EVENT}/results/final.yaml"


# --- helpers --------------------------------------------------------------------------------

class Tree:
    """A copy of the demo content that a test edits."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, relative: str) -> Path:
        return self.root / relative

    def edit(self, relative: str, old: str, new: str) -> tuple[int, int]:
        """Replace the one occurrence of `old`; return (line, column) where `new` starts."""
        path = self.path(relative)
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {relative}"
        index = text.index(old)
        path.write_text(text.replace(old, new), encoding="utf-8")
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        return line, column

    def line_of(self, relative: str, fragment: str) -> tuple[int, int]:
        """(line, column) of the one occurrence of `fragment` in the file as it is now."""
        text = self.path(relative).read_text(encoding="utf-8")
        assert text.count(fragment) == 1, f"{fragment!r} occurs {text.count(fragment)} times in {relative}"
        index = text.index(fragment)
        return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1

    def problems(self) -> list[ContentError]:
        """Everything validate() reports; the test fails if validate() accepts the tree."""
        try:
            validate(self.root)
        except ContentErrors as failure:
            return failure.problems
        pytest.fail("validate() accepted content that has an error")

    def errors(self, code: str | None = None) -> list[ContentError]:
        found = [p for p in self.problems() if not p.warning]
        return [p for p in found if p.code == code] if code else found


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    """The demo site with only the bridge event: other games' events have tests of their own."""
    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(DEMO / "site.yaml", root / "site.yaml")
    shutil.copytree(DEMO / EVENT, root / EVENT)
    return Tree(root)


def codes(problems: list[ContentError]) -> list[str]:
    return [p.code for p in problems]


def at(problem: ContentError) -> tuple[int, int]:
    return problem.mark.line, problem.mark.column


# --- the demo content ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def demo():
    site, results, warnings = validate(DEMO)
    return site, results, warnings


def test_demo_content_validates_with_no_errors_and_no_warnings(demo):
    site, results, warnings = demo
    assert warnings == []
    assert "dongke-bridge-2015" in [e.slug for e in site.events]
    assert len(results) == len(site.events)


def test_demo_copy_validates_too(tree):
    # the helper's copy is a faithful starting point
    site, _, warnings = validate(tree.root)
    assert warnings == [] and site.locale == "zh-Hans"


# --- keys ----------------------------------------------------------------------------------------

def test_misspelt_event_key_is_key_unknown_with_did_you_mean(tree):
    line, column = tree.edit(EVENT_YAML, "\ntitle: 动物科学学院桥牌大赛", "\ntitel: 动物科学学院桥牌大赛")
    line += 1  # the edit starts at the newline before the key
    (problem,) = tree.errors("key-unknown")
    assert problem.mark.file == tree.path(EVENT_YAML)
    assert at(problem) == (line, 1)
    assert problem.params["key"] == "titel"
    message = problem.message("zh-Hans")
    assert "titel" in message and "是不是 title" in message
    assert "did you mean title" in problem.message("en")


def test_misspelt_site_key_is_key_unknown(tree):
    line, _ = tree.edit("site.yaml", "organization: 西昌学院", "organisation: 西昌学院")
    (problem,) = tree.errors("key-unknown")
    assert problem.mark.file == tree.path("site.yaml") and at(problem) == (line, 1)
    assert "organization" in problem.message("zh-Hans")


def test_private_key_is_accepted_only_when_listed_in_site_private(tree):
    tree.edit("site.yaml", "private: [wechat]", "")
    problems = tree.errors("key-unknown")
    assert sorted(p.params["key"] for p in problems) == ["wechat", "wechat"]
    assert {at(p) for p in problems} == {
        tree.line_of(EVENT_YAML, 'wechat: "wxid_paibang_canary_jk"'),
        tree.line_of(EVENT_YAML, 'wechat: "paibang_canary_wx_pl"'),
    }


def test_extra_private_key_listed_in_site_is_accepted(tree):
    tree.edit("site.yaml", "private: [wechat]", "private: [wechat, qq]")
    tree.edit(EVENT_YAML, "- {name: 沙马伍呷, phone: \"13700137222\"}",
              "- {name: 沙马伍呷, phone: \"13700137222\", qq: \"10001\"}")
    _, _, warnings = validate(tree.root)
    assert warnings == []


def test_unlisted_extra_key_on_a_player_is_key_unknown(tree):
    line, _ = tree.edit(EVENT_YAML, "- {name: 沙马伍呷, phone: \"13700137222\"}",
                        "- {name: 沙马伍呷, phone: \"13700137222\", qq: \"10001\"}")
    (problem,) = tree.errors("key-unknown")
    assert problem.params["key"] == "qq" and problem.mark.line == line


# --- entries in results files ----------------------------------------------------------------

def test_unknown_entry_id_is_entry_unknown_at_its_line(tree):
    line, column = tree.edit(PRELIM, "    ew: A10\n", "    ew: A99\n")
    (problem,) = tree.errors("entry-unknown")
    assert problem.mark.file == tree.path(PRELIM)
    assert at(problem) == (line, column + len("    ew: "))
    assert problem.params["id"] == "A99"
    assert "A99" in problem.message("zh-Hans")


def test_entry_ids_differing_only_in_case_are_refused_where_the_second_is(tree):
    line, column = tree.edit(EVENT_YAML, "  - id: A02\n", "  - id: a01\n")
    (problem,) = tree.errors("entry-id-case")
    assert at(problem) == (line, column + len("  - id: "))
    assert problem.params["other"] == "A01" and problem.params["first"] == tree.line_of(EVENT_YAML, "  - id: A01\n")[0]
    assert "只差大小写" in problem.message("zh-Hans") and "a01" in problem.message("zh-Hans")


@pytest.mark.parametrize("typo", ["a10", "A010"])
def test_entry_id_typo_suggests_the_right_entry(tree, typo):
    tree.edit(PRELIM, "    ew: A10\n", f"    ew: {typo}\n")
    (problem,) = tree.errors("entry-unknown")
    assert "是不是 A10" in problem.message("zh-Hans")
    assert "did you mean A10?" in problem.message("en")


def test_letter_o_for_zero_typo_suggests_a10(tree):
    tree.edit(PRELIM, "    ew: A10\n", "    ew: A1O\n")
    (problem,) = tree.errors("entry-unknown")
    assert "是不是 A10" in problem.message("zh-Hans")


def test_entry_twice_in_a_round(tree):
    line, column = tree.edit(PRELIM, "    ew: A11\n", "    ew: A29\n")  # A29 already sits at table 1
    (problem,) = tree.errors("entry-twice-in-round")
    assert problem.mark.file == tree.path(PRELIM)
    assert problem.mark.line == line
    assert problem.params["id"] == "A29" and problem.params["other"] == 1
    assert "A29" in problem.message("zh-Hans") and "1" in problem.message("zh-Hans")


def test_non_qualified_entry_in_the_final_is_entry_not_in_stage(tree):
    table_line, _ = tree.line_of(FINAL, "  - table: 1\n")
    side_line, _ = tree.edit(FINAL, "    ns: A26\n", "    ns: A20\n")  # A20 is 16th: not qualified
    (problem,) = tree.errors("entry-not-in-stage")
    assert problem.mark.file == tree.path(FINAL)
    assert problem.mark.line in (table_line, side_line)
    assert problem.params["id"] == "A20" and problem.params["stage"] == "final"


def test_bye_entry_playing_in_the_prelim_is_entry_bye_played(tree):
    table_line, _ = tree.line_of(PRELIM, "  - table: 1\n")
    side_line, _ = tree.edit(PRELIM, "    ew: A29\n", "    ew: A34\n")
    (problem,) = tree.errors("entry-bye-played")
    assert problem.mark.file == tree.path(PRELIM)
    assert problem.mark.line in (table_line, side_line)
    assert problem.params["id"] == "A34"


# --- board records -------------------------------------------------------------------------

def test_recorded_score_mismatch_shows_both_numbers_at_the_board_line(tree):
    # final, board 4: both vulnerable; 4HX S -2 vulnerable is -500 for NS
    line, column = tree.edit(FINAL, "4: 4HX S -2 -500", "4: 4HX S -2 -300")
    (problem,) = tree.errors("bridge-score-mismatch")
    assert problem.mark.file == tree.path(FINAL)
    assert at(problem) == (line, column + len("4: "))
    assert (problem.params["recorded"], problem.params["computed"]) == (-300, -500)
    for locale in ("zh-Hans", "zh-Hant", "en"):
        message = problem.message(locale)
        assert "-300" in message and "-500" in message
    assert "双方有局" in problem.message("zh-Hans")


def test_bad_board_record_is_bridge_board_syntax_at_line_and_column(tree):
    line, column = tree.edit(PRELIM, "      3: 3C N -2\n", "      3: 3C Q -2\n")
    (problem,) = tree.errors("bridge-board-syntax")
    assert problem.mark.file == tree.path(PRELIM)
    assert at(problem) == (line, column + len("      3: "))
    assert "3C Q -2" in problem.message("zh-Hans")


@pytest.mark.parametrize("written", ['{contract: 1NT, by: N, result: "+82"}',
                                     '\n        contract: 1NT\n        by: N\n        result: "+82"'])
def test_a_board_written_as_a_mapping_is_quoted_by_what_it_holds(tree, written):
    # it was quoted {…}: "cannot read {…}", and the hint's shorthand read as the fix of a record
    # the message did not show
    tree.edit(PRELIM, "      3: 3C N -2\n", f"      3: {written}\n".replace(": \n", ":\n"))
    (problem,) = tree.errors("bridge-board-syntax")
    assert "cannot read {contract: 1NT, by: N, result: +82}: result +82" in problem.message("en")
    assert "{…}" not in problem.message("zh-Hans")


def test_impossible_result_is_reported_at_the_board(tree):
    line, column = tree.edit(PRELIM, "      3: 3C N -2\n", "      3: 7NT N +1\n")
    (problem,) = tree.errors("bridge-impossible-result")
    assert at(problem) == (line, column + len("      3: "))


def test_board_9_in_an_8_board_stage_is_board_number_range(tree):
    line, column = tree.edit(PRELIM, "      8: 1NT E -1\n", "      8: 1NT E -1\n      9: pass\n")
    (problem,) = tree.errors("board-number-range")
    assert problem.mark.file == tree.path(PRELIM)
    assert at(problem) == (line + 1, 7)
    assert problem.params["board"] == 9 and problem.params["boards"] == 8


def test_board_17_in_the_16_board_final_is_board_number_range(tree):
    line, _ = tree.edit(FINAL, "      16: 3NT E +1\n", "      16: 3NT E +1\n      17: pass\n")
    (problem,) = tree.errors("board-number-range")
    assert problem.mark.line == line + 1 and problem.params["boards"] == 16


# --- slugs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("slug", ["Dongke-Bridge-2015", "dongke..2015", "-dongke", "dongke_bridge", "a" * 65])
def test_bad_event_folder_name_is_slug_invalid(tree, slug):
    tree.path(EVENT).rename(tree.root / "events" / slug)
    (problem,) = tree.errors()
    assert problem.code == "slug-invalid"
    assert problem.params["slug"] == slug
    assert problem.mark.file.name == slug


# --- all errors at once -------------------------------------------------------------------------

def test_all_errors_in_different_files_are_reported_by_one_validate(tree):
    tree.edit("site.yaml", "organization: 西昌学院", "organisation: 西昌学院")
    tree.edit(EVENT_YAML, "\ntitle: 动物科学学院桥牌大赛", "\ntitel: 动物科学学院桥牌大赛")
    tree.edit(PRELIM, "    ew: A10\n", "    ew: A99\n")
    tree.edit(FINAL, "4: 4HX S -2 -500", "4: 4HX S -2 -300")
    found = {(p.code, p.mark.file.name) for p in tree.errors()}
    assert {
        ("key-unknown", "site.yaml"),
        ("key-unknown", "event.yaml"),
        ("entry-unknown", "prelim.yaml"),
        ("bridge-score-mismatch", "final.yaml"),
    } <= found


def test_several_errors_in_one_results_file_are_all_reported(tree):
    tree.edit(PRELIM, "      3: 3C N -2\n", "      3: 3C Q -2\n")
    tree.edit(PRELIM, "    ew: A10\n", "    ew: A99\n")
    tree.edit(PRELIM, "      2: 3D S +2 150\n", "      2: 3D S +2 130\n")
    assert sorted(codes(tree.errors())) == ["bridge-board-syntax", "bridge-score-mismatch", "entry-unknown"]


def test_a_round_in_two_files_is_the_later_files_error_naming_both_and_both_files_errors_are_said(tree):
    """final.yaml copied to final-copy.yaml (a secretary's backup), each then edited apart. The
    files are read in name order: final-copy.yaml ("-" before ".") first, so final.yaml is the
    second file of that round: results-round-duplicate there, naming both and the order, at its
    `stage:` (the stage has one round: no `round:`); and the errors in final.yaml's own tables
    are reported too (they were not: the file was dropped unread, its mistakes said only once
    the copy was deleted)."""
    shutil.copy(tree.path(FINAL), tree.path(f"{EVENT}/results/final-copy.yaml"))
    tree.edit(f"{EVENT}/results/final-copy.yaml", "4: 4HX S -2 -500", "4: 4HX S -2 -300")
    line, _ = tree.edit(FINAL, "    ns: A26\n", "    ns: A99\n")
    found = tree.errors()
    assert sorted((p.code, p.mark.file.name) for p in found) == [
        ("bridge-score-mismatch", "final-copy.yaml"), ("entry-unknown", "final.yaml"),
        ("results-round-duplicate", "final.yaml")]
    (duplicate,) = [p for p in found if p.code == "results-round-duplicate"]
    assert at(duplicate) == tree.line_of(FINAL, "final\ntables:")
    assert duplicate.message("en") == ("round 1 of stage final is written in two files: final-copy.yaml and this one, "
                                       "final.yaml; results files are read in name order, and this one, read later, "
                                       "is not counted")
    assert duplicate.message("zh-Hans") == ("阶段 final 第 1 轮写在两个文件里：final-copy.yaml 和本文件 final.yaml；"
                                            "结果文件按文件名顺序读取，后读到的本文件不计")
    assert next(p for p in found if p.code == "entry-unknown").mark.line == line


def test_problems_come_sorted_by_file_and_line(tree):
    tree.edit(PRELIM, "    ew: A10\n", "    ew: A99\n")
    tree.edit(PRELIM, "      3: 3C N -2\n", "      3: 3C Q -2\n")
    problems = tree.problems()
    keys = [(str(p.mark.file), p.mark.line, p.mark.column) for p in problems]
    assert keys == sorted(keys)


# --- languages -----------------------------------------------------------------------------------

def test_messages_in_traditional_chinese(tree):
    tree.edit("site.yaml", "locale: zh-Hans", "locale: zh-Hant")
    tree.edit(EVENT_YAML, "\ntitle: 动物科学学院桥牌大赛", "\ntitel: 动物科学学院桥牌大赛")
    (problem,) = tree.errors("key-unknown")
    text = problem.format("zh-Hant", tree.root)
    assert "錯誤" in text and "未知的鍵 titel" in text and "是不是 title" in text
    assert "可用的鍵" in text


def test_messages_in_english(tree):
    tree.edit("site.yaml", "locale: zh-Hans", "locale: en")
    tree.edit(FINAL, "4: 4HX S -2 -500", "4: 4HX S -2 -300")
    (problem,) = tree.errors("bridge-score-mismatch")
    text = problem.format("en", tree.root)
    assert "error [bridge-score-mismatch]" in text
    assert "recorded NS score -300 differs from the computed -500" in text
    assert "both vulnerable" in text


@pytest.mark.parametrize("locale", ["zh-Hant", "en"])
def test_site_locale_is_read(tree, locale):
    tree.edit("site.yaml", "locale: zh-Hans", f"locale: {locale}")
    site, _, _ = validate(tree.root)
    assert site.locale == locale


def _check_stderr(tree: Tree, capsys) -> str:
    from generator.cli import main

    assert main(["check", "--content", str(tree.root)]) == 1
    return capsys.readouterr().err


@pytest.mark.parametrize(("locale", "words"), [
    ("zh-Hant", ["錯誤", "未知的鍵 titel", "發現 2 處錯誤。"]),
    ("en", ["error [key-unknown]", "unknown key titel; did you mean title?", "2 errors found."]),
])
def test_check_command_speaks_the_site_locale(tree, capsys, locale, words):
    tree.edit("site.yaml", "locale: zh-Hans", f"locale: {locale}")
    tree.edit(EVENT_YAML, "\ntitle: 动物科学学院桥牌大赛", "\ntitel: 动物科学学院桥牌大赛")
    err = _check_stderr(tree, capsys)
    for word in words:
        assert word in err


def test_check_command_locale_with_trailing_comment(tree, capsys):
    tree.edit("site.yaml", "locale: zh-Hans", "locale: en          # zh-Hans (default) | zh-Hant | en")
    tree.edit(EVENT_YAML, "\ntitle: 动物科学学院桥牌大赛", "\ntitel: 动物科学学院桥牌大赛")
    assert "unknown key titel" in _check_stderr(tree, capsys)


# --- the terminal form ---------------------------------------------------------------------------

def test_format_shows_file_line_column_source_line_and_caret(tree):
    line, column = tree.edit(FINAL, "4: 4HX S -2 -500", "4: 4HX S -2 -300")
    (problem,) = tree.errors("bridge-score-mismatch")
    text = problem.format("zh-Hans", tree.root)
    first, source, caret, *rest = text.splitlines()
    value_column = column + len("4: ")
    assert first.startswith(f"content/{FINAL}:{line}:{value_column}: ")
    assert "[bridge-score-mismatch]" in first and "-300" in first and "-500" in first
    assert source.endswith("4: 4HX S -2 -300") and f"{line} |" in source
    assert caret.rstrip().endswith("^")
    assert caret.index("^") == source.index("4HX S -2 -300")
    assert rest and rest[0].lstrip().startswith("→")


def test_format_puts_the_carets_under_a_value_after_chinese_by_terminal_columns(tree):
    """A terminal draws a CJK character two columns wide (East Asian width W or F): the carets
    stand under 学院, four columns of them, not where counting characters would put them."""
    tree.edit(EVENT_YAML, "{name: 张浩然, phone:", "{name: 张浩然, 学院: 动物科学, phone:")
    (problem,) = tree.errors("key-unknown")
    _, source, caret, *_ = problem.format("zh-Hans", tree.root).splitlines()

    def columns(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    assert columns(caret[:caret.index("^")]) == columns(source[:source.index("学院")])
    assert caret.rstrip().endswith(" ^^^^")


def test_format_without_a_line_shows_the_path_only(tree):
    tree.path(EVENT).rename(tree.root / "events" / "Bad..Slug")
    (problem,) = tree.errors()
    text = problem.format("en", tree.root)
    assert text.splitlines()[0].startswith("content/events/Bad..Slug: error [slug-invalid]")
    assert "^" not in text


# --- files the validator must not silently drop --------------------------------------------------

@pytest.mark.parametrize("text", ["- table: 18\n  ns: A01\n", "---\n"])
def test_results_file_that_is_not_a_mapping_is_an_error(tree, text):
    tree.path(f"{EVENT}/results/extra.yaml").write_text(text, encoding="utf-8")
    assert any(p.mark.file.name == "extra.yaml" for p in tree.errors())


def test_event_yaml_with_only_a_document_marker_is_an_error(tree):
    tree.path(EVENT_YAML).write_text("---\n", encoding="utf-8")
    assert any(p.mark.file.name == "event.yaml" for p in tree.errors())


@pytest.mark.parametrize("text", ["---\n", "- title: x\n"])
def test_site_yaml_that_is_not_a_mapping_is_reported(tree, text):
    tree.path("site.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(tree.root)
    assert any(p.mark.file.name == "site.yaml" for p in caught.value.problems)


def test_empty_results_file_is_yaml_empty(tree):
    tree.path(f"{EVENT}/results/extra.yaml").write_text("", encoding="utf-8")
    (problem,) = tree.errors()
    assert problem.code == "yaml-empty" and problem.mark.file.name == "extra.yaml"


def test_yaml_alias_in_a_results_file_is_reported_with_its_line(tree):
    line, _ = tree.edit(PRELIM, "      3: 3C N -2\n", "      3: &b 3C N -2\n")
    (problem,) = tree.errors()
    assert problem.code == "yaml-alias" and problem.mark.line == line


# --- ranking facts of the demo event ---------------------------------------------------------------

@pytest.fixture(scope="module")
def stages(demo):
    _, results, _ = demo
    bridge = next(r for r in results if r.event.slug == "dongke-bridge-2015")
    return {stage.stage.id: stage for stage in bridge.stages}


def standing(stage, entry_id):
    return next(s for s in stage.standings if s.entry.id == entry_id)


PRELIM_QUALIFIERS = "A10 A09 A08 A32 A02 A12 A25 A06 A13 A28 A31 A22 A14 A26 A19".split()


def test_prelim_qualifiers_are_the_top_15_in_order(stages):
    prelim = stages["prelim"]
    assert [e.id for e in prelim.qualifiers] == PRELIM_QUALIFIERS
    assert sorted(s.entry.id for s in prelim.standings if s.qualified) == sorted(PRELIM_QUALIFIERS)
    assert [s.entry.id for s in prelim.standings[:15]] == PRELIM_QUALIFIERS
    assert [s.rank for s in prelim.standings[:15]] == list(range(1, 16))


def test_bye_entry_goes_through_to_the_final(stages):
    assert [e.id for e in stages["prelim"].byes] == ["A34"]
    assert sorted(e.id for e in stages["final"].field) == sorted(PRELIM_QUALIFIERS + ["A34"])


def test_tie_at_the_cut_is_broken_by_first_board(stages):
    prelim = stages["prelim"]
    a19, a20 = standing(prelim, "A19"), standing(prelim, "A20")
    assert a19.tally.metrics["total"] == a20.tally.metrics["total"] == 900
    assert (a19.tally.metrics["first_board"], a20.tally.metrics["first_board"]) == (140, 0)
    assert (a19.rank, a19.rank_label, a19.qualified) == (15, "15", True)
    assert (a20.rank, a20.rank_label, a20.qualified) == (16, "16", False)


def test_full_tie_shares_a_rank(stages):
    prelim = stages["prelim"]
    a03, a29 = standing(prelim, "A03"), standing(prelim, "A29")
    assert a03.tally.metrics["total"] == a29.tally.metrics["total"]
    assert a03.tally.metrics["first_board"] == a29.tally.metrics["first_board"]
    assert (a03.rank, a03.rank_label) == (26, "26=")
    assert (a29.rank, a29.rank_label) == (26, "26=")
    # the next entry is 28th, not 27th
    assert [s.rank for s in prelim.standings if s.rank is not None].count(27) == 0
    assert 28 in [s.rank for s in prelim.standings]


def test_forfeiting_entry_is_unranked(stages):
    a01 = standing(stages["prelim"], "A01")
    assert a01.rank is None and a01.rank_label == "—" and not a01.qualified
    assert a01.tally.forfeited


def test_substitutes_are_never_ranked(stages):
    for stage in stages.values():
        assert "SUB" not in {s.entry.id for s in stage.standings}


FINAL_TOP = [
    # (rank, entry, total, prize)
    (1, "A14", 3660, "一等奖"),
    (2, "A06", 3080, "二等奖"),
    (3, "A13", 3040, "二等奖"),
    (4, "A28", 2790, "三等奖"),
    (5, "A31", 2560, "三等奖"),
    (6, "A22", 2280, "三等奖"),
    (7, "A32", None, None),
]


@pytest.mark.parametrize(("rank", "entry_id", "total", "prize"), FINAL_TOP)
def test_final_standings_and_prizes(stages, rank, entry_id, total, prize):
    final = stages["final"]
    row = standing(final, entry_id)
    assert row.rank == rank
    if total is not None:
        assert row.tally.metrics["total"] == total
    assert (row.prize.name if row.prize else None) == prize


def test_final_prizes_go_to_six_pairs_only(stages):
    awarded = [(s.entry.id, s.prize.name) for s in stages["final"].standings if s.prize]
    assert awarded == [("A14", "一等奖"), ("A06", "二等奖"), ("A13", "二等奖"),
                       ("A28", "三等奖"), ("A31", "三等奖"), ("A22", "三等奖")]


def test_final_has_all_sixteen_pairs_ranked(stages):
    final = stages["final"]
    assert len(final.standings) == 16
    assert all(s.rank is not None for s in final.standings)


def test_a_mark_pickles_as_its_three_fields():
    """A mark is pickled as tuple.__new__(Mark, (file, line, column)) (errors.Mark.__reduce__),
    not by a named tuple's own protocol-2 way (copyreg, __getnewargs__), which pickled an
    event's marks into the event cache a quarter slower, nor as Mark(...), which calls the
    named tuple's Python __new__ for each mark unpickled; it comes back as the same mark, of
    the same type."""
    import pickle

    from generator.errors import Mark

    mark = Mark(Path("/content/events/x/results/round-1.yaml"), 12, 5)
    assert mark.__reduce__() == (tuple.__new__, (Mark, (mark.file, 12, 5)))
    again = pickle.loads(pickle.dumps([mark, Mark(mark.file)], protocol=pickle.HIGHEST_PROTOCOL))
    assert again == [mark, Mark(mark.file, 0, 0)] and all(type(m) is Mark for m in again)
    assert str(again[0]) == f"{mark.file}:12:5" and str(again[1]) == str(mark.file)


def test_a_misspelt_stage_format_is_one_error_not_one_per_results_file_and_reference(tree):
    """`format: swis`-like misspellings: the stage is still known by its id, so its results file,
    the stage advancing to it and the officials naming it do not each report "no stage final"
    with an empty list of stages; the one error is the format's."""
    line, column = tree.edit(EVENT_YAML, "    date: 2015-05-22\n    format: matches\n",
                             "    date: 2015-05-22\n    format: matchs\n")
    found = tree.errors()
    assert codes(found) == ["value-choice"]
    assert at(found[0]) == (line + 1, 13) and "matches" in found[0].message("zh-Hans")


def test_an_unknown_side_names_the_entries_file_and_guesses_a_team_without_a_table(tmp_path):
    """After import the entries are in entries.yaml: the hint names that file, not event.yaml's
    `entries`. T10 typed where T01 already sits at the table: the guess is T07, the one team of
    the round without a table, not a team seated elsewhere."""
    from tests.support import new_event

    folder = new_event(tmp_path, "cup", "title: 掼蛋杯\ngame: guandan\ndate: 2026-01-10\n", "T0", 8,
                       "  - {id: main, name: 瑞士移位赛, format: swiss, rounds: 3, rank_by: [wins, level_diff]}\n")
    event = (folder / "event.yaml").read_text(encoding="utf-8")
    head, rest = event.split("entries:\n", 1)
    listed, stages = rest.split("stages:\n", 1)
    (folder / "entries.yaml").write_text(listed, encoding="utf-8")
    (folder / "event.yaml").write_text(f"{head}entries: entries.yaml\nstages:\n{stages}", encoding="utf-8")
    tables = [("T01", "T10"), ("T02", "T03"), ("T04", "T05"), ("T06", "T08")]
    (folder / "results" / "round-1.yaml").write_text("stage: main\nround: 1\ntables:\n" + "".join(
        f"  - {{table: {n}, teams: [{a}, {b}], levels: {{{a}: A+, {b}: 5}}}}\n" for n, (a, b) in enumerate(tables, 1)),
        encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    (problem,) = [p for p in failure.value.problems if p.code == "entry-unknown"]
    assert "是不是 T07" in problem.message("zh-Hans") and "did you mean T07?" in problem.message("en")
    assert problem.hint("zh-Hans") == "使用 entries.yaml 中列出的参赛编号。"
    assert "entries.yaml" in problem.hint("en") and "event.yaml" not in problem.hint("en")


def test_a_value_of_the_wrong_kind_is_quoted_as_yaml_writes_it_not_as_python(tree):
    """A table item left `null` or written `true` was said "这里是 None" / "这里是 True", Python's
    words in a secretary's message, with the hint "按格式改写这个值" naming no form."""
    tree.edit(PRELIM, "tables:\n", "tables:\n  - null\n  - true\n")
    found = tree.errors("type-expected")
    assert [p.message("zh-Hans") for p in found] == ["tables[1] 应为键值表（key: value），这里是 空值",
                                                   "tables[2] 应为键值表（key: value），这里是 true"]
    assert found[1].message("en") == "tables[2] should be a mapping (key: value), found true"
    assert "改写成键值表（key: value）" in found[0].hint("zh-Hans")
    assert not any("None" in p.message(locale) or "True" in p.message(locale) for p in found for locale in ("zh-Hans", "en"))
