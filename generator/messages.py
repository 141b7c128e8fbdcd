"""Content problems' messages: every problem's stable code, its message and its fix.

The texts are in the `messages` catalogues (generator/catalogues.py): the shared codes in
generator/locales/<locale>/LC_MESSAGES/messages.po, each game's in its package. An entry gives
(message, hint) in zh-Hans, zh-Hant and en; parameters are filled with str.format; a hint may be
empty. The README links those catalogues as the list of codes.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping

from generator import catalogues
from generator.catalogues import LOCALES

Entry = dict[str, tuple[str, str]]
_FORMATTER = string.Formatter()

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


def entry_named(entry_id: str, name: str | None) -> str | dict[str, str]:
    """An entry as a message names it: its id with its name in brackets, as each locale brackets
    it (full-width in Chinese); its id alone when it has no name (not "T01 (T01)")."""
    if not name or name == entry_id:
        return entry_id
    return {locale: entry_id + catalogues.text("paren", locale, text=name).rstrip() for locale in LOCALES}


# What finds the codes not known yet: the games registry's `find` (generator/games registers it
# as it is imported), which adds its games' codes (`add_codes`). A build that finds its site up to
# date finds no game (their modules are not imported: most of such a build's time), yet may say
# the warnings its last build kept, a game's code among them.
FIND_MORE: list[Callable[[], None]] = []


def render_message(code: str, locale: str, params: dict[str, object]) -> tuple[str, str]:
    """The (message, hint) of a catalogue code in a locale, parameters filled in."""
    known = catalogue()
    if code not in known:
        for find in FIND_MORE:
            find()
    entry = known[code]
    message, hint = entry.get(locale) or entry["zh-Hans"]
    return fill(message, locale, params), fill(hint, locale, params)


def fill(text: str, locale: str, params: Mapping[str, object]) -> str:
    """A message's text with its parameters as `locale` shows them (a list joined, a
    {locale: text} in that locale; a word in its number's form, `{boards:board|boards}`, as
    catalogues.fill has it, a list's number its length). KeyError for a placeholder `params` lack."""
    if "|" in text:
        text = catalogues.in_number(text, params)
    shown = {key: _show(value, locale) for key, value in params.items()}
    filled = text.format(**shown)
    if not any(value.endswith("\uff09") for value in shown.values()):
        return filled
    # A value closing on a full-width bracket (entry_named's id with a name) takes no space after
    # it, as Chinese sets one: the space a template leaves after {entry} is for an id alone.
    pieces = []
    after_bracket = False
    for literal, name, spec, conversion in _FORMATTER.parse(text):
        pieces.append(literal[1:] if after_bracket and literal.startswith(" ") else literal)
        after_bracket = False
        if name is not None:
            value, _ = _FORMATTER.get_field(name, (), shown)
            value = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
            pieces.append(value)
            after_bracket = value.endswith("\uff09")
    return "".join(pieces)


def _show(value: object, locale: str) -> str:
    if isinstance(value, Mapping) and set(value) <= set(LOCALES):
        return str(value.get(locale) or value.get("zh-Hans", ""))
    if isinstance(value, (list, tuple)):
        return catalogues.joiner(locale).join(map(str, value))
    return str(value)

