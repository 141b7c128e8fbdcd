"""The catalogues' cache (generator/catalogues.py): what Babel made of a .po file is kept beside
it, sealed, so that the next process reads no .po file with Babel; a changed .po file is read
afresh, a cache file paibang did not write for these very bytes is never believed, and where
the cache cannot be kept the words are the same, parsed as without it.

Each test reads catalogues of its own in a temporary folder (a game's folder as far as the
catalogues know), sealed under a key of its own (XDG_CONFIG_HOME), so the shared ones are left alone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages import pofile

from generator import catalogues, seals
from generator.catalogues import LOCALES, MESSAGES, WORDS

ROOT = Path(__file__).resolve().parents[1]
TEXTS = {"zh-Hans": "你好，{name}", "zh-Hant": "你好，{name}", "en": "hello, {name}"}


@pytest.fixture(autouse=True)
def own_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    seals.secret.cache_clear()
    catalogues.forget()
    yield
    seals.secret.cache_clear()
    catalogues.forget()


def write_catalogues(folder: Path, texts: dict[str, str] = TEXTS) -> None:
    """A word (`greeting`, with a plural form besides) and a message with its fix, in every locale."""
    for locale in LOCALES:
        words = catalogues.catalogue_path(folder, WORDS, locale)
        words.parent.mkdir(parents=True, exist_ok=True)
        words.write_text(
            f'msgid ""\nmsgstr "Language: {locale.replace("-", "_")}\\n"\n\n'
            f'msgid "greeting"\nmsgstr "{texts[locale]}"\n\n'
            '#, fuzzy\nmsgid "draft"\nmsgstr "not yet"\n\n'
            + ('msgid "table"\nmsgid_plural "tables"\nmsgstr[0] "one table"\nmsgstr[1] "tables"\n'
               if locale == "en" else 'msgid "table"\nmsgid_plural "tables"\nmsgstr[0] "桌"\n'),
            encoding="utf-8")
        catalogues.catalogue_path(folder, MESSAGES, locale).write_text(
            'msgid ""\nmsgstr ""\n\n'
            f'msgid "odd-thing"\nmsgstr "odd: {locale}"\n\n'
            f'msgctxt "hint"\nmsgid "odd-thing"\nmsgstr "fix it ({locale})"\n',
            encoding="utf-8")


def kept(folder: Path, locale: str = "en", domain: str = WORDS) -> Path:
    path = catalogues.catalogue_path(folder, domain, locale)
    return path.parent / catalogues.CACHE / f"{path.name}.sealed"


def read_here(folder: Path) -> dict[str, object]:
    """What the catalogues give in this process, read again from the files (and the cache)."""
    catalogues.forget()
    return json.loads(json.dumps({
        "words": catalogues.words(folder), "messages": catalogues.messages(folder),
        "text": catalogues.text("greeting", "en", folder, name="Li"),
        "gettext": catalogues.translations(folder, WORDS, "en").ngettext("table", "tables", 1),
    }))


READ_IN_A_NEW_PROCESS = """
import json, sys
from pathlib import Path
from babel.messages import pofile

parsed = []
read_po = pofile.read_po
def spy(*args, **kwargs):
    parsed.append(1)
    return read_po(*args, **kwargs)
pofile.read_po = spy

