"""The desk's whole reading of an event (the scorer's, after a save) with Python's collector
walking the heap a tenth as often while the content is read (generator/collecting.py: four
walks of a 2,500-table desk's whole heap were half of the reading), and the thresholds put back
after it; what is read is the same. No timing here (bench/desk_reading.py measures it)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from generator.collecting import YOUNG_COLLECTION
from generator.content import load
from generator.desk import app
from tests.test_desk_mass_pages import desk_of, guandan_swiss


def test_the_desks_reading_collects_less_and_puts_the_collector_back(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    desk, _ = desk_of(guandan_swiss(tmp_path, 8, 4))
    standings = repr(desk.result.stages[0].standings)  # (the desk's first reading's)
    during: list[tuple[int, int, int]] = []
    real = load._read_results

    def read(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        during.append(gc.get_threshold())
        return real(*args, **kwargs)

    monkeypatch.setattr(load, "_read_results", read)
    real_run = app.run_event

    def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        during.append(gc.get_threshold())
        return real_run(*args, **kwargs)

    monkeypatch.setattr(app, "run_event", run)
    before = gc.get_threshold()
    assert before[0] < YOUNG_COLLECTION
    desk._kept_reading = None  # (read whole, as after a save to a file never read)
    desk.load()
    assert len(during) > 1 and all(found[0] == YOUNG_COLLECTION and found[1:] == before[1:] for found in during)
    assert gc.get_threshold() == before  # put back once the reading is done
    assert not desk.errors
    assert sorted(desk.entered()["main/1"]) == [1, 2, 3, 4]
    assert repr(desk.result.stages[0].standings) == standings
