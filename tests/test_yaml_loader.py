"""The content YAML loader: YAML 1.2 core semantics, refusals, duplicate keys and marks."""

from __future__ import annotations

import errno
import hashlib
import math
import os
import re
from pathlib import Path

import pytest

from generator.content.yaml_loader import YamlList, YamlMap, load_yaml, load_yaml_text, read_content_text
from generator.errors import Problems

PATH = Path("/content/events/x/results/r.yaml")


def load(text: str):
    problems = Problems()
    value = load_yaml_text(text, PATH, problems)
    return value, problems.items


def load_clean(text: str):
    value, problems = load(text)
    assert problems == [], [(p.code, p.params) for p in problems]
    return value


def only_problem(text: str):
    value, problems = load(text)
    assert len(problems) == 1, [(p.code, p.mark, p.params) for p in problems]
    return value, problems[0]


# --- YAML 1.2 core: what stays text ------------------------------------------------------

@pytest.mark.parametrize("word", ["NO", "no", "No", "yes", "Yes", "YES", "on", "On", "off", "OFF", "y", "Y", "n", "N"])
def test_yaml_11_booleans_stay_strings(word):
    assert load_clean(f"a: {word}\n") == {"a": word}


def test_time_10_30_is_the_string_not_sexagesimal_630():
    assert load_clean("start: 10:30\n") == {"start": "10:30"}
    assert load_clean("t: 1:20:30\n") == {"t": "1:20:30"}


def test_equals_sign_is_a_string():
    assert load_clean("1: =\n") == {1: "="}
    assert load_clean("boards: {1: 4S N =}\n") == {"boards": {1: "4S N ="}}


@pytest.mark.parametrize("text", ["date: 2015-05-15", "date: '2015-05-15'", 'date: "2015-05-15"'])
def test_date_stays_a_string_bare_or_quoted(text):
    value = load_clean(text + "\n")
    assert value == {"date": "2015-05-15"} and isinstance(value["date"], str)


def test_dates_in_a_flow_list_stay_strings():
    assert load_clean("dates: [2015-05-15, 2015-05-22]\n") == {"dates": ["2015-05-15", "2015-05-22"]}


def test_underscored_number_and_binary_are_strings_in_core_schema():
    assert load_clean("a: 1_000\nb: 0b101\n") == {"a": "1_000", "b": "0b101"}


def test_venue_number_in_quotes_stays_text():
    assert load_clean('venue: "7201"\n') == {"venue": "7201"}


# --- YAML 1.2 core: typed scalars --------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("true", True), ("True", True), ("TRUE", True),
    ("false", False), ("False", False), ("FALSE", False),
])
def test_true_false_are_booleans(text, expected):
    value = load_clean(f"bye: {text}\n")["bye"]
    assert value is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("42", 42), ("-7", -7), ("+1", 1), ("-2", -2), ("0", 0), ("010", 10),
    ("0x1F", 31), ("0x1f", 31), ("0o17", 15), ("20150515", 20150515),
])
def test_integers(text, expected):
    value = load_clean(f"n: {text}\n")["n"]
    assert value == expected and type(value) is int


@pytest.mark.parametrize(("text", "expected"), [
    ("1.5", 1.5), ("-0.5", -0.5), (".5", 0.5), ("1e3", 1000.0), ("1E-2", 0.01), ("2.", 2.0),
])
def test_floats(text, expected):
    value = load_clean(f"x: {text}\n")["x"]
    assert type(value) is float and value == pytest.approx(expected)


def test_infinities_and_nan():
    value = load_clean("a: .inf\nb: -.inf\nc: .nan\n")
    assert value["a"] == math.inf and value["b"] == -math.inf and math.isnan(value["c"])


@pytest.mark.parametrize("text", ["a: ~", "a: null", "a: Null", "a: NULL", "a:"])
def test_null_forms(text):
    assert load_clean(text + "\n") == {"a": None}


def test_board_number_keys_are_integers():
    assert list(load_clean("boards:\n  1: pass\n  16: pass\n")["boards"]) == [1, 16]


def test_quoted_strings_keep_their_text():
    assert load_clean("a: 'NO'\nb: \"true\"\nc: '42'\n") == {"a": "NO", "b": "true", "c": "42"}


def test_bom_and_chinese_text():
    assert load_clean("\ufeff名称: 桥牌大赛\n") == {"名称": "桥牌大赛"}


def test_mappings_and_lists_are_marked_types():
    value = load_clean("a:\n  - 1\n  - {b: 2}\n")
    assert isinstance(value, YamlMap)
    assert isinstance(value["a"], YamlList)
    assert isinstance(value["a"][1], YamlMap)


