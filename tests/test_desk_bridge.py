"""The results desk at a bridge table (event-day.md, "The results desk": the computed score shown
before saving, checked by the same messages as `check`). A pairs table sees each board's NS
score by the rules before it saves, though its matchpoints wait for the field; a board left
blank, which `check` warns of (bridge-board-count), is said before the save, and a table, which
saves once, saves only what it has confirmed. Over HTTP against the real stack, as
tests/test_desk.py does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.desk.store import dump_round_trip, load_round_trip
from tests.support import demo_content
from tests.test_desk import Running, fetch, open_table, post, start

SLUG = "qiaoyou-club-pairs-2024"  # pairs by matchpoints, 3 boards a round; board 1 none vulnerable


def without_boards(content: Path, listed: bool) -> Path:
    """Round 1's table 1 of the demo pairs event without its boards: as `pair` leaves it, its
    boards listed to fill in (`# 1:`), or (`listed` False) as written by hand, pairs only."""
    path = content / "events" / SLUG / "results" / "round-1.yaml"
    data = load_round_trip(path.read_text(encoding="utf-8"))
    [table] = [item for item in data["tables"] if item["table"] == 1]
    del table["boards"]
    text = dump_round_trip(data)
    if listed:
        assert text.count("    ew: P11\n") == 1
        text = text.replace("    ew: P11\n", "    ew: P11\n    boards:\n      # 1:\n      # 2:\n      # 3:\n")
    path.write_text(text, encoding="utf-8")
    return path


def desk_without_boards(tmp_path: Path, listed: bool):
    """The desk on the demo pairs event, round 1's table 1 without its boards (without_boards)."""
    content = demo_content(tmp_path, SLUG)
    path = without_boards(content, listed=listed)
    running = start(content, slug=SLUG)
    yield running, path
    running.stop()


@pytest.fixture()
def pairs(tmp_path: Path):
    """The demo pairs event, round 1's table 1 without its boards (as `pair` leaves it)."""
    yield from desk_without_boards(tmp_path, listed=True)


@pytest.fixture()
def by_hand(tmp_path: Path):
    """The demo pairs event, round 1's table 1 written by hand: its pairs, no boards."""
    yield from desk_without_boards(tmp_path, listed=False)


def test_a_table_written_by_hand_types_the_boards_it_played_with_their_numbers(by_hand: tuple[Running, Path]) -> None:
    """The demo's round 1 plays 3 boards a table out of 30 (table 2 plays 4-6): table 1's form
    offered boards 1-3, as every hand-written table's, where its printed slip leaves each
    board's number to write. The form has one box for the boards it played, a line each with
    its number, as the slip has them; a line that is not one is refused, naming it."""
    running, path = by_hand
    t = running.desk.t
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    status, html = fetch(running.desk.link("pairs/1/1"))
    assert status == 200 and 'name="b1"' not in html and 'name="boards_played"' in html
    assert t("desk_boards_played") in html and "13: 4S N =" in html
    before = path.read_bytes()
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "boards_played": "1: 4S N =\n4S N +1\n"})
    assert status == 422 and 'id="saved"' not in html and path.read_bytes() == before
    assert "“4S N +1”：" in html and 'value="1: 4S N ="' not in html and "1: 4S N =\n4S N +1" in html
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "boards_played": "1: 4S N =\n1: 3NT W -1\n2: 3NT W -1\n3: 2H S =\n"})
    assert 'id="saved"' not in html and path.read_bytes() == before  # board 1 twice
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "boards_played": "1: 4S N =\r\n\r\n2\uff1a 3NT W -1\r\n3: 2H S =\r\n"})
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: 4S N =\n      2: 3NT W -1\n      3: 2H S =\n" in path.read_text(encoding="utf-8")


def test_a_pairs_table_sees_each_boards_ns_score_before_saving(pairs: tuple[Running, Path]) -> None:
    running, _ = pairs
    t = running.desk.t
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    typed = {"b1": "1S W -2", "b2": "3NT W -1", "b3": "4H N ="}
    status, body = fetch(url, {"k": token, "csrf": csrf, "action": "check", **typed})
    data = json.loads(body)
    assert status == 200 and data["ok"], data
    assert any("1S W -2" in line and "+100" in line for line in data["lines"]), data["lines"]
    # board 1, none vulnerable: two down undoubled is 100 to NS; board 2, NS vulnerable, EW not:
    # 50; board 3, EW vulnerable: 4H made by N, not vulnerable, 420
    for board, contract, score in ((1, "1S W -2", "+100"), (2, "3NT W -1", "+50"), (3, "4H N =", "+420")):
        assert t("br_desk_board", board=board, score=t("br_desk_ns", contract=contract, score=score)) in data["lines"]
    status, html = fetch(url, {"k": token, "csrf": csrf, "action": "preview", **typed})
    assert status == 200 and t("br_desk_ns", contract="1S W -2", score="+100") in html


