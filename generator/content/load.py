"""Loading content/ into the model: site.yaml, each event, its stages and results files.

Everything here is validation of what the secretary typed, against content-format.md. Rules of
play (scores, rankings) come later and elsewhere; this module only makes sure the input is
well-formed and refers to things that exist.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import hashlib
import math
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from generator import catalogues
from generator.collecting import collected_less
from generator.content import snapshot
from generator.content.snapshot import event_folders
from generator.content.files import EventFiles, inside_content, is_special, regular
from generator.content.knockout import (
    game_format,
    knockout_rounds,
    read_knockout,
    read_referee_winner,
    rounds_as_drawn,
    winner_at_table,
)
from generator.content.model import (
    LIMITS, Advance, CreditRules, Entry, Event, Official, Player, Prize, Round, Site, Stage, Table, withheld_group,
)
from generator.content.reader import (LIST_SEPARATORS, MAX_BOARDS, Reader, describe, holds_email,
                                      holds_personal_number, holds_phone_or_id_card, known_stage,
                                      parse_date, suggestion)
from generator.content.yaml_loader import (
    YamlList, YamlMap, load_yaml, mark_of_key, mark_of_value, read_content_text, said_empty,
)
from generator.errors import ALWAYS_PRIVATE, ContentError, Mark, Problems
from generator.games import GAMES, SHARED_METRICS
from generator.games.common.shorthand import half_width
from generator.messages import LOCALES, entry_named

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
FORMATS = ("matches", "swiss", "round_robin", "pairs", "knockout")
SITE_KEYS = ("title", "organization", "locale", "content_locale", "base_url", "private")
EVENT_KEYS = (
    "title", "game", "organizer", "venue", "dates", "date", "notice", "draw_seed", "entries",
    "officials", "credits", "stages", "locale", "bulletin_text",
)
BULLETIN_KINDS = ("qualifiers", "standings", "prizes", "credits", "draw", "bracket")
ENTRY_KEYS = ("id", "players", "group", "name", "bye", "substitute", "withdrawn")
PLAYER_KEYS = ("name", "id")
OFFICIAL_KEYS = ("name", "role", "stages", "sessions")
CREDIT_KEYS = ("participant", "finalist", "referee", "host", "forfeit")
STAGE_KEYS = ("id", "name", "date", "format", "rounds", "boards", "rank_by", "advance", "prizes", "lots", "movement",
              "late", "time_limit", "seeding", "third_place", "then", "places")
MOVEMENTS = ("mitchell", "howell", "barometer")  # a pairs stage's movement (tournament/movements.py)
PRIZE_KEYS = ("name", "count", "award")
RESULTS_KEYS = ("stage", "round", "date", "seeds", "tables")
# A stage's pages live at events/<slug>/<stage id>/, beside these folders of the event.
RESERVED_STAGE_IDS = ("entries", "bulletins", "boards", "assets")
GENERIC_METRICS = tuple(SHARED_METRICS)


def load_site(root: Path, problems: Problems,
              read_event: Callable[[Path, Site, Problems], Event | None] | None = None) -> Site | None:
    """Read and validate everything under `root`; problems are collected, never raised.
    `read_event` replaces load_event (the build passes one that reuses unchanged events).

    The collector walks the heap a tenth as often meanwhile (generator/collecting.py): a reading
    is a large structure that lives, made in a process that holds the last one (the desk's
    reading after a save: four walks of its whole heap were half the reading's time)."""
    with collected_less():
        return _load_site(root, problems, read_event)


def _load_site(root: Path, problems: Problems,
               read_event: Callable[[Path, Site, Problems], Event | None] | None) -> Site | None:
    root = root.resolve()
    site_file = root / "site.yaml"
    if not site_file.is_file() and not is_special(site_file):
        problems.add("file-missing", Mark(site_file), path="site.yaml")
        return None
    if not regular(site_file, root, problems):
        return None
    data = load_mapping(site_file, problems)
    if data is None:
        return None
    reader = Reader(data, problems)
    reader.check_keys(SITE_KEYS, required=("title",))
    private = _read_private(reader, problems)
    site = Site(
        title=reader.text("title") or "",
        organization=reader.text("organization"),
        locale=reader.choice("locale", LOCALES, "zh-Hans") or "zh-Hans",
        content_locale=reader.choice("content_locale", LOCALES),
        base_url=reader.url("base_url"),
        private=ALWAYS_PRIVATE + private,
        events=[],
        root=root,
    )
    # The site's title and organisation head every page and the feed: still init's words, they
    # would be published as every site's first draft says them.
    for key, value in (("title", site.title), ("organization", site.organization)):
        if value and value.strip() in placeholder_values(key, "init"):
            problems.add("site-placeholder", reader.value_mark(key), warning=True, key=key, value=value)
    events_dir = root / "events"
    folders = event_folders(events_dir)
    if len(folders) > LIMITS["events"]:
        problems.add("too-many", Mark(events_dir), what=catalogues.word("counted_events"), count=len(folders),
                     limit=LIMITS["events"])
        folders = folders[: LIMITS["events"]]
    for folder in folders:
        event = (read_event or load_event)(folder, site, problems)
        if event is not None:
            site.events.append(event)
    return site


# Keys `private:` cannot withhold, by the words that say why (site.yaml's line names the key):
# an entry's id, name and players, and a player's name and id, name it on every page (the id
# is its page's address; a player's id makes its page's), and bye, substitute and withdrawn
# decide who plays, which the standings, the draw and the bulletins show. Listed, they would
# still be published: the list would promise what the site does not keep.
NEVER_PRIVATE = {"id": "private_names", "name": "private_names", "players": "private_names",
                 "bye": "private_plays", "substitute": "private_plays", "withdrawn": "private_plays"}


def _read_private(reader: Reader, problems: Problems) -> tuple[str, ...]:
    """site.yaml's `private:`, each key that cannot be kept private an error at its line. Keys are
    matched whatever the case of their Latin letters (private_matches): `private: [MemberCard]`
    keeps an entry's `membercard:` as well, and `Group`, paibang's own key, is `group`."""
    keys = []
    for item, mark in reader.items("private", single_ok=True):
        key = str(item)
        own = key.casefold()
        if own in NEVER_PRIVATE:
            problems.add("private-key-published", mark, key=key, why=catalogues.word(NEVER_PRIVATE[own]))
        else:
            keys.append(own if own in ("group", *ALWAYS_PRIVATE) else key)
    return tuple(keys)


# A private key is matched whatever the case of its letters. `private: [会员卡号, MemberCard]`
# with `membercard:` on a player was an unknown key, and the line quoting it showed the card's
# number; refusing the case that differs would say the same thing twice over for no gain: a
# secretary writes a key as the sheet's heading had it, and YAML keys of one letter case apart
# name one thing to them. (No key paibang reads differs from another by case alone.)
@functools.lru_cache(maxsize=16)
def _folded(private: tuple[str, ...]) -> frozenset[str]:
    return frozenset(key.casefold() for key in private)


def private_matches(key: object, private: tuple[str, ...]) -> bool:
    """Whether `key`, as written in content, is one of the site's private keys (any case)."""
    return isinstance(key, str) and key.casefold() in _folded(private)


def private_keys(root: Path) -> tuple[str, ...]:
    """The player keys the site keeps private (ALWAYS_PRIVATE and site.yaml's `private:`), read
    on their own for masking their values where a problem's line is quoted (errors.masked): a
    site.yaml that cannot be read gives ALWAYS_PRIVATE. Read again only when site.yaml has
    changed (its stamp): the desk's admin page asks once for each problem it shows."""
    path = root / "site.yaml"
    try:
        found = os.stat(path)
        stamp = (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)
    except OSError:
        stamp = None
    known = _PRIVATE_READ.get(path)
    if stamp is not None and known is not None and known[0] == stamp:
        return known[1]
    problems = Problems()
    data = load_yaml(path, problems)
    private = data.get("private") if isinstance(data, YamlMap) else None
    keys = [private] if isinstance(private, str) else private if isinstance(private, YamlList) else []
    if any(problem.code == "yaml-duplicate-key" for problem in problems.items):
        # `private:` written twice (init writes `private: []`, a secretary appends their list at
        # the end): the file is refused, and every line it quotes masked by all of them, not
        # only the first (rev44: the member cards of the second list were shown).
        keys = [*keys, *_every_private(path)]
    found_keys = ALWAYS_PRIVATE + tuple(key.casefold() if key.casefold() in ("group", *ALWAYS_PRIVATE) else key
                                        for key in keys if isinstance(key, str) and key)
    if stamp is not None:
        _PRIVATE_READ[path] = (stamp, found_keys)
    return found_keys


def _every_private(path: Path) -> list[str]:
    """Every key named by each top-level `private:` of a site.yaml whose keys are duplicated
    (load_yaml keeps the first): read from the file's nodes, nothing built from them."""
    text = read_content_text(path, Problems())  # (the one reader: no pipe, nothing too large)
    try:
        root = yaml.compose(text or "", Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return []
    found: list[str] = []
    for key, value in root.value if isinstance(root, yaml.MappingNode) else ():
        if not (isinstance(key, yaml.ScalarNode) and key.value == "private"):
            continue
        items = value.value if isinstance(value, yaml.SequenceNode) else [value]
        found.extend(item.value for item in items if isinstance(item, yaml.ScalarNode) and isinstance(item.value, str))
    return found


_PRIVATE_READ: dict[Path, tuple[tuple[int, int, int, int], tuple[str, ...]]] = {}  # private_keys' last reading


def load_mapping(path: Path, problems: Problems) -> YamlMap | None:
    """A content file whose top level must be a mapping; anything else is reported, never skipped."""
    before = len(problems.items)
    data = load_yaml(path, problems)
    if isinstance(data, YamlMap):
        return data
    if len(problems.items) == before:  # loaded fine, but it is empty or a list
        if data is None:
            said_empty(path, problems)
        else:
            mark = getattr(data, "mark", Mark(path, 1, 1))
            problems.add("type-expected", mark, key=path.name, expected=catalogues.word("type_mapping"),
                         found=_shape(data))
    return None


def _shape(value: Any) -> str:
    return "[…]" if isinstance(value, YamlList) else repr(value)


def load_event(folder: Path, site: Site, problems: Problems, keep: Kept | None = None,
               apart: Share | None = None) -> Event | None:
    """One event folder, checked; None when it cannot be read at all. With `keep`, what was read
    is kept there, for `load_event_again`. With `apart`, a large event's results files are read
    by two processes (`_read_apart`): a build's, which reads the event alone, on one core otherwise."""
    start = len(problems.items)
    slug = folder.name
    event_file = folder / "event.yaml"
    if not SLUG.fullmatch(slug):  # fullmatch: "$" alone would let "x\n" through
        problems.add("slug-invalid", Mark(folder), slug=slug)
        return None
    if not event_file.is_file() and not is_special(event_file):
        problems.add("event-missing", Mark(folder), slug=slug)
        return None
    if not regular(event_file, site.root, problems):
        return None
    # the files read for event.yaml, found or not: it and those it names (a notice, an entries
    # file, bridge's hands:), each judged by one rule (content/files.py)
    files = EventFiles(site.root, folder, [event_file])
    if keep is not None:
        keep.looked = files.looked
    data = load_mapping(event_file, problems)
    if data is None:
        return None
    reader = Reader(data, problems, files=files)
    reader.check_keys(EVENT_KEYS, required=("title", "game", "entries", "stages"))
    game_name = reader.text("game")
    game = GAMES.get(game_name or "")
    if game_name and game is None:
        problems.add("value-choice", reader.value_mark("game"), key="game", value=game_name,
                     suggestion=suggestion(game_name, GAMES), allowed=", ".join(GAMES))
    event = Event(
        slug=slug,
        title=reader.text("title") or slug,
        game=game_name or "",
        folder=folder,
        organizer=reader.text("organizer"),
        venue=reader.text("venue"),
        draw_seed=reader.integer("draw_seed"),
        locale=reader.choice("locale", LOCALES),
    )
    # The organizer is printed on every page and bulletin: a contact's mobile typed after it is too.
    _check_published_text(event.organizer, reader.value_mark("organizer"), "organizer", problems)
    for key, value in (("title", reader.raw("title") and event.title), ("organizer", event.organizer),
                       ("venue", event.venue)):
        _warn_if_placeholder(value, reader.value_mark(key), key, problems)
    if reader.has("dates"):
        event.dates = [d for v, m in reader.items("dates", single_ok=True) if (d := parse_date(v, m, problems))]
    elif reader.has("date"):
        event.dates = [d] if (d := reader.date("date")) else []
    notices = []
    first = len(files.looked)  # files.looked[first:after]: the notices; the rest, what the event reads as data (Notices)
    for value, mark in reader.items("notice", single_ok=True):
        if Path(str(value)).suffix.lower() != ".md":  # notice: [notice.md, event.yaml] published the entries, phones and all
            files.looked.append(folder / str(value))
            problems.add("notice-not-markdown", mark, path=value)
        elif ((path := files.named(str(value), mark, problems)) is not None
              and (text := read_content_text(path, problems, markdown=True)) is not None):
            if (found := _private_key(text, site.private)) is not None:
                line, column, key = found
                problems.add("notice-private", Mark(path, line, column), path=value, key=key)
            else:
                notices.append((path, value, mark))  # UTF-8, not too large, nothing private (so far)
                if _headings_only(text):
                    problems.add("notice-headings-only", Mark(path), warning=True, path=value)
    kept_notices = Notices(notices, files, first, len(files.looked))
    event.entries = _read_entries(_entry_items(reader, files, problems), problems, site.private, event.unread_entries)
    event.officials = _read_officials(reader, problems)
    texts = reader.mapping("bulletin_text")
    if texts is not None:
        texts.check_keys(BULLETIN_KINDS)
        event.bulletin_text = {k: v for k in BULLETIN_KINDS if (v := texts.text(k))}
    credits = reader.mapping("credits")
    if credits is not None:
        event.credits = _read_credits(credits)
    if game is None:
        event.notices = kept_notices.published(problems)
        return event
    event.stages = _read_stages(reader, game, problems, event)
    event.notices = kept_notices.published(problems)  # (after the stages: bridge's hands: are read by then)
    _resolve_withdrawals(event, problems)
    _warn_short_teams(event, problems)
    _warn_teams_in_pairs(event, problems)
    _warn_large_teams(event, game, problems)
    for official in event.officials:
        for stage_id in official.stages:
            if stage_id not in {s.id for s in event.stages} | set(event.unread_stages):
                problems.add("official-stage-unknown", reader.value_mark("officials"), name=official.name, id=stage_id)
    if keep is not None:
        keep.event, keep.game, keep.head = event, game, problems.items[start:]
    _read_results(folder / "results", event, game, site, problems, keep.files if keep is not None else None,
                  apart=apart if keep is None else None)
    return event


@dataclass
class FileReading:
    """One results file as `_read_results` read it: what it found in the file on its own, and
    its tables once read, for reading the event again without parsing the file again."""

    found: list[ContentError]  # found reading the file's stage and round
    round: tuple[str, int] | None  # (stage id, round number); None: the file is left out
    stage_mark: Mark | None = None  # where a duplicate round is reported: its `round:`, else its `stage:`
    data: YamlMap | None = None  # the parsed file, until its tables are read
    tables: list[Table] | None = None
    tables_found: list[ContentError] = field(default_factory=list)  # found reading its tables
    drawn_on: list[tuple[str, float]] | None = None
    drawn_by: dict[str, str] | None = None  # (# draw-rules:, Round.drawn_by)
    digest: bytes = b""  # of the bytes read: a file changed since is read again
    date: dt.date | None = None  # the round's day of play (`date:`)
    seeds: tuple[list[str] | None, Mark | None] = (None, None)  # a knockout round 1's `seeds:` (_read_seeds)


@dataclass
class Kept:
    """An event as `load_event` read it, for `load_event_again` (`paibang pair`: the event once
    more, after the round it drew was written into it): the event and what was found reading
    event.yaml (and the files it names), and each results file's reading."""

    event: Event | None = None  # None: the event stopped before its results folder was read
    game: Any = None
    head: list[ContentError] = field(default_factory=list)
    looked: list[Path] = field(default_factory=list)  # the files read for event.yaml: it and those it names
    files: dict[Path, FileReading] = field(default_factory=dict)


def kept_rests_on(site: Site, kept: Kept) -> tuple[object, ...]:
    """What the reading of a kept event's event.yaml rests on, for taking it again
    (`load_event_again`) only while it is the same: what load_event reads of the site (its root,
    its private keys) and the files read for event.yaml (event.yaml and those it names:
    Kept.looked), each by where it leads and its bytes (snapshot: within snapshot.taking, the
    bytes parsed), or that the loader would not read it (not a file, or outside content/: a pipe
    named as a notice is never opened here, which would wait on it). The desk's readings after a
    save ask it (desk/app.py's Desk._read_event)."""
    digest = hashlib.sha256()
    for path in kept.looked:
        real = os.path.realpath(path)
        digest.update(b"\0%s\0%s\0" % (os.fsencode(path), os.fsencode(real)))
        if not (os.path.isfile(real) and Path(real).is_relative_to(site.root)):
            digest.update(b"\0not read\0")
            continue
        try:
            snapshot.feed(digest, path)  # (by the name the loader read it by: the same bytes)
        except OSError:
            digest.update(b"\0unreadable\0")
    return site.root, site.private, digest.digest()


def load_event_again(kept: Kept, site: Site, problems: Problems) -> Event:
    """The kept event read again as `load_event` would read it, with every file read as before
    and its results folder listed again: a results file added since (the round `paibang pair`
    wrote), or changed since, is read, the others' readings are taken as they were; whatever
    spans files (a round written twice, the rounds in order) is checked again. Its problems are
    added as `load_event`'s would be, in the same order."""
    assert kept.event is not None
    problems.items.extend(kept.head)
    event = replace(kept.event, rounds={})
    _read_results(event.folder / "results", event, kept.game, site, problems, kept.files)
    return event


@dataclass
class Notices:
    """An event's notices, read and found free of private keys, until the files the event reads
    as data are known: a notice that is one of them (notice.md a link to entries.yaml, or a hard
    link to it) would publish it whole, phones and all, whatever key spelling the scan missed
    (`"ph\\u006fne": …` is a phone too). Refused rather than symlinked notices altogether: a
    notice linked to a shared rules page elsewhere in content/ is a use of its own (files.py's
    of_the_event), and a hard link is no symlink. `first`, `after`: where the notices lie in
    `files.looked`; before them, event.yaml; after them, the entries file and bridge's hands."""

    found: list[tuple[Path, Any, Mark]]
    files: EventFiles
    first: int
    after: int

    def published(self, problems: Problems) -> list[Path]:
        if not self.found:
            return []
        looked = self.files.looked
        data = {*map(_identity, looked[: self.first]), *map(_identity, looked[self.after:])}
        with contextlib.suppress(OSError):
            data.update(_identity(Path(entry.path)) for entry in os.scandir(self.files.folder / "results"))
        data.discard(None)
        kept = []
        for path, value, mark in self.found:
            if _identity(path) in data:
                problems.add("notice-is-data", mark, path=value)
            else:
                kept.append(path)
        return kept


def _identity(path: Path) -> tuple[int, int] | None:
    """The file `path` leads to (links followed), as (device, inode); None if none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


_PRIVATE_KEY_PATTERNS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _private_key(text: str, private: tuple[str, ...]) -> tuple[int, int, str] | None:
    """The first place a notice writes a private key as YAML or JSON would (`phone: …` at the
    start of a line or a list item, `{name: …, phone: …}`, `{"phone":"138…"}`, `? phone`,
    `!!str phone: …`, a table cell): (line, column, key), or None. A quoted key needs no space
    after its colon (`"phone":"138…"` is YAML and JSON); a plain one is taken without one too
    (`{phone:138…}`): a notice has no business writing either."""
    pattern = _PRIVATE_KEY_PATTERNS.get(private)
    if pattern is None:
        keys = "|".join(re.escape(key) for key in sorted(set(private), key=len, reverse=True))
        pattern = re.compile(rf"""(?:^|[{{,|])[ \t]*(?:[-?][ \t]+)?(?:[!&]\S*[ \t]+)*(["']?)(?P<key>{keys})\1[ \t]*:""",
                             re.MULTILINE | re.IGNORECASE)  # (any case: private_matches)
        _PRIVATE_KEY_PATTERNS[private] = pattern
    match = pattern.search(text)
    if match is None:
        return None
    start = text.rfind("\n", 0, match.start("key")) + 1
    return text.count("\n", 0, match.start("key")) + 1, match.start("key") - start + 1, match.group("key")


def _entry_items(reader: Reader, files: EventFiles, problems: Problems) -> list[tuple[Any, Mark]]:
    """`entries:` is a list, or the name of a YAML file in the event folder holding the list
    (what `paibang import` writes from a registration spreadsheet), then noted as looked at."""
    value = reader.raw("entries")
    if not isinstance(value, str):
        items = reader.items("entries")
    else:
        path = files.named(value, reader.value_mark("entries"), problems)
        if path is None:
            return []
        listed = load_yaml(path, problems)
        if isinstance(listed, YamlMap) and isinstance(listed.get("entries"), YamlList):
            listed = listed["entries"]
        if not isinstance(listed, YamlList):
            if listed is not None:
                problems.add("type-expected", getattr(listed, "mark", Mark(path, 1, 1)), key=path.name,
                             expected=catalogues.word("type_list"), found="…")
            return []
        items = list(zip(listed, listed.item_marks))
    if len(items) > LIMITS["entries"]:
        problems.add("too-many", reader.value_mark("entries"), what=catalogues.word("counted_entries"), count=len(items),
                     limit=LIMITS["entries"])
        items = items[: LIMITS["entries"]]
    return items


def _read_entries(items: list[tuple[Any, Mark]], problems: Problems, private: tuple[str, ...],
                  unread: list[str] | None = None) -> dict[str, Entry]:
    """The entries, by id; the ids written but not valid (id-invalid) added to `unread`."""
    entries: dict[str, Entry] = {}
    folded: dict[str, str] = {}  # casefolded id -> the id, for ids that differ only in case
    for index, (item, mark) in enumerate(items):
        if not isinstance(item, YamlMap):
            problems.add("type-expected", mark, key=f"entries[{index + 1}]",
                         expected=catalogues.word("type_mapping"), found=describe(item))
            continue
        entry_reader = Reader(item, problems, f"entries[{index + 1}].")
        entry_reader.check_keys(_allowed_in(item, ENTRY_KEYS, private), required=("id", "players"))
        entry_id = entry_reader.identifier("id")
        players = _read_players(entry_reader, problems, private)
        if entry_id is None:
            if unread is not None and (written := entry_reader.text("id")):
                unread.append(written)
            continue
        if holds_personal_number(entry_id):
            # An error, not a warning: the id is published as it is (/entries/<id>/, results.json,
            # the search), so a warning let the build publish the phone it named (rev34). Ordinary
            # ids (101, 2024, A01, T000001) hold fewer than 8 digits in a row and pass.
            problems.add("id-looks-personal", entry_reader.value_mark("id"),
                         key=f"entries[{index + 1}].id", id=entry_id)
        if entry_id in entries:
            first = entries[entry_id].mark
            problems.add("entry-duplicate", entry_reader.value_mark("id"), id=entry_id, first=first.line if first else "?")
            continue
        other = folded.setdefault(entry_id.casefold(), entry_id)
        if other != entry_id:
            # Each entry has a page at entries/<id>/: on Windows and macOS disks A1 and a1 are one folder.
            first = entries[other].mark
            problems.add("entry-id-case", entry_reader.value_mark("id"), id=entry_id, other=other,
                         first=first.line if first else "?")
            continue
        # A team known by its name alone may list none (`players: []`): an imported file that
        # names none of its players (EOQ's WALES, its seats placeholders) got one named as the
        # team, a person with a player page. Without a name, the list is the entry's only name.
        if not players and entry_reader.has("players") and not (entry_reader.text("name") or "").strip():
            problems.add("entry-players-empty", entry_reader.value_mark("players"), id=entry_id)
        group = entry_reader.text("group")
        withheld = None
        if "group" in private:
            # Withheld: read (its shape checked) and left out of the model, so no page, bulletin,
            # results.json, export, feed or search index can show it. (The one entry key that can
            # be: NEVER_PRIVATE's cannot; any other key listed is one paibang does not read, such
            # as wechat, accepted on entries and players and dropped.) Its digest stays, to tell
            # namesakes of different groups apart (render/players.py), never shown.
            withheld = withheld_group(group) if group else None
            group = None
        entries[entry_id] = Entry(
            id=entry_id,
            players=players,
            group=group,
            withheld_group=withheld,
            name=entry_reader.text("name"),
            bye=entry_reader.boolean("bye"),
            substitute=entry_reader.boolean("substitute"),
            mark=entry_reader.value_mark("id"),
            withdrawn=(withdrawn := _read_withdrawn(entry_reader))[0],
            withdrawn_mark=entry_reader.value_mark("withdrawn") if entry_reader.has("withdrawn") else None,
            withdrawn_stage=withdrawn[1],
        )
        for key, text in (("group", entries[entry_id].group), ("name", entries[entry_id].name)):
            _check_published_text(text, entry_reader.value_mark(key), f"entries[{index + 1}].{key}", problems)
    return entries


def _read_withdrawn(entry_reader: Reader) -> tuple[int | None, str | None]:
    """`withdrawn: 3`: plays no round from round 3 on; `withdrawn: true`: none at all (round 1);
    `withdrawn: {stage: final, round: 2}`: from round 2 of stage `final` on. (round, stage as
    written: _resolve_withdrawals checks it and says which stage a bare round counts.)"""
    value = entry_reader.raw("withdrawn")
    if value is None or value is False:
        return None, None
    if value is True:
        return 1, None
    if isinstance(value, YamlMap):
        written = entry_reader.mapping("withdrawn")
        assert written is not None
        written.check_keys(("stage", "round"), required=("stage", "round"))
        stage, number = written.text("stage"), written.integer("round", low=1, high=50)
        return (number, stage) if stage is not None and number is not None else (None, None)
    return entry_reader.integer("withdrawn", low=1, high=50), None


def _resolve_withdrawals(event: Event, problems: Problems) -> None:
    """Which stage's rounds each `withdrawn` counts (event-day.md: "from round 3 of its Swiss /
    round-robin stage on"): the stage written (`withdrawn: {stage: final, round: 2}`), else the
    entry's first stage (the event's first; for a `bye` entry the stage the first advances to);
    it plays no round of the stages after it. A stage no stage is is an error; a round past the
    stage's last a warning, since the entry then plays every round of it (a later stage meant?),
    and is read as that: no withdrawal when no stage follows, else from the next stage's round 1.
    With one stage nothing else changes: its rounds are counted, as ever."""
    ids = [s.id for s in event.stages]
    if not ids:
        return
    for entry in event.entries.values():
        if entry.withdrawn is None:
            continue
        mark = entry.withdrawn_mark or entry.mark or Mark(event.folder)
        stage_id = entry.withdrawn_stage
        if stage_id is None:
            first = event.stages[0]
            stage_id = first.advance.to if entry.bye and first.advance is not None and first.advance.to in ids else ids[0]
        elif not known_stage(stage_id, ids, event, mark, problems):
            entry.withdrawn, entry.withdrawn_stage = None, None
            continue
        at = ids.index(stage_id)
        stage, later = event.stages[at], ids[at + 1:]
        if entry.withdrawn > stage.rounds:
            # Its consequence said too: no round of a later stage (withdrawn_by), so `pair` leaves
            # it out of, say, the knockout, which a round past the last may not have meant.
            problems.add("entry-withdrawn-past", mark, warning=True, id=entry.id, round=entry.withdrawn,
                         stage=stage_id, rounds=stage.rounds, example=later[0] if later else stage_id,
                         later=catalogues.word("withdrawn_past_later", stages=", ".join(later)) if later else "")
            # Read as what the warning says it is, once, here: the rest of paibang asks only
            # `withdrawn`, and a round no stage has was taken for a withdrawal there (marked 退赛
            # on a stage it played through, results.json's `withdrawn` true). No stage after
            # it: it withdrew from nothing. Else it is `{stage: <the next>, round: 1}`, that
            # form's marks and qualification (withdrawn_next) included.
            if not later:
                entry.withdrawn, entry.withdrawn_stage = None, None
                continue
            stage_id, entry.withdrawn, later = later[0], 1, later[1:]
        if len(ids) > 1:
            entry.withdrawn_stage, entry.withdrawn_later = stage_id, tuple(later)
        else:
            entry.withdrawn_stage = None


def _warn_short_teams(event: Event, problems: Problems) -> None:
    """An entry with fewer players than its first stage of a fixed size fields (Guandan's
    `team_size: 4`: two pairs, one in the open room, one in the closed), named with its stage.
    A warning, not an error: a match's record names teams, not players, so the stage scores as
    written, and a team often registers its fourth player late; the build must not stop for it
    on the day. More players than that are reserves (替补), said nothing of here (a game that
    seats a fixed number says it: _warn_large_teams, Guandan's pairs among them). An entry that plays
    no round of the stage (`withdrawn: true`) is left out, as one with no players (its own error)."""
    sized = [stage for stage in event.stages if stage.players]
    if not sized:
        return
    for entry in event.entries.values():
        stage = next((s for s in sized if not entry.withdrawn_by(1, s.id)), None)
        if stage is None or not entry.players or len(entry.players) >= (stage.players or 0):
            continue
        name = entry.name or [p.name for p in entry.players]  # (a list: joined as the message's language joins)
        problems.add("entry-team-short", entry.mark or Mark(event.folder / "event.yaml"), warning=True, id=entry.id,
                     name=name, count=len(entry.players), stage=stage.id, size=stage.players,
                     file=(entry.mark.file.name if entry.mark else "event.yaml"))


def _warn_large_teams(event: Event, game: Any, problems: Problems) -> None:
    """An entry listing more players than the game seats for it (Game.players_at_play: a
    大怪路子 team of three listing four or of six, a trio a room, listing seven; a Guandan pair
    three). A game whose teams carry
    reserves as a matter of course (bridge's teams of four to six) seats no fixed number and
    is never warned. A re-import of a sheet with a name misspelt, after
    results, kept the name the team played under and added the other (the same phone), and
    every page then named four; a reserve is the other reading, so a warning, naming the
    entry's players, against its first stage it plays in."""
    for entry in event.entries.values():
        stage = next((s for s in event.stages if not entry.withdrawn_by(1, s.id)), None)
        size = game.players_at_play(stage) if stage is not None else None
        if size is None or len(entry.players) <= size:
            continue
        both = game.players_in_both_rooms(stage)
        if both is not None and len(entry.players) >= both:
            if len(entry.players) == both:
                continue  # a side for each room (大怪路子's six), not a name too many
            size = both
        if stage.unkeyed is not None and len(entry.players) >= stage.unkeyed[1]:
            continue  # a team of the size a key would make: stage-teams-in-pairs says it, with that key
        problems.add("entry-team-large", entry.mark or Mark(event.folder / "event.yaml"), warning=True, id=entry.id,
                     entry=entry_named(entry.id, entry.name), count=len(entry.players), players=[p.name for p in entry.players],
                     stage=stage.id, size=size, file=(entry.mark.file.name if entry.mark else "event.yaml"))


def _warn_teams_in_pairs(event: Event, problems: Problems) -> None:
    """Entries of a team's size in a stage that plays pairs (Guandan without `team_size`, where
    `team_size: 4` makes two pairs a team): a stage whose key was forgotten, or an entry listing
    two pairs, either way a match record that names one pair where four people came to play.
    One warning a stage, on the stage, naming the entries: a key forgotten makes every entry one.
    A third player is said by _warn_large_teams (a pair seats two); a fifth is a team of four's
    reserve (_warn_short_teams), said nothing of; an entry that plays no round of the stage is
    left out."""
    for stage in event.stages:
        if stage.unkeyed is None:
            continue
        usual, size = stage.unkeyed
        large = [entry.id for entry in event.entries.values()
                 if len(entry.players) >= size and not entry.withdrawn_by(1, stage.id)]
        if large:
            problems.add("stage-teams-in-pairs", stage.mark or Mark(event.folder / "event.yaml"), warning=True,
                         stage=stage.id, usual=usual, size=size, count=len(large), ids=large)


def placeholder_values(key: str, command: str = "new") -> frozenset[str]:
    """What `paibang new` writes as an event's `key` (new_<key>_value), or with `command` "init"
    what init writes as the site's (init_<key>_value), in every locale (check's warnings, and
    import's taking the file's title in its place)."""
    return frozenset(catalogues.text(f"{command}_{key}_value", locale) for locale in LOCALES)


def _warn_if_placeholder(value: str | None, mark: Mark, key: str, problems: Problems) -> None:
    """An event still holding what `paibang new` wrote as its title, organiser or venue ("New
    event", "Organiser", "Venue"): followed as the README says, new then import, it passed check
    and was built under those words. new's venue is a word, not the room number "7201" it once
    was, which may well be a real venue (the demo bridge event's). A warning: the event is still
    being filled in, and builds. (`value` as read once: reading a key again says again what is
    wrong with it, a title too long.)"""
    if value and value.strip() in placeholder_values(key):
        problems.add("event-placeholder", mark, warning=True, key=key, value=value)


def _headings_only(text: str) -> bool:
    """A notice of headings and nothing under them (`paibang new`'s notice.md: its four headings,
    time and place, entering, format, prizes, left empty): published, a page of empty sections."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(lines) and all(line.startswith("#") for line in lines)


def _check_published_text(text: str | None, mark: Mark, key: str, problems: Problems) -> None:
    """A phone or ID-card number, or an e-mail address, in an entry's group or name or a player's
    or an official's name: each is published as it is (entry and player pages, results.json, the
    search), and `paibang import --map` or a paste into the wrong column puts one there. Each is
    an error: a warning let the build publish the number (rev34), as it did an id's. What a class
    or a team is called (2023级20210101班, a date, a school year) is not taken for one (reader.py
    says how). The organizer's number stays a warning: an office's phone there is its own, given
    to be called, as its e-mail address is."""
    if text and holds_phone_or_id_card(text):
        problems.add("text-looks-personal", mark, warning=key == "organizer", key=key, value=text)
    if text and key != "organizer" and holds_email(text):
        # An error, not a warning: an e-mail address is never part of a name or a class, and a
        # warning let the build publish a column of them (reader.py's _EMAIL says where from).
        problems.add("text-looks-email", mark, key=key, value=text)


@functools.lru_cache(maxsize=16)
def _allowed(keys: tuple[str, ...], private: tuple[str, ...]) -> tuple[str, ...]:
    """An entry's or a player's keys with the site's private ones, each once (`private: [group]`
    named group twice in an unknown key's hint), made once a site, not once an entry or player."""
    return tuple(dict.fromkeys((*keys, *private)))


def _allowed_in(node: YamlMap, keys: tuple[str, ...], private: tuple[str, ...]) -> tuple[str, ...]:
    """_allowed, with each key of `node` that is a private one written in another case."""
    allowed = _allowed(keys, private)
    other = tuple(key for key in node if key not in allowed and private_matches(key, private))
    return allowed + other if other else allowed


def _read_players(entry_reader: Reader, problems: Problems, private: tuple[str, ...]) -> list[Player]:
    """Players by name; private keys are checked for shape and then dropped on the floor."""
    written = entry_reader.node.get("players")
    if isinstance(written, (str, int)) and not isinstance(written, bool):
        # `players: 秦文斌，陶家豪`: the brackets left out, the names joined by a full-width comma.
        # "should be a list" said nothing of the comma; the fix is the list, written out.
        text = str(written).strip()
        problems.add("players-not-list", entry_reader.value_mark("players"), key=entry_reader.path("players"),
                     value=text, fixed=", ".join(_split_names(text)))
        return []
    players = []
    for value, mark in entry_reader.items("players"):
        if isinstance(value, YamlMap):
            player_reader = Reader(value, problems, "players[].")
            # An extra key is accepted only when the site declares it private, so a typo of a
            # public key is caught and nothing unknown can slip into pages later.
            player_reader.check_keys(_allowed_in(value, PLAYER_KEYS, private), required=("name",))
            name = player_reader.text("name")
            player_id = player_reader.text("id")
            if player_id and holds_personal_number(player_id):
                # Never published as it is, but /players/<key>/ is a hash of it (players.person_key),
                # which a list of a year's student numbers turns back into the number in a blink:
                # an error, as an entry's (players.py says why the hash is not keyed instead).
                problems.add("id-looks-personal", player_reader.value_mark("id"),
                             key=f"{entry_reader.path('players')}[].id", id=player_id)
            _check_published_text(name, player_reader.value_mark("name"), f"{entry_reader.path('players')}[].name",
                              problems)
            names = _split_names(name) if name else []
            if len(names) > 1:
                # {name: "秦文斌，陶家豪"}: two names in one, read and said as the list form's item is;
                # the id, of one person, given to neither
                problems.add("players-separator", player_reader.value_mark("name"), warning=True,
                             id=entry_reader.raw("id") or "?", value=name, count=len(names),
                             fixed=", ".join(f"{{name: {part}}}" for part in names))
                players += [Player(name=part) for part in names]
            elif name:
                players.append(Player(name=name, id=player_id))
        elif isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
            _check_published_text(str(value).strip(), mark, f"{entry_reader.path('players')}[]", problems)
            names = _split_names(str(value).strip())
            if len(names) > 1:
                # [秦文斌，陶家豪]: YAML's list takes only the half-width comma, so this is one item
                # holding two names. No person's name holds a full-width comma, 顿号 or semicolon,
                # so it is read as the players it lists (pages show two people, not one
                # "秦文斌，陶家豪"), and said, so the file is put right rather than relied on.
                problems.add("players-separator", mark, warning=True, id=entry_reader.raw("id") or "?",
                             value=str(value).strip(), count=len(names), fixed=", ".join(names))
            players += [Player(name=name) for name in names]
        else:
            problems.add("type-expected", mark, key="players[]",
                         expected=catalogues.word("type_name"), found=describe(value))
    return players


def _split_names(text: str) -> list[str]:
    """One `players:` item as the names it holds: itself, or the parts between full-width
    separators (empty parts, of a trailing comma, dropped)."""
    return [part.strip() for part in LIST_SEPARATORS.split(text) if part.strip()] or [text]


def _read_officials(reader: Reader, problems: Problems) -> list[Official]:
    officials = []
    for index, (item, mark) in enumerate(reader.items("officials")):
        if not isinstance(item, YamlMap):
            problems.add("type-expected", mark, key=f"officials[{index + 1}]",
                         expected=catalogues.word("type_mapping"), found=describe(item))
            continue
        official = Reader(item, problems, f"officials[{index + 1}].")
        official.check_keys(OFFICIAL_KEYS, required=("name", "role"))
        name = official.text("name")
        if not name:
            continue
        _check_published_text(name, official.value_mark("name"), f"officials[{index + 1}].name", problems)  # published, credited
        stages = tuple(str(s) for s, _ in official.items("stages", single_ok=True))
        officials.append(Official(name, official.choice("role", ("referee", "host"), "referee") or "referee",
                                  stages, official.integer("sessions", 0, low=0, high=100) or 0))
    return officials


def _read_credits(reader: Reader) -> CreditRules:
    reader.check_keys(CREDIT_KEYS)
    referee: dict[str, int] = {}
    referee_reader = reader.mapping("referee")
    if referee_reader is not None:
        for key in referee_reader.node:
            value = referee_reader.integer(key, low=-100, high=100)
            if value is not None:
                referee[str(key)] = value
    return CreditRules(
        participant=reader.integer("participant", 0, low=-100, high=100) or 0,
        finalist=reader.integer("finalist", 0, low=-100, high=100) or 0,
        referee=referee,
        host=reader.integer("host", 0, low=-100, high=100) or 0,
        forfeit=reader.integer("forfeit", 0, low=-100, high=100) or 0,
    )


def _warn_stage_date_outside(stage: Stage, event: Event, stage_reader: Reader, problems: Problems) -> None:
    """A stage played on a day outside its event's dates (from the first to the last, so a
    multi-day event's stages may fall between them): a folder copied from an earlier event with
    only the event's date changed, whose stage then shows a date years away and gives the
    sitemap its day. Said, not refused: the results still stand."""
    if stage.date is None or not event.dates:
        return
    first, last = min(event.dates), max(event.dates)
    if first <= stage.date <= last:
        return
    problems.add("stage-date-outside", stage_reader.value_mark("date"), warning=True, id=stage.id,
                 date=stage.date.isoformat(),
                 dates=first.isoformat() if first == last else f"{first.isoformat()} \u2013 {last.isoformat()}",
                 example=first.isoformat())


def _read_stages(reader: Reader, game: Any, problems: Problems, event: Event) -> list[Stage]:
    stages: list[Stage] = []
    items = reader.items("stages")
    if reader.has("stages") and not items:
        problems.add("stages-empty", reader.value_mark("stages"))
    if len(items) > LIMITS["stages"]:
        problems.add("too-many", reader.value_mark("stages"), what=catalogues.word("counted_stages"), count=len(items),
                     limit=LIMITS["stages"])
        items = items[: LIMITS["stages"]]
    for index, (item, mark) in enumerate(items):
        if not isinstance(item, YamlMap):
            problems.add("type-expected", mark, key=f"stages[{index + 1}]",
                         expected=catalogues.word("type_mapping"), found=describe(item))
            continue
        stage_reader = Reader(item, problems, f"stages[{index + 1}].", reader.files)
        stage_reader.check_keys((*STAGE_KEYS, *game.stage_keys), required=("id", "format"))
        stage_id = stage_reader.identifier("id")
        stage_format = stage_reader.choice("format", FORMATS)
        if stage_id is not None and stage_format is None:
            event.unread_stages.append(stage_id)  # the format's own problem says what is wrong
        if stage_id is None or stage_format is None:
            continue
        if stage_id in RESERVED_STAGE_IDS:
            problems.add("stage-id-reserved", stage_reader.value_mark("id"), id=stage_id,
                         reserved=", ".join(RESERVED_STAGE_IDS))
            continue
        if any(s.id == stage_id for s in stages):
            problems.add("stage-duplicate", stage_reader.value_mark("id"), id=stage_id)
            continue
        other = next((s.id for s in stages if s.id.casefold() == stage_id.casefold()), None)
        if other is not None:
            problems.add("stage-id-case", stage_reader.value_mark("id"), id=stage_id, other=other)
            continue
        if stage_format not in game.formats and stage_format != "knockout":  # knockout: any game
            problems.add("format-not-supported", stage_reader.value_mark("format"), game=game.name,
                         format=stage_format, allowed=", ".join(game.formats))
        stage = Stage(
            id=stage_id,
            name=stage_reader.text("name") or stage_id,
            format=stage_format,
            date=stage_reader.date("date"),
            rounds=(rounds := stage_reader.integer("rounds", None, low=1, high=50)) or 1,
            rounds_unread=rounds is None and stage_reader.raw("rounds") is not None,
            boards=stage_reader.integer("boards", None, low=1, high=MAX_BOARDS),
            movement=stage_reader.choice("movement", MOVEMENTS),
            # minutes a round; the desk's hall screen counts it down (event-day.md)
            time_limit=stage_reader.integer("time_limit", None, low=1, high=1440),
            mark=mark,
        )
        _warn_stage_date_outside(stage, event, stage_reader, problems)
        if stage.movement is not None and stage_format != "pairs":
            problems.add("stage-movement-unused", stage_reader.value_mark("movement"), warning=True, id=stage_id,
                         format=stage_format)
        stage.options = game.read_stage_options(stage_reader, game_format(game, stage_format))
        stage.players = game.players_per_entry(item)
        stage.unkeyed = game.size_without_key(item)
        if stage_reader.has("late"):
            stage.late_options = _read_late(item, stage_reader, game, game_format(game, stage_format), problems)
            stage.late_written = frozenset(str(k) for k in item["late"]) if isinstance(item["late"], YamlMap) else frozenset()
        stage.rank_by = _read_rank_by(stage_reader, game, stage, problems)
        stage.prizes = _read_prizes(stage_reader, stage.rank_by, game, problems)
        stage.lots = [str(v) for v, _ in stage_reader.items("lots")]
        for lot_id, lot_mark in stage_reader.items("lots"):
            if str(lot_id) not in event.entries:
                problems.add("lots-unknown", lot_mark, id=lot_id)
        advance = stage_reader.mapping("advance")
        if advance is not None:
            advance.check_keys(("count", "to"), required=("count", "to"))
            count, to = advance.integer("count", low=1, high=LIMITS["entries"]), advance.text("to")
            if count is not None and to:
                stage.advance = Advance(count, to, stage_reader.key_mark("advance"), advance.value_mark("to"))
        stage.knockout = read_knockout(stage_reader, stage, event, problems)
        stages.append(stage)
    ids = [s.id for s in stages]
    for position, stage in enumerate(stages):
        if stage.advance is None:
            continue
        target = stage.advance.to
        mark = stage.mark or reader.mark
        if target in event.unread_stages:
            stage.advance = None  # (not a stage-unknown: its format's problem is said, once)
        elif known_stage(target, ids, event, stage.advance.to_mark or mark, problems) and ids.index(target) <= position:
            problems.add("advance-loop", mark, id=stage.id)
    knockout_rounds(stages, event, reader, problems)
    return stages


def _read_late(item: YamlMap, stage_reader: Reader, game: Any, stage_format: str, problems: Problems) -> Any:
    """A stage's `late: {…}`: what a late entry scores for each round it missed, with the same
    keys as the game's `bye:`. The game reads it as its own `bye:` (so every game's bye keys work,
    with their checks) from a copy of the stage whose `bye` is the `late` node; the problems that
    read finds in the stage's other keys were reported already, so only new ones are kept."""
    node = item["late"]
    if not isinstance(node, YamlMap):
        stage_reader.mapping("late")  # records the type problem
        return None
    copy = YamlMap({k: v for k, v in item.items() if k != "late"})
    copy["bye"] = node
    copy.mark = item.mark
    copy.key_marks = {**item.key_marks, "bye": mark_of_key(item, "late")}
    copy.value_marks = {**item.value_marks, "bye": mark_of_value(item, "late")}
    found = Problems()
    options = game.read_stage_options(Reader(copy, found, stage_reader.where, stage_reader.files), stage_format)
    known = {(p.code, p.mark) for p in problems.items}
    problems.items.extend(p for p in found.items if (p.code, p.mark) not in known)
    return options


def _read_rank_by(stage_reader: Reader, game: Any, stage: Stage, problems: Problems) -> list[str]:
    available = (*game.metrics_for(stage), *GENERIC_METRICS)
    rank_by = []
    for value, mark in stage_reader.items("rank_by", single_ok=True):
        metric = str(value)
        if metric not in available:
            problems.add("metric-unknown", mark, game=game.name, metric=metric,
                         suggestion=suggestion(metric, available), allowed=", ".join(available))
            continue
        rank_by.append(metric)
    return rank_by or list(game.default_rank_by(stage))


def _read_prizes(stage_reader: Reader, rank_by: list[str], game: Any, problems: Problems) -> list[Prize]:
    prizes = []
    for value, mark in stage_reader.items("prizes"):
        if not isinstance(value, YamlMap):
            problems.add("type-expected", mark, key="prizes[]",
                         expected=catalogues.word("type_mapping"), found=describe(value))
            continue
        prize = Reader(value, problems, "prizes[].")
        thresholds = [k for k in value if k in game.metrics]
        prize.check_keys((*PRIZE_KEYS, *game.metrics), required=("name",))
        name = prize.text("name") or ""
        count = prize.integer("count", low=1, high=LIMITS["entries"])
        if (count is None) == (len(thresholds) != 1):
            problems.add("prize-form", mark, name=name)
            continue
        if count is not None:
            prizes.append(Prize(name, count=count, award=prize.text("award")))
        else:
            metric = thresholds[0]
            threshold = value[metric]
            if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not math.isfinite(threshold):
                prize.integer(metric)  # records the type problem
                continue
            prizes.append(Prize(name, metric=metric, threshold=threshold, award=prize.text("award")))
    return prizes


def _read_results(results_dir: Path, event: Event, game: Any, site: Site, problems: Problems,
                  readings: dict[Path, FileReading] | None = None, apart: Share | None = None) -> None:
    """Every results file of the event. `readings`: each file's reading, taken from there when it
    has one (the file was read before), kept there otherwise. `apart`: see `_read_apart`."""
    if not results_dir.is_dir():
        return
    files, special = [], []
    for path in sorted(results_dir.iterdir()):
        if path.suffix in (".yaml", ".yml"):
            (files if path.is_file() else special if is_special(path) else []).append(path)
    # A results file that is a pipe or a device (a link to /dev/stdin received with the project):
    # said, never read, and not passed over in silence: its round would be missing from the
    # standings with nothing said (one out of content/ is said to be that).
    for path in special:
        regular(path, site.root, problems)
    if len(files) > LIMITS["results files"]:
        problems.add("too-many", Mark(results_dir), what=catalogues.word("counted_results_files"), count=len(files),
                     limit=LIMITS["results files"])
        files = files[: LIMITS["results files"]]
    seen: dict[tuple[str, int], Path] = {}
    marks: dict[tuple[str, int], Mark | None] = {}  # each round's `round:` (rounds_as_drawn)
    listed_in = results_dir.resolve()
    ahead = _read_apart(files, event, game, site, listed_in, apart) if apart and readings is None else {}
    for path in files:
        if not inside_content(path, site.root, problems, listed_in):
            continue
        if readings is None:
            reading = ahead.pop(path, None)  # read ahead (`_read_apart`), with what it found, as below
        else:
            reading = readings.get(path)
            digest = _digest(path)
            if reading is not None and reading.digest != digest:
                reading = None  # changed since it was read: read again
        if reading is None:
            before = len(problems.items)
            reading = _read_round_of(path, event, problems)
            reading.found = problems.items[before:]
            if readings is not None:
                reading.digest = digest
                readings[path] = reading
        else:
            problems.items.extend(reading.found)
        if reading.round is None:
            continue
        stage_id, number = reading.round
        # A round written in a second file: the error is the file read later (in name order:
        # `files` is sorted), naming the one read first; its tables are read all the same, so
        # that what is wrong in them is said now, with the duplicate, and not only once it is
        # fixed; the round is the first file's.
        duplicate = (stage_id, number) in seen
        if duplicate:
            problems.add("results-round-duplicate", reading.stage_mark, stage=stage_id, round=number,
                         other=seen[(stage_id, number)].name, this=path.name)
        else:
            seen[(stage_id, number)] = path
        if reading.tables is None:
            _read_tables_of(path, reading, event, game, problems)
        else:
            problems.items.extend(reading.tables_found)
        if duplicate:
            continue
        marks[(stage_id, number)] = reading.stage_mark
        event.rounds.setdefault(stage_id, []).append(Round(stage_id, number, list(reading.tables), path,
                                                           reading.drawn_on, reading.date, *reading.seeds,
                                                           drawn_by=reading.drawn_by))
    for rounds in event.rounds.values():
        rounds.sort(key=lambda r: r.number)
    _boards_before(event, game, problems)
    formats_as_drawn(event, marks, problems)
    rounds_as_drawn(event, marks, problems)


def _boards_before(event: Event, game: Any, problems: Problems) -> None:
    """Each team match of a stage saying no `boards`, in a game numbering its boards on through
    the stage, given the boards its stage's rounds before wrote (Table.earlier_boards), and its
    count warning said again with them (Game.recount_boards): a file is read on its own, and a
    round 2 half entered on 13-18 after a round 1 on 1-12 was scored a whole match of 6 (VP on a
    6-board scale, counted in the standings). Set afresh at every read: a file kept from a build
    before (`readings`) keeps its tables, whose rounds before may have changed since."""
    for stage_id, rounds in event.rounds.items():
        stage = event.stage(stage_id)
        wanted = not stage.boards and stage.format != "pairs" and game.boards_numbered_on
        # (each round's boards read once: rounds is sorted by number)
        written = game.boards_before(stage, rounds, rounds[-1].number + 1) if wanted else ()
        for round_ in rounds:
            earlier = tuple(item for item in written if item[0] < round_.number)
            for table in round_.tables:
                table.earlier_boards = earlier
                if earlier:
                    game.recount_boards(stage, table, problems)


def formats_as_drawn(event: Event, marks: dict[tuple[str, int], Mark | None], problems: Problems) -> None:
    """A stage whose round 1 `paibang pair` drew as one format (`# draw-rules: … drawn_as=`; a
    knockout's, by its `seeds:`, before pair wrote it) that event.yaml now writes as another: a
    round robin turned knockout, or a knockout turned round robin, after the draw (a knockout on
    one side: a round robin turned Swiss pairs on as a Swiss from the results it has). Its rounds
    were read as the format written: the round robin's round 1 taken for a bracket, its seeding
    said changed by a correction no one made, and the bracket's seeds said to be deleted. One
    error says it, at round 1's `round:`, with the two ways on (draw the stage again, or put its
    format back), and the stage's rounds are left out (so nothing else is read from a draw of
    another format: a round past the rounds of the format written is not said either)."""
    for stage in event.stages:
        rounds = event.rounds.get(stage.id, [])
        first = next((r for r in rounds if r.number == 1), None)
        drawn_as = (first.drawn_by or {}).get("drawn_as") if first is not None else None
        if first is None or drawn_as is None or drawn_as == stage.format or drawn_as not in FORMATS:
            continue
        if "knockout" not in (drawn_as, stage.format):
            # A round robin turned Swiss, or the reverse: its rounds are tables of matches either
            # way, read and paired on as the format written, as before draw-rules recorded the
            # format (rev61). Only a bracket's seeds read as a round's, or the reverse, misreads.
            continue
        problems.items[:] = [p for p in problems.items
                             if not (p.code == "results-round-range" and p.params.get("stage") == stage.id)]
        files = sorted({r.source.name for r in rounds})
        problems.add("stage-format-changed", marks.get((stage.id, 1)) or Mark(first.source), stage=stage.id,
                     drawn=_format_word(drawn_as), now=_format_word(stage.format), was=drawn_as,
                     files=files, slug=event.slug)
        del event.rounds[stage.id]


def _format_word(stage_format: str) -> dict[str, str]:
    """A format's name as a sentence runs on through it ("drawn as a round robin")."""
    return {locale: catalogues.in_sentence(text) for locale, text in catalogues.word(f"format_{stage_format}").items()}


# (theirs, mine) -> (mine(), theirs() or None): theirs() run meanwhile by a process forked for
# it, its answer sent back pickled; None when it failed (render/incremental.py's with_a_child,
# which the build hands over where its process may fork: this layer imports no rendering).
Share = Callable[[Callable[[], Any], Callable[[], Any]], tuple[Any, Any]]
APART_FROM_BYTES = 1_000_000  # an event's results files' bytes from which `_read_apart` shares their reading
APART_SHARE = 0.55  # of those bytes, the share this process reads; the rest is read by the forked one


def _read_apart(files: list[Path], event: Event, game: Any, site: Site, listed_in: Path,
                share: Share) -> dict[Path, FileReading]:
    """Each results file's reading, as `_read_results` would make it (its stage and round, what
    was found, its tables), made before that loop takes them in order: the first files' here, the
    last ones' by a process forked for them meanwhile (`share`), on the other core, and sent back
    pickled (unpickling a round's tables took a third of the time its reading took: a mass
    event's 7 rounds, 17,500 tables, were read in 0.7 s with the other core idle). Nothing for an
    event of fewer bytes; only the files read here when the forked process failed: the loop
    reads the others itself. Every table is read: the loop leaves out a round read twice, and
    what was found in it, as it would have."""
    if len(files) < 2:
        return {}
    sizes = []
    for path in files:
        try:
            sizes.append(os.path.getsize(path))
        except OSError:
            sizes.append(0)
    total = sum(sizes)
    if total < APART_FROM_BYTES:
        return {}
    cut, mine = 0, 0
    while cut < len(files) - 1 and mine + sizes[cut] / 2 <= APART_SHARE * total:
        mine += sizes[cut]
        cut += 1
    cut = max(cut, 1)
    for path in files[cut:]:  # held here too (a build's are held already: hashed), as the other reads them
        try:
            snapshot.read(path)
        except OSError:
            pass  # (the loader finds it so too)

    def read(paths: list[Path]) -> dict[Path, FileReading]:
        found: dict[Path, FileReading] = {}
        for path in paths:
            reading = _read_ahead(path, event, game, site, listed_in)
            if reading is not None:
                found[path] = reading
        return found

    here, there = share(partial(read, files[cut:]), partial(read, files[:cut]))
    return here | there if there is not None else here


def _read_ahead(path: Path, event: Event, game: Any, site: Site, listed_in: Path) -> FileReading | None:
    """A results file read as `_read_results` reads one, its tables read too when it names a
    round, each thing found kept with it (FileReading). None for a file outside content/ (the
    loop says so, and reads nothing of it)."""
    if not inside_content(path, site.root, Problems(), listed_in):
        return None
    found = Problems()
    reading = _read_round_of(path, event, found)
    reading.found = found.items
    if reading.round is not None:
        _read_tables_of(path, reading, event, game, Problems())
    return reading


def _read_tables_of(path: Path, reading: FileReading, event: Event, game: Any, problems: Problems) -> None:
    """The tables of a results file that names a round, read into its reading with what was
    found in them (`tables_found`, added to `problems` too) and the day it was drawn."""
    assert reading.data is not None and reading.round is not None
    before = len(problems.items)
    reader = Reader(reading.data, problems)
    stage, number = event.stage(reading.round[0]), reading.round[1]
    reading.drawn_on, reading.drawn_by = _drawn_on(path), _drawn_by(path)
    if reading.drawn_by is not None and number == 1 and "drawn_as" not in reading.drawn_by:
        # Drawn by a pair that did not record the format yet. Only two draws write draw-rules (a
        # knockout's round 1 and a round robin's: pairing._rules_read), and a pair that wrote the
        # line already wrote a knockout's seeds in its round 1 (seeds came first, 43e55dcf): with
        # seeds a knockout's, without them a round robin's, as later pairs record it. (Its tables
        # cannot tell: a round robin's round 1 numbered by the standings pairs 1 v n, 2 v n-1,
        # the bracket's own first round; nor can the round files' count: a round robin may be
        # drawn a round at a time. A round 1 without the line is told by neither: test_qualifiers_corrected.)
        reading.drawn_by["drawn_as"] = "knockout" if reader.has("seeds") else "round_robin"
    reading.tables = _read_tables(reader, stage, event, game, problems, number)
    reading.seeds = _read_seeds(reader, stage, number, event, (reading.drawn_by or {}).get("drawn_as"))
    reading.tables_found = problems.items[before:]
    reading.data = None  # read: the parsed file is not needed again


def _digest(path: Path) -> bytes:
    """The file's bytes as this reading took them (content/snapshot.py), hashed; b"" when unreadable."""
    try:
        return hashlib.sha256(snapshot.read(path)).digest()
    except OSError:
        return b""


def _read_round_of(path: Path, event: Event, problems: Problems) -> FileReading:
    """A results file's stage and round (its tables are read once its round is known to be new)."""
    data = load_mapping(path, problems)
    if data is None:
        return FileReading([], None)
    reader = Reader(data, problems)
    reader.check_keys(RESULTS_KEYS, required=("stage", "tables"))
    stage_id = reader.text("stage")
    if stage_id is None:
        return FileReading([], None)
    stage_ids = [s.id for s in event.stages]
    if not known_stage(stage_id, stage_ids, event, reader.value_mark("stage"), problems):
        return FileReading([], None)
    stage = event.stage(stage_id)
    number = reader.integer("round", low=1, high=50)
    if number is None:
        if reader.raw("round") is not None:
            # `round: 2.5`, `round: true`, its error said: which round the file holds is not
            # known, and taking it for round 1 said round 1 was written twice as well.
            return FileReading([], None)
        if stage.rounds > 1 or stage.rounds_unread:  # not written, or left blank (`round:`)
            problems.add("results-round-missing", reader.value_mark("round") if reader.has("round") else reader.mark,
                         stage=stage_id)
            return FileReading([], None)
        number = 1
    if stage.rounds_unread and number > stage.rounds:
        return FileReading([], None)  # the stage's `rounds:` is wrong, not this file (its error is said)
    if number > stage.rounds and stage.knockout is None:  # (a knockout's: its bracket's as drawn, rounds_as_drawn)
        problems.add("results-round-range", reader.value_mark("round"), stage=stage_id, rounds=stage.rounds, round=number)
        return FileReading([], None)
    where = reader.value_mark("round") if reader.has("round") else reader.value_mark("stage")
    day = reader.date("date") if reader.has("date") else None
    return FileReading([], (stage_id, number), where, data, date=day)


def _read_seeds(reader: Reader, stage: Stage, number: int, event: Event,
                drawn_as: str | None = None) -> tuple[list[str] | None, Mark | None]:
    """A knockout round 1's `seeds:` (the seeds `paibang pair` drew it from, seed 1 first), with
    its mark; the bracket is read from them once written (tournament/knockout.drawn_field). On any
    other round the key means nothing (a warning), unless the round was drawn as a knockout's and
    the stage is now another format (`drawn_as`): stage-format-changed says that, and deleting the
    line is no fix. An id that is no entry, or one written twice, is an error at the id."""
    if not reader.has("seeds"):
        return None, None
    mark = reader.key_mark("seeds")
    if drawn_as == "knockout" and stage.format != "knockout":
        return None, None
    if stage.format != "knockout" or number != 1:
        reader.problems.add("round-seeds-unused", mark, warning=True, stage=stage.id, round=number)
        return None, None
    seeds: list[str] = []
    for seed, seed_mark in reader.items("seeds"):
        entry_id = str(seed)
        if entry_id not in event.entries:
            reader.problems.add("round-seeds-unknown", seed_mark, id=entry_id,
                                suggestion=suggestion(entry_id, event.entries))
        elif entry_id in seeds:
            reader.problems.add("round-seeds-duplicate", seed_mark, id=entry_id, seed=seeds.index(entry_id) + 1)
        else:
            seeds.append(sys.intern(entry_id))
    return seeds, mark


DRAW_ORDER = "# draw-order:"
DRAW_RULES = "# draw-rules:"


def _drawn_by(path: Path) -> dict[str, str] | None:
    """The settings of the stage a round 1 was drawn on, as `paibang pair` wrote them in the
    file's opening comment (`# draw-rules: count=4 rank_by=wins,level_diff`); None without."""
    try:
        data = snapshot.read(path)
    except OSError:
        return None
    if DRAW_RULES.encode() not in data:
        return None  # (most files: not decoded for nothing)
    for line in data.decode("utf-8", errors="replace").splitlines():
        if not line.startswith("#"):
            return None  # past the opening comment: a line further down is no record
        if line.startswith(DRAW_RULES):
            return dict(item.partition("=")[::2] for item in line[len(DRAW_RULES):].split() if "=" in item)
    return None


def _drawn_on(path: Path) -> list[tuple[str, float]] | None:
    """The standings a Swiss round was drawn on, as `paibang pair` wrote them in the file's
    opening comment (`# draw-order: T05=2 T01=2 …`, over as many lines as it takes); None
    without them. Only the opening comment block is read: the lines are pair's, never typed."""
    found: list[tuple[str, float]] | None = None
    try:
        # The bytes the loader parsed (content/snapshot.py), not a second reading of the file;
        # only its opening comment block, up to the first line break before a line that does
        # not start with "#": the lines below it are never looked at.
        data = snapshot.read(path)
        end = 0
        while (end := data.find(b"\n", end) + 1) and data[end:end + 1] == b"#":
            pass
        for line in (data[:end] if end else data).decode("utf-8", errors="replace").splitlines():
            if not line.startswith("#"):
                break
            if not line.startswith(DRAW_ORDER):
                continue
            found = found or []
            for item in line[len(DRAW_ORDER):].split():
                entry_id, _, score = item.rpartition("=")
                try:
                    found.append((sys.intern(entry_id), float(score)))  # the entries' own ids
                except ValueError:
                    return None  # edited by hand: not what pair wrote, so nothing to compare
    except OSError:
        return None
    return found


def _meant_by(side: str, written: str) -> bool:
    """Whether an invalid entry id, `written`, is the side's id but for characters that are not
    ASCII (Т03, a Cyrillic Т, or Ｔ03, a full-width one, for T03)."""
    return len(side) == len(written) and side != written and all(
        a == b or not b.isascii() for a, b in zip(side, written))


def _listed_alone(listed: object) -> str | None:
    """The one side a `forfeit:` list of one item names (`forfeit: [D01]`), as written; None
    for anything else (a value, a list of two or none, an item that is no side's id)."""
    if not isinstance(listed, YamlList) or len(listed) != 1:
        return None
    item = listed[0]
    return None if isinstance(item, (YamlMap, YamlList, bool)) or item is None else str(item)


def _drop_said_of_unknown_sides(problems: Problems, since: int, unknown: list[str]) -> None:
    """The problems a game's reader raised at a table (from `since` on) that name one of its sides
    naming no entry: `teams: [t22, T01]` with `levels: {T22: …}` said T22 was not at the table,
    "did you mean t22?", advising to write the typo into the right key, and that t22's level was
    missing. The side's own error (entry-unknown) says what to fix; once fixed, what is still
    wrong at the table is said."""
    if not unknown:
        return
    def names_one(value: object) -> bool:
        if isinstance(value, str):
            return value in unknown
        return isinstance(value, (list, tuple)) and any(item in unknown for item in value)
    kept = [problem for problem in problems.items[since:] if not any(map(names_one, problem.params.values()))]
    problems.items[since:] = kept


def _read_tables(reader: Reader, stage: Stage, event: Event, game: Any, problems: Problems,
                 round_number: int = 0) -> list[Table]:
    tables: list[Table] = []
    numbers: dict[int, Mark] = {}
    playing: dict[str, int] = {}
    unknown: list[tuple[str, Mark]] = []  # sides naming no entry: said once the round's seated are known
    items = reader.items("tables")
    if len(items) > LIMITS["tables"]:
        problems.add("too-many", reader.value_mark("tables"), what=catalogues.word("counted_tables"), count=len(items),
                     limit=LIMITS["tables"])
        items = items[: LIMITS["tables"]]
    for index, (item, mark) in enumerate(items):
        if not isinstance(item, YamlMap):
            problems.add("type-expected", mark, key=f"tables[{index + 1}]",
                         expected=catalogues.word("type_mapping"), found=describe(item))
            continue
        table_reader = Reader(item, problems, f"tables[{index + 1}].")
        number = table_reader.integer("table", low=1, high=10_000)
        if number is None:
            if not table_reader.has("table"):
                problems.add("key-missing", mark, key=f"tables[{index + 1}].table")
            continue
        if number in numbers:
            problems.add("table-duplicate", table_reader.value_mark("table"), table=number)
        numbers[number] = mark
        # A knockout's tie decided by the referee (tournament/knockout.py), unless the game reads
        # `winner:` itself (Guandan: who reached the level first).
        table_reader, winner = read_referee_winner(table_reader, game, stage.format)
        table_reader.round_number = round_number  # (a match's boards numbered on: match_board_count)
        before = len(problems.items)
        sides, record = game.read_table(table_reader, stage)
        _drop_said_of_unknown_sides(problems, before, [s for s, _ in sides if s not in event.entries])
        read_at = {(p.mark.line, p.mark.column) for p in problems.items[before:] if not p.warning}  # (the game's reader's errors)
        side_ids, side_marks = [], []
        for entry_id, side_mark in sides:
            if entry_id not in event.entries:
                unknown.append((entry_id, side_mark))
                continue
            if entry_id in playing:
                problems.add("entry-twice-in-round", side_mark, id=entry_id, other=playing[entry_id])
            playing[entry_id] = number
            side_ids.append(entry_id)
            side_marks.append(side_mark)
        if len(side_ids) == 2 and side_ids[0] == side_ids[1]:
            problems.add("sides-same", mark, id=side_ids[0])
        # (both sides' forfeit, `forfeit: [T17, T29]`, is the game's reader's: Game.reads_both_forfeit)
        listed = table_reader.raw("forfeit")
        both = game.reads_both_forfeit and isinstance(listed, YamlList)
        one = _listed_alone(listed)
        # A bye's forfeit, whatever it says (a side, another, a number, a list): the bye's error
        # alone, below; its value read as a forfeit said forfeit-not-at-table or type-expected
        # beside it, or instead of it, whose "write the side that forfeited" led to it (rev92)
        # (`forfeit:` left empty is no forfeit, at a bye as at any table)
        at_bye = len(sides) == 1 and game.has_byes(stage) and listed is not None
        if at_bye:
            forfeit = None
        elif one is not None:
            # `forfeit: [D01]`: a list names both sides (Guandan's double forfeit; in another game
            # forfeit-double-not-in-game), and one item is neither that nor a double forfeit in a
            # game without one: one side's forfeit with brackets round it, or a double forfeit with
            # a side left out. Said so at the value, in every game alike; no forfeit read (the
            # table waits for its result as one with none written).
            side = half_width(one).strip()
            written = [half_width(s).strip() for s, _ in sides]  # (as written: one may name no entry)
            if len(written) == 2:
                # The side to write named only when it is one of the table's: `[d02]` or another
                # table's `[D03]` named D01 (its first side), and following that reversed the result.
                # Nor a side naming no entry (entry-unknown says it beside): `forfeit: T99` is then
                # forfeit-not-at-table, and `[T05, T99]` the same list again (rev91 D5).
                strangers = [s for s in written if s not in event.entries]
                alone = (catalogues.word("forfeit_listed_alone_side", first=side) if side in written
                         and side not in strangers
                         else catalogues.word("forfeit_listed_alone_unknown", id=strangers[0]) if strangers
                         else catalogues.word("forfeit_listed_alone_elsewhere", id=one, a=written[0], b=written[1]))
                problems.add("forfeit-listed-alone", table_reader.value_mark("forfeit"), id=one, alone=alone,
                             # Guandan's double forfeit, but not in a knockout (guandan-forfeit-both-knockout)
                             both=catalogues.word("forfeit_listed_alone_knockout") if game.reads_both_forfeit
                             and stage.format == "knockout"
                             else catalogues.word("forfeit_listed_alone_both_unnamed") if game.reads_both_forfeit
                             and strangers
                             else catalogues.word("forfeit_listed_alone_both", a=written[0], b=written[1])
                             if game.reads_both_forfeit else catalogues.word("forfeit_listed_alone_none", game=game.title))
            forfeit = None
        elif isinstance(listed, YamlList) and not both:
            # (a bye's list, `forfeit: [H05, H01]`, is the bye's forfeit, said below: its hint
            # offered `forfeit: H05`, itself the bye's error, where the forfeit line goes: rev91 D4b)
            # A game with no double forfeit (大怪路子, 80分, bridge: its rules give one side's
            # forfeit only, a result for the other): said so, with what to write when neither
            # came, rather than "write the value as text" (type-expected). No forfeit read.
            problems.add("forfeit-double-not-in-game", table_reader.value_mark("forfeit"), game=game.title,
                         ids=", ".join(str(item) for item in listed),
                         # (`forfeit: []`: the table's first side, not "for example forfeit: ")
                         first=next((str(item) for item in listed), side_ids[0] if side_ids else ""))
            forfeit = None
        else:
            forfeit = None if both or isinstance(listed, YamlList) else table_reader.text("forfeit")
        # Ｔ０１ as a Chinese input method types it, read as the games' readers read a side
        # (Guandan's took it for T01 while this said it named no team at the table)
        forfeit = None if forfeit is None else half_width(forfeit).strip()
        if forfeit is not None and forfeit not in side_ids:
            problems.add("forfeit-not-at-table", table_reader.value_mark("forfeit"), id=forfeit)
            forfeit = None
        if at_bye:
            # A bye's forfeit (`forfeit: D03`, `[D03]`, any list): a bye has no opponent to get the
            # forfeit's result, and 80 Points' and bridge's took it silently, the bye credited to
            # the side said not to have come. The Guandan and Da Guai Lu Zi readers say so
            # themselves (guandan-bye-with-record, daguai-bye-with-play): one error at one place.
            # (unless the game's reader said its own error of the forfeit, at its key or value; an
            # error of another key, a typo beside it, hid this one till that was mended: rev91)
            # At the key, where the line to delete starts, as guandan-bye-with-record and
            # daguai-bye-with-play say it (it was at the value: rev91 D4d). A pairs movement's
            # lone pair sits the round out, no bye (`paibang pair` writes it Sit-out): it scores
            # nothing for the boards, not the stage's bye (content-format.md: rev91 D4c).
            at = [table_reader.key_mark("forfeit"), table_reader.value_mark("forfeit")]
            if not read_at & {(mark.line, mark.column) for mark in at} \
                    and not any(p.code == game.bye_error for p in problems.items[before:]):
                problems.add("sit-out-with-forfeit" if stage.format == "pairs" else "bye-with-forfeit",
                             table_reader.key_mark("forfeit"), id=half_width(str(sides[0][0])).strip())
            forfeit = None
        if len(side_ids) != len(sides):
            continue
        if not side_ids or (len(side_ids) == 1 and not game.has_byes(stage)):
            # No side read (their keys missing or not the stage's: home/away where bridge's
            # matches read ns/ew), or one where the game has no bye (bridge's matches: the odd
            # pair plays the substitutes): the game's reader said so as an error, and the table
            # is no match to score or enter. check never scores an event with errors, but the
            # desk does (its standings while the secretary mends a file), and every game's scorer
            # takes a table's sides to be a match or a bye: unpacking none raised a traceback.
            continue
        table = Table(number, side_ids, record, forfeit, table_reader.text("referee"), mark, side_marks,
                      round_number=round_number, both_forfeit=both and game.both_forfeit(record))
        if winner is not None and winner[0] is not None and winner[0] not in side_ids:
            table.winner_not_at_table = (winner[0], winner[1])  # tournament/knockout.py reports it
        else:
            table.winner = winner_at_table(winner, side_ids, problems)
        tables.append(table)
    # A side naming no entry is most likely one of the round's entries not seated yet, mistyped:
    # the guess is among those (T10 typed where T01 already sits at table 1 guessed T05 from all
    # the entries, a team that is at another table; T07, the one left without a table, was meant).
    # Nor one withdrawn by this round, who plays no table of it (T3 typed for T03 guessed T30,
    # withdrawn from round 3).
    unseated = [entry_id for entry_id, entry in event.entries.items() if entry_id not in playing
                and not (round_number and entry.withdrawn_by(round_number, stage.id))]
    listed_in = event.entries_file() if unknown else ""
    for entry_id, side_mark in unknown:
        if any(_meant_by(entry_id, written) for written in event.unread_entries):
            continue  # the entry's own id-invalid says what to fix
        problems.add("entry-unknown", side_mark, id=entry_id, suggestion=suggestion(entry_id, unseated),
                     file=listed_in)
    tables.sort(key=lambda t: t.number)
    return tables
