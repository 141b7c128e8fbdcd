"""Standings "after round N" of a pairs stage count rounds 1..N only (event-day.md), even though a
Howell's board travels on into the round partly entered: no board of the counted rounds is
matchpointed against a later result, and no A+ (Law 12C2, `adjusted: session`) takes a later
board into the pair's session percentage. Seen on the club's Tuesday pairs: with round 5 three
tables of four in, "after round 4" moved P1 67.19 -> 75.00 and P6 74.90 -> 73.35.

The worked case: a 7-pair Howell, one board a round, drawn as paibang drew a Howell before its
directions were balanced (howell(7, per_round=1, legacy=True), NS first), so these pages are also
those of an event drawn then and built now (pairing.movement_of keeps its rounds' directions):
round 1: T1 G-B board 3, T2 C-F board 5, T3 E-D board 2 (A sits out);
round 2: T1 A-C board 4, T2 D-G board 6, T3 F-E board 3 (B sits out);
round 3: T1 B-D board 5, T2 E-A board 7, T3 G-F board 4 (C sits out) - entered but for T2.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from generator.build import build
from generator.games import GAMES
from generator.tournament import movements
from tests.support import drawn_and_entered

GAMES_SHENGJI = GAMES["shengji"]

SLUG = "howell"


def pairs_event(title: str, players: dict[str, str], movement: str, rounds: int, scoring: str = "matchpoints") -> str:
    """The event.yaml of a bridge evening, its one stage `pairs` of one board a round: `players`,
    each entry's id -> its two players ("a1, a2")."""
    return (f"title: {title}\ngame: bridge\ndate: 2024-05-01\nentries:\n"
            + "".join(f"  - {{id: {entry}, players: [{pair}]}}\n" for entry, pair in players.items())
            + f"stages:\n  - id: pairs\n    name: Pairs\n    format: pairs\n    scoring: {scoring}\n"
            f"    movement: {movement}\n    rounds: {rounds}\n    boards: 1\n")


EVENT = pairs_event("Howell night", {pair: f"{pair.lower()}1, {pair.lower()}2" for pair in "ABCDEFG"}, "howell", 7)
# round -> board -> result (None: the table not entered yet)
RESULTS: dict[int, dict[int, str | None]] = {
    1: {3: "4S N =", 5: "3NT S =", 2: "1NT N ="},  # 420 (NS not vul), 600 (NS vul), 90
    2: {4: "A-", 6: "2H S =", 3: "4S N +1"},  # A- for NS (A), so A+ for EW (C); 110; 450
    3: {5: "3NT S -1", 7: None, 4: "4H N ="},  # -100 against C's 600 on board 5; 620
}

# After round 2, from rounds 1 and 2 alone. Every board expects 2 results (board 3 has 2); a
# board with one result is factored by Neuberg to 1 MP of a top of 2 (50 %).
#   A: board 4 A- (no real board of its own: stays 40 %)          0.8 / 2 = 40 %
#   B: board 3 EW, -420 against E's -450: 2                          2 / 2 = 100 %
#   C: board 5 NS alone: 1; board 4 A+, its session 50 % < 60: 1.2 2.2 / 4 = 55 %
#   D: board 2 EW alone 1, board 6 NS alone 1                         2 / 4 = 50 %
#   E: board 2 NS alone 1, board 3 EW -450 against -420: 0            1 / 4 = 25 %
#   F: board 5 EW alone 1, board 3 NS 450 against 420: 2              3 / 4 = 75 %
#   G: board 3 NS 420 against 450: 0, board 6 EW alone 1              1 / 4 = 25 %
# Round 3's board 5 (-100 against C's 600) would have made C's board 5 2 MP of 2 and so its
# A+ 100 % (C 4 / 4 = 100 %, level with B), and F's board 5 0 (F 50 %): what was shown.
AFTER_2 = [(1, "B", 100), (2, "F", 75), (3, "C", 55), (4, "D", 50), (5, "A", 40), (6, "E", 25), (6, "G", 25)]


# Rounds 3 complete and 4 partly entered (the case of a board compared 3 times, counted twice):
# round 3's table 2 and round 4's table 3, A-G on board 5 (NS vul, 630).
LATER: dict[int, dict[int, str | None]] = {3: {**RESULTS[3], 7: "1NT N ="}, 4: {6: None, 1: None, 5: "3NT S +1"}}


