"""PBN (Portable Bridge Notation 2.1): deals and results in, deals and results out.

Reading is tolerant of what real files contain: `%` comment lines (the `% <META …>` header of
club programs), `;` and `{…}` comments outside quoted values, `?` for an unknown value, `#`
for "the same as the previous game", a void written as an empty suit or `-`, `1N` as well as
`1NT`, an empty `[Declarer ""]` on a passed-out board, tables (`ScoreTable`, `TotalScoreTable`,
`OptimumResultTable`) whose rows quote some fields and leave others as `-`.

What paibang reads from a file:

- deals (`[Board]`, `[Deal]`), for a stage's hand records (games/bridge/hands.py, which holds
  the reader of PBN text itself, `parse_pbn`: the tags and sections of each game);
- results, in either of the two shapes files come in: one game per board with a `ScoreTable`
  of every table's result (pairs events; `pairs_results`), or one game per table result with
  `[Contract]`, `[Declarer]`, `[Result]` (tricks), `[Score]` and, in team events, `[HomeTeam]`
  / `[VisitTeam]` (the team sitting NS) (`table_results`).

What it writes (`export_stage`): one game per board with the deal, dealer, vulnerability and a
`ScoreTable` of every table (pairs), or one game per room of every match (teams, `[Scoring
"IMP"]`; an adjusted board in both rooms with an empty contract, `[ScorePercentage "NS 60 EW
40"]` and its IMPs, which `adjusted_from` reads back), and a `TotalScoreTable` with the
standings in the first game. `results_files` turns a pairs file's
results into paibang results files (one YAML text per round), so another program's results can
be published by paibang and scored again by its rules.

>>> game = parse_pbn('[Board "1"]\\n[Contract "4SX"]\\n[Result "8"]\\n')[0]
>>> game.get("Board"), parse_contract(game.get("Contract"))
('1', (Contract(level=4, strain='S', doubled=1), False))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.games.bridge.hands import PbnGame, parse_pbn, small_int
from generator.games.bridge.scoring import (
    AdjustedRecord,
    BoardRecord,
    WeightedRecord,
    Contract,
    ns_score,
    parse_adjusted,
    result_text,
    vulnerability,
)
from generator.interchange.unmatched import figure, unmatched


def read_pbn(path: Path) -> list[PbnGame]:
    """A PBN file (UTF-8; Latin-1, which older programs write, when it is not)."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_pbn(text)


# --- contracts and results ------------------------------------------------------------------------

_PBN_CONTRACT = re.compile(r"^([1-7])(NT|N|C|D|H|S)(XX|X)?$", re.IGNORECASE)


def parse_contract(text: str | None) -> tuple[Contract | None, bool]:
    """(contract, passed out): `4SX`, `3NTXX`, `1N` (NT), `Pass`; (None, False) when unknown."""
    if text is None:
        return None, False
    text = text.strip().upper()
    if text in ("PASS", "AP", "P"):
        return None, True
    match = _PBN_CONTRACT.match(text)
    if not match:
        return None, False
    level, strain, doubled = match.groups()
    return Contract(int(level), "NT" if strain in ("N", "NT") else strain, len(doubled or "")), False


def contract_text(contract: Contract | None) -> str:
    return "Pass" if contract is None else str(contract)


# A card as the programs write an opening lead: suit and rank either way round (HK, KH; CT, 10C).
# Anything else in a file's lead (Ruter's "-", or text chosen to write YAML of its own into the
# results files: record_text writes the lead into a flow mapping) is no lead.
_LEAD = re.compile(r"(?:[SHDC](?:[2-9TJQKA]|10)|(?:[2-9TJQKA]|10)[SHDC])", re.IGNORECASE)


def lead_card(text: str | None) -> str | None:
    """A file's opening lead as a card, suit first (`HK`, `DT`, `C10`) as PBN's Lead tag and the
    results files write it, whichever way round the file has it; None when it is not one.
    Compscore writes rank first (`TD`, `9H`): kept so, a traveller showed `TD` and `AC` as
    written and `6D` as 6♦, read as a contract."""
    text = (text or "").strip().upper()
    if not _LEAD.fullmatch(text):
        return None
    return text if text[0] in "SHDC" else text[-1] + text[:-1]


