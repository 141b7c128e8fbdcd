"""The whole round's score sheets as the desk prints them (app.table_sheets), made cheaper at a
mass event's size (1,000 tables: ~190 s of processor time): each table's QR code made with its
mask given (app.SHEET_QR_MASK), not chosen by trying all eight, and the collector's thresholds
raised while a document prints (generator/collecting.py, used by render/pdf.py), put back after. What is
printed stays: each table's sheet in the PDF once, in the round's order, in parts joined as a
long form's are. No timing here."""

from __future__ import annotations

import gc
import re
from pathlib import Path

from tests.test_desk_mass_pages import guandan_swiss
from tests.test_forms import pdf_pages, pdf_text


def test_the_desks_round_of_sheets_prints_each_tables_sheet_once_with_its_code_masked_as_given(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    import segno
    import weasyprint.document

    from generator.desk import app as desk_app
    from generator.render import pdf

    content = guandan_swiss(tmp_path, 10, 0)
    desk = desk_app.Desk(content, "mass", None, None, base="http://192.168.1.20:8765", build=False)
    made: list[tuple[str, object]] = []
    real = segno.make
    monkeypatch.setattr(segno, "make", lambda text, **kw: made.append((text, kw.get("mask"))) or real(text, **kw))
    desk_app.sheet_qr.cache_clear()
    monkeypatch.setattr(pdf, "FORM_PART_PAGES", 2)  # (5 tables: printed in 3 parts, joined, as 1,000 are)
    during: list[tuple[int, int, int]] = []
    write_pdf = weasyprint.document.Document.write_pdf

    def written(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        during.append(gc.get_threshold())
        return write_pdf(self, *args, **kwargs)

    monkeypatch.setattr(weasyprint.document.Document, "write_pdf", written)
    before = gc.get_threshold()
    printed = tmp_path / "sheets.pdf"
    printed.write_bytes(desk_app.table_sheets(desk, "main", 1))
    assert gc.get_threshold() == before  # put back once nothing prints
    assert during and all(found[0] >= pdf.PRINTING_COLLECTION > before[0] for found in during)
    links = [desk.link(desk_app.table_key("main", 1, n)) for n in range(1, 6)]
    assert made == [(link, desk_app.SHEET_QR_MASK) for link in links]  # one code a table, its mask given
    text = pdf_text(printed)
    assert pdf_pages(printed) == 5
    # each table's sheet once, in order, with its two teams (pdftotext's text, as a reader gets it)
    assert re.findall(r"\u684c\u53f7\uff1a(\d+)", text) == ["1", "2", "3", "4", "5"]
    for n in range(1, 6):
        assert text.count(f"T{2 * n - 1} ") >= 1 and text.count(f"T{2 * n} ") >= 1
    assert [re.search(r"(\d+)\D+(\d+)\D*$", pdf_text(printed, page).strip()).groups()
            for page in range(1, 6)] == [(str(page), "5") for page in range(1, 6)]
    # printed again (a round drawn again but these tables): the codes kept by link, none made anew
    desk_app.table_sheets(desk, "main", 1)
    assert len(made) == 5


def test_a_blank_guandan_sheets_rows_to_fill_are_one_ruled_row_and_its_code_an_image(tmp_path: Path) -> None:
    """The printing of a blank sheet made cheaper: its 20 rows to fill one row of eight tall cells
    ruled by one background image (pdf.ruled_rows: 160 table cells were a third of the PDF's
    writing), its QR code a 1-bit image of a pixel a module (bulletins.qr_png), not an SVG path
    WeasyPrint read on every sheet. What the referee reads stays: the rows numbered 1 to 20, in
    order, one a line, and the code the table's link (its image decoded as segno made it)."""
    import base64
    import subprocess

    import segno

    from generator.desk import app as desk_app
    from generator.render import pdf

    content = guandan_swiss(tmp_path, 4, 0)
    desk = desk_app.Desk(content, "mass", None, None, base="http://192.168.1.20:8765", build=False)
    htmls: list[str] = []
    real = pdf._print_collected_less
    pdf._print_collected_less = lambda html: htmls.append(html) or real(html)
    try:
        printed = tmp_path / "sheets.pdf"
        printed.write_bytes(desk_app.table_sheets(desk, "main", 1))
    finally:
        pdf._print_collected_less = real
    [html] = htmls
    sheets = html.split('<section class="sheet">')[1:]
    assert len(sheets) == 2
    for table, sheet in enumerate(sheets, 1):
        # the start row and the rows to fill: 16 cells, and the finals' 6 (not 8 + 160 + 6)
        assert sheet.count("<td") == 22 and sheet.count('<tr class="blank"') == 1
        assert re.findall(r"<div>(\d+)</div>", sheet) == [str(n) for n in range(1, 21)]
        [uri] = re.findall(r'<div class="qr"><img src="data:image/png;base64,([^"]+)" alt="">', sheet)
        link = desk.link(desk_app.table_key("main", 1, table))
        made = segno.make(link, error="m", micro=False, mask=desk_app.SHEET_QR_MASK)
        assert base64.b64decode(uri) == base64.b64decode(made.png_data_uri(scale=1, border=2).split(",", 1)[1])
    for page in (1, 2):
        lines = pdf_text(printed, page).splitlines()
        assert [line.strip() for line in lines if re.fullmatch(r"\s*\d+\s*", line)][:20] == [str(n) for n in range(1, 21)]
    # the code on paper: one image a page, a pixel a module (and its quiet zone's 2), drawn unsmoothed
    images = subprocess.run(["pdfimages", "-list", str(printed)], capture_output=True, check=True, text=True).stdout
    side = str(len(made.matrix) + 4)
    assert [line.split()[:10] for line in images.splitlines()[2:]] == [
        [str(page), str(page - 1), "image", side, side, "rgb", "3", "8", "image", "no"] for page in (1, 2)]
