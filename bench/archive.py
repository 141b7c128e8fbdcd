"""Benchmark: archives of 50, 200, 400 and 2,000 events (issue 23, "Real sizes").

    .venv/bin/python bench/archive.py [--sizes 50,200,400,2000] [--pdfs] [--where /dev/shm]

Each archive is bench/site.py's: the demo events copied under new slugs. For each size:

1. a full build as a fresh `paibang build` (a new process, its imports included), from nothing:
   seconds, pages, and its memory, which is what must grow with the largest event, not with
   the archive, given two ways:
   - RSS (resident set size, the kernel's ru_maxrss): the peak of the build's process and of
     the largest of its children (renderers, readers, PDF printers). A forked child counts in
     its RSS every page it still shares with the build's process (copy-on-write): a large
     parent makes large children by RSS, and the two figures count those pages twice;
   - PSS (proportional set size, /proc/PID/smaps_rollup, sampled every SAMPLE_EVERY seconds
     during the build): each shared page divided among the processes that share it, so that
     the sum over the build's processes is the memory the build really holds. Reported: the
     peak of that sum, and the peaks of the build's process and of its largest child; and the
     peaks of the sum and of the build's own in each part of the build (reading and scoring,
     rendering, …: `by_part`), which say where the peak is;
2. one results file changed, rebuilt as a fresh `paibang build` (median of REBUILDS, each size's
   taken in turn with the others', so that their ratio is of the same minutes): what it cost,
   how many files it wrote, and whether they were put in place (render/output.py);
3. the same change rebuilt by serve's builder itself (commands/serve.py's Building), which
   keeps the last build's events, record and Jinja environments in memory between saves, and
   is handed the path saved as serve's watcher hands it: the time until the event's new pages
   are in output/ (build.py's build_event_first, before the indexes) against the fresh one-file
   rebuild's (the issue's target: under a tenth), in seconds and in processor time (steadier
   on a shared machine), over SAVES saves, and the time until the whole rebuild that
   follows is done; beside them, taken in turn with those, the whole rebuild alone (no path
   handed: serve before the first step).

With --keep, each archive is made under `--where` as archive-<size>/ and kept there: a later
run with --keep finds it built and measures the rebuilds only (a 2,000-event archive's full
build takes minutes).

Then the ratios the issue sets: full builds linear in events (400 vs 50 within 1.25x of 8x),
one results file changed in the largest archive vs the 50-event one (target within 1.5x).
Without --pdfs the builds make no bulletins (bench/bulletins.py measures printing).

`archive_figures(sizes, where)` returns the lines, for bench/scale.py to print beside its own.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/'s scripts import one another as the package `bench` of the checkout (a folder, no
# __init__.py): bench/site.py as bench.site, which a plain `import site` never reaches (Python's own)
sys.path.insert(0, str(ROOT))

from bench import site as SITE  # noqa: E402

# serve's builder itself (commands/serve.py's Building: the events, the record, the Jinja
# environments kept in its memory, the code's digest made again only when a file of it changed),
# its build given this archive's cache folder; its lines on the terminal left out.
SERVE_REBUILD = """
import contextlib, io, json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from functools import partial
from pathlib import Path
from generator.build import build, build_event_first
from generator.commands.serve import Building
content, output, cache, changed = Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]), Path(sys.argv[6])
saves = int(sys.argv[7])
reports = []
def kept_build(*args, **named):
    reports.append(build(*args, cache_dir=cache, bulletins=sys.argv[5] == "1", **named))
    return reports[-1]
building = Building(content, output, None, kept_build,
                    partial(build_event_first, cache_dir=cache, bulletins=sys.argv[5] == "1"))
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    assert building.build_once() is None  # serve's first build
    times, firsts, used, wholes = [], [], [], []
    def early(start, processor):
        firsts.append(time.perf_counter() - start)
        used.append(time.process_time() - processor)  # the step runs in this process, in this thread
    for attempt in range(saves):
        # Taken in turn: as serve's watcher hands it the path saved (the event's pages in place
        # first, `early`), and without the path (the whole rebuild alone, as serve did before).
        for paths, took in (([str(changed)], times), ([], wholes)):
            changed.write_text(changed.read_text(encoding="utf-8") + f"\\n# saved again {time.time()}\\n", encoding="utf-8")
            start, processor = time.perf_counter(), time.process_time()
            assert building.build_once(paths, early=partial(early, start, processor)) is None
            took.append(time.perf_counter() - start)
            if paths:
                report = reports[-1]
