"""Figures a table's view sums from its rows (totals, the top, whether any lead was written),
worked out once per view: the table pages of an event (the table, the entries' pages, the
rounds) each ask them again, and the template asks some once a row. And how a column's figures
are said (two_places, figure_text, number_text), the pages' and the printed sheets' one rule."""

from __future__ import annotations

from decimal import Decimal
from numbers import Real
from operator import attrgetter
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


# What most figures are: told by their type alone, before asking anything else of them.
_PLAIN = frozenset({int, float, type(None)})


def _fraction(value: Any) -> bool:
    """Whether a figure that is no int, float or None has a fraction: a Fraction or a Decimal
    (3/2, Decimal("1.5")) has, as the float 1.5 has; a whole one (Fraction(4, 2)) has not; bool
    and anything not a number has not."""
    if isinstance(value, (Real, Decimal)) and not isinstance(value, bool):
        return value != int(value)
    return False


def two_places(*columns: Any) -> bool:
    """Whether a figure of `columns` (iterables of figures, None for a blank) has two places:
    then each of their figures is shown so (figure_text), as a standings column is. The one
    rule of the pages, the printed sheets and the traveller alike, for a figure of any number
    type: an int or a whole float, Fraction or Decimal has none, 1.5 as much as 3/2 has.

    >>> from fractions import Fraction
    >>> two_places([4, 0, None]), two_places([4, 2.0]), two_places([4, 3.5]), two_places([Fraction(7, 2)])
    (False, False, True, True)
    """
    return any((not v.is_integer()) if type(v) is float else type(v) not in _PLAIN and _fraction(v)
               for column in columns for v in column)


def figure_text(value: Any, two: bool = False) -> str:
    """A figure of a column (two_places): to two places where any of its column has them
    ("16.00" under "9.60", where "16" read as another kind of figure), else as number_text;
    blank for None."""
    if value is None:
        return ""
    if two and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:.2f}"
    if two and type(value) not in _PLAIN and isinstance(value, (Real, Decimal)):
        return f"{float(value):.2f}"
    return number_text(value)


def number_text(value: Any) -> str:
    """A figure as pages show it: whole numbers without a point, others to two places (a
    Fraction or a Decimal as the float of it: 3.50, not 7/2)."""
    if type(value) is int:  # most figures (a third of a million a build): as str() shows them
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, (Real, Decimal)) and not isinstance(value, bool):
        return f"{float(value):.2f}" if _fraction(value) else str(int(value))
    return str(value)


def two_places_of(rows: Any, *names: str) -> bool:
    """two_places of the rows' figures named (`two_places_of(view.rows, "ns_value", "ew_value")`;
    a dotted name reads through: "row.ns_mp"): the table pages' (render/html.py's template
    global) and the bridge traveller's and its printed sheet's. Read here, not by Jinja's map
    filter in the template: a table's figures are asked on every page showing it, and the
    filter's chain of generators took 3 % of a 200-event archive's build."""
    return two_places(*(map(attrgetter(name), rows) for name in names))
