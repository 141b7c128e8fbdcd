"""USEBIO XML (the EBU's Universal Scoring Exchange for Bridge In Olympiads, version 1.2): a
duplicate stage's results written for other programs (masterpoint registries, results sites),
and read back.

The shape written, for a pairs stage:

    USEBIO Version="1.2"
      CLUB / CLUB_NAME                         the organiser
      EVENT EVENT_TYPE="PAIRS"
        PROGRAM_NAME, EVENT_DESCRIPTION, DATE (dd/mm/yyyy)
        BOARD_SCORING_METHOD                   MATCH_POINTS | CROSS_IMPS | BUTLER_IMPS
        WINNER_TYPE                            1 (one field) or 2 (NS and EW apart)
        PARTICIPANTS / PAIR                    PAIR_NUMBER (the entry id), DIRECTION, PLAYER /
                                               PLAYER_NAME, PLACE, PERCENTAGE or TOTAL_SCORE
        BOARD                                  BOARD_NUMBER, then one TRAVELLER_LINE a table:
          TRAVELLER_LINE                       ROUND_NUMBER, TABLE_NUMBER, NS_PAIR_NUMBER,
                                               EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, LEAD, TRICKS,
                                               SCORE (NS's), NS_MATCH_POINTS, EW_MATCH_POINTS (or
                                               NS_IMPS, EW_IMPS, and BUTLER_DATUM); an adjusted
                                               board has ADJUSTED_SCORE ("A+/A-") instead
      HANDSET / BOARD / HAND                   the deals, when the stage has hand records

and for a teams stage EVENT_TYPE="TEAMS", PARTICIPANTS / TEAM (TEAM_NUMBER, TEAM_NAME, PLAYER,
PLACE, TOTAL_SCORE in VP) and one MATCH per match (ROUND_NUMBER, TABLE_NUMBER, TEAM,
OPPOSING_TEAM, SCORE and OPPOSING_TEAM_SCORE in IMPs, VICTORY_POINTS,
OPPOSING_TEAM_VICTORY_POINTS, then each BOARD with a TRAVELLER_LINE per room, DIRECTION
`OPEN`/`CLOSED`; an adjusted board has ADJUSTED_SCORE, the MATCH's TEAM's side, and no
TRAVELLER_LINE). A bye, a late entry's rounds and a forfeit have no MATCH (USEBIO's MATCH is
two teams' boards): a comment before the MATCHes says each, with its VPs. Entry ids are
written as the pair and team numbers, so a file read back names the same entries.

Read, files of other programs may nest the boards in SESSION / SECTION (SECTION_ID an attribute
or an element), each SECTION with its PARTICIPANTS (Scorer through scorer-to-usebio) or one
PARTICIPANTS for the whole event: a PAIR listed there is in the section its own SECTION_ID (or
its PARTICIPANTS') names, when it names one; which section the others are in is the import's
question (bridge_import.place_participants).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from generator.games.bridge.hands import small_int
from generator.interchange.numbering import unused
from generator.interchange.unmatched import unmatched

SCORING_METHODS = {"matchpoints": "MATCH_POINTS", "imps": "CROSS_IMPS", "butler": "BUTLER_IMPS"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_NAMES = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))


def _add(parent: ET.Element, name: str, value: object = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, name, attributes)
    if value is not None:
        element.text = _text(value)
    return element


def _text(value: object) -> str:
    if isinstance(value, float):  # as few digits as needed, at most 4 decimals (9.125)
        return str(int(value)) if value.is_integer() else f"{value:.4f}".rstrip("0").rstrip(".")
    return str(value)


def export_usebio(result: Any, stage_id: str, rules: Any) -> str:
    """The USEBIO XML of one duplicate stage of an event (an EventResult). `rules` is bridge's
    (games/bridge/'s RULES), as for the PBN export."""
    event = result.event
    stage_result = result.stage_of(stage_id)
    stage = stage_result.stage
    options = rules.options(stage)
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _add(root, "CLUB")
    _add(club, "CLUB_NAME", event.organizer or event.title)
    kind = "TEAMS" if options.kind == "teams" else "PAIRS"
    ev = _add(root, "EVENT", EVENT_TYPE=kind)
    _add(ev, "PROGRAM_NAME", "paibang")
    _add(ev, "EVENT_DESCRIPTION", f"{event.title} · {stage.name}")
    day = stage.date or (event.dates[0] if event.dates else None)
    if day is not None:
        _add(ev, "DATE", day.strftime("%d/%m/%Y"))
    travellers = rules.travellers(stage, stage_result.rounds)
    if kind == "PAIRS":
        _add(ev, "BOARD_SCORING_METHOD", SCORING_METHODS[options.scoring])
        _add(ev, "WINNER_TYPE", 2 if options.field == "directions" else 1)
        _pairs_participants(ev, event, stage_result, options)
        for traveller in travellers:
            board = _add(ev, "BOARD")
            _add(board, "BOARD_NUMBER", traveller.board)
            for line in traveller.lines:
                _pairs_line(board, line, options.scoring)
    else:
        _add(ev, "BOARD_SCORING_METHOD", "IMPS")
        _add(ev, "MATCH_SCORING_METHOD", "VPS")
        _teams_participants(ev, event, stage_result)
        note = _unmatched(stage_result)
        if note:
            ev.append(ET.Comment(note))
        for round_result in stage_result.rounds:
            for score in round_result.tables:
                _match(ev, round_result.number, score)
    if options.hands is not None:
        handset = _add(root, "HANDSET")
        for traveller in travellers:
            deal = options.hands.deal(traveller.board, options.vulnerability)
            if deal is None:
                continue
            board = _add(handset, "BOARD")
            _add(board, "BOARD_NUMBER", traveller.board)
            for seat in ("N", "E", "S", "W"):
                hand = deal.hand(seat)
                if hand is None:
                    continue
                element = _add(board, "HAND")
                _add(element, "DIRECTION", SEAT_NAMES[seat])
                for suit, name in SUIT_NAMES:
                    _add(element, name, hand.suit(suit) or "-")
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _players(parent: ET.Element, entry: Any) -> None:
    for player in entry.players:
        element = _add(parent, "PLAYER")
        _add(element, "PLAYER_NAME", player.name)


def _pairs_participants(ev: ET.Element, event: Any, stage_result: Any, options: Any) -> None:
    participants = _add(ev, "PARTICIPANTS")
    directions = _directions(stage_result)
    for standing in stage_result.standings:
        pair = _add(participants, "PAIR")
        _add(pair, "PAIR_NUMBER", standing.entry.id)
        if standing.entry.id in directions:
            _add(pair, "DIRECTION", directions[standing.entry.id])
        _players(pair, standing.entry)
        if standing.rank is not None:
            _add(pair, "PLACE", f"{standing.rank}{'=' if standing.tied else ''}")
        metrics = standing.tally.metrics
        if options.scoring == "matchpoints":
            _add(pair, "PERCENTAGE", float(metrics.get("percent", 0)))
            _add(pair, "TOTAL_SCORE", float(metrics.get("mp", 0)))
        else:
            _add(pair, "TOTAL_SCORE", float(metrics.get("imps", 0)))


def _directions(stage_result: Any) -> dict[str, str]:
    """Each pair's direction, the one it sat most."""
    seats: dict[str, list[int]] = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            for index, entry in enumerate((getattr(view, "ns", None), getattr(view, "ew", None))):
                if entry:
                    seats.setdefault(entry, [0, 0])[index] += 1
    return {e: "NS" if n >= w else "EW" for e, (n, w) in seats.items()}


def _pairs_line(board: ET.Element, line: Any, scoring: str) -> None:
    row = line.row
    element = _add(board, "TRAVELLER_LINE")
    _add(element, "ROUND_NUMBER", line.round)
    _add(element, "TABLE_NUMBER", line.table)
    _add(element, "NS_PAIR_NUMBER", line.ns)
    _add(element, "EW_PAIR_NUMBER", line.ew)
    if row.adjusted is not None:
        _add(element, "ADJUSTED_SCORE", row.adjusted.text)
    elif row.not_played or row.parts:  # no contract to give: the ruling as written (np, 50% 4S N =, …)
        _add(element, "ADJUSTED_SCORE", "NP" if row.not_played else row.weighted)
    else:
        _contract(element, row.line)
        _add(element, "SCORE", row.score)
    # (a pair that scores nothing there, a withdrawn pair or a board not played, has no figure)
    value = lambda figure: None if figure is None else float(figure)  # noqa: E731
    if scoring == "matchpoints":
        _add(element, "NS_MATCH_POINTS", value(row.ns_value))
        _add(element, "EW_MATCH_POINTS", value(row.ew_value))
    else:
        _add(element, "NS_IMPS", value(row.ns_value))
        _add(element, "EW_IMPS", value(row.ew_value))
        if row.datum is not None:
            _add(element, "BUTLER_DATUM", row.datum)


def _contract(element: ET.Element, line: Any) -> None:
    if line.contract == "pass":
        _add(element, "CONTRACT", "PASS")
        return
    _add(element, "CONTRACT", line.contract)
    _add(element, "PLAYED_BY", line.declarer)
    if line.lead:
        _add(element, "LEAD", line.lead)
    result = 0 if line.result in ("", "=") else int(line.result)
    _add(element, "TRICKS", int(line.contract[0]) + 6 + result)


def _teams_participants(ev: ET.Element, event: Any, stage_result: Any) -> None:
    participants = _add(ev, "PARTICIPANTS")
    for standing in stage_result.standings:
        team = _add(participants, "TEAM")
        _add(team, "TEAM_NUMBER", standing.entry.id)
        _add(team, "TEAM_NAME", standing.entry.label)
        _players(team, standing.entry)
        if standing.rank is not None:
            _add(team, "PLACE", f"{standing.rank}{'=' if standing.tied else ''}")
        _add(team, "TOTAL_SCORE", float(standing.tally.metrics.get("vp", 0)))
        _add(team, "IMPS", float(standing.tally.metrics.get("imps", 0)))


def _unmatched(stage_result: Any) -> str:
    """The VPs a team scored in no MATCH (interchange/unmatched.py), for a comment: USEBIO's
    MATCH is two teams' boards and has no way to carry them, yet they are in the TEAM's
    TOTAL_SCORE, and a reader summing the MATCHes would not find them."""
    said = unmatched(stage_result)
    if not said:
        return ""
    return (" In TOTAL_SCORE and in no MATCH (USEBIO has no bye, late entry's score or forfeit): "
            + "; ".join(said) + " ")


def _match(ev: ET.Element, round_number: int, score: Any) -> None:
    view = score.view
    if getattr(view, "kind", None) != "played" or view.away is None:
        return
    match = _add(ev, "MATCH")
    _add(match, "ROUND_NUMBER", round_number)
    _add(match, "TABLE_NUMBER", score.table.number)
    # the two teams as USEBIO's readers and the clubs' programs name them in a MATCH
    # (ImportUsebio reads TEAM and OPPOSING_TEAM, not TEAM_NUMBER)
    _add(match, "TEAM", view.home)
    _add(match, "OPPOSING_TEAM", view.away)
    _add(match, "SCORE", float(view.won[view.home]))
    _add(match, "OPPOSING_TEAM_SCORE", float(view.won[view.away]))
    if not view.to_come:  # (a match still waiting for boards has no VPs yet)
        _add(match, "VICTORY_POINTS", float(view.vp[view.home]))
        _add(match, "OPPOSING_TEAM_VICTORY_POINTS", float(view.vp[view.away]))
    for row in view.rows:
        board = _add(match, "BOARD")
        _add(board, "BOARD_NUMBER", row.board)
        if row.adjusted is not None:
            _add(board, "ADJUSTED_SCORE", row.adjusted.text)
        else:
            for room, line, ns_team, ew_team, points in (("OPEN", row.open, view.home, view.away, row.open_score),
                                                         ("CLOSED", row.closed, view.away, view.home, row.closed_score)):
                if line is None:  # a room not in the record: the board's IMPs (below) are the scorer's
                    continue
                element = _add(board, "TRAVELLER_LINE")
                _add(element, "DIRECTION", room)
                _add(element, "NS_PAIR_NUMBER", ns_team)
                _add(element, "EW_PAIR_NUMBER", ew_team)
                _contract(element, line)
                _add(element, "SCORE", points)
        _add(board, "IMPS", float(row.home_imps))
        _add(board, "OPPOSING_TEAM_IMPS", float(row.away_imps))


# --- reading ---------------------------------------------------------------------------------------


@dataclass
class UsebioLine:
    """One TRAVELLER_LINE: every child element's text by name."""

    board: int
    fields: dict[str, str]
    section: str | None = None  # the SECTION it is in (its SECTION_ID), in a file of several
    at: int = 0  # its place among the file's TRAVELLER_LINEs, in the file's order (element_line)

    def get(self, name: str) -> str | None:
        return self.fields.get(name)


@dataclass
class UsebioEvent:
    event_type: str
    description: str | None
    scoring: str | None
    date: str | None = None  # DATE as the file writes it (dd/mm/yyyy)
    match_scoring: str | None = None  # MATCH_SCORING_METHOD (VPS: a MATCH's TEAM_SCORE is its VPs)
    participants: list[dict[str, Any]] = field(default_factory=list)  # PAIR or TEAM: fields, PLAYERS
    lines: list[UsebioLine] = field(default_factory=list)  # pairs: every traveller line
    matches: list[dict[str, Any]] = field(default_factory=list)  # teams: fields, BOARDS, AT (as UsebioLine.at)
    hands: dict[int, dict[str, str]] = field(default_factory=dict)  # board -> seat -> "S.H.D.C"
    sections: list[str] = field(default_factory=list)  # the SECTIONs' names, in the file's order, each once
    source: str = field(default="", repr=False)  # the file's text: where an element is (line_of)

    def line_of(self, tag: str, at: int) -> int | None:
        """The file's line of its `at`-th <tag> (UsebioLine.at, a MATCH's AT)."""
        return element_line(self.source, tag, at)


def _fields(element: ET.Element) -> dict[str, str]:
    return {child.tag: (child.text or "").strip() for child in element if len(child) == 0}


def _section_id(section: ET.Element, number: int) -> str:
    """A SECTION's name: its SECTION_ID (an attribute, as scorer-to-usebio writes it, or an
    element), else its place in the file (1, 2, …)."""
    return (section.get("SECTION_ID") or section.findtext("SECTION_ID") or "").strip() or str(number)


def _with_section(ev: ET.Element, sections: dict[int, str]) -> list[tuple[ET.Element, str | None, ET.Element]]:
    """Every element of the event with the SECTION it is in (None outside any) and its parent."""
    found: list[tuple[ET.Element, str | None, ET.Element]] = []

    def walk(element: ET.Element, section: str | None) -> None:
        for child in element:
            inside = sections.get(id(child), section)
            found.append((child, inside, element))
            walk(child, inside)

    walk(ev, None)
    return found


_SECTION_FIELDS = ("SECTION_ID", "SECTION")  # how a PAIR outside the SECTIONs may name its section


def _section_named(participant: ET.Element, parent: ET.Element) -> str | None:
    """The section a PAIR or TEAM listed outside every SECTION names, as written: a SECTION_ID
    (or SECTION) attribute or element of its own, else of the PARTICIPANTS it is in."""
    for element in (participant, parent) if parent.tag == "PARTICIPANTS" else (participant,):
        for name in _SECTION_FIELDS:
            given = (element.get(name) or element.findtext(name) or "").strip()
            if given:
                return given
    return None


class NoEvent(ValueError):
    """An XML file with no <EVENT>: no USEBIO file (an import says so in the site's words)."""


def read_usebio(text: str) -> UsebioEvent:
    """A USEBIO file's event (the first), participants, traveller lines, matches and hands."""
    root = ET.fromstring(text)
    # each element's place among its kind in the file's order, to find its line when it is refused
    at = {id(element): number for tag in ("TRAVELLER_LINE", "MATCH") for number, element in enumerate(root.iter(tag))}
    ev = root.find("EVENT")
    if ev is None:
        raise NoEvent("no EVENT in this USEBIO file")
    # Some programs nest the boards in SESSION / SECTION; search the whole event.
    found = UsebioEvent(ev.get("EVENT_TYPE", ""), ev.findtext("EVENT_DESCRIPTION"), ev.findtext("BOARD_SCORING_METHOD"),
                        (ev.findtext("DATE") or "").strip() or None,
                        (ev.findtext("MATCH_SCORING_METHOD") or "").strip().upper() or None, source=text)
    sections = {id(element): _section_id(element, number) for number, element in enumerate(ev.iter("SECTION"), start=1)}
    # a SECTION without an id is named by its place (2), unless another SECTION has that id: then `2-2`
    named = {(element.get("SECTION_ID") or element.findtext("SECTION_ID") or "").strip() for element in ev.iter("SECTION")}
    for number, element in enumerate(ev.iter("SECTION"), start=1):
        if not (element.get("SECTION_ID") or element.findtext("SECTION_ID") or "").strip() and str(number) in named:
            name = unused(str(number), named.__contains__, lambda more: f"{number}-{more}")
            named.add(name)
            sections[id(element)] = name
    # one name a section, in the file's order: a file of several SESSIONs has a SECTION element for
    # each section in each session (SECTION_ID A and B in both), the same two sections
    found.sections = list(dict.fromkeys(sections.values()))
    # a section named by its id as written, or by it in another case when only one is so named
    folded: dict[str, list[str]] = defaultdict(list)
    for name in found.sections:
        folded[name.casefold()].append(name)
    for participant, section, parent in _with_section(ev, sections):
        if participant.tag in ("PAIR", "TEAM") and parent.tag != "MATCH":  # a MATCH's TEAM is a team's number
            # a TEAM's number and name may be attributes (TEAM_ID, TEAM_NAME), as the club
            # programs following the DTD write them, or elements (TEAM_NUMBER, paibang's own)
            data: dict[str, Any] = {**{name: value.strip() for name, value in participant.attrib.items()},
                                    **_fields(participant)}
            for name in _SECTION_FIELDS:
                data.pop(name, None)
            data["PLAYERS"] = [p.findtext("PLAYER_NAME") for p in participant.findall("PLAYER")]
            if section is None and found.sections:
                # listed outside the SECTIONs (one PARTICIPANTS for the whole event): the
                # section the PAIR names, when the file has it; else what it names, as written
                given = _section_named(participant, parent)
                if given is not None:
                    matches = folded.get(given.casefold(), [])
                    section = given if given in found.sections else matches[0] if len(matches) == 1 else None
                    if section is None:
                        data["SECTION_NAMED"] = given
            if section is not None:
                data["SECTION"] = section
            found.participants.append(data)
    for match in ev.iter("MATCH"):
        data = _fields(match)
        data["BOARDS"] = [
            {**_fields(board), "LINES": [_fields(line) for line in board.findall("TRAVELLER_LINE")]}
            for board in match.findall("BOARD")
        ]
        data["AT"] = at[id(match)]
        found.matches.append(data)
    for section in [ev, *ev.iter("SECTION")]:
        for board in section.findall("BOARD"):
            number = small_int(board.findtext("BOARD_NUMBER")) or 0
            for line in board.findall("TRAVELLER_LINE"):
                found.lines.append(UsebioLine(number, _fields(line), sections.get(id(section)), at[id(line)]))
    handset = root.find("HANDSET")
    if handset is not None:
        seats = {v: k for k, v in SEAT_NAMES.items()}
        for board in handset.findall("BOARD"):
            number = small_int(board.findtext("BOARD_NUMBER")) or 0
            for hand in board.findall("HAND"):
                seat = seats.get(hand.findtext("DIRECTION", ""), "")
                suits = [(hand.findtext(name) or "").strip() for _, name in SUIT_NAMES]
                found.hands.setdefault(number, {})[seat] = ".".join("" if s == "-" else s for s in suits)
    return found


def element_line(text: str, tag: str, at: int) -> int | None:
    """The line of the file on which its `at`-th <tag> element (0 for the first, in the file's
    order) starts: for a message that points the secretary at it. ElementTree keeps no line
    numbers, so the file is read again, by expat, only when a message needs one."""
    starts = element_lines(text, tag)
    return starts[at] if at < len(starts) else None


def element_lines(text: str, tag: str) -> list[int]:
    """The line on which each <tag> element of the file starts, in the file's order (element_line;
    read once for the many lines an import names)."""
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    starts: list[int] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        if name == tag:
            starts.append(parser.CurrentLineNumber)

    parser.StartElementHandler = start
    try:
        parser.Parse(text, True)
    except xml.parsers.expat.ExpatError:  # read once already: not expected; the message goes without its line
        return []
    return starts
