"""The desk's pages at a mass event's size (a 2,000-team Guandan Swiss had 1,000 tables a round):
the secretary's page lists a large round a page of tables at a time, with a box to go to a table
by its number and a filter of the tables still waiting, all without JavaScript; the live
standings of a large field show its top rows with a link to them all and a box to find one's own
team; a small event's pages are as they were."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from tests.support import new_event
from tests.test_desk_live_size import ask

DEALS = ", deals: [T{0}+3, T{0}+3, T{0}+3, T{0}+3, T{0}+3]"


def guandan_swiss(tmp_path: Path, teams: int, entered: int, second_round: bool = False) -> Path:
    """content/ with `teams` Guandan teams T1…, a Swiss whose round 1 has its first `entered`
    tables played (the first team up by 3 levels a deal), the rest waiting; with
    `second_round`, round 2 drawn too, nothing entered."""
    folder = new_event(tmp_path, "mass", "title: \u5927\u8d5b\ngame: guandan\ndate: 2026-01-10\n", "T", teams,
                       "  - id: main\n    format: swiss\n    rounds: 3\n")
    rows = "".join(f"  - {{table: {n}, teams: [T{2 * n - 1}, T{2 * n}]"
                   f"{DEALS.format(2 * n - 1) if n <= entered else ''}}}\n" for n in range(1, teams // 2 + 1))
    (folder / "results" / "round-1.yaml").write_text(f"stage: main\nround: 1\ntables:\n{rows}", encoding="utf-8")
    if second_round:
        # winners against winners: table n's first team against table n+1's (in pairs of tables)
        seats = [f"T{2 * n - 1}" for n in range(1, teams // 2 + 1)] + [f"T{2 * n}" for n in range(1, teams // 2 + 1)]
        rows = "".join(f"  - {{table: {n + 1}, teams: [{seats[2 * n]}, {seats[2 * n + 1]}]}}\n"
                       for n in range(teams // 2))
        (folder / "results" / "round-2.yaml").write_text(f"stage: main\nround: 2\ntables:\n{rows}", encoding="utf-8")
    return folder.parents[1]


def desk_of(content: Path):  # noqa: ANN201
    from generator.desk.app import Desk, create_app

    desk = Desk(content, "mass", None, None, build=False)
    return desk, create_app(desk)


def admin_page(desk, app, query: str = "") -> tuple[int, dict[str, str], str]:  # noqa: ANN001
    session = desk.start_session()
    status, headers, body = ask(app, f"{desk.prefix}/admin{query}", {"Cookie": f"{desk.cookie}={session}"})
    return status, headers, body.decode()


def rows_of(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="table-(\d+)">', page)]


@pytest.fixture(scope="module")
def mass(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """240 teams: 120 tables a round, round 1's first 30 entered, round 2 drawn."""
    return desk_of(guandan_swiss(tmp_path_factory.mktemp("mass"), 240, 30, second_round=True))


def test_a_large_round_is_listed_a_page_of_tables_at_a_time(mass) -> None:  # noqa: ANN001
    desk, app = mass
    status, _headers, page = admin_page(desk, app)
    assert status == 200
    # the round at the top (the last drawn) open, its first 50 tables; round 1 a line of its counts
    assert rows_of(page) == list(range(1, 51))
    assert "\u7b2c 1/3 \u9875" in page and "\u5168\u90e8 120 \u684c" in page
    assert "\u5171 120 \u684c\uff0c90 \u684c\u5f85\u5f55" in page  # round 1: 120 tables, 90 waiting
    assert f'href="{desk.prefix}/admin?stage=main&amp;round=2&amp;page=3"' in page
    status, _headers, page = admin_page(desk, app, "?stage=main&round=2&page=3")
    assert rows_of(page) == list(range(101, 121))
    # round 1 opened from its line; a page past the last is the last
    status, _headers, page = admin_page(desk, app, "?stage=main&round=1&page=99")
    assert rows_of(page) == list(range(101, 121)) and "\u5171 120 \u684c\uff0c120 \u684c\u5f85\u5f55" in page


