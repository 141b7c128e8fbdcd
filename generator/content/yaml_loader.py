"""Reading content YAML safely, with YAML 1.2 core semantics and a mark on every value.

PyYAML implements YAML 1.1, where `NO` is false and `10:30` is 630. Secretaries type those as
text (a venue "NO.3", a start time), so the implicit types here are only the 1.2 core schema's:
null, true/false, integers, floats. Dates stay text and are checked where a date is expected.
Anchors and aliases are refused (they make "billion laughs" documents possible and are never
needed in a results file); so are tags.

Mappings and sequences come back as `YamlMap` / `YamlList`, which remember where each key and
item was written, so a validator can point at the exact line.

Two parsers, one reading: libyaml (C) parses a text when it can, and its events are read
straight into YamlMap / YamlList; PyYAML's Python parser reads it when libyaml is missing,
finds any problem, or the text has anything else (tags, anchors, duplicate keys, deep nesting,
or one of the few constructs the two read differently). Every message and mark therefore comes
from PyYAML; libyaml only makes the common case several times faster (the 1,341 files of a
200-event archive on one core: 1.30 s with libyaml under PyYAML's composer, 0.68 s so).
"""

from __future__ import annotations

import bisect
import os
import re
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from generator import catalogues
from generator.errors import Mark, Problems, system_reason
from generator.content import snapshot
from generator.content.saved_as import first_not_ascii, saved_as

MAX_FILE_BYTES = snapshot.KEEP_AT_MOST  # one limit: the snapshot keeps exactly what the loader may read
MAX_DEPTH = 24
# No score, id or date has more digits: a longer "number" stays text (Python also refuses to
# print an integer of more than 4300 digits).
MAX_NUMBER_CHARS = 100
# The longest text one value may hold. A name or title is refused far below this (reader.py);
# this bounds every other text, some of which WeasyPrint lays out in time that grows with the
# square of a paragraph's length (a 300,000-character title took 92 s to print).
MAX_TEXT_CHARS = 10_000
# Characters a value may not hold: controls other than tab and line feed (C0, DEL, C1), lone
# surrogates and U+FFFE/U+FFFF. None can be typed as is (both parsers refuse them in the text);
# they come from escapes in double quotes ("\0", "\e", "\ud800", "\uFFFE"), and would make
# feed.xml invalid XML, break the PDF printer, or drive the terminal that shows an error.
_UNSHOWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


class YamlMap(dict):
    """A mapping that knows the mark of itself, of each key and of each value."""

    mark: Mark
    key_marks: dict[Any, Mark]
    value_marks: dict[Any, Mark]


class YamlList(list):
    """A sequence that knows the mark of itself and of each item."""

    mark: Mark
    item_marks: list[Mark]


def mark_of_key(node: YamlMap, key: Any) -> Mark:
    return node.key_marks.get(key, node.mark)


def mark_of_value(node: YamlMap, key: Any) -> Mark:
    return node.value_marks.get(key, node.mark)


class _CoreLoader(yaml.SafeLoader):
    """SafeLoader with the YAML 1.2 core schema's implicit resolvers instead of 1.1's."""

    yaml_implicit_resolvers: dict = {}


_CORE_RESOLVERS = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
]
for _tag, _pattern, _first in _CORE_RESOLVERS:
    _CoreLoader.add_implicit_resolver(_tag, re.compile(_pattern), _first)

# The same resolvers by a plain scalar's first character, as PyYAML's Resolver looks them up.
_CORE_BY_FIRST: dict[str, list[tuple[str, re.Pattern[str]]]] = _CoreLoader.yaml_implicit_resolvers

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _Refused(Exception):
    def __init__(self, code: str, node_mark: Any, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.node_mark = node_mark
        self.params = params


class _RefuseAliasesAndDepth:
    """Composer hook shared by both loaders: no anchors or aliases, no deep nesting."""

    depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent) or getattr(self.peek_event(), "anchor", None):
            raise _Refused("yaml-alias", self.peek_event().start_mark)
        # PyYAML composes nested collections recursively: stop before Python's stack runs out.
        if self.depth > MAX_DEPTH:
            raise _Refused("yaml-too-deep", self.peek_event().start_mark, limit=MAX_DEPTH)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _NoAliasLoader(_RefuseAliasesAndDepth, _CoreLoader):
    """PyYAML's own scanner and parser, in Python: slow, and the source of every error message."""


# Where libyaml and PyYAML read the same text differently (found by the differential fuzz test
# in test_fuzz.py): tabs and "?" inside flow collections (libyaml allows them), a byte-order
# mark (libyaml does not count it in marks), an empty value in a flow collection (its mark is
# one column apart), a comment right after a block scalar's "|" (libyaml allows it), a line
# break other than LF (CR, U+0085, U+2028, U+2029: libyaml's marks count lines as PyYAML's do, not
# as an editor's; CR is gone from a file's text, not from the desk's). Such texts are read by PyYAML only. (Looked for one by one:
# a character with `in`, the two patterns only where they can start; one regular expression of
# the three alternatives took 50 ms for the 1,401 files of a 200-event archive, these 8 ms.)
_LIBYAML_DIFFERS_CHARS = ("\t", "?", "\ufeff", "\r", "\x85", "\u2028", "\u2029")
_LIBYAML_DIFFERS_EMPTY = re.compile(r":\s*[,}\]]")
_LIBYAML_DIFFERS_COMMENT = re.compile(r"[|>][-+0-9]*#")


