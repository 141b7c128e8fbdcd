"""A stage saying no `boards`: the count its form offers is the count its match waits for.

A reviewer's Swiss of 2 rounds with no `boards:` (rev50): the table's phone offered 6 boxes
(大怪路子) or 8 (80分 teams, bridge teams) and a save of boards 1-2 was taken, the match final at
once (大怪路子 "场分 2 … 胜方：D01", bridge "VP 10 / 10"); with `boards: 6` written the same save
was refused, the match short of boards 3-6. One count now (Game.match_boards): the form's, the
save's refusal, `check`'s warning and the match's boards to come alike. A match whose file
numbers its own boards (an imported session on 17-24) is not told it is short.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.tournament.pairing import round_boards
from tests.test_desk import post
from tests.test_desk_records import Secretary, desk_of, make, results  # noqa: F401 - desk_of is a fixture

# (game, stage, table 1's sides, prefix, players, the boxes of boards 1-2, the boards the match
# waits for, board 1 written as the file writes it)
GAMES = [
    ("daguai", "home: D01\n    away: D02", "D", 3,
     {"b1_open": "D01 3", "b1_closed": "D01 1", "b2_open": "D01 5", "b2_closed": "D02 1"}, 6,
     "{open: D01 3, closed: D01 1}"),
    ("shengji", "home: H01\n    away: H02", "H", 4,
     {"b1_open": "85", "b1_closed": "40", "b2_open": "0", "b2_closed": "120"}, 8, "{open: 85, closed: 40}"),
    ("bridge", "home: T01\n    away: T02", "T", 4,
     {"b1_open": "3NT S +3", "b1_closed": "3NT N +2", "b2_open": "4S N =", "b2_closed": "4S N -1"}, 8,
     "{open: 3NT S +3, closed: 3NT N +2}"),
]
STAGE = {"daguai": "format: swiss\nrounds: 2\n", "shengji": "format: swiss\nrounds: 2\n",
         "bridge": "format: swiss\nrounds: 2\nscoring: imps\n"}


def event(tmp_path: Path, game: str, sides: str, prefix: str, players: int, boards: str = "") -> Path:
    tables = f"  - table: 1\n    {sides}\n{boards}  - table: 2\n    {sides.replace('1', '3').replace('2', '4')}\n"
    return make(tmp_path, STAGE[game], tables, game=game, prefix=prefix, players=players)


@pytest.mark.parametrize(("game", "sides", "prefix", "players", "typed", "count", "written"), GAMES)
def test_a_tables_save_of_two_of_the_offered_boards_is_refused_as_short(
        tmp_path: Path, desk_of, game: str, sides: str, prefix: str, players: int,  # noqa: F811
        typed: dict[str, str], count: int, written: str) -> None:
    root = event(tmp_path, game, sides, prefix, players)
    running = desk_of(root)
    before = results(root).read_bytes()
    status, page = post(running, "main/1/1", "save", **typed)
    assert status == 409 and 'id="saved"' not in page, page
    missing = "\u3001".join(str(n) for n in range(3, count + 1))
    if game == "bridge":  # (第 1 桌记录了 2 副牌，缺第 3…8 副；…按桥牌的默认每场 8 副: 2 boards written, the
        # ones to come, the game's 8 a match, not "本阶段每轮打 8 副", this stage plays 8 a round,
        # which the stage does not say)
        said = f"\u7b2c 1 \u684c\u8bb0\u5f55\u4e86 2 \u526f\u724c\uff0c\u7f3a\u7b2c {missing} \u526f\uff1b"
        assert f"\u6309\u6865\u724c\u7684\u9ed8\u8ba4\u6bcf\u573a {count} \u526f" in page, page
    else:  # (第 1 桌缺少第 3…N 副的记录: the boards the form offered and were left empty)
        said = f"\u7b2c 1 \u684c\u7f3a\u5c11\u7b2c {missing} \u526f"
    assert said in page, page
    assert results(root).read_bytes() == before and not running.desk.tokens.used("main/1/1")


@pytest.mark.parametrize(("game", "sides", "prefix", "players", "typed", "count", "written"), GAMES)
def test_check_warns_of_a_match_short_of_the_boards_its_sheet_lists(
        tmp_path: Path, capsys, game: str, sides: str, prefix: str, players: int,
        typed: dict[str, str], count: int, written: str) -> None:
    root = event(tmp_path, game, sides, prefix, players, f"    boards:\n      1: {written}\n")
    assert main(["check", "--content", str(root)]) == 0
    said = capsys.readouterr()
    assert "1 \u6761\u8b66\u544a" in said.out + said.err, said  # (1 warning)
    # the match waits for the rest (pending, not counted), its page's boards to come the same count's
    _, found, _ = validate(root)
    [played] = [r for r in found[0].stages[0].rounds if r.number == 1]
    assert 1 in played.pending and 1 not in [s.table.number for s in played.counted], (played.pending, played.counted)
    to_come = next(score.view.to_come for score in played.tables if score.table.number == 1)
    assert to_come == (count - 1 if game == "bridge" else list(range(2, count + 1))), to_come


def test_a_match_whose_file_numbers_its_own_boards_is_not_short(tmp_path: Path, capsys) -> None:
    """Boards 17-18 written (a session imported on 17-24, none of the 1-8 the form offers): the
    file's numbers are the match's, not short of the default's."""
    root = event(tmp_path, "bridge", "home: T01\n    away: T02", "T", 4,
                 "    boards:\n      17: {open: 3NT S +3, closed: 3NT N +2}\n"
                 "      18: {open: 4S N =, closed: 4S N -1}\n")
    assert main(["check", "--content", str(root)]) == 0
    said = capsys.readouterr()
    assert "0 \u6761\u8b66\u544a" in said.out + said.err, said  # (0 warnings)


