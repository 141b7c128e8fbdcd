"""`paibang print EVENT STAGE [--round N] [--output FILE-or-DIR]`: one round's draw notice and
forms (score sheets, bidding sheets, play records, hand cards) as PDF, for any round drawn,
played or not. A build prints them only for the rounds not yet played; this is how the forms of
an earlier round are printed again. They are not blank once results are entered: a score sheet
carries what the results file has for its table (Guandan's: the deal log, final levels, winner
and penalties, each room's own in teams of four), blank where nothing is entered. That is what a secretary
reprinting a played round wants, the round on paper to check against the signed sheets and to
post (bridge prints no other results notice of a round); a table to replay or a sheet lost
before play has no result and prints blank. Writes nothing under content/ or the site's output/.

--output: a file ending in .pdf gets every sheet in one document, to send to the printer at
once (the default, ./<event>-<stage>-round-<n>.pdf); any other path is a folder that gets one
PDF a sheet, named as the build names them.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path

from generator import catalogues
from generator.commands.console import ProgressLine, print_event_problems, terminal
from generator.errors import CouldNotFinish, Refusal
from generator.seals import open_own, write_durably


def run(args: argparse.Namespace) -> int:
    from generator.build import validate
    from generator.commands.pair import event_stage
    from generator.render.bulletins import printed_round
    from generator.render.html import content_locale_of

    # Of the problems, this event's and the site's, as pair shows them: other events' warnings
    # printed in full before the answer (a round not drawn, a stage misspelt) buried it.
    site, results, warnings = validate(args.content)  # (content errors: cli.main says them, this event's first)
    locale = args.lang or site.locale
    print_event_problems(warnings, locale, args.content, args.event)
    try:
        result = event_stage(site, results, args.event, args.stage)
    except Refusal as usage:
        terminal(f"paibang: {usage.text(locale)}", error=True)
        return 2
    locale = args.lang or result.event.locale or site.locale
    drawn = [r.number for r in result.stage_of(args.stage).rounds]
    if not drawn:
        terminal(catalogues.text("print_no_rounds", locale, slug=args.event, stage=args.stage), error=True)
        return 2
    number = args.round if args.round is not None else max(drawn)
    if number not in drawn:
        terminal(catalogues.text("print_no_round", locale, stage=args.stage, n=number, rounds=", ".join(map(str, drawn))), error=True)
        return 2
    bulletins = printed_round(result, args.stage, number, locale, site.base_url)
    if all(bulletin.kind == "draw" for bulletin in bulletins):  # said, not printed as sheets with no line
        terminal(catalogues.text("print_no_forms", locale, stage=args.stage, n=number))
    target = args.output or Path(f"{args.event}-{args.stage}-round-{number}.pdf")
    one_file = target.suffix.lower() == ".pdf"
    paths = [target] if one_file else [target / f"{bulletin.name}.pdf" for bulletin in bulletins]
    for path in paths:  # all before anything is printed or written
        if (why := _refused(path, args.content, None if one_file else target)) is not None:
            terminal(catalogues.text(f"print_{why}", locale, path=path, folder=path.parent, content=args.content), error=True)
            return 2
    # Every PDF is printed before anything is written: a print that cannot finish leaves nothing,
    # not even a folder, and says so (of `target`, not of a site: no "nothing put in place").
    try:
        content = content_locale_of(site)  # (its Chinese names marked on an English sheet, as the bulletins')
        # A round of 1,000 tables takes minutes: said as it goes, not silence (on a terminal,
        # erased once done or failed, as build's line is)
        with ProgressLine(sys.stderr.isatty()) as line:
            step = _progress(line, locale)
            pdfs = ([one_document(bulletins, locale, content, workers=None, step=step)] if one_file
                    else _printed_apart(bulletins, locale, content, step=step))
    except MemoryError:  # the PDFs joined in this process
        failure = CouldNotFinish("printer_no_memory_unkept", what=catalogues.word("printing_pdfs"))
        terminal(failure.text(locale, output=target, left="printer_left_print"), error=True)
        return 1
    except CouldNotFinish as failure:  # a printing process killed, or out of memory
        terminal(failure.text(locale, output=target, left="printer_left_print"), error=True)
        return 1
    # Each PDF whole or not at all: a full disk or Ctrl-C while writing leaves the sheet printed
    # last time (a secretary's stack on its way to the printer), not half of a new one; and, the
    # secretary's own, durably: a power cut once it was said written leaves it written.
    for path, pdf in zip(paths, pdfs):  # (a folder --output names, made by the first write, if it is new)
        write_durably(path, pdf)
    for path in paths:
        terminal(catalogues.text("print_written", locale, n=number, path=path))
    return 0


def _refused(path: Path, content: Path, folder: Path | None) -> str | None:
    """Why a sheet is not written to `path`: where no command writes (export.refused_place; a
    folder `--output` names is made, the folder of a .pdf must be there), or over anything but a
    PDF, the last print of it (a secretary's notes.pdf that is text, a folder, a link: `--output`
    mistyped by a letter cost the file). Another PDF there is replaced: printing the round again
    is what the command is for, and a PDF cannot be told as paibang's without reading it whole."""
    from generator.commands.export import refused_place

    if folder is not None and folder.exists() and not folder.is_dir():
        return "not_folder"
    if (where := refused_place(path, content, folder)) is not None:
        return where
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return "not_pdf"
    if not stat.S_ISREG(found.st_mode):
        return "not_pdf"
    try:
        with os.fdopen(open_own(path, anyones=True), "rb") as handle:
            return None if handle.read(5) == b"%PDF-" else "not_pdf"
    except OSError:
        return "not_pdf"


