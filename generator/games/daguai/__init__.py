"""Da Guai Lu Zi (大怪路子): duplicate team matches in an open and a closed room.

The rules follow ../shared/spec/rules-daguai.md (seed 003, 上海化学工业区运动会大怪路子比赛).

One board in one room is written as the team that ran first (跑头家) and the points it scored:
`D01 8`. Only that team scores; the other team gets nothing on that board in that room. So every
board-room credits exactly one team, and the points must be one of the stage's `board_points`
(default 8/5/3/1/0). A match's score is the sum over both rooms and all boards, minus the
violation deductions; the higher score wins 2 match points, a draw 1 each.

Reading a record, and what counts as an error:

- `D01 8`: the team id, a space, the points (a whole number);
- the team must be one of the two at the table, and the points one of `board_points`
  (a team named with points it cannot have scored is an error, shown with the allowed values);
- every board needs both rooms (`{open: D01 8, closed: D02 1}`; also `开室`/`闭室` keys, or the
  list `[D01 8, D02 1]`); a board number beyond the stage's `boards` is an error; missing boards
  are a warning (the match is scored on what was recorded);
- an error is marked at the board's value (`1: {…}`), or at the room's own line when the board is
  written in block style;
- a forfeit or a bye has no boards and no violations (an error if written); two teams and no
  boards is a match drawn but not played yet: shown, not counted (no side scored).

A forfeit (`forfeit: D04`) is a loss for D04, not a disqualification; the other team gets the
stage's `bye` credit (default 2 match points, net 0, scored 0, heads 0), and D04 the mirror of
it: 0 match points, net minus the credit's net, nothing else. A bye gets the same credit.

Violations (犯规) are counted per team over the whole event, in play order: the 1st is a warning,
the 2nd deducts 1 point, the 3rd and every later one 3 points, from the team's score in the match
where it happened (`deduction(n)`).

>>> room_points(RoomRecord("D01", 8), "D01", "D02")
(8, 0)
>>> match_points(20, 20)
1
>>> [deduction(n) for n in (1, 2, 3, 4)]
[0, 1, 3, 3]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import MAX_BOARDS, Reader, suggestion
from generator.content.yaml_loader import YamlList, YamlMap
from generator.errors import Mark
from generator.games import EntryField, Example, Game, Metric, SideScore, TableForm, TableScore, field_text
from generator.games.common.shorthand import half_width, split_items
from generator.messages import localised as _localised

# --- the rules, as pure functions ---------------------------------------------------------

OUTCOMES = ("caught3", "caught2", "caught1", "own1", "own2")
ROOMS = ("open", "closed")
# Seats of (home, away) in each room: the home team sits 1, 3, 5 in the open room (规则二.3).
SEATS = {"open": ((1, 3, 5), (2, 4, 6)), "closed": ((2, 4, 6), (1, 3, 5))}
# Deductions for a team's 1st, 2nd, 3rd-and-later violation in the event (规则六).
DEDUCTIONS = (0, 1, 3)
WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True)
class BoardPoints:
    """Points to the team that ran first, by outcome (the stage key `board_points`)."""

    caught3: int = 8  # its team all out, three opponents caught
    caught2: int = 5
    caught1: int = 3
    own1: int = 1  # the other team got all out first, one of its own caught
    own2: int = 0  # ... two of its own caught

    @property
    def allowed(self) -> tuple[int, ...]:
        """The distinct values a record may carry, highest first."""
        return tuple(sorted({getattr(self, o) for o in OUTCOMES}, reverse=True))

    def outcome(self, points: int) -> str | None:
        """The outcome a number of points stands for (the first, if two outcomes share it)."""
        return next((o for o in OUTCOMES if getattr(self, o) == points), None)


@dataclass(frozen=True)
class ByeCredit:
    """What a bye, or the opponent's forfeit, gives a team (the stage key `bye`)."""

    match_points: int = WIN
    net: int = 0
    scored: int = 0
    heads: int = 0


@dataclass(frozen=True)
class DaguaiStage:
    board_points: BoardPoints = field(default_factory=BoardPoints)
    bye: ByeCredit = field(default_factory=ByeCredit)


@dataclass(frozen=True)
class RoomRecord:
    """One board in one room: the team that ran first and the points it scored."""

    first: str
    points: int
    mark: Mark | None = field(default=None, compare=False)


@dataclass(frozen=True)
class BoardRecord:
    board: int
    open: RoomRecord
    closed: RoomRecord

    def room(self, name: str) -> RoomRecord:
        return self.open if name == "open" else self.closed


@dataclass(frozen=True)
class Violation:
    """One violation recorded in a match (`violations: [D02]`, or {team, board, note})."""

    entry: str
    board: int | None = None
    note: str | None = None
    mark: Mark | None = field(default=None, compare=False)


@dataclass
class MatchRecord:
    """What read_table gives score_table: the boards and violations of one table."""

    boards: list[BoardRecord] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    played: bool = False  # a `boards:` key was written


