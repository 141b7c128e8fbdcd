"""Typed reading of one YAML mapping, recording every problem with its mark.

Validators read content through a `Reader`: each accessor returns a clean Python value or None,
and records a catalogued problem (with file, line and column) instead of raising, so one pass
reports everything that is wrong.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import unicodedata
from urllib.parse import urlsplit
from collections.abc import Iterable, Sequence
from typing import Any

from generator import catalogues
from generator.content.files import EventFiles
from generator.content.model import Event
from generator.content.yaml_loader import YamlList, YamlMap, mark_of_key, mark_of_value
from generator.errors import Mark, Problems
from generator.messages import LOCALES

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
# Boards a table plays in one stage, at most: the stage key `boards`, and the board numbers a
# results file may use when the stage does not say (score sheets print every board up to it).
MAX_BOARDS = 200
# Names and titles, at most (a real one is a tenth of it): every page, the feed and each PDF
# bulletin repeat them, and WeasyPrint lays a long unbroken text out in time that grows with the
# square of its length (a 300,000-character title took 92 s to build).
MAX_NAME_CHARS = 200
# A personal number, as a value: a student, staff or phone number, or an ID card's (whose last
# character may be X), spaces aside. `paibang import` sends a column of them (six digits or
# more, in most of its cells) to the private student_id whatever its heading (registrations.py);
# `check` refuses an entry's or a player's id that is or holds one of eight digits or more
# (load.py: id-looks-personal): one id is not a column, and six-digit codes (T000001, 202401) are
# ids of their own, while student numbers run 8 to 12 digits, phones 11 and ID cards 18.
PERSONAL_DIGITS = 6
PERSONAL_DIGITS_IN_AN_ID = 8


def personal_number(text: str, least: int = PERSONAL_DIGITS) -> bool:
    """Whether `text` is a personal number of at least `least` digits (\\d: full-width digits,
    ２０１３…, are typed too), spaces aside."""
    return re.fullmatch(rf"\d{{{least},}}[Xx]?", text.replace(" ", "")) is not None


def holds_number(text: str, least: int = PERSONAL_DIGITS) -> bool:
    """Whether an id holds a number of `least` digits or more, dates and school years aside and
    separators between its digits joined (2021001, M2021001, 2021-001): a club's member number,
    one of a space small enough to try whole (render/players.py's _numbered_identity)."""
    if sum(map(str.isdecimal, text)) < least:  # (most ids)
        return False
    compact = re.sub(r"(?<=\d)[-_. ]+(?=\d)", "", without_dates(text))
    return re.search(rf"\d{{{least},}}", compact) is not None


def holds_personal_number(text: str) -> bool:
    """Whether an id is, or holds, a personal number (PERSONAL_DIGITS_IN_AN_ID): S201301059988
    and 2013-0105-9988 as much as 201301059988 (separators between its digits aside). A date or a
    school year in it is not one (without_dates, the rule a public text's check reads by): ids such
    as 2019-2020-1, 20241016-02 and P2024-03-15 built before the rule and still do."""
    if sum(map(str.isdecimal, text)) < PERSONAL_DIGITS_IN_AN_ID:  # (most ids: asked of every entry)
        return False
    compact = re.sub(r"(?<=\d)[-_. ]+(?=\d)", "", without_dates(text))  # 2013-0105-9988, 138 0013 8000
    return any(personal_number(part, PERSONAL_DIGITS_IN_AN_ID) for part in re.split(r"[^\dXx]+", compact))


# A phone number as a sheet's cell types it: +86 138 0013 8000, 138-0013-8002, (010) 8888-8888.
# Punctuated, a value counts from 9 digits on (Taiwanese mobiles have 10, China's 11, with +86
# 13), so that a date (2024-09-01, 2024.09.01: 8 digits) is not one; bare digits are
# personal_number's.
PHONE_DIGITS = 9
_PHONE_PUNCTUATION = re.compile(r"[\s+\-.()（）＋－]+")
# A date (2024-09-01, 2024.9.1), which a range of two (2024.09.01-2024.12.31) would join into 16
# digits; a real month and day only, so that a number split in that shape (1381-38-00) stays one.
_DATE = re.compile(r"(?<!\d)(?:19|20)\d{2}([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?!\d)")


def phone_number(text: str) -> bool:
    """Whether `text` is a phone (or other personal) number written with +, -, ., () or spaces."""
    return _DATE.search(text) is None and \
        re.fullmatch(rf"\d{{{PHONE_DIGITS},}}[Xx]?", _PHONE_PUNCTUATION.sub("", text)) is not None


# In a public text (an entry's group or name, a player's name), a run of 9 digits or more, its
# separators aside, is a personal number: a student number (8 to 12 digits: those of 8 are left, as
# a class is called 2023级20210101班), a phone (11 digits, 13 with +86, a landline with its area code),
# an ID card (15 or 18); and so is a landline without its area code, 8888-8888 (four digits and
# four, split: 2023级20210101班's code is not). Nothing a team or a class is called: 13级动物科学1班, 2024,
# 2024.09.01-2024.12.31, a study period (2019.09-2023.06) and a school year (2019-2020-1) are not,
# nor a date written without separators (20240315, a range of two: 20240315-20240320, or a year
# and its day: 2024 0315), nor a class's code before its class character (2019030101 and the
# class character U+73ED: a
# student number is the class's code and two digits more, but one followed by that character
# names the class; a phone's 11 digits or an ID card's before it are still one).
# `check` refuses it (load.py: text-looks-personal), as it refuses an id that holds one: a
# warning let the build publish the number. What it lets through is what a class or a team is
# called; what it stops, a secretary fixes by moving the number to a private field.
PERSONAL_DIGITS_IN_A_TEXT = 9
# A class's code, at most: 10 digits (year, college, major, class); a student number adds two.
CLASS_CODE_DIGITS = 10
_CLASS = chr(0x73ED)  # the class character, after a class's code (2019030101 and it)


# A year and its month (2019.09, 2023-06, or with the year's character, U+5E74): a study period
# (2019.09-2023.06) would join into 12 digits.
_YEAR_MONTH = re.compile(r"(?<!\d)(?:19|20)\d{2}[-./\u5e74](?:0?[1-9]|1[0-2])(?!\d)")
# Two years (2019-2020, 2019~2020, with a term after them: 2019-2020-1), which would join into 8
# digits or more.
_YEARS = re.compile(r"(?<!\d)(?:19|20)\d{2}\s*[-~\u2013\u2014\uff5e\u81f3]\s*(?:19|20)\d{2}(?!\d)")
# A date without separators (20240315), or a year and the day apart (2024 0315), and two years
# a space apart (2019 2020): joined by a range or read as a landline they were a personal number.
# Not a group of a number split by spaces or dots (138 2019 0315 is a phone): no digits just
# before it, nor just after but for a range's dash (20240315-20240320).
_COMPACT_DATE = re.compile(r"(?<!\d)(?<!\d[\s\-.])(?:19|20)\d{2}\s?(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
                           r"|(?:19|20)\d{2})(?![\s.]?\d)")
# A landline as it is dialled in its own city: four digits and four (8888-8888, 6275 1234).
_LANDLINE = re.compile(r"(?<![\d\-])\d{4}[\s\-]\d{4}(?![\d\-])")


def without_dates(text: str) -> str:
    """`text` with each date, year and month, and school year or pair of years put as "/": what
    reads as one is no personal number, in a public text or in an id (holds_personal_number)."""
    return _COMPACT_DATE.sub("/", _YEARS.sub("/", _YEAR_MONTH.sub("/", _DATE.sub("/", text))))


def holds_phone_or_id_card(text: str) -> bool:
    """Whether a public text holds a phone, ID-card or student number."""
    if sum(map(str.isdecimal, text)) < 8:  # (most names: asked of every one)
        return False
    dated = without_dates(text)
    if _LANDLINE.search(dated):
        return True
    compact = re.sub(r"(?<=\d)[\s\-_.()\uff08\uff09]+(?=\d)", "", dated)  # 138 0013 8000, (010) 8888-8888
    return any(len(run[0]) >= PERSONAL_DIGITS_IN_A_TEXT
               and not (len(run[0]) <= CLASS_CODE_DIGITS and compact.startswith(_CLASS, run.end()))
               for run in re.finditer(r"\d+", compact))


# An e-mail address in a public text: an @ (or the full-width one an input method types) with a
# word before it and a dot after it in the same word, wang1@example.com. `import --map
# email=group` put a column of them on every entry and player page, results.json and the search
# (rev34): in an entry's group or name, a player's or an official's name it is an error
# (load.py: text-looks-email). The organizer is left out: an office's address there is its own,
# given to be written to.
_EMAIL = re.compile(r"[^\s@\uff20]+[@\uff20][^\s@\uff20.]+(?:\.[^\s@\uff20.]+)+")


def holds_email(text: str) -> bool:
    """Whether a public text holds an e-mail address."""
    return ("@" in text or "\uff20" in text) and _EMAIL.search(text) is not None


NAME_KEYS = frozenset({"title", "name", "organizer", "organization", "venue", "group", "referee", "players"})
# Keys naming a person or a team: the name is how two results are known to be one person's.
PERSON_KEYS = frozenset({"name", "players", "group", "referee"})
# Letters of these scripts look alike (Cyrillic А, Latin A, Greek Α); one word mixing them is a
# paste or a keyboard slip, and makes a second person the reader cannot tell from the first.
# Their names in messages are the UI words script_latin …
_LOOKALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})
_NON_LATIN_LETTER = re.compile("[\u0370-\u052f\u1c80-\u1c8f\u1f00-\u1fff\u2de0-\u2dff\ua640-\ua69f]")
_WORD = re.compile(r"[^\W\d_]+")


