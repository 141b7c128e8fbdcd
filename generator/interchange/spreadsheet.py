"""An event's results as a spreadsheet (results.xlsx in every build, `paibang export`) and as CSV.

The workbook, any game: per stage a sheet of standings (rank, entry, names, group, every metric
the stage ranks or scores by), a sheet of its rounds' tables (round, table, sides, winner, each
side's metrics), and for duplicate bridge stages a sheet of travellers (board, round, table, NS,
EW, contract, declarer, result, lead, NS score, NS and EW matchpoints or IMPs).

The workbook is read by people (the secretary's spreadsheet, the union office's reports:
spec/outputs.md), so its sheets, headings and yes/no cells are in the event's language; CSV is
for other programs, so its headings are the keys results.json uses ("rank", "wins") and stay
the same in every language.

Byte-reproducible: the document's dates and every zip member's time are a fixed moment (the
event's first date, else 1980-01-01, the earliest a zip can say), never the time of the build, so
two builds of the same content write the same bytes. (openpyxl, which reads these files in the
tests, would stamp both with the time of saving, and is too slow for a build: see xlsx_bytes.)
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import itertools
import re
import struct
import zipfile
import zlib
from collections.abc import Sequence, Set as AbstractSet
from typing import Any

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def _sheet_name(text: str, used: set[str]) -> str:
    """Excel's rules: at most 31 characters, none of []:*?/\\, unique (case-insensitively)."""
    name = re.sub(r"[\[\]:*?/\\]", "_", text)[:31] or "sheet"
    base, n = name, 2
    while name.lower() in used:
        suffix = f" ({n})"
        name, n = base[:31 - len(suffix)] + suffix, n + 1
    used.add(name.lower())
    return name


def _metrics(result: Any, stage_result: Any) -> list[str]:
    from generator.games import GAMES

    game = GAMES[result.event.game]
    names = list(stage_result.stage.rank_by)
    for name in game.metrics_for(stage_result.stage):
        if name not in names:
            names.append(name)
    for standing in stage_result.standings:
        for name in standing.tally.metrics:
            if name not in names:
                names.append(name)
    return names


def _cells(values: Any) -> list[Any]:
    """Each value, a whole float as an int (3.0 as 3), in one comprehension: a call a row."""
    return [int(v) if isinstance(v, float) and v.is_integer() else v for v in values]


# The rows' functions: `raw` leaves numbers as they are, for the workbook, whose sheets write
# 3.0 as 3 themselves (_cell_xml), so _cells there would only cost time; CSV, which has no
# types, needs it.

def standings_rows(result: Any, stage_result: Any, raw: bool = False, yes: str = "yes") -> list[list[Any]]:
    metrics = _metrics(result, stage_result)
    cells = list if raw else _cells
    # A knockout's places given by an earlier stage (`then:`): that stage's id, as results.json's
    # placed_by; the column only where there are such places.
    placed = any(s.placed_by for s in stage_result.standings)
    # Entries withdrawn in this stage or before it (退赛, as the standings' remark and results.json's
    # `withdrawn` say): the column only where there are such entries.
    stage = stage_result.stage.id
    withdrawn = {s.entry.id for s in stage_result.standings if s.entry.withdrawn is not None and s.entry.withdrawn_in(stage)}
    # A stage ranking fields apart (a two-winner Mitchell): each row's field (NS, EW), as
    # results.json's `field`, beside its rank, or two rank 1s read as one field's tie.
    fields = any(s.field for s in stage_result.standings)
    rows: list[list[Any]] = [["rank", *(["field"] if fields else []), "entry", "name", "players", "group", *metrics,
                              "qualified", "prize", *(["placed_by"] if placed else []),
                              *(["withdrawn"] if withdrawn else [])]]
    for s in stage_result.standings:
        entry = s.entry
        # (the place as a number, as results.json gives it, tied entries sharing it: a spreadsheet
        # sorts and counts by it; the pages' "3=" was text there)
        rows.append([s.rank if s.rank is not None else "", *([s.field or ""] if fields else []), entry.id, entry.name or "",
                     entry.player_names, entry.group or "",
                     *cells(map(s.tally.metrics.get, metrics)), yes if s.qualified else "",
                     s.prize.name if s.prize else "", *([s.placed_by or ""] if placed else []),
                     *([yes if entry.id in withdrawn else ""] if withdrawn else [])])
    return rows


