"""The desk's saves beside the secretary's own edits of a results file: a save changes the board
lines it changes and no other (the comments on the others kept), and a save whose table was
changed in the file after its form was shown is refused, nothing written, the form offering to
load the table as it is now (event-day.md, "The results desk": nothing typed is lost, and
nothing the secretary wrote by hand is overwritten without a word)."""

from __future__ import annotations

import re
from pathlib import Path

from generator.desk.store import apply_record
from tests.test_desk import Running, fetch, filed_now
from tests.test_desk_records import SLUG, SWISS_TWO, TWO_TABLES, Secretary, audit, desk_of, make, results, table_block  # noqa: F401 - (desk_of: a fixture)

KEYS = ("boards", "forfeit")
FILED = """\
# round 1
stage: main
round: 1
tables:
  - table: 1
    teams: [T01, T02]
    boards:
      # first half
      1: {open: 85, closed: 40}   # checked with the captain
      # board 2 replayed
      2: {open: 60, closed: 45}
      3: 40   # late
    # table 2: the hall's far end
  - table: 2
    teams: [T03, T04]
"""


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """(the lines only `before` has, the lines only `after` has), in order."""
    old, new = before.splitlines(), after.splitlines()
    return [line for line in old if line not in new], [line for line in new if line not in old]


def test_a_save_rewrites_only_the_board_lines_it_changes() -> None:
    """A save of one board rewrote the table's whole `boards:` block: every comment in it
    (beside a board, between two) was gone at the first save."""
    boards = {1: {"open": 85, "closed": 40}, 2: {"open": 60, "closed": 45}, 3: 45}
    new, old = apply_record(FILED, 1, {"boards": boards}, KEYS)
    assert old == {"boards": {"1": {"open": 85, "closed": 40}, "2": {"open": 60, "closed": 45}, "3": 40}}
    assert changed_lines(FILED, new) == (["      3: 40   # late"], ["      3: 45   # late"])
    assert new == FILED.replace("3: 40", "3: 45")  # every other byte as it was


def test_a_board_added_or_taken_out_leaves_the_other_lines_and_their_comments() -> None:
    # board 4 goes after board 3, above the next table's heading
    boards = {1: {"open": 85, "closed": 40}, 2: {"open": 60, "closed": 45}, 3: 40, 4: {"open": 10, "closed": 20}}
    new, _ = apply_record(FILED, 1, {"boards": boards}, KEYS)
    assert new == FILED.replace("      3: 40   # late\n", "      3: 40   # late\n      4: {open: 10, closed: 20}\n")
    # board 1 taken out (both rooms cleared): the comment above board 2 stays above it
    new, _ = apply_record(FILED, 1, {"boards": {2: {"open": 60, "closed": 45}, 3: 40}}, KEYS)
    assert new == FILED.replace("      1: {open: 85, closed: 40}   # checked with the captain\n", "")



def test_the_comment_beside_a_tables_last_line_stays_on_that_line() -> None:
    """A record written after the table's last line takes the comment lines after that line
    with it (the next table's heading stays above the next table), but it took the comment at
    the end of the line itself too: `teams: [T01, T02]   # far end` lost its comment to the
    record's line."""
    text = "stage: main\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]   # far end\n" \
           "    # table 2 next door\n  - table: 2\n    teams: [T03, T04]\n"
    new, _ = apply_record(text, 1, {"levels": {"T01": "Q", "T02": 9}}, ("levels", "deals", "forfeit"))
    assert new == text.replace("# far end\n", "# far end\n    levels: {T01: Q, T02: 9}\n")


# The comment lines after a table's last line are the next table's (its heading above its dash):
# whatever a save does to the table's last lines, they stay after the table's new last line.
HEADED = """\
stage: main
round: 1
tables:
  - table: 1
    teams: [T01, T02]
    boards:
{boards}    # next table
  - table: 2
    teams: [T03, T04]
"""
BLOCK_BOARD = "      1:\n        open: 85\n        closed: 40\n"


