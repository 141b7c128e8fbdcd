"""Duplicate bridge (复式桥牌): one board's results compared across tables, pairs and teams.

The game module is `bridge.py` (the score of one contract, board records, the seed's total
points); this module is its duplicate half, in the words of ../shared/spec/rules-bridge.md
("Duplicate methods"). `bridge.RULES` calls it for every stage that is not the seed's
`scoring: total`:

- pairs (`format: pairs`), NS and EW pairs meeting table by table in a movement, each board
  compared across the field once every table is in (`score_field`):
  - `scoring: matchpoints` — 2 for each result beaten, 1 for each tie, per direction;
    percentage = MP / top; Neuberg for a board with fewer results than the others
    (generator/games/common/matchpoints.py does the arithmetic);
  - `scoring: imps` — cross-IMPs: each result against every other result of the board in IMPs,
    averaged over the others;
  - `scoring: butler` — IMPs against the datum: the mean of the board's NS scores without the
    single highest and lowest, rounded to the nearest 10 (halves away from zero);
- teams (`format: swiss | round_robin | matches` with `scoring: imps`), two rooms: the home team
  sits NS in the open room and EW in the closed room; each board gives home IMPs of (open NS
  score - closed NS score); the match's IMP margin becomes victory points on the WBF 2013
  continuous scale.

Decisions, where the rules leave room (each is tested in tests/test_bridge_duplicate.py and
tests/test_bridge_teams.py):

- Adjusted scores are board records: `A+`, `A=`, `A-` (60 / 50 / 40 % of the top) written from
  NS's side, EW getting the complement (`A+` is NS 60 %, EW 40 %); `A+/A+`, `A-/A=`… give NS and
  EW separately (NS first); `{adjusted: {NS: 60, EW: 40}}` any two percentages. In IMP scoring
  (pairs and teams) a percentage p is worth (p - 50) x 0.3 IMPs: A+ +3, A= 0, A- -3, the usual
  IMP equivalents. In a team match an adjusted board replaces both rooms and is written from
  the home team's side (`A+` home +3 IMPs, away -3).
- Pairs: a board left out of a table's record was not played there; the board has fewer
  results and is Neuberg-factored (matchpoints) or simply compared among the results it has
  (IMPs). Butler with fewer than 3 real results takes the plain mean (nothing to drop).
  Cross-IMPs and Butler IMPs are not factored: they are already per comparison.
- Teams: victory points use the number of boards a match plays (Game.match_boards: the stage's
  `boards:`, else the game's 8 for a match numbered within 1-8, as its sheet lists them), else
  the boards the match recorded. A bye and a forfeit win earn the stage key `bye: {vp: 12, imps: 0}` (12 VP,
  0 IMPs by default, the WBF figure for a bye); the forfeiting team 0 VP and minus those IMPs.
- Board numbers run through the stage: a board number is one deal (and one traveller page)
  wherever it is played; a teams stage plays boards 1-8 in round 1, 9-16 in round 2, and so on,
  or the same numbers in every round when every round replays the same deals.

>>> imps(420 - -50)
10
>>> butler_datum([120, 50, -80, -80, -110, -140, -150, -150])
-90
>>> victory_points(10, 16)
(12.8, 7.2)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.content.files import EventFiles
from generator.content.model import Stage, Table
from generator.content.reader import MAX_BOARDS, Reader, closest, suggestion, wrong_board_number
from generator.content.yaml_loader import YamlList, YamlMap, mark_of_key
from generator.errors import Mark, Problems
from generator.games import RowsWhenRead, SideScore, TableScore, match_page, side_label, stage_in_titles
from generator.games.bridge.hands import HandRecords, read_hand_records
from generator.games.bridge.scoring import (
    ADJUSTED_PERCENT,
    AdjustedRecord,
    BoardRecord,
    RECORDED_IMPS_KEYS,
    NotPlayedRecord,
    WeightedRecord,
    BoardView,
    BridgeStage,
    RecordError,
    TeamBye,
    adjusted_meant,
    dealer,
    is_not_played,
    ns_score,
    parse_adjusted,
    parse_board,
    parse_weighted,
    result_text,
    vulnerability,
    vulnerability_words,
    word,
)
from generator.games.common.boards import (
    board_block,
    match_board_count,
    ShortByDesign,
    compare_as_counted,
    drop_out_of_range,
    missing_place,
    round_tables,
    short_boards,
)
from generator.games.common.figures import Figures, figure_text, two_places, two_places_of
from generator.games.common.withdrawn import withdrawn_tables
from generator.games.common.matchpoints import Adjusted, board_matchpoints, finish_percent, neuberg, percentage, scored_against
from generator.games.common.matchpoints import no_board_scored as matchpoint_no_board_scored
from generator.games.common.matchpoints import top as matchpoint_top
from generator.games.common.rooms import ROOM_KEYS, ROOMS, WaitingBoard, other_room, report_pending, room_name
from generator.games.common.shorthand import shown, spelled

# --- IMPs, datum, victory points: the arithmetic of the spec -----------------------------------

# The IMP scale (rules-bridge.md): the lowest score difference of each band from 1 IMP up.
IMP_SCALE = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
)


def imps(difference: float) -> int:
    """The IMPs of a score difference, signed like the difference: 0-10 is 0, 20-40 is 1 …
    2500-2990 is 21, 3000-3490 is 22 … 4000 and more 24.

    >>> [imps(d) for d in (10, 20, 2990, 3000, -4000)]
    [0, 1, 21, 22, -24]
    """
    found = bisect_right(IMP_SCALE, abs(difference))  # the bands whose lowest difference it reaches
    return found if difference >= 0 else -found


def round_to_ten(value: float) -> int:
    """The nearest multiple of 10, halves away from zero: -85 -> -90, 85 -> 90, 84.9 -> 80."""
    tens = Decimal(str(value)) / 10
    return int(tens.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * 10


def butler_datum(ns_scores: Sequence[float]) -> int:
    """The Butler datum of a board: the mean of its NS scores without the single highest and
    the single lowest (all of them when there are fewer than 3), rounded to the nearest 10."""
    if not ns_scores:
        raise ValueError("a datum needs at least one score")
    kept = sorted(ns_scores)[1:-1] if len(ns_scores) >= 3 else list(ns_scores)
    return round_to_ten(sum(kept) / len(kept))


def butler_imps(ns_scores: Sequence[float]) -> tuple[int, list[int]]:
    """The datum and each result's NS IMPs against it (EW's are the same, negated)."""
    datum = butler_datum(ns_scores)
    return datum, [imps(score - datum) for score in ns_scores]


def cross_imps(ns_scores: Sequence[float]) -> list[float]:
    """Each result's NS IMPs against every other result of the board, averaged over the others
    (0 for a board played once).

    >>> cross_imps([420, 420, -50])
    [5.0, 5.0, -10.0]
    """
    return [_tidy(value) for value in cross_imps_exact(ns_scores)]


def cross_imps_exact(ns_scores: Sequence[float]) -> list[float]:
    """cross_imps unrounded (thirds stay thirds): what a pair's total is summed from, so that a
    total is not the sum of per-board roundings (Compscore's totals are these sums, rounded once).

    >>> cross_imps_exact([100, 0, 0, 0])[0]
    3.0
    """
    count = len(ns_scores)
    if count < 2:
        return [0.0] * count
    # Against each distinct score once, times how many results have it: a board played 150 times
    # has a few dozen scores, not 150 (issue 23's real sizes: 22,500 comparisons a board became
    # ~900). A result against itself is 0 IMPs, so "every other result" is every result; the sums
    # are whole IMPs, the same sums in any order, divided as before.
    times = Counter(ns_scores)
    against = {own: sum(many * imps(own - other) for other, many in times.items()) for own in times}
    return [against[own] / (count - 1) for own in ns_scores]


def adjusted_imps(percent: float, average_plus: float = 3.0) -> float:
    """The IMPs an adjusted score is worth: (p - 50) / 10 x the stage's `adjusted_imps` (3 by
    default) — A+ (60 %) +3, A- (40 %) -3, A= 0."""
    return _tidy((percent - 50) / 10 * average_plus)


TAU = (math.sqrt(5) - 1) / 2


def victory_points(margin: float, boards: int) -> tuple[float, float]:
    """WBF 2013 continuous VP scale: (winner, loser) for an IMP `margin` over `boards` boards.

    B = 15 x sqrt(boards), M = min(margin, B); winner 10 + 10 x (1 - tau^(3M/B)) / (1 - tau^3),
    at most 20, rounded to 2 decimals; the loser 20 minus that. A negative margin gives the
    pair the other way round (the first VP is always the side the margin belongs to)."""
    if boards < 1:
        raise ValueError("victory points need at least one board")
    blowout = 15 * math.sqrt(boards)
    size = min(abs(margin), blowout)
    winner = 10 + 10 * (1 - TAU ** (3 * size / blowout)) / (1 - TAU ** 3)
    winner = float(Decimal(str(min(winner, 20.0))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    loser = float(Decimal("20") - Decimal(str(winner)))
    return (winner, loser) if margin >= 0 else (loser, winner)


def _tidy(value: float) -> float:
    """Two decimals, what pages print (and -0.0 as 0)."""
    value = round(value, 2)
    return value + 0.0


# --- records: adjusted scores, pairs tables, team boards ---------------------------------------


Record = BoardRecord | AdjustedRecord | NotPlayedRecord | WeightedRecord


def parse_duplicate_board(board: int, value: Any, mark: Mark | None = None) -> Record:
    """A played board (bridge.parse_board: `4S N = 420`, `pass`, {contract, by, result, …}), an
    adjusted score, a board not played (`np`) or a weighted score (`50% 4S N =, 50% 4S N -1`)."""
    if is_not_played(value):
        return NotPlayedRecord(board, mark)
    weighted = parse_weighted(board, value, mark)
    if weighted is not None:
        return weighted
    adjusted = parse_adjusted(board, value, mark)
    if adjusted is not None:
        return adjusted
    _refuse_adjusted_meant(value)
    return parse_board(board, value, mark)


def _refuse_adjusted_meant(value: Any) -> None:
    """An adjusted score written as none of its spellings (`60/40`, `Avg+`, `A+/A`): refused as
    the adjusted score it was meant to be, saying how to write it (adjusted_meant)."""
    meant = adjusted_meant(value)
    if meant is not None:
        raise RecordError("bridge-adjusted-syntax", problem=word("br_adjusted_meant", meant=meant))


@dataclass
class PairsRecord:
    """One pairs table of one round: the NS and EW pairs and their boards."""

    ns: str | None = None
    ew: str | None = None
    boards: list[Record] = field(default_factory=list)
    keys: dict[int, Mark] = field(default_factory=dict)  # where each board's number is written
    # `boards: {}`: the table sat and its boards map is written, no board in it yet (not the
    # table `pair` leaves, with no boards key): not entered yet, not a table to be played
    sat_unentered: bool = False


@dataclass(frozen=True)
class TeamBoard:
    """One board of a team match: both rooms, or an adjusted score for the board; or one room
    only (`waits`), the other room's sheets not entered yet; or one room and the IMPs the scorer
    recorded for the board (`imps`, the home team's, signed), the other room's result not in the
    record (a published file scores the board without it: eoq2021's board 20); or a board the
    match did not play (`not_played`, written `np`: neither room, counting for neither team)."""

    board: int
    open: BoardRecord | None = None
    closed: BoardRecord | None = None
    adjusted: AdjustedRecord | None = None
    mark: Mark | None = field(default=None, compare=False)
    imps: float | None = None
    not_played: bool = False

    @property
    def waits(self) -> bool:
        """One room written, the other not yet: the match is pending until it is."""
        return (self.adjusted is None and self.imps is None and not self.not_played
                and (self.open is None or self.closed is None))


@dataclass
class TeamRecord:
    boards: list[TeamBoard] = field(default_factory=list)
    played: bool = False
    boards_mark: Mark | None = None  # where its `boards:` is written (the count warning's place)


# Board numbers run through a duplicate stage (a movement's board sets, a Swiss's rounds): at
# most this many, MAX_BOARDS for each of a few rounds' worth of tables.
MAX_BOARD_NUMBER = 5 * MAX_BOARDS


# --- stage options -------------------------------------------------------------------------------

# What a stage is, from its format and scoring: the seed's pairs at a table adding points
# (total), a duplicate pairs field, or team matches in two rooms.
STAGE_KINDS = {
    ("matches", "total"): "total",
    ("pairs", "matchpoints"): "pairs",
    ("pairs", "imps"): "pairs",
    ("pairs", "butler"): "pairs",
    ("swiss", "imps"): "teams",
    ("round_robin", "imps"): "teams",
    ("matches", "imps"): "teams",
}
# A team match's boards where its stage says no `boards`: the count the desk's form offers and
# the match waits for (BridgeRules.default_boards, common.boards.match_board_count).
MATCH_BOARDS = 8
DEFAULT_SCORING = {"pairs": "matchpoints", "swiss": "imps", "round_robin": "imps", "matches": "total"}
SUPPORTED = "matches + scoring: total; pairs + scoring: matchpoints | imps | butler; swiss | round_robin | matches + scoring: imps"
FIELDS = ("one", "directions")


def stage_kind(stage_format: str, scoring: str) -> str | None:
    return STAGE_KINDS.get((stage_format, scoring))


def read_duplicate_keys(reader: Reader, stage_format: str, scoring: str) -> dict[str, Any]:
    """The stage keys of duplicate stages (`hands`, `field`, `bye`), checked against the kind of
    stage; returns the BridgeStage fields they set."""
    kind = stage_kind(stage_format, scoring)
    if kind is None:
        reader.problems.add("format-not-supported", reader.value_mark("scoring") if reader.has("scoring") else reader.value_mark("format"),
                            game="bridge", format=f"{stage_format} + scoring: {scoring}", allowed=SUPPORTED)
        kind = "pairs" if stage_format == "pairs" else "total" if stage_format == "matches" else "teams"
    found: dict[str, Any] = {"kind": kind}
    for key, kinds in (("hands", ("pairs", "teams")), ("field", ("pairs",)), ("bye", ("teams",)),
                       ("boards_each_round", ("teams",))):
        if reader.has(key) and kind not in kinds:
            reader.problems.add("bridge-key-not-here", reader.key_mark(key), key=key,
                                kinds=word(_KIND_WORDS[kinds]))
    if kind == "pairs":
        found["field"] = reader.choice("field", FIELDS, "one") or "one"
    if kind == "teams":
        node = reader.mapping("bye")
        if node is not None:
            node.check_keys(("vp", "imps"))
            vp = _number_key(node, "vp", 12.0, 0, 20)
            imp = _number_key(node, "imps", 0.0, -1000, 1000)
            found["bye"] = TeamBye(vp, imp)
        # (None: not written, numbered on through the rounds unless the rounds say otherwise:
        # check_team_boards)
        found["boards_each_round"] = reader.choice("boards_each_round", BOARDS_EACH_ROUND)
    if reader.has("hands") and kind in ("pairs", "teams"):
        found["hands"] = read_hands_key(reader)
    for key in ("adjusted", "adjusted_imps", "adjustments"):
        if reader.has(key) and kind not in ("pairs", "teams"):
            reader.problems.add("bridge-key-not-here", reader.key_mark(key), key=key, kinds=word(_KIND_WORDS[("pairs", "teams")]))
    if kind in ("pairs", "teams"):
        found["adjusted"] = reader.choice("adjusted", ADJUSTED_RULES, "session") or "session"
        found["adjusted_imps"] = _number_key(reader, "adjusted_imps", 3.0, 0, 24)
        found["adjustments"] = read_adjustments(reader)
    return found


ADJUSTED_RULES = ("session", "fixed")
BOARDS_EACH_ROUND = ("on", "same")  # teams: boards numbered on through the rounds, or 1..boards each round
# vp: a teams stage ranks by victory points, so its penalties (lateness, slow play) are given in
# VPs, as team-event regulations write them; `imps` there moves the IMP tie-break only.
ADJUSTMENT_KINDS = ("mp", "percent", "imps", "vp")


@dataclass(frozen=True)
class Adjustment:
    """A penalty (negative) or award on one entry's stage total, applied as written: `mp` and
    `imps` to the summed points (the percentage follows), `percent` to the percentage, `vp` to
    a teams stage's victory points."""

    entry: str
    kind: str  # mp | percent | imps | vp
    value: float
    reason: str = ""
    mark: Mark | None = field(default=None, compare=False)


def read_adjustments(reader: Reader) -> tuple[Adjustment, ...]:
    """`adjustments: [{entry: P14, mp: -2, reason: 迟到}]`: one of mp, percent, imps, vp, signed."""
    found = []
    for index, (item, mark) in enumerate(reader.items("adjustments")):
        if not isinstance(item, YamlMap):
            reader.problems.add("type-expected", mark, key=f"{reader.where}adjustments[{index + 1}]",
                                expected=word("br_expected_mapping"), found=shown(item))
            continue
        item_reader = Reader(item, reader.problems, f"{reader.where}adjustments[{index + 1}].")
        item_reader.check_keys(("entry", "reason", *ADJUSTMENT_KINDS), required=("entry",))
        kinds = [k for k in ADJUSTMENT_KINDS if item_reader.has(k)]
        if len(kinds) != 1:
            reader.problems.add("bridge-adjustment-kind", mark, kinds=", ".join(ADJUSTMENT_KINDS))
            continue
        value = _number_key(item_reader, kinds[0], 0.0, -10000, 10000)
        entry = item_reader.text("entry")
        if entry:
            found.append(Adjustment(entry, kinds[0], value, item_reader.text("reason") or "", mark))
    return tuple(found)


def apply_adjustments(options: Any, tallies: dict[str, Any], finished: bool) -> None:
    """The stage's adjustments on the tallies: MP and IMPs before the percentage is derived
    from MP and tops, percentage points after (an entry not in the stage is left alone; the
    check is `check_adjustments`)."""
    for adjustment in getattr(options, "adjustments", ()):
        record = tallies.get(adjustment.entry)
        if record is None or (adjustment.kind == "percent") != finished:
            continue
        if adjustment.kind not in record.metrics:  # points the stage does not score (reported by the check)
            continue
        record.metrics[adjustment.kind] = _sum([record.metrics[adjustment.kind], adjustment.value])
        record.adjustments.append((adjustment.kind, adjustment.value, adjustment.reason))


def _number_key(reader: Reader, key: str, default: float, low: float, high: float) -> float:
    value = reader.raw(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or not low <= value <= high:
        reader.problems.add("value-range", reader.value_mark(key), key=reader.where + key, value=value, low=low, high=high)
        return default
    return float(value)


def read_hands_key(reader: Reader) -> Any:
    """`hands: hands.pbn`: a PBN file of the deals, relative to the event folder (beside
    event.yaml; `results/hands.pbn` works too). Where it may lie is judged as a notice's is
    (content/files.py): inside content/, in the event's folder (a file there linked to another
    of content/ is read); noted among the files read for event.yaml, so that serve reads the
    stage again when the deals are edited."""
    name = reader.text("hands")
    if not name:
        return None
    mark = reader.value_mark("hands")
    # (a stage read outside an event's reading: the file and where a link leads, both in the event's folder)
    files = reader.files or EventFiles(mark.file.parent.resolve(), mark.file.parent)
    path = files.named(name, mark, reader.problems)
    if path is None:
        return None
    records: HandRecords | None = read_hand_records(path, reader.problems)
    return records


_KIND_WORDS = {  # the kinds of stage a key is for, as a message names them
    ("pairs", "teams"): "br_kinds_duplicate",
    ("pairs",): "br_kinds_pairs",
    ("teams",): "br_kinds_teams",
}


# --- what pages show: one table, one board ---------------------------------------------------


def board_line(record: BoardRecord, mode: str) -> BoardView:
    """A played board as the score sheet shows it: contract, declarer, result, lead and the
    score in the NS or the EW column."""
    vul = vulnerability(record.board, mode)
    score = ns_score(record, vul)
    return BoardView(
        board=record.board, dealer=dealer(record.board), vulnerability=vul,
        contract=str(record.contract) if record.contract else "pass",
        declarer=record.declarer or "",
        result=result_text(record.result) if record.contract else "",
        lead=record.lead or "", ns=max(score, 0), ew=max(-score, 0),
    )


@dataclass
class PairsRow:
    """One board at one pairs table; its matchpoints or IMPs arrive when the field is scored."""

    board: int
    dealer: str
    vulnerability: str
    scoring: str
    line: BoardView | None = None  # None when adjusted
    adjusted: AdjustedRecord | None = None
    score: int | None = None  # NS's score; None when adjusted
    ns_value: float | None = None  # matchpoints or IMPs
    ew_value: float | None = None
    top: int = 0  # matchpoints only
    datum: int | None = None  # Butler only
    played: int = 0  # real results of this board in the stage
    expected: int = 0  # results the board should have had
    exact: tuple[float, float] | None = None  # cross-IMPs unrounded (NS, EW), what totals add up
    absent: int | None = None  # the side (0 NS, 1 EW) of a withdrawn pair: it scores nothing here
    not_played: bool = False  # written `np` / `not played`: nothing for either pair (a sit-out)
    weighted: str = ""  # a weighted score (Law 12C1(c)) as written: `50% 4S N =, 50% 4S N -1`
    parts: tuple[tuple[float, int], ...] = ()  # its (weight 0-1, NS score) parts

    @property
    def ns_percent(self) -> float | None:
        return percentage(self.ns_value, self.top) if self.scoring == "matchpoints" and self.ns_value is not None else None

    @property
    def ew_percent(self) -> float | None:
        return percentage(self.ew_value, self.top) if self.scoring == "matchpoints" and self.ew_value is not None else None

    @property
    def factored(self) -> bool:
        """Neuberg was applied (matchpoints on a board with fewer results than expected)."""
        return self.scoring == "matchpoints" and self.adjusted is None and self.played < self.expected

    def value(self, side: int) -> float | None:
        return self.ns_value if side == 0 else self.ew_value

    @property
    def session_sides(self) -> list[tuple[str, str]]:
        """The sides whose A+ or A- is the pair's session percentage, not the written 60 or 40 %
        (`adjusted: session`, session_adjusted): ("ns" or "ew", "plus" or "minus"), for the
        pages to say why an A+ shows 67.50 % (it read as a mistake beside results.json's 60)."""
        adjusted = self.adjusted
        if adjusted is None or adjusted.fixed or not self.top or self.scoring != "matchpoints":
            return []
        found = []
        for side, written in enumerate((adjusted.ns, adjusted.ew)):
            value = self.value(side)
            if value is None or self.absent == side or written not in (ADJUSTED_PERCENT["+"], ADJUSTED_PERCENT["-"]):
                continue
            if abs(100 * value / self.top - written) >= 0.005:
                found.append(("ns" if side == 0 else "ew", "plus" if written > 50 else "minus"))
        return found

    def summed(self, side: int) -> float | None:
        """What the pair's totals add: the value, unrounded where it was rounded to be shown."""
        return self.exact[side] if self.exact is not None else self.value(side)

    def own_score(self, side: int) -> int | None:
        if self.score is None:
            return None
        return self.score if side == 0 else -self.score


@dataclass
class PairsView(Figures):
    """One pairs table (one round): its two pairs, their boards, matchpoints or IMPs.
    Its rows are made with the table; their matchpoints or IMPs arrive with score_field, which
    then marks the view `scored`: the totals and the top are kept from then on only."""

    kind: str  # played, bye, unplayed
    ns: str | None
    ew: str | None
    stage: str
    scoring: str
    rows: list[PairsRow] = field(default_factory=list)
    forfeit: str | None = None
    scored: bool = False  # the field has been compared (score_field ran)
    # side -> (value, top, whether a board was scored for it) before this table
    carried: dict[int, tuple[float, float, bool]] = field(default_factory=dict)
    # A counted round's boards as every result entered scores them, while a later round is partly
    # entered (score_field's `counted`): its rows are then scored as of the standings, and a
    # board's traveller, which lists the later round's results too, compares them all alike.
    live_rows: list[PairsRow] | None = None
    withdrawn: str | None = None  # the pair that walked out of this table (walked_out_table)
    # Whether its MP or IMPs are shown to two places: decided once for its round's tables
    # (score_field), whose figures a round page lists in one column, one table under another: "15.88"
    # at one table beside "10" at the next, when each table decided for itself. None: not scored.
    two: bool | None = None
    layout = "pairs"
    cached = ("has_leads", "_scored_sums")

    @property
    def matchpoints(self) -> bool:
        return self.scoring == "matchpoints"

    @cached_property
    def has_leads(self) -> bool:
        return any(r.line is not None and r.line.lead for r in self.rows)

    def _sums(self) -> tuple[float, float, int]:
        """NS's total, EW's total, the top."""
        if self.scored:
            return self._scored_sums
        return self._summed()

    @cached_property
    def _scored_sums(self) -> tuple[float, float, int]:
        return self._summed()

    def _summed(self) -> tuple[float, float, int]:
        return (_sum(r.summed(0) for r in self.rows), _sum(r.summed(1) for r in self.rows),
                int(_sum(r.top for r in self.rows)))

    def total(self, side: int) -> float:
        return self._sums()[side]

    @property
    def ns_total(self) -> float:
        return self.total(0)

    @property
    def ew_total(self) -> float:
        return self.total(1)

    @property
    def top(self) -> int:
        return self._sums()[2]

    def scored_for(self, side: int) -> bool:
        """Whether a board of the table was scored for the side (0 NS, 1 EW): not every one np,
        nor the side of a pair that walked out (no_board_scored)."""
        return any(row.value(side) is not None for row in self.rows)

    @property
    def any_scored(self) -> bool:
        """Whether a board of the table was scored for either pair: a table of np boards only has
        no total and no top (its footer read "Total · top 0" over dashes)."""
        return self.scored_for(0) or self.scored_for(1)

    @property
    def two_places(self) -> bool:
        """Whether its figures are shown to two places: its round's decision (`two`), else its
        own rows' and totals' (a table not scored with its field)."""
        if self.two is not None:
            return self.two
        return _figures_two_places([self])

    def percent(self, side: int) -> float | None:
        if not self.matchpoints:
            return None
        sums = self._sums()
        return percentage(sums[side], sums[2])

    def running(self, side: int) -> list[float | None]:
        """The pair's stage so far after each board (the personal scorecard): the percentage
        (matchpoints) or the IMPs (cross-IMPs, Butler), earlier rounds included; None while no
        board has been scored for it (each np so far: no_board_scored), not 0."""
        if self.withdrawn is not None and (self.ns, self.ew)[side] == self.withdrawn:
            return [""] * len(self.rows)  # type: ignore[list-item]  # it scores nothing at the table it left
        value, top, scored = self.carried.get(side, (0.0, 0.0, False))
        found: list[float | None] = []
        for row in self.rows:
            value += row.summed(side) or 0
            top += row.top
            scored = scored or row.value(side) is not None
            found.append(None if not scored else round(100 * value / top, 2) if self.matchpoints and top else _tidy(value))
        return found


@dataclass
class TeamRow:
    """One board of a team match: both rooms and the IMPs it gives each team."""

    board: int
    dealer: str
    vulnerability: str
    open: BoardView | None
    closed: BoardView | None
    adjusted: AdjustedRecord | None
    open_score: int | None
    closed_score: int | None
    home_imps: float  # the home team's IMPs on the board, signed
    away_imps: float
    # one room is not in the record (its view None): the IMPs are the ones the scorer recorded
    recorded: bool = False
    # the match did not play the board (np): no room, 0 IMPs, not one of the match's boards
    not_played: bool = False

    @property
    def difference(self) -> int | None:
        """Open NS score minus closed NS score: home's gain in points."""
        if self.open_score is None or self.closed_score is None:
            return None
        return self.open_score - self.closed_score

    def imps_of(self, side: int) -> float:
        return self.home_imps if side == 0 else self.away_imps


@dataclass
class TeamView(Figures):
    """One team match: both rooms board by board, IMPs, victory points. Its rows are made with it."""

    kind: str  # played, bye, forfeit, unplayed, one_room (a board has one room entered: pending)
    home: str
    away: str | None
    rows: list[TeamRow] = field(default_factory=list)
    won: dict[str, float] = field(default_factory=dict)  # IMPs each team won on the boards
    margin: dict[str, float] = field(default_factory=dict)  # each team's IMP total, signed
    vp: dict[str, float] = field(default_factory=dict)
    boards: int = 0  # the match length the VP scale used
    credit: TeamBye = field(default_factory=TeamBye)
    forfeit: str | None = None
    stage: str = ""  # the stage id (board links)
    waiting: list[WaitingBoard] = field(default_factory=list)  # kind one_room: the boards written
    # Boards of the round still to be entered (a match shorter than the stage's `boards`): it
    # waits for them, so it has no victory points and no winner yet, only its IMPs so far.
    to_come: int = 0
    # A knockout's match: won on IMPs (the referee's `winner:` on a tie), no victory points shown.
    knockout: bool = False
    layout = "teams"
    cached = ("has_leads",)

    @cached_property
    def has_leads(self) -> bool:
        return any(room is not None and room.lead for r in self.rows for room in (r.open, r.closed))

    @property
    def not_played(self) -> list[TeamRow]:
        """The boards the match did not play (np): the page names them, and that the victory
        points are over the boards played (score_team_match)."""
        return [row for row in self.rows if row.not_played]

    @property
    def rooms_missing(self) -> list[TeamRow]:
        """The boards scored on one room, the other not in the record (TeamBoard.imps): the
        match's page says so, not silently fewer boards."""
        return [row for row in self.rows if row.recorded]

    def running(self, side: int) -> list[float]:
        """The team's IMPs summed board by board (side 0 home, 1 away)."""
        found, total = [], 0.0
        for row in self.rows:
            total += row.imps_of(side)
            found.append(_tidy(total))
        return found


def _sum(values: Any) -> float:
    total = round(sum(v or 0 for v in values), 9)
    return int(total) if float(total).is_integer() else total


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


# --- reading a table of a results file ----------------------------------------------------------


def read_pairs_table(reader: Reader, stage: Stage, options: BridgeStage,
                     default: int) -> tuple[list[tuple[str, Mark]], PairsRecord]:
    """`ns`, `ew` and `boards` (any board numbers: a movement deals as many boards as the field
    plays); a table with one pair sits out. `default`: Game.default_boards, for the count a
    table's boards are held against (match_board_count, whose rule gives a pairs stage its
    `boards` and, the stage saying none, nothing: the movement deals them)."""
    reader.check_keys(("table", "referee", "forfeit", "ns", "ew", "boards"))
    if not reader.has("ns") and not reader.has("ew"):
        reader.problems.add("key-missing", reader.mark, key=f"{reader.where}ns")
    sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("ns", "ew") if reader.has(key)]
    record = PairsRecord(ns=reader.text("ns") if reader.has("ns") else None,
                         ew=reader.text("ew") if reader.has("ew") else None)
    written = reader.raw("boards")
    if written is None:
        return sides, record
    if not isinstance(written, YamlMap):
        reader.mapping("boards")  # records the type problem
        return sides, record
    if len(sides) < 2 and written:
        reader.problems.add("bye-with-play", reader.key_mark("boards"), id=sides[0][0] if sides else "?")
        return sides, record
    record.sat_unentered = len(sides) == 2 and not written
    record.boards = _read_boards(reader, written, options, parse_duplicate_board)
    record.keys = {r.board: mark_of_key(written, r.board) for r in record.boards}
    expected = match_board_count(stage, written, default, through=True, round_number=reader.round_number)
    if expected and written and len(written) != expected:
        reader.problems.add("bridge-board-count", written.mark, warning=True, table=reader.raw("table"),
                            count=len(written), boards=expected)
    return sides, record


def _read_boards(reader: Reader, written: YamlMap, options: BridgeStage,
                 parse: Callable[[int, Any, Mark | None], Any]) -> list[Any]:
    found = []
    for number, value in written.items():
        mark = written.value_marks.get(number, written.mark)
        if wrong_board_number(reader.problems, number, mark_of_key(written, number), None, MAX_BOARD_NUMBER):
            continue
        try:
            record = parse(number, value, mark)
        except RecordError as error:
            reader.problems.add(error.code, mark, board=number, text=spelled(value), **error.params)
            continue
        if record is not None:
            found.append(record)
            for played in _played(record):
                check_recorded(reader.problems, played, options, reader.mark)
    return sorted(found, key=lambda r: r.board)


def _played(record: Any) -> list[BoardRecord]:
    if isinstance(record, BoardRecord):
        return [record]
    if isinstance(record, TeamBoard):
        return [r for r in (record.open, record.closed) if r is not None]
    if isinstance(record, WeightedRecord):  # each part's stated NS score is checked as any board's
        return [part for _, part in record.parts]
    return []


def check_recorded(problems: Problems, record: BoardRecord, options: BridgeStage, fallback: Mark) -> None:
    """A score the secretary typed must be the one the rules give."""

    if record.recorded is None or record.contract is None:
        return
    vul = vulnerability(record.board, options.vulnerability)
    computed = ns_score(record, vul)
    if computed != record.recorded:
        problems.add("bridge-score-mismatch", record.mark or fallback, board=record.board, recorded=record.recorded,
                     computed=computed, contract=str(record.contract), declarer=record.declarer,
                     result=result_text(record.result), vulnerability=vulnerability_words(vul))


def read_team_table(reader: Reader, stage: Stage, options: BridgeStage,
                    default: int) -> tuple[list[tuple[str, Mark]], TeamRecord]:
    """`home`, `away` and `boards: {1: {open: 4S N =, closed: 4S S -1}}`; a table with home
    only is a bye; `forfeit: <id>` a match not played. `default`: the boards a match plays
    where the stage says none (Game.default_boards)."""
    written = "ns" if reader.has("ns") else "ew" if reader.has("ew") else None
    if written is not None and not reader.has("home") and not reader.has("away"):
        # A table of two pairs (ns/ew, the seed's matches and a pairs field) in a teams stage:
        # one error that says so, not the generic three (home missing, ns and ew unknown),
        # which left out the other fix, a pairs scoring. The table is not read further: it
        # has no side of this stage (as bridge-team-match-not-teams does the other way round).
        reader.problems.add("bridge-pairs-table-in-teams", reader.key_mark(written), stage=stage.id,
                            format=stage.format)
        return [], TeamRecord(played=False)
    reader.check_keys(("table", "referee", "forfeit", "home", "away", "boards"), required=("home",))
    sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("home", "away") if reader.has(key)]
    written = reader.raw("boards")
    record = TeamRecord(played=isinstance(written, YamlMap) and len(written) > 0)
    if written is not None and not isinstance(written, YamlMap):
        reader.mapping("boards")
        return sides, record
    # (a list is no forfeit: the loader says what is wrong with it, forfeit-double-not-in-game
    # or forfeit-listed-alone, and the boards stand, as Da Guai Lu Zi's and 80 Points' readers have them)
    listed = isinstance(reader.raw("forfeit"), YamlList)
    if record.played and (len(sides) == 1 or (reader.raw("forfeit") is not None and not listed)):
        code = "bye-with-play" if len(sides) == 1 else "forfeit-with-play"
        reader.problems.add(code, reader.key_mark("boards"), id=sides[0][0] if len(sides) == 1 else reader.raw("forfeit"))
        record.played = False
        return sides, record
    if not record.played:
        return sides, record
    assert isinstance(written, YamlMap)
    record.boards_mark = written.mark
    pending: list[tuple[int, str, Mark]] = []
    record.boards = _read_boards(reader, written, options, _team_board_reader(reader.problems, pending))
    report_pending(reader.problems, pending, reader.raw("table"), "1: {open: 4S N =, closed: 4S S -1}")
    # the stage's boards, else the game's default the desk's form offers (Game.boards_short's count)
    expected = match_board_count(stage, written, default, through=True, round_number=reader.round_number)
    if record.boards and all(board.not_played for board in record.boards) and len(record.boards) >= expected:
        # np on every board: a match with no board played has no IMPs to turn into VPs (a scale of
        # 0 boards); it is a forfeit or the director's adjusted scores, not a result.
        reader.problems.add("bridge-match-all-not-played", reader.key_mark("boards"), table=reader.raw("table"),
                            first=record.boards[0].board)
    if expected and len(written) != expected:
        # its own code: a match's hint (every board written, np or the director's score), which
        # the pairs' one (np for a board not played) must not give a pairs event. A stage saying
        # no `boards` has its own words: the count is the game's, and `boards:` changes it.
        # The default's names the boards to come (match_board_count: the written ones are all in
        # one block of the default, 1-8 or 33-40, so it is short of some of that block): with
        # boards numbered on through the rounds, "6 of 8" alone left the director to work out
        # that round 5's are 33-40.
        if stage.boards:
            reader.problems.add("bridge-match-board-count", written.mark, warning=True, table=reader.raw("table"),
                                count=len(written), boards=expected)
        else:
            block = board_block(set(written), expected)
            reader.problems.items.extend(default_count_warning(reader.raw("table"), set(written), block, written.mark))
    return sides, record


def default_count_warning(table: Any, written: set[int], block: range | None, mark: Mark) -> list[Any]:
    """bridge-match-default-board-count for a team match of a stage saying no `boards` holding
    `written` of `block` (its boards as the rule counts them, common.boards.match_block), naming
    the boards to come; none where it holds as many, or `block` is None (its file's numbering).
    Said by the reader, and again with the stage's rounds before (Game.recount_boards)."""
    if block is None or len(written) == len(block):
        return []
    found = Problems()
    found.add("bridge-match-default-board-count", mark, warning=True, table=table, count=len(written),
              boards=len(block), missing=sorted(set(block) - written))
    return found.items


# `{open: 4H S =, imps: -1}`: a board one room of which is not in the record, and the IMPs the
# scorer gave it, the home team's (a published file's ScoreIMP; imported so, bridge_import.py).
RECORDED_IMPS_KEY = "imps"  # as `paibang import` writes it; RECORDED_IMPS_KEYS: every spelling read
MAX_RECORDED_IMPS = 24  # the IMP scale's top


def _team_board_reader(problems: Problems, pending: list[tuple[int, str, Mark]]
                       ) -> Callable[[int, Any, Mark | None], TeamBoard | None]:
    """A board's reader; a board with one room typed goes to `pending` (its warning is the table's)."""
    def read(number: int, value: Any, mark: Mark | None) -> TeamBoard | None:
        if is_not_played(value):  # `13: np`, `{not_played: true}`: the match did not play it
            return TeamBoard(number, mark=mark, not_played=True)
        adjusted = parse_adjusted(number, value, mark)
        if adjusted is not None:
            return TeamBoard(number, adjusted=adjusted, mark=mark)
        rooms: dict[str, tuple[Any, Mark | None]] = {}
        recorded: float | None = None  # `imps:` beside one room: the board's IMPs as the scorer recorded them
        if isinstance(value, YamlMap):
            for key, item in value.items():
                if str(key).strip().lower() in RECORDED_IMPS_KEYS:
                    if isinstance(item, bool) or not isinstance(item, (int, float)) or not math.isfinite(item) \
                            or abs(item) > MAX_RECORDED_IMPS:
                        raise RecordError("bridge-board-syntax", problem=_problem("recorded_imps"))
                    recorded = float(item)
                    continue
                room = ROOM_KEYS.get(str(key).strip())
                if room is None and str(key).strip():  # a room key mistyped (clossed): which it was meant to be
                    raise RecordError("bridge-board-syntax", problem=word(
                        "br_record_room_key", key=str(key).strip(), guess=_guessed_room(str(key).strip())))
                if room is None or room in rooms:
                    raise RecordError("bridge-board-syntax", problem=_problem("rooms"))
                rooms[room] = (item, value.value_marks.get(key, mark))
        elif isinstance(value, YamlList) and len(value) == 2:
            rooms = {room: (item, item_mark) for room, item, item_mark in zip(ROOMS, value, value.item_marks)}
        else:
            _refuse_adjusted_meant(value)
            raise RecordError("bridge-board-syntax", problem=_problem("rooms"))
        skipped = [room for room in ROOMS if room in rooms and is_not_played(rooms[room][0])]
        if skipped and len(skipped) == len(rooms) == len(ROOMS) and recorded is None:
            return TeamBoard(number, mark=mark, not_played=True)  # np in both rooms: the board's np
        if skipped:
            # np in one room: a team board is netted over both rooms, so one room's np is no
            # board. Not played in the match: the whole board np; else the room's result is to find.
            room = skipped[0]
            problems.add("bridge-room-not-played", rooms[room][1] or mark or Mark(Path("results")), board=number,
                         room=room_name(room), other=room_name(other_room(room)))
            return None
        if recorded is not None and len(rooms) != 1:
            # with both rooms the IMPs are the rooms' (computed); with none there is no board
            raise RecordError("bridge-board-syntax", problem=_problem("recorded_imps"))
        found: dict[str, BoardRecord] = {}
        adjusted_rooms: set[str] = set()  # rooms refused as holding the board's adjusted score
        # One room written, the other not yet: the secretary enters the open room's sheets as
        # they come, before the closed room's (event-day.md). Not an error: the board waits,
        # and with it the match (_score_team_table: pending). A board with neither room is an error.
        one_room = len(rooms) == 1
        for room in ROOMS:
            if room not in rooms:
                if not one_room:
                    problems.add("bridge-room-missing", mark or Mark(Path("results")), board=number,
                                 room=room_name(room),
                                 other=room_name(other_room(room)), room_id=room, other_id=other_room(room))
                continue
            item, item_mark = rooms[room]
            if adjusted_text(item):
                # An adjusted score stands for the whole board, both rooms (Law 12C2: the board
                # is not scored from the tables): written in one room it was read as a contract
                # and refused as one ("declarer or result missing"), the fix left unsaid.
                problems.add("bridge-adjusted-in-room", item_mark or mark or Mark(Path("results")), board=number,
                             text=spelled(item))
                adjusted_rooms.add(room)
                continue
            try:
                found[room] = parse_board(number, item, item_mark)
            except RecordError as error:
                problems.add(error.code, item_mark or mark or Mark(Path("results")), board=number,
                             text=spelled(item), **error.params)
        if one_room:
            (room,) = rooms
            other = other_room(room)
            at = mark or Mark(Path("results"))
            if room not in found:  # the one room written cannot be read: the other is missing too, as before
                if room in adjusted_rooms:
                    # `{open: A+/A-}`: its fix is the board's adjusted score, not the other
                    # room's result; "write both rooms" pointed the other way
                    return None
                problems.add("bridge-room-missing", at, board=number, room=room_name(other),
                             other=room_name(room), room_id=other, other_id=room)
                return None
            if recorded is not None:  # the other room is not in the record: the board scores as recorded
                return TeamBoard(number, **{room: found[room]}, mark=mark, imps=recorded)
            pending.append((number, room, at))
            return TeamBoard(number, **{room: found[room]}, mark=mark)
        if len(found) != 2:
            return None
        return TeamBoard(number, found["open"], found["closed"], mark=mark)

    return read


def adjusted_text(value: Any) -> bool:
    """Whether a value is an adjusted score as text (`A=`, `A+/A-`, `60%/40%`), or one meant as
    one that the grammar refuses (`150%/40%`: the check says why, as an adjusted score); the
    desk asks it of what is typed in a room's box too."""
    try:
        return isinstance(value, str) and parse_adjusted(0, value) is not None
    except RecordError:
        return True


def team_board_texts(value: Any) -> tuple[str, str] | None:
    """A team board as written, as the desk's two boxes (open, closed) show it to be saved again
    as it is: each room's record (`open`/`closed` or the Chinese room keys; the list form), an adjusted
    score (`A=`, `A+/A-`, `60%/40%`) in the open room's box with the closed room's empty, as the
    desk takes it typed (Game.entry_record); nothing written, both empty. None for a board the
    boxes cannot show as written (`{adjusted: {NS: 60, EW: 40}}`, one room and the IMPs the
    scorer recorded, a room in the mapping form): the desk shows it as it is and keeps it."""
    if value is None:
        return "", ""
    if adjusted_text(value):
        return str(value), ""
    if is_not_played(value):  # a board not played: np in the open room's box, as an adjusted score
        return "np", ""

    def text(item: Any) -> str | None:
        if item is None:
            return ""
        return str(item) if isinstance(item, (str, int, float)) and not isinstance(item, bool) else None

    if isinstance(value, dict):
        rooms = {ROOM_KEYS.get(str(key).strip()): item for key, item in value.items()}
        if None in rooms or len(rooms) != len(value):
            return None
        texts = [text(rooms.get(room)) for room in ROOMS]
    elif isinstance(value, list) and len(value) == len(ROOMS):
        texts = [text(item) for item in value]
    else:
        return None
    return (texts[0], texts[1]) if texts[0] is not None and texts[1] is not None else None



# --- the boards a teams round plays ----------------------------------------------------------------

# The formats whose rounds deal boards by the stage's numbering; a `matches` stage (sessions
# imported or written by hand) plays what its files say.
NUMBERED_FORMATS = ("swiss", "round_robin", "knockout")


def team_round_boards(stage: Stage, options: BridgeStage, number: int, same: bool = False) -> tuple[int, ...]:
    """The boards round `number` of a teams stage plays by the stage's numbering: on through the
    rounds ((r-1) x boards + 1 .. r x boards, content-format.md "Board numbers"), or 1..boards with
    `boards_each_round: same` or where the stage is read so (`same`: read_as_same); none for a
    stage without `boards`, another kind or format."""
    if options.kind != "teams" or stage.format not in NUMBERED_FORMATS or not stage.boards:
        return ()
    first = 1 if options.boards_each_round == "same" or same else (number - 1) * stage.boards + 1
    return tuple(range(first, first + stage.boards))


def _written_boards(table: Table) -> list[int]:
    record = table.record
    return [b.board for b in record.boards] if isinstance(record, TeamRecord) else []


def team_table_boards(stage: Stage, options: BridgeStage, number: int, tables: Sequence[Table],
                      same: bool = False) -> dict[int, tuple[int, ...]]:
    """The boards each match of round `number` plays (table -> boards), for its score sheet and
    the desk's form: the stage's numbering (`same`: the stage read as `boards_each_round: same`,
    read_as_same), unless the round's file writes other boards and none of those (then the
    boards it writes: the secretary's numbering wins). Every match of a teams round plays the
    same boards; a bye or a forfeit plays none."""
    boards = team_round_boards(stage, options, number, same)
    if not boards:
        return {}
    written = {n for table in tables for n in _written_boards(table)}
    if written and not written & set(boards):
        boards = tuple(sorted(written))
    return {t.number: boards for t in tables if len(t.sides) == 2 and t.forfeit is None}


def check_team_boards(stage: Stage, options: BridgeStage, rounds: Sequence[Any], problems: Problems) -> None:
    """A teams stage's board numbers across its rounds: a board written outside the boards its
    round plays by the stage's numbering (a warning: round 1 of 1-8 writing 12 is a mistyped
    number or the next round's board; a stage whose rounds each play 1..boards says so with
    `boards_each_round: same`), and a team playing the same board number twice in the stage
    (an error: one deal is never played twice by a team; not with `same`, whose rounds reuse
    the numbers for other deals, nor in a `matches` stage, whose sessions, imported or written
    by hand, may each number their boards from 1)."""
    seen: dict[str, dict[int, tuple[int, int]]] = {}
    numbered = _numbered(rounds)
    # its penalties and awards, as a pairs stage's are (score_field): an entry not in the stage,
    # or points the stage does not rank by, would be left out of its totals unsaid
    _check_adjustments(numbered, options, problems)
    if options.boards_each_round is None and _restarts_each_round(stage, numbered):
        # Every round written so far plays boards 1..boards and the stage does not say how it
        # numbers: a club dealing fresh boards 1-8 every round, as teams stages were read before
        # the key. One warning with the key to write, not an error a board (the build of such a
        # stage stopped after the upgrade).
        later = next(b for number, tables in numbered if number > 1 for score in tables
                     if isinstance(score.table.record, TeamRecord) for b in score.table.record.boards)
        problems.add("bridge-team-boards-same", later.mark or Mark(Path("results")), warning=True,
                     per_round=stage.boards or MATCH_BOARDS)
        return
    for number, tables in numbered:
        boards = team_round_boards(stage, options, number)
        for score in tables:
            record = score.table.record
            if not isinstance(record, TeamRecord) or not record.played or len(score.table.sides) != 2:
                continue
            where = score.table.number
            outside = [b for b in record.boards if boards and b.board not in boards]
            if outside:
                problems.add("bridge-team-board-round", outside[0].mark or _mark_of(score), warning=True,
                             round=number, boards=_span(boards), table=where,
                             written=", ".join(str(b.board) for b in outside), per_round=stage.boards)
            if not team_boards_once(stage, options):
                continue
            for team in score.table.sides:
                played = seen.setdefault(team, {})
                for board in record.boards:
                    if board.board in played:
                        first_round, first_table = played[board.board]
                        problems.add("bridge-team-board-twice", board.mark or _mark_of(score), team=team,
                                     board=board.board, round=number, table=where, first_round=first_round,
                                     first_table=first_table, per_round=stage.boards or "")
                    else:
                        played[board.board] = (number, where)


def team_boards_once(stage: Stage, options: BridgeStage) -> bool:
    """Whether a team plays each board number once in the stage (check_team_boards:
    bridge-team-board-twice): a teams stage of numbered rounds, not `boards_each_round: same`
    (whose rounds reuse the numbers for other deals), nor a `matches` stage (whose sessions may
    each number their boards from 1)."""
    return options.kind == "teams" and stage.format in NUMBERED_FORMATS and options.boards_each_round != "same"


def _restarts_each_round(stage: Stage, numbered: list[tuple[int, list[TableScore]]]) -> bool:
    """Whether every board written in the stage is one of 1..boards, in more than one round
    (restarts_each_round)."""
    return restarts_each_round(stage, [(number, [n for score in tables for n in _written_boards(score.table)])
                                       for number, tables in numbered])


def restarts_each_round(stage: Stage, written: Sequence[tuple[int, Collection[int]]]) -> bool:
    """Whether every board `written` (each round's number and its boards) is one of 1..boards,
    in more than one round: a stage saying no `boards_each_round` read as `same`. A stage saying
    no `boards` counts the game's default a match (MATCH_BOARDS, what its sheets and the desk
    offer): a club dealing boards 1-8 afresh every round is the same club with `boards: 8`
    written or not, and was read as `same` with it and, without it, refused each team's round-2
    boards as played twice (content-format.md lets a round play any boards 1 to rounds x boards)."""
    if stage.format not in NUMBERED_FORMATS:
        return False
    per_round = stage.boards or MATCH_BOARDS
    played = [number for number, boards in written if boards]
    return len(played) > 1 and all(1 <= b <= per_round for _, boards in written for b in boards)


def read_as_same(stage: Stage, options: BridgeStage, written: Sequence[tuple[int, Collection[int]]]) -> bool:
    """Whether a teams stage's rounds reuse board numbers 1..boards, `written` being the boards
    each round before wrote: `boards_each_round: same`, or the key unsaid and those rounds
    restarting (restarts_each_round, as check_team_boards reads the stage, with one warning).
    The score sheets and the desk's form then list 1..boards for the next round as well: they
    listed 17-24 for round 3 of a stage `check` read as dealing 1-8 afresh, and a club filling
    them scored its boards 1-8 with boards 17-24's dealer and vulnerability."""
    if options.kind != "teams" or options.boards_each_round == "on":
        return False
    return options.boards_each_round == "same" or restarts_each_round(stage, written)


def _span(boards: Sequence[int]) -> str:
    return f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else "".join(map(str, boards))


# --- scoring a table, and the field ---------------------------------------------------------------


def score_pairs_table(table: Table, stage: Stage, options: BridgeStage, state: dict[str, Any]) -> TableScore:
    record: PairsRecord = table.record if isinstance(table.record, PairsRecord) else PairsRecord()
    rows = [_pairs_row(r, options) for r in record.boards]
    ns, ew = record.ns, record.ew
    empty = _side_metrics(options.scoring, 0, 0)
    if len(table.sides) < 2:
        view = PairsView("bye", ns, ew, stage.id, options.scoring)
        return TableScore(table, [SideScore(e, dict(empty)) for e in table.sides], None, [], view, {"ns": ns, "ew": ew})
    if not rows and table.forfeit is None:
        return TableScore(table, [], None, [], PairsView("unplayed", ns, ew, stage.id, options.scoring), {"ns": ns, "ew": ew})
    view = PairsView("played", ns, ew, stage.id, options.scoring, rows, forfeit=table.forfeit)
    sides = [SideScore(e, dict(empty), disqualified=table.forfeit == e) for e in table.sides]
    # Matchpoints and IMPs need the whole field: the tournament layer calls score_field once
    # every table of the stage is in (scoring the field again with each table was quadratic).
    return TableScore(table, sides, None, [], view, {"ns": ns, "ew": ew})


def walked_out_table(table: Table, stage: Stage, options: BridgeStage, staying: str, gone: str,
                     boards: Sequence[int]) -> TableScore | None:
    """A table of the movement whose pair `gone` had withdrawn by this round: `staying`, its
    opponent, came to play and could not. Clubs give it average-plus on those boards, and
    event-day.md gives an opponent scheduled against a withdrawn entry the stage's forfeit
    result: here A+ (60 %, or the pair's session percentage when higher under `adjusted:
    session`, Law 12C2), on the boards the movement gave the table, with nothing written. The
    secretary may write it too (`A+`, `A=`, `60%/40%` on each board): its first figure is the
    opponent's, whichever way the pairs sat, since the table is the opponent's alone. The
    withdrawn pair scores nothing there (no matchpoints and no top): it is withdrawn, and
    its percentage stays that of the boards it played. Its side is kept on the view only to say
    who walked out. A played board written there is no result for anyone (the tournament layer
    reports it): the board is its opponent's A+ as if nothing were written. None when no board
    is known (a table written otherwise than the movement, nothing written): a sit-out."""
    record = table.record if isinstance(table.record, PairsRecord) else PairsRecord()
    ns, ew = record.ns, record.ew
    if staying not in (ns, ew) or gone not in (ns, ew):
        return None
    away = "NS" if ns == gone else "EW"
    played = any(not isinstance(r, AdjustedRecord) for r in record.boards)
    written = {} if played else {r.board: r for r in record.boards}
    rows = []
    for number in sorted(set(boards) | set(written)):
        given = written.get(number)
        percent = given.ns if given is not None else ADJUSTED_PERCENT["+"]
        fixed = given.fixed if given is not None else False
        adjusted = AdjustedRecord(number, 0.0 if away == "NS" else percent, percent if away == "NS" else 0.0,
                                  given.mark if given is not None else None, fixed=fixed, walked_out=away)
        row = _pairs_row(adjusted, options)
        row.absent = 0 if away == "NS" else 1
        rows.append(row)
    if not rows:
        return None
    empty = _side_metrics(options.scoring, 0, 0)
    view = PairsView("played", ns, ew, stage.id, options.scoring, rows, withdrawn=gone)
    return TableScore(table, [SideScore(staying, dict(empty))], None, [], view, {"ns": ns, "ew": ew, "withdrawn": gone})


def _pairs_row(record: Record, options: BridgeStage) -> PairsRow:
    vul = vulnerability(record.board, options.vulnerability)
    row = PairsRow(record.board, dealer(record.board), vul, options.scoring)
    if isinstance(record, AdjustedRecord):
        row.adjusted = record
    elif isinstance(record, NotPlayedRecord):
        row.not_played = True
    elif isinstance(record, WeightedRecord):
        row.weighted = record.text
        row.parts = tuple((weight / 100, ns_score(part, vul)) for weight, part in record.parts)
    else:
        row.line = board_line(record, options.vulnerability)
        row.score = ns_score(record, vul)
    return row


def _side_metrics(scoring: str, value: float, top: float, scored: bool = False) -> dict[str, float]:
    """A pair's figures at one table. `scored`: a board of the table was scored for it (not all
    np); without one, matchpoints give a top of 0 and IMPs no IMPs at all, not a 0 read as an
    average board: no_board_scored reads either as nothing to rank the pair by."""
    if scoring == "matchpoints":
        return {"mp": value, "top": top, "percent": percentage(value, top) or 0}
    return {"imps": value} if scored else {}


def no_board_scored(metrics: Mapping[str, float]) -> bool:
    """Whether a pairs pair's metrics (a table's, or its summed tally's, finished or not) have no
    board scored: every board of its tables np, not played, or none reached yet (a sit-out). It
    then has no figure, and is not ranked (Game.scored_nothing), in the three scorings alike by
    this one rule: matchpoints, a top of 0 (matchpoints.no_board_scored: no percentage);
    cross-IMPs and Butler, no IMPs summed (_side_metrics gives none where nothing was scored),
    where a 0 it never scored ranked it among the pairs that played, level with an average.
    Teams and the seed's matches always hold their figures (VPs, totals): False.

    >>> no_board_scored({"mp": 0, "top": 0}), no_board_scored({}), no_board_scored({"imps": 0})
    (True, True, False)
    >>> no_board_scored({"mp": 3, "top": 4, "percent": 75}), no_board_scored({"vp": 10, "imps": 3})
    (False, False)
    """
    return not metrics or matchpoint_no_board_scored(metrics)


def score_field(stage: Stage, options: BridgeStage, rounds: Sequence[Any], problems: Problems | None = None,
                unplayed: Mapping[int, int] | None = None, counted: int | None = None) -> None:
    """Compare each board of a pairs stage across the field, both directions; then give each
    table's pairs their matchpoints (and top) or IMPs, each table its results.json rows and its
    winner (more at the table), and each view the pair's running total from earlier rounds.
    `unplayed`: the boards withdrawn pairs' tables do not play (Game.score_field).

    `counted`: the rounds the standings count (1 to `counted`, fully played: "after round N",
    event-day.md). In a Howell or a Mitchell a board travels through several rounds, so a result
    of a later round, partly entered, would move the matchpoints (the top, the Butler datum, the
    Neuberg factor, an A+'s session percentage) of a board already counted. The tables of the
    counted rounds are scored among those rounds' results alone, as if nothing later were
    entered; a later round's tables against every result entered, for their own round's page."""
    numbered = _numbered(rounds)
    _drop_out_of_range(stage, numbered, problems)
    compare_as_counted(numbered, counted, PairsView, lambda field: _compare_field(field, options))
    running: dict[str, tuple[float, float, bool]] = {}
    for _, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played":
                continue
            view.scored = True
            for side, entry in enumerate((view.ns, view.ew)):
                if entry is None or entry == view.withdrawn:  # it scores nothing at the table it left
                    continue
                before = running.get(entry, (0.0, 0.0, False))
                view.carried[side] = before
                running[entry] = (before[0] + view.total(side), before[1] + view.top, before[2] or view.scored_for(side))
            _refresh_pairs(score)
    for _, tables in numbered:  # (after every table's totals are in: they are a column's figures too)
        views = [score.view for score in tables if isinstance(score.view, PairsView) and score.view.kind == "played"]
        two = _figures_two_places(views)
        for view in views:
            view.two = two
    if problems is not None:
        _check_field(numbered, problems, {} if unplayed is None else unplayed, stage.boards)  # (an empty ShortByDesign keeps its seats)
        _check_adjustments(numbered, options, problems)


def _figures_two_places(views: Sequence[PairsView]) -> bool:
    """figures.two_places of the MP or IMPs the views show in one column (a round's tables on
    its page): each board's, both ways, and each side's total where a board was scored for it."""
    return any(two_places_of(view.rows, "ns_value", "ew_value") for view in views) or \
        two_places([view.total(side) for view in views for side in (0, 1) if view.scored_for(side)])


def _compare_field(numbered: list[tuple[int, list[TableScore]]], options: BridgeStage) -> None:
    """Each board's results among these rounds' tables compared, in place (compare_board), and
    the session's A+/A- over these rounds (session_adjusted)."""
    by_board: dict[int, list[PairsRow]] = {}
    for _, tables in numbered:
        for score in tables:
            if isinstance(score.view, PairsView) and score.view.kind == "played":
                for row in score.view.rows:
                    if not row.not_played:  # nothing to compare: the board has a result fewer there
                        by_board.setdefault(row.board, []).append(row)
    expected = max((len(rows) for rows in by_board.values()), default=0)
    for rows in by_board.values():
        compare_board(rows, options.scoring, expected, options.adjusted_imps)
    if options.scoring == "matchpoints" and options.adjusted == "session":
        session_adjusted(numbered)



def _drop_out_of_range(stage: Stage, numbered: list[tuple[int, list[TableScore]]], problems: Problems | None) -> None:
    """A board numbered past what the stage deals: an error at its number (drop_out_of_range)."""
    def report(score: TableScore, row: Any, sets: int, last: int) -> None:
        record = score.table.record
        mark = record.keys.get(row.board) if isinstance(record, PairsRecord) else None
        problems.add("bridge-board-range", mark or _mark_of(score), board=row.board, boards=last,
                     sets=sets, per_round=stage.boards, table=score.table.number)

    drop_out_of_range(stage, numbered, PairsView, report if problems is not None else None)


def session_adjusted(numbered: list[tuple[int, list[TableScore]]]) -> None:
    """Law 12C2 as club programs apply it (`adjusted: session`): an average-plus (A+, 60 %)
    is the pair's percentage on the boards it played in the session when that is higher, an
    average-minus (A-, 40 %) that percentage when it is lower. Only A+/A- written as words;
    percentages written as numbers stay as written. "The boards it played" are its real
    results, so the adjusted boards themselves do not move the figure they are given."""
    own: dict[str, list[float]] = {}
    given: list[tuple[str, int, PairsRow]] = []
    for _, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played":
                continue
            for side, entry in enumerate((view.ns, view.ew)):
                if entry is None:
                    continue
                for row in view.rows:
                    if row.adjusted is None:
                        if row.value(side) is not None and row.top:
                            sums = own.setdefault(entry, [0.0, 0.0])
                            sums[0] += row.value(side) or 0
                            sums[1] += row.top
                    elif not row.adjusted.fixed and row.absent != side:
                        given.append((entry, side, row))
    for entry, side, row in given:
        mp, top = own.get(entry, (0.0, 0.0))
        if not top or not row.top:
            continue
        session = 100 * mp / top
        written = row.adjusted.ns if side == 0 else row.adjusted.ew  # type: ignore[union-attr]
        if (written == ADJUSTED_PERCENT["+"] and session > written) or (written == ADJUSTED_PERCENT["-"] and session < written):
            value = round(session * row.top / 100, 6)
            setattr(row, "ns_value" if side == 0 else "ew_value", int(value) if value.is_integer() else value)


def _check_adjustments(numbered: list[tuple[int, list[TableScore]]], options: BridgeStage, problems: Problems) -> None:
    """An adjustment names an entry that plays in the stage, in points the stage scores."""
    playing = {side for _, tables in numbered for score in tables for side in score.table.sides}
    for adjustment in options.adjustments:
        if adjustment.entry not in playing:
            # its own message: the entry may well exist, and play in another stage
            problems.add("bridge-adjustment-entry", adjustment.mark or Mark(Path("event.yaml")), id=adjustment.entry,
                         suggestion=suggestion(adjustment.entry, sorted(playing)))
        elif adjustment.kind not in adjustment_kinds(options):
            problems.add("bridge-adjustment-kind", adjustment.mark or Mark(Path("event.yaml")),
                         kinds=", ".join(adjustment_kinds(options)))


def adjustment_kinds(options: BridgeStage) -> tuple[str, ...]:
    """What a stage's adjustments may be written in: what its totals are summed in, and a teams
    stage's victory points (its ranking's first figure; a percentage it has none of)."""
    if options.kind == "teams":
        return ("vp", "imps")
    return ("mp", "percent") if options.points == "mp" else ("imps", "percent")


def standings_after_rounds(stage: Stage, rounds: Sequence[Any]) -> dict[int, list[tuple[str, str, float | None]]]:
    """A barometer's standings after each round (every board is complete when its round ends):
    round -> [(rank, entry, percentage or IMPs so far)], best first; equal figures share a rank
    ("3="); a pair with no board scored yet last, ("\u2014", entry, None). Only for
    `movement: barometer`: in other movements a board is still travelling. Only after a round
    fully played, from round 1 on (event-day.md: "after round N" counts fully played rounds): a
    round partly entered, and every round after it, has none."""
    if getattr(stage, "movement", None) != "barometer":
        return {}
    so_far: dict[str, list[Any]] = {}  # entry -> [MP or IMPs, top, whether a board was scored for it]
    found: dict[int, list[tuple[str, str, float | None]]] = {}
    for (number, tables), item in zip(_numbered(rounds), rounds):
        if not getattr(item, "complete", True):  # a RoundResult not fully played (lists: every round)
            break
        matchpoints, scoring = False, "imps"
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played" or not view.scored:
                continue
            matchpoints, scoring = view.matchpoints, view.scoring
            for side, entry in enumerate((view.ns, view.ew)):
                # a pair scores nothing at the table it walked out of (its top not counted
                # either): its figure is over the boards it played, as the stage's tally is
                if entry is not None and entry != view.withdrawn:
                    sums = so_far.setdefault(entry, [0.0, 0.0, False])
                    sums[0] += view.total(side)
                    sums[1] += view.top
                    sums[2] = sums[2] or view.scored_for(side)
        # A pair with no board scored so far (each np) is not ranked on a 0 it never scored: the
        # standings' rule (no_board_scored); it is listed after the ranked, with no place or figure.
        unscored = sorted(e for e, (mp, top, scored) in so_far.items()
                          if no_board_scored(_side_metrics(scoring, mp, top, scored)))
        figures = {e: round(100 * mp / top, 2) if matchpoints and top else _tidy(mp)
                   for e, (mp, top, _) in so_far.items() if e not in unscored}
        ordered = sorted(figures.items(), key=lambda item: (-item[1], item[0]))
        # A place is 1 + the figures above it: the position of its figure's first row in the
        # ordered rows (each row against every other was 90,000 comparisons a round at 300 pairs).
        first: dict[float, int] = {}
        for position, (_, figure) in enumerate(ordered):
            first.setdefault(figure, position)
        sharing = Counter(figures.values())
        rows: list[tuple[str, str, float | None]] = []
        for entry, figure in ordered:
            rows.append((f"{first[figure] + 1}{'=' if sharing[figure] > 1 else ''}", entry, figure))
        found[number] = rows + [("\u2014", entry, None) for entry in unscored]
    return found


def compare_board(rows: Sequence[PairsRow], scoring: str, expected: int | None = None,
                  average_plus: float = 3.0) -> None:
    """Score one board's rows against each other, in place: matchpoints (with Neuberg up to
    `expected` results), cross-IMPs or Butler IMPs; adjusted rows get their percentage."""
    expected = len(rows) if expected is None else max(expected, len(rows))
    real = [row for row in rows if row.score is not None or row.parts]
    for row in rows:
        # Every figure set afresh: a board is compared again once a later round's results are left
        # out (score_field's `counted`), and an unrounded cross-IMP of the first comparison must not stay.
        row.played, row.expected, row.exact = len(real), expected, None
    # A board's only result so far is average, not 0 of a top of 0 (matchpoints.scored_against).
    # `row.expected` stays what the field has, so the board is not called factored.
    if scoring == "matchpoints":
        expected = scored_against(expected)
    if any(row.parts for row in real):
        _compare_weighted(rows, real, scoring, expected, average_plus)
        return
    if scoring == "matchpoints":
        for side, attr in ((0, "ns_value"), (1, "ew_value")):
            results: list[float | Adjusted] = [
                Adjusted(row.adjusted.ns if side == 0 else row.adjusted.ew) if row.adjusted else
                (row.score if side == 0 else -row.score)  # type: ignore[operator]
                for row in rows
            ]
            for row, scored in zip(rows, board_matchpoints(results, expected)):
                setattr(row, attr, None if row.absent == side else scored.mp)
                row.top = scored.top
        return
    scores = [row.score for row in real]
    if scoring == "butler":
        datum, found = butler_imps(scores) if scores else (None, [])
        values: list[float] = [float(v) for v in found]
    else:
        datum, values = None, cross_imps_exact(scores)
    for row, value in zip(real, values):
        row.ns_value, row.ew_value, row.datum = _tidy(value), _tidy(-value), datum
        if scoring != "butler" and not float(value).is_integer():
            row.exact = (value, -value)
    for row in rows:
        if row.adjusted is not None:
            row.ns_value = None if row.absent == 0 else adjusted_imps(row.adjusted.ns, average_plus)
            row.ew_value = None if row.absent == 1 else adjusted_imps(row.adjusted.ew, average_plus)
            row.datum = datum


def _outcomes(row: PairsRow, side: int) -> list[tuple[float, float]]:
    """A result as (weight, the direction's own score) parts: one part of weight 1, or a weighted
    score's parts."""
    sign = 1 if side == 0 else -1
    if row.parts:
        return [(weight, sign * score) for weight, score in row.parts]
    return [(1.0, sign * row.score)]  # type: ignore[operator]


def _compare_weighted(rows: Sequence[PairsRow], real: list[PairsRow], scoring: str, expected: int,
                      average_plus: float) -> None:
    """A board with a weighted score (Law 12C1(c), as club programs apply it): each result is
    scored against each other as its parts are, weighted. The weighted result's matchpoints are
    the weighted mean of its parts' matchpoints against the other results; another result's
    against it are the weighted mean of what it earns against each part (2 x 50 % beating one
    part and 1 x 50 % tying the other: 1.5). So the board still gives n x (n - 1) matchpoints
    in all, then Neuberg and adjusted scores as on any board. Cross-IMPs likewise (IMPs against
    each part, weighted, averaged over the others); Butler: the datum from the plain results
    (all results' weighted means when every one is weighted), each part's IMPs weighted."""
    if scoring == "butler":  # one datum for the board, both directions alike
        datum = butler_datum([row.score for row in real if not row.parts] or
                             [sum(w * s for w, s in row.parts) for row in real])  # type: ignore[arg-type]
    for side, attr in ((0, "ns_value"), (1, "ew_value")):
        found = [_outcomes(row, side) for row in real]
        for index, row in enumerate(real):
            others = [other for j, other in enumerate(found) if j != index]
            if scoring == "matchpoints":
                mp = sum(wa * wb * (2 if a > b else 1 if a == b else 0)
                         for other in others for wa, a in found[index] for wb, b in other)
                value: float = neuberg(round(mp, 9), len(real), expected)
            elif scoring == "butler":
                row.datum = datum
                value = sum(w * imps(a - (datum if side == 0 else -datum)) for w, a in found[index])
            else:
                value = sum(wa * wb * imps(a - b) for other in others
                            for wa, a in found[index] for wb, b in other) / len(others) if others else 0.0
            if scoring == "matchpoints":  # (matchpoints are kept unrounded, as on any board)
                value = round(value, 9)
                value = int(value) if float(value).is_integer() else value
            elif scoring != "butler" and not float(value).is_integer():
                # cross-IMPs unrounded for the totals, as compare_board keeps them (NS, EW = -NS)
                row.exact = (value, -value) if side == 0 else (-value, value)
            setattr(row, attr, None if row.absent == side else (value if scoring == "matchpoints" else _tidy(value)))
    board_top = matchpoint_top(expected)
    for row in rows:
        if scoring == "matchpoints":
            row.top = board_top
        if row.adjusted is not None:
            for side, attr in ((0, "ns_value"), (1, "ew_value")):
                percent = row.adjusted.ns if side == 0 else row.adjusted.ew
                value = percent * board_top / 100 if scoring == "matchpoints" else adjusted_imps(percent, average_plus)
                setattr(row, attr, None if row.absent == side else _tidy(value))


def _refresh_pairs(score: TableScore) -> None:
    view: PairsView = score.view
    totals = {view.ns: view.ns_total, view.ew: view.ew_total}
    scored = {view.ns: view.scored_for(0), view.ew: view.scored_for(1)}
    for side in score.sides:
        side.metrics = _side_metrics(view.scoring, totals.get(side.entry, 0), view.top, scored.get(side.entry, False))
    score.boards = RowsWhenRead(_pairs_rows, view.rows)  # made when results.json reads them
    extra: dict[str, Any] = {"ns": view.ns, "ew": view.ew, "scoring": view.scoring}
    if view.matchpoints:
        extra |= {"mp": {view.ns: view.ns_total, view.ew: view.ew_total}, "top": view.top,
                  "percent": {view.ns: _rounded(view.percent(0)), view.ew: _rounded(view.percent(1))}}
    else:
        # a side with no board scored has no IMPs there (null), as a percentage of no top is null
        extra |= {"imps": {entry: _tidy(view.total(side)) if scored[entry] else None
                           for side, entry in enumerate((view.ns, view.ew))}}
    if view.withdrawn is not None:  # the pair that walked out scores nothing there, and nobody won
        for key in ("mp", "percent", "imps"):
            extra.get(key, {}).pop(view.withdrawn, None)
    score.extra.update(extra)
    if view.withdrawn is None and view.scored and view.ns and view.ew:
        ns, ew = view.ns_total, view.ew_total
        score.winner = view.ns if ns > ew else view.ew if ew > ns else None


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _record_json(line: BoardView | None) -> dict[str, Any]:
    if line is None:
        return {}
    return {"contract": line.contract, "declarer": line.declarer or None, "result": line.result or None,
            "lead": line.lead or None, "ns": line.ns, "ew": line.ew}


def _pairs_rows(rows: list[PairsRow]) -> list[dict[str, Any]]:
    return [_pairs_json(row) for row in rows]


def _pairs_json(row: PairsRow) -> dict[str, Any]:
    data: dict[str, Any] = {"board": row.board, "dealer": row.dealer, "vulnerability": row.vulnerability}
    if row.adjusted is not None:  # no points in either column (outputs.md: every bridge row has ns, ew)
        data |= {"ns": None, "ew": None, "adjusted": {"NS": row.adjusted.ns, "EW": row.adjusted.ew}}
        if row.adjusted.walked_out is not None:  # the withdrawn pair's side scores nothing
            data["adjusted"][row.adjusted.walked_out] = None
            data["withdrawn_opponent"] = True
        # the sides whose A+/A- is their session percentage (Law 12C2), not the 60/40 written:
        # their ns_percent/ew_percent differs from `adjusted`; absent where none does
        if row.session_sides:
            data["adjusted_by_session"] = [side.upper() for side, _ in row.session_sides]
    elif row.not_played:
        data |= {"ns": None, "ew": None, "not_played": True}
    elif row.parts:
        data |= {"ns": None, "ew": None, "weighted": row.weighted}
    else:
        data |= _record_json(row.line) | {"score": row.score}
    if row.scoring == "matchpoints":
        data |= {"ns_mp": row.ns_value, "ew_mp": row.ew_value, "top": row.top,
                 "ns_percent": _rounded(row.ns_percent), "ew_percent": _rounded(row.ew_percent)}
    else:
        data |= {"ns_imps": row.ns_value, "ew_imps": row.ew_value}
        if row.scoring == "butler":
            data["datum"] = row.datum
    return data


def _numbered(rounds: Sequence[Any]) -> list[tuple[int, list[TableScore]]]:
    """(round number, tables) from RoundResults, or from plain lists of tables (1, 2, …)."""
    found = []
    for index, item in enumerate(rounds, start=1):
        if hasattr(item, "tables"):
            found.append((getattr(item, "number", index), list(item.tables)))
        else:
            found.append((index, list(item)))
    return found


def _mark_of(score: TableScore) -> Mark:
    return score.table.mark or Mark(Path("results"))


def boards_twice(tables: Iterable[tuple[int, int, Sequence[str], Iterable[int]]]
                 ) -> list[tuple[str, int, tuple[int, int], tuple[int, int]]]:
    """Each pair's board played at a second table of a pairs stage (one deal is never played
    twice by a pair): (pair, board, (round, table) where it first played it, (round, table)
    again), `tables` given as (round, table, its pairs, its boards) in the order of play. The
    field's check (_check_field: bridge-board-twice) and the desk's, of the boards a table
    typed with their numbers (Game.boards_twice), alike."""
    seen: dict[str, dict[int, tuple[int, int]]] = {}
    found = []
    for number, table, pairs, boards in tables:
        boards = list(boards)
        for entry in pairs:
            mine = seen.setdefault(entry, {})
            for board in boards:
                if board in mine:
                    found.append((entry, board, mine[board], (number, table)))
                else:
                    mine[board] = (number, table)
    return found


def _check_field(numbered: list[tuple[int, list[TableScore]]], problems: Problems,
                 unplayed: Mapping[int, int], per_round: int | None = None) -> None:
    """A pair playing a board twice (error); two pairs meeting twice, a board with fewer
    results than the others (warnings: a mistyped board number, a table left out; not the
    results a withdrawn pair's table does not play, `unplayed`: boards.short_boards); a board
    left out of a table written with others (_left_out: said at that table, in place of the
    board's short warning)."""
    records: dict[int, list[tuple[PairsRow, TableScore]]] = {}
    played: list[tuple[int, int, Sequence[str], list[int]]] = []  # (round, table, pairs, boards): boards_twice
    scores: dict[tuple[int, int], TableScore] = {}
    met: dict[frozenset[str], tuple[int, int]] = {}
    round_of: dict[int, int] = {}  # id of a table's score -> its round (the warning names both)
    for number, tables in numbered:
        for score in tables:
            view = score.view
            if not isinstance(view, PairsView) or view.kind != "played" or not view.ns or not view.ew:
                continue
            round_of[id(score)] = number
            for row in view.rows:
                records.setdefault(row.board, []).append((row, score))
            pair = frozenset((view.ns, view.ew))
            if pair in met:
                problems.add("pairs-meet-twice", _mark_of(score), warning=True, a=view.ns, b=view.ew,
                             round=met[pair][0], table=met[pair][1], this_round=number, this_table=score.table.number)
            else:
                met[pair] = (number, score.table.number)
            played.append((number, score.table.number, (view.ns, view.ew), [row.board for row in view.rows]))
            scores[(number, score.table.number)] = score
    for entry, board, (first_round, first_table), again in boards_twice(played):
        problems.add("bridge-board-twice", _mark_of(scores[again]), pair=entry, board=board, round=again[0],
                     table=again[1], first_round=first_round, first_table=first_table)
    # What the warnings count and name is what was entered: not the average-plus a withdrawn
    # pair's table of a round still to play gets by itself (walked_out_table), which said "up to
    # 4" of boards with 3 results each. (short_boards counts it, as boards_to_come leaves it out.)
    latest = max((number for number, tables in numbered for score in tables if isinstance(score.view, PairsView)
                  and score.view.kind == "played" and score.view.withdrawn is None and score.view.rows), default=0)

    def entered(found: list[tuple[PairsRow, TableScore]]) -> list[tuple[PairsRow, TableScore]]:
        return [(row, s) for row, s in found if s.view.withdrawn is None or round_of[id(s)] <= latest]

    left_out = _left_out(numbered, unplayed, per_round)
    for (number, table, board), (score, mark) in sorted(left_out.items(), key=lambda item: item[0]):
        problems.add("bridge-board-left-out", mark, warning=True, board=board, round=number, table=table,
                     ns=score.view.ns, ew=score.view.ew)
    said = {board for _, _, board in left_out}
    for board, found, expected in short_boards(records, unplayed):
        if board in said:
            continue
        shown = entered(found)
        # the board's own count (a set played 6 times is not short of 7), less the results not
        # entered that it counts, as `shown` leaves them out
        expected -= len(found) - len(shown)
        places = [(round_of[id(s)], s.table.number) for _, s in shown]
        # at the table the movement gives the board that has no result for it, when known, named
        # with its round and its file: a table not written has no line of its own to point at
        missing = missing_place(unplayed, board, set(places))
        mark = missing[2] if missing is not None else _mark_of(found[0][1])
        at = dict(board=board, round=missing[0], table=missing[1], file=Path(mark.file).name) if missing else None
        problems.add("bridge-board-short", mark, warning=True, board=board, count=len(shown),
                     expected=expected, tables=round_tables(places),
                     missing=word("br_board_short_missing", **at) if at else "",
                     fix=word("br_board_short_fix", **at) if at else "")


def _left_out(numbered: list[tuple[int, list[TableScore]]], unplayed: Mapping[int, int],
              per_round: int | None) -> dict[tuple[int, int, int], tuple[TableScore, Mark]]:
    """(round, table, board) -> the table and its mark, for each board the movement gives a
    table that is written with results for others but has none for it, neither a result nor
    `np`. Left out, it scores as a board the table did not play (no result there, the board's
    others Neuberg-factored: what a PBN or USEBIO import, which leaves NP boards out, relies
    on), so nothing but this warning changes: a board the secretary forgot, which the board's
    short warning did not name the table of, nor said at all when the board has no result
    anywhere (every table of a barometer round out of time on it). Only where the movement is
    known (boards.ShortByDesign's seats) and the table plays the boards it gives there (a table
    written otherwise plays what its file says), and only when some table has fewer boards
    than the stage plays a round, or than another table: the seats are not worked out for a
    field with every table full."""
    played = {(number, score.table.number): score for number, tables in numbered for score in tables
              if isinstance(score.view, PairsView) and score.view.kind == "played" and score.view.ns
              and score.view.ew and score.view.rows}
    if not played or not isinstance(unplayed, ShortByDesign):
        return {}
    full = max(per_round or 0, max(len(score.view.rows) for score in played.values()))
    if all(len(score.view.rows) >= full for score in played.values()):
        return {}
    given: dict[tuple[int, int], set[int]] = {}
    for board, seats in unplayed.seats().items():
        for number, table, _ in seats:
            given.setdefault((number, table), set()).add(board)
    found: dict[tuple[int, int, int], tuple[TableScore, Mark]] = {}
    for place, boards in given.items():
        score = played.get(place)
        if score is None:
            continue
        written = {row.board for row in score.view.rows}
        if not written & boards:  # the table plays other boards than the movement's: its file says which
            continue
        for board in sorted(boards - written):
            found[(*place, board)] = (score, _mark_of(score))
    return found


def score_team_table(table: Table, stage: Stage, options: BridgeStage, boards: int) -> TableScore:
    """A team match (or a bye, a forfeit, a match drawn and not played yet), scored. `boards`:
    the boards the match plays (Game.match_boards: the stage's, else the game's default; 0 when
    not known), its VP scale's and those it waits for."""
    score = _score_team_table(table, stage, options, boards)
    score.view.stage = stage.id
    score.view.knockout = stage.format == "knockout"
    return score


def _score_team_table(table: Table, stage: Stage, options: BridgeStage, boards: int) -> TableScore:
    record: TeamRecord = table.record if isinstance(table.record, TeamRecord) else TeamRecord()
    credit = options.bye
    if len(table.sides) == 1:
        entry = table.sides[0]
        view = TeamView("bye", entry, None, credit=credit)
        return TableScore(table, [SideScore(entry, {"vp": credit.vp, "imps": credit.imps})], entry, [], view,
                          {"home": entry, "away": None, "vp": {entry: credit.vp}})
    home, away = table.sides
    if table.forfeit is not None:
        winner = away if table.forfeit == home else home
        # (0.0 - x, not -x: a bye of 0 IMPs would give the forfeiting team -0.0, printed "-0.0")
        metrics = {winner: {"vp": credit.vp, "imps": credit.imps}, table.forfeit: {"vp": 0.0, "imps": 0.0 - credit.imps}}
        view = TeamView("forfeit", home, away, credit=credit, forfeit=table.forfeit,
                        vp={e: metrics[e]["vp"] for e in (home, away)}, margin={e: metrics[e]["imps"] for e in (home, away)})
        return TableScore(table, [SideScore(e, metrics[e]) for e in (home, away)], winner, [], view,
                          {"home": home, "away": away, "vp": dict(view.vp), "imps": dict(view.margin)})
    if not record.played or not record.boards:
        return TableScore(table, [], None, [], TeamView("unplayed", home, away, credit=credit), {"home": home, "away": away})
    if any(board.waits for board in record.boards):
        # Some board has one room only, the other room's sheets not entered yet: the match
        # waits (pending, not counted), its page shows what each room has.
        waiting = [WaitingBoard(b.board, *(board_line(r, options.vulnerability) if r is not None else None
                                           for r in (b.open, b.closed)), b.adjusted) for b in record.boards]
        view = TeamView("one_room", home, away, credit=credit, waiting=waiting)
        return TableScore(table, [], None, [], view, {"home": home, "away": away})
    if all(board.not_played for board in record.boards):
        # (refused when the file is read, bridge-match-all-not-played; the desk's form before a
        # save shows it as a match not played, not a 0-board scale)
        return TableScore(table, [], None, [], TeamView("unplayed", home, away, credit=credit), {"home": home, "away": away})
    view = score_team_match(home, away, record.boards, options, boards or None)
    sides = [SideScore(e, {"vp": view.vp.get(e, 0.0), "imps": view.margin[e]}) for e in (home, away)]
    to_come = boards - len({board.board for board in record.boards})
    if to_come > 0:
        # Boards still to come (Game.boards_short: pending, held out of the standings):
        # the VPs of the boards so far are no result, and neither is their leader a winner.
        view.to_come = to_come
        extra = {"home": home, "away": away, "imps": dict(view.won), "margin": dict(view.margin)}
        return TableScore(table, sides, None, RowsWhenRead(_team_rows, view.rows), view, extra)
    winner = home if view.vp[home] > view.vp[away] else away if view.vp[away] > view.vp[home] else None
    extra = {"home": home, "away": away, "imps": dict(view.won), "margin": dict(view.margin), "vp": dict(view.vp),
             "vp_boards": view.boards}
    return TableScore(table, sides, winner, RowsWhenRead(_team_rows, view.rows), view, extra)


def score_team_match(home: str, away: str, boards: Sequence[TeamBoard], options: BridgeStage,
                     length: int | None = None) -> TeamView:
    """Each board: IMPs of (open NS score - closed NS score) to home, the negative to away (an
    adjusted board: each team its percentage in IMPs); summed; the margin in victory points
    over `length` boards (the match's, Game.match_boards), else over the boards played."""
    rows = []
    for board in boards:
        vul = vulnerability(board.board, options.vulnerability)
        if board.not_played:
            rows.append(TeamRow(board.board, dealer(board.board), vul, None, None, None, None, None, 0.0, 0.0,
                                not_played=True))
            continue
        if board.adjusted is not None:
            rows.append(TeamRow(board.board, dealer(board.board), vul, None, None, board.adjusted, None, None,
                                adjusted_imps(board.adjusted.ns, options.adjusted_imps),
                                adjusted_imps(board.adjusted.ew, options.adjusted_imps)))
            continue
        if board.imps is not None:  # one room in the record: the IMPs as the scorer recorded them
            one = {room: (board_line(record, options.vulnerability), ns_score(record, vul)) if record is not None
                   else (None, None) for room, record in (("open", board.open), ("closed", board.closed))}
            rows.append(TeamRow(board.board, dealer(board.board), vul, one["open"][0], one["closed"][0], None,
                                one["open"][1], one["closed"][1], board.imps, 0.0 - board.imps, recorded=True))
            continue
        assert board.open is not None and board.closed is not None
        open_score, closed_score = ns_score(board.open, vul), ns_score(board.closed, vul)
        gain = imps(open_score - closed_score)
        rows.append(TeamRow(board.board, dealer(board.board), vul, board_line(board.open, options.vulnerability),
                            board_line(board.closed, options.vulnerability), None, open_score, closed_score,
                            float(gain), float(-gain)))
    won = {home: _sum(max(r.home_imps, 0) for r in rows), away: _sum(max(r.away_imps, 0) for r in rows)}
    margin = {home: _sum(r.home_imps for r in rows), away: _sum(r.away_imps for r in rows)}
    # A board not played (np) is not a board of the match: the VP scale is over the boards
    # played, as for a match shorter than the stage's `boards` scored without it (the boards it
    # recorded). The spec's scale takes a number of boards and no more (rules-bridge.md), and
    # the Laws give a board that cannot be played through a contestant's fault an artificial
    # adjusted score (Law 12C2: A+/A=/A-, written so); a board cancelled with nobody at fault
    # (a fouled board not redealt, Law 6; time) is the organiser's to score: here neither team's.
    count = (length or len(rows)) - sum(1 for r in rows if r.not_played)
    vp = {team: victory_points(margin[team], count)[0] for team in (home, away)} if count > 0 else {}
    return TeamView("played", home, away, rows, won, margin, vp, count)


def _team_rows(rows: list[TeamRow]) -> list[dict[str, Any]]:
    return [_team_json(row) for row in rows]


def _team_json(row: TeamRow) -> dict[str, Any]:
    # Every bridge row has `ns` and `ew` (outputs.md); a team board has them per room instead.
    data: dict[str, Any] = {"board": row.board, "dealer": row.dealer, "vulnerability": row.vulnerability,
                            "ns": None, "ew": None}
    if row.not_played:  # neither room played it: 0 IMPs each, not a board of the match's VPs
        data |= {"open": None, "closed": None, "not_played": True}
    elif row.adjusted is not None:
        data["adjusted"] = {"home": row.adjusted.ns, "away": row.adjusted.ew}
    else:
        # a room not in the record is null, the board's IMPs the scorer's (`imps_recorded`)
        data |= {"open": None if row.open is None else _record_json(row.open) | {"score": row.open_score},
                 "closed": None if row.closed is None else _record_json(row.closed) | {"score": row.closed_score}}
        if row.recorded:
            data["imps_recorded"] = True
    return data | {"home_imps": row.home_imps, "away_imps": row.away_imps}


def finish_metrics(metrics: dict[str, float]) -> None:
    """After the tally: the pairs percentage is total MP / total top; IMPs and VPs to 2 places."""
    if "top" in metrics:
        finish_percent(metrics)
    for name in ("imps", "vp"):
        if name in metrics:
            metrics[name] = _tidy(metrics[name])


# --- travellers: one board, every table -------------------------------------------------------------


@dataclass(frozen=True)
class TravellerLine:
    round: int
    table: int
    ns: str
    ew: str
    row: PairsRow


@dataclass(frozen=True)
class TeamTravellerLine:
    round: int
    table: int
    home: str
    away: str
    row: TeamRow


@dataclass(frozen=True)
class FrequencyLine:
    """One NS score of a board, how many tables had it, and what it earned each way."""

    score: int
    count: int
    ns_value: float | None
    ew_value: float | None


@dataclass
class Traveller(Figures):
    """One board of a duplicate stage: every table's result and the frequency of each score.
    Made after score_field, its lines complete."""

    layout: str  # pairs, teams
    stage: str
    board: int
    dealer: str
    vulnerability: str
    scoring: str
    lines: list[Any]
    frequency: list[FrequencyLine]
    top: int = 0
    played: int = 0
    expected: int = 0
    datum: int | None = None
    hand: Any = None  # hands.Deal, when the stage has hand records
    cached = ("has_leads",)

    @property
    def factored(self) -> bool:
        return self.scoring == "matchpoints" and self.played < self.expected

    @property
    def two_places(self) -> bool:
        """Whether its matchpoints or IMPs are shown to two places, every one: one has a fraction
        (an EW 1 beside an NS 2.40 read as a different kind of figure); a teams traveller's home
        IMPs so too (3.00 beside 1.50, not 3 beside 1.5)."""
        rows = [line.row for line in self.lines]
        if self.layout != "pairs":
            return two_places(row.home_imps for row in rows if not row.not_played)
        return two_places_of(rows, "ns_value", "ew_value")

    @cached_property
    def has_leads(self) -> bool:
        rooms = [line.row.line for line in self.lines] if self.layout == "pairs" else \
            [room for line in self.lines for room in (line.row.open, line.row.closed)]
        return any(room is not None and room.lead for room in rooms)


def travellers(stage: Stage, options: BridgeStage, rounds: Sequence[Any]) -> list[Traveller]:
    """Every board of a pairs or teams stage with every table's result (round, table order),
    and the frequency of each NS score; after score_field."""
    pairs: dict[int, list[TravellerLine]] = {}
    teams: dict[int, list[TeamTravellerLine]] = {}
    for number, tables in _numbered(rounds):
        for score in tables:
            view = score.view
            if isinstance(view, PairsView) and view.kind == "played" and view.ns and view.ew:
                # a board still travelling through a round partly entered: every result as entered
                for row in view.live_rows if view.live_rows is not None else view.rows:
                    pairs.setdefault(row.board, []).append(TravellerLine(number, score.table.number, view.ns, view.ew, row))
            elif isinstance(view, TeamView) and view.kind == "played" and view.away:
                for team_row in view.rows:
                    teams.setdefault(team_row.board, []).append(
                        TeamTravellerLine(number, score.table.number, view.home, view.away, team_row))
    hands = options.hands
    found = []
    for board in sorted(set(pairs) | set(teams)):
        vul = vulnerability(board, options.vulnerability)
        hand = hands.deal(board, options.vulnerability) if hands is not None else None
        if board in pairs:
            lines = sorted(pairs[board], key=lambda line: (line.round, line.table))
            rows = [line.row for line in lines]
            real = [row for row in rows if row.score is not None]
            weighted = sum(1 for row in rows if row.parts)
            found.append(Traveller(
                "pairs", stage.id, board, dealer(board), vul, options.scoring, lines, _frequency(real),
                top=max((row.top for row in rows), default=0), played=len(real) + weighted,
                expected=max((row.expected for row in rows), default=len(rows)),
                datum=next((row.datum for row in rows if row.datum is not None), None), hand=hand))
        else:
            team_lines = sorted(teams[board], key=lambda line: (line.round, line.table))
            scores = [s for line in team_lines for s in (line.row.open_score, line.row.closed_score) if s is not None]
            frequency = [FrequencyLine(s, scores.count(s), None, None) for s in sorted(set(scores), reverse=True)]
            found.append(Traveller("teams", stage.id, board, dealer(board), vul, options.scoring, team_lines,
                                   frequency, played=len(scores), expected=len(scores), hand=hand))
    return found


def _frequency(real: list[PairsRow]) -> list[FrequencyLine]:
    by_score: dict[int, list[PairsRow]] = {}
    for row in real:
        assert row.score is not None
        by_score.setdefault(row.score, []).append(row)
    return [FrequencyLine(score, len(rows), rows[0].ns_value, rows[0].ew_value)
            for score, rows in sorted(by_score.items(), reverse=True)]


# --- the pairs' fields: one ranking, or NS and EW apart ---------------------------------------------


def fields(stage: Stage, options: BridgeStage, rounds: Sequence[Any]) -> dict[str, list[str]] | None:
    """With `field: directions` (a two-winner Mitchell), the pairs that sat NS and those that
    sat EW, each ranked apart; None for one ranking. A pair found in both directions is ranked
    with the direction it sat most."""
    if options.kind != "pairs" or options.field != "directions":
        return None
    seats: dict[str, list[int]] = {}
    for _, tables in _numbered(rounds):
        for score in tables:
            view = score.view
            if isinstance(view, PairsView):
                for side, entry in enumerate((view.ns, view.ew)):
                    if entry:
                        seats.setdefault(entry, [0, 0])[side] += 1
    ns = [e for e, (n, w) in seats.items() if n >= w]
    ew = [e for e, (n, w) in seats.items() if w > n]
    return {"NS": ns, "EW": ew}


# --- words: bridge's catalogues (locales/), its messages and the words of its templates ---------


def _problem(kind: str) -> dict[str, str]:
    return word(f"br_record_{kind}")


def _guessed_room(key: str) -> str:
    """The room key closest to a mistyped one (`clossed`: closed), else both keys."""
    return closest(key, list(ROOM_KEYS)) or "open, closed"


# --- bulletins: travelling score sheets (随牌记分单), team score sheets ----------------------------


def bulletins(event: Any, stage_result: Any, options: BridgeStage, t: Any) -> list[Any]:
    """One printed sheet per duplicate stage, filled where results are in and blank where a round
    is drawn only: a pairs stage's travelling score sheets in the notice layout, one block per
    board with every table that plays it; a teams stage's score sheet, a page per match."""
    from generator.printed import Bulletin

    stage = stage_result.stage
    made = dict(organizer=event.organizer or "", date=event.day_of(stage))
    named = "" if not stage_in_titles(event, stage) else t("paren", text=stage.name)  # no "…（队式赛）…（队式赛）"
    mp = options.scoring == "matchpoints"
    value = t("mp") if mp else t("br_imps")
    if options.kind == "pairs":
        # Each board's lines (round, table, cells from the round on): every table's result, and a
        # blank line, its pairs filled in, for each board a table is to play and has no result of.
        lines: dict[int, list[tuple[int, int, list[str]]]] = {}
        boards = travellers(stage, options, stage_result.rounds)
        # The column's figures all to two places where one has them ("1.00 / 3.00" above
        # "3.50 / 0.50", not "1 / 3"): one kind of figure, said one way.
        two = two_places_of([line.row for traveller in boards for line in traveller.lines], "ns_value", "ew_value")
        for traveller in boards:
            for line in traveller.lines:
                row = line.row
                cells = [str(line.round), str(line.table), line.ns, line.ew]
                if row.adjusted is not None:
                    cells += [t("adjusted") + " " + _adjusted_words(t, row.adjusted), "", "", ""]
                elif row.not_played:
                    cells += [t("br_not_played"), "", "", ""]
                elif row.parts:
                    cells += [row.weighted, "", "", ""]
                else:
                    board = row.line
                    assert board is not None
                    cells += [_sheet_contract(t, board), board.lead, signed(row.score), ""]
                # NS / EW; at a withdrawn pair's table its side has none ("—"), its opponent its A+
                if row.ns_value is not None or row.ew_value is not None:
                    cells[-1] = " / ".join("\u2014" if value is None else _value(value, two)
                                           for value in (row.ns_value, row.ew_value))
                lines.setdefault(traveller.board, []).append((line.round, line.table, cells))
        travelling = getattr(stage_result, "travelling", None)
        if travelling:
            # Real travellers (pairing.travelling_lines): the round's boards only, each with a line
            # for every round and table the movement plays it at, its result where entered.
            entered = {(board, line[0], line[1]): line for board, found in lines.items() for line in found}
            lines = {board: [entered.get((board, round_number, table)) or
                             (round_number, table, [str(round_number), str(table), ns, ew, "", "", "", ""])
                             for round_number, table, ns, ew in seats]
                     for board, seats in travelling.items()}
        for round_result in [] if travelling else stage_result.rounds:
            to_play = round_result.boards  # the movement's (RoundResult.boards)
            for score in round_result.tables:
                view = score.view
                if not to_play.get(score.table.number) or not isinstance(view, PairsView) or view.forfeit is not None:
                    continue
                ns, ew = view.ns or score.table.sides[0], view.ew or score.table.sides[-1]
                entered = {row.board for row in view.rows}
                for number in to_play[score.table.number]:
                    if number not in entered:
                        cells = [str(round_result.number), str(score.table.number), ns, ew, "", "", "", ""]
                        lines.setdefault(number, []).append((round_result.number, score.table.number, cells))
        # A table whose two pairs have both withdrawn by its round (no opponent to give the
        # average-plus to): nobody plays it, and its lines say so, not blank lines to fill in.
        both = {at: pairs for at, pairs in withdrawn_tables(stage_result, stage.id).items() if len(pairs) == 2}
        for found in lines.values():
            for round_number, table, cells in found:
                if (round_number, table) in both and not any(cells[4:]):
                    cells[4] = t("br_sheet_withdrawn_both", ids=t.series(both[(round_number, table)]))
        rows: list[list[str]] = []
        for number in sorted(lines):
            conditions = t(f"seat_{dealer(number)}") + "·" + t(f"vul_{vulnerability(number, options.vulnerability)}")
            for index, (_, _, cells) in enumerate(sorted(lines[number], key=lambda line: line[:2])):
                rows.append([str(number), conditions] + cells if index == 0 else ["", ""] + cells)
        # Travellers go with boards: with none known (tables written by hand, nothing entered,
        # no movement seating them) there is no line to print, and an empty sheet is no sheet;
        # the slips below are the round's.
        found = [] if not rows else [Bulletin(
            f"scoresheet-{stage.id}", t("sheet_pairs_title", event=event.title, stage=named), t("br_sheet_pairs_text"),
            [t("board"), t("br_sheet_conditions"), t("round"), t("table"), t("ns"), t("ew"), t("contract"), t("lead"), t("br_ns_score"),
             # as the traveller page heads its two columns (NS MP, EW MP), reviewed at phone width
             f"{t('ns')} {value} / {t('ew')} {value}"],
            rows, numeric={0, 2, 3, 8, 9}, **made)]
        slips = _table_slips(t, event, stage_result, options)
        if slips:
            found.append(Bulletin(
                f"slips-{stage.id}", t("br_slips_title", event=event.title, stage=named), t("br_slips_text"),
                [t("board"), t("br_sheet_conditions"), t("contract"), t("lead"), t("br_ns_score"), t("br_ew_score")],
                [], template=PAIRS_SLIPS, pages=slips, **made))
        return found
    # A teams stage: a page per match, as the other games' score sheets (the desk puts each
    # table's own QR code on its page: desk/app.table_sheets); a bye has no sheet.
    pages = [_team_page(t, event, stage, options, round_result, score) for round_result in stage_result.rounds
             for score in round_result.tables if isinstance(score.view, TeamView) and score.view.away is not None]
    return [Bulletin(
        f"scoresheet-{stage.id}", t("sheet_teams_title", event=event.title, stage=named), t("br_sheet_teams_text"),
        [], [], template=TEAMS_SHEET, pages=pages, **made)]


TEAMS_SHEET = "sheets/bridge_teams_scoresheet.html"
PAIRS_SLIPS = "sheets/bridge_pairs_slips.html"


def _table_slips(t: Any, event: Any, stage_result: Any, options: BridgeStage) -> list[dict[str, Any]]:
    """A pairs round's score slips, a page for each table (its pairs, the boards it plays with
    dealer and vulnerability, what it has entered), as every other game's score sheet has one:
    the desk puts each table's own QR code on its page (desk/app.table_sheets), and the
    travellers, a page per board, have no table to carry one. Only for the round printed (the
    round given its boards to play, render/bulletins.round_forms); none for a withdrawn pair's
    table, which nobody enters."""
    from generator.games import GAMES  # (the registry imports this module)

    words = {"table": t("table"), "referee": t("referee"), "date": t("sheet_date")}
    pages = []
    # The rounds given with real travellers are the movement's, every round of it, boards
    # given the printed one only; without them the round printed is the only one given
    # (round_forms), and a round whose tables its file writes by hand, with no boards and no
    # movement seating them, has none known: its slips, pairs filled in, leave each board's
    # number to write (rev39: its sheet had no line at all, the slips none).
    travelling = bool(getattr(stage_result, "travelling", None))
    for round_result in stage_result.rounds:
        if not round_result.boards and travelling:
            continue
        for score in round_result.tables:
            view = score.view
            if (len(score.table.sides) != 2 or not isinstance(view, PairsView) or view.forfeit is not None
                    or view.withdrawn is not None or score.table.number in round_result.unplayed):
                continue
            ns, ew = view.ns or score.table.sides[0], view.ew or score.table.sides[-1]
            entered = {row.board: row for row in view.rows}
            lines = []
            if not round_result.boards.get(score.table.number) and not entered:
                blank = {"number": "", "conditions": "", "contract": "", "lead": "", "ns": "", "ew": ""}
                pages.append({
                    "table": str(score.table.number),
                    "seats": [{"label": t("ns"), "names": side_label(event, ns, t.locale)},
                              {"label": t("ew"), "names": side_label(event, ew, t.locale)}],
                    "referee": score.table.referee or "", "words": words,
                    # (as many as the desk's form offers: the stage's boards, else the game's)
                    "boards": [dict(blank) for _ in range(stage_result.stage.boards or GAMES[event.game].default_boards)],
                    "note": t("br_slips_boards_unknown"),
                    "signatures": [t("sheet_sign_ns"), t("sheet_sign_ew")],
                })
                continue
            for number in sorted(set(round_result.boards.get(score.table.number, ())) | set(entered)):
                row = entered.get(number)
                line = {"number": str(number), "conditions": _conditions(t, number, options), "contract": "",
                        "lead": "", "ns": "", "ew": ""}
                if row is not None and row.adjusted is not None:
                    line["contract"] = t("adjusted") + " " + row.adjusted.text
                elif row is not None and row.not_played:
                    line["contract"] = t("br_not_played")
                elif row is not None and row.parts:
                    line["contract"] = row.weighted
                elif row is not None and row.line is not None:
                    line |= {"contract": _sheet_contract(t, row.line), "lead": row.line.lead,
                             "ns": str(row.line.ns or ""), "ew": str(row.line.ew or "")}
                lines.append(line)
            pages.append({
                "table": str(score.table.number),
                "seats": [{"label": t("ns"), "names": side_label(event, ns, t.locale)},
                          {"label": t("ew"), "names": side_label(event, ew, t.locale)}],
                "referee": score.table.referee or "", "words": words, "boards": lines,
                "signatures": [t("sheet_sign_ns"), t("sheet_sign_ew")],
            })
    return pages


def _team_page(t: Any, event: Any, stage: Stage, options: BridgeStage, round_result: Any,
               score: TableScore) -> dict[str, Any]:
    """One match's page of the teams score sheet, every value a string: its teams and players,
    each board numbered with dealer and vulnerability, both rooms' results and the home team's
    IMPs where written, blank (to fill in at the table) where not: the boards written and those
    the match is to play (RoundResult.boards: the round's boards as the stage numbers them,
    round 2 of 8-board rounds 9-16); the totals and the signature lines."""
    view = score.view
    home, away = view.home, view.away or ""
    words = {"table": t("table"), "referee": t("referee"), "date": t("sheet_date"), "board": t("board"),
             "conditions": t("br_sheet_conditions"), "open": t("open_room"), "closed": t("closed_room"),
             "contract": t("contract"), "score": t("br_ns_score"), "imps": t("br_imps_home")}
    page: dict[str, Any] = match_page(event, score, t, words) | {
        "note": t("br_sheet_teams_text"),
        "boards": [],
        "summary": [],
        "signatures": [t("br_sheet_sign_home"), t("br_sheet_sign_away"), t("sheet_sign_referee")],
    }
    if view.kind == "forfeit":
        page["note"] = t("forfeit") + t("colon") + str(view.forfeit)
        return page
    # who sits where in each room, by name, played or not, as 80分's and 大怪路子's sheets say it
    # (the note says it of home and away only): the round page says it of a match not played only
    page["seating"] = t("room_seats_ns", a=home, b=away)
    lines: dict[int, dict[str, str]] = {}
    two = two_places(row.home_imps for row in view.rows if not row.not_played)  # 3.00 beside 1.50, as the pages
    for row in view.rows:
        line = {"number": str(row.board), "conditions": "", "open": "", "open_score": "", "closed": "",
                "closed_score": "", "imps": _value(row.home_imps, two)}
        if row.not_played:
            line |= {"open": t("br_not_played"), "imps": ""}
        elif row.adjusted is not None:
            line["open"] = t("adjusted") + " " + row.adjusted.text
        else:
            line["conditions"] = t(f"seat_{row.dealer}") + "·" + t(f"vul_{row.vulnerability}")
            for room, played, points in (("open", row.open, row.open_score), ("closed", row.closed, row.closed_score)):
                # a room not in the record (row.recorded): said, its IMPs the scorer's
                line |= ({room: _sheet_contract(t, played), f"{room}_score": signed(points)} if played is not None
                         else {room: t("br_room_not_recorded")})
        lines[row.board] = line
    for waiting in view.waiting:  # a match waiting for a room (one_room): what each room has
        line = {"number": str(waiting.board), "conditions": _conditions(t, waiting.board, options), "open": "",
                "open_score": "", "closed": "", "closed_score": "", "imps": ""}
        if waiting.adjusted is not None:
            line["open"] = t("adjusted") + " " + waiting.adjusted.text
        for room, written in (("open", waiting.open), ("closed", waiting.closed)):
            if written is not None:
                line |= {room: _sheet_contract(t, written), f"{room}_score": signed(written.ns - written.ew)}
        lines[waiting.board] = line
    for number in round_result.boards.get(score.table.number, ()):
        if number not in lines:
            lines[number] = {"number": str(number), "conditions": _conditions(t, number, options), "open": "",
                             "open_score": "", "closed": "", "closed_score": "", "imps": ""}
    page["boards"] = [lines[number] for number in sorted(lines)]
    played = view.kind == "played"
    h, a = home, away
    page["summary"] = [
        {"label": t("total"), "value": f"{_value(view.won[h])} : {_value(view.won[a])}" if played else "",
         "imps": _value(view.margin[h]) if played else ""}]
    if stage.format != "knockout":  # a knockout match is won on IMPs: no victory points
        page["summary"].append({"label": t("br_sheet_vp"), "imps": "",
                                "value": f"{_value(view.vp[h])} : {_value(view.vp[a])}" if played and not view.to_come else ""})
    return page


def _adjusted_words(t: Any, adjusted: AdjustedRecord) -> str:
    """An adjusted score as a sheet prints it: its text, and whose it is on a withdrawn pair's
    table (`A+ (withdrawn opponent)`)."""
    return adjusted.text + (" " + t("br_walked_out") if adjusted.walked_out is not None else "")


def _conditions(t: Any, number: int, options: BridgeStage) -> str:
    """A board's dealer and vulnerability as a score sheet prints them (北·无)."""
    return t(f"seat_{dealer(number)}") + "·" + t(f"vul_{vulnerability(number, options.vulnerability)}")


def _sheet_contract(t: Any, line: BoardView) -> str:
    if line.contract == "pass":
        return t("pass")
    return f"{line.contract} {t('seat_' + line.declarer)} {line.result}"


def signed(value: float | None) -> str:
    """A score or IMPs with its sign ("+420", "-3", "+2.5"), "0", or "" for none."""
    if value is None:
        return ""
    return f"{value:+g}" if value else "0"


def _value(value: float | None, two: bool = False) -> str:
    """A figure of a printed sheet, as the pages show it (figures.figure_text): blank for None."""
    return figure_text(value, two)


CLOSED_ROOM_COLUMNS = ["closed_contract", "closed_declarer", "closed_result", "closed_lead", "closed_score"]


def traveller_rows(travellers: list[Traveller]) -> list[list[Any]]:
    """Travellers as a spreadsheet's rows, the heading row first: a pairs line names NS and EW
    and its board line; a teams line names home and away, the open room's line (home NS), then
    the closed room's (away NS: CLOSED_ROOM_COLUMNS, after the open room's score), and the IMPs."""
    teams = any(not isinstance(line, TravellerLine) for traveller in travellers for line in traveller.lines)
    rows: list[list[Any]] = [["board", "round", "table", "ns", "ew", "contract", "declarer", "result", "lead",
                              "ns_score", *(CLOSED_ROOM_COLUMNS if teams else []), "ns_value", "ew_value", "adjusted"]]
    for traveller in travellers:
        for line in traveller.lines:
            row = line.row
            pairs = isinstance(line, TravellerLine)
            ns, ew = (line.ns, line.ew) if pairs else (line.home, line.away)
            board_line = row.line if pairs else row.open
            adjusted = row.adjusted.text if row.adjusted is not None else \
                ("np" if getattr(row, "not_played", False) else getattr(row, "weighted", ""))
            value_ns, value_ew = (row.ns_value, row.ew_value) if pairs else (row.home_imps, row.away_imps)
            score = row.score if pairs else row.open_score
            closed: list[Any] = []
            if not pairs:
                other = row.closed
                closed = ([other.contract, other.declarer, other.result, other.lead, row.closed_score] if other
                          else ["", "", "", "", None])
            rows.append([traveller.board, line.round, line.table, ns, ew,
                         board_line.contract if board_line else "", board_line.declarer if board_line else "",
                         board_line.result if board_line else "", board_line.lead if board_line else "",
                         score, *closed, value_ns, value_ew, adjusted])
    return rows
