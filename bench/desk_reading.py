"""Benchmark: the desk's whole reading of a mass event (Desk.load with its last reading forgotten,
as the scorer reads after a save once a results file's bytes are all new to it), in processor
time, at --tables and at --small tables, in this checkout and in another (--against, e.g.
/work/main) in the same run.

    .venv/bin/python bench/desk_reading.py [--tables 1000 2500] [--small 100] [--against /work/main]
                                           [--readings 5] [--where /dev/shm]

One Guandan Swiss of 2 x TABLES teams (tests/test_desk_mass_pages.py's guandan_swiss): round 1
entered at every table, round 2 drawn. Each checkout's desk runs in a process of its own (its
own modules, PYTHONPATH), the checkouts alternated; each reads the event READINGS times after
the desk's first reading, the median printed with its share spent in the cyclic collector
(gc.callbacks), and the ratios: this checkout / the other, and each size / --small.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import gc, json, resource, statistics, sys, tempfile, time
from pathlib import Path
from tests.test_desk_mass_pages import desk_of, guandan_swiss
tables, readings, where = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
content = guandan_swiss(Path(tempfile.mkdtemp(dir=where)), 2 * tables, tables, second_round=True)
desk, _ = desk_of(content)
def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime
collecting, started = [0.0], [0.0]
def timed(phase, info):
    if phase == "start":
        started[0] = time.process_time()
    else:
        collecting[0] += time.process_time() - started[0]
gc.callbacks.append(timed)
took, collected = [], []
for _ in range(readings):
    desk._kept_reading = None  # (the last reading forgotten: every file read and scored again)
    collecting[0] = 0.0
    before = cpu()
    desk.load()
    took.append(cpu() - before)
    collected.append(collecting[0])
    assert not desk.errors and desk.result is not None
print(json.dumps({"cpu": statistics.median(took), "gc": statistics.median(collected)}))
"""


def reading(checkout: Path, tables: int, readings: int, where: str) -> dict[str, float]:
    python = checkout / ".venv" / "bin" / "python"
    done = subprocess.run([str(python if python.exists() else sys.executable), "-c", CHILD, str(tables),
                           str(readings), where], capture_output=True, text=True, check=True, cwd=checkout,
                          env={**os.environ, "PYTHONPATH": str(checkout)})
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, nargs="+", default=[1000, 2500])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--against", type=Path, default=Path("/work/main"))
    parser.add_argument("--readings", type=int, default=5)
    parser.add_argument("--where", default="/dev/shm" if Path("/dev/shm").is_dir() else None)
    args = parser.parse_args()
    checkouts = {"this": ROOT, "other": args.against.resolve()}
    print(f"this: {ROOT}, other: {checkouts['other']}; processor time of a whole reading, median of {args.readings}")
    small = {name: reading(path, args.small, args.readings, args.where) for name, path in checkouts.items()}
    for tables in args.tables:
        got = {name: reading(path, tables, args.readings, args.where) for name, path in checkouts.items()}
        for name in checkouts:
            print(f"  {tables:>5} tables, {name:>5}: {got[name]['cpu']:.2f} s ({got[name]['gc']:.2f} s collecting), "
                  f"{got[name]['cpu'] / small[name]['cpu']:.1f}x its {args.small} tables")
        print(f"  {tables:>5} tables: other / this {got['other']['cpu'] / got['this']['cpu']:.2f}")


if __name__ == "__main__":
    main()
