"""The desk stopping while the site is rebuilt (commands/desk.py, Desk.stop_building): a hang-up
(the terminal closed) stops it as Ctrl-C does, the build waited for, then stopped; a stop while
the build is being started waits for that build; a change the site was not rebuilt after is
said on the terminal, with the command that rebuilds it, in the site's words; and the build is
stopped with its workers, its whole process group. The build is a stand-in script that writes
into output/ late: what matters is that nothing writes there once the desk has stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.test_desk_records import SLUG, SWISS_TWO, TWO_TABLES, make, results

REPO = Path(__file__).resolve().parents[1]

# The site build's stand-in: says it has started (its number and its worker's), starts a worker
# in its process group (a pool's, a PDF printer's), and writes output/late.html after `takes`
# seconds, its worker output/worker.html. "ignore": that process ignores SIGTERM.
BUILD = """\
import os, pathlib, signal, subprocess, sys, time
started, output, takes, build_term, worker_term = sys.argv[1:6]
WORKER = '''
import pathlib, signal, sys, time
if sys.argv[3] == "ignore":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
time.sleep(float(sys.argv[2]))
pathlib.Path(sys.argv[1], "worker.html").write_text("written")
'''
if build_term == "ignore":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
worker = subprocess.Popen([sys.executable, "-c", WORKER, output, takes, worker_term])
pathlib.Path(started).write_text(f"{os.getpid()} {worker.pid}")
time.sleep(float(takes))
pathlib.Path(output, "late.html").write_text("written")
worker.wait()
"""


def stand_in(tmp_path: Path, takes: float, build_term: str = "default", worker_term: str = "default") -> tuple[Path, Path, list[str]]:
    """(started, output, the build command)"""
    started, output, script = tmp_path / "started", tmp_path / "output", tmp_path / "build.py"
    output.mkdir()
    script.write_text(BUILD, encoding="utf-8")
    return started, output, [sys.executable, str(script), str(started), str(output), str(takes), build_term, worker_term]


def wait_for(path: Path, seconds: float = 20) -> None:
    for _ in range(int(seconds / 0.05)):
        if path.exists() and path.read_text():
            return
        time.sleep(0.05)
    raise AssertionError(f"{path.name} never came")


def desk_setup(tmp_path: Path) -> tuple[Path, int, Path]:
    """A site of two tables, a free port, and the launcher the desk is run through."""
    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    launch = tmp_path / "launch.py"
    launch.write_text(LAUNCH, encoding="utf-8")
    return root, port, launch


def listening(port: int, desk: subprocess.Popen, said) -> None:  # noqa: ANN001
    """Waits up to 20 s for the desk to answer on `port`; `said()`: what it printed, if it ended."""
    for _ in range(400):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/standings", timeout=5) as answer:
                assert answer.status == 200
            return
        except OSError:
            assert desk.poll() is None, said()
            time.sleep(0.05)
    raise AssertionError(f"the desk did not answer on port {port} in 20 s")


def written(output: Path) -> list[str]:
    return sorted(p.name for p in output.iterdir())


def desk_over(tmp_path: Path, monkeypatch, command: list[str]):  # noqa: ANN001, ANN201
    from generator.desk.app import Desk

    desk = Desk(make(tmp_path, SWISS_TWO, TWO_TABLES), SLUG, tmp_path / "output", None)
    monkeypatch.setattr(desk, "build_command", lambda: command)
    return desk


async def desk_day(desk, during) -> None:  # noqa: ANN001
    """The desk's lifespan (its scorer and builder started, stop_building at its end) around
    `during`: the part of the server that stops the build."""
    from generator.desk.app import create_app

    app = create_app(desk).app
    async with app.router.lifespan_context(app):
        await during()


async def until(path: Path, seconds: float = 20) -> None:
    for _ in range(int(seconds / 0.05)):
        if path.exists() and path.read_text():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{path.name} never came")


# --- (a) a hang-up ------------------------------------------------------------------------------

LAUNCH = """\
import sys
from generator import cli
from generator.desk import app
app.BUILD_FINISH_SECONDS = float(sys.argv[1])
command = sys.argv[2:sys.argv.index("--")]
app.Desk.build_command = lambda self: command
sys.exit(cli.main(sys.argv[sys.argv.index("--") + 1:]))
"""
# the desk's process leads a session whose controlling terminal is the pseudo-terminal: closing
# its other end is the terminal window closed (the system hangs it up: SIGHUP, writes refused)
ON_A_TERMINAL = "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"


@pytest.mark.skipif(not hasattr(signal, "SIGHUP") or sys.platform != "linux", reason="a terminal's hang-up (Linux)")
@pytest.mark.parametrize(("takes", "waits", "late"), [(1.5, 10.0, True), (3.0, 0.3, False)], ids=["waited-for", "stopped"])
def test_closing_the_terminal_stops_the_desk_as_ctrl_c_does(tmp_path: Path, takes: float, waits: float, late: bool) -> None:
    """The build runs in a session of its own, so the hang-up reached the desk alone, which
    uvicorn does not handle: the desk ended at once and the build went on writing output/ with
    no one to wait for it. Now the desk stops as on Ctrl-C: a build that ends in time is waited
    for, one that does not is stopped, and nothing is written after the desk has gone."""
    started, output, command = stand_in(tmp_path, takes)
    root, port, launch = desk_setup(tmp_path)
    master, slave = os.openpty()
    desk = subprocess.Popen(
        [sys.executable, "-c", ON_A_TERMINAL, str(launch), str(waits), *command, "--",
         "desk", SLUG, "--content", str(root), "--output", str(output), "--port", str(port)],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True, cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)})
    os.close(slave)
    try:
        listening(port, desk, lambda: os.read(master, 65536).decode(errors="replace"))
        with results(root).open("a", encoding="utf-8") as handle:
            handle.write("# 手工补记\n")  # a hand edit: the desk reads it and has the site rebuilt
        wait_for(started)
        os.close(master)  # the terminal closed
        master = -1
        desk.wait(40)
        assert desk.returncode == -signal.SIGHUP  # (stopped, then ended by the hang-up, as a shell reports)
        assert written(output) == (["late.html", "worker.html"] if late else [])
        time.sleep(takes + 0.5)  # as long as the build would still have run
        assert written(output) == (["late.html", "worker.html"] if late else [])
    finally:
        if master >= 0:
            os.close(master)
        if desk.poll() is None:
            desk.kill()
            desk.wait()


# --- (b) a stop while the build is being started ------------------------------------------------

def test_a_stop_while_the_build_is_being_started_waits_for_that_build(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """The build's process exists before asyncio hands it over (its pipes are connected
    first): a stop then found no build (None), returned, and the builder, cancelled in the
    midst of the start, left the build to itself (or asyncio killed it outright). The stop
    waits for the start now, then for the build."""
    from generator.desk import app

    started, output, command = stand_in(tmp_path, 1.0)
    desk = desk_over(tmp_path, monkeypatch, command)
    monkeypatch.setattr(app, "BUILD_FINISH_SECONDS", 10.0)
    real = asyncio.create_subprocess_exec
    spawned, connected = asyncio.Event(), asyncio.Event()

    async def starting(*args, **options):  # noqa: ANN002, ANN003, ANN202
        process = await real(*args, **options)  # the process runs; asyncio still connecting its pipes
        spawned.set()
        await connected.wait()
        return process

    monkeypatch.setattr(app.asyncio, "create_subprocess_exec", starting)
    seen: list[list[str]] = []

    async def during() -> None:
        desk.changed()
        await spawned.wait()

    async def scenario() -> None:
        day = asyncio.create_task(desk_day(desk, during))
        await spawned.wait()
        await asyncio.sleep(0.3)  # the stop has come meanwhile
        connected.set()
        await day
        seen.append(written(output))

    asyncio.run(scenario())
    assert seen == [["late.html", "worker.html"]]  # waited for: it ended before the desk did
    assert "记录台停止前，等正在进行的网站重建完成" in capsys.readouterr().err


# --- (c) a change the site was not rebuilt after ------------------------------------------------

NOT_MADE = "记录台已停止，最后一次改动后网站没有重新生成，{output} 里还不是最新的成绩；要更新网站：paibang build --content {content} --output {output}"


@pytest.mark.parametrize("when", ["during-the-build", "being-read", "none"])
def test_a_change_the_site_was_not_rebuilt_after_is_said_when_the_desk_stops(tmp_path: Path, monkeypatch, capsys,  # noqa: ANN001
                                                                             when: str) -> None:
    """A change read (or still being read) while the last build ran, or before the builder got
    to it, had no rebuild once the desk stopped, and nothing said so: the stop waits for the
    build under way and starts none. It is said now, in the site's words, with the command
    that rebuilds the site; nothing is said when the site has every change."""
    import threading

    from generator.desk import app

    started, output, command = stand_in(tmp_path, 1.0)
    desk = desk_over(tmp_path, monkeypatch, command)
    monkeypatch.setattr(app, "BUILD_FINISH_SECONDS", 10.0)
    reading = threading.Event()
    load = desk.load

    def slow_load() -> None:  # the event still being read when the stop comes
        if when == "being-read" and started.exists():
            reading.set()
            time.sleep(1.0)
        load()

    monkeypatch.setattr(desk, "load", slow_load)

    async def during() -> None:
        desk.changed()  # the change the build is for
        await until(started)
        read = desk.version
        if when == "during-the-build":
            desk.changed()  # a hand edit, read while the build runs: the build did not take it in
            for _ in range(200):
                if desk.version > read:
                    break
                await asyncio.sleep(0.05)
            assert desk.version > read and not (output / "late.html").exists()
        elif when == "being-read":
            desk.changed()
            while not reading.is_set():
                await asyncio.sleep(0.05)
        else:
            await until(output / "late.html")
            for _ in range(100):  # the builder has taken the build's end in
                if desk.built_version == desk.version:
                    break
                await asyncio.sleep(0.05)
            assert desk.built_version == desk.version

    asyncio.run(desk_day(desk, during))
    said = capsys.readouterr().err
    line = NOT_MADE.format(output=output.resolve(), content=desk.content)
    assert (line in said) is (when != "none"), said
    assert "late.html" in written(output)  # (the build under way was waited for)


# --- (d) the build's workers ----------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize(("build_term", "worker_term"), [("default", "default"), ("ignore", "ignore")],
                         ids=["stopped", "killed"])
def test_a_build_stopped_or_killed_ends_with_its_workers(tmp_path: Path, monkeypatch, capsys,  # noqa: ANN001
                                                         build_term: str, worker_term: str) -> None:
    """SIGTERM, then SIGKILL, reached the build's own process, not its pool's workers or its PDF
    printers: a build killed has no clean-up to end them, and they went on writing output/
    after the desk had stopped. Both go to the build's process group now."""
    from generator.desk import app

    started, output, command = stand_in(tmp_path, 3.0, build_term, worker_term)
    desk = desk_over(tmp_path, monkeypatch, command)
    monkeypatch.setattr(app, "BUILD_FINISH_SECONDS", 0.3)
    monkeypatch.setattr(app, "BUILD_STOP_SECONDS", 0.3)

    async def during() -> None:
        desk.changed()
        await until(started)

    asyncio.run(desk_day(desk, during))
    assert written(output) == []
    time.sleep(3.5)  # as long as the build and its worker would still have run
    assert written(output) == []
    assert "最后一次改动后网站没有重新生成" in capsys.readouterr().err


