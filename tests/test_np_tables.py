"""Bridge pairs tables and rounds where boards were not played (np), and a round's columns of
figures, as the pages show them: no "top 0" where nothing was scored, a pair that sat at np
boards only not said to have not played, and a round's MP said one way at every table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.tournament.movements import mitchell
from tests.support import mitchell_event

# A 3-table Mitchell of 6 pairs (A01-A03 NS, A04-A06 EW), one board a round, 3 rounds: each
# board is played 3 times. Board 1's second table wrote np: it is Neuberg-factored from 2
# results to 3 (MP 2 -> (2 + 1) x 3/2 - 1 = 3.50, MP 0 -> 0.50); boards 2 and 3 whole.
FACTORED = {1: ["4S N =", "np", "3NT N -1"], 2: ["1NT E =", "1NT E =", "2H W -1"],
            3: ["3NT S =", "3NT S +1", "pass"]}


def one_board_rounds(folder: Path, scores: dict[int, list[str]], rounds: int = 3) -> None:
    played: dict[int, int] = {}
    for number in range(1, rounds + 1):
        lines = ["stage: mitchell", f"round: {number}", "tables:"]
        for seat in (s for s in mitchell(3, per_round=1) if s.round == number):
            board = seat.boards[0]
            record = scores[board][played.get(board, 0)]
            played[board] = played.get(board, 0) + 1
            lines += [f"  - table: {seat.table}", f"    ns: A0{seat.ns}", f"    ew: A0{seat.ew + 3}",
                      f"    boards: {{{board}: {record}}}"]
        (folder / "results" / f"round-{number}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def event(content: Path, slug: str, scores: dict[int, list[str]], rounds: int = 3, scoring: str = "matchpoints") -> None:
    folder = content / "events" / slug
    (folder / "results").mkdir(parents=True)
    text = mitchell_event(6, rounds, 1).replace("scoring: matchpoints", f"scoring: {scoring}")
    (folder / "event.yaml").write_text(text, encoding="utf-8")
    one_board_rounds(folder, scores, rounds)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("np")
    content = root / "content"
    content.mkdir()
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    event(content, "factored", FACTORED)
    # board 1 np at every table: its traveller and round 1's table 1 have nothing scored
    event(content, "board-np", {**FACTORED, 1: ["np", "np", "np"]})
    # one round: A01 and A04 sat at table 1, whose board was np (IMP pairs and matchpoints)
    for scoring in ("imps", "matchpoints"):
        event(content, f"sat-{scoring}", {1: ["np"], 2: ["1NT E ="], 3: ["3NT S ="]}, rounds=1, scoring=scoring)
    assert main(["build", "--content", str(content), "--output", str(root / "out"), "--quiet", "--no-pdf"]) == 0
    return root / "out" / "events"


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_board_np_at_every_table_has_no_top_on_its_traveller(site: Path) -> None:
    caption = re.search(r'<p class="meta">Dealer.*?</p>', page(site, "board-np/mitchell/boards/1"), re.S)
    assert caption and "top" not in caption.group(0), caption
    played = re.search(r'<p class="meta">Dealer.*?</p>', page(site, "board-np/mitchell/boards/2"), re.S)
    assert played and "top 4" in played.group(0)  # a board played keeps its top


def test_a_table_of_np_boards_only_has_no_total_and_no_top(site: Path) -> None:
    """Round 1's table 1 (board 1, np): its footer said "Total · top 0" over dashes."""
    for path in ("board-np/mitchell/round-1", "board-np/entries/A01"):
        html = page(site, path)
        assert "top 0" not in text_of(html), path
    round_1 = page(site, "board-np/mitchell/round-1")
    tables = re.findall(r'<section class="table-result".*?</section>', round_1, re.S)
    assert len(tables) == 3 and "<tfoot" not in tables[0] and all("<tfoot" in t for t in tables[1:])
    assert "Total · top 4" in text_of(tables[1])


@pytest.mark.parametrize("scoring", ["imps", "matchpoints"])
def test_a_pair_that_sat_at_np_boards_only_is_not_said_to_have_not_played(site: Path, scoring: str) -> None:
    """A01 and A04 sat at table 1, its board np: not ranked (no figure), but they did sit."""
    for path in (f"sat-{scoring}/mitchell", f"sat-{scoring}/entries/A01"):
        said = text_of(page(site, path))
        assert "Did not play" not in said and "Sat, no board scored" in said, path
    rows = [text_of(row) for row in re.findall(r"<tr.*?</tr>", page(site, f"sat-{scoring}/mitchell"), re.S)]
    assert any(row.startswith("— A04") and row.endswith("Sat, no board scored") for row in rows), rows


