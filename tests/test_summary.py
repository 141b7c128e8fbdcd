"""A build reads each event whole only where it renders the event's pages or prints one of its
bulletins: the site's indexes are made from summaries (tournament/summary.py), and a rebuild
after one results file changed reads the other events' summaries only (generator/event_cache.py)."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import time
import types
from pathlib import Path

import pytest

from generator import event_cache
from generator.build import BuildReport, build, validate
from generator.event_cache import EventCache
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.tournament.results import EventResult
from generator.tournament.summary import EventSummary, is_summary, summarise, unpack_line
from tests.support import digest
from support import demo_content, held_apart

ROOT = Path(__file__).resolve().parents[1]
EVENTS = ("dongke-bridge-2015", "chem-park-daguai-2016", "tongxin-guandan-2025")


def some_events(tmp_path: Path, slugs: tuple[str, ...] = EVENTS) -> Path:
    return demo_content(tmp_path, *slugs)


def rebuild(content: Path, tmp_path: Path) -> BuildReport:
    """A build of `content` into tmp_path/out, without bulletins, with its caches beside it."""
    return build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)


def as_a_fresh_build(content: Path, tmp_path: Path) -> bool:
    """Whether tmp_path/out is, file for file, what a fresh build of `content` makes."""
    shutil.rmtree(tmp_path / "fresh", ignore_errors=True)
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    return digest(tmp_path / "out") == digest(tmp_path / "fresh")


def change_a_contract(content: Path) -> None:
    """A results file of dongke-bridge-2015 saved with one contract changed (4H to 4S)."""
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")


def move_pairs(content: Path) -> None:
    """dongke-bridge-2015's final saved with 7NT= for 3NT-3 on board 1: pairs move."""
    final = content / "events/dongke-bridge-2015/results/final.yaml"
    final.write_text(final.read_text(encoding="utf-8").replace("1: 3NT S -3", "1: 7NT S =", 1), encoding="utf-8")


def test_the_site_made_from_summaries_is_the_site_made_from_results(tmp_path: Path) -> None:
    """Every page of the demo, the archive, player pages, search index and feed included, is the
    same whether the indexes read the events' results or their summaries."""
    site, results, _ = validate(ROOT / "content")
    render_site(site, results, {}, OutputTree(tmp_path / "whole"), workers=1)
    by_slug = {r.event.slug: r for r in results}
    summaries = [summarise(r) for r in results]
    made_whole = []

    def whole(summary: EventSummary) -> EventResult:
        made_whole.append(summary.event.slug)
        return by_slug[summary.event.slug]

    render_site(site, summaries, {}, OutputTree(tmp_path / "summaries"), workers=1, whole=whole)
    assert sorted(made_whole) == sorted(by_slug)  # each event made whole once, for its own pages
    assert digest(tmp_path / "whole") == digest(tmp_path / "summaries")


def test_a_summary_has_no_tables() -> None:
    _, results, _ = validate(ROOT / "content")
    result = next(r for r in results if r.event.slug == "tongxin-guandan-2025")
    summary = summarise(result)
    assert summary.event.rounds == {} and not hasattr(summary.stages[0], "rounds")
    assert all(not s.tally.matches and not s.tally.opponents for stage in summary.stages for s in stage.standings)
    # what the indexes read is all there: the champion, each entry's place, the status
    assert [s.entry.id for s in summary.last_stage.standings if s.rank == 1] == \
        [s.entry.id for s in result.last_stage.standings if s.rank == 1]
    assert summary.complete == result.complete and summary.stages[0].has_results
    assert summary.stages[0].standings_by_entry().keys() == result.stages[0].standings_by_entry().keys()


def test_a_summary_keeps_the_digests_of_its_whole_result_made_once_each(monkeypatch) -> None:  # noqa: ANN001
    """What the indexes compare an event by (its names, credits, card and placings) is what the
    whole result gives; summarising makes each once (the placings' is made of the other three:
    the names' were made twice an event)."""
    from generator.tournament import summary as summaries

    _, results, _ = validate(ROOT / "content")
    result = next(r for r in results if r.event.slug == "tongxin-guandan-2025")
    made: list[str] = []
    for name in ("names_digest", "credits_digest", "card_digest"):
        original = getattr(summaries, name)
        monkeypatch.setattr(summaries, name, lambda whole, original=original, name=name: made.append(name) or original(whole))
    summary = summarise(result)
    assert sorted(made) == ["card_digest", "credits_digest", "names_digest"]
    monkeypatch.undo()
    assert (summary.names, summary.credits_key, summary.card, summary.placings) == (
        summaries.names_digest(result.event), summaries.credits_digest(result), summaries.card_digest(result),
        summaries.placings_digest(result))


