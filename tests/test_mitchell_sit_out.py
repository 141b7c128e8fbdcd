"""A Mitchell of an odd number of pairs, as clubs run it: one NS pair short, the last table has
no NS pair and the EW pair that comes to it sits the round out (movements.mitchell's sit_out).
A 13-pair field was refused ("a Mitchell needs as many NS pairs as EW pairs")."""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from generator.build import build, validate
from generator.cli import main
from generator.tournament.movements import howell as howell_movement
from generator.tournament.movements import mitchell
from generator.tournament.pairing import PairsMovement
from tests.support import mitchell_event


@pytest.mark.parametrize("tables", [3, 4, 5, 6, 7, 10])
def test_a_mitchell_one_ns_pair_short_seats_each_ew_pair_out_once_at_most(tables: int) -> None:
    sittings = mitchell(tables, per_round=2, sit_out=True)
    rounds = max(s.round for s in sittings)
    out = [s for s in sittings if s.sits_out]
    # the last table, every round, its EW pair sitting out with no boards; every EW pair once at most
    assert [(s.round, s.table, s.ns, s.boards) for s in out] == [(r, tables, 0, ()) for r in range(1, rounds + 1)]
    assert max(Counter(s.ew for s in out).values()) == 1
    played = [s for s in sittings if not s.sits_out]
    # no NS pair meets an EW pair twice, nor plays a board twice; each board set one result short, all alike
    assert len({(s.ns, s.ew) for s in played}) == len(played)
    for ns in range(1, tables):
        boards = [b for s in played if s.ns == ns for b in s.boards]
        assert len(boards) == len(set(boards)) == 2 * rounds
    if tables % 2:  # every set at the sit-out table once: each board one result short, all alike
        assert set(Counter(b for s in played for b in s.boards).values()) == {tables - 1}


SLUG = "odd-mitchell"
EVENT = mitchell_event(13, 7, 2)
CONTRACTS = ["4S N =", "3NT S +1", "2H E -1", "4H W =", "1NT N =", "3S N -1", "pass", "2S S +1"]