def test_a_board_left_blank_is_said_before_a_table_saves_and_saved_once_confirmed(
        pairs: tuple[Running, Path]) -> None:
    running, path = pairs
    t = running.desk.t
    before = path.read_bytes()
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    typed = {"b1": "1S W -2", "b2": "3NT W -1", "b3": ""}
    warning = "第 1 桌记录了 2 副牌，本阶段每轮打 3 副"  # bridge-board-count, as `check` says it
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **typed})
    assert 'id="saved"' not in html and path.read_bytes() == before and not running.desk.tokens.used("pairs/1/1")
    assert status == 200 and warning in html and t("desk_confirm_text") in html and 'value="1S W -2"' in html
    status, body = fetch(url, {"k": token, "csrf": csrf, "action": "check", **typed})  # while typing, too
    assert [w["message"] for w in json.loads(body).get("warnings", [])] == [warning]
    confirm = html.split('name="confirm" value="')[1].split('"')[0]
    # a confirmation is of the record shown: another record typed since is asked again
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "confirm": confirm,
                               **typed, "b2": "3NT W -2"})
    assert 'id="saved"' not in html and path.read_bytes() == before
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "confirm": confirm, **typed})
    assert status == 200 and 'id="saved"' in html
    assert "      1: 1S W -2\n      2: 3NT W -1\n" in path.read_text(encoding="utf-8")
    assert [line["who"] for line in audit_lines_of(path)] == ["table pairs/1/1"]


def audit_lines_of(results: Path) -> list[dict]:
    path = results.parents[1] / "desk-audit.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


TEAMS = "gaoxiao-bridge-teams-2024"


def teams_round_3_drawn(tmp_path: Path) -> Path:
    """The teams demo with its round robin drawn by `pair` from round 1, none played: round 3
    is one of them. (The demo's own rounds were written by hand from another schedule: pair
    refuses to draw its round 3 from the Berger table, which meets two teams who have met.)"""
    from generator import cli
    from tests.support import demo_content

    content = demo_content(tmp_path, TEAMS)
    for number in (1, 2, 3, 4, 5):
        (content / "events" / TEAMS / "results" / f"round-{number}.yaml").unlink()
    assert cli.main(["pair", TEAMS, "teams", "--all", "--content", str(content)]) == 0
    return content


