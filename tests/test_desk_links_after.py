"""The desk's links after a round's file is deleted, drawn again, or a table's link renewed; a
held entry's sides; the words a table reads of a result it did not send."""

from __future__ import annotations

import re
import subprocess
import urllib.parse
import urllib.request
from pathlib import Path

from generator import cli
from tests.test_desk import SLUG, Running, content, drawn, fetch, open_table, post, round4, start  # noqa: F401 - (fixtures)
from tests.test_desk_records import desk_of, make, results  # noqa: F401 - (fixtures)
from tests.test_desk_redrawn import held_at_table_1_then_moved_to_4


def test_a_deleted_round_retires_its_links_and_gives_them_back_when_it_returns(content: Path) -> None:
    """A round file deleted and not drawn again kept every slip of it open: a form of a round
    the file no longer has. Its links now say they are of an earlier draw; the file back (the
    same draw), each opens again."""
    running: Running = start(content)
    try:
        link = running.desk.link("main/4/2")
        assert fetch(link)[0] == 200
        text = round4(content).read_text(encoding="utf-8")
        round4(content).unlink()
        running.desk.load()
        status, html = fetch(link)
        assert status == 410, html
        assert "之前的编排打印的" in html and "到记录台领新的记分单" in html
        status, _ = fetch(link.split("?")[0], {"k": link.split("k=")[1], "action": "save", "level_a": "Q",
                                               "level_b": "9"})
        assert status == 410 and not round4(content).exists()
        round4(content).write_text(text, encoding="utf-8")
        running.desk.load()
        assert running.desk.link("main/4/2") == link
        status, html = fetch(link)
        assert status == 200 and 'id="entry"' in html
    finally:
        running.stop()


def test_a_table_that_saved_in_a_deleted_round_is_not_sent_already_when_drawn_back(content: Path) -> None:
    """The round deleted after table 4 saved, then drawn again (the same draw): its slip opens
    again, but the file holds nothing of table 4 now, so the form is open, not "sent already"."""
    running: Running = start(content)
    try:
        status, html = post(running, "main/4/4", "save", level_a="Q", level_b="9")
        assert status == 200 and 'id="saved"' in html
        link = running.desk.link("main/4/4")
        assert 'id="done"' in fetch(link)[1]
        round4(content).unlink()
        running.desk.load()
        assert fetch(link)[0] == 410
        assert cli.main(["pair", SLUG, "main", "--content", str(content)]) == 0
        running.desk.load()
        assert running.desk.link("main/4/4") == link and not running.desk.tokens.used("main/4/4")
        status, html = fetch(link)
        assert status == 200 and 'id="entry"' in html and 'id="done"' not in html, html
        status, html = post(running, "main/4/4", "save", level_a="K", level_b="7")
        assert status == 200 and 'id="saved"' in html
    finally:
        running.stop()


def field_value(html: str, name: str) -> str:
    """The value the form's input `name` shows."""
    tag = html.split(f'name="{name}"')[0].rsplit("<input", 1)[1] + html.split(f'name="{name}"')[1].split(">")[0]
    return tag.split('value="')[1].split('"')[0]


def test_a_held_entry_moved_to_a_table_with_its_sides_swapped_keeps_each_teams_values(content: Path) -> None:
    """Table 1 (T15 v T45) typed T15 A, T45 7 when the file could not take it. The secretary
    mends the file, moves the match to table 4 and writes it there as T45 v T15: the form labels
    its first level T45 now, and it showed A there (T15's), the levels given to the wrong teams."""
    running: Running = start(content)
    try:
        held_at_table_1_then_moved_to_4(running, content)
        text = round4(content).read_text(encoding="utf-8")
        round4(content).write_text(text.replace("teams: [T15, T45]", "teams: [T45, T15]"), encoding="utf-8")
        running.desk.load()
        assert running.desk.tokens.held("main/4/4")
        status, html = fetch(running.desk.link("main/4/4"))
        assert status == 200 and 'id="held"' in html
        assert html.index("T45") < html.index("T15")  # (the form's first level is T45's now)
        assert field_value(html, "level_a") == "7" and field_value(html, "level_b") == "A", html
        # saved from there, each team has its own level
        status, html = post(running, "main/4/4", "save", level_a=field_value(html, "level_a"),
                            level_b=field_value(html, "level_b"))
        assert status == 200 and 'id="saved"' in html, html
        assert "levels: {T45: 7, T15: A}" in round4(content).read_text(encoding="utf-8")
    finally:
        running.stop()


