"""A late pair in a pairs movement (event-day.md, "Late entry"): added to the entries after
round 1, it takes the seat of the pair the sit-out is short of, and the movement of the rounds
already written goes on unchanged. Redrawn from the whole field by entry order, a 13-pair
Mitchell's round 2 renumbered every pair: A07 went from EW at table 1 to NS at table 7 and
played boards 1-2 again, A02-A08 met again, 12 boards were replayed over the session."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.tournament.movements import barometer, howell, mitchell
from generator.tournament.pairing import PairsMovement, _grown, late_pairs, late_pairs_seated
from tests.support import mitchell_event

SLUG = "late-mitchell"
CONTRACTS = ["4S N =", "3NT S +1", "2H E -1", "4H W =", "1NT N =", "3S N -1", "pass", "2S S +1"]
SEATING = re.compile(r"  - table: (\d+)[^\n]*\n    ns: (\w+)\n(?:    ew: (\w+)\n)?(?:    boards:\n)?((?:      # \d+:\n)*)")


def _event(tmp_path: Path, text: str) -> tuple[Path, Path]:
    content = tmp_path / "content"
    results = content / "events" / SLUG / "results"
    results.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    (content / "events" / SLUG / "event.yaml").write_text(text, encoding="utf-8")
    return content, results


def _pair(content: Path, *more: str) -> int:
    return main(["pair", SLUG, "mitchell", *more, "--content", str(content), "--lang", "en"])


def _fill(path: Path, number: int) -> None:
    text = re.sub(r"(?m)^      # (\d+):\n",
                  lambda m: f"      {m[1]}: {CONTRACTS[(int(m[1]) * 3 + number * 5) % len(CONTRACTS)]}\n",
                  path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")


def _seats(path: Path) -> list[tuple[int, str, str, tuple[int, ...]]]:
    """(table, NS, EW or "", boards) of a drawn round file, its boards from the `# n:` lines."""
    return [(int(t), ns, ew or "", tuple(int(b) for b in re.findall(r"# (\d+):", boards)))
            for t, ns, ew, boards in SEATING.findall(path.read_text(encoding="utf-8"))]


def _entry(pair: str, more: str = "") -> str:
    """A pair's line of the entries, A13 played by p13a and p13b; `more`: its further keys."""
    return f"  - {{id: {pair}, players: [p{pair[1:]}a, p{pair[1:]}b]{more}}}\n"


def _add_late(content: Path, *pairs: str) -> None:
    """The `pairs` added after the others (an id, or an _entry line)."""
    lines = "".join(pair if pair.startswith("  - ") else _entry(pair) for pair in pairs)
    event = content / "events" / SLUG / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("stages:\n", lines + "stages:\n"), encoding="utf-8")


def _session(tmp_path: Path, pairs: int, rounds: int = 5, played: int = 1, late: tuple[str, ...] = (),
             movement: str = "mitchell", boards: int = 2) -> tuple[Path, Path]:
    """A club session of `pairs` pairs A01… (tests.support.mitchell_event), its first `played`
    rounds drawn by pair and filled in, then the `late` pairs added to the entries."""
    content, results = _event(tmp_path, mitchell_event(pairs, rounds, boards).replace("movement: mitchell",
                                                                                      f"movement: {movement}"))
    for number in range(1, played + 1):
        assert _pair(content) == 0
        _fill(results / f"round-{number}.yaml", number)
    if late:
        _add_late(content, *late)
    return content, results


def _tally(seatings: Iterable[tuple[Sequence[str], Sequence[int]]]) -> tuple[Counter[tuple[str, int]], Counter[frozenset[str]]]:
    """How often each pair plays each board, and each two pairs meet, over (sides, boards) seatings
    (a sit-out's one side counted for neither)."""
    boards: Counter[tuple[str, int]] = Counter()
    meetings: Counter[frozenset[str]] = Counter()
    for sides, played in seatings:
        if len(sides) == 2:
            meetings[frozenset(sides)] += 1
            boards.update((side, b) for side in sides for b in played)
    return boards, meetings


def _replays(results: Path, rounds: int) -> tuple[Counter[tuple[str, int]], Counter[frozenset[str]]]:
    """_tally of the round files 1 to `rounds`."""
    return _tally(((ns, ew) if ew else (ns,), played) for number in range(1, rounds + 1)
                  for _, ns, ew, played in _seats(results / f"round-{number}.yaml"))


def _moved(movement: PairsMovement) -> tuple[Counter[tuple[str, int]], Counter[frozenset[str]]]:
    """_tally of a movement's sittings."""
    return _tally((movement.sides(s), s.boards) for s in movement.sittings)


