"""Reading Guandan's records: a results file's stage keys and tables, checked, into the
`GuandanStage` and `GuandanRecord` of rules.py, and the record grammar a secretary types.

The grammar is the records' language, not the pages': a deal `T01+3`, a foul `T02 foul` (or
`T02 犯规`), a level 2 … 10, J, Q, K, A, and `A+` (or 过A) for a team that passed A, full-width
digits and letters as a Chinese input method types them. The desk's penalty lines (`T02 2
迟到10分钟`) are read here too.
"""

from __future__ import annotations

import math
import re
import sys
from functools import lru_cache
from typing import Any

from generator.content.model import Stage
from generator.content.reader import Reader, left_empty, suggestion
from generator.content.yaml_loader import YamlList, YamlMap
from generator.errors import Mark
from generator.games import field_text, scalar
from generator.games.common.rooms import ROOMS, other_room, room_name
from generator.games.common.shorthand import half_width, shown, side_named, split_items
from generator.games.guandan.rules import (
    GAINS, LEVEL_A, LEVEL_NAMES, LEVEL_TWO, MATCH_POINT_KEYS, METRIC_NAMES, NATIONAL_MATCH_POINTS, PASSED_A, PROFILES,
    SMALL_POINTS, TEAM_SIZES, Deal, GuandanRecord, GuandanStage, Penalty, RecordError, decide,
    four_result, level_name, levels_text, replay,
)
from generator.games.guandan.words import why_word, word


TABLE_KEYS = ("teams", "deals", "levels", "winner", "penalties", "tiebreak_deal", "rooms")
ROOM_KEYS = ("deals", "levels", "winner", "penalties")


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


def typed_level(text: str) -> Any:
    """A level as typed at the desk, as the results file is to hold it: the standard spelling
    the pages show (j -> J, Ｑ -> Q, 过A -> A+, １０ -> 10, a number as a number), so that the
    secretary's file and any script reading it see one spelling; text that is no level is kept
    as typed, for the check to name it."""
    try:
        name = level_name(parse_level(text))
    except ValueError:
        return scalar(text)
    return scalar(name)


# The deal grammar's pieces, shared by a deal as written (_DEAL, _FOUL) and a deal typed at the
# desk among others (_TYPED_DEAL), so that both read the same teams, gains and foul words.
_TEAM = r"([A-Za-z0-9][A-Za-z0-9_-]*?)"  # group 1: the team's id
_GAIN = r"\+\s*(\d+)"  # group 2: the levels it went up
_FOUL_WORD = r"(?:\s(?:foul|fouled)|犯规|犯規)"  # after a space in English, straight on in Chinese

_DEAL = re.compile(rf"^{_TEAM}\s*{_GAIN}$")
_FOUL = re.compile(rf"^{_TEAM}\s*{_FOUL_WORD}$", re.IGNORECASE)
_MINUS = re.compile(rf"^{_TEAM}\s*-\s*(\d+)$")


# One deal of a log typed at the desk among others, separated by spaces as a phone's keyboard
# gives them: `t04+2`, `T04 + 2`, `T04 foul`, `T04犯规` (the log is split at commas first).
_TYPED_DEAL = re.compile(rf"\s*{_TEAM}\s*(?:{_GAIN}|{_FOUL_WORD})(?=\s|$)\s*", re.IGNORECASE)


def typed_deals(text: str, sides: list[str]) -> list[str]:
    """A deal log as typed at the desk, as the items the results file is written with: split at
    commas (split_items) and at the spaces between deals, each deal in the canonical form
    (`T04+2`, `T04 foul`), its team the table's entry that matches it, exactly or else, when
    only one does, whatever the case (`t04` for T04). An item that is no run of deals is kept
    as typed, for the check to name it."""
    written: list[str] = []
    for item in split_items(text):
        found, position = [], 0
        while position < len(item) and (match := _TYPED_DEAL.match(item, position)) is not None:
            found.append(match)
            position = match.end()
        if position < len(item) or not found:
            written.append(item)
            continue
        for match in found:
            team = side_named(match.group(1), sides)
            written.append(f"{team}+{match.group(2)}" if match.group(2) is not None else f"{team} foul")
    return written


def parse_deal(value: object) -> Deal:
    """`T01+3` (T01 won the deal, +3), `T02 foul` (T02 fouled: the other team +1)."""
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise RecordError("guandan-deal-syntax", text="{…}" if isinstance(value, dict) else "[…]")
    return _parse_deal(str(value))


