"""A full build's memory grows with its largest event, not with the archive (issue 23).

Memory is checked by what it is made of, never by time: the pages a forked process copies of
what it inherited (Linux's /proc/self/smaps_rollup), and what the build holds at once.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import pickle
import sys

import pytest

from generator.content import snapshot


def _private_kib() -> int:
    """This process's private pages (KiB): those it wrote to, its copies of inherited ones."""
    with open("/proc/self/smaps_rollup", encoding="ascii") as rollup:
        return sum(int(line.split()[1]) for line in rollup if line.startswith(("Private_Dirty:", "Private_Clean:")))


def _child_reads(paths: list[str], answer: multiprocessing.connection.Connection) -> None:
    # First touch what a read touches besides the file's bytes: the path strings and where the
    # snapshot says each file is. Lying among whatever an xdist worker allocated before, their
    # pages were copied too and counted as the files' (2 MB seen in CI, 0.6 MB alone), which is
    # noise: the copy this test is about is that of the bytes.
    for path in paths:
        snapshot._TAKEN.where.get(snapshot._key(path))
    before = _private_kib()
    total = sum(len(snapshot.read(path)) for path in paths)
    answer.send((_private_kib() - before, total))


@pytest.mark.skipif(not os.path.exists("/proc/self/smaps_rollup")
                    or "fork" not in multiprocessing.get_all_start_methods(),
                    reason="Linux's page accounting and fork")
def test_a_forked_reader_does_not_copy_the_files_the_build_read(tmp_path):
    """The build reads and hashes every file, then forks the processes that read the events
    ahead, which take the same bytes from the snapshot. Handing a file out must not make the
    reader copy the pages holding it: else each reader ends up with its own copy of the files
    it read (a 2,000-event archive's 37 MB, half of them in each of two readers)."""
    paths = []
    for number in range(2_000):
        path = tmp_path / f"round-{number}.yaml"
        path.write_bytes(b"tables:\n" + b"  - {table: 1, score: 420}\n" * 150)  # about 4 kB, as a results file
        paths.append(str(path))
    size_kib = sum(os.path.getsize(path) for path in paths) // 1024
    with snapshot.taking():
        for path in paths:
            snapshot.read(path)  # as build_inputs hashes them, before forking
        receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)
        reader = multiprocessing.get_context("fork").Process(target=_child_reads, args=(paths, send))
        # The objects this process already holds (an xdist worker's, after other tests) kept out
        # of the child's collections: a collection writes into every object it walks, and those
        # copied pages (2 MB seen) are not the files' and made the test fail now and then.
        gc.freeze()
        try:
            reader.start()
        finally:
            gc.unfreeze()
        copied_kib, total = receive.recv()
        reader.join()
    assert total // 1024 == size_kib
    # Without the chunks: every page of the 8 MB read was copied (8,000 kB and more).
    assert copied_kib < size_kib // 4, f"the reader copied {copied_kib} kB of {size_kib} kB read"


def test_the_snapshot_gives_each_file_as_read_and_lets_go(tmp_path):
    """Read once, given the same bytes every time; let go, a file changed since is refused."""
    kept, gone = tmp_path / "notice.md", tmp_path / "round-1.yaml"
    kept.write_bytes("# 通知\n".encode())
    gone.write_bytes(b"a" * 300_000)  # larger than a quarter of a chunk: held on its own
    with snapshot.taking():
        assert snapshot.read(kept) == "# 通知\n".encode()
        assert snapshot.read(gone) == b"a" * 300_000
        kept.write_bytes(b"changed")
        assert snapshot.read(kept) == "# 通知\n".encode()  # as first read
        snapshot.let_go(keep=lambda path: path.endswith(".md"))
        assert snapshot.read(kept) == "# 通知\n".encode()
        gone.write_bytes(b"b" * 300_000)
        with pytest.raises(snapshot.Changed):
            snapshot.read(gone)


def _round_file(number: int) -> bytes:
    """A results file as a secretary's would be: its own players, contracts and tricks."""
    import random

    dealt = random.Random(number)
    return (b"stage: main\nround: %d\ntables:\n" % (number % 9 + 1) + b"".join(
        b"  - {table: %d, ns: P%02d, ew: P%02d, contract: %d%s, by: %s, tricks: %d}\n"
        % (table, dealt.randrange(100), dealt.randrange(100), dealt.randrange(1, 8), dealt.choice([b"C", b"D", b"H", b"S", b"NT"]),
           dealt.choice([b"N", b"E", b"S", b"W"]), dealt.randrange(14)) for table in range(1, 13)))


def _held(taken: snapshot._Taken) -> int:
    """The bytes the snapshot holds the files in: its blocks compressed (in its file, or held as
    they are where none can be made), those held apart, and the block being filled."""
    return taken.spill.size() + sum(map(len, taken.large.values())) + len(getattr(taken, "_filling", b""))


def test_the_files_read_are_held_compressed_while_the_events_are_read(tmp_path):
    """The build hashes every file of a large archive, then reads and scores the events, from the
    same bytes (the snapshot), and lets them go only once every event is read and scored: held
    as read, a 2,000-event archive's files (38 MB) were the reading's largest part, in the build
    and shared with the readers it forks. They are held compressed, a block of files at a time
    (one results file alone would shrink little), and each is given back as read."""
    paths, size = [], 0
    for number in range(2_000):
        path = tmp_path / f"event-{number // 8}" / f"round-{number % 8}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(_round_file(number))
        size += path.stat().st_size
        paths.append(str(path))
    with snapshot.taking():
        for path in paths:  # as build_inputs hashes them
            snapshot.feed(hashlib.sha256(), path)
        held = _held(snapshot._TAKEN)
        # As read: all of it (1.6 MB here); compressed by blocks, a fifth of it.
        assert held < size // 3, f"{held} bytes held for {size} bytes of files"
        assert all(snapshot.read(path) == _round_file(number) for number, path in enumerate(paths))


def test_a_file_saved_after_it_was_hashed_is_parsed_as_hashed(tmp_path):
    """What is parsed is what was hashed, wherever the snapshot holds a file: in a block already
    compressed, in the block being filled, alone (a large file). A file saved in between is read
    as hashed; once let go, it is refused as changed, never parsed under the old digest."""
    paths = []
    for number in range(600):  # several blocks
        path = tmp_path / f"round-{number}.yaml"
        path.write_bytes(_round_file(number))
        paths.append(path)
    large = tmp_path / "hands.pbn"
    large.write_bytes(b"[Board \"1\"]\n" * 40_000)  # 480 kB: held alone
    paths.insert(300, large)
    with snapshot.taking():
        digests = []
        for path in paths:
            digest = hashlib.sha256()
            snapshot.feed(digest, path)
            digests.append(digest.hexdigest())
        saved = [paths[0], paths[300], paths[-1]]  # compressed, alone, being filled
        for path in saved:
            path.write_bytes(b"stage: main\ntables: []\n")
        for path, digest in zip(paths, digests):
            assert hashlib.sha256(snapshot.read(path)).hexdigest() == digest, path
        snapshot.let_go(keep=lambda path: False)
        for path in saved:
            with pytest.raises(snapshot.Changed):
                snapshot.read(path)
        assert snapshot.read(paths[1]) == _round_file(1)  # unchanged: as it was


def test_where_each_file_read_is_a_few_bytes(tmp_path):
    """The snapshot finds each file it holds by its path, from its hashing to the last event read
    (16,000 files at 2,000 events, 44,000 in a large archive): by the path's digest, 16 bytes a
    file besides a few waiting to be sorted in, not a dict of the paths' strings and tuples
    (some 250 bytes a file: 4.6 MB, as much as the files compressed)."""
    import tracemalloc

    paths = []
    for number in range(5_000):
        path = tmp_path / f"event-{number // 8:04d}" / f"round-{number % 8}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"tables: []\n")
        paths.append(str(path))
    with snapshot.taking():
        tracemalloc.start()
        try:
            for path in paths:
                snapshot.feed(hashlib.sha256(), path)
            taken = snapshot._TAKEN
            # What is held besides the files' blocks: the block being filled as allocated.
            held = (tracemalloc.get_traced_memory()[0] - sum(map(len, taken.large.values()))
                    - sys.getsizeof(getattr(taken, "_filling", b"")))
        finally:
            tracemalloc.stop()
        assert held < 64 * len(paths), f"{held} bytes held for where {len(paths)} files are"
        assert all(snapshot.read(path) == b"tables: []\n" for path in paths)


@pytest.mark.skipif(not hasattr(os, "pread"), reason="held in a file, read back by os.pread")
def test_the_files_read_are_not_held_in_the_heap_the_readers_are_forked_from(tmp_path):
    """The files' compressed blocks lie in a file of their own (caches.Spill), not in the heap
    the build forks its readers from: held there (in chunks of 1 MiB), a 2,000-event archive's
    5.4 MB were most of what that heap held more than a 200-event one's (7.4 MB). Hashed, the
    files of 250 events (2,000 results files) leave a few bytes a file in the heap, whatever
    their size; each is read back as hashed, by the build and by a process forked from it."""
    import tracemalloc

    paths = []
    for number in range(2_000):
        path = tmp_path / f"event-{number // 8}" / f"round-{number % 8}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(_round_file(number))
        paths.append(str(path))
    with snapshot.taking():
        tracemalloc.start()
        try:
            for path in paths:  # as build_inputs hashes them
                snapshot.feed(hashlib.sha256(), path)
            taken = snapshot._TAKEN
            held = tracemalloc.get_traced_memory()[0] - sys.getsizeof(taken._filling)
        finally:
            tracemalloc.stop()
        # Where each file is (16 bytes) and where each block is; in 1 MiB chunks, 1 MB and more.
        assert held < 64 * len(paths), f"{held} bytes held in the heap for {len(paths)} files"
        assert taken.spill.size() > 0 and not taken.large
        if "fork" in multiprocessing.get_all_start_methods():
            receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)
            reader = multiprocessing.get_context("fork").Process(
                target=lambda: send.send(all(snapshot.read(path) == _round_file(n) for n, path in enumerate(paths))))
            reader.start()
            assert receive.recv()
            reader.join()
        assert all(snapshot.read(path) == _round_file(number) for number, path in enumerate(paths))


