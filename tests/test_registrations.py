"""`paibang new` and `paibang import`: an event scaffolded, registrations read from a sheet."""

from __future__ import annotations

import csv
import errno
import re
import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook

from generator.build import validate
from generator.commands.new import ScaffoldRefused, scaffold_event
from generator.commands.registrations import import_registrations
from generator.errors import ContentErrors
from tests.support import bare_event as new_event
from tests.support import demo_content, published

ROOT = Path(__file__).resolve().parents[1]
SEED_HEADINGS = ["组号", "姓名", "组长", "专业", "班级", "电话"]  # seed 000 section 七.2


def registrations(pairs: int) -> list[list[str]]:
    rows = [SEED_HEADINGS]
    for n in range(1, pairs + 1):
        rows.append([f"A{n:02d}", f"组长{n}", "是", "动物科学", f"13级动物科学{n % 3 + 1}班", f"1380000{n:04d}"])
        rows.append([f"A{n:02d}", f"队员{n}", "", "动物科学", f"13级动物科学{n % 3 + 1}班", f"1390000{n:04d}"])
    return rows


def write_xlsx(path: Path, rows: list[list[str]]) -> Path:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    return demo_content(tmp_path)


@pytest.mark.parametrize("game", ["bridge", "guandan", "daguai", "shengji"])
def test_new_event_is_complete_and_validates(content: Path, game: str) -> None:
    from generator.games import GAMES

    if game not in GAMES:
        pytest.skip(f"{game} is not implemented in this build")
    written = scaffold_event(content, f"new-{game}", game)
    event = content / f"events/new-{game}/event.yaml"
    assert event in written.files and (content / f"events/new-{game}/notice.md").is_file()
    text = event.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schema/event.schema.json")
    assert (content / "schema/event.schema.json").is_file()  # what it names, in the site
    assert "# 抽签种子：同一种子，抽签结果相同" in text
    validate(content)  # raises on any error


@pytest.mark.parametrize("game", ["bridge", "guandan", "daguai", "shengji"])
@pytest.mark.parametrize(("locale", "player"), [("en", "Hua Li"), ("zh-Hant", "李華"), ("zh-Hans", "李华")])
def test_new_writes_its_example_entries_in_the_sites_language(content: Path, game: str, locale: str,
                                                              player: str) -> None:
    """`paibang new` on an English site wrote its stages in English but its commented example
    entries (players, groups, team names) in Simplified Chinese, and a Traditional site's in
    Simplified: the secretary copies them as they are. Uncommented, they are still entries the
    event reads."""
    scaffold_event(content, "open", game, locale)
    event = content / "events/open/event.yaml"
    text = event.read_text(encoding="utf-8")
    block = text.split("\nentries: []\n")[1].split("\nofficials:")[0]
    assert player in block
    if locale == "en":  # (a word of Chinese left in the entries or the table's comments)
        assert not re.search(r"[\u3400-\u9fff]", block + text.split("\nstages:")[1])
    if locale == "zh-Hant":
        assert not re.search("[\u961f\u534e\u5f20\u4e49\u7ea7\u5218]", block)  # (Simplified forms)
    event.write_text(text.replace("entries: []\n" + block, "entries:\n" + block.replace("  # - ", "  - ")),
                     encoding="utf-8")
    for placeholder in (event.parent / "results").glob("*.yaml"):
        placeholder.unlink()
    _, results, _ = validate(content)
    assert player in [p.name for entry in results[0].event.entries.values() for p in entry.players]


def test_new_never_overwrites(content: Path) -> None:
    scaffold_event(content, "club-night", "bridge")
    before = (content / "events/club-night/event.yaml").read_text(encoding="utf-8")
    with pytest.raises(ScaffoldRefused, match="已存在"):
        scaffold_event(content, "club-night", "bridge")
    assert (content / "events/club-night/event.yaml").read_text(encoding="utf-8") == before
    with pytest.raises(ScaffoldRefused):
        scaffold_event(content, "../escape", "bridge")


def test_thirty_registrations_from_a_spreadsheet(content: Path, tmp_path: Path) -> None:
    new_event(content, "dongke-2025", "bridge")
    sheet = write_xlsx(tmp_path / "报名表.xlsx", registrations(15))
    report = import_registrations(content, "dongke-2025", sheet)
    # ids are paibang's own, in the sheet's order (the sheet's 组号 only groups the rows)
    assert (report.entries, report.new, report.kept) == (15, 15, 0)
    assert report.new_ids == [f"A{n:02d}" for n in range(1, 16)]
    event_text = (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8")
    assert "entries: entries.yaml\n" in event_text and "# 抽签种子" in event_text
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == "dongke-2025").entries
    assert [p.name for p in entries["A03"].players] == ["组长3", "队员3"]
    assert entries["A03"].group == "13级动物科学1班"
    saved = (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8")
    assert "13800000003" in saved  # kept privately in content ...
    assert not hasattr(entries["A03"].players[0], "phone")  # ... and never loaded into the model


def test_new_and_registrations_are_on_the_disk_once_written(content: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """`paibang new`'s files and the entries `import` writes: each synced before it is put in
    place and its folder after, the event's new folder named on the disk too."""
    from support import Synced

    synced = Synced(monkeypatch)
    folder = content / "events/dongke-2025"
    scaffold_event(content, "dongke-2025", "bridge")
    assert synced.durably(folder / "event.yaml") and synced.durably(folder / "notice.md")
    assert content / "events" in synced and folder in synced  # dongke-2025/ and its results/
    synced.order.clear()
    import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "a.xlsx", registrations(3)))
    assert synced.durably(folder / "entries.yaml") and synced.durably(folder / "event.yaml")


def test_rerun_updates_without_duplicating(content: Path, tmp_path: Path) -> None:
    new_event(content, "dongke-2025", "bridge")
    import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "a.xlsx", registrations(15)))
    first = (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8")
    again = import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "b.xlsx", registrations(15)))
    assert (again.new, again.kept) == (0, 15)
    assert (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8") == first
    more = import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "c.xlsx", registrations(16)))
    assert (more.entries, more.new) == (16, 1)


def test_gbk_csv_with_team_names_and_a_custom_column(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "union-2025", "guandan")
    sheet = tmp_path / "报名.csv"
    with open(sheet, "w", encoding="gb18030", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["队名", "选手", "所在系", "手机"])
        writer.writerow(["结构一队", "王强", "结构工程系", "13811112222"])
        writer.writerow(["结构一队", "李娜", "结构工程系", ""])
        writer.writerow(["路桥队", "赵刚", "道路与桥梁系", ""])
        writer.writerow(["路桥队", "钱芳", "道路与桥梁系", ""])
    report = import_registrations(content, "union-2025", sheet, {"所在系": "group"}, prefix="T")
    assert report.new == 2 and report.encoding == "GB18030 (GBK)"
    text = (content / "events/union-2025/entries.yaml").read_text(encoding="utf-8")
    assert "name: 结构一队" in text and "group: 结构工程系" in text and "phone: '13811112222'" in text


