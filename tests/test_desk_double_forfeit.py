"""Both teams of a Guandan table absent, at the results desk: the secretary's forfeit box offers
双方弃权 and writes `forfeit: [T.., T..]`; a table already so shows it chosen and is saved again
as it is (the box showed 无, and a save from the form dropped the double forfeit)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from generator.content.yaml_loader import load_yaml
from generator.errors import Problems
from tests.support import demo_content, withdraw
from tests.test_desk import fetch, open_table, start
from tests.test_desk_records import Secretary

SLUG = "tumu-guandan-2020"


def _unplayed_first_table(tmp_path: Path) -> tuple[Path, Path, tuple[str, str]]:
    content = demo_content(tmp_path, SLUG)
    path = content / "events" / SLUG / "results" / "round-3.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"  - table: 1\n    teams: \[(\w+), (\w+)\]\n    (?:deals|levels):.*\n", text)
    path.write_text(text.replace(found[0], f"  - table: 1\n    teams: [{found[1]}, {found[2]}]\n", 1), encoding="utf-8")
    return content, path, (found[1], found[2])


def _first_table(path: Path) -> dict:
    return load_yaml(path, Problems())["tables"][0]


def test_the_secretary_enters_a_double_forfeit_and_it_is_kept_on_a_later_save(tmp_path: Path) -> None:
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    running = start(content, slug=SLUG)
    try:
        secretary = Secretary(running)
        page = secretary.page("main/3/1")
        assert f'<option value="{a}, {b}">双方弃权</option>' in page, page
        status, page = secretary.post("main/3/1", "save", forfeit=f"{a}, {b}")
        assert status == 200, page
        assert _first_table(path)["forfeit"] == [a, b]
        assert not [p for p in running.desk.problems if not p.warning]
        # said as both teams' forfeit, not as one team "T03, T02" (rev76), and again on reload
        assert "\u672c\u684c\u5df2\u5f55\u4e3a\u53cc\u65b9\u5f03\u6743" in page and f"\u672c\u684c\u5df2\u5f55\u4e3a {a}, {b}" not in page, page
        page = secretary.page("main/3/1")
        assert f'<option value="{a}, {b}" selected>双方弃权</option>' in page, page
        assert "\u672c\u684c\u5df2\u5f55\u4e3a\u53cc\u65b9\u5f03\u6743" in page, page
        # a save of the form as shown keeps it
        status, page = secretary.post("main/3/1", "save", forfeit=f"{a}, {b}")
        assert status == 200 and _first_table(path)["forfeit"] == [a, b], page
    finally:
        running.stop()


def test_the_hall_screen_and_the_admin_page_say_a_double_forfeit_of_both_teams(tmp_path: Path) -> None:
    """The hall's screen showed a double forfeit as a draw ("=": no winner), and the secretary's
    admin page as "\u5df2\u5f55" alone, where one team's forfeit is said (rev54): both now say
    \u53cc\u65b9\u5f03\u6743 with the two teams."""
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(
        f"  - table: 1\n    teams: [{a}, {b}]\n", f"  - table: 1\n    teams: [{a}, {b}]\n    forfeit: [{a}, {b}]\n", 1),
        encoding="utf-8")
    running = start(content, slug=SLUG)
    try:
        said = f"\u53cc\u65b9\u5f03\u6743\uff08{a}\u3001{b}\uff09"
        row = next(t for t in running.desk.draw_view()["tables"] if t["number"] == 1)
        assert row["result"] == said, row
        status, screen = fetch(f"{running.base}/screen")
        assert status == 200 and f'<strong class="done">{said}</strong>' in screen, screen
        secretary = Secretary(running)
        status, admin = fetch(running.desk.admin_link, opener=secretary.opener)
        assert status == 200 and f"\u5df2\u5f55 \u00b7 {said}" in admin, admin
    finally:
        running.stop()


def test_a_phone_open_when_the_desk_enters_a_double_forfeit_is_told_so(tmp_path: Path) -> None:
    """A table's form open when the secretary entered both teams' forfeit, then checked and saved:
    refused and said as the forfeit naming both teams, as one team's is (h-desk16). It fell
    through to the record's check (a deal log beside a forfeit: clear one), and the table's link
    said only that the desk had entered a result."""
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    key = "main/3/1"
    running = start(content, slug=SLUG)
    try:
        url, token, csrf, filed = open_table(running, key)
        secretary = Secretary(running)
        status, page = secretary.post(key, "save", forfeit=f"{a}, {b}")
        assert status == 200 and _first_table(path)["forfeit"] == [a, b], page
        after = path.read_text(encoding="utf-8")
        said = f"{a}\u3001{b} \u5f03\u6743"  # (T.., T.. 弃权)
        status, answer = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "check", "deals": f"{a}+3, {b}+2"})
        checked = json.loads(answer)
        assert not checked["ok"] and said in checked["problems"][0]["message"], checked
        status, page = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "deals": f"{a}+3, {b}+2"})
        refused = html.unescape(re.sub(r"<[^>]+>", "", re.search(r'id="refused"[^>]*>(.*?)</div>', page, re.S).group(1)))
        assert status == 409 and path.read_text(encoding="utf-8") == after, page
        assert said in refused and "\u6ca1\u6709\u4fdd\u5b58" in refused, refused  # (not saved)
        # the table's link opened again: the forfeit, both teams named
        status, page = fetch(running.desk.link(key))
        done = html.unescape(re.sub(r"<[^>]+>", "", re.search(r'id="done"[^>]*>(.*?)</div>', page, re.S).group(1)))
        assert status == 200 and f"\u672c\u684c\u4e3a {said}" in done, done
    finally:
        running.stop()


def test_a_double_forfeit_entered_after_the_sheets_printed_prints_them_again(tmp_path: Path) -> None:
    """A double forfeit's table has no score sheet (round_forms leaves it out, as a withdrawn
    team's). The digest that says when a round's printed sheets are stale did not count it: the
    sheets printed before the forfeit was entered, or before it was taken out again (the teams
    came late: no sheet, no QR link for their table), were served again (rev79)."""
    from generator.desk.app import sheets_drawn

    content, path, (a, b) = _unplayed_first_table(tmp_path)
    running = start(content, slug=SLUG)
    try:
        before = sheets_drawn(running.desk, "main", 3)
        status, page = Secretary(running).post("main/3/1", "save", forfeit=f"{a}, {b}")
        assert status == 200 and _first_table(path)["forfeit"] == [a, b], page
        running.desk.load_if_behind()
        assert sheets_drawn(running.desk, "main", 3) != before
    finally:
        running.stop()


def test_the_secretary_enters_a_double_forfeit_at_a_withdrawn_teams_table(tmp_path: Path) -> None:
    """A team withdrawn from round 3 after round 3 was drawn, and its opponent did not come either:
    the box of a withdrawn team's table offered that team's forfeit alone, so the desk could not
    write what happened (`check` takes the double forfeit as written: a loss for each). Now it
    offers 双方弃权 there too and writes `forfeit: [T.., T..]`, with no error."""
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    withdraw(content / "events" / SLUG, b, 3)
    running = start(content, slug=SLUG)
    try:
        secretary = Secretary(running)
        page = secretary.page("main/3/1")
        assert f'<option value="{b}">{b}</option>' in page and f'<option value="{a}">' not in page, page
        assert f'<option value="{a}, {b}">双方弃权</option>' in page, page
        status, page = secretary.post("main/3/1", "save", forfeit=f"{a}, {b}")
        assert status == 200, page
        assert _first_table(path)["forfeit"] == [a, b]
        assert not [p for p in running.desk.problems if not p.warning]
        assert 'id="forfeited"' in page and 'id="withdrawn"' not in page, page  # (as just saved)
        page = secretary.page("main/3/1")
        assert f'<option value="{a}, {b}" selected>双方弃权</option>' in page
        # said as entered, a loss for each: not "counted as {b}'s forfeit, choose {b}", which
        # would give {a} a win nobody saw (rev82)
        assert f"\u672c\u684c\u5df2\u5f55\u4e3a\u53cc\u65b9\u5f03\u6743\uff08\u88c1\u5224\u5224\u5b9a\uff1a{a}\u3001{b}" in page, page
        assert 'id="withdrawn"' not in page, page
        status, admin = fetch(running.desk.admin_link, opener=secretary.opener)
        assert status == 200 and f"\u5df2\u5f55 \u00b7 \u53cc\u65b9\u5f03\u6743\uff08{a}\u3001{b}\uff09" in admin, admin
    finally:
        running.stop()


def test_the_double_forfeit_is_decided_once_for_the_file_and_for_the_page(tmp_path: Path) -> None:
    """The forfeit box's 双方弃权 made the list of both teams in one place (record_from wrote the
    conversion twice), and the table's page is told by the view whether the forfeit is both
    teams' (table.html decided it two ways: the table's flag, and its record's)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    content, path, (a, b) = _unplayed_first_table(tmp_path)
    desk = Desk(content, SLUG, None, None, build=False)
    spot = desk.spot("main", 3, 1)
    for typed, written, said in ((f"{a}, {b}", [a, b], ("", True)), (a, a, (a, False)), ("", None, ("", False))):
        fields = forms.fields_for(spot, path.read_text(encoding="utf-8"))
        forms.typed_into(fields, {"forfeit": typed}, secretary=True)
        assert forms.record_from(spot, fields).get("forfeit") == written
        assert forms.forfeit_written(spot, typed) == (written if typed else "")
        assert forms.forfeit_said(spot, fields, True) == said  # as just saved
        assert forms.forfeit_said(spot, fields, False) == ("", False)  # as the file was read: no forfeit yet
    path.write_text(path.read_text(encoding="utf-8").replace(
        f"  - table: 1\n    teams: [{a}, {b}]\n", f"  - table: 1\n    teams: [{a}, {b}]\n    forfeit: [{b}, {a}]\n", 1),
        encoding="utf-8")
    desk.load()
    assert forms.forfeit_said(desk.spot("main", 3, 1), [], False) == ("", True)


