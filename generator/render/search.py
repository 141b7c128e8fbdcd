"""The site's search index: people, entries and events, matched by character bigrams.

Chinese has no spaces between words, so a word index does not find 浩然 in 张浩然. The index
instead lists, for every pair of adjacent characters (bigram) in a record's text, the records
that contain it. The browser (assets/site.js) splits a query the same way, intersects the lists,
then keeps the records that contain the query's text itself, so two characters of a name are
enough, and Latin ids (A19, T01) and words work the same way.

Both sides also fold 繁體 characters to 简体 (OpenCC's character table): the seeds mix the two,
and a member typing 张浩然 must find 張浩然. The index carries the part of the table its
records need, for the browser to fold a query the same way.

The index is a JavaScript file (`assets/search-index.js`) that sets one global, loaded with a
script tag only when someone uses the search box: that works from a web server and from disk
(file://), where fetch() is refused. It holds only what pages already show (names, groups, team
names, titles); private fields never reach the model, and a player's `id` is not written.
A large site's index is sharded instead (index_files, below): the first keystroke loads a few
small files, never the whole index.
"""

from __future__ import annotations

import importlib.resources
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import accumulate

from generator.content.model import Event, player_names
from generator.render.i18n import Translator
from generator.render.players import People, Person
from generator.tournament.results import EventResult
from generator.tournament.summary import shown_entries

KINDS = ("player", "entry", "event")  # the order results are listed in


@dataclass(frozen=True, slots=True)  # slots: a site of 2,000 events makes 46,000 of them
class Record:
    kind: str
    title: str
    detail: str
    url: str  # relative to the site root
    fields: tuple[str, ...] = ()  # what a query is matched against (the title is always)
    normal: str | None = None  # its text, when made with the record (_record)

    @property
    def text(self) -> str:
        if self.normal is not None:
            return self.normal
        return normalise(" ".join(part for part in (self.title, *self.fields) if part))


def normalise(text: str) -> str:
    """What both sides compare: NFKC (full-width Ａ１９ -> A19), lower case, Latin letters folded
    to plain ones (unmarked), 繁體 folded to 简体, spaces collapsed. Lower case as site.js's
    toLowerCase() makes it, never casefold(): that folds Σ/ς to σ, which a query typed in the
    browser never is (ß is folded to ss on purpose, by LETTERS, on both sides)."""
    lowered = unicodedata.normalize("NFKC", text).lower()
    if not lowered.isascii():
        lowered = unmarked(lowered)
    return " ".join(lowered.translate(_translations()).split())


# A club's members type names in ASCII: "tonnessen" must find Tønnessen, "jernaes" Jernæs, as the
# page's own letters do. Letters lose their accents (NFKD, then the combining diacritical marks
# dropped: é -> e, å -> a, ü -> u), and the letters NFKD keeps whole are spelled as a
# keyboard without them does. Only the marks of the diacritical blocks are dropped, and NFC puts
# the rest together again: 한 stays one syllable, が keeps its dakuten, Chinese is untouched.
# A Cyrillic letter keeps its marks: й is a letter of its own, never и (as ў is not у, nor ї і),
# and "сергеи" must not find Сергей. Only ё is read as е (LETTERS), as Russian mostly writes it
# and a Russian reader searches it.
# site.js's normalise does the same: it drops the same marks, and the index's "fold" table
# (index_folds) carries LETTERS to it.
LETTERS = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
           "ı": "i", "ħ": "h", "ŧ": "t", "ё": "е"}
_MARK = "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
_MARKS = re.compile(f"([\u0400-\u04ff]{_MARK}+)|{_MARK}+")  # group 1: a Cyrillic letter's, kept


def unmarked(text: str) -> str:
    """`text` without the accents of its letters (the diacritical marks NFKD splits off), but
    for a Cyrillic letter's."""
    kept = _MARKS.sub(lambda mark: mark[1] or "", unicodedata.normalize("NFKD", text))
    return unicodedata.normalize("NFC", kept)


@cache
def _translations() -> dict[int, str]:
    """What normalise translates after the marks are dropped: LETTERS and the 繁體 -> 简体 table."""
    return {**simplified(), **{ord(letter): plain for letter, plain in LETTERS.items()}}


def index_folds(present: set[str]) -> dict[str, str]:
    """The index's "fold" table, which site.js translates a query by: LETTERS, and every
    traditional character whose simplified form is in a record (`present`: their characters)."""
    folds = {chr(code): char for code, char in simplified().items() if char in present}
    return {**folds, **LETTERS}


