"""Problems at the desk said in the form's words, not the results file's: a captain or the
secretary typing into boxes was told to "删去 boards 或 forfeit", "violations 里只写…", a penalty
"应为键值表 {against: NS, points: 20}" and "每副牌写开室和闭室两项，例如 1: {open: 85, closed: 40}"
(the README promises the form's words). Posted to the real desk over HTTP, as the secretary's form
is sent; the test reads the problems block as shown.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tests.support import demo_content
from tests.test_desk_said import block
from tests.test_desk_team_boards import DAGUAI, Secretary, daguai, send, start  # noqa: F401 - daguai is a fixture

YAML_WORDS = ("boards", "forfeit", "violations", "against", "penalty", "{open", "closed:")


def problems(answer: tuple[int, str]) -> str:
    status, page = answer
    assert status == 422, page
    said = html.unescape(block(page, "problems"))
    assert not [word for word in YAML_WORDS if word in said], said
    return said


@pytest.fixture()
def eighty_fen(tmp_path: Path):
    """The secretary at the desk of the demo 80分 teams event, and its first table's key."""
    slug = "hefei-80fen-teams-2012"
    running = start(demo_content(tmp_path, slug), slug=slug)
    [stage] = [s.id for s in running.desk.event.stages if running.desk.spot(s.id, 1, 1)]
    yield Secretary(running), f"{stage}/1/1"
    running.stop()


def test_80fen_problems_name_the_boxes_and_the_forfeit_choice(eighty_fen: tuple[Secretary, str]) -> None:
    secretary, key = eighty_fen
    said = problems(send(secretary, key, "preview", b1_open="abc", b1_closed=""))
    assert "第 1 副闭室的格子没有填 → 开室、闭室两格各填该室防守队的得分" in said, said
    said = problems(send(secretary, key, "preview", forfeit="T01"))
    assert "T01 弃权，但本桌还填了牌的成绩 → 弃权的一场不打牌：清空各副牌的格子，或在「弃权」一栏选 无。" in said
    said = problems(send(secretary, key, "preview", b1_penalty="开室 H2 -20"))
    # the box's own example, in the table's own id (table 1 of round 1 is T01 v T08)
    assert "第 1 副的罚分看不懂：受罚的队 H2 不在本桌（T01、T08） → 罚分写 哪一室 罚哪队 几分，如 开室 T01 20（几分写正数" in said, said


def test_daguai_problems_name_the_violations_box_and_the_forfeit_choice(daguai) -> None:  # noqa: ANN001, F811
    running, _ = daguai
    secretary = Secretary(running)
    [stage] = [s.id for s in running.desk.event.stages]
    key = f"{stage}/1/1"
    said = problems(send(secretary, key, "preview", violations="D99"))
    assert "「犯规」里的 D99 不在这一桌（D02 vs D07） → 「犯规」只写本桌（D02 vs D07）犯规一方的队号" in said, said
    said = problems(send(secretary, key, "preview", forfeit="D02"))
    assert "清空各副牌和「犯规」的格子，或在「弃权」一栏选 无。" in said, said


def test_an_80fen_penalty_says_the_readers_reason_in_the_forms_words(eighty_fen: tuple[Secretary, str]) -> None:
    """The desk said 第 1 副的罚分看不懂 and its fix, and left out why: the points typed negative,
    or a team not at the table, which `check` says of the file. The reason is said, in the
    form's words (no YAML key), for the penalty typed as the box's example writes it and as the
    data form alike."""
    secretary, key = eighty_fen
    said = problems(send(secretary, key, "preview", b1_penalty="开室 T01 -20"))
    assert "第 1 副的罚分看不懂：罚分 -20 应为 5 的倍数，5 到 200 → 罚分写 哪一室 罚哪队 几分" in said, said
    said = problems(send(secretary, key, "preview", b1_penalty="{room: open, against: home, points: -20}"))
    assert "第 1 副的罚分看不懂：罚分 -20 应为 5 的倍数，5 到 200 →" in said, said
    said = problems(send(secretary, key, "preview", b1_penalty="开室 H2 20"))
    assert "第 1 副的罚分看不懂：受罚的队 H2 不在本桌（T01、T08） →" in said, said
    said = problems(send(secretary, key, "preview", b1_penalty="罚 T01 二十"))
    assert "第 1 副的罚分看不懂：不是「哪一室 罚哪队 几分」的写法 →" in said, said


