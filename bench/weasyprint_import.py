"""Importing WeasyPrint as paibang does (generator/render/libraries.py) against its own import:
processor time, this process's and its children's (ldconfig, gcc, ld), and the processes
started (counted at subprocess.Popen, through which ctypes.util starts them). Each import in
a fresh interpreter, alternated, best of --runs.

    .venv/bin/python bench/weasyprint_import.py [--runs 5]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, resource, subprocess, sys
started = []
real = subprocess.Popen.__init__
def counted(self, args, *rest, **named):
    started.append(1)
    real(self, args, *rest, **named)
subprocess.Popen.__init__ = counted
from generator.render.libraries import import_weasyprint
before = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
if sys.argv[1] == "paibang":
    import_weasyprint()
else:
    import weasyprint
after = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
cpu = [a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before)]
print(json.dumps({"self": cpu[0], "children": cpu[1], "started": len(started)}))
"""


def probe(how: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, how], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    best: dict[str, dict] = {}
    for _ in range(runs):
        for how in ("weasyprint", "paibang"):
            got = probe(how)
            got["total"] = got["self"] + got["children"]
            if how not in best or got["total"] < best[how]["total"]:
                best[how] = got
    for how, got in best.items():
        print(f"{how:>10}: {got['total']:.3f} s processor ({got['self']:.3f} itself, {got['children']:.3f} "
              f"its children), {got['started']} processes started")
    print(f"ratio: {best['weasyprint']['total'] / best['paibang']['total']:.2f}x less processor time")


if __name__ == "__main__":
    main()
