"""80分 at the results desk: a board's breakdown typed as the site and the score sheets show it
(60+25×2) or as the results file writes it ({tricks: 60, kitty: 25, x: 2}), and what a save
leaves in the file. Posted over HTTP as a table's phone sends it, to the real stack on
127.0.0.1; the test reads the page's words and the written YAML.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from generator.desk.store import load_round_trip, plain
from tests.test_desk import fetch, open_table, post
from tests.test_desk_records import Secretary, desk_of, make, results, table_block  # noqa: F401 - desk_of is a fixture
from tests.test_desk_said import block, text

STAGE = """\
format: swiss
rounds: 1
boards: 4
"""
# Two matches as `paibang pair` leaves them: the sides, and the record's example commented out.
DRAWN = """\
  - table: 1
    home: H01
    away: H02
    # boards:
    #   1: {open: 85, closed: 40}
  - table: 2
    home: H03
    away: H04
    # boards:
    #   1: {open: 85, closed: 40}
"""
BOARDS = {"b1_open": "85", "b1_closed": "40", "b2_open": "0", "b2_closed": "120", "b4_open": "150", "b4_closed": "0"}


def sheet(root: Path, number: int) -> dict:
    data = load_round_trip(results(root).read_text(encoding="utf-8"))
    return next(plain(t) for t in data["tables"] if t["table"] == number)


def test_the_breakdown_is_taken_as_the_desks_message_suggests_it(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A room's field took only the total (110): the breakdown typed as the site shows it
    (60+25×2) or as the message suggested ({tricks: 60, kitty: 25, x: 2}) was refused with a
    message suggesting the very mapping it refused. Every form the message suggests is taken,
    and each is written as the results file's breakdown."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = post(running, "main/1/1", "preview", **BOARDS, b3_open="60+25", b3_closed="35")
    problems = block(page, "problems")
    assert status == 422 and "看不懂" in problems, problems
    # the form's words: the parts as the site shows them, not the results file's mapping (a
    # secretary who types the mapping has it taken all the same)
    assert "60+25×2" in problems and "{tricks" not in problems, problems
    for typed in ("60+25×2", "{tricks: 60, kitty: 25, x: 2}", "60 + 25x2", "60+25*2", "６０＋２５×２"):
        status, page = post(running, "main/1/1", "preview", **BOARDS, b3_open=typed, b3_closed="35")
        assert status == 200 and not block(page, "problems"), (typed, block(page, "problems"))
        assert "-90" in text(page), typed  # the match's net, board 3's open room counted 110
    status, page = post(running, "main/1/1", "save", **BOARDS, b3_open="60+25×2", b3_closed="35")
    assert status == 200, block(page, "problems")
    assert sheet(root, 1)["boards"]["3"] == {"open": {"tricks": 60, "kitty": 25, "x": 2}, "closed": 35}
    # the secretary's form shows it as the site does, and saves it back as it is
    secretary = Secretary(running)
    assert 'value="60+25×2"' in secretary.page("main/1/1")
    status, page = post(running, "main/1/2", "save", **BOARDS, b3_open="{points: 85, penalty: {against: NS, points: 20}}",
                        b3_closed="35")
    assert status == 200, block(page, "problems")
    shown = re.search(r'name="b3_open"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="b3_open"',
                      secretary.page("main/1/2"))
    typed = next(v for v in shown.groups() if v is not None).replace("&#34;", '"').replace("&quot;", '"')
    assert typed == "{points: 85, penalty: {against: NS, points: 20}}"
    before = results(root).read_text(encoding="utf-8")
    status, page = secretary.post("main/1/2", "save", **BOARDS, b3_open=typed, b3_closed="35")
    assert status == 200 and results(root).read_text(encoding="utf-8") == before, block(page, "problems")


def test_a_save_drops_the_example_pair_wrote_for_its_table(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The commented example under a drawn table (# boards: / #   1: {open: 85, closed: 40})
    stayed above the boards the desk wrote; the other tables keep theirs until they are filled."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = post(running, "main/1/1", "save", **BOARDS, b3_open="110", b3_closed="35")
    assert status == 200, block(page, "problems")
    filled, waiting = table_block(root, 1), table_block(root, 2)
    assert "#" not in filled and "boards:\n      1: {open: 85, closed: 40}" in filled, filled
    assert "    # boards:\n    #   1: {open: 85, closed: 40}" in waiting, waiting


def test_a_boards_own_penalty_and_note_outlive_a_save_of_its_rooms(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A team board's own penalty and note (beside its rooms, written by hand in the results
    file) have no field in the desk's form, one a room: a secretary's save of the rooms wrote
    the board anew without them, and the penalty was lost. They are kept; the rooms are the
    form's; a board whose rooms are the file's already is no change at all (no write)."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = post(running, "main/1/1", "save", **BOARDS, b3_open="110", b3_closed="35")
    assert status == 200, block(page, "problems")
    path = results(root)
    written = path.read_text(encoding="utf-8")
    assert "      3: {open: 110, closed: 35}\n" in written, written
    path.write_text(written.replace("      3: {open: 110, closed: 35}\n",
                                    "      3: {open: 110, closed: 35, penalty: {room: open, against: home, points: 20}, note: 裁判判罚}\n"),
                    encoding="utf-8")
    secretary = Secretary(running)
    before = path.read_text(encoding="utf-8")
    status, page = secretary.post("main/1/1", "save", **BOARDS, b3_open="110", b3_closed="35")
    assert status == 200 and path.read_text(encoding="utf-8") == before, block(page, "problems")  # nothing changed
    status, page = secretary.post("main/1/1", "save", **BOARDS, b3_open="115", b3_closed="35")
    assert status == 200, block(page, "problems")
    assert sheet(root, 1)["boards"]["3"] == {"open": 115, "closed": 35, "penalty": {"room": "open", "against": "home", "points": 20},
                                            "note": "裁判判罚"}


def test_a_save_drops_the_knockout_tie_line_pair_wrote_for_its_table(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A knockout round as `paibang pair` writes it has, under each match, the record's example
    and a line on how a tie is settled (# winner: H01    # 仅在打平时填写：…): a save took out
    the example and left the tie line under the boards it wrote, as if still to be filled in.
    It goes with the example; the match's own comment and the other match's lines stay."""
    from generator import cli
    from tests.test_desk_records import SLUG

    root = make(tmp_path, "format: knockout\nseeding: [H01, H02, H03, H04]\nboards: 2\n", DRAWN,
                game="shengji", prefix="H", players=4)
    results(root).unlink()
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0
    assert "    # winner: H01    # 仅在打平时填写：进入下一轮的一方" in table_block(root, 1)
    running = desk_of(root)
    status, page = Secretary(running).post("main/1/1", "save", b1_open="85", b1_closed="40", b2_open="0", b2_closed="120")
    assert status == 200, block(page, "problems")
    filled, waiting = table_block(root, 1), table_block(root, 2)
    assert "winner" not in filled and "boards:\n      1: {open: 85, closed: 40}" in filled, filled
    assert filled.startswith("  - table: 1    # 第 1 场（半决赛）\n"), filled
    assert "    # winner: H02    # 仅在打平时填写：进入下一轮的一方" in waiting, waiting


