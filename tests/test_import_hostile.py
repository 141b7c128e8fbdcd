"""`paibang import` against hostile and careless sheets, and what a notice may publish.

- Entry ids are always paibang's own: a column of personal numbers (ID, 学号, 身份证号, 工号, or
  long digit strings) goes to the private student_id and reaches no output; no --map makes it an
  id or public; grouping columns (组号, 编号, 队名) group and are never ids; every column is
  reported in the site's language.
- A notice is Markdown only, and never carries a private key.
- A broken or hostile .xlsx (not a zip, DOCTYPE and entities, no worksheet, a bad shared-string
  index, a zip bomb, a row of a million cells) is a message, never a traceback, and is refused
  before openpyxl inflates it; the work is linear in the rows.
- Big5, GBK and Shift-JIS CSVs: read in the right encoding (and said so), or refused.
- `import ../../x` and `pair ../x` write nothing outside content/.
- Title rows above the heading row (Chinese forms) are skipped and the heading row is named.
"""

from __future__ import annotations

import csv
import re
import shutil
import zipfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

import generator.commands.registrations as registrations
from generator.build import build, validate
from generator.cli import main
from generator.commands.new import scaffold_event
from generator.commands.registrations import ImportRefusal, import_registrations
from generator.errors import ContentErrors, columns
from tests.support import bare_event as new_event
from tests.support import demo_content

ROOT = Path(__file__).resolve().parents[1]
SS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


# --- helpers -------------------------------------------------------------------------------------


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    return demo_content(tmp_path)


def write_xlsx(path: Path, rows: list[list[object]], merge: str | None = None) -> Path:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    if merge:
        book.active.merge_cells(merge)
    book.save(path)
    return path


