"""`paibang export EVENT [--format xlsx|csv|pbn|usebio] [-o FILE]`: an event's results for other
programs. xlsx (default): the workbook a build writes as results.xlsx, to `<slug>.xlsx`; csv: one
file per stage, `<slug>-<stage>.csv`; pbn and usebio: each duplicate bridge stage (pairs or teams),
`<slug>.pbn` / `<slug>.xml`, or `<slug>-<stage>.<ext>` when the event has several. `-o` names the
file (a one-stage event's CSV too: that file); with several files, the stage id is added before
the extension, and each file written is said.

A typo in `-o` is not to cost a file: a path inside the content folder (`-o
content/events/x/event.yaml`) or inside a folder paibang builds a site into is refused, and so is a
file there that is not an export of the same format (its start tells: SIGNATURES; a workbook, its
creator paibang), unless
`--force`; each said, exit 2, nothing written."""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

from generator import catalogues
from generator.commands.console import terminal, unknown_event
from generator.seals import open_own, write_durably

EXTENSIONS = {"xlsx": "xlsx", "csv": "csv", "pbn": "pbn", "usebio": "xml"}
# How each export starts (test_export checks that each does): a file found where one is written is
# replaced only when it starts so, an earlier export of the same format. An xlsx is any workbook's
# zip (an export's own words are inside it); the others are paibang's own first line or two.
SIGNATURES = {"xlsx": b"PK\x03\x04", "csv": "\ufeffrank,entry,name,".encode("utf-8"),
              "pbn": b"% PBN 2.1\n% EXPORT\n% paibang: ",
              "usebio": b'<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO '}


def files(result, kind: str, locale: str) -> dict[str, bytes]:
    """Suffix ('' or '-<stage>') -> the bytes of each file to write. `locale`: the workbook's
    words, the event's as a build writes them (CSV, PBN and USEBIO have none)."""
    from generator.interchange import spreadsheet
    from generator.render.i18n import Translator

    if kind == "xlsx":
        return {"": spreadsheet.workbook_bytes(result, Translator(locale))}
    if kind == "csv":
        return {f"-{stage}": text.encode("utf-8") for stage, text in spreadsheet.csv_texts(result).items()}
    from generator.games.bridge import RULES
    from generator.interchange.pbn import export_stage
    from generator.interchange.usebio import export_usebio

    if result.event.game != "bridge":
        return {}
    stages = [s.stage.id for s in result.stages if RULES.options(s.stage).kind in ("pairs", "teams") and s.rounds]
    write = export_stage if kind == "pbn" else export_usebio
    texts = {stage: write(result, stage, RULES).encode("utf-8") for stage in stages}
    if len(texts) == 1:
        return {"": next(iter(texts.values()))}
    return {f"-{stage}": data for stage, data in texts.items()}


def run(args: argparse.Namespace) -> int:
    from generator.build import validate

    site, results, warnings = validate(args.content)  # (content errors: cli.main says them, this event's first)
    locale = args.lang or site.locale
    result = next((r for r in results if r.event.slug == args.event), None)
    if result is None:
        terminal(f"paibang: {unknown_event(args.event, [e.slug for e in site.events]).text(locale)}", error=True)
        return 2
    made = files(result, args.format, result.event.locale or site.locale)
    if not made:
        terminal(catalogues.text("export_no_duplicate", locale, slug=args.event, format=args.format), error=True)
        return 2
    ext = EXTENSIONS[args.format]
    # `-o` a folder (`-o .`, an existing folder, or `-o exports/`, made if need be): the files
    # under their own names there
    output = Path(args.output) if args.output is not None else None
    folder = output if output is not None and (output.is_dir() or args.output.endswith(("/", os.sep))) else None
    paths = {}
    for suffix in made:
        if output is not None and folder is None:
            # the file -o names when the export is one file (a one-stage event's CSV too); of
            # several, each stage's id added before the extension, each file said below
            paths[suffix] = output if len(made) == 1 else output.with_name(f"{output.stem}{suffix}{output.suffix or '.' + ext}")
        else:
            paths[suffix] = (folder or Path()) / f"{args.event}{suffix}.{ext}"
    for path in paths.values():  # all before any is written
        if (why := refused(path, args.content, args.format, getattr(args, "force", False), folder)) is not None:
            terminal(catalogues.text(why, locale, path=path, folder=path.parent, content=args.content, format=args.format), error=True)
            return 2
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for suffix, data in made.items():
        path = paths[suffix]
        write_durably(path, data)  # the old file or the new, never half of one (a full disk, a power cut)
        terminal(catalogues.text("wrote_file", locale, path=path))
    return 0


def refused(path: Path, content: Path, kind: str, force: bool, to_make: Path | None = None) -> str | None:
    """Why an export is not written to `path` (a UI word's key), or None: inside the content
    folder, or inside a folder a build writes the site into (one holding paibang's marker, which
    the next build replaces whole), whatever `force`; a file there that is not an export of `kind`
    (a link, a folder, anything else), unless `force`."""
    if (where := refused_place(path, content, to_make)) is not None:
        return f"export_{where}"
    if force:
        return None
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return "export_not_export"
    exported = stat.S_ISREG(found.st_mode) and _starts(path, SIGNATURES[kind])
    if exported and kind == "xlsx":
        # every workbook starts as a zip: a secretary's own budget.xlsx was replaced unasked
        exported = _workbook_by_paibang(path)
    return None if exported else "export_not_export"


def refused_place(path: Path, content: Path, to_make: Path | None = None) -> str | None:
    """Why no command writes a file of the secretary's at `path`, whatever it is: "in_content",
    the content folder (a build never changes it, nor does anything beside it); "in_site", a folder
    paibang builds a site into (the next build replaces it whole, the file with it); "no_folder",
    a folder that is not there (a typo in a folder's name made it, and the file landed in it
    unseen; a folder to make is asked for with a trailing /, as export's `-o exports/`: `to_make`)."""
    from generator.render.output import MARKER

    place = path.resolve()
    if place.is_relative_to(content.resolve()):
        return "in_content"
    if any(os.path.lexists(folder / MARKER) for folder in place.parents):
        return "in_site"
    if not path.parent.is_dir() and path.parent != to_make:
        return "no_folder"
    return None


def _workbook_by_paibang(path: Path) -> bool:
    """Whether the workbook at `path` says paibang made it (spreadsheet.xlsx_bytes writes
    `<dc:creator>paibang</dc:creator>` in docProps/core.xml): its one small part only (a part
    claiming more than 64 kB is not ours)."""
    import zipfile

    try:
        with os.fdopen(open_own(path, anyones=True), "rb") as handle, zipfile.ZipFile(handle) as book:
            info = book.getinfo("docProps/core.xml")
            return info.file_size <= 65_536 and b"<dc:creator>paibang</dc:creator>" in book.read(info)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, EOFError, RuntimeError, NotImplementedError):
        return False


def _starts(path: Path, signature: bytes) -> bool:
    """Whether the file at `path` starts with `signature`: read only when it is a regular file
    (of whoever's), never through a link nor from a named pipe put there since it was looked at."""
    try:
        with os.fdopen(open_own(path, anyones=True), "rb") as handle:
            return handle.read(len(signature)) == signature
    except OSError:
        return False