def test_a_room_or_a_forfeit_typed_into_the_file_by_hand_is_not_said_to_be_the_desks(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The open room typed into the file by hand, no desk involved: the table's link said
    记录台已录入本桌开室的成绩 (the desk entered it). It says the file has it; so for a forfeit."""
    from tests.test_desk_said import text
    from tests.test_shengji_desk import DRAWN, STAGE

    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    results(root).write_text(results(root).read_text(encoding="utf-8").replace(
        "  - table: 1\n    home: H01\n    away: H02\n",
        "  - table: 1\n    home: H01\n    away: H02\n    boards: {1: {open: 85}, 2: {open: 85}, 3: {open: 85}, 4: {open: 85}}\n")
        .replace("  - table: 2\n    home: H03\n    away: H04\n", "  - table: 2\n    home: H03\n    away: H04\n    forfeit: H04\n"),
        encoding="utf-8")
    running = desk_of(root)
    for key, said_now in (("main/1/1", "本桌开室的成绩已在成绩文件中"), ("main/1/2", "成绩文件中本桌为 H04 弃权")):
        status, page = fetch(running.desk.link(key))
        said = text(re.search(r'<div class="problems" id="done"[^>]*>(.*?)</div>', page, re.S).group(1))
        assert status == 200 and said_now in said and "记录台已录入" not in said, said


def test_a_withdrawn_team_is_named_with_its_team_name_on_notices_pages_and_the_hall_screen(tmp_path: Path) -> None:
    """A Swiss round's page said 退赛：D05，本轮不编排。 and the hall's screen nothing at all: the
    players looked up D05 in the list. Named as D05 五队 where the entry has a name, in the draw
    notice, on the round's page and on the screen; a round robin's notice too."""
    from generator.render.html import render_site
    from generator.render.output import OutputTree
    from generator.tournament.pairing import draw_sheet
    from generator.build import validate
    from tests.support import new_event, withdraw
    from tests.test_withdrawal import page_text

    folder = new_event(tmp_path, "ev", "title: 杯\ngame: guandan\ndate: 2026-01-10\ndraw_seed: 3\n", "D0", 7,
                       "  - {id: swiss, name: 瑞士制, format: swiss, rounds: 3}\n")
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("{id: D05,", "{id: D05, name: 五队,"), encoding="utf-8")
    content = folder.parents[1]
    withdraw(folder, "D05", "true")
    assert cli.main(["pair", "ev", "swiss", "--content", str(content)]) == 0
    site, results, _ = validate(content)
    swiss = results[0].stage_of("swiss")
    notice = "".join(draw_sheet(results[0].event, swiss, swiss.rounds[0], "zh-Hans").text.split())
    assert "退赛：D05五队，本轮不编排。" in notice, notice
    assert "甲5" not in notice  # (its players are not the notice's)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out), workers=1)
    assert "退赛：D05五队，本轮不编排。" in page_text(out / "events/ev/swiss/round-1/index.html")
    running = start(content, slug="ev")
    try:
        status, screen = fetch(f"{running.base}/screen")
        assert status == 200 and "退赛：D05 五队，本轮不编排。" in screen, screen
    finally:
        running.stop()

    # a round robin's: the withdrawn side its schedule still meets
    folder = new_event(tmp_path / "rr", "rr", "title: 杯\ngame: guandan\ndate: 2026-01-10\ndraw_seed: 3\n", "D0", 4,
                       "  - {id: rr, name: 循环赛, format: round_robin}\n")
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("{id: D04,", "{id: D04, name: 四队,"), encoding="utf-8")
    withdraw(folder, "D04", "1")
    assert cli.main(["pair", "rr", "rr", "--content", str(folder.parents[1])]) == 0
    _, results, _ = validate(folder.parents[1])
    rr = results[0].stage_of("rr")
    notice = "".join(draw_sheet(results[0].event, rr, rr.rounds[0], "zh-Hans").text.split())
    assert "退赛：D04四队，其本轮对手按对方弃权计" in notice, notice


def test_the_secretary_renews_one_tables_link_and_the_old_one_says_so(content: Path) -> None:
    """A table's slip lost, or photographed by the next table's players: only the secretary's
    link could be renewed. From the table's form (CSRF as every secretary's action) a new link,
    its sheet printed; the old link refuses with why, the other tables' links unchanged."""
    from tests.test_desk_records import Secretary

    running: Running = start(content)
    try:
        old, other = running.desk.link("main/4/3"), running.desk.link("main/4/5")
        secretary = Secretary(running)
        page = secretary.page("main/4/3")
        assert 'action="' + running.desk.prefix + '/admin/renew"' in page
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.split('id="renew"')[1]).group(1)
        url = f"{running.secretary}/admin/renew"
        # no CSRF token, or a table's link: nothing renewed
        assert fetch(url, {"stage": "main", "round": "4", "table": "3"}, opener=secretary.opener)[0] == 403
        assert fetch(url, {"k": old.split("k=")[1], "csrf": csrf, "stage": "main", "round": "4", "table": "3"})[0] == 403
        assert running.desk.link("main/4/3") == old
        answer = secretary.opener.open(urllib.request.Request(url, data=urllib.parse.urlencode(
            {"csrf": csrf, "stage": "main", "round": "4", "table": "3"}).encode()), timeout=30)
        status, sheet, shown_at = answer.status, answer.read().decode(), answer.url
        new = running.desk.link("main/4/3")
        assert status == 200 and new != old and new in sheet and old not in sheet, sheet
        assert 'id="renewed"' in sheet and "<svg" in sheet and sheet.count('class="sheet"') == 1
        # POST-redirect-GET: the new sheet at a page of its own, which a reload renews nothing at
        assert shown_at == f"{running.secretary}/admin/sheets/main/4?table=3&renewed=1", shown_at
        assert fetch(shown_at, opener=secretary.opener) == (200, sheet) and running.desk.link("main/4/3") == new
        # its PDF said to be the whole round's (not this table's alone), the round's page linked
        pdf = re.search(r'<a href="[^"]*/print\.pdf">([^<]*)</a>', sheet).group(1)
        assert "\u6574\u8f6e" in pdf and 'id="one-sheet"' in sheet, pdf
        # and this table's own sheet as a PDF: one page, its sides on it
        one = re.search(r'<a href="([^"]+)" id="one-pdf">', sheet).group(1).replace("&amp;", "&")
        assert one.endswith("/admin/sheets/main/4/print.pdf?table=3"), one
        with secretary.opener.open(running.base + one, timeout=120) as answer:
            assert answer.status == 200 and answer.headers["Content-Type"] == "application/pdf"
            (content.parent / "one.pdf").write_bytes(answer.read())
        info = subprocess.run(["pdfinfo", str(content.parent / "one.pdf")], capture_output=True, text=True, check=True).stdout
        text = subprocess.run(["pdftotext", str(content.parent / "one.pdf"), "-"], capture_output=True, text=True, check=True).stdout
        sides = running.desk.spot("main", 4, 3).sides
        assert "Pages:           1\n" in info and all(side in text for side in sides), (info, text[:500])
        status, html = fetch(old)
        assert status == 410 and "换下的旧链接" in html and "领这一桌新的记分单" in html, html
        assert "重新编排" not in html
        assert fetch(old.split("?")[0], {"k": old.split("k=")[1], "action": "save", "level_a": "Q",
                                         "level_b": "9"})[0] == 410
        assert running.desk.link("main/4/5") == other
        status, html = post(running, "main/4/3", "save", level_a="Q", level_b="9")
        assert status == 200 and 'id="saved"' in html
        assert 'id="done"' in fetch(new)[1]
    finally:
        running.stop()
    old, new = old.split("/t/")[1], new.split("/t/")[1]
    running = start(content)  # kept across a restart: the old link still refused, the new one kept
    try:
        assert running.desk.link("main/4/3").endswith(new) and fetch(f"{running.base}/t/{old}")[0] == 410
    finally:
        running.stop()
