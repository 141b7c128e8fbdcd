"""A team match's boards at the desk, as a reviewer running a college's bridge teams Swiss found
them (scoring: imps, 8 boards a round):

- a board written as an adjusted score (`13: A=   # fouled board`, content-format.md; Law 12C2)
  was shown with both room boxes empty, and a save of the table (board 9 corrected) deleted
  its line and its comment, said "saved", and the match dropped out of the standings as
  pending; `A=` typed into a box was refused as a contract ("declarer or result missing");
- a match started in the file (boards 9-13 of 9-16, board 13 with the open room only) offered
  boxes for boards 9-13 only: boards 14-16 could never be entered.

Every form of a team board the file may hold is shown as written and kept by a save that does
not change it; an adjusted score can be typed; what the boxes cannot show as written is shown
read only and kept. The same for 80分's and 大怪路子's two-room forms. Over HTTP, each save sending
every box of the page as a browser does.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.support import replace
from tests.test_desk import start
from tests.test_desk_records import Secretary

TEAMS = "gaoxiao-bridge-teams-2024"  # round robin, scoring: imps, 8 boards a round: round 2 plays 9-16


def boxes(page: str) -> dict[str, str]:
    """What a browser sends of the entry form: each input's and each select's value as shown."""
    form = page.split('<form method="post" id="entry"', 1)[1].split("</form>", 1)[0]
    found = {name: html.unescape(value) for name, value in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"', form)}
    for name, options in re.findall(r'<select [^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', options)
        found[name] = html.unescape(chosen.group(1)) if chosen else ""
    for name, value in re.findall(r'<textarea [^>]*name="([^"]+)"[^>]*>\n?(.*?)</textarea>', form, re.S):
        found[name] = html.unescape(value)
    return found


def send(secretary: Secretary, key: str, action: str = "save", **changes: str) -> tuple[int, str]:
    """The secretary's form opened and sent whole, as the browser sends it, with `changes` typed."""
    from tests.test_desk import fetch

    page = secretary.page(key)
    sent = {**boxes(page), **changes}
    for hidden in ("k", "action", "confirm"):
        sent.pop(hidden, None)
    return fetch(f"{secretary.running.secretary}/t/{key}", {"k": "", **sent, "action": action}, opener=secretary.opener)


@pytest.fixture()
def teams(tmp_path: Path):
    """The teams demo whose round 2 table 1 holds every form of a team board content-format.md
    allows, each with a comment: adjusted scores written alone (A=, A+/A-), the mapping form,
    one room and the IMPs the scorer recorded, the list form, the Chinese room keys."""
    from tests.support import demo_content

    content = demo_content(tmp_path, TEAMS)
    path = content / "events" / TEAMS / "results" / "round-2.yaml"
    for old, new in (
        ("      10: {open: 3NT S +3, closed: 3NT N +2}\n", "      10: A+/A-          # slow play, Law 12C2\n"),
        ("      12: {open: 3H N +4, closed: 3H S +2}\n", "      12: {adjusted: {NS: 60, EW: 40}}   # by the percentages\n"),
        ("      13: {open: 3NT S -1, closed: 2NT S =}\n",
         "      13: A=           # \u724c\u526f\u9519\u4e71\uff08fouled\uff09\uff1a\u88c1\u5224\u5224 A=\n"),
        ("      14: {open: 1NT N -1, closed: 2H N +1}\n", "      14: {open: 1NT N -1, imps: -5}   # closed sheet lost\n"),
        ("      15: {open: 3NT N +1, closed: 4H S =}\n", "      15: [3NT N +1, 4H S =]   # as a list\n"),
        ("      16: {open: 3NTX W -2, closed: 3NTX W -2}\n",
         "      16: {\u5f00\u5ba4: 3NTX W -2, \u95ed\u5ba4: 3NTX W -2}   # the Chinese keys\n"),
    ):
        replace(path, old, new)
    running = start(content, slug=TEAMS)
    yield running, path
    running.stop()