@cache
def simplified() -> dict[int, str]:
    """Each traditional character -> its simplified form (the first OpenCC gives), as a
    str.translate table. Only characters that change are in it."""
    table = importlib.resources.files("opencc") / "dictionary" / "TSCharacters.txt"
    folds: dict[int, str] = {}
    for line in table.read_text(encoding="utf-8").splitlines():
        traditional, _, forms = line.partition("\t")
        if len(traditional) == 1 and forms.split() and forms.split()[0] != traditional:
            folds[ord(traditional)] = forms.split()[0]
    # A form OpenCC folds again (薴 -> 苧 -> 苎) folded to its last, so that normalise folds a
    # text once for all and what it makes it leaves as it is: 薴, 苧 and 苎 are one character to
    # search, and a record's text, normalised, is what the index lists it under (index_script).
    for code, form in folds.items():
        seen = {code}
        while len(form) == 1 and ord(form) in folds and ord(form) not in seen:
            seen.add(ord(form))
            form = folds[ord(form)]
        folds[code] = form
    return folds


# A letter or digit of any script: exactly the characters str.isalnum() accepts (re's \w is
# isalnum or "_", checked over every code point), found by re's C loop instead of one by one.
_RUN = re.compile(r"[^\W_]+")


def _runs(text: str) -> list[str]:
    """Runs of letters and digits (any script); punctuation and spaces split them."""
    return _RUN.findall(text)


def bigrams(text: str) -> set[str]:
    return _pairs(normalise(text))


def _pairs(normal: str) -> set[str]:
    """bigrams of a text normalised already: a record's text (normalise leaves it as it is)."""
    grams = set()
    for run in _runs(normal):
        grams.update(run[i:i + 2] for i in range(len(run) - 1))
    return grams


def records(results: list[EventResult], people: People, t: Translator,
            event_url, entry_url, player_url) -> list[Record]:  # noqa: ANN001 (url helpers of html.py)
    """Every record, in the order the index numbers them: KINDS; a player's by title, then address;
    an entry's and an event's newest event first (_newest_first), then title, then address."""
    found = packed_records(results, people, t, event_url, entry_url, player_url)
    return [found.unpack(packed) for packed in found]


# A record packed as one string: its kind's place in KINDS, title, address, detail and text, each
# with any NUL written as NUL \2 and joined by NUL \1, held as UTF-8 (a Chinese name's character
# is 3 bytes so, not 2, but an address's is 1, not 2: 2,000 events' records in two thirds of the
# bytes). One string and not a Record of five: 2,000 events' 46,000 records were 700 bytes each,
# much of it the headers of five strings and the Record's own. The packing keeps the order:
# sorting the strings sorts the records by (kind, title, address), as a tuple would (no field's
# text holds the separator, NUL \1 sorts before anything a field can go on with, and UTF-8's
# bytes sort as their characters do), and no two records share a kind, title and address.
#
# An entry's record (44,000 of the 46,000) is packed smaller: what its event gives every entry's
# record (the address up to the entry's id, and the event's title and year that end its detail,
# half its characters) is the event's number (PackedRecords), and its text is made again from its
# title, players and group when it is unpacked: 2,000 events' records were held in 21 MB, now 7.
#
# An entry's and an event's record begin with their event's number, before the title: the events
# are numbered newest first (_newest_first), so the index numbers an archive's teams of one
# name newest first, and search, which lists records of one relevance in the index's order,
# lists them so (it listed them in folder order: 第2届 2015, 第10届 2015, 第26届 2009). Within
# an event no two entries share a title and an id.
_SEP, _NUL = "\0\1", "\0\2"
_ENTRY, _EVENT = str(KINDS.index("entry")), str(KINDS.index("event"))


def _joined(parts: tuple[str, ...]) -> bytes:
    if any("\0" in part for part in parts):
        parts = tuple(part.replace("\0", _NUL) for part in parts)
    return _SEP.join(parts).encode()


def _text(title: str, fields: tuple[str, ...]) -> str:
    return normalise(" ".join(part for part in (title, *fields) if part))


def _pack(kind: str, title: str, detail: str, url: str, fields: tuple[str, ...]) -> bytes:
    return _joined((str(KINDS.index(kind)), title, url, detail, _text(title, fields)))


