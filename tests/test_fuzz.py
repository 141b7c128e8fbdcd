"""Fuzzing: whatever a secretary types, the build answers with content errors, never a crash.

Three levels, each a hypothesis property:

- the record grammars as pure functions (bridge boards, Guandan deals and levels, 大怪路子 rooms,
  80分 points and penalties):
  a value is read, or refused with the game's RecordError whose code and parameters make a
  message in all three languages; what is read obeys the rules (13 tricks, levels 2 … A+, …);
- the YAML loader, over random text, random bytes and mangled YAML documents: a value comes
  back, or problems from the catalogue, each with the file and a line;
- the whole loader and the build, over a generated results file or a mutated event.yaml inside
  a small event of each game: validate() returns or raises ContentErrors whose marks have file
  and line; a tree that validates builds (PDF printing stubbed), and a failed build leaves the
  previous output/ as it was.

Every example runs under an alarm, so a hang fails the test instead of stalling CI.

Two hypothesis profiles: the quick one (a few hundred examples a grammar) runs with the normal
suite; PAIBANG_FUZZ=1 selects the big one, more than 10,000 examples in all, for the
`fuzz`-marked run (`PAIBANG_FUZZ=1 pytest -m fuzz tests/test_fuzz.py`).
"""

from __future__ import annotations

import hashlib
import os
import signal
import tempfile
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import yaml
import hypothesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generator.tournament.pairing  # noqa: F401
from generator.build import build, validate
from generator.content.yaml_loader import YamlList, YamlMap, load_yaml, load_yaml_text
from generator.errors import ContentError, ContentErrors, Mark, Problems
from generator.games import GAMES
from generator.games.bridge import scoring as bridge_scoring
from generator.games.common.rooms import room_at
from generator.games.daguai import records as daguai_records
from generator.games.guandan import records as guandan_records
from generator.games.guandan import rules as guandan_rules
from generator.games.guandan import views as guandan_views
from generator.games.daguai import rules as daguai_rules
from generator.games.shengji import records as shengji_records
from generator.games.shengji import rules as shengji_rules
from generator.messages import LOCALES
from generator.render.output import MARKER, marker_text

pytestmark = pytest.mark.fuzz
CATALOGUE = GAMES.catalogue()  # messages.py's codes and each game's (Game.messages)

# --- profiles ------------------------------------------------------------------------------

settings.register_profile(
    "paibang-quick", max_examples=200, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
settings.register_profile("paibang-fuzz", parent=settings.get_profile("paibang-quick"), max_examples=1500)
BIG = os.environ.get("PAIBANG_FUZZ", "") not in ("", "0")
PROFILE = settings.get_profile("paibang-fuzz" if BIG else "paibang-quick")


BIG_COUNTS: dict[str, int] = {}  # test name -> examples in the big profile


def examples(quick: int, big: int) -> Any:
    """Settings of one property: `quick` examples in the normal suite, `big` under PAIBANG_FUZZ=1.
    The big numbers add up to more than 10,000 (see test_big_profile_runs_ten_thousand_examples)."""

    def apply(test: Any) -> Any:
        BIG_COUNTS[test.__name__] = big
        return settings(PROFILE, max_examples=big if BIG else quick)(test)

    return apply

# --- hangs -----------------------------------------------------------------------------------


class Hang(Exception):
    """An example that did not finish in time."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def hang(signum: int, frame: Any) -> None:
        raise Hang(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def note(outcome: str) -> None:
    """Count an outcome in hypothesis' statistics (--hypothesis-show-statistics)."""
    if hypothesis.currently_in_test_context():
        hypothesis.event(outcome)


# --- what every problem must be ----------------------------------------------------------------

# Problems about a file as a whole: they have no line to point at. (bulletin-missing-glyph points
# at the character where it was typed, or at the event.yaml when it comes from elsewhere.)
FILE_LEVEL = {"file-too-large", "event-file-too-large", "file-name-encoding", "yaml-empty", "bulletin-missing-glyph"}


def assert_renders(code: str, params: dict[str, object]) -> None:
    """The code is catalogued, and its message and hint fill in every locale with these params."""
    assert code in CATALOGUE, code
    problem = ContentError(code, Mark(Path("x.yaml"), 1, 1), params)
    for locale in LOCALES:
        assert problem.message(locale).strip()
        problem.hint(locale)


def assert_well_formed(problems: list[ContentError], root: Path) -> None:
    for problem in problems:
        assert_renders(problem.code, problem.params)
        mark = problem.mark
        assert mark.file.is_relative_to(root), (problem.code, mark)
        if problem.code not in FILE_LEVEL:
            assert mark.line >= 1 and mark.column >= 1, (problem.code, str(mark), problem.params)
        for locale in LOCALES:
            problem.format(locale, root)


# --- scalars a secretary (or a cat on the keyboard) might type -----------------------------------

SPACES = st.sampled_from(["", " ", "  ", "\u3000", "\t", " \u3000 "])
NUMBERS = st.one_of(
    st.integers(-10**6, 10**6), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -0.0, 1e308, 10**99, 2**63]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=30))


def values(leaves: st.SearchStrategy = SCALARS) -> st.SearchStrategy:
    """Any value YAML can hold: scalars, lists and mappings, nested a little."""
    return st.recursive(
        leaves,
        lambda inner: st.one_of(st.lists(inner, max_size=4),
                                st.dictionaries(st.one_of(st.text(max_size=8), st.integers(-3, 20)), inner, max_size=4)),
        max_leaves=8,
    )


def loaded(value: Any) -> Any:
    """A Python value as the YAML loader gives it: YamlMap / YamlList with marks."""
    mark = Mark(Path("x.yaml"), 1, 1)
    if isinstance(value, dict):
        mapping = YamlMap({k: loaded(v) for k, v in value.items()})
        mapping.mark, mapping.key_marks, mapping.value_marks = mark, dict.fromkeys(mapping, mark), dict.fromkeys(mapping, mark)
        return mapping
    if isinstance(value, list):
        items = YamlList(loaded(v) for v in value)
        items.mark, items.item_marks = mark, [mark] * len(items)
        return items
    return value


def joined(parts: st.SearchStrategy) -> st.SearchStrategy:
    """Words of a record joined by random spacing, sometimes with noise inside."""
    return st.tuples(st.lists(st.tuples(parts, SPACES), max_size=6), st.text(max_size=4), st.booleans()).map(
        lambda t: "".join(word + space for word, space in t[0]) + (t[1] if t[2] else ""))


