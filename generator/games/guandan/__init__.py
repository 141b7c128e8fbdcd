"""Guandan (掼蛋, the seed's "通俗桥牌"): the level engine, the match record, match scoring.

The rules follow ../shared/spec/rules-guandan.md (seed 001). Each team has its own level,
2 … A; a deal's winners go up +3 (双下), +2 or +1 from their own level, capped at A (A必打).
At its own A a team passes A (A+, wins the match) only by winning with +2 or +3; every other
deal played at its A is a failed attempt, and after `a_attempts` of them it goes back to 2.
A foul gives the other team +1 at once. A timed match is won by the team that passed A, else
by the higher level, else by the team that reached the common level first.

The engine is pure: `replay()` turns a deal log into each team's level after every item.

Other rule sets (rules-guandan.md, "Other rule sets"; stage keys, the seed's rules stay the
default): `match_points` (场分 win/draw/loss/absent/bye, the metric `match_points`), `draws: true`
(equal final levels at time-up are a draw), the small points `net_levels` (净积小分) and
`total_levels` (累积小分) on level values 2…10, J 11 … A 14, A+ 15, and `profile: national`,
which sets match points 3/2/1/0/3, draws and, without a `rank_by`, the national tie-break chain
of the stage's format (`default_rank_by`), where head-to-head decides only between exactly two
(`head_to_head_two_only`). Any table may carry `penalties` (levels given to the penalised team's
opponents, capped at A, applied after the deal log or on top of the recorded levels: `decide`)
and a knockout's `tiebreak_deal` (`tiebreak_winner`). With `team_size: 4` a match is one table
with two rooms, each recorded as a two-team table is; both rooms' net levels are added
(`four_result`).

Decisions where the seed is silent (each is said on the pages too):
- a foul is written after the deal it happened in and counts at once; the next deal is played
  at the levels as they then stand. A foul never passes A.
- "the team that reached that level first" is the one that has stood on the final common level
  longer: its last arrival there came earlier in the log (a team that never moved was there
  from the start).
- failed attempts at A send a team back to 2 (the seed's "返回2"), whatever `start_level` is.
- a forfeit is a win for the other team and a loss, not a disqualification; both teams' level
  difference for that match is 0.
- a table with teams and no record yet (`deals: []`, `levels: {}` or nothing) is not played:
  it scores no side, so the tournament layer shows it and counts nothing.

>>> r = replay(("T01", "T02"), [parse_deal("T01+2"), parse_deal("T02+2")])
>>> [level_name(r.levels[t]) for t in r.teams], match_result(r)
(['4', '4'], ('T01', 'first'))
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import Reader, suggestion
from generator.content.yaml_loader import YamlList, YamlMap
from generator.errors import Mark
from generator.games import EntryField, Example, Game, Metric, SideScore, TableForm, TableScore, field_text, scalar
from generator.games.common.shorthand import half_width, split_items
from generator.messages import localised as _localised

# --- levels -----------------------------------------------------------------------------

LEVEL_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A+")
LEVEL_TWO = 0
LEVEL_A = 12  # the highest level a team can stand on
PASSED_A = 13  # A+: passed A, the match is won
GAINS = (1, 2, 3)


def level_name(index: int) -> str:
    """2 … 10, J, Q, K, A, and A+ for a team that passed A."""
    return LEVEL_NAMES[index]


def parse_level(value: object, allow_passed: bool = True) -> int:
    """A level as written: a bare number (9, 10), a string ("9", J, q, A, A+). ValueError if not."""
    if isinstance(value, bool) or value is None or isinstance(value, (dict, list, float)):
        raise ValueError(value)
    text = half_width(str(value)).strip().upper().replace(" ", "")  # Ｑ, １０, Ａ＋ as typed in Chinese
    if text in ("A+", "过A", "過A"):
        if not allow_passed:
            raise ValueError(value)
        return PASSED_A
    if text in LEVEL_NAMES:
        return LEVEL_NAMES.index(text)
    raise ValueError(value)


# --- the deal log ---------------------------------------------------------------------------


class RecordError(ValueError):
    """A record that cannot be read or replayed: a catalogue code and its parameters.
    `index`: which item of the deal log is at fault (None: the record as a whole)."""

    def __init__(self, code: str, index: int | None = None, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.index = index
        self.params = params


@dataclass(frozen=True)
class Deal:
    """One item of a deal log: `team` won a deal and went up `gain` levels, or (`foul`)
    `team` fouled and the other team goes up one level at once."""

    team: str
    gain: int = 0
    foul: bool = False

    def __str__(self) -> str:
        return f"{self.team} foul" if self.foul else f"{self.team}+{self.gain}"


_DEAL = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]*?)\s*\+\s*(\d+)$")
_FOUL = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]*?)\s*(?:\s(?:foul|fouled)|犯规|犯規)$", re.IGNORECASE)
_MINUS = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]*?)\s*-\s*(\d+)$")


def parse_deal(value: object) -> Deal:
    """`T01+3` (T01 won the deal, +3), `T02 foul` (T02 fouled: the other team +1)."""
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise RecordError("guandan-deal-syntax", text="{…}" if isinstance(value, dict) else "[…]")
    text = half_width(str(value)).strip()  # Ｔ０７＋３ as a Chinese input method types it
    if (match := _DEAL.match(text)) is not None:
        digits = match.group(2).lstrip("0") or "0"
        gain = int(digits) if len(digits) <= 3 else digits  # never int() a pasted run of digits
        if gain not in GAINS:
            raise RecordError("guandan-gain-range", text=text, gain=gain, team=match.group(1))
        return Deal(match.group(1), gain)
    if (match := _FOUL.match(text)) is not None:
        return Deal(match.group(1), foul=True)
    if (match := _MINUS.match(text)) is not None:
        raise RecordError("guandan-gain-range", text=text, gain=f"-{match.group(2)}", team=match.group(1))
    raise RecordError("guandan-deal-syntax", text=text)


@dataclass(frozen=True)
class Step:
    """The state after one item of the log.

    `number`: the deal's number (fouls are not deals: None). `in_play`: the level the deal was
    played at and `in_play_team` whose level it was (None: the first deal, at the start level).
    `notes`: what happened besides the plain gain, as (code, team, count) triples:
    capped (a gain stopped at A), a_stay (a team at A gained elsewhere than at its own A),
    passed, a_failed, back_to_two, foul."""

    index: int
    deal: Deal
    number: int | None
    in_play: int | None
    in_play_team: str | None
    levels: dict[str, int]
    notes: tuple[tuple[str, str, int], ...] = ()


@dataclass
class Replay:
    """A deal log replayed: the levels after every item, and what the match came to."""

    teams: tuple[str, str]
    start: int
    steps: list[Step]
    levels: dict[str, int]
    passed: str | None  # the team that passed A, if one did
    attempts: dict[str, int]  # failed attempts at A still counting
    arrived: dict[str, int]  # index of the step that brought each team to its final level (-1: the start)

    def deals_before(self, index: int) -> int:
        """How many deals had been played up to and including step `index`."""
        return sum(1 for s in self.steps[: index + 1] if not s.deal.foul)


def replay(teams: tuple[str, str] | list[str], deals: list[Deal], start_level: int = LEVEL_TWO,
           a_attempts: int = 3) -> Replay:
    """Replay a deal log; raise RecordError (with the item's index) at the first impossible item:
    a team not at the table, or anything after a team passed A."""
    pair = (teams[0], teams[1])
    levels = {t: start_level for t in pair}
    attempts = {t: 0 for t in pair}
    arrived = {t: -1 for t in pair}
    declarer: str | None = None  # whose level is in play: the last deal's winner
    passed: str | None = None
    steps: list[Step] = []
    number = 0

    def other(team: str) -> str:
        return pair[1] if team == pair[0] else pair[0]

    def set_level(team: str, value: int, index: int) -> None:
        if levels[team] != value:
            levels[team] = value
            arrived[team] = index

    for index, deal in enumerate(deals):
        if deal.team not in pair:
            raise RecordError("guandan-team-not-at-table", index, team=deal.team, teams=list(pair),
                              suggestion=suggestion(deal.team, pair), text=str(deal))
        if passed is not None:
            raise RecordError("guandan-after-pass", index, team=passed, text=str(deal))
        notes: list[tuple[str, str, int]] = []
        opponent = other(deal.team)
        if deal.foul:
            # 给对家加1级，己方不降级: the other team +1 at once, never past A.
            if levels[opponent] >= LEVEL_A:
                notes.append(("a_stay", opponent, 0))
            set_level(opponent, min(levels[opponent] + 1, LEVEL_A), index)
            notes.insert(0, ("foul", deal.team, 1))
            steps.append(Step(index, deal, None, None, None, dict(levels), tuple(notes)))
            continue
        number += 1
        in_play_team = declarer
        in_play = levels[declarer] if declarer is not None else start_level
        at_own_a = {
            t: levels[t] == LEVEL_A and (declarer == t or (declarer is None and levels[t] == start_level))
            for t in pair
        }
        winner = deal.team
        if at_own_a[winner] and deal.gain >= 2:
            set_level(winner, PASSED_A, index)
            passed = winner
            notes.append(("passed", winner, 0))
        else:
            if at_own_a[winner]:
                _fail_attempt(winner, attempts, a_attempts, notes)
            elif levels[winner] == LEVEL_A:
                notes.append(("a_stay", winner, 0))  # won at the other team's level: still A
            elif levels[winner] + deal.gain > LEVEL_A:
                notes.append(("capped", winner, 0))
            if not at_own_a[winner]:
                set_level(winner, min(levels[winner] + deal.gain, LEVEL_A), index)
        if at_own_a[opponent]:
            _fail_attempt(opponent, attempts, a_attempts, notes)
        for team in pair:
            if any(code == "back_to_two" and who == team for code, who, _ in notes):
                set_level(team, LEVEL_TWO, index)
        declarer = winner
        steps.append(Step(index, deal, number, in_play, in_play_team, dict(levels), tuple(notes)))
    return Replay(pair, start_level, steps, dict(levels), passed, attempts, arrived)


def _fail_attempt(team: str, attempts: dict[str, int], limit: int, notes: list[tuple[str, str, int]]) -> None:
    """A deal played at the team's A that did not pass A (A三牌不过返回2)."""
    attempts[team] += 1
    count = attempts[team]
    if limit and count >= limit:
        attempts[team] = 0
        notes.append(("back_to_two", team, count))
    else:
        notes.append(("a_failed", team, count))


def match_result(result: Replay) -> tuple[str | None, str]:
    """(winner, why) at the end of a logged match: why is `passed_a`, `higher`, `first`, or
    `undecided` (levels equal and neither team ever moved: the record must say who won)."""
    if result.passed is not None:
        return result.passed, "passed_a"
    a, b = result.teams
    if result.levels[a] != result.levels[b]:
        return (a if result.levels[a] > result.levels[b] else b), "higher"
    if result.arrived[a] == result.arrived[b]:
        return None, "undecided"
    return (a if result.arrived[a] < result.arrived[b] else b), "first"


def levels_result(levels: dict[str, int], teams: tuple[str, str]) -> tuple[str | None, str]:
    """(winner, why) from final levels only: `passed_a`, `higher`, or `tie` (needs `winner:`)."""
    a, b = teams
    if levels[a] != levels[b]:
        winner = a if levels[a] > levels[b] else b
        return winner, "passed_a" if levels[winner] == PASSED_A else "higher"
    return None, "tie"


# --- other rule sets: small points, penalties, draws, the extra deal ------------------------------


def level_value(index: int) -> int:
    """A level's value for the small points (rules-guandan.md, "Other rule sets"): 2 … 10 as
    written, J 11, Q 12, K 13, A 14, A+ 15. 净积小分 is own value minus the opponents';
    累积小分 is own value − 2, which is the level's index (A+ counts 13)."""
    return index + 2


@dataclass(frozen=True)
class Penalty:
    """Levels given to the opponents of `team` (the team penalised), with the referee's reason:
    late +1 a 5 minutes, hidden cards +3, wrong tribute +2 (竞技掼蛋竞赛规则)."""

    team: str
    levels: int
    reason: str = ""


def apply_penalties(levels: dict[str, int], teams: tuple[str, str],
                    penalties: list[Penalty] | tuple[Penalty, ...]) -> dict[str, int]:
    """The final levels once every penalty has raised the penalised team's opponents: capped at
    A (a penalty never passes A); a team that passed A stays A+."""
    raised = dict(levels)
    for penalty in penalties:
        other = teams[1] if penalty.team == teams[0] else teams[0]
        if raised[other] < PASSED_A:
            raised[other] = min(raised[other] + penalty.levels, LEVEL_A)
    return raised


@dataclass(frozen=True)
class Decision:
    """What a match (or one room of a teams-of-four match) came to, penalties included.
    `why`: passed_a, higher, first, first_start, recorded, draw, tiebreak, or undecided
    (levels equal, nothing recorded says who won). `deal`: for first, the deal that brought
    the winner to the common level."""

    teams: tuple[str, str]
    levels: dict[str, int]  # final, after penalties
    before: dict[str, int]  # before penalties (the deal log's or the recorded levels)
    passed: str | None
    winner: str | None
    why: str
    deal: int = 0


def decide(teams: tuple[str, str], replay_result: Replay | None, levels: dict[str, int] | None,
           penalties: list[Penalty] | tuple[Penalty, ...] = (), draws: bool = False, recorded: str | None = None,
           tiebreak: str | None = None) -> Decision:
    """The result of a match from its deal log (or only its final levels), its penalties, and
    the stage's `draws`: a team that passed A wins; else the higher level after penalties;
    equal levels: the extra deal (`tiebreak_deal`) when played, a draw when the stage has
    draws, else who got there first (a penalty's raise arrives after the last deal), else the
    recorded winner."""
    a, b = teams
    if replay_result is not None:
        before = dict(replay_result.levels)
        passed = replay_result.passed
        arrived = dict(replay_result.arrived)
    else:
        assert levels is not None
        before = dict(levels)
        passed = next((t for t in teams if before[t] == PASSED_A), None)
        arrived = None
    final = apply_penalties(before, teams, penalties)
    if arrived is not None and replay_result is not None:
        for team in teams:
            if final[team] != before[team]:
                arrived[team] = len(replay_result.steps)
    if passed is not None:
        return Decision(teams, final, before, passed, passed, "passed_a")
    if final[a] != final[b]:
        return Decision(teams, final, before, None, a if final[a] > final[b] else b, "higher")
    if tiebreak is not None:
        return Decision(teams, final, before, None, tiebreak, "tiebreak")
    if draws:
        return Decision(teams, final, before, None, None, "draw")
    if arrived is not None and replay_result is not None and arrived[a] != arrived[b]:
        first = a if arrived[a] < arrived[b] else b
        deal = replay_result.deals_before(arrived[first]) if arrived[first] >= 0 else 0
        return Decision(teams, final, before, None, first, "first" if deal else "first_start", deal)
    if recorded is not None:
        return Decision(teams, final, before, None, recorded, "recorded")
    return Decision(teams, final, before, None, None, "undecided")


def tiebreak_winner(record: "GuandanRecord") -> str | None:
    """Guandan's knockout tie rule (rules-guandan.md, "Other rule sets"): a match tied at
    time-up is decided by one extra deal at level 2, won by the team whose player went out
    first, written `tiebreak_deal: T05` on the table. The team it names (checked when the
    table is read: one of the table's teams, on a match whose levels, or teams-of-four net
    levels, are tied), or None when no extra deal was played."""
    return record.tiebreak


def knockout_winner(score: Any) -> str | None:
    """Who goes through from a scored Guandan match: its winner (the extra deal decides a tie,
    see `tiebreak_winner`); None for a tie without one, which a knockout cannot have."""
    if score.winner is not None:
        return score.winner
    record = score.table.record
    return tiebreak_winner(record) if isinstance(record, GuandanRecord) else None


# --- the record of one table --------------------------------------------------------------


@dataclass
class GuandanRecord:
    """What the results file says about one table, read and checked. A teams-of-four match
    (`team_size: 4`) has its two rooms in `rooms`, each a record of its own (deals or levels,
    winner, penalties); the table's own `winner` is then the lot's (net levels and tables won
    equal)."""

    teams: list[str]
    deals: list[Deal] | None = None  # None: no deal log
    levels: dict[str, int] | None = None  # the recorded final levels, if written
    winner: str | None = None  # the recorded winner (needed on a tie without a log)
    forfeit: str | None = None
    replay: Replay | None = None
    deal_marks: list[Mark] = field(default_factory=list)
    broken: bool = False  # some part could not be read (already reported)
    penalties: list[Penalty] = field(default_factory=list)
    tiebreak: str | None = None  # `tiebreak_deal`: the extra deal's winner (knockout)
    rooms: dict[str, GuandanRecord] | None = None  # teams of four: open and closed

    @property
    def played(self) -> bool:
        if self.rooms is not None:
            return any(room.played for room in self.rooms.values())
        return self.deals is not None or self.levels is not None


MATCH_POINT_KEYS = ("win", "draw", "loss", "absent", "bye")
# 竞技掼蛋竞赛规则: 场分 win 3, draw 2, loss 1, absent 0, bye 3.
NATIONAL_MATCH_POINTS: dict[str, float] = {"win": 3, "draw": 2, "loss": 1, "absent": 0, "bye": 3}
PROFILES = ("national",)
# The national rules' tie-break chains: Swiss, and groups / round robin (a stage of fixed
# matches is ranked as a group is).
NATIONAL_CHAINS: dict[str, tuple[str, ...]] = {
    "swiss": ("match_points", "buchholz", "wins", "total_levels"),
    "round_robin": ("match_points", "head_to_head", "net_levels", "total_levels", "lot"),
    "matches": ("match_points", "head_to_head", "net_levels", "total_levels", "lot"),
}
SMALL_POINTS = ("net_levels", "total_levels")
TEAM_SIZES = (2, 4)
ROOM_NAMES = ("open", "closed")


@dataclass(frozen=True)
class GuandanStage:
    start_level: int = LEVEL_TWO
    a_attempts: int = 3
    bye: dict[str, float] = field(default_factory=lambda: {"wins": 1, "level_diff": 0})
    # Other rule sets (rules-guandan.md): None and False are the seed's rules.
    match_points: dict[str, float] | None = None  # win, draw, loss, absent, bye
    draws: bool = False
    profile: str | None = None
    team_size: int = 2
    small_points: bool = False  # the stage produces net_levels and total_levels

    @property
    def metric_names(self) -> tuple[str, ...]:
        """The metrics the stage produces, the primary first."""
        names = ("match_points",) if self.match_points is not None else ()
        names += ("wins", "level_diff")
        return names + SMALL_POINTS if self.small_points else names


# --- what pages show ----------------------------------------------------------------------


@dataclass(frozen=True)
class RowView:
    """One item of the deal log on the page."""

    number: int | None  # None for a foul
    foul: bool
    team: str  # the deal's winners, or the team that fouled
    gain: int
    in_play: str  # level name, "" for a foul
    in_play_team: str | None
    levels: tuple[str, str]
    changed: tuple[bool, bool]
    notes: tuple[tuple[str, dict[str, Any]], ...]  # (UI word key, params)


@dataclass(frozen=True)
class ChartView:
    """A small step chart of both teams' levels, in SVG user units."""

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
    kind: str  # log | levels | forfeit | bye | unplayed
    teams: tuple[str, ...]
    levels: tuple[str, ...]  # final level names per side ("" when none)
    passed: str | None
    winner: str | None
    why: str  # a UI word key
    why_params: dict[str, Any]
    rows: tuple[RowView, ...] = ()
    chart: ChartView | None = None
    level_diff: tuple[int, ...] = ()
    deals: int = 0  # deals played (log only)
    fouls: int = 0
    start: str = "2"  # both teams' level before the first deal
    penalties: tuple[PenaltyView, ...] = ()
    rooms: tuple[RoomView, ...] = ()  # teams of four: the open and the closed room
    before: tuple[str, ...] = ()  # final level names before penalties (only when a penalty changed one)


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
    points: list[list[tuple[int, int]]] = [[], []]
    states = [dict.fromkeys(result.teams, result.start)] + [s.levels for s in result.steps]
    for position, state in enumerate(states):
        x = _CHART_LEFT + position * _CHART_DX
        for side, team in enumerate(result.teams):
            points[side].append((x, _CHART_TOP + (top_level - state[team]) * _CHART_DY))
    width = _CHART_LEFT + max(len(states) - 1, 1) * _CHART_DX + 12
    height = _CHART_TOP + top_level * _CHART_DY + 22
    shown = (0, 3, 6, 9, PASSED_A if result.passed else LEVEL_A)  # labels 9 units apart never touch
    grid = tuple((_CHART_TOP + (top_level - level) * _CHART_DY, level_name(level)) for level in shown)
    ticks = []
    for position, step in enumerate(result.steps, start=1):
        if step.number is not None:
            ticks.append((_CHART_LEFT + position * _CHART_DX, str(step.number)))
    lines = tuple(" ".join(f"{x},{y}" for x, y in side) for side in points)
    return ChartView(width, height, (lines[0], lines[1]), grid, _CHART_LEFT, width - 12, tuple(ticks),
                     (tuple(points[0]), tuple(points[1])))


def _note_words(notes: tuple[tuple[str, str, int], ...], teams: tuple[str, str], limit: int) -> tuple:
    words = []
    for code, team, count in notes:
        other = teams[1] if team == teams[0] else teams[0]
        words.append((f"gd_note_{code}", {"team": team, "other": other, "n": count, "limit": limit}))
    return tuple(words)


def row_views(result: Replay, a_attempts: int) -> tuple[RowView, ...]:
    rows = []
    before = dict.fromkeys(result.teams, result.start)
    for step in result.steps:
        rows.append(RowView(
            number=step.number,
            foul=step.deal.foul,
            team=step.deal.team,
            gain=step.deal.gain,
            in_play=level_name(step.in_play) if step.in_play is not None else "",
            in_play_team=step.in_play_team,
            levels=(level_name(step.levels[result.teams[0]]), level_name(step.levels[result.teams[1]])),
            changed=(step.levels[result.teams[0]] != before[result.teams[0]],
                     step.levels[result.teams[1]] != before[result.teams[1]]),
            notes=_note_words(step.notes, result.teams, a_attempts),
        ))
        before = step.levels
    return tuple(rows)


# --- the game's surface for the tournament layer ------------------------------------------




TABLE_KEYS = ("teams", "deals", "levels", "winner", "penalties", "tiebreak_deal", "rooms")
ROOM_KEYS = ("deals", "levels", "winner", "penalties")


class GuandanRules(Game):
    name = "guandan"
    title = _localised("掼蛋", "摜蛋", "Guandan")
    position = 2
    choice = ("guandan 掼蛋", "guandan 摜蛋", "guandan")
    id_prefix = "T"
    example = Example(
        entries="  - {id: T01, players: [王小明, 李华], group: 结构工程系}\n"
                "  - {id: T02, players: [张伟, 刘洋], group: 道路与桥梁系}\n",
        stages="  - id: main\n    name: 比赛\n    format: swiss\n    rounds: 3\n"
               "    rank_by: [wins, level_diff, buchholz]\n    prizes:\n      - {name: 一等奖, wins: 3}\n"
               "      - {name: 二等奖, wins: 2}\n      - {name: 优秀奖, wins: 1}\n",
        table="  - table: 1\n    teams: [T01, T02]\n    deals: []   # 如 [T01+3, T02+1, T02 foul]\n",
    )
    formats = ("swiss", "round_robin", "matches")
    stage_keys = ("start_level", "a_attempts", "bye", "profile", "match_points", "draws", "team_size")
    table_keys = TABLE_KEYS
    metrics = {
        "wins": Metric(
            "wins",
            _localised("胜场", "勝場", "Wins"),
            _localised("每胜一场记 1：过A、时间到时级数高或双方同级而先到达者胜；对方弃权或轮空也记胜。",
                       "每勝一場記 1：過A、時間到時級數高或雙方同級而先到達者勝；對方棄權或輪空也記勝。",
                       "1 for each match won: by passing A, by the higher level when time is up, or on equal "
                       "levels by getting there first; an opponent's forfeit and a bye count as wins."),
        ),
        "level_diff": Metric(
            "level_diff",
            _localised("级差", "級差", "Level difference"),
            _localised("各场本方级数减对方级数之和（2 记 0，3 记 1 … A 记 12，过A 记 13）；弃权的一场记 0，轮空按规程（默认 0）。",
                       "各場本方級數減對方級數之和（2 記 0，3 記 1 … A 記 12，過A 記 13）；棄權的一場記 0，輪空按規程（預設 0）。",
                       "the sum over matches of own level minus the opponents' (2 counts 0, 3 counts 1 … A 12, "
                       "passed A 13); a forfeited match counts 0, a bye as the stage says (0 by default)."),
        ),
        "match_points": Metric(
            "match_points",
            _localised("场分", "場分", "Match points"),
            _localised("每场按规程记场分：胜、平、负、弃权、轮空各记规程所定的分（全国竞技掼蛋竞赛规则：胜 3、平 2、负 1、弃权 0、轮空 3）。",
                       "每場按規程記場分：勝、平、負、棄權、輪空各記規程所定的分（全國競技摜蛋競賽規則：勝 3、平 2、負 1、棄權 0、輪空 3）。",
                       "match points for each match as the stage sets them for a win, a draw, a loss, an absence "
                       "and a bye (the national competition rules: 3, 2, 1, 0 and 3)."),
        ),
        "net_levels": Metric(
            "net_levels",
            _localised("净积小分", "淨積小分", "Net levels"),
            _localised("各场本方最终级数减对方最终级数之和（J 记 11、Q 12、K 13、A 14、过A 15，罚级计入）；弃权的一场记 0。",
                       "各場本方最終級數減對方最終級數之和（J 記 11、Q 12、K 13、A 14、過A 15，罰級計入）；棄權的一場記 0。",
                       "the sum over matches of own final level minus the opponents' (J 11, Q 12, K 13, A 14, "
                       "passed A 15; penalties included); a forfeited match counts 0."),
        ),
        "total_levels": Metric(
            "total_levels",
            _localised("累积小分", "累積小分", "Total levels"),
            _localised("各场本方最终级数减 2 之和（过A 记 13，罚级计入）；弃权的一场记 0。",
                       "各場本方最終級數減 2 之和（過A 記 13，罰級計入）；棄權的一場記 0。",
                       "the sum over matches of own final level minus 2 (passed A counts 13; penalties included); "
                       "a forfeited match counts 0."),
        ),
    }

    def read_stage_options(self, reader: Reader, stage_format: str) -> GuandanStage:
        start = LEVEL_TWO
        if reader.has("start_level"):
            try:
                start = parse_level(reader.raw("start_level"), allow_passed=False)
            except ValueError:
                reader.problems.add("guandan-level-invalid", reader.value_mark("start_level"),
                                    key=reader.where + "start_level", value=reader.raw("start_level"))
        attempts = reader.integer("a_attempts", 3, low=0, high=20)
        # Other rule sets: `profile: national` sets match points and draws (and the tie-break
        # chain, default_rank_by); every key given explicitly overrides it.
        profile = reader.choice("profile", PROFILES)
        national = profile == "national"
        draws = reader.boolean("draws", national)
        match_points = self._read_match_points(reader, dict(NATIONAL_MATCH_POINTS) if national else None)
        team_size = reader.integer("team_size", 2, low=2, high=4)
        if team_size not in TEAM_SIZES:
            reader.problems.add("value-choice", reader.value_mark("team_size"), key=reader.where + "team_size",
                                value=team_size, suggestion="", allowed="2, 4")
            team_size = 2
        # The small points are produced where another rule set is used, or where `rank_by` or
        # `bye` name them (the seed's stages keep exactly their two metrics).
        rank_by, bye_node = reader.raw("rank_by"), reader.raw("bye")
        named = [str(v) for v in (rank_by if isinstance(rank_by, YamlList) else [rank_by])]
        named += [str(k) for k in bye_node] if isinstance(bye_node, YamlMap) else []
        small = (national or match_points is not None or draws or team_size == 4
                 or any(name in SMALL_POINTS for name in named))
        bye: dict[str, float] = {"wins": 1.0, "level_diff": 0.0}
        if match_points is not None:
            bye["match_points"] = match_points["bye"]
        if small:
            bye.update(net_levels=0.0, total_levels=0.0)
        bye_reader = reader.mapping("bye")
        if bye_reader is not None:
            bye_reader.check_keys(tuple(self.metrics))
            for name in self.metrics:
                value = bye_reader.raw(name)
                if value is None:
                    continue
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                    bye_reader.integer(name)  # records the type problem
                    continue
                bye[name] = value
        return GuandanStage(start, attempts if attempts is not None else 3, bye, match_points, draws, profile,
                            team_size, small)

    @staticmethod
    def _read_match_points(reader: Reader, default: dict[str, float] | None) -> dict[str, float] | None:
        """`match_points: {win, draw, loss, absent, bye}`; a key left out keeps the national
        value, except `bye`, which is the win's."""
        points = reader.mapping("match_points")
        if points is None:
            return default
        points.check_keys(MATCH_POINT_KEYS)
        values = dict(NATIONAL_MATCH_POINTS)
        for key in MATCH_POINT_KEYS:
            value = points.raw(key)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or abs(value) > 1000:
                reader.problems.add("type-expected", points.value_mark(key), key=points.where + key,
                                    expected=_localised("数", "數", "a number"), found=str(value))
                continue
            values[key] = value
        if points.raw("bye") is None:
            values["bye"] = values["win"]
        return values

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        options = getattr(stage, "options", None)
        return (options if isinstance(options, GuandanStage) else GuandanStage()).metric_names

    def default_rank_by(self, stage: Stage) -> list[str]:
        """`profile: national`: the national rules' tie-break chain for the stage's format."""
        options = getattr(stage, "options", None)
        if isinstance(options, GuandanStage) and options.profile == "national" and stage.format in NATIONAL_CHAINS:
            return list(NATIONAL_CHAINS[stage.format])
        return super().default_rank_by(stage)

    def head_to_head_two_only(self, stage: Stage) -> bool:
        """In the national rules' chains head-to-head decides only between exactly two entries."""
        options = getattr(stage, "options", None)
        return isinstance(options, GuandanStage) and options.profile == "national"

    def stage_notes(self, stage: Stage) -> list[dict[str, str]]:
        """How a stage of another rule set scores a match, in words (none for the seed's rules,
        which the metrics' own explanations say)."""
        options = getattr(stage, "options", None)
        if not isinstance(options, GuandanStage):
            return []
        notes = []
        if options.profile == "national":
            notes.append(_localised(
                "本阶段按全国竞技掼蛋竞赛规则（竞技掼蛋竞赛规则）计分和排名。",
                "本階段按全國競技摜蛋競賽規則（競技摜蛋競賽規則）計分和排名。",
                "This stage is scored and ranked by the national competition rules (竞技掼蛋竞赛规则)."))
        if options.match_points is not None:
            p = {key: _plain(value) for key, value in options.match_points.items()}
            notes.append(_localised(
                "场分：每场胜 {win}、平 {draw}、负 {loss}，弃权方 {absent}，轮空 {bye}。".format(**p),
                "場分：每場勝 {win}、平 {draw}、負 {loss}，棄權方 {absent}，輪空 {bye}。".format(**p),
                "Match points: {win} for a win, {draw} for a draw, {loss} for a loss, {absent} for the team "
                "absent, {bye} for a bye.".format(**p)))
        if options.draws:
            notes.append(_localised(
                "时间到：已过A者胜，否则级数高者胜；双方同级为平局（不比谁先到达）。",
                "時間到：已過A者勝，否則級數高者勝；雙方同級為平局（不比誰先到達）。",
                "At time-up a team that passed A wins, else the higher level; equal levels are a draw (who got "
                "there first does not count)."))
        if options.small_points:
            notes.append(_localised(
                "小分按最终级数计：2…10 照写，J 11、Q 12、K 13、A 14、过A 15；净积小分为本方减对方，累积小分为本方减 2。",
                "小分按最終級數計：2…10 照寫，J 11、Q 12、K 13、A 14、過A 15；淨積小分為本方減對方，累積小分為本方減 2。",
                "The small points count final levels 2…10 as written, J 11, Q 12, K 13, A 14, passed A 15: net "
                "levels are own minus the opponents', total levels own minus 2."))
        notes.append(_localised(
            "罚级给被罚方的对方加级（迟到每 5 分钟 1 级、藏牌 3 级、进贡错误 2 级），加在最终级数上，至 A 为止（罚级不过A），"
            "计入比赛结果和小分；罚级及原因写在该场比赛上。",
            "罰級給被罰方的對方加級（遲到每 5 分鐘 1 級、藏牌 3 級、進貢錯誤 2 級），加在最終級數上，至 A 為止（罰級不過A），"
            "計入比賽結果和小分；罰級及原因寫在該場比賽上。",
            "A penalty raises the penalised team's opponents' final level (late: 1 level a 5 minutes; hidden cards 3; "
            "wrong tribute 2), up to A (a penalty never passes A), for the match result and the small points; each "
            "penalty is shown with its reason on the match.") if options.profile == "national" else None)
        if options.team_size == 4:
            zero = (("平局", "平局", "the match is a draw") if options.draws else
                    ("胜室多者胜，再相同抽签", "勝室多者勝，再相同抽籤", "the team that won more rooms wins, else the lot"))
            notes.append(_localised(
                f"每队 4 人：两对分别在开室和闭室与对方两对比赛（座位不同），两室净积小分相加，为正者胜；为 0 时{zero[0]}。",
                f"每隊 4 人：兩對分別在開室和閉室與對方兩對比賽（座位不同），兩室淨積小分相加，為正者勝；為 0 時{zero[1]}。",
                f"Teams of four: the team's two pairs play the same opposing team in the open and the closed room, in "
                f"different seats; both rooms' net levels are added, positive wins; at 0 {zero[2]}."))
        if self.head_to_head_two_only(stage) and "head_to_head" in stage.rank_by:
            notes.append(_localised(
                "相互间成绩只在恰好两队前面各项都相同时比较；三队或以上相同时跳过，由下一项决定。",
                "相互間成績只在恰好兩隊前面各項都相同時比較；三隊或以上相同時跳過，由下一項決定。",
                "Head-to-head decides only between exactly two entries equal on everything before it; with three or "
                "more it is skipped and the next item decides."))
        return [note for note in notes if note is not None]

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], GuandanRecord]:
        reader.check_keys(("table", "referee", "forfeit", *TABLE_KEYS), required=("teams",))
        options: GuandanStage = stage.options or GuandanStage()
        sides: list[tuple[str, Mark]] = []
        for value, mark in reader.items("teams", single_ok=True):
            if isinstance(value, (YamlMap, YamlList)) or isinstance(value, bool) or value is None:
                reader.problems.add("type-expected", mark, key=reader.where + "teams[]",
                                    expected=_localised("参赛队编号", "參賽隊編號", "an entry id"),
                                    found=str(value))
                continue
            sides.append((str(value).strip(), mark))
        if reader.has("teams") and not 1 <= len(sides) <= 2:
            reader.problems.add("guandan-teams-count", reader.value_mark("teams"), count=len(sides))
            return sides, GuandanRecord([s for s, _ in sides])
        teams = [s for s, _ in sides]
        forfeit = reader.text("forfeit")
        record = GuandanRecord(teams, forfeit=None if forfeit is None else half_width(forfeit).strip())
        if options.team_size == 4:
            self._read_four(reader, record, options)
            return sides, record
        if reader.has("rooms"):
            reader.problems.add("guandan-rooms-unexpected", reader.key_mark("rooms"))
            record.broken = True
        self._read_play(reader, record, options)
        return sides, record

    def _read_play(self, reader: Reader, record: GuandanRecord, options: GuandanStage, room: bool = False) -> None:
        """A two-team table's record, or one room's: deals or levels, winner, penalties (and, at
        a table, the forfeit and the extra deal), read and checked."""
        teams = record.teams
        self._read_winner(reader, record)
        self._read_levels(reader, record)
        self._read_deals(reader, record)
        self._read_penalties(reader, record)
        if not room:
            self._read_tiebreak(reader, record)
        has_record = record.played or record.winner is not None or bool(record.penalties) \
            or record.tiebreak is not None
        if len(teams) == 1:
            if has_record or record.broken or record.forfeit is not None:
                key = next(k for k in ("deals", "levels", "winner", "penalties", "tiebreak_deal", "rooms", "forfeit")
                           if reader.has(k))
                reader.problems.add("guandan-bye-with-record", reader.key_mark(key), team=teams[0], key=key)
            return
        if record.forfeit is not None and (has_record or record.broken):
            reader.problems.add("guandan-forfeit-with-record", reader.value_mark("forfeit"), team=record.forfeit)
            return
        if record.broken:
            return
        if len(teams) == 2 and record.deals is not None:
            self._replay(reader, record, options)
        elif len(teams) == 2 and record.levels is not None:
            self._check_decision(reader, record, options, "levels")
        elif record.winner is not None:
            reader.problems.add("guandan-winner-alone", reader.value_mark("winner"))
        elif record.penalties or record.tiebreak is not None:
            key = "penalties" if record.penalties else "tiebreak_deal"
            reader.problems.add("guandan-record-alone", reader.key_mark(key), key=key)

    def _check_decision(self, reader: Reader, record: GuandanRecord, options: GuandanStage, where: str) -> None:
        """The checks a result needs once its levels are known: a tie the record must settle,
        a winner or an extra deal that contradicts the levels."""
        teams = (record.teams[0], record.teams[1])
        found = decide(teams, record.replay, record.levels, record.penalties, options.draws, None, None)
        level = level_name(found.levels[teams[0]])
        tied = found.why in ("undecided", "draw")
        if record.tiebreak is not None and not tied:
            reader.problems.add("guandan-tiebreak-not-tied", reader.value_mark("tiebreak_deal"),
                                team=record.tiebreak, levels=_levels_text(found))
            return
        if found.why == "undecided" and record.winner is None and record.tiebreak is None:
            reader.problems.add("guandan-tie-no-winner", reader.value_mark(where), level=level,
                                teams=list(teams), example=teams[0])
        elif found.why == "draw" and record.winner is not None and record.tiebreak is None:
            reader.problems.add("guandan-draw-winner", reader.value_mark("winner"), level=level)
        elif not tied and record.winner is not None and record.winner != found.winner:
            reader.problems.add("guandan-winner-mismatch", reader.value_mark("winner"), winner=record.winner,
                                computed=found.winner, why=_WHY_WORDS["first" if found.why == "first_start" else found.why])
        elif tied and record.tiebreak is not None and record.winner is not None and record.winner != record.tiebreak:
            reader.problems.add("guandan-winner-mismatch", reader.value_mark("winner"), winner=record.winner,
                                computed=record.tiebreak, why=_WHY_WORDS["tiebreak"])

    def _read_four(self, reader: Reader, record: GuandanRecord, options: GuandanStage) -> None:
        """A teams-of-four match (`team_size: 4`): `rooms: {open: …, closed: …}`, each room
        recorded as a two-team table is; the table's own `winner` is the lot's."""
        teams = record.teams
        for key in ("deals", "levels", "penalties"):
            if reader.has(key):
                reader.problems.add("guandan-rooms-expected", reader.key_mark(key), key=key)
                record.broken = True
        self._read_winner(reader, record)
        self._read_tiebreak(reader, record)
        rooms_reader = reader.mapping("rooms")
        rooms: dict[str, GuandanRecord] = {}
        if rooms_reader is not None:
            rooms_reader.check_keys(ROOM_NAMES)
            for name in ROOM_NAMES:
                if rooms_reader.raw(name) is None:
                    continue
                room_reader = rooms_reader.mapping(name)
                if room_reader is None:
                    record.broken = True
                    continue
                room_reader.check_keys(ROOM_KEYS)
                room = GuandanRecord(list(teams))
                if len(teams) == 2:
                    self._read_play(room_reader, room, options, room=True)
                record.broken = record.broken or room.broken
                rooms[name] = room
        record.rooms = rooms
        has_record = record.played or record.winner is not None or record.tiebreak is not None
        if len(teams) == 1:
            if has_record or record.forfeit is not None or reader.has("rooms"):
                key = next((k for k in ("rooms", "winner", "tiebreak_deal", "forfeit") if reader.has(k)), "rooms")
                reader.problems.add("guandan-bye-with-record", reader.key_mark(key), team=teams[0], key=key)
            return
        if record.forfeit is not None and (has_record or record.broken):
            reader.problems.add("guandan-forfeit-with-record", reader.value_mark("forfeit"), team=record.forfeit)
            return
        if record.broken or not all(name in rooms and rooms[name].played for name in ROOM_NAMES):
            if (record.winner is not None or record.tiebreak is not None) and not record.broken:
                reader.problems.add("guandan-rooms-incomplete", reader.value_mark("rooms") if reader.has("rooms")
                                    else reader.mark)
            return
        if any(room.replay is None and room.levels is None for room in rooms.values()):
            return  # a room's record has a problem (already reported)
        result = four_result((teams[0], teams[1]), rooms, options, None, record.tiebreak)
        if record.tiebreak is not None and result.why != "tiebreak":
            reader.problems.add("guandan-tiebreak-not-tied", reader.value_mark("tiebreak_deal"),
                                team=record.tiebreak, levels=f"{result.net[0]:+d}")
        elif result.why == "lot" and record.winner is None:
            reader.problems.add("guandan-rooms-lot", reader.value_mark("rooms"), example=teams[0])
        elif result.why != "lot" and record.winner is not None and record.winner != result.winner:
            reader.problems.add("guandan-winner-mismatch", reader.value_mark("winner"), winner=record.winner,
                                computed=result.winner, why=_WHY_WORDS.get(result.why, _WHY_WORDS["rooms_net"]))

    def _read_winner(self, reader: Reader, record: GuandanRecord) -> None:
        winner = reader.text("winner")
        if winner is None:
            return
        winner = half_width(winner).strip()
        if winner not in record.teams:
            reader.problems.add("guandan-winner-not-at-table", reader.value_mark("winner"), team=winner,
                                teams=record.teams, suggestion=suggestion(winner, record.teams))
            return
        record.winner = winner

    def _read_tiebreak(self, reader: Reader, record: GuandanRecord) -> None:
        """`tiebreak_deal: T05`: the team whose player went out first in the extra deal."""
        team = reader.text("tiebreak_deal")
        if team is None:
            return
        team = half_width(team).strip()
        if team not in record.teams:
            reader.problems.add("guandan-winner-not-at-table", reader.value_mark("tiebreak_deal"), team=team,
                                teams=record.teams, suggestion=suggestion(team, record.teams))
            record.broken = True
            return
        record.tiebreak = team

    def _read_penalties(self, reader: Reader, record: GuandanRecord) -> None:
        """`penalties: [{team: T02, levels: 1, reason: 迟到5分钟}]`: T02 penalised, its
        opponents go up."""
        found: list[Penalty] = []
        for index, (item, mark) in enumerate(reader.items("penalties", single_ok=False), start=1):
            if not isinstance(item, YamlMap):
                reader.problems.add("type-expected", mark, key=f"{reader.where}penalties[{index}]",
                                    expected=_localised("映射，如 {team: T02, levels: 1, reason: 迟到5分钟}",
                                                        "映射，如 {team: T02, levels: 1, reason: 遲到5分鐘}",
                                                        "a mapping, e.g. {team: T02, levels: 1, reason: late}"),
                                    found=str(item))
                record.broken = True
                continue
            item_reader = Reader(item, reader.problems, f"{reader.where}penalties[{index}].")
            item_reader.check_keys(("team", "levels", "reason"), required=("team", "levels"))
            team = item_reader.text("team")
            levels = item_reader.integer("levels", None, low=1, high=LEVEL_A)
            reason = item_reader.text("reason") or ""
            if team is None or levels is None:
                record.broken = True
                continue
            team = half_width(team).strip()
            if team not in record.teams:
                reader.problems.add("guandan-team-not-at-table", item_reader.value_mark("team"), team=team,
                                    teams=record.teams, suggestion=suggestion(team, record.teams), text=team)
                record.broken = True
                continue
            found.append(Penalty(team, levels, reason))
        record.penalties = found

    def _read_levels(self, reader: Reader, record: GuandanRecord) -> None:
        levels = reader.mapping("levels")
        if levels is None or all(value is None for value in levels.node.values()):
            return  # `levels: {}` or every level blank: nothing recorded yet (a fresh draw)
        found: dict[str, int] = {}
        ok = True
        for key in levels.node:
            team = half_width(str(key)).strip()
            if team not in record.teams:
                reader.problems.add("guandan-team-not-at-table", levels.key_mark(key), team=team, teams=record.teams,
                                    suggestion=suggestion(team, record.teams), text=team)
                ok = False
                continue
            try:
                found[team] = parse_level(levels.raw(key))
            except ValueError:
                reader.problems.add("guandan-level-invalid", levels.value_mark(key), key=f"levels.{team}",
                                    value=levels.raw(key))
                ok = False
        written = {half_width(str(key)).strip() for key in levels.node}
        missing = [t for t in record.teams if t not in written]
        if len(record.teams) == 2 and missing:
            reader.problems.add("guandan-levels-missing", reader.value_mark("levels"), teams=missing)
            ok = False
        if ok and list(found.values()).count(PASSED_A) > 1:
            reader.problems.add("guandan-both-passed", reader.value_mark("levels"))
            ok = False
        if ok:
            record.levels = found
        else:
            record.broken = True  # the problem is recorded; no cross-checks on top of it

    def _read_deals(self, reader: Reader, record: GuandanRecord) -> None:
        if reader.raw("deals") is None or reader.raw("deals") == []:
            return  # `deals:` or `deals: []`: nothing recorded yet (a fresh draw)
        # One item may hold several deals typed on one line with Chinese punctuation
        # (`[T13+2，T07+2]` is one YAML item), and the whole log may be one such text.
        raw = reader.raw("deals")
        ok = isinstance(raw, YamlList) or (isinstance(raw, str) and bool(split_items(raw)))
        items = [(part, mark) for value, mark in reader.items("deals", single_ok=isinstance(raw, str))
                 for part in (split_items(value) if isinstance(value, str) and split_items(value) else [value])]
        deals: list[Deal] = []
        marks: list[Mark] = []
        for position, (value, mark) in enumerate(items, start=1):
            try:
                deal = parse_deal(value)
            except RecordError as error:
                reader.problems.add(error.code, mark, item=position, **error.params)
                ok = False
                continue
            if len(record.teams) == 2 and deal.team not in record.teams:
                reader.problems.add("guandan-team-not-at-table", mark, team=deal.team, teams=record.teams,
                                    suggestion=suggestion(deal.team, record.teams), text=str(deal))
                ok = False
                continue
            deals.append(deal)
            marks.append(mark)
        if ok:
            record.deals = deals
            record.deal_marks = marks
        else:
            record.broken = True

    def _replay(self, reader: Reader, record: GuandanRecord, options: GuandanStage) -> None:
        assert record.deals is not None
        teams = (record.teams[0], record.teams[1])
        try:
            result = replay(teams, record.deals, options.start_level, options.a_attempts)
        except RecordError as error:
            mark = record.deal_marks[error.index] if error.index is not None else reader.value_mark("deals")
            reader.problems.add(error.code, mark, item=(error.index or 0) + 1, **error.params)
            return
        record.replay = result
        if record.levels is not None:
            for team in teams:
                if record.levels.get(team) != result.levels[team]:
                    reader.problems.add(
                        "guandan-levels-mismatch", reader.value_mark("levels"), team=team,
                        recorded=level_name(record.levels[team]), computed=level_name(result.levels[team]))
        self._check_decision(reader, record, options, "deals")

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        options: GuandanStage = stage.options or GuandanStage()
        record: GuandanRecord = table.record if isinstance(table.record, GuandanRecord) else GuandanRecord(table.sides)
        teams = tuple(table.sides)
        if len(teams) == 1:
            team = teams[0]
            view = MatchView("bye", teams, ("",), None, team, "gd_why_bye",
                             {"team": team, "wins": _plain(options.bye.get("wins", 1))})
            bye = {name: options.bye.get(name, 1 if name == "wins" else 0) for name in _ordered(options)}
            sides = [SideScore(team, bye)]
            return TableScore(table, sides, team, [], view, {"levels": {}, "decided_by": "bye"})
        a, b = teams[0], teams[1]
        if table.forfeit is not None:
            loser = table.forfeit
            winner = b if loser == a else a
            view = MatchView("forfeit", teams, ("", ""), None, winner, "gd_why_forfeit",
                             {"winner": winner, "loser": loser}, level_diff=(0, 0))
            sides = [SideScore(t, _side_metrics(options, t == winner, "win" if t == winner else "absent", 0, 0))
                     for t in teams]
            return TableScore(table, sides, winner, [], view, {"levels": {}, "decided_by": "forfeit"})
        if options.team_size == 4 and record.rooms is not None:
            return self._score_four(table, record, options)
        if record.replay is not None or (record.levels is not None and len(record.levels) == 2):
            decision = decide((a, b), record.replay, record.levels, record.penalties, options.draws,
                              record.winner, record.tiebreak)
            view, extra = match_view(decision, record, options)
            sides = [SideScore(t, _side_metrics(options, decision.winner == t, _outcome(decision.winner, t),
                                                decision.levels[t] - decision.levels[o], decision.levels[t]))
                     for t, o in ((a, b), (b, a))]
            return TableScore(table, sides, decision.winner, [], view, extra)
        view = MatchView("unplayed", teams, ("", ""), None, None, "gd_why_unplayed", {})
        return TableScore(table, [], None, [], view, {"levels": {}, "decided_by": None})

    def _score_four(self, table: Table, record: GuandanRecord, options: GuandanStage) -> TableScore:
        """A teams-of-four match: both rooms' net levels added; pending until both rooms are in."""
        teams = (table.sides[0], table.sides[1])
        rooms = record.rooms or {}
        ready = all(name in rooms and (rooms[name].replay is not None or rooms[name].levels is not None)
                    for name in ROOM_NAMES)
        room_views = []
        extras: dict[str, Any] = {}
        for name in ROOM_NAMES:
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
            view = MatchView("unplayed", teams, ("", ""), None, None, "gd_why_unplayed", {}, rooms=tuple(room_views))
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
        sides = [SideScore(t, _side_metrics(options, winner == t, _outcome(winner, t), net, total))
                 for t, net, total in zip(teams, result.net, result.totals)]
        extra = {"levels": {}, "decided_by": f"rooms_{result.why}", "net_levels": dict(zip(teams, result.net)),
                 "rooms": extras}
        return TableScore(table, sides, winner, [], view, extra)

    def table_form(self, stage: Stage | None = None) -> TableForm:
        options = getattr(stage, "options", None)
        if isinstance(options, GuandanStage) and options.team_size == 4:
            return TABLE_FORM_FOUR
        return TABLE_FORM

    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """The deal log, or both final levels, and the winner when the levels do not say."""
        a, b = (sides + ["", ""])[:2]
        levels = table.get("levels") or {}
        fields = [
            EntryField("deals", "desk_deals", field_text(table.get("deals")), "textarea", hint="desk_deals_hint"),
            EntryField("level_a", a, field_text(levels.get(a)), literal=True, hint="desk_level_hint"),
            EntryField("level_b", b, field_text(levels.get(b)), literal=True),
            EntryField("winner", "desk_winner", field_text(table.get("winner")), "select",
                       (("", "desk_winner_computed"), (a, a), (b, b))),
        ]
        # Penalties and the extra deal: on a stage of another rule set, or when the table has them
        # (a save rewrites every record key, so what the form does not show would be lost).
        options = getattr(stage, "options", None)
        written = table.get("penalties")
        if (isinstance(options, GuandanStage) and options.small_points) or written:
            fields.append(EntryField("penalties", "gd_desk_penalties", _penalty_lines(written), "textarea",
                                     hint="gd_desk_penalties_hint"))
        if table.get("tiebreak_deal"):
            fields.append(EntryField("tiebreak_deal", "gd_desk_tiebreak", field_text(table.get("tiebreak_deal")),
                                     "select", (("", "gd_desk_no_tiebreak"), (a, a), (b, b))))
        return fields

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        record: dict[str, Any] = {}
        if values.get("deals"):
            record["deals"] = split_items(values["deals"]) or [values["deals"]]
        a, b = (sides + ["", ""])[:2]
        if values.get("level_a") or values.get("level_b"):
            record["levels"] = {a: scalar(values.get("level_a", "")), b: scalar(values.get("level_b", ""))}
        if values.get("winner"):
            record["winner"] = values["winner"]
        if values.get("penalties"):
            record["penalties"] = [_penalty_item(line) for line in values["penalties"].splitlines() if line.strip()]
        if values.get("tiebreak_deal"):
            record["tiebreak_deal"] = values["tiebreak_deal"]
        return record

    def entry_notes(self, score: TableScore, t: Any) -> list[str]:
        """The reason, and both final levels when the table has them."""
        lines = super().entry_notes(score, t)
        view = score.view
        levels = getattr(view, "levels", None)
        if levels and any(levels):
            lines.append(t("desk_final_levels", levels=" : ".join(
                f"{team} {level}" for team, level in zip(view.teams, levels))))
        return lines

    @property
    def messages(self) -> dict[str, dict[str, tuple[str, str]]]:
        return MESSAGES

    @property
    def ui_words(self) -> dict[str, tuple[str, str, str]]:
        return UI_WORDS

    def bulletins(self, result: Any, t: Any) -> list[Any]:
        return bulletins(result, t)


