"""A round's long form (a score sheet of a page a table) is printed in parts of
FORM_PART_PAGES pages, each its own WeasyPrint document, and joined: the memory a print takes is
a part's, not the round's (500 tables in one document took 2.7 GB). Joined, it reads as the one
document did, page for page: the same text, the pages numbered through the whole form ("第 11
页 共 26 页"), the draw notice numbered on its own, the title and language of the first."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pypdf
import pytest
import weasyprint

from generator.cli import main
from generator.errors import CouldNotFinish
from generator.render import pdf
from generator.render.bulletins import printed_round
from generator.render.html import TEMPLATES, content_locale_of
from support import demo_content
from tests.test_forms import GD, guandan_round_4, pdf_pages, pdf_text, result_of  # noqa: F401  (a fixture)

PART = 10  # 26 tables: parts of 10, 10 and 6 pages


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A file each WeasyPrint document printed adds a line to, from whichever process prints it
    (the printing processes are forked with the patch): "x" for a document of sheets, "f" for
    a long form's page numbers alone (a blank page each, drawn over a part's pages)."""
    log = tmp_path / "printed.log"
    printing = pdf._print

    def counting(html: str) -> bytes:
        with log.open("a") as out:
            out.write("f\n" if '<body class="page-numbers">' in html else "x\n")
        return printing(html)

    monkeypatch.setattr(pdf, "_print", counting)
    monkeypatch.setattr(pdf, "FORM_PART_PAGES", PART)
    return log


def one_document_pages(content: Path) -> list[str]:
    """Each page's text of the round printed as it was: every bulletin one WeasyPrint document."""
    site, result = result_of(content, GD)
    pages = []
    for bulletin in printed_round(result, "main", 1, site.locale, site.base_url):
        html = pdf.bulletin_html(bulletin, site.locale, content_locale_of(site))
        whole = weasyprint.HTML(string=html, base_url=str(TEMPLATES)).write_pdf()
        reader = pypdf.PdfReader(io.BytesIO(whole))
        pages.extend(page.extract_text() for page in reader.pages)
    return pages


def test_a_rounds_sheets_are_printed_in_parts_and_read_as_one_document(tmp_path: Path, counted: Path) -> None:
    content = demo_content(tmp_path, GD)
    target = tmp_path / "round-1.pdf"
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(target)]) == 0
    # the draw notice, and the 26 tables' sheets in 3 parts, each part's page numbers apart
    assert counted.read_text().count("x") == 1 + math.ceil(26 / PART)
    assert counted.read_text().count("f") == math.ceil(26 / PART)
    expected = one_document_pages(content)
    assert pdf_pages(target) == len(expected) > 26
    joined = pypdf.PdfReader(target)
    assert [page.extract_text() for page in joined.pages] == expected
    notice = len(expected) - 26
    # numbered through the form, across its parts; the notice by its own pages
    assert "第 11 页 共 26 页" in pdf_text(target, notice + 11)
    assert "第 26 页 共 26 页" in pdf_text(target, notice + 26)
    assert f"\u5171{notice}\u9875" in "".join(pdf_text(target, 1).split())
    # the first document's title and language, as the one document had them
    site, result = result_of(content, GD)
    assert joined.metadata.title == printed_round(result, "main", 1, site.locale)[0].title
    assert joined.trailer["/Root"]["/Lang"] == "zh-Hans"  # (html lang of the zh bulletins)
    # each part's subset of a face under a tag of its own (ISO 32000 9.6.4): pdffonts names
    # each font once, the notice's and the 3 parts' subsets of the faces
    names = fonts(target)
    assert len(names) == len(set(names)) >= 2 + 3
    # and each page as the one document's, pixel for pixel (the first sheet of a part as high
    # on its page as the sheet before it, its page number drawn where the one document has it)
    site, result = result_of(content, GD)
    alone = tmp_path / "alone.pdf"
    sheet = printed_round(result, "main", 1, site.locale, site.base_url)[1]
    alone.write_bytes(pdf._print(pdf.bulletin_html(sheet, site.locale, content_locale_of(site))))
    for n in (1, PART, PART + 1, 2 * PART + 1, 26):
        assert page_image(target, notice + n) == page_image(alone, n)
    # the form's first sheet as high on its page as every sheet after it, at the page's top
    # margin (14mm): the body's top margin (6pt, the first page's only) put it 6pt lower
    tops = [first_word_top(target, notice + n) for n in (1, 2, PART + 1, 26)]
    assert tops == [tops[0]] * 4 and abs(tops[0] - 14 / 25.4 * 72) < 1, tops


