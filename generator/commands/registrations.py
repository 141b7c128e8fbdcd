"""`paibang import SLUG FILE`: registrations from a spreadsheet (.xlsx or .csv) into entries.

Secretaries collect registrations as a sheet, one row per player (seed 000: 组长及成员的姓名，
专业，班级和电话). Columns are recognised by their usual Chinese or English headings (COLUMNS),
or named with --map; the heading row may sit below title rows ("2026年秋季掼蛋赛报名表" merged
across row 1), and is the first row that names a name column. Rows are grouped into entries by
a grouping column (组号/编号) or a team name (队名); the row marked 组长 comes first.

Entry ids are always paibang's own (T01, T02 …, by game): a value of the sheet never becomes an
id, a page address or a line of results.json. A column that looks like a personal number — headed
ID, 学号, 身份证号, 工号 …, or holding long digit strings (+86 138 0013 8000 and 138-0013-8002
too) — goes to the players' private `student_id` field, one headed 电话, 手机, phone … to the
private `phone`, and no --map can make either public. A column mapped to a key site.yaml lists
under `private:` (--map 会员卡号=member_card), or headed as it, goes to that key beside the player,
as a phone does. `import` prints what it did with every column.

The entries are written to events/<slug>/entries.yaml and event.yaml points there
(`entries: entries.yaml`). A rerun updates that file: a row group whose players are the players
of a listed entry (or share players with it) keeps that entry's id, so nothing is duplicated and
results files stay valid; the sheet is that entry's roster, unless results name it: then its
players stay (who played is history, said for each the sheet no longer lists) and the sheet may
add players; its team name and group become the sheet's, each change said in a line (a blank
cell erases nothing; results name entries by id, so they stay valid), unless the secretary
changed them by hand in entries.yaml since: import keeps what it last wrote for each entry in
entries.imported.json (RECORD), and a value that is no longer that one was edited by hand; it is
kept and said, the sheet's not taken unless --take-sheet says so. An entry is known by its
players, not its name: a team renamed with all its players changed is a new entry, and a listed
entry the sheet does not hold is kept, never deleted, and said. New entries are numbered after
the highest id listed or named in a results file, so a deleted entry's id (and its results) is
never given to another.

Hostile or broken sheets are refused with a message, never a traceback: an .xlsx is checked
before it is opened (the uncompressed size of its parts, and no DOCTYPE or ENTITY in its XML),
then read streaming (openpyxl's read-only mode); a CSV is UTF-8, UTF-16, UTF-32, GB18030/GBK or Big5 (the
encoding used is printed), anything else is refused with the fix. The work is linear in the rows.
"""

from __future__ import annotations

import argparse
import bisect
import copy
import csv
import errno
import hashlib
import hmac
import io
import json
import os
import re
import shlex
import stat
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from generator import catalogues
from generator.commands.headings import CONTACT_PARTS, COLUMNS, PERSONAL_PARTS, PHONE_PARTS, YES
from generator.content import sheet_text, snapshot
from generator.content.load import NEVER_PRIVATE, SLUG, private_keys
from generator.content.reader import (PERSONAL_DIGITS, holds_email, holds_personal_number, holds_phone_or_id_card,
                                      invisible, personal_number, phone_number)
from generator.content.yaml_loader import _UNSHOWABLE, YamlList, YamlMap, load_yaml
from generator.desk.store import CoreResolver, line_end, with_newlines
from generator.errors import ALWAYS_PRIVATE, ContentErrors, Mark, Problems, Refusal, SheetRow, system_reason, visible
from generator.games import GAMES, Game
from generator.messages import LOCALES
from generator import seals
from generator.seals import write_durably

FIELDS = tuple(COLUMNS)
PRIVATE = ALWAYS_PRIVATE  # the private fields import writes: the ones every site keeps private
# Headings of personal numbers (compared without spaces, case-insensitively): exact; those
# contained in a heading are headings.PERSONAL_PARTS.
PERSONAL_EXACT = {"id", "idno", "idnumber", "idcard", "studentid", "studentno", "studentnumber", "employeeid",
                  "staffid", "ssn", "passport"}

# Bounds no real registration sheet meets (2,000 entries of 8 players is 16,000 rows).
MAX_SHEET_BYTES = sheet_text.MAX_SHEET_BYTES  # an .xlsx's parts uncompressed, or a CSV file
MAX_ROWS = 100_000  # rows with something in them
MAX_COLUMNS = 200
MAX_PARTS = 10_000  # files inside an .xlsx
EXCEL_ROWS = 1_048_576  # Excel's own last row: a row numbered beyond it is not Excel's
HEADER_SEARCH = 30  # title rows above the heading row, at most
_DOCTYPE = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c|si)[\s>/]")  # a row, a cell, a shared string
MAX_CELLS = 500_000  # cells of the workbook, and shared strings: 50,000 rows of 10 columns (openpyxl reads ~30,000 a second)
MAX_ROW_CELLS = 1_000  # cells in one row (Excel writes a formatted row as one <row>, not 16,384 cells)

# What import last wrote of each entry's team name and group, beside entries.yaml: {"entries":
# {id: {"name": …, "group": …}}}. Without it a rerun cannot tell a name the secretary corrected
# by hand from one the sheet changed, and wrote the sheet's over it. A file of its own, not YAML
# comments in entries.yaml: the secretary edits that file (copies a line, moves an entry, lets an
# editor reformat it) and would carry or lose comments with the values they witness; this one is
# not in the way, and JSON is data only (json.loads makes dicts and strings, nothing runs). It
# holds only values import wrote to entries.yaml, so never one the privacy test kept out
# (_team_cell), and never a hand value. Written by import only, as entries.yaml is (a build
# writes nothing under content/). Missing (entries imported by an older paibang, or the file deleted), a rerun takes the
# sheet's values as before and says each change.
# The players' private fields (phone, student_id) edited by hand were overwritten by the sheet's
# on every rerun (rev34). The record holds, under an entry's "players", a digest of what import
# last wrote of each (_private_digest), never the value: a value of the file whose digest is not
# that one was edited by hand, and is kept and said as a team name is. (The digest sits beside
# entries.yaml, which holds the value itself; it is never output.) The digest is keyed with the
# user's own key (seals.secret: in the user's config folder, never under content/): a plain
# sha256 of a student number was turned back into it in 0.29 s from the record alone (rev38),
# shared with content/ by a secretary who had taken the phones out of entries.yaml. A record
# written under another key (another secretary's computer) cannot be checked here: its private
# values are taken as unrecorded, and one in entries.yaml that differs from the sheet is kept and
# said (record_foreign), never overwritten.
RECORD = "entries.imported.json"
# What import writes there is some 80 bytes an entry: a mass event of 10,000 entries is under a
# megabyte. A larger file is not one it wrote, and is never read whole into memory.
MAX_RECORD_BYTES = 16 * 1024 * 1024
RECORDED = ("name", "group")

ENCODINGS = {"utf-8": "UTF-8", "utf-16": "UTF-16", "utf-32": "UTF-32", "gb18030": "GB18030 (GBK)", "big5": "Big5",
             "cp1252": "Windows-1252 (Latin-1)"}


class ImportRefusal(Refusal):
    """A usage error of `paibang import` (exit 2): a catalogue code and its parameters."""


@dataclass
class Table:
    """A sheet's rows with something in them, as text, and the sheet's row number of each."""

    rows: list[list[str]]
    numbers: list[int]  # the sheet's row (a CSV's line) of each: problems name the row the secretary sees
    encoding: str | None = None  # a CSV's
    separator: str | None = None  # a CSV's (, or a tab): a problem quotes its line; None, a workbook's row
    # A CSV's rows whose record takes more than one line (a quoted cell holding a line break):
    # the row's number (its first line) -> how many lines it takes.
    spanning: dict[int, int] = field(default_factory=dict)
    # A workbook's merged cells: (first row, last row, first column, last column), rows as
    # `numbers` counts them, columns 0-based. None for a CSV, which has lost them.
    merged: list[tuple[int, int, int, int]] | None = None


@dataclass
class Column:
    index: int  # 0-based
    heading: str
    use: str | None = None  # a field of COLUMNS, or None
    note: str = ""  # what was done: the UI word import_column_<note> says it
    other: int | None = None  # the column (1-based) that took this one's field
    # Read into a key site.yaml lists under `private:` (member_card): written beside the player
    # as a phone is, never output, masked where a row is quoted.
    kept: bool = False
    like: str = ""  # the field an unused column's heading names (note "ignored_map"): its --map is said

    @property
    def active(self) -> bool:
        """Read into the entries: not a second column of a field, nor a personal number left out."""
        return self.use is not None and self.note not in ("duplicate", "personal_dropped")

    @property
    def private(self) -> bool:
        """Its cells are phone or personal numbers: kept private when read, masked when a row is
        quoted, and so when left out too (a second column of them, a --map refused)."""
        return self.use in PRIVATE or self.kept or self.note in ("personal_dropped", "refused")


@dataclass
class Registrant:
    row: int
    name: str
    mark: Mark  # the row's name cell: where a problem with this person points
    sheet_row: SheetRow  # how a problem with this person quotes the row
    key: str  # what groups players into one entry (never an id)
    captain: bool = False
    group: str | None = None
    team: str | None = None
    private: dict[str, str] = field(default_factory=dict)
    group_field: str = "group"  # the column `group` was read from: group (班级, 单位 …) or major (专业)

    @property
    def student_id(self) -> str:
        return self.private.get("student_id", "")

    def who(self, namesakes: set[str]) -> str:
        """This person in one import (_who): the name, or name and number for a namesake."""
        return _who(self.name, self.student_id, namesakes)

    def same_as(self, other: Registrant) -> bool:
        """Whether two rows of one name are one person: namesakes are told apart only by two
        different student numbers (a row without one could be either)."""
        return not (self.student_id and other.student_id and self.student_id != other.student_id)


