"""What a file is, told by its first bytes before it is read as text: `paibang import` sends a
scoring program's database to the bridge import, which says what to export from it, whatever
its name ends with (read as a registration sheet, a Bridgemate .BWS was "not UTF-8: save from
Excel as CSV UTF-8")."""

from __future__ import annotations

from pathlib import Path

# Bridgemate's .BWS and the files of most Windows scoring programs are Microsoft Access (Jet /
# ACE) databases: "Standard Jet DB" (or "Standard ACE DB") from byte 4.
_DATABASE = (b"Standard Jet DB", b"Standard ACE DB")


def is_database(head: bytes) -> bool:
    """Whether a file's first bytes are an Access database's (a Bridgemate .BWS)."""
    return head[4:19] in _DATABASE


def database_file(path: Path) -> bool:
    """Whether the regular file at `path` is an Access database (False: no such file, a pipe,
    unreadable: the import that reads it says why)."""
    try:
        if not path.is_file():
            return False
        with open(path, "rb") as file:
            return is_database(file.read(32))
    except OSError:
        return False