# (game, table 1's sides, prefix, players, a board as the file writes it)
ON = [("shengji", "home: H01\n    away: H02", "H", 4, "{open: 85, closed: 40}"),
      ("bridge", "home: T01\n    away: T02", "T", 4, "{open: 3NT S +3, closed: 3NT N +2}")]
# (boards written at table 1 of round 5, the boards its form and score sheet offer): round 5's
# block of the default 8 (33-40, numbered on through the stage), a match's own 1..8, and a
# longer match's boards (12 a round: 49-60 in round 5), which are the file's alone
OFFERED = [(range(33, 39), range(33, 41)), (range(1, 7), range(1, 9)), (range(49, 61), range(49, 61))]


@pytest.mark.parametrize(("game", "sides", "prefix", "players", "board"), ON)
@pytest.mark.parametrize(("written", "offered"), OFFERED)
def test_a_half_entered_round_offers_the_boards_its_match_waits_for(
        tmp_path: Path, desk_of, game: str, sides: str, prefix: str, players: int,  # noqa: F811
        board: str, written: range, offered: range) -> None:
    """Round 5 of a stage saying no `boards`, 33-38 written: the match waits for 39-40
    (match_board_count), and its form showed boxes for 33-38 only, so 39-40 could never be
    entered; the score sheet listed the file's boards alike."""
    lines = "".join(f"      {n}: {board}\n" for n in written)
    root = make(tmp_path, STAGE[game].replace("rounds: 2", "rounds: 5"),
                f"  - table: 1\n    {sides}\n    boards:\n{lines}", game=game, prefix=prefix, count=2,
                players=players)
    path = results(root)
    path.rename(path.with_name("round-5.yaml"))
    fifth = path.with_name("round-5.yaml")
    fifth.write_text(fifth.read_text(encoding="utf-8").replace("round: 1\n", "round: 5\n"), encoding="utf-8")
    # the score sheet's boards (pairing.round_boards: the draw notice's and the blank sheets'),
    # none of the stage's own for the longer match (the sheet lists the boards its file writes)
    _, found, _ = validate(root)
    [stage] = found[0].stages
    [fifth_round] = [r for r in stage.rounds if r.number == 5]
    assert round_boards(found[0].event, stage, fifth_round) == ({} if offered == written else {1: tuple(offered)})
    running = desk_of(root)
    # (the table's link shows a saved match read only: the secretary's form, as to finish it)
    page = Secretary(running).page("main/5/1")
    boxes = sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_open"', page)))
    assert boxes == list(offered), boxes


TEAMS = "gaoxiao-bridge-teams-2024"  # a round robin of 5 rounds of 8 boards: round 4 on 25-32, round 5 on 33-40