class RecordError(ValueError):
    """A room record that cannot be accepted; `code` and `params` feed the message catalogue."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


_RECORD = re.compile(r"^(\S+)\s+([+-]?\d{1,3})$")


def parse_room(text: object) -> RoomRecord:
    """`D01 8` -> RoomRecord("D01", 8). Checks only the form; see `check_room` for the rules."""
    if not isinstance(text, str):
        raise RecordError("daguai-board-syntax", text=_shown(text), problem=_problem("form"))
    words = half_width(text).strip()  # Ｄ０１　８ as a Chinese input method types it
    match = _RECORD.match(words)
    if match is None:
        problem = "empty" if not words else "points" if len(words.split()) == 2 else "shape"
        raise RecordError("daguai-board-syntax", text=text, problem=_problem(problem))
    return RoomRecord(match.group(1), int(match.group(2)))


def check_room(record: RoomRecord, sides: Sequence[str], board_points: BoardPoints) -> None:
    """The team must be at the table and the points possible for a team that ran first."""
    if sides and record.first not in sides:
        raise RecordError("daguai-team-not-at-table", team=record.first, sides=" vs ".join(sides),
                          suggestion=suggestion(record.first, sides))
    if record.points not in board_points.allowed:
        raise RecordError("daguai-points-impossible", team=record.first, points=record.points,
                          allowed=list(board_points.allowed), meaning=_meaning(board_points))


def room_points(room: RoomRecord, home: str, away: str) -> tuple[int, int]:
    """(home, away) points of one board in one room: only the team that ran first scores."""
    if room.first == home:
        return room.points, 0
    if room.first == away:
        return 0, room.points
    raise ValueError(f"{room.first} is not at the table {home} vs {away}")


def board_points(board: BoardRecord, home: str, away: str) -> tuple[int, int]:
    """(home, away) points of one board, open and closed room summed."""
    open_home, open_away = room_points(board.open, home, away)
    closed_home, closed_away = room_points(board.closed, home, away)
    return open_home + closed_home, open_away + closed_away


def match_totals(boards: Iterable[BoardRecord], home: str, away: str) -> tuple[int, int]:
    """(home, away) points over every board of a match, both rooms, before deductions."""
    home_total = away_total = 0
    for board in boards:
        h, a = board_points(board, home, away)
        home_total += h
        away_total += a
    return home_total, away_total


def heads(boards: Iterable[BoardRecord], entry: str) -> int:
    """How many times the team ran first, counted per board per room (跑头家次数)."""
    return sum(1 for b in boards for room in (b.open, b.closed) if room.first == entry)


def deduction(nth: int) -> int:
    """Points deducted for a team's `nth` violation of the event: warning, 1, then 3 each."""
    if nth < 1:
        raise ValueError("violations are counted from 1")
    return DEDUCTIONS[min(nth, len(DEDUCTIONS)) - 1]


def match_points(own: int, other: int) -> int:
    """2 for the higher score, 1 each for equal scores, 0 for the lower (胜2、平1、负0)."""
    return WIN if own > other else DRAW if own == other else LOSS


@dataclass(frozen=True)
class CountedViolation:
    """A violation with its place in the team's count over the event and its deduction."""

    entry: str
    nth: int
    deduction: int
    board: int | None = None
    note: str | None = None


def count_violations(violations: Iterable[Violation], counts: dict[str, int]) -> list[CountedViolation]:
    """Number each violation in the team's running count (updated in place) and price it."""
    counted = []
    for violation in violations:
        counts[violation.entry] = counts.get(violation.entry, 0) + 1
        nth = counts[violation.entry]
        counted.append(CountedViolation(violation.entry, nth, deduction(nth), violation.board, violation.note))
    return counted


@dataclass(frozen=True)
class MatchResult:
    """A played match, scored: per entry its board points, deductions, score and match points."""

    home: str
    away: str
    points: dict[str, int]
    deductions: dict[str, int]
    scores: dict[str, int]
    match_points: dict[str, int]
    heads: dict[str, int]
    violations: list[CountedViolation]

    @property
    def winner(self) -> str | None:
        home, away = self.scores[self.home], self.scores[self.away]
        return self.home if home > away else self.away if away > home else None

    def net(self, entry: str) -> int:
        other = self.away if entry == self.home else self.home
        return self.scores[entry] - self.scores[other]


def score_match(home: str, away: str, boards: Sequence[BoardRecord], violations: Iterable[Violation],
                counts: dict[str, int]) -> MatchResult:
    """Both rooms summed, minus the deductions of this match's violations (counted in `counts`)."""
    home_points, away_points = match_totals(boards, home, away)
    counted = count_violations(violations, counts)
    deductions = {home: 0, away: 0}
    for violation in counted:
        deductions[violation.entry] += violation.deduction
    scores = {home: home_points - deductions[home], away: away_points - deductions[away]}
    return MatchResult(
        home=home,
        away=away,
        points={home: home_points, away: away_points},
        deductions=deductions,
        scores=scores,
        match_points={home: match_points(scores[home], scores[away]), away: match_points(scores[away], scores[home])},
        heads={home: heads(boards, home), away: heads(boards, away)},
        violations=counted,
    )


# --- what pages show ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RoomView:
    first: str
    points: int
    outcome: str | None
    home: int
    away: int


@dataclass(frozen=True)
class BoardView:
    board: int
    open: RoomView
    closed: RoomView
    home: int
    away: int


@dataclass
class MatchView:
    """One table as its template shows it. `kind`: played, forfeit, bye or unplayed."""

    kind: str
    home: str
    away: str | None
    rows: list[BoardView] = field(default_factory=list)
    result: MatchResult | None = None
    forfeit: str | None = None
    credit: ByeCredit | None = None
    seats: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=lambda: SEATS)
    # Each side's stage totals after this match (match_points, net, scored, heads): entry pages
    # show them as the running total.
    after: dict[str, dict[str, float]] = field(default_factory=dict)

    def room_total(self, room: str, side: int) -> int:
        return sum(getattr(getattr(r, room), "home" if side == 0 else "away") for r in self.rows)

    def running(self, side: int) -> list[int]:
        """The side's points (both rooms) summed board by board (side 0 home, 1 away)."""
        totals, total = [], 0
        for row in self.rows:
            total += row.home if side == 0 else row.away
            totals.append(total)
        return totals


def _room_view(room: RoomRecord, home: str, away: str, points: BoardPoints) -> RoomView:
    h, a = room_points(room, home, away)
    return RoomView(room.first, room.points, points.outcome(room.points), h, a)


# --- the game's surface for the tournament layer -------------------------------------------




ROOM_NAMES = {
    "open": _localised("开室", "開室", "open room"),
    "closed": _localised("闭室", "閉室", "closed room"),
}
# The room as a message names it: "第 1 副开室…" / "board 1, open room: …".
ROOM_AT = {
    "open": _localised("开室", "開室", ", open room"),
    "closed": _localised("闭室", "閉室", ", closed room"),
    None: _localised("", "", ""),
}
ROOM_KEYS = {"open": "open", "closed": "closed", "开室": "open", "開室": "open", "闭室": "closed", "閉室": "closed"}
VIOLATION_KEYS = ("team", "board", "note")
BOARD_POINT_KEYS = OUTCOMES
BYE_KEYS = ("match_points", "net", "scored", "heads")


