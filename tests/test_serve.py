"""`paibang serve`: a change in content reaches the open page; an error shows in the browser, in
the site's language; any failure of a rebuild is survived; odd requests get a 4xx and no
traceback; no symbolic link inside output/ is followed and no folder listed; 500 requests at
once are all answered; a busy port is said in one line before building. Every request goes to
127.0.0.1 only."""

from __future__ import annotations

import http.client
import os
import pickle
import shutil
import signal
import socket
import string
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
import contextlib
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generator.build
from generator.cli import main
from generator.commands.serve import Serve, Site, read_under, read_under_by_lstat
from generator import catalogues
from generator.messages import LOCALES
from support import replace  # (as a module of the tests folder: serve's builder process imports this file by that path)

ROOT = Path(__file__).resolve().parents[1]
EVENT = "events/dongke-bridge-2015"
PRELIM = f"{EVENT}/results/prelim.yaml"


def demo_content(tmp_path: Path, locale: str = "zh-Hans") -> Path:
    """content/ with the site (in `locale`) and the bridge demo event."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    site = (ROOT / "content/site.yaml").read_text(encoding="utf-8")
    assert "locale: zh-Hans" in site
    (content / "site.yaml").write_text(site.replace("locale: zh-Hans", f"locale: {locale}"), encoding="utf-8")
    shutil.copytree(ROOT / "content" / EVENT, content / EVENT)
    return content


# The build serve's builder process runs: None, generator.build.build; the fake_build fixture's
# (a module-level function: the builder is a process of its own, which it is sent to by name).
BUILD: Callable[..., Any] | None = None


@contextmanager
def serving(content: Path, output: Path) -> Iterator[Serve]:
    server = Serve(content, output, ROOT / "templates", port=0, build=BUILD)
    server.build()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def get(server: Serve, target: str, timeout: float = 60) -> tuple[int, str, dict[str, str]]:
    """(status, body, headers) of a GET of `target` exactly as written (no client-side cleaning)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.putrequest("GET", target, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace"), dict(response.getheaders())
    finally:
        connection.close()


def wait_for_version(server: Serve, since: int) -> int:
    for _ in range(10):  # each long-poll answers at the latest after 25 s
        status, body, _ = get(server, f"/__paibang/version?since={since}")
        assert status == 200
        if int(body) != since:
            return int(body)
    raise AssertionError("no rebuild within 250 s")


class Failures:
    """What the fake build raises, kept in a file beside content/ that the builder process reads
    at each build: while it holds an exception, every build raises it (so that a change the
    watcher happens to report in two batches makes no difference)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, failure: BaseException) -> None:
        self.path.write_bytes(pickle.dumps(failure))

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)


def fake(content: Path, output: Path, *args: object, **kwargs: object) -> SimpleNamespace:
    """build() that writes nothing: for the tests of requests, whose output/ the test lays itself."""
    failing = Path(content).parent / "failing.pickle"
    if failing.exists():
        raise pickle.loads(failing.read_bytes())
    return SimpleNamespace(pages=1, pdfs_printed=0, warnings=[], locale="zh-Hans")


@pytest.fixture
def fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Failures:
    monkeypatch.setattr(sys.modules[__name__], "BUILD", fake)
    return Failures(tmp_path / "failing.pickle")


def laid_site(tmp_path: Path) -> tuple[Path, Path]:
    """A content/ with only site.yaml and an output/ laid by hand."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    output = tmp_path / "output"
    (output / "events/e").mkdir(parents=True)
    (output / "index.html").write_text("<html><body><p>home</p></body></html>", encoding="utf-8")
    (output / "events/e/index.html").write_text("<html><body><p>event page</p></body></html>", encoding="utf-8")
    (output / "events/e/draw.pdf").write_bytes(b"%PDF-1.7 draw")
    return content, output


# --- rebuilding ------------------------------------------------------------------------------


def test_serve_rebuilds_shows_errors_and_recovers(tmp_path: Path) -> None:
    content = demo_content(tmp_path)
    with serving(content, tmp_path / "output") as server:
        status, page, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        assert status == 200 and "fetch(\"/__paibang/version?since=" in page and "A31" in page
        version = server.site.version

        prelim = content / PRELIM
        good = prelim.read_text(encoding="utf-8")
        prelim.write_text(good.replace("1: 4H N =", "1: 4H N =+", 1), encoding="utf-8")
        version = wait_for_version(server, version)
        _, page, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        assert "内容有错误" in page and "prelim.yaml:13:10" in page and "bridge-board-syntax" in page
        assert "1: <mark>4H N =+</mark>" in page  # the offending line itself, its faulty value marked
        assert (tmp_path / "output" / EVENT / "index.html").is_file()  # the last good build stays on disk

        prelim.write_text(good.replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
        wait_for_version(server, version)
        _, page, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        assert "内容有错误" not in page and 'role="img" aria-label="黑桃">♠</span>' in page.split('id="table-1"')[1].split("</tr>")[1]


def test_a_rebuild_that_fails_otherwise_is_reported_in_one_line_and_the_next_change_is_built(
        tmp_path: Path, fake_build: Failures, capfd: pytest.CaptureFixture[str]) -> None:
    """Before, any exception but a content error killed the watcher thread: nothing was rebuilt
    again until serve was restarted."""
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        capfd.readouterr()
        version = server.site.version
        fake_build.fail(KeyError("stage"))
        (content / "site.yaml").write_text("title: t2\nlocale: zh-Hans\n", encoding="utf-8")
        version = wait_for_version(server, version)
        lines = capfd.readouterr().err.splitlines()
        assert lines and all(line.startswith("paibang serve: 生成失败：KeyError: 'stage'（") for line in lines)
        _, page, _ = get(server, "/events/e/")
        assert "<h1>生成失败</h1>" in page and "KeyError: &#x27;stage&#x27;" in page and "event page" not in page
        assert "/__paibang/version?since=" in page  # the overlay reloads by itself too
        status, body, _ = get(server, "/events/e/draw.pdf")
        assert status == 200 and body.startswith("%PDF")  # files other than pages are still served

        for n, failure in enumerate([MemoryError(), SystemExit(3), RecursionError("too deep\n\x1b[2J")]):  # any at all
            fake_build.fail(failure)
            (content / "site.yaml").write_text(f"title: t3-{n}\nlocale: zh-Hans\n", encoding="utf-8")
            version = wait_for_version(server, version)
            lines = capfd.readouterr().err.splitlines()
            assert lines and all(type(failure).__name__ in line and "\x1b" not in line for line in lines)

        fake_build.clear()
        (content / "site.yaml").write_text("title: t4\nlocale: zh-Hans\n", encoding="utf-8")  # the fix
        wait_for_version(server, version)
        assert "已生成" in capfd.readouterr().out
        _, page, _ = get(server, "/events/e/")
        assert "event page" in page and "生成失败" not in page


def test_a_change_in_templates_is_watched_too(tmp_path: Path, fake_build: Failures) -> None:
    content, output = laid_site(tmp_path)
    templates = tmp_path / "templates"
    templates.mkdir()
    server = Serve(content, output, templates, port=0, build=BUILD)
    server.build()
    server.start()
    try:
        version = server.site.version
        (templates / "base.html").write_text("<html></html>", encoding="utf-8")
        assert wait_for_version(server, version) == version + 1
    finally:
        server.stop()


def test_content_removed_and_put_back_is_watched_again(tmp_path: Path, fake_build: Failures,
                                                       capfd: pytest.CaptureFixture[str]) -> None:
    """A watcher notices nothing in a folder that replaced the one it watched (a content/
    restored from a copy): serve watches it anew and rebuilds."""
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        version = server.site.version
        content.rename(tmp_path / "away")
        shutil.copytree(tmp_path / "away", content)  # a new folder in its place
        version = wait_for_version(server, version)
        (content / "site.yaml").write_text("title: t2\nlocale: zh-Hans\n", encoding="utf-8")
        wait_for_version(server, version)
    assert "Traceback" not in capfd.readouterr().err


_FORKS: list[int] = []  # in the builder process: how many threads ran at each fork


def watched_build(content: Path, output: Path, **kwargs: Any) -> Any:
    """generator.build.build, saying beside content/ how many threads ran in the builder at each
    process it forked (forks.txt), and how many events each build took from the memory kept
    since the last build, the same objects (kept.txt)."""
    if not _FORKS:
        os.register_at_fork(before=lambda: _FORKS.append(threading.active_count()))
        _FORKS.append(0)  # the hook is registered
    memory = kwargs["memory"]
    before = {key: id(value[0]) for key, value in memory.events.items()}
    try:
        return generator.build.build(content, output, **kwargs)
    finally:
        (Path(content).parent / "forks.txt").write_text(" ".join(map(str, _FORKS[1:])), encoding="utf-8")
        kept = sum(1 for key, value in memory.events.items() if before.get(key) == id(value[0]))
        with open(Path(content).parent / "kept.txt", "a", encoding="utf-8") as file:
            file.write(f"{kept}\n")


def test_a_full_rebuild_forks_no_process_while_serves_threads_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capfd: pytest.CaptureFixture[str]) -> None:
    """A build forks processes (events read ahead, pages rendered, PDFs printed); a process
    forked while other threads run may hang on a lock one of them held. serve runs uvicorn's
    loop and the watcher in threads: its builds, and so their forks, are the builder process's,
    whose only thread is its main thread. Before, a full rebuild forked from serve's process
    beside its threads. The builder keeps the last build's events for the next, as serve did."""
    content = demo_content(tmp_path)
    shutil.copytree(ROOT / "content/events/tumu-guandan-2020", content / "events/tumu-guandan-2020")
    forks_here: list[int] = []
    os.register_at_fork(before=lambda: forks_here.append(threading.active_count()))
    monkeypatch.setattr(sys.modules[__name__], "BUILD", watched_build)
    with serving(content, tmp_path / "output") as server:
        version = server.site.version
        # site.yaml changed: every event read and scored again, every page rendered again.
        replace(content / "site.yaml", "title: 校园牌类赛事成绩公告", "title: 校园牌类赛事成绩公告（新）")
        wait_for_version(server, version)
        status, home, _ = get(server, "/index.html")
        assert status == 200 and "校园牌类赛事成绩公告（新）" in home and "tumu-guandan-2020" in home
        status, page, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        assert status == 200 and "校园牌类赛事成绩公告（新）" in page and "A31" in page
        assert "内容有错误" not in page and "生成失败" not in page

        # And the builder keeps the events between rebuilds: one event's file saved, the other
        # event is taken from memory, not read again.
        version = server.site.version
        builds = len((tmp_path / "kept.txt").read_text(encoding="utf-8").split())
        prelim = content / PRELIM
        prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
        wait_for_version(server, version)
        _, page, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        assert 'role="img" aria-label="黑桃">♠</span>' in page.split('id="table-1"')[1].split("</tr>")[1]
        assert "1" in (tmp_path / "kept.txt").read_text(encoding="utf-8").split()[builds:]
        in_builder = [int(n) for n in (tmp_path / "forks.txt").read_text(encoding="utf-8").split()]
    assert forks_here == []  # serve itself forks nothing (the builder is spawned: fork and exec at once)
    assert all(n == 1 for n in in_builder), in_builder
    if (os.cpu_count() or 1) > 1:
        assert in_builder  # the builder did fork its pools: the full rebuild kept its speed
    assert "Traceback" not in capfd.readouterr().err


def test_a_builder_that_dies_is_said_in_one_line_and_the_next_change_starts_another(
        tmp_path: Path, fake_build: Failures, capfd: pytest.CaptureFixture[str]) -> None:
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        capfd.readouterr()
        version = server.site.version
        process = server.site.builder.process
        assert process is not None and process.pid is not None
        os.kill(process.pid, signal.SIGKILL)  # as the kernel does when memory runs out
        process.join(60)
        (content / "site.yaml").write_text("title: t2\nlocale: zh-Hans\n", encoding="utf-8")
        version = wait_for_version(server, version)
        assert capfd.readouterr().err.splitlines() == [f"paibang serve: 生成进程意外结束（SIGKILL）；{output} 保留上次成功的结果，下次保存时重新启动。"]
        _, page, _ = get(server, "/events/e/")
        # (unless the watcher reported the change in two batches, the second built by a new builder)
        assert ("SIGKILL" in page and "event page" not in page) or server.site.version > version

        (content / "site.yaml").write_text("title: t3\nlocale: zh-Hans\n", encoding="utf-8")
        wait_for_version(server, version)
        assert "已生成" in capfd.readouterr().out
        _, page, _ = get(server, "/events/e/")
        assert "event page" in page and "SIGKILL" not in page
        assert server.site.builder.process is not None and server.site.builder.process.pid != process.pid
    assert server.site.builder.process is None  # stopped with serve


def forking_build(content: Path, output: Path, *args: object, **kwargs: object) -> SimpleNamespace:
    """fake(), but while a file `hang` lies beside content/, a long build: it forks a child that
    sleeps (as a pool's worker works), says its own pid and the child's in pids.txt, and sleeps."""
    here = Path(content).parent
    if (here / "hang").exists():
        child = os.fork()
        if child == 0:
            try:
                time.sleep(600)
            finally:
                os._exit(0)
        (here / "pids.tmp").write_text(f"{os.getpid()} {child}", encoding="utf-8")
        os.replace(here / "pids.tmp", here / "pids.txt")
        time.sleep(600)
    return fake(content, output, *args, **kwargs)


def building_pids(here: Path) -> tuple[int, int]:
    """(the builder, the child its build forked), once forking_build has said them."""
    assert until(lambda: (here / "pids.txt").exists()), "the build never started"
    builder, child = map(int, (here / "pids.txt").read_text(encoding="utf-8").split())
    (here / "pids.txt").unlink()
    return builder, child


def until(condition: Callable[[], bool], seconds: float = 120) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def gone(pid: int) -> bool:
    """Whether process `pid` has ended (a zombie not yet reaped by whoever adopts orphans too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True
    except OSError:
        return False


def group_members(*groups: int) -> list[int]:
    """The processes still running in any of these process groups (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) in groups and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.mark.parametrize(("number", "reason"), [(signal.SIGKILL, "SIGKILL"), (signal.SIGINT, "exit 0")])
def test_a_builder_that_ends_during_a_build_is_said_and_what_it_forked_ends_with_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], number: int,
        reason: str) -> None:
    """Before, the workers a killed builder had forked kept its end of the pipe open: serve
    waited for the answer for good (no line, no page, no later build) and the workers ran on. A
    builder that ended with exit 0 unasked (SIGINT sent to it alone) was passed over in silence."""
    monkeypatch.setattr(sys.modules[__name__], "BUILD", forking_build)
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        capfd.readouterr()
        version = server.site.version
        (tmp_path / "hang").touch()
        (content / "site.yaml").write_text("title: t2\nlocale: zh-Hans\n", encoding="utf-8")
        builder, child = building_pids(tmp_path)
        assert not gone(child)
        (tmp_path / "hang").unlink()
        os.kill(builder, number)  # SIGKILL: as the kernel does when memory runs out
        version = wait_for_version(server, version)
        assert capfd.readouterr().err.splitlines() == [f"paibang serve: 生成进程意外结束（{reason}）；{output} 保留上次成功的结果，下次保存时重新启动。"]
        _, page, _ = get(server, "/events/e/")
        # (unless the watcher reported the change in two batches, the second built by a new builder)
        assert (reason in page and "event page" not in page) or server.site.version > version
        assert until(lambda: gone(child))  # the builder's process group killed with it

        version = server.site.version
        (content / "site.yaml").write_text("title: t3\nlocale: zh-Hans\n", encoding="utf-8")
        wait_for_version(server, version)
        assert "已生成" in capfd.readouterr().out
        _, page, _ = get(server, "/events/e/")
        assert "event page" in page and reason not in page
        assert server.site.builder.process is not None and server.site.builder.process.pid != builder
    assert server.site.builder.process is None



