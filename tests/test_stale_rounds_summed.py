"""The stale-draw check of a Swiss of several rounds (event.py's _stale_draws), which sums the
rounds before each round it checks one round at a time and finishes a copy of those sums for
each check (Tally.copy, which shares the record's matches and opponents): a correction in
round 1 is found in every round drawn on the standings it changed, with the figures each draw
read and today's, worked out here from the results themselves; and a Swiss left as played is
found stale nowhere. Also the tally's and a round's counts the check and the standings read
(standings.tally, RoundResult's pending tables).
"""

from __future__ import annotations

import dataclasses

import re
from pathlib import Path

from generator.build import validate
from generator.cli import main
from generator.content.model import Entry, Table
from generator.games import SideScore, TableScore
from generator.tournament.results import RoundResult
from generator.tournament.standings import Tally, tally

SLUG = "gd"
TEAMS = 12
ROUNDS = 4


def make_event(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    event = content / "events" / SLUG
    event.mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T{i:02d}, players: [a{i}, b{i}]}}\n" for i in range(1, TEAMS + 1))
    (event / "event.yaml").write_text(
        f"title: gd\ngame: guandan\ndate: 2026-01-10\ndraw_seed: 7\nentries:\n{entries}"
        f"stages:\n  - id: main\n    format: swiss\n    rounds: {ROUNDS}\n"
        "    rank_by: [wins, level_diff, buchholz]\n", encoding="utf-8")
    return content


def round_path(content: Path, number: int) -> Path:
    return content / "events" / SLUG / "results" / f"round-{number}.yaml"