def test_a_room_box_that_cannot_be_read_is_said_in_the_forms_words(tmp_path) -> None:  # noqa: ANN001
    """An 80分 room box the reader cannot read was said as the results file's "键值表 {tricks: 60,
    kitty: 25, x: 2}"; a bridge board with its open room unreadable and its closed room empty was
    told "每副牌写开室和闭室两项，例如 1: {open: 4S N =, closed: 4S S -1}". Each is said by the
    form's box, in its words."""
    for slug, typed, wanted in (
            ("hefei-80fen-teams-2012", {"b1_open": "abc"},
             "第 1 副开室的格子里的 abc 看不懂：应为防守方得分（如 85），或分项 60+25×2 → "),
            ("gaoxiao-bridge-teams-2024", {"b1_open": "abc", "b1_closed": ""},
             "第 1 副闭室的格子没有填 → 开室、闭室两格各填该室的定约、庄家和结果")):
        running = start(demo_content(tmp_path / slug, slug), slug=slug)
        try:
            secretary = Secretary(running)
            [stage] = [s.id for s in running.desk.event.stages if running.desk.spot(s.id, 1, 1)]
            said = problems(send(secretary, f"{stage}/1/1", "preview", **typed))
            assert wanted in said and "{" not in said and "键值表" not in said, said
        finally:
            running.stop()


# The results file's words an 80分 box's problem was said in at the desk: its keys, a mapping's
# example, "记录" (the file's record) where the form has a box.
FILE_WORDS = ("未知的键", "可用的键", "{tricks", "tricks", "kitty:", "not_played", "只用于双人赛", "的记录", "1: np",
              "{adjusted", "{NS")


def test_80fen_box_problems_and_their_fixes_are_in_the_forms_words(tmp_path) -> None:  # noqa: ANN001
    """A typed mapping with a key the box does not take was told "未知的键 foo → 可用的键：points,
    …"; `{adjusted: NS}` in a team room "adjusted 只用于双人赛" (no board, no room); a breakdown
    typed 60+25×3 the fix "分项写 {tricks: 所得牌分, kitty: 底牌分, x: 倍数}"; a board not played
    "not_played: true"; np in one room "写 np（例如 1: np）"; the pairs form "第 1 副的记录 abc
    看不懂", as `check` says them of the file; an adjusted score {adjusted: NS} (the file's keys,
    which the box now takes as 0%/60%). Each is said by the form's box, in its words."""
    teams, pairs = "hefei-80fen-teams-2012", "hefei-80fen-pairs-2012"
    cases = {
        teams: [
            ({"b1_open": "{foo: 1}"}, "第 1 副开室的格子里的 foo 看不懂：应为防守方得分（如 85），或分项 60+25×2 → 格子里写得分或分项"),
            ({"b1_open": "{adjusted: NS}"}, "第 1 副开室的格子里的 adjusted 看不懂：应为防守方得分（如 85），或分项 60+25×2 → 队式赛没有调整分"),
            ({"b1_open": "60+25×3"}, "第 1 副开室的分项不对：倍数 3 不对（单扣 ×2，对子扣底 ×4） → 分项写 牌分+底牌分×倍数，如 60+25×2；倍数是单扣 ×2、对子扣底 ×4"),
            ({"b1_open": "{tricks: 60, kitty: 25}"}, "第 1 副开室的分项不对：分项要写全三项：牌分+底牌分×倍数 →"),
            # (its room said once: the message names it, "开室：第 1 副开室未打" said it twice)
            ({"b1_open": "np", "b1_closed": "85"}, "有错误，未保存： 第 1 副开室未打，闭室却有成绩；队式赛每副牌按开闭室两室算净分 → "
                                                   "这场比赛没打这副牌，就开室、闭室两格都填 np，双方都不计分；否则照记分表填上开室的成绩。"),
        ],
        pairs: [
            ({"b1": "abc"}, "第 1 副的格子里的 abc 看不懂：应为防守方得分（如 85）、分项 60+25×2、未打的牌 np，或调整分 0%/60%"
                            "（南北、东西的得分率） → 格子里填防守方实得分"),
            ({"b1": "{not_played: yes}"}, "第 1 副的格子看不懂：没打的牌只写 np → 这副没打就只写 np"),
            ({"b1": "{points: 85, not_played: true}"}, "第 1 副的格子看不懂：这副写了没打（np），又填了得分或罚分 →"),
            ({"b1": "{foo: 1}"}, "第 1 副的格子里的 foo 看不懂：应为防守方得分（如 85）、分项 60+25×2、未打的牌 np，或调整分 0%/60%"
                                 "（南北、东西的得分率） →"),
            ({"b1": "{adjusted: XX}"}, "第 1 副的格子里的调整分 XX 看不懂 → 调整分依次填南北、东西的得分率，如 0%/60%"
                                       "（南北违例：违例方得 0%，另一方得 60%），或裁判判给的 40%/60%。"),
        ],
    }
    for slug, typed_said in cases.items():
        running = start(demo_content(tmp_path / slug, slug), slug=slug)
        try:
            secretary = Secretary(running)
            [stage] = [s.id for s in running.desk.event.stages if running.desk.spot(s.id, 1, 1)]
            for typed, wanted in typed_said:
                said = problems(send(secretary, f"{stage}/1/1", "preview", **typed))
                assert wanted in said, (typed, said)
                assert not [word for word in FILE_WORDS if word in said], (typed, said)
        finally:
            running.stop()