def test_only_the_tables_still_waiting(mass) -> None:  # noqa: ANN001
    desk, app = mass
    _status, _headers, page = admin_page(desk, app, "?stage=main&round=1&waiting=1")
    # round 1's first 30 are in: the waiting ones are 31 on, 50 a page
    assert rows_of(page) == list(range(31, 81)) and "\u53ea\u770b\u5f85\u5f55\u7684 90 \u684c" in page
    assert "\u5f85\u5f55" in page and "\u5df2\u5f55" not in re.sub(r"<(form|p)[^>]*>.*?</\1>", "", page, flags=re.S)
    # the next page: the waiting tables after the last one shown
    assert f'href="{desk.prefix}/admin?stage=main&amp;round=1&amp;waiting=1&amp;after=80"' in page
    _status, _headers, page = admin_page(desk, app, "?stage=main&round=1&waiting=1&after=80")
    assert rows_of(page) == list(range(81, 121))
    assert f'href="{desk.prefix}/admin?stage=main&amp;round=1&amp;waiting=1" id="waiting-first"' in page


def test_a_table_entered_meanwhile_skips_none_of_the_waiting_on_the_next_page(tmp_path: Path) -> None:
    """Tables 1-99 in: the waiting ones' first page is 100-149; table 100 entered meanwhile, the
    next page began at 151 (paged by place in a list one shorter), table 150 on no page."""
    desk, app = desk_of(guandan_swiss(tmp_path, 400, 99))
    _status, _headers, page = admin_page(desk, app, "?stage=main&round=1&waiting=1")
    assert rows_of(page)[0] == 100 and rows_of(page)[-1] == 149
    following = re.search(r'<a href="[^"?]*(\?[^"]*)"[^>]*rel="next"', page).group(1).replace("&amp;", "&")
    path = tmp_path / "content" / "events" / "mass" / "results" / "round-1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "{table: 100, teams: [T199, T200]}", "{table: 100, teams: [T199, T200]" + DEALS.format(199) + "}"),
        encoding="utf-8")
    desk.load()
    _status, _headers, page = admin_page(desk, app, following)
    assert rows_of(page)[:2] == [150, 151], rows_of(page)
    # the box to go to a table keeps to the waiting ones: a waiting table is shown among them
    form = re.search(r'<form method="get"[^>]* class="find".*?</form>', page, re.S).group(0)
    assert '<input type="hidden" name="waiting" value="1">' in form
    status, headers, _page = admin_page(desk, app, "?stage=main&round=1&waiting=1&table=170")
    assert status == 303 and headers["location"].endswith("&waiting=1&after=169#table-170"), headers


def test_a_table_is_found_by_its_number_without_javascript(mass) -> None:  # noqa: ANN001
    desk, app = mass
    status, headers, _page = admin_page(desk, app, "?stage=main&round=1&table=73")
    # its round's page that holds it, at its row (the browser keeps the anchor through the redirect)
    assert status == 303 and headers["location"] == f"{desk.prefix}/admin?stage=main&round=1&page=2#table-73"
    _status, _headers, page = admin_page(desk, app, "?" + headers["location"].partition("?")[2].partition("#")[0])
    assert 73 in rows_of(page)
    # the box is a GET form to the page itself, naming its round
    form = re.search(r'<form method="get" action="([^"]+)" class="find".*?</form>', page, re.S)
    assert form and form.group(1) == f"{desk.prefix}/admin" and 'name="table"' in form.group(0)
    assert 'name="round" value="1"' in form.group(0)
    # a table the round has not: said, the number kept in the box
    status, _headers, page = admin_page(desk, app, "?stage=main&round=1&table=734")
    assert status == 200 and "\u7b2c 1 \u8f6e\u6ca1\u6709\u7b2c 734 \u684c" in page and 'value="734"' in page


def test_a_small_events_page_lists_every_table_as_before(tmp_path: Path) -> None:
    desk, app = desk_of(guandan_swiss(tmp_path, 60, 10))
    _status, _headers, page = admin_page(desk, app)
    assert page.count("<tr>") == 30 + 1 and 'id="table-' not in page and 'class="find"' not in page  # (+ its head)
    assert "\u7b2c 1/" not in page