def _ordered(options: GuandanStage) -> tuple[str, ...]:
    """The stage's metrics in the order a side's score lists them (the seed's first)."""
    names = ("wins", "level_diff")
    if options.match_points is not None:
        names += ("match_points",)
    return names + SMALL_POINTS if options.small_points else names


def _outcome(winner: str | None, team: str) -> str:
    return "draw" if winner is None else "win" if winner == team else "loss"


def _side_metrics(options: GuandanStage, won: bool, outcome: str, net: int, total: int) -> dict[str, float]:
    """One side's part of a match: a win, the level difference, and, where the stage has them,
    the match points for `outcome` (win, draw, loss, absent) and the small points."""
    metrics: dict[str, float] = {"wins": 1 if won else 0, "level_diff": net}
    if options.match_points is not None:
        metrics["match_points"] = options.match_points[outcome]
    if options.small_points:
        metrics["net_levels"] = net
        metrics["total_levels"] = total
    return metrics


def room_decision(teams: tuple[str, str], room: GuandanRecord, options: GuandanStage) -> Decision:
    """One room of a teams-of-four match (or a two-team table), decided."""
    return decide(teams, room.replay, room.levels, room.penalties, options.draws, room.winner, room.tiebreak)


@dataclass(frozen=True)
class FourResult:
    """A teams-of-four match: `why` net | tiebreak | draw | tables | lot."""

    winner: str | None
    why: str
    net: tuple[int, int]  # each team's net levels, both rooms added
    totals: tuple[int, int]  # each team's total levels (level − 2), both rooms added
    tables: dict[str, int]  # rooms won, by team


