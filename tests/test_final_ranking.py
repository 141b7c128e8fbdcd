"""The event page's 最终排名 after a knockout that follows a Swiss: the places come from the
bracket, so each row says the round its entry reached (冠军, 决赛, 半决赛, 四分之一决赛), not the
knockout's own figures, which members read as overall points (a quarter-final loser placed 5=
with 场分 1, 2nd and 3rd both 场分 7). The knockout's page keeps its figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import main
from tests.support import new_event

TEAMS = 8


def national_cup(tmp_path: Path, locale: str) -> Path:
    """8 Guandan teams, `profile: national`: a Swiss of 1 round, all 8 to a knockout of 3
    rounds with a third-place match; in every match the first team wins K to 5."""
    folder = new_event(tmp_path, "cup", f"title: 掼蛋杯\ngame: guandan\ndate: 2026-01-10\nlocale: {locale}\n", "T0", TEAMS,
                       "  - {id: swiss, name: 瑞士移位赛, format: swiss, rounds: 1, profile: national,"
                       " advance: {count: 8, to: ko}}\n"
                       "  - {id: ko, name: 淘汰赛, format: knockout, rounds: 3, third_place: true, profile: national}\n")
    content = folder.parents[1]
    for stage, rounds in (("swiss", 1), ("ko", 3)):
        for number in range(1, rounds + 1):
            assert main(["pair", "cup", stage, "--content", str(content)]) == 0
            path = next(p for p in (folder / "results").glob("*.yaml")
                        if f"stage: {stage}\nround: {number}\n" in p.read_text(encoding="utf-8"))
            text = re.sub(r"(    teams: \[(T\d\d), (T\d\d)\]\n)", r"\1    levels: {\2: K, \3: 5}\n",
                          path.read_text(encoding="utf-8"))
            path.write_text(text, encoding="utf-8")
    return content


@pytest.mark.parametrize("locale, words", [
    ("zh-Hans", ("所达轮次", "冠军", "决赛", "半决赛", "四分之一决赛", "场分")),
    ("zh-Hant", ("所達輪次", "冠軍", "決賽", "半決賽", "四分之一決賽", "場分")),
    ("en", ("Reached", "Champion", "Final", "Semi-final", "Quarter-final", "Match points"))])  # a team's reach, singular
def test_the_final_ranking_after_a_knockout_says_the_round_reached_not_its_figures(
        tmp_path: Path, locale: str, words: tuple[str, ...]) -> None:
    heading, champion, final, semi, quarter, match_points = words
    content = national_cup(tmp_path, locale)
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet"]) == 0
    page = (out / "events/cup/index.html").read_text(encoding="utf-8")
    section = page[page.index('id="final-ranking"'):page.index("</section>", page.index('id="final-ranking"'))]
    head = section[section.index('<thead role="rowgroup">'):section.index("</thead>")]
    assert heading in head and match_points not in head
    rows = re.findall(r"<tr[^>]* class=.*?</tr>", section, re.S)
    reached = [re.findall(r'<td role="cell" data-label="[^"]*">([^<]*)</td>', row) for row in rows]
    assert reached == [[champion], [final], [semi], [semi], [quarter], [quarter], [quarter], [quarter]]
    assert not re.search(r'<td role="cell" class="num" data-label', section)  # no figure of the knockout's
    # the knockout's own page keeps its figures, under its own name
    stage_page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert match_points in stage_page
