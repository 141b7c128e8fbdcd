"""`paibang export EVENT --format xlsx|csv|pbn|usebio` and results.xlsx in every build:
the demo events' standings in the workbook and CSV, byte-reproducible; PBN and USEBIO read back
by `paibang import` to the same standings (tests/test_bridge_import.py has the round trips)."""

from __future__ import annotations

import io
import shutil
import time
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from generator.build import validate
from generator.cli import main
from generator.interchange.spreadsheet import csv_texts, workbook_bytes

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    content = tmp_path_factory.mktemp("export") / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    for slug in ("qiaoyou-club-pairs-2024", "gaoxiao-bridge-teams-2024", "tumu-guandan-2020", "tongxin-guandan-2025"):
        shutil.copytree(ROOT / "content/events" / slug, content / "events" / slug)
    return content


def result_of(content: Path, slug: str):
    _, results, _ = validate(content)
    return next(r for r in results if r.event.slug == slug)


def workbook(result, locale: str = "zh-Hans") -> bytes:
    from generator.render.i18n import Translator

    return workbook_bytes(result, Translator(locale))


def test_workbook_has_standings_tables_and_travellers(content):
    result = result_of(content, "qiaoyou-club-pairs-2024")
    book = load_workbook(io.BytesIO(workbook(result, "en")))
    name = result.stage_of("pairs").stage.name
    assert book.sheetnames == [name, f"{name} tables", f"{name} boards"]
    rows = list(book[name].values)
    assert rows[0][:5] == ("Rank", "ID", "Name", "Players", "Group") and "Percentage" in rows[0]
    stage = result.stage_of("pairs")
    at = rows[0].index("Percentage")
    assert [(r[1], r[at]) for r in rows[1:]] == [(s.entry.id, s.tally.metrics["percent"]) for s in stage.standings]
    boards = list(book[f"{name} boards"].values)
    assert len(boards) - 1 == sum(len(r.tables) * 3 for r in stage.rounds)  # 3 boards a table
    # each place a number (a spreadsheet sorts and counts by it), tied entries sharing it
    assert [r[0] for r in rows[1:]] == [s.rank for s in stage.standings]
    assert all(isinstance(r[0], int) for r in rows[1:])


def test_tied_places_are_one_number_in_the_workbook(content):
    result = result_of(content, "tumu-guandan-2020")
    stage = result.stages[0]
    tied = [s for s in stage.standings if s.tied]
    assert tied, "the demo's Guandan standings have ties"
    rows = list(load_workbook(io.BytesIO(workbook(result)))[stage.stage.name].values)
    ranks = {r[1]: r[0] for r in rows[1:]}
    assert all(ranks[s.entry.id] == s.rank for s in tied)


def test_workbook_bytes_do_not_depend_on_the_time(content):
    result = result_of(content, "tumu-guandan-2020")
    first = workbook(result)
    time.sleep(1.1)  # openpyxl stamps seconds
    assert workbook(result) == first
    day = result.event.dates[0]  # the fixed moment: the event's first day
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        core = archive.read("docProps/core.xml").decode()
        assert {info.date_time for info in archive.infolist()} == {(day.year, day.month, day.day, 0, 0, 0)}
    assert core.count(f"{day.isoformat()}T00:00:00Z") == 2  # created and modified


def test_a_name_written_as_a_formula_stays_text(tmp_path):
    from generator.interchange.spreadsheet import _csv_cell

    assert _csv_cell("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")" and _csv_cell("-1") == "-1" and _csv_cell("+2") == "+2"
    assert _csv_cell("-x") == "'-x" and _csv_cell("王小明") == "王小明"