# --- a build that could not be started ------------------------------------------------------------

def test_a_build_that_cannot_be_started_is_said_and_the_next_change_builds(tmp_path: Path, monkeypatch,  # noqa: ANN001
                                                                            capsys) -> None:
    """A site build whose process could not be started (no memory, too many processes: an
    OSError) ended the desk's builder: no save of the day rebuilt the site after it, and
    nothing said so. It is said, in the site's words, and the next change builds."""
    started, output, command = stand_in(tmp_path, 0.1)
    missing = [str(tmp_path / "no-such-python"), *command[1:]]
    commands = [missing, command]
    desk = desk_over(tmp_path, monkeypatch, command)
    monkeypatch.setattr(desk, "build_command", lambda: commands.pop(0) if len(commands) > 1 else commands[0])

    async def during() -> None:
        desk.changed()
        for _ in range(200):  # the first build's start refused
            if desk.build_note:
                break
            await asyncio.sleep(0.05)
        assert "no-such-python" in desk.build_note and not started.exists()
        # the system's reason in the site's words, not "FileNotFoundError: [Errno 2] No such file"
        assert desk.build_note.endswith("no-such-python: 文件或文件夹不存在"), desk.build_note
        desk.changed()  # the next change: built
        await until(output / "late.html")

    asyncio.run(desk_day(desk, during))
    said = capsys.readouterr().err
    assert "no-such-python: 文件或文件夹不存在）" in said and "下一次保存或改动后会再试" in said, said


