"""A pair at no table of a pairs stage's round 1: late (its first table later), or the field's
sit-out whose line the round's file leaves out (a round typed by hand need not write it). Told
apart by the movement of the whole field, late pairs seated as late: a sit-out is the pair that
movement sits out in round 1 and goes on seating as the rounds written seat it; where the rounds
read as the pair late too, it is late (its pairs-late-entry said), never a sit-out unseen.

rev106: round 1 without A13's sit-out line beside A14 late from round 2 made A13 late too (no
sit-out unless every absent pair was one): withdrawn, it was counted from round 2, and A14's
pairs-late-entry was gone. A fix judging each absent pair on its own (reverted) took one of two
pairs late to an even field (A12 of 12), and the first of pairs late in two rounds (A15 of 16),
for round 1's sit-out: their warnings gone, and withdrawn after under half their rounds, ranked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.messages import render_message
from generator.tournament.pairing import late_pairs
from tests.support import mitchell_event, withdraw
from tests.test_withdrawn_under_half import _strip

SLUG = "late-or-sit-out"
CONTRACTS = ["4S N =", "3NT S +1", "2H E -1", "4H W =", "1NT N =", "3S N -1", "pass", "2S S +1"]
POINTS = ["40", "85", "0", "120", "65", "30", "105", "20"]  # (80分: the defenders' points a board)


def _session(tmp_path: Path, game: str, pairs: int, rounds: int, joining: dict[int, tuple[str, ...]],
             movement: str = "mitchell", drawn: int | None = None) -> Path:
    """A club session of `pairs` pairs A01… drawn round by round by `pair` and played (its first
    `drawn` rounds of `rounds`, else all), the pairs `joining` (round -> ids) added to the entries
    before that round is drawn. Its event folder."""
    content = tmp_path / "content"
    folder = content / "events" / SLUG
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    text = mitchell_event(pairs, rounds, 2).replace("movement: mitchell", f"movement: {movement}")
    if game == "shengji":
        text = text.replace("game: bridge", "game: shengji").replace("    scoring: matchpoints\n", "")
        text = text.replace("    field: directions\n", "")
    text += "    rank_by: [percent, mp]\n"
    (folder / "event.yaml").write_text(text, encoding="utf-8")
    said = POINTS if game == "shengji" else CONTRACTS
    for number in range(1, (rounds if drawn is None else drawn) + 1):
        late = "".join(f"  - {{id: {pair}, players: [p{pair[1:]}a, p{pair[1:]}b]}}\n" for pair in joining.get(number, ()))
        event = folder / "event.yaml"
        event.write_text(event.read_text(encoding="utf-8").replace("stages:\n", late + "stages:\n"), encoding="utf-8")
        assert main(["pair", SLUG, "mitchell", "--content", str(content), "--lang", "en"]) == 0
        path = folder / "results" / f"round-{number}.yaml"
        path.write_text(re.sub(r"(?m)^      # (\d+):\n",
                               lambda m: f"      {m[1]}: {said[(int(m[1]) * 3 + number * 5) % len(said)]}\n",
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def _sit_out_left_out(folder: Path, pair: str) -> None:
    """Round 1's sit-out line of `pair` deleted, as a round typed by hand leaves it out."""
    path = folder / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    without = re.sub(rf"(?m)^  - table: \d+\b[^\n]*\n    ns: {pair}\n(?!    ew:)", "", text)
    assert without != text and pair not in without.split("tables:", 1)[1]
    path.write_text(without, encoding="utf-8")


def _judged(folder: Path) -> tuple[dict[str, int], list[tuple[str, str]], dict[str, object]]:
    """late_pairs, the pairs warnings of check (code, pair) and the standings by pair."""
    _, (result,), warnings = validate(folder.parent.parent)
    stage = result.stages[0]
    said = sorted((w.code, w.params.get("id") or w.params.get("ids", "")) for w in warnings
                  if w.code.startswith(("pair-", "pairs-", "entry-")))
    return late_pairs(result.event, stage.stage, stage.field), said, {s.entry.id: s for s in stage.standings}


def _sit_out_told(folder: Path) -> dict[str, str]:
    """Each late pair pairs-late-entry tells the sit-out line to write (its hint, en) -> that line."""
    _, _, warnings = validate(folder.parent.parent)
    hints = {w.params["id"]: render_message(w.code, "en", w.params)[1] for w in warnings if w.code == "pairs-late-entry"}
    return {pair: told[0] for pair, hint in hints.items()
            for told in [re.findall(r"sat round 1 out, .*?write that line in round 1's file, (- table: \d+ with ns: \w+)", hint)]
            if told}