def test_the_notices_kept_for_rendering_are_held_compressed(tmp_path):
    """The notices (and site.yaml), kept past let_go because rendering reads them again, are
    held compressed: the render workers are forked from a build holding every event's notice
    (4.6 MB at 2,000 events). Each is given back as first read."""
    from generator.content.snapshot import _Taken

    notice = ("# 比赛通知\n\n一、比赛时间：2024年5月18日（星期六）上午九点。\n二、比赛地点：图书馆报告厅。\n"
              "三、参赛办法：每队四人，自由组队，报名截止日期为5月10日。\n" * 12).encode()
    paths = [str(tmp_path / f"event-{number}" / "notice.md") for number in range(500)]
    taken = _Taken()
    for number, path in enumerate(paths):
        taken.put(path, notice + str(number).encode())
    taken.let_go(lambda path: True, {})
    held = _held(taken)
    assert all(taken.get(path) == notice + str(number).encode() for number, path in enumerate(paths))
    # As they are: 500 x 2.2 kB; compressed, a fifth of that (repeated lines) and at most half.
    assert held < len(notice) * len(paths) // 2, f"{held} bytes held for {len(notice) * len(paths)} of notices"


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="rendered by forked workers")
def test_what_the_workers_wrote_is_not_unpacked_while_the_search_index_is_made(tmp_path, monkeypatch):
    """The render workers' account of what they wrote (each event's files and pages: 87,000 of
    them at 2,000 events) is held packed until they are all done, and unpacked only once the
    search index, the largest thing the build makes itself, has been made and let go: the two
    never add up, and the workers of a later wave are not forked from a build holding them."""
    import gc

    from generator.build import build
    from generator.render import html
    from generator.render.incremental import EventPages
    from tests.support import demo_content

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012",
                           "chem-park-daguai-2016")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    unpacked: list[str] = []
    write_search = html._write_search

    def watched(*args, **kwargs):  # noqa: ANN202
        gc.collect()  # what earlier builds in this process left for the collector is not this build's
        unpacked.extend(part for pages in gc.get_objects() if type(pages) is EventPages
                        for part in pages.files if part.startswith(("events/", "players/")))
        return write_search(*args, **kwargs)

    monkeypatch.setattr(html, "_write_search", watched)
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert report.events == 4 and (tmp_path / "output/events/dongke-bridge-2015/index.html").is_file()
    assert unpacked == [], f"{len(unpacked)} rendered files' records held while the search index was made"


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="rendered by forked workers")
def test_a_render_worker_renders_a_bounded_number_of_persons_rows(tmp_path, monkeypatch):
    """The persons' pages are rendered in waves of at most PERSON_WAVE_ROWS rows a worker (a
    row: one of a person's events on their page), each wave by workers forked afresh: a worker
    touches every event its rows list, and copies the pages of the build's heap that hold them
    (2,000 events' persons in one wave grew each worker from 33 to 47 MiB, the build's peak).
    The site is the one a single wave renders, byte for byte."""
    import hashlib

    from generator import forking
    from generator.build import build
    from generator.render import html
    from tests.support import demo_content, site_bytes

    waves: list[list[int]] = []  # each pool's persons' tasks, by their rows

    class Recorded:
        def __init__(self, workers: int, initializer=None) -> None:  # noqa: ANN001
            self.pool = forking.forked_pool(workers, initializer)
            waves.append([])

        def submit(self, function, share):  # noqa: ANN001, ANN201
            persons = html._JOB["persons"]
            waves[-1] += [min(html.PLAYER_EVENTS, len(persons[i][0].slugs) - (persons[i][2] - 1) * html.PLAYER_EVENTS)
                          for i in share[1]]
            return self.pool.submit(function, share)

        def shutdown(self, **options) -> None:  # noqa: ANN003
            self.pool.shutdown(**options)

    def site_digest(root):  # noqa: ANN001, ANN202
        return {path.relative_to(root).as_posix(): hashlib.sha256(site_bytes(path)).hexdigest()
                for path in sorted(root.rglob("*")) if path.is_file()}

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012",
                           "chem-park-daguai-2016")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    build(content, tmp_path / "one", cache_dir=tmp_path / "c1/pdf", bulletins=False)  # a small site: one wave
    monkeypatch.setattr(html, "forked_pool", Recorded)
    monkeypatch.setattr(html, "PERSON_TASK_ROWS", 5, raising=False)
    monkeypatch.setattr(html, "PERSON_WAVE_ROWS", 20, raising=False)
    monkeypatch.setattr(html, "PERSON_WAVE_EVENTS", 0)  # (a few events' persons: else one wave, _few_events)
    build(content, tmp_path / "waves", cache_dir=tmp_path / "c2/pdf", bulletins=False)
    persons = [rows for rows in waves if rows]
    assert sum(map(sum, persons)) > 3 * 2 * 20  # the persons' rows, more than three waves' worth
    assert len(persons) >= 3 and all(sum(rows) <= 2 * 20 for rows in persons), [sum(rows) for rows in persons]
    assert site_digest(tmp_path / "waves") == site_digest(tmp_path / "one")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="rendered by forked workers")
def test_the_build_renders_no_page_while_its_render_workers_share_its_heap(tmp_path, monkeypatch):
    """The archive's pages, the players' index and the feed are written before the render
    workers are forked, not while they render: they read every event's card, and each page of
    the build's heap the build wrote to while a wave's workers shared it was copied, and held
    until they ended (16 MiB of the first wave at 2,000 events)."""
    from generator import forking
    from generator.build import build
    from generator.render import html
    from tests.support import demo_content

    alive: set[int] = set()  # the pools of render workers not yet shut down
    meanwhile: list[str] = []  # the pages this process rendered while one was

    class Recorded:
        def __init__(self, workers: int, initializer=None) -> None:  # noqa: ANN001
            self.pool = forking.forked_pool(workers, initializer)
            alive.add(id(self))

        def submit(self, function, share):  # noqa: ANN001, ANN201
            return self.pool.submit(function, share)

        def shutdown(self, **options) -> None:  # noqa: ANN003
            self.pool.shutdown(**options)
            alive.discard(id(self))

    page = html.SiteWriter.page

    def watched(self, env, path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if alive:
            meanwhile.append(path)
        return page(self, env, path, *args, **kwargs)

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012",
                           "chem-park-daguai-2016")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    monkeypatch.setattr(html, "forked_pool", Recorded)
    monkeypatch.setattr(html.SiteWriter, "page", watched)
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert report.events == 4 and (tmp_path / "output/index.html").is_file()
    assert (tmp_path / "output/events/dongke-bridge-2015/index.html").is_file()
    assert meanwhile == [], f"{len(meanwhile)} pages rendered by the build while its workers rendered: {meanwhile[:5]}"


_PREPARE: list = []  # event_cache's own _prepare_event, while a test reads through _read_by


def _read_by(folder):  # noqa: ANN001, ANN202
    """event_cache._prepare_event, its answer with the reader's process id (pickled by name)."""
    return (*_PREPARE[0](folder), os.getpid())


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="read by forked workers")
def test_the_readers_are_forked_afresh_every_few_events(monkeypatch):
    """The processes that read the events ahead are forked afresh every READ_WAVE_TASKS events:
    a reader copies pages of the heap it inherited as it reads (one that read 1,000 events grew
    by 7 MiB). Every event is read all the same."""
    from generator import event_cache, forking
    from tests.support import ROOT

    readers: list[int] = []

    def noting_readers(function, items, workers, initializer=None, tasks_per_worker=None, forked=None):  # noqa: ANN001, ANN202
        for *prepared, reader in forking.forked_map(function, items, workers, initializer, tasks_per_worker, forked):
            readers.append(reader)
            yield prepared

    monkeypatch.setattr(event_cache, "forked_map", noting_readers)
    monkeypatch.setattr(event_cache, "READ_WAVE_TASKS", 1)  # two readers, two events a wave
    monkeypatch.setattr(sys.modules[__name__], "_PREPARE", [event_cache._prepare_event])
    monkeypatch.setattr(event_cache, "_prepare_event", _read_by)
    assert len(event_cache.read_ahead(ROOT / "content", None, 2)) == 8  # every demo event read
    # Four waves, each read by readers of its own (one may take both of its events): two
    # readers in all when they read every event.
    assert len(set(readers)) >= 4, f"{len(set(readers))} readers for 8 events in four waves"


def _read_with_games_found(folder):  # noqa: ANN001, ANN202
    """event_cache._prepare_event, its answer with whether the games were found before it read."""
    from generator.games import GAMES

    found = GAMES._games is not None
    return (*_PREPARE[0](folder), found)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="read by forked workers")
def test_the_readers_inherit_the_games_found(monkeypatch):
    """The games (their modules, their words) are found once, before the readers are forked, and
    shared with them: each reader found them itself at its first event, in every wave, 10 MB of
    its own (29 modules)."""
    from generator import event_cache, forking
    from generator.games import GAMES
    from tests.support import ROOT

    found: list[bool] = []

    def noting(function, items, workers, initializer=None, tasks_per_worker=None, forked=None):  # noqa: ANN001, ANN202
        for *prepared, games_found in forking.forked_map(function, items, workers, initializer, tasks_per_worker, forked):
            found.append(games_found)
            yield prepared

    monkeypatch.setattr(GAMES, "_games", None)  # not found yet, as in a build's process
    monkeypatch.setattr(event_cache, "forked_map", noting)
    monkeypatch.setattr(sys.modules[__name__], "_PREPARE", [event_cache._prepare_event])
    monkeypatch.setattr(event_cache, "_prepare_event", _read_with_games_found)
    assert len(event_cache.read_ahead(ROOT / "content", None, 2)) == 8  # every demo event read
    assert found == [True] * 8


