"""The seal on what paibang keeps between runs: a keyed hash (HMAC-SHA256) under a secret only
the user can read (its file: `_key_file`), so that a file someone else wrote is never
believed. It imports nothing of paibang's: the catalogues' cache (generator/catalogues.py) seals
with it, and caches.py, which seals the other caches, takes its words from the catalogues.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from collections.abc import Callable
from functools import cache
from pathlib import Path

MAGIC = b"paibang-sealed-1\n"
_DIGEST = hashlib.sha256().digest_size

# What writes a payload a chunk at a time, each chunk given to the function it is passed.
Writing = Callable[[Callable[[bytes], object]], None]


class Unsealed(ValueError):
    """A cache file whose seal is missing or wrong: never to be unpickled."""


def _key_file() -> Path:
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(config) / "paibang" / "cache-key"


@cache
def secret() -> bytes:
    """The user's own key: read, or made once (atomically: parallel builds agree on one)."""
    path = _key_file()
    try:
        return _read_secret(path)
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = path.with_name(f".cache-key.tmp-{os.getpid()}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(os.urandom(32))
        try:
            os.link(temporary, path)  # fails if another process made it first: then theirs is the key
        except FileExistsError:
            pass
        finally:
            temporary.unlink(missing_ok=True)
        return _read_secret(path)
    except OSError:
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


def seal_of_written(write: Writing) -> bytes:
    """seal_of the payload `write` makes, given chunk by chunk to the function it is passed
    (Writing): a payload of megabytes is sealed without being made whole in memory."""
    mac = hmac.new(secret(), digestmod=hashlib.sha256)
    write(mac.update)
    return MAGIC + mac.digest()


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
    another process to replace it at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        with open(temporary, "wb") as handle:
            for part in (data, *more):
                handle.write(part)
            if then is not None:
                then(handle.write)
            handle.flush()  # (the last write's time: closing writes nothing more)
            written = os.fstat(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return written


def write_sealed(path: Path, payload: bytes) -> os.stat_result:
    """`seal(payload)` written atomically, the seal before the payload, without a sealed copy
    of the payload in memory; the stats of the file written (`write_atomically`)."""
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