def test_the_secretarys_form_shows_and_changes_a_boards_own_penalty_and_note(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A team board's own penalty and note (beside its rooms) were kept by a save, but no form
    showed or changed them: the secretary mended them in the file by hand. The secretary's form
    has them now, a board a line as the rooms are: read back from the file, written as typed,
    removed when emptied; a table's form (its score sheet has no row for them) does not show
    them, and its save keeps them."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace(
        "    # boards:\n    #   1: {open: 85, closed: 40}\n  - table: 2",
        "    boards:\n      1: {open: 85, closed: 40}\n      2: {open: 0, closed: 120}\n"
        "      3: {open: 110, closed: 35, penalty: {room: open, against: home, points: 20}, note: 裁判判罚}\n"
        "      4: {open: 150, closed: 0}\n  - table: 2", 1), encoding="utf-8")
    running = desk_of(root)
    secretary = Secretary(running)
    page = secretary.page("main/1/1")
    assert 'name="b3_penalty" value="{room: open, against: home, points: 20}"' in page, page
    assert served(page)["b3_note"] == "裁判判罚" and 'name="b1_penalty" value=""' in page
    assert "各副的罚分与备注" in page and "本副罚分" in page
    rooms = {**BOARDS, "b3_open": "110", "b3_closed": "35"}
    status, html = secretary.post("main/1/1", "save", **rooms, b3_penalty="{room: closed, against: away, points: 10}",
                                  b3_note="迟到", b1_note="重发牌")
    assert status == 200 and 'id="saved"' in html, block(html, "problems")
    boards = sheet(root, 1)["boards"]
    assert boards["3"] == {"open": 110, "closed": 35, "penalty": {"room": "closed", "against": "away", "points": 10},
                           "note": "迟到"}
    assert boards["1"] == {"open": 85, "closed": 40, "note": "重发牌"}
    status, html = secretary.post("main/1/1", "save", **rooms, b3_penalty="", b3_note="", b1_note="")
    assert status == 200 and 'id="saved"' in html, block(html, "problems")
    boards = sheet(root, 1)["boards"]
    assert boards["3"] == {"open": 110, "closed": 35} and boards["1"] == {"open": 85, "closed": 40}
    # a table's form: no such fields (its save, once, keeps what the file has: the writer's test above)
    status, html = fetch(running.desk.link("main/1/2"))
    assert status == 200 and "b1_penalty" not in html and "各副的罚分与备注" not in html


