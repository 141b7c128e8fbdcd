"""An 80分 pairs table at the results desk (rules-shengji.md, "Pairs event"): its form says what
to type, as bridge's does (how a board is written, a box's example), in the game's words; its
check and its save say each board typed; a board the reader cannot take says the forms it can
(np, the adjusted score). Over HTTP to the real stack on 127.0.0.1, as tests/test_desk.py does;
the demo's pairs event with its round 7 drawn by `paibang pair`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator import cli
from tests.support import demo_content
from tests.test_desk import Running, fetch, post, start
from tests.test_desk_said import block, text

SLUG = "hefei-80fen-pairs-2012"


@pytest.fixture()
def pairs(tmp_path: Path):
    """The demo's pairs event, round 7 drawn again by `pair`: (the desk, table 1's boards)."""
    content = demo_content(tmp_path, SLUG)
    (content / "events" / SLUG / "results" / "round-7.yaml").unlink()
    assert cli.main(["pair", SLUG, "pairs", "--content", str(content)]) == 0
    running = start(content, slug=SLUG)
    round_7 = (content / "events" / SLUG / "results" / "round-7.yaml").read_text(encoding="utf-8")
    boards = [int(n) for n in re.findall(r"# ([0-9]+):", round_7.split("table: 2")[0])]
    yield running, boards
    running.stop()


def test_the_pairs_form_says_what_to_type_and_the_save_says_each_board(pairs: tuple[Running, list[int]]) -> None:
    """The form had no hint, no placeholder, no example (bridge's has all three), and the
    computed score after a save had no board lines: how a board is written above the boards,
    an example in each box, and each board typed said as the round page says it."""
    running, (first, second) = pairs
    status, page = fetch(running.desk.link("pairs/7/1"))
    assert status == 200
    how = text(re.search(r'<p class="hint" id="boards-how">(.*?)</p>', page, re.S).group(1)).strip()
    assert how.startswith("每副牌写防守方实得分") and "60+25×2" in how and "np" in how and "0%/60%" in how, how
    assert "{adjusted" not in how, how  # (the results file's keys, which a secretary does not type)
    assert page.count('placeholder="如 85 或 60+25×2"') == 2
    assert re.search(r'<div class="boards single" aria-describedby="boards-how">', page)
    # (an adjusted board is the referee's, entered by the secretary: the table's own is refused below)
    from tests.test_desk_records import Secretary
    from tests.test_desk_team_boards import send

    secretary = Secretary(running)
    typed = {f"b{first}": "60+25×2", f"b{second}": "0%/60%"}
    _, body = send(secretary, "pairs/7/1", "check", **typed)
    lines = json.loads(body)["lines"]
    assert re.fullmatch(rf"第 {first} 副（庄位 [北东南西]，阶数 \w+）：防守方 (南北|东西) 110（扣底 60 \+ 25×2）", lines[0]), lines
    assert re.fullmatch(rf"第 {second} 副（庄位 [北东南西]，阶数 \w+）：调整分 南北违例", lines[1]), lines
    status, page = send(secretary, "pairs/7/1", **typed)
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    said = text(block(page, "score"))
    assert lines[0] in said and lines[1] in said and "比赛分在这几副牌的各桌都录完后计算" in said, said


@pytest.mark.parametrize("typed", ["adjusted: NS", "NS 0%", "A-/A+", "120%/0%"])
def test_a_ruling_typed_another_way_is_told_the_adjusted_form(pairs: tuple[Running, list[int]], typed: str) -> None:
    """Only 0%/60% (NS's and EW's percentages) is an adjusted board: `adjusted: NS`, `NS 0%`,
    bridge's A-/A+ were refused with a message about the defenders' points alone, naming neither
    the adjusted form nor np. The message and its fix name both, in the form's words."""
    running, (first, second) = pairs
    status, page = post(running, "pairs/7/1", "preview", **{f"b{first}": typed, f"b{second}": "30"})
    said = block(page, "problems")
    assert status == 422 and f"第 {first} 副的格子里的 {typed} 看不懂" in said, said  # (the form's box, not the file's record)
    message, _, hint = said.partition("→")
    for words in (message, hint):
        assert "0%/60%" in words and "np" in words and "{adjusted" not in words, said
    assert "违例方得 0%，另一方得 60%" in hint
    from tests.test_desk_records import Secretary

    status, page = Secretary(running).post("pairs/7/1", "preview", **{f"b{first}": "0%/60%", f"b{second}": "30"})
    assert status == 200 and not block(page, "problems")  # (the form the message gives is taken, from the secretary)


def test_an_adjusted_board_is_typed_and_shown_as_its_percentages(pairs: tuple[Running, list[int]]) -> None:
    """The form took and showed an adjusted board in the results file's words, {adjusted: NS}
    and {adjusted: {NS: 40, EW: 60}}. Typed as NS's and EW's percentages (full-width too), it is
    written as the rules name it (the offender, for the rule's 0%/60%; the referee's own
    percentages else), shown back so, and a save of the form unchanged writes nothing."""
    from tests.test_desk_records import Secretary
    from tests.test_desk_team_boards import send

    running, (first, second) = pairs
    path = running.desk.folder / "results" / "round-7.yaml"
    secretary = Secretary(running)
    status, page = send(secretary, "pairs/7/1", **{f"b{first}": "\uff16\uff10\uff05 / 0%", f"b{second}": "40%/60%"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    written = path.read_text(encoding="utf-8")
    assert f"      {first}: {{adjusted: EW}}\n      {second}: {{adjusted: {{NS: 40, EW: 60}}}}\n" in written, written
    page = secretary.page("pairs/7/1")
    assert f'name="b{first}" value="60%/0%"' in page and f'name="b{second}" value="40%/60%"' in page, page
    status, page = send(secretary, "pairs/7/1")
    assert status == 200 and path.read_text(encoding="utf-8") == written


def test_a_pairs_boards_note_has_a_box_of_its_own_on_the_secretarys_form(pairs: tuple[Running, list[int]]) -> None:
    """A pairs board written with the referee's note (`{points: 85, note: 重新发牌}`) showed in its
    box as that mapping, the results file's keys, to be typed back so. Its box shows the result
    (85, 0%/60%), the note a box of its own on the secretary's form (a table's phone keeps it);
    a save unchanged writes nothing, a result corrected keeps the note, a note emptied goes."""
    from tests.test_desk_records import Secretary
    from tests.test_desk_team_boards import boxes, send

    running, (first, second) = pairs
    path = running.desk.folder / "results" / "round-7.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(f"      # {first}:\n      # {second}:\n") == 1, text
    path.write_text(text.replace(f"      # {first}:\n      # {second}:\n",
                                 f"      {first}: {{points: 85, note: \u91cd\u65b0\u53d1\u724c}}\n"
                                 f"      {second}: {{adjusted: NS, note: \u85cf\u724c\u9519\u8bef}}\n"), encoding="utf-8")
    running.desk.load()
    written = path.read_text(encoding="utf-8")
    secretary = Secretary(running)
    page = secretary.page("pairs/7/1")
    shown = boxes(page)
    assert (shown[f"b{first}"], shown[f"b{first}_note"]) == ("85", "\u91cd\u65b0\u53d1\u724c"), shown
    assert (shown[f"b{second}"], shown[f"b{second}_note"]) == ("0%/60%", "\u85cf\u724c\u9519\u8bef"), shown
    assert "{" not in shown[f"b{first}"] + shown[f"b{second}"]
    assert running.desk.t("desk_board_notes") in page and running.desk.t("desk_board_notes_hint") in page
    status, answer = send(secretary, "pairs/7/1")  # as shown: nothing written
    assert status == 200 and path.read_text(encoding="utf-8") == written, answer
    status, answer = send(secretary, "pairs/7/1", **{f"b{first}": "90", f"b{second}_note": ""})
    assert status == 200 and 'id="saved"' in answer, block(answer, "problems")
    after = path.read_text(encoding="utf-8")
    assert f"      {first}: {{points: 90, note: \u91cd\u65b0\u53d1\u724c}}\n      {second}: {{adjusted: NS}}\n" in after, after
    # a table's phone has no note box, and its boxes show the result alone
    status, page = fetch(running.desk.link("pairs/7/1"))
    assert f'name="b{first}_note"' not in page


def test_a_note_typed_without_the_boards_result_is_refused_in_the_forms_words(pairs: tuple[Running, list[int]]) -> None:
    """A note typed with the board's result box empty was refused as a board the reader could
    not read, shown as {…} (the results file's mapping, which nobody typed). It names the board,
    its note as typed and the fix in the form's words, the note kept on the form."""
    from tests.test_desk_records import Secretary
    from tests.test_desk_team_boards import boxes, send

    running, (first, second) = pairs
    path = running.desk.folder / "results" / "round-7.yaml"
    before = path.read_bytes()
    secretary = Secretary(running)
    status, page = send(secretary, "pairs/7/1", **{f"b{first}": "", f"b{first}_note": "\u91cd\u65b0\u53d1\u724c",
                                                   f"b{second}": "30"})
    said = text(block(page, "problems"))
    assert status == 422 and path.read_bytes() == before
    assert f"\u7b2c {first} \u526f\u7684\u7ed3\u679c\u683c\u5b50\u662f\u7a7a\u7684\uff0c\u53ea\u586b\u4e86\u672c\u526f\u5907\u6ce8\uff08\u91cd\u65b0\u53d1\u724c\uff09" in said, said
    assert "{" not in said and "\u2026" not in said, said
    assert boxes(page)[f"b{first}_note"] == "\u91cd\u65b0\u53d1\u724c"


def test_the_referees_board_leaves_the_table_its_other_board(pairs: tuple[Running, list[int]]) -> None:
    """The secretary saved the referee's adjusted score on one board of a table (`{adjusted: NS}`,
    the other board still `# n:`): the table's link said the desk had entered the whole table
    (has_record counted the ruling as the table's), and the other board could never be entered
    from the phone. The ruling is shown read only, the referee's; the table enters the other
    board, and its save keeps the ruling as the secretary wrote it."""
    from tests.test_desk_records import Secretary
    from tests.test_desk_team_boards import send

    running, (first, second) = pairs
    path = running.desk.folder / "results" / "round-7.yaml"
    status, page = send(Secretary(running), "pairs/7/1", **{f"b{first}": "0%/60%"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    assert f"      {first}: {{adjusted: NS}}\n      # {second}:\n" in path.read_text(encoding="utf-8")
    status, page = fetch(running.desk.link("pairs/7/1"))
    assert status == 200 and 'id="done"' not in page and 'id="entry"' in page, page
    assert re.search(rf'<output id="b{first}" class="kept"[^>]*>0%/60%</output>', page), page
    assert running.desk.t("desk_board_directors") in page
    assert f'name="b{first}"' not in page and f'name="b{second}"' in page
    # what a phone sends for the ruled board (a page of its own, a script) changes nothing of it
    status, page = post(running, "pairs/7/1", "save", **{f"b{first}": "85", f"b{second}": "30"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    assert f"      {first}: {{adjusted: NS}}\n      {second}: 30\n" in path.read_text(encoding="utf-8")

def refused_at_the_table(running: Running, board: int, typed: dict[str, str]) -> str:
    """`typed` posted from table 1's link, previewed and saved: refused both times (422), board
    `board`'s box marked for a screen reader (forms.fields_at), nothing written. What was said."""
    path = running.desk.folder / "results" / "round-7.yaml"
    before = path.read_bytes()
    for action in ("preview", "save"):
        status, page = post(running, "pairs/7/1", action, **typed)
        said = block(page, "problems")
        assert status == 422 and 'id="saved"' not in page, page
        assert re.search(rf'<input[^>]*name="b{board}"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="b{board}"',
                         page), page
    assert path.read_bytes() == before
    return said



@pytest.mark.parametrize("typed", ["100%/0%", "60%/60%", "0%/60%", "\uff10\uff05\uff0f\uff16\uff10\uff05", "{adjusted: EW}",
                                   "{adjusted: {NS: 100, EW: 0}}"])
def test_a_tables_phone_cannot_award_itself_an_adjusted_score(pairs: tuple[Running, list[int]], typed: str) -> None:
    """A table's phone saved `100%/0%` on its own board: adjusted scores are the referee's
    (\u7b2c\u4e94\u6761 4.D, \u7b2c\u4e03\u6761), entered by the secretary. Refused from the table's link however it
    is typed (percentages, full-width, the file's mapping), saying whose it is and what to do;
    nothing is written, and the table's link still takes its boards."""
    running, (first, second) = pairs
    said = refused_at_the_table(running, first, {f"b{first}": typed, f"b{second}": "30"})
    assert f"第 {first} 副：" in said and "是调整分，只能由裁判判给（第五条 4.D、第七条）：没有保存" in said, said
    assert "请叫裁判：调整分由裁判在记录台录入" in said and "12C2" not in said, said
    status, page = post(running, "pairs/7/1", "save", **{f"b{first}": "85", f"b{second}": "30"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")


PENALTY = "{points: 85, penalty: {against: NS, points: 20}}"


@pytest.mark.parametrize("typed", [PENALTY, "{points: 85, penalty: [{against: EW, points: 10}]}",
                                   "\uff5bpoints: 85, penalty: {against: NS, points: 20}\uff5d"])
def test_a_tables_phone_cannot_give_a_penalty(pairs: tuple[Running, list[int]], typed: str) -> None:
    """A table's phone saved 85 with a penalty of 20 against NS on its own board: penalties are
    the referee's (\u7b2c\u516d\u6761, on a call to the referee), and the pairs score sheet has no
    line for one (its columns end at the defenders' points). Refused from the table's link,
    saying whose it is and what to type, its box marked, in the form's words: the message
    quoted the mapping typed whole, the results file's `{points: 85, penalty: {against: NS, ...}}`;
    nothing is written, and the same board without the penalty is taken."""
    running, (first, second) = pairs
    said = refused_at_the_table(running, first, {f"b{first}": typed, f"b{second}": "30"})
    # (第 N 副的格子里填了罚分：罚分只能由裁判判给（第六条）)
    assert f"\u7b2c {first} \u526f\u7684\u683c\u5b50\u91cc\u586b\u4e86\u7f5a\u5206\uff1a" in said, said
    assert "\u7f5a\u5206\u53ea\u80fd\u7531\u88c1\u5224\u5224\u7ed9\uff08\u7b2c\u516d\u6761\uff09" in said, said
    assert not [word for word in ("points", "penalty", "against", "{", "\uff5b") if word in said], said
    assert "\u8bf7\u53eb\u88c1\u5224\uff1a\u7f5a\u5206\u7531\u88c1\u5224\u5728\u8bb0\u5f55\u53f0\u5f55\u5165" in said, said
    status, page = post(running, "pairs/7/1", "save", **{f"b{first}": "85", f"b{second}": "30"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    path = running.desk.folder / "results" / "round-7.yaml"
    assert f"      {first}: 85\n      {second}: 30\n" in path.read_text(encoding="utf-8")


def test_the_referees_penalty_is_kept_when_the_table_saves_its_other_board(pairs: tuple[Running, list[int]]) -> None:
    """The secretary enters the referee's penalty on one board (the board's box, in the file's
    words); the table's form shows that board read only, the referee's, and its save of the
    other board keeps the penalty as written (a table typing the board again dropped it, or
    docked its own score)."""
    from tests.test_desk_records import Secretary
    from tests.test_desk_team_boards import send

    running, (first, second) = pairs
    path = running.desk.folder / "results" / "round-7.yaml"
    status, page = send(Secretary(running), "pairs/7/1", **{f"b{first}": PENALTY})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    written = f"      {first}: {PENALTY}\n"
    assert written + f"      # {second}:\n" in path.read_text(encoding="utf-8")
    status, page = fetch(running.desk.link("pairs/7/1"))
    assert status == 200 and 'id="done"' not in page and 'id="entry"' in page, page
    assert re.search(rf'<output id="b{first}" class="kept"[^>]*>{{points: 85, penalty: ', page), page
    assert f'name="b{first}"' not in page and f'name="b{second}"' in page
    status, page = post(running, "pairs/7/1", "save", **{f"b{first}": "85", f"b{second}": "30"})
    assert status == 200 and 'id="saved"' in page, block(page, "problems")
    assert written + f"      {second}: 30\n" in path.read_text(encoding="utf-8")


def test_the_referees_split_is_any_two_percentages_of_the_top() -> None:
    """\u7b2c\u4e03\u6761 lets the chief referee adjust by what the non-offending side lost, each side on its own
    (its percentage is of its own comparisons, as bridge's A+/A+ when neither side is at fault):
    60%/60% and 40%/40% are his to give, and the rule's 0%/60% is written as the offender.
    A side's share over 100 % is no score, and is not read as an adjusted board."""
    from generator.games.shengji import records

    assert records.typed_adjusted("60%/60%") == {"adjusted": {"NS": 60, "EW": 60}}
    assert records.typed_adjusted("40% / 40%") == {"adjusted": {"NS": 40, "EW": 40}}
    assert records.typed_adjusted("100%/0%") == {"adjusted": {"NS": 100, "EW": 0}}
    assert records.typed_adjusted("60%/0%") == {"adjusted": "EW"}
    assert records.typed_adjusted("101%/0%") is None and records.typed_adjusted("0%/120%") is None