class DaguaiRules(Game):
    name = "daguai"
    title = _localised("大怪路子", "大怪路子", "Da Guai Lu Zi")
    position = 3
    choice = ("daguai 大怪路子", "daguai 大怪路子", "daguai")
    id_prefix = "D"
    example = Example(
        entries="  - {id: D01, players: [王小明, 李华, 张伟], group: 某某化工}\n"
                "  - {id: D02, players: [刘洋, 陈静, 杨帆], group: 某某石化}\n",
        stages="  - id: swiss\n    name: 瑞士制积分赛\n    format: swiss\n    rounds: 7\n    boards: 6\n"
               "    rank_by: [match_points, net, scored, heads, lot]\n    prizes:\n      - {name: 录取, count: 8}\n",
        table="  - table: 1\n    home: D01\n    away: D02\n    boards:\n      # 1: {open: D01 8, closed: D02 1}\n",
    )
    formats = ("swiss", "round_robin", "matches")
    stage_keys = ("board_points", "bye")
    table_keys = ("home", "away", "boards", "violations")
    metrics = {
        "match_points": Metric(
            "match_points",
            _localised("场分", "場分", "Match points"),
            _localised("每场得分多者胜，胜一场得 2 分、平各得 1 分、负得 0 分；轮空或对方弃权按胜计。",
                       "每場得分多者勝，勝一場得 2 分、平各得 1 分、負得 0 分；輪空或對方棄權按勝計。",
                       "2 for a win (the higher match score), 1 each for a draw, 0 for a loss; a bye or the "
                       "opponent's forfeit counts as a win."),
        ),
        "net": Metric(
            "net",
            _localised("净胜分", "淨勝分", "Net"),
            _localised("每场本队得分减去对方得分（均已扣除犯规罚分），各场相加。",
                       "每場本隊得分減去對方得分（均已扣除犯規罰分），各場相加。",
                       "in each match, own score minus the opponents' (both after violation deductions), summed."),
        ),
        "scored": Metric(
            "scored",
            _localised("高分", "高分", "High score"),
            _localised("各场本队得分（开室、闭室相加，已扣除犯规罚分）之和。",
                       "各場本隊得分（開室、閉室相加，已扣除犯規罰分）之和。",
                       "own match scores (open and closed room added, after violation deductions), summed."),
        ),
        "heads": Metric(
            "heads",
            _localised("跑头家次数", "跑頭家次數", "Ran first"),
            _localised("本队跑头家的次数，开室、闭室每副各计一次。",
                       "本隊跑頭家的次數，開室、閉室每副各計一次。",
                       "how many times the team ran first, counted per board in each room."),
        ),
    }

    # -- stage keys --------------------------------------------------------------------

    def read_stage_options(self, reader: Reader, stage_format: str) -> DaguaiStage:
        points = BoardPoints()
        table = reader.mapping("board_points")
        if table is not None:
            table.check_keys(BOARD_POINT_KEYS)
            defaults = BoardPoints()
            points = BoardPoints(**{
                o: v for o in OUTCOMES
                if (v := table.integer(o, getattr(defaults, o), low=0, high=99)) is not None
            })
        credit = ByeCredit()
        bye = reader.mapping("bye")
        if bye is not None:
            bye.check_keys(BYE_KEYS)
            defaults_bye = ByeCredit()
            credit = ByeCredit(
                match_points=bye.integer("match_points", defaults_bye.match_points, low=0, high=WIN) or 0,
                net=bye.integer("net", defaults_bye.net, low=-999, high=999) or 0,
                scored=bye.integer("scored", defaults_bye.scored, low=0, high=999) or 0,
                heads=bye.integer("heads", defaults_bye.heads, low=0, high=999) or 0,
            )
        return DaguaiStage(points, credit)

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        return tuple(self.metrics)

    # -- one table of a results file ----------------------------------------------------

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], MatchRecord]:
        reader.check_keys(("table", "referee", "forfeit", *self.table_keys), required=("home",))
        sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("home", "away") if reader.has(key)]
        side_ids = [s for s, _ in sides]
        options: DaguaiStage = stage.options if isinstance(stage.options, DaguaiStage) else DaguaiStage()
        # Played once any board is written; `boards:` left empty (a fresh draw) is not played yet.
        written = reader.raw("boards")
        record = MatchRecord(played=isinstance(written, YamlMap) and len(written) > 0)
        record.boards = self._read_boards(reader, stage, side_ids, options.board_points)
        record.violations = self._read_violations(reader, side_ids)
        forfeit = reader.raw("forfeit")
        table_number = reader.raw("table")
        if len(side_ids) == 1:  # a bye: nothing is played
            for key in ("boards", "violations", "forfeit"):
                if reader.raw(key):
                    reader.problems.add("daguai-bye-with-play", reader.key_mark(key), key=key, id=side_ids[0])
            record.played = False
        elif forfeit is not None:
            for key in ("boards", "violations"):
                if reader.raw(key):
                    reader.problems.add("daguai-forfeit-with-play", reader.key_mark(key), key=key,
                                        id=str(forfeit), table=table_number)
            record.played = False
        # Two teams and no boards: drawn, not played yet (a fresh `paibang pair` round). Not an
        # error nor a warning: score_table scores no side, so the match is shown and not counted.
        return sides, record

    def _read_boards(self, reader: Reader, stage: Stage, side_ids: list[str],
                     points: BoardPoints) -> list[BoardRecord]:
        boards = reader.mapping("boards")
        if boards is None:
            return []
        limit = stage.boards
        written: set[int] = set()
        records: list[BoardRecord] = []
        for number, value in boards.node.items():
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= (limit or MAX_BOARDS):
                reader.problems.add("board-number-range", boards.key_mark(number), board=number, boards=limit or MAX_BOARDS)
                continue
            written.add(number)
            board_mark = boards.value_mark(number)
            rooms = self._rooms_of(reader, number, value, board_mark)
            if rooms is None:
                continue
            read: dict[str, RoomRecord] = {}
            for room in ROOMS:
                if room not in rooms:
                    reader.problems.add("daguai-room-missing", board_mark, board=number, room=ROOM_NAMES[room],
                                        other=ROOM_NAMES["closed" if room == "open" else "open"])
                    continue
                text, room_mark = rooms[room]
                mark = board_mark if room_mark.line == board_mark.line else room_mark
                try:
                    parsed = parse_room(text)
                    check_room(parsed, side_ids, points)
                except RecordError as error:
                    reader.problems.add(error.code, mark, board=number, room=ROOM_AT[room],
                                        **{"text": _shown(text), **error.params})
                    continue
                read[room] = RoomRecord(parsed.first, parsed.points, mark)
            if len(read) == 2:
                records.append(BoardRecord(number, read["open"], read["closed"]))
        if limit and written:
            missing = sorted(set(range(1, limit + 1)) - written)
            if missing:
                reader.problems.add("boards-missing", boards.mark, warning=True,
                                    table=reader.raw("table"), missing=missing)
        return sorted(records, key=lambda r: r.board)

    def _rooms_of(self, reader: Reader, number: int, value: Any,
                  board_mark: Mark) -> dict[str, tuple[Any, Mark]] | None:
        """The board's rooms by name: {open: D01 8, closed: D02 1} (or 开室/闭室), or [open, closed]."""
        problems = reader.problems
        if isinstance(value, YamlMap):
            rooms: dict[str, tuple[Any, Mark]] = {}
            for key, room_value in value.items():
                room = ROOM_KEYS.get(str(key).strip())
                if room is None:
                    problems.add("key-unknown", value.key_marks.get(key, board_mark), key=key,
                                 suggestion=suggestion(key, ROOMS), allowed="open, closed（开室、闭室）")
                    continue
                if room in rooms:
                    problems.add("daguai-board-syntax", value.key_marks.get(key, board_mark), board=number,
                                 room=ROOM_AT[room], text=str(key), problem=_problem("twice"))
                    continue
                rooms[room] = (room_value, value.value_marks.get(key, board_mark))
            return rooms
        if isinstance(value, YamlList) and len(value) == 2:
            return {room: (item, mark) for room, item, mark in zip(ROOMS, value, value.item_marks)}
        # Both rooms typed on one line with Chinese punctuation: `D01 8，D02 1` (or inside [ ],
        # where YAML sees one item).
        typed = value[0] if isinstance(value, YamlList) and len(value) == 1 else value
        if isinstance(typed, str) and len(split_items(typed)) == 2:
            at = value.item_marks[0] if isinstance(value, YamlList) else board_mark
            return {room: (item, at) for room, item in zip(ROOMS, split_items(typed))}
        problems.add("daguai-board-syntax", board_mark, board=number, room=ROOM_AT[None],
                     text=_shown(value), problem=_problem("board"))
        return None

    def _read_violations(self, reader: Reader, side_ids: list[str]) -> list[Violation]:
        found = []
        for item, mark in reader.items("violations", single_ok=True):
            if isinstance(item, YamlMap):
                item_reader = Reader(item, reader.problems, "violations[].")
                item_reader.check_keys(VIOLATION_KEYS, required=("team",))
                team = item_reader.text("team")
                team = None if team is None else half_width(team).strip()
                violation = Violation(team or "", item_reader.integer("board", low=1, high=200),
                                      item_reader.text("note"), mark)
                if team is None:
                    continue
            elif isinstance(item, (str, int)) and not isinstance(item, bool):
                violation = Violation(half_width(str(item)).strip(), mark=mark)
            else:
                reader.problems.add("type-expected", mark, key="violations[]",
                                    expected=_localised("参赛队编号", "參賽隊編號", "an entry id"), found=_shown(item))
                continue
            if side_ids and violation.entry not in side_ids:
                reader.problems.add("daguai-violation-not-at-table", mark, team=violation.entry,
                                    sides=" vs ".join(side_ids), suggestion=suggestion(violation.entry, side_ids))
                continue
            found.append(violation)
        return found

    # -- scoring ----------------------------------------------------------------------------

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        options: DaguaiStage = stage.options if isinstance(stage.options, DaguaiStage) else DaguaiStage()
        credit = options.bye
        counts: dict[str, int] = state.setdefault("daguai.violations", {})
        record: MatchRecord = table.record if isinstance(table.record, MatchRecord) else MatchRecord()
        totals: dict[str, dict[str, float]] = state.setdefault("daguai.totals", {}).setdefault(stage.id, {})
        if len(table.sides) == 1:
            entry = table.sides[0]
            view = MatchView("bye", entry, None, credit=credit)
            extra = {"home": entry, "away": None, "match_points": {entry: credit.match_points}}
            sides = [SideScore(entry, _credit_metrics(credit))]
            view.after = _running(totals, sides)
            return TableScore(table, sides, entry, [], view, extra)
        home, away = table.sides
        if table.forfeit is not None:
            loser = table.forfeit
            winner = away if loser == home else home
            view = MatchView("forfeit", home, away, forfeit=loser, credit=credit)
            lost = {"match_points": 0, "net": -credit.net, "scored": 0, "heads": 0}
            sides = [SideScore(e, _credit_metrics(credit) if e == winner else lost) for e in (home, away)]
            extra = {"home": home, "away": away,
                     "match_points": {home: sides[0].metrics["match_points"], away: sides[1].metrics["match_points"]}}
            view.after = _running(totals, sides)
            return TableScore(table, sides, winner, [], view, extra)
        if not record.played:
            # Drawn but not yet played (e.g. a fresh Swiss round): shown, not counted.
            return TableScore(table, [], None, [], MatchView("unplayed", home, away),
                              {"home": home, "away": away, "match_points": {}})
        result = score_match(home, away, record.boards, record.violations, counts)
        rows = []
        json_rows = []
        for board in record.boards:
            open_view = _room_view(board.open, home, away, options.board_points)
            closed_view = _room_view(board.closed, home, away, options.board_points)
            row = BoardView(board.board, open_view, closed_view, open_view.home + closed_view.home,
                            open_view.away + closed_view.away)
            rows.append(row)
            json_rows.append({
                "board": board.board, "home": row.home, "away": row.away,
                "open": {"ran_first": board.open.first, "points": board.open.points},
                "closed": {"ran_first": board.closed.first, "points": board.closed.points},
            })
        sides = [
            SideScore(entry, {"match_points": result.match_points[entry], "net": result.net(entry),
                              "scored": result.scores[entry], "heads": result.heads[entry]})
            for entry in (home, away)
        ]
        extra = {
            "home": home,
            "away": away,
            "match_points": dict(result.match_points),
            "points": dict(result.points),
            "deductions": dict(result.deductions),
            "scores": dict(result.scores),
            "heads": dict(result.heads),
            "violations": [
                {"entry": v.entry, "number": v.nth, "deduction": v.deduction, "board": v.board, "note": v.note}
                for v in result.violations
            ],
        }
        view = MatchView("played", home, away, rows, result, after=_running(totals, sides))
        return TableScore(table, sides, result.winner, json_rows, view, extra)

    def table_form(self, stage: Stage | None = None) -> TableForm:
        return TABLE_FORM

    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """Both rooms of each board, and the violations."""
        return [*super().entry_fields(stage, sides, table, boards, rooms),
                EntryField("violations", "desk_violations", field_text(table.get("violations")), hint="desk_violations_hint")]

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        record = super().entry_record(sides, values)
        if values.get("violations"):
            record["violations"] = split_items(values["violations"]) or [values["violations"]]
        return record

    @property
    def messages(self) -> dict[str, dict[str, tuple[str, str]]]:
        return MESSAGES

    @property
    def ui_words(self) -> dict[str, tuple[str, str, str]]:
        return UI_WORDS

    def bulletins(self, result: Any, t: Any) -> list[Any]:
        return bulletins(result, t)


