"""Knockout stages (`format: knockout`, tournament/knockout.py): the bracket and its byes, who
meets whom, a tie settled by `winner:` or by the game's own rule (the `Game.knockout_winner`
hook), the third-place play-off, placings feeding prizes, `paibang pair` drawing each round from
the winners, the event in progress naming no champion, and the pages and bulletin."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.errors import ContentErrors
from generator.games import GAMES, Game, TableScore
from generator.tournament.knockout import make_bracket, seed_order

from tests.toygame import RULES as HIGH_CARD
from tests.toygame import HighCardRules

SITE = "title: 测试\nlocale: zh-Hans\n"


def event(tmp_path: Path, count: int, stages: str, rounds: dict[str, str] | None = None, game: str = HIGH_CARD.name,
          prefix: str = "C", slug: str = "cup") -> Path:
    """content/ with one event of `count` entries (C01 …) and the given stages and results files."""
    root = tmp_path / "content"
    folder = root / "events" / slug
    (folder / "results").mkdir(parents=True, exist_ok=True)
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    entries = "".join(f"  - {{id: {prefix}{i:02d}, players: [选手{i}甲, 选手{i}乙]}}\n" for i in range(1, count + 1))
    (folder / "event.yaml").write_text(
        f"title: 淘汰赛杯\ngame: {game}\ndates: [2026-05-01]\norganizer: 牌协\nentries:\n{entries}stages:\n{stages}",
        encoding="utf-8")
    for name, text in (rounds or {}).items():
        (folder / "results" / name).write_text(text, encoding="utf-8")
    return root


def run(root: Path):
    site, results, warnings = validate(root)
    return results[0], warnings


def errors(root: Path) -> list[str]:
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    return [p.code for p in failure.value.problems if not p.warning]


def table(number: int, home: str, away: str, cards: str | None = None, extra: str = "") -> str:
    text = f"  - table: {number}\n    home: {home}\n    away: {away}\n"
    if cards:
        text += f"    cards: [{cards}]\n"
    return text + extra


def results_file(stage: str, number: int, *tables: str) -> str:
    return f"stage: {stage}\nround: {number}\ntables:\n" + "".join(tables)


KO = "  - id: ko\n    name: 淘汰赛\n    format: knockout\n"


# --- the bracket ---------------------------------------------------------------------------------


def test_standard_placement_and_byes_for_a_field_of_twelve() -> None:
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    seeds = [f"C{i:02d}" for i in range(1, 13)]
    bracket = make_bracket(12, seeds, third_place=False)
    assert (bracket.size, bracket.rounds) == (16, 4)
    assert bracket.byes == [1, 2, 3, 4]  # the top four seeds go straight to round 2
    first = [(m.number, [s.seed for s in m.slots]) for m in bracket.round_matches(1)]
    assert first == [(1, [8, 9]), (2, [5, 12]), (3, [7, 10]), (4, [6, 11])]
    second = [[(s.seed, s.source) for s in m.slots] for m in bracket.round_matches(2)]
    # seed 1 meets the winner of 8 v 9, seed 4 the winner of 5 v 12, …
    assert second == [[(1, None), (None, 1)], [(4, None), (None, 2)], [(2, None), (None, 3)], [(3, None), (None, 4)]]
    assert [m.sides[0] for m in bracket.round_matches(2)] == ["C01", "C04", "C02", "C03"]
    semis = [[s.source for s in m.slots] for m in bracket.round_matches(3)]
    assert semis == [[5, 6], [7, 8]]  # seeds 1 and 2 in different halves: they can meet only in the final
    assert [m.kind for m in bracket.round_matches(4)] == ["final"] and bracket.final.number == 11


def test_third_place_match_is_numbered_before_the_final() -> None:
    bracket = make_bracket(8, [f"C{i:02d}" for i in range(1, 9)], third_place=True)
    last = bracket.round_matches(3)
    assert [(m.number, m.kind) for m in last] == [(7, "third"), (8, "final")]
    assert [(s.source, s.loser) for s in last[0].slots] == [(5, True), (6, True)]
    assert bracket.byes == []


def test_three_or_two_entries_have_no_third_place_match_and_a_warning(high_card: Game, tmp_path: Path) -> None:
    """Three entries: seed 1 has a bye, so one semi-final and one loser: `third_place: true` makes
    no play-off (it could never be filled), the stage says so in a warning and can be finished."""
    assert [m.kind for m in make_bracket(3, ["C01", "C02", "C03"], third_place=True).matches] == ["semi", "final"]
    assert [m.kind for m in make_bracket(2, ["C01", "C02"], third_place=True).matches] == ["final"]
    root = event(tmp_path, 3, KO + "    third_place: true\n")
    result, warnings = run(root)
    assert not result.stage_of("ko").bracket.third_place
    assert [w.code for w in warnings] == ["knockout-no-third-place"]
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["K, 9"])  # C02 beats C03
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    final = (root / "events/cup/results/round-2.yaml").read_text(encoding="utf-8")
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", final) == [("C01", "C02")]
    fill(root, 2, ["2, A"])
    result, _ = run(root)
    ko = result.stage_of("ko")
    assert ko.status == "complete" and ko.bracket.champion == "C02"
    assert [(s.rank_label, s.entry.id) for s in ko.standings] == [("1", "C02"), ("2", "C01"), ("3", "C03")]
    _, out = render(root, tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert "只有一场半决赛（1 号种子轮空直接进入决赛），不进行三四名决赛：半决赛的负者为第 3 名。" in page
    assert "两场半决赛的负者" not in page
    assert "打平时由裁判判定进入下一轮的一方。</li>" in page and "winner:" not in re.sub(r"<[^>]+>", "", page)
    _, warnings = run(event(tmp_path / "two", 2, KO + "    third_place: true\n"))
    assert [w.code for w in warnings] == ["knockout-no-third-place"]


def withdraw(root: Path, entry: str, when: str) -> None:
    path = root / "events/cup/event.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"{{id: {entry}, ", f"{{id: {entry}, withdrawn: {when}, "), encoding="utf-8")


def test_a_withdrawn_entry_is_not_seeded_and_a_later_withdrawal_is_a_walkover(high_card: Game,
                                                                               tmp_path: Path, capsys) -> None:
    """`withdrawn: true` before round 1: not seeded, not drawn (three entries: seed 1 has a bye).
    `withdrawn: 2`: it played round 1; its round-2 match is a walkover, the opponent goes through."""
    root = event(tmp_path, 4, KO)
    withdraw(root, "C04", "true")
    result, _ = run(root)
    bracket = result.stage_of("ko").bracket
    assert bracket.seeds == ["C01", "C02", "C03"] and bracket.byes == [1]
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    drawn = (root / "events/cup/results/round-1.yaml").read_text(encoding="utf-8")
    assert "C04" not in drawn and re.findall(r"home: (C\d+)\n    away: (C\d+)", drawn) == [("C02", "C03")]

    root = event(tmp_path / "later", 4, KO)
    withdraw(root, "C04", "2")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["2, A", "K, 9"])  # C04 beats C01, C02 beats C03
    capsys.readouterr()
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0  # the final: C02 v C04, not played
    said = capsys.readouterr().out
    assert "C04 已退赛：本桌判 C04 弃权，不必比赛" in said, said  # as pair says a round robin's
    final_file = next(p for p in (root / "events/cup/results").glob("*.yaml") if "round: 2" in p.read_text(encoding="utf-8"))
    assert "forfeit: C04" in final_file.read_text(encoding="utf-8")
    result, _ = run(root)
    ko = result.stage_of("ko")
    final = ko.bracket.final
    assert final.sides == ["C04", "C02"] and (final.winner, final.loser) == ("C02", "C04")
    assert ko.status == "complete" and ko.bracket.champion == "C02"
    assert [(s.rank_label, s.entry.id) for s in ko.standings][:2] == [("1", "C02"), ("2", "C04")]


def test_pair_draws_no_table_for_two_withdrawn_sides_and_their_next_opponent_wins_by_walkover(
        high_card: Game, tmp_path: Path, capsys) -> None:
    """Nine entries, a third-place match; C04 and C05 (`withdrawn: 2`, byes in round 1) meet in
    round 2. pair wrote their match as a table (no forfeit: both are out), and check then refused
    it (knockout-withdrawn-both) until a referee sent one of them on. Now, as bracket tools and
    tennis draws do: the match is not played and nobody goes through; pair writes no table for
    it and says so in the file's header; C01, whose semi-final it fed, wins that by walkover (no
    table, said in round 3's header), and so does C02 the third-place match that semi-final sends
    no loser to. Nobody is 4th; C04 and C05 share 5th with the quarter-final losers, after them."""
    root = event(tmp_path, 9, KO + "    third_place: true\n" + PRIZES)
    for entry in ("C04", "C05"):
        withdraw(root, entry, "2")
    results = root / "events/cup/results"
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["K, 9"])  # C08 beats C09
    capsys.readouterr()
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    said = capsys.readouterr().out
    second = (results / "round-2.yaml").read_text(encoding="utf-8")
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", second) == [("C01", "C08"), ("C02", "C07"), ("C03", "C06")]
    void = "第 3 场：C04, C05 均已退赛，不赛，双方均不晋级，不写此桌。"
    assert f"# {void}\n" in second and void in said
    assert "C04" not in second.split("tables:")[1]
    fill(root, 2, ["K, 9", "K, 9", "K, 9"])  # C01, C02, C03 win
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    third = (results / "round-3.yaml").read_text(encoding="utf-8")
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", third) == [("C02", "C03")]
    assert "# 第 6 场（半决赛）：C01 不战而胜——对方为空缺（第 3 场未赛），不写此桌。\n" in third
    fill(root, 3, ["2, A"])  # C03 beats C02
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    final = (results / "round-4.yaml").read_text(encoding="utf-8")
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", final) == [("C01", "C03")]
    assert "# 第 8 场（三四名决赛）：C02 不战而胜——对方为空缺（第 6 场未赛），不写此桌。\n" in final
    fill(root, 4, ["K, 9"])  # C01 beats C03
    result, warnings = run(root)
    assert warnings == []
    ko = result.stage_of("ko")
    bracket = ko.bracket
    assert (bracket.match(3).sides, bracket.match(3).void, bracket.match(3).score) == (["C04", "C05"], True, None)
    assert [(bracket.match(n).winner, bracket.match(n).loser, bracket.match(n).score) for n in (6, 8)] == [
        ("C01", None, None), ("C02", None, None)]
    assert ko.status == "complete" and bracket.champion == "C01"
    assert [(s.rank_label, s.entry.id) for s in ko.standings] == [
        ("1", "C01"), ("2", "C03"), ("3", "C02"), ("5=", "C06"), ("5=", "C07"), ("5=", "C08"), ("5=", "C04"),
        ("5=", "C05"), ("9", "C09")]
    # the prize list keeps the 4th place's 季军, vacant: the third-place match was a walkover
    from generator.render.bulletins import bulletins_for

    prizes = {b.name: b for b in bulletins_for(result, "zh-Hans")}["prizes"]
    assert [row[:3] for row in prizes.rows] == [["冠军", "1", "C01"], ["亚军", "2", "C03"], ["季军", "3", "C02"],
                                                ["季军", "4", ""]]
    assert prizes.rows[3][3] == "空缺（第 8 场未赛）"


def page_words(page: str) -> str:
    """A page's text as read: its tags taken out, each run of white space one space."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def void_last_round(tmp_path: Path, withdrawn: tuple[str, str]) -> tuple[object, Path]:
    """Four entries with a third-place match and prizes by place; the semi-finals played (C01 and
    C02 through, C04 and C03 out), then `withdrawn` (`withdrawn: 2`), drawn by pair, the one
    match left played by its home side's card, and the site rendered."""
    root = event(tmp_path, 4, KO + "    third_place: true\n" + PRIZES)
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["K, 9", "K, 9"])
    for entry in withdrawn:
        withdraw(root, entry, "2")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 2, ["K, 9"])
    return render(root, tmp_path / "out")


def test_a_void_final_places_both_finalists_second_and_names_no_champion(high_card: Game, tmp_path: Path) -> None:
    """Both finalists withdrawn (knockout.py: a void match, its sides sharing its loser's place):
    the stage is over, nobody is champion, C01 and C02 are 2= (their prize vacant: they left),
    the third-place match placed as played. The bracket on the stage page and on paper said
    nothing of a champion, as if the stage were still to finish, and the printed bracket left
    the final's winner blank as a match not played yet; the placings' rule said 决赛胜者第 1 名
    beside a table with no 1st. Each now says the champion is vacant, and why."""
    result, out = void_last_round(tmp_path, ("C01", "C02"))
    ko = result.stage_of("ko")
    assert ko.status == "complete" and ko.bracket.champion is None and ko.bracket.final.void
    assert [(s.rank_label, s.entry.id, s.prize.name if s.prize else None,
             s.prize_vacant.name if s.prize_vacant else None) for s in ko.standings] == [
        ("2=", "C01", None, "亚军"), ("2=", "C02", None, "亚军"), ("3", "C03", "季军", None), ("4", "C04", "季军", None)]
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert '<p class="ko-champion">冠军空缺：决赛双方均已退赛，未赛。</p>' in page
    assert "第 4 场 · 双方均已退赛，不赛，无人晋级" in page_words(page) and "比赛进行中" not in page
    assert "第 4 场（决赛）双方均已退赛，未赛：双方并列第 2 名，第 1 名空缺。" in page
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    stage = data["stages"][0]
    assert stage["status"] == "complete" and stage["bracket"]["champion"] is None
    assert stage["bracket"]["matches"][3] == {"match": 4, "round": 2, "kind": "final", "sides": ["C01", "C02"],
                                              "table": None, "winner": None, "pending": False, "void": True}
    assert [(s["rank"], s["entry"], s["prize"]) for s in stage["standings"]] == [
        (2, "C01", None), (2, "C02", None), (3, "C03", "季军"), (4, "C04", "季军")]
    assert "冠军" not in (out / "index.html").read_text(encoding="utf-8")  # the archive names no champion
    from generator.render.bulletins import bulletins_for

    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}
    assert printed["bracket-ko"].text.endswith("冠军空缺（决赛双方均已退赛，未赛）。")
    assert printed["bracket-ko"].rows[3][4:] == ["", "不赛（双方退赛）"]
    assert "第 4 场（决赛）双方均已退赛，未赛：双方并列第 2 名，第 1 名空缺。" in printed["standings-ko"].text
    # the prize list keeps 冠军's row, vacant: it left it out, listing 亚军 (vacant) first; and
    # 亚军, one place the two withdrawn finalists share, is one row naming both: it was listed
    # vacant twice, once for each, as if two 亚军 prizes went unclaimed
    assert [row[:4] for row in printed["prizes"].rows] == [
        ["冠军", "1", "", "空缺（第 4 场未赛）"], ["亚军", "2=", "", "空缺（C01、C02 退赛）"],
        ["季军", "3", "C03", "选手3甲 / 选手3乙"], ["季军", "4", "C04", "选手4甲 / 选手4乙"]]
    assert {b.name: b for b in bulletins_for(result, "en")}["prizes"].rows[1][3] == "vacant (C01, C02 withdrew)"
    english = {b.name: b for b in bulletins_for(result, "en")}["bracket-ko"]
    assert english.text.endswith(". No champion: both finalists withdrew and the final was not played.")


