"""A CSV sheet's text as its writer meant it, for `paibang import` and for the excerpt a problem
quotes from it (errors.py): Excel in a Chinese Windows saves CSV in GBK, and a line of it read
as UTF-8 is shown as replacement characters, with the caret nowhere near the cell."""

from __future__ import annotations

import codecs
import csv
import io


def decode(raw: bytes) -> tuple[str, str] | None:
    """(text, encoding): UTF-8 (with or without Excel's BOM), UTF-16 with a BOM, else GB18030
    (GBK) or Big5 when the text reads as Chinese in it. Both legacy encodings accept most byte
    pairs, so a Big5 file decodes as GB18030 without an error, into rare characters: the text
    must be mostly common characters (GB2312 level 1 or Big5 level 1) to be taken. None for
    Shift-JIS and the rest."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            return None
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
    return None


def delimiter(text: str, encoding: str) -> str:
    """A tab for Excel's "Unicode text" (UTF-16, tab-separated), else a comma."""
    return "\t" if encoding == "utf-16" and "\t" in text.split("\n", 1)[0] else ","


def lines(text: str) -> list[str]:
    """The text's lines as csv counts them (its line_num) and a file is read: split at \\n, \\r\\n or \\r."""
    return [line.rstrip("\r\n") for line in io.StringIO(text, newline="").readlines()]


def cell_column(line: str, separator: str, index: int) -> int:
    """The 1-based character column where cell `index` (0-based) of a CSV line begins, as a
    problem's caret must stand (a mark's column is a character's, not a cell's); 1 when the line
    has fewer cells. A quoted cell may hold the separator: cells are found as csv reads them."""
    cells = next(csv.reader(io.StringIO(line), delimiter=separator), [])
    if index >= len(cells):
        return 1
    at = 0
    for cell in cells[:index]:
        quoted = line.startswith('"', at)
        # a quoted cell's length as written: its quotes, and each quote inside it doubled
        at += len(cell) + (2 + cell.count('"') if quoted else 0) + 1
    return at + 1


def _plausible(text: str) -> bool:
    # CJK ideographs by code point: extension A and the unified block, compatibility ideographs, the rest
    ideographs = [ch for ch in text if 0x3400 <= ord(ch) <= 0x9FFF or 0xF900 <= ord(ch) <= 0xFAFF or ord(ch) >= 0x20000]
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
