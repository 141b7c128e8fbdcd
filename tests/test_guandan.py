"""Guandan (掼蛋): the level engine, match results, record reading and its error messages.

Every expected level here comes from rules-guandan.md (its worked cases, verbatim) or is worked
out by hand from its rules; none is read back from the code under test.
"""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.build import validate
from generator.errors import ContentErrors
from generator.games import GAMES
from generator.games.guandan import RULES
from generator.games.guandan.records import parse_deal, parse_level
from generator.games.guandan.rules import (
    Deal,
    GuandanStage,
    RecordError,
    Replay,
    Step,
    decide,
    level_name,
    replay,
)
from generator.messages import render_message
from generator.render.i18n import Translator

# every code: messages.py's and each game's (read from the registry, which collects Game.messages)
CATALOGUE = GAMES.catalogue()

# Level indexes written out by hand: 2 = 0 … 10 = 8, J = 9, Q = 10, K = 11, A = 12, A+ = 13.
L = {"2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7, "10": 8, "J": 9, "Q": 10, "K": 11,
     "A": 12, "A+": 13}
TEAMS = ("T01", "T02")


def log(*items: str) -> list[Deal]:
    """Deals built by hand, so the parser is not under test here."""
    deals = []
    for item in items:
        team, _, rest = item.partition("+")
        if item.endswith(" foul"):
            deals.append(Deal(item.split()[0], foul=True))
        else:
            deals.append(Deal(team, int(rest)))
    return deals


def names(levels: dict[str, int]) -> dict[str, str]:
    return {team: level_name(value) for team, value in levels.items()}


def path_of(result, team: str) -> list[str]:
    return [level_name(step.levels[team]) for step in result.steps]


TO_A = ("T01+3", "T01+3", "T01+3", "T01+3")  # worked case 1: T01 from 2 to A


# --- the worked cases of rules-guandan.md, verbatim ----------------------------------------------


def test_double_downs_climb_2_5_8_j_and_stop_at_a():
    """Deals [T01+3, T01+3, T01+3, T01+3]: T01 goes 2 -> 5 -> 8 -> J -> A (capped); T02 stays 2."""
    result = replay(TEAMS, log(*TO_A))
    assert path_of(result, "T01") == ["5", "8", "J", "A"]
    assert path_of(result, "T02") == ["2", "2", "2", "2"]
    assert result.passed is None
    assert result.steps[-1].notes == ()  # J + 3 is exactly A
    capped = replay(TEAMS, log("T01+3", "T01+3", "T01+3", "T01+2", "T01+3"))  # K + 3 stops at A
    assert path_of(capped, "T01")[-2:] == ["K", "A"] and capped.steps[-1].notes == (("capped", "T01", 0),)


def test_plus_one_at_own_a_keeps_a_as_a_failed_attempt():
    """From T01 at A: T01+1 keeps A (attempt 1 failed)."""
    result = replay(TEAMS, log(*TO_A, "T01+1"))
    assert names(result.levels) == {"T01": "A", "T02": "2"}
    assert result.attempts["T01"] == 1
    assert result.steps[-1].notes == (("a_failed", "T01", 1),)
    assert result.passed is None


def outcome(result):
    """(winner, why) of a logged match as the results are decided (rules.decide), no penalty,
    no draws, nothing recorded."""
    decision = decide(result.teams, result, None)
    return decision.winner, decision.why


def test_plus_two_at_own_a_passes_a_and_wins_the_match():
    """From T01 at A: T01+2 passes A -> T01 wins the match."""
    result = replay(TEAMS, log(*TO_A, "T01+2"))
    assert result.passed == "T01"
    assert names(result.levels) == {"T01": "A+", "T02": "2"}
    assert outcome(result) == ("T01", "passed_a")


def test_plus_three_at_own_a_passes_a_too():
    result = replay(TEAMS, log(*TO_A, "T01+3"))
    assert result.passed == "T01" and result.levels["T01"] == L["A+"]


def test_three_failed_attempts_send_the_team_back_to_two():
    """From T01 at A: T01+1, T01+1, T01+1 -> three failed attempts -> T01 back to 2."""
    result = replay(TEAMS, log(*TO_A, "T01+1", "T01+1", "T01+1"))
    assert path_of(result, "T01")[-3:] == ["A", "A", "2"]
    assert result.levels["T01"] == L["2"]
    assert result.steps[-1].notes == (("back_to_two", "T01", 3),)
    assert result.attempts["T01"] == 0  # the count restarts


