"""A save into a round's file that is a link to another file of content/ (read as that file,
its edits seen: README, content/files.py): the save's new text was put in place over the link,
so the round's file became a file of its own and the linked file went without the result, and
without a word (h-desk34). Written into the linked file now, the link kept."""

from __future__ import annotations

import os
from pathlib import Path

from tests.test_desk import SLUG, audit_lines, content, drawn, post, round4, start  # noqa: F401 - (fixtures)


def test_a_save_into_a_linked_round_file_lands_in_the_file_it_links_to(content: Path) -> None:  # noqa: F811
    path = round4(content)
    shared = content / "shared" / "round-4.yaml"
    shared.parent.mkdir()
    os.replace(path, shared)
    os.symlink(os.path.relpath(shared, path.parent), path)
    running = start(content)
    try:
        for table, levels in ((2, "{T04: A, T06: 5}"), (3, "{T21: A, T13: 5}")):
            status, html = post(running, f"main/4/{table}", "save", level_a="A", level_b="5")
            assert status == 200 and 'id="saved"' in html
            assert path.is_symlink() and path.resolve() == shared.resolve()
            assert f"levels: {levels}" in shared.read_text(encoding="utf-8")
    finally:
        running.stop()
    assert [line["table"] for line in audit_lines(content)] == [2, 3]