@pytest.mark.parametrize("bulletins", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_a_rebuild_reads_the_other_events_summaries_only(tmp_path: Path, monkeypatch, bulletins: bool) -> None:
    content = some_events(tmp_path)
    # With bulletins, the run's shared PDF cache (tests/conftest.py): they are printed once a run.
    cache = Path(os.environ["PAIBANG_CACHE"]) if bulletins else tmp_path / "cache/pdf"
    first = build(content, tmp_path / "out", cache_dir=cache, bulletins=bulletins)
    assert first.events_rendered == 3

    read: list[str] = []
    original = EventCache._load
    def load(path: Path):  # noqa: ANN202 - what was read, not what was looked for
        found = original(path)
        read.append(path.name)
        return found

    monkeypatch.setattr(EventCache, "_load", staticmethod(load))
    change_a_contract(content)
    report = build(content, tmp_path / "out", cache_dir=cache, bulletins=bulletins)
    assert report.events_rendered == 1
    # The two unchanged events: their lines, and their summaries for the feed (which shows
    # their venues), never their whole readings.
    assert len(read) == 2 and all(name.endswith(".summary.sealed") for name in read), read
    assert sum(is_summary(r) for r in report.results) == 2
    # and the site is the one a fresh build makes
    build(content, tmp_path / "fresh", cache_dir=cache if bulletins else tmp_path / "other/pdf", bulletins=bulletins)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")


def test_an_event_gone_from_the_cache_is_read_again_for_its_pages(tmp_path: Path, monkeypatch) -> None:
    """The rendering of an event whose whole reading has gone from the event cache (cleaned by
    hand) while its summary stayed reads and scores it again, and keeps it again: the pages
    are the same. On one core, so that no read-ahead reads the event anew first."""
    import generator.content.load as loading

    monkeypatch.setattr("generator.event_cache.os.cpu_count", lambda: 1)
    content = some_events(tmp_path, EVENTS[:2])
    rebuild(content, tmp_path)
    events = tmp_path / "cache/events"
    for whole in events.glob("*.sealed"):
        if not whole.name.endswith(".summary.sealed"):
            whole.unlink()
    for record in (tmp_path / "cache").glob("site-*.record"):  # every page is rendered again
        record.unlink()
    read: list[str] = []
    original = loading.load_event
    monkeypatch.setattr(loading, "load_event", lambda folder, *rest: read.append(folder.name) or original(folder, *rest))
    report = rebuild(content, tmp_path)
    assert report.events_rendered == 2
    assert sorted(read) == sorted(EVENTS[:2])  # read again for its pages, from the YAML
    assert len(list(events.glob("*.sealed"))) == 4  # and kept whole again
    assert as_a_fresh_build(content, tmp_path)


def test_a_rebuild_keeps_the_search_index_when_no_name_changed(tmp_path: Path) -> None:
    content = some_events(tmp_path, EVENTS[:2])
    rebuild(content, tmp_path)
    change_a_contract(content)
    report = rebuild(content, tmp_path)
    assert "assets/search-index.js" not in report.written  # kept as it was: no name or title changed
    entries = content / "events/dongke-bridge-2015/event.yaml"
    text = entries.read_text(encoding="utf-8")
    assert "{name: 张浩然," in text
    entries.write_text(text.replace("{name: 张浩然,", "{name: 欧阳娜娜,", 1), encoding="utf-8")
    report = rebuild(content, tmp_path)
    assert "assets/search-index.js" in report.written
    assert "欧阳娜娜" in (tmp_path / "out/assets/search-index.js").read_text(encoding="utf-8")
    assert as_a_fresh_build(content, tmp_path)


def test_the_event_cache_forgets_what_no_build_has_read_for_a_month(tmp_path: Path) -> None:
    content = some_events(tmp_path, EVENTS[:2])
    rebuild(content, tmp_path)
    events = tmp_path / "cache/events"
    before = {p.name for p in events.glob("*.sealed")}
    assert len(before) == 4  # two events, each whole and summarised
    month_ago = time.time() - 40 * 86400
    for path in events.iterdir():
        os.utime(path, (month_ago, month_ago))
    change_a_contract(content)
    rebuild(content, tmp_path)
    after = {p.name for p in events.glob("*.sealed")}
    # the changed event's old version is gone, its new one kept; the unchanged event is one of
    # this build's, so kept, whole and summarised, however long since it was read whole
    assert len(after - before) == 2 and len(before & after) == 2
    assert len({name.split(".")[0] for name in before & after}) == 1


def test_a_rebuild_keeps_the_archive_pages_that_list_no_changed_event(tmp_path: Path, monkeypatch) -> None:
    """A large archive's page of a year lists its own events only, each as its card shows it: a
    results file changed in one event writes no archive page when its card is the same (the
    same champions), and a change to its card writes that year's page again (and the archive's
    front page, which lists the newest year, and the game's), never another year's."""
    import generator.render.html as html

    monkeypatch.setattr(html, "ARCHIVE_EVENTS", 2)  # a page a year from three events on
    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    years = sorted(p.parent.name for p in (tmp_path / "out/years").glob("*/index.html"))
    assert years == ["2015", "2016", "2025"]
    change_a_contract(content)
    report = rebuild(content, tmp_path)
    assert any(path.startswith("events/dongke-bridge-2015/") for path in report.written)
    assert not [path for path in report.written if path.startswith("years/") or path == "index.html"]
    assert as_a_fresh_build(content, tmp_path)
    event = content / "events/dongke-bridge-2015/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("venue: ", "venue: 新", 1), encoding="utf-8")
    report = rebuild(content, tmp_path)
    written = {path for path in report.written if path.startswith("years/") or path == "index.html"}
    assert written == {"years/2015/index.html"}  # the front page shows 2025: kept as it was
    assert "新" in (tmp_path / "out/years/2015/index.html").read_text(encoding="utf-8")
    assert as_a_fresh_build(content, tmp_path)


def test_a_pdf_gone_from_the_cache_is_printed_from_its_html_never_from_nothing(tmp_path: Path) -> None:
    from generator.render import pdf

    made: list[str] = []

    def html() -> str:
        made.append("html")
        return "<html><body><p>成绩公告</p></body></html>"

    from generator.seals import seal

    import io

    import pypdf

    writer, kept = pypdf.PdfWriter(), io.BytesIO()  # a whole PDF (one cut short is printed again)
    writer.add_blank_page(595, 842)
    writer.write(kept)
    (tmp_path / "k1.pdf").write_bytes(seal(kept.getvalue()))  # as the cache keeps it: sealed
    found, printed = pdf.print_pdfs([pdf.PrintJob(html, "k1")], tmp_path)
    assert (found, printed, made) == ([kept.getvalue()], 0, [])  # in the cache: no HTML made
    (tmp_path / "k1.pdf").unlink()  # gone since the build planned it
    found, printed = pdf.print_pdfs([pdf.PrintJob(html, "k1")], tmp_path)
    assert printed == 1 and made == ["html"] and found[0].startswith(b"%PDF") and len(found[0]) > 1000
    with pytest.raises(ValueError):
        pdf.print_pdfs([pdf.PrintJob("", "k2")], tmp_path)
    assert not (tmp_path / "k2.pdf").exists()


def test_a_pdf_planted_or_changed_in_the_cache_is_printed_again_never_published(tmp_path: Path) -> None:
    """rev5 #3: a PDF's cache name is computable from the content; one planted there (or edited)
    was copied into output/ as it was. Only a PDF sealed with the user's key is taken."""
    from generator.render import pdf

    def html() -> str:
        return "<html><body><p>成绩公告</p></body></html>"

    (tmp_path / "k1.pdf").write_bytes(b"%PDF-1.4\n% PLANTED\n")
    found, printed = pdf.print_pdfs([pdf.PrintJob(html, "k1")], tmp_path)
    assert printed == 1 and b"PLANTED" not in found[0] and found[0].startswith(b"%PDF")
    kept = (tmp_path / "k1.pdf").read_bytes()
    assert b"PLANTED" not in kept  # printed anew into the cache, sealed
    (tmp_path / "k1.pdf").write_bytes(kept[:-20] + b"% PLANTED  PLANTED\n")  # the sealed one, changed
    found, printed = pdf.print_pdfs([pdf.PrintJob(html, "k1")], tmp_path)
    assert printed == 1 and b"PLANTED" not in found[0]
    found, printed = pdf.print_pdfs([pdf.PrintJob(html, "k1")], tmp_path)
    assert printed == 0 and found[0].startswith(b"%PDF")  # and then taken from the cache


def test_a_printing_key_follows_the_fonts_and_weasyprint_installed_now(monkeypatch) -> None:
    """A summary keeps what a bulletin's HTML is, not its printing key: a new WeasyPrint or font
    gives every bulletin a new key, and so a new PDF, though no event changed."""
    from generator.render import pdf

    before = pdf.printing_key(("SC",), "d" * 64)
    monkeypatch.setattr(pdf, "_fingerprint", lambda scripts: "weasyprint 99.0")
    assert pdf.printing_key(("SC",), "d" * 64) != before
    assert pdf.print_job("<p>x</p>").key == pdf.printing_key((), hashlib.sha256(b"<p>x</p>").hexdigest())


def test_a_large_event_rendered_in_shares_is_the_same_site(tmp_path: Path, monkeypatch) -> None:
    """An event of SPLIT_ENTRIES entries or more has its entries' pages rendered by several
    processes (render/html.py's _Rendering): the pages, and what the build records of them, are
    those of one process rendering it all."""
    import generator.render.html as html

    site, results, _ = validate(ROOT / "content")
    one = render_site(site, results, {}, OutputTree(tmp_path / "one"), workers=1)
    monkeypatch.setattr(html, "SPLIT_ENTRIES", 10)  # the national Swiss's 24 teams, in two shares
    several = render_site(site, results, {}, OutputTree(tmp_path / "several"), workers=2)
    assert digest(tmp_path / "one") == digest(tmp_path / "several")
    assert {part: (sorted(p.files), sorted(p.pages, key=str)) for part, p in one.items()} == \
        {part: (sorted(p.files), sorted(p.pages, key=str)) for part, p in several.items()}


def test_a_large_events_shares_keep_opponents_together(tmp_path: Path) -> None:
    """A mass event's entries' pages are dealt to the shares (html.entry_shares) in the order the
    entries sat at the last round's tables, share 0 (which renders the event's own pages too)
    given half as many as each other: a table's teams are then in one share, and its shared
    parts made once there, but where the cut falls between them."""
    from generator.render.html import entry_shares

    site, results, _ = validate(ROOT / "content")
    result = next(r for r in results if r.event.slug == "tumu-guandan-2020")  # 52 teams, a Swiss of 3 rounds
    assert set(entry_shares(result, 1).values()) == {0}
    shares = entry_shares(result, 2)
    assert set(shares) == set(result.event.entries)
    assert sum(1 for share in shares.values() if share == 0) == 18  # a third of 52, rounded up
    last = [score.table.sides for score in result.stages[-1].rounds[-1].tables if len(score.table.sides) == 2]
    apart = [sides for sides in last if shares[sides[0]] != shares[sides[1]]]
    assert len(last) == 26 and len(apart) <= 1
    dealt_in_turn = [sides for sides in last if list(result.event.entries).index(sides[0]) % 2
                     != list(result.event.entries).index(sides[1]) % 2]
    assert len(dealt_in_turn) > len(apart)
    assert sorted(set(entry_shares(result, 3).values())) == [0, 1, 2]


def test_a_rebuild_takes_the_other_events_as_their_lines_and_reads_no_summary(tmp_path: Path, monkeypatch) -> None:
    """The event cache's ledger (generator/event_cache.py): a rebuild after one results file
    changed takes every other event as its line (tournament/summary.py's SummaryLine) and reads
    none of their summaries when no page that shows them is rendered; the site is as a fresh
    build makes it. A summary asked for beyond its line is read then, and the same."""
    from generator.render import feed
    from generator.tournament import summary

    monkeypatch.setattr(feed, "FEED_LIMIT", 1)  # the feed shows the newest event's updates only
    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    read: list[str] = []
    load = EventCache._read_summary

    def spy(self: EventCache, key: str, site) -> tuple:  # noqa: ANN001 - what was read, not looked for
        found = load(self, key, site)
        read.append(found[1].event.slug)
        return found

    monkeypatch.setattr(EventCache, "_read_summary", spy)
    change_a_contract(content)
    report = rebuild(content, tmp_path)
    assert read == ["tongxin-guandan-2025"]  # for the feed, which shows its venue
    lazy = [r for r in report.results if isinstance(r, summary.LazySummary)]
    assert sorted(r.event.slug for r in lazy) == sorted(EVENTS[1:])  # the changed event was read anew
    older = next(r for r in lazy if r.event.slug == "chem-park-daguai-2016")
    assert older._whole is None
    assert older.event.title == "上海市化学工业区第四届运动会大怪路子比赛" and len(read) == 1  # its title is in its line
    in_line = ("game", "locale", "title", "organizer", "venue", "has_stages", "dates")
    from_line = [getattr(older.event, name) for name in in_line]
    assert len(read) == 1  # all of them in its line
    assert older.event.entries and len(read) == 2  # its entries are not: read now
    assert from_line == [getattr(older.whole().event, name) for name in in_line]  # as the event answers them
    assert type(older.event.dates) is list
    assert summary.card_digest(older) == summary.card_digest(older.whole())
    assert summary.last_day(older) == summary.last_day(older.whole())
    assert as_a_fresh_build(content, tmp_path)


def test_summaries_read_through_their_lines_are_held_a_few_at_a_time(tmp_path: Path, monkeypatch) -> None:
    from generator.tournament import summary

    monkeypatch.setattr(summary, "SUMMARIES_HELD", 1)
    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    change_a_contract(content)
    report = rebuild(content, tmp_path)
    first, second = [r for r in report.results if isinstance(r, summary.LazySummary)]
    assert first.event.entries and first._whole is not None
    assert second.event.entries and second._whole is not None and first._whole is None  # let go
    assert first.event.title == first.whole().event.title  # and read again when asked


def test_the_feed_passes_over_events_that_cannot_make_it_and_lists_what_a_full_sort_lists(monkeypatch) -> None:
    """render/feed.py's `updates` looks into the newest events only, and only those whose updates
    could make the list: here many events on few days (slugs that are prefixes of others among
    them), stages on later days. Its list is the full sort's, and the events it passes over are
    never looked into (an event's title is read only for its updates)."""
    import datetime as dt
    import random
    from types import SimpleNamespace

    from generator.content.model import Site
    from generator.render import feed

    looked: list[str] = []

    class Event(SimpleNamespace):
        @property
        def title(self) -> str:
            looked.append(self.slug)
            return self.slug

    def event_result(slug: str, day: dt.date, stage_days: list[dt.date | None]) -> SimpleNamespace:
        event = Event(slug=slug, game="bridge", locale=None, organizer=None, venue=None,
                      dates=[day, day + dt.timedelta(days=1)])
        stages = [SimpleNamespace(has_results=True, complete=True, status="complete", rounds_played=1, standings=[],
                                  stage=SimpleNamespace(id=f"s{n}", name=f"s{n}", date=when, rounds=1))
                  for n, when in enumerate(stage_days)]
        event.stages = [s.stage for s in stages]
        return SimpleNamespace(event=event, stages=stages, complete=True, status="complete",
                               last_stage=stages[-1] if stages else None)

    rng = random.Random(7)
    days = [dt.date(2024, 5, 1) + dt.timedelta(days=n) for n in range(4)]
    slugs = sorted({rng.choice(["a", "a-1", "a-10", "b", "b-2", "c"]) + f"-{rng.randint(0, 9)}" * rng.randint(0, 2)
                    for _ in range(200)})
    results = [event_result(slug, rng.choice(days), [rng.choice([None, *days]) for _ in range(rng.randint(0, 3))])
               for slug in slugs]
    site = Site(title="t", organization=None, locale="zh-Hans", base_url=None, private=(), events=[], root=Path("."))
    urls = (lambda e: e.slug, lambda e, s: f"{e.slug}/{s}")
    for limit in (1, 3, 10, 1000):
        monkeypatch.setattr(feed, "FEED_LIMIT", limit)
        with monkeypatch.context() as every:
            every.setattr(feed, "last_day", lambda r: dt.date.max)  # no event can be passed over: the full sort
            expected = feed.updates(site, results, *urls)
        looked.clear()
        found = feed.updates(site, results, *urls)
        assert [(u.day, u.key) for u in found] == [(u.day, u.key) for u in expected], limit
        assert len(found) == min(limit, len(expected))
        if limit < 10:
            assert len(looked) < len(results) / 2, limit


def test_a_build_with_bulletins_after_one_without_lines_its_events_again(tmp_path: Path, monkeypatch) -> None:
    """A line made by a build without bulletins has none planned: the first build with them reads
    the summaries (their bulletins planned from the whole readings) and lines them again, so that
    the next one takes the events as their lines."""
    from generator.render import pdf
    from generator.tournament import summary

    monkeypatch.setattr(pdf, "print_pdfs", lambda jobs, cache, done=None, **said: ([b"%PDF-1.7 test"] * len(jobs), 0))
    content = some_events(tmp_path, EVENTS[:2])
    rebuild(content, tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=True)
    change_a_contract(content)
    report = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=True)
    lazy = [r for r in report.results if isinstance(r, summary.LazySummary)]
    assert [r.event.slug for r in lazy] == [EVENTS[1]] and lazy[0].bulletins
    # lined again beside the ledger's file: still so after a build that writes other lines
    move_pairs(content)
    report = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=True)
    lazy = [r for r in report.results if isinstance(r, summary.LazySummary)]
    assert [r.event.slug for r in lazy] == [EVENTS[1]] and lazy[0].bulletins
    kept = EventCache(tmp_path / "cache/events", summaries=True).ledger()  # as the next build reads it
    lines = [summary.unpack_line(packed) for packed, _ in kept.values()]
    assert all(line.bulletins is not None for line in lines if line.slug == EVENTS[1])