def test_people_are_matched_in_a_memory_that_does_not_grow_with_the_archive(tmp_path, monkeypatch):
    """Who is who across the archive (render/players.py's _match, in a process of its own for a
    large archive): each event's seats and each person's rows, as they are found, are written
    aside (caches.Spill), not held until every event is matched: the matching held every event's
    pickles and a quarter of the persons' rows as objects (5 MB and 11 MB at 2,000 events, its
    peak). Three times the events (the same persons, each in three times as many), and its peak
    grows by what it returns, the persons' lists of their events (8 bytes an event of a person),
    and little more. The same index whether the rows are written aside in many chunks or none."""
    import tracemalloc
    from dataclasses import replace

    from generator import caches
    from generator.build import validate
    from generator.render import players
    from tests.support import ROOT

    monkeypatch.setattr(caches, "_SPILLS_IN", [tmp_path])
    site, demo, _ = validate(ROOT / "content", workers=1)

    def archive(copies: int) -> list:  # the demo's events copied, as bench/archive.py makes its archives
        return [replace(result, event=replace(result.event, slug=f"{result.event.slug}-{copy}"))
                for copy in range(copies) for result in demo]

    def matched(results: list) -> tuple[tuple, int, int]:
        inputs = players.people_inputs(results)
        gc.collect()  # what earlier tests left for the collector is not this matching's peak
        tracemalloc.start()
        try:
            found = players._match(results, inputs).data()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        return found, peak, sum(len(person[5]) for person in found[1])

    matched(archive(2))  # once first: what the first matching makes once for all is not counted
    small, small_peak, small_rows = matched(archive(20))
    large, large_peak, large_rows = matched(archive(60))
    grown = large_peak - small_peak
    # Measured: 9 bytes a row more; 190 with the events' pickles and a share of the rows held.
    assert grown < (large_rows - small_rows) * 24, f"peak {small_peak} -> {large_peak} bytes for {small_rows} -> {large_rows} rows"
    monkeypatch.setattr(players, "GATHERED_HELD", 1_000)  # written aside every thousand bytes
    assert matched(archive(20))[0] == small


def test_the_search_index_s_records_and_postings_do_not_add_up(tmp_path, monkeypatch):
    """A large site's search index (render/search.py's index_files) is written a file at a time:
    its records packed, each chunk of them let go once written while their postings are gathered,
    and each gram shard's postings let go once written. The search page's whole making peaks
    well below its records (as Records) and their postings together, which the build held at
    once until the last file (42 MB at 2,000 events)."""
    import tracemalloc
    from array import array
    from dataclasses import replace

    from generator.build import validate
    from generator.render import html, search
    from generator.render.i18n import Translator
    from generator.render.incremental import site_digest
    from generator.render.output import OutputTree
    from tests.support import ROOT

    site, demo, _ = validate(ROOT / "content", workers=1)
    # The demo's events 12 times over (some 3,000 records), its index sharded as a large site's
    # (small shards: a shard's own making, bounded by SHARD_LIMIT, is not what is measured).
    monkeypatch.setattr(search, "SINGLE_INDEX_LIMIT", 0)
    monkeypatch.setattr(search, "SHARD_LIMIT", 5_000)
    results = [replace(result, event=replace(result.event, slug=f"{result.event.slug}-{copy}"))
               for copy in range(12) for result in demo]
    people = html.collect_people(results, None)
    env = html.environment(site.locale, people)
    writer = html.SiteWriter(site, OutputTree(tmp_path / "output"))
    t = Translator(site.locale)

    def records_and_postings() -> int:
        """The records as Records and every gram's record numbers, held at once."""
        tracemalloc.start()
        try:
            found = search.records(results, people, t, html.event_url, html.entry_url, html.player_url)
            postings: dict[str, array] = {}
            for number, record in enumerate(found):
                for gram in search.grams_of(record.text):
                    postings.setdefault(gram, array("I")).append(number)
            return tracemalloc.get_traced_memory()[0]
        finally:
            del found, postings
            tracemalloc.stop()

    def search_made() -> tuple[dict, int]:
        tracemalloc.start()
        try:
            made = html._write_search(site, results, people, env, writer, None, site_digest(site))
            return made, tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    search_made()  # once first: what the first making makes once for all (the templates) is not counted
    held = records_and_postings()
    made, peak = search_made()
    files = made[html.SEARCH_PART].files
    assert files[0] == "assets/search-index.js" and "assets/search/g-1.js" in files and "assets/search/r-1.js" in files
    # Measured on the demo 12 times over: 1.65 MB against 1.98 MB; before, 2.6 MB (the two and more).
    assert peak < held, f"the search index peaked at {peak} bytes, its records and postings are {held}"


def test_the_search_index_lets_its_records_go_as_it_writes_them(monkeypatch):
    """index_files is handed the packed records and lets each go once its chunk is written: when
    a chunk of records comes out, no record of it or before it is still held, and none at all
    once the gram shards come out."""
    from dataclasses import replace

    from generator.build import validate
    from generator.render import html, search
    from generator.render.i18n import Translator
    from tests.support import ROOT

    site, demo, _ = validate(ROOT / "content", workers=1)
    monkeypatch.setattr(search, "SINGLE_INDEX_LIMIT", 0)
    results = [replace(result, event=replace(result.event, slug=f"{result.event.slug}-{copy}"))
               for copy in range(3) for result in demo]
    people = html.collect_people(results, None)
    found = search.packed_records(results, people, Translator(site.locale), html.event_url, html.entry_url,
                                  html.player_url)
    records = len(found)
    assert records > 2 * search.CHUNK_RECORDS
    chunks = shards = 0
    for path, _ in search.index_files(found):
        if "/r-" in path:
            chunks += 1
            written = min(chunks * search.CHUNK_RECORDS, records)
            assert found[:written] == [None] * written and None not in found[written:]
        elif "/g-" in path:
            shards += 1
            assert found == []
    assert chunks == -(-records // search.CHUNK_RECORDS) and shards >= 1


def test_an_entry_s_search_record_is_held_without_what_its_event_gives_it():
    """The search records are held, packed and sorted, until their chunk is written: 44,000 of
    the 46,000 at 2,000 events are entries', and half of each was its event's (the address up to
    the entry's id, the event's title and year ending its detail), repeated for every entry. An
    entry's record holds its event's number instead, and is unpacked as it was; the records come
    out in the order the index numbers them: players by title, entries and events newest event
    first, those of one day in their addresses' order (copy 10's address sorts before copy 1's:
    "-10/" before "-1/"), then by title."""
    import tracemalloc
    from dataclasses import replace

    from generator.build import validate
    from generator.render import html, search
    from generator.render.i18n import Translator
    from tests.support import ROOT

    site, demo, _ = validate(ROOT / "content", workers=1)
    results = [replace(result, event=replace(result.event, slug=f"{result.event.slug}-{copy}"))
               for copy in range(12) for result in demo]
    people = html.collect_people(results, None)
    t = Translator(site.locale)
    rows = [(r.kind, r.title, r.detail, r.url, r.text)
            for r in search.records(results, people, t, html.event_url, html.entry_url, html.player_url)]
    tracemalloc.start()  # (once made: what the first making makes once for all, such as the 繁→简 table, is not counted)
    try:
        found = search.packed_records(results, people, t, html.event_url, html.entry_url, html.player_url)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    place = {result.event.slug: (search._newest_first(result.event), html.entry_url(result.event, "\0").split("\0")[0])
             for result in results}

    def order(kind: str, title: str, url: str) -> tuple:
        return (search.KINDS.index(kind), ((False, 0), "") if kind == "player" else place[url.split("/")[1]], title, url)

    assert [order(kind, title, url) for kind, title, _, url, _ in rows] == sorted(
        order(kind, title, url) for kind, title, _, url, _ in rows)
    entries = [(result, entry_id) for result in results for entry_id in result.event.entries]
    assert sorted(url for kind, _, _, url, _ in rows if kind == "entry") == sorted(
        html.entry_url(result.event, entry_id) for result, entry_id in entries)
    size = sum(len("".join(row).encode()) for row in rows)
    # Measured on the demo 12 times over: 0.39 MB held for 0.54 MB of records; before, 0.89 MB.
    assert held < size, f"{held} bytes held for {size} bytes of records"
    for packed, (kind, title, detail, url, text) in zip(found, rows):
        if kind == "entry":
            slug = url.split("/")[1]
            event = next(result.event for result in results if result.event.slug == slug)
            assert event.title in detail and event.title not in packed.decode() and slug not in packed.decode()
            assert text == search.normalise(text) and search.normalise(title) in text


def test_a_gram_s_record_numbers_are_held_as_the_steps_between_them():
    """The search index gathers each gram's record numbers until every chunk of records is written
    (1.3 million at 2,000 events): held as the steps from one to the next, a byte each where
    less than 128 (most are: a gram of many records), more bytes where larger, and given back
    as they were."""
    from generator.render import search

    numbers = [0, 1, 2, 130, 131, 131 + 16_384, 131 + 16_384 + 2**21, 2**31 + 5, 2**31 + 6]  # steps 0, 1, 1, 128, 1, …
    gaps = bytearray()
    for before, number in zip([0, *numbers], numbers):
        if number - before < 0x80:
            gaps.append(number - before)
        else:
            search._add_step(gaps, number - before)
    assert len(gaps) == 1 + 1 + 1 + 2 + 1 + 3 + 4 + 5 + 1  # 7 bits a byte
    assert search._numbers(gaps) == numbers
    dense = bytearray([3] * 1_000)
    assert search._numbers(dense) == list(range(3, 3_001, 3))


def test_a_sitemap_file_is_written_a_batch_of_pages_at_a_time(tmp_path, monkeypatch):
    """A sitemap file lists up to SITEMAP_URLS pages (a large site's, 10,000 and more each): it is
    made and written a batch of pages at a time, never held whole, nor its lines, nor its bytes
    (each of the three was, at once: three times the file)."""
    import datetime as dt
    import tracemalloc

    from generator.build import validate
    from generator.render import html
    from generator.render.output import OutputTree
    from tests.support import ROOT

    site, _, _ = validate(ROOT / "content", workers=1)
    assert site.base_url
    writer = html.SiteWriter(site, OutputTree(tmp_path / "output"))
    day = dt.date(2024, 5, 1)
    writer.pages = [(f"events/event-{number}/entries/T{number % 100}/index.html", day) for number in range(20_000)]
    monkeypatch.setattr(html, "SITEMAP_APART_FROM", 10**9)  # made by this process, whose memory is watched
    html._write_sitemap(site, writer, {}, None)  # once first: what the first making makes once for all
    tracemalloc.start()
    try:
        html._write_sitemap(site, writer, {}, None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    size = (tmp_path / "output/sitemap.xml").stat().st_size
    assert (tmp_path / "output/sitemap.xml").read_text().count("<url>") == 20_000
    # Measured: 1.0 MB (the list of pages, sorted) for a 2.2 MB file; before, 9.2 MB.
    assert peak < size * 2 // 3, f"peaked at {peak} bytes writing a {size} bytes sitemap"


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="rendered by forked workers")
def test_the_rendered_parts_are_held_packed_until_the_record_is_written(tmp_path, monkeypatch):
    """What the render workers wrote (each event's and each player page's files, their stamps
    and pages: 87,000 files at 2,000 events) is packed again part by part, as the record keeps
    it, as each worker's report is unpacked: when the record of the build is written, no part
    is held unpacked, and none was unpacked to be recorded. The site and the record are whole:
    the next build finds nothing changed."""
    import gc

    from generator import caches
    from generator.build import build
    from generator.render.incremental import EventPages, RecordedPages
    from tests.support import demo_content

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012",
                           "chem-park-daguai-2016")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    unpacked: list[str] = []
    watched_record: list = []
    write_sealed_named = caches.write_sealed_named  # (the record is sealed and written as it is pickled)

    def watched(folder, prefix, *args, **kwargs):  # noqa: ANN001, ANN202
        if prefix.endswith((".record", ".record.next")):  # the record itself (a whole new site's written
            # to wait for the swap: place_site's `recording`), written last, once every part is packed
            watched_record.append(folder / prefix)
            gc.collect()  # what earlier builds in this process left for the collector is not this build's
            for pages in gc.get_objects():
                if type(pages) is EventPages or (isinstance(pages, RecordedPages) and pages._unpacked is not None):
                    unpacked.extend(part for part in pages.files if part.startswith(("events/", "players/")))
        return write_sealed_named(folder, prefix, *args, **kwargs)

    monkeypatch.setattr(caches, "write_sealed_named", watched)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    report = build(content, output, cache_dir=cache, bulletins=False)
    assert report.events == 4 and (output / "events/dongke-bridge-2015/index.html").is_file()
    assert watched_record, "the record was not written through caches.write_sealed_named"
    assert unpacked == [], f"{len(unpacked)} rendered files held unpacked while the record was written"
    assert "events/dongke-bridge-2015/index.html" in report.written  # the workers' files, written anew
    monkeypatch.setattr(caches, "write_sealed_named", write_sealed_named)
    assert build(content, output, cache_dir=cache, bulletins=False).up_to_date


