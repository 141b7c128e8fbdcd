"""A mass event's build (bench/scale.py: 5,000 teams, 7 Swiss rounds) keeps both cores busy
where it can: its results files are read by two processes (content/load.py's _read_apart), its
search index is made by a render worker among the pages (render/html.py's _search_alongside),
and its players' pages are one wave with the event's (_few_events). What either reads or writes
is as without."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from generator.build import build
from generator.content import load
from generator.content.load import load_event, load_site
from generator.errors import Problems
from generator.render import html, incremental
from tests.support import demo_content, digest

forks = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="shared with a forked process")
SLUG = "tumu-guandan-2020"


def _broken(content: Path) -> Path:
    """The demo Guandan event with problems in its last results files (the forked process's
    share): an unknown team, and round 3 written twice."""
    results = content / "events" / SLUG / "results"
    last = results / "round-3.yaml"
    text = last.read_text(encoding="utf-8")
    (results / "round-3b.yaml").write_text(text, encoding="utf-8")  # round 3 again
    last.write_text(text.replace("teams: [T02, T21]", "teams: [T99, T21]", 1), encoding="utf-8")
    return content


def _read(content: Path, apart: load.Share | None) -> tuple[object, list[tuple]]:
    problems = Problems()
    site = load_site(content, problems, lambda *_: None)
    event = load_event(content / "events" / SLUG, site, problems, apart=apart)
    return event, [(p.code, p.mark, p.params, p.warning) for p in problems.items]


@forks
def test_a_large_events_results_read_by_two_processes_are_read_as_by_one(tmp_path, monkeypatch):
    """Every table, round and problem as one process reads them, in the same order, whichever
    process read the file: a problem in the forked process's share (an unknown team), a round
    written twice across the two shares (the second file's tables left out, as they were)."""
    content = _broken(demo_content(tmp_path, SLUG))
    alone, found = _read(content, None)
    codes = [code for code, *_ in found]
    assert "entry-unknown" in codes and "results-round-duplicate" in codes
    monkeypatch.setattr(load, "APART_FROM_BYTES", 1)
    shared: list[int | None] = []

    def share(theirs, mine):  # noqa: ANN001, ANN202
        here, there = incremental.with_a_child(theirs, mine)
        shared.append(None if there is None else len(there))
        return here, there

    event, apart = _read(content, share)
    assert shared and shared[0], "no file read by the forked process"
    assert apart == found
    assert event == alone
    # The forked process failed: the files it was to read are read here, in the loop.
    event, apart = _read(content, lambda theirs, mine: (mine(), None))
    assert apart == found and event == alone


@forks
def test_a_mass_events_build_reads_its_rounds_in_two_processes(tmp_path, monkeypatch):
    """The build (which reads a lone event in its own process) shares a large event's results
    files with a forked process; its site is the one read by one process, byte for byte, and
    so is the rebuild after a round read by the forked process changed."""
    content = demo_content(tmp_path, SLUG)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: the next build trusts their stats)
    alone = build(content, tmp_path / "alone", cache_dir=tmp_path / "cache-alone" / "pdf", bulletins=False)
    readers = tmp_path / "readers"
    read_ahead = load._read_ahead

    def noted(path, *args):  # noqa: ANN001, ANN002, ANN202
        with open(readers, "a", encoding="utf-8") as noting:  # (from another process: noted in a file)
            noting.write(f"{os.getpid()} {path.name}\n")
        return read_ahead(path, *args)

    monkeypatch.setattr(load, "_read_ahead", noted)
    monkeypatch.setattr(load, "APART_FROM_BYTES", 1)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: as test_rebuild_in_place's)
    apart = build(content, tmp_path / "apart", cache_dir=tmp_path / "cache-apart" / "pdf", bulletins=False)
    by = dict(reversed(line.split()) for line in readers.read_text(encoding="utf-8").splitlines())
    assert by["round-1.yaml"] == str(os.getpid()) and by["round-3.yaml"] != str(os.getpid())
    assert sorted(apart.written) == sorted(alone.written) and digest(tmp_path / "apart") == digest(tmp_path / "alone")
    last = content / "events" / SLUG / "results" / "round-3.yaml"
    last.write_text(last.read_text(encoding="utf-8").replace("{T02: 8, T21: 9}", "{T02: 10, T21: 9}", 1),
                    encoding="utf-8")  # T02 won instead
    again = build(content, tmp_path / "apart", cache_dir=tmp_path / "cache-apart" / "pdf", bulletins=False)
    assert again.events_rendered == 1
    monkeypatch.setattr(load, "APART_FROM_BYTES", 10**12)
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "cache-fresh" / "pdf", bulletins=False)
    assert digest(tmp_path / "apart") == digest(tmp_path / "fresh")


DEMOS = ("chem-park-daguai-2016", "dongke-bridge-2015", "gaoxiao-bridge-teams-2024", "hefei-80fen-pairs-2012",
         "hefei-80fen-teams-2012", "qiaoyou-club-pairs-2024", "tongxin-guandan-2025", SLUG)


