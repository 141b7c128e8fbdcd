"""A save whose table's sides or number were changed by hand after its form was shown is
refused (desk_changed_since), nothing written: the form's fields are labelled with the sides
it was shown with, and the desk puts each typed value on the side the file names now. The
digest the form carries (forms.as_filed) covered the table's record alone, so a table with no
result yet had the digest of every other: the level typed beside T01 was saved as T02's."""

from __future__ import annotations

import time
from pathlib import Path

from generator.desk import forms
from generator.desk.app import Desk, Job, Who, Writer
from tests.test_desk import fetch
from tests.test_desk_edits import phone_form, secretary_form
from tests.test_desk_records import SLUG, SWISS_TWO, Secretary, audit, desk_of, make, results  # noqa: F401 - (desk_of: a fixture)

EMPTY_TABLES = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
"""


def _read_again(running, sides: list[str]) -> None:  # noqa: ANN001
    """Wait for the desk to read the hand edit (its file watcher)."""
    for _ in range(100):
        spot = running.desk.spot("main", 1, 1)
        if spot is not None and spot.sides == sides:
            return
        time.sleep(0.1)
    raise AssertionError("the desk did not read the hand edit")


def test_sides_swapped_by_hand_after_the_secretarys_form_was_shown_refuse_its_save(tmp_path: Path, desk_of) -> None:
    root = make(tmp_path, SWISS_TWO, EMPTY_TABLES)
    running = desk_of(root)
    secretary = Secretary(running)
    url, sent = secretary_form(secretary, "main/1/1")  # level_a beside T01, level_b beside T02
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace("teams: [T01, T02]", "teams: [T02, T01]"), encoding="utf-8")
    _read_again(running, ["T02", "T01"])
    edited = path.read_bytes()
    status, html = fetch(url, {**sent, "action": "save", "level_a": "A", "level_b": "9"}, opener=secretary.opener)
    assert status == 409 and 'id="refused"' in html and "本桌的成绩已被改动" in html, html
    assert path.read_bytes() == edited and audit(root) == []


def test_sides_swapped_by_hand_after_a_phone_opened_its_link_refuse_the_phones_save(tmp_path: Path, desk_of) -> None:
    root = make(tmp_path, SWISS_TWO, EMPTY_TABLES)
    running = desk_of(root)
    link, sent = phone_form(running, "main/1/1")
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace("teams: [T01, T02]", "teams: [T02, T01]"), encoding="utf-8")
    _read_again(running, ["T02", "T01"])
    edited = path.read_bytes()
    status, html = fetch(link, {**sent, "action": "save", "level_a": "A", "level_b": "9"})
    assert status == 409 and "本桌的成绩已被改动" in html, html
    assert path.read_bytes() == edited and audit(root) == []
    # the link is not used up: opened again, the form names the sides as filed now, and saves
    link, sent = phone_form(running, "main/1/1")
    status, html = fetch(link, {**sent, "action": "save", "level_a": "A", "level_b": "9"})
    assert status == 200 and 'id="saved"' in html, html
    assert "levels: {T02: A, T01: 9}" in path.read_text(encoding="utf-8")


def secretarys_save_after(tmp_path: Path, edit) -> tuple[Job, Path, bytes]:
    """Table 1's form filled from the file as the desk read it, then the file edited by hand
    (`edit` of its text), then the secretary's save of levels A and 9 applied: the job, the
    file and its bytes as edited."""
    root = make(tmp_path, SWISS_TWO, EMPTY_TABLES)
    desk = Desk(root, SLUG, None, None, build=False)
    spot = desk.spot("main", 1, 1)
    path = results(root)
    filed = forms.as_filed(spot, forms.current_table(spot, path.read_text(encoding="utf-8")))
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    edited = path.read_bytes()
    job = Job(spot, {"levels": {"T01": "A", "T02": 9}}, Who("admin", "-"), "main/1/1", filed)
    Writer(desk, path)._apply([job])
    return job, path, edited


def test_tables_renumbered_by_hand_before_the_desk_read_them_refuse_a_save(tmp_path: Path) -> None:
    """The file's table 1 is another match now (its number moved), the desk not yet reading it."""
    job, path, edited = secretarys_save_after(
        tmp_path, lambda text: text.replace("table: 1", "table: 9").replace("table: 2", "table: 1"))
    assert not job.saved and job.refused == "desk_changed_since"
    assert path.read_bytes() == edited


def test_a_table_inserted_by_hand_above_moves_nothing_and_the_save_lands(tmp_path: Path) -> None:
    """Only what decides where the values go counts: a table added elsewhere in the file is no change."""
    job, path, _ = secretarys_save_after(
        tmp_path, lambda text: text.replace("tables:\n", "tables:\n  - table: 3\n    teams: [T05, T06]\n"))
    assert job.saved, job.refused
    assert "levels: {T01: A, T02: 9}" in path.read_text(encoding="utf-8")
