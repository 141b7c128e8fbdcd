"""Content problems: one type, raised or collected anywhere, printed the same way everywhere.

A problem names the file, line and column of the offending text, what is wrong and how to fix
it, in the site's language. The loader and validators collect problems rather than stop at the
first, so the secretary sees every mistake of a results file at once.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from generator import catalogues
from generator.messages import render_message
from generator.seals import open_if_regular

# The player keys never published whatever the site says (content-format.md); a site adds its own
# with `private:` in site.yaml (content/load.py reads them: private_keys).
ALWAYS_PRIVATE = ("phone", "student_id")


class Mark(NamedTuple):
    """Where a value was written: a content file, 1-based line and column. (A named tuple: a
    results file has thousands of values, each with its mark, made and pickled in a build.)"""

    file: Path
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if not self.line:
            return str(self.file)
        return f"{self.file}:{self.line}:{self.column}"

    def __reduce__(self) -> tuple[object, tuple[type[Mark], tuple[Path, int, int]]]:  # (a subclass stays itself)
        """Pickled as tuple.__new__(Mark, (file, line, column)): a named tuple's own way goes
        through copyreg's protocol-2 machinery and __getnewargs__ for every mark, a quarter
        slower to pickle (an event's reading holds some 400 marks, each pickled into the event
        cache); and Mark(file, line, column) calls the named tuple's __new__, a Python function,
        for each of the 94,000 marks the render workers unpickle with bench/site.py's 200
        events' readings, where tuple.__new__ is C."""
        return tuple.__new__, (type(self), (self.file, self.line, self.column))


class SheetRow(NamedTuple):
    """How `paibang import` read the sheet row a problem is on, which is how the row may be
    quoted: by what import did with the file, never by its name (import reads a CSV called
    a.dat, and a workbook called b.csv, by their bytes).

    `separator`: the separator of a sheet read as text (, or a tab); None for a workbook, which
    has no line to quote. `hidden`: the row's cells (0-based) that hold private data (a phone
    number, a student number), shown as asterisks, as a private key's value in YAML is
    (`masked`). `lines`: the lines of the file the row takes, more than one when a quoted cell
    holds a line break; such a row is not quoted: one line of it is not the row, and its cells,
    cut at the break, cannot be told apart to mask them."""

    separator: str | None
    hidden: tuple[int, ...] = ()
    lines: int = 1


