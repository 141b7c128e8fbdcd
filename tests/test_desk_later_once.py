"""A withdrawn team's table in a round drawn after it withdrew names the value of `withdrawn:`
that check's warning names (Desk.spot's `later`): taken from the reading's problems once, when
the event is read, not looked for through every problem at each table's form and at each row of
the secretary's page (a 1,000-table round with withdrawals: the rows times the problems at every
request; bench figures in the commit, processor time). The same values either way."""

from __future__ import annotations

from pathlib import Path

from tests.test_desk_double_forfeit import SLUG, forfeits_in_two_later_rounds


class Unlooked(list):
    """The reading's problems, which no request may look through again."""

    def __iter__(self):  # noqa: ANN204
        raise AssertionError("the reading's problems looked through at a request")


def test_the_later_rounds_value_is_taken_from_the_reading_once(tmp_path: Path) -> None:
    from generator.desk.app import Desk

    content, tables = forfeits_in_two_later_rounds(tmp_path)
    desk = Desk(content, SLUG, None, None, build=False)
    later = [p for p in desk.problems if p.code in ("entry-withdrawn-forfeit-later", "entry-withdrawn-drawn-later")]
    assert sorted((p.params["round"], p.params["written"]) for p in later) == [(2, "3"), (3, "3")]
    desk.problems = Unlooked(desk.problems)
    # the value check names (3, which clears both), at each table's form and on the secretary's page
    assert desk.spot("main", 2, tables[2], withdrawn=True).later == "3"
    assert desk.spot("main", 3, 1, withdrawn=True).later == "3"
    assert desk.spot("main", 1, tables[1], withdrawn=True).later == ""  # (the round it withdrew from)
    rows = {(view["number"], row["number"]): row for view in desk.rounds_view() for row in view["tables"]}
    assert rows[(2, tables[2])]["later"] and rows[(3, 1)]["later"] and not rows[(1, tables[1])]["later"]