def test_a_scalar_typed_before_is_read_anew_when_quoted_tagged_or_anchored():
    """The fast reading takes a plain scalar it has typed before without looking at it again
    (yaml_loader._TYPED, looked up in _FastReader.collection): the same text quoted, tagged or
    anchored, as a key, a value or an item, is still read for what it is."""
    assert load_clean("a: 17\nb: [17, 17]\n17: x\n") == {"a": 17, "b": [17, 17], 17: "x"}  # 17 typed, kept
    assert load_clean("a: '17'\nb: ['17', \"17\"]\n'17': x\n") == {"a": "17", "b": ["17", "17"], "17": "x"}
    assert load_clean("a: !!str 17\nb: [!!str 17]\n!!str 17: x\n") == {"a": "17", "b": ["17"], "17": "x"}
    for text, column in (("a: &n 17\n", 4), ("b: [&n 17]\n", 5), ("&n 17: x\n", 1)):
        value, problem = only_problem(text)
        assert value is None and (problem.code, problem.mark.line, problem.mark.column) == ("yaml-alias", 1, column)


# --- refusals ------------------------------------------------------------------------------

def test_anchor_is_refused_as_yaml_alias_at_its_line():
    value, problem = only_problem("title: x\nbase: &b {x: 1}\nother: *b\n")
    assert value is None
    assert problem.code == "yaml-alias"
    assert (problem.mark.file, problem.mark.line, problem.mark.column) == (PATH, 2, 7)


def test_alias_is_refused_as_yaml_alias_at_its_line():
    value, problem = only_problem("title: x\nstage: final\nnote: *x\n")
    assert value is None
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-alias", 3, 7)


def test_merge_key_with_alias_is_refused():
    value, problem = only_problem("a: 1\nother:\n  <<: *base\n  x: 2\n")
    assert value is None
    assert (problem.code, problem.mark.line) == ("yaml-alias", 3)


def test_merge_key_with_anchor_is_refused():
    value, problem = only_problem("base: &a {x: 1}\nother:\n  <<: *a\n")
    assert value is None
    assert (problem.code, problem.mark.line) == ("yaml-alias", 1)


def test_merge_key_without_alias_never_merges():
    # `<<` is no merge in YAML 1.2 core: at most a plain key (which the validator then rejects)
    value, problems = load("other:\n  <<: {x: 1}\n")
    assert value is None or "x" not in value["other"]


def test_billion_laughs_is_refused_quickly():
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for n in "bcdefghi":
        prev = chr(ord(n) - 1)
        text += f"{n}: &{n} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
    value, problem = only_problem(text)
    assert value is None and problem.code == "yaml-alias"


def test_python_object_tag_is_refused():
    value, problem = only_problem("title: x\nrun: !!python/object/apply:os.system [echo hi]\n")
    assert value is None
    assert problem.code == "yaml-tag"
    assert (problem.mark.line, problem.mark.column) == (2, 6)
    assert "python/object" in str(problem.params["tag"])


def test_local_tag_is_refused():
    value, problem = only_problem("a: 1\nb: !custom 2\n")
    assert (problem.code, problem.mark.line) == ("yaml-tag", 2)


# --- duplicate keys --------------------------------------------------------------------------

def test_duplicate_key_reported_with_both_lines_and_loading_continues():
    value, problems = load("title: one\nvenue: 7201\ntitle: two\ngame: bridge\n")
    assert [p.code for p in problems] == ["yaml-duplicate-key"]
    problem = problems[0]
    assert problem.mark.line == 3 and problem.mark.column == 1
    assert problem.params["first"] == 1 and problem.params["key"] == "title"
    # the message shows the first line too
    assert "1" in problem.message("en") and "title" in problem.message("en")
    # loading went on: the rest of the document is there
    assert value == {"title": "one", "venue": 7201, "game": "bridge"}


def test_every_duplicate_key_is_reported():
    value, problems = load("boards:\n  1: pass\n  2: pass\n  1: 4S N =\n  2: 3NT E =\n  3: pass\n")
    assert [(p.code, p.mark.line, p.params["first"]) for p in problems] == [
        ("yaml-duplicate-key", 4, 2), ("yaml-duplicate-key", 5, 3)]
    assert list(value["boards"]) == [1, 2, 3]


def test_duplicate_key_in_flow_mapping():
    _, problem = only_problem("a: {b: 1, b: 2}\n")
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-duplicate-key", 1, 11)


