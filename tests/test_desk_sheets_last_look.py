"""The score sheets' print at the desk, as the last look at it found it (h-desk34): the sheets'
template rendered by any environment, the printing page's words and way back, a failed print
said by one page and printed again after it."""

from __future__ import annotations

import asyncio
import html
import re
import time
from pathlib import Path

import pytest

from tests.test_desk_mass_pages import guandan_swiss
from tests.test_desk_sheets_once import ask, ask_until, held_print, sheets_desk



def test_a_sheets_template_renders_in_a_stock_environment_as_in_the_pdfs(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The Guandan sheet's rows to fill use the `ruled_rows` filter, registered by the PDF's
    environment alone: the same template rendered by html.environment (the desk's pages, the
    stock Jinja the tests compare with) had no such filter and failed to compile."""
    from generator.desk import app as desk_app
    from generator.render import pdf
    from generator.render.bulletins import round_forms
    from generator.render.html import environment

    content = guandan_swiss(tmp_path, 4, 0)
    desk = desk_app.Desk(content, "mass", None, None, build=False)
    [form] = [f for f in round_forms(desk.result, "main", 1, desk.locale) if f.pages]
    printed = pdf.bulletin_html(form, desk.locale)
    assert printed.count('<tr class="blank" style="background: url(') == 2
    monkeypatch.setattr(pdf, "_environment", lambda locale, content: environment(locale, stock=True, content=content))
    assert pdf.bulletin_html(form, desk.locale) == printed


def printing_pages(tmp_path: Path, monkeypatch, locale: str | None) -> tuple[object, str, str]:  # noqa: ANN001
    """The pages of round 1's print of an 8-team Guandan Swiss (`locale`: the desk's language):
    the click that starts it, told it prints (its round taken as a long one), and the page's
    Refresh after it; (desk, the first page, the second)."""
    from generator.desk import app as desk_app

    content = guandan_swiss(tmp_path, 8, 0)
    desk = desk_app.Desk(content, "mass", None, locale, build=False)
    app, cookie = desk_app.create_app(desk), f"{desk.cookie}={desk.start_session()}"
    path = f"{desk.prefix}/admin/sheets/main/1/print.pdf"
    printed: list[list[tuple[str, ...]]] = []
    started, finish = held_print(monkeypatch, printed, says_progress=True)
    monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.2)
    monkeypatch.setattr(desk_app, "SHEETS_SAID_FROM", 4)

    async def clicks() -> tuple[str, str]:
        try:
            status, _headers, first = await asyncio.wait_for(ask(app, path, cookie), 10)
            assert status == 202 and started.is_set()
            status, headers, again = await ask(app, path, cookie)  # (the page's own Refresh)
            assert status == 202 and headers["refresh"] == "5" and len(printed) == 1
            return first.decode(), again.decode()
        finally:
            finish.set()

    first, again = asyncio.run(clicks())
    return desk, first, again


def heading(page: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", page, re.S).group(1))


def test_the_printing_page_is_headed_by_the_stage_and_round_and_leads_back(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A big round's "printing, 40 % done": its stage's name was glued to the round's words in
    its text ("main\u7b2c 1 \u8f6e"), and the page led nowhere. Headed now as the sheets page is
    (the stage's name, the round), with a link back to the round on the secretary's page; its
    Refresh's words read right for the secretary's own page asking again (it said "an earlier
    click started it")."""
    desk, first, again = printing_pages(tmp_path, monkeypatch, None)
    assert heading(first) == "\u6b63\u5728\u6253\u5370 \u00b7 main \u00b7 \u7b2c 1 \u8f6e"
    for page in (first, again):
        assert "main\u7b2c" not in page and "\u5df2\u5b8c\u6210 40%" in page
        back = re.search(r'<a href="([^"]+)" id="print-back">([^<]+)</a>', page)
        assert back.group(1) == f"{desk.prefix}/admin?stage=main&amp;round=1"
        assert "\u8bb0\u5f55\u53f0" in back.group(2)
    assert "\u4e4b\u524d\u7684\u4e00\u6b21\u70b9\u51fb" not in again  # (not "an earlier click started it")
    assert "\u518d\u6b21\u70b9\u51fb\u6216\u672c\u9875\u81ea\u52a8\u5237\u65b0\u90fd\u4e0d\u4f1a\u53e6\u8d77\u6253\u5370" in again


