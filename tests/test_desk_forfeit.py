"""A forfeit at the results desk, as a reviewer (rev54) ran a 大怪路子 Swiss and an 80分 round robin
through a day with it:

- a table's phone link offered 弃权 for either team: chosen with the boards left empty, it saved
  `forfeit: D01`, two match points to the other team with no play, which the table's one save
  then kept it from undoing; the admin page said only "已录 · 本桌已提交". A forfeit is the
  referee's decision (the score sheet has no box for it): the secretary's form alone offers it, a
  table's link refuses one sent, and the admin page says a forfeit is what was entered;
- a withdrawn team's table whose forfeit `pair` had written was listed "无需录入 | 写明弃权", and
  its page said to choose the team and save, chosen already;
- a table phone's problems spoke the results file's syntax (`1: {open: D01 8, closed: D02 1}`,
  `整副写 np（例如 1: np）`, `forfeit: 队号`);
- the draw notice gave a withdrawn team's table seats in both rooms, where nobody sits.

Posted over HTTP to the real desk, as a phone and the secretary's browser send their forms.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.support import demo_content, withdraw
from tests.test_desk import fetch, post, start
from tests.test_desk_records import Secretary
from tests.test_desk_said import block

DAGUAI = "chem-park-daguai-2016"  # swiss, 6 boards a round; round 7 table 1 is D10 v D01
EIGHTY = "hefei-80fen-teams-2012"  # round robin, 8 boards a round; round 7 table 1 is T04 v T08


def first_table_unplayed(tmp_path: Path, slug: str, number: int = 7) -> tuple[Path, Path]:
    """The demo event with the boards of round `number`'s table 1 taken out: a match still to enter."""
    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / f"round-{number}.yaml"
    text = path.read_text(encoding="utf-8")
    first, rest = text.split("  - table: 2\n", 1)
    path.write_text(re.sub(r"    boards:\n(?:      .*\n)+", "", first) + "  - table: 2\n" + rest, encoding="utf-8")
    return content, path


def admin_row(running, secretary: Secretary, number: int) -> str:  # noqa: ANN001
    _, page = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    return html.unescape(re.sub(r"<[^>]+>", " ", re.search(rf'<tr><td class="num">{number}</td>.*?</tr>', page, re.S).group(0)))


@pytest.mark.parametrize(("slug", "stage", "side"), [(DAGUAI, "swiss", "D01"), (EIGHTY, "teams", "T08")])
def test_a_tables_link_cannot_enter_a_forfeit_the_secretarys_form_can(tmp_path: Path, slug: str, stage: str,
                                                                      side: str) -> None:
    content, path = first_table_unplayed(tmp_path, slug)
    key = f"{stage}/7/1"
    before = path.read_text(encoding="utf-8")
    running = start(content, slug=slug)
    try:
        status, page = fetch(running.desk.link(key))
        assert status == 200 and 'name="b1_open"' in page and 'name="forfeit"' not in page, page
        # a request made by hand: refused, said in the phone's words, nothing written, the link not used
        status, page = post(running, key, "save", forfeit=side)
        said = block(page, "problems")
        assert status == 422 and f"{side} \u5f03\u6743\u53ea\u80fd\u7531\u88c1\u5224\u5224\u5b9a" in said, said  # (only the referee)
        assert "\u8bf7\u53eb\u88c1\u5224" in said, said  # (call the referee)
        assert path.read_text(encoding="utf-8") == before
        assert not running.desk.tokens.used(key)
        assert 'name="b1_open"' in fetch(running.desk.link(key))[1]  # the table's form is still there to use
        # the secretary's form offers it, and the admin page says that a forfeit is what was entered
        secretary = Secretary(running)
        assert 'name="forfeit"' in secretary.page(key)
        status, page = secretary.post(key, "save", forfeit=side)
        assert status == 200 and 'id="saved"' in page, page
        assert f"    forfeit: {side}\n" in path.read_text(encoding="utf-8")
        running.desk.load()
        row = admin_row(running, secretary, 1)
        assert f"\u5df2\u5f55 \u00b7 {side} \u5f03\u6743" in row, row  # (entered · D01 forfeits)
        assert "\u5f03\u6743" not in admin_row(running, secretary, 2)  # (a played table: no such word)
    finally:
        running.stop()


def withdrawn_with_forfeit(tmp_path: Path) -> tuple[Path, Path]:
    """The 80分 round robin with T08 withdrawn from round 4, as `pair` leaves its later rounds: round
    4 drawn, no result yet, and `forfeit: T08` written on T08's table (T08 v T06)."""
    content = demo_content(tmp_path, EIGHTY)
    folder = content / "events" / EIGHTY
    withdraw(folder, "T08", 4)
    for number in (5, 6, 7):
        (folder / "results" / f"round-{number}.yaml").unlink()
    path = folder / "results" / "round-4.yaml"
    text = re.sub(r"    boards:\n(?:      .*\n)+", "", path.read_text(encoding="utf-8"))
    path.write_text(text.replace("    home: T08\n    away: T06\n", "    home: T08\n    away: T06\n    forfeit: T08\n", 1),
                    encoding="utf-8")
    return content, path


