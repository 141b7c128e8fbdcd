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


def test_a_paginated_stage_says_each_row_its_lot_place_and_prints_no_list(tmp_path, monkeypatch):
    """A mass Swiss (5,000 teams, standings paginated): no 5,000-name list on the stage page; each
    standings row, on whichever page it is, says its place in the stage's lot order."""
    import generator.render.html as html_module

    monkeypatch.setattr(html_module, "PAGE_ROWS", 5)
    folder = played(tmp_path)
    _, results, _ = validate(folder.parents[1])
    lots = results[0].stages[0].lots
    site = build(folder, tmp_path) / "swiss"
    first, second = (site / "index.html").read_text(encoding="utf-8"), (site / "page-2" / "index.html").read_text(encoding="utf-8")
    assert 'class="lot-order"' not in first
    for page in (first, second):
        rows = re.findall(r'<tr id="entry-(T\d\d)".*?</tr>', page, re.S)
        assert len(rows) == 5
        for entry in rows:
            row = re.search(rf'<tr id="entry-{entry}".*?</tr>', page, re.S).group(0)
            assert f'<span class="lot-place">抽签第 {lots[entry]}</span>' in row


def test_the_round_file_says_ties_within_a_score_group_follow_the_stage_lot_order(tmp_path):
    folder = played(tmp_path, rounds=1)
    assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
    head = (folder / "results" / "round-2.yaml").read_text(encoding="utf-8").split("stage:")[0]
    assert "仍然相同的按本阶段的抽签顺序" in head


# --- 2. a late correction after the last round is still warned by check ------------------------


def test_a_correction_after_the_last_round_is_warned_by_check(tmp_path, capsys):
    folder = played(tmp_path)
    content = folder.parents[1]
    assert main(["check", "--content", str(content)]) == 0
    assert "draw-standings-changed" not in capsys.readouterr().err
    # the referee's late decision: round 1's table 1 the other way round
    path = folder / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"levels: \{(T\d\d): \"(\w+)\", (T\d\d): \"(\w+)\"\}", text)
    a, x, b, y = first.groups()
    assert x != y
    path.write_text(text.replace(first.group(0), f'levels: {{{a}: "{y}", {b}: "{x}"}}', 1), encoding="utf-8")
    assert main(["check", "--content", str(content)]) == 0
    err = capsys.readouterr().err
    assert "draw-standings-changed" in err and "编排所依据的成绩后来改了" in err
    # the stage page says it as before: a quiet note, in the past, no warning
    page = (build(folder, tmp_path) / "swiss" / "index.html").read_text(encoding="utf-8")
    assert '<p class="meta">附注：' in page and '<p class="warn">' not in page


# --- 3. a Swiss round's file written before the round it is drawn on is played -----------------


def test_a_round_written_before_the_round_before_is_played_is_said_so(tmp_path):
    folder = played(tmp_path, rounds=1)
    content = folder.parents[1]
    assert main(["pair", SLUG, "swiss", "--content", str(content)]) == 0  # round 2 drawn, not played
    # the secretary types the first results of the day into a round-3 file
    (folder / "results" / "round-3.yaml").write_text(
        'stage: swiss\nround: 3\ntables:\n  - table: 1\n    teams: [T01, T02]\n    levels: {T01: Q, T02: "9"}\n',
        encoding="utf-8")
    _, _, warnings = validate(content)
    said = {w.code: w for w in warnings}
    assert "swiss-round-before-played" in said, [w.code for w in warnings]
    text = said["swiss-round-before-played"].message("zh-Hans")
    assert "第 3 轮" in text and "第 2 轮还没有任何成绩" in text and "round-3.yaml" in str(said["swiss-round-before-played"])
    # not taken for a draw that left twelve teams out, whose hint would have them withdrawn
    assert "draw-entry-missing" not in said


def test_a_round_robin_entered_out_of_order_is_no_such_round(tmp_path):
    folder = event_folder(tmp_path, teams=4, rounds=3)
    text = (folder / "event.yaml").read_text(encoding="utf-8").replace("format: swiss", "format: round_robin")
    (folder / "event.yaml").write_text(text, encoding="utf-8")
    content = folder.parents[1]
    assert main(["pair", SLUG, "swiss", "--all", "--content", str(content)]) == 0
    fill(folder, 2)  # round 2 played first, round 1 still to play
    _, _, warnings = validate(content)
    assert "swiss-round-before-played" not in [w.code for w in warnings]


# --- 4. the ranking method says the stage's own match points ------------------------------------


