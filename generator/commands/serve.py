"""`paibang serve`: build, serve output/ on localhost, rebuild on every change, reload the page.

The port is taken first, so that a busy one is said in one line before minutes of building.
watchfiles watches content/ and templates/; a change rebuilds the site in the builder, a process
of serve's own (Builder, below), which keeps the last build's events in memory between rebuilds;
when the files saved all lie in one event's folder, that event's pages are put in place first,
and the page reloaded, before the rest of the site (Building).
Each page served gets a few lines of script that long-poll `/__paibang/version?since=N` and
reload when the build changes. When the content has errors, every page shows them instead (file,
line, the offending line, the fix) in the site's language until they are fixed; the output/ on
disk keeps the last good build, as `paibang build` would. Any other failure of a rebuild is one
line on the terminal and on the page, and the next change is built again: serve never stops
watching.

The server is uvicorn (an ASGI server on one asyncio loop), not http.server: a long-poll is a
waiting coroutine rather than a thread, and the listening queue holds BACKLOG connections (500
requests at once left 266 unanswered with ThreadingHTTPServer's queue of 5). Files are served
by the small app below rather than a static-files library, because it must never follow a
symbolic link inside output/ (each folder and the file are opened with O_NOFOLLOW relative to
the folder above), never list a folder, and turn every odd request into a 4xx, not a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import errno
import html
import importlib
import logging
import mimetypes
import multiprocessing
import multiprocessing.connection
import os
import re
import signal
import socket
import stat
import sys
import threading
import time
import traceback
import unicodedata
from collections.abc import Awaitable, Callable, Collection, Iterator, MutableMapping
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, unquote_to_bytes

from generator import catalogues
from generator.commands.console import print_problems, site_locale, terminal
from generator.errors import (ContentError, ContentErrors, CouldNotFinish, in_printed_order, signal_name,
                             system_reason)
from generator.event_cache import EventMemory
from generator.hosts import host_allowed
from generator.render.problems import SCROLL_TO_VALUE, STYLE as PROBLEM_STYLE, problem_block

HOST = "127.0.0.1"
# Connections the kernel keeps waiting while the loop is busy: far more than a browser or a
# room of phones opens at once, and under Linux's default somaxconn (4096).
BACKLOG = 2048
# Longer request targets are refused (414) before any decoding or file-system work: the longest
# path the build writes is well under 300 bytes.
MAX_TARGET = 2048
LONG_POLL_SECONDS = 25.0
WATCH_RETRY_SECONDS = 2.0

RELOAD_SCRIPT = """<script>
(function () {
  var version = %d;
  function poll() {
    fetch("/__paibang/version?since=" + version).then(function (r) { return r.text(); }).then(function (v) {
      if (parseInt(v, 10) !== version) { location.reload(); } else { poll(); }
    }).catch(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
</script>"""

Scope = MutableMapping[str, Any]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]


class ListenRefused(Exception):
    """The port cannot be taken; `line` says why in the site's language."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line


def one_line(text: str, limit: int = 400) -> str:
    """Text fit for one terminal line: whitespace runs collapsed, control characters (which
    could move the cursor or retitle the window) shown as escapes, and not too long."""
    text = " ".join(text.split())
    text = "".join(c if unicodedata.category(c) not in ("Cc", "Cf", "Cs") else f"\\x{ord(c):02x}" if ord(c) < 256
                   else f"\\u{ord(c):04x}" for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(failure: BaseException) -> tuple[str, str]:
    """(`TypeError: …`, `generator/x.py:12`): what failed and the innermost line of paibang's
    own code it failed in (else the innermost line at all), for a report of one line."""
    frames = traceback.extract_tb(failure.__traceback__)
    package = Path(__file__).resolve().parents[1]  # generator/
    ours = [f for f in frames if Path(f.filename).is_relative_to(package)]
    where = ""
    if frames:
        frame = (ours or frames)[-1]
        path = Path(frame.filename)
        where = f"{path.relative_to(package.parent) if ours else path.name}:{frame.lineno}"
    try:
        text = str(failure)
    except Exception:  # noqa: BLE001 - an exception whose text itself fails
        text = ""
    what = f"{type(failure).__name__}: {text}" if text else type(failure).__name__
    return one_line(what, 300), where


# Why a port could not be listened on, in the site's words (the C library's "Permission denied"
# inside a Chinese line otherwise); system_reason's words are a file's ("no permission to write"),
# wrong for a port below 1024 or a host that is not this computer's.
LISTEN_REASONS = {errno.EACCES: "listen_reason_not_allowed", errno.EPERM: "listen_reason_not_allowed",
                  errno.EADDRNOTAVAIL: "listen_reason_no_address"}


def listen_reason(failure: BaseException) -> str | dict[str, str]:
    """Why bind refused `failure`'s host and port: a known refusal in every locale's words, else
    the system's (system_reason), in one line."""
    if isinstance(failure, socket.gaierror):  # (its errno an EAI_ code, not an errno: checked first)
        return catalogues.word("listen_reason_unknown_host")
    if isinstance(failure, OSError) and failure.errno in LISTEN_REASONS:
        return catalogues.word(LISTEN_REASONS[failure.errno])
    reason = system_reason(failure) if isinstance(failure, OSError) else str(failure)
    return one_line(reason, 200) if isinstance(reason, str) else reason


def say(line: str) -> None:
    terminal(line, error=True, flush=True)


class Site:
    """The state shared by the watcher and the request handlers: the build's version and, while
    the last build failed, the page to show instead of every page. The builds themselves are the
    builder's (Builder)."""

    def __init__(self, content: Path, output: Path, templates: Path, lang: str | None,
                 build: Callable[..., Any] | None = None, bulletins: bool = True) -> None:
        self.content, self.output, self.templates, self.lang = content, output, templates, lang
        # --lang, else the site's locale: read again at every build (site.yaml may change it), not
        # at every line said between builds (each request that fails, each retry of the watcher).
        self.locale = lang or site_locale(content)
        self.version = 0
        self.overlay: str | None = None  # the error page while the last build failed
        self.builder = Builder(content, output, lang, build, bulletins)
        self.closing = False
        self._changed = asyncio.Event()  # set (and replaced) at every new version

    def build_once(self, changed: Collection[str] = (), early: Callable[[], None] | None = None) -> None:
        """One build, by the builder; never raises. The builder prints the outcome; the page
        it makes of a failure is kept as the overlay. `changed`: the paths saved since the last
        build (watchfiles'); `early` is called when the builder has put one event's new pages
        in place ahead of the rest (Building.build_once)."""
        self.locale = self.lang or site_locale(self.content)
        try:
            self.overlay = self.builder.build(changed, early)
        except Exception as failure:  # noqa: BLE001 - the builder ended, or could not be started (no memory, no process left)
            if isinstance(failure, BuilderEnded) and (failure.stopped or self.closing):
                return  # serve stopped it (Ctrl-C, SIGTERM): nothing to say
            self.overlay = failure_said(failure, self.locale, self.content, self.output)

    def bump(self) -> None:
        """A new version: every waiting long-poll answers. Called on the event loop."""
        self.version += 1
        self.wake()

    def wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for_change(self, since: int, timeout: float = LONG_POLL_SECONDS) -> int:
        if self.version == since and not self.closing:
            changed = self._changed
            try:
                await asyncio.wait_for(changed.wait(), timeout)
            except asyncio.TimeoutError:
                pass
        return self.version


# --- the builder ----------------------------------------------------------------------------
#
# A build forks processes (generator/forking.py: the events read ahead, the people matched apart,
# the pages rendered in waves, the PDFs printed), and a process must not be forked while other
# threads run in it: the child gets a copy of every lock as it was, held or not, and only the
# forking thread, so a lock another thread held then (the logging module's, an I/O buffer's,
# malloc's arenas) is never released in the child, which may hang on it (Python 3.12 warns
# "This process is multi-threaded, use of fork() may lead to deadlocks"). serve runs uvicorn's
# loop, watchfiles' watcher thread and asyncio's worker threads: its builds are therefore done
# in a process of their own, the builder, whose only thread is its main thread, and which forks
# its pools from it as `paibang build` does.
#
# The ways weighed:
# - Refusing to fork while threads run (forking.can_fork false when threading.active_count() > 1),
#   serve then building in one process: simple, but every core but one idle during each full
#   rebuild (a template or site.yaml saved). A 200-event archive's full rebuild took 13.3 s of
#   processor time in one process; forked, 1.3 s in the building process and 14 s in its two
#   workers (wall, min of 6 on 2 busy shared cores: 14.2 s against 11.8 s; about 9 s on two idle
#   ones, and less again on more cores, which one process cannot use).
# - Forking the builder once from serve's main thread before any thread starts: cheap, but serve
#   cannot start it again from there once threads run (after the builder was killed), and which
#   threads a caller already runs (a test's) is not serve's to know.
# - A builder started by "spawn" (a fresh interpreter, fork and exec in one step, which no
#   lock in this process can hang): the same in every case, at the first build and after the
#   builder died, for about a second of imports once. This one. It keeps the last build's events
#   (EventMemory) between rebuilds, so that a rebuild after one file was saved stays fast, prints
#   what a build says on the terminal it shares, and answers each build with the error page to
#   show (or None) through a pipe. Should it die (killed for memory), the build says so in one
#   line and on the page, and the next change starts a new one.


class BuilderEnded(Exception):
    """The builder process ended during a build; `code` is its exit code (-N: signal N);
    `stopped`: it ended because serve stopped it (Builder.stop), nothing to say then."""

    def __init__(self, code: int | None, stopped: bool = False) -> None:
        super().__init__(code)
        self.code, self.stopped = code, stopped

    @property
    def reason(self) -> str:
        """SIGKILL, SIGSEGV, SIGRTMIN+1, or exit N: the same in every language."""
        if self.code is not None and self.code < 0 and signal_name(-self.code) != "?":
            return signal_name(-self.code)
        return f"exit {self.code}"


# How the builder's workers never outlive it. A builder killed during a build (the kernel's
# out-of-memory killer sends SIGKILL) leaves the processes it forked (render, read-ahead and
# PDF workers) running: they would go on writing, and hold whatever they inherited. The ways
# weighed:
# - PR_SET_PDEATHSIG in each worker (prctl, through ctypes, in an at-fork hook): Linux only,
#   racy (a worker forked as the builder dies must check getppid itself), and a grandchild
#   needs its own.
# - The builder in a process group of its own, killed as a whole (killpg) by serve once the
#   builder has ended, whatever the way, and when serve stops it: every POSIX system, every
#   process the build forked however deep, and serve (alive) does it. This one. The group is
#   killed before the builder is reaped (waitid with WNOWAIT), so that its number cannot have
#   been taken by another process meanwhile. The group being the builder's own, Ctrl-C at the
#   terminal reaches serve alone; Builder.stop interrupts the build as Ctrl-C would (SIGINT).
# The workers inherit the builder's end of the pipe too: an at-fork hook closes it in every
# process the builder forks, so that serve sees EOF as soon as the builder itself is gone; and
# serve watches the builder's own exit besides (its sentinel, and waitid), so that nothing a
# worker holds can keep serve waiting. Should serve itself be killed, the builder gets SIGINT
# (PR_SET_PDEATHSIG, Linux; elsewhere it ends at its next request, EOF) and its pool ends with it.
# (Linux sends it when the thread that started the builder ends: serve's main thread, or one of
# asyncio's executor threads, which live as long as serve's loop.)
BUILDER_POLL_SECONDS = 0.5  # how often a waiting serve checks that the builder still lives
STOP_GRACE_SECONDS = 30.0  # how long an interrupted build may take to wind up before SIGKILL


class Builder:
    """The builder process, seen from serve: started at the first build, asked for one build at
    a time (`build` waits for it), stopped by `stop`, from any thread: a build running in one
    thread while another stops the builder ends at once with BuilderEnded(stopped=True). After
    `stop`, no builder is started again."""

    def __init__(self, content: Path, output: Path, lang: str | None, build: Callable[..., Any] | None = None,
                 bulletins: bool = True) -> None:
        self.arguments = (content, output, lang, build, bulletins)
        self.process: multiprocessing.process.BaseProcess | None = None
        self.connection: Any = None  # serve's end of the pipe
        self._state = threading.Condition()  # guards the fields below and the two above
        self._busy = False  # a thread is in build()
        self._pending = False  # a build was asked for and not answered: the builder is building
        self._asked = False  # the builder was asked for a build (else it has done nothing yet)
        self._stopped = False

    def start(self) -> None:
        # (spawn imports the __main__ module again in the new process, as __mp_main__: paibang's
        # entry point runs nothing then, a script calling serve() must test __name__ as well.)
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        # Not a daemon: a daemonic process may not start processes, and the builder forks pools.
        process = context.Process(target=build_forever, args=(theirs, os.getpid(), *self.arguments),
                                  name="paibang-builder")
        # Ctrl-C or SIGTERM as it is spawned waits until it is known here, then interrupts as ever:
        # stop() ends it. Before, the interruption could come between the spawning and the
        # preparation data sent to it (its traceback on the terminal: "EOFError: Ran out of
        # input"), or after it was spawned and before it was known here (not stopped by stop()).
        with _signals_held():
            try:
                process.start()
            except BaseException:
                ours.close()
                raise
            finally:
                theirs.close()
            self.process, self.connection, self._asked = process, ours, False

    def build(self, changed: Collection[str] = (), early: Callable[[], None] | None = None) -> str | None:
        """One build by the builder: the page to show instead of every page (None: the build
        succeeded). Raises BuilderEnded if the builder ended meanwhile (or was stopped).
        `changed`, `early`: as Site.build_once's; `early` is called in this thread."""
        with self._state:
            if self._stopped:
                raise BuilderEnded(None, stopped=True)
            assert not self._busy, "one build at a time"
            if self.process is None:
                self.start()
            # Kept here: stop() may forget them, in another thread, while this one waits.
            process, connection = self.process, self.connection
            assert process is not None and connection is not None
            self._busy = self._pending = self._asked = True
        try:
            try:
                connection.send(("build", list(changed)))
                answer = _answer(process, connection)
                while answer == EVENT_FIRST:
                    if early is not None:
                        early()
                    answer = _answer(process, connection)
            except (EOFError, OSError):
                answer = _ENDED
            if answer is not _ENDED:
                with self._state:
                    self._pending = False
                return answer  # type: ignore[return-value]
            code = _end(process, STOP_GRACE_SECONDS)
            with self._state:
                if self.process is process:
                    self._forget()
                raise BuilderEnded(code, stopped=self._stopped)
        finally:
            with self._state:
                self._busy = False
                self._state.notify_all()

    def stop(self) -> None:
        """The builder told to end and waited for, its workers with it: idle, its end of the pipe
        closed; building, the build interrupted at once as Ctrl-C would (SIGINT). A build being
        waited for in another thread then ends (BuilderEnded, stopped)."""
        with self._state:
            self._stopped = True
            process = self.process
            if process is None:
                return
            if self._pending:
                _signal(process, signal.SIGINT)
            if self._busy:  # the thread in build() sees the builder end, and reaps it
                if not self._state.wait_for(lambda: not self._busy, STOP_GRACE_SECONDS):
                    _kill_group(process)
                    self._state.wait_for(lambda: not self._busy, STOP_GRACE_SECONDS)
                if self.process is not process:
                    return
            # No thread waits on the builder: it is this one's to end and reap.
            pending, asked = self._pending, self._asked
            self._forget()  # idle, it reads EOF and ends
        if not asked:  # never asked for a build (serve stopped as it was spawned): it has done nothing,
            _end(process, 0)  # and may still be starting, where an interruption would be a traceback
            return
        _end(process, STOP_GRACE_SECONDS if pending else 5.0, interrupt=not pending)

    def _forget(self) -> None:
        if self.connection is not None:
            self.connection.close()
        self.connection = self.process = None
        self._pending = False


_ENDED = object()  # _answer's "the builder ended": None is an answer (the build succeeded)
# The builder's word, before its answer, that one event's new pages are in place (Building.build_once).
EVENT_FIRST = "event first"


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP, where Python handles them (serve's handlers, Ctrl-C's), held
    during the block and handled as it ends, by the handlers there were. Only in the main thread,
    where their handlers run (a build in another thread is not interrupted by them)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    held = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        handler = signal.getsignal(number) if number is not None else None
        if callable(handler):
            held[number] = handler
            signal.signal(number, lambda number, frame: arrived.append(number))
    try:
        yield
    finally:
        for number, handler in held.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(arrived):
            held[number](number, None)


def _answer(process: multiprocessing.process.BaseProcess, connection: Any) -> object:
    """The builder's answer, or _ENDED once it has ended (EOF on the pipe, or the process gone
    while something it forked still holds the pipe or its sentinel)."""
    while True:
        ready = multiprocessing.connection.wait([connection, process.sentinel], BUILDER_POLL_SECONDS)
        if connection in ready:
            try:
                return connection.recv()
            except (EOFError, OSError):
                return _ENDED
        if _ended(process):
            return _ENDED


def _ended(process: multiprocessing.process.BaseProcess) -> bool:
    """Whether the builder has ended, without reaping it (waitid, WNOWAIT): its process group
    is killed before its number can be taken again."""
    if process.pid is None:
        return True
    waitid = getattr(os, "waitid", None)
    if waitid is None or not hasattr(os, "WNOWAIT"):  # pragma: no cover - not Linux or the BSDs
        return process.exitcode is not None
    try:
        return waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # reaped already
        return True


def _end(process: multiprocessing.process.BaseProcess, grace: float, interrupt: bool = False) -> int | None:
    """Waits up to `grace` seconds for the builder to end (then, if `interrupt`, sends SIGINT and
    waits STOP_GRACE_SECONDS more), kills its process group (whatever it forked that is left, and
    itself if still running), reaps it; its exit code."""
    if not _wait_for_end(process, grace) and interrupt:
        _signal(process, signal.SIGINT)
        _wait_for_end(process, STOP_GRACE_SECONDS)
    _kill_group(process)
    _signal(process, signal.SIGKILL)  # should it not lead a group of its own
    process.join()
    return process.exitcode


def _wait_for_end(process: multiprocessing.process.BaseProcess, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not _ended(process):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        # The sentinel is ready at once when nothing the builder forked outlives it; else polled.
        multiprocessing.connection.wait([process.sentinel], min(left, 0.1))
    return True


def _signal(process: multiprocessing.process.BaseProcess, number: int) -> None:
    if process.pid is not None and not _ended(process):
        with contextlib.suppress(OSError):
            os.kill(process.pid, number)


def _kill_group(process: multiprocessing.process.BaseProcess) -> None:
    """SIGKILL to the builder's process group: the builder if still running, and whatever it
    forked that is left. (Its group's number is its pid, not yet reaped: no other group's.)"""
    if process.pid is not None and hasattr(os, "killpg"):
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)


def build_forever(connection: Any, serve_pid: int, content: Path, output: Path, lang: str | None,
                  build: Callable[..., Any] | None, bulletins: bool = True) -> None:
    """The builder's main: a build for each request, answered with its error page (or None),
    until serve closes its end of the pipe or interrupts a build (SIGINT), or serve is gone."""
    _on_its_own(connection, serve_pid)
    building = Building(content, output, lang, build, bulletins=bulletins)
    try:
        while True:
            try:
                _, changed = connection.recv()
            except EOFError:  # serve has stopped
                return
            overlay = building.build_once(changed, early=lambda: connection.send(EVENT_FIRST))
            sys.stdout.flush()
            sys.stderr.flush()
            connection.send(overlay)
            if not connection.poll():  # (idle: what the next save's first step needs, made ready)
                with contextlib.suppress(Exception):  # (an import that fails: said by the build that needs it)
                    building.warm()
    except KeyboardInterrupt:  # stopped by serve (or Ctrl-C sent to this process): nothing more to say
        return
    except BrokenPipeError:
        return


def _on_its_own(connection: Any, serve_pid: int) -> None:
    """The builder's setting up (see the ways weighed above Builder): its own process group; the
    pipe closed in every process it forks; SIGINT heard (whatever serve was started with) and sent
    when serve dies (Linux); writing to the
    terminal allowed from a group not in the foreground (`stty tostop` would stop it)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpgid(0, 0)
    if hasattr(os, "register_at_fork"):  # (not on Windows, which forks nothing)
        os.register_at_fork(after_in_child=connection.close)
    with contextlib.suppress(AttributeError, ValueError, OSError):
        signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    # serve interrupts a build, and a serve that dies ends its builder (below), by SIGINT. A serve
    # started with SIGINT ignored (`nohup paibang serve &` from a shell without job control) passes
    # that on through exec: its builder built on when asked to stop, and outlived a dead serve.
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(1, int(signal.SIGINT), 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != serve_pid:  # serve died before that: nobody is left to ask for a build
            raise SystemExit(0)


class Building:
    """The builder's state: the last build's events, kept between rebuilds.

    After files of one event's folder alone were saved, the builder does not keep the open page
    waiting for the whole site: it first reads and scores that event alone and puts its own
    pages into output/ in place (build.py's build_event_first, which says when it leaves that to
    the whole rebuild: an error in the event, its names or title changed, …), says so (`early`:
    serve reloads the page), then rebuilds the site as ever (indexes, player pages, search,
    sitemap, the record), and says so again. The event's reading is kept (in `memory`) for the
    next save's first step, which parses again only its files changed since. The whole rebuild
    of a 2,000-event archive takes half a fresh one-file build's time, spent on the archive, not
    on the event saved; the event's new pages are in place after a tenth of it (bench/archive.py),
    or less from its second save on. serve's first build, when it finds output/ up to date, still
    reads the site and its events (from the event cache: build.py's _read_for_serve), so that
    the first save after serve started has a first step too."""

    def __init__(self, content: Path, output: Path, lang: str | None, build: Callable[..., Any] | None = None,
                 first: Callable[..., Any] | None = None, bulletins: bool = True) -> None:
        """`build`: generator.build.build unless given; `first`: the first step after one
        event's files were saved, build.py's build_event_first when `build` is not given, else
        none unless given (a fake build has no first step). `bulletins`: False for serve
        --no-pdf, as build --no-pdf: neither of those two prints a bulletin (a `build` or
        `first` given is called as it is)."""
        self.content, self.output, self.lang, self.build = content, output, lang, build
        self.first, self.bulletins = first, bulletins
        if first is None and build is None:
            from generator.build import build_event_first
            self.first = partial(build_event_first, bulletins=bulletins)
        # The last build's site and results (its report's), while that build stands: what the
        # first step after a save takes the other events and who is who from.
        self.last: tuple[Any, list[Any]] | None = None
        # The events of the last build, kept between rebuilds: after a save, the changed event is
        # read and scored, the others are taken from here (not unpickled from the cache again).
        self.memory = EventMemory()
        self.code: str | None = None  # the code's and templates' stats when their digest was made
        # Each warning as the last build said it, by the problem itself (see `say_warnings`).
        self.said: dict[int, tuple[ContentError, str, tuple[int, int] | None, str]] = {}
        # The notes said (leftovers beside output/ left alone, a cache not used), in their words:
        # both steps after a save come upon the same ones, and so does every save after it.
        # Each is said once while serve runs, not twice a save.
        self.noted: set[str] = set()

    def build_once(self, changed: Collection[str] = (), early: Callable[[], None] | None = None) -> str | None:
        """One build; never raises but for Ctrl-C. The outcome is printed; the page to show
        instead of every page is returned while the build failed. `changed`: the paths saved
        since the last build; when they all lie in one event's folder, that event's pages are
        put in place first and `early` called (see the class), then the site is rebuilt."""
        from generator.render.incremental import code_digest, code_stats

        build = self.build
        if build is None:
            from generator.build import build

            build = partial(build, bulletins=self.bulletins)
        locale = self.lang or site_locale(self.content)
        last, self.last = self.last, None  # (a build that fails leaves nothing to build on)
        try:
            code = code_stats()
            same_code = code is not None and code == self.code
            if not same_code:  # a template changed while serving: every page, as in a fresh build
                code_digest.cache_clear()
            self.code = code
            folder = self.event_saved(changed) if same_code and last is not None else None
            afterwards: list[Callable[[], None]] = []  # (the step's leftovers: removed once its pages are shown)
            if folder is not None and self.first is not None and self.first_step(folder, last, locale, afterwards) \
                    and early:
                early()
            for tidy in afterwards:
                self.tidy(tidy, folder)
            report = build(self.content, self.output, memory=self.memory, notify=self.note(locale))
        except KeyboardInterrupt:
            raise
        except BaseException as failure:  # noqa: BLE001 - serve survives every failure of a build, SystemExit too
            return failure_said(failure, locale, self.content, self.output)
        if getattr(report, "site", None) is not None:
            self.last = (report.site, report.results)
        elif getattr(report, "up_to_date", False):  # nothing changed since `last` was built
            self.last = last
        self.say_warnings(report.warnings, self.lang or report.locale or locale)
        terminal(catalogues.text("serve-built", self.lang or report.locale or locale, pages=report.pages,
                              printed=report.pdfs_printed), flush=True)
        return None

    def warm(self) -> None:
        """What the first step after a save imports (rendering: Jinja, Markdown, the pages'
        modules, the games'), imported while the builder waits for that save (build_forever).
        serve's first build, finding output/ up to date, reads the site and renders nothing:
        the first save after serve started paid those imports in its first step (at 50 events,
        0.25 to 0.32 s of processor time, against 0.12 to 0.15 s with them imported before and
        0.08 s at the saves after it). (Once imported, nothing is done.)"""
        from generator.build import RENDERING
        from generator.games import GAMES

        if self.first is None or self.last is None:
            return
        for name in (*RENDERING, "generator.render.output", "generator.interchange.spreadsheet"):
            importlib.import_module(name)
        GAMES.find()  # (the games' own modules: found when first read)

    def event_saved(self, changed: Collection[str]) -> Path | None:
        """The event folder every path of `changed` lies in (content/events/<slug>/…), or None:
        nothing said changed (the first build, the folders replaced), or a path elsewhere
        (site.yaml, a template), or an event folder itself (added, removed or renamed)."""
        events = self.content.resolve() / "events"
        slugs = set()
        for path in changed:
            try:
                relative = Path(path).resolve().relative_to(events)
            except (ValueError, OSError, RuntimeError):
                return None
            if len(relative.parts) < 2:
                return None
            slugs.add(relative.parts[0])
        if len(slugs) != 1:
            return None
        folder = events / slugs.pop()
        return folder if (folder / "event.yaml").is_file() else None

    def note(self, locale: str) -> Callable[[str, dict[str, object]], None]:
        """What a build or the first step says a note with (render/output.py's Notify): each
        note once while serve runs (`noted`)."""
        def tell(key: str, params: dict[str, object]) -> None:
            text = catalogues.text(key, locale, **params)
            if text not in self.noted:
                self.noted.add(text)
                say(text)
        return tell

    def first_step(self, folder: Path, last: tuple[Any, list[Any]], locale: str | None = None,
                   afterwards: list[Callable[[], None]] | None = None) -> bool:
        """The event's own pages put in place ahead of the whole rebuild (build_event_first);
        whether they were. A problem of the content, or of reading or writing files (a save
        half done, a full disk), is left to the whole rebuild, which follows and says it as it
        says any. Any other failure is the step's own (a bug of its code: the whole rebuild may
        well succeed without it), so it is said in one line before the rebuild, not swallowed:
        else the secretary would only see the event's pages come late after every save.
        `afterwards`: what the step leaves to do once its pages are shown (build_event_first's)."""
        try:
            notify = self.note(locale or self.lang or site_locale(self.content))
            named = {"afterwards": afterwards} if afterwards is not None else {}
            return self.first(self.content, self.output, folder, *last, self.memory, notify=notify, **named) is not None
        except KeyboardInterrupt:
            raise
        except (ContentErrors, OSError):  # the whole rebuild follows and says them
            return False
        except Exception as failure:  # noqa: BLE001 - serve survives it: the whole rebuild follows
            error, where = describe(failure)
            locale = self.lang or site_locale(self.content)
            say(catalogues.text("serve-first-step-failed", locale, event=one_line(folder.name, 80), error=error,
                                where=where))
            return False

    def tidy(self, step: Callable[[], None], folder: Path | None) -> None:
        """One of what the first step left to do once its pages are shown (the old pages and its
        staging folder removed). Its leftovers are marked as paibang's from the start: left, the
        whole rebuild's staging_dir or the next build removes them. So no failure here stops the
        whole rebuild, which follows (rev83: a thread the removal could not start, a RuntimeError,
        skipped it and replaced every page by the failure page); one not of the files is said in
        a line, as first_step says its own."""
        try:
            step()
        except KeyboardInterrupt:
            raise
        except OSError:
            return
        except Exception as failure:  # noqa: BLE001 - serve survives it: the whole rebuild follows
            error, where = describe(failure)
            say(catalogues.text("serve-first-step-failed", self.lang or site_locale(self.content),
                                event=one_line(folder.name if folder is not None else "", 80), error=error, where=where))

    def say_warnings(self, warnings: list[ContentError], locale: str) -> None:
        """The build's warnings on the terminal, as `paibang build` prints them (console.py's
        print_problems), after every rebuild. A warning of an event the build took from memory
        is the very object the last build said (EventMemory keeps each event's problems with it,
        and keeps the event only while its files are the same): its text, the offending line read
        from its file, is said again as made then, while that file's size and modification time
        are as they were. A 2,000-event archive's 494 warnings opened and read 494 files at
        every rebuild (with content/ resolved for each, a tenth of its profiled time)."""
        from generator.content.load import private_keys

        root = self.content.resolve()
        private = private_keys(root) if warnings else ()
        said = {}
        for problem in in_printed_order(warnings):  # (in check's order: errors.in_printed_order)
            stamp = _stamp(problem.mark.file)
            known = self.said.get(id(problem))
            if known is not None and known[0] is problem and known[1] == locale and known[2] == stamp:
                text = known[3]
            else:
                text = problem.format(locale, root, private)
            said[id(problem)] = (problem, locale, stamp, text)  # (the problem held: its id is not taken again)
            terminal(text, error=True)
        self.said = said


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size, found.st_mtime_ns


def failure_said(failure: BaseException, locale: str, content: Path, output: Path) -> str:
    """A build that failed, however it failed, said on the terminal (the content's problems and
    their count, or one line: the builder ended, a printing process killed, anything else), and
    the page shown instead of every page until a build succeeds."""
    from generator.render.output import OutputRefused

    if isinstance(failure, ContentErrors):
        print_problems(failure.problems, locale, content)
        errors = sum(1 for p in failure.problems if not p.warning)
        say(catalogues.text("serve-content-errors", locale, errors=errors, output=output))
        return content_error_page(failure, locale, content)
    if isinstance(failure, BuilderEnded):
        line = catalogues.text("serve-builder-ended", locale, reason=failure.reason, output=output)
    elif isinstance(failure, CouldNotFinish):  # a printing process killed (no memory left): as the CLI says it
        line = failure.text(locale, output=output)
    elif isinstance(failure, OutputRefused):  # (a file of the user's where a new page goes: output_clash)
        line = catalogues.text(failure.reason, locale, path=failure.path, content=content, folder="", example="",
                               **failure.params)
    else:
        what, where = describe(failure)
        line = catalogues.text("serve-build-failed", locale, error=what, where=where or "?", output=output)
    say(line)
    return failure_page(line, locale)


def content_error_page(failure: ContentErrors, locale: str, content: Path) -> str:
    """Every problem as the terminal says it, in a page: file:line and what is wrong, the line
    with the faulty value marked, the fix."""
    from generator.content.load import private_keys

    root = content.resolve()
    private = private_keys(root)  # their values masked in the lines quoted: this page is served
    blocks = "\n".join(problem_block(p, locale, root, private) for p in failure.problems)
    return _page(catalogues.text("serve-overlay-content", locale), blocks, locale)


def failure_page(line: str, locale: str) -> str:
    return _page(catalogues.text("serve-overlay-failed", locale), f'<pre class="error">{html.escape(line)}</pre>', locale)


# The problems' own rules (a line that never wraps, its value marked) are render/problems.py's.
def _page(title: str, blocks: str, locale: str) -> str:
    return (f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)}</title>'
            '<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}'
            '.problem,pre.error{background:#fff3f3;border-left:4px solid #c00;padding:.5rem 1rem;margin:1rem 0}'
            '.problem.warning{background:#fffbe6;border-color:#d90}'
            '.problem p,pre.error{overflow-wrap:anywhere}'  # a long path or key breaks rather than widen the page
            'pre.error{white-space:pre-wrap}'
            f'{PROBLEM_STYLE}</style></head>'
            f'<body><main><h1>{html.escape(title)}</h1>{blocks}</main>{SCROLL_TO_VALUE if "<mark>" in blocks else ""}'
            '</body></html>')


# --- requests -----------------------------------------------------------------------------


class Answer:
    def __init__(self, status: int, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
                 headers: list[tuple[bytes, bytes]] | None = None) -> None:
        self.status, self.body, self.content_type, self.headers = status, body, content_type, headers or []


def plain(status: int, text: str) -> Answer:
    return Answer(status, f"{status} {text}\n".encode())


NOT_FOUND = plain(404, "Not Found")


class App:
    """The ASGI application: the version long-poll, output/'s files, the overlay."""

    def __init__(self, site: Site) -> None:
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # lifespan and websockets are switched off in the config
            return
        try:
            answer = await self.answer(scope)
        except Exception as failure:  # noqa: BLE001 - one line, never a traceback, and a 500
            what, where = describe(failure)
            say(catalogues.text("serve-request-failed", self.site.locale, path=one_line(repr(scope.get("raw_path")), 200),
                            error=what, where=where or "?"))
            answer = plain(500, "Internal Server Error")
        headers = [(b"content-type", answer.content_type.encode()), (b"content-length", str(len(answer.body)).encode()),
                   (b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"), *answer.headers]
        await send({"type": "http.response.start", "status": answer.status, "headers": headers})
        await send({"type": "http.response.body", "body": answer.body})

    async def answer(self, scope: Scope) -> Answer:
        if not host_allowed(scope):  # a page elsewhere, its name pointed at 127.0.0.1 (generator/hosts.py)
            return plain(421, "Misdirected Request: ask for 127.0.0.1, localhost or [::1] with this port")
        if scope["method"] not in ("GET", "HEAD"):
            return Answer(405, b"405 Method Not Allowed\n", headers=[(b"allow", b"GET, HEAD")])
        raw_path: bytes = scope.get("raw_path") or scope["path"].encode("utf-8")
        query: bytes = scope.get("query_string", b"")
        if len(raw_path) + len(query) > MAX_TARGET:
            return plain(414, "URI Too Long")
        try:
            path = unquote_to_bytes(raw_path).decode("utf-8")
        except UnicodeDecodeError:
            return plain(400, "Bad Request: the path is not UTF-8")
        if not path.startswith("/") or any(ord(c) < 32 or ord(c) == 127 for c in path):
            return plain(400, "Bad Request: odd characters in the path")
        parts = path.split("/")[1:]
        if any(part in (".", "..") for part in parts):
            return plain(400, "Bad Request: . or .. in the path")
        if path == "/__paibang/version":
            return await self.version(query)
        looks_like_page = path.endswith((".html", "/")) or "." not in parts[-1]
        if self.site.overlay is not None and looks_like_page:
            return self.page(self.site.overlay)
        found = await asyncio.to_thread(read_under, self.site.output, [p for p in parts if p], path.endswith("/"))
        if found is None:
            return NOT_FOUND
        if isinstance(found, str):  # a folder asked for without its slash: its relative links need one
            # The folder as looked up (one slash between names, one first): the path as sent
            # (`//players`) gave `Location: //players/`, which a browser reads as the host `players`.
            location = ("/" + "".join(quote(p) + "/" for p in parts if p)).encode("ascii") + (b"?" + query if query else b"")
            return Answer(301, b"", headers=[(b"location", location)])
        name, body = found
        if name.endswith(".html"):
            return self.page(body.decode("utf-8", errors="replace"))
        return Answer(200, body, content_type(name))

    async def version(self, query: bytes) -> Answer:
        try:
            fields = parse_qsl(query.decode("ascii"), keep_blank_values=True, max_num_fields=8)
        except (UnicodeDecodeError, ValueError):
            return plain(400, "Bad Request: odd query")
        since = [value for key, value in fields if key == "since"]
        if len(since) > 1 or (since and not re.fullmatch(r"[0-9]{1,18}", since[0])):
            return plain(400, "Bad Request: since must be one whole number")
        version = await self.site.wait_for_change(int(since[0])) if since else self.site.version
        return Answer(200, str(version).encode())

    def page(self, text: str) -> Answer:
        script = RELOAD_SCRIPT % self.site.version
        head, tag, tail = text.rpartition("</body>")
        text = head + script + tag + tail if tag else text + script
        return Answer(200, text.encode("utf-8"), "text/html; charset=utf-8")


def content_type(name: str) -> str:
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "application/xml", "application/javascript",
                                            "image/svg+xml"):
        kind += "; charset=utf-8"
    return kind


NOFOLLOW = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
Found = tuple[str, bytes] | str | None


def read_under(root: Path, parts: list[str], slash: bool) -> Found:
    """The file at `parts` under `root`, as (name, bytes); for a folder, its index.html when the
    path ended in a slash, else "folder" (to be redirected to the slash); None when there is
    nothing to serve. No symbolic link below `root` is followed: every folder and the file are
    opened with O_NOFOLLOW relative to the folder above, so a link swapped in meanwhile is refused
    too. A folder without index.html is not found, never listed. A FIFO or a device is not a file
    (and O_NONBLOCK: opening a FIFO does not wait for a writer)."""
    if not hasattr(os, "O_NOFOLLOW") or os.open not in os.supports_dir_fd:  # pragma: no cover - not POSIX
        return read_under_by_lstat(root, parts, slash)
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        for index, part in enumerate(parts):
            try:
                child = os.open(part, NOFOLLOW, dir_fd=fd)
            except OSError:  # ELOOP for a link; ENOENT, ENOTDIR, ENAMETOOLONG, EACCES: nothing to serve
                return None
            os.close(fd)
            fd = child
            mode = os.fstat(fd).st_mode
            if stat.S_ISREG(mode) and index == len(parts) - 1:
                return (part, _read_all(fd)) if not slash else None
            if not stat.S_ISDIR(mode):
                return None
        try:
            page = os.open("index.html", NOFOLLOW, dir_fd=fd)
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(page).st_mode):
                return None
            return ("index.html", _read_all(page)) if slash else "folder"
        finally:
            os.close(page)
    finally:
        os.close(fd)


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def read_under_by_lstat(root: Path, parts: list[str], slash: bool) -> Found:
    """read_under where files cannot be opened relative to a folder (Windows): each step is
    checked with lstat, links and junctions refused."""
    def plain_entry(path: Path) -> os.stat_result | None:
        try:
            info = path.lstat()
        except OSError:
            return None
        junction = getattr(info, "st_file_attributes", 0) & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0x400)
        return None if stat.S_ISLNK(info.st_mode) or junction else info

    path = root
    for index, part in enumerate(parts):
        path = path / part
        info = plain_entry(path)
        if info is None:
            return None
        if stat.S_ISREG(info.st_mode) and index == len(parts) - 1:
            return (part, path.read_bytes()) if not slash else None
        if not stat.S_ISDIR(info.st_mode):
            return None
    page = plain_entry(path / "index.html")
    if page is None or not stat.S_ISREG(page.st_mode):
        return None
    return ("index.html", (path / "index.html").read_bytes()) if slash else "folder"


# --- watching -------------------------------------------------------------------------------


async def watch(site: Site, stop: asyncio.Event) -> None:
    """Rebuild after every batch of changes in content/ and templates/, until `stop`. Changes
    made during a build are kept by the watcher and give the next batch. A watched folder that is
    removed or replaced (a folder restored from a copy) is watched anew and the site rebuilt once
    it is back: the watcher notices nothing in a folder that replaced the one it watched. Whatever
    fails (a build never raises; the watcher may) is said once, and retried."""
    import watchfiles  # (here: the builder, which imports this module, watches nothing)

    said = ""
    owed = False  # a rebuild is owed: the folders changed while they were not watched
    loop = asyncio.get_running_loop()  # (the builder's word that one event's pages are in place reloads the page)
    while not stop.is_set():
        try:
            folders = _identity(site)
            changes = watchfiles.awatch(site.content, site.templates, stop_event=stop, debounce=800, step=100,
                                        rust_timeout=int(WATCH_RETRY_SECONDS * 1000), yield_on_timeout=True)
            async with contextlib.aclosing(changes):
                async for changed in changes:
                    said = ""
                    if _identity(site) != folders:
                        owed = True
                        break
                    if changed or owed:
                        # The paths saved, unless a rebuild is owed: then anything may have changed.
                        paths = [] if owed else [path for _, path in changed]
                        owed = False
                        await asyncio.to_thread(site.build_once, paths, partial(loop.call_soon_threadsafe, site.bump))
                        site.bump()
        except Exception as failure:  # noqa: BLE001 - the watcher keeps going
            owed = True
            what, _ = describe(failure)
            line = catalogues.text("serve-watch-failed", site.locale, error=what, seconds=int(WATCH_RETRY_SECONDS))
            if line != said:
                say(line)
                said = line
            try:
                await asyncio.wait_for(stop.wait(), WATCH_RETRY_SECONDS)
            except asyncio.TimeoutError:
                pass


def _identity(site: Site) -> list[tuple[int, int]]:
    return [(info.st_dev, info.st_ino) for info in (os.stat(site.content), os.stat(site.templates))]


# --- the server -----------------------------------------------------------------------------


class OneLineFormatter(logging.Formatter):
    """uvicorn's own messages (an invalid HTTP request, say) on one line each, a failure's
    traceback reduced to its last line: the terminal is the secretary's, not a log file."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            what, where = describe(record.exc_info[1])
            message = f"{message} ({what}{', ' + where if where else ''})"
        return one_line(f"paibang serve: {message}")


LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"()": OneLineFormatter}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stderr"}},
    "loggers": {
        "uvicorn": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "uvicorn.error": {"level": "WARNING"},
        "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
    },
}


def _server(site: Site) -> Any:
    """uvicorn's server of the App, whose shutdown answers the waiting long-polls at once.
    (uvicorn is imported here, by serve alone: not by the builder, which imports this module.)"""
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # SIGHUP (the terminal closed) shuts down as uvicorn's SIGINT and SIGTERM do, and is
            # raised again afterwards as theirs are. Left to serve's handler, it raised
            # KeyboardInterrupt wherever the loop was, now and then inside the watcher's task:
            # the loop then closed before anyio's worker thread was told to end, and the process
            # hung at exit waiting for that thread.
            hangup = getattr(signal, "SIGHUP", None)
            if hangup is None or threading.current_thread() is not threading.main_thread():
                with super().capture_signals():
                    yield
                return
            previous = signal.signal(hangup, self.handle_exit)
            with super().capture_signals():
                try:
                    yield
                finally:
                    signal.signal(hangup, previous)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            # Waiting long-polls answer now, so that stopping does not wait for them.
            site.closing = True
            site.wake()
            await super().shutdown(sockets)

    config = uvicorn.Config(App(site), http="h11", ws="none", lifespan="off", loop="asyncio",
                            log_config=LOGGING, log_level="warning", access_log=False, server_header=False,
                            backlog=BACKLOG, timeout_graceful_shutdown=2)
    return Server(config)


def listen(host: str, port: int, locale: str, command: str = "serve") -> socket.socket:
    """The listening socket, taken before anything is built; ListenRefused says why not, in the
    words of `command` (serve's, or the desk's: `desk-port-busy`)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        # As every server does: a port left in TIME_WAIT by the last serve can be taken again at
        # once; a port another program listens on still cannot.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except (OSError, OverflowError) as failure:
        sock.close()
        if isinstance(failure, OSError) and failure.errno == errno.EADDRINUSE:
            raise ListenRefused(catalogues.text(f"{command}-port-busy", locale, port=port, other=port + 1)) from None
        reason = listen_reason(failure)
        raise ListenRefused(catalogues.text(f"{command}-cannot-listen", locale, host=host, port=port, reason=reason)) from None
    return sock


class Serve:
    """One `paibang serve`: the port taken at once, then build() and run(), or start()/stop()
    in a background thread (the tests)."""

    def __init__(self, content: Path, output: Path, templates: Path, port: int = 8000, host: str = HOST,
                 lang: str | None = None, build: Callable[..., Any] | None = None, bulletins: bool = True) -> None:
        """`build`: generator.build.build unless given (the tests' fake one); it is called in
        the builder process, which a module-level function can be sent to. `bulletins`: False
        for --no-pdf (Building)."""
        self.site = Site(content, output, templates, lang, build, bulletins)
        self.socket = listen(host, port, self.site.locale)
        self.host, self.port = self.socket.getsockname()[:2]
        self.server = _server(self.site)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def build(self) -> None:
        """The first build, before serving (as `paibang build` would, but never raising)."""
        self.site.build_once()
        self.site.version += 1

    async def run(self) -> None:
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch(self.site, stop))
        try:
            await self.server.serve(sockets=[self.socket])
        finally:
            stop.set()
            watcher.cancel()
            # A build in the watcher's thread is interrupted now: asyncio.run waits for that
            # thread before it returns, and would wait for the whole build.
            self.site.builder.stop()
            try:
                await watcher
            # KeyboardInterrupt too: one that came in the watcher's task has ended the loop's run
            # already. Raised again here, it would end this task too while the loop closes, before
            # the task's ending stops anyio's worker thread, which the process then waits for.
            except (asyncio.CancelledError, Exception, KeyboardInterrupt):  # noqa: BLE001 - stopping: nothing more to say
                pass

    def start(self) -> None:
        self._thread = threading.Thread(target=asyncio.run, args=(self.run(),), daemon=True)
        self._thread.start()
        while not self.server.started and self._thread.is_alive():
            threading.Event().wait(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(30)
        self.socket.close()
        self.site.builder.stop()


def serve(content: Path, output: Path, templates: Path, port: int, lang: str | None,
          build: Callable[..., Any] | None = None, bulletins: bool = True) -> int:
    """`build`: as Serve's (the tests' fake one); `bulletins`: False for --no-pdf."""
    try:
        server = Serve(content, output, templates, port=port, lang=lang, build=build, bulletins=bulletins)
    except ListenRefused as refusal:
        say(refusal.line)
        return 2
    # SIGTERM (`kill`, a service manager) and SIGHUP (the terminal closed) end serve as Ctrl-C
    # does, through the `finally` below, which stops the builder and its workers: by default they
    # would end this process at once and leave the builder building. While serving, uvicorn takes
    # SIGINT and SIGTERM itself, shuts down, puts these handlers back and raises the signal again.
    handled = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None]
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        previous = {number: signal.signal(number, _interrupt) for number in handled}
    try:
        server.build()
        terminal(catalogues.text("serve-listening", server.site.locale, url=server.url), flush=True)
        asyncio.run(server.run())
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM, during the first build too: no traceback
        pass
    finally:
        for number in previous:  # a second one does not cut the stopping short
            signal.signal(number, signal.SIG_IGN)
        server.socket.close()
        server.site.builder.stop()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 0


def _interrupt(number: int, frame: object) -> None:
    raise KeyboardInterrupt
