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
    return _chinese_utf16(data)


def _chinese_utf16(data: bytes) -> str | None:
    """`utf-16-le` / `-be` for a BOM-less UTF-16 file of Chinese text, None for any other: its
    characters have no zero byte (U+59D3 is D3 59), so the rule of utf16 missed a sheet of
    Chinese names saved so, and one whose digits and commas were under 90% of it. Taken only when it reads as no other: not as UTF-8, and read as
    UTF-16 it is text (no control character, no unpaired surrogate) of common characters, which
    a GB18030 reading of the same bytes is not. A GB18030 or UTF-8 file read as UTF-16 pairs its
    bytes into rare ideographs, Hangul, Yi, private-use characters or surrogates, or splits its
    ASCII into controls, so it is never taken."""
    if len(data) % 2 or len(data) < 8:
        return None
    head = data[:4000]
    if _reads(head, "utf-8") is not None:
        return None
    legacy = _reads(head, "gb18030")
    rival = common_share(legacy) if legacy is not None and not _controls(legacy) else 0.0
    for codec in ("utf-16-le", "utf-16-be"):
        text = _reads(head, codec)
        if (text is not None and not _controls(text) and any(ord(ch) > 0x7F for ch in text)
                and common_share(text) >= 0.9 > rival):
            return codec
    return None


def _controls(text: str) -> bool:
    """Whether `text` holds a control character other than a tab or line break (a zero byte)."""
    return any(ord(ch) < 0x20 and ch not in "\t\r\n" for ch in text)


def _reads(head: bytes, codec: str) -> str | None:
    """`head` (a file's first bytes: its last character may be cut) read as `codec`, None when it
    is not written in it."""
    try:
        return codecs.getincrementaldecoder(codec)().decode(head, final=False)
    except UnicodeDecodeError:
        return None


def common_share(text: str) -> float:
    """The share of `text`'s non-ASCII characters that Chinese text is written with: the common
    characters (`common`) and CJK punctuation. A file read in its own encoding scores near 1 (a
    rare character in a name or two); read in another, its bytes become rare or private-use
    characters: a Big5 sheet read as GB18030 scored below 0.8, a GB18030 one read as Big5 below
    0.7, on the project's own zh catalogues. 1 for ASCII text."""
    wide = [ch for ch in text if ord(ch) > 0x7F]
    if not wide:
        return 1.0
    return sum(1 for ch in wide if _punctuation(ch) or common(ch)) / len(wide)


def _punctuation(ch: str) -> bool:
    # CJK symbols and punctuation, full-width forms, and the quotes, dashes and dots Chinese uses
    return 0x3000 <= ord(ch) <= 0x303F or 0xFF01 <= ord(ch) <= 0xFF5E or ch in "\u201c\u201d\u2018\u2019\u2026\u2014\u00b7"


def common(ch: str) -> bool:
    """One of the 3,755 most used simplified or 5,401 most used traditional characters (GB2312
    level 1, Big5 level 1)."""
    try:
        if 0xB0A1 <= int.from_bytes(ch.encode("gb2312"), "big") <= 0xD7F9:
            return True
    except UnicodeEncodeError:
        pass
    try:
        return 0xA440 <= int.from_bytes(ch.encode("big5"), "big") <= 0xC67E
    except UnicodeEncodeError:
        return False


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