def test_the_workbooks_percentages_have_two_decimals_as_the_pages(content):
    """A percentage column in 0.00 (75 reads 75.00 beside 60.42; the General format wrote 75):
    the standings' and the tables' Percentage, and only they."""
    result = result_of(content, "qiaoyou-club-pairs-2024")
    book = load_workbook(io.BytesIO(workbook(result, "en")))
    name = result.stage_of("pairs").stage.name
    for sheet in (book[name], book[f"{name} tables"]):
        heading = [cell.value for cell in next(sheet.iter_rows(max_row=1))]
        at = heading.index("Percentage")
        for row in sheet.iter_rows(min_row=2):
            assert row[at].number_format == "0.00" and isinstance(row[at].value, (int, float))
            assert {cell.number_format for i, cell in enumerate(row) if i != at} == {"General"}
        assert sheet.cell(row=1, column=at + 1).number_format == "General"
    assert {cell.number_format for row in book[f"{name} boards"].iter_rows() for cell in row} == {"General"}

def test_workbook_is_in_the_events_words_and_csv_keeps_the_keys(content):
    """results.xlsx is read by the secretary and the union office: its sheets are named by the
    stages' names, its headings are the standings pages' words (a metric by its label), and a
    qualifier or a winner is marked 是; the CSV, for other programs, keeps results.json's keys."""
    from generator.games import GAMES, metric_of
    from generator.render.i18n import Translator

    result = result_of(content, "tongxin-guandan-2025")
    book = load_workbook(io.BytesIO(workbook(result)))
    assert book.sheetnames == ["瑞士移位赛", "瑞士移位赛 对阵", "淘汰赛", "淘汰赛 对阵"]
    rows = list(book["瑞士移位赛"].values)
    stage = result.stage_of("swiss")
    labels = [Translator("zh-Hans").pick(metric_of(GAMES["guandan"], m).label) for m in stage.stage.rank_by]
    assert rows[0][:5] == ("名次", "编号", "名称", "选手", "班级/单位")
    assert list(rows[0][5:5 + len(labels)]) == labels and rows[0][-2:] == ("晋级", "奖项")
    assert not any(cell.isascii() for cell in rows[0] if cell)  # no key left in English
    assert [r[-2] for r in rows[1:]] == ["是" if s.qualified else None for s in stage.standings]
    tables = list(book["瑞士移位赛 对阵"].values)
    assert tables[0][:6] == ("轮", "桌号", "方", "编号", "获胜方", "弃权")
    assert {r[4] for r in tables[1:]} == {"是", None}
    # the same event in English, as a site in English writes it
    english = load_workbook(io.BytesIO(workbook(result, "en")))
    assert list(english["瑞士移位赛"].values)[0][:2] == ("Rank", "ID")
    csv = csv_texts(result)["swiss"]
    assert csv.startswith("\ufeffrank,entry,name,players,group,") and ",qualified,prize" in csv.splitlines()[0]
    assert ",yes," in csv


def test_the_build_writes_the_workbook_in_the_sites_words(content, tmp_path):
    from generator.build import build

    build(content, tmp_path / "out")
    book = load_workbook(tmp_path / "out/events/qiaoyou-club-pairs-2024/results.xlsx")
    name = result_of(content, "qiaoyou-club-pairs-2024").stage_of("pairs").stage.name
    assert book.sheetnames == [name, f"{name} 对阵", f"{name} 各副牌"]
    assert list(book[f"{name} 各副牌"].values)[0][:9] == ("牌号", "轮", "桌号", "南北", "东西", "定约", "定约者", "结果", "首攻")


def test_csv_one_text_per_stage(content):
    texts = csv_texts(result_of(content, "gaoxiao-bridge-teams-2024"))
    assert texts and all(t.startswith("\ufeffrank,entry,name,players,group") for t in texts.values())


@pytest.mark.parametrize(("kind", "names"), [
    ("xlsx", ["qiaoyou-club-pairs-2024.xlsx"]), ("csv", ["qiaoyou-club-pairs-2024-pairs.csv"]),
    ("pbn", ["qiaoyou-club-pairs-2024.pbn"]), ("usebio", ["qiaoyou-club-pairs-2024.xml"])])
