"""Board numbers 1 to rounds x boards in any round of a stage (content-format.md, "Board
numbers"): team events number boards on through the rounds (round 2 of 2-board rounds plays 3-4);
a missing board is one of the round's; a number past rounds x boards is refused; 80分's board
table repeats over them."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from generator.games.common.boards import board_block
from generator.games.shengji import RULES as SHENGJI

EVENT = """title: t
game: bridge
date: 2024-05-01
entries:
  - {id: A, players: [a1, a2]}
  - {id: B, players: [b1, b2]}
stages:
  - id: main
    name: main
    format: matches
    rounds: 2
    boards: 2
"""


def _check(tmp_path: Path, round_2: str):
    content = tmp_path / "content"
    (content / "events/e/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\n", encoding="utf-8")
    (content / "events/e/event.yaml").write_text(EVENT, encoding="utf-8")
    (content / "events/e/results/r1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, ns: A, ew: B, boards: {1: 4S N =, 2: pass}}\n", encoding="utf-8")
    (content / "events/e/results/r2.yaml").write_text(
        f"stage: main\nround: 2\ntables:\n  - {{table: 1, ns: B, ew: A, boards: {round_2}}}\n", encoding="utf-8")
    return validate(content)


def test_round_two_plays_boards_three_and_four(tmp_path):
    _, results, warnings = _check(tmp_path, "{3: 3NT N =, 4: pass}")
    assert not warnings
    rows = results[0].stage_of("main").rounds[1].tables[0].view.rows
    assert [(r.board, r.dealer, r.vulnerability) for r in rows] == [(3, "S", "EW"), (4, "W", "Both")]


def test_a_missing_board_is_one_of_the_rounds(tmp_path):
    _, _, warnings = _check(tmp_path, "{3: 3NT N =}")
    assert [(w.code, w.params["missing"]) for w in warnings] == [("boards-missing", [4])]


def test_past_rounds_times_boards_is_refused(tmp_path):
    with pytest.raises(ContentErrors) as failure:
        _check(tmp_path, "{5: 3NT N =, 4: pass}")
    assert [(p.code, p.params["boards"]) for p in failure.value.problems if not p.warning] == [("board-number-range", 4)]


def test_board_block():
    assert list(board_block({9, 10}, 8)) == list(range(9, 17)) and list(board_block({1}, 8)) == list(range(1, 9))


def test_80fen_board_table_repeats_over_the_numbers():
    table = SHENGJI.board_table(SHENGJI.default_stage())
    assert table.row(17) == table.row(1) and table.row(40) == table.row(8)


def test_a_stage_saying_no_boards_holds_a_table_to_the_game_default(tmp_path):
    # No `boards:`: a total-points table is held to bridge's default 8 a match, numbered on
    # through the rounds (common.boards.match_board_count, as a teams match and the desk's form
    # are): round 1 writing 1-6 misses 7 and 8, round 2 writing 9-14 misses 15 and 16. Only
    # `boards: 2` made either short before.
    content = tmp_path / "content"
    (content / "events/e/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\n", encoding="utf-8")
    (content / "events/e/event.yaml").write_text(EVENT.replace("    boards: 2\n", ""), encoding="utf-8")
    for number, first in ((1, 1), (2, 9)):
        boards = ", ".join(f"{n}: pass" for n in range(first, first + 6))
        (content / f"events/e/results/r{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n  - {{table: 1, ns: A, ew: B, boards: {{{boards}}}}}\n",
            encoding="utf-8")
    _, _, warnings = validate(content)
    assert [(w.code, w.params["missing"]) for w in warnings] == [("boards-missing", [7, 8]), ("boards-missing", [15, 16])]
    # A table numbering its own boards past the default's (1-12 in round 1) is held to none.
    (content / "events/e/results/r2.yaml").unlink()
    (content / "events/e/results/r1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, ns: A, ew: B, boards: {"
        + ", ".join(f"{n}: pass" for n in range(1, 13)) + "}}\n", encoding="utf-8")
    assert not [w for w in validate(content)[2] if w.code == "boards-missing"]