def test_a_late_pair_takes_the_sit_outs_seat_and_the_mitchell_goes_on(tmp_path: Path, capsys) -> None:
    content, results = _session(tmp_path, 13, 7, played=0)
    assert _pair(content) == 0
    first = _seats(results / "round-1.yaml")
    assert first[0] == (1, "A01", "A07", (1, 2)) and first[6] == (7, "A13", "", ())  # A13 sits out
    _fill(results / "round-1.yaml", 1)
    played = (results / "round-1.yaml").read_text(encoding="utf-8")
    _add_late(content, "A14")
    # before A14 is drawn check says it is late and drawn from round 2; entry-not-played told the
    # director to add its table or to remove it, beside pair's word that it was seated
    _, _, warnings = validate(content)
    assert [(w.code, w.params["id"], w.params["first"]) for w in warnings if w.code in ("pairs-late-entry", "entry-not-played")
            ] == [("pairs-late-entry", "A14", 2)]
    capsys.readouterr()
    assert _pair(content) == 0  # round 2, then (A14 now at a table) the rest
    assert _pair(content, "--all") == 0
    assert (results / "round-1.yaml").read_text(encoding="utf-8") == played  # round 1 as played, untouched
    second = _seats(results / "round-2.yaml")
    header = (results / "round-2.yaml").read_text(encoding="utf-8")
    assert "A01–A06, A14 are NS 1–7, and A07–A13 are EW 1–7" in header
    assert "A14 joined late: from round 2 at table 7, the seat the sit-out left" in header
    # every pair where the 13-pair movement seats it, A14 NS at table 7 (the sit-out's table)
    assert [(t, ns, ew) for t, ns, ew, _ in second] == [
        (1, "A01", "A13"), (2, "A02", "A07"), (3, "A03", "A08"), (4, "A04", "A09"), (5, "A05", "A10"),
        (6, "A06", "A11"), (7, "A14", "A12")]
    assert second[6][3] == (1, 2)  # the boards that came to table 7, never played there in round 1
    boards, meetings = _replays(results, 7)
    assert max(boards.values()) == 1 and max(meetings.values()) == 1
    assert len(meetings) == 7 * 7 - 1  # 48 games: the one A14 missed in round 1 (A07 at the empty table)
    assert {ns for t, ns, ew, _ in _seats(results / "round-7.yaml") if t == 7} == {"A14"}
    for number in range(2, 8):
        _fill(results / f"round-{number}.yaml", number)
    _, _, warnings = validate(content)
    assert not [w for w in warnings if w.code in ("pairs-meet-twice", "pairs-board-again", "bridge-board-twice")]
    # A14's round 1 is still said, as late, as it was before A14 was drawn
    late = [w for w in warnings if w.code == "pairs-late-entry"]
    assert [(w.params["id"], w.params["rounds"], w.params["first"]) for w in late] == [("A14", "1", 2)]


def test_a_late_pair_with_no_seat_is_refused_and_nothing_is_redrawn(tmp_path: Path, capsys) -> None:
    # (after round 1 alone, an even field becoming odd is seated: round 1 was the 13-pair
    # Mitchell's with A13 at the sit-out table; after round 2 it no longer is)
    content, results = _session(tmp_path, 12, played=2, late=("A13",))
    capsys.readouterr()
    assert _pair(content) == 1
    said = capsys.readouterr().err
    assert "A13 is at no table of stage mitchell's 2 rounds written (event.yaml:17)" in said
    assert "replay boards and meet again" in said and "Delete A13 from the entries at event.yaml:17" in said
    assert "a table added for them only in a Mitchell and only before its round 2; after 2 rounds there is neither" in said
    assert not (results / "round-3.yaml").exists()


def test_a_late_pair_making_an_even_field_odd_is_told_of_the_new_table_and_boards(tmp_path: Path, capsys) -> None:
    # A 12-pair Mitchell's round 1 is the 13-pair one's with the 13th pair at the sit-out table,
    # so a 13th pair after round 1 is seated; but the session is now 7 tables and needs boards
    # 13-14, which no one has dealt: pair and check say so before round 2 is played.
    content, results = _session(tmp_path, 12, late=("A13",))
    _, _, warnings = validate(content)
    grown = [w for w in warnings if w.code == "pairs-late-grown"]
    assert [(w.params["ids"], w.params["boards"], w.params["table"], w.params["sitout"], w.params["resting"])
            for w in grown] == [("A13", "13–14", 6, 7, "A12")]
    capsys.readouterr()
    assert _pair(content) == 0
    said = capsys.readouterr()
    told = said.out + said.err
    assert "Boards 13–14 are new: no table has played them; deal them before round 2, where they start at table 6" in told
    assert "Table 7 is the sit-out table: the pair that comes to it sits that round out (in round 2, A12)" in told
    second = _seats(results / "round-2.yaml")
    assert second[0][:3] == (1, "A01", "A13") and second[5] == (6, "A06", "A11", (13, 14))
    assert second[6][:3] == (7, "A12", "")  # (the sit-out's line: the EW pair at the table with no NS pair)
    _, _, warnings = validate(content)  # boards 13-14 now at a table drawn: said once, before it
    assert not [w for w in warnings if w.code == "pairs-late-grown"]


def test_a_refusal_of_the_content_exits_1_and_of_the_command_line_2_as_readme_says(tmp_path: Path) -> None:
    # pair refused a late pair with no seat (the content's to fix) with 1 while errors.Refusal
    # and README said a refusal was usage, exit 2: the two now say which is which
    content, results = _session(tmp_path, 12, played=0)
    assert _pair(content) == 0 and _pair(content) == 0
    _add_late(content, "A13")
    assert _pair(content) == 1
    assert main(["pair", SLUG, "no-such-stage", "--content", str(content), "--lang", "en"]) == 2
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert ("`1` content errors, or content that does not allow what was asked (`pair`: a round still to enter, "
            "a stage complete, a late pair with no seat; nothing written), `2` usage") in readme


def test_two_late_pairs_after_round_2_are_refused_naming_the_one_that_can_be_seated(tmp_path: Path, capsys) -> None:
    # A 13-pair Mitchell has one seat for a late pair after round 2, the sit-out's: a table added
    # now would move every pair otherwise than rounds 1-2 did. Refused, told which one to keep,
    # not (as pair-late-no-seat told them) to delete both; check says the same before pair is run,
    # not entry-not-played's "remove it" for the pair it says to keep.
    content, results = _session(tmp_path, 13, played=2, late=("A14", "A15"))
    _, _, warnings = validate(content)
    assert [(w.code, w.params.get("first"), w.params.get("rest")) for w in warnings
            if w.code in ("pair-late-several", "pair-late-no-seat", "entry-not-played", "pairs-late-entry")] == [
        ("pair-late-several", "A14", "A15")]
    capsys.readouterr()
    assert _pair(content) == 1
    said = " ".join(capsys.readouterr().err.split())
    assert "A14, A15 joined stage mitchell late" in said and "the movement has one seat to take" in said
    assert "keep A14, who takes the sit-out's seat: delete A15 from the entries and run pair again" in said
    assert "a table is added for late pairs only in a Mitchell and only before its round 2" in said
    assert said.count("A14, A15 joined stage mitchell late") == 1  # (pair does not print check's warning too)
    assert not (results / "round-3.yaml").exists()
    event = content / "events" / SLUG / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(_entry("A15"), ""), encoding="utf-8")
    assert _pair(content) == 0  # as told: A14 in the sit-out's seat, NS at table 7, the session going on
    assert _seats(results / "round-3.yaml")[6] == (7, "A14", "A11", (3, 4))