def built(content: Path, slug: str = SLUG) -> tuple[Path, dict]:
    """`content` built into output/ beside it: (the event's folder of pages, its results.json)."""
    site = content.parent / "output" / "events" / slug
    build(content, content.parent / "output")
    return site, json.loads((site / "results.json").read_text(encoding="utf-8"))


def make_content(tmp_path: Path, rounds: int = 3, scoring: str = "matchpoints", later: bool = False) -> Path:
    event = EVENT if scoring == "matchpoints" else EVENT.replace("scoring: matchpoints", f"scoring: {scoring}")
    played = {number: (LATER if later and number in LATER else RESULTS)[number] for number in range(1, rounds + 1)}
    with pytest.MonkeyPatch.context() as patch:  # drawn in the legacy directions; built below without the patch
        patch.setattr(movements, "_balanced_sides", lambda pairs, by_round=False: movements._legacy_sides(pairs + pairs % 2))
        return drawn_and_entered(tmp_path, SLUG, "pairs", event,
                                 {number: list(boards.items()) for number, boards in played.items()})


def standings_of(data: dict) -> list[tuple[int, str, float]]:
    stage = data["stages"][0]
    return [(row["rank"], row["entry"], row["metrics"]["percent" if "percent" in row["metrics"] else "imps"])
            for row in stage["standings"]]


def test_after_round_2_counts_rounds_1_and_2_alone_in_results_json_and_the_pages(tmp_path: Path) -> None:
    site, data = built(make_content(tmp_path))
    stage = data["stages"][0]
    assert (stage["status"], stage["rounds_played"]) == ("in_progress", 2)
    assert standings_of(data) == AFTER_2
    # the counted rounds' tables say what the standings add up: C's board 4 is its A+ of 60 %,
    # not the 100 % its board 5 of round 3 would make it
    round_2 = next(r for r in stage["rounds"] if r["round"] == 2)
    table_1 = next(t for t in round_2["tables"] if t["table"] == 1)
    assert table_1["boards"][0]["ew_percent"] == 60
    # ... and round 3, partly entered, is shown as entered, its 2 of 3 tables
    page = (site / "pairs" / "index.html").read_text(encoding="utf-8")
    assert "Round 3: 2 of 3 tables entered" in page
    assert "after round 2" in page.lower()
    shown = re.findall(r'<tr id="entry-(\w)".*?data-label="Percentage">([\d.]+)<', page, re.S)
    assert shown == [("B", "100.00"), ("F", "75.00"), ("C", "55.00"), ("D", "50.00"), ("A", "40.00"), ("E", "25.00"), ("G", "25.00")]
    printed = subprocess.run(["pdftotext", "-layout", str(site / "bulletins" / "standings-pairs.pdf"), "-"],
                             capture_output=True, check=True, text=True).stdout
    assert "(after round 2)" in printed
    rows = [line.split() for line in printed.splitlines() if re.match(r"\s+\d+=?\s+[A-G]\s", line)]
    assert [(row[0], row[1], row[-1]) for row in rows] == [
        ("1", "B", "100.00"), ("2", "F", "75.00"), ("3", "C", "55.00"), ("4", "D", "50.00"), ("5", "A", "40.00"),
        ("6=", "E", "25.00"), ("6=", "G", "25.00")]


@pytest.mark.parametrize("scoring", ["matchpoints", "imps", "butler"])
def test_the_same_standings_as_with_round_3_not_written_at_all(tmp_path: Path, scoring: str) -> None:
    """The figures above, computed the other way: the event built with rounds 1 and 2 only; and
    so for cross-IMPs and Butler IMPs, whose boards round 3 compares again too."""
    partial = tmp_path / "partial"
    found = [built(make_content(partial, scoring=scoring))[1],
             built(make_content(tmp_path / "alone", rounds=2, scoring=scoring))[1]]
    assert standings_of(found[0]) == standings_of(found[1])
    if scoring == "matchpoints":
        assert standings_of(found[0]) == AFTER_2
    else:  # C: board 4's A+ 3 IMPs; board 5 as of round 2, C's 600 its only result: 0 (not 600 - -100)
        assert dict((entry, figure) for _, entry, figure in standings_of(found[0]))["C"] == 3
    # every table of rounds 1 and 2, board by board, as with round 3 not written
    assert [r for r in found[0]["stages"][0]["rounds"] if r["round"] <= 2] == found[1]["stages"][0]["rounds"]
    if scoring != "matchpoints":
        return
    # a board's page lists every result entered, round 3's too, the board compared as a whole
    # (C's 600 against B's -100: 2 of 2), while the standings count board 5 as of round 2 (1 of 2)
    board_5 = (partial / "output" / "events" / SLUG / "pairs" / "boards" / "5" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'data-label="Round">(\d)<', board_5) == ["1", "3"]
    assert re.findall(r'data-label="NS %">([\d.]+)<', board_5) == ["100.00", "0.00"]


