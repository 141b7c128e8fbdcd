"""The games paibang scores. Each game is one module with the same small surface.

A game module provides a `RULES` object (see `GameRules`): its metrics, the stage keys it reads,
how to read one table of a results file, and how to score it. Adding a fifth game means adding
a module here, its table template under templates/games/, and a line in `GAMES`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark

Localised = dict[str, str]


@dataclass(frozen=True)
class Metric:
    """A standings metric. Higher is better. `first_only`: taken from the first match played."""

    name: str
    label: Localised
    explain: Localised
    first_only: bool = False


@dataclass
class SideScore:
    entry: str
    metrics: dict[str, float]


@dataclass
class TableScore:
    """A scored table: each side's metric contributions, the winner, and what pages show."""

    table: Table
    sides: list[SideScore]
    winner: str | None
    boards: list[dict[str, Any]] = field(default_factory=list)  # results.json rows
    view: Any = None  # the game's own data for its table template


class GameRules(Protocol):
    name: str
    title: Localised
    formats: tuple[str, ...]
    metrics: dict[str, Metric]
    stage_keys: tuple[str, ...]
    table_keys: tuple[str, ...]

    def read_stage_options(self, reader: Reader, stage_format: str) -> Any: ...

    def metrics_for(self, stage: Stage) -> tuple[str, ...]: ...

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]: ...

    def score_table(self, table: Table, stage: Stage) -> TableScore: ...


def _registry() -> dict[str, GameRules]:
    from generator.games import bridge

    return {"bridge": bridge.RULES}


GAMES: dict[str, GameRules] = _registry()

# Games the content format knows but this build does not score yet.
PLANNED_GAMES = ("guandan", "daguai", "shengji")