def test_custom_match_points_are_said_as_the_stage_sets_them_not_as_the_national_rules(tmp_path):
    folder = event_folder(tmp_path, stage="    match_points: {win: 2, draw: 1, loss: 0}\n    draws: true\n"
                                           "    rank_by: [match_points, net_levels]\n", teams=4, rounds=1)
    assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
    fill(folder, 1)
    text = page_text(build(folder, tmp_path) / "swiss" / "index.html")
    method = text.split("排名方法")[1].split("对阵编排方法")[0]
    assert "每场按本阶段规程记场分：胜 2、平 1、负 0、弃权 0、轮空 2。" in method
    assert "全国" not in method and "胜 3" not in method
    assert "场分：每场胜 2、平 1、负 0，弃权方 0，轮空 2。" in method


def test_the_national_values_are_named_as_the_national_rules(tmp_path):
    folder = played(tmp_path, rounds=1)
    text = page_text(build(folder, tmp_path) / "swiss" / "index.html")
    assert "（全国竞技掼蛋竞赛规则：胜 3、平 2、负 1、弃权 0、轮空 3）" in text.split("排名方法")[1]


# --- 5. a penalty without its reason ----------------------------------------------------------------


def test_a_penalty_without_its_reason_is_warned_naming_the_table(tmp_path, capsys):
    folder = played(tmp_path, rounds=1)
    path = folder / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    table = re.search(r"  - table: 3\n    teams: \[(T\d\d), (T\d\d)\]\n", text)
    team = table.group(2)
    path.write_text(text.replace(table.group(0), table.group(0) + f"    penalties: [{{team: {team}, levels: 1}}]\n"),
                    encoding="utf-8")
    assert main(["check", "--content", str(folder.parents[1])]) == 0
    err = capsys.readouterr().err
    assert "guandan-penalty-no-reason" in err
    assert f"第 3 桌给 {team} 的罚级（1 级）没有写原因" in err and "reason" in err
    # with its reason, nothing to say
    path.write_text(text.replace(table.group(0), table.group(0) + f"    penalties: [{{team: {team}, levels: 1, reason: 迟到5分钟}}]\n"),
                    encoding="utf-8")
    assert main(["check", "--content", str(folder.parents[1])]) == 0
    assert "guandan-penalty-no-reason" not in capsys.readouterr().err


# --- 6. the round results sheet names each team ------------------------------------------------------


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout


def test_the_round_results_sheet_names_the_teams_as_the_draw_notice_does(tmp_path):
    folder = played(tmp_path, rounds=1)
    content = folder.parents[1]
    assert main(["pair", SLUG, "swiss", "--content", str(content)]) == 0  # round 2 drawn: round 1's sheet printed
    site = build(folder, tmp_path, pdf=True)
    sheet = next(site.rglob("round-swiss-1.pdf"))
    text = pdf_text(sheet)
    first = re.search(r"teams: \[(T\d\d), (T\d\d)\]", (folder / "results" / "round-1.yaml").read_text(encoding="utf-8"))
    for team in first.groups():
        number = team[1:]
        assert re.search(rf"{team}\s+队{number}", text), text  # its id, then its name, then its players
        assert f"甲{number}" in text


# --- 7. a tie that runs past a prize's count --------------------------------------------------------


PRIZES = "    prizes: [{name: 冠军, count: 1}, {name: 亚军, count: 1}]\n"


def four_first(tmp_path: Path, stage: str) -> Path:
    """8 teams, one round, every match K to 5: the four winners tie for first on everything."""
    folder = event_folder(tmp_path, stage=stage, teams=8, rounds=1)
    tables = "".join(f"  - table: {n}\n    teams: [T{2 * n - 1:02d}, T{2 * n:02d}]\n"
                     f"    levels: {{T{2 * n - 1:02d}: K, T{2 * n:02d}: \"5\"}}\n" for n in range(1, 5))
    (folder / "results" / "round-1.yaml").write_text(f"stage: swiss\nround: 1\ntables:\n{tables}", encoding="utf-8")
    return folder


def test_a_tie_past_a_prize_count_is_warned_naming_the_prize_and_the_fix(tmp_path):
    folder = four_first(tmp_path, "    profile: national\n" + PRIZES)
    _, results, warnings = validate(folder.parents[1])
    standings = results[0].stages[0].standings
    assert [s.prize.name for s in standings if s.prize] == ["冠军"] * 4  # as the rules share a place
    said = [w for w in warnings if w.code == "prize-tie-over-count"]
    assert len(said) == 1
    text = said[0].message("zh-Hans")
    assert "第 1 名并列（T01、T03、T05、T07）" in text and "冠军" in text and "只有 1 个" in text
    hint = said[0].hint("zh-Hans")
    assert "rank_by" in hint and "lots: [T01, T03, T05, T07]" in hint


def test_a_tie_broken_by_lot_gives_one_prize_and_no_warning(tmp_path):
    folder = four_first(tmp_path, "    profile: national\n    rank_by: [match_points, buchholz, wins, total_levels, lot]\n"
                                  + PRIZES)
    _, results, warnings = validate(folder.parents[1])
    assert [s.prize.name for s in results[0].stages[0].standings if s.prize] == ["冠军", "亚军"]
    assert "prize-tie-over-count" not in [w.code for w in warnings]