def wrong_board_number(problems: Problems, number: object, mark: Mark, limit: int | None,
                       largest: int | None = MAX_BOARDS) -> bool:
    """Whether a board number a results file writes is wrong; if it is, the problem is recorded
    at `mark` (the number's key), and the caller skips that board. `limit`: the stage's last
    board number (its boards, or boards x rounds numbered on through its rounds), None when the
    stage does not say; `largest`: the largest number paibang reads when the stage does not say
    (None: no bound). Three problems, three codes: not a board number at all, past the stage's
    boards, past paibang's largest."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        problems.add("board-number-invalid", mark, board=number)
    elif limit is not None:
        if number <= limit:
            return False
        problems.add("board-number-range", mark, board=number, boards=limit)
    elif largest is not None and number > largest:
        problems.add("board-number-largest", mark, board=number, largest=largest)
    else:
        return False
    return True


def left_empty(value: Any) -> bool:
    """Whether a key's raw value is nothing written: the key alone (`deals:`), or an empty text,
    list or mapping (`boards: {}`), as a fresh draw leaves it. A bye's keys in both team games are
    read this way (a forfeit excepted: any value of it is a forfeit written)."""
    return value is None or (isinstance(value, (str, list, dict)) and len(value) == 0)


def suggestion(word: object, candidates: Iterable[object]) -> dict[str, str]:
    """A localised "did you mean" tail for a message, or empty text when nothing is close."""
    guess = closest(str(word), [str(c) for c in candidates])
    if guess is None:
        return dict.fromkeys(LOCALES, "")
    odd = outside_ascii(str(word))
    if odd and guess.isascii():
        # Т03 (a Cyrillic Т) for T03, Ｔ03 (full-width) for T03: "did you mean T03?" would look
        # like the very text written; the letter that only looks like T is named.
        return catalogues.word("did_you_mean_lookalike", guess=guess, chars=odd)
    return catalogues.word("did_you_mean", guess=guess)


def outside_ascii(text: str) -> str:
    """The characters of `text` an id cannot hold for not being ASCII, each once with its code
    and Unicode name (Т: U+0422 CYRILLIC CAPITAL LETTER TE), or empty text when there is none:
    on screen a Cyrillic Т or a full-width Ｔ is the T of T03."""
    odd = dict.fromkeys(char for char in text if not char.isascii())
    return ", ".join(f"{char} (U+{ord(char):04X} {unicodedata.name(char, '?')})" for char in odd)


def known_stage(stage_id: str, ids: Sequence[str], event: Event, mark: Mark, problems: Problems) -> bool:
    """Whether `stage_id` names one of the stages read (`ids`); stage-unknown at `mark` when it
    names none. A stage whose format could not be read (event.unread_stages) is known by its id
    all the same, but read no further: False, and nothing said, its format's problem says what is
    wrong, once (not again at each results file, advance, knockout and withdrawal naming it)."""
    if stage_id in event.unread_stages:
        return False
    if stage_id not in ids:
        problems.add("stage-unknown", mark, id=stage_id, suggestion=suggestion(stage_id, ids), allowed=", ".join(ids))
        return False
    return True


# Letters typed for digits on a score sheet: O for 0, l and I for 1.
_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "l": "1", "I": "1"})
_LEADING_ZEROS = re.compile(r"(?<![0-9])0+(?=[0-9])")


def closest(word: str, pool: list[str]) -> str | None:
    """The candidate a typo most likely meant: same letters ignoring case or look-alike digits
    first, then the fewest edits among difflib's close matches."""
    # (the third: a number's leading zeros, T3 typed for T03, which difflib ties with T30)
    for normalise in (str.lower, lambda w: w.translate(_LOOKALIKES).lower(),
                      lambda w: _LEADING_ZEROS.sub("", w.translate(_LOOKALIKES).lower())):
        same = [p for p in pool if normalise(p) == normalise(word)]
        if same:
            return same[0]
    close = difflib.get_close_matches(word, pool, n=5, cutoff=0.6)
    if not close:
        return None
    return min(close, key=lambda c: (edit_distance(word.lower(), c.lower()), close.index(c)))


def edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


# The invisible formatting characters (Unicode's category Cf) a name may hold: the zero-width
# non-joiner and joiner, which Persian and Indic names need between two letters, and an emoji
# sequence (a family, a flag with a rainbow) between two emoji. They change how their neighbours
# are drawn, never the order of the text, and a face without them draws nothing for them.
_JOINERS = frozenset("\u200c\u200d")


def invisible(text: str) -> str | None:
    """The first invisible formatting character (category Cf) of a name, or None. A bidi
    override or isolate (U+202E, U+2066) makes a page show a name reversed or moved (a name typed
    "\u202eevil" reads "live"), and one that is invisible (U+200B, U+2060, U+FEFF, the soft hyphen)
    makes two names that look the same two people; neither is in any name typed on a keyboard (a
    paste from a web page or chat brings them), and the bulletins' fonts draw none of them. Only
    the joiners between two visible characters are a name's own (_JOINERS)."""
    if text.isascii():
        return None  # the common case, and every Cf is beyond ASCII
    for index, char in enumerate(text):
        if char < "\u00ad" or unicodedata.category(char) != "Cf":
            continue
        if char in _JOINERS and 0 < index < len(text) - 1 and all(
                not near.isspace() and unicodedata.category(near) != "Cf" for near in (text[index - 1], text[index + 1])):
            continue
        if char == "\u180e" and 0 < index < len(text) - 1 and all(
                _mongolian_letter(near) for near in (text[index - 1], text[index + 1])):
            continue  # the Mongolian vowel separator: part of how a Mongolian word is spelled
        if "\U000e0020" <= char <= "\U000e007f" and _in_tag_sequence(text, index):
            continue  # the tags of a subdivision flag (England's, Scotland's): one emoji with its flag
        return char
    return None