def test_the_record_s_side_files_are_written_without_their_payload_whole(tmp_path):
    """A file beside the record (the persons' rows, the people index, a bucket of parts) is
    sealed, named and written from its value pickled a frame at a time: its payload, some
    megabytes each at 2,000 events, is never made whole beside what the build holds. The file
    is the value, sealed; the same value, the same name."""
    import tracemalloc

    from generator import caches
    from generator.render import incremental

    rows = [bytes([number % 251]) * 2_000 for number in range(4_000)]  # 8 MB, as a large archive's persons' rows
    previous = incremental.PreviousBuild(tmp_path / "output", tmp_path / "cache" / "site-x.record", parts=False)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        name = previous._side_file("people-rows", rows)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, f"{peak} bytes held while 8 MB of rows were written"  # 8 MB and more when made whole
    assert caches.read_sealed(tmp_path / "cache" / name) == rows
    assert name == previous._side_file("people-rows", list(rows))



def test_the_record_s_files_are_pickled_once_each(tmp_path, monkeypatch):
    """Each file of the record (a side file, the record itself) is pickled once, its seal and its
    name made from the frames as they are written (seals.write_sealed_named): pickled for the
    seal, for the name and for the file in turn, a mass event's people took a third of the
    build's own time at its end. A value saved again gets the same name; a file of that name
    a power cut left empty or cut short is replaced, never kept as holding the same (every later
    build refused it and rendered the whole site again)."""
    from generator import caches
    from generator.render import incremental
    from generator.render.output import OutputTree

    pickled: list[object] = []
    pickle_into = incremental._pickle_into

    def counted(value, *args, **kwargs):  # noqa: ANN001, ANN202
        pickled.append(value)
        return pickle_into(value, *args, **kwargs)

    monkeypatch.setattr(incremental, "_pickle_into", counted)
    output = tmp_path / "output"
    output.mkdir()
    record = tmp_path / "cache" / "site-x.record"
    previous = incremental.PreviousBuild(output, record, parts=False)
    rows = [b"row %d" % number for number in range(1_000)]
    name = previous._side_file("people-rows", rows)
    assert len(pickled) == 1 and caches.read_sealed(tmp_path / "cache" / name) == rows
    (tmp_path / "cache" / name).write_bytes(b"")  # as a power cut leaves a file written unsynced
    assert previous._side_file("people-rows", list(rows)) == name  # the same value: the same name
    assert caches.read_sealed(tmp_path / "cache" / name) == rows
    assert previous._side_file("people-rows", rows[:-1]) != name
    pickled.clear()
    previous.save({}, OutputTree(output))
    assert len(pickled) == 1 and caches.read_sealed(record)["version"] == incremental.RECORD_VERSION
    assert sorted(p.name for p in record.parent.iterdir() if ".tmp-" in p.name) == []

def test_the_record_s_people_are_written_without_every_event_s_seats_at_once(tmp_path):
    """Who sits where in each event (render/players.py's PeopleIndex.events, its blobs in a file:
    SpilledSeats) is recorded an event at a time, as each is read back, in a file of its own:
    pickled with the persons, whose objects the pickler remembers, every event's blob was held
    by its memo until the people file was written (2,000 events: 2.9 MB more at the build's
    end, its peak, and more with every event). The record reads back as it was saved."""
    import tracemalloc
    from array import array

    from generator import caches
    from generator.render import incremental, players
    from generator.render.output import OutputTree

    spill = caches.Spill(tmp_path)
    events = 2_000
    blobs = [bytes([number % 251]) * 2_000 for number in range(events)]  # 4 MB, as a large archive's seats
    numbers = {f"event-{number:04d}": number for number in range(events)}
    digests = b"".join(hashlib.sha256(blob).digest() for blob in blobs)
    seats = players.SpilledSeats((numbers, digests, array("q", map(spill.put, blobs))), spill)
    persons = [(f"p{number}", f"Person {number}", [], False, None, [f"event-{number:04d}"]) for number in range(50)]
    output = tmp_path / "output"
    output.mkdir()
    previous = incremental.PreviousBuild(output, tmp_path / "cache" / "site-x.record", parts=False)
    previous.people = ("inputs", persons, seats, [b"rows"] * 50)
    del blobs
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before, _ = tracemalloc.get_traced_memory()
        previous.save({}, OutputTree(output))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak - before < 1_000_000, f"{peak - before} bytes held while 4 MB of seats were recorded"
    again = incremental.PreviousBuild(output, tmp_path / "cache" / "site-x.record")
    assert again.read_people() == ("inputs", persons, dict(seats.items()))
    assert again.people[2] == dict(seats.items()) and list(again.people[3]) == [b"rows"] * 50