def test_two_pairs_late_together_after_round_1_get_a_table_of_their_own(tmp_path: Path, capsys) -> None:
    # A 12-pair Mitchell (6 tables), two pairs at the door after round 1: the director adds table
    # 7. Every Mitchell's round 1 seats NS k against EW k on board set k, so round 1 as played is
    # the 7-table Mitchell's with table 7 empty: A13 is NS 7, A14 EW 7, the others keep their
    # numbers, and from round 2 the 7-table movement goes on, boards 13-14 new (to be dealt).
    # pair refused both (pair-late-several named A13 to keep, in a sit-out's seat the field has not).
    content, results = _session(tmp_path, 12)
    played = (results / "round-1.yaml").read_text(encoding="utf-8")
    _add_late(content, "A13", "A14")
    _, _, warnings = validate(content)
    assert not [w for w in warnings if w.code in ("entry-not-played", "pair-late-several", "pair-late-no-seat")]
    grown = [w for w in warnings if w.code == "pairs-late-grown"]
    assert [(w.params["ids"], w.params["pairs"], w.params["tables"], w.params["boards"], w.params["table"], w.params["sit_out"])
            for w in grown] == [("A13, A14", 14, 7, "13\u201314", 6, "")]  # (no sit-out table: 14 pairs)
    # where each sits in round 2, for the director to tell them: A13 NS 7 stays, A14 EW 7 moves up to table 1
    assert grown[0].params["starts"] == "A13 ns 7, A14 ew 1"
    assert sorted(w.params["id"] for w in warnings if w.code == "pairs-late-entry") == ["A13", "A14"]
    capsys.readouterr()
    assert _pair(content) == 0
    told = " ".join(capsys.readouterr().err.split())
    assert ("A13, A14 joined late: stage mitchell is now the 14-pair movement of 7 tables, in which A13, A14 sat out the "
            "1 round written. Boards 13\u201314 are new: no table has played them; deal them before round 2, where they "
            "start at table 6. Tell the late pairs where to sit in round 2: A13 NS at table 7, A14 EW at table 1 ") in told + " "
    header = (results / "round-2.yaml").read_text(encoding="utf-8")
    assert "A01\u2013A06, A13 are NS 1\u20137, and A07\u2013A12, A14 are EW 1\u20137" in header
    # round 2 as the 7-table Mitchell seats it: A14 (EW 7) up to table 1, A12 (EW 6) to A13's table 7
    assert _seats(results / "round-2.yaml") == [
        (1, "A01", "A14", (3, 4)), (2, "A02", "A07", (5, 6)), (3, "A03", "A08", (7, 8)), (4, "A04", "A09", (9, 10)),
        (5, "A05", "A10", (11, 12)), (6, "A06", "A11", (13, 14)), (7, "A13", "A12", (1, 2))]
    assert _pair(content, "--all") == 0
    assert (results / "round-1.yaml").read_text(encoding="utf-8") == played
    assert _seats(results / "round-5.yaml")[6] == (7, "A13", "A09", (7, 8))
    boards, meetings = _replays(results, 5)
    assert max(boards.values()) == 1 and max(meetings.values()) == 1
    # A14 plays boards 3-4, 7-8, 11-12, 1-2 at tables 1-4 in rounds 2-5, and none twice
    assert sorted(b for (pair, b) in boards if pair == "A14") == [1, 2, 3, 4, 7, 8, 11, 12]
    for number in range(2, 6):
        _fill(results / f"round-{number}.yaml", number)
    _, _, warnings = validate(content)
    assert not [w for w in warnings if w.code in ("pairs-meet-twice", "pairs-board-again", "bridge-board-twice",
                                                  "pairs-late-grown", "entry-not-played")]


def test_two_pairs_late_to_an_odd_field_after_round_1_make_a_sit_out_table(tmp_path: Path, capsys) -> None:
    # 13 pairs (7 tables, A13 sitting out at table 7), two more after round 1: 15 pairs, 8 tables.
    # A14 takes NS 7 (A13's opponent, absent in round 1), A15 EW 8 at the new table 8, which has no
    # NS pair: the EW pair that comes to it sits out, A13 in round 2. Boards 15-16 are new.
    content, results = _session(tmp_path, 13, 7, late=("A14", "A15"))
    _, _, warnings = validate(content)
    assert [(w.params["ids"], w.params["tables"], w.params["boards"], w.params["sitout"], w.params["resting"])
            for w in warnings if w.code == "pairs-late-grown"] == [("A14, A15", 8, "15\u201316", 8, "A13")]
    # (13-14 are the sit-out table's set, dealt for round 1 though no one played them: said
    # new, rev56; 15-16 start at table 7 in round 2, below)
    assert not [w for w in warnings if w.code in ("entry-not-played", "pair-late-several")]
    # both missed round 1, A15 too, whom the 15-pair movement puts at table 8's sit-out then
    assert sorted((w.params["id"], w.params["rounds"], w.params["first"]) for w in warnings
                  if w.code == "pairs-late-entry") == [("A14", "1", 2), ("A15", "1", 2)]
    capsys.readouterr()
    assert _pair(content, "--all") == 0
    assert _seats(results / "round-2.yaml") == [
        (1, "A01", "A15", (3, 4)), (2, "A02", "A07", (5, 6)), (3, "A03", "A08", (7, 8)), (4, "A04", "A09", (9, 10)),
        (5, "A05", "A10", (11, 12)), (6, "A06", "A11", (13, 14)), (7, "A14", "A12", (15, 16)), (8, "A13", "", ())]
    boards, meetings = _replays(results, 7)
    assert max(boards.values()) == 1 and max(meetings.values()) == 1


