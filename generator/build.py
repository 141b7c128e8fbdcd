"""The build, top to bottom: load -> validate -> score -> rank -> render -> into output/ (swapped, or in place).

Read this function to follow a results file from disk to a page. A build with any content
error stops before rendering and leaves output/ exactly as it was.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import importlib
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator import catalogues
from generator import caches
from generator.content import snapshot
from generator.errors import ContentError, ContentErrors, Mark, Problems, system_reason
from generator.event_cache import BulletinPlan, EventCache, EventMemory, Spent, read_again, read_ahead

if TYPE_CHECKING:
    from generator.content.load import Kept
    from generator.content.model import Event, Site
    from generator.printed import Bulletin
    from generator.render.pdf import Printed
    from generator.render.incremental import PreviousBuild
    from generator.tournament.results import EventResult
    from generator.tournament.summary import EventSummary

    Planned = tuple[str, str, tuple[str, ...], str, str]  # render/pdf.py's `planned`

# Reading, scoring and rendering are imported where they are used: a build that finds nothing
# changed (`make site` again) needs none of them, and their imports were most of its time.


@dataclass
class BuildReport:
    site: Site | None  # None when the site was up to date (nothing was read; but see _read_for_serve)
    results: list[EventResult | EventSummary]  # summaries (tournament/summary.py) for events not read anew
    warnings: list[ContentError] = field(default_factory=list)
    pages: int = 0
    pdfs: int = 0
    pdfs_printed: int = 0  # the others came from the cache
    events_rendered: int = 0  # the others' pages were kept from the previous build
    events: int = 0  # events built (results is empty when the site was up to date)
    up_to_date: bool = False  # nothing had changed: output/ was left as it was
    locale: str = ""  # the site's, for messages
    written: Sequence[str] = field(default_factory=list)  # files written anew (the others were kept as they were)
    in_place: bool = False  # the new files were put into output/ in place, under a journal (render/output.py)
    seconds: dict[str, float] = field(default_factory=dict)  # where the time went: reading and scoring, …
    ended: dict[str, float] = field(default_factory=dict)  # when each of those parts ended (time.monotonic)
    # Processor seconds, not wall, for the benchmarks to split "reading and scoring" by: reading,
    # scoring and keeping the events read anew, summed over the processes that did it (the forked
    # readers' included: event_cache.Spent), and the build's own other work in that part (other:
    # taking the readers' events in, rendering's imports meanwhile).
    spent: dict[str, float] = field(default_factory=dict)
    # Processor seconds of each part of `seconds`, as (the build's own process, the processes it
    # forked and waited for in that part: the readers, the render workers), for the benchmarks
    # to say which process's work each part is (bench/site.py's processor_line): wall time
    # alone hid that rendering, on two cores, was two thirds of the build's processor time.
    processor: dict[str, tuple[float, float]] = field(default_factory=dict)


def validate(content: Path, strict: bool = False, cache_dir: Path | None = None, workers: int | None = None,
             memory: EventMemory | None = None, reading: Reading | None = None, summaries: bool = False,
             plan: BulletinPlan | None = None, later: list[Callable[[], None]] | None = None,
             meanwhile: Callable[[], object] | None = None, spent: Spent | None = None,
             ) -> tuple[Site, list[EventResult | EventSummary], list[ContentError]]:
    """Load, validate and score everything; raise ContentErrors with every problem found.
    With `cache_dir`, an event whose files are unchanged since a previous run is not read again.
    The events that are read are read and scored in parallel, one process per core (`workers`).
    With `memory` (serve's), events kept from the last build are taken from it, not unpickled.
    With `reading`, what was read and found is kept there, event by event, for `validate_again`.
    With `summaries` (and `cache_dir`), the events that have not just been read and scored here
    come back as their summaries (tournament/summary.py), their bulletins planned by `plan`, and
    as their lines (LazySummary) once the event cache has them, those the workers read anew
    included (EventCache.as_line): the build reads each one's summary, and its whole result,
    only where it needs it (WholeResults).
    With `later` (and `cache_dir`), the events read and scored in this process are kept in the
    event cache when the caller calls what it finds there (a build: while its pages render).
    `meanwhile`: done while the events are read by forked processes, when they are.
    `spent`: the processor time spent reading, scoring and keeping the events is added to it."""
    from generator.render.incremental import one_reading

    with _no_cycle_collection(), one_reading():
        try:
            return _validate(content, strict, cache_dir, workers, memory, reading, summaries, plan, later, meanwhile, spent)
        finally:
            if memory is not None:
                memory.forget_unused()


@dataclass
class Reading:
    """What one `validate` read and found, event by event, for `validate_again` to check the
    content once more after one event changed (`paibang pair` wrote a round into it) without
    reading or scoring the others again. The changed event, `keep` (its folder's name), is kept
    file by file (content/load.py's Kept), so that only a file added to it is parsed."""

    keep: str
    strict: bool = False
    site: Site | None = None
    site_found: list[ContentError] = field(default_factory=list)  # found before any event
    events: list[tuple[Path, Event | None, list[ContentError]]] = field(default_factory=list)  # and found reading it
    scored: dict[Path, tuple[EventResult, list[ContentError]]] = field(default_factory=dict)
    kept: Kept | None = None


def validate_again(reading: Reading) -> tuple[Site, list[EventResult], list[ContentError]]:
    """`validate` once more, the same checks in the same order, on the content as `reading` read
    it but for its `keep` event, whose results folder is listed and read again (content/load.py's
    `load_event_again`: a file added or changed since is read, the others' readings taken as they
    were) and which is scored again, the tables of the files not read again keeping their scores
    where the game allows it (tournament/event.py's ScoredTables). The other events' readings and
    scores are taken as they were: they are as the first reading found them unless edited in
    between, and `paibang pair` asks this to check the file it wrote. Raises ContentErrors as
    `validate` would."""
    from generator.content.load import load_event, load_event_again
    from generator.render.incremental import one_reading
    from generator.tournament.event import ScoredTables, run_event

    assert reading.site is not None
    with _no_cycle_collection(), one_reading():
        problems = Problems()
        problems.items.extend(reading.site_found)
        events = []
        for folder, event, found in reading.events:
            if folder.name != reading.keep:
                problems.items.extend(found)
            elif reading.kept is not None and reading.kept.event is not None:
                event = load_event_again(reading.kept, reading.site, problems)
            else:  # not kept (read from the event cache, or cut short): read it whole
                event = load_event(folder, reading.site, problems)
            if event is not None:
                events.append(event)
        site = replace(reading.site, events=events)
        results: list[EventResult] = []
        has_errors_in = _ErrorsIn(problems)
        for event in site.events:
            if has_errors_in(event.folder) or not event.stages:
                continue
            if event.folder.name != reading.keep and event.folder in reading.scored:
                result, found = reading.scored[event.folder]
                problems.items.extend(found)
                results.append(result)
            else:
                before = reading.scored.get(event.folder)
                results.append(run_event(event, problems, ScoredTables(before[0] if before else None)))
                reading.scored[event.folder] = (results[-1], [])  # scores the next check may take
        failing = problems.errors + (problems.warnings if reading.strict else [])
        if failing:
            raise ContentErrors(problems.sorted())
        return site, results, problems.warnings


def _validate(content: Path, strict: bool, cache_dir: Path | None, workers: int | None, memory: EventMemory | None,
              reading: Reading | None, summaries: bool = False, plan: BulletinPlan | None = None,
              later: list[Callable[[], None]] | None = None, meanwhile: Callable[[], object] | None = None,
              spent: Spent | None = None) -> tuple[Site, list[EventResult], list[ContentError]]:
    from generator.content.load import Kept, load_event, load_site
    from generator.tournament.event import run_event, withdrawals_said

    problems = Problems()
    cache = EventCache(cache_dir, memory, summaries, plan, later) if cache_dir is not None else None
    spent = spent or Spent()
    ahead = read_ahead(content, cache, workers, reading.keep if reading else None, lines=reading is None,
                       meanwhile=meanwhile, spent=spent)

    def read_event(folder: Path, site: Site, problems: Problems) -> Event | None:
        prepared = ahead.get(folder)
        if prepared is None:
            with spent.counting("reading"):
                if reading is not None and folder.name == reading.keep and not cache:
                    reading.kept = Kept()
                    return load_event(folder, site, problems, reading.kept)
                return (cache.read_event if cache else load_event)(folder, site, problems)
        problems.items.extend(prepared.loaded)
        if cache:
            cache.adopt(folder, site, prepared.loaded)
            if reading is None:  # kept as its line, as an event not read again is (EventCache.as_line)
                lined = cache.as_line(folder, site, prepared.result, prepared.loaded + prepared.scored)
                if lined is not prepared.result:
                    prepared.result, prepared.event = lined, lined.event
        if reading is not None and prepared.kept is not None:
            reading.kept = prepared.kept
        return prepared.event

    def read_and_keep(folder: Path, site: Site, problems: Problems) -> Event | None:
        if not reading.events:
            reading.site_found = list(problems.items)
        before = len(problems.items)
        event = read_event(folder, site, problems)
        reading.events.append((folder, event, problems.items[before:]))
        return event

    site = load_site(content, problems, read_event if reading is None else read_and_keep)
    results: list[EventResult] = []
    if reading is not None:
        reading.site, reading.strict = site, strict
        if not reading.events:
            reading.site_found = list(problems.items)
    if site is not None:
        has_errors_in = _ErrorsIn(problems)
        for event in site.events:
            if has_errors_in(event.folder) and event.has_stages and reading is None:
                withdrawals_said(event, problems)
            if has_errors_in(event.folder) or not event.has_stages:
                continue
            known = cache.result_of(event) if cache else None
            before = len(problems.items)
            if known is not None:
                results.append(known)
            else:
                prepared = ahead.get(event.folder)
                if prepared is not None and prepared.result is not None:
                    problems.items.extend(prepared.scored)
                    results.append(prepared.result)
                    if cache:
                        cache.remember(event, prepared.result, prepared.loaded + prepared.scored)
                else:
                    prepared = None  # scored here after all: the worker's payload has no result
                    with spent.counting("scoring"):
                        results.append(run_event(event, problems))
                if cache and prepared is None:  # a worker's event was kept by the worker
                    with spent.counting("keeping"):
                        cache.save(event, results[-1], problems.items[before:], site)
            if reading is not None:
                reading.scored[event.folder] = (results[-1], problems.items[before:])
    failing = problems.errors + (problems.warnings if strict else [])
    if site is None or failing:
        raise ContentErrors(problems.sorted())
    if cache is not None and summaries:  # a build's: every event of the site has its key now
        cache.save_ledger()
        cache.prune(EVENT_CACHE_DAYS)
    return site, results, problems.warnings


class _ErrorsIn:
    """Whether any error found so far is in an event's folder: the errors are looked for among
    the problems once, as they come (2,000 events' warnings were looked through again for each
    event)."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.seen = 0
        self.files: list[Path] = []

    def __call__(self, folder: Path) -> bool:
        items = self.problems.items
        self.files.extend(p.mark.file for p in items[self.seen:] if not p.warning)
        self.seen = len(items)
        return any(file.is_relative_to(folder) for file in self.files)


def _first_written(event_file: Path, chars: set[str]) -> Mark:
    """Where the first of `chars` is typed in the event's files: the place to fix; the event.yaml
    itself when it is nowhere to be found. The event.yaml first, then its other YAML files, then
    the rest (a notice, a sheet); never an import's record of what it wrote (entries.imported.json,
    results.imported.json: "leave it as it is"), which holds the same names as the YAML and came
    first by name before entries.yaml; never a link (content received can carry one to /dev/zero),
    nor more of a file than the build reads of content (snapshot.read's limit)."""
    folder = event_file.parent

    def rank(path: Path) -> tuple[int, str]:
        return (0 if path == event_file else 1 if path.suffix in (".yaml", ".yml") else 2, str(path))

    found = (p for p in folder.rglob("*") if not p.is_symlink() and p.is_file() and not p.name.endswith(".imported.json"))
    for path in sorted({event_file, *found}, key=rank):
        try:
            text = snapshot.read(path).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for line_number, line in enumerate(text.splitlines(), start=1):
            column = next((i for i, c in enumerate(line) if c in chars), None)
            if column is not None:
                return Mark(path, line_number, column + 1)
    return Mark(event_file)


def keep_redraws(root: Path | None) -> None:
    """The stale-draw check's draws kept in `root`'s `draws` folder (tournament/redraws.py),
    `root` a cache folder found to be the user's own (caches.unsafe); None: in this process only."""
    from generator.tournament import redraws

    redraws.keep_in(root / "draws" if root is not None else None)


def keep_redraws_beside(output: Path) -> None:
    """The draws kept where a build into `output` keeps them (keep_redraws), for a command that
    builds nothing itself (`check`, `pair`, the desk's own reading of its event): when a build has
    made that cache folder and it is the user's own (caches.unsafe). Such a command makes no cache
    folder of its own: else they are kept for its own run only."""
    root = default_cache_dir(output).parent
    keep_redraws(root if root.is_dir() and caches.unsafe(root) is None else None)


def default_cache_dir(output: Path) -> Path:
    """PAIBANG_CACHE if set (tests share one), else .paibang-cache beside output/."""
    configured = os.environ.get("PAIBANG_CACHE")
    return Path(configured) if configured else output.resolve().parent / ".paibang-cache" / "pdf"


# The names paibang gives the files of the cache folder beside output/ (default_cache_dir's
# parent), and no others: the record of each output/'s last build (_record_name) with its side
# files, an older paibang's record, the code's digest (render/incremental.py's code_digest: code.json),
# and the temporaries they are written as
# (seals.write_sealed_named: `<prefix>.tmp-<pid>-<thread>`). Its `events` and `pdf` folders hold
# what the event cache and the PDF cache name theirs (their own pruning deletes nothing else).
_RECORD_FILE = re.compile(r"site-[0-9a-f]{16}\.(?:record(?:\.[a-z-]+-[0-9a-f]{24}|\.aside|\.next|\.older)?|json|warnings\.sealed"
                          r"|record(?:\.[a-z-]+)?\.tmp-[0-9]+-[0-9]+)|code\.json(?:\.tmp-[0-9]+-[0-9]+)?")
# The folders paibang keeps in it: the event cache's, the PDF cache's and the stale-draw
# check's draws (tournament/redraws.py).
CACHE_FOLDERS = ("events", "pdf", "draws")


def clear_cache(root: Path) -> tuple[bool, list[str], list[str]]:
    """`paibang clean`: the files of the cache folder `root` that paibang names as its own (see
    _RECORD_FILE; regular files, never a link), then its `events` and `pdf` folders and `root`
    itself if that left them empty. Whether `root` went, the names of what was left in it,
    someone else's: a folder called `.paibang-cache` is not paibang's for its name alone; and
    the names of paibang's own files or folders it could not remove or read (no permission, a
    file in use), said apart, since they are not someone else's: clean ends saying what it left,
    never in a traceback."""
    from generator import event_cache
    from generator.render import pdf
    from generator.tournament import redraws

    ours = {"": _RECORD_FILE.fullmatch,
            "events": event_cache.is_own_file,
            "pdf": lambda name: pdf._CACHED_PDF.fullmatch(name) or pdf._TEMPORARY.fullmatch(name),
            "draws": redraws.is_own_file}
    left: list[str] = []
    stuck: list[str] = []
    for folder, named in (*((name, ours[name]) for name in CACHE_FOLDERS), ("", ours[""])):
        where = root / folder if folder else root
        try:
            with os.scandir(where) as found:
                items = list(found)
        except FileNotFoundError:
            continue
        except NotADirectoryError:
            left.append(folder)
            continue
        except OSError:  # (a folder it may not read: left whole)
            stuck.append(folder or ".")
            continue
        for item in items:
            if not folder and item.name in CACHE_FOLDERS and item.is_dir(follow_symlinks=False):
                continue  # gone through on their own, emptied or not
            # A link under one of paibang's names is no file of the user's but one planted where
            # the cache keeps its own (a project received by git or zip): removed, the link alone
            # (unlink never follows it). A link under another name is left, as any file is.
            if named(item.name) and (item.is_file(follow_symlinks=False) or item.is_symlink()):
                try:
                    os.unlink(item.path)
                except FileNotFoundError:
                    pass
                except OSError:
                    stuck.append(f"{folder}/{item.name}" if folder else item.name)
            else:
                left.append(f"{folder}/{item.name}" if folder else item.name)
        if folder:
            with contextlib.suppress(OSError):
                os.rmdir(where)  # when emptied (else what is left in it was said)
    with contextlib.suppress(OSError):
        os.rmdir(root)
    return not os.path.lexists(root), left, stuck


Progress = Callable[[str, int, int], None]  # (what, done, total), for a terminal's progress line


def _path_key(output: Path) -> str:
    return hashlib.sha256(str(output.resolve()).encode()).hexdigest()[:16]


@contextmanager
def _no_cycle_collection(aged: bool = False) -> Iterator[None]:
    """A build makes millions of objects and keeps nearly all of them to the end: Python's cycle
    collector would walk the growing heap again and again for nothing (it took four fifths of
    the time to read 200 events from the cache). It is off for a build or a check; rendering freezes the
    heap before it forks its workers, which collect only their own objects. `aged`: what was
    made meanwhile is moved to the oldest generation before the collector is on again
    (_age_the_heap), not walked by the young collection that would follow at once."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if aged:
            _age_the_heap()
        if was_enabled:
            gc.enable()


def build(content: Path, output: Path, strict: bool = False, cache_dir: Path | None = None,
          progress: Progress | None = None, bulletins: bool = True, notify: Notify | None = None,
          memory: EventMemory | None = None) -> BuildReport:
    """Validate, then write the new files into a staging folder and put them in place: the whole
    site swapped for output/ in one step, or, when most of it is kept as the last build left it,
    only the new files, in place under a journal (render/output.py). PDFs are cached under `cache_dir` (default: .paibang-cache beside output/). Raises
    OutputRefused, before anything is touched, when output/ is not a folder paibang may replace.
    `notify` hears of things that are not content problems (a cache not used). `memory`: the
    events of the last build, kept by `paibang serve` between rebuilds (event_cache.EventMemory)."""
    from generator.render.incremental import one_reading
    from generator.render.output import output_lock

    notify = notify or _tell_stderr(content)
    # (one build of output/ at a time, whatever process runs it: serve's, the desk's, the user's)
    with output_lock(output, notify), _no_cycle_collection(), one_reading(), \
            tempfile.TemporaryDirectory(prefix="paibang-cache-") as spare:
        report = _build(content, output, strict, cache_dir, progress, bulletins, notify, Path(spare), memory)
        if memory is None:
            _age_the_heap()
        else:  # the files gone or changed since they were kept are not kept for the next build
            memory.files.sweep()
        return report


def build_event_first(content: Path, output: Path, folder: Path, site: Site,
                      results: list[EventResult | EventSummary], memory: EventMemory, cache_dir: Path | None = None,
                      bulletins: bool = True, notify: Notify | None = None,
                      afterwards: list[Callable[[], None]] | None = None) -> list[str] | None:
    """`paibang serve`'s first step after files of one event's folder were saved, before the
    whole rebuild (`build`, which follows it): that event alone read and scored, the other
    events, site.yaml and who is who taken as the last build left them (its report's `site`
    and `results`, and its record of output/), its own pages rendered
    and put into output/ in place (render/output.py's journal: the old files or the new, never a
    part), so that the open page shows the new result without waiting for the indexes, player
    pages, search and sitemap. Returns the files put in place, or None when the step is left to
    the whole rebuild, which is whenever it could publish what that build would not:
    - the event new to the last build, or no record of output/ as the last build left it (in
      `memory`: another build of output/ since wrote its own), or the event not in it;
    - any error in the event (the whole rebuild shows it), or no stage to show;
    - its slug, title, locale, game, dates or names (entries, players, officials: who is who)
      not as the last build read them: the indexes and the player pages show those;
    - a bulletin it would link to not in output/ yet, or not printable (a missing glyph);
    - its pages not the very files the record of output/ lists for it (a page added or gone).
    The record is looked at first: without it, the event is not read at all.
    What the step takes from the archive, it takes for the event alone, so that its cost is the
    event's whatever the archive's size: the event's part of the record (its bucket's file),
    and who is who in the event, from the record as the last build matched it (its names are
    the same: then so is everyone it seats), not every person of the site (PeopleInOneEvent).
    A good reading of the event is handed over to the whole rebuild, which takes it from
    `memory` rather than reading and scoring the event again (_hand_over); and its reading is
    kept there, file by file, for the next save's step, which parses only the files changed
    since and scores again only the tables it must (_read_event).
    Its entries' pages are left to the whole rebuild too (render_event_alone: half its
    rendering). The record is left as it is: the files of the event's part written here include
    the first it lists (the event's page), which is then not as recorded, so that the next build,
    this one's follow-up or any later one (after serve was killed in between), renders the whole
    part again whatever its key (PreviousBuild.reuse looks at a kept part's first file; a build
    that finds nothing else changed, at every file).
    `afterwards`: what is left to do once the new pages are shown, added to it (the journal's
    backup and the staging folder removed: render/output.py's apply_in_place); without it, done
    before this returns."""
    from generator.render.output import OutputRefused, output_lock

    before = next((r for r in results if r.event.folder.name == folder.name), None)
    if before is None:
        return None
    was = before.event
    # The record of output/ first, as the last build left it (who is who with it: the build that
    # made `results` matched and recorded it): without it, the event need not be read at all.
    cache_dir = cache_dir or default_cache_dir(output)
    if not memory.files.holds(cache_dir.parent / _record_name(output)):
        return None
    # Another build of output/ at work (`paibang build` while serve runs): the step is left to
    # the whole rebuild, which waits for it (output_lock), not put in place meanwhile.
    with contextlib.ExitStack() as held:
        try:
            held.enter_context(output_lock(output, wait=0))
        except OutputRefused:
            return None
        return _event_first(content, output, before, was, cache_dir, site, memory, bulletins, notify, afterwards)


def _event_first(content: Path, output: Path, before: EventResult | EventSummary, was: Event, cache_dir: Path,
                 site: Site, memory: EventMemory, bulletins: bool, notify: Notify | None,
                 afterwards: list[Callable[[], None]] | None = None) -> list[str] | None:
    """build_event_first's step, output/ locked."""
    from generator.render.html import entry_url, render_event_alone
    from generator.render.incremental import one_reading
    from generator.render.output import OutputTree, discard, put_in_place, staging_dir
    from generator.render.players import PeopleInOneEvent
    from generator.tournament.event import ScoredTables, run_event
    from generator.tournament.summary import names_of

    previous = refuse_output(content, output, cache_dir, memory)
    if previous is None or not previous.data:
        return None
    recorded = previous.read_part(was.slug)
    known = previous.read_people()
    if recorded is None or known is None:
        return None
    # (aged: the event read and scored here is handed over to the whole rebuild, which follows at
    # once; a young collection walked it, and the pages' makings, before the new pages were shown)
    with _no_cycle_collection(aged=True), one_reading():
        problems = Problems()
        event, reading = _read_event(memory, was.folder, site, problems)
        if event is None or problems.errors or not event.has_stages:
            return None
        result = run_event(event, problems, ScoredTables(reading.result if reading is not None else None))
        if reading is not None:
            reading.result = result if not problems.errors else None
        if not problems.errors:
            _hand_over(memory, cache_dir.parent / "events", site, was.folder, event, result, problems.items)
        if problems.errors or ((event.slug, event.title, event.locale, event.game, event.dates, names_of(result))
                               != (was.slug, was.title, was.locale, was.game, was.dates, names_of(before))):
            return None
        links = []
        if bulletins:
            plans = bulletin_plan(result, site)
            locale = event.locale or site.locale
            try:
                _check_glyphs([(event, title, chars, locale) for _, title, _, _, chars in plans])
            except ContentErrors:
                return None
            if not all(os.path.isfile(output / "events" / event.slug / "bulletins" / f"{name}.pdf")
                       for name, *_ in plans):
                return None
            links = [bulletin_link(event, name, title, (output / "events" / event.slug / "bulletins" / f"{name}.pdf").stat().st_size)
                     for name, title, *_ in plans]
        staging = staging_dir(output, notify)  # (what it leaves beside output/ said as build says it)
        try:
            tree = OutputTree(staging)
            render_event_alone(site, result, links, tree, PeopleInOneEvent(known, event.slug), memory.rendering)
            entries = {entry_url(event, entry_id) for entry_id in event.entries}
            if (set(tree.written) | entries != set(recorded.files) or len(tree.written) + len(entries) != len(recorded.files)
                    or not any(first in tree.written for first, _ in recorded.first())):
                discard(staging)
                return None
            return tree.written if put_in_place(staging, output, tree.written, afterwards) else None
        except BaseException:
            discard(staging)
            raise


# The events whose reading serve's first step keeps: the last ones saved. The last one's tables
# are the very objects of the event `memory` keeps for the whole rebuild; an older one's may be
# an event's whole reading besides (a mass event's: its thousands of tables).
READINGS_KEPT = 2


@dataclass
class _Reading:
    """An event as serve's first step last read it, for the next save's: file by file
    (content/load.py's Kept), with what its reading of event.yaml rested on (_head_of) and the
    event as it scored (its tables' scores are taken again where they can be: ScoredTables)."""

    head: tuple[object, ...]
    kept: Kept
    result: EventResult | None = None


def _read_event(memory: EventMemory, folder: Path, site: Site, problems: Problems) -> tuple[Event | None, _Reading | None]:
    """The event read as load_event reads it, for serve's first step. The event's files but its
    results files (event.yaml, its notices, an entries file) are read again only when one of
    them changed since the last save's step (or the site's root or private keys, or the
    code): else their reading is taken as it was, and of its results files only those whose
    bytes changed are parsed again (content/load.py's load_event_again); every problem is found
    as before, in the same order. Six of the seven rounds' files of an event, and event.yaml,
    were most of the step's reading."""
    from generator.content.load import Kept, load_event, load_event_again

    found = memory.readings.pop(folder, None)  # (put back last: the last saved is kept longest)
    if found is not None and found.kept.event is not None and found.head == _head_of(site, found.kept):
        event = load_event_again(found.kept, site, problems)
    else:
        found = _Reading((), Kept())
        event = load_event(folder, site, problems, found.kept)
        if found.kept.event is None:  # stopped before its results: nothing to take again
            return event, None
        found.head = _head_of(site, found.kept)
    memory.readings[folder] = found
    while len(memory.readings) > READINGS_KEPT:
        del memory.readings[next(iter(memory.readings))]
    return event, found


def _head_of(site: Site, kept: Kept) -> tuple[object, ...]:
    """What reading an event's event.yaml rests on: the code, and what the desk's kept reading
    rests on too (content/load.py's kept_rests_on: the site's root and private keys, the files
    read for it by where they lead and their bytes as this build reads them)."""
    from generator.content.load import kept_rests_on
    from generator.render.incremental import code_digest

    return code_digest(), *kept_rests_on(site, kept)


def _hand_over(memory: EventMemory, events_cache: Path, site: Site, folder: Path, event: Event, result: EventResult,
               found: list[ContentError]) -> None:
    """The event as serve's first step read and scored it, kept in `memory` by its key in the
    event cache (its folder's files as read, site.yaml, the code: EventCache._key), for the
    whole rebuild that follows: that build takes it from there (EventCache.read_event) instead
    of reading and scoring it again, unless a file of it changed in between (another key).
    Only while site.yaml and the code are as the last build read them: the event was read with
    that build's site. The build keeps it in memory whole (not its summary) and does not write
    it into the event cache on disk: a later build without serve's memory reads it again."""
    from generator.event_cache import EventCache

    last = memory.keys.get(folder)  # (what the last build's key of the folder was made of, the key)
    key = EventCache(events_cache, memory)._key(folder, site)
    # What a key is made of (EventCache._key): the code's digest first, site.yaml's bytes last,
    # and between them the folder, its name and its files' digest, which are this step's to
    # change; the code and site.yaml are not.
    made_of = memory.keys[folder][0]
    if last is not None and (last[0][0], last[0][-1]) == (made_of[0], made_of[-1]):
        memory.put(key, event, result, found)


def _age_the_heap() -> None:
    """Every object the build made, moved to the collector's oldest generation before it is
    switched on again: else its first young collection walks them all (the whole archive read
    back from the cache: 1.6 s of a 5.6 s rebuild of 400 events, most of the figure that grew
    with the archive), to free the few cycles rendering left. Those are freed by a later full
    collection instead, when the process has not ended first. `serve` (which keeps `memory`
    and lives on) collects them at once, as before, but for its first step after a save's
    (build_event_first), which the whole rebuild follows at once."""
    gc.freeze()
    gc.unfreeze()


# What reading, scoring and rendering import (see the note at the top), in the order they import
# themselves, a few tens of milliseconds each at most: in a large archive, imported while the
# other core looks at every event folder (build_inputs). The last one stands for them all.
RENDERING = ("jinja2", "markdown", "nh3", "generator.content.model", "generator.content.yaml_loader", "generator.games",
             "generator.render.fast_jinja", "generator.render.feed", "generator.render.players",
             "generator.render.search", "generator.tournament.pairing", "generator.render.html",
             "generator.render.pdf", "generator.content.load", "generator.tournament.event")


def _import_rendering(looked: Callable[[], bool]) -> None:
    """RENDERING imported one by one, until the folders have been `looked` at. A build that
    changed a results file of a 2,000-event archive no longer looks at half of them itself;
    one that then finds nothing changed (it needs none of these) has imported them meanwhile
    instead of looking, and waits for one module at most beyond the look."""
    for name in RENDERING:
        if looked():
            return
        importlib.import_module(name)


PDF_BATCH = 100  # bulletins printed (or read from the cache) and written at a time
EVENT_CACHE_DAYS = 30  # an event's reading no build has used for so long is forgotten (EventCache.prune)


Notify = Callable[[str, dict[str, object]], None]  # (words' key in commands/console.py, parameters)


def _tell_stderr(content: Path) -> Notify:
    def tell(key: str, params: dict[str, object]) -> None:
        from generator.commands.console import site_locale, terminal

        terminal(catalogues.text(key, site_locale(content), **params), error=True)
    return tell


def _usable_cache(cache_dir: Path, notify: Notify, spare: Path) -> Path:
    """`cache_dir` when its folder is the user's own and closed to others; else a private
    temporary one for this build (see generator/caches.py)."""
    root = cache_dir.parent
    why = caches.unsafe(root)
    if why is None:
        try:
            os.makedirs(root, mode=0o700, exist_ok=True)
        except OSError as exc:
            why = catalogues.word("cache_unsafe_error", path=root, error=system_reason(exc))  # (in the site's words)
        else:
            why = caches.unsafe(root)  # made by someone else in between: checked once it exists
    if why is None:
        return cache_dir
    notify("cache_ignored", {"path": root, "why": why})
    return spare / "pdf"


def refuse_output(content: Path, output: Path, cache_dir: Path | None = None,
                  memory: EventMemory | None = None) -> PreviousBuild | None:
    """Raise OutputRefused, before anything is touched, when `output` is not a folder paibang may
    replace (render/output.py); `build` and `serve` ask the same way. Returns the last build's
    record of `output` when the cache holding it is the user's own (else None: not trusted), the
    files it names beside it not read yet (PreviousBuild.read_parts); with `memory` (serve's),
    the record as the last build left it, when it still is (EventMemory.files)."""
    from generator.render.incremental import PreviousBuild
    from generator.render.output import check_output

    cache_dir = cache_dir or default_cache_dir(output)
    previous = (PreviousBuild(output, cache_dir.parent / _record_name(output), parts=False,
                              files=memory.files if memory is not None else None)
                if caches.unsafe(cache_dir.parent) is None else None)
    check_output(output, content, recorded=bool(previous and previous.data))
    return previous


def roll_back_first(output: Path, notify: Notify | None = None, cache_dir: Path | None = None,
                    older: list[str] | None = None) -> bool:
    """Roll back what builds killed mid-journal left (render/output.py's roll_back_journals) and
    put back the record such a build set aside, before the record is read (a build's, output/
    locked; `paibang clean`'s; the desk's start); the record of a new site a build killed about
    its swap wrote made the record if that site is in output/, else dropped (PreviousBuild.
    settle_waiting). True when the record was put back or made. `older`: the paths where an
    older paibang's build, killed, may have left its new pages (roll_back_journals')."""
    from generator.render.incremental import PreviousBuild
    from generator.render.output import journals_left, recover_leftovers, roll_back_journals

    cache = (cache_dir or default_cache_dir(output)).parent
    record = cache / _record_name(output)
    safe = caches.unsafe(cache) is None
    # (a build killed about its swap, or about its journal's commit: the record of the new site
    # made the record if that site is in output/, the journal gone; asked before any is rolled back)
    settled = safe and PreviousBuild.settle_waiting(output, record)
    if not safe and journals_left(output.resolve()):  # (else made the record of the site rolled back)
        PreviousBuild.drop_rolled_back(record)
    left: list[str] = []
    roll_back_journals(output.resolve(), notify, older=left)
    if not safe:
        if older is not None:
            older.extend(left)
        return False
    # Kept beside the record for the builds that follow until one records the site (a build
    # refused meanwhile, or a roll-back by clean or the desk's start, another process's).
    if left:
        PreviousBuild.note_older(record, left)
    if older is not None:
        older.extend(PreviousBuild.older_left(record))
    # What killed builds left beside output/ tidied now, not only by a build that writes (its
    # staging_dir, which says what it leaves alone): a build killed after its commit or swap
    # leaves a site with its record, and the next one may find nothing changed and touch
    # nothing; the site moved aside by one killed between its two renames is put back (the
    # desk's start published no site until its first build).
    if output.resolve().parent.is_dir():
        recover_leftovers(output.resolve())
    # Asked too when nothing was rolled back now: a journal rolled back while the cache was not
    # the user's own (drop_rolled_back above) left the record aside, none in its place, output/
    # the site it describes. (A build killed after its commit has the record it waited with,
    # settled above: the record there, none is put back over it.)
    return PreviousBuild.put_aside_back(output, record) or settled


def roll_back_at_start(output: Path, notify: Notify | None = None) -> None:
    """`paibang desk`'s start: what a build of output/ killed mid-journal or about its swap left
    undone first (roll_back_first), output/ locked, as a build and `paibang clean` do. The desk
    builds only after a save: until then the site published from output/ stayed a mix of two
    builds' pages. A build of output/ at work (the lock taken) does it itself: not waited for."""
    from generator.render.output import OutputRefused, output_lock

    with contextlib.suppress(OutputRefused), output_lock(output, wait=0):
        roll_back_first(output, notify)


def site_written(output: Path) -> frozenset[str] | None:
    """The files the last build wrote into `output`, as its record names them (PreviousBuild.
    wrote); None without a record of it in a cache of the user's own (`paibang clean`)."""
    from generator.render.incremental import PreviousBuild

    cache = default_cache_dir(output).parent
    if caches.unsafe(cache) is not None:
        return None
    return PreviousBuild(output, cache / _record_name(output)).wrote()


def _say_unproven(previous: PreviousBuild, output: Path, notify: Notify) -> list[str]:
    """What the record names as kept by a build without one (PreviousBuild.unproven) and is
    still in output/, said to `notify` (output_unproven): paibang cannot tell whether they are
    old pages of its own, so it never removes them, and says so until the user has."""
    from generator.render.output import listed, still_there

    found = still_there(output, previous.unproven) if os.path.isdir(output) else []
    if found:
        notify("output_unproven", {"path": output, "count": len(found), "paths": listed(found)})
    return found


def site_unproven(output: Path) -> list[str]:
    """`paibang clean`: what the record of `output` names as kept, unproven, and is still
    there (_say_unproven), or [] without a record in a cache of the user's own."""
    from generator.render.incremental import PreviousBuild
    from generator.render.output import still_there

    cache = default_cache_dir(output).parent
    if caches.unsafe(cache) is not None or not os.path.isdir(output):
        return []
    return still_there(output, PreviousBuild(output, cache / _record_name(output)).unproven)


def _record_name(output: Path) -> str:
    return f"site-{_path_key(output)}.record"


def _build(content: Path, output: Path, strict: bool, cache_dir: Path | None, progress: Progress | None,
           bulletins: bool, notify: Notify, spare: Path, memory: EventMemory | None = None) -> BuildReport:
    tell = progress or (lambda what, done, total: None)
    from generator.render.incremental import Folders, Outcome, PreviousBuild, build_inputs, keep_code_digest_in

    cache_dir = cache_dir or default_cache_dir(output)
    previous = refuse_output(content, output, cache_dir, memory)  # nothing is touched before this
    older: list[str] = []  # (an older paibang's build killed mid-journal: perhaps its pages, perhaps yours)
    if roll_back_first(output, notify, cache_dir, older):  # (a build killed mid-journal: its record back)
        previous = refuse_output(content, output, cache_dir, memory)
    usable = _usable_cache(cache_dir, notify, spare)
    caches.spill_in(usable.parent)  # what the build writes aside to keep its heap small: on disk
    keep_redraws(usable.parent)
    lasting = usable == cache_dir  # else the private spare one, gone with this build
    keep_code_digest_in(usable.parent if lasting else None)
    if previous is None or not lasting:
        cache_dir, previous = usable, PreviousBuild(output, usable.parent / _record_name(output), parts=False)
    folders = Folders()  # the event folders' stats, for the next build

    def meanwhile(looked: Callable[[], bool]) -> None:  # while the other core looks at a large archive's folders
        previous.read_parts()
        _import_rendering(looked)

    # Kept by a build without a record (render/output.py's unproven_of) and still in output/:
    # named by every build, an up-to-date one too, until they are gone (before output/ changes:
    # a page of this build's where one was is paibang's, not one of them).
    unproven = _say_unproven(previous, output, notify)
    inputs = build_inputs(content, strict, bulletins, known=previous.folders, found=folders,
                          meanwhile=None if RENDERING[-1] in sys.modules else meanwhile)
    previous.read_parts()  # (read above, where the other core looked)
    known = previous.unchanged(inputs)
    if known is not None and known.locale and not (strict and known.warnings):
        site, results = _read_for_serve(content, strict, cache_dir, bulletins, memory)
        return BuildReport(site, results, known.warnings, known.pages, known.pdfs, 0, 0, known.events, True, known.locale)
    clock = _Clock()
    folders.set_aside()  # recorded last: out of the heap meanwhile
    # The events come back as their lines (or summaries), but for those read and scored in this
    # process: each one's whole result is read back from the event cache only where its pages are
    # rendered or one of its bulletins is printed (WholeResults).
    events_cache = cache_dir.parent / "events"
    # The events read and scored here (not by forked readers: a lone event, a mass event) are
    # kept in the event cache while the render workers run (`keep_read`), not before they start.
    later: list[Callable[[], None]] = []
    # Rendering's modules imported only now (see the note at the top), while the readers read:
    # they need none of them (0.05 s with the other core idle, at 200 events). The readers
    # plan the bulletins with them: a build that prints them imports them before (and the
    # bulletins' own module, which each reader imported for itself).
    imports = partial(_import_rendering, lambda: False)
    if bulletins:
        imports()
        importlib.import_module("generator.render.bulletins")
    spent = Spent()
    site, results, warnings = _read_as_built(content, strict, events_cache, bulletins, memory, later, imports, spent)
    from generator.render.html import render_site
    from generator.render.output import OutputTree, discard, place_site, staging_dir
    from generator.render.pdf import PrintJob, print_pdfs, printing_key, prune_cache

    whole = WholeResults(EventCache(events_cache, memory), site)
    # The events' files are read and scored (or their events taken from the event cache): their
    # bytes are let go, but for what rendering reads again (notices; site.yaml: site_digest).
    site_file = os.path.abspath(site.root / "site.yaml")
    snapshot.let_go(keep=lambda path: path.lower().endswith(".md") or path == site_file)
    clock.lap("reading and scoring")
    own = clock.used["reading and scoring"] - spent.here
    spent_figures = {"reading": spent.reading, "scoring": spent.scoring, "keeping": spent.keeping, "other": max(0.0, own)}
    tell("events", len(results), len(results))

    # Every bulletin as (event's result, its plan: render/pdf.py's `planned`), from its summary,
    # and its printing key with the fonts and WeasyPrint installed now.
    planned = [(result, plan) for result in results for plan in (_plan_of(result, whole) if bulletins else [])]
    keys = [printing_key(scripts, digest) for _, (_, _, scripts, digest, _) in planned]
    # A PDF already in output/ as the last build wrote it, from the same printing job, stays
    # there: it is neither read from the cache nor written again.
    paths = [f"events/{result.event.slug}/bulletins/{name}.pdf" for result, (name, *_) in planned]
    kept = [previous.kept_pdf(path, key) for path, key in zip(paths, keys)]
    # Every bulletin to print is known before anything is printed: check that it can be printed
    # at all. One found in the PDF cache was printed, and so checked, before.
    to_print = [i for i, stamp in enumerate(kept) if stamp is None]
    unprinted = []  # (event, title, characters, locale) of each bulletin not in the PDF cache
    for i in to_print:
        result, (_, title, _, _, chars) = planned[i]
        if not (cache_dir / f"{keys[i]}.pdf").is_file():
            unprinted.append((result.event, title, chars, result.event.locale or site.locale))
    _check_glyphs(unprinted)

    staging = staging_dir(output, notify)
    try:
        tree = OutputTree(staging)
        # Printed (or read from the PDF cache) and written a batch at a time: the build holds
        # PDF_BATCH documents in memory, not the archive's.
        printed = 0
        sizes = {}  # each PDF's size in bytes, which its link on the event's page says
        for start in range(0, len(to_print), PDF_BATCH):
            batch = to_print[start:start + PDF_BATCH]
            jobs = []
            for i in batch:
                result, (name, *_) = planned[i]
                jobs.append(PrintJob(partial(whole.html, result, name), keys[i]))
            pdfs, count = print_pdfs(jobs, cache_dir,
                                     done=lambda n, total, start=start: tell("pdfs", start + n, len(to_print)),
                                     lasting=lasting)
            printed += count
            for i, pdf in zip(batch, pdfs):
                tree.write_bytes(paths[i], pdf)
                sizes[i] = len(pdf)
            del pdfs, jobs
        prune_cache(cache_dir)
        clock.lap("printing")
        links: dict[str, list[tuple[str, str, int]]] = {}
        for i, ((result, (name, title, *_)), path, stamp) in enumerate(zip(planned, paths, kept)):
            if stamp is not None:
                tree.keep(path, stamp)
            size = sizes[i] if i in sizes else stamp[0]  # (kept: its stamp is its size and time)
            links.setdefault(result.event.slug, []).append(bulletin_link(result.event, name, title, size))
        keep_read = partial(_call_all, later)
        made = render_site(site, results, links, tree, previous, whole=whole,
                           kept=memory.rendering if memory is not None else None, meanwhile=keep_read)
        keep_read()  # (called by render_site already, unless it had nothing to render)
        clock.lap("rendering")
        pages = (sum(1 for path in tree.written if path.endswith(".html"))
                 + sum(part.html_count for part in (*tree.kept_parts, *tree.rendered_parts)))
        tell("pages", pages, 0)
        gone = previous.gone(made, tree)
        # (what the last build wrote, as its record names it: every other file in output/ is
        # someone else's, kept as it is; without a record, all the new site does not write)
        # The record of the new site is written before output/ changes, to wait for the change
        # to be made (a whole site's swap: `record`, place_site's `recording`; in place, its
        # journal's commit: `changing`, then previous.commit), the last build's the record until
        # then: a build killed at any moment leaves a site and its own record, and a build
        # refused (output_clash) leaves the record as it was.
        def record(pending: Path | None = None, in_place: bool = False) -> None:
            dropped = {id(pages) for pages in tree.dropped}  # found changed in output/ while linked:
            recorded = {part: pages for part, pages in made.items() if id(pages) not in dropped}  # rendered next time
            # A file left out when linked is not in output/: recorded without what the build was made
            # from, so that the next build renders it again instead of finding nothing changed.
            previous.save(recorded, tree, None if tree.incomplete else inputs,
                          Outcome(pages, len(planned), len(results), warnings, site.locale), dict(zip(paths, keys)),
                          folders, unproven=tree.unproven or unproven,  # (a build without a record: what it kept, said once)
                          pending=pending, in_place=in_place)

        def changing() -> None:  # in place, once the journal is named (apply_in_place)
            previous.forget()
            record(staging, in_place=True)  # (waiting for the journal's commit: previous.commit)

        try:
            in_place = place_site(staging, output, tree, gone, lambda whole: previous.wrote(None if whole else made),
                                  notify, changing=changing, recorded_marker=previous.data.get("marker"),
                                  recording=record, older=older, committed=previous.commit,
                                  committing=previous.about_to_commit, waiting=previous.waiting_record,
                                  left_before=previous.left)
        except BaseException:
            previous.settle()  # (the new site's record, if it went in before the failure)
            if not previous.saved:
                previous.put_back()  # (failed with output/ as it was: its record back)
            raise
        if not in_place:
            previous.settle()
        elif not previous.saved:  # (recorded at its commit: previous.commit)
            record()
        dropped = {id(pages) for pages in tree.dropped}
        made = {part: pages for part, pages in made.items() if id(pages) not in dropped}
        fresh = tree.fresh()  # the files written anew (not kept from the last site), once recorded
        clock.lap("writing")
    except BaseException:
        discard(staging)
        raise
    rendered = sum(1 for slug, pages in made.items() if "/" not in slug  # events, not player pages
                   and (slug not in previous.events or previous.events[slug].key != pages.key))
    return BuildReport(site, results, warnings, pages, len(planned), printed, rendered, len(results), locale=site.locale,
                       written=fresh, in_place=in_place, seconds=clock.laps, ended=clock.ended, spent=spent_figures,
                       processor={part: (clock.used[part], clock.children[part]) for part in clock.laps})


def _read_as_built(content: Path, strict: bool, events_cache: Path, bulletins: bool, memory: EventMemory | None,
                   later: list[Callable[[], None]] | None = None, meanwhile: Callable[[], object] | None = None,
                   spent: Spent | None = None) -> tuple[Site, list[EventResult | EventSummary], list[ContentError]]:
    """validate as a build reads the site: events from the event cache as their lines (or
    summaries), their bulletins planned with them when the build prints them. `later`,
    `meanwhile`, `spent`: see validate."""
    return validate(content, strict, events_cache, memory=memory, summaries=True,
                    plan=bulletin_plan if bulletins else None, later=later, meanwhile=meanwhile, spent=spent)


def _call_all(calls: list[Callable[[], None]]) -> None:
    """Each of `calls`, once: the list is emptied as they are made."""
    while calls:
        calls.pop(0)()


def _read_for_serve(content: Path, strict: bool, cache_dir: Path, bulletins: bool, memory: EventMemory | None,
                    ) -> tuple[Site | None, list[EventResult | EventSummary]]:
    """The site and its events as the record of output/ was made from them, for `paibang serve`'s
    first build, when it finds output/ up to date: (None, []) for any other build, which needs
    nothing read. serve's first step after a save takes the other events and who is who from the
    last build's site and results (build_event_first): without them, the first save after serve
    started took the whole rebuild only. Read as a build reads them (from the event cache, each
    event as its line: a 2,000-event archive's in a fraction of a rebuild), and kept in `memory`
    with the record, which the build has just read there."""
    if memory is None or memory.events:  # (events in memory: not serve's first build)
        return None, []
    try:
        site, results, _ = _read_as_built(content, strict, cache_dir.parent / "events", bulletins, memory)
    except ContentErrors:  # changed since it was looked at: the next save rebuilds, and says so
        return None, []
    return site, results


def bulletin_link(event: Event, name: str, title: str, size: int) -> tuple[str, str, int]:
    """The link to a bulletin on its event's page: (label, href, its size in bytes: the link
    says it is a PDF and how large, for a member on a phone's data)."""
    # On the event's own page its title need not be repeated in every link.
    return title.removeprefix(event.title).strip(" :：") or title, f"bulletins/{name}.pdf", size


def bulletin_plan(result: EventResult, site: Site) -> list[Planned]:
    """The event's bulletins as a build keeps them in its summary (render/pdf.py's `planned`)."""
    from generator.render.bulletins import bulletins_for
    from generator.render.html import content_locale_of
    from generator.render.pdf import planned

    locale = result.event.locale or site.locale
    content = content_locale_of(site)
    return [planned(bulletin, locale, content) for bulletin in bulletins_for(result, locale, site.base_url)]


def _plan_of(result: EventResult | EventSummary, whole: WholeResults) -> list[Planned]:
    from generator.tournament.summary import is_summary

    if is_summary(result) and result.bulletins is not None:
        return result.bulletins
    return bulletin_plan(whole(result), whole.site)


class WholeResults:
    """Each event's whole result, where a build renders its pages or prints one of its bulletins:
    the result itself when the build read the event, else read back from the event cache (and,
    when it has gone from there since, read and scored again, and kept there again)."""

    def __init__(self, cache: EventCache, site: Site) -> None:
        self.cache = cache
        self.site = site
        self._bulletins: tuple[str, dict[str, tuple[Bulletin, str]]] = ("", {})  # the last event's

    def __call__(self, result: EventResult | EventSummary) -> EventResult:
        from generator.tournament.summary import is_summary

        if not is_summary(result):
            return result
        found = self.cache.full(result.event.folder, self.site)
        if found is None:
            event, found, warnings = read_again(result.event.folder, self.site)
            self.cache.keep_whole(event, found, warnings)
        return found

    def html(self, result: EventResult | EventSummary, name: str) -> str | Printed:
        """The HTML of the event's bulletin `name`, to print (a long form's in parts: pdf.py's
        bulletin_parts). Bulletins are printed event by event: one event's are made at a time."""
        from generator.render.bulletins import bulletins_for
        from generator.render.html import content_locale_of
        from generator.render.pdf import bulletin_parts

        slug = result.event.slug
        if self._bulletins[0] != slug:
            found = self(result)
            locale = found.event.locale or self.site.locale
            self._bulletins = (slug, {b.name: (b, locale) for b in bulletins_for(found, locale, self.site.base_url)})
        bulletin, locale = self._bulletins[1][name]
        return bulletin_parts(bulletin, locale, content_locale_of(self.site))


def _check_glyphs(to_print: list[tuple[Event, str, str, str]]) -> None:
    """Every bulletin about to be printed can be printed: each of its characters is in the
    bundled fonts (a name in a rare character would print as a box). One refusal per event,
    naming the characters and the bulletins that hold them. `to_print`: (event, bulletin title,
    the characters it prints, locale), as its plan keeps them (render/pdf.py's `planned`)."""
    from generator.render.pdf import missing_glyphs

    missing: dict[Path, dict[str, list[str]]] = {}  # event.yaml -> character -> bulletin titles
    for event, title, chars, locale in to_print:
        for char in missing_glyphs(chars, locale):
            missing.setdefault(event.folder / "event.yaml", {}).setdefault(char, []).append(title)
    problems = Problems()
    for event_file, chars in missing.items():
        titles = sorted({title for found in chars.values() for title in found})
        problems.add("bulletin-missing-glyph", _first_written(event_file, set(chars)), bulletin="》《".join(titles),
                     chars=" ".join(f"{c} (U+{ord(c):04X})" for c in sorted(chars)))
    if problems.errors:
        raise ContentErrors(problems.sorted())


class _Clock:
    """Seconds spent in each part of a build, and when each ended, for the benchmarks (bench/site.py;
    bench/archive.py places its samples of the build's memory in the parts by when they ended: the
    system's monotonic clock, which another process reads alike). `used`: the processor seconds
    of the build's own process in each part (its forked workers' not included); `children`:
    those of the processes it forked and waited for during the part (os.times: the readers and
    the render workers are waited for in the part that forked them; 0 where the system does
    not count them, Windows)."""

    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self.ended: dict[str, float] = {}
        self.used: dict[str, float] = {}
        self.children: dict[str, float] = {}
        self._last, self._used, self._children = time.perf_counter(), time.process_time(), _children_time()

    def lap(self, what: str) -> None:
        now, used, children = time.perf_counter(), time.process_time(), _children_time()
        self.laps[what] = self.laps.get(what, 0.0) + now - self._last
        self.used[what] = self.used.get(what, 0.0) + used - self._used
        self.children[what] = self.children.get(what, 0.0) + children - self._children
        self.ended[what] = time.monotonic()
        self._last, self._used, self._children = now, used, children


def _children_time() -> float:
    """The processor seconds of this process's children it has waited for, so far."""
    found = os.times()
    return found.children_user + found.children_system