def refused(folder: Path) -> list:
    """The problems check says of the event's content, which must have an error."""
    from generator.errors import ContentErrors

    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    return failure.value.problems


# --- a full-width colon in braces (h-msg2) ----------------------------------------------------------

def test_a_full_width_colon_in_a_tables_levels_is_said_once_at_the_colon(tmp_path):
    """`levels: {T05：Q, T21: 9}` was read as a key "T05：Q" with no value: "levels lacks T05" and
    "T05:Q is not at this table" were said, neither naming the colon."""

    folder = played(tmp_path, rounds=1)
    path = folder / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r'levels: \{(\w+): "(\w+)", (\w+): "(\w+)"\}', text)
    line = text.count("\n", 0, found.start()) + 1
    path.write_text(text.replace(found[0], f"levels: {{{found[1]}\uff1a{found[2]}, {found[3]}: {found[4]}}}", 1),
                    encoding="utf-8")
    problems = refused(folder)
    assert [(p.code, p.mark.line) for p in problems] == [("yaml-full-width-colon", line)]
    shown = problems[0].format("zh-Hans").splitlines()
    assert f"“{found[1]}”后面是全角冒号“：”" in shown[0]
    assert shown[2].index("^") == shown[1].index("：") and shown[2].count("^") <= 3  # from the colon
    assert f"改成半角冒号和一个空格：{found[1]}: …" in shown[3]


# --- both teams of a table absent (h-msg2) ------------------------------------------------------------

def first_table_forfeit(tmp_path: Path, written) -> tuple[Path, str, str]:  # noqa: ANN001
    """A one-round Guandan Swiss whose first table's levels are replaced by `forfeit:` written
    as `written(a, b)` of its two teams: (the event's folder, a, b)."""
    folder = played(tmp_path, rounds=1)
    path = folder / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r'teams: \[(\w+), (\w+)\]\n +levels: \{[^}]*\}', text)
    a, b = found[1], found[2]
    path.write_text(text.replace(found[0], f"teams: [{a}, {b}]\n    forfeit: {written(a, b)}", 1), encoding="utf-8")
    return folder, a, b


def test_both_teams_absent_is_a_double_forfeit_each_scored_absent_nobody_winning(tmp_path):
    """`forfeit: [T17, T29]` was a type error whose hint gave no route: a table both teams
    missed could be written neither as one team's forfeit (the other's win) nor left empty
    (pair-round-pending). The national rules' absent is 0 match points, for each team."""
    folder, a, b = first_table_forfeit(tmp_path, lambda a, b: f"[{b}, {a}]")
    _, results, warnings = validate(folder.parents[1])
    rows = {row.tally.entry.id: row.tally for row in results[0].stages[0].standings}
    for team in (a, b):
        assert rows[team].metrics["wins"] == 0 and rows[team].metrics["match_points"] == 0, rows[team].metrics
        assert (rows[team].played, rows[team].won, rows[team].drawn, rows[team].lost) == (1, 0, 0, 1)
    # the next round is drawn: the table waits for no result
    assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
    # With its bulletins: the round's results sheet printed it as a remark with no word (a
    # KeyError: every build with PDFs, and the desk's rebuilds, stopped; rev76)
    out = build(folder, tmp_path, pdf=True)
    shown = page_text(out / "swiss" / "round-1" / "index.html")
    assert f"双方弃权：{a}、{b} 都没来，无人获胜" in shown, shown[:2000]
    sheet = pdf_text(next(out.rglob("round-swiss-1.pdf")))
    assert "双方弃权" in sheet, sheet
    # each team's page: the round a forfeit (负 as the tally counts it), not a draw (平)
    for team in (a, b):
        entry = (out / "entries" / team / "index.html").read_text(encoding="utf-8")
        assert 'class="outcome drawn"' not in entry and 'class="outcome forfeit"' in entry
    # results.xlsx's tables: its forfeit column says it of both teams (it was empty for both)
    from generator.interchange.spreadsheet import table_rows

    _, results, _ = validate(folder.parents[1])
    rows = table_rows(results[0].stages[0])
    head = rows[0]
    forfeits = {r[head.index("entry")]: r[head.index("forfeit")] for r in rows[1:] if r[head.index("round")] == 1}
    assert forfeits[a] == forfeits[b] == "yes" and sum(1 for v in forfeits.values() if v) == 2, forfeits


def test_a_forfeit_list_not_of_the_tables_two_teams_says_both_forms(tmp_path):

    # (a list of one team is its own error since h-gd7: it names both forms all the same)
    folder, a, b = first_table_forfeit(tmp_path, lambda a, b: f"[{a}]")
    problems = refused(folder)
    assert [p.code for p in problems] == ["forfeit-listed-alone"]
    said = problems[0].format("zh-Hans")
    assert f"forfeit: {a}（" in said and f"forfeit: [{a}, {b}]（双方弃权" in said
