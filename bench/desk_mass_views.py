"""Benchmark: the desk's hall screen, sheets page and used-markers at a mass event's size, as
they were against as they are.

    .venv/bin/python bench/desk_mass_views.py [--tables 1000] [--where /dev/shm]

One Guandan Swiss of 2 x TABLES teams, round 1 drawn by `paibang pair` (bench/desk.py's site):

1. the hall's screen (/screen): its bytes with the whole draw on it (as it was: every table on
   one projected page) against one page of it (Desk.draw_view: DRAW_PAGE_TABLES tables);
2. the round's sheets page (each table's QR code and link): its bytes and the processor time of
   a first visit (its codes made) with every table's sheet on one page (as it was) against one
   page of it (sheet_pages: SHEETS_PAGE sheets); then a visit to that page that makes every
   code (as every visit did) against one that finds them made (app.table_qr, kept by link);
3. a table's used-marker (Tokens.mark_used) when the tokens file holds 1, 5 and 9 rounds of
   TABLES tables: the whole file rewritten (as every save did: Tokens._save) against the mark
   appended to the used log.

Each printed with its ratio, as was / as is, in the same run. Medians; the machine is shared
(the sheets page's first visit in processor time: its codes are made in the desk's threads).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SLUG = "desk-bench-guandan"


def get(app: Any, path: str, headers: dict[str, str] | None = None) -> bytes:  # noqa: ANN401 - an ASGI app
    """One GET through the desk's ASGI stack: its body (asserted 200)."""
    query = path.partition("?")[2]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path.partition("?")[0], "raw_path": path.partition("?")[0].encode(), "query_string": query.encode(),
             "root_path": "", "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1:8000"), *((k.lower().encode(), v.encode()) for k, v in (headers or {}).items())]}
    got: dict[str, Any] = {"body": b""}

    async def run() -> None:
        done = asyncio.Event()

        async def receive() -> dict[str, Any]:
            await done.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                got["status"] = message["status"]
            elif message["type"] == "http.response.body":
                got["body"] += message.get("body", b"")
                if not message.get("more_body"):
                    done.set()

        await app(scope, receive, send)

    asyncio.run(run())
    assert got["status"] == 200, (path, got["status"])
    return got["body"]


def timed(work: Any, times: int = 3) -> float:  # noqa: ANN401
    found = []
    for _ in range(times):
        started = time.perf_counter()
        work()
        found.append(time.perf_counter() - started)
    return statistics.median(found)


def say(label: str, was: float, now: float, unit: str) -> None:
    scale, name = (1 / 1024, "kB") if unit == "bytes" else (1000, "ms")
    print(f"  {label}: {was * scale:.1f} {name} as it was, {now * scale:.1f} {name} as it is (ratio {was / now:.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--where", type=Path, default=None, help="a folder for the site (default: a temp dir)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from desk import make_site  # (bench/desk.py's site: a Guandan Swiss drawn by `paibang pair`)
    from workplace import work_folder

    from generator.desk import app as desk_app
    from generator.desk import sheet_pages
    from generator.desk.store import Tokens, match_digest

    with tempfile.TemporaryDirectory(dir=work_folder(args.where), prefix="paibang-desk-views-") as temp:
        content = make_site(Path(temp) / "site", args.tables)
        desk = desk_app.Desk(content, SLUG, None, None, build=False)
        app = desk_app.create_app(desk)
        print(f"the desk over a round of {args.tables} tables (Python {sys.version.split()[0]})")

        paged = len(get(app, "/screen"))
        every = desk_app.DRAW_ALL_UP_TO
        desk_app.DRAW_ALL_UP_TO = 10**9  # (the whole draw on one page, as it was)
        try:
            whole = len(get(app, "/screen"))
        finally:
            desk_app.DRAW_ALL_UP_TO = every
        say("the hall's screen", whole, paged, "bytes")

        cookie = {"Cookie": f"{desk.cookie}={desk.start_session()}"}
        sheets = f"{desk.prefix}/admin/sheets/main/1"

        def first_visit() -> tuple[float, int]:
            """The sheets page's first visit: its processor time (the codes made in the desk's
            threads: process-wide) and its bytes."""
            desk_app.table_qr.cache_clear()
            started = time.process_time()
            size = len(get(app, sheets, cookie))
            return time.process_time() - started, size

        one_page = sheet_pages.SHEETS_ALL_UP_TO
        sheet_pages.SHEETS_ALL_UP_TO = 10**9  # (every table's sheet on one page, as it was)
        try:
            whole = [first_visit() for _ in range(2)]
        finally:
            sheet_pages.SHEETS_ALL_UP_TO = one_page
        paged = [first_visit() for _ in range(3)]
        say("the sheets page, first visit (processor)", statistics.median(t for t, _ in whole),
            statistics.median(t for t, _ in paged), "s")
        say("the sheets page", whole[0][1], paged[0][1], "bytes")

        def cold() -> None:
            desk_app.table_qr.cache_clear()
            get(app, sheets, cookie)

        making = timed(cold, 2)
        get(app, sheets, cookie)
        kept = timed(lambda: get(app, sheets, cookie), 3)
        say("the sheets page, its codes made at every visit (wall)", making, kept, "s")

        tokens_content = Path(temp) / "tokens" / "content"
        tokens_content.mkdir(parents=True)
        tokens = Tokens(tokens_content, "mass")
        for rounds in (1, 5, 9):
            drawn = {f"main/{r}/{n}": match_digest([f"T{n}", f"T{n + 1}"])
                     for r in range(1, rounds + 1) for n in range(1, args.tables + 1)}
            tokens.ensure(drawn)
            tokens.mark_used([key for key in drawn if not key.startswith(f"main/{rounds}/")])
            tokens.set_clock("main", rounds, None)  # (the marks in the file: the log empty)
            rewrite = timed(lambda: tokens._save(), 9)  # noqa: B023 - run at once
            keys = iter(f"main/{rounds}/{n}" for n in range(1, args.tables + 1))
            append = timed(lambda: tokens.mark_used([next(keys)]), 9)  # noqa: B023 - run at once
            size = tokens.path.stat().st_size // 1024
            say(f"a table's used-marker, the tokens file of {rounds} round(s) ({size} kB)", rewrite, append, "s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