def test_a_save_of_a_corrected_board_keeps_every_other_board_as_written(teams) -> None:
    running, path = teams
    t = running.desk.t
    before = path.read_text(encoding="utf-8")
    secretary = Secretary(running)
    page = secretary.page("teams/2/1")
    shown = boxes(page)
    # as written: an adjusted score in the open room's box, the list's and the Chinese keys' rooms
    assert (shown["b13_open"], shown["b13_closed"]) == ("A=", "")
    assert (shown["b10_open"], shown["b10_closed"]) == ("A+/A-", "")
    assert (shown["b15_open"], shown["b15_closed"], shown["b16_open"]) == ("3NT N +1", "4H S =", "3NTX W -2")
    # what the boxes cannot show: read only, its value as written, no box to send
    for number, value in ((12, "{adjusted: {NS: 60, EW: 40}}"), (14, "{open: 1NT N -1, imps: -5}")):
        assert not any(name.startswith(f"b{number}_") for name in shown), shown
        kept = re.search(rf'<output id="b{number}_kept"[^>]*>([^<]*)</output>', page)
        assert kept and html.unescape(kept.group(1)) == value, page
    assert t("desk_board_kept") in page and t("br_desk_how_adjusted") in page
    # board 9's closed room corrected: that line alone changes
    status, answer = send(secretary, "teams/2/1", b9_closed="4SX W -3")
    assert status == 200 and 'id="saved"' in answer, answer
    assert t("desk_saved") in answer and t("desk_saved_part") not in answer
    after = path.read_text(encoding="utf-8")
    assert after == before.replace("      9: {open: 4S E -1, closed: 4SX W -2}\n",
                                   "      9: {open: 4S E -1, closed: 4SX W -3}\n"), after
    # and the match is counted in the standings, not pending (the event as the desk now reads it)
    running.desk.load()
    assert 1 in running.desk.entered()["teams/2"], running.desk.entered()
    # a save of the form as shown: nothing written
    status, answer = send(secretary, "teams/2/1")
    assert status == 200 and path.read_text(encoding="utf-8") == after


def test_an_adjusted_score_can_be_typed_and_an_adjusted_board_corrected(teams) -> None:
    running, path = teams
    secretary = Secretary(running)
    # typed in the open room's box, the closed room's left empty; in either case, spaced
    status, answer = send(secretary, "teams/2/1", b11_open="a+", b11_closed="")
    assert status == 200 and 'id="saved"' in answer, answer
    status, answer = send(secretary, "teams/2/1", b9_open="", b9_closed="a- / a+")
    assert status == 200 and 'id="saved"' in answer, answer
    # the same score in both boxes, one typed with full-width signs: one score (rev29)
    status, answer = send(secretary, "teams/2/1", b15_open="\uff16\uff10\uff05/\uff14\uff10\uff05", b15_closed="60%/40%")
    assert status == 200 and 'id="saved"' in answer, answer
    text = path.read_text(encoding="utf-8")
    assert "      11: A+\n" in text and "      9: A-/A+\n" in text and "      15: 60%/40% " in text, text
    # beside a contract in the other room: refused, saying how, nothing written
    status, answer = send(secretary, "teams/2/1", b11_open="A=", b11_closed="3NT N +1")
    assert status == 422 and 'id="saved"' not in answer and path.read_text(encoding="utf-8") == text
    hint = "\u8c03\u6574\u5206\u586b\u5728\u5f00\u5ba4\u4e00\u680f"  # (the desk's fix: in the open room's box)
    assert hint in answer, answer
    # the fouled board played again after all: both rooms, its comment kept
    status, answer = send(secretary, "teams/2/1", b13_open="3NT S -1", b13_closed="2NT S =")
    assert status == 200 and 'id="saved"' in answer, answer
    assert re.search(r"      13: \{open: 3NT S -1, closed: 2NT S =\} +# \u724c\u526f\u9519\u4e71",
                     path.read_text(encoding="utf-8"))


