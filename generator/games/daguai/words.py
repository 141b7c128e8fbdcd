"""大怪路子's words as its code asks for them: looked up in the package's catalogues
(generator/games/daguai/locales/<locale>/LC_MESSAGES/paibang.po) or in the shared ones
(generator/locales/…), each as {locale: text}, the shape message parameters and page data carry.

Nothing is read at import: a catalogue is read the first time one of its words is asked for.
"""

from __future__ import annotations

from pathlib import Path

from generator import catalogues
from generator.catalogues import LOCALES
from generator.games.daguai.rules import OUTCOMES, BoardPoints

FOLDER = Path(__file__).resolve().parent  # the package: its catalogues are under locales/

Localised = dict[str, str]


def word(key: str, /, **params: object) -> Localised:
    """A word of the game's catalogue, or else of the shared one, in every locale, parameters
    filled in: {locale: text}."""
    return catalogues.word(key, FOLDER, **params)


def text(key: str, locale: str, /, **params: object) -> str:
    """The same word in one locale."""
    return catalogues.text(key, locale, FOLDER, **params)


def problem(kind: str) -> Localised:
    """What is wrong with a record (a message's {problem}): `dg_problem_<kind>`."""
    return word(f"dg_problem_{kind}")




def meaning(points: BoardPoints) -> Localised:
    """'8 = 抓住对方三家、5 = …' in each locale, from the stage's own values."""
    out = {}
    for locale in LOCALES:
        joiner = catalogues.joiner(locale)
        out[locale] = joiner.join(f"{getattr(points, o)} = {text(f'dg_meaning_{o}', locale)}" for o in OUTCOMES)
    return out
