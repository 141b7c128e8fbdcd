"""The credits roster (操行分), seed 000 section 九 and 十.1.

Players of an entry that reached the last stage get `finalist`, the others `participant`; an
entry that forfeited a match gets `forfeit` instead (临时弃权者扣除操行分3分). Only a forfeit of a
round it was due to play costs that: the seed's 临时弃权 is a no-show (没有到齐或延迟15分钟以上视为
弃权), while a withdrawal (`withdrawn:`, event-day.md) is announced beforehand, so the forfeits
that are only its withdrawal (its tables from that round on) cost nothing. An entry
withdrawn before it played a table (`withdrawn: true`) took no part: nothing at all. Substitutes earn
nothing as players. Officials get `referee[stage]` for each stage they refereed and `host` per
session hosted.
"""

from __future__ import annotations

from generator.content.model import Event
from generator.tournament.results import CreditLine, StageResult


def credits_roster(event: Event, stages: list[StageResult]) -> list[CreditLine]:
    rules = event.credits
    if rules is None or not stages:
        return []
    lines: dict[tuple[str, str | None], CreditLine] = {}

    def line(name: str, group: str | None, withheld: str | None = None) -> CreditLine:
        return lines.setdefault((name, group or withheld), CreditLine(name, group, withheld_group=withheld))

    last = stages[-1]
    finalists = {e.id for e in last.field} if last.has_results or last.field else set()
    # Not the tables an entry withdrawn by that round forfeits (its withdrawal, not a no-show:
    # see above); a round robin still meets it there and the table is scored as its forfeit.
    # Both teams of a double forfeit (Guandan's `forfeit: [T17, T29]`: neither came) are each a
    # no-show, each losing its `forfeit` points (Table.forfeits): read as one side's `forfeit:`,
    # neither lost them, both credited as if they had played.
    forfeited = {
        side
        for stage in stages
        for round_ in stage.rounds
        for score in round_.tables
        for side in score.table.forfeits
        if not event.entries[side].withdrawn_by(round_.number, stage.stage.id)
    }
    # A withdrawn entry took part only if it sat at a table before it withdrew: the field lists
    # one withdrawn from round 1 (`withdrawn: true`) all the same, and a participant's point is
    # for playing (参与者), not for having entered. (Asked of withdrawn entries only.)
    withdrawn = {e.id: e for e in event.entries.values() if e.withdrawn is not None}
    played = {
        side
        for stage in stages
        for round_ in stage.rounds
        for score in round_.tables
        if len(score.table.sides) == 2  # (a bye is no table played)
        for side in score.table.sides
        if side in withdrawn and not withdrawn[side].withdrawn_by(round_.number, stage.stage.id)
    }
    took_part = {e.id for stage in stages for e in stage.field} | {e.id for e in stages[0].byes}
    took_part = {i for i in took_part if i not in withdrawn or i in played}
    for entry in event.entries.values():
        if entry.substitute or entry.id not in took_part:
            continue
        if entry.id in forfeited:
            reason, points = "forfeit", rules.forfeit
        elif entry.id in finalists:
            reason, points = "finalist", rules.finalist
        else:
            reason, points = "participant", rules.participant
        for player in entry.players:
            line(player.name, entry.group, entry.withheld_group).add(reason, points)
    for official in event.officials:
        if official.role == "referee":
            for stage_id in official.stages:
                points = rules.referee.get(stage_id, 0)
                line(official.name, None).add(f"referee:{stage_id}", points)
        elif official.role == "host" and official.sessions:
            line(official.name, None).add("host", rules.host * official.sessions)
    return sorted(lines.values(), key=lambda c: (-c.points, c.group or "", c.name))