def _libyaml_differs(text: str) -> bool:
    return (any(char in text for char in _LIBYAML_DIFFERS_CHARS) or _LIBYAML_DIFFERS_EMPTY.search(text) is not None
            or (("|" in text or ">" in text) and _LIBYAML_DIFFERS_COMMENT.search(text) is not None))

try:
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    CParser = None


# A word and a full-width colon after "{" or ",": maybe `{T05\uff1aQ, T21: 9}`, which YAML reads as a
# key "T05\uff1aQ" with no value, said by _convert (_full_width_pair); the fast reading does not look.
_FULL_WIDTH_IN_FLOW = re.compile(r"[{,][ ]*[^\s:#'\"{}\[\],\uff1a]+[ ]*\uff1a")


class _NotFast(Exception):
    """The text is not for the fast reading: read it again with PyYAML, which says why."""


def _load_fast(text: str, where: _Where) -> Any:
    """The document's value, read from libyaml's events straight into YamlMap / YamlList (no
    node tree, no second pass), or _NotFast when libyaml is missing, finds any problem, or the
    text has anything but plain, untagged, unaliased data no deeper than MAX_DEPTH: then the
    slow reading gives the value or the problems, with PyYAML's marks and messages."""
    if CParser is None or _libyaml_differs(text) or ("\uff1a" in text and _FULL_WIDTH_IN_FLOW.search(text)):
        raise _NotFast
    parser = None
    try:
        parser = CParser(text)  # a lone surrogate already fails here
        return _FastReader(parser, where).document()
    except _NotFast:
        raise
    except Exception as exc:  # noqa: BLE001 - every problem is reported by the slow, exact reading
        raise _NotFast from exc
    finally:
        if parser is not None:
            parser.dispose()


_SCALAR, _SEQUENCE_START, _SEQUENCE_END, _MAPPING_START, _MAPPING_END = (
    yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.SequenceEndEvent, yaml.MappingStartEvent, yaml.MappingEndEvent)


# Plain scalars as typed, each text once: a results file repeats its keys, ids and scores (the
# 303,660 scalars of a 200-event archive are 1,780 texts). Only short, showable texts, and no
# float: a NaN is not equal to itself, and two `.nan` keys must stay two objects, as PyYAML reads them.
_TYPED: dict[str, Any] = {}
_TYPED_AT_MOST = 1 << 14


class _FastReader:
    """A mark is libyaml's own line and column (_libyaml_differs keeps out the line breaks
    other than LF, where it counts lines as an editor does not): no search of the line starts."""

    def __init__(self, parser: Any, where: _Where) -> None:
        self.next_event = parser.get_event
        self.path = where.path
        self.escapes = where.escapes

    def document(self) -> Any:
        self.next_event()  # the stream's start
        event = self.next_event()
        if type(event) is not yaml.DocumentStartEvent:
            raise _NotFast  # no document: "yaml-empty", said by the slow reading
        event = self.next_event()
        value = self.scalar(event) if type(event) is _SCALAR else self.collection(event, 0)
        if type(self.next_event()) is not yaml.DocumentEndEvent or type(self.next_event()) is not yaml.StreamEndEvent:
            raise _NotFast  # a second document
        return value

    def scalar(self, event: Any) -> Any:
        if event.anchor is not None or event.tag is not None:
            raise _NotFast  # refused, or read as PyYAML reads tags, by the slow reading
        text = event.value
        plain = event.implicit[0]
        if plain and (typed := _TYPED.get(text, _TYPED)) is not _TYPED:
            return typed
        if len(text) > MAX_TEXT_CHARS or (self.escapes and _UNSHOWABLE.search(text)):
            raise _NotFast  # "text-too-long", "text-control-char", said by the slow reading
        if not plain:
            return text
        typed = text
        for tag, pattern in _CORE_BY_FIRST.get(text[:1], ()):  # plain: typed by the YAML 1.2 core schema
            if pattern.match(text):
                typed = _scalar(tag, text)
                break
        if len(text) <= MAX_NUMBER_CHARS and type(typed) is not float and not _UNSHOWABLE.search(text):
            if len(_TYPED) >= _TYPED_AT_MOST:
                _TYPED.clear()
            _TYPED[text] = typed
        return typed

    def collection(self, event: Any, depth: int) -> Any:
        kind = type(event)
        if (kind is not _MAPPING_START and kind is not _SEQUENCE_START) or event.anchor is not None or event.tag is not None:
            raise _NotFast  # an alias, an anchor or a tag: refused, or read as PyYAML reads tags, by the slow reading
        if depth >= MAX_DEPTH:
            raise _NotFast  # "yaml-too-deep", at the place the slow reading finds
        path, next_event, scalar, collection, depth = self.path, self.next_event, self.scalar, self.collection, depth + 1
        # A plain, untagged, unanchored scalar already typed (_TYPED) is taken here, without a
        # call of `scalar`, which gives the same value: most scalars of a results file are such.
        typed_get = _TYPED.get
        start = event.start_mark
        if kind is _SEQUENCE_START:
            items, marks = YamlList(), []
            items.mark = _new_tuple(Mark, (path, start.line + 1, start.column + 1))
            add_item, add_mark = items.append, marks.append
            event = next_event()
            while (kind := type(event)) is not _SEQUENCE_END:
                start = event.start_mark
                add_mark(_new_tuple(Mark, (path, start.line + 1, start.column + 1)))
                if kind is not _SCALAR:
                    add_item(collection(event, depth))
                elif (event.anchor is None and event.tag is None and event.implicit[0]
                      and (typed := typed_get(event.value, _TYPED)) is not _TYPED):
                    add_item(typed)
                else:
                    add_item(scalar(event))
                event = next_event()
            items.item_marks = marks
            return items
        mapping = YamlMap()
        mapping.mark = _new_tuple(Mark, (path, start.line + 1, start.column + 1))
        mapping.key_marks = key_marks = {}
        mapping.value_marks = value_marks = {}
        event = next_event()
        while (kind := type(event)) is not _MAPPING_END:
            if kind is not _SCALAR:
                raise _NotFast  # a collection as a key: "a key must be plain text"
            start = event.start_mark
            key_mark = _new_tuple(Mark, (path, start.line + 1, start.column + 1))
            if (event.anchor is not None or event.tag is not None or not event.implicit[0]
                    or (key := typed_get(event.value, _TYPED)) is _TYPED):
                key = scalar(event)
            if key in mapping:
                raise _NotFast  # "yaml-duplicate-key"
            event = next_event()
            start = event.start_mark
            value_marks[key] = _new_tuple(Mark, (path, start.line + 1, start.column + 1))
            if type(event) is not _SCALAR:
                mapping[key] = collection(event, depth)
            elif (event.anchor is None and event.tag is None and event.implicit[0]
                  and (typed := typed_get(event.value, _TYPED)) is not _TYPED):
                mapping[key] = typed
            else:
                mapping[key] = scalar(event)
            key_marks[key] = key_mark
            event = next_event()
        return mapping


