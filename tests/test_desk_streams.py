"""One client on the venue's network cannot lock the tables' phones out of the desk: not by
holding live streams (GET /events), nor by connections that never finish a request (a
slow-loris), and the desk starts with the open-files limit at its hard limit.

The desk runs on the real stack (uvicorn + Starlette, tests/test_desk.py's `start`) at 127.0.0.1;
other clients' addresses are other loopback addresses (127.0.0.2 and on: Linux routes all of
127/8 to the loopback). Every wait is for a state (a line read, a socket closed), bounded."""

from __future__ import annotations

import json
import select
import socket
import sys
import time
from pathlib import Path

import pytest

from generator.desk import connections
from tests.test_desk import Running, _page, browser, content, drawn, post, round4, start  # noqa: F401

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="other loopback addresses: Linux's")
BOUND = 30  # seconds: a bound on a wait for a state (a stream's keep-alive comes every 15), never a time measured


def connect(running: Running, address: str) -> socket.socket:
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(BOUND)
    sock.connect(("127.0.0.1", running.port))
    return sock


def open_stream(running: Running, address: str) -> socket.socket:
    sock = connect(running, address)
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\n\r\n".encode())
    return sock


def read_until(sock: socket.socket, marker: bytes) -> bytes:
    """What the socket sends up to and with `marker` (b"" once the server closed it first)."""
    got, ends = b"", time.monotonic() + BOUND
    while marker not in got:
        assert time.monotonic() < ends, got
        chunk = sock.recv(65536)
        if not chunk:
            return got
        got += chunk
    return got


def read_to_end(sock: socket.socket) -> bytes:
    """All the socket sends until the server closes it (a stream that stays open fails)."""
    got, ends = b"", time.monotonic() + BOUND
    while chunk := sock.recv(65536):
        got += chunk
        assert time.monotonic() < ends, got
    return got


@pytest.fixture()
def running(content: Path):  # noqa: F811
    desk = start(content)
    yield desk
    desk.stop()


SAVE = "T15+3, T15+3, T15+3, T15+3, T15+1"


def saves(running: Running) -> None:
    """A table's phone saves, as in tests/test_desk.py, and the round's file has it."""
    status, html = post(running, "main/4/1", "save", deals=SAVE)
    assert status == 200 and 'id="saved"' in html
    assert "    deals: [T15+3, T15+3, T15+3, T15+3, T15+1]" in round4(running.desk.content).read_text(encoding="utf-8")


def hears_an_update(sock: socket.socket, running: Running) -> None:
    running.desk.publish("update", {"version": 99})
    assert b'"version": 99' in read_until(sock, b'"version": 99')


def test_one_address_holds_a_few_streams_and_the_rest_are_told_to_come_back(running: Running) -> None:
    held = []
    try:
        for _ in range(connections.STREAMS_PER_ADDRESS):
            sock = open_stream(running, "127.0.0.1")
            assert b"retry:" not in read_until(sock, b"event: hello")
            held.append(sock)
        # the next from the same address: a 200 stream (a browser opens it again once it ends,
        # never after a 503 or 204), saying when to come back, with the hello, then ended
        refused = open_stream(running, "127.0.0.1")
        answer = read_to_end(refused).decode()
        refused.close()
        assert answer.startswith("HTTP/1.1 200"), answer
        assert "content-type: text/event-stream" in answer.lower()
        body = answer.split("\r\n\r\n", 1)[1]
        retry = int(body.split("retry: ", 1)[1].split("\n", 1)[0])
        assert connections.STREAM_RETRY_SECONDS * 1000 <= retry < connections.STREAM_RETRY_SECONDS * 2000
        hello = body.split("event: hello\ndata: ", 1)[1].split("\n", 1)[0]
        assert json.loads(hello) == {"version": running.desk.version}
        # another address still opens one, and it stays open: it hears the next update
        other = open_stream(running, "127.0.0.2")
        assert b"retry:" not in read_until(other, b"event: hello")
        hears_an_update(other, running)
        other.close()
        # one of the first address's ended: its place is free again
        held.pop().close()
        again = open_stream(running, "127.0.0.1")
        for _ in range(100):  # (the server may not have seen the close yet: a few tries, each refused at once)
            got = read_until(again, b"event: hello")
            if b"retry:" not in got:
                break
            again.close()
            again = open_stream(running, "127.0.0.1")
        assert b"retry:" not in got
        held.append(again)
    finally:
        for sock in held:
            sock.close()


