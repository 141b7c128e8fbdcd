"""`paibang new SLUG --game G`: a complete event folder to fill in, every key explained.

The folder is written from the game's example (`Game.example`) with comments in the site's language,
a notice.md skeleton and an empty results/ folder. It has no entries and no results file: the
example entries and table are comments only, so that `paibang import` adds the real entries
(its block replaces the commented examples) and the first `paibang pair` draws round 1 into
results/round-1.yaml. Nothing that exists is ever overwritten.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from generator import catalogues
from generator.commands.init import Made, keep_schemas
from generator.content.schema import SITE_SCHEMA_FOLDER
from generator.content.load import SLUG
from generator.content.reader import suggestion
from generator.games import GAMES
from generator.messages import LOCALES
from generator.seals import make_folders_durably, write_durably


class ScaffoldRefused(Exception):
    """The event cannot be created: the message says why, in the language of messages (`lang`)."""


def scaffold_event(content: Path, slug: str, game: str, locale: str = "zh-Hans", today: dt.date | None = None,
                   lang: str | None = None, format: str = "") -> Made:
    """Write events/<slug>/ for `game`, its comments in `locale` (the site's); returns the files
    written and what became of the site's schemas. A refusal is worded in `lang` (`--lang`),
    else in `locale`. `format` (`--format`): the game's example of that stage format
    (Game.example_formats: bridge's pairs evening) in place of its own."""
    index = LOCALES.index(locale)
    said = lang or locale
    if not SLUG.match(slug):
        raise ScaffoldRefused(catalogues.text("new_bad_slug", said))
    # in the site's language: an English site's stages named 初赛 and 决赛 were published so
    examples = {name: example for name, rules in GAMES.items() if (example := rules.example_in(locale)) is not None}
    if game not in examples:
        raise ScaffoldRefused(catalogues.text("new_unknown_game", said, game=game,
                                              games=catalogues.joiner(said).join(examples),
                                              suggestion=suggestion(game, examples)))
    offered = GAMES[game].example_formats
    if format and format not in offered:
        raise ScaffoldRefused(catalogues.text("new_unknown_format", said, format=format, game=game,
                                              formats=catalogues.joiner(said).join(offered) or "-"))
    folder = content / "events" / slug
    if os.path.lexists(folder):  # a link too, even one that leads nowhere (it was a traceback)
        raise ScaffoldRefused(catalogues.text("new_exists", said, folder=folder))
    day = (today or dt.date.today()).isoformat()
    example = GAMES[game].example_in(locale, format) if format else examples[game]
    assert example is not None  # (example_formats offers the formats it has words for)
    first_stage = example.stages.split("\n")[0].split("id:")[1].strip()
    rounds = "round: 1\n" if "rounds:" in example.stages.split("  - id:")[1] else ""

    def note(key: str, **params: object) -> str:
        """A comment line: the shared UI word `new_<key>` in the site's locale."""
        return f"# {catalogues.text('new_' + key, locale, **params)}\n"

    def commented(text: str, prefix: str) -> str:
        return "".join(f"{prefix}{line}\n" for line in text.splitlines())

    games = " / ".join(rules.choice[index] for rules in GAMES.values())
    event = (
        f"# yaml-language-server: $schema=../../{SITE_SCHEMA_FOLDER}/event.schema.json\n" + note("head")
        + note("title") + f"title: {catalogues.text('new_title_value', locale)}\n"
        + f"# {catalogues.text('game_choices', locale, games=games)}\n" + f"game: {game}\n"
        + note("organizer") + f"organizer: {catalogues.text('new_organizer_value', locale)}\n" + note("venue")
        + f"venue: {catalogues.text('new_venue_value', locale)}\n"
        + note("dates") + f"dates: [{day}]\n" + note("notice") + "notice: notice.md\n"
        + note("draw_seed") + f"draw_seed: {day.replace('-', '')}\n"
        # Indented, the examples belong to the `entries:` block that `paibang import` replaces.
        + note("entries") + "entries: []\n" + commented(example.entries.replace("  - ", "- "), "  # ")
        + note("officials") + "officials: []\n"
        + commented(f"- {{name: {catalogues.text('new_referee_name', locale)}, role: referee, stages: [{first_stage}]}}", "  # ")
        + note("stages") + "stages:\n" + example.stages
        + note("results", slug=slug, stage=first_stage)
        + commented(f"stage: {first_stage}\n" + rounds + "tables:\n" + example.table, "#   ")
    )
    headings = ("new_notice_time_place", "new_notice_entering", "new_notice_format", "new_notice_prizes")
    notice = "\n\n".join([f"# {catalogues.text('new_notice_title', locale)}", *(f"## {catalogues.text(key, locale)}" for key in headings)])
    notice += "\n"
    make_folders_durably(folder / "results")
    written = []
    for path, text in ((folder / "event.yaml", event), (folder / "notice.md", notice)):
        write_durably(path, text.encode("utf-8"), replace=False)  # the secretary's first lines of the event
        written.append(path)
    # what event.yaml's $schema line names, in the site (a site made before init wrote them, or
    # by an older paibang: written, or brought up to date)
    return Made(written, keep_schemas(content))
