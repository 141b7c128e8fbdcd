"""Content problems' messages: every problem's stable code, its message and its fix.

The texts are in the `messages` catalogues (generator/catalogues.py): the shared codes in
generator/locales/<locale>/LC_MESSAGES/messages.po, each game's in its package. An entry gives
(message, hint) in zh-Hans, zh-Hant and en; parameters are filled with str.format; a hint may be
empty. The README links those catalogues as the list of codes.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator import catalogues
from generator.catalogues import LOCALES

Entry = dict[str, tuple[str, str]]

# Every code's entry, read from the catalogues the first time a message is made (no file is read
# at import): the shared codes of generator/locales/*/LC_MESSAGES/messages.po, then each game's,
# added by the games registry when it finds the games (`add_codes`).
CATALOGUE: dict[str, Entry] = {}


def catalogue() -> dict[str, Entry]:
    if "_error" not in CATALOGUE:
        for code, entry in catalogues.messages(catalogues.SHARED).items():
            CATALOGUE.setdefault(code, entry)
    return CATALOGUE


def add_codes(codes: dict[str, Entry]) -> None:
    """Add a game's codes (`Game.messages`) to the catalogue; the games registry does it when it
    finds the games, so nothing needs importing "to register its codes". A code is defined once:
    the same code with another text is a programming error."""
    known = catalogue()
    for code, entry in codes.items():
        if known.setdefault(code, entry) is not entry and known[code] != entry:
            raise ValueError(f"message code {code!r} is defined twice")


def render_message(code: str, locale: str, params: dict[str, object]) -> tuple[str, str]:
    """The (message, hint) of a catalogue code in a locale, parameters filled in."""
    entry = catalogue()[code]
    message, hint = entry.get(locale) or entry["zh-Hans"]
    return fill(message, locale, params), fill(hint, locale, params)


def fill(text: str, locale: str, params: Mapping[str, object]) -> str:
    """A message's text with its parameters as `locale` shows them (a list joined, a
    {locale: text} in that locale; a word in its number's form, `{boards:board|boards}`, as
    catalogues.fill has it, a list's number its length). KeyError for a placeholder `params` lack."""
    if "|" in text:
        text = catalogues.in_number(text, params)
    return text.format(**{key: _show(value, locale) for key, value in params.items()})


def _show(value: object, locale: str) -> str:
    if isinstance(value, Mapping) and set(value) <= set(LOCALES):
        return str(value.get(locale) or value.get("zh-Hans", ""))
    if isinstance(value, (list, tuple)):
        return catalogues.joiner(locale).join(map(str, value))
    return str(value)