# --- results files as `paibang pair` writes them -------------------------------------------------
#
# A results file as drawn and filled in (a mass event's seven rounds are 17,500 tables) is read
# line by line, without libyaml: keys and values on their own lines, each value one plain word
# or a one-line list of them ([T01+3, T02+1]), the tables a list of such mappings. Anything
# else in the text (another indentation, a quoted or a longer value, a mapping in braces, a
# blank value, a character libyaml and this reading might see differently) and it is read by
# the readings above, which give the same value with the same marks for what this one reads
# (tests/test_yaml_loader.py and tests/test_fuzz.py compare them).

# A plain scalar with no character YAML gives a meaning to, and far shorter than MAX_TEXT_CHARS.
_WORD = r"[A-Za-z0-9_][A-Za-z0-9_+.\-]{0,99}"
_VALUE = rf"{_WORD}|\[(?:{_WORD}(?:, {_WORD})*)?\]"
_KEY = r"[A-Za-z_][A-Za-z0-9_]{0,99}"
_END = r"(?: +#.*)?"  # a comment after the value
_TOP_LINE = re.compile(rf"({_KEY}):(?: ({_VALUE}))?{_END}")
_ITEM_LINE = re.compile(rf"  - ({_KEY}): ({_VALUE}){_END}")  # a table's first key
_MORE_LINE = re.compile(rf"    ({_KEY}): ({_VALUE}){_END}")  # its other keys
_SKIPPED = re.compile(r" *(?:#.*)?")  # a blank or comment line
# Characters after which libyaml and a reading by lines do not see the same lines (CR, NEL, the
# Unicode line and paragraph separators) or which libyaml refuses (controls, surrogates):
# such a text is read by the readings above, which report what they refuse.
_NOT_PLAIN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff\u2028\u2029\t]")


