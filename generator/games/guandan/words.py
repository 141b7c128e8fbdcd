"""Guandan's words as its code asks for them: looked up in the package's catalogues
(generator/games/guandan/locales/<locale>/LC_MESSAGES/paibang.po) or in the shared ones
(generator/locales/…), each as {locale: text}, the shape message parameters and page data carry.

Nothing is read at import: a catalogue is read the first time one of its words is asked for.
"""

from __future__ import annotations

from pathlib import Path

from generator import catalogues

FOLDER = Path(__file__).resolve().parent  # the package: its catalogues are under locales/

Localised = dict[str, str]

# How a match was decided, as a message names it (`gd_reason_<why>`): the computed winner's reason.
REASONS = ("passed_a", "higher", "first", "tiebreak", "net", "tables")


def word(key: str, /, **params: object) -> Localised:
    """A word of the game's catalogue, or else of the shared one, in every locale, parameters
    filled in: {locale: text}."""
    return catalogues.word(key, FOLDER, **params)


def why_word(why: str) -> Localised:
    """Why the computed winner won, as the winner-mismatch message says it: one of REASONS
    (a match or a teams-of-four match that has a computed winner); any other is a programming
    error, not a word to guess."""
    if why not in REASONS:
        raise ValueError(f"no words for the reason {why!r}: one of {', '.join(REASONS)}")
    return word(f"gd_reason_{why}")