def test_the_record_is_written_without_its_payload_whole(tmp_path):
    """The record of the build (every file written, with its stamp, that no part holds; the event
    folders' stats; the names of the files beside it) is sealed and written as it is pickled, a
    frame at a time, as the files beside it are: pickled whole (in a buffer that doubles as it
    grows), it was the last thing the build made, at its end, its peak. The record reads back
    as it was saved, and is the sealed pickle of what it holds."""
    import pickle
    import tracemalloc

    from generator import caches
    from generator.render import incremental
    from generator.render.output import OutputTree

    output = tmp_path / "output"
    output.mkdir()
    tree = OutputTree(output)
    for number in range(2_000):  # 2 MB pickled (a large record's bulk is a few large values: the folders' stats)
        path = f"events/event-{number:05d}/{'stage/' * 160}index.html"
        tree.written.append(path)
        tree.stamps[path] = (number, 1_700_000_000_000_000_000 + number)
    record = tmp_path / "cache" / "site-x.record"
    previous = incremental.PreviousBuild(output, record, parts=False)
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        previous.save({}, tree)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = record.stat().st_size
    assert peak - before < size // 2, f"{peak - before} bytes held while a record of {size} bytes was written"
    data = caches.read_sealed(record)
    assert data["loose"] == tree.stamps
    assert record.read_bytes() == caches.seal(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
    assert incremental.PreviousBuild(output, record).data == data


def test_the_persons_rows_are_held_compressed():
    """Each person's rows (render/players.py's PeopleIndex.rows: one of their events each, its
    slug and their seat) are held compressed: the build holds them from the matching of people
    to the record it writes last, and every render worker forked meanwhile inherits them. A
    2,000-event archive's were 8.6 MB as pickles, in the build and in the matching process that
    sends them; 0.4 MB compressed. So is who sits where in each event (PeopleIndex.events: 3.3
    MB as pickles, 2 MB so). Each person's rows read back as matched."""
    import pickle
    from dataclasses import replace

    from generator.build import validate
    from generator.render import players
    from tests.support import ROOT

    site, demo, _ = validate(ROOT / "content", workers=1)
    # An archive of the demo's events 30 times over, as bench/archive.py makes its archives.
    results = [replace(result, event=replace(result.event, slug=f"{result.event.slug}-{copy}"))
               for copy in range(30) for result in demo]
    index = players._match(results, players.people_inputs(results))
    people = players.collect_people(results, index.data())
    rows = sum(len(person.slugs) for person in people.persons)
    held = sum(map(len, index.rows))
    # Measured on these: 7.5 bytes a row compressed, 82 as pickles.
    assert held < rows * 20, f"{held} bytes held for {rows} persons' rows"
    person = max(people.persons, key=lambda p: len(p.slugs))
    shown = people.rows_of(person)
    assert [row.result.event.slug for row in shown] == person.slugs and all(row.entry for row in shown)
    assert pickle.loads(pickle.dumps(index.data()))[3] == index.rows  # as the record keeps them
    seats = sum(len(entry.players) for result in results for entry in result.event.entries.values())
    held = sum(len(packed) for _, packed in index.events.values())
    # Measured on these: 20 bytes a seat compressed, 33 as pickles.
    assert held < seats * 26, f"{held} bytes held for who sits where in {seats} seats"
    seated = {(entry_id, number): person for entry_id, entry in demo[0].event.entries.items()
              for number, person in enumerate(entry.players)}
    slug = f"{demo[0].event.slug}-0"
    assert all(people.of(slug, entry_id, number).name == person.name for (entry_id, number), person in seated.items())


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="read by forked workers")
def test_a_full_build_holds_its_lines_rows_compressed(tmp_path):
    """A full build takes each event its readers read anew as its line (event_cache.py), and holds
    the archive's lines from the reading to the last page rendered. The rows players' pages show
    of each event (half a line's bytes, 4.4 MB pickled at 2,000 events) are held apart from the
    lines, compressed, and the ledger's files of rows are not held once written. Each event's
    rows read back as the event's summary makes them."""
    import pickle

    from generator.build import validate
    from generator.tournament.summary import LazySummary, shown_rows
    from tests.support import ROOT, demo_content

    slugs = sorted(p.name for p in (ROOT / "content/events").iterdir() if p.is_dir())
    content = demo_content(tmp_path, *slugs)
    site, results, _ = validate(content, cache_dir=tmp_path / "events", workers=2, summaries=True)
    lines = [result for result in results if isinstance(result, LazySummary)]
    assert len(lines) == len(slugs)
    assert all(result.line.rows is None for result in lines), "rows held in the lines as pickled"
    cache = lines[0]._source.cache  # the event cache the lines read their rows from
    assert cache._rows == {}, "the ledger's rows held as written"
    raw = sum(len(result.rows()) for result in lines)
    assert all(isinstance(where, int) for where in cache._packed_rows.values()), "rows held in the heap"
    held = cache._spilled.size()  # in the event cache's file (caches.Spill), where they lie held
    assert held < raw * 0.7, f"{held} bytes kept for {raw} bytes of rows"
    for result in lines:
        assert pickle.loads(result.rows()) == shown_rows(result.whole())


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="read by forked workers")
def test_a_full_build_holds_each_event_s_line_as_a_few_objects(tmp_path, monkeypatch):
    """A full build holds every event as its line (event_cache.py's LazySummary) from the reading
    to its last page, and each render worker it forks inherits them: at 2,000 events their
    objects (a line's 25 fields, its LazySummary's and LazyEvent's dicts, two partials) were 6 MB
    of the build's heap at the render fork, 3 kB an event. Each line is held packed, a few
    objects an event, and unpacked where it is used (the LINES_HELD last asked for). Its
    attributes read back as its summary makes them."""
    import sys
    from pathlib import PurePath

    from generator.build import validate
    from generator.content.model import Site
    from generator.event_cache import EventCache
    from generator.tournament import summary
    from tests.support import ROOT, demo_content, held_apart

    monkeypatch.setattr(summary, "LINES_HELD", 1, raising=False)
    slugs = sorted(p.name for p in (ROOT / "content/events").iterdir() if p.is_dir())
    content = demo_content(tmp_path, *slugs)
    site, results, _ = validate(content, cache_dir=tmp_path / "events", workers=2, summaries=True)
    lines = [result for result in results if isinstance(result, summary.LazySummary)]
    assert len(lines) == len(slugs)
    # What the events share: the event cache their summaries and rows are read from, the site,
    # its folders' paths; and the one line left unpacked (LINES_HELD).
    slots = getattr(summary.LazySummary, "__slots__", ())  # (asked of a LazySummary, another name reads its summary)
    unpacked = [result for result in lines if "_line" in slots and result._line is not None]
    assert len(unpacked) <= 1
    sources = tuple({type(result._source) for result in lines if "_source" in slots})
    held = held_apart([result for result in lines if result not in unpacked], (EventCache, Site, PurePath, *sources))
    per_event = len(held) / (len(lines) - len(unpacked))
    size = sum(map(sys.getsizeof, held)) / (len(lines) - len(unpacked))
    # Measured: 5 objects, 1,100 bytes an event (the packed line 700 of them); 36 objects and
    # 2,900 bytes as the line's objects (sys.getsizeof's, without the allocator's rounding).
    assert per_event <= 8, f"{per_event:.0f} objects held an event"
    assert size < 1_500, f"{size:.0f} bytes held an event"
    whole = {result.event.slug: summary.summarise(result.whole()) for result in lines}
    for result in lines:
        line = summary.line_of(whole[result.event.slug])
        assert result.line == line._replace(rows=None)
        event = result.event
        assert (event.title, event.dates, event.game, event.locale, event.folder.name) == (
            line.title, list(line.dates), line.game, line.locale, result.event.slug)


def test_what_was_let_go_of_each_file_is_a_few_bytes(tmp_path):
    """The build notes the size and CRC-32 of each file it lets go (snapshot.let_go), to refuse
    one read again that changed since, and holds those notes from its reading to its end, while
    every render worker is forked: 16 bytes a file, not a dict of paths and tuples (some 100
    bytes a file besides its path: a 2,000-event archive has 44,000 files). A file let go reads
    again as it was, or is refused changed."""
    import tracemalloc

    paths = []
    for number in range(5_000):
        path = tmp_path / f"round-{number}.yaml"
        path.write_bytes(b"tables:\n  - {table: %d, score: 420}\n" % number)
        paths.append(str(path))
    with snapshot.taking():
        for path in paths:
            snapshot.read(path)
        tracemalloc.start()
        try:
            snapshot.let_go(keep=lambda path: False)
            snapshot._LET_GO.get(paths[0])  # (the notes settled as the first look-up finds them)
            held = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        assert held < 32 * len(paths), f"{held} bytes held for {len(paths)} files let go"
        assert snapshot.read(paths[1]) == b"tables:\n  - {table: 1, score: 420}\n"
        (tmp_path / "round-2.yaml").write_bytes(b"tables: []\n")
        with pytest.raises(snapshot.Changed):
            snapshot.read(paths[2])


def test_the_parts_files_stamps_and_pages_are_held_compressed(tmp_path):
    """Each part of the site (an event's pages, a player's page) keeps its files, their stamps and
    its pages packed, as the record keeps them (EventPages.packed): a build holds every part so
    from the render workers' reports to its record, and a rebuild holds every part of the last
    build's record (2,000 events: 3,200 parts, 87,000 files). Their paths repeat the event's:
    held compressed, under half the bytes of their pickles. A part unpacks as it was made."""
    import pickle

    from generator.render.incremental import EventPages, RecordedPages, rendered_pages

    slug = "dongke-bridge-2015"
    files = ([f"events/{slug}/index.html", f"events/{slug}/results.json"]
             + [f"events/{slug}/stages/main/round-{n}/index.html" for n in range(1, 8)]
             + [f"events/{slug}/entries/T{n:02d}/index.html" for n in range(1, 41)])
    pages = [(path.removesuffix("index.html"), None) for path in files if path.endswith(".html")]
    part = rendered_pages(EventPages("k" * 64, list(files), list(pages)),
                          {path: (1_000 + n, 1_700_000_000_000_000_000 + n) for n, path in enumerate(files)})
    raw = len(pickle.dumps((tuple(part.files), part.stamps, tuple(part.pages)), protocol=pickle.HIGHEST_PROTOCOL))
    held = len(part.packed()[3])
    assert held < raw // 2, f"{held} bytes held for {raw} bytes of files, stamps and pages"
    again = RecordedPages(*part.packed())
    assert (again.files, again.pages, list(again.stamps)) == (files, pages, list(part.stamps))
    assert again.file_count == len(files) and again.page_count == len(pages)


