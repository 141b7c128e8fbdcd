"""A named pipe or a folder where the desk writes (events/<slug>/desk-audit.jsonl,
.paibang-desk/<content>/write.lock), put there while the desk runs: the save answered HTTP 500 with a
traceback and what the table typed was lost (os.open raised ENXIO or EISDIR, which the desk's
writer did not take for an unsafe desk file). The save is held, said why, kept for the table;
once the file is mended it saves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.desk.store import AUDIT_NAME, write_lock
from generator.seals import NotOwnFile, open_own
from tests.test_desk import SLUG, Running, audit_lines, content, drawn, post, round4, running  # noqa: F401 - (fixtures)


@pytest.mark.parametrize("planted", ["audit-pipe", "audit-folder", "lock-pipe", "lock-folder"])
def test_a_pipe_or_a_folder_where_the_desk_writes_holds_the_save(running: Running, content: Path, planted: str) -> None:
    where = content / "events" / SLUG / AUDIT_NAME if planted.startswith("audit") else write_lock(content)
    where.unlink(missing_ok=True)
    if planted.endswith("pipe"):
        os.mkfifo(where)
    else:
        where.mkdir()
    before = round4(content).read_text(encoding="utf-8")
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 503 and where.name in html and "Traceback" not in html, html  # held, and why
    assert round4(content).read_text(encoding="utf-8") == before
    held = running.desk.tokens.held("main/4/1")
    assert held is not None and held["typed"]["level_a"] == "A"  # what was typed, kept
    where.unlink() if planted.endswith("pipe") else where.rmdir()
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 200 and 'id="saved"' in html and audit_lines(content)


@pytest.mark.parametrize("planted", ["pipe", "folder", "under-a-file"])
def test_open_own_says_what_is_no_file_is_not_ones_own(tmp_path: Path, planted: str) -> None:
    """Every caller (init, export, the desk) handles NotOwnFile: a pipe opened to write with no
    reader (ENXIO), a folder opened to write (EISDIR), a path through a file (ENOTDIR)."""
    where = tmp_path / "log"
    if planted == "pipe":
        os.mkfifo(where)
    elif planted == "folder":
        where.mkdir()
    else:
        where.write_text("", encoding="utf-8")
        where = where / "inside"
    with pytest.raises(NotOwnFile) as refused:
        open_own(where, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    assert refused.value.why == "not-file"


def test_the_desk_refuses_to_start_over_a_pipe_where_it_writes(content: Path) -> None:
    """As `check` does: a pipe planted before the desk starts is said at its start."""
    from generator.desk.store import desk_file_problems

    os.mkfifo(content / "events" / SLUG / AUDIT_NAME)
    assert [p.code for p in desk_file_problems(content)] == ["desk-file-unsafe"]
