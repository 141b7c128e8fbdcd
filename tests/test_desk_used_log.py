"""A table's used-marker (store.Tokens.mark_used) appended to a sealed log, not the whole tokens
file rewritten at every save: it holds across a restart all the same, folded into the file at
start; a line not sealed by the user's desk, cut short by a power cut, or of a token no longer
the table's marks nothing."""

from __future__ import annotations

from pathlib import Path

from generator.desk.store import Tokens, match_digest

SLUG = "mass"
DRAWN = {f"main/1/{n}": match_digest([f"T{2 * n - 1}", f"T{2 * n}"]) for n in range(1, 4)}


def tokens(tmp_path: Path) -> Tokens:
    content = tmp_path / "content"
    content.mkdir(exist_ok=True)
    found = Tokens(content, SLUG)
    found.ensure(DRAWN)
    return found


def test_a_mark_holds_across_a_restart_without_the_file_rewritten(tmp_path: Path) -> None:
    first = tokens(tmp_path)
    written = first.path.read_bytes()
    first.mark_used(["main/1/1", "main/1/2"])  # (one write's tables: one append)
    assert first.path.read_bytes() == written and first.used_log.exists()
    assert len(first.used_log.read_bytes().splitlines()) == 2
    again = Tokens(tmp_path / "content", SLUG)
    assert again.used("main/1/1") == first.used("main/1/1") and again.used("main/1/2")
    assert again.used("main/1/3") is None
    # folded into the file at start: the log emptied, the marks in the file itself
    assert not again.used_log.exists()
    assert Tokens(tmp_path / "content", SLUG).used("main/1/2") == first.used("main/1/2")


def test_a_mark_twice_is_one_line_and_keeps_its_first_time(tmp_path: Path) -> None:
    found = tokens(tmp_path)
    found.mark_used(["main/1/1"])
    at = found.used("main/1/1")
    found.mark_used(["main/1/1"])
    assert found.used("main/1/1") == at and len(found.used_log.read_bytes().splitlines()) == 1


def test_any_other_change_writes_the_marks_into_the_file_and_empties_the_log(tmp_path: Path) -> None:
    found = tokens(tmp_path)
    found.mark_used(["main/1/1"])
    found.set_clock("main", 1, "2026-01-10T09:00:00")
    assert not found.used_log.exists()
    found.used_log.write_bytes(b"")  # (no log can bring it back, nor is one needed)
    assert Tokens(tmp_path / "content", SLUG).used("main/1/1") == found.used("main/1/1")


def test_a_forged_line_or_one_cut_short_marks_nothing_and_the_next_mark_still_holds(tmp_path: Path) -> None:
    found = tokens(tmp_path)
    found.mark_used(["main/1/1"])
    line = found.used_log.read_bytes()
    # another table's mark in the same form, its seal not the user's key's (one hex digit changed)
    forged = line.replace(b"main/1/1", b"main/1/2").replace(found.table("main/1/1").encode(),
                                                              found.table("main/1/2").encode())
    forged = (b"0" if forged[:1] != b"0" else b"1") + forged[1:]
    with found.used_log.open("ab") as log:
        log.write(forged + line[:40])  # (and a line a power cut cut short, no newline)
    found.mark_used(["main/1/3"])  # (begins on a line of its own)
    again = Tokens(tmp_path / "content", SLUG)
    assert again.used("main/1/1") and again.used("main/1/3") and again.used("main/1/2") is None


def test_a_mark_of_a_token_since_retired_marks_nothing(tmp_path: Path) -> None:
    """Table 1 marked, its match drawn elsewhere since (its token retired, a new one minted): a
    log of that mark found at start (left by a power cut) leaves the new match's link unused."""
    found = tokens(tmp_path)
    found.mark_used(["main/1/1"])
    log = found.used_log.read_bytes()
    found.ensure({**DRAWN, "main/1/1": match_digest(["T9", "T10"])}, {"main/1"})
    assert found.used("main/1/1") is None and not found.used_log.exists()
    found.used_log.write_bytes(log)
    found.used_log.chmod(0o600)  # (as the desk makes it: one others could write marks nothing)
    assert Tokens(tmp_path / "content", SLUG).used("main/1/1") is None


def test_a_mark_is_synced_and_a_new_logs_name_too_before_mark_used_returns(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A power cut after "saved" keeps the mark: the log synced, and made by this mark, its folder
    after it; the log the user's alone (0600)."""
    from support import Synced

    found = tokens(tmp_path)
    synced = Synced(monkeypatch)
    found.mark_used(["main/1/1"])
    assert synced.durably(found.used_log) and oct(found.used_log.stat().st_mode & 0o777) == "0o600"
    synced.order.clear()
    found.mark_used(["main/1/2"])
    assert found.used_log in synced
