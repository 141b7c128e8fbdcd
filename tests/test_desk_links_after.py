"""The desk's links after a round's file is deleted, drawn again, or a table's link renewed; a
held entry's sides; the words a table reads of a result it did not send."""

from __future__ import annotations

from pathlib import Path

from generator import cli
from tests.test_desk import SLUG, Running, content, drawn, fetch, open_table, post, round4, start  # noqa: F401 - (fixtures)
from tests.test_desk_broken import admin_page, break_round4
from tests.test_desk_redrawn import swap_tables_1_and_4


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