def test_a_withdrawn_teams_table_with_its_forfeit_written_is_entered(tmp_path: Path) -> None:
    content, _ = withdrawn_with_forfeit(tmp_path)
    running = start(content, slug=EIGHTY)
    try:
        secretary = Secretary(running)
        row = admin_row(running, secretary, 1)
        assert "\u5df2\u5f55 \u00b7 T08 \u5f03\u6743\uff08\u5df2\u9000\u8d5b\uff09" in row, row  # (entered · T08 forfeits (withdrawn))
        assert "\u5199\u660e\u5f03\u6743" not in row and "\u65e0\u9700\u5f55\u5165" not in row, row  # (not: write its forfeit)
        said = re.search(r'<p class="hint" id="withdrawn">(.*?)</p>', secretary.page("teams/4/1")).group(1)
        assert said.endswith("\uff1b\u5df2\u5199\u660e T08 \u5f03\u6743\u3002"), said  # (; T08's forfeit is written.)
        assert "\u540e\u4fdd\u5b58" not in said, said  # (not: choose T08 and save)
    finally:
        running.stop()


def test_a_withdrawn_teams_table_left_as_drawn_still_asks_for_its_forfeit(tmp_path: Path) -> None:
    content, path = withdrawn_with_forfeit(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("    forfeit: T08\n", ""), encoding="utf-8")
    running = start(content, slug=EIGHTY)
    try:
        secretary = Secretary(running)
        row = admin_row(running, secretary, 1)
        assert "\u65e0\u9700\u5f55\u5165" in row and "\u5199\u660e\u5f03\u6743" in row, row
        said = re.search(r'<p class="hint" id="withdrawn">(.*?)</p>', secretary.page("teams/4/1")).group(1)
        assert "\u9009 T08 \u540e\u4fdd\u5b58" in said, said  # (choose T08 and save)
    finally:
        running.stop()


def test_the_draw_notice_seats_nobody_at_a_withdrawn_teams_table(tmp_path: Path) -> None:
    from generator.build import validate
    from generator.render.bulletins import printed_round

    content, _ = withdrawn_with_forfeit(tmp_path)
    site, results, _ = validate(content)
    [result] = results
    notice = printed_round(result, "teams", 4, site.locale)[0]
    assert notice.columns[-2:] == ["\u5f00\u5ba4\u5357\u5317", "\u95ed\u5ba4\u5357\u5317"]  # (open room NS, closed room NS)
    rows = {row[0]: row for row in notice.rows}
    assert rows["1"][2] == "\u9000\u8d5b\uff08\u5f03\u6743\uff09"  # (withdrawn (forfeit)), as before
    assert rows["1"][-2:] == ["\u4e0d\u5165\u5ea7", "\u4e0d\u5165\u5ea7"], rows["1"]  # (nobody sits)
    assert rows["2"][-2:] == ["T07", "T05"], rows["2"]  # a match played: its seats


# The results file's syntax a table's phone was told to write.
FILE_SYNTAX = ("{open", "open:", "closed:", "forfeit", "1: np", "\u6574\u526f")


@pytest.mark.parametrize(("typed", "wanted"), [
    ({"b1_open": "D06"}, "\u7b2c 1 \u526f\u5f00\u5ba4\u7684\u683c\u5b50\u91cc\u7684 D06 \u770b\u4e0d\u61c2"),
    ({"b1_open": "D04:8", "b1_closed": "D10 3"}, "\u7b2c 1 \u526f\u5f00\u5ba4\u7684\u683c\u5b50\u91cc\u7684 D04:8 \u770b\u4e0d\u61c2"),
    # (the form's own hint: np in the open room's box)
    ({"b1_open": "D10 3", "b1_closed": "np"}, "\u5c31\u53ea\u5728\u5f00\u5ba4\u683c\u5199 np\u3001\u95ed\u5ba4\u683c\u7559\u7a7a"),
    ({f"b{n}_open": "np" for n in range(1, 7)}, "\u5f03\u6743\u7531\u88c1\u5224\u5224\u5b9a\uff0c\u5728\u8bb0\u5f55\u53f0\u5f55\u5165"),
])
def test_a_daguai_phone_is_told_in_the_forms_words(tmp_path: Path, typed: dict[str, str], wanted: str) -> None:
    content, _ = first_table_unplayed(tmp_path, DAGUAI)
    running = start(content, slug=DAGUAI)
    try:
        status, page = post(running, "swiss/7/1", "preview", **typed)
        said = block(page, "problems")
        assert status == 422 and wanted in said, said
        assert not [word for word in FILE_SYNTAX if word in said], said
    finally:
        running.stop()