def table_rows(stage_result: Any, raw: bool = False, yes: str = "yes") -> list[list[Any]]:
    first_met: dict[str, Any] = {}  # every side's metric names, in the order first met
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            for side in score.sides:
                first_met.update(side.metrics)  # a new name goes last, a known one stays where it is
    names = list(first_met)
    rows: list[list[Any]] = [["round", "table", "side", "entry", "winner", "forfeit", *names]]
    none: dict[str, Any] = {}
    cells = list if raw else _cells
    for round_result in stage_result.rounds:
        number = round_result.number
        for score in round_result.tables:
            table, winner = score.table, score.winner
            metrics = {side.entry: side.metrics for side in score.sides}
            for position, entry in enumerate(table.sides, start=1):
                rows.append([number, table.number, position, entry,
                             yes if winner == entry else "",
                             yes if table.forfeit == entry or score.extra.get("both_absent") else "",
                             *cells(map(metrics.get(entry, none).get, names))])
    return rows


def traveller_rows(result: Any, stage_result: Any, raw: bool = False,
                   travellers: Any = None) -> list[list[Any]] | None:
    """A duplicate stage's travellers as rows, the heading row first (the game's `traveller_rows`,
    from `travellers` when the caller has found the stage's already); None for a stage without
    travellers."""
    from generator.games import GAMES

    if not stage_result.rounds:
        return None
    rows = GAMES[result.event.game].traveller_rows(stage_result.stage, stage_result.rounds, travellers)
    if not rows:
        return None
    return rows if raw else [_cells(row) for row in rows]


_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")


