"""An event's results as a spreadsheet (results.xlsx in every build, `paibang export`) and as CSV.

The workbook, any game: per stage a sheet of standings (rank, entry, names, group, every metric
the stage ranks or scores by), a sheet of its rounds' tables (round, table, sides, winner, each
side's metrics), and for duplicate bridge stages a sheet of travellers (board, round, table, NS,
EW, contract, declarer, result, lead, NS score, NS and EW matchpoints or IMPs).

Byte-reproducible: openpyxl stamps the document properties with the time of saving and the zip
members with the current time; both are replaced by a fixed moment (the event's first date, else
1980-01-01, the earliest a zip can say), so two builds of the same content write the same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import zipfile
from typing import Any

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def _sheet_name(text: str, used: set[str]) -> str:
    """Excel's rules: at most 31 characters, none of []:*?/\\, unique (case-insensitively)."""
    name = re.sub(r"[\[\]:*?/\\]", "_", text)[:31] or "sheet"
    base, n = name, 2
    while name.lower() in used:
        suffix = f" ({n})"
        name, n = base[:31 - len(suffix)] + suffix, n + 1
    used.add(name.lower())
    return name


def _metrics(result: Any, stage_result: Any) -> list[str]:
    from generator.games import GAMES

    game = GAMES[result.event.game]
    names = list(stage_result.stage.rank_by)
    for name in game.metrics_for(stage_result.stage):
        if name not in names:
            names.append(name)
    for standing in stage_result.standings:
        for name in standing.tally.metrics:
            if name not in names:
                names.append(name)
    return names


def _cell(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def standings_rows(result: Any, stage_result: Any) -> list[list[Any]]:
    metrics = _metrics(result, stage_result)
    rows: list[list[Any]] = [["rank", "entry", "name", "players", "group", *metrics, "qualified", "prize"]]
    for s in stage_result.standings:
        entry = s.entry
        rows.append([s.rank_label if s.rank is not None else "", entry.id, entry.name or "",
                     " / ".join(p.name for p in entry.players), entry.group or "",
                     *[_cell(s.tally.metrics.get(m)) for m in metrics], "yes" if s.qualified else "",
                     s.prize.name if s.prize else ""])
    return rows


def table_rows(stage_result: Any) -> list[list[Any]]:
    names: list[str] = []
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            for side in score.sides:
                for name in side.metrics:
                    if name not in names:
                        names.append(name)
    rows: list[list[Any]] = [["round", "table", "side", "entry", "winner", "forfeit", *names]]
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            metrics = {side.entry: side.metrics for side in score.sides}
            for position, entry in enumerate(score.table.sides, start=1):
                own = metrics.get(entry, {})
                rows.append([round_result.number, score.table.number, position, entry,
                             "yes" if score.winner == entry else "", "yes" if score.table.forfeit == entry else "",
                             *[_cell(own.get(n)) for n in names]])
    return rows


def traveller_rows(result: Any, stage_result: Any) -> list[list[Any]] | None:
    from generator.games import GAMES

    # Bridge's duplicate stages (80分's travellers carry other columns; its tables sheet has them).
    travellers = getattr(GAMES[result.event.game], "travellers", None) if result.event.game == "bridge" else None
    if travellers is None or not stage_result.rounds:
        return None
    found = list(travellers(stage_result.stage, stage_result.rounds))
    if not found:
        return None
    rows: list[list[Any]] = [["board", "round", "table", "ns", "ew", "contract", "declarer", "result", "lead",
                              "ns_score", "ns_value", "ew_value", "adjusted"]]
    for traveller in found:
        for line in traveller.lines:
            row = line.row
            ns, ew = (getattr(line, "ns", None), getattr(line, "ew", None)) if hasattr(line, "ns") else (line.home, line.away)
            board_line = getattr(row, "line", None) or getattr(row, "open", None)
            adjusted = row.adjusted.text if getattr(row, "adjusted", None) is not None else ""
            value_ns = getattr(row, "ns_value", None) if hasattr(row, "ns_value") else row.home_imps
            value_ew = getattr(row, "ew_value", None) if hasattr(row, "ew_value") else row.away_imps
            score = getattr(row, "score", None) if hasattr(row, "score") else row.open_score
            rows.append([traveller.board, line.round, line.table, ns, ew,
                         board_line.contract if board_line else "", board_line.declarer if board_line else "",
                         board_line.result if board_line else "", board_line.lead if board_line else "",
                         score, _cell(value_ns), _cell(value_ew), adjusted])
    return rows


def _text_cell(sheet: Any, value: Any) -> Any:
    """A name or a record typed as `=…` stays text: openpyxl would write it as a formula."""
    if isinstance(value, str) and value.startswith("="):
        from openpyxl.cell import WriteOnlyCell

        cell = WriteOnlyCell(sheet, value=value)
        cell.data_type = "s"
        return cell
    return value


_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")


def _csv_cell(value: Any) -> Any:
    """CSV has no types: a text that a spreadsheet program would run as a formula (=, @, or + and
    - not starting a number) is kept text with a leading apostrophe, as OWASP advises."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "@", "+", "-", "\t", "\r") and not _NUMBER.match(value):
        return "'" + value
    return value


def _moment(result: Any) -> dt.datetime:
    dates = getattr(result.event, "dates", None) or []
    day = dates[0] if dates else None
    if day is None or day.year < 1980:
        return dt.datetime(*ZIP_EPOCH)
    return dt.datetime(day.year, day.month, day.day)


def workbook_bytes(result: Any) -> bytes:
    """The event's results.xlsx, the same bytes for the same results."""
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    used: set[str] = set()
    for stage_result in result.stages:
        stage = stage_result.stage
        sheets = [(stage.id, standings_rows(result, stage_result)),
                  (f"{stage.id} tables", table_rows(stage_result))]
        travellers = traveller_rows(result, stage_result)
        if travellers:
            sheets.append((f"{stage.id} boards", travellers))
        for title, rows in sheets:
            sheet = book.create_sheet(_sheet_name(title, used))
            for row in rows:
                sheet.append([_text_cell(sheet, v) for v in row])
    if not used:
        book.create_sheet("results")
    moment = _moment(result)
    book.properties.creator = "paibang"
    book.properties.created = moment
    raw = io.BytesIO()
    book.save(raw)
    return _fixed(raw.getvalue(), moment)


def _fixed(data: bytes, moment: dt.datetime) -> bytes:
    """The workbook with the save time (docProps/core.xml) and every zip member's time fixed."""
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                content = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)",
                                 lambda m: m.group(1) + stamp.encode() + m.group(2), content)
            member = zipfile.ZipInfo(info.filename, date_time=moment.timetuple()[:6] if moment.year >= 1980 else ZIP_EPOCH)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o600 << 16
            target.writestr(member, content)
    return out.getvalue()


def csv_texts(result: Any) -> dict[str, str]:
    """One CSV text per stage (its standings, then its tables, then its travellers, each block
    after an empty line), UTF-8 with a BOM so spreadsheet programs read Chinese right."""
    texts = {}
    for stage_result in result.stages:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        blocks = [standings_rows(result, stage_result), table_rows(stage_result)]
        travellers = traveller_rows(result, stage_result)
        if travellers:
            blocks.append(travellers)
        for index, rows in enumerate(blocks):
            if index:
                writer.writerow([])
            writer.writerows([[_csv_cell(v) for v in row] for row in rows])
        texts[stage_result.stage.id] = "\ufeff" + out.getvalue()
    return texts