def test_an_80fen_board_not_played_with_a_penalty_is_said_so(eighty_fen: tuple[Secretary, str]) -> None:
    """np in both rooms and a penalty on the open room: the penalty made the open room a result
    of no points, and the desk said "第 1 副闭室未打，开室却有成绩" of a board whose rooms were
    both np. It says the board is written not played and has a penalty too."""
    secretary, key = eighty_fen
    said = problems(send(secretary, key, "preview", b1_open="np", b1_closed="np", b1_penalty="开室 T01 20"))
    assert "第 1 副的格子看不懂：这副写了没打（np），又填了得分或罚分 → 这副没打就只写 np" in said, said
    assert "却有成绩" not in said, said


def test_a_rooms_own_note_is_shown_in_the_boards_note_box(eighty_fen: tuple[Secretary, str]) -> None:
    """A note inside a room's own value (`open: {points: 85, note: ...}`) showed in that room's
    box as the results file's mapping, to be typed back so. The box shows the points, the
    board's note box the note; a save unchanged writes nothing, a corrected room keeps its note,
    a note changed is the room's, a note emptied goes."""
    from tests.test_desk_team_boards import boxes

    secretary, key = eighty_fen
    path = secretary.running.desk.folder / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("      1: {open: 85, closed: 130}\n") == 1
    path.write_text(text.replace("      1: {open: 85, closed: 130}\n",
                                 "      1: {open: {points: 85, note: \u91cd\u65b0\u53d1\u724c}, closed: 130}\n"),
                    encoding="utf-8")
    secretary.running.desk.load()
    written = path.read_text(encoding="utf-8")
    shown = boxes(secretary.page(key))
    assert (shown["b1_open"], shown["b1_closed"], shown["b1_open_note"]) == ("85", "130", "\u91cd\u65b0\u53d1\u724c"), shown
    assert "b1_note" not in shown and "{" not in shown["b1_open"]
    status, answer = send(secretary, key)  # as shown: nothing written
    assert status == 200 and path.read_text(encoding="utf-8") == written, answer
    status, answer = send(secretary, key, b1_open="90")
    assert status == 200 and 'id="saved"' in answer, block(answer, "problems")
    assert "      1: {open: {points: 90, note: \u91cd\u65b0\u53d1\u724c}, closed: 130}\n" in path.read_text(encoding="utf-8")
    status, answer = send(secretary, key, b1_open_note="\u85cf\u724c\u9519\u8bef")
    assert status == 200 and 'id="saved"' in answer, block(answer, "problems")
    assert "      1: {open: {points: 90, note: \u85cf\u724c\u9519\u8bef}, closed: 130}\n" in path.read_text(encoding="utf-8")
    status, answer = send(secretary, key, b1_open_note="")
    assert status == 200 and 'id="saved"' in answer, block(answer, "problems")
    assert "      1: {open: 90, closed: 130}\n" in path.read_text(encoding="utf-8")


def test_a_rooms_own_note_with_its_room_emptied_is_refused_in_the_forms_words(eighty_fen: tuple[Secretary, str]) -> None:
    """The board's note box holding the open room's own note (`open: {points: 85, note: ...}`),
    the open room's box emptied and the note kept: the note was written as the board's
    (`1: {closed: 130, note: ...}`), taken out of the room without a word. Refused, said in the
    form's words with the room named, nothing written; the room's result typed back saves it in
    its room."""
    secretary, key = eighty_fen
    path = secretary.running.desk.folder / "results" / "round-1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "      1: {open: 85, closed: 130}\n", "      1: {open: {points: 85, note: \u91cd\u65b0\u53d1\u724c}, closed: 130}\n"),
        encoding="utf-8")
    secretary.running.desk.load()
    written = path.read_text(encoding="utf-8")
    for action in ("preview", "save"):
        said = problems(send(secretary, key, action, b1_open=""))
        # (第 1 副开室的格子是空的，本副备注（重新发牌）写的是开室：没有保存 → 在第 1 副开室的格子里填成绩…)
        assert ("\u7b2c 1 \u526f\u5f00\u5ba4\u7684\u683c\u5b50\u662f\u7a7a\u7684\uff0c\u672c\u526f\u5907\u6ce8"
                "\uff08\u91cd\u65b0\u53d1\u724c\uff09\u5199\u7684\u662f\u5f00\u5ba4\uff1a\u6ca1\u6709\u4fdd\u5b58 \u2192 "
                "\u5728\u7b2c 1 \u526f\u5f00\u5ba4\u7684\u683c\u5b50\u91cc\u586b\u6210\u7ee9") in said, said
        assert path.read_text(encoding="utf-8") == written
    # the board's own note (no room's) with both rooms empty is the reader's to say, as before
    status, answer = send(secretary, key, b1_open="90")
    assert status == 200 and 'id="saved"' in answer, block(answer, "problems")
    assert "      1: {open: {points: 90, note: \u91cd\u65b0\u53d1\u724c}, closed: 130}\n" in path.read_text(encoding="utf-8")