def first_word_top(path: Path, page: int) -> float:
    """The top of the first word on a page, in points from the page's top (pdftotext -bbox)."""
    import re
    import subprocess

    boxes = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                           capture_output=True, check=True, text=True).stdout
    return float(re.search(r'<word xMin="[\d.]+" yMin="([\d.]+)"', boxes)[1])


def page_image(path: Path, page: int) -> bytes:
    """A page drawn at 30 dpi, in grey (pdftoppm)."""
    import subprocess

    return subprocess.run(["pdftoppm", "-r", "30", "-gray", "-f", str(page), "-l", str(page), str(path)],
                          capture_output=True, check=True).stdout


def fonts(path: Path) -> list[str]:
    """The embedded fonts' names (with their subset tags), as pdffonts lists them."""
    import subprocess

    listed = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in listed.splitlines()[2:]]


def test_subsets_alike_are_kept_once(tmp_path: Path) -> None:
    one = pdf._print('<html lang="zh"><p style="font-family: Noto Sans CJK SC">\u4e00\u4e8c</p></html>')
    (tmp_path / "one.pdf").write_bytes(one)
    (tmp_path / "two.pdf").write_bytes(pdf.join_pdfs([one, one]))
    assert pdf_pages(tmp_path / "two.pdf") == 2
    assert len(fonts(tmp_path / "two.pdf")) == len(fonts(tmp_path / "one.pdf")) >= 1


BOLD = '<html lang="zh"><p style="font-family: Noto Sans CJK SC; font-weight: 700">{}</p></html>'


def test_a_subset_of_the_same_glyphs_met_in_another_order_is_one_font(tmp_path: Path) -> None:
    """Two parts' subsets of the same glyphs, whose ToUnicode maps WeasyPrint wrote in the order
    each part met them, are one font joined: pdffonts listed it twice under one tag."""
    one = pdf._print(BOLD.format("\u4e00\u4e8c\u4e09"))
    two = pdf._print(BOLD.format("\u4e09\u4e8c\u4e00"))
    (tmp_path / "one.pdf").write_bytes(one)
    (tmp_path / "joined.pdf").write_bytes(pdf.join_pdfs([one, two]))
    names = fonts(tmp_path / "joined.pdf")
    assert len(names) == len(set(names)) == len(fonts(tmp_path / "one.pdf")) == 1
    assert pdf_text(tmp_path / "joined.pdf", 2).strip() == "\u4e09\u4e8c\u4e00"


def test_subsets_of_the_same_glyphs_read_differently_have_tags_of_their_own(tmp_path: Path) -> None:
    """The same glyphs with ToUnicode maps that differ (a glyph read as another character) are
    two fonts, each under a tag of its own, and each page reads as its own map says."""
    one = pdf._print(BOLD.format("\u4e00\u4e8c"))
    reader = pypdf.PdfReader(io.BytesIO(one))
    writer = pypdf.PdfWriter(clone_from=reader)
    font = next(iter(writer.pages[0]["/Resources"]["/Font"].values())).get_object()
    cmap = font["/ToUnicode"].get_object()
    cmap.set_data(cmap.get_data().replace(b"<4e00>", b"<4e09>"))  # the glyph of \u4e00 read as \u4e09
    other = io.BytesIO()
    writer.write(other)
    joined = tmp_path / "joined.pdf"
    joined.write_bytes(pdf.join_pdfs([one, other.getvalue()]))
    names = fonts(joined)
    assert len(names) == len(set(names)) == 2
    assert {name.split("+")[1] for name in names} == {"Noto-Sans-CJK-SC-Bold"}
    assert [pdf_text(joined, n).strip() for n in (1, 2)] == ["\u4e00\u4e8c", "\u4e09\u4e8c"]