def test_foul_gives_other_team_one_level():
    """`T01+2, T02+2, T02 foul`: T01 2 -> 4, then T02 2 -> 4, then the foul gives T01 +1 -> 5.
    Final 5 vs 4: T01 wins."""
    result = replay(TEAMS, log("T01+2", "T02+2", "T02 foul"))
    assert path_of(result, "T01") == ["4", "4", "5"]
    assert path_of(result, "T02") == ["2", "4", "4"]
    assert outcome(result) == ("T01", "higher")


def test_time_up_on_equal_levels_the_team_that_reached_it_first_wins():
    """`T01+2, T02+2`, time up: 4 vs 4, T01 reached 4 first -> T01 wins."""
    result = replay(TEAMS, log("T01+2", "T02+2"))
    assert names(result.levels) == {"T01": "4", "T02": "4"}
    assert outcome(result) == ("T01", "first")


# --- more of the rules, worked by hand ------------------------------------------------------------


def test_the_level_in_play_follows_the_last_deals_winner():
    result = replay(TEAMS, log("T01+3", "T02+1", "T02+2", "T01+1"))
    in_play = [(level_name(s.in_play), s.in_play_team) for s in result.steps]
    # deal 1 at the start level; then T01's 5; then T02's 3; then T02's 5
    assert in_play == [("2", None), ("5", "T01"), ("3", "T02"), ("5", "T02")]
    assert names(result.levels) == {"T01": "6", "T02": "5"}


def test_each_team_goes_up_from_its_own_level():
    # T02 wins at T01's J: it goes 2 -> 4, not J -> K
    result = replay(TEAMS, log("T01+3", "T01+3", "T01+3", "T02+2"))
    assert names(result.levels) == {"T01": "J", "T02": "4"}


def test_losing_a_deal_played_at_own_a_is_a_failed_attempt():
    result = replay(TEAMS, log(*TO_A, "T02+1"))
    assert result.attempts["T01"] == 1 and result.levels["T01"] == L["A"]
    assert ("a_failed", "T01", 1) in result.steps[-1].notes


def test_winning_at_the_opponents_level_does_not_pass_a_nor_count_as_an_attempt():
    # T01 at A; T02 wins (attempt 1 failed); T01 then wins +3 at T02's level: still A, no attempt
    result = replay(TEAMS, log(*TO_A, "T02+2", "T01+3"))
    assert result.passed is None and result.levels["T01"] == L["A"]
    assert result.attempts["T01"] == 1
    assert result.steps[-1].notes == (("a_stay", "T01", 0),)
    # and the next deal is at T01's own A: +2 passes
    assert replay(TEAMS, log(*TO_A, "T02+2", "T01+3", "T01+2")).passed == "T01"


def test_attempts_count_across_interruptions_and_a_loss_can_be_the_third():
    result = replay(TEAMS, log(*TO_A, "T01+1", "T02+2", "T01+1", "T01+1"))
    # attempt 1 (T01+1 at A), 2 (T02 won at T01's A), T01+1 at T02's level (no attempt), 3 -> back to 2
    assert result.levels["T01"] == L["2"]
    assert names(result.levels)["T02"] == "4"
    result = replay(TEAMS, log(*TO_A, "T01+1", "T01+1", "T02+3"))
    assert result.levels["T01"] == L["2"] and result.levels["T02"] == L["5"]
    assert ("back_to_two", "T01", 3) in result.steps[-1].notes


def test_a_attempts_is_configurable_and_zero_disables_it():
    two = replay(TEAMS, log(*TO_A, "T01+1", "T01+1"), a_attempts=2)
    assert two.levels["T01"] == L["2"]
    never = replay(TEAMS, log(*TO_A, *["T01+1"] * 10), a_attempts=0)
    assert never.levels["T01"] == L["A"] and never.attempts["T01"] == 10


def test_start_level_is_configurable():
    result = replay(TEAMS, log("T02+2"), start_level=L["5"])
    assert names(result.levels) == {"T01": "5", "T02": "7"}
    assert level_name(result.steps[0].in_play) == "5"


