"""The sheets page's QR codes made once a link (app.table_qr): a round of 1,000 tables made 1,000
of them at every visit, 11 s each time. A renewed link, or another address, is a new code."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_desk_mass_pages import desk_of, guandan_swiss


def test_the_sheets_pages_qr_codes_are_made_once_a_link_and_anew_for_a_renewed_one(tmp_path: Path,
                                                                                   monkeypatch) -> None:  # noqa: ANN001
    import segno

    from generator.desk.app import QR_KEPT, table_qr
    from tests.test_desk_live_size import ask

    desk, app = desk_of(guandan_swiss(tmp_path, 20, 0))
    made: list[str] = []
    real = segno.make
    monkeypatch.setattr(segno, "make", lambda content, **kw: made.append(content) or real(content, **kw))
    table_qr.cache_clear()
    cookie = {"Cookie": f"{desk.cookie}={desk.start_session()}"}

    def sheets() -> dict[str, str]:
        """Each table's link on the page, and the QR code beside it."""
        status, _headers, body = ask(app, f"{desk.prefix}/admin/sheets/main/1", cookie)
        assert status == 200
        found = re.findall(r'<div class="sheet">\n(<svg.*?</svg>).*?<p class="link">([^<]+)</p>', body.decode(), re.S)
        return {link.replace("&amp;", "&"): svg for svg, link in found}

    first = sheets()
    assert len(first) == 10 and sorted(made) == sorted(first)
    assert sheets() == first and len(made) == 10  # (the second visit makes none)
    # table 3's link renewed: its code made anew for its new link, the others kept
    old = desk.link("main/1/3")
    desk.tokens.renew_table("main/1/3")
    again = sheets()
    assert len(made) == 11 and made[-1] == desk.link("main/1/3") != old
    assert old not in again and again[desk.link("main/1/3")] != first[old]
    assert {k: v for k, v in again.items() if k != desk.link("main/1/3")} == {k: v for k, v in first.items() if k != old}
    # another address (a desk started again with --lan): its own code, not the old address's
    lan = old.replace(desk.base, "http://192.168.1.20:8765")
    assert table_qr(lan) != table_qr(old) and made[-1] == lan
    assert table_qr.cache_info().maxsize == QR_KEPT
