"""A table view's figures (totals, top, percentages) are worked out once and kept: a pairs
view keeps them only once the field is scored (its rows' matchpoints arrive then), and no view
pickles what it kept (the event cache, the render workers)."""

from __future__ import annotations

import pickle

from generator.games.bridge.duplicate import PairsRow, PairsView, compare_board


def _table(ns: str, ew: str, score: int) -> PairsView:
    return PairsView("played", ns, ew, "s", "matchpoints", [PairsRow(1, "N", "None", "matchpoints", score=score)])


def test_a_pairs_views_totals_follow_its_rows_until_the_field_is_scored():
    first, second = _table("1", "2", 420), _table("3", "4", -50)
    # asked before the field is compared: nothing yet, and not kept
    assert (first.total(0), first.top, first.percent(0)) == (0, 0, None)
    compare_board([first.rows[0], second.rows[0]], "matchpoints", 2)
    assert (first.total(0), first.total(1), first.top, first.percent(0)) == (2, 0, 2, 100)
    first.scored = True  # as score_field marks it once every row has its matchpoints
    assert (first.ns_total, first.ew_total, first.top, first.percent(1)) == (2, 0, 2, 0)


def test_a_views_kept_figures_are_not_pickled():
    first, second = _table("1", "2", 420), _table("3", "4", -50)
    compare_board([first.rows[0], second.rows[0]], "matchpoints", 2)
    first.scored = True
    size = len(pickle.dumps(first))
    assert (first.total(0), first.has_leads) == (2, False)
    assert len(pickle.dumps(first)) == size
    again = pickle.loads(pickle.dumps(first))
    assert again == first and (again.total(0), again.top, again.percent(0)) == (2, 2, 100)
