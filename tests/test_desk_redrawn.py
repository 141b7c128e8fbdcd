"""A table's link is the match drawn at that table, not the table's number (rev65): after the
round is drawn again (its file deleted and `pair` run again, as the README says for a
correction) or tables swapped by hand, the slip printed for the old match at table 1 opened and
saved whatever match sat at table 1 now, and the table where the match that had saved now sat
was "sent already". Now the old link is refused with why (desk-link-redrawn), and the new match
has a fresh link that can enter."""

from __future__ import annotations

import http.cookiejar
import os
import urllib.request
from pathlib import Path

from generator import cli
from tests.test_desk import SLUG, Running, audit_lines, content, drawn, fetch, open_table, post, round4, start  # noqa: F401 - (fixtures)
from tests.test_desk_broken import admin_page, break_round4

T1, T4 = "teams: [T15, T45]", "teams: [T46, T02]"


def swap_tables_1_and_4(content: Path) -> None:
    """The secretary's hand edit: the matches of tables 1 and 4 swapped."""
    text = round4(content).read_text(encoding="utf-8")
    assert text.count(T1) == text.count(T4) == 1
    before = round4(content).stat().st_mtime_ns
    round4(content).write_text(text.replace(T1, "@").replace(T4, T1).replace("@", T4), encoding="utf-8")
    # A swap keeps the file's size and inode: written within the clock tick of the desk's last save
    # (a few milliseconds, the kernel's coarse clock), its stat was the desk's own write's, and the
    # desk saw no edit (1 run in 6). A hand edit that quick is no secretary's: its time moved on.
    if round4(content).stat().st_mtime_ns <= before:
        os.utime(round4(content), ns=(before + 10_000_000, before + 10_000_000))


def swap_matches_1_and_4(content: Path) -> None:
    """The matches of tables 1 and 4 swapped with their lines (teams and any result), table
    numbers kept: a whole hand edit, as a secretary moves a match."""
    text = round4(content).read_text(encoding="utf-8")
    head, rest = text.split("  - table: 1 ", 1)
    one, rest = rest.split("  - table: 2 ", 1)
    middle, rest = rest.split("  - table: 4 ", 1)
    four, tail = rest.split("  - table: 5 ", 1)
    def body(block: str) -> str:
        return block.split("\n", 1)[1]
    def line(block: str) -> str:
        return block.split("\n", 1)[0]
    text = (head + "  - table: 1 " + line(one) + "\n" + body(four) + "  - table: 2 " + middle + "  - table: 4 "
            + line(four) + "\n" + body(one) + "  - table: 5 " + tail)
    before = round4(content).stat().st_mtime_ns
    round4(content).write_text(text, encoding="utf-8")
    if round4(content).stat().st_mtime_ns <= before:  # (see swap_tables_1_and_4)
        os.utime(round4(content), ns=(before + 10_000_000, before + 10_000_000))


def table_part(content: Path, number: int) -> str:
    """Round 4's file from table `number`'s line to the next table's."""
    return round4(content).read_text(encoding="utf-8").split(f"- table: {number} ")[1].split("- table: ")[0]


