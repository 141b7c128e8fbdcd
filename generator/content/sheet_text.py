"""A CSV sheet's text as its writer meant it, for `paibang import` and for the excerpt a problem
quotes from it (errors.py): Excel in a Chinese Windows saves CSV in GBK, and a line of it read
as UTF-8 is shown as replacement characters, with the caret nowhere near the cell."""

from __future__ import annotations

import csv
import functools
import io
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from generator.content.wide_text import common_share, wide_codec
from generator.seals import open_if_regular

# an .xlsx's parts uncompressed, or a CSV file: import's bound (registrations.MAX_SHEET_BYTES is this), and
# the bound of a sheet read again to quote a problem's line
MAX_SHEET_BYTES = 50 * 1024 * 1024


def decode(raw: bytes) -> tuple[str, str] | None:
    """(text, encoding): UTF-8 (with or without Excel's BOM), UTF-16 or UTF-32 (with a BOM, or
    without, told by its zero bytes as the bridge import tells them: wide_text.py; the encoding
    said is "utf-16" or "utf-32" either way), else GB18030 (GBK) or Big5 when the text reads as
    Chinese in it, clearly more than in the other (`_legacy`), or Windows-1252 ("cp1252") when it
    reads as Latin names and as Chinese in neither (`_latin`). None for Shift-JIS and the rest,
    and for a sheet that reads as Chinese in both, or as Chinese and as Latin names (`unsure`
    says which)."""
    wide = wide_codec(raw)
    if wide is not None:
        try:
            # (a BOM-less codec keeps a stray BOM: the heading's first cell must not begin with one)
            return raw.decode(wide).lstrip("\ufeff"), wide[:6]
        except UnicodeDecodeError:
            return None
    try:
        return raw.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    readings = _legacy(raw)
    chosen = _chosen(readings)
    latin = _latin(raw)
    if latin is not None:
        # Latin names (Jos\u00e9 M\u00fcller) read as Chinese only into rare characters, or not at all:
        # then Windows-1252; where a Chinese reading is plausible too, neither is guessed (unsure)
        plausible = any(share >= _PLAUSIBLE for share, _, _ in readings)
        return (latin, "cp1252") if not plausible else None
    return (chosen[2], chosen[1]) if chosen is not None else None


def unsure(raw: bytes) -> tuple[str, ...]:
    """The legacy encodings a sheet that `decode` refused reads as names in, likelier first:
    a short sheet may read as common characters both as GB18030 and as Big5, and one is then
    not taken for the other (its names garbled), or as Chinese and as Latin names in
    Windows-1252 (`_latin`), said last; () when it reads as none (Shift-JIS)."""
    if wide_codec(raw) is not None or decode(raw) is not None:
        return ()
    readings = _legacy(raw)
    if not readings or readings[0][0] < _PLAUSIBLE:
        return ()
    chosen = _chosen(readings)
    chinese = (chosen[1],) if chosen is not None else tuple(
        encoding for share, encoding, _ in readings if share >= readings[0][0] - _LEAD)
    # (decode refused a reading it would take: a Latin reading is plausible too, said last)
    return (*chinese, "cp1252") if _latin(raw) is not None else chinese


def know_headings(heading: Callable[[str], bool], locale: str = "") -> None:
    """Tell `decode` which cells are headings of a registration sheet (registrations.ALIASES:
    the import knows them, content does not import it), for a sheet that reads as Chinese in
    both legacy encodings: read in the one whose first lines hold a heading (a heading of two
    characters is two other common characters in the other encoding). Where the headings do not
    tell (English ones, `name,team`, read alike in both), the site's script does: a simplified
    Chinese site's Windows saves GBK, a traditional one's Big5 (rev73: a short GBK sheet headed
    in English, read right before, was refused as unsure in one case of five)."""
    global _heading, _preferred
    _heading = heading
    _preferred = {"zh-Hans": "gb18030", "zh-Hant": "big5"}.get(locale, "")


def _no_heading(cell: str) -> bool:
    return False


_heading: Callable[[str], bool] = _no_heading
_preferred = ""  # the legacy encoding of the site's script (know_headings), "" for none


# The share of common characters (wide_text.common_share) a legacy reading needs, and its lead
# over the other reading: a sheet in one encoding read in the other scored at most 0.75 (Big5
# as GB18030) over a line of the zh catalogues, and up to 1 on a line of a few characters.
_PLAUSIBLE = 0.8
_LEAD = 0.15