def test_a_full_build_holds_the_events_lines_not_their_summaries(tmp_path: Path, monkeypatch) -> None:
    """A full build, its events read and scored by the workers, keeps each one as its line
    (tournament/summary.py's LazySummary), as a rebuild keeps the events it does not read again:
    what it holds after the build is no more summaries than SUMMARIES_HELD and no other event's
    entries, and players' pages come from the lines' rows (shown_rows) without holding any
    summary. The site is the one made from the events' whole results."""
    from generator.content.model import Entry
    from generator.render import players
    from generator.tournament import summary

    if (os.cpu_count() or 1) < 2:
        pytest.skip("events are read by forked workers on two cores or more")
    monkeypatch.setattr(summary, "SUMMARIES_HELD", 1)
    monkeypatch.setattr(players, "ROWS_HELD", 1)
    # What the build process unpickles of the workers' events: their lines, made by the workers,
    # never their summaries (2,000 of them held at once left 110 MB of holes in its heap).
    sent: list[object] = []

    def loads(payload: bytes) -> object:
        found = pickle.loads(payload)
        sent.append(found[1])
        return found

    monkeypatch.setattr(event_cache, "pickle", types.SimpleNamespace(loads=loads, dumps=pickle.dumps,
                                                                      HIGHEST_PROTOCOL=pickle.HIGHEST_PROTOCOL))
    content = some_events(tmp_path)
    report = rebuild(content, tmp_path)
    assert len(sent) == len(EVENTS) and all(isinstance(line, event_cache.SentLine) for line in sent)
    assert len(report.results) == len(EVENTS) and all(isinstance(r, summary.LazySummary) for r in report.results)
    held = held_apart([report])
    summaries = [o for o in held if isinstance(o, EventSummary)]
    assert len(summaries) <= 1
    assert sum(1 for o in held if isinstance(o, Entry)) <= max((len(s.event.entries) for s in summaries), default=0)

    site, results, _ = validate(content)
    render_site(site, results, {}, OutputTree(tmp_path / "whole"), workers=1)
    built = digest(tmp_path / "out")
    del built[".paibang-site"]  # the mark of a folder paibang made (render/output.py)
    assert built == digest(tmp_path / "whole")


