"""Writing the built site: into a fresh folder beside output/, swapped in only when complete.

A build that fails, or is killed, leaves the previous output/ as it was: the new site is
written to `output.tmp-<pid>/` and swapped with output/ in one step at the very end (Linux's
renameat2 exchange; elsewhere two renames, and a site caught between them is put back by the
next build). Folders left behind by a killed build are removed by the next one (each carries its
own marker from the moment it is made: see below). Every path is
checked to stay inside the tree, whatever an id or slug contains.

Inside output/, paibang replaces or removes only the files the last build wrote, as its record
names them (render/incremental.py's PreviousBuild.wrote): anything else (a git checkout's .git, a
CNAME, notes) is left where it is by a rebuild, which then goes in place however much of the site
changed (place_site), and by `paibang clean` (`remove_site`); a new page where one of them stands
refuses the build (output_clash). Only a build without a record, which cannot tell them from
paibang's, carries them into the new site it swaps in (`carry_over`).

paibang replaces or deletes only folders it made: every site it writes carries a marker file
(`.paibang-site`), and `check_output` refuses, before anything is touched, a target that is a
file, the system's root or the home folder, content/ (or a folder inside it or holding it), or
a folder that is not empty and is not paibang's. The marker's presence alone proves nothing: a
published site carries it, and a copy merged into a web root (or a folder the user reused after
deleting a site but not the cache's record of it) would then be replaced whole. So the marker
carries a random id and a keyed hash (HMAC, the caches' key: generator/seals.py) of that id and
of the folder's own path: only this user's paibang, on this computer, wrote it for this folder
(`made_here`). A site copied elsewhere, or built on another computer (a second laptop), is
refused with words that say to delete it by hand. A marker of the older kind, without the id,
counts only while the last build's sealed record describes the folder (it is rewritten then);
a folder without the marker is never paibang's, whatever a record says (sites built before the
marker existed: deleted by hand, then built again). Leftovers of killed builds (`output.tmp-<pid>`,
`output.old-<pid>`) are tidied only when they carry paibang's exact name and a marker of their own
(`.paibang-leftover`, `mark_leftover`) keyed to that very folder's path: the site's marker is
output/'s, and a copy of the site (the user's backup `output.old-2024`) carries it too. Nor is a
folder without that marker ever named to the user as one to remove (marked_as_leftover). That
marker is written into each such folder first of all, when it is made (or into output/ just
before it is moved aside), so that a build killed at any moment leaves nothing the next one
cannot tell as its own.

A rebuild that changed a few files (one results file saved: one event's pages, its players' pages,
the indexes) does not copy the rest of the site into a new tree and swap it: that cost grew with the
archive (~8,400 links for 200 events), not with the change. It writes only the new files into
`output.tmp-<pid>/` and puts them into output/ in place, under a journal (`apply_in_place`): before
output/ is touched, `output.journal-<pid>` lists every file to be replaced or removed and whether it
was there before (sealed with the caches' key and naming its own path: a journal planted or copied
beside output/ is never applied, nor one whose backup folder paibang did not make); each old file is
first linked into `output.old-<pid>/` (the backup, made and marked as paibang's before the journal
is written), then the new one renamed over it (so a reader never finds a file missing); the journal
is removed once every file is in place, which is the commit. A build killed while applying leaves
its journal, and the next build (or `paibang clean`) rolls it back before anything else
(`recover_leftovers`): each file from the backup, new files removed. So output/ is the old site or
the new one, never a mix, once paibang next runs (until then, after a kill -9, it may be a mix: the
README says so); a web server reading output/ during those milliseconds may see some new files
beside old ones, as it would while a site is uploaded. Swapping per event was the other choice: an
event's folder swaps atomically, but the indexes, the players' pages and several events do not swap
together, so a journal was needed anyway. When most of the site changed (a template, site.yaml), the
whole tree is still written and swapped in one step, as before, unless output/ holds anything the
last build did not write (place_site).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import hmac
import json
import os
import pickle
import re
import shlex
import shutil
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from generator import catalogues
from generator.seals import key_is_kept, secret, sync_folder, unseal, write_sealed


class UnsafePath(ValueError):
    pass


Notify = Callable[[str, dict[str, object]], None]  # (UI words' key, parameters): generator/build.py's


MARKER = ".paibang-site"


MARKER_ID = "paibang-site-id"  # the marker's line that says whose folder it is (`made_here`)


def marker_text(output: Path) -> str:
    """What the marker file of the site at `output` says, in English and in zh-Hans whatever the
    site's locale: whoever opens the folder learns that it is replaced whole (the UI word
    output_marker); then a random id and the keyed hash of it and of output/'s own path."""
    english, chinese = catalogues.text("output_marker", "en"), catalogues.text("output_marker", "zh-Hans")
    nonce = os.urandom(16).hex()
    return f"{english} {chinese}\n{MARKER_ID} {nonce} {_marker_mac(output, nonce)}\n"


def _marker_mac(output: Path, nonce: str) -> str:
    place = os.fsencode(os.path.abspath(output.resolve()))
    return hmac.new(secret(), b"paibang-site\0" + place + b"\0" + nonce.encode(), hashlib.sha256).hexdigest()


