"""`paibang`: thin commands over the build. Exit codes: 0 ok, 1 content errors, 2 usage."""

from __future__ import annotations

import sys

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command it interrupted


def _interrupted_while_starting(kind: type[BaseException], value: BaseException, traceback: object) -> None:
    """Ctrl-C before main() can say it (paibang's modules still being imported, as the `paibang`
    script imports this one): a quiet exit, INTERRUPTED, not Python's traceback of the import.
    Nothing has been written and no process started yet; main() says every later one itself.
    Any other failure is left to the hook there was."""
    if not issubclass(kind, KeyboardInterrupt):
        _HOOK_BEFORE(kind, value, traceback)
        return
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(INTERRUPTED)  # left to Python, it would print the traceback, then end itself by SIGINT


# Set before anything of paibang's is imported: from here on an uncaught Ctrl-C ends quietly.
_HOOK_BEFORE = sys.excepthook
sys.excepthook = _interrupted_while_starting

import argparse  # noqa: E402 - after the hook, as every import below
import atexit
import gc
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import catalogues
from generator.commands.defaults import CONTENT, DESK_PORT, OUTPUT, SERVE_PORT
from generator.commands.console import (ProgressLine, environment_locale, os_error_text, print_event_problems,
                                       print_problems, site_locale, terminal)
from generator.errors import ContentErrors, CouldNotFinish, in_printed_order
from generator.render.output import OutputRefused
from generator.messages import LOCALES

if TYPE_CHECKING:
    from generator.commands.init import Ignored, Schemas

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def _or(names: list[str], locale: str) -> str:
    return catalogues.joiner(locale).join(names[:-1]) + f" {catalogues.text('pair_or', locale)} " + names[-1] if len(names) > 1 else "".join(names)


# argparse's own messages as it words them (Python 3.11's), by the keys of ours: a secretary who
# mistypes a command reads why in the site's language. One it has not worded so stays as it is.
ARGPARSE_WORDS = {
    "%(prog)s: error: %(message)s\n": "cli_error",
    "argument %(argument_name)s: %(message)s": "cli_error_argument",
    "unrecognized arguments: %s": "cli_error_unrecognized",
    "the following arguments are required: %s": "cli_error_required",
    "one of the arguments %s is required": "cli_error_one_of",
    "not allowed with argument %s": "cli_error_not_allowed",
    "ignored explicit argument %r": "cli_error_ignored",
    "expected one argument": "cli_error_one",
    "expected at most one argument": "cli_error_at_most_one",
    "expected at least one argument": "cli_error_at_least_one",
    "expected %s argument": "cli_error_expected_n_one",  # ngettext's singular: nargs=1
    "expected %s arguments": "cli_error_expected_n",
    "ambiguous option: %(option)s could match %(matches)s": "cli_error_ambiguous",
    "invalid %(type)s value: %(value)r": "cli_error_invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli_error_invalid_choice",
}


@contextmanager
def _argparse_words(say: Callable[[str], str]) -> Iterator[None]:
    words, plural = argparse._, argparse.ngettext
    argparse._ = say
    argparse.ngettext = lambda one, many, count: say(one if count == 1 else many)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = words, plural


