"""A team stage saying no `boards` whose matches are longer than the game's default 8, its boards
numbered on through the rounds (content-format.md: "round 2 plays 9-16 … The same holds for 80分,
whose board table repeats every 16"): the next round's score sheet and the desk's form follow on
in blocks of the matches' length, for 80分 as for bridge, and from a round half entered as from a
whole one (rev65).

80分 after a round 1 on 1-12 was offered 1-8 (boards its teams had just played, levels 2-9 where
13-24 play K, Q, A …); a round half entered (13-16 of 13-24 in) was taken for round 2's block of
8, its form offering 9-16, and the round after it was offered no block (bridge) or 1-8 (80分).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.tournament.pairing import round_boards
from tests.test_desk import post
from tests.test_desk_records import Secretary, desk_of, make, results  # noqa: F401 - desk_of is a fixture

# (game, the entries' prefix, a board as the file writes it, what a table types for a board's rooms)
GAMES = [("shengji", "H", "{open: 85, closed: 40}", {"open": "85", "closed": "40"}),
         ("bridge", "T", "{open: 3NT N =, closed: 3NT S -1}", {"open": "4S N =", "closed": "4S N -1"})]
STAGE = {"shengji": "format: swiss\nrounds: 3\n", "bridge": "format: swiss\nrounds: 3\nscoring: imps\n"}
# each round's two tables (home, away): no team meets another twice
SIDES = [(("01", "02"), ("03", "04")), (("01", "03"), ("02", "04")), (("01", "04"), ("02", "03"))]


def stage_of(tmp_path: Path, game: str, prefix: str, board: str, rounds: list[tuple[range, range]]) -> Path:
    """content/ with a Swiss of 4 teams saying no `boards`, rounds 1..len(rounds) written with
    each table's boards (an empty range: none written yet), the next round drawn with none."""
    def tables(number: int, boards: tuple[range, range] = (range(0), range(0))) -> str:
        text = ""
        for table, ((home, away), written) in enumerate(zip(SIDES[number - 1], boards, strict=True), start=1):
            text += f"  - table: {table}\n    home: {prefix}{home}\n    away: {prefix}{away}\n"
            if written:
                text += "    boards:\n" + "".join(f"      {n}: {board}\n" for n in written)
        return text

    root = make(tmp_path, STAGE[game], tables(1, rounds[0]), game=game, prefix=prefix, players=4)
    for number in range(2, len(rounds) + 2):
        text = tables(number, rounds[number - 1]) if number <= len(rounds) else tables(number)
        results(root).with_name(f"round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n{text}", encoding="utf-8")
    return root


def drawn(root: Path, number: int) -> dict[int, tuple[int, ...]]:
    """Round `number`'s boards as its draw notice and score sheets list them (pairing.round_boards)."""
    _, found, _ = validate(root)
    [stage] = found[0].stages
    [round_] = [r for r in stage.rounds if r.number == number]
    return round_boards(found[0].event, stage, round_)


def offered(page: str) -> list[int]:
    return sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_open"', page)))


WHOLE, NONE = range(1, 13), range(0)


@pytest.mark.parametrize(("game", "prefix", "board", "typed"), GAMES)
def test_round_2_after_a_round_of_12_boards_follows_on_13_to_24(tmp_path: Path, desk_of, game: str, prefix: str,  # noqa: F811
                                                                board: str, typed: dict[str, str]) -> None:
    """Round 1 half entered, table 1 on 1-12 and table 2 not yet: round 2 plays 13-24, on its sheets
    and on the table's form, and the table's save of them is the match, `check` passing."""
    root = stage_of(tmp_path, game, prefix, board, [(WHOLE, NONE)])
    assert drawn(root, 2) == {1: tuple(range(13, 25)), 2: tuple(range(13, 25))}
    running = desk_of(root)
    assert offered(Secretary(running).page("main/2/1")) == list(range(13, 25))
    fields = {f"b{n}_{room}": result for n in range(13, 25) for room, result in typed.items()}
    status, page = post(running, "main/2/1", "save", **fields)
    assert status == 200 and 'id="saved"' in page, page
    written = results(root).with_name("round-2.yaml").read_text(encoding="utf-8")
    assert "      13: " in written and "      24: " in written and "      1: " not in written
    validate(root)  # (raises on an error: no board played twice, none past the stage's)


@pytest.mark.parametrize(("game", "prefix", "board", "typed"), GAMES)
def test_a_round_half_entered_on_13_to_16_is_13_to_24_and_the_next_25_to_36(
        tmp_path: Path, desk_of, game: str, prefix: str, board: str, typed: dict[str, str]) -> None:  # noqa: F811
    """Round 1 on 1-12, round 2 begun on 13-16 at table 1 (its first results in): round 2 is
    13-24 at both its tables, not round 2's block of 8 (9-16: 9-12 played in round 1), and round
    3, drawn already, 25-36, not none (bridge) nor 1-8 (80分)."""
    root = stage_of(tmp_path, game, prefix, board, [(WHOLE, WHOLE), (range(13, 17), NONE)])
    assert drawn(root, 2) == {1: tuple(range(13, 25)), 2: tuple(range(13, 25))}
    assert drawn(root, 3) == {1: tuple(range(25, 37)), 2: tuple(range(25, 37))}
    running = desk_of(root)
    secretary = Secretary(running)
    assert offered(secretary.page("main/2/1")) == list(range(13, 25))
    assert offered(secretary.page("main/2/2")) == list(range(13, 25))
    assert offered(secretary.page("main/3/1")) == list(range(25, 37))


def test_an_80fen_stage_dealing_1_to_12_afresh_is_offered_1_to_12(tmp_path: Path) -> None:
    """80分 deals a board number again where a club deals its boards afresh each round (no team
    board-twice rule, Game.boards_repeat): rounds 1 and 2 on 1-12, round 3 is 1-12 too, not
    1-8 (boards 9-12 left off the sheet) nor 25-36."""
    root = stage_of(tmp_path, "shengji", "H", "{open: 85, closed: 40}", [(WHOLE, WHOLE), (WHOLE, WHOLE)])
    assert drawn(root, 3) == {1: tuple(range(1, 13)), 2: tuple(range(1, 13))}


def test_a_round_1_numbered_otherwise_leaves_an_80fen_round_2_its_files(tmp_path: Path) -> None:
    """Round 1 on 1-10 and 12 (a board left out, or numbered its own way): nothing says round 2's
    boards, as for bridge (test_desk_default_boards), not 1-8."""
    root = stage_of(tmp_path, "shengji", "H", "{open: 85, closed: 40}",
                    [([*range(1, 11), 12], [*range(1, 11), 12])])  # type: ignore[list-item]
    assert drawn(root, 2) == {}