def _marker(folder: Path, name: str = MARKER) -> str | None:
    """The marker's text in `folder` (`name`: the leftover's, LEFTOVER), when it is a regular
    file of its own (never a link followed), else None."""
    try:
        descriptor = os.open(os.path.join(folder, name), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return None
        return os.read(descriptor, 4096).decode("utf-8", "replace")
    except OSError:
        return None
    finally:
        os.close(descriptor)


def made_here(folder: Path, output: Path | None = None) -> bool:
    """Whether `folder` carries a marker this user's paibang wrote for the site at `output`
    (default: the folder itself; a staging or backup folder's marker is output/'s): its id's
    hash verifies under the user's key for that path. A copy of a site elsewhere, or one built
    on another computer, does not."""
    return _verifies(_marker(folder), output or folder)


def _verifies(text: str | None, output: Path) -> bool:
    """Whether a marker's text holds an id keyed to the site at `output` (made_here)."""
    return _id_in(text, output) is not None


def _id_in(text: str | None, output: Path) -> str | None:
    """The id a marker's text holds keyed to the site at `output`, else None."""
    for line in (text or "").splitlines():
        name, _, rest = line.partition(" ")
        nonce, _, mac = rest.partition(" ")
        if name == MARKER_ID and nonce and hmac.compare_digest(mac.strip(), _marker_mac(output, nonce)):
            return nonce
    return None


def marker_id(output: Path, folder: Path | None = None) -> str | None:
    """The id of the marker in output/ when it verifies (made_here), else None. Each site swapped
    in whole has a new one; the record of the build that wrote output/ names it (PreviousBuild.save),
    so a build that finds another one there knows the last build to write output/ kept no record
    (its cache refused as unsafe: place_site's `unrecorded`). `folder`: the marker of a new site
    for output/ still beside it (its staging folder), the id output/ has once it is swapped in."""
    return _id_in(_marker(folder or output), output)


def write_marker(folder: Path, output: Path) -> None:
    """The marker of the site at `output` into `folder` (a new staging folder; output/ itself,
    its older marker replaced whole or not at all). Never through a link put there."""
    _write_own(folder, MARKER, marker_text(output))


# A leftover's own marker: the proof that paibang made this very folder beside output/ (a staging
# folder, a backup, an old site moved aside), keyed to the folder's own path, whose name holds the
# pid. The site's marker proves nothing here: a copy of the site (`cp -a output output.old-2024`,
# the user's backup) carries it too. Written first of all, when the folder is made (or before a
# site is moved to where it becomes one), and removed last (`_remove`): a build killed at any
# moment, or a removal cut short, leaves a folder the next build knows as its own.
LEFTOVER = ".paibang-leftover"
LEFTOVER_ID = "paibang-leftover-id"


def _leftover_mac(place: Path, nonce: str) -> str:
    where = os.fsencode(_own_place(place))
    return hmac.new(secret(), b"paibang-leftover\0" + where + b"\0" + nonce.encode(), hashlib.sha256).hexdigest()


def _own_place(path: Path) -> str:
    """`path` absolute, its folder's links resolved but not itself (what a leftover's marker and a
    journal's seal are keyed to)."""
    return os.path.join(os.path.abspath(path.parent.resolve()), path.name)


def _read_own(path: Path) -> bytes:
    """The payload of a file sealed with this user's key (seals.unseal), read without following
    a link; Unsealed (a ValueError) when another wrote it."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
                         | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise ValueError(f"{path} is not a file")
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return unseal(handle.read())
    finally:
        os.close(descriptor)


def mark_leftover(folder: Path, *places: Path, synced: bool = False) -> None:
    """`folder`'s own marker as a leftover of paibang's at each of `places` (default: where it
    is): a site about to be swapped aside is marked for where it will lie. `synced`: the
    marker's bytes on the disk (a journal's backup: see apply_in_place)."""
    lines = []
    for place in places or (folder,):
        nonce = os.urandom(16).hex()
        lines.append(f"{LEFTOVER_ID} {nonce} {_leftover_mac(place, nonce)}\n")
    _write_own(folder, LEFTOVER, catalogues.text("output_marker", "en") + "\n" + "".join(lines), synced)


def made_as_leftover(folder: Path) -> bool:
    """Whether `folder` carries the marker paibang wrote for this very folder when it made it
    (mark_leftover), under this user's key: a copy of a site or a backup of the user's does not."""
    for line in (_marker(folder, LEFTOVER) or "").splitlines():
        name, _, rest = line.partition(" ")
        nonce, _, mac = rest.partition(" ")
        if name == LEFTOVER_ID and nonce and hmac.compare_digest(mac.strip(), _leftover_mac(folder, nonce)):
            return True
    return False


def _write_own(folder: Path, name: str, text: str, synced: bool = False) -> None:
    """`text` into the file `name` of `folder`, whole or not at all, never through a link;
    `synced`: its bytes on the disk before it takes its name (the name is the caller's to sync)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    target = os.path.join(folder, name)
    replacing = os.path.lexists(target)
    path = os.path.join(folder, f"{name}.tmp-{os.getpid()}") if replacing else target
    if replacing:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    descriptor = os.open(path, flags, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(text.encode("utf-8"))
            if synced:
                handle.flush()
                os.fsync(handle.fileno())
        if replacing:
            os.replace(path, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise


class OutputRefused(Exception):
    """The target of a build is not a folder paibang may replace: `reason` is the key of the UI
    words (generator/locales/*/LC_MESSAGES/paibang.po) that say why and what to do instead."""

    def __init__(self, reason: str, path: Path, **params: object) -> None:
        super().__init__(f"{reason}: {path}")
        self.reason = reason
        self.path = path
        self.params = params  # the words' other parameters (the files named: `listed`)


# How long a build waits for another one writing the same output/ (`output_lock`) before it
# refuses: a rebuild of serve's, or the desk's, started while `paibang build` runs waits for it
# to end; one that waits longer names the other and changes nothing (output_busy).
LOCK_WAIT = 60.0


# The lock files' descriptors held now: closed in each forked child (a PDF print worker, a pool's
# worker), which would otherwise hold the lock on after this process was killed (rev49: seconds
# after kill -9, until each worker ended). Closing a child's copy leaves this process's lock held.
_HELD_LOCKS: set[int] = set()
# Held from opening a lock file until its descriptor is in _HELD_LOCKS, and by every fork: a fork
# from another thread in between (the desk's, serve's) kept a copy that _close_held_locks did not
# know of, and so the lock once taken (rev52).
_OPENING = threading.Lock()


def _close_held_locks() -> None:
    for fd in _HELD_LOCKS:
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD_LOCKS.clear()
    # (last, and never failing: a fork whose acquire was cut short by a signal holds it not: rev59)
    with contextlib.suppress(RuntimeError):
        _OPENING.release()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_OPENING.acquire, after_in_parent=_OPENING.release,
                        after_in_child=_close_held_locks)


def lock_folder() -> str | None:
    """paibang's own folder of lock files, this user's alone: paibang-<uid> in /tmp (the system's
    folder for temporary files where there is no /tmp). Never taken from the environment
    (XDG_RUNTIME_DIR, TMPDIR): a terminal, cron, `su` or a service differ there, and two
    processes building one output/ with two lock folders each held a lock of its own (rev52).
    Made 0700, and used only when it is a real folder (not a link), this user's, that no one
    else may write in. None otherwise: a folder planted there by someone else is never written
    in (output_lock then locks output/'s parent folder instead)."""
    uid = os.getuid()
    base = "/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir()
    folder = os.path.join(base, f"paibang-{uid}")
    with contextlib.suppress(FileExistsError, OSError):
        os.mkdir(folder, 0o700)
    try:
        found = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(found.st_mode) or found.st_uid != uid or found.st_mode & 0o077:
        return None
    return folder


def _lock_path(output: Path) -> str | None:
    """output/'s own lock file in lock_folder, named by a digest of output/'s real path (None
    where there is no such folder)."""
    # (realpath resolves what is there and keeps the rest as written: a parent made later by
    # the build as a folder has the same real path, so the same lock)
    folder = lock_folder()
    if folder is None:
        return None
    return os.path.join(folder, hashlib.sha256(os.fsencode(os.path.realpath(output))).hexdigest()[:32] + ".lock")


def _lock_file(output: Path) -> int | None:
    """What output_lock locks: output/'s own lock file (_lock_path); where that folder or file
    cannot be used, output/'s parent folder itself, made first and resolved (one inode whatever
    way it is named), which blocks other sites beside it too but never leaves a build unlocked.
    None only where neither opens."""
    real = os.path.realpath(output)
    path = _lock_path(output)
    if path is not None:
        with contextlib.suppress(OSError):
            return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0), 0o600)
    parent = os.path.dirname(real)
    with contextlib.suppress(OSError):
        os.makedirs(parent, exist_ok=True)
        return os.open(os.path.realpath(parent), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    return None


@contextlib.contextmanager
def output_lock(output: Path, notify: Notify | None = None, wait: float | None = None) -> Iterator[None]:
    """Held while a build, serve's rebuild or first step, or `paibang clean` writes `output`
    and the folders beside it: two processes doing so at once (a `serve` and a `build`, two
    builds) each checked output/ against its own record, then one swapped or removed what the
    other had just put in place, and each rolled back the other's journal as a leftover of a
    killed build once its pid was gone. An advisory lock (flock) on a lock file of output/'s own,
    named by a digest of the folder's real path (what is written, whatever way it is named:
    link/../out, a parent not made yet), in paibang's own folder of this user's (lock_folder):
    never a file in the user's folders; another site beside it is not blocked, and no other
    user can hold it (where that folder cannot be used, output/'s parent folder: _lock_file;
    another user's build of the same output/: refuse_other_users). The system drops it when the
    process ends, however it ends (kill -9 too), and forked children do not keep it
    (_close_held_locks); the file is removed as the lock is let go (see below). One that is not
    free is waited for (`notify` told once, output_waiting) up to `wait` seconds (LOCK_WAIT),
    then OutputRefused (output_busy), nothing touched. With no locks on its filesystem, built on
    as before, without."""
    import fcntl
    import time

    # The lock file is removed by the build that holds it, as it ends, not left for good (one
    # empty file for every output/ ever built): removed while still held, and only when its
    # name still leads to the very file locked (only a holder ever removes it, and one opening it
    # meanwhile, O_CREAT, opens that file, never makes another). A build that was waiting on the
    # file so removed gets its lock, a lock on a file no other build will open: so a lock is
    # taken as held only when the name still leads to the file locked, else the name is opened
    # again (a new file, or the one a third build made and holds, then waited for): two builds
    # never both hold output/'s lock. A build killed leaves its file, one for each output/ whose
    # last build was killed, removed by the next build of it. (An older paibang, running beside
    # this one, does not look again after its lock is taken: the two together are not excluded.)
    def opened() -> int | None:
        with _OPENING:
            found = _lock_file(output)
            if found is not None:
                _HELD_LOCKS.add(found)
        return found

    fd = opened()
    if fd is None:  # (neither paibang's lock folder nor output/'s parent opens: nothing to lock)
        yield
        return
    path = _lock_path(output)
    held = False
    try:
        deadline = None
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if deadline is None:
                    deadline = time.monotonic() + (LOCK_WAIT if wait is None else wait)
                    if notify is not None and deadline > time.monotonic():
                        notify("output_waiting", {"path": output})
                if time.monotonic() >= deadline:
                    raise OutputRefused("output_busy", output) from None
                time.sleep(0.1)
                continue
            except OSError:  # no locks on this filesystem (ENOLCK, EOPNOTSUPP): as before, without
                break
            if _names(path, fd):
                held = True
                break
            _HELD_LOCKS.discard(fd)  # removed by the build that held it: its name opened again
            os.close(fd)
            fd = opened()
            if fd is None:  # (nothing opens now: as where nothing did, unlocked)
                break
        yield
    finally:
        if fd is not None:
            if held and path is not None and _is_file(fd) and _names(path, fd):
                with contextlib.suppress(OSError):
                    os.unlink(path)  # (still held: see above)
            _HELD_LOCKS.discard(fd)
            os.close(fd)  # (the lock with it)


def _is_file(fd: int) -> bool:
    """Whether `fd` is a lock file (not output/'s parent folder, locked where there is none)."""
    return stat.S_ISREG(os.fstat(fd).st_mode)


def _names(path: str | None, fd: int) -> bool:
    """Whether the lock file `fd` is the one at `path` (output_lock): always, where output/'s
    parent folder is locked instead."""
    if path is None or not _is_file(fd):
        return True
    try:
        found, held = os.lstat(path), os.fstat(fd)
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (held.st_dev, held.st_ino)


def is_ours(folder: Path) -> bool:
    """A marker is there, whoever wrote it: enough only where the build checked output/ whole
    before it began (check_output); a roll-back under a journal asks for `made_here`."""
    return os.path.isfile(os.path.join(folder, MARKER)) and not os.path.islink(os.path.join(folder, MARKER))


# Two users building one output/ are not excluded by output_lock: its lock folder is each user's
# own (lock_folder: a folder every user may write in could be planted by any of them), so each
# holds a lock of their own. A lock both can see would have to be a file in the user's folders
# (beside output/, which paibang never writes in but for its own leftovers), or output/ itself,
# which a swap replaces. Instead, output/ is this user's alone: one that holds anything and is
# another user's (whoever made it, the st_uid of the folder) is refused before anything is touched
# (refuse_other_users). paibang makes output/ the builder's own at its first build (the new site
# is swapped in), so a folder of another's holding a site is one another user builds: with
# `sudo paibang build` (root, reading the user's key where sudo keeps HOME, took the user's site
# for its own) each build would replace the other's files, root's then left where the user
# cannot remove them. An empty folder of another's (a web root made ready by its owner) is built
# into, and then is the builder's; two users starting on it at once are told apart at the swap,
# which looks again (swap_into_place), one rename away. The marker (made_here), keyed to each
# user's own key, refuses another user's site as well, but said as a copy from elsewhere.
def owner_elsewhere(folder: Path) -> int | None:
    """The uid of the user whose folder `folder` (a real path) is, when it is there, holds
    anything, and is not this user's; None otherwise (and where the system has no owners)."""
    if not hasattr(os, "getuid"):
        return None
    try:
        found = os.lstat(folder)
        if not stat.S_ISDIR(found.st_mode) or found.st_uid == os.getuid():
            return None
        with os.scandir(folder) as entries:
            if not any(True for _ in entries):
                return None
    except OSError:
        return None
    return found.st_uid


def refuse_other_users(folder: Path, output: Path) -> None:
    """OutputRefused (output_other_user) when `folder`, output/'s real path, is another user's
    and holds anything (owner_elsewhere), naming that user."""
    owner = owner_elsewhere(folder)
    if owner is None:
        return
    try:
        import pwd

        name = pwd.getpwuid(owner).pw_name
    except (ImportError, KeyError):
        name = str(owner)
    raise OutputRefused("output_other_user", output, owner=name)


def check_output(output: Path, content: Path, recorded: bool = False) -> None:
    """Raise OutputRefused unless `output` may be replaced whole by a new site: empty, or
    carrying a marker made for it here (`made_here`). `recorded`: the last build's sealed record
    describes this path, which lets a marker of the older kind, without an id, through once
    (this build writes the new one); never a folder without a marker."""
    target = output.resolve()
    content = content.resolve()
    home = Path(os.path.expanduser("~")).resolve()
    if target == Path(target.anchor) or target == home:
        raise OutputRefused("output_system", output)
    if target == content or target.is_relative_to(content) or content.is_relative_to(target):
        raise OutputRefused("output_content", output)
    if os.path.lexists(output) and not target.is_dir():
        raise OutputRefused("output_not_folder", output)
    refuse_other_users(target, output)
    # output/ itself a mount point (a USB stick, a NAS share): a new site goes in beside it and is
    # swapped in by a rename, which cannot cross into another filesystem; tried, the build failed
    # "device or resource busy" and left its leftover marker in the folder (rev46)
    # (a bind mount of a folder of the same filesystem keeps st_dev: the table of mounts says it)
    if target.is_dir() and target != Path(target.anchor) and (
            os.lstat(target).st_dev != os.lstat(target.parent).st_dev or "" in mounts_under(os.fspath(target))):
        raise OutputRefused("output_is_mount", output)
    text = _marker(target) if target.is_dir() else None  # (read once for the three questions)
    # made here; an older paibang's marker, without the id line (the note at the top), with the record; empty
    if not target.is_dir() or _verifies(text, target) or (recorded and text is not None and MARKER_ID not in text) \
            or not any(os.scandir(target)):
        return
    if text is not None:
        # With no key kept between runs (no place for it), no marker can be told as this user's:
        # said so, not "a copy of a site", whose fix would not help.
        raise OutputRefused("output_not_made_here" if key_is_kept() else "output_no_key", output)
    raise OutputRefused("output_not_ours", output)


class FreshFiles(Sequence[str]):
    """The files a build wrote anew (OutputTree.fresh), gone through when asked, not held as a
    list: a 2,000-event archive's 87,000 paths were the largest thing its build made at its
    end (9 MB), for its report. `written`: the build process's own; `parts`: the render
    workers' (render/incremental.py's RenderedPages, held packed by the record of the build)."""

    def __init__(self, written: list[str], parts: list[Any]) -> None:
        self._written, self._parts = written, parts

    def __len__(self) -> int:
        return len(self._written) + sum(part.file_count for part in self._parts)

    def __iter__(self) -> Iterator[str]:
        yield from self._written
        for part in self._parts:
            yield from part.files

    def __getitem__(self, index: int) -> str:  # type: ignore[override] - a path by its place (slices are not asked for)
        if index < 0:
            index += len(self)
        for number, relative in enumerate(self):
            if number == index:
                return relative
        raise IndexError(index)


class OutputTree:
    """The files of one site being written, each named by its path relative to the root
    ("events/x/index.html"): a site is some ten thousand small files, written with the system's
    own calls on plain strings (pathlib's objects were a tenth of rendering).

    Those calls are one mkdir a folder and open, write, fstat, close a file: no fsync, and no page
    renamed or removed in a fresh build, whose tree is renamed once, whole (bench/site.py's
    rewrite_cost makes the same calls alone: the floor). What they cost the system on a disk is
    making the inodes, not writing the bytes: ext4 without a journal (the benchmark machine's disk)
    passes, for every inode it makes, over each one freed in the last minute (five while its table
    block is unwritten) in the group it makes it in, one lookup each (the kernel's fs/ext4/ialloc.c,
    find_inode_bit and recently_deleted). A tree made within a minute of another's removal, as each
    benchmark run is after the last run's, costs the system several times one made in a quiet file
    system: perf of a 50-event build so made, 18 to 29 % of all its samples in that search, most of
    its 0.8 to 1.8 s of system time (0.12 s in /dev/shm; 0.25 s on the disk with nothing removed
    before it), growing run after run; with a journal, none of it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: list[str] = []  # files written anew by this process (see `rendered_parts`)
        self.stamps: dict[str, tuple[int, int]] = {}  # (size, modification time) of each file written
        self._root = os.fspath(root)
        self._folders: set[str] = set()  # made already: most pages share a folder with another
        self.kept: list[str] = []  # single files of the previous site kept as they are (see `keep`)
        self.kept_parts: list[Any] = []  # whole parts of it (render/incremental.py's EventPages)
        # Whole parts written anew by the render workers (render/incremental.py's RenderedPages):
        # their files, held packed with their stamps, are in neither `written` nor `stamps`.
        self.rendered_parts: list[Any] = []
        self.incomplete = False  # a kept file was left out when linked (link_kept): not the whole site
        self.dropped: list[Any] = []  # kept parts found changed when linked (link_kept): not kept after all
        # Found in output/ by a build without a record, inside the site's own folders, and kept:
        # perhaps old pages of paibang's (place_site), named again by every build (`unproven`)
        self.unproven: list[str] = []
        # Files of this site left as found in output/, not put in place nor recorded: a killed older
        # paibang's page as likely as the user's copy of it, holding the same bytes (place_site's `older`)
        self.unrecorded: frozenset[str] = frozenset()

    def path(self, relative: str) -> Path:
        return Path(self._target(relative))

    def _target(self, relative: str) -> str:
        parts = relative.split("/")
        if relative.startswith("/") or "\\" in relative or any(p in ("..", ".", "") for p in parts):
            raise UnsafePath(relative)
        return f"{self._root}/{relative}"

    def write_bytes(self, relative: str, data: bytes) -> None:
        self.write_parts(relative, (data,))

    def write_parts(self, relative: str, parts: Iterable[bytes]) -> None:
        """A file made of `parts`, each written as it comes (a large file need not be held whole)."""
        target = self._target(relative)
        folder = target.rpartition("/")[0]
        if folder not in self._folders:
            try:
                os.mkdir(folder)
            except FileExistsError:
                pass
            except FileNotFoundError:
                os.makedirs(folder, exist_ok=True)
            self._folders.add(folder)
        handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o666)
        try:
            for data in parts:
                view = memoryview(data)
                while view:
                    view = view[os.write(handle, view):]
            found = os.fstat(handle)  # for the record of the build, without finding the file again
            self.stamps[relative] = (found.st_size, found.st_mtime_ns)
        finally:
            os.close(handle)
        self.written.append(relative)

    def write_text(self, relative: str, text: str) -> None:
        self.write_bytes(relative, text.encode("utf-8"))

    def keep(self, relative: str, stamp: tuple[int, int]) -> None:
        """A file of the previous site, unchanged, that belongs to this one too: linked into the
        tree (`link_kept`) when the whole tree is swapped, else left where it is."""
        self._target(relative)  # checked as a written one would be
        self.kept.append(relative)
        self.stamps[relative] = stamp

    def keep_part(self, part: Any) -> None:
        """A whole part of the previous site (EventPages: its files, with their recorded stamps),
        unchanged: as `keep`, without looking at each of its files now."""
        self.kept_parts.append(part)

    @property
    def fresh_count(self) -> int:
        """How many files were written anew, by this process and by the render workers."""
        return len(self.fresh())

    def fresh(self) -> FreshFiles:
        """Every file written anew: this process's, then the render workers' (their parts
        unpacked one at a time, as they are gone through)."""
        return FreshFiles(self.written, self.rendered_parts)

    @property
    def kept_files(self) -> int:
        return len(self.kept) + sum(part.file_count for part in self.kept_parts)

    def link_kept(self, previous_root: Path) -> None:
        """Hard-link every kept file from the previous site into this tree (copied where links
        cannot be made): the tree is then the whole new site, to be swapped in. A file that is
        no longer as the last build wrote it (edited, replaced, a link put in its place) is never
        carried into the new site: it is left out, and its part with it (`dropped`: the caller
        does not record it, so that the next build renders it again)."""
        source_root = os.fspath(previous_root)
        singles = [(relative, self.stamps.get(relative), None) for relative in self.kept]
        in_parts = [(relative, stamp, part) for part in self.kept_parts
                    for relative, stamp in zip(part.files, part.stamps)]
        left_out: set[int] = set()
        linked: dict[int, list[str]] = {}  # each part's files linked so far
        for relative, stamp, part in (*singles, *in_parts):
            if part is not None and id(part) in left_out:
                continue
            source = f"{source_root}/{relative}"
            if not as_written(source, stamp):
                if part is None:
                    self.kept.remove(relative)
                    self.stamps.pop(relative, None)
                else:
                    left_out.add(id(part))
                    # None of a part left out is in the new site: its files linked already would
                    # be in it unrecorded, files of no build's (the next one, rendering the part
                    # again, found them where its pages go: someone else's, to carry_over).
                    for target in linked.pop(id(part), ()):
                        with contextlib.suppress(OSError):
                            os.unlink(target)
                self.incomplete = True
                continue
            target = self._target(relative)
            folder = target.rpartition("/")[0]
            if folder not in self._folders:
                os.makedirs(folder, exist_ok=True)
                self._folders.add(folder)
            try:
                os.link(source, target)  # the same file: its recorded stamp holds
            except OSError:
                shutil.copyfile(source, target)
                if part is None:
                    self.stamps.pop(relative, None)  # a copy has a time of its own: read back when recorded
                else:
                    part.stamps = None
            if part is not None:
                linked.setdefault(id(part), []).append(target)
        self.dropped = [part for part in self.kept_parts if id(part) in left_out]
        self.kept_parts = [part for part in self.kept_parts if id(part) not in left_out]


def looks_whole(path: str) -> bool:
    """Whether the file at `path` begins and ends as a PDF does (render/pdf.py's readable_pdf's
    first tests, its first and last bytes alone read): a bulletin kept in output/ from the last
    build (recorded as written) is looked at so at each build, at the cost of one small read, and
    one cut short there (by an older paibang) is printed again rather than kept for good."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:  # (never through a link put there, never waiting on a pipe)
        with open(os.open(path, flags), "rb") as handle:
            head = handle.read(5)
            handle.seek(0, os.SEEK_END)
            handle.seek(max(0, handle.tell() - 1024))
            tail = handle.read()
    except OSError:
        return False
    return head == b"%PDF-" and b"%%EOF" in tail


def as_written(path: str, stamp: tuple[int, int] | None) -> bool:
    """The file is there as a build wrote it, (size, modification time) `stamp`: a regular file
    still, not a symbolic link put in its place, nor edited since."""
    try:
        found = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and stamp is not None and (found.st_size, found.st_mtime_ns) == tuple(stamp)


def staging_dir(output: Path, notify: Notify | None = None) -> Path:
    """A new, empty folder next to output/ (same filesystem, so the final rename is cheap). The
    folders above it made for it (`--output new/site`) are removed again by `discard`. First,
    what killed builds left is tidied (recover_leftovers: what is left alone is said to `notify`)."""
    output = output.resolve()
    made = [folder for folder in (output.parent, *output.parent.parents) if not os.path.lexists(folder)]
    output.parent.mkdir(parents=True, exist_ok=True)
    recover_leftovers(output, notify)
    staging = output.parent / f"{output.name}.tmp-{os.getpid()}"
    if os.path.lexists(staging):
        if not _removable(staging):
            raise OutputRefused("output_not_ours", staging)
        _remove(staging)
    staging.mkdir()
    _MADE_FOR[staging] = made
    # First of all: a build killed at any moment leaves a folder the next one knows as its own.
    mark_leftover(staging)
    write_marker(staging, output)  # the site's: the folder becomes output/
    return staging


# The folders above a staging folder made for it, innermost first: a build that does not finish
# leaves nothing it made (output/'s parent is no folder of anyone's until a site is put in it).
_MADE_FOR: dict[Path, list[Path]] = {}


def place_site(staging: Path, output: Path, tree: OutputTree, gone: list[str] | None,
               wrote: Callable[[bool], frozenset[str] | None] | None = None, notify: Notify | None = None,
               changing: Callable[[], None] | None = None, recorded_marker: str | None = None,
               recording: Callable[[Path], None] | None = None, older: Iterable[str] = (),
               committed: Callable[[], None] | None = None, committing: Callable[[], None] | None = None,
               waiting: Path | None = None, left_before: Iterable[str] = ()) -> bool:
    """Put the finished site in place; True when it went in place under a journal. Most of the
    site kept and the last build's record describing output/ (`gone`: the files of its site the
    new one has not; None without a record): only the new files go into output/, in place
    (apply_in_place); otherwise the staging folder becomes the whole site and is swapped in
    (swap_into_place). Either way a build killed at any moment leaves the old site or the new one.

    `wrote`: the files the last build wrote, as its record names them (True: all of them;
    False: those this build may write anew), None without a record: every other file in
    output/ is someone else's, never replaced nor removed (see carry_over). OutputRefused
    (output_clash), nothing touched, when the new site would put a file where one of those is.

    `changing`: called once nothing can refuse the build any more, just before output/ is first
    changed (the build drops its record then: PreviousBuild.forget); in place, once the journal
    that undoes the change is named (apply_in_place). A refused build leaves the
    record as it was: dropped before the refusal, the next build found no record, took the user's
    file in the way for paibang's, and replaced it without a word (rev38).

    `recording`: called instead of `changing` when the whole site is swapped, with the staging
    folder, just before the swap: the record of the new site written where it waits for the swap
    (PreviousBuild.save's `pending`), the last build's left the record until then. Whichever
    site a kill leaves in output/, the next build finds its record (PreviousBuild.settle: the
    new one is the record once output/ has its marker). Set aside before the swap, the old
    record was lost by a kill before it, the new one not written yet by a kill after it: the
    next build took nothing in output/ as paibang's (carry_over) and rendered it all again.

    `recorded_marker`: the marker id the record names (the one output/ had when it was recorded).
    Another one in output/ now means a build since wrote output/ and kept no record (its cache
    refused as unsafe): only then is a file in the way holding exactly this build's bytes taken
    as paibang's (same_bytes) and said to `notify` (output_taken_over). Otherwise such a file is
    someone else's like any other: a user's copy of an old event's pages, put back to keep its
    addresses, was taken over, recorded and then removed with the event (rev44).

    `committed`, `committing`: in place, called at the commit and just before it (apply_in_place's).
    `waiting`: in place, where `changing` writes the record of the new site (apply_in_place's).

    `older`: the paths where a build of an older paibang's, killed, may have left its new pages
    (roll_back_journals' `older`: its journal named no inode). One in the way of the new site
    in place holding exactly this build's bytes there is no clash: it is left as it is, the
    page it holds already, and said once (to `notify`, output_taken_older, with the command
    that removes it). Refused otherwise, as any file in the way (the roll-back said what to
    do). Refused always, a rebuild after such a kill could never go on without the user
    deleting pages they had no way to tell from their own. Left, not taken as paibang's: that
    journal proves nothing of whose file it is (the user's own copy of the page, put back from
    a backup with its times, holds the same bytes), and taken, it was recorded, then replaced
    or removed by a later build (the event taken away) with the user's file. So the build does
    not put its page over it and its record does not name it (OutputTree.unrecorded): no build
    removes or changes it, and one that writes other bytes there stops and names it.

    `left_before`: the files a build before left so (its record's "left", PreviousBuild.left):
    as `older` for good, not said again. The `older` note goes once a build records the site,
    and the event's part is recorded without them: without these, every later build found
    those pages neither paibang's nor an older one's, and stopped on the user's identical
    copy, which a fresh build writes byte for byte (rev75)."""
    refuse_other_users(output.resolve(), output)  # (again: check_output's was before the build; and see swap_into_place)
    unrecorded = recorded_marker is not None and marker_id(output.resolve()) not in (None, recorded_marker)
    taken: list[str] = []
    # A whole new site goes in place too when output/ holds anything the last build did not write
    # (a .git, photos/, a CNAME, a note in an event's folder): what is someone else's is then not
    # touched at all, where the swap linked it file by file into the new tree (carry_over). Until
    # the swap that tree, which a build that fails removes, held the user's files; a file saved
    # into their folder meanwhile went with the old tree; one of another owner's was copied and
    # became the builder's; their folders were made anew with the builder's owner and times; and
    # a .git of 50,000 files was linked again at every build. In place, their files and folders
    # stay where they are, the same inodes, under a journal that touches only paibang's files
    # (as Jekyll's keep_files, which it never deletes nor moves). Refusing the build until they
    # are moved out was the other choice: a secretary who publishes output/ as a git checkout
    # could then never build (carry_over's note). The swap stays for a site holding only
    # paibang's files (one step for a web server reading it) and for a build without a record,
    # which cannot tell anything in output/ as someone else's (carry_over carries it all).
    whole = tree.kept_files < tree.fresh_count
    recorded = wrote(True) if wrote is not None and whole else None  # (asked once: the swap's too)
    whole_with_others = (gone is not None and whole and is_ours(output.resolve())
                         and _holds_others(output.resolve(), recorded))
    if gone is not None and is_ours(output.resolve()) and (not whole or whole_with_others):
        fresh = list(tree.fresh())  # (at most as many as are kept, or the whole site among someone else's things)
        if in_place_possible(output, fresh + gone):
            # In place, only the files the new site writes and those it takes away are touched:
            # one of them that the last build did not write (a file of the user's where a new
            # page goes; a folder of theirs where a page of the old site was) would be lost.
            known = (recorded if whole else wrote(False) if wrote is not None else None) or frozenset()
            root = os.fspath(output.resolve())
            before = frozenset(left_before)
            clashes, left = [], frozenset(older) | before
            older_taken: list[str] = []
            for relative in fresh:
                if relative not in known and os.path.lexists(f"{root}/{relative}"):
                    if unrecorded and same_bytes(f"{staging}/{relative}", f"{root}/{relative}"):
                        taken.append(relative)
                    elif relative in left and same_bytes(f"{staging}/{relative}", f"{root}/{relative}"):
                        older_taken.append(relative)
                    else:
                        clashes.append(relative)
            clashes += [relative for relative in gone if os.path.isdir(f"{root}/{relative}")
                        and not os.path.islink(f"{root}/{relative}")]
            if clashes:
                raise OutputRefused("output_clash", output, count=len(clashes), paths=listed(sorted(clashes)))
            # An older paibang's marker (check_output let it through with the record) made anew
            # first: a roll-back goes only into a folder whose marker was made here (_roll_back).
            if not made_here(output.resolve()):
                write_marker(output.resolve(), output)
            if older_taken:  # (left as they are, not recorded: see `older` above)
                tree.unrecorded = frozenset(older_taken)
                fresh = [relative for relative in fresh if relative not in tree.unrecorded]
            apply_in_place(staging, output, fresh, gone, changing, committed, committing,  # (`changing` once its journal is named)
                           waiting)
            _MADE_FOR.pop(staging, None)
            _say_taken(taken, output, notify)
            said = sorted(relative for relative in older_taken if relative not in before)  # (said once)
            if said and notify is not None:
                notify("output_taken_older", {"path": output, "count": len(said),
                                              "paths": listed(said), "command": removal_command(
                                                  [output / relative for relative in said])})
            return True
    tree.link_kept(output)  # the staging folder becomes the whole site
    if not whole:
        recorded = wrote(True) if wrote is not None else None
    carried, clashes = carry_over(output, staging, recorded, taken if unrecorded else None)
    if clashes:
        raise OutputRefused("output_clash", output, count=len(clashes), paths=listed(clashes))
    if changing is not None and recording is None:
        changing()
    if recorded is None and carried and notify is not None:
        notify("output_kept_unrecorded", {"path": output, "count": len(carried), "paths": listed(sorted(carried))})
    if recorded is None:
        tree.unproven = unproven_of(carried)
    if recording is not None:
        recording(staging)  # (the record of the site in staging, waiting for the swap)
    swap_into_place(staging, output)
    _MADE_FOR.pop(staging, None)  # the folders made for it hold the site now
    _say_taken(taken, output, notify)
    return False


def _holds_others(output: Path, recorded: frozenset[str] | None) -> bool:
    """Whether output/ holds anything the last build did not write (`recorded`): place_site."""
    if recorded is None or not os.path.isdir(output) or os.path.islink(output):
        return False
    try:
        return bool(not_written(output, recorded))
    except OSError:
        return False  # (unreadable: the swap's walk says it, carry_over)


def unproven_of(carried: Iterable[str]) -> list[str]:
    """Of what a build without a record kept in output/ (carry_over's `carried`: a folder named
    once, "x/"), what lies inside one of the site's folders (events/old-event/, players/x.html):
    an old page of paibang's as likely as the user's, never removed (nothing proves it paibang's)
    but named by every build, and by `paibang clean`, until it is gone (`still_there`). What lies
    at output/'s top (a .git, a CNAME, a search engine's proof file) is named once, as before:
    named at every build, the user's own would teach them to skip the note."""
    return sorted(relative for relative in carried if "/" in relative.rstrip("/"))


def still_there(output: Path, unproven: Iterable[str]) -> list[str]:
    """Those of `unproven` (a record's: PreviousBuild.unproven) still in output/, not through a
    link (a folder of the site's the user replaced by one is named as it is found)."""
    root = os.fspath(output)
    found = []
    for relative in unproven:
        if not isinstance(relative, str) or not _plain(relative.rstrip("/")):
            continue
        real = _real_folders(root, [relative.rstrip("/").rpartition("/")[0]])
        if relative.rstrip("/").rpartition("/")[0] in real and os.path.lexists(f"{root}/{relative.rstrip('/')}"):
            found.append(relative)
    return found


def _say_taken(taken: list[str], output: Path, notify: Notify | None) -> None:
    """The files an unrecorded build left that this one took as paibang's (place_site), said."""
    if taken and notify is not None:
        notify("output_taken_over", {"path": output, "count": len(taken), "paths": listed(sorted(taken))})


def _say_kept(kept: list[str], output: Path, notify: Notify | None) -> None:
    """The files a roll-back found at a killed build's new pages' paths and left as someone's
    (_roll_back's `kept`), said."""
    if kept and notify is not None:
        notify("rollback_kept_foreign", {"path": output, "count": len(kept), "paths": listed(sorted(kept))})


def _site_marker(name: str) -> bool:
    """Whether a name at output/'s top is one of paibang's markers (or one being written anew,
    `_write_own`, by a build killed then): each site has its own, never carried nor named."""
    return name in (MARKER, LEFTOVER) or name.startswith((f"{MARKER}.tmp-", f"{LEFTOVER}.tmp-"))


SHOWN = 10  # files named in a word (`listed`); the rest counted


def listed(paths: Sequence[str]) -> dict[str, str]:
    """The first SHOWN of `paths` in a word, in each locale ({locale: text}: catalogues.text
    picks its own), "and N more" after them."""
    shown = {locale: catalogues.joiner(locale).join(paths[:SHOWN]) for locale in catalogues.LOCALES}
    if len(paths) <= SHOWN:
        return shown
    return catalogues.word("paths_and_more", paths=shown, more=len(paths) - SHOWN)


def carry_over(output: Path, staging: Path, recorded: frozenset[str] | None,
               taken: list[str] | None = None) -> tuple[list[str], list[str]]:
    """Everything in output/ that the last build did not write (`recorded`: the files its record
    names), put unchanged into the new site (`staging`, complete but for them) before it is
    swapped in: a folder paibang made holds what someone else put in it too (the secretary
    publishes output/ as a git checkout: its .git, a CNAME, notes, photos), and the swap
    replaced it all (rev34). Returns (what was carried, a folder once for all it holds; the
    files of the new site that stand where one of those is: `clashes`, nothing carried then
    being of any use, the caller refuses the build).

    Carried, not refused: a git checkout's .git is in output/ at every build, and a build that
    refused it until it was moved out would be a build the secretary could not use; nor has
    content/ a folder whose files are copied into the site, where they could go instead. A
    clash is refused, naming the files: which of the two is wanted only the user can say.

    Each file is hard-linked into the new tree (copied where it cannot be: another owner's file,
    a filesystem without links), a symbolic link made again as it is (never followed), a folder
    made anew with its mode: until the swap output/ holds everything as it was, after it the new
    site does, so a build killed at any moment loses nothing (the old tree, a leftover, is then
    removed whole). A file put into output/ after this walk and before the swap, milliseconds
    later, goes with the old site: the one thing a build can still lose (the README says so).

    A symbolic link where the last build had a folder (output/events put elsewhere by the user)
    is someone else's file like any other: carried as it is where the new site has nothing, a
    clash (the build refused, naming it) where the new site has its own folder. It was replaced
    without a word; and never followed, its target is not touched either way.

    Without a record (`recorded` None: the cache removed, or a build stopped between putting
    its site in place and recording it), nothing can be told as paibang's: everything the new
    site does not write is carried (the caller says so: an old page of an event since removed
    may be among them), and a file the new site writes is taken as paibang's.

    `taken`: given when the last build to write output/ kept no record (place_site's
    `unrecorded`): a file in the way holding exactly the new one's bytes is no clash then, and is
    added to it; otherwise every file in the way is a clash."""
    root, stage = os.fspath(output.resolve()), os.fspath(staging)
    if not os.path.isdir(root) or os.path.islink(root):
        return [], []
    # A filesystem mounted in output/ (a NAS's photos, a bind mount) cannot move with a rename:
    # carried, its files were copied into the new site and, the old tree removed after the
    # swap, deleted from the mount itself, left stranded in the leftover to be emptied again by
    # every build. Refused before anything of it is read, nothing changed (output_mount).
    device = os.lstat(root).st_dev
    # (one bound from the same filesystem, same st_dev, found in the table of mounts: any at all)
    for mount in mounts_under(root):
        if mount:
            raise OutputRefused("output_mount", output, mount=output / mount)
    folders = _folders_of(recorded or ())  # the folders holding a file of the last build's: paibang's
    carried: list[str] = []
    clashes: list[str] = []
    modes: list[tuple[str, int]] = []  # folders made anew, their modes set once they are filled
    # (folder, whether all it holds is someone else's, whether it is named already as carried)
    pending: list[tuple[str, bool, bool]] = [("", False, False)]
    while pending:
        folder, foreign, named = pending.pop()
        with os.scandir(f"{root}/{folder}" if folder else root) as found:  # unreadable: raised, nothing lost
            entries = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in found]
        for name, is_folder in sorted(entries):
            relative = f"{folder}/{name}" if folder else name
            if not folder and _site_marker(name):
                continue  # (each site has its own)
            if not foreign and recorded is not None and not is_folder and relative in recorded:
                continue  # paibang's: the new site has its own, or has none
            if not foreign and relative in folders and is_folder:
                if os.lstat(f"{root}/{relative}").st_dev != device:
                    raise OutputRefused("output_mount", output, mount=output / relative)
                pending.append((relative, False, False))  # paibang's folder: what else is in it is looked at
                continue
            source, target = f"{root}/{relative}", f"{stage}/{relative}"
            if os.lstat(source).st_dev != device:  # (a file mounted from another filesystem too)
                raise OutputRefused("output_mount", output, mount=output / relative)
            try:
                there = os.lstat(target)
            except FileNotFoundError:
                there = None
            except OSError:  # a file of the new site where a folder on the way should be
                clashes.append(relative)
                continue
            if is_folder:
                if there is None:
                    try:
                        os.makedirs(target)
                    except (FileExistsError, NotADirectoryError):
                        clashes.append(relative)
                        continue
                    modes.append((target, stat.S_IMODE(os.lstat(source).st_mode)))
                    if not named:
                        carried.append(relative + "/")  # (named once, not each file it holds)
                    pending.append((relative, True, True))
                elif stat.S_ISDIR(there.st_mode):
                    pending.append((relative, True, named))  # a folder the new site has too: what is in it
                elif recorded is not None:
                    clashes.append(relative)
                continue
            if there is not None:
                if recorded is not None:
                    if taken is not None and same_bytes(target, source):
                        taken.append(relative)
                    else:
                        clashes.append(relative)
                continue
            try:
                os.makedirs(target.rpartition("/")[0], exist_ok=True)
            except (FileExistsError, NotADirectoryError):
                clashes.append(relative)
                continue
            _carry_file(source, target)
            if not named:
                carried.append(relative)
    for target, mode in reversed(modes):  # innermost last made: filled first, then closed
        with contextlib.suppress(OSError):
            os.chmod(target, mode)
    return carried, clashes