def test_a_withdrawn_teams_table_in_a_round_drawn_after_it_withdrew_is_not_asked_for_its_forfeit(tmp_path: Path) -> None:
    """Round 3's table of a team withdrawn from round 2 on (a Swiss: `pair` never draws it there)
    left as drawn: `check` warns of it however it is written but for `withdrawn:` moved to round
    3 (entry-withdrawn-drawn-later, entry-withdrawn-forfeit-later), yet the desk said "write its
    forfeit, as paibang check asks", which only brought the next warning (rev84). The form and the
    admin page's row say what fixes it; the round the team withdrew from is asked for the forfeit
    as before."""
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    event = content / "events" / SLUG
    withdraw(event, b, 2)
    second = event / "results" / "round-2.yaml"
    text = second.read_text(encoding="utf-8")
    drawn = r"  - table: (\d+)(?:    #.*)?\n    teams: \[(\w+), (\w+)\]\n    (?:deals|levels):.*\n"
    found = next(m for m in re.finditer(drawn, text) if b in m.group(2, 3))  # (its round-2 table: its forfeit)
    second.write_text(text.replace(found[0], f"  - table: {found[1]}\n    teams: [{found[2]}, {found[3]}]\n    forfeit: {b}\n"),
                      encoding="utf-8")
    running = start(content, slug=SLUG)
    try:
        assert [p.code for p in running.desk.problems if p.code.startswith("entry-withdrawn")] == \
            ["entry-withdrawn-drawn-later"]
        secretary = Secretary(running)
        page = html.unescape(secretary.page("main/3/1"))
        said = re.search(r'<p class="hint" id="withdrawn">(.*?)</p>', page, re.S)[1]
        assert "paibang check \u4f1a\u63d0\u793a\u5199\u660e" not in said, said  # not "write it, as check asks"
        assert f"\u4f46\u8fd9\u4e00\u8f6e\u662f\u5728 {b} \u9000\u8d5b\u4e4b\u540e\u6392\u7684" in said, said
        assert "withdrawn \u6539\u4e3a 3" in said, said
        status, admin = fetch(running.desk.admin_link, opener=secretary.opener)
        row = re.search(r"<tr[^>]*>(?:(?!</tr>).)*?/t/main/3/1\b(?:(?!</tr>).)*</tr>", admin, re.S)[0]
        assert "\u9000\u8d5b\u540e\u6392\u5165" in row and "\u5199\u660e\u5f03\u6743" not in row, row
        # the round it withdrew from: its table asks for the forfeit, as before
        page = html.unescape(secretary.page(f"main/2/{found[1]}"))
        assert "\u9000\u8d5b\u4e4b\u540e\u6392\u7684" not in page
    finally:
        running.stop()