def _running(totals: dict[str, dict[str, float]], sides: list[SideScore]) -> dict[str, dict[str, float]]:
    """Add this match to each side's stage totals; a copy of the totals after it, for the view."""
    after = {}
    for side in sides:
        running = totals.setdefault(side.entry, {})
        for name, value in side.metrics.items():
            running[name] = running.get(name, 0) + value
        after[side.entry] = dict(running)
    return after


def _credit_metrics(credit: ByeCredit) -> dict[str, float]:
    return {"match_points": credit.match_points, "net": credit.net, "scored": credit.scored, "heads": credit.heads}


def _shown(value: object) -> str:
    if isinstance(value, YamlMap) or isinstance(value, dict):
        return "{…}"
    if isinstance(value, YamlList) or isinstance(value, list):
        return "[…]"
    return "null" if value is None else str(value)


_PROBLEMS = {
    "form": ("应为一行文字：跑头家的队号和得分", "應為一行文字：跑頭家的隊號和得分", "should be one line: the team that ran first and its points"),
    "empty": ("记录是空的", "記錄是空的", "the record is empty"),
    "points": ("得分应为整数", "得分應為整數", "the points should be a whole number"),
    "shape": ("应为 队号 空格 得分 两项", "應為 隊號 空格 得分 兩項", "should be two words: team id, then points"),
    "twice": ("同一个房间写了两次", "同一個房間寫了兩次", "the same room is written twice"),
    "board": ("一副牌应写开室和闭室两项", "一副牌應寫開室和閉室兩項", "a board needs its open and its closed room"),
}