# --- syntax and empty files -----------------------------------------------------------------

def test_syntax_error_has_line_and_column():
    value, problem = only_problem("title: x\ngame: bridge: yes\n")
    assert value is None
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-colon-here", 2, 13)
    assert "加引号" in problem.hint("zh-Hans")


def test_a_syntax_error_yaml_has_no_words_for_says_its_own():
    _, problem = only_problem("title: x\n---\ntitle: y\n")
    assert problem.code == "yaml-syntax" and problem.params["problem"]


def test_unclosed_flow_list_is_said_where_it_opens():
    """PyYAML gives up on the next line; the bracket to close is on this one."""
    _, problem = only_problem("a: [1, 2\nb: 3\n")
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-bracket-open", 1, 4)
    assert problem.message("zh-Hans") == "这里的 [ 没有对应的 ]"


def test_an_unclosed_flow_mapping_in_a_results_file_is_said_at_its_table():
    text = "round: 3\ntables:\n  - table: 1\n    levels: {T05: Q, T04: 9   # 记错了\n  - table: 2\n"
    _, problem = only_problem(text)
    assert (problem.code, problem.mark.line, problem.params["close"]) == ("yaml-bracket-open", 4, "}")


@pytest.mark.parametrize("line", ["    levels：{T01: Q, T02: 9}", "    levels ：{T01: Q, T02: 9}"])
def test_a_full_width_colon_is_named_at_its_place(line):
    """A Chinese input method's colon: YAML reads the line as text and stops at the next colon
    (here inside the braces); the line and the colon to change are named."""
    _, problem = only_problem(f"round: 3\ntables:\n  - table: 1\n    teams: [T01, T02]\n{line}\n")
    assert (problem.code, problem.mark.line, problem.params["key"]) == ("yaml-full-width-colon", 5, "levels")
    assert line[problem.mark.column - 1] == "："
    assert "半角冒号" in problem.hint("zh-Hans")


def test_a_full_width_colon_before_the_line_yaml_stops_at_is_named():
    _, problem = only_problem("round：3\ntables:\n  - table: 1\n")
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-full-width-colon", 1, 6)


def test_a_key_without_its_colon_is_said_at_its_line():
    _, problem = only_problem("round: 3\ntables:\n  - table: 1\n    teams [T01, T02]\n    levels: {T01: Q}\n")
    assert (problem.code, problem.mark.line) == ("yaml-colon-missing", 4)


def test_tab_indentation_is_said_at_the_tab():
    _, problem = only_problem("boards:\n\t1: pass\n")
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-tab", 2, 1)
    assert "Tab" in problem.message("zh-Hans") and "tab" in problem.message("en")


def test_a_tab_inside_a_line_is_said_as_such_not_as_its_indentation():
    """`- table: 3<tab># by hand` (a tab before a comment) and `[T05,<tab>T06]`: PyYAML refuses
    both (ruamel the first; libyaml reads both), and the line is not indented with a tab, which
    is what was said, its fix lining the line up with its level's."""
    for text, column in (("round: 3\ntables:\n  - table: 3\t# by hand\n    teams: [T05, T06]\n", 13),
                         ("round: 3\ntables:\n  - table: 3\n    teams: [T05,\tT06]\n", 17)):
        _, problem = only_problem(text)
        assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-tab-in-line", 3 if column == 13 else 4, column)
        assert "\u4e2d\u95f4" in problem.message("zh-Hans") and "inside this line" in problem.message("en")
        assert "\u7f29\u8fdb" not in problem.message("zh-Hans")  # (not "indented")


def test_two_documents_are_yaml_syntax():
    _, problem = only_problem("a: 1\n---\nb: 2\n")
    assert problem.code == "yaml-syntax"


def test_control_character_is_named_at_its_place_not_a_crash():
    value, problem = only_problem("title: x\nvenue: '72\x0701'\n")
    assert value is None and problem.code == "yaml-control-char"
    assert (problem.mark.line, problem.mark.column, problem.params["char"]) == (2, 11, "U+0007")
    assert "indentation" not in problem.hint("en") and "delete it" in problem.hint("en")


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file_is_yaml_empty(text):
    value, problem = only_problem(text)
    assert value is None and problem.code == "yaml-empty"


def test_too_deep_nesting_is_refused():
    value, problem = only_problem("a: " + "[" * 40 + "]" * 40 + "\n")
    assert value is None and problem.code == "yaml-too-deep"