def _write_sit_out(folder: Path, pair: str, table: int, back: bool = False) -> None:
    """`pair`'s sit-out line written at the end of round 1's file, as told (taken out, `back`)."""
    path = folder / "results" / "round-1.yaml"
    line = f"  - table: {table}\n    ns: {pair}\n"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(line, "") if back else text + line, encoding="utf-8")


def _late_until_written(folder: Path, late: dict[str, int], sitter: str, table: int) -> None:
    """The rounds read the `late` pairs as late, `sitter` as round 1's sit-out too: each warned
    of, `sitter` alone told its sit-out line (at `table`), which, written, makes it no late pair."""
    assert _judged(folder)[:2] == (late, [("pairs-late-entry", pair) for pair in late])
    assert _sit_out_told(folder) == {sitter: f"- table: {table} with ns: {sitter}"}
    _write_sit_out(folder, sitter, table)
    rest = {pair: joins for pair, joins in late.items() if pair != sitter}
    assert _judged(folder)[:2] == (rest, [("pairs-late-entry", pair) for pair in rest])


def _withdrawn(folder: Path, since: int, *pairs: str) -> None:
    rounds = len(list((folder / "results").glob("round-*.yaml")))
    for pair in pairs:
        withdraw(folder, pair, since)
        _strip(folder, pair, range(since, rounds + 1))


@pytest.mark.parametrize("game", ["bridge", "shengji"])
def test_two_pairs_late_to_an_even_field_are_both_late(tmp_path: Path, game: str) -> None:
    # (a) 10 pairs play round 1, A11 and A12 come for round 2 (table 6 added). The 11-pair field
    # with A12 sitting round 1 out reads the same rounds (A12 is EW 6 either way): nothing in the
    # files tells an unwritten sit-out from a pair late, so both stay late, warned of.
    folder = _session(tmp_path, game, 10, 5, {2: ("A11", "A12")})
    # A12, EW 6 of the 11-pair field, is told the line to write if it sat round 1 out; A11, NS 6
    # from round 2, no pair of that field's (its EW 6 moves), is not
    _late_until_written(folder, {"A11": 2, "A12": 2}, "A12", 6)
    _write_sit_out(folder, "A12", 6, back=True)
    # withdrawn after two rounds of five (2 and 3): under half, counted from their first table
    _withdrawn(folder, 4, "A11", "A12")
    _, _, standings = _judged(folder)
    for pair in ("A11", "A12"):
        assert standings[pair].rank is None and standings[pair].under_half  # (from round 1: 3 of 5, ranked)


@pytest.mark.parametrize("game", ["bridge", "shengji"])
def test_pairs_late_in_two_rounds_are_both_late(tmp_path: Path, game: str) -> None:
    # (b) 14 pairs in round 1, A15 from round 2 (table 8 added, a sit-out table), A16 from round 3
    # in the seat that sit-out leaves.
    folder = _session(tmp_path, game, 14, 7, {2: ("A15",), 3: ("A16",)})
    late, said, _ = _judged(folder)
    assert late == {"A15": 2, "A16": 3}
    assert said == [("pairs-late-entry", "A15"), ("pairs-late-entry", "A16")]
    assert _sit_out_told(folder) == {"A15": "- table: 8 with ns: A15"}  # (A16 was at no table of round 2 either)
    # A15 plays rounds 2-4, A16 rounds 3-5: 3 of 7 each, under half (A15 from round 1: 4, ranked)
    _withdrawn(folder, 5, "A15")
    _withdrawn(folder, 6, "A16")
    _, _, standings = _judged(folder)
    for pair in ("A15", "A16"):
        assert standings[pair].rank is None and standings[pair].under_half


@pytest.mark.parametrize("game,rounds", [("bridge", 5), ("bridge", 7), ("shengji", 5)])
def test_a_sit_out_line_left_out_beside_a_late_pair(tmp_path: Path, game: str, rounds: int) -> None:
    # (c) rev106: 13 pairs, A13 sitting round 1 out (its line left out of the file), A14 late from
    # round 2 in the seat the sit-out leaves. Read as both late to 12 pairs, table 7 added, A13
    # would be NS 7 and A14 EW 7; the rounds seat A13 as EW 7, the 13-pair field's sit-out: A13
    # sat round 1 out, A14 is late.
    folder = _session(tmp_path, game, 13, rounds, {2: ("A14",)})
    written = _judged(folder)
    _sit_out_left_out(folder, "A13")
    late, said, standings = _judged(folder)
    assert late == {"A14": 2}
    assert said == [("pairs-late-entry", "A14")] == written[1]
    assert _sit_out_told(folder) == {}  # (A14, NS 7 of the 14-pair movement from round 2, sat nothing out)
    assert {pair: (s.rank, s.tally.metrics["percent"]) for pair, s in standings.items()} == \
        {pair: (s.rank, s.tally.metrics["percent"]) for pair, s in written[2].items()}
    # withdrawn half way (5 rounds: from round 4; 7: from round 5): A13 took part from round 1,
    # its sit-out counted, half or more, ranked (counted from round 2 it was under half and not);
    # A14, from round 2, under half
    since = (rounds + 1) // 2 + 1
    _withdrawn(folder, since, "A13", "A14")
    _, _, standings = _judged(folder)
    assert standings["A13"].rank is not None and not standings["A13"].under_half
    assert standings["A14"].rank is None and standings["A14"].under_half


