"""What Guandan's pages show: a table scored into its match view (the reason it was won, the
deal log row by row with its notes, the step chart of both teams' levels, penalties, the two
rooms of a teams-of-four match) and the keys results.json carries for it."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property, lru_cache
from operator import getitem
from typing import Any, NamedTuple

from generator import catalogues
from generator.content.model import Stage, Table
from generator.games import RowsWhenRead, SideScore, TableScore
from generator.games.common.rooms import ROOMS
from generator.games.guandan.rules import (
    LEVEL_A, LEVEL_NAMES, PASSED_A, Decision, GuandanRecord, GuandanStage, Penalty, Replay, apply_penalties, decide,
    four_result, level_figures, level_name, ordered_metrics, outcome, plain, room_decision, side_metrics,
)
from generator.games.guandan.words import word


class RowView(NamedTuple):
    """One item of the deal log on the page. (A named tuple: a mass event's 120,000 rows are
    made as its tables are scored.)"""

    number: int | None  # None for a foul
    foul: bool
    team: str  # the deal's winners, or the team that fouled
    gain: int
    in_play: str  # level name, "" for a foul
    in_play_team: str | None
    levels: tuple[str, str]
    changed: tuple[bool, bool]
    notes: tuple[tuple[str, dict[str, Any]], ...]  # (UI word key, params)


class ChartView(NamedTuple):
    """A small step chart of both teams' levels, in SVG user units. (A named tuple, made as
    its __new__ makes it: a mass event's 17,500 are made one by one as its tables are scored.)"""

    width: int
    height: int
    lines: tuple[str, str]  # polyline points per side
    grid: tuple[tuple[int, str], ...]  # (y, level name)
    left: int
    right: int
    ticks: tuple[tuple[int, str], ...]  # (x, deal number) along the bottom
    dots: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]  # the points, per side


@dataclass(frozen=True)
class MatchView:
    """A match as its pages show it. A deal log's rows and chart are made from its replay
    (`log`) as it is scored (`make_parts`), and are not pickled: a match read back from the
    event cache makes them again when a page first asks for them."""

    kind: str  # log | levels | forfeit | bye | unplayed | rooms | one_room (teams of four, a room in)
    teams: tuple[str, ...]
    levels: tuple[str, ...]  # final level names per side ("" when none)
    passed: str | None
    winner: str | None
    why: str  # a UI word key
    why_params: dict[str, Any]
    log: Replay | None = None  # the deal log replayed (kind "log")
    a_attempts: int = 3  # the stage's, for the rows' notes
    level_diff: tuple[int, ...] = ()
    deals: int = 0  # deals played (log only)
    fouls: int = 0
    start: str = "2"  # both teams' level before the first deal
    penalties: tuple[PenaltyView, ...] = ()
    rooms: tuple[RoomView, ...] = ()  # teams of four: the open and the closed room
    before: tuple[str, ...] = ()  # final level names before penalties (only when a penalty changed one)

    @cached_property
    def rows(self) -> tuple[RowView, ...]:
        return row_views(self.log, self.a_attempts) if self.log is not None else ()

    @cached_property
    def chart(self) -> ChartView | None:
        return chart_view(self.log) if self.log is not None else None

    def make_parts(self) -> MatchView:
        """The rows and chart made now, in the build's own process: the processes that render
        the pages are forked from it and inherit them, where rows they made themselves would
        be walked by their cycle collector again and again (a mass event's 120,000 rows).
        Kept where cached_property keeps them, without its lock (Python 3.11 takes one on
        each first reading: 35,000 for a mass event's 17,500 matches, made one by one here)."""
        if self.log is not None:
            self.__dict__.update(rows=row_views(self.log, self.a_attempts), chart=chart_view(self.log))
        return self

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the rows and chart made so far: they are made again from `log`."""
        state = self.__dict__
        if "rows" in state or "chart" in state:
            state = state.copy()
            state.pop("rows", None)
            state.pop("chart", None)
        return state


@dataclass(frozen=True)
class PenaltyView:
    """A penalty as the match page shows it: who was penalised, the levels given to the other
    team, the reason, and the other team's level before and after (equal: it stood at A or A+)."""

    team: str
    other: str
    levels: int
    reason: str
    start: str
    end: str


@dataclass(frozen=True)
class RoomView:
    """One room of a teams-of-four match: `name` open | closed, its match view, and each team's
    net levels in it."""

    name: str
    view: MatchView
    net: tuple[int, int]


_CHART_DX = 26
_CHART_DY = 9
_CHART_LEFT = 30
_CHART_TOP = 8