@pytest.fixture(scope="module")
def field(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """240 teams, round 1 played in full: standings of 240 rows."""
    return desk_of(guandan_swiss(tmp_path_factory.mktemp("field"), 240, 120))


def entries_of(page: str) -> list[str]:
    return re.findall(r'<tr data-entry="([^"]+)"', page)


def rank_of(page: str, entry: str) -> str:
    return re.search(rf'<tr data-entry="{entry}" role="row"><td role="cell" class="num">(.*?)</td>', page).group(1)


def get(app, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:  # noqa: ANN001
    status, found, body = ask(app, path, headers or {})
    return status, found, body.decode() if status == 200 and "content-encoding" not in found else ""


def test_a_large_fields_standings_show_its_top_rows_and_a_link_to_all(field) -> None:  # noqa: ANN001
    _desk, app = field
    for path in ("/standings", "/standings?part=1"):
        _status, _headers, page = get(app, path)
        assert len(entries_of(page)) == 50, path
        assert "\u524d 50 \u540d\uff08\u5171 240 \u4e2a\uff09" in page and 'href="/standings?all=1"' in page
    _status, _headers, page = get(app, "/standings")
    assert 'action="/standings" class="find"' in page and 'name="find"' in page
    _status, _headers, every = get(app, "/standings?all=1")
    assert len(entries_of(every)) == 240 and entries_of(every)[:50] == entries_of(page)
    assert 'href="/standings">\u53ea\u663e\u793a\u524d 50 \u540d' in every


def test_ones_own_team_is_found_by_its_number_or_a_players_name_with_its_rank(field) -> None:  # noqa: ANN001
    _desk, app = field
    _status, _headers, every = get(app, "/standings?all=1")
    # T123 (table 62's first team, up 3 levels a deal), found with the rank all rows give it (1=)
    for asked in ("\u4e59123", "t123", "  T123 "):
        _status, _headers, page = get(app, "/standings?find=" + urllib.parse.quote(asked))
        if asked.strip().lower() == "t123":  # (its number finds T123 and T1230… had there been any)
            assert entries_of(page) == ["T123"], asked
        else:
            assert entries_of(page) == ["T123"], asked
        assert rank_of(page, "T123") == rank_of(every, "T123") and "1=" in rank_of(page, "T123")
    _status, _headers, page = get(app, "/standings?part=1&find=T12")
    # T12 and T120…T129 (ranked as all rows have them), no more
    assert sorted(entries_of(page)) == sorted(["T12", *(f"T12{n}" for n in range(10))])
    assert [e for e in entries_of(every) if e in entries_of(page)] == entries_of(page)
    assert "\u76f8\u7b26\u7684\u5171 11 \u4e2a" in page
    _status, _headers, page = get(app, "/standings?find=nobody")
    assert entries_of(page) == [] and "\u76f8\u7b26\u7684\u5171 0 \u4e2a" in page


def test_the_cut_standings_are_still_gzipped_and_answered_304_when_unchanged(field) -> None:  # noqa: ANN001
    _desk, app = field
    for path in ("/standings?part=1", "/standings?part=1&find=T12"):
        status, headers, _page = get(app, path, {"Accept-Encoding": "gzip"})
        assert status == 200 and headers["content-encoding"] == "gzip"
        status, again, _page = get(app, path, {"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
        assert (status, again["etag"]) == (304, headers["etag"])
    # another view of the standings is another page: not answered 304 with the top rows' tag
    _status, top, _page = get(app, "/standings?part=1")
    status, _headers, _page = get(app, "/standings?part=1&all=1", {"If-None-Match": top["etag"]})
    assert status == 200


def test_the_hall_screen_shows_the_top_rows_and_where_the_rest_are(field) -> None:  # noqa: ANN001
    desk, app = field
    _status, _headers, page = get(app, "/screen?part=1")
    assert len(entries_of(page)) == 50 and f"{desk.base}/standings" in page and "?all=1" not in page


def test_a_small_fields_standings_are_whole_with_no_box(tmp_path: Path) -> None:
    _desk, app = desk_of(guandan_swiss(tmp_path, 60, 30))
    _status, _headers, page = get(app, "/standings")
    assert len(entries_of(page)) == 60 and 'class="find"' not in page and "\u524d 50 \u540d" not in page
    _status, _headers, page = get(app, "/screen?part=1")
    assert len(entries_of(page)) == 60


def test_every_paging_link_of_a_large_round_opens_a_page_of_its_tables(mass) -> None:  # noqa: ANN001
    """Each page link, filter and round link the pages give opens a page, and the pages of a
    round between them list each of its tables once."""
    desk, app = mass
    seen: dict[str, list[int]] = {}
    waiting = [""]
    while waiting:
        query = waiting.pop()
        status, _headers, page = admin_page(desk, app, query)
        assert status == 200, query
        seen[query] = rows_of(page)
        for link in re.findall(rf'href="{re.escape(desk.prefix)}/admin(\?[^"#]*)"', page):
            link = link.replace("&amp;", "&")
            if link not in seen and link not in waiting:
                waiting.append(link)
    for number, count in ((1, 120), (2, 120)):
        pages = [rows for query, rows in seen.items() if f"round={number}&page=" in query and "waiting" not in query]
        assert sorted(n for rows in pages for n in rows) == list(range(1, count + 1)), number
    waited = [rows for query, rows in seen.items() if "round=1&waiting=1" in query]
    assert sorted({n for rows in waited for n in rows}) == list(range(31, 121))


def test_a_tables_form_opened_from_the_list_leads_back_to_its_page_or_the_waiting_ones(mass) -> None:  # noqa: ANN001
    """The secretary's form of a table had no link back to the list (after a save, only the
    browser's back, to a page of the list as it was): back to its page of the round, at its row,
    or to the waiting tables from it on when the form was opened from those."""
    desk, app = mass
    _status, _headers, listed = admin_page(desk, app, "?stage=main&round=1&waiting=1&after=80")
    assert f'href="{desk.prefix}/t/main/1/90?waiting=1"' in listed
    session = desk.start_session()
    cookie = {"Cookie": f"{desk.cookie}={session}"}
    for query, back, then in (("", f"{desk.prefix}/admin?stage=main&round=1&table=90",
                               f"{desk.prefix}/admin?stage=main&round=1&page=2#table-90"),
                              ("?waiting=1", f"{desk.prefix}/admin?stage=main&round=1&waiting=1&after=89#table-90", None)):
        status, _headers, form = ask(app, f"{desk.prefix}/t/main/1/90{query}", cookie)
        link = re.search(r'<p id="back-to-list"><a href="([^"]+)">', form.decode())
        assert status == 200 and link and link.group(1).replace("&amp;", "&") == back, query
        status, headers, page = admin_page(desk, app, "?" + back.partition("?")[2].partition("#")[0])
        if then is not None:
            assert status == 303 and headers["location"] == then
        else:  # the waiting tables from table 90 on
            assert status == 200 and rows_of(page)[0] == 90, rows_of(page)
    # from a table already entered (saved from the waiting ones): those waiting after it
    status, _headers, page = admin_page(desk, app, "?stage=main&round=1&waiting=1&after=11")
    assert status == 200 and rows_of(page) and rows_of(page)[0] > 12 and 12 not in rows_of(page)


def test_a_round_not_drawn_is_said_not_shown_as_another(mass) -> None:  # noqa: ANN001
    """?round=9 of a Swiss with rounds 1 and 2 drawn showed round 2's tables (the last) without a
    word: said now, above them."""
    desk, app = mass
    _status, _headers, page = admin_page(desk, app, "?stage=main&round=9")
    assert 'id="no-such-round"' in page and "\u6ca1\u6709\u5df2\u7f16\u6392\u7684\u7b2c 9 \u8f6e" in page
    for query in ("?stage=main&round=1", "", "?stage=main&round=2&page=2"):
        assert 'id="no-such-round"' not in admin_page(desk, app, query)[2], query


def test_a_find_with_no_match_says_what_can_be_found_under_the_stages_heading(field) -> None:  # noqa: ANN001
    _desk, app = field
    _status, _headers, page = get(app, "/standings?find=zzz")
    assert entries_of(page) == [] and "\u76f8\u7b26\u7684\u5171 0 \u4e2a" in page
    assert "\u961f\u53f7" in page and "\u961f\u540d" in page and "\u9009\u624b\u59d3\u540d" in page
    assert '<section class="stage">' in page and "<h2>" in page and 'id="find-entry"' in page
    # (no "no results yet" for a stage whose rows are there, only not matching)
    assert "\u5c1a\u65e0\u6210\u7ee9" not in page.split('id="standings"')[1]
    _status, _headers, page = get(app, "/standings?find=T12")
    assert "\u961f\u540d" not in page.split('id="standings-found"')[1].split("</p>")[0]


def test_the_list_of_tables_is_named_and_its_columns_headed(mass) -> None:  # noqa: ANN001
    """A screen reader met the secretary's list as four unnamed columns: a caption naming the
    round, and a head cell over each column (scope="col")."""
    desk, app = mass
    _status, _headers, page = admin_page(desk, app, "?stage=main&round=1")
    table = re.search(r'<table class="list">(.*?)</table>', page, re.S).group(1)
    caption = re.search(r"<caption[^>]*>(.*?)</caption>", table).group(1)
    assert "\u7b2c 1 \u8f6e\u5404\u684c" in caption, caption
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", table).group(1)
    assert head.count('<th scope="col"') == 4 and "\u684c\u53f7" in head and "\u5bf9\u9635" in head, head
    assert table.index("</thead>") < table.index('<tr id="table-1">')


def test_one_tables_sheet_says_the_pdf_is_the_whole_rounds_with_its_time(tmp_path: Path) -> None:
    """The sheet of a table whose link was renewed (?table=N) linked "打印记分表（PDF）", the whole
    round's 999 pages, with its "about N minutes" hidden (said of one table: 0): the one sheet,
    its PDF named the whole round's, of all its tables, and the round's time said."""
    from generator.desk.app import sheets_minutes

    desk, app = desk_of(guandan_swiss(tmp_path, 600, 0))
    session = desk.start_session()
    status, _headers, body = ask(app, f"{desk.prefix}/admin/sheets/main/1?table=7", {"Cookie": f"{desk.cookie}={session}"})
    page = body.decode()
    assert status == 200 and page.count('class="sheet"') == 1 and "\u7b2c 1 \u8f6e \u7b2c 7 \u684c" in page
    pdf = re.search(r'<a href="[^"]*/print\.pdf">([^<]*)</a>', page).group(1)
    assert "\u6574\u8f6e" in pdf and "300 \u684c" in pdf, pdf
    minutes = sheets_minutes(300)
    assert minutes >= 1 and f"\u5171 300 \u684c\uff1aPDF \u7ea6\u9700 {minutes} \u5206\u949f" in page
    # no such table in the round: not found
    status, _headers, _body = ask(app, f"{desk.prefix}/admin/sheets/main/1?table=301", {"Cookie": f"{desk.cookie}={session}"})
    assert status == 404
    # a number too long to be any table's: not found (int() of 5,000 digits raised: a 500), and
    # not the whole round's print either (minutes of printing for a mistyped link; rev81)
    for path in ("admin/sheets/main/1?table=" + "9" * 5000, "admin/sheets/main/1/print.pdf?table=9999999999"):
        status, _headers, _body = ask(app, f"{desk.prefix}/{path}", {"Cookie": f"{desk.cookie}={session}"})
        assert status == 404, path


def test_the_last_waiting_tables_lead_to_the_first_and_an_entered_one_is_shown_at_its_row(tmp_path: Path) -> None:
    """120 tables, 1-100 entered: the way back from table 115's form (opened from the waiting
    ones) listed 115-120 with no way to 101-114 (the page links only came past 50 waiting). A
    table typed in the waiting view that is entered (to correct it) showed the waiting ones from
    the top, without it (rev81)."""
    desk, app = desk_of(guandan_swiss(tmp_path, 240, 100))
    status, headers, _page = admin_page(desk, app, "?stage=main&round=1&waiting=1&table=115")
    assert status == 303 and headers["location"].endswith("&waiting=1&after=114#table-115"), headers
    _status, _headers, page = admin_page(desk, app, "?stage=main&round=1&waiting=1&after=114")
    assert rows_of(page) == list(range(115, 121))
    first = re.search(r'<a href="([^"]+)" id="waiting-first">', page)
    assert first is not None, page
    _status, _headers, page = admin_page(desk, app, "?" + first.group(1).replace("&amp;", "&").partition("?")[2])
    assert rows_of(page) == list(range(101, 121))
    status, headers, _page = admin_page(desk, app, "?stage=main&round=1&waiting=1&table=5")
    assert status == 303 and headers["location"].endswith("&page=1#table-5"), headers