@lru_cache(maxsize=1 << 16)
def _parse_deal(written: str) -> Deal:
    """parse_deal of a text, read once (a team's `T01+3` recurs in every match it plays); a text
    that is no deal raises its RecordError each time."""
    text = half_width(written).strip()  # Ｔ０７＋３ as a Chinese input method types it
    if (match := _DEAL.match(text)) is not None:
        digits = match.group(2).lstrip("0") or "0"
        gain = int(digits) if len(digits) <= 3 else digits  # never int() a pasted run of digits
        if gain not in GAINS:
            raise RecordError("guandan-gain-range", text=text, gain=gain, team=match.group(1))
        return _deal(match.group(1), gain)
    if (match := _FOUL.match(text)) is not None:
        return _deal(match.group(1), 0, True)
    if (match := _MINUS.match(text)) is not None:
        raise RecordError("guandan-gain-range", text=text, gain=f"-{match.group(2)}", team=match.group(1))
    raise RecordError("guandan-deal-syntax", text=text)


@lru_cache(maxsize=1 << 16)
def _plain_deal(text: str) -> Deal | None:
    """The deal an item of a deal log is when it is one deal as written, which read_deals
    reads as it is (no item split from it, nothing to report); else None."""
    if split_items(text) != [text]:
        return None
    try:
        return _parse_deal(text)
    except RecordError:
        return None


@lru_cache(maxsize=1 << 16)
def _deal(team: str, gain: int, foul: bool = False) -> Deal:
    """One Deal (frozen) for every item written alike, its team the string the table's sides
    hold (interned): a mass event's 100,000 deal items are a few thousand objects, read, kept
    and pickled into the event cache once each."""
    return Deal(sys.intern(team), gain, foul)


def read_stage_options(reader: Reader, stage_format: str) -> GuandanStage:
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
    match_points = read_match_points(reader, dict(NATIONAL_MATCH_POINTS) if national else None)
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
        bye_reader.check_keys(METRIC_NAMES)
        for name in METRIC_NAMES:
            value = bye_reader.raw(name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                bye_reader.integer(name)  # records the type problem
                continue
            bye[name] = value
    return GuandanStage(start, attempts if attempts is not None else 3, bye, match_points, draws, profile,
                        team_size, small)


def read_match_points(reader: Reader, default: dict[str, float] | None) -> dict[str, float] | None:
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
            reader.problems.add("type-expected", points.value_mark(key), key=points.path(key),
                                expected=word("gd_expected_number"), found=shown(value))
            continue
        values[key] = value
    if points.raw("bye") is None:
        values["bye"] = values["win"]
    return values


def read_table(reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], GuandanRecord]:
    reader.check_keys(("table", "referee", "forfeit", *TABLE_KEYS), required=("teams",))
    options: GuandanStage = stage.options or GuandanStage()
    sides: list[tuple[str, Mark]] = []
    for value, mark in reader.items("teams", single_ok=True):
        if isinstance(value, (YamlMap, YamlList)) or isinstance(value, bool) or value is None:
            reader.problems.add("type-expected", mark, key=reader.where + "teams[]",
                                expected=word("expected_entry_id"),
                                found=shown(value))
            continue
        sides.append((sys.intern(str(value).strip()), mark))  # one string for every mention (see _deal)
    if reader.has("teams") and not 1 <= len(sides) <= 2:
        reader.problems.add("guandan-teams-count", reader.value_mark("teams"), count=len(sides))
        return sides, GuandanRecord([s for s, _ in sides])
    teams = [s for s, _ in sides]
    if len(teams) == 1:
        # A bye: nothing of what is written beside its team is read, only said, once. Reading
        # it said its contents too (`deals: [D03+9]` guandan-gain-range, `levels: D03`
        # type-expected), and at teams of four `levels:` was guandan-rooms-expected, whose hint
        # (write rooms) led to this error: all beside the one error whose hint deletes them.
        _bye_with_record(reader, teams[0])
        return sides, GuandanRecord(teams)
    knockout = stage.format == "knockout"
    if isinstance(reader.raw("forfeit"), YamlList):
        record = GuandanRecord(teams, both_absent=_both_absent(reader, teams, knockout))
    else:
        forfeit = reader.text("forfeit")
        forfeit = None if forfeit is None else half_width(forfeit).strip()
        # A forfeit naming no side of the table is the loader's forfeit-not-at-table, said once: not
        # also "T99 forfeits, this table should have no result" of a team that is not here.
        record = GuandanRecord(teams, forfeit=forfeit if forfeit in teams else None)
    table = reader.raw("table")  # (named by a problem of its penalties)
    if options.team_size == 4:
        read_four(reader, record, options, knockout, table)
        return sides, record
    if reader.has("rooms"):
        reader.problems.add("guandan-rooms-unexpected", reader.key_mark("rooms"))
        record.broken = True
    read_play(reader, record, options, knockout=knockout, table=table)
    return sides, record