class PackedRecords(list):
    """packed_records' records, packed and sorted, and the events their entries' records name by
    number: a list of packed records, which index_files lets go one by one."""

    def __init__(self, events: list[tuple[str, str, str]], joiner: str) -> None:
        super().__init__()
        self.events = events  # each event's entries' address before and after the id, and its label (_event_label)
        self.joiner = joiner
        self.width = 1  # characters of an event's number
        while len(events) > _DIGITS ** self.width:
            self.width += 1

    def number(self, event: int) -> str:
        """An event's number as `width` characters that sort as it does (none of them NUL)."""
        digits = []
        for _ in range(self.width):
            event, digit = divmod(event, _DIGITS)
            digits.append(chr(1 + digit))
        return "".join(reversed(digits))

    def entry(self, title: str, event: int, entry_id: str, group: str, players: tuple[str, ...]) -> bytes:
        return _joined((_ENTRY, self.number(event), title, entry_id, group, *players))

    def event(self, title: str, event: int, detail: str, url: str, fields: tuple[str, ...]) -> bytes:
        """An event's record, after its entries' in the index, sorted as they are (its number first)."""
        return _joined((_EVENT, self.number(event), title, url, detail, _text(title, fields)))

    def fields(self, packed: bytes) -> list[str]:
        """A packed record's kind, title, detail, address and text: a chunk file's row."""
        parts = [part.replace(_NUL, "\0") for part in packed.decode().split(_SEP)]
        if parts[0] == _EVENT:
            _, _, title, url, detail, text = parts
            return ["event", title, detail, url, text]
        if parts[0] != _ENTRY:
            order, title, url, detail, text = parts
            return [KINDS[int(order)], title, detail, url, text]
        _, number, title, entry_id, group, *players = parts
        event = 0
        for char in number:
            event = event * _DIGITS + ord(char) - 1
        before, after, label = self.events[event]
        detail = self.joiner.join(p for p in (player_names(players), group, label) if p)
        return ["entry", title, detail, f"{before}{entry_id}{after}", _text(title, (*players, group))]

    def unpack(self, packed: bytes) -> Record:
        kind, title, detail, url, text = self.fields(packed)
        return Record(kind, title, detail, url, normal=text)


_DIGITS = 255  # an event's number is written in characters 1 to 255: Latin-1, as most addresses are


def packed_records(results: list[EventResult], people: People, t: Translator,
                   event_url, entry_url, player_url) -> PackedRecords:  # noqa: ANN001 (url helpers of html.py)
    """`records`, packed (_pack, PackedRecords.entry) and sorted: what index_files takes."""
    joiner = t.joiner()
    # The events numbered newest first (_newest_first); of one day, in the order of their
    # entries' addresses before the id.
    around = {id(result): tuple(entry_url(result.event, "\0").split("\0")) for result in results}
    ordered = sorted(results, key=lambda result: around[id(result)][0])  # noqa: F821 - read here, deleted below
    ordered.sort(key=lambda result: _newest_first(result.event))
    found = PackedRecords([(*around[id(result)], _event_label(result.event)) for result in ordered], joiner)
    numbers = {id(result): number for number, result in enumerate(ordered)}
    del ordered, around
    for person in people.everyone:
        found.append(_pack("player", person.name, _person_detail(person, t), player_url(person),
                           tuple(person.groups)))
    for result in results:
        event = result.event
        number = numbers[id(result)]
        year = str(event.dates[0].year) if event.dates else ""
        # The entries as players' pages show them: an event known by its line (a large
        # archive's) is not read again for them, as event.entries would read its summary.
        for entry_id, (name, group, _, players) in shown_entries(result).items():
            found.append(found.entry(f"{entry_id} {name}" if name else entry_id, number, entry_id, group or "",
                                     tuple(players)))
        detail = joiner.join(p for p in (year, event.organizer or "", event.venue or "") if p)
        found.append(found.event(event.title, number, detail, event_url(event),
                                 (event.organizer or "", event.venue or "", year)))
    found.sort()
    return found


def _newest_first(event: Event) -> tuple[bool, int]:
    """An event's place in the index: the latest first day first, an event of no date last."""
    return (not event.dates, -event.dates[0].toordinal() if event.dates else 0)


def _event_label(event: Event) -> str:
    return f"{event.title} {event.dates[0].year}" if event.dates else event.title


def _person_detail(person: Person, t: Translator) -> str:
    groups = t.joiner().join(person.groups)
    latest = person.latest
    return t.joiner().join(p for p in (groups, _event_label(latest) if latest else "") if p)


