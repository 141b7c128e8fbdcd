"""bench/render_parts.py: where rendering's processor time goes, page kind by page kind, and how
often a table's shared parts were made against shown again. No timing is asserted: that every part
is measured where it is made, and that the counts say what rendering does with a table's rows (made
once for its round's page, shown again on both entries' pages)."""

from __future__ import annotations

from tests.support import ROOT, bench


def test_each_page_kind_is_measured_and_a_tables_rows_are_made_once_for_its_three_pages(tmp_path):
    # (a fresh process: the measure takes render workers away by patching what it imports)
    found = bench("render_parts").run(ROOT, 8, tmp_path / "archive")  # the eight demo events, once each
    spent = found["spent"]
    for part in ("page entry.html", "page round.html", "page board.html", "page event.html", "whole result read back",
                 "results.xlsx", "files written", "entries' match lines", "bridge_table on entry.html",
                 "guandan_table on round.html", "bridge_traveller on board.html"):
        assert spent[part] > 0, part
    assert found["counted"]["whole result read back"] == 8
    assert 0 < spent["page entry.html"] < found["whole"]
    # every table's rows made on its round's page and shown again on both its entries' pages
    # (a bye's one team has no rows); its sides, with a bye's, at least once again
    assert found["made"]["rows"] > 0
    assert found["shown_again"]["rows"] == 2 * found["made"]["rows"]
    assert found["shown_again"]["sides"] >= found["made"]["sides"] > 0