def test_a_builder_hears_sigint_though_serve_was_started_ignoring_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """A shell without job control starts `nohup paibang serve &` with SIGINT ignored, and the
    builder inherited that through exec: a build went on when serve interrupted it, and a builder
    outlived a serve that died (its death signal is SIGINT). Before, the build below was never
    said to have ended ("no rebuild within 250 s")."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set in the main thread only")
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        test_a_builder_that_ends_during_a_build_is_said_and_what_it_forked_ends_with_it(
            tmp_path, monkeypatch, capfd, signal.SIGINT, "exit 0")
    finally:
        signal.signal(signal.SIGINT, previous)

def test_a_build_waited_for_in_one_thread_while_another_stops_the_builder(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Before, stop() forgot the builder under the waiting thread, which then failed on an
    assertion ("生成失败：AssertionError"); and it waited 5 s for a build before interrupting it."""
    content, output = laid_site(tmp_path)
    site = Site(content, output, ROOT / "templates", None, forking_build)
    (tmp_path / "hang").touch()
    building = threading.Thread(target=site.build_once)
    building.start()
    builder, child = building_pids(tmp_path)
    site.builder.stop()
    building.join(120)
    assert not building.is_alive()
    assert site.overlay is None and site.builder.process is None
    assert until(lambda: gone(builder) and gone(child))
    assert "生成" not in capfd.readouterr().err  # stopped as asked: nothing to say
    site.build_once()  # and a stopped builder is not started again
    assert site.builder.process is None and site.overlay is None