def _parser_class(locale: str) -> type[argparse.ArgumentParser]:
    """argparse's parser with its own words (usage, the sections, -h, its error messages) in
    `locale`."""

    def say(text: str) -> str:
        key = ARGPARSE_WORDS.get(text)
        return catalogues.text(key, locale) if key else text

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage, actions, groups, prefix=None):  # noqa: ANN001, ANN201 - argparse's
            super().add_usage(usage, actions, groups, catalogues.text("cli_usage", locale) if prefix is None else prefix)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003 - argparse's
            kwargs.setdefault("formatter_class", Formatter)
            add_help = kwargs.pop("add_help", True)
            super().__init__(*args, add_help=False, **kwargs)
            self._positionals.title = catalogues.text("cli_positionals", locale)
            self._optionals.title = catalogues.text("cli_options", locale)
            if add_help:
                self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                                  help=catalogues.text("cli_help", locale))

        # argparse words its messages through its module's gettext functions, looked up as they
        # are used: ours while the command line is read (a subcommand's parser nests).
        def parse_args(self, args=None, namespace=None):  # noqa: ANN001, ANN201 - argparse's
            with _argparse_words(say):
                found, extras = self.parse_known_args(args, namespace)
                if extras:  # said by the command's own parser (its usage), with the option likely meant
                    chosen = getattr(self, "commands", {}).get(getattr(found, "command", None), self)
                    chosen.error(say("unrecognized arguments: %s") % " ".join(extras) + _option_meant(extras, chosen, locale))
                return found

        def parse_known_args(self, args=None, namespace=None):  # noqa: ANN001, ANN201 - argparse's
            with _argparse_words(say):
                alone = self.read_alone(args) if namespace is None and args is not None else None
                return alone or super().parse_known_args(args, namespace)

        # An option whose value is optional (import's --take-sheet: alone, every entry) takes the
        # word after it: written before the positionals, the first of them (the event). When the
        # command line reads whole with the option alone, it is read so; else as written.
        value_optional: str | None = None

        def read_alone(self, args: list[str]) -> tuple[argparse.Namespace, list[str]] | None:
            option = self.value_optional
            # (as argparse reads it, shortened too: --take; one that is another option's is refused below)
            alone = [n for n, arg in enumerate(args[:-1]) if len(arg) > 2 and option.startswith(arg)] if option else []
            if not alone:
                return None
            written = [f"{arg}=" if n in alone else arg for n, arg in enumerate(args)]  # --take-sheet= : alone
            self.trying = True
            try:
                found, extras = super().parse_known_args(written, None)
            except _NotRead:  # (a positional missing: the word was the option's own)
                return None
            finally:
                self.trying = False
            if extras:
                return None
            # (the word after it taken as the first positional, not its value: `import --take-sheet
            # T01 gd`, the sheet forgotten, reads T01 as the event; the command tells it, _import)
            found.alone_before_positional = any(not args[n + 1].startswith("-") for n in alone)
            return found, extras

        trying = False

        def error(self, message: str):  # noqa: ANN201 - argparse's (it never returns)
            if self.trying:
                raise _NotRead(message)
            super().error(message)

    return Parser


class _NotRead(Exception):
    """A reading of the command line tried (Parser.read_alone) that argparse refused."""


def _option_meant(extras: list[str], parser: argparse.ArgumentParser, locale: str) -> str:
    """"; did you mean --content?" for the first unknown option close to one of the command's
    (Python 3.11's argparse suggests none), else nothing."""
    import difflib

    for extra in extras:
        if extra.startswith("--"):
            options = [o for o in parser._option_string_actions if o.startswith("--")]
            close = difflib.get_close_matches(extra.partition("=")[0], options, n=1, cutoff=0.7)
            if close:
                return catalogues.text("did_you_mean", locale, guess=close[0])
    return ""


class _HelpWhenShown(argparse.Action):
    """An option that stores its value, as argparse's own do, whose help is made only when it is
    shown (`made`): the help of `new --game` and `import --prefix` names the games, and finding
    them imports every game's modules, most of a build that found its site up to date (0.07 s of
    its 0.17 s of processor time), which needs none of them."""

    def __init__(self, *args: object, made: Callable[[], str], **kwargs: object) -> None:
        self._made = made
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    @property  # type: ignore[override]
    def help(self) -> str:
        return self._made()

    @help.setter
    def help(self, value: object) -> None:
        pass  # (argparse's Action sets it: made when shown instead)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)