def test_cross_imps_of_a_board_compared_3_times_counted_twice(tmp_path: Path) -> None:
    """After round 3, round 4 partly entered: board 5 has C's 600 and B's -100 counted (C +12
    cross-IMPs, B -12) and A's 630 entered in round 4. Compared as a whole the board gave C
    (12 - 1) / 2 = 5.5; the figure of the counted boards is 12, whatever was worked out first."""
    found = [built(make_content(tmp_path / "partial", rounds=4, scoring="imps", later=True))[1],
             built(make_content(tmp_path / "alone", rounds=3, scoring="imps", later=True))[1]]
    assert found[0]["stages"][0]["rounds_played"] == 3
    assert standings_of(found[0]) == standings_of(found[1])
    round_1 = next(r for r in found[0]["stages"][0]["rounds"] if r["round"] == 1)
    board_5 = next(t for t in round_1["tables"] if t["table"] == 2)["boards"][0]
    assert (board_5["board"], board_5["ns_imps"]) == (5, 12)
    assert [r for r in found[0]["stages"][0]["rounds"] if r["round"] <= 3] == found[1]["stages"][0]["rounds"]


def test_the_desks_standings_and_hall_screen_count_rounds_1_and_2_alone(tmp_path: Path) -> None:
    from generator.desk.app import Desk

    desk = Desk(make_content(tmp_path), SLUG, None, None, build=False)
    (view,) = desk.standings_view()
    assert [(row["id"], row["cells"]) for row in view["rows"]] == [
        ("B", ["100.00"]), ("F", ["75.00"]), ("C", ["55.00"]), ("D", ["50.00"]), ("A", ["40.00"]), ("E", ["25.00"]), ("G", ["25.00"])]
    # the hall's screen shows that view, with the round partly entered said as such
    screen = desk.page("_screen.html").body.decode("utf-8")
    assert re.findall(r'<tr data-entry="(\w)" role="row">.*?<td role="cell" class="num"[^>]*>([\d.]+)</td></tr>', screen) == [
        ("B", "100.00"), ("F", "75.00"), ("C", "55.00"), ("D", "50.00"), ("A", "40.00"), ("E", "25.00"), ("G", "25.00")]
    assert "after round 2" in screen and "Round 3: 2 of 3 tables entered" in screen  # (as the round page says it)


# --- 80分 pairs: the same matchpoints across the field -------------------------------------------

SHENGJI_EVENT = """title: 80fen pairs
game: shengji
entries:
""" + "".join(f"  - {{id: P{n}, players: [p{n}a, p{n}b]}}\n" for n in range(1, 9)) + """stages:
  - id: pairs
    format: pairs
    rounds: 3
    boards: 1
    rank_by: [percent, mp]
"""
# The defenders' (EW's) points on each board. Board 1 travels: round 1 at both tables, round 3
# at table 1; round 3's table 2 is not entered.
SHENGJI_ROUNDS = {
    "r1.yaml": "stage: pairs\nround: 1\ntables:\n  - {table: 1, ns: P1, ew: P5, boards: {1: 85}}\n"
               "  - {table: 2, ns: P2, ew: P6, boards: {1: 40}}\n",
    "r2.yaml": "stage: pairs\nround: 2\ntables:\n  - {table: 1, ns: P3, ew: P7, boards: {2: 60}}\n"
               "  - {table: 2, ns: P4, ew: P8, boards: {2: 60}}\n",
    "r3.yaml": "stage: pairs\nround: 3\ntables:\n  - {table: 1, ns: P3, ew: P8, boards: {1: 100}}\n"
               "  - {table: 2, ns: P4, ew: P7}\n",
}