from generator import catalogues
folder = Path(sys.argv[1])
print(json.dumps({
    "words": catalogues.words(folder), "messages": catalogues.messages(folder),
    "text": catalogues.text("greeting", "en", folder, name="Li"),
    "gettext": catalogues.translations(folder, "paibang", "en").ngettext("table", "tables", 1),
    "parsed": len(parsed),
}))
"""


def read_in_a_new_process(folder: Path) -> tuple[dict[str, object], int]:
    """What a new process finds, and how many .po files it parsed with Babel."""
    done = subprocess.run([sys.executable, "-c", READ_IN_A_NEW_PROCESS, str(folder)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    return found, found.pop("parsed")


def babel_reads(folder: Path) -> dict[str, object]:
    """The words as Babel reads the .po files, with no cache: what every reading must give."""
    found = read_here(folder)
    for path in folder.rglob(f"{catalogues.CACHE}/*"):
        path.unlink()
    return found


def test_a_second_process_reads_the_cache_not_the_po_files(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    write_catalogues(folder)
    first, parsed = read_in_a_new_process(folder)
    assert parsed == 6  # three locales, two domains: each parsed once, and kept
    assert first["text"] == "hello, Li" and first["gettext"] == "one table"
    assert first["words"]["greeting"] == list(TEXTS.values()) and "draft" not in first["words"]
    assert first["messages"]["odd-thing"]["en"] == ["odd: en", "fix it (en)"]
    assert all(kept(folder, locale, domain).is_file() for locale in LOCALES for domain in (WORDS, MESSAGES))

    second, parsed = read_in_a_new_process(folder)
    assert parsed == 0
    assert second == first == read_here(folder)


def test_a_changed_po_file_is_read_afresh_whatever_its_time_and_size(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    write_catalogues(folder)
    assert read_here(folder)["text"] == "hello, Li"
    path = catalogues.catalogue_path(folder, WORDS, "en")
    before = path.stat()
    # The same size and the same times: only its bytes tell that it changed.
    write_catalogues(folder, {**TEXTS, "en": "howdy, {name}"})
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size

    assert read_here(folder)["text"] == "howdy, Li"  # forget() (serve, after an edit) reads it again
    found, parsed = read_in_a_new_process(folder)
    assert (found["text"], parsed) == ("howdy, Li", 0)  # the cache was made again from the new bytes

    # A broken file is Babel's error, with its line, as without the cache.
    path.write_text(path.read_text(encoding="utf-8") + "\nnot a keyword\n", encoding="utf-8")
    with pytest.raises(pofile.PoFileError) as raised, path.open("rb") as handle:
        pofile.read_po(handle, abort_invalid=True)
    catalogues.forget()
    with pytest.raises(pofile.PoFileError) as found_error:
        catalogues.text("greeting", "en", folder, name="Li")
    assert str(found_error.value) == str(raised.value) and found_error.value.lineno == raised.value.lineno


def test_a_cache_file_paibang_did_not_write_for_these_bytes_is_not_believed(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    write_catalogues(folder)
    truth = babel_reads(folder)
    read_here(folder)
    english, chinese = kept(folder, "en").read_bytes(), kept(folder, "zh-Hans").read_bytes()
    planted = english.replace(b"hello, {name}", b"PWNED, {name}")
    payload = english[len(seals.MAGIC) + 32:].replace(b"hello, {name}", b"PWNED, {name}")
    other_key = seals.MAGIC + hmac.new(b"k" * 32, payload, hashlib.sha256).digest() + payload
    for name, data in {
        "altered after it was sealed": planted,
        "sealed with another user's key": other_key,
        "not sealed at all": payload,
        "the user's own, made of another catalogue": chinese,
    }.items():
        kept(folder, "en").write_bytes(data)
        assert read_here(folder) == truth, name
        assert kept(folder, "en").read_bytes() == english, name  # made again, from the .po file
    assert read_in_a_new_process(folder) == (truth, 0)


def test_where_the_cache_cannot_be_kept_the_words_are_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    write_catalogues(folder)
    truth = babel_reads(folder)
    read_here(folder)
    ours = kept(folder).read_bytes()
    cache = kept(folder).parent

    # A folder everyone can write into is not used, not even for a file paibang sealed.
    cache.chmod(0o777)
    found, parsed = read_in_a_new_process(folder)
    assert (found, parsed) == (truth, 2)  # both of the English catalogues parsed again
    assert kept(folder).read_bytes() == ours  # and nothing written into it

    # Nor one in a folder everyone can write into (the cache folder itself could be swapped).
    cache.chmod(0o700)
    cache.parent.chmod(0o777)
    assert read_in_a_new_process(folder) == (truth, 2)
    cache.parent.chmod(0o755)
    assert read_in_a_new_process(folder) == (truth, 0)

    # A link in the folder's place: nothing written where it points.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for path in folder.rglob(catalogues.CACHE):
        path.chmod(0o700)
        for file in path.iterdir():
            file.unlink()
        path.rmdir()
        path.symlink_to(elsewhere, target_is_directory=True)
    assert read_in_a_new_process(folder) == (truth, 6)
    assert not list(elsewhere.iterdir())

    # No folder can be made there (a file in its place; a folder the user cannot write is the same error).
    for path in folder.rglob(catalogues.CACHE):
        path.unlink()
        path.write_bytes(b"")
    assert read_in_a_new_process(folder) == (truth, 6)
    assert read_here(folder) == truth
