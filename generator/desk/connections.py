"""What one client of the desk may hold, so that no client on the venue's network can lock the
tables' phones out: the open-files limit, live streams, and connections that never finish a request.

uvicorn (0.54, h11) offers no bound on how long a request may take to arrive: its keep-alive
timeout (timeout_keep_alive) is armed only once a response is complete and is cancelled by any
byte received, so a connection that sends nothing, or a request without its final blank line,
stays open for ever; h11_max_incomplete_event_size bounds the bytes of an unfinished request
head (16 KiB), not its time; limit_concurrency counts every open connection, half-open ones
included, and answers 503 to the next whole request once reached, so under a slow-loris it
refused the table's save itself, and it never stops accept() from taking a descriptor. Hence
the protocol below (desk_protocol), which the desk's server runs in place of uvicorn's own h11 one.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

# Seconds a connection has to send a whole request (head and body: a form is under 8 KiB, and a
# phone on a poor Wi-Fi sends it in a few), counted from its opening or its last response's end;
# then it is closed. A live stream, once asked for, is a whole request: this never ends it.
REQUEST_SECONDS = 15.0
# Connections one client address may hold at once: a browser opens at most 6 to one host, a
# phone's form and the secretary's tabs far fewer than this; a slow-loris from one address
# holds no more than these, whatever the open-files limit. At the cap, a new connection takes the
# place of the address's oldest one still waiting for a request's head (desk_protocol): behind
# the hall's NAT every phone is one address, and a cap that refused the next connection let one
# phone (a script, a browser gone wrong) holding 64 half-sent requests lock every table out,
# for ever if it opened them again as they timed out. A shorter deadline for the head than for
# the body would not have: it only makes the phone reopen them sooner. None waiting for a head,
# the oldest whose request's head is in and body is not takes the new one's place: 64 such
# (a complete head, `Content-Length: 5000`, then two bytes) locked every table out as the
# half-sent heads did (rev67). A deadline of the body's own, shorter than REQUEST_SECONDS, would
# not have held either, for the same reason: they are opened again as fast as they are closed.
# A phone's form is under 8 KiB and goes with its head, so a body still awaited when the address
# is full is most likely the flood's; if it was a phone's on a poor Wi-Fi, nothing of it was read
# (a table's save reads its whole form before anything: app.py, client_gone), and its page says
# the form was not sent. A connection whose request is whole (being handled) or whose answer is
# under way (a live stream) is never closed for another.
CONNECTIONS_PER_ADDRESS = 64
# Descriptors kept free of connections, for what a save opens (the results file, its lock, the
# audit, the rebuilt site's files): past the limit less these, a new connection is closed at once
# rather than a save failing for want of a file.
RESERVED_FILES = 128
# Live streams (standings views, hall screens) one client address may hold: a hall screen and a
# few tabs. Past it the page is told to come back later (app.py, events) and shows the standings
# by asking again then.
STREAMS_PER_ADDRESS = 4
STREAMS_CEILING = 2000  # a queue and a coroutine each: past this, memory, not descriptors, is the bound
# A refused stream is asked back after this to twice this (spread: the refused not all back at once)
STREAM_RETRY_SECONDS = 20


def open_files() -> int:
    """The process's open-files limit (its soft limit, the one that counts)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit (its sockets are not counted against one)
        return 2048
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


def raise_open_files() -> int:
    """Raise the open-files soft limit to the hard one (a system often starts a shell at 1024, or
    256 on macOS, with a hard limit far higher): each phone, screen and stream is one descriptor,
    and at the soft limit accept() fails (EMFILE) and no table's phone can save. Returns the limit
    now in force."""
    try:
        import resource
    except ImportError:
        return open_files()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # (macOS's hard limit is "unlimited" but a soft one past its kern.maxfilesperproc is refused:
    # then the largest of these it takes)
    for wanted in (hard, 1 << 20, 65536, 10240):
        if wanted == resource.RLIM_INFINITY or (soft != resource.RLIM_INFINITY and wanted <= soft):
            continue
        if hard != resource.RLIM_INFINITY and wanted > hard:
            continue
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            break
        except (ValueError, OSError):
            continue
    return open_files()


def stream_cap() -> int:
    """Live streams the desk holds at once, all clients together: half the descriptors left once
    those kept for saves are set aside (the other half for the phones' own requests)."""
    return max(16, min(STREAMS_CEILING, (open_files() - RESERVED_FILES) // 2))


def stream_retry() -> int:
    """The `retry:` of a refused stream, in milliseconds."""
    return STREAM_RETRY_SECONDS * 1000 + secrets.randbelow(STREAM_RETRY_SECONDS * 1000)


def desk_protocol() -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, with a deadline for each request to arrive in whole
    (REQUEST_SECONDS) and a cap on the connections of one address (CONNECTIONS_PER_ADDRESS) and
    of all (the open-files limit less RESERVED_FILES). One class a server: its counts are its own."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    held: dict[str, list[Any]] = {}  # each address's connections, oldest first
    whole = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)  # (the client's side: its request all in)

    class DeskProtocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: Any) -> None:  # noqa: ANN401
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            mine = held.get(address, [])
            if len(mine) >= CONNECTIONS_PER_ADDRESS and (oldest := next((c for c in mine if c._waiting()), None)
                                                        or next((c for c in mine if c._body_awaited()), None)):
                # (CONNECTIONS_PER_ADDRESS says why: a browser whose idle connection is closed
                # asks again on a new one, and nothing of a request in progress is lost)
                mine.remove(oldest)
                oldest._address = None
                oldest.transport.close()
            if len(mine) >= CONNECTIONS_PER_ADDRESS or len(self.connections) > open_files() - RESERVED_FILES:
                transport.close()  # (before any request: nothing to answer, and nothing counted)
                return
            self._address = address
            held.setdefault(address, []).append(self)
            self._watch()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._address is not None:
                mine = held.get(self._address, [])
                if self in mine:
                    mine.remove(self)
                if not mine:
                    held.pop(self._address, None)
                self._address = None
            super().connection_lost(exc)

        def _waiting(self) -> bool:
            """Whether no request is under way here: none sent yet (or its head only in part), or
            the last one answered and the connection idle (keep-alive)."""
            return not self.transport.is_closing() and self.conn.their_state == h11.IDLE and \
                (self.cycle is None or self.cycle.response_complete)

        def _body_awaited(self) -> bool:
            """Whether a request's head is in here and its body not all (h11.SEND_BODY), with no
            answer under way: its handler, if it reads the body, still waits for it (an answer
            sent already, a 405 or 413 that read none, leaves the rest of the body to come)."""
            return not self.transport.is_closing() and self.conn.their_state == h11.SEND_BODY and \
                (self.cycle is None or not self.cycle.response_started or self.cycle.response_complete)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._watch()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch()  # (the next request's time starts now)

        def _watch(self) -> None:
            if self.transport.is_closing() or self.conn.their_state in whole:
                self._disarm()
            elif self._deadline is None:
                self._deadline = self.loop.call_later(REQUEST_SECONDS, self._late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _late(self) -> None:
            self._deadline = None
            if not self.transport.is_closing() and self.conn.their_state not in whole:
                # (a request still unfinished: the application, if it reads its body, is told
                # the client went)
                self.transport.close()

    return DeskProtocol
