"""The seal on what paibang keeps between runs: a keyed hash (HMAC-SHA256) under a secret only
the user can read (its file: `_key_file`), so that a file someone else wrote is never
believed. It imports nothing of paibang's: the catalogues' cache (generator/catalogues.py) seals
with it, and caches.py, which seals the other caches, takes its words from the catalogues.

Here too are paibang's two ways of writing a file whole or not at all, side by side because they
are one way but for the syncs, and because this module imports nothing of paibang's, so that the
desk, the commands and the tournament's `pair` (which never imports render) can all use it:

- `write_atomically`, for caches: a temporary renamed into place, nothing synced. After a power
  cut the file may be empty or missing; a cache is sealed, so that is seen and costs a rebuild,
  and a build writes thousands of them, where a sync each would cost the build.
- `write_durably`, for what is not a cache: the secretary's own files in content/ (a round's
  results saved at the desk, a draw, an import) and the files a command was asked for (an
  export, printed sheets). The file is synced before the rename and its folder after it, so
  that once paibang says "saved", a power cut leaves the new file, not an empty one or none.

And its one way of opening a file it may have written, to read or to append (`open_own`), for
the same three: the desk's tokens, audit log and write lock, init's schemas and an import's hand
records, and the file an export would write over; and of opening one of anyone's, content, as a
regular file only, never waiting on a named pipe (`open_if_regular`).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import os
import stat
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import BinaryIO

MAGIC = b"paibang-sealed-1\n"
_DIGEST = hashlib.sha256().digest_size

# What writes a payload a chunk at a time, each chunk given to the function it is passed.
Writing = Callable[[Callable[[bytes], object]], None]


class Unsealed(ValueError):
    """A cache file whose seal is missing or wrong: never to be unpickled."""


def _key_file() -> Path:
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(config) / "paibang" / "cache-key"


def key_folder() -> Path:
    """Where the user's key is kept (the folder a message names when it cannot be)."""
    return _key_file().parent


def key_is_kept() -> bool:
    """Whether the user's key is kept between runs (a key file), not made for this run alone
    (no place to keep one: what is sealed with it holds only within this run)."""
    secret()
    return _KEPT[0]


_KEPT = [True]


