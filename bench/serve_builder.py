"""Benchmark: what `paibang serve`'s builder imports as it starts, against what it used to.

    .venv/bin/python bench/serve_builder.py [--runs 15]

The builder is a process spawned by serve (commands/serve.py: a fresh interpreter), which
imports generator.commands.serve to run its build loop; it builds, and serves nothing, watches
nothing. Measured, each in a fresh interpreter, the median of --runs taken in turn:

1. `import generator.commands.serve`: what a builder imports now (uvicorn and watchfiles are
   imported by serve alone, where they are used);
2. the same and `import uvicorn, watchfiles`: what every builder imported before, at each start
   (serve's first build, and again after a builder died).

The ratio of 2 to 1 is what the builders' start-up was; the difference, in seconds, is what each
start saves (about a tenth of a second on a shared 2-core machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOW = "import generator.commands.serve"
BEFORE = NOW + "; import uvicorn, watchfiles"


def seconds(code: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    now, before = [], []
    for _ in range(runs):  # in turn: a shared machine's speed drifts over a run
        now.append(seconds(NOW))
        before.append(seconds(BEFORE))
    now_s, before_s = statistics.median(now), statistics.median(before)
    print(f"builder's imports now:    {now_s:.3f} s (median of {runs})")
    print(f"builder's imports before: {before_s:.3f} s")
    print(f"before / now: {before_s / now_s:.2f}x; saved at each start: {before_s - now_s:.3f} s")


if __name__ == "__main__":
    main()
