"""Withdrawals (event-day.md, "Withdrawal"): what follows from an entry's `withdrawn: N` besides
`pair` not drawing it — the checks that stay quiet about what a withdrawal makes (boards its
table does not play), the ranking that keeps it, marked 退赛, and the tables nobody plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from tests.support import demo_content

PAIRS = {"bridge": ("qiaoyou-club-pairs-2024", "bridge-board-short", 8, 9),
         "shengji": ("hefei-80fen-pairs-2012", "shengji-board-short", 6, 7)}


def withdraw(folder: Path, entry: str, since: int | str) -> None:
    """`withdrawn: since` written on `entry` in event.yaml (a flow map or a block entry)."""
    event = folder / "event.yaml"
    text = event.read_text(encoding="utf-8")
    changed = text.replace(f"{{id: {entry},", f"{{id: {entry}, withdrawn: {since},")
    changed = changed.replace(f"  - id: {entry}\n", f"  - id: {entry}\n    withdrawn: {since}\n")
    assert changed != text
    event.write_text(changed, encoding="utf-8")


def unplay(folder: Path, entry: str, rounds: range) -> None:
    """The boards of `entry`'s table deleted in `rounds`: the table left as drawn (ns, ew)."""
    for number in rounds:
        path = folder / "results" / f"round-{number}.yaml"
        table = rf"(    ns: {entry}\n    ew: P\d+\n)    boards:\n(?:      .*\n)+"
        text, count = re.subn(table, r"\1", path.read_text(encoding="utf-8"))
        assert count == 1
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("game", PAIRS)
def test_boards_a_withdrawn_pairs_table_does_not_play_are_not_short(tmp_path: Path, game: str) -> None:
    """P03 (NS, table 3) withdraws before the last two rounds of a Mitchell: its table plays no
    board there, so those boards have a result fewer than the others. That is what a withdrawal
    is, not a table left out: no board-short warning (it was one a board, 6 for bridge). A board
    left out at another table still warns, and only that one."""
    slug, code, since, last = PAIRS[game]
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    withdraw(folder, "P03", since)
    unplay(folder, "P03", range(since, last + 1))
    _, results, warnings = validate(content)
    assert results[0].stages[0].status == "complete"
    assert [w.code for w in warnings if w.code == code] == []
    # Table 5 of round 2 leaves its first board out: that board is short, a withdrawal or not.
    path = folder / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    table = re.search(r"  - table: 5\n    ns: P05\n    ew: P\d+\n    boards:\n      (\d+): .*\n", text)
    path.write_text(text.replace(table[0], table[0].replace(re.search(r"      \d+: .*\n", table[0])[0], "")),
                    encoding="utf-8")
    _, _, warnings = validate(content)
    assert [(w.code, w.params["board"]) for w in warnings if w.code == code] == [(code, int(table[1]))]
