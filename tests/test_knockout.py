"""Knockout stages (`format: knockout`, tournament/knockout.py): the bracket and its byes, who
meets whom, a tie settled by `winner:` or by the game's own rule (the `Game.knockout_winner`
hook), the third-place play-off, placings feeding prizes, `paibang pair` drawing each round from
the winners, the event in progress naming no champion, and the pages and bulletin."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.errors import ContentErrors
from generator.games import GAMES, Game, TableScore
from generator.tournament.knockout import make_bracket, seed_order

from tests.toygame import RULES as HIGH_CARD
from tests.toygame import HighCardRules

SITE = "title: 测试\nlocale: zh-Hans\n"


@pytest.fixture
def high_card() -> Iterator[Game]:
    GAMES.register(HIGH_CARD)
    try:
        yield HIGH_CARD
    finally:
        del GAMES[HIGH_CARD.name]


def event(tmp_path: Path, count: int, stages: str, rounds: dict[str, str] | None = None, game: str = "highcard",
          prefix: str = "C", slug: str = "cup") -> Path:
    """content/ with one event of `count` entries (C01 …) and the given stages and results files."""
    root = tmp_path / "content"
    folder = root / "events" / slug
    (folder / "results").mkdir(parents=True, exist_ok=True)
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    entries = "".join(f"  - {{id: {prefix}{i:02d}, players: [选手{i}甲, 选手{i}乙]}}\n" for i in range(1, count + 1))
    (folder / "event.yaml").write_text(
        f"title: 淘汰赛杯\ngame: {game}\ndates: [2026-05-01]\norganizer: 牌协\nentries:\n{entries}stages:\n{stages}",
        encoding="utf-8")
    for name, text in (rounds or {}).items():
        (folder / "results" / name).write_text(text, encoding="utf-8")
    return root


def run(root: Path):
    site, results, warnings = validate(root)
    return results[0], warnings


def errors(root: Path) -> list[str]:
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    return [p.code for p in failure.value.problems if not p.warning]


def table(number: int, home: str, away: str, cards: str | None = None, extra: str = "") -> str:
    text = f"  - table: {number}\n    home: {home}\n    away: {away}\n"
    if cards:
        text += f"    cards: [{cards}]\n"
    return text + extra


def results_file(stage: str, number: int, *tables: str) -> str:
    return f"stage: {stage}\nround: {number}\ntables:\n" + "".join(tables)


KO = "  - id: ko\n    name: 淘汰赛\n    format: knockout\n"


# --- the bracket ---------------------------------------------------------------------------------


def test_standard_placement_and_byes_for_a_field_of_twelve() -> None:
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    seeds = [f"C{i:02d}" for i in range(1, 13)]
    bracket = make_bracket(12, seeds, third_place=False)
    assert (bracket.size, bracket.rounds) == (16, 4)
    assert bracket.byes == [1, 2, 3, 4]  # the top four seeds go straight to round 2
    first = [(m.number, [s.seed for s in m.slots]) for m in bracket.round_matches(1)]
    assert first == [(1, [8, 9]), (2, [5, 12]), (3, [7, 10]), (4, [6, 11])]
    second = [[(s.seed, s.source) for s in m.slots] for m in bracket.round_matches(2)]
    # seed 1 meets the winner of 8 v 9, seed 4 the winner of 5 v 12, …
    assert second == [[(1, None), (None, 1)], [(4, None), (None, 2)], [(2, None), (None, 3)], [(3, None), (None, 4)]]
    assert [m.sides[0] for m in bracket.round_matches(2)] == ["C01", "C04", "C02", "C03"]
    semis = [[s.source for s in m.slots] for m in bracket.round_matches(3)]
    assert semis == [[5, 6], [7, 8]]  # seeds 1 and 2 in different halves: they can meet only in the final
    assert [m.kind for m in bracket.round_matches(4)] == ["final"] and bracket.final.number == 11


def test_third_place_match_is_numbered_before_the_final() -> None:
    bracket = make_bracket(8, [f"C{i:02d}" for i in range(1, 9)], third_place=True)
    last = bracket.round_matches(3)
    assert [(m.number, m.kind) for m in last] == [(7, "third"), (8, "final")]
    assert [(s.source, s.loser) for s in last[0].slots] == [(5, True), (6, True)]
    assert bracket.byes == []
