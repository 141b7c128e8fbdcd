"""Every word paibang shows or says lives in gettext catalogues, read and compiled by Babel.

Two domains, one file each per locale:

    <folder>/locales/<zh_Hans|zh_Hant|en>/LC_MESSAGES/paibang.po    UI words of pages, bulletins and commands
    <folder>/locales/<zh_Hans|zh_Hant|en>/LC_MESSAGES/messages.po   content problems: message and fix

`<folder>` is generator/ for the words every part shares, and a game's package folder for the
game's own (generator/games/bridge/ …): the games registry collects them, so adding a game never
touches a shared catalogue.

UI words: msgid is a stable key (`round_n`), msgstr its text with `{name}` placeholders filled by
`str.format`. Messages: msgid is the problem's code (`file-missing`), msgstr the message; the
same msgid under `msgctxt "hint"` is the fix (absent when there is none). A word or a code is
defined once among all catalogues (tests/test_words.py checks it), so "bye" or "unplayed" is
written in one place and every game shows the same word.

Code looks a word up with one pair of functions: `word(key, folder)` -> {locale: text} (the shape
message parameters and page data carry) and `text(key, locale, folder)` -> str; both look in
`folder`'s catalogues (a game's package) and then in the shared ones, and always fill the
placeholders with `str.format`, so a literal brace in any entry is written `{{ }}`. Templates use
the translator (render/i18n.py), which reads the same catalogues.

Catalogues are data: reading one runs nothing, and nothing is read until a word is asked for.
Translators can use any .po tool (Poedit, Weblate, `pybabel`, `msgfmt --check`).
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages import mofile, pofile
from babel.messages.catalog import Catalog

LOCALES = ("zh-Hans", "zh-Hant", "en")
SHARED = Path(__file__).resolve().parent  # generator/: the catalogues every part shares
WORDS = "paibang"  # the UI words' domain
MESSAGES = "messages"  # the content problems' domain
HINT = "hint"  # the msgctxt of a message's fix


def catalogue_path(folder: Path, domain: str, locale: str) -> Path:
    return folder / "locales" / locale.replace("-", "_") / "LC_MESSAGES" / f"{domain}.po"


@cache
def read_catalogue(path: Path) -> Catalog | None:
    """One .po file as Babel reads it (None when the folder has no such catalogue). A broken
    file is an error of paibang's own, raised with its line by Babel (`abort_invalid`)."""
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return pofile.read_po(handle, abort_invalid=True)


def entries(path: Path) -> dict[tuple[str | None, str], str]:
    """The translated entries of a .po file: (msgctxt, msgid) -> msgstr; fuzzy and empty ones
    skipped, as gettext skips them. Plural entries keep their first form."""
    catalog = read_catalogue(path)
    if catalog is None:
        return {}
    found: dict[tuple[str | None, str], str] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        text = message.string if isinstance(message.string, str) else (message.string or ("",))[0]
        if text:
            found[(message.context, key)] = text
    return found


@cache
def words(folder: Path) -> dict[str, tuple[str, str, str]]:
    """A folder's UI words: key -> (zh-Hans, zh-Hant, en). A word missing in a locale falls back
    to zh-Hans, the default locale (tests/test_words.py requires every locale to have every word)."""
    by_locale = [entries(catalogue_path(folder, WORDS, locale)) for locale in LOCALES]
    keys = [key for (context, key) in by_locale[0] if context is None]
    return {key: tuple(found.get((None, key), by_locale[0][(None, key)]) for found in by_locale)  # type: ignore[misc]
            for key in keys}


def texts(key: str, folder: Path = SHARED) -> tuple[str, str, str]:
    """A UI word's texts (zh-Hans, zh-Hant, en), unformatted: `folder`'s catalogues' (a game's
    package folder), else the shared ones'."""
    return words(folder).get(key) or words(SHARED)[key]


def _param(value: object, locale: str) -> object:
    """A parameter as a locale shows it: a {locale: text} gives that locale's text."""
    if isinstance(value, Mapping) and value and set(value) <= set(LOCALES):
        return value.get(locale) or value.get("zh-Hans", "")
    return value


def text(key: str, locale: str, folder: Path = SHARED, /, **params: object) -> str:
    """One UI word in `locale` (zh-Hans for a locale paibang does not know), parameters filled
    in (always: `{{` is a brace); a parameter given as {locale: text} gives each locale its own.
    The word is `folder`'s (a game's package folder) or else a shared one. The key, locale and
    folder are positional only, so that any name (`folder`, `key`) can be a parameter."""
    index = LOCALES.index(locale) if locale in LOCALES else 0
    return texts(key, folder)[index].format(**{name: _param(value, locale) for name, value in params.items()})


def joiner(locale: str) -> str:
    """What separates the items of a list in `locale`'s text: 、 in Chinese, ", " in English."""
    return ", " if locale == "en" else "、"


def word(key: str, folder: Path = SHARED, /, **params: object) -> dict[str, str]:
    """One UI word in every locale, parameters filled in as `text` fills them: {locale: text},
    the shape message parameters and page data carry."""
    return {locale: text(key, locale, folder, **params) for locale in LOCALES}


@cache
def messages(folder: Path) -> dict[str, dict[str, tuple[str, str]]]:
    """A folder's content problems: code -> {locale: (message, fix)}; the fix may be empty."""
    found: dict[str, dict[str, tuple[str, str]]] = {}
    for locale in LOCALES:
        texts = entries(catalogue_path(folder, MESSAGES, locale))
        for (context, code), text in texts.items():
            if context is None:
                found.setdefault(code, {})[locale] = (text, texts.get((HINT, code), ""))
    return found


def compile_mo(catalog: Catalog) -> bytes:
    """The GNU .mo form of a catalogue, as Babel's `pybabel compile` writes it (reproducible)."""
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog)
    return buffer.getvalue()


def translations(folder: Path, domain: str, locale: str) -> gettext.GNUTranslations | gettext.NullTranslations:
    """One catalogue as a standard gettext object, compiled in memory: there is no .mo file to
    commit or to forget to refresh."""
    catalog = read_catalogue(catalogue_path(folder, domain, locale))
    if catalog is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_mo(catalog)))


def forget() -> None:
    """Read the catalogues again on the next word (after editing a .po file in a running process)."""
    for cached in (read_catalogue, words, messages):
        cached.cache_clear()
