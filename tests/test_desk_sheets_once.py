"""One print of a round's score sheets at a time (the desk's "print the PDF"): 1,000 tables of
Guandan take minutes, and each click started another print of the whole round. A click while
the round prints is told so, with how far it has got, and asks again by itself (Refresh); the
PDF printed is served to every click after, until the round's sheets would differ (a redraw)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from tests.test_desk_live_size import asgi_get
from tests.test_desk_mass_pages import guandan_swiss


async def ask(app, path: str, cookie: str) -> tuple[int, dict[str, str], bytes]:  # noqa: ANN001
    return await asgi_get(app, path, {"cookie": cookie})


async def ask_until(app, path: str, cookie: str, done: Callable[[int], bool] = lambda status: status == 200,  # noqa: ANN001
                    times: int = 40) -> tuple[int, dict[str, str], bytes]:
    """`path` asked, then again every 0.05 s (as the printing page's Refresh asks, sooner), up to
    `times` times more, until its status is `done` (a 200: the PDF): the last answer. (A print
    run in the worker thread ends when it ends: the tests ask till then, not for a time.)"""
    answer = await ask(app, path, cookie)
    for _ in range(times):
        if done(answer[0]):
            break
        await asyncio.sleep(0.05)
        answer = await ask(app, path, cookie)
    return answer


def sheets_desk(tmp_path: Path):  # noqa: ANN201
    """An 8-team Guandan Swiss's desk with round 1 drawn: (content, desk, its app, the
    secretary's cookie, round 1's print path)."""
    from generator.desk.app import Desk, create_app

    content = guandan_swiss(tmp_path, 8, 0)
    desk = Desk(content, "mass", None, None, build=False)
    return (content, desk, create_app(desk), f"{desk.cookie}={desk.start_session()}",
            f"{desk.prefix}/admin/sheets/main/1/print.pdf")


def held_print(monkeypatch, printed: list, says_progress: bool) -> tuple[threading.Event, threading.Event]:  # noqa: ANN001
    """A stand-in for the print of a round's sheets: its tables appended to `printed`, the first
    print (with `says_progress`, two parts of five said) held after it starts until `finish` is set."""
    from generator.desk import app as desk_app

    started, finish = threading.Event(), threading.Event()

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        tables = [tuple(t.sides) for r in desk.event.rounds[stage] if r.number == number for t in r.tables]
        printed.append(tables)
        if says_progress:
            step(2, 5)
        if len(printed) == 1:
            started.set()
            assert finish.wait(30)
        return f"%PDF print {len(printed)} of {tables[0]}".encode()

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)
    return started, finish


def test_a_second_click_while_the_round_prints_is_told_so_and_the_pdf_is_printed_once(tmp_path: Path,
                                                                                      monkeypatch) -> None:  # noqa: ANN001
    content, _desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[list[tuple[str, ...]]] = []
    started, finish = held_print(monkeypatch, printed, says_progress=True)

    async def clicks() -> None:
        first = asyncio.ensure_future(ask(app, path, cookie))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        status, headers, body = await ask(app, path, cookie)
        page = body.decode()
        assert status == 202 and headers["refresh"] == "5", status
        assert "\u6b63\u5728\u6253\u5370" in page and "\u5df2\u5b8c\u6210 40%" in page and "\u7b2c 1 \u8f6e" in page
        assert len(printed) == 1  # (the second click started nothing)
        finish.set()
        status, headers, body = await first
        assert (status, headers["content-type"], body) == (200, "application/pdf", b"%PDF print 1 of ('T1', 'T2')")
        # printed: served as it is to the clicks after, not printed again
        status, _headers, body = await ask(app, path, cookie)
        assert (status, body, len(printed)) == (200, b"%PDF print 1 of ('T1', 'T2')", 1)
        # the round drawn again (table 1's sides swapped): its sheets printed again, once
        round_file = content / "events" / "mass" / "results" / "round-1.yaml"
        round_file.write_text(round_file.read_text(encoding="utf-8").replace("[T1, T2]", "[T2, T1]"), encoding="utf-8")
        status, _headers, body = await ask(app, path, cookie)
        assert (status, body, len(printed)) == (200, b"%PDF print 2 of ('T2', 'T1')", 2)
        status, _headers, body = await ask(app, path, cookie)
        assert (body, len(printed)) == (b"%PDF print 2 of ('T2', 'T1')", 2)

    asyncio.run(clicks())


def test_a_print_that_failed_is_printed_again_at_the_next_click(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    content, desk, app, cookie, path = sheets_desk(tmp_path)
    calls = []

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        calls.append(number)
        if len(calls) == 1:
            raise CouldNotFinish("printer_crashed", signal=11, name="SIGSEGV", what="PDF")
        return b"%PDF again"

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)

    async def clicks() -> None:
        status, _headers, _body = await ask(app, path, cookie)
        assert status == 500
        status, _headers, body = await ask(app, path, cookie)
        assert (status, body, len(calls)) == (200, b"%PDF again", 2)

    asyncio.run(clicks())


def test_a_round_dated_again_is_printed_again(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Each sheet prints the round's date: a `date:` written into the round's file after its
    sheets were printed served the sheets of the old date (rev72)."""
    from generator.desk import app as desk_app

    content, desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[object] = []

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        day = desk.event.day_of(desk.event.stage(stage), number)
        printed.append(day)
        return f"%PDF dated {day}".encode()

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)

    async def clicks() -> None:
        status, _headers, first = await ask(app, path, cookie)
        assert status == 200 and len(printed) == 1
        round_file = content / "events" / "mass" / "results" / "round-1.yaml"
        text = round_file.read_text(encoding="utf-8")
        assert "\nround: 1\n" in text and "date:" not in text
        round_file.write_text(text.replace("\nround: 1\n", "\nround: 1\ndate: 2031-04-01\n"), encoding="utf-8")
        status, _headers, body = await ask(app, path, cookie)
        assert (status, body, len(printed)) == (200, b"%PDF dated 2031-04-01", 2)
        assert body != first

    asyncio.run(clicks())