def test_the_report_names_the_files_written_anew_without_holding_their_paths(tmp_path):
    """A build's report names every file it wrote anew (OutputTree.fresh): the render workers'
    are in their parts, held packed for the record, and are gone through from there when asked,
    not made into a list at the build's end (87,000 paths at 2,000 events: 9 MB, the largest
    thing the build made then). Every file is named, in order, once."""
    import tracemalloc

    from generator.render.incremental import EventPages, rendered_pages
    from generator.render.output import OutputTree

    tree = OutputTree(tmp_path)
    tree.written.extend(["index.html", "feed.xml"])
    expected = ["index.html", "feed.xml"]
    for number in range(500):
        files = [f"events/event-{number}/stages/main/round-{n}/index.html" for n in range(40)]
        tree.rendered_parts.append(rendered_pages(EventPages("k" * 64, files, []), dict.fromkeys(files, (1, 2))))
        expected += files
    tracemalloc.start()
    try:
        fresh = tree.fresh()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    paths = sum(sys.getsizeof(path) for path in expected)
    assert held < paths // 50, f"{held} bytes held for {len(expected)} paths ({paths} bytes)"
    assert len(fresh) == len(expected) and list(fresh) == expected
    assert "events/event-7/stages/main/round-3/index.html" in fresh and fresh[-1] == expected[-1]


def test_bench_archive_places_each_memory_sample_in_the_part_of_the_build_it_fell_in(tmp_path):
    """bench/archive.py reports the memory peak of each part of a build (reading and scoring,
    rendering, …) from the build's report of when each part ended: the parts are all there, in
    their order, on the clock another process reads (time.monotonic), and a sample counts in the
    part it was taken in, a sample after the build in none."""
    import time

    from generator.build import build
    from tests.support import bench, demo_content

    archive = bench("archive")

    content = demo_content(tmp_path, "tumu-guandan-2020")
    started = time.monotonic()
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert list(report.ended) == list(report.seconds) == ["reading and scoring", "printing", "rendering", "writing"]
    ends = list(report.ended.values())
    assert started < ends[0] <= ends[1] <= ends[2] <= ends[3] <= time.monotonic()

    reading, rendering = report.ended["reading and scoring"], report.ended["rendering"]
    samples = [(started, 10, 30), (reading - 1e-6, 11, 40), (rendering - 1e-6, 12, 90), (rendering - 2e-6, 20, 50),
               (ends[3] + 1, 99, 999)]
    assert archive.by_part(samples, report.ended) == {"reading and scoring": (40, 11), "rendering": (90, 20)}


def _objects_held(value: object) -> tuple[int, int]:
    """The objects `value` holds (itself included), as (how many, their bytes), each counted once."""
    seen: dict[int, int] = {}
    todo = [value]
    while todo:
        found = todo.pop()
        if id(found) in seen or isinstance(found, type) or found is None:
            continue
        seen[id(found)] = sys.getsizeof(found)
        todo.extend(gc.get_referents(found))
    return len(seen), sum(seen.values())


def _event_folders(content, events: int) -> None:
    (content / "site.yaml").parent.mkdir(parents=True, exist_ok=True)
    (content / "site.yaml").write_text("title: t\n", encoding="utf-8")
    for number in range(events):
        folder = content / "events" / f"club-pairs-{2000 + number}"
        (folder / "results").mkdir(parents=True)
        (folder / "event.yaml").write_text(f"title: {number}\n", encoding="utf-8")
        (folder / "notice.md").write_text("notice\n", encoding="utf-8")
        for round_number in range(1, 7):
            (folder / "results" / f"round-{round_number}.yaml").write_text(f"r: {round_number}\n", encoding="utf-8")


def test_the_event_folders_stats_are_held_flat(tmp_path, monkeypatch):
    """What the build found of each event folder (its files' stats, its digest, its layout: for
    the next build) is held from the look at the folders to the record of the build, and a
    rebuild holds the last build's besides, inherited by every render worker: packed, a few
    objects in all, not a dozen and more for each folder (2,000 events: 28,000 objects, 1.9 MB)."""
    from generator.render import incremental

    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: their stats recorded all the same)
    content = tmp_path / "content"
    _event_folders(content, 60)
    with incremental.one_reading():
        found = incremental.Folders()
        inputs = incremental.build_inputs(content, False, known=None, found=found)
    assert len(found) == 60
    count, size = _objects_held(found)
    assert count < 10 and size < 60 * 400, f"{count} objects, {size} bytes for 60 event folders"
    recorded = incremental.Folders(pickle.loads(pickle.dumps(found.recorded())))  # as the next build reads it
    assert recorded == found and _objects_held(recorded)[0] < 10
    name = "club-pairs-2007"
    signature, digest, (dirs, files) = recorded[name]
    assert files == ("event.yaml", "notice.md", *(f"results/round-{n}.yaml" for n in range(1, 7)))
    assert [relative for relative, _ in dirs] == ["", "results"] and len(signature) == len(digest) == 32
    with incremental.one_reading():
        again = incremental.Folders()
        assert incremental.build_inputs(content, False, known=recorded, found=again) == inputs
        assert again == found and len(incremental._TRUSTED) == 60  # each taken from its stats


def test_two_event_folders_of_the_same_digest_are_told_apart_by_their_names(tmp_path, monkeypatch):
    """The event folders' stats are found by a 64-bit digest of the folder's name: two names of the
    same digest are told apart by the name each entry holds, so that no folder is ever taken for
    another, and a changed event is never kept for another's unchanged stats."""
    from generator.render import incremental

    monkeypatch.setattr(incremental, "RACY_NS", 0)
    monkeypatch.setattr(incremental, "_name_digest", lambda name: 7)  # every name the same digest
    content = tmp_path / "content"
    _event_folders(content, 5)
    with incremental.one_reading():
        found = incremental.Folders()
        before = incremental.build_inputs(content, False, found=found)
    assert len(found) == 5 and found.get("club-pairs-2009") is None
    for number in range(5):
        assert found[f"club-pairs-{2000 + number}"][2][1][0] == "event.yaml"
    (content / "events" / "club-pairs-2003" / "results" / "round-2.yaml").write_text("r: 20\n", encoding="utf-8")
    with incremental.one_reading():
        after = incremental.build_inputs(content, False, known=found, found=incremental.Folders())
        trusted = {path.name for path in incremental._TRUSTED}
    assert after != before and "club-pairs-2003" not in trusted and len(trusted) == 4


def test_a_part_as_recorded_is_a_few_objects(tmp_path):
    """Each part of the site (an event's pages, a player's page) as the build holds it from the
    render workers' reports to its record, and a rebuild holds the last build's (12,000 parts at
    2,000 events): its key, `listed`, and two bytes objects (its first file, stamp and counts;
    the rest packed), with no dictionary of attributes: it answers as it was made."""
    from generator.render.incremental import EventPages, RecordedPages, rendered_pages

    files = [f"events/e/stages/main/round-{n}/index.html" for n in range(1, 8)] + ["events/e/results.json"]
    part = rendered_pages(EventPages("k" * 64, list(files), [("events/e/", None)]),
                          {path: (1_000 + n, 1_700_000_000_000_000_000 + n) for n, path in enumerate(files)})
    count, _ = _objects_held(part)
    assert not hasattr(part, "__dict__") and count <= 5, f"{count} objects for one part"
    again = RecordedPages(*pickle.loads(pickle.dumps(part.packed())))
    assert again.first() == [(files[0], (1_000, 1_700_000_000_000_000_000))]
    assert (again.file_count, again.html_count, again.page_count) == (8, 7, 1)
    assert again.files == files and RecordedPages(*EventPages("k", []).packed()).first() == []


def test_the_persons_rows_are_recorded_without_the_pickler_remembering_each(tmp_path):
    """The record's save writes the persons' rows (a bytes object each, 40,000 of them and more
    in a large archive) a frame at a time, and without the pickler's memo, which held an entry for
    each row written (several MB at the build's end, the build's own peak then)."""
    import tracemalloc

    from generator.render import incremental
    from generator.render.output import OutputTree

    rows = [number.to_bytes(4, "little") * 20 for number in range(40_000)]  # 80 bytes a person: 3.2 MB
    previous = incremental.PreviousBuild(tmp_path / "output", tmp_path / "cache" / "site-x.record", parts=False)
    previous.people = ("inputs", [], {}, rows)
    tree = OutputTree(tmp_path / "output")
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        previous.save({}, tree)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, f"{peak} bytes held while 40,000 rows were recorded"
    again = incremental.PreviousBuild(tmp_path / "output", tmp_path / "cache" / "site-x.record")
    assert list(again.people[-1]) == rows


@pytest.mark.skipif(not hasattr(os, "fork"), reason="made by a forked process")
def test_a_large_site_s_search_index_is_made_by_a_process_of_its_own(tmp_path, monkeypatch):
    """A large site's search index (46,000 records and their postings at 2,000 events) is made,
    once the render workers are done, by a process forked for it: the holes its records and
    postings left in the build's heap stayed to the build's end, its peak (10 MB at 2,000
    events). The index's files are those the build would write itself, named in its report and
    recorded: the next build finds the site up to date."""
    from generator.build import build
    from generator.render import html, incremental
    from tests.support import ROOT, demo_content

    slugs = sorted(p.name for p in (ROOT / "content/events").iterdir() if p.is_dir())
    content = demo_content(tmp_path, *slugs)
    made_by = tmp_path / "made-by"
    packed_records = html.packed_records

    def noted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        with open(made_by, "a", encoding="utf-8") as noting:  # (from another process: noted in a file)
            noting.write(f"{os.getpid()}\n")
        return packed_records(*args, **kwargs)

    monkeypatch.setattr(html, "packed_records", noted)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: as test_rebuild_in_place's)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: the next build trusts their stats)
    monkeypatch.setattr(html, "SEARCH_APART_FROM", 1, raising=False)
    apart = build(content, tmp_path / "apart", cache_dir=tmp_path / "cache-apart" / "pdf", bulletins=False)
    assert made_by.read_text().split() not in ([], [str(os.getpid())]), "made by the build's own process"
    monkeypatch.setattr(html, "SEARCH_APART_FROM", 10**9)
    here = build(content, tmp_path / "here", cache_dir=tmp_path / "cache-here" / "pdf", bulletins=False)
    assert made_by.read_text().split()[-1] == str(os.getpid())
    searched = sorted(path for path in here.written if "search" in path)
    assert searched and sorted(path for path in apart.written if "search" in path) == searched
    assert sorted(apart.written) == sorted(here.written)
    for path in searched:
        assert (tmp_path / "apart" / path).read_bytes() == (tmp_path / "here" / path).read_bytes()
    monkeypatch.setattr(html, "SEARCH_APART_FROM", 1)
    again = build(content, tmp_path / "apart", cache_dir=tmp_path / "cache-apart" / "pdf", bulletins=False)
    assert again.up_to_date


