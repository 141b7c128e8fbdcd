"""`paibang import SLUG FILE`: registrations from a spreadsheet (.xlsx or .csv) into entries.

Secretaries collect registrations as a sheet, one row per player (seed 000: 组长及成员的姓名，
专业，班级和电话). Columns are recognised by their usual Chinese or English headings (COLUMNS),
or named with --map; the heading row may sit below title rows ("2026年秋季掼蛋赛报名表" merged
across row 1), and is the first row that names a name column. Rows are grouped into entries by
a grouping column (组号/编号) or a team name (队名); the row marked 组长 comes first.

Entry ids are always paibang's own (T01, T02 …, by game): a value of the sheet never becomes an
id, a page address or a line of results.json. A column that looks like a personal number — headed
ID, 学号, 身份证号, 工号 …, or holding long digit strings — goes to the players' private
`student_id` field (phone numbers to `phone`), and no --map can make it public. `import` prints
what it did with every column.

The entries are written to events/<slug>/entries.yaml and event.yaml points there
(`entries: entries.yaml`). A rerun updates that file: a row group whose players are the players
of a listed entry (or share players with it) keeps that entry's id, so nothing is duplicated and
results files stay valid; new entries are numbered after the highest id listed or named in a
results file, so a deleted entry's id (and its results) is never given to another.

Hostile or broken sheets are refused with a message, never a traceback: an .xlsx is checked
before it is opened (the uncompressed size of its parts, and no DOCTYPE or ENTITY in its XML),
then read streaming (openpyxl's read-only mode); a CSV is UTF-8, GB18030/GBK or Big5 (the
encoding used is printed), anything else is refused with the fix. The work is linear in the rows.
"""

from __future__ import annotations

import argparse
import codecs
import csv
import io
import os
import re
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.content.load import SLUG
from generator.content.yaml_loader import YamlList, YamlMap, load_yaml
from generator.errors import ContentErrors, Mark, Problems, Refusal
from generator.games import GAMES, Game
from generator.messages import LOCALES, localised

COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("姓名", "名字", "选手", "選手", "队员", "隊員", "成员姓名", "成員姓名", "选手姓名", "選手姓名",
             "队员姓名", "隊員姓名", "name", "player"),
    # Grouping only: rows with the same value are one entry. The value is never an entry id.
    "entry": ("组号", "組號", "编号", "編號", "队号", "隊號", "参赛号", "參賽號", "组别号", "entry", "group no"),
    "team": ("队名", "隊名", "组名", "組名", "队伍", "隊伍", "队伍名称", "隊伍名稱", "team"),
    "captain": ("组长", "組長", "队长", "隊長", "captain"),
    "group": ("班级", "班級", "单位", "單位", "部门", "部門", "系别", "系別", "公司", "group", "class", "unit"),
    "major": ("专业", "專業", "major"),
    "phone": ("电话", "電話", "手机", "手機", "手机号", "手機號", "手机号码", "手機號碼", "电话号码", "電話號碼",
              "联系电话", "聯絡電話", "聯繫電話", "联系方式", "聯絡方式", "phone", "mobile", "tel"),
    "student_id": ("学号", "學號", "工号", "工號", "student_id", "studentid", "studentnumber", "student number"),
}
FIELDS = tuple(COLUMNS)
PRIVATE = ("phone", "student_id")
# Headings of personal numbers (compared without spaces, case-insensitively): exact, or contained.
PERSONAL_EXACT = {"id", "idno", "idnumber", "idcard", "studentid", "studentno", "studentnumber", "employeeid",
                  "staffid", "ssn", "passport"}
PERSONAL_PARTS = ("学号", "學號", "工号", "工號", "身份证", "身份證", "证件", "證件", "证号", "證號", "护照", "護照",
                  "学籍", "學籍")
LONG_DIGITS = re.compile(r"^\d{6,}[Xx]?$")  # student, staff and ID-card numbers (the last may end in X)
YES = {"是", "√", "✓", "y", "yes", "1", "true", "组长", "組長", "队长", "隊長", "captain"}

# Bounds no real registration sheet meets (2,000 entries of 8 players is 16,000 rows).
MAX_SHEET_BYTES = 50 * 1024 * 1024  # an .xlsx's parts uncompressed, or a CSV file
MAX_ROWS = 100_000  # rows with something in them
MAX_COLUMNS = 200
MAX_PARTS = 10_000  # files inside an .xlsx
EXCEL_ROWS = 1_048_576  # Excel's own last row: a row numbered beyond it is not Excel's
HEADER_SEARCH = 30  # title rows above the heading row, at most
_DOCTYPE = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c|si)[\s>/]")  # a row, a cell, a shared string
MAX_CELLS = 500_000  # cells of the workbook, and shared strings: 50,000 rows of 10 columns (openpyxl reads ~30,000 a second)
MAX_ROW_CELLS = 1_000  # cells in one row (Excel writes a formatted row as one <row>, not 16,384 cells)