def _problem(kind: str) -> dict[str, str]:
    return _localised(*_PROBLEMS[kind])


_OUTCOME_WORDS = {
    "caught3": ("抓住对方三家", "抓住對方三家", "3 opponents caught"),
    "caught2": ("抓住对方二家", "抓住對方二家", "2 opponents caught"),
    "caught1": ("抓住对方一家", "抓住對方一家", "1 opponent caught"),
    "own1": ("自方一家被关", "自方一家被關", "1 of its own caught"),
    "own2": ("自方二家被关", "自方二家被關", "2 of its own caught"),
}


def _meaning(points: BoardPoints) -> dict[str, str]:
    """'8 = 抓住对方三家、5 = …' in each locale, from the stage's own values."""
    out = {}
    for index, locale in enumerate(("zh-Hans", "zh-Hant", "en")):
        joiner = ", " if locale == "en" else "、"
        out[locale] = joiner.join(f"{getattr(points, o)} = {_OUTCOME_WORDS[o][index]}" for o in OUTCOMES)
    return out


TABLE_FORM = TableForm(("home", "away"), ("boards:", "  1: {{open: {a} 8, closed: {b} 1}}"))

RULES = DaguaiRules()


# --- error messages (merged into generator/messages.py CATALOGUE) ------------------------------

MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "daguai-board-syntax": {
        "zh-Hans": ("第 {board} 副{room}的记录 {text} 看不懂：{problem}",
                    "每个房间写 跑头家队号 得分，例如 1: {{open: D01 8, closed: D02 1}}。"),
        "zh-Hant": ("第 {board} 副{room}的記錄 {text} 看不懂：{problem}",
                    "每個房間寫 跑頭家隊號 得分，例如 1: {{open: D01 8, closed: D02 1}}。"),
        "en": ("board {board}{room}: cannot read {text}: {problem}",
               "write the team that ran first and its points for each room, e.g. 1: {{open: D01 8, closed: D02 1}}."),
    },
    "daguai-points-impossible": {
        "zh-Hans": ("第 {board} 副{room}：跑头家 {team} 不可能得 {points} 分（可得 {allowed} 分）",
                    "按跑头家的结果填写：{meaning}。"),
        "zh-Hant": ("第 {board} 副{room}：跑頭家 {team} 不可能得 {points} 分（可得 {allowed} 分）",
                    "按跑頭家的結果填寫：{meaning}。"),
        "en": ("board {board}{room}: {team} ran first and cannot have scored {points} (possible: {allowed})",
               "write the points of the team that ran first: {meaning}."),
    },
    "daguai-team-not-at-table": {
        "zh-Hans": ("第 {board} 副{room}：{team} 不在这一桌（{sides}）{suggestion}",
                    "跑头家必须是本桌两队之一；核对队号。"),
        "zh-Hant": ("第 {board} 副{room}：{team} 不在這一桌（{sides}）{suggestion}",
                    "跑頭家必須是本桌兩隊之一；核對隊號。"),
        "en": ("board {board}{room}: {team} does not play at this table ({sides}){suggestion}",
               "the team that ran first is one of the two at the table; check the id."),
    },
    "daguai-room-missing": {
        "zh-Hans": ("第 {board} 副缺少{room}的记录", "开室、闭室都要写，例如 {{open: D01 8, closed: D02 1}}。"),
        "zh-Hant": ("第 {board} 副缺少{room}的記錄", "開室、閉室都要寫，例如 {{open: D01 8, closed: D02 1}}。"),
        "en": ("board {board} has no {room} record", "write both rooms, e.g. {{open: D01 8, closed: D02 1}}."),
    },
    "daguai-violation-not-at-table": {
        "zh-Hans": ("犯规记录中的 {team} 不在这一桌（{sides}）{suggestion}", "violations 里只写本桌犯规的队号，每次一项。"),
        "zh-Hant": ("犯規記錄中的 {team} 不在這一桌（{sides}）{suggestion}", "violations 裡只寫本桌犯規的隊號，每次一項。"),
        "en": ("violation by {team}, who does not play at this table ({sides}){suggestion}",
               "list under violations the id of the offending team at this table, one item per violation."),
    },
    "daguai-forfeit-with-play": {
        "zh-Hans": ("第 {table} 桌 {id} 弃权，不应再有 {key}", "弃权的比赛没有牌局：删去 {key}，或删去 forfeit。"),
        "zh-Hant": ("第 {table} 桌 {id} 棄權，不應再有 {key}", "棄權的比賽沒有牌局：刪去 {key}，或刪去 forfeit。"),
        "en": ("table {table}: {id} forfeits, so there is no {key}", "a forfeited match is not played: remove {key}, or remove forfeit."),
    },
    "daguai-bye-with-play": {
        "zh-Hans": ("{id} 本轮轮空（只有 home 一队），不应有 {key}", "轮空的队不比赛：删去 {key}，或写上 away 对手。"),
        "zh-Hant": ("{id} 本輪輪空（只有 home 一隊），不應有 {key}", "輪空的隊不比賽：刪去 {key}，或寫上 away 對手。"),
        "en": ("{id} has a bye (home only), so there is no {key}", "a bye is not played: remove {key}, or add the away team."),
    },
}


