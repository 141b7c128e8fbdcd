"""What a content file that is not UTF-8 was saved as, for the problem that says so: the fix
(save it again as UTF-8) is the same for each, but the secretary recognises the encoding
Notepad offered (its "Unicode" is UTF-16 LE with a BOM, its "ANSI" on a Chinese Windows is
GBK), and the offending line is quoted as written, not as UTF-8 replacement characters or a
row of zero bytes. The reading is `paibang import`'s (sheet_text.decode, wide_text.wide_codec):
a file import reads in one encoding is said to be in that one here."""

from __future__ import annotations

import codecs
from typing import NamedTuple

from generator.content import sheet_text
from generator.content.wide_text import wide_codec

# The byte-order marks, by codec family, as a problem names them: UTF-32's first, its
# little-endian mark begins with UTF-16's.
_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32 LE"), (codecs.BOM_UTF32_BE, "UTF-32 BE"),
         (codecs.BOM_UTF16_LE, "UTF-16 LE"), (codecs.BOM_UTF16_BE, "UTF-16 BE"))


class SavedAs(NamedTuple):
    """`text`: the file read in `encoding`, line ends as Python reads them (LF); `name`: the
    encoding as a problem says it ("UTF-16 LE (BOM FF FE)", "GBK/GB18030", "Big5", "Windows-1252"); `wide`:
    UTF-16 or UTF-32 (Notepad's "Unicode"), else a Windows "ANSI" code page."""

    text: str
    name: str
    wide: bool


def saved_as(data: bytes) -> SavedAs | None:
    """The encoding a file that is not UTF-8 reads in, as import would read it; None for a
    UTF-8 file, or one import reads in none (a UTF-8 file with a GBK line pasted in: it reads
    as rare characters in GB18030, so no encoding is named and its line is quoted as UTF-8)."""
    wide = wide_codec(data)
    decoded = sheet_text.decode(data)
    if decoded is None and "gb18030" in sheet_text.unsure(data):
        # Common characters both as GB18030 and as Big5 (a few characters of a comment): import
        # asks which, a content file is said as GBK, a Chinese Windows's "ANSI" on the mainland,
        # and Big5 only when import is sure of it.
        decoded = data.decode("gb18030"), "gb18030"
    if decoded is None or (wide is None and decoded[1] == "utf-8"):
        return None
    text = decoded[0].replace("\r\n", "\n").replace("\r", "\n")
    if wide is None:
        return SavedAs(text, {"gb18030": "GBK/GB18030", "cp1252": "Windows-1252"}.get(decoded[1], "Big5"), False)
    for bom, name in _BOMS:
        if data.startswith(bom):
            return SavedAs(text, f"{name} (BOM {bom.hex(' ').upper()})", True)
    return SavedAs(text, wide.upper().replace("-", " ").replace("UTF ", "UTF-"), True)


def first_not_ascii(text: str) -> tuple[int, int]:
    """The line and column (1-based) of the first character of `text` that is not ASCII, where
    the file's encoding first shows (1, 1 for a file all ASCII: in UTF-16 each of its
    characters is)."""
    at = next((i for i, char in enumerate(text) if ord(char) > 0x7F), None)
    if at is None:
        return 1, 1
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
