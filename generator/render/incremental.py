"""Rebuilding only what changed: each event's pages are kept from the previous build when
nothing they are made from has changed.

An event's pages depend on its own folder (event.yaml, notice, results files), on site.yaml,
on the code and templates that render them, on its bulletins' links, and on a little of the
rest of the site (the list of events, and who is who for the player links). All of that is
hashed into the event's key. A player's page depends on the same shared part and on the events
the player appears in: its key is made of theirs. When the previous build of the same output/
recorded the same key, the files are hard-linked into the new site instead of being rendered
again; the archive, the players' index, search index, feed and sitemap are always made anew.

A build whose every input is as the last one left it (content/, the code and templates, the
options) and whose output/ is still as written does nothing at all: like `make`, it says the
site is up to date, and repeats the last build's figures and warnings.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import caches
from generator.content import snapshot
from generator.render.output import OutputTree

if TYPE_CHECKING:  # not imported at run time: a build with nothing to do needs only this module
    from generator.content.model import Site
    from generator.tournament.results import EventResult
    from generator.tournament.summary import EventSummary

PACKAGE = Path(__file__).resolve().parents[1]
TEMPLATES = PACKAGE.parent / "templates"


@dataclass
class EventPages:
    """What one event (or one player page) contributed to a build: its key, files and (page, date)
    for the sitemap."""

    key: str
    files: list[str] = field(default_factory=list)
    pages: list[tuple[str, dt.date | None]] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"key": self.key, "files": self.files,
                "pages": [[path, day.isoformat() if day else None] for path, day in self.pages]}

    @classmethod
    def from_json(cls, data: dict) -> EventPages:
        pages = [(path, dt.date.fromisoformat(day) if day else None) for path, day in data.get("pages", [])]
        return cls(str(data.get("key", "")), list(data.get("files", [])), pages)


@cache
def code_digest() -> str:
    """Every file of the package and the templates: a change of code or look renders everything."""
    digest = hashlib.sha256()
    for root in (PACKAGE, TEMPLATES):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root.parent)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


_READ: dict[Path, str] | None = None  # each folder's digest, while one build runs


@contextmanager
def one_reading() -> Iterator[None]:
    """Within it, each folder is read and hashed once: a build needs an event folder's digest
    three times (has anything changed at all, its cached scores, its pages)."""
    global _READ
    if _READ is not None:  # a check inside a build: the build's reading
        yield
        return
    _READ = {}
    try:
        with snapshot.taking():  # and each file is read once: what is hashed is what is parsed
            yield
    finally:
        _READ = None


def _entries(folder: str) -> list[tuple[str, bool]]:
    """Everything under `folder` as (path relative to it with "/", is a file), in path order;
    symbolic links to folders are not followed (as Path.rglob does not)."""
    found = []
    for top, folders, files in os.walk(folder):
        relative = os.path.relpath(top, folder)
        prefix = "" if relative == "." else relative.replace(os.sep, "/") + "/"
        found.extend((prefix + name, False) for name in folders)
        found.extend((prefix + name, os.path.isfile(os.path.join(top, name))) for name in files)
    return sorted(found, key=lambda entry: entry[0].split("/"))


def _name(relative: str) -> bytes:
    """A path as its bytes: a name that is not UTF-8 (a zip from a Chinese Windows names files
    in GBK) comes from os.walk with surrogate escapes, which str.encode refuses."""
    return os.fsencode(relative)


def folder_digest(folder: Path) -> str:
    folder = folder.resolve()
    if _READ is not None and folder in _READ:
        return _READ[folder]
    digest = hashlib.sha256()
    root = os.fspath(folder)
    for relative, is_file in _entries(root):
        if is_file:
            digest.update(_name(relative))
            snapshot.feed(digest, f"{root}/{relative}")
    if _READ is not None:
        _READ[folder] = digest.hexdigest()
    return digest.hexdigest()


def build_inputs(content: Path, *options: object) -> str:
    """Everything a build is made from: content/, the code and templates, the build's options.
    content/ is walked once: each event folder's digest (as folder_digest makes it, and kept for
    the rest of the build) stands for its files."""
    content = content.resolve()
    root = os.fspath(content)
    digest = hashlib.sha256(code_digest().encode())
    events: dict[str, Any] = {}
    for relative, is_file in _entries(root):
        parts = relative.split("/", 2)
        if len(parts) > 2 and parts[0] == "events":
            if is_file:
                folder_hash = events.setdefault(parts[1], hashlib.sha256())
                folder_hash.update(_name(parts[2]))
                snapshot.feed(folder_hash, f"{root}/{relative}")
            continue
        folder_mark = "" if is_file or not os.path.isdir(f"{root}/{relative}") else "/"
        digest.update(_name(f"{relative}{folder_mark}\0"))  # folders too: an empty one counts
        if is_file:
            snapshot.feed(digest, f"{root}/{relative}")
    for name, folder_hash in events.items():
        if _READ is not None:
            _READ[content / "events" / name] = folder_hash.hexdigest()
        digest.update(_name(f"{name}\0{folder_hash.hexdigest()}"))
    digest.update(repr(options).encode())
    return digest.hexdigest()


@dataclass
class Outcome:
    """What the last build reported, repeated by a build that finds nothing to do."""

    pages: int
    pdfs: int
    events: int
    warnings: list = field(default_factory=list)
    locale: str = ""  # the site's, for messages


def site_digest(site: Site) -> str:
    """What every page of the site shows besides its own: site.yaml (title, organisation,
    language, base URL), and the code and templates that render it."""
    digest = hashlib.sha256(code_digest().encode())
    site_file = site.root / "site.yaml"
    digest.update(snapshot.read(site_file) if site_file.is_file() else b"")
    return digest.hexdigest()


def event_key(shared: str, result: EventResult | EventSummary, bulletins: list[tuple[str, str]],
              persons: list[str]) -> str:
    """An event's pages: the shared part, its own folder, its bulletins' links, and the keys of
    the persons its names link to (render/players.py's People.keys_in): the only thing its pages
    take from the other events, for a person's key follows who they are across the site."""
    digest = hashlib.sha256(shared.encode())
    digest.update(folder_digest(result.event.folder).encode())
    digest.update(json.dumps([bulletins, persons], ensure_ascii=False).encode())
    return digest.hexdigest()


def player_part(person_key: str) -> str:
    """How a player's page is recorded beside the events (an event slug never has a "/")."""
    return f"players/{person_key}"


def player_key(shared: str, identity: str, event_keys: list[str]) -> str:
    """A player's page: the shared part of the site, who the person is as the page says it (name,
    groups, namesakes: render/players.py's Person.shown), and the keys of the events the person
    appears in (which hold their teammates' keys)."""
    return hashlib.sha256("\0".join([shared, identity, *event_keys]).encode()).hexdigest()


class PreviousBuild:
    """The record of the last build of an output folder, kept beside the PDF cache."""

    def __init__(self, output: Path, record: Path) -> None:
        self.output = output.resolve()
        self.record = record
        self.events: dict[str, EventPages] = {}
        self.data: dict = {}
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            if data.get("output") == str(self.output):
                self.events = {slug: EventPages.from_json(v) for slug, v in data.get("events", {}).items()}
                self.data = data
        except (OSError, ValueError, AttributeError):
            self.events = {}

    def unchanged(self, inputs: str) -> Outcome | None:
        """The last build's outcome when it was made from the same `inputs` and every file it
        wrote is still in output/ as it was written (size and modification time); else None."""
        if self.data.get("inputs") != inputs or not isinstance(self.data.get("files"), dict):
            return None
        try:
            root = os.fspath(self.output)
            for relative, (size, modified) in self.data["files"].items():
                found = os.stat(f"{root}/{relative}")
                if found.st_size != size or found.st_mtime_ns != modified:
                    return None
            with open(self._warnings_file, "rb") as handle:
                warnings = caches.loads(handle.read())  # sealed: never a pickle someone else wrote
            return Outcome(int(self.data["pages"]), int(self.data["pdfs"]), int(self.data["events_built"]), warnings,
                           str(self.data.get("locale", "")))
        except Exception:  # noqa: BLE001 - any record that cannot be read is as good as none
            return None

    @property
    def _warnings_file(self) -> Path:
        return self.record.with_suffix(".warnings.sealed")

    def reuse(self, slug: str, key: str, out: OutputTree) -> EventPages | None:
        """Keep the event's previous files for `out` when its key is unchanged and they are all
        there as written: nothing is copied or linked here (see OutputTree.keep)."""
        previous = self.events.get(slug)
        if previous is None or previous.key != key or not self.output.is_dir():
            return None
        root = os.fspath(self.output)
        recorded = self.data.get("files", {})
        if not all(self._as_written(relative, f"{root}/{relative}") for relative in previous.files):
            return None
        for relative in previous.files:
            stamp = recorded.get(relative)
            out.keep(relative, tuple(stamp) if stamp is not None else None)
        return previous

    def kept_pdf(self, relative: str, key: str) -> tuple[int, int] | None:
        """The recorded stamp of a bulletin in output/ when the last build wrote it from the same
        printing job (`key`) and it is still as written; else None (to be printed or read from
        the PDF cache)."""
        if self.data.get("pdf_keys", {}).get(relative) != key:
            return None
        stamp = self.data.get("files", {}).get(relative)
        if stamp is None or not self._as_written(relative, f"{self.output}/{relative}"):
            return None
        return tuple(stamp)

    def _as_written(self, relative: str, source: str) -> bool:
        """The file is still there, and (when the record says) as the last build wrote it: a
        page edited or replaced by hand in output/ is rendered again, never linked."""
        try:
            found = os.lstat(source)  # a symbolic link put in its place is not the page written
        except OSError:
            return False
        recorded = self.data.get("files", {}).get(relative)
        return stat.S_ISREG(found.st_mode) and (
            recorded is None or [found.st_size, found.st_mtime_ns] == recorded)

    def forget(self) -> None:
        """Drop the record before output/ changes: a build killed between the swap and `save`
        must not leave a record that describes the site it replaced."""
        self.record.unlink(missing_ok=True)

    def save(self, events: dict[str, EventPages], inputs: str | None = None, outcome: Outcome | None = None,
             files: list[str] = (), stamps: dict[str, tuple[int, int]] | None = None,
             pdf_keys: dict[str, str] | None = None) -> None:
        """Record what each event wrote; with `inputs` and `outcome`, also what the whole build was
        made from and every file it wrote, with its size and modification time (`stamps` as the
        writing found them, else read back from output/), for `unchanged`; `pdf_keys`: each
        bulletin's printing job, for `kept_pdf`."""
        self.record.parent.mkdir(parents=True, exist_ok=True)
        data: dict = {"output": str(self.output),
                      "events": {slug: pages.as_json() for slug, pages in sorted(events.items())}}
        if inputs is not None and outcome is not None:
            caches.write_atomically(self._warnings_file, caches.dumps(outcome.warnings))
            stamps = stamps or {}
            found = {relative: stamps.get(relative) or _stamp(self.output / relative) for relative in files}
            data |= {"inputs": inputs, "pages": outcome.pages, "pdfs": outcome.pdfs, "events_built": outcome.events,
                     "locale": outcome.locale,
                     "files": {relative: list(stamp) for relative, stamp in found.items()},
                     "pdf_keys": pdf_keys or {}}
        temporary = self.record.with_suffix(f".tmp-{os.getpid()}")
        temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, self.record)


def _stamp(path: Path) -> tuple[int, int]:
    found = os.stat(path)
    return found.st_size, found.st_mtime_ns