def _load_plain_rounds(text: str, path: Path) -> YamlMap:
    """The value of a results file written as `paibang pair` writes one (see above), with the
    marks libyaml's reading gives; _NotFast for any other text."""
    if _NOT_PLAIN_TEXT.search(text):
        raise _NotFast
    top: YamlMap | None = None
    listed: YamlList | None = None  # the list of mappings after a key with no value, if reading one
    listed_key: tuple[Any, Mark] | None = None  # that key and its mark, until the list's first item
    current: YamlMap | None = None  # the list's mapping being read
    for number, line in enumerate(text.split("\n"), start=1):
        if (found := _ITEM_LINE.fullmatch(line) or _MORE_LINE.fullmatch(line)) is not None:
            if listed is None:
                raise _NotFast
            if line[2] == "-":  # a new item: a mapping from its first key
                if listed_key is not None:  # the list starts at its first "-"
                    key, key_mark = listed_key
                    listed.mark = top.value_marks[key] = _new_tuple(Mark, (path, number, 3))
                    top[key] = listed
                    top.key_marks[key] = key_mark
                    listed_key = None
                current = YamlMap()
                current.mark = _new_tuple(Mark, (path, number, 5))
                current.key_marks, current.value_marks = {}, {}
                listed.item_marks.append(current.mark)
                listed.append(current)
            elif current is None:
                raise _NotFast
            _read_pair(current, found, path, number)
        elif (found := _TOP_LINE.fullmatch(line)) is not None:
            if listed_key is not None:  # a key with no value and no list after it: null
                raise _NotFast
            if top is None:
                top = YamlMap()
                top.mark = _new_tuple(Mark, (path, number, 1))
                top.key_marks, top.value_marks = {}, {}
            listed = current = None
            if found.group(2) is not None:
                _read_pair(top, found, path, number)
                continue
            key = _plain_scalar(found.group(1))
            if key in top:
                raise _NotFast  # "yaml-duplicate-key"
            listed_key = (key, _new_tuple(Mark, (path, number, 1)))
            listed = YamlList()
            listed.item_marks = []
        elif _SKIPPED.fullmatch(line) is None:
            raise _NotFast
    if top is None or listed_key is not None:
        raise _NotFast
    return top


def _read_pair(mapping: YamlMap, found: re.Match[str], path: Path, number: int) -> None:
    """One `key: value` line's key and value into `mapping`, with their marks."""
    key = _plain_scalar(found.group(1))
    if key in mapping:
        raise _NotFast  # "yaml-duplicate-key", said by the slow reading
    written = found.group(2)
    mark = mapping.value_marks[key] = _new_tuple(Mark, (path, number, found.start(2) + 1))
    if written[0] != "[":
        mapping[key] = _plain_scalar(written)
    else:
        items = YamlList()
        items.mark = mark
        items.item_marks = marks = []
        column = found.start(2) + 2  # the first item's, after "["
        if len(written) > 2:
            for word in written[1:-1].split(", "):
                marks.append(_new_tuple(Mark, (path, number, column)))
                items.append(_plain_scalar(word))
                column += len(word) + 2
        mapping[key] = items
    mapping.key_marks[key] = _new_tuple(Mark, (path, number, found.start(1) + 1))


@lru_cache(maxsize=1 << 16)
def _plain_scalar(text: str) -> Any:
    """A plain scalar's value, typed by the YAML 1.2 core schema as _FastReader types it: each
    text once (a round's ids and deals recur in the other rounds; _WORD: at most 100 characters)."""
    for tag, pattern in _CORE_BY_FIRST.get(text[:1], ()):
        if pattern.match(text):
            return _scalar(tag, text)
    return text


def read_content_text(path: Path, problems: Problems, markdown: bool = False) -> str | None:
    """The text of one content file (UTF-8, at most MAX_FILE_BYTES; `markdown`: a notice that
    Python-Markdown can read in bounded time); None with the problem recorded otherwise. Line
    ends are read as Python reads them (CR LF and CR become LF)."""
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:  # a name in GBK from a zip made on a Chinese Windows
        raw = os.fsencode(path.name)
        problems.add("file-name-encoding", Mark(path.parent), name=raw.decode("utf-8", "backslashreplace"),
                     guess=raw.decode("gb18030", "replace"))
        return None
    try:
        data = snapshot.read(path, MAX_FILE_BYTES)  # the bytes the build hashed, read once
    except snapshot.TooLarge as exc:
        code = "event-file-too-large" if path.name == "event.yaml" else "file-too-large"
        problems.add(code, Mark(path), size=exc.size, limit=MAX_FILE_BYTES)
        return None
    except snapshot.NotRegular:  # (a pipe or device put there meanwhile: the loader's look found a file)
        problems.add("file-not-regular", Mark(path), path=path.name)
        return None
    except OSError as exc:
        problems.add("file-unreadable", Mark(path), reason=system_reason(exc, reading=True))
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if _said_saved_as(data, path, problems):
            return None
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start:exc.start].decode("utf-8", errors="replace")) + 1
        # (its own code: "cannot read the file" with the fix for a permission refused was no help
        # for a file saved as GBK, nor the fix for that for a permission refused)
        problems.add("file-not-utf8", Mark(path, data.count(b"\n", 0, exc.start) + 1, column),
                     byte=f"0x{data[exc.start]:02X}")
        return None
    # (UTF-16 of ASCII alone is UTF-8 too, every other character a zero: said as UTF-16, not as
    # a control character at each zero)
    if "\x00" in text and _said_saved_as(data, path, problems):
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if markdown and not _markdown_bounded(text, path, problems):
        return None
    return text


def _said_saved_as(data: bytes, path: Path, problems: Problems) -> bool:
    """Whether the file reads in an encoding import reads (saved_as), said then with its name,
    at the first character not ASCII, where that encoding first shows: Notepad's "Unicode"
    (UTF-16) and a Chinese Windows's "ANSI" (GBK) were said as "byte 0xFF is not UTF-8", the
    line quoted as replacement characters or zero bytes (ContentError.excerpt quotes it read
    in the same encoding)."""
    found = saved_as(data)
    if found is None:
        return False
    line, column = first_not_ascii(found.text)
    problems.add("file-saved-as-unicode" if found.wide else "file-saved-as-ansi", Mark(path, line, column),
                 encoding=found.name)
    return True


