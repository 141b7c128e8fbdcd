"""`paibang init [DIR]`: a new site to fill in — DIR/site.yaml, every key explained in the
site's language, an empty DIR/events/ for `paibang new`, and DIR/schema/, the editors' JSON
Schemas that site.yaml's and each event.yaml's `$schema` line names. Refuses a DIR that is not
empty, so that nobody's content is ever overwritten or mixed with a fresh site.

Why the schemas are copied into the site rather than named where paibang is installed: the
`$schema` line is read by the secretary's editor, on whatever laptop the site folder is copied
to, where paibang's own folder (a venv, a clone) is somewhere else or nowhere. A path inside
the site, relative to the file, resolves wherever the folder goes. `paibang new` writes them
again when they are an older paibang's (a key added since), so they follow the loader; a file
there that paibang did not write is the user's, and is left as it is (keep_schemas).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from generator import catalogues
from generator.content.schema import SITE_SCHEMA_FOLDER, schema_texts
from generator.errors import system_reason
from generator.seals import NotOwnFile, make_folders_durably, open_own, write_durably

# (comment, key line) per key: the comment a key of the shared UI words, the line written as it
# is after `.format(locale=…, value=…)`, `value` being the `…_value` word. base_url is written
# commented out: a site without it is complete, and a wrong address would go into the feed, the
# sitemap and every QR code. content_locale is written on an English site only, set: the players'
# and teams' names there are a Chinese club's (the build takes zh-Hans without it, content_locale_of),
# and the line says so where the secretary of a club writing 繁體 (zh-Hant) or Latin names (en)
# corrects it; a commented line would state the same default less visibly. On a Chinese site the
# content is in the pages' own language and nothing is marked, so the key would only be noise.
SITE_LINES: list[tuple[str, str]] = [
    ("init_head", ""),
    ("init_title", "title: {value}"),
    ("init_organization", "organization: {value}"),
    ("init_locale", "locale: {locale}"),
    ("init_content_locale", "content_locale: zh-Hans"),
    ("init_base_url", "# base_url: https://example.org/paibang/"),
    ("init_private", "private: []"),
]


class InitRefused(Exception):
    """The site cannot be created there: the message says why, in the chosen language."""



# Every version of the editors' schemas a paibang has written into a site (init and new, since
# they first did), by the sha256 of the file. How new knows a schema file is paibang's to bring
# up to date: a file equal to one of them is, whatever version it is; any other is the user's,
# edited by hand (a key of their own) or written by a newer paibang (whose keys this one does not
# know), and is left as it is, said. Neither a marker in the file (an edited file keeps it) nor
# paibang's version number (0.1.0 for every commit) tells those apart. A change to a schema adds
# its digests here: tests/test_init.py fails until it does.
WRITTEN = frozenset({
    "8a6af4f6ce49f0ec113023737daa093f9554ed1d613212f77ec1c492699edff3",  # site.schema.json, 2ae3793
    "1267bf8236298e57aad45d40427894befae158fb2d1c3b6031c1d991fc6e78a7",  # event.schema.json, 2ae3793
    "c2cfad94b191d9619a4c1ddae016dc98d98fce7b25b3b62cb7d18a2c308317b0",  # results.schema.json, 2ae3793
    "775538ad8f8211c27d909d7e5e1fd506c004ddfc06230924464611b9f867055b",  # site.schema.json, content_locale
    "bb13d69c5f0fd60d014ddd38bfd17e5a5018568a5307d329add2a0a68aa3f3a9",  # event.schema.json, the desk's one name
    "2209c127a2ed2079f25b354f619cdd303b52db904a44718216b5cf11adda2762",  # results.schema.json, a Guandan double forfeit
    "2281092b3ad7c52aef87a6325c66f879452051fdd8a2950ddc25c4d0ebe090c3",  # event.schema.json, credits' forfeit in its own words
})
MAX_SCHEMA_BYTES = 4 * 1024 * 1024  # a schema of paibang's is some 100 KB: a larger file is not one


class LeftSchema(NamedTuple):
    """A schema file keep_schemas left as it was: the file, why (the UI word schema_left_<why>),
    and the system's reason when it could not read or write it (errors.system_reason: a full disk
    or no permission in every locale's words)."""

    path: Path
    why: str
    reason: str | dict[str, str] = ""


@dataclass
class Schemas:
    """What keep_schemas did: the schema files written, and those left as they were."""

    written: list[Path] = field(default_factory=list)
    left: list[LeftSchema] = field(default_factory=list)


class Ignored(NamedTuple):
    """What keep_gitignore did: the .gitignore beside content/, whether it wrote it, the lines a
    .gitignore there already lacks (left as it is), and the system's reason when it could not
    write one."""

    path: Path
    written: bool
    missing: list[str]
    reason: str | dict[str, str] = ""


class Made(NamedTuple):
    """What init or new made: the site's or the event's files, and what became of the schemas
    (and, for init, of the .gitignore)."""

    files: list[Path]
    schemas: Schemas
    ignored: Ignored | None = None


def site_text(locale: str) -> str:
    lines = [f"# yaml-language-server: $schema={SITE_SCHEMA_FOLDER}/site.schema.json"]
    for comment, line in SITE_LINES:
        if comment == "init_content_locale" and locale != "en":
            continue  # a Chinese site's names are in its own language, as the build takes them
        lines.append(f"# {catalogues.text(comment, locale)}")
        if line:
            value = catalogues.text(f"{comment}_value", locale) if "{value}" in line else ""
            lines.append(line.format(locale=locale, value=value))
    lines.append(f"# {catalogues.text('init_next', locale)}")
    return "\n".join(lines) + "\n"