def test_load_yaml_reads_a_file(tmp_path):
    path = tmp_path / "site.yaml"
    path.write_text("title: 校园\nlocale: zh-Hans\n", encoding="utf-8")
    problems = Problems()
    assert load_yaml(path, problems) == {"title": "校园", "locale": "zh-Hans"}
    assert problems.items == []
    assert load_yaml(path, problems).mark.file == path


def test_load_yaml_gbk_file_is_file_saved_as_ansi(tmp_path):
    path = tmp_path / "event.yaml"
    path.write_bytes("title: 桥牌\n".encode("gbk"))
    problems = Problems()
    assert load_yaml(path, problems) is None
    assert [(p.code, p.params["encoding"]) for p in problems.items] == [("file-saved-as-ansi", "GBK/GB18030")]


# --- marks --------------------------------------------------------------------------------------

MARKED = """\
title: Hello
stages:
  - id: prelim
    boards: 8
  - id: final
dates: [2015-05-15, 2015-05-22]
名称: 桥牌
tables:
  - table: 1
    boards:
      1: 4S N = 420
      12: {contract: 4H, by: N, result: "="}
"""


@pytest.fixture(scope="module")
def marked():
    return load_clean(MARKED)


def where(mark):
    return (mark.line, mark.column)


def test_key_marks_are_one_based(marked):
    assert where(marked.key_marks["title"]) == (1, 1)
    assert where(marked.key_marks["stages"]) == (2, 1)
    assert where(marked.key_marks["名称"]) == (7, 1)
    assert marked.key_marks["title"].file == PATH


def test_value_marks_point_at_the_value(marked):
    assert where(marked.value_marks["title"]) == (1, 8)
    assert where(marked.value_marks["dates"]) == (6, 8)
    # columns count characters, not bytes
    assert where(marked.value_marks["名称"]) == (7, 5)


def test_item_marks_of_block_and_flow_lists(marked):
    assert [where(m) for m in marked["stages"].item_marks] == [(3, 5), (5, 5)]
    assert [where(m) for m in marked["dates"].item_marks] == [(6, 9), (6, 21)]


def test_nested_mapping_marks(marked):
    stage = marked["stages"][0]
    assert where(stage.mark) == (3, 5)
    assert where(stage.key_marks["boards"]) == (4, 5)
    assert where(stage.value_marks["boards"]) == (4, 13)
    assert where(marked["stages"][1].key_marks["id"]) == (5, 5)


def test_board_keys_and_values_are_marked(marked):
    boards = marked["tables"][0]["boards"]
    assert where(boards.key_marks[1]) == (11, 7)
    assert where(boards.value_marks[1]) == (11, 10)
    assert where(boards.value_marks[12]) == (12, 11)
    assert where(boards[12].value_marks["result"]) == (12, 41)


# --- results files as `paibang pair` writes them: read line by line -------------------------------

ROUND = """\
# 瑞士移位赛 第 2 轮对阵，由 paibang pair 编排（瑞士制）。
# draw-order: T01=1 T02=1 T03=0
stage: main
round: 2
tables:
  - table: 1    # 胜场 1 : 1
    teams: [T01, T02]
    deals: [T01+3, T02+1, T01+2]
  - table: 2
    teams: [T03, T04]
    # deals: [T03+1]
  - table: 3
    teams: [T05]
    winner: T05
"""


def test_a_drawn_round_is_read_by_lines_as_libyaml_reads_it():
    from generator.content import yaml_loader

    plain = yaml_loader._load_plain_rounds(ROUND, PATH)
    fast = yaml_loader._load_fast(ROUND, yaml_loader._Where(PATH, ROUND))
    assert plain == fast == load_clean(ROUND)
    assert plain["round"] == 2 and plain["tables"][0]["deals"] == ["T01+3", "T02+1", "T01+2"]

    def marks(value):
        if isinstance(value, YamlMap):
            return [where(value.mark), [(k, where(value.key_marks[k]), where(value.value_marks[k]), marks(v))
                                        for k, v in value.items()]]
        if isinstance(value, YamlList):
            return [where(value.mark), [(where(m), marks(v)) for m, v in zip(value.item_marks, value)]]
        return None

    assert marks(plain) == marks(fast)
    assert where(plain.value_marks["tables"]) == (6, 3)  # the list starts at its first "-"
    assert where(plain["tables"][0].mark) == (6, 5)
    assert [where(m) for m in plain["tables"][0]["deals"].item_marks] == [(8, 13), (8, 20), (8, 27)]


