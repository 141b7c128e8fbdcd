"""A board played across a large field (issue 23's real sizes: a congress of 300 pairs, every board
played 150 times): matchpoints and cross-IMPs are the rules' figures (rules-bridge.md, "Duplicate
methods") and their work grows with the results, not with the results squared. No timing: the
comparisons made and the IMPs looked up are counted. bench/bridge_field.py measures the time.
"""

from __future__ import annotations

import random
from pathlib import Path

from generator.build import validate
from generator.games.bridge import duplicate
from generator.games.bridge.duplicate import PairsView, cross_imps_exact, imps
from generator.games.common.matchpoints import board_matchpoints, matchpoints
from tests.support import bench

FIELD = 600  # results of one board: a simultaneous pairs' field


def _field(seed: int = 7) -> list[int]:
    """A board's NS scores as a large field has them: a few contracts, most tables alike."""
    rng = random.Random(seed)
    usual = (420, 450, 450, 420, 170, -50, -100, 620, -500, 990, 0)
    return [rng.choice(usual) for _ in range(FIELD)]


class Counted:
    """A score that counts the comparisons made with it."""

    made = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def _compare(self, other: Counted, answer: bool) -> bool:
        Counted.made += 1
        return answer

    def __lt__(self, other: Counted) -> bool:
        return self._compare(other, self.value < other.value)

    def __gt__(self, other: Counted) -> bool:
        return self._compare(other, self.value > other.value)

    def __le__(self, other: Counted) -> bool:
        return self._compare(other, self.value <= other.value)

    def __ge__(self, other: Counted) -> bool:
        return self._compare(other, self.value >= other.value)

    def __eq__(self, other: object) -> bool:
        return self._compare(other, isinstance(other, Counted) and self.value == other.value)  # type: ignore[arg-type]

    __hash__ = None  # type: ignore[assignment]


def test_a_large_fields_matchpoints_are_two_a_result_beaten_one_a_tie():
    scores = _field()
    expected = [sum(2 if own > other else 1 if own == other else 0 for other in scores) - 1 for own in scores]
    assert matchpoints(scores) == expected
    scored = board_matchpoints(scores)
    assert {s.top for s in scored} == {2 * (FIELD - 1)}
    # every board gives n x (n - 1) matchpoints in all, each pair of results sharing 2
    assert sum(s.mp for s in scored) == FIELD * (FIELD - 1)
    # the rules' small worked case, unchanged
    assert matchpoints([420, 450, 420, -50]) == [3, 6, 3, 0]


def test_matchpoints_compare_a_board_in_n_log_n_not_each_result_with_each():
    scores = [Counted(value) for value in _field()]
    Counted.made = 0
    found = matchpoints(scores)  # type: ignore[arg-type]
    assert found == matchpoints(_field())
    # sorting and two binary searches a result: about 600 x 2 x 10; each with each: 360,000
    assert Counted.made < 30 * FIELD


def test_a_large_fields_cross_imps_are_each_result_against_every_other_averaged(monkeypatch):
    scores = _field()
    expected = [sum(imps(own - other) for j, other in enumerate(scores) if j != i) / (FIELD - 1)
                for i, own in enumerate(scores)]
    looked_up = []
    monkeypatch.setattr(duplicate, "imps", lambda difference: looked_up.append(difference) or imps(difference))
    assert cross_imps_exact(scores) == expected
    # against each distinct score once: at most 11 scores, 121 look-ups (each with each: 359,400)
    assert len(looked_up) <= len(set(scores)) ** 2
    assert cross_imps_exact([420, 420, -50]) == [5.0, 5.0, -10.0]  # cross_imps' worked value


def test_the_imp_scale_at_each_band_edge():
    lows = (0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
            2000, 2250, 2500, 3000, 3500, 4000)
    for band, low in enumerate(lows):
        assert imps(low) == band and imps(-low) == -band
        if low:
            assert imps(low - 10) == band - 1
    assert imps(7600) == 24


def test_the_bench_congress_is_one_field_scored_across_its_sections(tmp_path: Path):
    """bench/bridge_field.py's pairs field at 2 sections: checked clean, and every board compared
    across both sections (18 results, a top of 34), as a field scored across its sections is."""
    field = bench("bridge_field")
    content, slug = field.make_pairs_field(tmp_path, 2, seed=1)
    site, results, problems = validate(content)
    assert [p for p in problems] == []
    (event,) = results
    rows = [row for round_result in event.stages[0].rounds for score in round_result.tables
            if isinstance(score.view, PairsView) for row in score.view.rows]
    assert len(rows) == 2 * 9 * 27
    assert {row.played for row in rows} == {18} and {row.top for row in rows} == {34}
    assert sorted({row.board for row in rows}) == list(range(1, 28))