def write_csv(path: Path, rows: list[list[str]], encoding: str = "utf-8") -> Path:
    with open(path, "w", encoding=encoding, newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


def rewrite(source: Path, target: Path, edits: dict[str, object]) -> Path:
    """A copy of an .xlsx with parts replaced (bytes, or a function of the old bytes) or added."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for name in old.namelist():
            data = old.read(name)
            edit = edits.get(name)
            new.writestr(name, edit(data) if callable(edit) else data if edit is None else edit)
        for name, edit in edits.items():
            if name not in old.namelist():
                new.writestr(name, edit)
    return target


def codes(failure: pytest.ExceptionInfo[ContentErrors]) -> list[str]:
    return [p.code for p in failure.value.problems]


def entries_text(content: Path, slug: str = "club-2026") -> str:
    return (content / "events" / slug / "entries.yaml").read_text(encoding="utf-8")


# --- personal numbers never become ids (issue 16, item 4) -----------------------------------------


STUDENT_NUMBERS = ["2023010101", "2023010102", "2023010203", "2023010204"]


def student_sheet(path: Path, heading: str) -> Path:
    return write_xlsx(path, [
        [heading, "姓名", "组号", "电话"],
        [int(STUDENT_NUMBERS[0]), "王强", "A7", "13800000001"],
        [int(STUDENT_NUMBERS[1]), "李娜", "A7", ""],
        [int(STUDENT_NUMBERS[2]), "赵刚", "B3", ""],
        [int(STUDENT_NUMBERS[3]), "钱芳", "B3", ""],
    ])


@pytest.mark.parametrize("heading", ["ID", "id", "学号", "身份证", "身份证号", "工号", "编码"])
def test_a_column_of_personal_numbers_goes_to_the_private_student_id(content: Path, tmp_path: Path,
                                                                     heading: str) -> None:
    """Headed ID the column became the entry ids: pages, results.json, search and sitemap carried
    student numbers. "编码" is not a known heading: its long digit strings give it away."""
    event = new_event(content)
    report = import_registrations(content, event.name, student_sheet(tmp_path / "s.xlsx", heading))
    assert report.new_ids == ["T01", "T02"]
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == event.name).entries
    assert sorted(entries) == ["T01", "T02"]
    assert [p.name for p in entries["T01"].players] == ["王强", "李娜"]  # grouped by 组号 A7 …
    text = entries_text(content)
    assert "student_id: '2023010101'" in text and "A7" not in text  # … which is never an id
    assert report.columns[0].use == "student_id"
    assert report.columns[2].use == "entry"


def test_student_numbers_reach_no_output_file(content: Path, tmp_path: Path) -> None:
    event = new_event(content)
    import_registrations(content, event.name, student_sheet(tmp_path / "s.xlsx", "ID"))
    out = tmp_path / "output"
    build(content, out, cache_dir=tmp_path / "cache", bulletins=False)
    found = [(path.name, number) for path in out.rglob("*") if path.is_file()
             for number in STUDENT_NUMBERS + ["13800000001"] if number in path.read_text(encoding="utf-8", errors="replace")]
    found += [(str(path), "") for path in out.rglob("*") if any(n in str(path) for n in STUDENT_NUMBERS)]
    assert found == []
    assert (out / "events" / event.name / "entries" / "T01").is_dir()


@pytest.mark.parametrize("field", ["entry", "name", "team", "group"])
def test_no_map_makes_a_personal_number_an_id_or_public(content: Path, tmp_path: Path, field: str) -> None:
    event = new_event(content)
    sheet = student_sheet(tmp_path / "s.xlsx", "ID")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, {"ID": field})
    (problem,) = failure.value.problems
    assert problem.code == "registration-map-refused" and (problem.mark.line, problem.mark.column) == (1, 1)
    assert "个人号码" in problem.message("zh-Hans") and "student_id" in problem.hint("zh-Hans")
    assert not (event / "entries.yaml").exists()


def test_long_digit_values_cannot_be_mapped_to_an_entry_either(content: Path, tmp_path: Path) -> None:
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["号码", "姓名", "队名"], ["20230101", "王强", "一队"], ["20230102", "李娜", "一队"]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, {"号码": "entry"})
    assert codes(failure) == ["registration-map-refused"]
    assert "6 位以上的数字" in failure.value.problems[0].message("zh-Hans")


PHONE_ROWS = [["姓名", "队名", "联系电话"], ["张三", "红队", "+86 138 0013 8000"], ["李四", "红队", "+86 139 0013 8001"],
              ["王五", "蓝队", "138-0013-8002"], ["赵六", "蓝队", "138-0013-8003"]]


@pytest.mark.parametrize("heading", ["联系电话", "电话", "手机", "phone", "联系人电话", "手机号（微信同号）"])
@pytest.mark.parametrize("field", ["group", "name", "team", "major", "entry"])
def test_no_map_makes_a_phone_column_public(content: Path, tmp_path: Path, heading: str, field: str) -> None:
    """--map 联系电话=group wrote `group: +86 138 0013 8000` into entries.yaml, and the build put it
    in the entry and player pages, results.json and the search: a phone heading stays private."""
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["姓名", "队名", heading], *PHONE_ROWS[1:]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, {heading: field})
    (problem,) = failure.value.problems
    # the heading's first character on line 1: the caret stands under it (a column of characters, not of cells)
    assert problem.code == "registration-map-phone" and (problem.mark.line, problem.mark.column) == (1, len("姓名,队名,") + 1)
    assert "电话只存入私有的 phone" in problem.message("zh-Hans") and "删去这个 --map" in problem.hint("zh-Hans")
    assert "keeps private" in problem.message("en") and "phone field" in problem.hint("en")
    assert not (event / "entries.yaml").exists()
    import_registrations(content, event.name, sheet)  # what the fix says: without the --map, private
    text = entries_text(content)
    assert "phone: +86 138 0013 8000" in text and "group" not in text


@pytest.mark.parametrize("heading", ["邮箱", "email", "E-mail", "电子邮件", "家庭住址", "通讯地址", "address", "QQ号"])
@pytest.mark.parametrize("field", ["group", "name", "team", "major"])
def test_no_map_makes_an_email_or_address_column_public(content: Path, tmp_path: Path, heading: str,
                                                          field: str) -> None:
    """--map email=group wrote wang1@example.com into 8 output files (entry and player pages,
    results.json, the search), and --map 家庭住址=group a home address (rev34): a heading naming
    contact data is refused as a phone's is, whatever its values; the fix, the --map dropped,
    imports the sheet without the column."""
    event = new_event(content)
    rows = [["姓名", "队名", heading], ["王一", "红队", "北京市海淀区1号"], ["王二", "红队", "x"],
            ["王三", "蓝队", "y"], ["王四", "蓝队", "z"]]
    sheet = write_csv(tmp_path / "s.csv", rows)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, {heading: field})
    (problem,) = failure.value.problems
    assert problem.code == "registration-map-contact" and (problem.mark.line, problem.mark.column) == (1, len("姓名,队名,") + 1)
    assert "表头表明是联系方式" in problem.message("zh-Hans") and "删去这个 --map" in problem.hint("zh-Hans")
    assert not (event / "entries.yaml").exists()
    import_registrations(content, event.name, sheet)
    assert "北京市" not in entries_text(content)


def test_a_column_of_email_addresses_cannot_be_mapped_public_whatever_its_heading(
        content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["姓名", "队名", "备注"], ["王一", "红队", "wang1@example.com"],
                                           ["王二", "红队", ""], ["王三", "蓝队", "王三＠mail.example.cn"], ["王四", "蓝队", ""]])
    assert main(["import", event.name, str(sheet), "--map", "备注=group", "--content", str(content)]) == 1
    said = capsys.readouterr().err
    assert "registration-map-contact" in said and "它的值里有电子邮箱地址" in said and "wang1@example.com" not in said
    assert not (event / "entries.yaml").exists()


def test_an_email_address_in_a_public_field_is_an_error_at_build(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """An entries.yaml typed or imported before the refusal: an e-mail address in an entry's group
    or name, or a player's or an official's name, is an error with the fix, and nothing is built;
    an @ that is no address (a team called @home, an organizer's office address) is not."""
    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", root / "site.yaml")
    event = new_event(root)
    text = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(
        text.replace("entries: []\n", "entries:\n"
                     "  - {id: T01, group: wang1@example.com, players: [王一, 王二]}\n"
                     "  - {id: T02, name: \"@home\", players: [{name: 王三 w3@mail.example.cn}, 王四]}\n"
                     "  - {id: T03, players: [王五, 王六]}\n  - {id: T04, players: [王七, 王八]}\n")
        .replace("organizer:", "organizer: office@example.edu.cn #", 1)
        .replace("officials: []", "officials: [{name: 赵裁判 zhao@example.com, role: referee}]"), encoding="utf-8")
    found = []
    try:
        validate(root)
    except ContentErrors as failure:
        found = sorted((p.params["key"], p.params["value"]) for p in failure.problems if p.code == "text-looks-email")
    assert found == [("entries[1].group", "wang1@example.com"), ("entries[2].players[].name", "王三 w3@mail.example.cn"),
                     ("officials[1].name", "赵裁判 zhao@example.com")]
    assert main(["build", "--content", str(root), "--output", str(tmp_path / "output")]) == 1
    assert not (tmp_path / "output").exists()
    said = capsys.readouterr().err
    assert "含有电子邮箱地址" in said and "private:" in said


@pytest.mark.parametrize("encoding", ["gbk", "utf-8-sig", "big5", "utf-16", "utf-32"])
def test_a_refused_columns_line_is_quoted_as_written_with_the_caret_under_its_heading(
        content: Path, tmp_path: Path, encoding: str) -> None:
    """Excel in a Chinese Windows saves CSV in GBK: the heading line was quoted read as UTF-8
    (replacement characters), and the caret stood under the fourth character for the fourth
    cell. The line is quoted in the sheet's own encoding, the caret under the cell's heading, a
    quoted heading holding a comma counted as one cell."""
    event = new_event(content)
    delimiter = "\t" if encoding in ("utf-16", "utf-32") else ","  # Excel's "Unicode text"
    phone = "聯絡電話" if encoding == "big5" else "联系电话"  # (Big5: traditional characters)
    rows = [["組號" if encoding == "big5" else "组号", "姓名, 全名", "班級" if encoding == "big5" else "班级", phone],
            ["1", "張三", "一班", "13800138000"], ["1", "李四", "一班", "13800138001"]]
    sheet = tmp_path / "s.csv"
    with open(sheet, "w", encoding=encoding, newline="") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(rows)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, {phone: "group", "姓名, 全名": "name"})
    (problem,) = failure.value.problems
    shown = problem.format("zh-Hans").splitlines()
    written = sheet.read_bytes().decode(encoding).lstrip("\ufeff").splitlines()[0]
    assert shown[1] == f"  1 | {written}"
    # two terminal columns a Chinese character: the carets stand under the heading's columns
    before = written[:written.index(phone)]
    assert shown[2] == "    | " + " " * columns(before) + "^" * 8


PRIVATE_VALUES = ("19131860913", "15199351819", "18749118625", "2023010102", "110101200001011234")


@pytest.mark.parametrize("encoding", ["gbk", "utf-8-sig"])
def test_a_row_quoted_in_a_problem_shows_its_private_cells_masked(content: Path, tmp_path: Path,
                                                                   encoding: str) -> None:
    """A real sign-up sheet gave 41 errors each quoting a whole row, the player's mobile in clear
    ("4 | 2,,,龙远敏,,19131860913,"), on the terminal and in any log of it. The cells of the
    columns import keeps private (a phone, a student number, a second personal number left out)
    are asterisks, one a character, the other cells where they were, and the caret stands under
    the cell at fault; every code that quotes a row of the sheet does so."""
    event = new_event(content)
    rows = [["序号", "队名", "姓名", "手机号码", "学号", "身份证号"],
            ["1", "", "龙远敏", "19131860913", "2023010101", ""],  # no team: registration-no-entry
            ["2", "红队", "", "15199351819", "2023010102", "110101200001011234"],  # no name
            ["3", "红队", "赵思梓", "18749118625", "2023010103", ""],
            ["4", "蓝队", "赵思梓", "", "2023010103", ""]]  # the same person again
    sheet = write_csv(tmp_path / "报名.csv", rows, encoding)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    assert sorted(codes(failure)) == ["registration-duplicate", "registration-no-entry", "registration-no-name"]
    for problem in failure.value.problems:
        shown = problem.format("zh-Hans")
        assert not any(value in shown for value in PRIVATE_VALUES), shown
        quoted = shown.splitlines()[1]
        written = rows[problem.mark.line - 1]
        masked = ",".join("*" * len(cell) if index in (3, 4, 5) else cell for index, cell in enumerate(written))
        assert quoted == f"  {problem.mark.line} | {masked}"
    no_entry = next(p for p in failure.value.problems if p.code == "registration-no-entry")
    assert no_entry.format("zh-Hans").splitlines()[1:3] == ["  2 | 1,,龙远敏,***********,**********,",
                                                             "    |   ^"]  # under the empty team cell
    duplicate = next(p for p in failure.value.problems if p.code == "registration-duplicate")
    # a Chinese character is two columns on a terminal: the carets under 赵思梓, not the rest of the row
    assert duplicate.format("zh-Hans").splitlines()[2] == "    | " + " " * columns("4,蓝队,") + "^" * 6


def test_a_row_of_players_read_as_the_heading_row_is_quoted_masked_too(content: Path, tmp_path: Path) -> None:
    """A sheet without headings: its first row, a player's, is quoted as the heading row the
    import could not use; the phone number in it is masked by its look."""
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["红队", "张三", "13800138000"], ["红队", "李四", "13900139000"]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    (problem,) = failure.value.problems
    assert problem.code == "registration-columns"
    assert problem.format("en").splitlines()[1] == "  1 | 红队,张三,***********"


def test_a_player_in_two_teams_is_quoted_masked(content: Path, tmp_path: Path) -> None:
    """registration-in-two-entries quotes the row that puts a player of a team that has played in
    another team: its phone masked."""
    event = new_event(content)
    rows = [["队名", "姓名", "手机"], ["甲队", "张三", "13800138000"], ["甲队", "李四", "13800138001"],
            ["乙队", "王五", "13800138002"], ["乙队", "赵六", "13800138003"]]
    import_registrations(content, event.name, write_csv(tmp_path / "a.csv", rows))
    (event / "results").mkdir(exist_ok=True)
    (event / "results/round-1.yaml").write_text("round: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n",
                                                encoding="utf-8")
    moved = [rows[0], rows[1], ["甲队", "王五", "13800138002"], rows[2], rows[4]]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, write_csv(tmp_path / "b.csv", moved))
    problem = next(p for p in failure.value.problems if p.code == "registration-in-two-entries")
    assert problem.format("zh-Hans").splitlines()[1:3] == ["  3 | 甲队,王五,***********",
                                                              "    | " + " " * columns("甲队,") + "^^^^"]


