"""The games paibang scores. Each game is one module with the same small surface.

A game module provides a `RULES` object (see `GameRules`): its metrics, the stage keys it reads,
how to read one table of a results file, and how to score it. Adding a fifth game means adding
a module here, its table template under templates/games/, and a line in `GAMES`.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Protocol

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark
from generator.messages import CATALOGUE
from generator.messages import localised as _words

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
    """One side's part of a table. `disqualified`: out of the stage's ranking (seed 000's
    forfeit, 取消其参赛资格); a plain forfeit loss is scored by the game as a loss."""

    entry: str
    metrics: dict[str, float]
    disqualified: bool = False


@dataclass
class TableScore:
    """A scored table: each side's metric contributions, the winner, and what pages show."""

    table: Table
    sides: list[SideScore]
    winner: str | None
    boards: list[dict[str, Any]] = field(default_factory=list)  # results.json rows
    view: Any = None  # the game's own data for its table template
    extra: dict[str, Any] = field(default_factory=dict)  # more keys for the table in results.json


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

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        """Score one table. Tables arrive in play order (stage, round, table); `state` is one
        dict per event the game may keep running counts in (e.g. violations so far)."""
        ...




# Metrics every game can rank by; the tournament layer computes them.
SHARED_METRICS = {
    "buchholz": Metric(
        "buchholz", _words("对手分", "對手分", "Buchholz"),
        _words("所遇各对手的主要积分（如胜场）之和；轮空不计。", "所遇各對手的主要積分（如勝場）之和；輪空不計。",
               "the sum of the opponents' primary score (e.g. their wins); a bye counts nothing."),
    ),
    "median_buchholz": Metric(
        "median_buchholz", _words("中位对手分", "中位對手分", "Median Buchholz"),
        _words("对手分去掉得分最高和最低的各一个对手后之和（对手不足 3 个时不去掉）。",
               "對手分去掉得分最高和最低的各一個對手後之和（對手不足 3 個時不去掉）。",
               "the Buchholz without the best and the worst opponent (with fewer than 3 opponents, nothing is left out)."),
    ),
    "sonneborn_berger": Metric(
        "sonneborn_berger", _words("索伯分", "索伯分", "Sonneborn-Berger"),
        _words("所胜对手的主要积分之和，加上所平对手主要积分的一半；输给的对手不计。",
               "所勝對手的主要積分之和，加上所平對手主要積分的一半；輸給的對手不計。",
               "the primary score of every opponent beaten, plus half that of every opponent drawn with; opponents lost to count nothing."),
    ),
    "head_to_head": Metric(
        "head_to_head", _words("相互间成绩", "相互間成績", "Head-to-head"),
        _words("只看前面各项都相同的队之间的比赛：胜一场得 2 分、平得 1 分、负得 0 分，得分多者列前。",
               "只看前面各項都相同的隊之間的比賽：勝一場得 2 分、平得 1 分、負得 0 分，得分多者列前。",
               "only the matches between the entries equal on everything before it: 2 for a win, 1 for a draw, 0 for a loss; more is better."),
    ),
    "lot": Metric(
        "lot", _words("抽签", "抽籤", "Lot"),
        _words("各项均相同者以抽签决定先后。", "各項均相同者以抽籤決定先後。", "entries equal on everything are separated by lot."),
    ),
}


def metric_of(game: GameRules, name: str) -> Metric:
    """A metric by name: the game's own, or one of the shared ones."""
    return game.metrics.get(name) or SHARED_METRICS[name]


# Optional module-level names a game may define:
#   MESSAGES: dict[str, dict[str, tuple[str, str]]]  its error codes (see messages.py)
#   UI_WORDS: dict[str, tuple[str, str, str]]        words its templates use (see render/i18n.py)
#   bulletins(result, translator) -> list[Bulletin]  its own notice-board postings (render/pdf.py)
KNOWN_GAMES = ("bridge", "guandan", "daguai", "shengji")


def _registry() -> dict[str, Any]:
    """Every game module present in this package, by the name content uses (`game: bridge`)."""
    modules = {}
    for name in KNOWN_GAMES:
        if importlib.util.find_spec(f"generator.games.{name}") is not None:
            module = importlib.import_module(f"generator.games.{name}")
            CATALOGUE.update(getattr(module, "MESSAGES", {}))
            modules[name] = module
    return modules


GAME_MODULES: dict[str, Any] = _registry()
GAMES: dict[str, GameRules] = {name: module.RULES for name, module in GAME_MODULES.items()}

# Games the content format knows but this build does not score yet.
PLANNED_GAMES = tuple(name for name in KNOWN_GAMES if name not in GAMES)
