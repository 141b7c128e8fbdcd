"""Matchpoints, game-independent (generator/games/matchpoints.py).

The rules are those of rules-bridge.md ("Duplicate methods") and rules-shengji.md ("Pairs
event"): 2 for each result beaten, 1 for each tie, top = 2 x (n - 1), percentage = MP / top;
Neuberg MP' = (MP + 1) x E / A - 1; adjusted scores a percentage of the top. Expected values are
worked by hand here, never read back from the code.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.games.common.matchpoints import (
    Adjusted,
    board_matchpoints,
    finish_percent,
    frequency,
    matchpoints,
    neuberg,
    no_board_scored,
    percent_of,
    percentage,
    top,
)


def test_two_per_result_beaten_one_per_tie():
    # 85 beats 40 and 0 (4) and ties the other 85 (1): 5.
    assert matchpoints([85, 40, 85, 0]) == [5, 2, 5, 0]


def test_every_result_equal_shares_the_top_evenly():
    assert matchpoints([60, 60, 60]) == [2, 2, 2]


def test_top_is_two_times_results_minus_one():
    assert [top(n) for n in (1, 2, 7, 8)] == [0, 2, 12, 14]


def test_percentage_is_mp_over_top():
    assert percentage(9, 12) == 75
    assert percentage(0, 12) == 0
    assert percentage(3, 0) is None  # a board played once has no top


def test_neuberg_formula():
    # A board played 6 times in a field of 7: MP 4 of a top of 10 -> (4 + 1) x 7 / 6 - 1.
    assert neuberg(4, played=6, expected=7) == pytest.approx(35 / 6 - 1)
    # A top among 6 is worth a little less than a top among 7: (10 + 1) x 7 / 6 - 1.
    assert neuberg(10, played=6, expected=7) == pytest.approx(77 / 6 - 1)
    assert neuberg(0, played=6, expected=7) == pytest.approx(1 / 6)


def test_neuberg_leaves_a_fully_played_board_alone():
    assert neuberg(7, played=8, expected=8) == 7


def test_neuberg_refuses_nothing_played():
    with pytest.raises(ValueError):
        neuberg(0, played=0, expected=7)


def test_a_board_played_fewer_times_is_factored_to_the_fields_top():
    scored = board_matchpoints([100, 80, 60], expected=4)
    # Plain MPs 4, 2, 0 of a top of 4; factored to a top of 6: (MP + 1) x 4/3 - 1.
    assert [s.mp for s in scored] == [pytest.approx(17 / 3), 3, pytest.approx(1 / 3)]
    assert {s.top for s in scored} == {6}


def test_adjusted_scores_are_a_percentage_of_the_top_and_the_rest_is_factored():
    # 4 results expected (top 6): one adjusted 60 %, one adjusted 0 %; 85 and 40 compared
    # between themselves (2 and 0 of a top of 2), factored from 2 results to 4.
    scored = board_matchpoints([85, Adjusted(60), 40, Adjusted(0)])
    assert [s.mp for s in scored] == [5, pytest.approx(3.6), 1, 0]
    assert [s.adjusted for s in scored] == [False, True, False, True]
    assert scored[1].percent == pytest.approx(60)


def test_a_lone_real_result_gets_half_the_top():
    scored = board_matchpoints([55, Adjusted(60), Adjusted(0)])
    assert scored[0].mp == 2 and scored[0].top == 4


def test_adjusted_percentages_must_be_0_to_100():
    with pytest.raises(ValueError):
        Adjusted(120)


def test_more_results_than_expected_is_a_mistake():
    with pytest.raises(ValueError):
        board_matchpoints([1, 2, 3], expected=2)


def test_both_directions_of_a_real_board_add_up_to_the_top():
    ns = [120, 95, 95, 30]
    ns_mp = [s.mp for s in board_matchpoints(ns)]
    ew_mp = [s.mp for s in board_matchpoints([-v for v in ns])]
    assert [a + b for a, b in zip(ns_mp, ew_mp)] == [6, 6, 6, 6]


def test_frequency_lists_each_score_once_best_first():
    lines = frequency([60, 85, 60, 0])
    assert [(f.score, f.count, f.mp) for f in lines] == [(85, 1, 6), (60, 2, 3), (0, 1, 0)]


def test_stage_percentage_is_total_mp_over_total_top_not_a_mean_of_percentages():
    # Round 1: 10 of 12 (83.33 %); round 2, one board of its two not played: 2 of 12 (16.67 %).
    # Total 12 of 24 ... of 18 when the second round's top is that of the board played (12 + 6).
    metrics = {"mp": 10 + 2, "top": 12 + 6, "percent": 83.33 + 33.33}
    finish_percent(metrics)
    assert metrics["percent"] == pytest.approx(66.67)
    assert percent_of({"mp": 12, "top": 18}) == pytest.approx(200 / 3)


def test_finish_percent_without_a_top_gives_no_percentage():
    """No board scored (each written np): no percentage, not 0 % read as every board lost."""
    metrics = {"mp": 0, "top": 0, "percent": 0}
    finish_percent(metrics)
    assert "percent" not in metrics and no_board_scored(metrics)


@given(st.lists(st.integers(min_value=-20, max_value=40).map(lambda v: v * 5), min_size=2, max_size=12))
def test_a_boards_matchpoints_add_up_to_half_the_top_for_each_result(scores):
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=10), st.integers(0, 4))
def test_neuberg_keeps_the_boards_average_at_half_the_top(scores, missing):
    expected = len(scores) + missing
    scored = board_matchpoints(scores, expected)
    assert sum(s.mp for s in scored) / len(scores) == pytest.approx((expected - 1))