def parser(locale: str | None = None) -> argparse.ArgumentParser:
    """The commands and their help, in `locale` (default: the environment's language, as
    LC_ALL / LC_MESSAGES / LANG say: there may be no site yet to ask)."""
    locale = locale or environment_locale()

    def games() -> Any:
        from generator.games import GAMES

        return GAMES

    def say(key: str, **params: object) -> str:
        return catalogues.text(key, locale, **params)

    top = _parser_class(locale)(prog="paibang", description=say("cli_description"))
    # --lang before the command too (`paibang --lang en check`), as the README lists it, a row of
    # its own: kept apart (dest) so that the command's own --lang, None when not given, does not
    # overwrite it; main() takes the command's, else this one.
    top.add_argument("--lang", dest="lang_before", choices=LOCALES, help=say("cli_lang"))
    commands = top.add_subparsers(dest="command", required=True)
    top.commands = commands.choices  # type: ignore[attr-defined] - each command's parser, for its own errors

    def command(name: str, help_key: str, content: bool = True, lang_key: str = "cli_lang") -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=say(help_key), description=say(help_key))
        if content:
            sub.add_argument("--content", type=Path, default=CONTENT, help=say("cli_content", default=CONTENT))
        sub.add_argument("--lang", choices=LOCALES, help=say(lang_key))
        return sub

    def output(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--output", type=Path, default=OUTPUT, help=say("cli_output", default=OUTPUT))

    def port_number(text: str) -> int:
        # A port outside 1-65535 reached the socket, which refused it in its own English
        # ("bind(): port must be 0-65535."), after the build. (0, a free port the system picks,
        # is taken and not offered: what serve and the desk print is the port they got.)
        if not text.strip().isdigit() or not 0 <= int(text) <= 65_535:
            raise argparse.ArgumentTypeError(say("cli_port_range", value=text))
        return int(text)

    def bind_address(text: str) -> str:
        # One address of this computer, the venue's LAN's, not every one --lan answers on (a
        # tethered phone's hotspot too). Its own option, not a value of --lan: `--lan EVENT`
        # would have read the event as the address.
        from generator.commands.desk import bind_address as address

        try:
            return address(text)
        except ValueError:
            raise argparse.ArgumentTypeError(say("cli_bind_address", value=text)) from None

    def port(sub: argparse.ArgumentParser, default: int) -> None:
        sub.add_argument("--port", type=port_number, default=default, help=say("cli_port", default=default))

    build = command("build", "cli_build")
    output(build)
    build.add_argument("--strict", action="store_true", help=say("cli_strict"))
    build.add_argument("-q", "--quiet", action="store_true", help=say("cli_quiet"))
    # Printing is most of a large archive's first build (16 minutes of a 400-event one): a
    # secretary checking the pages need not wait for it. The pages then link to no bulletin.
    build.add_argument("--no-pdf", action="store_true", help=say("cli_no_pdf"))
    check = command("check", "cli_check")
    check.add_argument("--strict", action="store_true", help=say("cli_strict"))
    serve = command("serve", "cli_serve")
    output(serve)
    port(serve, SERVE_PORT)
    serve.add_argument("--no-pdf", action="store_true", help=say("cli_no_pdf"))
    pair = command("pair", "cli_pair")
    pair.add_argument("event", help=say("cli_event_example"))
    pair.add_argument("stage", help=say("cli_stage_example"))
    pair.add_argument("--all", action="store_true", help=say("cli_pair_all"))
    pair.add_argument("--dry-run", action="store_true", help=say("cli_dry_run"))
    pair.add_argument("--every-table", action="store_true", help=say("cli_pair_every_table"))
    new = command("new", "cli_new")
    new.add_argument("event", help=say("cli_new_event"))
    new.add_argument("--game", required=True, action=_HelpWhenShown,
                     made=lambda: _or([name for name, g in games().items() if g.example], locale))
    new.add_argument("--format", default="", help=say("cli_new_format"))
    registrations = command("import", "cli_import")
    registrations.add_argument("event", help=say("cli_event"))
    registrations.add_argument("sheet", type=Path, help=say("cli_sheet"))
    registrations.add_argument("--map", action="append", default=[], metavar="HEADING=FIELD", help=say("cli_map"))
    registrations.add_argument("--prefix", action=_HelpWhenShown,
                               made=lambda: say("cli_prefix", prefixes=", ".join(g.id_prefix for g in games().values())))
    # One value, ids comma-separated: nargs="*" took the event and the sheet written after it as ids.
    registrations.add_argument("--take-sheet", nargs="?", const="", metavar="ID,ID", help=say("cli_take_sheet"))
    registrations.value_optional = "--take-sheet"  # type: ignore[attr-defined] - `--take-sheet EVENT SHEET`: alone
    # A bridge session scored by another program (.pbn, USEBIO .xml): commands/bridge_import.py
    registrations.add_argument("--strict", action="store_true", help=say("cli_import_strict"))
    registrations.add_argument("--sections", choices=("field", "apart"), help=say("cli_import_sections"))
    registrations.add_argument("--replace", action="store_true", help=say("cli_import_replace"))
    export = command("export", "cli_export")
    export.add_argument("event", help=say("cli_event"))
    export.add_argument("--format", choices=("xlsx", "csv", "pbn", "usebio"), default="xlsx",
                        help=say("cli_export_format", default="xlsx"))
    # (a text, not a Path: a trailing "/" says a folder, and Path drops it)
    export.add_argument("-o", "--output", help=say("cli_export_output"))
    export.add_argument("--force", action="store_true", help=say("cli_export_force"))
    clean = command("clean", "cli_clean", content=False)
    output(clean)
    command("schema", "cli_schema")
    command("doctor", "cli_doctor", content=False)
    init = command("init", "cli_init", content=False, lang_key="cli_init_lang")  # no site yet to take it from
    init.add_argument("folder", nargs="?", type=Path, default=CONTENT, metavar="DIR", help=say("cli_init_folder"))
    init.add_argument("--locale", choices=LOCALES, default="zh-Hans", help=say("cli_init_locale"))
    printing = command("print", "cli_print")
    printing.add_argument("event", help=say("cli_event_example"))
    printing.add_argument("stage", help=say("cli_stage_example"))
    printing.add_argument("--round", type=int, help=say("cli_round"))
    printing.add_argument("--output", type=Path, help=say("cli_print_output"))
    desk = command("desk", "cli_desk")
    desk.add_argument("event", help=say("cli_event_example"))
    desk.add_argument("--output", type=Path, default=OUTPUT, help=say("cli_desk_output"))
    port(desk, DESK_PORT)
    desk.add_argument("--lan", action="store_true", help=say("cli_lan"))
    desk.add_argument("--bind", type=bind_address, metavar="ADDRESS", help=say("cli_bind"))
    desk.add_argument("--no-build", action="store_true", help=say("cli_no_build"))
    desk.add_argument("--no-pdf", action="store_true", help=say("cli_no_pdf"))  # (its rebuilds, as build's)
    desk.add_argument("--new-admin-link", action="store_true", help=say("cli_desk_new_admin_link"))
    return top


def _asked_lang(argv: list[str]) -> str | None:
    """`--lang X` on the command line, read before argparse so that its help is in X too."""
    for number, arg in enumerate(argv):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else argv[number + 1] if arg == "--lang" and number + 1 < len(argv) else None
        if value in LOCALES:
            return value
    return None


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser(_asked_lang(sys.argv[1:] if argv is None else argv)).parse_args(argv)
        args.lang = args.lang or args.lang_before
        # (init has no site yet: its words are the new site's language, --locale, unless --lang says)
        locale = args.lang or (site_locale(args.content) if hasattr(args, "content")
                               else getattr(args, "locale", None) or "zh-Hans")
    except SystemExit as exit_:
        return int(exit_.code or 0)
    except KeyboardInterrupt:  # Ctrl-C before the command (and its site's language) is known: as at start-up
        return INTERRUPTED
    try:
        return _run(args, locale, from_command_line=argv is None)
    except Stopped as stopped:  # SIGTERM, SIGHUP during a build: as Ctrl-C, with the signal's name
        from generator.errors import signal_name

        _said_on_stop(catalogues.text("stopped_by_signal", locale, name=signal_name(stopped.number)),
                      from_command_line=argv is None)
        return 128 + stopped.number
    except KeyboardInterrupt:  # Ctrl-C: one line, not a traceback; a build's staging folder is gone by now
        _said_on_stop(catalogues.text("interrupted", locale), from_command_line=argv is None)
        return INTERRUPTED


def _said_on_stop(line: str, from_command_line: bool = False) -> None:
    """The line that says a command was stopped: the terminal may be closed by now (a hang-up,
    then the desk's stop re-raising the signals it took), and refuse it (EIO), which must not
    turn the quiet end into a traceback.

    It is the last line (`from_command_line`: the process ends with the command): an object a
    library was making when the signal came is freed as Python ends, and its error then
    printed under it as "Exception ignored in …" with a traceback. Seen: WeasyPrint, imported
    while a build was interrupted, looked its libraries up with ctypes.util.find_library, which
    ran gcc into a temporary file; gcc, interrupted too, removed the file, and the file's
    object, freed at the end, said it could not remove it (the project's CI, test_cli). Its
    import runs no gcc now (generator/render/libraries.py); any other library's may."""
    import contextlib

    with contextlib.suppress(OSError):
        terminal(line, error=True, flush=True)
    if from_command_line:
        sys.unraisablehook = _said_nothing


def _said_nothing(unraisable: object) -> None:
    """sys.unraisablehook once a stopped command has said so (_said_on_stop)."""


def _run(args: argparse.Namespace, locale: str, from_command_line: bool) -> int:
    if from_command_line and args.command in ("check", "pair"):
        _collect_never()
    if args.command == "doctor":
        from generator.commands import doctor

        return doctor.run(locale)
    if args.command == "new":
        return _new(args, locale)
    if args.command == "clean":
        return _clean(args, locale)
    if args.command == "init":
        return _init(args)
    if not_a_site(args.content, locale):
        return 2
    if args.command == "schema":
        return _schema(args, locale)
    if args.command in ("check", "pair"):  # the stale-draw check's draws, where build keeps them
        from generator.build import keep_redraws_beside

        keep_redraws_beside(OUTPUT)
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "build":
            return _build(args, locale)
        if args.command == "serve":
            from generator.build import refuse_output
            from generator.commands.serve import serve

            # The same rules as build, before the server starts (output/'s marker read, as build's
            # own check before its roll-back reads it); unlocked, and no roll-back of a build killed
            # mid-journal here: nothing else reads output/ or its record before serve's first build
            # (the port is answered only after it; the builder's memory starts empty), and that
            # build rolls back and puts the record back under the output lock before reading them
            # (build.py's roll_back_first), then goes in place (tests/test_start_after_kill.py).
            refuse_output(args.content, args.output)
            return serve(args.content, args.output, TEMPLATES, args.port, args.lang, bulletins=not args.no_pdf)
        if args.command == "pair":
            from generator.commands import pair

            return pair.run(args)
        if args.command == "import":
            return _import(args, locale)
        if args.command == "export":
            from generator.commands import export

            return export.run(args)
        if args.command == "print":
            from generator.commands import printing

            return printing.run(args)
        if args.command == "desk":
            from generator.build import refuse_output, roll_back_at_start
            from generator.commands import desk

            if not args.no_build:
                # The same rules as build, before the desk starts. Its builds are `paibang build`
                # processes (Desk.build_command), which roll back first, but the first comes only
                # after a save: what a build killed mid-journal left is undone now, output/ locked.
                refuse_output(args.content, args.output)
                roll_back_at_start(args.output, lambda key, params: terminal(
                    catalogues.text(key, locale, **params), error=True))
            return desk.run(args)
    except OutputRefused as refusal:
        from generator.seals import key_folder

        # The example: output, unless that is inside the content folder too (run from inside
        # content/ with --content .): then the folder beside it, ../output.
        content = Path(args.content).resolve()
        example = "output"
        if Path(example).resolve().is_relative_to(content):
            example = os.path.relpath(content.parent / "output")
        terminal(catalogues.text(refusal.reason, locale, path=refusal.path, content=args.content, folder=key_folder(),
                                 example=example, **refusal.params), error=True)
        return 2
    except ContentErrors as failure:
        if args.command in ("export", "print"):  # of one event: its problems and the site's, as pair shows them
            print_event_problems(failure.problems, locale, args.content, args.event)
        else:
            print_problems(failure.problems, locale, args.content)
        errors = sum(1 for p in failure.problems if not p.warning)
        # build_failed (nothing built, the folder unchanged) for the commands that build into --output
        failed = {"check": "check_failed", "import": "import_failed", "pair": "pair_refused_errors",
                  "export": "check_failed", "print": "check_failed"}
        said = failed.get(args.command, "build_failed")
        if not errors:  # --strict failed it on warnings alone: say so, not "0 errors found"
            said += "_strict"
        terminal(catalogues.text(said, locale, errors=errors, warnings=len(failure.problems) - errors,
                              output=getattr(args, "output", None)), error=True)
        return 1
    except CouldNotFinish as failure:  # a printing process killed (no memory left): what died, what to do
        terminal(failure.text(locale, output=getattr(args, "output", None)), error=True)
        return 1
    except OSError as failure:  # output/ under a file, no permission, a full disk: said, not traced
        terminal(os_error_text(failure, locale), error=True)
        return 1
    return 2  # pragma: no cover - argparse knows every command


def _clean(args: argparse.Namespace, locale: str) -> int:
    """Remove the site, its leftovers and the cache beside it: each only if paibang made it."""
    from generator.build import clear_cache, default_cache_dir, roll_back_first, site_unproven, site_written
    from generator.caches import unsafe
    from generator.render.output import listed, output_lock, remove_site

    def tell(key: str, params: dict[str, object]) -> None:
        terminal(catalogues.text(key, locale, **params), error=True)

    cache = default_cache_dir(args.output).parent
    left: list[str] = []
    stuck: list[str] = []
    try:
        # (not while a build writes output/ and its record: serve's, the desk's, another terminal's)
        with output_lock(args.output, tell):
            roll_back_first(args.output, tell)  # (a build killed mid-journal: the site and its record as they were)
            unproven = site_unproven(args.output)  # (read before the record goes with the cache)
            removed = remove_site(args.output, tell, site_written(args.output))
            if unproven := [relative for relative in unproven if os.path.lexists(args.output / relative.rstrip("/"))]:
                tell("clean_kept_unproven", {"path": args.output, "count": len(unproven), "paths": listed(unproven)})
            if cache.is_dir() and unsafe(cache) is None and cache.name == ".paibang-cache":
                gone, left, stuck = clear_cache(cache)  # only the files paibang names as its cache's
                if gone:
                    removed.append(cache)
    except OutputRefused as refusal:
        terminal(catalogues.text(refusal.reason, locale, path=refusal.path, **refusal.params), error=True)
        return 2
    for path in removed:
        terminal(catalogues.text("cleaned", locale, path=path))
    if left:
        shown = ", ".join(left[:5]) + (" \u2026" if len(left) > 5 else "")
        terminal(catalogues.text("cache_not_only_ours", locale, path=cache, names=shown), error=True)
    if stuck:
        shown = ", ".join(stuck[:5]) + (" \u2026" if len(stuck) > 5 else "")
        terminal(catalogues.text("cache_not_removed", locale, path=cache, names=shown), error=True)
        return 1
    return 0


def _check(args: argparse.Namespace) -> int:
    from generator.build import validate

    from generator.desk.store import desk_file_problems

    site, _, warnings = validate(args.content, args.strict)
    if unsafe := desk_file_problems(args.content):  # a link planted where the desk writes (its audit log)
        # (the errors first, then the warnings, in file order as everywhere check prints: rev92)
        raise ContentErrors(in_printed_order(warnings + unsafe))
    locale = args.lang or site.locale
    # In file and line order (print_problems, as build and serve print them): the withdrawal
    # warnings are said once every stage is scored (one value clears those of every stage), and
    # printed as raised round 3's came after round 4's draw-rematch. Only the printing: the list
    # validate returns (build, serve, the cache) keeps its order.
    print_problems(warnings, locale, args.content)
    terminal(catalogues.text("checked", locale, events=len(site.events), warnings=len(warnings)))
    return 0


def _exit_without_collecting() -> None:
    """At exit, Python's last cycle collection walks every object still alive: after a build that
    is the whole archive read back from the cache (2 s of a 5 s rebuild of 400 events, after the
    summary line). A process about to end need not free them one by one: they are frozen out of
    its reach. Registered at exit only, so a caller of main() in the same process (the tests)
    keeps its collector as it was."""
    if not _EXIT_FROZEN:
        _EXIT_FROZEN.append(True)
        atexit.register(gc.freeze)


_EXIT_FROZEN: list[bool] = []


def _collect_never() -> None:
    """`paibang check` and `pair` from the command line: the cycle collector off for the whole
    process. build.validate keeps it off while it reads, but what it read stays alive to the end
    of the command, all in the youngest generation: switched on again, the collector walked it
    all at once (at 5,000 teams, as validate returned and again while the summary was worded:
    a quarter of check's processor time; after `pair` had written its round, a second). Only for
    a process that ends with the command: main() called with arguments (the tests) keeps its
    collector as it was."""
    gc.disable()
    _exit_without_collecting()


class Stopped(KeyboardInterrupt):
    """SIGTERM (`kill`, a service manager) or SIGHUP (the terminal closed) during a build: it ends
    as Ctrl-C ends it, its staging folder and the folders made for it removed (by default the
    signal would end the process at once and leave them), said with the signal's name, exit
    128 + its number as a shell reports it."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


@contextmanager
def _stopped_as_interrupted() -> Iterator[None]:
    import os
    import signal

    building = os.getpid()

    def stop(number: int, frame: object) -> None:
        if os.getpid() != building:  # a process the build forked (its printers, its renderers) has
            signal.signal(number, signal.SIG_DFL)  # it, inherited: it ends as it would have, quietly
            os.kill(os.getpid(), number)
            return
        raise Stopped(number)

    numbers = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {}
    try:
        previous = {number: signal.signal(number, stop) for number in numbers}
    except ValueError:  # not the main thread (main() called from another): left as they were
        pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _build(args: argparse.Namespace, locale: str) -> int:
    from generator.build import build

    _exit_without_collecting()
    started = time.monotonic()
    # Erased as the build ends, however it ends: a failure main() prints starts on a line of its own.
    with ProgressLine(not args.quiet and sys.stderr.isatty()) as line:

        def progress(what: str, done: int, total: int) -> None:
            line.draw(catalogues.text("progress_" + what, locale, done=done, total=total))

        def notify(key: str, params: dict[str, object]) -> None:  # a cache not used: in --lang, else the site's
            line.end()
            terminal(catalogues.text(key, locale, **params), error=True)

        with _stopped_as_interrupted():
            report = build(args.content, args.output, args.strict, progress=progress, notify=notify,
                           bulletins=not args.no_pdf)
    if args.quiet and report.warnings:
        # -q: the count and where to read them, not each (an import's hundreds of lines buried
        # the summary); an error still stops the build and is said in full, as is --strict's.
        terminal(catalogues.text("quiet_warnings", args.lang or report.locale, count=len(report.warnings)),
                 error=True)
    else:
        print_problems(report.warnings, args.lang or report.locale, args.content)
    if report.up_to_date:  # (with --no-pdf, not "0 PDFs" either)
        terminal(catalogues.text("up_to_date_no_pdf" if args.no_pdf else "up_to_date", args.lang or report.locale,
                                 events=report.events, pages=report.pages, pdfs=report.pdfs, output=args.output,
                                 seconds=time.monotonic() - started))
        return 0
    if args.no_pdf:  # not "0 PDFs (0 printed, 0 cached)", which reads as an event without bulletins
        terminal(catalogues.text("built_no_pdf", args.lang or report.locale, events=report.events, pages=report.pages,
                                 output=args.output, seconds=time.monotonic() - started))
        return 0
    terminal(catalogues.text("built", args.lang or report.locale, events=report.events, pages=report.pages,
                pdfs=report.pdfs, printed=report.pdfs_printed, cached=report.pdfs - report.pdfs_printed,
                output=args.output, seconds=time.monotonic() - started))
    return 0


def not_a_site(content: Path, locale: str, no_site: str | None = None) -> bool:
    """Whether `content` is refused as the site's folder, said in one line: no such folder (a
    misspelt --content); with `no_site` (the command's words for it: new's, schema's), for the
    commands that write into a site, a folder without site.yaml. The one place these are checked."""
    if not content.is_dir():
        terminal(catalogues.text("no_content", locale, path=content), error=True)
        return True
    if no_site is not None and not (content / "site.yaml").is_file():
        terminal(catalogues.text(no_site, locale, path=content), error=True)
        return True
    return False


def _new(args: argparse.Namespace, locale: str) -> int:
    from generator.commands.new import ScaffoldRefused, scaffold_event

    # Not a site (a misspelt --content): refused as every command refuses it, not made into one
    # of events/ and schema/ without site.yaml
    if not_a_site(args.content, locale, no_site="new_no_site"):
        return 2
    try:  # the file's comments in the site's language, what is said here in --lang
        made = scaffold_event(args.content, args.event, args.game, site_locale(args.content), lang=locale,
                              format=args.format)
    except ScaffoldRefused as refusal:  # a usage error: the name, the game, an event already there
        terminal(f"paibang: {refusal}", error=True)
        return 2
    terminal(catalogues.text("new_written", locale, path=made.files[0].parent))
    _said_schemas(made.schemas, locale)
    return 0


def _schema(args: argparse.Namespace, locale: str) -> int:
    """The site's schema/ brought up to date, as init and new write it (keep_schemas: a file of the
    user's left as it is, said). It wrote paibang's own repository's schema/ from any folder; that
    one is the developers' (python -m generator.content.schema)."""
    from generator.commands.init import keep_schemas
    from generator.content.schema import SITE_SCHEMA_FOLDER

    if not_a_site(args.content, locale, no_site="schema_no_site"):
        return 2
    schemas = keep_schemas(args.content)
    _said_schemas(schemas, locale)
    if not schemas.written and not schemas.left:
        terminal(catalogues.text("schemas_current", locale, folder=args.content / SITE_SCHEMA_FOLDER))
    return 0


def _said_schemas(schemas: Schemas, locale: str) -> None:
    """One line when init or new wrote the editors' schemas into the site (new: only when they
    changed), and one for each schema file left as it was, with why."""
    if schemas.written:
        terminal(catalogues.text("schemas_written", locale, folder=schemas.written[0].parent))
    for left in schemas.left:
        why = catalogues.text(f"schema_left_{left.why}", locale, reason=left.reason)
        terminal(catalogues.text("schema_left", locale, path=left.path, why=why))


def _init(args: argparse.Namespace) -> int:
    from generator.commands.init import InitRefused, init_site

    locale = args.lang or args.locale
    try:
        made = init_site(args.folder, args.locale, said_in=locale)
    except InitRefused as refusal:
        terminal(f"paibang: {refusal}", error=True)
        return 2
    terminal(catalogues.text("init_written", locale, path=args.folder / "site.yaml", events=args.folder / "events"))
    _said_schemas(made.schemas, locale)
    _said_gitignore(made.ignored, locale)
    return 0


def _said_gitignore(ignored: Ignored | None, locale: str) -> None:
    """One line of what init did with the .gitignore beside the site (commands/init.py)."""
    if ignored is None:
        return
    if ignored.written:
        terminal(catalogues.text("init_gitignore_written", locale, path=ignored.path))
    elif ignored.reason:
        terminal(catalogues.text("init_gitignore_unwritable", locale, path=ignored.path, reason=ignored.reason,
                                 lines=" ".join(ignored.missing)))
    elif ignored.missing:
        terminal(catalogues.text("init_gitignore_left", locale, path=ignored.path, lines=" ".join(ignored.missing)))


def _import(args: argparse.Namespace, locale: str) -> int:
    from generator.interchange.sniff import database_file

    # a bridge session scored elsewhere; a Bridgemate .BWS (by its name or its first bytes), said what to export
    if args.sheet.suffix.lower() in (".pbn", ".xml", ".bws") or database_file(args.sheet):
        from generator.commands import bridge_import

        return bridge_import.run(args.content, args.event, args.sheet, args.strict, locale, args.sections, args.replace)
    from generator.commands import registrations
    from generator.commands.console import event_missing
    from generator.content.load import SLUG

    # `--take-sheet T01 gd`: the ids meant for the option, the event after them, the sheet
    # forgotten. Read as --take-sheet alone (every entry) it is the event T01 and the sheet gd,
    # said as a name no event may have, or a sheet not found: said as what it is, with the order
    # that reads (the event and the sheet, then --take-sheet and its ids).
    if getattr(args, "alone_before_positional", False) and args.take_sheet == "" and not args.sheet.is_file() \
            and (not SLUG.fullmatch(args.event) or (args.content / "events" / str(args.sheet)).is_dir()):
        refusal = registrations.ImportRefusal("registration-take-sheet-no-sheet", ids=args.event, event=str(args.sheet))
        terminal(f"paibang: {refusal.text(locale)}", error=True)
        return 2
    # (a name that is no slug at all is said by import itself, with what a slug is)
    if SLUG.fullmatch(args.event) and (unknown := event_missing(args.content, args.event)) is not None:
        terminal(f"paibang: {unknown.text(locale)}", error=True)
        return 2
    return registrations.run(args, locale)


if __name__ == "__main__":
    sys.exit(main())
