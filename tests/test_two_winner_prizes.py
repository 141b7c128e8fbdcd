"""A two-winner Mitchell (`field: directions`) over: its prize list and the archive's card name
each winner with its direction, NS and EW each ranked from 1."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from generator.build import build
from tests.support import drawn_and_entered, mitchell_event

SLUG = "club-mitchell"
EVENT = mitchell_event(6, 3, 1, "    prizes:\n      - {name: First, count: 1}\n")
# round -> board -> result: NS pair 1 (A01) and EW pair 1 (A04) win their directions
RESULTS = {1: {1: "4S N +1", 2: "4S N =", 3: "4S N ="},
           2: {2: "4S N =", 3: "4S N -1", 1: "4S N ="},
           3: {3: "4S N +1", 1: "4S N =", 2: "4S N -1"}}


def test_a_two_winner_sessions_prizes_and_archive_name_each_winners_direction(tmp_path: Path) -> None:
    """The prize list read "First 1 A01" and "First 1 A04", two firsts of one place, and the
    archive "Winners: p1a / p1b, p4a / p4b": each said now with its direction."""
    content = drawn_and_entered(tmp_path, SLUG, "mitchell", EVENT,
                                {number: list(boards.items()) for number, boards in RESULTS.items()}, title="Club")
    out = tmp_path / "output"
    build(content, out)
    printed = subprocess.run(["pdftotext", "-layout", str(out / "events" / SLUG / "bulletins" / "prizes.pdf"), "-"],
                             capture_output=True, check=True, text=True).stdout
    rows = [line.split() for line in printed.splitlines() if line.startswith("First")]
    assert [row[:4] for row in rows] == [["First", "NS", "1", "A01"], ["First", "EW", "1", "A04"]]
    card = re.search(r'<p class="winners">(.*?)</p>', (out / "index.html").read_text(encoding="utf-8"))
    assert card is not None
    assert re.sub(r"<[^>]+>", "", card[1]) == "Winners: NS p1a / p1b, EW p4a / p4b"
