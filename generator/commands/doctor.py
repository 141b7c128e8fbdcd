"""`paibang doctor`: what this machine has for paibang, and what a missing piece costs."""

from __future__ import annotations

import shutil

from generator import catalogues
from generator.commands.console import terminal


def checks() -> list[tuple[bool, str, str]]:
    """(present, what, how to fix) for each piece paibang uses."""
    from generator.render.pdf import font_file, subsetting_is_slow

    found = []
    for face in ("Noto Sans CJK SC", "Noto Serif CJK SC", "Noto Sans CJK TC"):
        located = font_file(face)
        ok = located is not None and "CJK" in located[0]
        found.append((ok, f"{face} font", "apt-get install fonts-noto-cjk (PDF bulletins need it; without it they fail the glyph check or print in a fallback face)"))
    found.append((not subsetting_is_slow(), "libharfbuzz-subset",
                   "apt-get install libharfbuzz-subset0 (without it every Chinese PDF spends ~8 s subsetting the font in Python)"))
    found.append((shutil.which("pdftotext") is not None, "pdftotext", "apt-get install poppler-utils (used by the tests)"))
    found.append((shutil.which("chromium") is not None, "chromium", "apt-get install chromium (used by the browser tests)"))
    try:
        import weasyprint

        found.append((True, f"WeasyPrint {weasyprint.__version__}", ""))
    except ImportError:  # pragma: no cover - the package depends on it
        found.append((False, "WeasyPrint", "make venv"))
    return found


def run(locale: str) -> int:
    missing = 0
    for ok, what, fix in checks():
        terminal(catalogues.text("doctor_ok" if ok else "doctor_missing", locale, what=what, fix=fix))
        missing += not ok
    return 0 if not missing else 1