SERVE_SCRIPT = """import signal
import sys
from pathlib import Path

signal.signal(signal.SIGINT, signal.default_int_handler)  # as from a terminal, whatever this one inherited

sys.path.insert(0, {tests!r})
from generator.commands.serve import serve
from test_serve import forking_build

if __name__ == "__main__":
    sys.exit(serve(Path({content!r}), Path({output!r}), Path({templates!r}), 0, None, build=forking_build))
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="the process groups are read in /proc")
@pytest.mark.parametrize(("when", "number"), [("first build", signal.SIGTERM), ("rebuild", signal.SIGTERM),
                                               ("rebuild", signal.SIGINT), ("rebuild", signal.SIGHUP)])
def test_sigterm_ends_serve_its_builder_and_what_the_build_forked(tmp_path: Path, when: str, number: int) -> None:
    """Before, SIGTERM ended serve (no handler before the first build; uvicorn's raised again
    with the default action after it) but never reached the builder: the build went on for
    minutes, swapped output/ and printed to a terminal nobody read. SIGINT sent to serve alone
    (not to its process group, as Ctrl-C does) and SIGHUP (the terminal closed) end it all too."""
    content, output = laid_site(tmp_path)
    script = tmp_path / "serve_script.py"
    script.write_text(SERVE_SCRIPT.format(tests=str(ROOT / "tests"), content=str(content), output=str(output),
                                          templates=str(ROOT / "templates")), encoding="utf-8")
    if when == "first build":
        (tmp_path / "hang").touch()
    with open(tmp_path / "out.txt", "wb") as out, open(tmp_path / "err.txt", "wb") as err:
        serving_process = subprocess.Popen([sys.executable, str(script)], stdout=out, stderr=err, cwd=tmp_path,
                                           start_new_session=True)
    builder = 0
    try:
        if when == "rebuild":
            assert until(lambda: "http://127.0.0.1:" in (tmp_path / "out.txt").read_text(encoding="utf-8"))
            (tmp_path / "hang").touch()
            for n in range(60):  # (the watcher starts a moment after the line is printed)
                (content / "site.yaml").write_text(f"title: t{n}\nlocale: zh-Hans\n", encoding="utf-8")
                if until(lambda: (tmp_path / "pids.txt").exists(), 2):
                    break
        builder, child = building_pids(tmp_path)
        serving_process.send_signal(number)
        assert serving_process.wait(120) == 0
        assert until(lambda: gone(builder) and gone(child))
        # (and multiprocessing's resource tracker, in serve's group, ends on its own)
        assert until(lambda: group_members(serving_process.pid, builder) == []), group_members(serving_process.pid, builder)
        said = (tmp_path / "err.txt").read_text(encoding="utf-8")
        assert "Traceback" not in said and "生成" not in said, said
    finally:
        for group in (serving_process.pid, builder):
            if group:
                with contextlib.suppress(OSError):
                    os.killpg(group, signal.SIGKILL)
        serving_process.wait()


WATCHER_INTERRUPTED_SCRIPT = """import sys
from pathlib import Path