def chart_view(result: Replay) -> ChartView:
    top_level = PASSED_A if result.passed else LEVEL_A
    steps = result.steps
    points, texts = _columns(top_level, len(steps) + 1)  # the start, then each step
    lines, dots = [], []
    for team in result.teams:
        levels = [result.start, *[s.levels[team] for s in steps]]
        dots.append(tuple(map(getitem, points, levels)))  # (each position's point at the team's level then)
        lines.append(" ".join(map(getitem, texts, levels)))
    width = _CHART_LEFT + max(len(steps), 1) * _CHART_DX + 12
    count = len(steps)
    # A log without fouls (nearly all: its last step is deal number `count`) numbers every step:
    # its ticks are the first `count`, made once for every chart as long.
    ticks = _plain_ticks(count) if not count or steps[-1].number == count else \
        tuple([_tick(position, step.number) for position, step in enumerate(steps, start=1) if step.number is not None])
    return _made(ChartView, (width, _CHART_TOP + top_level * _CHART_DY + 22, (lines[0], lines[1]), _grid(top_level),
                            _CHART_LEFT, width - 12, ticks, (dots[0], dots[1])))


# A named tuple made as its own __new__ makes it, without calling that Python function (a mass
# event's 17,500 charts and 120,000 rows are made one by one in the build's own process).
_made = tuple.__new__


@lru_cache(maxsize=256)
def _columns(top_level: int, count: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[str, ...], ...]]:
    """The first `count` positions of a chart, each as every level's point there, by level, and
    apart the points' texts: a chart's points and its line are looked up position by position
    (map), not worked out and looked up one by one."""
    made = [[_point(_CHART_LEFT + position * _CHART_DX, _CHART_TOP + (top_level - level) * _CHART_DY)
             for level in range(top_level + 1)] for position in range(count)]
    return (tuple(tuple(point for point, _ in column) for column in made),
            tuple(tuple(text for _, text in column) for column in made))


# A chart's parts, and a row's pairs, are immutable and take few values: each is made once and
# shared by every table (a mass event has 17,500 charts), not made, kept and pickled again each time.
_CHANGED = {(a, b): (a, b) for a in (False, True) for b in (False, True)}


@lru_cache(maxsize=1 << 14)
def _point(x: int, y: int) -> tuple[tuple[int, int], str]:
    """A chart's point, and its text in the polyline's points."""
    return (x, y), f"{x},{y}"


@lru_cache(maxsize=1 << 10)
def _level_names(first: int, second: int) -> tuple[str, str]:
    return (level_name(first), level_name(second))


@lru_cache(maxsize=None)
def _grid(top_level: int) -> tuple[tuple[int, str], ...]:
    shown = (0, 3, 6, 9, top_level)  # labels 9 units apart never touch
    return tuple((_CHART_TOP + (top_level - level) * _CHART_DY, level_name(level)) for level in shown)


@lru_cache(maxsize=1024)
def _tick(position: int, number: int) -> tuple[int, str]:
    return (_CHART_LEFT + position * _CHART_DX, str(number))


@lru_cache(maxsize=256)
def _plain_ticks(count: int) -> tuple[tuple[int, str], ...]:
    """The ticks of a chart of `count` deals and no foul: deal n at position n."""
    return tuple([_tick(position, position) for position in range(1, count + 1)])


def _note_words(notes: tuple[tuple[str, str, int], ...], teams: tuple[str, str], limit: int) -> tuple:
    words = []
    for code, team, count in notes:
        other = teams[1] if team == teams[0] else teams[0]
        words.append((f"gd_note_{code}", {"team": team, "other": other, "n": count, "limit": limit}))
    return tuple(words)


def row_views(result: Replay, a_attempts: int) -> tuple[RowView, ...]:
    rows = []
    a, b = result.teams
    before = dict.fromkeys(result.teams, result.start)
    for step in result.steps:
        deal, levels = step.deal, step.levels
        rows.append(_made(RowView, (  # number, foul, team, gain, in_play, in_play_team, levels, changed, notes
            step.number, deal.foul, deal.team, deal.gain,
            LEVEL_NAMES[step.in_play] if step.in_play is not None else "", step.in_play_team,
            _level_names(levels[a], levels[b]), _CHANGED[(levels[a] != before[a], levels[b] != before[b])],
            _note_words(step.notes, result.teams, a_attempts) if step.notes else (),
        )))
        before = levels
    return tuple(rows)


def _figures_named(names: tuple[str, ...]) -> dict[str, str]:
    """The stage's figures by their labels, as a list mid-sentence in each locale."""
    labels = [word(f"gd_metric_{name}") for name in names]
    return {locale: catalogues.joiner(locale).join(catalogues.in_sentence(label[locale]) for label in labels)
            for locale in catalogues.LOCALES}


