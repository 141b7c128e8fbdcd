"""Writing the built site: into a fresh folder beside output/, swapped in only when complete.

A build that fails, or is killed, leaves the previous output/ as it was: the new site is
written to `output.tmp-<pid>/` and swapped with output/ in one step at the very end (Linux's
renameat2 exchange; elsewhere two renames, and a site caught between them is put back by the
next build). Folders left behind by a killed build are removed by the next one. Every path is
checked to stay inside the tree, whatever an id or slug contains.

paibang replaces or deletes only folders it made: every site it writes carries a marker file
(`.paibang-site`), and `check_output` refuses, before anything is touched, a target that is a
file, the system's root or the home folder, content/ (or a folder inside it or holding it), or
a folder that is not empty and is not paibang's. A site built before the marker existed counts
as paibang's when the last build's record describes it; it gets the marker with this build.
Leftovers of killed builds are tidied only when they carry the marker and paibang's exact name.
"""

from __future__ import annotations

import ctypes
import os
import shutil
from pathlib import Path

from generator import catalogues


class UnsafePath(ValueError):
    pass


MARKER = ".paibang-site"


def marker_text() -> str:
    """What the marker file says, in English and in zh-Hans whatever the site's locale: whoever
    opens the folder learns that it is replaced whole (the UI word output_marker)."""
    english, chinese = catalogues.text("output_marker", "en"), catalogues.text("output_marker", "zh-Hans")
    return f"{english} {chinese}\n"


class OutputRefused(Exception):
    """The target of a build is not a folder paibang may replace: `reason` is the key of the UI
    words (generator/locales/*/LC_MESSAGES/paibang.po) that say why and what to do instead."""

    def __init__(self, reason: str, path: Path) -> None:
        super().__init__(f"{reason}: {path}")
        self.reason = reason
        self.path = path


def is_ours(folder: Path) -> bool:
    return os.path.isfile(os.path.join(folder, MARKER)) and not os.path.islink(os.path.join(folder, MARKER))


def check_output(output: Path, content: Path, recorded: bool = False) -> None:
    """Raise OutputRefused unless `output` may be replaced whole by a new site. `recorded`: the
    last build's record (in the cache) describes this very folder."""
    target = output.resolve()
    content = content.resolve()
    home = Path(os.path.expanduser("~")).resolve()
    if target == Path(target.anchor) or target == home:
        raise OutputRefused("output_system", output)
    if target == content or target.is_relative_to(content) or content.is_relative_to(target):
        raise OutputRefused("output_content", output)
    if os.path.lexists(output) and not target.is_dir():
        raise OutputRefused("output_not_folder", output)
    if target.is_dir() and not (is_ours(target) or recorded) and any(os.scandir(target)):
        raise OutputRefused("output_not_ours", output)


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
    if os.path.lexists(staging):
        if not _removable(staging):
            raise OutputRefused("output_not_ours", staging)
        _remove(staging)
    staging.mkdir()
    # First of all: a build killed at any moment leaves a folder the next one knows as its own.
    (staging / MARKER).write_text(marker_text(), encoding="utf-8")
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
    (killed between the two renames), and remove their `.tmp-` and `.old-` folders. Only folders
    named exactly as paibang names them and carrying its marker (or empty) are touched: a backup
    called `output.old-2024` is the user's. Folders of a build still running are left alone."""
    leftovers = []
    for path in output.parent.iterdir():
        kind, _, pid = path.name[len(output.name):].partition("-")
        if path.name.startswith(output.name) and kind in (".tmp", ".old") and pid.isdigit() and pid == str(int(pid)):
            if int(pid) != os.getpid() and not _running(int(pid)) and _removable(path):
                leftovers.append((kind, path))
    for kind, path in sorted(leftovers):
        if kind == ".old" and not os.path.lexists(output) and is_ours(path):
            os.replace(path, output)
        else:
            _remove(path)


def _removable(path: Path) -> bool:
    """A folder paibang made (its marker), or an empty one: nothing of anyone else's is lost."""
    if os.path.islink(path) or not path.is_dir():
        return False
    return is_ours(path) or not any(os.scandir(path))


def _remove(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def remove_site(output: Path) -> list[Path]:
    """`paibang clean`: output/ and its leftovers, each only when paibang made it."""
    output = output.resolve()
    removed = []
    if output.parent.is_dir():
        for path in [output, *sorted(output.parent.glob(f"{output.name}.*-*"))]:
            kind, _, pid = path.name[len(output.name):].partition("-")
            if (path == output or (kind in (".tmp", ".old") and pid.isdigit())) and _removable(path):
                if path != output and _running(int(pid)) and int(pid) != os.getpid():
                    continue
                _remove(path)
                removed.append(path)
    return removed


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
