"""Every word paibang shows or says lives in gettext catalogues, read and compiled by Babel.

Two domains, one file each per locale:

    <folder>/locales/<zh_Hans|zh_Hant|en>/LC_MESSAGES/paibang.po    UI words of pages, bulletins and commands
    <folder>/locales/<zh_Hans|zh_Hant|en>/LC_MESSAGES/messages.po   content problems: message and fix

`<folder>` is generator/ for the words every part shares, and a game's package folder for the
game's own (generator/games/bridge/ …): the games registry collects them, so adding a game never
touches a shared catalogue.

UI words: msgid is a stable key (`round_n`), msgstr its text with `{name}` placeholders filled by
`str.format`, and `{n:one|many}` the word for the number n ("1 event", "4 events": see fill). Messages: msgid is the problem's code (`file-missing`), msgstr the message; the
same msgid under `msgctxt "hint"` is the fix (absent when there is none), under `msgctxt "desk"`
and `"desk-hint"` the message and the fix as the desk's form says them, where they differ. A word or a code is
defined once among all catalogues (tests/test_words.py checks it), so "bye" or "unplayed" is
written in one place and every game shows the same word.

Code looks a word up with one pair of functions: `word(key, folder)` -> {locale: text} (the shape
message parameters and page data carry) and `text(key, locale, folder)` -> str; both look in
`folder`'s catalogues (a game's package) and then in the shared ones, and always fill the
placeholders with `str.format`, so a literal brace in any entry is written `{{ }}`. Templates use
the translator (render/i18n.py), which reads the same catalogues.

Catalogues are data: reading one runs nothing, and nothing is read until a word is asked for.
Translators can use any .po tool (Poedit, Weblate, `pybabel`, `msgfmt --check`). What Babel made
of a .po file is kept beside it, sealed, for the next process (see "The catalogues' cache" below).
"""

from __future__ import annotations

import gettext
import hashlib
import importlib.util
import io
import json
import re
import string
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator import seals

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LOCALES = ("zh-Hans", "zh-Hant", "en")
SHARED = Path(__file__).resolve().parent  # generator/: the catalogues every part shares
WORDS = "paibang"  # the UI words' domain
MESSAGES = "messages"  # the content problems' domain
HINT = "hint"  # the msgctxt of a message's fix
# The msgctxts of a message and its fix as the desk's form says them (desk/forms.py, `said`): in
# the form's terms where `check`'s text names a results file's keys (levels.T07, tiebreak_deal:).
DESK, DESK_HINT = "desk", "desk-hint"


def catalogue_path(folder: Path, domain: str, locale: str) -> Path:
    return folder / "locales" / locale.replace("-", "_") / "LC_MESSAGES" / f"{domain}.po"


Entries = dict[tuple[str | None, str], str]  # (msgctxt, msgid) -> msgstr


def read_catalogue(path: Path) -> Catalog | None:
    """One .po file as Babel reads it (None when the folder has no such catalogue). A broken
    file is an error of paibang's own, raised with its line by Babel (`abort_invalid`)."""
    if not path.is_file():
        return None
    return _parsed(path.read_bytes())


def _parsed(data: bytes) -> Catalog:
    # Babel is imported only where a .po file is parsed: a process that finds every catalogue
    # in the cache never imports it (about 20 ms of processor time).
    from babel.messages import pofile

    return pofile.read_po(io.BytesIO(data), abort_invalid=True)


def entries(path: Path) -> Entries:
    """The translated entries of a .po file: (msgctxt, msgid) -> msgstr; fuzzy and empty ones
    skipped, as gettext skips them. Plural entries keep their first form."""
    found = _compiled(path)
    return dict(found[0]) if found else {}


def _entries_of(catalog: Catalog) -> Entries:
    """`entries` of a catalogue Babel has read, in the order of its file."""
    found: Entries = {}
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


_FORMATTER = string.Formatter()
# Where a value ends or the next begins, these take no space between Latin words: an opening
# bracket before, a closing one or a stop after.
_NO_SPACE_AFTER = "([{/-"
_NO_SPACE_BEFORE = ")]}/-,.;:!?"


@cache
def _runs_on(template: str) -> bool:
    """Whether two of `template`'s placeholders meet with nothing between them (Chinese titles:
    "{event}{stage}成绩排名")."""
    placeholder = False
    for literal, name, _, _ in _FORMATTER.parse(template):
        if name is not None and placeholder and not literal:
            return True
        placeholder = name is not None
    return False