def headed(boards: str, after: str = "") -> str:
    return HEADED.format(boards=boards).replace("    # next table\n", after + "    # next table\n")


def test_board_2_saved_where_the_file_had_board_1_keeps_the_next_tables_heading_below() -> None:
    new, _ = apply_record(headed("      1: 10   # one\n"), 1, {"boards": {2: 5}}, KEYS)
    assert new == headed("      2: 5\n")


def test_a_board_taken_out_after_a_board_of_one_room_a_line_keeps_the_heading_below_it() -> None:
    new, _ = apply_record(headed(BLOCK_BOARD + "      2: 20   # two\n"), 1, {"boards": {1: {"open": 85, "closed": 40}}}, KEYS)
    assert new == headed(BLOCK_BOARD)


def test_forfeit_added_after_boards_goes_above_the_next_tables_heading() -> None:
    text = headed("      1: 10\n      3: 40   # late\n")
    new, _ = apply_record(text, 1, {"boards": {1: 10, 3: 40}, "forfeit": "T02"}, KEYS)
    assert new == headed("      1: 10\n      3: 40   # late\n", after="    forfeit: T02\n")


def test_a_tables_whole_result_cleared_keeps_the_next_tables_heading() -> None:
    new, _ = apply_record(headed("      1: 10   # one\n      2: 20  # two\n"), 1, {}, KEYS)
    assert new == headed("").replace("    boards:\n", "")


def test_a_changed_last_board_of_one_room_a_line_keeps_its_comment_and_the_heading() -> None:
    text = headed(BLOCK_BOARD + "      2:\n        open: 10\n        closed: 20   # ok\n")
    new, _ = apply_record(text, 1, {"boards": {1: {"open": 85, "closed": 40}, 2: {"open": 11, "closed": 20}}}, KEYS)
    assert new == text.replace("open: 10", "open: 11")


def test_a_boards_heading_stays_above_it_when_the_board_before_goes_after_one_of_one_room_a_line() -> None:
    """Handed to the board before, written one room a line, it printed between `1:` and `open:`."""
    text = headed(BLOCK_BOARD + "      2: 20\n      # board 3 replayed\n      3: 30\n")
    new, _ = apply_record(text, 1, {"boards": {1: {"open": 85, "closed": 40}, 3: 30}}, KEYS)
    assert new == text.replace("      2: 20\n", "")


def test_every_board_cleared_in_place_is_still_yaml() -> None:
    """`boards:`, the heading, then `{}`: a file no one could read."""
    new, _ = apply_record(headed("      1: 10   # one\n"), 1, {"boards": {}}, KEYS)
    assert new == headed("").replace("    boards:\n", "    boards: {}\n")


# --- a save over a change made since its form was shown ---------------------------------------------

def hidden(html: str) -> dict[str, str]:
    """The form's hidden fields as the page carries them: its CSRF token, what it was filled from."""
    return {name: value for name, value in re.findall(r'<input type="hidden" name="(csrf|filed)" value="([^"]*)"', html)}


def phone_form(running: Running, key: str) -> tuple[str, dict[str, str]]:
    """A table's phone opens its link: (where its form goes, what the form sends besides the fields)."""
    link = running.desk.link(key)
    status, html = fetch(link)
    assert status == 200, html
    return link, {"k": link.split("k=")[1], **hidden(html)}


def secretary_form(secretary: Secretary, key: str) -> tuple[str, dict[str, str]]:
    return f"{secretary.running.secretary}/t/{key}", {"k": "", **hidden(secretary.page(key))}


