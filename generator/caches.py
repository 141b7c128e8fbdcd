"""What paibang keeps between builds holds data, never code that another user could plant.

The event cache and the record of the last build's warnings are pickles, and unpickling runs
whatever a pickle names: a file planted in `.paibang-cache/` (a shared parent folder, a copied
project) would run as the next user who builds. So every pickle paibang writes is sealed with
a keyed hash (HMAC-SHA256) under a secret that only the user can read, and a file whose seal
does not verify is never unpickled: it is treated as missing and made again. The compiled
templates (Jinja's bytecode, i.e. marshalled code) are sealed the same way.

The secret is 32 random bytes in `$XDG_CONFIG_HOME/paibang/cache-key` (else
`~/.config/paibang/cache-key`), made on first use with mode 0600. Where it cannot be kept, a
secret for this process alone is used: the caches then only hold within one run. The key and
the seal are generator/seals.py's, which the catalogues' cache (generator/catalogues.py) uses too.

A cache folder owned by another user, writable by everyone, or a symbolic link (a build deletes
old files in it: through a link, anyone's) is not used at all (`unsafe`):
the build takes a private temporary one and says so on stderr. PDFs are data, but they are
published: a planted one must not reach output/ either, so they are sealed too (render/pdf.py's
_cached).
"""

from __future__ import annotations

import os
import pickle
import stat
import tempfile
import zlib
from pathlib import Path
from typing import Any

from generator import catalogues
from generator.errors import system_reason
from generator.seals import (MAGIC, Unsealed, read_own, secret, seal, seal_of, unseal, verified,
                             write_atomically, write_sealed, write_sealed_named)

# The seal's names, kept here where the other caches have always found them.
__all__ = ["MAGIC", "SealedFiles", "Unsealed", "dumps", "loads", "read_sealed", "secret", "seal", "seal_of",
           "stamp_of", "unseal", "unsafe", "write_atomically", "write_sealed", "write_sealed_named"]


def dumps(value: Any) -> bytes:
    return seal(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def loads(data: bytes) -> Any:
    """Unpickle a sealed file: only after its seal is verified."""
    return pickle.loads(verified(data))


def packed(value: Any) -> bytes:
    """`value` pickled, then compressed (zlib's fastest level): how a build holds what it keeps
    long and reads seldom, its own data, whose pickles are mostly repeats (paths under the same
    event, the names of the same seats): a part's files and pages, a person's rows, who sits
    where in an event shrink to a fifth or less (render/incremental.py, render/players.py)."""
    return zlib.compress(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), 1)


def unpacked(blob: bytes) -> Any:
    """What `packed` made, as it was."""
    return pickle.loads(zlib.decompress(blob))


_SPILLS_IN: list[Path | None] = [None]  # where a Spill without a folder of its own makes its file (spill_in)


def spill_in(folder: Path | None) -> None:
    """Where each Spill made without a folder of its own (the snapshot's blocks, the people
    index's blobs) makes its file from now on: a build's cache folder (the user's own, on the
    disk beside output/). The system's temporary folder is the last resort: it is often held in
    memory (tmpfs: Fedora, Arch, Debian 13), where the spilled bytes would be memory still, only
    outside every process, and counted by none."""
    _SPILLS_IN[0] = folder