def record_from(board: int, contract_value: str | None, declarer: str | None, tricks: str | None,
                lead: str | None = None) -> BoardRecord | None:
    """Our board record from PBN's contract, declarer and tricks taken; None when the result
    is not known (no contract, or a contract without declarer or tricks)."""
    contract, passed = parse_contract(contract_value)
    if passed:
        return BoardRecord(board, None)
    if contract is None or not declarer or declarer.strip().upper() not in ("N", "E", "S", "W"):
        return None
    taken = small_int(tricks, 2)
    if taken is None or not 0 <= taken <= 13:
        return None
    result = taken - (contract.level + 6)
    return BoardRecord(board, contract, declarer.strip().upper(), result, None, lead_card(lead))


def adjusted_from(board: int, contract: str | None, percentages: str | None) -> AdjustedRecord | None:
    """A team game's adjusted score as paibang writes it (export_stage): no contract and
    `[ScorePercentage "NS 60 EW 40"]`, the percentages from the room's NS; None otherwise."""
    if (contract or "").strip() or not percentages:
        return None
    words = percentages.replace("%", " ").split()
    if len(words) != 4 or [w.upper() for w in words[::2]] != ["NS", "EW"]:
        return None
    try:
        ns, ew = float(words[1]), float(words[3])
    except ValueError:
        return None
    if not (0 <= ns <= 100 and 0 <= ew <= 100):
        return None
    return AdjustedRecord(board, ns, ew)


def _score_value(text: str | None) -> int | None:
    """`NS 420`, `EW -50`, `420`, `"120"` -> NS's score."""
    if text is None:
        return None
    words = text.replace("+", "").split()
    if len(words) == 2 and words[0].upper() in ("NS", "EW"):
        value = small_int(words[1])
        return None if value is None else value if words[0].upper() == "NS" else -value
    if len(words) == 1:
        return small_int(words[0])
    return None


# --- results of a pairs event: a ScoreTable per board ---------------------------------------------


@dataclass(frozen=True)
class PbnResult:
    """One table's result on one board, as a file publishes it."""

    board: int
    record: Any  # BoardRecord, an adjusted score (duplicate.AdjustedRecord), or None when unreadable
    score: int | None  # the published NS score
    table: str | None = None
    round: str | None = None
    ns: str | None = None  # pair ids (pairs events) or the team sitting NS (teams events)
    ew: str | None = None
    fields: dict[str, str | None] = field(default_factory=dict, compare=False)  # every column or tag as written


def _first(row: dict[str, str | None], *names: str) -> str | None:
    for name in names:
        if row.get(name) is not None:
            return row[name]
    return None


def pairs_results(games: Iterable[PbnGame]) -> list[PbnResult]:
    """Every row of every board's `ScoreTable`: pair ids, contract, declarer, tricks (`Result`),
    lead, and the NS score (`Score_NS`, or minus `Score_EW`)."""
    found = []
    for game in games:
        board = small_int(game.get("Board"))
        table = game.table("ScoreTable")
        if table is None or board is None:
            continue
        for row in table.rows:
            record = record_from(board, row.get("Contract"), row.get("Declarer"), row.get("Result"), row.get("Lead"))
            if record is None and row.get("Contract"):
                record = parse_adjusted(board, row["Contract"])
            ns_text, ew_text = _first(row, "Score_NS", "ScoreNS"), _first(row, "Score_EW", "ScoreEW")
            score = _score_value(ns_text)
            if score is None and ew_text is not None:
                value = _score_value(ew_text)
                score = -value if value is not None else None
            found.append(PbnResult(board, record, score, row.get("Table"), row.get("Round"),
                                   _first(row, "PairId_NS", "PairNS"), _first(row, "PairId_EW", "PairEW"), row))
    return found


def table_results(games: Iterable[PbnGame]) -> list[PbnResult]:
    """One result per game (a file of table results): contract, declarer, tricks, score; the
    teams at the table when it names them (`HomeTeam` sits NS)."""
    found = []
    for game in games:
        board = small_int(game.get("Board"))
        if board is None or game.get("Contract") is None and game.get("Score") is None:
            continue
        record = record_from(board, game.get("Contract"), game.get("Declarer"), game.get("Result"))
        found.append(PbnResult(board, record, _score_value(game.get("Score")), game.get("Table"), game.get("Round"),
                               game.get("HomeTeam") or game.get("North"), game.get("VisitTeam") or game.get("East"),
                               dict(game.tags)))
    return found


def computed_score(result: PbnResult, mode: str = "standard") -> int | None:
    """The NS score the rules give the result's record (None without a record)."""
    if not isinstance(result.record, BoardRecord):
        return None
    return ns_score(result.record, vulnerability(result.board, mode))