def _csv_cell(value: Any) -> Any:
    """CSV has no types: a text that a spreadsheet program would run as a formula (=, @, or + and
    - not starting a number) is kept text with a leading apostrophe, as OWASP advises."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "@", "+", "-", "\t", "\r") and not _NUMBER.match(value):
        return "'" + value
    return value


def _moment(result: Any) -> dt.datetime:
    dates = getattr(result.event, "dates", None) or []
    day = dates[0] if dates else None
    if day is None or day.year < 1980:
        return dt.datetime(*ZIP_EPOCH)
    return dt.datetime(day.year, day.month, day.day)


# Each column's key (the CSV's heading, results.json's word) -> the UI word the workbook heads
# it with; a metric is headed by its label, as the standings pages head it.
HEADING_WORDS = {
    "rank": "rank", "field": "sheet_field", "entry": "sheet_entry", "name": "sheet_name", "players": "players", "group": "group",
    "qualified": "qualified", "prize": "prize", "placed_by": "sheet_placed_by", "withdrawn": "withdrawn", "round": "round", "table": "table", "side": "sheet_side",
    "winner": "winner", "forfeit": "forfeit", "board": "board", "ns": "ns", "ew": "ew", "contract": "contract",
    "declarer": "declarer", "result": "result", "lead": "lead", "ns_score": "br_ns_score",
    "ns_value": "sheet_ns_value", "ew_value": "sheet_ew_value", "adjusted": "adjusted",
    # a teams board's closed room, after the open room's columns (bridge's words)
    "closed_contract": "br_closed_contract", "closed_declarer": "br_closed_declarer",
    "closed_result": "br_closed_result", "closed_lead": "br_closed_lead", "closed_score": "br_closed_score",
}


def _headed(rows: list[list[Any]], game: Any, t: Any) -> list[list[Any]]:
    """The rows with their heading row in words: `t` is the event's translator (render/i18n's)."""
    from generator.games import metric_of

    def word(key: str) -> str:
        if key in HEADING_WORDS:
            return t(HEADING_WORDS[key])
        try:
            return t.pick(metric_of(game, key).label)
        except KeyError:  # a side's figure that is no standings metric: its key, as CSV says it
            return key

    return [[word(key) for key in rows[0]], *rows[1:]] if rows else rows


# The columns that hold a percentage (the standings' and the tables' `percent`: matchpoint pairs,
# 80分 pairs): shown with two decimals, as the pages show them, so that 75 reads 75.00 beside
# 60.42 (the General format wrote 75).
PERCENT_COLUMNS = frozenset({"percent"})


def workbook_bytes(result: Any, t: Any, travellers_of: dict[str, Any] | None = None) -> bytes:
    """The event's results.xlsx, the same bytes for the same results, in the words of `t` (the
    event's translator, render/i18n.Translator). `travellers_of`: each stage's travellers by its
    id when the caller has them (a build found them for the board pages), else found here."""
    from generator.games import GAMES

    game = GAMES[result.event.game]
    yes = t("sheet_yes")
    used: set[str] = set()
    sheets: list[tuple[str, list[list[Any]]]] = []
    percent: list[set[int]] = []  # each sheet's percentage columns, by their keys, before the words
    for stage_result in result.stages:
        stage = stage_result.stage
        name = stage.name or stage.id
        found = [(name, standings_rows(result, stage_result, raw=True, yes=yes)),
                 (f"{name} {t('sheet_tables')}", table_rows(stage_result, raw=True, yes=yes))]
        travellers = traveller_rows(result, stage_result, raw=True,
                                    travellers=(travellers_of or {}).get(stage.id))
        if travellers:
            found.append((f"{name} {t('sheet_boards')}", travellers))
        sheets += [(_sheet_name(title, used), _headed(rows, game, t)) for title, rows in found]
        percent += [{c for c, key in enumerate(rows[0] if rows else ()) if key in PERCENT_COLUMNS} for _, rows in found]
    return xlsx_bytes(sheets or [(t("sheet_results"), [])], _moment(result), percent)


# --- a minimal Office Open XML workbook --------------------------------------------------------------
# Written directly rather than through openpyxl: a build writes one workbook per event, and
# openpyxl's cell objects cost 30-200 ms an event (a 200-event archive would take seconds longer
# to build); these few parts, with strings inline, are what Excel, LibreOffice and openpyxl need.

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml(text: str) -> str:
    if not text.isprintable():  # no control character is printable; most texts are, and this is quicker
        text = _CONTROL.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


# Stands for a cell's row number until its row puts the number in: a cell is written once for
# its column, not once a row. Never in a cell's XML otherwise (_xml drops control characters).
_ROW = b"\0"


def _cell_xml(start: str, value: Any) -> bytes:
    """A cell in UTF-8 (`start` is `<c r="B`), whole but for its row number (_ROW); b"" for an
    empty one (None or "")."""
    kind = type(value)
    if kind is int:  # the commonest first
        return f'{start}\0"><v>{value}</v></c>'.encode()
    if kind is str:
        if not value:
            return b""
        text = value
    elif value is None or value == "":
        return b""
    elif isinstance(value, bool):
        return f'{start}\0" t="b"><v>{int(value)}</v></c>'.encode()
    elif isinstance(value, int) or isinstance(value, float) and value.is_integer():
        return f'{start}\0"><v>{int(value)}</v></c>'.encode()
    elif isinstance(value, float):
        return f'{start}\0"><v>{value!r}</v></c>'.encode()
    else:
        text = str(value)
    # inline strings are never formulas: a name typed as =… stays text
    return f'{start}\0" t="inlineStr"><is><t xml:space="preserve">{_xml(text)}</t></is></c>'.encode()


# Values whose equals are written alike (3 and 3.0 both as 3), so that a column of them can be
# written a distinct value at a time; True equals 1 but is written as a boolean.
_PLAIN = frozenset({str, int, float, type(None)})


def _two_decimals(cell: bytes) -> bytes:
    """A number's cell in the style of a percentage (cellXfs 1 in styles.xml: the built-in
    number format 2, 0.00); a text's or a boolean's (no `"><v>`) as it is."""
    return cell.replace(b'\0"><v>', b'\0" s="1"><v>', 1)


def _sheet_xml(rows: list[list[Any]], percent: AbstractSet[int] = frozenset()) -> bytes:
    """A worksheet in UTF-8. Bytes throughout: a join of texts widens every ASCII piece to
    the widest (a Chinese name's), and the sheet would still have to be encoded."""
    # A column at a time (a short row's missing cells are None, empty): each distinct value
    # written once, then a lookup a cell in C (zip, set, map, join) — a column repeats its
    # rounds, tables, "yes" and entries, and there are 375,000 cells at 200 events.
    cells = []
    for c, values in enumerate(itertools.zip_longest(*rows)):
        start = f'<c r="{_column(c)}'
        if set(map(type, values)) <= _PLAIN:
            written = {value: _cell_xml(start, value) for value in set(values)}
            if c in percent:
                written = {value: _two_decimals(cell) for value, cell in written.items()}
            cells.append(map(written.__getitem__, values))
        else:
            column = [_cell_xml(start, value) for value in values]
            cells.append(list(map(_two_decimals, column)) if c in percent else column)
    # then a row at a time, from its tags and cells, its number into each of them at once
    tags = [itertools.repeat(b'<row r="\0">'), *cells, itertools.repeat(b"</row>")]
    out = [b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    for r, row in zip(range(1, len(rows) + 1), zip(*tags)):
        out.append(b"".join(row).replace(_ROW, b"%d" % r))
    out.append(b"</sheetData></worksheet>")
    return b"".join(out)


def xlsx_bytes(sheets: list[tuple[str, list[list[Any]]]], moment: dt.datetime,
               percent: Sequence[AbstractSet[int]] = ()) -> bytes:
    """A workbook of named sheets of rows (numbers stay numbers), every zip member and the
    document's dates at `moment`, so the same sheets are the same bytes. `percent`: each
    sheet's columns (0-based) whose numbers are shown with two decimals."""
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
                      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                      for i in range(1, len(sheets) + 1))
            + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
            '</Types>'),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
            '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
            'Target="docProps/core.xml"/></Relationships>'),
        "docProps/core.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>paibang</dc:creator>'
            f'<dcterms:created xsi:type="dcterms:W3CDTF">{stamp}</dcterms:created>'
            f'<dcterms:modified xsi:type="dcterms:W3CDTF">{stamp}</dcterms:modified></cp:coreProperties>'),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
            + "".join(f'<sheet name="{_xml(name)}" sheetId="{i}" r:id="rId{i}"/>' for i, (name, _) in enumerate(sheets, start=1))
            + "</sheets></workbook>"),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                      for i in range(1, len(sheets) + 1))
            + f'<Relationship Id="rId{len(sheets) + 1}" Type="{rel}/styles" Target="styles.xml"/></Relationships>'),
        "xl/styles.xml": (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{main}">'
            '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
            '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
            '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'),
    }
    encoded = {name: text.encode("utf-8") for name, text in parts.items()}
    for i, (_, rows) in enumerate(sheets, start=1):
        encoded[f"xl/worksheets/sheet{i}.xml"] = _sheet_xml(rows, percent[i - 1] if i <= len(percent) else frozenset())
    when = moment.timetuple()[:6] if 1980 <= moment.year <= 2107 else ZIP_EPOCH  # what a zip member's date can say
    return _zip(encoded, when)


