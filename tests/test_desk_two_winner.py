"""The desk's views of a two-winner Mitchell (`field: directions`): NS and EW each ranked from 1,
the direction beside the rank ("NS 1=")."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.cli import main
from tests.support import mitchell_event
from tests.test_desk import fetch, start

SLUG = "club-mitchell"
EVENT = mitchell_event(6, 3, 1)


def two_winner_content(folder: Path, locale: str, next_round: bool = False) -> Path:
    """Round 1 drawn and entered: each table's board played once, so every pair is level;
    round 2 drawn too with `next_round`."""
    content = folder / "content"
    results = content / "events" / SLUG / "results"
    results.mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: Club\nlocale: {locale}\n", encoding="utf-8")
    (content / "events" / SLUG / "event.yaml").write_text(EVENT, encoding="utf-8")
    assert main(["pair", SLUG, "mitchell", "--content", str(content), "--lang", "en"]) == 0
    path = next(results.glob("*round-1.yaml"))
    text = path.read_text(encoding="utf-8")
    for board in (1, 2, 3):
        text = text.replace(f"      # {board}:\n", f"      {board}: 4S N =\n")
    path.write_text(text, encoding="utf-8")
    if next_round:
        assert main(["pair", SLUG, "mitchell", "--content", str(content), "--lang", "en"]) == 0
    return content


def shown_text(page: str) -> str:
    """The text a browser shows: tags gone, entities read (an escaped tag stays as its text)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


# the direction as each locale's desk names it, and a tied place as its screen reader reads it
WORDS = {"en": ("NS", "tied for place 1"), "zh-Hans": ("南北", "并列第 1"), "zh-Hant": ("南北", "並列第 1")}


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_a_two_winner_rank_is_shown_not_its_markup(tmp_path: Path, locale: str) -> None:
    """The direction and the tied place were one word filled in as text, escaped whole: the
    live standings and the hall screen showed 'NS <span aria-hidden="true">1=</span>...'."""
    ns, tied = WORDS[locale]
    running = start(two_winner_content(tmp_path, locale), slug=SLUG)
    try:
        for path in ("/standings", "/screen"):
            _, page = fetch(f"{running.base}{path}")
            text = shown_text(page)
            assert "<span" not in text and "aria-hidden" not in text, path
            assert re.search(rf"{ns}\s+1=", text), path
            assert f'<span class="visually-hidden">{tied}</span>' in page, path
    finally:
        running.stop()


@pytest.mark.slow  # prints a PDF
def test_the_desks_score_sheets_give_each_pairs_table_its_page_with_its_own_qr(tmp_path: Path, monkeypatch) -> None:
    """"Print the score sheets (PDF, each table's page with its QR code)" printed a pairs round's
    travellers alone, a page per board: no table's page, no QR code anywhere. Each table now has
    its score slip, its pairs and its boards, carrying that table's own link."""
    import subprocess

    from generator.commands import printing
    from generator.commands.desk import make
    from generator.desk import app as desk_app
    from generator.render.bulletins import qr_png

    desk, _, _ = make(two_winner_content(tmp_path, "en", next_round=True), SLUG, None, 8999, False, None, build=False)
    desk.base = "http://192.168.1.20:8999"  # as --lan makes it (on 127.0.0.1 the sheets print no code: test_desk)
    printed: list = []
    one_document = printing.one_document

    def kept(bulletins: list, locale: str, content: str | None = None) -> bytes:
        printed.extend(bulletins)
        return one_document(bulletins, locale, content)

    monkeypatch.setattr(printing, "one_document", kept)
    pdf = tmp_path / "sheets.pdf"
    pdf.write_bytes(desk_app.table_sheets(desk, "mitchell", 2))
    pages = [page for bulletin in printed for page in bulletin.pages]
    assert [page["table"] for page in pages] == ["1", "2", "3"]
    for page in pages:  # each table's own link, no other's
        assert page["qr"] == qr_png(desk.link(desk_app.table_key("mitchell", 2, int(page["table"]))), mask=desk_app.SHEET_QR_MASK)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    slips = [part for part in text.split("\f") if "table score slips" in part]
    assert len(slips) == 3 and all("NS players" in slip and "EW players" in slip for slip in slips)
    # table 1 of round 2: NS pair 1 against EW pair 3 (the EW pairs move up), on board 2
    assert re.search(r"NS\W+A01 p1a / p1b\s+EW\W+A06 p6a / p6b", slips[0]) and re.search(r"^\s*2\s+E", slips[0], re.M)