def test_a_round_changed_while_it_prints_is_printed_again_not_served_old(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Table 1's sides swapped while the round prints: the click waiting for the print is told a
    print is under way (the new sheets), not served the old ones (rev72)."""
    content, _desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[list[tuple[str, ...]]] = []
    started, finish = held_print(monkeypatch, printed, says_progress=False)

    async def clicks() -> None:
        first = asyncio.ensure_future(ask(app, path, cookie))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        round_file = content / "events" / "mass" / "results" / "round-1.yaml"
        round_file.write_text(round_file.read_text(encoding="utf-8").replace("[T1, T2]", "[T2, T1]"), encoding="utf-8")
        finish.set()
        status, headers, body = await first
        assert status == 202 and headers["refresh"] == "5", status
        # this click started the new print: told it prints, not that asking again starts no other
        # print (the page for a click meeting a print under way: rev94)
        assert "\u6b63\u5728\u6253\u5370" in body.decode() and "\u4e0d\u4f1a\u53e6\u8d77\u6253\u5370" not in body.decode()
        status, _headers, body = await ask_until(app, path, cookie, times=100)  # the new print, ended in the worker thread
        assert (status, body, len(printed)) == (200, b"%PDF print 2 of ('T2', 'T1')", 2)

    asyncio.run(clicks())


def test_the_click_that_starts_a_long_print_is_told_it_prints_not_left_waiting(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A round of 1,000 tables prints for minutes: the click that started it waited all that
    time on a blank page, past the time a browser gives up. A round of SHEETS_SAID_FROM tables
    or more (its minutes said on the sheets page) waits SHEETS_WAIT_SECONDS at most, then is told the sheets are printing and how far (not that asking again starts
    no other print: this ask started it), its page asking again; the print goes on, once, and the next click
    after it ends gets the PDF."""
    from generator.desk import app as desk_app

    _content, _desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[list[tuple[str, ...]]] = []
    started, finish = held_print(monkeypatch, printed, says_progress=True)
    monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.2, raising=False)  # (raising: fails, not errs, without it)
    monkeypatch.setattr(desk_app, "SHEETS_SAID_FROM", 4)  # (its 4 tables as a round of 200: the minutes said)

    async def clicks() -> None:
        status, headers, body = await asyncio.wait_for(ask(app, path, cookie), 10)
        page = body.decode()
        assert status == 202 and headers["refresh"] == "5", status
        assert "\u6b63\u5728\u6253\u5370" in page and "\u5df2\u5b8c\u6210 40%" in page and "\u7b2c 1 \u8f6e" in page
        assert "\u4e0d\u4f1a\u53e6\u8d77\u6253\u5370" not in page  # (not "asking again starts no other print")
        assert started.is_set() and len(printed) == 1
        status, _headers, body = await ask(app, path, cookie)  # still printing: said so, nothing started
        assert status == 202 and "\u4e0d\u4f1a\u53e6\u8d77\u6253\u5370" in body.decode() and len(printed) == 1
        finish.set()
        status, _headers, body = await ask_until(app, path, cookie, times=100)  # the print, ended in the worker thread
        assert (status, body, len(printed)) == (200, b"%PDF print 1 of ('T1', 'T2')", 1)

    asyncio.run(clicks())


def test_a_long_print_that_failed_after_its_click_was_answered_is_said_then_printed_again(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A long round's print that fails after its click was told "printing" (a 1,000-table print
    out of memory after minutes): the printing page's Refresh started it again at every ask,
    "printing" for ever and the failure never said (rev90). The ask after it ended is told it
    failed; the one after that prints again, once."""
    import time

    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    _content, _desk, app, cookie, path = sheets_desk(tmp_path)
    calls: list[int] = []

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        calls.append(number)
        if len(calls) == 1:
            time.sleep(0.5)
            raise CouldNotFinish("printer_exited", code=1, what="sheets")
        return b"%PDF again"

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)
    monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.1)
    monkeypatch.setattr(desk_app, "SHEETS_SAID_FROM", 4)

    async def clicks() -> None:
        status, _headers, _body = await ask(app, path, cookie)
        assert status == 202
        # (the page's Refresh, asking again till the print has ended)
        status, _headers, body = await ask_until(app, path, cookie, lambda status: status != 202, times=80)
        assert (status, len(calls)) == (500, 1), (status, calls)
        assert "\u6253\u5370" in body.decode()  # (desk_sheets_failed's page)
        status, _headers, body = await ask_until(app, path, cookie)
        assert (status, body, len(calls)) == (200, b"%PDF again", 2)

    asyncio.run(clicks())


def test_a_small_rounds_click_waits_for_its_pdf(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A round of fewer tables than SHEETS_SAID_FROM prints in well under a minute: its click
    gets the PDF, however long past SHEETS_WAIT_SECONDS it takes."""
    from generator.desk import app as desk_app

    _content, _desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[list[tuple[str, ...]]] = []
    started, finish = held_print(monkeypatch, printed, says_progress=True)
    monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.2, raising=False)

    async def clicks() -> None:
        first = asyncio.ensure_future(ask(app, path, cookie))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        await asyncio.sleep(0.5)
        assert not first.done()
        finish.set()
        status, _headers, body = await first
        assert (status, body, len(printed)) == (200, b"%PDF print 1 of ('T1', 'T2')", 1)

    asyncio.run(clicks())