def index_script(found: list[Record], texts: list[str] | None = None) -> str:
    """assets/search-index.js: the records and the bigram -> record numbers lists. `texts`: each
    record's text, when made already."""
    postings: dict[str, list[int]] = {}
    if texts is None:
        texts = [record.text for record in found]  # each made once (normalising was most of the time)
    for number, text in enumerate(texts):
        for gram in sorted(_pairs(text)):  # (normalised already: not again)
            postings.setdefault(gram, []).append(number)
    folds = index_folds(set().union(*texts))
    data = {
        "version": 1,
        "records": [[r.kind, r.title, r.detail, r.url, text] for r, text in zip(found, texts)],
        "grams": dict(sorted(postings.items())),
        "fold": dict(sorted(folds.items())),
    }
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # "</" cannot close anything in a .js file, but keep the file safe to inline anywhere.
    body = body.replace("</", "<\\/")
    return f"/* paibang search index: see generator/render/search.py */\nwindow.PAIBANG_SEARCH={body};\n"


# --- a large site's index, in shards ------------------------------------------------------------
#
# A site of 10,000 players made a 3 MB search-index.js, all of it loaded at the first keystroke.
# Past SINGLE_INDEX_LIMIT bytes the index is split instead (a small site keeps the one file above,
# byte for byte):
#
#   assets/search-index.js     the manifest: version 2, how many gram shards, records a chunk,
#                              the 繁→简 folds (loaded on focus, as before; a few kB)
#   assets/search/g-<k>.js     postings: character pair (or single character) -> record numbers,
#                              for the grams whose shard_of() is k; SHARD_LIMIT bytes at most
#                              (one gram is never split: its list alone may pass it); also
#                              the records of each title's start (title_start) and a mark of
#                              each whole title (title_start)
#   assets/search/r-<k>.js     records k*CHUNK_RECORDS … (k+1)*CHUNK_RECORDS-1, as version 1's
#
# A query loads the shards of its grams (a name's two or three characters: one to three files),
# intersects their lists, then only the chunks of records that hold the best and first results. Each file
# calls window.PAIBANG_SEARCH_PART(name, data): a script, so that it loads from disk (file://).

SINGLE_INDEX_LIMIT = 500_000  # bytes: a larger index is sharded
SHARD_LIMIT = 100_000  # bytes a gram shard aims at (their number is chosen so)
CHUNK_RECORDS = 400  # records a chunk (about 50 kB of names, details and addresses)


def shard_of(gram: str, shards: int) -> int:
    """Which gram shard holds `gram`: the same arithmetic as site.js's shardOf (code points, not
    UTF-16 units, and no number past 2**31: both languages compute it alike)."""
    number = 0
    for char in gram:
        number = (number * 31 + ord(char)) % shards
    return number


def grams_of(text: str) -> set[str]:
    """What the sharded index lists a record under: its bigrams, and each character alone (a
    query of one character has no bigram)."""
    return _grams(normalise(text))


def _grams(normal: str) -> set[str]:
    """grams_of a text normalised already: a record's text."""
    found: set[str] = set()
    for run in _runs(normal):  # (bigrams' runs, split once: 15,000 records a mass event)
        found.update(run[i:i + 2] for i in range(len(run) - 1))
        found.update(run)
    return found


# A query loads only the first chunks of records of its candidates (a name's two characters may be
# in 158 records: their group, 江海商会, holds them), and ranks what they hold: a player whose
# whole name was typed, in a later chunk, was never seen. So the gram shards also list records
# by their title, in the shard of the gram a query of that title begins with (_home), which the
# query loads anyway: "^" and a gram lists those whose title begins with it (its first
# character, or its first two; as runs, _runs_of), and "=" marks each record's whole title
# (title_start). The browser loads the chunks of the records whose title is the query's first,
# then of the titles the query's first gram begins, then the rest as before
# (search-shards.js chunksFor). No gram is "=" or "^": a gram is letters and digits.
#
# The whole titles were keys of their own, "=" and the title: one key a record, a mass event's
# 15,000 of them 278 kB, 16% of its gram shards. "=" is now one list a shard, each record whose
# title's home is there as the step from the one before and its title's mark, a number under
# TITLE_MARKS (shard_of the title): 93 kB. The mark stands for the title: two titles of one
# mark in one shard both count as the query's, but only among the records holding all the
# query's characters, where one in TITLE_MARKS shares it (their chunks are loaded first, no more).

TITLE_MARKS = 1000