@dataclass(frozen=True)
class ContentError:
    """One problem in content/, with a stable code from the error catalogue (messages.py)."""

    code: str
    mark: Mark
    params: dict[str, object] = field(default_factory=dict)
    warning: bool = False
    # The problem is on a row of a sheet `paibang import` read: how to quote it (SheetRow).
    sheet_row: SheetRow | None = None

    def message(self, locale: str) -> str:
        return render_message(self.code, locale, self.params)[0]

    def hint(self, locale: str) -> str:
        return render_message(self.code, locale, self.params)[1]

    def file_shown(self, root: Path | None = None) -> Path:
        """The file, relative to the current directory when it lies inside (a path the terminal
        opens: `--content .` in content/ printed content/events/…, no such path there), else to
        content/'s parent when it lies inside (`root`). A file outside the current directory
        but in a folder above it (`--content ../x` from a sibling folder): from the current
        directory (../x/events/…); x/events/… was no path from there (rev44). Only the root
        folder in common (content in /tmp, the shell in the home folder): from content/'s parent,
        a path shorter than one climbing to the root."""
        if root is not None:
            try:
                here = Path.cwd()
                # (a root given resolved, as print_problems does once for hundreds of warnings,
                # is not resolved again for each)
                bases = [here, (root if root.is_absolute() else root.resolve()).parent]
            except OSError:  # (the current directory removed meanwhile)
                here, bases = None, []
            file = self.mark.file
            if here is not None and file.is_absolute() and not file.is_relative_to(here):
                with contextlib.suppress(ValueError):  # (another drive, on Windows)
                    if Path(os.path.commonpath([here, file])) != Path(here.anchor):
                        return Path(os.path.relpath(file, here))
            for base in [*bases, root.parent]:
                try:
                    return self.mark.file.relative_to(base)
                except ValueError:
                    pass
        return self.mark.file

    def where(self, root: Path | None = None) -> str:
        """file:line:column (file_shown)."""
        shown = self.file_shown(root)
        return f"{shown}:{self.mark.line}:{self.mark.column}" if self.mark.line else str(shown)

    def heading(self, locale: str, root: Path | None = None) -> str:
        """The first line of the problem: where, error or warning, its code, what is wrong."""
        kind = render_message("_warning" if self.warning else "_error", locale, {})[0]
        return visible(f"{self.where(root)}: {kind} [{self.code}] {self.message(locale)}")

    def excerpt(self, private: Collection[str] = ALWAYS_PRIVATE) -> Excerpt | None:
        """The offending line, cut around the column, with the faulty value apart; None without a
        line to show (a folder, a spreadsheet, a file no longer there). The values of the
        `private` keys written on the line are shown as asterisks (masked)."""
        row = self.sheet_row
        if row is None:
            source, above = (_saved_as_line(self.mark) if self.code in _SAVED_AS_CODES
                             else _source_line(self.mark))
            source = masked_below(source, above, private) if source is not None else None
        else:
            source = _sheet_line(self.mark, row)
        if source is None:
            return None
        before, after = _around(source, self.mark.column)
        if not self.mark.column:
            return Excerpt(self.mark.line, "", "", visible(before + after))
        if row is not None and row.separator:  # a cell: up to the next separator, not the rest of the row
            from generator.content import sheet_text

            length = max(sheet_text.cell_length(after, row.separator), 1 if after else 0)
        else:
            length = _value_length(after, before, self.mark.file.suffix.lower() in (".yaml", ".yml"))
        return Excerpt(self.mark.line, visible(before), visible(after[:length]), visible(after[length:]), True)

    def format(self, locale: str, root: Path | None = None, private: Collection[str] = ALWAYS_PRIVATE) -> str:
        """The terminal form: location, message, the source line with carets under the faulty
        value, the fix; `private`: as excerpt's."""
        lines = [self.heading(locale, root)]
        shown = self.excerpt(private)
        if shown is not None:
            number = str(shown.number)
            lines.append(f"  {number} | {shown.before}{shown.value}{shown.after}")
            if shown.pointed:
                # A terminal gives a CJK character two columns (East Asian width W or F): the
                # carets are placed by columns on screen, not by characters, or under 结构工程系
                # they would land half the line short.
                carets = "^" * max(columns(shown.value), 1)
                lines.append(f"  {' ' * len(number)} | {' ' * columns(shown.before)}{carets}")
        hint = self.hint(locale)
        if hint:
            lines.append(f"  → {visible(hint)}")
        return "\n".join(lines)


class Excerpt(NamedTuple):
    """The line a problem is on, as shown: `before` the column, the faulty `value` from it, and
    the rest `after`, each cut and made visible (no control character); `pointed`: the problem
    has a column, so there is a value to point at (maybe empty: a value missing at the end)."""

    number: int
    before: str
    value: str
    after: str
    pointed: bool = False


