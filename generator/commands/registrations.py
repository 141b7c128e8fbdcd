"""`paibang import SLUG FILE`: registrations from a spreadsheet (.xlsx or .csv) into entries.

Secretaries collect registrations as a sheet, one row per player (seed 000: 组长及成员的姓名，
专业，班级和电话). Columns are recognised by their usual Chinese or English headings (COLUMNS),
or named with --map. Rows are grouped into entries by an entry number (组号/编号) or a team
name (队名); the row marked 组长 comes first. Phone and student numbers go into the players'
private fields only.

The entries are written to events/<slug>/entries.yaml and event.yaml points there
(`entries: entries.yaml`). A rerun updates that file: a row group with an entry number already
listed updates that entry, one whose players are already known keeps its id, so nothing is
duplicated and results files stay valid.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.content.reader import ID_PATTERN
from generator.content.yaml_loader import YamlList, YamlMap, load_yaml
from generator.errors import ContentErrors, Mark, Problems

COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("姓名", "名字", "选手", "選手", "队员", "隊員", "成员姓名", "name", "player"),
    "entry": ("组号", "組號", "编号", "編號", "队号", "隊號", "参赛号", "參賽號", "id", "entry"),
    "team": ("队名", "隊名", "组名", "組名", "队伍", "隊伍", "team"),
    "captain": ("组长", "組長", "队长", "隊長", "captain"),
    "group": ("班级", "班級", "单位", "單位", "部门", "部門", "系别", "系別", "公司", "group", "class", "unit"),
    "major": ("专业", "專業", "major"),
    "phone": ("电话", "電話", "手机", "手機", "联系电话", "聯絡電話", "联系方式", "phone", "mobile"),
    "student_id": ("学号", "學號", "工号", "工號", "student_id", "student number"),
}
PRIVATE = ("phone", "student_id")
YES = {"是", "√", "✓", "y", "yes", "1", "true", "组长", "組長", "队长", "隊長", "captain"}
PREFIX = {"bridge": "A", "guandan": "T", "daguai": "D", "shengji": "H"}


@dataclass
class Registrant:
    row: int
    name: str
    key: str  # what groups players into one entry
    captain: bool = False
    group: str | None = None
    team: str | None = None
    private: dict[str, str] = field(default_factory=dict)


@dataclass
class ImportReport:
    entries: int
    new: int
    kept: int
    path: Path


def read_table(path: Path) -> list[list[str]]:
    """The sheet's rows as text: the first worksheet of an .xlsx, or a CSV in UTF-8 or GBK."""
    try:
        return _read_table(path)
    except (OSError, zipfile.BadZipFile, KeyError, ValueError) as exc:  # missing, or not a spreadsheet
        problems = Problems()
        problems.add("file-unreadable", Mark(path), reason=f"{type(exc).__name__}: {exc}")
        raise ContentErrors(problems.sorted()) from None


def _read_table(path: Path) -> list[list[str]]:
    if path.suffix.lower() == ".xlsx":
        from openpyxl import load_workbook

        book = load_workbook(path, read_only=True, data_only=True)
        sheet = book.worksheets[0]
        rows = [["" if cell is None else _cell_text(cell) for cell in row] for row in sheet.iter_rows(values_only=True)]
        book.close()
        return rows
    raw = path.read_bytes()
    for encoding in ("utf-8-sig", "gb18030"):  # Excel in China saves CSV as GBK
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # e.g. UTF-16 ("Unicode text" in Excel)
        problems = Problems()
        problems.add("file-unreadable", Mark(path), reason="CSV 须为 UTF-8 或 GBK 编码 / CSV must be UTF-8 or GBK")
        raise ContentErrors(problems.sorted())
    return [row for row in csv.reader(io.StringIO(text))]


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a phone number read as 13800138000.0
    return str(value).strip()


def match_columns(header: list[str], extra: dict[str, str]) -> dict[str, int]:
    """Field -> column index, from the heading row; `extra` maps more headings to fields."""
    found: dict[str, int] = {}
    for index, heading in enumerate(header):
        title = re.sub(r"\s+", "", heading).lower()
        for field_name, names in COLUMNS.items():
            aliases = {n.lower() for n in names} | {k.lower() for k, v in extra.items() if v == field_name}
            if title in aliases and field_name not in found:
                found[field_name] = index
    return found


def registrants(path: Path, rows: list[list[str]], columns: dict[str, int], problems: Problems) -> list[Registrant]:
    people = []
    key_field = "entry" if "entry" in columns else "team"
    for number, row in enumerate(rows[1:], start=2):
        cells = {name: (row[index].strip() if index < len(row) else "") for name, index in columns.items()}
        if not any(cells.values()):
            continue  # a blank row
        if not cells.get("name"):
            problems.add("registration-no-name", Mark(path, number, 1), row=number)
            continue
        if not cells.get(key_field):
            problems.add("registration-no-entry", Mark(path, number, 1), row=number, name=cells["name"])
            continue
        people.append(Registrant(
            row=number, name=cells["name"], key=cells[key_field],
            captain=cells.get("captain", "").lower() in YES,
            group=cells.get("group") or cells.get("major") or None,
            team=cells.get("team") or None,
            private={k: cells[k] for k in PRIVATE if cells.get(k)},
        ))
    return people