def title_start(title: str) -> tuple[set[str], list[tuple[str, int]]]:
    """A record's title, normalised once (15,000 records a mass event): the keys it is listed
    under by its start ("^" + its first character, "^" + its first two when its first run of
    letters has two), and where its whole title is marked and its mark ("=", in the shard of the
    first gram a query of that very title has, search-shards.js queryGrams: its first run's first
    two characters, or the character when the run is one; its mark what search-shards.js reckons
    of a query, shardOf, the same arithmetic). An entry's title that starts with its id, a word
    with a digit ("T1 理工大学"), is marked as that id too: "T1" typed whole loads its chunk, not
    only T10-T19's, and lists it first (site.js ranked). Nothing for a title of no letters."""
    normal = normalise(title)
    runs = _runs(normal)
    if not runs:
        return set(), []
    first = runs[0]
    marks = [(first[:2], shard_of(normal, TITLE_MARKS))]
    word, space, _ = normal.partition(" ")
    if space and word == first and any(c.isdigit() for c in word):
        marks.append((first[:2], shard_of(word, TITLE_MARKS)))
    return {f"^{first[0]}", f"^{first[:2]}"}, marks


def _home(key: str) -> str:
    """The gram whose shard holds `key`: a gram's own; a title's start, that gram."""
    return key[1:] if key[0] == "^" else key


def _unpacked_within(found: PackedRecords, limit: int) -> list[Record] | None:
    """The records unpacked, unless their kind, title, detail, address and text are more than
    `limit` bytes (UTF-8): then None, once a large site's first few thousand are unpacked."""
    records, size = [], 0
    for packed in found:
        kind, title, detail, url, text = found.fields(packed)
        size += len(f"{kind}{title}{detail}{url}{text}".encode())
        if size > limit:
            return None
        records.append(Record(kind, title, detail, url, normal=text))
    return records