def test_a_rounds_figures_are_said_one_way_at_every_table(site: Path) -> None:
    """Round 1: table 1's factored board (3.50 / 0.50) beside tables 2 and 3's whole MP: every
    MP of the round, boards and totals, to two places (they read "1" under "3.50"); round 2,
    whole at every table, stays whole."""
    def figures(path: str) -> list[str]:
        return re.findall(r'data-label="(?:NS|EW) MP">([^<]*)<', page(site, path))

    round_1 = figures("factored/mitchell/round-1")
    assert round_1 == ["3.50", "0.50", "3.50", "0.50", "1.00", "3.00", "1.00", "3.00", "2.00", "2.00", "2.00", "2.00"]
    round_3 = figures("factored/mitchell/round-3")
    assert "0.50" in round_3 and all(re.fullmatch(r"\d+\.\d\d", f) for f in round_3), round_3
    round_2 = figures("factored/mitchell/round-2")
    assert round_2 and all(re.fullmatch(r"\d+", f) for f in round_2 if f), round_2


def player_row(out: Path, name: str, slug: str) -> str:
    """The row of event `slug` on the player page of `name` (p1a: A01's first player), as text."""
    for path in (out / "players").glob("*/index.html"):
        html = path.read_text(encoding="utf-8")
        if re.search(rf"<h1>{name}</h1>", html):
            rows = [row for row in re.findall(r'<tr role="row">.*?</tr>', html, re.S) if f"events/{slug}/" in row]
            assert len(rows) == 1, rows
            return text_of(rows[0])
    raise AssertionError(f"no page for {name}")


@pytest.mark.parametrize("scoring", ["imps", "matchpoints"])
def test_a_players_page_says_their_pair_sat_as_its_entry_page_does(site: Path, scoring: str) -> None:
    """p1a's pair A01 sat at table 1, its board np: the player's row said "Did not play" where
    the entry page says "Sat, no board scored". (The row is made of what placings_digest keeps
    player pages by, summary._shown_standing: the flag is in it, so a pair coming to have sat
    makes its players' pages again.)"""
    assert player_row(site.parent, "p1a", f"sat-{scoring}").endswith("A01 p1b Mitchell Sat, no board scored")
    assert "Sat, no board scored" in text_of(page(site, f"sat-{scoring}/entries/A01"))



def test_a_table_written_with_no_boards_is_not_entered_yet_on_every_page(tmp_path: Path) -> None:
    """Round 3's table 1 (A01 v A05) written `boards: {}`: the table sat, no board is written yet.
    In the event in progress that is a table not entered yet (the round's page: 2 of 3 tables
    entered), not one to be played, nor one that did not play or sat with nothing scored: the
    entry pages say "Not entered yet"; the standings (after round 2) and the players' pages
    place A01 alike. Round 3's table 2, its boards key left out as pair leaves it, is still to
    be played."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    event(content, "unentered", FACTORED)
    path = content / "events" / "unentered" / "results" / "round-3.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("    boards: {3: pass}\n") == 1 and text.count("    boards: {1: 3NT N -1}\n") == 1
    path.write_text(text.replace("    boards: {3: pass}\n", "    boards: {}\n")
                    .replace("    boards: {1: 3NT N -1}\n", ""), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet", "--no-pdf"]) == 0
    site = out / "events"
    assert "Round 3: 1 of 3 tables entered" in text_of(page(site, "unentered/mitchell"))
    sat = re.search(r"ns: (A0\d)\n    ew: (A0\d)\n    boards: \{\}", path.read_text(encoding="utf-8"))
    assert sat is not None
    for entry in sat.groups():
        said = text_of(page(site, f"unentered/entries/{entry}"))
        assert re.search(r"Round 3 Table 1 A0\d p\da / p\db Not entered yet — —", said), said
        for wrong in ("To be played", "Did not play", "Sat, no board scored", "not yet in the standings"):
            assert wrong not in said, (entry, wrong)
    rows = {row.split()[1]: row for row in (text_of(r) for r in re.findall(r"<tr.*?</tr>", page(site, "unentered/mitchell"), re.S))
            if re.fullmatch(r"\d+=? A0\d p\da / p\db \d+\.\d\d", row)}  # (the standings' rows, not the movement's)
    ns = sat.group(1)
    place, percent = rows[ns].split()[0], rows[ns].split()[-1]
    player = player_row(out, f"p{ns[-1]}a", "unentered")
    assert player.endswith(f"Mitchell {place} · Percentage {percent} · after round 2"), (player, rows[ns])
    pending = text_of(page(site, "unentered/entries/A02"))
    assert re.search(r"Round 3 Table 2 A0\d p\da / p\db To be played", pending) and "Not entered yet" not in pending
