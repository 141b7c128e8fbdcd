"""`paibang export EVENT [--format xlsx|csv|pbn|usebio] [-o FILE]`: an event's results for other
programs. xlsx (default): the workbook a build writes as results.xlsx, to `<slug>.xlsx`; csv: one
file per stage, `<slug>-<stage>.csv`; pbn and usebio: each duplicate bridge stage (pairs or teams),
`<slug>.pbn` / `<slug>.xml`, or `<slug>-<stage>.<ext>` when the event has several. `-o` names the
file (a one-stage event's CSV too: that file); with several files, the stage id is added before
the extension, and each file written is said."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from generator import catalogues
from generator.commands.console import terminal, unknown_event
from generator.seals import write_durably

EXTENSIONS = {"xlsx": "xlsx", "csv": "csv", "pbn": "pbn", "usebio": "xml"}


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
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for suffix, data in made.items():
        if output is not None and folder is None:
            # the file -o names when the export is one file (a one-stage event's CSV too); of
            # several, each stage's id added before the extension, each file said below
            path = output if len(made) == 1 else output.with_name(f"{output.stem}{suffix}{output.suffix or '.' + ext}")
        else:
            path = (folder or Path()) / f"{args.event}{suffix}.{ext}"
        write_durably(path, data)  # the old file or the new, never half of one (a full disk, a power cut)
        terminal(catalogues.text("wrote_file", locale, path=path))
    return 0