@pytest.mark.parametrize("change", [
    ("table: 3\n", "table: 3\n    levels: {T05: A}\n"),  # a mapping in braces
    ("winner: T05", "winner: 'T05'"),  # quoted
    ("winner: T05", "winner:"),  # blank
    ("round: 2", "round: 2\nround: 3"),  # a duplicate key
    ("  - table: 3", "  -  table: 3"),  # another indentation
    ("stage: main", "stage: main\u2028round: 3"),  # a line separator libyaml breaks lines at
])
def test_a_results_file_written_otherwise_is_read_by_libyaml_or_pyyaml(change):
    from generator.content import yaml_loader

    text = ROUND.replace(*change)
    with pytest.raises(yaml_loader._NotFast):
        yaml_loader._load_plain_rounds(text, PATH)


def test_a_content_file_is_read_as_it_is_when_read_even_when_it_grew_since_its_size_was_taken(tmp_path: Path) -> None:
    """snapshot reads a file as the size its stats gave, then on: a file that grew in between is
    read whole up to the limit, and one past the limit still says so (one byte more)."""
    from generator.content import snapshot

    path = tmp_path / "results.yaml"
    path.write_bytes(b"x" * 100)
    with open(path, "rb") as handle:
        assert snapshot._read_up_to(handle, 10, 1000) == b"x" * 100  # stats said 10 bytes
    with open(path, "rb") as handle:
        assert len(snapshot._read_up_to(handle, 10, 50)) == 51  # over the limit
    with open(path, "rb") as handle:
        assert snapshot._read_up_to(handle, 100, 1000) == b"x" * 100
    with pytest.raises(snapshot.TooLarge):
        snapshot.read(path, 50)


def grow_after_its_stats(patch: pytest.MonkeyPatch, path: Path, more: bytes) -> list[os.stat_result]:
    """os.fstat, but `more` appended to `path` just after its stats are first taken: the file
    really grows between its stats and its reading. Gives the stats taken (the old size)."""
    fstat, inode, taken = os.fstat, path.stat().st_ino, []

    def stats_then_grow(fd: int) -> os.stat_result:
        found = fstat(fd)
        if found.st_ino == inode and not taken:
            taken.append(found)
            with open(path, "ab") as handle:
                handle.write(more)
        return found

    patch.setattr(os, "fstat", stats_then_grow)
    return taken


