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
import contextlib
import hashlib
import json
import os
import pickle
import select
import signal
import stat
import sys
import struct
import time
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import caches
from generator.content import snapshot
from generator.content.snapshot import event_folders
from generator.content.files import within
from generator.render.output import OutputTree, as_written, looks_whole, marker_id
from generator.seals import sync_folder

if TYPE_CHECKING:  # not imported at run time: a build with nothing to do needs only this module
    from generator.content.model import Site
    from generator.tournament.results import EventResult
    from generator.tournament.summary import EventSummary

PACKAGE = Path(__file__).resolve().parents[1]
TEMPLATES = PACKAGE.parent / "templates"


@dataclass(slots=True)
class EventPages:
    """What one part of the site (an event, a player page, an archive page, the search index)
    contributed to a build: its key, files and (page, date) for the sitemap. `stamps`, aligned
    with `files`, are their (size, modification time) as the record of the build keeps them:
    a part kept from the last build brings them along (None: a part rendered by this build,
    whose stamps are in its OutputTree's)."""

    key: str
    files: list[str] = field(default_factory=list)
    pages: list[tuple[str, dt.date | None]] = field(default_factory=list)
    stamps: tuple[tuple[int, int], ...] | None = None
    listed: str = ""  # `pages` as a digest, made once (listed_digest) and kept with the part

    @property
    def file_count(self) -> int:
        return len(self.files)

    @property
    def html_count(self) -> int:
        return sum(1 for path in self.files if path.endswith(".html"))

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def first(self) -> list[tuple[str, tuple[int, int]]]:
        """The first file and its stamp (none without stamps)."""
        return list(zip(self.files[:1], self.stamps or ()))

    def packed(self) -> tuple:
        """As the record keeps it (RecordedPages): the key, `listed`, the first file and stamp
        and the counts at once, the rest pickled and compressed, to be unpacked only when asked
        for. Compressed: its paths repeat the event's (`events/<slug>/…`), and a build holds
        every part so, from the render workers' reports to its record, as a rebuild holds the
        last build's (2,000 events' 3,200 parts: 6.8 MB pickled, 1.4 MB compressed)."""
        head = _packed_head(self.files[0] if self.files else None, self.stamps[0] if self.stamps else None,
                            self.file_count, self.html_count, self.page_count)
        return (self.key, self.listed, head, caches.packed((tuple(self.files), self.stamps, tuple(self.pages))))


_HEAD = struct.Struct("<qqIII")  # the first file's stamp (size -1: none), the counts of files, HTML files and pages


def _packed_head(first: str | None, stamp: tuple[int, int] | None, files: int, html: int, pages: int) -> bytes:
    """What a part as recorded answers at once (RecordedPages): its first file and stamp and its
    counts, as one bytes object. As a tuple (a text, a stamp of two numbers), they were six
    objects a part: 12,000 parts at 2,000 events, held from the render workers' reports to the
    record of the build, and in a rebuild, the last build's."""
    if first is None or stamp is None:
        return _HEAD.pack(-1, 0, files, html, pages)
    return _HEAD.pack(*stamp, files, html, pages) + first.encode("utf-8", "surrogateescape")


def _without(pages: EventPages, left: frozenset[str]) -> EventPages:
    """`pages` without the files `left` (PreviousBuild.save: files the record must not name), a
    part of its own when it held any (its stamps with its files; its pages, for the sitemap, kept)."""
    files = list(pages.files)
    if not any(relative in left for relative in files):
        return pages
    stamps = pages.stamps
    keep = [number for number, relative in enumerate(files) if relative not in left]
    return EventPages(pages.key, [files[number] for number in keep], list(pages.pages),
                      tuple(stamps[number] for number in keep) if stamps is not None and len(stamps) == len(files)
                      else None, pages.listed)


class RecordedPages(EventPages):
    """A part as the last build's record keeps it (EventPages.packed): a rebuild keeps most of
    the site's parts (12,000 in 2,000 events, 87,000 files) by their key and first file alone,
    and records them again as they were, without unpickling or pickling their every file and
    page (that was a fifth of a rebuild of 2,000 events). Their files, stamps and pages are
    unpacked when first asked for; a part whose stamps are changed is packed anew."""

    __slots__ = ("_head", "_rest", "_unpacked", "_listed")

    def __init__(self, key: str, listed: str, head: bytes, rest: bytes) -> None:  # noqa: D107 - not the dataclass's
        self.key, self.listed = key, listed
        self._head, self._rest = head, rest
        self._unpacked: list | None = None
        self._listed = listed  # as recorded

    @property
    def as_recorded(self) -> bool:
        """Nothing of it changed since it was read from the record: recorded again as it was."""
        return bool(self._rest) and self.listed == self._listed

    def _packed_rest(self) -> bytes:
        return self._rest

    def _fields(self) -> list:
        if self._unpacked is None:
            files, stamps, pages = caches.unpacked(self._packed_rest())
            self._unpacked = [list(files), list(pages), stamps]
        return self._unpacked

    def _set(index: int):  # noqa: ANN205, N805 - the setters below
        def put(self: RecordedPages, value: Any) -> None:
            self._unpacked = self._fields()  # (kept unpacked from now on: RenderedPages does not keep them)
            self._unpacked[index] = value
            self._rest = b""  # changed: packed anew
        return put

    files = property(lambda self: self._fields()[0], _set(0))
    pages = property(lambda self: self._fields()[1], _set(1))
    stamps = property(lambda self: self._fields()[2], _set(2))
    file_count = property(lambda self: _HEAD.unpack_from(self._head)[2])
    html_count = property(lambda self: _HEAD.unpack_from(self._head)[3])
    page_count = property(lambda self: _HEAD.unpack_from(self._head)[4])
    del _set

    def first(self) -> list[tuple[str, tuple[int, int]]]:
        size, modified, *_ = _HEAD.unpack_from(self._head)
        if size < 0:
            return []
        return [(self._head[_HEAD.size:].decode("utf-8", "surrogateescape"), (size, modified))]

    def packed(self) -> tuple:
        if self._rest:
            return (self.key, self.listed, self._head, self._packed_rest())
        return super().packed()


class RenderedPages(RecordedPages):
    """A part the render workers wrote in this build, held as the record will keep it
    (EventPages.packed, its stamps as the worker wrote its files) from the moment the worker's
    report is unpacked (render/html.py's _Rendering.finish): a 2,000-event archive's 12,000
    parts, 87,000 files with their stamps and pages, grew the build's process by 40 MB when all
    held unpacked until the record was written. Its files and pages are unpacked anew each time
    they are asked for (the sitemap, the files gone, the files written anew), one part at a
    time, and let go again; none is ever unpacked for the record. With `spill`, what is packed
    of them lies in that file (caches.Spill), read back when asked: held in the heap, packed,
    they still grew it with the archive to the record's writing, the build's own peak (1.5 MB
    at 2,000 events, 0.15 MB at 200)."""

    __slots__ = ("_spill",)

    def __init__(self, key: str, listed: str, head: bytes, rest: bytes, spill: caches.Spill | None = None) -> None:
        super().__init__(key, listed, head, rest)
        self._spill = spill
        if spill is not None:  # where it lies: a number, never 0 (its length is in its low bits)
            self._rest = spill.put(rest)

    def _packed_rest(self) -> bytes:
        rest = self._rest
        return self._spill.get(rest) if isinstance(rest, int) else rest

    def _fields(self) -> list:
        if self._unpacked is not None:
            return self._unpacked
        files, stamps, pages = caches.unpacked(self._packed_rest())
        return [list(files), list(pages), stamps]


def rendered_pages(pages: EventPages, stamps: dict[str, tuple[int, int]], spill: caches.Spill | None = None,
                   ) -> RenderedPages:
    """`pages`, as a render worker reports them, with the stamps of their files (`stamps`: the
    worker's OutputTree's), packed as the record keeps them (in `spill`, when given)."""
    pages.stamps = tuple(stamps[relative] for relative in pages.files)
    return RenderedPages(*pages.packed(), spill)


def listed_digest(part: EventPages, pages: list[tuple[str, dt.date | None]] | None = None) -> str:
    """The part's (page, date) list as a digest: a large site's sitemap file (render/html.py) is
    kept while its parts list the same pages, though their pages were rendered again. `pages`:
    the part's, when unpacked already (a RenderedPages unpacks them anew each time asked)."""
    if not part.listed:
        shown = part.pages if pages is None else pages
        part.listed = hashlib.sha256(json.dumps([[page, str(day)] for page, day in shown]).encode()).hexdigest()
    return part.listed


@cache
def code_digest() -> str:
    """Every file of the package and the templates: a change of code or look renders everything.
    Kept in the build's cache folder by the files' stats (code_stats, keep_code_digest_in): a
    build read and hashed the 4 MB of them every time."""
    folder = _CODE_KEPT_IN[0]
    stats = code_stats() if folder is not None else None
    if folder is None or stats is None:
        return _code_digest_made()
    kept = _kept_code_digest(folder / CODE_DIGEST_FILE, stats)
    if kept is not None:
        return kept
    made = _code_digest_made()
    if folder.is_dir():  # (a cache folder gone meanwhile is not made again for it)
        with suppress(OSError):  # (not kept: made again by the next build)
            caches.write_sealed(folder / CODE_DIGEST_FILE, json.dumps({"stats": stats, "digest": made}).encode())
    return made


CODE_DIGEST_FILE = "code.json"  # in the build's cache folder (build.py's _RECORD_FILE names it too)
_CODE_KEPT_IN: list[Path | None] = [None]
_HEX64 = frozenset("0123456789abcdef")


def keep_code_digest_in(folder: Path | None) -> None:
    """Where code_digest keeps what it made from now on: a cache folder the caller found to be
    the user's own (caches.unsafe); None: nowhere, made at every run."""
    _CODE_KEPT_IN[0] = folder


def _kept_code_digest(path: Path, stats: str) -> str | None:
    """The digest kept in `path` for the code's files as `stats` says them, if any: data, not
    code (JSON, sealed with the user's key: a file someone else wrote is not believed), and of
    it only a digest's 64 hex digits are taken."""
    try:
        kept = json.loads(bytes(caches.verified(caches.read_own(path, 4096)[0])))
    except (OSError, ValueError, caches.Unsealed):  # (Unsealed, json's errors: ValueErrors)
        return None
    if not isinstance(kept, dict) or kept.get("stats") != stats:
        return None
    digest = kept.get("digest")
    return digest if isinstance(digest, str) and len(digest) == 64 and _HEX64.issuperset(digest) else None


