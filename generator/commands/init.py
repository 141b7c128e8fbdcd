"""`paibang init [DIR]`: a new site to fill in — DIR/site.yaml, every key explained in the
site's language, and an empty DIR/events/ for `paibang new`. Refuses a DIR that is not empty,
so that nobody's content is ever overwritten or mixed with a fresh site."""

from __future__ import annotations

from pathlib import Path

from generator import catalogues
from generator.seals import make_folders_durably, write_durably

# (comment, key line) per key: the comment a key of the shared UI words, the line written as it
# is after `.format(locale=…, value=…)`, `value` being the `…_value` word. base_url is written
# commented out: a site without it is complete, and a wrong address would go into the feed, the
# sitemap and every QR code.
SITE_LINES: list[tuple[str, str]] = [
    ("init_head", ""),
    ("init_title", "title: {value}"),
    ("init_organization", "organization: {value}"),
    ("init_locale", "locale: {locale}"),
    ("init_base_url", "# base_url: https://example.org/paibang/"),
    ("init_private", "private: []"),
]


class InitRefused(Exception):
    """The site cannot be created there: the message says why, in the chosen language."""


def site_text(locale: str) -> str:
    lines = ["# yaml-language-server: $schema=../schema/site.schema.json"]
    for comment, line in SITE_LINES:
        lines.append(f"# {catalogues.text(comment, locale)}")
        if line:
            value = catalogues.text(f"{comment}_value", locale) if "{value}" in line else ""
            lines.append(line.format(locale=locale, value=value))
    lines.append(f"# {catalogues.text('init_next', locale)}")
    return "\n".join(lines) + "\n"


def init_site(folder: Path, locale: str = "zh-Hans") -> list[Path]:
    """Write folder/site.yaml and folder/events/; returns what was written."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InitRefused(catalogues.text("init_not_empty", locale, folder=folder))
    make_folders_durably(folder / "events")
    site = folder / "site.yaml"
    write_durably(site, site_text(locale).encode("utf-8"), replace=False)
    return [site, folder / "events"]