# --- bridge: one board ---------------------------------------------------------------------------

BRIDGE_WORDS = st.one_of(
    st.sampled_from(list("1234567") + ["0", "8", "10", "１", "４", "７"]).flatmap(
        lambda level: st.sampled_from(["C", "D", "H", "S", "NT", "N", "T", "c", "nt", "黑桃", "红心", "方块", "梅花", "无将",
                                       "♠", "♥", "♦", "♣", "Ｓ", "ＮＴ", "?"]).map(lambda strain: level + strain)),
    st.sampled_from(["X", "XX", "XXX", "x", "加倍", "再加倍", "Ｘ"]),
    st.sampled_from(["N", "E", "S", "W", "n", "北", "东", "南", "西", "東", "Q", "NS"]),
    st.sampled_from(["=", "＝", "正好", "完成"]),
    st.tuples(st.sampled_from(["+", "-", "＋", "−", "—", "宕", "超", "下", ""]),
              st.sampled_from(["0", "1", "2", "7", "9", "13", "14", "99", "２"])).map("".join),
    st.integers(-99999, 99999).map(str),
    st.integers(-10**7, 10**7).map(lambda n: f"{n:+d}"),
    st.sampled_from(["+" + "1" * 5000, "9" * 5000]),
    st.sampled_from(["pass", "PASS", "passed", "ap", "All Pass", "不叫", "全不叫", "四家不叫"]),
    st.text(max_size=6),
)
BRIDGE_TEXT = st.one_of(joined(BRIDGE_WORDS), st.text(max_size=40))
BRIDGE_MAPPING = st.dictionaries(
    st.sampled_from(["contract", "by", "result", "score", "lead", "declarer", 1]),
    st.one_of(BRIDGE_WORDS, SCALARS, st.lists(SCALARS, max_size=2)),
    max_size=6,
)


def check_board(value: Any) -> None:
    try:
        record = bridge_scoring.parse_board(3, value)
    except bridge_scoring.RecordError as error:
        # read_table adds the board number and the text shown
        assert_renders(error.code, {"board": 3, "text": "…", **error.params})
        return
    assert record.board == 3
    if record.contract is None:
        return
    assert 0 <= record.contract.level + 6 + record.result <= 13
    assert record.declarer in bridge_scoring.SEATS and record.contract.strain in bridge_scoring.STRAINS
    for vul in ("None", "NS", "EW", "Both"):
        score = bridge_scoring.ns_score(record, vul)
        assert isinstance(score, int) and abs(score) <= 7600
    # What the page shows back is read back as the same board.
    shown = f"{record.contract} {record.declarer} {bridge_scoring.result_text(record.result)}"
    if record.recorded is not None:
        shown += f" {record.recorded:+d}"
    again = bridge_scoring.parse_board(3, shown)
    assert (again.contract, again.declarer, again.result, again.recorded) == (
        record.contract, record.declarer, record.result, record.recorded)


@examples(200, 2000)
@given(BRIDGE_TEXT)
def test_bridge_board_text_is_read_or_refused_with_a_message(text: str) -> None:
    with time_limit(2):
        check_board(text)
        bridge_scoring.canonical_text(text)


@examples(200, 1000)
@given(st.one_of(BRIDGE_MAPPING.map(loaded), values().map(loaded)))
def test_bridge_board_any_value_is_read_or_refused_with_a_message(value: Any) -> None:
    with time_limit(2):
        check_board(value)


# --- Guandan: deals, levels, a replayed match ------------------------------------------------------

TEAM_WORDS = st.sampled_from(["T01", "T02", "T1", "t01", "T03", "X", "A", "-", "_x", "T0１", "ｔ01"])
DEAL_TEXT = st.one_of(
    st.tuples(TEAM_WORDS, SPACES, st.sampled_from(["+", "-", "＋", "+-", ""]), SPACES,
              st.one_of(st.integers(0, 12).map(str), st.text("0123456789", max_size=12), st.just("9" * 5000),
                        st.text(max_size=3))).map("".join),
    st.tuples(TEAM_WORDS, SPACES, st.sampled_from(["foul", "FOUL", "fouled", "犯规", "犯規", "f"])).map("".join),
    st.text(max_size=20),
)
LEVEL_VALUES = st.one_of(
    st.sampled_from(["2", "9", "10", "J", "q", "K", "A", "A+", "a +", "过A", "過A", "1", "11", "B", "A++", " 10 "]),
    st.integers(-3, 20), SCALARS, st.lists(SCALARS, max_size=2), st.dictionaries(st.text(max_size=2), SCALARS, max_size=2),
)


@examples(200, 1000)
@given(st.one_of(DEAL_TEXT, values()))
def test_guandan_deal_is_read_or_refused_with_a_message(value: Any) -> None:
    with time_limit(2):
        try:
            deal = guandan_records.parse_deal(loaded(value))
        except guandan_rules.RecordError as error:
            assert_renders(error.code, {"item": 1, **error.params})
            return
        assert deal.foul or deal.gain in guandan_rules.GAINS
        assert deal == guandan_records.parse_deal(str(deal))  # the page's spelling reads back the same


@examples(200, 500)
@given(LEVEL_VALUES, st.booleans())
def test_guandan_level_is_a_level_or_value_error(value: Any, allow_passed: bool) -> None:
    with time_limit(2):
        try:
            level = guandan_records.parse_level(loaded(value), allow_passed=allow_passed)
        except ValueError:
            return
        assert 0 <= level <= (guandan_rules.PASSED_A if allow_passed else guandan_rules.LEVEL_A)
        assert guandan_records.parse_level(guandan_rules.level_name(level)) == level


DEALS = st.lists(
    st.one_of(
        st.builds(guandan_rules.Deal, st.sampled_from(["T01", "T02"]), st.sampled_from(guandan_rules.GAINS)),
        st.builds(lambda team: guandan_rules.Deal(team, foul=True), st.sampled_from(["T01", "T02"])),
        st.builds(guandan_rules.Deal, st.sampled_from(["T03", "T1"]), st.sampled_from(guandan_rules.GAINS)),
    ),
    max_size=40,
)


