"""Figures a table's view sums from its rows (totals, the top, whether any lead was written),
worked out once per view: the table pages of an event (the table, the entries' pages, the
rounds) each ask them again, and the template asks some once a row."""

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
