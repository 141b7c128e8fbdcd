"""How much a page of a round shows: the limits render/html.py pages a round's tables by, here so
that `check` can warn where a stage's rounds would pass them (tournament/event.py,
stage-match-length-unsaid) without the tournament importing the renderer.

A round's page shows PAGE_TABLES tables, and fewer when they show many boards each: at most
PAGE_BOARDS boards' rows (a bridge team match's board is a row of both rooms, 1.3 kB of markup:
50 matches of 16 boards made a page of 890 kB, of 24 boards 1.3 MB). The boards counted are the
match's planned (planned_boards), not those entered so far, so that a round's tables stay on
their pages from the draw to the last result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.content.model import Stage
    from generator.games import Game

PAGE_TABLES = 50  # a round's tables a page, in table order: round-<n>/index.html, round-<n>/page-2/index.html, …
PAGE_BOARDS = 400  # boards' rows a page of a round shows at most (and tables' lines a page of a board's traveller)


def planned_boards(game: Game | None, stage: Stage) -> int:
    """The boards a table of a round of `stage` is to show, as planned before play: the stage's
    `boards` (a match's, or a pairs round's), else the game's match (default_boards, what its
    score sheet lists); 0 for a game whose tables write no boards (Guandan's deal log). Never
    the rows entered so far: a match not played, forfeited or half entered shows fewer, and a
    round's pages sized by them moved its tables as results came in (a link to table 30 shared
    with the draw on page 1, on page 2 once a match was entered)."""
    if game is None or "boards" not in game.table_keys:
        return 0
    return int(stage.boards or game.default_boards or 0)


def tables_a_page(boards: int, page_tables: int = PAGE_TABLES, page_boards: int = PAGE_BOARDS) -> int:
    """How many of a round's tables a page of it shows, each table to show `boards` boards'
    rows (planned_boards): `page_tables`, fewer where so many such tables would pass
    `page_boards`. The same for every page of the round and at every build of it, whatever is
    entered (an entry's page links its table on the page that holds it, and a link shared with
    the draw finds the table where it was)."""
    return max(1, min(page_tables, page_boards // boards)) if boards > 0 else page_tables