def test_a_tables_form_says_the_secretary_must_mend_a_boards_penalty_it_cannot_see(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A board's own penalty the reader refuses (written by hand, no room:) was said on a
    table's form as "第 3 副的罚分看不懂" with the file's fix, though the table's form has no
    penalty field: it says the secretary must mend that board. The secretary's form, which has
    the field, still says what is wrong with it."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    path = results(root)
    running = desk_of(root)
    url, token, csrf, filed = open_table(running, "main/1/1")  # the table's phone has its form open
    path.write_text(path.read_text(encoding="utf-8").replace(
        "    # boards:\n    #   1: {open: 85, closed: 40}\n  - table: 2",
        "    boards:\n      3: {penalty: {against: home, points: 20}}\n  - table: 2", 1), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **BOARDS, "b3_open": "110", "b3_closed": "35"})
    problems = block(page, "problems")
    assert status == 422 and "第 3 副：记录台为这副牌写的罚分或备注有误，须由记录台改正" in problems, problems
    assert "请告诉记录台" in problems and "看不懂" not in problems and "against" not in problems, problems
    assert path.read_text(encoding="utf-8") == before
    status, page = Secretary(running).post("main/1/1", "preview", **BOARDS, b3_open="110", b3_closed="35")
    assert status == 422 and "看不懂" in block(page, "problems") and "记录台改正" not in block(page, "problems")


