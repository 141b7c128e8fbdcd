"""UI words of pages, bulletins and commands in the three site locales (zh-Hans default, zh-Hant, en).

The words live in gettext catalogues (generator/catalogues.py says where and how), read and
compiled in memory by Babel and looked up with the standard library's `gettext`:

    generator/locales/<zh_Hans|zh_Hant|en>/LC_MESSAGES/paibang.po

A msgid is a stable key (`round_n`), the msgstr its text with `{name}` placeholders filled by
`str.format`. A game's own words are in its package's catalogue of the same shape, collected by
the games registry; they are looked up after the shared catalogue.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
import gettext
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

from generator import catalogues, messages
from generator.catalogues import LOCALES, fill

HTML_LANG = {"zh-Hans": "zh-Hans", "zh-Hant": "zh-Hant", "en": "en"}
CJK_FACE = {"zh-Hans": "SC", "zh-Hant": "TC", "en": "SC"}
DOMAIN = catalogues.WORDS
_INDEX = {locale: index for index, locale in enumerate(LOCALES)}


def catalogue_path(locale: str) -> Path:
    """The shared UI words' catalogue of a locale."""
    return catalogues.catalogue_path(catalogues.SHARED, DOMAIN, locale)


def translations(locale: str) -> gettext.GNUTranslations | gettext.NullTranslations:
    """One locale's shared catalogue as a standard gettext object (a new one each call)."""
    return catalogues.translations(catalogues.SHARED, DOMAIN, locale)


# --- game words -------------------------------------------------------------------------------


def game_words() -> dict[str, tuple[str, str, str]]:
    """Every game's UI words (`Game.ui_words`), merged; read again when a game is registered."""
    from generator.games import GAMES

    return _game_words(GAMES.version)


@cache
def _game_words(version: int) -> dict[str, tuple[str, str, str]]:
    from generator.games import GAMES

    return GAMES.ui_words()


class _GameWords(gettext.NullTranslations):
    """The fallback after a catalogue: the games' own words; a key nobody knows is an error."""

    def __init__(self, locale: str) -> None:
        super().__init__()
        self.index = _INDEX[locale]

    def gettext(self, message: str) -> str:
        try:
            return game_words()[message][self.index]
        except KeyError:
            raise KeyError(f"no UI word {message!r}: add it to generator/locales/*/LC_MESSAGES/"
                           f"{DOMAIN}.po (or to the game's own catalogue)") from None


@cache
def _chain(locale: str) -> gettext.GNUTranslations:
    chain = translations(locale)
    chain.add_fallback(_GameWords(locale))
    return chain


def reload_words() -> None:
    """Forget the loaded catalogues, game words and content problems' messages (after editing
    a .po file in a running process): every word and message is read again when next asked for."""
    from generator.games import GAMES

    catalogues.forget()
    messages.CATALOGUE.clear()
    for game in GAMES.values():  # the shared codes come back by themselves, the games' are added
        messages.add_codes(game.messages)
    for cached in (_game_words, _chain):
        cached.cache_clear()


# --- the translator ---------------------------------------------------------------------------


_LOCALE_KEYS = frozenset(LOCALES)


class Translator:
    """`_("key", n=3)` in templates and code: the UI word in the page's locale.

    `_.pick({"zh-Hans": …, "en": …})` picks from a localised dict, `_.date(day)` writes a date,
    `_.joiner()` is the list separator (、 or , ).
    """

    def __init__(self, locale: str) -> None:
        if locale not in _INDEX:
            raise ValueError(f"unknown locale {locale!r}; one of {', '.join(LOCALES)}")
        self.locale = locale
        self.index = _INDEX[locale]
        self._gettext = _chain(locale).gettext  # the catalogues as they were read then (reload_words)
        # Each word found, by key, and each game word picked (games' Word) and each date written:
        # a build's pages ask for the same few hundred some 100,000 times (a gettext chain and a
        # catalogue lookup each). Kept as long as the translator, which read its chain once anyway.
        self._words: dict[str, str] = {}
        self._picked: dict[object, str] = {}
        self._dates: dict[dt.date, str] = {}

    def __call__(self, key: str, **params: object) -> str:
        """The word with its placeholders filled, always: as Jinja's i18n extension (newstyle
        gettext) formats a text even without variables, so `{{ }}` in a catalogue is a brace
        whether the word takes parameters or not, as catalogues.text reads it. A parameter given
        as {locale: text} (a word a game's match view keeps for its reason) gives the page's
        locale's text, as catalogues.text gives each locale its own."""
        if params:
            params = {name: self.pick(value) if type(value) is dict and value.keys() <= _LOCALE_KEYS else value
                      for name, value in params.items()}
            if any(isinstance(value, Markup) for value in params.values()):
                return self._with_markup(key, params)
        return fill(self.unformatted(key), params)

    def _with_markup(self, key: str, params: dict[str, object]) -> Markup:
        """A word given markup to hold (a tied rank's "1=" seen and "tied for place 1" read, in
        "NS {rank}"): itself markup, its own text and its other words escaped, that markup kept.
        Filled as a plain word it was escaped whole by the template, and the desk's standings
        and the hall screen showed the spans' tags as text."""
        held = {name: escape(value) if isinstance(value, str) else value for name, value in params.items()}
        return Markup(fill(str(escape(self.unformatted(key))), held))

    def unformatted(self, key: str) -> str:
        """The word's text as the catalogue writes it, placeholders and `{{ }}` left in (for a
        template to format later, as fast_jinja's FixedWords does)."""
        text = self._words.get(key)
        if text is None:
            text = self._words[key] = self._gettext(key)  # an unknown key raises, and is asked again
        return text

    def pick(self, localised: dict[str, str]) -> str:
        if type(localised) is dict:  # content's own texts: as they come
            return localised.get(self.locale) or localised.get("zh-Hans", "")
        try:  # a catalogue's word (games' Word: hashable, read from the catalogues at each get)
            return self._picked[localised]
        except KeyError:
            text = self._picked[localised] = localised.get(self.locale) or localised.get("zh-Hans", "")
            return text
        except TypeError:  # another mapping, not hashable
            return localised.get(self.locale) or localised.get("zh-Hans", "")

    def date(self, day: dt.date | None) -> str:
        if day is None:
            return ""
        text = self._dates.get(day)
        if text is None:
            # Month names are catalogue words, not the C library's: no output depends on the machine's locale.
            text = self._dates[day] = self("date_format", year=day.year, month=self(f"month_{day.month}"), day=day.day)
        return text

    def joiner(self) -> str:
        return catalogues.joiner(self.locale)

    def series(self, items: Iterable[object]) -> str:
        """Items said as a list in a sentence (catalogues.series): "P05 and P12", P05\u3001P12."""
        return catalogues.series(self.locale, items)

    @property
    def html_lang(self) -> str:
        return HTML_LANG[self.locale]
