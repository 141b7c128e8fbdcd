"""A round's page: a bye's one team is named as the bye, not as a home team without a match."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.render.html import render_site
from generator.render.output import OutputTree
from tests.support import new_event


@pytest.mark.parametrize("game", ["bridge", "guandan", "daguai", "shengji"])
def test_a_byes_team_is_labelled_as_the_bye(tmp_path: Path, game: str) -> None:
    """大怪路子's round page said "轮空 / 主队 D02 蓝天队" of the round's bye (rev66): a home team
    with no match. Its seat is the bye now, in every game that gives one."""
    folder = new_event(tmp_path, "ev", f"title: 杯\ngame: {game}\ndate: 2026-01-10\ndraw_seed: 3\n", "D0", 5,
                       "  - {id: swiss, name: 瑞士制, format: swiss, rounds: 3}\n")
    content = folder.parents[1]
    assert main(["pair", "ev", "swiss", "--content", str(content)]) == 0
    [bye] = re.findall(r"# 轮空：(D0\d)", (folder / "results/round-1.yaml").read_text(encoding="utf-8"))
    site, results, _ = validate(content)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out), workers=1)
    page = (out / "events/ev/swiss/round-1/index.html").read_text(encoding="utf-8")
    number = next(s.table.number for s in results[0].stages[0].rounds[0].tables if list(s.table.sides) == [bye])
    section = page.split(f'id="table-{number}"')[1]
    sides = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section.split('class="sides">')[1].split("</p>")[0])).split())
    # (Guandan's tags the bye after the team's names, as it tags a level; the others name the seat first)
    assert ("轮空" in sides if game == "guandan" else sides.startswith(f"轮空 {bye} ")) and "主队" not in sides, sides