def test_a_teams_round_offers_the_boards_it_plays_numbered_on_through_the_rounds(tmp_path: Path) -> None:
    """Round 3 of the teams demo's 8-board rounds plays 17-24 (content-format.md "Board numbers"):
    the desk offered 1-8 in every round, and round 3 was saved as round 1's boards unwarned."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = TEAMS
    content = teams_round_3_drawn(tmp_path)
    desk = Desk(content, slug, None, None, build=False)
    spot = desk.spot("teams", 3, 2)
    numbers = sorted({f.board for f in forms.fields_for(spot, spot.path.read_text(encoding="utf-8")) if f.board})
    assert numbers == list(range(17, 25))
    # a round whose file numbers its boards otherwise (1-8 again): the boards it writes (the
    # demo's round 2 as played, its boards renumbered)
    path = content / "events" / slug / "results" / "round-2.yaml"
    played = Path(__file__).resolve().parents[1] / "content" / "events" / slug / "results" / "round-2.yaml"
    data = load_round_trip(played.read_text(encoding="utf-8"))
    for item in data["tables"]:
        item["boards"] = {n - 8: value for n, value in item["boards"].items()}
    del data["tables"][0]["boards"]
    path.write_text(dump_round_trip(data), encoding="utf-8")
    desk = Desk(content, slug, None, None, build=False)
    spot = desk.spot("teams", 2, 1)
    numbers = sorted({f.board for f in forms.fields_for(spot, path.read_text(encoding="utf-8")) if f.board})
    assert numbers == list(range(1, 9))


def test_a_teams_rounds_printed_score_sheets_are_a_page_a_table_each_with_its_qr(tmp_path: Path, monkeypatch) -> None:
    """The desk's "每桌一页，带本桌二维码" for bridge teams printed one page listing every match
    and no QR (desk/app.table_sheets puts a table's link on the form pages naming a table)."""
    from generator.commands import printing
    from generator.desk.app import SHEET_QR_MASK, table_key, table_sheets
    from generator.render.bulletins import qr_png

    slug = TEAMS
    content = teams_round_3_drawn(tmp_path)
    printed = []
    monkeypatch.setattr(printing, "one_document", lambda forms, locale, content=None: printed.extend(forms) or b"%PDF")
    running = start(content, slug=slug)
    running.desk.base = f"http://192.168.1.20:{running.port}"  # as --lan makes it (on 127.0.0.1 the sheets print no code: test_desk)
    try:
        assert table_sheets(running.desk, "teams", 3) == b"%PDF"
        [sheet] = [form for form in printed if form.kind == "scoresheet"]
        assert [page["table"] for page in sheet.pages] == ["1", "2", "3"]
        for page in sheet.pages:
            assert page["qr"] == qr_png(running.desk.link(table_key("teams", 3, int(page["table"]))), mask=SHEET_QR_MASK)
    finally:
        running.stop()


def test_a_save_takes_out_the_board_lines_pair_wrote_for_the_boards_it_writes(tmp_path: Path) -> None:
    """A pairs round as `paibang pair` writes it lists each table's boards to fill in, commented
    (`boards:` / `# 28:`): a save wrote the boards and left those lines under them, as if still
    to be filled in. The lines of the boards written go; a board left out keeps its line, and
    its field on the form; the other tables keep theirs. (The last table's lines are the list's
    end to the YAML reader, a middle table's the next table's: both are taken out.)"""
    from generator import cli
    from generator.desk import forms
    from tests.support import demo_content
    from tests.test_desk_records import Secretary

    content = demo_content(tmp_path, SLUG)
    folder = content / "events" / SLUG / "results"
    for path in folder.iterdir():
        path.unlink()
    assert cli.main(["pair", SLUG, "pairs", "--content", str(content)]) == 0
    path = folder / "round-1.yaml"
    assert "    boards:\n      # 28:\n      # 29:\n      # 30:\n" in path.read_text(encoding="utf-8")
    running = start(content, slug=SLUG)
    try:
        secretary = Secretary(running)
        status, html = secretary.post("pairs/1/10", "save", b28="1S W -2", b29="3NT W -1")
        assert status == 200 and 'id="saved"' in html, html
        text = path.read_text(encoding="utf-8")
        assert text.endswith("    boards:\n      28: 1S W -2\n      29: 3NT W -1\n      # 30:\n"), text[-300:]
        spot = running.desk.spot("pairs", 1, 10)
        assert sorted(f.board for f in forms.fields_for(spot, text) if f.board) == [28, 29, 30]
        status, html = secretary.post("pairs/1/9", "save", b25="1S W -2", b26="3NT W -1", b27="4H N =")
        assert status == 200 and 'id="saved"' in html, html
        text = path.read_text(encoding="utf-8")
        assert "#" not in re.search(r"  - table: 9\n.*?(?=  - table: 10)", text, re.S).group(0), text
        assert "    boards:\n      # 22:\n      # 23:\n      # 24:\n  - table: 9\n" in text
    finally:
        running.stop()


def test_a_problem_of_one_rooms_board_marks_that_rooms_box_only(tmp_path: Path) -> None:
    """A teams board whose open room is unreadable ("4S N", no result) has its closed room said
    missing too, a problem of the whole board, marked at the board: both its boxes were marked
    invalid, the closed one empty and the open one described twice. Each problem is in the box
    of the room it names: the open room's unreadable record, the closed room's missing one."""
    content = teams_round_3_drawn(tmp_path)
    running = start(content, slug=TEAMS)
    try:
        status, body = post(running, "teams/3/1", "check", b17_open="4S N")
        assert status == 200
        problems = json.loads(body)["problems"]
        assert [p["fields"] for p in problems] == [["b17_open"], ["b17_closed"]], problems
        assert "\u95ed\u5ba4" in problems[1]["message"]  # (closed room: the one it names)
        status, page = post(running, "teams/3/1", "preview", b17_open="4S N")
        assert re.search(r'<input id="b17_open"[^>]*aria-describedby="problem-1"', page), page
        assert re.search(r'<input id="b17_closed"[^>]*aria-describedby="problem-2"', page), page
    finally:
        running.stop()


def test_a_table_entering_some_boards_of_its_match_cannot_save_it_as_done(tmp_path: Path) -> None:
    """A teams match of 8 boards with one entered (both rooms) is pending on the site, waiting
    for the other seven (Game.boards_short): the desk took the table's save ("saved", its link
    used up), and the table could no longer enter the boards the site waits for. A table saves
    the whole match once: the save is refused, the link kept, the file untouched."""
    content = teams_round_3_drawn(tmp_path)
    path = content / "events" / TEAMS / "results" / "round-3.yaml"
    before = path.read_bytes()
    running = start(content, slug=TEAMS)
    try:
        t = running.desk.t
        typed = {"b17_open": "4S N =", "b17_closed": "4S N -1"}
        status, body = post(running, "teams/3/1", "check", **typed)
        assert status == 200 and json.loads(body)["waiting"], body
        for _ in range(2):  # (and once more, as a table confirming a warning would)
            status, html = post(running, "teams/3/1", "save", **typed)
            assert status == 409 and 'id="saved"' not in html, html
            confirm = re.search(r'name="confirm" value="([^"]*)"', html)
            if confirm:
                typed["confirm"] = confirm.group(1)
        assert t("desk_incomplete_refused") in html
        assert path.read_bytes() == before and not running.desk.tokens.used("teams/3/1")
    finally:
        running.stop()


def test_a_match_short_of_boards_is_headed_by_that_reason_not_by_both_rooms(tmp_path: Path) -> None:
    """Board 17 typed in both rooms, the other seven not at all: the list under the heading said
    the match has 1 board of 8, but the heading said "enter both rooms", which it had. The
    heading says what is missing; one room typed alone is still headed "both rooms"."""
    content = teams_round_3_drawn(tmp_path)
    running = start(content, slug=TEAMS)
    try:
        t = running.desk.t
        rooms, boards = (t("desk_rooms_both", open=t("open_room"), closed=t("closed_room")),
                         t("desk_boards_all", open=t("open_room"), closed=t("closed_room")))
        typed = {"b17_open": "4S N =", "b17_closed": "4S N -1"}
        status, body = post(running, "teams/3/1", "check", **typed)
        data = json.loads(body)
        assert data["waiting"] and data["headings"]["incomplete"] == boards, data
        status, html = post(running, "teams/3/1", "preview", **typed)
        block = re.search(r'<div id="incomplete".*?</div>', html, re.S).group(0)
        assert f"<strong>{boards}</strong>" in block and f"<strong>{rooms}</strong>" not in block, block
        assert "本阶段每轮打 8 副" in block  # (the list: 8 boards a round)
        # the whole match's boards typed, board 17's open room only: "both rooms"
        typed = {f"b{n}_{room}": "4S N =" for n in range(17, 25) for room in ("open", "closed")}
        del typed["b17_closed"]
        status, body = post(running, "teams/3/1", "check", **typed)
        data = json.loads(body)
        assert data["waiting"] and data["headings"]["incomplete"] == rooms, data
    finally:
        running.stop()


def test_the_other_room_still_to_enter_is_the_box_marked_not_the_room_typed(tmp_path: Path) -> None:
    """room-pending ("boards 17-18: the open room only, not the closed room yet") is raised with
    its `room` the room typed: the desk marked the open room's box of board 17, the one filled
    in. It speaks of the closed room's box of each board it names, still to enter: those."""
    content = teams_round_3_drawn(tmp_path)
    running = start(content, slug=TEAMS)
    try:
        status, body = post(running, "teams/3/1", "check", b17_open="4S N =", b18_open="3NT S -1")
        assert status == 200
        data = json.loads(body)
        [pending] = [p for p in data["incomplete"] if "\u95ed\u5ba4\u7684\u8bb0\u5f55\u8fd8\u6ca1\u6709" in p["message"]]
        assert pending["fields"] == ["b17_closed", "b18_closed"], data
    finally:
        running.stop()


def test_the_boards_still_to_enter_are_marked_by_the_numbers_the_warning_carries(tmp_path: Path) -> None:
    """room-pending names its boards as runs for its message ("17\u201318"); the desk read the
    numbers back out of that text. The warning carries them as data, and the boxes marked are
    those boards' boxes of the room still to enter, whatever the message's runs say."""
    from generator.desk import forms
    from generator.errors import Mark, Problems
    from generator.games import EntryField
    from generator.games.common.rooms import report_pending

    problems = Problems()
    mark = Mark(tmp_path / "round-3.yaml", 5, 7)
    report_pending(problems, [(18, "open", mark), (17, "open", mark), (20, "open", mark)], 1, "1: {open: 4S N =}")
    [warning] = problems.items
    assert warning.code == "room-pending" and warning.params["board_numbers"] == (17, 18, 20)
    assert warning.params["boards"] == ["17\u201318", "20"]  # (the message's runs)
    fields = [EntryField(f"b{n}_{room}", str(n), board=n, room=room) for n in range(17, 21) for room in ("open", "closed")]
    warning.params["boards"] = ["seventeen to eighteen", "twenty"]  # words: the numbers are the data's
    assert forms.fields_at(forms.Check([]), warning, fields, "") == ("b17_closed", "b18_closed", "b20_closed")


def test_the_room_a_problem_names_is_marked_by_the_room_it_carries_not_its_words(tmp_path: Path) -> None:
    """A problem of a whole board names a room (room-pending: the other room, still to enter; a
    room missing: that room); the desk matched the room's name in the problem's words to find
    its box. The problem carries the room as data, and the box marked is that room's, whatever
    the words say."""
    from generator.desk import forms
    from generator.errors import Mark, Problems
    from generator.games import EntryField
    from generator.games.common.rooms import report_pending

    problems = Problems()
    mark = Mark(tmp_path / "round-3.yaml", 5, 7)
    report_pending(problems, [(17, "open", mark)], 1, "1: {open: 4S N =}")
    [warning] = problems.items
    assert warning.params["room_id"] == "open" and warning.params["other_id"] == "closed"
    fields = [EntryField(f"b{n}_{room}", str(n), board=n, room=room) for n in (17, 18) for room in ("open", "closed")]
    warning.params["room"], warning.params["other"] = "the room typed", "the room after it"  # words only
    assert forms.fields_at(forms.Check([]), warning, fields, "") == ("b17_closed",)
    # a room missing, marked at its board (boards: {18: …}): the room it names is the data's
    board = Mark(tmp_path / "round-3.yaml", 9, 7)
    problems.add("bridge-room-missing", board, board=18, room="this room", other="that room",
                 room_id="closed", other_id="open")
    missing = problems.items[-1]
    assert forms.fields_at(forms.Check([], places={board: ("boards", 18)}), missing, fields, "") == ("b18_closed",)


def test_a_weighted_score_is_previewed_with_each_parts_ns_score(pairs: tuple[Running, Path]) -> None:
    """A director's weighted score (Law 12C1(c)), `50% 3NT S =, 50% 3NT S -1` on board 2 (NS
    vulnerable): the preview showed the line as typed, not what each part scores. Each part is
    said with its NS score, as a played board is: +600 and -100."""
    from tests.test_desk_records import Secretary

    running, _ = pairs
    t = running.desk.t
    secretary = Secretary(running)  # (the director's: a table's phone is refused one, below)
    typed = {"b1": "1S W -2", "b2": "50% 3NT S =, 50% 3NT S -1", "b3": "4H N ="}
    _, body = secretary.post("pairs/1/1", "check", **typed)
    data = json.loads(body)
    said = t("br_desk_board", board=2, score=t("clause_separator").join(
        [t("br_desk_ns", contract="50% 3NT S =", score="+600"), t("br_desk_ns", contract="50% 3NT S -1", score="-100")]))
    assert data["ok"] and said in data["lines"], data["lines"]
    assert said == "第 2 副 50% 3NT S =，南北 +600；50% 3NT S -1，南北 -100"
    status, html = secretary.post("pairs/1/1", "preview", **typed)
    assert status == 200 and said in html


def test_a_tables_phone_cannot_award_an_adjusted_score_the_director_can(pairs: tuple[Running, Path]) -> None:
    """Only the director awards an artificial adjusted score (Law 12C2): a table's phone saved
    board 1 as 60%/40% and another's A+/A- (rev48), the audit log saying "table pairs/6/3".
    Refused at the table, saying to call the director, who enters it at the desk; the director's
    entry saved."""
    from tests.test_desk_records import Secretary

    running, path = pairs
    before = path.read_bytes()
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    director = "\u88c1\u5224"  # (the message names the director: call them)
    for adjusted in ("60%/40%", "A+/A-", "a=", "\uff21\uff0b"):
        typed = {"b1": adjusted, "b2": "3NT W -1", "b3": "4H N ="}
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **typed})
        assert status == 422 and 'id="saved"' not in html and path.read_bytes() == before, html
        assert director in html and re.search(r'<input [^>]*name="b1"[^>]*aria-invalid="true"', html), html
        status, body = fetch(url, {"k": token, "csrf": csrf, "action": "check", **typed})  # said while typing
        assert not json.loads(body)["ok"] and director in json.loads(body)["problems"][0]["message"]
    assert not running.desk.tokens.used("pairs/1/1")
    # the director enters it at the desk
    secretary = Secretary(running)
    status, html = secretary.post("pairs/1/1", "save", b1="A+/A-")
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: A+/A-\n" in path.read_text(encoding="utf-8")
    assert [line["who"] for line in audit_lines_of(path)] == ["secretary"]