def test_a_save_over_a_hand_edit_made_since_its_form_was_shown_is_refused(tmp_path: Path, desk_of) -> None:
    """The secretary opens table 2's form, then mends the file by hand (T03's level): saving the
    form wrote its values over the mended one without a word. Refused now, in the site's words,
    nothing written, what was typed kept, the table as it is now one link away."""
    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    running = desk_of(root)
    secretary = Secretary(running)
    url, sent = secretary_form(secretary, "main/1/2")
    assert sent["filed"]
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace("T03: Q", "T03: K"), encoding="utf-8")
    mended = path.read_bytes()
    status, html = fetch(url, {**sent, "action": "save", "level_a": "A", "level_b": "9"}, opener=secretary.opener)
    assert status == 409 and 'id="refused"' in html, html
    assert "本桌的成绩已被改动" in html and "这次没有保存" in html
    assert 'value="A"' in html  # what was typed, kept
    assert path.read_bytes() == mended and audit(root) == []
    # reloaded (a button of the form: what is typed goes with it), the form comes back with what
    # was typed, the file's value now said beside it; a link that loaded the file alone dropped it
    assert re.search(r'<button [^>]*form="entry" name="action" value="reload"[^>]*id="again">重新载入本桌现在的成绩</button>', html)
    status, html = fetch(url, {**hidden(html), "k": "", "action": "reload", "level_a": "Z", "level_b": "9"},
                         opener=secretary.opener)
    assert status == 422 and re.search(r'id="level_a" name="level_a" value="Z"[^>]*aria-invalid="true"', html), html  # checked, marked
    reloaded = re.search(r'<div class="problems" id="reloaded".*?</div>', html, re.S).group(0)
    assert "成绩文件中这些栏现在是另外的内容" in reloaded and "K" in reloaded and "（空）" not in reloaded, reloaded
    assert path.read_bytes() == mended and audit(root) == []  # (a reload saves nothing)
    # saved from there, it lands
    status, html = fetch(url, {**hidden(html), "k": "", "action": "save", "level_a": "A", "level_b": "9"},
                         opener=secretary.opener)
    assert status == 200 and 'id="saved"' in html
    assert "levels: {T03: A, T04: 9}" in table_block(root, 2)
    # the page the save answers with is filled from the file as saved: a second change from it lands
    status, html = fetch(url, {**hidden(html), "k": "", "action": "save", "level_a": "A", "level_b": "10"},
                         opener=secretary.opener)
    assert status == 200 and 'id="saved"' in html and "levels: {T03: A, T04: 10}" in table_block(root, 2)


def test_a_phones_save_then_the_secretarys_of_the_same_table_the_second_is_refused(tmp_path: Path, desk_of) -> None:
    """Table 1's phone and the secretary both open table 1's form; the phone saves first. The
    secretary's save, from a form that never showed the phone's result, wrote over it. It is
    refused now; a comment added by hand, or another table's save, meanwhile refuses nothing."""
    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    running = desk_of(root)
    secretary = Secretary(running)
    phone, by_phone = phone_form(running, "main/1/1")
    desk_url, by_desk = secretary_form(secretary, "main/1/1")
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace("    teams: [T01, T02]\n", "    teams: [T01, T02]   # 第 1 台\n"),
                    encoding="utf-8")  # a comment only: the table's result is as the forms showed it
    other, by_other = secretary_form(secretary, "main/1/2")
    status, _ = fetch(other, {**by_other, "action": "save", "level_a": "K", "level_b": "9"}, opener=secretary.opener)
    assert status == 200
    status, html = fetch(phone, {**by_phone, "action": "save", "level_a": "Q", "level_b": "9"})
    assert status == 200 and 'id="saved"' in html, html
    status, html = fetch(desk_url, {**by_desk, "action": "save", "level_a": "3", "level_b": "5"}, opener=secretary.opener)
    assert status == 409 and "本桌的成绩已被改动" in html
    assert "levels: {T01: Q, T02: 9}" in table_block(root, 1) and "# 第 1 台" in table_block(root, 1)
    assert [line["who"] for line in audit(root)] == ["secretary", "table main/1/1"]


