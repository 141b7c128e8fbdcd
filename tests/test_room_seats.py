"""Every team match in two rooms is told its seats on the draw (the teams-of-four mechanism,
TableForm.seating, for every game that plays in two rooms): bridge teams and 80分 teams, the
home team North-South in the open room and East-West in the closed room (seed 004; bridge's
duplicate.py scores it so); 大怪路子, the home team (seed 003's 甲队) in seats 1, 3, 5 in the
open room and 2, 4, 6 in the closed room. The draw notices said only 请各队按桌号入座, and the
round's page only that the match had no result yet."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.render.bulletins import printed_round

from support import demo_content

BRIDGE, SHENGJI, DAGUAI = "gaoxiao-bridge-teams-2024", "hefei-80fen-teams-2012", "chem-park-daguai-2016"
STAGE = {BRIDGE: "teams", SHENGJI: "teams", DAGUAI: "swiss"}


def drawn(tmp_path: Path, slug: str) -> tuple[Path, int]:
    """The demo event with a round drawn by `paibang pair` and not played: 大怪路子's last Swiss
    round drawn again; the round robins drawn afresh (their rounds were written by hand from
    another schedule), round 1 of them."""
    content = demo_content(tmp_path, slug)
    results = content / f"events/{slug}/results"
    if slug == DAGUAI:
        (results / "round-7.yaml").unlink()
        assert main(["pair", slug, STAGE[slug], "--content", str(content)]) == 0
        return content, 7
    for path in results.glob("round-*.yaml"):
        path.unlink()
    assert main(["pair", slug, STAGE[slug], "--all", "--content", str(content)]) == 0
    return content, 1


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout


def draw_notice(content: Path, slug: str, number: int, locale: str):  # noqa: ANN201
    _, results, _ = validate(content)
    result = next(r for r in results if r.event.slug == slug)
    return next(b for b in printed_round(result, STAGE[slug], number, locale) if b.kind == "draw")


def matches(content: Path, slug: str, number: int) -> list[list[str]]:
    """Each table's [home, away] of the round, as its file has them, by table number."""
    _, results, _ = validate(content)
    round_ = next(r for r in results[0].stage_of(STAGE[slug]).rounds if r.number == number)
    return [list(score.table.sides) for score in sorted(round_.tables, key=lambda s: s.table.number)]


@pytest.mark.parametrize(("slug", "heads", "words"), [
    (BRIDGE, ("开室南北", "闭室南北"), "在该室坐南北的队，对手坐东西"),
    (SHENGJI, ("开室南北", "闭室南北"), "在该室坐南北的队，对手坐东西"),
    (DAGUAI, ("开室 1·3·5", "闭室 1·3·5"), "在该室坐 1、3、5 号位的队，对手坐 2、4、6 号位"),
])
def test_the_printed_draw_gives_each_match_its_seats_in_both_rooms(tmp_path: Path, slug: str, heads: tuple[str, str],
                                                                   words: str) -> None:
    content, number = drawn(tmp_path, slug)
    draw = draw_notice(content, slug, number, "zh-Hans")
    # the home team (written first) in the first seats in the open room, the away team in the closed
    assert tuple(draw.columns[-2:]) == heads
    assert [row[-2:] for row in draw.rows] == matches(content, slug, number)
    # as printed: the columns' headings, the sentence, and a match's home and away in them
    folder = tmp_path / "forms"
    assert main(["print", slug, STAGE[slug], "--round", str(number), "--content", str(content),
                 "--output", str(folder)]) == 0
    text = pdf_text(folder / f"draw-{STAGE[slug]}-round-{number}.pdf")
    flat = re.sub(r"\s+", "", text)
    assert all(re.sub(r"\s+", "", head) in flat for head in heads)
    assert re.sub(r"\s+", "", words) in flat
    home, away = matches(content, slug, number)[0]
    line = next(line for line in text.splitlines() if line.split()[:2] == ["1", home])
    assert line.split()[-2:] == [home, away]
    if slug == DAGUAI:  # the boards passed between the rooms (seed 003: 传给闭室)
        assert "牌套传递" in flat


def test_the_draw_says_the_seats_in_every_locale(tmp_path: Path) -> None:
    content, number = drawn(tmp_path, DAGUAI)
    hant, english = (draw_notice(content, DAGUAI, number, locale) for locale in ("zh-Hant", "en"))
    assert hant.columns[-2:] == ["開室 1·3·5", "閉室 1·3·5"]
    assert "兩欄寫的是在該室坐 1、3、5 號位的隊，對手坐 2、4、6 號位。" in hant.text
    assert english.columns[-2:] == ["Open 1·3·5", "Closed 1·3·5"]
    assert ("the columns Open 1·3·5 and Closed 1·3·5 name the team sitting in seats 1, 3 and 5 in that "
            "room, its opponents in seats 2, 4 and 6.") in english.text
    # printed for an English site, both headings on the page whole (the Swiss round's two Match
    # points columns beside them: "Closed room 1·3·5" ran off the page's edge)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", "locale: en"), encoding="utf-8")
    folder = tmp_path / "forms"
    assert main(["print", DAGUAI, "swiss", "--round", str(number), "--content", str(content), "--output", str(folder)]) == 0
    text = pdf_text(folder / f"draw-swiss-round-{number}.pdf")
    # (a heading breaks only between its words: "Open" over "1·3·5", each column's two lines whole)
    lines = [re.sub(r" {3,}", "   ", line).strip() for line in text.splitlines()]
    head = next(n for n, line in enumerate(lines) if line.startswith("Table   Home"))
    assert lines[head].endswith("Match   Open   Closed") and lines[head + 1].endswith("points   1·3·5   1·3·5")
    content, number = drawn(tmp_path / "bridge", BRIDGE)
    english = draw_notice(content, BRIDGE, number, "en")
    assert english.columns[-2:] == ["Open room NS", "Closed room NS"]
    assert "Each team chooses which pair plays in which room." in english.text
    # only Guandan's room sheets have the players to tick: no other game's draw sends them there
    assert "ticks" not in english.text


@pytest.mark.parametrize(("slug", "line"), [
    (DAGUAI, "开室：{a} 坐 1·3·5 号位、{b} 坐 2·4·6 号位；闭室：{b} 坐 1·3·5 号位、{a} 坐 2·4·6 号位。"),
    (BRIDGE, "开室：{a} 坐南北、{b} 坐东西；闭室：{b} 坐南北、{a} 坐东西。"),
])
def test_the_rounds_page_gives_a_drawn_match_its_seats(tmp_path: Path, slug: str, line: str) -> None:
    content, number = drawn(tmp_path, slug)
    draw = draw_notice(content, slug, number, "zh-Hans")
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet"]) == 0
    page = (out / f"events/{slug}/{STAGE[slug]}/round-{number}/index.html").read_text(encoding="utf-8")
    home, away = matches(content, slug, number)[0]
    assert f'<p class="meta seating">{line.format(a=home, b=away)}</p>' in page
    assert page.count('class="meta seating"') == len(draw.rows)
    if slug == DAGUAI:  # a played round's matches show their seats with their boards, not this line
        played = (out / f"events/{slug}/{STAGE[slug]}/round-6/index.html").read_text(encoding="utf-8")
        assert 'class="meta seating"' not in played and "坐 1·3·5 号位" in played
