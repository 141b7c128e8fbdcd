"""The HTML site: archive, event, stage standings, rounds, entries.

Pages link to each other with relative URLs ending in index.html, so the site works opened
from disk as well as from any web server. Numbers arrive computed; templates only lay them out.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import markdown
import nh3
from markupsafe import Markup, escape

from generator.content.model import Entry, Event, Site
from generator.games import GAMES, metric_of
from generator.render.i18n import CJK_FACE, HTML_LANG, Translator
from generator.render.output import OutputTree
from generator.tournament.event import EventResult, StageResult

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

# Markdown notices may format text, make tables and link out; nothing else survives.
NOTICE_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "i", "li", "ol", "p", "pre", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead",
    "tr", "ul", "del",
}
NOTICE_ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "th": {"align"}, "td": {"align"}}


def environment(locale: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every template, whatever its extension: all content is untrusted text
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    translate = Translator(locale)
    env.globals.update(_=translate, t=translate, lang=HTML_LANG[locale], cjk=CJK_FACE[locale], GAMES=GAMES,
                       metric_of=metric_of)
    env.filters["signed"] = lambda n: f"{n:+d}" if isinstance(n, int) and n else str(n)
    env.filters["num"] = _number
    env.filters["suits"] = suit_symbols
    return env


_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_CONTRACT_TEXT = re.compile(r"^([1-7])(C|D|H|S)(X{0,2})$")
_CARD_TEXT = re.compile(r"^(C|D|H|S)([2-9TJQKA]|10)$")


def suit_symbols(text: str) -> Markup:
    """4H -> 4♥, HK -> ♥K, red suits marked for colour; anything else is shown as typed."""
    match = _CONTRACT_TEXT.match(text) or _CARD_TEXT.match(text)
    if not match:
        return escape(text)
    parts = match.groups()
    suit_at = 1 if _CONTRACT_TEXT.match(text) else 0
    suit = parts[suit_at]
    colour = "red" if suit in "DH" else "black"
    symbol = Markup('<span class="suit {}" aria-label="{}">{}</span>').format(colour, suit, _SUIT_SYMBOL[suit])
    pieces = [escape(p) for p in parts]
    pieces[suit_at] = symbol
    return Markup("").join(pieces)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def render_notice(path: Path) -> str:
    """Markdown to HTML, then sanitised with an allow-list: a notice can never carry script."""
    html = markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables", "sane_lists"])
    return nh3.clean(
        html,
        tags=NOTICE_TAGS,
        attributes=NOTICE_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


@dataclass
class Page:
    """Where a page sits: its path under output/ and the way back to the root."""

    path: str  # e.g. "events/x/prelim/index.html"

    @property
    def root(self) -> str:
        return "../" * self.path.count("/")


def event_url(event: Event) -> str:
    return f"events/{event.slug}/index.html"


def stage_url(event: Event, stage_id: str) -> str:
    return f"events/{event.slug}/{stage_id}/index.html"


def round_url(event: Event, stage_id: str, number: int) -> str:
    return f"events/{event.slug}/{stage_id}/round-{number}/index.html"


def entry_url(event: Event, entry_id: str) -> str:
    return f"events/{event.slug}/entries/{entry_id}/index.html"


def render_site(site: Site, results: list[EventResult], bulletins: dict[str, list[tuple[str, str]]],
                out: OutputTree) -> None:
    env = environment(site.locale)
    out.write_bytes("assets/style.css", (TEMPLATES / "style.css").read_bytes())
    ordered = sorted(results, key=lambda r: (r.event.dates[0] if r.event.dates else dt.date.min, r.event.slug),
                     reverse=True)
    years: dict[str, list[EventResult]] = {}
    for result in ordered:
        year = str(result.event.dates[0].year) if result.event.dates else "—"
        years.setdefault(year, []).append(result)
    _page(env, out, "index.html", "index.html", site=site, years=years, winners=_winners,
          event_url=event_url)
    for result in results:
        event_env = env if not result.event.locale or result.event.locale == site.locale else environment(result.event.locale)
        render_event(event_env, site, result, bulletins.get(result.event.slug, []), out)


def _winners(result: EventResult) -> list[Entry]:
    last = result.last_stage
    if last is None:
        return []
    return [s.entry for s in last.standings if s.rank == 1]


def render_event(env: jinja2.Environment, site: Site, result: EventResult, bulletins: list[tuple[str, str]],
                 out: OutputTree) -> None:
    event = result.event
    game = GAMES[event.game]
    common = dict(site=site, event=event, game=game, result=result, stage_url=stage_url, round_url=round_url,
                  entry_url=entry_url, event_url=event_url)
    notices = [render_notice(path) for path in event.notices]
    _page(env, out, event_url(event), "event.html", notices=notices, bulletins=bulletins, **common)
    for stage_result in result.stages:
        stage = stage_result.stage
        _page(env, out, stage_url(event, stage.id), "stage.html", stage_result=stage_result,
              stage=stage, next_stage=_next_stage(result, stage_result), **common)
        for round_result in stage_result.rounds:
            _page(env, out, round_url(event, stage.id, round_result.number), "round.html",
                  stage_result=stage_result, stage=stage, round_result=round_result,
                  table_template=f"games/{event.game}_table.html", **common)
    for entry in event.entries.values():
        appearances = [(s, s.standing_of(entry.id), _matches_of(s, entry.id)) for s in result.stages]
        appearances = [a for a in appearances if a[1] is not None or a[2]]
        _page(env, out, entry_url(event, entry.id), "entry.html", entry=entry, appearances=appearances,
              table_template=f"games/{event.game}_table.html", **common)
    out.write_text(f"events/{event.slug}/results.json", json.dumps(
        results_json(result), ensure_ascii=False, indent=1, sort_keys=False) + "\n")


def _next_stage(result: EventResult, stage_result: StageResult) -> StageResult | None:
    advance = stage_result.stage.advance
    return result.stage_of(advance.to) if advance else None


def _matches_of(stage_result: StageResult, entry_id: str) -> list[tuple[int, Any, int]]:
    """(round, table score, side index) for each table the entry sat at in this stage."""
    found = []
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            if entry_id in score.table.sides:
                found.append((round_result.number, score, score.table.sides.index(entry_id)))
    return found


def _page(env: jinja2.Environment, out: OutputTree, path: str, template: str, **context: Any) -> None:
    page = Page(path)
    html = env.get_template(template).render(page=page, root=page.root, **context)
    out.write_text(path, html)


def results_json(result: EventResult) -> dict[str, Any]:
    """The machine-readable result of outputs.md; only public fields, by construction."""
    event = result.event
    stages = []
    for stage_result in result.stages:
        stage = stage_result.stage
        standings = [
            {
                "rank": s.rank,
                "entry": s.entry.id,
                "metrics": {m: _json_number(s.tally.metrics.get(m)) for m in stage.rank_by},
                "qualified": s.qualified,
                "prize": s.prize.name if s.prize else None,
                "forfeit": s.tally.forfeited,
            }
            for s in stage_result.standings
        ]
        rounds = [
            {
                "round": r.number,
                "tables": [
                    {
                        "table": score.table.number,
                        "sides": score.table.sides,
                        "winner": score.winner,
                        "forfeit": score.table.forfeit,
                        "boards": score.boards,
                        **score.extra,
                    }
                    for score in r.tables
                ],
            }
            for r in stage_result.rounds
        ]
        stages.append({
            "id": stage.id, "name": stage.name, "format": stage.format, "rank_by": stage.rank_by,
            "standings": standings, "byes": [e.id for e in stage_result.byes],
            "qualifiers": [e.id for e in stage_result.qualifiers], "rounds": rounds,
        })
    return {
        "event": {
            "slug": event.slug, "title": event.title, "game": event.game, "organizer": event.organizer,
            "venue": event.venue, "dates": [d.isoformat() for d in event.dates],
        },
        "entries": [
            {"id": e.id, "name": e.name, "players": [p.name for p in e.players], "group": e.group,
             "bye": e.bye, "substitute": e.substitute}
            for e in event.entries.values()
        ],
        "stages": stages,
        "credits": [{"name": c.name, "group": c.group, "points": c.points} for c in result.credits],
    }


def _json_number(value: float | None) -> float | int | None:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
