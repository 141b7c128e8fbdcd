"""bench/render_parts.py: where rendering's processor time goes, page kind by page kind, and how
often a table's shared parts were made against shown again. No timing is asserted: that every part
is measured where it is made, and that the counts say what rendering does with a table's rows (made
once for its round's page, shown again on both entries' pages). And that each part an entry's page
calls is seen called on it: a part wrapped where the page does not look it up (a reference kept
before the wrapping, a call from inside another part) shows 0 calls, and is not measured. And that
`--against` a checkout older than some parts measures the parts it has."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile

import pytest

from tests.support import ROOT, bench


def test_each_page_kind_is_measured_and_a_tables_rows_are_made_once_for_its_three_pages(tmp_path):
    # (a fresh process: the measure takes render workers away by patching what it imports)
    measured = bench("render_parts")
    demo = _demo_events()
    found = measured.run(ROOT, len(demo), tmp_path / "archive")  # the demo's events, once each
    spent = found["spent"]
    for part in ("page entry.html", "page round.html", "page board.html", "page event.html", "whole result read back",
                 "results.xlsx", "files written", "entries' match lines", "bridge_table on entry.html",
                 "guandan_table on round.html", "bridge_traveller on board.html"):
        assert spent[part] > 0, part
    assert found["counted"]["whole result read back"] == len(demo) > 0
    assert 0 < spent["page entry.html"] < found["whole"]
    # every table's rows made on its round's page and shown again on both its entries' pages
    # (a bye's one team has no rows); its sides, with a bye's, at least once again
    assert found["made"]["rows"] > 0
    assert found["shown_again"]["rows"] == 2 * found["made"]["rows"]
    assert found["shown_again"]["sides"] >= found["made"]["sides"] > 0
    # each of an entry's page's parts, and the frame's, called on its pages (a page for each of the
    # demo events' entries, counted from the content, as a demo changed changes them; its facts,
    # with its players' links, crumbs, head, header and footer once a page), timed there
    counted = found["counted"]
    pages = counted["page entry.html"]
    assert pages == sum(len(event.entries) for event in demo) > 0
    for part in measured.ENTRY_PARTS + measured.CALLED_PARTS:
        assert counted.get(f"{part} on entry.html", 0) > 0, part
    for part in ("entry_facts", "player_links_of", "crumbs", "frame_head", "frame_header", "frame_footer"):
        assert counted[f"{part} on entry.html"] == pages, part
    assert counted["frame_header on round.html"] == counted["page round.html"] > 0
    assert counted["player_links_of on stage.html"] > 0  # (the standings' rows keep it too)


def _demo_events() -> list:
    """The demo's events, as read (bench/site.py's archive of as many events copies each once)."""
    from generator.content.load import load_site
    from generator.errors import Problems

    site = load_site(ROOT / "content", Problems())
    assert site is not None
    return site.events


def test_the_bench_measures_every_part_an_entrys_page_calls():
    # a global called in entry.html or base.html (`name(`, not a method's `.name(` nor `_(`),
    # that the bench does not wrap, is a part of an entry's page it does not measure
    called = set()
    for template in ("entry.html", "base.html"):
        called |= set(re.findall(r"(?<![\w.])([a-z]\w*)\(", (ROOT / "templates" / template).read_text(encoding="utf-8")))
    assert called == set(bench("render_parts").ENTRY_PARTS)


# A commit from before an entry's page's heading and facts were written in Python (no entry_facts
# nor stage_heading): `--against` it stopped with a KeyError on entry_facts (b58e1d6b).
_OLDER = "71ed17e7"


def test_against_an_older_checkout_each_run_measures_the_parts_that_checkout_has(tmp_path):
    try:
        taken = subprocess.run(["git", "-C", str(ROOT), "archive", _OLDER], capture_output=True)
    except FileNotFoundError:
        pytest.skip("no git here to take an older checkout from")
    if taken.returncode:  # (a copy without the project's history: nothing older to measure against)
        pytest.skip(f"no commit {_OLDER} here: {taken.stderr.decode(errors='replace').strip()}")
    older = tmp_path / "older"
    older.mkdir()
    with tarfile.open(fileobj=io.BytesIO(taken.stdout)) as files:
        files.extractall(older)
    counted = bench("render_parts").run(older, 1, tmp_path / "archive")["counted"]
    assert counted["page entry.html"] > 0 and counted["match_heading on entry.html"] > 0
    assert counted["player_links_of on entry.html"] > 0  # (it has that one)
    assert not any(part.startswith(("entry_facts ", "stage_heading ")) for part in counted)
    # the comparison itself, run for run in turn: both columns, the older one's parts where it has them
    shown = subprocess.run([sys.executable, str(ROOT / "bench/render_parts.py"), "--events", "1", "--runs", "1",
                            "--against", str(older), "--where", str(tmp_path / "where")],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert any(line.startswith("1 events, ") and ": branch " in line and ", against " in line for line in shown)
    rows = {line[:44].rstrip(): line[44:].split() for line in shown if line[:44].rstrip() in ("page entry.html", "entry_facts on entry.html")}
    branch_s, _, against_s, _, calls = rows["page entry.html"]
    assert float(branch_s) > 0 and float(against_s) > 0 and int(calls) > 0
    branch_s, _, against_s, against_share, calls = rows["entry_facts on entry.html"]
    assert (float(against_s), float(against_share)) == (0, 0) and int(calls) > 0  # (the branch's calls)