def score_table(table: Table, stage: Stage) -> TableScore:
    options: GuandanStage = stage.options or GuandanStage()
    record: GuandanRecord = table.record if isinstance(table.record, GuandanRecord) else GuandanRecord(table.sides)
    teams = tuple(table.sides)
    if len(teams) == 1:
        team = teams[0]
        view = MatchView("bye", teams, ("",), None, team, "gd_why_bye",
                         {"team": team, "wins": plain(options.bye.get("wins", 1))})
        bye = {name: options.bye.get(name, 1 if name == "wins" else 0) for name in ordered_metrics(options)}
        sides = [SideScore(team, bye)]
        return TableScore(table, sides, team, [], view, {"levels": {}, "decided_by": "bye"})
    a, b = teams[0], teams[1]
    if record.both_absent:
        # Neither team came: each is the forfeiting team (`absent`), and nobody wins.
        view = MatchView("forfeit", teams, ("", ""), None, None, "gd_why_both_forfeit",
                         {"a": a, "b": b, "zero": _figures_named(level_figures(options, stage.rank_by))},
                         level_diff=(0, 0))
        sides = [SideScore(t, side_metrics(options, False, "absent", 0, 0)) for t in teams]
        return TableScore(table, sides, None, [], view, {"levels": {}, "decided_by": "forfeit", "both_absent": True})
    if table.forfeit is not None:
        loser = table.forfeit
        winner = b if loser == a else a
        view = MatchView("forfeit", teams, ("", ""), None, winner, "gd_why_forfeit",
                         {"winner": winner, "loser": loser, "zero": _figures_named(level_figures(options, stage.rank_by))},
                         level_diff=(0, 0))
        sides = [SideScore(t, side_metrics(options, t == winner, "win" if t == winner else "absent", 0, 0))
                 for t in teams]
        return TableScore(table, sides, winner, [], view, {"levels": {}, "decided_by": "forfeit"})
    if options.team_size == 4 and record.rooms is not None:
        return score_four(table, record, options)
    if record.replay is not None or (record.levels is not None and len(record.levels) == 2):
        decision = decide((a, b), record.replay, record.levels, record.penalties, options.draws,
                          record.winner, record.tiebreak)
        view, extra = match_view(decision, record, options)
        sides = [SideScore(t, side_metrics(options, decision.winner == t, outcome(decision.winner, t),
                                            decision.levels[t] - decision.levels[o], decision.levels[t]))
                 for t, o in ((a, b), (b, a))]
        return TableScore(table, sides, decision.winner, [], view, extra)
    view = MatchView("unplayed", teams, ("", ""), None, None, "gd_why_unplayed", {})
    return TableScore(table, [], None, [], view, {"levels": {}, "decided_by": None})


def score_four(table: Table, record: GuandanRecord, options: GuandanStage) -> TableScore:
    """A teams-of-four match: both rooms' net levels added; pending until both rooms are in."""
    teams = (table.sides[0], table.sides[1])
    rooms = record.rooms or {}
    ready = all(name in rooms and (rooms[name].replay is not None or rooms[name].levels is not None)
                for name in ROOMS)
    room_views = []
    extras: dict[str, Any] = {}
    for name in ROOMS:
        room = rooms.get(name)
        if room is None or (room.replay is None and room.levels is None):
            view = MatchView("unplayed", teams, ("", ""), None, None, "gd_why_unplayed", {})
            room_views.append(RoomView(name, view, (0, 0)))
            continue
        decision = room_decision(teams, room, options)
        view, extras[name] = match_view(decision, room, options)
        net = decision.levels[teams[0]] - decision.levels[teams[1]]
        room_views.append(RoomView(name, view, (net, -net)))
    if not ready:
        # One room in and not the other: the match waits (pending, not counted), as a bridge,
        # 大怪路子 or 80分 team board with one room does, and its page shows the room entered
        # ("one_room"); it showed 尚无成绩 and hid it. (`why` stays unplayed: the results
        # sheet's remark, were the round ever printed with it.)
        kind = "one_room" if any(room.view.kind != "unplayed" for room in room_views) else "unplayed"
        view = MatchView(kind, teams, ("", ""), None, None, "gd_why_unplayed", {}, rooms=tuple(room_views))
        return TableScore(table, [], None, [], view, {"levels": {}, "decided_by": None})
    result = four_result(teams, rooms, options, record.winner, record.tiebreak)
    a, b = teams
    winner = result.winner
    loser = b if winner == a else a
    net_value = result.net[teams.index(winner)] if winner in teams else 0
    params: dict[str, Any] = {"winner": winner, "loser": loser, "net": f"{net_value:+d}",
                              "won": result.tables.get(winner, 0) if winner else 0,
                              "lost": result.tables.get(loser, 0) if winner else 0}
    view = MatchView("rooms", teams, tuple(f"{n:+d}" for n in result.net), None, winner,
                     f"gd_why_rooms_{result.why}", params, level_diff=result.net, rooms=tuple(room_views))
    sides = [SideScore(t, side_metrics(options, winner == t, outcome(winner, t), net, total))
             for t, net, total in zip(teams, result.net, result.totals)]
    extra = {"levels": {}, "decided_by": f"rooms_{result.why}", "net_levels": dict(zip(teams, result.net)),
             "rooms": extras}
    return TableScore(table, sides, winner, [], view, extra)