@examples(200, 1000)
@given(DEALS, st.integers(0, 12), st.integers(0, 20))
def test_guandan_any_deal_log_replays_or_points_at_one_item(deals: list, start: int, attempts: int) -> None:
    with time_limit(2):
        try:
            result = guandan_rules.replay(("T01", "T02"), deals, start, attempts)
        except guandan_rules.RecordError as error:
            assert error.index is not None and 0 <= error.index < len(deals)
            # The reader adds the "did you mean" (records.replay_record); the pure replay cannot.
            suggestion = {"suggestion": ""} if error.code == "guandan-team-not-at-table" else {}
            assert_renders(error.code, {"item": error.index + 1, **error.params, **suggestion})
            return
        assert len(result.steps) == len(deals)
        assert all(0 <= level <= guandan_rules.PASSED_A for level in result.levels.values())
        passed = [t for t, level in result.levels.items() if level == guandan_rules.PASSED_A]
        assert passed == ([result.passed] if result.passed else [])
        decision = guandan_rules.decide(result.teams, result, None)
        winner, why = decision.winner, decision.why
        assert why in ("passed_a", "higher", "first", "first_start", "undecided") and (winner is None) == (why == "undecided")
        guandan_views.chart_view(result)
        guandan_views.row_views(result, attempts)


# --- 大怪路子: one room, one match ---------------------------------------------------------------------

ROOM_TEXT = st.one_of(
    st.tuples(st.sampled_from(["D01", "D02", "D1", "d01", "D03", "", "D０1", "Ｄ０２", "D01，D02", "、"]), SPACES,
              st.one_of(st.sampled_from(["8", "5", "3", "1", "0", "2", "-1", "+8", "８", "08", "1000", "8.0", "9" * 5000]),
                        st.integers(-999, 999).map(str), st.text(max_size=3))).map("".join),
    st.text(max_size=20),
)


@examples(200, 1000)
@given(st.one_of(ROOM_TEXT, values()))
def test_daguai_room_is_read_or_refused_with_a_message(value: Any) -> None:
    with time_limit(2):
        try:
            room = daguai_records.parse_room(loaded(value))
            daguai_records.check_room(room, ("D01", "D02"), daguai_rules.BoardPoints())
        except daguai_records.RecordError as error:
            assert_renders(error.code, {"board": 1, "room": room_at("open"), "text": "…", **error.params})
            return
        assert room.first in ("D01", "D02") and room.points in (8, 5, 3, 1, 0)


ROOMS = st.builds(daguai_rules.RoomRecord, st.sampled_from(["D01", "D02"]), st.sampled_from([8, 5, 3, 1, 0]))


@examples(200, 500)
@given(st.lists(st.builds(daguai_rules.BoardRecord, st.integers(1, 12), ROOMS, ROOMS), max_size=12),
       st.lists(st.builds(daguai_rules.Violation, st.sampled_from(["D01", "D02"])), max_size=6),
       st.dictionaries(st.sampled_from(["D01", "D02"]), st.integers(0, 5)))
def test_daguai_match_scores_add_up(boards: list, violations: list, earlier: dict) -> None:
    with time_limit(2):
        result = daguai_rules.score_match("D01", "D02", boards, violations, dict(earlier))
        for team in ("D01", "D02"):
            assert result.scores[team] == result.points[team] - result.deductions[team]
        assert sorted(result.match_points.values()) in ([0, 2], [1, 1])
        assert sum(result.heads.values()) == 2 * len(boards)
        assert result.net("D01") == -result.net("D02")


# --- 80分: one board at one table ---------------------------------------------------------------------

FIVES = st.integers(-2, 90).map(lambda n: n * 5)
SJ_SIDES = st.sampled_from(["NS", "EW", "ns", "南北", "东西", "SN", "P01", "P09", "T01", "T02", "XX", ""])
PENALTY = st.one_of(
    st.fixed_dictionaries({"against": st.one_of(SJ_SIDES, SCALARS), "points": st.one_of(FIVES, SCALARS)},
                          optional={"note": SCALARS, "room": st.sampled_from(["open", "closed", "lobby"]), "x": SCALARS}),
    SCALARS)
SJ_POINTS = st.one_of(
    FIVES, st.integers(-50, 600),
    st.sampled_from(["光头", "光頭", "85", " 85 ", "+85", "-5", "not played", "未打", "x", "٨٥", "9" * 40, "9" * 5000]),
    SCALARS,
    st.dictionaries(
        st.sampled_from(["points", "tricks", "kitty", "x", "penalty", "note", "adjusted", "not_played", "bogus"]),
        st.one_of(FIVES, SCALARS, SJ_SIDES, st.sampled_from(["single", "pair", "单", "对", "x2", "×4", "4", True, "光头"]),
                  PENALTY, st.lists(PENALTY, max_size=2), st.dictionaries(SJ_SIDES, st.one_of(st.integers(-5, 120), SCALARS),
                                                                           max_size=3)),
        max_size=5),
)


@examples(200, 1500)
@given(SJ_POINTS, st.booleans(), st.sampled_from([(2, 4), (2, 2), (3, 5)]))
def test_shengji_points_are_read_or_refused_with_a_message(value: Any, pairs: bool, multipliers: tuple) -> None:
    kitty = shengji_rules.KittyRule(*multipliers)
    sides = {"P01": "NS", "P09": "EW"}
    with time_limit(2):
        try:
            result = shengji_records.parse_result(loaded(value), MARK, kitty, pairs=pairs, against=sides.get)
        except shengji_records.RecordError as error:
            # the table reader adds the board and the room
            assert_renders(error.code, {"board": 1, "room": room_at(None), **error.params})
            return
    if result.points is not None:
        assert 0 <= result.points <= kitty.most and result.points % 5 == 0
    assert (result.points is None) == (result.adjusted is not None or result.not_played)
    for penalty in result.penalties:
        assert penalty.against in shengji_rules.DIRECTIONS and 0 < penalty.points <= shengji_rules.PENALTY_MOST
    for declaring in shengji_rules.DIRECTIONS:
        if result.scored:
            shengji_rules.room_credits(declaring, result)
            shengji_rules.pairs_score(declaring, result)


MARK = Mark(Path("x.yaml"), 1, 1)


def test_shengji_long_run_of_digits_is_refused_not_a_crash() -> None:
    with pytest.raises(shengji_records.RecordError):
        shengji_records.parse_result("9" * 5000, MARK, shengji_rules.KittyRule())


# --- the YAML loader ------------------------------------------------------------------------------------