def _code_digest_made() -> str:
    """code_digest, made from the files' bytes."""
    digest = hashlib.sha256()
    for root in (PACKAGE, TEMPLATES):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root.parent)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def code_stats() -> str | None:
    """The files code_digest is made of, as their stats say (names, size, modification and change
    time, inode), for `paibang serve`, which makes the digest again only when they changed
    (it read and hashed the package's and templates' 170 files, 1.9 MB, at every rebuild). None
    when a file is newer than RACY_NS: it may change again unseen (see RACY_NS); the digest is
    then made again, every time, until it is not."""
    newest, numbers, names = 0, [], []
    for root in (PACKAGE, TEMPLATES):
        for top, folders, files in os.walk(root):
            folders[:] = sorted(name for name in folders if name != "__pycache__")
            for name in sorted(files):
                try:
                    found = os.stat(os.path.join(top, name))
                except OSError:
                    continue  # not a file code_digest hashes (a broken link), or gone meanwhile
                if not stat.S_ISREG(found.st_mode):
                    continue
                names.append(os.path.join(top, name))
                numbers += (found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino)
                newest = max(newest, found.st_mtime_ns, found.st_ctime_ns)
    if newest >= time.time_ns() - RACY_NS:
        return None
    digest = hashlib.sha256("\0".join(names).encode("utf-8", "surrogateescape"))
    digest.update(repr(numbers).encode())
    return digest.hexdigest()


_READ: dict[Path, bytes] | None = None  # each folder's digest (as bytes: not as its 64-character text), while one build runs
_TRUSTED: set[Path] = set()  # event folders whose digest this build took from their files' stats (build_inputs)
_RESOLVED: dict[Path, Path] = {}  # each event folder's resolved path, while one build runs


def resolved(folder: Path) -> Path:
    """folder.resolve(), once per build: it looks at every part of the path (2,000 events' three
    lookups each were a tenth of a second)."""
    if _READ is None:
        return folder.resolve()
    found = _RESOLVED.get(folder)
    if found is None:
        # A folder in a folder already resolved to itself, and no link itself: itself (one look
        # at it, not at every part of its path).
        parent = folder.parent
        if (folder.is_absolute() and parent != folder and folder.name not in ("", ".", "..")
                and resolved(parent) == parent and not os.path.islink(folder)):
            found = folder
        else:
            found = folder.resolve()
        _RESOLVED[folder] = found
    return found


@contextmanager
def one_reading() -> Iterator[None]:
    """Within it, each folder is read and hashed once: a build needs an event folder's digest
    three times (has anything changed at all, its cached scores, its pages)."""
    global _READ
    if _READ is not None:  # a check inside a build: the build's reading
        yield
        return
    _READ = {}
    _TRUSTED.clear()
    _RESOLVED.clear()
    try:
        with snapshot.taking():  # and each file is read once: what is hashed is what is parsed
            yield
    finally:
        _READ = None
        _TRUSTED.clear()
        _RESOLVED.clear()


def _entries(folder: str, keep_out: str | None = None) -> list[tuple[str, bool, bool, bool]]:
    """Everything under `folder` as (path relative to it with "/", is a file, is a folder, is a
    link), in path order; symbolic links to folders are not followed (as Path.rglob does not).
    The folders in the folder `keep_out` (relative) are listed, not walked. What each entry is
    comes with its listing (no look at each of 2,000 event folders)."""
    found: list[tuple[str, bool, bool, bool]] = []
    # A stack, not a function that calls itself: such a function is a cycle of references, which
    # a build (its cycle collector off) held to its end with every entry found (0.3 MB at 2,000 events).
    to_walk = [(folder, "")]
    while to_walk:
        top, prefix = to_walk.pop()
        # (a link to a folder counts as one, as os.walk lists it)
        for name, is_file, is_folder, is_link in snapshot.listing(top):  # as the build lists it
            found.append((prefix + name, is_file, is_folder, is_link))
            if is_folder and not is_link and prefix.rstrip("/") != (keep_out or "\0"):
                to_walk.append((f"{top}/{name}", f"{prefix}{name}/"))
    return sorted(found, key=lambda entry: entry[0].split("/"))


def _files(folder: str, dirs: list | None = None, content: str | None = None,
           ) -> Iterator[tuple[str, os.stat_result]]:
    """The files under `folder` (an event folder) as (path relative to it, its stat), in path
    order (a symbolic link to a file counts as that file). A link to a folder is walked as the
    loader reads through it (a club's results kept in content/shared-results, the event's
    results/ a link to them: a hand edit there changed no file of the event's, and its old pages
    were kept), when it leads inside content/ (the loader refuses a file out of it) and to no
    folder walked already, in one or around one (a link to the event's own folder, or a cycle of
    links, would never end). content/ is `content`, or else `folder`'s grandparent as given
    (content/events/<slug>): never the grandparent of the folder's real path, which for an event
    folder that is itself a link (events/x -> ../archive/2020/x) is another folder, and its
    results/ linked to content/shared-results were taken as leading out of content/ (rev97 D2).
    One walk for the build's key of an event and the desk's watched files (desk/app.py's
    _watched_files): the two see the same files.

    With `dirs`, each folder walked as (path relative to `folder`, (modification time, change
    time, inode)) too. A link to a folder walked is (its path, the link's own stats: re-pointed,
    it is another) and (its path and "/", the folder's it leads to: a file added there changes
    them); so is every other link that is not a file walked (leading nowhere, out of content/,
    into a cycle, to a pipe), with MISSING for a target that is not there: the fast path
    (_files_as_laid_out) sees its target come back or be re-pointed. Without them such a link
    left no trace in the layout, and a results folder moved away and back kept the pages built
    while it was away until a full walk (rev97 D1); nor did a link that cannot be followed (a
    cycle of links: rev98 D2). An event folder that is itself a link is ("", the link's own
    stats) and ("/", the folder's it leads to): re-pointed, or a file added in that folder,
    either changes."""
    return _walk(folder, "", dirs, _Walked(folder, content))


def event_files(folder: str, content: str) -> Iterator[tuple[str, os.stat_result]]:
    """_files, for the desk (its watched files: desk/app.py's _watched_files); none for an event
    folder that is a link out of content/ (see folder_digest)."""
    if not within(os.path.realpath(folder), os.path.realpath(content)):
        return iter(())
    return _files(folder, content=content)


MISSING = (-1, -1, 0)  # a link's target that is not there, in a layout (a change time is never before 1970)


class _Walked:
    """What _files' walk knows of the folders it walked through links: content/'s real path, the
    event folder's, then each linked folder walked; found at the first link (an event folder
    without one, as most are, costs no look at any path)."""

    __slots__ = ("folder", "content", "real")

    def __init__(self, folder: str, content: str | None) -> None:
        self.folder, self.content = folder, content
        self.real: list[str] | None = None

    def takes(self, real: str) -> bool:
        """Whether the linked folder whose real path is `real` is walked (noted as walked)."""
        if self.real is None:
            self.content = os.path.realpath(self.content if self.content is not None
                                            else os.path.dirname(os.path.dirname(self.folder)))
            self.real = [os.path.realpath(self.folder)]
        if not within(real, self.content) or any(within(real, other) or within(other, real) for other in self.real):
            return False
        self.real.append(real)
        return True


def _walk(folder: str, prefix: str, dirs: list | None, walked: _Walked) -> Iterator[tuple[str, os.stat_result]]:
    """_files' walk of `folder`, `prefix` its path relative to the event folder."""
    try:
        if dirs is not None and not prefix:
            own = os.stat(folder, follow_symlinks=False)
            dirs.append(("", _stats(own)))
            if stat.S_ISLNK(own.st_mode):  # an event folder that is a link: the folder it leads to too ("/", see _files)
                dirs.append(("/", _stats(os.stat(folder))))
        with os.scandir(folder) as found:
            items = sorted(found, key=lambda item: item.name)
    except OSError:
        return
    for item in items:
        try:
            if item.is_dir(follow_symlinks=False):
                if dirs is not None:
                    dirs.append((f"{prefix}{item.name}", _stats(item.stat(follow_symlinks=False))))
                yield from _walk(item.path, f"{prefix}{item.name}/", dirs, walked)
            elif not item.is_symlink():  # (known from the listing: ordinary entries cost nothing more)
                if item.is_file():
                    yield f"{prefix}{item.name}", item.stat()
            elif _is_file(item):
                yield f"{prefix}{item.name}", item.stat()
            else:
                if _is_folder(item) and walked.takes(os.path.realpath(item.path)):
                    if dirs is not None:
                        dirs.append((f"{prefix}{item.name}", _stats(item.stat(follow_symlinks=False))))
                        dirs.append((f"{prefix}{item.name}/", _stats(os.stat(item.path))))
                    yield from _walk(item.path, f"{prefix}{item.name}/", dirs, walked)
                elif dirs is not None:  # not walked: its trace (see _files)
                    dirs.append((f"{prefix}{item.name}", _stats(item.stat(follow_symlinks=False))))
                    dirs.append((f"{prefix}{item.name}/", _led_to(os.stat, item.path)))
        except OSError:  # gone meanwhile
            continue


def _is_file(link: os.DirEntry) -> bool:
    """Whether the link `link` leads to a file; False when it cannot be followed: a cycle of
    links (ELOOP), a folder on its way that may not be looked into (EACCES). DirEntry raises
    for those (not for a link leading nowhere), and such a link was passed over with no trace
    in the layout: replaced by the folder it named, its files were unseen by the fast path
    (rev98 D2)."""
    try:
        return link.is_file()
    except OSError:
        return False


def _is_folder(link: os.DirEntry) -> bool:
    """Whether the link `link` leads to a folder (False when it cannot be followed: see _is_file)."""
    try:
        return link.is_dir()
    except OSError:
        return False


def _stats(found: os.stat_result) -> tuple[int, int, int]:
    """A folder's (or link's) stats as a layout keeps them."""
    return found.st_mtime_ns, found.st_ctime_ns, found.st_ino