# What `import` prints about the sheet and each of its columns (stdout, the site's language).
WORDS: dict[str, tuple[str, str, str]] = {
    "header": ("表头：第 {row} 行", "表頭：第 {row} 行", "headings: row {row}"),
    "titles": ("表头：第 {row} 行（上面 {titles} 行是标题，已跳过）", "表頭：第 {row} 行（上面 {titles} 行是標題，已略過）",
               "headings: row {row} (the {titles} row(s) above are titles, skipped)"),
    "encoding": ("编码：{encoding}", "編碼：{encoding}", "encoding: {encoding}"),
    "column": ("第 {n} 列「{heading}」→ {use}", "第 {n} 欄「{heading}」→ {use}", "column {n} “{heading}” → {use}"),
    "name": ("队员姓名", "隊員姓名", "player names"),
    "entry": ("分组：同一值的队员为一队（只用于分组，不作参赛编号）", "分組：同一值的隊員為一隊（只用於分組，不作參賽編號）",
              "grouping: rows with the same value are one entry (never used as an entry id)"),
    "team": ("队名（公开）", "隊名（公開）", "team name (public)"),
    "team_group": ("队名（公开）；同一队名的队员为一队", "隊名（公開）；同一隊名的隊員為一隊",
                   "team name (public); rows with the same team name are one entry"),
    "captain": ("组长（排在本队第一位）", "組長（排在本隊第一位）", "captain (listed first in the entry)"),
    "group": ("单位/班级（公开）", "單位/班級（公開）", "group, e.g. class or company (public)"),
    "major": ("专业（没有班级时作单位，公开）", "專業（沒有班級時作單位，公開）", "major (the group when there is no class; public)"),
    "phone": ("phone：私有，不公开", "phone：私有，不公開", "phone: private, never published"),
    "student_id": ("student_id：私有，不公开", "student_id：私有，不公開", "student_id: private, never published"),
    "student_id_digits": ("student_id：私有，不公开（值是 6 位以上的数字，像个人号码）",
                          "student_id：私有，不公開（值是 6 位以上的數字，像個人號碼）",
                          "student_id: private, never published (its values are long digit strings, like personal numbers)"),
    "personal_dropped": ("像个人号码，未导入（student_id 取自第 {other} 列）", "像個人號碼，未匯入（student_id 取自第 {other} 欄）",
                         "looks like personal numbers; not imported (student_id is column {other})"),
    "duplicate": ("未使用（第 {other} 列已是同一内容）", "未使用（第 {other} 欄已是同一內容）", "not used (column {other} already gives this)"),
    "ignored": ("未使用", "未使用", "not used"),
    "refused": ("未导入：--map 不能这样用（见下面的错误）", "未匯入：--map 不能這樣用（見下面的錯誤）",
                "not imported: --map cannot make it that (see the error below)"),
    "no_heading": ("（无表头）", "（無表頭）", "(no heading)"),
    "ids": ("参赛编号由 paibang 编排：新增 {first}–{last}；重新导入时按队员保留原编号",
            "參賽編號由 paibang 編排：新增 {first}–{last}；重新匯入時按隊員保留原編號",
            "entry ids are paibang's own: new {first}–{last}; a rerun keeps each entry's id by its players"),
    "team_size": ("每 {size} 名选手为一队（赛事阶段的 team_size: {size}），按组号或队名分组",
                  "每 {size} 名選手為一隊（賽事階段的 team_size: {size}），按組號或隊名分組",
                  "teams of {size} players (the event's stages say team_size: {size}), grouped by entry number or team name"),
    "team_size_off": ("注意：第 {row} 行起的一队有 {count} 名选手，不是 {size} 名；核对报名表",
                      "注意：第 {row} 行起的一隊有 {count} 名選手，不是 {size} 名；核對報名表",
                      "note: the team from row {row} has {count} players, not {size}; check the sheet"),
    "write_failed": ("paibang: 无法写入 {path}：{reason}", "paibang: 無法寫入 {path}：{reason}", "paibang: cannot write {path}: {reason}"),
    "failed": ("paibang: 发现 {errors} 处错误，未导入（entries.yaml 和 event.yaml 保持不变）。",
               "paibang: 發現 {errors} 處錯誤，未匯入（entries.yaml 和 event.yaml 保持不變）。",
               "paibang: {errors} error(s); nothing was imported (entries.yaml and event.yaml are unchanged)."),
}
# Why a sheet cannot be read (the `reason` of registration-sheet-unreadable).
REASONS: dict[str, tuple[str, str, str]] = {
    "not-xlsx": ("不是 .xlsx 文件（不是 zip 格式）", "不是 .xlsx 檔案（不是 zip 格式）", "not an .xlsx file (not a zip archive)"),
    "xls": ("是旧版 .xls 文件，或设了打开密码", "是舊版 .xls 檔案，或設了開啟密碼",
            "an old .xls file, or a password-protected one"),
    "doctype": ("{part} 含有 DOCTYPE 或 ENTITY 声明，Excel 不会写这种内容", "{part} 含有 DOCTYPE 或 ENTITY 宣告，Excel 不會寫這種內容",
                "{part} holds a DOCTYPE or ENTITY declaration, which Excel never writes"),
    "parts": ("压缩包里有 {count} 个文件，不像报名表", "壓縮檔裡有 {count} 個檔案，不像報名表",
              "the archive holds {count} files: not a registration sheet"),
    "no-sheet": ("工作簿里没有工作表", "活頁簿裡沒有工作表", "the workbook has no worksheet"),
    "broken": ("内容损坏（{detail}）", "內容損毀（{detail}）", "the file is damaged ({detail})"),
    "csv": ("CSV 格式错误（{detail}）", "CSV 格式錯誤（{detail}）", "malformed CSV ({detail})"),
    "missing": ("无法打开（{detail}）", "無法開啟（{detail}）", "cannot open it ({detail})"),
}
ENCODINGS = {"utf-8": "UTF-8", "utf-16": "UTF-16", "gb18030": "GB18030 (GBK)", "big5": "Big5"}