import anyio

sys.path.insert(0, {tests!r})
from generator.commands import serve as serving
from test_serve import fake


async def interrupted(site, stop):
    # As watchfiles does, a call in anyio's worker thread (not a daemon: ended when the loop's
    # main task ends), then KeyboardInterrupt in this task, as a signal arriving here raises it.
    await anyio.to_thread.run_sync(lambda: None)
    raise KeyboardInterrupt


serving.watch = interrupted
if __name__ == "__main__":
    sys.exit(serving.serve(Path({content!r}), Path({output!r}), Path({templates!r}), 0, None, build=fake))
"""


def test_an_interruption_in_the_watchers_task_ends_serve(tmp_path: Path) -> None:
    """SIGHUP, left to serve's own handler while serving, raised KeyboardInterrupt wherever the
    loop was: now and then in the watcher's task. The loop's main task then ended on it too, as
    the loop closed, and anyio's worker thread was never told to end: serve hung at exit (the CI
    run's SIGHUP case, once in about 70). Here the interruption is put in the watcher's task."""
    content, output = laid_site(tmp_path)
    script = tmp_path / "watcher_script.py"
    script.write_text(WATCHER_INTERRUPTED_SCRIPT.format(tests=str(ROOT / "tests"), content=str(content),
                                                        output=str(output), templates=str(ROOT / "templates")),
                      encoding="utf-8")
    serving_process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, cwd=tmp_path, start_new_session=True)
    try:
        _, said = serving_process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(serving_process.pid, signal.SIGKILL)
        serving_process.communicate()
        pytest.fail("serve did not end after an interruption in the watcher's task")
    assert serving_process.returncode == 0 and b"Traceback" not in said, said


def test_the_sites_language_is_read_once_a_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The words serve says between builds (a request that fails, the watcher's retries) are in
    the site's language as the last build read it: site.yaml read once a build, not at each
    line (before, every failing request read it again)."""
    from generator.commands import serve as serving_module

    content, output = laid_site(tmp_path)
    site = Site(content, output, ROOT / "templates", None)
    reads: list[Path] = []
    read = serving_module.site_locale
    monkeypatch.setattr(serving_module, "site_locale", lambda folder: reads.append(folder) or read(folder))
    monkeypatch.setattr(site.builder, "build", lambda: None)  # (no builder: the build itself is not what is read here)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    assert [site.locale for _ in range(100)] == ["zh-Hans"] * 100 and reads == []
    site.build_once()
    assert [site.locale for _ in range(100)] == ["en"] * 100 and reads == [content]


