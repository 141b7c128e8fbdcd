"""The Swiss draws the stale-draw check makes, each made once and kept by what it is made of.

A Swiss round whose recorded draw order (# draw-order:) differs from the order today's
standings give is drawn again twice, on each order, to name whom a draw on today's standings
would seat otherwise (pairing.pairing_changes, from event._stale_draws). Where the score groups
are small, each is the matching (matching.py) on the whole field: some 1.2 s of processor time a
draw at 200 entries after 5 rounds, 10 s a check of an event whose round 1 was corrected after
round 5 (the matching's work a third of that since it is given only the pairs of score groups a
draw can seat together, pairing._may_meet), paid by every `check`, by every build that scores
the event again, by the desk on every save, until the secretary removes the rounds'
# draw-order: lines. A draw depends on nothing but its order, the primary scores, who has met
whom and who has had a bye in the rounds before it, and the draw's code: so it is kept under a
digest of exactly those (`key_of`), and made again whenever any of them differs, a byte of the
code included.

The draw on the recorded order is the one `pair` made of the round, which keeps it too (pairing's
drawn_once: `pair` draws through here): the check after a correction then draws only on today's
orders, and `pair --dry-run` then `pair` draw once.

Kept twice:
- in this process (the last MEMORY_KEPT draws): the desk's reading of its event after each save,
  serve's rebuilds and `pair`'s check of the round it wrote ask again what they asked a moment
  before;
- on disk, when a command has said where (`keep_in`: the `draws` folder of the cache beside
  output/, build.py's keep_redraws), one small file a draw, for the next process (`check`,
  `build`). The file is JSON, never a pickle: data that is read, not code that is run; it is
  sealed with the user's key (generator/seals.py) and holds the key it answers, so that a file
  planted or altered, or copied under another draw's name, is taken for missing and the draw
  made.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache
from pathlib import Path

from generator import seals

MEMORY_KEPT = 32  # draws kept in this process (a few tens of kilobytes each at 2,000 entries)
KEPT_DAYS = 60  # a file not asked for in this many days goes (`_prune`): its event is long over
FORMAT = 1  # of the file and of the key: a new one answers no older file

Tables = list[tuple[str, ...]]
Drawn = tuple[Tables, str | None]  # a draw's tables and its bye (pairing.Draw's)

_MEMORY: dict[str, Drawn | None] = {}  # key -> the draw, None: none without a rematch (NoPairing)
_FOLDER: list[Path | None] = [None]


def keep_in(folder: Path | None) -> None:
    """Where the draws are kept on disk from now on (a folder of a cache the caller found to be
    the user's own, caches.unsafe); None: in this process only."""
    _FOLDER[0] = folder


@cache
def _code_digest() -> str:
    """The draw's code: the modules a Swiss draw runs (pairing.pair_swiss and what it calls) and
    this one, which reads and writes it. A change to any of them is a change of every key."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    try:
        for name in ("pairing.py", "large_draw.py", "matching.py", "redraws.py"):
            digest.update(name.encode() + b"\0" + (here / name).read_bytes() + b"\0")
    except OSError:  # the code not there to read (a packed install): no file of another run is answered
        return os.urandom(32).hex()
    return digest.hexdigest()


def key_of(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
           byes: Mapping[str, int]) -> str:
    """The digest of everything pair_swiss reads of its arguments: the order; each entry's
    primary score as the draw reads it (scores.get(entry, 0), compared as numbers: 2 and 2.0 are
    one score to it, and to this key); the meetings between two of the entries (it asks of no
    other); their byes."""
    entries = set(order)
    meetings = sorted(sorted(meeting) for meeting in met if len(meeting) == 2 and meeting <= entries)
    made_of = [FORMAT, _code_digest(), list(order), [repr(float(scores.get(e, 0))) for e in order],
               meetings, sorted((e, byes[e]) for e in entries if byes.get(e))]
    return hashlib.sha256(json.dumps(made_of, ensure_ascii=True, separators=(",", ":")).encode()).hexdigest()


def kept(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
         byes: Mapping[str, int], make: Callable[[], Drawn | None]) -> Drawn | None:
    """The draw of these arguments (`make`: pairing.pair_swiss's, None when it finds none
    without a rematch), taken as kept when it was made before on the same arguments, else made
    and kept (pairing.drawn_once)."""
    key = key_of(order, scores, met, byes)
    if key in _MEMORY:
        drawn = _MEMORY.pop(key)
    else:
        found, drawn = _read(key)
        if found and drawn is not None and not _seats_all(order, met, drawn):
            found = False  # (sealed by this user, of this key, and not a draw of these entries: made again)
        if not found:
            drawn = make()
            _write(key, drawn)
    _MEMORY[key] = drawn  # the last asked, the last to go
    while len(_MEMORY) > MEMORY_KEPT:
        del _MEMORY[next(iter(_MEMORY))]
    return None if drawn is None else (list(drawn[0]), drawn[1])  # (a list of its own for the caller)


def _seats_all(order: Sequence[str], met: Collection[frozenset[str]], drawn: Drawn) -> bool:
    """Whether a draw read from disk seats every entry of `order` once, no two who have met at
    one table, its bye alone at the last: what `pair` will write into a round's file is looked
    at once more, whatever sealed it."""
    tables, bye = drawn
    seated = [entry for table in tables for entry in table]
    alone = [table[0] for table in tables if len(table) == 1]
    return (len(seated) == len(order) and set(seated) == set(order) and alone == ([bye] if bye is not None else [])
            and (bye is None or tables[-1] == (bye,))
            and not any(len(table) == 2 and frozenset(table) in met for table in tables))


def _path(folder: Path, key: str) -> Path:
    return folder / f"{key}.json"


# The largest draw file read back (seals.read_own): a draw is the entries' ids two by two, some
# 100 KB for 5,000 entries; a larger file is none of paibang's draws (taken for missing).
DRAW_AT_MOST = 16 * 1024 * 1024


def _read(key: str) -> tuple[bool, Drawn | None]:
    """(found, draw): the draw kept on disk for `key` (None: none could be made), when a file of
    the user's sealing holds it, of this format, for this key; (False, None) for any other file,
    or none."""
    folder = _FOLDER[0]
    if folder is None:
        return False, None
    path = _path(folder, key)
    try:
        # (touched as read, the very file: kept KEPT_DAYS more; by its name, a link swapped in since would be followed)
        kept = json.loads(seals.unseal(seals.read_own(path, DRAW_AT_MOST, touch=True)[0]))
    except (OSError, ValueError):  # none, a link or no file (NotOwnFile), too large, not sealed by this user (Unsealed), not JSON
        return False, None
    if not isinstance(kept, dict) or kept.get("format") != FORMAT or kept.get("key") != key:
        return False, None
    tables, bye = kept.get("tables"), kept.get("bye")
    if tables is None:
        draw = None
    elif (isinstance(tables, list) and all(isinstance(t, list) and len(t) in (1, 2) and all(isinstance(e, str) for e in t)
                                           for t in tables) and (bye is None or isinstance(bye, str))):
        draw = ([tuple(t) for t in tables], bye)
    else:
        return False, None
    return True, draw


def _write(key: str, draw: Drawn | None) -> None:
    folder = _FOLDER[0]
    if folder is None:
        return
    kept = {"format": FORMAT, "key": key, "tables": None if draw is None else [list(t) for t in draw[0]],
            "bye": None if draw is None else draw[1]}
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if not seals.private(folder):
            return
        seals.write_sealed(_path(folder, key), json.dumps(kept, ensure_ascii=True, separators=(",", ":")).encode())
        _prune(folder)
    except OSError:
        pass  # a cache that cannot be written: the draw is made again next time


def _prune(folder: Path) -> None:
    """The draws not asked for in KEPT_DAYS days go (a new one is written seldom: by `pair`, and
    after a correction once for each stale round)."""
    oldest = time.time() - KEPT_DAYS * 86400
    with os.scandir(folder) as found:
        for item in found:
            if is_own_file(item.name) and item.is_file(follow_symlinks=False) and item.stat().st_mtime < oldest:
                try:
                    os.unlink(item.path)
                except OSError:
                    pass


def is_own_file(name: str) -> bool:
    """Whether `name` is a name this module gives its files (`paibang clean` removes those only),
    or the temporary one is written as (seals.write_atomically's `.tmp-<pid>-<thread>`)."""
    stem, dot, rest = name.partition(".")
    return len(stem) == 64 and all(c in "0123456789abcdef" for c in stem) and dot == "." and (
        rest == "json" or (rest.startswith("json.tmp-") and rest[9:].replace("-", "").isdigit()))


def forget() -> None:
    """What this process keeps (the tests')."""
    _MEMORY.clear()
