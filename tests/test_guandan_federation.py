"""A federation's Guandan event day as a reviewer played it: 14 teams, `profile: national`, a
Swiss of 4 rounds drawn by `paibang pair` (rules-guandan.md "Other rule sets", event-day.md).
Each test is one of its findings: the stage's lot order published, a late correction after the
last round still warned, a round entered before the one it is drawn on, the ranking line's
match points, a penalty without its reason, team names on the round results, a tie past a prize.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.errors import ContentErrors

SLUG = "fed"
LEVELS = ["5", "7", "9", "10", "Q", "K"]


def event_folder(tmp_path: Path, stage: str = "    profile: national\n", teams: int = 14, rounds: int = 4) -> Path:
    content = tmp_path / "content"
    folder = content / "events" / SLUG
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T{n:02d}, name: 队{n:02d}, players: [甲{n:02d}, 乙{n:02d}]}}\n"
                      for n in range(1, teams + 1))
    (folder / "event.yaml").write_text(
        "title: 联合会掼蛋\ngame: guandan\ndate: 2026-03-01\ndraw_seed: 42\n"
        f"entries:\n{entries}stages:\n  - id: swiss\n    format: swiss\n    rounds: {rounds}\n{stage}",
        encoding="utf-8")
    return folder


def fill(folder: Path, number: int) -> None:
    """Round `number`'s file as `paibang pair` wrote it, each table given final levels."""
    path = folder / "results" / f"round-{number}.yaml"
    rng = random.Random(number)

    def levels(match: re.Match) -> str:
        indent, a, b = match.groups()
        return f'{indent}teams: [{a}, {b}]\n{indent}levels: {{{a}: "{rng.choice(LEVELS)}", {b}: "{rng.choice(LEVELS)}"}}'

    path.write_text(re.sub(r"( +)teams: \[(\w+), (\w+)\]", levels, path.read_text(encoding="utf-8")), encoding="utf-8")


_PLAYED: dict[tuple, Path] = {}


def played(tmp_path: Path, rounds: int = 4, **kwargs) -> Path:
    """The event with `rounds` rounds drawn and played (drawn once a session, then copied)."""
    key = (rounds, tuple(sorted(kwargs.items())))
    if key not in _PLAYED:
        folder = event_folder(tmp_path / "first", **kwargs)
        for number in range(1, rounds + 1):
            assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
            fill(folder, number)
        _PLAYED[key] = folder.parents[1]
    content = tmp_path / "content"
    shutil.copytree(_PLAYED[key], content)
    return content / "events" / SLUG


def page_text(path: Path) -> str:
    text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", text)


def build(folder: Path, tmp_path: Path, pdf: bool = False) -> Path:
    out = tmp_path / "out"
    assert main(["build", "--content", str(folder.parents[1]), "--output", str(out), "--quiet",
                 *([] if pdf else ["--no-pdf"])]) == 0
    return out / "events" / SLUG


# --- 1. the stage's lot order, which places entries still tied, is published ------------------------


def test_the_stage_page_lists_the_stage_lot_order_the_draw_reads(tmp_path):
    folder = played(tmp_path)
    _, results, _ = validate(folder.parents[1])
    lots = results[0].stages[0].lots
    html = (build(folder, tmp_path) / "swiss" / "index.html").read_text(encoding="utf-8")
    listed = re.search(r'<details class="lot-order"><summary>(.*?)</summary>\s*<p>(.*?)</p>', html, re.S)
    assert listed, "the stage's lot order is printed nowhere"
    assert "本阶段的抽签顺序" in listed.group(1) and "不是第 1 轮的抽签" in listed.group(1)
    shown = re.findall(r"(\d+) <a [^>]*>(T\d\d)</a>", listed.group(2))
    assert [(int(place), entry) for place, entry in shown] == sorted(((p, e) for e, p in lots.items()))
    # the draw rule naming that order is the one the list stands under
    assert "仍然相同的按本阶段的抽签顺序" in page_text(build(folder, tmp_path) / "swiss" / "index.html")


def test_the_round_file_says_ties_within_a_score_group_follow_the_stage_lot_order(tmp_path):
    folder = played(tmp_path, rounds=1)
    assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
    head = (folder / "results" / "round-2.yaml").read_text(encoding="utf-8").split("stage:")[0]
    assert "仍然相同的按本阶段的抽签顺序" in head