def test_a_team_matchs_phone_is_told_to_call_the_director_not_how_to_type_an_adjusted_score(tmp_path: Path) -> None:
    """The team form told a captain's phone how to type an adjusted score (A+ in the open room's
    box), which only the director awards (Law 12C2): the phone is told np and to call the
    director, the secretary's form how to type it; A= typed at the table is refused."""
    from tests.test_desk_records import Secretary

    content = teams_round_3_drawn(tmp_path)
    running = start(content, slug=TEAMS)
    try:
        t = running.desk.t
        path = content / "events" / TEAMS / "results" / "round-3.yaml"
        before = path.read_bytes()
        url, token, csrf, filed = open_table(running, "teams/3/1")
        status, html = fetch(running.desk.link("teams/3/1"))
        assert t("br_desk_how_np_table") in html and t("br_desk_how_adjusted") not in html
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                   "b17_open": "A=", "b17_closed": ""})
        assert status == 422 and "\u88c1\u5224" in html and path.read_bytes() == before, html
        page = Secretary(running).page("teams/3/1")
        assert t("br_desk_how_adjusted") in page and t("br_desk_how_np_table") not in page
    finally:
        running.stop()


def test_a_tables_phone_cannot_award_a_weighted_score(pairs: tuple[Running, Path]) -> None:
    """A weighted score (Law 12C1(c)) is the director's ruling as an adjusted score is: a table's
    phone saved `50% 4S N =, 50% 4S N -1`. Refused at the table, in its box and as a line of the
    boards-played box alike, saying to call the director; the file untouched."""
    running, path = pairs
    before = path.read_bytes()
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    for weighted in ("50% 3NT S =, 50% 3NT S -1", "５０％ 3NT S =，50% 3NT S -1", "70% 3NT S =, 20% 3NT S -1"):
        typed = {"b1": "1S W -2", "b2": weighted, "b3": "4H N ="}
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **typed})
        assert status == 422 and 'id="saved"' not in html and path.read_bytes() == before, html
        assert "\u88c1\u5224" in html and "12C1" in html
        assert re.search(r'<input [^>]*name="b2"[^>]*aria-invalid="true"', html), html
    assert not running.desk.tokens.used("pairs/1/1")


