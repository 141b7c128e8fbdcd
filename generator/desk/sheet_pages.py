"""The score-sheets page of a round at a mass event's size (app.py's sheets route).

A new round of 1,000 tables was one page of 1,000 QR codes and 2.1 MB of HTML: 10 s of the desk's
processor to make the codes (segno choosing each code's mask is most of it), 27-29 s under load
with nothing on the secretary's screen, then a page too long to find table 734 in. A round of
more tables than SHEETS_ALL_UP_TO is shown SHEETS_PAGE sheets at a time, with a box to go to a
table by its number, as the secretary's list of tables is (app.py admin_rounds); the whole
round's PDF stays one link. A smaller round's page is as it was. Without JavaScript: links and
a GET form.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

SHEETS_ALL_UP_TO = 100  # sheets (tables played) on one page, as before
SHEETS_PAGE = 50  # sheets a page of a larger round: their codes made in about half a second


@dataclass
class SheetsChoice:
    """What the sheets page was asked for: a page of a large round's sheets, or a table to go to
    (the box: `go`, as typed, said back when the round has no sheet for it)."""
    page: int = 1
    go: str = ""

    @classmethod
    def of(cls, query: Any) -> SheetsChoice:  # noqa: ANN401 - Starlette's QueryParams
        # (full-width digits as a Chinese input method types them, \uff11\uff12, read as 12)
        page = unicodedata.normalize("NFKC", query.get("page") or "").strip()
        go = unicodedata.normalize("NFKC", query.get("go") or "").strip()[:20]
        # a page past the last is the last, however many digits it has (sheets_paged)
        number = (int(page) if len(page) < 10 else 10**9) if page.isdigit() and page.isascii() else 1
        return cls(page=number, go=go)


def sheets_paged(rows: list[dict[str, Any]], choice: SheetsChoice, base: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None, str | None]:
    """The sheets the page shows of `rows` (one a table of two sides, in the round's order; a row
    with `gone`, the sides withdrawn by then, is a table not played and has no sheet), how it is
    paged (None: a round of SHEETS_ALL_UP_TO sheets or fewer, all shown), and where to send the
    browser instead: a table typed in the box, the page holding its sheet at its anchor.
    Pages are cut by place in the round's tables, played or not, which the round file fixes: a
    withdrawal between printing page 1 and page 2 moved table 51 onto page 1, printed already, so
    cut among the tables played, it was on no printed page (rev82)."""
    played = [row for row in rows if not row.get("gone")]
    if len(played) <= SHEETS_ALL_UP_TO:
        return played, None, None
    missing, unplayed = "", None
    if choice.go:
        typed = choice.go
        number = int(typed) if typed.isdigit() and typed.isascii() and len(typed) < 10 else None
        place = next((i for i, row in enumerate(rows) if row["table"].number == number), None)
        if place is not None and not rows[place].get("gone"):
            return rows, None, f"{base}?page={place // SHEETS_PAGE + 1}#sheet-{rows[place]['table'].number}"
        if place is not None:  # a table of a withdrawn side: not played, no sheet (said so, not "no such table")
            unplayed = (rows[place]["table"].number, rows[place]["gone"])
        else:
            missing = typed  # (a table the round does not have: said on the page asked for)
    pages = -(-len(rows) // SHEETS_PAGE)
    page = min(max(choice.page, 1), pages)
    cut = rows[(page - 1) * SHEETS_PAGE:page * SHEETS_PAGE]
    shown = [row for row in cut if not row.get("gone")]
    paged = {"page": page, "pages": pages, "count": len(played), "base": base, "missing": missing,
             "unplayed": unplayed, "first": cut[0]["table"].number, "last": cut[-1]["table"].number,
             "links": [(n, f"{base}?page={n}") for n in range(1, pages + 1)]}
    return shown, paged, None
