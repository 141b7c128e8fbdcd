"""`movement: barometer`: every table plays the same boards each round, one field for the
matchpoints, pairs changing direction as in a Howell; standings after every round.
Figures worked by hand in the comments."""

from __future__ import annotations

import itertools
import json
import re
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
    return _content_with(tmp_path, RECORDS)


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


def _content_with(tmp_path: Path, records: dict[int, tuple[str, str]]) -> Path:
    """The barometer of EVENT with `records` (round -> the two tables' results, NS first as
    RECORDS), a table's board written np where it was not played."""
    content = tmp_path / "content"
    (content / "events/baro/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    (content / "events/baro/event.yaml").write_text(EVENT, encoding="utf-8")
    assert main(["pair", "baro", "pairs", "--all", "--content", str(content), "--lang", "en"]) == 0
    for number, (first, second) in records.items():
        path = next((content / "events/baro/results").glob(f"*{number}.yaml"))
        text = path.read_text(encoding="utf-8")
        text = text.replace(f"      # {number}:\n", f"      {number}: {first}\n", 1).replace(f"      # {number}:\n", f"      {number}: {second}\n", 1)
        path.write_text(text, encoding="utf-8")
    return content


def test_a_pair_whose_boards_so_far_are_np_has_no_place_after_the_round(tmp_path):
    """Round 1's table D-A np: board 1 has C-B's 450 alone, average (C NS 1 of 2, B EW 1 of 2:
    50 %); A and D have no board scored. They were "3=" on 0.0, read as every board lost: now
    listed last with no place and no figure, as the stage's standings leave them unranked.
    Round 2 (B 600 v A -100: B 2, A 0; EW C 2, D 0): A 0/2, B 3/4, C 3/4, D 0/2, all ranked."""
    content = _content_with(tmp_path, {1: ("np", "4S N +1"), 2: RECORDS[2], 3: RECORDS[3]})
    _, results, _ = validate(content)
    stage = results[0].stage_of("pairs")
    after = standings_after_rounds(stage.stage, stage.rounds)
    assert after[1] == [("1=", "B", 50.0), ("1=", "C", 50.0), ("\u2014", "A", None), ("\u2014", "D", None)]
    assert after[2] == [("1=", "B", 75.0), ("1=", "C", 75.0), ("3=", "A", 0.0), ("3=", "D", 0.0)]


def test_a_round_all_np_leaves_the_standings_as_they_were_and_the_page_says_not_played(tmp_path):
    """Round 2 not played at either table (both np): nothing breaks, its standings are round 1's
    (board 1: C 2, D 0; EW A 2, B 0), its round page says each board not played, with "—" for
    the IMPs-or-MP totals of both tables, not 0. Round 3's 110 at both tables (1 MP each) then
    gives A 3/4, B 1/4, C 3/4, D 1/4."""
    content = _content_with(tmp_path, {1: RECORDS[1], 2: ("np", "np"), 3: RECORDS[3]})
    _, results, warnings = validate(content)
    stage = results[0].stage_of("pairs")
    after = standings_after_rounds(stage.stage, stage.rounds)
    assert after[1] == after[2] == [("1=", "A", 100.0), ("1=", "C", 100.0), ("3=", "B", 0.0), ("3=", "D", 0.0)]
    assert after[3] == [("1=", "A", 75.0), ("1=", "C", 75.0), ("3=", "B", 25.0), ("3=", "D", 25.0)]
    build(content, tmp_path / "out")
    page = (tmp_path / "out/events/baro/pairs/round-2/index.html").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert text.count("Not played") == 2 and "Standings after round 2" in text
    # no board scored at either table: no total and no top (it said "Total · top 0 — — — —")
    assert "<tfoot" not in page and "top 0" not in text and "Total" not in text
    # the standings so far as the stage's say them: percentages to two places
    assert "Rank Pair % / IMPs so far 1= A 100.00 1= C 100.00 3= B 0.00 3= D 0.00 " in text
    board = re.sub(r"<[^>]+>|\s+", " ", (tmp_path / "out/events/baro/pairs/boards/2/index.html").read_text(encoding="utf-8"))
    assert board.count("Not played") == 2


SIX = EVENT.replace("  - {id: D, players: [d1, d2]}\n",
                    "  - {id: D, players: [d1, d2]}\n  - {id: E, players: [e1, e2]}\n  - {id: F, players: [f1, f2]}\n") \
    .replace("rounds: 3", "rounds: 5")


@pytest.mark.parametrize(("scoring", "won"), [("imps", 10), ("butler", 6)])
def test_imp_pairs_with_no_board_scored_are_not_ranked_on_0_among_real_scores(tmp_path, scoring, won):
    """A 6-pair barometer by IMPs, round 1 (board 1, none vul) alone entered: table 1 A-F np,
    table 2 E-B 4S N = (NS +420), table 3 C-D 4S N -1 (NS -50). Cross-IMPs: 470 apart, 10 IMPs:
    E and D +10, B and C -10. Butler: 2 results, the datum their plain mean 185 -> 190; 420 - 190
    = 230, 6 IMPs: E and D +6, B and C -6. F and A, no board scored, were "3=" on 0 IMPs between
    the two; now, as a matchpoint pair is (the one rule, duplicate.no_board_scored), not ranked,
    with no figure: "—" on the stage page, the printed standings, the desk, their entry page's
    round ("Played — —", not 0 0), and null in results.json."""
    from generator.desk.app import Desk
    from generator.render.bulletins import bulletins_for

    content = tmp_path / "content"
    (content / "events/baro/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    (content / "events/baro/event.yaml").write_text(SIX.replace("scoring: matchpoints", f"scoring: {scoring}"), encoding="utf-8")
    assert main(["pair", "baro", "pairs", "--content", str(content), "--lang", "en"]) == 0
    path = next((content / "events/baro/results").glob("*1.yaml"))
    text = path.read_text(encoding="utf-8")
    for record in ("np", "4S N =", "4S N -1"):  # tables 1, 2, 3
        text = text.replace("      # 1:\n", f"      1: {record}\n", 1)
    path.write_text(text, encoding="utf-8")
    build(content, tmp_path / "out")
    site = tmp_path / "out/events/baro"
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    assert [(row["rank"], row["entry"], row["metrics"]["imps"]) for row in data["stages"][0]["standings"]] == [
        (1, "D", won), (1, "E", won), (3, "B", -won), (3, "C", -won), (None, "A", None), (None, "F", None)]
    table_1 = data["stages"][0]["rounds"][0]["tables"][0]
    assert (table_1["sides"], table_1["imps"]) == (["A", "F"], {"A": None, "F": None})  # (F-A before the directions were balanced)
    page = (site / "pairs/index.html").read_text(encoding="utf-8")
    rows = {entry: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).split() for entry, row in
            re.findall(r'<tr id="entry-(\w+)"[^>]*>(.*?)</tr>', page, re.S)}
    assert rows["A"][:2] == ["—", "A"] and rows["A"][-5:] == ["—", "Sat,", "no", "board", "scored"]
    assert rows["E"][-1] == str(won) and list(rows)[-2:] == ["A", "F"]
    _, found, _ = validate(content)
    (standings,) = [b for b in bulletins_for(found[0], "en") if b.name == "standings-pairs"]
    printed = {row[1]: row for row in standings.rows}
    assert (printed["A"][0], printed["A"][-2], printed["A"][-1]) == ("—", "—", "Sat, no board scored")
    assert printed["D"][-2] == str(won)
    (view,) = Desk(content, "baro", None, None, build=False).standings_view()
    assert {row["id"]: row["cells"] for row in view["rows"]} == {
        "D": [str(won)], "E": [str(won)], "B": [str(-won)], "C": [str(-won)], "A": ["—"], "F": ["—"]}
    entry = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (site / "entries/A/index.html").read_text(encoding="utf-8")))
    assert "Round 1 Table 1 F f1 / f2 Played — — " in entry and "Not played — " in entry
    assert "Total" not in entry  # its one table, the board np: no total (it said "Total —")