def test_the_boards_played_box_cannot_carry_the_directors_score_from_a_table(by_hand: tuple[Running, Path]) -> None:
    """The boards-played box of a hand-written pairs table (13: 4S N =) took what the board boxes
    refuse from a table's phone: `1: A+/A-`, `1: 60%/40%`, a weighted score, saved as the table's.
    Each is refused, the box marked, the file untouched; the director enters it at the desk."""
    from tests.test_desk_records import Secretary

    running, path = by_hand
    before = path.read_bytes()
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    for line in ("1: A+/A-", "1: 60%/40%", "1\uff1a a=", "1: 50% 4S N =, 50% 4S N -1"):
        played = f"{line}\n2: 3NT W -1\n3: 2H S =\n"
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "boards_played": played})
        assert status == 422 and 'id="saved"' not in html and path.read_bytes() == before, (line, html)
        assert "\u88c1\u5224" in html and re.search(r'<textarea [^>]*name="boards_played"[^>]*aria-invalid="true"', html)
        # the fix says what to do in this box too: take the board's line out (it has no box to leave empty)
        assert "\u586b\u5728\u300c\u6253\u8fc7\u7684\u724c\u300d\u4e00\u680f\u7684\uff0c\u5c31\u5220\u53bb\u8fd9\u4e00\u526f\u7684\u90a3\u4e00\u884c" in html, html
    assert not running.desk.tokens.used("pairs/1/1")
    status, html = Secretary(running).post("pairs/1/1", "save", boards_played="1: A+/A-\n")
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: A+/A-\n" in path.read_text(encoding="utf-8")


