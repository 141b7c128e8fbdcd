"""The desk's live views as the hall's phones fetch them after every save: gzipped for a
browser that takes it, and an unchanged view answered 304 with no body to a browser that has
it (its ETag sent back), so 2,000 entries' standings are not fetched whole by every phone at
every table saved. The live stream itself is never compressed (held in a compressor's buffer,
its events would not arrive)."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

from tests.support import new_event


def sixty_teams(tmp_path: Path) -> Path:
    """60 Guandan teams, a Swiss, round 1 played (each table's first team up by 3 levels a
    deal): standings large enough to be worth compressing."""
    folder = new_event(tmp_path, "mini", "title: \u5c0f\u8d5b\ngame: guandan\ndate: 2026-01-10\n", "T", 60,
                       "  - id: main\n    format: swiss\n    rounds: 2\n")
    deals = ", deals: [T{0}+3, T{0}+3, T{0}+3, T{0}+3, T{0}+3]"
    tables = "".join(f"  - {{table: {n}, teams: [T{2 * n - 1}, T{2 * n}]{deals.format(2 * n - 1)}}}\n"
                     for n in range(1, 31))
    (folder / "results" / "round-1.yaml").write_text(f"stage: main\nround: 1\ntables:\n{tables}", encoding="utf-8")
    return folder.parents[1]


def ask(app, path: str, headers: dict[str, str], body_limit: int | None = None) -> tuple[int, dict[str, str], bytes]:  # noqa: ANN001
    """One GET through the desk's whole ASGI stack, as uvicorn would pass it: (status, headers, body).
    `body_limit`: stop reading once that much body came (a live stream does not end by itself)."""
    return asyncio.run(asgi_get(app, path, headers, body_limit))


async def asgi_get(app, path: str, headers: dict[str, str], body_limit: int | None = None) -> tuple[int, dict[str, str], bytes]:  # noqa: ANN001
    """`ask`, awaited: for a test running several requests at once on one event loop."""
    query = path.partition("?")[2]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path.partition("?")[0], "raw_path": path.partition("?")[0].encode(), "query_string": query.encode(),
             "root_path": "", "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1:8000"), *((k.lower().encode(), v.encode()) for k, v in headers.items())]}
    got: dict = {"body": b""}
    done = asyncio.Event()

    async def receive() -> dict:
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            got["status"] = message["status"]
            got["headers"] = {k.decode().lower(): v.decode() for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            got["body"] += message.get("body", b"")
            if not message.get("more_body") or (body_limit is not None and len(got["body"]) >= body_limit):
                done.set()

    task = asyncio.create_task(app(scope, receive, send))
    await done.wait()
    await asyncio.wait_for(task, 10)
    return got["status"], got["headers"], got["body"]


def desk_app(tmp_path: Path):  # noqa: ANN201
    from generator.desk.app import Desk, create_app

    return create_app(Desk(sixty_teams(tmp_path), "mini", None, None, build=False))


def test_the_live_standings_are_gzipped_when_asked_and_an_unchanged_one_is_a_bodiless_304(tmp_path: Path) -> None:
    app = desk_app(tmp_path)
    for path in ("/standings?part=1", "/screen?part=1", "/standings"):
        status, plain_headers, plain = ask(app, path, {})
        assert status == 200 and "content-encoding" not in plain_headers and b"T59" in plain
        status, headers, packed = ask(app, path, {"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers["content-encoding"] == "gzip"
        assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 3
        # kept by the browser to ask again, never shown unasked: no-cache, not no-store
        tag = headers["etag"]
        assert headers["cache-control"] == "no-cache" and tag == plain_headers["etag"]
        status, headers, body = ask(app, path, {"Accept-Encoding": "gzip", "If-None-Match": tag})
        assert (status, body, headers["etag"]) == (304, b"", tag)
        status, _headers, body = ask(app, path, {"If-None-Match": 'W/"another"'})
        assert status == 200 and body == plain


def test_a_changed_view_has_another_tag_and_is_sent_whole(tmp_path: Path) -> None:
    from generator.desk.app import Desk, create_app

    content = sixty_teams(tmp_path)
    desk = Desk(content, "mini", None, None, build=False)
    app = create_app(desk)
    _status, headers, before = ask(app, "/standings?part=1", {})
    results = content / "events" / "mini" / "results" / "round-1.yaml"
    results.write_text(results.read_text(encoding="utf-8").replace(
        "T59+3, T59+3, T59+3, T59+3, T59+3", "T60+3, T60+3, T60+3, T60+3, T60+3"), encoding="utf-8")
    desk.load()
    status, after, body = ask(app, "/standings?part=1", {"If-None-Match": headers["etag"]})
    assert status == 200 and after["etag"] != headers["etag"] and body != before
    # T60 won its table now, T59 lost it
    assert body.index(b'data-entry="T60"') < body.index(b'data-entry="T59"') and before.index(b'data-entry="T59"') < before.index(b'data-entry="T60"')


def test_the_live_stream_is_not_compressed(tmp_path: Path) -> None:
    app = desk_app(tmp_path)
    status, headers, body = ask(app, "/events", {"Accept-Encoding": "gzip"}, body_limit=1)
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    assert "content-encoding" not in headers and body.startswith(b"event: hello")


def test_the_live_view_asks_with_its_tag() -> None:
    # fetch's "no-store" neither keeps the page nor sends If-None-Match: every refresh was the
    # whole page; "no-cache" keeps it and asks with its ETag
    live = (Path(__file__).parents[1] / "templates" / "desk" / "_live.html").read_text(encoding="utf-8")
    assert '{cache: "no-cache"}' in live and "no-store" not in live.split("<script>")[1].split("fetch(")[1][:80]


def test_a_large_rounds_sheets_page_says_its_pdf_takes_minutes(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    # 1,000 tables printed in the desk's one thread took minutes, the browser waiting with no
    # word; the secretary is told before clicking (the estimate: SHEET_SECONDS a table)
    from generator.desk import app as desk_module

    assert desk_module.sheets_minutes(1000) == 4 and desk_module.sheets_minutes(199) == 0
    desk = desk_module.Desk(sixty_teams(tmp_path), "mini", None, None, build=False)
    app = desk_module.create_app(desk)
    cookie = {"Cookie": f"{desk.cookie}={desk.start_session()}"}
    _status, _headers, small = ask(app, f"{desk.prefix}/admin/sheets/main/1", cookie)
    assert b"print.pdf" in small and b"sheets-slow" not in small  # 30 tables: no word of it
    monkeypatch.setattr(desk_module, "SHEETS_SAID_FROM", 30)
    monkeypatch.setattr(desk_module, "SHEET_SECONDS", 7.0)  # (30 tables: 210 s)
    status, _headers, large = ask(app, f"{desk.prefix}/admin/sheets/main/1", cookie)
    assert status == 200
    assert "\u5171 30 \u684c\uff1aPDF \u7ea6\u9700 4 \u5206\u949f".encode() in large