def match_view(decision: Decision, record: GuandanRecord, options: GuandanStage) -> tuple[MatchView, dict[str, Any]]:
    """What the match page shows of a decided two-team match (or room), and its results.json
    keys: the final levels (penalties included), who won and why, the deal log and chart."""
    teams = decision.teams
    levels = decision.levels
    winner, why = decision.winner, decision.why
    loser = teams[1] if winner == teams[0] else teams[0]
    params: dict[str, Any]
    if why == "passed_a":
        params = {"team": winner, "level": level_name(levels[loser]), "loser": loser}
    elif why == "higher":
        params = {"winner": winner, "high": level_name(levels[winner]), "loser": loser,
                  "low": level_name(levels[loser])}
    elif why in ("first", "first_start"):
        params = {"team": winner, "level": level_name(levels[winner]), "deal": decision.deal}
    elif why == "draw":
        params = {"level": level_name(levels[teams[0]])}
    else:  # recorded, tiebreak
        params = {"team": winner, "level": level_name(levels[teams[0]])}
    diff = levels[teams[0]] - levels[teams[1]]
    names = tuple(level_name(levels[t]) for t in teams)
    penalties = penalty_views(decision, record.penalties)
    before = tuple(level_name(decision.before[t]) for t in teams) if decision.before != levels else ()
    extra: dict[str, Any] = {"levels": {t: level_name(levels[t]) for t in teams},
                             "decided_by": "first" if why == "first_start" else why}
    result = record.replay
    if result is not None:
        fouls = sum(1 for s in result.steps if s.deal.foul)
        view = MatchView(
            "log", teams, names, result.passed, winner, sys.intern(f"gd_why_{why}"), params,
            log=result, a_attempts=options.a_attempts, level_diff=(diff, -diff),
            deals=len(result.steps) - fouls, fouls=fouls,
            start=level_name(result.start), penalties=penalties, before=before,
        ).make_parts()
        extra["deals"] = RowsWhenRead(_deal_items, result, *teams)  # made by the worker that writes results.json
    else:
        view = MatchView("levels", teams, names, winner if why == "passed_a" else None, winner,
                         sys.intern(f"gd_why_{why}"),
                         params, level_diff=(diff, -diff), penalties=penalties, before=before)
    if record.penalties:
        extra["penalties"] = [{"team": p.team, "levels": p.levels, "reason": p.reason} for p in record.penalties]
    if record.tiebreak is not None:
        extra["tiebreak_deal"] = record.tiebreak
    return view, extra


def _deal_items(result: Replay, first: str, second: str) -> list[dict[str, Any]]:
    path: list[dict[str, Any]] = []
    append = path.append
    for step in result.steps:
        deal, levels = step.deal, step.levels
        names_then = _level_names(levels[first], levels[second])
        if deal.foul:
            append({"deal": step.number, "team": deal.team, "foul": True,
                    "levels": {first: names_then[0], second: names_then[1]}})
        else:
            append({"deal": step.number, "team": deal.team, "gain": deal.gain,
                    "in_play": level_name(step.in_play) if step.in_play is not None else None,
                    "levels": {first: names_then[0], second: names_then[1]}})
    return path


def penalty_views(decision: Decision, penalties: list[Penalty]) -> tuple[PenaltyView, ...]:
    if not penalties:  # (most matches: no copy of the levels for nothing)
        return ()
    teams = decision.teams
    running = dict(decision.before)
    views = []
    for penalty in penalties:
        other = teams[1] if penalty.team == teams[0] else teams[0]
        start = running[other]
        running = apply_penalties(running, teams, [penalty])
        views.append(PenaltyView(penalty.team, other, penalty.levels, penalty.reason, level_name(start),
                                 level_name(running[other])))
    return tuple(views)