def test_a_file_that_grows_after_its_stats_is_read_and_hashed_whole(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """snapshot.read and snapshot.feed take a file's size from its stats, then read it: one saved
    longer in between is read whole, as it is when read, and the bytes hashed are the bytes
    parsed."""
    from generator.content import snapshot

    first, more = b"stage: main\n", b"round: 1\n" * 1000
    for name in ("read.yaml", "fed.yaml", "alone.yaml"):
        (tmp_path / name).write_bytes(first)
    with snapshot.taking(), monkeypatch.context() as patch:
        grown = grow_after_its_stats(patch, tmp_path / "read.yaml", more)
        assert snapshot.read(tmp_path / "read.yaml") == first + more
        assert grown[0].st_size == len(first)  # its stats said the old size
        digest = hashlib.sha256()
        snapshot.feed(digest, tmp_path / "read.yaml")
        assert digest.digest() == hashlib.sha256(first + more).digest()
    with snapshot.taking(), monkeypatch.context() as patch:
        grown = grow_after_its_stats(patch, tmp_path / "fed.yaml", more)
        digest = hashlib.sha256()
        snapshot.feed(digest, tmp_path / "fed.yaml")
        assert grown[0].st_size == len(first)
        assert digest.digest() == hashlib.sha256(first + more).digest()
        (tmp_path / "fed.yaml").write_bytes(b"stage: final\n")  # saved again after it was hashed
        assert snapshot.read(tmp_path / "fed.yaml") == first + more  # parsed as hashed
    with monkeypatch.context() as patch:  # no build running: read as it is all the same
        grow_after_its_stats(patch, tmp_path / "alone.yaml", more)
        assert snapshot.read(tmp_path / "alone.yaml") == first + more


def test_a_file_that_grows_past_the_limit_after_its_stats_is_refused(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose stats say it is small but that grows past the 2 MB limit before it is read is
    read no further than the limit and one byte more: refused by read (TooLarge, the loader's
    file-too-large) and stamped by feed (its size as read and the time its stats gave), as a
    file its stats show too large; neither keeps it for the build."""
    from generator.content import snapshot

    limit = snapshot.KEEP_AT_MOST
    first, more = b"stage: main\n", b"#" * limit
    read_path, loaded_path, fed_path = tmp_path / "read.yaml", tmp_path / "loaded.yaml", tmp_path / "fed.yaml"
    for path in (read_path, loaded_path, fed_path):
        path.write_bytes(first)
    with snapshot.taking():
        with monkeypatch.context() as patch:
            grow_after_its_stats(patch, read_path, more)
            with pytest.raises(snapshot.TooLarge) as refused:
                snapshot.read(read_path)
        assert refused.value.size == limit + 1  # the limit and one byte more read, no further
        read_path.write_bytes(first)  # saved short again: read as it is now, the long one was not kept
        assert snapshot.read(read_path) == first
        with monkeypatch.context() as patch:
            grow_after_its_stats(patch, loaded_path, more)
            problems = Problems()
            assert read_content_text(loaded_path, problems) is None
        assert [(p.code, p.params["size"]) for p in problems.errors] == [("file-too-large", limit + 1)]
        with monkeypatch.context() as patch:
            grown = grow_after_its_stats(patch, fed_path, more)
            digest = hashlib.sha256()
            snapshot.feed(digest, fed_path)
        stamp = b"\0stamp\0%d\0%d" % (limit + 1, grown[0].st_mtime_ns)
        assert digest.digest() == hashlib.sha256(stamp).digest()
        with pytest.raises(snapshot.TooLarge) as refused:  # not kept: read again, refused by its stats
            snapshot.read(fed_path)
        assert refused.value.size == len(first) + len(more)


def test_a_file_let_go_and_read_again_must_be_as_it_was_read(tmp_path: Path) -> None:
    """A build lets go of the events' files once read (snapshot.let_go): one read again later (an
    event read again because the event cache lost it) is refused when it has changed since, not
    parsed under its old bytes' digest; as it was, it is read again."""
    from generator.content import snapshot

    kept, gone = tmp_path / "notice.md", tmp_path / "results.yaml"
    kept.write_text("# 通知\n", encoding="utf-8")
    gone.write_text("stage: main\n", encoding="utf-8")
    with snapshot.taking():
        snapshot.read(kept), snapshot.read(gone)
        snapshot.let_go(keep=lambda path: path.endswith(".md"))
        kept.write_text("# 改了\n", encoding="utf-8")
        assert snapshot.read(kept) == "# 通知\n".encode()  # kept: as first read
        assert snapshot.read(gone) == b"stage: main\n"  # let go, read again, unchanged
        snapshot.let_go(keep=lambda path: False)
        gone.write_text("stage: final\n", encoding="utf-8")
        with pytest.raises(snapshot.Changed):
            snapshot.read(gone)
        problems = Problems()
        assert read_content_text(gone, problems) is None
        assert [p.code for p in problems.errors] == ["file-unreadable"]
        # why, in the site's language, not the English the error carries
        assert problems.errors[0].message("zh-Hans") == "无法读取文件：文件在本次生成过程中被改动了，请重新生成"
        with pytest.raises(snapshot.Changed):  # hashed again: the same check
            snapshot.feed(hashlib.sha256(), gone)


@pytest.mark.parametrize(("text", "code", "line", "said"), [
    # a colon and a space inside braces on the brace's own line: not a brace left open
    ("1: {open: 85 : 40, closed: 130}\n", "yaml-colon-here", 1, "这里不能有“冒号加空格”"),
    ("a: [1, 2\nb: 3\n", "yaml-bracket-open", 1, "这里的 [ 没有对应的 ]"),
    ("officials: []\n  - id: ko\n", "yaml-indent", 2, "这一行的缩进与上面同一层的行不一致"),
    ("stage: 'prelim\n", "yaml-quote-open", 1, "这里的引号 ' 没有配对"),
    ("note: @home\n", "yaml-reserved-start", 1, "值不能以 @ 开头"),
    ('note: "C:\\qq"\n', "yaml-escape", 1, "双引号里的 \\q 不是 YAML 认识的转义"),
])
def test_the_yaml_mistakes_secretaries_make_are_said_in_the_sites_words(tmp_path, text, code, line, said) -> None:
    """PyYAML's English ("expected <block end>, but found '<block sequence start>'") stood inside
    the Chinese message, and `{open: 85 : 40}` was said as a brace never closed."""
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    load_yaml(path, problems)
    assert [(p.code, p.mark.line, p.message("zh-Hans")) for p in problems.items] == [(code, line, said)]


@pytest.mark.parametrize(("number", "said"), [(errno.EACCES, "没有读取权限"), (errno.ENOENT, "文件或文件夹不存在")])
def test_a_file_the_system_will_not_let_be_read_is_said_why_in_the_sites_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, number: int, said: str) -> None:
    """file-unreadable gave the system's English ("Permission denied") inside a Chinese message;
    the desk said the same refusal in the site's words. One way for both (errors.system_reason)."""
    from generator.content import snapshot

    path = tmp_path / "round-1.yaml"
    path.write_text("stage: main\n", encoding="utf-8")

    def refused(*args: object, **kwargs: object) -> bytes:
        raise OSError(number, os.strerror(number), str(path))

    monkeypatch.setattr(snapshot, "read", refused)
    problems = Problems()
    assert read_content_text(path, problems) is None
    [problem] = problems.errors
    assert problem.code == "file-unreadable" and problem.message("zh-Hans") == f"无法读取文件：{said}"
    assert os.strerror(number) not in problem.message("zh-Hant")