# --- words of the table template and the score sheets (merged into render/i18n.py UI) ------

UI_WORDS: dict[str, tuple[str, str, str]] = {
    "dg_home": ("主队", "主隊", "Home"),
    "dg_away": ("客队", "客隊", "Away"),
    "dg_open": ("开室", "開室", "Open room"),
    "dg_closed": ("闭室", "閉室", "Closed room"),
    "dg_ran_first": ("跑头家", "跑頭家", "Ran first"),
    "dg_seats": ("{team} 坐 {seats} 号位", "{team} 坐 {seats} 號位", "{team} in seats {seats}"),
    "dg_seats_short": ("{seats} 号位", "{seats} 號位", "seats {seats}"),
    "dg_board_sum": ("本副", "本副", "Board"),
    "dg_points": ("牌分合计", "牌分合計", "Board points"),
    "dg_deductions": ("犯规扣分", "犯規扣分", "Deductions"),
    "dg_match_score": ("本场得分", "本場得分", "Match score"),
    "dg_match_points": ("场分", "場分", "Match points"),
    "dg_violations": ("犯规", "犯規", "Violations"),
    "dg_violation_nth": ("{team} 累计第 {n} 次犯规", "{team} 累計第 {n} 次犯規", "{team}: violation no. {n} in the event"),
    "dg_violation_warning": ("警告", "警告", "warning"),
    "dg_violation_deduct": ("扣 {n} 分", "扣 {n} 分", "{n} point(s) deducted"),
    "dg_violation_board": ("第 {n} 副", "第 {n} 副", "board {n}"),
    "dg_outcome_caught3": ("抓三家", "抓三家", "3 caught"),
    "dg_outcome_caught2": ("抓二家", "抓二家", "2 caught"),
    "dg_outcome_caught1": ("抓一家", "抓一家", "1 caught"),
    "dg_outcome_own1": ("自方一家被关", "自方一家被關", "1 own caught"),
    "dg_outcome_own2": ("自方二家被关", "自方二家被關", "2 own caught"),
    "dg_bye_text": ("本轮轮空，按胜计：场分 {mp}。", "本輪輪空，按勝計：場分 {mp}。", "Bye this round, counted as a win: {mp} match points."),
    "dg_forfeit_text": ("{loser} 弃权，{winner} 胜：场分 {mp}。", "{loser} 棄權，{winner} 勝：場分 {mp}。",
                        "{loser} forfeits; {winner} wins: {mp} match points."),
    "dg_unplayed": ("本场尚未录入成绩，暂不计入排名。", "本場尚未錄入成績，暫不計入排名。", "No results yet; not counted."),
    "dg_sheet_title": ("{event}{stage}第 {n} 轮记分单", "{event}{stage}第 {n} 輪記分單", "{event}, {stage}: round {n} score sheets"),
    "dg_sheet_text": (
        "主队在开室坐 1、3、5 号位，在闭室坐 2、4、6 号位；客队相反。每副牌只有跑头家得分：{meaning}；"
        "另一队该室得 0 分。开闭室得分相加、扣除犯规罚分为本场得分，得分多者胜（胜 2 分、平各 1 分、负 0 分）。"
        "记分后须经对方核签，成绩方为有效。",
        "主隊在開室坐 1、3、5 號位，在閉室坐 2、4、6 號位；客隊相反。每副牌只有跑頭家得分：{meaning}；"
        "另一隊該室得 0 分。開閉室得分相加、扣除犯規罰分為本場得分，得分多者勝（勝 2 分、平各 1 分、負 0 分）。"
        "記分後須經對方核簽，成績方為有效。",
        "The home team sits 1, 3, 5 in the open room and 2, 4, 6 in the closed room; the away team the other "
        "seats. Only the team that ran first scores on a board: {meaning}; the other team scores 0 in that room. "
        "Both rooms added, minus violation deductions, make the match score; the higher wins (win 2, draw 1 each, "
        "loss 0). Each sheet is valid once countersigned by the opponents.",
    ),
    "dg_after": ("本轮后累计", "本輪後累計", "Totals after this match"),
    "dg_date": ("日期", "日期", "Date"),
    # punctuation, so English pages do not get full-width marks
    "dg_colon": ("：", "：", ": "),
    "dg_comma": ("，", "，", ", "),
    "dg_semicolon": ("；", "；", "; "),
    "dg_paren": ("（{text}）", "（{text}）", " ({text})"),
    "dg_quote": ("「{text}」", "「{text}」", " “{text}”"),
    "dg_sheet_key": ("只有跑头家得分：{meaning}；另一队该室得 0 分。", "只有跑頭家得分：{meaning}；另一隊該室得 0 分。",
                     "Only the team that ran first scores: {meaning}; the other team scores 0 in that room."),
    "dg_sheet_rule": ("开闭室得分相加、扣除犯规罚分为本场得分，得分多者胜（胜 2 分、平各 1 分、负 0 分）。记分后须经对方核签，成绩方为有效；一轮结束后，由总分高的队将记分单交裁判。",
                      "開閉室得分相加、扣除犯規罰分為本場得分，得分多者勝（勝 2 分、平各 1 分、負 0 分）。記分後須經對方核簽，成績方為有效；一輪結束後，由總分高的隊將記分單交裁判。",
                      "Both rooms added, minus violation deductions, make the match score; the higher wins (win 2, draw 1 each, loss 0). The sheet is valid once countersigned by the opponents; after the round the team with the higher total hands it to the referee."),
    "dg_sign_home": ("主队核签", "主隊核簽", "Home team"),
    "dg_sign_away": ("客队核签", "客隊核簽", "Away team"),
    "dg_sign_referee": ("裁判签名", "裁判簽名", "Referee"),
    "dg_sheet_open_first": ("开室（跑头家 得分）", "開室（跑頭家 得分）", "Open room (ran first, points)"),
    "dg_sheet_closed_first": ("闭室（跑头家 得分）", "閉室（跑頭家 得分）", "Closed room (ran first, points)"),
    "dg_sheet_home_pts": ("主队得分", "主隊得分", "Home pts"),
    "dg_sheet_away_pts": ("客队得分", "客隊得分", "Away pts"),
    "dg_sheet_home_sign": ("主队核签：＿＿＿＿＿", "主隊核簽：＿＿＿＿＿", "Home signs: ________"),
    "dg_sheet_away_sign": ("客队核签：＿＿＿＿＿", "客隊核簽：＿＿＿＿＿", "Away signs: ________"),
    "dg_sheet_referee_sign": ("裁判：", "裁判：", "Referee: "),
    "dg_sheet_seats_home": ("开 1·3·5 / 闭 2·4·6", "開 1·3·5 / 閉 2·4·6", "open 1·3·5 / closed 2·4·6"),
    "dg_sheet_seats_away": ("开 2·4·6 / 闭 1·3·5", "開 2·4·6 / 閉 1·3·5", "open 2·4·6 / closed 1·3·5"),
}