def built_as_lines(tmp_path: Path) -> tuple[Path, list]:
    """Some events built, and as the next build takes them: each by its line (LazySummary)."""
    from generator.tournament import summary

    if (os.cpu_count() or 1) < 2:
        pytest.skip("events are read by forked workers on two cores or more, and kept as their lines")
    content = some_events(tmp_path)
    lines = rebuild(content, tmp_path).results
    assert all(isinstance(r, summary.LazySummary) for r in lines)
    return content, lines


def summaries_read(monkeypatch) -> list[str]:
    """The slugs of the events whose summaries are read from their lines from now on."""
    from generator.tournament import summary

    read: list[str] = []
    real = summary.LazySummary.whole
    monkeypatch.setattr(summary.LazySummary, "whole", lambda self: read.append(self.line.slug) or real(self))
    return read


def test_people_are_matched_from_the_events_lines_reading_no_summary(tmp_path: Path, monkeypatch) -> None:
    """Who is who across events (render/players.py's rules: ids, names in a group, namesakes in
    one event, officials) is matched from each event's line (its rows carry who sits where, ids
    included), reading no event's summary (a 2,000-event archive's matching read all 2,000, in a
    process of its own that grew past 110 MB), and the index is the one the whole results give."""
    from generator.render import players

    content, lines = built_as_lines(tmp_path)
    _, whole, _ = validate(content)
    read = summaries_read(monkeypatch)
    from_lines = players._match(lines, players.people_inputs(lines))
    assert read == []
    from_whole = players._match(whole, players.people_inputs(whole))
    assert from_lines == from_whole
    assert len(from_lines.persons) > 100


