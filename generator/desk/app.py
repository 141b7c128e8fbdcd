"""The results desk as a Starlette application (served by uvicorn, see commands/desk.py).

Who may do what (event-day.md, "The results desk"):
- the secretary: the admin link `/admin?k=<admin token>` sets an HttpOnly, SameSite=Strict
  cookie holding a session of this run of the desk (never the token: see Desk.start_session),
  sent only under a path of this run's (Desk.prefix, `/s/<random>/`), where the secretary's
  pages are: every table of every round (`/s/<random>/t/...`), any number of times; the score
  sheets with the tables' links; the round's clock;
- a table: `/t/<stage>/<round>/<table>?k=<its token>` reads and writes that table of that
  round only, once, and the whole match (not one room of it); any other table answers 403;
  a field the game keeps for the secretary (`EntryField.secretary`) is not on its form;
- everyone on the network: the standings view (`/standings`) and the hall's screen (`/screen`),
  which the public site would show anyway.

Tokens are compared with hmac.compare_digest; every form carries a CSRF token (an HMAC of the
holder's token under the desk's secret); requests are capped in size and rate. The access log
is off: table links carry their token and must never be written anywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import errno
import functools
import hashlib
import hmac
import json
import operator
import os
import re
import secrets
import shlex
import signal
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import anyio
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader, select_autoescape
from markupsafe import Markup
from ruamel.yaml.error import YAMLError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.middleware import Middleware
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware
from starlette.routing import Route

from generator import catalogues
from generator.collecting import collected_less
from generator.content.load import Kept, kept_rests_on, load_event, load_event_again, load_site, private_keys
from generator.content import snapshot
from generator.content.files import within
from generator.content.yaml_loader import load_yaml
from generator.desk import forms
from generator.desk.connections import STREAMS_PER_ADDRESS, stream_cap, stream_retry
from generator.desk.sheet_pages import SheetsChoice, sheets_paged
from generator.desk.store import (
    AUDIT_NAME, Corrections, Known, RoundEdit, Tokens, TokensUnwritable, UnsafeDeskFile, append_audit, audit_line, drop_comment_lines,
    loader_verdict, locked, match_digest, open_audit, plain, read_results, set_record, table_key, take_back_audit, text_digest,
    with_board_keys_kept, write_lock, write_results,
)
from generator.errors import ContentError, CouldNotFinish, Mark, Problems, system_reason
from generator.hosts import host_allowed
from generator.render.html import (content_locale_of, content_marks, rank_shown_in, round_entered_text, standing_metric_text,
                                   two_place_metrics)
from generator.render.i18n import Translator
from generator.render.incremental import event_files
from generator.render.problems import SCROLL_TO_VALUE, STYLE as PROBLEM_STYLE, problem_block
from generator.render.remarks import remark_texts
from generator.tournament.event import ScoredTables, drawn_after_withdrawal, run_event, withdrawn_sides
from generator.tournament.knockout import correction_drawn_after, table_names, undecided_drawn_after
from generator.tournament.pairing import drawn_sides, named_ids, no_table_word, withdrawn_undrawn
from generator.tournament.results import EventResult

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "desk"
COOKIE = "paibang_desk"  # and the desk's port: paibang_desk_8001 (Desk.cookie)
SESSION_SECONDS = 12 * 3600  # an event day; then the admin link again
MAX_SESSIONS = 64  # admin logins kept at once (each needs the admin token): the oldest go first
MAX_BODY = 64 * 1024  # a form of 60 boards in two rooms is under 8 KiB
RATE_WINDOW = 60.0  # seconds
RATE_POSTS = 240  # form posts a minute by one holder of a token (each live check while typing is one)
RATE_FAILURES = 30  # refused tokens a minute from one address, then 429 for its misses (a valid token still opens)
# When the desk stops during a site build: seconds it waits for the build to finish (a save's
# rebuild takes a few), then for it to end once told to stop (SIGTERM: it puts output/ back)
BUILD_FINISH_SECONDS = 15.0
BUILD_STOP_SECONDS = 15.0
# How often the admin page asks for its site line (site_state) again, without a reload: a
# rebuild's start and end, a failure, are the secretary's to see as they happen. Asked of the
# secretary's own address (admin/site-state), never told on the public /events stream, which
# the standings' phones and the hall's screen hold open: a failed build's line names the
# content's files.
SITE_STATE_POLL_SECONDS = 5.0
# The marks that end a build's first line as a sentence of its own: the failed line adds no stop
# after them (Desk.site_state)
ENDED = ("?", "!", "\uff1f", "\uff01")


@dataclass
class Who:
    kind: str  # admin | table
    token: str
    key: str = ""  # the table's key when kind == table

    @property
    def label(self) -> str:
        return "secretary" if self.kind == "admin" else f"table {self.key}"


class Limits:
    """Sliding-window counters: posts by token, refusals by address."""

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, limit: int, record: bool = True) -> bool:
        now = time.monotonic()
        with self._lock:
            hits = self._hits.setdefault(key, deque())
            while hits and hits[0] < now - RATE_WINDOW:
                hits.popleft()
            if len(hits) >= limit:
                return False
            if record:
                hits.append(now)
            return True


class Desk:
    """The desk's state: the event as last read, tokens, subscribers to live updates."""

    def __init__(self, content: Path, slug: str, output: Path | None, locale: str | None,
                 base: str = "http://127.0.0.1:8001", build: bool = True, bulletins: bool = True) -> None:
        self.content = content.resolve()
        self.slug = slug
        self.output = output
        self.base = base.rstrip("/")
        self.building = build and output is not None
        self.bulletins = bulletins  # False for desk --no-pdf: its rebuilds print no bulletin, as build --no-pdf
        self.tokens = Tokens(content, slug)
        self.corrections = Corrections(self.folder)  # (the admin page's, from the audit log)
        self.limits = Limits()
        self.version = 0
        self.built_version = 0
        self.build_note = ""
        self.subscribers: set[asyncio.Queue[str]] = set()
        self._dirty: asyncio.Event | None = None
        self._build_dirty: asyncio.Event | None = None
        self._build: asyncio.subprocess.Process | None = None  # the site build running, if any
        self._starting: asyncio.Future[asyncio.subprocess.Process] | None = None  # the build being started
        self.stopping = False  # (the builder starts no build once the desk is stopping)
        # The changes to the event's files (a save written, a hand edit seen), counted: the last
        # one a reading of the event has taken in, and the last one a finished site build has.
        # Whether the site is behind when the desk stops (stop_building says so).
        self.changes = self.read_changes = self.built_changes = 0
        # The last of them that was a save at the desk (count_change), the last save a reading has
        # taken in, and the last change a build that succeeded has published: whether what the
        # site is behind on is saved results or only hand edits, which nothing saved (site_behind)
        self.last_save = self.read_saves = self.published_changes = 0
        # The published site's state, for the admin page's line (site_state), kept as the
        # builder learns it: the page reads nothing to say it. A mass event's rebuild takes
        # minutes (13 at 1,000 tables, with PDFs), and the page said nothing of the site behind.
        # A change as (what, when): what is (stage, round, table) for a save, None for a hand edit.
        self.last_change: tuple[tuple[str, int, int] | None, str] | None = None  # (count_change)
        self.read_after: tuple[tuple[str, int, int] | None, str] | None = None  # the last one a reading took in
        # The last reading that raised (rescore), until one reads: the changes counted when it
        # began, the last of them, and why in the desk's words. The site line said "waiting for
        # its rebuild" for ever after a reading that failed, where no build follows until one reads.
        self.read_failed: tuple[int, tuple[tuple[str, int, int] | None, str] | None, str] | None = None
        self._recounted = False  # (a build asked for by rescore's count of changes another reading took in)
        self.build_since: str | None = None  # when the running build started (UTC, ISO 8601)
        self.build_after: tuple[tuple[str, int, int] | None, str] | None = None  # the change it was started after
        self.built_at: str | None = None  # when the last build that succeeded ended
        self.build_failed: str | None = None  # the first line the last build said, if it failed
        self.build_output = ""  # all the last build said (the admin page's build-log)
        self.site_poll_seconds = SITE_STATE_POLL_SECONDS  # (the admin page's, for its site line)
        self._changes_lock = threading.Lock()  # (the writers count from their threads)
        self._load_lock = threading.Lock()
        self._writers: dict[Path, Writer] = {}
        self._writers_guard = threading.Lock()
        self._read_as: dict[str, tuple[int, int, int]] = {}  # (load) the event's files as last read
        # The last reading file by file (content/load.py's Kept) with what its reading of
        # event.yaml rested on (kept_rests_on): the next reading parses again only the results
        # files whose bytes changed, and scores again only their tables (_read_event)
        self._kept_reading: tuple[tuple[object, ...], Kept] | None = None
        self._taken_again = False  # (_read_event) whether the reading took the last one's again
        # (_drawn) each round's tables as the last reading had them, and their matches' digests
        self._drawn_rounds: dict[tuple[str, int], tuple[list[Any], dict[str, str]]] = {}
        # The results files as the desk's own last write of each left them (Writer): a change
        # the desk made is read by the scorer next, and tells nothing new of the event (behind)
        self._written: dict[str, tuple[int, int, int] | None] = {}
        self.event: Any = None
        self.result: EventResult | None = None
        # The last reading scored without errors: what the standings views show. An event read
        # with errors is scored still (its tables' forms and the draw need it), but its ranking
        # means nothing: a qualifier the draw left out stood first on five byes it never had.
        self.ranked: EventResult | None = None
        self.problems: list[ContentError] = []
        self._later_written: dict[tuple[Any, Any, Any, str], str] = {}  # (_said: what Desk.spot needs of them)
        # The errors of the last reading by the file they are in (resolved once, not at every
        # request that asks whether its round's file can be read)
        self.broken: dict[Path, list[ContentError]] = {}
        # Rounds of the last good reading whose results file cannot be read now (a hand edit
        # with a YAML error): their tables keep their forms and links meanwhile, by (stage, round).
        self.kept: dict[tuple[str, int], Any] = {}
        # _table's index of the drawn tables: (the event, the kept rounds it was made of, stage ->
        # (round, table) -> (table, its round's file)), made again when either is another
        self._tables_index: tuple[Any, Any, dict[str, dict[tuple[int, int], tuple[Any, Any]]]] | None = None
        # The secretary's sessions (a hash of the cookie's value -> when it ends, time.monotonic),
        # in memory only: they end with the desk.
        self._sessions: dict[bytes, float] = {}
        self._sessions_lock = threading.Lock()
        # Where the secretary's pages are, and the only path the session cookie is sent to: a
        # browser sends a host's cookies to every port of it, but only to the paths a cookie's
        # Path covers, and no other server on this host is ever asked for this one, random for
        # this run and known only to this desk and the secretary's browser (start_session).
        self.prefix = "/s/" + secrets.token_urlsafe(16)
        # The desk's language: `--lang`, else the event's `locale:`, else site.yaml's, followed at
        # each reading (_follow_locale) as the site's next build follows them
        self.asked_locale = locale
        self.locale = locale or "zh-Hans"
        self.watching = False  # commands/desk.py turns the file watcher on
        # the desk's pages, and the site's under site/: what the desk says as the site says it
        # (a stage's status: site/_macros.html's stage_status) is the site's own template
        loader = ChoiceLoader([FileSystemLoader(TEMPLATES), PrefixLoader({"site": FileSystemLoader(TEMPLATES.parent)})])
        self.env = Environment(loader=loader, autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
        self._words_of: tuple[str, str] | None = None  # (locale, content_locale) the words below are in
        self.load()
        # a content problem as `paibang serve` shows it (its line as in the file, indentation kept)
        self.env.globals["problem_block"] = lambda problem: Markup(
            problem_block(problem, self.locale, self.content, private_keys(self.content)))
        self.env.globals["problem_style"] = Markup(PROBLEM_STYLE)
        self.env.globals["scroll_to_value"] = Markup(SCROLL_TO_VALUE)
        self.env.globals["whole_match"] = lambda fields, reasons=(): whole_match(self.t, fields, reasons)
        self.env.globals["site_cards_css"] = Markup(site_cards_css())
        self.env.filters["local_time"] = local_time

    def _follow_locale(self, event: Any) -> None:
        """The desk's words in the language the event's files now choose (`--lang` kept): a
        site.yaml or event.yaml `locale:` changed while the desk runs is the desk's at the next
        reading, as it is the site's at its next build; the desk spoke the old one until it was
        restarted. The names in Chinese marked by site.yaml's `content_locale` alike."""
        if self.asked_locale is None:
            self.locale = event.locale or self.site_locale
        if self._words_of == (self.locale, self.content_locale):
            return
        self._words_of = (self.locale, self.content_locale)
        self.t = Translator(self.locale)
        self.env.globals["_"] = self.t
        # the names, titles and stages in Chinese on an English desk marked so, as the site's pages
        # mark them (a screen reader on the hall's screen or a table's phone reads them in Chinese)
        zh_lang, self.env.filters["zh"], self.env.filters["zh_runs"] = content_marks(self.locale, self.content_locale)
        self.env.globals["zh_lang"] = zh_lang
        # a tied place as the site shows it: "3=" seen, the words of rank_tied read (a screen
        # reader read the bare mark as "3 equals")
        self.env.globals["rank_shown"] = rank_shown_in(self.t)

    # --- content ------------------------------------------------------------------------

    def load(self) -> None:
        """Read the event again and score it (the standings the views show)."""
        with self._load_lock:
            self._load()

    def load_if_behind(self) -> bool:
        """Read the event again if a file of it changed since the last reading (behind), once
        however many requests found it so together: whether it was read."""
        with self._load_lock:
            if not self.behind():
                return False
            self._load()
            return True

    def behind(self, now: dict[str, tuple[int, int, int]] | None = None) -> bool:
        """Whether a file of the event's is not as the last reading found it, nor as the desk's
        own last write of it left it (the scorer reads that next): a round `paibang pair` drew
        in a terminal, a hand edit, a file deleted, which the file watcher has not had read yet.
        A stat of each file (well under a millisecond on the demo's events, where a reading
        takes 15 to 80 ms): asked at every request that opens or sends a table's form. `now`:
        the files as a stat of them just found them (catch_up's, not taken again)."""
        now = _watched_files(self.content, self.folder) if now is None else now
        if now == self._read_as:
            return False
        return any(state != self._read_as.get(path) and (state is None or state != self._written.get(path))
                   for path in now.keys() | self._read_as.keys() for state in [now.get(path)])

    def wrote(self, path: Path) -> None:
        """The desk has written `path` (a results file): as it is now, it is not a change
        another made (behind)."""
        self._written[str(path)] = _file_state(path)

    async def catch_up(self) -> None:
        """The event read again now if a file of it changed since the last reading: a save is
        decided on the event as it is on disk (a knockout correction refused once `paibang pair`
        has drawn the next round: drawn_after), not as the file watcher last had it read, which
        may be a moment behind, or never (a desk run without it). Read as the watcher would
        have it read: counted as a change, the views told, the site rebuilt."""
        now = _watched_files(self.content, self.folder)
        if not self.behind(now):
            return
        self.count_change(seen=now)  # (the files as found here: not stat'ed again to name the change)
        await self.rescore(behind_only=True)

    def _load(self) -> None:
        """The reading itself (load, load_if_behind: their lock held)."""
        # the event's files as this reading finds them, taken before they are read: a change
        # the file watcher reports later that this reading already saw (the desk's own write,
        # read by the save or the scorer) is not read again (unread). Made the last reading's
        # once it is done, not as it starts: a request asking `behind` meanwhile found the desk
        # up to date and answered from the reading before (a slip of a match a hand edit had
        # just put back at its table: 410, 2 to 3 runs in 6 of test_desk_redrawn), where it
        # now waits for this reading (load_if_behind's lock).
        read_as = _watched_files(self.content, self.folder)
        try:
            self._read()
        finally:
            self._read_as = read_as
            self._forget_changed(read_as)

    def _forget_changed(self, read_as: dict[str, tuple[int, int, int]]) -> None:
        """The kept readings of the files changed while this reading read them, forgotten: a
        file is taken again by its bytes' digest, taken before it was parsed, and one changed
        and changed back meanwhile (a hand swap undone, a save and its correction) was parsed in
        between, kept under the digest of the bytes it is again. A file of event.yaml's reading
        (or site.yaml) changed: the whole event is read at the next reading."""
        if self._kept_reading is None:
            return
        now = _watched_files(self.content, self.folder)
        changed = {path for path in now.keys() | read_as.keys() if now.get(path) != read_as.get(path)}
        if not changed:
            return
        readings = self._kept_reading[1].files
        results = self.folder / "results"
        if any(Path(path).parent != results for path in changed):
            self._kept_reading = None
            return
        for path in list(readings):
            if str(path) in changed:
                del readings[path]

    def _read(self) -> None:
        """_load's reading of the event's files."""
        problems = Problems()

        def only_ours(folder: Path, site: Any, found: Problems) -> Any:
            return self._read_event(folder, site, found) if folder.name == self.slug else None

        site = load_site(self.content, problems, read_event=only_ours)
        event = next((e for e in site.events if e.slug == self.slug), None) if site else None
        if event is None:
            if self.event is None:
                # (its errors: what `paibang desk` says on refusing to start)
                raise LookupError(self.slug, [p for p in problems.sorted() if not p.warning])
            # event.yaml broken by a hand edit while the desk runs: the last reading stays,
            # and the admin page says what is wrong and where
            self._said(problems.sorted())
            return
        self.site_locale = site.locale
        self.content_locale = content_locale_of(site)  # (site.yaml's, read again with it)
        self._follow_locale(event)
        # (the tables of the results files not read again keep their scores: ScoredTables; none
        # is the same table in a reading of every file)
        with collected_less():  # (the scoring allocates as the reading does: bench/desk_reading.py)
            self.result = run_event(event, problems, ScoredTables(self.result) if self._taken_again else None)
        self._said(problems.sorted())
        if not self.errors:
            self.ranked = self.result
        self.kept = self._kept_rounds(event)
        # the rounds the last reading had whose file is still there though this reading lacks them
        # (read while `pair` or an editor was writing it: empty for a moment), kept as they are
        still_there = {f"{s}/{r.number}" for s, rounds in (self.event.rounds if self.event else {}).items()
                       for r in rounds if r.source.exists()}
        self.event = event
        self.tokens.ensure(self._drawn(event),
                           # (the rounds read whole: a table gone from one of them is its match gone)
                           {f"{s}/{r.number}" for s, rounds in event.rounds.items() for r in rounds
                            if not self.unreadable(r.source)},
                           # (a round neither read, kept nor its file still there: its file deleted,
                           # its links retired; none while a results file cannot be read, which may
                           # be that round's, never read since the desk started)
                           unread=None if self.results_errors() else
                           {f"{s}/{r.number}" for s, rounds in event.rounds.items() for r in rounds
                            if self.unreadable(r.source)} | {f"{s}/{n}" for s, n in self.kept} | still_there,
                           # (a used-marker given back only where the file holds the table's result)
                           recorded={f"{round_key}/{number}" for round_key, numbers in self.entered().items()
                                     for number in numbers})
        # a held entry whose table has a result now (the secretary typed it into the mended
        # file) is settled: the admin page stops listing it
        held = self.tokens.all_held()
        if held:  # (most readings hold nothing: no set of every entered table made for them)
            entered = {f"{round_key}/{number}" for round_key, numbers in self.entered().items() for number in numbers}
            self.tokens.release([key for key in held if key in entered])

    def _drawn(self, event: Any) -> dict[str, str]:
        """Each drawn match's table ("stage/round/table") -> its match_digest, for tokens.ensure:
        a round whose tables are the very ones the last reading had (its file not read again:
        _read_event) as the last reading made them (a hash of each of a mass event's 6,000
        matches at every reading was a seventh of the reading after a save, once the unchanged
        files were no longer parsed)."""
        known, made = self._drawn_rounds, {}
        drawn: dict[str, str] = {}
        for stage, rounds in event.rounds.items():
            for round_ in rounds:
                before = known.get((stage, round_.number))
                if before is not None and len(before[0]) == len(round_.tables) \
                        and all(map(operator.is_, before[0], round_.tables)):
                    part = before[1]
                else:
                    part = {table_key(stage, round_.number, table.number): match_digest(table.sides)
                            for table in round_.tables if len(table.sides) == 2}
                made[(stage, round_.number)] = (list(round_.tables), part)
                drawn.update(part)
        self._drawn_rounds = made
        return drawn

    def _read_event(self, folder: Path, site: Any, problems: Problems) -> Any:
        """The event read as load_event reads it, at the cost of what changed since the last
        reading (a save's file, a hand edit): its event.yaml (and the files it names) taken as
        read then while they and what their reading rests on are the same (kept_rests_on), and
        of its results files only those whose bytes changed parsed again (content/load.py's
        load_event_again); every problem found as before, in the same order. A mass round read
        every round's file again after each table's save."""
        found = self._kept_reading
        self._taken_again = found is not None and found[1].event is not None and found[0] == kept_rests_on(site, found[1])
        if self._taken_again:
            event = load_event_again(found[1], site, problems)
            for path in [path for path in found[1].files if not path.exists()]:
                del found[1].files[path]  # (a round's file deleted: its reading not held on)
            return event
        kept = Kept()
        event = load_event(folder, site, problems, kept)
        # (stopped before its results: nothing to take again)
        self._kept_reading = (kept_rests_on(site, kept), kept) if kept.event is not None else None
        return event

    @property
    def folder(self) -> Path:
        """The event's folder, which the file watcher watches."""
        return self.content / "events" / self.slug

    def unread(self, changes: set[tuple[Any, str]]) -> bool:
        """Whether any of the file watcher's changes is one the last reading did not see: a file
        of the event's that is not as that reading found it, or was not there then."""
        return any(_file_state(Path(path)) != self._read_as.get(path) for _, path in changes)

    def _said(self, problems: list[ContentError]) -> None:
        # check's `written` for a withdrawn entry's table in a round drawn after it withdrew, by
        # (entry, round, table, file name), the first warning's (Desk.spot): a table's form and
        # each row of the admin page looked through every problem of the reading for it (a 1,000-
        # table round with withdrawals: the rows times the problems, at every request)
        # (made whole, then put in place: a request served while a reading runs in its thread
        # sees the last reading's or this one's, never one half made)
        later: dict[tuple[Any, Any, Any, str], str] = {}
        broken: dict[Path, list[ContentError]] = {}
        for problem in problems:
            if not problem.warning:
                broken.setdefault(problem.mark.file.resolve(), []).append(problem)
            if problem.code in LATER_WARNINGS and problem.params.get("written") and problem.mark.file is not None:
                params = problem.params
                later.setdefault((params.get("id"), params.get("round"), params.get("table"), problem.mark.file.name),
                                 str(params["written"]))
        self.problems, self.broken, self._later_written = problems, broken, later

    def _kept_rounds(self, event: Any) -> dict[tuple[str, int], Any]:
        """The rounds read before that this reading lacks because their file has an error now:
        a table's link must not turn into "no access" while the secretary mends the file."""
        if not self.broken or self.event is None:
            return {}
        now = {(stage, r.number) for stage, rounds in event.rounds.items() for r in rounds}
        # (a round kept before, unless the last reading had it again)
        before = {(stage, r.number): r for stage, rounds in self.event.rounds.items() for r in rounds} | self.kept
        return {key: round_ for key, round_ in before.items()
                if key not in now and round_.source.resolve() in self.broken}

    @property
    def errors(self) -> list[ContentError]:
        """The errors of the last reading (the standings views then show the last reading without any)."""
        return [p for p in self.problems if not p.warning]

    def unreadable(self, path: Path) -> list[ContentError]:
        """The errors of a results file as the last reading found them."""
        return self.broken.get(path.resolve(), [])

    def results_errors(self) -> list[ContentError]:
        """The errors in the event's results files (a table's link whose round cannot be read)."""
        folder = (self.content / "events" / self.slug / "results").resolve()
        return [p for file, found in self.broken.items() if folder in file.parents for p in found]

    def spot(self, stage: str, number: int, table: int, withdrawn: bool = False) -> forms.TableSpot | None:
        """The table to enter; None for none, or for a table not played because a side has
        withdrawn (event-day.md: a result there is an error, so no form offers one). With
        `withdrawn` (the secretary's), such a table of a stage whose matches are won: its form
        has only its forfeit (forms.TableSpot.gone), for the forfeit `check` asks to write on a
        table left as drawn (entry-withdrawn-forfeit). A pairs table has none: its opponent's
        average-plus needs nothing written, and `check` asks for nothing."""
        item, source = self._table(stage, number, table)
        if item is None or len(item.sides) != 2:
            return None
        gone = withdrawn_sides(self.event, stage, item, number)
        if gone and not (withdrawn and len(gone) == 1 and self.event.stage(stage).format != "pairs"):
            return None
        found = self.event.stage(stage)
        later = ""
        if gone and drawn_after_withdrawal(self.event, found, gone[0], number):
            # the value check's warning names (the last round drawn with the entry in it, which
            # clears the warning of each: event._report_withdrawn_forfeits), else this round
            # (the warning at this very table: in an event of stages each stage names its own, rev87)
            written = self._later_written.get((gone[0], number, table, Path(source).name)) if source is not None else None
            later = written or (f"{{stage: {stage}, round: {number}}}" if len(self.event.stages) > 1 else str(number))
        return forms.TableSpot(self.event, found, number, item, source, tuple(gone), later)

    def _table(self, stage: str, number: int, table: int) -> tuple[Any, Any]:
        """The drawn table (and its round's file), as last read or kept (self.kept)."""
        event, kept = self.event, self.kept
        index = self._tables_index
        if index is None or index[0] is not event or index[1] is not kept:
            # (made once a reading: the admin page asks for each of a round's tables, and each
            # looked for in its round's list made a page of a 2,500-table round 3 million steps)
            index = self._tables_index = (event, kept, {})
        found = index[2].get(stage)
        if found is None:
            found = {}
            # the rounds as last read, then the kept ones: the first table of a number found wins
            for round_ in [*event.rounds.get(stage, []),
                           *[r for (s, n), r in kept.items() if s == stage and r.number == n]]:
                for item in round_.tables:
                    found.setdefault((round_.number, item.number), (item, round_.source))
            index[2][stage] = found  # (whole: a request in another thread never finds it half made)
        return found.get((number, table), (None, None))

    def withdrawn_sides(self, stage: str, number: int, table: int) -> list[str]:
        """The table's sides withdrawn by its round (Entry.withdrawn_by): then the table is not
        played (its opponent's forfeit, or sit-out in a pairs movement) and the desk offers no
        form, link or QR code for it; the admin page says why."""
        item, _ = self._table(stage, number, table)
        return [] if item is None else withdrawn_sides(self.event, stage, item, number)

    def entered(self) -> dict[str, list[int]]:
        """The tables with a result, by "stage/round", as the standings now count them."""
        out: dict[str, list[int]] = {}
        for stage in self.result.stages if self.result else []:
            for round_ in stage.rounds:
                pending = round_.pending_tables
                out[f"{stage.stage.id}/{round_.number}"] = [s.table.number for s in round_.tables
                                                            if s.table.number not in pending]
        return out

    def current(self) -> tuple[Any, Any] | None:
        """The round the hall is playing: the first drawn round with a table still to enter,
        else the last round drawn. (stage result, round result)."""
        if self.result is None:
            return None
        last = None
        for stage in self.result.stages:
            for round_ in stage.rounds:
                last = (stage, round_)
                if round_.pending:
                    return last
        return last

    def link(self, key: str) -> str:
        stage, number, table = key.split("/")
        return f"{self.base}/t/{quote(stage)}/{number}/{table}?k={self.tokens.table(key)}"

    @property
    def admin_link(self) -> str:
        return f"{self.base}/admin?k={self.tokens.admin}"

    @property
    def phones_reach(self) -> bool:
        """Whether a phone can open the desk's links: not when they are of this computer only
        (127.0.0.1, the default without --lan, or --lan with no network found). Its score
        sheets' QR codes then open nothing on the tables' phones (rev34), which the sheets
        page and the admin page say, with how to start the desk for phones."""
        host = urlsplit(self.base).hostname or ""
        return not (host.startswith("127.") or host in ("localhost", "::1"))

    # The command it was started with, --lan added (commands/desk.lan_words): None for a desk
    # made otherwise, which says the command for its event with no other flag
    lan_words: list[str] | None = None

    @property
    def lan_command(self) -> str:
        """How to start this desk for phones, as the pages and the terminal say it: the flags it
        was started with repeated, quoted for the shell."""
        return shlex.join(self.lan_words or ["paibang", "desk", self.slug, "--lan"])

    # --- views --------------------------------------------------------------------------

    def standings_view(self) -> list[dict[str, Any]]:
        """Each stage with standings: its columns (rank_by) and rows, and its rounds' progress."""
        from generator.games import GAMES, metric_of

        game = GAMES[self.event.game]
        joiner = self.t.joiner()
        views = []
        for stage in self.ranked.stages if self.ranked else []:  # (never a ranking scored from errors)
            if not stage.rounds:
                continue
            names = list(stage.stage.rank_by)
            columns = [self.t.pick(metric_of(game, n).label) for n in names]
            # its remark as the site's standings and the printed ones say it (render/remarks.py)
            # a column with a fraction anywhere in two decimals throughout, as the site's standings
            # show it ("201.14, 197, 191.14" read as misprints)
            two_places = two_place_metrics(names, stage.standings)
            rows = [{"standing": s, "id": s.entry.id, "label": s.entry.label,
                     "cells": ["" if n in s.tally.moot else standing_metric_text(n, s.tally.metrics, two_places, s.tally.nothing_scored)
                               for n in names],
                     "remark": joiner.join(remark_texts(self.t, s, stage.stage.id))}
                    for s in stage.standings]
            # k/n of the tables with a result to enter, a withdrawn side's table said apart, as
            # the site's round and stage pages say it (one rule: round_entered_text)
            progress = [round_entered_text(self.t, r) for r in stage.rounds]
            views.append({"name": stage.stage.name, "columns": columns, "rows": rows, "progress": progress,
                          "result": stage})
        return views

    def draw_view(self, page: int = 1) -> dict[str, Any] | None:
        """The current round's draw for the screen: tables, sides, what is entered, the clock.
        A round of more than DRAW_ALL_UP_TO tables is shown DRAW_PAGE_TABLES at a time: `page`
        (1 on; one past the last is the last), `pages`, and `next`, the page after it, the first
        after the last (the screen turns them round: screen.html)."""
        current = self.current()
        if current is None:
            return None
        stage, round_ = current
        scores = list(round_.tables)
        pages = 1 if len(scores) <= DRAW_ALL_UP_TO else -(-len(scores) // DRAW_PAGE_TABLES)
        page = min(max(page, 1), pages)
        if pages > 1:
            scores = scores[(page - 1) * DRAW_PAGE_TABLES:page * DRAW_PAGE_TABLES]
        tables = []
        for score in scores:
            table = score.table
            # (a pairs table whose pair withdrew, its opponent sitting out (80\u5206): the table as
            # drawn, both pairs, named by its number as the round page and draw notice name it,
            # not the sit-out; the withdrawn pair said so in place of its players, as the notice)
            drawn = drawn_sides(score)
            labels = {side: self.t("withdrawn") if side not in table.sides else self.event.entries[side].label
                      for side in drawn}
            names = [f"{side} {labels[side]}" for side in drawn]
            result, winner = "", None
            if score.table.number not in round_.pending_tables and len(table.sides) == 2:
                if stage.stage.format == "pairs":
                    # a pairs table wins nothing: its boards are compared across the field, so
                    # the hall sees that its boards are in, not a winner
                    result = (self.t("desk_boards_in", n=len(score.boards)) if len(score.boards)
                              else self.t("desk_entered"))
                else:
                    # the winner a mark beside its side (_screen.html), not "\u80dc\u65b9\uff1aT1021" in a
                    # column of its own: at 1920 px with 4-digit numbers that label wrapped and
                    # left the names no room
                    winner = score.winner
                    result = "" if winner else "="
                    if table.both_forfeit:  # neither came: nobody won, and no draw ("=") either
                        result, winner = self.t("sides_both_forfeit", ids=self.t.joiner().join(table.sides)), None
            if len(drawn) == 2 and not table.sides:
                # two pairs withdrawn by the round drawn against each other (scored with neither,
                # event._score_pairs_withdrawn): nobody plays the table, said where a result goes
                result = self.t("desk_not_played")
            # a sit-out or a bye is no table: the screen says so, unnumbered
            word = no_table_word(stage.stage.format, drawn)
            # each side's team number apart from its name: the number is never cut on the screen,
            # the name may be (screen.html's style: "T116\u2026" beside a winner was no team)
            tables.append({"number": self.t(word) if word is not None else table.number, "sides": names,
                           "teams": [(side, labels[side]) for side in drawn],
                           "result": result, "winner": winner})
        limit = getattr(stage.stage, "time_limit", None)
        started = self.tokens.clock(stage.stage.id, round_.number)
        ends = None
        if limit and started:
            ends = dt.datetime.fromisoformat(started).timestamp() + limit * 60
        # a Swiss round's teams withdrawn by it, at none of its tables: said as the round's page
        # and draw notice say them, or the hall looked for a team the draw left out without a word
        left_out = named_ids(self.event, withdrawn_undrawn(self.event, stage, round_))
        return {"stage": stage.stage, "number": round_.number, "tables": tables, "limit": limit,
                "ends": ends, "status": round_entered_text(self.t, round_), "left_out": left_out,
                "page": page, "pages": pages, "next": page % pages + 1}

    def rounds_view(self) -> list[dict[str, Any]]:
        """Every drawn round for the admin page: each table, its link, entered or not, used;
        a round whose file cannot be read now is listed as last read, with its file's errors."""
        out = []
        every: dict[str, list[Any]] = {stage: list(rounds) for stage, rounds in self.event.rounds.items()}
        for (stage_id, _), round_ in self.kept.items():
            every.setdefault(stage_id, []).append(round_)
        # In the event's order of stages (the rounds' files are read in their names' order:
        # ko-round-1.yaml before round-1.yaml), so that the page, which lists the last first,
        # shows the round being played at the top
        order = {stage.id: place for place, stage in enumerate(self.event.stages)}
        # results the secretary changed after they were in (the audit log says so): "本桌已提交"
        # alone would not tell that what the table sent is no longer what stands
        corrected = self.corrections.read()
        for stage_id, rounds in sorted(every.items(), key=lambda item: order.get(item[0], len(order))):
            for round_ in sorted(rounds, key=lambda r: r.number):
                broken = self.unreadable(round_.source)
                scored = None
                if self.result:
                    stage = next((s for s in self.result.stages if s.stage.id == stage_id), None)
                    scored = next((r for r in stage.rounds if r.number == round_.number), None) if stage else None
                pending = scored.pending_tables if scored else frozenset()
                tables = []
                for table in round_.tables:
                    if len(table.sides) != 2:
                        continue
                    key = table_key(stage_id, round_.number, table.number)
                    # (the secretary may write its forfeit: Desk.spot; a round drawn after the
                    # withdrawal has its own words there: TableSpot.later)
                    spot = self.spot(stage_id, round_.number, table.number, withdrawn=True)
                    gone = withdrawn_sides(self.event, stage_id, table, round_.number)
                    tables.append({"number": table.number, "sides": table.sides, "withdrawn": gone,
                                   "not_played": not_played_text(self.t, gone) if gone else "",
                                   "forfeit_form": spot is not None, "later": bool(spot is not None and spot.later),
                                   "entered": table.number not in pending and not broken,
                                   # (a saved forfeit said as one: "已录" alone hid a table's, rev54)
                                   "forfeit": table.forfeit or "",
                                   # (both teams', Guandan's `forfeit: [T17, T29]`: "已录" alone said
                                   # nothing of it, as a saved forfeit's was before rev54)
                                   "both_forfeit": table.both_forfeit,
                                   "used": bool(self.tokens.used(key)), "link": self.link(key),
                                   "held": self.tokens.held(key), "corrected": corrected.get(key, ""),
                                   "edit": f"{self.prefix}/t/{quote(stage_id)}/{round_.number}/{table.number}"})
                out.append({"stage": self.event.stage(stage_id), "number": round_.number, "tables": tables,
                            "clock": self.tokens.clock(stage_id, round_.number), "broken": broken,
                            "file": round_.source.name})
        return out

    # --- access -------------------------------------------------------------------------

    def csrf(self, who: Who) -> str:
        return hmac.new(self.tokens.secret, f"csrf:{who.token}".encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, who: Who, sent: str) -> bool:
        return hmac.compare_digest(self.csrf(who).encode(), (sent or "").encode())

    def is_admin(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.tokens.admin.encode(), token.encode())

    @property
    def cookie(self) -> str:
        """The session cookie's name, the desk's port in it: a browser keeps one cookie per name
        and host (the port aside) and path, so two desks on one laptop (two events) do not
        overwrite each other's sessions."""
        return f"{COOKIE}_{urlsplit(self.base).port or 80}"

    def start_session(self) -> str:
        """A new session for the secretary's browser: the cookie holds it, never the admin token,
        which outlives the desk's run. A browser sends a host's cookies to every server on the
        host (another port: a page `paibang serve` previews, another user's program, anything
        running there), so the cookie's Path is this run's prefix (self.prefix): sent to no other
        path, and so to no other server, which is never asked for that path; and the session
        opens nothing outside the prefix (`who`). A session is random, ends after
        SESSION_SECONDS or with the desk, and opens this run of this desk only."""
        session = secrets.token_urlsafe(32)
        now = time.monotonic()
        with self._sessions_lock:
            for kept, ends in list(self._sessions.items()):
                if ends <= now:
                    del self._sessions[kept]
            while len(self._sessions) >= MAX_SESSIONS:
                del self._sessions[min(self._sessions, key=self._sessions.__getitem__)]
            self._sessions[_hashed(session)] = now + SESSION_SECONDS
        return session

    def in_session(self, session: str | None) -> bool:
        if not session:
            return False
        with self._sessions_lock:  # (looked up by its hash: the lookup's time tells nothing of a session)
            ends = self._sessions.get(_hashed(session))
        return ends is not None and time.monotonic() < ends

    def who(self, request: Request, key: str | None, sent: str | None) -> Who | None:
        # The session only under the prefix, which the secretary's browser alone sends it to: a
        # session alone (replayed by a server that got it somehow, an older desk's cookie with
        # Path=/) opens nothing.
        if request.scope["path"].startswith(self.prefix + "/"):
            for session in _cookies_named(request, self.cookie):
                if self.in_session(session):
                    return Who("admin", session)
        if self.is_admin(sent):
            return Who("admin", sent)  # type: ignore[arg-type]
        if key is not None and sent:
            expected = self.tokens.table(key)
            if expected and hmac.compare_digest(expected.encode(), sent.encode()):
                return Who("table", sent, key)
        return None

    # --- live ---------------------------------------------------------------------------

    def publish(self, kind: str, data: dict[str, Any]) -> None:
        message = f"event: {kind}\ndata: {json.dumps(data)}\n\n"
        for queue in list(self.subscribers):
            if queue.qsize() < 100:
                queue.put_nowait(message)

    def close_streams(self) -> None:
        """End every open event stream (the server is stopping: it waits for them)."""
        for queue in list(self.subscribers):
            queue.put_nowait("")

    def changed(self, spot: Any = None) -> None:
        self.count_change(spot)
        if self._dirty is not None:
            self._dirty.set()

    def count_change(self, spot: Any = None, seen: dict[str, tuple[int, int, int]] | None = None) -> None:
        """One more change to the event's files: a save of `spot` (a forms.TableSpot), or with
        none a change the desk did not make (a hand edit). `seen`: the files as the caller's
        stat found them (catch_up), else stat'ed here."""
        what = (spot.stage.id, spot.number, spot.table.number) if spot is not None else None
        # A change counted with no table that is only the desk's own write (the files as its saves
        # left them: not behind) keeps the save's name: the file watcher's word of a save the
        # scorer had not yet read (a busy machine), or a request's catch_up, said the site
        # rebuilt "after a change to the files" (the CI, under load). catch_up's files as it found
        # them are compared again, not stat'ed again: the save's write it saw may have been
        # noted as the desk's own (wrote) since, and is then the save's.
        own = spot is None and not self.behind(seen)
        with self._changes_lock:
            self.changes += 1
            if not (own and self.last_change is not None and self.last_change[0] is not None):
                self.last_change = (what, _now())
            if spot is not None or own:
                self.last_save = self.changes

    async def scorer(self) -> None:
        """Reads and scores the event again after every change (coalesced); the site build
        follows on its own loop."""
        assert self._dirty is not None
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            await self.rescore()

    async def rescore(self, behind_only: bool = False) -> bool:
        """Read and score the event again, then tell the views and have the site rebuilt: the
        scorer's work, and a secretary's save's, which answers with what the reading finds (a
        draw now stale) and so is the reading the views are told of, not one more after it.
        False when the event could not be read (what went wrong is the build note). With
        `behind_only`, only if a file changed since the last reading (catch_up)."""
        with self._changes_lock:  # (each counted once written: this reading, started after, takes them in)
            seen, last, saves = self.changes, self.last_change, self.last_save
        try:
            if behind_only:
                if not await anyio.to_thread.run_sync(self.load_if_behind):
                    # (read meanwhile, by another request or the scorer: the files as they are,
                    # with every change counted before this look, are read; counted as read, or
                    # the site line waited for a change no reading would take in again)
                    # (a build already started from the other reading covers fewer: one more,
                    # which finds the site up to date if that build took the files in)
                    with self._changes_lock:
                        counted = seen > self.read_changes
                        if counted:
                            self.read_changes, self.read_after = seen, last
                        self.read_saves = max(self.read_saves, saves)
                    if counted and self._build_dirty is not None:
                        self._recounted = True  # (its build finds the site up to date: not another's)
                        self._build_dirty.set()
                    return True
            else:
                await anyio.to_thread.run_sync(self.load)
        except Exception as error:  # noqa: BLE001 - a broken hand edit must not stop the desk
            self.build_note = self.unread_note(error)
            with self._changes_lock:
                self.read_failed = (seen, last, self.unread_reason(error))
            return False
        with self._changes_lock:
            self.read_failed = None
        if seen > self.read_changes:
            self.read_changes, self.read_after = seen, last
        self.read_saves = max(self.read_saves, saves)
        self.version += 1
        self.publish("update", {"version": self.version, "entered": self.entered()})
        if self._build_dirty is not None:
            self._build_dirty.set()
        return True

    def unread_note(self, error: Exception) -> str:
        """The admin page's note when the event could not be read again (a save's, a change's): in
        the site's words, the file and the system's reason where the system refused one (as a
        refused write is said: system_reason), else that the desk could not; never a Python
        class's name and its English ("PermissionError: [Errno 13] …" on a Chinese page)."""
        return self.t("desk_event_not_reread", reason=self.unread_reason(error))

    def unread_reason(self, error: Exception) -> str:
        """Why the event could not be read again, in the site's words (unread_note)."""
        if isinstance(error, OSError):
            found = desk_reason(error, reading=True)
            reason = self.t.pick(found) if isinstance(found, dict) else found
            return f"{error.filename}: {reason}" if error.filename else reason
        return self.t("desk_reason_unread")

    def build_command(self) -> list[str]:
        return [sys.executable, "-m", "generator.cli", "build", "--quiet", "--content", str(self.content),
                "--output", str(self.output), "--lang", self.locale,  # its note is shown in the desk's words
                *([] if self.bulletins else ["--no-pdf"])]

    async def builder(self) -> None:
        """`paibang build` after each change, one at a time, in its own process: the build's
        one-reading snapshot is process-wide, and the desk must keep answering meanwhile."""
        assert self._build_dirty is not None
        while True:
            await self._build_dirty.wait()
            self._build_dirty.clear()
            version, covered, after = self.version, self.read_changes, self.read_after
            # (a build asked for only because a request's count was found read already by
            # another reading, whose build took the files in: rescore)
            recounted, self._recounted = self._recounted, False
            if not self.building or self.stopping:
                continue
            self.build_since, self.build_after = _now(), after
            # In a session of its own: the terminal's Ctrl-C is the desk's, which then ends the
            # build itself (stop_building), once; a second signal could cut short the build's
            # own clean-up (the roll-back of output/). Started as a task stop_building waits for:
            # a stop while the process was being started found no build to wait for, and this
            # loop, cancelled in the midst of the start, left the new build to itself.
            self._starting = starting = asyncio.ensure_future(asyncio.create_subprocess_exec(
                *self.build_command(), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
                start_new_session=True))
            try:
                process = await asyncio.shield(starting)
            except OSError as error:  # not started (no memory, too many processes): said, and the
                # next change tries again; raised, it ended this loop, and no save of the day
                # rebuilt the site after it, without a word
                # the system's reason in the desk's words ("FileNotFoundError: [Errno 2] No such
                # file or directory" inside a Chinese line), the program it could not start named
                reason = self.t.pick(found) if isinstance(found := desk_reason(error), dict) else found
                self.build_note = f"{error.filename}: {reason}" if error.filename else reason
                _say(self.t("desk_build_not_started", error=self.build_note))
                self.build_failed = self.build_output = self.build_note
                self.build_since = None
                self.publish("built", {"version": version, "ok": False})
                continue
            finally:
                self._starting = None
            self._build = process
            try:
                out, _ = await process.communicate()
            finally:
                self._build = None
                self.build_since = None
            changed = covered > self.built_changes  # (a change read since the last build: a save, an edit)
            self.built_version, self.built_changes = version, max(self.built_changes, covered)
            self.build_note = out.decode("utf-8", "replace").strip().splitlines()[-1] if out.strip() else ""
            if process.returncode == 0 and changed and not recounted and self.said_up_to_date(self.build_note):
                # The build found the site as the content now is: another build (a second desk on
                # another event writing the same output/, a `paibang build`) published this
                # change first. "Nothing changed" read as if the save had been lost.
                self.build_note = self.t("desk_built_by_another", output=self.output)
            self.build_output = out.decode("utf-8", "replace")
            if process.returncode == 0:
                self.built_at, self.build_failed = _now(), None
                self.published_changes = max(self.published_changes, covered)
            else:  # (its first line: the first problem it met; a build killed says nothing)
                said = [line for line in self.build_output.splitlines() if line.strip()]
                self.build_failed = said[0].strip() if said else self.t("desk_site_exit", code=process.returncode)
            self.publish("built", {"version": version, "ok": process.returncode == 0})

    def site_state(self) -> tuple[str, str, bool] | None:
        """The published site's state in one line for the admin page, from what the builder
        kept (nothing read): (its state, the line, whether the build's output can be read) -
        being rebuilt (since when, after which change), not rebuilt as the last change could not
        be read (why), failed (the first line of what the build said), waiting for its rebuild,
        up to date (built when), or not rebuilt since the desk started. None when the desk builds
        no site (--no-build)."""
        if not self.building:
            return None
        behind = self.site_behind()
        if self.build_since is not None:
            line = self.t("desk_site_rebuilding", since=local_time(self.build_since), after=self.change_words(self.build_after))
            return "rebuilding", f"{line}{behind}", False
        with self._changes_lock:
            counted, last, failed = self.changes, self.last_change, self.read_failed
        if failed is not None and failed[0] >= counted > self.read_changes:
            # The reading of the last change raised: no build follows it until a change is read.
            # Said so, with why and where to see it, until the next change (then "waiting" again)
            line = self.t("desk_site_unread", after=self.change_words(failed[1]), reason=failed[2])
            return "unread", f"{line}{behind}", False
        if self.build_failed is not None:
            # The line's own full stop gives way to the message's; its question or exclamation
            # mark ends it, the message's stop left out ("...\uff1f\u3002" read as a slip)
            error = self.build_failed.rstrip(".\u3002")
            key = "desk_site_failed_ended" if error.endswith(ENDED) else "desk_site_failed"
            return "failed", f"{self.t(key, error=error)}{behind}", bool(self.build_output)
        # A change counted, not read yet (a phone's save written, the scorer reading it: seconds
        # at 1,000 tables; or a hand edit that cannot be read): the site waits for it too. It said
        # "up to date" there (rev84), and the line, asked for every few seconds, showed it.
        if counted > self.read_changes:
            return "waiting", f"{self.t('desk_site_waiting', after=self.change_words(last))}{behind}", False
        if self.read_changes > self.built_changes:  # (read, its build not started yet)
            return "waiting", f"{self.t('desk_site_waiting', after=self.change_words(self.read_after))}{behind}", False
        if self.built_at is not None:
            return "current", self.t("desk_site_current", at=local_time(self.built_at)), False
        return "unbuilt", self.t("desk_site_unbuilt"), False

    def site_behind(self) -> str:
        """What the published site does not have yet, after the site line: the results saved at
        the desk since its last good build, which the desk's standings have; or, where nothing
        was saved at the desk since (hand edits alone), the changes to the files; else nothing."""
        if self.read_saves > self.published_changes:
            return self.t("desk_site_behind")
        if self.read_changes > self.published_changes:
            return self.t("desk_site_behind_edit")
        return ""

    def change_words(self, change: tuple[tuple[str, int, int] | None, str] | None) -> str:
        """A change in the admin page's words: a table's save, or a change to the files (a hand edit)."""
        if change is None:
            return self.t("desk_site_change_unknown")
        what, at = change
        if what is None:
            return self.t("desk_site_after_edit", at=local_time(at))
        stage, number, table = what
        stages = list(self.event.stages) if self.event is not None else []
        table_words = self.t("desk_table_n", round=number, table=table)
        if len(stages) > 1:
            named = next((s.name for s in stages if s.id == stage), stage)
            table_words = f"{named} {table_words}"
        return self.t("desk_site_after_save", table=table_words, at=local_time(at))

    def said_up_to_date(self, note: str) -> bool:
        """Whether the build's last line is its "nothing changed, up to date" (cli's up_to_date,
        in the desk's language, which build_command passes): its words up to the first figure,
        which the build fills in."""
        figure = 987654321
        for key in ("up_to_date", "up_to_date_no_pdf"):
            said = catalogues.text(key, self.locale, output=self.output, events=figure, pages=figure, pdfs=figure,
                                   seconds=0.0)
            if note.startswith(said.split(str(figure))[0]):
                return True
        return False

    async def stop_building(self) -> None:
        """The desk is stopping: the site build running (a save's) is waited for, then told to
        stop, so that nothing writes output/ once the desk has stopped. Told to stop (SIGTERM),
        a build ends as Ctrl-C ends it (cli.Stopped): its staging folder removed and output/
        put back as it was (render/output.py), the old site whole; one that will not end is
        killed, and the next build rolls back what it left half done. Either way output/ is the
        old site or the new one. A change the site was not rebuilt after (the build stopped, or
        not started: the change read meanwhile, or still being read) is said on the terminal,
        with the command that rebuilds it: no build is started once the desk is stopping."""
        self.stopping = True
        process, starting = self._build, self._starting
        if starting is not None:  # being started: it is this build that is waited for, then stopped
            try:
                process = await asyncio.shield(starting)
            except Exception:  # noqa: BLE001 - it did not start: nothing to wait for
                process = None
        stopped = False
        if process is not None and process.returncode is None:
            _say(self.t("desk_build_waiting"))
            for seconds, number in ((BUILD_FINISH_SECONDS, "SIGTERM"), (BUILD_STOP_SECONDS, "SIGKILL")):
                try:
                    await asyncio.wait_for(asyncio.shield(process.wait()), seconds)
                    break
                except asyncio.TimeoutError:
                    stopped = True
                    _signal_build(process, number)
            else:
                await process.wait()
        if self.building and (stopped or self.built_changes < self.changes):
            output = Path(self.output).resolve()  # (the command works from any folder)
            command = ["paibang", "build", "--content", str(self.content), "--output", str(output)]
            _say(self.t("desk_build_not_made", path=output, command=shlex.join(command)))

    async def watch(self) -> None:
        """Hand edits of the event's files (the secretary's editor) reach the views too, and of
        content/site.yaml, which the event's reading reads (_watched_files): its folder watched
        through, content/ itself for that one file alone (not every other event's folder, nor
        the file itself, whose watch an editor's save by a new file and a rename would end)."""
        from watchfiles import awatch

        site = str(self.content / SITE_FILE)

        def wanted(_change: Any, path: str) -> bool:
            return path.endswith(WATCHED)

        async def follow(path: Path, wanted: Any, recursive: bool) -> None:
            async for changes in awatch(path, watch_filter=wanted, step=100, recursive=recursive):
                # a save of the desk's is read already, by the save or the scorer: only what that
                # reading did not see (a hand edit) is read again
                if self.unread(changes):
                    self.changed()

        await asyncio.gather(follow(self.folder, wanted, True),
                             follow(self.content, lambda _change, path: path == site, False))

    # --- saving -------------------------------------------------------------------------

    def submit(self, spot: forms.TableSpot, typed: dict[str, str], who: Who, save: bool,
               confirmed: str = "", filed: str | None = None) -> dict[str, Any]:
        """Check (and with `save`, write) one table's entry. Runs in a worker thread.
        `confirmed`: the fingerprint of the record whose warnings the table has seen. `filed`:
        what the form was filled from (forms.as_filed), "" for a form that does not say, None for a
        reload (filled from the file as it is now); the
        outcome's "filed" is what the form shown with the answer was filled from."""
        text = readable_text(spot.path)
        # the form as filed, then as typed: one form built for the save (its boards' boxes as the
        # file shows them, for with_parts_as_filed; which parts it has, for the writer)
        # The file's table read once (the content loader's reading of the text): the form filled
        # from it, what it was filled from, the board parts kept as filed. (Each read it anew.)
        table = self.filed_table(spot, text)
        # (a table's: the director's rulings read only, not the table's)
        fields = forms.fields_for(spot, text, table=table, keep_directors=who.kind == "table",
                                  numbers=typed.get(forms.BOARD_NUMBERS))
        shown = {item.name: item.value for item in fields if item.board}
        in_file = {item.name: item.value for item in fields}  # (a reload says where the file differs from what is typed)
        forms.typed_into(fields, typed, secretary=who.kind == "admin")
        saving = forms.box_or_boxes(fields, in_file)  # (the secretary's boards_played box, or the boards' boxes)
        # A reload (filed None) is shown filled from the file as read now, its digest that file's. A
        # form that said nothing of what it was filled from ("") keeps saying nothing: given the
        # file's digest with a preview's answer, its next save would pass the check below over a
        # change it never showed (only a reload shows what the file now has, and where it differs).
        shown_from = filed if filed is not None else forms.as_filed(spot, table)
        differs = forms.differs_from_file(fields, in_file, self.t)
        if who.kind == "table" and (forfeit := forms.forfeit_at_table(spot, typed) or forms.winner_sent_from_table(spot, typed)):
            # (said alone: with the file's forfeit kept, the record is empty, which says "nothing typed")
            return {"fields": fields, "check": forms.Check(forfeit), "saved": False, "refused": "", "filed": shown_from,
                    "differs": differs}
        filed_forfeit = table.get("forfeit")
        if isinstance(filed_forfeit, list) and sorted(str(side) for side in filed_forfeit) == sorted(spot.sides):
            # both teams' (Guandan's `forfeit: [T17, T29]`): refused and said as the one team's is,
            # naming both (it fell through to the check, which asked to clear the record)
            filed_forfeit = self.t.joiner().join(spot.sides)
        elif filed_forfeit not in spot.sides:
            filed_forfeit = None  # (no forfeit the file holds for one of this table's sides)
        if who.kind == "table" and filed_forfeit is not None:
            # The desk entered a no-show's forfeit while this phone's form was open: refused as a
            # result entered meanwhile, naming the forfeit (the check, which keeps the file's
            # forfeit, said "clear the boards or choose no forfeit", a field this form has not)
            return {"fields": fields, "check": forms.Check([]), "saved": False, "refused": "desk_once",
                    "filed": shown_from, "differs": differs, "forfeit": filed_forfeit}
        if long := (forms.too_long(spot, fields, self.t) or forms.board_line_problems(spot, saving)
                    or forms.board_number_problems(spot, saving)
                    or forms.parts_without_result(spot, saving, self.t)):
            return {"fields": fields, "check": forms.Check(long), "saved": False, "refused": "", "filed": shown_from,
                    "differs": differs}
        record = forms.with_parts_as_filed(spot, table, saving, forms.record_from(spot, saving), shown)
        result = forms.check(spot, text, record)
        # (read before the check's refusals below: a correction refused is said as check would)
        result.problems += drawn_after(self.result, spot, result)
        if who.kind == "table":
            result = forms.tie_at_table(spot, result)  # (a tie the referee settles: not the table's)
        if who.kind == "table" and (director := forms.directors_only(spot, fields)):
            # an adjusted score is the director's to award (Law 12C2): refused from a table's
            # phone, before and at the save, whatever else the check says of the record
            result.problems = director + result.problems
        outcome: dict[str, Any] = {"fields": fields, "check": result, "saved": False, "refused": "", "filed": shown_from,
                                   "differs": differs}
        if not save or not result.ok:
            return outcome
        if result.incomplete and who.kind == "table":
            outcome["refused"] = "desk_incomplete_refused"  # it saves once: the whole match, then
            return outcome
        if result.warnings and who.kind == "table" and confirmed != (fingerprint := forms.fingerprint(record)):
            # What `check` warns of (a board missing from the score sheet) is not wrong, but a
            # table saves once: it is shown the warning and saves again to confirm that very
            # record. The secretary's save goes through, the warnings shown with it.
            outcome["confirm"] = fingerprint
            return outcome
        if not filed:
            # A save that does not say what its form was filled from (a page cut short, a form of
            # an older desk, a script) cannot be checked against a change made since: it would
            # overwrite the secretary's correction unseen, which a form carrying a stale digest
            # is refused for. Refused as that one is; the form shown with the answer says nothing
            # of its source either, so only a reload (the table as the file has it now) saves.
            outcome["refused"], outcome["filed"] = "desk_form_unversioned", ""
            return outcome
        job = Job(spot, record, who, table_key(spot.stage.id, spot.number, spot.table.number), filed,
                  forms.board_parts(fields), forms.kept_boards(fields))
        with self._writers_guard:
            writer = self._writers.setdefault(spot.path, Writer(self, spot.path))
        writer.run(job)
        outcome["saved"], outcome["refused"], outcome["unchanged"] = job.saved, job.refused, job.unchanged
        if job.saved:
            outcome["filed"] = job.filed  # the form now shows what the file has
        if job.unwritable is not None:
            self.held_back(job, typed)
            outcome["held"] = job.unwritable
        return outcome

    def filed_table(self, spot: forms.TableSpot, text: str) -> dict[str, Any]:
        """The file's table as the content loader reads it (forms.current_table): taken from the
        writer's reading of its own last write when `text` is that very text (store.Known), the
        reading a save's splice was checked with. Read anew at each save, a round of 1,000 tables
        took tens of ms a save, and saves arriving together each read it at once."""
        with self._writers_guard:
            writer = self._writers.get(spot.path)
        known = writer.known if writer is not None else None  # (replaced whole, never changed: read unlocked)
        if known is None or not isinstance(known.reading, dict) or known.digest != text_digest(text):
            return forms.current_table(spot, text)
        # (as forms.filed_tables finds it: the first mapping of that number)
        return next((item for item in known.reading.get("tables") or []
                     if isinstance(item, dict) and isinstance(item.get("table"), int) and item["table"] == spot.table.number),
                    {})

    def held_back(self, job: Job, typed: dict[str, str]) -> None:
        """An entry the round's file cannot take now (it does not parse): kept in the desk's
        store, shown again on the table's form and on the admin page, and said on the terminal,
        in the desk's language, with the file's line and the fix. It is not written later on its
        own: the spec's rule is that a rejected entry is kept in the form with its error, and a
        file the secretary is mending in an editor must not change under the editor (the
        editor's next save would drop the desk's write, or the desk's the secretary's). Once the
        file reads again, the table saves it (its link is not used up) or the secretary does."""
        problem = job.unwritable
        assert problem is not None
        self.tokens.hold(job.key, job.who.label, typed, problem.heading(self.locale, self.content), job.spot.sides)
        # through the stop's guard: a save still answered while the desk stops (uvicorn waits for
        # open connections) is held on a terminal that may be closed (the hang-up that stops it)
        _say(self.t("desk_held_terminal", table=self.t("desk_table_n", round=job.spot.number, table=job.spot.table.number))
             + "\n" + problem.format(self.locale, self.content, private_keys(self.content)))

    # --- pages --------------------------------------------------------------------------

    def page(self, name: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = self.env.get_template(name).render(desk=self, event=self.event, **values)
        return HTMLResponse(html, status_code=status, headers=SECURITY_HEADERS)


@dataclass
class Job:
    spot: forms.TableSpot
    record: dict[str, Any]
    who: Who
    key: str
    # What the form was filled from (forms.as_filed): the save is refused when the file's table is
    # no longer that (a form that does not say is refused before: Desk.submit). Once saved: the file's now.
    filed: str | None = None
    parts: frozenset[str] = frozenset()  # the board keys its form has fields for (forms.board_parts)
    kept: frozenset[int] = frozenset()  # the boards its form shows read only (forms.kept_boards)
    done: threading.Event = field(default_factory=threading.Event)
    saved: bool = False
    refused: str = ""
    unchanged: bool = False  # the file already had this very record: nothing written
    error: BaseException | None = None
    unwritable: ContentError | None = None  # the file does not parse: what is wrong, and where


# The warnings of a withdrawn entry's table in a round drawn after it withdrew, whose `written`
# is the withdrawal's round that clears them (Desk.spot says it on the table's form).
LATER_WARNINGS = ("entry-withdrawn-forfeit-later", "entry-withdrawn-drawn-later", "entry-withdrawn-double-forfeit")

# How many times a batch is made again on a results file found changed by hand just before the
# save replaced it (Writer._apply): an editor's save is one write, so a second reading finds it whole.
HAND_EDIT_TRIES = 3


class _ChangedMeanwhile(Exception):
    """The results file changed (a hand edit) between the save's reading of it and its write."""


def _still(path: Path, text: str) -> bool:
    """Whether the results file reads as `text` now (one more reading of it, no parsing)."""
    try:
        return read_results(path)[0] == text
    except (OSError, ValueError):  # (gone, or half written: not UTF-8, rev87) changed; the next try says what is wrong
        return False


class Writer:
    """The saves of one results file, by flat combining: whoever holds the file's lock writes
    every save waiting at that moment in one read-modify-replace (one round-trip parse and
    dump of the file, one durable write, one audit append). Saves arriving together therefore all land,
    and fifty of them cost about as much as one. And the file's text as this writer last wrote it
    is known (store.Known): a save into that very text round-trips only its tables' lines and
    splices them in (store.RoundEdit), so that a save in a round of 1,000 tables costs about what
    one in a round of 10 does; into any other text (a hand edit since), spliced as well against
    the file's fast reading (known_of), or, when that cannot be, the whole file."""

    def __init__(self, desk: Desk, path: Path) -> None:
        self.desk = desk
        self.path = path
        self._guard = threading.Lock()
        self._pending: list[Job] = []
        self.known: Known | None = None  # (read and written under the file's lock only: _apply)

    def run(self, job: Job) -> None:
        with self._guard:
            self._pending.append(job)
        try:
            with locked(self.path, self.desk.content):
                with self._guard:
                    batch, self._pending = self._pending, []
                if batch:
                    self._apply(batch)
        except OSError as error:  # the write lock is a link, or the system refused it: nothing written, the save held
            with self._guard:
                if job in self._pending:
                    self._pending.remove(job)
            if not job.done.is_set():  # (an error letting go of the lock once the save is done says nothing of it)
                lock = write_lock(self.desk.content)
                job.unwritable = unsafe_desk_file(error) if isinstance(error, UnsafeDeskFile) else write_failed(lock, error)
                return
        # Done now: a holder before us took it, or we just did (the lock was held meanwhile).
        job.done.wait(60)
        if job.error is not None:
            raise job.error

    def _apply(self, batch: list[Job]) -> None:
        """The batch saved into the file as it is when it is replaced: a hand edit saved in an
        editor between this reading of the file and the write (the desk's lock is the desk's
        alone) was replaced by the save's text without a word (rev86). The file is read again
        just before it is replaced, and a changed one is edited again, as it reads now (a hand
        edit of a saved table itself refused as any is: _edit); a file still changing after
        that, each save refused as changed since its form was filled."""
        try:
            for attempt in range(HAND_EDIT_TRIES):
                try:
                    self._apply_once(batch)
                    return
                except _ChangedMeanwhile:
                    if attempt + 1 < HAND_EDIT_TRIES:
                        for job in batch:
                            job.refused, job.unchanged = "", False
            # (a save the last try refused, or found in the file already, keeps that word: rev87)
            for job in batch:
                if not job.refused and not job.unchanged:
                    job.refused = "desk_changed_since"
        except BaseException as error:  # every waiting save hears of it
            for job in batch:
                job.error = error
        finally:
            for job in batch:
                job.done.set()

    def _apply_once(self, batch: list[Job]) -> None:
        # Where the round's file leads now, read and written there alone: a link (the file's own,
        # or its results folder's, events/<slug>/results -> content/shared-results) re-pointed
        # outside content/ while the desk runs had a save written outside, answered "saved", or
        # the outside file's text copied into content/ with it (rev94). Held then, with the
        # loader's words for such a file; nothing read, nothing written.
        target = self.target()
        if target is None:
            problem = ContentError("file-outside-content", Mark(self.path), {"path": self.path.name})
            for job in batch:
                job.unwritable = problem
            return
        if hard_links(target) > 1 and (other := other_name(self.desk.content, target)) is not None:
            # A file of another name in content/ (a hard link: `ln`, `cp -l`, a round shared by two
            # events so; or a leftover of a `pair` stopped midway): a save replaces the file by a
            # rename, so that a reader (a build, `check`) sees the old text or the new, never half
            # of one, and a power cut keeps what the desk said was saved; the other name keeps the
            # old text, and the two events (or the round and its copy) go apart unsaid (rev96 D4).
            # Written in place instead, every name would change, but a reader could meet the text
            # half written, a power cut leave it cut short, and an editor's or a backup's copy
            # (`cp -al`) change under it. Held, said, with the fixes: the other name a symbolic link
            # (which the desk saves through, the link kept: target), or this file a copy of its
            # own. Names outside content/ only (a backup, `cp -al content /srv/backup` or `rsync
            # --link-dest`, gives every file one): saved by the rename as any file is, the backup
            # keeping the text it was made with, as a backup should; held, every save of the event
            # was held from the backup on (rev99 D1). So too a name inside content/ that no reading
            # reads (content/notes/round-4.yaml.bak, a secretary's `ln`; a name under .git/): only
            # a name the build reads holds the save (other_name looks in those folders alone). The
            # scan only for a file of more than one name, and only once after such a backup: the
            # save's rename leaves the round's file one name.
            problem = hard_linked(self.path, other, self.desk.content, target)
            for job in batch:
                job.unwritable = problem
            return
        try:
            text, newline = read_results(target)  # (written back in the file's own line ends)
            numbers = [job.spot.table.number for job in batch]
            known, refused = self.known_of(text)
            if refused is not None:
                # A text the content loader refuses whole, which the round trip may read all the
                # same (an anchor and its alias, `&a`/`*a`; a tag; a key that is a list, `[a, b]: 1`
                # or `? …`; nesting past the loader's depth; a tab inside brackets; a line break
                # U+2028 or NEL in a value): its tables read as nothing for the form, so each save
                # was refused as "changed since" for ever (the form filled from no table, the
                # round trip finding one). Held, with the loader's own words: what, where, the fix.
                for job in batch:
                    job.unwritable = refused
                return
            edit = RoundEdit(text, numbers, known, self.path)
            if not edit.spliced and (not isinstance(edit.data, dict)
                                     or not isinstance(edit.data.get("tables") or [], list)):
                raise NotARound(self.path)
        except (YAMLError, ValueError, OSError) as error:  # a hand edit half done, say
            problem = unwritable(self.path, error)
            for job in batch:
                job.unwritable = problem
            return
        applied = self._edit(batch, edit)
        if applied:
            # Any refusal of the system's while the save is written (a full disk, a read-only
            # one, a log made read-only, a disk error) holds the save and says why, as a link
            # planted there does: raised, it was an HTTP 500 and what the table typed was lost.
            event_folder = batch[0].spot.event.folder
            # The text first, made and read back before the log is opened: a save held here
            # leaves no trace (opened first, the log was made, empty, for a save not written).
            new_text = edit.render()
            if new_text is None and edit.spliced:  # the splice failed its check: the batch made again whole
                for job in batch:
                    job.refused, job.unchanged = "", False
                edit = RoundEdit(text, numbers, known, self.path, splice=False)
                applied = self._edit(batch, edit)
                assert applied  # (the same text, the same records: the same saves apply)
                new_text = edit.render()
            if new_text is None:
                # The whole round trip's text does not read back as the file did, bar the saved
                # tables (RoundEdit.render): written, the save would have changed what the file
                # says elsewhere unseen (it wrote its text unread). Nothing written; held, said.
                problem = not_read_back(self.path)
                for job, _ in applied:
                    job.unwritable = problem
                return
            if not _still(target, text):  # (before the log is opened, made if missing: rev90)
                raise _ChangedMeanwhile
            # The logs before the file: a save lands with its audit lines, or not at all. The
            # event's own, and, for a save through a link into another event's file, that event's
            # too (audit_logs says why).
            logs, audits = self.audit_logs(event_folder, target), []
            try:
                for log in logs:
                    audits.append(open_audit(log))
            except UnsafeDeskFile as error:
                _close_all(audits)
                for job, _ in applied:
                    job.unwritable = unsafe_desk_file(error)
                return
            except OSError as error:
                _close_all(audits)
                for job, _ in applied:
                    job.unwritable = write_failed(log / AUDIT_NAME, error)
                return
            self.known = None  # (until the new text is in the file and its audit line in the log)
            try:
                write_results(target, new_text, newline)  # whole or not at all: the file as it was, if refused
                self.desk.wrote(self.path)
            except OSError as error:
                _close_all(audits)
                self._put_back(target, text, newline)  # (refused only once in place: its folder's sync)
                for job, _ in applied:
                    job.unwritable = write_failed(self.path, error)
                return
            except BaseException:
                _close_all(audits)
                raise
            self.desk.count_change(applied[-1][0].spot)  # (written: the site is behind until a build takes it in)
            lines = [audit_line(job.who.label, job.spot.stage.id, job.spot.number, job.spot.table.number,
                                self.path, old, plain(job.record), self.written(target)) for job, old in applied]
            # The other event's log first, the desk's own last, each appended only if the one
            # before took its lines, and those taken back if a later one refuses (take_back_audit):
            # a save held so leaves no line in any log. (The own log first, its line stayed when
            # the other's refused: a line for a save put back and held, and a second one at the
            # retry, rev99 D3.)
            appended: list[tuple[Path, tuple[int, int]]] = []
            for at in reversed(range(len(logs))):
                log = logs[at]
                try:
                    # (the other event's: its lines say whose desk's round they name)
                    appended.append((log, append_audit(
                        log, lines if at == 0 else [{**line, "event": self.desk.slug} for line in lines], audits[at])))
                except OSError as error:
                    # The log refused the line: the file as it was before the save, so that no
                    # save stands without its line (put back if the system lets it; a full disk
                    # has room for the old text in the place of the new, a byte or two longer).
                    _close_all(audits[:at])
                    for taken, extent in appended:
                        take_back_audit(taken, extent)
                    self._put_back(target, text, newline)
                    for job, _ in applied:
                        job.unwritable = write_failed(log / AUDIT_NAME, error)
                    return
            # The text written is known: the next save into it splices against this reading
            # with no reading of the file's own. (A splice's check read it already.)
            reading = edit.reading  # (read back by render, spliced or whole)
            self.known = Known(new_text, reading) if reading is not None else None
            self._noted(applied)
            for job, _ in applied:
                job.saved = True
                # what the file has now, as the tables written (the text written is not read again)
                job.filed = forms.as_filed(job.spot, edit.table(job.spot.table.number) or {})

    def known_of(self, text: str) -> tuple[Known | None, ContentError | None]:
        """What a save into `text` is spliced against, and the content loader's refusal of the
        whole text if it refuses it (the save held then): the writer's own last write, when the file
        is still that; else the file as it is now, a hand edit since or `paibang pair`'s draw, read
        by the content loader's fast reader (None when that finds anything wrong: the whole round
        trip, which says what). The first save after a hand edit was the whole round trip, ruamel's
        load and dump of the file, under the file's lock, every phone saving meanwhile waiting
        (1,000 tables: 1.5 s of processor time, 4.7 s under load); now the fast reading and the
        saved tables' lines (0.25 s). A hand edit stays as it was typed: outside the saved tables'
        items the text is copied (the item after each too, its comments and layout: h-desk33), and the splice
        is written only if the whole new text reads as the text before, every other value as it
        was (RoundEdit.render's check; else the whole round trip, as before). The whole round trip
        also laid out the rest of the hand's lines as ruamel writes them (`{T05: J,T06: 4}`
        written `{T05: J, T06: 4}`): the splice leaves them as typed."""
        if self.known is not None and self.known.digest == text_digest(text):
            return self.known, None
        reading, problems = loader_verdict(text, self.path)
        if not problems:
            return Known(text, reading), None
        # That one reading is the content loader's whole (its slow reading where its fast ones
        # cannot read the text), and it tells too whether the loader refuses the whole file (read
        # as nothing, an error said): the refusal, with the loader's own words. h-desk34 asked the
        # loader once more for that, and only for a text holding `&`, `*` or `!` (a reading of
        # 1,000 tables is 0.6 s of processor time): every other whole refusal that ruamel reads
        # past (a list as a key, nesting too deep, a tab inside brackets, U+2028 in a value) was
        # refused as "changed since" for ever. (A file emptied by hand is one: said as `check`
        # says it, yaml-empty.) A text read with problems (a key written twice): the round trip,
        # which says what, or saves where the problem is not the file's whole.
        errors = [problem for problem in problems if not problem.warning]
        return None, (errors[0] if reading is None and errors else None)

    def _edit(self, batch: list[Job], edit: RoundEdit) -> list[tuple[Job, Any]]:
        """The batch's records set in `edit`'s tables (each job refused, unchanged or applied):
        the applied ones, with each table's old record."""
        applied: list[tuple[Job, Any]] = []
        for job in batch:
            keys = forms.record_keys(job.spot)
            table = edit.table(job.spot.table.number)
            if table is None:
                job.refused = "desk_forbidden_text"
                continue
            if job.who.kind == "table":
                # once: a result already in the file (this batch's, the secretary's) or a used
                # token; not the boards its form keeps read only (forms.has_record)
                if forms.has_record(job.spot, table, job.kept) or self.desk.tokens.used(job.key):
                    job.refused = "desk_once"
                    continue
            if job.filed is not None:
                # The table changed in the file since the form was filled from it (the secretary's
                # hand edit, another save: one of this batch, whose form cannot have shown it):
                # saved, this form would overwrite that change unseen. Refused, nothing written;
                # the page offers the table as it is now. (Told from the round trip's reading,
                # which types every value as the content loader does: store.CoreResolver.)
                number = job.spot.table.number
                if any(done.spot.table.number == number for done, _ in applied) \
                        or forms.as_filed(job.spot, table) != job.filed:
                    job.refused = "desk_changed_since"
                    continue
            job.record = with_board_keys_kept(table, job.record, job.parts)  # (a board's keys the form does not show)
            if {k: plain(table[k]) for k in keys if k in table} == plain(job.record):
                # the record the file has: nothing to write, and so no audit line (a line
                # is a change; a log of saves that changed nothing hides the ones that did)
                job.unchanged = True
                continue
            old = set_record(table, job.record, keys)
            # the record stands for its example
            drop_comment_lines(table, forms.example_lines(job.spot, job.record), edit.tables(job.spot.table.number))
            applied.append((job, old))
        return applied

    def _noted(self, applied: list[tuple[Job, Any]]) -> None:
        """The landed saves noted in the desk's store: the tables' links used up, what was held
        for them dropped. The result is in (the round's file and its audit line) whatever the store
        does: a store the system refuses to write (a full disk) is said on the terminal, the save
        answered as saved. The marks stand in memory for this run all the same; after a restart
        the result in the file refuses a table's second save as well."""
        try:
            self.desk.tokens.mark_used([job.key for job, _ in applied if job.who.kind == "table"])
        except OSError as error:
            refused: OSError | None = error
        else:
            refused = None
        try:
            self.desk.tokens.release([job.key for job, _ in applied])
        except OSError as error:
            refused = refused or error
        if refused is not None:
            t = self.desk.t
            tables = ", ".join(t("desk_table_n", round=job.spot.number, table=job.spot.table.number) for job, _ in applied)
            reason = desk_reason(refused)
            _say(t("desk_store_unwritten_terminal", tables=tables,
                   reason=reason[self.desk.locale] if isinstance(reason, dict) else reason))

    def written(self, target: Path) -> str:
        """The file a save wrote, as the audit line names it beside the round's file: its path in
        content/ when the round's file is a link (written there: target), else "" (the line names
        the round's own file alone, as every line did)."""
        return target.relative_to(self.desk.content).as_posix() if target != self.path else ""

    def audit_logs(self, event_folder: Path, target: Path) -> list[Path]:
        """The event folders whose audit logs a save into `target` is written in: the desk's
        event's, and that of the event whose folder holds `target` when it is another's (a
        round's file linked to another event's: events/a/results/round-1.yaml ->
        ../../b/results/round-1.yaml). The save lands in b's file (README: a link of content/ is
        read, and saved, as the file it leads to; a's loader reads that file as a's round, so a's
        results are its): b's results change by a save at a's desk, and b's secretary, looking in
        b's log, found no line of it, while a's line named only a's round file, the link. So
        each line names the file written (audit_line's `written`), in a's log, where a's desk
        reads its corrections, and in b's, marked with the event whose stage, round and table it
        names (`event`: a's, not b's; b's Corrections, reading only lines of its own shape, do
        not take it for one of b's tables). A file of content/ outside any event
        (content/shared-results/) has no event's log of its own; but a results folder two events
        share by a folder link each (events/a/results and events/b/results -> ../../shared-results)
        makes the file b's round as much as a's: logged in b's too, as through a file link (the
        README said a's alone). Looked for only for a save that went through a link out of the
        event's own folder (sharing_events): a save into a file of the event's own looks at no
        other event."""
        own = os.path.realpath(event_folder)
        logs = [event_folder]
        parts = target.relative_to(self.desk.content).parts
        if len(parts) > 2 and parts[0] == "events":
            owner = self.desk.content / "events" / parts[1]
            if owner.resolve() != event_folder.resolve():
                logs.append(owner)
        if not within(os.path.realpath(target), own):
            known = {os.path.realpath(log) for log in logs}
            for folder in sharing_events(self.desk.content, target):
                # (one log a folder, however many names it has: events/b and events/b-2025 -> b
                # both share the results folder, and b's log took the line twice)
                if (real := os.path.realpath(folder)) not in known:
                    known.add(real)
                    logs.append(folder)
        return logs

    def target(self) -> Path | None:
        """Where a save is read and written: the results file, or the file of content/ it leads to
        through links (the file's own, its results folder's; a round shared by two events, say),
        written into there, the link kept (put in place over the link, the new text made the
        round's file one of its own from the first save on, the linked one going without the
        result, unsaid). Resolved at each save, as the link is now. None when it leads outside
        content/ (file-outside-content, as the loader says of it): not read, not written through."""
        try:
            target = self.path.resolve()
        except (OSError, RuntimeError):  # (a loop of links: the reading says so, file-unreadable)
            return self.path
        return target if self.desk.content in target.parents else None

    def _put_back(self, target: Path, text: str, newline: str) -> None:
        """The results file (`target`, where it was read) as it was before a save that is held
        (`text`), if it is not so now and the system lets it be written: a held save must not
        stand in the file."""
        with contextlib.suppress(OSError, ValueError):
            if read_results(target) != (text, newline):
                write_results(target, text, newline)


WATCHED = (".yaml", ".yml", ".md")  # the event's files the desk reads, and so watches
SITE_FILE = "site.yaml"  # (content/'s, load_site's) read with the event, and so watched too


def _signal_build(process: asyncio.subprocess.Process, name: str) -> None:
    """SIGTERM or SIGKILL to the site build's whole process group (it leads a session of its
    own): its pool's workers and PDF printers with it, as Ctrl-C in a terminal reaches the
    whole group (the build is made to be stopped so). Signalled alone, the build left them
    running: killed, it has no clean-up of its own to end them. Only while the build is not
    yet reaped: until then its number is its group's and no other's; after, a group of that
    number could be another's. (asyncio reaps in a thread of its own, so the build may be
    reaped just before this step; its number is then handed out again only after the system
    has gone through every other one, far longer than this step.)"""
    if process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if hasattr(os, "killpg"):
            os.killpg(process.pid, getattr(signal, name))
        else:  # (no process groups)
            process.terminate() if name == "SIGTERM" else process.kill()


def _say(line: str) -> None:
    """A line the desk says on the terminal once it runs (every one: any may come while it
    stops): closed (the hang-up that stops it), the terminal refuses it (EIO), which must not
    cut short the stopping, nor a save being answered meanwhile."""
    from generator.commands.console import terminal

    with contextlib.suppress(OSError):
        terminal(line, error=True, flush=True)


def _file_state(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another without reading it: a rewrite in place
    changes its time or size, a replace (the desk's writes, most editors') its inode."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


def _watched_files(content: Path, folder: Path) -> dict[str, tuple[int, int, int]]:
    """The state of each file the event's reading reads (the watcher reports changes of): the
    event's folder's, and content/site.yaml (load_site: the site's language, its `private:`
    keys an entry may write, its `content_locale`), by path. An event reads no other file
    outside its folder (content/files.py's of_the_event refuses one), but through a link there:
    results/ a link to a club's folder elsewhere in content/. The folder is walked as the
    build's key of the event walks it (render/incremental.py's _files: one walk for both, so
    that the desk sees a hand edit the build does, and no other), each file by the path the
    loader reads it by, its state (_file_state's) from the walk's own look at it."""
    found = {}
    site = content / SITE_FILE
    if (state := _file_state(site)) is not None:
        found[str(site)] = state
    root = os.fspath(folder)
    for relative, stats in event_files(root, content=os.fspath(content)):
        if relative.endswith(WATCHED):
            found[f"{root}/{relative}"] = (stats.st_ino, stats.st_mtime_ns, stats.st_size)
    return found


def _cookies_named(request: Request, name: str) -> list[str]:
    """Every value the request's cookies give `name`. A browser sends two of one name when their
    paths differ (an older desk's session cookie, Path=/, beside this run's), the longer path
    first, and Starlette's request.cookies keeps the last: this run's would be lost."""
    found = []
    for header in request.headers.getlist("cookie"):
        for part in header.split(";"):
            key, equals, value = part.partition("=")
            if equals and key.strip() == name:
                found.append(value.strip())
    return found


def _hashed(session: str) -> bytes:
    return hashlib.sha256(session.encode("utf-8", "surrogatepass")).digest()


def readable_text(path: Path) -> str:
    """A results file's text for a form; empty when it cannot be read now (not UTF-8, gone while
    its round is kept): the form is then filled from what is typed, and a save is held."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return ""


def site_cards_css() -> str:
    """The site's rules that show a results table of class "cards" as a card a row on a phone
    (style.css's `@media screen and (max-width: 40rem)` block holding `table.cards`): the desk's
    standings are the site's on a phone, by the same rules, not a copy that drifts from them."""
    css = (TEMPLATES.parent / "style.css").read_text(encoding="utf-8")
    for found in re.finditer(r"@media[^{]*max-width: 40rem\)\s*\{", css):
        depth, end = 1, found.end()
        while depth and end < len(css):
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        block = css[found.start():end]
        if "table.cards {" in block:
            return block
    return ""


# The check's warnings that say a match is not whole yet, in its game's words: a room still to
# enter (`room-pending`, Guandan's `guandan-room-pending`), boards of the round missing (bridge's
# `bridge-match-board-count`, 大怪路子's and 80分's `<game>-boards-missing`).
ROOM_WAITS = ("room-pending",)
BOARDS_WAIT = ("-board-count", "-boards-missing")


def not_played_text(t: Translator, gone: list[str]) -> str:
    """What the desk says of a table not played because its sides `gone` have withdrawn: one
    side ("P12 已退赛"), or both (two withdrawn pairs drawn together, as the hall screen's 这一桌
    不打 and the round's page say it: "P05、P12 均已退赛", not "P05, P12 has withdrawn")."""
    if len(gone) > 1:
        return t("desk_not_played_both_text", ids=t.series(gone))
    return t("desk_not_played_text", ids=gone[0])


def waiting_said(spot: forms.TableSpot, result: forms.Check, t: Translator) -> bool:
    """Whether the page already says why a match does not count yet: a warning of the check
    (ROOM_WAITS, BOARDS_WAIT), or the game's note of boards to come under the score."""
    if any(p.code.endswith(ROOM_WAITS + BOARDS_WAIT) for p in result.warnings):
        return True
    game = forms.GAMES[spot.event.game]
    return result.score is not None and game.waiting_for_boards(result.score, t) is not None


def whole_match(t: Translator, fields: list[Any], reasons: list[forms.Said] | tuple[()] = ()) -> str:
    """What a table, which saves once, enters before it saves: both rooms of a teams-of-four
    match (its form has rooms), else the whole match. With `reasons` (why the match typed is
    not whole yet), the heading over them says what they say: boards of the round still
    missing (BOARDS_WAIT: bridge's, 大怪路子's and 80分's) is not "enter both rooms", which a
    match with every board typed in both rooms and boards short was told (大怪路子's and 80分's
    `-boards-missing` still were, only bridge's code being known)."""
    if any(reason.code.endswith(BOARDS_WAIT) for reason in reasons):
        return t("desk_boards_all", open=t("open_room"), closed=t("closed_room"))
    if any(item.room for item in fields):
        return t("desk_rooms_both", open=t("open_room"), closed=t("closed_room"))
    return t("desk_incomplete_refused")


def invalid_fields(errors: list[forms.Said]) -> dict[str, list[str]]:
    """Each field a problem is in -> the ids of the problems' lines in the page's error box
    (table.html: problem-1, problem-2…), for its aria-invalid and aria-describedby."""
    found: dict[str, list[str]] = {}
    for number, problem in enumerate(errors, start=1):
        for name in problem.fields:
            found.setdefault(name, []).append(f"problem-{number}")
    return found


def saved_text(t: Translator, fields: list[Any], result: forms.Check) -> str:
    """What a save says it did. A secretary may save part of a match (one room as its score
    sheet comes in): "saved, the result is in" followed by "not a whole result yet" said two
    things at once; a part saved says which room is in and which is still to enter."""
    if not result.incomplete:
        return t("desk_saved")
    rooms = list(dict.fromkeys(item.room for item in fields if item.room))
    typed = {item.room for item in fields if item.room and str(item.value or "").strip()}
    if len(rooms) == 2 and len(typed) == 1:
        (done,) = typed
        missing = next(room for room in rooms if room != done)
        return t("desk_saved_room", saved=t(f"{done}_room"), missing=t(f"{missing}_room"))
    return t("desk_saved_part")


def _now() -> str:
    """Now, as the desk keeps a time (UTC, ISO 8601; local_time shows it)."""
    return dt.datetime.now(dt.timezone.utc).isoformat()


def local_time(at: str, date: bool = False) -> str:
    """A time the desk noted (kept in UTC, ISO 8601) as the clock of the computer it runs on
    shows it: the secretary's laptop at the venue, whose time the hall keeps. The pages said
    "16:22 UTC", which no one at a venue eight hours east reads at a glance (rev66). A time
    without a zone is taken as UTC, as the desk writes them; one it cannot read is shown as kept."""
    try:
        when = dt.datetime.fromisoformat(at)
    except ValueError:
        return at
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.astimezone().strftime("%Y-%m-%d %H:%M" if date else "%H:%M")


def digits(text: str | bytes) -> bool:
    """ASCII digits only: str.isdigit() takes "²" (and other scripts' digits), which int()
    refuses (/admin/sheets/s1/² was a 500). Bytes too: a header as the server hands it over."""
    return re.fullmatch(b"[0-9]+" if isinstance(text, bytes) else "[0-9]+", text) is not None


def unsafe_desk_file(error: UnsafeDeskFile) -> ContentError:
    """Why a save is held: the audit log or the write lock is a link, or not a regular file of
    the user's own (store.UnsafeDeskFile), as `check` says it."""
    return ContentError("desk-file-unsafe", Mark(error.path), {"path": error.path.name})


def write_failed(path: Path, error: OSError) -> ContentError:
    """Why a save is held: the system refused to write `path` (the round's file, the audit log,
    the write lock), in the system's words (no space left, read-only file system, permission
    denied, an input/output error). Not "not your file" (UnsafeDeskFile): the file may well be."""
    return ContentError("desk-write-failed", Mark(path), {"path": path.name, "reason": desk_reason(error)})


def tokens_unwritable(error: TokensUnwritable) -> ContentError:
    """The desk's refusal to start when its tokens file cannot be written (store.Tokens: why it
    refuses), with the file, the system's reason in the site's words and the folder to mend; the
    file there one to be set aside (not sealed, unreadable, unsafe), its own code: left where it
    was, its links still change at the next start, which "the links stay the same" would deny."""
    code = "desk-tokens-unwritable-set-aside" if error.set_aside_why else "desk-tokens-unwritable"
    return ContentError(code, Mark(error.path),
                        {"path": error.path, "folder": error.path.parent, "reason": desk_reason(error.error)})


def _close_all(descriptors: list[int]) -> None:
    for fd in descriptors:
        with contextlib.suppress(OSError):
            os.close(fd)


def hard_linked(path: Path, other: Path, content: Path, target: Path | None = None) -> ContentError:
    """Why a save is held: the round's file has another name in content/, `other` (a hard link),
    which a save would split (Writer._apply_once says why it is not written in place); said as
    what it is when it is a temporary file that `paibang pair` linked into place and was stopped
    before it could remove (seals._put_new: linked, not renamed, so that a round's file written
    meanwhile is never replaced), whose fix is to delete it, not the symbolic link."""
    name = (Path(content.name) / other.relative_to(content)).as_posix()  # (as the terminal names the round's file)
    code = "desk-results-pair-leftover" if _PAIR_TEMPORARY.fullmatch(other.name) and \
        other.name.startswith(f"{(target or path).name}.tmp-") else "desk-results-hard-linked"
    return ContentError(code, Mark(path), {"path": path.name, "other": name})


# seals._write_whole's temporary beside the file: `<name>.tmp-<process>-<thread>`
_PAIR_TEMPORARY = re.compile(r".+\.tmp-[0-9]+-[0-9]+")


def hard_links(path: Path) -> int:
    """How many names the file at `path` has (its hard links); 1 when it cannot be looked at (its
    reading then says why)."""
    try:
        return os.stat(path).st_nlink
    except OSError:
        return 1


def other_name(content: Path, target: Path) -> Path | None:
    """Another name than `target` of the file `target` that the build reads (a hard link, or a
    symbolic link to one), or None: content/site.yaml, and in each folder of content/events/ (as
    the loader lists them, snapshot.event_folders: a link to one counts) a results file,
    results/<name>.yaml or .yml, read through a results folder that is a link too, or a file
    outside results/ (event.yaml, and what it may name: a notice, an entries file, a hands
    file), by the path the loader reads it by; and `paibang pair`'s temporary beside `target`
    (hard_linked says it). A second name anywhere else is no reading's: a secretary's backup by
    `ln` (content/notes/round-4.yaml.bak, results/round-4.yaml.bak) keeps its old text as one
    outside content/ does, the save saved by the rename. Folders the loader never reads are not
    walked: content/'s own (.git, the desk's .paibang-desk, notes/), an event's hidden ones
    (.git); nor one that leads out of content/ (read as file-outside-content, or not at all),
    nor, but for results/, one that leads out of the event's own folder (a file event.yaml names
    there is refused, file-outside-event; events/b/up -> ../.. walked all of content/).
    A file of the same inode number looked at once more, for its device (another disk mounted
    inside content/). A folder that cannot be listed is passed over."""
    try:
        wanted = os.stat(target)
        real_content = os.path.realpath(content)
        real_target = os.path.realpath(target)
    except OSError:
        return None
    leftover = re.compile(re.escape(os.path.basename(real_target)) + r"\.tmp-[0-9]+-[0-9]+")

    def same(entry: os.DirEntry[str] | Path) -> bool:
        with contextlib.suppress(OSError):
            found = os.stat(entry)  # (through a link: a symbolic link to the other name is read as it)
            if (found.st_dev, found.st_ino) != (wanted.st_dev, wanted.st_ino):
                return False
            real = os.path.realpath(entry)
            return real != real_target and within(real, real_content)
        return False

    def inode_may_be(entry: os.DirEntry[str]) -> bool:  # (from the listing: no look at an ordinary file)
        with contextlib.suppress(OSError):
            return entry.is_symlink() or entry.inode() == wanted.st_ino
        return False

    if same(content / SITE_FILE):
        return content / SITE_FILE
    for folder in snapshot.event_folders(content / "events"):
        if not within(real_event := os.path.realpath(folder), real_content):
            continue  # (an event folder linked out of content/: neither built nor saved into)
        folders, walked = [str(folder)], set()
        while folders:
            at = folders.pop()
            if (real := os.path.realpath(at)) in walked:
                continue  # (a link to a folder walked already, or a cycle of links)
            walked.add(real)
            results = at == str(folder / "results")
            try:
                with os.scandir(at) as entries:
                    for entry in entries:
                        if entry.name.startswith(".") and not results:
                            continue  # (a hidden folder or file of the event's: .git, an editor's)
                        if not results and entry.is_dir():
                            # Results/ where it leads inside content/ (the loader reads a round
                            # through a link anywhere there), any other folder inside the event's
                            # own (a file event.yaml names in a folder leading out of it is refused,
                            # file-outside-event): never one out of content/ (a dead mount waits for
                            # ever), nor one leading up (events/b/up -> ../.., all of content/).
                            inside = real_content if at == str(folder) and entry.name == "results" else real_event
                            if within(os.path.realpath(entry.path), inside):
                                folders.append(entry.path)
                            continue
                        if results and not (entry.name.endswith((".yaml", ".yml")) or leftover.fullmatch(entry.name)):
                            continue  # (results/: the loader reads its .yaml and .yml files alone)
                        if inode_may_be(entry) and same(entry):
                            return Path(entry.path)
            except OSError:
                continue
    return None


def sharing_events(content: Path, target: Path) -> list[Path]:
    """The folders of content/events/ (snapshot.event_folders) whose results folder leads to the
    folder `target` lies in, through a folder link (events/b/results -> ../../shared-results): the
    events whose loader reads `target` as a round of theirs, by name order. (A results folder of
    b's holding a file link of its own to `target` is not looked for: that is one listing of
    every event's results folder at each save.)"""
    try:
        where = os.path.realpath(os.path.dirname(target))
        real_content = os.path.realpath(content)
    except OSError:
        return []
    found = []
    for folder in snapshot.event_folders(content / "events"):
        with contextlib.suppress(OSError):
            results = os.path.realpath(folder / "results")
            if results == where and within(os.path.realpath(folder), real_content):
                found.append(folder)
    return found


def not_read_back(path: Path) -> ContentError:
    """Why a save is held: the whole round trip's text for it reads otherwise than the file, away
    from the saved tables (store.RoundEdit.render)."""
    return ContentError("desk-not-read-back", Mark(path), {"path": path.name})


class NotARound(ValueError):
    """A results file that reads as YAML but is no round's results: not a mapping (emptied, a
    list), or its `tables:` no list. The desk has no table there to write into."""


def unwritable(path: Path, error: BaseException) -> ContentError:
    """Why a results file cannot take a save, as `check` says it: the content loader's first
    error in it (file, line, column, message, fix); else that the file cannot be read. A
    refusal of the system's is said in the site's language where it is a known one
    (system_reason), not in the system's English: the loader would read the same refusal."""
    if isinstance(error, (snapshot.TooLarge, snapshot.NotRegular)):
        # (refusals of the loader's, not the system's: said as `check` says them, file-too-large
        # with the limit and the fix; they were "cannot read the file: 2226299 bytes")
        problems = Problems()
        load_yaml(path, problems)
        if problems.errors:
            return problems.errors[0]
    if isinstance(error, OSError):
        return ContentError("file-unreadable", Mark(path), {"reason": desk_reason(error, reading=True)})
    if isinstance(error, NotARound):  # (its reason was the bare word "tables")
        return ContentError("desk-results-not-a-round", Mark(path), {"path": path.name})
    problems = Problems()
    try:
        load_yaml(path, problems)
    except Exception:  # noqa: BLE001 - the reason below says it in paibang's words anyway
        pass
    found = [p for p in problems.items if not p.warning]
    if found:
        return found[0]
    # (what the reading raised, in no words of the site's: that reading failed, as the admin
    # page's note says it, not an exception's English inside a Chinese line)
    return ContentError("file-unreadable", Mark(path), {"reason": catalogues.word("desk_reason_unread")})


def desk_reason(error: OSError, reading: bool = False) -> str | dict[str, str]:
    """Why the system refused a file, as the desk's notes say it: a known refusal in the site's
    words (errors.system_reason, the one table of them); any other the system's reason by its
    code (EIO), which is the same in every language, in the site's words around it, not the C
    library's English inside a Chinese line."""
    found = system_reason(error, reading)
    if isinstance(found, dict) or not error.errno:
        return found
    return catalogues.word("desk_reason_system", code=errno.errorcode.get(error.errno, str(error.errno)))


def filed_lines(spot: forms.TableSpot, typed: list[Any], t: Translator, used: bool = True) -> tuple[list[str], str]:
    """The table's result as its file has it now, in the computed score's words, then, where
    what this form typed (`typed`: its fields) differs from it, a line saying so and where to go:
    a save refused because another phone saved the table first (desk_once). With the room the
    file has alone (forms.one_room_entered) when that is the secretary's, not a phone's (the
    table's link not `used`): no phone saved first, the desk entered one room from its sheet
    while this form was open; the page says so and where the other room's sheet goes, and shows
    no score, which would be one room's as if it were the match's."""
    text = readable_text(spot.path)
    fields = forms.fields_for(spot, text, table=forms.current_table(spot, text))
    one_room = "" if used else forms.one_room_entered(fields)
    if one_room:
        return [], one_room
    filled = forms.box_or_boxes(fields, {item.name: item.value for item in fields})  # (the boxes, not the box besides)
    result = forms.check(spot, text, forms.record_from(spot, filled))
    lines = forms.score_lines(spot, result.score, t) if result.score is not None and result.ok else []
    if forms.differs_from_file(typed, {item.name: item.value for item in fields}, t):
        lines.append(t("desk_once_differs"))
    return lines, ""


def stale_after(result: EventResult | None, stage: str, number: int) -> list[Any]:
    """The draws drawn on standings that have changed since (StageResult.stale_draws) that a save
    of a table of round `number` of `stage` bears on: a later round of that stage, or a
    knockout's round 1 drawn on that stage's standings. Once a correction made a draw stale, the
    event's every later save would find it so; the alert belongs to the saves of what the draw
    was drawn on (the admin page lists every one). Each stage's result with those rounds only,
    as the site's stale_draws macro reads it."""
    found = []
    for stage_result in result.stages if result is not None else []:
        # a knockout seeded by a stage's standings, or a Swiss or round robin drawn from its
        # qualifiers (event.py's _field_as_drawn): its round 1, drawn on that stage's standings
        first = [draw for draw in stage_result.stale_draws if draw.round == 1]
        if stage_result.drawn_from and stage_result.drawn_from == stage and first:
            found.append(replace(stage_result, stale_draws=first,
                                 stale_notes=[note for note in stage_result.stale_notes if not note[0]]))
            continue
        # (a knockout's as well: its own stale draws are its round 1's, drawn on the stage before
        # and said above with that stage's saves, which no save of its own rounds comes before;
        # a later round's draw is never made stale by a save, since a correction that changes
        # who went through to it is refused: drawn_after)
        if stage_result.stage.id != stage:
            continue
        rounds = [draw for draw in stage_result.stale_draws if draw.round > number]
        # the notes (a correction each: StageResult.stale_notes) of the rounds drawn after it
        notes = [note for note in stage_result.stale_notes if any(drawn > number for drawn in note[2])]
        if rounds:
            found.append(replace(stage_result, stale_draws=rounds, stale_notes=notes))
    return found


def drawn_after(result: EventResult | None, spot: forms.TableSpot, check: forms.Check) -> list[ContentError]:
    """A knockout table's record that would send another side into a later round already drawn
    (knockout.correction_drawn_after): refused, with what to do. Saved, check would fail the
    event and the site would keep its old champion; the stage page, never built then, could not
    say why. (The bracket as last scored: the files a later round was drawn into are older than
    the save that reads them.)"""
    if spot.stage.format != "knockout" or check.score is None or not check.ok or result is None:
        return []
    bracket = next((s.bracket for s in result.stages if s.stage.id == spot.stage.id), None)
    if bracket is None:
        return []
    problems = Problems()
    files = {r.number: r.source.name for r in spot.event.rounds.get(spot.stage.id, [])}
    if check.incomplete:
        # a room cleared (the match left without a winner) once its winner's next match is
        # drawn: check would then refuse the event (knockout-drawn-before-undecided), said so now
        undecided_drawn_after(bracket, spot.number, list(spot.table.sides), files, Mark(spot.path), problems)
        return problems.items
    correction_drawn_after(forms.GAMES[spot.event.game], spot.stage, bracket, spot.number, check.score, files,
                           Mark(spot.path), problems)
    return problems.items


def link_redrawn(desk: Any, ids: tuple[str, int, int], sent: str | None) -> Response | None:
    """The page of a table's link printed for a match no longer drawn at that table (the round
    drawn again, tables swapped by hand: store.Tokens.ensure), or None for any other link. Said
    as what it is, with what to do, not "no access": the captains hold a slip the desk printed.
    Nothing of the match now there is shown."""
    problem = redrawn_problem(desk, ids, sent)
    if problem is None:
        return None
    return desk.page("message.html", 410, title=problem.message(desk.locale), text=problem.hint(desk.locale))


def redrawn_problem(desk: Any, ids: tuple[str, int, int], sent: str | None) -> ContentError | None:
    """desk-link-redrawn when `sent` is the token of table `ids` for a match drawn there before."""
    if not sent or not desk.tokens.retired_table(table_key(*ids), sent):
        return None
    stage, number, table = ids
    name = next((s.name for s in desk.event.stages if s.id == stage), stage) if desk.event else stage
    # (a link the secretary renewed, its slip lost or seen: said as that, not as a redraw)
    code = "desk-link-renewed" if desk.tokens.renewed(sent) else "desk-link-redrawn"
    return ContentError(code, Mark(desk.folder / "results"), {"stage": name, "round": number, "table": table})


# The secretary's page at a mass event's size: a round of more tables than ADMIN_ALL_UP_TO is
# listed ADMIN_PAGE tables at a time, with a box to go to a table by its number and a filter of
# the tables still waiting; a round of fewer is listed whole, as ever. 1,000 tables on one page
# were 478 kB that a laptop's browser took seconds to lay out, with no way to find table 734
# but the browser's own find (and none on a phone). Without JavaScript: links and a GET form.
ADMIN_ALL_UP_TO = 100
ADMIN_PAGE = 50


@dataclass
class AdminChoice:
    """What the secretary asked of the admin page's rounds (its query): which round is open (a
    large one: the others are summed up in a line), the page of its tables, only those waiting,
    a table to go to."""
    stage: str = ""
    number: int = 0
    page: int = 1
    waiting: bool = False
    table: int | None = None
    asked_table: str = ""  # (as typed, said back when the round has no such table)
    after: int | None = None  # (the waiting tables after this table's number: admin_rounds)

    @classmethod
    def of(cls, query: Any) -> AdminChoice:  # noqa: ANN401 - Starlette's QueryParams
        def number(name: str) -> int | None:
            text = (query.get(name) or "").strip()
            return int(text) if digits(text) and len(text) < 10 else None

        asked = (query.get("table") or "").strip()[:20]
        return cls(stage=query.get("stage") or "", number=number("round") or 0, page=number("page") or 1,
                   waiting=query.get("waiting") == "1", table=number("table"), asked_table=asked,
                   after=number("after"))


def admin_rounds(rounds: list[dict[str, Any]], choice: AdminChoice, prefix: str) -> tuple[list[dict[str, Any]], str | None]:
    """The admin page's rounds as `choice` shows them, and where to send the browser instead (a
    table asked for by number: the page of its round that holds it, at its row's anchor), else
    None. A round of ADMIN_ALL_UP_TO tables or fewer is as rounds_view made it. Of the large
    ones, the open one (the one asked for, else the last drawn: at the top of the page) is cut
    to one page of its tables, or of those still waiting; each other is a line of its counts
    and a link that opens it."""
    large = [r for r in rounds if len(r["tables"]) > ADMIN_ALL_UP_TO]
    if not large:
        return rounds, None
    opened = next((r for r in large if r["stage"].id == choice.stage and r["number"] == choice.number), large[-1])
    for round_ in large:
        tables = round_["tables"]
        waiting = [t for t in tables if not t["entered"]]
        base = f"{prefix}/admin?stage={quote(round_['stage'].id)}&round={round_['number']}"
        round_["paged"] = paged = {"count": len(tables), "waiting": len(waiting), "open": round_ is opened,
                                   "base": base, "filter": False, "missing": ""}
        if round_ is not opened:
            round_["tables"] = []
            continue
        if choice.table is not None:
            place = next((i for i, t in enumerate(tables) if t["number"] == choice.table), None)
            # asked for from the waiting tables (the box, or the way back from a table's form
            # opened there): those waiting from it on, at its row if it is still waiting
            if place is not None and choice.waiting and not tables[place]["entered"]:
                before = max((t["number"] for t in waiting if t["number"] < choice.table), default=0)
                return rounds, f"{base}&waiting=1&after={before}#table-{choice.table}"
            # (an entered table, typed in the waiting view to correct it: the whole round's page
            # at its row; the waiting tables from the top, without it, were shown: rev81)
            if place is not None:  # (the whole round's page: the table may be entered already)
                return rounds, f"{base}&page={place // ADMIN_PAGE + 1}#table-{choice.table}"
        if choice.asked_table:
            paged["missing"] = choice.asked_table
        if choice.waiting:
            # The waiting tables paged by table number, a page the next ADMIN_PAGE after the last
            # one shown (`after`): paged by their place in the list, which shrinks as the
            # secretary enters them, page 1 showed tables 100-149, table 100 was entered, and
            # page 2 began at 151: table 150 was on no page.
            after = choice.after or 0
            later = [t for t in waiting if t["number"] > after]
            round_["tables"] = later[:ADMIN_PAGE]
            ahead = len(waiting) - len(later)
            last = round_["tables"][-1]["number"] if round_["tables"] else after
            link = f"{base}&waiting=1"
            paged.update(filter=True, page=ahead // ADMIN_PAGE + 1, pages=max(1, -(-len(waiting) // ADMIN_PAGE)),
                         shown=len(waiting), links=[],
                         first=link if ahead else "", next=f"{link}&after={last}" if len(later) > ADMIN_PAGE else "")
            continue
        pages = max(1, -(-len(tables) // ADMIN_PAGE))
        page = min(max(choice.page, 1), pages)
        round_["tables"] = tables[(page - 1) * ADMIN_PAGE:page * ADMIN_PAGE]
        paged.update(filter=False, page=page, pages=pages, shown=len(tables), first="", next="",
                     links=[(n, f"{base}&page={n}") for n in range(1, pages + 1)])
    return rounds, None


# The hall's screen over a mass round (1,000 tables): the whole draw on one projected page, 283 kB
# that no one could read and no one was there to scroll. A round of more tables than
# DRAW_ALL_UP_TO is sent DRAW_PAGE_TABLES at a time (`/screen?page=3`: tables 61-90), and the
# screen's own turning (screen.html, turnDraw) asks for the next page once it has shown this one,
# round and round; a smaller round is sent whole and turned on the screen as before.
DRAW_ALL_UP_TO = 40
DRAW_PAGE_TABLES = 30

# The live standings of a large field (a 2,000-team Swiss: 2,000 rows, endless on a phone at
# 390 px, and the hall's screen turning a hundred pages of them): a stage of more entries than
# LIVE_ALL_UP_TO shows its first LIVE_TOP, with a link to them all and a box to find one's own team
# or name (the desk finds it: a query, no script); a smaller stage is shown whole, as ever.
LIVE_ALL_UP_TO = 100
LIVE_TOP = 50
FIND_LONGEST = 60  # characters of a search kept (a name, a team's: longer is no one's)


@dataclass
class LiveChoice:
    """What a live standings view was asked for: every row (`all=1`), the rows of the entries
    whose number, name or player's name holds `find`, else a large stage's top rows. The hall's
    screen (`screen`) has no one to follow a link: its top rows, and where the rest are."""
    every: bool = False
    find: str = ""
    screen: bool = False

    @classmethod
    def of(cls, query: Any) -> LiveChoice:  # noqa: ANN401 - Starlette's QueryParams
        return cls(every=query.get("all") == "1", find=" ".join((query.get("find") or "").split())[:FIND_LONGEST])


def live_standings(views: list[dict[str, Any]], choice: LiveChoice) -> list[dict[str, Any]]:
    """Desk.standings_view's stages as `choice` shows them: each large one (more rows than
    LIVE_ALL_UP_TO) cut to its top LIVE_TOP rows, said so (`cut`: shown and all), unless all were
    asked for; with `find`, each stage's rows of the entries it matches (case aside: the
    entry's number, its name, a player's), each keeping its rank (`found`: how many)."""
    wanted = choice.find.casefold()
    for view in views:
        rows = view["rows"]
        view["large"] = len(rows) > LIVE_ALL_UP_TO
        if wanted:
            def matches(row: dict[str, Any]) -> bool:
                entry = row["standing"].entry
                names = [row["id"], row["label"], *(getattr(p, "name", "") or "" for p in getattr(entry, "players", ()))]
                return any(wanted in str(name).casefold() for name in names)

            view["rows"] = [row for row in rows if matches(row)]
            view["found"] = len(view["rows"])
        elif view["large"] and (choice.screen or not choice.every):
            view["rows"] = rows[:LIVE_TOP]
            view["cut"] = {"top": LIVE_TOP, "count": len(rows)}
        view["top"] = LIVE_TOP
    # (a stage none of whose entries match is left out: its "no results yet" would be a lie;
    # none matching at all, each stage's heading is kept, rowless, under what can be searched)
    kept = [view for view in views if view.get("found", 1)]
    return kept if kept or not wanted else views


# A table's score sheet printed in the desk's one thread (table_sheets: no forking in the server),
# in seconds: 1,000 tables of Guandan took 190 s of CPU (a reviewer's machine, 2026-12).
SHEET_SECONDS = 0.2
SHEETS_SAID_FROM = 200  # tables: fewer print in well under a minute
SHEETS_ASK_AGAIN_SECONDS = 5  # a click while its round prints: the page asks again after that
# The click that starts the print of a round of SHEETS_SAID_FROM tables or more waits for it this
# long at most, then is told it prints, as a click after it is (its page asking again, the PDF
# opened when printed): a round of 1,000 tables left the secretary's browser minutes on a blank
# page, past the time it gives up. A smaller round's click waits for its PDF, as it did.
SHEETS_WAIT_SECONDS = 15


# The sheets page's QR codes, each made once for its link: a round's page made 1,000 of them at
# every visit (11 ms each, 11 s a visit, the secretary printing in parts or looking again). Kept
# by the link itself, so a renewed token or another address (--lan) is another code, never an old
# one; bounded (four rounds of a mass event's 1,000 tables, 2.3 kB each: about 10 MB).
QR_KEPT = 4000


@functools.lru_cache(maxsize=QR_KEPT)
def table_qr(link: str) -> str:
    """Table `link`'s QR code as inline SVG, as the sheets page shows it."""
    import segno

    return segno.make(link, error="m").svg_inline(scale=3, border=2)


# The mask of each score sheet's QR code: given, not chosen (bulletins.qr_png). And each code
# kept by its link, as the sheets page's are (table_qr): a round printed again after a table was
# drawn again, or its sheets and then one table's alone, makes only the codes of new links.
SHEET_QR_MASK = 0


@functools.lru_cache(maxsize=QR_KEPT)
def sheet_qr(link: str) -> str:
    """Table `link`'s QR code as its printed score sheet shows it."""
    from generator.render.bulletins import qr_png

    return qr_png(link, mask=SHEET_QR_MASK)


def sheets_minutes(tables: int) -> int:
    """The minutes the desk takes to print `tables` score sheets, rounded up, when that is long
    enough to say on the sheets page (0 otherwise): a secretary who clicked and saw nothing for
    three minutes clicked again, and each click is another print of the whole round."""
    return -(-int(tables * SHEET_SECONDS) // 60) if tables >= SHEETS_SAID_FROM else 0


@dataclass
class SheetsPrint:
    """A round's score sheets being printed, or printed: one print of a round at a time. A
    secretary who clicked "print the PDF" and saw nothing for minutes clicked again, and each
    click started another print of the whole round (1,000 tables: 190 s of the desk's CPU each),
    each slowing the others. Now a click while the round prints is told so, with how far it has
    got, and the PDF printed is served until the round's sheets would differ (`drawn`)."""
    drawn: str  # sheets_drawn's digest of what the sheets print
    task: Any = None  # the print running, in a thread (an asyncio future)
    printed: int = 0  # of its parts (commands/printing.one_document's step)
    parts: int = 0
    pdf: bytes | None = None

    def step(self, printed: int, parts: int) -> None:  # (from the print's thread: two ints, read as they are)
        self.printed, self.parts = printed, parts

    @property
    def percent(self) -> int:
        return self.printed * 100 // self.parts if self.parts else 0


def sheets_drawn(desk: Any, stage: str, number: int) -> str:
    """A digest of what a round's score sheets print that may change while the desk runs: the
    round's tables and sides (a redraw, a table changed by hand), each side's entry (names,
    players), which tables are not played, each table's link (a link minted again), the stage,
    the event's title, the language and whether phones reach the desk (the QR codes or the note
    in their place). Not the results: a sheet is a blank form, and a round's results come in
    while its sheets are printed and handed out."""
    from generator.tournament.pairing import round_boards

    # ...and the date and boards each sheet prints: a `date:` mended in event.yaml or the round's
    # file, and board numbers that follow the rounds before (a round before it entered on other
    # boards), served the sheets printed before (rev72).
    found = [desk.locale, desk.content_locale, desk.base, desk.lan_command, desk.event.title,
             repr(desk.event.stage(stage)), desk.event.day_of(desk.event.stage(stage), number)]
    stage_result = desk.result.stage_of(stage)
    found += [round_boards(desk.event, stage_result, r) for r in stage_result.rounds if r.number == number]
    for round_ in desk.event.rounds.get(stage, []):
        if round_.number != number:
            continue
        for table in round_.tables:
            # (a double forfeit has no sheet, as a withdrawn team's table has none: round_forms)
            found.append((table.number, tuple(table.sides), [repr(desk.event.entries.get(side)) for side in table.sides],
                          desk.withdrawn_sides(stage, number, table.number) if len(table.sides) == 2 else [],
                          table.both_forfeit,
                          desk.link(table_key(stage, number, table.number)) if len(table.sides) == 2 else ""))
    return hashlib.blake2b(repr(found).encode(), digest_size=16).hexdigest()


def table_sheets(desk: Any, stage: str, number: int, step: Any = None, table: int | None = None) -> bytes:  # noqa: ANN401
    """The round's blank forms as one PDF, each page of a table with that table's link as its QR;
    with `table`, that table's pages alone (its link renewed: one sheet to print, not the round's
    999 pages); none there, b""."""
    from generator.commands.printing import one_document
    from generator.render.bulletins import round_forms

    forms = round_forms(desk.result, stage, number, desk.locale)
    if table is not None:
        for form in forms:
            form.pages = [page for page in form.pages if isinstance(page, dict) and page.get("table") == str(table)]
        forms = [form for form in forms if form.pages]
        if not forms:
            return b""
    # A desk no phone can reach (127.0.0.1, started without --lan: Desk.phones_reach) prints no
    # QR code on its sheets, and says why at the top of each sheet (the sheets go to different
    # tables). Not the code with a warning beside it: its link opens only on this
    # laptop, which reads no paper, while a phone scanning it opens its own 127.0.0.1 and fails;
    # a table meets that at the end of its match, reads the line after, if at all, and queues at
    # the desk. A sheet without a code is a plain score sheet that works (the referee fills it,
    # the desk enters it); the secretary, who looks at the print before handing it out, reads
    # how to get sheets phones can use. And the code holds the table's token, kept across
    # restarts (store.Tokens): sheets no phone could use would carry a link that writes the
    # table's result once the desk runs with --lan, for nothing.
    local = "" if desk.phones_reach else desk.t("desk_sheet_no_qr", address=desk.base, command=desk.lan_command)
    for form in forms:
        for page in form.pages:
            table = page.get("table") if isinstance(page, dict) else None
            if isinstance(table, str) and digits(table) and not desk.withdrawn_sides(stage, number, int(table)):
                if local:
                    page["qr_note"] = local
                else:
                    page["qr"] = sheet_qr(desk.link(table_key(stage, number, int(table))))
    # (their Chinese names and titles marked on an English desk's sheets, as print marks them)
    # (step only when asked for: the tests' stand-ins of one_document take none)
    return one_document(forms, desk.locale, desk.content_locale, **({"step": step} if step is not None else {}))


SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",  # a table link must not leak through a Referer
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "script-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
}


async def _form(request: Request) -> dict[str, str] | None:
    """The posted form (application/x-www-form-urlencoded), or None when it is too large."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    try:
        parsed = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=400)
    except ValueError:  # more fields than any form has
        return None
    return {k: v[-1] for k, v in parsed.items()}


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


class DeskWords:
    """The desk's words as they are at each call (its Translator, which Desk._follow_locale
    replaces when site.yaml's or event.yaml's `locale:` changes): the app's own messages and the
    live check's answers followed the language the desk started in, its pages the new one."""

    def __init__(self, desk: Desk) -> None:
        self._desk = desk

    def __call__(self, key: str, **params: object) -> str:
        return self._desk.t(key, **params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._desk.t, name)


def create_app(desk: Desk, allowed_hosts: tuple[str, ...] | None = None) -> Starlette:
    t = DeskWords(desk)

    def forbidden(request: Request) -> Response:
        desk.limits.allow(f"fail:{_client(request)}", RATE_FAILURES)
        return desk.page("message.html", 403, title=t("desk_forbidden"), text=t("desk_forbidden_text"))

    def too_many() -> Response:
        return PlainTextResponse("429", status_code=429, headers={"Retry-After": "60"})

    def refused_address(request: Request) -> bool:
        """Whether the request's address has had RATE_FAILURES tokens refused this minute. Asked
        only of a request whose token is not a valid one, since a hall's phones share the venue's
        one address (NAT): one phone mistyping its link must not lock out every table's valid
        link. So the count does not stop a guesser, who still tells a hit (200) from a miss (429):
        what makes guessing useless is the token's 128 random bits (secrets.token_urlsafe). The
        429 tells a script run amok to stop, and keeps its misses out of the work of a 403 page."""
        return not desk.limits.allow(f"fail:{_client(request)}", RATE_FAILURES, record=False)

    def refused(request: Request) -> Response:
        """A request whose token opens nothing: 429 once its address has guessed too often, else 403."""
        return too_many() if refused_address(request) else forbidden(request)

    def table_ids(request: Request) -> tuple[str, int, int] | None:
        try:
            return (request.path_params["stage"], int(request.path_params["round"]),
                    int(request.path_params["table"]))
        except (KeyError, ValueError):
            return None

    def admin_back(request: Request, ids: tuple[str, int, int], who: Any) -> str:  # noqa: ANN401
        """The secretary's way back from a table's form to the admin page's list where the table
        is (its page of a large round, at its row; of the waiting tables if opened from those:
        admin_rounds): after a save the form had no link back, and the page and filter were lost."""
        if who is None or who.kind != "admin":
            return ""
        stage, number, table = ids
        if request.query_params.get("waiting") == "1":
            # the waiting tables from this one on (it, if still waiting, at its row; once saved,
            # the next ones): the secretary works down them. Not `table=`, which for a table
            # entered goes to the whole round's page at its row (a table typed to correct it)
            return f"{desk.prefix}/admin?stage={quote(stage)}&round={number}&waiting=1&after={table - 1}#table-{table}"
        return f"{desk.prefix}/admin?stage={quote(stage)}&round={number}&table={table}"

    async def table_page(request: Request) -> Response:
        ids = table_ids(request)
        if ids is None:
            return refused(request)
        key = table_key(*ids)
        form: dict[str, str] | None = {}
        if request.method == "POST":
            form = await _form(request)
            if form is None:
                return PlainTextResponse("413", status_code=413)
        sent = (form or {}).get("k") or request.query_params.get("k")
        who = desk.who(request, key, sent)
        if who is not None or (sent and desk.tokens.retired_table(key, sent)):
            # the table as the files have it now: a round `paibang pair` has just drawn, which the
            # file watcher has not had read yet, refuses a correction that would change who
            # went through to it (drawn_after); its tables open. A link of a match drawn here
            # before or now (store.Tokens.ensure) as that reading has it: retired, or back.
            await desk.catch_up()
            who = desk.who(request, key, sent)
        if who is None and (redrawn := link_redrawn(desk, ids, sent)) is not None:
            return redrawn
        spot = desk.spot(*ids)
        if who is not None and who.kind == "table" and spot is None and desk.results_errors():
            # A valid link whose round the desk cannot read (a results file broken before the
            # desk ever read it): not "no access", but what it is; the admin page has the details.
            return desk.page("message.html", 503, title=t("desk_unreadable"), text=t("desk_unreadable_text"))
        gone = desk.withdrawn_sides(*ids) if who is not None else []
        if gone and who.kind == "admin":
            spot = desk.spot(*ids, withdrawn=True)  # (its forfeit: Desk.spot)
        if gone and spot is None:
            # a table link printed before the withdrawal: not "no access", but that nobody plays it
            return desk.page("message.html", 410, title=t("desk_not_played"), text=not_played_text(t, gone))
        if who is None:
            return refused(request)
        if spot is None and who.kind != "admin":
            return forbidden(request)
        if spot is None:
            return not_found_page(request, ids)
        if request.method == "GET":
            text = readable_text(spot.path)
            table = forms.current_table(spot, text)  # (read once for the page)
            # (a table's: the director's rulings read only, not the table's own result: has_record)
            fields = forms.fields_for(spot, text, table=table, keep_directors=who.kind == "table")
            recorded = forms.has_record(spot, table, forms.kept_boards(fields))
            done = who.kind == "table" and (desk.tokens.used(key) or recorded)
            # The secretary's one room in (its sheets came first), the table's link still refuses:
            # a table's save writes the whole match, so letting the phone fill the other room would
            # let it overwrite the room the desk entered from the signed sheet, unseen; two hands on
            # one match is what the secretary does not expect. The page says which room the desk has
            # and that the other room's sheet goes to the desk (forms.one_room_entered).
            one_room = forms.one_room_entered(fields) if done and recorded and not desk.tokens.used(key) else ""
            # The whole result in the file and no phone's save of it: the secretary entered it (or
            # mended the file by hand). "Already sent", which this table never did, had the
            # captains doubting their own phone; the page says the desk has it.
            by_desk = bool(done and recorded and not one_room and not desk.tokens.used(key))
            held = desk.tokens.held(key)
            if held and not recorded:
                # what the table typed when the file could not take it: on its form again (with the
                # rows of the boards' numbers it typed, a match whose boards nothing says)
                if forms.BOARD_NUMBERS in held["typed"]:
                    fields = forms.fields_for(spot, text, table=table, keep_directors=who.kind == "table",
                                              numbers=held["typed"][forms.BOARD_NUMBERS])
                forms.typed_into(fields, forms.held_typed(fields, held, spot.sides), secretary=who.kind == "admin")
            else:
                held = None
            return desk.page("table.html", spot=spot, who=who, csrf=desk.csrf(who), fields=fields, check=None,
                             back=admin_back(request, ids, who),
                             errors=[], warnings=[], incomplete=[], done=bool(done), saved=False, lines=[], held=held,
                             one_room=one_room, by_desk=by_desk, forfeit_said=forms.forfeit_said(spot, fields, False),
                             filed=forms.as_filed(spot, table),
                             broken=bool(desk.unreadable(spot.path)))
        if not desk.limits.allow(f"post:{who.token}", RATE_POSTS):
            return too_many()
        if not desk.csrf_ok(who, form.get("csrf", "")):
            return forbidden(request)
        action = form.get("action", "preview")
        typed = {k: v for k, v in form.items() if k not in ("k", "csrf", "action", "confirm", "filed")}
        # A save refused because the table changed in the file since the form was shown: its
        # "reload" sends what was typed back, to be shown over the table as the file has it now
        # (the form's digest that file's, so a save from there lands), checked, and beside it
        # what the file now has where it differs. A link that loaded the file's table alone
        # dropped everything typed.
        reload = action == "reload"
        filed = None if reload else form.get("filed", "")
        outcome = await anyio.to_thread.run_sync(desk.submit, spot, typed, who, action == "save",
                                                 form.get("confirm", ""), filed)
        result: forms.Check = outcome["check"]
        lines = forms.score_lines(spot, result.score, t) if result.score is not None and result.ok else []
        # the problems as the form says them (its rooms and fields, not the results file's keys)
        at_table = who.kind == "table"  # (a problem in a field only the secretary's form shows: said so)
        errors = forms.said(spot, result, [p for p in result.problems if not p.warning], outcome["fields"], t, at_table)
        warnings = forms.said(spot, result, result.warnings, outcome["fields"], t, at_table) if result.ok else []
        incomplete: list[forms.Said] = []
        if result.ok and result.incomplete and who.kind == "table":
            # A table saves once, the whole match: what is missing is why it cannot save yet,
            # never a warning under "may still be saved" (the secretary's, who may save one room)
            incomplete, warnings = warnings, []
        elif result.ok and result.incomplete and not outcome["saved"] and not waiting_said(spot, result, t):
            # said once: the check's warning (a room still to enter, boards missing) and the
            # game's note under the score ("还有 4 副未录入：录全后才…计入排名") each say it
            # already, and this line under them was the third time on one page
            lines.append(t("desk_incomplete"))
        stale: list[Any] = []
        if outcome["saved"] and who.kind == "admin":
            # A correction after a later round was drawn on the old result (event-day.md): said
            # with the save, as the stage page and check say it, so the event is read now, and
            # that reading is the scorer's too (the views are told of it). (The secretary's
            # saves only: a table enters a round before the next is drawn, and fifty tables'
            # saves must not wait on it; theirs the scorer reads after, coalesced.)
            if await desk.rescore():
                stale = stale_after(desk.result, spot.stage.id, spot.number)
        elif outcome["saved"]:
            desk.changed(spot)
        if action == "check":
            def said(problems: list[forms.Said]) -> list[dict[str, Any]]:
                return [{"message": p.message, "hint": p.hint, "fields": list(p.fields)} for p in problems]

            # the blocks' headings, for the page to say them only when they apply (table.html)
            headings = {"warnings": t("desk_warnings"), "score": t("desk_computed"),
                        "incomplete": whole_match(t, outcome["fields"], incomplete),
                        # (the live standings' name in a line, which the page links to them)
                        "standings": t("desk_standings")}
            if outcome.get("forfeit"):
                # (the desk entered this table's no-show forfeit while the form was open: the live
                # check says so, as the save would, never "ok" over a table already entered: rev64)
                return JSONResponse({
                    "ok": False, "empty": False, "lines": [], "headings": headings,
                    "problems": [{"message": t("desk_once_forfeit_meanwhile", id=outcome["forfeit"]), "hint": "",
                                  "fields": []}],
                    "warnings": [], "incomplete": [], "waiting": False}, headers=SECURITY_HEADERS)
            answer = {
                "ok": result.ok, "empty": result.empty, "lines": lines, "headings": headings,
                "problems": said(errors), "warnings": said(warnings), "incomplete": said(incomplete),
                "waiting": result.ok and result.incomplete and who.kind == "table"}
            if any(item.name == forms.BOARD_NUMBERS for item in outcome["fields"]):
                # A match whose boards' numbers the table types (desk-board-numbers): its rows as
                # the form would draw them from "13-20" typed, for the page to draw them as it is
                # typed; they came only with "Check the score", the page sent whole.
                answer["boards"] = sorted({item.board for item in outcome["fields"] if item.board})
                answer["rows"] = desk.env.get_template("_board_rows.html").render(
                    desk=desk, event=desk.event, spot=spot, who=who, fields=outcome["fields"],
                    invalid=invalid_fields(errors) if not result.ok else {})
            return JSONResponse(answer, headers=SECURITY_HEADERS)
        status = 200 if result.ok or result.empty else 422
        if outcome["refused"]:
            status = 409
        one_room = ""  # (desk_once: the room the secretary entered meanwhile, filed_lines)
        meanwhile = False  # (desk_once with no phone's save: the secretary entered the table meanwhile)
        forfeit = ""  # (desk_once: the no-show's forfeit the secretary entered meanwhile)
        if outcome["refused"] == "desk_once":
            # Another phone saved this table first: what stands is the file's, shown under
            # 计算结果, not what this phone typed (the captains saw a result that was not saved);
            # or, no phone having saved, the secretary entered one room meanwhile, or the whole
            # match: said so, not "already sent", which this table never did
            used = bool(desk.tokens.used(key))
            lines, one_room = await anyio.to_thread.run_sync(filed_lines, spot, outcome["fields"], t, used)
            meanwhile = not used
            forfeit = outcome.get("forfeit", "")
        unsaved = outcome.get("held")
        if unsaved is not None:
            status = 503  # not saved, for now: the form again, its values kept
        return desk.page("table.html", status, spot=spot, who=who, csrf=desk.csrf(who), fields=outcome["fields"],
                         back=admin_back(request, ids, who),
                         check=result, errors=errors, warnings=warnings, incomplete=incomplete, stale=stale, lines=lines,
                         one_room=one_room, meanwhile=meanwhile, forfeit=forfeit,
                         invalid=invalid_fields(errors) if not result.ok else {},
                         saved=outcome["saved"], saved_text=saved_text(t, outcome["fields"], result),
                         forfeit_said=forms.forfeit_said(spot, outcome["fields"], outcome["saved"]),
                         refused=outcome["refused"],
                         done=outcome["saved"] and who.kind == "table", unsaved=unsaved,
                         confirm=outcome.get("confirm", ""), unchanged=outcome.get("unchanged", False),
                         filed=outcome["filed"], reloaded=reload, differs=outcome["differs"] if reload else [],
                         broken=unsaved is None and bool(desk.unreadable(spot.path)))

    def restarted(request: Request, status: int) -> Response:
        """A secretary's page of an earlier run of the desk (its prefix is random for each run, and
        ends with it): what happened and what to do, never where the pages are now; a form sent
        there was not saved, and says so."""
        text = "desk_restarted_unsaved" if request.method == "POST" else "desk_restarted_text"
        return desk.page("message.html", status, title=t("desk_restarted"), text=t(text))

    async def not_found(request: Request, _error: Exception) -> Response:
        path = request.scope["path"]
        if path.startswith("/s/") and not path.startswith(desk.prefix + "/"):
            # under another run's prefix: the secretary's bookmark, or a form open across a restart
            return restarted(request, 404)
        return not_found_page(request)

    def not_found_page(request: Request, table: tuple[str, int, int] | None = None) -> Response:
        """An address the desk has no page for, said in the event's language with what to check (a
        bare "404" told a phone at the table nothing): a table not in its round by its stage, round
        and table number; the secretary is pointed back to the admin page."""
        secretary = request.scope["path"].startswith(desk.prefix + "/")
        back = t("desk_method_back") if secretary else ""
        if table is None:
            text = t("desk_not_found_text", back=back)
        else:
            stage, number, table_number = table
            stage = next((s.name for s in desk.event.stages if s.id == stage), stage)
            text = t("desk_not_found_table", stage=stage, round=number, table=table_number, back=back)
        return desk.page("message.html", 404, title=t("desk_not_found"), text=text.strip())

    async def wrong_method(request: Request, error: Exception) -> Response:
        """A route asked with a method it does not take (Starlette's bare "Method Not Allowed"):
        the desk's page in the event's language. A form sent to a page that is only opened says
        nothing was saved; the secretary is sent back to the admin page, which is under the prefix
        too (the prefix is not named elsewhere: Desk.prefix)."""
        secretary = request.scope["path"].startswith(desk.prefix + "/")
        back = t("desk_method_back") if secretary else ""
        text = t("desk_method_unsaved" if request.method == "POST" else "desk_method_text", back=back).strip()
        response = desk.page("message.html", 405, title=t("desk_method"), text=text)
        response.headers.update(getattr(error, "headers", None) or {})  # (Allow: what the route takes)
        return response

    async def login(request: Request) -> Response:
        """The admin link: the token leaves the address bar for a session cookie sent under the
        prefix only (Desk.start_session), then the admin page there."""
        sent = request.query_params.get("k")
        if not sent:
            # /admin without its token (a bookmark, the link cut short): no guess at the token,
            # so not counted as a refused one. Said as it is: the link lacks its key, and where the
            # secretary's link is; not "the desk has restarted", which it need not have done.
            return desk.page("message.html", 403, title=t("desk_no_key"), text=t("desk_no_key_text"))
        if not desk.is_admin(sent):
            return refused(request)
        response = RedirectResponse(f"{desk.prefix}/admin", status_code=303, headers={"Referrer-Policy": "no-referrer"})
        response.set_cookie(desk.cookie, desk.start_session(), max_age=SESSION_SECONDS, httponly=True,
                            samesite="strict", path=f"{desk.prefix}/")
        # Older desks' cookies, sent to every port and path: one held the admin token itself, the
        # next a session under this very name. Gone (sent to /admin, outside every prefix, either
        # has Path=/).
        for name in (COOKIE, desk.cookie):
            if name in request.cookies:
                response.delete_cookie(name, path="/", httponly=True, samesite="strict")
        return response

    async def admin(request: Request) -> Response:
        who = desk.who(request, None, None)
        if who is None:
            return refused(request)
        await desk.catch_up()  # (a round drawn a moment ago listed, with its tables' links)
        choice = AdminChoice.of(request.query_params)
        rounds, elsewhere = admin_rounds(desk.rounds_view(), choice, desk.prefix)
        if elsewhere is not None:  # (a table asked for by number: its page, at its row)
            return RedirectResponse(elsewhere, status_code=303, headers=SECURITY_HEADERS)
        # a round asked for that is not drawn (?round=9 of a Swiss of 3): said, not another
        # round's tables shown in its place as though they were its
        no_round = choice.number if choice.number and not any(
            r["number"] == choice.number and (not choice.stage or r["stage"].id == choice.stage) for r in rounds) else 0
        return desk.page("admin.html", who=who, csrf=desk.csrf(who), now=time.time(), rounds=rounds,
                         no_round=no_round)

    async def build_log(request: Request) -> Response:
        """All the last site build said (its problems, each with its file and line): the admin
        page's site line gives its first line only. The secretary's alone: it names content paths."""
        if desk.who(request, None, None) is None:
            return forbidden(request)
        return PlainTextResponse(desk.build_output or "", headers=SECURITY_HEADERS)

    async def site_state(request: Request) -> Response:
        """The admin page's site line alone, for the page to show it again as the site's build
        goes (SITE_STATE_POLL_SECONDS), without a reload: the secretary's alone, as build-log
        is (a failed build's line names the content's files), and never kept by a cache."""
        if desk.who(request, None, None) is None:
            return forbidden(request)
        return desk.page("_site_state.html", site=desk.site_state())

    async def clock(request: Request) -> Response:
        who = desk.who(request, None, None)
        form = await _form(request)
        if who is None or form is None or not desk.csrf_ok(who, form.get("csrf", "")):
            return forbidden(request)
        stage, number = form.get("stage", ""), form.get("round", "")
        if not digits(number) or not any(s.id == stage for s in desk.event.stages):
            return not_found_page(request)
        number = int(number)
        started = dt.datetime.now(dt.timezone.utc).isoformat() if form.get("do") == "start" else None
        desk.tokens.set_clock(stage, number, started)
        desk.version += 1
        desk.publish("update", {"version": desk.version})
        return RedirectResponse(f"{desk.prefix}/admin", status_code=303)

    async def renew(request: Request) -> Response:
        """A new link for one table (its slip lost, or photographed by the next table's players):
        the secretary's, with the CSRF token as the admin page's other actions. The old link
        answers desk-link-renewed from now on; the answer is the table's new sheet, its QR code
        the new link, to print and hand over (store.Tokens.renew_table)."""
        who = desk.who(request, None, None)
        form = await _form(request)
        if who is None or who.kind != "admin" or form is None or not desk.csrf_ok(who, form.get("csrf", "")):
            return forbidden(request)
        await desk.catch_up()  # (the table as the files have it now: a link of the match drawn there)
        stage, number, table = form.get("stage", ""), form.get("round", ""), form.get("table", "")
        if not (digits(number) and digits(table)) or not any(s.id == stage for s in desk.event.stages):
            return not_found_page(request)
        key = table_key(stage, int(number), int(table))
        spot = desk.spot(stage, int(number), int(table))
        if spot is None or desk.tokens.renew_table(key) is None:
            return not_found_page(request, (stage, int(number), int(table)))
        # POST-redirect-GET: the new sheet at an address of its own, which renews nothing. The
        # answer stayed at /admin/renew, and a reload (the browser asks to send the form again,
        # and the secretary says yes) renewed the link again: the sheet just printed opened nothing.
        where = f"{desk.prefix}/admin/sheets/{quote(stage, safe='')}/{int(number)}?table={int(table)}&renewed=1"
        return RedirectResponse(where, status_code=303, headers=SECURITY_HEADERS)

    async def sheets(request: Request) -> Response:
        who = desk.who(request, None, None)
        if who is None:
            return forbidden(request)
        # the rounds as the files have them now: one `paibang pair` drew in a terminal moments
        # ago, not yet read by the file watcher, printed stale or not at all (as the forms: catch_up)
        await desk.catch_up()
        stage, number = request.path_params["stage"], request.path_params["round"]
        if not digits(number) or not any(s.id == stage for s in desk.event.stages):
            return not_found_page(request)
        number = int(number)
        if not any(round_.number == number for round_ in desk.event.rounds.get(stage, [])):
            # a round not drawn has no sheets: 404, as its tables' pages are (not an empty
            # page titled 第 99999999999999999999999 轮)
            return not_found_page(request)
        # A knockout's table is named by its match (决赛, 三四名决赛), as its score sheet is.
        bracket = desk.result.stage_of(stage).bracket if desk.result is not None else None
        names = table_names(bracket, number, desk.locale) if bracket is not None else {}
        rows = []
        for round_ in desk.event.rounds.get(stage, []):
            if round_.number != number:
                continue
            for table in round_.tables:
                if len(table.sides) != 2:
                    continue
                gone = desk.withdrawn_sides(stage, number, table.number)
                if gone:  # a table decided by a withdrawal is not played (its link answers 410): no sheet
                    rows.append({"table": table, "gone": gone})  # (kept for sheets_paged's pages)
                    continue
                link = desk.link(table_key(stage, number, table.number))
                rows.append({"table": table, "link": link, "match": names.get(table.number, "")})
        # One table's sheet (`?table=7`: the one whose link was just renewed, app.py renew), the
        # round's PDF said as the whole round's, with its time (a round of 1,000 tables: minutes)
        whole = sum(1 for row in rows if "gone" not in row)
        one = request.query_params.get("table", "")
        if digits(one) and len(one) >= 10:
            return not_found_page(request)  # (no such table; int() of 5,000 digits raised: a 500)
        paged = None
        if digits(one):
            rows = [row for row in rows if row["table"].number == int(one) and "gone" not in row]
            if not rows:
                return not_found_page(request, (stage, number, int(one)))
        else:
            # a mass round's sheets a page at a time (sheet_pages): 1,000 codes on one page took
            # the desk 10 s of processor and the secretary half a minute of nothing on screen
            base = f"{desk.prefix}/admin/sheets/{quote(stage, safe='')}/{number}"
            rows, paged, elsewhere = sheets_paged(rows, SheetsChoice.of(request.query_params), base)
            if elsewhere is not None:  # (a table typed in the box: the page of its sheet, at it)
                return RedirectResponse(elsewhere, status_code=303, headers=SECURITY_HEADERS)
        # (made off the event loop: a mass round's codes not yet made took the desk's phones 11 s)
        codes = await run_in_threadpool(lambda: [table_qr(row["link"]) for row in rows])
        for row, qr in zip(rows, codes, strict=True):
            row["qr"] = qr
        return desk.page("sheets.html", stage=desk.event.stage(stage), number=number, rows=rows,
                         minutes=sheets_minutes(whole), whole=whole, one=digits(one), paged=paged,
                         renewed=digits(one) and request.query_params.get("renewed") == "1")

    async def sheets_pdf(request: Request) -> Response:
        """The round's real score sheets (the game's 记分表, as `paibang print` prints them), each
        table's page carrying that table's own link as its QR code: printed from here only, never
        written to output/, since the links write results."""
        who = desk.who(request, None, None)
        if who is None:
            return forbidden(request)
        await desk.catch_up()  # (a round drawn moments ago, printed as drawn: sheets)
        stage, number = request.path_params["stage"], request.path_params["round"]
        if (not digits(number) or desk.result is None or not any(s.id == stage for s in desk.event.stages)
                or not any(r.number == int(number) for r in desk.result.stage_of(stage).rounds)):
            return not_found_page(request)
        number = int(number)
        one = request.query_params.get("table", "")
        if digits(one) and len(one) >= 10:
            return not_found_page(request)  # (no such table: not the whole round's minutes of printing)
        if digits(one):
            # one table's sheet (its link renewed), printed at once (a page: a second or so), apart
            # from the round's print and its kept PDF
            try:
                pdf = await run_in_threadpool(table_sheets, desk, stage, number, None, int(one))
            except CouldNotFinish as failure:
                return sheets_failed(failure, stage, number, request)
            if not pdf:
                return not_found_page(request, (stage, number, int(one)))
            return Response(pdf, media_type="application/pdf", headers={
                **SECURITY_HEADERS,
                "Content-Disposition": f'inline; filename="{stage}-round-{number}-table-{int(one)}.pdf"'})
        drawn = sheets_drawn(desk, stage, number)
        job = prints.get((stage, number))
        if job is not None and job.pdf is None and job.task is not None and job.task.done():
            # ended after the click that started it had gone (a long round's click answered
            # "printing", its browser closed): its PDF kept; a failure said at this click, as to
            # the click that waited for it, and printed again only at the next (this click, the
            # printing page's own Refresh, started the print again at each ask, never saying it).
            # Forgotten once said: the print is not kept as failed. And a failed print of sheets
            # that differ now (the event's files changed since) is not said at all: those sheets
            # are not the ones asked for; the round's sheets as they are now are printed.
            error = None if job.task.cancelled() else job.task.exception()
            if job.task.cancelled():
                job = None
            elif error is None:
                job.pdf = job.task.result()
            else:
                prints.pop((stage, number), None)
                if job.drawn != drawn:
                    job = None
                elif isinstance(error, CouldNotFinish):
                    return sheets_failed(error, stage, number, request)
                else:
                    raise error
        if job is not None and job.task is not None and not job.task.done():
            # (printing still: a round drawn again meanwhile is printed at the click after it ends)
            return printing_page(job, stage, number)
        if job is None or job.drawn != drawn or job.pdf is None:
            job = prints[(stage, number)] = SheetsPrint(drawn)
            job.task = asyncio.ensure_future(run_in_threadpool(table_sheets, desk, stage, number, job.step))
        try:
            # (shielded: a browser that gives up waiting leaves the print to end, for its next click)
            tables = sum(len(r.tables) for r in desk.event.rounds.get(stage, []) if r.number == number)
            wait = SHEETS_WAIT_SECONDS if tables >= SHEETS_SAID_FROM else None
            pdf = job.pdf or await asyncio.wait_for(asyncio.shield(job.task), wait)
        except TimeoutError:  # (still printing: this click told so, the print going on)
            return printing_page(job, stage, number, started=True)
        except CouldNotFinish as failure:  # a part WeasyPrint printed that could not be read, no memory left
            forget(job, stage, number)
            return sheets_failed(failure, stage, number, request)
        except Exception:
            forget(job, stage, number)
            raise
        job.pdf = pdf
        # The round changed while it printed (a team renamed, drawn again): not the old sheets
        # for this click, with nothing to say they are (rev72), but the new ones, printing.
        await desk.catch_up()
        if any(r.number == number for r in desk.result.stage_of(stage).rounds) and (
                now := sheets_drawn(desk, stage, number)) != job.drawn:
            job = prints[(stage, number)] = SheetsPrint(now)
            job.task = asyncio.ensure_future(run_in_threadpool(table_sheets, desk, stage, number, job.step))
            return printing_page(job, stage, number, started=True)  # (this click started it: rev94)
        return Response(pdf, media_type="application/pdf", headers={
            **SECURITY_HEADERS, "Content-Disposition": f'inline; filename="{stage}-round-{number}.pdf"'})

    # Each round's score sheets printed or being printed (SheetsPrint): the last print of each
    prints: dict[tuple[str, int], SheetsPrint] = {}

    def forget(job: SheetsPrint, stage: str, number: int) -> None:
        """The failed print `job` forgotten, if it is still the round's print: a click that met its
        failure first (the round drawn again since) may have started the new sheets' print in its
        place, which forgotten was printed again, a third print, at the next click (rev94)."""
        if prints.get((stage, number)) is job:
            del prints[(stage, number)]

    def printing_page(job: SheetsPrint, stage: str, number: int, started: bool = False) -> Response:
        """The answer to a click on a round's PDF while it prints (`started`: the click that
        started it, not printed within SHEETS_WAIT_SECONDS): that it is printing, how far,
        and (Refresh) the same address asked again every few seconds, which opens the PDF once it
        is printed, with no script and nothing more to click. Its words read right for the
        page's own Refresh as for a second click (the same secretary's, most likely: it was told
        "an earlier click started it"); headed by the stage's name and the round, as the sheets
        page is, with the way back to the secretary's page (sheets_print.html)."""
        done = t("desk_sheets_printed_part", percent=job.percent) if job.parts else t("desk_sheets_print_starting")
        title, said = (("desk_sheets_print_started", "desk_sheets_print_started_text") if started
                       else ("desk_sheets_printing", "desk_sheets_printing_text"))
        response = desk.page("sheets_print.html", 202, title=t(title), text=t(said, done=done),
                             stage=desk.event.stage(stage), number=number, again="", table=None)
        response.headers["Refresh"] = str(SHEETS_ASK_AGAIN_SECONDS)
        return response

    def sheets_failed(failure: CouldNotFinish, stage: str, number: int, request: Request) -> Response:
        """The page of a print of score sheets that could not finish (a printing part that could
        not be read, no memory left), whichever click meets it: the click that waited for the
        print, the click after a print that ended unasked, a table's own sheet. What went wrong,
        that nothing was printed, and the ways on: this PDF again (a print of its own: the
        failed one is not kept) and back to the round on the secretary's page."""
        again = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        one = request.query_params.get("table", "")  # (a table's own sheet: its heading names the table)
        return desk.page("sheets_print.html", 500, title=t("desk_sheets_failed"),
                         text=failure.text(desk.locale, output="", left="desk_sheets_failed_left"),
                         stage=desk.event.stage(stage), number=number, again=again,
                         table=int(one) if digits(one) and len(one) < 10 else None)

    async def standings(request: Request) -> Response:
        part = request.query_params.get("part") == "1"
        choice = LiveChoice.of(request.query_params)
        stages = live_standings(desk.standings_view(), choice)
        return unchanged_or(request, desk.page("_standings.html" if part else "standings.html", stages=stages,
                                               live=choice, large=any(stage["large"] for stage in stages)))

    async def screen(request: Request) -> Response:
        part = request.query_params.get("part") == "1"
        stages = live_standings(desk.standings_view(), LiveChoice(screen=True))
        asked = request.query_params.get("page", "")
        page = int(asked) if digits(asked) and len(asked) < 8 else 1  # (a page past the last: the last)
        return unchanged_or(request, desk.page("_screen.html" if part else "screen.html", stages=stages,
                                               live=LiveChoice(screen=True), draw_page=page))

    streams_from: dict[str, int] = {}  # open live streams by client address

    async def events(request: Request) -> Response:
        # A stream refused (one address holds its share, or all of them are taken) is still a
        # stream, told to come back later (`retry:`, in ms) and ended: a browser fails an
        # EventSource answered with any status but 200 (a 503 or 204 included) and never asks
        # again, so the hall's screen froze until reloaded; a stream that ends it opens again
        # after the retry, and its hello each time brings the standings up to date meanwhile.
        address = request.client.host if request.client else ""
        hello = f"event: hello\ndata: {json.dumps({'version': desk.version})}\n\n"
        if streams_from.get(address, 0) >= STREAMS_PER_ADDRESS or len(desk.subscribers) >= stream_cap():
            later = f"retry: {stream_retry()}\n\n"
            # (closed once said: its descriptor is free at once, not after the keep-alive)
            return Response(later + hello, media_type="text/event-stream",
                            headers={"Cache-Control": "no-store", "Connection": "close"})
        queue: asyncio.Queue[str] = asyncio.Queue()
        desk.subscribers.add(queue)
        streams_from[address] = streams_from.get(address, 0) + 1

        def release() -> None:  # once, however the stream ends (the client gone before it began too)
            if queue in desk.subscribers:
                desk.subscribers.discard(queue)
                if streams_from.get(address, 0) > 1:
                    streams_from[address] -= 1
                else:
                    streams_from.pop(address, None)

        async def stream() -> Any:
            try:
                yield hello
                while True:
                    try:
                        message = await asyncio.wait_for(queue.get(), timeout=15)
                    except asyncio.TimeoutError:
                        message = ": keep-alive\n\n"
                    if not message:
                        return
                    yield message
            finally:
                release()

        return _Stream(stream(), release, media_type="text/event-stream",
                       headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def home(request: Request) -> Response:
        return RedirectResponse("/standings", status_code=303)

    async def favicon(request: Request) -> Response:
        # the site's icon (templates/favicon.svg), at /favicon.ico too: a browser asks for that
        # whatever the page links, and every tab on the desk logged a 404 for it
        return Response((TEMPLATES.parent / "favicon.svg").read_bytes(), media_type="image/svg+xml",
                        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "max-age=86400"})

    async def lifespan(app: Starlette) -> Any:
        desk._dirty = asyncio.Event()
        desk._build_dirty = asyncio.Event()
        tasks = [asyncio.create_task(desk.scorer()), asyncio.create_task(desk.builder())]
        if desk.watching:
            tasks.append(asyncio.create_task(desk.watch()))
        try:
            yield
        finally:
            # the site build first: the builder, cancelled, would leave it running on its own
            await desk.stop_building()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    from contextlib import asynccontextmanager

    secretary = desk.prefix  # (the secretary's pages: the session's cookie is sent there only)
    app = Starlette(routes=[
        Route("/", home),
        Route("/t/{stage}/{round}/{table}", table_page, methods=["GET", "POST"]),  # a table's phone
        Route("/admin", login),
        Route(f"{secretary}/admin", admin),
        Route(f"{secretary}/admin/build-log", build_log),
        Route(f"{secretary}/admin/site-state", site_state),
        Route(f"{secretary}/admin/clock", clock, methods=["POST"]),
        Route(f"{secretary}/admin/renew", renew, methods=["POST"]),
        Route(f"{secretary}/admin/sheets/{{stage}}/{{round}}", sheets),
        Route(f"{secretary}/admin/sheets/{{stage}}/{{round}}/print.pdf", sheets_pdf),
        Route(f"{secretary}/t/{{stage}}/{{round}}/{{table}}", table_page, methods=["GET", "POST"]),
        Route("/standings", standings),
        Route("/screen", screen),
        Route("/events", events),
        Route("/favicon.svg", favicon),
        Route("/favicon.ico", favicon),
    ], lifespan=asynccontextmanager(lifespan), exception_handlers={404: not_found, 405: wrong_method,
                                                                          ClientDisconnect: client_gone},
       # Compressed for a client that takes gzip: a 2,000-team event's standings are 856 kB of
       # HTML that every phone in the hall fetched after every save. Starlette's GZip leaves
       # text/event-stream alone (its default exclusions: the live stream is not held back in a
       # compressor's buffer); a PDF is compressed already, and the desk's one is large.
       middleware=[Middleware(GZipMiddleware, minimum_size=1024, compresslevel=6,
                              exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, "application/pdf"))])
    # (a request naming another host refused with the address to use, in the desk's language: a
    # bare "421" told a phone that had typed the laptop's name, or an old address, nothing)
    return _Guard(app, allowed_hosts, lambda: t("desk_wrong_host", address=desk.base))


def unchanged_or(request: Request, response: Response) -> Response:
    """A live view's answer tagged with a digest of its page: a phone that has this very page
    (its browser asks with If-None-Match, templates/desk/_live.html) is answered 304, no body,
    rather than the page again after each save that changed another round's table. Kept by the
    browser (no-cache: asked again each time, never shown unasked) for that; the digest of the
    page as rendered, not the desk's version, so a page that changed otherwise (the clock, the
    language) is never held stale. Weak: the same page gzipped or not is the same page."""
    tag = f'W/"{hashlib.blake2b(bytes(response.body), digest_size=16).hexdigest()}"'
    headers = {**SECURITY_HEADERS, "Cache-Control": "no-cache", "ETag": tag}
    asked = request.headers.get("if-none-match", "")
    if tag in (t.strip() for t in asked.split(",")) or asked.strip() == "*":
        return Response(status_code=304, headers=headers)
    response.headers.update(headers)
    return response


async def client_gone(_request: Request, _error: Exception) -> Response:
    """A form whose sending was cut off (a phone losing the hall's Wi-Fi mid-save): nothing was
    read of it, so nothing is written, and nobody is there to answer. Raised on, uvicorn printed
    starlette's ClientDisconnect on the secretary's terminal, 45 lines of traceback, at every
    phone that walked out of the Wi-Fi's reach; the phone's page says its form was not sent."""
    return Response(status_code=400)


class _Stream(StreamingResponse):
    """A live stream that gives back its place when it ends, however it ends: a stream whose
    client left before it began never runs its generator, whose end would have done so."""

    def __init__(self, content: Any, release: Any, **kwargs: Any) -> None:  # noqa: ANN401
        super().__init__(content, **kwargs)
        self.release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:  # noqa: ANN401
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


class _Guard:
    """Outer ASGI layer: a body larger than MAX_BODY is refused (413) before the application
    reads it, and, when the desk listens on 127.0.0.1 only, a request naming another host is
    refused (a web page elsewhere cannot reach the desk through DNS rebinding)."""

    def __init__(self, app: Any, allowed_hosts: tuple[str, ...] | None, wrong_host: Any = None) -> None:  # noqa: ANN401
        self.app = app
        self.allowed_hosts = allowed_hosts
        self.wrong_host = wrong_host or (lambda: "421")  # (the text that says which address to use)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            length = headers.get(b"content-length", b"0")
            if self.allowed_hosts is not None and not host_allowed(scope, self.allowed_hosts):
                await PlainTextResponse(f"421 {self.wrong_host()}\n", status_code=421)(scope, receive, send)
                return
            if not digits(length) or int(length) > MAX_BODY:
                await PlainTextResponse("413", status_code=413)(scope, receive, send)
                return
        await self.app(scope, receive, send)