print(json.dumps({"seconds": statistics.median(times), "whole_only": statistics.median(wholes),
                  "first": statistics.median(firsts) if firsts else None,
                  "first_processor": statistics.median(used) if used else None,
                  "firsts": len(firsts), "saves": saves, "rendered": report.events_rendered, "written": len(report.written)}))
"""

# Saves of one results file that serve's builder is handed (SERVE_REBUILD), each followed by a
# rebuild without the path: the medians are taken. The first after serve's first build has no
# first step when that build found output/ up to date (it read no event to take the others from).
SAVES = 5


SAMPLE_EVERY = 0.05  # seconds between two readings of the build's processes' PSS


def _descendants(pid: int) -> list[int]:
    """The process's children, theirs, and so on (Linux: /proc/PID/task/TID/children)."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children", encoding="ascii") as listed:
                    children = [int(child) for child in listed.read().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


def _pss_kib(pid: int) -> int:
    """The process's proportional set size (KiB); 0 when it is gone or cannot be read."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


class PssSampler:
    """The PSS of a process and of its descendants, read every SAMPLE_EVERY seconds in a thread
    while it runs: the peak of their sum (`total`), of the process's own (`own`) and of its
    largest descendant's (`child`), in KiB; and each sample as (when, own, sum) for the parts'
    peaks (`by_part`)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.total = self.own = self.child = 0
        self.samples: list[tuple[float, int, int]] = []  # (time.monotonic(), own, own + children's)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            own = _pss_kib(self.pid)
            children = [_pss_kib(child) for child in _descendants(self.pid)]
            self.own = max(self.own, own)
            self.child = max([self.child, *children])
            self.total = max(self.total, own + sum(children))
            self.samples.append((time.monotonic(), own, own + sum(children)))
            self._stop.wait(SAMPLE_EVERY)

    def stop(self) -> dict:
        """Stop sampling; the peaks as figures: pss_kib, pss_own_kib, pss_child_kib, and the
        samples (pss_samples)."""
        self._stop.set()
        self._thread.join()
        return {"pss_kib": self.total, "pss_own_kib": self.own, "pss_child_kib": self.child,
                "pss_samples": self.samples}


def by_part(samples: list[tuple[float, int, int]], ended: dict[str, float]) -> dict[str, tuple[int, int]]:
    """The peak of the summed PSS and of the build's own in each part of the build (build.py's
    _Clock: reading and scoring, printing, rendering, writing), by when each part ended; the
    samples before the first part's end, the build's imports and first look included, count in
    the first. (In rendering: the render workers, then the indexes, search and sitemap the build
    writes alone.)"""
    found: dict[str, tuple[int, int]] = {}
    parts = sorted(ended.items(), key=lambda item: item[1])
    for when, own, total in samples:
        part = next((what for what, end in parts if when <= end), None)
        if part is not None:
            peak = found.get(part, (0, 0))
            found[part] = (max(peak[0], total), max(peak[1], own))
    return found


def sampled_build_figures(content: Path, output: Path, cache: Path, bulletins: bool = False) -> dict:
    """bench/site.py's fresh_build_figures (a fresh `paibang build`), its processes' PSS sampled
    meanwhile (PssSampler): pss_kib, pss_own_kib, pss_child_kib beside its figures, and each
    part's peaks (pss_parts: by_part)."""
    figures = SITE.fresh_build_figures(content, output, cache, bulletins, watch=PssSampler)
    figures["pss_parts"] = by_part(figures.pop("pss_samples"), figures.get("ended", {}))
    return figures


def warm_templates(where: Path) -> None:
    """The templates' compiled code (templates/__pycache__/<digest>/, render/fast_jinja.py's
    CompiledTemplates) made before the full builds are measured, by a build of the demo's events
    (the archives' own, under other names: the same templates and locales): the digest follows
    the code, so that the first build after a commit, or after a test run that compiled them for
    another version (which removes the others' folders), compiled every template in each render
    worker of its first wave. Measured at 200 events: 98 MiB summed over the build's processes
    cold, 82 warm (its workers 34 MiB against 27): two checkouts of one commit gave 94 and 109 MiB
    so. A site built again, as sites are, finds them compiled: the figures are of that build."""
    with tempfile.TemporaryDirectory(prefix="warm-", dir=where) as scratch:
        SITE.fresh_build_figures(ROOT / "content", Path(scratch) / "output", Path(scratch) / "cache" / "pdf")


def _changed_file(content: Path) -> Path:
    return sorted((content / "events").glob("*-000/results/*.yaml"))[0]


def _touch(path: Path, note: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n# {note}\n", encoding="utf-8")


RACY_SECONDS = 3.1  # render/incremental.py's RACY_NS, and a little more


REBUILDS = 5  # one results file changed, rebuilt so many times in each archive (the median is taken)


def measure(sizes: list[int], where: Path, pdfs: bool = False, keep: bool = False) -> list[dict]:
    """The figures of an archive of each of `sizes` events, built under `where` (removed
    afterwards): each archive made and built in full, then the rebuilds after one results file
    changed taken in turn, one of each size after the other, so that the ratio between two sizes
    is of the same minutes (a shared machine's speed drifts by a third over a run: the largest
    archive's rebuilds, timed a minute after the smallest's, were taken on another machine).
    `keep`: each archive under `where` as archive-<size>/, kept; one found there built already
    is not made nor built again (its full build's figures are then not given)."""
    if keep:
        works = [where / f"archive-{size}" for size in sizes]
        built = [(work / "output").is_dir() for work in works]
        for work, done in zip(works, built):
            if not done:
                shutil.rmtree(work, ignore_errors=True)
                work.mkdir(parents=True)
    else:
        works = [Path(tempfile.mkdtemp(prefix=f"archive-{size}-", dir=where)) for size in sizes]
        built = [False] * len(sizes)
    try:
        archives, found = [], []
        contents = [work / "content" if done else SITE.make_archive(work, size)
                    for size, work, done in zip(sizes, works, built)]
        # As a real archive is when it is built: its files older than a build trusts the stats
        # of (render/incremental.py's RACY_NS). Made a moment ago, none is recorded by the full
        # build, and the first rebuild reads and hashes every file of the archive again: the
        # cost of the first build after a copy, not of a results file changed.
        time.sleep(RACY_SECONDS)
        if not all(built):
            warm_templates(where)
        for size, work, content, done in zip(sizes, works, contents, built):
            output, cache = work / "output", work / "cache" / "pdf"
            full = None if done else sampled_build_figures(content, output, cache, bulletins=pdfs)
            archives.append((content, output, cache, _changed_file(content)))
            found.append({"size": size, "full": full, "rebuilds": []})
        for attempt in range(REBUILDS):
            for (content, output, cache, changed), figures in zip(archives, found):
                _touch(changed, f"changed {attempt}")
                figures["rebuilds"].append(SITE.fresh_build_figures(content, output, cache, bulletins=pdfs))
        for (content, output, cache, changed), figures in zip(archives, found):
            figures["one"] = sorted(figures.pop("rebuilds"), key=lambda r: r["seconds"])[REBUILDS // 2]
            done = subprocess.run([sys.executable, "-c", SERVE_REBUILD, str(ROOT), str(content), str(output),
                                   str(cache), "1" if pdfs else "0", str(changed), str(SAVES)],
                                  check=True, capture_output=True, text=True)
            figures["serve"] = json.loads(done.stdout.splitlines()[-1])
        return found
    finally:
        for work in works if not keep else ():
            shutil.rmtree(work, ignore_errors=True)


def _first_said(serve: dict, one: dict) -> str:
    """serve's time until the changed event's new pages are in output/ (build.py's
    build_event_first), against the fresh one-file rebuild's: the issue's measure; and the
    processor time of that first step against the fresh rebuild's (on a shared machine, a
    steadier ratio than seconds)."""
    if serve.get("first") is None:
        return "the event's pages not put in place first (the whole rebuild only)"
    return (f"the event's new pages in output/ after {serve['first']:.3f} s = {serve['first'] / one['seconds']:.0%} of "
            f"the fresh one-file rebuild (the issue's target: under 10%; {serve['firsts']} of {serve['saves']} saves), "
            f"{serve['first_processor']:.3f} s of processor time = {serve['first_processor'] / one['processor']:.0%} of "
            f"the fresh rebuild's")


def _of_full(serve: dict, full: dict | None) -> str:
    return f", {serve['seconds'] / full['seconds']:.1%} of the full build" if full else ""


def _mib(kib: int) -> str:
    return f"{kib / 1024:.0f} MiB"


def lines_for(found: list[dict]) -> list[str]:
    """The figures of `measure` as lines: one per size, then the ratios against their targets."""
    lines = []
    by_size = {f["size"]: f for f in found}
    for f in found:
        full, one, serve = f["full"], f["one"], f["serve"]
        if full is None:
            lines.append(f"{f['size']:>5} events: (built by an earlier run, kept: --keep)")
        else:
            lines.append(
                f"{f['size']:>5} events: full build {full['seconds']:.2f} s, {full['pages']} pages "
                f"({full['pages'] / full['seconds']:.0f} pages/s, {full['processor']:.1f} s of processor time); "
                f"peak memory: RSS {_mib(full['rss_kib'])} (build) + largest child {_mib(full['children_rss_kib'])}; "
                f"PSS {_mib(full['pss_kib'])} summed over its processes (build {_mib(full['pss_own_kib'])}, "
                f"largest child {_mib(full['pss_child_kib'])})")
            lines.append(f"{'':>5}         PSS peaks by part, summed (the build's own): " + ", ".join(
                f"{what} {_mib(total)} ({_mib(own)})" for what, (total, own) in full["pss_parts"].items() if total))
        lines.append(
            f"{'':>5}         one results file changed: {one['seconds']:.2f} s as a fresh build "
            f"({one['process']:.2f} s with the process's start and exit) "
            f"({one['rendered']} event rendered, {one['written']} files written, "
            f"{'in place' if one['in_place'] else 'whole site swapped'}; {one['processor']:.2f} s of processor time); "
            f"kept in memory as serve does: {_first_said(serve, one)}; then the whole rebuild, done at "
            f"{serve['seconds']:.2f} s = {serve['seconds'] / one['seconds']:.0%} of the fresh one-file rebuild"
            f"{_of_full(serve, full)} (the whole rebuild alone, without that first step: {serve['whole_only']:.2f} s = "
            f"{serve['whole_only'] / one['seconds']:.0%})")
        parts = SITE.where_the_time_goes(one["parts"], one["spent"])
        lines.append(f"{'':>5}         the rebuild's time (wall): {parts}")
        lines.append(f"{'':>5}         {SITE.reading_note(one['parts'], one['spent'])}")
    if 50 in by_size and 400 in by_size and by_size[50]["full"] and by_size[400]["full"]:
        ratio = by_size[400]["full"]["seconds"] / by_size[50]["full"]["seconds"]
        used = by_size[400]["full"]["processor"] / by_size[50]["full"]["processor"]
        lines.append(f"full builds, 400 vs 50 events: {ratio:.2f}x the time ({ratio / 8:.2f} of 8x), "
                     f"{used:.2f}x the processor time ({used / 8:.2f} of 8x); target within 1.25 of 8x: "
                     f"{'met' if ratio / 8 <= 1.25 else 'missed'}")
    largest = max(by_size)
    if 50 in by_size and largest != 50:
        ratio = by_size[largest]["one"]["seconds"] / by_size[50]["one"]["seconds"]
        used = by_size[largest]["one"]["processor"] / by_size[50]["one"]["processor"]
        lines.append(f"one results file changed, {largest} vs 50 events: {ratio:.2f}x the time, {used:.2f}x the "
                     f"processor time; target within 1.5x: {'met' if ratio <= 1.5 else 'missed'}")
    for size in (200, 2000):
        if size in by_size and by_size[size]["full"]:
            full = by_size[size]["full"]
            lines.append(f"peak memory at {size} events: RSS (shared fork pages counted in each process) build "
                         f"process {_mib(full['rss_kib'])}, largest child {_mib(full['children_rss_kib'])}; PSS "
                         f"(shared pages divided among their processes) all processes {_mib(full['pss_kib'])}, build "
                         f"process {_mib(full['pss_own_kib'])}, largest child {_mib(full['pss_child_kib'])}")
    return lines


def archive_figures(sizes: list[int], where: Path | None, pdfs: bool = False, keep: bool = False) -> list[str]:
    """Build an archive of each size under `where` (the system's temporary folder if None) and
    return the lines to print (see the note at the top)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=True)
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)
    return lines_for(measure(sizes, work_folder(where) or Path(tempfile.gettempdir()), pdfs, keep))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="50,200,400,2000", help="events per archive, comma-separated")
    parser.add_argument("--pdfs", action="store_true", help="with bulletins (slow: thousands of PDFs)")
    parser.add_argument("--where", type=Path, default=None, help="folder to build in (default: temporary)")
    parser.add_argument("--keep", action="store_true",
                        help="keep each archive under --where as archive-<size>/, and reuse one found built there")
    args = parser.parse_args()
    sizes = sorted({int(size) for size in args.sizes.split(",") if size.strip()})
    start = time.perf_counter()
    for line in archive_figures(sizes, args.where, args.pdfs, args.keep):
        print(line, flush=True)
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