def columns(text: str) -> int:
    """How many terminal columns `text` takes: two for a wide or full-width character (CJK,
    full-width forms), none for a combining mark, one for the rest. Ambiguous characters (…)
    count one, as terminals set for UTF-8 show them."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# Where a YAML value written at a column ends: a quoted one at its closing quote; a plain one at a
# comment (" #"), at ": " when it is a key, and inside a flow collection ([…], {…}) at , ] } too.
_PLAIN_END = re.compile(r"\s#|:\s|:$")
_FLOW_END = re.compile(r"\s#|:\s|:$|[,\[\]{}]")


def _value_length(after: str, before: str, yaml: bool) -> int:
    """How many characters of `after` (the line from the column) are the faulty value: the YAML
    scalar written there, or in another file the word; never less than one character if any."""
    if not after:
        return 0
    if not yaml:
        word = re.match(r"\S*", after)
        return max(len(word.group()) if word else 0, 1)
    if after[0] in "'\"":
        quote = after[0]
        end = after.find(quote, 1)
        while quote == "'" and end != -1 and after[end + 1:end + 2] == "'":  # '' is a ' inside
            end = after.find(quote, end + 2)
        while quote == '"' and end != -1 and after[end - 1] == "\\":
            end = after.find(quote, end + 1)
        return len(after) if end == -1 else end + 1
    in_flow = sum(before.count(c) for c in "[{") > sum(before.count(c) for c in "]}")
    found = (_FLOW_END if in_flow else _PLAIN_END).search(after, 1)
    value = after[:found.start()] if found else after
    return max(len(value.rstrip()), 1)


# What a terminal would act on rather than show: C0 and C1 controls (ESC starts the sequences
# that retitle a window or rewrite the screen; a lone C1 CSI does on some terminals), DEL, and
# the bidirectional overrides that reorder what is shown around them. Also the surrogates a
# file name that is not UTF-8 is read with: they cannot be written out as UTF-8 at all.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


SHOWN_CHARS = 80  # of a long source line, shown on each side of the column


def _around(source: str, column: int) -> tuple[str, str]:
    """The source line before and from the column, cut to SHOWN_CHARS on each side: a line of a
    300,000-character title is not printed whole."""
    at = max(column - 1, 0)
    before, after = source[:at], source[at:]
    if len(before) > SHOWN_CHARS:
        before = "…" + before[-SHOWN_CHARS:]
    if len(after) > SHOWN_CHARS:
        after = after[:SHOWN_CHARS] + "…"
    return before, after


# A private key as a line of YAML or JSON writes it: `phone: …`, `"phone": "…"`, `{…, phone: …}`.
# Patterns made once for each set of keys.
_PRIVATE_KEY: dict[tuple[str, ...], re.Pattern[str]] = {}


def masked(line: str, private: Collection[str]) -> str:
    """`line` with the value of each private key written on it replaced by as many asterisks
    (columns keep their places, so the caret still stands under the faulty value). A problem's
    excerpt is shown on the terminal, in serve's overlay and on the desk's admin page: a line
    holding `{name: 张三, phone: "138…", tshirt: XL}` is quoted for its unknown key, and the
    phone number must not be quoted with it. A value ends at its closing quote; a plain one at a
    comment, and inside a flow collection ({…}, […]) at , ] } too. (A value written on the lines
    after its key is not on the key's line and is not masked: no file paibang writes does that.)"""
    keys = tuple(sorted(set(private), key=len, reverse=True))
    folded = line.casefold()
    if not keys or not any(key.casefold() in folded for key in keys):
        return line
    pattern = _PRIVATE_KEY.get(keys)
    if pattern is None:
        names = "|".join(re.escape(key) for key in keys)
        # any case: the build takes `Phone:` and `membercard:` for `phone` and `MemberCard` (load.private_matches)
        pattern = re.compile(rf"""(?<![\w-])(["']?)(?:{names})\1[ \t]*:[ \t]*""", re.IGNORECASE)
        _PRIVATE_KEY[keys] = pattern
    parts, at = [], 0
    for found in pattern.finditer(line):
        if found.start() < at:  # inside a value already masked
            continue
        start = found.end()
        if line[start:start + 1] in ("{", "["):
            # a value of its own flow mapping or list (`wechat: {main: wxid_…}`): masked whole, to
            # its closing bracket (or the line's end), not to the first comma or brace inside it
            end = start + _flow_length(line[start:])
        else:
            end = start + _value_length(line[start:], line[:start], True) if start < len(line) else start
        parts += [line[at:start], "*" * (end - start)]
        at = end
    return "".join(parts) + line[at:]


def _flow_length(after: str) -> int:
    """How many characters of `after`, which opens a flow collection, it spans: to the bracket
    that closes it, quoted text skipped; the whole of `after` when it is not closed there."""
    depth, quote, at = 0, "", 0
    while at < len(after):
        char = after[at]
        if quote:
            if char == quote and not (quote == '"' and after[at - 1] == "\\"):
                if quote == "'" and after[at + 1:at + 2] == "'":
                    at += 1
                else:
                    quote = ""
        elif char in "'\"":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return at + 1
        at += 1
    return len(after)


def visible(text: str) -> str:
    """Text for a terminal: every control character shown as its escape (\\x1b, \\u202e)."""
    return _UNSAFE.sub(lambda found: ascii(found.group())[1:-1], text)


def _sheet_line(mark: Mark, row: SheetRow) -> str | None:
    """The line of a sheet import read as text, in the encoding import read it in (GBK from
    Excel), its private cells masked; None for a workbook, or a row of several lines."""
    if row.separator is None or row.lines > 1 or not mark.line:
        return None
    from generator.content import sheet_text

    found = sheet_text.lines_of(mark.file)
    if found is None or mark.line > len(found[0]):
        return None
    return sheet_text.masked_cells(found[0][mark.line - 1], row.separator, row.hidden)


def _source_line(mark: Mark) -> tuple[str | None, list[str]]:
    """The mark's line, and the lines above it, nearest first (masked_below)."""
    above: list[str] = []
    suffix = mark.file.suffix.lower()
    if not mark.line or suffix in (".xlsx", ".xls", ".pdf"):
        return None, above
    try:
        # never a pipe or device, which a problem may be about (file-not-regular): opening one to
        # read waited for a writer
        opened, _ = open_if_regular(mark.file)
        if opened is None:
            return None, above
        with io.TextIOWrapper(opened, encoding="utf-8", errors="replace") as handle:
            for number, text in enumerate(handle, start=1):
                if number == mark.line:
                    return text.rstrip("\n"), above[::-1]
                above.append(text.rstrip("\n"))
    except OSError:
        pass
    return None, above


# The problems of a file saved in an encoding other than UTF-8 that import reads (content/saved_as.py):
# their line is quoted read in that encoding.
_SAVED_AS_CODES = frozenset({"file-saved-as-unicode", "file-saved-as-ansi"})
_SAVED_AS_READ = 16 * 1024 * 1024  # (bound of the read: content files are at most a few MB)


def _saved_as_line(mark: Mark) -> tuple[str | None, list[str]]:
    """_source_line for a file in UTF-16 or GBK: its line read in that encoding (as UTF-8 it was
    replacement characters, or each character followed by a zero byte)."""
    from generator.content.saved_as import saved_as

    try:
        opened, _ = open_if_regular(mark.file)
        if opened is None:
            return None, []
        with opened:
            data = opened.read(_SAVED_AS_READ)
    except OSError:
        return None, []
    found = saved_as(data)
    if found is None:
        return _source_line(mark)
    lines = found.text.split("\n")
    if not 1 <= mark.line <= len(lines):
        return None, []
    return lines[mark.line - 1], lines[:mark.line - 1][::-1]


def masked_below(line: str, above: list[str], private: Collection[str]) -> str:
    """`line` masked (masked), and wholly, its indent aside, when it is a line of a private key's
    value written below the key (`wechat:`, then `main: wxid_…` indented under it, or `- ` items):
    masked sees one line, and such a value is not on its key's. `above`: the lines above it,
    nearest first; each parent is found by its smaller indent, as YAML's block structure has it."""
    line = masked(line, private)
    if not line.strip() or not above:
        return line
    keys = {key.casefold() for key in private}
    indent = len(line) - len(line.lstrip(" "))
    item = line.lstrip().startswith("- ")
    for text in above:
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        level = len(text) - len(text.lstrip(" "))
        head = _KEY_LINE.match(text.strip())
        # its parent: less indented, or a key at its indent whose value is this list (`wechat:` / `- a`)
        parent = level < indent or (level == indent and item and head is not None and not (head.group(3) or "").strip()
                                    and not text.lstrip().startswith("- "))
        if not parent:
            continue
        if head is not None and head.group(2).strip().casefold() in keys:
            return line[:indent] + re.sub(r"\S", "*", line[indent:])
        if level == 0:
            return line
        indent, item = level, text.lstrip().startswith("- ")
    return line


# A line that opens with a key (after a list item's `- `): its key and what follows the colon.
_KEY_LINE = re.compile(r"""(?:-[ \t]+)*(["']?)([^"'#:{}\[\],]+?)\1[ \t]*:(?:[ \t]+(.*)|$)""")


class Problems:
    """Collects every problem of a build; a build with any error writes nothing."""

    def __init__(self) -> None:
        self.items: list[ContentError] = []

    def add(self, code: str, mark: Mark, warning: bool = False, sheet_row: SheetRow | None = None,
            **params: object) -> None:
        """`sheet_row`: the mark is on a row of a sheet import read, quoted as ContentError.sheet_row says."""
        self.items.append(ContentError(code, mark, params, warning, sheet_row))

    @property
    def errors(self) -> list[ContentError]:
        return [p for p in self.items if not p.warning]

    @property
    def warnings(self) -> list[ContentError]:
        return [p for p in self.items if p.warning]

    def sorted(self) -> list[ContentError]:
        """Errors first, then warnings, each in file and line order: an error after a dozen
        warnings was line 73 of serve's log and far down its page (a newcomer's review)."""
        return in_printed_order(self.items)


def in_printed_order(problems: Iterable[ContentError]) -> list[ContentError]:
    """Problems as every command prints them (check, build, serve, pair, a failure's): errors
    first, then warnings, each in file order (`in_file_order`). The withdrawal warnings are
    raised once every stage is scored, after the rounds' own: build and serve printed them as
    raised, round 3's after round 4's, where check printed them by file."""
    return sorted(problems, key=lambda p: (p.warning, *in_file_order(p)))


def in_file_order(problem: ContentError) -> tuple[object, ...]:
    """A problem's place among those printed: its file (numbers in its path compared as numbers:
    round-10.yaml after round-9.yaml), line and column."""
    parts = re.split(r"(\d+)", str(problem.mark.file))
    return (tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in parts),
            problem.mark.line, problem.mark.column)


