"""High card (比大小), a toy fifth game that lives only in the tests: each table records each
side's card, the higher card wins. It is one package and its table template, registered for a
test with `GAMES.register(RULES)`: nothing else in paibang names it.

    - table: 1
      home: C01
      away: C02
      cards: [K, 9]     # home's card, away's; K beats 9: C01 wins
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark
from generator.games import Example, Game, SideScore, TableForm, TableScore

CARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Cards:
    """The two cards of a played table, home's first; None: drawn, not played yet."""

    home: str
    away: str


@dataclass(frozen=True)
class View:
    kind: str  # played | bye | forfeit | unplayed
    cards: Cards | None
    winner: str | None


class HighCardRules(Game):
    name = "highcard"
    id_prefix = "C"
    word_prefix = "hc"  # its words, in locales/: hc_title, hc_choice, hc_metric_wins …
    templates = Path(__file__).resolve().parent / "templates"
    example = Example(
        entries="  - {id: C01, players: [王小明]}\n  - {id: C02, players: [李华]}\n",
        stages="  - id: main\n    name: 比赛\n    format: swiss\n    rounds: 2\n    rank_by: [wins, lot]\n",
        table="  - table: 1\n    home: C01\n    away: C02\n    # cards: [K, 9]\n",
    )
    formats = ("swiss", "round_robin", "matches")
    stage_keys = ()
    table_keys = ("home", "away", "cards")
    metric_names = ("wins",)
    # Its messages ("highcard-card") and words ("hc_cards") are in locales/, found by the base class.

    def table_form(self, stage: Stage | None = None) -> TableForm:
        return TableForm(("home", "away"), ("cards: [K, 9]",))

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]:
        reader.check_keys(("table", "referee", "forfeit", *self.table_keys), required=("home",))
        sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("home", "away") if reader.has(key)]
        written = reader.raw("cards")
        if not written:
            return sides, None
        cards = [str(card).strip().upper() for card in written] if isinstance(written, list) else [str(written)]
        wrong = [card for card in cards if card not in CARDS]
        if wrong or len(cards) != 2:
            reader.problems.add("highcard-card", reader.value_mark("cards"), value=", ".join(wrong or cards))
            return sides, None
        return sides, Cards(cards[0], cards[1])

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        if len(table.sides) == 1:
            return TableScore(table, [SideScore(table.sides[0], {"wins": 1})], table.sides[0], view=View("bye", None, table.sides[0]))
        home, away = table.sides
        if table.forfeit is not None:
            winner = away if table.forfeit == home else home
            sides = [SideScore(s, {"wins": int(s == winner)}) for s in table.sides]
            return TableScore(table, sides, winner, view=View("forfeit", None, winner))
        cards: Cards | None = table.record
        if cards is None:
            return TableScore(table, [], None, view=View("unplayed", None, None))
        high = {home: CARDS.index(cards.home), away: CARDS.index(cards.away)}
        winner = None if high[home] == high[away] else max(high, key=high.__getitem__)
        sides = [SideScore(s, {"wins": int(s == winner)}) for s in table.sides]
        return TableScore(table, sides, winner, boards=[{"home": cards.home, "away": cards.away}],
                          view=View("played", cards, winner))


RULES = HighCardRules()