def test_the_printing_page_in_english_names_the_stage_and_round_apart(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    _desk, first, again = printing_pages(tmp_path, monkeypatch, "en")
    assert heading(first) == "Printing \u00b7 main \u00b7 Round 1"
    assert heading(again) == "Still printing \u00b7 main \u00b7 Round 1"
    text = html.unescape(again)
    assert "an earlier click" not in text and "by this page's own refresh, starts no other print" in text
    assert "Back to the secretary's page" in text and "40% printed" in text


def test_a_failed_print_is_said_by_one_page_then_printed_again_from_it(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Both ways a failed print is met (the click that waited for it; a print that ended unasked,
    met by the printing page's Refresh) say it on the same page (app.sheets_failed), headed by
    the stage and round, with "print again" (this PDF's address) and the way back; the failure
    is said once and not kept: its "print again" prints, once."""
    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    _content, desk, app, cookie, path = sheets_desk(tmp_path)
    calls: list[int] = []
    fail = {1, 2}

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        calls.append(number)
        if len(calls) == 2:
            time.sleep(0.4)
        if len(calls) in fail:
            raise CouldNotFinish("printer_crashed", signal=11, name="SIGSEGV", what="PDF")
        return b"%PDF again"

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)

    def said(page: str) -> None:
        assert heading(page) == "\u672a\u80fd\u6253\u5370\u8bb0\u5206\u8868 \u00b7 main \u00b7 \u7b2c 1 \u8f6e"
        assert f'<a href="{path}" id="print-again">' in page and 'id="print-back"' in page
        assert "SIGSEGV" in page

    async def clicks() -> None:
        status, _headers, body = await ask(app, path, cookie)  # the click that waited for it
        assert status == 500
        said(body.decode())
        monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.1)
        monkeypatch.setattr(desk_app, "SHEETS_SAID_FROM", 4)
        status, _headers, _body = await ask(app, path, cookie)  # print again: a long one, told it prints
        assert (status, len(calls)) == (202, 2)
        await asyncio.sleep(0.6)
        status, _headers, body = await ask(app, path, cookie)  # its Refresh, after it failed
        assert (status, len(calls)) == (500, 2)
        said(body.decode())
        status, _headers, body = await ask_until(app, path, cookie)  # print again, from that page
        assert (status, body, len(calls)) == (200, b"%PDF again", 3)

    asyncio.run(clicks())


def test_a_print_that_failed_unasked_of_sheets_since_changed_is_not_said_the_new_ones_print(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A long round's print fails while nobody asks, and the round is drawn again meanwhile (the
    event's files changed): the next click is not told the old sheets' print failed (it was
    answered 500, and the sheets asked for were never printed at that click); the round's
    sheets as they are now are printed."""
    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    content, _desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[tuple[str, ...]] = []

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        first = next(tuple(t.sides) for r in desk.event.rounds[stage] if r.number == number for t in r.tables)
        printed.append(first)
        if len(printed) == 1:
            time.sleep(0.3)
            raise CouldNotFinish("printer_exited", code=1, what="sheets")
        return f"%PDF of {first}".encode()

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)
    monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.1)
    monkeypatch.setattr(desk_app, "SHEETS_SAID_FROM", 4)

    async def clicks() -> None:
        status, _headers, _body = await ask(app, path, cookie)
        assert status == 202
        await asyncio.sleep(0.6)  # (failed meanwhile)
        round_file = content / "events" / "mass" / "results" / "round-1.yaml"
        round_file.write_text(round_file.read_text(encoding="utf-8").replace("[T1, T2]", "[T2, T1]"), encoding="utf-8")
        status, _headers, body = await ask_until(app, path, cookie, lambda status: status != 202)
        assert (status, body, printed) == (200, b"%PDF of ('T2', 'T1')", [("T1", "T2"), ("T2", "T1")])

    asyncio.run(clicks())


def test_a_tables_own_sheet_that_failed_is_said_with_the_way_to_print_it_again(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """One table's sheet (its link renewed) whose print failed was Starlette's bare "Internal
    Server Error": said on the same page as the round's (app.sheets_failed), "print again"
    asking for that table's sheet."""
    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    _content, desk, app, cookie, path = sheets_desk(tmp_path)

    def print_sheets(desk, stage: str, number: int, step=None, table=None) -> bytes:  # noqa: ANN001
        raise CouldNotFinish("printer_crashed", signal=9, name="SIGKILL", what="PDF")

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)
    status, _headers, body = asyncio.run(ask(app, f"{path}?table=3", cookie))
    page = body.decode()
    assert status == 500 and "SIGKILL" in page
    assert f'<a href="{path}?table=3" id="print-again">' in page
    # (each way on its line: "Print again · ← Back to the secretary's page" wrapped at 390 px,
    # the · left hanging at the end of the first line)
    assert re.search(r'id="print-again">[^<]+</a><br><a [^>]*id="print-back">', page), page


def test_a_failed_print_forgets_only_itself_not_the_print_started_after_it(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The click waiting for a print that fails forgot the round's print by its key: a click that
    met the failure first, the round drawn again meanwhile, had already started the new sheets'
    print, and that print was the one forgotten (the click after it printed them a third time:
    rev94). The failed print forgets only itself. (The other click is let in between the print's
    failure and the waiting click's turn: woken by the failure before the print's own end is
    told to anyone, as a click arriving at that moment would be.)"""
    import threading

    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    content, desk, app, cookie, path = sheets_desk(tmp_path)
    printed: list[tuple[str, ...]] = []
    other_waits = threading.Event()

    def print_sheets(desk, stage: str, number: int, step=None) -> bytes:  # noqa: ANN001
        first = next(tuple(t.sides) for r in desk.event.rounds[stage] if r.number == number for t in r.tables)
        printed.append(first)
        if len(printed) == 1:
            assert other_waits.wait(30)
            raise CouldNotFinish("printer_exited", code=1, what="sheets")
        return f"%PDF of {first}".encode()

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)
    real_in_thread, real_catch_up = desk_app.run_in_threadpool, desk.catch_up

    async def clicks() -> None:
        failed, redrawn = asyncio.Event(), []

        async def in_thread(fn, *args):  # noqa: ANN001, ANN202
            try:
                return await real_in_thread(fn, *args)
            except CouldNotFinish:
                failed.set()  # (the other click woken before the print's end is told to its waiter)
                raise

        async def catch_up() -> None:
            await real_catch_up()
            if redrawn and not failed.is_set():  # the other click: in, once the print fails
                other_waits.set()
                await failed.wait()

        monkeypatch.setattr(desk_app, "run_in_threadpool", in_thread)
        monkeypatch.setattr(desk, "catch_up", catch_up)
        first = asyncio.ensure_future(ask(app, path, cookie))
        while not printed:
            await asyncio.sleep(0.01)
        round_file = content / "events" / "mass" / "results" / "round-1.yaml"
        round_file.write_text(round_file.read_text(encoding="utf-8").replace("[T1, T2]", "[T2, T1]"), encoding="utf-8")
        redrawn.append(True)
        other = await ask(app, path, cookie)  # met the failed print of sheets since changed: the new ones printed
        status, _headers, _body = await first
        assert status == 500  # (the waiting click told its print failed)
        assert other[0] == 200 and other[2] == b"%PDF of ('T2', 'T1')", other[:2]
        status, _headers, body = await ask(app, path, cookie)  # the print kept: served, not printed again
        assert (status, body, printed) == (200, b"%PDF of ('T2', 'T1')", [("T1", "T2"), ("T2", "T1")])

    asyncio.run(clicks())


# the words of each desk language (rev94): the refreshed printing page's title, apart from the
# started page's; a table's words; the failed page's link back; the running print's link back
LOOK_WORDS = {
    None: ("\u4ecd\u5728\u6253\u5370", "\u6b63\u5728\u6253\u5370", "\u7b2c 3 \u684c", "\u2190 \u8fd4\u56de\u8bb0\u5f55\u53f0\u9875\u9762",
           "\u6b63\u5728\u8fdb\u884c\u7684\u6253\u5370"),
    "zh-Hant": ("\u4ecd\u5728\u5217\u5370", "\u6b63\u5728\u5217\u5370", "\u7b2c 3 \u684c", "\u2190 \u8fd4\u56de\u8a18\u9304\u53f0\u9801\u9762",
                "\u9032\u884c\u4e2d\u7684\u5217\u5370"),
    "en": ("Still printing", "Printing", "Table 3", "\u2190 Back to the secretary's page", "a print under way"),
}


@pytest.mark.parametrize("locale", [None, "zh-Hant", "en"])
def test_the_print_pages_words_in_each_language(tmp_path: Path, monkeypatch, locale: str | None) -> None:  # noqa: ANN001
    """The page a click meets while the round prints is "still printing" (仍在打印), not the started
    page's own "printing" (正在打印) again; the round's words (and a table's) kept on one line on a
    phone ("第 / 1 轮" at 390 px); a table's own sheet that failed is headed by the table; the
    failed page's way back says nothing of a print going on, there being none (rev94)."""
    from generator.desk import app as desk_app
    from generator.errors import CouldNotFinish

    still, started, table, back, under_way = LOOK_WORDS[locale]
    desk, first, again = printing_pages(tmp_path / "printing", monkeypatch, locale)
    assert heading(first).startswith(started + " \u00b7 ") and heading(again).startswith(still + " \u00b7 ")
    round_words = html.escape(desk.t("round_n", n=1))
    for page in (first, again):
        assert f'<span class="unbroken">{round_words}</span></h1>' in page
        assert under_way in html.unescape(page)  # (a print is going on: its link back says so)

    desk = desk_app.Desk(guandan_swiss(tmp_path / "failed", 8, 0), "mass", None, locale, build=False)
    app, cookie = desk_app.create_app(desk), f"{desk.cookie}={desk.start_session()}"
    path = f"{desk.prefix}/admin/sheets/main/1/print.pdf"

    def print_sheets(desk, stage: str, number: int, step=None, table=None) -> bytes:  # noqa: ANN001
        raise CouldNotFinish("printer_crashed", signal=9, name="SIGKILL", what="PDF")

    monkeypatch.setattr(desk_app, "table_sheets", print_sheets)
    for asked, named in ((f"{path}?table=3", True), (path, False)):
        status, _headers, body = asyncio.run(ask(app, asked, cookie))
        page = html.unescape(body.decode())
        assert status == 500
        assert page.count(f'<span class="unbroken">{table}</span></h1>') == named
        link_back = re.search(r'id="print-back">(.*?)</a>', page).group(1)
        assert link_back.startswith(back) and under_way not in link_back, link_back


@pytest.mark.slow
def test_the_printing_page_in_a_browser_leads_back_to_the_round(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """In Chromium: the printing page of a long round, headed by its stage and round, its link
    back opening the secretary's page at that round while the print goes on. Its browser is its
    own, closed before it ends: conftest's `browser`, one a module, kept Playwright's loop marked
    as running in this thread until the module's last test, and every asyncio.run of a test of
    this module run after this one (another order, `-k`, a test added below) was refused
    ("cannot be called from a running event loop")."""
    from generator.desk import app as desk_app
    from tests.test_browser import chromium_browser
    from tests.test_desk import start

    printed: list[list[tuple[str, ...]]] = []
    _started, finish = held_print(monkeypatch, printed, says_progress=True)
    monkeypatch.setattr(desk_app, "SHEETS_WAIT_SECONDS", 0.2)
    monkeypatch.setattr(desk_app, "SHEETS_SAID_FROM", 4)
    running = start(guandan_swiss(tmp_path, 8, 0), slug="mass")
    try:
        with chromium_browser() as browser:
            desk = running.desk
            context = browser.new_context()
            context.add_cookies([{"name": desk.cookie, "value": desk.start_session(), "url": f"{running.base}{desk.prefix}/"}])
            tab = context.new_page()
            tab.goto(f"{running.base}{desk.prefix}/admin/sheets/main/1/print.pdf")
            assert tab.inner_text("h1") == "\u6b63\u5728\u6253\u5370 \u00b7 main \u00b7 \u7b2c 1 \u8f6e"
            assert "\u5df2\u5b8c\u6210 40%" in tab.inner_text("#print-said")
            tab.click("#print-back")
            tab.wait_for_load_state("load")
            assert tab.url.endswith(f"{desk.prefix}/admin?stage=main&round=1")
            assert "\u7b2c 1 \u8f6e" in tab.inner_text("main") and len(printed) == 1
            context.close()
    finally:
        finish.set()
        running.stop()