def _led_to(look: Callable[..., os.stat_result], path: str) -> tuple[int, int, int]:
    """The stats of what the link `path` leads to, as a layout keeps them; MISSING when nothing
    (a link leading nowhere, or to itself)."""
    try:
        return _stats(look(path))
    except OSError:
        return MISSING


# (each folder's stats, and each link's but a file's: its own, and its target's as "x/"; the files)
Layout = tuple[tuple[tuple[str, tuple[int, int, int]], ...], tuple[str, ...]]


# How Folders and _packed_layout hold a name as bytes: every str as itself. With surrogate escapes,
# a name of lone surrogates (which Windows lets a folder have) was refused, or taken for another
# name: "\udcc3\udca9" and "é" were the same bytes, and one folder found as the other's entry.
NAME_BYTES = ("utf-8", "surrogatepass")


def _packed_layout(layout: Layout) -> bytes:
    """A layout as the build holds it (Folders): the counts of folders and files, each folder's
    stats (modification and change time, inode: 24 bytes), then every name, the folders' then
    the files', one text. As tuples of tuples, 2,000 events' layouts were 17 objects an event,
    1.1 MB held from the look at the folders to the record of the build, and inherited by every
    render worker; so, 0.3 MB in one bytes object each."""
    dirs, names = layout
    numbers = [number for _, stats in dirs for number in stats]
    # Names as NAME_BYTES encodes them (see there), read back as they were.
    listed = "\0".join([*(relative for relative, _ in dirs), *names]).encode(*NAME_BYTES)
    # Each number as its 64 bits: a folder's time may lie past 2262 (`touch -d 2300-01-01`, a
    # tar's), more than a signed 64-bit number of nanoseconds, which struct refused (the build
    # stopped). Such a time reads back as another number, so the folder is walked again, as a
    # folder newer than RACY_NS is (it never is recorded: its time is in the future).
    return struct.pack(f"<II{3 * len(dirs)}Q", len(dirs), len(names),
                       *(number & _BITS_64 for number in (*numbers[0::3], *numbers[2::3], *numbers[1::3]))) + listed


_BITS_64 = (1 << 64) - 1


def _file_count(packed: bytes) -> int:
    return struct.unpack_from("<I", packed, 4)[0]


def _unpacked_layout(packed: bytes) -> Layout:
    """What _packed_layout packed, as it was."""
    dirs, files = struct.unpack_from("<II", packed)
    numbers = struct.unpack_from(f"<{3 * dirs}Q", packed, 8)
    numbers = (*map(_signed, numbers[:dirs]), *numbers[dirs:2 * dirs], *map(_signed, numbers[2 * dirs:]))
    listed = packed[8 + 24 * dirs:].decode(*NAME_BYTES).split("\0") if dirs + files else []
    return (tuple(zip(listed[:dirs], zip(numbers[:dirs], numbers[2 * dirs:], numbers[dirs:2 * dirs]))),
            tuple(listed[dirs:]))


def _signed(number: int) -> int:
    return number - (1 << 64) if number >> 63 else number


class Folders:
    """Each event folder's files as the build found them (build_inputs): its name -> its files'
    stats as one digest (_signature), its digest (folder_digest's, as bytes) and its layout
    (_packed_layout). Held flat, as snapshot.py holds its files, for the whole build and in the
    record of it: each folder's entry packed one after the other into one bytes object, found by
    a 64-bit digest of its name in a sorted array. As a dict of names and tuples it was 1.9 MB at
    2,000 events (and as much again in a rebuild, the last build's), 28,000 objects, all of them
    inherited by every render worker. An entry holds its name: two names of the same digest are
    told apart by it (`_at`), never one taken for the other.

    A rebuild takes the last build's entries whole (`take_recorded`), but for the folders it
    looked at anew: the entries of those are left where they are in `_data`, unreachable
    (`_unused` bytes), until they are a quarter of it; then the entries are copied anew, packed
    (`_compact`). Each folder's entry was looked up and put again one by one (8 µs a folder)."""

    _HEAD = struct.Struct("<H32s32sI")  # the name's length, signature, digest, the layout's length

    def __init__(self, recorded: tuple[bytes, bytes, bytes, int] | None = None) -> None:
        self._keys, self._at = array("Q"), array("Q")  # by name's digest: where its entry is in _data
        self._held: bytes | bytearray = bytearray()
        self._aside: tuple[caches.Spill, int] | None = None  # where _data lies while set aside
        self._sorted = True
        self._unused = 0  # bytes of _data in no entry reached from _at
        if recorded:
            keys, at, data, unused = recorded
            self._keys.frombytes(keys)
            self._at.frombytes(at)
            self._data = data  # (the record's own bytes, not copied: only read)
            self._unused = int(unused)
            if len(self._keys) != len(self._at) or not 0 <= self._unused <= len(data):
                raise ValueError("not a record of folders")

    @property
    def _data(self) -> bytes | bytearray:
        if self._aside is not None:  # read back (and held again: asked for, it is asked for again)
            spill, where = self._aside
            self._held, self._aside = spill.get(where), None
        return self._held

    @_data.setter
    def _data(self, data: bytes | bytearray) -> None:
        self._held, self._aside = data, None

    def set_aside(self) -> None:
        """Its entries written to a file (caches.Spill) and read back when next asked for: a
        build has looked at the folders (build_inputs) long before it records them, last, and
        held them from one to the other in its heap, which grew so with the archive (0.6 MB at
        2,000 events, inherited by every render worker)."""
        # (not the last build's record's own bytes, which its record holds in any case)
        if self._aside is None and self._held and isinstance(self._held, bytearray):
            spill = caches.file_spill()
            if spill is not None:
                self._aside, self._held = (spill, spill.put(self._held)), b""

    def recorded(self) -> tuple[bytes, bytes, bytes, int]:
        """As the record of the build keeps it: plain bytes, and how many of them are unused."""
        self._sort()
        if self._unused > len(self._data) // 4:
            self._compact()
        return self._keys.tobytes(), self._at.tobytes(), bytes(self._data), self._unused

    def take_recorded(self, known: Folders, anew: list[str], kept: int) -> bool:
        """This (empty) Folders made `known`'s entries but those of the folders named `anew`
        (looked at anew: put again, if at all, by the caller), when the others are `kept`
        folders: else (a folder of the record is gone) nothing is taken, and False."""
        assert not self._keys
        gone = {at for at in map(known._find, anew) if at is not None}
        if len(known._keys) - len(gone) != kept:
            return False
        known._sort()
        self._keys, self._at = array("Q", known._keys), array("Q", known._at)
        self._data = known._data
        self._unused = known._unused + sum(map(known._size, gone))
        if gone:
            kept_ones = [number for number, at in enumerate(self._at) if at not in gone]
            self._keys = array("Q", [self._keys[number] for number in kept_ones])
            self._at = array("Q", [self._at[number] for number in kept_ones])
        return True

    def _compact(self) -> None:
        data = bytearray()
        at = array("Q")
        for start in self._at:
            at.append(len(data))
            data += self._data[start:start + self._size(start)]
        self._at, self._data, self._unused = at, data, 0

    def put(self, name: str, signature: bytes, digest: bytes, layout: bytes) -> None:
        encoded = name.encode(*NAME_BYTES)
        self._keys.append(_name_digest(encoded))
        self._at.append(len(self._data))
        self._data = self._data if isinstance(self._data, bytearray) else bytearray(self._data)
        self._data += self._HEAD.pack(len(encoded), signature, digest, len(layout)) + encoded + layout
        self._sorted = False

    def get(self, name: str) -> tuple[bytes, bytes, bytes] | None:
        """(signature, digest, packed layout) of the folder `name`, or None."""
        at = self._find(name)
        if at is None:
            return None
        length, signature, digest, layout = self._HEAD.unpack_from(self._data, at)
        start = at + self._HEAD.size + length
        return signature, digest, bytes(self._data[start:start + layout])

    def __getitem__(self, name: str) -> tuple[bytes, bytes, Layout]:
        found = self.get(name)
        if found is None:
            raise KeyError(name)
        return found[0], found[1], _unpacked_layout(found[2])

    def __len__(self) -> int:
        return len(self._keys)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Folders):
            return NotImplemented
        return sorted(self._entries()) == sorted(other._entries())

    def _entries(self) -> Iterator[bytes]:
        for at in self._at:
            yield bytes(self._data[at:at + self._size(at)])

    def _size(self, at: int) -> int:
        length, _, _, layout = self._HEAD.unpack_from(self._data, at)
        return self._HEAD.size + length + layout

    def _find(self, name: str) -> int | None:
        self._sort()
        encoded = name.encode(*NAME_BYTES)
        key = _name_digest(encoded)
        number = bisect_left(self._keys, key)
        while number < len(self._keys) and self._keys[number] == key:  # (another name of the same digest)
            at = self._at[number]
            length = self._HEAD.unpack_from(self._data, at)[0]
            start = at + self._HEAD.size
            if self._data[start:start + length] == encoded:
                return at
            number += 1
        return None

    def _sort(self) -> None:
        if self._sorted:
            return
        order = sorted(range(len(self._keys)), key=self._keys.__getitem__)
        self._keys = array("Q", [self._keys[number] for number in order])
        self._at = array("Q", [self._at[number] for number in order])
        self._sorted = True


def _name_digest(name: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(name, digest_size=8).digest(), "little")


def _files_as_laid_out(events: Events, name: str, layout: Layout) -> list[os.stat_result] | None:
    """The stats of the files of the event folder `name`, in `layout`'s order, when its folders
    are as `layout` found them: a file added, removed or renamed changes its folder's modification
    time, so the files are the same and each is looked at by its name, with no folder listed.
    None when a folder changed (or a file is gone): `_files` then walks it."""
    dirs, names = layout
    look = events.stat
    try:
        for relative, stats in dirs:
            if relative.endswith("/"):  # ("x/": what the link x leads to, looked at through it: see _files)
                if _led_to(look, f"{name}/{relative[:-1]}") != stats:
                    return None
                continue
            found = look(f"{name}/{relative}" if relative else name, follow_symlinks=False)
            if (found.st_mtime_ns, found.st_ctime_ns, found.st_ino) != stats:
                return None
        return [look(f"{name}/{relative}") for relative in names]
    except OSError:
        return None