@dataclass
class ImportReport:
    entries: int
    new: int
    kept: int  # listed entries the sheet matched: each keeps its id
    path: Path
    header_row: int = 1
    columns: list[Column] = field(default_factory=list)
    encoding: str | None = None
    new_ids: list[str] = field(default_factory=list)
    titles: int = 0  # rows with something in them above the heading row
    team_size: int | None = None  # players a team, as the event's stages say (Guandan `team_size: 4`)
    # (first row, players, its entry: id and name) of a team of another size
    uneven: list[tuple[int, int, str]] = field(default_factory=list)
    usual: int | None = None  # team_size, else the size nearly every entry has (_usual_size)
    moved: list[tuple[str, str, str]] = field(default_factory=list)  # (person, from entry, to entry)
    dropped: list[str] = field(default_factory=list)  # entries left with no one, removed
    kept_players: list[tuple[str, str]] = field(default_factory=list)  # (person, entry): kept, it has played
    # (name kept, the other name, entry): two names of one student number, or of a phone no one
    # else of the team has, in an entry that has played, taken for one person (_roster_kept)
    same_person: list[tuple[str, str, str]] = field(default_factory=list)
    namesakes: list[tuple[str, list[str]]] = field(default_factory=list)  # (name, the entries of its people)
    updated: int = 0  # of the `kept`, those whose players the sheet changed: a rerun adding one player updates one
    filled: list[int] = field(default_factory=list)  # a CSV's rows whose blank grouping cell took the row above's
    filled_heading: str = ""  # that column's heading
    # (entry: id and name, players, the most another team has, its filled rows) of a team its
    # filled rows make larger than every other (_enlarged)
    enlarged: list[tuple[str, int, int, list[int]]] = field(default_factory=list)
    # (entry id, "name" or "group", as listed ("" none), as the sheet has it) of each listed
    # entry whose team name or group the sheet changed
    details: list[tuple[str, str, str, str]] = field(default_factory=list)
    # (row, person, heading, the row's cell, the entry's, entry: id and name) of each player whose
    # team name or group cell differs from the one the entry takes (_team_cell): not written
    differing: list[tuple[int, str, str, str, str, str]] = field(default_factory=list)
    # (row, person, heading, the cell masked, entry: id and name) of each team name or group cell
    # that looks private, the entry taking no other: not written (_team_cell), once an entry
    withheld: list[tuple[int, str, str, str, str]] = field(default_factory=list)
    # (entry: id and name, whether results name it) of each listed entry the sheet does not hold
    absent: list[tuple[str, bool]] = field(default_factory=list)
    # (entry id, "name" or "group", the value kept ("" none), the sheet's not taken) of each team
    # name or group edited by hand in entries.yaml since import last wrote it (_details_kept)
    by_hand: list[tuple[str, str, str, str]] = field(default_factory=list)
    record_read: bytes | None = None  # RECORD as read, when it was
    # (entry id, player, private key, "changed" or "added") of each phone or student number the
    # sheet changed in a listed entry; (entry id, player, private key) of each edited by hand in
    # entries.yaml since import wrote it, kept (_private_kept). Their values are not said: the
    # terminal may be the projector's.
    private_details: list[tuple[str, str, str, str]] = field(default_factory=list)
    private_by_hand: list[tuple[str, str, str]] = field(default_factory=list)
    # RECORD's private digests were made under another user's key (RECORD's path); then the
    # (entry id, player, private key) of each value kept because it differs from the sheet's
    record_foreign: str = ""
    private_unchecked: list[tuple[str, str, str]] = field(default_factory=list)
    # (entry id, player, "added" or "removed") of each player the sheet adds to or takes out of a
    # listed entry, other than one moved between entries (`moved`)
    roster: list[tuple[str, str, str]] = field(default_factory=list)
    # (RECORD's path, why: a UI word's key or "", the system's reason): taken as absent
    record_unreadable: tuple[str, str, str | dict[str, str]] | None = None
    record_unwritten: tuple[str, str | dict[str, str]] | None = None  # (RECORD's path, the system's reason): not kept

    def lines(self, locale: str) -> list[str]:
        """What was done with the sheet, one line per column, in `locale`."""
        lines = []
        if self.encoding:
            lines.append(catalogues.text("import_encoding", locale, encoding=self.encoding))
        lines.append(catalogues.text("import_titles", locale, row=self.header_row, titles=self.titles) if self.titles
                     else catalogues.text("import_header", locale, row=self.header_row))
        for column in self.columns:
            use = catalogues.text(f"import_column_{column.note}", locale, other=column.other,
                                  field=column.like or column.use or "",
                                  map=_map_item(column.heading, column.like) if column.like else "",
                                  key=_private_key_of(column.heading) or "")
            heading = shown(column.heading) if column.heading else catalogues.text("import_no_heading", locale)
            lines.append(catalogues.text("import_column", locale, n=column.index + 1, heading=heading, use=use))
        if self.filled:
            lines.append(catalogues.text("import_filled_down", locale, heading=shown(self.filled_heading),
                                         rows=_row_ranges(self.filled, locale)))
        if self.new_ids:
            first, last = self.new_ids[0], self.new_ids[-1]  # (one new entry: its id, not "H01–H01")
            lines.append(catalogues.text("import_ids", locale, ids=first if first == last else f"{first}\u2013{last}"))
        if self.team_size:
            lines.append(catalogues.text("import_team_size", locale, size=self.team_size))
        lines += [catalogues.text("import_team_size_off", locale, row=row, count=count, size=self.usual, entry=entry)
                  for row, count, entry in self.uneven]
        lines += [catalogues.text("import_filled_larger", locale, entry=entry, count=count, most=most,
                                  rows=_row_ranges(rows, locale), heading=shown(self.filled_heading))
                  for entry, count, most, rows in self.enlarged]
        lines += [catalogues.text("import_moved", locale, name=name, old=old, new=new) for name, old, new in self.moved]
        lines += [catalogues.text("import_dropped", locale, entry=entry) for entry in self.dropped]
        lines += [catalogues.text("import_kept_player", locale, name=name, entry=entry)
                  for name, entry in self.kept_players]
        lines += [catalogues.text("import_same_person", locale, name=name, other=other, entry=entry)
                  for name, other, entry in self.same_person]
        if self.record_unreadable:
            path, why, reason = self.record_unreadable
            if why:
                reason = catalogues.text(why, locale, reason=reason)
            lines.append(catalogues.text("import_record_unreadable", locale, path=path, reason=reason))
        if self.record_unwritten:
            path, reason = self.record_unwritten
            lines.append(catalogues.text("import_record_unwritten", locale, path=path, reason=reason))
        lines += [catalogues.text(f"import_{key}_{'changed' if old else 'added'}", locale, entry=entry, old=old,
                                  new=new) for entry, key, old, new in self.details]
        lines += [catalogues.text(f"import_{key}_by_hand", locale, entry=entry, new=new,
                                  kept=kept or catalogues.text("import_by_hand_blank", locale))
                  for entry, key, kept, new in self.by_hand]
        lines += [catalogues.text(f"import_private_{how}", locale, entry=entry, name=_said(name), key=key)
                  for entry, name, key, how in self.private_details]
        lines += [catalogues.text("import_private_by_hand", locale, entry=entry, name=_said(name), key=key)
                  for entry, name, key in self.private_by_hand]
        if self.private_unchecked:  # (once: the record is one, each value kept named in it)
            lines.append(catalogues.text("import_private_unchecked", locale, path=self.record_foreign,
                                         kept=", ".join(f"{entry} {_said(name)} {key}"
                                                        for entry, name, key in self.private_unchecked),
                                         entry=self.private_unchecked[0][0]))
        lines += [catalogues.text(f"import_player_{how}", locale, entry=entry, name=_said(name))
                  for entry, name, how in self.roster]
        lines += [catalogues.text("import_cell_differs", locale, row=row, name=name, heading=heading, value=value,
                                  kept=kept, entry=entry) for row, name, heading, value, kept, entry in self.differing]
        lines += [catalogues.text("import_cell_private", locale, row=row, name=name, heading=heading, value=value,
                                  entry=entry) for row, name, heading, value, entry in self.withheld]
        lines += [catalogues.text("import_absent_played" if played else "import_absent", locale, entry=entry)
                  for entry, played in self.absent]
        lines += [catalogues.text("import_namesakes", locale, name=name, count=len(entries),
                                  entries=catalogues.joiner(locale).join(entries)) for name, entries in self.namesakes]
        return lines


def _row_ranges(rows: list[int], locale: str) -> str:
    """Row numbers as runs: 4–6、8–10、12 (a sheet of 40 filled rows said in one line)."""
    runs: list[list[int]] = []
    for row in sorted(rows):
        if runs and row == runs[-1][1] + 1:
            runs[-1][1] = row
        else:
            runs.append([row, row])
    return catalogues.joiner(locale).join(f"{a}–{b}" if b > a else str(a) for a, b in runs)


def _reason(key: str, **params: object) -> dict[str, str]:
    """Why a sheet cannot be read (the `reason` of registration-sheet-unreadable): the UI word sheet_<key>."""
    return catalogues.word(f"sheet_{key.replace('-', '_')}", **params)


# --- reading the sheet ---------------------------------------------------------------------------


def read_table(path: Path) -> Table:
    """The sheet's non-blank rows as text: the first worksheet of an .xlsx, or a CSV. Refused with
    a ContentErrors naming the file and the fix: unreadable, hostile, too big, unknown encoding."""
    problems = Problems()
    try:
        return _read_table(path)
    except _SheetRefusal as failure:
        problems.add(failure.code, Mark(path), **failure.params)
    except OSError as exc:
        code, params = _not_opened(path, exc)
        problems.add(code, Mark(path), **params)
    raise ContentErrors(problems.sorted())


# The common reasons a sheet cannot be opened, each in our words with its own fix: the OS's
# strerror is English whatever the site's language, and the sheet hint's "save it as .xlsx" is the
# wrong fix for a file that is not there.
_NOT_OPENED = {errno.ENOENT: "registration-sheet-not-found", errno.ENOTDIR: "registration-sheet-not-found",
               errno.EACCES: "registration-sheet-denied", errno.EPERM: "registration-sheet-denied",
               errno.EISDIR: "registration-sheet-folder"}


def _not_opened(path: Path, exc: OSError) -> tuple[str, dict[str, object]]:
    """The problem code and parameters of a sheet the OS would not open."""
    code = _NOT_OPENED.get(exc.errno or 0)
    if code is not None:
        return code, {"name": str(path), "folder": str(path.absolute().parent)}
    # Rarer faults (a disk error, a name too long): named by their errno, not the OS's sentence,
    # and not given the unreadable sheet's "save it as .xlsx": the file was never read at all.
    detail = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return "registration-sheet-not-opened", {"name": str(path), "detail": detail}


