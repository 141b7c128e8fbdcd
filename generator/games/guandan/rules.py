"""Guandan's rules as data and pure functions: the level engine (`replay`), what a match comes
to (`decide`, `four_result`), the other rule sets' constants, and a side's metrics.

Nothing here reads a file or knows a word: records.py reads what a secretary wrote into the
`GuandanRecord` and `GuandanStage` defined here, views.py turns a decision into what pages show.

>>> from generator.games.guandan.records import parse_deal
>>> r = replay(("T01", "T02"), [parse_deal("T01+2"), parse_deal("T02+2")])
>>> d = decide(r.teams, r, None)
>>> [level_name(r.levels[t]) for t in r.teams], d.winner, d.why
(['4', '4'], 'T01', 'first')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

from generator.games.common.rooms import ROOMS

# --- levels -----------------------------------------------------------------------------

LEVEL_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A+")
LEVEL_TWO = 0
LEVEL_A = 12  # the highest level a team can stand on
PASSED_A = 13  # A+: passed A, the match is won
GAINS = (1, 2, 3)
# The metrics a Guandan stage can produce, in the order its `bye:` key lists them.
METRIC_NAMES = ("wins", "level_diff", "match_points", "net_levels", "total_levels")


def level_name(index: int) -> str:
    """2 … 10, J, Q, K, A, and A+ for a team that passed A."""
    return LEVEL_NAMES[index]


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


class Step(NamedTuple):
    """The state after one item of the log. (A named tuple: a mass event's deal logs have
    120,000 items, each replayed into its step as the results are read.)

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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the tuple it is, made again by tuple.__new__ (C): a named tuple's own way
        calls its __new__, a Python function, for every step unpickled. (A Replay's steps are
        pickled by the Replay, Replay.__reduce__: this is for a step pickled alone.)"""
        return tuple.__new__, (type(self), tuple(self))


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
    a_attempts: int = 3  # the stage's limit the log was replayed with
    deals: list[Deal] = field(default_factory=list)  # the log replayed (the record's own list)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its steps as plain tuples, made Steps again when unpickled (_replayed):
        a step pickled as itself calls Step.__reduce__, a Python function, for each of a mass
        event's 124,000 steps as its reading is kept in the event cache (bench/scale.py's 5,000
        teams: its whole reading pickled in 0.84-0.89 s of processor time, 0.68-0.71 s so, 2 % of
        its build; unpickled, 0.02-0.04 s slower, a call of _replayed a match). Pickled with its steps,
        not as the log to replay again: the render workers unpickle every event's reading
        (generator/event_cache.py), and replaying each match's log there cost more than
        unpickling its steps does: for bench/site.py's 200 events, 95 M instructions more of
        3.5 G (callgrind)."""
        state = dict(self.__dict__)
        state["steps"] = list(map(tuple, self.steps))
        return _replayed, (state,)

    def deals_before(self, index: int) -> int:
        """How many deals had been played up to and including step `index`."""
        return sum(1 for s in self.steps[: index + 1] if not s.deal.foul)


def _replayed(state: dict[str, Any]) -> Replay:
    """A Replay unpickled (Replay.__reduce__): its steps made Steps again, by tuple.__new__ (C)."""
    state["steps"] = list(map(partial(tuple.__new__, Step), state["steps"]))
    made = object.__new__(Replay)
    made.__dict__.update(state)
    return made


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
            # The "did you mean" is the reader's to add (records.replay_record).
            raise RecordError("guandan-team-not-at-table", index, team=deal.team, teams=list(pair), text=str(deal))
        if passed is not None:
            raise RecordError("guandan-after-pass", index, team=passed, text=str(deal))
        notes: list[tuple[str, str, int]] = []
        if deal.foul:
            opponent = other(deal.team)
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
        winner = deal.team
        if levels[pair[0]] < LEVEL_A and levels[pair[1]] < LEVEL_A and levels[winner] + deal.gain <= LEVEL_A:
            # Nobody at A, nor going past it: the winner goes up, nothing to note (most deals).
            set_level(winner, levels[winner] + deal.gain, index)
            declarer = winner
            steps.append(Step(index, deal, number, in_play, in_play_team, dict(levels)))
            continue
        opponent = other(winner)
        at_own_a = {
            t: levels[t] == LEVEL_A and (declarer == t or (declarer is None and levels[t] == start_level))
            for t in pair
        } if LEVEL_A in (levels[pair[0]], levels[pair[1]]) else dict.fromkeys(pair, False)
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
        for team in pair if notes else ():
            if any(code == "back_to_two" and who == team for code, who, _ in notes):
                set_level(team, LEVEL_TWO, index)
        declarer = winner
        steps.append(Step(index, deal, number, in_play, in_play_team, dict(levels), tuple(notes)))
    return Replay(pair, start_level, steps, dict(levels), passed, attempts, arrived, a_attempts, deals)


def _fail_attempt(team: str, attempts: dict[str, int], limit: int, notes: list[tuple[str, str, int]]) -> None:
    """A deal played at the team's A that did not pass A (A三牌不过返回2)."""
    attempts[team] += 1
    count = attempts[team]
    if limit and count >= limit:
        attempts[team] = 0
        notes.append(("back_to_two", team, count))
    else:
        notes.append(("a_failed", team, count))


# --- other rule sets: small points, penalties, draws, the extra deal ------------------------------

# The small points (rules-guandan.md, "Other rule sets") count a level's value: 2 … 10 as written,
# J 11, Q 12, K 13, A 14, A+ 15. 净积小分 is own value minus the opponents', 累积小分 own value − 2:
# both are reckoned on the level's index (A+ counts 13).


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
    both_absent: bool = False  # `forfeit: [T17, T29]`: neither team came (each scored `absent`)
    replay: Replay | None = None
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


def level_figures(options: GuandanStage, rank_by: tuple[str, ...] | list[str] = ()) -> tuple[str, ...]:
    """The stage's figures counted in levels, as its pages name them (a forfeit counts each 0):
    the seed's level difference (级差), or, with the small points (the national rules), their
    净积小分 and 累积小分. 净积小分 is the level difference by its national name: the level
    difference is named beside it only when the stage ranks by it too."""
    if not options.small_points:
        return ("level_diff",)
    return (("level_diff",) if "level_diff" in rank_by else ()) + SMALL_POINTS


# --- a side's metrics, a teams-of-four match ---------------------------------------------------


def ordered_metrics(options: GuandanStage) -> tuple[str, ...]:
    """The stage's metrics in the order a side's score lists them (the seed's first)."""
    names = ("wins", "level_diff")
    if options.match_points is not None:
        names += ("match_points",)
    return names + SMALL_POINTS if options.small_points else names


def outcome(winner: str | None, team: str) -> str:
    return "draw" if winner is None else "win" if winner == team else "loss"


def side_metrics(options: GuandanStage, won: bool, outcome: str, net: int, total: int) -> dict[str, float]:
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
    decisions = [room_decision(teams, rooms[name], options) for name in ROOMS]
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


def levels_text(decision: Decision) -> str:
    return " : ".join(f"{t} {level_name(decision.levels[t])}" for t in decision.teams)


def plain(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
