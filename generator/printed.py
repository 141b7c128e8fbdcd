"""Printed matter as plain data: what a notice (公示) or a form filled at the table says.

Games and the tournament layer describe what they want printed with these types; render/
lays them out (templates/bulletin.html, or a form's own template under templates/sheets/) and
render/pdf.py prints them. Nothing here knows HTML or PDF, so games and tournament may import
it without importing the renderer.

Every notice has the seeds' layout: a title line, a short text, a table (`columns`, `rows`),
and the organiser and date at the bottom right. A form (score sheet, bidding sheet, hand card)
has its own template and one `FormPage` of data per printed page.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TypedDict

# One row of a notice's table: its cells, already formatted, in the order of the columns.
Row = list[str]


class Seat(TypedDict):
    """One side at the table as a form's heading prints it: `NS` and `N07 王强 / 李娜`."""

    label: str
    names: str


class FormPage(TypedDict, total=False):
    """One printed page of a form, every value a string (the glyph check reads them all).

    The keys every table form has are declared here; a game's template reads its own keys
    besides (a bridge score sheet's `boards`, a 大怪路子 sheet's `heads` and `summary`), and a
    hand card has only its own. Templates read `page.table`, `page.words.date`, ….
    """

    table: str  # the table number, digits only (the desk finds a table's pages by it)
    table_label: str  # the head's table, where it says more than its number: 1（开室）, a room's page
    title: str  # the page's own title line, where its table's differs from the form's (a knockout's match)
    title_kept: str  # the end of `title` its heading keeps on one line (Bulletin.title_kept)
    seats: list[Seat]
    referee: str
    words: dict[str, str]  # the template's fixed words, in the bulletin's language
    signatures: list[str]  # the signature lines at the foot of the page


@dataclass
class Bulletin:
    """A notice or a form to print. `name` is its file name without .pdf; its first part
    (qualifiers, standings, draw, scoresheet, …) is its kind."""

    name: str
    title: str
    text: str
    columns: list[str]
    rows: list[Row]
    organizer: str
    date: dt.date | None
    numeric: set[int] = field(default_factory=set)  # column indexes set right-aligned
    # column indexes of a name of a word or two that is never broken (a knockout's match,
    # "third-place play-off"): the names and groups beside it take the wrapping
    words: set[int] = field(default_factory=set)
    template: str = "bulletin.html"
    pages: list[FormPage] = field(default_factory=list)  # a form: one per printed page
    page_url: str = ""  # the site page it belongs to (site-relative), for its QR code
    qr: str = ""  # that page's QR code as inline SVG ("" without base_url)
    # column indexes of players' names ("Maximilian Oppenheimer / Genevieve Castellanos"): a
    # line breaks between two players, not inside a name (a draw notice's Players columns read
    # "Maximilian" above "Oppenheimer / Genevieve" above "Castellanos" at A4)
    names: set[int] = field(default_factory=set)
    # column indexes printed only when a row fills them, dropped otherwise (and the indexes above
    # moved down): a Group column of an event without groups took the names' width, and a pair's
    # names broke in two ("Dag Flemming / Pedersen"). Empty once made: what is left is printed.
    optional: set[int] = field(default_factory=set)
    # the end of `title` its heading keeps on one line: standings' "（第 5 轮后）" broke as
    # "（第 5" above "轮后）", at the space a Chinese phrase puts around its number; a notice's own
    # name after the event's (bulletins._finish): "…（四人队式赛）获奖" above "名单"
    title_kept: str = ""
    # A heading row across the table before the row of each index: the standings of a stage
    # ranking fields apart (a two-winner Mitchell's NS and EW, each from rank 1), or its two
    # rank 1s read as one field's tie.
    headings: dict[int, str] = field(default_factory=dict)
    # A big draw's index (pairing.draw_sheet, DRAW_INDEX_TABLES): every side by its number, each
    # with its table, on a page of its own after the tables. A team of a hall of 500 tables looked
    # for its number through 19 pages sorted by table; here it is found as in a dictionary.
    # `index_columns`: the headings of a pair of cells (number, table); `index_title` its heading.
    index: list[tuple[str, str]] = field(default_factory=list)
    index_title: str = ""
    index_columns: tuple[str, str] = ("", "")

    def __post_init__(self) -> None:
        for index in sorted(self.optional, reverse=True):  # (the last first: the others keep their index)
            if any(row[index] for row in self.rows):
                continue
            self.columns = self.columns[:index] + self.columns[index + 1:]
            self.rows = [row[:index] + row[index + 1:] for row in self.rows]
            self.numeric = _without(self.numeric, index)
            self.words = _without(self.words, index)
            self.names = _without(self.names, index)
        self.optional = set()

    @property
    def kind(self) -> str:
        """qualifiers, standings, prizes, credits, draw, … : the key of `bulletin_text` in event.yaml."""
        return self.name.split("-", 1)[0]


def _without(indexes: set[int], index: int) -> set[int]:
    """Column `indexes` once column `index` is dropped: it gone, those after it one down."""
    return {n - (n > index) for n in indexes if n != index}