def four_result(teams: tuple[str, str], rooms: dict[str, GuandanRecord], options: GuandanStage,
                lot: str | None = None, tiebreak: str | None = None) -> FourResult:
    """Both rooms' net levels added (rules-guandan.md, teams of four): positive wins; zero is
    settled by the extra deal when one was played (knockout), else a draw when the stage has
    draws, else by the rooms won, else by the lot (the table's `winner:`)."""
    a, b = teams
    decisions = [room_decision(teams, rooms[name], options) for name in ROOM_NAMES]
    net = sum(d.levels[a] - d.levels[b] for d in decisions)
    totals = (sum(d.levels[a] for d in decisions), sum(d.levels[b] for d in decisions))
    tables = {t: sum(1 for d in decisions if d.winner == t) for t in teams}
    if net:
        winner, why = (a if net > 0 else b), "net"
    elif tiebreak is not None:
        winner, why = tiebreak, "tiebreak"
    elif options.draws:
        winner, why = None, "draw"
    elif tables[a] != tables[b]:
        winner, why = (a if tables[a] > tables[b] else b), "tables"
    else:
        winner, why = lot, "lot"
    return FourResult(winner, why, (net, -net), totals, tables)


def _levels_text(decision: Decision) -> str:
    return " : ".join(f"{t} {level_name(decision.levels[t])}" for t in decision.teams)


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
    penalties = _penalty_views(decision, record.penalties)
    before = tuple(level_name(decision.before[t]) for t in teams) if decision.before != levels else ()
    extra: dict[str, Any] = {"levels": {t: level_name(levels[t]) for t in teams},
                             "decided_by": "first" if why == "first_start" else why}
    result = record.replay
    if result is not None:
        view = MatchView(
            "log", teams, names, result.passed, winner, f"gd_why_{why}", params,
            rows=row_views(result, options.a_attempts), chart=chart_view(result), level_diff=(diff, -diff),
            deals=sum(1 for s in result.steps if not s.deal.foul), fouls=sum(1 for s in result.steps if s.deal.foul),
            start=level_name(result.start), penalties=penalties, before=before,
        )
        path = []
        for step in result.steps:
            item: dict[str, Any] = {"deal": step.number, "team": step.deal.team}
            if step.deal.foul:
                item["foul"] = True
            else:
                item["gain"] = step.deal.gain
                item["in_play"] = level_name(step.in_play) if step.in_play is not None else None
            item["levels"] = {t: level_name(step.levels[t]) for t in teams}
            path.append(item)
        extra["deals"] = path
    else:
        view = MatchView("levels", teams, names, winner if why == "passed_a" else None, winner, f"gd_why_{why}",
                         params, level_diff=(diff, -diff), penalties=penalties, before=before)
    if record.penalties:
        extra["penalties"] = [{"team": p.team, "levels": p.levels, "reason": p.reason} for p in record.penalties]
    if record.tiebreak is not None:
        extra["tiebreak_deal"] = record.tiebreak
    return view, extra