def _mongolian_letter(char: str) -> bool:
    return "\u1820" <= char <= "\u18aa" and unicodedata.category(char) == "Lo"


def _in_tag_sequence(text: str, index: int) -> bool:
    """Whether the tag character at `index` is in an emoji tag sequence: U+1F3F4 (the black flag),
    tags U+E0020 to U+E007E, ended by U+E007F (the cancel tag)."""
    start = index
    while start > 0 and "\U000e0020" <= text[start - 1] <= "\U000e007e":
        start -= 1
    if start == 0 or text[start - 1] != "\U0001f3f4":
        return False
    end = index
    while end < len(text) and "\U000e0020" <= text[end] <= "\U000e007e":
        end += 1
    return end < len(text) and text[end] == "\U000e007f" and end > start


def _format_escaped(text: str) -> str:
    """`text` with each invisible formatting character written as its escape (\\u202e): as a
    message shows the name, where the character itself would reverse or hide the message too."""
    return "".join((f"\\u{ord(char):04x}" if char <= "\uffff" else f"\\U{ord(char):08x}")
                   if unicodedata.category(char) == "Cf" else char for char in text)


def confusable(text: str) -> tuple[list[str], str] | None:
    """The letters of a word that stand out in look-alike scripts (the Cyrillic А of "Аlice"),
    each with its code and name, and the script the rest of the word is in; None for a text with
    no such word."""
    if not _NON_LATIN_LETTER.search(text):
        return None  # the common case: Chinese, or Latin letters only
    odd: list[str] = []
    main = "LATIN"
    for word in _WORD.findall(text):
        scripts: dict[str, list[str]] = {}
        for char in word:
            script = unicodedata.name(char, "").split(" ", 1)[0]
            if script in _LOOKALIKE_SCRIPTS:
                scripts.setdefault(script, []).append(char)
        if len(scripts) < 2:
            continue
        main = max(scripts, key=lambda name: (len(scripts[name]), name == "LATIN"))
        odd += [f"{char} (U+{ord(char):04X} {unicodedata.name(char, '?')})"
                for name, chars in scripts.items() if name != main for char in chars]
    return (odd, main) if odd else None