PATH = Path("/content/events/fuzz/results/r.yaml")
YAML_ALPHABET = st.sampled_from(
    list(":-[]{},#&*!|>'\"%@`?~.=+ \n\t\r0123456789aeNnOoTtYy_") + ["\u2028", "\x85", "\ufeff", "中", "\x00", "\x1b", "\ud7ff"])
# ... and the pieces of YAML syntax that take more than one character.
YAML_TOKENS = st.lists(st.one_of(YAML_ALPHABET, st.sampled_from([
    '"\\U80000000"', '"\\U0010FFFF', "\\x", "\\u12", '"\\', "!!python/object:os.system", "!!binary", "&a ", "*a",
    "<<: ", "--- ", "...", "%YAML 1.1\n", "? ", "- ", ": ", "\n  ", "|-\n", ">+\n", "0x", "0o", ".inf", ".nan", "1e999",
    "9" * 120, "#", "\t"])), max_size=40).map("".join)


def check_loaded(value: Any, problems: Problems, path: Path, text: str | None = None) -> None:
    assert_well_formed(problems.items, path.parent)
    lines = text.count("\n") + 1 if text is not None else None
    for problem in problems.items:
        if lines is not None:
            assert problem.mark.line <= lines, (problem.code, problem.mark, lines)
    if problems.errors and value is None:
        return
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, YamlMap):
            assert set(item.key_marks) == set(item) and item.mark.line >= 1
            assert all(m.line >= 1 for m in item.key_marks.values())
            stack.extend(item.values())
        elif isinstance(item, YamlList):
            assert len(item.item_marks) == len(item)
            stack.extend(item)
        else:
            assert item is None or isinstance(item, (str, bool, int, float)), type(item)
            str(item)  # every scalar can be shown in a message


def load_text(text: str) -> None:
    problems = Problems()
    with time_limit(5):
        value = load_yaml_text(text, PATH, problems)
    check_loaded(value, problems, PATH, text)


@examples(300, 1500)
@given(st.one_of(st.text(max_size=200), st.text(YAML_ALPHABET, max_size=200), YAML_TOKENS))
def test_yaml_any_text_loads_or_has_marked_problems(text: str) -> None:
    load_text(text)


def pyyaml_tree(text: str, where: Any, who: str) -> Any:
    """`text` as PyYAML's reading (the slow one) finds it, without a problem, as loaded_tree."""
    from generator.content import yaml_loader

    slow = yaml_loader._NoAliasLoader(text)
    try:
        node = slow.get_single_node()
    except (yaml.YAMLError, yaml_loader._Refused) as exc:
        raise AssertionError(f"{who} what PyYAML refuses: {exc}") from None
    finally:
        slow.dispose()
    problems = Problems()
    tree = loaded_tree(yaml_loader._finish(node, where, PATH, problems))
    assert problems.items == []
    return tree


def mangled(draw: Any, text: str) -> str:
    """`text` with up to four runs of a few characters inserted or deleted."""
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:at] + draw(st.one_of(st.text(YAML_ALPHABET, min_size=1, max_size=3), YAML_TOKENS)) + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 3)):]
    return text


@st.composite
def mangled_yaml(draw: st.DrawFn) -> str:
    """A real YAML document (block or flow style), then a few characters inserted or deleted."""
    data = draw(values(st.one_of(SCALARS, st.sampled_from(["NO", "yes", "10:30", "2015-05-15", "=", "4S N =", "*x", "&a"])))
                .map(lambda v: v if isinstance(v, (dict, list)) else {"value": v}))
    text = yaml.safe_dump(data, allow_unicode=draw(st.booleans()), default_flow_style=draw(st.sampled_from([None, True, False])),
                          sort_keys=False)
    return mangled(draw, text)


@examples(300, 1500)
@given(mangled_yaml())
def test_yaml_mangled_document_loads_or_has_marked_problems(text: str) -> None:
    load_text(text)


def loaded_tree(value: Any) -> Any:
    """A loaded value as plain data, every mark included, all the way down."""
    if isinstance(value, YamlMap):
        return ("map", value.mark, [(loaded_tree(k), value.key_marks[k], value.value_marks[k], loaded_tree(v))
                                    for k, v in value.items()])  # keys too: `.nan:` is a key
    if isinstance(value, YamlList):
        return ("list", value.mark, list(zip(value.item_marks, map(loaded_tree, value))))
    return (type(value).__name__, repr(value))  # repr: nan == nan, and 1 is not True


@examples(300, 1500)
@given(st.one_of(mangled_yaml(), st.text(YAML_ALPHABET, max_size=200), YAML_TOKENS))
def test_yaml_libyaml_reads_what_pyyaml_reads(text: str) -> None:
    """The fast reading (libyaml's events) is used only when it succeeds; then it must give
    exactly what PyYAML's own reading gives, value for value and mark for mark, with no problem."""
    from generator.content import yaml_loader

    where = yaml_loader._Where(PATH, text)
    try:
        fast = yaml_loader._load_fast(text, where)
    except yaml_loader._NotFast:
        return  # the slow reading reads it, as before
    assert pyyaml_tree(text, where, "libyaml accepted") == loaded_tree(fast)


WORDS = st.one_of(st.from_regex(r"[A-Z][0-9]{1,4}(\+[1-3])?", fullmatch=True),
                  st.sampled_from(["1", "07", "0x1F", "1e3", "1.5", "null", "true", "True", "A+", "a-b", "_x"]))


@st.composite
def drawn_round(draw: st.DrawFn) -> str:
    """A results file as `paibang pair` writes and a secretary fills one (comments, tables of
    `key: value` and `key: [a, b]` lines), then a few lines moved or re-indented and a few
    characters inserted or deleted."""
    lines = [f"# {draw(st.text(max_size=20))}", "stage: main", f"round: {draw(st.integers(1, 9))}", "tables:"]
    for number in range(1, draw(st.integers(1, 4)) + 1):
        lines.append(f"  - table: {number}" + draw(st.sampled_from(["", "    # 胜场 2 : 2", " #x"])))
        for key in draw(st.lists(st.sampled_from(["teams", "deals", "winner", "forfeit", "referee"]), max_size=3)):
            value = draw(st.one_of(WORDS, st.lists(WORDS, max_size=4).map(lambda w: "[" + ", ".join(w) + "]")))
            lines.append(f"    {key}: {value}")
        if draw(st.booleans()):
            lines.append("    # deals: [T01+1, T02+2]")
    for _ in range(draw(st.integers(0, 3))):
        at, other = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        lines[at] = draw(st.sampled_from(["", " ", "  ", "    ", "- "])) + lines[other].lstrip(" ")
    text = "\n".join(lines) + "\n"
    return mangled(draw, text)