def _penalty_views(decision: Decision, penalties: list[Penalty]) -> tuple[PenaltyView, ...]:
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


def _penalty_lines(written: Any) -> str:
    """Penalties as the desk's text box shows them: `T02 2 迟到10分钟`, one a line."""
    if not isinstance(written, list):
        return field_text(written)
    lines = []
    for item in written:
        if isinstance(item, dict):
            lines.append(" ".join(str(item[k]) for k in ("team", "levels", "reason") if item.get(k) not in (None, "")))
        else:
            lines.append(field_text(item))
    return "\n".join(lines)


def _penalty_item(line: str) -> Any:
    """One line of the desk's penalties box: `T02 2 迟到10分钟` (team, levels, reason); a line
    that does not read so is kept as written, for the check to point out."""
    parts = line.strip().split(None, 2)
    levels = half_width(parts[1]) if len(parts) > 1 else ""
    if len(parts) < 2 or not re.fullmatch(r"[0-9]{1,2}", levels):
        return line.strip()
    item: dict[str, Any] = {"team": half_width(parts[0]), "levels": int(levels)}
    if len(parts) == 3:
        item["reason"] = parts[2]
    return item


def _plain(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


_WHY_WORDS = {
    "passed_a": _localised("一方过A", "一方過A", "one team passed A"),
    "higher": _localised("级数较高", "級數較高", "the higher level"),
    "first": _localised("同级时先到达", "同級時先到達", "equal levels, got there first"),
    "tiebreak": _localised("加赛一副的头游方", "加賽一副的頭遊方", "the extra deal"),
    "net": _localised("两室净积小分之和", "兩室淨積小分之和", "both rooms' net levels added"),
    "rooms_net": _localised("两室净积小分之和", "兩室淨積小分之和", "both rooms' net levels added"),
    "tables": _localised("净积小分相同，胜室多者胜", "淨積小分相同，勝室多者勝", "equal net levels, more rooms won"),
}


# A bye is the same table with its first side only (`teams: [T09]`).
TABLE_FORM = TableForm(None, ("deals: [{a}+3, {b}+1, {b} foul]   {or}   levels: {{{a}: Q, {b}: 9}}",))
# Teams of four: one table entry, two rooms, each recorded as a two-team table is.
TABLE_FORM_FOUR = TableForm(None, ("rooms:",
                                   "  open: {{deals: [{a}+3, {b}+1]}}   {or}   open: {{levels: {{{a}: Q, {b}: 9}}}}",
                                   "  closed: {{levels: {{{a}: \"5\", {b}: \"7\"}}}}"))

RULES = GuandanRules()

# --- words -------------------------------------------------------------------------------------

_FORMAT_HINT = (
    "每副写 队号+升级数，例如 T01+3（双下）、T01+2、T01+1；犯规写 T02 foul（对方加 1 级）。",
    "每副寫 隊號+升級數，例如 T01+3（雙下）、T01+2、T01+1；犯規寫 T02 foul（對方加 1 級）。",
    "write each deal as team+gain, e.g. T01+3 (double down), T01+2, T01+1; a foul as T02 foul (the other team +1).",
)

MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "guandan-deal-syntax": {
        "zh-Hans": ("牌局记录第 {item} 项 {text} 看不懂", _FORMAT_HINT[0]),
        "zh-Hant": ("牌局記錄第 {item} 項 {text} 看不懂", _FORMAT_HINT[1]),
        "en": ("deal log item {item}: cannot read {text}", _FORMAT_HINT[2]),
    },
    "guandan-gain-range": {
        "zh-Hans": ("牌局记录第 {item} 项 {text}：升级数 {gain} 不在 1–3 之间",
                    "双下升 3 级，对方一家末游升 2 级，本方对家末游升 1 级；核对记录表。"),
        "zh-Hant": ("牌局記錄第 {item} 項 {text}：升級數 {gain} 不在 1–3 之間",
                    "雙下升 3 級，對方一家末遊升 2 級，本方對家末遊升 1 級；核對記錄表。"),
        "en": ("deal log item {item} {text}: a gain of {gain} is not 1–3",
               "double down +3, an opponent last +2, own partner last +1; check the score sheet."),
    },
    "guandan-team-not-at-table": {
        "zh-Hans": ("{text}：{team} 不在这一桌（本桌：{teams}）{suggestion}", "只写本桌两队的编号。"),
        "zh-Hant": ("{text}：{team} 不在這一桌（本桌：{teams}）{suggestion}", "只寫本桌兩隊的編號。"),
        "en": ("{text}: {team} is not at this table (teams: {teams}){suggestion}", "use the ids of this table's two teams."),
    },
    "guandan-after-pass": {
        "zh-Hans": ("牌局记录第 {item} 项 {text}：{team} 已经过A，比赛已结束", "过A即获胜；删去其后的记录，或核对过A的那一副（只有在本方 A 上、升 2 或 3 级才算过A）。"),
        "zh-Hant": ("牌局記錄第 {item} 項 {text}：{team} 已經過A，比賽已結束", "過A即獲勝；刪去其後的記錄，或核對過A的那一副（只有在本方 A 上、升 2 或 3 級才算過A）。"),
        "en": ("deal log item {item} {text}: {team} has already passed A and won the match",
               "passing A ends the match: delete what follows, or check the deal that passed A (only +2 or +3 at the team's own A passes)."),
    },
    "guandan-tie-no-winner": {
        "zh-Hans": ("双方同为 {level}，无法确定谁先到达", "加上 winner: {example}（先打到 {level} 的一方，见记录表）。"),
        "zh-Hant": ("雙方同為 {level}，無法確定誰先到達", "加上 winner: {example}（先打到 {level} 的一方，見記錄表）。"),
        "en": ("both teams are at {level} and the record does not show who got there first",
               "add winner: {example} (the team that reached {level} first, from the score sheet)."),
    },
    "guandan-winner-mismatch": {
        "zh-Hans": ("记录的获胜方 {winner} 与计算结果 {computed}（{why}）不符", "核对记录表；或删去 winner，由程序判定。"),
        "zh-Hant": ("記錄的獲勝方 {winner} 與計算結果 {computed}（{why}）不符", "核對記錄表；或刪去 winner，由程式判定。"),
        "en": ("the recorded winner {winner} differs from the computed {computed} ({why})",
               "check the score sheet; or drop winner and let paibang decide."),
    },
    "guandan-winner-not-at-table": {
        "zh-Hans": ("获胜方 {team} 不在这一桌（本桌：{teams}）{suggestion}", "winner 写本桌一队的编号。"),
        "zh-Hant": ("獲勝方 {team} 不在這一桌（本桌：{teams}）{suggestion}", "winner 寫本桌一隊的編號。"),
        "en": ("winner {team} is not at this table (teams: {teams}){suggestion}", "winner names one of this table's teams."),
    },
    "guandan-winner-alone": {
        "zh-Hans": ("只有 winner，没有 deals 或 levels", "写出牌局记录（deals）或双方最终级数（levels）；弃权请写 forfeit。"),
        "zh-Hant": ("只有 winner，沒有 deals 或 levels", "寫出牌局記錄（deals）或雙方最終級數（levels）；棄權請寫 forfeit。"),
        "en": ("winner is given without deals or levels", "write the deal log (deals) or both final levels (levels); a forfeit is forfeit: ID."),
    },
    "guandan-level-invalid": {
        "zh-Hans": ("{key} 的级数 {value} 无效", "级数写 2–10、J、Q、K、A，过A 写 A+。"),
        "zh-Hant": ("{key} 的級數 {value} 無效", "級數寫 2–10、J、Q、K、A，過A 寫 A+。"),
        "en": ("{key}: {value} is not a level", "levels are 2–10, J, Q, K, A, and A+ for a team that passed A."),
    },
    "guandan-levels-missing": {
        "zh-Hans": ("levels 缺少 {teams} 的级数", "两队的最终级数都要写，例如 levels: {{T03: Q, T04: 9}}。"),
        "zh-Hant": ("levels 缺少 {teams} 的級數", "兩隊的最終級數都要寫，例如 levels: {{T03: Q, T04: 9}}。"),
        "en": ("levels has no level for {teams}", "give both teams' final levels, e.g. levels: {{T03: Q, T04: 9}}."),
    },
    "guandan-both-passed": {
        "zh-Hans": ("两队不可能都过A", "过A即结束比赛：只有一队是 A+。"),
        "zh-Hant": ("兩隊不可能都過A", "過A即結束比賽：只有一隊是 A+。"),
        "en": ("both teams cannot have passed A", "passing A ends the match: only one team is A+."),
    },
    "guandan-levels-mismatch": {
        "zh-Hans": ("记录的 {team} 最终级数 {recorded} 与牌局记录算出的 {computed} 不符", "核对记录表；或删去 levels，由程序按牌局记录计算。"),
        "zh-Hant": ("記錄的 {team} 最終級數 {recorded} 與牌局記錄算出的 {computed} 不符", "核對記錄表；或刪去 levels，由程式按牌局記錄計算。"),
        "en": ("the recorded final level of {team}, {recorded}, differs from {computed} computed from the deal log",
               "check the score sheet; or drop levels and let paibang compute them from the deals."),
    },
    "guandan-forfeit-with-record": {
        "zh-Hans": ("{team} 弃权，这一桌不应再有 deals、levels 或 winner", "弃权时只写 forfeit；若比赛打过，删去 forfeit。"),
        "zh-Hant": ("{team} 棄權，這一桌不應再有 deals、levels 或 winner", "棄權時只寫 forfeit；若比賽打過，刪去 forfeit。"),
        "en": ("{team} forfeited: this table should have no deals, levels or winner", "a forfeit is written alone; if the match was played, drop forfeit."),
    },
    "guandan-bye-with-record": {
        "zh-Hans": ("{team} 轮空（本桌只有一队），不应有 {key}", "轮空只写 teams: [{team}]。"),
        "zh-Hant": ("{team} 輪空（本桌只有一隊），不應有 {key}", "輪空只寫 teams: [{team}]。"),
        "en": ("{team} has a bye (one team at the table): {key} does not belong here", "a bye is just teams: [{team}]."),
    },
    "guandan-rooms-unexpected": {
        "zh-Hans": ("本阶段每队 2 人，一桌只有一个比赛室，不应有 rooms", "直接写 deals 或 levels；四人队的比赛在阶段里写 team_size: 4。"),
        "zh-Hant": ("本階段每隊 2 人，一桌只有一個比賽室，不應有 rooms", "直接寫 deals 或 levels；四人隊的比賽在階段裡寫 team_size: 4。"),
        "en": ("this stage has teams of two, one room a table: rooms does not belong here",
               "write deals or levels directly; for teams of four the stage says team_size: 4."),
    },
    "guandan-rooms-expected": {
        "zh-Hans": ("本阶段每队 4 人（team_size: 4），{key} 应写在 rooms 的 open 或 closed 之下",
                    "写成 rooms: {{open: {{deals: […]}}, closed: {{levels: {{…}}}}}}。"),
        "zh-Hant": ("本階段每隊 4 人（team_size: 4），{key} 應寫在 rooms 的 open 或 closed 之下",
                    "寫成 rooms: {{open: {{deals: […]}}, closed: {{levels: {{…}}}}}}。"),
        "en": ("this stage has teams of four (team_size: 4): {key} belongs under rooms' open or closed",
               "write rooms: {{open: {{deals: […]}}, closed: {{levels: {{…}}}}}}."),
    },
    "guandan-rooms-incomplete": {
        "zh-Hans": ("两个比赛室的成绩还没有都写好，winner 或 tiebreak_deal 无从判断", "先写好 open 和 closed 两室的记录。"),
        "zh-Hant": ("兩個比賽室的成績還沒有都寫好，winner 或 tiebreak_deal 無從判斷", "先寫好 open 和 closed 兩室的記錄。"),
        "en": ("the two rooms are not both recorded yet: winner or tiebreak_deal cannot be checked",
               "record both rooms, open and closed, first."),
    },
    "guandan-rooms-lot": {
        "zh-Hans": ("两室净积小分之和为 0，两队各胜一室：由抽签决定胜方", "抽签后在这一桌写 winner: {example}（中签的一方）。"),
        "zh-Hant": ("兩室淨積小分之和為 0，兩隊各勝一室：由抽籤決定勝方", "抽籤後在這一桌寫 winner: {example}（中籤的一方）。"),
        "en": ("both rooms' net levels add up to 0 and each team won one room: a lot decides",
               "draw the lot and write winner: {example} (the team it favours) on this table."),
    },
    "guandan-record-alone": {
        "zh-Hans": ("只有 {key}，没有 deals 或 levels", "罚级和加赛记在比赛结果上：写出牌局记录（deals）或双方最终级数（levels）。"),
        "zh-Hant": ("只有 {key}，沒有 deals 或 levels", "罰級和加賽記在比賽結果上：寫出牌局記錄（deals）或雙方最終級數（levels）。"),
        "en": ("{key} is given without deals or levels",
               "penalties and the extra deal go with a result: write the deal log (deals) or both final levels (levels)."),
    },
    "guandan-tiebreak-not-tied": {
        "zh-Hans": ("比赛没有打平（{levels}），不应有加赛 tiebreak_deal: {team}", "只有时间到双方同级（四人队：两室净积小分之和为 0）才加赛一副；删去 tiebreak_deal，或核对级数和罚级。"),
        "zh-Hant": ("比賽沒有打平（{levels}），不應有加賽 tiebreak_deal: {team}", "只有時間到雙方同級（四人隊：兩室淨積小分之和為 0）才加賽一副；刪去 tiebreak_deal，或核對級數和罰級。"),
        "en": ("the match is not tied ({levels}): tiebreak_deal: {team} does not belong here",
               "an extra deal is played only on equal levels at time-up (teams of four: net levels adding up to 0); "
               "drop tiebreak_deal, or check the levels and penalties."),
    },
    "guandan-draw-winner": {
        "zh-Hans": ("双方同为 {level}，本阶段有平局（draws: true），比赛为平局，不应有 winner", "删去 winner；淘汰赛的加赛写 tiebreak_deal。"),
        "zh-Hant": ("雙方同為 {level}，本階段有平局（draws: true），比賽為平局，不應有 winner", "刪去 winner；淘汰賽的加賽寫 tiebreak_deal。"),
        "en": ("both teams are at {level} and the stage has draws: true: the match is a draw, winner does not belong here",
               "drop winner; a knockout's extra deal is written tiebreak_deal."),
    },
    "guandan-teams-count": {
        "zh-Hans": ("teams 应有两队（或一队表示轮空），这里有 {count} 个", "写成 teams: [T01, T02]，轮空写 teams: [T09]。"),
        "zh-Hant": ("teams 應有兩隊（或一隊表示輪空），這裡有 {count} 個", "寫成 teams: [T01, T02]，輪空寫 teams: [T09]。"),
        "en": ("teams should list two teams (or one for a bye); found {count}", "write teams: [T01, T02], or teams: [T09] for a bye."),
    },
}