def _both_absent(reader: Reader, teams: list[str], knockout: bool) -> bool:
    """`forfeit: [T17, T29]`: both teams of the table absent, each scored as the forfeiting team
    is (`absent`: no win, the national rules' 0 match points, level difference 0), neither given
    the win. True when the list names the table's two teams, each once, outside a knockout;
    else guandan-forfeit-list, which says the two forms (one team's forfeit, or both teams'), or
    guandan-forfeit-both-knockout."""
    listed = reader.raw("forfeit")
    if len(teams) != 2:
        # A bye's list (`teams: [T05]`, `forfeit: [T05, T01]` or `[]`): the bye's own error,
        # guandan-bye-with-record, said once (this said "not this table's two teams (T05, T05)"
        # beside it: rev91 D3)
        return False
    if len(listed) == 1 and listed[0] is not None and not isinstance(listed[0], (YamlMap, YamlList, bool)):
        return False  # `forfeit: [T01]`: the loader's forfeit-listed-alone, said once
    named = [half_width(str(value)).strip() for value in reader.raw("forfeit")
             if not isinstance(value, (YamlMap, YamlList, bool)) and value is not None]
    if len(teams) == 2 and len(named) == len(reader.raw("forfeit")) and sorted(named) == sorted(teams):
        if not knockout:
            return True
        # A knockout match sends one team on: with neither, the bracket has a hole the draw of
        # the next round cannot fill (it was said as a tie needing a winner).
        reader.problems.add("guandan-forfeit-both-knockout", reader.value_mark("forfeit"), a=teams[0], b=teams[1])
        return False
    reader.problems.add("guandan-forfeit-list", reader.value_mark("forfeit"),
                        ids=", ".join(named) or "[]", a=teams[0], b=teams[-1])
    return False


def _bye_with_record(reader: Reader, team: str) -> None:
    """A bye (one team at the table) with anything written beside `teams`: one error, at the
    first such key in the file (where the lines to delete start), naming them all: the table's
    deals, levels, winner, penalties, extra deal and rooms, whatever the stage's team size (a
    teams-of-four bye's `levels:` is the bye's to delete, not a record to move into rooms), and
    its forfeit. A forfeit among them is said here, not again as the loader's bye-with-forfeit
    (GuandanRules.bye_error): a bye with deals and a forfeit had two errors, at two lines, for
    one fix. Its hint says what a forfeit there may have meant: a team that left the event,
    withdrawn instead. A key left empty (`deals:`, `rooms: {}`) is nothing written, as
    `forfeit:` left empty is no forfeit (70da8851); `forfeit: []` is a forfeit written."""
    written = [k for k in TABLE_KEYS if k != "teams" and not left_empty(reader.raw(k))]
    forfeit = reader.raw("forfeit") is not None
    if forfeit:
        written.append("forfeit")
    if not written:
        return
    ordered = sorted(written, key=lambda k: (reader.key_mark(k).line, reader.key_mark(k).column))
    reader.problems.add("guandan-bye-with-record", reader.key_mark(ordered[0]), team=team,
                        key=ordered, withdrawn=word("bye_forfeit_withdrawn") if forfeit else "")


def read_play(reader: Reader, record: GuandanRecord, options: GuandanStage, room: bool = False,
              knockout: bool = False, table: Any = None) -> None:
    """A two-team table's record, or one room's: deals or levels, winner, penalties (and, at
    a table, the forfeit and the extra deal), read and checked. The deals' marks point at a
    problem while the record is checked, and are not kept on it: the event cache pickles every
    record (a mass event's 120,000 deals)."""
    teams = record.teams
    read_winner(reader, record)
    read_levels(reader, record)
    deal_marks = read_deals(reader, record)
    read_penalties(reader, record, table)
    if not room:
        read_tiebreak(reader, record, knockout)
    has_record = record.played or record.winner is not None or bool(record.penalties) \
        or record.tiebreak is not None
    if (record.forfeit is not None or record.both_absent) and (has_record or record.broken):
        reader.problems.add("guandan-forfeit-with-record", reader.value_mark("forfeit"),
                            team=record.forfeit or ", ".join(record.teams))
        return
    if record.broken:
        return
    if len(teams) == 2 and record.deals is not None:
        replay_record(reader, record, options, deal_marks)
    elif len(teams) == 2 and record.levels is not None:
        check_decision(reader, record, options, "levels")
    elif record.winner is not None:
        reader.problems.add("guandan-winner-alone", reader.value_mark("winner"))
    elif record.penalties or record.tiebreak is not None:
        key = "penalties" if record.penalties else "tiebreak_deal"
        reader.problems.add("guandan-record-alone", reader.key_mark(key), key=key)