# Python-Markdown looks for the end of a link from each "[" to the end of its paragraph: time
# grows with the number of "[" times the paragraph's length (200 stray "[" before 100,000
# characters: 34 s; 8,000 "[" alone: 29 s). A real notice is far below this product (ten links
# in a paragraph of 2,000 characters: 20,000), which keeps any notice under about two seconds.
MARKDOWN_BRACKET_WORK = 1_000_000


def _markdown_bounded(text: str, path: Path, problems: Problems) -> bool:
    """Whether each paragraph's "[" times its length, summed, is within MARKDOWN_BRACKET_WORK;
    else the worst paragraph is reported at its first line."""
    work, worst, line = 0, (0, 0, 1, 0), 1
    for index, paragraph in enumerate(re.split(r"(\n(?:[ \t]*\n)+)", text)):
        if index % 2:  # the blank lines between two paragraphs
            line += paragraph.count("\n")
            continue
        brackets = paragraph.count("[")
        work += brackets * len(paragraph)
        if brackets * len(paragraph) > worst[0]:
            worst = (brackets * len(paragraph), brackets, line, len(paragraph))
        line += paragraph.count("\n")
    if work <= MARKDOWN_BRACKET_WORK:
        return True
    _, brackets, at, length = worst
    problems.add("notice-too-complex", Mark(path, at, 1), brackets=brackets, length=length)
    return False


def load_yaml(path: Path, problems: Problems) -> Any:
    """Read one content file; on any problem record it and return None."""
    text = read_content_text(path, problems)
    if text is None:
        return None
    return load_yaml_text(text, path, problems)


def load_yaml_text(text: str, path: Path, problems: Problems) -> Any:
    try:
        return _load_plain_rounds(text, path)
    except _NotFast:
        pass
    where = _Where(path, text)
    try:
        return _load_fast(text, where)
    except _NotFast:
        pass
    loader = None
    try:
        loader = _NoAliasLoader(text)  # PyYAML checks for control characters right here
        node = loader.get_single_node()
    except _Refused as refused:
        problems.add(refused.code, where.mark(refused.node_mark), **refused.params)
        return None
    except yaml.MarkedYAMLError as exc:
        if (at := _line_separator_at(exc, text)) is not None:
            problems.add("yaml-line-separator", where.at(at), char=f"U+{ord(text[at]):04X}")
        else:
            _syntax_problem(exc, where, text, problems)
        return None
    except yaml.reader.ReaderError as exc:  # a control character, at its place in the text
        mark = where.at(exc.position)
        if isinstance(exc.character, int):
            problems.add("yaml-control-char", mark, char=f"U+{exc.character:04X}", line=mark.line, column=mark.column)
        else:
            problems.add("yaml-syntax", mark, problem=str(exc).splitlines()[0])
        return None
    except (ValueError, OverflowError) as exc:  # "\U80000000" in double quotes: PyYAML calls chr() on it
        problems.add("yaml-syntax", where.mark(loader.get_mark()) if loader else Mark(path),
                     problem=f"not a character: {exc}")
        return None
    except yaml.YAMLError as exc:
        problems.add("yaml-syntax", Mark(path), problem=str(exc).splitlines()[0])
        return None
    finally:
        if loader is not None:
            loader.dispose()
    return _finish(node, where, path, problems)


# What YAML 1.1 (PyYAML's, libyaml's) ends a line at besides LF and CR LF: NEL, the Unicode line
# and paragraph separators, a CR alone. An editor shows none as a line end (a CR alone, some);
# pasted from a web page, a Word document or a chat, one in a value ends the line there for
# the loader, and what follows it was said as a key with no colon (yaml-colon-missing) on a line
# that has its colon. (A CR alone is a line end already when the loader and the desk read the
# text, read_content_text and store.with_newlines: there, counted as the editor's lines are.)
_LINE_SEPARATORS = re.compile("[\x85\u2028\u2029\r]")