def test_a_howells_sit_out_line_left_out_beside_a_late_pair(tmp_path: Path) -> None:
    # (c) in a 9-pair Howell: A01 sits round 1 out (its line left out), A10 takes the phantom's
    # seat from round 2.
    folder = _session(tmp_path, "bridge", 9, 8, {2: ("A10",)}, movement="howell")
    written = _judged(folder)
    sitting = re.search(r"(?m)^  - table: \d+\b[^\n]*\n    ns: (\w+)\n(?!    ew:)",
                        (folder / "results" / "round-1.yaml").read_text(encoding="utf-8"))
    assert sitting is not None and sitting[1] == "A01"
    _sit_out_left_out(folder, "A01")
    late, said, _ = _judged(folder)
    assert late == {"A10": 2}
    assert said == [("pairs-late-entry", "A10")] == written[1]


def test_a_sit_out_line_left_out_beside_a_pair_late_from_round_3_stays_late_until_written(tmp_path: Path) -> None:
    # 13 pairs without A13's line, A14 from round 3: A13 at table 1 in round 2 is EW 7 of the
    # 13-pair movement, as of the 12-pair one with table 7 added for A13 late (the same rounds),
    # and A14 takes the sit-out's seat either way. Kept late, told the line; written, a sit-out.
    folder = _session(tmp_path, "bridge", 13, 5, {3: ("A14",)})
    _sit_out_left_out(folder, "A13")
    _late_until_written(folder, {"A13": 2, "A14": 3}, "A13", 7)


@pytest.mark.parametrize("game", ["bridge", "shengji"])
def test_an_odd_mitchell_without_its_sit_out_line_stays_late_until_written(tmp_path: Path, game: str) -> None:
    # 13 pairs of 5 rounds, A13's line left out of round 1, no pair late (rev110 D1): the 12-pair
    # Mitchell can run 5 rounds, and A13 late to it at table 7 added is the same movement, every
    # round played. A13 stays late, warned of with its line; written, no pair is late. (With 7
    # rounds the 12-pair field has too few tables: A13 is the sit-out unwritten, test above.)
    folder = _session(tmp_path, game, 13, 5, {})
    _sit_out_left_out(folder, "A13")
    _late_until_written(folder, {"A13": 2}, "A13", 7)


def test_two_pairs_that_could_each_have_sat_out_are_told_no_line(tmp_path: Path) -> None:
    # rev110 D3: round 1 of 13 pairs drawn, A13's line left out, A14 entered before round 2 is
    # drawn: either pair could have sat round 1 out at table 7. Both late, warned of; neither is
    # told to write table 7's line (both told it, written, was table 7 twice: table-duplicate).
    folder = _session(tmp_path, "bridge", 13, 5, {}, drawn=1)
    _sit_out_left_out(folder, "A13")
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "stages:\n", "  - {id: A14, players: [p14a, p14b]}\nstages:\n"), encoding="utf-8")
    late, said, _ = _judged(folder)
    assert late == {"A13": 2, "A14": 2}
    # (and the field grown by two before round 2 is drawn: pairs-late-grown, its own warning)
    assert said == [("pairs-late-entry", "A13"), ("pairs-late-entry", "A14"), ("pairs-late-grown", "A13, A14")]
    assert _sit_out_told(folder) == {}


@pytest.mark.parametrize("game,pairs,movement,sitter", [("bridge", 9, "howell", "A01"), ("shengji", 9, "howell", "A01"),
                                                        ("shengji", 7, "barometer", "A01")])
def test_round_1_alone_without_its_sit_out_line_tells_no_one_to_be_removed(tmp_path: Path, game: str, pairs: int,
                                                                           movement: str, sitter: str) -> None:
    # rev112 D3: a Howell's (or barometer's) round 1 typed without A01's sit-out line, round 2
    # not drawn yet: A01 is the sit-out (the field's movement sits it out, no late pair), and
    # check said "entry A01 has no match in stage … remove it from event.yaml". Nothing to say.
    folder = _session(tmp_path, game, pairs, pairs - 1 if movement == "howell" else 5, {}, movement=movement, drawn=1)
    written = _judged(folder)
    _sit_out_left_out(folder, sitter)
    late, said, _ = _judged(folder)
    assert late == {} and said == written[1] == []
