"""`paibang doctor`: what this machine has for paibang, and what a missing piece costs."""

from __future__ import annotations

import shutil

from generator import catalogues
from generator.commands.console import terminal


def checks(locale: str) -> list[tuple[bool, str, str]]:
    """(present, what, how to fix) for each piece paibang uses, in the site's language: the
    words are the catalogue's (doctor_*); package names and commands stay as typed."""
    from generator.render.pdf import font_file, subsetting_is_slow

    def said(key: str, **params: object) -> str:
        return catalogues.text(key, locale, **params)

    found = []
    for face in ("Noto Sans CJK SC", "Noto Serif CJK SC", "Noto Sans CJK TC"):
        located = font_file(face)
        ok = located is not None and "CJK" in located[0]
        found.append((ok, said("doctor_font", face=face), said("doctor_font_fix")))
    found.append((not subsetting_is_slow(), "libharfbuzz-subset", said("doctor_harfbuzz_fix")))
    found.append((shutil.which("pdftotext") is not None, "pdftotext", said("doctor_pdftotext_fix")))
    found.append((shutil.which("chromium") is not None, "chromium", said("doctor_chromium_fix")))
    try:
        from generator.render.libraries import import_weasyprint

        found.append((True, f"WeasyPrint {import_weasyprint().__version__}", ""))
    except ImportError:  # pragma: no cover - the package depends on it
        found.append((False, "WeasyPrint", "make venv"))
    except OSError as error:  # its C libraries (Pango, HarfBuzz...) not found: what doctor is for (rev95)
        found.append((False, "WeasyPrint", said("doctor_weasyprint_libraries_fix", reason=str(error))))
    return found


def run(locale: str) -> int:
    missing = 0
    for ok, what, fix in checks(locale):
        terminal(catalogues.text("doctor_ok" if ok else "doctor_missing", locale, what=what, fix=fix))
        missing += not ok
    return 0 if not missing else 1