def test_an_80fen_phone_with_np_on_every_board_is_told_in_the_forms_words(tmp_path: Path) -> None:
    content, _ = first_table_unplayed(tmp_path, EIGHTY)
    running = start(content, slug=EIGHTY)
    try:
        typed = {f"b{n}_{room}": "np" for n in range(1, 9) for room in ("open", "closed")}
        status, page = post(running, "teams/7/1", "preview", **typed)
        said = block(page, "problems")
        assert status == 422 and "\u6bcf\u526f\u724c\u90fd\u586b\u4e86\u672a\u6253\uff08np\uff09" in said, said
        assert "\u5f03\u6743\u7531\u88c1\u5224\u5224\u5b9a" in said and not [w for w in FILE_SYNTAX if w in said], said
    finally:
        running.stop()


def test_the_draw_notice_says_a_no_shows_table_is_forfeited(tmp_path: Path) -> None:
    """A forfeit written in advance (the referee's decision on a team that did not come, `forfeit:
    T1` on its table; T1 not withdrawn): the notice gave that table's seats to both teams, as for
    a match to play. Its seats say the forfeit, in both rooms; not "nobody sits", as for a
    withdrawn team, since the team present may still play the boards against substitutes
    (rules-bridge.md), its result the forfeit's all the same."""
    from generator.build import validate
    from generator.render.bulletins import printed_round

    slug = "gaoxiao-bridge-teams-2024"  # round 5 table 1 is T1 v T2
    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / "round-5.yaml"
    first, rest = path.read_text(encoding="utf-8").split("  - table: 2\n", 1)
    path.write_text(re.sub(r"    boards:\n(?:      .*\n)+", "", first) + "    forfeit: T1\n  - table: 2\n" + rest,
                    encoding="utf-8")
    site, results, _ = validate(content)
    [result] = results
    for locale, word in (("zh-Hans", "T1 \u5f03\u6743"), ("en", "T1 forfeits")):  # (T1 forfeits)
        notice = printed_round(result, "teams", 5, locale)[0]
        rows = {row[0]: row for row in notice.rows}
        assert rows["1"][-2:] == [word, word], rows["1"]
        assert rows["2"][-2:] == ["T3", "T6"], rows["2"]  # a match to play: its seats
    assert site.locale == "zh-Hans"


def test_the_draw_notice_marks_a_no_shows_side_where_it_has_no_seat_columns(tmp_path: Path) -> None:
    """h-desk15: a forfeit written in advance for a team that did not come (not withdrawn) was said
    in the seat columns of a match in two rooms only; a Guandan notice, which has none, listed the
    table as a match to play. The forfeiting side's players are marked 弃权; the other's are not,
    nor any other table's, and the notice has no seat columns to say it again."""
    from generator.build import validate
    from generator.render.bulletins import printed_round

    slug = "tongxin-guandan-2025"  # round 5 table 1 is T17 v T24
    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / "round-5.yaml"
    first, rest = path.read_text(encoding="utf-8").split("  - table: 2 ", 1)
    first = re.sub(r"    (levels|penalties): .*\n", "", first)
    path.write_text(first + "    forfeit: T24\n  - table: 2 " + rest, encoding="utf-8")
    _, results, _ = validate(content)
    [result] = results
    for locale, mark in (("zh-Hans", "\uff08\u5f03\u6743\uff09"), ("en", " (Forfeit)")):  # (（弃权）)
        notice = printed_round(result, "swiss", 5, locale)[0]
        rows = {row[0]: row for row in notice.rows}
        table = rows["1"]
        assert table[1] == "T17" and not table[2].endswith(mark), table
        at = table.index("T24")
        assert table[at + 1].endswith(mark) and table[at + 1] != mark, table  # (its players named still)
        assert len(notice.columns) == len(table) and not any(mark in cell for row in notice.rows[1:]
                                                             for cell in row), notice.rows


def said_in(page: str, name: str) -> str:
    """The text of the element of id `name` on a desk's page ("" when there is none)."""
    found = re.search(rf'<(p|div)[^>]* id="{name}"[^>]*>(.*?)</(p|div)>', page, re.S)
    return "" if found is None else html.unescape(re.sub(r"<[^>]+>", "", found.group(2))).strip()