def test_a_full_width_colon_in_braces_is_said_at_it_and_read_as_a_colon_a_name_holding_one_is_not():
    problems = Problems()
    value = load_yaml_text("levels: {T05\uff1aQ, T21\uff1a 9}\ntitle: \u51b3\u8d5b\uff1a\u7b2c\u4e00\u8f6e\n"
                           "names: {a: \u51b3\u8d5b\uff1a\u7b2c\u4e00\u8f6e, \"b\uff1ac\": 1}\n", Path("r.yaml"), problems)
    assert value == {"levels": {"T05": "Q", "T21": 9}, "title": "\u51b3\u8d5b\uff1a\u7b2c\u4e00\u8f6e",
                     "names": {"a": "\u51b3\u8d5b\uff1a\u7b2c\u4e00\u8f6e", "b\uff1ac": 1}}
    assert [(p.code, p.mark.line, p.mark.column, p.params["key"]) for p in problems.items] == [
        ("yaml-full-width-colon", 1, 13, "T05"), ("yaml-full-width-colon", 1, 20, "T21")]
    assert value["levels"].value_marks["T21"].column == 22


# A round's text with a line separator pasted into it (_LINE_SEPARATORS), where it lands.
_SEPARATED = "stage: main\nround: 4\n{top}tables:\n  - table: 1\n    teams: [T01, T02]\n{item}  - table: 2\n"


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85", "\r"])
@pytest.mark.parametrize(("top", "item", "line", "column"), [
    ("note: a{c}b\n", "", 3, 8),  # in a plain value: "b" read as a key with no colon (yaml-colon-missing)
    ("# seats{c}by the door\n", "", 3, 8),  # in a comment: the rest read as a value
    ("", "    note: a{c}winner: T02\n", 6, 12),  # a key after it: read as one, set unseen
    ("note: a{c}round: 5\n", "", 3, 8),  # a key after it: said as a duplicate of the line above
])
def test_a_line_separator_that_breaks_the_reading_is_said_as_such_where_it_is(char, top, item, line, column):
    """U+2028, U+2029, NEL (and a CR alone, where a text still has one) end a line for YAML 1.1
    and for no editor: `note: a<U+2028>b` was said as "this line has no colon after its key" on
    a line that has one, a key after one was read as a key no one sees. Said as the character it
    is, at its line and column as the editor counts them (the fix: a space, or nothing)."""
    from generator.content.yaml_loader import load_yaml_text
    from generator.errors import Problems

    problems = Problems()
    text = _SEPARATED.format(top=top.format(c=char), item=item.format(c=char))
    assert load_yaml_text(text, PATH, problems) is None
    (problem,) = problems.items
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-line-separator", line, column)
    assert problem.params == {"char": f"U+{ord(char):04X}"}
    assert "U+" in problem.message("en") and "space" in problem.hint("en")


@pytest.mark.parametrize("text", [
    'stage: main\nnote: "a\u2028b"\ntables:\n  - table: 1\n    ns A01\n',  # quoted: a character of the value
    "stage: main\ntables:\n  - table: 1\n    note: a\u2028     b\n    ns A01\n",  # a value going on, indented
])
def test_a_line_separator_the_error_does_not_come_of_leaves_the_error_as_it_was(text):
    from generator.content.yaml_loader import load_yaml_text
    from generator.errors import Problems

    problems = Problems()
    load_yaml_text(text, PATH, problems)
    assert [(p.code, p.mark.line) for p in problems.items] == [("yaml-colon-missing", 5)]


