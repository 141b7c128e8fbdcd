"""Events read once: the event cache a rebuild reads unchanged events from, and the read-ahead
that reads and scores the other events in forked processes while the build goes on.

build.py's `validate` takes both in its own order, so a build finds the same problems, in the
same order, with or without them. The cache's files are pickles sealed with the user's key
(generator/caches.py): one paibang did not write is never unpickled.

Each event is kept twice: whole (`<key>.sealed`: the event as read, its result, its problems)
and summarised (`<key>.summary.sealed`: tournament/summary.py's EventSummary, what the site's
indexes read of it, with its bulletins' names and printing keys). A build asks for summaries
(`summaries=True`): the events it reads anew come back to it summarised too, and each event's
whole reading is read back (`EventCache.full`) only by the process that renders its pages.
A rebuild reads a few kilobytes for each unchanged event, not its every table.

A ledger keeps each summary's line (tournament/summary.py's SummaryLine: the event's place,
game, days and digests): `ledger.lines` and the few lines since beside it (`ledger.more`),
their rows in files of their own (`ledger.rows-<digit>`, read by players' pages only; see
`save_ledger`). A build takes an unchanged event as its line, and reads its summary only where
a page that shows it is rendered (LazySummary). A rebuild after one results file changed reads
the lines for the archive, and writes one line and one rows file; serve's rebuild takes them
from memory, as its last build read or wrote them, while the files are still those
(EventMemory). A full build takes the events its workers read anew as their lines too, which
the workers make and send once they have kept them (`as_line`): it holds the archive's lines,
each packed (tournament/summary.py's pack_line: some 700 bytes) with the rows players' pages
show of it compressed (shown_rows: about a kilobyte), SUMMARIES_HELD summaries and the events
being rendered, not the archive's summaries.

Why a full build's events go through the cache between the reader that scored each one and the
render worker that renders its pages (pickled by the one, unpickled by the other), rather than
being rendered by the process that read them: an event's pages cannot be rendered before every
event is read. They link its names to player pages by who is who across the whole archive
(render/players.py's collect_people, matched over every event's names: the links, and the
event's key, follow the other events too: render/html.py's _event_keys), list its bulletins with
the sizes of PDFs printed after the reading, and link the archive's year pages only past
render/html.py's ARCHIVE_EVENTS events. A reader would have to hold every event it read until
the last one is read: its memory would grow with the archive, not with the largest event (issue
23's target 3: bench/site.py's 200 events' readings, unpickled, take 119 MiB; the largest one,
4.6 MiB), and who is who, made in the build's own process, would have to be pickled to it
instead. The cache keeps the whole reading for the next rebuild anyway, so the pickling stays;
what a full build pays for the trip is the unpickling in the render worker. Measured on
bench/site.py's 200 events (processor time, one process, the cycle collector off as in the
workers): reading 1.46 s, scoring 0.64 s, pickling the whole readings 0.37 s, unpickling them
0.38 s, of some 13.5 s the build takes on all cores (3 %); the seal is verified in 0.05 s more.
Most of the rest is rendering (the templates).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import pickle
import re
import time
import zlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from generator import caches
from generator.content import snapshot
from generator.errors import ContentError, ContentErrors, Problems
from generator.forking import can_fork, forked_map

if TYPE_CHECKING:
    from generator.content.load import Kept
    from generator.content.model import Event, Site
    from generator.tournament.results import EventResult
    from generator.tournament.summary import EventSummary, SummaryLine


# (event's result, site) -> its bulletins' plans: build.py's bulletin_plan
BulletinPlan = Callable[[Any, Any], list]

# Reading and scoring are imported where they are used, as in build.py: a build that finds
# nothing changed needs neither.


@dataclass
class Prepared:
    """One event read and scored by a worker: what validate would have found reading it itself."""

    event: Event | None
    loaded: list[ContentError]  # found reading it
    result: EventResult | EventSummary | None  # scored when reading found no error (summarised: see the top)
    scored: list[ContentError]  # found scoring it
    kept: Kept | None = None  # the event validate was asked to keep (content/load.py's Kept)


def processor_seconds() -> float:
    """This process's processor time so far (to the nanosecond, where os.times counts ticks of
    10 ms: an event's reading may take less), its children's that it has waited for included (a
    large results file is read by a child forked for it: content/load.py's _read_apart)."""
    children = os.times()
    return time.process_time() + children.children_user + children.children_system


@dataclass
class Spent:
    """Processor seconds spent on the events read anew, summed over the processes that read them
    (the forked readers, or the build's own): reading (their files parsed into the model and
    checked), scoring (the games' scores, the standings: tournament/event.py's run_event) and
    keeping (pickled for the event cache and the build, kept in the cache, summarised; a reader's
    freeing of the last event's cycles). For the benchmarks, which split the build's "reading
    and scoring" by them (bench/site.py); each reader sends its three figures with its event.
    `here`: what of them the build's own process spent (its children's not included), for the
    build to tell its other work in that part from them."""

    reading: float = 0.0
    scoring: float = 0.0
    keeping: float = 0.0
    here: float = 0.0

    def add(self, reading: float, scoring: float, keeping: float) -> None:
        self.reading += reading
        self.scoring += scoring
        self.keeping += keeping

    @contextlib.contextmanager
    def counting(self, part: str) -> Iterator[None]:
        """The processor time of the block added to `part` (reading, scoring or keeping)."""
        start, own = processor_seconds(), time.process_time()
        try:
            yield
        finally:
            setattr(self, part, getattr(self, part) + processor_seconds() - start)
            self.here += time.process_time() - own


READ_WAVE_TASKS = 250  # events a reader reads before it is forked afresh (forking.forked_map)
_AHEAD: dict[str, Any] = {}  # the site and the event cache, set before forking, read by the workers


def read_ahead(content: Path, cache: EventCache | None, workers: int | None,
               keep: str | None = None, lines: bool = False,
               meanwhile: Callable[[], object] | None = None, spent: Spent | None = None) -> dict[Path, Prepared]:
    """The events to read (those not in the cache), read and scored by forked processes, for
    validate to take in its own order with the same problems. Nothing on one core, or for fewer
    than two such events. Each event comes back pickled once, in the event cache's own form; a
    good one is kept in the event cache by the worker that read it. The event whose folder is
    named `keep` comes back with its reading kept (load.Kept), pickled with it. With a cache
    that keeps summaries (EventCache.summaries), the others come back summarised; with `lines`
    (the build takes them so: EventCache.as_line), as their lines, made by the workers.
    `meanwhile`: done here while the workers read (not done at all when none is forked).
    `spent`: the readers' processor time is added to it, as each sends it with its event."""
    from generator.content.load import load_site
    from generator.content.snapshot import event_folders

    workers = workers or os.cpu_count() or 1
    if workers < 2 or not can_fork():
        return {}
    site = load_site(content, Problems(), lambda *_: None)  # site.yaml alone: what events are read with
    events_dir = content.resolve() / "events"
    if site is None or not events_dir.is_dir():
        return {}
    folders = [f for f in event_folders(events_dir) if not (cache and cache.has(f, site))]
    if len(folders) < 2:
        return {}
    folders.sort(key=lambda f: -_size(f))  # big first
    # The games found here (their modules imported, their words added), once, for the readers
    # to share: each reader found them itself at its first event, in every wave, its own 10 MB
    # (2,000 events: 4 waves of 2 readers). The build needs them for its pages anyway.
    from generator.games import GAMES
    from generator.tournament import summary  # noqa: F401 - the readers summarise: imported once, for all of them

    GAMES.find()
    _AHEAD.update(site=site, cache=cache, keep=keep, lines=lines)
    prepared = {}
    try:
        # One event per task, biggest first: no worker waits while another has a long list
        # left, and each event is unpacked here while the workers read the next ones. The
        # readers forked afresh every READ_WAVE_TASKS events (a reader of 1,000 events grew by
        # 7 MiB, copying the heap it inherited).
        for folder, loaded_count, payload, used in forked_map(_prepare_event, folders, min(workers, len(folders)),
                                                              gc.freeze, READ_WAVE_TASKS, meanwhile):
            if spent is not None:
                spent.add(*used)
            event, result, found, *kept = pickle.loads(payload)
            if isinstance(result, SentLine) and result.rows is not None and cache is not None:
                result = result._replace(rows=cache.spill(result.rows))  # out of the heap at once
            del payload
            prepared[folder] = Prepared(event, found[:loaded_count], result, found[loaded_count:], *kept)
    finally:
        _AHEAD.clear()
    return prepared


def read_again(folder: Path, site: Site) -> tuple[Event, EventResult, list[ContentError]]:
    """An event read and scored anew from its files, the event cache having lost it since this
    build took it from there: (event, result, its problems: warnings). ContentErrors when it has
    an error now; a file changed since this build read it (snapshot.Changed) is one."""
    from generator.content.load import load_event
    from generator.tournament.event import run_event

    problems = Problems()
    event = load_event(folder, site, problems)
    result = run_event(event, problems) if event is not None and not problems.errors else None
    if result is None or problems.errors:
        raise ContentErrors(problems.sorted())
    return event, result, problems.items


def _size(folder: Path) -> int:
    return sum(os.path.getsize(os.path.join(top, name)) for top, _, names in os.walk(folder) for name in names)


def _prepare_event(folder: Path) -> tuple[Path, int, bytes, tuple[float, float, float]]:
    """(folder, how many of its problems were found reading it, its payload, the processor
    seconds this reader spent reading it, scoring it and keeping it: see Spent)."""
    from generator.content.load import Kept, load_event
    from generator.tournament.event import run_event

    begun = processor_seconds()
    # The cycles the last event's reading and scoring left, freed: the worker runs without the
    # cycle collector, as the build does, and kept them all (0.4 MB an event: a worker that read
    # 1,000 events held 400 MB). The heap it inherited is frozen (read_ahead): not walked. What
    # survives is the reader's own for good (the modules it imported, their caches), frozen too:
    # walked once, not again before every event (a millisecond each).
    gc.collect()
    gc.freeze()

    started = processor_seconds()
    problems = Problems()
    kept = Kept() if folder.name == _AHEAD["keep"] else None
    event = load_event(folder, _AHEAD["site"], problems, kept)
    loaded_count = len(problems.items)
    read = processor_seconds()
    result = run_event(event, problems) if event is not None and event.stages and not problems.errors else None
    scored = processor_seconds()
    payload = pickle.dumps((event, result, problems.items), protocol=pickle.HIGHEST_PROTOCOL)
    cache: EventCache | None = _AHEAD["cache"]
    good = cache is not None and result is not None and not problems.errors
    summary = cache.summary_of(result, _AHEAD["site"]) if good else None
    if good:
        cache.keep(folder, payload, summary, problems.items)  # here, not in validate's process, which has the rest to do
    if kept is not None:  # pickled with the event: its tables are the event's, sent once
        payload = pickle.dumps((event, result, problems.items, kept), protocol=pickle.HIGHEST_PROTOCOL)
    elif summary is not None and _AHEAD["lines"] and cache.lines(summary, problems.items):
        # Taken as its line (EventCache.as_line), made here: the build never holds, or leaves
        # the holes of, the archive's summaries (pymalloc's arenas stayed at 130 MB for 2,000
        # events' summaries held at once and freed, holes the render workers then copied).
        # Packed here, as the build holds it: the build never unpacks the archive's lines (their
        # 42,000 objects at 2,000 events).
        from generator.tournament.summary import line_of, pack_line

        line = line_of(summary)
        sent = SentLine(pack_line(line._replace(rows=None)), zlib.compress(line.rows, 1) if line.rows else None)
        payload = pickle.dumps((None, sent, problems.items), protocol=pickle.HIGHEST_PROTOCOL)
    elif summary is not None and not problems.errors:  # the whole reading stays in the cache
        payload = pickle.dumps((summary.event, summary, problems.items), protocol=pickle.HIGHEST_PROTOCOL)
    return folder, loaded_count, payload, (read - started, scored - read, processor_seconds() - scored + started - begun)


class SentLine(NamedTuple):
    """An event's line as a reader sends it (`_prepare_event`) and the build keeps it: packed
    (tournament/summary.py's pack_line) without its rows, and its rows compressed (`_rows_apart`),
    or, once the build has them, where they lie in the event cache's file (EventCache.spill)."""

    line: bytes
    rows: bytes | int | None


class EventMemory:
    """The events of the last build kept in memory, by the same key as the event cache's files:
    `paibang serve` keeps one between rebuilds, so that a rebuild after one file is saved
    unpickles no other event (it reads and scores the changed one only). Only the events of the
    last build are kept: memory follows the archive as it is, not every version of it.

    With them, the sealed files the last build read or wrote, as long as they are as it left
    them (caches.SealedFiles): the ledger and its rows here, the record of the last build
    (render/incremental.py's PreviousBuild)."""

    def __init__(self) -> None:
        self.events: dict[str, tuple[Any, Any, list[ContentError]]] = {}  # key -> (event, result, problems)
        self.used: set[str] = set()
        self.files = caches.SealedFiles()
        # What rendering keeps between rebuilds while the code is the same (render/html.py's
        # _environment_for: the Jinja environments, their templates loaded).
        self.rendering: dict[Any, Any] = {}
        self.keys: dict[Path, tuple[tuple[Any, ...], str]] = {}  # folder -> (what its key is made of, the key)
        # The events serve's first step read after a save, file by file, for the next save's
        # (build.py's build_event_first: only the files changed since are parsed again).
        self.readings: dict[Path, Any] = {}

    def get(self, key: str) -> tuple[Any, Any, list[ContentError]] | None:
        found = self.events.get(key)
        if found is not None:
            self.used.add(key)
        return found

    def put(self, key: str, event: Any, result: Any, found: list[ContentError]) -> None:
        self.events[key] = (event, result, list(found))
        self.used.add(key)

    def forget_unused(self) -> None:
        """After a build: drop what it did not use (events changed or removed since)."""
        self.events = {key: value for key, value in self.events.items() if key in self.used}
        self.keys = {folder: found for folder, found in self.keys.items() if found[1] in self.used}
        self.used = set()


def event_cache_key(code: str, folder: Path, name: str, folder_hash: str, site_text: bytes) -> str:
    """An event's key in the cache: the code's digest, its folder (resolved) and its name in
    events/ (the event's slug: two links to one folder are two events, each read as itself),
    its files' digest (render/incremental.py's folder_digest) and site.yaml's bytes."""
    digest = hashlib.sha256(f"{code}\0{folder}\0{name}\0{folder_hash}".encode("utf-8", "surrogatepass"))
    digest.update(site_text)
    return digest.hexdigest()


class EventCache:
    """Each event loaded and scored, kept by the digest of everything it is made from (its
    folder's files, site.yaml, the code): a rebuild reads again only the events that changed.
    The files are pickles paibang writes for itself beside its PDF cache, sealed with the user's
    key: one it did not write is never unpickled (generator/caches.py)."""

    def __init__(self, folder: Path, memory: EventMemory | None = None, summaries: bool = False,
                 plan: BulletinPlan | None = None, later: list[Callable[[], None]] | None = None) -> None:
        self.folder = folder
        self.memory = memory
        self.summaries = summaries  # events come back summarised (see the top), their bulletins
        self.plan = plan  # planned with them when given (build.py's bulletin_plan)
        # A build's (build.py): the events read anew in its own process are pickled and written
        # when it calls these, while its render workers run (see `save`).
        self.later = later
        self.keys: dict[Path, str] = {}
        self.loaded: dict[Path, list[ContentError]] = {}  # load problems of events read anew
        self.results: dict[Path, EventResult | EventSummary] = {}
        self._site_text: bytes | None = None
        self._listing: set[str] | None = None  # the folder's files, as `has` first found them
        self._looks = 0  # files looked for one by one before listing the folder
        self._ledger: dict[str, tuple[bytes, list[ContentError]]] | None = None  # key -> (packed line, problems)
        self._new_lines: dict[str, tuple[Any, list[ContentError]]] = {}  # to be added to the ledger
        self._rows: dict[str, dict[str, bytes]] = {}  # the lines' rows kept apart, by bucket, as read
        # The rows of the lines made by this build, by key, compressed (`_line`): a full build
        # makes every event's line, and needs their rows from the reading to the last page. They
        # are kept in a file (caches.Spill), each held here as where it lies: in the heap, 2.2 MB
        # at 2,000 events, they came between the lines and were inherited by every render worker.
        self._packed_rows: dict[str, int] = {}
        self._spilled = caches.Spill(folder)
        # The lines made by this build, whole, where they lie in a file of their own; the ledger
        # holds each one's head (tournament/summary.py's line_head) beside it (`_spill_line`).
        self._spilled_lines: dict[str, int] = {}
        self._lines_spill = caches.Spill(folder)
        self._in_ledger: set[str] = set()  # the keys of the ledger's file, as read (save_ledger)
        self._source: _Lines | None = None  # what the lines read their summaries and rows through (`_lazy`)

    def _key(self, folder: Path, site: Site) -> str:
        from generator.render.incremental import code_digest, folder_digest, resolved

        if self._site_text is None:  # read once for all the events of a run
            site_file = site.root / "site.yaml"
            self._site_text = snapshot.read(site_file) if site_file.is_file() else b""
        made_of = (code_digest(), resolved(folder), folder.name, folder_digest(folder, site.root), self._site_text)
        # serve's memory keeps each folder's key with what it was made of: a rebuild after one
        # results file was saved hashes that event's key alone, not the archive's 2,000.
        known = self.memory.keys.get(folder) if self.memory is not None else None
        if known is not None and known[0] == made_of:
            return known[1]
        key = event_cache_key(*made_of)
        if self.memory is not None:
            self.memory.keys[folder] = (made_of, key)
        return key

    def has(self, folder: Path, site: Site) -> bool:
        """Whether the event is kept, as its files are now."""
        key = self.keys[folder] = self._key(folder, site)
        if self._kept(key):
            return True
        if self._hashed_anew(folder, site):  # to be read: keyed by the bytes that are parsed
            return self._kept(self.keys[folder])
        return False

    def _kept(self, key: str) -> bool:
        if self.memory is not None and key in self.memory.events:
            return True
        if self.summaries and key in self.ledger():  # lined: read through its line (a summary gone since is made again)
            return True
        if self._listing is None and self._looks < LOOKS:  # a few events: a look at each (the cache holds thousands)
            self._looks += 1
            return os.path.exists(self.folder / f"{key}.sealed")
        if self._listing is None:  # many: one listing, not a look for each of 2,000 events' files
            try:
                with os.scandir(self.folder) as found:
                    self._listing = {item.name for item in found}
            except OSError:
                self._listing = set()
        return f"{key}.sealed" in self._listing

    def _hashed_anew(self, folder: Path, site: Site) -> bool:
        """An event about to be read from its files, whose digest the build took from their stats
        (render/incremental.py's build_inputs): hashed from its bytes first, and keyed so."""
        from generator.render.incremental import hash_anew

        if not hash_anew(folder):
            return False
        self.keys[folder] = self._key(folder, site)
        return True

    def adopt(self, folder: Path, site: Site, loaded: list[ContentError]) -> None:
        """An event read by a worker: remembered as read anew, for `save`."""
        self.keys.setdefault(folder, self._key(folder, site))
        self.loaded[folder] = loaded or _NO_PROBLEMS

    def as_line(self, folder: Path, site: Site, result: Any, found: list[ContentError]) -> Any:
        """A good event a worker read anew and summarised (and kept in the cache, whole and
        summarised: `_prepare_event`), taken as its line (LazySummary), as a build takes an event
        it did not read again: the build holds the archive's lines, not its summaries (2,000
        events' were 110 MB). The worker sends the line itself (a SentLine) when `lines`
        says so. `result` as it is when there is no line to take: this cache keeps no
        summaries, serve keeps its events in memory (EventMemory), or the event has an error."""
        if not isinstance(result, SentLine) and not self.lines(result, found):
            return result
        key = self.keys[folder]
        self._line(key, result, found)
        return self._lazy(key, self.ledger()[key][0], site, folder)

    def lines(self, result: Any, found: list[ContentError]) -> bool:
        """Whether a build takes this event, read anew, as its line (`as_line`)."""
        from generator.tournament.summary import EventSummary

        return (self.summaries and self.memory is None and isinstance(result, EventSummary)
                and (result.bulletins is not None or self.plan is None) and all(p.warning for p in found))

    def read_event(self, folder: Path, site: Site, problems: Problems) -> Event | None:
        key = self.keys.get(folder) or self._key(folder, site)
        self.keys[folder] = key
        remembered = self.memory.get(key) if self.memory is not None else None
        try:
            if remembered is not None:
                event, result, found = remembered
            else:
                event, result, found = self._read(key, site, folder)
                if self.memory is not None and result is not None:
                    self.memory.put(key, event, result, found)
        except Exception:  # noqa: BLE001 - missing, not ours, or of another shape: read the event again
            from generator.content.load import load_event
            from generator.render.incremental import can_fork_alone, with_a_child

            self._hashed_anew(folder, site)
            before = len(problems.items)
            # Read in this process (an event the read-ahead left: a lone one, a mass event): its
            # results files, when large, shared with a process forked for them (load._read_apart).
            # (Positional, as load_event's callers pass what they pass: tests wrap it so.)
            event = load_event(folder, site, problems, None, with_a_child if can_fork_alone() else None)
            self.loaded[folder] = problems.items[before:]
            return event
        problems.items.extend(found)
        if result is not None:
            self.results[folder] = result
        return event

    def _read(self, key: str, site: Site, folder: Path) -> tuple[Any, Any, list[ContentError]]:
        """(event, result, problems) as kept: summarised when asked (as its line in the ledger,
        when there), else whole. A summary kept without its bulletins when they are now wanted
        is made again from the whole reading."""
        if self.summaries:
            from generator.tournament.summary import bulletins_planned

            line, found = self.ledger().get(key, (None, []))
            if isinstance(line, bytes) and (self.plan is None or bulletins_planned(line)):
                lazy = self._lazy(key, line, site, folder)
                return lazy.event, lazy, list(found)
            return self._read_summary(key, site)
        return self._load(self.folder / f"{key}.sealed")

    def _lazy(self, key: str, line: bytes, site: Site, folder: Path) -> Any:
        """The event as its line (LazySummary): its summary and rows read from here when asked
        (through one _Lines for all the events of the site, not two partials each)."""
        from generator.tournament.summary import LazySummary

        if self._source is None or self._source.site is not site:
            self._source = _Lines(self, site)
        return LazySummary(line, self._source, key, folder)

    def _read_summary(self, key: str, site: Site) -> tuple[Any, EventSummary, list[ContentError]]:
        try:
            event, summary, found = self._load(self.folder / f"{key}.summary.sealed")
            if summary.bulletins is not None or self.plan is None:
                self._line(key, summary, found)
                return event, summary, found
        except Exception:  # noqa: BLE001 - missing or not ours: made from the whole reading
            pass
        event, result, found = self._load(self.folder / f"{key}.sealed")
        summary = self.summary_of(result, site)
        self._keep_summary(key, summary, found)
        self._line(key, summary, found)
        return summary.event, summary, found

    def _summary(self, key: str, site: Site, folder: Path) -> EventSummary:
        """An event's summary, for its line (LazySummary): as kept, else read and scored again
        (its files gone from the cache since the line was read)."""
        try:
            return self._read_summary(key, site)[1]
        except Exception:  # noqa: BLE001 - gone or not ours: the event is read again
            from generator.tournament.summary import summarise

            return summarise(read_again(folder, site)[1])

    def ledger(self) -> dict[str, tuple[Any, list[ContentError]]]:
        """Each kept summary's line, by its key (see the top)."""
        if self._ledger is None:
            self._ledger = self._read_lines(LEDGER)
            more = self._read_lines(LEDGER_MORE)  # written since, over the file's (save_ledger)
            self._in_ledger = set(self._ledger) - set(more)
            self._ledger.update(more)
        return self._ledger

    def _read_lines(self, name: str) -> dict[str, tuple[Any, list[ContentError]]]:
        try:
            ledger = self._read_sealed(self.folder / name)  # verified before it is unpickled
            return {key: line for key, line in ledger.items()
                    if isinstance(line, tuple) and len(line) == 2 and isinstance(line[0], bytes)
                    and isinstance(line[1], list)}
        except Exception:  # noqa: BLE001 - none yet, not ours, or of another shape: lines are made again
            return {}

    def _line(self, key: str, summary: EventSummary | SentLine, found: list[ContentError]) -> None:
        """The summary's line into the ledger, packed (or the line as a worker sent it: `as_line`)."""
        from generator.tournament.summary import bulletins_planned, line_of, pack_line

        known = self.ledger().get(key)
        # A line without bulletins (built without them) is made again once they are planned.
        if known is None or (not bulletins_planned(known[0]) and _bulletins_of(summary) is not None):
            if isinstance(summary, SentLine):
                packed = summary.line
                if summary.rows is not None:
                    self._packed_rows[key] = self.spill(summary.rows)
            else:
                packed = pack_line(self._rows_apart(key, line_of(summary)))
            packed = self._spill_line(key, packed)
            self._new_lines[key] = self._ledger[key] = (packed, list(found) if found else _NO_PROBLEMS)

    def _spill_line(self, key: str, packed: bytes) -> bytes:
        """A line this build made, whole, into a file of this cache's (`_spilled_lines`), and its
        head (line_head) held in its place: the build holds every event's line from its reading
        to its last page, and a full build makes them all, but reads the rest of one (its title,
        card, bulletins: a pickle of some 600 bytes) only where a page shows it (LazySummary.line,
        through `_whole_line`), a few times an event. Held whole, they were the largest part of
        what the build's own heap held more at 2,000 events than at 200 (1.3 MiB). serve's
        builder keeps its events in memory anyway (EventMemory): its lines stay as they are."""
        from generator.tournament.summary import line_head

        if self.memory is not None:
            return packed
        head = line_head(packed)
        if len(head) == len(packed):
            return packed
        self._spilled_lines[key] = self._lines_spill.put(packed)
        return head

    def _whole_line(self, key: str) -> bytes:
        """A line of the ledger, whole: read back from this cache's file when spilled (`_spill_line`)."""
        at = self._spilled_lines.get(key)
        return self._lines_spill.get(at) if at is not None else self.ledger()[key][0]

    def _whole_lines(self, lines: dict[str, tuple[bytes, list[ContentError]]],
                     ) -> dict[str, tuple[bytes, list[ContentError]]]:
        """The ledger's `lines`, each whole (as its file keeps them), to be written."""
        if not self._spilled_lines:
            return lines
        return {key: (self._whole_line(key), found) if key in self._spilled_lines else (line, found)
                for key, (line, found) in lines.items()}

    def _rows_apart(self, key: str, line: SummaryLine) -> SummaryLine:
        """The line without its rows, which are held apart, compressed, as the ledger's files
        keep them apart (pickles of names, ids and places that repeat: 2,000 events' rows are
        4.4 MB pickled, half that compressed; read back where a page needs them: `_rows_of`)."""
        if line.rows is None:
            return line
        self._packed_rows[key] = self._spilled.put(zlib.compress(line.rows, 1))
        return line._replace(rows=None)

    def spill(self, rows: bytes | int) -> int:
        """A line's rows, compressed, into this cache's file (`_packed_rows`), as soon as the
        build has them (read_ahead: before the next event comes), so that they never stay in
        its heap; where they lie there, as is when they are there already."""
        return rows if isinstance(rows, int) else self._spilled.put(rows)

    def _rows_of(self, key: str) -> bytes | None:
        """The rows of a line kept apart from it: made by this build (`_line`), else from its
        bucket's file (`save_ledger`)."""
        packed = self._packed_rows.get(key)
        if packed is not None:
            return zlib.decompress(self._spilled.get(packed))
        found = self._rows_bucket(key[:1]).get(key)
        return found if isinstance(found, bytes) else None

    def _rows_bucket(self, bucket: str) -> dict[str, bytes]:
        """A file of the lines' rows, read when first asked (only players' pages and `save_ledger` ask)."""
        if bucket not in self._rows:
            try:
                found = self._read_sealed(self.folder / f"{LEDGER_ROWS}-{bucket}")  # verified before it is unpickled
                self._rows[bucket] = found if isinstance(found, dict) else {}
            except Exception:  # noqa: BLE001 - none yet, or not ours: made from the summary (LazySummary.rows)
                self._rows[bucket] = {}
        return self._rows[bucket]

    def save_ledger(self) -> None:
        """The ledger of this build's events: the lines of the events it has (`keys`), those it
        read anew among them. An event changed, removed or keyed anew (new code, a new site.yaml)
        leaves the ledger (its file keeps up to LEDGER_MORE_AT_MOST such lines until it is written
        again), though its files stay in the cache until `prune` forgets them: the ledger is read
        whole by every build. A cache shared by two sites keeps the lines of
        the one built last (the other's events are read from their summaries, and lined again)."""
        ledger = self.ledger()
        current = set(self.keys.values())
        if not self._new_lines and set(ledger) <= current:
            return
        self._ledger = {key: line for key, line in ledger.items() if key in current}
        # The lines' rows (what players' pages show: four fifths of the bytes) are kept apart, in
        # 16 files by the key's first digit, each rewritten only when a line of its
        # own is new: a rebuild after one results file reads and writes the small lines alone.
        # Written first: a line never names rows that are not kept (they are made again if so).
        # A bucket's rows are unpacked while it is written, and not held once it is: this
        # build's own are held compressed (`_line`), the others read again if a page asks.
        fresh: dict[str, list[str]] = {}
        for key in self._ledger:
            if key in self._packed_rows:
                fresh.setdefault(key[:1], []).append(key)
        for bucket, keys in sorted(fresh.items()):
            kept = {key: found for key, found in self._rows_bucket(bucket).items() if key in current}
            rows = kept | {key: zlib.decompress(self._spilled.get(self._packed_rows[key])) for key in keys}
            self._write_sealed(self.folder / f"{LEDGER_ROWS}-{bucket}", rows)
            if self.memory is not None:  # serve's builder: as written (EventMemory.files keeps them too)
                self._rows[bucket] = rows
            else:
                self._rows.pop(bucket, None)
            del rows, kept
        # The lines not in the ledger's file go into a small one beside it while they are few and
        # the file's lines gone since are few: a rebuild after one results file writes one line,
        # not 2,000. A line is keyed by what its event is made of, so any line of either file is
        # true of its key, whatever happened between their writes.
        more = {key: line for key, line in self._ledger.items()
                if key not in self._in_ledger or key in self._new_lines}  # (new, or lined again: `_line`)
        gone = len(self._in_ledger - current)
        if self._in_ledger and len(more) <= LEDGER_MORE_AT_MOST and gone <= LEDGER_MORE_AT_MOST:
            self._write_sealed(self.folder / LEDGER_MORE, self._whole_lines(more))
        else:
            self._write_sealed(self.folder / LEDGER, self._whole_lines(self._ledger), lined=True)
            (self.folder / LEDGER_MORE).unlink(missing_ok=True)
            self._in_ledger = set(self._ledger)
        self._new_lines = {}

    def _read_sealed(self, path: Path) -> Any:
        """A file of the ledger: as serve's builder last read or wrote it, while it is still that
        file (EventMemory.files); else read."""
        return self.memory.files.read(path) if self.memory is not None else caches.read_sealed(path)

    def _write_sealed(self, path: Path, value: Any, lined: bool = False) -> None:
        """`value` into a file of the ledger, and into serve's memory as written (`lined`: a copy
        of the ledger, to which this build may add lines since: `_line`)."""
        written = caches.write_sealed(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        if self.memory is not None:
            self.memory.files.wrote(path, written, dict(value) if lined else value)

    @staticmethod
    def _load(path: Path) -> Any:
        return caches.read_sealed(path, touch=True)  # verified before it is unpickled; touched: kept by `prune`

    def prune(self, days: int) -> None:
        """Forget the events no build has read for `days` days: every save of a results file
        makes its event a new key, and the cache must not keep every version of every event for
        ever. The events of this build (`keys`) are kept, and an event's whole reading is kept
        with its summary (a build reads the summary only). Looked into once in PRUNE_EVERY
        seconds, not at every build: it stats each of the cache's files (4,000 for 2,000 events)."""
        if not self.folder.is_dir():
            return
        pruned = self.folder / PRUNED
        try:
            recent = time.time() - os.lstat(pruned).st_mtime < PRUNE_EVERY
        except OSError:
            recent = False
        if recent:
            return
        try:
            # made anew, in place of whatever is there: a link planted there is replaced, never
            # followed (Path.touch would make or touch the file it leads to)
            caches.write_atomically(pruned, b"")
        except OSError:
            return  # (prune then waits for another build)
        limit = time.time() - days * 86400
        by_key: dict[str, list[tuple[str, float]]] = {}
        with os.scandir(self.folder) as found:
            for item in found:
                # Only the files paibang names so and makes (regular files, not links): whatever
                # else is in the folder, however old, is not paibang's to delete.
                named = _KEPT_EVENT.fullmatch(item.name)
                if named and item.is_file(follow_symlinks=False):
                    by_key.setdefault(named[1], []).append((item.path, item.stat(follow_symlinks=False).st_mtime))
                elif _TEMPORARY.fullmatch(item.name):
                    with contextlib.suppress(FileNotFoundError):  # renamed by its writer, or pruned meanwhile
                        if item.is_file(follow_symlinks=False) and \
                                item.stat(follow_symlinks=False).st_mtime < time.time() - PRUNE_EVERY:
                            os.unlink(item.path)
        current = set(self.keys.values())
        # A summary read through its line only is not touched (`_load`): the events of this
        # build are kept whatever their age.
        for key, files in by_key.items():
            if key in current or any(modified >= limit for _, modified in files):
                continue
            for path, _ in files:
                try:
                    os.unlink(path)
                except OSError:
                    pass  # removed by another build meanwhile

    def summary_of(self, result: EventResult | EventSummary, site: Site) -> EventSummary | None:
        """The event's summary as this cache keeps it (None: it keeps no summaries)."""
        if not self.summaries:
            return None
        from generator.tournament.summary import is_summary, summarise

        planned = None
        if self.plan is not None and not (is_summary(result) and result.bulletins is not None):
            planned = self.plan(result, site)
        return summarise(result, planned)

    def full(self, folder: Path, site: Site) -> EventResult | None:
        """The event's whole result as kept (for its pages): None when it is not kept whole."""
        from generator.tournament.summary import is_summary

        key = self.keys[folder] = self.keys.get(folder) or self._key(folder, site)
        remembered = self.memory.events.get(key) if self.memory is not None else None
        if remembered is not None and not is_summary(remembered[1]):
            return remembered[1]
        try:
            return self._load(self.folder / f"{key}.sealed")[1]
        except Exception:  # noqa: BLE001 - gone or not ours: the caller reads the event again
            self._hashed_anew(folder, site)
            return None

    def result_of(self, event: Event) -> EventResult | None:
        return self.results.get(event.folder)

    def save(self, event: Event, result: EventResult, scored: list[ContentError], site: Site | None = None) -> None:
        """Keep a good event read anew (and its summary, when this cache keeps them: `site`)."""
        if event.folder not in self.loaded:
            return
        found = self.loaded[event.folder] + scored
        if any(not p.warning for p in found):
            return  # only good events are kept: a broken one is read again until it is fixed
        summary = self.summary_of(result, site) if site is not None else None
        self.remember(event, summary or result, found)
        # With `later` (a build's), pickled and written when the build asks: while its render
        # workers run, when its own process waits for them. Pickling a mass event (10,000
        # players, 17,500 tables) took a second of the build's own time before any page was
        # rendered, with the other core idle.
        keep = partial(self._keep_reading, event, result, found, summary)
        if self.later is not None:
            self.later.append(keep)
        else:
            keep()

    def _keep_reading(self, event: Event, result: EventResult, found: list[ContentError],
                      summary: EventSummary | None) -> None:
        self.keep(event.folder, pickle.dumps((event, result, found), protocol=pickle.HIGHEST_PROTOCOL), summary, found)

    def remember(self, event: Event, result: EventResult | EventSummary, found: list[ContentError]) -> None:
        """A good event read anew, kept in memory too (when there is one) for the next build, and
        its summary's line in the ledger (a worker that read it kept its summary, not the line)."""
        from generator.tournament.summary import EventSummary

        if event.folder not in self.keys or any(not p.warning for p in found):
            return
        if self.memory is not None:
            self.memory.put(self.keys[event.folder], result.event, result, found)
        if self.summaries and isinstance(result, EventSummary) and (result.bulletins is not None or self.plan is None):
            self._line(self.keys[event.folder], result, found)

    def keep(self, folder: Path, payload: bytes, summary: EventSummary | None = None,
             found: list[ContentError] = ()) -> None:
        """Write (event, result, problems), pickled and sealed (see generator/caches.py): a good
        event, read anew (see `has`); and its summary with the same problems (`found`), when given."""
        caches.write_sealed(self.folder / f"{self.keys[folder]}.sealed", payload)
        if summary is not None:
            self._keep_summary(self.keys[folder], summary, found)

    def keep_whole(self, event: Event, result: EventResult, found: list[ContentError]) -> None:
        """An event's whole reading made again (gone from the cache since its summary was kept)."""
        if event.folder in self.keys:
            self.keep(event.folder, pickle.dumps((event, result, found), protocol=pickle.HIGHEST_PROTOCOL))

    def _keep_summary(self, key: str, summary: EventSummary, found: list[ContentError]) -> None:
        caches.write_sealed(self.folder / f"{key}.summary.sealed",
                            pickle.dumps((summary.event, summary, found), protocol=pickle.HIGHEST_PROTOCOL))


def _bulletins_of(summary: EventSummary | SentLine) -> list | None:
    if isinstance(summary, SentLine):
        from generator.tournament.summary import bulletins_planned, unpack_line

        return unpack_line(summary.line).bulletins if bulletins_planned(summary.line) else None
    return summary.bulletins


class _Lines:
    """Where an EventCache's lines (LazySummary) read their summaries and rows, for one site
    (tournament/summary.py's LineSource)."""

    __slots__ = ("cache", "site")

    def __init__(self, cache: EventCache, site: Site) -> None:
        self.cache, self.site = cache, site

    def summary(self, key: str, folder: Path) -> EventSummary:
        return self.cache._summary(key, self.site, folder)

    def rows(self, key: str) -> bytes | None:
        return self.cache._rows_of(key)

    def line(self, key: str) -> bytes:
        return self.cache._whole_line(key)


# The problems of the many events that have none, as the cache holds them (never added to: each
# holder copies it first), rather than an empty list of each event's in the build's heap.
_NO_PROBLEMS: list[ContentError] = []

LOOKS = 64  # events looked for in the cache one by one before it is listed once (EventCache._kept)
PRUNE_EVERY = 86400  # seconds between two looks for what no build has read for long (EventCache.prune)
PRUNED = "pruned"  # touched when it was last looked
# An event's files, the only ones `prune` deletes: `<key>.sealed` and `<key>.summary.sealed`, the
# key a SHA-256 (event_cache_key).
_KEPT_EVENT = re.compile(r"([0-9a-f]{64})\.(?:summary\.)?sealed")
# The temporaries its files are written as (seals.write_atomically: `<name>.tmp-<pid>-<thread>`),
# which a build killed as it wrote one leaves behind. A day old, one is nobody's (a file is
# written in well under a second), whatever its pid, another process's now or another machine's
# sharing the folder; `prune` deletes those, as render/pdf.py's prune_cache does the PDFs'.
_LEDGER_FILES = r"ledger\.(?:lines|more|rows-[0-9a-f])|pruned"  # the ledger's files, and pruning's stamp
_TEMPORARY = re.compile(rf"(?:[0-9a-f]{{64}}\.(?:summary\.)?sealed|{_LEDGER_FILES})\.tmp-[0-9]+-[0-9]+")
_LEDGER_FILE = re.compile(_LEDGER_FILES)


def is_own_file(name: str) -> bool:
    """Whether a name in the cache's events folder is one this module writes (`clean` removes
    those and no other): a kept event, the ledger's files, or one of them being written."""
    return bool(_KEPT_EVENT.fullmatch(name) or _TEMPORARY.fullmatch(name) or _LEDGER_FILE.fullmatch(name))
LEDGER = "ledger.lines"  # the summaries' lines, sealed (see the top)
LEDGER_ROWS = "ledger.rows"  # and beside it, their rows: ledger.rows-<the key's first digit> (save_ledger)
LEDGER_MORE = "ledger.more"  # the lines since the ledger's file was written, while few (save_ledger)
LEDGER_MORE_AT_MOST = 64  # lines added, or gone, before the ledger's file is written again