class _SheetRefusal(Exception):
    """The sheet cannot be read, or should not be: a catalogue code, reported on the sheet."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _open_sheet(path: Path) -> BinaryIO:
    return snapshot.open_regular(path)


def _read_table(path: Path) -> Table:
    # Opened as content is (snapshot.open_regular): a sheet named by a link to a named pipe or a
    # device (/dev/stdin, /dev/zero) is refused, never waited on nor read without end.
    try:
        handle = _open_sheet(path)
    except snapshot.NotRegular as exc:
        if stat.S_ISDIR(exc.mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path)) from None
        raise _SheetRefusal("registration-sheet-unreadable", reason=catalogues.word("file_reason_not_regular")) from None
    with handle:
        size = os.fstat(handle.fileno()).st_size
        magic = handle.read(8)
        if not magic.startswith((b"PK\x03\x04", b"PK\x05\x06", b"\xd0\xcf\x11\xe0")) and size <= MAX_SHEET_BYTES:
            handle.seek(0)
            data = handle.read(MAX_SHEET_BYTES + 1)  # (read here, from the file judged a regular one)
            size = max(size, len(data))
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
    return _read_csv(data)


def _megabytes(size: int, unpacked: bool = False) -> dict[str, str]:
    size_text = f"{size / 1024 / 1024:.1f} MB"
    if not unpacked:
        return dict.fromkeys(LOCALES, size_text)
    return catalogues.word("sheet_size_unpacked", size=size_text)


def _read_xlsx(path: Path) -> Table:
    try:
        with zipfile.ZipFile(path) as archive:
            _check_archive(archive)
            _check_workbook(archive)
        from openpyxl import load_workbook

        with open(path, "rb") as handle:  # a file object: openpyxl does not judge by the file's name
            book = load_workbook(handle, read_only=True, data_only=True, keep_links=False)
            try:
                if not book.worksheets:
                    raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("no-sheet"))
                table = _sheet_rows(book.worksheets[0])
                # openpyxl's read-only mode does not read merged cells: they are read from the sheet's part
                part = getattr(book.worksheets[0], "_worksheet_path", None)
            finally:
                book.close()
        table.merged = _merged_cells(path, part)
        return table
    except _SheetRefusal:
        raise
    except zipfile.BadZipFile:
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("not-xlsx")) from None
    except MemoryError:
        raise _SheetRefusal("registration-sheet-too-large", size="?", limit=_megabytes(MAX_SHEET_BYTES, True)) from None
    except Exception as exc:  # noqa: BLE001 - a hostile file can make openpyxl fail in any way; never a traceback
        detail = f"{type(exc).__name__}: {exc}"[:200]
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("broken", detail=detail)) from None


def _check_workbook(archive: zipfile.ZipFile) -> None:
    """A zip that is no Excel workbook, said in the site's words: an OpenDocument sheet (.ods) or
    any other archive (a .zip renamed), which openpyxl refused with its own English (KeyError:
    "There is no item named '[Content_Types].xml' in the archive")."""
    names = set(archive.namelist())
    if "mimetype" in names and archive.getinfo("mimetype").file_size < 200 and (
            b"opendocument" in archive.read("mimetype")):
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("ods"))
    if "[Content_Types].xml" not in names or not any(name.startswith("xl/") for name in names):
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("zip-not-workbook"))


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


_MERGE = re.compile(rb"""<(?:[A-Za-z_][\w.-]*:)?mergeCell\s[^>]*?\bref\s*=\s*["']([A-Za-z]{1,3}[0-9]{1,7}:[A-Za-z]{1,3}[0-9]{1,7})["']""")


def _merged_cells(path: Path, part: str | None) -> list[tuple[int, int, int, int]]:
    """The worksheet's merged cells, (first row, last row, first column, last column), columns
    0-based: its <mergeCell ref="B3:B6"/> elements, read streaming from `part` (the archive was
    checked before: no DTD, sizes bounded). At most MAX_CELLS of them: a sheet has far fewer."""
    from openpyxl.utils.cell import range_boundaries

    if not part:
        return []
    merged: list[tuple[int, int, int, int]] = []
    with zipfile.ZipFile(path) as archive, archive.open(part.lstrip("/")) as stream:
        carry = b""
        while len(merged) < MAX_CELLS:
            chunk = stream.read(1 << 20)
            data = carry + chunk
            cut = data.rfind(b"<") if chunk else -1
            body, carry = (data, b"") if cut < 0 else (data[:cut], data[cut:])
            for found in _MERGE.finditer(body):
                try:
                    first_column, first_row, last_column, last_row = range_boundaries(found.group(1).decode("ascii"))
                except ValueError:  # a range no sheet has (column XFE): the rows keep their blanks
                    continue
                if first_row and last_row and first_row <= last_row and first_column <= last_column:
                    merged.append((first_row, last_row, first_column - 1, last_column - 1))
            if not chunk:
                break
    return merged


def _count(what: str, count: int) -> dict[str, str]:
    return catalogues.word({"c": "sheet_cells", "si": "sheet_strings", "row": "sheet_row_cells"}[what], count=count)


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
    delimiter = sheet_text.delimiter(text, encoding)
    table = Table([], [], ENCODINGS[encoding], delimiter)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    ended = 0  # the line the record before ended on
    try:
        for record in reader:
            # A row is numbered by the line it starts on, as the secretary finds it; csv's
            # line_num is the line it ends on, further down when a quoted cell holds a line break.
            first, ended = ended + 1, reader.line_num
            cells = [cell.strip() for cell in record[:MAX_COLUMNS]]
            while cells and not cells[-1]:
                cells.pop()
            if not cells:
                continue
            if len(table.rows) >= MAX_ROWS:
                raise _SheetRefusal("registration-sheet-rows", limit=MAX_ROWS, row=first)
            table.rows.append(cells)
            table.numbers.append(first)
            if ended > first:
                table.spanning[first] = ended - first + 1
    except csv.Error as exc:
        raise _SheetRefusal("registration-sheet-unreadable", reason=_reason("csv", detail=str(exc)[:200])) from None
    return table


def _decode(raw: bytes) -> tuple[str, str]:
    """The sheet's text and its encoding (content/sheet_text.py); refused when it has none paibang reads."""
    found = sheet_text.decode(raw)
    if found is None:
        likely = sheet_text.unsure(raw)
        if likely:
            # a short sheet reads as common characters in both GB18030 and Big5, or as Chinese and
            # as Latin names (Ren\u00e9e in Windows-1252 is Ren\u95f2 in GBK): either guess may garble
            # every name, so the secretary is told each and how to save it as UTF-8
            raise _SheetRefusal("registration-encoding-unsure", encodings=" / ".join(ENCODINGS[e] for e in likely))
        raise _SheetRefusal("registration-encoding")
    return found


# --- the columns ---------------------------------------------------------------------------------


def _unshowable(cell: str) -> str | None:
    """A character of `cell` that entries.yaml may not hold: a control or invalid one
    (yaml_loader._UNSHOWABLE) or an invisible formatting one (reader.invisible)."""
    found = _UNSHOWABLE.search(cell)
    return found.group() if found is not None else invisible(cell)


def _cell_mark(sheet: Path, table: Table, line: int, index: int) -> Mark:
    """Where cell `index` (0-based) of a sheet's line is: in a sheet read as text, the character
    it begins at (the caret under the line quoted stands under it); in a workbook, whatever its
    name, its column's number (a workbook has no line to quote), and so in a row of a CSV that
    takes several lines, which is not quoted either (SheetRow.lines)."""
    if table.separator is not None and line not in table.spanning:
        found = sheet_text.lines_of(sheet)  # (decoded once for all the rows a problem names)
        if found is not None and line <= len(found[0]):
            return Mark(sheet, line, sheet_text.cell_column(found[0][line - 1], table.separator, index))
    return Mark(sheet, line, index + 1)


def _quoted(table: Table, line: int, row: list[str], hidden: tuple[int, ...] = ()) -> SheetRow:
    """How a problem quotes `row`, on `line` of `table`: as import read the sheet, with the cells
    of the private columns (`hidden`) masked, and every other cell that looks private."""
    return SheetRow(table.separator, tuple(sorted({*hidden, *_private_cells(row)})), table.spanning.get(line, 1))


def _private_cells(row: list[str]) -> tuple[int, ...]:
    """The cells of a row that are, or hold, a phone or personal number by their look, whatever
    their column: a column left unused holds them too (紧急联系人, mostly 无; a 备注 of
    联系13800138009), and a row taken for the heading row, with none found, is a player's."""
    return tuple(index for index, cell in enumerate(row) if _looks_private(cell))


def _looks_private(text: str) -> bool:
    """Whether a cell is, or holds, a phone or a personal number (reader.py's tests of each)."""
    if sum(map(str.isdecimal, text)) < PERSONAL_DIGITS:  # (most cells: none of them holds one)
        return False
    return personal_number(text) or phone_number(text) or holds_personal_number(text) or holds_phone_or_id_card(text)


def _said(text: str) -> str:
    """A name or a team as a message says it: a phone typed into the 姓名 cell (张三 13800138000)
    is no less a phone there, its digits shown as asterisks, as a quoted row's cell is."""
    return re.sub(r"\d", "*", text) if _looks_private(text) else text


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


def _phone_heading(key: str) -> bool:
    return ALIASES.get(key) == "phone" or any(part in key for part in PHONE_PARTS)


def _contact_heading(key: str) -> bool:
    return any(part in key for part in CONTACT_PARTS)


def _long_digits(values: list[str]) -> bool:
    """Whether most of a column's values are personal numbers: bare digits, or a phone number as
    typed (+86 138 0013 8000, 138-0013-8002), which is no less one for its punctuation."""
    filled = [v for v in values if v]
    return bool(filled) and 2 * sum(1 for v in filled if personal_number(v) or phone_number(v)) >= len(filled)


# A mobile as typed with its punctuation (+86 138 0013 8000, 138-0013-8002): 1 and ten digits,
# 86 before them or not. A number of other punctuation (2013-0105-9988) may be a student number.
_MOBILE = re.compile(r"(?:86)?1[3-9]\d{9}")


def _phones(values: list[str]) -> bool:
    """Whether most of a column's values are phone numbers by their look (a heading no one knows):
    a mobile, or any number written with + or an area code in brackets. They go to the private
    phone, not student_id, which import reads to tell two people of the same name apart."""
    filled = [v for v in values if v]
    return bool(filled) and 2 * sum(1 for v in filled if phone_number(v) and (
        "+" in v or "(" in v or "（" in v or _MOBILE.fullmatch(re.sub(r"\D", "", v)) is not None)) >= len(filled)


def find_header(table: Table, extra: dict[str, str]) -> int:
    """The index in table.rows of the heading row: the first row that names a name column (title
    rows above it are skipped); the first row when none does."""
    named = {_key(h) for h, f in extra.items() if f == "name"}
    for index, row in enumerate(table.rows[:HEADER_SEARCH]):
        keys = {_key(cell) for cell in row}
        if any(ALIASES.get(k) == "name" for k in keys) or keys & named:
            return index
    return 0


def plan_columns(sheet: Path, table: Table, start: int, extra: dict[str, str], problems: Problems,
                 kept: tuple[str, ...] = ()) -> list[Column]:
    """What becomes of each column. A personal number (by its heading or its values) goes to the
    private student_id, a phone (by its heading) to the private phone, whatever --map says; the
    other columns by --map, else by their heading. A column mapped to a key of `kept` (the keys
    site.yaml lists under `private:`, site_private_fields), or headed as one, is that key: the
    site has said it is private, so a card number or a wechat is kept there, not refused.
    One column per field: a second column of the same field is not used."""
    header, header_row, data = table.rows[start], table.numbers[start], table.rows[start + 1:]
    quoted = _quoted(table, header_row, header)
    mapped = {_key(h): f for h, f in extra.items()}
    width = max([len(header), *(len(row) for row in data)])
    columns: list[Column] = []
    personal: list[tuple[int, Column]] = []  # (rank, column): the lowest rank becomes student_id
    kept_keys = {_key(name): name for name in kept}
    for index in range(width):
        heading = header[index] if index < len(header) else ""
        values = [row[index] if index < len(row) else "" for row in data]
        if not heading and not any(values):
            continue  # an empty column between others
        key = _key(heading)
        column = Column(index, heading, note="ignored")
        columns.append(column)
        wanted = mapped.get(key) if key else None
        if wanted is not None and wanted not in FIELDS:
            wanted = _site_key(wanted, kept) or wanted  # (--map 会员卡号=membercard: the site's MemberCard)
        if wanted in kept or (wanted is None and key in kept_keys):
            # Before the tests of phones and personal numbers below: they keep a public field
            # from such a column, and this one is private by site.yaml's word.
            column.use, column.note, column.kept = wanted or kept_keys[key], "private_field", True
            continue
        use = wanted or (ALIASES.get(key) if key else None)
        if use is None and key and _phone_heading(key):
            use = "phone"  # 联系人电话, 手机号（微信同号）: what the refusal below says becomes of them
        by_heading = bool(key) and (_personal_heading(key) or ALIASES.get(key) == "student_id")
        digits = _long_digits(values)
        if wanted is not None and wanted not in PRIVATE and bool(key) and _phone_heading(key):
            # --map 联系电话=group put the phones in every entry page, results.json and the search.
            problems.add("registration-map-phone", _cell_mark(sheet, table, header_row, index), sheet_row=quoted,
                         heading=shown(heading), field=wanted)
            column.note = "refused"
        elif wanted is not None and wanted not in PRIVATE and (
                (contact := bool(key) and _contact_heading(key)) or any(holds_email(v) for v in values)):
            # --map email=group put wang1@example.com on every entry and player page, results.json
            # and the search, and --map 家庭住址=group a home address (rev34). One address in the
            # column is one too many: the build refuses it in a public field (text-looks-email).
            problems.add("registration-map-contact", _cell_mark(sheet, table, header_row, index), sheet_row=quoted,
                         heading=shown(heading), field=wanted,
                         why=catalogues.word("import_contact_heading" if contact else "import_contact_values"))
            column.note = "refused"
        elif wanted is not None and wanted not in PRIVATE and (by_heading or digits):
            problems.add("registration-map-refused", _cell_mark(sheet, table, header_row, index), sheet_row=quoted,
                         heading=shown(heading),
                         field=wanted,
                         why=catalogues.word("import_personal_heading" if by_heading else "import_personal_digits"))
            column.note = "refused"
        elif use == "phone":
            column.use, column.note = "phone", "phone"
        elif wanted == "student_id":
            personal.append((0, column))  # the secretary's choice comes first
        elif by_heading:
            personal.append((1 if digits else 2, column))
        elif digits and _phones(values):
            column.use, column.note = "phone", "phone"
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
        elif column.note == "ignored" and column.heading and not _looks_private(column.heading) \
                and not _contact_heading(_key(column.heading)) and (like := _looks_like(column.heading, set(taken))):
            column.note, column.like = "ignored_map", like
        elif column.note == "ignored" and not _looks_private(column.heading) and _private_key_of(column.heading) \
                and not _fields_named(column.heading) and not _row_count([row[column.index] if column.index < len(row) else "" for row in data]):
            # 会员卡号, a club's own number: left out without a word, the secretary did not learn
            # that a key site.yaml lists under `private:` keeps it (in content/, on no page). Not
            # said of a column counting the rows (序号): nothing of anyone's to keep; nor of one
            # naming a field paibang reads (队长姓名, Team Name): a name or a team, not a private value.
            column.note = "ignored_private"
    return columns


def _row_count(values: list[str]) -> bool:
    """Whether a column's values, the blank ones aside, count 1, 2, 3 … (a 序号 column)."""
    written = [value.strip() for value in values if value.strip()]
    return bool(written) and written == [str(n) for n in range(1, len(written) + 1)]


def _private_key_of(heading: str) -> str | None:
    """The key an unused column would be kept under if site.yaml listed it under `private:`
    (its heading, spaces and a bracketed note left out); None when no such key could be one
    import writes (site_private_fields): not a key of letters, or one paibang reads itself."""
    key = re.sub(r"[（(][^）)]*[）)]$", "", re.sub(r"[\s*＊]+", "", heading)).rstrip(":：")
    if not re.fullmatch(r"[^\W\d][\w-]*", key) or key.casefold() in (*PRIVATE, *FIELDS, *NEVER_PRIVATE, "group") \
            or _key(key) in ALIASES:
        return None
    return key


# The fields an unused column's heading may name inside other words (所属学院, 参赛队名, 学生姓名):
# not captain (队长姓名 holds names, not marks), nor phone or student_id, which a heading holding
# their words takes already (PHONE_PARTS, PERSONAL_PARTS).
HINTED = ("name", "entry", "team", "group", "major")


def _looks_like(heading: str, taken: set[str]) -> str | None:
    """The field an unused column's heading names, when exactly one field has a usual heading
    inside it (a Chinese one of two characters or more anywhere in it, an English one as a word
    of it) and that field is one of HINTED that no column has taken. "team name" names two,
    队长姓名 a captain's and a name's: nothing is said of them."""
    found = _fields_named(heading)
    wanted = found.pop() if len(found) == 1 else None
    return wanted if wanted in HINTED and wanted not in taken else None


def _fields_named(heading: str) -> set[str]:
    """The fields whose usual heading is inside `heading` (_looks_like's rule)."""
    key, words = _key(heading), set(re.findall(r"[a-z]+", heading.lower()))
    return {wanted for wanted, aliases in COLUMNS.items() for alias in aliases
            if (alias in words if alias.isascii() else len(alias) > 1 and _key(alias) in key)}


def _map_item(heading: str, wanted: str) -> str:
    """`heading=wanted` as typed after --map, quoted for the shell when the heading needs it. A
    heading holding a control character (an escape sequence a hostile sheet writes there) is
    written in the shell's $'…' with that character as its escape: the command can still be
    copied, and a terminal shows it rather than acts on it."""
    item = f"{heading}={wanted}"
    if visible(item) != item:
        return "$'" + "".join(_escaped(char) for char in item) + "'"
    return shlex.quote(item) if re.search(r"""[\s'"$`\\!*?;&|<>()\[\]{}#~]""", item) else item


def _escaped(char: str) -> str:
    """One character inside bash's or zsh's $'…': itself, or its escape (\\x1b, \\u202e; past
    U+007F a \\u escape, which means the character, where \\x would mean a byte)."""
    if char in "\\'":
        return "\\" + char
    if visible(char) == char:
        return char
    return f"\\x{ord(char):02x}" if ord(char) < 0x80 else f"\\u{ord(char):04x}"


def shown(heading: str) -> str:
    """A heading of the sheet as import's report and messages show it: asterisks when it is, or
    holds, a phone or personal number (a sheet without a heading row has a player's row taken
    for it: 13800138000 is not a heading to print), else made visible (errors.visible: an escape
    sequence in a hostile sheet's heading is shown, not acted on by the terminal)."""
    return "*" * len(heading) if _looks_private(heading) else visible(heading)


def _shown_item(item: str) -> str:
    """A --map item as a refusal shows it: its heading as `shown` shows it."""
    heading, equals, wanted = item.partition("=")
    return f"{shown(heading)}{equals}{visible(wanted)}"


def parse_map(items: list[str]) -> dict[str, str]:
    """--map HEADING=FIELD items; a field that is an id, or nothing that can be a key, is refused
    (exit 2). Whether it is a field is import_registrations's to say: a key site.yaml lists under
    `private:` is one, and the site is not read here."""
    mapping: dict[str, str] = {}
    fields = ", ".join(FIELDS)
    for item in items:
        heading, equals, wanted = item.partition("=")
        heading, wanted = heading.strip(), wanted.strip().lower()
        if not equals or not heading or not wanted:
            raise ImportRefusal("registration-map-invalid", item=_shown_item(item), fields=fields)
        if wanted in ("id", "entry_id", "entry-id"):
            raise ImportRefusal("registration-map-id", item=_shown_item(item), fields=fields)
        if not re.fullmatch(r"[a-z_][a-z0-9_-]*", wanted):
            raise ImportRefusal("registration-map-invalid", item=_shown_item(item), fields=fields)
        mapping[heading] = wanted
    return mapping


# --- the rows ------------------------------------------------------------------------------------


# The fields whose cell a secretary merges across a team's rows in Excel: the grouping, the team's
# name and its college or class. A merged cell's value is its first row's; the rows below are blank.
MERGED_FIELDS = ("entry", "team", "group", "major")


def registrants(path: Path, table: Table, start: int, columns: list[Column], problems: Problems,
                filled: list[int] | None = None, team_size: int | None = None) -> list[Registrant]:
    """One Registrant per data row (rows after `start`, the heading row's index). A problem
    quoting a row shows its private cells masked (SheetRow) and points at the cell at fault.

    Merged cells: in a workbook, a merged cell of MERGED_FIELDS gives its value to every row of
    its range, as Excel shows it. A CSV has lost its merges: a row with a name and a blank
    grouping cell, directly below a row of a team, is that team's, and its row is added to
    `filled` (said in import's report). Why fill rather than refuse: Excel's own layout of a
    sign-up sheet merges 队名 and 学院 over each team's rows, and saving it as CSV leaves every
    row but a team's first blank there; a refusal sends the secretary to unmerge and fill 40
    cells by hand to get what the sheet already says.

    The risk is a person whose team was left out joined to the team above, a team of four made
    five, with nothing but one line of filled rows to say so. So a blank is filled only where it
    can be what a merged cell leaves, and never beyond the team's size when a stage sets one:
    - below a team whose grouping cell is written on its first row only: a merged cell keeps its
      value in its first row, so below a team written on every row (红队 ×4, then `,钱七`) a
      blank is a team left out, not a merge (registration-not-filled);
    - while the team has fewer players than the stage's `team_size` (Guandan's teams of four):
      the fifth row below a merged 红队 is someone else's (registration-not-filled).
    Both refusals say what to write for either answer; a size is not guessed from the sheet
    here (bridge teams are four to six, and a team of six merged is right), but a team its fills
    make larger than every other is named in import's report (ImportReport.enlarged), as one
    of another size than the usual is (import_team_size_off). A blank grouping cell with no
    team directly above it (the first row, a row after a blank line) is still
    registration-no-entry; so is one in a workbook, where a blank that is not merged is a blank."""
    used = {c.use: c.index for c in columns if c.active}
    hidden = tuple(c.index for c in columns if c.private)
    # The private fields read, as written beside each player: phone, student_id, then the site's own.
    private_fields = (*PRIVATE, *(c.use for c in columns if c.active and c.kept and c.use))
    headings = {c.use: c.heading for c in columns if c.active}
    key_field = "entry" if "entry" in used else "team"
    key_heading = shown(next(c.heading for c in columns if c.active and c.use == key_field)) if key_field in used else ""
    merged = _merged_lookup(table, [used[f] for f in MERGED_FIELDS if f in used])
    people: list[Registrant] = []
    # The last row read into a team: the line it ends on, its key, and on how many rows of the
    # team's run of rows down to it the key is written (a merged cell's: one, its first).
    above: tuple[int, str, int] | None = None
    players: Counter[str] = Counter()  # by key, so far
    for row, number in zip(table.rows[start + 1:], table.numbers[start + 1:]):
        cells = {name: _as_text(row[index] if index < len(row) else "") for name, index in used.items()}
        quoted = _quoted(table, number, row, hidden)
        if not any(cells.values()):
            above = None
            continue  # nothing in the columns used
        # A character no page, feed or terminal can show (a NUL, an escape), or an invisible
        # formatting one (a bidi override U+202E that shows a name reversed, a zero-width space:
        # reader.invisible), said here with its cell: written into entries.yaml, it would be
        # refused by every check after (text-control-char, name-invisible-char).
        unshowable = next(((name, found) for name, cell in cells.items() if (found := _unshowable(cell))), None)
        if unshowable is not None:
            name, found = unshowable
            # (a zero-width space is no control character: said as what it is, invisible)
            code = "registration-invisible-char" if invisible(found) else "registration-control-char"
            problems.add(code, _cell_mark(path, table, number, used[name]), sheet_row=quoted,
                         row=number, heading=shown(headings[name]), char=f"U+{ord(found):04X}")
            above = None
            continue
        # A formula (=A1+B1, =HYPERLINK(…), Lotus's @SUM(1)) is never a name, a team or a group: a
        # CSV keeps the formula's text, a workbook without its value keeps it too, and written into
        # entries.yaml it was a player called =A1+B1 (and a formula again in the site's spreadsheet).
        # (The columns published or used to group: a formula in a phone's column harms no page, and
        # refusing it stopped the import of a sheet whose phones were typed ="138…" to keep them text.)
        formula = next(((name, cells[name]) for name in HINTED if _FORMULA.match(cells.get(name, ""))), None)
        if formula is not None:
            name, cell = formula
            problems.add("registration-formula", _cell_mark(path, table, number, used[name]), sheet_row=quoted,
                         row=number, heading=shown(headings[name]), cell=_said(cell.splitlines()[0][:40]))
            above = None
            continue
        # A name or a team on two lines (Alt+Enter in the cell): every page shows it on one, and a
        # list of players or a draw sheet cannot tell one name from two.
        broken = next((name for name in ("name", "team", "entry") if _LINE_BREAK.search(cells.get(name, ""))), None)
        if broken is not None:
            problems.add("registration-line-break", _cell_mark(path, table, number, used[broken]), sheet_row=quoted,
                         row=number, heading=shown(headings[broken]))
            above = None
            continue
        for name in MERGED_FIELDS:
            if name in used and not cells[name] and (value := merged(number, used[name])):
                cells[name] = value
        if not cells.get("name"):
            problems.add("registration-no-name", _cell_mark(path, table, number, used["name"]), sheet_row=quoted,
                         row=number)
            above = None
            continue
        if _looks_private(cells["name"]):  # (the row still read: the team's rows below it are its team's)
            problems.add("registration-name-private", _cell_mark(path, table, number, used["name"]),
                         sheet_row=quoted, row=number, name=_said(cells["name"]))
        filling = not cells.get(key_field) and table.merged is None and above is not None and above[0] == number - 1
        if filling:
            _, team, written = above
            why = None
            if written > 1:
                why = catalogues.word("import_not_filled_written", team=team, heading=key_heading)
            elif team_size and players[team] >= team_size:
                why = catalogues.word("import_not_filled_full", team=team, size=team_size)
            if why is not None:
                problems.add("registration-not-filled", _cell_mark(path, table, number, used[key_field]),
                             sheet_row=quoted, row=number, name=_said(cells["name"]), heading=key_heading,
                             team=_said(team), why=why)
                above = None
                continue
            cells[key_field] = team
            if filled is not None:
                filled.append(number)
        if not cells.get(key_field):
            problems.add("registration-no-entry", _cell_mark(path, table, number, used[key_field]), sheet_row=quoted,
                         row=number, name=_said(cells["name"]))
            above = None
            continue
        key = cells[key_field]
        run = above[2] if above is not None and above[1] == key and above[0] == number - 1 else 0
        above = (number + table.spanning.get(number, 1) - 1, key, run + (not filling))
        players[key] += 1
        people.append(Registrant(
            row=number, name=cells["name"], mark=_cell_mark(path, table, number, used["name"]), sheet_row=quoted,
            key=cells[key_field],
            captain=cells.get("captain", "").lower() in YES,
            group=cells.get("group") or cells.get("major") or None,
            group_field="group" if cells.get("group") else "major",
            team=cells.get("team") or None,
            private={k: cells[k] for k in private_fields if cells.get(k)},
        ))
    return people


# What a spreadsheet reads as a formula: `=…`, Lotus's `@SUM(…)`, and a sign before a letter or
# a bracket (`+A1`, `-SUM(…)`); not a sign before a digit (+86 138 0013 8000 is a phone).
_FORMULA = re.compile(r"\s*(=|@|[+-]\s*[A-Za-z(])")
# ="…": a spreadsheet's way to keep a long number as text (a phone, a student number, 001), which
# a CSV saved from it keeps as written. It is that text.
_TEXT_FORMULA = re.compile(r'\s*="([^"]*)"\s*')


def _as_text(cell: str) -> str:
    found = _TEXT_FORMULA.fullmatch(cell)
    return found[1] if found else cell
_LINE_BREAK = re.compile("[\n\u2028\u2029]")


def _merged_lookup(table: Table, indexes: list[int]) -> Callable[[int, int], str]:
    """(sheet row, column) -> the value of the merged cell covering that cell, "" when none (or
    the cell is its first): over the workbook's merged ranges that cover one of `indexes`. Excel's
    merged ranges never overlap: a column's are found by bisection, whatever their number."""
    by_number = dict(zip(table.numbers, table.rows))
    ranges: dict[int, list[tuple[int, int, int, int]]] = {}
    for first_row, last_row, first_column, last_column in table.merged or ():
        for index in indexes:
            if first_column <= index <= last_column and (last_row > first_row or index > first_column):
                ranges.setdefault(index, []).append((first_row, last_row, first_row, first_column))
    for found in ranges.values():
        found.sort()
    starts = {index: [r[0] for r in found] for index, found in ranges.items()}

    def value(number: int, index: int) -> str:
        found = ranges.get(index)
        if not found:
            return ""
        at = bisect.bisect_right(starts[index], number) - 1
        if at < 0:
            return ""
        first_row, last_row, anchor_row, anchor_column = found[at]
        if not first_row <= number <= last_row or (number, index) == (anchor_row, anchor_column):
            return ""
        anchor = by_number.get(anchor_row, [])
        return anchor[anchor_column] if anchor_column < len(anchor) else ""
    return value


def import_registrations(content: Path, slug: str, sheet: Path, extra_columns: dict[str, str] | None = None,
                         prefix: str | None = None, locale: str = "zh-Hans",
                         take_sheet: list[str] | None = None) -> ImportReport:
    """Merge `sheet` into events/<slug>/entries.yaml (its head comment in `locale`); raise
    ContentErrors listing unusable rows, ImportRefusal for a slug, --map or --prefix that cannot
    be used. `take_sheet` (--take-sheet): the entries whose team name and group are the sheet's
    even where edited by hand ([]: every entry; None: none)."""
    if not SLUG.fullmatch(slug):  # "../../x" would write outside content/
        raise ImportRefusal("slug-invalid", slug=slug)
    if prefix is not None and not re.fullmatch(r"[A-Za-z]{1,8}", prefix):
        raise ImportRefusal("registration-prefix", prefix=prefix)
    extra = extra_columns or {}
    kept = site_private_fields(content)
    fields = ", ".join((*FIELDS, *kept))  # (a refusal lists the site's private keys too: they are fields)
    for heading, wanted in extra.items():
        if wanted in ("id", "entry_id", "entry-id"):
            raise ImportRefusal("registration-map-id", item=_shown_item(f"{heading}={wanted}"), fields=fields)
        if wanted not in FIELDS and _site_key(wanted, kept) is None:
            raise ImportRefusal("registration-map-invalid", item=_shown_item(f"{heading}={wanted}"), fields=fields)
    problems = Problems()
    folder = content / "events" / slug
    event_file = folder / "event.yaml"
    if not event_file.is_file():
        problems.add("event-missing", Mark(folder), slug=slug)
        raise ContentErrors(problems.sorted())
    # The stages' team size, before the rows: a blank team cell is filled no further (registrants).
    # (event.yaml's own problems are said where it is read for the entries, after the sheet's.)
    ahead = load_yaml(event_file, Problems())
    team_size = _team_size(ahead, GAMES.get(str(ahead.get("game")))) if isinstance(ahead, YamlMap) else None
    sheet_text.forget()  # the sheet as it is now, for the carets and the lines problems quote
    sheet_text.know_headings(lambda cell: _key(cell) in ALIASES, locale)  # (a short sheet read in GB18030 or Big5: sheet_text._chosen)
    table = read_table(sheet)
    start = find_header(table, extra)
    header = table.rows[start] if table.rows else []
    header_row = table.numbers[start] if table.rows else 1
    present = {_key(h) for h in header}
    for heading in extra:
        if _key(heading) not in present:
            raise ImportRefusal("registration-map-heading", heading=shown(heading),
                                found=", ".join(shown(h) for h in header if h))
    columns = plan_columns(sheet, table, start, extra, problems, kept) if table.rows else []
    if "group" in private_keys(content):
        # site.yaml withholds the entries' group (load._read_entries): its column is said
        # private, not public, so the secretary is not told a class goes on every page.
        for column in columns:
            if column.active and column.note in ("group", "major"):
                column.note += "_private"
    report = ImportReport(0, 0, 0, folder / "entries.yaml", header_row, columns, table.encoding, titles=start)
    uses = {c.use for c in columns if c.active}
    if not problems.errors and ("name" not in uses or not ({"entry", "team"} & uses)):
        _missing_columns(sheet, table, start, columns, problems)
    people = registrants(sheet, table, start, columns, problems, report.filled, team_size) if not problems.errors else []
    if report.filled:
        report.filled_heading = next(c.heading for c in columns if c.active and c.use == ("entry" if "entry" in uses
                                                                                            else "team"))
    by_name: dict[str, list[Registrant]] = {}
    for person in people:
        earlier = by_name.setdefault(person.name, [])
        twin = next((p for p in earlier if p.same_as(person)), None)
        if twin is not None:
            problems.add("registration-duplicate", person.mark, sheet_row=person.sheet_row, name=_said(person.name),
                         first=twin.row)
        else:
            earlier.append(person)
    # Namesakes (two 王伟 with two student numbers) are two people: within this import each of
    # them is their name and number (`_who`); everyone else is their name, as before.
    namesakes = {name for name, found in by_name.items() if len(found) > 1}
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
    listed_before = copy.deepcopy(existing)  # (the entries are updated in place below)
    # --take-sheet names entries already listed (whose hand edits it overrides): an id the event
    # does not have (a typo, T99) took nothing and said nothing, the secretary left believing it done.
    listed_ids = [str(entry.get("id")) for entry in existing]
    unknown = [i for i in dict.fromkeys(take_sheet or ()) if i not in listed_ids]
    if unknown:
        raise ImportRefusal("registration-take-sheet-unknown", unknown=" ".join(unknown),
                            known=", ".join(listed_ids) or "\u2014")
    record_path = folder / RECORD
    record = _read_record(record_path, report)
    game = GAMES.get(str(event.get("game")))
    letter = prefix or (game.id_prefix if game is not None else Game.id_prefix)

    grouped: dict[str, list[Registrant]] = {}
    for person in people:
        grouped.setdefault(person.key, []).append(person)
    groups = list(grouped.values())
    report.team_size = team_size  # (event.yaml read above for it, the same file)
    size = report.team_size or _usual_size(groups)
    enlarged = _enlarged(groups, set(report.filled))
    # (a team named as enlarged, with its filled rows, is not named again as of another size)
    uneven = [members for members in groups if size and len(members) != size
              and not any(members is team for team, _ in enlarged)]
    report.usual = size
    for members in groups:
        members.sort(key=lambda p: not p.captain)
    matches = _match_existing(groups, existing, namesakes)
    merged = list(existing)
    named = _named_in_results(folder)
    ids = _Ids(letter, {str(entry.get("id")) for entry in existing} | named)
    new_ids: list[str] = []
    kept = updated = 0
    placed: dict[str, tuple[Registrant, dict]] = {}  # each person of the sheet -> the entry it puts them in
    for number, members in enumerate(groups):
        players = [{"name": p.name, **p.private} if p.private else p.name for p in members]
        group = _team_cell([p.group for p in members])
        team = _team_cell([p.team for p in members])
        known = matches.get(number)
        if known is not None:
            _differing(members, (team, group), known, columns, report, namesakes)
            known_id = str(known.get("id"))
            take = take_sheet is not None and (not take_sheet or known_id in take_sheet)
            players, wrote_private = _private_kept(known_id, known.get("players"), players, record.get(known_id),
                                                   report, take)
            if str(known.get("id")) in named:  # it has played: who played in it is history
                players = _roster_kept(known, members, players, report, namesakes)
            changed = known.get("players") != players
            known["players"] = players  # phone numbers and the like may have changed
            details_changed, record[known_id] = _details_kept(known, team, group, report, record.get(known_id), take)
            record[known_id]["players"] = wrote_private
            changed |= details_changed
            updated += changed
            kept += 1
            placed.update((p.who(namesakes), (p, known)) for p in members)
            continue
        entry: dict[str, object] = {"id": ids.next(), "players": players}
        if group:
            entry["group"] = group
        if team:
            entry["name"] = team
        record[str(entry["id"])] = {key: str(entry[key]) for key in RECORDED if key in entry}
        record[str(entry["id"])]["players"] = _private_record(str(entry["id"]), players)
        merged.append(entry)
        new_ids.append(str(entry["id"]))
        _differing(members, (team, group), entry, columns, report, namesakes)
        placed.update((p.who(namesakes), (p, entry)) for p in members)
    merged = _placed_once(merged, placed, named, report, problems, namesakes)
    unmatched = {id(entry) for entry in existing} - {id(entry) for entry in matches.values()}
    # Listed entries the sheet does not hold (a team gone, or renamed with all its players
    # changed, which the sheet then brings as a new entry): kept as they are and said, since
    # only the secretary knows whether one withdrew or was added by hand; one with results is
    # never deleted (withdrawn: keeps its results).
    report.absent = [(_label(entry), str(entry.get("id")) in named) for entry in merged
                     if id(entry) in unmatched and not entry.get("withdrawn")]
    if problems.errors:
        raise ContentErrors(problems.sorted())
    _roster_changes(listed_before, merged, report)
    pointed = event.get("entries") == entries_path.name and entries_path.is_file()
    # An import that changes nothing writes nothing: entries.yaml stays as the secretary left it,
    # byte for byte (it was rewritten whole, and every comment typed in it lost: rev34).
    if not (pointed and merged == listed_before):
        _write(entries_path, _entries_text(entries_path if pointed else None, merged, locale))
    if not pointed:
        _point_event_at(event_file)
    # The record last, and never in the way of the import (a folder of that name, a full disk): the
    # entries are written and listed, the record's loss said. Killed before it, the older record
    # stays, and the next import takes a value the sheet has changed since as edited by hand: kept
    # and said, not lost.
    listed = [str(entry.get("id")) for entry in merged]
    try:
        record_text = json.dumps({"entries": {key: record[key] for key in listed if key in record},
                                  "key": _key_check()},
                                 ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if report.record_read != record_text.encode("utf-8"):  # (an import that changes nothing writes nothing)
            _write(record_path, record_text)
    except OSError as exc:
        reason = system_reason(exc)  # (a full disk in the site's words, not the C library's English)
        report.record_unwritten = (str(record_path), reason[:200] if isinstance(reason, str) else reason)
    report.entries, report.new, report.kept, report.new_ids = len(merged), len(new_ids), kept, new_ids
    report.updated = updated
    report.uneven = [(min(p.row for p in members), len(members), _label(placed[members[0].who(namesakes)][1]))
                     for members in uneven]
    report.enlarged = [(_label(placed[members[0].who(namesakes)][1]), len(members), most,
                        sorted(p.row for p in members if p.row in report.filled)) for members, most in enlarged]
    # said, so that a namesake registered twice by mistake (two numbers typed) is seen
    report.namesakes = [(name, [str(placed[p.who(namesakes)][1].get("id")) for p in by_name[name]])
                        for name in sorted(namesakes, key=lambda n: by_name[n][0].row)]
    return report


def _missing_columns(sheet: Path, table: Table, start: int, columns: list[Column], problems: Problems) -> None:
    """The problem of a sheet lacking the name column, the team column or both: it names only the
    one missing (a sheet headed 单位, 序号, 姓名 … was told it had no 姓名 column, its report
    having just said 第 3 列「姓名」→ 队员姓名). With no team column, a 单位 or 学院 column that
    cuts the rows into runs, as a team's merged cell or a cell written on its first row only
    does, is named as the team's, with the --map that takes it (the hint said --map 列名=name)."""
    header, header_row = (table.rows[start], table.numbers[start]) if table.rows else ([], 1)  # an empty sheet
    uses = {c.use for c in columns if c.active}
    params = {"sheet_row": _quoted(table, header_row, header), "found": ", ".join(shown(h) for h in header if h)}
    mark = Mark(sheet, header_row, 1)
    if "name" not in uses and not {"entry", "team"} & uses:
        problems.add("registration-columns", mark, **params)
        return
    if "name" not in uses:
        problems.add("registration-no-name-column", mark, **params)
        return
    name = next(c.index for c in columns if c.active and c.use == "name")
    rows = [row for row in table.rows[start + 1:] if name < len(row) and row[name]]
    for column in columns:
        if column.active and column.use in ("group", "major") and (teams := _runs(rows, column.index)):
            problems.add("registration-team-column-like", _cell_mark(sheet, table, header_row, column.index),
                         heading=shown(column.heading), teams=teams, map=_map_item(column.heading, "team"), **params)
            return
    problems.add("registration-no-team-column", mark, **params)


def _runs(rows: list[list[str]], index: int) -> int | None:
    """How many teams column `index` makes of the players' rows when it reads as a team's cell:
    each value on one run of adjacent rows, blanks below a value continuing it (a merged cell, or
    one written on a team's first row only), two runs at least, of two rows each on average. None
    when it does not (a value on every row, each different; a value found again further down)."""
    seen: set[str] = set()
    current = None
    for row in rows:
        value = row[index] if index < len(row) else ""
        if not value:
            if current is None:
                return None  # a blank with no team above it
            continue
        if value != current:
            if value in seen:
                return None
            seen.add(value)
            current = value
    runs = len(seen)
    return runs if runs >= 2 and 2 * runs <= len(rows) else None


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _label(entry: dict) -> str:
    """An entry as import's report names it: its id, and its team name when it has one."""
    # (the name as a message says it: a team named with a phone, a 备注 cell taken for its name, is masked)
    return " ".join(str(part) for part in (entry.get("id"), _said(str(entry.get("name") or ""))) if part)


def _team_cell(values: list[str | None]) -> str | None:
    """The one team name or group an entry takes from its players' cells: the value most of
    them hold, the first of equals (the captain's, else the first row's), never one that looks
    private (_looks_private). A team's cells are one value written on each row or on its first
    only; a cell holding something else is a note, an outlier (a 单位 cell of 备注:联系 and a
    phone below a team's blank ones was the first filled, and so its public group). A cell
    holding a phone is not written wherever it is, on a first import or a re-import over a
    group the secretary corrected by hand: the entry keeps what it has, or has none."""
    public = [value for value in values if value and not _looks_private(value)]
    counts = Counter(public)
    return max(public, key=counts.__getitem__) if public else None  # (max: the first of equals)


def _differing(members: list[Registrant], taken: tuple[str | None, str | None], entry: dict, columns: list[Column],
               report: ImportReport, namesakes: set[str]) -> None:
    """Each player whose team name or group cell is written and differs from the one the entry
    takes (`taken`: the team's name and group, _team_cell's, as the caller worked them out), each said: a team has one of each, and the other cell was dropped
    without a word (a 单位 cell below a team's merged cell holding 备注:联系 and a phone; a
    player of another college filled into the team above). A cell that looks private where the
    entry takes none is said once (`withheld`): all the rows of a team named with a phone hold it."""
    headings = {c.use: c.heading for c in columns if c.active}
    read: list[Callable[[Registrant], tuple[str | None, str]]] = [lambda p: (p.team, "team"),
                                                                   lambda p: (p.group, p.group_field)]
    for cell, kept in zip(read, taken):
        withheld: set[str] = set()
        for person in members:
            value, field_name = cell(person)
            if not value or value == kept:
                continue
            heading = shown(headings.get(field_name, ""))
            if kept is not None:
                report.differing.append((person.row, _said(person.name), heading, _said(value), _said(kept),
                                         _label(entry)))
            elif value not in withheld:  # (no value kept: each one written looks private)
                withheld.add(value)
                report.withheld.append((person.row, _said(person.name), heading, _said(value), _label(entry)))


def _details_kept(entry: dict, team: str | None, group: str | None, report: ImportReport,
                  last: dict[str, str] | None, take: bool) -> tuple[bool, dict[str, str]]:
    """The sheet's team name and group (班级, 学院 …) written into a listed entry it matched by its
    players, each change said (`details`); whether any changed, and what import has now last
    written of them (RECORD). A blank on the sheet erases nothing (a name added in entries.yaml
    by hand stays). Results files name entries by id only, so an entry with results takes a
    corrected name or group as any other: its pages say it.

    `last` is what import last wrote of this entry (None: not recorded). A value of the file that
    is not that one was edited by hand since (a misspelt team name the secretary corrected): it is
    kept and said (`by_hand`), the sheet's not taken, unless `take` (--take-sheet). The sheet
    agreeing with the hand's value takes it as import's from then on."""
    changed = False
    wrote = dict(last or {})
    for key, value in (("name", team), ("group", group)):
        if not value:
            continue
        now = entry.get(key)
        if now == value:
            wrote[key] = value
            continue
        if last is not None and now != last.get(key) and not take:
            report.by_hand.append((str(entry.get("id")), key, _said(str(now)) if now is not None else "",
                                   _said(value)))
            continue
        report.details.append((str(entry.get("id")), key, _said(str(now)) if now else "", _said(value)))
        entry[key] = value
        wrote[key] = value
        changed = True
    return changed, wrote


def _read_record(path: Path, report: ImportReport) -> dict[str, dict[str, str]]:
    """RECORD's entries: id -> what import last wrote of its team name and group. {} when there is
    none; one that cannot be used is taken as none and said, never a traceback nor a wait: broken
    by an editor, not JSON, not of its form, nested past what the parser follows, larger than any
    import writes, a link, a named pipe or anything but a regular file of the user's (read as
    init's own_file reads paibang's own files)."""
    from generator.commands.init import own_file

    found = own_file(path, limit=MAX_RECORD_BYTES)
    if found is None:
        return {}
    if not isinstance(found, bytes):  # why, as init says it of a schema; too large: not import's own
        why = "bridge_import_hands_left_changed" if found.why == "changed" else f"schema_left_{found.why}"
        report.record_unreadable = (str(path), why, found.reason)
        return {}
    try:
        data = json.loads(found.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # ([[[…]]] 100,000 deep: RecursionError)
        report.record_unreadable = (str(path), "", str(exc)[:200])
        return {}
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        report.record_unreadable = (str(path), "", "entries")
        return {}
    report.record_read = found
    if data.get("key") != _key_check() and any(isinstance(wrote, dict) and wrote.get("players")
                                               for wrote in entries.values()):
        report.record_foreign = str(path)  # its private digests mean nothing here: left out
    return {str(key): {**{field: value for field, value in wrote.items() if field in RECORDED and isinstance(value, str)},
                       **({"players": _digests(wrote["players"])}
                          if isinstance(wrote.get("players"), dict) and not report.record_foreign else {})}
            for key, wrote in entries.items() if isinstance(wrote, dict)}


def _digests(players: dict) -> dict[str, dict[str, str]]:
    """A record's "players" as import wrote them: name -> private key -> digest; anything else left out."""
    return {str(name): {key: value for key, value in wrote.items() if key != "name" and isinstance(value, str)}
            for name, wrote in players.items() if isinstance(wrote, dict)}


def _record_key() -> bytes:
    """The key RECORD's digests are made under: the user's own (seals.secret), outside content/."""
    return seals.secret()


def _key_check() -> str:
    """RECORD's "key": which key its digests were made under, told apart without giving it away."""
    return hmac.new(_record_key(), b"paibang entries.imported.json", hashlib.sha256).hexdigest()[:16]


def _private_digest(entry_id: str, name: str, key: str, value: object) -> str:
    """What RECORD keeps of a private value import wrote: enough to tell it from another, not the
    value, nor a way to it without the user's key (a year's student numbers, tried one by one)."""
    return hmac.new(_record_key(), f"{entry_id}\0{name}\0{key}\0{value}".encode(), hashlib.sha256).hexdigest()[:16]


def _private_record(entry_id: str, players: list) -> dict[str, dict[str, str]]:
    """RECORD's "players" of an entry as import writes its players: the digest of each private value."""
    return {_player_name(player): {key: _private_digest(entry_id, _player_name(player), key, value)
                                   for key, value in player.items() if key != "name"}
            for player in players if isinstance(player, dict)}


def _private_kept(entry_id: str, listed: object, players: list, last: dict | None, report: ImportReport,
                  take: bool) -> tuple[list, dict[str, dict[str, str]]]:
    """The sheet's players of a listed entry, each listed player's private fields merged in, and
    RECORD's "players" for it (the digests of the sheet's values, what import takes as its own).

    A listed player (by name) keeps the keys the sheet does not give (a wechat typed in by hand;
    a blank on the sheet erases nothing). A phone or student number that differs from the
    sheet's takes the sheet's and is said, unless it was edited by hand since import last wrote
    it (its digest is not the recorded one): then it is kept and said, as a team name is
    (_details_kept), unless `take` (--take-sheet). Without a record of it (an import by an older
    paibang) the sheet's is taken, as it always was, and said."""
    recorded = last.get("players") if last is not None else None
    by_name: dict[str, object] = {}
    for player in listed if isinstance(listed, list) else []:
        by_name.setdefault(_player_name(player), player)
    merged: list = []
    for player in players:
        name = _player_name(player)
        old = by_name.get(name)
        sheet = {key: value for key, value in player.items() if key != "name"} if isinstance(player, dict) else {}
        if not isinstance(old, dict):
            if isinstance(old, str):  # listed without private fields: the sheet's are added
                report.private_details += [(entry_id, name, key, "added") for key in sheet]
            merged.append(player)
            continue
        result = dict(old)  # the listed order of keys, and a key typed in by hand
        for key, value in sheet.items():
            now = old.get(key)
            if now is not None and str(now) == str(value):
                continue
            if now is not None and report.record_foreign and not take:
                # recorded under another key: whether it was edited by hand is not known here,
                # and a value the secretary typed is never overwritten unasked
                report.private_unchecked.append((entry_id, name, key))
                continue
            wrote = (recorded or {}).get(name, {}).get(key)
            if now is not None and recorded is not None and not take \
                    and _private_digest(entry_id, name, key, now) != wrote:
                report.private_by_hand.append((entry_id, name, key))
                continue
            result[key] = value
            report.private_details.append((entry_id, name, key, "changed" if now is not None else "added"))
        merged.append(result)
    return merged, _private_record(entry_id, players)


def _roster_changes(before: list[dict], after: list[dict], report: ImportReport) -> None:
    """Each player the sheet added to or took out of a listed entry, said (report.roster); one
    moved between entries is said as that (report.moved)."""
    moved = {(name, old) for name, old, _ in report.moved} | {(name, new) for name, _, new in report.moved}
    listed = {str(entry.get("id")): entry for entry in before}
    for entry in after:
        entry_id = str(entry.get("id"))
        if entry_id not in listed:
            continue
        was = [_player_name(p) for p in listed[entry_id].get("players") or []]
        now = [_player_name(p) for p in entry.get("players") or []]
        report.roster += [(entry_id, name, "added") for name in now if name not in was and (name, entry_id) not in moved]
        report.roster += [(entry_id, name, "removed") for name in was
                          if name not in now and (name, entry_id) not in moved]


# --- writing entries.yaml ------------------------------------------------------------------------


def _round_trip(offset: int = 0) -> YAML:
    """ruamel's round trip, reading scalars as the content loader does (CoreResolver), in the
    layout import has always written (PyYAML's: a list under a key not indented), or with each
    `- ` indented `offset` columns under its key, as a file the secretary indented so has them."""
    round_trip = YAML(typ="rt")
    round_trip.Resolver = CoreResolver
    round_trip.preserve_quotes = True
    round_trip.width = 4096
    if offset:
        round_trip.indent(mapping=2, sequence=offset + 2, offset=offset)
    return round_trip


def _offset(listed: object, text: str) -> int:
    """How far the file indents its entries' `- ` (`  - id: T01`: 2), 0 when not so or unknown."""
    first = listed[0] if isinstance(listed, CommentedSeq) and listed else None
    if not isinstance(first, CommentedMap):
        return 0
    line, column = first.lc.line, first.lc.col - 2
    found = text.split("\n")[line] if line < text.count("\n") + 1 else ""
    return column if column in (2, 4) and found[:column].strip() == "" and found[column:column + 2] == "- " else 0


def _dumped(value: object) -> str:
    return yaml.dump(value, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, default_flow_style=None, width=120)


def _entries_text(path: Path | None, merged: list[dict], locale: str) -> str:
    """entries.yaml's new text. Written by import before (`path`), it is updated in place through
    ruamel's round trip: every comment the secretary added (a line of its own, or after a value:
    `bye: true  # 上届冠军，轮空`), and every line import does not change, stay as they were; only
    the values that changed are written, and a new entry is added at the end in import's layout.
    First written (or a file ruamel cannot read back as a list of entries), it is written whole."""
    if path is not None:
        try:
            raw = snapshot.read_text(path, newlines=True)  # (a pipe or device there: NotRegular, an OSError)
            document = _round_trip().load(with_newlines(raw))
        except (OSError, UnicodeDecodeError, YAMLError):
            document = None
        listed = document.get("entries") if isinstance(document, CommentedMap) else document
        written = _written_lists(listed, with_newlines(raw)) if isinstance(listed, CommentedSeq) else {}
        if isinstance(listed, CommentedSeq) and _reconciled(listed, merged):
            out = io.StringIO()
            # (the file's own indent kept for a list of entries alone, as import writes it)
            _round_trip(_offset(listed, with_newlines(raw)) if listed is document else 0).dump(document, out)
            return _as_written(out.getvalue(), written).replace("\n", line_end(raw))
    header = "".join(f"# {line}\n" for line in catalogues.text("entries_file_head", locale).splitlines())
    return header + _dumped(merged)


# ruamel writes every list of the file again in its own way: `players: [甲,\n  乙]` typed over two
# lines (a comment after 甲) became one line, its comment lost, and a block list indented under
# its key (`players:\n    - 甲`) moved two columns left, in every entry, changed or not. What the
# secretary typed stays: each entry's list or mapping that import leaves as it was is put back
# as its lines were (_as_written), moved as a whole if ruamel indents the entry otherwise. Only
# a list import changes is written in ruamel's way.
Written = dict[tuple[str, str], tuple[object, int, list[str]]]  # (entry id, key) -> (value, column, lines)


def _written_lists(listed: CommentedSeq, text: str) -> Written:
    """Each entry's list or mapping value as the file has it: its plain value, its key's column
    and its lines (_span). Only for keys on a line of their own (not the entry's first, after `- `)."""
    lines, found = text.split("\n"), {}
    for item in listed:
        if not isinstance(item, CommentedMap):
            continue
        for key, value in item.items():
            if isinstance(value, (CommentedMap, CommentedSeq)):
                line, column = item.lc.key(key)
                if line != item.lc.line:
                    found[(str(item.get("id")), str(key))] = (_as_plain(value), column, _span(lines, line, column))
    return found


def _span(lines: list[str], line: int, column: int) -> list[str]:
    """The lines of the value whose key is at (`line`, `column`): the key's and each after it
    indented further (a flow list's next lines, a block's items) or a block list's `- ` at the
    key's column, blank and comment lines between them; those after its last line left out."""
    end = line + 1
    last = line
    while end < len(lines):
        text = lines[end]
        indent = len(text) - len(text.lstrip(" "))
        if text.strip() and not text.lstrip().startswith("#"):
            if not (indent > column or (indent == column and text.lstrip().startswith("- "))):
                break
            last = end
        end += 1
    return lines[line:last + 1]


def _as_written(dumped: str, written: Written) -> str:
    """ruamel's text of the entries with each list or mapping import left as it was (`written`)
    put back as the secretary wrote it: its key's lines replaced by the file's, shifted by the
    columns ruamel moved the entry. A value changed, or lines that cannot be shifted, keep ruamel's."""
    if not written:
        return dumped
    try:
        document = _round_trip().load(dumped)
    except YAMLError:
        return dumped
    listed = document.get("entries") if isinstance(document, CommentedMap) else document
    lines = dumped.split("\n")
    places = []
    for item in listed if isinstance(listed, CommentedSeq) else ():
        if not isinstance(item, CommentedMap):
            continue
        for key, value in item.items():
            found = written.get((str(item.get("id")), str(key)))
            if found is None or _as_plain(value) != found[0]:
                continue
            line, column = item.lc.key(key)
            if line != item.lc.line:
                places.append((line, column, found))
    for line, column, (_, was, kept) in sorted(places, reverse=True):
        shift = column - was
        moved = [text if not text.strip() else " " * shift + text if shift >= 0 else
                 text[-shift:] if text[:-shift].strip() == "" else None for text in kept]
        if None in moved:
            continue
        lines[line:line + len(_span(lines, line, column))] = moved
    return "\n".join(lines)


def _reconciled(listed: CommentedSeq, merged: list[dict]) -> bool:
    """`listed` (the file's entries, ruamel's) made `merged`, in place; False, untouched, when
    it is not a list of entries by unique ids that `merged` keeps in their order (then the file
    is written whole)."""
    ids = [str(item.get("id")) if isinstance(item, CommentedMap) else None for item in listed]
    wanted = [str(entry.get("id")) for entry in merged]
    if None in ids or len(set(ids)) != len(ids) or len(set(wanted)) != len(wanted):
        return False
    kept = [i for i in ids if i in set(wanted)]
    if wanted[:len(kept)] != kept:
        return False
    for index in reversed(range(len(listed))):
        if ids[index] not in set(wanted):
            del listed[index]  # (ruamel moves the comments of the items after it up with them)
    for entry, item in zip(merged, list(listed)):
        _update_map(item, entry)
    for entry in merged[len(kept):]:
        listed.append(_round_trip().load(_dumped([entry]))[0])
    return True


def _as_plain(value: object) -> object:
    if isinstance(value, dict):
        return {str(k): _as_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_plain(v) for v in value]
    return value


def _update_map(node: CommentedMap, value: dict) -> None:
    """`node` made `value`, changing only what differs (the comments on its lines kept)."""
    for key in [k for k in node if str(k) not in value]:
        del node[key]
    for key, wanted in value.items():
        old = node.get(key)
        if key in node and _as_plain(old) == wanted:
            continue
        if isinstance(old, CommentedMap) and isinstance(wanted, dict):
            _update_map(old, wanted)
        elif isinstance(old, CommentedSeq) and isinstance(wanted, list):
            _update_list(old, wanted)
        else:
            node[key] = _round_trip().load(_dumped({key: wanted}))[key]


def _update_list(node: CommentedSeq, value: list) -> None:
    for index, wanted in enumerate(value):
        if index >= len(node):
            node.append(_round_trip().load(_dumped([wanted]))[0])
        elif _as_plain(node[index]) != wanted:
            if isinstance(node[index], CommentedMap) and isinstance(wanted, dict):
                _update_map(node[index], wanted)
            else:
                node[index] = _round_trip().load(_dumped([wanted]))[0]
    while len(node) > len(value):
        del node[len(node) - 1]


def _enlarged(groups: list[list[Registrant]], filled: set[int]) -> list[tuple[list[Registrant], int]]:
    """The teams holding rows filled from the row above (`filled`) that are larger than every
    other team, each with the most players another team has: a person whose team was left out,
    directly below a merged team, makes it so (registrants). None of one team alone."""
    sizes = sorted(map(len, groups), reverse=True)
    found = []
    for members in groups if len(sizes) > 1 else ():
        most = sizes[1] if len(members) == sizes[0] else sizes[0]
        if len(members) > most and any(p.row in filled for p in members):
            found.append((members, most))
    return found


def _usual_size(groups: list[list[Registrant]]) -> int | None:
    """The size nearly every entry of the sheet has (three in four, of three entries or more),
    when the event's stages set none: a team whose rows carry a mistyped team name or number is
    split in two entries of other sizes (a pair read as two entries of one player). None when
    sizes vary (bridge teams of four to six)."""
    if len(groups) < 3:
        return None
    size, count = Counter(map(len, groups)).most_common(1)[0]
    return size if count * 4 >= len(groups) * 3 else None


def _team_size(event: YamlMap, game: Game | None) -> int | None:
    """Players an entry when a stage of the event says so (the game's `players_per_entry`:
    Guandan's `team_size: 4`); None when no stage does."""
    stages = event.get("stages")
    if game is None or not isinstance(stages, YamlList):
        return None
    sizes = [size for stage in stages
             if isinstance(stage, YamlMap) and (size := game.players_per_entry(stage)) is not None]
    return max(sizes) if sizes else None


def _match_existing(groups: list[list[Registrant]], existing: list[dict], namesakes: set[str]) -> dict[int, dict]:
    """group index -> the listed entry it updates: the entry with exactly its players, else the
    one sharing most players with it (each entry updated once). The best overlaps are matched
    first, over all the sheet's teams (then in the sheet's order): taken team by team, a team
    sharing one player (甲1, moved to a new team listed first) claimed the entry before the team
    holding its other three, which became a new entry while its id and results passed to the
    other. Near linear in the players (the pairs sharing a player, sorted)."""
    by_players = {frozenset(_people(entry, namesakes)): entry for entry in existing}
    by_name: dict[str, list[dict]] = {}
    for entry in existing:
        for name in _people(entry, namesakes):
            by_name.setdefault(name, []).append(entry)
    matches: dict[int, dict] = {}
    claimed: set[int] = set()
    for number, members in enumerate(groups):
        entry = by_players.get(frozenset(p.who(namesakes) for p in members))
        if entry is not None and id(entry) not in claimed:
            matches[number] = entry
            claimed.add(id(entry))
    # (players shared, the team's place on the sheet, the entry's place among those it shares
    # players with, the entry) for every team and listed entry sharing a player
    pairs: list[tuple[int, int, int, dict]] = []
    for number, members in enumerate(groups):
        if number in matches:
            continue
        shared: dict[int, list] = {}
        for person in members:
            for entry in by_name.get(person.who(namesakes), ()):
                if id(entry) not in claimed:
                    shared.setdefault(id(entry), [0, entry])[0] += 1
        pairs += [(count, number, place, entry) for place, (count, entry) in enumerate(shared.values())]
    for _, number, _, entry in sorted(pairs, key=lambda pair: (-pair[0], pair[1], pair[2])):
        if number not in matches and id(entry) not in claimed:
            matches[number] = entry
            claimed.add(id(entry))
    return matches


def _roster_kept(entry: dict, members: list[Registrant], players: list, report: ImportReport,
                 namesakes: set[str]) -> list:
    """The players of an entry that results name, updated by the sheet: its players as listed, in
    their order, each with the sheet's details when the sheet still lists them in it (a phone
    number changed); then the players the sheet adds (a substitute who joined). No listed player
    is removed: one the sheet no longer lists in it stays, and is said (`kept_players`): the entry
    has played, and the sheet cannot say who did; a name that never played (a misspelling
    corrected since) is deleted by hand. A player the sheet puts in another entry is
    _placed_once's refusal.

    A listed player the sheet no longer names, and a player the sheet adds, with the same
    number telling one person (_telling_ids) are one person under two names (曹玉强 listed,
    曹玉墙 mistyped in the sheet): the listed name, the one the entry played under, is kept with
    the sheet's details, and the other name is not added, which gave a team of three a fourth
    player."""
    listed = list(entry.get("players") or [])
    telling = _telling_ids(listed, players)
    from_sheet = {person.who(namesakes): player for person, player in zip(members, players)}
    roster: list = []
    entry_id = str(entry.get("id"))
    for player, who in zip(listed, _people(entry, namesakes)):
        name = _player_name(player)
        if who in from_sheet:
            roster.append(from_sheet.pop(who))
            continue
        known = telling(player)
        same = next((key for key, p in from_sheet.items() if known & telling(p)), None)
        if same is not None:
            sheet_player = from_sheet.pop(same)
            roster.append({**sheet_player, "name": name} if isinstance(sheet_player, dict) else player)
            _same_person(report, name, _player_name(sheet_player), entry_id)
            continue
        roster.append(player)
        report.kept_players.append((name, entry_id))
    for player in from_sheet.values():  # the players the sheet adds; one of a number kept is that one
        twin = next((p for p in roster if telling(player) & telling(p)), None)
        if twin is not None:
            _same_person(report, _player_name(twin), _player_name(player), entry_id)
        else:
            roster.append(player)
    return roster


def _telling_ids(listed: list, sheet: list) -> Callable[[object], set[tuple[str, str]]]:
    """A player's numbers that tell one person, given the entry's listed players and the
    sheet's rows of its team: a student number always; a phone only when no two rows of the team
    on the sheet, nor two listed players, share it. 联系人电话 is often the team's one contact
    number: taken for one person, it made a corrected name (李四 then 李泗) and a substitute one
    player with whoever else had it, and the player who had played was deleted."""
    shared: set[tuple[str, str]] = set()
    for players in (listed, sheet):
        seen: set[tuple[str, str]] = set()
        for player in players:
            phones = {number for number in _private_ids(player) if number[0] == "phone"}
            shared |= phones & seen
            seen |= phones
    return lambda player: _private_ids(player) - shared


def _same_person(report: ImportReport, name: str, other: str, entry: str) -> None:
    if name != other and (name, other, entry) not in report.same_person:
        report.same_person.append((name, other, entry))


def _private_ids(player: object) -> set[tuple[str, str]]:
    """A player's phone and student number (those written); which of them tell one person is
    _telling_ids's to say (a team often shares one contact phone)."""
    if not isinstance(player, dict):
        return set()
    return {(key, str(player[key]).strip()) for key in ("phone", "student_id") if str(player.get(key) or "").strip()}


def _player_name(player: object) -> str:
    return str(player.get("name") if isinstance(player, dict) else player)


def _placed_once(merged: list[dict], placed: dict[str, tuple[Registrant, dict]], named: set[str],
                 report: ImportReport, problems: Problems, namesakes: set[str]) -> list[dict]:
    """`merged` with each person of the sheet in the one entry the sheet puts them in: taken out of
    any other listed entry the sheet did not update (a team imported before under a mistyped team
    name or number, then corrected in the sheet), and that entry dropped once it has no one
    left. A rerun left them there: the same person in two teams, both drawn. An entry that
    results name keeps its players (who played in it is history): then nothing is written, and
    the sheet's row and that entry are named (`named`: the words results files hold)."""
    kept = []
    for entry in merged:
        # (an entry the sheet made or updated holds its own people: none of them moves)
        moving = [who for who in _people(entry, namesakes) if who in placed and placed[who][1] is not entry]
        if not moving:
            kept.append(entry)
            continue
        if str(entry.get("id")) in named:
            for who in moving:
                person, now = placed[who]
                problems.add("registration-in-two-entries", person.mark, sheet_row=person.sheet_row, name=_said(person.name),
                             entry=str(entry.get("id")), now=str(now.get("id")))
            kept.append(entry)
            continue
        for who in moving:
            person, now = placed[who]
            report.moved.append((person.name, str(entry.get("id")), str(now.get("id"))))
        entry["players"] = [p for p, who in zip(entry["players"], _people(entry, namesakes)) if who not in moving]
        if entry["players"]:
            kept.append(entry)
        else:
            report.dropped.append(str(entry.get("id")))
    return kept


def _named_in_results(folder: Path) -> set[str]:
    """Every word results files hold, any entry's id among them: an entry deleted by hand keeps
    its id, so its results can never pass to a newcomer (_Ids takes those of its own form), and
    an entry that results name keeps its players (_placed_once)."""
    pattern = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+(?![A-Za-z0-9_-])")
    named: set[str] = set()
    for path in sorted((folder / "results").glob("*.yaml"))[:500]:
        try:
            named.update(pattern.findall(snapshot.read_regular(path, snapshot.KEEP_AT_MOST).decode("utf-8", "replace")))
        except OSError:  # (unreadable, a pipe or device, larger than the loader reads: the check says so)
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


def _people(entry: dict, namesakes: set[str]) -> list[str]:
    """Who a listed entry's players are, as `_who` says (a namesake by name and number)."""
    players = entry.get("players")
    if not isinstance(players, list):
        return []
    return [_who(str(p.get("name")), str(p.get("student_id") or ""), namesakes) if isinstance(p, dict)
            else _who(str(p), "", namesakes) for p in players]


def _who(name: str, student_id: str, namesakes: set[str]) -> str:
    """A person in one import: their name, or for a namesake of the sheet, name and student number."""
    return f"{name}\n{student_id}" if name in namesakes else name


def _point_event_at(event_file: Path) -> None:
    """Replace event.yaml's `entries:` block by `entries: entries.yaml`, leaving every other line,
    comments included, as the secretary wrote it."""
    lines = snapshot.read_text(event_file).splitlines(keepends=True)
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
    """Whole or not at all: a full disk or a kill mid-write leaves the previous file; a power cut
    once written, the new one."""
    write_durably(path, text.encode("utf-8"))


# --- the command ---------------------------------------------------------------------------------


def site_private_fields(content: Path) -> tuple[str, ...]:
    """The keys site.yaml lists under `private:` that import may write beside a player, from a
    column mapped to one or headed as one (member_card): a club keeps its own numbers there. Not
    phone or student_id (import's own), nor group (an entry's: the group column, withheld by the
    build), nor a field import reads for itself, nor one a key cannot be (a YAML key of letters)."""
    # (a key of letters, of any script and case: 会员卡号 and MemberCard are keys as member_card
    # is, and the build matches them whatever the case, load.private_matches)
    return tuple(key for key in dict.fromkeys(private_keys(content))
                 if key.casefold() not in PRIVATE and key.casefold() != "group" and key.casefold() not in FIELDS
                 and _key(key) not in ALIASES and re.fullmatch(r"[^\W\d][\w-]*", key))  # (学号 is student_id's)


def _site_key(wanted: str, kept: tuple[str, ...]) -> str | None:
    """The key of `kept` (site_private_fields) that --map's `wanted` names, in any case, as
    site.yaml spells it; None when it names none."""
    return next((key for key in kept if key.casefold() == wanted.casefold()), None)


def take_sheet_ids(value: str | None) -> list[str] | None:
    """--take-sheet's value as import_registrations takes it: None not given; [] given alone (every
    entry); else the ids it lists, comma-separated (T01,T02, spaces allowed around them)."""
    if value is None:
        return None
    return [part.strip() for part in value.split(",") if part.strip()]



def run(args: argparse.Namespace, locale: str) -> int:
    """`paibang import EVENT SHEET [--map HEADING=FIELD] [--prefix L]`: 0 done, 1 the sheet or the
    content has errors (nothing written), 2 a usage error (nothing read)."""
    from generator.commands.console import print_problems, terminal

    try:
        extra = parse_map(args.map)
        report = import_registrations(args.content, args.event, args.sheet, extra, args.prefix, locale,
                                      take_sheet_ids(getattr(args, "take_sheet", None)))
    except ImportRefusal as refusal:
        terminal(f"paibang: {refusal.text(locale)}", error=True)
        return 2
    except OSError as exc:  # writing entries.yaml or event.yaml: no permission, a full disk
        terminal(catalogues.text("import_write_failed", locale, path=exc.filename or args.content, reason=system_reason(exc)),
                 error=True)
        return 1
    except ContentErrors as failure:
        report = getattr(failure, "report", None)
        for line in report.lines(locale) if report is not None else ():
            terminal(line)  # (names and team names are the sheet's: shown, never acted on)
        print_problems(failure.problems, locale, args.content)
        errors = sum(1 for p in failure.problems if not p.warning)
        terminal(catalogues.text("import_sheet_failed", locale, errors=errors), error=True)
        return 1
    for line in report.lines(locale):
        terminal(line)
    terminal(catalogues.text("import_done", locale, entries=report.entries, new=report.new, updated=report.updated,
                          unchanged=report.entries - report.new - report.updated, path=report.path))
    return 0