def other_room(results: Sequence[PbnResult]) -> dict[int, PbnResult]:
    """For each team result (by index), the same board at the other table of the same match:
    the teams sit the other way (its NS team is this one's EW team and the reverse)."""
    by_key: dict[tuple[int, str, str], list[int]] = {}
    for index, result in enumerate(results):
        if result.ns and result.ew:
            by_key.setdefault((result.board, result.ns, result.ew), []).append(index)
    found = {}
    for index, result in enumerate(results):
        if not (result.ns and result.ew):
            continue
        partners = by_key.get((result.board, result.ew, result.ns), [])
        if len(partners) == 1:
            found[index] = results[partners[0]]
    return found


# --- writing ---------------------------------------------------------------------------------------


def _quote(value: object) -> str:
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def tag(name: str, value: object) -> str:
    return f"[{name} {_quote(value)}]"


def _cell(value: object) -> str:
    if value is None or value == "":
        return "-"
    text = str(value)
    if re.fullmatch(r"[-+]?\d+(\.\d+)?|[A-Za-z0-9]+", text) and text != "-":
        return text
    return _quote(text)


def table_lines(name: str, columns: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """A table tag and its rows: `[ScoreTable "Table\\2R;Round\\2R;…"]` then one line a row,
    columns padded to their widest cell."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(c[i]) for c in cells] + [1]) for i in range(len(columns))]
    spec = ";".join(f"{column}\\{widths[i]}{'L' if i and column in _LEFT else 'R'}" for i, column in enumerate(columns))
    lines = [tag(name, spec)]
    for row in cells:
        lines.append(" ".join(c.ljust(widths[i]) if columns[i] in _LEFT else c.rjust(widths[i])
                              for i, c in enumerate(row)).rstrip())
    return lines


_LEFT = {"Contract", "Lead", "Names", "Declarer"}


def export_stage(result: Any, stage_id: str, rules: Any) -> str:
    """The PBN of one duplicate stage of an event (generator.tournament.results.EventResult).
    `rules` is bridge's (games/bridge/'s RULES): its stage options and travellers; the caller
    passes them, so this format builds on bridge's pure scoring only."""
    event = result.event
    stage_result = result.stage_of(stage_id)
    stage = stage_result.stage
    options = rules.options(stage)
    hands = options.hands
    date = (stage.date or (event.dates[0] if event.dates else None))
    header = ["% PBN 2.1", "% EXPORT", f"% paibang: {event.title} · {stage.name}"]
    said = unmatched(stage_result) if options.kind == "teams" else []
    if said:  # a game is two teams' boards: a bye's VPs, a late entry's, a forfeit's are in no game
        header.append("% In TotalScoreTable and in no game (PBN has no bye, late entry's score or forfeit): "
                      + "; ".join(said))
    header.append("")
    common = [tag("Event", f"{event.title} · {stage.name}"), tag("Site", event.venue or "?"),
              tag("Date", date.strftime("%Y.%m.%d") if date else "?")]
    # A team match is scored on its two rooms: PBN's plain `IMP` (as real teams files write it);
    # `IMP;Cross` is the pairs' IMPs across the field.
    scoring = ("IMP" if options.kind == "teams" else
               {"matchpoints": "MP", "imps": "IMP;Cross", "butler": "IMP;Butler"}.get(options.scoring, "IMP"))
    travellers = rules.travellers(stage, stage_result.rounds)
    games: list[list[str]] = []
    totals = _total_lines(event, stage_result, options, rules.fields(stage, stage_result.rounds))
    for position, traveller in enumerate(travellers):
        board = traveller.board
        deal = hands.deal(board, options.vulnerability) if hands is not None else None
        lines = [*common, tag("Board", board), tag("Dealer", traveller.dealer),
                 tag("Vulnerable", {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}[traveller.vulnerability])]
        lines.append(tag("Deal", deal.pbn() if deal is not None else "?"))
        lines.append(tag("Scoring", scoring))
        if options.kind == "pairs":
            lines += [tag("Competition", "Pairs"), tag("Declarer", "?"), tag("Contract", "?"), tag("Result", "?")]
            if position == 0:
                lines += totals
            lines += _score_table(traveller, options.scoring)
            games.append(lines)
        else:
            first = True
            for line in traveller.lines:
                row = line.row
                adjusted = row.adjusted
                for room, record, score, ns_team, ew_team, imp in (
                        ("Open", row.open, row.open_score, line.home, line.away, row.home_imps),
                        ("Closed", row.closed, row.closed_score, line.away, line.home, -row.home_imps)):
                    if record is None and adjusted is None:
                        continue
                    game = [*lines, tag("Competition", "Teams"), tag("Round", line.round), tag("Table", line.table),
                            tag("Room", room), tag("HomeTeam", ns_team), tag("VisitTeam", ew_team)]
                    if adjusted is not None:
                        # An adjusted board (both rooms): no contract, no result, no score; each
                        # side's percentage from this room's NS (ScorePercentage) and the IMPs it
                        # is worth, so that the board is in the file and reads back.
                        ns_percent, ew_percent = ((adjusted.ns, adjusted.ew) if room == "Open"
                                                  else (adjusted.ew, adjusted.ns))
                        game += [f"{{Adjusted score {adjusted.text}, home team {line.home}}}",
                                 tag("Declarer", ""), tag("Contract", ""), tag("Result", ""),
                                 tag("ScorePercentage", f"NS {figure(ns_percent)} EW {figure(ew_percent)}"),
                                 tag("ScoreIMP", f"NS {figure(imp)} EW {figure(-imp)}")]
                    else:
                        game += [tag("Declarer", record.declarer if record.contract != "pass" else ""),
                                 tag("Contract", "Pass" if record.contract == "pass" else record.contract),
                                 tag("Result", _tricks(record) if record.contract != "pass" else ""),
                                 tag("Score", f"NS {score}"), tag("ScoreIMP", f"NS {figure(imp)} EW {figure(-imp)}")]
                        if record.lead:
                            game.append(tag("Lead", record.lead))
                    if position == 0 and first:
                        game += totals
                        first = False
                    games.append(game)
    return "\n".join(header + ["\n".join(g) + "\n" for g in games])