# --- bulletins: the per-round score sheets (记分单) ------------------------------------------


# The form layout (one page per match) when the printed matter has form pages; otherwise the
# generic notice layout, one table per round. The template ships under templates/sheets/, as
# the other games' do.
SHEET_TEMPLATE = "sheets/daguai_scoresheet.html"


def _forms_supported(bulletin_type: Any) -> bool:
    fields = getattr(bulletin_type, "__dataclass_fields__", {})
    return "pages" in fields and "template" in fields


def bulletins(result: Any, translator: Any) -> list[Any]:
    """One score-sheet bulletin (记分单) per round: each match's boards in both rooms, totals,
    violations and signature lines (记分后须经对方核签).

    Filled in from the results file when the boards are recorded; blank cells (to fill by hand)
    when the round's file has the draw only.
    """
    from generator.printed import Bulletin

    t = translator
    event = result.event
    forms = _forms_supported(Bulletin)
    found = []
    for stage_result in result.stages:
        stage = stage_result.stage
        options: DaguaiStage = stage.options if isinstance(stage.options, DaguaiStage) else DaguaiStage()
        meaning = t.pick(_meaning(options.board_points))
        for round_result in stage_result.rounds:
            name = f"scoresheet-{stage.id}-round-{round_result.number}"
            title = t("dg_sheet_title", event=event.title, stage=stage.name, n=round_result.number)
            if forms:
                pages = [_sheet_page(t, event, stage, score, meaning) for score in round_result.tables
                         if len(score.table.sides) == 2]
                found.append(Bulletin(name=name, title=title, text="", columns=[], rows=[],
                                      organizer=event.organizer or "", date=stage.date,
                                      template=SHEET_TEMPLATE, pages=pages))
                continue
            rows: list[list[str]] = []
            for score in round_result.tables:
                rows.extend(_sheet_rows(t, event, stage, score))
            columns = [t("table"), t("dg_home"), t("dg_away"), t("board"), t("dg_sheet_open_first"),
                       t("dg_sheet_closed_first"), t("dg_sheet_home_pts"), t("dg_sheet_away_pts")]
            found.append(Bulletin(
                name=name,
                title=title,
                text=t("dg_sheet_text", meaning=meaning),
                columns=columns,
                rows=rows,
                organizer=event.organizer or "",
                date=stage.date,
                numeric={3, 6, 7},
            ))
    return found