# --- (e) a second Ctrl-C while uvicorn waits for open connections ----------------------------------

@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize(("waits", "presses", "late"), [(0.3, 2, False), (10.0, 3, True)],
                         ids=["stopped", "waited-for-through-a-third"])
def test_a_second_ctrl_c_during_the_wait_for_connections_still_stops_the_build(tmp_path: Path, waits: float,
                                                                               presses: int, late: bool) -> None:
    """Ctrl-C, then Ctrl-C again while uvicorn waits for an open connection (a phone's form half
    sent) is uvicorn's "force quit", which skipped the desk's stop as well. The stop then ran
    only as asyncio ended the loop's tasks on the way out, uvicorn's signal handlers given
    back: one more Ctrl-C (a secretary presses it until something happens) cut it short, the
    desk ended, and its site build, in a session of its own, went on writing output/ after it.
    The wait is cut short; the stop runs as on one Ctrl-C, which further ones do not cut short:
    the build stopped, or waited for, output/ as before once the desk has gone, and said."""
    started, output, command = stand_in(tmp_path, 3.0)
    root, port, launch = desk_setup(tmp_path)
    said = tmp_path / "said.txt"
    with said.open("wb") as handle:
        desk = subprocess.Popen(
            [sys.executable, str(launch), str(waits), *command, "--",
             "desk", SLUG, "--content", str(root), "--output", str(output), "--port", str(port)],
            stdin=subprocess.DEVNULL, stdout=handle, stderr=handle, start_new_session=True, cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO)})
    phone = socket.socket()
    try:
        listening(port, desk, lambda: said.read_text(errors="replace"))
        with results(root).open("a", encoding="utf-8") as handle:
            handle.write("# 手工补记\n")  # a hand edit: the desk reads it and has the site rebuilt
        wait_for(started)
        # a form half sent: the server waits for the rest, and uvicorn's stop for this connection
        phone.connect(("127.0.0.1", port))
        phone.sendall(f"POST /t/main/1/1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()
                      + b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\nk=")
        time.sleep(0.3)
        desk.send_signal(signal.SIGINT)
        time.sleep(0.5)  # uvicorn waits for the connection now (up to 2 s)
        assert desk.poll() is None
        desk.send_signal(signal.SIGINT)
        if presses == 3:
            for _ in range(200):  # the stop is waiting for the build
                if "记录台停止前" in said.read_text(encoding="utf-8", errors="replace"):
                    break
                time.sleep(0.05)
            time.sleep(0.3)
            desk.send_signal(signal.SIGINT)
        desk.wait(40)
        assert written(output) == (["late.html", "worker.html"] if late else []), said.read_text(errors="replace")
        time.sleep(3.5)  # as long as the build and its worker would still have run
        assert written(output) == (["late.html", "worker.html"] if late else []), said.read_text(errors="replace")
        text = said.read_text(encoding="utf-8", errors="replace")
        assert "记录台停止前，等正在进行的网站重建完成" in text, text
        assert ("最后一次改动后网站没有重新生成" in text) is not late, text
        # the phone's request cancelled by the stop is no fault: no traceback on the screen
        assert "Exception in ASGI application" not in text and "CancelledError" not in text, text
    finally:
        phone.close()
        if desk.poll() is None:
            desk.kill()
            desk.wait()
        if started.exists() and started.read_text():  # (a build left running by a failed run)
            for pid in started.read_text().split():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), signal.SIGKILL)


