"""Worker processes forked from the build: what they inherit, and what that costs in memory.

A forked worker shares its parent's memory page by page until either writes to a page. Two
things decide what a large archive's build costs in memory beside its workers:

- The parent's free heap. Python's allocator (glibc's malloc, for blocks over 512 bytes) keeps
  memory freed during the build, 30 MB at 2,000 events, resident; each worker inherits it, and
  writing its own objects into it copies the pages. Given back to the system before forking
  (malloc_trim), it is neither held by the parent nor copied by the workers.
- What the workers touch of the parent's objects (an object's reference count is written when
  it is used): the pages that hold them are copied, a few for each event a worker renders. A
  worker that renders a thousand events has copied a share of the archive. The render workers
  are therefore forked afresh every WAVE_TASKS tasks (render/html.py's _Rendering), and the
  readers every READ_WAVE_TASKS events (forked_map).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache, partial
from typing import TypeVar

Item = TypeVar("Item")
Answer = TypeVar("Answer")


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def forked_pool(workers: int, initializer: Callable[[], object] | None = None) -> ProcessPoolExecutor:
    """A pool of `workers` processes forked from this one (all of them at the first submit), the
    free heap given back to the system first (give_back_free_memory)."""
    give_back_free_memory()
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=partial(_start, os.getpid(), initializer))


def _start(parent: int, initializer: Callable[[], object] | None) -> None:
    """A worker's first step: it ends when the build does. A build killed outright (SIGKILL: the
    out-of-memory killer, kill -9) never shuts its pool down, and the workers, each holding
    the pages it copied (tens of MB), waited for tasks for ever: each one holds the pool's
    queue open, so none ever sees it closed. Linux: told to end with its parent (prctl
    PR_SET_PDEATHSIG); a parent gone before that took effect is seen by its number (the worker
    is then another process's child). Elsewhere a worker ends as it did."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)
    if initializer is not None:
        initializer()


def forked_map(function: Callable[[Item], Answer], items: Sequence[Item], workers: int,
               initializer: Callable[[], object] | None = None, tasks_per_worker: int | None = None,
               forked: Callable[[], object] | None = None) -> Iterator[Answer]:
    """`function` of each item, in order, by `workers` processes forked from this one: forked
    afresh every `tasks_per_worker` items a worker (a wave), so that no worker copies more of
    the heap it inherited than a wave's items make it touch (the note at the top). `forked`:
    called here once the first wave's processes are forked (given every item of the wave at
    once), while they work, before their first answer is waited for."""
    wave = max(1, len(items) if tasks_per_worker is None else tasks_per_worker * workers)
    for start in range(0, len(items), wave):
        part = items[start:start + wave]
        with forked_pool(min(workers, len(part)), initializer) as pool:
            answers = pool.map(function, part)
            if forked is not None:
                forked()
                forked = None  # (the first wave's only)
            yield from answers


def give_back_free_memory() -> None:
    """The free memory of glibc's heap returned to the system (malloc_trim): a few milliseconds;
    nothing where the C library is another (macOS, musl)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(None).malloc_trim  # the C library's, where it is glibc
    except (OSError, AttributeError, TypeError):  # not glibc; Windows' CDLL needs a name
        return None