def test_pairs_late_in_two_rounds_a_table_added_then_the_sit_outs_seat(tmp_path: Path, capsys) -> None:
    # A 12-pair Mitchell: A13 after round 1 (table 7 added, a sit-out table), A14 after round 2,
    # in the seat that sit-out leaves (NS 7), from round 3. pair refused A14 (two late, one seat).
    content, results = _session(tmp_path, 12, late=("A13",))
    assert _pair(content) == 0
    _fill(results / "round-2.yaml", 2)
    assert _seats(results / "round-2.yaml")[6] == (7, "A12", "", ())  # A12 sits out table 7
    _add_late(content, "A14")
    capsys.readouterr()
    assert _pair(content, "--all") == 0
    header = (results / "round-3.yaml").read_text(encoding="utf-8")
    assert "A14 joined late: from round 3 at table 7, the seat the sit-out left" in header
    assert _seats(results / "round-3.yaml")[6] == (7, "A14", "A11", (3, 4))
    boards, meetings = _replays(results, 5)
    assert max(boards.values()) == 1 and max(meetings.values()) == 1
    assert sum(1 for m in meetings if "A14" in m) == 3 and sum(1 for m in meetings if "A13" in m) == 4


def test_a_sit_out_line_left_out_is_told_apart_from_a_late_pair_by_the_director(tmp_path: Path) -> None:
    # A 9-pair Mitchell of 3 rounds whose round 1 was typed without A09's sit-out line is, to the
    # files, also the 8-pair Mitchell (3 rounds fit 4 tables) that A09 came late to: the same
    # round 1, the same movement from round 2. Nothing written tells them apart (pair's comments
    # above round 1 may be gone, and are in the site's language), so A09 stays late, round 2
    # played too (it was then taken for the sit-out unseen), and pairs-late-entry's hint says how
    # the secretary tells paibang: write the sit-out line, and it is no late pair.
    content, results = _event(tmp_path, mitchell_event(9, 3, 2))
    assert _pair(content) == 0
    path = results / "round-1.yaml"
    with_line = path.read_text(encoding="utf-8")
    assert "  - table: 5    # Sit-out\n    ns: A09\n" in with_line
    path.write_text(with_line.replace("  - table: 5    # Sit-out\n    ns: A09\n", ""), encoding="utf-8")
    _fill(path, 1)
    _, _, warnings = validate(content)
    grown = [w for w in warnings if w.code == "pairs-late-grown"]
    assert [(w.params["ids"], w.params["tables"], w.params["boards"]) for w in grown] == [("A09", 5, "9\u201310")]
    from generator.messages import render_message
    (entry,) = [w for w in warnings if w.code == "pairs-late-entry"]
    _, hint = render_message("pairs-late-entry", "en", entry.params)
    told = ("If A09 was in the field from the start and sat round 1 out, its sit-out line left out of round 1's file, "
            "the files cannot tell that from a pair that came late: write that line in round 1's file, - table: 5 with "
            "ns: A09 under it")
    assert told in hint and told not in render_message("pairs-late-grown", "en", grown[0].params)[1]  # (said once)
    assert _pair(content) == 0
    _fill(results / "round-2.yaml", 2)
    _, found, warnings = validate(content)
    stage = found[0].stages[0]
    assert late_pairs(found[0].event, stage.stage, stage.field) == {"A09": 2}
    (entry,) = [w for w in warnings if w.code == "pairs-late-entry"]
    assert told in render_message("pairs-late-entry", "en", entry.params)[1]
    path.write_text(path.read_text(encoding="utf-8") + "  - table: 5\n    ns: A09\n", encoding="utf-8")  # as told
    _, _, warnings = validate(content)
    assert not [w for w in warnings if w.code in ("pairs-late-grown", "pairs-late-entry", "entry-not-played")]


def test_a_late_pair_in_an_odd_howell_takes_the_phantoms_seat(tmp_path: Path, capsys) -> None:
    # (the 10-pair Howell redrawn from the whole field meets the same pairs, but numbers its
    # tables from the phantom's: every table of the room changed number from round 2)
    content, results = _session(tmp_path, 9, 8, movement="howell", boards=1)
    played = (results / "round-1.yaml").read_text(encoding="utf-8")
    _add_late(content, "A10")
    capsys.readouterr()
    assert _pair(content, "--all") == 0
    assert (results / "round-1.yaml").read_text(encoding="utf-8") == played
    for number in range(2, 9):  # no one sits out once A10 plays, at the sit-out's table: the others keep their numbers
        seats = _seats(results / f"round-{number}.yaml")
        assert all(ew for _, _, ew, _ in seats) and len(seats) == 5
        assert "A10" in seats[4][1:3]
    boards, meetings = _replays(results, 8)
    assert max(boards.values()) == 1 and max(meetings.values()) == 1
    assert sum(1 for m in meetings if "A10" in m) == 7


def _codes(content: Path, *codes: str) -> list[tuple[str, ...]]:
    _, _, warnings = validate(content)
    return sorted(tuple(str(w.params[k]) for k in ("round", "table") + (("id", "board") if w.code == "pairs-board-again"
                                                                          else ("a", "b", "this_round")))
                  for w in warnings if w.code in codes)


