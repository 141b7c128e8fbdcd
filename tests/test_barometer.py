"""`movement: barometer`: every table plays the same boards each round, one field for the
matchpoints, pairs changing direction as in a Howell; standings after every round.
Figures worked by hand in the comments."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from generator.build import build, validate
from generator.cli import main
from generator.games.bridge.duplicate import standings_after_rounds
from generator.tournament.movements import barometer


@pytest.mark.parametrize("pairs", [4, 5, 8, 9])
def test_every_table_plays_the_rounds_boards_and_every_pair_meets_every_other(pairs):
    sittings = barometer(pairs, per_round=3)
    rounds = max(s.round for s in sittings)
    assert rounds == pairs - 1 + pairs % 2
    for number in range(1, rounds + 1):
        playing = [s for s in sittings if s.round == number and not s.sits_out]
        assert {s.boards for s in playing} == {tuple(range(3 * number - 2, 3 * number + 1))}
        seated = [p for s in sittings if s.round == number for p in (s.ns, s.ew) if p]
        assert sorted(seated) == list(range(1, pairs + 1))  # everyone seated once (or sitting out)
    met = {frozenset((s.ns, s.ew)) for s in sittings if not s.sits_out}
    assert met == {frozenset(p) for p in itertools.combinations(range(1, pairs + 1), 2)}
    directions = {p: {("NS" if s.ns == p else "EW") for s in sittings if p in (s.ns, s.ew) and not s.sits_out}
                  for p in range(1, pairs + 1)}
    assert all(d == {"NS", "EW"} for d in directions.values())  # pairs change direction


EVENT = """title: Barometer night
game: bridge
date: 2024-05-01
entries:
  - {id: A, players: [a1, a2]}
  - {id: B, players: [b1, b2]}
  - {id: C, players: [c1, c2]}
  - {id: D, players: [d1, d2]}
stages:
  - id: pairs
    name: Pairs
    format: pairs
    scoring: matchpoints
    movement: barometer
    rounds: 3
    boards: 1
"""
# barometer(4, per_round=1): round 1 D-A, C-B on board 1; round 2 B-D, A-C on board 2;
# round 3 D-C, B-A on board 3 (NS first).
RECORDS = {1: ("4S N =", "4S N +1"), 2: ("3NT S =", "3NT S -1"), 3: ("2H N =", "2H N =")}


def _content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    (content / "events/baro/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    (content / "events/baro/event.yaml").write_text(EVENT, encoding="utf-8")
    assert main(["pair", "baro", "pairs", "--all", "--content", str(content), "--lang", "en"]) == 0
    for number, (first, second) in RECORDS.items():
        path = next((content / "events/baro/results").glob(f"*{number}.yaml"))
        text = path.read_text(encoding="utf-8")
        text = text.replace(f"      # {number}:\n", f"      {number}: {first}\n", 1).replace(f"      # {number}:\n", f"      {number}: {second}\n", 1)
        path.write_text(text, encoding="utf-8")
    return content


def test_standings_after_every_round(tmp_path):
    content = _content(tmp_path)
    _, results, warnings = validate(content)
    stage = results[0].stage_of("pairs")
    after = standings_after_rounds(stage.stage, stage.rounds)
    # board 1: D 420 v C 450 (NS): C 2, D 0; EW A 2, B 0
    assert after[1] == [("1=", "A", 100.0), ("1=", "C", 100.0), ("3=", "B", 0.0), ("3=", "D", 0.0)]
    # board 2 (NS vul): B 600 v A -100: B 2, A 0; EW D 0, C 2 -> A 2/4, B 2/4, C 4/4, D 0/4
    assert after[2] == [("1", "C", 100.0), ("2=", "A", 50.0), ("2=", "B", 50.0), ("4", "D", 0.0)]
    # board 3: 110 both: 1 each -> A 3/6, B 3/6, C 5/6, D 1/6
    assert after[3] == [("1", "C", 83.33), ("2=", "A", 50.0), ("2=", "B", 50.0), ("4", "D", 16.67)]
    assert [(s.entry.id, s.tally.metrics["percent"]) for s in stage.standings] == \
        [("C", 83.33), ("A", 50.0), ("B", 50.0), ("D", 16.67)]


@pytest.mark.slow
def test_round_pages_show_the_standings_so_far(tmp_path):
    content = _content(tmp_path)
    build(content, tmp_path / "out")
    page = (tmp_path / "out/events/baro/pairs/round-2/index.html").read_text(encoding="utf-8")
    assert "Standings after round 2" in page and "2=" in page
    stage_page = (tmp_path / "out/events/baro/pairs/index.html").read_text(encoding="utf-8")
    assert "Barometer, 4 pairs, 2 tables, 3 rounds of 1 board" in stage_page
    # every build writes results.xlsx beside results.json, linked from the event page
    from openpyxl import load_workbook

    book = load_workbook(tmp_path / "out/events/baro/results.xlsx")
    assert book.sheetnames == ["Pairs", "Pairs tables", "Pairs boards"]  # the stage's name, in the site's words
    assert [row[1] for row in book["Pairs"].iter_rows(min_row=2, values_only=True)] == ["C", "A", "B", "D"]
    assert 'href="results.xlsx"' in (tmp_path / "out/events/baro/index.html").read_text(encoding="utf-8")