def test_a_void_third_place_match_places_both_fourth_and_nobody_third(high_card: Game, tmp_path: Path) -> None:
    """Both semi-final losers withdrawn before the third-place match: it is void, both are 4=
    (the place its loser would have had) and nobody is 3rd; the final is played, C01 champion.
    The stage page and the printed placings say why nobody is 3rd; results.json marks the
    match void and the ranks 4, 4."""
    result, out = void_last_round(tmp_path, ("C03", "C04"))
    ko = result.stage_of("ko")
    assert ko.status == "complete" and ko.bracket.champion == "C01" and ko.bracket.match(3).void
    assert [(s.rank_label, s.entry.id, s.prize.name if s.prize else None,
             s.prize_vacant.name if s.prize_vacant else None) for s in ko.standings] == [
        ("1", "C01", "冠军", None), ("2", "C02", "亚军", None), ("4=", "C03", None, "季军"), ("4=", "C04", None, "季军")]
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert '<p class="ko-champion"><strong>冠军：</strong>' in page
    assert "第 3 场 · 三四名决赛 · 双方均已退赛，不赛，无人晋级" in page_words(page)
    assert "第 3 场（三四名决赛）双方均已退赛，未赛：双方并列第 4 名，第 3 名空缺。" in page
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    stage = data["stages"][0]
    assert stage["bracket"]["champion"] == "C01"
    assert stage["bracket"]["matches"][2] == {"match": 3, "round": 2, "kind": "third", "sides": ["C04", "C03"],
                                              "table": None, "winner": None, "pending": False, "void": True}
    assert [(s["rank"], s["entry"], s["prize"]) for s in stage["standings"]] == [
        (1, "C01", "冠军"), (2, "C02", "亚军"), (4, "C03", None), (4, "C04", None)]
    from generator.render.bulletins import bulletins_for

    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}
    assert printed["bracket-ko"].rows[2][4:] == ["", "不赛（双方退赛）"]
    assert printed["bracket-ko"].text.endswith("冠军：C01 选手1甲 / 选手1乙。")
    assert "第 3 场（三四名决赛）双方均已退赛，未赛：双方并列第 4 名，第 3 名空缺。" in printed["standings-ko"].text
    assert [row[:4] for row in printed["prizes"].rows] == [
        ["冠军", "1", "C01", "选手1甲 / 选手1乙"], ["亚军", "2", "C02", "选手2甲 / 选手2乙"], ["季军", "3", "", "空缺（第 3 场未赛）"],
        ["季军", "4=", "", "空缺（C03、C04 退赛）"]]


@pytest.mark.parametrize("withdrawn, page_says, paper_says, english, vacant", [
    # both semi-finals void: nobody reached the final; the four share 4th, its 季军 one row
    ({"C01": "2", "C04": "2", "C02": "2", "C03": "2"}, "冠军空缺：两场半决赛均未赛，无人进入决赛。",
     "冠军空缺（两场半决赛均未赛，无人进入决赛）。", "No champion: neither semi-final was played, so nobody reached the final.",
     [["季军", "4=", "", "空缺（C01、C02、C03、C04 退赛）"]]),
    # one semi-final void, the other's winner withdrawn before the final: one finalist, gone
    ({"C02": "2", "C03": "2", "C01": "3"}, "冠军空缺：决赛只有一方 C01，已退赛；另一方空缺，未赛。",
     "冠军空缺（决赛只有一方 C01，已退赛；另一方空缺，未赛）。",
     "No champion: C01, the one finalist, withdrew (nobody came from the other semi-final) and the final was not played.",
     [["季军", "4=", "", "空缺（C02、C03 退赛）"]]),
])
def test_a_final_nobody_or_one_withdrawn_side_reached_says_so_as_why_nobody_is_champion(
        high_card: Game, tmp_path: Path, withdrawn: dict[str, str], page_says: str, paper_says: str, english: str,
        vacant: list[list[str]]) -> None:
    """A final is void with both its finalists withdrawn, or with one side withdrawn and the
    other empty, or with nobody at all (both semi-finals void). The stage page and the printed
    bracket said 冠军空缺（决赛双方均已退赛，未赛） for each, naming finalists where nobody
    reached the final: each says its own reason. A void semi-final's two sides share one 4th
    place, its 季军 one row vacant (not a row each)."""
    from generator.render.bulletins import bulletins_for

    result = played_with_withdrawals(tmp_path, 8, True, ["K, 9"] * 4, withdrawn)
    assert result.stage_of("ko").bracket.vacant_champion
    _, out = render(tmp_path / "content", tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert f'<p class="ko-champion">{page_says}</p>' in page and "决赛双方均已退赛" not in page
    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}
    assert printed["bracket-ko"].text.endswith(paper_says)
    assert {b.name: b for b in bulletins_for(result, "en")}["bracket-ko"].text.endswith(" " + english)
    assert [row[:4] for row in printed["prizes"].rows if row[1].endswith("=")] == vacant


def test_a_winner_written_for_a_withdrawn_side_without_a_record_is_its_walkover_and_an_error(
        high_card: Game, tmp_path: Path) -> None:
    """C04 `withdrawn: 2` reaches the final. `winner: C04` written there without a record says it
    went through, in a round it does not play: entry-withdrawn-played at its id, naming its
    `withdrawn` and the fix; the final is still its walkover (C02 champion). It was reported as a
    `winner:` the result contradicts ("the result is a win for C02"), a result nobody wrote.
    `winner: C02` agrees with the walkover: no error."""
    root = event(tmp_path, 4, KO)
    withdraw(root, "C04", "2")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["2, A", "K, 9"])  # C04 beats C01, C02 beats C03
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    path = root / "events/cup/results/round-2.yaml"
    drawn = path.read_text(encoding="utf-8")
    fill(root, 2, [], {"away: C04": "winner: C04"})
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    (found,) = [p for p in failure.value.problems if not p.warning]
    assert (found.code, found.mark.file.name, found.mark.line) == ("entry-withdrawn-played", "round-2.yaml", 9)
    assert found.message("en") == ("C04 has withdrawn (event.yaml:9: withdrawn, plays no round from round 2 on), "
                                   "yet has a result in round 2, table 1")
    assert "delete its withdrawn (it did not withdraw)" in found.hint("en")
    from generator.content.load import load_site
    from generator.errors import Problems
    from generator.tournament.event import run_event

    problems = Problems()
    ko = run_event(load_site(root, problems).events[0], problems).stage_of("ko")
    assert ko.bracket.champion == "C02"
    path.write_text(drawn, encoding="utf-8")
    fill(root, 2, [], {"away: C04": "winner: C02"})
    result, _ = run(root)
    assert result.stage_of("ko").bracket.champion == "C02"


# --- a whole knockout, drawn by pair -------------------------------------------------------------


def fill(root: Path, number: int, cards: list[str], extra: dict[str, str] | None = None) -> str:
    """Round `number`'s file as pair wrote it, with each table's cards filled in, in table order;
    `extra`: lines to add under a side's line (`away: C10` -> `winner: C10`)."""
    path = root / f"events/cup/results/round-{number}.yaml"
    text = path.read_text(encoding="utf-8")
    for played in cards:
        text = text.replace("    # cards: [K, 9]", f"    cards: [{played}]", 1)
    for after, line in (extra or {}).items():
        text = text.replace(f"    {after}\n", f"    {after}\n    {line}\n", 1)
    path.write_text(text, encoding="utf-8")
    return text


def test_pair_draws_each_round_from_the_winners(high_card: Game, tmp_path: Path, capsys) -> None:
    """Twelve entries: four matches in round 1 (seeds 1–4 have byes), then each round from the
    winners, a tie settled by `winner:`, the third-place play-off beside the final; placings."""
    root = event(tmp_path, 12, KO + "    third_place: true\n")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    first = (root / "events/cup/results/round-1.yaml").read_text(encoding="utf-8")
    # the four matches of round 1, the higher seed written first; seeds 1–4 have byes
    assert [tuple(m) for m in re.findall(r"home: (C\d+)\n    away: (C\d+)", first)] == [
        ("C08", "C09"), ("C05", "C12"), ("C07", "C10"), ("C06", "C11")]
    assert "C01, C02, C03, C04" in first and "# 第 1 场" in first
    from generator.tournament.pairing import draw_sheets

    result, _ = run(root)
    (sheet,) = draw_sheets(result, "zh-Hans")
    assert sheet.text.startswith("淘汰赛第 1 轮（16 强赛），按对阵图编排") and "首轮轮空，直接进入第 2 轮：C01, C02, C03, C04。" in sheet.text
    assert [row[1] for row in sheet.rows] == ["C08", "C05", "C07", "C06"]
    assert "# winner: C08    # 仅在打平时填写" in first  # how a tie is settled, as a comment
    # round 2 cannot be drawn before round 1 is decided
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 1
    assert "第 2 轮还不能编排：对阵图中第 1、2、3、4 场尚未决出胜者" in capsys.readouterr().err
    fill(root, 1, ["K, 9", "3, A", "7, 7", "Q, 2"], {"away: C10": "winner: C10"})  # 7 v 7: a tie, C10 through
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    second = (root / "events/cup/results/round-2.yaml").read_text(encoding="utf-8")
    # seed 1 meets the winner of 8 v 9, seed 4 the winner of 5 v 12, seed 2 of 7 v 10, seed 3 of 6 v 11
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", second) == [
        ("C01", "C08"), ("C04", "C12"), ("C02", "C10"), ("C03", "C06")]
    assert "四分之一决赛" in second and "# 第 5 场" in second
    fill(root, 2, ["A, 2", "2, A", "K, Q", "9, 10"])  # C01, C12, C02, C06 go through
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)",
                                    (root / "events/cup/results/round-3.yaml").read_text(encoding="utf-8")) == [
        ("C01", "C12"), ("C02", "C06")]
    fill(root, 3, ["A, 2", "2, A"])  # C01 and C06 to the final; C12 and C02 play for third
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    last = (root / "events/cup/results/round-4.yaml").read_text(encoding="utf-8")
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", last) == [("C02", "C12"), ("C01", "C06")]
    assert "第 11 场（三四名决赛）" in last and "第 12 场（决赛）" in last
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 1  # the draw is complete
    fill(root, 4, ["A, 2", "5, 6"])
    result, _ = run(root)
    ko = result.stage_of("ko")
    assert ko.status == "complete" and ko.bracket.champion == "C06"
    placed = [(s.rank_label, s.entry.id) for s in ko.standings]
    assert placed == [("1", "C06"), ("2", "C01"), ("3", "C02"), ("4", "C12"),
                      ("5=", "C03"), ("5=", "C04"), ("5=", "C08"), ("5=", "C10"),
                      ("9=", "C05"), ("9=", "C07"), ("9=", "C09"), ("9=", "C11")]


# --- ties: `winner:` by default, the game's own rule through the hook -------------------------------


FOUR = KO  # four entries: two semi-finals (round 1) and the final (round 2)


def test_a_tie_needs_a_winner_and_winner_settles_it(high_card: Game, tmp_path: Path) -> None:
    tied = results_file("ko", 1, table(1, "C01", "C04", "7, 7"), table(2, "C02", "C03", "K, 2"))
    root = event(tmp_path, 4, FOUR, {"round-1.yaml": tied})
    assert errors(root) == ["knockout-tie"]
    # the referee's decision on the table
    settled = results_file("ko", 1, table(1, "C01", "C04", "7, 7", "    winner: C04\n"), table(2, "C02", "C03", "K, 2"))
    root = event(tmp_path, 4, FOUR, {"round-1.yaml": settled})
    result, _ = run(root)
    semi = result.stage_of("ko").bracket.match(1)
    assert (semi.winner, semi.loser) == ("C04", "C01")
    assert [s.sides for s in result.stage_of("ko").bracket.round_matches(2)] == [["C04", "C02"]]
    # the entry pages' match lines say won and lost, as the bracket does, not "drawn"
    from generator.tournament.running import running_totals

    assert [running_totals(high_card, result.stage_of("ko"), e).rows[0].outcome for e in ("C04", "C01")] == [
        "won", "lost"]
    _, out = render(root, tmp_path / "out")
    page = (out / "events/cup/entries/C04/index.html").read_text(encoding="utf-8")
    assert '<td role="cell" class="outcome won">' in page and '<td role="cell" class="outcome drawn">' not in page
    # winner: must be a side at the table, and says nothing against a result that has a winner
    wrong = results_file("ko", 1, table(1, "C01", "C04", "7, 7", "    winner: C09\n"), table(2, "C02", "C03", "K, 2"))
    assert "knockout-winner-not-at-table" in errors(event(tmp_path, 4, FOUR, {"round-1.yaml": wrong}))
    against = results_file("ko", 1, table(1, "C01", "C04", "K, 7", "    winner: C04\n"), table(2, "C02", "C03", "K, 2"))
    assert errors(event(tmp_path, 4, FOUR, {"round-1.yaml": against})) == ["knockout-winner-contradicts"]
    # winner: is a knockout's key only
    other = results_file("main", 1, table(1, "C01", "C04", "7, 7", "    winner: C04\n"))
    swiss = "  - id: main\n    format: swiss\n    rounds: 1\n"
    assert "key-unknown" in errors(event(tmp_path, 4, swiss, {"round-1.yaml": other}))


class HigherSeedOnATie(HighCardRules):
    """A game whose rules settle a knockout tie without a referee: the side written first (the
    higher seed) goes through, unless the table records a `decider:` card game (read by the game)."""

    name = HIGH_CARD.name + "-ko"
    tiebreak_key = "decider"

    def knockout_winner(self, score: TableScore, stage) -> str | None:  # noqa: ANN001
        return score.winner or score.table.sides[0]


def test_a_tie_and_a_winner_at_the_wrong_table_are_both_reported_in_one_run(high_card: Game, tmp_path: Path) -> None:
    """product.md: all errors at once. A `winner:` naming no side of its table was an error of
    the loading, which kept the event from being scored: table 1's tie was reported only once
    table 2 was fixed. A tie whose winner: names no side is that one error, not a tie besides."""
    both = results_file("ko", 1, table(1, "C01", "C04", "7, 7"), table(2, "C02", "C03", "7, 7", "    winner: C01\n"))
    with pytest.raises(ContentErrors) as failure:
        validate(event(tmp_path, 4, FOUR, {"round-1.yaml": both}))
    found = [(p.code, p.mark.file.name, p.mark.line) for p in failure.value.problems if not p.warning]
    assert found == [("knockout-tie", "round-1.yaml", 4), ("knockout-winner-not-at-table", "round-1.yaml", 12)]
    (wrong,) = [p for p in failure.value.problems if p.code == "knockout-winner-not-at-table"]
    assert wrong.params["id"] == "C01" and wrong.params["sides"] == "C02, C03"


def test_a_game_settles_a_tie_by_its_own_rule(tmp_path: Path) -> None:
    game = HigherSeedOnATie()
    GAMES.register(game)
    try:
        tied = results_file("ko", 1, table(1, "C01", "C04", "7, 7"), table(2, "C03", "C02", "5, 5"))
        result, _ = run(event(tmp_path, 4, FOUR, {"round-1.yaml": tied}, game=game.name))
        bracket = result.stage_of("ko").bracket
        assert [(m.winner, m.loser) for m in bracket.round_matches(1)] == [("C01", "C04"), ("C03", "C02")]
    finally:
        del GAMES[game.name]
    # the default game names its key in the message: a game's own key would be named instead
    assert HIGH_CARD.tiebreak_key == "winner" and game.tiebreak_key == "decider"


def test_guandan_tie_settled_by_the_extra_deal(tmp_path: Path) -> None:
    """Guandan's own rule through the hook: a semi-final tied at time-up (both at 9; the national
    profile makes equal levels a draw) is the tie error naming `tiebreak_deal`, and one extra
    deal at level 2, `tiebreak_deal: T04`, sends T04 through."""
    def match(number: int, a: str, b: str, levels: str, extra: str = "") -> str:
        return f"  - table: {number}\n    teams: [{a}, {b}]\n    levels: {levels}\n{extra}"

    stages = KO + "    profile: national\n    third_place: true\n"
    tied = results_file("ko", 1, match(1, "T01", "T04", '{T01: "9", T04: "9"}'),
                        match(2, "T02", "T03", '{T02: Q, T03: "7"}'))
    root = event(tmp_path, 4, stages, {"round-1.yaml": tied}, game="guandan", prefix="T")
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    (tie,) = [p for p in failure.value.problems if not p.warning]
    assert tie.code == "knockout-tie" and tie.params["key"] == "tiebreak_deal" and tie.params["example"] == "T01"
    settled = results_file("ko", 1, match(1, "T01", "T04", '{T01: "9", T04: "9"}', "    tiebreak_deal: T04\n"),
                           match(2, "T02", "T03", '{T02: Q, T03: "7"}'))
    root = event(tmp_path, 4, stages, {"round-1.yaml": settled}, game="guandan", prefix="T")
    result, _ = run(root)
    bracket = result.stage_of("ko").bracket
    semi = bracket.match(1)
    assert (semi.winner, semi.loser) == ("T04", "T01")
    assert semi.score.winner == "T04" and semi.score.extra["decided_by"] == "tiebreak"
    assert [m.sides for m in bracket.round_matches(2)] == [["T01", "T03"], ["T04", "T02"]]  # third place, final
    # the referee's winner: is not Guandan's way: a draw with winner: is refused, pointing to tiebreak_deal
    refereed = results_file("ko", 1, match(1, "T01", "T04", '{T01: "9", T04: "9"}', "    winner: T04\n"),
                            match(2, "T02", "T03", '{T02: Q, T03: "7"}'))
    assert "guandan-draw-winner" in errors(event(tmp_path, 4, stages, {"round-1.yaml": refereed}, game="guandan",
                                                 prefix="T"))
    assert GAMES["guandan"].tiebreak_key == "tiebreak_deal"