def test_the_code_is_hashed_again_only_when_one_of_its_files_changed(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder makes the code's digest (render/incremental.py's code_digest: every file of the
    package and the templates, read and hashed) again when the stats of one of those files
    changed since the last build, not at every rebuild; a template saved is seen at once."""
    from generator.commands.serve import Building
    from generator.render import incremental

    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(incremental, "TEMPLATES", templates)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (the copy is new: its stats are trusted at once)
    content, output = laid_site(tmp_path)
    digests: list[str] = []

    def build(content: Path, output: Path, *args: object, **kwargs: object) -> SimpleNamespace:
        digests.append(incremental.code_digest())
        return fake(content, output)

    building = Building(content, output, None, build)
    try:
        for _ in range(3):
            assert building.build_once() is None
        info = incremental.code_digest.cache_info()
        assert (info.misses, info.hits) == (1, 2) and len(set(digests)) == 1  # made once, at the first build
        base = templates / "base.html"
        base.write_text(base.read_text(encoding="utf-8") + "<!-- saved -->", encoding="utf-8")
        assert building.build_once() is None
        assert incremental.code_digest.cache_info().misses == 1 and digests[-1] != digests[0]  # made again
    finally:
        incremental.code_digest.cache_clear()  # (of the copy: the next test's is the package's)


def modules_build(content: Path, output: Path, *args: object, **kwargs: object) -> SimpleNamespace:
    """fake(), saying which of serve's own modules the builder has imported."""
    loaded = sorted(name for name in ("uvicorn", "watchfiles") if name in sys.modules)
    (Path(content).parent / "modules.txt").write_text(" ".join(loaded) or "none", encoding="utf-8")
    return fake(content, output, *args, **kwargs)


def test_the_builder_imports_neither_the_server_nor_the_watcher(tmp_path: Path) -> None:
    """The builder only builds: uvicorn and watchfiles are imported by serve alone (before,
    by every builder as it started, about a tenth of a second each time)."""
    content, output = laid_site(tmp_path)
    site = Site(content, output, ROOT / "templates", None, modules_build)
    try:
        site.build_once()
    finally:
        site.builder.stop()
    assert site.overlay is None
    assert (tmp_path / "modules.txt").read_text(encoding="utf-8") == "none"


SPAWNED_SCRIPT = """import os
import signal
import sys
from multiprocessing import util
from pathlib import Path

signal.signal(signal.SIGINT, signal.default_int_handler)  # as from a terminal, whatever this one inherited

sys.path.insert(0, {tests!r})
from generator.commands.serve import serve
from test_serve import fake

spawn = util.spawnv_passfds


def spawned_then_stopped(path, args, passfds):
    # The builder forked and exec'd, its preparation data not yet sent: SIGTERM (or Ctrl-C) now.
    pid = spawn(path, args, passfds)
    if "resource_tracker" not in " ".join(map(str, args)):  # (multiprocessing's own helper)
        Path("builder.pid").write_text(str(pid))
        os.kill(os.getpid(), signal.SIG{signal})
    return pid


util.spawnv_passfds = spawned_then_stopped

if __name__ == "__main__":
    sys.exit(serve(Path({content!r}), Path({output!r}), Path({templates!r}), 0, None, build=fake))
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="the process groups are read in /proc")
@pytest.mark.parametrize("number", ["TERM", "INT"])
def test_serve_stopped_as_its_builder_is_spawned_ends_it_without_a_word(tmp_path: Path, number: str) -> None:
    """SIGTERM (or Ctrl-C) just after the builder was spawned, before it was sent what to run:
    before, serve stopped with the builder unknown to it, which then failed to read what to run
    and printed its traceback ("EOFError: Ran out of input") on serve's terminal. Now the signal
    waits until serve knows the builder, then stops it: serve ends (0), the builder with it, and
    nothing is said but serve's own words."""
    content, output = laid_site(tmp_path)
    script = tmp_path / "serve_script.py"
    script.write_text(SPAWNED_SCRIPT.format(tests=str(ROOT / "tests"), content=str(content), output=str(output),
                                            templates=str(ROOT / "templates"), signal=number), encoding="utf-8")
    serving_process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True, cwd=tmp_path, start_new_session=True)
    builder = 0
    try:
        _, err = serving_process.communicate(timeout=120)
        builder = int((tmp_path / "builder.pid").read_text(encoding="utf-8"))
        assert serving_process.returncode == 0, err
        assert until(lambda: gone(builder), 60)
        time.sleep(1)  # (a builder left unknown would say its traceback about now)
        assert err == "", err
        assert until(lambda: group_members(serving_process.pid, builder) == [], 60)
    finally:
        if serving_process.poll() is None:
            os.killpg(serving_process.pid, signal.SIGKILL)
        for group in (serving_process.pid, builder):
            if group:
                with contextlib.suppress(OSError):
                    os.killpg(group, signal.SIGKILL)
        serving_process.wait()


@pytest.mark.parametrize(("locale", "title", "message"), [
    ("en", "Content errors", "board 1: cannot read 4H N =+"),
    ("zh-Hant", "內容有錯誤", "第 1 副的記錄 4H N =+ 看不懂"),
    ("zh-Hans", "内容有错误", "第 1 副的记录 4H N =+ 看不懂"),
])
def test_the_error_overlay_speaks_the_sites_language(tmp_path: Path, locale: str, title: str, message: str,
                                                     capfd: pytest.CaptureFixture[str]) -> None:
    content = demo_content(tmp_path, locale)
    replace(content / PRELIM, "1: 4H N =", "1: 4H N =+")
    with serving(content, tmp_path / "output") as server:
        status, page, _ = get(server, "/index.html")
        assert status == 200 and f'<html lang="{locale}">' in page and f"<h1>{title}</h1>" in page
        assert message in page
    assert message in capfd.readouterr().err  # as the terminal says it


# --- odd requests ----------------------------------------------------------------------------

