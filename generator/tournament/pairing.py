"""The draw (对阵编排): who meets whom in the next round, and the results file that says so.

Three ways to draw, one per stage format, all reproducible from the event's `draw_seed`:

Swiss (瑞士制), as the stage page explains it to the secretary (draw_rule_swiss_1 … in the shared
catalogue, step by step):

1. Round 1 by lot: the entries in the order of a draw of lots (seeded by `draw_seed`); the 1st
   meets the 2nd, the 3rd the 4th, ...; with an odd number the last one in the lot order has the
   bye.
2. From round 2, the entries are ordered by the current standings: `rank_by` metric by metric,
   entries still equal in the stage's lot order. Entries with the same primary score (the first
   `rank_by` metric that is not a tie-break, e.g. wins) form a score group.
3. Bye (odd number of entries): the lowest-ranked entry that has not had a bye in this stage,
   unless the others could then not all be paired without a rematch: then the one above it, and
   so on. When everyone has had a bye, the same among those with the fewest byes. What a bye
   scores is the game's business (a win by default).
4. No rematch: two entries that have met in this stage do not meet again.
5. Fewest crossings between score groups: of all the draws without a rematch, only those with
   the smallest sum over tables of (groups apart)² count. So an odd group sends exactly one
   entry down ("floats") to the next group.
6. Neighbours meet: of those, going down the ranking, each entry not yet paired meets the
   nearest entry below it, unless that would leave the rest unable to satisfy 4 and 5. So in a
   group the 1st meets the 2nd, the 3rd the 4th; the entry that floats is the lowest of its group
   and meets the highest of the next.
7. Tables are numbered by the higher-ranked side of each table, from the top; the bye last. The
   higher-ranked entry is written first (ns, home, the first of `teams`).
8. When no draw without a rematch exists, paibang draws nothing and says so.

Steps 4 to 6 are one maximum-weight matching (matching.py): an edge for every pair that has not
met, weighted so that the criteria compare in that order (see `swiss_weight`). A matching pairs
everybody whenever that is possible at all, so a late round never dead-ends as a greedy pass can.
A large field (every score group at least 2r+4 entries, r the most opponents anyone has met)
takes a route with the same result in one pass down the ranking; a field with some small
groups (a drawn table, a double forfeit) takes the same pass where a group still has enough
entries left, and the matching only on a window around the small groups, again with the same
result (large_draw.py explains both): thousands of entries pair in a second, hundreds in a few
hundredths.

Round robin (循环赛): Berger numbers by lot, then the FIDE Berger tables: N−1 rounds for N
entries (an odd field adds a bye that one entry meets each round), each pair meeting once.

Fixed matches drawn by `paibang pair`: every round by lot as in Swiss round 1, no rematch
(steps 3, 4 and 6 with one score group).

Pairs (双人赛): no draw, a movement (movements.py): a Mitchell or a Howell, the stage's
`movement` or by the field's size (`choose_movement`). Pair numbers follow event.yaml: the
stage's entries in the order written there; in a Mitchell the first half are NS 1..N, the second
half EW 1..N; in a Howell they are 1..P. Each round's file lists each table's boards.

Knockout (淘汰赛): no draw of its own, the bracket of knockout.py: each round's matches from the
winners of the round before, the higher seed written first, each table commented with its match.

The results file written for a round has the tables and sides filled in, game by game, and no
record: a table with no record is "drawn, not played" to every game (see event.is_pending).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import weakref
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import catalogues
from generator.catalogues import LOCALES
from generator.content.model import Entry, Event, Round, Stage, Table
from generator.content.schema import SITE_SCHEMA_FOLDER
from generator.games import GAMES, Game, TableForm, TableScore, entry_label, metric_of, stage_in_titles, yaml_id
from generator.games.common.boards import board_block
from generator.errors import ContentError, Mark, Refusal  # `paibang pair` will not draw: the pair-* codes of messages.py
from generator.printed import Bulletin
from generator.seals import write_durably
from generator.tournament import knockout, redraws
from generator.tournament.large_draw import is_large, pair_large, surely_pairable
from generator.tournament.matching import max_weight_matching
from generator.tournament.movements import HOWELL_LARGEST, Sitting, barometer, choose_movement, howell, mitchell
from generator.tournament.results import DrawRules, EventResult, RoundResult, StageResult
from generator.tournament.standings import Standing, Tally, lot_order, rank_key

if TYPE_CHECKING:
    from generator.content.model import Round

Localised = dict[str, str]
PAIRABLE = ("swiss", "round_robin", "matches", "pairs", "knockout")
# A draw notice of more tables than this runs past its first page (24 rows of two teams' names,
# the Swiss text above them, fill an A4 page: a 1,000-team round printed 19 pages): it ends with
# every side by its number and its table (Bulletin.index), so that a team finds its table without
# reading the pages of tables. One page or less is read at a glance, and gets none.
DRAW_INDEX_TABLES = 24


# --- the algorithms, on plain ids ---------------------------------------------------------------


FREE_PLACE = "\x00free"  # a place anybody may take (choose_bye): never an entry's id


class NoPairing(Exception):
    """No draw without a rematch exists (or no entry can take the bye)."""


@dataclass(frozen=True)
class Draw:
    """One round: `tables` in table order, each (higher-ranked, lower-ranked) or (bye,) last."""

    tables: list[tuple[str, ...]]
    bye: str | None = None
    substitute: str | None = None  # the substitute the odd entry (`bye`) meets instead of a bye


def _meeting(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def can_pair_all(entries: Sequence[str], met: Collection[frozenset[str]]) -> bool:
    """Whether `entries` can all be paired with nobody meeting an old opponent."""
    if len(entries) % 2:
        return False
    if surely_pairable(entries, met):  # Dirac: no search needed (large_draw.py)
        return True
    edges = [(a, b, 1) for a in range(len(entries)) for b in range(a + 1, len(entries))
             if _meeting(entries[a], entries[b]) not in met]
    mate = max_weight_matching(len(entries), edges, max_cardinality=True)
    return all(m >= 0 for m in mate)


def choose_bye(order: Sequence[str], met: Collection[frozenset[str]], byes: Mapping[str, int]) -> str:
    """Step 3: the lowest-ranked entry with the fewest byes so far whose bye leaves the others
    pairable without a rematch."""
    candidates = sorted(range(len(order)), key=lambda i: (byes.get(order[i], 0), -i))
    for tried, i in enumerate(candidates):
        rest = [e for j, e in enumerate(order) if j != i]
        if can_pair_all(rest, met):
            return order[i]
        # Once the first refuses, whether any will: the field with a free place (met nobody) pairs
        # exactly when some entry's bye leaves the rest pairable. One matching, where a field with
        # no draw at all tried every entry's bye, a matching each (201 entries: 10 s).
        if tried == 0 and not can_pair_all([*order, FREE_PLACE], met):
            break
    raise NoPairing("no entry can take the bye")


def swiss_weight(upper: int, lower: int, groups_apart: int, entries: int, groups: int) -> int:
    """The weight of pairing the entries at ranking places `upper` < `lower` (0 = top).

    Two parts, the first always outweighing the second (the draw maximises the sum over tables):
    - step 5: (groups−1)² + 1 − groups_apart², so fewer and shorter crossings weigh more;
    - step 6: (entries − distance) written in the digit of `upper`, a base-2^w number whose most
      significant digit belongs to the top entry: the sums compare like the draws do when read
      from the top, each entry wanting its nearest neighbour below.
    Each entry is `upper` at one table at most, so digits never carry into each other."""
    width = entries.bit_length()
    crossing = (groups - 1) ** 2 + 1 - groups_apart ** 2
    nearness = entries - (lower - upper)
    return (crossing << (width * entries)) | (nearness << (width * (entries - 1 - upper)))


def pair_swiss(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
               byes: Mapping[str, int] | None = None, fast: bool | None = None) -> Draw:
    """Steps 3 to 7 for entries in ranking `order` with primary `scores`. Raises NoPairing.

    `fast`: None takes the one-pass route of large_draw.py when the field is large (else its
    pass with windows, the matching only around the small groups), True
    insists on the one pass (NotLarge otherwise), False always takes the matching; the draw is
    the same."""
    from generator.tournament.large_draw import pair_segmented

    byes = byes or {}
    entries = list(order)
    bye = None
    if len(entries) % 2:
        bye = choose_bye(entries, met, byes)
        entries.remove(bye)
    segmented = None
    if fast is None:
        fast = is_large(entries, scores, met)
        if not fast:  # small groups: the matching only where they are (large_draw.pair_segmented)
            segmented = pair_segmented(entries, scores, met, _pair_by_matching)
    if segmented is not None:
        tables = segmented
    else:
        tables = pair_large(entries, scores, met) if fast else _pair_by_matching(entries, scores, met)
    if bye is not None:
        tables.append((bye,))
    return Draw(tables, bye)


def drawn_once(order: Sequence[str], scores: Mapping[str, float], met: Collection[frozenset[str]],
               byes: Mapping[str, int] | None = None) -> Draw:
    """pair_swiss, taken as kept when it was drawn before on the same arguments, else drawn and
    kept (redraws.py): `pair` draws through it, so that its draw is the stale-draw check's on the
    recorded order should a result before it be corrected, and `pair --dry-run`, then `pair`,
    draw once; and the check draws each order through it (pairing_changes). Raises NoPairing."""
    def make() -> tuple[list[tuple[str, ...]], str | None] | None:
        try:
            draw = pair_swiss(order, scores, met, byes)
        except NoPairing:
            return None
        return draw.tables, draw.bye

    drawn = redraws.kept(order, scores, met, byes or {}, make)
    if drawn is None:
        raise NoPairing("no draw without a rematch")
    return Draw(*drawn)


def _pair_by_matching(entries: list[str], scores: Mapping[str, float],
                      met: Collection[frozenset[str]]) -> list[tuple[str, ...]]:
    """Steps 4 to 6 as one maximum-weight matching, for any field, on the pairs not met whose
    score groups a draw of the least cost can seat together (_may_meet). Raises NoPairing."""
    values = sorted({scores.get(e, 0) for e in entries}, reverse=True)
    group = {e: values.index(scores.get(e, 0)) for e in entries}
    n = len(entries)
    may_meet = _may_meet([group[e] for e in entries], entries, met) or (lambda a, b: True)
    edges = [
        (a, b, swiss_weight(a, b, abs(group[entries[a]] - group[entries[b]]), n, len(values)))
        for a in range(n) for b in range(a + 1, n)
        if _meeting(entries[a], entries[b]) not in met and may_meet(a, b)
    ]
    mate = max_weight_matching(n, edges, max_cardinality=True)
    if any(m < 0 for m in mate):
        raise NoPairing("no draw without a rematch")
    return [(entries[a], entries[mate[a]]) for a in range(n) if a < mate[a]]


def _may_meet(groups: Sequence[int], entries: Sequence[str], met: Collection[frozenset[str]]
              ) -> Callable[[int, int], bool] | None:
    """Which pairs of score groups a table of the matching's draw can join: the matching of every
    pair not met is the slowest part of a draw where groups are small (and of the stale-draw
    check's, event._stale_draws), and the pairs it cannot hold are left out of it, the draw
    unchanged. None: every pair may be needed (no draw found to bound them).

    Why unchanged. Call cut k the line between groups k and k+1, odd when an odd number of
    entries is above it. A table d groups apart crosses d cuts and costs d² (step 5) and every
    odd cut is crossed, so a draw costs at least its odd cuts. Without the two sides of a table
    of groups g < h, the cuts between them change parity and the others not: a draw holding that
    table costs at least d² + (the odd cuts then). The draw is the cheapest (C*), so it holds no
    table whose least cost so is above the cost C of any draw: one is found by seating each
    entry, from the top (and once from the bottom), with the nearest not met. Among the draws of
    cost C* the weights name one alone (their step-6 digits say each upper side's partner, from
    the top), so the matching on the pairs left finds that very one; and the draw found is among
    those pairs (its tables cost no more than it does), so everybody is still paired."""
    n = len(entries)
    cost = min(_seated_cost(groups, entries, met, range(n)), _seated_cost(groups, entries, met, range(n - 1, -1, -1)))
    if cost == float("inf"):  # (neither pass seated everybody: nothing bounds the draw)
        return None
    top = max(groups, default=0)
    counts = Counter(groups)
    odd_cut, above = [], 0
    for k in range(top):  # cut k: between groups k and k+1
        above += counts[k]
        odd_cut.append(above % 2 == 1)
    odd = sum(odd_cut)
    allowed = set()
    for g in range(top + 1):
        for h in range(g, top + 1):
            flipped = sum(1 if not odd_cut[k] else -1 for k in range(g, h))
            if (h - g) ** 2 + odd + flipped <= cost:
                allowed.add((g, h))
    return lambda a, b: (min(groups[a], groups[b]), max(groups[a], groups[b])) in allowed


def _seated_cost(groups: Sequence[int], entries: Sequence[str], met: Collection[frozenset[str]],
                 places: Iterable[int]) -> float:
    """The step-5 cost of the draw seating each entry, in `places`' order, with the next one not
    met still free; infinity when one is left with nobody."""
    free = [True] * len(entries)
    places = list(places)
    cost = 0
    for i, a in enumerate(places):
        if not free[a]:
            continue
        b = next((b for b in places[i + 1:] if free[b] and _meeting(entries[a], entries[b]) not in met), None)
        if b is None:
            return float("inf")
        free[a] = free[b] = False
        cost += (groups[a] - groups[b]) ** 2
    return cost


def robin_full_rounds(field_size: int) -> int:
    """The rounds a full round robin of `field_size` entries takes, every two meeting once:
    N - 1, or N when N is odd (each round one entry meets the Berger table's bye), as many as
    berger_rounds makes, counted without making them (a large field's table is N squared)."""
    return max(field_size - 1, 0) if field_size % 2 == 0 else field_size


def berger_rounds(ids: Sequence[str]) -> list[Draw]:
    """The FIDE Berger tables: `ids` in Berger-number order (ids[0] is number 1). An odd field
    gets a bye in place of the last number; that table goes last.

    >>> [d.tables for d in berger_rounds(["1", "2", "3", "4"])]
    [[('1', '4'), ('2', '3')], [('4', '3'), ('1', '2')], [('2', '4'), ('3', '1')]]
    """
    players: list[str | None] = list(ids)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    if n < 2:
        return []
    fixed = players[-1]
    rounds = []
    for r in range(1, n):
        start = ((r - 1) * (n // 2)) % (n - 1)
        turn = [players[(start + k) % (n - 1)] for k in range(n - 1)]
        pairs = [(turn[0], fixed) if r % 2 else (fixed, turn[0])]
        pairs += [(turn[k], turn[n - 1 - k]) for k in range(1, n // 2)]
        tables: list[tuple[str, ...]] = [(a, b) for a, b in pairs if a is not None and b is not None]
        bye = next((a if b is None else b for a, b in pairs if a is None or b is None), None)
        if bye is not None:
            tables.append((bye,))
        rounds.append(Draw(tables, bye))
    return rounds


COMPLETION_STEPS = 200_000  # tables tried, at most, in completing a round robin (complete_round_robin)


def complete_round_robin(ids: Sequence[str], written: Sequence[Sequence[tuple[str, ...]]]) -> list[Draw] | None:
    """The rounds after `written` (each round's tables: pairs, and a bye as a table of one) that
    make a round robin of `ids`: every two meet once, each round everyone plays (an odd field:
    one has the bye, as in Berger's tables). None when there are none: rounds written by hand
    (or drawn with another draw_seed) can leave meetings that no later rounds can hold.

    A round is a matching of meetings not yet played; the rounds are made one after another, the
    entry with the fewest opponents left to choose from seated first (each of them tried in
    `ids`' order, the draw's lot, so that the same lot makes the same rounds), going back where
    the meetings left cannot be seated. Round robins' fields are small: a field of 30 with three
    rounds written by hand is completed in tens of milliseconds; COMPLETION_STEPS bounds the worst.

    >>> [d.tables for d in complete_round_robin(["1", "2", "3", "4"], [[("1", "3"), ("2", "4")]])]
    [[('1', '2'), ('3', '4')], [('4', '1'), ('2', '3')]]
    """
    players: list[str | None] = list(ids)
    if len(players) % 2:
        players.append(None)  # the bye: whoever meets it has the round off
    n = len(players)
    place = {player: number for number, player in enumerate(players)}
    left = [set(range(n)) - {number} for number in range(n)]  # the meetings still to come, by place
    firsts = [0] * n  # tables at which each sat first: the first side is given in turn
    for tables in written:
        for sides in tables:
            met = (*sides, None) if len(sides) == 1 else tuple(sides)  # a bye: a meeting with the bye
            where = [place[side] for side in met if side in place]
            if len(where) == 2:
                left[where[0]].discard(where[1])
                left[where[1]].discard(where[0])
                if len(sides) == 2:  # who sat first at a table (a bye is no seat: the rounds made count none)
                    firsts[where[0]] += 1
    rounds: list[list[tuple[int, int]]] = []
    steps = [0]

    def seat(seated: set[int], tables: list[tuple[int, int]], remaining: int) -> bool:
        if len(seated) == n:  # the round is whole: the next one
            for a, b in tables:
                left[a].discard(b)
                left[b].discard(a)
            rounds.append(list(tables))
            if remaining == 1 or seat(set(), [], remaining - 1):
                return True
            rounds.pop()
            for a, b in tables:
                left[a].add(b)
                left[b].add(a)
            return False
        first, choices = -1, []
        for number in range(n):  # the one with the fewest opponents to choose from
            if number not in seated:
                found = [other for other in sorted(left[number]) if other not in seated]
                if first < 0 or len(found) < len(choices):
                    first, choices = number, found
                    if len(found) <= 1:
                        break
        for other in choices:
            steps[0] += 1
            if steps[0] > COMPLETION_STEPS:
                return False
            seated |= {first, other}
            tables.append((first, other))
            if seat(seated, tables, remaining):
                return True
            tables.pop()
            seated -= {first, other}
        return False

    remaining = n - 1 - len(written)
    if remaining <= 0:
        return []
    if not seat(set(), [], remaining):
        return None
    draws = []
    for tables in rounds:
        seated_pairs: list[tuple[str, ...]] = []
        bye = None
        for a, b in sorted(tables, key=min):
            if players[a] is None or players[b] is None:
                bye = players[b] if players[a] is None else players[a]
                continue
            if firsts[b] < firsts[a]:  # the one who sat first less often sits first
                a, b = b, a
            firsts[a] += 1
            seated_pairs.append((players[a], players[b]))  # type: ignore[arg-type]
        if bye is not None:
            seated_pairs.append((bye,))
        draws.append(Draw(seated_pairs, bye))
    return draws


# --- the event: what to draw next ---------------------------------------------------------------


@dataclass
class PlannedRound:
    """A round ready to be written: its tables, and what the header and the printout say."""

    event: Event
    stage: Stage
    number: int
    method: str  # lot | swiss | berger
    draw: Draw
    primary: str = ""
    scores: dict[str, float] = field(default_factory=dict)  # primary score before the round (swiss)
    rules: str = ""  # round 1 drawn on another stage: its settings read (# draw-rules:, _rules_read)
    numbers: list[str] = field(default_factory=list)  # Berger numbers (round robin): ids in order
    dropped: list[str] = field(default_factory=list)  # disqualified entries left out
    # pairs: a withdrawn pair's sit-out left out of the round (_pairs_round): (its id, the table
    # the movement sits it out at), said in the header and on the terminal (withdrawn_sit_out_line)
    sit_out_withdrawn: tuple[str, int] | None = None
    boards: list[tuple[int, ...]] = field(default_factory=list)  # pairs: each table's boards, as draw.tables
    movement: PairsMovement | None = None  # pairs: the movement the round comes from
    knockout: knockout.NextRound | None = None  # knockout: the bracket's round (tournament/knockout.py)
    # A round robin's tables with a side withdrawn by the round (table number -> that side): the
    # schedule still meets it, the table written as its forfeit (event-day.md), not to be played.
    forfeits: dict[int, str] = field(default_factory=dict)
    # A pairs movement's tables with a pair withdrawn by the round (table number -> that pair): the
    # pair keeps its seat, nobody plays there (its opponent scored as event._score_pairs_withdrawn
    # scores it, nothing to enter), said at the table as a forfeit is, the boards left to write an
    # adjusted score on.
    walked_out: dict[int, str] = field(default_factory=dict)
    day: dt.date | None = None  # the day it is played, written as the file's `date:` (play_day)
    written: int = 0  # a round robin's rounds written before it (method completed: not all from the Berger table)


def play_day(event: Event, stage: Stage, today: dt.date) -> dt.date | None:
    """The day a round drawn `today` is played, for its file's `date:`, which dates its
    bulletins (Event.day_of), where the content does not already say it: an event of several
    days whose stage has no date of its own. Today when the event is on today; its first day
    when drawn ahead of it; None after it (a draw made then says nothing of the day of play).
    The secretary corrects the line where a round drawn tonight is played tomorrow."""
    if stage.date is not None or len(event.dates) < 2:
        return None
    if today in event.dates:
        return today
    return event.dates[0] if today < event.dates[0] else None


def _missing_room(score: object) -> str:
    """The room ("open", "closed") a two-room match waits for when the secretary has entered the
    other one only (its view's one_room boards, each with one room's record); "" otherwise."""
    view = getattr(score, "view", None)
    if getattr(view, "kind", None) != "one_room":
        return ""
    missing = {room for board in getattr(view, "waiting", ()) for room in ("open", "closed")
               if getattr(board, room, None) is None and not getattr(board, "not_played", False)
               and getattr(board, "adjusted", None) is None
               and getattr(board, "closed" if room == "open" else "open", None) is not None}
    return next(iter(missing)) if len(missing) == 1 else ""


def _rooms_missing(round_result: RoundResult) -> dict[str, str]:
    """pair-round-pending's note on its tables whose one room is in: which room each is missing
    ("（第 6 桌闭室未录）"), so the secretary looks for that room's sheets, not the whole match's;
    "" in every locale when no table has one room only."""
    scores = {score.table.number: score for score in round_result.tables}
    named = [catalogues.word("pair_table_room_missing", table=number, room=catalogues.word(f"room_name_{room}"))
             for number in round_result.pending if (room := _missing_room(scores.get(number)))]
    if not named:
        return {locale: "" for locale in LOCALES}
    return catalogues.word("pair_rooms_missing", tables={
        locale: catalogues.joiner(locale).join(item[locale] for item in named) for locale in LOCALES})


def plan_rounds(result: EventResult, stage_id: str, every: bool = False) -> list[PlannedRound]:
    """The next round of a stage (`every`: all remaining rounds of a round robin or a pairs
    stage). Raises Refusal."""
    event = result.event
    stage_result = result.stage_of(stage_id)
    stage = stage_result.stage
    if stage.format not in PAIRABLE:
        raise Refusal("pair-format", stage=stage.id, format=stage.format, allowed=", ".join(PAIRABLE))
    game = GAMES.get(event.game)
    if game is None or game.table_form(stage) is None:
        raise Refusal("pair-game", game=event.game)
    written = [r.number for r in event.rounds.get(stage.id, [])]
    # A knockout round with no match to play (each void or a walkover: knockout._decide_unplayed)
    # has no file: no gap before a later round, and never the round drawn.
    unplayed = _rounds_without_play(stage_result) if stage.format == "knockout" else set()
    missing = [n for n in range(1, max(written, default=0) + 1) if n not in written and n not in unplayed]
    if missing:
        raise Refusal("pair-round-gap", stage=stage.id, round=missing[0])
    number = max(written, default=0) + 1
    while number in unplayed:
        number += 1
    if number > stage.rounds:
        if number - 1 in unplayed and stage_result.bracket is not None:
            last = knockout.next_round(stage_result.bracket, number - 1)
            raise Refusal("pair-knockout-decided", stage=stage.id, round=number - 1,
                          matches={locale: "; ".join(knockout.unplayed_lines(last, locale)) for locale in LOCALES})
        # (a knockout has no `rounds:` to add one to: its field makes them, knockout_rounds)
        raise Refusal("pair-knockout-complete" if stage.format == "knockout" else "pair-stage-complete",
                      stage=stage.id, rounds=stage.rounds)
    if stage.format == "knockout":
        return [_plan_knockout(result, stage_result, number)]
    if not stage_result.field:
        if any(s.advance and s.advance.to == stage.id for s in event.stages):  # its field qualifies later
            raise Refusal("pair-no-field", stage=stage.id)
        # (a new event's `entries: []`: its field is the entries, and there are none to draw yet)
        raise Refusal("pair-no-entries", stage=stage.id, event=event.slug)
    if stage.format == "round_robin":
        return _plan_round_robin(result, stage_result, number, every)
    if stage.format == "pairs":
        movement = pairs_movement(event, stage_result)
        # Never a movement redrawn under the rounds already played: pairs would replay
        # boards and meet again (a late pair with no seat to take, event-day.md).
        scored = stage_result.rounds
        refused = late_refusal(event, stage, stage_result.field, bool(scored) and scored[-1].drawn_only)
        if refused is not None:
            raise refused
        last = stage.rounds if every else number
        return [_pairs_round(event, stage, movement, n) for n in range(number, last + 1)]
    waiting = [r for r in stage_result.rounds if r.pending]
    if waiting and stage.format == "swiss":  # a Swiss draw follows the results; a draw by lot does not
        first = waiting[0]
        raise Refusal("pair-round-pending", round=first.number, tables=first.pending, rooms=_rooms_missing(first),
                      next=number)
    out = {s.entry.id for s in stage_result.standings if s.tally.forfeited}
    # Withdrawn from this round on (`withdrawn: N`, N <= this round): never drawn again.
    gone = {e.id for e in stage_result.field if e.withdrawn_by(number, stage.id)}
    field_ids = [e.id for e in stage_result.field if e.id not in out and e.id not in gone]
    substitutes = [e.id for e in event.entries.values() if e.substitute and not e.withdrawn_by(number, stage.id)]
    met, byes = history(stage_result, frozenset(substitutes))
    salt = f"{event.slug}/{stage.id}/round-{number}"
    if stage.format == "matches" or number == 1 or not stage_result.has_results:
        places = lot_order(field_ids, [], event.draw_seed, salt)
        order = sorted(field_ids, key=places.__getitem__)
        draw = _with_substitute(_pair_or_refuse(order, {}, met, byes, number), substitutes, met, game.has_byes(stage), stage)
        return [PlannedRound(event, stage, number, "lot", draw, dropped=sorted(out))]
    order, scores = swiss_order(stage_result, field_ids)
    draw = _with_substitute(_pair_or_refuse(order, scores, met, byes, number), substitutes, met, game.has_byes(stage), stage)
    return [PlannedRound(event, stage, number, "swiss", draw, stage_result.primary, scores, dropped=sorted(out))]


def _pairs_round(event: Event, stage: Stage, movement: PairsMovement, number: int) -> PlannedRound:
    """Round `number` of a pairs movement as `pair` writes it. A pair withdrawn by the round
    keeps its seat (its opponents sit out, scored on average-plus or nothing), but its own
    sit-out line is left out: a pair that has left sits no round out, and check warns of that
    line in a round after the one it withdrew from (entry-withdrawn-sit-out-later)."""
    tables, sitting_out = movement.draw(number)
    boards = movement.boards(number)
    left_out = None
    if sitting_out is not None and sitting_out in event.entries \
            and event.entries[sitting_out].withdrawn_by(number, stage.id):
        # (the sit-out is the round's last table: no other table is numbered anew without it)
        left_out = (sitting_out, tables.index((sitting_out,)) + 1)
        kept = [k for k, sides in enumerate(tables) if sides != (sitting_out,)]
        tables, boards, sitting_out = [tables[k] for k in kept], [boards[k] for k in kept], None
    walked_out = {k: side for k, sides in enumerate(tables, start=1) if len(sides) == 2 for side in sides
                  if side in event.entries and event.entries[side].withdrawn_by(number, stage.id)}
    return PlannedRound(event, stage, number, movement.kind, Draw(tables, sitting_out), boards=boards,
                        movement=movement, sit_out_withdrawn=left_out, walked_out=walked_out)


def withdrawn_sit_out_line(plan: PlannedRound, locale: str) -> str | None:
    """The line saying a withdrawn pair's sit-out is left out of the round (_pairs_round), as a
    Swiss or lot draw says the entries it leaves out (pair_dropped_line): the round's header
    still says the movement's table with no NS pair sits a pair out, and without this line the
    file would show no sit-out with nothing said why. The round of this stage it withdrew from,
    the stage named in an event of several (a pair withdrawn in an earlier stage is not in this
    one's movement at all); None if none."""
    if plan.sit_out_withdrawn is None:
        return None
    entry_id, table = plan.sit_out_withdrawn
    since = plan.event.entries[entry_id].withdrawn_from(plan.stage.id)
    of_stage = catalogues.text("withdrawn_of_stage", locale, stage=plan.stage.id) if len(plan.event.stages) > 1 else ""
    return catalogues.text("pair_withdrawn_sit_out_line", locale, id=entry_id, since=since, of_stage=of_stage,
                           table=table)


def _pair_or_refuse(order: list[str], scores: dict[str, float], met: set[frozenset[str]],
                    byes: Counter[str], number: int) -> Draw:
    try:
        return drawn_once(order, scores, met, byes)
    except NoPairing:
        raise Refusal("pair-impossible", round=number, count=len(order)) from None


def _with_substitute(draw: Draw, substitutes: Sequence[str], met: Collection[frozenset[str]], has_byes: bool,
                     stage: Stage) -> Draw:
    """The odd entry out meets a substitute (`substitute: true`, never ranked) instead of sitting
    out, as the seed's odd pair plays the substitute referees (替补裁判代打): a substitute it has
    not met yet, else the first. Without a substitute the draw keeps its bye, unless the game's
    table has none (a bridge match): then Refusal, before anything is written."""
    if draw.bye is None:
        return draw
    if not substitutes:
        if not has_byes:
            raise Refusal("pair-odd-no-substitute", stage=stage.id, id=draw.bye)
        return draw
    substitute = next((s for s in substitutes if _meeting(draw.bye, s) not in met), substitutes[0])
    tables = [sides if sides != (draw.bye,) else (draw.bye, substitute) for sides in draw.tables]
    return Draw(tables, draw.bye, substitute)


def history(stage_result: StageResult, substitutes: Collection[str] = frozenset()) -> tuple[set[frozenset[str]], Counter[str]]:
    """Who has met whom in the stage, and each entry's byes so far (every table written counts,
    a forfeited match too; a match against a substitute counts as the other side's bye).
    A double forfeit (Guandan's `forfeit: [T17, T29]`: neither came) is a meeting as one team's
    forfeit is: the two were drawn together and the table has its result (each scored absent),
    so the draw does not seat them together again, and check's draw-rematch reads it the same.
    (Some Swiss practice takes a match not played for no meeting; paibang keeps one rule for
    every forfeit, and the teams of a double forfeit, most likely gone, lose nothing by it.)"""
    return history_of(stage_result.rounds, substitutes)


def history_of(rounds: Iterable[RoundResult], substitutes: Collection[str] = frozenset()
               ) -> tuple[set[frozenset[str]], Counter[str]]:
    """`history` of these rounds only: the stale-draw check draws a round again on the rounds
    before it (event._stale_draws), not on the whole stage."""
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    for round_result in rounds:
        for score in round_result.tables:
            sides = score.table.sides
            if len(sides) == 2:
                met.add(_meeting(*sides))
                for side, other in (sides, sides[::-1]):
                    if other in substitutes and side not in substitutes:
                        byes[side] += 1
            elif len(sides) == 1:
                byes[sides[0]] += 1
    return met, byes


def swiss_order(stage_result: StageResult, field_ids: Sequence[str]) -> tuple[list[str], dict[str, float]]:
    """Step 2: the ranking the draw reads (standings, then the stage's lots) and primary scores.
    Entries that have not played yet come last, in lot order, with a score of 0."""
    standings = stage_result.standings
    return draw_order(stage_result.stage.rank_by, stage_result.lots, stage_result.primary, field_ids,
                      {s.entry.id: s.tally for s in standings}, {s.entry.id for s in standings if s.rank is not None})


def draw_order(rank_by: Sequence[str], lots: Mapping[str, int], primary: str, field_ids: Sequence[str],
               tallies: Mapping[str, Tally], ranked: Collection[str]) -> tuple[list[str], dict[str, float]]:
    """swiss_order from the entries' tallies and the ids of those ranked, without standings:
    the stale-draw check (event._stale_draws) reads the order of every round it checks, and
    ranking a mass event's 5,000 entries into standings for each was for nothing but this."""
    keyed, unranked = [], []
    for entry_id in field_ids:
        if entry_id in ranked:
            keyed.append((rank_key(tallies[entry_id], rank_by), lots.get(entry_id, 0), entry_id))
        else:
            unranked.append((lots.get(entry_id, 0), entry_id))
    order = [e for *_, e in sorted(keyed)] + [e for _, e in sorted(unranked)]
    scores = {e: (tallies[e].metrics.get(primary, 0) if e in tallies else 0) for e in order}
    return order, scores


def pairing_changes(drawn: Sequence[str], drawn_scores: Mapping[str, float], order: Sequence[str],
                    scores: Mapping[str, float], met: Collection[frozenset[str]],
                    byes: Mapping[str, int], drawing: Callable[..., Draw] | None = None) -> list[str] | None:
    """The entries that a Swiss draw made on `order` (today's standings) would seat against
    another opponent, or give or take a bye, than the draw made on `drawn` (the order recorded
    in the round's # draw-order lines): what the stale-draw check names when a correction moved
    places, a tie-break's as well as a score's (event._stale_draws). Both are drawn here, by the
    same steps and history, rather than today's draw set against the round's tables: a draw
    edited by hand, or with a substitute seated, differs from either for reasons of its own.
    Listed in today's order; None when either cannot be drawn (NoPairing). `drawing`: how each
    is drawn, given pair_swiss's arguments: drawn_once unless said (pair_swiss: drawn afresh)."""
    drawing = drawing or drawn_once
    try:
        then, now = (drawing(o, s, met, byes) for o, s in ((drawn, drawn_scores), (order, scores)))
    except NoPairing:
        return None
    opponents = [{side: sides[1 - i] if len(sides) == 2 else None for sides in draw.tables
                  for i, side in enumerate(sides)} for draw in (then, now)]
    return [entry for entry in order if opponents[0].get(entry) != opponents[1].get(entry)]


def _rounds_without_play(stage_result: StageResult) -> set[int]:
    """A knockout's rounds whose every match is decided without a table (void, or a walkover)."""
    bracket = stage_result.bracket
    if bracket is None or not bracket.seeds:
        return set()
    return {number for number in range(1, bracket.rounds + 1)
            if all((m.void or m.walkover) and m.score is None for m in bracket.round_matches(number))}


def _no_field(result: EventResult, stage_result: StageResult) -> Refusal:
    """Why a knockout has no field yet. The stage qualifying for it over, but tied at the cut
    (event._qualify holds the knockout, qualify-tie-knockout): its results are all in, and what
    waits is the tie broken, said as the warning says it, not "enter the results" (they are)."""
    stage = stage_result.stage
    for feeder in result.stages:
        advance = feeder.stage.advance
        if advance is None or advance.to != stage.id or not feeder.cut_tied:
            continue
        count = next((s.rank for s in feeder.standings if s.entry.id == feeder.cut_tied[0]), 0)
        return Refusal("pair-knockout-tied", stage=stage.id, source=feeder.stage.id, count=count,
                       ids=feeder.cut_tied, places=advance.count, lots=", ".join(feeder.cut_tied))
    return Refusal("pair-knockout-no-field", stage=stage.id)


def _plan_knockout(result: EventResult, stage_result: StageResult, number: int) -> PlannedRound:
    """The bracket's round `number`, from the winners of the rounds before (knockout.py); its
    matches decided without play (knockout._decide_unplayed) are no table, said in the header."""
    bracket = stage_result.bracket
    if bracket is None or not bracket.seeds:
        raise _no_field(result, stage_result)
    drawn = knockout.next_round(bracket, number)
    if drawn.undecided:
        raise Refusal("pair-knockout-undecided", round=number, matches=drawn.undecided)
    draw = Draw([tuple(str(side) for side in match.sides) for match in drawn.matches])
    # A side withdrawn by this round loses its match by walkover (event-day.md): written as its
    # forfeit and said so, as a round robin's are, not left as a match for the room to play.
    entries, stage = result.event.entries, stage_result.stage
    gone = {side for sides in draw.tables for side in sides
            if side in entries and entries[side].withdrawn_by(number, stage.id)}
    # Round 1 drawn on a stage's standings: the primary figures it read, in their order, as a
    # Swiss round records its own (results_text), for check to name the table of that stage
    # corrected after the draw (knockout.drawn_field, tournament/stale.py).
    source = knockout.seeding_source(result.event, stage) if number == 1 else None
    seeding = next((s for s in result.stages if s.stage.id == source), None)
    scores = {s.entry.id: s.tally.metrics.get(seeding.primary, 0) for s in seeding.standings
              if s.rank is not None} if seeding is not None else {}
    return PlannedRound(result.event, stage, number, "knockout", draw, primary=seeding.primary if seeding else "",
                        scores=scores, knockout=drawn, forfeits=_withdrawal_forfeits(draw, gone),
                        rules=_rules_read(seeding.stage, stage) if seeding is not None else "")


def _withdrawal_forfeits(draw: Draw, gone: Collection[str]) -> dict[int, str]:
    """Each table of two sides with one of them out (`gone`: withdrawn by the round, or
    disqualified): written as that side's forfeit. (Two out: no forfeit; a round robin writes no
    such table, nor does a knockout: its match is void, knockout._decide_unplayed.)"""
    return {table: out[0] for table, sides in enumerate(draw.tables, start=1)
            if len(sides) == 2 and len(out := [side for side in sides if side in gone]) == 1}


def _plan_round_robin(result: EventResult, stage_result: StageResult, number: int, every: bool) -> list[PlannedRound]:
    event, stage = result.event, stage_result.stage
    numbers = robin_numbers(event, stage, [e.id for e in stage_result.field])
    schedule = berger_rounds(numbers)
    if number > len(schedule):
        raise Refusal("pair-robin-complete", stage=stage.id, count=len(numbers), rounds=len(schedule))
    last = min(stage.rounds, len(schedule)) if every else number
    out = sorted(s.entry.id for s in stage_result.standings if s.tally.forfeited)
    substitutes = [e.id for e in event.entries.values() if e.substitute and e.withdrawn is None]
    has_byes = GAMES[event.game].has_byes(stage)
    # Rounds written by hand (a first round drawn by lot at the venue), or drawn with another
    # draw_seed, follow another schedule than this Berger table, whose next round may meet two who
    # have met: the rounds after them are made to complete theirs (complete_round_robin), every
    # two still meeting once. Where they cannot be, pair refuses (pair-robin-cannot-complete):
    # check would only warn draw-rematch once written.
    written = robin_written([[s.table.sides for s in r.tables] for r in stage_result.rounds if r.number < number],
                            [e.id for e in event.entries.values() if e.substitute])
    completed, by_hand = robin_schedule(numbers, written)
    if completed is None:
        raise Refusal("pair-robin-cannot-complete", stage=stage.id, round=number, written=len(written))
    schedule, method = completed, "completed" if by_hand else "berger"
    met = {frozenset(s.table.sides): r.number for r in stage_result.rounds if r.number < number
           for s in r.tables if len(s.table.sides) == 2}
    # Round 1 of a round robin whose field qualified from another stage: the entries drawn, with
    # the figures of that stage they qualified on, recorded as a knockout's round 1 records its
    # seeding (results_text): a result there corrected after this draw tells check that the field
    # drawn was the qualifiers then (event._field_as_drawn), not an entry written in by mistake.
    feeder = next((s for s in result.stages if s.stage.advance and s.stage.advance.to == stage.id), None)
    drawn_on = {s.entry.id: s.tally.metrics.get(feeder.primary, 0) for s in feeder.standings
                if s.entry.id in numbers} if feeder is not None and number == 1 else {}
    plans = []
    for n in range(number, last + 1):
        draw = schedule[n - 1]
        if any(frozenset(sides) in met for sides in draw.tables):  # (never, by robin_schedule: a guard)
            raise Refusal("pair-robin-cannot-complete", stage=stage.id, round=n, written=len(written))
        # Withdrawn by this round (`withdrawn: N`, N <= n): its bye is no table (a bye written for
        # it is an error, entry-withdrawn-bye), a match against it is its forfeit, written so.
        # A disqualified entry (`out`: its forfeit put it out of the stage, seed 000 十.1) is out
        # as a withdrawn one is: the schedule still meets it, so the same (it was written an
        # ordinary table, left pending for ever or played against a team no longer ranked).
        gone = {e.id for e in stage_result.field if e.withdrawn_by(n, stage.id)} | set(out)
        # (two withdrawn teams scheduled to meet: no table; writing it as one's forfeit gave the
        # other a win after it had withdrawn)
        if draw.bye in gone or any(len(sides) == 2 and set(sides) <= gone for sides in draw.tables):
            # (only a withdrawn team's bye goes: the bye of one still playing is its table)
            draw = Draw([sides for sides in draw.tables if not set(sides) <= gone],
                        draw.bye if draw.bye not in gone else None)
        draw = _with_substitute(draw, substitutes, (), has_byes, stage)
        plans.append(PlannedRound(event, stage, n, method, draw, numbers=numbers, dropped=out,
                                  forfeits=_withdrawal_forfeits(draw, gone), written=len(written),
                                  scores=drawn_on if n == 1 else {},
                                  rules=_rules_read(feeder.stage, stage) if feeder is not None and n == 1 else ""))
    return plans


def _rules_read(stage: Stage, drawn: Stage) -> str:
    """The settings of `stage` a draw of `drawn` on its standings reads (its advance count, its
    rank_by), recorded with the figures: a setting changed after the draw is then said as such,
    with the value the draw read (event._field_as_drawn), not taken for a corrected result. And
    the format `drawn` was drawn as (`drawn_as`): a round robin's round 1 read as a knockout's
    bracket once event.yaml says knockout, or the reverse, is said as the format changed
    (content/load.py's formats_as_drawn), not as a correction of the stage seeding it."""
    count = f"count={stage.advance.count} " if stage.advance is not None else ""
    return f"{count}rank_by={','.join(stage.rank_by)} drawn_as={drawn.format}"


def robin_numbers(event: Event, stage: Stage, ids: Sequence[str]) -> list[str]:
    """A round robin's entries in the order of their Berger numbers, drawn by lot (draw_seed)."""
    places = lot_order(ids, [], event.draw_seed, f"{event.slug}/{stage.id}/berger")
    return sorted(ids, key=places.__getitem__)


def robin_schedule(numbers: Sequence[str], written: Sequence[Sequence[tuple[str, ...]]]) -> tuple[list[Draw] | None, bool]:
    """A round robin's whole schedule with the rounds `written` so far (each round's tables), and
    whether it completes rounds that do not follow the Berger table. The Berger table when they
    follow it; else they were written by hand (a first round drawn by lot at the venue) or drawn
    with another draw_seed, and the rounds after them complete them (complete_round_robin):
    None when no rounds can, every two meeting once. Completing rounds that were themselves
    completed so makes the same rounds again (the search takes the same turns), so drawing the
    rest one round at a time or all at once makes the same rounds."""
    berger = berger_rounds(numbers)
    if follows_schedule(berger, written):
        return berger, False
    completed = complete_round_robin(numbers, written)
    return (None if completed is None else [*(Draw(list(tables)) for tables in written), *completed]), True


def robin_written(rounds: Sequence[Sequence[Sequence[str]]], substitutes: Collection[str]) -> list[list[tuple[str, ...]]]:
    """A round robin's rounds written (each round's tables' sides) as its schedule has them: a
    table against the substitutes is the bye they fill (_with_substitute), a bye of one."""
    return [[tuple(side for side in sides if side not in substitutes) or tuple(sides) for sides in tables]
            for tables in rounds]


def follows_schedule(schedule: Sequence[Draw], written: Sequence[Sequence[tuple[str, ...]]]) -> bool:
    """Whether the rounds written (robin_written) are the schedule's first rounds as pair writes
    them: each table one of its round's meetings (or byes), whatever their order or who sits
    first. Not every one: pair leaves out a withdrawn entry's bye and a meeting of two withdrawn."""
    return all(number < len(schedule) and {frozenset(sides) for sides in tables}
               <= {frozenset(sides) for sides in schedule[number].tables} for number, tables in enumerate(written))


# --- pairs: the movement, with the stage's entries -------------------------------------------------


@dataclass(frozen=True)
class PairsMovement:
    """A pairs stage's movement (movements.py) with its entries: `numbers[k - 1]` is pair k (in
    a Mitchell NS pair k), `ew_numbers[k - 1]` a Mitchell's EW pair k (empty for a Howell)."""

    kind: str  # mitchell | howell
    sittings: list[Sitting]
    numbers: list[str]
    ew_numbers: list[str]
    per_round: int
    # A pair that joined after round 1 (late_pairs_seated): in the seat the sit-out left, from
    # round `joined`; the others keep the numbers the entry list gave them before it came.
    late: tuple[str, ...] = ()
    joined: int = 0
    # Of `late`, the pairs seated at a table added for them after round 1 (_grown), not in a
    # sit-out's seat: the session has boards no one dealt (pairs-late-grown says which).
    grown: tuple[str, ...] = ()

    def round(self, number: int) -> list[Sitting]:
        return [s for s in self.sittings if s.round == number]

    def sides(self, sitting: Sitting) -> tuple[str, ...]:
        if sitting.sits_out and sitting.ns == 0:  # a Mitchell's EW pair at the table with no NS pair
            return (self.ew_numbers[sitting.ew - 1],)
        if sitting.sits_out:
            return (self.numbers[sitting.ns - 1],)
        return (self.numbers[sitting.ns - 1], (self.ew_numbers or self.numbers)[sitting.ew - 1])

    def draw(self, number: int) -> tuple[list[tuple[str, ...]], str | None]:
        """Round `number`'s tables in table order (a sit-out last) and who sits out."""
        tables = [self.sides(s) for s in self.round(number)]
        return tables, next((t[0] for t in tables if len(t) == 1), None)

    def boards(self, number: int) -> list[tuple[int, ...]]:
        return [s.boards for s in self.round(number)]

    @property
    def session_boards(self) -> int:
        """The boards the whole session plays (a 9-pair Howell of 9 rounds of 3: 27), whatever
        has been entered so far."""
        return len({board for s in self.sittings for board in s.boards})

    def follows(self, rounds: Sequence[Round]) -> bool:
        """Whether the rounds written so far seat every table as this movement does."""
        return all(self.seats(round_.number, round_.tables) for round_ in rounds)

    def seats(self, number: int, tables: Sequence[Table]) -> bool:
        """Whether round `number`'s `tables` are seated as this movement seats that round."""
        seated = {s.table: self.sides(s) for s in self.round(number)}
        return all(seated.get(t.number) == tuple(t.sides) for t in tables)

    def summary(self, locale: str, sit_out_note: str | None = None) -> list[str]:
        """The movement in the secretary's words: what moves, the pair numbers, the comparison.
        `sit_out_note`, a round's word on its sit-out (withdrawn_sit_out_line), right under the
        line saying who sits out: read after the whole summary, the header's first say of the
        sit-out table went unqualified for four lines."""
        rounds = max((s.round for s in self.sittings), default=0)
        tables = max((s.table for s in self.sittings if not s.sits_out), default=0)
        if self.kind == "mitchell":
            tables = len(self.ew_numbers)  # (with a sit-out, its table too: the EW pairs move through it)
            lines = [catalogues.text("pair_mitchell_line", locale, tables=tables, rounds=rounds, boards=self.per_round)]
            if tables % 2 == 0 and rounds > tables // 2:
                lines.append(catalogues.text("pair_mitchell_skip", locale, half=tables // 2))
            if len(self.numbers) < tables:  # an odd field: the last table has no NS pair
                lines.append(catalogues.text("pair_mitchell_sit_out", locale, table=tables))
                lines += [sit_out_note] if sit_out_note is not None else []
                sit_out_note = None
                lines.append(catalogues.text("pair_mitchell_numbers_short", locale, tables=tables, ns_count=len(self.numbers),
                                             ns=self._span(self.numbers), ew=self._span(self.ew_numbers),
                                             ns_numbers=_numbers(len(self.numbers)), ew_numbers=_numbers(tables)))
            else:
                lines.append(catalogues.text("pair_mitchell_numbers", locale, tables=tables, ns=self._span(self.numbers),
                                             ew=self._span(self.ew_numbers), ns_numbers=_numbers(tables), ew_numbers=_numbers(tables)))
        else:
            pairs = len(self.numbers)
            lines = [catalogues.text("pair_howell_line", locale, pairs=pairs, tables=tables, rounds=rounds, boards=self.per_round)]
            shared = pairs + pairs % 2 <= 6 and tables > 1
            if self.kind != "barometer":
                lines.append(catalogues.text("pair_howell_shared" if shared else "pair_howell_sets", locale))
            if self.kind == "barometer":
                lines = [catalogues.text("pair_barometer_line", locale, pairs=pairs, tables=tables, rounds=rounds, boards=self.per_round)]
            lines.append(catalogues.text("pair_howell_numbers", locale, pairs=pairs, ids=self._span(self.numbers)))
            if pairs % 2:
                lines.append(catalogues.text("pair_howell_sit_out", locale))
                lines += [sit_out_note] if sit_out_note is not None else []
                sit_out_note = None
        seated = [pair for pair in self.late if pair not in self.grown]
        if seated and self.late[-1] in seated:  # (the pair who joined last took the sit-out's seat)
            table = next(s.table for s in self.round(self.joined) if set(seated) & set(self.sides(s)))
            lines.append(catalogues.text("pair_late_seat", locale, ids=", ".join(seated), round=self.joined, table=table))
        if sit_out_note is not None:  # (no sit-out line said: with the round's other note, the late seat)
            lines.append(sit_out_note)
        lines.append(catalogues.text("pair_compare_line", locale))
        return lines

    def _span(self, ids: Sequence[str]) -> str:
        """_span of the pairs in entry order, a late pair after them (A01–A06, A14)."""
        return ", ".join(filter(None, (_span([i for i in ids if i not in self.late]), *[i for i in ids if i in self.late])))


def _span(ids: Sequence[str]) -> str:
    return f"{ids[0]}–{ids[-1]}" if len(ids) > 1 else "".join(ids)


def _numbers(count: int) -> str:
    """The pair numbers 1 to `count` of a direction: "1–3", or "1" alone (a one-table Mitchell
    said "NS 1–1")."""
    return f"1–{count}" if count > 1 else "1"


def board_span(boards: Sequence[int]) -> str:
    """1–3 for a run of boards, else 1, 4."""
    if len(boards) > 1 and list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, boards))


def pairs_movement(event: Event, stage_result: StageResult) -> PairsMovement:
    """The movement of a pairs stage for its field: the stage's `movement`, or by the field's size
    (movements.choose_movement); the stage's `rounds`, `boards` a round. Raises Refusal when the
    field or the rounds do not fit the movement."""
    return movement_of(event, stage_result.stage, stage_result.field)


def _stage_movement(event: Event, stage_result: StageResult) -> PairsMovement | None:
    """pairs_movement, None for another format, no field, or a field the movement does not fit."""
    if stage_result.stage.format != "pairs" or not stage_result.field:
        return None
    try:
        return pairs_movement(event, stage_result)
    except Refusal:
        return None


def followed_movement(event: Event, stage_result: StageResult) -> PairsMovement | None:
    """A pairs stage's movement, when the rounds written so far follow it; None for other formats,
    a field the movement does not fit, or rounds written another way (an imported session)."""
    movement = _stage_movement(event, stage_result)
    return movement if movement is not None and movement.follows(event.rounds.get(stage_result.stage.id, [])) else None


def fitting_movement(event: Event, stage: Stage, field: Sequence[Entry]) -> PairsMovement | None:
    """movement_of, None for a field the movement does not fit (its refusal is check's to say)."""
    try:
        return movement_of(event, stage, field)
    except Refusal:
        return None


def movement_of(event: Event, stage: Stage, field: Sequence[Entry]) -> PairsMovement:
    """pairs_movement for a stage and its field, before the stage is scored. A pair at no table
    of round 1 as written (a late entry, event-day.md) does not renumber the others: the movement
    of the rounds written goes on, the late pair taking the seat of the sit-out's missing pair from
    the round it joins (late_pairs_seated), or, late pairs after a Mitchell's round 1, a table
    added for them (_grown); where there is neither, the movement of the whole field, which
    `pair` refuses to continue (pair-late-no-seat). Built once for the same stage, field and
    rounds written: check, build and pair ask for it from a dozen places."""
    field = movement_field(event, stage, field)
    return _remembered(event, ("movement", *_movement_key(event, stage, field)), lambda: _movement_with_late(event, stage, field))


def movement_field(event: Event, stage: Stage, field: Sequence[Entry]) -> Sequence[Entry]:
    """The pairs a pairs stage's movement seats: its field less each pair at no table of the rounds
    written and withdrawn by the next round to draw (`withdrawn: true` before round 1, a late
    pair's `withdrawn: 2` after it). Such a pair never plays: a late one seated anyway grew a
    12-pair Mitchell to 7 tables for A13 and a withdrawn A14, who sat at table 1 in round 2 while
    A13 could have had the sit-out's seat (rev56). A pair seated in a round written keeps its seat
    when it withdraws later: its tables are then its opponents' forfeits."""
    written = event.rounds.get(stage.id, [])
    seated = {side for r in written for t in r.tables for side in t.sides}
    following = max((r.number for r in written), default=0) + 1
    kept = [e for e in field if e.id in seated or not e.withdrawn_by(following, stage.id)]
    return field if len(kept) == len(field) else kept


# The movements built (and the refusals met), for each event read, by everything they are built
# from (_movement_key): a check or build asked for one stage's movement six times over, late
# pairs each time sought again (late_pairs, _sit_out_unwritten, _one_seat), each building two to
# four movements. Kept with the event object (gone with it), so that an event read again (serve,
# the desk) or built in other conditions is built afresh; the key holds the rounds written, so a
# round added to the same event is a new key.
_BUILT: dict[int, tuple[weakref.ref[Event], dict[tuple[object, ...], object]]] = {}


def _movement_key(event: Event, stage: Stage, field: Sequence[Entry]) -> tuple[object, ...]:
    """What a stage's movement is built from: the stage's keys, the field in its order and in
    the entry list's (pair numbers follow the entry list), the rounds written (who sits where)."""
    order = {entry_id: place for place, entry_id in enumerate(event.entries)}
    ids = tuple(e.id for e in field)
    written = tuple((r.number, tuple((t.number, tuple(t.sides)) for t in r.tables))
                    for r in event.rounds.get(stage.id, []))
    return (stage.id, stage.movement, stage.rounds, stage.boards, ids,
            tuple(sorted(ids, key=lambda i: order.get(i, len(order)))), written)


def _remembered(event: Event, key: tuple[object, ...], build: Callable[[], Any]) -> Any:
    kept = _BUILT.get(id(event))
    if kept is None or kept[0]() is not event:
        kept = (weakref.ref(event, lambda _, place=id(event): _BUILT.pop(place, None)), {})
        _BUILT[id(event)] = kept
    built = kept[1]
    if key not in built:
        try:
            built[key] = build()
        except Refusal as refusal:
            built[key] = refusal
    found = built[key]
    if isinstance(found, Refusal):  # (made again: each caller's own, as if built anew)
        raise Refusal(found.code, **found.params)
    return found


def _movement_with_late(event: Event, stage: Stage, field: Sequence[Entry]) -> PairsMovement:
    written = event.rounds.get(stage.id, [])
    late = late_pairs(event, stage, field)
    if late:  # (a Howell drawn in the legacy directions goes on in them: _with_late)
        for seated in _with_late(event, stage, field, late, written):
            if seated.follows(written):
                return seated
    return _movement_of(event, stage, field)


def _late_seated(event: Event, stage: Stage, field: Sequence[Entry], late: Mapping[str, int],
                 written: Sequence[Round], legacy: bool) -> PairsMovement | None:
    """The movement of the rounds written with the `late` pairs seated, those who joined last in
    the movement of the others: a pair that took a Mitchell's added table in round 2 is in the
    field the sit-out's seat is then taken from in round 4. None where they have no seat."""
    joins = max(late.values())
    group = [pair for pair in late if late[pair] == joins]
    earlier = {pair: joined for pair, joined in late.items() if joined < joins}
    early = [e for e in field if e.id not in group]
    before_rounds = [r for r in written if r.number < joins]
    if not early:
        return None
    if earlier:
        before = _late_seated(event, stage, early, earlier, before_rounds, legacy)
    else:
        try:
            before = _movement_of(event, stage, early, legacy)
        except Refusal:
            return None
    if before is None or not before.follows(before_rounds):
        return None
    seated = late_pairs_seated(before, group, joins - 1, legacy)
    return seated if seated is not None else _grown(before, group, late, stage.rounds)


def _grown(movement: PairsMovement, group: Sequence[str], late: Mapping[str, int], rounds: int) -> PairsMovement | None:
    """A Mitchell with a table (or more) added for the `group` of pairs late, as a director adds
    one for pairs who come after round 1: the Mitchell of the field with them, the others keeping
    their numbers, the late pairs after them (NS first, as many as the new tables need, then EW),
    each absent from the rounds before it joined (`late`: pair -> that round; a table of two late
    pairs is no table then, one late pair's opponent sat out; a late pair at the sit-out table
    sat out as the movement has it, as the 12-pair field's 13th did before). Round 1 of every Mitchell seats NS
    k against EW k on board set k, so the 12-pair one's round 1 is the 14-pair one's with table 7
    empty: from round 2 on nothing is replayed and no two pairs meet again, and the new table's
    boards (13-14) are new, to be dealt (pairs-late-grown). Where more rounds were written the
    tables there were have moved otherwise, and the rounds written do not follow it (None there
    or for a Howell: its rounds differ with every size from round 1)."""
    if movement.kind != "mitchell":
        return None
    pairs = len(movement.numbers) + len(movement.ew_numbers) + len(group)
    tables = (pairs + 1) // 2
    if tables <= len(movement.ew_numbers) or rounds > (tables if tables % 2 else tables - 1):
        return None  # (the same tables: the sit-out's seat, late_pairs_seated's; too many rounds)
    short = pairs % 2
    to_ns = tables - short - len(movement.numbers)
    ns, ew = [*movement.numbers, *group[:to_ns]], [*movement.ew_numbers, *group[to_ns:]]
    sittings = []
    for s in mitchell(tables, rounds, movement.per_round, sit_out=bool(short)):
        here_ns = s.ns > 0 and late.get(ns[s.ns - 1], 0) <= s.round
        here_ew = s.ew > 0 and late.get(ew[s.ew - 1], 0) <= s.round
        if s.sits_out or here_ns and here_ew:  # (a late pair at the sit-out's seat: as if it sat out)
            sittings.append(s)
        elif here_ns or here_ew:  # its opponent came later: it sat that round out
            sittings.append(Sitting(s.round, s.table, s.ns if here_ns else 0, s.ew if here_ew else 0, ()))
    first = min(late[pair] for pair in group)
    return PairsMovement("mitchell", sittings, ns, ew, movement.per_round, (*movement.late, *group), first,
                         (*movement.grown, *group))


def late_refusal(event: Event, stage: Stage, field: Sequence[Entry], drawn_only: bool = False) -> Refusal | None:
    """Why `pair` will not draw a pairs stage's next round for its late pairs (no seat for them,
    or for all of them), as pair says it and check warns of it; None when the movement seats
    them, none is late, or the field fits no movement (pairs_movement's refusal). `drawn_only`:
    the last round written has no result yet; where drawing it again would seat them, that is
    said (pair-late-redraw) instead of deleting pairs or redrawing from round 1."""
    refused = _late_refusal(event, stage, field)
    written = sorted(event.rounds.get(stage.id, []), key=lambda r: r.number)
    if refused is None or not drawn_only or not written:
        return refused
    last = written[-1]
    before = dataclasses.replace(event, rounds={**event.rounds, stage.id: written[:-1]})
    if _late_refusal(before, stage, field) is not None or fitting_movement(before, stage, field) is None:
        return refused
    try:
        file = last.source.relative_to(event.folder).as_posix()
    except ValueError:
        file = last.source.name
    return Refusal("pair-late-redraw", stage=stage.id, ids=refused.params["ids"], count=refused.params["count"],
                   round=last.number, written=last.number, where=refused.params["where"], file=file)


def _late_refusal(event: Event, stage: Stage, field: Sequence[Entry]) -> Refusal | None:
    written = event.rounds.get(stage.id, [])
    field = movement_field(event, stage, field)
    movement = fitting_movement(event, stage, field)
    late = late_pairs(event, stage, field)
    if movement is None or movement.follows(written) or not late:
        return None
    number = max((r.number for r in written), default=0) + 1
    # Only the pairs still at no table are refused a seat: one already playing (at the sit-out's
    # seat from round 2, a table the director added by hand) keeps it and its results (rev56: A14,
    # seated after round 1, was named with A15 and A16 after round 2, "keep A14").
    waiting = [pair for pair, joins in late.items() if joins >= number]
    seated = {pair: joins for pair, joins in late.items() if joins < number}
    if seated and waiting:
        others = fitting_movement(event, stage, [e for e in field if e.id not in waiting])
        if others is not None and others.follows(written):
            seated = {}  # (seated as the movement seats late pairs: the sit-out's seat, rev56's A14)
    if seated:
        # late pairs sit at a table written, otherwise than the movement seats late pairs (a table
        # of their own written by hand): never told to delete pairs that have played. Pairs later
        # still, at no table yet, are said as they are: told to delete them and draw, as a pair
        # with no seat is, the director met this refusal again (pair draws no round for the others)
        ids = ", ".join(seated)
        words = {}
        if waiting:
            entry = event.entries[waiting[0]]
            named = dict(ids=", ".join(waiting), count=len(waiting), round=number, seated=ids,
                         where=_entry_line(event, entry))
            words = dict(waiting=catalogues.word("pair_late_off_waiting", **named),
                         waiting_fix=catalogues.word("pair_late_off_waiting_fix", **named))
        return Refusal("pair-late-off-movement", stage=stage.id, ids=ids, count=len(seated), round=number,
                       joined=min(seated.values()), where=_entry_line(event, event.entries[next(iter(seated))]),
                       waiting=words.get("waiting", ""), waiting_fix=words.get("waiting_fix", ""),
                       late=", ".join(waiting))
    entry = event.entries[waiting[0]]
    where = _entry_line(event, entry)
    first, *rest = waiting
    if rest and _one_seat(event, stage, field, first, waiting):
        # pairs late to an odd field with one seat, the sit-out's: the director is told which
        # to keep rather than to delete them all
        return Refusal("pair-late-several", stage=stage.id, ids=", ".join(waiting), count=len(waiting),
                       round=number, written=number - 1, where=where, first=first, rest=", ".join(rest))
    return Refusal("pair-late-no-seat", stage=stage.id, ids=", ".join(waiting), count=len(waiting), round=number,
                   written=number - 1, where=where)


def _entry_line(event: Event, entry: Entry) -> str:
    return event.entries_file(entry) + (f":{entry.mark.line}" if entry.mark and entry.mark.line else "")


def _one_seat(event: Event, stage: Stage, field: Sequence[Entry], first: str, waiting: Collection[str]) -> bool:
    """Whether, of several pairs `waiting` (late, at no table yet), `first` alone would be seated
    (fitting_movement: the sit-out's seat, or a table added after round 1) with the others left
    out of the field."""
    movement = fitting_movement(event, stage, [e for e in field if e.id == first or e.id not in waiting])
    return movement is not None and movement.follows(event.rounds.get(stage.id, []))


def late_pairs(event: Event, stage: Stage, field: Sequence[Entry]) -> dict[str, int]:
    """The pairs of a pairs stage's field at no table of its first round written (paibang pair
    writes every pair there, one sitting out too), in entry order: id -> the round it joins (its
    first table, else the next round to draw). None late before a round is written."""
    field = movement_field(event, stage, field)
    return dict(_remembered(event, ("late", *_movement_key(event, stage, field)), lambda: _late_pairs(event, stage, field)))


def first_rounds(rounds: Iterable[Round]) -> dict[str, int]:
    """Each side at a table of `rounds` -> the number of the first round it sits at a table: what
    tells a late entry (or pair) from one drawn from the start, and the rounds it missed."""
    first: dict[str, int] = {}
    for round_ in sorted(rounds, key=lambda r: r.number):
        for table in round_.tables:
            for side in table.sides:
                first.setdefault(side, round_.number)
    return first


def _late_pairs(event: Event, stage: Stage, field: Sequence[Entry]) -> dict[str, int]:
    written = sorted(event.rounds.get(stage.id, []), key=lambda r: r.number)
    if not written:
        return {}
    absent = _absent(field, written)
    sitting = _sit_out_unwritten(event, stage, field, absent, written)
    return {pair: joins for pair, joins in absent.items() if pair != sitting}


def _absent(field: Sequence[Entry], written: Sequence[Round]) -> dict[str, int]:
    """The pairs of `field` at no table of the first of the rounds `written` (in order) -> the
    round of their first table, else the next round to draw: each late, or a sit-out unwritten."""
    first = first_rounds(written)
    joins = {e.id: first.get(e.id, written[-1].number + 1) for e in field} if written else {}
    return {pair: round_ for pair, round_ in joins.items() if round_ > written[0].number}


def _sit_out_unwritten(event: Event, stage: Stage, field: Sequence[Entry], absent: Mapping[str, int],
                       written: Sequence[Round]) -> str | None:
    """Of the pairs at no table of round 1 (`absent`: pair -> its first round), the one that is
    the field's sit-out whose line was left out of the file (a round typed by hand need not write
    it), None if none is. Told by the movement of the whole field, late pairs included: the pair
    it sits out in round 1 (and every round before its first table) and seats from then on as
    the rounds written do, the others seated as late (_late_seated). A 9-pair Mitchell's round 1
    without A09's sit-out line was taken for an 8-pair one with A09 late, and check told the
    director to delete A09; a 7-pair barometer's without A01's, for a 6-pair one numbering A02
    as pair 1; 13 pairs without A13's beside A14 late from round 2 had both late (rev106: A13
    counted from round 2 when it withdrew, A14's pairs-late-entry gone).

    Where the rounds written read as every absent pair late too, each stays late, warned of: the
    files cannot tell the two apart, and a sit-out taken unseen for a late pair is worse than
    a warning (pairs-late-entry says the sit-out line to write: late_sit_out_table).
    So are 9 pairs of 3 rounds without A09's line (the 8-pair Mitchell A09 came late to, table 5
    added, is the same movement), as is any odd Mitchell of no more rounds than the even field one
    pair smaller has tables (13 pairs of 5 rounds without A13's, rev110 D1), 10 pairs and A11, A12
    from round 2 (A12 the 11-pair field's sit-out, A11 in its seat, or both at table 6 added: the
    same rounds), and 14 pairs with A15 from round 2 and A16 from round 3. Where two pairs would
    each be the sit-out, neither is."""
    if not absent or any(movement.follows(written) for movement in _with_late(event, stage, field, absent, written)):
        return None
    sitting = [pair for pair, table in _sit_out_seats(event, stage, field, absent, written).items() if table is not None]
    return sitting[0] if len(sitting) == 1 else None


def _sit_out_seats(event: Event, stage: Stage, field: Sequence[Entry], absent: Mapping[str, int],
                   written: Sequence[Round]) -> dict[str, int | None]:
    """Each `absent` pair's seat at round 1's sit-out (_sit_out_seat), the others seated as late;
    found once an event's rounds (_sit_out_unwritten and each late pair's hint ask alike)."""
    return _remembered(event, ("sit-outs", *_movement_key(event, stage, field)),
                       lambda: {pair: _sit_out_seat(event, stage, field, absent, pair, written) for pair in absent})


def late_sit_out_table(event: Event, stage: Stage, field: Sequence[Entry], pair: str) -> int | None:
    """The table of round 1 at which a late `pair` would have sat out, had it been in the field
    from the start, its sit-out line left out of the file, when the rounds written read so as
    well as late (_sit_out_unwritten keeps it late): the line pairs-late-entry says to write if
    it was there. None when the rounds tell it late."""
    field = movement_field(event, stage, field)
    written = sorted(event.rounds.get(stage.id, []), key=lambda r: r.number)
    absent = _absent(field, written)
    if pair not in absent:
        return None
    # Each absent pair's seat, the others seated as late: where two or more would each have sat
    # round 1 out, none is told a line (two told the same table wrote it twice: table-duplicate),
    # as none of them is taken for the sit-out (_sit_out_unwritten).
    seats = _sit_out_seats(event, stage, field, absent, written)
    told = [other for other, table in seats.items() if table is not None]
    return seats[pair] if told == [pair] else None


def _sit_out_seat(event: Event, stage: Stage, field: Sequence[Entry], absent: Mapping[str, int], pair: str,
                  written: Sequence[Round]) -> int | None:
    """The table of the first round written at which the movement of the whole field, the other
    `absent` pairs seated as late, sits `pair` out, as it does every round before its first table,
    the rounds written following that movement; None where none does."""
    others = {other: joins for other, joins in absent.items() if other != pair}
    for movement in _with_late(event, stage, field, others, written):
        out = [[s.table for s in movement.round(r.number) if s.sits_out and pair in movement.sides(s)]
               for r in written if r.number < absent[pair]]
        if movement.follows(written) and out and all(out):
            return out[0][0]
    return None


def _with_late(event: Event, stage: Stage, field: Sequence[Entry], late: Mapping[str, int],
               written: Sequence[Round]) -> Iterator[PairsMovement]:
    """The movements of the whole `field` with the `late` pairs seated as late (_late_seated), in
    the balanced directions and the legacy ones; with none late, the field's own movement. A
    movement refused is none."""
    if not late:
        try:
            yield _movement_of(event, stage, field)
        except Refusal:
            pass
        return
    for legacy in (False, True):
        seated = _late_seated(event, stage, field, late, written, legacy)
        if seated is not None:
            yield seated


def late_pairs_seated(movement: PairsMovement, late: Sequence[str], last: int, legacy: bool = False) -> PairsMovement | None:
    """`movement` (its rounds up to `last` written) going on with the late pair in the seat of
    the pair the sit-out is short of: a Mitchell's NS pair of its last table, a Howell's phantom
    (the pair whoever sits out would meet), from round `last` + 1. The other pairs keep their
    tables, boards and opponents; the late pair plays boards and meets pairs the missing pair
    would have, each once. None when there is no such seat (an even field, or more than one
    late pair): the movement cannot go on unchanged."""
    if len(late) != 1 or not any(s.sits_out and s.round > last for s in movement.sittings):
        return None  # (a sit-out in the rounds to come only: one taken by a pair late earlier is no seat)
    rounds = max(s.round for s in movement.sittings)
    if movement.kind == "mitchell":
        tables = len(movement.ew_numbers)
        full = {(s.round, s.table): s for s in mitchell(tables, rounds, movement.per_round)}
        sittings = [full[s.round, s.table] if s.round > last and s.sits_out else s for s in movement.sittings]
        return PairsMovement(movement.kind, sittings, [*movement.numbers, *late], movement.ew_numbers,
                             movement.per_round, (*movement.late, *late), last + 1, movement.grown)
    pairs = len(movement.numbers)
    whole = (barometer if movement.kind == "barometer" else howell)(pairs + 1, rounds, movement.per_round, legacy)
    # the phantom's table is the even Howell's table 1 (pair pairs + 1 there every round); the
    # odd Howell numbers its tables from the next one and puts the sit-out last: keep its numbers
    phantom = {s.round: s for s in whole if s.table == 1}
    sittings = [Sitting(s.round, s.table, phantom[s.round].ns, phantom[s.round].ew, phantom[s.round].boards)
                if s.round > last and s.sits_out else s for s in movement.sittings]
    return PairsMovement(movement.kind, sittings, [*movement.numbers, *late], [], movement.per_round, (*movement.late, *late),
                         last + 1, movement.grown)


def _movement_of(event: Event, stage: Stage, field: Sequence[Entry], legacy: bool | None = None) -> PairsMovement:
    """movement_of for this field; a Howell's directions the legacy ones (movements.howell) when
    `legacy`, or, None, when the rounds written follow them and not the balanced ones."""
    return _remembered(event, ("built", legacy, *_movement_key(event, stage, field)), lambda: _build_movement(event, stage, field, legacy))


def _build_movement(event: Event, stage: Stage, field: Sequence[Entry], legacy: bool | None) -> PairsMovement:
    written = {entry_id: place for place, entry_id in enumerate(event.entries)}
    ids = sorted((e.id for e in field), key=written.__getitem__)
    if not stage.boards:
        raise Refusal("pair-movement-boards", stage=stage.id)
    kind = choose_movement(len(ids), stage.movement)
    if kind == "mitchell":
        if len(ids) < 2:
            raise Refusal("pair-mitchell-odd", stage=stage.id, count=len(ids))
        # an odd field: one NS pair short, the last table's EW pair sitting out (movements.mitchell)
        tables = (len(ids) + 1) // 2
        most = tables if tables % 2 else max(tables - 1, 1)
    else:
        if not 2 <= len(ids) <= HOWELL_LARGEST:
            raise Refusal("pair-howell-size", stage=stage.id, count=len(ids), largest=HOWELL_LARGEST)
        most = len(ids) - 1 + len(ids) % 2
    if stage.rounds > most:
        raise Refusal("pair-movement-rounds", stage=stage.id, movement=kind, count=len(ids), rounds=stage.rounds,
                      most=most)
    if kind == "mitchell":
        short = len(ids) % 2  # (the first `tables - short` pairs sit NS)
        return PairsMovement(kind, mitchell(tables, stage.rounds, stage.boards, sit_out=bool(short)),
                             ids[:tables - short], ids[tables - short:], stage.boards)
    movement = barometer if kind == "barometer" else howell  # a barometer seats pairs as a Howell does
    drawn = PairsMovement(kind, movement(len(ids), stage.rounds, stage.boards, bool(legacy)), ids, [], stage.boards)
    if legacy is not None:
        return drawn
    # The directions were balanced later (movements._balanced_sides): a stage whose rounds were
    # drawn before, in the legacy directions, keeps them, its next rounds too; the tables and
    # boards are the same either way, only who sits NS differs.
    played = event.rounds.get(stage.id, [])
    if played and not drawn.follows(played):
        legacy = PairsMovement(kind, movement(len(ids), stage.rounds, stage.boards, legacy=True), ids, [], stage.boards)
        if legacy.follows(played):
            return legacy
    return drawn


def match_boards(event: Event, stage: Stage, number: int, tables: Sequence[Table],
                 written: Mapping[int, Collection[int]] | None = None) -> dict[int, tuple[int, ...]]:
    """The boards each match of round `number` plays (table -> boards; `tables`: the round's as
    written, results or none), in a stage other than pairs: the one rule behind the desk's form,
    the round's score sheets, hand cards and draw notice, and `paibang pair`'s example. (The
    80分 sheets listed 1..boards in every round while the desk offered round 3 of 8-board rounds
    17-24 after a round 2 on 9-16.)

    The game's numbering where it has one (Game.round_boards: bridge teams, on through the
    rounds, or afresh with `boards_each_round: same`; a stage saying no `boards`, the block of
    the game's default its match waits for, 33-40 in round 5 with 33-38 written). Else, for a
    match in two rooms of a stage saying its `boards` (80分, a bridge `matches` stage), whose
    round may play any boards 1 to
    rounds x boards (content-format.md "Board numbers"): the block of `boards` holding those
    written at the table (9-13 written: 9-16); else at the round's other tables (every match
    of a round plays the same boards); else on from the stage's last round written
    (_on_from_earlier); else 1..boards. None known otherwise. `written`: a table's boards as
    the caller reads them, in place of its record's (the desk: the file's text as it stands,
    its record perhaps unread)."""
    game = GAMES.get(event.game)
    if game is None:
        return {}
    # (the boards each round before wrote: a round with none written yet numbered on from them,
    # or, with `boards` too, a bridge teams stage whose rounds restart on 1..boards read as such)
    earlier = game.boards_before(stage, event.rounds.get(stage.id, []), number)
    numbered = game.round_boards(stage, number, tables, written, earlier)
    form = game.table_form(stage)
    per_round = stage.boards
    # (a pairs table's board left out is one it did not play: its boards are its file's, or
    # its movement's, round_boards; Guandan's match is played in deals, not boards)
    if numbered or not per_round or form is None or not form.rooms or "boards" not in game.table_keys:
        return numbered
    written = written or {}

    def at(table: Table) -> Collection[int]:
        return written.get(table.number) or game.written_boards(stage, table)

    matches = [table for table in tables if len(table.sides) == 2]
    here = {board for table in matches for board in at(table)}
    block = tuple(board_block(here, per_round)) if here else _on_from_earlier(event, stage, number, game)
    return {table.number: tuple(board_block(set(own), per_round)) if (own := at(table)) else block
            for table in matches}


def _on_from_earlier(event: Event, stage: Stage, number: int, game: Game) -> tuple[int, ...]:
    """match_boards for a round with no board written yet: on from the stage's last round that
    writes some (round 2 of 8-board rounds playing 9-16: round 3 plays 17-24, round 4 25-32),
    unless its block is 1..boards (round 1's, or a stage dealing its boards afresh every round);
    else 1..boards."""
    per_round = stage.boards
    for round_ in sorted((r for r in event.rounds.get(stage.id, []) if r.number < number), key=lambda r: -r.number):
        there = {board for table in round_.tables for board in game.written_boards(stage, table)}
        if there:
            first = board_block(there, per_round).start
            if first > 1:
                first += (number - round_.number) * per_round
                return tuple(range(first, first + per_round))
            break
    return tuple(range(1, per_round + 1))


def round_boards(event: Event, stage_result: StageResult, round_result: RoundResult) -> dict[int, tuple[int, ...]]:
    """The boards each table of `round_result` plays: what its draw notice and its blank score
    sheets list. A pairs stage's: those the round's file writes at the table (Game.written_boards),
    else, for a round seated as the movement seats it (drawn by `paibang pair`), the movement's;
    none for a table neither says. Another format's as the desk offers them (match_boards)."""
    return _boards_seated(event, stage_result, round_result, _round_movement(event, stage_result, round_result))


def round_seating(event: Event, stage_result: StageResult, round_result: RoundResult
                  ) -> tuple[PairsMovement | None, dict[int, tuple[int, ...]]]:
    """The round's movement (_round_movement: None where it does not seat the round) and each
    table's boards (round_boards), the movement built once: `paibang print` hands both to the
    draw notice and the boards to the forms, which built it again each."""
    movement = _round_movement(event, stage_result, round_result)
    return movement, _boards_seated(event, stage_result, round_result, movement)


def _boards_seated(event: Event, stage_result: StageResult, round_result: RoundResult,
                   movement: PairsMovement | None) -> dict[int, tuple[int, ...]]:
    """round_boards with the round's movement (_round_movement) already in hand: the draw notice
    needs it for its text too, and builds it once."""
    tables = tables_as_drawn(event, stage_result, round_result)
    game = GAMES.get(event.game)
    if stage_result.stage.format != "pairs":
        return match_boards(event, stage_result.stage, round_result.number, tables)
    # What the file writes is what was played: an imported session, or one seated otherwise
    # than the movement, plays boards the movement knows nothing of (every table of a round
    # on 19-21, where a Mitchell would send table 2 to 22-24 of a 21-board session).
    written = {t.number: boards for t in tables
               if len(t.sides) == 2 and (boards := game.written_boards(stage_result.stage, t) if game else ())}
    if movement is None:
        return written
    found = {table.number: boards for table, boards in _seated_boards(movement, round_result.number, tables)}
    # A table of a round the movement seats whose file holds some of the movement's boards is
    # still being entered: the notice lists all it plays. One writing others keeps its own.
    for number, boards in written.items():
        if not set(boards) <= set(found.get(number, ())):
            found[number] = boards
    return found


def travelling_lines(event: Event, stage_result: StageResult, number: int,
                     seating: tuple[PairsMovement | None, Any] | None = None) -> dict[int, list[tuple[int, int, str, str]]]:
    """The travellers of the boards round `number` of a pairs stage plays, as a club prints them
    before play: board -> a line (round, table, NS pair, EW pair) for every round of the movement
    that plays it, not only this one (board 4 of a 9-pair Howell travels through rounds 1, 2, 8
    and 9). Empty for a round the movement does not seat (an imported session, tables written by
    hand): its sheet is then the round's own. `seating`: the round's round_seating, where the
    caller has it, its movement not built again."""
    round_result = next((r for r in stage_result.rounds if r.number == number), None)
    if seating is not None:
        movement = seating[0]
    else:
        movement = _round_movement(event, stage_result, round_result) if round_result is not None else None
    if movement is None:
        return {}
    boards = {board for sitting in movement.round(number) if not sitting.sits_out for board in sitting.boards}
    found: dict[int, list[tuple[int, int, str, str]]] = {}
    for sitting in sorted(movement.sittings, key=lambda s: (s.round, s.table)):
        if sitting.sits_out or sitting.round > stage_result.stage.rounds:
            continue
        ns, ew = movement.sides(sitting)
        for board in sitting.boards:
            if board in boards:
                found.setdefault(board, []).append((sitting.round, sitting.table, ns, ew))
    return dict(sorted(found.items()))


def _round_movement(event: Event, stage_result: StageResult, round_result: RoundResult) -> PairsMovement | None:
    """The pairs stage's movement when round `round_result` is seated as it seats that round
    (as `paibang pair` draws it); None for a round written otherwise, or a field it does not fit."""
    movement = _stage_movement(event, stage_result)
    tables = tables_as_drawn(event, stage_result, round_result)
    return movement if movement is not None and tables and movement.seats(round_result.number, tables) else None


def tables_as_drawn(event: Event, stage_result: StageResult, round_result: RoundResult) -> list[Table]:
    """The round's tables as its file seats them. A pairs table with a pair withdrawn by the
    round is scored with its opponent alone where the game gives no average-plus (80\u5206:
    event._score_pairs_withdrawn), a one-side table like a sit-out's; compared with the
    movement so, the round read as not drawn by it, and its draw notice said the opponent sat
    out and the withdrawn pair nowhere. The file's table, both pairs at it, is the one drawn."""
    tables = [s.table for s in round_result.tables]
    if stage_result.stage.format != "pairs" or all(len(t.sides) == 2 for t in tables):
        return tables
    written = next((r for r in event.rounds.get(stage_result.stage.id, []) if r.number == round_result.number), None)
    if written is None:
        return tables
    by_number = {t.number: t for t in written.tables}
    # (a table of two pairs both withdrawn: scored with no side, event._score_pairs_withdrawn)
    return [drawn if len(table.sides) < 2 and (drawn := by_number.get(table.number)) is not None
            and len(drawn.sides) == 2 and set(table.sides) < set(drawn.sides) else table for table in tables]


def board_movement(event: Event, stage: Stage, field: Sequence[Entry]) -> PairsMovement | None:
    """The movement a pairs stage's boards are counted by (those a withdrawn pair's table does not
    play, those still to come, where a board short is to be written: the functions below):
    fitting_movement, save where late pairs at no table are refused a seat (pair-late-no-seat,
    pair-late-several): then the movement of the others, which the rounds written follow and the
    session goes on in. The whole field's, which refusal leaves, seats every pair otherwise from
    round 1: with A13 refused after round 2 of a 12-pair Mitchell, round 2's table 3 left out was
    said at round-1.yaml, and boards 3-6, which had every result, short."""
    movement = fitting_movement(event, stage, field)
    written = event.rounds.get(stage.id, [])
    if movement is None or movement.follows(written):
        return movement
    following = max((r.number for r in written), default=0) + 1
    waiting = {pair for pair, joins in late_pairs(event, stage, field).items() if joins >= following}
    if waiting:
        others = fitting_movement(event, stage, [e for e in field if e.id not in waiting])
        if others is not None and others.follows(written):
            return others
    # late pairs seated by hand (pair-late-off-movement): the whole field's movement, built for
    # want of another, seats no round written; by it boards 3-8 of a 12-pair Mitchell with A13,
    # A14 at a table 7 of their own were said short. None: a board is compared with the others.
    return None if late_pairs(event, stage, field) else movement


def unplayed_boards(event: Event, stage: Stage, field: Sequence[Entry],
                    withdrawn: Mapping[int, Sequence[Table]]) -> dict[int, int]:
    """The boards a pairs stage's tables with a withdrawn pair do not play (event-day.md: it plays
    no round from its withdrawal on; its opponent sits the round out where the game gives no
    average-plus, Game.score_walked_out): board -> how many such
    tables. Those boards have fewer results than the others by design, not because a table was
    left out, so the games' board-short warnings do not count them. `withdrawn`: round -> those
    tables, as event._run_stage found them while scoring; their boards by the movement
    (_seated_boards: a table written otherwise plays boards the movement does not say, none
    known, its boards still warned), none for a field the movement does not fit."""
    if not any(withdrawn.values()):
        return {}
    movement = board_movement(event, stage, field)
    if movement is None:
        return {}
    found: dict[int, int] = {}
    for number, tables in withdrawn.items():
        for _, boards in _seated_boards(movement, number, tables):
            for board in boards:
                found[board] = found.get(board, 0) + 1
    return found


def walked_out_boards(event: Event, stage: Stage, field: Sequence[Entry],
                      rounds: Sequence[Round]) -> dict[tuple[int, int], tuple[int, ...]]:
    """(round, table) -> the boards the movement gives each table of a pairs stage that has a
    pair withdrawn by its round: those its opponent would have played against it, and is scored
    on (Game.score_walked_out). None for a field the movement does not fit."""
    tables = {r.number: [t for t in r.tables if len(t.sides) == 2 and any(
        s in event.entries and event.entries[s].withdrawn_by(r.number, stage.id) for s in t.sides)] for r in rounds}
    if not any(tables.values()):
        return {}
    movement = board_movement(event, stage, field)
    if movement is None:
        return {}
    return {(number, table.number): boards for number, found in tables.items()
            for table, boards in _seated_boards(movement, number, found)}


def boards_to_come(event: Event, stage: Stage, field: Sequence[Entry], scored: Sequence[RoundResult]) -> dict[int, int]:
    """The results a pairs stage in progress is short of only because they are still to be
    entered: board -> how many tables, by the movement, in the rounds from the latest one with
    a result on (its tables still without one, and the rounds not drawn yet). Such a board is
    short by the clock, not by a mistyped number or a table left out, so the board-short
    warnings do not count them (as unplayed_boards). `scored`: the stage's RoundResults. A table
    without a result in an earlier round is left out: still warned. None for a field the
    movement does not fit. A round counts as entered by a table with a result entered: a
    withdrawn pair's table (`unplayed`) is scored by itself, its opponent's average-plus with
    nothing written: it made the last round look entered, so the tables of the rounds
    before it, still to play, counted as left out (check warned of boards short mid-event)."""
    entered = [r.number for r in scored
               if any(s.table.number not in r.pending_tables and s.table.number not in r.unplayed_tables
                      and len(s.table.sides) == 2 for s in r.tables)]
    if not entered:
        return {}
    movement = board_movement(event, stage, field)
    if movement is None:
        return {}
    latest = max(entered)
    found: dict[int, int] = {}
    drawn = {r.number for r in scored}
    for r in scored:
        if r.number >= latest:
            waiting = [s.table for s in r.tables if s.table.number in r.pending_tables]
            for _, boards in _seated_boards(movement, r.number, waiting):
                for board in boards:
                    found[board] = found.get(board, 0) + 1
    for sitting in movement.sittings:
        if sitting.round > latest and sitting.round not in drawn:
            for board in sitting.boards:
                found[board] = found.get(board, 0) + 1
    return found


def seated_tables(event: Event, stage: Stage, field: Sequence[Entry],
                  rounds: Sequence[Round]) -> dict[int, int] | None:
    """board -> how many tables the movement plays it at over a pairs stage. Not every board is
    played alike (a Mitchell with a sit-out and an even number of tables plays one set once more
    than the others), so a board is short of what the movement gives it, not of the most a board
    has (boards.short_boards); a table missing from its round's file is still counted, its
    boards short there. None for a field the movement does not fit, or a table of the rounds
    drawn (`rounds`) written otherwise (other pairs, another number: the boards it plays are not
    the movement's)."""
    movement = board_movement(event, stage, field)
    if movement is None:
        return None
    for round_ in rounds:
        tables = [t for t in round_.tables if len(t.sides) == 2]
        if len(_seated_boards(movement, round_.number, tables)) < len(tables):
            return None
    found: dict[int, int] = {}
    for sitting in movement.sittings:
        if not sitting.sits_out:
            for board in sitting.boards:
                found[board] = found.get(board, 0) + 1
    return found


def board_seats(event: Event, stage: Stage, field: Sequence[Entry],
                rounds: Sequence[Round]) -> dict[int, list[tuple[int, int, Mark]]]:
    """board -> each (round, table, mark) of the rounds drawn (`rounds`) that the movement gives
    it, the mark the table's in its round's file, or the file's when the table is not written
    (boards.ShortByDesign: where a board-short warning is placed). None for a field the movement
    does not fit."""
    movement = board_movement(event, stage, field)
    if movement is None:
        return {}
    drawn = {r.number: r for r in rounds}
    # A seat is one only where the table is written as the movement seats it (one written with
    # other pairs plays other boards), or not written with its pairs at no other table of the
    # round: a movement no round follows (the whole field's, late pairs refused) named a round 1
    # table, written and played, for a table of round 2 left out.
    elsewhere = {r.number: {side for t in r.tables for side in t.sides} for r in rounds}
    found: dict[int, list[tuple[int, int, Mark]]] = {}
    for sitting in movement.sittings:
        round_ = drawn.get(sitting.round)
        if round_ is None or sitting.sits_out:
            continue
        table = next((t for t in round_.tables if t.number == sitting.table), None)
        sides = movement.sides(sitting)
        if table is not None and tuple(table.sides) != sides:
            continue
        if table is None and set(sides) & elsewhere[sitting.round]:
            continue
        mark = (table.mark if table is not None else None) or Mark(round_.source)
        for board in sitting.boards:
            found.setdefault(board, []).append((sitting.round, sitting.table, mark))
    return found


def _seated_boards(movement: PairsMovement, number: int,
                   tables: Sequence[Table]) -> list[tuple[Table, tuple[int, ...]]]:
    """Each of round `number`'s `tables` seated as the movement seats it, with the boards the
    movement gives it there; a table written otherwise (other pairs, another number) plays boards
    the movement does not say, and is left out."""
    seated = {s.table: s for s in movement.round(number) if not s.sits_out}
    found = []
    for table in tables:
        sitting = seated.get(table.number)
        if sitting is not None and movement.sides(sitting) == tuple(table.sides):
            found.append((table, sitting.boards))
    return found


@dataclass(frozen=True)
class MovementCell:
    ns: str
    ew: str  # "" when `ns` sits out
    boards: str


@dataclass(frozen=True)
class MovementCard:
    """The movement card (移位表) of a pairs stage for its page: how the movement goes, then one
    row per round, one column per table (a Howell's sit-out last)."""

    heading: Localised
    steps: dict[str, list[str]]
    columns: list[Localised]  # round, then each table's ("bye" for a Howell's sit-out)
    tables: list[int]
    rows: list[tuple[int, list[MovementCell | None]]]  # round number, a cell per table


def movement_card(event: Event, stage_result: StageResult, followed: PairsMovement | None = None) -> MovementCard | None:
    """The card of a pairs stage whose rounds written so far follow its movement; None for other
    formats, a field the movement does not fit, or rounds written another way. `followed`: the
    stage's followed_movement, where the caller has it (a stage's page counts its boards by it)."""
    movement = followed if followed is not None else followed_movement(event, stage_result)
    if movement is None:
        return None
    numbers = sorted({s.table for s in movement.sittings})
    locales = ("zh-Hans", "zh-Hant", "en")
    sit_out = {s.table for s in movement.sittings if s.sits_out}
    columns = [{loc: catalogues.text("pair_round_col", loc) for loc in locales}]
    # the sit-out is no table: its column says so, unnumbered (the round's file keeps a table key for it)
    columns += [{loc: catalogues.text("sit_out_col" if t in sit_out else "table_n", loc, n=t) for loc in locales} for t in numbers]
    rows = []
    for number in sorted({s.round for s in movement.sittings}):
        seated = {s.table: s for s in movement.round(number)}
        cells: list[MovementCell | None] = []
        for t in numbers:
            s = seated.get(t)
            sides = movement.sides(s) if s else ()
            cells.append(MovementCell(sides[0], sides[1] if len(sides) == 2 else "", board_span(s.boards)) if s else None)
        rows.append((number, cells))
    steps = {loc: movement.summary(loc) for loc in locales}
    return MovementCard({loc: catalogues.text("pair_movement_heading", loc) for loc in locales}, steps, columns, numbers, rows)


# --- writing the results file -------------------------------------------------------------------


def table_form(event: Event, stage: Stage) -> TableForm:
    """How a table of this stage is written (`Game.table_form`). A bye is the same table with
    its first side only (guandan `teams: [T09]`, daguai `home: D05`)."""
    form = GAMES[event.game].table_form(stage)
    if form is None:
        raise Refusal("pair-game", game=event.game)
    return form


def results_text(plan: PlannedRound, locale: str) -> str:
    """The YAML of the round's results file, header comment first."""
    event, stage = plan.event, plan.stage
    form = table_form(event, stage)
    lines = [f"# {line}" for line in header_lines(plan, locale)]
    # In a site made by `paibang init`, which keeps the editors' schemas: the line that lets the
    # secretary's editor complete and check the results typed in (events/<slug>/results/ is three
    # folders below the site's).
    if (event.folder.parent.parent / SITE_SCHEMA_FOLDER / "results.schema.json").is_file():
        lines.insert(0, f"# yaml-language-server: $schema=../../../{SITE_SCHEMA_FOLDER}/results.schema.json")
    if plan.method == "swiss" or ((plan.knockout is not None or plan.number == 1) and plan.scores):
        # What the draw read (order, primary score), for check to see later whether a corrected
        # result changed it (event._stale_draws, knockout.drawn_field, a round robin's field:
        # event._field_as_drawn; load._drawn_on reads these lines back).
        order = [f"{entry_id}={_exact(plan.scores[entry_id])}" for entry_id in plan.scores]
        lines += [f"# draw-order: {' '.join(order[i:i + 10])}" for i in range(0, len(order), 10)]
        if plan.rules:
            lines.append(f"# draw-rules: {plan.rules}")
    lines += [f"stage: {yaml_id(stage.id)}", f"round: {plan.number}",
              *([f"date: {plan.day.isoformat()}"] if plan.day is not None else [])]
    if plan.knockout is not None and plan.number == 1 and plan.knockout.bracket.seeds:
        # The seeds drawn from, as data (a comment would not survive the file being retyped): the
        # bracket stays this one when a result of the stage seeding it is corrected later
        # (knockout.drawn_field), whatever the order the tables are written in.
        lines += [f"# {catalogues.text('ko_pair_seeds', locale)}",
                  f"seeds: [{', '.join(yaml_id(e) for e in plan.knockout.bracket.seeds)}]"]
    lines.append("tables:")
    label = _metric_label(event, plan.primary, locale) if plan.method == "swiss" else ""
    # A team match's example names the round's first board as the desk offers them (match_boards:
    # a bridge teams round 3 of 8-board rounds, or an 80分 one after a round 2 on 9-16: 17), not
    # board 1 in every round.
    numbered = {} if plan.boards else match_boards(
        event, stage, plan.number, [Table(n, list(sides), None) for n, sides in enumerate(plan.draw.tables, start=1)])
    for number, sides in enumerate(plan.draw.tables, start=1):
        forfeit = plan.forfeits.get(number)
        if len(sides) == 1:
            note = f"    # {catalogues.text('sit_out_col' if stage.format == 'pairs' else 'pair_bye', locale)}"
        elif forfeit is not None:
            note = f"    # {catalogues.text(_forfeit_note(plan, forfeit), locale, id=forfeit)}"
        elif number in plan.walked_out:
            note = f"    # {catalogues.text('pair_walked_out', locale, id=plan.walked_out[number])}"
        elif plan.draw.substitute is not None and sides == (plan.draw.bye, plan.draw.substitute):
            note = f"    # {catalogues.text('substitute', locale)}"
        elif plan.knockout is not None:  # the match's number in the bracket ("winner of match 5")
            note = f"    # {knockout.match_label(plan.knockout.matches[number - 1], locale)}"
        elif label:
            note = f"    # {label} {_num(plan.scores[sides[0]])} : {_num(plan.scores[sides[1]])}"
        else:
            note = ""
        lines.append(f"  - table: {number}{note}")
        lines += [f"    {line}" for line in form.side_lines(sides)]
        if forfeit is not None:  # its result, as content-format.md writes a forfeit: nothing to fill in
            lines.append(f"    forfeit: {yaml_id(forfeit)}")
        elif len(sides) == 2 and plan.boards:  # pairs: the round's boards, each to fill in
            lines += ["    boards:"] + [f"      # {board}:" for board in plan.boards[number - 1]]
        elif len(sides) == 2:
            first = (numbered.get(number) or (1,))[0]
            words = {"a": sides[0], "b": sides[1], "first": first, "or": catalogues.text("pair_or", locale),
                     "reason": catalogues.text("pair_penalty_reason", locale)}
            lines += [f"    # {line.format(**words)}" for line in form.hint]
            if plan.knockout is not None:  # how a tie is settled, in the game's key
                lines.append(f"    # {knockout.tie_hint(GAMES[event.game].tiebreak_key, sides[0], locale)}")
    return "\n".join(lines) + "\n"


def header_lines(plan: PlannedRound, locale: str) -> list[str]:
    stage, event = plan.stage, plan.event
    if plan.knockout is not None:
        return knockout.pair_lines(plan.knockout, stage, locale)
    lines = [catalogues.text("pair_made_by", locale, stage=stage.name, n=plan.number, method=catalogues.text(_method_key(plan.method), locale))]
    if plan.method == "swiss":
        lines.append(catalogues.text("pair_summary_swiss", locale,
            prev=plan.number - 1, rule=_rule(event, stage, locale),
            primary=catalogues.in_sentence(_metric_label(event, plan.primary, locale))))
    elif plan.method in ("berger", "completed"):
        full = robin_full_rounds(len(plan.numbers))
        if stage.rounds < full:  # a round robin cut short: said so, not "every two meet once"
            lines.append(catalogues.text("pair_summary_berger_partial", locale, count=len(plan.numbers),
                                         rounds=stage.rounds, full=full))
        else:
            lines.append(catalogues.text("pair_summary_berger", locale, count=len(plan.numbers), rounds=full))
        if plan.method == "completed":
            lines.append(catalogues.text("pair_summary_completed", locale, written=plan.written))
        numbered = [f"{i} {e}" for i, e in enumerate(plan.numbers, start=1)]
        for start in range(0, len(numbered), 10):
            lines.append("  " + ", ".join(numbered[start:start + 10]))
    elif plan.movement is not None:
        lines += plan.movement.summary(locale, sit_out_note=withdrawn_sit_out_line(plan, locale))
        example = table_form(event, stage).hint[0].replace("boards: {{", "").replace("}}", "")
        lines.append(catalogues.text("pair_pairs_boards_line", locale, example=example))
        return lines  # a movement: no lot, no seed
    else:
        lines.append(catalogues.text("pair_summary_lot", locale))
    if plan.draw.bye is not None and plan.method not in ("berger", "completed"):
        if plan.draw.substitute is not None:
            lines.append(catalogues.text("pair_substitute_line", locale, id=plan.draw.bye, substitute=plan.draw.substitute))
        else:
            # a lot's bye is the last in the lot order (choose_bye over the lot order), not the
            # lowest-ranked: said as the summary line above says it
            bye_line = "pair_bye_line_lot" if plan.method == "lot" else "pair_bye_line"
            lines.append(catalogues.text(bye_line, locale, id=plan.draw.bye))
    if plan.dropped:
        lines.append(catalogues.text("pair_dropped_line", locale, ids=", ".join(plan.dropped)))
    seed = event.draw_seed if event.draw_seed is not None else catalogues.text("pair_no_seed", locale)
    lines.append(catalogues.text("pair_seed_line", locale, seed=seed))
    lines.append(catalogues.text("pair_edit_line", locale))
    return lines


def bye_after_forfeit(result: EventResult, plan: PlannedRound) -> ContentError | None:
    """A warning when the round's bye goes to an entry that forfeited the round before (a no-show,
    `forfeit: T05`, or one of a double forfeit, `forfeit: [T05, T09]`), not withdrawn: the bye
    scores as a win for an entry that is most likely not there. The draw stands as the rules make
    it (the bye to the lowest-ranked entry without one: a forfeit is no withdrawal, and the
    referee may know it is here today); the warning names the entry, the round it forfeited and
    the fix (withdraw it from this round, or move the later withdrawal it has written to
    this round; pair again), marked at that round's table. Only where
    the draw chooses the bye (a Swiss round, a round drawn by lot), and not where the odd entry
    meets a substitute instead. None otherwise."""
    draw, stage = plan.draw, plan.stage
    if draw.bye is None or draw.substitute is not None or stage.format not in ("swiss", "matches"):
        return None
    # The round before: this stage's, or, for its round 1, the last round of a stage advancing
    # to it (a qualifying stage's last round forfeited, then round 1's bye here: rev79)
    feeders = [] if plan.number > 1 else [s for s in plan.event.stages if s.advance and s.advance.to == stage.id]
    if feeders:
        befores = [(feeder, max(result.stage_of(feeder.id).rounds, key=lambda r: r.number, default=None))
                   for feeder in feeders]
    else:
        befores = [(stage, next((r for r in result.stage_of(stage.id).rounds if r.number == plan.number - 1), None))]
    for before_stage, before in befores:
        forfeited = None if before is None else next(
            (s.table for s in before.tables if draw.bye in s.table.forfeits), None)
        if forfeited is None:
            continue
        # (the event's one stage counts its rounds; in an event of several, the stage is named)
        to = str(plan.number) if len(plan.event.stages) == 1 else f"{{stage: {stage.id}, round: {plan.number}}}"
        written = f"withdrawn: {to}"
        # An entry with a later withdrawal written (`withdrawn: 3`, the bye in round 2: withdrawn
        # only from round 3 on, so drawn here) is told to change that, not to write another
        # `withdrawn:` (a key twice in its entry: yaml-duplicate-key).
        entry = plan.event.entries[draw.bye]
        if entry.withdrawn is not None:
            now = f"withdrawn: {entry.withdrawn}" if entry.withdrawn_stage is None else \
                f"withdrawn: {{stage: {entry.withdrawn_stage}, round: {entry.withdrawn}}}"
            at = entry.withdrawn_mark or entry.mark
            where = f"{at.file.name}:{at.line}" if at is not None and at.file is not None \
                else plan.event.entries_file(entry)
            write = catalogues.word("pair_bye_change_withdrawn", id=draw.bye, now=now, where=where, to=to)
        else:
            write = catalogues.word("pair_bye_write_withdrawn", id=draw.bye, withdrawn=written)
        said = {"id": draw.bye, "round": before.number, "next": plan.number, "withdrawn": written, "write": write}
        if before_stage is not stage:
            said |= {"stage": stage.name or stage.id, "before": before_stage.name or before_stage.id}
        return ContentError("pair-bye-after-forfeit" if before_stage is stage else "pair-bye-after-forfeit-stage",
                            forfeited.mark or Mark(plan.event.folder / "results"), said, warning=True)
    return None


def _forfeit_note(plan: PlannedRound, entry: str) -> str:
    """Why a table is written as `entry`'s forfeit: it was disqualified, or it withdrew."""
    return "pair_dropped_forfeit" if entry in plan.dropped else "pair_withdrawn_forfeit"


def results_path(event: Event, plan: PlannedRound) -> Path:
    """results/round-<n>.yaml; results/<stage>-round-<n>.yaml when another stage has the former,
    or when an earlier round of the stage is in a file of that name: every round of a stage
    follows its naming (rev39: `pair --all` wrote a round robin's rr-round-1.yaml, rr-round-2.yaml,
    then round-3.yaml, round-3.yaml being free). An earlier round is looked for on disk (the
    same `pair --all` wrote it just before, and the event read has not got it), or known to take
    that name by another stage's round of its number (`pair --all --dry-run` writes none). A file of
    either name reads the same (a results file says its stage and round), and a round's page is
    at <stage>/round-<n>/ whatever its file is called: a file written before keeps its name."""
    folder = event.folder / "results"
    path = folder / f"round-{plan.number}.yaml"
    prefixed = folder / f"{plan.stage.id}-round-{plan.number}.yaml"
    taken = {r.source.resolve() for rounds in event.rounds.values() for r in rounds}
    others = {r.source.resolve() for stage, rounds in event.rounds.items() if stage != plan.stage.id for r in rounds}
    named = any((folder / f"{plan.stage.id}-round-{n}.yaml").exists() or (folder / f"round-{n}.yaml").resolve() in others
                for n in range(1, plan.number))
    if named or path.exists() or path.resolve() in taken:
        path = prefixed
    return path


def write_round(plan: PlannedRound, locale: str) -> Path:
    """Write the round's results file; never overwrite one (Refusal pair-file-exists). Written
    whole or not at all (half a file would stop the next build, and the next `pair` would refuse
    to write over it), and durably: the tables' results are typed into it at the desk."""
    path = results_path(plan.event, plan)
    try:
        write_durably(path, results_text(plan, locale).encode("utf-8"), replace=False)
    except FileExistsError:
        raise Refusal("pair-file-exists", path=str(path)) from None
    return path


def no_table(stage_format: str, sides: Sequence[str]) -> str | None:
    """A table of one side, which is no table anyone sits at: a pairs movement's sit-out
    ("sit_out"), any other format's bye ("bye"); the round's file keeps a table key for it. None
    for a table played at. One rule for the word naming it (no_table_word) and for the entry's
    match list (running.running_totals' outcome)."""
    if len(sides) != 1:
        return None
    return "sit_out" if stage_format == "pairs" else "bye"


def drawn_sides(score: TableScore) -> Sequence[str]:
    """The sides a scored table was drawn with: its own, but for a pairs table whose pair had
    withdrawn by the round and whose opponent is scored alone, as sitting the round out (80\u5206,
    no average-plus: event._score_pairs_withdrawn names the withdrawn pair, `withdrawn`). That is
    table 5 still, P05 against P12, as the draw notice lists it (tables_as_drawn): the round's
    page, the opponent's page and its list of matches named it \u8f6e\u7a7a, an odd field's sit-out.
    Two pairs withdrawn by the round, drawn against each other, are scored with no side
    (`withdrawn_pairs`): the table is still theirs, table 5, P05 against P12."""
    sides = score.table.sides
    if not sides and len(score.extra.get("withdrawn_pairs", ())) == 2:
        return score.extra["withdrawn_pairs"]
    left = score.extra.get("withdrawn") if len(sides) == 1 else None
    return sides if left is None or left in sides else [*sides, left]


def no_table_word(stage_format: str, sides: Sequence[str]) -> str | None:
    """The word said in place of a table number for a table of one side (no_table), None for a
    table played at."""
    kind = no_table(stage_format, sides)
    return "sit_out_col" if kind == "sit_out" else kind


def describe(plan: PlannedRound, locale: str, listed: int | None = None) -> list[str]:
    """The draw as `paibang pair` prints it: one line per table. `listed`: the tables listed; past
    them, only a bye, a sit-out or a forfeit, which the secretary must act on, and a line counting
    the rest (a mass event's 1,000 tables scrolled the command's own messages off the screen; the
    results file and `paibang print` hold them all)."""
    event = plan.event
    label = _metric_label(event, plan.primary, locale) if plan.method == "swiss" else ""
    lines = []
    left_out = 0
    for number, sides in enumerate(plan.draw.tables, start=1):
        if (listed is not None and number > listed and no_table_word(plan.stage.format, sides) is None
                and number not in plan.forfeits and number not in plan.walked_out):
            left_out += 1
            continue
        shown = []
        for side in sides:
            score = f" ({label} {_num(plan.scores[side])})" if label and side in plan.scores else ""
            shown.append(f"{side} {event.entries[side].label}{score}")
        if (word := no_table_word(plan.stage.format, sides)) is not None:
            # a sit-out or a bye is no table (a movement of 4 tables, a Swiss of 5 entries: 2):
            # said so in place of a table number, as the round page and the draw print say it
            lines.append(f"  {catalogues.text(word, locale):>8}  {shown[0]}")
            continue
        text = "  —  ".join(shown)
        if plan.boards and plan.boards[number - 1]:
            text += f"  ({catalogues.text('pair_boards_short', locale)} {board_span(plan.boards[number - 1])})"
        if number in plan.forfeits:
            text += f"  ({catalogues.text(_forfeit_note(plan, plan.forfeits[number]), locale, id=plan.forfeits[number])})"
        elif number in plan.walked_out:
            text += f"  ({catalogues.text('pair_walked_out', locale, id=plan.walked_out[number])})"
        lines.append(f"  {catalogues.text('table_n', locale, n=number):>8}  {text}")
    if left_out:
        lines.append(f"  {catalogues.text('pair_tables_left_out', locale, n=left_out)}")
    if (sit_out := withdrawn_sit_out_line(plan, locale)) is not None:  # (no line of the draw's says it)
        lines.append(f"  {sit_out}")
    if plan.knockout is not None:  # its matches without a table (void, walkovers), as the file's header says
        lines += [f"  {line}" for line in knockout.unplayed_lines(plan.knockout, locale)]
    return lines


# --- what the stage page says about the draw ----------------------------------------------------


def draw_rules(stage: Stage, primary: str, game: str, by_hand: str = "", substitutes: bool = False,
               field_size: int = 0) -> DrawRules | None:
    """Which rules the draw of this stage follows (draw_rule_<format>_<n>) and what they name, for
    the stage page to word; None for formats whose rounds paibang does not draw on its own (fixed
    matches, pairs). `by_hand`: a round robin's rounds do not follow the Berger table (written by
    hand: robin_schedule): "completing" while rounds are left, which pair draws to complete them;
    "written" once every round is written. `substitutes`: the event has substitutes (`substitute:
    true`), whom the odd entry out meets instead of a bye (_with_substitute). `field_size`: a
    round robin's entries, whose full round robin takes more rounds than a stage cut short
    declares (`rounds: 4` for 12 teams): its rules then say a partial round robin, not that
    every two meet once."""
    if stage.format not in ("swiss", "round_robin") or game not in GAMES:
        return None
    steps = tuple(f"draw_rule_{stage.format}_{n}" for n in range(1, DRAW_STEPS[stage.format] + 1))
    if stage.format == "round_robin" and by_hand == "completing":
        steps = ("draw_rule_round_robin_1", "draw_rule_round_robin_by_hand", "draw_rule_round_robin_by_hand_tables")
    elif stage.format == "round_robin" and by_hand:
        steps = ("draw_rule_round_robin_written",)
    full = robin_full_rounds(field_size)
    partial = (field_size, stage.rounds, full) if stage.format == "round_robin" and stage.rounds < full else ()
    if partial:
        steps = tuple(f"{step}_partial" if step in ("draw_rule_round_robin_2", "draw_rule_round_robin_by_hand") else step
                      for step in steps)
    # What a bye scores, as the game scores it (each game its own: 80分 3 match points a board,
    # not a win it does not have), said in the metrics the ranking compares.
    credit = GAMES[game].bye_credit(stage) or {}
    bye = tuple((m, credit[m]) for m in stage.rank_by if m in credit) or tuple(credit.items())
    # Nobody sits out where the odd entry out meets the substitutes: the event has some, or the
    # game's table has no bye (a bridge match; pair refuses an odd field without them). The rule
    # then says so, not what a bye scores (a bridge Swiss's rules spoke of a bye it never gives).
    substitute = substitutes or not GAMES[game].has_byes(stage)
    if substitute:
        # The steps that name the bye (who has it, where its table goes) say the substitutes' table
        # instead: rule 1 said the last in the lot order "has the bye", rule 7 "the bye comes last".
        steps = tuple(f"{step}_substitute" if step in SUBSTITUTE_STEPS else step for step in steps)
    return DrawRules(steps, tuple(m for m in stage.rank_by if m != "lot"), primary,
                     f"pair_first_side_{_first_side(game, stage)}", by_hand if stage.format == "round_robin" else "",
                     () if substitute else bye, substitute, partial)


# The steps of each format's draw rules: draw_rule_<format>_1 … in the shared catalogue.
DRAW_STEPS = {"swiss": 8, "round_robin": 4}
# The steps worded otherwise where the odd entry out meets the substitutes: <step>_substitute.
SUBSTITUTE_STEPS = frozenset({"draw_rule_swiss_1", "draw_rule_swiss_7", "draw_rule_round_robin_2",
                              "draw_rule_round_robin_2_partial",
                              "draw_rule_round_robin_4", "draw_rule_round_robin_by_hand_tables"})


def _first_side(game: str, stage: Stage | None = None) -> str:
    """The key of the side written first at a table (the higher placed in a draw): the stage's
    own form (a bridge teams stage's is home/away, a pairs stage's NS/EW)."""
    form = GAMES[game].table_form(stage)
    return "teams" if form is None or form.keys is None else form.keys[0]


# --- the draw bulletin (对阵表) -------------------------------------------------------------------


def draw_sheets(result: EventResult, locale: str,
                seatings: Mapping[tuple[str, int], tuple[PairsMovement | None, dict[int, tuple[int, ...]]]] | None = None
                ) -> list[Bulletin]:
    """One draw bulletin per round drawn and not complete yet (StageResult.drawn_rounds): table, sides, and for a Swiss round
    after the first each side's primary score (a pairs round: each table's boards); and a pairs
    stage's movement card (移位表), when its rounds follow the movement. `seatings`: rounds'
    round_seating by (stage, round), where the caller has them (the build's forms use them too)."""
    sheets = []
    for stage_result in result.stages:
        for round_result in stage_result.drawn_rounds:
            seating = (seatings or {}).get((stage_result.stage.id, round_result.number))
            sheets.append(draw_sheet(result.event, stage_result, round_result, locale, seating=seating))
        card = movement_sheet(result.event, stage_result, locale)
        if card is not None:
            sheets.append(card)
    return sheets


def _forfeit_seats(table: Table, locale: str) -> list[str]:
    """The seat cells of a match written in advance as a side's forfeit (a no-show, the referee's
    decision, its side not withdrawn): that side forfeits, said in both rooms' cells, where they
    named the two teams as for a match to play. Not "nobody sits": the side present may still
    play the boards against substitutes (rules-bridge.md, \u66ff\u8865\u88c1\u5224\u4ee3\u6253), its
    result the forfeit's all the same. Both sides' (Guandan's double forfeit, written in advance:
    neither came): said of both, nobody to seat. [] for any other table."""
    if table.both_forfeit:
        said = catalogues.text("sides_both_forfeit", locale, ids=catalogues.joiner(locale).join(table.sides))
        return [said, said]
    if table.forfeit is None:
        return []
    said = catalogues.text("side_forfeits", locale, id=table.forfeit)
    return [said, said]


def movement_sheet(event: Event, stage_result: StageResult, locale: str) -> Bulletin | None:
    """The movement card as a bulletin: one row per round and table (NS, EW, boards)."""
    card = movement_card(event, stage_result)
    if card is None:
        return None
    stage = stage_result.stage
    rows = [[str(number), str(table) if cell.ew else catalogues.text("sit_out_col", locale), cell.ns, cell.ew, cell.boards if cell.ew else ""]
            for number, cells in card.rows for table, cell in zip(card.tables, cells) if cell is not None]
    columns = [catalogues.text(key, locale) for key in ("pair_round_col", "table", "ns", "ew", "pair_board_col")]
    title = catalogues.text("pair_movement_title", locale, event=event.title, stage=stage.name) \
        if stage_in_titles(event, stage) else catalogues.text("pair_movement_title_event", locale, event=event.title)
    return Bulletin(f"movement-{stage.id}", title, " ".join(card.steps[locale]), columns, rows, event.organizer or "",
                     event.day_of(stage), {0, 1})


def draw_sheet(event: Event, stage_result: StageResult, round_result: RoundResult, locale: str,
               standings: list[Standing] | None = None,
               seating: tuple[PairsMovement | None, dict[int, tuple[int, ...]]] | None = None) -> Bulletin:
    """`standings`: those the round was drawn on (tournament/event.py's standings_before), when
    it is printed after later rounds are in; the stage's own by default (the round drawn next).
    `seating`: the round's movement and boards (round_seating), where the caller has them."""
    stage = stage_result.stage
    form = table_form(event, stage)
    first, second = (catalogues.text(_side_key(k), locale) for k in (form.keys or ("team_a", "team_b")))
    # A Swiss round is drawn on the standings after the round before it: printed again once
    # later rounds are in, its notice shows those, not today's; round 1 is drawn by lot.
    scored = stage.format == "swiss" and any(r.has_counted for r in stage_result.rounds if r.number < round_result.number)
    # The figures shown are the ones the draw read, as `paibang pair` wrote them in the round's
    # file (# draw-order:), not figures ranked again today. A result corrected after the draw
    # changes the standings, never the draw (event-day.md: it is not redone): today's figures
    # would contradict the very tables listed (T10 5 against T04 2 under "same score meets"),
    # and the players were seated by the draw as made, which is what the stage page's note on
    # the correction speaks of. Only without those lines (a round drawn by hand, or by an
    # older paibang) are the figures ranked again (standings_before); where the stage knows
    # they have changed since (stale_draws), the notice says that its figures are today's.
    drawn = _drawn_figures(event, stage, round_result.number) if scored else {}
    as_drawn = bool(drawn) and all(side in drawn for s in round_result.tables for side in s.table.sides)
    scores = drawn if as_drawn else {s.entry.id: s.tally.metrics.get(stage_result.primary, 0)
                                     for s in (stage_result.standings if standings is None else standings)} if scored else {}
    changed = scored and any(draw.round == round_result.number for draw in stage_result.stale_draws)
    label = _metric_label(event, stage_result.primary, locale) if scored else ""
    columns = [catalogues.text("table", locale), first, catalogues.text("players", locale)] + ([label] if scored else [])
    columns += [second, catalogues.text("players", locale)] + ([label] if scored else [])
    # Each table's boards as the round gives them (round_boards: its file's, else the movement's
    # for a round it seats); the movement is named only for a round it seats.
    movement, boards = seating if seating is not None else round_seating(event, stage_result, round_result)
    listed = stage.format == "pairs" and bool(boards)
    if listed:
        columns.append(catalogues.text("pair_board_col", locale))
    # A knockout round holding matches of different names (the final and the third-place
    # play-off) names each table's match, in the bracket's words; the text names the round.
    names = knockout.named_tables(stage_result.bracket, round_result.number, locale) \
        if stage.format == "knockout" and stage_result.bracket is not None else {}
    words: set[int] = set()
    if names:
        words.add(len(columns))  # (one name a cell, never broken: "third-place play-off")
        columns.append(catalogues.text("ko_col_match", locale))
    # A team match in two rooms: each team's players sit in both rooms, in the seats the game
    # gives the side written first (TableForm.seating: North-South, or 大怪路子's 1·3·5). The notice
    # says so, and which team takes those seats in each room at each table, so that nobody has to
    # work it out at the door.
    seating = form.seating if form.rooms else ""
    if seating:
        columns += [catalogues.text(f"pair_col_open_{seating}", locale), catalogues.text(f"pair_col_closed_{seating}", locale)]
    rows = []
    byes = []
    # A side withdrawn by the round (a round robin's schedule still meets it): no one to sit at
    # the table, its opponent scores its forfeit; said in place of its players.
    # A pairs table as drawn (tables_as_drawn): both pairs at it, where the one withdrawn is
    # scored away and its opponent sits out (80\u5206), which the text says below.
    drawn_tables = sorted(tables_as_drawn(event, stage_result, round_result), key=lambda t: t.number)
    gone = [side for table in drawn_tables for side in table.sides
            if event.entries[side].withdrawn_by(round_result.number, stage_result.stage.id)]
    scored_sides = {s.table.number: s.table.sides for s in round_result.tables}
    sitting_out = [(left, staying[0]) for table in drawn_tables
                   if len(staying := scored_sides.get(table.number, table.sides)) == 1 and len(table.sides) == 2
                   for left in table.sides if left not in staying]
    # A withdrawn pair of a pairs stage forfeits nothing: its opponent sits out (80\u5206) or is
    # given average-plus (bridge, Game.score_walked_out), as the text says; nor does a side alone
    # at its table, whom nobody meets. Only a match's withdrawn side is its opponent's forfeit.
    alone = {table.sides[0] for table in drawn_tables if len(table.sides) == 1}
    withdrawn = catalogues.text("withdrawn", locale) + catalogues.text("paren", locale, text=catalogues.text("forfeit", locale))
    for table in drawn_tables:
        # a sit-out or a bye is no table: its row says so in place of a table number
        word = no_table_word(stage.format, table.sides)
        cells = [catalogues.text(word, locale) if word is not None else str(table.number)]
        for side in table.sides:
            # (a withdrawn pair whose opponent sits out forfeits nothing: 80\u5206 has no average-plus)
            players = (catalogues.text("withdrawn", locale) if stage.format == "pairs" or side in alone else withdrawn) \
                if side in gone else entry_label(event.entries[side], locale)
            if side in table.forfeits and side not in gone and not seating:
                # a forfeit written in advance (a no-show, the referee's decision; not withdrawn):
                # said beside its players, where no seat columns say it (_forfeit_seats)
                players += catalogues.text("paren", locale, text=catalogues.text("forfeit", locale))
            cells += [side, players] + ([_num(scores.get(side, 0))] if scored else [])
        if len(table.sides) == 1:
            byes.append(table.sides[0])
            cells += ["", ""] + ([""] if scored else [])  # (no opponent: the first cell said why)
        if listed:
            cells.append(board_span(boards.get(table.number, ())))
        if names:
            cells.append(names.get(table.number, ""))
        if seating:
            sides = table.sides
            # (a withdrawn side's table: nobody sits in either room, as the text says; its seats
            # named the two teams, rev54)
            nobody = catalogues.text("pair_seats_nobody", locale)
            cells += ([nobody, nobody] if set(sides) & set(gone) else _forfeit_seats(table, locale) or [sides[0], sides[1]]) \
                if len(sides) == 2 else ["", ""]
        rows.append(cells)
    if movement is not None:
        text = catalogues.text("pair_sheet_movement", locale, method=catalogues.text(_method_key(movement.kind), locale))
    elif stage.format == "pairs":  # seated as its file says (imported, or written by hand)
        text = catalogues.text("pair_sheet_written" if listed else "pair_sheet_written_no_boards", locale)
    elif scored:
        named = catalogues.in_sentence(label)  # (the column's heading keeps its capital)
        text = catalogues.text("pair_sheet_swiss", locale, prev=round_result.number - 1, primary=named)
        if changed:
            text += catalogues.text("pair_sheet_as_drawn" if as_drawn else "pair_sheet_changed", locale,
                                    prev=round_result.number - 1, primary=named)
    elif stage.format == "round_robin":
        text = catalogues.text("pair_sheet_berger", locale)
    elif stage.format == "knockout" and stage_result.bracket is not None:
        text = knockout.sheet_text(stage_result.bracket, round_result.number, locale)
    else:
        # The notice is the players': the seed published as such, and without one no word of the
        # event.yaml key the secretary's pair comment names (pair_no_seed)
        text = (catalogues.text("pair_sheet_lot", locale, seed=event.draw_seed) if event.draw_seed is not None
                else catalogues.text("pair_sheet_lot_unseeded", locale))
    if stage.format != "pairs":
        # A teams round knows its boards (Game.round_boards: bridge teams, on through the rounds
        # or afresh each round), the same at every match: the notice says which, so each room
        # takes the right boards from the board table before its score sheet is in hand.
        played = set(boards.values())
        if len(played) == 1:
            text += catalogues.text("pair_sheet_boards", locale, boards=board_span(next(iter(played))))
    if seating:
        text += catalogues.text(f"pair_sheet_rooms_{seating}", locale)
        if form.room_players:
            text += catalogues.text("pair_sheet_room_players", locale)
    if byes:
        text += catalogues.text("pair_sheet_sit_out" if stage.format == "pairs" else "pair_sheet_bye", locale,
                                ids=", ".join(byes))
    for left, staying in sitting_out:
        text += catalogues.text("pair_sheet_withdrawn_sit_out", locale, id=named_ids(event, [left])[0], staying=staying)
    # Two pairs withdrawn by the round drawn against each other (scored with no side,
    # event._score_pairs_withdrawn): nobody plays that table, said of it by its number; the
    # notice left it out, and said the round was not drawn by the movement (rev102 D5).
    both_gone = [table for table in drawn_tables if len(table.sides) == 2 and not scored_sides.get(table.number, table.sides)]
    for table in both_gone:
        text += catalogues.text("pair_sheet_withdrawn_both", locale, table=table.number,
                                ids=catalogues.series(locale, named_ids(event, list(table.sides))))
    # A pairs table keeping both pairs is scored for the opponent by the game (bridge's
    # average-plus on the table's boards, Game.score_walked_out), the table naming the withdrawn
    # pair (`withdrawn`), not as its forfeit, which a match is. A side alone at its table (its
    # own sit-out or bye) has no opponent to be given anything: said by no such sentence (an
    # 80\u5206 pair sitting out was said to give its opponent the average-plus 80\u5206 has not).
    averaged = {score.extra["withdrawn"] for score in round_result.tables
                if len(score.table.sides) == 2 and "withdrawn" in score.extra}
    left_alone = {left for left, _ in sitting_out} | alone
    if stage.format == "pairs":
        if forfeited := [side for side in gone if side in averaged and side not in left_alone]:
            # (several pairs withdrawn: each opponent on its own table's boards, rev102 D6)
            text += catalogues.text("pair_sheet_withdrawn_average_plus", locale, ids=", ".join(named_ids(event, forfeited)),
                                    count=len(forfeited))
    elif forfeited := [side for side in gone if side not in left_alone]:
        text += catalogues.text("pair_sheet_withdrawn", locale, ids=", ".join(named_ids(event, forfeited)))
    if left_out := withdrawn_undrawn(event, stage_result, round_result):
        text += catalogues.text("pair_sheet_left_out", locale, ids=", ".join(named_ids(event, left_out)))
    numeric = {0, 3, 6} if scored else {0}
    # a knockout's round named as its page and its results sheet name it (第 3 轮（决赛、三四名决赛）):
    # the notice board's draw, and its link, said 第 3 轮 alone
    called = catalogues.in_sentence(knockout.round_called(stage_result.bracket, round_result.number, locale))
    title = catalogues.text("pair_sheet_title", locale, event=event.title, stage=stage.name, round=called) \
        if stage_in_titles(event, stage) else \
        catalogues.text("pair_sheet_title_event", locale, event=event.title, round=called)
    players = {2, 5} if scored else {2, 4}  # the Players columns: a line breaks between players
    index: list[tuple[str, str]] = []
    if len(rows) > DRAW_INDEX_TABLES:
        # by number as a person counts (T2 before T10), each side at its table, a bye's or a sit-out's
        # row its word; a side withdrawn by the round sits nowhere and is left out
        seated = {side: row[0] for row, table in zip(rows, drawn_tables) for side in table.sides if side not in gone}
        index = sorted(seated.items(), key=lambda item: _counted(item[0]))
    return Bulletin(f"draw-{stage.id}-round-{round_result.number}", title, text, columns, rows,
                    event.organizer or "", event.day_of(stage, round_result.number), numeric, words=words,
                    names=players, index=index, index_title=catalogues.text("draw_index_title", locale) if index else "",
                    index_columns=(catalogues.text("id", locale), catalogues.text("table", locale)))


def withdrawn_undrawn(event: Event, stage_result: StageResult, round_result: RoundResult) -> list[str]:
    """A Swiss round's entries of the stage withdrawn by it, and so at none of its tables: its
    draw notice and its page name them, as a round robin's names a withdrawn side its schedule
    still meets. Left out without a word, a team's players read the draw for a team that was
    not there, and its opponents of earlier rounds for a reason (rev66)."""
    stage = stage_result.stage
    if stage.format != "swiss":
        return []
    seated = {side for score in round_result.tables for side in score.table.sides}
    return sorted((entry.id for entry in stage_result.field
                   if entry.id not in seated and entry.withdrawn_by(round_result.number, stage.id)), key=_counted)


def named_ids(event: Event, ids: list[str]) -> list[str]:
    """Entries as a withdrawal notice names them: the id and the team's name beside it (D05 队名),
    the id alone for an entry without one. A notice of ids alone had the players look each up
    in the list of entries; the name is public where the id is (content-format.md: a team's
    `name`), what `private:` keeps back being its players' other fields, never said here."""
    return [f"{entry_id} {name}" if entry_id in event.entries and (name := event.entries[entry_id].name_beside_id)
            else entry_id for entry_id in ids]


def _counted(entry_id: str) -> list[tuple[int, int, str]]:
    """An entry's id as a person orders it: its runs of digits as numbers (T2, T10, T100)."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", entry_id) if part]


def _drawn_figures(event: Event, stage: Stage, number: int) -> dict[str, float]:
    """The primary scores the round was drawn on, as its file records them (Round.drawn_on);
    empty when it records none."""
    round_ = next((r for r in event.rounds.get(stage.id, []) if r.number == number), None)
    return dict(round_.drawn_on) if round_ is not None and round_.drawn_on else {}


# --- words ----------------------------------------------------------------------------------------


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _exact(value: float) -> str:
    """A score as it reads back equal (repr: no digit lost), whole numbers without ".0"."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _label(game: str, metric: str, locale: str) -> str:
    localised = metric_of(GAMES[game], metric).label
    return localised.get(locale) or localised["zh-Hans"]


def _metric_label(event: Event, metric: str, locale: str) -> str:
    return _label(event.game, metric, locale) if metric else ""


def _rule_by_game(game: str, stage: Stage, locale: str) -> str:
    joiner = catalogues.joiner(locale)
    return joiner.join(_label(game, m, locale) for m in stage.rank_by if m != "lot")


def _rule(event: Event, stage: Stage, locale: str) -> str:
    return _rule_by_game(event.game, stage, locale)


def _method_key(method: str) -> str:
    """The word naming a way to draw (lot, swiss, berger) or a movement (mitchell, howell, barometer)."""
    return "format_swiss" if method == "swiss" else f"pair_method_{method}"


def _side_key(side: str) -> str:
    """The column heading of a table's side (ns, home, team_a …)."""
    return side if side in ("ns", "ew") else f"{side}_team" if side in ("home", "away") else f"pair_side_{side}"
