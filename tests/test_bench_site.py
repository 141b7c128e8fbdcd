"""bench/site.py's report of where a build's time goes: the build's clock times reading and
scoring as one part, which the bench splits into reading, scoring and the rest by the processor
time the readers measure and send with their events (event_cache.Spent, BuildReport.spent), and
its ratio to Hugo against issue 23's target and floor. No timing is asserted: what is checked is
that the figures arrive from where they are measured and that the split keeps the whole."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from tests.support import ROOT, bench, demo_content

PARTS = ("reading", "scoring", "rendering", "writing")


def test_the_split_of_reading_and_scoring_keeps_the_whole_in_the_processor_times_shares():
    site = bench("site")
    parts = {"reading and scoring": 2.0, "printing": 0.0, "rendering": 5.2, "writing": 0.8}
    spent = {"reading": 0.6, "scoring": 0.2, "keeping": 0.06, "other": 0.14}
    split = site.split_parts(parts, spent)
    assert list(split) == ["reading", "scoring", "keeping and taking in", "printing", "rendering", "writing"]
    assert split["reading"] == pytest.approx(1.2) and split["scoring"] == pytest.approx(0.4)
    assert split["keeping and taking in"] == pytest.approx(0.4)
    assert sum(split.values()) == pytest.approx(sum(parts.values()))
    assert site.where_the_time_goes(parts, spent) == (
        "reading 1.20 s (15%), scoring 0.40 s (5%), keeping and taking in 0.40 s (5%), printing 0.00 s (0%), "
        "rendering 5.20 s (65%), writing 0.80 s (10%)")
    note = site.reading_note(parts, spent)
    assert "2.00 s of wall time" in note and "reading 0.60 s" in note and "scoring 0.20 s" in note
    # Without processor times (a report from before them), the part is left whole and said so.
    assert site.split_parts(parts, {}) == parts
    assert site.where_the_time_goes(parts).startswith("reading and scoring 2.00 s (25%)")
    assert "no processor times" in site.reading_note(parts, {})


def test_the_ratio_to_hugo_is_said_against_the_target_and_the_floor():
    site = bench("site")
    assert site.ratio_line(1.62) == ("ratio paibang/hugo pages per second: 1.62 (target >= 1.5, floor 1.0): "
                                     "target met")
    assert site.ratio_line(1.23).endswith("(target >= 1.5, floor 1.0): target missed")
    assert site.ratio_line(0.9).endswith("target missed, and below the floor of 1.0")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="read by forked workers")
def test_the_readers_send_the_processor_time_they_spent_reading_scoring_and_keeping():
    """Each forked reader measures its own processor time and sends it with its event: the sums
    come from the readers, none from this process."""
    from generator.event_cache import Spent, read_ahead

    spent = Spent()
    assert len(read_ahead(ROOT / "content", None, 2, spent=spent)) == 8
    assert spent.reading > 0 and spent.scoring > 0 and spent.keeping > 0
    assert spent.here == 0


def test_a_fresh_build_reports_the_four_parts_and_its_split_sums_to_the_whole(tmp_path):
    """bench/site.py's fresh build (its own process, as `paibang build`) brings back the
    processor times with the parts' seconds: the report names reading, scoring, rendering and
    writing, and the split parts sum to the build's parts."""
    site = bench("site")
    content = demo_content(tmp_path, "tumu-guandan-2020", "dongke-bridge-2015")
    figures = site.fresh_build_figures(content, tmp_path / "output", tmp_path / "cache" / "pdf")
    assert set(figures["spent"]) == {"reading", "scoring", "keeping", "other"}
    assert figures["spent"]["reading"] > 0 and figures["spent"]["scoring"] > 0
    split = site.split_parts(figures["parts"], figures["spent"])
    assert sum(split.values()) == pytest.approx(sum(figures["parts"].values()))
    said = site.where_the_time_goes(figures["parts"], figures["spent"])
    assert [part for part in PARTS if f"{part} " in said] == list(PARTS) and "reading and scoring" not in said


def test_an_event_read_in_the_builds_own_process_is_counted_there(tmp_path):
    """One event is read and scored by the build's own process (no reader is forked for fewer
    than two): its processor times are counted there, and the build's other work apart."""
    from generator.build import build

    content = demo_content(tmp_path, "tumu-guandan-2020")
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert set(report.spent) == {"reading", "scoring", "keeping", "other"}
    assert report.spent["reading"] > 0 and report.spent["scoring"] > 0 and report.spent["keeping"] > 0
    assert list(report.seconds) == ["reading and scoring", "printing", "rendering", "writing"]  # as they were