def same_bytes(new: str, there: str) -> bool:
    """Whether the file `there` (in output/, not named by the record) holds exactly the bytes of
    the new site's file `new`: then, and only when the last build to write output/ kept no
    record (place_site's `unrecorded`), it is no clash, and the new one goes over it. It is how a
    build re-establishes the record after a build
    that could not keep one (its cache refused as unsafe: a temporary cache, its record gone with
    it): the pages that build wrote are the pages this one writes, and would otherwise be
    refused as someone else's at every build (output_clash) while the last record, older, did
    not name them. Regular files only, never read through a link."""
    try:
        a, b = os.lstat(new), os.lstat(there)
    except OSError:
        return False
    if not (stat.S_ISREG(a.st_mode) and stat.S_ISREG(b.st_mode)) or a.st_size != b.st_size:
        return False
    if (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino):
        return True
    try:
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        with open(os.open(new, flags), "rb") as ours, open(os.open(there, flags), "rb") as theirs:
            while chunk := ours.read(1 << 20):
                if theirs.read(len(chunk)) != chunk:
                    return False
            return not theirs.read(1)
    except OSError:
        return False


def _carry_file(source: str, target: str) -> None:
    """One file of someone else's into the new site: linked (the same file, its bytes not read),
    else copied whole; a symbolic link made again as it is, never followed."""
    if os.path.islink(source):
        os.symlink(os.readlink(source), target)
        return
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        if not stat.S_ISREG(os.lstat(source).st_mode):
            raise
        shutil.copy2(source, target, follow_symlinks=False)