def _script(body: object) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def index_files(found: PackedRecords) -> Iterator[tuple[str, str]]:
    """The search index's files as (path under output/, text): the one search-index.js of a
    small site; a large one's record chunks, then its manifest and gram shards (`listed_order`
    puts them back in the order the manifest names them), made one at a time, to be written as
    they come. `found`: the packed records (packed_records), which are let go as they are
    written: the list is emptied.

    A large site's index is never all in memory at once. Its records are packed (three fifths
    of their memory as Records, measured at 200 events; an entry's without what its event gives
    it, PackedRecords); each chunk of them is let go once written, while their postings
    are gathered, so that the records and the postings do not add up; and each gram shard's
    postings are let go once the shard is written. (2,000 events' index was a 42 MB peak of the
    build process: 46,000 records and two million record numbers, all held until the last file.)"""
    # The single file holds every record's texts, so these bytes alone past the limit say it is
    # sharded without making it (2,000 events' single index was a 60 MB peak of the build, for nothing).
    records = _unpacked_within(found, SINGLE_INDEX_LIMIT)
    if records is not None:
        single = index_script(records, [record.text for record in records])
        if len(single.encode()) <= SINGLE_INDEX_LIMIT:
            found.clear()
            yield "assets/search-index.js", single
            return
        del single
    del records
    # Each gram's record numbers as the steps from one to the next (_add_step): 2,000 events'
    # postings are 1.3 million numbers, 5.3 MB as 4-byte items, 1.3 MB so; made into lists one
    # shard at a time as each is written.
    postings: dict[str, bytearray] = {}
    last: dict[str, int] = {}  # each gram's last record number
    # each home gram's records' title marks (title_start): steps and marks, as varints, in turn
    marks: dict[str, bytearray] = {}
    last_mark: dict[str, int] = {}
    size = 0  # the gram shards' bytes (their JSON), to choose how many there are
    present: set[str] = set()  # the characters of every record's text, for the folds
    count = len(found)
    for start in range(0, count, CHUNK_RECORDS):
        chunk = []
        for number in range(start, min(start + CHUNK_RECORDS, count)):
            row = found.fields(found[number])
            found[number] = None  # type: ignore[call-overload]  # let go: its row is in the chunk
            text = row[4]
            present.update(text)
            grams = _grams(text)  # (normalised already: not again)
            # its digits and a comma in each gram's list (its title's start's are
            # runs, not counted: few numbers where titles that start alike sit together, a player's;
            # an id such as T01, a title in every event of an archive numbered newest event first,
            # makes a run an event: 4,000 numbers, 27 kB, at 2,000 events, left out of the shards'
            # sizes)
            size += (len(str(number)) + 1) * len(grams)
            starts, marked = title_start(row[1])
            grams |= starts
            for gram in grams:
                before = last.get(gram)
                if before is None:
                    postings[gram] = gaps = bytearray()
                    size += len(gram.encode()) + 6
                    step = number
                else:
                    gaps = postings[gram]
                    step = number - before
                last[gram] = number
                if step < 0x80:
                    gaps.append(step)
                else:
                    _add_step(gaps, step)
            for home, mark in marked:  # a mark: a step from the last marked in its home's list, and the mark
                gaps = marks.setdefault(home, bytearray())
                _add_step(gaps, number - last_mark.get(home, 0))
                _add_step(gaps, mark)
                last_mark[home] = number
                size += len(str(mark)) + 4  # (and its step's one or two digits, and two commas)
            chunk.append(row)
        name = f"r-{start // CHUNK_RECORDS}"
        yield f"assets/search/{name}.js", f'window.PAIBANG_SEARCH_PART("{name}",{_script(chunk)});\n'
    found.clear()
    del last, last_mark
    shards = max(1, -(-size // SHARD_LIMIT))
    parts: list[list[str]] = [[] for _ in range(shards)]  # each shard's grams, in order
    for gram in sorted(postings):
        parts[shard_of(_home(gram), shards)].append(gram)
    homes: list[list[str]] = [[] for _ in range(shards)]  # each shard's homes of title marks
    for home in marks:
        homes[shard_of(home, shards)].append(home)
    folds = index_folds(present)
    manifest = {"version": 2, "shards": shards, "chunk": CHUNK_RECORDS, "records": count,
                "marks": TITLE_MARKS, "fold": dict(sorted(folds.items()))}
    yield ("assets/search-index.js", "/* paibang search index (sharded): see generator/render/search.py */\n"
                                     f"window.PAIBANG_SEARCH={_script(manifest)};\n")
    for number, grams in enumerate(parts):
        # (let go as the shard is made; a title's start lists its records as runs, _runs_of)
        listed = {gram: (_runs_of if gram[0] == "^" else list)(_numbers(postings.pop(gram))) for gram in grams}
        parts[number] = []
        if homes[number]:
            listed["="] = _marked(marks.pop(home) for home in homes[number])
        yield f"assets/search/g-{number}.js", f'window.PAIBANG_SEARCH_PART("g-{number}",{_script(listed)});\n'


def _add_step(gaps: bytearray, step: int) -> None:
    """A step between record numbers, 7 bits a byte, the lowest first, each byte but the last
    with its top bit set (a varint): most steps are one byte."""
    while step >= 0x80:
        gaps.append(step & 0x7F | 0x80)
        step >>= 7
    gaps.append(step)


def _runs_of(numbers: list[int]) -> list[int]:
    """Record numbers as the first and last of each run of consecutive ones, flat: the records
    whose title begins alike are mostly consecutive, the index being sorted by title within
    each kind (and event), and listed whole they doubled a gram shard ("^t": every team of a
    mass event, as "t" lists them)."""
    runs: list[int] = []
    for number in numbers:
        if runs and runs[-1] == number - 1:
            runs[-1] = number
        else:
            runs += [number, number]
    return runs


def _numbers(gaps: bytearray) -> list[int]:
    """The record numbers a gram's steps (_add_step) lead to, from 0."""
    if max(gaps, default=0) < 0x80:  # each step one byte: a gram of many records
        return list(accumulate(gaps))
    return list(accumulate(_varints(gaps)))


def _varints(gaps: bytearray) -> list[int]:
    """The numbers _add_step wrote, as they were."""
    found: list[int] = []
    value = shift = 0
    for byte in gaps:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
        else:
            found.append(value)
            value = shift = 0
    return found


def _marked(lists: Iterator[bytearray]) -> list[int]:
    """A shard's "=" list: its homes' title marks (steps and marks, in turn) made one list in
    record order, each record's step from the one before and its mark, flat."""
    numbered = []
    for gaps in lists:
        values = _varints(gaps)
        numbered += zip(accumulate(values[::2]), values[1::2])
    numbered.sort()
    flat, before = [], 0
    for number, mark in numbered:
        flat += [number - before, mark]
        before = number
    return flat


def listed_order(path: str) -> tuple[int, int]:
    """Where a file of index_files is listed: the manifest, the gram shards, the record chunks
    (the order of the index's files before index_files wrote the chunks first)."""
    name = path.rpartition("/")[2]
    if name.startswith(("g-", "r-")):
        return (1 if name[0] == "g" else 2, int(name[2:].partition(".")[0]))
    return (0, 0)
