"""A name another thing already has, made unique by a number after it: a section's stage
(`pairs-a-2`), an entry id (`1-a-2`), a section's tag (`Ax2`), an unnamed section (`2-2`). Each
import names such things one way, here."""

from __future__ import annotations

from collections.abc import Callable


def unused(wanted: str, taken: Callable[[str], bool], numbered: Callable[[int], str]) -> str:
    """`wanted` when `taken` says it is free, else the first of numbered(2), numbered(3), … that is."""
    given, more = wanted, 1
    while taken(given):
        more += 1
        given = numbered(more)
    return given
