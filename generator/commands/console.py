"""What commands print on the terminal: problems, summaries and their words in three locales.

The words are the shared UI words' catalogue (generator/locales/*/LC_MESSAGES/paibang.po), looked
up by `catalogues.text(key, locale, **params)`, the one lookup every command uses."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from generator import catalogues
from generator.content import snapshot
from generator.errors import ContentError, Refusal, in_printed_order, system_reason, visible
from generator.messages import LOCALES
from generator.seals import open_own

# What was being done, and the fix, by what the system said (errno): a folder that cannot be
# written (output/ under a file, a read-only disk, no permission) is the user's to fix, and is
# said in one line, never as a traceback. The values are keys of the shared UI words.
_OS_FIXES = {
    "ENOTDIR": "os_fix_not_folder", "EEXIST": "os_fix_not_folder", "EISDIR": "os_fix_not_folder",
    "EACCES": "os_fix_no_permission", "EPERM": "os_fix_no_permission", "EROFS": "os_fix_read_only",
    "EADDRINUSE": "os_fix_port_busy", "ENOENT": "os_fix_missing", "ENOSPC": "os_fix_disk_full",
}


def os_error_text(error: OSError, locale: str, fixes: Mapping[str, str] | None = None) -> str:
    """One line for a file system error, in the site's language: the path, what the system
    said, and what to do about it (`fixes`: a command's own, by errno name, over the build's)."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    chosen = {**_OS_FIXES, **(fixes or {})}
    # a full disk or no permission in the site's words (strerror is the C library's English);
    # the fix then says only what to do, not the reason again
    reason = system_reason(error) if error.errno else (str(error) or error.__class__.__name__)
    if error.filename is None:  # not about a path (a port in use)
        fix = catalogues.text(chosen[name], locale) if name in chosen else ""
        return visible(catalogues.text("os_error_plain", locale, reason=reason, fix=fix).rstrip())
    fix = catalogues.text(chosen.get(name, "os_fix_other"), locale)
    doing = catalogues.text("os_doing", locale)
    return visible(catalogues.text("os_error", locale, doing=doing, path=error.filename, reason=reason, fix=fix))


def terminal(*parts: object, error: bool = False, **options: object) -> None:
    """print's line for the terminal (stderr with `error`), every control character in it shown
    as its escape (errors.visible): what commands say holds names, paths and a file's text, and an
    escape sequence among them (a folder named so, a team's name in a sheet or a PBN file) would
    rewrite the screen or the terminal's title. Every line a command prints goes through here but
    the progress line's own erasing (ProgressLine)."""
    print(*(visible(str(part)) for part in parts), file=sys.stderr if error else sys.stdout, **options)  # type: ignore[call-overload]


class ProgressLine:
    """A line redrawn in place on a terminal while a command works (a carriage return, then
    erase to its end): drawn only where `shown` (stderr a terminal, no --quiet). As the block
    is left, however it is left (done, content errors, Ctrl-C, a full disk, a printing process
    killed), the line is erased, once: what is printed next starts on a clean line. Where nothing
    was drawn nothing is printed at all, so a run that is not on a terminal prints what it did."""

    def __init__(self, shown: bool) -> None:
        self.shown = shown
        self.drawn = False

    def draw(self, text: str) -> None:
        if self.shown:
            self.drawn = True  # before it is written: a line half written (Ctrl-C) is erased too
            print(f"\r\033[K{text}", end="", file=sys.stderr, flush=True)

    def end(self) -> None:
        """Erase the line, if one was drawn, before something else is printed."""
        if self.drawn:
            self.drawn = False
            print("\r\033[K", end="", file=sys.stderr, flush=True)

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.end()


def print_problems(problems: list[ContentError], locale: str, content: Path) -> None:
    # In the one order every command prints problems in (errors.in_printed_order): a build's
    # warnings came as raised, the withdrawal warnings after every round's own.
    # content/ resolved once, not for each problem: serve prints a large archive's warnings
    # (500 of them at 2,000 events) after every rebuild, and each resolve walks the path. None:
    # nothing imported (content/load.py and YAML were most of what remained of a build that
    # found its site up to date).
    if not problems:
        return
    from generator.content.load import private_keys  # (here: `paibang --help` loads no content reader)

    root = content.resolve()
    private = private_keys(root)
    for problem in in_printed_order(problems):
        terminal(problem.format(locale, root, private), error=True)


