"""One reading of content/ per build: the bytes that are hashed are the bytes that are parsed.

A build hashes each event folder (has anything changed? which cached event, which kept pages?)
and then reads its files. Read twice, a file saved in between would be parsed as the new text
but kept under the old text's digest: after an undo, the next build would say "up to date"
and show what was undone. Within `taking()`, every content file is read from disk once; the
digest and the loader both use that copy, so whatever is kept is keyed by what was read. The
copy is held compressed, a block of files at a time (`_Taken`), until the events' files are let
go once read and scored (`let_go`); one read again after that must be as it was, or the build
stops (Changed).

Files larger than the loader accepts are never read (the loader refuses them by their size):
they count by size and modification time, so a stray video in an event folder costs nothing.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from generator.caches import Spill
from generator.seals import open_if_regular

# A content file's limit (yaml_loader.MAX_FILE_BYTES is this), one for every kind the loader
# reads, each far below it: a results file of a mass event's round (2,500 tables) is some 200 kB,
# an event.yaml of 2,000 entries 150 kB, a notice a long rulebook (100,000 characters: 300 kB),
# hand records of 36 deals 7.7 kB (the club demo's), a PBN with every table's results too 300 kB
# (eoq2021's teams round, shared/data/real-pbn). One bound, since the snapshot keeps exactly what the loader may read (a larger file
# is hashed by its stats, never read). A registration sheet is import's own (registrations.
# MAX_SHEET_BYTES, 50 MB), and so is a session's file (bridge_import.MAX_IMPORT_BYTES).
KEEP_AT_MOST = 2 * 1024 * 1024

Entry = tuple[str, bool, bool, bool]  # (name, is a file, is a folder, is a link) as a folder's listing says

_TAKEN: _Taken | None = None  # absolute path -> the bytes read, while a build runs
_LISTED: dict[str, list[Entry]] = {}  # each folder's listing, while a build runs
_EVENT_FOLDERS: dict[str, list[Path]] = {}  # and events/'s folders' paths
_LET_GO: _LetGo  # absolute path -> (size, CRC-32) of the bytes let go, while a build runs (set below)


@contextmanager
def taking() -> Iterator[None]:
    global _TAKEN
    if _TAKEN is not None:  # nested (a check inside a build): the build's snapshot
        yield
        return
    _TAKEN = _Taken()
    try:
        yield
    finally:
        _TAKEN = None
        _LISTED.clear()
        _EVENT_FOLDERS.clear()
        _LET_GO.clear()


def let_go(keep: Callable[[str], bool]) -> None:
    """Forget the bytes of the files read so far but those `keep` wants (by absolute path): the
    events' files, once read and scored, are not held for the rest of the build (37 MB at
    2,000 events). A file let go and read again must be as it was: else Changed is raised, as
    an OSError (unreadable), rather than parsed under the digest of its old bytes."""
    if _TAKEN is None:
        return
    # A CRC, not a digest: it tells a file saved again by its owner, and checks 37 MB in a few
    # milliseconds where SHA-256 took a tenth of a second.
    _TAKEN.let_go(keep, _LET_GO)
    _LET_GO.settle()


def _taken(key: str, data: bytes) -> None:
    was = _LET_GO.get(key)
    if was is not None and (len(data), zlib.crc32(data)) != was:
        raise Changed(key)
    _TAKEN.put(key, data)


class _ByPath:
    """A number (64 bits) by a 64-bit digest of a path, in two sorted arrays: 16 bytes a path.
    As a dict of paths and tuples it was some 250 bytes a path, its string included: where a
    2,000-event archive's 16,000 files are held (4.6 MB, from their hashing to the last event
    read), what was let go of its 44,000 files (4 MB, to the build's end, inherited by every
    render worker). What is set since the arrays were last sorted waits in a dict (a look-up
    between two puts would sort them all each time), sorted in once it holds a quarter as
    many: each path is sorted in a few times at most, and the dict stays small."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._paths, self._values = array("Q"), array("Q")  # sorted by path's digest
        self._new: dict[int, int] = {}  # set since: path's digest -> number

    def __setitem__(self, path: str, value: int) -> None:
        self._new[_path_digest(path)] = value
        if len(self._new) > max(1024, len(self._paths) // 4):
            self.settle()

    def get(self, path: str) -> int | None:
        if not self._new and not self._paths:
            return None
        digest = _path_digest(path)
        found = self._new.get(digest)
        if found is not None or not self._paths:
            return found
        at = bisect_left(self._paths, digest)
        if at == len(self._paths) or self._paths[at] != digest:
            return None
        return self._values[at]

    def settle(self) -> None:
        """What was set since sorted in: the last value set of a path is its value."""
        if not self._new:
            return
        paths = self._paths + array("Q", self._new)
        values = self._values + array("Q", self._new.values())
        self._paths, self._values, self._new = array("Q"), array("Q"), {}
        for at in sorted(range(len(paths)), key=paths.__getitem__):  # stable: the last set last
            if self._paths and self._paths[-1] == paths[at]:
                self._values[-1] = values[at]
            else:
                self._paths.append(paths[at])
                self._values.append(values[at])


class _LetGo(_ByPath):
    """What was let go of each file: its size and CRC-32."""

    def __setitem__(self, path: str, found: tuple[int, int]) -> None:
        size, crc = found
        super().__setitem__(path, size << 32 | crc)

    def get(self, path: str) -> tuple[int, int] | None:
        self.settle()  # (noted all at once, by let_go: sorted in before the render workers are forked)
        found = super().get(path)
        return None if found is None else (found >> 32, found & 0xFFFF_FFFF)


def _path_digest(path: str) -> int:
    return int.from_bytes(hashlib.blake2b(os.fsencode(path), digest_size=8).digest(), "little")


_LET_GO = _LetGo()


class _Taken:
    """The bytes read while a build runs, by absolute path, held compressed and given out as a
    copy of their own (`get`), to parse or hash and let go.

    The files are packed one after the other, each after its path, into blocks of BLOCK bytes
    as read, and each block is compressed (zlib, its fastest level) once full. An event's files
    are read one after the other (render/incremental.py's folder_digest), so they lie in a block
    or two, and read together they are unpacked once (the last block unpacked is kept, `_last`).
    Compressed each, a results file of 200 bytes would shrink little; 64 kB at a time, a 2,000-
    event archive's 38.5 MB were 5.4 MB, in 0.13 s, and unpacked all again in 0.08 s. Held as
    read, they were the reading's largest part, from the first look at the events to the last
    one read and scored (`let_go`), in the build and shared with the readers it forks. A file
    larger than a quarter of a block is a block of its own. Where each file is (`where`) is
    held by its path's digest, 16 bytes a file: its path is in the block, before its bytes.

    The compressed blocks are written in turn to a file (caches.Spill: unlinked, read back by
    os.pread), not held in the heap. Why: the build reads and hashes every file before it forks
    the processes that read the events ahead (event_cache.read_ahead), which take them from
    here; held in the heap (in chunks of 1 MiB, so that handing a file out wrote no page of its
    bytes), a 2,000-event archive's 5.4 MB were most of what its heap held more than a
    200-event one's when the readers were forked (7.4 MB; traced, tracemalloc), in the build and
    shared with the readers till the last event was read. In the file they are the system's
    cache, in no process's memory, and a reader preads the block it needs into its own bytes.
    A block sealed by a forked process (a reader that read a file the build had not) is held
    in that process's heap (`large`): two processes appending to one file would overwrite each
    other's blocks. Where no file can be made, the blocks are held as they are (Spill's own
    fallback).

    What is kept past `let_go` (the notices, site.yaml) is held so too: rendering reads a
    notice once, and the render workers are forked from a build that holds them all (2,000
    events' notices: 4.6 MB as they are, 1.2 MB compressed)."""

    BLOCK = 64 << 10
    # Where a file is, as one number: its block, and its start and length in the block as read.
    _LENGTH_BITS, _START_BITS = 22, 20  # a file: at most KEEP_AT_MOST (2 MB); a block's paths: a few kB

    def __init__(self) -> None:
        self._clear()

    def _clear(self) -> None:
        self.where = _ByPath()  # path -> where its bytes are (`_at`)
        self.spill = Spill()  # the blocks compressed, one after the other (made at the first seal)
        self._owner = os.getpid()  # the process that writes to the spill (see above)
        self.blocks = array("q")  # each block compressed: where it lies in `spill`; -1: in `large`
        self.large: dict[int, bytes] = {}  # block -> the block compressed, sealed by a forked process
        self._filling = bytearray()  # the block being filled, as read (the next in `blocks`)
        self._last: tuple[int, bytes] = (-1, b"")  # the last block unpacked, as read

    def __contains__(self, key: str) -> bool:
        return self.where.get(key) is not None

    def get(self, key: str) -> bytes | None:
        found = self.where.get(key)
        if found is None:
            return None
        block, start, length = self._at(found)
        if block == len(self.blocks):  # the block being filled
            unpacked = self._filling
        else:
            if self._last[0] != block:
                self._last = (block, self._unpacked(block))
            unpacked = self._last[1]
        name = os.fsencode(key)
        with memoryview(unpacked) as view:
            if view[start - 5 - len(name):start - 5] != name:  # another path of the same digest
                return None
            return bytes(view[start:start + length])

    def put(self, key: str, data: bytes) -> None:
        name = os.fsencode(key)
        alone = len(data) > self.BLOCK // 4
        if alone or len(self._filling) + len(name) + 5 + len(data) > self.BLOCK:
            self.seal()
        self._filling += b"%s\0%s" % (name, len(data).to_bytes(4, "little"))
        start = len(self._filling)
        self._filling += data
        self.where[key] = self._at_number(len(self.blocks), start, len(data))
        if alone:
            self.seal()

    def _at(self, found: int) -> tuple[int, int, int]:
        length = found & ((1 << self._LENGTH_BITS) - 1)
        found >>= self._LENGTH_BITS
        return found >> self._START_BITS, found & ((1 << self._START_BITS) - 1), length

    def seal(self) -> None:
        """The block being filled compressed and held; the next put starts another."""
        if not self._filling:
            return
        packed = zlib.compress(self._filling, 1)
        self._filling = bytearray()
        if os.getpid() != self._owner:
            self.large[len(self.blocks)] = packed
            self.blocks.append(-1)
            return
        self.blocks.append(self.spill.put(packed))

    def _unpacked(self, block: int) -> bytes:
        where = self.blocks[block]
        return zlib.decompress(self.large[block] if where < 0 else self.spill.get(where))

    def files(self) -> Iterator[tuple[str, bytes]]:
        """Each file held, as (path, bytes), block by block (each unpacked once)."""
        self.seal()
        for block in range(len(self.blocks)):
            unpacked, at = self._unpacked(block), 0
            while at < len(unpacked):
                end = unpacked.index(b"\0", at)
                key, start = os.fsdecode(unpacked[at:end]), end + 5
                length = int.from_bytes(unpacked[end + 1:start], "little")
                at = start + length
                if self.where.get(key) == self._at_number(block, start, length):  # (not read again since)
                    yield key, unpacked[start:at]

    def _at_number(self, block: int, start: int, length: int) -> int:
        return ((block << self._START_BITS | start) << self._LENGTH_BITS) | length

    def let_go(self, keep: Callable[[str], bool], let_go: _LetGo) -> None:
        """Forget all but what `keep` wants, each let go noted in `let_go` as (size, CRC-32)."""
        kept: list[tuple[str, bytes]] = []
        for key, data in self.files():
            if keep(key):
                kept.append((key, data))
            else:
                let_go[key] = (len(data), zlib.crc32(data))
        self._clear()
        for key, data in kept:
            self.put(key, data)
        self.seal()


def listing(folder: str | os.PathLike[str]) -> list[Entry]:
    """What is in the folder, by name, each entry saying what it is without a look at each (a
    link to a folder counts as a folder; one that cannot be told is left out, as gone). Listed
    once while a build runs: a build asks for events/ four times (has anything changed, which
    events to read ahead, the site), 2,000 entries each in a large archive."""
    key = _key(folder)
    found = _LISTED.get(key) if _TAKEN is not None else None
    if found is None:
        found = []
        try:
            with os.scandir(key) as listed:
                items = list(listed)
        except OSError:  # not there (yet)
            items = []
        for item in items:
            try:
                is_folder = item.is_dir()
                found.append((item.name, not is_folder and item.is_file(), is_folder, item.is_symlink()))
            except OSError:  # gone meanwhile
                continue
        found.sort()
        if _TAKEN is not None:
            _LISTED[key] = found
    return found


def event_folders(events_dir: Path) -> list[Path]:
    """The folders in events/ (a link to one counts), by name: made once while a build runs (2,000
    paths, each asked for by several steps)."""
    key = _key(events_dir)
    found = _EVENT_FOLDERS.get(key) if _TAKEN is not None else None
    if found is None:
        found = [events_dir / name for name, _, is_folder, _ in listing(events_dir) if is_folder]
        if _TAKEN is not None:
            _EVENT_FOLDERS[key] = found
    return list(found)


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.abspath(path)


def read(path: str | os.PathLike[str], limit: int = KEEP_AT_MOST) -> bytes:
    """The file's bytes as this build first read them. Raises OSError, or TooLarge (with the
    size) for a file over `limit`, which is then not read."""
    key = _key(path)
    data = _TAKEN.get(key) if _TAKEN is not None else None
    if data is None:
        data = read_regular(key, limit)
        if _TAKEN is not None and len(data) <= KEEP_AT_MOST:
            _taken(key, data)
    if len(data) > limit:
        raise TooLarge(len(data))
    return data


def feed(digest: Any, path: str | os.PathLike[str]) -> None:
    """Hash the file into `digest` (a hashlib object) as this build reads it. A file bigger than
    any content file (a video dropped into an event folder) by its size and modification time
    only: paibang never reads it, so reading 2 GB on every build to see whether it changed would
    be all cost and no use."""
    key = _key(path)
    data = _TAKEN.get(key) if _TAKEN is not None else None
    if data is not None:
        digest.update(data)
        return
    try:
        handle, found = opened_regular(key)
    except NotRegular as exc:  # hashed by what it is: the loader says so (file-not-regular), reads none of it
        digest.update(b"\0special\0%d" % exc.mode)
        return
    with handle:
        if found.st_size > KEEP_AT_MOST:
            digest.update(b"\0stamp\0%d\0%d" % (found.st_size, found.st_mtime_ns))
            return
        data = _read_up_to(handle, found.st_size, KEEP_AT_MOST)
    if len(data) > KEEP_AT_MOST:  # it grew while being read: stamped as the big ones are
        digest.update(b"\0stamp\0%d\0%d" % (len(data), found.st_mtime_ns))
        return
    if _TAKEN is not None:
        _taken(key, data)
    digest.update(data)


def open_regular(path: str | os.PathLike[str]) -> Any:
    """The file at `path` opened to read (binary), when it is a regular file: NotRegular
    otherwise, nothing read. The one way a content file is opened, by the build (read, feed) and
    by every command reading content (serve, the desk, import, console.site_locale).

    A project received by git or zip can carry a symbolic link where a content file is looked
    for (`round-2.yaml` -> /dev/stdin, a named pipe, /dev/zero): opened as any file, a pipe or
    a terminal waited for ever, silently, and /dev/zero, whose stats say 0 bytes, was read up
    to the limit of its kind. Opened without waiting (O_NONBLOCK: a pipe with no writer opens at
    once), the file is judged by fstat, of the very file opened, whatever is renamed over the
    name meanwhile, then read as blocking again (seals.open_if_regular). A link is followed here:
    where it may lead (inside content/ only) is judged by the loader (files.inside_content),
    which reports it."""
    return opened_regular(path)[0]


def opened_regular(path: str | os.PathLike[str]) -> tuple[Any, os.stat_result]:
    """open_regular's file, and its stats as judged (the size to read by: one look)."""
    handle, found = open_if_regular(path)
    if handle is None:
        raise NotRegular(os.fspath(path), found.st_mode)
    return handle, found


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """A content file's bytes, at most `limit` (NotRegular, TooLarge: nothing, or no more than
    `limit` + 1 bytes, read), outside a build's snapshot: for the commands that read content
    on their own (the desk, import, serve)."""
    handle, found = opened_regular(path)
    with handle:
        size = found.st_size
        if size > limit:
            raise TooLarge(size)
        data = _read_up_to(handle, size, limit)
    if len(data) > limit:
        raise TooLarge(len(data))
    return data


def read_text(path: str | os.PathLike[str], limit: int = KEEP_AT_MOST, newlines: bool = False) -> str:
    """read_regular as UTF-8 text (UnicodeDecodeError as bytes.decode raises it), line ends as
    Path.read_text reads them (universal newlines); `newlines`: as they are in the file."""
    text = read_regular(path, limit).decode("utf-8")
    return text if newlines else text.replace("\r\n", "\n").replace("\r", "\n")


def _read_up_to(handle: Any, size: int, limit: int) -> bytes:
    """The file's bytes, up to `limit` + 1 (one more says it is over), read as the `size` its
    stats gave and then on (it may have grown since). Not read(limit + 1): that buffer, 2 MB for
    each file, was given back only down to its pages (4 kB for a 200-byte results file: 71 MB
    to hold 37 MB of 2,000 events' files)."""
    data = handle.read(size + 1)  # (size <= limit: a larger file is refused by its stats)
    if len(data) > size and len(data) <= limit:  # grown since its stats were taken
        data += handle.read(limit + 1 - len(data))
    return data


class Changed(OSError):
    # said in the site's language where a message gives the reason (errors.system_reason)
    reason_word = "file_reason_changed"

    def __init__(self, path: str) -> None:
        super().__init__(f"{path}: changed while this build ran; build again")
        self.strerror = "changed while this build ran; build again"


class NotRegular(OSError):
    """What a content file's name leads to is no regular file (a named pipe, a device, a socket):
    not read (file-not-regular)."""

    reason_word = "file_reason_not_regular"

    def __init__(self, path: str, mode: int) -> None:
        super().__init__(f"{path}: not a regular file")
        self.strerror = "not a regular file"
        self.path, self.mode = path, mode


class TooLarge(OSError):
    def __init__(self, size: int) -> None:
        super().__init__(f"{size} bytes")
        self.size = size
