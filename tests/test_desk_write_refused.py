"""The system refusing a write a save needs, the file being the user's own all the same: an audit
log made read-only (EACCES), a full disk (ENOSPC), a read-only one (EROFS), a disk error (EIO).
The save answered HTTP 500 "Internal Server Error" with a traceback on the terminal, and what the
table typed was lost (seals.open_own maps only what is no regular file to NotOwnFile; the others
went past the desk's writer raw). The save is held, said why in the site's language, kept for
the table; the round's file is as it was, never half written; once the system lets it, it saves."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from generator import seals
from generator.desk import app as desk_app, store
from tests.test_desk import SLUG, Running, audit_lines, content, drawn, post, round4, running  # noqa: F401 - (fixtures)


def refusing(code: int):  # noqa: ANN201 - what raises the system's refusal, as os.open would
    def refuse(*_args, **_kwargs) -> None:  # noqa: ANN002, ANN003
        raise OSError(code, os.strerror(code))
    return refuse


def refuse(monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    if where == "audit-open":  # the log made read-only (chmod 444): as a user, not root, opens it
        monkeypatch.setattr(desk_app, "open_audit", refusing(errno.EACCES))
    elif where == "audit-append":  # the line refused once the round's file is written
        monkeypatch.setattr(desk_app, "append_audit", refusing(errno.EIO))
    elif where == "lock":
        real = store.open_own

        def open_own(path: Path, *args, **kwargs) -> int:  # noqa: ANN002, ANN003
            if path.name == "write.lock":
                raise PermissionError(errno.EROFS, os.strerror(errno.EROFS), str(path))
            return real(path, *args, **kwargs)
        monkeypatch.setattr(store, "open_own", open_own)
    else:  # the disk full while the round's file is written: its temporary half written, then refused
        real_new = seals._new_file

        class Half:
            def __init__(self, handle) -> None:  # noqa: ANN001
                self.handle = handle

            def __enter__(self):  # noqa: ANN204
                self.handle.__enter__()
                return self

            def __exit__(self, *info) -> None:  # noqa: ANN002
                self.handle.__exit__(*info)

            def fileno(self) -> int:
                return self.handle.fileno()

            def write(self, data: bytes) -> int:
                self.handle.write(data[: len(data) // 2])
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(seals, "_new_file", lambda path: Half(real_new(path)))


@pytest.mark.parametrize("where", ["audit-open", "results-disk-full", "audit-append", "lock"])
def test_a_write_the_system_refuses_holds_the_save(running: Running, content: Path, where: str,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capfd: pytest.CaptureFixture[str]) -> None:
    results = round4(content).parent
    before = round4(content).read_text(encoding="utf-8")
    with monkeypatch.context() as patched:
        refuse(patched, where)
        status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 503 and "Traceback" not in html and "Internal Server Error" not in html, html
    reason = {"audit-open": errno.EACCES, "results-disk-full": errno.ENOSPC, "audit-append": errno.EIO,
              "lock": errno.EROFS}[where]
    # said why, in the site's language: a known refusal in its words, any other by the system's
    # code (EIO), never the C library's English inside a Chinese line
    why = {errno.EACCES: "\u6ca1\u6709\u5199\u5165\u6743\u9650", errno.ENOSPC: "\u78c1\u76d8\u5df2\u6ee1",
           errno.EROFS: "\u78c1\u76d8\u662f\u53ea\u8bfb\u7684",
           errno.EIO: "\u7cfb\u7edf\u9519\u8bef EIO"}[reason]
    assert why in html and os.strerror(reason) not in html, html
    assert "\u8bb0\u5f55\u53f0\u65e0\u6cd5\u5199\u5165" in html  # in the site's language (zh-Hans): cannot write
    assert round4(content).read_text(encoding="utf-8") == before  # untouched, not half written
    assert not [p.name for p in results.iterdir() if ".tmp-" in p.name]  # no temporary left behind
    assert audit_lines(content) == []  # no line for a save not made
    held = running.desk.tokens.held("main/4/1")
    assert held is not None and held["typed"]["level_a"] == "A"  # what was typed, kept
    said = capfd.readouterr().err
    assert why in said and "Traceback" not in said, said  # the terminal says it, no traceback
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 200 and 'id="saved"' in html and len(audit_lines(content)) == 1
    assert running.desk.tokens.held("main/4/1") is None


def test_the_reason_is_the_desks_own_not_not_your_file(tmp_path: Path) -> None:
    """A refusal is no unsafe file: its words say what the system said, of the file it refused."""
    problem = desk_app.write_failed(tmp_path / "round-4.yaml", OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert problem.code == "desk-write-failed"
    text = problem.format("en", tmp_path, ())
    assert "round-4.yaml" in text and "the disk is full" in text and "symbolic link" not in text, text
    assert "\u78c1\u76d8\u5df2\u6ee1" in problem.format("zh-Hans", tmp_path, ())  # the disk is full, in the site's language
    assert "No space left" not in problem.format("zh-Hans", tmp_path, ())  # (strerror: the C library's English)
    unknown = desk_app.write_failed(tmp_path / "round-4.yaml", OSError(errno.EIO, os.strerror(errno.EIO)))
    # any other: the system's code in the site's words, not its English
    said = unknown.format("zh-Hans", tmp_path, ())
    assert "\u7cfb\u7edf\u9519\u8bef EIO" in said and os.strerror(errno.EIO) not in said, said
    assert "system error EIO" in unknown.format("en", tmp_path, ())


def test_a_results_file_the_system_will_not_let_be_read_is_said_in_the_sites_language(
        running: Running, content: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """The round's file refused when the save reads it (made unreadable: chmod 000, as a user
    opens it): held, said why in the site's language, as a refused write is (system_reason),
    not in the C library's "Permission denied"."""
    with monkeypatch.context() as patched:
        patched.setattr(desk_app, "read_results", refusing(errno.EACCES))
        status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 503 and 'id="unsaved"' in html and running.desk.tokens.held("main/4/1"), html
    # (no permission to read it, in zh-Hans)
    assert "\u6ca1\u6709\u8bfb\u53d6\u6743\u9650" in html and os.strerror(errno.EACCES) not in html, html
    problem = desk_app.unwritable(round4(content), OSError(errno.EACCES, os.strerror(errno.EACCES)))
    assert problem.code == "file-unreadable" and "no permission to read" in problem.format("en", content, ())
    # the fix for that, not the one for a file saved in another encoding ("must be UTF-8 text")
    said = problem.format("en", content, ())
    assert "that you may read it" in said and "UTF-8" not in said, said
    missing = desk_app.unwritable(round4(content), FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT)))
    assert "no such file or folder" in missing.format("en", content, ())


def test_a_store_refused_after_the_save_landed_answers_saved(running: Running, content: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capfd: pytest.CaptureFixture[str]) -> None:
    """The round's file written and its audit line appended, the desk's store (the used links)
    refused by a full disk: the result is in, so the answer says it is saved (it was a 500), and
    the terminal says the store was not written. The link is used up for this run all the same."""
    # (a save's mark is appended to the used log, h-desk25; the file itself is written at other changes)
    monkeypatch.setattr(running.desk.tokens, "_save", refusing(errno.ENOSPC))
    monkeypatch.setattr(running.desk.tokens, "_append_used", refusing(errno.ENOSPC))
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 200 and 'id="saved"' in html and "Internal Server Error" not in html, html
    assert len(audit_lines(content)) == 1 and "T15: A" in round4(content).read_text(encoding="utf-8")
    said = capfd.readouterr().err
    assert ".paibang-desk/" in said and "\u78c1\u76d8\u5df2\u6ee1" in said and "Traceback" not in said, said
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="6")
    assert "id=\"saved\"" not in html and len(audit_lines(content)) == 1  # once: the link used up