def check_decision(reader: Reader, record: GuandanRecord, options: GuandanStage, where: str) -> None:
    """The checks a result needs once its levels are known: a tie the record must settle,
    a winner or an extra deal that contradicts the levels."""
    teams = (record.teams[0], record.teams[1])
    found = decide(teams, record.replay, record.levels, record.penalties, options.draws, None, None)
    level = level_name(found.levels[teams[0]])
    tied = found.why in ("undecided", "draw")
    if record.tiebreak is not None and not tied:
        reader.problems.add("guandan-tiebreak-not-tied", reader.value_mark("tiebreak_deal"),
                            team=record.tiebreak, levels=levels_text(found))
        return
    if found.why == "undecided" and record.winner is None and record.tiebreak is None:
        reader.problems.add("guandan-tie-no-winner", reader.value_mark(where), level=level,
                            teams=list(teams), example=teams[0])
    elif found.why == "draw" and record.winner is not None and record.tiebreak is None:
        reader.problems.add("guandan-draw-winner", reader.value_mark("winner"), level=level)
    elif not tied and record.winner is not None and record.winner != found.winner:
        reader.problems.add("guandan-winner-mismatch", reader.value_mark("winner"), winner=record.winner,
                            computed=found.winner, why=why_word("first" if found.why == "first_start" else found.why))
    elif tied and record.tiebreak is not None and record.winner is not None and record.winner != record.tiebreak:
        reader.problems.add("guandan-winner-mismatch", reader.value_mark("winner"), winner=record.winner,
                            computed=record.tiebreak, why=why_word("tiebreak"))


def read_four(reader: Reader, record: GuandanRecord, options: GuandanStage, knockout: bool = False,
              table: Any = None) -> None:
    """A teams-of-four match (`team_size: 4`): `rooms: {open: …, closed: …}`, each room
    recorded as a two-team table is; the table's own `winner` is the lot's."""
    teams = record.teams
    for key in ("deals", "levels", "penalties"):
        if reader.has(key):
            reader.problems.add("guandan-rooms-expected", reader.key_mark(key), key=key)
            record.broken = True
    read_winner(reader, record)
    read_tiebreak(reader, record, knockout)
    rooms_reader = reader.mapping("rooms")
    rooms: dict[str, GuandanRecord] = {}
    if rooms_reader is not None:
        rooms_reader.check_keys(ROOMS)
        for name in ROOMS:
            if rooms_reader.raw(name) is None:
                continue
            room_reader = rooms_reader.mapping(name)
            if room_reader is None:
                record.broken = True
                continue
            room_reader.check_keys(ROOM_KEYS)
            room = GuandanRecord(list(teams))
            if len(teams) == 2:
                read_play(room_reader, room, options, room=True, table=table)
            record.broken = record.broken or room.broken
            rooms[name] = room
    record.rooms = rooms
    has_record = record.played or record.winner is not None or record.tiebreak is not None
    if (record.forfeit is not None or record.both_absent) and (has_record or record.broken):
        reader.problems.add("guandan-forfeit-with-record", reader.value_mark("forfeit"),
                            team=record.forfeit or ", ".join(record.teams))
        return
    if record.broken or not all(name in rooms and rooms[name].played for name in ROOMS):
        if (record.winner is not None or record.tiebreak is not None) and not record.broken:
            reader.problems.add("guandan-rooms-incomplete", reader.value_mark("rooms") if reader.has("rooms")
                                else reader.mark)
        elif not record.broken and len(rooms) == 1 and all(room.played for room in rooms.values()):
            # One room typed, the other not yet (the open room's sheet comes in first, as in
            # 大怪路子, 80分 and bridge teams): the match waits, and says so, once for the table.
            (room,) = rooms
            other = other_room(room)
            reader.problems.add("guandan-room-pending", reader.value_mark("rooms"), warning=True,
                                table=reader.raw("table"), room=room_name(room), other=room_name(other), key=other,
                                room_id=room, other_id=other)
        return
    if any(room.replay is None and room.levels is None for room in rooms.values()):
        return  # a room's record has a problem (already reported)
    result = four_result((teams[0], teams[1]), rooms, options, None, record.tiebreak)
    if record.tiebreak is not None and result.why != "tiebreak":
        reader.problems.add("guandan-tiebreak-not-tied", reader.value_mark("tiebreak_deal"),
                            team=record.tiebreak, levels=f"{result.net[0]:+d}")
    elif result.why == "lot" and record.winner is None:
        reader.problems.add("guandan-rooms-lot", reader.value_mark("rooms"), example=teams[0])
    elif result.why == "draw" and record.winner is not None:
        reader.problems.add("guandan-rooms-draw-winner", reader.value_mark("winner"))
    elif result.why != "lot" and record.winner is not None and record.winner != result.winner:
        reader.problems.add("guandan-winner-mismatch", reader.value_mark("winner"), winner=record.winner,
                            computed=result.winner, why=why_word(result.why))