def test_a_folder_gets_the_sheet_joined_and_a_short_form_whole(tmp_path: Path, counted: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    content = demo_content(tmp_path, GD)
    folder = tmp_path / "forms"
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(folder)]) == 0
    sheet = folder / "scoresheet-main-round-1.pdf"
    assert pdf_pages(sheet) == 26
    assert "第 21 页 共 26 页" in pdf_text(sheet, 21)
    assert counted.read_text().count("x") == 1 + 3
    assert counted.read_text().count("f") == 3
    # a form no longer than a part is one document, as before, numbered by WeasyPrint
    monkeypatch.setattr(pdf, "FORM_PART_PAGES", 26)
    counted.unlink()
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(folder)]) == 0
    assert counted.read_text().count("x") == 2
    assert counted.read_text().count("f") == 0
    assert "第 21 页 共 26 页" in pdf_text(sheet, 21)


def test_a_part_that_ran_over_its_pages_is_numbered_as_printed_not_printed_again(tmp_path: Path,
                                                                               counted: Path) -> None:
    """A form page that runs over a sheet makes its part longer than reckoned, and moves the page
    numbers after it and every total: the parts are printed once, without page numbers, and
    each part's page numbers, printed once every part's pages are known, drawn over it. No part
    is printed twice (it was: every part again, renumbered), nor the whole form as one document
    (its memory), and every page says its number of the whole."""
    site, result = result_of(demo_content(tmp_path, GD), GD)
    sheet = printed_round(result, "main", 1, site.locale)[1]
    sheet.pages[13]["group"] = "G" * 195  # table 14, in the second part
    sheet.pages[13]["key"] = "x " * 3000  # its sheet runs over
    printed = pdf.bulletin_parts(sheet, site.locale)
    assert isinstance(printed, pdf.Printed) and len(printed.parts) == 3  # of 10, 10 and 6 tables
    out = tmp_path / "sheet.pdf"
    out.write_bytes(pdf.print_pdfs([pdf.print_job(printed)], None, workers=2)[0][0])
    total = pdf_pages(out)
    assert total > 26
    # 3 parts, once each, and their 3 documents of page numbers; none of the whole form
    assert counted.read_text().count("x") == 3
    assert counted.read_text().count("f") == 3
    for n in range(1, total + 1):
        assert f"第 {n} 页 共 {total} 页" in pdf_text(out, n)


def test_a_long_forms_html_is_made_in_parts_only_and_keyed_on_all_it_is_printed_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long form's HTML is made part by part, never whole (the template ran over every table
    twice, once for a cache key); its key changes with anything that changes what is printed:
    a table's names in its last part, the words of its page numbers."""
    monkeypatch.setattr(pdf, "FORM_PART_PAGES", PART)
    site, result = result_of(demo_content(tmp_path, GD), GD)
    sheet = printed_round(result, "main", 1, site.locale)[1]
    made = []
    making = pdf.bulletin_html
    monkeypatch.setattr(pdf, "bulletin_html", lambda bulletin, *a, **k: made.append(len(bulletin.pages))
                        or making(bulletin, *a, **k))
    printed = pdf.bulletin_parts(sheet, site.locale)
    assert isinstance(printed, pdf.Printed) and len(printed.parts) == 3
    assert max(made) == PART  # (the parts, and the first part's page numbers for the key)
    key = pdf.print_job(printed).key
    assert pdf.printing_key(*pdf.planned(sheet, site.locale)[2:4]) == key  # a build's plan keys it alike
    assert pdf.print_job(pdf.bulletin_parts(sheet, site.locale)).key == key  # the same form, the same key
    sheet.pages[25]["seats"][0]["names"] = "\u738b\u5f3a"  # the last table, in the last part
    assert pdf.print_job(pdf.bulletin_parts(sheet, site.locale)).key not in (key, None)
    changed = pdf.print_job(pdf.bulletin_parts(sheet, site.locale)).key
    counter = pdf._page_counter_css
    monkeypatch.setattr(pdf, "_page_counter_css", lambda t, numbered=None: counter(t, numbered).replace('" counter', '"  counter'))
    assert pdf.print_job(pdf.bulletin_parts(sheet, site.locale)).key != changed