def test_a_13_pair_mitchell_is_drawn_played_and_scored_with_a_sit_out(tmp_path: Path, capsys) -> None:
    content = tmp_path / "content"
    results = content / "events" / SLUG / "results"
    results.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    (content / "events" / SLUG / "event.yaml").write_text(EVENT, encoding="utf-8")
    for number in range(1, 8):
        assert main(["pair", SLUG, "mitchell", "--content", str(content), "--lang", "en"]) == 0
        path = results / f"round-{number}.yaml"
        text = path.read_text(encoding="utf-8")
        # the draw: 6 tables NS A01-A06 stationary, the 7th a sit-out of the EW pair that comes to it
        tables = re.findall(r"  - table: (\d+)(    # Sit-out)?\n    ns: (\w+)\n(?:    ew: (\w+)\n)?", text)
        assert [t[0] for t in tables] == [str(t) for t in range(1, 8)]
        assert [t[2] for t in tables[:6]] == [f"A{t:02}" for t in range(1, 7)] and tables[6][1] and not tables[6][3]
        text = re.sub(r"(?m)^      # (\d+):\n",
                      lambda m: f"      {m[1]}: {CONTRACTS[(int(m[1]) * 3 + number * 5) % len(CONTRACTS)]}\n", text)
        path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    _, found, warnings = validate(content)
    assert warnings == []
    stage = found[0].stages[0]
    assert stage.status == "complete"
    # every EW pair sat out one round: A07-A13 each once
    out = sorted(t.sides[0] for r in stage.rounds for t in (s.table for s in r.tables) if len(t.sides) == 1)
    assert out == [f"A{i:02}" for i in range(7, 14)]
    # scored over the boards played: an NS pair 7 rounds of 2 boards, an EW pair 6, each of top 10
    tops = {s.entry.id: s.tally.metrics["top"] for s in stage.standings}
    assert {tops[f"A{i:02}"] for i in range(1, 7)} == {140} and {tops[f"A{i:02}"] for i in range(7, 14)} == {120}
    # and ranked with the direction they sat, the EW pair sitting out one round still EW
    assert {s.entry.id: s.field for s in stage.standings} == {f"A{i:02}": "NS" if i < 7 else "EW" for i in range(1, 14)}
    build(content, tmp_path / "output")
    data = json.loads((tmp_path / "output" / "events" / SLUG / "results.json").read_text(encoding="utf-8"))
    # each board played 6 times (top 10), not factored; all 13 pairs ranked, NS and EW apart
    boards = [b for r in data["stages"][0]["rounds"] for t in r["tables"] for b in t.get("boards", [])]
    assert {b["top"] for b in boards} == {10} and len(boards) == 7 * 6 * 2
    assert len(data["stages"][0]["standings"]) == 13
    page = (tmp_path / "output" / "events" / SLUG / "mitchell" / "index.html").read_text(encoding="utf-8")
    assert "Table 7 has no NS pair" in page and "A01–A06 are NS 1–6, and A07–A13 are EW 1–7" in page
    # the round's score sheets: a slip for each of the 6 tables, none for the sit-out
    assert main(["print", SLUG, "mitchell", "--round", "2", "--content", str(content), "--output",
                 str(tmp_path / "r2.pdf")]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "r2.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert len(re.findall(r"table score slips", text)) == 6


def _odd_mitchell(tmp_path: Path, pairs: int, rounds: int = 7) -> Path:
    """An odd field's Mitchell of `rounds` rounds of 2 boards; content/ returned."""
    content = tmp_path / "content"
    (content / "events" / SLUG / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    (content / "events" / SLUG / "event.yaml").write_text(mitchell_event(pairs, rounds, 2), encoding="utf-8")
    return content


def _draw_and_enter(content: Path, number: int) -> Path:
    assert main(["pair", SLUG, "mitchell", "--content", str(content), "--lang", "en"]) == 0
    path = content / "events" / SLUG / "results" / f"round-{number}.yaml"
    text = re.sub(r"(?m)^      # (\d+):\n",
                  lambda m: f"      {m[1]}: {CONTRACTS[(int(m[1]) * 3 + number * 5) % len(CONTRACTS)]}\n",
                  path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("pairs, rounds", [(7, 3), (11, 5), (13, 7), (15, 7)])
def test_a_mitchell_with_a_sit_out_warns_of_no_board_short_by_design(tmp_path: Path, pairs: int, rounds: int,
                                                                      capsys) -> None:
    # 15 pairs: 8 tables, so 7 of the 8 board sets are played 6 times and one set 7 times (the
    # sit-out table's set moves on to a played table after the skip): nothing is missing. Every
    # board with fewer results than the most was warned, and after round 1, "board 1 has results
    # from 1 table; other boards have up to 1" (the sets still to come counted as if all alike).
    # 11 pairs, 6 tables, likewise; 13 pairs, 7 tables, every set played alike, warned of none before.
    content = _odd_mitchell(tmp_path, pairs, rounds)
    _draw_and_enter(content, 1)
    capsys.readouterr()
    assert [w.message("en") for w in validate(content)[2]] == []
    for number in range(2, rounds + 1):
        _draw_and_enter(content, number)
    capsys.readouterr()
    _, found, warnings = validate(content)
    assert [w.message("en") for w in warnings] == []
    assert found[0].stages[0].status == "complete"


@pytest.mark.parametrize("left_out", ["one board", "the table"])
def test_a_result_left_out_in_a_mitchell_with_a_sit_out_still_warns_at_its_table(tmp_path: Path, capsys,
                                                                                   left_out: str) -> None:
    content = _odd_mitchell(tmp_path, 15)
    for number in range(1, 4):
        _draw_and_enter(content, number)
    # round 2's table 2 (boards 5-6 there) missing a result, round 3 entered after it: not still to come
    path = content / "events" / SLUG / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    table = r"(  - table: 2\n    ns: \w+\n    ew: \w+\n    boards:\n)      5: [^\n]+\n"
    if left_out == "the table":
        table += r"      6: [^\n]+\n"
    text, found = re.subn(table, r"\1", text)
    assert found == 1
    path.write_text(text.replace("    boards:\n  - table: 3", "  - table: 3"), encoding="utf-8")
    capsys.readouterr()
    said = [(w.code, w.message("en"), w.where(content)) for w in validate(content)[2]]
    # only the boards left out, each at that table (not every board of the 7 sets played 6 times)
    if left_out == "one board":
        assert [(code, message) for code, message, _ in said] == [
            ("bridge-board-count", "table 2 records 1 board; this stage plays 2 a round"),
            ("bridge-board-left-out", "round 2 table 2 (A02 v A08) has no result for board 5")], said
    else:
        assert [(code, message) for code, message, _ in said] == [
            ("bridge-board-short", f"board {board} has results from 2 tables (round 1 table 3, round 3 table 1), "
                                   "of the 3 it should have; round 2 table 2 has none (round-2.yaml)") for board in (5, 6)], said
    assert all("round-2.yaml" in where for _, _, where in said), said


def test_a_board_short_of_a_set_played_fewer_times_names_its_own_count(tmp_path: Path, capsys) -> None:
    # 15 pairs, 8 tables: boards 13-14 are played 7 times, the other sets 6. Round 2's table 2
    # (boards 5-6) left out: each was said short of "up to 7", the count of another set.
    content = _odd_mitchell(tmp_path, 15)
    for number in range(1, 8):
        _draw_and_enter(content, number)
    played = Counter(b for s in mitchell(8, 7, 2, sit_out=True) if not s.sits_out for b in s.boards)
    assert (played[5], played[6], played[13]) == (6, 6, 7)
    path = content / "events" / SLUG / "results" / "round-2.yaml"
    text, found = re.subn(r"(  - table: 2\n    ns: \w+\n    ew: \w+\n)    boards:\n      5: [^\n]+\n      6: [^\n]+\n",
                          r"\1", path.read_text(encoding="utf-8"))
    assert found == 1
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    places = "round 1 table 3, round 3 table 1, round 5 table 7, round 6 table 6, round 7 table 5"
    warnings = validate(content)[2]
    assert [(w.code, w.message("en")) for w in warnings] == [
        ("bridge-board-short", f"board {board} has results from 5 tables ({places}), of the 6 it should have; "
                               "round 2 table 2 has none (round-2.yaml)") for board in (5, 6)]
    assert "\u5e94\u6709 6 \u684c\uff1b\u7b2c 2 \u8f6e\u7b2c 2 \u684c" in warnings[0].message("zh-Hans")


def test_the_movement_says_one_round_and_one_board_in_the_singular() -> None:
    # a stage with no rounds: written plays one round; the description said "7 tables, 1 rounds"
    ids = [f"A{i:02}" for i in range(1, 14)]
    movement = PairsMovement("mitchell", mitchell(7, 1, 1, sit_out=True), ids[:6], ids[6:], 1)
    assert movement.summary("en")[0].startswith("Mitchell movement, 7 tables, 1 round of 1 board: NS pairs stay")
    howell = PairsMovement("howell", howell_movement(4, 1, 3), ids[:4], [], 3)
    assert howell.summary("en")[0].startswith("Howell movement, 4 pairs, 2 tables, 1 round of 3 boards:")
    movement = PairsMovement("mitchell", mitchell(7, 7, 2, sit_out=True), ids[:6], ids[6:], 2)
    assert movement.summary("en")[0].startswith("Mitchell movement, 7 tables, 7 rounds of 2 boards:")


def test_the_score_slips_of_an_english_site_use_its_colon(tmp_path: Path, capsys) -> None:
    # the slips wrote the full-width colon of a Chinese page: "Table：3", "NS players："
    content = _odd_mitchell(tmp_path, 13)
    _draw_and_enter(content, 1)
    assert main(["pair", SLUG, "mitchell", "--content", str(content), "--lang", "en"]) == 0
    assert main(["print", SLUG, "mitchell", "--round", "2", "--content", str(content), "--output",
                 str(tmp_path / "r2.pdf")]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "r2.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "\uff1a" not in text, text
    assert re.search(r"Table: 3\b", text) and "Referee:" in text and "NS players:" in text, text


@pytest.mark.parametrize(("locale", "said"), [
    ("en", "A01 is NS 1, and A02 is EW 1."), ("zh-Hans", "前 1 对（A01）为南北 1，其后 1 对（A02）为东西 1。"),
    ("zh-Hant", "前 1 對（A01）為南北 1，其後 1 對（A02）為東西 1。")])
def test_a_one_table_mitchell_numbers_its_pairs_as_one(locale: str, said: str) -> None:
    """A one-table Mitchell (a club's two pairs) said "the first 1 (A01) are NS 1–1, the next 1
    (A02) EW 1–1": one pair each way, number 1."""
    movement = PairsMovement("mitchell", mitchell(1, 1, 2), ["A01"], ["A02"], 2)
    assert said in " ".join(movement.summary(locale))
    three = " ".join(PairsMovement("mitchell", mitchell(3, 3, 2), ["A01", "A02", "A03"], ["A04", "A05", "A06"], 2)
                     .summary("en"))
    assert "A01–A03 are NS 1–3, and A04–A06 are EW 1–3." in three