def put_in_place(staging: Path, output: Path, fresh: list[str], afterwards: list[Callable[[], None]] | None = None,
                 ) -> bool:
    """Put the files `fresh` of `staging` into output/ in place under the journal
    (apply_in_place), nothing taken away: serve's first step after a save, one event's pages
    before the whole rebuild. False, with `staging` removed and output/ untouched, when output/
    is not a site of paibang's whose folders may be written in place (the whole rebuild then
    does it all). `afterwards`: as apply_in_place's (the backup and the staging folder removed
    once the new pages are shown)."""
    # Only a site made here for this folder (`made_here`), as a roll-back of it asks (_roll_back).
    if not (made_here(output.resolve()) and in_place_possible(output, fresh)):
        discard(staging)
        return False
    apply_in_place(staging, output, fresh, [], afterwards=afterwards)
    _MADE_FOR.pop(staging, None)  # (nothing was made above output/: it was there)
    return True


def swap_into_place(staging: Path, output: Path) -> None:
    """Replace output/ by the finished staging folder; the old site is removed afterwards."""
    output = output.resolve()
    old = output.parent / f"{output.name}.old-{os.getpid()}"
    # Looked at again: another user's build, which this user's lock does not exclude, may have put
    # its site here since check_output (refuse_other_users): never swapped aside and removed.
    refuse_other_users(output, output)
    if output.exists():
        # The old site marked for where it is moved aside (the staging folder's place, or
        # output.old-<pid>), before it goes: killed then, the next build knows it as its own.
        mark_leftover(output, staging, old)
    # A site replaced: the swap on the disk before the build makes the new site's record the
    # record (PreviousBuild.settle, after this returns), in the cache folder: a power cut that
    # kept that rename and lost the swap left the old site under the new one's record, naming
    # pages output/ did not hold and not the old site's own (kept as the user's for good). The
    # other way round (the swap kept, the rename lost) leaves the last build's record, whose
    # marker id is not output/'s: known as such (place_site's `unrecorded`). A first build
    # replaces no site, and syncs nothing: a cut that lost its swap leaves no site, or an empty
    # folder, under a record whose files the next build finds not there, and writes again.
    if output.exists() and _exchange(staging, output):
        _unmark(output)  # the new site: the staging folder's own marker goes with its name
        _synced_swap(output)
        _remove(staging)  # it holds the old site now
        return
    moved = False  # output/ moved aside by this call: only then is `old` the site to put back
    if output.exists():
        os.replace(output, old)
        moved = True
    try:
        os.replace(staging, output)
    except BaseException:
        if moved and not output.exists():
            os.replace(old, output)  # the old site back at once, not only by the next build
            _unmark(output)
        raise
    _unmark(output)
    if moved:
        _synced_swap(output)
        _remove(old)