def test_unusable_rows_are_reported_with_their_row_and_nothing_is_written(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "dongke-2025", "bridge")
    rows = registrations(3)
    rows[3][1] = ""  # no name
    rows[5][0] = ""  # no entry number
    rows.append(["A09", "组长1", "", "", "", ""])  # registered twice
    sheet = write_xlsx(tmp_path / "bad.xlsx", rows)
    event_before = (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    found = {(p.code, p.mark.line) for p in failure.value.problems}
    assert found == {("registration-no-name", 4), ("registration-no-entry", 6), ("registration-duplicate", 8)}
    assert "第 4 行没有姓名" in failure.value.problems[0].format("zh-Hans")
    assert not (content / "events/dongke-2025/entries.yaml").exists()
    assert (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8") == event_before


def test_sheet_without_usable_headings_says_which_it_found(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "dongke-2025", "bridge")
    sheet = write_xlsx(tmp_path / "x.xlsx", [["序号", "备注"], ["1", "x"]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    (problem,) = failure.value.problems
    assert problem.code == "registration-columns" and "序号, 备注" in problem.message("zh-Hans")


def test_a_missing_or_broken_sheet_is_a_message_not_a_traceback(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "dongke-2025", "bridge")
    broken = tmp_path / "坏的.xlsx"
    broken.write_text("not a spreadsheet", encoding="utf-8")
    for sheet, code in ((tmp_path / "missing.xlsx", "registration-sheet-not-found"), (broken, "registration-sheet-unreadable")):
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, "dongke-2025", sheet)
        assert [p.code for p in failure.value.problems] == [code]


def test_a_sheet_the_system_will_not_open_is_said_in_the_sites_words_with_its_own_fix(
        content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing file, a folder, a file without permission: each its own message in the site's
    language, with a fix for what is wrong — not the OS's English ("No such file or directory")
    with the hint to save the sheet again as .xlsx."""
    from generator.commands import registrations

    scaffold_event(content, "dongke-2025", "bridge")

    def problem(sheet: Path):
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, "dongke-2025", sheet)
        (found,) = failure.value.problems
        return found

    missing = problem(tmp_path / "nosuch.csv")
    said = missing.message("zh-Hans") + missing.hint("zh-Hans")
    assert missing.message("zh-Hans") == f"找不到文件 {tmp_path / 'nosuch.csv'}" and "核对路径和文件名" in said
    assert "No such file" not in said and "另存为" not in said
    assert missing.message("en") == f"no file {tmp_path / 'nosuch.csv'}"
    folder = problem(tmp_path)
    assert folder.message("zh-Hant") == f"{tmp_path} 是資料夾，不是報名表" and "Is a directory" not in folder.hint("zh-Hant")
    sheet = tmp_path / "locked.csv"
    sheet.write_text("姓名\n张三\n", encoding="utf-8")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(sheet))

    monkeypatch.setattr(registrations, "_open_sheet", refused)  # (the sheet is opened there)
    locked = problem(sheet)
    assert locked.message("zh-Hans") == f"没有读取 {sheet} 的权限" and "Permission" not in locked.hint("zh-Hans")

    def failing(*args, **kwargs):  # a disk or network folder failing: not a sheet saved wrongly
        raise OSError(errno.EIO, "Input/output error", str(sheet))

    monkeypatch.setattr(registrations, "_open_sheet", failing)
    fault = problem(sheet)
    assert fault.message("en") == f"cannot open {sheet} (system error EIO)"
    assert "copy it to a folder on this computer" in fault.hint("en") and ".xlsx" not in fault.hint("en")
    assert ".xlsx" not in fault.hint("zh-Hans") and "另存为" not in fault.hint("zh-Hans")


def team_sheet(path: Path, teams: dict[str, list[str]]) -> Path:
    rows = [["队名", "姓名", "手机"]] + [[team, name, ""] for team, names in teams.items() for name in names]
    return write_xlsx(path, rows)


def test_a_rerun_after_a_team_name_is_corrected_puts_each_person_in_one_team(content: Path, tmp_path: Path) -> None:
    """A team's two rows under two spellings of its name are read as two teams of one player,
    and said so (the usual size of a team is two: no stage sets team_size); the sheet corrected
    and imported again, the second player is moved into the team, and the team of one left with
    no one is removed. A rerun left the stale team there: one person in two teams, both drawn."""
    new_event(content, "union-2026", "guandan")
    teams = {f"{n}队": [f"甲{n}", f"乙{n}"] for n in range(1, 8)}
    typo = dict(teams, **{"8队": ["甲8"], "8 队": ["乙8"]})
    first = import_registrations(content, "union-2026", team_sheet(tmp_path / "a.xlsx", typo), prefix="T")
    assert first.entries == 9 and first.usual == 2
    lines = "\n".join(first.lines("zh-Hans"))
    assert lines.count("名选手，不是 2 名") == 2  # the two halves, each named by its row
    again = import_registrations(content, "union-2026",
                                 team_sheet(tmp_path / "b.xlsx", dict(teams, **{"8队": ["甲8", "乙8"]})), prefix="T")
    assert again.entries == 8 and again.new == 0 and len(again.moved) == 1 and len(again.dropped) == 1
    said = "\n".join(again.lines("zh-Hans"))
    assert "乙8 已从" in said and "已删除" in said
    _, results, _ = validate(content)
    entries = results[0].event.entries.values()
    everyone = [name for entry in entries for name in entry.players]
    assert len(everyone) == len(set(everyone)) == 16


def four_teams_t01_t02_played(content: Path, tmp_path: Path) -> tuple[dict[str, list[str]], Path]:
    """A Guandan event of four teams imported from a sheet (1队 甲1 乙1 …), T01 and T02 with a
    round-1 table: the sheet's teams and the event's folder."""
    new_event(content, "union-2026", "guandan")
    teams = {f"{n}队": [f"甲{n}", f"乙{n}"] for n in range(1, 5)}
    import_registrations(content, "union-2026", team_sheet(tmp_path / "a.xlsx", teams), prefix="T")
    folder = content / "events/union-2026"
    (folder / "results").mkdir(exist_ok=True)
    (folder / "results/round-1.yaml").write_text("round: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n", encoding="utf-8")
    return teams, folder


def test_a_player_of_a_team_that_has_played_is_not_moved_by_the_sheet(content: Path, tmp_path: Path) -> None:
    """Who played in a team that has results is history: the sheet putting one of its players in
    another team is refused at that row, naming both teams, and nothing is written."""
    teams, folder = four_teams_t01_t02_played(content, tmp_path)
    before = (folder / "entries.yaml").read_bytes()
    moved = {"1队": ["甲1", "甲2"], "3队": teams["3队"], "4队": teams["4队"]}  # (2队 no longer in the sheet)
    with pytest.raises(ContentErrors) as failed:
        import_registrations(content, "union-2026", team_sheet(tmp_path / "b.xlsx", moved), prefix="T")
    problem = next(p for p in failed.value.problems if p.code == "registration-in-two-entries")
    assert problem.mark.line == 3 and "甲2 已在 T02 中参赛" in problem.message("zh-Hans")
    assert (folder / "entries.yaml").read_bytes() == before


def test_a_team_that_has_played_keeps_its_players_and_the_sheet_may_add_one(content: Path, tmp_path: Path) -> None:
    """A rerun took the sheet as the roster of every entry it updates: T01, with results, lost
    乙1 when the sheet's row for 1队 named 丙1 instead, and its pages then named a team that never
    played. Who played in a team that has results is history: 乙1 stays, said plainly (with the
    fix when it is a misspelt name that never played), and 丙1 is added after. T03, without
    results, takes the sheet as its roster."""
    teams, folder = four_teams_t01_t02_played(content, tmp_path)
    changed = dict(teams, **{"1队": ["甲1", "丙1"], "3队": ["甲3", "丁3"]})
    report = import_registrations(content, "union-2026", team_sheet(tmp_path / "b.xlsx", changed), prefix="T")
    assert (report.entries, report.new, report.kept) == (4, 0, 4)
    import yaml

    written = {e["id"]: e["players"] for e in yaml.safe_load((folder / "entries.yaml").read_text(encoding="utf-8"))}
    assert written["T01"] == ["甲1", "乙1", "丙1"]
    assert written["T03"] == ["甲3", "丁3"]
    assert ("T01 保留 乙1：报名表里这一队已没有 乙1，但 T01 已有成绩，参赛过的选手留在它的名单上"
            "（若 乙1 从未出场，例如写错的名字，在 entries.yaml 中删去）") in report.lines("zh-Hans")


def test_a_misspelt_name_of_the_same_phone_is_one_player_of_a_team_that_has_played(content: Path, tmp_path: Path) -> None:
    """The sheet imported again after results, 曹玉强 typed 曹玉墙 with the same phone: the team of
    three that played got both, a fourth player (and a fourth name on its pages). Two players of
    one entry with the same phone are one person: the name the team played under stays, with the
    sheet's details, the other is not added, and the import says so (names only, never a phone).
    An entries file already holding both (an earlier import) keeps both: import removes no player
    of an entry that has played (check's entry-team-large names the four), and their one phone,
    now two players', tells no one apart."""
    import yaml

    new_event(content, "union-dg", "daguai")
    rows = lambda second: [["队名", "姓名", "手机"], ["1队", "高华建", "13800130004"],  # noqa: E731
                           ["1队", second, "13800130005"], ["1队", "崔明伟", "13800130006"],
                           ["2队", "史超英", "13800130001"], ["2队", "孟芳辉", "13800130002"],
                           ["2队", "曹敏勇", "13800130003"]]
    import_registrations(content, "union-dg", write_xlsx(tmp_path / "a.xlsx", rows("曹玉强")), prefix="D")
    folder = content / "events/union-dg"
    (folder / "results").mkdir(exist_ok=True)
    (folder / "results/round-1.yaml").write_text("round: 1\ntables:\n  - table: 1\n    home: D01\n    away: D02\n",
                                                 encoding="utf-8")
    report = import_registrations(content, "union-dg", write_xlsx(tmp_path / "b.xlsx", rows("曹玉墙")), prefix="D")

    def players() -> list[dict]:
        entries = yaml.safe_load((folder / "entries.yaml").read_text(encoding="utf-8"))
        return next(e for e in entries if e["id"] == "D01")["players"]

    assert [p["name"] for p in players()] == ["高华建", "曹玉强", "崔明伟"]
    assert players()[1]["phone"] == "13800130005"
    lines = report.lines("zh-Hans")
    said = "D01 保留 曹玉强，不再加 曹玉墙：两人的电话或学号相同，是同一人"
    assert any(line.startswith(said) for line in lines) and not any("13800130005" in line for line in lines)
    assert not any("D01 保留 曹玉强：报名表里这一队已没有" in line for line in lines)
    # the four written by an earlier paibang: the next import keeps all four (deleting is by hand)
    entries = (folder / "entries.yaml").read_text(encoding="utf-8")
    (folder / "entries.yaml").write_text(entries.replace(
        "- {name: 崔明伟, phone: '13800130006'}\n",
        "- {name: 崔明伟, phone: '13800130006'}\n  - {name: 曹玉墙, phone: '13800130005'}\n"), encoding="utf-8")
    assert len(players()) == 4
    report = import_registrations(content, "union-dg", write_xlsx(tmp_path / "c.xlsx", rows("曹玉墙")), prefix="D")
    assert [p["name"] for p in players()] == ["高华建", "曹玉强", "崔明伟", "曹玉墙"]
    assert not report.same_person and report.kept_players == [("曹玉强", "D01")]


def test_a_team_sharing_one_contact_phone_keeps_who_played_and_takes_the_sheets_additions(
        content: Path, tmp_path: Path) -> None:
    """联系人电话 is the team's contact phone: both rows of a pair carry one number. Imported again
    after round 1 with 李四 corrected to 李泗 and a substitute 钱一 in team 2 (the team's phone),
    the shared phone was taken for one person: T01 lost 李四, who played round 1, and neither
    李泗 nor 钱一 was added. A phone two rows of a team share tells no one apart: every player
    listed stays, the sheet's new names are added, and nothing is said to be one person."""
    import yaml

    new_event(content, "union-2026", "guandan")
    folder = content / "events/union-2026"

    def sheet(path: Path, first: list[str], second: list[str]) -> Path:
        lines = ["组号,姓名,联系人电话"] + [f"1,{name},13800000001" for name in first] + [
            f"2,{name},13800000002" for name in second]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    import_registrations(content, "union-2026", sheet(tmp_path / "a.csv", ["张三", "李四"], ["王五", "赵六"]), prefix="T")
    (folder / "results").mkdir(exist_ok=True)
    (folder / "results/round-1.yaml").write_text("round: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n", encoding="utf-8")
    report = import_registrations(content, "union-2026",
                                  sheet(tmp_path / "b.csv", ["张三", "李泗"], ["王五", "赵六", "钱一"]), prefix="T")
    written = {e["id"]: [p["name"] for p in e["players"]]
               for e in yaml.safe_load((folder / "entries.yaml").read_text(encoding="utf-8"))}
    assert written == {"T01": ["张三", "李四", "李泗"], "T02": ["王五", "赵六", "钱一"]}
    lines = report.lines("zh-Hans") + report.lines("en")
    assert not any("同一人" in line or "one person" in line for line in lines)
    assert any(line.startswith("T01 保留 李四：报名表里这一队已没有 李四") for line in lines)
    assert not any("13800000001" in line or "13800000002" in line for line in lines)


def test_a_student_number_tells_one_person_where_the_teams_phone_does_not(content: Path, tmp_path: Path) -> None:
    """The pair shares a contact phone, but each row has its own 学号: 李四 corrected to 李泗 with
    李四's 学号 is the player who played, kept under the name T01 played under, not a third."""
    import yaml

    new_event(content, "union-2026", "guandan")
    folder = content / "events/union-2026"

    def sheet(path: Path, second: str) -> Path:
        path.write_text(f"组号,姓名,学号,联系人电话\n1,张三,2023001,13800000001\n1,{second},2023002,13800000001\n"
                        "2,王五,2023003,13800000002\n2,赵六,2023004,13800000002\n", encoding="utf-8")
        return path

    import_registrations(content, "union-2026", sheet(tmp_path / "a.csv", "李四"), prefix="T")
    (folder / "results").mkdir(exist_ok=True)
    (folder / "results/round-1.yaml").write_text("round: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n", encoding="utf-8")
    report = import_registrations(content, "union-2026", sheet(tmp_path / "b.csv", "李泗"), prefix="T")
    t01 = next(e for e in yaml.safe_load((folder / "entries.yaml").read_text(encoding="utf-8")) if e["id"] == "T01")
    assert [(p["name"], p["student_id"]) for p in t01["players"]] == [("张三", "2023001"), ("李四", "2023002")]
    assert report.same_person == [("李四", "李泗", "T01")] and not report.kept_players


def with_reserves(event: Path, *reserves: str) -> None:
    """The event's first team, of four, given `reserves` as further players."""
    text = event.read_text(encoding="utf-8")
    first = re.search(r"players: \[([^\]]+)\]", text)
    assert first is not None and len(first[1].split(",")) == 4
    event.write_text(text.replace(first[0], f"players: [{first[1]}, {', '.join(reserves)}]", 1), encoding="utf-8")


def test_check_warns_a_team_listing_more_players_than_the_game_seats(tmp_path: Path) -> None:
    """A 大怪路子 team of three listing four (both spellings of one name): check said nothing. A
    warning naming the entry and its players, with the fix; an 80分 team of four and a pair of
    two are not warned, a team of five is."""
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root, ignore=shutil.ignore_patterns("output"))
    event = root / "events/chem-park-daguai-2016/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "players: [张伟, 刘晓燕, 顾海峰]", "players: [张伟, 刘晓燕, 顾海峰, 张玮]"), encoding="utf-8")
    _, _, warnings = validate(root)
    large = [w for w in warnings if w.code == "entry-team-large"]
    assert len(large) == 1, [w.message("zh-Hans") for w in warnings]
    assert large[0].message("zh-Hans") == "参赛队 D02（巴斯夫）列了 4 名选手：张伟、刘晓燕、顾海峰、张玮；阶段 swiss 每队上场 3 人"
    assert large[0].message("en").startswith("entry D02 (巴斯夫) lists 4 players")
    assert "删去写错的一个" in large[0].hint("zh-Hans") and "替补" in large[0].hint("zh-Hans")
    with_reserves(root / "events/hefei-80fen-teams-2012/event.yaml", "替补甲")
    _, _, warnings = validate(root)
    assert sorted(w.params["size"] for w in warnings if w.code == "entry-team-large") == [3, 4]
    # a bridge team of six (four at play, two reserves) is a team as bridge fields them: no warning
    with_reserves(root / "events/gaoxiao-bridge-teams-2024/event.yaml", "替补甲", "替补乙")
    _, _, warnings = validate(root)
    assert sorted(w.params["size"] for w in warnings if w.code == "entry-team-large") == [3, 4]


def test_check_warns_a_guandan_pair_listing_more_players_than_it_seats(tmp_path: Path) -> None:
    """A Guandan pair listing three was said nothing of (the other games' entry-team-large):
    rules-guandan.md's teams are of two (seed 001: 52 teams, 104 players). Warned as theirs
    are, naming the players and the size; a pair of two is not, and a pair listing four is
    stage-teams-in-pairs' alone. (A team of four's fifth stays a reserve: test_guandan_national.)"""
    from tests.test_desk_records import make

    players, size = 3, 2
    root = make(tmp_path, "format: swiss\nrounds: 1\n", "  - table: 1\n    teams: [T01, T02]\n", players=size)
    event = root / "events/gd/event.yaml"
    _, _, warnings = validate(root)
    assert not [w for w in warnings if w.code == "entry-team-large"]
    names = ", ".join(f"选手1{c}" for c in "ABCD"[:size])
    event.write_text(event.read_text(encoding="utf-8").replace(
        f"[{names}]", f"[{names}, {', '.join('替补' + str(n) for n in range(players - size))}]"), encoding="utf-8")
    _, _, warnings = validate(root)
    [large] = [w for w in warnings if w.code == "entry-team-large"]
    # an entry with no name named by its id once, not "T01（T01）"
    assert large.message("zh-Hans") == (f"参赛队 T01 列了 {players} 名选手：" + "、".join(
        [f"选手1{c}" for c in "ABCD"[:size]] + [f"替补{n}" for n in range(players - size)])
        + f"；阶段 main 每队上场 {size} 人")
    assert large.message("en").startswith(f"entry T01 lists {players} players")
    event.write_text(event.read_text(encoding="utf-8").replace(", 替补0]", ", 替补0, 替补1]"), encoding="utf-8")
    _, _, warnings = validate(root)
    assert [w.code for w in warnings if w.code in ("entry-team-large", "stage-teams-in-pairs")] == [
        "stage-teams-in-pairs"]


NAMESAKES = ["组号", "姓名", "学号", "班级"]


def test_namesakes_with_different_student_numbers_are_two_people(content: Path, tmp_path: Path) -> None:
    """Two 王伟 in two pairs, told apart by their student numbers: imported as two people, each in
    their own pair with their own (private) number; the site tells them apart as it tells any
    namesakes apart. A rerun of the same sheet keeps both where they are."""
    new_event(content, "union-2027", "guandan")
    rows = [NAMESAKES, ["1", "王伟", "2021001", "土木1班"], ["1", "李娜", "2021002", "土木1班"],
            ["2", "王伟", "2021003", "土木1班"], ["2", "赵刚", "2021004", "土木1班"],
            ["3", "钱芳", "2021005", "土木2班"], ["3", "孙丽", "2021006", "土木2班"]]
    sheet = write_xlsx(tmp_path / "namesakes.xlsx", rows)
    report = import_registrations(content, "union-2027", sheet, prefix="T")
    assert (report.entries, report.new) == (3, 3)
    assert "王伟：报名表中有同名的 2 人，学号不同，按不同选手导入（T01、T02）" in report.lines("zh-Hans")
    _, results, _ = validate(content)
    entries = results[0].event.entries
    assert [[p.name for p in entries[e].players] for e in ("T01", "T02")] == [["王伟", "李娜"], ["王伟", "赵刚"]]
    text = (content / "events/union-2027/entries.yaml").read_text(encoding="utf-8")
    assert "student_id: '2021001'" in text and "student_id: '2021003'" in text
    again = import_registrations(content, "union-2027", sheet, prefix="T")
    assert (again.entries, again.new, again.kept, again.moved, again.dropped) == (3, 0, 3, [], [])
    assert (content / "events/union-2027/entries.yaml").read_text(encoding="utf-8") == text


def test_a_row_repeated_with_the_same_student_number_is_still_a_duplicate(content: Path, tmp_path: Path) -> None:
    new_event(content, "union-2027", "guandan")
    rows = [NAMESAKES, ["1", "王伟", "2021001", "土木1班"], ["1", "李娜", "2021002", "土木1班"],
            ["2", "王伟", "2021003", "土木1班"], ["2", "赵刚", "2021004", "土木1班"],
            ["3", "王伟", "2021001", "土木1班"]]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "union-2027", write_xlsx(tmp_path / "twice.xlsx", rows), prefix="T")
    [problem] = failure.value.problems
    assert (problem.code, problem.mark.line) == ("registration-duplicate", 6)
    assert "王伟 报名了两次（第一次在第 2 行）" in problem.message("zh-Hans")
    assert not (content / "events/union-2027/entries.yaml").exists()


# --- merged cells (a college's sign-up sheet as Excel lays it out) --------------------------------

SIGN_UP = ["序号", "队名", "班级", "姓名", "队长", "手机号码", "备注"]
TEAMS = {"土木一队": ("土木1班", ["韦娟辉", "龙远敏", "郭鹏梓", "赵思梓"]),
         "机械雄鹰": ("机械2班", ["梁力秀", "谢洋涛", "丁思军", "赵杰娟"]),
         "化学反应": ("化工1班", ["邹强", "石磊浩", "龚勇娟"])}


def merged_rows() -> list[list[str]]:
    """The sheet as Excel shows it, a title row on top: 队名 and 班级 merged over each team's rows,
    so only a team's first row has them (what a CSV saved from it holds)."""
    rows, n = [["2025年“掼蛋杯”团体赛报名表", "", "", "", "", "", ""], SIGN_UP], 0
    for team, (group, names) in TEAMS.items():
        for at, name in enumerate(names):
            n += 1
            rows.append([str(n), team if at == 0 else "", group if at == 0 else "", name, "是" if at == 0 else "",
                         f"1913186{n:04d}", ""])
    return rows


def imported_teams(content: Path) -> dict[str, tuple[str | None, list[str]]]:
    _, results, _ = validate(content)
    return {e.name: (e.group, [p.name for p in e.players]) for e in results[0].event.entries.values()}


def test_a_csv_of_merged_team_cells_fills_each_team_down_and_says_which_rows(content: Path, tmp_path: Path) -> None:
    """A GBK CSV saved from a sheet whose 队名 and 班级 were merged cells gave one error a player
    (41 of them on a real sheet): only each team's first row has the team. A row with a name
    and a blank team, directly below a row of a team, is that team's, and import says so in
    one line naming the rows; a blank team with no team directly above (after a blank line) is
    still an error."""
    new_event(content, "college-2025", "guandan")
    sheet = tmp_path / "报名表.csv"
    with open(sheet, "w", encoding="gbk", newline="") as handle:
        csv.writer(handle).writerows(merged_rows())
    report = import_registrations(content, "college-2025", sheet)
    assert imported_teams(content) == {team: (group, names) for team, (group, names) in TEAMS.items()}
    assert report.filled == [4, 5, 6, 8, 9, 10, 12, 13]
    said = [line for line in report.lines("zh-Hans") if "合并单元格" in line]
    assert said == ["第 4–6、8–10、12–13 行的「队名」是空的：当作 Excel 合并单元格，沿用上一行的值，与上一行同队"
                    "（若其中有人不属于上一队，给这一行填上队名后重新导入）"]
    assert any("rows 4–6, 8–10, 12–13: “队名” is blank, read as an Excel merged cell" in line
               for line in report.lines("en"))
    rows = merged_rows()
    rows.insert(9, [""] * 7)  # a blank line before 机械雄鹰's last row: nothing to say it is the team above's
    with open(sheet, "w", encoding="gbk", newline="") as handle:
        csv.writer(handle).writerows(rows)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "college-2025", sheet)
    assert [(p.code, p.mark.line) for p in failure.value.problems] == [("registration-no-entry", 11)]


def test_an_xlsx_of_merged_team_cells_gives_each_row_its_merged_value(content: Path, tmp_path: Path) -> None:
    """In a workbook the merged ranges are known (openpyxl's read-only mode does not read them:
    the sheet's part does): a merged 队名 or 班级 belongs to every row of its range, as Excel
    shows it. Nothing is guessed, so nothing is said; a blank that is not merged stays an error."""
    new_event(content, "college-2025", "guandan")
    book = Workbook()
    for row in merged_rows():
        book.active.append(row)
    for first, last in ((3, 6), (7, 10), (11, 13)):
        book.active.merge_cells(f"B{first}:B{last}")
        book.active.merge_cells(f"C{first}:C{last}")
    book.active.merge_cells("A1:G1")  # the title
    book.save(tmp_path / "报名表.xlsx")
    report = import_registrations(content, "college-2025", tmp_path / "报名表.xlsx")
    assert imported_teams(content) == {team: (group, names) for team, (group, names) in TEAMS.items()}
    assert report.filled == [] and not any("合并单元格" in line for line in report.lines("zh-Hans"))
    book.active.unmerge_cells("B11:B13")  # unmerged: Excel keeps the value in the first row only
    book.save(tmp_path / "unmerged.xlsx")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "college-2025", tmp_path / "unmerged.xlsx")
    assert [(p.code, p.mark.line) for p in failure.value.problems] == [("registration-no-entry", 12),
                                                                        ("registration-no-entry", 13)]


# --- a college's headings ------------------------------------------------------------------------


@pytest.mark.parametrize("heading", ["学院", "院系", "學院", "所在学院", "所在系", "系别", "College", "department"])
def test_a_college_or_department_column_is_the_group(content: Path, tmp_path: Path, heading: str) -> None:
    """学院 is the usual heading on a college's sheet; it was reported 未使用, with no hint, and the
    entries had no group."""
    new_event(content, "college-2025", "guandan")
    sheet = write_xlsx(tmp_path / "s.xlsx", [["队名", heading, "姓名"], ["土木一队", "土木工程学院", "韦娟辉"],
                                            ["土木一队", "土木工程学院", "龙远敏"]])
    report = import_registrations(content, "college-2025", sheet)
    assert [c.use for c in report.columns] == ["team", "group", "name"]
    assert imported_teams(content) == {"土木一队": ("土木工程学院", ["韦娟辉", "龙远敏"])}


def test_an_unused_column_whose_heading_names_a_field_says_the_map_that_uses_it(content: Path,
                                                                                tmp_path: Path) -> None:
    """A heading that holds a field's usual heading (所属学院, 参赛队名) is reported with the --map
    that would read it, quoted for the shell when it has a space; one that names two fields
    (队长姓名: a captain's, a name), none, or a field a column has taken says nothing more."""
    new_event(content, "college-2025", "guandan")
    rows = [["序号", "参赛队名", "所属 学院", "姓名", "队长姓名", "Team Name"],
            ["1", "土木一队", "土木工程学院", "韦娟辉", "韦娟辉", "x"], ["2", "土木一队", "土木工程学院", "龙远敏", "韦娟辉", "x"]]
    sheet = write_xlsx(tmp_path / "s.xlsx", rows)
    with pytest.raises(ContentErrors) as failure:  # no team column: the hint says how to use 参赛队名
        import_registrations(content, "college-2025", sheet)
    lines = failure.value.report.lines("zh-Hans")
    assert lines[1:7] == ["第 1 列「序号」→ 未使用",
                          "第 2 列「参赛队名」→ 未使用（要作为 team 导入：--map 参赛队名=team）",
                          "第 3 列「所属 学院」→ 未使用（要作为 group 导入：--map '所属 学院=group'）",
                          "第 4 列「姓名」→ 队员姓名",
                          "第 5 列「队长姓名」→ 未使用",
                          "第 6 列「Team Name」→ 未使用"]
    assert "column 2 “参赛队名” → not used (to import it as team: --map 参赛队名=team)" in failure.value.report.lines("en")
    report = import_registrations(content, "college-2025", sheet, {"参赛队名": "team", "所属 学院": "group"})
    assert imported_teams(content) == {"土木一队": ("土木工程学院", ["韦娟辉", "龙远敏"])}
    assert "未使用（" not in "\n".join(report.lines("zh-Hans"))


def test_a_rerun_that_adds_one_player_says_one_entry_updated(content: Path, tmp_path: Path, capsys) -> None:
    """A rerun that added one player said "更新 14": every team the sheet matched was counted as
    updated. Updated is the teams whose players changed; the others are unchanged. The 队长
    column was described as 组长: it is the captain's mark, whichever word heads it."""
    from generator.cli import main

    new_event(content, "college-2025", "guandan")
    sheet = tmp_path / "报名表.csv"
    rows = merged_rows()
    with open(sheet, "w", encoding="gbk", newline="") as handle:
        csv.writer(handle).writerows(rows)
    assert main(["import", "college-2025", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "（新增 3，更新 0，未变 0）" in out
    assert "第 5 列「队长」→ 队长/组长（标“是”或“√”的队员排在本队第一位）" in out
    assert main(["import", "college-2025", str(sheet), "--content", str(content)]) == 0
    assert "（新增 0，更新 0，未变 3）" in capsys.readouterr().out
    rows.append(["12", "化学反应", "化工1班", "新队员", "", "13912345678", ""])
    with open(sheet, "w", encoding="gbk", newline="") as handle:
        csv.writer(handle).writerows(rows)
    assert main(["import", "college-2025", str(sheet), "--content", str(content), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "(0 new, 1 updated, 2 unchanged)" in out
    assert "column 5 “队长” → captain (the player marked yes or √ is listed first in the entry)" in out
    assert imported_teams(content)["化学反应"][1] == ["邹强", "石磊浩", "龚勇娟", "新队员"]


# --- a fill that would put a person in the wrong team ---------------------------------------------

RED = ["张三", "李四", "王五", "赵六"]
BLUE = ["孙八", "周九", "吴十", "郑一"]


def write_rows(path: Path, rows: list[list[str]]) -> Path:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


def test_a_blank_team_below_a_team_written_on_every_row_is_not_filled(content: Path, tmp_path: Path, capsys) -> None:
    """红队 written on each of its four rows, then a row `,钱七,…` with its team left out, then
    蓝队: 钱七 joined 红队 (five players), import said one line of filled rows and exited 0, and
    check had nothing to say (two teams give no usual size; no team_size). A blank left by an
    Excel merged cell lies below a team written on its first row only; below a team written on
    every row, a blank is a team left out: the row is an error, saying what to write either way."""
    new_event(content, "college-2025", "bridge")
    rows = [["队名", "姓名", "手机"], *[["红队", name, f"1380013800{n}"] for n, name in enumerate(RED)],
            ["", "钱七", "13800138004"], *[["蓝队", name, f"1380013801{n}"] for n, name in enumerate(BLUE)]]
    sheet = write_rows(tmp_path / "fill.csv", rows)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "college-2025", sheet)
    (problem,) = failure.value.problems
    assert (problem.code, problem.mark.line, problem.mark.column) == ("registration-not-filled", 6, 1)
    assert problem.message("zh-Hans") == ("第 6 行（钱七）的「队名」是空的，没有沿用上一行的「红队」："
                                          "上面「红队」不只第一行写了队名，这个空格不是 Excel 合并单元格留下的")
    assert "填上「红队」" in problem.hint("zh-Hans") and "its own 队名" in problem.hint("en")
    assert problem.format("zh-Hans").splitlines()[1] == "  6 | ,钱七,***********"
    from generator.cli import main

    assert main(["import", "college-2025", str(sheet), "--content", str(content)]) == 1
    assert "registration-not-filled" in capsys.readouterr().err
    assert not (content / "events/college-2025/entries.yaml").exists()
    rows[5][0] = "红队"  # the secretary's answer: 钱七 is 红队's fifth player
    report = import_registrations(content, "college-2025", write_rows(sheet, rows))
    assert imported_teams(content)["红队"][1] == [*RED, "钱七"] and report.filled == []


def merged_team_rows(teams: dict[str, list[str]]) -> list[list[str]]:
    """A CSV saved from a sheet whose 队名 is merged over each team's rows: on its first row only."""
    return [["队名", "姓名"], *[[team if at == 0 else "", name] for team, names in teams.items()
                                for at, name in enumerate(names)]]


def test_a_merged_team_is_filled_no_further_than_the_stages_team_size(content: Path, tmp_path: Path) -> None:
    """A Guandan stage of teams of four (`team_size: 4`): a fifth row below a merged 红队 cell is
    not filled into it (a person whose team was left out, below the last team of the sheet's
    block), but said to have no team; a team of five written on every row is the sheet's word."""
    new_event(content, "college-2025", "guandan")
    event = content / "events/college-2025/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    format: swiss\n", "    format: swiss\n    team_size: 4\n"),
                     encoding="utf-8")
    sheet = write_rows(tmp_path / "merged.csv", merged_team_rows({"红队": [*RED, "钱七"], "蓝队": BLUE}))
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "college-2025", sheet)
    (problem,) = failure.value.problems
    assert (problem.code, problem.mark.line) == ("registration-not-filled", 6)
    assert problem.message("zh-Hans").endswith("：「红队」已有 4 名选手（team_size: 4）")
    assert problem.message("en").endswith(": “红队” has 4 players already (team_size: 4)")
    report = import_registrations(content, "college-2025", write_rows(sheet, merged_team_rows({"红队": RED, "蓝队": BLUE})))
    assert report.filled == [3, 4, 5, 7, 8, 9]


def test_a_team_its_fills_make_larger_than_every_other_is_named(content: Path, tmp_path: Path) -> None:
    """No stage sets a team size (bridge teams are four to six) and two teams give no usual
    size: a merged team that comes out larger than every other team is imported, and named
    with its filled rows, so that a person below it whose team was left out is seen."""
    new_event(content, "college-2025", "bridge")
    sheet = write_rows(tmp_path / "merged.csv", merged_team_rows({"红队": [*RED, "钱七"], "蓝队": BLUE}))
    report = import_registrations(content, "college-2025", sheet)
    assert imported_teams(content)["红队"][1] == [*RED, "钱七"]
    assert ("注意：A01 红队 有 5 名选手，比其他各队都多（其他队至多 4 名），其中第 3–6 行的「队名」是空的，"
            "沿用了上一行的值；若其中有人不属于这一队，给那一行填上队名后重新导入") in report.lines("zh-Hans")
    assert any(line.startswith("note: A01 红队 has 5 players, more than any other team (4 at most)")
               for line in report.lines("en"))
    even = import_registrations(content, "college-2025", write_rows(sheet, merged_team_rows({"红队": RED, "蓝队": BLUE})))
    assert not any("其他各队" in line for line in even.lines("zh-Hans"))


# --- a rerun brings each entry's team name and group in line with the sheet ---------------------------


def college_sheet(path: Path, teams: dict[str, tuple[str, list[str]]]) -> Path:
    """队名, 姓名, 学院 rows: each team's college and players."""
    rows = [["队名", "姓名", "学院"]] + [[team, name, college] for team, (college, names) in teams.items()
                                        for name in names]
    return write_xlsx(path, rows)


PLAYED = "stage: main\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n    levels: {T01: A, T02: \"9\"}\n"


def test_a_rerun_applies_a_changed_team_name_and_group_and_says_each(content: Path, tmp_path: Path) -> None:
    """A rerun on a corrected sheet updated the players of each entry it matched (by its players)
    but kept the team name and the group (学院) it had: 红队 stayed 红对 and 化工学院 stayed
    化学学院 on every page. Each change is written and said in one line; a blank on the sheet
    erases nothing. T01 has results: they name it by its id, so it is renamed as any other and
    its results still read."""
    new_event(content, "union-2026", "guandan")
    teams = {"红对": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"]),
             "绿队": ("数学学院", ["甲3", "乙3"])}
    import_registrations(content, "union-2026", college_sheet(tmp_path / "a.xlsx", teams), prefix="T")
    folder = content / "events/union-2026"
    (folder / "results").mkdir(exist_ok=True)
    (folder / "results/round-1.yaml").write_text(PLAYED, encoding="utf-8")
    corrected = {"红队": ("化工学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"]),
                 "绿队": ("", ["甲3", "乙3"])}
    report = import_registrations(content, "union-2026", college_sheet(tmp_path / "b.xlsx", corrected), prefix="T")
    assert (report.new, report.kept, report.updated) == (0, 3, 1)
    lines = report.lines("zh-Hans")
    assert "T01 队名改为 红队（原为 红对）" in lines and "T01 班级/单位改为 化工学院（原为 化学学院）" in lines
    assert "T01 renamed 红队 (was 红对)" in report.lines("en")
    assert not [line for line in lines if line.startswith(("T02", "T03"))]  # unchanged, or blank on the sheet
    _, results, _ = validate(content)
    entries = results[0].event.entries
    assert (entries["T01"].name, entries["T01"].group) == ("红队", "化工学院")
    assert entries["T03"].group == "数学学院"
    assert results[0].stages[0].standings[0].entry.id == "T01"  # its result kept