def _line_separator_at(exc: yaml.MarkedYAMLError, text: str) -> int | None:
    """Where the line separator is (_LINE_SEPARATORS) that PyYAML's syntax error `exc` comes of,
    or None: of those outside quotes (inside them it is a character of the value, and ends
    nothing) before the error, the last one before it, when the text with each of them a space
    reads without that error (none, or another: `note: a<U+2028>winner: T05` spaced is a colon
    in a value, said once the separator is gone). A line separator elsewhere, which the error
    does not come of, leaves it said as before. (Error texts only: one reading more, of the
    spaced text up to the error's line only, _ReadUpTo: a separator on line 3 of a 700 KB file
    had the whole file read again by PyYAML, 16 s, to say what the first reading said in 0.04.)"""
    if not _LINE_SEPARATORS.search(text):
        return None
    marks = [mark.index for mark in (exc.context_mark, exc.problem_mark) if mark is not None]
    if not marks:
        return None
    first, last = min(marks), max(marks)
    begins, ends = [], []  # (the quoted values' spans, up to the error, which the scanner meets again: in order, apart)
    try:
        for token in yaml.scan(text, Loader=_CoreLoader):
            if token.start_mark.index > last:
                break
            if isinstance(token, yaml.ScalarToken) and not token.plain:
                begins.append(token.start_mark.index)
                ends.append(token.end_mark.index)
    except (yaml.YAMLError, ValueError, OverflowError):  # ("\U00200000" in double quotes: PyYAML's chr() on it)
        pass

    def quoted(at: int) -> bool:  # (by bisection: a file of thousands of quoted values, as many separators)
        span = bisect.bisect_left(begins, at) - 1
        return span >= 0 and at < ends[span]

    found = [m.start() for m in _LINE_SEPARATORS.finditer(text, 0, last + 1)
             if not quoted(m.start()) and not _at_line_start(text, m.start())]
    if not found:
        return None
    spaced = list(text)
    for at in found:
        spaced[at] = " "
    line_end = text.find("\n", last)
    loader = _ReadUpTo("".join(spaced), len(text) if line_end < 0 else line_end)
    try:
        loader.get_single_node()
    except yaml.MarkedYAMLError as again:
        if again.problem == exc.problem and _index(again.problem_mark) == _index(exc.problem_mark):
            return None  # the same error at the same place: not of a line separator
    except Exception:  # noqa: BLE001 - (read past the error's line without it; refused otherwise: an alias, too deep)
        pass
    finally:
        loader.dispose()
    before = [at for at in found if at < first]
    return before[-1] if before else found[-1]


def _at_line_start(text: str, at: int) -> bool:
    """Whether `at` starts a line as the editor shows the text (after a line feed, or the text's
    start, a byte-order mark before it): a line separator there ends no line of the editor's,
    YAML reading an empty line before the one the editor shows, to the same effect."""
    return at == 0 or text[at - 1] == "\n" or (at == 1 and text[0] == "\ufeff")


class _PastTheError(Exception):
    """_ReadUpTo's reading got past its bound: the error looked for was not met."""


class _ReadUpTo(_NoAliasLoader):
    """PyYAML's reading of a text, stopped (_PastTheError) at its first event that starts after
    `bound`. For _line_separator_at, which asks only whether the spaced text meets the first
    reading's error, at its place (up to `bound`): PyYAML raises an error at a place when it
    reaches the place, the scanner's with the place it is at, the parser's and the composer's
    with the token or event they are at; tokens and events come in the text's order. So an
    event after the place is one the reading got past the place to make, without that error,
    and the rest of the text (a whole file, read at 40 KB a second) is not read for nothing.
    (A token that runs on past the bound, a long block scalar, is read to its end.)"""

    def __init__(self, text: str, bound: int) -> None:
        super().__init__(text)
        self.bound = bound

    def _not_past(self) -> None:
        if self.current_event is None and self.state:
            self.current_event = self.state()
        if self.current_event is not None and self.current_event.start_mark.index > self.bound:
            raise _PastTheError

    def check_event(self, *choices: Any) -> bool:
        self._not_past()
        return super().check_event(*choices)

    def peek_event(self) -> Any:
        self._not_past()
        return super().peek_event()

    def get_event(self) -> Any:
        self._not_past()
        return super().get_event()


def _index(mark: Any) -> int | None:
    return None if mark is None else mark.index


# A key followed by a full-width colon (a Chinese input method's "："): YAML reads the line as text,
# and the problem it finds is at the next colon, or on a later line.
_FULL_WIDTH_KEY = re.compile(r"[ ]*(?:-[ ]+)?([^\s:#'\"{}\[\],：]+)[ ]*：")
_CLOSING = {"'}'": ("{", "}"), "']'": ("[", "]")}