def test_check_says_a_board_or_a_meeting_drawn_again_before_it_is_played(tmp_path: Path, capsys) -> None:
    content, results = _session(tmp_path, 13, 7)
    # round 1 played by hand with tables 1 and 2 swapping their boards: A01 played 3-4, which
    # the movement brings to it in round 2
    path = results / "round-1.yaml"
    text = re.sub(r"(?m)^      ([1-4]):", lambda m: f"      {'3412'[int(m[1]) - 1]}:", path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    assert _pair(content) == 0
    assert _codes(content, "pairs-board-again") == [("2", "1", "A01", "3"), ("2", "1", "A01", "4")]
    # round 2, still to play, with the EW pairs of tables 1 and 2 swapped: A01 meets A07 again
    second = results / "round-2.yaml"
    text = second.read_text(encoding="utf-8")
    text = text.replace("    ew: A13\n", "    ew: TMP\n").replace("    ew: A07\n", "    ew: A13\n").replace("    ew: TMP\n", "    ew: A07\n")
    second.write_text(text, encoding="utf-8")
    assert _codes(content, "pairs-meet-twice", "pairs-board-again") == [("1", "1", "A01", "A07", "2")]


@pytest.mark.parametrize("kind,pairs", [("mitchell", n) for n in (5, 7, 9, 11, 13, 15, 21)]
                         + [("howell", n) for n in (3, 5, 7, 9, 11, 15)] + [("barometer", 7)])
def test_a_late_pair_seated_after_any_round_replays_nothing(kind: str, pairs: int) -> None:
    ids = [f"A{i:02}" for i in range(1, pairs + 1)]
    if kind == "mitchell":
        tables = (pairs + 1) // 2
        rounds = tables if tables % 2 else tables - 1
        movement = PairsMovement(kind, mitchell(tables, rounds, 2, sit_out=True), ids[:tables - 1], ids[tables - 1:], 2)
    else:
        rounds = pairs
        movement = PairsMovement(kind, (howell if kind == "howell" else barometer)(pairs, rounds, 2), ids, [], 2)
    for last in range(1, rounds):
        seated = late_pairs_seated(movement, ["LATE"], last)
        assert seated is not None
        # the rounds written, and every other pair's seat, as before
        assert [s for s in seated.sittings if s.round <= last] == [s for s in movement.sittings if s.round <= last]
        assert all(s.sits_out == (s.round <= last and len(seated.sides(s)) == 1) for s in seated.sittings)
        boards, meetings = _moved(seated)
        assert max(boards.values()) == 1 and max(meetings.values()) == 1
        assert sum(1 for m in meetings if "LATE" in m) == rounds - last
        if kind == "barometer":  # every table of a round plays that round's boards
            assert all(set(s.boards) == set(range(2 * s.round - 1, 2 * s.round + 1)) for s in seated.sittings if s.boards)


def test_an_even_field_has_no_seat_for_a_late_pair() -> None:
    ids = [f"A{i:02}" for i in range(1, 13)]
    assert late_pairs_seated(PairsMovement("mitchell", mitchell(6, 5, 2), ids[:6], ids[6:], 2), ["LATE"], 1) is None
    assert late_pairs_seated(PairsMovement("howell", howell(8, 7, 2), ids[:8], [], 2), ["LATE"], 1) is None


def test_a_late_pair_in_a_howell_drawn_in_the_legacy_directions_keeps_them(tmp_path: Path, monkeypatch) -> None:
    """Round 1 drawn before the Howell's directions were balanced (movements.howell, legacy):
    with a late pair the rounds drawn now go on in those directions, the late pair in the
    phantom's seat of the legacy 10-pair Howell, and the stage follows that movement."""
    from generator.tournament import movements, pairing

    content, results = _event(tmp_path, mitchell_event(9, 8, 1).replace("movement: mitchell", "movement: howell"))
    with monkeypatch.context() as patch:
        patch.setattr(movements, "_balanced_sides", lambda pairs, by_round=False: movements._legacy_sides(pairs + pairs % 2))
        assert _pair(content) == 0
    _fill(results / "round-1.yaml", 1)
    _add_late(content, "A10")
    assert _pair(content, "--all") == 0
    ids = [f"A{i:02}" for i in range(1, 10)]
    legacy = late_pairs_seated(PairsMovement("howell", howell(9, 8, 1, legacy=True), ids, [], 1), ["A10"], 1, legacy=True)
    for number in range(1, 9):
        assert [(t, ns, ew) for t, ns, ew, _ in _seats(results / f"round-{number}.yaml")] == \
            [(s.table, *legacy.sides(s)) if len(legacy.sides(s)) == 2 else (s.table, legacy.sides(s)[0], "")
             for s in legacy.round(number)], number
    _, found, _ = validate(content)
    assert pairing.followed_movement(found[0].event, found[0].stages[0]) is not None


@pytest.mark.parametrize("movement,pairs,rounds,sitter", [("mitchell", 9, 5, "A09"), ("barometer", 7, 5, "A01")])
def test_a_sit_out_left_off_round_1_is_not_a_late_pair(tmp_path: Path, capsys, movement: str, pairs: int,
                                                       rounds: int, sitter: str) -> None:
    # A round 1 typed by hand need not write its sit-out line. The field without the sit-out
    # (8 pairs, 6 for the barometer) fits no movement of the rounds written, so it was there from
    # the start: check told the director A09 joined late, made the field odd and should be deleted.
    content, results = _session(tmp_path, pairs, rounds, played=0, movement=movement)
    assert _pair(content) == 0
    path = results / "round-1.yaml"
    sitting = [s for s in _seats(path) if not s[2]]
    assert [s[1] for s in sitting] == [sitter]  # the movement sits it out in round 1
    text = re.sub(rf"(?m)^  - table: {sitting[0][0]}\b[^\n]*\n    ns: {sitter}\n", "", path.read_text(encoding="utf-8"))
    assert sitter not in text.split("tables:", 1)[1]
    path.write_text(text, encoding="utf-8")
    _fill(path, 1)
    _, _, warnings = validate(content)
    assert not [w for w in warnings if w.code in ("pairs-late-grown", "pairs-late-entry")]
    capsys.readouterr()
    assert _pair(content) == 0  # round 2 of the same movement, no refusal and nothing said late
    said = capsys.readouterr()
    assert "joined late" not in said.out + said.err and "delete" not in said.out + said.err
    second = _seats(results / "round-2.yaml")
    assert sitter in {side for _, ns, ew, _ in second for side in (ns, ew)}
    _fill(results / "round-2.yaml", 2)  # the sit-out at a table from round 2: its round 1 still a sit-out, not missed
    _, _, warnings = validate(content)
    assert not [w for w in warnings if w.code in ("pairs-late-grown", "pairs-late-entry", "pairs-meet-twice")]


@pytest.mark.parametrize("tables,short", [(t, s) for t in range(3, 11) for s in (False, True)])
@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_table_added_after_round_1_replays_nothing(tables: int, short: bool, count: int) -> None:
    # Any Mitchell, 1-3 pairs late after round 1: the grown movement seats round 1 as it was
    # played, and from round 2 on no pair plays a board twice or meets a pair twice.
    ns, ew = [f"N{i:02}" for i in range(1, tables + 1 - short)], [f"E{i:02}" for i in range(1, tables + 1)]
    rounds = tables if tables % 2 else tables - 1
    movement = PairsMovement("mitchell", mitchell(tables, rounds, 2, sit_out=short), ns, ew, 2)
    group = [f"L{i}" for i in range(1, count + 1)]
    grown = _grown(movement, group, {pair: 2 for pair in group}, rounds)
    if grown is None:  # (the sit-out's seat alone, late_pairs_seated's: one pair late to an odd field)
        assert short and count == 1
        return
    assert len(grown.ew_numbers) > tables and grown.grown == tuple(group) and grown.numbers[:len(ns)] == ns
    before = {(s.table, movement.sides(s), s.boards) for s in movement.round(1)}
    after = {(s.table, grown.sides(s), s.boards) for s in grown.round(1) if not set(group) & set(grown.sides(s))}
    assert after == before
    assert not [s for s in grown.round(1) if len(grown.sides(s)) == 2 and set(group) & set(grown.sides(s))]
    boards, meetings = _moved(grown)
    assert max(boards.values()) == 1 and max(meetings.values()) == 1
    assert all(any(pair in m for m in meetings) for pair in group)


@pytest.mark.parametrize("withdrawn", ["2", "true"])
def test_a_late_pair_withdrawn_before_it_plays_grows_no_table(tmp_path: Path, capsys, withdrawn: str) -> None:
    # A 12-pair Mitchell, round 1 played; A13 comes, and A14 is entered but withdrawn before
    # round 2. A14 never plays: the movement is the 13-pair one (A13 EW 7, NS 7 the sit-out's
    # missing pair), not the 14-pair one of 7 full tables that sat A14 at table 1 (rev56).
    content, results = _session(tmp_path, 12, late=("A13", _entry("A14", f", withdrawn: {withdrawn}")))
    _, _, warnings = validate(content)
    assert [(w.params["ids"], w.params["pairs"]) for w in warnings if w.code == "pairs-late-grown"] == [("A13", 13)]
    assert not [w for w in warnings if w.code == "entry-not-played"]  # (A14 is withdrawn, not forgotten)
    capsys.readouterr()
    assert _pair(content) == 0
    assert _seats(results / "round-2.yaml") == [
        (1, "A01", "A13", (3, 4)), (2, "A02", "A07", (5, 6)), (3, "A03", "A08", (7, 8)), (4, "A04", "A09", (9, 10)),
        (5, "A05", "A10", (11, 12)), (6, "A06", "A11", (13, 14)), (7, "A12", "", ())]
    assert _pair(content, "--all") == 0
    assert not any("A14" in (ns, ew) for n in range(2, 6) for _, ns, ew, _ in _seats(results / f"round-{n}.yaml"))


def test_a_pair_withdrawn_before_round_1_is_not_drawn(tmp_path: Path) -> None:
    # README: withdrawn: true keeps pair from drawing it. A 13-pair Mitchell with A13 withdrawn
    # is drawn as the 12-pair one, 6 full tables and no sit-out table.
    content, results = _event(tmp_path, mitchell_event(13, 5, 2).replace(
        "{id: A13, players: [p13a, p13b]}", "{id: A13, players: [p13a, p13b], withdrawn: true}"))
    assert _pair(content) == 0
    assert _seats(results / "round-1.yaml") == [(t, f"A{t:02}", f"A{t + 6:02}", (2 * t - 1, 2 * t)) for t in range(1, 7)]


def test_pairs_late_to_a_round_drawn_and_not_played_are_told_to_draw_it_again(tmp_path: Path, capsys) -> None:
    # A 12-pair Mitchell: round 1 played, round 2 drawn, A13 and A14 at the door before round 2
    # starts. pair refused them offering only to delete both pairs or to redraw from round 1
    # (rev56); round 2 has no result, so it says to delete round-2.yaml and draw it again, which
    # seats them at the added table 7, as if they had come before round 2 was drawn.
    content, results = _session(tmp_path, 12)
    assert _pair(content) == 0
    drawn = (results / "round-2.yaml").read_text(encoding="utf-8")
    _add_late(content, "A13", "A14")
    _, _, warnings = validate(content)
    assert [(w.code, w.params["ids"], w.params["file"]) for w in warnings if w.code.startswith("pair-late")] == [
        ("pair-late-redraw", "A13, A14", "results/round-2.yaml")]
    capsys.readouterr()
    assert _pair(content) == 1
    told = " ".join(capsys.readouterr().err.split())
    assert "delete results/round-2.yaml (take back its score sheets if they were handed out) and run pair again" in told
    assert told.count("delete results/round-2.yaml") == 1
    assert (results / "round-2.yaml").read_text(encoding="utf-8") == drawn and not (results / "round-3.yaml").exists()
    (results / "round-2.yaml").unlink()
    assert _pair(content) == 0
    assert _seats(results / "round-2.yaml") == [
        (1, "A01", "A14", (3, 4)), (2, "A02", "A07", (5, 6)), (3, "A03", "A08", (7, 8)), (4, "A04", "A09", (9, 10)),
        (5, "A05", "A10", (11, 12)), (6, "A06", "A11", (13, 14)), (7, "A13", "A12", (1, 2))]


def test_pairs_late_to_a_round_begun_are_not_told_to_draw_it_again(tmp_path: Path, capsys) -> None:
    # The same with one table of round 2 entered: drawing it again would replay its boards.
    content, results = _session(tmp_path, 12)
    assert _pair(content) == 0
    text = (results / "round-2.yaml").read_text(encoding="utf-8")
    (results / "round-2.yaml").write_text(text.replace("      # 3:\n      # 4:\n", "      3: 4S N =\n      4: pass\n"),
                                          encoding="utf-8")
    _add_late(content, "A13", "A14")
    _, _, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("pair-late")] == ["pair-late-no-seat"]
    assert _pair(content) == 1


