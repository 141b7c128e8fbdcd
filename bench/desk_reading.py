"""Benchmark: the desk's whole reading of a mass event (Desk.load with its last reading forgotten,
as the scorer reads after a save once a results file's bytes are all new to it), in processor
time, at --tables and at --small tables, in this checkout and in another (--against, e.g.
/work/main) in the same run.

    .venv/bin/python bench/desk_reading.py [--tables 1000 2500] [--small 100] [--against /work/main]
                                           [--readings 5] [--where /dev/shm]

One Guandan Swiss of 2 x TABLES teams (bench/mass_rounds.py's site, made once by this checkout:
rounds 1 and 2 drawn by `paibang pair` and played, round 3 drawn and half entered). Each
checkout's desk runs in a process of its own (its own modules, PYTHONPATH), the checkouts
alternated; each reads the event READINGS times after the desk's first reading, the median
printed with its share spent in the cyclic collector (gc.callbacks) and the collector's walks of
the whole heap each reading, and the ratios: the other checkout / this, each size / --small.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SLUG = "wanren-guandan-2026"  # (bench/scale.py's)

CHILD = """
import gc, json, resource, statistics, sys, time
from pathlib import Path
from generator.desk.app import Desk
content, readings = Path(sys.argv[1]), int(sys.argv[2])
desk = Desk(content, sys.argv[3], None, None, build=False)
def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime
collecting, started, whole = [0.0], [0.0], [0]
def timed(phase, info):
    if phase == "start":
        started[0] = time.process_time()
        whole[0] += info["generation"] == 2
    else:
        collecting[0] += time.process_time() - started[0]
gc.callbacks.append(timed)
took, collected, walks = [], [], []
for _ in range(readings):
    desk._kept_reading = None  # (the last reading forgotten: every file read and scored again)
    collecting[0], whole[0] = 0.0, 0
    before = cpu()
    desk.load()
    took.append(cpu() - before)
    collected.append(collecting[0])
    walks.append(whole[0])
    assert not desk.errors and desk.result is not None
print(json.dumps({"cpu": statistics.median(took), "gc": statistics.median(collected), "walks": walks}))
"""


def reading(checkout: Path, content: Path, readings: int) -> dict[str, Any]:
    python = checkout / ".venv" / "bin" / "python"
    done = subprocess.run([str(python if python.exists() else sys.executable), "-c", CHILD, str(content),
                           str(readings), SLUG], capture_output=True, text=True, check=True, cwd=checkout,
                          env={**os.environ, "PYTHONPATH": str(checkout)})
    return json.loads(done.stdout.splitlines()[-1])


def site(where: Path, tables: int) -> Path:
    sys.path.insert(0, str(ROOT))
    from bench import mass_rounds

    return mass_rounds.make_sites(where / str(tables), tables)["round 3 half entered"]


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
    with tempfile.TemporaryDirectory(dir=args.where) as where:
        small_site = site(Path(where), args.small)
        small = {name: reading(path, small_site, args.readings) for name, path in checkouts.items()}
        for tables in args.tables:
            content = site(Path(where), tables)
            got = {name: reading(path, content, args.readings) for name, path in checkouts.items()}
            for name in checkouts:
                print(f"  {tables:>5} tables, {name:>5}: {got[name]['cpu']:.2f} s ({got[name]['gc']:.2f} s collecting, "
                      f"whole-heap walks {got[name]['walks']}), {got[name]['cpu'] / small[name]['cpu']:.1f}x its "
                      f"{args.small} tables")
            print(f"  {tables:>5} tables: other / this {got['other']['cpu'] / got['this']['cpu']:.2f}")


if __name__ == "__main__":
    main()