def test_a_foul_can_lift_a_team_to_a_but_never_past_it():
    result = replay(TEAMS, log("T01+3", "T01+3", "T01+3", "T01+2", "T02 foul"))
    assert path_of(result, "T01")[-2:] == ["K", "A"]
    capped = replay(TEAMS, log(*TO_A, "T02 foul"))
    assert capped.levels["T01"] == L["A"] and capped.passed is None
    assert capped.steps[-1].notes == (("foul", "T02", 1), ("a_stay", "T01", 0))


def test_a_replay_kept_in_the_event_cache_comes_back_as_it_was():
    # Pickled with its steps as plain tuples (Replay.__reduce__), made Steps again: a plain tuple
    # equals its Step, so each step's type is asked too (views read step.levels, step.notes).
    made = replay(TEAMS, log(*TO_A, "T02 foul", "T01+1", "T02+2"), a_attempts=2)
    back = pickle.loads(pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
    assert type(back) is Replay and back == made
    assert [type(step) for step in back.steps] == [Step] * len(made.steps)
    assert back.steps[-3].notes == (("foul", "T02", 1), ("a_stay", "T01", 0))
    # T01's second deal lost at its own A of two attempts (a_attempts=2): back to 2
    assert back.steps[-1].levels == {"T01": L["2"], "T02": L["4"]} and back.a_attempts == 2
    assert back.steps[-1].notes == made.steps[-1].notes and ("back_to_two", "T01", 2) in back.steps[-1].notes
    assert back.passed is None and back.attempts == made.attempts and back.deals is not made.deals


def test_a_foul_is_not_a_deal():
    result = replay(TEAMS, log("T01+1", "T01 foul", "T02+1"))
    assert [s.number for s in result.steps] == [1, None, 2]
    # the foul does not change whose level is in play: deal 2 is still played at T01's level
    assert result.steps[2].in_play_team == "T01" and level_name(result.steps[2].in_play) == "3"


def test_first_to_the_final_level_counts_the_last_arrival():
    # T01 reaches 4 first, goes on to 7; T02 reaches 4 later... then T01 is not at 4 at the end
    result = replay(TEAMS, log("T01+2", "T02+2", "T01+3", "T02+3"))
    assert names(result.levels) == {"T01": "7", "T02": "7"}
    assert outcome(result) == ("T01", "first")
    # T02 reached 7 first; T01 gets there later through a foul
    result = replay(TEAMS, log("T02+3", "T02+2", "T01+3", "T01+1", "T02 foul"))
    assert names(result.levels) == {"T01": "7", "T02": "7"}
    assert outcome(result) == ("T02", "first")


def test_a_team_that_never_moved_got_there_before_one_that_fell_back_to_two():
    result = replay(TEAMS, log(*TO_A, "T01+1", "T01+1", "T01+1"))
    assert names(result.levels) == {"T01": "2", "T02": "2"}
    assert outcome(result) == ("T02", "first_start")  # there from the start: no deal to name


def test_an_empty_log_cannot_decide():
    assert outcome(replay(TEAMS, [])) == (None, "undecided")


# --- errors of a deal log ----------------------------------------------------------------------


def test_a_log_that_continues_after_a_team_passed_a_is_an_error():
    with pytest.raises(RecordError) as caught:
        replay(TEAMS, log(*TO_A, "T01+2", "T02+1"))
    assert caught.value.code == "guandan-after-pass" and caught.value.index == 5
    with pytest.raises(RecordError):
        replay(TEAMS, log(*TO_A, "T01+2", "T02 foul"))


def test_a_deal_by_a_team_not_at_the_table_is_an_error():
    with pytest.raises(RecordError) as caught:
        replay(TEAMS, log("T01+1", "T03+2"))
    assert caught.value.code == "guandan-team-not-at-table" and caught.value.index == 1
    assert "suggestion" not in caught.value.params  # the pure replay knows no words


def test_the_reader_adds_the_did_you_mean_to_a_replay_that_meets_a_team_not_at_the_table():
    from generator.content.reader import Reader
    from generator.content.yaml_loader import load_yaml_text
    from generator.errors import Mark, Problems
    from generator.games.guandan.records import replay_record
    from generator.games.guandan.rules import GuandanRecord

    problems = Problems()
    path = Path("/tmp/round-1.yaml")
    node = load_yaml_text("table: 1\nteams: [T01, T02]\ndeals: [T01+1, t02+2]\n", path, problems)
    marks = [Mark(path, 3, 9), Mark(path, 3, 16)]
    record = GuandanRecord(["T01", "T02"], deals=[Deal("T01", 1), Deal("t02", 2)])
    replay_record(Reader(node, problems), record, GuandanStage(), marks)
    [problem] = problems.items
    assert (problem.code, problem.mark, problem.params["item"]) == ("guandan-team-not-at-table", marks[1], 2)
    message, _ = render_message(problem.code, "en", problem.params)
    assert message == "t02+2: t02 is not at this table (teams: T01, T02); did you mean T02?"


def test_a_team_not_at_the_table_is_named_once(tmp_path):
    """A deal of the log is said as written, then its team (T09+2: T09 ...); a penalty's team
    or a levels key is the team itself, said once: they shared the deal log's message, whose
    text was then the team (T09: T09 不在这一桌)."""
    root = make_content(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        deals: [T01+2, T09+2]
      - table: 2
        teams: [T03, T04]
        levels: {T03: Q, T04: 9}
        penalties: [{team: T03, levels: 1}, {team: T09, levels: 1, reason: 迟到}]
      - table: 3
        teams: [T05, T06]
        levels: {T05: Q, T09: 9}
    """)
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    said = {p.code: (p.message("zh-Hans"), p.message("en"), p.message("zh-Hant"), p.hint("zh-Hans"))
            for p in caught.value.problems if not p.warning}
    assert said["guandan-team-not-at-table"][0].startswith("T09+2：T09 不在这一桌（本桌：T01、T02）")
    assert said["guandan-penalty-team-not-at-table"][0].startswith("被罚方 T09 不在这一桌（本桌：T03、T04）")
    assert said["guandan-penalty-team-not-at-table"][1].startswith("penalised team T09 is not at this table")
    assert said["guandan-levels-team-not-at-table"][0].startswith("levels 里的 T09 不在这一桌（本桌：T05、T06）")
    assert said["guandan-levels-team-not-at-table"][2].startswith("levels 裡的 T09 不在這一桌")
    for code in ("guandan-penalty-team-not-at-table", "guandan-levels-team-not-at-table"):
        assert all(text.count("T09") == 1 for text in said[code][:3]), said[code]
    assert "penalties 的 team 写本桌一队的编号" in said["guandan-penalty-team-not-at-table"][3]


@pytest.mark.parametrize("text", ["T01+4", "T01+0", "T01+10", "T01-1"])
def test_a_gain_outside_one_to_three_is_an_error(text):
    with pytest.raises(RecordError) as caught:
        parse_deal(text)
    assert caught.value.code == "guandan-gain-range"


@pytest.mark.parametrize(("text", "deal"), [
    ("T01+3", Deal("T01", 3)), ("T01 +2", Deal("T01", 2)), (" T12+1 ", Deal("T12", 1)),
    ("T02 foul", Deal("T02", foul=True)), ("T02 FOUL", Deal("T02", foul=True)), ("T02犯规", Deal("T02", foul=True)),
    ("team-7+2", Deal("team-7", 2)),
])
def test_deal_notation(text, deal):
    assert parse_deal(text) == deal


@pytest.mark.parametrize("text", ["T01", "T01+", "+3", "T01 won", "T01*2", "foul", ""])
def test_unreadable_deals_are_deal_syntax_errors(text):
    with pytest.raises(RecordError) as caught:
        parse_deal(text)
    assert caught.value.code == "guandan-deal-syntax"


# --- levels as written ---------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "expected"), [
    (2, "2"), (9, "9"), (10, "10"), ("9", "9"), ("10", "10"), ("J", "J"), ("q", "Q"), ("K", "K"), ("A", "A"),
    ("A+", "A+"), ("a+", "A+"), (" Q ", "Q"),
])
def test_levels_may_be_bare_numbers_or_strings(value, expected):
    assert parse_level(value) == L[expected]


@pytest.mark.parametrize("value", [1, 11, 0, "B", "A++", "1", 9.0, True, None, "K+"])
def test_impossible_levels_are_refused(value):
    with pytest.raises(ValueError):
        parse_level(value)


def test_levels_only_results():
    def decided(levels: dict[str, int]) -> tuple[str | None, str]:
        decision = decide(tuple(levels), None, levels)  # type: ignore[arg-type]
        return decision.winner, decision.why

    assert decided({"T03": L["Q"], "T04": L["9"]}) == ("T03", "higher")
    assert decided({"T03": L["K"], "T04": L["A+"]}) == ("T04", "passed_a")
    assert decided({"T05": L["A"], "T06": L["A"]}) == (None, "undecided")  # the record must say who won


# --- properties of the engine --------------------------------------------------------------------

deal_items = st.one_of(
    st.builds(Deal, st.sampled_from(TEAMS), st.integers(1, 3)),
    st.builds(lambda t: Deal(t, foul=True), st.sampled_from(TEAMS)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(deal_items, max_size=40), st.integers(0, 4))
def test_any_log_stays_within_2_and_a_plus_and_ends_at_a_pass(deals, attempts):
    try:
        result = replay(TEAMS, deals, a_attempts=attempts)
    except RecordError as error:
        # the only way a log of these two teams fails: something written after a pass
        assert error.code == "guandan-after-pass"
        assert replay(TEAMS, deals[: error.index], a_attempts=attempts).passed is not None
        return
    for step in result.steps:
        assert all(0 <= v <= 13 for v in step.levels.values())
        assert list(step.levels.values()).count(13) <= 1
    if result.passed:
        assert result.steps[-1].levels[result.passed] == 13
    winner, why = outcome(result)
    assert (winner is None) == (why == "undecided")
    if why == "undecided":
        assert result.arrived == {"T01": -1, "T02": -1}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.builds(Deal, st.sampled_from(TEAMS), st.integers(1, 3)), min_size=1, max_size=12))
def test_without_a_in_reach_levels_are_the_sum_of_gains(deals):
    if any(sum(d.gain for d in deals[: i + 1] if d.team == t) >= 10 for t in TEAMS for i in range(len(deals))):
        return  # capping, attempts and passes are tested above
    result = replay(TEAMS, deals)
    for team in TEAMS:
        assert result.levels[team] == sum(d.gain for d in deals if d.team == team)


# --- the game's surface --------------------------------------------------------------------------


def test_guandan_is_registered_with_its_metrics_and_formats():
    assert GAMES["guandan"] is RULES
    assert RULES.metrics_for(None) == ("wins", "level_diff")
    assert set(RULES.formats) == {"swiss", "round_robin", "matches"}
    for metric in RULES.metrics.values():
        assert set(metric.label) == set(metric.explain) == {"zh-Hans", "zh-Hant", "en"}


def test_every_message_and_word_is_in_three_locales_with_a_hint():
    for code, entry in RULES.messages.items():
        assert CATALOGUE[code] == entry
        assert set(entry) == {"zh-Hans", "zh-Hant", "en"}, code
        assert all(message and hint for message, hint in entry.values()), code
    for key, words in RULES.ui_words.items():
        assert len(words) == 3
        assert tuple(Translator(locale).unformatted(key) for locale in ("zh-Hans", "zh-Hant", "en")) == words, key


def test_messages_render_with_the_parameters_the_reader_gives():
    message, hint = render_message("guandan-tie-no-winner", "zh-Hans", {"level": "J", "teams": ["T05", "T06"],
                                                                        "example": "T05"})
    assert message == "双方同为 J，无法确定谁先到达" and "winner: T05" in hint


# --- reading results files: errors at the exact line ------------------------------------------------

SITE = "title: 测试\nlocale: zh-Hans\n"
EVENT = """\
title: 掼蛋测试
game: guandan
date: 2020-12-09
entries:
{entries}
stages:
  - id: main
    format: swiss
    rounds: 1
    rank_by: [wins, level_diff, buchholz]
{stage_extra}
    prizes:
      - {{name: 一等奖, wins: 1}}
"""


def make_content(tmp_path: Path, tables: str, stage_extra: str = "", teams: int = 10) -> Path:
    root = tmp_path / "content"
    folder = root / "events" / "gd"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    entries = "\n".join(f"  - {{id: T{n:02d}, players: [甲{n}, 乙{n}]}}" for n in range(1, teams + 1))
    (folder / "event.yaml").write_text(EVENT.format(entries=entries, stage_extra=stage_extra), encoding="utf-8")
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n" + textwrap.dedent(tables), encoding="utf-8")
    return root


def problems_of(tmp_path: Path, tables: str, stage_extra: str = "") -> list[tuple[str, int, int]]:
    root = make_content(tmp_path, tables, stage_extra)
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    return [(p.code, p.mark.line, p.mark.column) for p in caught.value.problems if not p.warning]


def run(tmp_path: Path, tables: str, stage_extra: str = "", teams: int = 10):
    root = make_content(tmp_path, tables, stage_extra, teams)
    _, results, _ = validate(root)
    return results[0].stages[0]


def test_error_at_the_exact_deal_item(tmp_path):
    found = problems_of(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        deals:
          - T01+3
          - T01+4
          - T03+1
          - T01 won
    """)
    assert found == [("guandan-gain-range", 8, 7), ("guandan-team-not-at-table", 9, 7),
                     ("guandan-deal-syntax", 10, 7)]


def test_error_at_the_item_after_a_pass_in_a_flow_list(tmp_path):
    found = problems_of(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        deals: [T01+3, T01+3, T01+3, T01+3, T01+2, T02+1]
    """)
    assert found == [("guandan-after-pass", 6, 46)]


def test_tie_without_winner_is_an_error_and_winner_settles_it(tmp_path):
    found = problems_of(tmp_path, """\
      - table: 1
        teams: [T05, T06]
        levels: {T05: A, T06: A}
    """)
    assert found == [("guandan-tie-no-winner", 6, 11)]
    stage = run(tmp_path / "ok", """\
      - table: 1
        teams: [T05, T06]
        levels: {T05: A, T06: A}
        winner: T06
    """)
    score = stage.rounds[0].tables[0]
    assert score.winner == "T06" and score.extra["decided_by"] == "recorded"
    assert [s.metrics for s in score.sides] == [{"wins": 0, "level_diff": 0}, {"wins": 1, "level_diff": 0}]


def test_an_error_message_names_file_line_and_fix(tmp_path):
    root = make_content(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        deals: [T01+3, T02+5]
    """)
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    problem = next(p for p in caught.value.problems if p.code == "guandan-gain-range")
    text = problem.format("zh-Hans", root)
    assert "round-1.yaml:6:" in text and "升级数 5 不在 1–3 之间" in text and "双下升 3 级" in text
    assert "a gain of 5 is not 1–3" in problem.format("en", root)
    assert "升級數 5 不在 1–3 之間" in problem.format("zh-Hant", root)


@pytest.mark.parametrize(("tables", "code"), [
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: Q, T02: B}\n", "guandan-level-invalid"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: Q}\n", "guandan-levels-missing"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: Q, T03: 9}\n", "guandan-levels-team-not-at-table"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: A+, T02: A+}\n", "guandan-both-passed"),
    ("  - table: 1\n    teams: [T01, T02]\n    levels: {T01: Q, T02: 9}\n    winner: T02\n", "guandan-winner-mismatch"),
    ("  - table: 1\n    teams: [T01, T02]\n    deals: [T01+2, T02+2]\n    winner: T02\n", "guandan-winner-mismatch"),
    ("  - table: 1\n    teams: [T01, T02]\n    deals: [T01+2]\n    levels: {T01: 5, T02: 2}\n", "guandan-levels-mismatch"),
    ("  - table: 1\n    teams: [T01, T02]\n    winner: T07\n    levels: {T01: 5, T02: 2}\n", "guandan-winner-not-at-table"),
    ("  - table: 1\n    teams: [T01, T02]\n    winner: T01\n", "guandan-winner-alone"),
    ("  - table: 1\n    teams: [T01, T02]\n    forfeit: T02\n    levels: {T01: 5, T02: 2}\n", "guandan-forfeit-with-record"),
    ("  - table: 1\n    teams: [T01]\n    deals: [T01+2]\n", "guandan-bye-with-record"),
    ("  - table: 1\n    teams: [T01, T02, T03]\n", "guandan-teams-count"),
    ("  - table: 1\n    teams: [T01, T02]\n    boards: {1: T01+2}\n", "key-unknown"),
])
def test_record_problems(tmp_path, tables, code):
    assert code in [c for c, _, _ in problems_of(tmp_path, tables)]