def test_pairs_late_at_a_table_written_by_hand_are_not_told_to_be_deleted(tmp_path: Path, capsys) -> None:
    # A 12-pair Mitchell, round 1 played; the director writes round 2 by hand: the 6 tables as
    # the 6-table Mitchell moves them, and table 7 A13 v A14 on boards 13-14, played. check and
    # pair said A13, A14 were at no table and to delete them from the entries (rev56): they
    # have played at table 7, so they are said seated otherwise than the movement, kept.
    content, results = _session(tmp_path, 12, late=("A13", "A14"))
    tables = [(t, f"A{t:02}", f"A{(t - 2) % 6 + 7:02}", (2 * (t % 6) + 1, 2 * (t % 6) + 2)) for t in range(1, 7)]
    tables.append((7, "A13", "A14", (13, 14)))
    (results / "round-2.yaml").write_text("stage: mitchell\nround: 2\ntables:\n" + "".join(
        f"  - table: {t}\n    ns: {ns}\n    ew: {ew}\n    boards:\n      # {b[0]}:\n      # {b[1]}:\n"
        for t, ns, ew, b in tables), encoding="utf-8")
    assert _seats(results / "round-2.yaml")[0] == (1, "A01", "A12", (3, 4))
    _fill(results / "round-2.yaml", 2)
    _, _, warnings = validate(content)
    late = [(w.code, w.params["ids"], w.params.get("joined")) for w in warnings if w.code.startswith("pair-late")]
    assert late == [("pair-late-off-movement", "A13, A14", 2)]
    assert not [w for w in warnings if w.code == "entry-not-played"]
    capsys.readouterr()
    assert _pair(content) == 1
    told = " ".join(capsys.readouterr().err.split())
    assert "A13, A14 have played at stage mitchell's tables since round 2" in told
    assert "keep A13, A14 in the entries" in told and "Delete A13" not in told
    assert not (results / "round-3.yaml").exists()