@cache
def secret() -> bytes:
    """The user's own key: read, or made once (atomically: parallel builds agree on one)."""
    path = _key_file()
    _KEPT[0] = True
    try:
        return _read_secret(path)
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = path.with_name(f".cache-key.tmp-{os.getpid()}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with open(descriptor, "wb") as handle:  # (builtin open: the tests patch seals.open)
            handle.write(os.urandom(32))
        try:
            os.link(temporary, path)  # fails if another process made it first: then theirs is the key
        except FileExistsError:
            pass
        finally:
            temporary.unlink(missing_ok=True)
        return _read_secret(path)
    except OSError:
        _KEPT[0] = False
        return os.urandom(32)  # no place to keep a key: caches hold within this run only


def _read_secret(path: Path) -> bytes:
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        found = os.fstat(descriptor)
        # A key someone else could read or write is no secret: make a new one for this run.
        if os.name == "posix" and (found.st_uid != os.getuid() or found.st_mode & 0o077):
            raise PermissionError(f"{path} is not the user's own")
        data = os.read(descriptor, 64)
    finally:
        os.close(descriptor)
    if len(data) < 32:
        raise OSError(f"{path} is too short")
    return data


def seal(payload: bytes) -> bytes:
    return seal_of(payload) + payload


def seal_of(payload: bytes) -> bytes:
    """What goes before the payload in a sealed file."""
    return MAGIC + hmac.new(secret(), payload, hashlib.sha256).digest()


def unseal(data: bytes) -> bytes:
    """The payload of a sealed file; Unsealed when it was not sealed with the user's key."""
    return bytes(verified(data))


def verified(data: bytes) -> memoryview:
    """The payload of a sealed file, not copied (an event's reading is tens of megabytes)."""
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + _DIGEST:
        raise Unsealed("not a sealed cache file")
    mac, payload = data[len(MAGIC):len(MAGIC) + _DIGEST], memoryview(data)[len(MAGIC) + _DIGEST:]
    if not hmac.compare_digest(mac, hmac.new(secret(), payload, hashlib.sha256).digest()):
        raise Unsealed("the seal does not match")
    return payload


def write_atomically(path: Path, data: bytes, *more: bytes, then: Writing | None = None) -> os.stat_result:
    """`data` (and `more` after it, then what `then` writes) into `path`, which holds the old content or the new, never a
    part; a write that fails (a full disk, Ctrl-C) leaves no temporary behind. Returns the stats
    of the file written, taken once it was whole and before it was put in place: what `path`
    holds while its inode, size and modification time are these (caches.py's SealedFiles), were
    another process to replace it at once.

    For caches only: nothing is synced, so a power cut may leave the file empty or gone, which a
    cache's seal tells (a rebuild). Anything else: `write_durably`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return _write_whole(path, (data, *more), then, put=os.replace, synced=False)


def write_durably(path: Path, data: bytes, *, mode: int | None = None, replace: bool = True) -> None:
    """`data` into `path`, whole or not at all as `write_atomically`, and there to stay once this
    returns: the file synced before it is renamed into place, then its folder, so that the rename
    too is on the disk (and so any folder made on the way). `mode`: the file's permissions
    whatever the umask (the desk's tokens 0600); None, as `open` makes a file. `replace=False`:
    never over a file that exists (FileExistsError, nothing written), as `pair` draws a round."""
    make_folders_durably(path.parent)
    _write_whole(path, (data,), None, put=os.replace if replace else _put_new, synced=True, mode=mode)
    sync_folder(path.parent)


def write_sealed_named(folder: Path, prefix: str, name_of: Callable[[bytes], str], write: Writing,
                       ) -> tuple[str, os.stat_result]:
    """A payload sealed (seal_of) into a file of `folder`, whole or not at all as
    `write_atomically` writes it, the payload made once: `write` gives it a chunk at a time,
    each written as it comes, hashed into the seal and into a digest of its own (a record of a
    mass event's 10,000 people was pickled three times over, for its seal, its name and the
    file: a third of the build's own time at its end). The seal goes before the payload, in the
    room left for it, once the payload is written. The file's name is `name_of` the seal and
    the payload's digest (a file named by its content). A file of that name is replaced all
    the same, never taken to hold the same: a power cut can leave one empty or cut short (these
    writes are not synced), and kept, it would be refused by every later build, which would then
    write it again and keep it again. Returns the name, and the stats of the file written, as
    write_atomically does. The temporary's name
    starts with `prefix`, as the file's own name does, so that whoever prunes the files of that
    name prunes one a killed build left. For caches only."""
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f"{prefix}.tmp-{os.getpid()}-{threading.get_ident()}"
    mac, digest = hmac.new(secret(), digestmod=hashlib.sha256), hashlib.sha256()
    try:
        with _new_file(temporary) as handle:
            handle.write(bytes(len(MAGIC) + _DIGEST))

            def chunk(data: bytes) -> None:
                handle.write(data)
                mac.update(data)
                digest.update(data)

            write(chunk)
            sealed = MAGIC + mac.digest()
            handle.seek(0)
            handle.write(sealed)
            handle.flush()
            written = os.fstat(handle.fileno())
        name = name_of(sealed + digest.digest())
        os.replace(temporary, folder / name)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return name, written


def _new_file(path: Path):  # noqa: ANN202 - a binary file object
    """`path` made anew for writing, never opened through a link or over a file found there
    (O_EXCL|O_NOFOLLOW): one left by a process of the same id long gone is removed first (a link
    is unlinked, not followed)."""
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
    try:
        descriptor = os.open(path, flags, 0o666)
    except FileExistsError:
        os.unlink(path)
        descriptor = os.open(path, flags, 0o666)
    return open(descriptor, "wb")  # (builtin open: the tests patch seals.open)


def _write_whole(path: Path, parts: tuple[bytes, ...], then: Writing | None, *,
                 put: Callable[[Path, Path], None], synced: bool, mode: int | None = None) -> os.stat_result:
    """The one body of both writers: a temporary beside `path`, written, put in place by `put`,
    removed if anything fails. Its name is this thread's: the desk saves from several at once."""
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}-{threading.get_ident()}")
    try:
        with _new_file(temporary) as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)  # before a byte of it is written
            for part in parts:
                handle.write(part)
            if then is not None:
                then(handle.write)
            handle.flush()  # (the last write's time: closing writes nothing more)
            if synced:
                os.fsync(handle.fileno())
            written = os.fstat(handle.fileno())
        put(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return written


def _put_new(temporary: Path, path: Path) -> None:
    """`temporary` at `path` unless a file is there: a hard link is made or refused in one step
    (FileExistsError), where a rename would replace."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError:
        # A filesystem without hard links (a FAT-formatted USB stick): look, then rename. Only
        # a file made in the moment between the two would be replaced.
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.rename(temporary, path)
        return
    temporary.unlink()


def make_folders_durably(folder: Path) -> None:
    """`folder` and those missing above it, each one's name synced into its parent: a folder
    of the secretary's made for files written durably (write_durably makes its own)."""
    missing = []
    while not folder.is_dir() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        made.mkdir(exist_ok=True)
        sync_folder(made.parent)


def sync_folder(folder: Path) -> None:
    """The names in `folder` (a file renamed or made there) on the disk. Where folders cannot be
    opened (Windows, a folder one may write in but not read) or synced (some network
    filesystems), there is nothing more to do: the file is in place, as sure as the system makes it."""
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except PermissionError:
        return
    try:
        os.fsync(descriptor)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
    finally:
        os.close(descriptor)


def write_sealed(path: Path, payload: bytes, *, synced: bool = False) -> os.stat_result:
    """`seal(payload)` written atomically, the seal before the payload, without a sealed copy
    of the payload in memory; the stats of the file written (`write_atomically`). `synced`: the
    file's bytes on the disk before it takes its name (its folder is the caller's to sync: a
    build's journal is renamed again, beside output/)."""
    if synced:
        return _write_whole(path, (seal_of(payload), payload), None, put=os.replace, synced=True)
    return write_atomically(path, seal_of(payload), payload)


def private(folder: Path) -> bool:
    """Whether `folder` is a folder of the user's own that others cannot write into (not a link),
    in a folder others cannot write into either: caches.unsafe's test, without its words, for
    the catalogues' cache, which the words come from. In a folder others can write, a file
    could be swapped for a link between the look and the write, and the write would land where
    the link points; in a parent others can write, the folder itself could be so swapped."""
    if os.name != "posix":
        return _is_folder(folder)
    try:
        found, above = os.lstat(folder), os.lstat(folder.parent)
    except OSError:
        return False
    return (stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid() and not found.st_mode & stat.S_IWOTH
            and stat.S_ISDIR(above.st_mode) and above.st_uid in (os.getuid(), 0) and not above.st_mode & stat.S_IWOTH)


def _is_folder(folder: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False


class NotOwnFile(OSError):
    """A file paibang was to open is not a regular file of the user's own: a symbolic link
    planted there (content received from someone else: git and zip keep links) would make it
    read or write where the link leads (~/.bashrc, /dev/zero). `why`: "link", "not-file" or
    "owner"; nothing was read or written."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path, self.why = path, why


def why_not_own(found: os.stat_result, folder: bool = False, private: bool = False) -> str | None:
    """Why what `found` (an lstat or fstat) describes is not paibang's to read or write,
    NotOwnFile's `why`, or None: it must be a regular file (`folder`: a folder) of the user's
    own; a folder others cannot write into; `private`: a file others can neither read nor write."""
    if stat.S_ISLNK(found.st_mode):
        return "link"
    if not (stat.S_ISDIR(found.st_mode) if folder else stat.S_ISREG(found.st_mode)):
        return "not-file"
    if hasattr(os, "getuid") and (found.st_uid != os.getuid() or (folder and found.st_mode & 0o022)
                                  or (private and found.st_mode & 0o077)):
        return "owner"
    return None


def open_own(path: Path, flags: int = os.O_RDONLY, mode: int = 0o644, *, anyones: bool = False,
             private: bool = False) -> int:
    """`path` opened with `flags` (made with `mode` when they say O_CREAT), never through a
    symbolic link (O_NOFOLLOW), never waiting on a named pipe planted there (O_NONBLOCK, blocking
    again once it is known to be a file), never handed to a program paibang runs (O_CLOEXEC), and
    kept only when fstat says it is a regular file of the user's own (`anyones`: of whoever's;
    `private`: that others can neither read nor write): NotOwnFile otherwise, the file closed.
    Any other OSError as os.open raised it (FileNotFoundError: there is none).

    What is there but is no regular file is NotOwnFile("not-file") already at os.open: a named
    pipe opened to write with no reader (ENXIO), a folder opened to write (EISDIR), a file where
    the path wants a folder (ENOTDIR). Raised bare, they went past the callers that handle
    NotOwnFile (the desk's writer: HTTP 500, the typed result lost)."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | nonblocking, mode)
    except OSError as error:
        if error.errno == errno.ELOOP or os.path.islink(path):
            raise NotOwnFile(path, "link") from None
        if error.errno in (errno.ENXIO, errno.EISDIR, errno.ENOTDIR):
            raise NotOwnFile(path, "not-file") from None
        raise
    try:
        found = os.fstat(fd)
        if anyones:
            why = None if stat.S_ISREG(found.st_mode) else "not-file"
        else:
            why = why_not_own(found, private=private)
        if why is not None:
            raise NotOwnFile(path, why)
        if nonblocking:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_if_regular(path: str | os.PathLike[str]) -> tuple[BinaryIO | None, os.stat_result]:
    """The file at `path` opened to read (binary), and the stats of the very file opened (fstat,
    whatever is renamed over the name meanwhile); None for the file, nothing read, when that is
    no regular file (a named pipe, a device, a socket, a folder). OSError as os.open raises it.

    Opened without waiting (O_NONBLOCK: a named pipe with no writer opens at once, where a plain
    open waited for a writer for ever), then blocking again once it is known to be a file. A
    link is followed and the file may be anyone's: where content may lead is the loader's to
    judge (files.inside_content); paibang's own files are opened by open_own. The one way a
    content file is opened (snapshot.opened_regular), and the line a problem quotes
    (errors._source_line) and a sheet's lines (sheet_text._lines_of) are read."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, os.O_RDONLY | nonblocking | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        found = os.fstat(fd)
        if stat.S_ISREG(found.st_mode):
            if nonblocking:
                os.set_blocking(fd, True)
            return os.fdopen(fd, "rb"), found
    except BaseException:
        os.close(fd)
        raise
    os.close(fd)
    return None, found


class TooLarge(OSError):
    """A file of paibang's cache larger than any it writes of its kind (read_own's `limit`): not
    read. An OSError, as every cache miss is."""


def read_own(path: Path, limit: int, touch: bool = False) -> tuple[bytes, os.stat_result]:
    """The bytes of a cache file, and its stats (of the very file read, whatever is renamed over
    it meanwhile): the one way every cache of paibang's reads a file back (the sealed pickles of
    caches.py, the PDFs of render/pdf.py, the draws of tournament/redraws.py).

    A cache's folder is checked when a build takes it (caches.unsafe), but not each file in it,
    and a project received by git or zip can carry a symbolic link there: read as any file, a
    link to /dev/zero filled the memory, one to /dev/stdin waited for ever, and a regular file
    of gigabytes would be read whole before its seal was found wrong. So the file is opened as
    paibang opens its own (open_own: never through a link, never waiting on a pipe, a regular
    file of the user's), and one larger than `limit` is not read at all: NotOwnFile or TooLarge,
    both OSErrors, which every reader of a cache already takes for a file not there (a miss:
    made again, and written over it). The size is checked again as it is read: a file that
    grows meanwhile is read no further than `limit`.

    `touch`: the file's times set to now once it is read whole (a cache that prunes what no
    build used for long): the very file read, through its descriptor. By its name, os.utime
    follows a link: one swapped in after the read would have touched the file it leads to,
    anywhere the user may write."""
    fd = open_own(path)
    try:
        found = os.fstat(fd)
        if found.st_size > limit:
            raise TooLarge(f"{path}: {found.st_size} bytes, more than {limit}")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
        if touch and len(data) <= limit:
            with contextlib.suppress(OSError):  # (used or not, what was read is read)
                os.utime(fd)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooLarge(f"{path}: more than {limit} bytes")
    return data, found
