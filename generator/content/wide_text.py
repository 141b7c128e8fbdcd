"""Text files written in UTF-16 or UTF-32, told from their first bytes: both imports read them
(a bridge session's PBN or USEBIO file, commands/bridge_import.py; a secretary's CSV of entries,
content/sheet_text.py). One reading, so a file one import reads the other reads too: a UTF-32
sheet was refused as no encoding paibang reads while the same bytes as a PBN were read.

Here in content, the lowest layer, because sheet_text (content) decodes a sheet to quote its
lines in a problem, and the bridge import (commands) may import content."""

from __future__ import annotations

import codecs


def wide_codec(data: bytes) -> str | None:
    """The codec of a file written in UTF-32 or UTF-16 (`utf32`, then `utf16`), None for any
    other file. UTF-32's first: its little-endian BOM (FF FE 00 00) begins with UTF-16's, and
    read as UTF-16 every other character was a zero."""
    return utf32(data) or utf16(data)


def utf16(data: bytes) -> str | None:
    """The codec of a file written in UTF-16 (`utf-16`: with its BOM; `utf-16-le` / `-be`: none,
    told by the zero bytes of its ASCII, every other byte of a PBN's tags, a USEBIO's markup or
    a CSV's separators and digits), None for any other file."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    head = data[:400] if len(data) % 2 == 0 else b""
    if len(head) >= 16:
        for codec, zeros in (("utf-16-le", head[1::2]), ("utf-16-be", head[::2])):
            if zeros.count(0) >= 0.9 * len(zeros) and (head[::2] if codec == "utf-16-le" else head[1::2]).count(0) == 0:
                return codec
    return None


def utf32(data: bytes) -> str | None:
    """The codec of a file written in UTF-32 (`utf-32`: with its BOM; `utf-32-le` / `-be`: none,
    told by its characters' high bytes: no character is above U+10FFFF, so each one's top byte
    is zero and the next nearly always, a Chinese character's as an ASCII one's (U+961F is
    1F 96 00 00), and none is U+0000), None for any other file. A sheet of Chinese names was
    not told by utf16's rule (an ASCII character one byte and three zeros): most of its
    characters have two bytes that are not zero."""
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32"
    head = data[:400] if len(data) % 4 == 0 else b""
    if len(head) >= 32:
        units = [head[i:i + 4] for i in range(0, len(head), 4)]
        for codec, top, plane in (("utf-32-le", 3, 2), ("utf-32-be", 0, 1)):
            planes = [unit[plane] for unit in units]
            if (all(unit[top] == 0 and unit[plane] <= 0x10 for unit in units) and planes.count(0) >= 0.9 * len(planes)
                    and b"\x00\x00\x00\x00" not in units):
                return codec
    return None