def _tricks(line: Any) -> int:
    """Tricks taken from a score sheet line (contract text, result "=" / "+1" / "-2")."""
    level = int(line.contract[0])
    result = 0 if line.result in ("", "=") else int(line.result)
    return level + 6 + result


def _score_table(traveller: Any, scoring: str) -> list[str]:
    columns = ["Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Lead", "Score_NS", "Score_EW"]
    if scoring == "matchpoints":
        columns += ["MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"]
    else:
        columns += ["IMP_NS", "IMP_EW"] + (["ButlerDatum"] if scoring == "butler" else [])
    rows = []
    for line in traveller.lines:
        row = line.row
        if row.adjusted is not None:
            contract, declarer, tricks, lead, ns, ew = row.adjusted.text, None, None, None, None, None
        elif row.not_played or row.parts:  # NP as Ruter writes it; a weighted score as written
            contract, declarer, tricks, lead, ns, ew = ("NP" if row.not_played else row.weighted), None, None, None, None, None
        else:
            board_line = row.line
            passed = board_line.contract == "pass"
            contract = "Pass" if passed else board_line.contract
            declarer = None if passed else board_line.declarer
            tricks = None if passed else _tricks(board_line)
            lead = board_line.lead or None
            ns = row.score if row.score and row.score > 0 else (0 if row.score == 0 else None)
            ew = -row.score if row.score and row.score < 0 else None
        cells: list[object] = [line.table, line.round, line.ns, line.ew, contract, declarer, tricks, lead, ns, ew]
        if scoring == "matchpoints":
            # (a withdrawn pair's side, a board not played: no figure)
            cells += [_figure(row.ns_value), _figure(row.ew_value),
                      figure(round(row.ns_percent, 2)) if row.ns_percent is not None else None,
                      figure(round(row.ew_percent, 2)) if row.ew_percent is not None else None]
        else:
            cells += [_figure(row.ns_value), _figure(row.ew_value)] + ([row.datum] if scoring == "butler" else [])
        rows.append(cells)
    return table_lines("ScoreTable", columns, rows)


def _figure(value: float | None) -> str | None:
    return None if value is None else figure(value)


