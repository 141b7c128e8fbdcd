"""`paibang new` and `paibang import`: an event scaffolded, registrations read from a sheet."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook

from generator.build import validate
from generator.commands.new import ScaffoldRefused, scaffold_event
from generator.commands.registrations import import_registrations
from generator.errors import ContentErrors

ROOT = Path(__file__).resolve().parents[1]
SEED_HEADINGS = ["组号", "姓名", "组长", "专业", "班级", "电话"]  # seed 000 section 七.2


def registrations(pairs: int) -> list[list[str]]:
    rows = [SEED_HEADINGS]
    for n in range(1, pairs + 1):
        rows.append([f"A{n:02d}", f"组长{n}", "是", "动物科学", f"13级动物科学{n % 3 + 1}班", f"1380000{n:04d}"])
        rows.append([f"A{n:02d}", f"队员{n}", "", "动物科学", f"13级动物科学{n % 3 + 1}班", f"1390000{n:04d}"])
    return rows


def write_xlsx(path: Path, rows: list[list[str]]) -> Path:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


def new_event(content: Path, slug: str, game: str) -> Path:
    """`paibang new`'s event without its example entries (they are not the sheet's teams) and the
    placeholder results naming them."""
    scaffold_event(content, slug, game)
    event = content / "events" / slug / "event.yaml"
    kept, skipping = [], False
    for line in event.read_text(encoding="utf-8").splitlines(keepends=True):
        if re.match(r"entries\s*:", line):
            kept.append("entries: []\n")
            skipping = True
        elif not (skipping and line.startswith((" ", "-"))):
            kept.append(line)
            skipping = False
    event.write_text("".join(kept), encoding="utf-8")
    for placeholder in (event.parent / "results").glob("*.yaml"):  # its tables name the examples
        placeholder.unlink()
    return event


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", root / "site.yaml")
    return root


@pytest.mark.parametrize("game", ["bridge", "guandan", "daguai", "shengji"])
def test_new_event_is_complete_and_validates(content: Path, game: str) -> None:
    from generator.games import GAMES

    if game not in GAMES:
        pytest.skip(f"{game} is not implemented in this build")
    written = scaffold_event(content, f"new-{game}", game)
    event = content / f"events/new-{game}/event.yaml"
    assert event in written and (content / f"events/new-{game}/notice.md").is_file()
    text = event.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../../schema/event.schema.json")
    assert "# 抽签种子：同一种子，抽签结果相同" in text
    validate(content)  # raises on any error


def test_new_never_overwrites(content: Path) -> None:
    scaffold_event(content, "club-night", "bridge")
    before = (content / "events/club-night/event.yaml").read_text(encoding="utf-8")
    with pytest.raises(ScaffoldRefused, match="已存在"):
        scaffold_event(content, "club-night", "bridge")
    assert (content / "events/club-night/event.yaml").read_text(encoding="utf-8") == before
    with pytest.raises(ScaffoldRefused):
        scaffold_event(content, "../escape", "bridge")


def test_thirty_registrations_from_a_spreadsheet(content: Path, tmp_path: Path) -> None:
    new_event(content, "dongke-2025", "bridge")
    sheet = write_xlsx(tmp_path / "报名表.xlsx", registrations(15))
    report = import_registrations(content, "dongke-2025", sheet)
    # ids are paibang's own, in the sheet's order (the sheet's 组号 only groups the rows)
    assert (report.entries, report.new, report.kept) == (15, 15, 0)
    assert report.new_ids == [f"A{n:02d}" for n in range(1, 16)]
    event_text = (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8")
    assert "entries: entries.yaml\n" in event_text and "# 抽签种子" in event_text
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == "dongke-2025").entries
    assert [p.name for p in entries["A03"].players] == ["组长3", "队员3"]
    assert entries["A03"].group == "13级动物科学1班"
    saved = (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8")
    assert "13800000003" in saved  # kept privately in content ...
    assert not hasattr(entries["A03"].players[0], "phone")  # ... and never loaded into the model


def test_new_and_registrations_are_on_the_disk_once_written(content: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """`paibang new`'s files and the entries `import` writes: each synced before it is put in
    place and its folder after, the event's new folder named on the disk too."""
    from support import Synced

    synced = Synced(monkeypatch)
    folder = content / "events/dongke-2025"
    scaffold_event(content, "dongke-2025", "bridge")
    assert synced.durably(folder / "event.yaml") and synced.durably(folder / "notice.md")
    assert content / "events" in synced and folder in synced  # dongke-2025/ and its results/
    synced.order.clear()
    import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "a.xlsx", registrations(3)))
    assert synced.durably(folder / "entries.yaml") and synced.durably(folder / "event.yaml")


