"""Helpers several test files share."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