def test_a_no_shows_forfeit_is_said_on_the_tables_link_and_the_secretarys_form(tmp_path: Path) -> None:
    """h-desk15: a forfeit written for a team that did not come (not withdrawn). The admin page
    said "已录 · D01 弃权", but the table's link said only that the desk had entered a result,
    and the secretary's form only had D01 chosen in its 弃权 box, where a withdrawn team's
    table says in words that it is forfeited and written. Both say it now."""
    content, path = first_table_unplayed(tmp_path, DAGUAI)
    running = start(content, slug=DAGUAI)
    try:
        secretary = Secretary(running)
        assert 'id="forfeited"' not in secretary.page("swiss/7/1")  # (a match to play: no such line)
        status, page = secretary.post("swiss/7/1", "save", forfeit="D01")
        assert status == 200 and 'id="saved"' in page and "    forfeit: D01\n" in path.read_text(encoding="utf-8")
        forfeited = "\u672c\u684c\u5df2\u5f55\u4e3a D01 \u5f03\u6743\uff08\u88c1\u5224\u5224\u5b9a\uff1bD01 \u672a\u9000\u8d5b\uff09"  # (本桌已录为 D01 弃权…)
        assert forfeited in said_in(page, "forfeited"), page  # said with the save
        assert forfeited in said_in(secretary.page("swiss/7/1"), "forfeited")  # and on the form opened again
        assert 'id="forfeited"' not in secretary.page("swiss/7/2")  # (a played table: no such line)
        status, page = fetch(running.desk.link("swiss/7/1"))  # the table's link
        said = said_in(page, "done")
        assert status == 200 and "\u672c\u684c\u4e3a D01 \u5f03\u6743" in said, said  # (成绩文件中本桌为 D01 弃权)
        assert 'name="b1_open"' not in page
        assert "\u5df2\u5f55 \u00b7 D01 \u5f03\u6743" in admin_row(running, secretary, 1)  # (entered · D01 forfeits)
        # put back to a match to play: no forfeit said
        status, page = secretary.post("swiss/7/1", "save", forfeit="", b1_open="D10 8", b1_closed="D01 3")
        assert status == 200 and 'id="saved"' in page and 'id="forfeited"' not in page, page
    finally:
        running.stop()


def test_a_phone_open_before_the_desk_entered_a_forfeit_is_told_the_forfeit(tmp_path: Path) -> None:
    """h-desk16: a table's form open when the secretary entered its no-show's forfeit, then
    saved: refused (nothing written), said as the forfeit the desk entered (desk_once_forfeit's
    words), not as a result entered meanwhile the captains would look for at the desk."""
    from tests.test_desk import open_table

    content, path = first_table_unplayed(tmp_path, DAGUAI)
    key = "swiss/7/1"
    running = start(content, slug=DAGUAI)
    try:
        url, token, csrf, filed = open_table(running, key)  # the phone's form, open
        secretary = Secretary(running)
        status, page = secretary.post(key, "save", forfeit="D01")
        assert status == 200 and 'id="saved"' in page, page
        after = path.read_text(encoding="utf-8")
        # the live check as the phone types says it too, never "ok" (rev64)
        status, answer = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "check",
                                     "b1_open": "D10 8", "b1_closed": "D10 5"})
        checked = json.loads(answer)
        assert not checked["ok"] and "D01 \u5f03\u6743" in checked["problems"][0]["message"], checked
        status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                   "b1_open": "D10 8", "b1_closed": "D10 5"})
        said = html.unescape(re.sub(r"<[^>]+>", "", re.search(r'id="refused"[^>]*>(.*?)</div>', page, re.S).group(1)))
        assert status == 409 and path.read_text(encoding="utf-8") == after, block(page, "problems")
        assert "D01 \u5f03\u6743" in said and "\u6ca1\u6709\u4fdd\u5b58" in said, said  # (D01 forfeits; not saved)
        assert not running.desk.tokens.used(key)
    finally:
        running.stop()


@pytest.mark.parametrize(("slug", "stage", "side"), [(DAGUAI, "swiss", "D01"), (EIGHTY, "teams", "T08")])
def test_a_list_of_one_side_is_shown_with_no_forfeit_chosen(tmp_path: Path, slug: str, stage: str, side: str) -> None:
    """`forfeit: [D01]` (forfeit-listed-alone, an error in the file): the box showed D01's own
    forfeit chosen (rev88), and a save of the form as shown wrote a forfeit the file does not say
    (which of the two was meant it does not tell). Nothing chosen now."""
    content, path = first_table_unplayed(tmp_path, slug)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - table: 2\n", f"    forfeit: [{side}]\n  - table: 2\n", 1), encoding="utf-8")
    running = start(content, slug=slug)
    try:
        page = Secretary(running).page(f"{stage}/7/1")
        assert f'<option value="{side}">{side}</option>' in page, page
        assert f'<option value="{side}" selected>' not in page
        assert '<option value="" selected>\u65e0</option>' in page, page
    finally:
        running.stop()