def test_export_command_writes_in_the_current_folder(content, tmp_path, monkeypatch, kind, names):
    monkeypatch.chdir(tmp_path)
    assert main(["export", "qiaoyou-club-pairs-2024", "--format", kind, "--content", str(content), "--lang", "en"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == names


@pytest.mark.parametrize(("folder", "made"), [(".", True), ("exports", True), ("new/", False)])
def test_export_to_a_folder_writes_the_files_there_under_their_names(content, tmp_path, monkeypatch, folder, made):
    """`-o .` stopped with a traceback (a folder has no file name to add the stage to); a
    folder given to -o takes the files as they would be named in the current folder, and one
    named with a trailing / is made (it was written as a file called "new")."""
    monkeypatch.chdir(tmp_path)
    if made:
        (tmp_path / folder).mkdir(exist_ok=True)
    assert main(["export", "gaoxiao-bridge-teams-2024", "--format", "csv", "-o", folder, "--content", str(content),
                 "--lang", "en"]) == 0
    assert sorted(p.name for p in (tmp_path / folder).iterdir() if p.suffix == ".csv") == [
        f"gaoxiao-bridge-teams-2024-{stage.stage.id}.csv" for stage in result_of(content, "gaoxiao-bridge-teams-2024").stages]


def test_export_o_names_the_file_of_a_one_stage_csv_and_says_each_of_several(content, tmp_path, capsys):
    """`-o x.csv` wrote x-pairs.csv though -o says "the file": a one-file export is that file;
    an export of several takes the stage ids before the extension, each file said."""
    target = tmp_path / "x.csv"
    assert main(["export", "qiaoyou-club-pairs-2024", "--format", "csv", "-o", str(target), "--content", str(content),
                 "--lang", "en"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.csv"] and target.read_text(encoding="utf-8-sig").startswith("rank,")
    assert capsys.readouterr().out == f"paibang: wrote {target}\n"
    several = tmp_path / "guandan.csv"
    assert main(["export", "tongxin-guandan-2025", "--format", "csv", "-o", str(several), "--content", str(content),
                 "--lang", "en"]) == 0
    assert capsys.readouterr().out == "".join(f"paibang: wrote {tmp_path / f'guandan-{stage}.csv'}\n" for stage in ("swiss", "ko"))


def test_export_output_and_refusals(content, tmp_path, capsys):
    target = tmp_path / "out.xlsx"
    assert main(["export", "tumu-guandan-2020", "-o", str(target), "--content", str(content), "--lang", "en"]) == 0
    assert target.read_bytes()[:2] == b"PK"
    assert main(["export", "tumu-guandan-2020", "--format", "pbn", "--content", str(content), "--lang", "en"]) == 2
    assert "no duplicate bridge stage" in capsys.readouterr().err
    assert main(["export", "nope", "--content", str(content), "--lang", "en"]) == 2


@pytest.mark.parametrize("kind", ["xlsx", "csv", "pbn", "usebio"])
def test_each_export_starts_as_its_signature_says(content, kind):
    """A file found where an export goes is replaced only when it starts as an export of the same
    format does (SIGNATURES): each export must start so, or a second export would be refused."""
    from generator.commands.export import SIGNATURES, files

    made = files(result_of(content, "qiaoyou-club-pairs-2024"), kind, "zh-Hans")
    assert made and all(data.startswith(SIGNATURES[kind]) for data in made.values())


def test_export_never_writes_over_a_content_file_the_site_or_a_file_not_an_export(content, tmp_path, capsys):
    """`-o content/events/x/event.yaml` replaced the event file with a workbook, silently: a typo
    in -o cost a file. Inside the content folder or a built site: refused whatever --force; over
    a file not an export of the same format: refused, unless --force. Exit 2, nothing written."""
    from generator.render.output import MARKER

    event = content / "events/tumu-guandan-2020/event.yaml"
    before = event.read_bytes()

    def export(target: Path, *more: str) -> tuple[int, str]:
        code = main(["export", "tumu-guandan-2020", "-o", str(target), "--content", str(content), "--lang", "en", *more])
        return code, capsys.readouterr().err

    code, err = export(event, "--force")
    assert code == 2 and event.read_bytes() == before
    assert err == (f"paibang: not written: {event} is inside the content folder {content}, which holds the site's "
                   "own files; name a file outside it with -o\n")
    assert export(content / "events/tumu-guandan-2020/new.xlsx")[0] == 2
    assert not (content / "events/tumu-guandan-2020/new.xlsx").exists()
    site = tmp_path / "site"
    (site / "events").mkdir(parents=True)
    (site / MARKER).write_text("paibang\n", encoding="utf-8")
    code, err = export(site / "events/cup.xlsx", "--force")
    assert code == 2 and "inside a folder paibang builds the site into" in err and not (site / "events/cup.xlsx").exists()
    notes = tmp_path / "notes.xlsx"  # a file of the secretary's, named by mistake
    notes.write_text("my notes\n", encoding="utf-8")
    code, err = export(notes)
    assert code == 2 and notes.read_text(encoding="utf-8") == "my notes\n"
    assert err == (f"paibang: not written: {notes} is there and is not paibang's xlsx export; "
                   "name another file with -o, or add --force to replace it\n")
    csv_export = tmp_path / "standings.csv"
    assert export(csv_export, "--format", "csv")[0] == 0
    assert export(csv_export, "--format", "xlsx")[0] == 2  # a CSV export is no workbook
    assert export(csv_export, "--format", "csv")[0] == 0  # an export of the same format: replaced
    assert export(notes, "--force")[0] == 0 and notes.read_bytes()[:2] == b"PK"
    assert export(notes)[0] == 0  # a workbook export now: replaced again without --force
    # a workbook of the secretary's own (every workbook is a zip): refused, not replaced
    import zipfile

    budget = tmp_path / "budget.xlsx"
    with zipfile.ZipFile(budget, "w") as book:
        book.writestr("docProps/core.xml", "<cp:coreProperties><dc:creator>WPS</dc:creator></cp:coreProperties>")
        book.writestr("xl/workbook.xml", "<workbook/>")
    mine = budget.read_bytes()
    assert export(budget)[0] == 2 and budget.read_bytes() == mine


def test_xlsx_cells_keep_their_types_and_text_is_never_a_formula():
    import datetime as dt

    from generator.interchange.spreadsheet import xlsx_bytes

    data = xlsx_bytes([("s", [["name", "n", "x"], ["=1+1", 3, 62.5], ["a\x01b <&>", None, 0]])], dt.datetime(2024, 1, 2))
    sheet = load_workbook(io.BytesIO(data))["s"]
    assert [[c.value for c in row] for row in sheet.iter_rows()] == [["name", "n", "x"], ["=1+1", 3, 62.5], ["ab <&>", None, 0]]
    assert sheet["A2"].data_type == "s"


def test_xlsx_bytes_are_pinned_cell_by_cell_and_the_zip_is_zipfiles_own():
    """The sheets' XML written out in full, and the zip around the parts the very bytes zipfile
    writes for them (spreadsheet.py writes the zip itself, for speed): a workbook changes only
    when its results do. A boolean after a 1 in another sheet stays a boolean (cells are
    looked up by value, and True == 1)."""
    import datetime as dt

    from generator.interchange.spreadsheet import _zip_by_zipfile, xlsx_bytes

    head = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet '
            'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
    text = '" t="inlineStr"><is><t xml:space="preserve">{}</t></is></c>'.format
    mixed = [["name", "n", "x", "flag"], ["=1+1", 3, 62.5, True], ["a\x01b <&>\"", None, 3.0, False],
             ["", 1, -0.0, 1], ["王小明", 10**20, float("nan"), 1.5e-7]]
    when = (2024, 1, 2, 3, 4, 5)
    ragged = [["a"], [], [None, 2]]
    data = xlsx_bytes([("plain", [["x", 1, 1.0, "1"]]), ("mixed", mixed), ("ragged", ragged), ("empty", [[], []])],
                      dt.datetime(*when))
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    assert parts["xl/worksheets/sheet1.xml"].decode() == (
        f'{head}<row r="1"><c r="A1{text("x")}<c r="B1"><v>1</v></c><c r="C1"><v>1</v></c>'
        f'<c r="D1{text("1")}</row></sheetData></worksheet>')
    assert parts["xl/worksheets/sheet2.xml"].decode() == (
        f'{head}<row r="1"><c r="A1{text("name")}<c r="B1{text("n")}<c r="C1{text("x")}<c r="D1{text("flag")}</row>'
        f'<row r="2"><c r="A2{text("=1+1")}<c r="B2"><v>3</v></c><c r="C2"><v>62.5</v></c>'
        '<c r="D2" t="b"><v>1</v></c></row>'
        f'<row r="3"><c r="A3{text("ab &lt;&amp;&gt;&quot;")}<c r="C3"><v>3</v></c><c r="D3" t="b"><v>0</v></c></row>'
        '<row r="4"><c r="B4"><v>1</v></c><c r="C4"><v>0</v></c><c r="D4"><v>1</v></c></row>'
        f'<row r="5"><c r="A5{text("王小明")}<c r="B5"><v>100000000000000000000</v></c><c r="C5"><v>nan</v></c>'
        '<c r="D5"><v>1.5e-07</v></c></row></sheetData></worksheet>')
    assert parts["xl/worksheets/sheet3.xml"].decode() == (
        f'{head}<row r="1"><c r="A1{text("a")}</row><row r="2"></row><row r="3"><c r="B3"><v>2</v></c></row>'
        '</sheetData></worksheet>')
    assert parts["xl/worksheets/sheet4.xml"].decode() == f'{head}<row r="1"></row><row r="2"></row></sheetData></worksheet>'
    assert list(parts)[:6] == ["[Content_Types].xml", "_rels/.rels", "docProps/core.xml", "xl/workbook.xml",
                               "xl/_rels/workbook.xml.rels", "xl/styles.xml"]
    assert data == _zip_by_zipfile(parts, when)  # the zip as zipfile writes it (its fallback's way)


def test_an_event_dated_past_what_a_zip_can_say_still_gets_its_workbook(tmp_path: Path) -> None:
    """A zip member's date says 1980 to 2107: an event dated later (a typing slip such as 2150)
    gets a workbook dated as one before 1980 is, never a failed build."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    event = content / "events/tumu-guandan-2020"
    shutil.copytree(ROOT / "content/events/tumu-guandan-2020", event)
    text = (event / "event.yaml").read_text(encoding="utf-8")
    (event / "event.yaml").write_text(text.replace("\ndate: 2020-", "\ndate: 2150-", 1), encoding="utf-8")
    result = result_of(content, "tumu-guandan-2020")
    assert result.event.dates[0].year == 2150
    with zipfile.ZipFile(io.BytesIO(workbook(result))) as archive:
        assert {member.date_time for member in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert load_workbook(io.BytesIO(workbook(result))).sheetnames


def test_export_on_a_full_disk_leaves_the_last_workbook_whole(content, tmp_path, monkeypatch, capsys):
    """The disk fills as the workbook is written: last week's file stays as it was, no temporary
    is left beside it, and one line says so (exit 1), where half a workbook was left."""
    from generator import seals
    from support import DiskFills

    target = tmp_path / "out.xlsx"
    target.write_bytes(b"PK\x03\x04last week's workbook")  # (a workbook: an export replaces it)
    monkeypatch.setattr(seals, "open", DiskFills, raising=False)
    assert main(["export", "tumu-guandan-2020", "-o", str(target), "--content", str(content), "--lang", "en",
                 "--force"]) == 1  # (--force: these bytes are no workbook paibang wrote)
    err = capsys.readouterr().err
    assert "the disk is full" in err and "Traceback" not in err
    assert target.read_bytes() == b"PK\x03\x04last week's workbook" and list(tmp_path.iterdir()) == [target]


def test_an_export_and_printed_sheets_are_on_the_disk_once_written(content, tmp_path, monkeypatch):
    """Files the secretary asked for (a workbook, the sheets to print) are synced before they are
    put in place and their folder after: a power cut once written leaves them, not an empty file."""
    from support import Synced

    from generator.render import pdf

    synced = Synced(monkeypatch)
    target = tmp_path / "out.xlsx"
    assert main(["export", "tumu-guandan-2020", "-o", str(target), "--content", str(content), "--lang", "en"]) == 0
    assert synced.durably(target)
    monkeypatch.setattr(pdf, "_print", lambda html: b"%PDF-1.7 stub\n")
    sheets = tmp_path / "sheets"
    assert main(["print", "tumu-guandan-2020", "main", "--round", "1", "--content", str(content), "--lang", "en",
                 "--output", str(sheets)]) == 0
    assert list(sheets.iterdir()) and all(synced.durably(path) for path in sheets.iterdir())
    assert tmp_path in synced  # (sheets/ made for them: its name too)


def test_a_teams_board_sheet_has_both_rooms(content):
    """A teams board's row gives the open room (home NS) and the closed room (away NS), each
    with its contract, declarer, result, lead and NS score: the closed room's were in no
    column (round 1 table 2 board 5 of a reviewer's Swiss showed 4S E = -420, its 3CX S -2
    nowhere). A pairs row keeps its 13 columns."""
    result = result_of(content, "gaoxiao-bridge-teams-2024")
    stage = result.stage_of("teams")
    name = stage.stage.name
    rows = list(load_workbook(io.BytesIO(workbook(result)))[f"{name} 各副牌"].values)
    assert rows[0][5:15] == ("定约", "定约者", "结果", "首攻", "南北分",
                             "闭室定约", "闭室定约者", "闭室结果", "闭室首攻", "闭室南北分")
    english = list(load_workbook(io.BytesIO(workbook(result, "en")))[f"{name} boards"].values)[0]
    assert english[10:15] == ("Closed room contract", "Closed room declarer", "Closed room result",
                              "Closed room lead", "Closed room NS score")
    played = {(score.view.home, row.board): row for r in stage.rounds for score in r.tables
              if getattr(score.view, "kind", None) == "played" for row in score.view.rows}
    assert len(rows) - 1 == len(played)
    for cells in rows[1:]:
        row = played[(cells[3], cells[0])]
        assert cells[5] == row.open.contract and cells[9] == row.open_score
        assert (cells[10], cells[11] or "", cells[12] or "", cells[14]) == (
            row.closed.contract, row.closed.declarer, row.closed.result, row.closed_score)
    # the CSV, for other programs, in results.json's keys
    assert ("\nboard,round,table,ns,ew,contract,declarer,result,lead,ns_score,closed_contract,closed_declarer,"
            "closed_result,closed_lead,closed_score,ns_value,ew_value,adjusted\n") in csv_texts(result)["teams"]
    pairs = result_of(content, "qiaoyou-club-pairs-2024")
    sheet = f"{pairs.stage_of('pairs').stage.name} boards"
    heading = list(load_workbook(io.BytesIO(workbook(pairs, "en")))[sheet].values)[0]
    assert len(heading) == 13 and "Closed room contract" not in heading


def test_export_into_a_folder_not_there_is_refused_unless_asked_to_make_it(content, tmp_path, capsys):
    """`-o /nonexistent/dir/x.xlsx` made the folders and wrote the file there, exit 0: a typo in a
    folder's name hid the workbook in a folder nobody meant. A folder to make is asked for with a
    trailing / (test_export_to_a_folder_writes_the_files_there_under_their_names)."""
    target = tmp_path / "exprots" / "x.xlsx"
    assert main(["export", "tumu-guandan-2020", "-o", str(target), "--content", str(content), "--lang", "en"]) == 2
    assert f"there is no folder {tmp_path / 'exprots'} (a typo?)" in capsys.readouterr().err
    assert not (tmp_path / "exprots").exists()


def test_print_never_writes_over_a_file_not_a_pdf_nor_into_the_content_or_a_site(content, tmp_path, monkeypatch, capsys):
    """`print --output mine.pdf` replaced a secretary's notes (text named .pdf) unasked, and
    `--output content/events/x.pdf` or `--output content/` wrote into the content folder, which
    export refuses. Each is refused, said, exit 2, nothing written; a PDF there (the last print
    of the round) is replaced, as printing again is what print is for."""
    from generator.render import pdf

    monkeypatch.setattr(pdf, "_print", lambda html: b"%PDF-1.7 stub\n")
    monkeypatch.setattr("generator.commands.printing.one_document", lambda bulletins, locale, content=None, workers=1, step=None: b"%PDF-1.7 one\n")

    def printed(output: Path) -> int:
        return main(["print", "tumu-guandan-2020", "main", "--round", "1", "--content", str(content), "--lang", "en",
                     "--output", str(output)])

    notes = tmp_path / "mine.pdf"
    notes.write_text("my notes\n", encoding="utf-8")
    assert printed(notes) == 2
    assert f"{notes} is there and is not a PDF" in capsys.readouterr().err
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    before = sorted(p for p in content.rglob("*"))
    for inside in (content / "events" / "x.pdf", content, content / "sheets"):
        assert printed(inside) == 2
        assert "is inside the content folder" in capsys.readouterr().err
    assert sorted(p for p in content.rglob("*")) == before
    site = tmp_path / "site"
    site.mkdir()
    from generator.render.output import MARKER
    (site / MARKER).write_text("", encoding="utf-8")
    assert printed(site / "r1.pdf") == 2 and "a folder paibang builds the site into" in capsys.readouterr().err
    assert printed(tmp_path / "typo" / "r1.pdf") == 2
    assert f"there is no folder {tmp_path / 'typo'}" in capsys.readouterr().err
    docx = tmp_path / "notes.docx"
    docx.write_text("x", encoding="utf-8")
    assert printed(docx) == 2 and "is there and is not a folder" in capsys.readouterr().err
    last = tmp_path / "round-1.pdf"
    last.write_bytes(b"%PDF-1.7 last time\n")
    assert printed(last) == 0 and last.read_bytes() == b"%PDF-1.7 one\n"
    assert printed(tmp_path / "sheets") == 0 and list((tmp_path / "sheets").iterdir())


def test_a_build_finds_each_stage_travellers_once(content, tmp_path, monkeypatch):
    """The board pages' travellers make results.xlsx's boards sheet too: a build of the pairs
    demo works them out once a stage, not again for the workbook; its sheet still lists every
    table's boards (3 a table)."""
    from generator.games.bridge import duplicate

    one = tmp_path / "content"
    (one / "events").mkdir(parents=True)
    shutil.copy(content / "site.yaml", one / "site.yaml")
    shutil.copytree(content / "events/qiaoyou-club-pairs-2024", one / "events/qiaoyou-club-pairs-2024")
    found: list[str] = []
    travellers = duplicate.travellers

    def counted(stage, options, rounds):
        found.append(stage.id)
        return travellers(stage, options, rounds)

    monkeypatch.setattr(duplicate, "travellers", counted)
    # one event renders in this process (no render workers forked), so every call is counted
    assert main(["build", "-q", "--content", str(one), "--output", str(tmp_path / "out"), "--no-pdf"]) == 0
    assert found == ["pairs"]
    book = load_workbook(tmp_path / "out/events/qiaoyou-club-pairs-2024/results.xlsx")
    stage = result_of(one, "qiaoyou-club-pairs-2024").stage_of("pairs")
    boards = list(book[book.sheetnames[2]].values)  # its boards sheet, after standings and tables
    assert len(boards) - 1 == sum(len(r.tables) * 3 for r in stage.rounds)