# --- the zip around it ------------------------------------------------------------------------------
# Written here, not by zipfile: zipfile's objects, header rewrites and seeks cost over a tenth of
# the workbook's time (nine members an event). The bytes are zipfile's own, field for field (what
# `ZipFile(out, "w").writestr(ZipInfo(name, when), data, compresslevel=DEFLATE_LEVEL)` writes on a
# POSIX system, DEFLATED; tests/test_export.py pins them), so workbooks did not change with it
# (and are now the same bytes when built on Windows, where zipfile says "made on MS-DOS").
# Level 4, not zlib's default 6 (the workbooks' bytes changed with it, once): the 200-event bench
# archive's workbooks deflate in 0.08 s of processor time instead of 0.135 s, for 3.8 % more
# bytes (2.04 MB deflated, was 1.97).
DEFLATE_LEVEL = 4

_FIXED_PARTS = frozenset({"[Content_Types].xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/styles.xml"})


def _deflated(data: bytes) -> tuple[int, bytes]:
    """CRC-32 and raw deflate stream, as zipfile's compressor makes them."""
    packer = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, -15)
    return zlib.crc32(data), packer.compress(data) + packer.flush()


# The parts that depend on nothing but the number of sheets are the same bytes in most events:
# deflated once a process (deflate is a function of its input, so the bytes are those a fresh
# compressor makes).
_deflated_again = functools.lru_cache(maxsize=32)(_deflated)