@pytest.mark.parametrize("cell", ["a\x00b", "李\x1b[31m四", "x\x7fy"])
def test_a_cell_holding_a_control_character_is_refused_with_its_row_and_column(content: Path, tmp_path: Path,
                                                                              cell: str) -> None:
    """Written into entries.yaml, a NUL or an escape made every later check refuse the event
    (text-control-char) far from its cause: import refuses the cell itself, naming the sheet, its
    row and column, and writes nothing."""
    event = new_event(content)
    before = (event / "event.yaml").read_bytes()
    sheet = tmp_path / "s.csv"
    sheet.write_text(f"组号,姓名\n1,张三\n2,{cell}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    [problem] = failure.value.problems
    assert problem.code == "registration-control-char"
    assert problem.mark == (sheet, 3, 3)
    said = problem.format("zh-Hans")
    assert "第 3 行“姓名”一列的格子含有 U+00" in said and "\x1b" not in said and "\x00" not in said
    assert (event / "event.yaml").read_bytes() == before and not (event / "entries.yaml").exists()


@pytest.mark.parametrize("name", ["a.dat", "a_noext", "a.csv.txt.bak"])
def test_a_sheet_of_any_name_is_quoted_masked_as_import_read_it(content: Path, tmp_path: Path, name: str) -> None:
    """Masking went by the file's name: a CSV named a.dat (import reads any name, by its bytes)
    was quoted whole, its phone in clear. The problem says how import read the row: a sheet
    read as text is quoted masked whatever it is called, a workbook is not quoted at all."""
    event = new_event(content)
    rows = [["组号", "姓名", "手机"], ["1", "张三", "13800138000"], ["1", "", "13800138001"]]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, write_csv(tmp_path / name, rows))
    (problem,) = failure.value.problems
    assert problem.format("zh-Hans").splitlines()[1:3] == ["  3 | 1,,***********", "    |   ^"]
    book = write_xlsx(tmp_path / "b.xlsx", rows)
    for called in ("b.csv", "b.txt"):  # a workbook under a sheet's name: no line of it to quote
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, event.name, book.rename(tmp_path / called))
        (problem,) = failure.value.problems
        assert (problem.mark.line, problem.mark.column) == (3, 2)  # its row, and the name's column (B)
        assert problem.excerpt() is None and "13800138001" not in problem.format("zh-Hans")
        book = tmp_path / called


