"""One build of output/ at a time, whatever process runs it (render/output.py's output_lock).

A `paibang serve` and a `paibang build` of the same output/ (or two builds, or a clean) each
checked output/ against its own record and then swapped or removed what the other had just put
in place. Each test here holds the lock in a real second process, as another paibang does."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from generator.build import build
from generator.cli import main
from generator.commands.serve import Building
from generator.render import output as output_module
from generator.render.output import OutputRefused
from tests.test_never_destroy import small_site, tree

ROOT = Path(__file__).resolve().parents[1]

HOLDER = """
import sys
from pathlib import Path
from generator.render.output import output_lock
with output_lock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""


@pytest.fixture
def held() -> Iterator[callable]:
    """Hold output/'s lock in another process: call with output/; released when the test ends
    (or earlier, by calling what it returns)."""
    holders: list[subprocess.Popen[str]] = []

    def hold(output: Path) -> callable:
        holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(output)], cwd=ROOT, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        holders.append(holder)
        assert holder.stdout.readline() == "held\n"

        def release() -> None:
            holder.communicate("\n", timeout=60)
        return release

    yield hold
    for holder in holders:
        if holder.poll() is None:
            holder.communicate("\n", timeout=60)


def test_a_build_while_another_process_writes_output_waits_then_builds(tmp_path: Path, held) -> None:
    content = small_site(tmp_path)
    output = tmp_path / "output"
    release = held(output)
    env = os.environ | {"PAIBANG_CACHE": str(tmp_path / "cache" / "pdf")}
    second = subprocess.Popen([sys.executable, "-m", "generator.cli", "build", "--content", str(content), "--output",
                               str(output), "--lang", "en"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    said = second.stderr.readline()  # (blocks until the build says something: it waits, and says so)
    assert "another paibang" in said and "waiting" in said and str(output) in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content"]  # nothing made yet: no output/, no cache
    release()
    out, err = second.communicate(timeout=300)
    assert second.returncode == 0, err
    assert (output / "index.html").is_file() and (output / "events" / "e1" / "index.html").is_file()


def test_a_build_that_waited_too_long_refuses_and_changes_nothing(tmp_path: Path, held,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    content = small_site(tmp_path)
    output = tmp_path / "output"
    cache = tmp_path / "cache" / "pdf"
    build(content, output, cache_dir=cache, bulletins=False)
    before = tree(output)
    (content / "events" / "e1" / "event.yaml").write_text(
        (content / "events" / "e1" / "event.yaml").read_text(encoding="utf-8").replace("\u7532\u9986", "\u4e59\u9986"),
        encoding="utf-8")
    held(output)
    monkeypatch.setattr(output_module, "LOCK_WAIT", 0)
    notes: list[str] = []
    with pytest.raises(OutputRefused) as refused:
        build(content, output, cache_dir=cache, bulletins=False, notify=lambda key, params: notes.append(key))
    assert refused.value.reason == "output_busy" and notes == []
    assert tree(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]


def test_clean_while_another_process_writes_output_refuses_in_the_sites_words(
        tmp_path: Path, held, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    content = small_site(tmp_path)
    output = tmp_path / "output"
    monkeypatch.setenv("PAIBANG_CACHE", str(tmp_path / "cache" / "pdf"))
    build(content, output, bulletins=False)
    before = tree(output)
    held(output)
    monkeypatch.setattr(output_module, "LOCK_WAIT", 0)
    assert main(["clean", "--output", str(output), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "another paibang" in err and "nothing was changed" in err and "Ctrl-C" in err
    assert tree(output) == before


def test_serves_rebuild_takes_the_same_lock(tmp_path: Path, held, monkeypatch: pytest.MonkeyPatch) -> None:
    content = small_site(tmp_path)
    output = tmp_path / "output"
    cache = tmp_path / "cache" / "pdf"
    building = Building(content, output, "en", partial(build, cache_dir=cache, bulletins=False))
    assert building.build_once() is None
    before = tree(output)
    (content / "events" / "e1" / "event.yaml").write_text(
        (content / "events" / "e1" / "event.yaml").read_text(encoding="utf-8").replace("\u7532\u9986", "\u4e59\u9986"),
        encoding="utf-8")
    release = held(output)
    monkeypatch.setattr(output_module, "LOCK_WAIT", 0)
    page = building.build_once()
    assert page is not None and "another paibang" in page
    assert tree(output) == before
    release()
    assert building.build_once() is None and tree(output) != before


def test_serves_first_step_leaves_output_to_the_whole_rebuild_while_another_process_writes_it(
        tmp_path: Path, held) -> None:
    from generator.build import build_event_first
    from generator.event_cache import EventMemory

    content = small_site(tmp_path)
    output = tmp_path / "output"
    cache = tmp_path / "cache" / "pdf"
    memory = EventMemory()
    report = build(content, output, cache_dir=cache, bulletins=False, memory=memory)
    before = tree(output)
    held(output)
    assert build_event_first(content, output, content / "events" / "e1", report.site, report.results, memory,
                             cache_dir=cache, bulletins=False) is None
    assert tree(output) == before


def free(output: Path) -> bool:
    """Whether this process gets output/'s lock at once."""
    try:
        with output_module.output_lock(output, wait=0):
            return True
    except OutputRefused as refused:
        assert refused.reason == "output_busy"
        return False


def test_the_lock_of_an_output_whose_parent_is_not_made_yet_is_the_one_taken_once_it_is(tmp_path: Path,
                                                                                        held) -> None:
    """rev49: with output/'s parent not made yet, the nearest folder above was locked; the build
    then made the parent, and a second build locked that (another folder): both wrote at once."""
    output = tmp_path / "a" / "b" / "output"
    held(output)
    output.parent.mkdir(parents=True)
    assert not free(output)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a"] and list(output.parent.iterdir()) == []


def test_two_outputs_in_one_folder_do_not_block_each_other_and_no_file_is_left_there(tmp_path: Path,
                                                                                     held) -> None:
    """rev49: the whole folder holding output/ was locked: clubA's build made clubB's wait, saying
    another paibang was writing clubB; and anyone could block every build there with flock."""
    held(tmp_path / "clubA")
    assert free(tmp_path / "clubB") and not free(tmp_path / "clubA")
    blocker = subprocess.Popen(["flock", str(tmp_path), "sleep", "600"])
    try:
        assert free(tmp_path / "clubB")
    finally:
        blocker.kill()
        blocker.wait()
    assert list(tmp_path.iterdir()) == []


def test_the_lock_is_of_the_folder_written_whatever_way_it_is_named(tmp_path: Path, held) -> None:
    """rev49: --output link/../out was locked by its name (tmp/out), not the folder written
    (the real parent of link's target, tmp/real/out)."""
    (tmp_path / "real" / "inner").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "real" / "inner")
    held(tmp_path / "link" / ".." / "out")
    assert not free(tmp_path / "real" / "out") and free(tmp_path / "out")


FORKER = """
import os, sys, time
from pathlib import Path
from generator.render.output import output_lock
with output_lock(Path(sys.argv[1])):
    if os.fork() == 0:
        # (the child says its pid itself, from past the fork's hooks: read from the parent, a
        # child not yet run under load had not closed its copy yet, and the test failed)
        print(os.getpid(), flush=True)
        time.sleep(600)
        os._exit(0)
    sys.stdin.readline()
"""


def test_a_forked_child_does_not_keep_the_lock_of_a_killed_build(tmp_path: Path) -> None:
    """rev49: PDF print workers, forked, kept the lock's descriptor: kill -9 of the build left
    output/ locked until each worker ended."""
    import signal

    holder = subprocess.Popen([sys.executable, "-c", FORKER, str(tmp_path / "output")], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    child = int(holder.stdout.readline())
    try:
        assert not free(tmp_path / "output")
        holder.kill()
        holder.wait()
        os.kill(child, 0)  # (the child lives on)
        assert free(tmp_path / "output")
    finally:
        os.kill(child, signal.SIGKILL)


def test_the_lock_is_the_same_whatever_the_environment_says(tmp_path: Path, held,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """rev52: the lock folder came from XDG_RUNTIME_DIR (else TMPDIR): a terminal and cron, or a
    service, building one output/ each held a lock of its own, both writing at once. The same
    output/ is one lock whatever XDG_RUNTIME_DIR and TMPDIR say."""
    output = tmp_path / "output"
    held(output)
    elsewhere = tmp_path / "run"
    elsewhere.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(elsewhere))
    monkeypatch.setenv("TMPDIR", str(elsewhere))
    with pytest.raises(OutputRefused) as refused, output_module.output_lock(output, wait=0):
        pass
    assert refused.value.reason == "output_busy"


def test_with_its_lock_folder_unusable_the_parent_folder_is_locked_never_none(tmp_path: Path, held,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """rev52: a lock folder planted by someone else (or not 0700) left every build unlocked,
    without a word. Then output/'s parent folder is locked, as every process finds it."""
    monkeypatch.setattr(output_module, "lock_folder", lambda: None)
    output = tmp_path / "site" / "output"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER.replace(
        "from generator.render.output import output_lock",
        "from generator.render import output as o\no.lock_folder = lambda: None\noutput_lock = o.output_lock"),
        str(output)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(OutputRefused) as refused, output_module.output_lock(output, wait=0):
            pass
        assert refused.value.reason == "output_busy"
    finally:
        holder.communicate("\n", timeout=60)
    with output_module.output_lock(output, wait=0):  # free again once the other has gone
        pass


RACER = """
import os, sys, threading
from pathlib import Path
from generator.render import output as o

opened, go, fds = threading.Event(), threading.Event(), []
real = o._lock_file

def slow(path):
    fds.append(real(path))
    opened.set()
    go.wait(10)
    return fds[0]

o._lock_file = slow

def build():
    with o.output_lock(Path(sys.argv[1])):
        pass

builder = threading.Thread(target=build)
builder.start()
opened.wait(10)
threading.Timer(0.3, go.set).start()
child = os.fork()  # (while the other thread has opened the lock file and not yet marked it held)
if child == 0:
    try:
        os.fstat(fds[0])
        os._exit(1)
    except OSError:
        os._exit(0)
_, status = os.waitpid(child, 0)
builder.join()
print(os.waitstatus_to_exitcode(status))
"""


def test_a_fork_while_another_thread_opens_the_lock_does_not_keep_it(tmp_path: Path) -> None:
    """rev52: between opening the lock file and marking it held, a fork from another thread kept
    the descriptor (and so the lock, once taken) in the child. The fork waits for the marking."""
    done = subprocess.run([sys.executable, "-c", RACER, str(tmp_path / "output")], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "0", done.stderr


def test_the_lock_file_is_removed_by_the_build_that_held_it(tmp_path: Path, held) -> None:
    """One empty lock file was left for every output/ ever built. The build holding it removes
    it as it ends; one killed leaves it, and the next build of that output/ removes it."""
    output = tmp_path / "output"
    path = output_module._lock_path(output)
    assert path is not None and not os.path.exists(path)
    with output_module.output_lock(output, wait=0):
        assert os.path.isfile(path)
    assert not os.path.exists(path)
    release = held(output)  # (a holder in another process, released: its file goes with it)
    assert os.path.isfile(path)
    release()
    assert not os.path.exists(path)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(output)], cwd=ROOT, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "held\n"
    holder.kill()
    holder.wait()
    assert os.path.isfile(path)  # killed: left
    with output_module.output_lock(output, wait=0):
        pass
    assert not os.path.exists(path)  # taken away by the next


def test_a_build_whose_lock_file_was_removed_as_it_waited_holds_nothing(tmp_path: Path, held,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A build waiting on the lock file when the holder ends and removes it then gets a lock on
    a file no one else opens: a third build meanwhile made the file anew and holds it. The
    waiting build looks again, finds output/ still held, and waits for that one: never two
    builds writing output/ at once."""
    output = tmp_path / "output"
    held(output)  # the third build, holding the file now at the lock's name
    stale = tmp_path / "removed.lock"  # (the file the waiting build had opened, removed since)
    real = output_module._lock_file
    opened = []

    def first_the_removed_one(target: Path) -> int:
        opened.append(target)
        return os.open(stale, os.O_RDWR | os.O_CREAT, 0o600) if len(opened) == 1 else real(target)

    monkeypatch.setattr(output_module, "_lock_file", first_the_removed_one)
    with pytest.raises(OutputRefused) as refused, output_module.output_lock(output, wait=0):
        pass
    assert refused.value.reason == "output_busy" and len(opened) == 2
    assert os.path.isfile(output_module._lock_path(output))  # the holder's, left to it