def describe(value: Any) -> str | dict[str, str]:
    """A value found where another was expected, as the secretary wrote it: YAML's words, not
    Python's ("这里是 None" for an item left blank, "True" for `true`); nothing written is said
    in the site's words."""
    if isinstance(value, (YamlMap, dict)):
        return "{…}"
    if isinstance(value, (YamlList, list)):
        return "[…]"
    if value is None:
        return catalogues.word("found_nothing")
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


class Reader:
    """Reads the keys of one mapping; `where` prefixes key names in messages (e.g. "stages[1].").
    `files`: reading an event's event.yaml, where a file a key names may lie and the list of
    files read for it (content/files.py), handed down to the readers of its parts (a stage's:
    bridge's `hands:`)."""

    def __init__(self, node: YamlMap, problems: Problems, where: str = "", files: EventFiles | None = None) -> None:
        self.node = node
        self.problems = problems
        self.where = where
        self.files = files
        # Reading a table of a round's file: the round's number (0 otherwise), for a game whose
        # matches may number their boards on through the stage (match_board_count).
        self.round_number = 0

    @property
    def mark(self) -> Mark:
        return self.node.mark

    def has(self, key: str) -> bool:
        return key in self.node

    def path(self, key: Any) -> str:
        """The key as messages name it; YAML keys need not be text (`referee: {0: 2}`)."""
        return f"{self.where}{key}"

    def key_mark(self, key: Any) -> Mark:
        return mark_of_key(self.node, key)

    def value_mark(self, key: Any) -> Mark:
        return mark_of_value(self.node, key)

    def raw(self, key: str) -> Any:
        return self.node.get(key)

    def check_keys(self, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        allowed = list(allowed)
        for key in self.node:
            if key not in allowed:
                self.problems.add(
                    "key-unknown",
                    self.key_mark(key),
                    key=key,
                    suggestion=suggestion(key, allowed),
                    allowed=", ".join(allowed),
                )
        for key in required:
            if key not in self.node or self.node[key] is None:
                self.problems.add("key-missing", self.mark, key=self.path(key))

    def _wrong(self, key: str, expected: str) -> None:
        # Said once for a value: a key read by both the loader and the game's reader (a Guandan
        # table's `forfeit: [T17, T29]`) printed the same error twice. (A scan, but only of a
        # build's problems, and only when a value has the wrong type.)
        mark = self.value_mark(key)
        if any(p.code == "type-expected" and p.mark == mark for p in self.problems.items):
            return
        self.problems.add(
            "type-expected",
            mark,
            key=self.path(key),
            expected=catalogues.word(f"type_{expected}"),
            found=describe(self.node.get(key)),
        )

    def text(self, key: str, default: str | None = None) -> str | None:
        """Text; a bare number is accepted as its text (a venue 7201, a class 1301)."""
        value = self.node.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or isinstance(value, (YamlMap, YamlList)):
            self._wrong(key, "text")
            return default
        if isinstance(value, float):
            return repr(value)
        text = str(value).strip()
        if key in NAME_KEYS:
            return self._name(key, text, self.value_mark(key))
        return text

    def _name(self, key: str, text: str, mark: Mark) -> str:
        """A name or title: refused when too long, warned about when it mixes look-alike scripts."""
        if len(text) > MAX_NAME_CHARS:
            self.problems.add("name-too-long", mark, key=self.path(key), length=len(text), limit=MAX_NAME_CHARS)
            return text[:MAX_NAME_CHARS]
        if (hidden := invisible(text)) is not None:
            self.problems.add("name-invisible-char", mark, key=self.path(key), value=_format_escaped(text),
                              char=f"U+{ord(hidden):04X} {unicodedata.name(hidden, '')}".rstrip())
            return "".join(char for char in text if char in _JOINERS or unicodedata.category(char) != "Cf")
        if key in PERSON_KEYS and (found := confusable(text)):
            chars, script = found
            self.problems.add("name-confusable", mark, warning=True, value=text, chars=", ".join(chars),
                              script=catalogues.word(f"script_{script.lower()}"))
        return text

    def url(self, key: str) -> str | None:
        """An absolute http(s) address (site.yaml base_url): feed readers and search engines follow
        it, so javascript:, data: or a bare path are refused."""
        value = self.text(key)
        if value is None:
            return None
        try:
            parts = urlsplit(value)
            good = parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
        except ValueError:  # an unclosed [ in the host
            good = False
        if not good:
            self.problems.add("url-scheme", self.value_mark(key), key=self.path(key), value=value)
            return None
        return value

    def integer(self, key: str, default: int | None = None, low: int | None = None, high: int | None = None) -> int | None:
        value = self.node.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, "integer")
            return default
        if (low is not None and value < low) or (high is not None and value > high):
            self.problems.add(
                "value-range", self.value_mark(key), key=self.path(key), value=value,
                low=low if low is not None else "-∞", high=high if high is not None else "∞",
            )
            return default
        return value

    def boolean(self, key: str, default: bool = False) -> bool:
        value = self.node.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self._wrong(key, "boolean")
            return default
        return value

    def choice(self, key: str, choices: Iterable[str], default: str | None = None) -> str | None:
        choices = list(choices)
        value = self.text(key)
        if value is None:
            return default
        if value not in choices:
            self.problems.add(
                "value-choice", self.value_mark(key), key=self.path(key), value=value,
                suggestion=suggestion(value, choices), allowed=", ".join(choices),
            )
            return default
        return value

    def date(self, key: str) -> dt.date | None:
        value = self.node.get(key)
        if value is None:
            return None
        return parse_date(value, self.value_mark(key), self.problems)

    def identifier(self, key: str) -> str | None:
        value = self.text(key)
        if value is not None and not ID_PATTERN.fullmatch(value):
            # Which character is wrong, as "only letters" reads true of a Cyrillic Т or a 甲.
            bad = outside_ascii(value) or ", ".join(dict.fromkeys(c for c in value if not (c.isalnum() or c in "-_")))
            why = (catalogues.word("id_bad_chars", chars=bad) if bad
                   else catalogues.word("id_too_long", length=len(value)) if len(value) > 32
                   else catalogues.word("id_bad_start", char=value[:1]) if value else dict.fromkeys(LOCALES, ""))
            self.problems.add("id-invalid", self.value_mark(key), value=value, why=why)
            return None
        return value

    def mapping(self, key: str) -> Reader | None:
        value = self.node.get(key)
        if value is None:
            return None
        if not isinstance(value, YamlMap):
            self._wrong(key, "mapping")
            return None
        return Reader(value, self.problems, self.path(key) + ".", self.files)

    def items(self, key: str, single_ok: bool = False) -> list[tuple[Any, Mark]]:
        """The items of a list with their marks; `single_ok` accepts one bare value as a list."""
        value = self.node.get(key)
        if value is None:
            return []
        if isinstance(value, YamlList):
            if key in NAME_KEYS:  # players: [张三, 李四]: each name checked as text(name) checks it
                return [(self._name(key, item.strip(), mark) if isinstance(item, str) else item, mark)
                        for item, mark in zip(value, value.item_marks)]
            return list(zip(value, value.item_marks))
        if single_ok and not isinstance(value, YamlMap):
            return [(value, self.value_mark(key))]
        self._wrong(key, "list")
        return []