FOUR_KO = KO + "    profile: national\n    third_place: true\n    team_size: 4\n"


def four_final_drawn(tmp_path: Path) -> Path:
    """A Guandan teams-of-four knockout of four with a third-place play-off: the semi-finals
    played (T01 and T02 through), the last round drawn by `paibang pair`."""
    def match(number: int, a: str, b: str) -> str:
        return (f"  - table: {number}\n    teams: [{a}, {b}]\n"
                f"    rooms: {{open: {{levels: {{{a}: Q, {b}: \"9\"}}}}, closed: {{levels: {{{a}: \"8\", {b}: \"8\"}}}}}}\n")

    root = event(tmp_path, 4, FOUR_KO, {"round-1.yaml": results_file("ko", 1, match(1, "T01", "T04"), match(2, "T02", "T03"))},
                 game="guandan", prefix="T")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    return root


def final_drawn(tmp_path: Path, game: str) -> Path:
    """A knockout of four with a third-place play-off in `game`: the semi-finals played (the
    first-named side of each through), the last round drawn by `paibang pair`."""
    if game == "guandan":
        return four_final_drawn(tmp_path)
    board = {"bridge": "4S N =", "daguai": "{{open: {home} 8, closed: {home} 5}}",
             "shengji": "{{open: 40, closed: 85}}"}[game]
    stages = KO + "    boards: 1\n    third_place: true\n"
    if game == "bridge":  # teams of four, scored in IMPs
        board, stages = "{{open: 4S N =, closed: 4S S -1}}", stages + "    scoring: imps\n    boards_each_round: same\n"

    def match(number: int, home: str, away: str) -> str:
        return (f"  - table: {number}\n    home: {home}\n    away: {away}\n    boards:\n"
                f"      1: {board.format(home=home)}\n")

    root = event(tmp_path, 4, stages, {"round-1.yaml": results_file("ko", 1, match(1, "T01", "T04"), match(2, "T02", "T03"))},
                 game=game, prefix="T")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    return root


@pytest.mark.parametrize("game", ["guandan", "bridge", "daguai", "shengji"])
def test_a_knockouts_draw_notice_names_its_round_as_its_page(tmp_path: Path, game: str) -> None:
    """The round's page says 第 2 轮（决赛、三四名决赛）, its results sheet too: the draw notice
    on the board, and its link, said 第 2 轮对阵表 alone, and a member looked for the final."""
    from generator.render.bulletins import printed_round

    result, _ = run(final_drawn(tmp_path, game))
    titles = {"zh-Hans": ["淘汰赛杯淘汰赛第 1 轮（半决赛）对阵表", "淘汰赛杯淘汰赛第 2 轮（决赛、三四名决赛）对阵表"],
              "zh-Hant": ["淘汰赛杯淘汰赛第 1 輪（半決賽）對陣表", "淘汰赛杯淘汰赛第 2 輪（決賽、三四名決賽）對陣表"],
              "en": ["淘汰赛杯: 淘汰赛, round 1 (Semi-finals) draw",  # (the page's words: Round 1 (Semi-finals))
                     "淘汰赛杯: 淘汰赛, round 2 (Final, Third-place play-off) draw"]}
    for locale, named in titles.items():
        drawn = [next(b for b in printed_round(result, "ko", number, locale) if b.kind == "draw").title
                 for number in (1, 2)]
        assert drawn == named, locale


@pytest.mark.slow  # prints PDFs
def test_the_draw_notice_on_the_event_page_names_its_round(tmp_path: Path) -> None:
    """The event page's link to the drawn round's notice, and the notice's own title on paper,
    name the round as the round's page does."""
    root = final_drawn(tmp_path, "bridge")
    assert main(["build", "--content", str(root), "--output", str(tmp_path / "out")]) == 0
    site = tmp_path / "out/events/cup"
    page = (site / "index.html").read_text(encoding="utf-8")
    assert ">淘汰赛第 2 轮（决赛、三四名决赛）对阵表<span" in page  # (the event's title left off)
    assert ">记分表（淘汰赛）：第 2 轮（决赛、三四名决赛）<span" in page  # (bridge's: the stage's own)
    assert "淘汰赛杯淘汰赛第 2 轮（决赛、三四名决赛）对阵表" in pdf_lines(site / "bulletins/draw-ko-round-2.pdf")


def test_the_final_rounds_paper_names_each_tables_match(tmp_path: Path) -> None:
    """The final and the third-place play-off are one round: its draw notice called it 决赛, and
    both tables' score sheets were titled by the round alone. The notice names the round as both
    and each table's match (as the bracket words them), each sheet's page its table's match."""
    from generator.render.bulletins import printed_round

    root = four_final_drawn(tmp_path)
    result, _ = run(root)
    printed = printed_round(result, "ko", 2, "zh-Hans")
    draw = next(b for b in printed if b.kind == "draw")
    assert draw.text.startswith("淘汰赛第 2 轮（决赛和三四名决赛），按对阵图编排。请各队按桌号入座。")  # nobody goes on
    match = draw.columns.index("场次")
    assert [(row[0], row[1], row[3], row[match]) for row in draw.rows] == [
        ("1", "T03", "T04", "三四名决赛"), ("2", "T01", "T02", "决赛")]
    sheet = next(b for b in printed if b.kind == "scoresheet")
    assert [(page["table_label"], page["title"]) for page in sheet.pages] == [
        ("1（开室）", "淘汰赛杯淘汰赛第 2 轮（三四名决赛）记分表"), ("1（闭室）", "淘汰赛杯淘汰赛第 2 轮（三四名决赛）记分表"),
        ("2（开室）", "淘汰赛杯淘汰赛第 2 轮（决赛）记分表"), ("2（闭室）", "淘汰赛杯淘汰赛第 2 轮（决赛）记分表")]
    # the sheets together are named as the round's page names the round (its link's words)
    assert sheet.title == "淘汰赛杯淘汰赛第 2 轮（决赛、三四名决赛）记分表"
    first = next(b for b in printed_round(result, "ko", 1, "zh-Hans") if b.kind == "draw")
    assert first.text.startswith("淘汰赛第 1 轮（半决赛）") and "场次" not in first.columns  # one kind of match
    text = (root / "events/cup/results/round-2.yaml").read_text(encoding="utf-8")
    assert "第 2 轮（决赛和三四名决赛）对阵" in text
    # English names the play-off in three words, which the notice broke over two lines or more
    # beside the players' names (the length rule keeps only five characters whole): the column
    # of the match's name is never broken
    from generator.render.pdf import bulletin_html

    english = next(b for b in printed_round(result, "ko", 2, "en") if b.kind == "draw")
    assert '<span class="word">third-place</span> <span class="word">play-off</span>' in bulletin_html(english, "en")


@pytest.mark.slow  # prints a PDF
def test_the_english_draw_notice_breaks_the_play_off_between_its_words_only(tmp_path: Path) -> None:
    """The English notice printed its match "third-", "place play-", "off" on three lines; kept
    whole on one, it left the players' names three characters a line. It breaks at the space."""
    root = four_final_drawn(tmp_path)
    (root / "site.yaml").write_text(SITE.replace("zh-Hans", "en"), encoding="utf-8")
    assert main(["print", "cup", "ko", "--round", "2", "--content", str(root), "--output", str(tmp_path / "r2.pdf")]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "r2.pdf"), "-"], capture_output=True, check=True,
                          text=True).stdout
    assert re.search(r" T04 +选手4甲 / +third-place +T03 +T04\n +选手3乙 +选手4乙 +play-off\n", text), text[:2000]


def test_a_teams_of_four_rooms_sheet_plays_the_extra_deal_only_when_the_rooms_add_up_level(tmp_path: Path) -> None:
    """Each room's knockout sheet said "同级时加赛一副" and had an extra-deal box: but a room may
    end level, and the extra deal is played only when both rooms' net levels add up to 0 (the
    match tied). Both rooms' sheets say that; the box is printed once, on the closed room's."""
    from generator.render.bulletins import round_forms

    result, _ = run(four_final_drawn(tmp_path))
    (sheet,) = [b for b in round_forms(result, "ko", 2, "zh-Hans") if b.kind == "scoresheet"]
    for page in sheet.pages:
        assert "同级时加赛一副" not in page["key"]
        assert "同级为本室平局。本场胜负看两室净胜级数之和：和为 0 时加赛一副（打 2），先出完牌的一方胜，记在闭室记分表上。" in page["key"]
        assert page["words"]["first"] == "同级平局（打√）"
    assert [page["words"].get("tiebreak") for page in sheet.pages] == [
        None, "两室净胜级数之和为 0 时，加赛头游方", None, "两室净胜级数之和为 0 时，加赛头游方"]


def test_the_desks_sheets_page_names_each_tables_match(tmp_path: Path) -> None:
    import http.cookiejar
    import urllib.request

    from tests.test_desk import fetch, start

    running = start(four_final_drawn(tmp_path), slug="cup")
    try:
        jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        assert fetch(running.desk.admin_link, opener=jar)[0] == 200
        status, html = fetch(f"{running.secretary}/admin/sheets/ko/2", opener=jar)
        assert status == 200
        assert "第 2 轮 第 1 桌 · 三四名决赛" in html and "第 2 轮 第 2 桌 · 决赛" in html
    finally:
        running.stop()