def test_two_saves_of_one_table_at_the_same_moment_the_second_is_refused(tmp_path: Path) -> None:
    """Two forms of one table saved together are written in one batch (Writer): the second was
    checked against the file as read before the first was applied, and overwrote it."""
    from generator.desk.app import Desk, Job, Who, Writer
    from generator.desk import forms

    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    desk = Desk(root, SLUG, None, None, build=False)
    spot = desk.spot("main", 1, 1)
    filed = forms.as_filed(spot, forms.current_table(spot, results(root).read_text(encoding="utf-8")))
    first = Job(spot, {"levels": {"T01": "Q", "T02": 9}}, Who("admin", "-"), "main/1/1", filed)
    second = Job(spot, {"levels": {"T01": "3", "T02": "5"}}, Who("admin", "-"), "main/1/1", filed)
    Writer(desk, spot.path)._apply([first, second])
    assert first.saved and not second.saved and second.refused == "desk_changed_since"
    assert "levels: {T01: Q, T02: 9}" in table_block(root, 1)


def test_a_save_builds_its_form_once(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The writer built a whole form again for each save (and 80分's board parts a third) only to
    learn which keys of a board the form has fields for: the form the save was made from says."""
    from generator.desk.app import Desk, Who
    from generator.games import GAMES

    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    desk = Desk(root, SLUG, None, None, build=False)
    spot = desk.spot("main", 1, 1)
    filed = filed_now(spot)
    built = calls_of(monkeypatch, type(GAMES["guandan"]), "entry_fields")
    outcome = desk.submit(spot, {"level_a": "Q", "level_b": "9"}, Who("admin", "-"), True, filed=filed)
    assert outcome["saved"] and "levels: {T01: Q, T02: 9}" in table_block(root, 1)
    assert len(built) == 1


def calls_of(monkeypatch, owner: object, name: str, which=lambda *args: True) -> list[int]:  # noqa: ANN001
    """A list growing by one at each call of `owner.name` whose arguments `which` picks."""
    calls: list[int] = []
    function = getattr(owner, name)

    def counted(*args, **options):  # noqa: ANN002, ANN003, ANN202
        if which(*args):
            calls.append(1)
        return function(*args, **options)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_form_that_does_not_say_what_it_was_filled_from_is_refused_until_reloaded(tmp_path: Path, desk_of) -> None:
    """A page that sends no digest (a form of an older desk open across the upgrade, a page cut
    short): its save was not checked against a change made since, and wrote over the secretary's
    hand edit without a word. Refused as a save over a change is (409, in the site's words,
    nothing written, what was typed kept), until a reload shows the table as it is now. A
    preview from it answers with a form that says nothing of its source either (once the file's
    digest: a save from that answer passed over a change it never showed)."""
    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    running = desk_of(root)
    link, sent = phone_form(running, "main/1/1")
    old_page = {"k": sent["k"], "csrf": sent["csrf"]}
    status, html = fetch(link, {**old_page, "action": "preview", "level_a": "Q" * 2001, "level_b": "9"})
    # its preview's form says nothing of its source either (not "None", and not the file's digest,
    # which would let its next save pass over a change it never showed)
    assert status == 422 and hidden(html)["filed"] == ""
    status, html = fetch(link, {**old_page, "action": "preview", "level_a": "Q", "level_b": "9"})
    assert status == 200 and hidden(html)["filed"] == ""
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace("    teams: [T01, T02]\n",
                                                             "    teams: [T01, T02]\n    levels: {T01: K, T02: 5}\n"),
                    encoding="utf-8")  # the secretary's hand edit, after the old page was shown
    mended = path.read_bytes()
    status, html = fetch(link, {**old_page, "action": "save", "level_a": "Q", "level_b": "9"})
    assert status == 409 and 'id="saved"' not in html and "\u6ca1\u6709\u6ce8\u660e" in html, html  # (没有注明)
    assert 'value="Q"' in html and path.read_bytes() == mended and audit(root) == []
    assert hidden(html)["filed"] == ""  # (saved again from this answer: refused again, not let through)
    assert re.search(r'<button [^>]*name="action" value="reload"[^>]*id="again">', html)
    status, html = fetch(link, {**hidden(html), "k": sent["k"], "action": "reload", "level_a": "Q", "level_b": "9"})
    assert hidden(html)["filed"] and path.read_bytes() == mended
    # reloaded, the table's result is in (the secretary's): a table saves once
    status, html = fetch(link, {**hidden(html), "k": sent["k"], "action": "save", "level_a": "Q", "level_b": "9"})
    assert status == 409 and path.read_bytes() == mended


def test_a_save_reads_the_round_files_table_once_for_its_form(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A save built its form from the file's table, then read the file again for what the form
    was filled from (and, with a board's own values, a third time to keep them as filed): one
    reading of the file's text by the content loader serves all three. (The writer's own round
    trip, under the file's lock, reads the file as it is then.)"""
    from generator.desk import forms
    from generator.desk.app import Desk, Who

    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    desk = Desk(root, SLUG, None, None, build=False)
    text = results(root).read_text(encoding="utf-8")
    # (the file's text: not the one-table text the check reads)
    spot = desk.spot("main", 1, 1)
    filed = filed_now(spot)
    read = calls_of(monkeypatch, forms, "load_yaml_text", lambda source, *rest: source == text)
    outcome = desk.submit(spot, {"level_a": "Q", "level_b": "9"}, Who("admin", "-"), True, filed=filed)
    assert outcome["saved"] and "levels: {T01: Q, T02: 9}" in table_block(root, 1)
    assert len(read) == 1


def test_a_save_parses_the_round_file_once_under_its_lock(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The writer, holding the file's lock, parsed the round's file three times: its round trip,
    the content loader's reading for what the forms were filled from, and the loader's again of
    the text it had just written, for what the answered form is filled from. Its round trip
    alone now (it types values as the loader does), and the answered form still saves."""
    from generator.desk import forms, store
    from generator.desk import app as desk_app
    from generator.desk.app import Desk, Job, Who, Writer

    root = make(tmp_path, SWISS_TWO, TWO_TABLES)
    desk = Desk(root, SLUG, None, None, build=False)
    spot = desk.spot("main", 1, 1)
    job = Job(spot, {"levels": {"T01": "Q", "T02": 9}}, Who("admin", "-"), "main/1/1", filed_now(spot))
    loaded = calls_of(monkeypatch, forms, "load_yaml_text")
    round_trips = calls_of(monkeypatch, store, "load_round_trip")  # (store.RoundEdit's)
    assert desk_app  # (the writer's edit of the file is store's)
    Writer(desk, spot.path)._apply([job])
    assert job.saved and "levels: {T01: Q, T02: 9}" in table_block(root, 1)
    assert (len(round_trips), len(loaded)) == (1, 0)
    assert job.filed == filed_now(spot)  # what the answered form says it was filled from: the file as written


def test_what_a_form_was_filled_from_is_told_alike_from_the_writers_reading(tmp_path: Path) -> None:
    """Values ruamel's own schema reads otherwise than paibang's loader (a date, 1_000, 0b11, a
    lone =, .5e3, written by hand): the writer's reading gives the digest of the form filled from
    such a file, so its save lands, not refused as changed since, and the answered form's digest
    is the file's as the loader reads it."""
    from generator.desk.app import Desk, Job, Who, Writer

    root = make(tmp_path, SWISS_TWO, TWO_TABLES.replace(
        "    teams: [T01, T02]\n", "    teams: [T01, T02]\n    levels: {T01: 2026-01-01, T02: =}\n"
                                   "    deals: [1_000, 0b11, .5e3, 2026-01-01]\n"))
    desk = Desk(root, SLUG, None, None, build=False)
    spot = desk.spot("main", 1, 1)
    job = Job(spot, {"levels": {"T01": "Q", "T02": 9}, "deals": ["1_000", "0b11", ".5e3", "2026-01-01"]},
              Who("admin", "-"), "main/1/1", filed_now(spot))
    Writer(desk, spot.path)._apply([job])
    assert job.saved and not job.refused, job.refused
    # texts, written bare where the loader reads them as texts; .5e3, a number to the loader, quoted
    # (ruamel's own schema wrote it bare: read back as 500.0)
    assert "deals: [1_000, 0b11, '.5e3', 2026-01-01]" in table_block(root, 1)
    assert job.filed == filed_now(spot)
