"""Helpers several test files share."""

from __future__ import annotations

import gc
import hashlib
import os
import shutil
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def replace(path: Path, old: str, new: str) -> None:
    """`old` (there, once) replaced by `new` in the file at `path`."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def site_bytes(path: Path) -> bytes:
    """A built site's file as two builds of the same content write it alike: the marker's id
    line (render/output.py's MARKER_ID: random, and keyed by the folder's path) left out."""
    data = path.read_bytes()
    if path.name == ".paibang-site":
        data = b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(b"paibang-site-id "))
    return data


def digest(folder: Path) -> dict[str, str]:
    """Each file of a built site, by its path, as its bytes' digest: two sites compared whole,
    a difference named by its path (the marker's id aside: site_bytes)."""
    return {str(p.relative_to(folder)): hashlib.sha256(site_bytes(p)).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def demo_content(folder: Path, *slugs: str) -> Path:
    """content/ under `folder` with the demo site.yaml and only the named demo events."""
    root = folder / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", root / "site.yaml")
    for slug in slugs:
        shutil.copytree(ROOT / "content/events" / slug, root / "events" / slug)
    return root


class DiskFills:
    """A file opened for writing as the disk fills: four bytes written, then ENOSPC. Patched in
    as generator.seals' `open` (every file paibang writes whole-or-not goes through it)."""

    def __init__(self, path: Path, mode: str, **how: object) -> None:
        self.file = open(path, mode, **how)  # noqa: SIM115 - closed by __exit__

    def __enter__(self) -> DiskFills:
        return self

    def __exit__(self, *failure: object) -> None:
        self.file.close()

    def write(self, data: bytes | str) -> int:
        self.file.write(data[:4])
        raise OSError(28, "No space left on device", self.file.name)


class Synced:
    """os.fsync patched to note what it synced, in order: each descriptor's file or folder, by
    device and inode (a file synced as its temporary is the same file once renamed)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.order: list[tuple[int, int]] = []
        real = os.fsync

        def fsync(descriptor: int) -> None:
            found = os.fstat(descriptor)
            self.order.append((found.st_dev, found.st_ino))
            real(descriptor)

        monkeypatch.setattr(os, "fsync", fsync)

    @staticmethod
    def _id(path: Path) -> tuple[int, int]:
        found = path.stat()
        return (found.st_dev, found.st_ino)

    def __contains__(self, path: Path) -> bool:
        return self._id(path) in self.order

    def durably(self, path: Path) -> bool:
        """`path` as it is now was synced, and its folder after it (the rename on the disk too)."""
        file, folder = self._id(path), self._id(path.parent)
        return file in self.order and folder in self.order[self.order.index(file):]


def held_apart(roots: list[object], shared: tuple[type, ...] = ()) -> list[object]:
    """Every object reachable from `roots` but through what they share with the rest (`shared`,
    and functions, classes and modules, which reach everything): what the roots hold."""
    seen, todo, found = set(), list(roots), []
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (*shared, types.FunctionType, types.ModuleType, type,
                                                 types.BuiltinFunctionType)):
            continue
        seen.add(id(item))
        found.append(item)
        todo.extend(gc.get_referents(item))
    return found
