"""`paibang desk EVENT [--content DIR] [--output DIR] [--lan] [--bind ADDRESS] [--port 8001] [--new-admin-link]`: the results desk.

Listens on 127.0.0.1 unless --lan (then on every address, for the venue's Wi-Fi) or --bind ADDRESS
(then on that one address of this computer: the venue's LAN, not the phone tethered for the
uplink as well, whose network is anyone's around the hotspot). Prints the
secretary's link at start (with --lan also as a QR code on the terminal, and that the desk is
plain HTTP, for the venue's own closed Wi-Fi; without it, that no phone can open its links and
the score sheets' QR codes, and how to start it for phones); nothing else it
prints or logs carries a token: uvicorn's access log is off.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from generator import catalogues
from generator.commands.defaults import CONTENT, DESK_PORT, OUTPUT
from generator.hosts import LOCAL_HOSTS

# Once the desk has stopped: seconds it waits for the work it still runs in threads of its own
# (a save being written, the event being read) before it leaves them to the interpreter
THREADS_END_SECONDS = 10.0


def lan_address() -> str:
    """This machine's address on the local network: the source address the system would use
    for an outside address (a UDP socket sends nothing on connect), else 127.0.0.1."""
    for probe in ("192.0.2.1", "10.255.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
                if address and not address.startswith("127."):
                    return address
        except OSError:
            continue
    return "127.0.0.1"


def listening(lan: bool, bind: str | None) -> tuple[str, str, tuple[str, ...] | None]:
    """(the address the desk listens on, the one its links name, the Host names it answers or
    None for any): 127.0.0.1 by default; with --lan every address, its links this machine's
    address on the local network, any Host (a phone names the address it was given); with --bind
    that one address, named in the links, and a request naming another refused (421), as one
    naming another than 127.0.0.1 is by default: a page elsewhere that points its own name at
    the address (DNS rebinding) reads nothing. --bind 127.0.0.1 (or any loopback) is the default's."""
    if bind is not None:
        if ipaddress.ip_address(bind).is_loopback:
            return bind, bind, (*LOCAL_HOSTS, bind)
        return bind, bind, (bind,)
    if lan:
        return "0.0.0.0", lan_address(), None
    return "127.0.0.1", "127.0.0.1", LOCAL_HOSTS