UI_WORDS: dict[str, tuple[str, str, str]] = {
    "gd_colon": ("：", "：", ": "),
    "gd_paren": ("（{text}）", "（{text}）", " ({text})"),
    "gd_deal": ("副", "副", "Deal"),
    "gd_in_play": ("打几", "打幾", "Playing"),
    "gd_deal_winner": ("头游方", "頭遊方", "Won by"),
    "gd_gain": ("升级", "升級", "Gain"),
    "gd_notes": ("说明", "說明", "Notes"),
    "gd_level": ("级数", "級數", "Level"),
    "gd_final": ("最终级数", "最終級數", "Final levels"),
    "gd_levels_only": ("只记录了最终级数。", "只記錄了最終級數。", "Only the final levels were recorded."),
    "gd_deal_log": ("牌局记录（{deals} 副{fouls}）", "牌局記錄（{deals} 副{fouls}）", "Deal log ({deals} deals{fouls})"),
    "gd_fouls": ("，犯规 {n} 次", "，犯規 {n} 次", ", {n} foul(s)"),
    "gd_chart": ("级数走势：{a}（实线）与 {b}（虚线），横轴为副数", "級數走勢：{a}（實線）與 {b}（虛線），橫軸為副數",
                 "Levels deal by deal: {a} (solid) and {b} (dashed)"),
    "gd_passed_tag": ("过A", "過A", "passed A"),
    "gd_foul": ("{team} 犯规", "{team} 犯規", "{team} foul"),
    "gd_start": ("开局", "開局", "Start"),
    "gd_why_passed_a": ("{team} 过A获胜（{loser} 打到 {level}）", "{team} 過A獲勝（{loser} 打到 {level}）",
                        "{team} passed A ({loser} reached {level})"),
    "gd_why_higher": ("时间到，{winner} 打到 {high}，{loser} 打到 {low}，{winner} 级数高获胜",
                      "時間到，{winner} 打到 {high}，{loser} 打到 {low}，{winner} 級數高獲勝",
                      "Time up: {winner} at {high}, {loser} at {low}; the higher level wins"),
    "gd_why_first": ("时间到，双方同为 {level}，{team} 先到达（第 {deal} 副）", "時間到，雙方同為 {level}，{team} 先到達（第 {deal} 副）",
                     "Time up, both at {level}; {team} got there first (deal {deal})"),
    "gd_why_first_start": ("时间到，双方同为 {level}，{team} 开局即在 {level}，先到达", "時間到，雙方同為 {level}，{team} 開局即在 {level}，先到達",
                           "Time up, both at {level}; {team} was there from the start"),
    "gd_why_recorded": ("时间到，双方同为 {level}，{team} 先到达（据记录表）", "時間到，雙方同為 {level}，{team} 先到達（據記錄表）",
                        "Time up, both at {level}; {team} got there first (score sheet)"),
    "gd_why_forfeit": ("{loser} 弃权，{winner} 获胜（双方级差按 0 计）", "{loser} 棄權，{winner} 獲勝（雙方級差按 0 計）",
                       "{loser} forfeited; {winner} wins (level difference 0 for both)"),
    "gd_why_bye": ("{team} 轮空，记胜 {wins} 场", "{team} 輪空，記勝 {wins} 場", "{team} has a bye, counted as {wins} win(s)"),
    "gd_why_unplayed": ("尚无成绩", "尚無成績", "No result yet"),
    "gd_note_capped": ("{team} 到 A 封顶（A必打）", "{team} 到 A 封頂（A必打）", "{team} stops at A (A must be played)"),
    "gd_note_a_stay": ("{team} 仍为 A（须在本方 A 上打过）", "{team} 仍為 A（須在本方 A 上打過）",
                       "{team} stays at A (A is passed only at its own A)"),
    "gd_note_passed": ("{team} 过A", "{team} 過A", "{team} passed A"),
    "gd_note_a_failed": ("{team} 打A 第 {n} 次未过", "{team} 打A 第 {n} 次未過", "{team}: attempt {n} at A failed"),
    "gd_note_back_to_two": ("{team} 打A {n} 次未过，回到 2", "{team} 打A {n} 次未過，回到 2",
                            "{team}: {n} failed attempts at A, back to 2"),
    "gd_note_foul": ("{team} 犯规，{other} 加 1 级", "{team} 犯規，{other} 加 1 級", "{team} foul: {other} +1"),
}


