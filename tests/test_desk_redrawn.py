"""A table's link is the match drawn at that table, not the table's number (rev65): after the
round is drawn again (its file deleted and `pair` run again, as the README says for a
correction) or tables swapped by hand, the slip printed for the old match at table 1 opened and
saved whatever match sat at table 1 now, and the table where the match that had saved now sat
was "sent already". Now the old link is refused with why (desk-link-redrawn), and the new match
has a fresh link that can enter."""

from __future__ import annotations

import http.cookiejar
import urllib.request
from pathlib import Path

from generator import cli
from tests.test_desk import SLUG, Running, audit_lines, content, drawn, fetch, post, round4, start  # noqa: F401 - (fixtures)

T1, T4 = "teams: [T15, T45]", "teams: [T46, T02]"


def swap_tables_1_and_4(content: Path) -> None:
    """The secretary's hand edit: the matches of tables 1 and 4 swapped."""
    text = round4(content).read_text(encoding="utf-8")
    assert text.count(T1) == text.count(T4) == 1
    round4(content).write_text(text.replace(T1, "@").replace(T4, T1).replace("@", T4), encoding="utf-8")


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

        # the swap undone: each old slip opens its own match again, the old table 4's used up
        swap_tables_1_and_4(content)
        status, html = fetch(old_1)
        assert status == 200 and 'id="entry"' in html and "T15" in html
        assert fetch(running.desk.link("main/4/4"))[0] == 200 and running.desk.link("main/4/4") == old_4
        assert 'id="done"' in fetch(old_4)[1]
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