def teams_without_boards(tmp_path: Path, fifth: dict[int, range] | None = None, fourth_from: int = 25,
                         same: bool = False, last: int = 5) -> Path:
    """The bridge teams demo with its stage's `boards: 8` taken out (the game's default 8 a match;
    `same`: `boards_each_round: same` in its place), round `last` drawn with nothing written but
    `fifth` (table -> boards written there), the rounds after it taken out, round 4's boards
    numbered from `fourth_from` (1: dealt afresh)."""
    from tests.support import demo_content

    content = demo_content(tmp_path, TEAMS)
    folder = content / "events" / TEAMS
    event = folder / "event.yaml"
    text = event.read_text(encoding="utf-8")
    assert "    boards: 8 " in text
    event.write_text(text.replace("    boards: 8 ", "    boards_each_round: same  # " if same else "    # boards: 8 "),
                     encoding="utf-8")
    for number in range(last + 1, 6):
        (folder / "results" / f"round-{number}.yaml").unlink()
    path = folder / "results" / f"round-{last}.yaml"
    text = re.sub(r"    boards:\n(?:      .*\n)+", "", path.read_text(encoding="utf-8"))
    for table, boards in (fifth or {}).items():
        lines = "".join(f"      {n}: {{open: 3NT N =, closed: 3NT S =}}\n" for n in boards)
        text = re.sub(rf"(  - table: {table}\n(?:    .*\n)*?    away: \S+\n)", rf"\1    boards:\n{lines}", text)
    path.write_text(text, encoding="utf-8")
    fourth = folder / "results" / "round-4.yaml"
    if fourth.exists():
        fourth.write_text(re.sub(r"^(      )([0-9]+):", lambda m: f"{m.group(1)}{int(m.group(2)) - 25 + fourth_from}:",
                                 fourth.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    return content


def drawn_boards(content: Path, number: int = 5) -> dict[int, tuple[int, ...]]:
    """Round `number`'s boards as its draw notice and score sheets list them (pairing.round_boards)."""
    _, found, _ = validate(content)
    [stage] = found[0].stages
    [drawn] = [r for r in stage.rounds if r.number == number]
    return round_boards(found[0].event, stage, drawn)


def test_a_round_with_nothing_written_is_offered_its_block_numbered_on(tmp_path: Path) -> None:
    """Round 5 of a stage saying no `boards`, its rounds before on 1-8 … 25-32, nothing entered
    yet: its sheets and the table's form offered 1-8 (default_block's 1..default for none
    written), and a match saved on them was scored as played on 1-8 (and `check` then said
    each team played boards 1-8 twice). Offered 33-40, numbered on as the rounds before are;
    the table's save of them is the match's whole result."""
    from generator.build import validate as validated
    from tests.test_desk import fetch, start

    content = teams_without_boards(tmp_path)
    assert drawn_boards(content) == {table: tuple(range(33, 41)) for table in (1, 2, 3)}
    running = start(content, slug=TEAMS)
    try:
        status, page = fetch(running.desk.link("teams/5/1"))
        assert status == 200
        assert sorted(int(n) for n in re.findall(r'name="b([0-9]+)_open"', page)) == list(range(33, 41)), page
        typed = {f"b{n}_{room}": "3NT N =" for n in range(33, 41) for room in ("open", "closed")}
        status, page = post(running, "teams/5/1", "save", **typed)
        assert status == 200 and 'id="saved"' in page, page
    finally:
        running.stop()
    written = (content / "events" / TEAMS / "results" / "round-5.yaml").read_text(encoding="utf-8")
    assert "      33: {open: 3NT N =, closed: 3NT N =}\n" in written and "      40: " in written and "      1: " not in written
    _, found, _ = validated(content)
    [fifth] = [r for r in found[0].stages[0].rounds if r.number == 5]
    assert 1 not in fifth.pending and [s.table.number for s in fifth.counted] == [1], (fifth.counted, fifth.pending)


def test_round_2_after_1_to_8_is_offered_9_to_16_where_a_team_plays_a_board_once(tmp_path: Path) -> None:
    """Round 1 on 1-8 says nothing of the stage's numbering (round 1's block either way); a bridge
    teams stage's team never plays a board number twice (bridge-team-board-twice), so round 2
    plays 9-16: offered 1-8, its save was an error of the round's file."""
    assert drawn_boards(teams_without_boards(tmp_path, last=2), 2) == {t: tuple(range(9, 17)) for t in (1, 2, 3)}


def test_a_stage_dealing_afresh_offers_a_round_with_nothing_written_1_to_8(tmp_path: Path) -> None:
    """`boards_each_round: same`, its round 4 on 1-8 (a club dealing fresh boards every round):
    round 5 is 1-8 too."""
    assert drawn_boards(teams_without_boards(tmp_path, fourth_from=1, same=True)) == {t: tuple(range(1, 9)) for t in (1, 2, 3)}


def test_each_match_is_offered_the_block_it_waits_for(tmp_path: Path) -> None:
    """Round 5 with 1-6 written at table 1 and 33-36 at table 2: each match waits for the rest of
    its own block (match_board_count judges a match by its own boards: 7-8, 37-40). Judged on
    the round's boards together, neither was offered the boards it waited for (1-6 and 33-36
    only), so neither could be completed; a match with none written takes the round's others'
    (here two blocks: none known, its boards its file's)."""
    assert drawn_boards(teams_without_boards(tmp_path, {1: range(1, 7), 2: range(33, 37)}, same=True)) == \
        {1: tuple(range(1, 9)), 2: tuple(range(33, 41))}


# --- a bridge teams stage saying no `boards`: a club dealing 1-8 afresh, one numbering on (rev61) ---

# (board, dealer and vulnerability as the score sheet prints them: 北·无 North, none; 北·东西
# North, East-West; 东·南北 East, North-South; 北·双方 North, both; 西·无 West, none)
FIRST_ROWS = {1: ("1", "\u5317\u00b7\u65e0"), 2: ("2", "\u4e1c\u00b7\u5357\u5317"),
              8: ("8", "\u897f\u00b7\u65e0"), 9: ("9", "\u5317\u00b7\u4e1c\u897f"),
              13: ("13", "\u5317\u00b7\u53cc\u65b9"), 17: ("17", "\u5317\u00b7\u65e0"),
              24: ("24", "\u897f\u00b7\u65e0")}


def sheet_rows(content: Path, stage: str, number: int) -> list[tuple[str, str]]:
    """Table 1's printed score sheet for round `number`: each board's number and its dealer and
    vulnerability, as `paibang print` lays them out (render.bulletins.round_forms)."""
    from generator.render.bulletins import round_forms

    _, found, _ = validate(content)
    [rows] = [[(line["number"], line["conditions"]) for line in sheet["boards"]]
              for form in round_forms(found[0], stage, number, "zh-Hans") if form.kind == "scoresheet"
              for sheet in form.pages if isinstance(sheet, dict) and str(sheet.get("table")) == "1"]
    return rows


def teams_problems(content: Path) -> tuple[list[str], list[str]]:
    """`check`'s bridge-team-* problems of the content: (errors, warnings) by code."""
    from generator.errors import ContentErrors

    try:
        _, _, warnings = validate(content)
        errors: list = []
    except ContentErrors as refused:
        errors = [p for p in refused.problems if not p.warning]
        warnings = [p for p in refused.problems if p.warning]
    return ([p.code for p in errors if p.code.startswith("bridge-team-")],
            [p.code for p in warnings if p.code.startswith("bridge-team-")])


def dealt_afresh(tmp_path: Path, boards: bool, last: int = 3) -> Path:
    """The teams demo as a club dealing boards 1-8 every round: round 2 written on 1-8 (the demo's
    9-16 less 8), round `last` drawn with nothing written; its stage's `boards: 8` kept or not."""
    content = teams_without_boards(tmp_path, last=last)
    folder = content / "events" / TEAMS
    if boards:
        event = folder / "event.yaml"
        event.write_text(event.read_text(encoding="utf-8").replace("    # boards: 8 ", "    boards: 8 "), encoding="utf-8")
    second = folder / "results" / "round-2.yaml"
    second.write_text(re.sub(r"^(      )([0-9]+):", lambda m: f"{m.group(1)}{int(m.group(2)) - 8}:",
                             second.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    return content


@pytest.mark.parametrize("boards", [False, True], ids=["no-boards", "boards-8"])
def test_a_club_dealing_1_to_8_afresh_is_read_as_same_and_offered_1_to_8(tmp_path: Path, boards: bool) -> None:
    """Rounds 1 and 2 on boards 1-8, the stage saying neither `boards_each_round` nor (or: and)
    `boards`: content-format.md lets a round play any boards 1 to rounds x boards. With `boards:
    8` it was read as `same` with one warning, and without it refused with 48 boards played
    twice (each of the 6 teams' 8 in round 2: the game's default 8 now counts as the stage's). Round 3's sheet and the table's form listed 17-24 either way, with
    boards 17-24's vulnerability for a club dealing its boards 1-8: they follow the reading."""
    content = dealt_afresh(tmp_path, boards)
    errors, warnings = teams_problems(content)
    assert errors == [] and warnings == ["bridge-team-boards-same"], (errors, warnings)
    from generator.messages import render_message

    _, _, found = validate(content)
    [same] = [p for p in found if p.code == "bridge-team-boards-same"]
    assert render_message(same.code, "en", same.params)[0] == "every round of this stage plays boards 1\u20138"
    assert drawn_boards(content, 3) == {t: tuple(range(1, 9)) for t in (1, 2, 3)}
    rows = sheet_rows(content, "teams", 3)
    assert [number for number, _ in rows] == [str(n) for n in range(1, 9)]
    assert rows[0] == FIRST_ROWS[1] and rows[1] == FIRST_ROWS[2] and rows[-1] == FIRST_ROWS[8], rows
    from tests.test_desk import start

    running = start(content, slug=TEAMS)
    try:
        page = Secretary(running).page("teams/3/1")
        assert sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_open"', page))) == list(range(1, 9)), page
        # the club's save of what the form offers is taken, and `check` reads the stage as before
        typed = {f"b{n}_{room}": "3NT N =" for n in range(1, 9) for room in ("open", "closed")}
        status, page = post(running, "teams/3/1", "save", **typed)
        assert status == 200 and 'id="saved"' in page, page
    finally:
        running.stop()
    assert teams_problems(content) == ([], ["bridge-team-boards-same"])


@pytest.mark.parametrize("boards", [False, True], ids=["no-boards", "boards-8"])
def test_round_2_after_round_1_on_1_to_8_lists_9_to_16_boards_or_not(tmp_path: Path, boards: bool) -> None:
    """Round 2 drawn, round 1 on 1-8, the stage saying nothing of its numbering: round 1's boards
    are round 1's block either way, so the files cannot tell a club numbering on from one dealing
    afresh. The sheet lists 9-16, with their own dealer and vulnerability (board 9: North,
    East-West), as with `boards: 8` (the teams' numbering unsaid is `on`), and as the demo's
    event.yaml says; the club dealing afresh is read as such once its round 2 is written on 1-8
    (above)."""
    content = dealt_afresh(tmp_path, boards, last=2)
    assert drawn_boards(content, 2) == {t: tuple(range(9, 17)) for t in (1, 2, 3)}
    rows = sheet_rows(content, "teams", 2)
    assert [number for number, _ in rows] == [str(n) for n in range(9, 17)] and rows[0] == FIRST_ROWS[9], rows
    assert teams_problems(content) == ([], [])


def test_a_stage_numbering_on_without_boards_lists_17_to_24_for_round_3(tmp_path: Path) -> None:
    """The demo without `boards`, rounds 1 and 2 on 1-8 and 9-16 as it numbers them: round 3 is
    17-24 (board 17 dealt as board 1), the rounds before not restarting."""
    content = teams_without_boards(tmp_path, last=3)
    assert drawn_boards(content, 3) == {t: tuple(range(17, 25)) for t in (1, 2, 3)}
    rows = sheet_rows(content, "teams", 3)
    assert rows[0] == FIRST_ROWS[17] and rows[-1] == FIRST_ROWS[24], rows
    assert teams_problems(content) == ([], [])


LONG_ROUND_1 = "".join(
    f"  - table: {table}\n    home: {home}\n    away: {away}\n    boards:\n"
    + "".join(f"      {n}: {{open: 3NT N =, closed: 3NT S -1}}\n" for n in range(1, 13))
    for table, home, away in ((1, "T01", "T02"), (2, "T03", "T04")))


def test_a_swiss_of_12_board_matches_without_boards_follows_on_13_to_24(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A bridge teams Swiss saying no `boards`, its round 1 tables on boards 1-12, round 2 drawn
    with nothing written: offered 9-16 (round 2's block of the default 8), so a save of what the
    sheet listed played boards 9-12 a second time (bridge-team-board-twice). Round 1 is round
    1's whole block of 12: round 2 follows on, 13-24."""
    root = make(tmp_path, STAGE["bridge"], LONG_ROUND_1, game="bridge", prefix="T", players=4)
    second = results(root).with_name("round-2.yaml")
    drawn = "stage: main\nround: 2\ntables:\n  - table: 1\n    home: T01\n    away: T03\n" \
            "  - table: 2\n    home: T02\n    away: T04\n"
    second.write_text(drawn, encoding="utf-8")
    _, found, _ = validate(root)
    [stage] = found[0].stages
    [drawn_round] = [r for r in stage.rounds if r.number == 2]
    assert round_boards(found[0].event, stage, drawn_round) == {1: tuple(range(13, 25)), 2: tuple(range(13, 25))}
    rows = sheet_rows(root, "main", 2)
    assert [number for number, _ in rows] == [str(n) for n in range(13, 25)] and rows[0] == FIRST_ROWS[13], rows
    page = Secretary(desk_of(root)).page("main/2/1")
    assert sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_open"', page))) == list(range(13, 25))
    # the boards offered, saved at both tables: no team plays a board twice
    boards = "    boards:\n" + "".join(f"      {n}: {{open: 4S N =, closed: 4S N -1}}\n" for n in range(13, 25))
    second.write_text(drawn.replace("    away: T03\n", "    away: T03\n" + boards).replace(
        "    away: T04\n", "    away: T04\n" + boards), encoding="utf-8")
    assert teams_problems(root) == ([], [])


def test_a_round_1_numbered_otherwise_leaves_round_2_its_files(tmp_path: Path) -> None:
    """Round 1's boards not a whole block of their own length (1-10 and 12): nothing known of the
    stage's numbering, round 2's boards are its file's (not 9-16, of which 9, 10 and 12 were
    played)."""
    tables = LONG_ROUND_1.replace("      11: {open: 3NT N =, closed: 3NT S -1}\n", "")
    root = make(tmp_path, STAGE["bridge"], tables, game="bridge", prefix="T", players=4)
    results(root).with_name("round-2.yaml").write_text(
        "stage: main\nround: 2\ntables:\n  - table: 1\n    home: T01\n    away: T03\n", encoding="utf-8")
    _, found, _ = validate(root)
    [stage] = found[0].stages
    [drawn_round] = [r for r in stage.rounds if r.number == 2]
    assert round_boards(found[0].event, stage, drawn_round) == {}


def test_a_match_whose_boards_nothing_says_is_asked_their_numbers(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """Round 1 on 1-10 and 12, round 2 drawn: its sheet's board rows are blank, but the table's
    form offered 1-8, boards every team of a teams stage had played (a save of them:
    bridge-team-board-twice). The form asks for the boards' numbers; the table types 13-20,
    checks the score, and is shown those boards' rows; its save writes 13-20 in both rooms and
    `check` passes."""
    from tests.test_desk import fetch, post

    tables = LONG_ROUND_1.replace("      11: {open: 3NT N =, closed: 3NT S -1}\n", "")
    root = make(tmp_path, STAGE["bridge"], tables, game="bridge", prefix="T", players=4)
    second = results(root).with_name("round-2.yaml")
    second.write_text("stage: main\nround: 2\ntables:\n  - table: 1\n    home: T01\n    away: T03\n"
                      "  - table: 2\n    home: T02\n    away: T04\n", encoding="utf-8")
    running = desk_of(root)
    status, page = fetch(running.desk.link("main/2/1"))
    assert status == 200 and 'name="board_numbers"' in page and 'name="b1_open"' not in page, page
    status, page = post(running, "main/2/1", "preview", board_numbers="13-20")
    assert status == 200 and 'id="saved"' not in page, page
    assert sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_closed"', page))) == list(range(13, 21)), page
    # a range backwards is said, its rows not shown
    status, page = post(running, "main/2/1", "preview", board_numbers="20-13")
    assert "\u201c20-13\u201d" in page and 'name="b13_open"' not in page, page
    typed = {f"b{n}_{room}": result for n in range(13, 21) for room, result in (("open", "4S N ="), ("closed", "4S N -1"))}
    status, page = post(running, "main/2/1", "save", board_numbers="13 - 20", **typed)
    assert status == 200 and 'id="saved"' in page, page
    written = second.read_text(encoding="utf-8")
    assert all(f"      {n}: {{open: 4S N =, closed: 4S N -1}}\n" in written for n in range(13, 21)), written
    assert "      1: " not in written and "      12: " not in written and "board_numbers" not in written
    validate(root)  # (no error: it raises)
    assert teams_problems(root) == ([], [])