def forfeits_in_two_later_rounds(tmp_path: Path) -> tuple[Path, dict[int, int]]:
    """The demo's third round with table 1 unplayed, its second team withdrawn from round 1 on,
    its forfeit written at its tables of rounds 1 and 2 (round 3's left as drawn): the content
    folder and its table in rounds 1 and 2."""
    content, _path, (_a, b) = _unplayed_first_table(tmp_path)
    event = content / "events" / SLUG
    withdraw(event, b, 1)
    drawn = r"  - table: (\d+)(?:    #.*)?\n    teams: \[(\w+), (\w+)\]\n    (?:deals|levels):.*\n"
    tables = {}
    for number in (1, 2):
        file = event / "results" / f"round-{number}.yaml"
        text = file.read_text(encoding="utf-8")
        found = next(m for m in re.finditer(drawn, text) if b in m.group(2, 3))
        file.write_text(text.replace(found[0], f"  - table: {found[1]}\n    teams: [{found[2]}, {found[3]}]\n"
                                               f"    forfeit: {b}\n"), encoding="utf-8")
        tables[number] = int(found[1])
    return content, tables


def test_a_withdrawn_teams_tables_in_two_later_rounds_name_the_one_withdrawn_check_names(tmp_path: Path) -> None:
    """Withdrawn from round 1 on, its forfeit written in rounds 1 and 2 and round 3's table left
    as drawn: rounds 2 and 3 were drawn after it withdrew. check names one value that clears both
    warnings, `withdrawn: 3` (h-gd6); each table's form says that value, not its own round's
    (round 2's said "change to 2", which leaves round 3 warned)."""
    content, tables = forfeits_in_two_later_rounds(tmp_path)
    running = start(content, slug=SLUG)
    try:
        later = [p for p in running.desk.problems if p.code in ("entry-withdrawn-forfeit-later", "entry-withdrawn-drawn-later")]
        assert sorted((p.params["round"], p.params["written"]) for p in later) == [(2, "3"), (3, "3")]
        secretary = Secretary(running)
        for page in (secretary.page(f"main/2/{tables[2]}"), secretary.page("main/3/1")):
            said = re.search(r'<p class="hint" id="withdrawn">(.*?)</p>', html.unescape(page), re.S)[1]
            assert "withdrawn \u6539\u4e3a 3" in said and "withdrawn \u6539\u4e3a 2" not in said, said
    finally:
        running.stop()


def test_a_list_of_one_team_is_shown_with_no_forfeit_chosen_and_not_saved_as_both(tmp_path: Path) -> None:
    """`forfeit: [T02]` (forfeit-listed-alone, an error in the file): the box showed 双方弃权
    chosen, as for any list (rev88), and a save of the form as shown wrote `forfeit: [T02, T21]`,
    a double forfeit the file never said. Now nothing is chosen; the secretary's choice mends it."""
    content, path, (a, b) = _unplayed_first_table(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"  - table: 1\n    teams: [{a}, {b}]\n",
                                 f"  - table: 1\n    teams: [{a}, {b}]\n    forfeit: [{a}]\n", 1), encoding="utf-8")
    running = start(content, slug=SLUG)
    try:
        secretary = Secretary(running)
        page = secretary.page("main/3/1")
        assert f'<option value="{a}, {b}">双方弃权</option>' in page, page
        assert f'<option value="{a}">{a}</option>' in page, page
        assert '<option value="" selected>\u65e0</option>' in page, page  # (无: no forfeit chosen)
        status, page = secretary.post("main/3/1", "save", forfeit=a)  # the secretary's choice
        assert status == 200 and _first_table(path)["forfeit"] == a, page
    finally:
        running.stop()