def test_a_board_with_only_a_penalty_or_note_is_refused_with_one_clear_message(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A board's note or penalty typed with neither room was said as two problems, 缺少开室的记录
    and 缺少闭室的记录, with a fix in the file's terms that never mentioned the note: one
    message says what is typed and what is missing, and nothing is written."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    before = results(root).read_text(encoding="utf-8")
    for part in ({"b3_note": "重新发牌"}, {"b3_penalty": "{room: open, against: home, points: 20}"}):
        status, page = secretary.post("main/1/1", "save", **BOARDS, **part)
        problems = block(page, "problems")
        assert status == 422 and "第 3 副只填了罚分或备注，没有开室和闭室的成绩" in problems, problems
        assert "先填上这副牌开室和闭室（至少一室）的成绩" in problems and "缺少开室" not in problems, problems
        assert results(root).read_text(encoding="utf-8") == before
    # one room and a note: the board waits for its other room, as before
    status, page = secretary.post("main/1/1", "save", **BOARDS, b3_open="110", b3_note="重新发牌")
    assert status == 200 and sheet(root, 1)["boards"]["3"] == {"open": 110, "note": "重新发牌"}, block(page, "problems")


# Boards written by hand as a referee leaves them: a note that YAML reads as a number, one with
# spaces at its ends, one a list, a line's own comment, boards out of order.
BY_HAND = ("    boards:\n"
           "      3: {open: 110, closed: 35, penalty: {room: open, against: home, points: 20}, note: 5}   # ref's ruling\n"
           "      1: {open: 85, closed: 40, note: '  spaced  '}\n"
           "      2: {open: 0, closed: 120, note: 'a: b, c'}\n"
           "      4: {open: 150, closed: 0, note: [x, y]}\n")


def served(page: str) -> dict[str, str]:
    """The form's fields as the page serves them (what a browser sends back untouched)."""
    import html as markup
    found = {m.group(1): markup.unescape(m.group(2))
             for m in re.finditer(r'<input id="[^"]+" name="([^"]+)" value="([^"]*)"', page)}
    found.update((m.group(1), markup.unescape(m.group(2)).removeprefix("\n"))
                 for m in re.finditer(r'<textarea id="[^"]+" name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S))
    return {k: v for k, v in found.items() if k not in ("k", "csrf")}


def test_the_secretarys_unchanged_form_saved_leaves_a_boards_own_values_as_filed(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A board's own penalty and note go to the secretary's form as text and came back as typed
    text: a note 5 was saved as '5', '  spaced  ' as 'spaced', the list [x, y] as the text
    '[x, "y"]', and so a save of the form exactly as served rewrote the boards (the line's
    comment lost, the boards reordered) and wrote an audit line for a save that changed nothing.
    A value sent back as the form showed it is the file's as it is; only a changed one is typed."""
    from tests.test_desk_records import audit
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace(
        "    # boards:\n    #   1: {open: 85, closed: 40}\n  - table: 2", BY_HAND + "  - table: 2", 1), encoding="utf-8")
    running = desk_of(root)
    secretary = Secretary(running)
    form = served(secretary.page("main/1/1"))
    assert form["b3_note"] == "5" and form["b1_note"] == "  spaced  " and form["b4_note"] == '[x, "y"]', form
    before = path.read_bytes()
    status, page = secretary.post("main/1/1", "save", **form)
    assert status == 200 and 'id="unchanged"' in page, block(page, "problems")
    assert path.read_bytes() == before and audit(root) == []
    # one room changed: that room is written, every other board's own value as the file had it
    status, page = secretary.post("main/1/1", "save", **{**form, "b2_open": "5"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    boards = sheet(root, 1)["boards"]
    assert boards["2"] == {"open": 5, "closed": 120, "note": "a: b, c"}
    assert boards["3"]["note"] == 5 and boards["1"]["note"] == "  spaced  " and boards["4"]["note"] == ["x", "y"]
    assert [line["new"]["boards"]["3"]["note"] for line in audit(root)] == [5]


def test_a_boards_note_keeps_its_line_breaks_and_a_too_long_field_is_refused_whole(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A board's note was an <input>, which drops line breaks: a note of two lines written by
    hand came back as one line, and the save rewrote it. It is a box that keeps them (a
    browser sends them as CR LF: the file's stay LF). A field longer than the form takes was cut
    to its first 2000 characters and saved so, without a word: it is refused, said with the
    field's name, and kept whole on the form."""
    from tests.test_desk_records import audit
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    path = results(root)
    path.write_text(path.read_text(encoding="utf-8").replace(
        "    # boards:\n    #   1: {open: 85, closed: 40}\n  - table: 2",
        "    boards:\n      1: {open: 85, closed: 40, note: \"\\nlate start\\nboard replayed\"}\n  - table: 2", 1), encoding="utf-8")
    running = desk_of(root)
    secretary = Secretary(running)
    form = served(secretary.page("main/1/1"))
    assert form["b1_note"] == "\nlate start\nboard replayed", form
    before = path.read_bytes()
    browser = {**form, "b1_note": form["b1_note"].replace("\n", "\r\n")}
    status, page = secretary.post("main/1/1", "save", **browser)
    assert status == 200 and 'id="unchanged"' in page, block(page, "problems")
    assert path.read_bytes() == before and audit(root) == []
    status, page = secretary.post("main/1/1", "save", **{**form, "b1_note": "late start\r\nboard 2 replayed"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    assert sheet(root, 1)["boards"]["1"]["note"] == "late start\nboard 2 replayed"
    before = path.read_bytes()
    pasted = "x" * 2500
    status, page = secretary.post("main/1/1", "save", **{**form, "b1_note": pasted})
    assert status == 422 and 'id="saved"' not in page
    assert "「1 本副备注」太长（2500 个字符，上限 2000），未保存" in text(block(page, "problems")), block(page, "problems")
    assert path.read_bytes() == before and served(page)["b1_note"] == pasted


def test_the_next_tables_comments_above_its_dash_outlive_a_save_and_stay_above_it(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """Comments written at the dash's indentation above the next table are that table's, though
    ruamel holds them in one comment with this table's last lines: the save took out the ones
    that read like pair's example (`# boards:`, `# 2:`), judging the whole comment by its first
    line's indentation, and printed the rest between this table's sides and its record."""
    drawn = DRAWN.replace("    #   1: {open: 85, closed: 40}\n  - table: 2",
                          "    #   1: {open: 85, closed: 40}\n    # 1:\n  # boards:\n  # 2:\n  # secretary: keep me\n  - table: 2")
    root = make(tmp_path, STAGE, drawn, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = Secretary(running).post("main/1/1", "save", **BOARDS)
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    written = results(root).read_text(encoding="utf-8")
    assert ("    away: H02\n    boards:\n      1: {open: 85, closed: 40}\n      2: {open: 0, closed: 120}\n"
            "  # boards:\n  # 2:\n  # secretary: keep me\n  - table: 2\n") in written, written


def test_the_secretary_saving_one_room_is_told_which_room_is_in_and_which_to_enter(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The secretary saves a match's open room as its score sheet comes in: the page said
    "已保存，成绩已录入。" and then "成绩还不完整", two things at once. It says which room is
    saved and which is still to enter, once; the whole match saved says it is in."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    secretary = Secretary(desk_of(root))
    status, page = secretary.post("main/1/1", "save", b1_open="85", b2_open="0", b3_open="40", b4_open="150")
    assert status == 200, block(page, "problems")
    said = text(page)
    assert "已保存开室，闭室待录" in said, said
    assert "成绩已录入" not in said and "成绩还不完整" not in said, said
    assert sheet(root, 1)["boards"]["1"] == {"open": 85}
    status, page = secretary.post("main/1/1", "save", b1_open="85", b2_open="0", b3_open="40", b4_open="150",
                                  b1_closed="40", b2_closed="120", b3_closed="35", b4_closed="0")
    assert status == 200 and "已保存，成绩已录入。" in text(page) and "待录" not in text(page)


def test_a_wrong_box_is_marked_invalid_and_described_by_its_problem(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The error box was role=alert, but the field it was about carried nothing: a screen
    reader on the box heard no "invalid" and no reason. The field is aria-invalid and described
    by the problem's line; the fields that are right are not; the live check says which."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = post(running, "main/1/1", "preview", **BOARDS, b3_open="60+25", b3_closed="35")
    assert status == 422
    box = re.search(r'<input id="b3_open"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in box and re.search(r'aria-describedby="problem-1\b', box), box
    assert re.search(r'<li id="problem-1">[^<]*看不懂', page), block(page, "problems")
    assert all("aria-invalid" not in re.search(rf'<input id="{name}"[^>]*>', page).group(0) for name in BOARDS)
    status, answer = post(running, "main/1/1", "check", **BOARDS, b3_open="60+25", b3_closed="35")
    assert status == 200 and json.loads(answer)["problems"][0]["fields"] == ["b3_open"]


TEAMS = """\
format: swiss
rounds: 1
boards: 4
"""
TEAM_TABLES = """\
  - table: 1
    home: H01
    away: H02
  - table: 2
    home: H03
    away: H04
"""


def test_each_room_of_a_board_says_which_team_defends_as_the_score_sheet_does(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The phone's boxes took "the defenders' points" without saying who defends in each room;
    the paper score sheet's 防守队 column does (the seats turn each board). Each box says it in
    the sheet's word and team, and is described by it."""
    from generator.render.bulletins import round_forms

    root = make(tmp_path, TEAMS, TEAM_TABLES, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = fetch(running.desk.link("main/1/1"))
    assert status == 200
    # table 1's page of the round's printed score sheet (记分表)
    sheet_page = next(p for form in round_forms(running.desk.result, "main", 1, "zh-Hans") for p in form.pages
                      if isinstance(p, dict) and str(p.get("table")) == "1" and "boards" in p)
    for line in sheet_page["boards"]:
        for room in ("open", "closed"):
            name = f"b{line['number']}_{room}"
            said = re.search(rf'<span class="hint box-hint" id="{name}-hint">([^<]*)</span>', page).group(1)
            assert said == f"防守队 {line[f'{room}_defending']}", (name, said)
            assert re.search(rf'<input id="{name}"[^>]*aria-describedby="{name}-hint"', page), name
    assert {line["open_defending"] for line in sheet_page["boards"]} == {"H01", "H02"}  # (it turns)


def test_a_board_penalty_is_typed_as_room_team_points_on_a_phone(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A board's penalty had to be typed as {room: open, against: home, points: 20} on a phone.
    开室 H01 20 (the room, the team penalised, the points; several apart with ；) is written as
    that mapping, and the hint under the box says so in the table's own ids."""
    root = make(tmp_path, TEAMS, TEAM_TABLES, game="shengji", prefix="H", players=4)
    secretary = Secretary(desk_of(root))
    page = secretary.page("main/1/1")
    assert "如 开室 H01 20" in text(page)
    assert re.search(r'<input id="b3_penalty"[^>]*aria-describedby="board-parts-hint"', page)
    rooms = {"b1_open": "85", "b1_closed": "40", "b2_open": "0", "b2_closed": "120", "b3_open": "110",
             "b3_closed": "35", "b4_open": "150", "b4_closed": "0"}
    status, page = secretary.post("main/1/1", "save", **rooms, b3_penalty="开室 h01 20；闭室 away 10")
    assert status == 200, block(page, "problems")
    assert sheet(root, 1)["boards"]["3"]["penalty"] == [{"room": "open", "against": "H01", "points": 20},
                                                        {"room": "closed", "against": "away", "points": 10}]
    status, page = secretary.post("main/1/2", "preview", **rooms, b3_penalty="开室 H01")
    assert status == 422 and block(page, "problems")  # (not the shape: said by the reader, as typed)


def test_a_table_entering_some_boards_of_its_match_cannot_save_it_as_done(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A team match of 4 boards with 3 entered is pending on the site, waiting for board 4
    (Game.boards_short): the desk took the table's save, its link used up, and the board the
    site waits for could no longer be entered from the table. The save is refused, the link
    kept; the secretary, who may save part of a match, is told it is a part."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    before = results(root).read_bytes()
    short = {key: value for key, value in BOARDS.items() if not key.startswith("b4")}
    short.update(b3_open="60", b3_closed="35")
    status, body = post(running, "main/1/1", "check", **short)
    assert status == 200 and json.loads(body)["waiting"], body
    status, page = post(running, "main/1/1", "save", **short)
    assert status == 409 and 'id="saved"' not in page, block(page, "problems")
    assert results(root).read_bytes() == before and not running.desk.tokens.used("main/1/1")
    status, page = Secretary(running).post("main/1/1", "save", **short)
    assert status == 200 and running.desk.t("desk_saved_part") in page, page


def test_a_board_the_match_did_not_play_is_entered_np_and_shown_so_again(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A match that skipped board 3 could not be saved as done (the board's boxes asked for
    points); np in its rooms is a board not played, counting for neither team: the save is
    taken, the file holds it, and the table's form shows np in both boxes again."""
    root = make(tmp_path, STAGE, DRAWN, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = post(running, "main/1/1", "save", **BOARDS, b3_open="np", b3_closed="np")
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    assert sheet(root, 1)["boards"]["3"] == {"open": "np", "closed": "np"}
    # written by hand as the board's one word (3: np): each room's box says np
    written = results(root).read_text(encoding="utf-8")
    board = re.search(r"\n( +)3:.*\n(?:\1 .*\n)*", written)
    assert board is not None, written
    results(root).write_text(written.replace(board[0], f"\n{board[1]}3: np\n", 1), encoding="utf-8")
    assert sheet(root, 1)["boards"]["3"] == "np"
    page = Secretary(running).page("main/1/1")
    assert re.search(r'name="b3_open"[^>]*value="np"', page) and re.search(r'name="b3_closed"[^>]*value="np"', page)


def played(boards: range) -> str:
    return "    boards:\n" + "".join(f"      {n}: {{open: 85, closed: 40}}\n" for n in boards)


def test_a_match_with_no_board_written_is_offered_its_rounds_boards(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """80分 numbers no round's boards (a round may play any of 1 to rounds x boards): a match
    whose file lists none was offered 1..boards, round 1's, whatever round it was. Its round's
    block: the boards the round's other matches wrote (round 2 playing 5-8), else on from the
    last round written (round 3 after 5-8: 9-12); 1..boards when the stage deals them afresh."""
    stage = "format: swiss\nrounds: 3\nboards: 4\n"
    root = make(tmp_path, stage, TEAM_TABLES.replace("    away: H02\n", "    away: H02\n" + played(range(1, 5)))
                .replace("    away: H04\n", "    away: H04\n" + played(range(1, 5))), game="shengji", prefix="H", players=4)
    folder = results(root).parent
    (folder / "round-2.yaml").write_text(
        "stage: main\nround: 2\ntables:\n  - table: 1\n    home: H01\n    away: H03\n"
        "  - table: 2\n    home: H02\n    away: H04\n" + played(range(5, 9)), encoding="utf-8")
    (folder / "round-3.yaml").write_text(
        "stage: main\nround: 3\ntables:\n  - table: 1\n    home: H01\n    away: H04\n"
        "  - table: 2\n    home: H02\n    away: H03\n", encoding="utf-8")
    running = desk_of(root)
    secretary = Secretary(running)

    def offered(key: str) -> list[int]:
        page = secretary.page(key)
        return sorted({int(n) for n in re.findall(r'name="b(\d+)_open"', page)})

    assert offered("main/2/1") == [5, 6, 7, 8]
    assert offered("main/3/1") == [9, 10, 11, 12]
    # the stage dealing boards 1-4 afresh every round: round 3 plays 1-4 too
    (folder / "round-2.yaml").write_text(
        (folder / "round-2.yaml").read_text(encoding="utf-8").replace(played(range(5, 9)), played(range(1, 5))),
        encoding="utf-8")
    running.desk.load()
    assert offered("main/3/1") == [1, 2, 3, 4]


def test_a_team_form_says_how_a_rooms_box_is_written_as_the_pairs_form_does(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A captain's phone showed 16 boxes 防守队 H3 and nothing of the kitty, 光头 or np (the
    pairs form's explanation was for pairs only). The team form says it above the boxes, with
    the stage's kitty multipliers, and the boxes are described by it."""
    root = make(tmp_path, TEAMS, TEAM_TABLES, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    status, page = fetch(running.desk.link("main/1/1"))
    assert status == 200
    how = re.search(r'<p class="hint" id="boards-how">([^<]*)</p>', page).group(1)
    for said in ("开室、闭室", "扣底", "×2", "末轮出对子×4", "光头写 0", "60+25×2", "np"):
        assert said in how, (said, how)
    assert 'class="boards" aria-describedby="boards-how"' in page


def test_a_tables_link_after_the_secretary_entered_one_room_says_which_room_the_desk_has(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The secretary saved the open room only; the table's QR link said 本桌成绩已经提交过 (the
    table sent nothing; the admin page shows no 本桌已提交). It says the desk has the open room
    and the closed room's sheet goes to the desk; once the match is whole, that the desk entered
    it (not 已经提交过 either: the secretary did, from both sheets). A table whose own phone
    saved is told 已经提交过 on opening its link."""
    root = make(tmp_path, TEAMS, TEAM_TABLES, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    status, page = secretary.post("main/1/1", "save", **{f"b{n}_open": "85" for n in range(1, 5)})
    assert status == 200, block(page, "problems")
    status, page = fetch(running.desk.link("main/1/1"))
    said = text(re.search(r'<div class="problems" id="done"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert "本桌开室的成绩已在成绩文件中（不是由本手机提交的）；闭室的记分表请交记录台" in said and "已经提交过" not in said, said
    status, page = secretary.post("main/1/1", "save", **{f"b{n}_{room}": "85" for n in range(1, 5) for room in ("open", "closed")})
    assert status == 200, block(page, "problems")
    status, page = fetch(running.desk.link("main/1/1"))
    said = text(re.search(r'<div class="problems" id="done"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert said == "本桌的成绩已经录入（不是由本手机提交的）；如需核对或更改，请找记录台（裁判）。", said
    # the other table: its own phone saved, then its link opened again
    url, token, csrf, filed = open_table(running, "main/1/2")
    whole = {f"b{n}_{room}": "85" for n in range(1, 5) for room in ("open", "closed")}
    status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **whole})
    assert status == 200, block(page, "problems")
    status, page = fetch(running.desk.link("main/1/2"))
    said = text(re.search(r'<div class="problems" id="done"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert said.startswith("本桌成绩已经提交过") and "记录台已录入" not in page, said


def test_a_form_open_while_the_secretary_saved_one_room_is_told_so_on_saving(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The captain opened the table's form; meanwhile the secretary entered the open room from
    its signed sheet. The phone's save was refused with 本桌成绩已经提交过, which the table never
    did. It says that the desk has the open room, that nothing of the phone's was saved, and
    that the closed room's sheet goes to the desk."""
    root = make(tmp_path, TEAMS, TEAM_TABLES, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    url, token, csrf, filed = open_table(running, "main/1/1")  # the captain's form, open
    status, page = Secretary(running).post("main/1/1", "save", **{f"b{n}_open": "85" for n in range(1, 5)})
    assert status == 200, block(page, "problems")
    before = results(root).read_bytes()
    whole = {f"b{n}_{room}": "85" for n in range(1, 5) for room in ("open", "closed")}
    status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **whole})
    said = text(re.search(r'<div class="problems" id="refused"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert status == 409 and results(root).read_bytes() == before, said
    assert "已经提交过" not in said, said
    assert said.startswith("没有保存") and "本桌开室的成绩已写入成绩文件（记录台录入，或手工修改）" in said and "闭室的记分表请交记录台" in said, said
    assert not running.desk.tokens.used("main/1/1")


def test_a_form_open_while_the_secretary_saved_the_whole_match_is_told_so_on_saving(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The captain opened the table's form; meanwhile the secretary entered the whole match from
    both rooms' sheets. The phone's save was refused with 本桌成绩已经提交过, which the table never
    did. It says that the desk entered the result while the form was open, that nothing of the
    phone's was saved, and to check with the desk; under it, the desk's result and that the
    phone's differs. A phone whose table's save had landed is still told 已经提交过."""
    root = make(tmp_path, TEAMS, TEAM_TABLES, game="shengji", prefix="H", players=4)
    running = desk_of(root)
    url, token, csrf, filed = open_table(running, "main/1/1")  # the captain's form, open
    status, page = Secretary(running).post("main/1/1", "save", **{f"b{n}_{room}": "85" for n in range(1, 5)
                                                                   for room in ("open", "closed")})
    assert status == 200, block(page, "problems")
    before = results(root).read_bytes()
    typed = {f"b{n}_{room}": "40" if room == "open" else "85" for n in range(1, 5) for room in ("open", "closed")}
    status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **typed})
    said = text(re.search(r'<div class="problems" id="refused"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert status == 409 and results(root).read_bytes() == before, said
    assert said == ("没有保存：本页打开后，本桌的成绩已写入成绩文件（记录台录入，或手工修改），本手机填的都没有写入；"
                    "请到记录台（裁判）核对。"), said
    assert "与本手机填的不同" in block(page, "score"), block(page, "score")
    assert not running.desk.tokens.used("main/1/1")
    # the other table: its own phone saved, then the same form sent again
    url, token, csrf, filed = open_table(running, "main/1/2")
    whole = {f"b{n}_{room}": "85" for n in range(1, 5) for room in ("open", "closed")}
    status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **whole})
    assert status == 200, block(page, "problems")
    status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", **whole})
    said = text(re.search(r'<div class="problems" id="refused"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert status == 409 and said.startswith("本桌成绩已经提交过"), said