def test_a_link_of_a_match_drawn_again_elsewhere_is_refused_and_the_new_table_enters(content: Path) -> None:
    running: Running = start(content)
    try:
        status, html = post(running, "main/4/4", "save", level_a="Q", level_b="9")
        assert status == 200 and 'id="saved"' in html
        old_1, old_4 = running.desk.link("main/4/1"), running.desk.link("main/4/4")
        # the round drawn again (its file deleted, `pair` run again: the same draw), then tables 1
        # and 4 swapped by hand
        round4(content).unlink()
        assert cli.main(["pair", SLUG, "main", "--content", str(content)]) == 0
        swap_tables_1_and_4(content)
        before = round4(content).read_bytes()

        # the sheets printed now (the desk not told of the edit yet) carry the new matches' links
        secretary = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        assert fetch(running.desk.admin_link, opener=secretary)[0] == 200
        status, sheets = fetch(f"{running.secretary}/admin/sheets/main/4", opener=secretary)
        assert status == 200 and old_1 not in sheets and old_4 not in sheets
        assert running.desk.link("main/4/1") in sheets and running.desk.link("main/4/4") in sheets

        # the old slip of table 1 (T15 v T45) opens nothing of T46 v T02, now at table 1: it says why
        status, html = fetch(old_1)
        assert status == 410, html
        assert "之前的编排打印的" in html and "到记录台领新的记分单" in html
        assert "T46" not in html and "T02" not in html
        status, html = fetch(old_1.split("?")[0], {"k": old_1.split("k=")[1], "action": "save", "level_a": "Q",
                                                   "level_b": "9"})
        assert status == 410 and round4(content).read_bytes() == before
        assert fetch(old_4)[0] == 410  # (its match is at table 1 now)

        # the new table 4 (T15 v T45) has a fresh link, not used up by the old table 4's save
        new_4 = running.desk.link("main/4/4")
        assert new_4 != old_4 and running.desk.link("main/4/1") != old_1
        status, html = fetch(new_4)
        assert status == 200 and 'id="entry"' in html and 'id="done"' not in html and "T15" in html
        status, html = post(running, "main/4/4", "save", level_a="K", level_b="7")
        assert status == 200 and 'id="saved"' in html, html
        assert "levels: {T15: K, T45: 7}" in table_part(content, 4)
        assert "levels" not in table_part(content, 1).replace("或   levels", "")
        assert [line["table"] for line in audit_lines(content)] == [4, 4]
        assert audit_lines(content)[-1]["new"] == {"levels": {"T15": "K", "T45": 7}}

        # the swap undone, each match with its lines (table 4's result goes with T15 v T45 to
        # table 1; swapping the teams lines alone left table 4 naming T15 and T45 in its levels,
        # a broken file, and what the slips opened then hung on which reading answered first:
        # 2 to 3 runs in 6): each old slip opens its own match again, and "sent already" is
        # where the file holds that table's result (table 1's, K:7), not at table 4, whose save
        # was of the deleted round.
        swap_matches_1_and_4(content)
        status, html = fetch(old_1)
        assert status == 200 and 'id="done"' in html and "T15" in html, html
        assert running.desk.link("main/4/1") == old_1 and running.desk.link("main/4/4") == old_4
        status, html = fetch(old_4)
        assert status == 200 and 'id="entry"' in html and 'id="done"' not in html and "T46" in html
    finally:
        running.stop()


def test_the_links_are_kept_across_a_restart_with_the_match_they_were_minted_for(content: Path) -> None:
    running = start(content)
    old_1 = running.desk.link("main/4/1").removeprefix(running.base)
    running.stop()
    swap_tables_1_and_4(content)  # (while the desk is stopped)
    running = start(content)
    try:
        assert fetch(running.base + old_1)[0] == 410
        assert fetch(running.desk.link("main/4/1"))[0] == 200
        assert fetch(running.desk.link("main/4/2"))[0] == 200 and not running.desk.link("main/4/2").endswith(old_1)
    finally:
        running.stop()


def table_26_as(content: Path, sides: str | None) -> str:
    """Round 4's table 26 made a table of `sides` (one: a bye), or taken out (None): the round
    drawn again without a team withdrawn since. The file's text before."""
    text = round4(content).read_text(encoding="utf-8")
    head, table = text.split("  - table: 26")
    assert "- table: " not in table
    line = next(item for item in table.splitlines() if item.startswith("    teams: "))
    round4(content).write_text(head if sides is None else head + "  - table: 26" + table.replace(line, f"    teams: {sides}"),
                               encoding="utf-8")
    return text