def _legacy(raw: bytes) -> list[tuple[float, str, str]]:
    """(share of common characters, encoding, text) for each of GB18030 and Big5 the bytes are
    written in, the best first (GB18030 on a tie). Both accept most byte pairs, so a Big5 sheet
    decodes as GB18030 without an error, into rare and private-use characters: each reading is
    scored, not the first taken (a 3-line Big5 sheet was read as GB18030, headings garbled)."""
    readings = []
    for encoding in ("gb18030", "big5"):
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        readings.append((common_share(text), encoding, text))
    return sorted(readings, key=lambda reading: -reading[0])


# Latin letters with accents as Windows-1252 writes them (\u00c0 \u2026 \u00ff but \u00d7 and \u00f7; \u0160, \u0152, \u017d and
# their small letters, \u0178), and its typography, which neither tells a name nor rules one out
# (\u2019 \u2013 \u20ac \u201c, the no-break space).
_ACCENTED = frozenset(chr(code) for code in range(0xC0, 0x100) if code not in (0xD7, 0xF7)) | frozenset(
    "\u0160\u0161\u0152\u0153\u017d\u017e\u0178")
_TYPOGRAPHY = frozenset("\u00a0\u20ac\u201a\u201e\u2026\u2020\u2021\u2030\u2039\u203a\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122")

# The share of a Windows-1252 reading's other characters (not ASCII, not typography) that must be
# an accented letter on its own in a word of more plain letters than accented ones (Jos\u00e9, Zo\u00eb,
# \u00c5ngstr\u00f6m). Chinese text in GBK read so is pairs of accented letters and symbols (\u738b\u5f3a is
# \u00cd\u00f5\u00c7\u00bf; Team\u738b is Team\u00cd\u00f5), near 0; where a character's second byte is a plain letter,
# its word is no more plain than accented (\u7121 is \u0178o).
_NAME_LIKE = 0.9
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # a control character, but a tab or line break
# an accented letter with no other character above ASCII, typography aside, beside it: GBK
# writes them in pairs
_BESIDE = "[^\\x00-\\x7f" + re.escape("".join(sorted(_TYPOGRAPHY))) + "]"
_ALONE = re.compile(f"(?<!{_BESIDE})[{re.escape(''.join(sorted(_ACCENTED)))}](?!{_BESIDE})")
# a word (letters only) holding a letter above ASCII
_ACCENTED_WORD = re.compile(r"[^\W\d_]*[^\x00-\x7f\W\d_][^\W\d_]*")


def _latin(raw: bytes) -> str | None:
    """The sheet read as Windows-1252 (Excel's "CSV" on a Western-European Windows; Latin-1 too,
    but for its control characters) when it reads as Latin names (`_NAME_LIKE`); None otherwise
    (a byte Windows-1252 does not define, a control character, accented letters in pairs or on
    their own: GBK's Chinese read so). Read as GBK such a sheet was refused (\u00e9 before a comma
    is no GBK character) or its names garbled (Ren\u00e9e as Ren\u95f2)."""
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        return None
    if _CONTROL.search(text):
        return None

    named = 0
    for word in _ACCENTED_WORD.finditer(text):
        letters = word.group()
        if 2 * (len(letters) - len(letters.encode("ascii", "ignore"))) < len(letters):
            named += len(_ALONE.findall(text, word.start(), word.end() + 1))
    # (counted in C, as the letters above: a sheet of 100,000 rows)
    other = len(text) - len(text.encode("ascii", "ignore")) - sum(text.count(ch) for ch in _TYPOGRAPHY)
    return text if named and named >= _NAME_LIKE * other else None


def _chosen(readings: list[tuple[float, str, str]]) -> tuple[float, str, str] | None:
    """The reading taken: the best when it is Chinese text and clearly better than the other,
    else the only plausible one whose first lines hold a known heading (know_headings); None
    when neither tells."""
    if not readings or readings[0][0] < _PLAUSIBLE:
        return None
    if len(readings) == 1 or readings[0][0] - readings[1][0] >= _LEAD:
        return readings[0]
    headed = [reading for reading in readings if reading[0] >= _PLAUSIBLE and _headed(reading[2])]
    if len(headed) == 1:
        return headed[0]
    preferred = [reading for reading in (headed or readings) if reading[0] >= _PLAUSIBLE and reading[1] == _preferred]
    return preferred[0] if preferred else None


