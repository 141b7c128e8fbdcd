"""What issue 23's lookups keep once made must follow what they are made of (no timing here:
bench/scale.py and bench/desk_mass_views.py measure the cost). A round's figures
(tournament/results.py's RoundResult: its pending tables as a set, drawn_only, the counts of
"k of n tables entered") are made at the first asking and kept, yet pickled as before (the
build's caches); the desk's tables by round and number (desk/app.py's Desk._table) are indexed
once a reading, and a hand edit read again is what its forms and links then see."""

from __future__ import annotations

import pickle
from pathlib import Path

from generator.content.model import Table
from generator.games import SideScore, TableScore
from generator.tournament.results import RoundResult
from tests.test_desk import SLUG, content, drawn, round4  # noqa: F401


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
    assert {"pending_tables", "drawn_only", "partial", "entered"} <= vars(made).keys()
    assert pickle.dumps(made) == before
    again = pickle.loads(before)
    assert (again.entered, again.matches, again.drawn_only, again.pending_tables) == (3, 5, False, {2, 5})
    drawn_round = RoundResult(3, tables, pending=[1, 2, 3, 4, 5, 6])
    assert drawn_round.drawn_only and drawn_round.counted == [] and drawn_round.entered == 0


def test_the_desk_s_tables_follow_a_hand_edit_and_a_broken_file_s_kept_round(content: Path) -> None:  # noqa: F811
    from generator.desk.app import Desk

    desk = Desk(content, SLUG, None, None, build=False)
    path = round4(content)
    first = desk.spot("main", 4, 1)
    assert first is not None and desk.spot("main", 4, 999) is None
    a, b = first.table.sides
    # the secretary swaps table 1's sides by hand: read again, its form has them so
    text = path.read_text(encoding="utf-8")
    assert text.count(f"teams: [{a}, {b}]") == 1
    path.write_text(text.replace(f"teams: [{a}, {b}]", f"teams: [{b}, {a}]"), encoding="utf-8")
    desk.load()
    assert desk.spot("main", 4, 1).table.sides == [b, a]
    # a YAML error in the file: the round of the last good reading is kept, its tables still found
    swapped = path.read_text(encoding="utf-8")
    path.write_text(swapped.replace(f"teams: [{b}, {a}]", f"teams: [{b}, {a}"), encoding="utf-8")
    desk.load()
    assert ("main", 4) in desk.kept
    kept = desk.spot("main", 4, 1)
    assert kept is not None and kept.table.sides == [b, a]
    # mended, with table 1's sides as `pair` drew them: the file's again
    path.write_text(text, encoding="utf-8")
    desk.load()
    assert not desk.kept and desk.spot("main", 4, 1).table.sides == [a, b]