def test_the_directors_board_leaves_the_table_its_other_boards(pairs: tuple[Running, Path]) -> None:
    """The director entered board 1's adjusted score at the desk before table 1 entered its
    boards: the table's link said "already entered" (has_record), and the table could never enter
    boards 2 and 3. Its form shows board 1 read only, the director's, and takes the others; a
    save keeps board 1 as the director wrote it; the table's second save is refused as ever."""
    from tests.test_desk_records import Secretary

    running, path = pairs
    t = running.desk.t
    status, html = Secretary(running).post("pairs/1/1", "save", b1="A+/A-")
    assert status == 200 and 'id="saved"' in html, html
    status, html = fetch(running.desk.link("pairs/1/1"))
    assert status == 200 and 'id="entry"' in html, html
    assert re.search(r'<output id="b1" class="kept"[^>]*>A\+/A-</output>', html), html
    assert t("desk_board_directors") in html and 'name="b1"' not in html and 'name="b2"' in html
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    # what a phone sends for board 1 (a page of its own, a script) changes nothing of it
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "b1": "4S N =", "b2": "3NT W -1", "b3": "4H N ="})
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: A+/A-\n      2: 3NT W -1\n      3: 4H N =\n" in path.read_text(encoding="utf-8")
    assert [line["who"] for line in audit_lines_of(path)] == ["secretary", "table pairs/1/1"]
    after = path.read_bytes()
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "b2": "3NT W -2", "b3": "4H N ="})
    assert 'id="saved"' not in html and path.read_bytes() == after
    status, html = fetch(running.desk.link("pairs/1/1"))
    assert 'id="entry"' not in html


def test_a_hand_written_tables_directors_board_leaves_it_the_boards_played_box(by_hand: tuple[Running, Path]) -> None:
    """A hand-written pairs table whose board 1 the director entered (1: A+/A-): its boards are
    still not known but for that one, and its form offered board 1 alone. The table's form shows
    board 1 read only and the boards-played box for the others."""
    from tests.test_desk_records import Secretary

    running, path = by_hand
    status, html = Secretary(running).post("pairs/1/1", "save", boards_played="1: A+/A-\n")
    assert status == 200 and 'id="saved"' in html, html
    status, html = fetch(running.desk.link("pairs/1/1"))
    assert status == 200 and 'name="boards_played"' in html and 'class="kept"' in html, html
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "boards_played": "2: 3NT W -1\n3: 2H S =\n"})
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: A+/A-\n      2: 3NT W -1\n      3: 2H S =\n" in path.read_text(encoding="utf-8")