def _synced_swap(output: Path) -> None:
    """The names beside output/ on the disk (swap_into_place): as sure as the system makes it."""
    with contextlib.suppress(OSError):
        sync_folder(output.parent)


def _unmark(output: Path) -> None:
    """output/ without a leftover's marker: it is the site now (one left there by a build killed
    between its swap and this is taken away by the next: recover_leftovers)."""
    with contextlib.suppress(FileNotFoundError):
        if not os.path.isdir(os.path.join(output, LEFTOVER)):
            os.unlink(os.path.join(output, LEFTOVER))


def apply_in_place(staging: Path, output: Path, fresh: list[str], gone: list[str],
                   changing: Callable[[], None] | None = None, committed: Callable[[], None] | None = None,
                   committing: Callable[[], None] | None = None, waiting: Path | None = None,
                   afterwards: list[Callable[[], None]] | None = None) -> None:
    """Put the files `fresh` (relative paths) of `staging` into output/, each over the old one,
    and take away `gone` (files of the old site the new one has not), under a journal: see the
    note at the top. Raises, with output/ put back as it was, when a step fails; `staging` and
    the backup are removed once the new site is in place.

    `changing` (place_site's: the record set aside) is called once the journal is named and on
    the disk, before output/ is first touched. Called before, a build killed while the journal
    was written left output/ the old site and no journal: nothing put the record back, and the
    next build, without one, swapped the whole site in among the user's things (rev64).
    `committed`: called once the journal is gone (the commit): the record of the new site,
    written by `changing` to wait for it, made the record (PreviousBuild.commit; killed before,
    the next build does it: settle_waiting, the journal gone). Saved after this call returned,
    a kill after the commit left the new site without a record: the next build swapped a whole
    site in among the user's things, their folders made anew. `committing`: called just before
    the journal is removed, output/ all the new site (PreviousBuild.committing): an exception
    between the removal and `committed` (a Ctrl-C, a SIGTERM made one) must not leave the new
    site with the old record put back (rev70); told so, the build asks the disk (journal gone).

    `waiting`: the path where `changing` writes the record of the new site (PreviousBuild's
    waiting record, in the cache folder of this build's), named in the journal: whichever
    process rolls the journal back deletes it there (_drop_waiting), whatever cache folder that
    process uses itself. Left, a roll-back by a process with another cache folder (the desk's
    start, `paibang clean` without its PAIBANG_CACHE) left it waiting, and the next build with this
    one made it the record of the old site put back: a record naming pages the site did not
    hold, or not naming ones it did.

    `afterwards`: the backup and the staging folder are not removed here but their removal added
    to it, for the caller to make once it has said the new files are in place (serve's first
    step: the old pages' links and the emptied folders, removed one by one, waited on the disk
    for a third of the step on a disk mounted with `discard`). Both are leftovers of this process
    marked as paibang's from their start: killed before their removal, the next build removes
    them (recover_leftovers), and the output/ they stand beside is the new site whole."""
    output = output.resolve()
    root, stage, pid = os.fspath(output), os.fspath(staging), os.getpid()
    backup = output.parent / f"{output.name}.old-{pid}"
    journal = output.parent / f"{output.name}.journal-{pid}"
    for relative in (*fresh, *gone):
        _checked(relative)
    folders: list[str] = []  # made by this build, parents first: removed again by a roll-back
    for folder in sorted(_folders_of(fresh), key=lambda f: (f.count("/"), f)):
        if not os.path.isdir(f"{root}/{folder}"):
            folders.append(folder)
    # A new page's file is named by its inode (staged, the same after os.replace): a roll-back
    # removes only that file, never one the user put at its path after a kill (rev63).
    steps = {"replace": [[relative, True] if os.path.lexists(f"{root}/{relative}")
                         else [relative, False, *_inode(f"{stage}/{relative}")] for relative in fresh],
             "remove": [relative for relative in gone if os.path.lexists(f"{root}/{relative}")], "folders": folders}
    if os.path.lexists(backup):
        if not _removable(backup):
            raise OutputRefused("output_not_ours", backup)
        _remove(backup)
    backup.mkdir()
    mark_leftover(backup, synced=True)  # first of all: tidied like any leftover of ours
    # From here on, a kill is rolled back by the next build. The journal is sealed with the
    # user's key and names itself (a journal planted beside output/, or copied from another
    # build's, is never applied: _roll_back), and is written whole inside the backup first: one
    # killed while it is written is removed with the backup, nothing having been touched.
    #
    # A power cut is not a kill: what was written but not synced may be lost, or a name kept
    # for a file whose bytes are not (a journal named but empty after the cut is not one paibang
    # sealed: named to the secretary, never rolled back, and output/ left a mix). The roll-back
    # needs, before output/ is touched, the journal whole under its name and its backup known as
    # paibang's (its marker, whole, in the folder): so the marker's bytes and the journal's are
    # synced before they take their names, the backup's names (marker, journal) before the
    # journal is renamed out of it, and the folder beside output/ (the journal's name, the
    # backup's) before the first file of output/ is replaced. Each old file's link into the
    # backup is not synced one by one (hundreds of waits on the disk for one save at the desk):
    # ext4 and XFS put names on the disk in the order they were made, so a replacement that
    # survives the cut has its backup's link with it.
    written = backup / ".journal"
    # The waiting record's path as its bytes, in hex: a cache folder's path need not be UTF-8
    # (PAIBANG_CACHE, of bytes the system takes), and JSON holds only text.
    named = {"journal": _own_place(journal),
             **({"waiting_path": os.fsencode(_own_place(waiting)).hex()} if waiting is not None else {})}
    write_sealed(written, json.dumps({**named, **steps}, ensure_ascii=False).encode("utf-8"), synced=True)
    sync_folder(backup)
    os.replace(written, journal)
    sync_folder(output.parent)
    back, made = os.fspath(backup), set()
    try:
        if changing is not None:
            changing()  # (a kill from here on: the roll-back puts the record back, roll_back_journals)
        for folder in folders:
            os.mkdir(f"{root}/{folder}")
        for relative, existed, *_ in steps["replace"]:
            target = f"{root}/{relative}"
            if existed:
                saved = _backup_path(back, relative, made)
                try:
                    # The old file stays readable until the new one replaces it.
                    os.link(target, saved, follow_symlinks=False)
                except OSError:
                    _copied_whole(target, saved)
            os.replace(f"{stage}/{relative}", target)
        for relative in steps["remove"]:
            os.replace(f"{root}/{relative}", _backup_path(back, relative, made))
    except BaseException:
        # Put back at once, and leave nothing beside output/ when that worked: a failed build
        # is not one killed, and the backup, emptied by the roll-back, is only clutter. A
        # roll-back that fails keeps its journal and backup for the next build to finish.
        if _roll_back(output, journal):
            _remove(backup, alone=True)
        raise
    if committing is not None:
        committing()
    journal.unlink()  # the commit: the new site is in place
    # The commit on the disk before the backup goes: a journal still there after a power cut,
    # its backup half removed (its marker goes last: still known as paibang's), would be rolled
    # back from what is left of it, a mix of both sites. And before `committed` makes the record
    # waiting for it the record: a cut that kept that rename (in the cache folder) and lost this
    # removal left the journal, rolled back by the next build, under the new site's record, which
    # named pages output/ then did not hold and not the old site's own (kept as the user's for
    # good). (The new files' bytes are not synced, as a swapped site's are not: one a power cut
    # left empty is no longer as the build's record says, and the next build writes it again.)
    sync_folder(output.parent)
    if committed is not None:
        committed()
    for relative in steps["remove"]:  # folders emptied by what was taken away (an event deleted)
        parent = relative.rpartition("/")[0]
        while parent:
            try:
                os.rmdir(f"{root}/{parent}")
            except OSError:
                break
            parent = parent.rpartition("/")[0]
    # A few files (one event's pages, serve's first step after a save): removed here and now;
    # REMOVERS threads started for them cost more than they save on a busy machine.
    few = len(fresh) + len(gone) < REMOVE_APART_FROM
    if afterwards is not None:
        afterwards.append(partial(_remove_both, backup, staging, few))
        return
    _remove_both(backup, staging, few)


def _remove_both(backup: Path, staging: Path, few: bool) -> None:
    """apply_in_place's backup and staging folder removed, once the new site is in place."""
    _remove(backup, alone=few)
    _remove(staging, alone=few)


def in_place_possible(output: Path, relatives: list[str]) -> bool:
    """Whether files can be put in place at `relatives` under output/: every folder on their way
    is a real folder of output/'s own (or not there yet), never a symbolic link, so that nothing
    is written, replaced or removed outside output/. Else the whole site is swapped."""
    root = os.fspath(output.resolve())
    folders: set[str] = set()
    for relative in relatives:
        try:
            _checked(relative)
        except UnsafePath:
            return False
        parent = relative.rpartition("/")[0]
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    device = os.lstat(root).st_dev
    if mounts_under(root):  # (a bind mount from the same filesystem too: the whole site refuses it)
        return False
    for folder in folders:
        try:
            found = os.lstat(f"{root}/{folder}")
        except FileNotFoundError:
            continue
        except OSError:
            return False
        # (a folder on another filesystem, mounted in output/: files cannot be swapped into it nor
        # rolled back from a backup beside output/ by a rename; the whole site is tried, which
        # refuses it by name, output_mount: rev46)
        if not stat.S_ISDIR(found.st_mode) or found.st_dev != device:
            return False
    return True


def _inode(path: str) -> tuple[int, int]:
    found = os.lstat(path)
    return found.st_dev, found.st_ino