def read_winner(reader: Reader, record: GuandanRecord) -> None:
    winner = reader.text("winner")
    if winner is None:
        return
    winner = half_width(winner).strip()
    if winner not in record.teams:
        reader.problems.add("guandan-winner-not-at-table", reader.value_mark("winner"), team=winner,
                            teams=record.teams, suggestion=suggestion(winner, record.teams))
        return
    record.winner = winner


def read_tiebreak(reader: Reader, record: GuandanRecord, knockout: bool) -> None:
    """`tiebreak_deal: T05`: the team whose player went out first in the extra deal, which is
    played in a knockout only (rules-guandan.md, "Other rule sets"); elsewhere the key is
    reported and ignored."""
    team = reader.text("tiebreak_deal")
    if team is None:
        return
    if not knockout:
        reader.problems.add("guandan-tiebreak-not-knockout", reader.key_mark("tiebreak_deal"), team=team,
                            warning=True)
        return
    team = half_width(team).strip()
    if team not in record.teams:
        reader.problems.add("guandan-tiebreak-not-at-table", reader.value_mark("tiebreak_deal"), team=team,
                            teams=record.teams, suggestion=suggestion(team, record.teams))
        record.broken = True
        return
    record.tiebreak = team


def read_penalties(reader: Reader, record: GuandanRecord, table: Any = None) -> None:
    """`penalties: [{team: T02, levels: 1, reason: 迟到5分钟}]`: T02 penalised, its
    opponents go up. `table`: the table's number, as its file writes it (a penalty without its
    reason names it)."""
    found: list[Penalty] = []
    for index, (item, mark) in enumerate(reader.items("penalties", single_ok=False), start=1):
        # Their own codes, not the reader's type-expected and value-range: the desk says them
        # as its penalties box is typed (a line of it is a penalty: `index`), not as the file's
        # keys and a YAML example (msgctxt "desk" in the game's messages.po).
        if not isinstance(item, YamlMap):
            reader.problems.add("guandan-penalty-unreadable", mark, key=f"{reader.where}penalties[{index}]",
                                expected=word("gd_expected_penalty"), found=shown(item), index=index)
            record.broken = True
            continue
        item_reader = Reader(item, reader.problems, f"{reader.where}penalties[{index}].")
        item_reader.check_keys(("team", "levels", "reason"), required=("team", "levels"))
        team = item_reader.text("team")
        levels = item_reader.integer("levels", None)
        if levels is not None and not 1 <= levels <= LEVEL_A:
            reader.problems.add("guandan-penalty-range", item_reader.value_mark("levels"),
                                key=item_reader.path("levels"), value=levels, low=1, high=LEVEL_A, index=index,
                                team=field_text(team))
            levels = None
        reason = item_reader.text("reason") or ""
        if team is None or levels is None:
            record.broken = True
            continue
        team = half_width(team).strip()
        if team not in record.teams:
            # Its own code, not the deal log's ({text}: the deal as written, then its team): the
            # item here is the team itself, which that message named twice (T09: T09 ...).
            reader.problems.add("guandan-penalty-team-not-at-table", item_reader.value_mark("team"), team=team,
                                teams=record.teams, suggestion=suggestion(team, record.teams),
                                key=item_reader.path("team"), index=index)
            record.broken = True
            continue
        if not reason.strip():
            # The national rules record a penalty "with its reason" (rules-guandan.md), shown on
            # the match: levels given with none said cannot be checked by the teams, nor by a
            # referee reading the file later. A warning: the levels stand as written.
            # (`key` and `index`: the desk names the line of its penalties box, in its words)
            reader.problems.add("guandan-penalty-no-reason", mark, warning=True, team=team, levels=levels,
                                table=field_text(table), key=f"{reader.where}penalties[{index}]", index=index)
        found.append(Penalty(team, levels, reason))
    record.penalties = found