def test_a_row_whose_quoted_cell_spans_lines_is_named_by_its_first_line_and_not_quoted(content: Path,
                                                                                       tmp_path: Path) -> None:
    """A quoted cell holding a line break (an address typed with Alt+Enter) makes a row of two
    lines: the problem said 第 4 行, the row's last line, and quoted that line cut at the break,
    `4 | 海淀",13800138001`, the phone in clear and the caret under it. The row is named by the
    line it starts on, and is not quoted: a line of it is not the row, and cut there its cells
    cannot be told apart to mask. The rows after it keep their own lines, quoted masked."""
    event = new_event(content)
    sheet = tmp_path / "c.csv"
    sheet.write_bytes('组号,姓名,地址,手机\r\n1,张三,x,13800138000\r\n1,,"北京\r\n海淀",13800138001\r\n'
                      '1,,y,13800138002\r\n'.encode())
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    spanning, after = failure.value.problems
    assert (spanning.code, spanning.mark.line) == ("registration-no-name", 3)
    assert "第 3 行没有姓名" in spanning.message("zh-Hans")
    assert spanning.excerpt() is None
    assert spanning.format("zh-Hans").splitlines()[0].startswith(f"{sheet}:3:2: ")  # the name's cell, the second
    assert (after.mark.line, after.format("zh-Hans").splitlines()[1]) == (5, "  5 | 1,,y,***********")
    for problem in failure.value.problems:
        assert not re.search(r"1380013800\d", problem.format("zh-Hans"))
    # a row directly below a row of two lines is still directly below it: a merged team cell fills down
    sheet.write_bytes('队名,姓名,地址\n红队,张三,"北京\n海淀"\n,李四,x\n'.encode())
    report = import_registrations(content, event.name, sheet)
    assert report.filled == [4] and "players: [张三, 李四]" in entries_text(content)


@pytest.mark.parametrize("cell", ["13900139000", "联系13800138009", "138-0013-8002", "+86 138 0013 8000",
                                  "110105194912310021", "身份证110105194912310021", "学号 2023010101"])
def test_a_cell_that_is_or_holds_a_personal_number_is_masked_in_any_column(content: Path, tmp_path: Path,
                                                                          cell: str) -> None:
    """Masking went by the column only: a phone in a column left unused (紧急联系人, mostly 无)
    or in a 备注 (联系13800138009) was quoted in clear. A cell that is, or holds, a phone or a
    personal number is masked whatever its column; the others are quoted as written."""
    event = new_event(content)
    rows = [["组号", "姓名", "手机", "紧急联系人", "备注"], ["1", "张三", "13800138000", "无", "素食"],
            ["1", "", "13800138001", cell, "无"], ["2", "王五", "13800138002", "无", ""],
            ["2", "赵六", "13800138003", "无", ""]]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, write_csv(tmp_path / "f.csv", rows))
    (problem,) = failure.value.problems
    # (none of these cells needs quotes in a CSV: each is written as it is)
    assert problem.format("zh-Hans").splitlines()[1] == f"  3 | 1,,{'*' * 11},{'*' * len(cell)},无"


def test_a_phone_typed_into_a_name_or_team_cell_is_not_said_in_clear(content: Path, tmp_path: Path) -> None:
    """Cells and headings were masked, but a message names the person or the team: a phone typed
    into the 姓名 cell (张三13800138000) was printed in clear in the message of a row without a
    team and of a name twice in the sheet. Its digits are asterisks there too."""
    event = new_event(content)
    rows = [["组号", "姓名", "手机"], ["1", "张三13800138000", "13800138000"], ["1", "李四", "13800138001"],
            ["", "王五 138-0013-8002", ""], ["2", "张三13800138000", "13800138000"], ["2", "赵六", "13800138003"]]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, write_csv(tmp_path / "n.csv", rows))
    said = "\n".join(p.format(locale) for p in failure.value.problems for locale in ("zh-Hans", "en"))
    assert {p.code for p in failure.value.problems} >= {"registration-not-filled", "registration-duplicate"}
    assert "13800138000" not in said and "138-0013-8002" not in said and "0013" not in said
    assert "张三***********" in said and "王五 ***-****-****" in said


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_a_sheet_without_headings_shows_no_phone_or_id_number_as_a_heading(content: Path, tmp_path: Path,
                                                                          suffix: str, capsys) -> None:
    """A sheet with no heading row has its first row, a player's, taken for the headings, and
    every line showing headings printed that player's phone and ID-card number in clear: the
    column report (第 3 列「13800138000」→ phone), registration-columns (表头：1, 张三, …) and
    the refusals of --map. A heading that is or holds a personal number is asterisks in each."""
    event = new_event(content)
    rows = [["1", "张三", "13800138000", "110105194912310021"], ["1", "李四", "13800138001", "110105194912310022"]]
    sheet = write_csv(tmp_path / "b.csv", rows) if suffix == "csv" else write_xlsx(tmp_path / "b.xlsx", rows)
    private = ("13800138000", "110105194912310021")

    def said(*extra: str) -> tuple[int, str]:
        code = main(["import", event.name, str(sheet), *extra, "--content", str(content)])
        captured = capsys.readouterr()
        assert not any(number in captured.out + captured.err for number in private), captured
        return code, captured.out + captured.err

    code, text = said()
    assert code == 1
    assert "第 3 列「***********」→ phone" in text and "第 4 列「******************」→ student_id" in text
    assert "（表头：1, 张三, ***********, ******************）" in text
    code, text = said("--map", "组号=entry")
    assert code == 2 and "表头：1, 张三, ***********, ******************" in text
    code, text = said("--map", "13800138000=group")
    assert code == 1 and "不能把“***********”列用作 group" in text
    code, text = said("--map", "110105194912310021")
    assert code == 2 and "--map ****************** 无效" in text
    code, text = said("--map", "110105194912310021=id")
    assert code == 2 and "--map ******************=id：" in text