def pdf_lines(path: Path) -> list[str]:
    """A PDF's lines as pdftotext -layout reads them, each with its runs of spaces made one."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def test_the_final_rounds_results_notice_and_page_name_each_tables_match(tmp_path: Path) -> None:
    """Guandan's results notice of the round of the final and the third-place play-off listed
    "1" and "2" only, and its page "第 1 桌", "第 2 桌": which was the final was for the reader to
    guess, while the draw notice and the score sheets named each table's match. Both name it
    now, as the draw does; a round of one kind of match (the semi-finals) adds no column."""
    def match(number: int, a: str, b: str, levels: str) -> str:
        return f"  - table: {number}\n    teams: [{a}, {b}]\n    levels: {levels}\n"

    rounds = {"round-1.yaml": results_file("ko", 1, match(1, "T01", "T04", '{T01: Q, T04: "9"}'),
                                           match(2, "T02", "T03", '{T02: K, T03: "7"}')),
              "round-2.yaml": results_file("ko", 2, match(1, "T04", "T03", '{T04: "8", T03: J}'),
                                           match(2, "T01", "T02", '{T01: A+, T02: "10"}'))}
    root = event(tmp_path, 4, KO + "    profile: national\n    third_place: true\n", rounds, game="guandan",
                 prefix="T")
    assert main(["build", "--content", str(root), "--output", str(tmp_path / "out")]) == 0
    site = tmp_path / "out/events/cup"
    lines = pdf_lines(site / "bulletins/round-ko-2.pdf")
    assert "桌号 场次 参赛队 级数 参赛队 级数 获胜方 备注" in lines
    assert "1 三四名决赛 T04 选手4甲 / 选手4乙 8 T03 选手3甲 / 选手3乙 J T03" in lines
    assert "2 决赛 T01 选手1甲 / 选手1乙 A+ T02 选手2甲 / 选手2乙 10 T01 T01 过A" in lines
    assert "场次" not in " ".join(pdf_lines(site / "bulletins/round-ko-1.pdf"))
    page = (site / "ko/round-2/index.html").read_text(encoding="utf-8")
    assert '<h2 id="table-1-h">第 1 桌 · 三四名决赛</h2>' in page and '<h2 id="table-2-h">第 2 桌 · 决赛</h2>' in page
    assert '<h2 id="table-1-h">第 1 桌</h2>' in (site / "ko/round-1/index.html").read_text(encoding="utf-8")


def test_the_final_rounds_bridge_score_sheets_name_each_tables_match(tmp_path: Path) -> None:
    """Bridge prints no results notice of a round: its round on paper is the draw notice and the
    score sheets `paibang print` fills in from the results. Each sheet's page of the round of
    the final and the third-place play-off is titled by its table's match, as the draw notice
    lists it."""
    def match(number: int, home: str, away: str, boards: str) -> str:
        return f"  - table: {number}\n    home: {home}\n    away: {away}\n    boards:\n{boards}"

    won = "      1: {open: 4S N =, closed: 4S S -1}\n"  # the home team's 470, 10 IMPs
    rounds = {"round-1.yaml": results_file("ko", 1, match(1, "T01", "T04", won), match(2, "T02", "T03", won)),
              "round-2.yaml": results_file("ko", 2, match(1, "T03", "T04", won), match(2, "T01", "T02", won))}
    root = event(tmp_path, 4, KO + "    scoring: imps\n    boards: 1\n    boards_each_round: same\n    third_place: true\n",
                 rounds,
                 game="bridge", prefix="T")
    out = tmp_path / "forms"
    assert main(["print", "cup", "ko", "--round", "2", "--content", str(root), "--output", str(out)]) == 0
    draw = pdf_lines(out / "draw-ko-round-2.pdf")
    first, second = [line for line in draw if line[:2] in ("1 ", "2 ")]  # (each room's seats after the match)
    assert first.startswith("1 T03 选手3甲 / 选手3乙 T04 选手4甲 / 选手4乙 三四名决赛 ")
    assert second.startswith("2 T01 选手1甲 / 选手1乙 T02 选手2甲 / 选手2乙 决赛 ")
    sheets = sorted(out.glob("scoresheet-ko-round-2*.pdf"))
    assert sheets, sorted(p.name for p in out.iterdir())
    text = " ".join(line for sheet in sheets for line in pdf_lines(sheet))
    assert "淘汰赛杯记分表（淘汰赛）：第 2 轮（三四名决赛） 桌号：1 主队：T03" in text
    assert "淘汰赛杯记分表（淘汰赛）：第 2 轮（决赛） 桌号：2 主队：T01" in text


def pairs_final_drawn(tmp_path: Path) -> Path:
    """A bridge knockout of four pairs scored total (the seed's matches, NS against EW) with a
    third-place play-off: the semi-finals played, the last round drawn by `paibang pair`."""
    def match(number: int, ns: str, ew: str) -> str:
        return f"  - table: {number}\n    ns: {ns}\n    ew: {ew}\n    boards:\n      1: 4S N = 420\n"

    root = event(tmp_path, 4, KO + "    boards: 1\n    third_place: true\n",
                 {"round-1.yaml": results_file("ko", 1, match(1, "T01", "T04"), match(2, "T02", "T03"))},
                 game="bridge", prefix="T")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    return root


def test_a_bridge_pairs_knockouts_score_sheets_name_the_round_as_its_page(tmp_path: Path) -> None:
    """A bridge knockout of pairs: its round's score sheets said 计分表（淘汰赛）（第 2 轮）, each
    page adding its match, where the round's page and Guandan's sheets say 第 2 轮（决赛、三四名决赛）.
    Named so; each page by its own match."""
    root = pairs_final_drawn(tmp_path)
    out = tmp_path / "forms"
    assert main(["print", "cup", "ko", "--round", "2", "--content", str(root), "--output", str(out)]) == 0
    (sheet,) = out.glob("scoresheet-ko-round-2*.pdf")
    lines = pdf_lines(sheet)
    assert [line for line in lines if line.startswith("淘汰赛杯计分表")] == [
        "淘汰赛杯计分表（淘汰赛）：第 2 轮（三四名决赛）", "淘汰赛杯计分表（淘汰赛）：第 2 轮（决赛）"], lines
    from generator.render.bulletins import printed_round

    result, _ = run(root)
    titles = {b.kind: b.title for b in printed_round(result, "ko", 2, "en")}
    assert titles["scoresheet"] == "淘汰赛杯: score sheet (淘汰赛), round 2 (Final, Third-place play-off)"


def test_each_of_a_rounds_bridge_forms_heads_its_pages_by_its_own_name(tmp_path: Path) -> None:
    """Bridge's score sheet, bidding sheet and play record of a round share their pages' seats:
    the score sheet's page titles (计分表, its match named) were set on the shared pages, and
    the bidding sheet and the play record were headed 计分表 on every page. Each is its own."""
    from generator.render.bulletins import printed_round

    result, _ = run(pairs_final_drawn(tmp_path))
    headed = {b.kind: [page["title"] for page in b.pages] for b in printed_round(result, "ko", 2, "zh-Hans") if b.pages}
    assert headed == {kind: [f"淘汰赛杯{name}（淘汰赛）：第 2 轮（三四名决赛）", f"淘汰赛杯{name}（淘汰赛）：第 2 轮（决赛）"]
                      for kind, name in (("scoresheet", "计分表"), ("bidding", "叫牌表"), ("playrecord", "记牌表"))}


@pytest.mark.parametrize("game", ["guandan", "daguai"])
def test_an_english_sheets_title_says_round_mid_title(tmp_path: Path, game: str) -> None:
    """Guandan's English sheets, titled by the round as its page names it, said "Cup, Knockout:
    Round 2 (Final) score sheets", a capital mid-title where the draw notice says "round 2"."""
    from generator.render.bulletins import printed_round

    result, _ = run(final_drawn(tmp_path, game))
    sheet = next(b for b in printed_round(result, "ko", 2, "en") if b.kind == "scoresheet")
    assert sheet.title == "淘汰赛杯, 淘汰赛: round 2 (Final, Third-place play-off) score sheets"
    assert {page["title"] for page in sheet.pages} == {"淘汰赛杯, 淘汰赛: round 2 (Final) score sheets",
                                                       "淘汰赛杯, 淘汰赛: round 2 (Third-place play-off) score sheets"}


@pytest.mark.parametrize(("game", "board", "named"), [
    ("daguai", "{{open: {home} 8, closed: {home} 5}}",
     ["淘汰赛杯淘汰赛第2轮（三四名决赛）记分单桌号：1", "淘汰赛杯淘汰赛第2轮（决赛）记分单桌号：2"]),
    ("shengji", "{{open: 40, closed: 85}}",
     ["淘汰赛杯记分表（淘汰赛）：第2轮（三四名决赛）桌号：1", "淘汰赛杯记分表（淘汰赛）：第2轮（决赛）桌号：2"])])
def test_the_final_rounds_score_sheets_of_the_other_games_name_each_tables_match(
        tmp_path: Path, game: str, board: str, named: list[str]) -> None:
    """大怪路子's and 80分's round on paper is their score sheets, a page a match, each titled by
    its round named by its match (第 2 轮（决赛）), as bridge's and Guandan's are (80分's listed the round's matches in one notice, whose place of
    each match, "第 2 轮第 1 桌", did not say which was the final). (The home team wins
    every match; the PDF's text read without spaces, as a narrow cell breaks its words.)"""
    def match(number: int, home: str, away: str) -> str:
        return (f"  - table: {number}\n    home: {home}\n    away: {away}\n    boards:\n"
                f"      1: {board.format(home=home)}\n")

    rounds = {"round-1.yaml": results_file("ko", 1, match(1, "D01", "D04"), match(2, "D02", "D03")),
              "round-2.yaml": results_file("ko", 2, match(1, "D03", "D04"), match(2, "D01", "D02"))}
    root = event(tmp_path, 4, KO + "    boards: 1\n    third_place: true\n", rounds, game=game, prefix="D")
    out = tmp_path / "forms"
    assert main(["print", "cup", "ko", "--round", "2", "--content", str(root), "--output", str(out)]) == 0
    (sheet,) = out.glob("scoresheet-ko-round-2*.pdf")
    text = "".join(subprocess.run(["pdftotext", "-raw", str(sheet), "-"], capture_output=True, check=True,
                                  text=True).stdout.split())
    assert all(words in text for words in named), text
    # the sheets together (their link's words) name the round as its page does
    from generator.render.bulletins import printed_round

    result, _ = run(root)
    whole = next(b for b in printed_round(result, "ko", 2, "zh-Hans") if b.kind == "scoresheet").title
    assert whole == {"daguai": "淘汰赛杯淘汰赛第 2 轮（决赛、三四名决赛）记分单",
                     "shengji": "淘汰赛杯记分表（淘汰赛）：第 2 轮（决赛、三四名决赛）"}[game]


def test_daguai_tie_settled_by_the_referee(tmp_path: Path) -> None:
    """Another game through the default hook: a 大怪路子 match drawn on points (8 : 8) goes to the
    side the referee names."""
    def match(number: int, home: str, away: str, boards: str, extra: str = "") -> str:
        return f"  - table: {number}\n    home: {home}\n    away: {away}\n    boards:\n{boards}{extra}"

    level = "      1: {open: D01 8, closed: D04 8}\n"
    clear = "      1: {open: D02 8, closed: D02 5}\n"
    tied = results_file("ko", 1, match(1, "D01", "D04", level), match(2, "D02", "D03", clear))
    root = event(tmp_path, 4, KO + "    boards: 1\n", {"round-1.yaml": tied}, game="daguai", prefix="D")
    assert errors(root) == ["knockout-tie"]
    tied = results_file("ko", 1, match(1, "D01", "D04", level, "    winner: D04\n"), match(2, "D02", "D03", clear))
    root = event(tmp_path, 4, KO + "    boards: 1\n", {"round-1.yaml": tied}, game="daguai", prefix="D")
    result, out = render(root, tmp_path / "out")
    bracket = result.stage_of("ko").bracket
    assert [m.winner for m in bracket.round_matches(1)] == ["D04", "D02"]
    # the match has the winner the referee decided, on its pages and in results.json (not a draw
    # with the bracket alone showing who went through), and says what settled it
    settled = bracket.round_matches(1)[0].score
    assert settled.winner == "D04" and settled.extra["settled_by"] == "winner"
    words = page_words((out / "events/cup/ko/round-1/index.html").read_text(encoding="utf-8"))
    assert "获胜方：D04（打平，由裁判判定） · 场分" in words and "获胜方：D02 · 场分" in words


def test_bridge_teams_of_four_tie_settled_by_the_referee(tmp_path: Path) -> None:
    """Bridge teams of four (`scoring: imps`) through the default hook (content-format.md,
    Knockout: games other than Guandan settle a tied match by `winner:`, as the referee decided).
    Semi-final 1, two boards, T01 home: board 1 (none vul) open 4S N = +420, closed 4S S -1 -50:
    +470, T01 +10 IMPs; board 2 (NS vul) open 3NT E = -400, closed 3NT W -1 +50: -450, T04 +10
    IMPs. 0 IMPs either way, 10 : 10 VP: the tie error, naming `winner`; `winner: T04` sends T04
    through, the match itself still a draw. Semi-final 2, T02 +10 IMPs on board 1 and board 2
    flat, is T02's without a referee (16.46 : 3.54 VP over the stage's 2 boards), and `winner:`
    against it is refused."""
    def match(number: int, home: str, away: str, boards: str, extra: str = "") -> str:
        return f"  - table: {number}\n    home: {home}\n    away: {away}\n    boards:\n{boards}{extra}"

    level = "      1: {open: 4S N =, closed: 4S S -1}\n      2: {open: 3NT E =, closed: 3NT W -1}\n"
    clear = "      1: {open: 4S N =, closed: 4S S -1}\n      2: {open: 3NT E =, closed: 3NT W =}\n"
    stages = KO + "    scoring: imps\n    boards: 2\n"

    def root(first: str = "", second: str = "") -> Path:
        tables = results_file("ko", 1, match(1, "T01", "T04", level, first), match(2, "T02", "T03", clear, second))
        return event(tmp_path, 4, stages, {"round-1.yaml": tables}, game="bridge", prefix="T")

    with pytest.raises(ContentErrors) as failure:
        validate(root())
    (tie,) = [p for p in failure.value.problems if not p.warning]
    assert tie.code == "knockout-tie" and tie.params["key"] == "winner" and tie.params["sides"] == "T01 – T04"
    result, out = render(root("    winner: T04\n"), tmp_path / "out")
    bracket = result.stage_of("ko").bracket
    semi = bracket.match(1)
    assert (semi.winner, semi.loser) == ("T04", "T01")
    # the referee decided who goes through: the match's winner, said as settled by `winner:`
    assert semi.score.winner == "T04" and semi.score.extra["settled_by"] == "winner"
    words = page_words((out / "events/cup/ko/round-1/index.html").read_text(encoding="utf-8"))
    assert "获胜方：T04（打平，由裁判判定）" in words and "获胜方：T02 " in words
    assert semi.score.extra["margin"] == {"T01": 0, "T04": 0} and semi.score.extra["vp"] == {"T01": 10.0, "T04": 10.0}
    other = bracket.match(2)
    assert (other.winner, other.loser) == ("T02", "T03") and other.score.winner == "T02"
    assert other.score.extra["margin"] == {"T02": 10, "T03": -10}
    assert other.score.extra["vp"] == {"T02": 16.46, "T03": 3.54}
    assert [m.sides for m in bracket.round_matches(2)] == [["T04", "T02"]]  # the final
    # winner: must be a side at the table, and never overturns a match that has a winner
    assert errors(root("    winner: T09\n")) == ["knockout-winner-not-at-table"]
    assert errors(root("    winner: T04\n", "    winner: T03\n")) == ["knockout-winner-contradicts"]


def test_a_table_that_is_not_a_match_of_the_bracket(high_card: Game, tmp_path: Path) -> None:
    wrong = results_file("ko", 1, table(1, "C01", "C02", "K, 2"), table(2, "C03", "C04", "K, 2"))
    root = event(tmp_path, 4, FOUR, {"round-1.yaml": wrong})
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    problems = [p for p in failure.value.problems if p.code == "knockout-not-in-bracket"]
    assert len(problems) == 2
    hint = problems[0].hint("zh-Hans")
    assert "第 1 场 C01 – C04" in hint and "第 2 场 C02 – C03" in hint
    # a final drawn before its semi-finals are decided is not a match of the bracket yet: said as
    # places the semi-finals decide, with no winner yet (not "pair draws them", which it cannot)
    early = {"round-1.yaml": results_file("ko", 1, table(1, "C01", "C04"), table(2, "C02", "C03")),
             "round-2.yaml": results_file("ko", 2, table(1, "C01", "C02"))}
    assert errors(event(tmp_path, 4, FOUR, early)) == ["knockout-drawn-before-undecided"] * 2


# --- seeding, third place, placings and prizes ------------------------------------------------------


PRELIM = ("  - id: prelim\n    name: 预赛\n    format: matches\n    rank_by: [wins, lot]\n"
          "    lots: [C06, C02, C05, C01, C03, C04, C07, C08]\n    advance: {count: 4, to: ko}\n")
PRELIM_RESULTS = results_file("prelim", 1, table(1, "C01", "C08", "K, 2"), table(2, "C02", "C07", "K, 2"),
                              table(3, "C03", "C06", "2, K"), table(4, "C04", "C05", "2, K"))
PRIZES = "    prizes:\n      - {name: 冠军, count: 1}\n      - {name: 亚军, count: 1}\n      - {name: 季军, count: 2}\n"
SEEDED = PRELIM + KO + "    seeding: {from: prelim}\n" + PRIZES


def test_seeded_from_the_previous_stage_ranking(high_card: Game, tmp_path: Path) -> None:
    root = event(tmp_path, 8, SEEDED, {"round-1.yaml": PRELIM_RESULTS})
    result, _ = run(root)
    bracket = result.stage_of("ko").bracket
    # prelim's ranking: the four winners, by lot C06, C02, C05, C01; seed 1 meets seed 4
    assert bracket.seeds == ["C06", "C02", "C05", "C01"]
    assert [m.sides for m in bracket.round_matches(1)] == [["C06", "C01"], ["C02", "C05"]]
    assert result.stage_of("ko").status == "scheduled" and result.status == "in_progress"
    # before prelim is over the field is not known: the bracket says "seed 1 – seed 4"
    result, _ = run(event(tmp_path / "early", 8, SEEDED))
    early = result.stage_of("ko").bracket
    assert early.seeds == [] and [s.seed for s in early.match(1).slots] == [1, 4]


def test_entries_tied_in_the_seeding_stage_are_seeded_as_its_standings_show_them(high_card: Game,
                                                                                  tmp_path: Path) -> None:
    """No lot in prelim: the four winners share 1st place; the standings list them by entry id
    and the seeds follow that order (the stage page's rule says so), whatever event.yaml's order."""
    tied = PRELIM.replace("rank_by: [wins, lot]", "rank_by: [wins]").replace(
        "    lots: [C06, C02, C05, C01, C03, C04, C07, C08]\n", "")
    root = event(tmp_path, 8, tied + KO + "    seeding: {from: prelim}\n", {"round-1.yaml": PRELIM_RESULTS})
    path = root / "events/cup/event.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    entries = [i for i, line in enumerate(lines) if line.startswith("  - {id: C")]
    reordered = [lines[i] for i in reversed(entries)]  # C08 … C01 in event.yaml
    path.write_text("".join(lines[:entries[0]] + reordered + lines[entries[-1] + 1:]), encoding="utf-8")
    result, _ = run(root)
    prelim = result.stage_of("prelim")
    shown = [s.entry.id for s in prelim.standings if s.rank == 1]
    assert shown == ["C01", "C02", "C05", "C06"]
    assert result.stage_of("ko").bracket.seeds == shown


def test_a_lot_that_decides_who_qualifies_is_warned_and_marked(high_card: Game, tmp_path: Path) -> None:
    """prelim's four winners are equal on wins and ranked by lot; with three places, the lot
    decides who goes on: a warning at the `advance:` line, and 抽签 beside those entries on the
    standings (page and print) and on the qualifiers' notice. No warning when the cut falls
    between entries the wins separate (four places: the winners and the losers)."""
    from generator.render.bulletins import bulletins_for

    three = SEEDED.replace("advance: {count: 4, to: ko}", "advance: {count: 3, to: ko}")
    root = event(tmp_path, 8, three, {"round-1.yaml": PRELIM_RESULTS})
    result, out = render(root, tmp_path / "out")
    _, warnings = run(root)
    (lot,) = [w for w in warnings if w.code == "qualify-lot"]
    assert (lot.mark.file.name, lot.mark.line) == ("event.yaml", 20)
    assert "advance: {count: 3" in (root / "events/cup/event.yaml").read_text(encoding="utf-8").splitlines()[19]
    assert lot.message("zh-Hans") == "阶段 prelim 第 3 名由抽签决定（C06、C02、C05、C01 其余各项相同）"
    prelim = result.stage_of("prelim")
    assert [(s.entry.id, s.qualified, s.by_lot) for s in prelim.standings[:5]] == [
        ("C06", True, True), ("C02", True, True), ("C05", True, True), ("C01", False, True), ("C03", False, False)]
    page = (out / "events/cup/prelim/index.html").read_text(encoding="utf-8")
    row = page.split('href="../../../events/cup/entries/C01/index.html">C01</a>')[1].split("</tr>")[0]
    assert '<span class="tag lot">抽签</span>' in row
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))  # on main: no by_lot
    assert [(s["entry"], s["qualified"], s["by_lot"]) for s in data["stages"][0]["standings"][:5]] == [
        ("C06", True, True), ("C02", True, True), ("C05", True, True), ("C01", False, True), ("C03", False, False)]
    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}
    assert [row[-1] for row in printed["qualifiers-prelim"].rows] == ["抽签", "抽签", "抽签"]
    assert [row[-1] for row in printed["standings-prelim"].rows[:5]] == ["晋级、抽签"] * 3 + ["抽签", ""]
    _, warnings = run(event(tmp_path / "four", 8, SEEDED, {"round-1.yaml": PRELIM_RESULTS}))
    assert not [w for w in warnings if w.code == "qualify-lot"]