def test_a_late_pair_in_the_sit_outs_seat_is_not_named_with_pairs_later(tmp_path: Path, capsys) -> None:
    # 13 pairs; A14 after round 1 takes the sit-out's seat (NS 7) from round 2. A15 after round 2
    # has no seat: the field is even. pair drew round 3 without A15 (the round-1 sit-out counted as
    # a seat still free); with A16 too it said "A14, A15, A16 joined late ... keep A14" (rev56).
    content, results = _session(tmp_path, 13, late=("A14",))
    assert _pair(content) == 0
    assert _seats(results / "round-2.yaml")[6] == (7, "A14", "A12", (1, 2))
    _fill(results / "round-2.yaml", 2)
    _add_late(content, "A15")
    _, _, warnings = validate(content)
    assert [(w.code, w.params["ids"]) for w in warnings if w.code.startswith("pair-late")] == [("pair-late-no-seat", "A15")]
    assert _pair(content) == 1 and not (results / "round-3.yaml").exists()
    _add_late(content, "A16")
    _, _, warnings = validate(content)
    assert [(w.code, w.params["ids"]) for w in warnings if w.code.startswith("pair-late")] == [
        ("pair-late-no-seat", "A15, A16")]
    capsys.readouterr()
    assert _pair(content) == 1
    told = " ".join(capsys.readouterr().err.split())
    assert "A15, A16 are at no table" in told and "A14" not in told


def test_two_tables_added_say_where_each_new_set_starts(tmp_path: Path, capsys) -> None:
    # A 12-pair Mitchell, four pairs late after round 1: tables 7 and 8 added (16 pairs), boards
    # 13-16 new. Each set starts at its own table in round 2; only the first's was said (rev56).
    content, results = _session(tmp_path, 12, late=("A13", "A14", "A15", "A16"))
    _, _, warnings = validate(content)
    assert [(w.params["boards"], w.params["tables"], w.params["table"]) for w in warnings
            if w.code == "pairs-late-grown"] == [("13\u201316", 8, 6)]
    capsys.readouterr()
    assert _pair(content) == 0
    told = " ".join(capsys.readouterr().err.split())
    assert ("Boards 13\u201316 are new: no table has played them; deal them before round 2, where they start at table 6; "
            "each set starts at its own table: 13\u201314 at table 6, 15\u201316 at table 7") in told
    seats = _seats(results / "round-2.yaml")
    assert [(t, b) for t, _, _, b in seats if set(b) & {13, 14, 15, 16}] == [(6, (13, 14)), (7, (15, 16))]


def test_three_pairs_late_to_an_even_field_are_told_where_each_sits(tmp_path: Path, capsys) -> None:
    # 12 pairs, A13-A15 after round 1: 15 pairs, 8 tables, table 8 the sit-out table. pairs-late-grown
    # named the boards to deal (13-16) but not where the late pairs sit in round 2, which no file
    # written says: A13 NS 7, A14 EW 7 (come to table 8, the sit-out table: it sits round 2 out),
    # A15 EW 8 (up to table 1). Said as pair then draws round 2.
    content, results = _session(tmp_path, 12, late=("A13", "A14", "A15"))
    _, _, warnings = validate(content)
    grown = [w for w in warnings if w.code == "pairs-late-grown"]
    assert [(w.params["ids"], w.params["starts"]) for w in grown] == [("A13, A14, A15", "A13 ns 7, A14 out 8, A15 ew 1")]
    from generator.messages import render_message
    assert render_message("pairs-late-grown", "en", grown[0].params)[0].endswith(
        "Tell the late pairs where to sit in round 2: A13 NS at table 7, A14 sits it out (EW at table 8, the sit-out "
        "table), A15 EW at table 1")
    assert render_message("pairs-late-grown", "zh-Hans", grown[0].params)[0].endswith(
        "\u8bf7\u544a\u8bc9\u8fdf\u5230\u5404\u5bf9\u7b2c 2 \u8f6e\u7684\u5ea7\u4f4d\uff1aA13 \u5750\u7b2c 7 \u684c"
        "\u5357\u5317\u3001A14 \u8f6e\u7a7a\uff08\u7b2c 8 \u684c\u4e1c\u897f\uff0c\u5373\u8f6e\u7a7a\u684c\uff09\u3001"
        "A15 \u5750\u7b2c 1 \u684c\u4e1c\u897f")
    capsys.readouterr()
    assert _pair(content) == 0
    assert "A13 NS at table 7, A14 sits it out (EW at table 8" in " ".join(capsys.readouterr().err.split())
    assert _seats(results / "round-2.yaml") == [  # the round drawn seats them as said
        (1, "A01", "A15", (3, 4)), (2, "A02", "A07", (5, 6)), (3, "A03", "A08", (7, 8)), (4, "A04", "A09", (9, 10)),
        (5, "A05", "A10", (11, 12)), (6, "A06", "A11", (13, 14)), (7, "A13", "A12", (15, 16)), (8, "A14", "", ())]