def streams_held(running: Running, address: str, tries: int) -> list:
    """`tries` streams opened from `address` (the hostile reviewer's flood): those the desk ends
    at once with a retry closed, the rest (the address's few) returned open."""
    held = []
    for _ in range(tries):
        sock = open_stream(running, address)
        if b"retry:" in read_until(sock, b"event: hello"):
            sock.close()
        else:
            held.append(sock)
    return held

def test_three_hundred_streams_from_one_address_lock_out_neither_another_nor_a_table(running: Running) -> None:
    """The hostile reviewer's 300 (the old cap, for every client together): one address's
    streams past its few are ended at once, and another's still opens; a table saves."""
    held = []
    try:
        held += streams_held(running, "127.0.0.3", 300)
        assert len(held) == connections.STREAMS_PER_ADDRESS
        other = open_stream(running, "127.0.0.4")
        got = read_until(other, b"event: hello")
        assert got.startswith(b"HTTP/1.1 200") and b"retry:" not in got
        hears_an_update(other, running)
        other.close()
        saves(running)
    finally:
        for sock in held:
            sock.close()


def wait_closed(socks: list[socket.socket], count: int) -> int:
    """Waits until `count` of the sockets are closed by the server (bounded); how many are."""
    closed: set[socket.socket] = set()
    ends = time.monotonic() + 2 * BOUND
    while len(closed) < count and time.monotonic() < ends:
        ready, _, _ = select.select([s for s in socks if s not in closed], [], [], 1)
        for sock in ready:
            try:
                if not sock.recv(4096):
                    closed.add(sock)
            except ConnectionResetError:
                closed.add(sock)
    return len(closed)


def half_sent(running: Running, address: str) -> socket.socket:
    """A request without its final blank line, as a slow-loris sends."""
    sock = connect(running, address)
    sock.sendall(f"GET /standings HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\nX-a: b\r\n".encode())
    return sock


def test_one_address_holds_few_half_sent_requests_and_a_table_still_saves(running: Running) -> None:
    loris = []
    try:
        for _ in range(250):
            loris.append(half_sent(running, "127.0.0.5"))
        past = 250 - connections.CONNECTIONS_PER_ADDRESS
        assert wait_closed(loris, past) >= past
        saves(running)
        other = open_stream(running, "127.0.0.6")
        assert b"retry:" not in read_until(other, b"event: hello")
        other.close()
    finally:
        for sock in loris:
            sock.close()