def parse_date(value: Any, mark: Mark, problems: Problems) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError:
        # The hint's example is the date written, put right where it can be read (2026/3/4:
        # 2026-03-04); dates joined by a full-width comma or 顿号, one item, are named as such.
        parts = [part.strip() for part in LIST_SEPARATORS.split(str(value)) if part.strip()]
        fixed = [_date_meant(part) for part in parts]
        if len(parts) > 1:
            why = catalogues.word("date_separator", char=LIST_SEPARATORS.search(str(value))[0])  # type: ignore[index]
            example = "[" + ", ".join(f or p for f, p in zip(fixed, parts)) + "]"
        else:
            why, example = dict.fromkeys(LOCALES, ""), fixed[0] if fixed and fixed[0] else "2015-05-15"
        problems.add("date-invalid", mark, value=value, why=why, example=example)
        return None


LIST_SEPARATORS = re.compile("[\uff0c\u3001\uff1b]")  # full-width comma, 顿号, full-width semicolon (never in a name: load)
_DATE_WRITTEN = re.compile(r"(\d{4})\s*[-/.\u5e74]\s*(\d{1,2})\s*[-/.\u6708]\s*(\d{1,2})\s*\u65e5?")


def _date_meant(text: str) -> str | None:
    """2026/3/4, 2026.3.4 or 2026年3月4日 as YAML's 2026-03-04; None for no date."""
    found = _DATE_WRITTEN.fullmatch(half_width_digits(text.strip()))
    if found is None:
        return None
    try:
        return dt.date(*map(int, found.groups())).isoformat()
    except ValueError:
        return None


def half_width_digits(text: str) -> str:
    """Full-width digits and slashes (２０２６／３／４) as ASCII ones."""
    return text.translate({code: code - 0xFEE0 for code in range(0xFF0E, 0xFF1A)})