ODD_REQUESTS = [
    "/__paibang/version?since=abc",
    "/__paibang/version?since=1&since=2",
    "/__paibang/version?since=-1",
    "/__paibang/version?since=%EF%BC%91",  # a full-width 1
    "/__paibang/version?since=99999999999999999999999999",
    "/__paibang/version?" + "&".join(f"x{i}=1" for i in range(50)),
    "/%00",
    "/index.html%00.txt",
    "/%ED%A0%80",  # a lone surrogate: not UTF-8
    "/%FF%FE",
    "/%0d%0aSet-Cookie:%20a=b",
    "/" + "a" * 10_000,
    "/" + "%41" * 3_000,
    "/a/" * 600,
    "/" + "b" * 300 + ".html",  # longer than a file name may be
    "/..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/events/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/../../etc/passwd",
    "/index.html/",
    "/events/e/draw.pdf/x",
    "//etc/passwd",
    "http://127.0.0.1/etc/passwd",
    "*",
]


def test_odd_requests_get_a_4xx_and_no_traceback(tmp_path: Path, fake_build: Failures,
                                                 capfd: pytest.CaptureFixture[str]) -> None:
    content, output = laid_site(tmp_path)
    (tmp_path / "passwd").write_text("secret", encoding="utf-8")
    with serving(content, output) as server:
        capfd.readouterr()
        for target in ODD_REQUESTS:
            status, body, _ = get(server, target)
            assert 400 <= status < 500, (target[:80], status)
            assert "secret" not in body
        for method in ("POST", "DELETE", "PUT"):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            connection.request(method, "/index.html", body=b"x")
            assert connection.getresponse().status == 405
            connection.close()
        with socket.create_connection(("127.0.0.1", server.port), timeout=60) as raw:  # not HTTP at all
            raw.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(200)) + b"\r\n\r\n")
            assert raw.recv(100).startswith(b"HTTP/1.1 400")
        assert get(server, "/index.html")[0] == 200  # and it still serves
    err = capfd.readouterr().err
    assert "Traceback" not in err and 'File "' not in err and "Error" not in err.replace("Invalid HTTP", "")
    assert len(err.splitlines()) <= 1  # uvicorn's one "Invalid HTTP request received." for the raw bytes


def test_any_path_or_query_gets_an_answer_and_no_traceback(tmp_path: Path, fake_build: Failures,
                                                             capfd: pytest.CaptureFixture[str]) -> None:
    """Any bytes, percent-encoded, as the path or as `since`: 200, 301, 400, 404 or 414, never a
    failure of the server."""
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:

        @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(st.binary(max_size=300), st.sampled_from(["", "/", "/events/", "/events/e/", "/__paibang/version"]),
               st.binary(max_size=40))
        def probe(raw: bytes, prefix: str, since: bytes) -> None:
            target = prefix + quote_from_bytes(raw, safe="/%.")
            if prefix.startswith("/__paibang"):
                since += b"x" if since.isdigit() and int(since) == server.site.version else b""  # no waiting
                target += "?since=" + quote_from_bytes(since, safe="")
            elif not target.startswith("/"):
                target = "/" + target
            assert get(server, target)[0] in (200, 301, 400, 404, 414), target

        probe()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err


def test_the_long_poll(tmp_path: Path, fake_build: Failures) -> None:
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        version = server.site.version
        assert get(server, "/__paibang/version")[1] == str(version)  # no since: at once
        assert get(server, f"/__paibang/version?since={version + 7}")[1] == str(version)  # a stale page: at once
        answers: list[str] = []
        waiting = threading.Thread(target=lambda: answers.append(get(server, f"/__paibang/version?since={version}")[1]))
        waiting.start()
        (content / "site.yaml").write_text("title: t2\nlocale: zh-Hans\n", encoding="utf-8")
        waiting.join(120)
        assert answers == [str(version + 1)]


