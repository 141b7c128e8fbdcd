"""WeasyPrint imported without some two hundred processes.

WeasyPrint's import (weasyprint/text/ffi.py) opens Pango, HarfBuzz, Fontconfig and GObject by
trying, for each, a list of names written for every platform ('libgobject-2.0-0',
'gobject-2.0-0', 'gobject-2.0', 'libgobject-2.0.so.0', ...dylib, ...dll). cffi's dlopen asks
ctypes.util.find_library for each name it cannot open as given, and on Linux that function
runs `/sbin/ldconfig -p` for every name, then, for a name the loader's cache does not know,
gcc (with collect2 and ld) and ld again: 215 processes and ~0.3 s of a 0.65 s import, paid by
every command that prints and by every printing worker that imports it itself.

The choice: for the time of the import only, find_library answers from one reading of
`ldconfig -p` (the same regular expression and ABI as the standard library's first step, so a
name the cache knows gets the very answer it got before), and a name the cache does not know
gets None at once, without gcc and ld. What is loaded does not change: find_library on Linux
answers a soname (from the cache, or from the file gcc or ld found, by its SONAME), which dlopen
then looks up as the loader does; and each of WeasyPrint's lists holds that soname itself
('libgobject-2.0.so.0'), which cffi opens as given, before any lookup, by the same loader
search (LD_LIBRARY_PATH first, then the cache). So a library that only gcc or ld found before
(in LD_LIBRARY_PATH, outside the cache) is still opened, one name later, as the same file; the
names they are asked about in practice are the Windows and macOS ones, found by neither. The
other way, loading the sonames first, would mean editing WeasyPrint's lists. Elsewhere than
Linux, or with no ldconfig to read (musl), the import is WeasyPrint's own, as before. (Another
thread asking find_library during the import, a few hundredths of a second once a process, is
answered from the same reading: the same answer for any library the loader's cache knows.)"""
from __future__ import annotations

import contextlib
import os
import re
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from types import ModuleType

_importing = threading.Lock()

# ctypes.util._findSoname_ldconfig's ABI names, as the standard library has them (3.8-3.13).
_ABI = {"x86_64-64": "libc6,x86-64", "ppc64-64": "libc6,64bit", "sparc64-64": "libc6,64bit",
        "s390x-64": "libc6,64bit", "ia64-64": "libc6,IA-64"}


def import_weasyprint() -> ModuleType:
    """The weasyprint module, imported (once a process) with find_library answered from the
    loader's cache (the module's docstring says why that loads the same libraries)."""
    with _importing:  # (the desk prints from threads of its server)
        if "weasyprint" not in sys.modules:
            with _libraries_from_loader_cache():
                import weasyprint
    # (Python's own import, which waits for an import of it begun in another thread: a module
    # being imported is in sys.modules before its code has run)
    import weasyprint

    return weasyprint


def loader_cache() -> bytes | None:
    """What `ldconfig -p` lists (the libraries the loader's cache knows), or None when there is
    no such cache to read (not Linux, no /sbin/ldconfig, or it failed)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        done = subprocess.run(["/sbin/ldconfig", "-p"], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, env={"LC_ALL": "C", "LANG": "C"}, check=False)
    except OSError:
        return None
    return done.stdout if done.returncode == 0 and done.stdout else None


def soname_in(cache: bytes, name: str) -> str | None:
    """find_library's first answer on Linux (ctypes.util._findSoname_ldconfig), from `cache`."""
    machine = os.uname().machine + ("-32" if struct.calcsize("l") == 4 else "-64")
    pattern = os.fsencode(r"\s+(lib%s\.[^\s]+)\s+\(%s" % (re.escape(name), _ABI.get(machine, "libc6")))
    found = re.search(pattern, cache)
    return os.fsdecode(found[1]) if found else None


@contextlib.contextmanager
def _libraries_from_loader_cache() -> Iterator[None]:
    import ctypes.util

    cache = loader_cache()
    if cache is None:
        yield
        return
    real = ctypes.util.find_library

    def find_library(name: str) -> str | None:
        return soname_in(cache, name)

    ctypes.util.find_library = find_library
    try:
        yield
    finally:
        ctypes.util.find_library = real
