"""What paibang keeps between builds holds data, never code that another user could plant.

The event cache and the record of the last build's warnings are pickles, and unpickling runs
whatever a pickle names: a file planted in `.paibang-cache/` (a shared parent folder, a copied
project) would run as the next user who builds. So every pickle paibang writes is sealed with
a keyed hash (HMAC-SHA256) under a secret that only the user can read, and a file whose seal
does not verify is never unpickled: it is treated as missing and made again. The compiled
templates (Jinja's bytecode, i.e. marshalled code) are sealed the same way.

The secret is 32 random bytes in `$XDG_CONFIG_HOME/paibang/cache-key` (else
`~/.config/paibang/cache-key`), made on first use with mode 0600. Where it cannot be kept, a
secret for this process alone is used: the caches then only hold within one run.

A cache folder owned by another user, or writable by everyone, is not used at all (`unsafe`):
the build takes a private temporary one and says so on stderr. PDFs are data, but they are
published: a planted one must not reach output/ either.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import stat
from functools import cache
from pathlib import Path
from typing import Any

from generator import catalogues

MAGIC = b"paibang-sealed-1\n"
_DIGEST = hashlib.sha256().digest_size


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


def unseal(data: bytes) -> bytes:
    """The payload of a sealed file; Unsealed when it was not sealed with the user's key."""
    return bytes(_verified(data))


def _verified(data: bytes) -> memoryview:
    """The payload of a sealed file, not copied (an event's reading is tens of megabytes)."""
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + _DIGEST:
        raise Unsealed("not a sealed cache file")
    mac, payload = data[len(MAGIC):len(MAGIC) + _DIGEST], memoryview(data)[len(MAGIC) + _DIGEST:]
    if not hmac.compare_digest(mac, hmac.new(secret(), payload, hashlib.sha256).digest()):
        raise Unsealed("the seal does not match")
    return payload


def dumps(value: Any) -> bytes:
    return seal(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def loads(data: bytes) -> Any:
    """Unpickle a sealed file: only after its seal is verified."""
    return pickle.loads(_verified(data))


def read_sealed(path: Path) -> Any:
    """A sealed file, unpickled once its seal is verified."""
    with open(path, "rb") as handle:
        return loads(handle.read())


def write_sealed(path: Path, payload: bytes) -> None:
    """`seal(payload)` written atomically, the seal before the payload, without a sealed copy
    of the payload in memory."""
    write_atomically(path, seal_of(payload), payload)


def write_atomically(path: Path, data: bytes, *more: bytes) -> None:
    """`data` (and `more` after it) into `path`, which holds the old content or the new, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    with open(temporary, "wb") as handle:
        for part in (data, *more):
            handle.write(part)
    os.replace(temporary, path)


def unsafe(folder: Path) -> dict[str, str] | None:
    """Why `folder` (a cache) must not be used, in every locale ({locale: text}, a parameter
    the notice `cache_ignored` words in its own), or None. The folder and the folders paibang
    keeps in it are checked as they are; one that does not exist yet is checked when made."""
    if os.name != "posix":
        return None
    for path in (folder, *(folder / name for name in ("events", "pdf"))):
        try:
            found = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            return catalogues.word("cache_unsafe_error", path=path, error=exc.strerror or exc)
        if stat.S_ISLNK(found.st_mode) and path != folder:
            return catalogues.word("cache_unsafe_link", path=path)
        if path == folder and stat.S_ISLNK(found.st_mode):
            found = os.stat(path)
        if not stat.S_ISDIR(found.st_mode):
            return catalogues.word("cache_unsafe_not_folder", path=path)
        if found.st_uid != os.getuid():
            return catalogues.word("cache_unsafe_owner", path=path, uid=found.st_uid)
        if found.st_mode & stat.S_IWOTH:
            return catalogues.word("cache_unsafe_everyone", path=path)
    return None
