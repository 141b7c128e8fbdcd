"""`forfeit: [D01, D02]` in a game with no double forfeit (大怪路子, 80分: rules-daguai.md and
rules-shengji.md give one side's forfeit only, a result for the other; Guandan's double forfeit
is its own, rules-guandan.md). It was type-expected, "write the value as text", which says
nothing of what is wrong or what to write when neither side came. Now an error saying the game
has no double forfeit, at the value, with the fixes: the side that forfeited alone; neither
came: the referee's choice of one, or the withdrawal of a side that has left (a table of two
withdrawn sides deleted, as entry-withdrawn-both says)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from tests.support import new_event


def _problems(tmp_path: Path, game: str, table: str) -> list:
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", 4,
                       "  - {id: main, name: m, format: swiss, rounds: 3}\n")
    (folder / "results/round-1.yaml").write_text(
        f"stage: main\nround: 1\ntables:\n  - {table}\n  - {{table: 2, home: D03, away: D04, forfeit: D04}}\n",
        encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    return [p for p in failure.value.problems if not p.warning]


@pytest.mark.parametrize("game, name", [("daguai", "\u5927\u602a\u8def\u5b50"),
                                        ("shengji", "80\u5206\uff08\u5347\u7ea7\uff09")])
def test_a_double_forfeit_where_the_game_has_none_is_said_plainly(tmp_path: Path, game: str, name: str) -> None:
    (found,) = _problems(tmp_path, game, "{table: 1, home: D01, away: D02, forfeit: [D01, D02]}")
    assert (found.code, found.mark.file.name, found.mark.line, found.mark.column) == \
        ("forfeit-double-not-in-game", "round-1.yaml", 4, 47)
    assert found.message("zh-Hans") == (
        f"{name}\u6ca1\u6709\u53cc\u65b9\u5f03\u6743\uff1aforfeit \u53ea\u5199\u6ca1\u6709\u6765\u7684\u4e00\u65b9"
        "\uff0c\u4e0d\u80fd\u5199 [D01, D02]")
    en = found.hint("en")
    assert "write the side that forfeited alone (for example forfeit: D01)" in en, en
    assert "If neither came, the referee decides which side forfeits" in en and "withdrawn: N" in en, en
    assert "write the value as text" not in en


def test_a_double_forfeit_on_a_played_daguai_match_is_one_error(tmp_path: Path) -> None:
    """Boards written beside it: the list is no forfeit, so no daguai-forfeit-with-play naming a
    list as the side that forfeited; the one error says what is wrong."""
    found = _problems(tmp_path, "daguai",
                      "{table: 1, home: D01, away: D02, forfeit: [D01, D02], boards: {1: {open: D01 8, closed: D02 1}}}")
    assert [p.code for p in found] == ["forfeit-double-not-in-game"]


def test_an_empty_list_is_said_with_the_tables_first_side_for_the_example(tmp_path: Path) -> None:
    """`forfeit: []`: the hint's example named nobody ("for example forfeit: ")."""
    (found,) = _problems(tmp_path, "daguai", "{table: 1, home: D01, away: D02, forfeit: []}")
    assert found.code == "forfeit-double-not-in-game"
    assert "(for example forfeit: D01)" in found.hint("en"), found.hint("en")
