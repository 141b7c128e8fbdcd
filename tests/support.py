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