def _latin_meet(before: str, after: str) -> bool:
    """Whether `before` ends and `after` begins in Latin script (neither wide, a space, nor the
    punctuation above): words that would run into one where two placeholders meet."""
    if not before or not after:
        return False
    last, first = before[-1], after[0]
    return not (last.isspace() or first.isspace() or last in _NO_SPACE_AFTER or first in _NO_SPACE_BEFORE
                or unicodedata.east_asian_width(last) in "WF" or unicodedata.east_asian_width(first) in "WF")


# A word that follows a number, in the number's form: `{n} {n:event|events}` is "1 event" or
# "4 events" (English; Chinese words have one form and need none). The placeholder's name is the
# number's, so every locale of an entry names the same parameters.
_PLURAL = re.compile(r"\{(\w+):([^{}|]*)\|([^{}|]*)\}")


def _one(value: object) -> bool:
    if isinstance(value, (list, tuple)):  # a message's list (boards 3, 5): as many as its items,
        return len(value) == 1 and "\u2013" not in str(value[0])  # and a run of boards ("1–3") is many
    try:
        return float(value) == 1  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def in_number(template: str, params: Mapping[str, object]) -> str:
    """`template` with each `{n:one|many}` the word for the number n is."""
    return _PLURAL.sub(lambda m: (m.group(2) if _one(params.get(m.group(1))) else m.group(3))
                       .replace("{", "{{").replace("}", "}}"), template)


def fill(template: str, params: Mapping[str, object]) -> str:
    """`template.format(**params)`, but where two placeholders meet (a Chinese title runs the
    event's name and the stage's together, as Chinese words are) and their values meet in Latin
    words, a space between them: "Klubbkveld (MP) Pairs成绩排名", not "Klubbkveld (MP)Pairs".
    A word in a number's form, `{n:event|events}`, is the one for n (_PLURAL)."""
    if "|" in template:
        template = in_number(template, params)
    if not _runs_on(template):
        return template.format(**params)
    pieces: list[str] = []
    placeholder = False  # the last piece written is a placeholder's value
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        if literal:
            pieces.append(literal)
            placeholder = False
        if name is None:
            continue
        value, _ = _FORMATTER.get_field(name, (), params)
        shown = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
        if placeholder and _latin_meet(pieces[-1], shown):
            pieces.append(" ")
        pieces.append(shown)
        placeholder = True
    return "".join(pieces)


def text(key: str, locale: str, folder: Path = SHARED, /, **params: object) -> str:
    """One UI word in `locale` (zh-Hans for a locale paibang does not know), parameters filled
    in (always: `{{` is a brace); a parameter given as {locale: text} gives each locale its own.
    The word is `folder`'s (a game's package folder) or else a shared one. The key, locale and
    folder are positional only, so that any name (`folder`, `key`) can be a parameter."""
    index = LOCALES.index(locale) if locale in LOCALES else 0
    return fill(texts(key, folder)[index], {name: _param(value, locale) for name, value in params.items()})


def joiner(locale: str) -> str:
    """What separates the items of a list in `locale`'s text: 、 in Chinese, ", " in English."""
    return ", " if locale == "en" else "、"


def series(locale: str, items: Iterable[object]) -> str:
    """Items said as a list in a sentence: "3 and 4", "3, 4 and 5" in English (joiner's ", "
    alone read "rounds 3, 4"); Chinese joins them all with its joiner (3\u30014\u30015)."""
    said = [str(item) for item in items]
    if locale != "en" or len(said) < 2:
        return joiner(locale).join(said)
    return ", ".join(said[:-1]) + " and " + said[-1]


def in_sentence(label: str) -> str:
    """A label (a metric's Wins, Match points) where a sentence runs on through it ("no wins
    changed"): its capital lower-cased, as English writes a common word mid-sentence; an
    abbreviation (IMPs, VP) kept. Chinese has no case: unchanged. Not for a name (Buchholz):
    a primary score, the one a sentence names, is never a tie-break (standings.primary_metric)."""
    return label[:1].lower() + label[1:] if label[1:2].islower() else label


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


@cache
def desk_messages(folder: Path) -> dict[str, dict[str, tuple[str, str]]]:
    """A folder's problems as the desk's form says them: code -> {locale: (message, fix)}, either
    empty where the desk says what `check` says."""
    found: dict[str, dict[str, tuple[str, str]]] = {}
    for locale in LOCALES:
        texts = entries(catalogue_path(folder, MESSAGES, locale))
        for code in {code for (context, code) in texts if context in (DESK, DESK_HINT)}:
            found.setdefault(code, {})[locale] = (texts.get((DESK, code), ""), texts.get((DESK_HINT, code), ""))
    return found


def compile_mo(catalog: Catalog) -> bytes:
    """The GNU .mo form of a catalogue, as Babel's `pybabel compile` writes it (reproducible)."""
    from babel.messages import mofile

    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog)
    return buffer.getvalue()