def test_seeding_list_and_its_checks(high_card: Game, tmp_path: Path) -> None:
    listed = KO + "    seeding: [C03, C01, C02]\n"
    result, _ = run(event(tmp_path, 3, listed))
    bracket = result.stage_of("ko").bracket
    assert bracket.seeds == ["C03", "C01", "C02"] and bracket.byes == [1]  # seed 1 (C03) has the bye
    assert [m.sides for m in bracket.round_matches(1)] == [["C01", "C02"]]
    assert errors(event(tmp_path / "a", 3, KO + "    seeding: [C03, C09, C03, C01]\n")) == [
        "seeding-unknown", "seeding-duplicate"]
    assert errors(event(tmp_path / "b", 3, KO + "    seeding: {from: later}\n  - id: later\n    format: matches\n")) == [
        "seeding-stage-order"]
    assert errors(event(tmp_path / "c", 3, KO + "    seeding: [C01]\n")) == ["knockout-field-small"]
    # the list must be the qualifiers when a stage advances to the knockout
    wrong = PRELIM + KO + "    seeding: [C01, C02, C03, C04]\n"
    with pytest.raises(ContentErrors) as failure:
        validate(event(tmp_path / "d", 8, wrong, {"round-1.yaml": PRELIM_RESULTS}))
    problem = next(p for p in failure.value.problems if p.code == "seeding-field")
    assert "C05、C06" in problem.message("zh-Hans") and "C03、C04" in problem.message("zh-Hans")


def test_a_seeding_list_waits_for_the_stage_advancing_to_the_knockout(high_card: Game, tmp_path: Path,
                                                                      capsys) -> None:
    """`seeding: [...]` with a stage advancing here: before that stage is over its qualifiers are
    not known, so the bracket has no field yet and `paibang pair` refuses rather than draw."""
    listed = PRELIM + KO + "    seeding: [C06, C05, C02, C01]\n"
    half = results_file("prelim", 1, table(1, "C01", "C08", "K, 2"), table(2, "C02", "C07"),
                        table(3, "C03", "C06", "2, K"), table(4, "C04", "C05", "2, K"))
    root = event(tmp_path, 8, listed, {"round-1.yaml": half})
    result, _ = run(root)
    assert result.stage_of("ko").bracket.seeds == []
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 1
    assert "淘汰赛 ko 的参赛队还不确定" in capsys.readouterr().err
    assert [p.name for p in (root / "events/cup/results").iterdir()] == ["round-1.yaml"]  # nothing drawn
    # prelim over: the list is the field, in its order
    root = event(tmp_path / "done", 8, listed, {"round-1.yaml": PRELIM_RESULTS})
    result, _ = run(root)
    assert result.stage_of("ko").bracket.seeds == ["C06", "C05", "C02", "C01"]
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0


def semis_and_final(final: str | None, third: str | None = None) -> dict[str, str]:
    files = {"round-1.yaml": PRELIM_RESULTS,
             "ko-round-1.yaml": results_file("ko", 1, table(1, "C06", "C01", "K, 2"), table(2, "C02", "C05", "3, 4"))}
    tables = []
    if third is not None:
        tables.append(table(1, "C01", "C02", third))
    if final is not None:
        tables.append(table(2, "C06", "C05", final))
    if tables:
        files["ko-round-2.yaml"] = results_file("ko", 2, *tables)
    return files


def test_without_a_play_off_the_semi_final_losers_share_third_place_and_prizes_follow(high_card: Game,
                                                                                         tmp_path: Path) -> None:
    result, _ = run(event(tmp_path, 8, SEEDED, semis_and_final("2, 9")))  # C05 beats C06 in the final
    ko = result.stage_of("ko")
    assert result.status == "complete" and ko.bracket.champion == "C05"
    assert [(s.rank_label, s.entry.id, s.prize.name if s.prize else None) for s in ko.standings] == [
        ("1", "C05", "冠军"), ("2", "C06", "亚军"), ("3=", "C02", "季军"), ("3=", "C01", "季军")]


def test_the_third_place_play_off(high_card: Game, tmp_path: Path) -> None:
    stages = SEEDED.replace("    seeding:", "    third_place: true\n    seeding:")
    result, _ = run(event(tmp_path, 8, stages, semis_and_final("2, 9", third="Q, J")))
    ko = result.stage_of("ko")
    third = ko.bracket.match(3)
    assert third.kind == "third" and (third.winner, third.loser) == ("C01", "C02")
    assert [(s.rank_label, s.entry.id, s.prize.name if s.prize else None) for s in ko.standings] == [
        ("1", "C05", "冠军"), ("2", "C06", "亚军"), ("3", "C01", "季军"), ("4", "C02", "季军")]
    assert not ko.shows_after_round  # placings from the bracket, not "after round 2"
    # the final in, the play-off not yet: the stage is not over, nobody is champion
    result, _ = run(event(tmp_path / "later", 8, stages, semis_and_final("2, 9")))
    ko = result.stage_of("ko")
    assert ko.status == "in_progress" and ko.bracket.champion is None and ko.standings == []
    assert ko.shows_after_round and ko.rounds_played == 2  # its status: "after round 2", the play-off to come
    assert result.status == "in_progress" and all(s.prize is None for st in result.stages for s in st.standings)


def test_a_seeding_result_corrected_after_the_draw_keeps_the_bracket_drawn_and_says_so(high_card: Game,
                                                                                        tmp_path: Path) -> None:
    """event-day.md: a correction after a later round was drawn stands, the draw is never
    silently redone, and check and the stage page name the entries the new standings would seed
    otherwise. Here prelim's table 1 turns round after the semi-finals are played: C08 now
    qualifies in place of C01, who played (and lost) its semi-final. While the final is still to
    play, check warns and the page says it as a warning; once the knockout is played out, check
    says no more and the page keeps it as a quiet note (as a Swiss round's stale draw)."""
    stages = SEEDED.replace("    seeding:", "    third_place: true\n    seeding:")
    files = semis_and_final("2, 9", third="Q, J")
    files["round-1.yaml"] = files["round-1.yaml"].replace("cards: [K, 2]", "cards: [2, K]", 1)
    playing = {**files, "ko-round-2.yaml": semis_and_final(None, third="Q, J")["ko-round-2.yaml"]}
    playing_root = event(tmp_path / "playing", 8, stages, playing)
    result, warnings = run(playing_root)
    assert result.stage_of("ko").status != "complete"
    (changed,) = [w for w in warnings if w.code == "knockout-seeding-changed"]
    assert (changed.mark.file.name, changed.mark.line) == ("ko-round-1.yaml", 4)
    assert changed.message("zh-Hans") == ("淘汰赛 ko 的第 1 轮是按阶段 prelim 的成绩编排的，这些成绩后来改了，"
                                          "按现在的成绩种子会不同：C01, C08")
    # the draw the standings give now, for a draw that was written wrong rather than overtaken
    assert "按现在的成绩，第 1 轮是：第 1 场 C06 – C08；第 2 场 C02 – C05。" in changed.hint("zh-Hans")
    _, out = render(playing_root, tmp_path / "playing-out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert '<p class="warn">第 1 轮是按预赛的成绩编排的，这些成绩后来改了：C01, C08。已编排的对阵不会自动重排。' in page
    root = event(tmp_path, 8, stages, files)
    result, warnings = run(root)  # no error: on main, knockout-not-in-bracket and entry-not-in-stage
    ko = result.stage_of("ko")
    assert ko.bracket.seeds == ["C06", "C02", "C05", "C01"]  # as drawn: C06 v C01, C02 v C05
    assert result.status == "complete" and ko.bracket.champion == "C05"
    assert [(s.rank, s.entry.id) for s in ko.standings] == [(1, "C05"), (2, "C06"), (3, "C01"), (4, "C02")]
    assert not [w for w in warnings if w.code == "knockout-seeding-changed"]
    # who went on is who was drawn: prelim marks C01, not C08, though C08 now ranks above it
    prelim = {s.entry.id: s for s in result.stage_of("prelim").standings}
    assert prelim["C01"].qualified and not prelim["C08"].qualified
    _, out = render(root, tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert '<p class="meta">附注：第 1 轮按预赛的成绩编排，其后更正过：C01, C08。对阵按编排时的成绩进行。' in page
    assert "不会自动重排" not in page
    # rev60: prelim's page and its qualifier list, which mark C01 (drawn) and not C08 (ranked
    # above it now), say why as the knockout's page does; on main they said nothing once the
    # knockout was played out, the list contradicting the standings beside it
    note = "本阶段的成绩在淘汰赛编排后更正过：按现在的成绩 C08 晋级，C01 不再晋级；淘汰赛已编排，仍由编排时的参赛队进行（C01 参赛）。"
    assert note in page_words((out / "events/cup/prelim/index.html").read_text(encoding="utf-8"))
    from generator.render.bulletins import bulletins_for
    (listed,) = [b for b in bulletins_for(result, "zh-Hans") if b.name == "qualifiers-prelim"]
    assert listed.text.endswith("特此公示。" + note) and [row[1] for row in listed.rows] == ["C06", "C02", "C05", "C01"]
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))  # on main: no stale_draws
    # round 1 written by hand records no figures: which table was corrected is not known
    assert data["stages"][1]["stale_draws"] == [{"round": 1, "entries": ["C01", "C08"], "drawn_on": {"stage": "prelim"},
                                                 "moved": {}, "tables": [], "paired": []}]
    assert data["stages"][0]["stale_draws"] == []
    # before the knockout is drawn, the seeding follows the corrected standings
    del files["ko-round-1.yaml"], files["ko-round-2.yaml"]
    result, warnings = run(event(tmp_path / "before", 8, stages, files))
    assert result.stage_of("ko").bracket.seeds == ["C06", "C02", "C05", "C08"]
    assert not [w for w in warnings if w.code == "knockout-seeding-changed"]


