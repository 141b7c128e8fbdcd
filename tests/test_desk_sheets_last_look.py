"""The score sheets' print at the desk, as the last look at it found it (h-desk34): the sheets'
template rendered by any environment, the printing page's words and way back, a failed print
said by one page and printed again after it."""

from __future__ import annotations

from pathlib import Path

from tests.test_desk_mass_pages import guandan_swiss



def test_a_sheets_template_renders_in_a_stock_environment_as_in_the_pdfs(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The Guandan sheet's rows to fill use the `ruled_rows` filter, registered by the PDF's
    environment alone: the same template rendered by html.environment (the desk's pages, the
    stock Jinja the tests compare with) had no such filter and failed to compile."""
    from generator.desk import app as desk_app
    from generator.render import pdf
    from generator.render.bulletins import round_forms
    from generator.render.html import environment

    content = guandan_swiss(tmp_path, 4, 0)
    desk = desk_app.Desk(content, "mass", None, None, build=False)
    [form] = [f for f in round_forms(desk.result, "main", 1, desk.locale) if f.pages]
    printed = pdf.bulletin_html(form, desk.locale)
    assert printed.count('<tr class="blank" style="background: url(') == 2
    monkeypatch.setattr(pdf, "_environment", lambda locale, content: environment(locale, stock=True, content=content))
    assert pdf.bulletin_html(form, desk.locale) == printed
