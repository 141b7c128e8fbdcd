"""The score sheets' rows to fill, drawn as one ruled row (templates/sheets/guandan_scoresheet.html's
`ruled_rows` filter). Its own module, registered by html.environment, which the desk's pages, the
PDF's environment (pdf._environment) and a stock environment alike start from: registered by the
PDF's environment alone, a sheet's template rendered anywhere else had no such filter."""

from __future__ import annotations

import urllib.parse
from functools import cache

from markupsafe import Markup

# A score sheet's row to fill, as a row of the sheet's table is high (templates/sheets/_base.html:
# 1mm of padding above and below a line of 10pt Noto Sans CJK, 1.448em high, and a 0.6pt rule),
# in CSS px, the unit WeasyPrint lays out in.
_PX_MM, _PX_PT = 96 / 25.4, 96 / 72
RULED_ROW = 2 * _PX_MM + 0.6 * _PX_PT + 1.448 * 10 * _PX_PT
RULED_WIDTH = 671


@cache
def ruled_rows(rows: int) -> Markup:
    """The style of `rows` rows to fill drawn as one tall table row (guandan_scoresheet.html's
    .blank): its background an image of the rules between them, where each row's border was,
    made once for as many rows and drawn once a sheet; not a pattern repeated, which some
    viewers pixelate. Its height the rows', to the hundredth of a point."""
    height = rows * RULED_ROW
    rules = "".join(f"M0 {k * RULED_ROW:.3f}H{RULED_WIDTH}" for k in range(1, rows))
    svg = (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {RULED_WIDTH} {height:.3f}' preserveAspectRatio='none'>"
           f"<path d='{rules}' stroke='#000' stroke-width='{0.6 * _PX_PT:.3f}'/></svg>")
    url = "data:image/svg+xml," + urllib.parse.quote(svg, safe="/:=' ")
    return Markup(f"background: url(&quot;{url}&quot;) no-repeat 0 0 / 100% {height:.3f}px")  # (in style="")