def test_a_heading_holding_escape_codes_is_shown_not_acted_on(content: Path, tmp_path: Path, capsys) -> None:
    """A heading with terminal escape codes was printed raw, in the column report and in the
    --map it suggests: the terminal coloured (or retitled, or rewrote) what the secretary saw.
    Each control character is shown as its escape, and the suggested --map is written in the
    shell's $'…' with the same escapes, so that copied it names the heading as written."""
    event = new_event(content)
    heading = "\x1b[31mRED\x1b[0m所属学院\u202e"
    sheet = write_csv(tmp_path / "esc.csv", [["组号", "姓名", heading], ["1", "张三", "x"], ["1", "李四", "y"]])
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    suggested = "$'\\x1b[31mRED\\x1b[0m所属学院\\u202e=group'"
    assert f"第 3 列「\\x1b[31mRED\\x1b[0m所属学院\\u202e」→ 未使用（要作为 group 导入：--map {suggested}）" in out
    import subprocess

    echoed = subprocess.run(["bash", "-c", f"printf %s {suggested}"], capture_output=True, check=True).stdout
    assert echoed.decode() == f"{heading}=group"  # the shell reads back the heading as the sheet writes it
    (event / "entries.yaml").unlink()
    assert main(["import", event.name, str(sheet), "--map", "\x1b]0;pwned\x07=name", "--content", str(content)]) == 2
    assert "“\\x1b]0;pwned\\x07”" in capsys.readouterr().err  # the refusal shows what was typed, not acted on


def test_phone_numbers_as_typed_count_as_personal_numbers(content: Path, tmp_path: Path) -> None:
    """+86 138 0013 8000 and 138-0013-8002 were not "digits" (only spaces were set aside): under a
    heading no one knows, --map could still publish them. Dates and class names stay mappable."""
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["姓名", "队名", "联系"], *PHONE_ROWS[1:]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, {"联系": "group"})
    assert codes(failure) == ["registration-map-refused"]
    assert "空格、+、-、括号不计" in failure.value.problems[0].message("zh-Hans")
    assert not (event / "entries.yaml").exists()
    sheet = write_csv(tmp_path / "t.csv", [["姓名", "队名", "报名日期", "所在班"], ["张三", "红队", "2024-09-01", "13级动物科学1班"],
                                           ["李四", "红队", "2024.09.02", "13级动物科学1班"]])
    report = import_registrations(content, event.name, sheet, {"报名日期": "major", "所在班": "group"})
    assert [c.use for c in report.columns] == ["name", "team", "major", "group"]


def test_phones_under_a_heading_no_one_knows_go_to_the_private_phone_not_student_id(content: Path,
                                                                                    tmp_path: Path) -> None:
    """A column headed 联系 of +86 138 0013 8000 and 138-0013-8002, no --map: it went to the
    private student_id, which import reads to tell two people of the same name apart. Mobiles by
    their look go to the private phone; a number of other punctuation stays a student number."""
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["姓名", "队名", "联系"], *PHONE_ROWS[1:]])
    report = import_registrations(content, event.name, sheet, {})
    assert [c.use for c in report.columns] == ["name", "team", "phone"]
    written = (event / "entries.yaml").read_text(encoding="utf-8")
    assert "phone: +86 138 0013 8000" in written and "student_id:" not in written
    other = new_event(content, "club-2027")
    sheet = write_csv(tmp_path / "t.csv", [["姓名", "队名", "号码"], ["张三", "红队", "2013-0105-9988"],
                                           ["李四", "红队", "2013-0105-9989"]])
    report = import_registrations(content, other.name, sheet, {})
    assert [c.use for c in report.columns] == ["name", "team", "student_id"]


def test_cli_refuses_a_map_to_an_id_with_exit_2(content: Path, tmp_path: Path, capsys) -> None:
    event = new_event(content)
    sheet = student_sheet(tmp_path / "s.xlsx", "ID")
    assert main(["import", event.name, str(sheet), "--map", "ID=entry", "--content", str(content)]) == 1
    captured = capsys.readouterr()
    assert "第 1 列「ID」→ 未导入：--map 不能这样用（见下面的错误）" in captured.out
    assert "s.xlsx:1:1: 错误 [registration-map-refused]" in captured.err and "未导入" in captured.err
    assert main(["import", event.name, str(sheet), "--map", "组号=id", "--content", str(content)]) == 2
    assert "参赛编号由 paibang 编排" in capsys.readouterr().err
    assert main(["import", event.name, str(sheet), "--map", "组号", "--content", str(content)]) == 2
    assert main(["import", event.name, str(sheet), "--map", "组号=idd", "--content", str(content)]) == 2
    assert main(["import", event.name, str(sheet), "--map", "没有这列=name", "--content", str(content)]) == 2
    assert main(["import", event.name, str(sheet), "--prefix", "../", "--content", str(content)]) == 2
    assert not (event / "entries.yaml").exists()


