"""The two rooms of a team match (open and closed), and their names in messages: the shared
catalogue's words, one definition for every game that plays in two rooms (大怪路子, 80分)."""

from __future__ import annotations

from generator import catalogues
from generator.catalogues import LOCALES

# A team match's rooms, as results files key them (`open:`, `closed:`) and in this order: every
# game's (bridge teams, 大怪路子, 80分 teams, Guandan's teams of four) and TableForm.rooms.
ROOMS = ("open", "closed")


def room_name(room: str) -> dict[str, str]:
    """A room as a message names it on its own: "开室" / "open room"."""
    return catalogues.word(f"room_name_{room}")


def room_at(room: str | None) -> dict[str, str]:
    """A room after a board number in a message: "第 1 副开室…" / "board 1, open room: …";
    nothing when the message is about the whole board."""
    return catalogues.word(f"room_at_{room}") if room is not None else dict.fromkeys(LOCALES, "")