def shengji_content(tmp_path: Path, rounds: dict[str, str]) -> Path:
    """content/ under `tmp_path`: an English site of SHENGJI_EVENT (sj), its results files
    `rounds` (name -> text)."""
    folder = tmp_path / "content" / "events" / "sj"
    (folder / "results").mkdir(parents=True)
    (tmp_path / "content" / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    (folder / "event.yaml").write_text(SHENGJI_EVENT, encoding="utf-8")
    for name, text in rounds.items():
        (folder / "results" / name).write_text(text, encoding="utf-8")
    return tmp_path / "content"


def test_80fen_pairs_after_round_2_count_rounds_1_and_2_alone(tmp_path: Path) -> None:
    from generator.content.load import load_site
    from generator.errors import Problems
    from generator.tournament.event import run_event

    problems = Problems()
    site = load_site(shengji_content(tmp_path, SHENGJI_ROUNDS), problems)
    assert site is not None and not problems.errors
    (stage,) = run_event(site.events[0], problems).stages
    assert (stage.status, stage.rounds_played) == ("in_progress", 2)
    # After round 2, rounds 1 and 2 alone: board 1 has 2 results, top 2. EW 85 beats 40: P5 2,
    # P6 0; NS the other way: P2 2, P1 0. Board 2: 60 and 60, 1 each of 2 (P3, P4, P7, P8 50 %).
    # With round 3's 100 on board 1 compared in, it had 3 results, top 4: P1 2 (50 %), P5 2
    # (50 %): P1 and P5 both moved, by a round they did not play.
    assert [(s.rank_label, s.entry.id, s.tally.metrics["percent"]) for s in stage.standings] == [
        ("1=", "P2", 100), ("1=", "P5", 100), ("3=", "P3", 50), ("3=", "P4", 50), ("3=", "P7", 50),
        ("3=", "P8", 50), ("7=", "P1", 0), ("7=", "P6", 0)]
    # the board's traveller compares all three results entered (top 4), as the round 3 page does
    (board_1, _) = GAMES_SHENGJI.travellers(stage.stage, stage.rounds)
    assert [(line.round, line.row.ew_mp, line.row.top) for line in board_1.lines] == [(1, 2, 4), (1, 0, 4), (3, 4, 4)]


# --- a barometer: its standings after each round, never after a round partly entered ----------

BAROMETER = EVENT.replace("movement: howell", "movement: barometer")


def test_a_barometers_standings_after_a_round_wait_for_the_round_to_be_complete(tmp_path: Path) -> None:
    from generator.build import validate
    from generator.games.bridge.duplicate import standings_after_rounds

    # round 1 every table (board 1 at each); round 2 its first table only
    content = drawn_and_entered(tmp_path, SLUG, "pairs", BAROMETER,
                                {1: [(1, "4S N ="), (1, "4S N +1"), (1, "4S N -1")], 2: [(2, "3NT S =")]})
    _, found, _ = validate(content)
    stage = found[0].stage_of("pairs")
    assert stage.rounds_played == 1
    assert sorted(standings_after_rounds(stage.stage, stage.rounds)) == [1]
    out = tmp_path / "output"
    build(content, out)
    round_2 = (out / "events" / SLUG / "pairs" / "round-2" / "index.html").read_text(encoding="utf-8")
    assert "Round 2: 1 of 3 tables entered" in round_2
    assert "Standings after round 2" not in round_2
    round_1 = (out / "events" / SLUG / "pairs" / "round-1" / "index.html").read_text(encoding="utf-8")
    assert "Standings after round 1" in round_1


MITCHELL = pairs_event("Mitchell night", {f"P{i}": f"p{i}a, p{i}b" for i in range(1, 9)}, "mitchell", 3, "{scoring}")
# round -> board -> result: 4 tables, one board each; round 2's board 1 a weighted score (P4-P7,
# cross-IMPs 0.5 on the way), round 3 entered at one table alone (board 1 again, P3-P8)
WEIGHTED = {1: {1: "4S N =", 2: "3NT S =", 3: "2H E -1", 4: "1NT N +1"},
            2: {1: "50% 4S N =, 50% 4S N -1", 2: "3NT S -1", 3: "2H E =", 4: "1NT N -1"},
            3: {1: "3S N +1"}}


def make_mitchell(tmp_path: Path, rounds: int, scoring: str) -> Path:
    return drawn_and_entered(tmp_path, SLUG, "pairs", MITCHELL.replace("{scoring}", scoring),
                             {number: list(WEIGHTED[number].items()) for number in range(1, rounds + 1)})


@pytest.mark.parametrize("scoring", ["imps", "butler"])
def test_a_weighted_board_counted_after_round_2_as_with_round_3_not_written(tmp_path: Path, scoring: str) -> None:
    """Board 1 compared with round 3's result gives the weighted row an unrounded cross-IMP
    figure; compared again among rounds 1 and 2 alone it is whole, and the first must not stay
    (it moved P4 1 -> 3.5, P7 0 -> -2.5, P1 -7 -> -6.5)."""
    found = [built(make_mitchell(tmp_path / "partial", 3, scoring))[1],
             built(make_mitchell(tmp_path / "alone", 2, scoring))[1]]
    assert found[0]["stages"][0]["rounds_played"] == 2
    assert standings_of(found[0]) == standings_of(found[1])
    if scoring == "imps":
        figures = {entry: figure for _, entry, figure in standings_of(found[0])}
        assert (figures["P4"], figures["P7"], figures["P1"]) == (1, 0, -7)
    assert [r for r in found[0]["stages"][0]["rounds"] if r["round"] <= 2] == found[1]["stages"][0]["rounds"]


def test_after_round_1_of_a_mitchell_each_board_alone_is_average_not_zero(tmp_path: Path) -> None:
    """After round 1 of a Mitchell every board has one result: nothing to compare it with. A top
    of 0 showed every pair 0 MP, 0.00 % and "1=", read as everyone scoring zero; each board's
    only result is average (MP 1 of top 2, as Neuberg scores it in any larger field), and its
    page says it has only one result so far in place of "top 0"."""
    site, data = built(make_mitchell(tmp_path, 1, "matchpoints"))
    assert data["stages"][0]["rounds_played"] == 1
    assert {(rank, figure) for rank, _, figure in standings_of(data)} == {(1, 50)}  # all tied first
    board = next(t for t in data["stages"][0]["rounds"][0]["tables"] if t["table"] == 1)["boards"][0]
    assert (board["ns_mp"], board["ew_mp"], board["top"], board["ns_percent"]) == (1, 1, 2, 50)
    page = (site / "pairs" / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'data-label="Percentage">([\d.]+)<', page)) == {"50.00"}
    traveller = re.sub(r"<[^>]+>|\s+", " ", (site / "pairs" / "boards" / "1" / "index.html").read_text(encoding="utf-8"))
    assert "only one result so far: average (50 %)" in traveller
    assert "top 0" not in traveller