@examples(300, 1500)
@given(st.one_of(drawn_round(), mangled_yaml()))
def test_yaml_results_files_read_by_lines_as_pyyaml_reads_them(text: str) -> None:
    """A results file as `paibang pair` writes it is read line by line (yaml_loader's
    _load_plain_rounds) when it can be; then it must give exactly what PyYAML's own reading
    gives, and libyaml's when that reads it, value for value and mark for mark, with no problem."""
    from generator.content import yaml_loader

    try:
        plain = yaml_loader._load_plain_rounds(text, PATH)
    except yaml_loader._NotFast:
        return  # read by libyaml or PyYAML, as before
    where = yaml_loader._Where(PATH, text)
    assert pyyaml_tree(text, where, "read by lines") == loaded_tree(plain)
    try:
        fast = yaml_loader._load_fast(text, where)
    except yaml_loader._NotFast:
        return
    assert loaded_tree(fast) == loaded_tree(plain)


NESTED = st.tuples(st.sampled_from(["[", "{a: ", "- ", "? ", "a:\n  " , "[{b: "]), st.integers(1, 400)).map(
    lambda t: t[0] * t[1])


@examples(50, 300)
@given(NESTED, st.sampled_from(["", "x", "]", "}", "\n"]))
def test_yaml_deep_nesting_is_yaml_too_deep_not_a_crash(prefix: str, tail: str) -> None:
    load_text(prefix + tail)


@st.composite
def file_bytes(draw: st.DrawFn) -> bytes:
    text = draw(st.one_of(mangled_yaml(), st.text(max_size=100)))
    data = text.encode(draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "gb18030"])), errors="replace")
    if draw(st.booleans()):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
    return draw(st.one_of(st.just(data), st.binary(max_size=100)))


@examples(200, 1000)
@given(file_bytes())
def test_yaml_any_file_bytes_load_or_have_marked_problems(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.yaml"
        path.write_bytes(data)
        problems = Problems()
        with time_limit(5):
            value = load_yaml(path, problems)
        check_loaded(value, problems, path)


# --- the whole loader and the build, over a small event of each game ---------------------------------

SITE = "title: 校园牌类赛事成绩公告\norganization: 西昌学院\nlocale: zh-Hans\nprivate: [wechat]\n"
EVENTS = {
    "bridge": """\
        title: 动物科学学院桥牌大赛
        game: bridge
        organizer: 动物科学学院团学会
        venue: "7201"
        dates: [2015-05-15, 2015-05-22]
        draw_seed: 20150515
        entries:
          - {id: A01, players: [{name: 张浩然, phone: "13800138000"}, 李思雨], group: 13级1班, name: 动科一队}
          - {id: A02, players: [王俊杰, 陈雪], group: 13级1班}
          - {id: A03, players: [刘洋, 杨婷婷], group: 13级2班}
          - {id: A04, players: [赵宇航, 黄佳慧], group: 13级2班}
          - {id: A05, players: [周文博, 吴静], bye: true}
          - {id: SUB, players: [陈晨], name: 替补裁判, substitute: true}
        officials:
          - {name: 赵敏, role: referee, stages: [prelim, final]}
          - {name: 欧阳明月, role: host, sessions: 2}
        credits: {participant: 1, finalist: 2, referee: {prelim: 1, final: 2}, host: 1, forfeit: -3}
        stages:
          - {id: prelim, name: 初赛, date: 2015-05-15, format: matches, boards: 4, vulnerability: none,
             rank_by: [total, first_board], advance: {count: 2, to: final}}
          - {id: final, name: 决赛, date: 2015-05-22, format: matches, boards: 4, rank_by: [total, first_board],
             prizes: [{name: 一等奖, count: 1, award: 荣誉证书}]}
        """,
    "guandan": """\
        title: 土木学院掼蛋比赛
        game: guandan
        organizer: 土木学院分工会
        date: 2020-12-09
        draw_seed: 20201209
        entries:
          - {id: T01, players: [崔涛, {name: 肖文华, student_id: "201301059901"}], group: 结构工程系}
          - {id: T02, players: [莫萍, 崔杰], group: 结构工程系}
          - {id: T03, players: [严振华, 余浩], group: 岩土工程系}
          - {id: T04, players: [韦志强, 谭宏伟], group: 岩土工程系}
          - {id: T05, players: [刘磊, 苏俊峰]}
        stages:
          - {id: main, name: 学院赛, date: 2020-12-09, format: swiss, rounds: 3, start_level: 2, a_attempts: 3,
             bye: {wins: 1, level_diff: 0}, rank_by: [wins, level_diff, buchholz],
             prizes: [{name: 一等奖, wins: 3}, {name: 二等奖, wins: 2}]}
        """,
    "daguai": """\
        title: 化学工业区大怪路子比赛
        game: daguai
        organizer: 上海化学工业区工会
        dates: [2016-08-19, 2016-08-20]
        draw_seed: 20160819
        entries:
          - {id: D01, players: [{name: 陈建国, phone: "13916000001"}, 王美华, 周立军], group: 赛科石化, name: 赛科石化}
          - {id: D02, players: [张伟, 刘晓燕, 顾海峰], name: 巴斯夫}
          - {id: D03, players: [李志强, 沈佳, 吴国庆], name: 科思创}
          - {id: D04, players: [朱文斌, 陆敏, 钱卫东], name: 亨斯迈}
          - {id: D05, players: [徐国平, 金秀英, 杨浩], name: 华谊}
        officials:
          - {name: 钱国华, role: referee, stages: [swiss]}
        stages:
          - {id: swiss, name: 瑞士制积分赛, format: swiss, rounds: 3, boards: 3,
             rank_by: [match_points, net, scored, heads, lot],
             board_points: {caught3: 8, caught2: 5, caught1: 3, own1: 1, own2: 0},
             bye: {match_points: 2, net: 0, heads: 0}, prizes: [{name: 录取, count: 2, award: 奖状}]}
        """,
    "shengji": """        title: 合肥市职工运动会80分比赛（四人队式赛）
        game: shengji
        organizer: 合肥市职工运动会组委会
        dates: [2012-10-20, 2012-10-21]
        draw_seed: 20121020
        entries:
          - {id: T01, players: [许长江, {name: 王桂兰, phone: "13905510123"}, 陈立新, 张国庆], group: 合肥供电公司, name: 供电队}
          - {id: T02, players: [刘宏伟, 孙晓梅, 周建平, 吴德胜], name: 江淮汽车队}
          - {id: T03, players: [赵永刚, 钱玉珍, 李卫东, 郑春生]}
          - {id: T04, players: [杨志华, 朱秀英, 何家宝, 胡光明]}
        stages:
          - {id: teams, name: 四人队式赛, format: round_robin, rounds: 3, boards: 4, rank_by: [match_points, net],
             prizes: [{name: 第一名, count: 1, award: 奖杯}]}
        """,
    "shengji-pairs": """        title: 合肥市职工运动会80分比赛（双人赛）
        game: shengji
        organizer: 合肥市职工运动会组委会
        date: 2012-10-27
        entries:
          - {id: P01, players: [许长江, {name: 王桂兰, student_id: "201201010001"}], group: 合肥供电公司}
          - {id: P02, players: [贾玉林, 丁秀兰]}
          - {id: P03, players: [杨志华, 朱秀英]}
          - {id: P04, players: [马金凤, 高振东]}
          - {id: P05, players: [叶振宇, 阎淑华]}
          - {id: P06, players: [魏国华, 薛红梅]}
        stages:
          - {id: pairs, name: 双人赛, format: pairs, rounds: 3, boards: 2, rank_by: [percent, mp],
             prizes: [{name: 第一名, count: 1, award: 证书}]}
        """,
}
IDS = {
    "bridge": ["A01", "A02", "A03", "A04", "A05", "SUB"],
    "guandan": ["T01", "T02", "T03", "T04", "T05"],
    "daguai": ["D01", "D02", "D03", "D04", "D05"],
}
STAGES = {"bridge": ["prelim", "final"], "guandan": ["main"], "daguai": ["swiss"], "shengji": ["teams"],
          "shengji-pairs": ["pairs"]}
IDS |= {"shengji": ["T01", "T02", "T03", "T04"], "shengji-pairs": ["P01", "P02", "P03", "P04", "P05", "P06"]}


def side(game: str) -> st.SearchStrategy:
    return st.one_of(st.sampled_from(IDS[game]), st.sampled_from(IDS[game]), SCALARS)


def junk_keys() -> st.SearchStrategy:
    return st.dictionaries(st.sampled_from(["referee", "forfeit", "note", "teams", "boards", "ns", "winner"]),
                           st.one_of(SCALARS, st.sampled_from(["A01", "T02", "D03"])), max_size=2)


def often(plausible: st.SearchStrategy, wild: st.SearchStrategy) -> st.SearchStrategy:
    """Mostly what a secretary would write, sometimes anything: so that many trees validate and
    the build behind the loader is fuzzed too."""
    return st.integers(0, 3).flatmap(lambda n: wild if n == 0 else plausible)


def tame(plausible: st.SearchStrategy, wild: st.SearchStrategy) -> st.SearchStrategy:
    return plausible


# Names as people type them: CJK, ASCII with HTML's special characters, full-width forms; now and
# then any character at all (the bulletins' font may lack it: a content error, not a crash).
FREE_TEXT = st.one_of(
    st.text(st.one_of(st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5), st.characters(min_codepoint=0x20, max_codepoint=0x7E),
                      st.sampled_from("　，。・（）：＋－"), st.just("\n")), max_size=12),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=3),
)


