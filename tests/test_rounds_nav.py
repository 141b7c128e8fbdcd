"""A round page's links to its stage's rounds (rows_tables.rounds_nav), made once for a stage's
round pages and kept in the locale's environment, which `paibang serve` keeps from build to build."""

from __future__ import annotations

import gc
import weakref
from dataclasses import dataclass, field

from generator.render.rows_tables import _rounds_navs


@dataclass
class _Round:
    number: int


@dataclass
class _StageResult:
    rounds: list[_Round] = field(default_factory=lambda: [_Round(1), _Round(2)])


@dataclass
class _Stage:
    id: str = "main"


def _rounds_nav():  # noqa: ANN202
    return _rounds_navs(lambda key, **_: key, lambda result, number: f"R{number}",
                        lambda event, stage, number: f"round-{number}/")


def test_the_links_follow_the_stage_shown_and_keep_no_stage_alive() -> None:
    """The links are the stage's (a stage of three rounds after one of two: three links, the
    current one marked), and a stage's results once replaced (a rebuild under serve) are freed:
    the kept links held them, and the event's results behind them, until another stage's round
    page was rendered (rev109 D3)."""
    rounds_nav = _rounds_nav()
    first = _StageResult()
    assert rounds_nav(None, _Stage(), first, first.rounds[1], 1, "../") == (
        '<nav class="rounds" aria-label="rounds_nav"><a href="../round-1/">R1</a> '
        '<a href="../round-2/" aria-current="page">R2</a> </nav>\n')
    gone = weakref.ref(first)
    del first
    gc.collect()
    assert gone() is None
    second = _StageResult([_Round(1), _Round(2), _Round(3)])
    shown = rounds_nav(None, _Stage(), second, second.rounds[0], 1, "")
    assert shown.count("<a ") == 3 and '<a href="round-1/" aria-current="page">R1</a>' in shown