def test_80fen_after_round_1_each_board_alone_is_average_not_zero(tmp_path: Path) -> None:
    """80分 pairs matchpoint as bridge does (games/common/matchpoints.py), and had the same fault:
    after a round in which every board was played once, each board's top was 0 and every pair
    0.00 %, "1=". A board's only result is average through the same rule as bridge's
    (matchpoints.scored_against), and its traveller says so in place of "top 0"."""
    site, data = built(shengji_content(tmp_path, {"r1.yaml": (
        "stage: pairs\nround: 1\ntables:\n  - {table: 1, ns: P1, ew: P5, boards: {1: 85}}\n"
        "  - {table: 2, ns: P2, ew: P6, boards: {2: 40}}\n  - {table: 3, ns: P3, ew: P7, boards: {3: 60}}\n"
        "  - {table: 4, ns: P4, ew: P8, boards: {4: 0}}\n")}), "sj")
    assert {(rank, figure) for rank, _, figure in standings_of(data)} == {(1, 50)}  # all tied first
    board = data["stages"][0]["rounds"][0]["tables"][0]["boards"][0]
    assert (board["ns_mp"], board["ew_mp"], board["top"]) == (1, 1, 2)
    traveller = re.sub(r"<[^>]+>|\s+", " ", (site / "pairs" / "boards" / "1" / "index.html").read_text(encoding="utf-8"))
    assert "only one result so far: average (50 %)" in traveller
    assert "Top 0" not in traveller and "Top 2" not in traveller