def two_sides(game: str) -> st.SearchStrategy:
    return st.lists(st.sampled_from(IDS[game]), min_size=2, max_size=2, unique=True)


GOOD_BOARD = st.one_of(
    st.just("pass"),
    st.integers(1, 7).flatmap(lambda level: st.tuples(
        st.just(level), st.sampled_from(bridge_scoring.STRAINS), st.sampled_from(["", "X", "XX"]), st.sampled_from(bridge_scoring.SEATS),
        st.integers(-6 - level, 7 - level))).map(lambda t: f"{t[0]}{t[1]}{t[2]} {t[3]} {bridge_scoring.result_text(t[4])}"),
)


@st.composite
def bridge_table(draw: st.DrawFn, often: Any = often) -> dict:
    ns, ew = draw(two_sides("bridge"))
    boards = draw(often(st.dictionaries(st.integers(1, 4), GOOD_BOARD, max_size=4),
                        st.dictionaries(st.one_of(st.integers(-1, 6), SCALARS), st.one_of(BRIDGE_TEXT, BRIDGE_MAPPING, SCALARS),
                                        max_size=5)))
    table = {"table": draw(often(st.integers(1, 3), SCALARS)), "ns": draw(often(st.just(ns), side("bridge"))),
             "ew": draw(often(st.just(ew), side("bridge"))), "boards": boards}
    if draw(st.booleans()):
        table["referee"] = draw(FREE_TEXT)
    return {**table, **draw(often(st.just({}), junk_keys()))}


@st.composite
def guandan_table(draw: st.DrawFn, often: Any = often) -> dict:
    teams = draw(often(two_sides("guandan"), st.lists(side("guandan"), max_size=3)))
    table: dict[str, Any] = {"table": draw(often(st.integers(1, 3), SCALARS)), "teams": teams}
    pair = [str(t) for t in teams] or ["T01"]
    good_deal = st.tuples(st.sampled_from(pair), st.sampled_from(["+1", "+2", "+3", " foul"])).map("".join)
    kind = draw(st.sampled_from(["deals", "levels", "both", "none", "forfeit"]))
    if kind in ("deals", "both"):
        deals = st.lists(often(good_deal, DEAL_TEXT), max_size=15)
        # also typed on one line with Chinese punctuation, whole or inside one item (issue 19)
        typed = st.tuples(deals, st.sampled_from(["，", "、", "；", ",", " ，"])).map(lambda d: d[1].join(d[0]))
        table["deals"] = draw(st.one_of(deals, typed, st.lists(typed, max_size=2)))
    if kind in ("levels", "both"):
        table["levels"] = draw(often(st.fixed_dictionaries({t: st.sampled_from(guandan_rules.LEVEL_NAMES) for t in pair}),
                                     st.dictionaries(side("guandan"), LEVEL_VALUES, max_size=3)))
    if kind == "forfeit":
        table["forfeit"] = draw(often(st.sampled_from(pair), side("guandan")))
    if draw(st.booleans()):
        table["winner"] = draw(often(st.sampled_from(pair), side("guandan")))
    if draw(st.booleans()):
        table["referee"] = draw(FREE_TEXT)
    return {**table, **draw(often(st.just({}), junk_keys()))}


