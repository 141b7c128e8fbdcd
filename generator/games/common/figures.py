"""Figures a table's view sums from its rows (totals, the top, whether any lead was written),
worked out once per view: the table pages of an event (the table, the entries' pages, the
rounds) each ask them again, and the template asks some once a row. And how a column's figures
are said (two_places, figure_text, number_text), the pages' and the printed sheets' one rule."""

from __future__ import annotations

from typing import Any


class Figures:
    """A view whose `cached` names are functools.cached_property values, worked out from rows that
    no longer change. Pickled without them (the event cache, the processes rendering the pages):
    they are worked out again where they are asked, and a view pickles to the size it did."""

    cached: tuple[str, ...] = ()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__
        if any(name in state for name in self.cached):
            state = {name: value for name, value in state.items() if name not in self.cached}
        return state


# A column's figures, said one way on the pages (render/html.py) and in the printed sheets
# (games/*/sheets.py) alike: the games may not import render, so the rule lives here.


def two_places(*columns: Any) -> bool:
    """Whether a figure of `columns` (iterables of figures, None for a blank) has two places:
    then each of their figures is shown so (figure_text), as a standings column is."""
    return any(type(v) is float and not v.is_integer() for column in columns for v in column)


def figure_text(value: Any, two: bool = False) -> str:
    """A figure of a column (two_places): to two places where any of its column has them
    ("16.00" under "9.60", where "16" read as another kind of figure), else as number_text;
    blank for None."""
    if value is None:
        return ""
    if two and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:.2f}"
    return number_text(value)


def number_text(value: Any) -> str:
    """A figure as pages show it: whole numbers without a point, others to two places."""
    if type(value) is int:  # most figures (a third of a million a build): as str() shows them
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)
