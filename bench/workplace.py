"""What the benches share of where they work: the `--where` folder each takes.

Imported by name (`from workplace import work_folder`) inside the function that needs it: a
bench run as a script has bench/ on its path; one the tests load by its file (bench/site.py,
bench/archive.py, bench/scale.py) reads only what it needs at its top."""

from __future__ import annotations

from pathlib import Path


def work_folder(where: Path | None) -> Path | None:
    """The folder a bench works in, `--where`, made if it is not there yet (a fresh /dev/shm/x,
    a path typed for the first time: made, not a traceback); None, the system's temporary
    folder, as it is."""
    if where is not None:
        Path(where).mkdir(parents=True, exist_ok=True)
    return where