def test_a_build_prints_an_unplayed_rounds_sheet_in_parts(guandan_round_4: Path, counted: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A build prints a round not yet played in parts too, by its pool, into one PDF per form."""
    output = guandan_round_4.parent / "output"
    monkeypatch.setenv("PAIBANG_CACHE", str(guandan_round_4.parent / "pdf-cache"))  # all printed here, none from the tests' cache
    assert main(["build", "--content", str(guandan_round_4), "--output", str(output)]) == 0
    sheet = output / f"events/{GD}/bulletins/scoresheet-main-round-4.pdf"
    assert pdf_pages(sheet) == 26
    assert "第 11 页 共 26 页" in pdf_text(sheet, 11)
    assert "第 26 页 共 26 页" in pdf_text(sheet, 26)
    printed = counted.read_text().count("x")
    # every bulletin of the event printed once, but the sheet in its 3 parts
    assert printed == len(list(output.glob(f"events/{GD}/bulletins/*.pdf"))) - 1 + math.ceil(26 / PART)
    assert counted.read_text().count("f") == math.ceil(26 / PART)  # and the sheet's page numbers


def test_a_part_pypdf_cannot_read_is_said_not_a_traceback(tmp_path: Path, counted: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str],
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """A part cut short (a damaged PDF WeasyPrint gave back) is said in one line, as a printing
    process that failed is, and nothing is written: paibang's sentence alone, not pypdf's own
    English line above it ("EOF marker not found"), nor that line in a log (the desk's)."""
    printing = pdf._print
    monkeypatch.setattr(pdf, "_print", lambda html: printing(html)[:2000])
    content = demo_content(tmp_path, GD)
    target = tmp_path / "round-1.pdf"
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(target)]) == 1
    said = capsys.readouterr().err
    assert "Traceback" not in said and "PdfStreamError" in said and str(target) in said
    assert "EOF marker" not in said and len(said.strip().splitlines()) == 1
    assert not [record for record in caplog.records if record.name.startswith("pypdf")]
    assert not target.exists()
    with pytest.raises(CouldNotFinish) as failure:
        pdf.join_pdfs([pdf._print("<p>a</p>"), pdf._print("<p>b</p>")])
    assert failure.value.key == "printer_unreadable"


def test_the_desks_sheets_with_a_part_that_cannot_be_read_say_so(guandan_round_4: Path, counted: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The desk's sheets joined from a part pypdf cannot read: a page saying it, not a 500 traceback."""
    import http.cookiejar
    import urllib.request

    from tests.test_desk import fetch, start

    printing = pdf._print
    monkeypatch.setattr(pdf, "_print", lambda html: printing(html)[:2000])
    running = start(guandan_round_4, slug=GD)
    try:
        jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        fetch(running.desk.admin_link, opener=jar)
        status, text = fetch(f"{running.secretary}/admin/sheets/main/4/print.pdf", opener=jar)
    finally:
        running.stop()
    assert status == 500
    assert "\u672a\u80fd\u6253\u5370\u8bb0\u5206\u8868" in text and "PdfStreamError" in text  # could not print the score sheets