def _syntax_problem(exc: yaml.MarkedYAMLError, where: _Where, text: str, problems: Problems) -> None:
    """What PyYAML found, said in the site's words where it is one of the mistakes secretaries
    make (a full-width colon, a tab, a colon in a value, a key without its colon, a bracket not
    closed), at the line to change: PyYAML's own words are English, and its mark is often where
    it gave up (the next line), not where the mistake is. Anything else: its words, as they are."""
    problem, mark = exc.problem or exc.context or "?", exc.problem_mark or exc.context_mark
    lines = text.splitlines()
    last = mark.line if mark is not None else len(lines) - 1
    for number in [last, *range(last)]:  # the line of the problem first, then those before it
        found = _FULL_WIDTH_KEY.match(lines[number]) if number < len(lines) else None
        if found:
            problems.add("yaml-full-width-colon", Mark(where.path, number + 1, found.end()), key=found[1])
            return
    if problem.startswith("found character '\\t'"):
        # A tab after the line's first text (`- table: 3<tab># by hand`, `[T05,<tab>T06]`) is
        # no indentation: said as one, "this line is indented with a tab" pointed at a line
        # that is not, and its fix (line it up with the lines of its level) changed nothing.
        index = mark.index if mark is not None else 0
        inside = text[text.rfind("\n", 0, index) + 1:index].strip(" \t") != ""
        problems.add("yaml-tab-in-line" if inside else "yaml-tab", where.mark(mark))
    elif problem == "mapping values are not allowed here" or (
            problem.endswith("but got ':'") and exc.context_mark is not None and mark is not None
            and exc.context_mark.line == mark.line):
        # (the second: `{open: 85 : 40}`, a colon and a space inside brackets on their own line,
        # once said as a bracket never closed; on a later line, the bracket is the mistake)
        problems.add("yaml-colon-here", where.mark(mark))
    elif problem == "found unexpected end of stream" and exc.context == "while scanning a quoted scalar" \
            and exc.context_mark is not None:
        quote = text_at(text, exc.context_mark.index)
        problems.add("yaml-quote-open", where.mark(exc.context_mark), quote=quote)
    elif problem.startswith("expected <block end>, but found") and not problem.endswith("'<scalar>'"):
        problems.add("yaml-indent", where.mark(mark))
    elif (reserved := re.fullmatch(r"found character '(.)' that cannot start any token", problem)) is not None:
        problems.add("yaml-reserved-start", where.mark(mark), char=reserved[1])
    elif (escape := re.fullmatch(r"found unknown escape character '?(.)'?", problem)) is not None:
        problems.add("yaml-escape", where.mark(mark), char=escape[1])
    elif problem == "could not find expected ':'":
        problems.add("yaml-colon-missing", where.mark(exc.context_mark or mark))
    elif (closing := next((pair for end, pair in _CLOSING.items() if problem.startswith(f"expected ',' or {end}")),
                          None)) and exc.context_mark is not None:
        problems.add("yaml-bracket-open", where.mark(exc.context_mark), open=closing[0], close=closing[1])
    else:
        problems.add("yaml-syntax", where.mark(mark), problem=problem)


# Files paibang cannot do without: deleting one, an empty file's other fix, is file-missing.
REQUIRED_FILES = ("site.yaml", "event.yaml")


def said_empty(path: Path, problems: Problems) -> None:
    """yaml-empty for the file at `path`: its fix is to fill it in, or, where paibang reads the
    site without it (a results file, an entries file), to delete it."""
    or_delete = (dict.fromkeys(catalogues.LOCALES, "") if path.name in REQUIRED_FILES
                 else catalogues.word("or_delete_file"))
    problems.add("yaml-empty", Mark(path), or_delete=or_delete)


def text_at(text: str, index: int) -> str:
    """The character at `index` of `text`, or a quote where the index is past it (a mark's)."""
    return text[index] if 0 <= index < len(text) else "\""


def _finish(node: Node | None, where: _Where, path: Path, problems: Problems) -> Any:
    if node is None:
        said_empty(path, problems)
        return None
    try:
        return _convert(node, where, 0, problems)
    except _Refused as refused:
        problems.add(refused.code, where.mark(refused.node_mark), **refused.params)
        return None


_new_tuple = tuple.__new__


class _IndexMark:
    """A place in the text by its index alone, as _Where.mark reads a PyYAML mark."""

    def __init__(self, index: int) -> None:
        self.index = index


class _Where:
    """Marks of one text, with lines counted as an editor counts them. (PyYAML also breaks lines
    at U+0085, U+2028 and U+2029, so its own line numbers can point below the right line.)"""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text
        self.escapes = "\\" in text  # only an escape can put an unshowable character in a value

    @cached_property
    def separated(self) -> bool:
        """Whether the text holds a line separator (_LINE_SEPARATORS): looked for by the slow
        reading's first key only (the fast readings, most texts, never look)."""
        return _LINE_SEPARATORS.search(self.text) is not None

    def separator_before(self, index: int) -> int | None:
        """Where a line separator (_LINE_SEPARATORS) ends the line a key at `index` starts, only
        spaces between: a line start the editor does not show; None for a key after a line feed,
        and for one after a separator that is itself at a line start (or the text's):
        `round: 1<LF><U+2028>winner: T05` is a key at a line's start for the editor too, read as
        it shows it. (Walked back over the spaces alone: a slice of the text up to each key made
        a file of 8,000 tables with one separator in it read in 14 s, not 4.)"""
        text = self.text
        at = index - 1
        while at >= 0 and text[at] == " ":
            at -= 1
        if at < 0 or not _LINE_SEPARATORS.match(text, at):
            return None
        return None if _at_line_start(text, at) else at

    @cached_property
    def starts(self) -> list[int]:
        """Where each line starts: for the slow reading's marks only (libyaml's fast reading
        takes libyaml's own line and column)."""
        return [0] + [match.end() for match in re.finditer("\n", self.text)]

    def at(self, index: int) -> Mark:
        line = bisect.bisect_right(self.starts, index)
        # Mark(...) without its Python-level __new__: a mark is made for every value read.
        return _new_tuple(Mark, (self.path, line, index - self.starts[line - 1] + 1))

    def mark(self, yaml_mark: Any) -> Mark:
        return Mark(self.path) if yaml_mark is None else self.at(yaml_mark.index)