def import_registrations(content: Path, slug: str, sheet: Path, extra_columns: dict[str, str] | None = None,
                         prefix: str | None = None) -> ImportReport:
    """Merge `sheet` into events/<slug>/entries.yaml; raise ContentErrors listing unusable rows."""
    problems = Problems()
    folder = content / "events" / slug
    event_file = folder / "event.yaml"
    if not event_file.is_file():
        problems.add("event-missing", Mark(folder), slug=slug)
        raise ContentErrors(problems.sorted())
    rows = read_table(sheet)
    columns = match_columns(rows[0] if rows else [], extra_columns or {})
    if "name" not in columns or not ({"entry", "team"} & set(columns)):
        problems.add("registration-columns", Mark(sheet, 1, 1), found=", ".join(rows[0] if rows else []))
        raise ContentErrors(problems.sorted())
    people = registrants(sheet, rows, columns, problems)
    seen: dict[str, int] = {}
    for person in people:
        if person.name in seen:
            problems.add("registration-duplicate", Mark(sheet, person.row, 1), name=person.name, first=seen[person.name])
        seen.setdefault(person.name, person.row)
    if problems.errors:
        raise ContentErrors(problems.sorted())

    event = load_yaml(event_file, problems)
    if not isinstance(event, YamlMap):
        raise ContentErrors(problems.sorted())
    entries_path = folder / "entries.yaml"
    existing = _existing_entries(event, folder, problems)
    by_players = {frozenset(_names(entry)): entry for entry in existing}
    by_id = {str(entry.get("id")): entry for entry in existing}
    letter = prefix or PREFIX.get(str(event.get("game")), "E")

    grouped: dict[str, list[Registrant]] = {}
    for person in people:
        grouped.setdefault(person.key, []).append(person)
    merged = list(existing)
    used = {str(entry.get("id")) for entry in existing}
    new = kept = 0
    for key, members in grouped.items():
        members.sort(key=lambda p: not p.captain)
        players = [{"name": p.name, **p.private} if p.private else p.name for p in members]
        # The same entry as before: by its number in the sheet, else by the same players.
        known = by_id.get(key) if "entry" in columns else None
        known = known or by_players.get(frozenset(p.name for p in members))
        if known is not None:
            known["players"] = players  # phone numbers and the like may have changed
            kept += 1
            continue
        usable = "entry" in columns and ID_PATTERN.match(key) and key not in used
        entry_id = key if usable else _next_id(letter, used)
        used.add(entry_id)
        entry: dict[str, object] = {"id": entry_id, "players": players}
        group = next((p.group for p in members if p.group), None)
        team = next((p.team for p in members if p.team), None)
        if group:
            entry["group"] = group
        if team:
            entry["name"] = team
        merged.append(entry)
        new += 1
    header = ("# 参赛名单：由 paibang import 从报名表生成，可手工修改；重新导入时按队员姓名保留编号。\n"
              "# phone、student_id 等字段不会出现在网站和公告上。\n")
    text = yaml.safe_dump(merged, allow_unicode=True, sort_keys=False, default_flow_style=None, width=120)
    entries_path.write_text(header + text, encoding="utf-8")
    _point_event_at(event_file)
    return ImportReport(len(merged), new, kept, entries_path)


def _existing_entries(event: YamlMap, folder: Path, problems: Problems) -> list[dict]:
    listed = event.get("entries")
    if isinstance(listed, str):
        data = load_yaml(folder / listed, problems) if (folder / listed).is_file() else None
        listed = data.get("entries") if isinstance(data, YamlMap) else data
    if not isinstance(listed, (YamlList, list)):
        return []
    return [_plain(item) for item in listed if isinstance(item, dict)]


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _names(entry: dict) -> list[str]:
    return [p["name"] if isinstance(p, dict) else str(p) for p in entry.get("players", [])]


def _next_id(letter: str, used: set[str]) -> str:
    number = 1
    while f"{letter}{number:02d}" in used:
        number += 1
    return f"{letter}{number:02d}"


def _point_event_at(event_file: Path) -> None:
    """Replace event.yaml's `entries:` block by `entries: entries.yaml`, leaving every other line,
    comments included, as the secretary wrote it."""
    lines = event_file.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if re.match(r"entries\s*:", line)), None)
    if start is None:
        lines.append("entries: entries.yaml\n")
    else:
        end = start + 1
        while end < len(lines) and (lines[end].startswith((" ", "\t", "-")) or not lines[end].strip()):
            end += 1
        lines[start:end] = ["entries: entries.yaml\n"]
    event_file.write_text("".join(lines), encoding="utf-8")