def _zip(parts: dict[str, bytes], when: tuple[int, ...]) -> bytes:
    if sum(map(len, parts.values())) * 1.05 + 1024 * len(parts) > zipfile.ZIP64_LIMIT or len(parts) >= 0xFFFF:
        return _zip_by_zipfile(parts, when)  # ZIP64 (2 GB), never met by a results workbook
    dos_date = (when[0] - 1980) << 9 | when[1] << 5 | when[2]
    dos_time = when[3] << 11 | when[4] << 5 | when[5] // 2
    out: list[bytes] = []
    directory: list[bytes] = []
    offset = 0
    for name, data in parts.items():
        crc, packed = (_deflated_again if name in _FIXED_PARTS else _deflated)(data)
        encoded = name.encode("ascii")
        # version 2.0, no flags, deflated, time, date, CRC, sizes, name length, no extra field
        fields = struct.pack("<2HL2L2H", dos_time, dos_date, crc, len(packed), len(data), len(encoded), 0)
        local = b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + fields + encoded
        # made by version 2.0 on Unix (3), then as the local header; no comment, disk 0, no
        # internal attributes, rw------- (zipfile's for bytes written), the local header's offset
        directory.append(b"PK\x01\x02\x14\x03\x14\x00\x00\x00\x08\x00" + fields
                         + struct.pack("<3HLL", 0, 0, 0, 0o600 << 16, offset) + encoded)
        out += (local, packed)
        offset += len(local) + len(packed)
    size = sum(map(len, directory))
    end = b"PK\x05\x06" + struct.pack("<4H2LH", 0, 0, len(parts), len(parts), size, offset, 0)
    return b"".join(out + directory + [end])


def _zip_by_zipfile(parts: dict[str, bytes], when: tuple[int, ...]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            member = zipfile.ZipInfo(name, date_time=when)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o600 << 16
            archive.writestr(member, data, compresslevel=DEFLATE_LEVEL)  # (a ZipInfo ignores the archive's)
    return out.getvalue()


def csv_texts(result: Any) -> dict[str, str]:
    """One CSV text per stage (its standings, then its tables, then its travellers, each block
    after an empty line), UTF-8 with a BOM so spreadsheet programs read Chinese right."""
    texts = {}
    for stage_result in result.stages:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        blocks = [standings_rows(result, stage_result), table_rows(stage_result)]
        travellers = traveller_rows(result, stage_result)
        if travellers:
            blocks.append(travellers)
        for index, rows in enumerate(blocks):
            if index:
                writer.writerow([])
            writer.writerows([[_csv_cell(v) for v in row] for row in rows])
        texts[stage_result.stage.id] = "\ufeff" + out.getvalue()
    return texts
