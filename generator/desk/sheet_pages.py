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

from dataclasses import dataclass
from typing import Any

SHEETS_ALL_UP_TO = 100  # sheets (tables played) on one page, as before
SHEETS_PAGE = 50  # sheets a page of a larger round: their codes made in about half a second


@dataclass
class SheetsChoice:
    """What the sheets page was asked for: a page of a large round's sheets, or a table to go to
    (the box: `go`, as typed, said back when the round has no such table)."""
    page: int = 1
    go: str = ""

    @classmethod
    def of(cls, query: Any) -> SheetsChoice:  # noqa: ANN401 - Starlette's QueryParams
        page = (query.get("page") or "").strip()
        return cls(page=int(page) if page.isdigit() and page.isascii() and len(page) < 10 else 1,
                   go=(query.get("go") or "").strip()[:20])


def sheets_paged(rows: list[dict[str, Any]], choice: SheetsChoice, base: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None, str | None]:
    """The sheets `rows` (one a table played, in the round's order) that the page shows, how it
    is paged (None: a round of SHEETS_ALL_UP_TO sheets or fewer, all shown), and where to send
    the browser instead: a table typed in the box, the page holding its sheet at its anchor.
    Pages are cut by place in the round's list, which a visit does not change (a withdrawal
    meanwhile moves the sheets after it one place: the pages' links still cover every table)."""
    if len(rows) <= SHEETS_ALL_UP_TO:
        return rows, None, None
    missing = ""
    if choice.go:
        typed = choice.go
        place = next((i for i, row in enumerate(rows) if typed.isdigit() and typed.isascii()
                      and len(typed) < 10 and row["table"].number == int(typed)), None)
        if place is not None:
            return rows, None, f"{base}?page={place // SHEETS_PAGE + 1}#sheet-{rows[place]['table'].number}"
        missing = typed  # (a table the round has no sheet for: said on the page asked for)
    pages = -(-len(rows) // SHEETS_PAGE)
    page = min(max(choice.page, 1), pages)
    shown = rows[(page - 1) * SHEETS_PAGE:page * SHEETS_PAGE]
    paged = {"page": page, "pages": pages, "count": len(rows), "base": base, "missing": missing,
             "first": shown[0]["table"].number, "last": shown[-1]["table"].number,
             "links": [(n, f"{base}?page={n}") for n in range(1, pages + 1)]}
    return shown, paged, None
