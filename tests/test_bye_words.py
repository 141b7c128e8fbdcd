"""What a Swiss stage's page says a bye scores (its draw rules): each game's own credit, in the
metrics its ranking compares, as the standings count it. The page said "轮空怎样计分按本项目的
规则（通常记胜一场）" for every game, and 80分 has no win: a bye there is 3 match points a board,
net 0. The figures below are worked out from each game's rules (rules-*.md), not read back from
the code.
"""

from __future__ import annotations

import re
import html
from pathlib import Path

import pytest

from generator import cli
from generator.build import validate
from generator.render.html import render_site
from generator.render.output import OutputTree

# game, the stage's keys, players an entry, what the page says a bye scores
GAMES_BYES = [
    # 80分 (rules-shengji.md): 3 match points a board, net 0; 4 boards a round
    ("shengji", "boards: 4\nrank_by: [match_points, net]", 4, "轮空的一队记比赛分 12、净得分差 0。"),
    ("shengji", "boards: 6\nrank_by: [match_points, net]\nbye: {match_points: 10, net: 50}", 4,
     "轮空的一队记比赛分 10、净得分差 50。"),
    # 大怪路子 (rules-daguai.md): a bye is a win, 2 match points, nothing else
    ("daguai", "boards: 6\nrank_by: [match_points, net, scored, heads]", 6,
     "轮空的一队记场分 2、净胜分 0、高分 0、跑头家次数 0。"),
    # 掼蛋 (seed 001): a bye is a win, level difference 0
    ("guandan", "rank_by: [wins, level_diff]", 2, "轮空的一队记胜场 1、级差 0。"),
    # bridge teams: the stage's bye, 12 VP and 0 IMPs unless said
    ("bridge", "boards: 8\nscoring: imps\nrank_by: [vp, imps]", 4, "轮空的一队记胜利分（VP） 12、国际比赛分（IMP） 0。"),
]


def stage_page(tmp_path: Path, game: str, keys: str, players: int, locale: str = "zh-Hans",
               substitute: bool = False, format: str = "swiss", count: int = 5) -> str:
    """The stage page of a Swiss of five entries (`count`), round 1 drawn by `paibang pair` (one
    bye; with `substitute`, a substitute the odd entry meets instead)."""
    root = tmp_path / "content"
    folder = root / "events" / "e"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text(f"title: 测试\nlocale: {locale}\n", encoding="utf-8")
    entries = "".join(f"  - {{id: E{n}, name: 队{n}, players: [{', '.join(f'选手{n}{c}' for c in 'ABCDEF'[:players])}]}}\n"
                      for n in range(1, count + 1))
    if substitute:
        entries += "  - {id: SUB, players: [替补甲, 替补乙], substitute: true}\n"
    stage = "".join(f"    {line}\n" for line in keys.splitlines())
    (folder / "event.yaml").write_text(
        f"title: 测试赛\ngame: {game}\ndate: 2026-12-05\ndraw_seed: 7\nentries:\n{entries}"
        f"stages:\n  - id: s\n    name: 积分赛\n    format: {format}\n    rounds: 3\n{stage}", encoding="utf-8")
    assert cli.main(["pair", "e", "s", "--content", str(root)]) == 0
    site, results, _ = validate(root)
    render_site(site, results, {}, OutputTree(tmp_path / "out"), workers=1)
    page = (tmp_path / "out" / "events" / "e" / "s" / "index.html").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize(("game", "keys", "players", "said"), GAMES_BYES)
def test_the_stage_page_says_what_a_bye_scores_in_its_game(tmp_path: Path, game: str, keys: str, players: int,
                                                            said: str) -> None:
    page = stage_page(tmp_path, game, keys, players)
    assert "轮空（队数为单数时）" in page
    assert said in page and "通常记胜一场" not in page, page[page.find("轮空（"):][:400]


def test_in_english_the_credit_is_said_mid_sentence(tmp_path: Path) -> None:
    page = stage_page(tmp_path, "shengji", GAMES_BYES[0][1], 4, locale="en")
    assert "A bye scores match points 12, net 0." in page and "usually a win" not in page