def two_tables_by_hand(tmp_path: Path) -> tuple[Running, Path]:
    """The demo pairs event, round 1's tables 1 and 2 written by hand: their pairs, no boards."""
    content = demo_content(tmp_path, SLUG)
    path = without_boards(content, listed=False)
    data = load_round_trip(path.read_text(encoding="utf-8"))
    del [item for item in data["tables"] if item["table"] == 2][0]["boards"]
    path.write_text(dump_round_trip(data), encoding="utf-8")
    return start(content, slug=SLUG), path


def test_a_board_line_that_check_would_refuse_is_refused_before_it_blocks_the_round(tmp_path: Path) -> None:
    """Board 99 of the stage's 30, boards 4-6 that P01 plays in round 2, four boards in a round
    of 3: each was saved, and then `check` failed the round's file (bridge-board-range,
    bridge-board-twice), the standings went back to before it and every other table's save of
    the round was refused until the secretary mended the file. Refused before writing, naming
    the line; the other table of the round then saves."""
    running, path = two_tables_by_hand(tmp_path)
    try:
        url, token, csrf, filed = open_table(running, "pairs/1/1")
        before = path.read_bytes()
        for typed, said in (("99: 4S N =\n2: 3NT W -1\n3: 2H S =", "“99: 4S N =”：本阶段的牌号是 1–30"),
                            ("4: 4S N =\n5: 3NT W -1\n6: 2H S =", "“4: 4S N =”：P01 在第 2 轮第 1 桌已经打过这副牌"),
                            ("1: 4S N =\n2: 3NT W -1\n3: 2H S =\n7: 2H S =", "打过的牌写了 4 副，本阶段每轮打 3 副")):
            for _ in range(2):  # (and again, confirming: what `check` would fail is no warning to save anyway)
                status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                           "boards_played": typed})
                assert status == 422 and 'id="saved"' not in html and said in html, html
                assert path.read_bytes() == before
        # full-width digits in the number, as the other boxes take them
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                   "boards_played": "\uff11: 4S N =\n\uff12\uff1a 3NT W -1\n3: 2H S ="})
        assert status == 200 and 'id="saved"' in html, html
        assert "      1: 4S N =\n      2: 3NT W -1\n      3: 2H S =\n" in path.read_text(encoding="utf-8")
        url, token, csrf, filed = open_table(running, "pairs/1/2")
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                   "boards_played": "4: 4S N =\n5: 3NT W -1\n6: 2H S ="})
        assert status == 200 and 'id="saved"' in html, html
    finally:
        running.stop()


def test_the_secretary_mends_a_board_number_in_the_boards_played_box(tmp_path: Path) -> None:
    """A hand-written table whose boards were entered with a wrong number (99 for 9, by hand):
    the secretary's form offered the boxes of the boards written (b2, b3, b99) only, so the
    number could not be changed at the desk. It has the boards-played box too, filled with the
    lines written; a save of the box writes the table's boards as its lines."""
    from tests.test_desk_records import Secretary

    running, path = two_tables_by_hand(tmp_path)
    try:
        path.write_text(path.read_text(encoding="utf-8").replace(
            "    ew: P11\n", "    ew: P11\n    boards:\n      2: 3NT W -1\n      3: 2H S =\n      99: 4S N =\n", 1),
            encoding="utf-8")
        running.desk.load()
        secretary = Secretary(running)
        page = secretary.page("pairs/1/1")
        assert 'name="b99"' in page and 'name="boards_played"' in page
        assert "2: 3NT W -1\n3: 2H S =\n99: 4S N =\n" in page
        # the boxes alone, the box as filled: the boxes write the boards
        status, html = secretary.post("pairs/1/1", "save", b2="3NT W -2", b3="2H S =", b99="")
        assert status == 200 and 'id="saved"' in html, html
        text = path.read_text(encoding="utf-8")
        assert "      2: 3NT W -2\n      3: 2H S =\n  - table: 2" in text, text[:400]
        status, html = secretary.post("pairs/1/1", "save", boards_played="1: 4S N =\n2: 3NT W -1\n99: 2H S =")
        assert status == 422 and "“99: 2H S =”：本阶段的牌号是 1–30" in html
        status, html = secretary.post("pairs/1/1", "save", boards_played="1: 4S N =\n2: 3NT W -1\n3: 2H S =")
        assert status == 200 and 'id="saved"' in html, html
        assert "      1: 4S N =\n      2: 3NT W -1\n      3: 2H S =\n  - table: 2" in path.read_text(encoding="utf-8")
    finally:
        running.stop()


def test_an_empty_save_says_nothing_is_entered_without_an_empty_list_of_errors(by_hand: tuple[Running, Path]) -> None:
    running, _ = by_hand
    t = running.desk.t
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "boards_played": ""})
    assert 'id="saved"' not in html and t("desk_empty") in html
    assert t("desk_errors") not in html