@st.composite
def daguai_table(draw: st.DrawFn, often: Any = often) -> dict:
    home, away = draw(two_sides("daguai"))
    good_room = st.tuples(st.sampled_from([home, away]), st.sampled_from([" 8", " 5", " 3", " 1", " 0"])).map("".join)
    room = often(good_room, st.one_of(ROOM_TEXT, SCALARS))
    board = often(st.fixed_dictionaries({"open": room, "closed": room}), st.one_of(
        st.dictionaries(st.sampled_from(["open", "closed", "开室", "闭室", "lobby"]), room, max_size=3),
        st.lists(room, max_size=3), SCALARS))
    table = {"table": draw(often(st.integers(1, 3), SCALARS)), "home": draw(often(st.just(home), side("daguai"))),
             "boards": draw(often(st.dictionaries(st.integers(1, 3), board, max_size=3),
                                  st.dictionaries(st.one_of(st.integers(-1, 4), SCALARS), board, max_size=4)))}
    if draw(st.integers(0, 5)):
        table["away"] = draw(often(st.just(away), side("daguai")))
    if draw(st.booleans()):
        table["violations"] = draw(st.lists(often(st.sampled_from([home, away]), st.one_of(side("daguai"), st.fixed_dictionaries(
            {"team": side("daguai"), "board": st.one_of(st.integers(0, 5), SCALARS), "note": SCALARS}))), max_size=3))
    if not draw(st.integers(0, 7)):
        table["forfeit"] = draw(often(st.sampled_from([home, away]), side("daguai")))
    if draw(st.booleans()):
        table["referee"] = draw(FREE_TEXT)
    return {**table, **draw(often(st.just({}), junk_keys()))}


@st.composite
def shengji_table(draw: st.DrawFn, often: Any = often) -> dict:
    home, away = draw(two_sides("shengji"))
    good = st.one_of(FIVES.filter(lambda n: 0 <= n <= 200), st.just("光头"),
                     st.fixed_dictionaries({"tricks": st.sampled_from([60, 80, 100]), "kitty": st.sampled_from([10, 25]),
                                            "x": st.sampled_from([2, 4])}))
    room = often(good, SJ_POINTS)
    board = often(st.fixed_dictionaries({"open": room, "closed": room}), st.one_of(
        st.fixed_dictionaries({"open": room, "closed": room}, optional={"penalty": st.one_of(
            PENALTY, st.fixed_dictionaries({"against": st.sampled_from([home, away]), "points": FIVES,
                                            "room": st.sampled_from(["open", "closed"])})), "note": SCALARS}),
        st.dictionaries(st.sampled_from(["open", "closed", "开室", "闭室", "lobby"]), room, max_size=3),
        st.lists(room, max_size=3), SCALARS))
    table = {"table": draw(often(st.integers(1, 2), SCALARS)), "home": draw(often(st.just(home), side("shengji"))),
             "boards": draw(often(st.dictionaries(st.integers(1, 4), board, max_size=4),
                                  st.dictionaries(st.one_of(st.integers(-1, 6), SCALARS), board, max_size=4)))}
    if draw(st.integers(0, 5)):
        table["away"] = draw(often(st.just(away), side("shengji")))
    if not draw(st.integers(0, 7)):
        table["forfeit"] = draw(often(st.sampled_from([home, away]), side("shengji")))
    if draw(st.booleans()):
        table["referee"] = draw(FREE_TEXT)
    return {**table, **draw(often(st.just({}), junk_keys()))}


@st.composite
def shengji_pairs_table(draw: st.DrawFn, often: Any = often) -> dict:
    ns, ew = draw(two_sides("shengji-pairs"))
    good = st.one_of(FIVES.filter(lambda n: 0 <= n <= 200), st.just("光头"),
                     st.fixed_dictionaries({"adjusted": st.sampled_from(["NS", "EW", ns])}),
                     st.fixed_dictionaries({"not_played": st.just(True)}))
    table = {"table": draw(often(st.integers(1, 3), SCALARS)), "ns": draw(often(st.just(ns), side("shengji-pairs"))),
             "ew": draw(often(st.just(ew), side("shengji-pairs"))),
             "boards": draw(often(st.dictionaries(st.integers(1, 6), often(good, SJ_POINTS), max_size=3),
                                  st.dictionaries(st.one_of(st.integers(-1, 10**9), SCALARS), SJ_POINTS, max_size=4)))}
    if draw(st.booleans()):
        table["referee"] = draw(FREE_TEXT)
    return {**table, **draw(often(st.just({}), junk_keys()))}


TABLES = {"bridge": bridge_table, "guandan": guandan_table, "daguai": daguai_table, "shengji": shengji_table,
          "shengji-pairs": shengji_pairs_table}


@st.composite
def results_file(draw: st.DrawFn, game: str, wild: bool = True) -> str:
    """A results file of the game: its shape right or wrong, then sometimes mangled as text.
    Not `wild`: every part as a secretary would write it (the tables may still clash)."""
    often_ = often if wild else tame
    tables = TABLES[game](often_)
    data: dict[str, Any] = {"stage": draw(often_(st.sampled_from(STAGES[game]), SCALARS))}
    if game != "bridge" or not draw(st.integers(0, 3)):
        data["round"] = draw(often_(st.integers(1, 1 if game == "bridge" else 3), st.one_of(st.integers(-1, 60), SCALARS)))
    data["tables"] = draw(often_(st.lists(tables, min_size=1, max_size=2), st.lists(tables, max_size=4)))
    if wild and draw(st.integers(0, 9)) == 0:
        data.update(draw(st.dictionaries(st.text(max_size=6), SCALARS, max_size=2)))
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=draw(st.sampled_from([None, False])))
    for _ in range(draw(st.sampled_from([0, 0, 0, 0, 0, 1, 2] if wild else [0]))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.one_of(st.text(YAML_ALPHABET, min_size=1, max_size=3), YAML_TOKENS)) + text[at:]
    return text


