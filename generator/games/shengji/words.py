"""80分's words as its code asks for them: looked up in the package's catalogues
(generator/games/shengji/locales/<locale>/LC_MESSAGES/paibang.po) or in the shared ones
(generator/locales/…), each as {locale: text}, the shape message parameters and page data carry.

Nothing is read at import: a catalogue is read the first time one of its words is asked for.
"""

from __future__ import annotations

from pathlib import Path

from generator import catalogues

FOLDER = Path(__file__).resolve().parent  # the package: its catalogues are under locales/

Localised = dict[str, str]


def word(key: str, /, **params: object) -> Localised:
    """A word of the game's catalogue, or else of the shared one, in every locale, parameters
    filled in: {locale: text}."""
    return catalogues.word(key, FOLDER, **params)


def problem(kind: str, /, **details: object) -> Localised:
    """What is wrong with a record (a message's {problem}), `sj_problem_<kind>` with its
    details filled in; a detail may itself be localised (a dict by locale)."""
    return word(f"sj_problem_{kind}", **details)