def _sheet_page(t: Any, event: Any, stage: Stage, score: TableScore, meaning: str) -> dict[str, Any]:
    """One match's page of the score-sheet form: every value a string, blank where unrecorded."""
    view: MatchView = score.view
    home, away = view.home, view.away or ""
    seats = lambda room, side: "·".join(map(str, SEATS[room][side]))  # noqa: E731
    words = {key: t(key) for key in ("table", "referee", "board")}
    words |= {
        "date": t("dg_date"), "open": t("dg_open"), "closed": t("dg_closed"), "ran_first": t("dg_ran_first"),
        "board_sum": t("dg_board_sum"), "violations": t("dg_violations"), "home": home, "away": away,
    }
    page: dict[str, Any] = {
        "table": str(score.table.number),
        "seats": [{"label": t("dg_home"), "names": _team_full(t, event, home)},
                  {"label": t("dg_away"), "names": _team_full(t, event, away)}],
        "referee": score.table.referee or "",
        "words": words,
        "kind": view.kind,
        "note": "",
        "heads": {f"{room}_{side}": f"{team} {seats(room, index)}"
                  for room in ROOMS for index, (side, team) in enumerate((("home", home), ("away", away)))},
        "seating": t("dg_semicolon").join(
            f"{t('dg_' + room)}{t('dg_colon')}{t('dg_seats', team=home, seats=seats(room, 0))}{t('dg_comma')}"
            f"{t('dg_seats', team=away, seats=seats(room, 1))}"
            for room in ROOMS),
        "boards": [],
        "summary": [],
        "violations": [],
        "key": t("dg_sheet_key", meaning=meaning),
        "rule": t("dg_sheet_rule"),
        "signatures": [t("dg_sign_home"), t("dg_sign_away"), t("dg_sign_referee")],
    }
    if view.kind == "forfeit":
        winner = view.away if view.forfeit == view.home else view.home
        mp = view.credit.match_points if view.credit else WIN
        page["note"] = t("dg_forfeit_text", loser=view.forfeit, winner=winner, mp=mp)
        return page
    rows = {row.board: row for row in view.rows}
    for number in range(1, max(stage.boards or 6, *rows, 1) + 1):
        row = rows.get(number)
        cells = {"number": str(number)}
        for room in ROOMS:
            room_view = getattr(row, room) if row else None
            cells[f"{room}_first"] = room_view.first if room_view else ""
            cells[f"{room}_home"] = str(room_view.home) if room_view else ""
            cells[f"{room}_away"] = str(room_view.away) if room_view else ""
        cells["home"] = str(row.home) if row else ""
        cells["away"] = str(row.away) if row else ""
        page["boards"].append(cells)
    result = view.result
    labels = ("dg_points", "dg_deductions", "dg_match_score", "dg_match_points")
    if result is None:
        page["summary"] = [{"label": t(key), "home": "", "away": "", "open_home": "", "open_away": "",
                            "closed_home": "", "closed_away": ""} for key in labels]
        return page
    values = (
        (result.points[home], result.points[away]),
        (_minus(result.deductions[home]), _minus(result.deductions[away])),
        (result.scores[home], result.scores[away]),
        (result.match_points[home], result.match_points[away]),
    )
    for index, (key, (h, a)) in enumerate(zip(labels, values)):
        line = {"label": t(key), "home": str(h), "away": str(a),
                "open_home": "", "open_away": "", "closed_home": "", "closed_away": ""}
        if index == 0:
            line |= {"open_home": str(view.room_total("open", 0)), "open_away": str(view.room_total("open", 1)),
                     "closed_home": str(view.room_total("closed", 0)),
                     "closed_away": str(view.room_total("closed", 1))}
        page["summary"].append(line)
    page["violations"] = [_violation_text(t, v) for v in result.violations]
    return page


def _team_full(t: Any, event: Any, entry_id: str) -> str:
    entry = event.entries.get(entry_id) if entry_id else None
    if entry is None:
        return entry_id
    if entry.name:
        return f"{entry_id} {entry.name}{t('dg_paren', text=t.joiner().join(p.name for p in entry.players))}"
    return f"{entry_id} {entry.player_names}"


def _team_cell(event: Any, entry_id: str | None) -> str:
    if entry_id is None:
        return ""
    entry = event.entries.get(entry_id)
    return f"{entry_id} {entry.label}" if entry is not None else entry_id


def _sheet_rows(t: Any, event: Any, stage: Stage, score: TableScore) -> list[list[str]]:
    view: MatchView = score.view
    number = str(score.table.number)
    home = _team_cell(event, view.home)
    if view.kind == "bye":
        return [[number, home, "", "", t("bye"), "", "", ""]]
    away = _team_cell(event, view.away)
    if view.kind == "forfeit":
        loser = view.forfeit
        winner = view.away if loser == view.home else view.home
        mp = view.credit.match_points if view.credit else WIN
        return [[number, home, away, "", t("forfeit") + t("dg_colon") + str(loser), "", "", ""],
                ["", "", "", "", t("dg_forfeit_text", loser=loser, winner=winner, mp=mp), "", "", ""]]
    rows_by_board = {row.board: row for row in view.rows}
    count = stage.boards or max(rows_by_board, default=6)
    numbers = sorted(set(range(1, count + 1)) | set(rows_by_board))
    labels = [[home, away], [t("dg_sheet_seats_home"), t("dg_sheet_seats_away")],
              [_players_if_named(event, view.home), _players_if_named(event, view.away)]]
    rows = []
    for index, board in enumerate(numbers):
        first = [number if index == 0 else ""]
        names = labels[index] if index < len(labels) else ["", ""]
        row = rows_by_board.get(board)
        if row is None:
            rows.append([*first, *names, str(board), "", "", "", ""])
        else:
            rows.append([*first, *names, str(board), _room_cell(t, row.open), _room_cell(t, row.closed),
                         str(row.home), str(row.away)])
    result = view.result
    if result is None:  # drawn, not played: blank lines to fill in by hand
        for key in ("dg_points", "dg_deductions", "dg_match_score", "dg_match_points"):
            rows.append(["", "", "", "", t(key), "", "", ""])
    else:
        h, a = view.home, view.away
        assert a is not None
        notes = t.joiner().join(_violation_text(t, v) for v in result.violations)
        rows.append(["", "", "", "", t("dg_points"), "", str(result.points[h]), str(result.points[a])])
        rows.append(["", "", "", "", t("dg_deductions"), notes,
                     _minus(result.deductions[h]), _minus(result.deductions[a])])
        rows.append(["", "", "", "", t("dg_match_score"), "", str(result.scores[h]), str(result.scores[a])])
        rows.append(["", "", "", "", t("dg_match_points"), "", str(result.match_points[h]),
                     str(result.match_points[a])])
    referee = score.table.referee or "＿＿＿＿＿"
    rows.append(["", t("dg_sheet_home_sign"), t("dg_sheet_away_sign"), "", f"{t('dg_sheet_referee_sign')}{referee}",
                 "", "", ""])
    return rows


def _players_if_named(event: Any, entry_id: str | None) -> str:
    entry = event.entries.get(entry_id) if entry_id else None
    if entry is None or not entry.name:
        return ""
    return entry.player_names


def _room_cell(t: Any, room: RoomView) -> str:
    return f"{room.first} {room.points}"


def _minus(n: int) -> str:
    return f"-{n}" if n else "0"


def _violation_text(t: Any, violation: CountedViolation) -> str:
    """"D07 累计第 2 次犯规（第 2 副，自报牌数）：扣 1 分"."""
    penalty = t("dg_violation_deduct", n=violation.deduction) if violation.deduction else t("dg_violation_warning")
    details = [t("dg_violation_board", n=violation.board)] if violation.board else []
    details += [violation.note] if violation.note else []
    where = t("dg_paren", text=t.joiner().join(details)) if details else ""
    return f"{t('dg_violation_nth', team=violation.entry, n=violation.nth)}{where}{t('dg_colon')}{penalty}"