def test_rerun_updates_without_duplicating(content: Path, tmp_path: Path) -> None:
    new_event(content, "dongke-2025", "bridge")
    import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "a.xlsx", registrations(15)))
    first = (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8")
    again = import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "b.xlsx", registrations(15)))
    assert (again.new, again.kept) == (0, 15)
    assert (content / "events/dongke-2025/entries.yaml").read_text(encoding="utf-8") == first
    more = import_registrations(content, "dongke-2025", write_xlsx(tmp_path / "c.xlsx", registrations(16)))
    assert (more.entries, more.new) == (16, 1)


def test_gbk_csv_with_team_names_and_a_custom_column(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "union-2025", "guandan")
    sheet = tmp_path / "报名.csv"
    with open(sheet, "w", encoding="gb18030", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["队名", "选手", "所在系", "手机"])
        writer.writerow(["结构一队", "王强", "结构工程系", "13811112222"])
        writer.writerow(["结构一队", "李娜", "结构工程系", ""])
        writer.writerow(["路桥队", "赵刚", "道路与桥梁系", ""])
        writer.writerow(["路桥队", "钱芳", "道路与桥梁系", ""])
    report = import_registrations(content, "union-2025", sheet, {"所在系": "group"}, prefix="T")
    assert report.new == 2 and report.encoding == "GB18030 (GBK)"
    text = (content / "events/union-2025/entries.yaml").read_text(encoding="utf-8")
    assert "name: 结构一队" in text and "group: 结构工程系" in text and "phone: '13811112222'" in text


def test_unusable_rows_are_reported_with_their_row_and_nothing_is_written(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "dongke-2025", "bridge")
    rows = registrations(3)
    rows[3][1] = ""  # no name
    rows[5][0] = ""  # no entry number
    rows.append(["A09", "组长1", "", "", "", ""])  # registered twice
    sheet = write_xlsx(tmp_path / "bad.xlsx", rows)
    event_before = (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    found = {(p.code, p.mark.line) for p in failure.value.problems}
    assert found == {("registration-no-name", 4), ("registration-no-entry", 6), ("registration-duplicate", 8)}
    assert "第 4 行没有姓名" in failure.value.problems[0].format("zh-Hans")
    assert not (content / "events/dongke-2025/entries.yaml").exists()
    assert (content / "events/dongke-2025/event.yaml").read_text(encoding="utf-8") == event_before


def test_sheet_without_usable_headings_says_which_it_found(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "dongke-2025", "bridge")
    sheet = write_xlsx(tmp_path / "x.xlsx", [["序号", "备注"], ["1", "x"]])
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, "dongke-2025", sheet)
    (problem,) = failure.value.problems
    assert problem.code == "registration-columns" and "序号, 备注" in problem.message("zh-Hans")


def test_a_missing_or_broken_sheet_is_a_message_not_a_traceback(content: Path, tmp_path: Path) -> None:
    scaffold_event(content, "dongke-2025", "bridge")
    broken = tmp_path / "坏的.xlsx"
    broken.write_text("not a spreadsheet", encoding="utf-8")
    for sheet in (tmp_path / "missing.xlsx", broken):
        with pytest.raises(ContentErrors) as failure:
            import_registrations(content, "dongke-2025", sheet)
        assert [p.code for p in failure.value.problems] == ["registration-sheet-unreadable"]