def _copied_whole(target: str, saved: str) -> None:
    """`target` copied to `saved` (where no hard link can be made) under a name of its own first,
    renamed to `saved` only when whole: a roll-back puts whatever lies at `saved` back over the
    page, and a copy cut short (a full disk, a kill) must not lie there. A cut-short copy's file
    goes with the backup folder."""
    handle, copying = tempfile.mkstemp(prefix=".copying-", dir=saved.rpartition("/")[0])
    os.close(handle)
    try:
        shutil.copy2(target, copying)
        os.replace(copying, saved)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(copying)
        raise


def _backup_path(back: str, relative: str, made: set[str]) -> str:
    saved = f"{back}/{relative}"
    folder = saved.rpartition("/")[0]
    if folder not in made:
        os.makedirs(folder, exist_ok=True)
        made.add(folder)
    return saved


def _checked(relative: object) -> str:
    """A path relative to a site, as OutputTree accepts it; UnsafePath for anything else."""
    if not isinstance(relative, str):
        raise UnsafePath(repr(relative))
    parts = relative.split("/")
    if relative.startswith("/") or "\\" in relative or "\0" in relative or any(p in ("..", ".", "") for p in parts):
        raise UnsafePath(relative)
    return relative


def _roll_back(output: Path, journal: Path, refused: list[Path] | None = None, kept: list[str] | None = None,
               older: list[str] | None = None, stale: list[str] | None = None) -> bool:
    """Undo what the journal's build put in place: output/ as it was before it. Each step is
    safe to take again, so a roll-back that is itself killed is finished by the next one. True
    when output/ is as it was (its backup holds nothing of it any more); False when output/
    could not be written in place (the backup then stays untouched), or when the journal is not
    one paibang wrote for this very place (its seal, `_own_place`) or its backup not a folder
    paibang made (`made_as_leftover`): such a journal is never applied, and is left alone and
    added to `refused`, to be said (a planted one would move its own files into the site; an
    older paibang's was not sealed). A file at a new page's path that is not the very file the
    build staged (its inode, in the journal) is someone's put there after the kill: left, and
    its path added to `kept`, to be said. A journal of an older paibang's names no inode: a file
    at a new page's path is then the killed build's own page as likely as one put there since,
    and nothing tells; left all the same (never removed unproven), its path added to `older`
    (else to `kept`): roll_back_journals says so, and the build that follows takes it as its own
    only where it holds exactly the bytes of the page it writes there (place_site's `older`).
    The record the journal's build wrote to wait for its commit, not reached to be deleted
    (_drop_waiting), is added to `stale`, to be said."""
    pid = journal.name.rpartition("-")[2]
    back, root = os.fspath(output.parent / f"{output.name}.old-{pid}"), os.fspath(output)
    try:
        steps = json.loads(_read_own(journal))
        if steps["journal"] != _own_place(journal) or not made_as_leftover(Path(back)):
            raise ValueError("not this journal, or not its backup")
        waiting = _waiting_named(steps)  # (an older paibang's journal names none: build.py's drop_rolled_back)
        replace = [(_checked(step[0]), bool(step[1]), tuple(step[2:4])) for step in steps["replace"]]
        remove = [_checked(relative) for relative in steps["remove"]]
        folders = [_checked(folder) for folder in steps["folders"]]
    except (OSError, ValueError, TypeError, KeyError):
        if refused is not None:
            refused.append(journal)
        return False
    # Only into a site this user's paibang made for this very folder (`made_here`), not one
    # merely carrying a marker (a copy's): a journal and a backup planted beside such a folder
    # would otherwise replace or remove files in it. (An in-place build gives an older
    # paibang's marker the keyed one before its journal is written: place_site.)
    restored = made_here(output) and in_place_possible(output, [r for r, _, _ in replace] + remove)
    if restored:
        for relative, existed, staged in replace:
            if os.path.lexists(f"{back}/{relative}"):
                os.replace(f"{back}/{relative}", f"{root}/{relative}")
            elif not existed and os.path.lexists(f"{root}/{relative}") and not os.path.isdir(f"{root}/{relative}"):
                if _inode(f"{root}/{relative}") == staged:
                    os.unlink(f"{root}/{relative}")  # new with the killed build
                elif not staged and older is not None:  # (a journal of before the inodes: nothing tells)
                    older.append(relative)
                elif kept is not None:
                    kept.append(relative)
        for relative in remove:
            if os.path.lexists(f"{back}/{relative}"):
                os.replace(f"{back}/{relative}", f"{root}/{relative}")
        for folder in reversed(folders):
            try:
                os.rmdir(f"{root}/{folder}")
            except OSError:
                pass
        # What was put back on the disk before the journal goes: its backup is removed next as a
        # leftover, and a power cut that kept only the journal's removal would lose both.
        for folder in sorted({root, *(f"{root}/{r}".rpartition("/")[0] for r, _, _ in replace), *(
                f"{root}/{r}".rpartition("/")[0] for r in remove)}):
            if os.path.isdir(folder):
                sync_folder(Path(folder))
    # The record its build wrote to wait for the commit is never right once the journal is rolled
    # back (nor once it is dropped unapplied): gone before the journal, so that a roll-back killed
    # in between is finished by the next one, which finds the journal still naming it.
    if isinstance(waiting, str) and not _drop_waiting(waiting, journal):
        # Not reached (its cache folder renamed away, unmounted, read-only): left, it named the
        # site's marker id and this journal, and the next build with that folder, the journal
        # gone, made it the record of the site rolled back (PreviousBuild.settle_waiting: the
        # journal's removal is the commit's too), naming pages output/ does not hold and not
        # the old site's own (rev75). A new marker id for output/ first: no record made for the
        # site before is ever taken as its own again (that build finds none it can use, and
        # keeps all that is in output/), said with the command that removes the waiting record.
        write_marker(Path(root), output)
        with contextlib.suppress(OSError):
            sync_folder(Path(root))
        if stale is not None:
            stale.append(waiting)
    journal.unlink(missing_ok=True)
    if restored:
        sync_folder(journal.parent)
    return restored


def _waiting_named(steps: dict) -> str | None:
    """The waiting record a journal names (apply_in_place's `waiting`): its path's bytes in hex,
    or as text in a journal of the first paibang that named it; None when it names none."""
    found = steps.get("waiting_path")
    if isinstance(found, str):
        try:
            return os.fsdecode(bytes.fromhex(found))
        except ValueError:
            return None
    found = steps.get("waiting")
    return found if isinstance(found, str) else None


# The name of a record waiting for its journal's commit (render/incremental.py's PreviousBuild:
# build.py's _record_name, then ".next"): nothing else is ever deleted as one.
_WAITING_NAME = re.compile(r"site-[0-9a-f]{16}\.record\.next")


def _drop_waiting(waiting: str, journal: Path) -> bool:
    """The record named by a journal rolled back (apply_in_place's `waiting`) deleted, when it
    is paibang's and that journal's: a file of a waiting record's name (_WAITING_NAME), in a
    folder that is the very folder named (no link on the way, the folder's own path as it was
    resolved when the journal was written), itself no link, sealed with this user's key, that
    names this journal. Anything else there (a newer build's record waiting for a journal of its
    own, a file planted, one not sealed: never made a record) is left. True when no record of
    this journal's is there any more (deleted, or none found in the folder reached); False when
    the folder or the file could not be reached or deleted, or the path is not one paibang names
    so (the caller makes sure such a record is never taken: _roll_back)."""
    folder, _, name = waiting.rpartition("/")
    if not (_WAITING_NAME.fullmatch(name) and os.path.isabs(folder)):
        return False
    try:
        if os.path.realpath(folder) != folder:
            return False  # (a link on the way now: nothing is deleted through it)
        if not _SIDE_BY_SIDE:  # (no dir_fd: Windows; by path, as drop_rolled_back)
            return _drop_waiting_by_path(folder, name, journal)
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # (renamed away, unmounted, a link: not reached)
    try:
        try:
            descriptor = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0),
                                 dir_fd=handle)
        except FileNotFoundError:
            return True
        try:
            found = os.fstat(descriptor)
            if not stat.S_ISREG(found.st_mode):
                return False
            with os.fdopen(descriptor, "rb", closefd=False) as reading:
                payload = reading.read()
        finally:
            os.close(descriptor)
        if not _names_journal(payload, journal):
            return True
        there = os.stat(name, dir_fd=handle, follow_symlinks=False)
        if (there.st_dev, there.st_ino) != (found.st_dev, found.st_ino):
            return False
        os.unlink(name, dir_fd=handle)
        # On the disk before the journal's removal is: a power cut that kept that and lost
        # this left the record waiting, its journal gone, to be made the record of the site
        # rolled back (PreviousBuild.settle_waiting). Rare: a roll-back.
        os.fsync(handle)
        return True
    except OSError:
        return False
    finally:
        os.close(handle)


def _drop_waiting_by_path(folder: str, name: str, journal: Path) -> bool:
    """_drop_waiting where the system opens no file in a folder's handle: by its path, never a
    link (the folder's path checked by the caller)."""
    path = os.path.join(folder, name)
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return os.path.isdir(folder)  # (the folder reached, no record in it)
    except OSError:
        return False
    if not stat.S_ISREG(found.st_mode):
        return False
    try:
        with open(path, "rb") as reading:
            payload = reading.read()
        if not _names_journal(payload, journal):
            return True
        os.unlink(path)
    except OSError:
        return False
    return True


def _names_journal(payload: bytes, journal: Path) -> bool:
    """Whether `payload` is a record sealed with this user's key naming `journal` as the one it
    waits for (a file that is not: never taken as a record, by settle_waiting either)."""
    try:
        data = pickle.loads(unseal(payload))
    except Exception:  # noqa: BLE001 - not sealed, not a record: not this journal's
        return False
    named = data.get("journal") if isinstance(data, dict) else None
    return named in (os.fspath(journal), _own_place(journal))


def recover_leftovers(output: Path, notify: Notify | None = None) -> None:
    """Tidy up after builds that were killed: put back a previous site left as `output.old-<pid>`
    (killed between the two renames), and remove their `.tmp-` and `.old-` folders. Only folders
    named exactly as paibang names them and carrying the marker paibang made for that very
    folder (`made_as_leftover`), or empty, are touched: a backup called `output.old-2024` is the
    user's, even a copy of the site (whose site marker is output/'s). One that looks like a site
    but is not such a folder is left alone and said (`notify`). Folders of a build still running
    are left alone."""
    leftovers = []
    refused: list[Path] = []
    roll_back_journals(output, notify, refused)  # first: the backups they name are needed
    not_ours = []
    for path in output.parent.iterdir():
        kind, _, pid = path.name[len(output.name):].partition("-")
        if path.name.startswith(output.name) and kind in (".tmp", ".old") and pid.isdigit() and pid == str(int(pid)):
            if int(pid) != os.getpid() and not _running(int(pid)):
                if _removable(path):
                    leftovers.append((kind, path))
                elif marked_as_leftover(path):
                    not_ours.append(path)
    say_left_alone(notify, refused, not_ours, output)
    for kind, path in sorted(leftovers):
        if kind == ".old" and not os.path.lexists(output) and made_here(path, output):
            os.replace(path, output)
        else:
            _remove(path)
    # The site, put back or swapped in by a build killed before it took its leftover's marker
    # away: unmarked, unless another build is at work beside it (serve and the desk build the
    # same output/). That build's marker may be the one it is about to move the site aside by:
    # taken away, the site moved aside by a build killed then is never known again as ours and
    # never put back. (Left, it is taken away by a build run when none is.)
    if made_here(output) and not _another_build_beside(output):
        _unmark(output)


def journals_left(output: Path) -> bool:
    """Whether a killed build left a journal beside output/ (`output` resolved) that
    roll_back_journals would roll back."""
    return output.parent.is_dir() and any(_dead_journal(output, path) for path in output.parent.iterdir())


def _dead_journal(output: Path, path: Path) -> bool:
    kind, _, pid = path.name[len(output.name):].partition("-")
    return (path.name.startswith(output.name) and kind == ".journal" and pid.isdigit() and pid == str(int(pid))
            and int(pid) != os.getpid() and not _running(int(pid)) and path.is_file() and not path.is_symlink())