def test_a_team_renamed_with_all_its_players_changed_is_new_and_the_old_one_is_kept_and_said(
        content: Path, tmp_path: Path) -> None:
    """Entries are known across reruns by their players: a team whose name and players all
    changed is not the listed one. It was written as a new entry and the listed one was kept
    without a word, both drawn. Now each listed entry the sheet does not hold is said, kept;
    one with results says it is never deleted and how to mark it withdrawn."""
    teams, folder = four_teams_t01_t02_played(content, tmp_path)
    (folder / "results/round-1.yaml").write_text(PLAYED, encoding="utf-8")  # (a result the build reads)
    changed = {"1队": teams["1队"], "新2队": ["丙2", "丁2"], "3队": teams["3队"], "新4队": ["丙4", "丁4"]}
    report = import_registrations(content, "union-2026", team_sheet(tmp_path / "b.xlsx", changed), prefix="T")
    assert (report.entries, report.new, report.kept) == (6, 2, 2) and report.new_ids == ["T05", "T06"]
    lines = report.lines("zh-Hans")
    assert ("T02 2队 不在这份报名表上，但它已有成绩，留在 entries.yaml 中，不会删去：若它退赛了，在 entries.yaml 中"
            "给它写上 withdrawn: N（N 为它不再参加的第一轮）") in lines
    assert any(line.startswith("T04 4队 不在这份报名表上，仍留在 entries.yaml 中") for line in lines)
    assert "T04 4队 is not on this sheet: kept in entries.yaml" in "\n".join(report.lines("en"))
    _, results, _ = validate(content)
    assert {"T02", "T04"} <= set(results[0].event.entries)