# --- the game's own bulletins ---------------------------------------------------------------


def bulletins(result: Any, t: Any) -> list[Any]:
    """A results sheet per round (各轮成绩公示): table, both teams, their levels, winner and why,
    for the notice board before the next round's draw is posted."""
    from generator.printed import Bulletin

    event = result.event
    found = []
    for stage_result in result.stages:
        stage = stage_result.stage
        for round_result in stage_result.rounds:
            if getattr(round_result, "drawn_only", False):
                continue  # a draw with no result yet: the draw bulletin (对阵表) posts it
            if getattr(round_result, "partial", False):
                continue  # partly entered: shown on its round page only until every table is in
            rows = []
            for score in round_result.tables:
                view: MatchView = score.view
                cells = [str(score.table.number)]
                for side in range(2):
                    if side < len(view.teams):
                        team = view.teams[side]
                        level = view.levels[side] or "—"
                        if view.kind == "rooms":  # both rooms' final levels, open / closed
                            level = " / ".join(room.view.levels[side] or "—" for room in view.rooms)
                        cells += [f"{team} {event.entries[team].player_names}", level]
                    else:
                        cells += ["", ""]
                remark = t(f"gd_short_{view.why[len('gd_why_'):]}", **view.why_params)
                penalties = [*view.penalties, *(p for room in view.rooms for p in room.view.penalties)]
                if penalties:
                    remark = t.joiner().join([*([remark] if remark else []), *(
                        t("gd_short_penalty", team=p.team, levels=p.levels) for p in penalties)])
                cells += [view.winner or "", remark]
                rows.append(cells)
            number = round_result.number
            title = t("gd_round_title", event=event.title, stage=stage.name, n=number) if stage.rounds > 1 \
                else t("gd_stage_results_title", event=event.title, stage=stage.name)
            columns = [t("table"), t("entry"), t("gd_level"), t("entry"), t("gd_level"), t("winner"), t("remark")]
            name = f"round-{stage.id}-{number}" if stage.rounds > 1 else f"results-{stage.id}"
            options = stage.options if isinstance(stage.options, GuandanStage) else GuandanStage()
            text = t("gd_round_text_draws" if options.draws else "gd_round_text")
            found.append(Bulletin(name, title, text, columns, rows, event.organizer or "",
                                  stage.date or (event.dates[-1] if event.dates else None), numeric={0}))
        found.extend(_score_sheets(t, event, stage, stage_result, Bulletin))
    return found


