"""What the desk says about a typed record, in the form's own terms (event-day.md, "The results
desk"): a problem in one room of a teams-of-four match names that room as the form labels it,
its fix points at the form's fields, never at a results file's keys (rooms:, closed:,
levels.T07, tiebreak_deal:), and a table that may save only once is told before it saves what
the save needs. Posted over HTTP as a table's phone or the secretary sends it, to the real stack
on 127.0.0.1; the assertions read the page's text.
"""

from __future__ import annotations

import html as markup
import json
import re
from pathlib import Path

import pytest

from generator import cli
from generator.games.guandan.records import parse_level
from tests.test_desk import fetch
from tests.test_desk_records import FOUR, desk_of, make  # noqa: F401 - desk_of is a fixture

SWISS = """\
format: swiss
rounds: 1
"""
TWO = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
"""


def text(page: str) -> str:
    """A page's text as read: no tags, scripts or styles, runs of white space as one space."""
    page = re.sub(r"<(script|style).*?</\1>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_a_level_left_blank_is_a_missing_level_not_an_invalid_one(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    root = make(tmp_path, SWISS, TWO.replace("teams: [T03, T04]\n", "teams: [T03, T04]\n    levels: {T03: 9, T04: ''}\n")
                + "  - table: 3\n    teams: [T05, T06]\n    levels: {T05: 9, T06: }\n", count=6)
    assert cli.main(["check", "--content", str(root)]) == 1
    out = capsys.readouterr().err
    assert out.count("levels 缺少 T04 的级数") == 1 and out.count("levels 缺少 T06 的级数") == 1
    assert "无效" not in out


def test_the_level_hints_of_the_form_and_of_check_agree_with_the_reader(tmp_path: Path, desk_of, capsys) -> None:  # noqa: ANN001, F811
    root = make(tmp_path, SWISS, TWO.replace("teams: [T03, T04]\n", "teams: [T03, T04]\n    levels: {T03: 9, T04: Z}\n"))
    status, page = fetch(desk_of(root).desk.link("main/1/1"))
    assert status == 200 and "过A 写 A+ 或 过A" in text(page)
    assert cli.main(["check", "--content", str(root)]) == 1
    assert "→ 级数写 2–10、J、Q、K、A，过A 写 A+ 或 过A。" in capsys.readouterr().err
    assert parse_level("A+") == parse_level("过A") == parse_level("過A")  # what both say is read


def block(page: str, name: str) -> str:
    """The text of one of the form's message blocks (problems, warnings, …); "" when hidden."""
    found = re.search(rf'<div id="{name}"([^>]*)>(.*?)</div>', page, re.S)
    return "" if found is None or " hidden" in found.group(1) else text(found.group(2)).strip()


# What a results file calls things, which a table's phone never shows.
YAML_WORDS = re.compile(r"levels\.|rooms:|closed:|open:|tiebreak_deal|winner:|deals")