def test_a_match_started_in_the_file_offers_every_board_of_its_round(tmp_path: Path) -> None:
    """Boards 9-13 written, 13 with the open room only: boxes for 14-16 too, and the match
    completed from the form."""
    from tests.support import demo_content

    content = demo_content(tmp_path, TEAMS)
    path = content / "events" / TEAMS / "results" / "round-2.yaml"
    replace(path, "      13: {open: 3NT S -1, closed: 2NT S =}\n      14: {open: 1NT N -1, closed: 2H N +1}\n"
            "      15: {open: 3NT N +1, closed: 4H S =}\n      16: {open: 3NTX W -2, closed: 3NTX W -2}\n",
            "      13: {open: 3NT S -1}\n")
    running = start(content, slug=TEAMS)
    try:
        t = running.desk.t
        secretary = Secretary(running)
        shown = boxes(secretary.page("teams/2/1"))
        assert sorted({int(re.match(r"b(\d+)_", name).group(1)) for name in shown if name.startswith("b")}) \
            == list(range(9, 17)), shown
        status, answer = send(secretary, "teams/2/1", b13_closed="2NT S =", b14_open="1NT N -1", b14_closed="2H N +1",
                              b15_open="3NT N +1", b15_closed="4H S =", b16_open="3NTX W -2", b16_closed="3NTX W -2")
        assert status == 200 and 'id="saved"' in answer and t("desk_saved") in answer, answer
        assert t("desk_saved_part") not in answer
        assert "      16: {open: 3NTX W -2, closed: 3NTX W -2}\n" in path.read_text(encoding="utf-8")
    finally:
        running.stop()