def roll_back_journals(output: Path, notify: Notify | None = None, refused: list[Path] | None = None,
                       older: list[str] | None = None) -> bool:
    """Roll back the journals of killed builds beside output/ (`output` resolved): True when one
    was and output/ is again the site it was before that build (the build then asks for the
    record that build set aside: incremental.py's put_aside_back). A build and `paibang clean`
    do this before they read the record (build.py's roll_back_first): a build killed mid-journal
    had set its record aside, and with none the next build swapped a whole new site in, the
    user's folders made anew, and clean refused to remove anything (rev63). Journals not ours
    are added to `refused`, to be said once (recover_leftovers). The files an older paibang's
    journal left at its new pages' paths (_roll_back's `older`) are said, and added to `older`
    (the build's, for place_site)."""
    restored = False
    kept: list[str] = []
    left: list[str] = []
    stale: list[str] = []
    if not output.parent.is_dir():
        return False
    for path in sorted(output.parent.iterdir()):
        if _dead_journal(output, path):
            restored = _roll_back(output, path, refused, kept, left, stale) or restored
    _say_kept(kept, output, notify)
    if stale and notify is not None:
        notify("rollback_waiting_left", {"path": output, "paths": listed(sorted(stale)),
                                         "command": removal_command([Path(path) for path in sorted(stale)])})
    if left and notify is not None:
        notify("rollback_kept_older", {"path": output, "count": len(left), "paths": listed(sorted(left)),
                                       "command": removal_command([output / relative for relative in sorted(left)])})
    if older is not None:
        older.extend(left)
    return restored


def _another_build_beside(output: Path) -> bool:
    """Whether a build other than this one, still running, has its staging folder or backup
    (`output.tmp-<pid>`, `output.old-<pid>`) beside output/."""
    try:
        names = os.listdir(output.parent)
    except OSError:
        return True  # cannot tell: as if one were
    for name in names:
        kind, _, pid = name[len(output.name):].partition("-")
        if name.startswith(output.name) and kind in (".tmp", ".old") and pid.isdigit() and pid == str(int(pid)) \
                and int(pid) != os.getpid() and _running(int(pid)):
            return True
    return False


def marked_as_leftover(path: Path) -> bool:
    """Whether `path`, a real folder, carries a leftover's marker (mark_leftover), whatever place
    or key it was made for: paibang made it, for another place (the folders moved) or on another
    computer, and it is named to the user (say_left_alone) though not removed. A folder without
    one is never named, even when it carries the site's marker: the user's own copy of the site
    (`cp -a output output.old-2024`) carries that one too, and every build told them to `rm -r`
    it (rev34). An older paibang's leftovers, made before this marker, cannot be told from such a
    copy, and are left alone unnamed."""
    if os.path.islink(path) or not os.path.isdir(path):
        return False
    return any(line.startswith(LEFTOVER_ID + " ") for line in (_marker(path, LEFTOVER) or "").splitlines())


def _removable(path: Path) -> bool:
    """A folder paibang made for this very path (`made_as_leftover`), or an empty one: nothing
    of anyone else's is lost."""
    if os.path.islink(path) or not path.is_dir():
        return False
    return made_as_leftover(path) or not any(os.scandir(path))


REMOVERS = 8  # threads removing a folder of paibang's (see _remove)
REMOVE_APART_FROM = 500  # files in a folder from which REMOVERS threads remove it (fewer: this thread alone)
# Folders removed relative to open folders, as shutil.rmtree's own safe version needs (POSIX).
_SIDE_BY_SIDE = ({os.open, os.unlink, os.rmdir} <= os.supports_dir_fd and os.scandir in os.supports_fd
                 and hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY"))


def _remove(path: Path, alone: bool = False) -> None:
    """Remove a folder paibang made (an old site after the swap, a staging folder, a backup)
    whole. A site is thousands of folders of one page each, and one unlink or rmdir after
    another waits on the disk each time (ext4 mounted with `discard`: ~2 ms each, so removing
    the old tree of a 3,000-page event took longer than building the new one); the same calls
    made from several threads at once overlap, ten times faster. The folder's subtrees are
    removed side by side, folder by folder, relative to open folders (never following a symbolic
    link, as shutil.rmtree alone does); whatever is left, serially. `alone`: a folder known to
    hold few files, removed serially at once."""
    if os.path.islink(path):
        return  # (a folder of paibang's is never a link: nothing it leads to is removed)
    # Nothing on another filesystem than the folder's own is removed: a folder mounted in it (a
    # NAS's photos in output/, stranded in a leftover by an older paibang) is never gone into,
    # and stays, with the folders on the way to it and the leftover's marker (said again, and
    # nothing of it removed, at each build).
    try:
        device = os.lstat(path).st_dev
    except OSError:
        return
    # (a bind mount from the same filesystem has the folder's st_dev: found in the table of mounts,
    # and then all is removed serially, each mount point left)
    real = os.path.realpath(path)
    found = mounts_under(real)  # (/proc/self/mountinfo read once)
    mounts = frozenset(f"{real}/{mount}" for mount in found if mount)
    if "" in found:
        return
    path = Path(real) if mounts else path
    if _SIDE_BY_SIDE and not alone and not mounts:
        try:
            _remove_side_by_side(os.fspath(path))
        except OSError:
            pass  # what could not be removed side by side is removed below, or left as before
    # What is left, serially, and a leftover's own marker last of all: a removal cut short (a
    # kill) leaves a folder the next build still knows as its own and removes (recover_leftovers).
    try:
        with os.scandir(path) as found:
            entries = [(entry.path, entry.name, entry.is_dir(follow_symlinks=False)) for entry in found]
    except OSError:
        return
    for where, name, folder in entries:
        if name == LEFTOVER:
            continue
        if where in mounts:
            continue
        if folder:
            _remove_on(where, device, mounts)
        else:
            with contextlib.suppress(OSError):
                os.unlink(where)
    # The marker only once nothing else is left: a file that would not go (in use, EBUSY; no
    # permission) leaves a folder the next build still knows as its own and removes, not one
    # left beside output/ for good as no folder of paibang's.
    try:
        with os.scandir(path) as found:
            if any(entry.name != LEFTOVER for entry in found):
                return
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.unlink(os.path.join(path, LEFTOVER))
    with contextlib.suppress(OSError):
        os.rmdir(path)


def _remove_on(top: str, device: int, mounts: frozenset[str] = frozenset()) -> None:
    """The folder `top` and all it holds that is on `device` (shutil.rmtree goes into a folder
    mounted in it): a folder on another is left, and so are the folders on the way to it.
    Never following a symbolic link; whatever will not go is left."""
    try:
        if os.lstat(top).st_dev != device:
            return
    except OSError:
        return
    pending, folders = [top], []
    while pending:
        folder = pending.pop()
        folders.append(folder)
        try:
            with os.scandir(folder) as found:
                entries = [(entry.path, entry.is_dir(follow_symlinks=False)) for entry in found]
        except OSError:
            continue
        for where, is_folder in entries:
            if not is_folder:
                with contextlib.suppress(OSError):
                    os.unlink(where)
                continue
            try:
                if os.lstat(where).st_dev == device and where not in mounts:
                    pending.append(where)
            except OSError:
                pass
    for folder in reversed(folders):  # innermost last found: emptied first
        with contextlib.suppress(OSError):
            os.rmdir(folder)


def _remove_side_by_side(path: str) -> None:
    """Most of `path`'s files and folders removed by REMOVERS threads: one task per folder
    unlinks its files and queues its subfolders; a folder is removed once its last subfolder
    is. Every call is relative to an open folder, opened with O_NOFOLLOW: a symbolic link is
    unlinked, never followed. Whatever fails is left (with `path` itself) to the caller."""
    from concurrent.futures import ThreadPoolExecutor

    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    lock = threading.Lock()
    idle = threading.Condition(lock)
    outstanding = [1]  # tasks queued or running

    class Folder:
        __slots__ = ("fd", "parent", "name", "pending")

        def __init__(self, fd: int, parent: Folder | None, name: str) -> None:
            self.fd, self.parent, self.name, self.pending = fd, parent, name, 1  # 1: its own task

    def done(folder: Folder | None) -> None:
        """The folder's task or one of its subfolders finished: when all have, it is closed
        and removed, which may finish its parent in turn."""
        while folder is not None:
            with lock:
                folder.pending -= 1
                if folder.pending:
                    return
            os.close(folder.fd)
            if folder.parent is not None:
                try:
                    os.rmdir(folder.name, dir_fd=folder.parent.fd)
                except OSError:
                    pass
            folder = folder.parent

    def clear(folder: Folder) -> None:
        try:
            with os.scandir(folder.fd) as entries:
                for entry in entries:
                    if folder.parent is None and entry.name == LEFTOVER:
                        continue  # removed last, by the caller (_remove)
                    if entry.is_dir(follow_symlinks=False):
                        try:
                            inner = Folder(os.open(entry.name, flags, dir_fd=folder.fd), folder, entry.name)
                        except OSError:
                            continue
                        if os.fstat(inner.fd).st_dev != device:  # a mount point: never gone into
                            os.close(inner.fd)
                            continue
                        with lock:
                            folder.pending += 1
                            outstanding[0] += 1
                        pool.submit(clear, inner)
                    else:
                        try:
                            os.unlink(entry.name, dir_fd=folder.fd)
                        except OSError:
                            pass
        except OSError:
            pass
        finally:
            done(folder)
            with lock:
                outstanding[0] -= 1
                if not outstanding[0]:
                    idle.notify_all()

    top = Folder(os.open(path, flags), None, "")
    device = os.fstat(top.fd).st_dev  # (what is on another filesystem, mounted in it, is left: _remove)
    with ThreadPoolExecutor(REMOVERS) as pool:
        pool.submit(clear, top)
        with lock:
            while outstanding[0]:
                idle.wait()


def remove_site(output: Path, notify: Notify | None = None, wrote: frozenset[str] | None = None) -> list[Path]:
    """`paibang clean`: output/ and its leftovers, each only when paibang made it (a leftover:
    `made_as_leftover`; one that looks like a site but is not is said to `notify`). OutputRefused
    (clean_not_ours), before anything is touched, when output/ is there but not a site paibang
    made here: a build would refuse it, and clean saying nothing read as done.

    Of output/ itself only what the last build wrote goes (`wrote`: the files its record names):
    what someone else put in it (a .git, notes, photos) stays, with the folders holding it and
    the site's marker (the folder is still one paibang builds into), and is said (clean_kept_
    foreign). Without a record (None) nothing in output/ can be told as paibang's: OutputRefused
    (clean_no_record), before anything is touched, unless it holds nothing but its markers.

    A site moved aside as `output.old-<pid>` by a build killed between its two renames (no
    output/ then) is put back first, as a build does (recover_leftovers): it holds what the
    user put in output/ (a CNAME, a .git), which clean never removes."""
    if not os.path.lexists(output) and output.parent.is_dir():
        for path in sorted(output.parent.glob(f"{output.name}.old-*")):
            pid = path.name[len(output.name) + len(".old-"):]
            if pid.isdigit() and pid == str(int(pid)) and int(pid) != os.getpid() and not _running(int(pid)) \
                    and _removable(path) and made_here(path, output.resolve()):
                os.replace(path, output)
                _unmark(output.resolve())
                break
    if os.path.isdir(output):
        refuse_other_users(output.resolve(), output)  # (its files another user's build writes: not removed)
    if os.path.lexists(output) and not (os.path.isdir(output) and (made_here(output.resolve())
                                                                     or not any(os.scandir(output)))):
        raise OutputRefused("clean_not_ours", output)
    if wrote is None and os.path.isdir(output) and not os.path.islink(output):
        with os.scandir(output) as found:
            if any(not _site_marker(entry.name) for entry in found):
                raise OutputRefused("clean_no_record", output)
    if wrote and os.path.isdir(output) and not os.path.islink(output):
        mount = _mount_in(os.fspath(output.resolve()), wrote)
        if mount is not None:  # (said as a build says it: output_mount; never gone into, nothing removed)
            raise OutputRefused("clean_mount", output, mount=output / mount)
    refused: list[Path] = []
    not_ours: list[Path] = []
    kept: list[str] = []
    output = output.resolve()
    removed = []
    if output.parent.is_dir():
        # Journals first (their name sorts before .old and .tmp), output/ last.
        for path in [*sorted(output.parent.glob(f"{output.name}.*-*")), output]:
            kind, _, pid = path.name[len(output.name):].partition("-")
            if path != output and kind == ".journal" and pid.isdigit() and path.is_file() and not path.is_symlink():
                if not _running(int(pid)):
                    _roll_back(output, path, refused, kept)  # before its backup goes: output/ whole again, if it stays
                    _say_kept(kept, output, notify)
                    kept.clear()
                continue
            if path != output and kind in (".tmp", ".old") and pid.isdigit() and not _removable(path):
                if marked_as_leftover(path):
                    not_ours.append(path)
                continue
            if path == output and not (os.path.isdir(output) and not os.path.islink(output)):
                continue
            if path == output:
                others = not_written(output, wrote or frozenset())
                if others:
                    _remove_written(output, wrote or frozenset())
                    if notify is not None:
                        notify("clean_kept_foreign", {"path": output, "count": len(others), "paths": listed(others)})
                    continue
            if path == output or (kind in (".tmp", ".old") and pid.isdigit()):
                if path != output and _running(int(pid)) and int(pid) != os.getpid():
                    continue
                _remove(path)
                removed.append(path)
    say_left_alone(notify, refused, not_ours, output)
    return removed


def mounts_under(root: str) -> list[str]:
    """Every mount point at or under the folder `root` (its real path), relative to it ("" for
    `root` itself), from the system's table of mounts (Linux: /proc/self/mountinfo). A bind
    mount of a folder from the same filesystem has the same st_dev as what is around it, so the
    st_dev tests alone let one through: clean removed the user's files through it, a build moved
    the mount with the old tree and the user's file into the new site (rev49).

    Where there is no such table (other systems; a container or chroot without /proc), the st_dev
    tests alone let such a bind mount through unseen, as they did: so every folder and file under
    `root` is looked at instead (_mounts_by_inode), which costs a walk of the tree at each call
    but sees one."""
    real = os.path.realpath(root)
    try:
        lines = _mount_table()
    except OSError:
        return _mounts_by_inode(real)
    found: list[str] = []
    for line in lines:
        fields = line.split(b" ")
        if len(fields) < 5:
            continue
        # (field 5 is the mount point, its spaces, tabs, newlines and backslashes as \ooo)
        point = os.fsdecode(re.sub(rb"\\([0-7]{3})", lambda m: bytes([int(m.group(1), 8)]), fields[4]))
        if point == real:
            found.append("")
        elif point.startswith(real.rstrip("/") + "/"):
            found.append(point[len(real.rstrip("/")) + 1:])
    return sorted(set(found))


def _mount_table() -> list[bytes]:
    """The lines of the system's table of mounts (OSError where there is none: mounts_under)."""
    with open("/proc/self/mountinfo", "rb") as table:
        return table.read().splitlines()


def _mounts_by_inode(real: str) -> list[str]:
    """mounts_under without a table of mounts: each entry at or under the folder `real` whose
    inode as its folder lists it (readdir's d_ino: the folder or file the mount covers) is not
    the inode found at its name (lstat: the root of what is mounted there), or whose st_dev is
    not `real`'s. A bind mount from the same filesystem keeps st_dev but not the inode; an entry
    of the system's own that differs on some filesystem (an overlay without xino) is taken for a
    mount, which refuses a build rather than lets one go through a mount. Links are not followed."""
    try:
        device = os.lstat(real).st_dev
    except OSError:
        return []
    found: list[str] = []
    parent, name = os.path.split(real)
    if name:  # `real` itself, as its parent lists it
        with contextlib.suppress(OSError), os.scandir(parent or "/") as entries:
            for entry in entries:
                if entry.name == name:
                    if entry.inode() != os.lstat(real).st_ino:
                        found.append("")
                    break
    pending = [""]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(f"{real}/{folder}" if folder else real) as entries:
                listed_here = [(entry.name, entry.inode(), entry.path) for entry in entries]
        except OSError:
            continue
        for entry_name, inode, path in listed_here:
            relative = f"{folder}/{entry_name}" if folder else entry_name
            try:
                there = os.lstat(path)
            except OSError:
                continue
            if there.st_ino != inode or there.st_dev != device:
                found.append(relative)  # (never gone into)
            elif stat.S_ISDIR(there.st_mode):
                pending.append(relative)
    return sorted(found)


def _folders_of(files: Iterable[str]) -> set[str]:
    """Every folder on the way to `files` (relative paths): the folders a build made for them."""
    folders: set[str] = set()
    for relative in files:
        parent = relative.rpartition("/")[0]
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    return folders


def _mount_in(root: str, wrote: frozenset[str]) -> str | None:
    """The first folder or file of `wrote`'s (relative to output/, `root`) that another
    filesystem is mounted on, or None. The removal never goes into one (`_remove_written_at`),
    but it went on without a word, the mount and the site's files on it left as if removed;
    a build refuses the same mount by name (output_mount). Only through real folders: a link's
    target is not output/'s (nor looked at)."""
    try:
        device = os.lstat(root).st_dev
    except OSError:
        return None
    plain = [relative for relative in wrote if _plain(relative)]
    real = _real_folders(root, _folders_of(plain))
    mounts = set(mounts_under(root))  # (a bind mount from the same filesystem: same st_dev)
    for relative in sorted(real - {""}) + sorted(plain):
        if relative.rpartition("/")[0] not in real and relative not in real:
            continue
        if relative in mounts:
            return relative
        try:
            if os.lstat(f"{root}/{relative}").st_dev != device:
                return relative
        except OSError:
            continue
    return None


def not_written(output: Path, wrote: frozenset[str]) -> list[str]:
    """What is in output/ that the last build did not write (`wrote`), sorted: each file, and a
    folder holding none of its files once for all it holds ("photos/"); never a link followed."""
    root = os.fspath(output)
    folders = _folders_of(wrote)
    found: list[str] = []
    pending = [""]
    while pending:
        folder = pending.pop()
        with os.scandir(f"{root}/{folder}" if folder else root) as entries:
            items = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in entries]
        for name, is_folder in items:
            relative = f"{folder}/{name}" if folder else name
            if not folder and _site_marker(name):
                continue
            if is_folder and relative in folders:
                pending.append(relative)
            elif is_folder or relative not in wrote:
                found.append(relative + "/" if is_folder else relative)
    return sorted(found)