# Seconds at least between two redraws of the progress line: a part of 50 form pages is printed
# in a second or two, and a line redrawn at each is a flicker, not a reading.
PROGRESS_EVERY = 3.0


def _progress(line: ProgressLine, locale: str) -> Callable[[int, int], None]:
    """What print_pdfs calls as each document (a long form's part) is printed: the line redrawn,
    the first time, the last, and otherwise once in PROGRESS_EVERY seconds at most."""
    last: list[float] = []

    def step(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and last and now - last[0] < PROGRESS_EVERY:
            return
        last[:] = [now]
        line.draw(catalogues.text("progress_print", locale, done=done, total=total))

    return step


def _printed_apart(bulletins: list, locale: str, content: str | None = None, workers: int | None = None,
                   step: Callable[[int, int], None] | None = None) -> list[bytes]:
    """Each bulletin's PDF, printed by a pool of processes (`workers`: 1, in this process): a
    long form in parts of a bounded size (render/pdf.py's bulletin_parts), joined, so that a
    round of thousands of tables takes a part's memory, not the round's. `step(printed, of
    all)` as each part is printed."""
    from generator.render.pdf import bulletin_parts, print_job, print_pdfs

    # No cache: a printing process that dies leaves nothing printed, and its words say "PDF"
    # (a draw notice and forms), not "bulletins".
    return print_pdfs([print_job(bulletin_parts(b, locale, content)) for b in bulletins], None, workers,
                      what="printing_pdfs", step=step)[0]


def one_document(bulletins: list, locale: str, content: str | None = None, workers: int | None = 1,
                 step: Callable[[int, int], None] | None = None) -> bytes:
    """Every bulletin's pages in one PDF, in order (each keeps its own page numbers): each
    printed apart (_printed_apart), then joined. Not one WeasyPrint document of them all, which
    held every page's layout until the PDF was written (2.7 GB for a round of 500 tables).
    In this process unless `workers` says otherwise: the desk prints its sheets from a thread
    of its server, which is not to fork (a lock another thread holds is held for ever in the child)."""
    from generator.render.pdf import join_pdfs

    return join_pdfs(_printed_apart(bulletins, locale, content, workers, step))