class ContentErrors(Exception):
    """Raised by a build when content has errors; carries all of them."""

    def __init__(self, problems: list[ContentError]) -> None:
        super().__init__(f"{len(problems)} content problem(s)")
        self.problems = problems


# The system's refusals a secretary or a build meets, said in the site's language (strerror is
# the C library's English inside a Chinese message): the desk's save and read, the content
# loader's read (file-unreadable). Any other (EIO, say) in the system's own words. Their words are
# the os_reason_* keys, the system's and not the desk's: only this table names them. A shared
# server's quota (EDQUOT) stops a write as a full disk does, with another fix (ask for more).
SYSTEM_REASONS = {errno.ENOSPC: "os_reason_disk_full", errno.EDQUOT: "os_reason_quota",
                  errno.EACCES: "os_reason_not_allowed", errno.EPERM: "os_reason_not_allowed",
                  errno.EROFS: "os_reason_read_only",
                  errno.ENOENT: "os_reason_missing", errno.EISDIR: "os_reason_is_folder",
                  errno.ENOTDIR: "os_reason_not_folder", errno.EEXIST: "os_reason_exists",
                  errno.ENAMETOOLONG: "os_reason_name_too_long",
                  # the process's or the machine's open files used up (a desk serving fifty phones'
                  # streams): said in the site's words as the others are
                  errno.EMFILE: "os_reason_too_many_files", errno.ENFILE: "os_reason_too_many_files"}