class Spill:
    """Bytes a build keeps from its reading to its last page but reads seldom (each event's
    rows, who sits where in it, each person's rows), written to a file of its own as they come
    and read back from where they lie (os.pread), not held in its heap: the render workers are
    forked from that heap, and a build's heap at their fork grew with the archive (at 2,000
    events, 15 MiB more than at 200, these a third of it). Read with pread, not mapped: what is
    read is the reader's for a moment, and the file's pages are the system's cache, in no
    process's own memory. The file is unlinked at once (tempfile.TemporaryFile): gone with
    the process, or with this Spill, and its forked children read it through the descriptor
    they inherit (pread moves no position they share). `put` returns where the bytes lie, a
    number (`get` reads them back), so that the holder holds one small object an item. Where
    the system has no pread, or no file can be made, the bytes are held as they are."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder  # where the file is made (the cache's folder), when it is there
        self._file: Any = None
        self._held: list[bytes] | None = None  # without a file: the bytes themselves

    def put(self, data: bytes) -> int:
        if self._held is None and self._file is None:
            self._open()
        if self._held is not None:
            self._held.append(data)
            return len(self._held) - 1
        # At the file's end as it is, not as this object counted it: a process forked from the
        # holder (the matching of people: render/players.py) puts into the same file.
        fd, done = self._file.fileno(), 0
        at = os.lseek(fd, 0, os.SEEK_END)
        with memoryview(data) as view:
            while done < len(data):
                done += os.pwrite(fd, view[done:], at + done)
        return at << 32 | len(data)

    def size(self) -> int:
        """The bytes put so far (in the file: by this process and those forked from it)."""
        if self._held is not None:
            return sum(map(len, self._held))
        return os.fstat(self._file.fileno()).st_size if self._file is not None else 0

    def ready(self) -> bool:
        """The file made now (before forking a process that puts into it); False: none can be
        (the bytes are held as they are, by the process that puts them)."""
        if self._held is None and self._file is None:
            self._open()
        return self._file is not None

    def get(self, where: int) -> bytes:
        if self._held is not None:
            return self._held[where]
        at, length = where >> 32, where & 0xFFFFFFFF
        data = os.pread(self._file.fileno(), length, at)
        while len(data) < length:  # (a regular file reads whole but at its end: not here)
            more = os.pread(self._file.fileno(), length - len(data), at + len(data))
            if not more:
                raise OSError(f"{length} bytes spilled at {at}, {len(data)} read back")
            data += more
        return data

    def _open(self) -> None:
        if not hasattr(os, "pread"):
            self._held = []
            return
        # The cache's folder, else the build's (spill_in), else the system's temporary one.
        for folder in (*(f for f in (self._folder, _SPILLS_IN[0]) if f is not None), None):
            try:
                if folder is None or folder.is_dir():
                    self._file = tempfile.TemporaryFile(dir=folder)
                    return
            except OSError:
                continue
        self._held = []


def file_spill() -> Spill | None:
    """A Spill whose file is made, or None where none can be: then its caller keeps the bytes
    as they are (a Spill without a file would hold them in the same heap, one step away)."""
    spill = Spill()
    return spill if spill.ready() else None


# The largest sealed file a build reads back (an event's reading, the ledger, the record of the
# last build and the files beside it): at 2,000 events the largest is some 9 MB (the persons'
# rows), an event's reading tens of MB at most, and a pickle takes several times its size once
# loaded, so an archive whose file passed this would have run out of memory before it. A larger
# file is not paibang's (seals.read_own): a miss, made again.
SEALED_AT_MOST = 512 * 1024 * 1024


def read_sealed(path: Path, touch: bool = False) -> Any:
    """A sealed file, unpickled once its seal is verified: read as paibang reads its caches
    (seals.read_own: no link followed, a regular file, of at most SEALED_AT_MOST bytes; `touch`:
    its times set to now, the very file read)."""
    return loads(read_own(path, SEALED_AT_MOST, touch)[0])


Stamp = tuple[int, int, int, int]  # a file's device, inode, size and modification time (ns)


def stamp_of(found: os.stat_result) -> Stamp:
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


class SealedFiles:
    """Sealed files as this process last read or wrote them, unpickled, each kept with its stamp:
    `paibang serve`'s builder keeps them between rebuilds (event_cache.EventMemory), so that a
    rebuild after one results file was saved does not read back what the last build read or
    wrote itself (the ledger of the archive's lines, the record of 87,000 files at 2,000
    events and who is who: 70 files, a fifth of such a rebuild).

    A file is taken from here only while its stamp is the one it had when it was read (taken
    from the very handle read) or written (write_atomically's): whoever else writes one of
    these files (a `paibang build` by hand of the same output/) writes a new file and renames it
    over the old one, a new inode; anything else that writes into it changes its modification
    time. Then it is read again, and sealed as ever. What is kept is shared by the builds that
    take it: none changes it in place. A file gone or changed is forgotten after a build
    (`sweep`): memory holds the files as they are (26 MB of them at 2,000 events), not every
    version of them."""

    def __init__(self) -> None:
        self._kept: dict[Path, tuple[Stamp, Any]] = {}

    def read(self, path: Path) -> Any:
        """read_sealed(path): as kept, while the file is as it was then."""
        kept = self._kept.pop(path, None)
        if kept is not None:
            try:
                now = stamp_of(os.stat(path))
            except OSError:
                now = None  # gone: read below, which fails as read_sealed does
            if now == kept[0]:
                self._kept[path] = kept
                return kept[1]
        data, found = read_own(path, SEALED_AT_MOST)  # (`found`: of the bytes read, whatever is renamed over it meanwhile)
        value = loads(data)
        self._kept[path] = (stamp_of(found), value)
        return value

    def holds(self, path: Path) -> bool:
        """Whether `path` is kept here and is still the file it was when read or written."""
        kept = self._kept.get(path)
        try:
            return kept is not None and stamp_of(os.stat(path)) == kept[0]
        except OSError:
            return False

    def wrote(self, path: Path, written: os.stat_result, value: Any) -> None:
        """`value` was just written, pickled and sealed, into `path` (write_sealed's stats)."""
        self._kept[path] = (stamp_of(written), value)

    def forget(self, path: Path) -> None:
        self._kept.pop(path, None)

    def sweep(self) -> None:
        """After a build: the files gone or changed since they were kept are forgotten (a file
        the build did not ask for is kept: the next one may, as a ledger's rows bucket)."""
        for path, (stamp, _) in list(self._kept.items()):
            try:
                same = stamp_of(os.stat(path)) == stamp
            except OSError:
                same = False
            if not same:
                del self._kept[path]


def unsafe(folder: Path) -> dict[str, str] | None:
    """Why `folder` (a cache) must not be used, in every locale ({locale: text}, a parameter
    the notice `cache_ignored` words in its own), or None. The folder and the folders paibang
    keeps in it are checked as they are, none of them followed through a symbolic link; one
    that does not exist yet is checked when made."""
    if os.name != "posix":
        return None
    for path in (folder, *(folder / name for name in ("events", "pdf", "draws"))):
        try:
            found = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            return catalogues.word("cache_unsafe_error", path=path, error=system_reason(exc, reading=True))  # (site's words)
        # The cache folder itself too: a build deletes old files in it (prune_cache,
        # EventCache.prune), and a link (kept by git and zip in a project received) could lead
        # them to any folder of the user's.
        if stat.S_ISLNK(found.st_mode):
            return catalogues.word("cache_unsafe_link", path=path)
        if not stat.S_ISDIR(found.st_mode):
            return catalogues.word("cache_unsafe_not_folder", path=path)
        if found.st_uid != os.getuid():
            return catalogues.word("cache_unsafe_owner", path=path, uid=found.st_uid)
        if found.st_mode & stat.S_IWOTH:
            return catalogues.word("cache_unsafe_everyone", path=path)
    return None
