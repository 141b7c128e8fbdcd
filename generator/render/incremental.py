"""Rebuilding only what changed: each event's pages are kept from the previous build when
nothing they are made from has changed.

An event's pages depend on its own folder (event.yaml, notice, results files), on site.yaml,
on the code and templates that render them, on its bulletins' links, and on a little of the
rest of the site (the list of events, and who is who for the player links). All of that is
hashed into the event's key. When the previous build of the same output/ recorded the same key,
its files are hard-linked into the new site instead of being rendered again; the archive,
players, search index, feed and sitemap are always made anew.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from generator.content.model import Site
from generator.render.output import OutputTree
from generator.tournament.event import EventResult

PACKAGE = Path(__file__).resolve().parents[1]
TEMPLATES = PACKAGE.parent / "templates"


@dataclass
class EventPages:
    """What one event contributed to a build: its key, files and (page, date) for the sitemap."""

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


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def site_digest(site: Site, results: list[EventResult]) -> str:
    """The part of the whole site every event page shows or links to."""
    digest = hashlib.sha256(code_digest().encode())
    site_file = site.root / "site.yaml"
    digest.update(site_file.read_bytes() if site_file.is_file() else b"")
    for result in sorted(results, key=lambda r: r.event.slug):
        event = result.event
        digest.update(json.dumps([event.slug, event.title, event.game, [d.isoformat() for d in event.dates],
                                  event.locale], ensure_ascii=False).encode())
        for entry in event.entries.values():  # who is who: player pages and links
            digest.update(json.dumps([entry.id, entry.group, [(p.name, p.id) for p in entry.players]],
                                     ensure_ascii=False).encode())
    return digest.hexdigest()


def event_key(shared: str, result: EventResult, bulletins: list[tuple[str, str]]) -> str:
    digest = hashlib.sha256(shared.encode())
    digest.update(folder_digest(result.event.folder).encode())
    digest.update(json.dumps(bulletins, ensure_ascii=False).encode())
    return digest.hexdigest()


class PreviousBuild:
    """The record of the last build of an output folder, kept beside the PDF cache."""

    def __init__(self, output: Path, record: Path) -> None:
        self.output = output.resolve()
        self.record = record
        self.events: dict[str, EventPages] = {}
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            if data.get("output") == str(self.output):
                self.events = {slug: EventPages.from_json(v) for slug, v in data.get("events", {}).items()}
        except (OSError, ValueError, AttributeError):
            self.events = {}

    def reuse(self, slug: str, key: str, out: OutputTree) -> EventPages | None:
        """Link the event's previous files into `out` when its key is unchanged and they are all there."""
        previous = self.events.get(slug)
        if previous is None or previous.key != key or not self.output.is_dir():
            return None
        sources = [self.output / path for path in previous.files]
        if not all(source.is_file() for source in sources):
            return None
        for relative, source in zip(previous.files, sources):
            target = out.path(relative)
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(source, target)
            except OSError:
                shutil.copyfile(source, target)
            out.written.append(relative)
        return previous

    def forget(self) -> None:
        """Drop the record before output/ changes: a build killed between the swap and `save`
        must not leave a record that describes the site it replaced."""
        self.record.unlink(missing_ok=True)

    def save(self, events: dict[str, EventPages]) -> None:
        self.record.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.record.with_suffix(f".tmp-{os.getpid()}")
        temporary.write_text(json.dumps({"output": str(self.output),
                                         "events": {slug: pages.as_json() for slug, pages in sorted(events.items())}},
                                        ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, self.record)