@pytest.mark.skipif(not hasattr(os, "fork"), reason="made by a forked process")
def test_a_large_site_s_sitemap_is_made_by_a_process_of_its_own(tmp_path, monkeypatch):
    """A site's sitemap lists every page of it, each file its pages sorted, all unpacked and held
    at once (a large site's 12,500 a file, a 200-event site's 8,600 in one): once the render
    workers are done, a site of SITEMAP_APART_FROM pages has it made by a process forked for
    it, so that the build's own process never holds them all (the holes they left in its heap
    stayed to the build's end: 3.4 to 3.9 MiB of its own peak at 2,000 events). Its files are
    those the build would write itself, byte for byte, named in its report and recorded: a file
    whose pages are the same is kept by the next build, and the build after finds the site up
    to date."""
    from generator.build import build
    from generator.render import html, incremental
    from tests.support import demo_content, digest

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012")
    made_by = tmp_path / "made-by"
    sitemap_parts = html.sitemap_parts

    def noted(site, pages):  # noqa: ANN001, ANN202
        with open(made_by, "a", encoding="utf-8") as noting:  # (from another process: noted in a file)
            noting.write(f"{os.getpid()} {len(pages)}\n")
        return sitemap_parts(site, pages)

    recorded: list[dict[str, str]] = []  # each build's parts' `listed` digests, as recorded
    save = incremental.PreviousBuild.save

    def noting_listed(self, parts, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        recorded.append({name: pages.listed for name, pages in parts.items()})
        return save(self, parts, *args, **kwargs)

    def built(where: str, apart: bool) -> tuple[object, list[list[int]]]:
        monkeypatch.setattr(html, "SITEMAP_APART_FROM", 1 if apart else 10**9, raising=False)
        made_by.unlink(missing_ok=True)
        report = build(content, tmp_path / where, cache_dir=tmp_path / f"cache-{where}" / "pdf", bulletins=False)
        lines = made_by.read_text().splitlines() if made_by.exists() else []
        return report, [list(map(int, line.split())) for line in lines]

    monkeypatch.setattr(html, "sitemap_parts", noted)
    monkeypatch.setattr(incremental.PreviousBuild, "save", noting_listed)
    monkeypatch.setattr(incremental, "can_fork_alone", lambda: True)  # (xdist's thread: as test_rebuild_in_place's)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: the next build trusts their stats)
    monkeypatch.setattr(html, "SITEMAP_URLS", 40)  # a large site's: an index and files of 40 pages at most
    apart, made = built("apart", apart=True)
    assert made and all(pid != os.getpid() for pid, _ in made), "the sitemap's pages held by the build's own process"
    assert sum(pages for _, pages in made) == apart.pages - 1  # every page but the search page
    here, made = built("here", apart=False)
    assert made and all(pid == os.getpid() for pid, _ in made)
    assert digest(tmp_path / "apart") == digest(tmp_path / "here") and sorted(apart.written) == sorted(here.written)
    assert len([path for path in apart.written if path.startswith("sitemaps/")]) > 10
    # What each part lists, as a digest (for the next build to keep a file by), recorded alike.
    assert recorded[0] == recorded[1] and sum(1 for listed in recorded[0].values() if listed) > 20
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"  # the same pages, a score changed
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
    (apart, made), (here, _) = built("apart", apart=True), built("here", apart=False)
    assert made and all(pid != os.getpid() for pid, _ in made)
    # Its files kept but the players' index's, as the build's own process keeps them.
    assert [path for path in apart.written if "sitemap" in path] == ["sitemaps/0.xml", "sitemap.xml"]
    assert list(apart.written) == list(here.written) and digest(tmp_path / "apart") == digest(tmp_path / "here")
    assert built("apart", apart=True)[0].up_to_date


def _bytes_held_at_the_render_fork(tmp_path, events: int, monkeypatch) -> tuple[int, int]:
    """A full build of bench/site.py's archive of `events` events (its people matched apart, as a
    large site's are): at its render workers' fork, the bytes (and bytearrays) its event cache
    holds for the lines' rows, its people index holds for who sits where and each person's rows,
    and its record of the event folders' stats (render/incremental.py's Folders) holds; and how
    many events it rendered."""
    from generator.build import build
    from generator.render import html, incremental, players
    from tests.support import bench, held_apart

    bench_site = bench("site")
    content = bench_site.make_archive(tmp_path / f"archive-{events}", events)
    found: list[int] = []
    fork = html._Rendering._fork

    def measured(self, shares):  # noqa: ANN001, ANN202
        if not found:
            jobs, persons = html._JOB["jobs"], html._JOB["persons"]
            cache = jobs[0][0]._source.cache  # the event cache the lines read their rows through
            index = persons[0][0]._people.index
            gc.collect()  # (the Folders of earlier builds in this process, let go)
            folders = [found for found in gc.get_objects() if type(found) is incremental.Folders]
            held = held_apart([cache._packed_rows, index.events, index.rows, *folders])
            found.append(sum(sys.getsizeof(item) for item in held if isinstance(item, (bytes, bytearray))))
        return fork(self, shares)

    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # read and rendered by two workers, whatever this machine has
    monkeypatch.setattr(players, "MATCH_APART_FROM", 2)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: their stats recorded all the same)
    monkeypatch.setattr(html._Rendering, "_fork", measured)
    report = build(content, tmp_path / f"output-{events}", cache_dir=tmp_path / f"cache-{events}" / "pdf",
                   bulletins=False)
    return found[0], report.events


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="read and matched by forked workers")
def test_the_rows_and_seats_a_build_keeps_are_not_in_its_heap_whatever_the_archive(tmp_path, monkeypatch):
    """What a full build needs of every event until its last page but reads seldom, the rows
    players' pages show of each event (event_cache.py's lines' rows) and who sits where in each
    event and each person's rows (render/players.py's PeopleIndex), is kept in a file
    (caches.Spill), not in the build's heap, which its render workers are forked from: there it
    grew with the archive (5 MB at 2,000 events, 0.5 MB at 200). So are the event folders' stats
    the build recorded last (render/incremental.py's Folders: 0.6 MB at 2,000 events). Held as
    bytes in the heap at the workers' fork, these are as many bytes at 24 events as at 8 (none)."""
    small, built = _bytes_held_at_the_render_fork(tmp_path, 8, monkeypatch)
    large, built_large = _bytes_held_at_the_render_fork(tmp_path, 24, monkeypatch)
    assert (built, built_large) == (8, 24)
    assert large <= small + 1024, f"{small} bytes held at 8 events, {large} at 24"


def test_what_a_build_writes_aside_is_on_disk_in_its_cache_folder_not_the_systems_temporary_one(
        tmp_path, monkeypatch):
    """The bytes a build writes aside to keep its heap small (caches.Spill: the files read, each
    event's rows, the people index's blobs) go to its cache folder, the user's own on the disk:
    the system's temporary folder is often in memory (tmpfs), where they would be memory still,
    outside every process and counted by none."""
    import tempfile

    from generator import caches
    from generator.build import build
    from generator.render import players
    from tests.support import demo_content

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012")
    monkeypatch.setattr(players, "MATCH_APART_FROM", 2)  # the people index's blobs spilled too
    made: list[str | None] = []
    temporary = tempfile.TemporaryFile

    def noted(*args, **kwargs):  # noqa: ANN202
        made.append(kwargs.get("dir"))
        return temporary(*args, **kwargs)

    monkeypatch.setattr(caches.tempfile, "TemporaryFile", noted)
    monkeypatch.setattr(snapshot, "_TAKEN", snapshot._Taken())  # no file of an earlier build's
    monkeypatch.setattr(caches, "_SPILLS_IN", [None])
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert report.events == 3
    assert len(made) >= 3, made  # the snapshot's, the event cache's, the people index's
    assert all(folder is not None and str(folder).startswith(str(tmp_path / "cache")) for folder in made), made


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or not hasattr(os, "pread"),
                    reason="rendered by forked workers; written aside, read back by os.pread")
def test_the_parts_the_workers_rendered_are_not_held_in_the_heap_to_the_record(tmp_path, monkeypatch):
    """What each part the render workers wrote is made of (its files, their stamps, its pages:
    render/incremental.py's RenderedPages), packed as the record keeps it, lies in a file
    (caches.Spill) from the workers' reports to the record written last, not in the build's heap,
    where it grew the build's own peak with the archive (1.5 MB at 2,000 events). Read back when
    asked: the sitemap, the record, and the next build, which finds the site up to date."""
    from generator import caches
    from generator.build import build
    from generator.render import incremental
    from generator.render.incremental import RenderedPages
    from tests.support import demo_content, held_apart

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012",
                           "chem-park-daguai-2016")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (files just written: the next build trusts their stats)
    found: list[tuple[list[RenderedPages], list[object]]] = []
    save = incremental.PreviousBuild.save

    def looked_at(self, parts, *args, **kwargs):  # noqa: ANN001, ANN202
        rendered = [pages for pages in parts.values() if isinstance(pages, RenderedPages)]
        found.append((rendered, held_apart(rendered, shared=(caches.Spill, str))))
        return save(self, parts, *args, **kwargs)

    monkeypatch.setattr(incremental.PreviousBuild, "save", looked_at)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    assert build(content, output, cache_dir=cache, bulletins=False).events == 4
    rendered, held = found[0]
    packed = {pages.packed()[3] for pages in rendered}  # what is packed of each, read back
    assert len(rendered) > 20 and all(pages.files for pages in rendered)
    assert not [item for item in held if isinstance(item, bytes) and item in packed], "held in the heap"
    assert build(content, output, cache_dir=cache, bulletins=False).up_to_date


