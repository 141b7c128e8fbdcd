"""The build, top to bottom: load -> validate -> score -> rank -> render -> swap into output/.

Read this function to follow a results file from disk to a page. A build with any content
error stops before rendering and leaves output/ exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.content.load import load_site
from generator.content.model import Site
from generator.errors import ContentError, ContentErrors, Problems
from generator.tournament.event import EventResult, run_event


@dataclass
class BuildReport:
    site: Site
    results: list[EventResult]
    warnings: list[ContentError] = field(default_factory=list)
    pages: int = 0
    pdfs: int = 0


def validate(content: Path, strict: bool = False) -> tuple[Site, list[EventResult], list[ContentError]]:
    """Load, validate and score everything; raise ContentErrors with every problem found."""
    problems = Problems()
    site = load_site(content, problems)
    results: list[EventResult] = []
    if site is not None:
        for event in site.events:
            if _has_errors_in(problems, event.folder) or not event.stages:
                continue
            results.append(run_event(event, problems))
    failing = problems.errors + (problems.warnings if strict else [])
    if site is None or failing:
        raise ContentErrors(problems.sorted())
    return site, results, problems.warnings


def _has_errors_in(problems: Problems, folder: Path) -> bool:
    return any(p.mark.file.is_relative_to(folder) for p in problems.errors)


def build(content: Path, output: Path, strict: bool = False) -> BuildReport:
    # Imported here so that `paibang check` does not pay for loading WeasyPrint.
    from generator.render.html import render_site
    from generator.render.output import OutputTree, discard, staging_dir, swap_into_place
    from generator.render.pdf import bulletins_for, render_pdf

    site, results, warnings = validate(content, strict)
    staging = staging_dir(output)
    try:
        tree = OutputTree(staging)
        links: dict[str, list[tuple[str, str]]] = {}
        pdfs = 0
        for result in results:
            locale = result.event.locale or site.locale
            for bulletin in bulletins_for(result, locale):
                relative = f"events/{result.event.slug}/bulletins/{bulletin.name}.pdf"
                tree.write_bytes(relative, render_pdf(bulletin, locale))
                links.setdefault(result.event.slug, []).append((bulletin.title, f"bulletins/{bulletin.name}.pdf"))
                pdfs += 1
        render_site(site, results, links, tree)
        swap_into_place(staging, output)
    except BaseException:
        discard(staging)
        raise
    pages = sum(1 for path in tree.written if path.endswith(".html"))
    return BuildReport(site, results, warnings, pages, pdfs)