def _convert(node: Node, where: _Where, depth: int, problems: Problems) -> Any:
    if depth > MAX_DEPTH:
        raise _Refused("yaml-too-deep", node.start_mark, limit=MAX_DEPTH)
    if node.tag not in _PLAIN_TAGS:
        raise _Refused("yaml-tag", node.start_mark, tag=node.tag)
    if isinstance(node, ScalarNode):
        return _scalar(node.tag, _showable(node, where, problems))
    if isinstance(node, SequenceNode):
        items = YamlList(_convert(child, where, depth + 1, problems) for child in node.value)
        items.mark = where.mark(node.start_mark)
        items.item_marks = [where.mark(child.start_mark) for child in node.value]
        return items
    assert isinstance(node, MappingNode)
    mapping = YamlMap()
    mapping.mark = where.mark(node.start_mark)
    mapping.key_marks = {}
    mapping.value_marks = {}
    for key_node, value_node in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            raise _Refused("yaml-alias", key_node.start_mark)
        if node.flow_style and (pair := _full_width_pair(key_node, value_node, where, problems)) is not None:
            key, value, value_mark = pair
            if key not in mapping:
                mapping[key], mapping.key_marks[key], mapping.value_marks[key] = value, where.mark(key_node.start_mark), value_mark
            continue
        if where.separated and not node.flow_style and (at := where.separator_before(key_node.start_mark.index)) is not None:
            # `note: a<U+2028>winner: T05`: a key on a line of its own for PyYAML, in the middle of
            # one for the editor. Read, it set a key no one sees typed as one (or said a duplicate).
            raise _Refused("yaml-line-separator", _IndexMark(at), char=f"U+{ord(where.text[at]):04X}")
        key = _convert(key_node, where, depth + 1, problems)
        if isinstance(key, (YamlMap, YamlList)):
            raise _Refused("yaml-syntax", key_node.start_mark, problem="a key must be plain text")
        if key in mapping:
            first = mapping.key_marks[key].line
            problems.add("yaml-duplicate-key", where.mark(key_node.start_mark), key=key, first=first)
            continue
        mapping[key] = _convert(value_node, where, depth + 1, problems)
        mapping.key_marks[key] = where.mark(key_node.start_mark)
        mapping.value_marks[key] = where.mark(value_node.start_mark)
    return mapping


def _full_width_pair(key_node: Node, value_node: Node, where: _Where,
                     problems: Problems) -> tuple[Any, Any, Mark] | None:
    """`{T05\uff1aQ, T21: 9}`: a plain key holding a full-width colon (a Chinese input method's) and
    no value, in braces. YAML reads a key "T05\uff1aQ" with no value, and the game then said both
    that T05's level was missing and that "T05:Q" sat at no table, neither naming the colon.
    Said once, yaml-full-width-colon at the colon as for a key on its own line, and read on as
    `T05: Q` so that no other problem follows from it: (key, value, the value's mark); None for
    any other pair. An error, not read silently: a block key with a full-width colon is one
    (YAML's syntax error there), and the file must say what every YAML reader reads the same;
    a name holding a full-width colon ("\u51b3\u8d5b\uff1a\u7b2c\u4e00\u8f6e") is a value, or quoted,
    never a key without a value, so nothing legitimate is refused."""
    if not (isinstance(key_node, ScalarNode) and key_node.style is None and "\uff1a" in key_node.value
            and isinstance(value_node, ScalarNode) and value_node.tag == "tag:yaml.org,2002:null"
            and value_node.value == ""):
        return None
    before, _, after = key_node.value.partition("\uff1a")
    if not before.strip() or "\n" in key_node.value:
        return None
    mark = where.mark(key_node.start_mark)
    at = len(before)
    problems.add("yaml-full-width-colon", Mark(mark.file, mark.line, mark.column + at), key=before.strip())
    rest = len(after) - len(after.lstrip(" "))
    value = _plain_scalar(after.strip()) if after.strip() else None
    return _plain_scalar(before.strip()), value, Mark(mark.file, mark.line, mark.column + at + 1 + rest)


def _showable(node: ScalarNode, where: _Where, problems: Problems) -> str:
    """The scalar's text, with a problem recorded when it is too long or holds a character no
    page, feed or terminal can show (the build fails then; the text returned only keeps the
    rest of the reading from repeating the problem)."""
    value = node.value
    if len(value) > MAX_TEXT_CHARS:
        problems.add("text-too-long", where.mark(node.start_mark), length=len(value), limit=MAX_TEXT_CHARS)
        return value[:100] + "…"
    if where.escapes and (found := _UNSHOWABLE.search(value)):
        problems.add("text-control-char", where.mark(node.start_mark), char=f"U+{ord(found.group()):04X}")
        return _UNSHOWABLE.sub("", value)
    return value


def _scalar(tag: str, value: str) -> Any:
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return value.lower() == "true"
    if len(value) > MAX_NUMBER_CHARS:
        return value
    if tag == "tag:yaml.org,2002:int":
        if value.startswith("0o"):
            return int(value[2:], 8)
        if value.startswith("0x"):
            return int(value[2:], 16)
        return int(value)
    if tag == "tag:yaml.org,2002:float":
        lowered = value.lower()
        if lowered.endswith("nan"):
            return float("nan")
        if lowered.endswith("inf"):
            return float("-inf") if value.startswith("-") else float("inf")
        return float(value)
    return value