def test_stage_keys_are_checked(tmp_path):
    found = problems_of(tmp_path, "  - table: 1\n    teams: [T01, T02]\n    deals: [T01+1]\n",
                        stage_extra="    start_level: A+\n    a_attempts: -1\n    bye: {wins: 1, points: 2}\n")
    assert {c for c, _, _ in found} == {"guandan-level-invalid", "value-range", "key-unknown"}


# --- scoring tables -----------------------------------------------------------------------------


def test_scoring_a_log_a_levels_record_a_forfeit_and_a_bye(tmp_path):
    stage = run(tmp_path, """\
      - table: 1
        teams: [T01, T02]
        deals: [T01+3, T01+3, T01+3, T01+3, T02+1, T01+2, T02 foul]
      - table: 2
        teams: [T03, T04]
        levels: {T03: Q, T04: "9"}
      - table: 3
        teams: [T05, T06]
        deals: [T05+2, T06+2]
      - table: 4
        teams: [T07, T08]
        forfeit: T08
      - table: 5
        teams: [T09]
    """, stage_extra="    bye: {wins: 1, level_diff: 2}\n", teams=9)
    scores = {s.table.number: s for s in stage.rounds[0].tables}
    # T01 reaches A, T02 wins at T01's A (attempt 1), T01 wins at T02's 3 (stays A), T02 fouls: capped
    one = scores[1]
    assert one.winner == "T01" and one.extra["levels"] == {"T01": "A", "T02": "3"}
    assert [s.metrics for s in one.sides] == [{"wins": 1, "level_diff": 11}, {"wins": 0, "level_diff": -11}]
    assert one.extra["deals"][-1] == {"deal": None, "team": "T02", "foul": True, "levels": {"T01": "A", "T02": "3"}}
    assert scores[2].winner == "T03" and scores[2].extra == {"levels": {"T03": "Q", "T04": "9"}, "decided_by": "higher"}
    assert scores[2].sides[0].metrics == {"wins": 1, "level_diff": 3}
    assert scores[3].winner == "T05" and scores[3].extra["decided_by"] == "first"
    assert scores[3].view.why == "gd_why_first" and scores[3].view.why_params == {"team": "T05", "level": "4", "deal": 1}
    forfeit = scores[4]
    assert forfeit.winner == "T07" and forfeit.boards == [] and forfeit.extra["levels"] == {}
    assert [(s.entry, s.metrics, s.disqualified) for s in forfeit.sides] == [
        ("T07", {"wins": 1, "level_diff": 0}, False), ("T08", {"wins": 0, "level_diff": 0}, False)]
    bye = scores[5]
    assert bye.winner == "T09" and bye.sides[0].metrics == {"wins": 1, "level_diff": 2}
    ranks = {s.entry.id: s for s in stage.standings}
    assert ranks["T08"].rank is not None and not ranks["T08"].tally.forfeited  # a forfeit is a loss, not out
    assert ranks["T01"].rank == 1 and ranks["T01"].prize.name == "一等奖"
    assert ranks["T08"].prize is None