def _total_lines(event: Any, stage_result: Any, options: Any, fields: dict[str, list[str]] | None = None) -> list[str]:
    """`fields`: a two-winner stage's NS and EW pairs (`field: directions`), each ranked apart:
    a Direction column says which ranking a pair's Rank is in (as Ruter writes it, `N-S`), or
    the two rank 1s read as one field's tie."""
    if options.kind == "teams":
        columns = ["Rank", "TeamId", "TotalScoreVP", "TotalScoreIMP", "Names"]
        rows = [[s.rank, s.entry.id, figure(s.tally.metrics.get("vp", 0)), figure(s.tally.metrics.get("imps", 0)),
                 s.entry.label] for s in stage_result.standings]
    elif options.scoring == "matchpoints":
        columns = ["Rank", "PairId", "TotalScoreMP", "TotalPercentage", "Names"]
        rows = [[s.rank, s.entry.id, figure(s.tally.metrics.get("mp", 0)), figure(s.tally.metrics.get("percent", 0)),
                 s.entry.player_names] for s in stage_result.standings]
    else:
        columns = ["Rank", "PairId", "TotalScoreIMP", "Names"]
        rows = [[s.rank, s.entry.id, figure(s.tally.metrics.get("imps", 0)), s.entry.player_names]
                for s in stage_result.standings]
    if fields is not None and options.kind != "teams":
        direction = {entry: name for name, field_entries in zip(("N-S", "E-W"), fields.values()) for entry in field_entries}
        columns.insert(columns.index("PairId") + 1, "Direction")
        for row, standing in zip(rows, stage_result.standings):
            row.insert(2, direction.get(standing.entry.id))
    # The stage's penalties and awards in points (`adjustments`), as Ruter writes them: a
    # ScorePenalty column, already in the totals (percentage adjustments are in the percentage).
    points = options.points  # bridge's rule: the points the stage's totals are in
    penalty: dict[str, float] = {}
    for adjustment in getattr(options, "adjustments", ()):
        if adjustment.kind == points:
            penalty[adjustment.entry] = penalty.get(adjustment.entry, 0) + adjustment.value
    if penalty:
        columns.insert(columns.index("Names"), "ScorePenalty")
        at = columns.index("ScorePenalty")
        for row, standing in zip(rows, stage_result.standings):
            row.insert(at, figure(penalty[standing.entry.id]) if standing.entry.id in penalty else None)
    return table_lines("TotalScoreTable", columns, rows)


# --- into content: a pairs file's results as paibang results files ---------------------------------


_YAML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def yaml_text(value: str) -> str:
    """`value` as a YAML double-quoted scalar on one line: a backslash, a quote, a line break
    and every control character escaped (a raw line feed inside the quotes would be folded into
    a space, and a raw control character makes the file unreadable)."""
    return '"' + re.sub(r'[\\"\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]',
                        lambda found: _YAML_ESCAPES.get(found.group(), f"\\u{ord(found.group()):04x}"), value) + '"'


def record_text(record: Any) -> str:
    """A board record as a secretary would type it: `4SX S -2`, `pass`, `A+/A-`, or the mapping
    form when there is a lead."""
    if isinstance(record, (AdjustedRecord, WeightedRecord)):  # (a weighted score: `50% 4S N =, 50% 4S N -1`)
        return record.text
    if record.contract is None:
        return "pass"
    if record.lead:
        # a card (lead_card); anything else, quoted (a YAML scalar of one line)
        lead = record.lead if _LEAD.fullmatch(record.lead) else yaml_text(record.lead)
        return (f'{{contract: {record.contract}, by: {record.declarer}, result: "{result_text(record.result)}", '
                f"lead: {lead}}}")
    return f"{record.contract} {record.declarer} {result_text(record.result)}"


def results_files(results: Iterable[PbnResult], stage: str) -> dict[int, str]:
    """The results of a pairs file (`pairs_results`) as paibang results files, one per round:
    round number -> YAML text with every table's NS and EW pair and boards. Results without a
    readable record are left out (they would be boards not played)."""
    rounds: dict[int, dict[int, list[PbnResult]]] = {}
    for result in results:
        if result.record is None or not result.ns or not result.ew:
            continue
        number = small_int(result.round) or 1
        table = small_int(result.table) or 0
        rounds.setdefault(number, {}).setdefault(table, []).append(result)
    files = {}
    for number, tables in sorted(rounds.items()):
        lines = [f"stage: {stage}", f"round: {number}", "tables:"]
        for table, found in sorted(tables.items()):
            first = found[0]
            lines += [f"  - table: {table}", f"    ns: {_yaml_id(first.ns)}", f"    ew: {_yaml_id(first.ew)}", "    boards:"]
            lines += [f"      {r.board}: {record_text(r.record)}" for r in sorted(found, key=lambda r: r.board)]
        files[number] = "\n".join(lines) + "\n"
    return files


def _yaml_id(entry_id: str | None) -> str:
    text = str(entry_id)
    return text if text[:1].isalpha() and text.isascii() and text.lower() not in ("true", "false", "null", "yes", "no", "on", "off") else f'"{text}"'