def test_a_line_separator_inside_quotes_or_a_value_going_on_is_read_as_before():
    from generator.content.yaml_loader import load_yaml_text
    from generator.errors import Problems

    problems = Problems()
    data = load_yaml_text('stage: main\nnote: "a\u2028b"\ntables:\n  - table: 1\n    note: a\u2029     b\n', PATH, problems)
    assert not problems.items and data["note"] == "a\u2028b" and data["tables"][0]["note"] == "a\u2029b"


@pytest.mark.parametrize(("text", "value"), [
    ("round: 1\n\u2028winner: T05\n", {"round": 1, "winner": "T05"}),  # at a line's start, before a key
    ("\u2028round: 1\n", {"round": 1}),  # at the text's start
    ("\ufeff\u2028round: 1\n", {"round": 1}),  # after a byte-order mark
    ("tables:\n  T01:\n    a: 1\n\u2029    b: 2\n", {"tables": {"T01": {"a": 1, "b": 2}}}),  # before a key's indent
])
def test_a_line_separator_at_a_line_start_reads_as_the_editor_shows_it(text, value):
    """A separator with nothing before it on its line ends no line the editor shows: YAML reads
    an empty line, and the key after it starts its line for both. It was refused
    (yaml-line-separator) as a key in the middle of a line is."""
    assert load_clean(text) == value


def test_a_line_separator_at_a_line_start_is_not_taken_for_the_error_of_the_line():
    """`winner T05` with no colon on a line a separator starts: the error is the colon, said as
    before; the separator, spaced to look for the error's cause, made the line a value going on
    (`1 winner T05`) and was said instead, at column 1 of a line the editor shows as typed."""
    value, problems = load("round: 1\n\u2028winner T05\nx: 1\n")
    assert value is None and [(p.code, p.mark.line) for p in problems] == [("yaml-colon-missing", 2)]


class _Looked(str):
    """A text that counts the characters looked at through [] (one, or a slice's)."""

    looked = 0

    def __getitem__(self, key):  # noqa: ANN001, ANN204
        part = super().__getitem__(key)
        _Looked.looked += len(part)
        return part


def test_the_check_for_a_separator_before_a_key_looks_back_over_its_spaces_alone():
    """For each block key of a text holding a separator, the check sliced the text up to the key:
    a file of 8,000 tables read in 14 s, not 4. It looks at the spaces before the key and the
    character before them."""
    from generator.content.yaml_loader import _Where

    keys = 2_000
    text = "note: \"a\u2028b\"\ntables:\n" + "".join(f"  T{n:04d}:\n    winner: a\n" for n in range(keys))
    where = _Where(PATH, _Looked(text))
    starts = [line.start(1) for line in re.finditer(r"^ *(\S)", text, re.MULTILINE)]  # (each key's)
    _Looked.looked = 0
    assert [where.separator_before(at) for at in starts] == [None] * len(starts)
    assert _Looked.looked <= 8 * len(starts), _Looked.looked  # (by slices: 4,001 keys, about 100 million)
    assert load_clean(text)["tables"]["T1999"] == {"winner": "a"}


def test_a_line_separator_error_is_looked_into_up_to_the_errors_line_only(monkeypatch):
    """Whether a syntax error comes of a separator is asked of the text with the separators a
    space: that reading went on to the end of the file (PyYAML, 40 KB a second: a 700 KB file
    with the error on line 3, 16 s for what took 0.04). It stops past the error's line."""
    import yaml

    reached = []
    forward = yaml.reader.Reader.forward

    def counted(self, length=1):  # noqa: ANN001, ANN202
        forward(self, length)
        reached.append(self.index)

    monkeypatch.setattr(yaml.reader.Reader, "forward", counted)
    text = "stage: main\nround: 1\nnote: a\u2028b\ntables:\n" + "".join(f"  T{n:04d}:\n    winner: a\n" for n in range(2_000))
    value, problems = load(text)
    assert value is None and [(p.code, p.mark.line, p.mark.column) for p in problems] == [("yaml-line-separator", 3, 8)]
    assert max(reached) < text.index("T0001"), max(reached)


def test_a_line_separator_before_a_character_no_python_has_is_a_problem_not_a_traceback():
    # The fuzz run (CI, 2026-12-08): a line separator (a CR alone) before "\U00200000" in double
    # quotes. Looking for the separator the syntax error comes of, PyYAML's scanner called chr()
    # on the escape, a ValueError past the loader's handling of YAML's own errors.
    problems = Problems()
    assert load_yaml_text(':\r"\\U00200000', Path("round-1.yaml"), problems) is None
    assert [p.code for p in problems.items if not p.warning] and all(p.mark.file == Path("round-1.yaml") for p in problems.items)