# --- a pair with no board scored: no percentage, not ranked last --------------------------------


def no_boards_mitchell(tmp_path: Path, rounds: int, declared: int = 3, scoring: str = "matchpoints") -> Path:
    """The 8-pair Mitchell, table 1 (P1 v P5) writing np on its board in round 1, the rounds
    after it entered in full; `declared` rounds in the stage (1: the event complete after it)."""
    played = {1: {**WEIGHTED[1], 1: "np"}, 2: {1: "4S N =", 2: "3NT S -1", 3: "2H E =", 4: "1NT N -1"},
              3: {1: "3S N +1", 2: "3NT S =", 3: "2H E +1", 4: "1NT N ="}}
    event = MITCHELL.replace("{scoring}", scoring).replace("rounds: 3", f"rounds: {declared}")
    return drawn_and_entered(tmp_path, SLUG, "pairs", event,
                             {number: list(played[number].items()) for number in range(1, rounds + 1)})


def test_a_pair_with_no_board_scored_has_no_percentage_and_is_not_ranked_last(tmp_path: Path) -> None:
    """Round 1 of the Mitchell, table 1 (P1 v P5) np on its board: P1 and P5 have played no board.
    They showed 0.00 % and "7=", last, read as every board lost: now "—" for rank and
    percentage, said to have sat with no board scored (not "Did not play": they sat), in
    results.json, the stage page, the printed standings and the desk's standings. After round
    2, where they play, they are ranked."""
    from generator.desk.app import Desk
    from generator.build import validate
    from generator.render.bulletins import bulletins_for

    content = no_boards_mitchell(tmp_path, 1)
    site, data = built(content)
    assert data["stages"][0]["rounds_played"] == 1
    assert [(rank, entry, figure) for rank, entry, figure in standings_of(data) if entry in ("P1", "P5")] == [
        (None, "P1", None), (None, "P5", None)]
    assert {(rank, figure) for rank, entry, figure in standings_of(data) if entry not in ("P1", "P5")} == {(1, 50)}
    page = (site / "pairs" / "index.html").read_text(encoding="utf-8")
    rows = {entry: re.sub(r"<[^>]+>|\s+", " ", row).split() for entry, row in
            re.findall(r'<tr id="entry-(\w+)"[^>]*>(.*?)</tr>', page, re.S)}
    assert rows["P1"][0] == "—" and "—" in rows["P1"][1:] and "0.00" not in rows["P1"]
    assert " ".join(rows["P1"]).endswith("Sat, no board scored")
    assert list(rows)[-2:] == ["P1", "P5"]
    # the printed standings, as the page
    _, found, _ = validate(content)
    (standings,) = [b for b in bulletins_for(found[0], "en") if b.name == "standings-pairs"]
    printed = {row[1]: row for row in standings.rows}
    percent = standings.columns.index("Percentage")
    assert (printed["P1"][0], printed["P1"][percent], printed["P1"][-1]) == ("—", "—", "Sat, no board scored")
    assert printed["P2"][percent] == "50.00"
    # the desk's standings (and so the hall screen's)
    desk = Desk(content, SLUG, None, None, build=False)
    (view,) = desk.standings_view()
    cells = {row["id"]: row["cells"] for row in view["rows"]}
    assert (cells["P1"], cells["P5"], cells["P2"]) == (["—"], ["—"], ["50.00"])
    # round 2 played at their tables: ranked on it
    _, data = built(no_boards_mitchell(tmp_path / "later", 2))
    assert all(rank is not None and figure is not None for rank, _, figure in standings_of(data))


def test_a_pair_that_played_no_board_at_all_is_not_ranked_in_the_final_standings(tmp_path: Path) -> None:
    """A one-round event, complete, in which P1 and P5 played nothing (np): the final standings
    keep them, unranked and said to have sat with no board scored (they did sit: not "Did not
    play"), with no percentage and no prize; the others are ranked among themselves, as an
    entry that played no match is."""
    site, data = built(no_boards_mitchell(tmp_path, 1, declared=1))
    assert data["stages"][0]["status"] == "complete"
    found = {entry: (rank, figure) for rank, entry, figure in standings_of(data)}
    assert (found["P1"], found["P5"]) == ((None, None), (None, None))
    assert {found[e] for e in found if e not in ("P1", "P5")} == {(1, 50)}
    page = (site / "pairs" / "index.html").read_text(encoding="utf-8")
    row = re.sub(r"<[^>]+>|\s+", " ", re.search(r'<tr id="entry-P1".*?</tr>', page, re.S).group(0))
    assert row.split()[0] == "—" and "0.00" not in row and "Sat, no board scored" in row