def _remove_written(output: Path, wrote: frozenset[str]) -> None:
    """The files of `wrote` in output/ (a file or a link where the build wrote one: never a
    folder put in its place), then each folder made for them that this left empty. Only through
    real folders of output/'s own (`_real_folders`): a folder of the site that the user replaced
    by a symbolic link (to a copy of an event's pages kept elsewhere) is left, and what it leads
    to untouched; removing through it deleted files outside output/ (rev38). The link itself is
    named by not_written, as anything else left is.

    Checked and removed in one step, not checked then removed: a folder found real, then
    replaced by a link before its files were unlinked by path, led the unlinks out of output/.
    So each folder is opened relative to the one above it, never following a link (O_NOFOLLOW:
    one put there is not opened, and nothing under it is touched), and its files unlinked
    relative to that open folder: a link put in a file's place is unlinked itself (unlink never
    follows the last name), a folder put there is not removed (unlink refuses a folder), and
    rmdir removes only a folder left empty. Where the system has no such calls (Windows), by
    path as before."""
    if _SIDE_BY_SIDE:
        _remove_written_at(os.fspath(output), [relative for relative in wrote if _plain(relative)])
        return
    root = os.fspath(output)
    plain = [relative for relative in wrote if _plain(relative)]
    folders = _folders_of(plain)
    real = _real_folders(root, folders)
    for relative in plain:
        if relative.rpartition("/")[0] not in real:
            continue
        with contextlib.suppress(OSError):
            if not stat.S_ISDIR(os.lstat(f"{root}/{relative}").st_mode):
                os.unlink(f"{root}/{relative}")
    for folder in sorted(folders & real, key=lambda f: -f.count("/")):
        with contextlib.suppress(OSError):
            os.rmdir(f"{root}/{folder}")  # (one holding anything else stays)


def _remove_written_at(root: str, plain: list[str]) -> None:
    """_remove_written through open folders: each folder of `plain`'s, in the order of its path's
    parts (a folder's own files and subfolders right after it), opened relative to its parent and
    held open while they are gone through (as many open at once as the path is deep), then
    closed and removed if empty."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    names: dict[str, list[str]] = {}
    for relative in plain:
        folder, _, name = relative.rpartition("/")
        names.setdefault(folder, []).append(name)
    opened: list[tuple[str, int | None]] = []  # the folders on the way to the current one, outermost first

    def leave() -> None:
        folder, fd = opened.pop()
        if fd is not None:
            os.close(fd)
            parent = opened[-1][1] if opened else None
            if parent is not None:
                with contextlib.suppress(OSError):
                    os.rmdir(folder.rpartition("/")[2], dir_fd=parent)  # (one holding anything else stays)

    try:
        device = os.lstat(root).st_dev
    except OSError:
        return
    try:
        for folder in sorted({"", *_folders_of(plain)}, key=lambda f: f.split("/") if f else []):
            while opened and not (folder.startswith(opened[-1][0] + "/") or opened[-1][0] == ""):
                leave()
            parent = opened[-1][1] if opened else None
            try:
                fd = os.open(root, flags) if not folder else (
                    None if parent is None else os.open(folder.rpartition("/")[2], flags, dir_fd=parent))
            except OSError:
                fd = None  # a link, a file, nothing: nothing under it is touched
            if fd is not None and folder and os.fstat(fd).st_dev != device:
                os.close(fd)  # a filesystem mounted in output/: nothing on it is touched
                fd = None
            opened.append((folder, fd))
            if fd is not None:
                for name in names.get(folder, ()):
                    with contextlib.suppress(OSError):
                        os.unlink(name, dir_fd=fd)
    finally:
        while opened:
            leave()


def _plain(relative: str) -> bool:
    """A path relative to a site, as OutputTree writes it (`_checked`): nothing else is removed."""
    try:
        _checked(relative)
    except UnsafePath:
        return False
    return True


def _real_folders(root: str, folders: Iterable[str]) -> set[str]:
    """Those of `folders` (relative to output/, `root`) that are real folders all the way from
    output/: no symbolic link, nor anything but a folder, at any step on their way. "" (output/
    itself) is one. A path through any other leads out of output/, or nowhere."""
    real: dict[str, bool] = {"": True}

    def is_real(folder: str) -> bool:
        if folder not in real:
            parent = folder.rpartition("/")[0]
            try:
                real[folder] = is_real(parent) and stat.S_ISDIR(os.lstat(f"{root}/{folder}").st_mode)
            except OSError:
                real[folder] = False
        return real[folder]

    return {folder for folder in ("", *folders) if is_real(folder)}


def say_left_alone(notify: Notify | None, journals: list[Path], folders: list[Path], output: Path) -> None:
    """Say, once each, the journals paibang did not seal for this site (`journals`) and the
    leftovers it made but not for this place or under this key (`folders`: marked_as_leftover):
    each word names them all in the one command that removes them. paibang never removes or
    applies them (a planted journal would move its files into the site), so every build names
    them again until they are gone. A folder that does not carry a leftover's marker is never
    named, whatever its name: a copy of the site, `output.old-2024`, is the user's, and a build
    that told them to `rm -r` it at every build (rev34) was telling them to delete their backup.
    A journal's backup folder (`output.old-<pid>`) is named with the folders, and only when it
    carries that marker, never in the journal's command: a stray `output.journal-2024` beside
    the user's own `output.old-2024` put that folder in an `rm -r` (rev29)."""
    if notify is None:
        return
    if journals:
        beside = [output.parent / f"{output.name}.old-{journal.name.rpartition('-')[2]}" for journal in journals]
        folders = [*folders, *(folder for folder in beside if marked_as_leftover(folder) and folder not in folders)]
        notify("journal_not_ours", {"count": len(journals), "paths": journals, "command": removal_command(journals)})
    if folders:
        folders = sorted(folders)
        notify("leftover_not_ours", {"count": len(folders), "paths": folders, "command": removal_command(folders)})


def removal_command(paths: Sequence[Path]) -> str:
    """The command that removes `paths` (files and folders) in the system's own shell, each path
    quoted as that shell reads it: what the secretary copies, not a description."""
    if os.name == "nt":
        return "Remove-Item -Recurse -Force -LiteralPath " + ",".join(
            "'" + os.fspath(path).replace("'", "''") + "'" for path in paths)
    return "rm -r -- " + " ".join(shlex.quote(os.fspath(path)) for path in paths)


def _running(pid: int) -> bool:
    if os.name != "posix":
        return True  # cannot tell: leave the folder alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically (Linux renameat2 with RENAME_EXCHANGE); False where the
    system or the filesystem cannot, and the caller falls back to two renames."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    return renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def discard(staging: Path) -> None:
    """A build that did not finish: its staging folder removed, and the folders made for it
    that are still empty (nothing else was put in them meanwhile: the PDF cache, say)."""
    _remove(staging)
    for folder in _MADE_FOR.pop(staging, []):
        try:
            os.rmdir(folder)
        except OSError:
            break