def test_a_seeding_result_corrected_after_pair_drew_round_one_names_the_table_corrected(high_card: Game,
                                                                                        tmp_path: Path) -> None:
    """The knockout's warning and its stage page's note listed the entries the corrected
    standings would seed otherwise ("C01, C08"), where a Swiss round's note names the table
    corrected and the figures it moved. pair now records the figures it drew round 1 on (the
    seeding stage's standings, # draw-order:, as a Swiss round's), and the knockout's note names
    prelim's table 1, turned round after the draw, as the Swiss's would."""
    stages = SEEDED.replace("    seeding:", "    third_place: true\n    seeding:")
    root = event(tmp_path, 8, stages, {"round-1.yaml": PRELIM_RESULTS})
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    drawn = next(p for p in (root / "events/cup/results").glob("*.yaml") if "stage: ko" in p.read_text(encoding="utf-8"))
    assert "# draw-order: C06=1 C02=1 C05=1 C01=1 C03=0 C04=0 C07=0 C08=0\n" in drawn.read_text(encoding="utf-8")
    result, warnings = run(root)
    assert not [w for w in warnings if w.code == "knockout-seeding-changed"]  # the figures drawn on, unchanged
    prelim = root / "events/cup/results/round-1.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("cards: [K, 2]", "cards: [2, K]", 1), encoding="utf-8")
    result, warnings = run(root)
    (changed,) = [w for w in warnings if w.code == "knockout-seeding-changed"]
    assert changed.message("zh-Hans") == (
        "淘汰赛 ko 的第 1 轮是按阶段 prelim 的成绩编排的，这些成绩后来改了：第 1 轮第 1 桌（C01 – C08），"
        "胜场（编排时 → 现在）：C01 1 → 0、C08 0 → 1；按现在的成绩种子会不同：C01, C08")
    assert changed.message("en") == (
        "round 1 of knockout ko was drawn on the standings of stage prelim, which have changed since: round 1 table 1 "
        "(C01 – C08); wins (at the draw → now): C01 1 → 0, C08 0 → 1; the seeds would now differ for: C01, C08")
    _, out = render(root, tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert ("第 1 轮是按预赛的成绩编排的，这些成绩后来改了：第 1 轮第 1 桌（C01 – C08），胜场（编排时 → 现在）："
            "C01 1 → 0、C08 0 → 1。已编排的对阵不会自动重排。") in page_words(page)
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    assert data["stages"][1]["stale_draws"] == [{
        "round": 1, "entries": ["C01", "C08"], "drawn_on": {"stage": "prelim"},
        "moved": {"C01": {"drawn_on": 1, "now": 0}, "C08": {"drawn_on": 0, "now": 1}}, "tables": [{"round": 1, "table": 1}], "paired": []}]


@pytest.mark.parametrize(("corrected", "was", "now", "said"), [
    # round 4 (the Swiss's round 5 drawn on it is stale too): told by the Swiss's own recorded figures
    (4, 'levels: {T08: "8", T17: A+}', 'levels: {T08: A+, T17: "8"}',
     "第 4 轮第 1 桌（T08 – T17），场分（编排时 → 现在）：T17 15 → 13、T08 13 → 15；按现在的成绩种子会不同：T17, T08"),
    # the last round: told by the figures the knockout's round 1 recorded
    (5, 'levels: {T17: A, T24: "8"}', 'levels: {T17: "8", T24: A}',
     "第 5 轮第 1 桌（T17 – T24），场分（编排时 → 现在）：T17 15 → 13、T24 12 → 14；"
     "按现在的成绩种子会不同：T17, T08, T06, T24")])
def test_a_swiss_result_corrected_after_the_knockout_was_drawn_is_named_by_its_table(
        tmp_path: Path, corrected: int, was: str, now: str, said: str) -> None:
    """The demo's Guandan Swiss of 5 rounds seeding a knockout, its round 1 drawn by pair: a
    result of the Swiss corrected afterwards is named by its round and table, in whichever round
    it is, the last one included (which no Swiss round was drawn on)."""
    import shutil

    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(Path("content/site.yaml"), root / "site.yaml")
    shutil.copytree(Path("content/events/tongxin-guandan-2025"), root / "events/tongxin-guandan-2025")
    results = root / "events/tongxin-guandan-2025/results"
    for drawn in results.glob("ko-round-*.yaml"):
        drawn.unlink()
    assert main(["pair", "tongxin-guandan-2025", "ko", "--content", str(root)]) == 0
    path = results / f"round-{corrected}.yaml"
    text = path.read_text(encoding="utf-8")
    assert was in text
    path.write_text(text.replace(was, now), encoding="utf-8")
    _, warnings = run(root)
    (changed,) = [w for w in warnings if w.code == "knockout-seeding-changed"]
    assert changed.message("zh-Hans") == f"淘汰赛 ko 的第 1 轮是按阶段 swiss 的成绩编排的，这些成绩后来改了：{said}"


@pytest.mark.parametrize(("path", "was", "now", "said", "knockout"), [
    # the advance count lowered: a setting, no result corrected (rev61: the list said one was,
    # "按现在的成绩 无人 晋级")
    ("event.yaml", "advance: {count: 8, to: ko}", "advance: {count: 4, to: ko}",
     "本阶段的设置在淘汰赛编排后改了（晋级名额 8 → 4），成绩都没有改：按现在的设置 T16、T09、T21、T11 不再晋级；"
     "淘汰赛已编排，仍由编排时的参赛队进行。",
     "第 1 轮是按瑞士移位赛当时的设置编排的，此后设置改了（晋级名额 8 → 4），成绩都没有改："
     "按现在的设置 T16、T09、T21、T11 不再晋级；本阶段仍由编排时的参赛队进行。"),
    # the tie-breaks reordered: a setting too
    ("event.yaml", "    advance: {count: 8, to: ko}\n",
     "    advance: {count: 8, to: ko}\n    rank_by: [match_points, total_levels, wins, buchholz]\n",
     "本阶段的设置在淘汰赛编排后改了（排名依据 场分、对手分、胜场、累积小分 → 场分、累积小分、胜场、对手分），"
     "成绩都没有改：按现在的设置 T10 晋级，T11 不再晋级；淘汰赛已编排，仍由编排时的参赛队进行。",
     "成绩都没有改：按现在的设置 T10 晋级，T11 不再晋级；本阶段仍由编排时的参赛队进行。"),
    # round 5's T19 v T11 turned round: a result corrected, T19 in and T11 out
    ("results/round-5.yaml", "deals: [T19+2, T19+3, T11+3, T11+1, T11+1, T19+2, T11+1, T11+3, T19+2, T11+2, T11+2]",
     "deals: [T11+2, T11+3, T19+3, T19+1, T19+1, T11+2, T19+1, T19+3, T11+2, T19+2, T19+2]",
     "本阶段的成绩在淘汰赛编排后更正过：按现在的成绩 T19 晋级，T11 不再晋级；淘汰赛已编排，仍由编排时的参赛队进行（T11 参赛）。",
     "第 1 轮是按瑞士移位赛的成绩编排的，这些成绩后来改了：第 5 轮第 7 桌（T19 – T11），"
     "场分（编排时 → 现在）：T11 11 → 9、T19 9 → 11。已编排的对阵不会自动重排。"),
    # that correction, and the count lowered to 4 as well: four drawn now out, nobody new in
    # (said alone, not "按现在的成绩 无人 晋级"), and the setting changed said after it, as the
    # check warning says both (the page and the list said only the correction)
    ("results/round-5.yaml", "deals: [T19+2, T19+3, T11+3, T11+1, T11+1, T19+2, T11+1, T11+3, T19+2, T11+2, T11+2]",
     "deals: [T11+2, T11+3, T19+3, T19+1, T19+1, T11+2, T19+1, T19+3, T11+2, T19+2, T19+2]",
     "本阶段的成绩在淘汰赛编排后更正过：按现在的成绩 T16、T21、T09、T11 不再晋级；"
     "淘汰赛已编排，仍由编排时的参赛队进行（T16、T21、T09、T11 参赛）。"
     "此外，本阶段的设置也在淘汰赛编排后改了（晋级名额 8 → 4）：上面说的晋级按的是现在的成绩和设置。",
     # the knockout's page: the correction, then the setting in a note of its own naming who
     # moves, as the Swiss's page does (it said the setting as the check warning does, "event.yaml"
     # in the correction's sentence, and not who moves)
     "第 1 轮是按瑞士移位赛的成绩编排的，这些成绩后来改了：第 5 轮第 7 桌（T19 – T11），"
     "场分（编排时 → 现在）：T11 11 → 9、T19 9 → 11。已编排的对阵不会自动重排。"
     "此外，瑞士移位赛的设置也在本阶段编排后改了（晋级名额 8 → 4）：按现在的成绩和设置 T16、T21、T09、T11 不再晋级；"
     "本阶段仍由编排时的参赛队进行。")])
def test_the_qualifier_list_says_a_change_after_the_knockout_was_drawn_as_the_stage_page_does(
        tmp_path: Path, path: str, was: str, now: str, said: str, knockout: str) -> None:
    """The demo's Swiss seeding its knockout, round 1 drawn by pair, then a setting of the Swiss
    changed or one of its results corrected: the printed qualifier list ends with the note the
    Swiss's page has, a setting said as a setting, a correction as a correction; and the
    knockout's page says its draw as the Swiss's page does, both when both changed."""
    import shutil

    from generator.render.bulletins import bulletins_for

    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(Path("content/site.yaml"), root / "site.yaml")
    shutil.copytree(Path("content/events/tongxin-guandan-2025"), root / "events/tongxin-guandan-2025")
    folder = root / "events/tongxin-guandan-2025"
    for drawn in (folder / "results").glob("ko-round-*.yaml"):
        drawn.unlink()
    assert main(["pair", "tongxin-guandan-2025", "ko", "--content", str(root)]) == 0
    text = (folder / path).read_text(encoding="utf-8")
    assert was in text
    (folder / path).write_text(text.replace(was, now), encoding="utf-8")
    if "T16、T21" in said:
        event_file = folder / "event.yaml"
        event_file.write_text(event_file.read_text(encoding="utf-8").replace("count: 8", "count: 4"), encoding="utf-8")
    result, _ = run(root)
    (notice,) = [b for b in bulletins_for(result, "zh-Hans") if b.name == "qualifiers-swiss"]
    assert notice.text.endswith("以下 8 支队伍进入淘汰赛。特此公示。" + said)
    _, out = render(root, tmp_path / "out")
    page = (out / "events/tongxin-guandan-2025/swiss/index.html").read_text(encoding="utf-8")
    # the page's notes, a paragraph each, in their order: as the list says them
    notes = re.findall(r'<p class="warn">(.*?)</p>', page, re.S)
    assert said in "".join(re.sub(r"<[^>]+>", "", note) for note in notes)
    page = (out / "events/tongxin-guandan-2025/ko/index.html").read_text(encoding="utf-8")
    notes = re.findall(r'<p class="warn">(.*?)</p>', page, re.S)
    said_there = "".join(re.sub(r"<[^>]+>", "", note) for note in notes)
    assert knockout in said_there and "event.yaml" not in said_there
    assert ("此外" in said_there) == ("此外" in said)  # the setting said besides on both pages, or on neither


@pytest.mark.parametrize(("fields", "said"), [
    ({"field_kept": ["T05"], "field_left": ["T09"]}, ["qualifiers_drawn_note"]),
    ({"field_kept": ["T05"]}, ["qualifiers_drawn_note_out"]),
    ({"field_left": ["T09"]}, ["qualifiers_drawn_note_in"]),
    # a setting changed, no result: the setting's note, never the correction's as well
    ({"field_kept": ["T05"], "advance_changed_next": ({}, {})}, ["qualifiers_advance_drawn_note"]),
    # a result corrected and a setting changed as well: the correction, then the setting
    ({"field_kept": ["T05"], "settings_also_next": {"zh-Hans": "x", "zh-Hant": "x", "en": "x"}},
     ["qualifiers_drawn_note_out", "qualifiers_settings_also_note"]),
    # a tie at the cut the draw settled, first
    ({"cut_kept": ["T04"], "cut_left": ["T05"], "field_left": ["T09"]}, ["cut_tied_drawn_note", "qualifiers_drawn_note_in"]),
    ({"cut_tied": ["T04", "T05"]}, ["cut_tied_note"])])
def test_the_notes_on_the_next_stage_drawn_come_in_one_order(fields: dict, said: list[str]) -> None:
    """What the stage page and the qualifier list say of the next stage drawn, from one place
    (StageResult.qualifier_notes), in its order."""
    from generator.render.i18n import Translator
    from generator.render.remarks import qualifier_note_texts
    from generator.tournament.results import StageResult

    stage_result = StageResult(None, [], [], [], **fields)  # type: ignore[arg-type]
    assert [word for word, _ in stage_result.qualifier_notes()] == said
    texts = qualifier_note_texts(Translator("zh-Hans"), stage_result, "淘汰赛")
    assert len(texts) == len(said) and all("无人" not in text and "{" not in text for text in texts)


def test_round_one_keeps_the_seeds_pair_drew_from_whatever_the_order_of_its_tables(high_card: Game,
                                                                                    tmp_path: Path) -> None:
    """pair writes the seeds it drew round 1 from (`seeds:`, data, not a comment, so retyping the
    file keeps them). With the tables retyped in another order and a seeding result corrected
    afterwards, the bracket is the one drawn: round 2 as pair drew it is in the bracket. On main
    the seeds were read back from the tables' order, which put C02 v C07 in match 1's place
    and reported round 2's C01 v C04 as not in the bracket."""
    prelim = ("  - id: prelim\n    name: 预赛\n    format: matches\n    rank_by: [wins, lot]\n"
              "    lots: [" + ", ".join(f"C{i:02d}" for i in range(1, 17)) + "]\n    advance: {count: 8, to: ko}\n")
    played = [table(i, f"C{i:02d}", f"C{17 - i:02d}", "K, 2") for i in range(1, 9)]  # C01–C08 win
    root = event(tmp_path, 16, prelim + KO + "    seeding: {from: prelim}\n",
                 {"prelim.yaml": results_file("prelim", 1, *played)})
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    path = root / "events/cup/results/round-1.yaml"
    first = path.read_text(encoding="utf-8")
    assert "\nseeds: [C01, C02, C03, C04, C05, C06, C07, C08]\n" in first
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", first) == [("C01", "C08"), ("C04", "C05"), ("C02", "C07"),
                                                                 ("C03", "C06")]
    fill(root, 1, ["K, 2"] * 4)  # the higher seeds win
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    second = (root / "events/cup/results/round-2.yaml").read_text(encoding="utf-8")
    assert re.findall(r"home: (C\d+)\n    away: (C\d+)", second) == [("C01", "C04"), ("C02", "C03")]
    # The secretary retypes round 1 with the hall's table order, and prelim's C08 v C09 turns round.
    head, tables = first.split("tables:\n")
    path.write_text(head + "tables:\n" + "".join(table(n, a, b, "K, 2") for n, (a, b) in enumerate(
        [("C02", "C07"), ("C01", "C08"), ("C03", "C06"), ("C04", "C05")], 1)), encoding="utf-8")
    prelim_file = root / "events/cup/results/prelim.yaml"
    prelim_file.write_text(prelim_file.read_text(encoding="utf-8").replace(
        "home: C08\n    away: C09\n    cards: [K, 2]", "home: C08\n    away: C09\n    cards: [2, K]"), encoding="utf-8")
    result, warnings = run(root)  # no knockout-not-in-bracket
    ko = result.stage_of("ko")
    assert ko.bracket.seeds == [f"C{i:02d}" for i in range(1, 9)]
    assert [m.sides for m in ko.bracket.round_matches(2)] == [["C01", "C04"], ["C02", "C03"]]
    (changed,) = [w for w in warnings if w.code == "knockout-seeding-changed"]
    assert "C08, C09" in changed.message("zh-Hans") and changed.mark.line == first.splitlines().index(
        "seeds: [C01, C02, C03, C04, C05, C06, C07, C08]") + 1
    # seeds naming no entry, or one twice, are errors at the id; seeds of another count are not used
    path.write_text(path.read_text(encoding="utf-8").replace("seeds: [C01, C02,", "seeds: [C01, C99,"), encoding="utf-8")
    assert errors(root) == ["round-seeds-unknown"]
    path.write_text(path.read_text(encoding="utf-8").replace("seeds: [C01, C99,", "seeds: [C01, C01,"), encoding="utf-8")
    assert errors(root) == ["round-seeds-duplicate"]
    path.write_text(path.read_text(encoding="utf-8").replace("seeds: [C01, C01,", "seeds: [C01,"), encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:  # 7 seeds for 8: the tables' order is read, as without seeds
        validate(root)
    assert {"round-seeds-field", "knockout-not-in-bracket"} <= {p.code for p in failure.value.problems}


# --- the event in progress, the pages, the bulletin ----------------------------------------------------


def render(root: Path, out: Path) -> tuple[object, Path]:
    from generator.render.html import render_site
    from generator.render.output import OutputTree

    site, results, _ = validate(root)
    out.mkdir(parents=True)
    render_site(site, results, {}, OutputTree(out), workers=1)
    return results[0], out


def test_in_progress_the_bracket_names_no_champion(high_card: Game, tmp_path: Path) -> None:
    files = semis_and_final(None)
    files["ko-round-1.yaml"] = results_file("ko", 1, table(1, "C06", "C01", "K, 2"), table(2, "C02", "C05"))
    result, out = render(event(tmp_path, 8, SEEDED, files), tmp_path / "out")
    assert result.status == "in_progress"
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert "第 2 场胜者" in page  # the final: C06 against the winner of the semi-final not played yet
    assert "冠军：" not in page and "比赛进行中：全部比赛结束后公布冠军和名次" in page
    assert "淘汰赛办法" in page and "半决赛的负者并列第 3 名" in page and "由裁判判定" in page
    # how seeds tied in prelim are ordered, and withdrawals (the rule's words)
    assert "名次相同的参赛单位（如并列第 3 名）按该阶段名次表上的先后（即编号顺序）排种子" in page
    assert "赛前退赛的参赛单位不排种子、不进入对阵图" in page
    archive = (out / "index.html").read_text(encoding="utf-8")
    assert "冠军" not in archive
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    ko = data["stages"][1]
    assert ko["status"] == "in_progress" and ko["standings"] == [] and ko["bracket"]["champion"] is None
    # the final not decided yet: `pending`, as a table's, so its winner null is read as no result yet
    assert ko["bracket"]["matches"][2] == {"match": 3, "round": 2, "kind": "final", "sides": ["C06", {"winner_of": 2}],
                                           "table": None, "winner": None, "pending": True}
    assert [(m["winner"], m["pending"]) for m in ko["bracket"]["matches"] if m["winner"] is not None] \
        == [(m["winner"], False) for m in ko["bracket"]["matches"] if m["winner"] is not None] != []


def test_the_finished_bracket_on_its_page_in_results_and_as_a_bulletin(high_card: Game, tmp_path: Path) -> None:
    from generator.render.bulletins import bulletins_for

    result, out = render(event(tmp_path, 8, SEEDED, semis_and_final("2, 9")), tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert '<p class="ko-champion"><strong>冠军：</strong><a href="../../../events/cup/entries/C05/index.html">C05</a>' in page
    assert '<h3 id="ko-round-2">第 2 轮 · 决赛</h3>' in page and "淘汰赛 · 名次" in page
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    ko = data["stages"][1]
    assert ko["bracket"]["champion"] == "C05" and ko["standings"][0]["prize"] == "冠军"
    assert [s["rank"] for s in ko["standings"]] == [1, 2, 3, 3]
    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}
    bracket = printed["bracket-ko"]
    assert bracket.title == "淘汰赛杯淘汰赛对阵图"
    assert bracket.rows[2] == ["3", "第 2 轮 决赛", "C06 选手6甲 / 选手6乙（1 号种子）", "C05 选手5甲 / 选手5乙（3 号种子）", "2", "C05"]
    assert "冠军：C05" in bracket.text
    assert [row[0] for row in printed["prizes"].rows] == ["冠军", "亚军", "季军", "季军"]
    # in English, before the final: the final's sides as "winner of match N"
    result, _ = run(event(tmp_path / "en", 8, SEEDED, {"round-1.yaml": PRELIM_RESULTS}))
    rows = {b.name: b for b in bulletins_for(result, "en")}["bracket-ko"].rows
    assert rows[2][2:4] == ["winner of match 1", "winner of match 2"] and rows[2][1] == "Round 2 Final"


@pytest.mark.parametrize("locale, heading", [("zh-Hans", "第 2 轮 · 决赛、三四名决赛"), ("zh-Hant", "第 2 輪 · 決賽、三四名決賽"),
                                             ("en", "Round 2 · Final, Third-place play-off")])
def test_the_brackets_last_round_is_headed_by_both_its_matches(high_card: Game, tmp_path: Path, locale: str,
                                                             heading: str) -> None:
    """A bracket with a third-place play-off plays it in the final's round: the stage page headed
    that round 第 2 轮 · 决赛, over two matches one of which is no final (the draw notice names
    it 决赛和三四名决赛). Both are named, in each locale's words; a round of one kind keeps its one."""
    root = event(tmp_path, 4, KO + "    third_place: true\n")
    (root / "site.yaml").write_text(f"title: 测试\nlocale: {locale}\n", encoding="utf-8")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["K, 9", "K, 9"])
    _, out = render(root, tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert f'<h3 id="ko-round-2">{heading}</h3>' in page
    assert re.search(r'<h3 id="ko-round-1">[^<]*</h3>', page).group(0).count("·") == 1


def test_a_finished_knockout_ranks_by_its_bracket_in_words_too(high_card: Game, tmp_path: Path) -> None:
    """The placings follow the bracket, not the summed figures: the event page's final ranking,
    the stage page and the printed standings say so, with no "after round N" (the stage is over),
    and do not claim a ranking by its points (C02, 4th, won more than C01, 3rd)."""
    from generator.render.bulletins import bulletins_for

    stages = SEEDED.replace("    seeding:", "    third_place: true\n    seeding:")
    result, out = render(event(tmp_path, 8, stages, semis_and_final("2, 9", third="Q, J")), tmp_path / "out")
    event_page = (out / "events/cup/index.html").read_text(encoding="utf-8")
    assert "<caption>淘汰赛 · 名次</caption>" in event_page and "第 2 轮后" not in event_page
    stage_page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert '<span class="status complete">已结束</span></p>' in stage_page and "第 2 轮后" not in stage_page
    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}["standings-ko"]
    assert printed.title == "淘汰赛杯淘汰赛名次"
    assert printed.text.startswith("按淘汰赛结果排名（不按积分）。两场半决赛的负者进行三四名决赛，胜者第 3 名")
    assert "表中的胜场是本阶段各场的合计，只供参考，不是排名依据。" in printed.text
    assert "按胜场" not in printed.text and "轮后" not in printed.title + printed.text
    assert [row[:2] for row in printed.rows] == [["1", "C05"], ["2", "C06"], ["3", "C01"], ["4", "C02"]]
    english = {b.name: b for b in bulletins_for(result, "en")}["standings-ko"]
    assert english.text.startswith("Ranked by the knockout's results, not by points. The two semi-final losers")
    # the qualifying stage keeps its words: after its last round, by its rank_by
    prelim = {b.name: b for b in bulletins_for(result, "zh-Hans")}["standings-prelim"]
    assert prelim.text.startswith("按胜场")