# a file the system will not let be read (unwritable): no permission to read it, not to write
READ_REASONS = {**SYSTEM_REASONS, errno.EACCES: "os_reason_not_readable", errno.EPERM: "os_reason_not_readable"}


def system_reason(error: OSError, reading: bool = False) -> str | dict[str, str]:
    """Why the system refused a write (or, `reading`, a read): a known refusal in every locale's
    words (a problem's parameter is shown in its locale), else the system's words (strerror) or
    the error's first line. An error of paibang's own naming its reason as a UI word
    (`reason_word`: snapshot.Changed, a file changed while a build read it) says that word."""
    word = getattr(error, "reason_word", None) or (READ_REASONS if reading else SYSTEM_REASONS).get(error.errno or 0)
    if word is not None:
        return catalogues.word(word)
    return error.strerror or (str(error).splitlines() or [type(error).__name__])[0]


class Refusal(Exception):
    """A command will not do what it was asked: a catalogue code and its parameters, said in the
    site's language with its fix, nothing written. Exit 2 when the command line asks what cannot
    be (usage: an unknown event or stage, --all for a Swiss); exit 1 when the content does not
    allow it (`pair`'s plan_rounds and write_round: a round still to enter, a stage complete, a
    late pair with no seat, a round file already there), as a content error does (README's exit
    codes): the fix is in content/, not in the command typed."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def text(self, locale: str) -> str:
        message, hint = render_message(self.code, locale, self.params)
        return f"{message}\n  → {hint}" if hint else message


class CouldNotFinish(Exception):
    """A command could not finish, for a reason neither in content/ nor in the user's files (a
    printing process killed for want of memory): a key of the UI words (generator/catalogues.py)
    and its parameters, said in one line in the site's language, with what to do; exit 1.
    Nothing the command was making has been put in place (a build's staging folder is gone)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def text(self, locale: str, *, output: object, left: str = "printer_left_site") -> str:
        """`output`: the folder left as it was, as the user named it (--output): the caller's to
        say, the printing process that died never knew it; `left`, the UI word saying what was
        left as it was: a build's site (nothing put in place), or `paibang print`'s folder (no
        PDF written into it)."""
        said = catalogues.text(left, locale, output=output)
        return visible(catalogues.text(self.key, locale, left=said, **self.params))


def signal_name(number: int) -> str:
    """How a process was ended, the same in every language: SIGKILL, SIGSEGV, SIGRTMIN+1 (a
    real-time signal has no name of its own in `signal.Signals`), or "?"."""
    import signal

    with contextlib.suppress(ValueError):
        return signal.Signals(number).name
    if hasattr(signal, "SIGRTMIN") and signal.SIGRTMIN <= number <= signal.SIGRTMAX:
        return f"SIGRTMIN+{number - signal.SIGRTMIN}"
    return "?"
