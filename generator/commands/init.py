"""`paibang init [DIR]`: a new site to fill in — DIR/site.yaml, every key explained in the
site's language, an empty DIR/events/ for `paibang new`, and DIR/schema/, the editors' JSON
Schemas that site.yaml's and each event.yaml's `$schema` line names. Refuses a DIR that is not
empty, so that nobody's content is ever overwritten or mixed with a fresh site.

Why the schemas are copied into the site rather than named where paibang is installed: the
`$schema` line is read by the secretary's editor, on whatever laptop the site folder is copied
to, where paibang's own folder (a venv, a clone) is somewhere else or nowhere. A path inside
the site, relative to the file, resolves wherever the folder goes. `paibang new` writes them
again when they differ from this paibang's (a key added since), so they follow the loader.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator import catalogues
from generator.content.schema import SITE_SCHEMA_FOLDER, schema_texts
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


SCHEMA_FOLDER = SITE_SCHEMA_FOLDER  # in the site's folder, beside site.yaml and events/


def site_text(locale: str) -> str:
    lines = [f"# yaml-language-server: $schema={SCHEMA_FOLDER}/site.schema.json"]
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
    return [site, folder / "events", *keep_schemas(folder)]


def keep_schemas(content: Path) -> list[Path]:
    """content/schema/*.schema.json as this paibang makes them, each written only when missing
    or different; returns those written. A `schema` that is not a folder of the site's own (a
    file, a link to elsewhere) is left alone: the editor's completion is not worth writing
    through it."""
    folder = content / SCHEMA_FOLDER
    if os.path.lexists(folder) and (folder.is_symlink() or not folder.is_dir()):
        return []
    written = []
    for name, text in schema_texts().items():
        path, data = folder / name, text.encode("utf-8")
        try:
            if path.read_bytes() == data:
                continue
        except OSError:  # not there yet
            pass
        write_durably(path, data)
        written.append(path)
    return written