def test_80fen_a_pair_with_no_board_scored_is_not_ranked_last(tmp_path: Path) -> None:
    """80分 pairs rank by the same percentage: table 3's board not played (np) left P3 and P7
    ranked "5=" on 0.00 %, below every pair that played; they are not ranked, with no percentage."""
    site, data = built(shengji_content(tmp_path, {"r1.yaml": (
        "stage: pairs\nround: 1\ntables:\n  - {table: 1, ns: P1, ew: P5, boards: {1: 85}}\n"
        "  - {table: 2, ns: P2, ew: P6, boards: {2: 40}}\n  - {table: 3, ns: P3, ew: P7, boards: {3: np}}\n"
        "  - {table: 4, ns: P4, ew: P8, boards: {4: 0}}\n")}), "sj")
    found = {entry: (rank, figure) for rank, entry, figure in standings_of(data)}
    assert (found.pop("P3"), found.pop("P7")) == ((None, None), (None, None))
    assert set(found.values()) == {(1, 50)}
    page = (site / "pairs" / "index.html").read_text(encoding="utf-8")
    row = re.sub(r"<[^>]+>|\s+", " ", re.search(r'<tr id="entry-P3".*?</tr>', page, re.S).group(0))
    assert row.split()[0] == "—" and "0.00" not in row and "Sat, no board scored" in row


def test_an_entrys_round_with_every_board_np_shows_dashes_not_zeros(tmp_path: Path) -> None:
    """P1 and P5's round 1 (table 1, board 1 np) said "Played 0.00 0.00" on their pages, its
    board "Not played 0.00" so far: "—", as a sit-out's round is, since nothing was scored.
    Round 2 then has real figures, a real 0 kept: P1 NS -100 on board 2 against P2's 600, 0 of
    top 2 (0.00 %); P5 EW +110 on board 3 against P7's -100, 2 of 2 (100.00 %)."""
    site, _ = built(no_boards_mitchell(tmp_path, 2))
    entries = site / "entries"

    def said(entry: str) -> str:
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (entries / entry / "index.html").read_text(encoding="utf-8")))

    p1, p5 = said("P1"), said("P5")
    assert "Round 1 Table 1 P5 p5a / p5b Played — — Round 2 Table 1 P8 p8a / p8b Played 0.00 0.00 " in p1
    assert "Round 1 Table 1 P1 p1a / p1b Played — — Round 2 Table 2 P2 p2a / p2b Played 100.00 100.00 " in p5
    # the round's own table: the board np, nothing so far, no total and no top ("Total · top 0 — —")
    assert "1 N None Not played — " in p1 and "top 0" not in p1
    assert "0.00" not in p1.split("Round 1 · Table 1")[1].split("Round 2 · Table 1")[0]


@pytest.mark.parametrize("scoring", ["imps", "butler"])
def test_imps_an_entrys_round_with_every_board_np_shows_dashes_then_its_imps(tmp_path: Path, scoring: str) -> None:
    """The same Mitchell by IMPs: P1's round 1 "Played — —" (it said 0 0, and the pair was ranked
    "1=" on 0 IMPs); round 2, board 2, P1 NS -100 against P2's 600: 700 apart, 12 IMPs cross
    (Butler: the datum 250, -350, 8 IMPs): -12 (-8), and so far the same, ranked last of 8."""
    site, data = built(no_boards_mitchell(tmp_path, 2, scoring=scoring))
    lost = 12 if scoring == "imps" else 8
    p1 = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (site / "entries" / "P1" / "index.html").read_text(encoding="utf-8")))
    assert f"Round 1 Table 1 P5 p5a / p5b Played — — Round 2 Table 1 P8 p8a / p8b Played -{lost} -{lost} " in p1
    assert standings_of(data)[-1] == (8, "P1", -lost)