def _headed(text: str) -> bool:
    """Whether one of the first lines of a sheet's text holds a heading (a title row may be above)."""
    return any(_heading(cell) for line in text.splitlines()[:5] for cell in next(csv.reader([line]), []))


def delimiter(text: str, encoding: str) -> str:
    """A tab for Excel's "Unicode text" (UTF-16, tab-separated; UTF-32 alike), else a comma."""
    return "\t" if encoding in ("utf-16", "utf-32") and "\t" in text.split("\n", 1)[0] else ","


def lines(text: str) -> list[str]:
    """The text's lines as csv counts them (its line_num) and a file is read: split at \\n, \\r\\n or \\r."""
    return [line.rstrip("\r\n") for line in io.StringIO(text, newline="").readlines()]


def lines_of(path: Path) -> tuple[list[str], str] | None:
    """A CSV sheet's lines (as `lines` splits them) and its separator (`delimiter`); None when
    the file cannot be read or decoded."""
    try:
        found = os.stat(path)
        # as import reads a sheet: a regular file (a pipe there would wait; a device never ends),
        # no larger than import reads one (registrations.MAX_SHEET_BYTES)
        if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_SHEET_BYTES:
            return None
        return _lines_of(str(path), found.st_ino, found.st_size, found.st_mtime_ns)
    except OSError:
        return None


def forget() -> None:
    """Read the sheet anew at the next lines_of: a file rewritten at the same size within the
    clock's tick (a few milliseconds) has the same stat; each `import` starts with this."""
    _lines_of.cache_clear()


# The last sheet read, by its path and what its stat says: `import` places a caret for each row
# it cannot use, and each problem printed quotes its line; a sheet of 100,000 rows is decoded
# once, not once a row.
@functools.lru_cache(maxsize=1)
def _lines_of(path: str, inode: int, size: int, modified: int) -> tuple[list[str], str] | None:
    # (opened without waiting: a pipe put there since its stats were taken is refused, not read)
    opened, _ = open_if_regular(path)
    if opened is None:
        return None
    with opened as handle:
        data = handle.read(MAX_SHEET_BYTES + 1)
    found = decode(data) if len(data) <= MAX_SHEET_BYTES else None
    return (lines(found[0]), delimiter(*found)) if found is not None else None


def cell_spans(line: str, separator: str) -> list[tuple[int, int]]:
    """Where each cell of a CSV line is written: (start, end) character offsets, its quotes
    included. A quoted cell may hold the separator: cells are found as csv reads them."""
    cells = next(csv.reader(io.StringIO(line), delimiter=separator), [])
    spans, at = [], 0
    for cell in cells:
        quoted = line.startswith('"', at)
        # a quoted cell's length as written: its quotes, and each quote inside it doubled
        end = at + len(cell) + (2 + cell.count('"') if quoted else 0)
        spans.append((at, min(end, len(line))))
        at = end + 1
    return spans


def cell_column(line: str, separator: str, index: int) -> int:
    """The 1-based character column where cell `index` (0-based) of a CSV line begins, as a
    problem's caret must stand (a mark's column is a character's, not a cell's); 1 when the line
    has fewer cells."""
    spans = cell_spans(line, separator)
    return spans[index][0] + 1 if index < len(spans) else 1


def cell_length(rest: str, separator: str) -> int:
    """How many characters of `rest` (a CSV line from the start of a cell) the cell takes as
    written: what a problem's carets underline, not the rest of the line."""
    spans = cell_spans(rest, separator)
    return spans[0][1] - spans[0][0] if spans else 0


def masked_cells(line: str, separator: str, hidden: frozenset[int] | tuple[int, ...]) -> str:
    """`line` with the cells numbered in `hidden` (0-based) shown as asterisks, one a character,
    separators and quotes kept: a phone number in a quoted row is not shown, and every other
    cell, and the caret under it, keeps its place (errors.masked does the same for YAML)."""
    if not hidden:
        return line
    chars = list(line)
    for index, (start, end) in enumerate(cell_spans(line, separator)):
        if index in hidden:
            for at in range(start, end):
                if chars[at] != '"':
                    chars[at] = "*"
    return "".join(chars)