class Events:
    """The content's events folder, its files looked at by their paths relative to it: through a
    descriptor of the folder where the system allows it, so that the kernel does not walk the
    whole path again for each of 20,000 files (a fifth of their time in a 2,000-event rebuild)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.fd: int | None = None
        if os.stat in os.supports_dir_fd and os.stat in os.supports_follow_symlinks:
            try:
                self.fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            except OSError:
                self.fd = None

    def stat(self, relative: str, follow_symlinks: bool = True) -> os.stat_result:
        if self.fd is None:
            return os.stat(f"{self.folder}/{relative}", follow_symlinks=follow_symlinks)
        return os.stat(relative, dir_fd=self.fd, follow_symlinks=follow_symlinks)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _name(relative: str) -> bytes:
    """A path as its bytes: a name that is not UTF-8 (a zip from a Chinese Windows names files
    in GBK) comes from os.walk with surrogate escapes, which str.encode refuses."""
    return os.fsencode(relative)


def folder_digest(folder: Path, content: Path | None = None) -> str:
    """The event folder's files (_files) as one digest: their names and bytes. `content`: the
    content folder, by default the one whose events/ lists `folder` (content/events/<slug>, as
    the loader names it), for the folder is walked by its real path (two event folders linked
    to one are hashed once), whose grandparent is not content/ when the event folder is a link
    (see _files)."""
    given = content if content is not None else folder.parent.parent
    inside = os.fspath(given)
    folder = resolved(folder)
    if _READ is not None and folder in _READ:
        return _READ[folder].hex()
    root = os.fspath(folder)
    # An event folder that is a link out of content/ is refused by the loader (file-outside-content):
    # walked and hashed first, a link to / or to $HOME was read whole by every build (rev98 D3).
    # Its digest is that of no file.
    outside = not within(root, os.fspath(resolved(Path(given))))
    found = _hash_files(root, [] if outside else [relative for relative, _ in _files(root, content=inside)])
    if _READ is not None:
        _READ[folder] = found
    return found.hex()


def _hash_files(root: str, relatives: list[str]) -> bytes:
    """An event folder's digest: each file's name and bytes (as snapshot.feed reads them), in
    path order (`_files`)."""
    digest = hashlib.sha256()
    for relative in relatives:
        digest.update(_name(relative))
        snapshot.feed(digest, f"{root}/{relative}")
    return digest.digest()


def hash_anew(folder: Path) -> bool:
    """The event folder's digest made from its files' bytes, now, when this build took it from
    their stats (build_inputs): before the event is read, so that what is parsed is what is
    hashed. True when it was so (the digest may have changed)."""
    real = resolved(folder)
    if real not in _TRUSTED:
        return False
    _TRUSTED.discard(real)
    if _READ is not None:
        _READ.pop(real, None)
    folder_digest(folder)  # (as given: content/ is its grandparent, see folder_digest)
    return True


# A file modified this close to the moment its folder was hashed may be modified again within
# the same tick of a coarse clock (FAT's two seconds) without its stats changing: its folder's
# stats are not trusted by the next build (as git treats a "racily clean" file).
RACY_NS = 3_000_000_000

def _signature(names: tuple[str, ...], found: list[os.stat_result]) -> bytes:
    """An event folder's files as their stats say: names, then each one's size, modification and
    change time and inode. A file written, replaced, renamed or touched changes it."""
    numbers: list[int] = []
    for stats in found:
        numbers += (stats.st_size, stats.st_mtime_ns, stats.st_ctime_ns, stats.st_ino)
    # The names encoded once (as os.fsencode encodes each: a name that is not UTF-8 comes with
    # surrogate escapes), their length first; the numbers as one list's text: the stats of 16,000
    # files formatted one by one were a fifth of a 2,000-event rebuild's look at its events.
    listed = "\0".join(names).encode("utf-8", "surrogateescape")
    digest = hashlib.sha256(b"%d\0" % len(listed))
    digest.update(listed)
    digest.update(repr(numbers).encode())
    return digest.digest()


# An event folder looked at: (its files' signature, the newest time among them and its folders',
# its layout packed); or, when its files are as the last build recorded them, (None, the digest
# recorded, whether it has files): its entry is the record's (Folders.take_recorded).
Look = tuple[bytes, int, bytes] | tuple[None, bytes, bool]


def _look_at_event(events: Events, name: str, recorded: tuple[bytes, bytes, bytes] | None) -> Look:
    """An event folder's files as their stats say (_signature); the newest time among them and
    its folders'; and its layout, packed (the recorded one when its folders are as recorded).
    When its files are as `recorded` (the last build's record of them, which was taken when they
    were older than RACY_NS: they are still), the recorded digest instead (see Look)."""
    layout = _unpacked_layout(recorded[2]) if recorded is not None else None
    found = _files_as_laid_out(events, name, layout) if layout is not None else None
    if found is not None:
        signature = _signature(layout[1], found)
        if signature == recorded[0]:
            return None, recorded[1], bool(layout[1])
        dir_times = [max(stats[0], stats[1]) for _, stats in layout[0]]
        packed = recorded[2]
    else:
        dirs: list[tuple[str, tuple[int, int, int]]] = []
        files = list(_files(f"{events.folder}/{name}", dirs=dirs))
        layout = (tuple(dirs), tuple(relative for relative, _ in files))
        found = [stats for _, stats in files]
        signature = _signature(layout[1], found)
        dir_times = [max(stats[0], stats[1]) for _, stats in dirs]
        packed = _packed_layout(layout)
    newest = max([0, *dir_times, *(max(stats.st_mtime_ns, stats.st_ctime_ns) for stats in found)])
    return signature, newest, packed


LOOK_APART_FROM = 500  # event folders from which half of them are looked at by a forked process


def _look_at_events(events: str, names: list[str], known: Folders, meanwhile: Meanwhile | None = None,
                    ) -> list[Look]:
    """`_look_at_event` for each of `names`: in a large archive, the second half of them in a
    process forked for it, on the machine's other core; all of them there when this process has
    `meanwhile` to do, which it does first, until that process is done. Their stats are a system
    call for each file (20,000 of them in 2,000 events, a sixth of a rebuild that changed one
    results file). A small archive's take less than forking would cost."""
    if len(names) < LOOK_APART_FROM or not can_fork_alone():
        return _look_here(events, names, known)
    half = 0 if meanwhile is not None else len(names) // 2
    mine, found = with_a_child(lambda: _look_here(events, names[half:], known),
                               lambda: _look_here(events, names[:half], known), meanwhile,
                               whole=lambda found: isinstance(found, list) and len(found) == len(names) - half)
    if found is None:  # it failed before it sent everything: looked at here
        return mine + _look_here(events, names[half:], known)
    return mine + found


def with_a_child(theirs: Callable[[], Any], mine: Callable[[], Any], meanwhile: Meanwhile | None = None,
                 whole: Callable[[Any], bool] = lambda found: True) -> tuple[Any, Any]:
    """(mine(), theirs()), theirs() run meanwhile by a process forked for it, on the machine's
    other core, its answer sent back pickled (its own data: this process's, forked); None for
    it when that process failed or its answer is not `whole`: the caller does that share itself.
    `meanwhile`, when given, is done here first, until that process is done. A thread would
    not do for the work this shares (system calls for thousands of files): the calls are many
    and short, and each one takes the interpreter's lock back. Only where `can_fork_alone`."""
    reading, writing = os.pipe()
    # Ctrl-C (and serve's SIGTERM, SIGHUP) held back while forking, and in the forked process
    # for good: it must never unwind the build's stack (whose `finally`s would remove the build's
    # folders), and this process must know its child before an interruption can reach it.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    parent = os.getpid()
    try:
        child = os.fork()
    except OSError:  # no process to be had: all of it here
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        os.close(reading)
        os.close(writing)
        return mine(), None
    if child == 0:  # pragma: no cover - the forked process (its figures come back through the pipe)
        code = 1
        try:
            _ends_with(parent)
            os.close(reading)
            found = theirs()
            with os.fdopen(writing, "wb") as pipe:
                pipe.write(pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL))
            code = 0
        finally:
            os._exit(code)  # nothing of the build's (its atexit, its buffers) runs here
    os.close(writing)
    ended = False
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl-C held meanwhile is raised here
        if meanwhile is not None:
            meanwhile(partial(_has_ended, reading))
        done = mine()
        with os.fdopen(reading, "rb") as pipe:
            reading = -1  # closed with `pipe`
            payload = pipe.read()
        ended = True  # it has closed its end: it is ending (reaped below, or by the system)
        with suppress(ChildProcessError):  # SIGCHLD ignored: reaped by the system
            os.waitpid(child, 0)
        try:
            found = pickle.loads(payload)  # from the process forked above: the build's own data
        except Exception:  # noqa: BLE001 - it failed before it sent everything
            return done, None
        return done, found if whole(found) else None
    finally:
        if reading >= 0:
            os.close(reading)
        if not ended:  # interrupted (Ctrl-C): the forked process does not outlive this one
            with suppress(ProcessLookupError, ChildProcessError):
                os.kill(child, signal.SIGKILL)
                os.waitpid(child, 0)


Meanwhile = Callable[[Callable[[], bool]], None]  # work for this process while its child works; asks whether it is done


def _ends_with(parent: int) -> None:
    """The forked process ends when the build does, even a build killed outright (SIGKILL: the
    out-of-memory killer), which never reaches the `finally` above: a search index's process
    would otherwise go on writing into the output after its build, while the next one starts.
    Linux only (prctl); elsewhere it ends once its share is done. A build killed before the
    prctl took effect is seen by its parent's number (the process is then the init's child)."""
    if sys.platform.startswith("linux"):
        import ctypes

        with suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)


def _has_ended(reading: int) -> bool:
    """Whether the forked process has sent its answer (or ended): its end of the pipe is written
    to once, when it is done."""
    return bool(select.select([reading], [], [], 0)[0])


_HELD = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP} if hasattr(signal, "SIGHUP") else {signal.SIGINT}


