"""A barometer's standings after each round (the round pages' "standings after round N") as the
stage's standings as of that round say them: the game finds the places and figures
(Game.standings_after_rounds, games/bridge/duplicate.py's), pure of any withdrawal; the stage's
rule for a withdrawn entry (event.py's _rank and withdrawn_under_half) is applied here, where the event's
withdrawals are known, so that a round page does not rank a pair the stage page leaves unranked."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from generator.content.model import Event
from generator.games import GAMES
from generator.tournament.event import withdrawn_under_half
from generator.tournament.pairing import late_pairs
from generator.tournament.results import StageResult
from generator.tournament.standings import Remark


class AfterRound(NamedTuple):
    """One row of a barometer's standings after a round (standings_after_rounds): its place
    ("3=", or "\u2014" unranked), the entry, its figure so far (None: no board scored yet) and
    its remarks, as the stage's standings would say them as of that round (退赛, and why it
    has no place: Remark "under_half"). A tuple, not a dataclass: one is made for every pair
    after every round (870 at 30 pairs of 29 rounds), most with no remark."""

    place: str
    entry: str
    figure: float | None
    remarks: tuple[Remark, ...] = ()


def standings_after_rounds(event: Event, result: StageResult) -> dict[int, list[AfterRound]]:
    """A barometer's standings after each round (Game.standings_after_rounds: the game's places
    and figures), with the stage's rule for a withdrawn entry applied as of that round, as the
    stage's standings after it say it: marked 退赛 once the round it withdrew from is the next
    to play or played (_rank's `later`, Standing.withdraws_later), listed after those still
    playing within a tie, and in a stage ranked by a percentage not ranked when it took part in
    under half the rounds (event.withdrawn_under_half): listed with the unranked, its figure kept, the
    entries below it each a place up. Where nobody withdrew, the game's rows as they are."""
    game, stage = GAMES[event.game], result.stage
    found = game.standings_after_rounds(stage, result.rounds)
    since = {entry_id: first for entry_id, entry in event.entries.items()
             if (first := entry.withdrawn_from(stage.id)) is not None}
    if not since or not found:
        return {number: [AfterRound(*row) for row in rows] for number, rows in found.items()}
    # Known from the withdrawal alone (the rounds it took part in: withdrawn_under_half), not from the
    # boards played by this round: the same verdict after every round that marks it 退赛.
    gone = withdrawn_under_half(game, stage, [event.entries[entry_id] for entry_id in since],
                                late_pairs(event, stage, result.field))
    after: dict[int, list[AfterRound]] = {}
    for number, rows in found.items():
        withdrew = {entry for _, entry, _ in rows if entry in since and since[entry] <= number + 1}
        figures = {entry: figure for _, entry, figure in rows if figure is not None}
        # (one with no board scored is unranked anyway, said as before: standings.rank's cut)
        short = gone & withdrew & figures.keys()
        ranked = sorted((item for item in figures.items() if item[0] not in short),
                        key=lambda item: (-item[1], item[0] in withdrew, item[0]))
        first: dict[float, int] = {}
        for position, (_, figure) in enumerate(ranked):
            first.setdefault(figure, position)
        sharing = Counter(figure for _, figure in ranked)

        def said(entry: str) -> tuple[Remark, ...]:
            if entry not in withdrew:
                return ()
            return (Remark("withdrawn"), Remark("under_half")) if entry in short else (Remark("withdrawn"),)

        unranked = sorted([*(entry for _, entry, figure in rows if figure is None), *short])
        after[number] = [*(AfterRound(f"{first[figure] + 1}{'=' if sharing[figure] > 1 else ''}", entry, figure,
                                      said(entry)) for entry, figure in ranked),
                         *(AfterRound("\u2014", entry, figures.get(entry), said(entry)) for entry in unranked)]
    return after
