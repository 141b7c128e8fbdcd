"""Guandan's words as its code asks for them: looked up in the package's catalogues
(generator/games/guandan/locales/<locale>/LC_MESSAGES/paibang.po) or in the shared ones
(generator/locales/…), each as {locale: text}, the shape message parameters and page data carry.

Nothing is read at import: a catalogue is read the first time one of its words is asked for.
"""

from __future__ import annotations

from pathlib import Path

from generator import catalogues
from generator.catalogues import LOCALES

FOLDER = Path(__file__).resolve().parent  # the package: its catalogues are under locales/

Localised = dict[str, str]

# How a match was decided, as a message names it (`gd_reason_<why>`): the computed winner's reason.
REASONS = ("passed_a", "higher", "first", "tiebreak", "net", "tables")


def texts(key: str) -> tuple[str, str, str]:
    """A word of the game's catalogue, or else of the shared one: (zh-Hans, zh-Hant, en)."""
    return catalogues.words(FOLDER).get(key) or catalogues.words(catalogues.SHARED)[key]


def word(key: str, **params: object) -> Localised:
    """A word in every locale, parameters filled in: {locale: text}."""
    return {locale: text.format(**params) if params else text for locale, text in zip(LOCALES, texts(key))}


def why_word(why: str) -> Localised:
    """Why the computed winner won, as the winner-mismatch message says it; a teams-of-four
    match's other outcomes are its rooms' net levels added."""
    return word(f"gd_reason_{why if why in REASONS else 'net'}")
