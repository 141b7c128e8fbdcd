"""The draw notice (对阵表) as printed: a pairs round's movement built once for it, and its
Players column laid out so that long pair names do not wrap a word at a time at A4."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.tournament import pairing
from generator.tournament.pairing import draw_sheet
from tests.test_forms import PAIRS, pairs_drawn, result_of  # noqa: F401 (the fixture)


def test_a_pairs_rounds_draw_notice_builds_its_movement_once(pairs_drawn: Path,  # noqa: F811
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The notice needs the round's movement for its boards and for its text: it built it for
    each (round_boards, then _round_movement again)."""
    site, result = result_of(pairs_drawn, PAIRS)
    stage_result = result.stage_of("pairs")
    built = []
    original = pairing.movement_of
    monkeypatch.setattr(pairing, "movement_of", lambda *args: built.append(1) or original(*args))
    notice = draw_sheet(result.event, stage_result, stage_result.rounds[0], site.locale)
    assert len(built) == 1
    assert notice.rows[0][-1] and "移位" in notice.text  # the boards and the movement, as before