def can_fork_alone() -> bool:
    """Whether this process may fork for `with_a_child` now: the system forks, the process
    may run on more than one core, and no other thread runs (a lock another thread holds at
    that moment would be held for ever in the child). Threads are counted by the system where
    it tells (Linux): a thread not started by `threading` (execnet's, under pytest-xdist) is
    not in threading's count."""
    if not hasattr(os, "fork") or not hasattr(signal, "pthread_sigmask"):
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if cores < 2:
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:  # no /proc (macOS)
        threading = sys.modules.get("threading")  # not imported: no thread was started by it
        return threading is None or threading.active_count() == 1


def _look_here(events: str, names: list[str], known: Folders) -> list[Look]:
    looking = Events(events)
    try:
        return [_look_at_event(looking, name, known.get(name)) for name in names]
    finally:
        looking.close()


def build_inputs(content: Path, *options: object, known: Folders | None = None, found: Folders | None = None,
                 meanwhile: Meanwhile | None = None) -> str:
    """Everything a build is made from: content/, the code and templates, the build's options.
    content/ is walked once: each event folder's digest (as folder_digest makes it, and kept for
    the rest of the build) stands for its files.

    An event folder whose files' stats are those `known` (the last build's record) takes the
    digest recorded with them, without reading its files: a rebuild of 2,000 events read and
    hashed all 16,000 of their files (half a second) to find the one that changed. The stats are
    name, size, modification and change time and inode (git's index works the same way); the
    change time is set by the system at every write and cannot be set back. Only stats older
    than RACY_NS are recorded, into `found`. An event read anew (not in the event cache) is
    hashed from its bytes first (hash_anew): what is parsed is still what is hashed. With them,
    its layout: its folders' stats and its files' names, so that the next build looks at each
    file by its name, listing no folder whose stats are unchanged (_files_as_laid_out).

    `meanwhile`: what this process may do while another looks at the event folders of a large
    archive (_look_at_events); it is not done where none does."""
    content = content.resolve()
    root = os.fspath(content)
    taken = time.time_ns()
    digest = hashlib.sha256(code_digest().encode())
    events: list[str] = []
    linked: dict[str, Path] = {}  # each event folder that is a link (into content/), its real path
    for relative, is_file, is_folder, is_link in _entries(root, keep_out="events"):
        parts = relative.split("/")
        if len(parts) == 2 and parts[0] == "events" and is_folder:
            # An event folder that is a link (events/x -> ../archive/2020/x) is read by the loader
            # (event_folders counts it): walked as the others, or the link re-pointed, or a link in
            # its folder re-pointed, changed nothing here and the build kept its old pages (rev98
            # D1). One leading out of content/ is refused by the loader: walked by none (not
            # even hashed: it may be / or $HOME, rev98 D3); its target named instead.
            if not is_link:
                events.append(parts[1])
            else:
                real = Path(os.path.realpath(f"{root}/{relative}"))
                if within(os.fspath(real), root):
                    events.append(parts[1])
                    linked[parts[1]] = real
                else:
                    digest.update(_name(f"{relative}\0{os.fspath(real)}\0"))
        folder_mark = "/" if is_folder else ""
        digest.update(_name(f"{relative}{folder_mark}\0"))  # folders too: an empty one counts
        if is_file:
            snapshot.feed(digest, f"{root}/{relative}")
    events_root = content / "events"
    paths = {path.name: path for path in event_folders(events_root)}  # the Paths the build reads them by
    known = known if known is not None else Folders()
    looked_at = _look_at_events(f"{root}/events", events, known, meanwhile)
    # The folders as recorded keep the record's entries, taken whole; the others are put anew
    # (or, when a folder of the record is gone, every folder is put one by one).
    anew = [name for name, look in zip(events, looked_at) if look[0] is not None]
    one_by_one = found is not None and not found.take_recorded(known, anew, len(events) - len(anew))
    for number, name in enumerate(events):
        signature, newest, layout = looked_at[number]
        looked_at[number] = None  # (let go as they are taken)
        path = paths.get(name) or events_root / name  # (outside a build, listed twice: it may have come since)
        real = linked.get(name)
        if real is None:
            real = _RESOLVED.setdefault(path, path)  # in content/ resolved, and no link (see above): itself
        else:
            _RESOLVED.setdefault(path, real)
        if signature is None:  # as recorded: `newest` is the recorded digest, `layout` whether it has files
            folder_hash, has_files = newest, layout
            _TRUSTED.add(real)
            if one_by_one:
                found.put(name, *known.get(name))
        else:
            recorded = known.get(name)
            if recorded is not None and recorded[0] == signature:
                folder_hash = recorded[1]
                _TRUSTED.add(real)
            else:
                folder_hash = _hash_files(f"{root}/events/{name}", _unpacked_layout(layout)[1])
                _TRUSTED.discard(real)
            if found is not None and newest < taken - RACY_NS:
                found.put(name, signature, folder_hash, layout)
            has_files = _file_count(layout) > 0
        if _READ is not None:
            _READ[real] = folder_hash
        if has_files:
            digest.update(_name(f"{name}\0{folder_hash.hex()}"))
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


