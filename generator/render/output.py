"""Writing the built site: into a fresh folder beside output/, swapped in only when complete.

A build that fails, or is killed, leaves the previous output/ as it was: the new site is
written to `output.tmp-<pid>/` and swapped with output/ in one step at the very end (Linux's
renameat2 exchange; elsewhere two renames, and a site caught between them is put back by the
next build). Folders left behind by a killed build are removed by the next one. Every path is
checked to stay inside the tree, whatever an id or slug contains.
"""

from __future__ import annotations

import ctypes
import os
import shutil
from pathlib import Path


class UnsafePath(ValueError):
    pass


class OutputTree:
    """The files of one site being written, each named by its path relative to the root
    ("events/x/index.html"): a site is some ten thousand small files, written with the system's
    own calls on plain strings (pathlib's objects were a tenth of rendering)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: list[str] = []
        self.stamps: dict[str, tuple[int, int]] = {}  # (size, modification time) of each file written
        self._root = os.fspath(root)
        self._folders: set[str] = set()  # made already: most pages share a folder with another

    def path(self, relative: str) -> Path:
        return Path(self._target(relative))

    def _target(self, relative: str) -> str:
        parts = relative.split("/")
        if relative.startswith("/") or "\\" in relative or any(p in ("..", ".", "") for p in parts):
            raise UnsafePath(relative)
        return f"{self._root}/{relative}"

    def write_bytes(self, relative: str, data: bytes) -> None:
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


def staging_dir(output: Path) -> Path:
    """A new, empty folder next to output/ (same filesystem, so the final rename is cheap)."""
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    recover_leftovers(output)
    staging = output.parent / f"{output.name}.tmp-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    return staging


def swap_into_place(staging: Path, output: Path) -> None:
    """Replace output/ by the finished staging folder; the old site is removed afterwards."""
    output = output.resolve()
    if output.exists() and _exchange(staging, output):
        shutil.rmtree(staging, ignore_errors=True)  # it holds the old site now
        return
    old = output.parent / f"{output.name}.old-{os.getpid()}"
    if output.exists():
        os.replace(output, old)
    os.replace(staging, output)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)


def recover_leftovers(output: Path) -> None:
    """Tidy up after builds that were killed: put back a previous site left as `output.old-<pid>`
    (killed between the two renames), and remove their `.tmp-` and `.old-` folders. Folders of
    a build still running (another process) are left alone."""
    leftovers = []
    for path in output.parent.iterdir():
        kind, _, pid = path.name[len(output.name):].partition("-")
        if path.name.startswith(output.name) and kind in (".tmp", ".old") and pid.isdigit():
            if int(pid) != os.getpid() and not _running(int(pid)):
                leftovers.append((kind, path))
    for kind, path in sorted(leftovers):
        if kind == ".old" and not output.exists():
            os.replace(path, output)
        else:
            shutil.rmtree(path, ignore_errors=True)


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
    shutil.rmtree(staging, ignore_errors=True)