@pytest.mark.parametrize("record", ["", "    deals: []\n", "    deals:\n", "    levels: {}\n",
                                    "    levels: {T01: , T02: }\n"])
def test_a_table_without_a_result_yet_scores_nothing(tmp_path, record):
    stage = run(tmp_path, "  - table: 1\n    teams: [T01, T02]\n" + record +
                "  - table: 2\n    teams: [T03, T04]\n    deals: [T03+1]\n", teams=4)
    score = stage.rounds[0].tables[0]
    assert score.sides == [] and score.winner is None and score.view.kind == "unplayed"
    # The round is partly entered: shown on its page ("已录 1/2 桌"), counted only once complete
    # (event-day.md), so no standings yet.
    assert stage.rounds[0].partial and (stage.rounds[0].entered, stage.rounds[0].matches) == (1, 2)
    assert stage.standings == [] and stage.rounds_played == 0 and stage.status == "in_progress"


def test_stage_defaults():
    options = GuandanStage()
    assert options.start_level == L["2"] and options.a_attempts == 3 and options.bye == {"wins": 1, "level_diff": 0}


def test_every_decision_has_its_words_and_an_unknown_reason_is_refused():
    """A view names its reason `gd_why_<why>` / `gd_short_<why>` for whatever `decide` returns
    (an undecided tie included, which a record with an error still shows; the results sheet
    says nothing for a higher level); the winner-mismatch
    message's reason refuses a reason it has no words for instead of guessing one."""
    from generator import catalogues
    from generator.games.guandan.words import FOLDER, why_word

    for why in ("passed_a", "higher", "first", "first_start", "recorded", "draw", "tiebreak", "undecided"):
        assert f"gd_why_{why}" in catalogues.words(FOLDER), why
        assert why == "higher" or f"gd_short_{why}" in catalogues.words(FOLDER), why  # the sheet: no remark
    assert why_word("tables")["en"] == "equal net levels, more rooms won"
    with pytest.raises(ValueError):
        why_word("undecided")
