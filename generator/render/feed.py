"""The Atom feed of events and result updates, and sitemap.xml for search engines.

Every date comes from content (event dates, stage dates), never from the clock, so two builds
of the same content write the same bytes. Absolute URLs come from site.yaml `base_url`; without
it the feed's links are relative to the feed (Atom resolves them against the feed's own URL)
and there is no sitemap, which must list absolute URLs.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.content.model import Site
from generator.games import GAMES, stage_in_titles
from generator.render.i18n import Translator
from generator.tournament.results import EventResult
from generator.tournament.summary import champions, first_day, last_day

FEED_LIMIT = 50  # the newest updates; older ones stay on the site

# What XML 1.0 cannot hold at all, escaped or not: one such character makes the whole feed
# unreadable to every feed reader. Loading refuses them in content; this keeps the feed well
# formed whatever reaches it. Said as what is out (XML's Char production's complement), not
# "[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]": the same characters, whose
# pattern, negated over those ranges, took 2.8 ms of every build to compile (this one 0.2).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: str) -> str:
    return _escaped(_NOT_XML.sub("", value))


def _attribute(value: str) -> str:
    return _quoted(_NOT_XML.sub("", value))


# xml.sax.saxutils' escape and quoteattr, and uuid's uuid5, written out here, as they do it (the
# feed's bytes unchanged): importing xml.sax.saxutils imports urllib.request, http.client, ssl
# and email, and uuid imports platform, 20 ms of every build's processor time for three small
# functions.
def _escaped(value: str) -> str:
    return value.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def _quoted(value: str) -> str:
    """The attribute's value with its quotes: double, or single when it holds double quotes only."""
    value = _escaped(value).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"' + value.replace('"', "&quot;") + '"'


_NAMESPACE_URL = bytes.fromhex("6ba7b8119dad11d180b400c04fd430c8")  # uuid.NAMESPACE_URL


def _uuid5_urn(name: str) -> str:
    """uuid.uuid5(uuid.NAMESPACE_URL, name).urn: the name's SHA-1 with the namespace, its version
    (5) and variant (RFC 4122) set."""
    number = int.from_bytes(hashlib.sha1(_NAMESPACE_URL + name.encode("utf-8")).digest()[:16], "big")
    number = (number & ~(0xc000 << 48) | 0x8000 << 48) & ~(0xf000 << 64) | 5 << 76
    text = f"{number:032x}"
    return f"urn:uuid:{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


@dataclass(frozen=True)
class Update:
    """One entry of the feed: an event announced, or a stage's results."""

    key: str  # stable within the site: "<slug>" or "<slug>/<stage id>"
    title: str
    url: str  # relative to the site root
    day: dt.date
    summary: str
    lang: str
    # The moment it tells of, for a stage in progress ("after-2": after its second round): its
    # entry's id changes with it. Every date here is the content's (never the clock), and a
    # stage's date does not move while its rounds are played: a feed reader, which tells what is
    # new by id and date, saw the stage once and never again, not each round posted nor the
    # final result. A stage over keeps the id it always had (an archive's feed is unchanged).
    moment: str = ""


def absolute(site: Site, url: str) -> str:
    """A site-relative URL as search engines and feed readers want it; index.html is dropped."""
    if url.endswith("index.html"):
        url = url[: -len("index.html")]
    if not site.base_url:
        return url
    return site.base_url.rstrip("/") + "/" + url