FOUR_TABLES = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
"""


def test_a_problem_in_one_room_names_the_room_as_the_form_heads_it(tmp_path: Path, desk_of) -> None:  # noqa: F811
    from tests.test_desk import post

    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)
    running = desk_of(root)
    before = (root / "events" / "gd" / "results" / "round-1.yaml").read_bytes()
    opened = {"open_level_a": "Q", "open_level_b": "9"}
    for typed, said in (({"closed_level_a": "9", "closed_level_b": ""}, "闭室：没有填 T02 的最终级数"),
                        ({"closed_level_a": "9", "closed_level_b": "Z"}, "闭室：T02 的最终级数 Z 无效"),
                        ({"closed_deals": "T01+3, T02+5"}, "闭室：牌局记录第 2 项 T02+5：升级数 5 不在 1–3 之间"),
                        ({"open_deals": "T01+3, T02+5", "open_level_a": "", "open_level_b": "",
                          "closed_level_a": "9", "closed_level_b": "Q"}, "开室：牌局记录第 2 项 T02+5")):
        status, page = post(running, "main/1/1", "save", **{**opened, **typed})
        problems = block(page, "problems")
        assert status == 422 and said in problems, problems
        assert not YAML_WORDS.search(problems), problems
        # and the same while typing (the live check)
        status, body = post(running, "main/1/1", "check", **{**opened, **typed})
        [checked] = json.loads(body)["problems"]
        assert said in checked["message"] and not YAML_WORDS.search(checked["message"] + checked["hint"])
    assert (root / "events" / "gd" / "results" / "round-1.yaml").read_bytes() == before


def test_the_one_room_saved_by_the_secretary_is_said_in_the_forms_terms(tmp_path: Path, desk_of) -> None:  # noqa: F811
    from tests.test_desk_records import Secretary

    running = desk_of(make(tmp_path, FOUR, FOUR_TABLES, players=4))
    status, page = Secretary(running).post("main/1/2", "save", open_level_a="Q", open_level_b="9")
    assert status == 200 and 'id="saved"' in page
    warned = block(page, "warnings")
    assert "第 2 桌只录入了开室，闭室的记录还没有" in warned and "闭室的记分表收到后，填在本页的闭室一栏" in warned
    assert not YAML_WORDS.search(warned), warned


KO = """\
format: knockout
seeding: [T01, T02, T03, T04]
profile: national
"""


def test_a_knockout_tie_points_at_the_forms_extra_deal_field(tmp_path: Path, desk_of) -> None:  # noqa: F811
    from tests.test_desk import post

    running = desk_of(make(tmp_path, KO, TWO))
    status, page = post(running, "main/1/1", "save", level_a="9", level_b="9")
    problems = block(page, "problems")
    assert status == 422 and "打平，淘汰赛必须有胜者" in problems
    assert "在「加赛头游方」一栏选出" in problems and not YAML_WORDS.search(problems), problems
    assert "加赛头游方" in text(page).split("在「加赛头游方」一栏选出")[1]  # the field it names is on the form
    status, page = post(running, "main/1/1", "save", level_a="9", level_b="8", tiebreak_deal="T02")
    problems = block(page, "problems")
    assert status == 422 and "比赛没有打平（T01 9 : T02 8），不应填「加赛头游方」T02" in problems
    assert not YAML_WORDS.search(problems), problems


def shown(page: str) -> str:
    """The text a phone shows: `text` without the blocks the page hides (those the live check
    fills)."""
    return text(re.sub(r'<(div|p)\b[^>]*\shidden\b[^>]*>.*?</\1>', " ", page, flags=re.S))


def test_a_table_is_told_before_saving_that_it_saves_both_rooms_at_once(tmp_path: Path, desk_of) -> None:  # noqa: F811
    from tests.test_desk import post
    from tests.test_desk_records import Secretary

    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)
    running = desk_of(root)
    results = root / "events" / "gd" / "results" / "round-1.yaml"
    before = results.read_bytes()
    both = "开室和闭室都填完才能保存：每桌只能提交一次。"
    status, page = fetch(running.desk.link("main/1/1"))
    assert status == 200 and both in shown(page)  # up front, before anything is typed
    # the open room alone, checked: why it cannot be saved yet, in the form's terms; no "仍可保存"
    status, page = post(running, "main/1/1", "preview", open_level_a="Q", open_level_b="9")
    waiting = block(page, "incomplete")
    assert status == 200 and waiting.startswith(both), waiting
    assert "第 1 桌只录入了开室，闭室的记录还没有" in waiting and "填在本页的闭室一栏" in waiting
    assert "仍可保存" not in shown(page) and not YAML_WORDS.search(shown(page).split("核对成绩")[0])
    status, body = post(running, "main/1/1", "check", open_level_a="Q", open_level_b="9")
    checked = json.loads(body)
    assert checked["waiting"] and checked["warnings"] == [] and "闭室" in checked["incomplete"][0]["hint"]
    # saved anyway: refused, said once, nothing written
    status, page = post(running, "main/1/1", "save", open_level_a="Q", open_level_b="9")
    assert status == 409 and block(page, "incomplete").startswith("未保存：每桌只能提交一次")
    assert "仍可保存" not in shown(page) and shown(page).count("每桌只能提交一次") == 1
    assert results.read_bytes() == before
    # the secretary may save one room: no such note, and the warning is under "仍可保存", truly
    secretary = Secretary(running)
    assert both not in shown(secretary.page("main/1/1"))
    status, page = secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9")
    assert status == 200 and "仍可保存" in block(page, "warnings") and block(page, "incomplete") == ""


# What a results file's reader calls a penalty: its path in the file, a YAML mapping as example.
READER_WORDS = re.compile(r"tables\[|penalties|\{team|levels:|winner:|映射")


def test_a_penalty_line_is_said_as_the_penalties_box_is_typed(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A line of the secretary's penalties box the reader refuses: its levels out of range (T01
    0), or a line that reads as no penalty (T01 x). Said as the box is typed, its name and the
    line's number, in the room it is in; never the reader's path (tables[1].rooms.closed.
    penalties[1].levels) nor a YAML mapping as the example."""
    from tests.test_desk_records import Secretary

    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    results = root / "events" / "gd" / "results" / "round-1.yaml"
    before = results.read_bytes()
    levels = {"open_level_a": "Q", "open_level_b": "9", "closed_level_a": "8", "closed_level_b": "9"}
    for line, said, fix in (("T01 1 迟到\nT01 0 迟到", "闭室：「罚级」第 2 行：T01 罚 0 级，超出范围", "罚级在 1 到 12 级之间"),
                            ("T01 x", "闭室：「罚级」第 1 行“T01 x”无法识别", "被罚方 级数 原因，如 T02 2 迟到10分钟"),
                            # the line the secretary sees, blank lines counted: the record skips
                            # them, and its 2nd penalty was said as the 2nd of the box
                            ("T01 1 迟到\n\nT01 0 迟到", "闭室：「罚级」第 3 行：T01 罚 0 级，超出范围", "罚级在 1 到 12 级之间"),
                            ("\nT01 x\nT01 1 迟到", "闭室：「罚级」第 2 行“T01 x”无法识别", "被罚方 级数 原因"),
                            # a team not at the table, named once (it read 闭室：T09：T09 不在这一桌)
                            ("T01 1 迟到\n\n T09 2 迟到", "闭室：「罚级」第 3 行：T09 不在这一桌（本桌：T01、T02），是不是 T02？",
                             "每行开头写被罚的一方，本桌一队的编号")):
        status, page = secretary.post("main/1/1", "save", **levels, closed_penalties=line)
        problems = block(page, "problems")
        assert status == 422 and said in problems and fix in problems, problems
        assert not READER_WORDS.search(problems) and problems.count("T09") <= 1, problems
        csrf = re.search(r'name="csrf" value="([^"]+)"', secretary.page("main/1/1")).group(1)
        status, body = fetch(f"{running.secretary}/t/main/1/1", {"k": "", "csrf": csrf, "action": "check", **levels,
                                                               "closed_penalties": line}, opener=secretary.opener)
        [checked] = json.loads(body)["problems"]
        assert checked["message"] == said and not READER_WORDS.search(checked["message"] + checked["hint"]), checked
    # the deal log's message, which the penalty's shared: the deal as typed, then its team
    status, page = secretary.post("main/1/1", "save", open_deals="T01+2, T09+2", closed_level_a="8",
                                  closed_level_b="9")
    assert status == 422 and "开室：T09+2：T09 不在这一桌（本桌：T01、T02）" in block(page, "problems"), page
    assert results.read_bytes() == before


