"""A form whose sending is cut off (a phone losing the hall's Wi-Fi mid-save: the head says 100
bytes, 5 arrive, the connection closes) writes nothing and puts no traceback on the secretary's
terminal (rev65: starlette's ClientDisconnect, 45 lines of it, from the desk's reading of the
form). The application is driven as the server drives it, a message at a time, so that its
answer (or the exception the server would log) is known when the call returns."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from tests.test_desk import SLUG, audit_lines, content, drawn, round4  # noqa: F401 - (fixtures)


def cut_off(app, path: str, body: bytes) -> list[dict]:  # noqa: ANN001
    """A POST to `path` whose head says 100 bytes, of which `body` arrives before the client is
    gone: what the application sent back (it raises what the server would log)."""
    messages = [{"type": "http.request", "body": body, "more_body": True}, {"type": "http.disconnect"}]
    sent: list[dict] = []

    async def receive() -> dict:
        if messages:
            return messages.pop(0)
        await asyncio.Event().wait()  # (nothing more comes: as a server, which never says more after a disconnect)

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8765"), (b"content-type", b"application/x-www-form-urlencoded"),
                         (b"content-length", b"100")],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8765)}
    asyncio.run(app(scope, receive, send))
    return sent


@pytest.mark.parametrize("where", ["table", "clock"])
def test_a_form_cut_off_mid_send_writes_nothing_and_logs_no_traceback(content: Path, where: str,  # noqa: F811
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    from generator.commands.desk import make

    desk, app, _ = make(content, SLUG, None, 8765, False, None, build=False)
    before = round4(content).read_bytes()
    path = desk.link("main/4/1").split("8765")[1].split("?")[0] if where == "table" else f"{desk.prefix}/admin/clock"
    with caplog.at_level(logging.DEBUG):
        sent = cut_off(app, path, b"k=abc")
    assert round4(content).read_bytes() == before and audit_lines(content) == []
    assert desk.tokens.clock("main", 4) is None
    # nothing for the terminal but at most one line, and no traceback
    assert len(caplog.records) <= 1 and not any(record.exc_info for record in caplog.records), caplog.text
    assert "Traceback" not in caplog.text and "ClientDisconnect" not in caplog.text
    assert [m["status"] for m in sent if m["type"] == "http.response.start"] in ([], [400])