def _hand_table_7(content: Path, results: Path) -> None:
    """Round 2 of a 12-pair Mitchell written by the director: the 6 tables as the 6-table
    Mitchell moves them, table 7 A13 v A14 on boards 13-14; every table played."""
    tables = [(t, f"A{t:02}", f"A{(t - 2) % 6 + 7:02}", (2 * (t % 6) + 1, 2 * (t % 6) + 2)) for t in range(1, 7)]
    tables.append((7, "A13", "A14", (13, 14)))
    (results / "round-2.yaml").write_text("stage: mitchell\nround: 2\ntables:\n" + "".join(
        f"  - table: {t}\n    ns: {ns}\n    ew: {ew}\n    boards:\n      # {b[0]}:\n      # {b[1]}:\n"
        for t, ns, ew, b in tables), encoding="utf-8")
    _fill(results / "round-2.yaml", 2)


def test_late_pairs_seated_by_hand_and_one_still_waiting_are_each_said_as_they_are(tmp_path: Path, capsys) -> None:
    # A13, A14 at a table 7 the director wrote into round 2, then A15 after round 2. pair said only
    # "A15 is at no table ... Delete A15 from the entries and run pair again: the session goes on
    # as it was", which it does not: with A15 deleted pair still draws no round 3 for A13, A14.
    content, results = _session(tmp_path, 12, late=("A13", "A14"))
    _hand_table_7(content, results)
    _add_late(content, "A15")
    _, _, warnings = validate(content)
    late = [w for w in warnings if w.code.startswith("pair-late")]
    assert [(w.code, w.params["ids"], w.params["joined"], w.params["late"]) for w in late] == [
        ("pair-late-off-movement", "A13, A14", 2, "A15")]
    assert not [w for w in warnings if w.code == "entry-not-played"]
    # (boards 3-8, with every result written, were said short by the 15-pair movement the refusal left)
    assert not [w.params["board"] for w in warnings if w.code == "bridge-board-short" and w.params["board"] <= 12]
    capsys.readouterr()
    assert _pair(content) == 1
    told = " ".join(capsys.readouterr().err.split())
    assert ("A13, A14 have played at stage mitchell's tables since round 2 (event.yaml:17), seated otherwise than its "
            "movement seats late pairs, and A15, later still, is at no table yet (event.yaml:19): pair cannot draw "
            "round 3") in told
    assert ("Seat A15 in those rounds too, where the director gives them a table: deleting A15 from the entries "
            "(event.yaml:19) does not let pair draw round 3, A13, A14 still sitting where no movement seats them") in told
    assert "keep A13, A14 in the entries" in told and "Delete A15" not in told
    assert told.count("A13, A14 have played") == 1  # (as pair's refusal; check's warning of it not printed too)
    assert not (results / "round-3.yaml").exists()
    event = content / "events" / SLUG / "event.yaml"  # what the old word said to do: still refused
    event.write_text(event.read_text(encoding="utf-8").replace(_entry("A15"), ""), encoding="utf-8")
    assert _pair(content) == 1 and not (results / "round-3.yaml").exists()


def _short(content: Path) -> list[tuple[int, str, int, str]]:
    """Each bridge-board-short warning: board, its file, its line, its message in English."""
    from generator.messages import render_message
    _, _, warnings = validate(content)
    return [(w.params["board"], w.mark.file.name, w.mark.line, render_message(w.code, "en", w.params)[0])
            for w in warnings if w.code == "bridge-board-short"]


def test_a_table_left_out_after_a_late_pair_is_refused_is_said_where_it_is(tmp_path: Path) -> None:
    # 12 pairs, rounds 1-2 played, round 2's table 3 (A03 v A08, boards 7-8) not written; A13 comes
    # and is refused (pair-late-no-seat). The board counts followed the 13-pair movement the
    # refusal leaves: boards 3-6, with every result, were said short, at round-1.yaml.
    content, results = _session(tmp_path, 12, played=2)
    path = results / "round-2.yaml"
    path.write_text(re.sub(r"(?ms)^  - table: 3\b.*?(?=^  - table: )", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    assert [t for t, *_ in _seats(path)] == [1, 2, 4, 5, 6]
    alone = _short(content)
    said = "of the 2 it should have; round 2 table 3 has none (round-2.yaml)"
    assert alone == [(7, "round-2.yaml", 0, f"board 7 has results from 1 table (round 1 table 4), {said}"),
                     (8, "round-2.yaml", 0, f"board 8 has results from 1 table (round 1 table 4), {said}")]
    _add_late(content, "A13")
    _, _, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("pair-late")] == ["pair-late-no-seat"]
    assert _short(content) == alone  # the session's own movement, as before A13 came
    from generator.messages import render_message
    fix = [render_message(w.code, "en", w.params)[1] for w in warnings if w.code == "bridge-board-short"][0]
    assert ("The movement gives it to round 2 table 3: write that table's result for board 7 in round-2.yaml, or np if "
            "it was not played there.") in fix