KO_SIDES = """\
  - table: 1
    {a}: D01
    {b}: D04
  - table: 2
    {a}: D02
    {b}: D03
"""


@pytest.mark.parametrize(("game", "sides", "tied", "won"), [
    ("bridge", ("ns", "ew"), {"b1": "pass"}, {"b1": "3NT N ="}),
    ("daguai", ("home", "away"), {"b1_open": "D01 8", "b1_closed": "D04 8"}, {"b1_open": "D01 8", "b1_closed": "D01 5"}),
    ("shengji", ("home", "away"), {"b1_open": "80", "b1_closed": "80"}, {"b1_open": "40", "b1_closed": "80"}),
])
def test_a_knockouts_referee_winner_is_said_by_the_forms_field(tmp_path: Path, desk_of, game: str,  # noqa: F811
                                                              sides: tuple[str, str], tied: dict, won: dict) -> None:
    """The games whose knockout tie the referee settles (the form's 平局时的胜方): a winner not at
    the table, or one the result contradicts, is said by that field's name, not as the results
    file's `winner: D09`. (The field is the secretary's form's: the referee's decision.)"""
    from tests.test_desk_records import Secretary

    tables = KO_SIDES.format(a=sides[0], b=sides[1])
    root = make(tmp_path, "format: knockout\nseeding: [D01, D02, D03, D04]\nboards: 1\n", tables, game=game, prefix="D")
    running = desk_of(root)
    secretary = Secretary(running)
    for typed, said, fix in (({**tied, "winner": "D09"}, "「平局时的胜方」选了 D09，不是这一桌的一方（D01, D04）",
                              "「平局时的胜方」只能选本桌的一方"),
                             ({**won, "winner": "D04"}, "「平局时的胜方」选了 D04，但比赛结果是 D01 胜",
                              "「平局时的胜方」只在成绩相同时选")):
        status, page = secretary.post("main/1/1", "save", **typed)  # (the referee's winner: the secretary's form)
        problems = block(page, "problems")
        assert status == 422 and said in problems and fix in problems, problems
        assert not YAML_WORDS.search(problems), problems