def _stamp(day: dt.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def _entry_id(site: Site, key: str) -> str:
    """A permanent id: derived from base_url (or the site title) and the slug, never the clock."""
    return _uuid5_urn(f"{site.base_url or site.title}#{key}")


def updates(site: Site, results: list[EventResult], event_url, stage_url) -> list[Update]:  # noqa: ANN001
    """The FEED_LIMIT newest updates, by (day, key). No update of an event is later than its last
    day, and each one's key is its slug or "<slug>/<stage id>", below slug + "0" ("/" comes just
    before "0"): once the list is full, an event that cannot make it is passed over without
    being looked into (each would be read from the event cache), and the first event older than
    the whole list ends the search."""
    found: list[Update] = []
    last: tuple[dt.date, str] | None = None  # the list's last (day, key), once it is full
    for result in sorted((r for r in results if first_day(r) is not None), key=lambda r: (last_day(r), r.event.slug),
                         reverse=True):
        if last is not None:
            day = last_day(result)
            if day < last[0]:
                break
            if day == last[0] and result.event.slug + "0" <= last[1]:
                continue
        event = result.event
        locale = event.locale or site.locale
        t = Translator(locale)
        pieces = [t.pick(GAMES[event.game].title), t.joiner().join(t.date(d) for d in event.dates)]
        pieces += [p for p in (event.organizer, event.venue) if p]
        summary = " · ".join(pieces)
        status = "" if result.complete else " · " + t("status_" + result.status)  # the event in progress says so
        found.append(Update(event.slug, event.title, event_url(event), event.dates[0], summary + status, t.html_lang))
        for stage_result in result.stages:
            if not stage_result.has_results:
                continue
            stage = stage_result.stage
            day = stage.date or event.dates[-1]  # (an event summary, read from the cache, has no rounds)
            # The winners once the event is over, named under the stage that decides it (the last,
            # as the archive's card names them: summary.champions), not under a Swiss that only
            # qualifies for a knockout, whose first is no 冠军; before, its status and "after round N".
            # (a two-winner stage's each with its direction: "NS A / B, EW C / D")
            winners = [t("field_rank", field=t(s.field.lower()), rank=s.entry.label) if s.field else s.entry.label
                       for s in champions(result)] if stage_result is result.stages[-1] else []
            # "小赛：比赛成绩" for an event's one stage named as `new` names it said nothing more
            text = (t("feed_stage", event=event.title, stage=stage.name) if stage_in_titles(event, stage)
                    else t("feed_event_results", event=event.title))
            stage_summary = summary + (" · " + t("winners") + t("colon") + t.joiner().join(winners) if winners else "")
            moment = ""
            if not stage_result.complete:
                stage_summary += " · " + t("status_" + stage_result.status)
                moment = stage_result.status
                if stage_result.rounds_played and stage.rounds > 1:
                    after = t("after_round", n=stage_result.rounds_played)
                    stage_summary += " · " + after
                    text += " · " + after
                    moment = f"after-{stage_result.rounds_played}"
            found.append(Update(f"{event.slug}/{stage.id}", text, stage_url(event, stage.id), day, stage_summary,
                                t.html_lang, moment))
        if len(found) >= FEED_LIMIT:
            found.sort(key=lambda u: (u.day, u.key), reverse=True)
            del found[FEED_LIMIT:]
            last = (found[-1].day, found[-1].key)
    found.sort(key=lambda u: (u.day, u.key), reverse=True)
    return found[:FEED_LIMIT]


def atom_feed(site: Site, items: list[Update], t: Translator) -> str:
    newest = items[0].day if items else dt.date(1970, 1, 1)
    self_url = absolute(site, "feed.xml")
    home = absolute(site, "index.html") or "./"
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="http://www.w3.org/2005/Atom" xml:lang={_attribute(t.html_lang)}>',
        f"  <title>{_text(t('feed_title', site=site.title))}</title>",
        f"  <id>{_entry_id(site, 'feed')}</id>",
        f"  <updated>{_stamp(newest)}</updated>",
        f"  <link rel=\"alternate\" type=\"text/html\" href={_attribute(home)}/>",
        f"  <link rel=\"self\" type=\"application/atom+xml\" href={_attribute(self_url)}/>",
        f"  <author><name>{_text(site.organization or site.title)}</name></author>",
        "  <generator>paibang</generator>",
    ]
    for item in items:
        lines += [
            f"  <entry xml:lang={_attribute(item.lang)}>",
            f"    <title>{_text(item.title)}</title>",
            f"    <id>{_entry_id(site, item.key + '@' + item.moment if item.moment else item.key)}</id>",
            f"    <updated>{_stamp(item.day)}</updated>",
            f"    <link rel=\"alternate\" type=\"text/html\" href={_attribute(absolute(site, item.url))}/>",
            f"    <summary>{_text(item.summary)}</summary>",
            "  </entry>",
        ]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"


def sitemap(site: Site, pages: list[tuple[str, dt.date | None]]) -> str | None:
    """sitemap.xml for (page, last changed) pairs; None without base_url (it needs absolute URLs)."""
    if not site.base_url:
        return None
    return b"".join(sitemap_parts(site, pages)).decode("utf-8")


SITEMAP_BATCH = 1_000  # pages made into text at a time


def sitemap_parts(site: Site, pages: list[tuple[str, dt.date | None]]) -> Iterator[bytes]:
    """`sitemap`'s file (base_url given), as UTF-8 a batch of pages at a time, to be written as
    they come: a large site's file lists 10,000 pages and more, whose lines, text and bytes
    were each held whole."""
    yield (b'<?xml version="1.0" encoding="utf-8"?>\n'
           b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
    pages = sorted(pages)  # by address: the file is the same whatever order its pages come in
    for start in range(0, len(pages), SITEMAP_BATCH):
        lines = []
        for url, day in pages[start:start + SITEMAP_BATCH]:
            lastmod = f"<lastmod>{day.isoformat()}</lastmod>" if day else ""
            lines.append(f"  <url><loc>{_text(absolute(site, url))}</loc>{lastmod}</url>\n")
        yield "".join(lines).encode("utf-8")
    yield b"</urlset>\n"


def sitemap_index(site: Site, files: list[str]) -> str:
    """sitemap.xml of a large site: the sitemap files it is split into (render/html.py)."""
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    lines += [f"  <sitemap><loc>{_text(absolute(site, path))}</loc></sitemap>" for path in files]
    lines.append("</sitemapindex>")
    return "\n".join(lines) + "\n"