def event_key(shared: str, result: EventResult | EventSummary, bulletins: list[tuple[str, str, int]],
              persons: list[str]) -> str:
    """An event's pages: the shared part, its own folder, its bulletins' links, and the keys of
    the persons its names link to (render/players.py's People.keys_in): the only thing its pages
    take from the other events, for a person's key follows who they are across the site. Its slug
    too: two event folders that are links to one folder (the same files) are two events, each
    with its own pages, and one key for both had the second's pages taken for the first's."""
    digest = hashlib.sha256(shared.encode())
    digest.update(result.event.slug.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(folder_digest(result.event.folder).encode())
    digest.update(repr([bulletins, persons]).encode("utf-8", "surrogateescape"))  # texts' reprs: as unambiguous as JSON
    return digest.hexdigest()


def player_part(person_key: str) -> str:
    """How a player's page is recorded beside the events (an event slug never has a "/")."""
    return f"players/{person_key}"


def player_key(shared: str, identity: str, event_keys: list[bytes]) -> str:
    """A player's page: the shared part of the site, who the person is as the page says it (name,
    groups, namesakes: render/players.py's Person.shown), and what it shows of each event the
    person appears in (render/html.py's shown_in_rows: the event's placings, names, credits and
    whom its names link to)."""
    digest = hashlib.sha256(f"{shared}\0{identity}\0".encode())
    # The events' digests (32 bytes each) apart from the name: joined with a Chinese name, the
    # first page of a person of 250 events (each event's credits) was a 16 kB text made wide and
    # encoded back.
    digest.update(b"".join(event_keys))
    return digest.hexdigest()


class PreviousBuild:
    """The record of the last build of an output folder, kept beside the PDF cache: what each part
    of the site (an event's pages, a player's page, an archive page, the search index) was made
    from and which files it wrote, with their size and modification time as written; the other
    files it wrote (assets, indexes, bulletins); its outcome, warnings and printing keys; and its
    event folders' stats (build_inputs). Sealed pickles (generator/caches.py), each file named
    once: the record itself, written last, and the files it names beside it, named by their
    content (its parts in RECORD_BUCKETS files, who is who, the warnings): the JSON record of
    2,000 events was 19.5 MB, read and written whole by every rebuild.

    A rebuild that puts its few new files in place keeps a part whole when its key is unchanged:
    its files are not looked at one by one (86,000 of them in 2,000 events), only its first, to
    find a part removed by hand. Every file is looked at where it matters: a build that finds
    nothing else changed looks at them all (`unchanged`) and renders again the parts of any file
    edited, replaced or removed since (`damaged`); a build that will swap a whole new site, its
    kept files linked into it, looks at each before keeping it (`expect`), and linking looks
    again (OutputTree.link_kept). So a page edited by hand in output/ while content changed
    stays until its part changes or a build finds nothing else changed; a file that is not as
    written is never linked into a new site.

    `files`: the sealed files as this process last read or wrote them (caches.SealedFiles), kept
    by `paibang serve` between rebuilds: the record and the files beside it are read from there
    while they are as the last build left them (14 MB read back and unpickled by each rebuild of
    2,000 events, which wrote or read them itself)."""

    def __init__(self, output: Path, record: Path, parts: bool = True, files: caches.SealedFiles | None = None,
                 ) -> None:
        self.output = output.resolve()
        self.record = record
        self._files = files
        self.events: dict[str, EventPages] = {}  # every part, by its name (an event's slug, player_part, …)
        self.data: dict = {}
        self.damaged: set[str] = set()  # files found changed in output/ since written (by `unchanged`)
        self.left_gone = False  # a file the last build left as the user's is gone (`unchanged`)
        self.every_file = False  # each kept part's every file is looked at (`expect`)
        self._buckets: dict[int, tuple[str, frozenset[str]]] = {}  # bucket -> (its file, its parts), as read
        self._people_file: tuple[str, str, str] | None = None  # (its file, the people's inputs, its seats' file), as read
        # Who is who across the site (render/players.py's PeopleIndex): the last build's, then,
        # once render_site has matched people, this build's, to be recorded for the next one.
        self.people: tuple | None = None
        self._parts_read = False
        self._waiting: tuple[os.stat_result, dict, set[str | None]] | None = None  # the record written (save)
        self.saved = False  # this build's record is the record
        self.committed = False  # its journal's commit made (in place: `commit`)
        self.committing = False  # about to make it (`committing`): then the journal gone says it was
        try:
            data = self._read(record)  # sealed: never a pickle someone else wrote
            if data.get("version") == RECORD_VERSION and data.get("output") == str(self.output):
                self.data = data
        except Exception:  # noqa: BLE001 - any record that cannot be read is as good as none
            self.data = {}
        self._there = self.output.is_dir()
        self._root = os.fspath(self.output)
        if parts:
            self.read_parts()

    def read_parts(self) -> None:
        """The parts and who is who, from the files the record names beside it (14 MB at 2,000
        events): read by `__init__`, or, when it is told not to, here, before anything but the
        record itself (`folders`, for build_inputs) is asked of it; build.py reads them while the
        other core looks at a large archive's event folders. A record whose files cannot all be
        read is as good as none."""
        if self._parts_read:
            return
        self._parts_read = True
        if not self.data:
            return
        people = None
        try:
            for bucket, name in self.data["parts"].items():
                packed = self._read(self.record.parent / name)
                self.events.update((part, RecordedPages(*found)) for part, found in packed.items())
                self._buckets[bucket] = (name, frozenset(packed))
            if self.data.get("people"):
                people = self._read(self.record.parent / self.data["people"])
                self._people_file = (self.data["people"], people[0], people[2])
                *people, rows = self._seated(people)  # each person's rows: in a file of their own, read when asked
                if (self.record.parent / rows).is_file():
                    people = (*people, _SideRows(self.record.parent / rows, rows, self._read))
                else:  # gone (or found not ours: _SideRows): who is who is matched again
                    people, self._people_file = None, None
        except Exception:  # noqa: BLE001 - any record that cannot be read is as good as none
            self.events, self.data, self._buckets, self._people_file, people = {}, {}, {}, None, None
        self.people = people

    def read_part(self, part: str) -> EventPages | None:
        """One part as recorded (None: the record has no such part), from its bucket's file
        alone, without the others' (read_parts unpacks every part: 12,000 at 2,000 events):
        serve's first step after one event's files were saved (build.py's build_event_first)
        needs that event's part only."""
        if self._parts_read:
            return self.events.get(part)
        try:
            name = self.data["parts"].get(_bucket(part)) if self.data else None
            found = self._read(self.record.parent / name).get(part) if name is not None else None
        except Exception:  # noqa: BLE001 - a record that cannot be read is as good as none
            return None
        return RecordedPages(*found) if found is not None else None

    def read_people(self) -> tuple | None:
        """Who is who as recorded (render/players.py's PeopleIndex.data, each person's rows left
        out: they are in a file of their own, read only for a player's page), or None when the
        record has none, or it cannot be read."""
        try:
            name = self.data.get("people")
            return self._seated(self._read(self.record.parent / name))[:-1] if name else None
        except Exception:  # noqa: BLE001 - a record that cannot be read is as good as none
            return None

    def _seated(self, people: tuple) -> tuple:
        """The people file as recorded, who sits where in each event read from the file it names
        (`save`): render/players.py's PeopleIndex.data."""
        inputs, persons, seats, rows = people
        return inputs, persons, self._read(self.record.parent / seats), rows

    def _read(self, path: Path) -> Any:
        """A sealed file of the record's: as this process last read or wrote it, while it is still
        that file (`files`); else read."""
        return self._files.read(path) if self._files is not None else caches.read_sealed(path)

    @property
    def folders(self) -> Folders:
        """The last build's event folders' stats, for build_inputs."""
        try:
            return Folders(self.data.get("folders"))
        except (TypeError, ValueError):  # a record of another shape: as good as none
            return Folders()

    def _stamps(self) -> Iterator[tuple[str, tuple[int, int]]]:
        for pages in self.events.values():
            yield from zip(pages.files, pages.stamps or ())
        yield from self.data.get("loose", {}).items()

    def unchanged(self, inputs: str) -> Outcome | None:
        """The last build's outcome when it was made from the same `inputs` and every file it
        wrote is still in output/ as it was written (size and modification time); else None,
        with the files found changed in `damaged` (their parts are then rendered again)."""
        if self.data.get("inputs") != inputs:
            return None
        stamps = list(self._stamps())
        if len(stamps) < CHECK_APART_FROM or not can_fork_alone():
            self.damaged.update(_not_as_written(self._root, stamps))
        else:  # (87,000 files in 2,000 events): half of them looked at by the other core
            half = len(stamps) // 2
            mine, theirs = with_a_child(lambda: _not_as_written(self._root, stamps[half:]),
                                        lambda: _not_as_written(self._root, stamps[:half]),
                                        whole=lambda found: isinstance(found, list))
            self.damaged.update(mine, theirs if theirs is not None else _not_as_written(self._root, stamps[half:]))
        # A page left as the user's (`left`: an older paibang's, byte-identical) and since removed
        # (the rm the build's note gave): no part's recorded file, so nothing found it gone, the
        # site was "up to date" and the page missing for good (rev77). Every part rendered again
        # (reuse): which part writes it is not recorded; once, as it is then paibang's.
        self.left_gone = any(not os.path.lexists(f"{self._root}/{relative}") for relative in self.left)
        if self.left_gone:
            return None
        if not self.damaged:
            # A bulletin as written but cut short (kept_pdf): a site found up to date kept it for good.
            self.damaged.update(relative for relative in self.data.get("pdf_keys", {})
                                if isinstance(relative, str) and not looks_whole(f"{self._root}/{relative}"))
        if self.damaged:
            return None
        try:
            return Outcome(int(self.data["pages"]), int(self.data["pdfs"]), int(self.data["events_built"]),
                           list(self._read(self.record.parent / self.data["warnings"])),
                           str(self.data.get("locale", "")))
        except Exception:  # noqa: BLE001 - a record of another shape: build
            return None

    def has(self, part: str, key: str) -> bool:
        """Whether the last build made `part` from the same `key`."""
        return self.recorded_key(part) == key

    def recorded_key(self, part: str) -> str | None:
        """The key the last build recorded `part` by (None: it recorded no such part)."""
        previous = self.events.get(part)
        return previous.key if previous is not None else None

    def expect(self, kept: int, events: int) -> None:
        """How many of the site's `events` are to be `kept`: when fewer than half, the new site
        will be swapped whole (render/output.py's place_site), its kept files linked into it, and
        each one is looked at before it is kept (a part with a file not as written is rendered
        again), not only its first."""
        self.every_file = 2 * kept < events

    def reuse(self, slug: str, key: str, out: OutputTree) -> EventPages | None:
        """Keep the part's previous files for `out` when its key is unchanged and they are there
        as written (see the note above): nothing is copied or linked here (OutputTree.keep_part)."""
        previous = self.events.get(slug)
        if previous is None or previous.key != key or not self._there or self.left_gone:
            return None
        first = previous.first()
        if not first or self.damaged and any(relative in self.damaged for relative in previous.files):
            return None
        if self.every_file:
            if not all(self._as_written(relative, stamp) for relative, stamp in zip(previous.files, previous.stamps)):
                return None
        elif not self._as_written(*first[0]):  # (3,000 parts of 2,000 events: one look each)
            return None
        out.keep_part(previous)
        return previous

    def kept_pdf(self, relative: str, key: str) -> tuple[int, int] | None:
        """The recorded stamp of a bulletin in output/ when the last build wrote it from the same
        printing job (`key`) and it is still as written; else None (to be printed or read from
        the PDF cache)."""
        if self.data.get("pdf_keys", {}).get(relative) != key:
            return None
        stamp = self.data.get("loose", {}).get(relative)
        if stamp is None or relative in self.damaged or not self._as_written(relative, stamp):
            return None
        # As written is not whole: one cut short when it was written (from a cache an older
        # paibang filled) would be kept for good. Its first and last bytes, read at each build.
        if not looks_whole(f"{self._root}/{relative}"):
            return None
        return tuple(stamp)

    def _as_written(self, relative: str, stamp: tuple[int, int]) -> bool:
        """The file is still there as the last build wrote it: a page edited or replaced by hand
        in output/ is rendered again, never linked."""
        return as_written(f"{self._root}/{relative}", stamp)

    def gone(self, parts: dict[str, EventPages], tree: OutputTree) -> list[str] | None:
        """The files of the last build's site that the new one has not (None: no record of this
        output/): a part's files are compared only when it was made anew."""
        if not self.data:
            return None
        gone = []
        for part, pages in self.events.items():
            now = parts.get(part)
            if now is None:
                gone.extend(pages.files)
            elif now is not pages:
                kept = set(now.files)
                gone.extend(relative for relative in pages.files if relative not in kept)
        written = set(tree.written) | set(tree.kept)
        left = {relative for relative in self.data.get("loose", {}) if relative not in written}
        for part in tree.rendered_parts if left else ():  # (a loose file may be a part's now)
            left.difference_update(part.files)
        gone.extend(relative for relative in self.data.get("loose", {}) if relative in left)
        return gone

    def wrote(self, parts: dict[str, EventPages] | None = None) -> frozenset[str] | None:
        """Every file the last build wrote into output/ (each part's and the loose ones), as its
        record names them; None without a record of this output/. What tells paibang's files
        from those someone else put there (render/output.py's carry_over, remove_site): only
        these are ever replaced or removed. `parts`: this build's; a part it kept whole (the
        very object recorded) is left out, none of its files being written anew (a rebuild in
        place asks only about the files it writes: 86,000 files in 2,000 events, unpacked for
        a few)."""
        if not self.data:
            return None
        found: set[str] = set(self.data.get("loose", {}))
        for part, pages in self.events.items():
            if parts is None or parts.get(part) is not pages:
                found.update(pages.files)
        return frozenset(found)

    @property
    def unproven(self) -> list[str]:
        """What the record names as kept, unproven, by a build without a record (save's `unproven`)."""
        found = self.data.get("unproven") if self.data else None
        return [relative for relative in found if isinstance(relative, str)] if isinstance(found, list) else []

    def forget(self) -> None:
        """Drop the record before output/ changes in place, once the journal that undoes the
        change is named (render/output.py's apply_in_place): a build killed after its commit and
        before `save` must not leave a record that describes the site it replaced. (A whole site
        swapped in keeps the record until the swap: save's `pending`.) Set aside, not deleted: a
        build that fails after this with output/ as it was (put_back) has it back; one killed
        leaves it aside, where no build reads it (the next `save` removes it, a file beside the
        record it does not name)."""
        with contextlib.suppress(FileNotFoundError):
            os.replace(self.record, self._aside)

    @property
    def _aside(self) -> Path:
        return self.record.with_name(f"{self.record.name}.aside")

    def put_back(self) -> None:
        """After a build failed once its record was set aside (forget): the record back when
        output/ is still the site it describes, its marker the id the record names (a site
        swapped in whole has a new one); else dropped, as a kill leaves it. Dropped, a failure
        after `forget` (a disk full, a folder mounted in output/) left no record, and the next
        build took a file of the user's where a new page goes for paibang's and replaced it
        without a word (rev46)."""
        if not os.path.lexists(self._aside):
            return
        recorded = self.data.get("marker")
        if recorded is not None and marker_id(self.output) == recorded:
            os.replace(self._aside, self.record)
        else:
            self._aside.unlink(missing_ok=True)

    @staticmethod
    def put_aside_back(output: Path, record: Path) -> bool:
        """After a killed build's journal was rolled back, output/ the site it was (render/
        output.py's roll_back_journals): the record that build set aside (forget) back, when
        there is no other and it names this output/ and the marker id output/ has now (as
        put_back asks). True when it was put back."""
        aside = record.with_name(f"{record.name}.aside")
        if os.path.lexists(record) or not os.path.isfile(aside):
            return False
        try:
            data = caches.read_sealed(aside)  # sealed: never a pickle someone else wrote
        except Exception:  # noqa: BLE001 - a record that cannot be read is as good as none
            return False
        output = output.resolve()
        if not isinstance(data, dict) or data.get("version") != RECORD_VERSION or data.get("output") != str(output):
            return False
        if data.get("marker") is None or data.get("marker") != marker_id(output):
            return False
        os.replace(aside, record)
        return True

    @staticmethod
    def note_older(record: Path, paths: Sequence[str]) -> None:
        """The paths where a build of an older paibang's, killed, may have left its new pages
        (render/output.py's roll_back_journals' `older`), kept beside the record (sealed) with
        those noted before, for the builds that follow (older_left): removed with the other files
        the record does not name once a build records the site (save)."""
        known = PreviousBuild.older_left(record)
        caches.write_sealed(record.with_name(f"{record.name}.older"),
                            pickle.dumps(sorted({*known, *paths}), protocol=pickle.HIGHEST_PROTOCOL))

    @staticmethod
    def older_left(record: Path) -> list[str]:
        """The paths note_older kept beside the record ([] when none, or not sealed by paibang)."""
        try:
            found = caches.read_sealed(record.with_name(f"{record.name}.older"))
        except Exception:  # noqa: BLE001 - none, or not ours: as none
            return []
        return [relative for relative in found if isinstance(relative, str)] if isinstance(found, list) else []

    def save(self, parts: dict[str, EventPages], tree: OutputTree, inputs: str | None = None,
             outcome: Outcome | None = None, pdf_keys: dict[str, str] | None = None,
             folders: Folders | None = None, unproven: Sequence[str] = (), pending: Path | None = None,
             in_place: bool = False) -> None:
        """Record what each part wrote, with the stamps of its files (a kept part's as recorded,
        a new one's as `tree` wrote them, else read back from output/), and the other files of
        `tree`; with `inputs` and `outcome`, also what the whole build was made from, for
        `unchanged`; `pdf_keys`: each bulletin's printing job, for `kept_pdf`; `folders`: the
        event folders' stats, for the next build_inputs; `unproven`: what a build without a record
        kept in the site's folders, still there (render/output.py's unproven_of).

        `pending`: the staging folder of a whole new site about to be swapped for output/
        (place_site's `recording`): the record of that site (its stamps and marker id read there)
        written beside the last build's, which stays the record until `settle` finds the new site
        in output/; the files the last record names stay until then too. `in_place`: the new
        files are put in place from `pending` under a journal, once it is named (render/output.py's
        apply_in_place, its `changing`), and its commit makes this the record (`commit`; killed
        before that, the next build does it once it finds the journal gone: settle_waiting)."""
        def stamp(relative: str) -> tuple[int, int]:
            found = tree.stamps.get(relative)
            if found is None and pending is not None and (not in_place or os.path.lexists(pending / relative)):
                return _stamp(pending / relative)  # (in place, a file kept is in output/, a new one staged)
            return found or _stamp(self.output / relative)

        unrecorded = getattr(tree, "unrecorded", frozenset())  # (left in output/ as found: output.place_site's `older`)
        if unrecorded:
            parts = {part: _without(pages, unrecorded) for part, pages in parts.items()}
        by_bucket: dict[int, dict[str, EventPages]] = {}
        in_parts: set[str] = set()
        for part, pages in parts.items():
            if not isinstance(pages, RecordedPages) and (pages.stamps is None or len(pages.stamps) != len(pages.files)):
                pages.stamps = tuple(stamp(relative) for relative in pages.files)
                in_parts.update(pages.files)
            elif isinstance(pages, RecordedPages) and not pages._rest and pages.stamps is None:  # copied (link_kept)
                pages.stamps = tuple(stamp(relative) for relative in pages.files)
            by_bucket.setdefault(_bucket(part), {})[part] = pages
        # Each bucket's file as read when it holds the same parts, each recorded again as it was;
        # else written anew, named by its content (so that the record, written last, names only
        # files that are whole, and a build killed meanwhile leaves the last record as it was).
        files: dict[int, str] = {}
        for bucket, found in sorted(by_bucket.items()):
            known = self._buckets.get(bucket)
            if (known is not None and known[1] == found.keys()
                    and all(isinstance(pages, RecordedPages) and pages.as_recorded and self.events.get(part) is pages
                            for part, pages in found.items())):
                files[bucket] = known[0]
            else:
                files[bucket] = self._side_file("parts", {part: found[part].packed() for part in sorted(found)})
        people = seats = rows = None
        if self.people is not None:
            known_people = self._people_file
            same = known_people is not None and known_people[1] == self.people[0]  # the same inputs: the same index
            matched, persons, events, person_rows = self.people  # (matched: what the matching was made of)
            # Each person's rows (render/players.py's PeopleIndex.rows) in a file of their own,
            # read only by a build that renders a player's page. So is who sits where in each
            # event: pickled alone, an event at a time as it is read from where it lies
            # (players.py's SpilledSeats), not all of them at once. In the people file, with the
            # persons, whose objects the pickler must remember, every event's blob was held by
            # its memo to the end of each of the file's three picklings (2,000 events: 2.9 MB
            # more at the build's end, its peak).
            if same and isinstance(person_rows, _SideRows):
                people, seats, rows = known_people[0], known_people[2], person_rows.name
            else:
                rows = self._side_file("people-rows", list(person_rows), alone=True)
                seats = self._side_file("people-seats", events, alone=True)
                people = self._side_file("people", (matched, persons, seats, rows))
        loose = {relative: stamp(relative) for relative in (*tree.written, *tree.kept)
                 if relative not in in_parts and relative not in unrecorded}
        # The marker id output/ has now (a new one with each site swapped in whole): a build that
        # finds another one there knows the last to write output/ kept no record (output.place_site).
        data: dict = {"version": RECORD_VERSION, "output": str(self.output), "parts": files, "loose": loose,
                      "marker": marker_id(self.output, None if in_place else pending),
                      "folders": (folders or Folders()).recorded(), "people": people, "unproven": list(unproven)}
        # Left as found, not ours: the next build leaves them too (`left`); those the last build
        # left and this one did not write, kept while they are there and not recorded.
        left = {*unrecorded, *(relative for relative in self.left if relative not in in_parts
                               and relative not in loose and os.path.lexists(self.output / relative))}
        if left:
            data["left"] = sorted(left)
        if inputs is not None and outcome is not None:
            data |= {"inputs": inputs, "pages": outcome.pages, "pdfs": outcome.pdfs, "events_built": outcome.events,
                     "locale": outcome.locale, "pdf_keys": pdf_keys or {},
                     # beside it: read only by a build that finds nothing changed (500 warnings of
                     # 2,000 events were a tenth of the record, read by every rebuild)
                     "warnings": self._side_file("warnings", list(outcome.warnings))}
        # Sealed and written as pickled, a frame at a time, as the side files are (`_side_file`):
        # pickled whole (650 kB at 2,000 events, in a buffer that doubles as it grows), it was
        # the last thing the build made at its end, in memory the heap had no room left for.
        if in_place:  # (its commit is the journal's removal)
            data["journal"] = str(self.output.parent / f"{self.output.name}.journal-{os.getpid()}")
        name = self._waiting_record.name if pending is not None else self.record.name
        _, written = caches.write_sealed_named(self.record.parent, name, lambda _: name, partial(_pickle_into, data))
        self._waiting = (written, data, {*files.values(), people, seats, rows, data.get("warnings")})
        if pending is None:
            self._recorded()

    def _recorded(self) -> None:
        """The record just written (save), or made the record (settle): the files beside it that
        it does not name go."""
        written, data, kept = self._waiting or (None, None, set())
        self._waiting, self.saved = None, True
        if self._files is not None and written is not None:
            self._files.wrote(self.record, written, data)  # (renamed from where it waited: the same file)
        self._forget_side_files(kept)
        for older in (".json", ".warnings.sealed"):  # an older paibang's record of the same output/
            self.record.with_suffix(older).unlink(missing_ok=True)

    @property
    def _waiting_record(self) -> Path:
        return self.record.with_name(f"{self.record.name}.next")

    @property
    def left(self) -> list[str]:
        """The files the last build left in output/ as it found them, holding its pages' very
        bytes, not recorded as paibang's (render/output.py's place_site: its `older`, then its
        `left_before`): a later build writing the same bytes there leaves them as they are."""
        found = self.data.get("left") if isinstance(self.data, dict) else None
        return [relative for relative in found if isinstance(relative, str)] if isinstance(found, list) else []

    @property
    def waiting_record(self) -> Path:
        """Where save's `pending` writes the record of the new site (render/output.py's
        apply_in_place names it in its journal: its roll-back deletes it there)."""
        return self._waiting_record

    def settle(self) -> bool:
        """After a whole new site was swapped in, or a build failed about it: the record of the
        new site written to wait for the swap (save's `pending`) made the record when output/ is
        that site (settle_waiting), else dropped, the last build's left as it was. True when
        made the record."""
        if self._waiting is None:
            return False
        # Told the commit was about to be made, the disk says whether it was (the journal gone):
        # an exception after it and before `commit` (a Ctrl-C) left the new site in output/. Not
        # asked unless told: a failure before it rolled output/ back and took the journal away too.
        committed = self.committed or (None if self.committing else False)
        made = self.settle_waiting(self.output, self.record, self._waiting[1],  # (as written: not read back)
                                   committed)
        if made:
            self._recorded()
        self._waiting = None
        return made

    def about_to_commit(self) -> None:
        """Output/ is all the new site, its journal about to be removed (render/output.py's
        apply_in_place, its `committing`): from now on the journal gone means committed.

        A power cut is not a kill: names and bytes not synced may be lost, in any order across
        folders. Before the commit is made, the record of the new site waiting for it is on the
        disk, its bytes and its name (and the last build's record set aside: `forget`), so that
        a cut that keeps the journal's removal keeps them too. Lost, the next build found the
        journal gone and no record waiting (or one emptied by the cut, as good as none), and put
        the record set aside back (put_aside_back: output/'s marker is unchanged in place) as
        the record of the new site: pages of an event taken away named by it still, new ones
        not (then refused as the user's). Synced, a cut before the commit leaves the journal,
        rolled back, the record set aside put back; one after it, the new site with its record
        (settle_waiting). The side files the record names are not synced: one a cut lost makes
        the record unreadable, as good as none, never one that describes another site (the
        next build renders everything, without a record: no file of anyone's is replaced)."""
        self.committing = True
        waiting = self._waiting_record
        with contextlib.suppress(OSError):
            descriptor = os.open(waiting, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        with contextlib.suppress(OSError):  # (as sure as the system makes it: the commit goes on)
            sync_folder(self.record.parent)

    def commit(self) -> None:
        """The journal of the new files put in place is gone (render/output.py's apply_in_place,
        its `committed`): the record of the new site, waiting for it, made the record."""
        self.committed = True
        self.settle()

    @staticmethod
    def settle_waiting(output: Path, record: Path, data: dict | None = None, committed: bool | None = None) -> bool:
        """The record of a new site that waited for its swap (save's `pending`), left by a build
        killed about it or failed: made the record when output/ has that site's marker id (it was
        swapped in: a new id with each such site), else removed (output/ is still the site the
        record describes, or moved aside by a build killed between its two renames, which the
        next build puts back: recover_leftovers). Either way the record is the one of the site
        in output/. True when made the record. A build and `paibang clean` ask first, output/
        locked (build.py's roll_back_first). `data`: the record as this process wrote it.
        A record of new files put in place under a journal (save's `in_place`) is made the record
        when that journal is gone (`committed`: as this process knows it), and output/'s marker
        is the one it names (unchanged in place); asked before any journal is rolled back."""
        waiting = record.with_name(f"{record.name}.next")
        if not os.path.lexists(waiting):
            return False
        found = data is None  # (left by a build killed or failed: its swap or commit perhaps not synced)
        if data is None:
            try:
                data = caches.read_sealed(waiting)  # sealed: never a pickle someone else wrote
            except Exception:  # noqa: BLE001 - a record that cannot be read is as good as none
                data = None
        output = output.resolve()
        journal = data.get("journal") if isinstance(data, dict) else None
        if committed is None:
            committed = not isinstance(journal, str) or not os.path.lexists(journal)
        if (isinstance(data, dict) and data.get("version") == RECORD_VERSION and data.get("output") == str(output)
                and data.get("marker") is not None and data.get("marker") == marker_id(output)
                and (journal is None or committed)):
            # The swap, or the journal's removal, on the disk before the record names the new
            # site: a power cut that kept this rename and lost that one left a record of the new
            # site beside the old one in output/ (a journal, rolled back; a swap lost), naming
            # pages output/ does not hold and not the old site's own, which were then kept as
            # the user's for good. A build syncs its own (render/output.py's apply_in_place and
            # swap_into_place); one killed first may not have: synced here for it.
            if found:
                with contextlib.suppress(OSError):
                    sync_folder(output.parent)
            os.replace(waiting, record)
            return True
        waiting.unlink(missing_ok=True)
        if isinstance(journal, str):
            # Its journal, there still, is rolled back next (build.py's roll_back_first): this
            # removal on the disk first, or a power cut that kept only the journal's left this
            # record waiting for a journal gone, made the record of the old site. (Rare: a build
            # killed or failed mid-journal.)
            with contextlib.suppress(OSError):
                sync_folder(record.parent)
        return False

    @staticmethod
    def drop_rolled_back(record: Path) -> None:
        """In a cache found not to be the user's own (build.py's roll_back_first, which neither
        settles nor puts back a record there), a killed build's journal about to be rolled back:
        the record waiting for its commit dropped. Left, the next build with the cache its own
        again found the journal gone and output/'s marker unchanged (in place never changes it)
        and made it the record of the old site the roll-back put back: the pages of an event
        taken away were then the user's (rev70). Dropped, not marked: it is never right once its
        journal is rolled back. Not read (a sealed file in such a folder is not: seals.read_own):
        the build that wrote the journal had settled any other waiting record first, output/
        locked, so the one there is that build's. (A journal of this paibang's names its waiting
        record, which its roll-back deletes wherever it is: render/output.py's _drop_waiting.)

        Never through a link: the cache folder found unsafe may be one (caches.unsafe's
        cache_unsafe_link), and a file of this name where it leads is no file of this cache's. So
        the folder is opened without following a link (one there: nothing is deleted) and the
        record unlinked in that very folder."""
        flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        if os.unlink not in os.supports_dir_fd:  # (Windows: no links to fear as here; by path)
            if not os.path.islink(record.parent):
                with contextlib.suppress(OSError):
                    record.with_name(f"{record.name}.next").unlink()
            return
        try:
            folder = os.open(record.parent, flags)
        except OSError:
            return  # a link, or nothing there
        try:
            with contextlib.suppress(OSError):
                os.unlink(f"{record.name}.next", dir_fd=folder)
                os.fsync(folder)  # (on the disk before the journal's removal: settle_waiting's note)
        finally:
            os.close(folder)

    def _side_file(self, what: str, value: object, alone: bool = False) -> str:
        """`value` sealed into a file beside the record, named by its content; its name. `alone`:
        no object in `value` is in it twice (a list of bytes: the persons' rows), so that the
        pickler need not remember each one it wrote (its memo: an entry for each of a 2,000-event
        archive's persons' rows, 3 MB at the build's end, three times over)."""
        # Nor is the payload made whole: it is pickled once, a frame (64 kB) at a time, each frame
        # written, sealed and hashed for the name as it comes (seals.write_sealed): pickled whole,
        # a 2,000-event archive's persons' rows (8.6 MB) and people index (4 MB) were each made
        # once more beside all the build held, at its end; pickled for the seal, the name and the
        # file in turn, a mass event's people took a third of the build's own time at its end.
        prefix = f"{self.record.name}.{what}"
        name, written = caches.write_sealed_named(self.record.parent, prefix,
                                            lambda digest: f"{prefix}-{hashlib.sha256(digest).hexdigest()[:24]}",
                                            partial(_pickle_into, value, fast=alone))
        if self._files is not None:
            self._files.wrote(self.record.parent / name, written, value)
        return name

    def _forget_side_files(self, kept: set[str | None]) -> None:
        """The files beside the record that it no longer names (an older build's, or one killed)."""
        prefix = f"{self.record.name}."
        try:
            with os.scandir(self.record.parent) as found:
                names = [item.name for item in found if item.name.startswith(prefix) and item.name not in kept]
        except OSError:
            return
        for name in names:
            if self._files is not None:
                self._files.forget(self.record.parent / name)
            try:
                os.unlink(self.record.parent / name)
            except OSError:
                pass  # removed meanwhile


CHECK_APART_FROM = 20_000  # files written from which `unchanged` looks at half of them in a forked process


def _not_as_written(root: str, stamps: list[tuple[str, tuple[int, int]]]) -> list[str]:
    """The files of `stamps` ((path in output/, (size, modification time)) as written) that are
    gone from `root`, or not regular files as written (edited, replaced, a link put there)."""
    damaged = []
    for relative, (size, modified) in stamps:
        try:
            found = os.lstat(f"{root}/{relative}")
        except OSError:
            damaged.append(relative)
            continue
        if found.st_size != size or found.st_mtime_ns != modified or not stat.S_ISREG(found.st_mode):
            damaged.append(relative)
    return damaged


RECORD_VERSION = 17  # 8: the people index names its persons' rows, kept in a file of their own;
# 9: those rows, and who is who in each event, compressed (caches.packed);
# 10: each part's files, stamps and pages compressed (EventPages.packed);
# 11: the event folders' stats packed (Folders); 12: with how many of their bytes are unused;
# 13: their names as NAME_BYTES holds them (12's, with surrogate escapes, would not read back);
# 14: who sits where in each event in a file of its own, named by the people file
# 15: the event folders' layouts walk a folder linked in content/ (14's did not: its files unseen)
# 16: and hold every link not walked, its own stats and its target's (15's held none: its target's return unseen)
# 17: and a link that cannot be followed (a cycle of links: 16's held none), and event folders that are links
RECORD_BUCKETS = 64  # the record's parts in so many files, by name: a rebuild writes those of the parts it renders


def _bucket(part: str) -> int:
    return zlib.crc32(part.encode()) % RECORD_BUCKETS


def _pickle_into(value: object, write: Callable[[bytes], object], fast: bool = False) -> None:
    """`value` pickled as pickle.dumps pickles it, handed to `write` a frame (64 kB) at a time.
    `fast`: the pickler remembers no object it wrote (see PreviousBuild._side_file)."""
    pickler = pickle.Pickler(_Chunks(write), protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = fast
    pickler.dump(value)


class _Chunks:
    """A file for pickle.Pickler that hands each chunk written to `write` (a seal's, a digest's
    or a file's)."""

    def __init__(self, write: Callable[[bytes], object]) -> None:
        self.write = write


class _SideRows:
    """The persons' rows of the last build's PeopleIndex, as the record keeps them beside it:
    read when first asked (a player's page rendered again), not by every rebuild."""

    def __init__(self, path: Path, name: str, read: Callable[[Path], Any] = caches.read_sealed) -> None:
        self.path, self.name, self._read_sealed = path, name, read
        self._rows: list[bytes] | None = None

    def _read(self) -> list[bytes]:
        if self._rows is None:
            try:
                self._rows = self._read_sealed(self.path)  # sealed: never a pickle someone else wrote
            except Exception:
                # Not ours (or gone): removed, so that the next build matches who is who again
                # rather than every build that renders a player's page (People.rows_of).
                self.path.unlink(missing_ok=True)
                raise
        return self._rows

    def __getitem__(self, number: int) -> bytes:
        return self._read()[number]

    def __len__(self) -> int:
        return len(self._read())

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._read())


def _stamp(path: Path) -> tuple[int, int]:
    found = os.stat(path)
    return found.st_size, found.st_mtime_ns