def small_tree(folder: Path, game: str) -> tuple[Path, Path]:
    """content/ with the site and one small event of the game; returns (root, event folder)."""
    root = folder / "content"
    event = root / "events" / f"fuzz-{game}"
    (event / "results").mkdir(parents=True)
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    (event / "event.yaml").write_text(textwrap.dedent(EVENTS[game]), encoding="utf-8")
    return root, event


def check_tree(root: Path) -> bool:
    """validate() accepts the tree or reports well-formed problems; True if it accepted it."""
    try:
        with time_limit(20):
            validate(root)
    except ContentErrors as failure:
        assert failure.problems
        assert_well_formed(failure.problems, root)
        note("refused: " + " ".join(sorted({p.code for p in failure.problems if not p.warning})[:1]))
        return False
    note("accepted")
    return True


@pytest.mark.parametrize("game", sorted(EVENTS))
def test_small_events_are_valid_to_start_with(game: str, tmp_path: Path) -> None:
    root, _ = small_tree(tmp_path, game)
    _, results, warnings = validate(root)
    assert len(results) == 1 and warnings == []


@pytest.mark.parametrize("game", sorted(EVENTS))
@examples(40, 500)
@given(data=st.data())
def test_any_results_file_validates_or_has_marked_problems(game: str, data: st.DataObject) -> None:
    text = data.draw(results_file(game))
    with tempfile.TemporaryDirectory() as folder:
        root, event = small_tree(Path(folder), game)
        (event / "results" / "r1.yaml").write_text(text, encoding="utf-8")
        check_tree(root)


def mutate(value: Any, draw: st.DrawFn, depth: int = 0) -> Any:
    """The value with one node somewhere inside replaced by a random value, or a key added."""
    if isinstance(value, dict) and value and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(sorted(value, key=str)))
        return {**value, key: mutate(value[key], draw, depth + 1)}
    if isinstance(value, list) and value and draw(st.integers(0, 3)):
        at = draw(st.integers(0, len(value) - 1))
        return [*value[:at], mutate(value[at], draw, depth + 1), *value[at + 1:]]
    if isinstance(value, dict) and draw(st.booleans()):
        return {**value, draw(st.text(max_size=8)): draw(values())}
    return draw(st.one_of(values(), st.sampled_from([float("nan"), float("inf"), -1, 0, 10**30, "", "A01", "T01", "D01"])))


@pytest.mark.parametrize("game", sorted(EVENTS))
@examples(30, 300)
@given(data=st.data())
def test_any_event_yaml_edit_validates_or_has_marked_problems(game: str, data: st.DataObject) -> None:
    event_data = yaml.safe_load(textwrap.dedent(EVENTS[game]))
    changed = event_data
    for _ in range(data.draw(st.integers(1, 3))):
        changed = mutate(changed, data.draw)
    text = yaml.safe_dump(changed, allow_unicode=True, sort_keys=False)
    with tempfile.TemporaryDirectory() as folder:
        root, event = small_tree(Path(folder), game)
        (event / "event.yaml").write_text(text, encoding="utf-8")
        check_tree(root)


def tree_digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def fake_print_pdfs(jobs: list, cache_dir: Any, workers: Any = None, done: Any = None,
                    **said: Any) -> tuple[list[bytes], int]:
    return [b"%PDF-1.7 stub\n" for _ in jobs], len(jobs)


@pytest.mark.parametrize("game", sorted(EVENTS))
@examples(12, 100)
@given(data=st.data())
def test_any_results_file_builds_or_leaves_the_previous_output(game: str, data: st.DataObject) -> None:
    """The build end to end (PDF printing stubbed): a tree that validates renders without an
    exception; one that does not leaves output/ exactly as it was, with no staging folder left."""
    text = data.draw(results_file(game, wild=data.draw(st.integers(0, 4)) == 0))
    with tempfile.TemporaryDirectory() as folder:
        root, event = small_tree(Path(folder), game)
        (event / "results" / "r1.yaml").write_text(text, encoding="utf-8")
        output = Path(folder) / "output"
        output.mkdir()
        (output / "previous.html").write_text("the previous site\n", encoding="utf-8")
        (output / MARKER).write_text(marker_text(output), encoding="utf-8")  # a site paibang built
        before = tree_digest(output)
        with mock.patch("generator.render.pdf.print_pdfs", fake_print_pdfs), time_limit(60):
            try:
                build(root, output, cache_dir=Path(folder) / "cache")
            except ContentErrors as failure:
                assert_well_formed(failure.problems, root)
                assert tree_digest(output) == before
                note("refused: " + " ".join(sorted({p.code for p in failure.problems if not p.warning})[:2]))
            else:
                note("built")
                # (no record of what an earlier build wrote: paibang keeps what it cannot prove its own)
                assert (output / "index.html").is_file() and (output / "previous.html").read_text(encoding="utf-8") == "the previous site\n"
        assert not [p.name for p in Path(folder).iterdir() if ".tmp-" in p.name or ".old-" in p.name]


@pytest.mark.parametrize("game", sorted(EVENTS))
def test_a_round_written_with_no_tables_yet_builds(game: str, tmp_path: Path) -> None:
    """The example the fuzz run above found (CI, bridge): a round's file of `tables: []` crashed
    the round page's labels (IndexError) once a page's label was worked out for every page."""
    root, event = small_tree(tmp_path, game)
    (event / "results" / "r1.yaml").write_text("stage: prelim\ntables: []\n", encoding="utf-8")
    output = tmp_path / "output"
    with mock.patch("generator.render.pdf.print_pdfs", fake_print_pdfs):
        try:
            build(root, output, cache_dir=tmp_path / "cache")
        except ContentErrors as failure:  # (a game may refuse it: said, never a crash)
            assert_well_formed(failure.problems, root)
        else:
            assert (output / "index.html").is_file()


# --- the numbers ------------------------------------------------------------------------------------


def test_big_profile_runs_ten_thousand_examples() -> None:
    """The `fuzz` run (PAIBANG_FUZZ=1) tries more than 10,000 inputs in all; the per-game
    properties count once per game."""
    per_game = {"test_any_results_file_validates_or_has_marked_problems",
                "test_any_event_yaml_edit_validates_or_has_marked_problems",
                "test_any_results_file_builds_or_leaves_the_previous_output"}
    total = sum(count * (len(EVENTS) if name in per_game else 1) for name, count in BIG_COUNTS.items())
    assert len(BIG_COUNTS) == 17 and total >= 10_000, (len(BIG_COUNTS), total)