def body_short(running: Running, address: str, path: str) -> socket.socket:
    """A whole request head, then two bytes of the 5000 its body is said to have (rev67): the
    request is under way, its handler (if it reads the body) waiting for the rest. Returned once
    the desk has the head: its answer (a POST to the icon: 405, the body not read) or, for a
    handler reading the body, the 100 Continue it sends as it starts to (Expect)."""
    sock = connect(running, address)
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\nExpect: 100-continue\r\n"
                 "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nk=".encode())
    head = read_until(sock, b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 405" if path == "/favicon.svg" else b"HTTP/1.1 100"), head
    return sock


@pytest.mark.parametrize("kind", ["head", "body of an answered request", "body of a table's save"])
def test_a_phone_behind_the_halls_nat_saves_while_that_address_holds_its_cap_of_half_sent_requests(
        running: Running, kind: str) -> None:
    """Every phone in the hall is the venue's one address: one of them holding 64 half-sent
    requests (the cap) locked every table out, each new connection closed at once. The oldest
    connection waiting for its head gives way to the new one now; none waiting for a head, the
    oldest whose head is in and body is not: a POST the desk answered (405) without reading its
    body, or a table's save whose handler waits for its form."""
    loris = []
    try:
        for _ in range(connections.CONNECTIONS_PER_ADDRESS):
            if kind == "head":
                loris.append(half_sent(running, "127.0.0.1"))
            elif kind == "body of an answered request":
                loris.append(body_short(running, "127.0.0.1", "/favicon.svg"))
            else:
                loris.append(body_short(running, "127.0.0.1", "/t/main/4/2"))
        saves(running)  # (from 127.0.0.1, as tests/test_desk.py's phones: a page opened, then sent)
        assert wait_closed(loris, 2) >= 2  # (the oldest half-sent, for the page and the save)
    finally:
        for sock in loris:
            sock.close()


def test_a_request_never_finished_is_closed_a_stream_asked_for_is_not(running: Running, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(connections, "REQUEST_SECONDS", 1.0)
    stream = open_stream(running, "127.0.0.7")  # (opened first: older than the request closed below)
    read_until(stream, b"event: hello")
    silent = connect(running, "127.0.0.7")  # connects and sends nothing at all
    late = half_sent(running, "127.0.0.7")
    try:
        assert wait_closed([silent, late], 2) == 2
        hears_an_update(stream, running)
    finally:
        for sock in (stream, silent, late):
            sock.close()


def test_the_desk_raises_its_open_files_limit_to_the_hard_one(content: Path) -> None:  # noqa: F811
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = 512
    if hard != resource.RLIM_INFINITY and hard <= low:
        pytest.skip("a hard limit of 512 or less: nothing to raise")
    resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))
    try:
        desk = start(content)
        try:
            now = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            assert now == hard if hard != resource.RLIM_INFINITY else now > low
        finally:
            desk.stop()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# --- in the browser: a hall screen never silently freezes -----------------------------------


def version_of(tab) -> int:  # noqa: ANN001
    return int(tab.locator("#live").get_attribute("data-version"))


@pytest.mark.slow
def test_a_standings_view_refused_a_stream_still_follows_the_saves(browser, running: Running,  # noqa: F811
                                                                    monkeypatch) -> None:  # noqa: ANN001
    """Chromium at an address that holds its streams (the hostile reviewer's 300 tried): its
    stream is ended with a retry each time, and each hello brings the view up to date."""
    monkeypatch.setattr(connections, "STREAM_RETRY_SECONDS", 1)
    held = []
    try:
        held += streams_held(running, "127.0.0.1", 300)
        standings = _page(browser)
        standings.goto(f"{running.base}/standings")
        version = version_of(standings)
        saves(running)
        standings.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v",
                                    arg=version, timeout=BOUND * 1000)
        assert standings.errors == []
    finally:
        for sock in held:
            sock.close()


@pytest.mark.slow
def test_a_standings_view_whose_stream_failed_opens_it_again(browser, running: Running) -> None:  # noqa: F811
    """A stream answered 503 (an older desk at its cap, a proxy): the browser never opens it
    again itself, the page does, and refreshes the view meanwhile."""
    standings = _page(browser)
    asked = []

    def events(route) -> None:  # noqa: ANN001
        asked.append(route.request.url)
        if len(asked) == 1:
            route.fulfill(status=503, body="503")
        else:
            route.continue_()

    standings.route("**/events", events)
    standings.goto(f"{running.base}/standings")
    version = version_of(standings)
    saves(running)
    standings.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v",
                                arg=version, timeout=BOUND * 1000)
    assert len(asked) >= 2
    # and the stream opened again carries the next update
    version = version_of(standings)
    status, html = post(running, "main/4/2", "save", deals="T04+3, T04+2")
    assert status == 200 and 'id="saved"' in html, html
    standings.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v",
                                arg=version, timeout=BOUND * 1000)
    assert standings.errors == []