def _sign_up_sheet(path: Path, rows: list[list[str]]) -> Path:
    """A sign-up sheet saved from Excel as CSV (GBK), its title row above the headings."""
    with open(path, "w", encoding="gbk", newline="") as handle:
        csv.writer(handle).writerows([["第四届运动会大怪路子比赛报名表", "", "", "", "", ""], *rows])
    return path


WORKS_SHEET = [["单位", "序号", "姓名", "性别", "领队手机", "备注"]] + [
    row for unit, family in (("化工一厂", "王"), ("石化公司", "李"), ("赛科", "张"))
    for row in ([unit, "1", f"{family}一", "男", "13900000000", "领队"], ["", "2", f"{family}二", "男", "", ""],
                ["", "3", f"{family}三", "男", "", ""])]


def test_a_sheet_teamed_by_its_merged_unit_is_told_the_map_that_takes_it(content: Path, tmp_path: Path) -> None:
    """A works' sign-up sheet (单位, 序号, 姓名 …, each 单位 written on its team's first row, as a
    merged cell saved as CSV leaves it) has a name column and no team column: the message said
    it found neither 姓名 nor 组号 (the report above it had just read 第 3 列「姓名」), and its hint
    said --map 列名=name. It names only the missing column, and the 单位 column that cuts the rows
    into teams, with the --map that takes it."""
    new_event(content, "works", "daguai")
    sheet = _sign_up_sheet(tmp_path / "报名表.csv", WORKS_SHEET)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "works", sheet)
    (problem,) = failure.value.problems
    assert problem.code == "registration-team-column-like"
    message, hint = problem.message("zh-Hans"), problem.hint("zh-Hans")
    assert "“姓名”" not in message and "「单位」列把各行分成相邻的 3 组" in message
    assert "--map 单位=team" in hint and "=name" not in hint
    report = import_registrations(content, "works", sheet, {"单位": "team"})  # the map it says: imported
    assert report.new == 3
    # the same sheet with 单位 written on every row of each player, each different: no team to name
    rows = [WORKS_SHEET[0]] + [[f"厂{n}", *row[1:]] for n, row in enumerate(WORKS_SHEET[1:])]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "works", _sign_up_sheet(tmp_path / "每行.csv", rows))
    (problem,) = failure.value.problems
    assert problem.code == "registration-no-team-column" and "--map 列名=team" in problem.hint("zh-Hans")
    # a 组号 and no name column: the name column is the one said missing
    sheet = tmp_path / "无姓名.csv"
    sheet.write_text("组号,选手名单\n1,王一\n1,王二\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "works", sheet)
    (problem,) = failure.value.problems
    assert problem.code == "registration-no-name-column" and "组号" not in problem.message("zh-Hans").split("（")[0]


def test_a_players_differing_unit_cell_is_said_masked(content: Path, tmp_path: Path, capsys) -> None:
    """A team's 单位 is its first player's: a fill-down row whose 单位 cell held 备注:联系 and a
    phone was dropped without a word, on the first import and again on a re-import. It is said
    in one line, the phone masked as import masks it."""
    from generator.cli import main

    new_event(content, "works", "daguai")
    rows = [["序号", "队名", "姓名", "性别", "单位", "联系电话"],
            ["1", "机关队", "王一", "男", "市总工会", "13800138001"], ["2", "", "王二", "男", "", ""],
            ["3", "", "王三", "男", "", ""],
            ["4", "消防队", "戚光", "男", "消防支队", "13000130000"], ["5", "", "谢安", "男", "", ""],
            ["6", "", "喻言", "女", "备注:联系13800138009", ""]]
    sheet = _sign_up_sheet(tmp_path / "报名表.csv", rows)
    said = ("第 8 行 喻言 的「单位」是“备注:联系***********”，与 D02 消防队 的“消防支队”不同，未写入：一队只记一个单位"
            "（若是备注，移到备注列；若 喻言 另属一队，给这一行填上该队后重新导入）")
    for _ in range(2):  # the import, and the import again
        assert main(["import", "works", str(sheet), "--content", str(content)]) == 0
        out = capsys.readouterr().out
        assert said in out.splitlines() and "13800138009" not in out
    entries = (content / "events/works/entries.yaml").read_text(encoding="utf-8")
    assert "group: 消防支队" in entries and "13800138009" not in entries
    # 单位 taken for the team's name (--map 单位=team): that cell makes a team of its own, and the
    # line naming its size said it by its name, the phone in it in full
    rows = [WORKS_SHEET[0]] + [[unit if n == 1 else "", str(n), f"{family}{n}", "男", "", ""] for unit, family in
                               zip("甲乙丙丁戊己庚辛", "王李张刘陈杨赵黄") for n in (1, 2, 3)]
    rows[2][0] = "备注:联系13800138009"
    new_event(content, "works2", "daguai")
    sheet = _sign_up_sheet(tmp_path / "单位.csv", rows)
    assert main(["import", "works2", str(sheet), "--map", "单位=team", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    # (the team's name is not written: it holds a phone; the entry is its id alone)
    assert "（D02）有 2 名选手" in out and "13800138009" not in out
    assert ("第 4 行 王2 的「单位」是“备注:联系***********”，像是含有手机号或证件号，未写入 D02：单位会公开"
            "（若是备注，移到备注列；号码写在电话一列，不会公开）") in out.splitlines()
    # named by hand since, the sheet unchanged: imported again, the hand's name stays
    listed = content / "events/works2/entries.yaml"
    listed.write_text(listed.read_text(encoding="utf-8").replace("- id: D02\n", "- id: D02\n  name: 甲二队\n"),
                      encoding="utf-8")
    assert main(["import", "works2", str(sheet), "--map", "单位=team", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    entries = listed.read_text(encoding="utf-8")
    assert "name: 甲二队" in entries and "13800138009" not in entries + out and "改为" not in out


# 戚光's row leads 消防队 with its 单位 blank; 喻言's 单位 is a note holding a phone (the reviewer's sheet)
NOTE_SHEET = [["序号", "队名", "姓名", "性别", "单位", "联系电话"],
              ["1", "机关队", "王一", "男", "市总工会", "13800138001"], ["2", "", "王二", "男", "", ""],
              ["3", "", "王三", "男", "", ""],
              ["4", "消防队", "戚光", "男", "", "13000130000"], ["5", "", "谢安", "男", "", ""],
              ["6", "", "喻言", "女", "备注:联系13800138009", ""]]


def test_a_unit_cell_holding_a_phone_is_never_written_nor_written_back(content: Path, tmp_path: Path,
                                                                        capsys) -> None:
    """The team's only filled 单位 cell was a note holding a phone: the first import wrote it as
    the team's public group without a word (the differing-cell line compares with the first
    filled cell, the note itself); check warned text-looks-personal, the secretary wrote
    消防支队 in its place, and the next import wrote the phone back, said only by a masked
    rename line. A cell that looks private is never written to a public field: said in one
    masked line, the entry keeping what it has (none at first, then the secretary's)."""
    from generator.cli import main

    new_event(content, "works", "daguai")
    sheet = _sign_up_sheet(tmp_path / "报名表.csv", NOTE_SHEET)
    listed = content / "events/works/entries.yaml"
    said = ("第 8 行 喻言 的「单位」是“备注:联系***********”，像是含有手机号或证件号，未写入 D02 消防队：单位会公开"
            "（若是备注，移到备注列；号码写在电话一列，不会公开）")
    assert main(["import", "works", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    entries = listed.read_text(encoding="utf-8")
    assert said in out.splitlines() and "13800138009" not in entries + out
    assert entries.split("- id: D02")[1].count("group:") == 0  # 机关队 keeps its 市总工会
    assert "group: 市总工会" in entries
    # the secretary writes the team's unit by hand; the same sheet imported again keeps it
    listed.write_text(entries.replace("- id: D02\n", "- id: D02\n  group: 消防支队\n"), encoding="utf-8")
    assert main(["import", "works", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    entries = listed.read_text(encoding="utf-8")
    assert "group: 消防支队" in entries and "13800138009" not in entries + out
    assert said in out.splitlines() and "改为" not in out


def test_a_team_takes_the_unit_most_of_its_players_hold_and_the_other_is_said(content: Path, tmp_path: Path,
                                                                               capsys) -> None:
    """A team's 单位 is the one most of its rows hold, not the first filled: a note in the first
    row's cell (备注:素食) is the outlier, said as a cell not written."""
    from generator.cli import main

    new_event(content, "works", "daguai")
    rows = [list(row) for row in NOTE_SHEET]
    rows[4][4], rows[5][4], rows[6][4] = "备注:素食", "消防支队", "消防支队"
    sheet = _sign_up_sheet(tmp_path / "报名表.csv", rows)
    assert main(["import", "works", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    entries = (content / "events/works/entries.yaml").read_text(encoding="utf-8")
    assert "group: 消防支队" in entries and "素食" not in entries
    assert ("第 6 行 戚光 的「单位」是“备注:素食”，与 D02 消防队 的“消防支队”不同，未写入：一队只记一个单位"
            "（若是备注，移到备注列；若 戚光 另属一队，给这一行填上该队后重新导入）") in out.splitlines()


def test_a_name_cell_holding_a_phone_is_refused_masked(content: Path, tmp_path: Path, capsys) -> None:
    """A player's name is public (pages, results.json, search): a 姓名 cell holding a phone
    (谢安 13800138005) was written as the name, whole. The row is refused, its cell quoted
    masked, nothing written; the hint says where the number goes."""
    from generator.cli import main

    new_event(content, "works", "daguai")
    rows = [list(row) for row in NOTE_SHEET]
    rows[5][2] = "谢安 13800138005"
    sheet = _sign_up_sheet(tmp_path / "报名表.csv", rows)
    assert main(["import", "works", str(sheet), "--content", str(content)]) == 1
    captured = capsys.readouterr()
    said = captured.out + captured.err
    assert "[registration-name-private] 第 7 行的姓名“谢安 ***********”含有像手机号或证件号的号码" in said
    assert "号码写在电话或学号一列" in said and "13800138005" not in said
    assert not (content / "events/works/entries.yaml").exists()


def test_a_rerun_gives_a_listed_entry_to_the_team_sharing_most_players_not_the_first_to_share_one(
        content: Path, tmp_path: Path) -> None:
    """Matching took the sheet's teams in order, each to the listed entry sharing most players
    with it: 甲1, moved to a new team listed first on the sheet, took T01 with it, and the three
    who are still T01 became a new entry (their results, by T01's id, passed to the other team).
    The best overlaps are matched first: T01 goes to the team holding three of its players."""
    new_event(content, "union-2026", "guandan")
    first = {"1队": ["甲1", "乙1", "丙1", "丁1"], "2队": ["甲2", "乙2", "丙2", "丁2"]}
    import_registrations(content, "union-2026", team_sheet(tmp_path / "a.xlsx", first), prefix="T")
    again = {"新队": ["甲1", "戊1", "己1", "庚1"], "1队": ["乙1", "丙1", "丁1", "辛1"], "2队": first["2队"]}
    report = import_registrations(content, "union-2026", team_sheet(tmp_path / "b.xlsx", again), prefix="T")
    assert (report.new, report.kept, report.new_ids) == (1, 2, ["T03"])
    import yaml

    written = {e["id"]: e for e in yaml.safe_load((content / "events/union-2026/entries.yaml").read_text(encoding="utf-8"))}
    assert written["T01"]["players"] == ["乙1", "丙1", "丁1", "辛1"] and written["T01"]["name"] == "1队"
    assert written["T03"]["players"] == ["甲1", "戊1", "己1", "庚1"] and written["T03"]["name"] == "新队"


# --- a rerun keeps what the secretary corrected by hand in entries.yaml ------------------------------


def phoned_sheet(path: Path, teams: dict[str, tuple[str, list[str]]]) -> Path:
    """队名, 姓名, 学院, 手机 rows: each team's college and players, each with a phone."""
    rows = [["队名", "姓名", "学院", "手机"]] + [[team, name, college, f"1380013{n:04d}"]
                                             for n, (team, (college, names)) in enumerate(teams.items())
                                             for name in names]
    return write_xlsx(path, rows)


def test_a_rerun_keeps_a_name_or_group_corrected_by_hand_and_says_it(content: Path, tmp_path: Path,
                                                                     capsys) -> None:
    """entries.yaml says it may be edited by hand, yet a rerun wrote the sheet's team name over the
    one the secretary corrected (红对 fixed to 红队 came back as 红对): import did not know what it
    had last written. It records that in entries.imported.json: a value still equal to it takes
    the sheet's; one edited by hand is kept and said, with the flag that takes the sheet's."""
    from generator.cli import main

    new_event(content, "union-2026", "guandan")
    teams = {"红对": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"]),
             "绿队": ("数学学院", ["甲3", "乙3"])}
    import_registrations(content, "union-2026", phoned_sheet(tmp_path / "a.xlsx", teams), prefix="T")
    folder = content / "events/union-2026"
    listed = folder / "entries.yaml"
    record = (folder / "entries.imported.json").read_text(encoding="utf-8")
    assert "13800" not in record and "红对" in record  # (what was written: never a phone)
    text = listed.read_text(encoding="utf-8")
    listed.write_text(text.replace("name: 红对", "name: 红队").replace("group: 物理学院", "group: 物理系"),
                      encoding="utf-8")
    # the sheet unchanged but for 绿队, renamed 青队 there: the one value import wrote and nobody touched
    changed = dict(teams)
    changed["青队"] = changed.pop("绿队")
    sheet = phoned_sheet(tmp_path / "b.xlsx", changed)
    for rerun in range(2):  # said again on each rerun, until taken or the sheet agrees
        report = import_registrations(content, "union-2026", sheet, prefix="T")
        written = listed.read_text(encoding="utf-8")
        assert "name: 红队" in written and "group: 物理系" in written and "name: 青队" in written
        assert "红对" not in written and "物理学院" not in written
        lines = report.lines("zh-Hans")
        assert ("T01 的队名在 entries.yaml 中手改为 红队，保留；报名表上的 红对 未采用"
                "（要采用报名表的，重新导入时加上 --take-sheet T01）") in lines
        assert ("T02 group edited by hand in entries.yaml to 物理系: kept; the sheet's 物理学院 not taken "
                "(to take the sheet's, import again with --take-sheet T02)") in report.lines("en")
        assert ("T03 队名改为 青队（原为 绿队）" in lines) == (rerun == 0)
        assert not [line for line in lines if line.startswith("T03") and "手改" in line]
    _, results, _ = validate(content)
    entries = results[0].event.entries
    assert (entries["T01"].name, entries["T02"].group, entries["T03"].name) == ("红队", "物理系", "青队")
    # taking the sheet's for T01 alone, from the command line
    # (written before the event and the sheet: --take-sheet took them as ids, "the following
    # arguments are required: event, sheet"; one value now, its ids comma-separated)
    assert main(["import", "--take-sheet", "T01", "union-2026", str(sheet), "--prefix", "T",
                 "--content", str(content)]) == 0
    out = capsys.readouterr().out
    written = listed.read_text(encoding="utf-8")
    assert "name: 红对" in written and "group: 物理系" in written and "T01 队名改为 红对（原为 红队）" in out
    # an id the event does not have (T99, a typo) is said in one line, with the ids it has; nothing
    # written (it was ignored without a word, the secretary believing the sheet's taken)
    assert main(["import", "union-2026", str(sheet), "--prefix", "T", "--take-sheet", "T99,T01",
                 "--content", str(content)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == ["paibang: --take-sheet T99：本项目没有这个编号的参赛队（已有：T01, T02, T03）；未写入任何内容",
                                "  → 写本项目已有的编号；只写 --take-sheet 则所有参赛队都采用报名表上的。"]
    assert listed.read_text(encoding="utf-8") == written
    # the sheet now agreeing with the hand's 物理系: taken as import's, so a later change of the sheet is
    changed["蓝队"] = ("物理系", teams["蓝队"][1])
    import_registrations(content, "union-2026", phoned_sheet(tmp_path / "c.xlsx", changed), prefix="T")
    changed["蓝队"] = ("物理与天文学院", teams["蓝队"][1])
    report = import_registrations(content, "union-2026", phoned_sheet(tmp_path / "d.xlsx", changed), prefix="T")
    assert "T02 班级/单位改为 物理与天文学院（原为 物理系）" in report.lines("zh-Hans") and not report.by_hand


def test_an_unreadable_record_of_what_import_wrote_is_said_and_taken_as_none(content: Path, tmp_path: Path) -> None:
    """A broken entries.imported.json (an editor's half-saved file) is a line naming it, never a
    traceback: the import takes the sheet's values, as before records were kept, and says each."""
    new_event(content, "union-2026", "guandan")
    teams = {"红队": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"])}
    import_registrations(content, "union-2026", phoned_sheet(tmp_path / "a.xlsx", teams), prefix="T")
    folder = content / "events/union-2026"
    (folder / "entries.imported.json").write_text('{"entries": {"T01": ', encoding="utf-8")
    teams["红队"] = ("化工学院", teams["红队"][1])
    report = import_registrations(content, "union-2026", phoned_sheet(tmp_path / "b.xlsx", teams), prefix="T")
    lines = report.lines("zh-Hans")
    assert any(line.startswith(f"{folder / 'entries.imported.json'} 读不出") for line in lines)
    assert "T01 班级/单位改为 化工学院（原为 化学学院）" in lines
    assert "化工学院" in (folder / "entries.imported.json").read_text(encoding="utf-8")  # written whole again


def test_take_sheet_is_one_value_alone_or_ids_comma_separated(capsys) -> None:
    """--take-sheet took any number of ids (nargs="*"), so written before the event and the sheet
    it swallowed them. One optional value now: alone, every entry; else its ids, comma-separated.
    Alone before the event (or the sheet), it took that as its value ("the following arguments
    are required: sheet"): alone it is, when the line reads whole so."""
    from generator.cli import parser
    from generator.commands.registrations import take_sheet_ids

    def taken(*argv: str) -> list[str] | None:
        args = parser("en").parse_args(["import", *argv])
        assert (args.event, str(args.sheet)) == ("spring", "s1.csv")
        return take_sheet_ids(args.take_sheet)

    assert taken("--take-sheet", "H01", "spring", "s1.csv") == ["H01"]
    assert taken("spring", "s1.csv", "--take-sheet", "H01, H02") == ["H01", "H02"]
    assert taken("spring", "s1.csv", "--take-sheet") == []  # every entry
    assert taken("spring", "s1.csv") is None
    assert taken("--take-sheet", "spring", "s1.csv") == []  # alone, as written anywhere else
    assert taken("spring", "--take-sheet", "s1.csv", "--prefix", "T") == []
    assert taken("--take", "spring", "s1.csv") == []  # shortened, as argparse takes it
    assert taken("--take-sheet", "H01", "spring", "s1.csv", "--prefix", "T") == ["H01"]
    with pytest.raises(SystemExit):  # an event and no sheet: said as before, the tried reading unsaid
        parser("en").parse_args(["import", "--take-sheet", "spring"])
    err = capsys.readouterr().err
    assert err.count("usage:") == 1 and "the following arguments are required: event, sheet" in err


def test_take_sheet_ids_before_the_event_with_the_sheet_forgotten_is_said_so(tmp_path: Path, capsys) -> None:
    """`import --take-sheet T01 gd`, the sheet forgotten: read as --take-sheet alone (which may be
    written before the event), T01 was the event and gd the sheet, said as "the name T01 cannot
    be a folder's" (or gd not found), nothing of what was wrong. Refused, said as what it is,
    with the order that reads; an event and a sheet after --take-sheet alone still import."""
    from generator.cli import main
    from tests.support import demo_content

    slug = "tumu-guandan-2020"
    content = demo_content(tmp_path, slug)
    before = (content / "events" / slug / "event.yaml").read_bytes()
    for ids in ("T01", "T01,T02", "t01"):  # (t01 is a name a folder may have: the event is the word after it)
        capsys.readouterr()
        assert main(["import", "--take-sheet", ids, slug, "--content", str(content)]) == 2
        assert capsys.readouterr().err.splitlines() == [
            f"paibang: --take-sheet {ids} {slug}\uff1a\u6ca1\u6709\u7ed9\u51fa\u62a5\u540d\u8868\u6587\u4ef6"
            f"\uff08{ids} \u88ab\u8bfb\u4f5c\u8d5b\u4e8b\u76ee\u5f55\u540d\uff0c{slug} \u88ab\u8bfb\u4f5c"
            f"\u62a5\u540d\u8868\uff0c\u4f46\u6ca1\u6709\u8fd9\u4e2a\u6587\u4ef6\uff09\uff1b"
            f"\u672a\u5199\u5165\u4efb\u4f55\u5185\u5bb9",
            f"  \u2192 \u5199\u6210 paibang import {slug} \u62a5\u540d\u8868.xlsx --take-sheet {ids}"
            "\uff1a\u5148\u5199\u8d5b\u4e8b\u548c\u62a5\u540d\u8868\uff0c\u518d\u5199 --take-sheet "
            "\u548c\u7f16\u53f7\uff08\u7528\u9017\u53f7\u9694\u5f00\uff09\uff1b--take-sheet "
            "\u4e0d\u5e26\u7f16\u53f7\uff0c\u5219\u6240\u6709\u53c2\u8d5b\u961f\u90fd\u91c7\u7528"
            "\u62a5\u540d\u8868\u4e0a\u7684\u3002"]
    assert main(["--lang", "en", "import", "--take-sheet", "T01", slug, "--content", str(content)]) == 2
    assert f"write paibang import {slug} registrations.xlsx --take-sheet T01" in capsys.readouterr().err
    assert not (content / "events" / slug / "entries.yaml").exists()
    assert (content / "events" / slug / "event.yaml").read_bytes() == before
    # --take-sheet alone before an event and a sheet not found: the sheet not found, as before
    assert main(["import", "--take-sheet", slug, str(tmp_path / "gone.xlsx"), "--content", str(content)]) == 1
    assert "registration-sheet-not-found" in capsys.readouterr().err
    # written after the event, T01 is the event as the user wrote it: no folder may be named so
    assert main(["import", "T01", slug, "--take-sheet", "--content", str(content)]) == 2
    assert "T01" in capsys.readouterr().err

@pytest.mark.parametrize("planted", ["fifo", "link", "large", "deep"])
def test_a_record_that_is_no_file_of_imports_is_refused_said_and_taken_as_none(
        content: Path, tmp_path: Path, monkeypatch, planted: str) -> None:
    """entries.imported.json was read with a plain read: a named pipe there made import wait for
    ever, a link to /dev/zero ran out of memory, [[[…]]] 100,000 deep was a RecursionError's
    traceback. Read as paibang's own files are (init's own_file): each is one line naming it, the
    record taken as none, and the import done."""
    import os
    import threading

    from generator.commands import registrations

    new_event(content, "union-2026", "guandan")
    teams = {"红队": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"])}
    import_registrations(content, "union-2026", phoned_sheet(tmp_path / "a.xlsx", teams), prefix="T")
    folder = content / "events/union-2026"
    record = folder / "entries.imported.json"
    kept = record.read_text(encoding="utf-8")
    record.unlink()
    if planted == "fifo":
        os.mkfifo(record)
    elif planted == "link":  # (a file of import's own elsewhere: followed, it was read as the record)
        (tmp_path / "elsewhere.json").write_text(kept, encoding="utf-8")
        record.symlink_to(tmp_path / "elsewhere.json")
    elif planted == "large":
        monkeypatch.setattr(registrations, "MAX_RECORD_BYTES", len(kept) - 1)
        record.write_text(kept, encoding="utf-8")
    else:
        record.write_text('{"entries": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    teams["红队"] = ("化工学院", teams["红队"][1])
    sheet = phoned_sheet(tmp_path / "b.xlsx", teams)
    done: list = []
    worker = threading.Thread(target=lambda: done.append(
        import_registrations(content, "union-2026", sheet, prefix="T")), daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():  # waiting on the pipe: a writer lets it go before the test fails
        os.close(os.open(record, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(30)
    assert done, "the import waited on a named pipe"
    lines = done[0].lines("en")
    said = [line for line in lines if line.startswith(f"{record} cannot be read")]
    assert len(said) == 1 and said[0].split(" cannot be read (")[1].startswith(
        {"fifo": "not a regular file", "link": "a symbolic link", "large": "a file of yours, not one paibang",
         "deep": "maximum recursion depth"}[planted])
    assert "T01 group changed to 化工学院 (was 化学学院)" in lines
    assert "name: 红队" in (folder / "entries.yaml").read_text(encoding="utf-8")


def test_a_record_that_cannot_be_written_is_said_after_the_import_is_done(content: Path, tmp_path: Path,
                                                                          capsys) -> None:
    """A folder named entries.imported.json: import wrote entries.yaml, then failed on the record
    ("cannot write …entries.imported.json.tmp-…: Is a directory", exit 1), event.yaml never
    pointed at entries.yaml. The record comes last and never stops the import: one line names it."""
    from generator.cli import main

    new_event(content, "union-2026", "guandan")
    folder = content / "events/union-2026"
    (folder / "entries.imported.json").mkdir()
    teams = {"红队": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"])}
    assert main(["import", "union-2026", str(phoned_sheet(tmp_path / "a.xlsx", teams)), "--prefix", "T",
                 "--content", str(content)]) == 0
    out, err = capsys.readouterr()
    assert "entries: entries.yaml" in (folder / "event.yaml").read_text(encoding="utf-8")
    assert "name: 红队" in (folder / "entries.yaml").read_text(encoding="utf-8")
    # (the folder, read first, is said too: 读不出（不是普通文件）, the record taken as none)
    said = [line for line in out.splitlines() if "写不进" in line]
    assert len(said) == 1 and said[0].startswith(f"{folder / 'entries.imported.json'} 写不进（") and ".tmp-" not in said[0]
    _, results, _ = validate(content)
    assert sorted(results[0].event.entries) == ["T01", "T02"]


def test_no_team_column_on_an_english_site_names_the_english_headings_the_import_reads(
        content: Path, tmp_path: Path) -> None:
    """A sheet headed Pair, Name, Club, Phone has no team column: the English hint names the
    headings the import reads in English (it said "add a 组号 or 队名 column"), and a column
    headed as it says is read as the teams."""
    from generator.commands.registrations import ALIASES, _key

    scaffold_event(content, "dongke-2025", "bridge")
    sheet = write_rows(tmp_path / "pairs.csv", [["Seat", "Name", "Club", "Phone"], ["1", "Ann Lee", "Oaks", ""],
                                                ["1", "Bo Chen", "Oaks", ""]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    (problem,) = failure.value.problems
    hint = problem.hint("en")
    assert problem.code == "registration-no-team-column" and "Entry" in hint and "Team" in hint
    named = re.findall(r"\b(Entry|Team|Group No)\b", hint)
    assert named and all(ALIASES[_key(heading)] in ("entry", "team") for heading in named)


@pytest.mark.parametrize("pair", ["Pair", "Pair No", "Pair number"])
def test_an_english_pairs_sheet_headed_pair_and_club_is_read(content: Path, tmp_path: Path, pair: str) -> None:
    """A bridge club's sheet headed Pair, Name, Club: the pair column groups the players (it was
    no team column at all) and Club is their group, as 单位 is."""
    scaffold_event(content, "dongke-2025", "bridge")
    sheet = write_rows(tmp_path / "pairs.csv", [[pair, "Name", "Club", "Phone"], ["1", "Ann Lee", "Oaks", ""],
                                                ["1", "Bo Chen", "Oaks", ""], ["2", "Cy Dee", "Elms", ""],
                                                ["2", "Di Eve", "Elms", ""]])
    import_registrations(content, "dongke-2025", sheet)
    site, _, _ = validate(content)
    (event,) = [e for e in site.events if e.slug == "dongke-2025"]
    entries = list(event.entries.values())
    assert [[p.name for p in e.players] for e in entries] == [["Ann Lee", "Bo Chen"], ["Cy Dee", "Di Eve"]]
    assert [e.group for e in entries] == ["Oaks", "Elms"]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_formula_or_a_name_on_two_lines_is_never_a_players_name(content: Path, tmp_path: Path, kind: str) -> None:
    """=A1+B1, =HYPERLINK(…) and @SUM(1) in the name cells, and a name with a line break in its
    cell, became players called so, with no word; each is refused with its row and column, and
    nothing is written."""
    scaffold_event(content, "dongke-2025", "bridge")
    rows = registrations(3)
    rows[1][1], rows[2][1], rows[3][1] = "=A1+B1", '=HYPERLINK("http://x","y")', "@SUM(1)"
    rows[4][1] = "张三\n李四"
    if kind == "xlsx":  # the formulas typed as text (a cell formatted as text first): no value but their own
        book = Workbook()
        for row in rows:
            book.active.append(row)
        for number in (2, 3, 4):
            book.active.cell(number, 2).data_type = "s"
        sheet = tmp_path / "sheet.xlsx"
        book.save(sheet)
    else:
        sheet = write_rows(tmp_path / "sheet.csv", rows)
    event_before = (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    found = sorted((p.code, p.params["row"]) for p in failure.value.problems)
    assert found == [("registration-formula", 2), ("registration-formula", 3), ("registration-formula", 4),
                     ("registration-line-break", 5)]
    said = {p.params["row"]: p.format("en") for p in failure.value.problems}
    assert "row 2: the cell under “姓名” is a formula (=A1+B1), not text" in said[2]
    assert "row 5: the cell under “姓名” holds a line break" in said[5]
    assert not (content / "events/dongke-2025/entries.yaml").exists()
    assert (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8") == event_before


def test_a_zip_or_an_ods_named_as_a_workbook_is_said_in_the_sites_words(content: Path, tmp_path: Path) -> None:
    """openpyxl's KeyError ("There is no item named '[Content_Types].xml' in the archive") was
    the reason given, in English inside the Chinese sentence."""
    import zipfile

    scaffold_event(content, "dongke-2025", "bridge")
    renamed, ods = tmp_path / "报名.xlsx", tmp_path / "报名.ods"
    with zipfile.ZipFile(renamed, "w") as archive:
        archive.writestr("a.txt", "hi")
    with zipfile.ZipFile(ods, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<x/>")
    for sheet, said in ((renamed, "是 zip 压缩包，不是 Excel 工作簿"), (ods, "是 OpenDocument 表格（.ods")):
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, "dongke-2025", sheet)
        (problem,) = failure.value.problems
        message = problem.message("zh-Hans")
        assert problem.code == "registration-sheet-unreadable" and said in message
        assert "KeyError" not in message and "Content_Types" not in message


def test_a_phone_typed_as_a_text_formula_is_its_text_and_never_stops_the_import(content: Path, tmp_path: Path) -> None:
    """="13800138001" is how a spreadsheet keeps a long number as text, and a CSV saved from it
    keeps it so: the formula check refused every such row (a whole sheet of phones), though a
    phone is never published. It is its text; a formula in a published column is still refused."""
    scaffold_event(content, "dongke-2025", "bridge")
    rows = registrations(2)
    for row in rows[1:]:
        row[5] = f'="{row[5]}"'
    sheet = write_rows(tmp_path / "sheet.csv", rows)
    import_registrations(content, "dongke-2025", sheet)
    entries = (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8")
    assert "13800000001" in entries and '="' not in entries and "组长1" in entries
    rows[2][1] = "=A1+B1"
    write_rows(sheet, rows)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    assert [(p.code, p.params["row"]) for p in failure.value.problems] == [("registration-formula", 3)]


def test_a_full_disk_is_said_in_the_sites_words_when_import_writes(content: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """import's write failed and its record left unwritten said the C library's English ("No space
    left on device") inside a Chinese line: said as the desk says it (errors.system_reason)."""
    import os

    from generator.cli import main
    from generator.commands import registrations as importing

    new_event(content, "college-2025", "guandan")
    sheet = write_xlsx(tmp_path / "报名表.xlsx", registrations(3))
    real = importing._write

    def record_fills(path: Path, text: str) -> None:
        if path.name == importing.RECORD:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, text)

    monkeypatch.setattr(importing, "_write", record_fills)
    assert main(["import", "college-2025", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "写不进（磁盘已满）" in out and os.strerror(errno.ENOSPC) not in out, out

    def disk_full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(importing, "_write", disk_full)
    sheet = write_xlsx(tmp_path / "报名表.xlsx", registrations(4))
    assert main(["import", "college-2025", str(sheet), "--content", str(content)]) == 1
    err = capsys.readouterr().err
    assert "磁盘已满" in err and os.strerror(errno.ENOSPC) not in err and "Traceback" not in err, err


def test_a_rerun_keeps_the_secretarys_comments_and_hand_edited_phones_and_says_each_change(
        content: Path, tmp_path: Path, capsys) -> None:
    """entries.yaml says it is the secretary's to edit, yet a rerun rewrote it whole (rev34): the
    comments typed into it (`# 上届冠军，轮空` after `bye: true`, a line of its own) were gone even
    when it said "0 new, 0 updated, 3 unchanged", and a phone corrected by hand was overwritten
    by the sheet's, said as "1 updated" and nothing more. Now an import that changes nothing
    writes nothing (the file byte for byte as it was); one that does keeps every comment and
    line it does not change; a phone edited by hand since import wrote it is kept and named, and
    a phone the sheet changed is taken and named, its value shown nowhere."""
    from generator.cli import main

    new_event(content, "union-2026", "guandan")
    teams = {"红队": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"]),
             "绿队": ("数学学院", ["甲3", "乙3"])}
    sheet = phoned_sheet(tmp_path / "a.xlsx", teams)
    import_registrations(content, "union-2026", sheet, prefix="T")
    folder = content / "events/union-2026"
    listed = folder / "entries.yaml"
    record = (folder / "entries.imported.json").read_text(encoding="utf-8")
    assert "13800" not in record  # (a digest of each phone import wrote, never the phone)
    text = listed.read_text(encoding="utf-8")
    assert "  name: 蓝队\n" in text and "{name: 甲1, phone: '13800130000'}" in text
    text = text.replace("  name: 蓝队\n", "  name: 蓝队\n  bye: true  # 上届冠军，轮空\n# 绿队报名费未交\n", 1)
    text = text.replace("- id: T01\n", "- id: T01  # 队长甲1\n", 1)
    text = text.replace("{name: 甲1, phone: '13800130000'}", "{name: 甲1, phone: '13911112222'}  # 换了号")
    listed.write_text(text, encoding="utf-8")
    record_before = (folder / "entries.imported.json").read_bytes()
    capsys.readouterr()
    assert main(["import", "union-2026", str(sheet), "--prefix", "T", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "（新增 0，更新 0，未变 3）" in out
    assert listed.read_text(encoding="utf-8") == text  # byte for byte: the comments and the hand's phone
    assert (folder / "entries.imported.json").read_bytes() == record_before
    assert "T01 的 甲1：phone 在 entries.yaml 中手改过，保留" in out and "13911112222" not in out
    # the sheet changes 乙1's phone and 乙2's team name; 甲1's hand-edited phone stays, said again
    teams["蓝队"] = ("物理学院", ["甲2", "乙2", "丙2"])
    rows = [["队名", "姓名", "学院", "手机"], ["红队", "甲1", "化学学院", "13800130000"],
            ["红队", "乙1", "化学学院", "13700001111"], ["蓝队", "甲2", "物理学院", "13800130001"],
            ["蓝队", "乙2", "物理学院", "13800130001"], ["蓝队", "丙2", "物理学院", ""],
            ["绿队", "甲3", "数学学院", "13800130002"], ["绿队", "乙3", "数学学院", "13800130002"]]
    assert main(["import", "union-2026", str(write_xlsx(tmp_path / "b.xlsx", rows)), "--prefix", "T",
                 "--content", str(content)]) == 0
    out = capsys.readouterr().out
    written = listed.read_text(encoding="utf-8")
    for comment in ("- id: T01  # 队长甲1\n", "  bye: true  # 上届冠军，轮空\n", "# 绿队报名费未交\n",
                    "phone: '13911112222'}  # 换了号\n"):
        assert comment in written, comment
    assert "{name: 乙1, phone: '13700001111'}" in written and "丙2" in written
    assert "T01 的 乙1：phone 按报名表更改（私有信息，不在此显示）" in out and "13700001111" not in out
    assert "T01 的 甲1：phone 在 entries.yaml 中手改过，保留" in out
    assert "T02 添上队员 丙2" in out and "（新增 0，更新 2，未变 1）" in out
    # --take-sheet T01 takes the sheet's phone for 甲1 too
    assert main(["import", "union-2026", str(tmp_path / "b.xlsx"), "--prefix", "T", "--take-sheet", "T01",
                 "--content", str(content)]) == 0
    assert "{name: 甲1, phone: '13800130000'}" in listed.read_text(encoding="utf-8")
    assert "T01 的 甲1：phone 按报名表更改" in capsys.readouterr().out


def test_the_record_of_private_values_is_keyed_and_under_another_key_overwrites_nothing(
        content: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """entries.imported.json kept a plain sha256 of each phone and student number import wrote,
    which a year's student numbers turned back into the number in 0.29 s (rev38): a secretary who
    took the phones out of entries.yaml before sharing content/ still shipped them. The digest is
    now keyed with the user's own key, kept outside content/; a record written under another key
    (another secretary's computer) cannot be checked, so a value in entries.yaml that differs
    from the sheet is kept and said once, its value shown nowhere, never overwritten."""
    import hashlib

    from generator.cli import main
    from generator.commands import registrations as importing

    new_event(content, "union-2026", "guandan")
    teams = {"红队": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"])}
    sheet = phoned_sheet(tmp_path / "a.xlsx", teams)
    import_registrations(content, "union-2026", sheet, prefix="T")
    folder = content / "events/union-2026"
    listed, record = folder / "entries.yaml", folder / "entries.imported.json"
    unkeyed = hashlib.sha256("T01\x00甲1\x00phone\x0013800130000".encode()).hexdigest()[:16]
    assert unkeyed not in record.read_text(encoding="utf-8")  # the file alone gives no way back to the phone
    assert hashlib.sha256(b"13800130000").hexdigest()[:16] not in record.read_text(encoding="utf-8")
    # on this machine, as before: a phone edited by hand is kept and named
    text = listed.read_text(encoding="utf-8").replace("{name: 甲1, phone: '13800130000'}",
                                                      "{name: 甲1, phone: '13911112222'}")
    listed.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["import", "union-2026", str(sheet), "--prefix", "T", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "T01 的 甲1：phone 在 entries.yaml 中手改过，保留" in out and listed.read_text(encoding="utf-8") == text
    # another secretary's computer: its key does not verify the record, and the sheet changes
    # 乙2's phone: neither 甲1's hand phone nor 乙2's is overwritten, and it is said once
    monkeypatch.setattr(importing, "_record_key", lambda: b"another secretary's key, 32 byte")
    rows = [["队名", "姓名", "学院", "手机"], ["红队", "甲1", "化学学院", "13800130000"],
            ["红队", "乙1", "化学学院", "13800130000"], ["蓝队", "甲2", "物理学院", "13800130001"],
            ["蓝队", "乙2", "物理学院", "13700001111"]]
    assert main(["import", "union-2026", str(write_xlsx(tmp_path / "b.xlsx", rows)), "--prefix", "T",
                 "--content", str(content)]) == 0
    out = capsys.readouterr().out
    written = listed.read_text(encoding="utf-8")
    assert "{name: 甲1, phone: '13911112222'}" in written and "{name: 乙2, phone: '13800130001'}" in written
    said = [line for line in out.splitlines() if "核对不了" in line]
    assert len(said) == 1 and "T01 甲1 phone, T02 乙2 phone" in said[0], out
    assert "13911112222" not in out and "13700001111" not in out and "13800130001" not in out
    assert "按报名表更改" not in out


def test_a_column_into_a_key_site_yaml_lists_private_is_imported_beside_the_player_and_never_output(
        content: Path, tmp_path: Path, capsys) -> None:
    """A club's 会员卡号 with `private: [wechat, member_card]` in site.yaml was "not used" by
    import, and `--map 会员卡号=member_card` was refused ("fields: name, entry, …"): a private key
    the site declares could not be kept through import. Now a column mapped to it, or headed as
    it, is read into it beside the player as a phone is; the record keeps a digest, never the
    value; a card edited by hand is kept on a rerun and said; and no file the build or an export
    writes holds a card number (grepped in every file, the PDFs through pdftotext, the xlsx
    unzipped)."""
    from generator.cli import main

    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("private: [wechat]", "private: [wechat, member_card]"),
                    encoding="utf-8")
    new_event(content, "club-2026", "guandan")
    cards = {"甲1": "VIPcard0417", "乙1": "VIPcard0418", "甲2": "VIPcard0419", "乙2": "VIPcard0420"}
    rows = [["队名", "姓名", "学院", "会员卡号"]] + [[team, name, "化学学院", cards[name]]
                                                for team, names in (("红队", ["甲1", "乙1"]), ("蓝队", ["甲2", "乙2"]))
                                                for name in names]
    sheet = write_xlsx(tmp_path / "reg.xlsx", rows)
    capsys.readouterr()
    args = ["import", "club-2026", str(sheet), "--prefix", "T", "--content", str(content)]
    assert main([*args, "--map", "会员卡号=member_card"]) == 0
    out = capsys.readouterr().out
    assert "「会员卡号」→ member_card：私有（site.yaml 的 private 列出了它），写在选手名下，不公开" in out
    assert "VIPcard" not in out
    folder = content / "events/club-2026"
    listed = folder / "entries.yaml"
    text = listed.read_text(encoding="utf-8")
    assert "{name: 甲1, member_card: VIPcard0417}" in text and "{name: 乙2, member_card: VIPcard0420}" in text
    assert "VIPcard" not in (folder / "entries.imported.json").read_text(encoding="utf-8")
    # a field neither import's nor the site's is still refused, the site's private keys listed
    assert main([*args, "--map", "会员卡号=wechat_no"]) == 2
    assert "member_card" in capsys.readouterr().err
    # a card corrected by hand is kept on a rerun, and said; its value shown nowhere
    listed.write_text(text.replace("VIPcard0417", "VIPcard9999"), encoding="utf-8")
    rows[1][3] = "VIPcard0421"  # (the sheet's changed too: the hand's is still kept)
    rows[0][3] = "member_card"  # headed as the key: read into it without --map
    write_xlsx(sheet, rows)
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "T01 的 甲1：member_card 在 entries.yaml 中手改过，保留" in out and "VIPcard" not in out
    assert "member_card: VIPcard9999" in listed.read_text(encoding="utf-8")
    output = tmp_path / "output"
    scanned: set[str] = set()
    for path, data in published(content, "club-2026", tmp_path).items():
        assert b"VIPcard" not in data and b"member_card" not in data, path
        scanned.add(path.name if path.name == "results.json" else path.suffix)
    assert "甲1".encode() in (output / "events/club-2026/results.json").read_bytes()  # (the players are there)
    assert scanned >= {".html", "results.json", ".js", ".csv", ".xlsx"}


def test_an_unused_column_says_private_keeps_it_and_then_a_key_in_any_case_or_script_does(
        content: Path, tmp_path: Path, capsys) -> None:
    """会员卡号 neither mapped nor listed under `private:` was "not used", without a word of how to
    keep it: now the line names the key to list (in the 3 locales), though not for a column counting
    rows (序号). Listed as 会员卡号, it is read into that key; `private: [MemberCard]` takes a
    column headed membercard, and --map 会员卡号=membercard writes the site's MemberCard."""
    from generator.cli import main

    new_event(content, "club-2026", "guandan")
    rows = [["序号", "队名", "姓名", "会员卡号"], ["1", "红队", "甲1", "VIPcard0417"], ["2", "红队", "乙1", "VIPcard0418"],
            ["3", "蓝队", "甲2", "VIPcard0419"], ["4", "蓝队", "乙2", "VIPcard0420"]]
    sheet = write_xlsx(tmp_path / "reg.xlsx", rows)
    args = ["import", "club-2026", str(sheet), "--prefix", "T", "--content", str(content)]
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "第 1 列「序号」→ 未使用\n" in out
    assert "第 4 列「会员卡号」→ 未使用（要把它留在 content/ 中、不公开：在 site.yaml 的 private: 中列出 会员卡号，再导入一次）" in out
    assert main(["--lang", "en", *args]) == 0
    assert "list 会员卡号 under private: in site.yaml and import again" in capsys.readouterr().out
    assert main(["--lang", "zh-Hant", *args]) == 0
    assert "在 site.yaml 的 private: 中列出 会员卡号，再匯入一次" in capsys.readouterr().out
    listed = content / "events/club-2026/entries.yaml"
    assert "VIPcard" not in listed.read_text(encoding="utf-8")
    site = content / "site.yaml"
    original = site.read_text(encoding="utf-8")
    site.write_text(original.replace("private: [wechat]", "private: [wechat, 会员卡号]"), encoding="utf-8")
    assert main(args) == 0
    assert "「会员卡号」→ 会员卡号：私有" in capsys.readouterr().out
    assert "{name: 甲1, 会员卡号: VIPcard0417}" in listed.read_text(encoding="utf-8")
    site.write_text(original.replace("private: [wechat]", "private: [wechat, MemberCard]"), encoding="utf-8")
    for made in (listed, listed.with_name("entries.imported.json")):  # (a new list: 会员卡号 is no key now)
        made.unlink()
    rows[0][3] = "membercard"
    write_xlsx(sheet, rows)
    assert main(args) == 0
    assert "「membercard」→ MemberCard：私有" in capsys.readouterr().out
    assert "{name: 甲1, MemberCard: VIPcard0417}" in listed.read_text(encoding="utf-8")
    rows[0][3] = "会员卡号"
    write_xlsx(sheet, rows)
    assert main([*args, "--map", "会员卡号=membercard"]) == 0
    assert "{name: 乙2, MemberCard: VIPcard0420}" in listed.read_text(encoding="utf-8")
    assert main(["check", "--content", str(content)]) == 0


def test_a_rerun_keeps_the_secretarys_layout_of_the_lists_it_does_not_change(
        content: Path, tmp_path: Path, capsys) -> None:
    """A rerun that changed one entry's group wrote every list of the file again in ruamel's
    way: `players: [甲1,  # 队长` typed over two lines became one line, its comment gone, and a
    block list indented under its key moved two columns left. Now each list import leaves as it
    was keeps its lines, in an entry it changes or not, and one it changes is written anew."""
    from generator.cli import main

    new_event(content, "union-2026", "guandan")
    teams = {"红队": ("化学学院", ["甲1", "乙1"]), "蓝队": ("物理学院", ["甲2", "乙2"]),
             "绿队": ("数学学院", ["甲3", "乙3"])}
    rows = [["队名", "姓名", "学院"]] + [[team, name, group] for team, (group, names) in teams.items() for name in names]
    sheet = write_xlsx(tmp_path / "a.xlsx", rows)
    args = ["import", "union-2026", str(sheet), "--prefix", "T", "--content", str(content)]
    assert main(args) == 0
    listed = content / "events/union-2026/entries.yaml"
    text = listed.read_text(encoding="utf-8")
    typed = {"  players: [甲1, 乙1]\n": "  players: [甲1,  # 队长\n              乙1]\n",
             "  players: [甲2, 乙2]\n": "  players:\n    - 甲2\n    - 乙2   # 替补\n"}
    for was, now in typed.items():
        assert was in text
        text = text.replace(was, now)
    listed.write_text(text, encoding="utf-8")
    rows[1][2] = rows[2][2] = "化工学院"  # 红队's group, beside the list typed over two lines
    rows[5][1] = "丙3"  # 绿队's players: that list changes
    write_xlsx(sheet, rows)
    capsys.readouterr()
    assert main(args) == 0
    written = listed.read_text(encoding="utf-8")
    expected = (text.replace("group: 化学学院", "group: 化工学院")
                .replace("  players: [甲3, 乙3]\n", "  players: [丙3, 乙3]\n"))
    assert written == expected
    # the entries indented under nothing (`  - id: T01`): kept so, not moved back to column 0
    indented = "".join(line if line.startswith("#") or not line.strip() else "  " + line
                       for line in written.splitlines(keepends=True))
    listed.write_text(indented, encoding="utf-8")
    rows[3][2] = rows[4][2] = "物理系"
    write_xlsx(sheet, rows)
    assert main(args) == 0
    assert listed.read_text(encoding="utf-8") == indented.replace("group: 物理学院", "group: 物理系")
    assert main(["check", "--content", str(content)]) == 0