SHEET_TEMPLATE = "sheets/guandan_scoresheet.html"
SHEET_DEAL_ROWS = 20  # a 60-minute round is 15–20 deals (seed 001); a long one goes on the back


def _score_sheets(t: Any, event: Any, stage: Stage, stage_result: Any, bulletin: Any) -> list[Any]:
    """记分表, one per round, one page per match: the table, both teams with their players, the
    deal log to fill in deal by deal (who went out first, the gain, fouls, both levels after it),
    the final levels, the winner, and the signatures of both captains and the referee. Printed
    blank for a round drawn and not yet played (render/bulletins.py chooses the rounds)."""
    options: GuandanStage = stage.options if isinstance(stage.options, GuandanStage) else GuandanStage()
    found = []
    for round_result in stage_result.rounds:
        pages = [_sheet_page(t, event, stage, options, score.table, room)
                 for score in round_result.tables if len(score.table.sides) == 2
                 for room in (ROOM_NAMES if options.team_size == 4 else (None,))]
        if not pages:
            continue
        number = round_result.number
        found.append(bulletin(
            name=f"scoresheet-{stage.id}-round-{number}",
            title=t("gd_sheet_title", event=event.title, stage=stage.name, n=number),
            text="", columns=[], rows=[], organizer=event.organizer or "",
            date=stage.date or (event.dates[-1] if event.dates else None), template=SHEET_TEMPLATE, pages=pages))
    return found


SHEET_PENALTY_ROWS = 2  # rows for penalties (more when more are recorded)
SHEET_DEAL_ROWS_PENALTIES = 16  # deal rows on a sheet that has them; a long match goes on the back


def _sheet_page(t: Any, event: Any, stage: Stage, options: GuandanStage, table: Table,
                room: str | None = None) -> dict[str, Any]:
    """One match's page (teams of four: one room's); every value a string (the glyph check
    reads them all). The penalties recorded for it are printed in its penalty rows."""
    a, b = table.sides
    attempts = t("gd_sheet_attempts", n=options.a_attempts) if options.a_attempts else t("gd_sheet_no_attempts")
    record = table.record if isinstance(table.record, GuandanRecord) else None
    if record is not None and room is not None:
        record = (record.rooms or {}).get(room)
    penalties = [[p.team, str(p.levels), p.reason] for p in (record.penalties if record is not None else [])]
    page = {
        "table": str(table.number) if room is None else t("gd_sheet_room_table", table=table.number,
                                                           room=t(f"gd_room_{room}")),

        "seats": [{"label": t("gd_sheet_side_a"), "names": _team_with_players(t, event, a)},
                  {"label": t("gd_sheet_side_b"), "names": _team_with_players(t, event, b)}],
        "referee": table.referee or "",
        "teams": [a, b],
        "words": {
            "table": t("table"), "referee": t("referee"), "date": t("gd_sheet_date"), "deal": t("gd_deal"),
            "in_play": t("gd_in_play"), "deal_winner": t("gd_deal_winner"), "gain": t("gd_gain"),
            "foul": t("gd_sheet_foul"), "level_after": t("gd_sheet_level_after"), "notes": t("gd_notes"),
            "final": t("gd_final"), "team": t("gd_sheet_team"), "level": t("gd_level"),
            "passed": t("gd_passed_tag"), "winner": t("gd_sheet_winner"),
            "first": t("gd_sheet_draw") if options.draws else t("gd_sheet_first"),
            "time": t("gd_sheet_time"), "penalties": t("gd_sheet_penalties"),
            "penalty_team": t("gd_sheet_penalty_team"), "penalty_levels": t("gd_sheet_penalty_levels"),
            "penalty_reason": t("gd_sheet_penalty_reason"),
        },
        "start": level_name(options.start_level),
        "rows": [str(n) for n in range(1, SHEET_DEAL_ROWS + 1)],
        "key": t("gd_sheet_key_draws" if options.draws else "gd_sheet_key", start=level_name(options.start_level),
                 attempts=attempts),
        "signatures": [t("gd_sheet_sign_captain", team=a), t("gd_sheet_sign_captain", team=b),
                       t("gd_sheet_sign_referee")],
    }
    # Penalty rows on a sheet of another rule set, or with penalties recorded (the seed's form has none).
    if options.small_points or penalties:
        page["penalties"] = (penalties + [["", "", ""]] * SHEET_PENALTY_ROWS)[:max(SHEET_PENALTY_ROWS, len(penalties))]
        page["rows"] = page["rows"][:SHEET_DEAL_ROWS_PENALTIES]  # room for them on the page
    return page


def _team_with_players(t: Any, event: Any, entry_id: str) -> str:
    """`T07 结构一队（王强、李娜）`, or `T07 王强 / 李娜` for a team without a name."""
    entry = event.entries.get(entry_id)
    if entry is None:
        return entry_id
    if entry.name:
        return f"{entry_id} {entry.name}{t('gd_paren', text=t.joiner().join(p.name for p in entry.players))}"
    return f"{entry_id} {entry.player_names}"


