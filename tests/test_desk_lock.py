"""The desk's write lock is its content folder's own (`.paibang-desk/<content folder's name>/
write.lock`, beside its tokens). One `.paibang-desk/write.lock` for every content folder under a
parent made a desk on one content folder wait for every save of a desk on another (and the lock
of one folder guarded the other's files for nothing). Two saves to one round file still never
interleave: every desk on that content folder takes the same lock."""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

from generator.desk.store import locked, tokens_folder, write_lock


def results_file(content: Path) -> Path:
    path = content / "events" / "e" / "results" / "round-1.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("stage: main\nround: 1\ntables: []\n", encoding="utf-8")
    return path


def saved_within(path: Path, content: Path, seconds: float) -> bool:
    """Whether a save of `path` (another desk's: another thread, its own open of the lock) gets
    the lock within `seconds`."""
    got = threading.Event()

    def save() -> None:
        with locked(path, content):
            got.set()

    thread = threading.Thread(target=save, daemon=True)
    thread.start()
    return got.wait(seconds)


def held(lock: Path) -> int:
    """The lock held as another desk holds it while it saves (its own open file, flock)."""
    fd = os.open(lock, os.O_WRONLY | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_each_content_folder_has_its_own_write_lock_beside_its_tokens(tmp_path: Path) -> None:
    one, two = tmp_path / "content", tmp_path / "content-2025"
    assert write_lock(one) != write_lock(two)
    assert write_lock(one).parent == tokens_folder(one)


def test_a_save_on_one_content_folder_does_not_wait_for_a_desk_on_another(tmp_path: Path) -> None:
    one, two = tmp_path / "content", tmp_path / "content-2025"
    other = results_file(two)
    with locked(results_file(one), one):  # the desk on content/ saving
        assert saved_within(other, two, 5)  # (it waited for the other desk's save to end)


def test_two_desks_on_one_content_folder_still_save_one_at_a_time(tmp_path: Path) -> None:
    content = tmp_path / "content"
    path = results_file(content)
    with locked(path, content):  # made the lock and its folder
        pass
    fd = held(write_lock(content))  # the other desk's save under way
    try:
        assert not saved_within(path, content, 0.5)
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    assert saved_within(path, content, 5)