def translations(folder: Path, domain: str, locale: str) -> gettext.GNUTranslations | gettext.NullTranslations:
    """One catalogue as a standard gettext object, compiled from its .po file (or taken from
    the cache made of it): there is no .mo file to commit or to forget to refresh."""
    found = _compiled(catalogue_path(folder, domain, locale))
    if found is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(found[1]))


def forget() -> None:
    """Read the catalogues again on the next word (after editing a .po file in a running process)."""
    for cached in (_compiled, words, messages, desk_messages):
        cached.cache_clear()


# The catalogues' cache. Importing Babel and parsing the 30 .po files with it took about 0.1 s
# of processor time in every command that reads them all (build, check, pair, serve's rebuilds;
# 0.03 s from this cache), so what Babel makes of one, its entries and its GNU .mo, is kept
# beside it in __pycache__/<domain>.po.sealed, as Python keeps a module's compiled code and
# render/fast_jinja.py a template's (and the code's digest, render/incremental.py's code_digest,
# passes over __pycache__ as it does for theirs). Not in .paibang-cache/: that folder is a site's,
# beside its output/, which `check` or `pair` never name, and the words are read before a
# command knows of any site (its help, its errors); the catalogues are the code's, whatever the site.
#
# The file is data, never code: a JSON line (the key, the entries in the file's order) and the
# .mo that stdlib gettext reads. Still, a file someone else put there must not change one word
# paibang publishes, so:
# - it is sealed with the user's key (generator/seals.py; a planted or altered file does not
#   verify) and holds the key it was made for: the digest of the .po file's bytes, read and
#   hashed each time (an mtime can be set to anything; hashing the catalogues takes about a
#   millisecond), of this module's source and of Babel's version. So a sealed file of the
#   user's own moved beside another catalogue, or made by other code, is not believed either;
# - the folder is used only when it is the user's own and closed to others (seals.private,
#   caches.unsafe's test without its words, which come from here): in a folder others can
#   write, the file written could be swapped for a link to one of the user's files.
# A file not believed is made again from the .po file. Where the folder cannot be made or
# written (an installation the user cannot write, a folder not theirs), the catalogues are
# parsed in every process, as without the cache.
CACHE = "__pycache__"


@cache
def _maker() -> bytes:
    """What made a cached catalogue besides its .po file: this module and Babel (its version is
    in its package's __init__.py, read without importing Babel)."""
    spec = importlib.util.find_spec("babel")
    babel = Path(spec.origin).read_bytes() if spec and spec.origin else b""
    return hashlib.sha256(Path(__file__).read_bytes()).digest() + hashlib.sha256(babel).digest()


@cache
def _compiled(path: Path) -> tuple[Entries, bytes] | None:
    """A .po file's entries and GNU .mo (None when there is no such file): from the cache beside
    it when that was made of these very bytes, else parsed by Babel (a broken file raises its
    error, with its line) and kept there for the next process."""
    if not path.is_file():
        return None
    data = path.read_bytes()
    key = hashlib.sha256(_maker() + data).hexdigest()
    kept = path.parent / CACHE / f"{path.name}.sealed"
    found = _read_kept(kept, key)
    if found is None:
        catalog = _parsed(data)
        found = _entries_of(catalog), compile_mo(catalog)
        _keep(kept, key, *found)
    return found


def _read_kept(kept: Path, key: str) -> tuple[Entries, bytes] | None:
    """A cached catalogue made for `key`, sealed by this user; None for anything else."""
    if not seals.private(kept.parent):
        return None
    try:
        head, _, mo = seals.unseal(kept.read_bytes()).partition(b"\n")
        made = json.loads(head)
    except (OSError, ValueError):  # none, not sealed by this user (Unsealed), not this format
        return None
    if not isinstance(made, dict) or made.get("key") != key:
        return None  # made of other bytes, or by other code
    return {(context, msgid): text for context, msgid, text in made["entries"]}, mo


def _keep(kept: Path, key: str, found: Entries, mo: bytes) -> None:
    """Write a catalogue's cache, sealed; nothing when its folder cannot be the user's own."""
    # JSON escapes every line break inside a string: the first b"\n" ends the line.
    head = json.dumps({"key": key, "entries": [[context, msgid, text] for (context, msgid), text in found.items()]})
    payload = head.encode() + b"\n" + mo
    try:
        kept.parent.mkdir(mode=0o700, exist_ok=True)
        if seals.private(kept.parent):
            seals.write_sealed(kept, payload)
    except OSError:
        pass  # a folder paibang cannot write: parsed again by the next process