def of_the_event(problems: list[ContentError], content: Path, slug: str) -> tuple[list[ContentError], int]:
    """The problems a secretary working on the event `slug` is shown: every error (any stops the
    command), the warnings of that event and of no event (site.yaml); and how many warnings of
    other events are left out (`check` lists them: an 80分 draw printed a 大怪路子
    event's late-entry warning; `print` one event's round buried its answer under another's)."""
    events = (content / "events").resolve()
    shown, left = [], 0
    for problem in problems:
        try:
            parts = problem.mark.file.resolve().relative_to(events).parts
        except ValueError:  # not in an event's folder
            parts = ()
        if problem.warning and len(parts) > 1 and parts[0] != slug:
            left += 1
        else:
            shown.append(problem)
    return shown, left


def print_event_problems(problems: list[ContentError], locale: str, content: Path, slug: str) -> None:
    """The problems of `of_the_event`, then one line saying how many other events' warnings were
    left out: what `pair`, `print` and `export`, each about one event, show. An event the site
    does not have: its errors alone, before the refusal naming the event."""
    if not (content / "events" / slug / "event.yaml").is_file():
        # a misspelt event: the refusal that follows names it, with the one likely meant; the
        # site's warnings before it buried it (and "other events' warnings": every event's)
        print_problems([problem for problem in problems if not problem.warning], locale, content)
        return
    shown, left = of_the_event(problems, content, slug)
    print_problems(shown, locale, content)
    if left:
        terminal(catalogues.text("other_events_warnings", locale, count=left), error=True)


def unknown_event(slug: str, slugs: list[str]) -> Refusal:
    """An event name that names none of `slugs`: said with the one it most likely meant and the
    list, as every command taking an event says it (pair, print, export, desk, import)."""
    from generator.content.reader import suggestion

    return Refusal("pair-event-unknown", slug=slug, suggestion=suggestion(slug, slugs), allowed=", ".join(slugs))


def event_missing(content: Path, slug: str) -> Refusal | None:
    """unknown_event for a command that does not read the whole site first (desk, import): None
    when events/<slug>/event.yaml is there; the events are the folders holding one."""
    if (content / "events" / slug / "event.yaml").is_file():
        return None
    try:
        slugs = sorted(folder.name for folder in (content / "events").iterdir() if (folder / "event.yaml").is_file())
    except OSError:
        slugs = []
    return unknown_event(slug, slugs)


def site_locale(content: Path) -> str:
    """The site's locale for messages even when site.yaml itself is broken."""
    try:
        # the locale is near the top; the file may be anything, a named pipe too (snapshot.open_regular)
        with snapshot.open_regular(content / "site.yaml") as handle:
            text = handle.read(64 * 1024).decode("utf-8", errors="replace")
    except OSError:
        return "zh-Hans"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        value = value.split("#", 1)[0].strip().strip("'\"")
        if key.rstrip() == "locale" and value in LOCALES:  # the site's own key, not one indented under another
            return value
    return "zh-Hans"


def folder_site_locale(content: Path = Path("content")) -> str | None:
    """The `locale:` of ./content/site.yaml, for help asked for in a site's folder where the
    environment names no language; None without one. Read cheaply and safely, as help must
    never fail or hang: neither the folder nor the file a link (not followed), the file a
    regular one (a FIFO would block), its first 8 KiB only, any failure taken as no locale."""
    try:
        if content.is_symlink() or not content.is_dir():
            return None
        handle = open_own(content / "site.yaml", anyones=True)  # (no link, no pipe: NotOwnFile, an OSError)
        try:
            text = os.read(handle, 8 * 1024).decode("utf-8-sig", errors="replace")  # (a BOM, as the loader allows)
        finally:
            os.close(handle)
    except (OSError, ValueError):
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        value = value.split("#", 1)[0].strip().strip("'\"")
        if key.rstrip() == "locale" and value in LOCALES:  # the site's own key, not one indented under another
            return value
    return None


def environment_locale(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, where there is no site to ask (`paibang --help`):
    the first of LC_ALL, LC_MESSAGES and LANG that is set, as the C library picks the language
    of messages. Chinese of Taiwan, Hong Kong or Macau (or written zh_Hant) is zh-Hant, any other
    Chinese zh-Hans, English en; C, POSIX or nothing is the `locale` of the site in this folder
    (folder_site_locale), else paibang's default, zh-Hans, as for a site without `locale`;
    another language gets English, the one a reader of neither script likely reads."""
    value = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    language = value.split(".")[0].split("@")[0].replace("-", "_").lower()
    if language in ("", "c", "posix"):
        # no language asked for (LANG=C.UTF-8, a container's): the site in this folder has one
        return folder_site_locale() or "zh-Hans"
    parts = language.split("_")
    if parts[0] == "zh":
        return "zh-Hant" if {"hant", "tw", "hk", "mo"} & set(parts[1:]) else "zh-Hans"
    return "en"
