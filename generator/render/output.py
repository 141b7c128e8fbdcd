"""Writing the built site: into a fresh folder beside output/, swapped in only when complete.

A build that fails, or is killed, leaves the previous output/ as it was: the new site is
written to `output.tmp-<pid>/` and replaces output/ with two renames at the very end. Every
path is checked to stay inside the tree, whatever an id or slug contains.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path, PurePosixPath


class UnsafePath(ValueError):
    pass


class OutputTree:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: list[str] = []

    def path(self, relative: str) -> Path:
        parts = PurePosixPath(relative).parts
        if PurePosixPath(relative).is_absolute() or any(p in ("..", ".", "") for p in parts) or "\\" in relative:
            raise UnsafePath(relative)
        target = self.root.joinpath(*parts)
        return target

    def write_bytes(self, relative: str, data: bytes) -> None:
        target = self.path(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        self.written.append(relative)

    def write_text(self, relative: str, text: str) -> None:
        self.write_bytes(relative, text.encode("utf-8"))


def staging_dir(output: Path) -> Path:
    """A new, empty folder next to output/ (same filesystem, so the final rename is cheap)."""
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = output.parent / f"{output.name}.tmp-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    return staging


def swap_into_place(staging: Path, output: Path) -> None:
    """Replace output/ by the finished staging folder; the old site is removed afterwards."""
    output = output.resolve()
    old = output.parent / f"{output.name}.old-{os.getpid()}"
    if output.exists():
        os.replace(output, old)
    os.replace(staging, output)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)


def discard(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)