def test_the_placings_text_names_the_rounds_the_bracket_has(high_card: Game, tmp_path: Path) -> None:
    """The places of the rounds before the semi-finals follow the bracket played: a bracket of 4
    has none (on main it said "16 强赛负者并列第 9 名" for any bracket), the stage page and the
    printed placings say it in the same words (one source, knockout_words.ranking_rule), and
    English sentences are run on by the catalogue's `two_sentences`, not by a test of the locale."""
    from types import SimpleNamespace

    from generator.render.bulletins import bulletins_for

    stages = SEEDED.replace("    seeding:", "    third_place: true\n    seeding:")
    result, out = render(event(tmp_path, 8, stages, semis_and_final("2, 9", third="Q, J")), tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    places = "名次：决赛胜者第 1 名（冠军），负者第 2 名。奖项按名次颁发。"
    assert f"<li>{places}</li>" in page and "16 强" not in page and "四分之一" not in page
    printed = {b.name: b for b in bulletins_for(result, "zh-Hans")}["standings-ko"].text
    assert f"负者第 4 名。{places}表中的胜场" in printed and "16 强" not in printed
    english = {b.name: b for b in bulletins_for(result, "en")}["standings-ko"].text
    assert "the loser 4th. Placings: the final's winner is 1st (the champion), its loser 2nd. Prizes go" in english

    from generator.render.i18n import Translator
    from generator.render.knockout_words import ranking_rule

    def said(entries: int, locale: str = "zh-Hans") -> str:
        bracket = make_bracket(entries, [f"C{i:02d}" for i in range(1, entries + 1)], third_place=False)
        return ranking_rule(Translator(locale), None, SimpleNamespace(knockout=None), bracket)[-1]

    assert said(8).endswith("；更早出局的排在走得更远的各队之后（四分之一决赛负者并列第 5 名）。奖项按名次颁发。")
    assert "（四分之一决赛负者并列第 5 名、16 强赛负者并列第 9 名）" in said(12)
    # 5 entries: one quarter-final (seeds 4 and 5), its loser alone 5th; 17: one match in the round of 32
    assert "（四分之一决赛负者第 5 名）" in said(5)
    assert "（四分之一决赛负者并列第 5 名、16 强赛负者并列第 9 名、32 强赛负者第 17 名）" in said(17)
    assert "(out in the quarter-finals: 5=, out in the round of 16: 9=)" in said(16, "en")
    assert said(2) == "名次：决赛胜者第 1 名（冠军），负者第 2 名。奖项按名次颁发。"


def test_the_bracket_links_each_table_on_its_page_of_a_paginated_round(high_card: Game, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1 of eight entries has four tables; two a page (PAGE_TABLES lowered, as 64 tables of
    a 128-entry knockout are past the real one): tables 3 and 4 are on page 2, and the bracket,
    like the entry pages, links them there."""
    from generator.render import html

    monkeypatch.setattr(html, "PAGE_TABLES", 2)
    root = event(tmp_path, 8, KO)
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["K, 9", "K, 9", "K, 9", "K, 9"])
    _, out = render(root, tmp_path / "out")
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    links = dict((int(n), url) for url, n in re.findall(r'<a href="([^"]+)">第 (\d+) 桌</a>', page))
    assert links == {1: "../../../events/cup/ko/round-1/index.html#table-1",
                     2: "../../../events/cup/ko/round-1/index.html#table-2",
                     3: "../../../events/cup/ko/round-1/page-2/index.html#table-3",
                     4: "../../../events/cup/ko/round-1/page-2/index.html#table-4"}
    assert 'id="table-3"' in (out / "events/cup/ko/round-1/page-2/index.html").read_text(encoding="utf-8")
    # table 3 (C02 – C07) from C07's entry page, and the same link without render_event's pages
    entry = (out / "events/cup/entries/C07/index.html").read_text(encoding="utf-8")
    assert "../../../events/cup/ko/round-1/page-2/index.html#table-3" in entry
    result, _ = run(root)
    assert html.table_url(result.event, result.stage_of("ko"), 1, 3) == "events/cup/ko/round-1/page-2/index.html#table-3"


# --- the bracket page on a phone ----------------------------------------------------------------------


@pytest.mark.slow
def test_the_bracket_page_at_phone_width(high_card: Game, tmp_path: Path, browser) -> None:
    """A twelve-entry bracket in progress and an eight-entry one finished, at 390 and 320 px: the
    page never scrolls sideways, nothing under 14 px, and axe-core finds nothing serious."""
    from test_browser import served
    from test_phone import page_problems

    twelve = tmp_path / "twelve"
    twelve.mkdir()
    root = event(twelve, 12, KO + "    third_place: true\n")
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    fill(root, 1, ["K, 9", "3, A", "7, 7", "Q, 2"], {"away: C10": "winner: C10"})
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    render(root, tmp_path / "site/twelve")
    render(event(tmp_path / "eight", 8, SEEDED, semis_and_final("2, 9")), tmp_path / "site/eight")
    problems = []
    with served(tmp_path / "site") as base:
        for width in (390, 320):
            tab = browser.new_page(viewport={"width": width, "height": 844})
            for site in ("twelve", "eight"):
                tab.goto(f"{base}{site}/events/cup/ko/index.html")
                problems += page_problems(tab, f"{site} {width}px")
                # the rounds one under another: each round's box fits the screen
                boxes = tab.eval_on_selector_all(".ko-round", "els => els.map(e => e.getBoundingClientRect().right)")
                assert boxes and max(boxes) <= width, (site, width, boxes)
            tab.close()
    assert problems == [], "\n".join(problems)


# --- then: the places after the bracket's, from the qualifying stage ------------------------------


SWISS8 = ("  - id: swiss\n    name: 瑞士移位赛\n    format: swiss\n    rounds: 3\n    rank_by: [wins, lot]\n"
          "    lots: [C01, C02, C03, C04, C05, C06, C07, C08]\n    advance: {count: 4, to: ko}\n")
TOP8 = ("    prizes:\n      - {name: 冠军, count: 1}\n      - {name: 亚军, count: 1}\n      - {name: 季军, count: 1}\n"
        "      - {name: 优胜奖, count: 5}\n")
THEN = SWISS8 + KO + "    third_place: true\n    seeding: {from: swiss}\n    then: swiss\n" + TOP8


def swiss_and_knockout(third: bool = True) -> dict[str, str]:
    """A Swiss of 8 (the first side wins every table): C01 3 wins; C02, C04, C08 2; C03, C05, C07
    1; C06 0; the lots in id order: the Swiss ranks C01 C02 C04 C08 C03 C05 C07 C06. The
    knockout of its top 4: C08 beats C01 and C02 beats C04; C02 wins the final, C04 the
    play-off for third (when `third`)."""
    won = "K, 2"
    draws = [[("C01", "C08"), ("C02", "C07"), ("C03", "C06"), ("C04", "C05")],
             [("C01", "C04"), ("C02", "C03"), ("C08", "C05"), ("C07", "C06")],
             [("C01", "C02"), ("C04", "C03"), ("C08", "C07"), ("C05", "C06")]]
    files = {f"round-{n}.yaml": results_file("swiss", n, *[table(i, a, b, won) for i, (a, b) in enumerate(tables, 1)])
             for n, tables in enumerate(draws, 1)}
    files["ko-round-1.yaml"] = results_file("ko", 1, table(1, "C01", "C08", "2, K"), table(2, "C02", "C04", won))
    final = [table(1, "C01", "C04", "2, K")] if third else []
    files["ko-round-2.yaml"] = results_file("ko", 2, *final, table(2, "C08", "C02", "2, K"))
    return files


def test_then_places_the_rest_after_the_bracket_in_the_qualifying_order(high_card: Game, tmp_path: Path) -> None:
    """前八名: the bracket decides 1–4, the Swiss's order 5–8 (`then: swiss`), and the final
    ranking, the prizes by place, results.json, the prize list and the players' pages follow.
    Without `then:` the final ranking stopped at 4 and 优胜奖 went to C01 alone."""
    root = event(tmp_path, 8, THEN, swiss_and_knockout())
    result, warnings = run(root)
    assert not warnings
    ko = result.stage_of("ko")
    assert result.status == "complete"
    assert [(s.rank_label, s.entry.id, s.prize.name, s.placed_by) for s in ko.standings] == [
        ("1", "C02", "冠军", None), ("2", "C08", "亚军", None), ("3", "C04", "季军", None), ("4", "C01", "优胜奖", None),
        ("5", "C03", "优胜奖", "swiss"), ("6", "C05", "优胜奖", "swiss"), ("7", "C07", "优胜奖", "swiss"),
        ("8", "C06", "优胜奖", "swiss")]
    # the Swiss's own standings are as they were
    assert [(s.rank, s.entry.id, s.placed_by) for s in result.stage_of("swiss").standings][4:] == [
        (5, "C03", None), (6, "C05", None), (7, "C07", None), (8, "C06", None)]

    from generator.build import build
    out = tmp_path / "out"
    build(root, out)
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    standings = data["stages"][1]["standings"]
    assert [(s["rank"], s["entry"], s["prize"], s.get("placed_by")) for s in standings] == [
        (1, "C02", "冠军", None), (2, "C08", "亚军", None), (3, "C04", "季军", None), (4, "C01", "优胜奖", None),
        (5, "C03", "优胜奖", "swiss"), (6, "C05", "优胜奖", "swiss"), (7, "C07", "优胜奖", "swiss"),
        (8, "C06", "优胜奖", "swiss")]
    assert "placed_by" not in data["stages"][0]["standings"][0]  # only where a place comes from another stage
    from generator.interchange.spreadsheet import csv_texts
    lines = csv_texts(result)["ko"].splitlines()
    assert lines[0].endswith(",prize,placed_by") and lines[5].endswith(",优胜奖,swiss") and lines[1].endswith(",冠军,")
    prizes = subprocess.run(["pdftotext", "-layout", str(out / "events/cup/bulletins/prizes.pdf"), "-"],
                            capture_output=True, check=True, text=True).stdout
    assert [re.search(r"C0\d", line).group() for line in prizes.splitlines() if re.search(r"\bC0\d\b", line)] == [
        "C02", "C08", "C04", "C01", "C03", "C05", "C07", "C06"]
    page = (out / "events/cup/index.html").read_text(encoding="utf-8")
    final = page[page.index('id="final-ranking"'):]
    assert [m for m in re.findall(r"entries/(C0\d)/", final)][:8] == ["C02", "C08", "C04", "C01", "C03", "C05", "C07", "C06"]
    assert final.count("按瑞士移位赛名次") == 4
    stage_page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert "淘汰赛名次之后，第 5 名起按瑞士移位赛的名次接续" in stage_page
    standings_pdf = subprocess.run(["pdftotext", "-layout", str(out / "events/cup/bulletins/standings-ko.pdf"), "-"],
                                   capture_output=True, check=True, text=True).stdout
    assert "按瑞士移位赛名次" in standings_pdf and "第 5 名起按瑞士移位赛的名次接续" in standings_pdf.replace("\n", "")
    entry_page = (out / "events/cup/entries/C03/index.html").read_text(encoding="utf-8")
    assert re.search(r"淘汰赛 · <a href=\"[^\"]*/ko/index.html#entry-C03\">名次 5</a> · 按瑞士移位赛名次 · 优胜奖</h2>", entry_page), entry_page
    # a Swiss-only player's place in the event is 5, final: not the Swiss's "瑞士移位赛 5"
    player = next(p.read_text(encoding="utf-8") for p in (out / "players").glob("*/index.html")
                  if "<h1>选手3甲" in p.read_text(encoding="utf-8"))
    # (the place the link to its row, the stage's name beside it: the player page's place link)
    assert "最终名次" in player and re.search(r">淘汰赛</span> <a href=\"[^\"]*/ko/index.html#entry-C03\" aria-label=\"淘汰赛排名：第 5 名\">5</a>", player)
    # how the place was decided: by the Swiss's ranking, not the bracket (main said nothing)
    assert re.search(r">淘汰赛</span> <a [^>]*>5</a> · 按瑞士移位赛名次", player)


def test_then_gives_no_place_before_the_knockout_is_over(high_card: Game, tmp_path: Path) -> None:
    """event-day.md: no final places while the event runs. The final in, the play-off for third
    not: the knockout has no standings, nobody is placed 5–8, nobody has a prize."""
    result, _ = run(event(tmp_path, 8, THEN, swiss_and_knockout(third=False)))
    ko = result.stage_of("ko")
    assert result.status == "in_progress" and ko.standings == []
    assert all(s.placed_by is None and s.prize is None for st in result.stages for s in st.standings)


def test_a_qualifier_withdrawn_before_the_knockout_is_placed_after_those_that_played_on(high_card: Game,
                                                                                          tmp_path: Path) -> None:
    """C06 withdrew before the event (its Swiss table its forfeit) yet ranks 3rd by lot; withdrawn,
    it does not qualify (it took a place and left the bracket one short, 3), C02, 5th, does.
    `then: swiss` places the rest in the Swiss order, those who withdrew after those who did
    not: C06 is 8th, not 5th straight after the bracket, ahead of three entries that played the
    event out."""
    swiss = ("  - id: swiss\n    name: 瑞士移位赛\n    format: swiss\n    rounds: 1\n    rank_by: [wins, lot]\n"
             "    lots: [C08, C06, C01, C02, C03, C04, C05, C07]\n    advance: {count: 4, to: ko}\n")
    files = {"round-1.yaml": results_file("swiss", 1, table(1, "C01", "C02", "7, 7"), table(2, "C03", "C04", "7, 7"),
                                          table(3, "C05", "C08", "7, 7"), table(4, "C06", "C07", extra="    forfeit: C06\n")),
             "ko-round-1.yaml": results_file("ko", 1, table(1, "C07", "C02", "K, 2"), table(2, "C08", "C01", "K, 2")),
             "ko-round-2.yaml": results_file("ko", 2, table(1, "C07", "C08", "K, 2"))}
    root = event(tmp_path, 8, swiss + KO + "    seeding: {from: swiss}\n    then: swiss\n" + TOP8, files)
    withdraw(root, "C06", "true")
    result, _ = run(root)
    assert [(s.rank, s.entry.id, s.qualified) for s in result.stage_of("swiss").standings][:4] == [
        (1, "C07", True), (2, "C08", True), (3, "C06", False), (4, "C01", True)]  # the Swiss's own ranking stands
    assert result.stage_of("ko").bracket.seeds == ["C07", "C08", "C01", "C02"]
    assert [(s.rank_label, s.entry.id) for s in result.stage_of("ko").standings] == [
        ("1", "C07"), ("2", "C08"), ("3=", "C01"), ("3=", "C02"), ("5", "C03"), ("6", "C04"), ("7", "C05"), ("8", "C06")]


def test_a_then_stage_not_over_when_the_knockout_is_places_nobody_and_says_so(high_card: Game, tmp_path: Path) -> None:
    """The knockout seeded by a list is over, the Swiss named by `then:` is not (round 2 of 2 to
    come): no place after the bracket's yet, and a warning says why (main said nothing)."""
    swiss = "  - id: swiss\n    name: 瑞士移位赛\n    format: swiss\n    rounds: 2\n    rank_by: [wins]\n"
    files = {"round-1.yaml": results_file("swiss", 1, table(1, "C01", "C02", "K, 2"), table(2, "C03", "C04", "K, 2")),
             "ko-round-1.yaml": results_file("ko", 1, table(1, "C01", "C02", "K, 2"))}
    root = event(tmp_path, 4, swiss + KO + "    seeding: [C01, C02]\n    then: swiss\n", files)
    result, warnings = run(root)
    ko = result.stage_of("ko")
    assert ko.status == "complete" and [s.entry.id for s in ko.standings] == ["C01", "C02"]
    (waiting,) = [w for w in warnings if w.code == "knockout-then-incomplete"]
    assert waiting.message("zh-Hans") == "淘汰赛 ko 已结束，但 then: 指定的阶段 swiss 尚未结束：第 3 名起的名次要等 swiss 结束后才排出"
    written = (root / "events/cup/event.yaml").read_text(encoding="utf-8").splitlines()
    assert waiting.mark.line == written.index("    then: swiss") + 1


def test_then_with_places_stops_the_final_ranking_there(high_card: Game, tmp_path: Path) -> None:
    """`places: 6` (录取前六名): the Swiss's order adds 5 and 6 only."""
    result, _ = run(event(tmp_path, 8, THEN.replace("    then: swiss\n", "    then: swiss\n    places: 6\n"),
                          swiss_and_knockout()))
    ko = result.stage_of("ko")
    assert [(s.rank, s.entry.id) for s in ko.standings if s.placed_by] == [(5, "C03"), (6, "C05")]
    assert [s.entry.id for st in result.stages for s in st.standings if s.prize and st.stage.id == "ko"] == [
        "C02", "C08", "C04", "C01", "C03", "C05"]


def test_entries_equal_in_the_qualifying_stage_share_their_place_after_the_bracket(high_card: Game,
                                                                                     tmp_path: Path) -> None:
    """No lot: C03, C05 and C07 (1 win each) share 5th in the Swiss and 5= after the bracket, C06
    is 8th; `places: 6` keeps all three sharing 5= (a cut never splits equals) and not C06."""
    stages = THEN.replace("rank_by: [wins, lot]", "rank_by: [wins]")
    result, _ = run(event(tmp_path, 8, stages, swiss_and_knockout()))
    assert [(s.rank_label, s.entry.id) for s in result.stage_of("ko").standings][4:] == [
        ("5=", "C03"), ("5=", "C05"), ("5=", "C07"), ("8", "C06")]
    result, _ = run(event(tmp_path / "six", 8, stages.replace("    then: swiss\n", "    then: swiss\n    places: 6\n"),
                          swiss_and_knockout()))
    assert [(s.rank_label, s.entry.id) for s in result.stage_of("ko").standings][4:] == [
        ("5=", "C03"), ("5=", "C05"), ("5=", "C07")]


def test_then_is_checked(high_card: Game, tmp_path: Path) -> None:
    """An unknown stage (with its line and a did-you-mean), a stage after the knockout, `then:`
    on a stage that is no knockout, `places:` without `then:`: each an error."""
    def problems(stages: str, name: str) -> list:
        with pytest.raises(ContentErrors) as failure:
            validate(event(tmp_path / name, 8, stages))
        return [p for p in failure.value.problems if not p.warning]

    (unknown,) = problems(THEN.replace("then: swiss", "then: swis"), "unknown")
    written = (tmp_path / "unknown/content/events/cup/event.yaml").read_text(encoding="utf-8").splitlines()
    assert unknown.code == "stage-unknown" and (unknown.mark.file.name, unknown.mark.line) == (
        "event.yaml", written.index("    then: swis") + 1)
    assert "swiss" in unknown.message("zh-Hans")
    (later,) = problems(THEN.replace("then: swiss", "then: ko"), "later")
    assert later.code == "knockout-then-order"
    (unused,) = problems(SWISS8.replace("    advance: {count: 4, to: ko}\n", "    then: swiss\n"), "unused")
    assert unused.code == "knockout-key-unused" and "then" in unused.message("zh-Hans")
    (alone,) = problems(THEN.replace("    then: swiss\n", "    places: 8\n"), "alone")
    assert alone.code == "knockout-places-without-then"


def test_a_knockout_not_started_does_not_say_it_is_in_progress(high_card: Game, tmp_path: Path) -> None:
    """Round 1 drawn, no result: the status line says 未开始 and the bracket box said "比赛进行中：
    全部比赛结束后公布冠军和名次。" beside it. It says when the champion is announced, not that
    play is under way; once a match has a result, both say it is."""
    from generator.build import build

    root = event(tmp_path, 4, KO)
    assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
    said = {}
    for step in ("drawn", "one result"):
        if step == "one result":
            fill(root, 1, ["A, 2"])
        out = tmp_path / step
        build(root, out, bulletins=False)
        page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
        said[step] = ("全部比赛结束后公布冠军和名次" in page, "比赛进行中" in page)
    assert said == {"drawn": (True, False), "one result": (True, True)}


def played_with_withdrawals(tmp_path: Path, count: int, third: bool, round_one: list[str],
                            withdrawn: dict[str, str]) -> object:
    """`count` entries with prizes by place (and a third-place match when `third`), `withdrawn`
    (entry -> its `withdrawn:`), each round drawn by pair and played by its tables' cards, first
    `round_one`'s, then every later table won by its home side, until the bracket is over."""
    root = event(tmp_path, count, KO + ("    third_place: true\n" if third else "") + PRIZES)
    for entry, when in withdrawn.items():
        withdraw(root, entry, when)
    for number in range(1, 6):
        result, _ = run(root)
        if result.stage_of("ko").status == "complete":
            return result
        assert main(["pair", "cup", "ko", "--content", str(root)]) == 0
        drawn = (root / f"events/cup/results/round-{number}.yaml").read_text(encoding="utf-8")
        fill(root, number, round_one if number == 1 else ["K, 9"] * drawn.count("# cards: [K, 9]"))
    raise AssertionError("the bracket did not finish")


# (entries, third-place match, round 1's cards, withdrawn, the prize list's places said empty,
# the placings' sentences on the void matches of the final rounds)
VOIDS_AND_WALKOVERS = [
    # a void semi-final beside a third-place match: its sides share 4th; the other semi's loser
    # is 3rd by walkover, and nobody is 2nd (the final a walkover): 4th is not empty
    (8, True, ["K, 9"] * 4, {"C02": "2", "C03": "2"}, [2], ["第 6 场（半决赛）双方均已退赛，未赛：双方并列第 4 名。"]),
    # both semi-finals void: nobody plays the final or the third-place match; all four share 4th
    (8, True, ["K, 9"] * 4, {"C01": "2", "C04": "2", "C02": "2", "C03": "2"}, [1, 2, 3],
     ["第 5 场（半决赛）双方均已退赛，未赛：双方并列第 4 名。", "第 6 场（半决赛）双方均已退赛，未赛：双方并列第 4 名。",
      "第 7 场（三四名决赛）双方空缺，未赛：第 3 名空缺。", "第 8 场（决赛）双方空缺，未赛：第 1、2 名空缺。"]),
    # a void semi-final, then the other's winner withdrawn before the final: nobody 1st
    (8, True, ["K, 9"] * 4, {"C02": "2", "C03": "2", "C01": "3"}, [1],
     ["第 6 场（半决赛）双方均已退赛，未赛：双方并列第 4 名。", "第 8 场（决赛）未赛：C01 已退赛，对方空缺；C01 第 2 名，第 1 名空缺。"]),
    # a void semi-final without a third-place match: its sides share 3rd with the other's loser
    (8, False, ["K, 9"] * 4, {"C02": "2", "C03": "2"}, [2], []),
    # a void quarter-final (9 entries: C04 and C05 have byes into it): its semi-final a walkover,
    # so the third-place match too: nobody is 4th
    (9, True, ["K, 9"], {"C04": "2", "C05": "2"}, [4], []),
    # a void final (4 entries): both finalists 2=, nobody 1st
    (4, True, ["K, 9"] * 2, {"C01": "2", "C02": "2"}, [1], ["第 4 场（决赛）双方均已退赛，未赛：双方并列第 2 名，第 1 名空缺。"]),
    # a void third-place match: both 4=, nobody 3rd
    (4, True, ["K, 9"] * 2, {"C03": "2", "C04": "2"}, [3],
     ["第 3 场（三四名决赛）双方均已退赛，未赛：双方并列第 4 名，第 3 名空缺。"]),
]


@pytest.mark.parametrize("count, third, round_one, withdrawn, empty, sentences", VOIDS_AND_WALKOVERS)
def test_the_prize_list_says_empty_only_a_place_nobody_holds(high_card: Game, tmp_path: Path, count: int,
                                                             third: bool, round_one: list[str],
                                                             withdrawn: dict[str, str], empty: list[int],
                                                             sentences: list[str]) -> None:
    """The prize list keeps an empty row for a final's or a third-place match's place nobody
    holds (Bracket.empty_places). A void semi-final beside a third-place match places its sides
    4th (void_place), yet the third-place match's walkover left 4th said empty too: the list
    read 季军 4= 空缺（C02 退赛）twice, then 季军 4 空缺（第 7 场未赛）, against standings of
    one 4th place. Over each void and walkover combination: a place said empty is one no
    standing holds, and each place of the final and the third-place match is held or said empty;
    the placings' sentences say the same (a final nobody reached was "both sides share 2nd")."""
    from generator.render.bulletins import bulletins_for

    result = played_with_withdrawals(tmp_path, count, third, round_one, withdrawn)
    ko = result.stage_of("ko")
    held = {s.rank for s in ko.standings if s.rank is not None}
    prizes = {b.name: b for b in bulletins_for(result, "zh-Hans")}["prizes"]
    said_empty = [int(row[1]) for row in prizes.rows if row[3].startswith("空缺（第")]
    assert sorted(said_empty) == sorted(empty)
    assert not held & set(said_empty), ([(s.rank_label, s.entry.id) for s in ko.standings], prizes.rows)
    assert set(range(1, 5 if ko.bracket.third_place else 3)) <= held | set(said_empty)
    rule = {b.name: b for b in bulletins_for(result, "zh-Hans")}["standings-ko"].text
    assert re.findall(r"第 \d 场（[^）]+）[^。]*未赛[^。]*。", rule) == sentences


def quarter_finals_played_through(qf1: str = "K, 2", sf1: str = "K, 2") -> dict[str, str]:
    """A knockout of eight (C01 … C08 seeded in order) with a third-place play-off, every round
    drawn and played, the first side at each table winning: C01, C04, C02, C03 through the
    quarter-finals, C01 and C02 through the semi-finals, C01 the champion, C04 third. `qf1`,
    `sf1`: the cards of the first quarter-final (C01 – C08) and semi-final (C01 – C04)."""
    return {"round-1.yaml": results_file("ko", 1, table(1, "C01", "C08", qf1), table(2, "C04", "C05", "K, 2"),
                                         table(3, "C02", "C07", "K, 2"), table(4, "C03", "C06", "K, 2")),
            "round-2.yaml": results_file("ko", 2, table(1, "C01", "C04", sf1), table(2, "C02", "C03", "K, 2")),
            # (the play-off first, as pair draws it)
            "round-3.yaml": results_file("ko", 3, table(1, "C04", "C03", "K, 2"), table(2, "C01", "C02", "K, 2"))}


def test_a_quarter_final_corrected_after_the_semi_finals_were_drawn_says_which_files_to_redraw(
        high_card: Game, tmp_path: Path) -> None:
    """rev60: the secretary corrects the first quarter-final (C08 now beats C01) once the final
    is played. On main check said knockout-not-in-bracket three times (the semi-final C01 – C04,
    the final and the play-off), its hint "paibang pair draws them" leading nowhere (pair never
    overwrites a round). Now one error names the semi-final drawn before the correction, whose
    place C08 now has, and the files to delete before drawing again; the final and the play-off,
    drawn from that semi-final, are that message's files, not three more errors."""
    stages = KO + "    third_place: true\n"
    result, _ = run(event(tmp_path / "before", 8, stages, quarter_finals_played_through()))
    assert result.stage_of("ko").bracket.champion == "C01"
    root = event(tmp_path, 8, stages, quarter_finals_played_through(qf1="2, K"))
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    problems = [p for p in failure.value.problems if not p.warning or p.code.startswith("knockout")]
    assert [p.code for p in problems] == ["knockout-drawn-before-correction"]
    (drawn,) = problems
    assert (drawn.mark.file.name, drawn.mark.line) == ("round-2.yaml", 4)
    assert drawn.message("zh-Hans") == ("第 2 轮第 1 桌（C01 – C04）是在第 1 轮第 1 桌（C01 – C08）的成绩更正之前编排的："
                                        "这一桌的 C01 的位置现在属于 C08")
    assert "删除 round-2.yaml, round-3.yaml，再用 paibang pair 从第 2 轮起重新编排" in drawn.hint("zh-Hans")
    assert "restore the result of round 1 table 1" in drawn.hint("en")
    # the semi-final corrected instead (C04 now beats C01): the final and the play-off were both
    # drawn before it, one with its winner's place, one with its loser's
    root = event(tmp_path / "semi", 8, stages, quarter_finals_played_through(sf1="2, K"))
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    problems = [p for p in failure.value.problems if not p.warning or p.code.startswith("knockout")]
    assert [(p.code, p.params["table"], p.params["drawn"], p.params["now"], p.params["files"]) for p in problems] == [
        ("knockout-drawn-before-correction", 1, "C04", "C01", "round-3.yaml"),
        ("knockout-drawn-before-correction", 2, "C01", "C04", "round-3.yaml")]
    # what the hint says, done: the files deleted, pair draws the semi-finals from the winners now
    for name in ("round-2.yaml", "round-3.yaml"):
        (tmp_path / "content/events/cup/results" / name).unlink()
    assert main(["pair", "cup", "ko", "--content", str(tmp_path / "content")]) == 0
    result, _ = run(tmp_path / "content")
    assert [m.sides for m in result.stage_of("ko").bracket.round_matches(2)] == [["C08", "C04"], ["C02", "C03"]]


@pytest.mark.parametrize(("qf1", "also"), [(None, []), ("K, K", ["knockout-tie"])], ids=["cleared", "tie"])
def test_a_quarter_final_undecided_after_the_semi_finals_were_drawn_is_said_as_that(
        high_card: Game, tmp_path: Path, qf1: str | None, also: list[str]) -> None:
    """rev61: the first quarter-final's result cleared, or made a tie, once the later rounds were
    drawn. check said knockout-not-in-bracket at the semi-final, its hint to draw with pair,
    which cannot draw while the quarter-final is undecided. Now one error at that semi-final
    says it was drawn on a result that has no winner now, its hint to restore the result or to
    delete the later rounds and draw once it has one; the final and play-off are its files."""
    root = event(tmp_path, 8, KO + "    third_place: true\n", quarter_finals_played_through(qf1=qf1))
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    problems = [p for p in failure.value.problems if not p.warning or p.code.startswith("knockout")]
    assert sorted(p.code for p in problems) == sorted(["knockout-drawn-before-undecided", *also])
    (drawn,) = [p for p in problems if p.code == "knockout-drawn-before-undecided"]
    assert (drawn.mark.file.name, drawn.mark.line) == ("round-2.yaml", 4)
    assert drawn.message("zh-Hans") == ("第 2 轮第 1 桌（C01 – C04）中 C01 的位置由第 1 轮第 1 桌（C01 – C08）的胜负决定，"
                                        "但那一桌现在没有胜者（成绩未填、已删去或为平局）")
    assert "删除 round-2.yaml, round-3.yaml，等它决出胜者后再用 paibang pair 从第 2 轮起编排" in drawn.hint("zh-Hans")
    assert "enter or restore its result at round 1 table 1" in drawn.hint("en")