@pytest.mark.skipif(not hasattr(os, "pread"), reason="held in a file, read back by os.pread")
def test_who_sits_where_is_held_flat_beside_its_blobs(tmp_path, monkeypatch):
    """Who sits where in each event, as a large archive's build holds it from the matching
    process to its record (render/players.py's SpilledSeats: the blobs in a file), is each event's
    number by its slug, its digest among the others' and where its blob lies: a tuple, a text of
    64 characters and a number an event were 230 bytes an event, 0.45 MB at 2,000 events,
    inherited by every render worker. Each event answers as matched, and the record keeps the
    dict it stands for."""
    import pickle
    from dataclasses import replace

    from generator import caches
    from generator.build import validate
    from generator.render import players
    from tests.support import ROOT, held_apart

    monkeypatch.setattr(caches, "_SPILLS_IN", [tmp_path])
    site, demo, _ = validate(ROOT / "content", workers=1)
    results = [replace(result, event=replace(result.event, slug=f"{result.event.slug}-{copy}"))
               for copy in range(60) for result in demo]
    inputs = players.people_inputs(results)
    spill = caches.Spill()
    seats = players.SpilledSeats(players._match(results, inputs, spill).events, spill)
    held = sum(map(sys.getsizeof, held_apart([seats], shared=(caches.Spill,))))
    # Measured: 95 bytes an event (the numbers by slug most of it).
    assert held < 140 * len(results), f"{held} bytes held for who sits where in {len(results)} events"
    assert pickle.loads(pickle.dumps(seats)) == players._match(results, inputs).events
    slug = results[7].event.slug
    assert seats.digest(slug) == seats[slug][0] and len(seats) == len(results) and slug in seats


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or not hasattr(os, "pread"),
                    reason="read by forked readers; the lines' rest held in a file, read back by os.pread")
def test_what_a_build_holds_of_each_event_it_knows_by_its_line_is_a_few_hundred_bytes(tmp_path, monkeypatch):
    """A full build holds each event as its line (tournament/summary.py's LazySummary) from its
    reading to its last page, and its render workers are forked from that heap: of each event,
    its head (whether it has stages, its days, game and digests: what every rebuild asks of
    every event), its key and folder, not the pickled rest of its line (title, card, bulletins),
    which lies in the event cache's file and is read back where a page shows it. Held whole,
    the lines were 760 bytes an event, 1.3 MiB of the build's own heap at 2,000 events. Measured
    here: 960 bytes an event, its folder's path and its key included (1,430 with the lines held
    whole). The pages are those of the lines held whole, byte for byte."""
    from generator import event_cache
    from generator.build import build
    from generator.render import html, incremental
    from generator.tournament.summary import EventSummary, LazySummary, SummaryLine
    from tests.support import bench, digest, held_apart

    bench_site = bench("site")
    content = bench_site.make_archive(tmp_path / "archive", 16)
    found: list[int] = []
    fork = html._Rendering._fork

    def measured(self, shares):  # noqa: ANN001, ANN202
        if not found:
            lines = [summary for summary, _ in html._JOB["jobs"] if isinstance(summary, LazySummary)]
            # (not the summaries and unpacked lines held for a while: SUMMARIES_HELD, LINES_HELD)
            held = held_apart(lines, shared=(event_cache._Lines, EventSummary, SummaryLine))
            found.extend([len(lines), sum(map(sys.getsizeof, held))])
        return fork(self, shares)

    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # read and rendered by two workers, whatever this machine has
    monkeypatch.setattr(incremental, "RACY_NS", 0)
    monkeypatch.setattr(html._Rendering, "_fork", measured)
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    lines, held = found
    assert report.events == 16 and lines == 16, found
    assert held < 1_200 * lines, f"{held / lines:.0f} bytes held of each event known by its line"
    # The same site where the lines are held whole (as serve's builder holds them).
    monkeypatch.setattr(event_cache.EventCache, "_spill_line", lambda self, key, packed: packed)
    build(content, tmp_path / "whole", cache_dir=tmp_path / "cache-whole" / "pdf", bulletins=False)
    assert digest(tmp_path / "output") == digest(tmp_path / "whole")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or not hasattr(os, "pread"),
                    reason="rendered by forked workers; their reports held in a file, read back by os.pread")
def test_the_render_workers_reports_lie_in_a_file_until_they_are_unpacked(tmp_path, monkeypatch):
    """Each render task's report (what it wrote, packed: some 900 bytes an event) lies in a file
    (caches.Spill) from the moment it comes to `finish`, which unpacks them one by one, and its
    future is let go: held in the heap, they grew the build's own process with the archive to
    the workers' end, its peak (2 MB at 2,000 events). The site is the same, byte for byte, as
    one rendered by a single process."""
    from generator.build import build
    from generator.render import html
    from tests.support import demo_content, digest

    content = demo_content(tmp_path, "dongke-bridge-2015", "tumu-guandan-2020", "hefei-80fen-teams-2012",
                           "chem-park-daguai-2016")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    held: list[list[type]] = []
    finish = html._Rendering.finish

    def looked_at(self):  # noqa: ANN001, ANN202
        self.wait()
        held.append([type(report) for report in self.shares])
        held.append([type(future) for future in getattr(self, "futures", [])])
        return finish(self)

    monkeypatch.setattr(html._Rendering, "finish", looked_at)
    build(content, tmp_path / "apart", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    reports, futures = held
    assert len(reports) > 4 and set(reports) == {int}, reports
    assert futures == [], f"{len(futures)} futures (and their results) held"
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    build(content, tmp_path / "alone", cache_dir=tmp_path / "cache-alone" / "pdf", bulletins=False)
    assert digest(tmp_path / "apart") == digest(tmp_path / "alone")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="rendered by forked workers")
def test_a_players_page_reads_none_of_the_persons_events_summaries(tmp_path, monkeypatch):
    """A player's page, rendered by a render worker from the events' lines (LazySummary), reads
    each of the person's events from its line and its rows, never its summary: it asked each
    event's status (Person.scheduled, for the count of events played), which read the summary,
    and the worker held the last SUMMARIES_HELD of them. A person's events grow with the
    archive, not with its largest event: at 2,000 events, whose players had 250 events each,
    the persons' workers grew from 30 to 51 MiB (PSS), the build's peak. Counted in a file:
    the pages are rendered by forked workers."""
    from generator.build import build
    from generator.render import html
    from generator.tournament.summary import LazySummary
    from tests.support import bench

    bench_site = bench("site")
    content = bench_site.make_archive(tmp_path / "archive", 16)
    noted = tmp_path / "noted"
    on_a_players_page: list[bool] = []
    whole, render_player = LazySummary.whole, html.render_player

    def note(what: str) -> None:
        with noted.open("a", encoding="utf-8") as file:
            file.write(f"{what}\n")

    def read_whole(self):  # noqa: ANN001, ANN202
        if on_a_players_page:  # (held or read: a small archive's are all held, a large one's not)
            note(f"summary {self.event.slug}")
        return whole(self)

    def rendered(env, writer, person, number=1):  # noqa: ANN001, ANN202
        lines = sum(isinstance(person._people.results[slug], LazySummary) for slug in person.slugs)
        note(f"page {len(person.slugs)} {lines}")
        on_a_players_page.append(True)
        try:
            return render_player(env, writer, person, number)
        finally:
            on_a_players_page.pop()

    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # rendered by two workers, whatever this machine has
    monkeypatch.setattr(LazySummary, "whole", read_whole)
    monkeypatch.setattr(html, "render_player", rendered)
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert report.events == 16
    found = noted.read_text(encoding="utf-8").splitlines()
    pages = [line.split() for line in found if line.startswith("page ")]
    # Every person's page, each of its events known by its line, some of them of several events.
    assert len(pages) > 50 and all(events == lines for _, events, lines in pages), pages[:5]
    assert any(int(events) > 1 for _, events, _ in pages)
    assert [line for line in found if line.startswith("summary ")] == []


def test_bench_archive_measures_its_full_builds_with_the_templates_compiled(tmp_path, monkeypatch):
    """bench/archive.py compiles the templates (a build of the demo's events, warm_templates)
    before the full builds it measures: a render worker that compiles them is 7 MiB larger
    (PSS, 200 events), and whether the compiled code was there followed what ran in the
    checkout before (two checkouts of one commit: 94 and 109 MiB summed). Here the compiled
    code goes to a folder of the test's own (one folder: the code's version's)."""
    from generator.render import fast_jinja
    from tests.support import bench

    bench_archive = bench("archive")
    compiled = tmp_path / "compiled"
    made = []

    def in_process(content, output, cache, bulletins=False, watch=None):  # noqa: ANN001, ANN202
        # (the build in this process, its compiled templates into the test's folder)
        from generator.build import build

        made.append(build(content, output, cache_dir=cache, bulletins=bulletins))
        return {}

    monkeypatch.setattr(fast_jinja.CompiledTemplates, "__init__",
                        lambda self, folder, version, locale, init=fast_jinja.CompiledTemplates.__init__:
                        init(self, compiled, version, locale))
    monkeypatch.setattr(bench_archive.SITE, "fresh_build_figures", in_process)
    bench_archive.warm_templates(tmp_path)
    assert made and made[0].events >= 4
    folders = list(compiled.iterdir())
    assert len(folders) == 1 and len(list(folders[0].glob("*.jinja"))) >= 10, folders