@pytest.mark.parametrize(("slug", "written", "per_round"), [
    # 80分 teams: board 2 as the list of its rooms' points; 大怪路子: with the Chinese room keys
    ("hefei-80fen-teams-2012", "      2: [125, 40]   # as a list\n", 8),
    ("chem-park-daguai-2016", "      2: {\u5f00\u5ba4: D02 3, \u95ed\u5ba4: D02 1}   # the Chinese keys\n", 6),
])
def test_the_other_games_two_room_forms_keep_their_boards_and_offer_the_rounds(
        tmp_path: Path, slug: str, written: str, per_round: int) -> None:
    """Table 1 of round 1 with boards 1-2 written of the round's, board 2 in a form the default
    boxes did not read (大怪路子's: shown empty, then deleted by a save): every board of the round
    offered, board 2 shown, and a save of the form as shown writes nothing."""
    from tests.support import demo_content

    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"    boards:\n((?:      \d+: .*\n)+)", text)
    lines = first.group(1).splitlines(keepends=True)
    path.write_text(text[:first.start(1)] + lines[0] + written + text[first.end(1):], encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    running = start(content, slug=slug)
    try:
        secretary = Secretary(running)
        [stage] = [s.id for s in running.desk.event.stages if running.desk.spot(s.id, 1, 1)]
        key = f"{stage}/1/1"
        shown = boxes(secretary.page(key))
        numbers = sorted({int(n) for n in re.findall(r"^b(\d+)_(?:open|closed)$", "\n".join(shown), re.M)})
        assert numbers == list(range(1, per_round + 1)), shown
        assert shown["b2_open"] and shown["b2_closed"], shown
        status, answer = send(secretary, key, "save")
        assert path.read_text(encoding="utf-8") == before, answer
    finally:
        running.stop()


def test_a_board_the_match_did_not_play_is_typed_np_and_shown_so(teams) -> None:
    """np typed in the open room's box, the closed room's left empty, as an adjusted score is:
    the board is written `11: np` (not played, neither team's), shown back in the open box;
    np beside a contract in the other room is refused, with the whole board's np as the fix."""
    running, path = teams
    secretary = Secretary(running)
    status, answer = send(secretary, "teams/2/1", b11_open="NP", b11_closed="")
    assert status == 200 and 'id="saved"' in answer, answer
    text = path.read_text(encoding="utf-8")
    assert "      11: np\n" in text, text
    shown = boxes(secretary.page("teams/2/1"))
    assert (shown["b11_open"], shown["b11_closed"]) == ("np", "")
    status, answer = send(secretary, "teams/2/1", b11_open="np", b11_closed="3NT N +1")
    assert status == 422 and path.read_text(encoding="utf-8") == text
    assert "\u6574\u526f\u5199 np\uff08\u4f8b\u5982 11: np\uff09" in html.unescape(answer), answer  # (whole board np, e.g. 11: np)


def test_a_table_completes_a_match_whose_file_holds_read_only_boards_only(tmp_path: Path) -> None:
    """The director wrote two boards the boxes cannot show (an adjusted score by percentages, one
    room with the IMPs recorded) before the table entered the rest: the table's link said its
    result was already in, showed no form, and the match could never be completed from it. The
    boards kept read only are results, not the table's entry: its form opens, they count among
    the match's boards, and its save of the rest completes the match, keeping them as written."""
    from tests.support import demo_content
    from tests.test_desk import fetch

    content = demo_content(tmp_path, TEAMS)
    path = content / "events" / TEAMS / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    played = re.search(r"  - table: 1\n    home: T5\n    away: T1\n    boards:\n((?:      \d+: .*\n)+)", text)
    kept = "      12: {adjusted: {NS: 60, EW: 40}}   # by the percentages\n      14: {open: 1NT N -1, imps: -5}\n"
    path.write_text(text[:played.start(1)] + kept + text[played.end(1):], encoding="utf-8")
    rooms = {f"b{n}_{room}": value for n, line in re.findall(r"      (\d+): (.*)\n", played.group(1))
             if int(n) not in (12, 14) for room, value in re.findall(r"(open|closed): ([^,}]+)", line)}
    running = start(content, slug=TEAMS)
    try:
        t = running.desk.t
        link = running.desk.link("teams/2/1")
        status, page = fetch(link)
        assert status == 200 and 'id="entry"' in page and 'id="done"' not in page, page
        assert re.search(r'<output id="b12_kept"', page) and re.search(r'<output id="b14_kept"', page)
        sent = {**boxes(page), **rooms, "k": link.split("k=")[1], "action": "save"}
        status, answer = fetch(link.split("?")[0], sent)
        assert status == 200 and 'id="saved"' in answer, answer
        assert t("desk_saved") in answer and t("desk_saved_part") not in answer
        after = path.read_text(encoding="utf-8")
        assert all(line in after for line in kept.splitlines(keepends=True)), after  # as written, comment and all
        assert "      13: {open: 3NT S -1, closed: 2NT S =}\n      14: {open: 1NT N -1, imps: -5}\n" in after, after
        running.desk.load()
        assert 1 in running.desk.entered()["teams/2"]  # the match counted, not waiting
        assert 'id="done"' in fetch(link)[1]  # and the table's link used up
    finally:
        running.stop()


DAGUAI = "chem-park-daguai-2016"  # swiss, 6 boards a round; round 1 table 1 is D02 v D07


@pytest.fixture()
def daguai(tmp_path: Path):
    from tests.support import demo_content

    content = demo_content(tmp_path, DAGUAI)
    running = start(content, slug=DAGUAI)
    yield running, content / "events" / DAGUAI / "results" / "round-1.yaml"
    running.stop()


def test_a_daguai_board_the_match_did_not_play_is_typed_np_and_shown_so(daguai) -> None:
    """大怪路子's desk refused np in both rooms (the box wants a team and its points): np typed
    in the open room's box, the closed room's left empty, is saved as the board's np, counts for
    neither team, and is shown back in the open box; np beside a result is refused, with the
    whole board's np as the fix, in the form's words (np in the open room's box, not the file's
    "2: np")."""
    running, path = daguai
    secretary = Secretary(running)
    [stage] = [s.id for s in running.desk.event.stages]
    key = f"{stage}/1/1"
    status, answer = send(secretary, key, b2_open="NP", b2_closed="")
    assert status == 200 and 'id="saved"' in answer, answer
    text = path.read_text(encoding="utf-8")
    assert "      2: np\n" in text, text
    shown = boxes(secretary.page(key))
    assert (shown["b2_open"], shown["b2_closed"]) == ("np", "")
    status, answer = send(secretary, key, b2_open="np", b2_closed="D02 1")
    assert status == 422 and path.read_text(encoding="utf-8") == text
    said = html.unescape(answer)
    # (np in the open room's box alone, the closed room's left empty)
    assert "\u53ea\u5728\u5f00\u5ba4\u683c\u5199 np\u3001\u95ed\u5ba4\u683c\u7559\u7a7a" in said, answer
    assert "2: np" not in said, answer


def test_a_daguai_match_with_a_board_left_out_is_not_counted_entered(tmp_path: Path) -> None:
    """Board 2 left out of round 1's table 1 (D02 v D07): the desk counted every table entered
    ("已录 8/8 桌") and the match complete. It waits for the board: 7/8 tables entered."""
    from generator.desk.app import Desk
    from tests.support import demo_content

    content = demo_content(tmp_path, DAGUAI)
    path = content / "events" / DAGUAI / "results" / "round-1.yaml"
    replace(path, "      2: {open: D02 3, closed: D02 1}\n", "")
    desk = Desk(content, DAGUAI, None, None, build=False)
    progress = [line for view in desk.standings_view() for line in view["progress"]]
    assert progress[0] == "\u7b2c 1 \u8f6e\uff1a\u5df2\u5f55 7/8 \u684c", progress  # (round 1: 7/8 tables entered)


@pytest.mark.parametrize(("slug", "typed"), [("hefei-80fen-teams-2012", "87"), (DAGUAI, "D07 7")])
def test_a_rooms_problem_names_the_room_once(tmp_path: Path, slug: str, typed: str) -> None:
    """A room's problem at the desk said its room twice, the box's and the message's own:
    "开室：第 2 副开室：…" (open room: board 2, open room: …), 80分's. Said once."""
    from tests.support import demo_content

    running = start(demo_content(tmp_path, slug), slug=slug)
    try:
        secretary = Secretary(running)
        [stage] = [s.id for s in running.desk.event.stages if running.desk.spot(s.id, 1, 1)]
        status, answer = send(secretary, f"{stage}/1/1", b2_open=typed)
        assert status == 422, answer
        [said] = re.findall(r'<li id="problem-\d+">(.*?)<', html.unescape(answer))
        assert said.startswith("\u7b2c 2 \u526f\u5f00\u5ba4\uff1a"), said  # (board 2, open room:)
    finally:
        running.stop()


# A stage saying no `boards`: each game's own count, one for its sheet and its form. 大怪路子's is
# the seed's 6 (test_daguai_event); the others were offered 8 at the desk while bridge's sheets
# listed no board at all.
NO_BOARDS = [
    ("bridge", "format: swiss\nrounds: 2\nscoring: imps\n", "home: T01\n    away: T02", "T", 8),
    ("bridge", "format: matches\n", "ns: T01\n    ew: T02", "T", 8),
    ("shengji", "format: swiss\nrounds: 2\n", "home: H01\n    away: H02", "H", 8),
    ("daguai", "format: swiss\nrounds: 2\n", "home: D01\n    away: D02", "D", 6),
]


@pytest.mark.parametrize(("game", "stage", "sides", "prefix", "count"), NO_BOARDS)
def test_a_stage_saying_no_boards_offers_the_boards_its_score_sheet_lists(
        tmp_path: Path, game: str, stage: str, sides: str, prefix: str, count: int) -> None:
    from generator.desk.app import table_key
    from generator.games import GAMES
    from generator.render.bulletins import round_forms
    from tests.test_desk_records import make

    tables = f"  - table: 1\n    {sides}\n  - table: 2\n    {sides.replace('1', '3').replace('2', '4')}\n"
    running = start(make(tmp_path, stage, tables, game=game, prefix=prefix, players=3 if game == "daguai" else 4),
                    slug="gd")
    try:
        page = Secretary(running).page(table_key("main", 1, 1))
        offered = sorted({int(n) for n in re.findall(r'name="b(\d+)(?:_open)?"', page)})
        printed = [[int(line["number"]) for line in sheet["boards"]]
                   for form in round_forms(running.desk.result, "main", 1, "zh-Hans") if form.kind == "scoresheet"
                   for sheet in form.pages if isinstance(sheet, dict) and str(sheet.get("table")) == "1"]
        assert GAMES[game].default_boards == count
        assert offered == list(range(1, count + 1)) and printed == [offered], (offered, printed)
    finally:
        running.stop()