class ImportRefusal(Refusal):
    """A usage error of `paibang import` (exit 2): a catalogue code and its parameters."""


@dataclass
class Table:
    """A sheet's rows with something in them, as text, and the sheet's row number of each."""

    rows: list[list[str]]
    numbers: list[int]  # the sheet's row (a CSV's line) of each: problems name the row the secretary sees
    encoding: str | None = None  # a CSV's


@dataclass
class Column:
    index: int  # 0-based
    heading: str
    use: str | None = None  # a field of COLUMNS, or None
    note: str = ""  # a key of WORDS saying what was done
    other: int | None = None  # the column (1-based) that took this one's field

    @property
    def active(self) -> bool:
        """Read into the entries: not a second column of a field, nor a personal number left out."""
        return self.use is not None and self.note not in ("duplicate", "personal_dropped")


@dataclass
class Registrant:
    row: int
    name: str
    key: str  # what groups players into one entry (never an id)
    captain: bool = False
    group: str | None = None
    team: str | None = None
    private: dict[str, str] = field(default_factory=dict)


@dataclass
class ImportReport:
    entries: int
    new: int
    kept: int
    path: Path
    header_row: int = 1
    columns: list[Column] = field(default_factory=list)
    encoding: str | None = None
    new_ids: list[str] = field(default_factory=list)
    titles: int = 0  # rows with something in them above the heading row
    team_size: int | None = None  # players a team, as the event's stages say (Guandan `team_size: 4`)
    uneven: list[tuple[int, int]] = field(default_factory=list)  # (first row, players) of a team of another size

    def lines(self, locale: str) -> list[str]:
        """What was done with the sheet, one line per column, in `locale`."""
        say = _say(locale)
        lines = []
        if self.encoding:
            lines.append(say("encoding", encoding=self.encoding))
        lines.append(say("titles", row=self.header_row, titles=self.titles) if self.titles
                     else say("header", row=self.header_row))
        for column in self.columns:
            use = say(column.note, other=column.other)
            lines.append(say("column", n=column.index + 1, heading=column.heading or say("no_heading"), use=use))
        if self.new_ids:
            lines.append(say("ids", first=self.new_ids[0], last=self.new_ids[-1]))
        if self.team_size:
            lines.append(say("team_size", size=self.team_size))
            lines += [say("team_size_off", row=row, count=count, size=self.team_size) for row, count in self.uneven]
        return lines


def _say(locale: str):
    index = LOCALES.index(locale) if locale in LOCALES else 0
    return lambda key, **params: WORDS[key][index].format(**params)


def _reason(key: str, **params: object) -> dict[str, str]:
    return localised(*(text.format(**params) for text in REASONS[key]))


# --- reading the sheet ---------------------------------------------------------------------------


def read_table(path: Path) -> Table:
    """The sheet's non-blank rows as text: the first worksheet of an .xlsx, or a CSV. Refused with
    a ContentErrors naming the file and the fix: unreadable, hostile, too big, unknown encoding."""
    problems = Problems()
    try:
        return _read_table(path)
    except _SheetRefusal as failure:
        problems.add(failure.code, Mark(path), **failure.params)
    except OSError as exc:  # missing, a folder, no permission
        problems.add("registration-sheet-unreadable", Mark(path), reason=_reason("missing", detail=exc.strerror or exc))
    raise ContentErrors(problems.sorted())


