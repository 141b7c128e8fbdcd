"""A secretary's event from an empty folder to the final notice, as a new user runs it (issue 19):
`init`, `new`, `import` of an .xlsx with a title row above its header, then for each of four
rounds `pair`, `print` (the draw and the score sheets, read back with pdftotext), the results
typed in, and `build` — with a team withdrawing before round 3. After every round: the status
words, "第 N 轮后" (then 最终排名), no champion and no prizes until the end, the withdrawn team never drawn again.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import openpyxl
import pytest
import yaml

from generator.cli import main

SLUG = "chunjie-guandan-2026"
TEAMS = 20
ROUNDS = 4


def registration_sheet(path: Path) -> None:
    """A union's form: a merged title row and a blank row above the header, two players a team."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["2026年春节掼蛋赛报名表"])
    sheet.merge_cells("A1:D1")
    sheet.append([])
    sheet.append(["队名", "姓名", "单位", "电话"])
    for n in range(1, TEAMS + 1):
        for who in ("甲", "乙"):
            sheet.append([f"{n}号队", f"{who}{n:02d}", f"车间{n % 4 + 1}", f"1380000{n:02d}{0 if who == '甲' else 1}"])
    book.save(path)


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def tables_of(path: Path) -> list[list[str]]:
    return [t["teams"] for t in yaml.safe_load(path.read_text(encoding="utf-8"))["tables"] if "teams" in t]


def type_results(path: Path) -> None:
    """The first team of each table reaches K, the other 5; a bye stays as drawn."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        lines.append(line)
        match = re.fullmatch(r"(\s+)teams: \[(\w+), (\w+)\]", line)
        if match:
            lines.append(f"{match[1]}levels: {{{match[2]}: K, {match[3]}: 5}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow  # prints PDFs
def test_a_secretarys_event_from_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content, output = tmp_path / "content", tmp_path / "output"
    assert main(["init", str(content)]) == 0
    # site.yaml filled in as init says (check --strict warns of init's title and organisation left)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("title: 牌类赛事成绩公告", "title: 工会牌类赛事")
                    .replace("organization: 主办机构", "organization: 工会"), encoding="utf-8")
    assert main(["new", SLUG, "--game", "guandan", "--content", str(content)]) == 0
    event_file = content / "events" / SLUG / "event.yaml"
    # filled in as new says (check --strict at the end warns of new's placeholders left)
    event_file.write_text(event_file.read_text(encoding="utf-8").replace("rounds: 3", f"rounds: {ROUNDS}")
                          .replace("title: 新赛事", "title: 2026年春节掼蛋赛")
                          .replace("organizer: 主办单位", "organizer: 工会")
                          .replace("venue: 比赛地点", 'venue: "7201"'), encoding="utf-8")
    notice = content / "events" / SLUG / "notice.md"
    notice.write_text(notice.read_text(encoding="utf-8") + "\n每轮一小时。\n", encoding="utf-8")
    sheet = tmp_path / "报名表.xlsx"
    registration_sheet(sheet)
    capsys.readouterr()
    assert main(["import", SLUG, str(sheet), "--content", str(content)]) == 0
    said = capsys.readouterr().out
    assert "表头：第 3 行" in said and "「电话」→ phone：私有" in said  # the header row, and each column
    entries_file = content / "events" / SLUG / "entries.yaml"
    entries = entries_file.read_text(encoding="utf-8")
    ids = [e["id"] for e in yaml.safe_load(entries)]
    assert ids == [f"T{n:02d}" for n in range(1, TEAMS + 1)]  # paibang's own ids: no example team kept

    results = content / "events" / SLUG / "results"
    withdrawn = None
    for number in range(1, ROUNDS + 1):
        if number == 3:  # a team withdraws before round 3 is drawn
            withdrawn = ids[4]
            text = entries.replace(f"- id: {withdrawn}\n", f"- id: {withdrawn}\n  withdrawn: 3\n")
            assert text != entries
            entries_file.write_text(text, encoding="utf-8")
        assert main(["pair", SLUG, "main", "--content", str(content)]) == 0
        drawn = results / f"round-{number}.yaml"
        assert drawn.is_file(), sorted(p.name for p in results.iterdir())
        tables = tables_of(drawn)
        if withdrawn:
            assert all(withdrawn not in sides for sides in tables)

        # The draw and the score sheets, printed for the tables.
        printed = tmp_path / f"round-{number}.pdf"
        assert main(["print", SLUG, "main", "--round", str(number), "--content", str(content),
                     "--output", str(printed)]) == 0
        text = pdf_text(printed)
        first = tables[0]
        assert "记分表" in text and "对阵" in text
        assert all(team in text for team in first)
        assert "甲" in text and "乙" in text  # the players, not only the teams
        assert "13800" not in text  # phones are private

        # Drawn, not played: the blank score sheets are in the build; the standings unchanged.
        assert main(["build", "--content", str(content), "--output", str(output), "--quiet"]) == 0
        site = output / "events" / SLUG
        data = json.loads((site / "results.json").read_text(encoding="utf-8"))
        assert data["stages"][0]["rounds_played"] == number - 1
        assert any(p.name.startswith("scoresheet-main-round-") for p in (site / "bulletins").iterdir())

        type_results(drawn)
        assert main(["build", "--content", str(content), "--output", str(output), "--quiet"]) == 0
        data = json.loads((site / "results.json").read_text(encoding="utf-8"))
        stage, last = data["stages"][0], number == ROUNDS
        assert data["event"]["status"] == ("complete" if last else "in_progress")
        assert (stage["status"], stage["rounds_played"]) == ("complete" if last else "in_progress", number)
        # "第 N 轮后" while in progress; after the last round, the final ranking (event-day.md)
        said = "最终排名" if last else f"第 {number} 轮后"
        assert said in (site / "main" / "index.html").read_text(encoding="utf-8")
        assert said in pdf_text(site / "bulletins" / "standings-main.pdf")
        assert not any(p.name.startswith("scoresheet-") for p in (site / "bulletins").iterdir())  # played
        archive = (output / "index.html").read_text(encoding="utf-8")
        if not last:
            assert all(s["prize"] is None for s in stage["standings"])
            assert not (site / "bulletins" / "prizes.pdf").exists()
            assert "冠军" not in archive and "进行中" in archive
            assert "最终排名" not in (site / "index.html").read_text(encoding="utf-8")
        if withdrawn:
            assert next(s for s in stage["standings"] if s["entry"] == withdrawn)["withdrawn"] is True

    assert (site / "bulletins" / "prizes.pdf").exists() and "冠军" in archive
    assert "最终排名" in (site / "index.html").read_text(encoding="utf-8")
    assert main(["check", "--content", str(content), "--strict"]) == 0