def this_computers(address: str) -> bool:
    """Whether `address` is one of this computer's (a socket can be bound to it): a --bind of
    another's, or of a network the laptop has left (its Wi-Fi dropped), is said as such."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((address, 0))
        except OSError as failure:
            return failure.errno != errno.EADDRNOTAVAIL
        # Linux binds a network's broadcast address too (192.168.1.255, printed on the laptop's
        # own line by `ip addr` and `ifconfig`), and the desk then listened where nobody, itself
        # included, can connect (rev72): an address is this computer's when it reaches itself there.
        sock.listen(1)
        try:
            with socket.create_connection(sock.getsockname(), timeout=2):
                return True
        except OSError:
            return False


def bind_address(text: str) -> str:
    """--bind's value: one IPv4 address of this computer (the listening socket is IPv4's, as
    serve's), written as the system prints it; ValueError otherwise. 0.0.0.0 is --lan's."""
    address = ipaddress.IPv4Address(text.strip())
    if address.is_unspecified or address.is_multicast:
        raise ValueError(text)
    return str(address)


def make(content: Path, event: str, output: Path | None, port: int, lan: bool, locale: str | None,
         build: bool = True, bulletins: bool = True, bind: str | None = None):  # noqa: ANN201 - (Desk, app, host)
    from generator.build import keep_redraws_beside
    from generator.desk.app import Desk, create_app

    # Its reading of the event after each save checks the stale draws: those kept where its builds
    # keep them, and in memory between saves (tournament/redraws.py).
    if output is not None:
        keep_redraws_beside(output)
    host, shown, hosts = listening(lan, bind)
    desk = Desk(content, event, output, locale, base=f"http://{shown}:{port}", build=build, bulletins=bulletins)
    desk.watching = True
    app = create_app(desk, hosts)
    return desk, app, host


def server(desk, app, host: str, port: int):  # noqa: ANN001, ANN201
    """uvicorn's server, ending the views' event streams when it stops (it waits for every open
    connection, and a stream stays open until told)."""
    import uvicorn

    class DeskServer(uvicorn.Server):
        def run(self, sockets=None) -> None:  # noqa: ANN001
            before = set(threading.enumerate())
            try:
                super().run(sockets=sockets)
            finally:
                _threads_end(before)

        async def shutdown(self, sockets=None) -> None:  # noqa: ANN001
            cancelled.stopping = True  # (from here on, a cancelled request is the stop's doing)
            desk.close_streams()
            await super().shutdown(sockets)
            # A second Ctrl-C while uvicorn waits for open connections (a phone's form half sent)
            # is its "force quit", which skips the application's stop too: the desk's (its
            # lifespan's end, Desk.stop_building) left the site build writing output/ after the
            # desk had gone, and said nothing of a change the site lacks. The wait is cut short,
            # as asked; the stop still runs (it is bounded: BUILD_FINISH_SECONDS, BUILD_STOP_SECONDS).
            ended = getattr(self.lifespan, "shutdown_event", None)
            if ended is not None and not ended.is_set():
                await self.lifespan.shutdown()

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # A hang-up (the terminal closed) stops the desk as Ctrl-C does, its site build
            # waited for, then stopped (Desk.stop_building): uvicorn takes SIGINT and SIGTERM
            # only, and by default a hang-up ended the desk at once, while the build, in a
            # session of its own, not hung up with it, went on writing output/ on its own.
            # Once stopped, uvicorn puts the handlers back and raises the signal again.
            with super().capture_signals():
                hangup = getattr(signal, "SIGHUP", None)
                if hangup is None or threading.current_thread() is not threading.main_thread():
                    yield
                    return
                previous = signal.signal(hangup, self.handle_exit)
                try:
                    yield
                finally:
                    signal.signal(hangup, previous)

    from generator.desk.connections import desk_protocol, raise_open_files

    # Each phone, screen and live stream holds a descriptor: the hard limit, not the shell's 1024.
    raise_open_files()
    # uvicorn's h11 protocol with a deadline for each request to arrive and a cap on one address's
    # connections (desk/connections.py says why uvicorn's own settings cannot); no WebSocket: the
    # desk serves none. limit_concurrency stays unset: it counts half-open connections too and
    # would answer a table's save 503 under a slow-loris. backlog bounds the connections asyncio
    # accepts in one go (2048 by default) before the protocol can close one address's surplus:
    # a burst of 250 at an open-files limit of 200 made accept() fail (EMFILE) some 1,900 times.
    config = uvicorn.Config(app, host=host, port=port, access_log=False, log_level="warning",
                            timeout_graceful_shutdown=2, lifespan="on", http=desk_protocol(), ws="none", backlog=64)
    # uvicorn's error log is the process's: one filter, this server's (its stop is the one that
    # counts), in place of an earlier server's
    error_log = logging.getLogger("uvicorn.error")
    for earlier in [f for f in error_log.filters if isinstance(f, _CancelledAtStop)]:
        error_log.removeFilter(earlier)
    cancelled = _CancelledAtStop()
    error_log.addFilter(cancelled)
    return DeskServer(config)


def _threads_end(before: set[threading.Thread]) -> None:
    """The desk has stopped, and what it ran in threads of its own (anyio's workers: the event
    being read, a save being written; a stop leaves them to finish, and they do, whole) ends
    here, a Ctrl-C meanwhile ignored: there is nothing left for it to stop. Left to the
    interpreter, which waits for every such thread on its way out, a second Ctrl-C then (the
    secretary presses it until the prompt comes back) raised KeyboardInterrupt inside that wait:
    "Exception ignored in: <module 'threading'>" and a traceback, after the desk had said it
    stopped. Bounded (THREADS_END_SECONDS): a thread still running after that is the
    interpreter's to wait for, as before. The threads started while the desk ran only, and only
    when it runs in the main thread (the command's; signals are the main thread's)."""
    current = threading.current_thread()
    if current is not threading.main_thread():
        return
    left = [thread for thread in threading.enumerate() if thread not in before and thread is not current
            and not thread.daemon]
    if not left:
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        ends = time.monotonic() + THREADS_END_SECONDS
        for thread in left:
            thread.join(max(0.0, ends - time.monotonic()))
    finally:
        signal.signal(signal.SIGINT, previous)


class _CancelledAtStop(logging.Filter):
    """Drops uvicorn's "Exception in ASGI application" for a request cancelled by the desk's own
    stop (a second Ctrl-C's force quit, or the end of the 2 s wait, cancels a phone's form half
    sent): a traceback of asyncio's CancelledError on the secretary's screen at every such stop,
    though nothing failed. Only once the desk is stopping (`stopping`, set as its server's
    shutdown starts): a CancelledError before that is no stop's, and is logged as any other
    exception of the application is, traceback and all: that is a fault to report."""

    def __init__(self) -> None:
        super().__init__()
        self.stopping = False

    def filter(self, record: logging.LogRecord) -> bool:
        found = record.exc_info[0] if record.exc_info else None
        return not (self.stopping and found is not None and issubclass(found, asyncio.CancelledError))


def lan_words(args) -> list[str]:  # noqa: ANN001 - argparse namespace
    """The command that starts this desk for phones: the one it was started with, --lan added
    (or its --bind ADDRESS kept, when that is an address phones reach: not a loopback one),
    its flags in the README's order, those left at their defaults left out. It said
    `paibang desk EVENT --lan` alone: started so, a desk run with --content site --output out
    found no content folder, and would have built into ./output and lost its --port,
    --no-build and --no-pdf (rev66). Not --new-admin-link: repeated, it would make the link the
    secretary has just opened open nothing."""
    words = ["paibang", "desk", args.event]
    if args.content != CONTENT:
        words += ["--content", str(args.content)]
    bind = getattr(args, "bind", None)
    if bind is not None and not ipaddress.ip_address(bind).is_loopback:
        words += ["--bind", bind]
    else:
        words.append("--lan")
    if args.port != DESK_PORT:
        words += ["--port", str(args.port)]
    if args.output != OUTPUT:
        words += ["--output", str(args.output)]
    words += [flag for flag, given in (("--no-build", args.no_build), ("--no-pdf", args.no_pdf)) if given]
    if args.lang:
        words += ["--lang", args.lang]
    return words


def _check_command(content: Path) -> str:
    """The `paibang check` that lists every problem of the content, as the terminal shows it."""
    import shlex

    return shlex.join(["paibang", "check", "--content", str(content)])


def say_content_problems(desk) -> None:  # noqa: ANN001
    """How many errors and warnings the event's content has (its reading's: site.yaml and this
    event), and where they are listed: the admin page lists the errors, `paibang check` every one. Counts only: a problem's line may
    quote a registration's private cell, and the terminal is the venue's screen as often as not."""
    from generator.commands.console import terminal

    errors = sum(1 for problem in desk.problems if not problem.warning)
    warnings = len(desk.problems) - errors
    if errors or warnings:
        command = _check_command(desk.content)
        # (the admin page lists errors only: warnings alone are check's to list)
        said = "desk_content_problems" if errors else "desk_content_warnings"
        terminal(catalogues.text(said, desk.locale, errors=errors, warnings=warnings, command=command),
                 error=True, flush=True)


def run(args) -> int:  # noqa: ANN001 - argparse namespace
    from generator.commands.console import event_missing, print_problems, site_locale, terminal
    from generator.desk.store import desk_file_problems

    content: Path = args.content
    # What is said before the desk has read its event: in the language asked for, else the site's
    locale = args.lang or site_locale(content)
    if (unknown := event_missing(content, args.event)) is not None:
        terminal(f"paibang desk: {unknown.text(locale)}", error=True)
        return 2
    if unsafe := desk_file_problems(content):  # refused before a table can save through a link
        print_problems(unsafe, locale, content)
        return 2
    # The port is taken first, as serve takes it: a busy one is said in one line, before the
    # desk's links are minted and printed (uvicorn said it after them, in English, exit 3).
    from generator.commands.serve import ListenRefused, listen

    if args.bind is not None and not this_computers(args.bind):
        # (desk-cannot-listen's "use another port" would send the secretary after the wrong thing)
        terminal(catalogues.text("desk_bind_not_here", locale, address=args.bind, found=lan_address()), error=True)
        return 2
    try:
        sock = listen(listening(args.lan, args.bind)[0], args.port, locale, command="desk")
    except ListenRefused as refusal:
        terminal(refusal.line, error=True)
        return 2
    try:
        return _started(args, content, locale, sock)
    finally:
        sock.close()


def _started(args, content: Path, locale: str, sock: socket.socket) -> int:  # noqa: ANN001 - argparse namespace
    from generator.commands.console import print_problems, terminal
    from generator.desk.store import DeskBusy, NoKeptKey, TokensUnwritable, UnsafeDeskFile

    try:
        # (the port taken: --port 0's is the system's choice)
        desk, app, host = make(content, args.event, args.output, sock.getsockname()[1], args.lan, args.lang,
                               build=not args.no_build, bulletins=not args.no_pdf, bind=args.bind)
        desk.lan_words = lan_words(args)
    except LookupError as unread:
        # events/<event>/event.yaml is there (run found it): it, another of the event's files or
        # site.yaml cannot be read; the errors say why, check lists every problem
        errors = unread.args[1] if len(unread.args) > 1 else []
        print_problems(errors, locale, content)
        command = _check_command(content)
        terminal(catalogues.text("desk_event_unread", locale, event=args.event, errors=len(errors), command=command),
                 error=True)
        return 2
    except UnsafeDeskFile as error:  # .paibang-desk/ a link, or not the user's own
        from generator.desk.app import unsafe_desk_file

        print_problems([unsafe_desk_file(error)], locale, content)
        return 2
    except NoKeptKey as error:  # links that would not outlive a restart: refused, nothing minted or written
        print_problems([error.problem()], locale, content)
        return 2
    except DeskBusy as error:  # one desk per event (store._hold_event says why)
        print_problems([error.problem(args.event)], locale, content)
        return 2
    except TokensUnwritable as error:  # what the desk notes would not outlive a restart: refused (store.Tokens says why)
        from generator.desk.app import tokens_unwritable

        print_problems([tokens_unwritable(error)], locale, content)
        return 2
    if getattr(args, "new_admin_link", False):
        try:
            desk.tokens.new_admin()
        except OSError as error:  # (written at start a moment ago: a disk gone read-only since)
            from generator.desk.app import tokens_unwritable
            from generator.desk.store import TokensUnwritable

            print_problems([tokens_unwritable(TokensUnwritable(desk.tokens.path, error))], locale, content)
            return 2
        terminal(catalogues.text("desk_new_admin_link", desk.locale), flush=True)
    if desk.tokens.set_aside is not None:
        said = {"unsafe": "desk_tokens_set_aside", "unsealed": "desk_tokens_unsealed",
                "unreadable": "desk_tokens_unreadable"}[desk.tokens.set_aside_why]
        terminal(catalogues.text(said, desk.locale, path=desk.tokens.set_aside), error=True, flush=True)
    terminal(catalogues.text("desk_started", desk.locale, event=desk.event.title, url=f"{desk.base}/standings",
                admin=desk.admin_link), flush=True)
    if desk.building:  # where the site goes: ./output of the folder the desk was started in, by default
        terminal(catalogues.text("desk_output", desk.locale, path=desk.output.resolve()), flush=True)
    say_content_problems(desk)
    if not desk.phones_reach:
        # Without --lan (or with it and no network) the sheets' QR codes open nothing on a
        # phone, and nothing said so until a table tried (rev34).
        said = "desk_lan_no_network" if args.lan and args.bind is None else "desk_local_only"
        terminal(catalogues.text(said, desk.locale, address=desk.base, command=desk.lan_command), flush=True)
    if args.lan or desk.phones_reach:
        import segno

        # The desk is plain HTTP (no certificate a phone would trust on a laptop's address):
        # whoever shares the network can read the links, tokens and all.
        terminal(catalogues.text("desk_lan_plain_http", desk.locale), flush=True)
        if desk.phones_reach:
            terminal(catalogues.text("desk_lan", desk.locale), flush=True)
            segno.make(desk.admin_link, error="m").terminal(compact=True)
    server(desk, app, host, sock.getsockname()[1]).run(sockets=[sock])
    return 0