class _SheetRefusal(Exception):
    """The sheet cannot be read, or should not be: a catalogue code, reported on the sheet."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _read_table(path: Path) -> Table:
    size = path.stat().st_size
    with open(path, "rb") as handle:
        magic = handle.read(8)
    if magic.startswith(b"PK\x03\x04") or magic.startswith(b"PK\x05\x06"):
        if size > MAX_SHEET_BYTES:
            raise _SheetRefusal("registration-sheet-too-large", size=_megabytes(size), limit=_megabytes(MAX_SHEET_BYTES))
        return _read_xlsx(path)
    if magic.startswith(b"\xd0\xcf\x11\xe0"):  # OLE: Excel 97-2003, or an encrypted .xlsx
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("xls"))
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("not-xlsx"))
    if size > MAX_SHEET_BYTES:
        raise _SheetRefusal("registration-sheet-too-large", size=_megabytes(size), limit=_megabytes(MAX_SHEET_BYTES))
    return _read_csv(path.read_bytes())


def _megabytes(size: int, unpacked: bool = False) -> dict[str, str]:
    size_text = f"{size / 1024 / 1024:.1f} MB"
    if not unpacked:
        return localised(size_text, size_text, size_text)
    return localised(f"解压后 {size_text}", f"解壓後 {size_text}", f"{size_text} uncompressed")


def _read_xlsx(path: Path) -> Table:
    try:
        with zipfile.ZipFile(path) as archive:
            _check_archive(archive)
        from openpyxl import load_workbook

        with open(path, "rb") as handle:  # a file object: openpyxl does not judge by the file's name
            book = load_workbook(handle, read_only=True, data_only=True, keep_links=False)
            try:
                if not book.worksheets:
                    raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("no-sheet"))
                return _sheet_rows(book.worksheets[0])
            finally:
                book.close()
    except _SheetRefusal:
        raise
    except zipfile.BadZipFile:
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("not-xlsx")) from None
    except MemoryError:
        raise _SheetRefusal("registration-sheet-too-large", size="?", limit=_megabytes(MAX_SHEET_BYTES, True)) from None
    except Exception as exc:  # noqa: BLE001 - a hostile file can make openpyxl fail in any way; never a traceback
        detail = f"{type(exc).__name__}: {exc}"[:200]
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("broken", detail=detail)) from None


def _check_archive(archive: zipfile.ZipFile) -> None:
    """Before openpyxl opens anything: the parts' declared sizes (zipfile never inflates a part
    beyond its declared size: the CRC check fails first); no DTD in any part (entities); and the
    cells, cells a row and shared strings counted, since openpyxl keeps a whole row, and every
    shared string, in memory (one row of a million cells took 18 s and 1 GB)."""
    parts = archive.infolist()
    if len(parts) > MAX_PARTS:
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("parts", count=len(parts)))
    total = sum(part.file_size for part in parts)
    if total > MAX_SHEET_BYTES:
        raise _SheetRefusal("registration-sheet-too-large", size=_megabytes(total, True), limit=_megabytes(MAX_SHEET_BYTES))
    counts = {b"c": 0, b"si": 0}
    for part in parts:
        if part.is_dir():
            continue
        with archive.open(part) as stream:
            carry = b""
            row_cells = 0
            while True:
                chunk = stream.read(1 << 20)
                # NULs out: a UTF-16 or UTF-32 part spells "<!DOCTYPE" and "<c " with them in between
                data = carry + chunk.replace(b"\x00", b"")
                cut = data.rfind(b"<", max(0, len(data) - 64)) if chunk else -1
                body, carry = (data, b"") if cut < 0 else (data[:cut], data[cut:])
                if _DOCTYPE.search(body):
                    raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("doctype", part=part.filename))
                for match in _TAG.finditer(body):
                    name = match.group(1)
                    if name == b"row":
                        row_cells = 0
                        continue
                    counts[name] += 1
                    row_cells += name == b"c"
                    if row_cells > MAX_ROW_CELLS:
                        raise _SheetRefusal("registration-sheet-too-large", size=_count("row", row_cells),
                                          limit=_count("row", MAX_ROW_CELLS))
                    if counts[name] > MAX_CELLS:
                        raise _SheetRefusal("registration-sheet-too-large", size=_count(name.decode(), counts[name]),
                                          limit=_count(name.decode(), MAX_CELLS))
                if not chunk:
                    break


def _count(what: str, count: int) -> dict[str, str]:
    texts = {"c": ("{:,} 个单元格", "{:,} 個儲存格", "{:,} cells"), "si": ("{:,} 个字符串", "{:,} 個字串", "{:,} strings"),
             "row": ("一行 {:,} 个单元格", "一列 {:,} 個儲存格", "{:,} cells in one row")}[what]
    return localised(*(text.format(count) for text in texts))


def _sheet_rows(sheet) -> Table:  # noqa: ANN001 - openpyxl's ReadOnlyWorksheet
    sheet.reset_dimensions()  # a <dimension> of A1:XFD1048576 would pad every row to 16,384 cells
    rows: list[list[str]] = []
    numbers: list[int] = []
    for number, row in enumerate(sheet.iter_rows(max_row=EXCEL_ROWS, max_col=MAX_COLUMNS, values_only=True), 1):
        if row.count(None) == len(row):
            continue  # a blank row (a row far below makes openpyxl yield every row up to it): checked in C
        cells = ["" if value is None else _cell_text(value) for value in row]
        while cells and not cells[-1]:
            cells.pop()
        if not cells:
            continue
        if len(rows) >= MAX_ROWS:
            raise _SheetRefusal("registration-sheet-rows", limit=MAX_ROWS, row=number)
        rows.append(cells)
        numbers.append(number)
    return Table(rows, numbers)


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a phone number read as 13800138000.0
    return str(value).strip()


def _read_csv(raw: bytes) -> Table:
    text, encoding = _decode(raw)
    delimiter = "\t" if encoding == "utf-16" and "\t" in text.split("\n", 1)[0] else ","  # Excel's "Unicode text"
    rows: list[list[str]] = []
    numbers: list[int] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for record in reader:
            cells = [cell.strip() for cell in record[:MAX_COLUMNS]]
            while cells and not cells[-1]:
                cells.pop()
            if not cells:
                continue
            if len(rows) >= MAX_ROWS:
                raise _SheetRefusal("registration-sheet-rows", limit=MAX_ROWS, row=reader.line_num)
            rows.append(cells)
            numbers.append(reader.line_num)  # the line a record ends on: a quoted cell may span lines
    except csv.Error as exc:
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("csv", detail=str(exc)[:200])) from None
    return Table(rows, numbers, ENCODINGS[encoding])


def _decode(raw: bytes) -> tuple[str, str]:
    """UTF-8 (with or without Excel's BOM), UTF-16 with a BOM, else GB18030 (GBK) or Big5 when the
    text reads as Chinese in it. Both legacy encodings accept most byte pairs, so a Big5 file
    decodes as GB18030 without an error — into rare characters: the text must be mostly common
    characters (GB2312 level 1 or Big5 level 1) to be taken. Shift-JIS and the rest are refused."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            pass
    else:
        try:
            return raw.decode("utf-8-sig"), "utf-8"
        except UnicodeDecodeError:
            pass
        for encoding in ("gb18030", "big5"):
            try:
                text = raw.decode(encoding)
            except UnicodeDecodeError:
                continue
            if _plausible(text):
                return text, encoding
    raise _SheetRefusal("registration-encoding")


def _plausible(text: str) -> bool:
    ideographs = [ch for ch in text if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or ch >= "\U00020000"]
    if not ideographs:
        return True
    common = sum(1 for ch in ideographs if _common(ch))
    return common >= 0.8 * len(ideographs)


def _common(ch: str) -> bool:
    """One of the 3,755 most used simplified or 5,401 most used traditional characters."""
    try:
        if 0xB0A1 <= int.from_bytes(ch.encode("gb2312"), "big") <= 0xD7F9:
            return True
    except UnicodeEncodeError:
        pass
    try:
        return 0xA440 <= int.from_bytes(ch.encode("big5"), "big") <= 0xC67E
    except UnicodeEncodeError:
        return False


# --- the columns ---------------------------------------------------------------------------------


def _key(heading: str) -> str:
    """A heading as compared: no spaces, no required-field stars, no trailing colon or note in
    brackets ("姓名（必填）*" is 姓名), lower case."""
    text = re.sub(r"[\s*＊]+", "", heading)
    text = re.sub(r"[（(][^）)]*[）)]$", "", text).rstrip(":：")
    return text.lower()


ALIASES = {_key(name): field_name for field_name, names in COLUMNS.items() for name in names}


def _personal_heading(key: str) -> bool:
    return key in PERSONAL_EXACT or key.replace("_", "").replace("-", "") in PERSONAL_EXACT \
        or any(part in key for part in PERSONAL_PARTS)


def _long_digits(values: list[str]) -> bool:
    filled = [v for v in values if v]
    return bool(filled) and 2 * sum(1 for v in filled if LONG_DIGITS.match(v.replace(" ", ""))) >= len(filled)


def find_header(table: Table, extra: dict[str, str]) -> int:
    """The index in table.rows of the heading row: the first row that names a name column (title
    rows above it are skipped); the first row when none does."""
    named = {_key(h) for h, f in extra.items() if f == "name"}
    for index, row in enumerate(table.rows[:HEADER_SEARCH]):
        keys = {_key(cell) for cell in row}
        if any(ALIASES.get(k) == "name" for k in keys) or keys & named:
            return index
    return 0


def plan_columns(sheet: Path, header: list[str], header_row: int, data: list[list[str]], extra: dict[str, str],
                 problems: Problems) -> list[Column]:
    """What becomes of each column. A personal number (by its heading or its values) goes to the
    private student_id, whatever --map says; the other columns by --map, else by their heading.
    One column per field: a second column of the same field is not used."""
    mapped = {_key(h): f for h, f in extra.items()}
    width = max([len(header), *(len(row) for row in data)])
    columns: list[Column] = []
    personal: list[tuple[int, Column]] = []  # (rank, column): the lowest rank becomes student_id
    for index in range(width):
        heading = header[index] if index < len(header) else ""
        values = [row[index] if index < len(row) else "" for row in data]
        if not heading and not any(values):
            continue  # an empty column between others
        key = _key(heading)
        column = Column(index, heading, note="ignored")
        columns.append(column)
        wanted = mapped.get(key) if key else None
        use = wanted or (ALIASES.get(key) if key else None)
        by_heading = bool(key) and (_personal_heading(key) or ALIASES.get(key) == "student_id")
        digits = _long_digits(values)
        if wanted is not None and wanted not in PRIVATE and (by_heading or digits):
            problems.add("registration-map-refused", Mark(sheet, header_row, index + 1), heading=heading,
                         field=wanted, why=_WHY["heading" if by_heading else "digits"])
            column.note = "refused"
        elif use == "phone":
            column.use, column.note = "phone", "phone"
        elif wanted == "student_id":
            personal.append((0, column))  # the secretary's choice comes first
        elif by_heading:
            personal.append((1 if digits else 2, column))
        elif digits:
            column.note = "student_id_digits"
            personal.append((3, column))
        elif use is not None:
            column.use, column.note = use, use
    if personal:
        _, chosen = min(personal, key=lambda item: (item[0], item[1].index))
        chosen.use = "student_id"
        if chosen.note != "student_id_digits":
            chosen.note = "student_id"
        for _, column in personal:
            if column is not chosen:
                column.note, column.other = "personal_dropped", chosen.index + 1
    taken: dict[str, Column] = {}
    for column in columns:
        if column.use is None:
            continue
        first = taken.setdefault(column.use, column)
        if first is not column:
            column.note, column.other = "duplicate", first.index + 1
    for column in columns:
        if column.active and column.use == "team" and "entry" not in taken:
            column.note = "team_group"
    return columns


_WHY = {
    "heading": localised("它的表头表明是个人号码（学号、身份证号、工号……）", "它的表頭表明是個人號碼（學號、身分證號、工號……）",
                         "its heading says it holds personal numbers (student, ID card or staff numbers)"),
    "digits": localised("它的值是 6 位以上的数字，像个人号码", "它的值是 6 位以上的數字，像個人號碼",
                        "its values are long digit strings, like personal numbers"),
}


def parse_map(items: list[str]) -> dict[str, str]:
    """--map HEADING=FIELD items; a field that is an id, or no field at all, is refused (exit 2)."""
    mapping: dict[str, str] = {}
    fields = ", ".join(FIELDS)
    for item in items:
        heading, equals, wanted = item.partition("=")
        heading, wanted = heading.strip(), wanted.strip().lower()
        if not equals or not heading or not wanted:
            raise ImportRefusal("registration-map-invalid", item=item, fields=fields)
        if wanted in ("id", "entry_id", "entry-id"):
            raise ImportRefusal("registration-map-id", item=item, fields=fields)
        if wanted not in FIELDS:
            raise ImportRefusal("registration-map-invalid", item=item, fields=fields)
        mapping[heading] = wanted
    return mapping


# --- the rows ------------------------------------------------------------------------------------


def registrants(path: Path, table: Table, start: int, columns: list[Column], problems: Problems) -> list[Registrant]:
    """One Registrant per data row (rows after `start`, the heading row's index)."""
    used = {c.use: c.index for c in columns if c.active}
    key_field = "entry" if "entry" in used else "team"
    people = []
    for row, number in zip(table.rows[start + 1:], table.numbers[start + 1:]):
        cells = {name: (row[index] if index < len(row) else "") for name, index in used.items()}
        if not any(cells.values()):
            continue  # nothing in the columns used
        if not cells.get("name"):
            problems.add("registration-no-name", Mark(path, number, 1), row=number)
            continue
        if not cells.get(key_field):
            problems.add("registration-no-entry", Mark(path, number, 1), row=number, name=cells["name"])
            continue
        people.append(Registrant(
            row=number, name=cells["name"], key=cells[key_field],
            captain=cells.get("captain", "").lower() in YES,
            group=cells.get("group") or cells.get("major") or None,
            team=cells.get("team") or None,
            private={k: cells[k] for k in PRIVATE if cells.get(k)},
        ))
    return people


def import_registrations(content: Path, slug: str, sheet: Path, extra_columns: dict[str, str] | None = None,
                         prefix: str | None = None) -> ImportReport:
    """Merge `sheet` into events/<slug>/entries.yaml; raise ContentErrors listing unusable rows,
    ImportRefusal for a slug, --map or --prefix that cannot be used."""
    if not SLUG.fullmatch(slug):  # "../../x" would write outside content/
        raise ImportRefusal("slug-invalid", slug=slug)
    if prefix is not None and not re.fullmatch(r"[A-Za-z]{1,8}", prefix):
        raise ImportRefusal("registration-prefix", prefix=prefix)
    extra = extra_columns or {}
    for heading, wanted in extra.items():
        if wanted in ("id", "entry_id", "entry-id"):
            raise ImportRefusal("registration-map-id", item=f"{heading}={wanted}", fields=", ".join(FIELDS))
        if wanted not in FIELDS:
            raise ImportRefusal("registration-map-invalid", item=f"{heading}={wanted}", fields=", ".join(FIELDS))
    problems = Problems()
    folder = content / "events" / slug
    event_file = folder / "event.yaml"
    if not event_file.is_file():
        problems.add("event-missing", Mark(folder), slug=slug)
        raise ContentErrors(problems.sorted())
    table = read_table(sheet)
    start = find_header(table, extra)
    header = table.rows[start] if table.rows else []
    header_row = table.numbers[start] if table.rows else 1
    present = {_key(h) for h in header}
    for heading in extra:
        if _key(heading) not in present:
            raise ImportRefusal("registration-map-heading", heading=heading, found=", ".join(h for h in header if h))
    columns = plan_columns(sheet, header, header_row, table.rows[start + 1:], extra, problems)
    report = ImportReport(0, 0, 0, folder / "entries.yaml", header_row, columns, table.encoding, titles=start)
    uses = {c.use for c in columns if c.active}
    if not problems.errors and ("name" not in uses or not ({"entry", "team"} & uses)):
        problems.add("registration-columns", Mark(sheet, header_row, 1), found=", ".join(h for h in header if h))
    people = registrants(sheet, table, start, columns, problems) if not problems.errors else []
    seen: dict[str, int] = {}
    for person in people:
        if person.name in seen:
            problems.add("registration-duplicate", Mark(sheet, person.row, 1), name=person.name, first=seen[person.name])
        seen.setdefault(person.name, person.row)
    if problems.errors:
        failure = ContentErrors(problems.sorted())
        failure.report = report  # type: ignore[attr-defined]  # what each column was taken for
        raise failure

    event = load_yaml(event_file, problems)
    if not isinstance(event, YamlMap):
        raise ContentErrors(problems.sorted())
    entries_path = folder / "entries.yaml"
    existing = _existing_entries(event, folder, problems)
    if problems.errors:  # an entries file that cannot be read is never overwritten as if it were empty
        raise ContentErrors(problems.sorted())
    game = GAMES.get(str(event.get("game")))
    letter = prefix or (game.id_prefix if game is not None else Game.id_prefix)

    grouped: dict[str, list[Registrant]] = {}
    for person in people:
        grouped.setdefault(person.key, []).append(person)
    groups = list(grouped.values())
    report.team_size = _team_size(event)
    if report.team_size:
        report.uneven = [(min(p.row for p in members), len(members)) for members in groups
                         if len(members) != report.team_size]
    for members in groups:
        members.sort(key=lambda p: not p.captain)
    matches = _match_existing(groups, existing)
    merged = list(existing)
    ids = _Ids(letter, {str(entry.get("id")) for entry in existing} | _named_in_results(folder, letter))
    new_ids: list[str] = []
    kept = 0
    for number, members in enumerate(groups):
        players = [{"name": p.name, **p.private} if p.private else p.name for p in members]
        known = matches.get(number)
        if known is not None:
            known["players"] = players  # phone numbers and the like may have changed
            kept += 1
            continue
        entry: dict[str, object] = {"id": ids.next(), "players": players}
        group = next((p.group for p in members if p.group), None)
        team = next((p.team for p in members if p.team), None)
        if group:
            entry["group"] = group
        if team:
            entry["name"] = team
        merged.append(entry)
        new_ids.append(str(entry["id"]))
    text = yaml.dump(merged, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, default_flow_style=None, width=120)
    header_text = ("# 参赛名单：由 paibang import 从报名表生成，可手工修改；编号由 paibang 编排，重新导入时按队员保留。\n"
                   "# phone、student_id 等字段不会出现在网站和公告上。\n")
    _write(entries_path, header_text + text)
    _point_event_at(event_file)
    report.entries, report.new, report.kept, report.new_ids = len(merged), len(new_ids), kept, new_ids
    return report


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _team_size(event: YamlMap) -> int | None:
    """Players a team when a stage of the event says so (Guandan's `team_size: 4`: a team's two
    pairs play in the open and the closed room); None when no stage does."""
    stages = event.get("stages")
    if not isinstance(stages, YamlList):
        return None
    sizes = {stage.get("team_size") for stage in stages if isinstance(stage, YamlMap)}
    sizes = {size for size in sizes if isinstance(size, int) and not isinstance(size, bool) and size > 2}
    return max(sizes) if sizes else None


def _match_existing(groups: list[list[Registrant]], existing: list[dict]) -> dict[int, dict]:
    """group index -> the listed entry it updates: the entry with exactly its players, else the
    one sharing most players with it (each entry updated once). Linear in the players."""
    by_players = {frozenset(_names(entry)): entry for entry in existing}
    by_name: dict[str, list[dict]] = {}
    for entry in existing:
        for name in _names(entry):
            by_name.setdefault(name, []).append(entry)
    matches: dict[int, dict] = {}
    claimed: set[int] = set()
    for number, members in enumerate(groups):
        entry = by_players.get(frozenset(p.name for p in members))
        if entry is not None and id(entry) not in claimed:
            matches[number] = entry
            claimed.add(id(entry))
    for number, members in enumerate(groups):
        if number in matches:
            continue
        shared: dict[int, tuple[int, dict]] = {}
        for person in members:
            for entry in by_name.get(person.name, ()):
                if id(entry) not in claimed:
                    count, _ = shared.get(id(entry), (0, entry))
                    shared[id(entry)] = (count + 1, entry)
        if shared:
            _, entry = max(shared.values(), key=lambda item: item[0])
            matches[number] = entry
            claimed.add(id(entry))
    return matches


def _named_in_results(folder: Path, letter: str) -> set[str]:
    """Ids of the form the new ones take that results files name: an entry deleted by hand keeps
    its id, so its results can never pass to a newcomer."""
    pattern = re.compile(rf"(?<![A-Za-z0-9_-]){re.escape(letter)}\d+(?![A-Za-z0-9_-])")
    named: set[str] = set()
    for path in sorted((folder / "results").glob("*.yaml"))[:500]:
        try:
            if path.stat().st_size <= 2 * 1024 * 1024:
                named.update(pattern.findall(path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue
    return named


class _Ids:
    """New entry ids: the letter and a number after the highest already used with that letter,
    so a deleted entry's id is never reused. One step per new entry (`probes` counts them)."""

    def __init__(self, letter: str, used: set[str]) -> None:
        self.letter = letter
        self.used = used
        pattern = re.compile(rf"^{re.escape(letter)}(\d+)$")
        self.number = max((int(m.group(1)) for u in used if (m := pattern.match(u))), default=0)
        self.probes = 0

    def next(self) -> str:
        while True:
            self.number += 1
            self.probes += 1
            candidate = f"{self.letter}{self.number:02d}"
            if candidate not in self.used:
                self.used.add(candidate)
                return candidate


def _existing_entries(event: YamlMap, folder: Path, problems: Problems) -> list[dict]:
    listed = event.get("entries")
    if isinstance(listed, str):
        data = load_yaml(folder / listed, problems) if (folder / listed).is_file() else None
        listed = data.get("entries") if isinstance(data, YamlMap) else data
    if not isinstance(listed, (YamlList, list)):
        return []
    return [_plain(item) for item in listed if isinstance(item, dict)]


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _names(entry: dict) -> list[str]:
    players = entry.get("players")
    if not isinstance(players, list):
        return []
    return [str(p.get("name")) if isinstance(p, dict) else str(p) for p in players]


def _point_event_at(event_file: Path) -> None:
    """Replace event.yaml's `entries:` block by `entries: entries.yaml`, leaving every other line,
    comments included, as the secretary wrote it."""
    lines = event_file.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if re.match(r"entries\s*:", line)), None)
    if start is None:
        lines.append("entries: entries.yaml\n")
    else:
        end = start + 1
        while end < len(lines) and (lines[end].startswith((" ", "\t", "-")) or not lines[end].strip()):
            end += 1
        lines[start:end] = ["entries: entries.yaml\n"]
    _write(event_file, "".join(lines))


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a full disk or a kill mid-write leaves the previous file."""
    temporary = path.with_name(f".{path.name}.paibang-import")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


# --- the command ---------------------------------------------------------------------------------


def run(args: argparse.Namespace, locale: str) -> int:
    """`paibang import EVENT SHEET [--map HEADING=FIELD] [--prefix L]`: 0 done, 1 the sheet or the
    content has errors (nothing written), 2 a usage error (nothing read)."""
    from generator.commands.console import print_problems, words

    try:
        extra = parse_map(args.map)
        report = import_registrations(args.content, args.event, args.sheet, extra, args.prefix)
    except ImportRefusal as refusal:
        print(f"paibang: {refusal.text(locale)}", file=sys.stderr)
        return 2
    except OSError as exc:  # writing entries.yaml or event.yaml: no permission, a full disk
        print(_say(locale)("write_failed", path=exc.filename or args.content, reason=exc.strerror or exc), file=sys.stderr)
        return 1
    except ContentErrors as failure:
        report = getattr(failure, "report", None)
        for line in report.lines(locale) if report is not None else ():
            print(line)
        print_problems(failure.problems, locale, args.content)
        errors = sum(1 for p in failure.problems if not p.warning)
        print(_say(locale)("failed", errors=errors), file=sys.stderr)
        return 1
    for line in report.lines(locale):
        print(line)
    print(words("import_done", locale, entries=report.entries, new=report.new, kept=report.kept, path=report.path))
    return 0
