"""A printing worker's WeasyPrint (pdf._start_worker: a worker's fonts, WeasyPrint imported
first) starts without running gcc and ld for every name WeasyPrint tries for its libraries
(ctypes.util.find_library, on Linux: ~200 processes and a third of a second, in every command
that prints and every worker that imports it), and loads the very same libraries.

Each probe is a fresh Python (WeasyPrint imported once a process); processes are counted by
subprocess.Popen, through which ctypes.util runs ldconfig, gcc and ld; no timing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import subprocess, sys
started = []
real = subprocess.Popen.__init__
def counted(self, args, *rest, **named):
    started.append(args[0] if isinstance(args, (list, tuple)) else args)
    real(self, args, *rest, **named)
subprocess.Popen.__init__ = counted
if sys.argv[1] == "paibang":
    from generator.render import pdf
    pdf._start_worker()
else:
    import weasyprint
import ctypes.util
print(ctypes.util.find_library.__module__)
print(len(started))
with open("/proc/self/maps") as maps:
    paths = {line.split()[-1] for line in maps if ".so" in line}
# the C libraries, not Python's own extension modules (paibang imports more of those)
print(" ".join(sorted(path for path in paths if "site-packages" not in path and "lib-dynload" not in path)))
"""


def probed(how: str) -> tuple[str, int, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, how], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    module, count, libraries = done.stdout.splitlines()
    return module, int(count), libraries.split()


@pytest.mark.skipif(not sys.platform.startswith("linux") or not os.path.exists("/sbin/ldconfig"),
                    reason="find_library reads the loader's cache on Linux only")
def test_a_printing_worker_imports_weasyprint_reading_the_loaders_cache_once() -> None:
    module, started, loaded = probed("paibang")
    _, started_by_weasyprint, loaded_by_weasyprint = probed("weasyprint")
    assert started == 1  # `ldconfig -p`, once (WeasyPrint alone: one a name, and gcc, ld for most)
    assert started_by_weasyprint > 10
    assert module == "ctypes.util"  # find_library given back as it was
    for library in ("libgobject-2.0.so", "libpango-1.0.so", "libpangoft2-1.0.so", "libharfbuzz.so",
                    "libfontconfig.so"):
        assert any(f"/{library}" in path for path in loaded), library
    # each one WeasyPrint's own import loads (the same files: paibang's modules load a few more)
    assert set(loaded_by_weasyprint) <= set(loaded)