def play(content: Path, rounds: int) -> None:
    """Rounds 1..`rounds` drawn by `paibang pair` and filled: the first team listed at a table
    wins at odd tables (A to 7), the second at even ones (A to 9)."""
    for number in range(1, rounds + 1):
        assert main(["pair", SLUG, "main", "--content", str(content)]) == 0
        path = round_path(content, number)

        def filled(m: re.Match[str]) -> str:
            table, a, b = int(m["table"]), m["a"], m["b"]
            levels = f"{{{a}: A, {b}: 7}}" if table % 2 else f"{{{a}: 9, {b}: A}}"
            return f"{m[0].split(chr(10))[0]}\n    teams: [{a}, {b}]\n    levels: {levels}\n"

        text = re.sub(r"  - table: (?P<table>\d+)[^\n]*\n    teams: \[(?P<a>\w+), (?P<b>\w+)\]\n    # [^\n]*\n",
                      filled, path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")


def wins_before(content: Path, number: int) -> dict[str, int]:
    """Each team's wins in the rounds before `number`, read from the files as written."""
    wins = {f"T{i:02d}": 0 for i in range(1, TEAMS + 1)}
    for before in range(1, number):
        text = round_path(content, before).read_text(encoding="utf-8")
        for a, la, b, lb in re.findall(r"levels: \{(\w+): (\w+), (\w+): (\w+)\}", text):
            wins[a if la == "A" else b] += 1
    return wins


def recorded(content: Path, number: int) -> dict[str, float]:
    """The wins round `number`'s draw read (its # draw-order lines)."""
    text = round_path(content, number).read_text(encoding="utf-8")
    return {i: float(w) for line in re.findall(r"^# draw-order: (.*)$", text, re.M)
            for i, w in (item.split("=") for item in line.split())}


def test_a_swiss_played_as_drawn_is_stale_in_no_round(tmp_path: Path) -> None:
    content = make_event(tmp_path)
    play(content, ROUNDS)
    for number in range(2, ROUNDS + 1):  # (what each draw read: the wins of the rounds before it)
        assert recorded(content, number) == {i: float(w) for i, w in wins_before(content, number).items()}
    _, results, warnings = validate(content)
    stage = results[0].stages[0]
    assert [w.code for w in warnings if w.code == "draw-standings-changed"] == []
    assert stage.stale_draws == []
    assert sorted(stage.draw_checks) == [2, 3, 4]  # every round after the first was checked
    # the standings count each team's every round: as many opponents and matches as rounds
    assert {len(s.tally.opponents) for s in stage.standings} == {ROUNDS}
    assert {len(s.tally.matches) for s in stage.standings} == {ROUNDS}
    assert {s.entry.id: s.tally.won for s in stage.standings} == wins_before(content, ROUNDS + 1)


def test_a_round_1_correction_is_found_in_every_round_drawn_on_it_with_its_figures(tmp_path: Path) -> None:
    content = make_event(tmp_path)
    play(content, ROUNDS)
    path = round_path(content, 1)
    text = path.read_text(encoding="utf-8")
    m = re.search(r"  - table: 1\b[^\n]*\n    teams: \[(\w+), (\w+)\]\n    levels: \{\w+: A, \w+: 7\}", text)
    first, second = m[1], m[2]
    corrected = m[0].replace(f"{{{first}: A, {second}: 7}}", f"{{{first}: 7, {second}: A}}")
    path.write_text(text.replace(m[0], corrected), encoding="utf-8")  # (table 1's winner was its loser)

    _, results, warnings = validate(content)
    stage = results[0].stages[0]
    assert [d.round for d in stage.stale_draws] == [2, 3, 4]
    for draw in stage.stale_draws:
        now = wins_before(content, draw.round)
        read = recorded(content, draw.round)
        # the figures the draw read and today's, for the two teams of the corrected table alone
        assert draw.moved == {first: (read[first], float(now[first])), second: (read[second], float(now[second]))}
        assert read[first] == now[first] + 1 and read[second] == now[second] - 1
        assert draw.tables == [(1, 1)]
    assert [w.code for w in warnings].count("draw-standings-changed") == 1  # one correction, said once


def test_a_copy_of_a_tally_is_finished_apart_and_shares_its_matches() -> None:
    record = Tally(Entry(id="T01", players=["a", "b"]), {"wins": 2.0}, played=2, won=2,
                   opponents=["T02", "T03"], matches=[])
    copy = record.copy()
    assert (copy.entry, copy.metrics, copy.played, copy.won, copy.drawn, copy.lost, copy.forfeited,
            copy.nothing_scored, copy.opponents, copy.adjustments, copy.moot) == \
        (record.entry, {"wins": 2.0}, 2, 2, 0, 0, False, False, ["T02", "T03"], [], set())
    copy.metrics["buchholz"] = 3.0  # finishing and ranking write these: the record keeps its own
    copy.adjustments.append(("wins", -1.0, "late"))
    copy.moot.add("head_to_head")
    assert record.metrics == {"wins": 2.0} and record.adjustments == [] and record.moot == set()
    assert copy.opponents is record.opponents and copy.matches is record.matches


def test_a_copy_of_a_tally_keeps_every_field() -> None:
    # Tally.copy sets each field by hand (for speed): a field added to Tally and not to copy
    # would be left at its default in every stale-draw check, without a word
    made = {dict: lambda name: {name: 1.0}, list: lambda name: [name], set: lambda name: {name}}
    values = {f.name: made[type(f.default_factory())](f.name) if f.default_factory is not dataclasses.MISSING
              else f"value of {f.name}" for f in dataclasses.fields(Tally)}
    record = Tally(**values)
    copy = record.copy()
    assert {name: getattr(copy, name) for name in values} == values


def score(number: int, a: str, b: str, winner: str | None, extra: dict | None = None) -> TableScore:
    table = Table(number=number, sides=[a, b], record=None)
    return TableScore(table, [SideScore(a, {"wins": 1 if winner == a else 0}),
                              SideScore(b, {"wins": 1 if winner == b else 0})], winner, extra=extra or {})


def test_the_tally_counts_each_side_its_opponent_and_outcome() -> None:
    entries = [Entry(id=i, players=["x"]) for i in ("A", "B", "C", "D")]
    summed = tally(entries, [[score(1, "A", "B", "A"), score(2, "C", "D", None, {"both_absent": True})],
                             [score(1, "A", "C", None), score(2, "B", "X", "X")]],
                   {"wins": type("M", (), {"first_only": False})()})
    assert {i: (t.played, t.won, t.drawn, t.lost, t.opponents, t.metrics["wins"]) for i, t in summed.items()} == {
        "A": (2, 1, 1, 0, ["B", "C"], 1), "B": (2, 0, 0, 2, ["A", "X"], 0),
        "C": (2, 0, 1, 1, ["D", "A"], 0), "D": (1, 0, 0, 1, ["C"], 0)}


def test_a_round_s_pending_tables_decide_what_it_counts() -> None:
    tables = [score(n, f"A{n}", f"B{n}", f"A{n}") for n in range(1, 5)]
    bye = TableScore(Table(number=5, sides=["C"], record=None), [SideScore("C", {"wins": 1})], "C")
    drawn = RoundResult(1, [*tables, bye], pending=[1, 2, 3, 4])
    assert drawn.drawn_only and drawn.counted == [] and not drawn.has_counted and not drawn.partial
    partial = RoundResult(1, [*tables, bye], pending=[2, 4])
    assert not partial.drawn_only and partial.has_counted and partial.partial
    assert [s.table.number for s in partial.counted] == [1, 3, 5]
    whole = RoundResult(1, [*tables, bye], late=[bye])
    assert [s.table.number for s in whole.counted] == [1, 2, 3, 4, 5, 5] and not whole.partial
