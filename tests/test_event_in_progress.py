"""The event in progress (event-day.md, issue 19): a 20-team Guandan Swiss of 4 rounds, drawn by
`paibang pair`, results typed round by round, the site built after each, and a team that
withdraws before round 3. After every moment: the status words and `rounds_played` of
results.json, "第 N 轮后" on the stage page and in the standings PDF, no champion, prize list or
prize bulletin until the end, and the withdrawn team never drawn again, marked in the standings.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from generator.build import build, validate
from generator.cli import main

pytestmark = pytest.mark.slow  # builds with PDFs

SLUG = "xin-guandan-2026"
TEAMS = 20
ROUNDS = 4
WITHDRAWN = "G05"


def make_site(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    event = content / "events" / SLUG
    event.mkdir(parents=True)
    (content / "site.yaml").write_text("title: 牌榜\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "\n".join(
        f"  - {{id: G{i:02d}, name: 队伍{i}, players: [甲{i}, 乙{i}], group: 一系}}" if i % 2
        else f"  - {{id: G{i:02d}, players: [丙{i}, 丁{i}], group: 二系}}"
        for i in range(1, TEAMS + 1))
    (event / "event.yaml").write_text(
        "title: 新春掼蛋赛\ngame: guandan\norganizer: 工会\ndate: 2026-01-10\ndraw_seed: 2026\n"
        f"entries:\n{entries}\n"
        "stages:\n  - id: main\n    name: 比赛\n    format: swiss\n    rounds: 4\n"
        "    rank_by: [wins, level_diff, buchholz]\n"
        "    prizes:\n      - {name: 一等奖, count: 1}\n      - {name: 二等奖, count: 2}\n",
        encoding="utf-8")
    return content


def round_file(content: Path, number: int) -> Path:
    found = sorted((content / "events" / SLUG / "results").glob(f"*round-{number}.yaml"))
    assert len(found) == 1, found
    return found[0]


def fill(content: Path, number: int, only: int | None = None) -> list[tuple[str, ...]]:
    """Type the results of round `number`: the first team of each table wins K to 5 (a bye stays
    as drawn). `only`: the first `only` tables, the others left not played."""
    path = round_file(content, number)
    lines, done = [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        lines.append(line)
        match = re.fullmatch(r"    teams: \[(\w+), (\w+)\]", line)
        if match and (only is None or done < only):
            lines.append(f"    levels: {{{match[1]}: K, {match[2]}: 5}}")
            done += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [tuple(t["teams"]) for t in yaml.safe_load(path.read_text(encoding="utf-8"))["tables"]]


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def built(content: Path, tmp_path: Path) -> tuple[Path, dict]:
    out = tmp_path / "output"
    build(content, out)
    site = out / "events" / SLUG
    return site, json.loads((site / "results.json").read_text(encoding="utf-8"))


def assert_no_end(site: Path, data: dict, out: Path) -> None:
    stage = data["stages"][0]
    assert all(s["prize"] is None for s in stage["standings"])
    assert not (site / "bulletins" / "prizes.pdf").exists()
    assert "冠军" not in (out / "index.html").read_text(encoding="utf-8")
    assert "最终排名" not in (site / "index.html").read_text(encoding="utf-8")
    assert "比赛结束" not in (site / "index.html").read_text(encoding="utf-8")


def test_a_swiss_event_is_right_after_every_round(tmp_path: Path) -> None:
    content = make_site(tmp_path)
    out = tmp_path / "output"

    # Before any draw: scheduled, no standings.
    site, data = built(content, tmp_path)
    assert data["event"]["status"] == "scheduled"
    assert data["stages"][0]["status"] == "scheduled" and data["stages"][0]["rounds_played"] == 0
    assert data["stages"][0]["standings"] == []
    assert_no_end(site, data, out)

    for number in range(1, ROUNDS + 1):
        if number == 3:  # G05 withdraws before round 3 is drawn
            event = content / "events" / SLUG / "event.yaml"
            text = event.read_text(encoding="utf-8")
            event.write_text(text.replace("{id: G05,", "{id: G05, withdrawn: 3,"), encoding="utf-8")
        assert main(["pair", SLUG, "main", "--content", str(content)]) == 0

        # Drawn, not played: the standings are still those after the round before.
        site, data = built(content, tmp_path)
        stage = data["stages"][0]
        assert stage["rounds_played"] == number - 1
        assert data["event"]["status"] == ("scheduled" if number == 1 else "in_progress")

        if number == 2:  # half the tables typed: shown on the round page only, never counted
            fill(content, number, only=4)
            site, data = built(content, tmp_path)
            stage = data["stages"][0]
            assert data["event"]["status"] == "in_progress" and stage["status"] == "in_progress"
            assert stage["rounds_played"] == 1
            assert sum(s["metrics"]["wins"] for s in stage["standings"]) == TEAMS // 2
            page = (site / "main" / "round-2" / "index.html").read_text(encoding="utf-8")
            assert "已录 4/10 桌" in page
            assert "第 1 轮后" in (site / "main" / "index.html").read_text(encoding="utf-8")
            assert_no_end(site, data, out)
            path = round_file(content, number)  # start again, the whole round this time
            path.write_text(re.sub(r"\n    levels: .*", "", path.read_text(encoding="utf-8")), encoding="utf-8")

        tables = fill(content, number)
        if number >= 3:
            assert all(WITHDRAWN not in sides for sides in tables)
            assert len(tables) == 10 and sum(len(s) for s in tables) == TEAMS - 1  # 19 teams: one bye
        site, data = built(content, tmp_path)
        stage = data["stages"][0]
        last = number == ROUNDS
        assert data["event"]["status"] == ("complete" if last else "in_progress")
        assert stage["status"] == ("complete" if last else "in_progress")
        assert stage["rounds_played"] == number
        assert len(stage["standings"]) == TEAMS
        after = f"第 {number} 轮后"
        stage_page = (site / "main" / "index.html").read_text(encoding="utf-8")
        assert after in stage_page
        standings_pdf = pdf_text(site / "bulletins" / "standings-main.pdf")
        assert after in standings_pdf
        assert "队伍1" in standings_pdf and "甲1" in standings_pdf  # team name, then players
        if number >= 3:
            row = next(s for s in stage["standings"] if s["entry"] == WITHDRAWN)
            assert row["withdrawn"] is True
            assert "退赛" in stage_page and "退赛" in standings_pdf
        if not last:
            assert_no_end(site, data, out)

    # The end: prizes, the prize list, the champion, the final ranking.
    assert [s["prize"] for s in stage["standings"][:3]] == ["一等奖", "二等奖", "二等奖"] or any(
        s["prize"] for s in stage["standings"])
    assert (site / "bulletins" / "prizes.pdf").exists()
    assert "比赛已结束，获奖名单如下" in pdf_text(site / "bulletins" / "prizes.pdf").replace("\n", "")
    assert "冠军" in (out / "index.html").read_text(encoding="utf-8")
    assert "最终排名" in (site / "index.html").read_text(encoding="utf-8")
    validate(content, strict=True)
