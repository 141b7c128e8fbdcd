"""An event's result as the event cache keeps it (pickled by the reader that scored it, unpickled
by the render worker that writes its pages): a table's results.json rows (TableScore.boards)
travel as what they are made from, not as a mapping a board, and read back the same.

One demo event of each kind of table that has rows: bridge's total-points matches, pairs and
teams, Da Guai Lu Zi's matches, 80分's pairs and teams.
"""

from __future__ import annotations

import gc
import json
import pickle
import types

import pytest

from generator.build import validate
from generator.games import RowsWhenRead
from generator.render.html import _json_list, results_json
from support import demo_content

SLUGS = ("dongke-bridge-2015", "qiaoyou-club-pairs-2024", "gaoxiao-bridge-teams-2024", "chem-park-daguai-2016",
         "hefei-80fen-pairs-2012", "hefei-80fen-teams-2012")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> list:
    _, found, _ = validate(demo_content(tmp_path_factory.mktemp("payload"), *SLUGS), strict=True)
    assert sorted(r.event.slug for r in found) == sorted(SLUGS)
    return found


def _scores(result) -> list:
    return [score for stage in result.stages for round_ in stage.rounds for score in round_.tables]


def _kept(result):
    """The result as a render worker reads it back from the event cache (event_cache._prepare_event)."""
    return pickle.loads(pickle.dumps((result.event, result, []), protocol=pickle.HIGHEST_PROTOCOL))[1]


def _dicts_in(root) -> list[dict]:
    """The dicts `root` holds, not those of the code it names (a function's module, its globals)."""
    seen: set[int] = set()
    found, stack = [], [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (type, types.FunctionType, types.ModuleType, str, bytes, int, float)):
            continue
        seen.add(id(item))
        if type(item) is dict:
            found.append(item)
        stack.extend(gc.get_referents(item))
    return found


def test_a_tables_board_rows_are_pickled_as_what_they_are_made_from(results):
    # Each row a mapping was 78,000 dicts in the 200-event archive's pickles, a sixth of their
    # bytes; made again from the view's rows (kept anyway), where results.json reads them.
    for result in results:
        rows = [[dict(row) for row in score.boards] for score in _scores(result)]  # read (made) before pickling
        assert any(rows), result.event.slug
        back = _kept(result)
        held = _dicts_in(back)  # before anything reads its rows
        made = [row for table in rows for row in table]
        assert not [row for row in held if row in made], result.event.slug
        assert [list(score.boards) for score in _scores(back)] == rows


def test_results_json_of_an_event_read_back_is_the_one_of_the_event_scored(results):
    # (Passes on main too, by design: the rows are the same, made later.)
    def written(result) -> str:
        return json.dumps(results_json(result), ensure_ascii=False, separators=(",", ":"), check_circular=False,
                          default=_json_list)

    for result in results:
        assert written(_kept(result)) == written(result)


def test_writing_results_json_keeps_no_rows_with_the_event(results):
    # serve writes a saved event's results.json in its own process and keeps that event there
    # between rebuilds (EventMemory): rows kept with it would be inherited by every render
    # worker after (found by a review of b5e0855). Written once, made once, kept nowhere.
    for result in results:
        back = _kept(result)
        json.dumps(results_json(back), ensure_ascii=False, default=_json_list)
        lazy = [score.boards for score in _scores(back) if isinstance(score.boards, RowsWhenRead)]
        assert lazy, result.event.slug
        assert all(rows._rows is None for rows in lazy), result.event.slug


def test_no_source_of_rows_changes_once_the_rows_would_have_been_made(tmp_path, monkeypatch) -> None:
    """RowsWhenRead makes its rows when read, from a source the game hands it once that source is
    final: the rows made when results.json is written must be those it would have made at once.
    Every RowsWhenRead of the whole demo site (every game, every kind of table, the Guandan
    matches' deals) makes its rows at once here too, and again after the site's pages and
    results.json are rendered: a source changed meanwhile (a later step of scoring or a page
    writing into a view's row) fails here, not silently in a published results.json."""
    import copy

    from generator.render.html import render_site
    from generator.render.output import OutputTree
    from support import ROOT

    at_once: list[tuple[RowsWhenRead, list]] = []
    made = RowsWhenRead.__init__

    def watched(self, make, *source) -> None:
        made(self, make, *source)
        at_once.append((self, copy.deepcopy(make(*source))))

    monkeypatch.setattr(RowsWhenRead, "__init__", watched)
    site, found, _ = validate(ROOT / "content")
    render_site(site, found, {}, OutputTree(tmp_path / "output"))
    def maker(rows: RowsWhenRead) -> str:
        return f"{rows.made_from[0].__module__}.{rows.made_from[0].__qualname__}"

    makers = {maker(rows) for rows, _ in at_once}
    assert len(at_once) > 300 and len(makers) >= 6, makers
    changed = [maker(rows) for rows, first in at_once if rows.made() != first]
    assert changed == []