def test_where_the_odd_entry_meets_the_substitutes_the_rules_say_so_not_what_a_bye_scores(tmp_path: Path) -> None:
    """A bridge teams Swiss with a substitute: nobody sits out (the odd team plays the substitutes,
    _with_substitute), and the rule's last sentence said what a bye scores all the same."""
    keys = "boards: 8\nscoring: imps\nrank_by: [vp, imps]"
    page = stage_page(tmp_path / "zh", "bridge", keys, 4, substitute=True)
    assert "不设轮空：应轮空的一队改与替补（替补不计名次）比赛。" in page
    assert "轮空的一队记" not in page
    # rule 1 (who is left over from the lot) and rule 7 (where its table goes) say the substitutes
    assert "队数为单数时，抽签排在最后的一队与替补比赛。" in page and "抽签排在最后的一队轮空" not in page
    assert "与替补比赛的一桌写在最后" in page and "轮空写在最后" not in page
    page = stage_page(tmp_path / "en", "bridge", keys, 4, locale="en", substitute=True)
    assert "Nobody sits out: the entry that would have the bye plays the substitutes" in page
    assert "A bye scores" not in page
    assert "the last in the lot order plays the substitutes." in page and "has the bye." not in page
    assert "the substitutes' table comes last" in page and "the bye comes last" not in page
    page = stage_page(tmp_path / "hant", "bridge", keys, 4, locale="zh-Hant", substitute=True)
    assert "抽籤排在最後的一隊與替補比賽" in page and "與替補比賽的一桌寫在最後" in page
    assert "輪空寫在最後" not in page


def test_a_round_robin_with_substitutes_puts_their_table_last_not_a_bye(tmp_path: Path) -> None:
    """The Berger table's bye is filled by the substitutes (_with_substitute) there too."""
    page = stage_page(tmp_path, "guandan", "rank_by: [wins, level_diff]", 2, substitute=True, format="round_robin")
    assert "每轮与轮空位相遇的队改与替补比赛。" in page and "与替补比赛的一桌写在最后" in page
    assert "轮空写在最后" not in page and "相遇的队轮空。" not in page


def test_a_swiss_bye_is_shown_without_a_table_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Swiss bye is no table anyone sits at (the round's file keeps a table key for it): pair's
    list and count of tables, the draw print, the round page and the hall screen name it the bye,
    as a pairs movement's sit-out is named, not "Table 3 … bye"."""
    from generator.desk.app import Desk
    from generator.tournament.pairing import draw_sheets

    stage_page(tmp_path, "guandan", "rank_by: [wins, level_diff]", 2, locale="en")
    said = capsys.readouterr().out
    assert "round 1 (2 tables)" in said and re.search(r"^\s+Bye\s+E5 \u961f5$", said, re.M), said
    assert "Table 3" not in said
    round_page = (tmp_path / "out/events/e/s/round-1/index.html").read_text(encoding="utf-8")
    assert '<h2 id="table-3-h">Bye</h2>' in round_page and "Table 3" not in round_page
    root = tmp_path / "content"
    site, results, _ = validate(root)
    (sheet,) = draw_sheets(results[0], "en")
    assert ["Bye", "E5"] == sheet.rows[-1][:2] and "bye" not in " ".join(sheet.rows[-1][2:]).lower(), sheet.rows
    assert "Bye this round: E5." in sheet.text
    screen = Desk(root, "e", None, "en").draw_view()
    assert screen is not None and screen["tables"][-1]["number"] == "Bye", screen["tables"]
    assert [t["number"] for t in screen["tables"][:-1]] == [1, 2]


def test_an_entrys_page_names_its_bye_the_bye_not_a_table(tmp_path: Path) -> None:
    """The bye's entry page, in its match summary (a link to the round page's bye) and its match's
    heading, names the bye as the round page does, not "Table 3"."""
    stage_page(tmp_path, "guandan", "rank_by: [wins, level_diff]", 2, locale="en")
    page = (tmp_path / "out/events/e/entries/E5/index.html").read_text(encoding="utf-8")
    assert '<td role="cell"><a href="../../../../events/e/s/round-1/index.html#table-3" aria-label="Round 1 · Bye">Bye</a></td>' in page
    assert '<a href="../../../../events/e/s/round-1/index.html#table-3">Round 1 · Bye</a></h3>' in page
    assert "Table 3" not in page
    played = (tmp_path / "out/events/e/entries/E1/index.html").read_text(encoding="utf-8")
    assert re.search(r"Round 1 · Table [12]</a></h3>", played) and ">Bye</a>" not in played


def test_a_rounds_pages_count_its_tables_without_the_bye(tmp_path: Path) -> None:
    """101 entries: 50 tables and a bye, in two pages of round 1 (50 tables a page). The first
    says "Tables 1–50 (of 50)", the bye counted as no table; the second holds the bye alone and
    is named so, in its heading and the pages' list."""
    stage_page(tmp_path, "guandan", "rank_by: [wins, level_diff]", 2, locale="en", count=101)
    folder = tmp_path / "out/events/e/s/round-1"
    first = (folder / "index.html").read_text(encoding="utf-8")
    second = (folder / "page-2/index.html").read_text(encoding="utf-8")
    assert '<p class="meta">Tables 1–50 (of 50)</p>' in first and "of 51" not in first
    assert '<p class="meta">Bye</p>' in second and "Tables 51" not in second
    assert "<title>积分赛 Round 1 · Bye · " in second
    assert '/round-1/page-2/index.html">Bye</a>' in first