def test_a_link_of_a_table_now_a_bye_or_gone_says_it_is_of_an_earlier_draw(content: Path) -> None:
    """rev67: a table's token was retired only when another match sat there; a table that is a
    bye now, or that the round no longer has, answered 403 "no access" (a miss counted against
    the hall's one address), not desk-link-redrawn as the README says. Its match back, its link
    opens again."""
    running = start(content)
    try:
        old_26 = running.desk.link("main/4/26")
        assert fetch(old_26)[0] == 200
        first = round4(content).read_text(encoding="utf-8").split("  - table: 26")[1]
        one = first.split("teams: [")[1].split(",")[0]
        for sides in (f"[{one}]", None):  # a bye for one of its sides; no table 26 at all
            before = table_26_as(content, sides)
            status, html = fetch(old_26)
            assert status == 410, (sides, html)
            assert "之前的编排打印的" in html and "到记录台领新的记分单" in html
            assert "轮空" in html and running.desk.t("desk_forbidden_text") not in html
            status, _ = fetch(old_26.split("?")[0], {"k": old_26.split("k=")[1], "action": "save", "level_a": "Q",
                                                     "level_b": "9"})
            assert status == 410
            round4(content).write_text(before, encoding="utf-8")  # the draw as it was
            status, html = fetch(old_26)
            assert status == 200 and 'id="entry"' in html, html
        # a wrong token at that table is still no access
        assert fetch(old_26.split("?")[0] + "?k=" + "A" * 22)[0] == 403
    finally:
        running.stop()


def held_at_table_1_then_moved_to_4(running: Running, content: Path) -> tuple[str, str]:
    """Table 1 (T15 v T45) types T15 A, T45 7 while round 4's file cannot be read: the desk
    holds it. The secretary mends the file and, while at it, swaps the matches of tables 1 and 4.
    Table 1's old link and token."""
    url, token, csrf, filed = open_table(running, "main/4/1")
    good, _ = break_round4(content)
    status, _ = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "7"})
    assert status == 503 and running.desk.tokens.held("main/4/1")
    round4(content).write_text(good, encoding="utf-8")
    swap_tables_1_and_4(content)
    return url, token


def test_a_held_entry_goes_with_its_match_to_the_table_it_is_moved_to(content: Path) -> None:
    """rev67: what table 1 typed when the file could not take it (held, "暂存" on the admin page)
    vanished when its match was moved to table 4 by hand, parked under table 1's retired token.
    It is the match's: the admin page lists it at table 4, and table 4's new slip opens the form
    with what was typed; the move undone, it is table 1's again."""
    running = start(content)
    try:
        t = running.desk.t
        url, token = held_at_table_1_then_moved_to_4(running, content)
        running.desk.load()
        assert running.desk.tokens.held("main/4/1") is None and running.desk.tokens.held("main/4/4")
        admin = admin_page(running)
        listed = admin.split('id="held"')[1].split("</section>")[0]
        assert f'<a href="{running.desk.prefix}/t/main/4/4">' in listed and "/t/main/4/1" not in listed
        assert "level_a=A; level_b=7" in listed
        status, html = fetch(running.desk.link("main/4/4"))
        assert status == 200 and 'id="held"' in html and 'value="A"' in html and 'value="7"' in html, html
        assert "T15" in html and "T46" not in html
        status, html = fetch(running.desk.link("main/4/1"))  # (T46 v T02's form: nothing typed there)
        assert status == 200 and 'id="held"' not in html and 'value="A"' not in html
        assert fetch(f"{url}?k={token}")[0] == 410

        # the swap undone: the entry is table 1's again, on its old slip's form
        swap_tables_1_and_4(content)
        running.desk.load()
        assert running.desk.tokens.held("main/4/4") is None
        status, html = fetch(f"{url}?k={token}")
        assert status == 200 and 'id="held"' in html and 'value="A"' in html and 'value="7"' in html
        assert f'<a href="{running.desk.prefix}/t/main/4/1">' in admin_page(running)
        assert t("desk_held_mark") in admin_page(running)
    finally:
        running.stop()
