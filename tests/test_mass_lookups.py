"""What issue 23's lookups keep once made must follow what they are made of (no timing here:
bench/scale.py and bench/desk_mass_views.py measure the cost). A round's figures
(tournament/results.py's RoundResult: its pending tables as a set, drawn_only, the counts of
"k of n tables entered") are made at the first asking and kept, yet pickled as before (the
build's caches)."""

from __future__ import annotations

import pickle

from generator.content.model import Table
from generator.games import SideScore, TableScore
from generator.tournament.results import RoundResult


def score(number: int, first: str, second: str) -> TableScore:
    return TableScore(Table(number=number, sides=[first, second], record=[]),
                      [SideScore(first, {"wins": 1}), SideScore(second, {"wins": 0})], first)


def test_a_round_s_figures_kept_once_asked_are_its_own_and_not_pickled() -> None:
    tables = [score(n, f"A{n}", f"B{n}") for n in range(1, 7)]
    made = RoundResult(2, tables, pending=[2, 5], unplayed=[6])
    before = pickle.dumps(made)
    assert made.pending_tables == {2, 5} and made.unplayed_tables == {6}
    # 3 of 5 tables entered (table 6 not played: a side withdrew), the round partial, not drawn only
    assert (made.entered, made.matches, made.not_played) == (3, 5, 1)
    assert made.partial and not made.drawn_only and made.has_counted
    assert [s.table.number for s in made.counted] == [1, 3, 4, 6]
    # asked, the figures are kept on the round, yet its pickle is the same bytes, and a round
    # read back from it works them out again
    assert pickle.dumps(made) == before
    again = pickle.loads(before)
    assert (again.entered, again.matches, again.drawn_only, again.pending_tables) == (3, 5, False, {2, 5})
    drawn_round = RoundResult(3, tables, pending=[1, 2, 3, 4, 5, 6])
    assert drawn_round.drawn_only and drawn_round.counted == [] and drawn_round.entered == 0