# --- (f) what the desk says once told to stop: a closed terminal refuses it ----------------------

class ClosedTerminal:
    """stderr and stdout after a hang-up: every write refused (EIO)."""

    def write(self, _text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")

    def flush(self) -> None:
        raise OSError(errno.EIO, "Input/output error")

    def isatty(self) -> bool:
        return True


def test_a_save_held_while_the_desk_stops_on_a_closed_terminal_is_held_quietly(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A save answered while uvicorn waits for open connections (the desk told to stop) that the
    round's file cannot take is held and said on the terminal: closed by the hang-up that stops
    the desk, the terminal refused the line (EIO), and the save's answer became a 500 with the
    table's typed result not reported as held. The line goes through the stop's guard now."""
    from generator.desk.app import Job, Who
    from generator.errors import ContentError, Mark

    started, output, command = stand_in(tmp_path, 0.1)
    desk = desk_over(tmp_path, monkeypatch, command)
    spot = desk.spot("main", 1, 1)
    job = Job(spot, {}, Who("admin", "x"), "main/1/1")
    job.unwritable = ContentError("file-unreadable", Mark(results(desk.content)), {"reason": "EIO"})
    monkeypatch.setattr(sys, "stderr", ClosedTerminal())
    monkeypatch.setattr(sys, "stdout", ClosedTerminal())
    desk.stopping = True
    desk.held_back(job, {"deals": "T01+3"})  # said, quietly: no OSError
    assert desk.tokens.held("main/1/1")["typed"] == {"deals": "T01+3"}


def test_the_line_that_says_the_desk_was_stopped_is_guarded_too(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """After its stop the desk raises the signals it took (uvicorn), and the command's last line
    says it was interrupted: on a terminal closed meanwhile that line raised OSError (EIO), a
    traceback in place of the quiet end, exit 1 in place of 130."""
    from generator import cli
    from generator.commands import desk as desk_command

    root = make(tmp_path, SWISS_TWO, TWO_TABLES)

    def interrupted(_args) -> int:  # noqa: ANN001
        raise KeyboardInterrupt

    monkeypatch.setattr(desk_command, "run", interrupted)
    monkeypatch.setattr(sys, "stderr", ClosedTerminal())
    monkeypatch.setattr(sys, "stdout", ClosedTerminal())
    assert cli.main(["desk", SLUG, "--content", str(root), "--output", str(tmp_path / "output")]) == cli.INTERRUPTED


def test_a_cancelled_request_before_the_stop_is_still_logged() -> None:
    """The filter that keeps a CancelledError's traceback off the screen at the desk's own stop
    sits on uvicorn's error log, the process's: it dropped every CancelledError at any time,
    though before the stop one is no stop's doing but a fault to report. Dropped only once this
    server's shutdown has started."""
    import logging

    from generator.commands.desk import _CancelledAtStop, server

    class Desk:
        def close_streams(self) -> None:
            pass

    running = server(Desk(), lambda *_: None, "127.0.0.1", 0)
    seen: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = seen.append  # type: ignore[method-assign]
    log = logging.getLogger("uvicorn.error")
    log.addHandler(handler)
    try:
        def cancelled() -> None:
            try:
                raise asyncio.CancelledError()
            except asyncio.CancelledError:
                log.error("Exception in ASGI application", exc_info=True)

        cancelled()
        assert [record.exc_info[0] for record in seen if record.exc_info] == [asyncio.CancelledError]
        running.servers, running.lifespan, running.force_exit = [], None, True  # (never started)
        asyncio.run(running.shutdown())
        seen.clear()
        cancelled()
        assert not [record for record in seen if record.exc_info]
        log.error("Exception in ASGI application", exc_info=(ValueError, ValueError("x"), None))
        assert [record.exc_info[0] for record in seen if record.exc_info] == [ValueError]  # any other fault: logged
    finally:
        log.removeHandler(handler)
        for stopped in [f for f in log.filters if isinstance(f, _CancelledAtStop)]:
            log.removeFilter(stopped)  # (the process's log: no other test's server is stopping)


# --- (g) a Ctrl-C while the interpreter waits for the desk's threads -------------------------------

# The desk's launcher whose second reading of the event takes `seconds` (a large event read in a
# worker thread: the scorer's, after a hand edit), saying when it starts
SLOW_READING = """\
import pathlib, sys, time
from generator import cli
from generator.desk import app
reading, seconds = pathlib.Path(sys.argv[1]), float(sys.argv[2])
load = app.Desk.load
def slow(self):
    if self.event is not None and not reading.exists():
        reading.write_text("reading")
        time.sleep(seconds)
    load(self)
app.Desk.load = slow
sys.exit(cli.main(sys.argv[3:]))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="signals to a process (Linux)")
def test_a_ctrl_c_while_the_desks_threads_end_is_no_traceback(tmp_path: Path) -> None:
    """The desk stopped by Ctrl-C leaves the work it runs in threads (the event being read, a
    save being written) to finish; the interpreter waited for them on its way out, and a second
    Ctrl-C then (the secretary presses it until the prompt comes back) raised KeyboardInterrupt
    inside that wait: "Exception ignored in: <module 'threading'>" and a traceback, after the
    desk had said it stopped. The desk waits for its threads itself now, a Ctrl-C meanwhile
    ignored: the reading ends, and the desk with it, quietly."""
    root, port, _ = desk_setup(tmp_path)
    launch, reading, said = tmp_path / "slow.py", tmp_path / "reading", tmp_path / "said.txt"
    launch.write_text(SLOW_READING, encoding="utf-8")
    with said.open("wb") as handle:
        desk = subprocess.Popen(
            [sys.executable, str(launch), str(reading), "3", "desk", SLUG, "--content", str(root), "--no-build",
             "--port", str(port)],
            stdin=subprocess.DEVNULL, stdout=handle, stderr=handle, start_new_session=True, cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        listening(port, desk, lambda: said.read_text(errors="replace"))
        with results(root).open("a", encoding="utf-8") as handle:
            handle.write("# 手工补记\n")  # a hand edit: the desk reads the event again, in a thread
        wait_for(reading)
        desk.send_signal(signal.SIGINT)
        time.sleep(1.0)  # stopped by now; the reading goes on
        desk.send_signal(signal.SIGINT)
        desk.wait(40)
        text = said.read_text(encoding="utf-8", errors="replace")
        assert "Exception ignored" not in text and "Traceback" not in text, text
        assert "已中断" in text and desk.returncode == 130, (desk.returncode, text)
    finally:
        if desk.poll() is None:
            desk.kill()
            desk.wait()
