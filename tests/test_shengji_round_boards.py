"""The boards an 80分 team round plays, the same on paper as at the desk (content-format.md
"Board numbers": a round may play any boards 1 to rounds x boards, team events often numbering
them on through the rounds). The desk offered round 3 of 8-board rounds 17-24 after a round 2 on
9-16, while the round's printed score sheets and hand cards said 1-8 and its draw notice named no
boards: the secretary's sheets and the desk's form disagreed on which boards were played. Both
now read one rule (pairing.match_boards); a stage dealing its boards afresh keeps 1-8 throughout.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator import cli
from tests.test_desk_records import SLUG, Secretary, desk_of, make  # noqa: F401 - desk_of is a fixture
from tests.test_forms import pdf_text

STAGE = "format: swiss\nrounds: 3\nboards: 8\n"


def played(boards: range) -> str:
    return "    boards:\n" + "".join(f"      {n}: {{open: 85, closed: 40}}\n" for n in boards)


def match(table: int, home: str, away: str, boards: range | None = None) -> str:
    return f"  - table: {table}\n    home: {home}\n    away: {away}\n" + (played(boards) if boards else "")


def event(tmp_path: Path, second: range, third: bool = True) -> Path:
    """Four teams: round 1 written on 1-8, round 2 on `second`, round 3 drawn and not played
    (or not drawn yet: `third` False)."""
    root = make(tmp_path, STAGE, match(1, "H01", "H02", range(1, 9)) + match(2, "H03", "H04", range(1, 9)),
                game="shengji", prefix="H", players=4)
    folder = root / "events" / SLUG / "results"
    (folder / "round-2.yaml").write_text(
        "stage: main\nround: 2\ntables:\n" + match(1, "H01", "H03", second) + match(2, "H02", "H04", second),
        encoding="utf-8")
    if third:
        (folder / "round-3.yaml").write_text(
            "stage: main\nround: 3\ntables:\n" + match(1, "H01", "H04") + match(2, "H02", "H03"), encoding="utf-8")
    return root


def on_paper(tmp_path: Path, root: Path) -> tuple[list[list[int]], list[int], str]:
    """Round 3 as `paibang print` prints it: the boards each match's score sheet lists (a page
    a match), the boards of the hand cards, and the draw notice's text."""
    out = tmp_path / "forms"
    assert cli.main(["print", SLUG, "main", "--round", "3", "--content", str(root), "--output", str(out)]) == 0
    sheets = [[int(n) for n in re.findall(r"^\s*(\d+)\s+[北东南西]\d", pdf_text(out / "scoresheet-main-round-3.pdf", page),
                                          re.M)]
              for page in (1, 2)]
    cards = sorted({int(n) for n in re.findall(r"牌号 (\d+)", pdf_text(out / "handcards-main-round-3.pdf"))})
    return sheets, cards, "".join(pdf_text(out / "draw-main-round-3.pdf").split())


def at_the_desk(running, key: str) -> list[int]:  # noqa: ANN001
    page = Secretary(running).page(key)
    return sorted({int(n) for n in re.findall(r'name="b(\d+)_open"', page)})


def test_round_3_after_a_round_on_9_16_plays_17_24_on_paper_and_at_the_desk(tmp_path: Path, desk_of) -> None:  # noqa: F811
    root = event(tmp_path, range(9, 17))
    sheets, cards, notice = on_paper(tmp_path, root)
    boards = list(range(17, 25))
    assert sheets == [boards, boards]
    assert cards == boards  # (each with board 17's declarer and level: the table repeats every 16)
    assert "本轮打第17–24副" in notice, notice
    running = desk_of(root)
    assert at_the_desk(running, "main/3/1") == boards and at_the_desk(running, "main/3/2") == boards


def test_rounds_dealt_afresh_keep_1_8_on_paper_and_at_the_desk(tmp_path: Path, desk_of) -> None:  # noqa: F811
    root = event(tmp_path, range(1, 9))
    sheets, cards, notice = on_paper(tmp_path, root)
    boards = list(range(1, 9))
    assert sheets == [boards, boards] and cards == boards
    assert "本轮打第1–8副" in notice, notice  # (it named no boards: the desk's rule had none to give)
    running = desk_of(root)
    assert at_the_desk(running, "main/3/1") == boards and at_the_desk(running, "main/3/2") == boards


def test_pairs_example_names_the_rounds_first_board(tmp_path: Path) -> None:
    """`paibang pair`'s commented example under each match of round 3 starts at its first board,
    17 (it wrote `1:` in every round), the line the desk's form replaces when the match is saved."""
    root = event(tmp_path, range(9, 17), third=False)
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0
    written = (root / "events" / SLUG / "results" / "round-3.yaml").read_text(encoding="utf-8")
    assert written.count("#   17: {open: 85, closed: 40}") == 2 and "#   1: {" not in written, written