def hidden_said(page: str) -> list[str]:
    """The text of the page's hidden blocks (those the live check fills): what the page holds
    but does not show."""
    found = re.finditer(r'<(div|p)\b[^>]*\shidden\b[^>]*>(.*?)</\1>', page, flags=re.S)
    return [said for match in found if (said := text(match.group(2)).strip())]


def test_a_page_holds_only_what_applies_to_it(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The blocks the live check fills are on every form, hidden where they do not apply; they
    held their headings even then ("请注意（仍可保存）：" on a table's page, which may not save a
    room alone; the table's note on the secretary's page), read by anything reading the page
    but never shown. Hidden now means empty; shown, they say what they said."""
    from tests.test_desk import post
    from tests.test_desk_records import Secretary

    running = desk_of(make(tmp_path, FOUR, FOUR_TABLES, players=4))
    status, page = fetch(running.desk.link("main/1/1"))
    assert status == 200 and hidden_said(page) == [] and "仍可保存" not in page
    assert "开室和闭室都填完才能保存" in shown(page)
    status, page = post(running, "main/1/1", "preview", open_level_a="Q", open_level_b="9")
    assert status == 200 and hidden_said(page) == [] and "仍可保存" not in page
    assert block(page, "incomplete").startswith("开室和闭室都填完才能保存")
    status, page = post(running, "main/1/1", "preview", open_level_a="Q", open_level_b="9",
                        closed_level_a="9", closed_level_b="Q")
    assert status == 200 and hidden_said(page) == [] and "仍可保存" not in page and "开室和闭室" in shown(page)
    assert block(page, "score").startswith("计算结果")
    secretary = Secretary(running)
    page = secretary.page("main/1/1")
    assert hidden_said(page) == [] and "仍可保存" not in page and "开室和闭室" not in page
    status, page = secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9")
    assert status == 200 and hidden_said(page) == [] and "仍可保存" in block(page, "warnings")
    # the live check's answer brings the headings it shows the blocks with
    status, body = post(running, "main/1/2", "check", open_level_a="Q", open_level_b="9")
    headings = json.loads(body)["headings"]
    assert headings["warnings"] == "请注意（仍可保存）：" and headings["incomplete"].startswith("开室和闭室都填完才能保存")


from tests.test_desk import browser  # noqa: E402,F401 - the module's Chromium at 390 px (a fixture)


@pytest.mark.slow
def test_the_live_check_fills_a_block_only_when_it_applies(browser, tmp_path: Path, desk_of) -> None:  # noqa: F811
    """Typing at a phone: each block the check fills has its heading and lines when it applies,
    and is hidden and empty when it does not (the headings come with the check's answer)."""
    running = desk_of(make(tmp_path, FOUR, FOUR_TABLES, players=4))
    phone = browser.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))

    def blocks() -> dict[str, tuple[bool, str]]:
        return {name: (phone.locator(f"#{name}").is_hidden(), phone.locator(f"#{name}").text_content().strip())
                for name in ("rooms-both", "problems", "incomplete", "warnings", "score")
                if phone.locator(f"#{name}").count()}

    phone.goto(running.desk.link("main/1/1"))
    phone.fill("#open_level_a", "Q")
    phone.fill("#open_level_b", "9")
    phone.locator("#incomplete-lines li").wait_for()  # checked while typing: the open room alone
    found = blocks()
    assert found["incomplete"][0] is False and found["incomplete"][1].startswith("开室和闭室都填完才能保存")
    assert {name: found[name] for name in ("rooms-both", "problems", "warnings")} == {
        name: (True, "") for name in ("rooms-both", "problems", "warnings")}
    phone.fill("#closed_level_a", "9")
    phone.fill("#closed_level_b", "Q")
    phone.locator("#rooms-both").wait_for(state="visible")  # checked again: both rooms in
    found = blocks()
    assert found["rooms-both"] == (False, "开室和闭室都填完才能保存：每桌只能提交一次。")
    assert found["incomplete"] == (True, "") and found["warnings"] == (True, "") and found["problems"] == (True, "")
    assert found["score"][1].startswith("计算结果")
    phone.fill("#closed_level_b", "Z")
    phone.locator("#problems li").wait_for()
    found = blocks()
    assert found["problems"][0] is False and "闭室：T02 的最终级数 Z 无效" in found["problems"][1]
    assert found["score"] == (True, "")
    # the secretary, who may save one room: the warning under "may still be saved", as the page says it
    phone.goto(running.desk.admin_link)
    phone.goto(f"{running.secretary}/t/main/1/2")
    phone.fill("#open_level_a", "Q")
    phone.fill("#open_level_b", "9")
    phone.locator("#warning-lines li").wait_for()
    found = blocks()
    assert found["warnings"][0] is False and found["warnings"][1].startswith("请注意（仍可保存）：")
    assert found["incomplete"] == (True, "") and "rooms-both" not in found
    assert errors == []