def test_a_board_number_in_full_width_digits_is_read(by_hand: tuple[Running, Path]) -> None:
    """\uff11: 4S N = (a Chinese input method's digits) was refused as no board line, though the
    result's \uff14\uff33 and the colon \uff1a were taken, as every other box takes them."""
    running, path = by_hand
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "boards_played": "\uff11: 4S N =\n\uff12: 3NT W -1\n\uff13: \uff12H S \uff1d"})
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: 4S N =\n      2: 3NT W -1\n      3: 2H S =\n" in path.read_text(encoding="utf-8")


def test_the_directors_board_leaves_a_team_match_its_other_boards(tmp_path: Path) -> None:
    """The director entered board 17's adjusted score (A=, the open room's box) at the desk
    before the match was entered: the table's link said "already entered" and showed no form, so
    the captains could never enter boards 18-24. Its form shows board 17 read only, the
    director's, and takes the others; a save keeps 17 as written; a second save is refused."""
    from tests.test_desk_records import Secretary

    content = teams_round_3_drawn(tmp_path)
    path = content / "events" / TEAMS / "results" / "round-3.yaml"
    running = start(content, slug=TEAMS)
    try:
        t = running.desk.t
        status, html = Secretary(running).post("teams/3/1", "save", b17_open="A=", b17_closed="")
        assert status == 200 and 'id="saved"' in html, html
        status, html = fetch(running.desk.link("teams/3/1"))
        assert status == 200 and 'id="entry"' in html and 'id="done"' not in html, html
        assert re.search(r'<output id="b17_kept" class="kept"[^>]*>A=</output>', html), html
        assert t("desk_board_directors") in html and 'name="b17_open"' not in html and 'name="b18_open"' in html
        url, token, csrf, filed = open_table(running, "teams/3/1")
        rooms = {f"b{n}_{room}": "3NT N =" for n in range(18, 25) for room in ("open", "closed")}
        # what a phone sends for board 17 (a page of its own) changes nothing of it
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                   "b17_open": "4S N =", "b17_closed": "4S N =", **rooms})
        assert status == 200 and 'id="saved"' in html, html
        text = path.read_text(encoding="utf-8")
        assert "      17: A=\n      18: {open: 3NT N =, closed: 3NT N =}\n" in text, text
        assert [line["who"] for line in audit_lines_of(path)] == ["secretary", "table teams/3/1"]
        after = path.read_bytes()
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **rooms,
                                   "b18_open": "3NT N +1"})
        assert 'id="saved"' not in html and path.read_bytes() == after
        running.desk.load()
        assert 1 in running.desk.entered()["teams/3"]  # the match counted, not waiting
    finally:
        running.stop()


def test_np_the_secretary_entered_leaves_the_table_its_other_boards(pairs: tuple[Running, Path]) -> None:
    """Board 1 written np (not played) at the desk before table 1 entered: the table's link
    said "already entered" and locked it out of boards 2 and 3, as the director's A+/A- did.
    A board not played is the director's ruling: shown read only, kept by the table's save."""
    from tests.test_desk_records import Secretary

    running, path = pairs
    status, html = Secretary(running).post("pairs/1/1", "save", b1="np")
    assert status == 200 and 'id="saved"' in html, html
    status, html = fetch(running.desk.link("pairs/1/1"))
    assert status == 200 and 'id="entry"' in html, html
    assert re.search(r'<output id="b1" class="kept"[^>]*>np</output>', html), html
    assert 'name="b1"' not in html and 'name="b2"' in html
    url, token, csrf, filed = open_table(running, "pairs/1/1")
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                               "b1": "4S N =", "b2": "3NT W -1", "b3": "4H N ="})
    assert status == 200 and 'id="saved"' in html, html
    assert "      1: np\n      2: 3NT W -1\n      3: 4H N =\n" in path.read_text(encoding="utf-8")


def test_np_the_secretary_entered_leaves_a_team_match_its_other_boards(tmp_path: Path) -> None:
    """Board 17 of a teams match entered np at the desk: the match's link showed "already
    entered" and no form. It shows 17 read only and takes boards 18-24, 17 kept as written."""
    from tests.test_desk_records import Secretary

    content = teams_round_3_drawn(tmp_path)
    path = content / "events" / TEAMS / "results" / "round-3.yaml"
    running = start(content, slug=TEAMS)
    try:
        status, html = Secretary(running).post("teams/3/1", "save", b17_open="np", b17_closed="")
        assert status == 200 and 'id="saved"' in html, html
        status, html = fetch(running.desk.link("teams/3/1"))
        assert status == 200 and 'id="entry"' in html and 'id="done"' not in html, html
        assert re.search(r'<output id="b17_kept" class="kept"[^>]*>np</output>', html), html
        url, token, csrf, filed = open_table(running, "teams/3/1")
        rooms = {f"b{n}_{room}": "3NT N =" for n in range(18, 25) for room in ("open", "closed")}
        status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **rooms})
        assert status == 200 and 'id="saved"' in html, html
        assert "      17: np\n      18: {open: 3NT N =, closed: 3NT N =}\n" in path.read_text(encoding="utf-8")
    finally:
        running.stop()