UI_WORDS.update({
    # 记分表 (score sheet), one page per match
    "gd_sheet_title": ("{event}{stage}第 {n} 轮记分表", "{event}{stage}第 {n} 輪記分表",
                       "{event}, {stage}: round {n} score sheets"),
    "gd_sheet_side_a": ("甲方", "甲方", "Team A"),
    "gd_sheet_side_b": ("乙方", "乙方", "Team B"),
    "gd_sheet_date": ("日期", "日期", "Date"),
    "gd_sheet_foul": ("犯规方", "犯規方", "Foul by"),
    "gd_sheet_level_after": ("本副后级数", "本副後級數", "Levels after the deal"),
    "gd_sheet_team": ("参赛队", "參賽隊", "Team"),
    "gd_sheet_winner": ("胜方", "勝方", "Winner"),
    "gd_sheet_first": ("同级时先到达者", "同級時先到達者", "On equal levels, first there"),
    "gd_sheet_time": ("结束时间", "結束時間", "Time up at"),
    "gd_sheet_key": (
        "双方从 {start} 打起。每副写头游方和升级数：双下 +3，对方一家末游 +2，本方对家末游 +1；本副打的是上副头游方的级数。"
        "越序出牌或一副两次警告为犯规，写犯规方，对方加 1 级。A 必打，须在本方 A 上以 +2 或 +3 过A；{attempts}。"
        "时间到：已过A者胜，否则级数高者胜，同级时先到达者胜。",
        "雙方從 {start} 打起。每副寫頭遊方和升級數：雙下 +3，對方一家末遊 +2，本方對家末遊 +1；本副打的是上副頭遊方的級數。"
        "越序出牌或一副兩次警告為犯規，寫犯規方，對方加 1 級。A 必打，須在本方 A 上以 +2 或 +3 過A；{attempts}。"
        "時間到：已過A者勝，否則級數高者勝，同級時先到達者勝。",
        "Both teams start at {start}. For each deal write who went out first and the gain: +3 when the opponents "
        "finish 3rd and 4th, +2 when an opponent is last, +1 when the partner is last; a deal is played at the level "
        "of the last deal's winners. A foul (playing out of turn, or two warnings in a deal): write who fouled; the "
        "other team goes up one level. A must be played and is passed only at one's own A with +2 or +3; {attempts}. "
        "At time up: a team that passed A wins, else the higher level, else the team that got there first."),
    "gd_sheet_attempts": ("A 打 {n} 次不过回到 2", "A 打 {n} 次不過回到 2", "after {n} failed attempts at A a team goes back to 2"),
    "gd_sheet_no_attempts": ("A 不过不回落", "A 不過不回落", "a team never falls back from A"),
    "gd_sheet_sign_captain": ("{team} 队长签名", "{team} 隊長簽名", "{team} captain"),
    "gd_sheet_sign_referee": ("裁判签名", "裁判簽名", "Referee"),
    "gd_short_passed_a": ("{team} 过A", "{team} 過A", "{team} passed A"),
    "gd_short_higher": ("", "", ""),
    "gd_short_first": ("同级，{team} 先到达", "同級，{team} 先到達", "equal, {team} first"),
    "gd_short_first_start": ("同级，{team} 先到达", "同級，{team} 先到達", "equal, {team} first"),
    "gd_short_recorded": ("同级，{team} 先到达", "同級，{team} 先到達", "equal, {team} first"),
    "gd_short_forfeit": ("{loser} 弃权", "{loser} 棄權", "{loser} forfeited"),
    "gd_short_bye": ("轮空", "輪空", "bye"),
    "gd_short_unplayed": ("未赛", "未賽", "not played"),
    "gd_round_title": ("{event}{stage}第 {n} 轮成绩", "{event}{stage}第 {n} 輪成績", "{event}: {stage}, round {n} results"),
    "gd_stage_results_title": ("{event}{stage}成绩", "{event}{stage}成績", "{event}: {stage} results"),
    "gd_round_text": (
        "各桌比赛结果如下。级数为比赛结束时双方所打到的级数（A+ 为已过A）；时间到时级数高者胜，同级时先到达者胜。",
        "各桌比賽結果如下。級數為比賽結束時雙方所打到的級數（A+ 為已過A）；時間到時級數高者勝，同級時先到達者勝。",
        "Each table's result: the levels both teams had reached at the end (A+: passed A); when time is up the "
        "higher level wins, and on equal levels the team that got there first.",
    ),
})


# Words of the other rule sets (rules-guandan.md, "Other rule sets"): draws, the extra deal,
# teams of four in two rooms, penalties in levels.
UI_WORDS.update({
    "gd_why_draw": ("时间到，双方同为 {level}，平局", "時間到，雙方同為 {level}，平局", "Time up, both at {level}: a draw"),
    "gd_why_tiebreak": ("时间到，双方同为 {level}；加赛一副（打 2），{team} 头游获胜",
                        "時間到，雙方同為 {level}；加賽一副（打 2），{team} 頭遊獲勝",
                        "Time up, both at {level}; {team} went out first in the extra deal at level 2"),
    "gd_why_rooms_net": ("两室净积小分合计 {winner} {net}，{winner} 获胜", "兩室淨積小分合計 {winner} {net}，{winner} 獲勝",
                         "Both rooms' net levels: {winner} {net}; {winner} wins"),
    "gd_why_rooms_tiebreak": ("两室净积小分合计相同；加赛一副（打 2），{winner} 头游获胜",
                              "兩室淨積小分合計相同；加賽一副（打 2），{winner} 頭遊獲勝",
                              "Both rooms' net levels equal; {winner} went out first in the extra deal at level 2"),
    "gd_why_rooms_draw": ("两室净积小分合计相同，平局", "兩室淨積小分合計相同，平局", "Both rooms' net levels equal: a draw"),
    "gd_why_rooms_tables": ("两室净积小分合计相同，{winner} 胜 {won} 室，获胜", "兩室淨積小分合計相同，{winner} 勝 {won} 室，獲勝",
                            "Both rooms' net levels equal; {winner} won {won} room(s) and wins"),
    "gd_why_rooms_lot": ("两室净积小分合计相同、各胜一室，抽签 {winner} 获胜", "兩室淨積小分合計相同、各勝一室，抽籤 {winner} 獲勝",
                         "Both rooms' net levels equal, one room each; {winner} wins by lot"),
    "gd_short_draw": ("平局", "平局", "draw"),
    "gd_short_tiebreak": ("同级，加赛 {team} 胜", "同級，加賽 {team} 勝", "equal, {team} won the extra deal"),
    "gd_short_rooms_net": ("净积小分 {net}", "淨積小分 {net}", "net levels {net}"),
    "gd_short_rooms_tiebreak": ("净积小分相同，加赛 {winner} 胜", "淨積小分相同，加賽 {winner} 勝", "net equal, {winner} won the extra deal"),
    "gd_short_rooms_draw": ("平局", "平局", "draw"),
    "gd_short_rooms_tables": ("净积小分相同，{winner} 胜 {won} 室", "淨積小分相同，{winner} 勝 {won} 室", "net equal, {winner} won {won} room(s)"),
    "gd_short_rooms_lot": ("净积小分相同，抽签", "淨積小分相同，抽籤", "net equal, by lot"),
    "gd_short_penalty": ("{team} 罚 {levels} 级", "{team} 罰 {levels} 級", "{team} penalised {levels}"),
    "gd_net_levels": ("两室净积小分合计", "兩室淨積小分合計", "Net levels, both rooms"),
    "gd_room_open": ("开室", "開室", "Open room"),
    "gd_room_closed": ("闭室", "閉室", "Closed room"),
    "gd_room_net": ("本室净积小分 {team} {net}", "本室淨積小分 {team} {net}", "net levels in this room: {team} {net}"),
    "gd_penalties": ("罚级", "罰級", "Penalties"),
    "gd_penalty": ("{team} 被罚 {levels} 级{reason}：{other} 由 {start} 升到 {end}",
                   "{team} 被罰 {levels} 級{reason}：{other} 由 {start} 升到 {end}",
                   "{team} penalised {levels} level(s){reason}: {other} goes from {start} to {end}"),
    "gd_penalty_capped": ("{team} 被罚 {levels} 级{reason}：{other} 已是 {end}，罚级不过A",
                          "{team} 被罰 {levels} 級{reason}：{other} 已是 {end}，罰級不過A",
                          "{team} penalised {levels} level(s){reason}: {other} is at {end} already (a penalty never passes A)"),
    "gd_before_penalties": ("罚级前 {a} : {b}", "罰級前 {a} : {b}", "before penalties {a} : {b}"),
    "gd_desk_penalties": ("罚级", "罰級", "Penalties"),
    "gd_desk_penalties_hint": ("每行一项：被罚方 级数 原因，如 T02 2 迟到10分钟（对方加级）",
                               "每行一項：被罰方 級數 原因，如 T02 2 遲到10分鐘（對方加級）",
                               "one a line: team penalised, levels, reason, e.g. T02 2 late 10 minutes (the other team goes up)"),
    "gd_desk_tiebreak": ("加赛头游方", "加賽頭遊方", "Extra deal won by"),
    "gd_desk_no_tiebreak": ("未加赛", "未加賽", "no extra deal"),
    "gd_sheet_draw": ("同级平局（打√）", "同級平局（打√）", "Equal levels, a draw (tick)"),
    "gd_sheet_room_table": ("{table}（{room}）", "{table}（{room}）", "{table} ({room})"),
    "gd_sheet_penalties": ("罚级：写被罚方、级数和原因（迟到每 5 分钟 1 级、藏牌 3 级、进贡错误 2 级），被罚方的对方加级，至 A 为止。",
                           "罰級：寫被罰方、級數和原因（遲到每 5 分鐘 1 級、藏牌 3 級、進貢錯誤 2 級），被罰方的對方加級，至 A 為止。",
                           "Penalties: write the team penalised, the levels and the reason (late: 1 level a 5 minutes; hidden "
                           "cards 3; wrong tribute 2); the other team goes up that many levels, up to A."),
    "gd_sheet_penalty_team": ("被罚方", "被罰方", "Team penalised"),
    "gd_sheet_penalty_levels": ("罚级数", "罰級數", "Levels"),
    "gd_sheet_penalty_reason": ("原因", "原因", "Reason"),
    "gd_sheet_key_draws": (
        "双方从 {start} 打起。每副写头游方和升级数：双下 +3，对方一家末游 +2，本方对家末游 +1；本副打的是上副头游方的级数。"
        "越序出牌或一副两次警告为犯规，写犯规方，对方加 1 级。A 必打，须在本方 A 上以 +2 或 +3 过A；{attempts}。"
        "时间到：已过A者胜，否则级数高者胜，同级为平局。",
        "雙方從 {start} 打起。每副寫頭遊方和升級數：雙下 +3，對方一家末遊 +2，本方對家末遊 +1；本副打的是上副頭遊方的級數。"
        "越序出牌或一副兩次警告為犯規，寫犯規方，對方加 1 級。A 必打，須在本方 A 上以 +2 或 +3 過A；{attempts}。"
        "時間到：已過A者勝，否則級數高者勝，同級為平局。",
        "Both teams start at {start}. For each deal write who went out first and the gain: +3 when the opponents "
        "finish 3rd and 4th, +2 when an opponent is last, +1 when the partner is last; a deal is played at the level "
        "of the last deal's winners. A foul (playing out of turn, or two warnings in a deal): write who fouled; the "
        "other team goes up one level. A must be played and is passed only at one's own A with +2 or +3; {attempts}. "
        "At time up: a team that passed A wins, else the higher level; equal levels are a draw."),
    "gd_round_text_draws": (
        "各桌比赛结果如下。级数为比赛结束时双方所打到的级数（A+ 为已过A，罚级已计入）；时间到时级数高者胜，同级为平局。",
        "各桌比賽結果如下。級數為比賽結束時雙方所打到的級數（A+ 為已過A，罰級已計入）；時間到時級數高者勝，同級為平局。",
        "Each table's result: the levels both teams had reached at the end (A+: passed A; penalties included); when "
        "time is up the higher level wins, and equal levels are a draw.",
    ),
})