@pytest.mark.parametrize(("slug", "typed", "why", "heading"), [
    # one room of two boards: the check's warning says the match does not count yet
    ("chem-park-daguai-2016", {"b1_open": "D07 5", "b2_open": "D02 3"},
     "两室都录入之前，这场比赛不计成绩", "本场每一副牌的开室和闭室都填完才能保存"),
    # both rooms of two boards of six: the warning, and the game's note under the score
    ("chem-park-daguai-2016", {"b1_open": "D07 5", "b1_closed": "D02 3", "b2_open": "D02 3", "b2_closed": "D02 1"},
     "还有 4 副未录入（第 3、4、5、6 副）：录全后才有比赛分和胜负，计入排名", "本场每一副牌的开室和闭室都填完才能保存"),
    ("gaoxiao-bridge-teams-2024", {"b1_open": "1NT S =", "b1_closed": "1S S -1"},
     "还有 7 副未录入：录全后才有胜利分和胜负，计入排名", "本场每一副牌的开室和闭室都填完才能保存"),
])
def test_a_match_not_whole_yet_is_said_so_once(tmp_path: Path, slug: str, typed: dict, why: str,
                                                heading: str) -> None:
    """The secretary's form of a match not whole yet said so in the check's warning, in the
    game's note under the score, and then once more under them all, "成绩还不完整：全部填完（如两室）
    后才计入" (the score's only line for one room typed: "计算结果 成绩还不完整"). Said once, where
    the page says why. A table's link, which saves the whole match, is told to enter every board
    in both rooms when boards are missing, not "both rooms" it has entered (大怪路子's
    daguai-boards-missing was not known for a board count)."""
    from tests.test_desk import post, spot_of, start
    from tests.test_desk_records import Secretary

    spot, _ = spot_of(tmp_path, slug, "round-1.yaml", 1, "boards")
    running = start(tmp_path / "content", slug=slug)
    try:
        key = f"{spot.stage.id}/{spot.number}/1"
        status, page = Secretary(running).post(key, "preview", **typed)
        assert status == 200 and shown(page).count(why) == 1, shown(page)
        assert "成绩还不完整" not in page
        status, body = Secretary(running).post(key, "check", **typed)
        assert status == 200 and not any("成绩还不完整" in line for line in json.loads(body)["lines"])
        status, page = post(running, key, "preview", **typed)
        assert status == 200 and block(page, "incomplete").startswith(heading), block(page, "incomplete")
        assert "成绩还不完整" not in page
    finally:
        running.stop()


def test_a_match_not_whole_yet_that_nothing_else_explains_is_said_so() -> None:
    """The line is kept for a match the check holds pending without a warning saying why (nothing
    else on the page would): what decides it is the warnings' codes and the game's note."""
    from generator.desk.app import waiting_said
    from generator.desk.forms import Check
    from generator.errors import ContentError, Mark
    from generator.render.i18n import Translator

    class Spot:
        class event:  # noqa: N801 - a TableSpot's event, as far as waiting_said reads it
            game = "bridge"

    t = Translator("zh-Hans")
    assert not waiting_said(Spot, Check([], None, incomplete=True), t)
    for code in ("room-pending", "guandan-room-pending", "daguai-boards-missing", "bridge-match-board-count"):
        warned = ContentError(code, Mark(Path("round-1.yaml")), {}, warning=True)
        assert waiting_said(Spot, Check([warned], None, incomplete=True), t), code
    other = ContentError("daguai-violation", Mark(Path("round-1.yaml")), {}, warning=True)
    assert not waiting_said(Spot, Check([other], None, incomplete=True), t)