@forks
@pytest.mark.parametrize("slug", DEMOS)
def test_every_games_event_read_by_two_processes_is_built_as_by_one(tmp_path, monkeypatch, slug):
    """Each game's tables (bridge's boards, a knockout's referee's winners, …) come back from
    the forked process as the build reads them itself: the same site, byte for byte."""
    content = demo_content(tmp_path, slug)
    alone = build(content, tmp_path / "alone", cache_dir=tmp_path / "cache-alone" / "pdf", bulletins=False)
    shared: list[bool] = []
    with_a_child = incremental.with_a_child

    def share(theirs, mine):  # noqa: ANN001, ANN202
        here, there = with_a_child(theirs, mine)
        shared.append(bool(there))
        return here, there

    monkeypatch.setattr(load, "APART_FROM_BYTES", 1)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: as test_rebuild_in_place's)
    monkeypatch.setattr(incremental, "with_a_child", share)
    apart = build(content, tmp_path / "apart", cache_dir=tmp_path / "cache-apart" / "pdf", bulletins=False)
    assert shared == [True]
    assert sorted(apart.written) == sorted(alone.written) and digest(tmp_path / "apart") == digest(tmp_path / "alone")
    assert [(p.code, p.mark, p.params) for p in apart.warnings] == [(p.code, p.mark, p.params) for p in alone.warnings]


def _noting(monkeypatch: pytest.MonkeyPatch, module: object, name: str, where: Path) -> None:
    """`module.name` noting the process that calls it in the file `where` (a worker's too)."""
    real = getattr(module, name)

    def noted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        with open(where, "a", encoding="utf-8") as noting:
            noting.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, noted)


@forks
def test_a_site_of_many_peoples_search_index_is_made_by_a_render_worker(tmp_path, monkeypatch):
    """Made once the workers were done, by a process forked for it, a mass event's index
    (15,000 records) kept one core idle at the end of the build: a site of SEARCH_APART_PERSONS
    people in fewer than SEARCH_APART_FROM events has it made by a render worker, one task among
    the pages' (inherited, as the events are: nothing pickled to it), and no process is forked
    for it. The same files as made by the build itself; and when the worker fails to make it,
    the build makes it as before."""
    content = demo_content(tmp_path, SLUG, "dongke-bridge-2015", "hefei-80fen-teams-2012")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: as test_rebuild_in_place's)
    searched_by, rendered_by = tmp_path / "searched-by", tmp_path / "rendered-by"
    _noting(monkeypatch, html, "packed_records", searched_by)
    _noting(monkeypatch, html, "_render_share", rendered_by)
    children: list[object] = []
    with_a_child = html.with_a_child
    monkeypatch.setattr(html, "with_a_child", lambda *args, **kw: children.append(args) or with_a_child(*args, **kw))
    monkeypatch.setattr(html, "SEARCH_APART_PERSONS", 1, raising=False)
    apart = build(content, tmp_path / "apart", cache_dir=tmp_path / "cache-apart" / "pdf", bulletins=False)
    searcher = searched_by.read_text().split()
    assert len(searcher) == 1 and searcher[0] != str(os.getpid()), "not made by a render worker"
    assert searcher[0] in rendered_by.read_text().split(), "not made by a render worker"
    assert children == [], "a process forked for the search index"
    monkeypatch.setattr(html, "SEARCH_APART_PERSONS", 10**9)  # the build's own process makes it
    here = build(content, tmp_path / "here", cache_dir=tmp_path / "cache-here" / "pdf", bulletins=False)
    assert searched_by.read_text().split()[-1] == str(os.getpid())
    assert list(apart.written) == list(here.written) and (tmp_path / "apart/assets/search-index.js").is_file()
    assert digest(tmp_path / "apart") == digest(tmp_path / "here")

    main, search_files = os.getpid(), html._search_files

    def failing(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if os.getpid() != main:
            raise MemoryError  # the worker (and the process forked after it) fail: made here
        return search_files(*args, **kwargs)

    monkeypatch.setattr(html, "_search_files", failing)
    monkeypatch.setattr(html, "SEARCH_APART_PERSONS", 1)
    failed = build(content, tmp_path / "failed", cache_dir=tmp_path / "cache-failed" / "pdf", bulletins=False)
    assert list(failed.written) == list(here.written) and digest(tmp_path / "failed") == digest(tmp_path / "here")


@forks
def test_the_persons_pages_of_few_events_are_one_wave(tmp_path, monkeypatch):
    """A mass event's 10,000 players, one row each, were rendered in waves of PERSON_WAVE_ROWS
    rows a worker: each wave's two workers forked afresh, each copying the event's pages again
    as it read them, and each wave waiting for its slower worker. Their rows touch few events
    (PERSON_WAVE_EVENTS): one wave, with the events' pages, whatever their rows. The same site."""
    from generator import forking

    content = demo_content(tmp_path, SLUG, "dongke-bridge-2015", "hefei-80fen-teams-2012")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    pools: list[int] = []
    monkeypatch.setattr(html, "forked_pool", lambda *args, **kw: pools.append(1) or forking.forked_pool(*args, **kw))
    monkeypatch.setattr(html, "PERSON_TASK_ROWS", 5, raising=False)
    monkeypatch.setattr(html, "PERSON_WAVE_ROWS", 5, raising=False)  # waves of persons, by their rows
    build(content, tmp_path / "one", cache_dir=tmp_path / "c1" / "pdf", bulletins=False)
    assert pools == [1], "the persons' pages of three events in waves of their own"
    monkeypatch.setattr(html, "PERSON_WAVE_EVENTS", 0)  # as for an archive's persons: by their rows
    build(content, tmp_path / "waves", cache_dir=tmp_path / "c2" / "pdf", bulletins=False)
    assert len(pools) > 2
    assert digest(tmp_path / "one") == digest(tmp_path / "waves")