def test_the_search_index_is_made_from_the_events_lines_without_reading_their_summaries(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    """The search index lists every entry of every event: made from the events' lines (their
    rows and organizer and venue), it reads no event's summary again (a 2,000-event archive's
    full build read all 2,000 for it, 50 MB of its heap), and its records are those the whole
    results make."""
    from generator.render import html, search
    from generator.render.i18n import Translator

    content, lines = built_as_lines(tmp_path)
    site, whole, _ = validate(content)
    t = Translator(site.locale)

    def made(results: list, people: object) -> list:
        return search.records(results, people, t, html.event_url, html.entry_url, html.player_url)

    expected = made(whole, html.collect_people(whole, None))
    assert any(r.kind == "entry" for r in expected) and any(r.kind == "event" and r.detail for r in expected)
    people = html.collect_people(lines, None)  # who is who: matched from the events themselves
    read = summaries_read(monkeypatch)
    assert made(lines, people) == expected
    assert read == []


def test_the_render_workers_share_the_events_by_their_lines_reading_no_summary(tmp_path: Path, monkeypatch) -> None:
    """How the events' pages are shared among the render workers (largest first, a mass event
    in several shares) is decided by each event's count of entries, which its line carries:
    deciding reads no event's summary in the build process (a 2,000-event archive's full build
    read them all, twice, just before forking the workers)."""
    from concurrent.futures import Future

    from generator.render import html
    from generator.tournament import summary

    content, lines = built_as_lines(tmp_path)
    _, whole, _ = validate(content)
    assert [summary.entry_count(r) for r in lines] == [len(r.event.entries) for r in whole]

    shares: list = []

    class Pool:  # the shares as they would be sent, none rendered
        def __init__(self, **_: object) -> None:
            pass

        def submit(self, _: object, share: object) -> Future:
            shares.append(share)
            future: Future = Future()
            future.set_result(({}, {}))
            return future

        def shutdown(self, **_: object) -> None:
            pass

    counts = [len(r.event.entries) for r in whole]
    largest = counts.index(max(counts))
    assert counts.count(max(counts)) == 1
    monkeypatch.setattr(html, "forked_pool", lambda workers, initializer=None: Pool())
    monkeypatch.setattr(html, "SPLIT_ENTRIES", max(counts))  # the largest event's pages in shares
    read = summaries_read(monkeypatch)
    jobs = [(line, "key") for line in lines]
    html._Rendering(None, jobs, [], {}, None, OutputTree(tmp_path / "unused"), 2).finish()
    assert read == []
    # the largest event first, in one share a worker (2); then the others, largest first, whole
    others = sorted((i for i in range(len(lines)) if i != largest), key=lambda i: -counts[i])
    assert shares == [(((largest, k, 2),), ()) for k in range(2)] + [(((i, 0, 1),), ()) for i in others]


def test_a_render_pool_that_cannot_fork_leaves_nothing_behind(tmp_path: Path, monkeypatch) -> None:
    """Workers that cannot be forked (out of memory), or a build interrupted as they are: the
    error is the build's, and the pool is shut down and _JOB (the whole archive, for the
    workers to inherit) let go, as `paibang serve` lives on after a failed build."""
    from generator.render import html

    content, lines = built_as_lines(tmp_path)
    shut: list[bool] = []

    class Pool:
        def submit(self, *_: object) -> None:
            raise OSError(12, "Cannot allocate memory")

        def shutdown(self, **_: object) -> None:
            shut.append(True)

    monkeypatch.setattr(html, "forked_pool", lambda workers, initializer=None: Pool())
    monkeypatch.setattr(html, "can_fork", lambda: True)
    with pytest.raises(OSError):
        html._Rendering(None, [(line, "key") for line in lines], [], {}, None, OutputTree(tmp_path / "unused"), 2)
    assert shut and html._JOB == {}


def test_the_archive_pages_are_made_from_the_events_lines_reading_no_summary(tmp_path: Path, monkeypatch) -> None:
    """The archive's pages list every event on a card (its champions, or how far it has come):
    made from the lines' cards (summary.py's ArchiveCard), they read no event's summary in the
    build process (a 2,000-event archive's full build read every one, some twice), and they
    are the pages the whole results make."""
    from generator.render import html
    from generator.tournament import summary

    if (os.cpu_count() or 1) < 2:
        pytest.skip("events are read by forked workers on two cores or more, and kept as their lines")
    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    read: list[str] = []
    real, write_indexes = summary.LazySummary.whole, html._write_indexes

    def spied(*args: object, **kwargs: object) -> object:
        monkeypatch.setattr(summary.LazySummary, "whole", lambda self: read.append(self.line.slug) or real(self))
        try:
            return write_indexes(*args, **kwargs)
        finally:
            monkeypatch.setattr(summary.LazySummary, "whole", real)

    monkeypatch.setattr(html, "_write_indexes", spied)
    monkeypatch.setattr(html, "updates", lambda *_: [])  # the feed reads its newest events, as it may
    report = build(content, tmp_path / "again", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert all(isinstance(r, summary.LazySummary) for r in report.results)
    assert read == []
    site, whole, _ = validate(content)
    render_site(site, whole, {}, OutputTree(tmp_path / "whole"), workers=1)
    archive = [path.relative_to(tmp_path / "whole") for path in (tmp_path / "whole").rglob("index.html")
               if "events" not in path.parts and "players" not in path.parts and "search" not in path.parts]
    assert archive and all((tmp_path / "again" / path).read_bytes() == (tmp_path / "whole" / path).read_bytes()
                           for path in archive)
    assert "class=\"winners\"" in (tmp_path / "again/index.html").read_text(encoding="utf-8")


def test_the_ledger_keeps_the_rows_apart_and_a_rebuild_reads_and_writes_few_of_them(tmp_path: Path, monkeypatch) -> None:
    """What players' pages show of each event (its rows: most of the ledger's bytes) is kept
    beside the ledger's lines, in files by the key's first digit: a rebuild after a results file
    that moves no one reads none of them and writes only the changed event's; one that moves
    players reads them for their pages, which are what a fresh build makes."""
    from generator import caches

    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    events = tmp_path / "cache/events"
    lines = caches.read_sealed(events / "ledger.lines")
    assert len(lines) == len(EVENTS) and all(unpack_line(line).rows is None for line, _ in lines.values())
    before = {p.name: p.stat().st_mtime_ns for p in events.glob("ledger.rows-*")}
    assert before and not (events / "ledger.more").exists()
    written = (events / "ledger.lines").stat().st_mtime_ns
    read: list[str] = []
    rows_of = EventCache._rows_of

    def rows_read(self: EventCache, key: str) -> bytes | None:
        read.append(key)
        return rows_of(self, key)

    monkeypatch.setattr(EventCache, "_rows_of", rows_read)
    change_a_contract(content)  # 4S= for 4H=: no one moves
    assert rebuild(content, tmp_path).events_rendered == 1
    after = {p.name: p.stat().st_mtime_ns for p in events.glob("ledger.rows-*")}
    first = set(lines)
    lines = caches.read_sealed(events / "ledger.lines") | caches.read_sealed(events / "ledger.more")
    bridge = next(key for key, (line, _) in lines.items()
                  if unpack_line(line).slug == "dongke-bridge-2015" and key not in first)
    assert {name for name in after if after[name] != before.get(name)} == {f"ledger.rows-{bridge[0]}"}
    assert set(read) <= {bridge}  # (its own bucket, read to be written again)
    # and its new line alone, beside the ledger's file, which is not written again
    assert (events / "ledger.lines").stat().st_mtime_ns == written
    assert set(caches.read_sealed(events / "ledger.more")) == {bridge} and bridge not in caches.read_sealed(
        events / "ledger.lines")
    assert rebuild(content, tmp_path).up_to_date
    (content / "events/dongke-bridge-2015/note.txt").write_text("补记", encoding="utf-8")  # read again, no one moves
    assert rebuild(content, tmp_path).events_rendered == 1
    more = caches.read_sealed(events / "ledger.more")  # the event's new line, the last one's gone with its key
    assert len(more) == 1 and bridge not in more and (events / "ledger.lines").stat().st_mtime_ns == written
    move_pairs(content)
    assert rebuild(content, tmp_path).events_rendered == 1
    # Players' pages rendered again (removed by hand) read their events' rows from those files.
    for page in (tmp_path / "out/players").glob("*/index.html"):
        page.unlink()
    read.clear()
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # rendered here, where the rows read are seen
    rebuild(content, tmp_path)
    lines = EventCache(events, summaries=True).ledger()
    assert sorted(unpack_line(lines[key][0]).slug for key in set(read)) == sorted(EVENTS)  # every event's: none read anew
    assert as_a_fresh_build(content, tmp_path)


def test_the_ledgers_file_is_written_again_once_lines_beside_it_are_many(tmp_path: Path, monkeypatch) -> None:
    """Past LEDGER_MORE_AT_MOST new (or gone) lines, the ledger's file is written whole again and
    the small file beside it removed; a build after it reads its lines from the one file."""
    from generator import caches, event_cache

    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    events = tmp_path / "cache/events"
    change_a_contract(content)
    rebuild(content, tmp_path)
    assert (events / "ledger.more").exists()
    monkeypatch.setattr(event_cache, "LEDGER_MORE_AT_MOST", 0)
    move_pairs(content)
    assert rebuild(content, tmp_path).events_rendered == 1
    assert not (events / "ledger.more").exists()
    lines = caches.read_sealed(events / "ledger.lines")
    assert sorted(unpack_line(line).slug for line, _ in lines.values()) == sorted(EVENTS)  # this build's, no line gone
    assert rebuild(content, tmp_path).up_to_date and as_a_fresh_build(content, tmp_path)


def test_the_persons_rows_are_read_from_the_record_only_to_render_players_pages(tmp_path: Path, monkeypatch) -> None:
    """Who is who is kept by the record for the next build, each person's rows (the larger half)
    in a file of their own: a rebuild that moves no one never reads it; one that renders players'
    pages does, and when that file is not ours it matches the people again and makes the pages a
    fresh build makes."""
    from generator import caches

    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    rows_files = list((tmp_path / "cache").glob("*.record.people-rows-*"))
    assert len(rows_files) == 1
    read: list[str] = []
    read_sealed = caches.read_sealed

    def spy(path: Path) -> object:
        read.append(path.name)
        return read_sealed(path)

    monkeypatch.setattr(caches, "read_sealed", spy)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # rendered here, where the reads are seen
    change_a_contract(content)  # no one moves
    assert rebuild(content, tmp_path).events_rendered == 1
    assert read and not any(".people-rows-" in name for name in read)
    rows_files[0].write_bytes(b"not ours")
    move_pairs(content)  # players' pages rendered again
    assert rebuild(content, tmp_path).events_rendered == 1
    assert rows_files[0].name in read
    assert as_a_fresh_build(content, tmp_path)
    # and removed: the next build matches who is who again, and keeps rows of its own
    assert not rows_files[0].exists()
    (content / "events/dongke-bridge-2015/note.txt").write_text("补记", encoding="utf-8")  # read again
    assert rebuild(content, tmp_path).events_rendered == 1
    rows_files = list((tmp_path / "cache").glob("*.record.people-rows-*"))
    assert len(rows_files) == 1 and isinstance(read_sealed(rows_files[0]), list)


def test_an_event_read_again_for_its_pages_after_its_files_changed_stops_the_build(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    """The events' files are let go once read (content/snapshot.py's let_go). An event whose whole
    reading has gone from the event cache is read again for its pages: when one of its files has
    changed since this build hashed it, the build stops with the file named (never pages made of
    the new text under the old text's digest), and output/ is left as it was."""
    from generator.content import snapshot
    from generator.errors import ContentErrors

    content = some_events(tmp_path)
    rebuild(content, tmp_path)
    shutil.rmtree(tmp_path / "out")  # every page rendered again, every file hashed again
    for record in (tmp_path / "cache").glob("site-*.record*"):
        record.unlink()
    for whole in (tmp_path / "cache/events").glob("*.sealed"):
        if not whole.name.endswith(".summary.sealed"):
            whole.unlink()  # read again from their files
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    let_go = snapshot.let_go

    def let_go_then_edit(keep):  # noqa: ANN001, ANN202
        let_go(keep)
        change_a_contract(content)  # saved while this build runs

    monkeypatch.setattr(snapshot, "let_go", let_go_then_edit)
    with pytest.raises(ContentErrors) as raised:
        rebuild(content, tmp_path)
    assert {(p.code, p.mark.file) for p in raised.value.problems} == {("file-unreadable", prelim)}
    assert not (tmp_path / "out").exists()