def test_import_says_what_it_did_with_every_column(content: Path, tmp_path: Path, capsys) -> None:
    event = new_event(content)
    sheet = write_xlsx(tmp_path / "s.xlsx", [
        ["序号", "组号", "姓名", "组长", "班级", "手机号", "学号", "身份证号", "QQ"],
        [1, "1", "王强", "是", "土木1班", "13800000001", "2023010101", "110101200001011234", "12345678"],
        [2, "1", "李娜", "", "土木1班", "", "2023010102", "110101200001011235", "12345679"],
    ])
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:12] == [
        "表头：第 1 行",
        "第 1 列「序号」→ 未使用",
        "第 2 列「组号」→ 分组：同一值的队员为一队（只用于分组，不作参赛编号）",
        "第 3 列「姓名」→ 队员姓名",
        "第 4 列「组长」→ 队长/组长（标“是”或“√”的队员排在本队第一位）",
        "第 5 列「班级」→ 单位/班级（公开）",
        "第 6 列「手机号」→ phone：私有，不公开",
        "第 7 列「学号」→ student_id：私有，不公开",
        "第 8 列「身份证号」→ 像个人号码，未导入（student_id 取自第 7 列）",
        "第 9 列「QQ」→ 像个人号码，未导入（student_id 取自第 7 列）",
        "参赛编号由 paibang 编排：新增 T01；重新导入时按队员保留原编号",
        f"paibang: 导入 1 个参赛队（新增 1，更新 0，未变 0）→ {event / 'entries.yaml'}",
    ]
    assert "110101200001011234" not in entries_text(content) and "12345678" not in entries_text(content)
    (event / "entries.yaml").unlink()
    assert main(["import", event.name, str(sheet), "--lang", "en", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "column 2 “组号” → grouping: rows with the same value are one entry (never used as an entry id)" in out
    assert "column 7 “学号” → student_id: private, never published" in out


def test_ids_are_kept_on_a_rerun_and_never_reused(content: Path, tmp_path: Path) -> None:
    event = new_event(content)
    rows = [["队名", "姓名"], ["一队", "甲"], ["一队", "乙"], ["二队", "丙"], ["二队", "丁"], ["三队", "戊"], ["三队", "己"]]
    first = import_registrations(content, event.name, write_csv(tmp_path / "a.csv", rows))
    assert first.new_ids == ["T01", "T02", "T03"]
    # 二队 swaps a player; 三队 withdraws and its entry is deleted by hand, though round 1 names it;
    # 四队 registers late
    text = entries_text(content)
    (event / "entries.yaml").write_text(text[:text.index("- id: T03")], encoding="utf-8")
    (event / "results" / "main-round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T03]\n    deals: [T01+3]\n", encoding="utf-8")
    rows = [["队名", "姓名"], ["二队", "丙"], ["二队", "庚"], ["一队", "甲"], ["一队", "乙"], ["四队", "辛"], ["四队", "壬"]]
    again = import_registrations(content, event.name, write_csv(tmp_path / "b.csv", rows))
    assert (again.kept, again.new_ids) == (2, ["T04"])  # T03's results must not become 四队's
    saved = yaml.safe_load(entries_text(content))
    assert {e["id"]: e["players"] for e in saved} == {"T01": ["甲", "乙"], "T02": ["丙", "庚"], "T04": ["辛", "壬"]}


# --- notices (issue 16, item 5) ----------------------------------------------------------------


def test_a_notice_that_is_not_markdown_is_refused(content: Path) -> None:
    scaffold_event(content, "club-2026", "bridge")
    event = content / "events/club-2026"
    path = event / "event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("notice: notice.md", "notice: [notice.md, event.yaml]"),
                    encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (problem,) = [p for p in failure.value.problems if not p.warning]
    assert problem.code == "notice-not-markdown" and problem.mark.file == path and problem.mark.line > 0
    assert "event.yaml" in problem.message("zh-Hans") and ".md" in problem.hint("zh-Hans")


@pytest.mark.parametrize("line", ['  - {id: A01, players: [{name: 张伟, phone: "13800000000"}]}',
                                  "  student_id: 2023010101", "wechat: zhangwei88"])
def test_a_notice_holding_a_private_key_is_refused(content: Path, line: str) -> None:
    assert "private: [wechat]" in (content / "site.yaml").read_text(encoding="utf-8")  # the site's own private key
    scaffold_event(content, "club-2026", "bridge")
    notice = content / "events/club-2026/notice.md"
    notice.write_text("# 比赛通知\n\n联系电话：010-12345678\n\n```\n" + line + "\n```\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (problem,) = [p for p in failure.value.problems if not p.warning]
    assert problem.code == "notice-private" and (problem.mark.file, problem.mark.line) == (notice, 6)
    assert line[problem.mark.column - 1:].startswith(problem.params["key"])
    notice.write_text("# 比赛通知\n\n联系电话：010-12345678，Phone: 010-12345678\n", encoding="utf-8")
    validate(content)  # a contact line is not a key


# --- broken and hostile .xlsx (issue 17) ---------------------------------------------------------


@pytest.fixture()
def good_xlsx(tmp_path: Path) -> Path:
    return write_xlsx(tmp_path / "good.xlsx", [["组号", "姓名"], ["1", "张三"], ["1", "李四"]])


def hostile_sheets(tmp: Path, good: Path) -> dict[str, Path]:
    sheet = "xl/worksheets/sheet1.xml"
    (tmp / "text.xlsx").write_text("not a spreadsheet", encoding="utf-8")
    (tmp / "old.xls").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512))
    with zipfile.ZipFile(tmp / "other.xlsx", "w") as other:
        other.writestr("hello.txt", "hi")
    laughs = (b'<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
              b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><worksheet')
    return {
        "not a zip": tmp / "text.xlsx",
        "old .xls": tmp / "old.xls",
        "another zip": tmp / "other.xlsx",
        "billion laughs": rewrite(good, tmp / "laughs.xlsx", {sheet: lambda d: d.replace(b"<worksheet", laughs, 1)}),
        "external entity": rewrite(good, tmp / "xxe.xlsx", {sheet: lambda d: d.replace(
            b"<worksheet", b'<!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]><worksheet', 1)}),
        "UTF-16 DOCTYPE": rewrite(good, tmp / "utf16.xlsx", {"xl/styles.xml": lambda d: '<?xml version="1.0" encoding="UTF-16"?>'
                                  '<!DOCTYPE s [<!ENTITY a "b">]>'.encode("utf-16") + d.decode().encode("utf-16")[2:]}),
        "no worksheet": rewrite(good, tmp / "nosheet.xlsx", {"xl/workbook.xml": lambda d: re.sub(rb"<sheet [^>]*/>", b"", d)}),
        "no workbook": rewrite(good, tmp / "nobook.xlsx", {"[Content_Types].xml": lambda d: d.replace(b"workbook.xml", b"nothing.xml")}),
        "bad shared string": rewrite(good, tmp / "ss.xlsx", {
            "xl/sharedStrings.xml": b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>x</t></si></sst>',
            "[Content_Types].xml": lambda d: d.replace(b"</Types>", f'<Override PartName="/xl/sharedStrings.xml" ContentType="{SS_TYPE}"/></Types>'.encode()),
            sheet: lambda d: re.sub(rb'<c r="B2" t="inlineStr"><is><t>[^<]*</t></is></c>', b'<c r="B2" t="s"><v>99</v></c>', d)}),
        "bad cell address": rewrite(good, tmp / "address.xlsx", {sheet: lambda d: d.replace(b'r="B2"', b'r="ZZZZZZZZ2"')}),
        "truncated": _truncated(good, tmp / "truncated.xlsx"),
    }


def _truncated(good: Path, target: Path) -> Path:
    data = good.read_bytes()
    target.write_bytes(data[: len(data) // 2])
    return target


def test_broken_and_hostile_xlsx_are_messages_not_tracebacks(content: Path, tmp_path: Path, good_xlsx: Path,
                                                             capsys) -> None:
    event = new_event(content)
    for case, sheet in hostile_sheets(tmp_path, good_xlsx).items():
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, event.name, sheet)
        assert codes(failure) == ["registration-sheet-unreadable"], case
        assert main(["import", event.name, str(sheet), "--content", str(content)]) == 1, case
        err = capsys.readouterr().err
        assert "Traceback" not in err and "[registration-sheet-unreadable]" in err and "另存为 .xlsx" in err, case
        assert "未导入" in err and "未生成网站" not in err, case
    assert not (event / "entries.yaml").exists()
    import_registrations(content, event.name, good_xlsx)  # the sheet they were made from is fine


def test_a_dtd_is_refused_before_openpyxl_parses_anything(content: Path, tmp_path: Path, good_xlsx: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import openpyxl

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("openpyxl opened a hostile file")

    monkeypatch.setattr(openpyxl, "load_workbook", never)
    event = new_event(content)
    sheet = hostile_sheets(tmp_path, good_xlsx)["billion laughs"]
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    assert "DOCTYPE" in failure.value.problems[0].message("en")


def test_a_zip_bomb_is_refused_from_its_declared_sizes(content: Path, tmp_path: Path, good_xlsx: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """3.4 MB that inflates to 1 GB ran for minutes at 1.2 GB: the sizes are read, nothing inflated."""
    event = new_event(content)
    bomb = rewrite(good_xlsx, tmp_path / "bomb.xlsx", {"xl/media/image1.png": bytes(60 * 1024 * 1024)})
    assert bomb.stat().st_size < 1024 * 1024
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: pytest.fail("a part was inflated"))
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, bomb)
    (problem,) = failure.value.problems
    assert problem.code == "registration-sheet-too-large"
    assert problem.message("zh-Hans") == "报名表过大（解压后 60.0 MB，上限 50.0 MB）"


@pytest.mark.parametrize("cells", ["row", "sheet"])
def test_a_sheet_of_too_many_cells_is_refused_before_it_is_read(content: Path, tmp_path: Path, good_xlsx: Path,
                                                                cells: str) -> None:
    """openpyxl holds a whole row in memory: one row of a million cells (45 MB) took 18 s and 1 GB."""
    event = new_event(content)
    cell = b'<c t="inlineStr"><is><t>x</t></is></c>'
    if cells == "row":
        extra = b'<row r="3">' + cell * (registrations.MAX_ROW_CELLS + 1) + b"</row>"
    else:
        extra = b"".join(b'<row r="%d">' % r + cell * 10 for r in range(3, registrations.MAX_CELLS // 10 + 4)) + b"</row>"
    sheet = rewrite(good_xlsx, tmp_path / "many.xlsx", {
        "xl/worksheets/sheet1.xml": lambda d: d.replace(b"</sheetData>", extra + b"</sheetData>")})
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    assert codes(failure) == ["registration-sheet-too-large"]
    assert "单元格" in failure.value.problems[0].message("zh-Hans")


def test_a_stray_cell_at_the_last_row_and_a_huge_dimension_are_read_quickly(content: Path, tmp_path: Path,
                                                                            good_xlsx: Path) -> None:
    """`<dimension ref="A1:XFD1048576">` made openpyxl pad every row to 16,384 cells; a row numbered
    past Excel's last is not followed."""
    event = new_event(content)
    sheet = rewrite(good_xlsx, tmp_path / "stray.xlsx", {"xl/worksheets/sheet1.xml": lambda d: re.sub(
        rb'<dimension ref="[^"]*" ?/>', b'<dimension ref="A1:XFD1048576"/>', d).replace(
        b"</sheetData>", b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'
                         b'<row r="99999999"><c r="A99999999" t="inlineStr"><is><t>y</t></is></c></row></sheetData>')})
    report = import_registrations(content, event.name, sheet)
    assert report.new_ids == ["T01"]


def test_too_many_rows_are_refused_with_the_row(content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registrations, "MAX_ROWS", 20)
    event = new_event(content)
    rows = [["组号", "姓名"]] + [[str(n // 2), f"选手{n}"] for n in range(25)]
    for sheet in (write_csv(tmp_path / "many.csv", rows), write_xlsx(tmp_path / "many.xlsx", rows)):
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, event.name, sheet)
        assert codes(failure) == ["registration-sheet-rows"]
        assert failure.value.problems[0].params["row"] == 21


def test_a_csv_of_twenty_thousand_rows_is_imported_in_linear_work(content: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """40,000 rows took 54 s: every new id was searched from T01. Now one step per new entry."""
    made: list[registrations._Ids] = []

    class Counted(registrations._Ids):
        def __init__(self, *args: object) -> None:
            super().__init__(*args)  # type: ignore[arg-type]
            made.append(self)

    monkeypatch.setattr(registrations, "_Ids", Counted)
    event = new_event(content)
    rows = [["组号", "姓名"]] + [[str(n // 2), f"选手{n}"] for n in range(20_000)]
    report = import_registrations(content, event.name, write_csv(tmp_path / "big.csv", rows))
    assert (report.entries, report.new) == (10_000, 10_000)
    assert report.new_ids[0] == "T01" and report.new_ids[-1] == "T10000"
    assert [ids.probes for ids in made] == [10_000]
    again = import_registrations(content, event.name, write_csv(tmp_path / "big.csv", rows))
    assert (again.kept, again.new, made[-1].probes) == (10_000, 0, 0)


# --- encodings (issue 17, item 4) ---------------------------------------------------------------


TRADITIONAL = [["隊名", "選手", "電話"], ["結構一隊", "王小明", "0912345678"], ["結構一隊", "李華", ""],
               ["道路與橋樑隊", "張偉", ""], ["道路與橋樑隊", "劉洋", ""]]
SIMPLIFIED = [["队名", "选手", "电话"], ["结构一队", "王喆", "13800000000"], ["结构一队", "李堃", ""],
              ["道路与桥梁队", "张伟", ""], ["道路与桥梁队", "刘洋", ""]]


@pytest.mark.parametrize(("rows", "encoding", "said"), [
    (TRADITIONAL, "big5", "Big5"), (TRADITIONAL, "gb18030", "GB18030 (GBK)"), (TRADITIONAL, "utf-8-sig", "UTF-8"),
    (SIMPLIFIED, "gbk", "GB18030 (GBK)"), (SIMPLIFIED, "utf-8", "UTF-8"), (SIMPLIFIED, "utf-16", "UTF-16"),
    # UTF-32 with its BOM and without (told by its zero bytes, as the bridge import tells it): refused as
    # no encoding paibang reads, while the same bytes as a PBN were read
    (SIMPLIFIED, "utf-32", "UTF-32"), (TRADITIONAL, "utf-32-le", "UTF-32"), (SIMPLIFIED, "utf-32-be", "UTF-32"),
])
def test_csv_encodings_are_detected_and_named(content: Path, tmp_path: Path, rows: list[list[str]], encoding: str,
                                              said: str, capsys) -> None:
    event = new_event(content)
    sheet = tmp_path / "s.csv"
    delimiter = "\t" if encoding.startswith(("utf-16", "utf-32")) else ","  # Excel's "Unicode text"
    sheet.write_bytes("\r\n".join(delimiter.join(row) for row in rows).encode(encoding))
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 0
    assert capsys.readouterr().out.startswith(f"编码：{said}\n")
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == event.name).entries
    assert [[p.name for p in e.players] for e in entries.values()] == [[r[1] for r in rows[1:3]], [r[1] for r in rows[3:]]]
    assert entries["T01"].name == rows[1][0]


def test_other_encodings_are_refused_not_imported_as_garbage(content: Path, tmp_path: Path) -> None:
    """(A Windows-1252 sheet of Latin names is read as such: test_import_encodings.py.)"""
    event = new_event(content)
    rows = [["チーム", "氏名"], ["東京", "田中太郎"], ["東京", "山田花子"], ["大阪", "鈴木一郎"], ["大阪", "佐藤健"]]
    sheet = write_csv(tmp_path / "s.csv", rows, "shift_jis")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet)
    assert codes(failure) == ["registration-encoding"]
    assert "CSV UTF-8" in failure.value.problems[0].hint("zh-Hans")
    assert not (event / "entries.yaml").exists()


# --- slugs (issue 17, item 4) --------------------------------------------------------------------


def test_import_and_pair_refuse_a_slug_that_leaves_content(content: Path, tmp_path: Path, capsys) -> None:
    """`import ../../x` wrote x/entries.yaml beside content/ when x/event.yaml was there."""
    bait = tmp_path / "x"
    event = new_event(content)
    shutil.copytree(event, bait)
    sheet = write_csv(tmp_path / "s.csv", [["队名", "姓名"], ["一队", "甲"]])
    before = sorted(p.name for p in bait.iterdir())
    for slug in ("../../x", "../x", "/tmp/x", "x\n", "Club"):
        assert main(["import", slug, str(sheet), "--content", str(content)]) == 2, slug
        assert "不能用作网址" in capsys.readouterr().err
        with pytest.raises(ImportRefusal):
            import_registrations(content, slug, sheet)
    assert main(["pair", "../x", "main", "--content", str(content)]) == 2
    assert "不能用作网址" in capsys.readouterr().err
    assert sorted(p.name for p in bait.iterdir()) == before


# --- title rows above the heading row (issue 19, item 5) ---------------------------------------


def test_an_xlsx_with_a_merged_title_row_imports_and_names_the_heading_row(content: Path, tmp_path: Path,
                                                                           capsys) -> None:
    event = new_event(content)
    sheet = write_xlsx(tmp_path / "报名表.xlsx", [
        ["2026年秋季掼蛋赛报名表", None, None, None],
        ["报名截止：10 月 20 日", None, None, None],
        [],
        ["组号", "姓名（必填）", "专业", "联系电话"],
        [1, "王强", "土木", 13800000001],
        [1, "李娜", "土木", None],
        [2, "赵刚", "交通", None],
        [2, "", "交通", None],
    ], merge="A1:D1")
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 1
    captured = capsys.readouterr()
    assert "表头：第 4 行（上面 2 行是标题，已跳过）" in captured.out
    # the sheet's own row, and the name's column (B)
    assert "报名表.xlsx:8:2: 错误 [registration-no-name] 第 8 行没有姓名" in captured.err
    fixed = write_xlsx(tmp_path / "fixed.xlsx", [["2026年秋季掼蛋赛报名表"], ["组号", "姓名", "专业", "联系电话"],
                                                 [1, "王强", "土木", 13800000001], [1, "李娜", "土木", None]], merge="A1:D1")
    report = import_registrations(content, event.name, fixed)
    assert (report.header_row, report.new_ids) == (2, ["T01"])
    assert "phone: '13800000001'" in entries_text(content) and "group: 土木" in entries_text(content)


def test_a_csv_with_title_rows_imports_too(content: Path, tmp_path: Path) -> None:
    event = new_event(content)
    sheet = write_csv(tmp_path / "s.csv", [["2026年秋季掼蛋赛报名表", "", ""], ["", "", ""], ["队名", "姓名", "手机"],
                                           ["一队", "甲", ""], ["一队", "乙", ""]])
    report = import_registrations(content, event.name, sheet)
    assert (report.header_row, report.titles, report.new) == (3, 1, 1)


# --- whatever the bytes: a message, never a traceback (hypothesis) ------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_bytes_and_any_damage_to_a_sheet_is_a_message(content: Path, good_xlsx: Path, tmp_path: Path,
                                                          data: st.DataObject) -> None:
    slug = "fuzz"
    if not (content / "events" / slug).exists():
        new_event(content, slug)
    original = good_xlsx.read_bytes()
    how = data.draw(st.sampled_from(["bytes", "flip", "cut"]))
    if how == "bytes":
        raw = data.draw(st.binary(max_size=2000))
    elif how == "flip":
        raw = bytearray(original)
        for _ in range(data.draw(st.integers(1, 8))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        raw = bytes(raw)
    else:
        raw = original[: data.draw(st.integers(0, len(original)))]
    for name in ("s.xlsx", "s.csv"):
        sheet = tmp_path / name
        sheet.write_bytes(raw)
        try:
            import_registrations(content, slug, sheet)
        except ContentErrors as failure:
            for problem in failure.problems:
                for locale in ("zh-Hans", "zh-Hant", "en"):
                    assert problem.format(locale)
        (content / "events" / slug / "entries.yaml").unlink(missing_ok=True)
