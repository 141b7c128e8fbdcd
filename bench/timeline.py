"""Benchmark: where a full build leaves a core idle (issue 23, target 6). Linux only.

    .venv/bin/python bench/timeline.py [--events 200] [--where /dev/shm] [--every 0.003]

bench/site.py's archive of N events, built from nothing as bench/site.py builds it (a fresh
process, no bulletins), while this process looks at the build's processes every `--every`
seconds from outside (/proc: each process's children, and its processor time in nanoseconds,
/proc/PID/task/*/schedstat). It prints:

- each process of the build (the build itself, its readers, its render workers, any process
  forked for the search index or the look at a large archive's folders) named by its parent
  and the order it came in (build.0, build.1, …), when it was first and last seen, and its
  processor time; and the processor time of all of them against the build's wall time;
- the stretches where the build's own process was alone (no process of it alive beside it),
  with the processor time it spent in each: on two cores, what the other core did not share.

A process that lives less than `--every` may be missed; the last few milliseconds of each
one's processor time are. The machine's other load stretches every figure but the processor
times: compare builds in turn, and run when the load average is low (`uptime`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/'s scripts import one another as the package `bench` of the checkout (a folder, no
# __init__.py): bench/site.py as bench.site, which a plain `import site` never reaches (Python's own)
sys.path.insert(0, str(ROOT))

from bench import site as bench_site  # noqa: E402


def _of_each_thread(pid: int, name: str) -> list[str] | None:
    """The text of /proc/<pid>/task/<thread>/<name> for each of the process's threads (a thread
    gone meanwhile left out); None once the process is gone."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    found = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/{name}", encoding="ascii") as text:
                found.append(text.read())
        except OSError:
            pass
    return found


def _children(pid: int) -> list[int]:
    return [int(child) for listed in _of_each_thread(pid, "children") or [] for child in listed.split()]


def _processor_ns(pid: int) -> int | None:
    """The process's processor time so far (all its threads), or None once it is gone."""
    stats = _of_each_thread(pid, "schedstat")
    return None if stats is None else sum(int(stat.split()[0]) for stat in stats)


def timeline(content: Path, work: Path, every: float) -> list[str]:
    """The lines above, for one full build of `content` (into `work`)."""
    output, cache = work / "output", work / "cache" / "pdf"
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(cache.parent, ignore_errors=True)
    os.sync()
    begin = time.monotonic()
    build = subprocess.Popen([sys.executable, "-c", bench_site.FULL_BUILD, str(ROOT), str(content), str(output),
                              str(cache), "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: dict[int, dict] = {}  # pid -> parent, first and last seen, processor ns
    samples: list[tuple[float, dict[int, int]]] = []
    while build.poll() is None:
        now = time.monotonic() - begin
        alive: dict[int, int] = {}
        looking = [(build.pid, None)]
        while looking:
            pid, parent = looking.pop()
            used = _processor_ns(pid)
            if used is None:
                continue
            alive[pid] = used
            found = seen.setdefault(pid, {"parent": parent, "first": now})
            found["last"], found["ns"] = now, used
            looking += [(child, pid) for child in _children(pid)]
        samples.append((now, alive))
        time.sleep(every)
    ended = time.monotonic() - begin
    out, err = build.communicate()
    if build.returncode:
        raise SystemExit(err)
    figures = json.loads(out.splitlines()[-1])
    order = sorted(seen, key=lambda pid: seen[pid]["first"])
    names = {build.pid: "build"}
    for pid in order[1:]:
        parent = seen[pid]["parent"]
        siblings = [other for other in order if seen[other]["parent"] == parent]
        names[pid] = f"{names.get(parent, '?')}.{siblings.index(pid)}"
    lines = [f"{figures['pages']} pages in {figures['seconds']:.3f} s (the build's own figure; {ended:.3f} s "
             f"with the interpreter's start and exit); its parts: "
             + ", ".join(f"{part} {seconds:.3f} s"
                         for part, seconds in bench_site.split_parts(figures["parts"], figures["spent"]).items())
             + f" (wall time; {bench_site.reading_note(figures['parts'], figures['spent'])})"]
    total = 0.0
    for pid in order:
        found = seen[pid]
        total += found["ns"] / 1e9
        lines.append(f"  {names[pid]:<10} {found['first']:7.3f} .. {found['last']:7.3f} s  "
                     f"processor {found['ns'] / 1e9:6.3f} s")
    lines.append(f"processor time {total:.3f} s, {total / ended:.2f} cores on average")
    alone: list[list[float]] = []  # [from, to, processor seconds]
    for (before, was), (after, now) in zip(samples, samples[1:]):
        if list(was) == [build.pid] and list(now) == [build.pid]:
            used = (now[build.pid] - was[build.pid]) / 1e9
            if alone and alone[-1][1] == before:
                alone[-1][1:] = [after, alone[-1][2] + used]
            else:
                alone.append([before, after, used])
    lines.append(f"the build alone: {sum(used for *_, used in alone):.3f} s of processor time, in "
                 f"{sum(after - before for before, after, _ in alone):.3f} s:")
    lines += [f"  {before:7.3f} .. {after:7.3f} s  processor {used:.3f} s" for before, after, used in alone
              if after - before >= 0.01]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--where", type=Path, default=None, help="folder to build in (default: the system's temporary folder)")
    parser.add_argument("--every", type=float, default=0.003, help="seconds between two looks at the build's processes")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=True)  # as bench/site.py
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)
    with tempfile.TemporaryDirectory(dir=work_folder(args.where)) as folder:
        content = bench_site.make_archive(Path(folder), args.events)
        print("\n".join(timeline(content, Path(folder), args.every)))


if __name__ == "__main__":
    main()