def ask_as(server: Serve, target: str, *hosts: str) -> tuple[int, str]:
    """(status, body) of a GET of `target` sending exactly these Host headers (none, one, two)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        for host in hosts:
            connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


def test_a_request_naming_another_host_is_refused(tmp_path: Path, fake_build: Failures) -> None:
    """DNS rebinding: a page of attacker.example points its name at 127.0.0.1 and reads what serve
    answers as its own (the preview, the error overlay quoting content lines). The browser still
    names attacker.example in Host: only this machine's loopback names with serve's port are
    answered, the rest get 421, the long-poll and the overlay included (rev5 #5)."""
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        port = server.port
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost:{port}", f"[::1]:{port}"):
            status, body = ask_as(server, "/index.html", host)
            assert status == 200 and "home" in body, host
        for host in (f"attacker.example:{port}", "attacker.example", f"127.0.0.1.attacker.example:{port}",
                     f"localhost:{port + 1}", "localhost", f"127.0.0.1:{port}0", f"[::2]:{port}", f"10.0.0.1:{port}",
                     f"localhost:{port}@attacker.example", ""):
            for target in ("/index.html", "/events/e/draw.pdf", "/__paibang/version"):
                status, body = ask_as(server, target, host)
                assert status == 421 and "home" not in body and "PDF" not in body, (host, target, status)
        assert ask_as(server, "/index.html")[0] in (400, 421)  # no Host at all
        assert ask_as(server, "/index.html", f"localhost:{port}", f"attacker.example:{port}")[0] in (400, 421)
        Failures(tmp_path / "failing.pickle").fail(RuntimeError("boom"))
        (content / "site.yaml").write_text("title: t3\nlocale: zh-Hans\n", encoding="utf-8")
        wait_for_version(server, server.site.version)
        assert server.site.overlay is not None  # the failure page now stands for every page
        assert ask_as(server, "/index.html", f"attacker.example:{port}")[0] == 421
        assert "boom" in ask_as(server, "/index.html", f"localhost:{port}")[1]


# --- what is served --------------------------------------------------------------------------


def test_a_symbolic_link_inside_output_is_never_followed(tmp_path: Path, fake_build: Failures) -> None:
    content, output = laid_site(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret", encoding="utf-8")
    (outside / "index.html").write_text("<html><body>secret</body></html>", encoding="utf-8")
    (output / "leak.txt").symlink_to(outside / "secret.txt")
    (output / "leak").symlink_to(outside)
    (output / "events/e/leak.html").symlink_to(outside / "index.html")
    (output / "events/home.html").symlink_to(output / "index.html")  # a link within output/ too
    (output / "events/f").symlink_to(output / "events/e")
    with serving(content, output) as server:
        assert get(server, "/events/e/index.html")[0] == 200
        for target in ("/leak.txt", "/leak/secret.txt", "/leak/", "/leak", "/events/e/leak.html", "/events/home.html",
                       "/events/f/index.html", "/events/f/", "/events/f/draw.pdf"):
            status, body, _ = get(server, target)
            assert status == 404 and "secret" not in body and "home" not in body, target


@pytest.mark.parametrize("read", [read_under, read_under_by_lstat])
def test_a_link_is_refused_by_both_ways_of_reading(tmp_path: Path, read: object) -> None:
    """read_under_by_lstat is the way where files cannot be opened relative to a folder."""
    _, output = laid_site(tmp_path)
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (output / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (output / "leak").symlink_to(tmp_path)
    os.mkfifo(output / "pipe")
    assert read(output, ["events", "e", "draw.pdf"], False) == ("draw.pdf", b"%PDF-1.7 draw")  # type: ignore[operator]
    assert read(output, ["events", "e"], True) == ("index.html", b"<html><body><p>event page</p></body></html>")  # type: ignore[operator]
    assert read(output, ["events", "e"], False) == "folder"  # type: ignore[operator]
    for parts in (["leak.txt"], ["leak", "secret.txt"], ["pipe"], ["events"], ["nothing"]):
        assert read(output, parts, False) is None, parts  # type: ignore[operator]
        assert read(output, parts, True) is None, parts  # type: ignore[operator]


def test_a_folder_is_never_listed(tmp_path: Path, fake_build: Failures) -> None:
    content, output = laid_site(tmp_path)
    (output / "events/e/index.html").unlink()
    with serving(content, output) as server:
        for target in ("/events/e/", "/events/e", "/events/", "/events"):
            status, body, _ = get(server, target)
            assert status == 404 and "draw.pdf" not in body and "<a" not in body, target
        assert get(server, "/events/e/draw.pdf")[0] == 200


def test_a_folder_with_its_page_is_served_at_its_slash(tmp_path: Path, fake_build: Failures) -> None:
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        status, body, _ = get(server, "/events/e/")
        assert status == 200 and "event page" in body
        status, _, headers = get(server, "/events/e?x=1")
        assert status == 301 and headers["location"] == "/events/e/?x=1"  # its relative links need the slash
        # never a protocol-relative address (`//events/e/`: the host `events`), however the path was sent
        for target in ("//events/e", "//events//e?x=1", "/%2Fevents/e", "/%2F/events/e", "///events/e"):
            status, _, headers = get(server, target)
            assert status == 301 and headers["location"] in ("/events/e/", "/events/e/?x=1"), (target, headers)
        status, body, headers = get(server, "/events/e/draw.pdf")
        assert status == 200 and headers["content-type"] == "application/pdf" and headers["cache-control"] == "no-store"


# --- load ------------------------------------------------------------------------------------


def test_500_requests_at_once_are_all_answered(tmp_path: Path, fake_build: Failures) -> None:
    """ThreadingHTTPServer's listening queue of 5 left about half of them unanswered (they timed
    out after 60 s); the kernel now queues BACKLOG connections."""
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        start = threading.Barrier(500)

        def one(index: int) -> int:
            start.wait(60)
            target = "/events/e/draw.pdf" if index % 2 else "/index.html"
            try:
                return get(server, target, timeout=60)[0]
            except OSError:
                return 0

        with ThreadPoolExecutor(max_workers=500) as pool:
            statuses = list(pool.map(one, range(500)))
    assert statuses.count(200) == 500, {s: statuses.count(s) for s in set(statuses)}


# --- the port --------------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "words"), [("zh-Hans", "已被占用"), ("zh-Hant", "已被佔用"), ("en", "already in use")])
def test_a_busy_port_is_said_in_one_line_before_building(tmp_path: Path, locale: str, words: str,
                                                        capfd: pytest.CaptureFixture[str]) -> None:
    content = demo_content(tmp_path, locale)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--content", str(content), "--output", str(tmp_path / "output"), "--port", str(port)])
    out, err = capfd.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and words in err and str(port) in err and f"--port {port + 1}" in err
    assert out == "" and not (tmp_path / "output").exists()  # nothing was built


def test_a_port_that_cannot_be_taken_is_said_in_one_line(tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A port the system will not give (a port below 1024 to a user, here made so for root too;
    a port out of range is a usage error before this: test_cli)."""
    import errno
    import socket

    def refused(self: socket.socket, address: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(socket.socket, "bind", refused)
    content = demo_content(tmp_path, "en")
    assert main(["serve", "--content", str(content), "--output", str(tmp_path / "output"), "--port", "80"]) == 2
    out, err = capfd.readouterr()
    assert err.count("\n") == 1 and "cannot serve on 127.0.0.1:80" in err and "Traceback" not in err


def test_serve_words_speak_three_languages_with_the_same_parameters() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    serve_words = {k: v for k, v in catalogues.words(catalogues.SHARED).items() if k.startswith("serve-")}
    assert len(serve_words) == 13
    for key, texts in serve_words.items():
        assert len(texts) == len(LOCALES) and all(t.strip() for t in texts), key
        assert len({frozenset(fields(t)) for t in texts}) == 1, key
        assert all("\n" not in t for t in texts), key


# --- in a browser ----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_open_page_reloads_itself_into_the_error_and_back(tmp_path: Path, fake_build: Failures, browser) -> None:
    """The page's long-poll script, in headless Chromium: a failed rebuild replaces the open
    page by the error, the next good one brings the page back, with no reload by hand."""
    content, output = laid_site(tmp_path)
    with serving(content, output) as server:
        page = browser.new_page()
        try:
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(server.url + "events/e/")
            assert page.locator("p").inner_text() == "event page"

            fake_build.fail(RuntimeError("the printer caught fire"))
            (content / "site.yaml").write_text("title: t2\nlocale: zh-Hans\n", encoding="utf-8")
            page.locator("h1", has_text="生成失败").wait_for(timeout=60_000)
            assert "RuntimeError: the printer caught fire" in page.locator("pre").inner_text()

            fake_build.clear()
            (output / "events/e/index.html").write_text("<html><body><p>event page, again</p></body></html>",
                                                        encoding="utf-8")
            (content / "site.yaml").write_text("title: t3\nlocale: zh-Hans\n", encoding="utf-8")
            page.locator("p", has_text="event page, again").wait_for(timeout=60_000)
            assert errors == []
        finally:
            page.close()


# Where each faulty value starts and where its caret is, in px, on the error page, read from the
# text whatever its markup (a value is found by its characters in the line above the caret, the
# caret by its ^); whether the value is a <mark>; and how far the page itself scrolls sideways
# (it must not: only a line of a file may).
CARETS = """(values) => {
  const at = (element, offset) => {  // the box of the character at `offset` of element's text
    const walk = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (offset < node.length) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect();
      }
      offset -= node.length;
    }
  };
  const found = [];
  for (const block of document.querySelectorAll("pre")) {
    const text = block.textContent, value = values.find((v) => text.includes(v));
    if (value === undefined) continue;
    const start = text.indexOf(value), caret = text.indexOf("^", start);
    const box = block.getBoundingClientRect(), first = at(block, start);
    const marked = [...block.querySelectorAll("mark")].map((m) => m.textContent);
    found.push({value, value_x: first.left, caret_x: caret === -1 ? null : at(block, caret).left,
                marked: marked.includes(value), scrolls: block.scrollWidth > block.clientWidth,
                on_screen: first.left >= box.left && first.right <= box.right});
  }
  return {lines: found, page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


@pytest.mark.slow
def test_the_caret_stands_under_the_faulty_value_on_a_phone(tmp_path: Path, browser) -> None:
    """At 390 px a line of a results file is wider than the screen: the line and its caret scroll
    sideways together, in their own box, the page does not, and the caret starts where the faulty
    value does, whether the line before it is Latin (a deal log) or Chinese (an entry), whose
    characters a browser draws neither one nor two Latin characters wide."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    guandan = "events/tumu-guandan-2020"
    shutil.copytree(ROOT / "content" / guandan, content / guandan)
    replace(content / guandan / "event.yaml", "  - {id: T01, players: [崔涛, 肖文华], group: 结构工程系}",
            "  - {id: T01, players: [崔涛, 肖文华], group: 结构工程系（二〇二〇年度教职工代表队）, withdrawn: 已退赛}")
    replace(content / guandan / "results/round-1.yaml", "deals: [T45+3, T45+2, T50+1, T45+3, T45+3, T50+1, T45+3]",
            "deals: [T45+3, T45+2, T50+1, T45+3, T45+3, T50+1, T45+3, T45+3, T50+1, T45+3, T45+2, T50+9]")
    with serving(content, tmp_path / "output") as server:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        try:
            page.goto(server.url + "index.html")
            page.locator("h1", has_text="内容有错误").wait_for()
            found = page.evaluate(CARETS, ["已退赛", "T50+9"])
        finally:
            page.close()
    assert found["page"] <= 0, "the page scrolls sideways"
    lines = {line["value"]: line for line in found["lines"]}
    assert set(lines) == {"已退赛", "T50+9"}
    for value, line in lines.items():
        assert line["caret_x"] is not None and abs(line["caret_x"] - line["value_x"]) <= 1.5, (value, line)
        assert line["scrolls"], value  # the test's lines are wider than a phone
        assert line["on_screen"], value  # opened where the value is
        assert line["marked"], value  # a screen reader says it is the one highlighted


def test_the_warnings_printed_after_each_rebuild_resolve_the_content_folder_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """serve prints every warning after every rebuild (500 of them in a 2,000-event archive):
    each is shown relative to content/, which is resolved once for them all, not once each."""
    from generator.commands.console import print_problems
    from generator.errors import ContentError, Mark

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    source = content / "events" / "round-1.yaml"
    source.write_text("tables:\n  - table: 1\n", encoding="utf-8")
    problems = [ContentError("draw-standings-changed", Mark(source, 2, 5), {"rounds": "round 2", "changes": "T01"},
                             warning=True) for _ in range(50)]
    resolved: list[Path] = []
    resolve = Path.resolve
    monkeypatch.setattr(Path, "resolve", lambda self, *args, **named: resolved.append(self) or resolve(self, *args, **named))
    print_problems(problems, "en", content)
    assert resolved.count(content) == 1
    assert capfd.readouterr().err.count("content/events/round-1.yaml:2:5") == 50


def test_a_saved_results_file_reloads_the_page_once_its_event_is_in_place_and_again_once_the_site_is(
        tmp_path: Path) -> None:
    """The watcher hands the saved paths to the builder, which puts the event's pages in place
    first and says so (a new version: the open page reloads), then rebuilds the site (another)."""
    content = demo_content(tmp_path)
    with serving(content, tmp_path / "output") as server:
        _, before, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        version = server.site.version
        replace(content / PRELIM, "6: 3D W -1", "6: 3D W -2")
        early = wait_for_version(server, version)
        _, page, _ = get(server, f"/{EVENT}/prelim/round-1/index.html")
        assert page != before and "内容有错误" not in page
        status, body, _ = get(server, f"/__paibang/version?since={early}")  # the whole rebuild's, within 25 s
        assert status == 200 and int(body) == early + 1
