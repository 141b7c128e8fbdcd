"""A build reads each event whole only where it renders the event's pages or prints one of its
bulletins: the site's indexes are made from summaries (tournament/summary.py), and a rebuild
after one results file changed reads the other events' summaries only (generator/event_cache.py)."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from generator.build import build, validate
from generator.event_cache import EventCache
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.tournament.results import EventResult
from generator.tournament.summary import EventSummary, summarise
from support import demo_content

ROOT = Path(__file__).resolve().parents[1]
EVENTS = ("dongke-bridge-2015", "chem-park-daguai-2016", "tongxin-guandan-2025")


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def some_events(tmp_path: Path, slugs: tuple[str, ...] = EVENTS) -> Path:
    return demo_content(tmp_path, *slugs)


def change_a_contract(content: Path) -> None:
    """A results file of dongke-bridge-2015 saved with one contract changed (4H to 4S)."""
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")


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
    # The two unchanged events: their summaries, never their whole readings.
    assert len(read) == 2 and all(name.endswith(".summary.sealed") for name in read), read
    assert sum(isinstance(r, EventSummary) for r in report.results) == 2
    # and the site is the one a fresh build makes
    build(content, tmp_path / "fresh", cache_dir=cache if bulletins else tmp_path / "other/pdf", bulletins=bulletins)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")


def test_an_event_gone_from_the_cache_is_read_again_for_its_pages(tmp_path: Path) -> None:
    """The rendering of an event whose whole reading has gone from the event cache (cleaned by
    hand, another user's cache) reads and scores it again: the pages are the same."""
    content = some_events(tmp_path, EVENTS[:2])
    cache = tmp_path / "cache/pdf"
    build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    for whole in (tmp_path / "cache/events").glob("*.sealed"):
        if not whole.name.endswith(".summary.sealed"):
            whole.unlink()
    site_yaml = content / "site.yaml"  # every event's pages are rendered again (the site changed)
    site_yaml.write_text(site_yaml.read_text(encoding="utf-8") + "\n# 改过\n", encoding="utf-8")
    report = build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    assert report.events_rendered == 2
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")


def test_a_rebuild_keeps_the_search_index_when_no_name_changed(tmp_path: Path) -> None:
    content = some_events(tmp_path, EVENTS[:2])
    cache = tmp_path / "cache/pdf"
    build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    change_a_contract(content)
    report = build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    assert "assets/search-index.js" not in report.written  # kept as it was: no name or title changed
    entries = content / "events/dongke-bridge-2015/event.yaml"
    text = entries.read_text(encoding="utf-8")
    assert "{name: 张浩然," in text
    entries.write_text(text.replace("{name: 张浩然,", "{name: 欧阳娜娜,", 1), encoding="utf-8")
    report = build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    assert "assets/search-index.js" in report.written
    assert "欧阳娜娜" in (tmp_path / "out/assets/search-index.js").read_text(encoding="utf-8")
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")


def test_the_event_cache_forgets_what_no_build_has_read_for_a_month(tmp_path: Path) -> None:
    content = some_events(tmp_path, EVENTS[:2])
    cache = tmp_path / "cache/pdf"
    build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    events = tmp_path / "cache/events"
    before = {p.name for p in events.iterdir()}
    assert len(before) == 4  # two events, each whole and summarised
    month_ago = time.time() - 40 * 86400
    for path in events.iterdir():
        os.utime(path, (month_ago, month_ago))
    change_a_contract(content)
    build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    after = {p.name for p in events.iterdir()}
    # the changed event's old version is gone, its new one kept; the unchanged event's summary
    # was read by this build, so kept (its whole reading, unread for 40 days, is forgotten)
    assert len(after - before) == 2 and len(before & after) == 1
    assert all(name.endswith(".summary.sealed") for name in before & after)


def test_a_rebuild_keeps_the_archive_pages_that_list_no_changed_event(tmp_path: Path, monkeypatch) -> None:
    """A large archive's page of a year lists its own events only: a results file changed in one
    event writes that year's page (and the archive's front page, which lists the newest year, and
    the game's) again, never another year's."""
    import generator.render.html as html

    monkeypatch.setattr(html, "ARCHIVE_EVENTS", 2)  # a page a year from three events on
    content = some_events(tmp_path)
    cache = tmp_path / "cache/pdf"
    build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    years = sorted(p.parent.name for p in (tmp_path / "out/years").glob("*/index.html"))
    assert years == ["2015", "2016", "2025"]
    change_a_contract(content)
    report = build(content, tmp_path / "out", cache_dir=cache, bulletins=False)
    written = {path for path in report.written if path.startswith("years/") or path == "index.html"}
    assert written == {"years/2015/index.html"}  # the front page shows 2025: kept as it was
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")
