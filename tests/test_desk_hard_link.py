"""A save into a round's file that has a second name, a hard link (`ln`, `cp -l`: a round shared
by two events so), rev96 D4. The desk's write replaces the file by a rename (a reader sees the
old text or the new, a power cut keeps what was said saved), which split the two names unsaid:
the other kept the old results. Held now, said with the fixes (the other name a symbolic link,
which the desk saves through; or this file a copy of its own), nothing written; it lands once
the file has one name."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.test_desk import Running, audit_lines, content, drawn, post, round4, running  # noqa: F401 - (fixtures)


def test_a_save_into_a_hard_linked_round_file_is_held_and_said_not_split(  # noqa: F811
        running: Running, content: Path, tmp_path: Path, capfd) -> None:  # noqa: F811, ANN001
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    other = tmp_path / "round-4-of-the-other-event.yaml"
    os.link(path, other)
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    said = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split("<main>")[-1]))
    assert status == 503 and 'value="A"' in html, said[:400]  # held, what was typed kept
    assert "round-4.yaml \u6709 2 \u4e2a\u6587\u4ef6\u540d" in said, said[:600]  # "has 2 names"
    terminal = capfd.readouterr().err  # (the secretary's terminal: what, and the fixes)
    assert "[desk-results-hard-linked]" in terminal and "ln -sf" in terminal and "mv round-4.yaml.new" in terminal, terminal
    # nothing written: one file still, under both names, and no audit line
    assert path.read_text(encoding="utf-8") == text == other.read_text(encoding="utf-8")
    assert os.stat(path).st_ino == os.stat(other).st_ino
    assert not audit_lines(content)
    held = running.desk.tokens.held("main/4/2")
    assert held is not None and "[desk-results-hard-linked]" in held["problem"], held
    other.unlink()  # the fix for a name not wanted: one name left
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, re.sub(r"<[^>]+>", " ", html.split("<main>")[-1])[:400]
    assert re.search(r"levels: \{T04: A, T06: 5\}", path.read_text(encoding="utf-8"))
    assert [line["table"] for line in audit_lines(content)] == [2]