def init_site(folder: Path, locale: str = "zh-Hans", said_in: str | None = None) -> Made:
    """Write folder/site.yaml, folder/events/ and the schemas; returns what was written. `locale`:
    the new site's language; `said_in`: the refusal's (--lang, which need not be the site's:
    `paibang --lang en init` writes a zh-Hans site and speaks English), default the site's."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InitRefused(catalogues.text("init_not_empty", said_in or locale, folder=folder))
    make_folders_durably(folder / "events")
    site = folder / "site.yaml"
    write_durably(site, site_text(locale).encode("utf-8"), replace=False)
    return Made([site, folder / "events"], keep_schemas(folder), keep_gitignore(folder, locale))


# What paibang makes beside content/ that is not to be committed: the built site (`output/`,
# the default from where content/ is: built again from content/ at any time, and a git checkout
# of its own when published that way), the desk's tokens (`.paibang-desk/`: the admin token and
# every table's link, sealed with a key that is not in the repository; pushed, whoever reads the
# repository holds them) and the PDF cache. Anchored (`/output/`): a folder `output` inside
# content/ (an event's) is content.
IGNORED = ("/output/", "/.paibang-desk/", "/.paibang-cache/")


def keep_gitignore(content: Path, locale: str) -> Ignored:
    """A .gitignore beside content/ (in its parent: output/, .paibang-desk/ and .paibang-cache/
    are made there, where a .gitignore inside content/ cannot reach them) listing IGNORED, written
    when there is none. One that is there is the user's and is left as it is, never appended to:
    its lines are the user's order (a `!output/` of theirs, above a line put at its end, would be
    undone without a word), and the folder above content/ may be a repository of other things
    (a home folder's dotfiles); the lines it lacks are said, for the user to add. Never stops init."""
    path = content.absolute().parent / ".gitignore"
    found = own_file(path, 1024 * 1024)
    if isinstance(found, LeftSchema):  # a link, a folder, another's: not read, not written
        return Ignored(path, False, list(IGNORED))
    if found is not None:
        have = {line.strip().strip("/") for line in found.decode("utf-8", "replace").splitlines()}
        return Ignored(path, False, [line for line in IGNORED if line.strip("/") not in have])
    text = f"# {catalogues.text('init_gitignore_head', locale)}\n" + "\n".join(IGNORED) + "\n"
    try:
        write_durably(path, text.encode("utf-8"), replace=False)
    except FileExistsError:  # (made meanwhile: the user's)
        return Ignored(path, False, [])
    except OSError as error:  # a parent folder not the user's to write in
        return Ignored(path, False, list(IGNORED), system_reason(error))
    return Ignored(path, True, [])


def keep_schemas(content: Path) -> Schemas:
    """content/schema/*.schema.json as this paibang makes them, each written when missing or a
    version paibang wrote (WRITTEN) other than this one. Left as it is, never read through nor
    written over: a file of the user's (any other content), a link (to a file of theirs
    elsewhere), anything but a regular file (a folder; a named pipe, which a read would wait on
    for ever), another user's file; and a `schema` that is not a folder of the site's own. The
    editor's completion is not worth any of them; each is said, and never stops init or new."""
    folder = content / SITE_SCHEMA_FOLDER
    done = Schemas()
    if os.path.lexists(folder) and (folder.is_symlink() or not folder.is_dir()):
        done.left.append(LeftSchema(folder, "link" if folder.is_symlink() else "not_folder"))
        return done
    for name, text in schema_texts().items():
        path, data = folder / name, text.encode("utf-8")
        found = own_file(path)
        if found == data:
            continue
        if isinstance(found, LeftSchema):
            done.left.append(found)
            continue
        if found is not None and hashlib.sha256(found).hexdigest() not in WRITTEN:
            done.left.append(LeftSchema(path, "changed"))
            continue
        try:
            # (put in place by a rename, which never writes through a link or a pipe put there since)
            write_durably(path, data)
        except OSError as error:  # a folder not the user's to write in, a full disk
            done.left.append(LeftSchema(path, "unwritable", system_reason(error)))
            continue
        done.written.append(path)
    return done


def own_file(path: Path, limit: int = MAX_SCHEMA_BYTES) -> bytes | LeftSchema | None:
    """What a file paibang may have written holds (a schema; an import's hand records); None
    when there is none; why it is left (LeftSchema) when it is not a regular file of the user's
    own, or cannot be read, or is larger than `limit` bytes (`changed`: not one paibang wrote).
    Opened as paibang opens its own files (seals.open_own): never through a link, never waiting
    on a named pipe, and only read once fstat says it is a regular file of the user's."""
    try:
        fd = open_own(path)
    except FileNotFoundError:
        return None
    except NotOwnFile as refused:
        return LeftSchema(path, _LEFT_FOR[refused.why])
    except OSError as error:
        return LeftSchema(path, "unreadable", system_reason(error, reading=True))
    try:
        if os.fstat(fd).st_size > limit:
            return LeftSchema(path, "changed")
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        return LeftSchema(path, "unreadable", system_reason(error, reading=True))
    finally:
        os.close(fd)


# LeftSchema's why (the UI word schema_left_<why>) for each of NotOwnFile's.
_LEFT_FOR = {"link": "link", "not-file": "not_file", "owner": "not_own"}
