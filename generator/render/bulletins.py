"""What goes on the notice board (公示): each bulletin's title, text, table, organiser and date.

Every notice has the same layout, the seeds' own: a title line, a short text, a table, and the
organiser and date at the bottom right. Only the words and the rows differ, and they are all
computed here; `templates/bulletin.html` lays them out and render/pdf.py prints them. Forms
used at the table (score sheets) are bulletins too, with their own template and one page of
data per table.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from generator.content.model import Entry, Event, Stage
from generator.games import GAME_MODULES, GAMES, metric_of
from generator.render.i18n import Translator
from generator.tournament.event import EventResult, StageResult
from generator.tournament.pairing import draw_sheets


@dataclass
class Bulletin:
    name: str  # file name without .pdf
    title: str
    text: str
    columns: list[str]
    rows: list[list[str]]
    organizer: str
    date: dt.date | None
    numeric: set[int] = field(default_factory=set)  # column indexes set right-aligned
    template: str = "bulletin.html"
    pages: list[Any] = field(default_factory=list)  # a form's data, one item per printed page

    @property
    def kind(self) -> str:
        """qualifiers, standings, prizes, credits, draw, … : the key of `bulletin_text` in event.yaml."""
        return self.name.split("-", 1)[0]


def bulletins_for(result: EventResult, locale: str) -> list[Bulletin]:
    t = Translator(locale)
    event = result.event
    found = []
    for stage_result in result.stages:
        if not stage_result.standings:  # no round fully played yet: nothing to rank
            continue
        if stage_result.stage.advance is not None and stage_result.complete:
            found.append(_qualifiers(t, event, result, stage_result))
        found.append(_standings(t, event, stage_result))
    last = result.last_stage
    # The prize list and the credits roster only once the event is over (event-day.md).
    if last is not None and result.complete and last.stage.prizes:
        found.append(_prizes(t, event, last))
    if result.credits and last is not None and result.complete:
        found.append(_credits(t, event, result))
    own = getattr(GAME_MODULES[event.game], "bulletins", None)
    if own is not None:
        found.extend(own(result, t))
    found.extend(Bulletin(**vars(sheet)) for sheet in draw_sheets(result, locale))
    for bulletin in found:  # the secretary's own words, where event.yaml gives them
        bulletin.text = event.bulletin_text.get(bulletin.kind, bulletin.text)
    return found


def _rule(t: Translator, event: Event, stage: Stage) -> str:
    game = GAMES[event.game]
    names = [t.pick(metric_of(game, m).label) for m in stage.rank_by]
    return t.joiner().join(names)


def _metric_columns(t: Translator, event: Event, stage: Stage) -> list[str]:
    game = GAMES[event.game]
    return [t.pick(metric_of(game, m).label) for m in stage.rank_by if m != "lot"]


def _metric_cells(stage: Stage, metrics: dict[str, float]) -> list[str]:
    return [_fmt(metrics.get(m, 0)) for m in stage.rank_by if m != "lot"]


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _qualifiers(t: Translator, event: Event, result: EventResult, stage_result: StageResult) -> Bulletin:
    stage = stage_result.stage
    assert stage.advance is not None
    target = result.stage_of(stage.advance.to).stage
    metric_columns = _metric_columns(t, event, stage)
    rows = []
    for number, standing in enumerate((s for s in stage_result.standings if s.qualified), start=1):
        rows.append([str(number), standing.entry.id, standing.entry.player_names, standing.entry.group or "",
                     standing.rank_label, *_metric_cells(stage, standing.tally.metrics), ""])
    for entry in stage_result.byes:
        rows.append([str(len(rows) + 1), entry.id, entry.player_names, entry.group or "", "—",
                     *["—"] * len(metric_columns), t("bye_note")])
    byes = t("qualifier_byes", n=len(stage_result.byes)) if stage_result.byes else ""
    text = t("qualifier_text", prev=stage.name, rule=_rule(t, event, stage), count=len(rows), stage=target.name, byes=byes)
    columns = [t("no"), t("id"), t("players"), t("group"), f"{stage.name}{t('rank')}", *metric_columns, t("remark")]
    return Bulletin(f"qualifiers-{stage.id}", t("qualifier_title", event=event.title, stage=target.name), text,
                    columns, rows, event.organizer or "", stage.date or _last_date(event),
                    numeric={4, *range(5, 5 + len(metric_columns))})


def _standings(t: Translator, event: Event, stage_result: StageResult) -> Bulletin:
    stage = stage_result.stage
    metric_columns = _metric_columns(t, event, stage)
    rows = []
    for standing in stage_result.standings:
        remark = []
        if standing.tally.forfeited:
            remark.append(t("forfeit"))
        if standing.qualified:
            remark.append(t("qualified"))
        if standing.prize:
            remark.append(standing.prize.name)
        if standing.entry.withdrawn is not None:
            remark.append(t("withdrawn"))
        rows.append([standing.rank_label, standing.entry.id, _who(t, standing.entry), standing.entry.group or "",
                     *_metric_cells(stage, standing.tally.metrics), t.joiner().join(remark)])
    columns = [t("rank"), t("id"), t("players"), t("group"), *metric_columns, t("remark")]
    title = t("standings_title", event=event.title, stage=stage.name)
    text = t("standings_text", rule=_rule(t, event, stage))
    if stage.rounds > 1:  # which standings these are: "第 N 轮后", the last fully played round
        title += t("paren", text=t("after_round", n=stage_result.rounds_played)).rstrip()
        text = t("standings_after_text", n=stage_result.rounds_played, rule=_rule(t, event, stage))
    return Bulletin(f"standings-{stage.id}", title, text, columns, rows, event.organizer or "",
                    stage.date or _last_date(event), numeric={0, *range(4, 4 + len(metric_columns))})


def _who(t: Translator, entry: Entry) -> str:
    """A team as standings print it: its name, then its players; the players alone without one."""
    return f"{entry.name}{t('paren', text=entry.player_names)}" if entry.name else entry.player_names


def _prizes(t: Translator, event: Event, stage_result: StageResult) -> Bulletin:
    stage = stage_result.stage
    rows = [
        [s.prize.name, s.rank_label, s.entry.id, s.entry.player_names, s.entry.group or "", s.prize.award or ""]
        for s in stage_result.standings if s.prize is not None
    ]
    columns = [t("prize"), t("rank"), t("id"), t("players"), t("group"), t("award")]
    return Bulletin("prizes", t("prize_title", event=event.title), t("prize_text", stage=stage.name), columns, rows,
                    event.organizer or "", stage.date or _last_date(event), numeric={1})


def _credits(t: Translator, event: Event, result: EventResult) -> Bulletin:
    stage_names = {s.stage.id: s.stage.name for s in result.stages}
    rows = []
    for number, line in enumerate(result.credits, start=1):
        reasons = t.joiner().join(_reason(t, code, stage_names) for code, _ in line.reasons)
        rows.append([str(number), line.name, line.group or "", reasons, f"{line.points:+d}"])
    columns = [t("no"), t("name"), t("group"), t("reason"), t("credits_short")]
    return Bulletin("credits", t("credits_title", event=event.title), t("credits_text"), columns, rows,
                    event.organizer or "", _last_date(event), numeric={4})


def _reason(t: Translator, code: str, stage_names: dict[str, str]) -> str:
    if code.startswith("referee:"):
        stage_id = code.split(":", 1)[1]
        return t("credit_referee", stage=stage_names.get(stage_id, stage_id))
    return t(f"credit_{code}")


def _last_date(event: Event) -> dt.date | None:
    return event.dates[-1] if event.dates else None