def read_levels(reader: Reader, record: GuandanRecord) -> None:
    levels = reader.mapping("levels")
    if levels is None or all(value is None for value in levels.node.values()):
        return  # `levels: {}` or every level blank: nothing recorded yet (a fresh draw)
    found: dict[str, int] = {}
    ok = True
    blank: set[str] = set()
    for key in levels.node:
        team = half_width(str(key)).strip()
        if team not in record.teams:
            # (the key is the team itself: the deal log's message, its deal then its team, named it twice)
            reader.problems.add("guandan-levels-team-not-at-table", levels.key_mark(key), team=team,
                                teams=record.teams, suggestion=suggestion(team, record.teams))
            ok = False
            continue
        value = levels.raw(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            # `T07:` or `T07: ''` (a box left empty on the desk's form): the level is missing,
            # said as such, not as an invalid level of no value
            blank.add(team)
            continue
        try:
            found[team] = parse_level(value)
        except ValueError:
            reader.problems.add("guandan-level-invalid", levels.value_mark(key), key=f"levels.{team}",
                                value=value, team=team)
            ok = False
    written = {half_width(str(key)).strip() for key in levels.node} - blank
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


def read_deals(reader: Reader, record: GuandanRecord) -> list[Mark]:
    """The deal log into `record.deals` (or `record.broken`, its problems reported); returns
    each deal's mark, for the replay's problems."""
    if reader.raw("deals") is None or reader.raw("deals") == []:
        return []  # `deals:` or `deals: []`: nothing recorded yet (a fresh draw)
    # One item may hold several deals typed on one line with Chinese punctuation
    # (`[T13+2，T07+2]` is one YAML item), and the whole log may be one such text.
    raw = reader.raw("deals")
    if type(raw) is YamlList:  # as most logs are written, one deal an item: read by _plain_deal
        deals = []
        for value in raw:
            deal = _plain_deal(value) if type(value) is str else None
            if deal is None or (len(record.teams) == 2 and deal.team not in record.teams):
                break  # read below, where its problem is reported
            deals.append(deal)
        else:
            record.deals = deals
            return raw.item_marks
    ok = isinstance(raw, YamlList) or (isinstance(raw, str) and bool(split_items(raw)))
    items = [(part, mark) for value, mark in reader.items("deals", single_ok=isinstance(raw, str))
             for part in ((isinstance(value, str) and split_items(value)) or [value])]
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
    else:
        record.broken = True
    return marks


def replay_record(reader: Reader, record: GuandanRecord, options: GuandanStage, deal_marks: list[Mark]) -> None:
    assert record.deals is not None
    teams = (record.teams[0], record.teams[1])
    try:
        result = replay(teams, record.deals, options.start_level, options.a_attempts)
    except RecordError as error:
        mark = deal_marks[error.index] if error.index is not None else reader.value_mark("deals")
        params = dict(error.params)
        if error.code == "guandan-team-not-at-table":
            params["suggestion"] = suggestion(params["team"], teams)
        reader.problems.add(error.code, mark, item=(error.index or 0) + 1, **params)
        return
    record.replay = result
    if record.levels is not None:
        for team in teams:
            if record.levels.get(team) != result.levels[team]:
                reader.problems.add(
                    "guandan-levels-mismatch", reader.value_mark("levels"), team=team,
                    recorded=level_name(record.levels[team]), computed=level_name(result.levels[team]))
    check_decision(reader, record, options, "deals")


def penalty_lines(written: Any) -> str:
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


def penalty_item(line: str, sides: list[str]) -> Any:
    """One line of the desk's penalties box: `T02 2 迟到10分钟` (team, levels, reason; t02 for
    T02, as a phone types it); a line that does not read so is kept as written, for the check
    to point out."""
    parts = line.strip().split(None, 2)
    levels = half_width(parts[1]) if len(parts) > 1 else ""
    if len(parts) < 2 or not re.fullmatch(r"[0-9]{1,2}", levels):
        return line.strip()
    item: dict[str, Any] = {"team": side_named(half_width(parts[0]), sides), "levels": int(levels)}
    if len(parts) == 3:
        item["reason"] = parts[2]
    return item
