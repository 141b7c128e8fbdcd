"""A full build keeps both cores busy (issue 23, target 6): what the build's own process does
with the other core idle is done, where it can be, while its forked processes work.

Checked by what runs while what else is alive, never by time: a stand-in for the pools that
notes which are alive when the build does its own share.
"""

from __future__ import annotations

import multiprocessing
import os

import pytest

from tests.support import demo_content, digest

forks = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="forked workers")

FOUR = ("dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012", "chem-park-daguai-2016")


def _alive_pools(monkeypatch: pytest.MonkeyPatch, module) -> set[int]:  # noqa: ANN001
    """html's or event_cache's pools of workers, as a set of those not yet shut down."""
    from generator import forking

    alive: set[int] = set()
    real = forking.forked_pool

    class Recorded:
        def __init__(self, workers: int, initializer=None) -> None:  # noqa: ANN001
            self.pool = real(workers, initializer)
            alive.add(id(self))

        def submit(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
            return self.pool.submit(*args, **kwargs)

        def map(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
            return self.pool.map(*args, **kwargs)

        def shutdown(self, **options) -> None:  # noqa: ANN003
            self.pool.shutdown(**options)
            alive.discard(id(self))

        def __enter__(self):  # noqa: ANN204
            return self

        def __exit__(self, *exc) -> None:  # noqa: ANN002
            self.shutdown()

    monkeypatch.setattr(module, "forked_pool", Recorded)
    return alive


@forks
def test_a_small_sites_search_index_is_made_while_the_render_workers_render(tmp_path, monkeypatch):
    """The search index of a site below SEARCH_APART_FROM events (and SEARCH_APART_PERSONS
    people) is made by the build's own process while its render workers render, not once they
    are done with the other core idle (0.15 s of a 4 s build at 200 events). The same site as
    one rendered by the build alone, and a rebuild keeps the index as it was."""
    from generator.build import build
    from generator.render import html, incremental

    content = demo_content(tmp_path, *FOUR)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: the next build trusts their stats)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # rendered here: the index once the pages are done
    build(content, tmp_path / "alone", cache_dir=tmp_path / "c1" / "pdf", bulletins=False)
    alive = _alive_pools(monkeypatch, html)
    workers_alive: list[bool] = []
    packed_records = html.packed_records

    def noted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        workers_alive.append(bool(alive))
        return packed_records(*args, **kwargs)

    monkeypatch.setattr(html, "packed_records", noted)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    out, cache = tmp_path / "output", tmp_path / "c2" / "pdf"
    report = build(content, out, cache_dir=cache, bulletins=False)
    assert workers_alive == [True], "the search index was made once the render workers were done"
    assert digest(out) == digest(tmp_path / "alone")
    searched = sorted(path for path in report.written if "search" in path)
    assert searched and "search/index.html" in searched and "assets/search-index.js" in searched
    results = next((content / "events" / FOUR[0]).glob("results/*.yaml"))
    results.write_text(results.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    again = build(content, out, cache_dir=cache, bulletins=False)
    assert workers_alive == [True] and not again.up_to_date  # (kept: no record made again)
    assert not [path for path in again.written if "search" in path and path != "search/index.html"]
    assert build(content, out, cache_dir=cache, bulletins=False).up_to_date


_READERS_SEE = """
import os, sys
from pathlib import Path
from generator import build as build_module, event_cache
from generator.build import build

prepare, noted = event_cache._prepare_event, Path(sys.argv[2]) / "noted"

def watched(folder):
    before = set(sys.modules)
    try:
        return prepare(folder)
    finally:  # (from the readers: noted in a file)
        with open(noted, "a", encoding="utf-8") as noting:
            rendering = "generator.render.html" in sys.modules
            new = sorted(name for name in set(sys.modules) - before if name.startswith("generator."))
            noting.write(f"{os.getpid()} {rendering} {' '.join(new)}\\n")

def read(*_):  # the events read, the bulletins planned: stopped before anything is printed or rendered
    assert "generator.render.html" in sys.modules
    sys.exit(0)

event_cache._prepare_event = watched
build_module._check_glyphs = read
build(Path(sys.argv[1]), Path(sys.argv[2]) / "output", cache_dir=Path(sys.argv[2]) / "cache" / "pdf",
      bulletins=sys.argv[3] == "1")
sys.exit("not stopped once the events were read")
"""


@forks
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="events are read by forked workers on two cores or more")
def test_rendering_is_imported_while_the_readers_read(tmp_path):
    """A build without bulletins imports rendering's modules (Jinja, Markdown, the pages' own)
    while its forked readers read the events, not before it forks them, with the other core
    idle: the readers need none of them, and import none. One that prints bulletins imports
    them first (the readers plan the bulletins with them), and the bulletins' own module: no
    reader imports a module of paibang's for itself."""
    import subprocess
    import sys

    from tests.support import ROOT

    content = demo_content(tmp_path, *FOUR)
    for bulletins in ("0", "1"):
        work = tmp_path / f"bulletins-{bulletins}"
        work.mkdir()
        subprocess.run([sys.executable, "-c", _READERS_SEE, str(content), str(work), bulletins], check=True, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
        noted = [line.split(" ", 2) for line in (work / "noted").read_text(encoding="utf-8").splitlines()]
        assert len(noted) == len(FOUR) and len({pid for pid, _, _ in noted}) >= 2  # read by forked readers
        assert {rendering for _, rendering, _ in noted} == {"False" if bulletins == "0" else "True"}
        assert [new.split() for _, _, new in noted] == [[]] * len(FOUR), noted