def test_the_system_share_of_each_programs_processor_time_is_said_beside_what_it_wrote(tmp_path):
    """The kernel's part of each program's processor time (every page's folder and file made, among
    the rest), beside the files and bytes each wrote: a part neither program's own code does."""
    site = bench("site")
    said = site.system_line((25.6, 5.5, 9057, 334_000_000), (19.6, 7.8, 8630, 120_000_000))
    assert said == ("the system's processor time (the kernel's: processes forked, files read, folders and files made): "
                    "paibang 5.5 s of 25.6 s (21%), 9057 files of 334 MB written; "
                    "hugo 7.8 s of 19.6 s (40%), 8630 files of 120 MB written")
    assert site.system_line((0.0, 0.0, 0, 0), None).endswith("paibang 0.0 s of 0.0 s (0%), 0 files of 0 MB written")
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "index.html").write_bytes(b"x" * 1000)
    (tmp_path / "a" / "feed.xml").write_bytes(b"y" * 24)
    (tmp_path / "link").symlink_to(tmp_path / "a")  # not followed: counted once
    assert site.tree_size(tmp_path) == (2, 1024)


def test_what_a_site_wrote_is_said_by_kind_of_file_with_its_folders_and_hard_links(tmp_path):
    """The bytes a build wrote, by kind (pages, each event's results.json and .xlsx, the search
    index's scripts, feed and sitemap): the 294 MB paibang writes against Hugo's 92 MB are its
    pages' own; a folder is made for each page, and a file linked from another counts twice."""
    site = bench("site")
    (tmp_path / "events" / "e" / "main").mkdir(parents=True)
    (tmp_path / "events" / "e" / "main" / "index.html").write_bytes(b"p" * 3000)
    (tmp_path / "events" / "e" / "index.html").write_bytes(b"q" * 1000)
    (tmp_path / "events" / "e" / "results.json").write_bytes(b"{}" * 50)
    (tmp_path / "events" / "e" / "results.xlsx").write_bytes(b"x" * 70)
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "search-index.js").write_bytes(b"s" * 20)
    (tmp_path / "feed.xml").write_bytes(b"f" * 5)
    (tmp_path / "assets" / "favicon.svg").write_bytes(b"v" * 7)
    (tmp_path / "events" / "copy.json").hardlink_to(tmp_path / "events" / "e" / "results.json")
    kinds = site.written_by_kind(tmp_path)
    assert kinds == {"pages": (2, 4000), "results.json": (1, 100), "results.xlsx": (1, 70), "scripts": (1, 20),
                     "feed and sitemap": (1, 5), "other": (2, 107), "folders": (4, 0), "linked": (2, 200)}
    assert site.kinds_line("paibang", kinds) == (
        "paibang wrote: pages 2 files, 0.0 MB (2.0 kB each); results.json 1 files, 0.0 MB (0.1 kB each); "
        "results.xlsx 1 files, 0.0 MB (0.1 kB each); scripts 1 files, 0.0 MB (0.0 kB each); "
        "feed and sitemap 1 files, 0.0 MB (0.0 kB each); other 2 files, 0.0 MB (0.1 kB each); 4 folders; "
        "linked 2 files, 0.0 MB (0.1 kB each)")
    assert site.writing_line(0.5, 1.5, 20.0, kinds, (0.25, 1.5)) == (
        "writing paibang's 8 files (0 MB) and 4 folders again, with the build's calls alone: 2.00 s of processor "
        "time (1.50 s the system's), 10% of the build's 20.0 s; the same folders and files left empty: 1.75 s")


def test_the_floor_of_writing_a_site_writes_the_same_files_and_leaves_nothing(tmp_path):
    """rewrite_cost writes the site's files again, with their bytes or empty, and removes them:
    two processor times come back (not asserted: timing), no folder is left."""
    site = bench("site")
    (tmp_path / "out" / "a" / "b").mkdir(parents=True)
    (tmp_path / "out" / "a" / "b" / "index.html").write_bytes(b"x" * 1000)
    for empty, size in ((False, 1000), (True, 0)):
        user, system, files, written = site.rewrite_cost(tmp_path / "out", tmp_path / "again", empty=empty)
        assert user >= 0 and system >= 0 and (files, written) == (1, size)
        assert not (tmp_path / "again").exists()
    assert (tmp_path / "out" / "a" / "b" / "index.html").read_bytes() == b"x" * 1000


def test_each_part_s_processor_time_is_reported_for_the_build_and_its_forked_processes(tmp_path):
    """A build reports each part's processor seconds, its own process's and its forked
    processes' apart (BuildReport.processor): with two events to read and pages to render on two
    workers, the readers' and the render workers' time is counted in their parts, and
    bench/site.py says them part by part."""
    from generator.build import build
    from generator.render import html

    site = bench("site")
    content = demo_content(tmp_path, "tumu-guandan-2020", "dongke-bridge-2015")
    report = build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert list(report.processor) == list(report.seconds)
    own, forked = map(sum, zip(*report.processor.values()))
    assert own > 0 and all(here >= 0 and there >= 0 for here, there in report.processor.values())
    if html.can_fork() and (os.cpu_count() or 1) >= 2:  # (readers and render workers forked)
        assert report.processor["reading and scoring"][1] > 0 and report.processor["rendering"][1] > 0
        assert forked > 0
    said = site.processor_line({"reading and scoring": [1.06, 6.17], "rendering": [0.84, 16.44]})
    assert said.endswith("reading and scoring 1.06 + 6.17 s, rendering 0.84 + 16.44 s; in all 1.90 + 22.61 s")
