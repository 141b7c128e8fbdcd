"""UI words of pages and bulletins in the three site locales (zh-Hans default, zh-Hant, en).

The words live in gettext catalogues, one per locale:

    generator/locales/<zh_Hans|zh_Hant|en>/LC_MESSAGES/paibang.po

A msgid is a stable key (`round_n`), the msgstr its text with `{name}` placeholders filled by
`str.format`. The .po files are the only source: they are compiled to the binary .mo form in
memory when a build first asks for a locale and read with the standard library's `gettext`, so
there is no compiled file to commit or forget to refresh, and no extra dependency. Translators
can use any .po tool (Poedit, Weblate, `msgfmt --check`).

Games add their own words as data, `Game.ui_words = {key: (zh-Hans, zh-Hant, en)}`, collected by
the games registry; they are looked up after the catalogue, so a game never has to touch the catalogues.
"""

from __future__ import annotations

import ast
import datetime as dt
import gettext
import io
import struct
from functools import cache
from pathlib import Path

LOCALES = ("zh-Hans", "zh-Hant", "en")
HTML_LANG = {"zh-Hans": "zh-Hans", "zh-Hant": "zh-Hant", "en": "en"}
CJK_FACE = {"zh-Hans": "SC", "zh-Hant": "TC", "en": "SC"}
CATALOGUES = Path(__file__).resolve().parents[1] / "locales"
DOMAIN = "paibang"
_INDEX = {locale: index for index, locale in enumerate(LOCALES)}


def catalogue_path(locale: str) -> Path:
    return CATALOGUES / locale.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


# --- .po -> .mo -> gettext ------------------------------------------------------------------


class CatalogueError(ValueError):
    pass


def read_po(path: Path) -> dict[str, str]:
    """The translated messages of a .po file: msgid -> msgstr (fuzzy and empty entries skipped).

    Handles what our catalogues use and what .po editors write: comments, flags, msgctxt,
    multi-line strings and C escapes. Plural entries keep their first form.
    """
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    field: str | None = None

    def flush() -> None:
        nonlocal entry, fuzzy
        if "msgid" in entry and entry["msgid"] and entry.get("msgstr") and not fuzzy:
            key = entry["msgid"] if "msgctxt" not in entry else f"{entry['msgctxt']}\x04{entry['msgid']}"
            messages[key] = entry["msgstr"]
        entry, fuzzy = {}, False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            flush()
            field = None
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if field is None:
                raise CatalogueError(f"{path}:{number}: a string continues nothing")
            entry[field] += _po_string(line, path, number)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and "msgstr" in entry:
                flush()
            if keyword.startswith("msgstr["):
                keyword = "msgstr" if keyword == "msgstr[0]" else "ignored"
            elif keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
                raise CatalogueError(f"{path}:{number}: unknown keyword {keyword!r}")
            field = keyword
            entry[field] = _po_string(rest.strip(), path, number)
    flush()
    return messages


def _po_string(token: str, path: Path, number: int) -> str:
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise CatalogueError(f"{path}:{number}: expected a quoted string")
    try:
        return ast.literal_eval(token)  # C-style escapes: \" \\ \n \t
    except (ValueError, SyntaxError) as error:
        raise CatalogueError(f"{path}:{number}: {error}") from None


def compile_mo(messages: dict[str, str], header: str = "") -> bytes:
    """The GNU .mo form of `messages` (what `msgfmt` writes), keys sorted, so it is reproducible."""
    items = sorted({"": header, **messages}.items())
    ids = [k.encode("utf-8") for k, _ in items]
    strs = [v.encode("utf-8") for _, v in items]
    count = len(items)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + sum(len(i) + 1 for i in ids)
    offsets: list[int] = []
    position = 0
    for data in ids:
        offsets += [len(data), key_start + position]
        position += len(data) + 1
    position = 0
    for data in strs:
        offsets += [len(data), value_start + position]
        position += len(data) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    body = struct.pack(f"{len(offsets)}i", *offsets)
    return head + body + b"\0".join(ids) + b"\0" + b"\0".join(strs) + b"\0"


@cache
def catalogue(locale: str) -> dict[str, str]:
    """Every message of one locale's catalogue (cached for the life of the process)."""
    return read_po(catalogue_path(locale))


def translations(locale: str) -> gettext.GNUTranslations:
    """One locale's catalogue as a standard gettext object (a new one each call)."""
    header = f"Content-Type: text/plain; charset=UTF-8\nLanguage: {locale}\n"
    return gettext.GNUTranslations(io.BytesIO(compile_mo(catalogue(locale), header)))


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
                           f"{DOMAIN}.po (or the game's ui_words)") from None


@cache
def _chain(locale: str) -> gettext.GNUTranslations:
    chain = translations(locale)
    chain.add_fallback(_GameWords(locale))
    return chain


def reload_words() -> None:
    """Forget the loaded catalogues and game words (after editing a .po file in a running process)."""
    for cached in (catalogue, _game_words, _chain):
        cached.cache_clear()


def words_of(key: str) -> tuple[str, str, str]:
    """One word in the three locales, zh-Hans first (what `UI[key]` was)."""
    return tuple(Translator(locale)(key) for locale in LOCALES)  # type: ignore[return-value]


class _AllWords(dict):
    """`UI[key]` -> (zh-Hans, zh-Hant, en): the catalogues and game words as one read-only view,
    kept for code written against the former dictionary."""

    def __missing__(self, key: str) -> tuple[str, str, str]:
        return words_of(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and (key in catalogue("zh-Hans") or key in game_words())


UI = _AllWords()


# --- the translator ---------------------------------------------------------------------------


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
        self._gettext = _chain(locale).gettext

    def __call__(self, key: str, **params: object) -> str:
        text = self._gettext(key)
        return text.format(**params) if params else text

    def pick(self, localised: dict[str, str]) -> str:
        return localised.get(self.locale) or localised.get("zh-Hans", "")

    def date(self, day: dt.date | None) -> str:
        if day is None:
            return ""
        if self.locale == "en":
            return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"
        return f"{day.year}年{day.month}月{day.day}日"

    def joiner(self) -> str:
        return ", " if self.locale == "en" else "、"

    @property
    def html_lang(self) -> str:
        return HTML_LANG[self.locale]


# English month names, not the C library's: the output must not depend on the machine's locale.
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")
