"""Tie-breaks every game can rank by: Buchholz, median Buchholz, Sonneborn-Berger, head-to-head, lots.

Each test builds a small stage from plain matches and checks the number the stage page explains.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.content.model import Entry, Table
from generator.games import SHARED_METRICS, Metric, SideScore, TableScore
from generator.tournament.event import is_pending
from generator.tournament.standings import (
    add_buchholz, add_median_buchholz, add_sonneborn_berger, primary_metric, rank, tally,
)

WINS = {"wins": Metric("wins", {"zh-Hans": "胜场"}, {"zh-Hans": "胜的场数"})}


# The tie-breaks this file checks, as every game offers them (generator/games/__init__.py).
PROPOSED_METRICS = {name: SHARED_METRICS[name] for name in ("median_buchholz", "sonneborn_berger", "head_to_head")}


def entries(*ids: str) -> list[Entry]:
    return [Entry(i, []) for i in ids]


def match(a: str, b: str, winner: str | None, number: int = 1) -> TableScore:
    table = Table(number, [a, b], None)
    won = {a: 1 if winner == a else 0, b: 1 if winner == b else 0}
    return TableScore(table, [SideScore(a, {"wins": won[a]}), SideScore(b, {"wins": won[b]})], winner)


def bye(a: str, number: int = 9) -> TableScore:
    return TableScore(Table(number, [a], None), [SideScore(a, {"wins": 1})], a)


def test_primary_metric_is_the_first_that_is_not_a_tiebreak():
    assert primary_metric(["wins", "level_diff", "buchholz"], "x") == "wins"
    assert primary_metric(["buchholz", "match_points"], "x") == "match_points"
    assert primary_metric(["head_to_head", "lot"], "wins") == "wins"


def test_buchholz_sums_the_opponents_wins_and_a_bye_adds_nothing():
    # A beat B and C; B beat C; C had a bye in round 3.
    rounds = [[match("A", "B", "A")], [match("A", "C", "A"), match("B", "D", "B")], [bye("C"), match("A", "D", "D")]]
    tallies = tally(entries("A", "B", "C", "D"), rounds, WINS)
    add_buchholz(tallies, "wins")
    wins = {e: t.metrics["wins"] for e, t in tallies.items()}
    assert wins == {"A": 2, "B": 1, "C": 1, "D": 1}
    assert tallies["A"].metrics["buchholz"] == wins["B"] + wins["C"] + wins["D"]
    assert tallies["C"].metrics["buchholz"] == wins["A"]  # the bye adds nothing


def test_median_buchholz_drops_the_best_and_the_worst_opponent():
    rounds = [
        [match("A", "B", "A"), match("C", "D", "C"), match("E", "F", "E")],
        [match("A", "C", "C"), match("B", "E", "E"), match("D", "F", "D")],
        [match("A", "E", "A"), match("B", "F", "B"), match("C", "D", "C")],
    ]
    tallies = tally(entries(*"ABCDEF"), rounds, WINS)
    add_buchholz(tallies, "wins")
    add_median_buchholz(tallies, "wins")
    wins = {e: t.metrics["wins"] for e, t in tallies.items()}
    opponents = sorted([wins["B"], wins["C"], wins["E"]])
    assert tallies["A"].metrics["buchholz"] == sum(opponents)
    assert tallies["A"].metrics["median_buchholz"] == opponents[1]


def test_median_buchholz_with_fewer_than_three_opponents_is_plain_buchholz():
    rounds = [[match("A", "B", "A"), match("C", "D", "C")], [match("A", "C", "C"), match("B", "D", "B")]]
    tallies = tally(entries(*"ABCD"), rounds, WINS)
    add_buchholz(tallies, "wins")
    add_median_buchholz(tallies, "wins")
    for record in tallies.values():
        assert record.metrics["median_buchholz"] == record.metrics["buchholz"]


def test_sonneborn_berger_counts_beaten_opponents_in_full_and_drawn_ones_by_half():
    rounds = [
        [match("A", "B", "A"), match("C", "D", "C")],
        [match("A", "C", None), match("B", "D", "B")],
        [match("A", "D", "D"), match("B", "C", "C")],
    ]
    tallies = tally(entries(*"ABCD"), rounds, WINS)
    add_sonneborn_berger(tallies, "wins")
    wins = {e: t.metrics["wins"] for e, t in tallies.items()}
    assert wins == {"A": 1, "B": 1, "C": 2, "D": 1}
    # A beat B (1 win), drew with C (2 wins: half counts), lost to D (nothing).
    assert tallies["A"].metrics["sonneborn_berger"] == wins["B"] + wins["C"] / 2
    assert tallies["C"].metrics["sonneborn_berger"] == wins["D"] + wins["B"] + wins["A"] / 2


def test_head_to_head_decides_between_entries_tied_before_it():
    # A, B and C have 2 wins each; among them only C and B met, and C won: C first, A and B still
    # level. D and E (no wins) never met each other: 0 each, level.
    rounds = [[match("C", "B", "C"), match("A", "D", "A")], [match("B", "D", "B"), match("A", "E", "A")],
              [match("B", "E", "B"), match("C", "D", "C")]]
    tallies = tally(entries(*"ABCDE"), rounds, WINS)
    standings = rank(tallies.values(), ["wins", "head_to_head"])
    assert [(s.entry.id, s.rank_label) for s in standings] == [("C", "1"), ("A", "2="), ("B", "2="), ("D", "4="), ("E", "4=")]
    assert {s.entry.id: s.tally.metrics["head_to_head"] for s in standings} == {"A": 0, "B": 0, "C": 2, "D": 0, "E": 0}


def test_head_to_head_counts_only_matches_among_the_tied_and_a_cycle_stays_tied():
    # A, B and C have 2 wins each: A beat B, B beat C, C beat A — 2 points each, still level.
    rounds = [[match("A", "B", "A"), match("C", "D", "C")], [match("A", "C", "C"), match("B", "D", "B")],
              [match("A", "D", "A"), match("B", "C", "B")]]
    tallies = tally(entries(*"ABCD"), rounds, WINS)
    standings = rank(tallies.values(), ["wins", "head_to_head"])
    by_id = {s.entry.id: s for s in standings}
    assert [by_id[e].tally.metrics["wins"] for e in "ABCD"] == [2, 2, 2, 0]
    # each beat D too, but D is not level with them: those wins do not count
    assert [by_id[e].tally.metrics["head_to_head"] for e in "ABCD"] == [2, 2, 2, 0]
    assert [by_id[e].rank_label for e in "ABCD"] == ["1=", "1=", "1=", "4"]


def test_head_to_head_draw_is_one_point_each():
    rounds = [[match("A", "B", None)]]
    tallies = tally(entries("A", "B"), rounds, WINS)
    standings = rank(tallies.values(), ["wins", "head_to_head"])
    assert [s.tally.metrics["head_to_head"] for s in standings] == [1, 1]
    assert all(s.tied and s.rank == 1 for s in standings)


def test_a_drawn_match_without_result_is_pending_and_a_bye_or_forfeit_is_not():
    empty = TableScore(Table(1, ["A", "B"], []), [SideScore("A", {"total": 0}), SideScore("B", {"total": 0})], None)
    assert is_pending(empty)
    assert is_pending(TableScore(Table(2, ["A", "B"], object()), [], None))  # the game scored no side
    assert not is_pending(TableScore(Table(3, ["A"], None), [SideScore("A", {"wins": 1})], "A"))
    assert not is_pending(TableScore(Table(4, ["A", "B"], [], forfeit="B"), [], "A"))
    assert not is_pending(match("A", "B", "A"))


# --- through the pipeline -------------------------------------------------------------------------


@pytest.fixture()
def tiebreak_metrics(monkeypatch):
    """The loader accepts a shared metric by name; add the proposed ones where missing."""
    from generator.content import load

    for name, metric in PROPOSED_METRICS.items():
        if name not in SHARED_METRICS:
            monkeypatch.setitem(SHARED_METRICS, name, metric)
    monkeypatch.setattr(load, "GENERIC_METRICS", tuple(SHARED_METRICS))


def guandan_event(root: Path, rank_by: str, rounds_text: list[str]) -> Path:
    content = root / "content"
    (content / "events/ev/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试站\n", encoding="utf-8")
    entries_text = "\n".join(f"  - {{id: T0{i}, players: [甲{i}, 乙{i}]}}" for i in range(1, 7))
    (content / "events/ev/event.yaml").write_text(
        f"title: 测试赛\ngame: guandan\ndraw_seed: 3\nentries:\n{entries_text}\nstages:\n  - id: main\n"
        f"    format: swiss\n    rounds: 3\n    rank_by: {rank_by}\n", encoding="utf-8")
    for number, tables in enumerate(rounds_text, start=1):
        (content / f"events/ev/results/round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n{tables}", encoding="utf-8")
    return content


def won(table: int, winner: str, loser: str) -> str:
    return f"  - {{table: {table}, teams: [{winner}, {loser}], levels: {{{winner}: 9, {loser}: 5}}}}\n"


# Six teams, three rounds, no rematch. Wins after round 3: T01 T03 T04 T05 2, T02 1, T06 0.
ROUNDS = [
    won(1, "T01", "T02") + won(2, "T03", "T04") + won(3, "T05", "T06"),
    won(1, "T01", "T03") + won(2, "T02", "T05") + won(3, "T04", "T06"),
    won(1, "T05", "T01") + won(2, "T04", "T02") + won(3, "T03", "T06"),
]


def test_every_tiebreak_can_rank_a_guandan_stage(tmp_path, tiebreak_metrics):
    rank_by = "[wins, median_buchholz, sonneborn_berger, head_to_head, buchholz, lot]"
    content = guandan_event(tmp_path, rank_by, ROUNDS)
    _, results, warnings = validate(content, strict=True)
    stage = results[0].stages[0]
    metrics = {s.entry.id: s.tally.metrics for s in stage.standings}
    assert {e: m["wins"] for e, m in metrics.items()} == {"T01": 2, "T02": 1, "T03": 2, "T04": 2, "T05": 2, "T06": 0}
    # T01 met T02 (1 win), T03 (2), T05 (2): Buchholz 5, median 2, SB 1 + 2 (beat T02, T03; lost to T05).
    assert (metrics["T01"]["buchholz"], metrics["T01"]["median_buchholz"], metrics["T01"]["sonneborn_berger"]) == (5, 2, 3)
    assert (metrics["T03"]["buchholz"], metrics["T03"]["median_buchholz"], metrics["T03"]["sonneborn_berger"]) == (4, 2, 2)
    assert (metrics["T04"]["median_buchholz"], metrics["T04"]["sonneborn_berger"]) == (1, 1)
    assert (metrics["T05"]["median_buchholz"], metrics["T05"]["sonneborn_berger"]) == (1, 2)
    assert [s.entry.id for s in stage.standings] == ["T01", "T03", "T05", "T04", "T02", "T06"]
    assert [s.rank for s in stage.standings] == [1, 2, 3, 4, 5, 6]
    assert stage.primary == "wins"


def test_head_to_head_among_four_teams_level_on_wins(tmp_path, tiebreak_metrics):
    content = guandan_event(tmp_path, "[wins, head_to_head]", ROUNDS)
    _, results, _ = validate(content, strict=True)
    standings = results[0].stages[0].standings
    h2h = {s.entry.id: s.tally.metrics["head_to_head"] for s in standings}
    # Among T01 T03 T04 T05: T01 beat T03, T03 beat T04, T05 beat T01; T04 and T05 did not meet.
    assert h2h == {"T01": 2, "T03": 2, "T05": 2, "T04": 0, "T02": 0, "T06": 0}
    assert [s.rank_label for s in standings] == ["1=", "1=", "1=", "4", "5", "6"]
    assert [s.entry.id for s in standings][3:] == ["T04", "T02", "T06"]
