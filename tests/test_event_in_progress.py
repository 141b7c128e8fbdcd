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
from generator.errors import ContentErrors
from generator.games import GAMES
from generator.tournament.running import running_totals
from tests.support import withdraw

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
    # nor any bulletin on the notice board ("级数为比赛结束时…" in a round's results, of a match)
    assert [pdf.name for pdf in sorted((site / "bulletins").glob("*.pdf"))
            if "比赛结束" in pdf_text(pdf).replace("\n", "").replace(" ", "")] == []


@pytest.mark.slow  # builds with PDFs
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
        # "第 N 轮后" while in progress; the last round's standings are the final ranking (event-day.md)
        after = "最终排名" if last else f"第 {number} 轮后"
        stage_page = (site / "main" / "index.html").read_text(encoding="utf-8")
        assert after in stage_page and (f"第 {number} 轮后" not in stage_page) == last
        # The stage's status: a finished stage says how many rounds it had, not "after round 5" (main's)
        status = re.search(r'<span class="status [a-z_]+">[^<]*</span>[^<]*</p>', stage_page).group()
        assert status.endswith(f"已结束</span> · 共 {ROUNDS} 轮</p>" if last else f"进行中</span> · 第 {number} 轮后</p>")
        standings_pdf = pdf_text(site / "bulletins" / "standings-main.pdf")
        assert after in standings_pdf and (f"第 {number} 轮后" not in standings_pdf) == last
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


# --- the same moments on the demo, and each change during an event, checked without PDFs --------


@pytest.mark.slow  # builds with PDFs
def test_the_demo_with_its_last_two_rounds_deleted_names_no_champion(tmp_path: Path) -> None:
    from tests.support import demo_content

    content = demo_content(tmp_path, "tumu-guandan-2020")
    for number in (2, 3):
        (content / "events/tumu-guandan-2020/results" / f"round-{number}.yaml").unlink()
    out = tmp_path / "output"
    build(content, out)
    site = out / "events/tumu-guandan-2020"
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    assert data["event"]["status"] == "in_progress"
    stage = data["stages"][0]
    assert (stage["status"], stage["rounds_played"]) == ("in_progress", 1)
    assert_no_end(site, data, out)
    assert "进行中" in (out / "index.html").read_text(encoding="utf-8")
    assert "第 1 轮后" in pdf_text(site / "bulletins/standings-main.pdf")
    assert "进行中" in (out / "feed.xml").read_text(encoding="utf-8")


def small_event(tmp_path: Path, teams: int, stage: str, entries_file: bool = False) -> Path:
    content = tmp_path / "content"
    event = content / "events" / SLUG
    event.mkdir(parents=True)
    (content / "site.yaml").write_text("title: 牌榜\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T{i:02d}, players: [甲{i}, 乙{i}]}}\n" for i in range(1, teams + 1))
    if entries_file:
        (event / "entries.yaml").write_text(entries.replace("\n  ", "\n").lstrip(" "), encoding="utf-8")
        entries_key = "entries: entries.yaml\n"
    else:
        entries_key = "entries:\n" + entries
    (event / "event.yaml").write_text(
        f"title: 小赛\ngame: guandan\ndate: 2026-01-10\ndraw_seed: 3\n{entries_key}stages:\n{stage}", encoding="utf-8")
    return content


def pair(content: Path, *extra: str) -> int:
    return main(["pair", SLUG, "main", "--content", str(content), *extra])


def standings(content: Path, strict: bool = False) -> tuple[dict, object, list]:
    _, results, warnings = validate(content, strict=strict)
    stage = results[0].stages[0]
    return {s.entry.id: s.tally.metrics for s in stage.standings}, stage, warnings


def test_a_round_robin_opponent_of_a_withdrawn_team_gets_the_forfeit(tmp_path: Path) -> None:
    content = small_event(tmp_path, 4, "  - {id: main, format: round_robin, rounds: 3}\n")
    assert pair(content, "--all") == 0
    fill(content, 1)
    withdraw(content / "events" / SLUG, "T04", 2)
    for number in (2, 3):  # only the tables without T04 are played
        path = round_file(content, number)
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            lines.append(line)
            match = re.fullmatch(r"    teams: \[(\w+), (\w+)\]", line)
            if match and "T04" not in match.groups():
                lines.append(f"    levels: {{{match[1]}: K, {match[2]}: 5}}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    metrics, stage, _ = standings(content)
    assert stage.status == "complete" and stage.rounds_played == 3
    for round_result in stage.rounds[1:]:
        t04 = next(s for s in round_result.tables if "T04" in s.table.sides)
        assert t04.table.forfeit == "T04" and t04.winner != "T04"
    assert metrics["T04"]["wins"] <= 1  # round 1 stands; no win after it
    assert next(s for s in stage.standings if s.entry.id == "T04").entry.withdrawn == 2


def t03_withdrawn_from_round_2(content: Path) -> Path:
    """T03 given `withdrawn: 2`; the event's results folder, made empty."""
    withdraw(content / "events" / SLUG, "T03", 2)
    results = content / "events" / SLUG / "results"
    results.mkdir()
    return results


def test_a_result_for_a_withdrawn_team_is_an_error_at_its_id_and_never_counted(tmp_path: Path) -> None:
    """event-day.md: `withdrawn: 2` plays no round from round 2 on. A result written for it there
    (a match it wins, the bye) is an error at its id on that table, naming the round, the table,
    the line of its `withdrawn` and the fix; and the standings count it as not played: the match
    is its forfeit, the bye gives it nothing. Its round-1 result stands."""
    from generator.content.load import load_site
    from generator.errors import Problems
    from generator.tournament.event import run_event

    content = small_event(tmp_path, 5, "  - {id: main, format: swiss, rounds: 3}\n")
    results = t03_withdrawn_from_round_2(content)
    rounds = {1: [("T01", "T02"), ("T03", "T04"), ("T05",)],
              2: [("T01", "T03"), ("T02", "T05"), ("T04",)],   # T03 beats T01: after its withdrawal
              3: [("T01", "T04"), ("T02", "T05"), ("T03",)]}   # and has the bye
    for number, tables in rounds.items():
        lines = [f"stage: main\nround: {number}\ntables:"]
        for table, sides in enumerate(tables, start=1):
            lines.append(f"  - table: {table}\n    teams: [{', '.join(sides)}]")
            if len(sides) == 2:
                winner, loser = sides[::-1] if sides[1] == "T03" else sides  # T03 wins every match
                lines.append(f"    levels: {{{winner}: K, {loser}: 5}}")
        (results / f"round-{number}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    found = [p for p in failure.value.problems if not p.warning]
    assert [(p.code, p.mark.file.name, p.mark.line, p.mark.column) for p in found] == [
        ("entry-withdrawn-played", "round-2.yaml", 5, 18), ("entry-withdrawn-bye", "round-3.yaml", 11, 13)]
    assert found[0].message("zh-Hans") == \
        "T03 已退赛（event.yaml:8：withdrawn，从第 2 轮起不再出场），第 2 轮第 1 桌却有它的成绩"
    assert found[0].hint("zh-Hans") == \
        "这一场不计成绩，按 T03 弃权计。若 T03 打了这一轮，删去它的 withdrawn（它没有退赛）；否则删去这桌的成绩。"
    assert found[1].hint("en") == ("a withdrawn entry gets no bye: this table is not counted. If T03 did play "
                                   "this round, delete its withdrawn (it did not withdraw); otherwise delete this table.")
    # The bye deleted: the round-2 result alone, and the fix is a later withdrawal.
    path = results / "round-3.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  - table: 3\n    teams: [T03]\n", ""), encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (found,) = [p for p in failure.value.problems if not p.warning]
    assert "把它的 withdrawn 改为 3（从第 3 轮起退赛）" in found.hint("zh-Hans")
    # The standings, as scored with the error: T03 keeps its round-1 win, nothing after it.
    path.write_text(path.read_text(encoding="utf-8") + "  - table: 3\n    teams: [T03]\n", encoding="utf-8")
    problems = Problems()
    site = load_site(content, problems)
    stage = run_event(site.events[0], problems).stages[0]
    wins = {s.entry.id: s.tally.metrics["wins"] for s in stage.standings}
    assert wins["T03"] == 1 and wins["T01"] == 3  # T01's round-2 loss to T03 is T03's forfeit
    assert stage.rounds[1].tables[0].winner == "T01" and stage.rounds[1].tables[0].table.forfeit == "T03"
    # What the spec says instead: its forfeit written, or the table left as drawn before the
    # withdrawal (then it is its forfeit too), and no bye for it: no error.
    path.write_text(path.read_text(encoding="utf-8").replace("  - table: 3\n    teams: [T03]\n", ""), encoding="utf-8")
    second = results / "round-2.yaml"
    played = second.read_text(encoding="utf-8")
    for record in ("    forfeit: T03\n", ""):
        assert "    levels: {T03: K, T01: 5}\n" in played
        second.write_text(played.replace("    levels: {T03: K, T01: 5}\n", record), encoding="utf-8")
        _, found, _ = validate(content)
        wins = {s.entry.id: s.tally.metrics["wins"] for s in found[0].stages[0].standings}
        assert wins["T03"] == 1 and wins["T01"] == 3


def test_a_matches_stage_withdrawal_is_checked_as_a_swiss_one(tmp_path: Path) -> None:
    """`format: matches` (the seed's fixed tables, a results file a round): T03 `withdrawn: 2`
    with a win written in round 2 is entry-withdrawn-played at its id, and the match is its
    forfeit; the table left as drawn is its forfeit, no error, and the stage completes. The
    withdrawal was not looked at in this format: the win counted, and the unplayed table kept
    the stage in progress for ever."""
    content = small_event(tmp_path, 4, "  - {id: main, format: matches, rounds: 2}\n")
    results = t03_withdrawn_from_round_2(content)
    (results / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n    levels: {T01: K, T02: 5}\n"
        "  - table: 2\n    teams: [T03, T04]\n    levels: {T03: K, T04: 5}\n", encoding="utf-8")
    played = ("stage: main\nround: 2\ntables:\n  - table: 1\n    teams: [T01, T03]\n    levels: {T01: 5, T03: K}\n"
              "  - table: 2\n    teams: [T02, T04]\n    levels: {T02: K, T04: 5}\n")
    (results / "round-2.yaml").write_text(played, encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    found = [p for p in failure.value.problems if not p.warning]
    assert [(p.code, p.mark.file.name, p.mark.line) for p in found] == [("entry-withdrawn-played", "round-2.yaml", 5)]
    assert found[0].message("en") == ("T03 has withdrawn (event.yaml:8: withdrawn, plays no round from round 2 on), "
                                      "yet has a result in round 2, table 1")
    (results / "round-2.yaml").write_text(played.replace("    levels: {T01: 5, T03: K}\n", ""), encoding="utf-8")
    wins, stage, _ = standings(content)
    assert stage.status == "complete"
    assert (wins["T01"]["wins"], wins["T03"]["wins"]) == (2, 1)


def test_a_withdrawn_pair_of_a_movement_plays_no_board_from_its_round_on(tmp_path: Path) -> None:
    """A pairs movement (the demo's 10-table Mitchell, 3 boards a round, 9 rounds), P03 NS at
    table 3 `withdrawn: 8`. Its boards written in rounds 8 and 9 are a result in rounds it does
    not play: entry-withdrawn-played at its id there, and compared with no other table's (it
    scores 7 rounds' boards; its opponents get average-plus on those boards, event-day.md's
    forfeit result, tests/test_club_adjusted.py). The boards deleted, the tables left as drawn:
    no error, the stage complete."""
    from tests.support import demo_content

    slug = "qiaoyou-club-pairs-2024"
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    _, results, _ = validate(content)
    full = {s.entry.id: s.tally.metrics for s in results[0].stages[0].standings}
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("{id: P03,", "{id: P03, withdrawn: 8,"),
                     encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    found = [p for p in failure.value.problems if not p.warning]
    assert [(p.code, p.mark.file.name, p.mark.line) for p in found] == [
        ("entry-withdrawn-played", "round-8.yaml", 20), ("entry-withdrawn-played", "round-9.yaml", 20)]
    assert found[0].message("zh-Hans") == \
        "P03 已退赛（event.yaml:14：withdrawn，从第 8 轮起不再出场），第 8 轮第 3 桌却有它的成绩"
    assert found[0].hint("zh-Hans") == ("这桌的牌不计成绩，也不与其他桌比较：对手这几副按平均加（A+）计（也可在每副写 A+ 或 A=）。"
                                        "若 P03 打了这一轮，删去它的 withdrawn（它没有退赛）；否则删去这桌的成绩。")
    opponents = {}
    for number in (8, 9):
        path = folder / "results" / f"round-{number}.yaml"
        boards = r"(    ns: P03\n    ew: (P\d+)\n)    boards:\n(?:      .*\n)+"  # P03's table, its boards
        text, count = re.subn(boards, r"\1", path.read_text(encoding="utf-8"))
        assert count == 1
        opponents[number] = re.search(r"ns: P03\n    ew: (P\d+)", text).group(1)
        path.write_text(text, encoding="utf-8")
    _, results, _ = validate(content)  # no error: the tables left as drawn
    stage = results[0].stages[0]
    assert stage.status == "complete"
    now = {s.entry.id: s.tally.metrics for s in stage.standings}
    assert now["P03"]["top"] == full["P03"]["top"] * 7 / 9
    for opponent in opponents.values():
        assert now[opponent]["top"] == full[opponent]["top"]  # its 9 rounds: 8 played, 1 average-plus
    assert next(s for s in stage.standings if s.entry.id == "P03").entry.withdrawn == 8


def test_a_late_entry_scores_the_stages_late_score_or_a_bye(tmp_path: Path) -> None:
    # (the third: a metric `late:` leaves out scores 0, not the bye's win: `wins` ranks)
    for case, (late, wins, diff) in enumerate((("", 1, 0), ("    late: {wins: 0, level_diff: -3}\n", 0, -3),
                                               ("    late: {level_diff: -3}\n", 0, -3))):
        folder = tmp_path / str(case)
        content = small_event(folder, 4, "  - id: main\n    format: swiss\n    rounds: 3\n" + late)
        assert pair(content) == 0
        fill(content, 1)
        event = content / "events" / SLUG / "event.yaml"
        event.write_text(event.read_text(encoding="utf-8").replace(
            "stages:", "  - {id: T05, players: [迟, 到]}\nstages:"), encoding="utf-8")
        # Late while drawing: no entry-not-played. The bye by default is said, at the entry,
        # with what it scores and the key that changes it; a stage's `late:` is its own choice.
        metrics, stage, warnings = standings(content, strict=bool(late))
        assert [w.code for w in warnings] == ([] if late else ["late-entry-bye"])
        if not late:
            (warning,) = warnings
            assert (warning.mark.file.name, warning.mark.line) == ("event.yaml", 10)
            assert warning.message("zh-Hans") == "T05 没有参加第 1 轮（迟到参赛）：这些轮都按轮空计分，每轮 wins: 1"
            assert "在 event.yaml 的阶段 main 下写 late: {wins: 0}（或别的分数）" in warning.hint("zh-Hans")
        assert stage.late == {"T05": [1]}
        assert (metrics["T05"]["wins"], metrics["T05"]["level_diff"]) == (wins, diff)
        assert pair(content) == 0
        assert any("T05" in sides for sides in fill(content, 2))
        metrics, stage, _ = standings(content)
        assert stage.rounds_played == 2 and stage.late == {"T05": [1]}
        # The entry page's running totals (tournament/running.py): the missed round first, at
        # table 0, then round 2; they end where the standings do.
        totals = running_totals(GAMES["guandan"], stage, "T05")
        # (scored by the stage's `late:`, or without one as a bye, and said so: late_bye)
        assert [(row.round, row.table, row.outcome) for row in totals.rows][0] == (1, 0, "late" if late else "late_bye")
        assert [row.round for row in totals.rows] == [1, 2]
        assert totals.metrics[0] == "wins" and totals.rows[0].values[0] == totals.rows[0].running[0] == wins
        assert totals.rows[-1].running == [metrics["T05"][m] for m in totals.metrics]
        if not late:  # no regulation gave it a score: its pages say a bye, not "by the regulation"
            build(content, folder / "output", bulletins=False)
            site = folder / "output" / "events" / SLUG
            entry_page = (site / "entries/T05/index.html").read_text(encoding="utf-8")
            assert "迟到（按轮空记分）" in entry_page and "按规程" not in entry_page
            stage_page = (site / "main/index.html").read_text(encoding="utf-8")
            assert "迟到参赛（缺席的轮次按轮空记分" in stage_page and "按规程" not in stage_page
    build(content, tmp_path / "output", bulletins=False)  # the last one's pages
    site = tmp_path / "output" / "events" / SLUG
    assert json.loads((site / "results.json").read_text(encoding="utf-8"))["stages"][0]["late"] == {"T05": [1]}
    assert "迟到（按规程记分）" in (site / "entries/T05/index.html").read_text(encoding="utf-8")
    assert "T05" in (site / "main/index.html").read_text(encoding="utf-8").split("迟到参赛")[1][:300]


def test_a_correction_after_the_next_draw_is_named_and_fails_strict(tmp_path: Path) -> None:
    content = small_event(tmp_path, 8, "  - id: main\n    format: swiss\n    rounds: 3\n")
    assert pair(content) == 0
    tables = fill(content, 1)
    assert pair(content) == 0
    assert "# draw-order: " in round_file(content, 2).read_text(encoding="utf-8")
    standings(content, strict=True)  # nothing changed: no warning
    a, b = tables[0]
    path = round_file(content, 1)  # the referee reverses table 1's result
    path.write_text(path.read_text(encoding="utf-8").replace(f"{{{a}: K, {b}: 5}}", f"{{{a}: 5, {b}: K}}"),
                    encoding="utf-8")
    _, stage, warnings = standings(content)
    changed = [w for w in warnings if w.code == "draw-standings-changed"]
    # and whom a draw made on today's standings would seat otherwise: with a reversal in a
    # field of 8, all of them (a and b change score groups, and the places around them move)
    paired = stage.stale_draws[0].paired
    assert a in paired and b in paired
    note = (f"第 2 轮编排所依据的成绩后来改了：第 1 轮第 1 桌（{a} – {b}），胜场（编排时 → 现在）：{a} 1 → 0、{b} 0 → 1"
            f"；按现在的成绩编排，这些参赛者的对手会不同：{'、'.join(paired)}")
    assert [w.message("zh-Hans") for w in changed] == [note]
    # English runs the sentence on through the metric's label: not "…; Wins (at the draw → now)"
    assert f"round 1 table 1 ({a} – {b}); wins (at the draw → now): {a} 1 → 0, {b} 0 → 1" in changed[0].message("en")
    assert stage.stale_draws and stage.stale_draws[0].round == 2
    with pytest.raises(ContentErrors):
        validate(content, strict=True)
    build(content, tmp_path / "output", bulletins=False)
    page = (tmp_path / "output" / "events" / SLUG / "main/index.html").read_text(encoding="utf-8")
    assert note + "。已编排的对阵不会自动重排。" in page
    # results.json carries the note too (on main it did not): the round, the entries, what it was
    # drawn on, the figures the correction moved and the table corrected
    data = json.loads((tmp_path / "output" / "events" / SLUG / "results.json").read_text(encoding="utf-8"))
    (stale,) = data["stages"][0]["stale_draws"]
    assert stale == {"round": 2, "entries": stage.stale_draws[0].entries, "drawn_on": {"after_round": 1},
                     "moved": {a: {"drawn_on": 1, "now": 0}, b: {"drawn_on": 0, "now": 1}},
                     "tables": [{"round": 1, "table": 1}], "paired": paired}
    assert a in stale["entries"] and b in stale["entries"]


def test_a_metrics_label_mid_sentence_is_lower_case_in_english_only() -> None:
    """The stale-draw note's "no Wins changed": a label is lower-cased where a sentence runs on
    through it; an abbreviation keeps its capitals, and Chinese has none."""
    from generator.catalogues import in_sentence

    assert [in_sentence(label) for label in ("Wins", "Match points", "IMPs", "VP", "胜场", "")] == \
        ["wins", "match points", "IMPs", "VP", "胜场", ""]


def corrected_after_two_draws(tmp_path: Path) -> tuple[Path, str, str]:
    """Eight teams, four rounds drawn, three played; round 2's table 1 (a against b) reversed."""
    content = small_event(tmp_path, 8, "  - id: main\n    format: swiss\n    rounds: 4\n"
                                       "    rank_by: [wins, buchholz, level_diff]\n")
    for number in (1, 2, 3):
        assert pair(content) == 0
        tables = fill(content, number)
        if number == 2:
            a, b = tables[0]
    assert pair(content) == 0
    path = round_file(content, 2)
    path.write_text(path.read_text(encoding="utf-8").replace(f"{{{a}: K, {b}: 5}}", f"{{{a}: 5, {b}: K}}"),
                    encoding="utf-8")
    return content, a, b


@pytest.mark.slow  # prints a PDF
def test_print_says_a_correction_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`paibang print` of a round after one correction that made two drawn rounds stale said the
    warning once a stale round; it says it once."""
    content, a, b = corrected_after_two_draws(tmp_path)
    capsys.readouterr()
    assert main(["print", SLUG, "main", "--round", "4", "--content", str(content),
                 "--output", str(tmp_path / "round-4.pdf")]) == 0
    err = capsys.readouterr().err
    assert err.count("draw-standings-changed") == 1 and f"第 2 轮第 1 桌（{a} – {b}）" in err


def test_one_corrected_table_is_one_note_naming_it_not_every_entry_whose_place_moved(tmp_path: Path) -> None:
    """Round 2's table 1 reversed once rounds 3 and 4 were drawn: both draws are stale. The note
    named every entry whose place in the draw order moved (their opponents' scores, Buchholz,
    moved with the correction), which read as that many results changed, and the warning came
    once a round. One note, one warning: the table corrected, the rounds drawn on it, and the
    figures it moved; results.json has each round's findings."""
    content, a, b = corrected_after_two_draws(tmp_path)
    _, stage, warnings = standings(content)
    changed = [w.message("zh-Hans") for w in warnings if w.code == "draw-standings-changed"]
    assert len(changed) == 1  # not one a round
    assert [draw.round for draw in stage.stale_draws] == [3, 4]
    assert len(set(stage.stale_draws[0].entries)) > 2  # places moved beyond the corrected table's
    assert [draw.tables for draw in stage.stale_draws] == [[(2, 1)], [(2, 1)]]
    moved = stage.stale_draws[0].moved
    assert set(moved) == {a, b}
    figures = "、".join(f"{e} {int(moved[e][0])} → {int(moved[e][1])}" for e in moved)
    paired = list(dict.fromkeys(stage.stale_draws[0].paired + stage.stale_draws[1].paired))
    named = "、".join(paired[:12]) + (f" 及另外 {len(paired) - 12} 个" if len(paired) > 12 else "")
    note = (f"第 3、4 轮编排所依据的成绩后来改了：第 2 轮第 1 桌（{a} – {b}），胜场（编排时 → 现在）：{figures}"
            + (f"；按现在的成绩编排，这些参赛者的对手会不同：{named}" if paired else ""))
    assert changed == [note]
    build(content, tmp_path / "output", bulletins=False)
    page = (tmp_path / "output" / "events" / SLUG / "main/index.html").read_text(encoding="utf-8")
    assert page.count('<p class="warn">') == 1 and note in page


def test_a_draw_printed_after_a_correction_shows_the_scores_it_was_drawn_on(tmp_path: Path) -> None:
    """Round 1's table 1 reversed once round 2 was drawn: round 2's notice, printed again (or
    posted by a build while it is played), shows the wins the draw read, as the round file's
    `# draw-order:` lines record them, and says the results changed since, not today's wins
    (which would set a 0 against a 1 under "same wins meet")."""
    from generator.render.bulletins import printed_round
    from generator.tournament.pairing import draw_sheets

    content = small_event(tmp_path, 8, "  - id: main\n    format: swiss\n    rounds: 3\n")
    assert pair(content) == 0
    tables = fill(content, 1)
    assert pair(content) == 0
    a, b = tables[0]
    path = round_file(content, 1)
    path.write_text(path.read_text(encoding="utf-8").replace(f"{{{a}: K, {b}: 5}}", f"{{{a}: 5, {b}: K}}"),
                    encoding="utf-8")
    _, results, _ = validate(content)
    metrics = {s.entry.id: s.tally.metrics["wins"] for s in results[0].stages[0].standings}
    assert (metrics[a], metrics[b]) == (0, 1)  # today's
    for draw in (next(s for s in printed_round(results[0], "main", 2, "zh-Hans") if s.kind == "draw"),
                 draw_sheets(results[0], "zh-Hans")[0]):
        shown = {row[1]: row[3] for row in draw.rows} | {row[4]: row[6] for row in draw.rows}
        assert (shown[a], shown[b]) == ("1", "0")  # as drawn
        assert all(row[3] == row[6] for row in draw.rows)  # equal wins met, as the draw did
        assert "第 1 轮后的成绩在编排后有改动：表中的胜场是编排时的。" in draw.text
    english = draw_sheets(results[0], "en")[0]
    assert "entries with the same wins meet" in english.text and "the wins shown are those it was drawn on" in english.text
    assert "Wins" in english.columns  # a heading keeps its capital
    (content / "site.yaml").write_text("title: Results\nlocale: en\n", encoding="utf-8")
    build(content, tmp_path / "output", bulletins=False)
    page = _main_text(tmp_path / "output" / "events" / SLUG / "main" / "index.html")
    assert "Entries with the same wins form a score group." in page and "wins (at the draw → now)" in page


def test_the_never_played_hint_names_the_entries_file(tmp_path: Path) -> None:
    content = small_event(tmp_path, 4, "  - id: main\n    format: swiss\n    rounds: 1\n", entries_file=True)
    assert pair(content) == 0
    fill(content, 1)
    (content / "events" / SLUG / "entries.yaml").open("a", encoding="utf-8").write("- {id: T09, players: [新]}\n")
    _, _, warnings = standings(content)
    hint = next(w for w in warnings if w.code == "entry-not-played").hint("zh-Hans")
    assert "entries.yaml" in hint and "event.yaml" not in hint


@pytest.mark.slow  # builds with PDFs
@pytest.mark.parametrize(("locale", "after", "entered", "status"), [
    ("zh-Hans", "第 1 轮后", "已录 1/2 桌", "进行中"),
    ("zh-Hant", "第 1 輪後", "已錄 1/2 桌", "進行中"),
    ("en", "after round 1", "1 of 2 tables entered", "In progress"),
])
def test_after_round_n_in_every_locale(tmp_path: Path, locale: str, after: str, entered: str, status: str) -> None:
    content = small_event(tmp_path, 4, "  - id: main\n    format: swiss\n    rounds: 3\n")
    (content / "site.yaml").write_text(f"title: 牌榜\nlocale: {locale}\n", encoding="utf-8")
    assert pair(content) == 0
    fill(content, 1)
    assert pair(content) == 0
    fill(content, 2, only=1)
    out = tmp_path / "output"
    build(content, out)
    site = out / "events" / SLUG
    assert after in (site / "main/index.html").read_text(encoding="utf-8")
    assert after in pdf_text(site / "bulletins/standings-main.pdf")
    assert entered in (site / "main/round-2/index.html").read_text(encoding="utf-8")
    assert status in (out / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("locale", "entered", "note", "card"), [
    ("zh-Hans", "第 1 轮：已录 1/3 桌", "第 1 轮进行中，本轮各桌成绩全部录入后公布排名。", "进行中 · 瑞士 第 1 轮"),
    ("zh-Hant", "第 1 輪：已錄 1/3 桌", "第 1 輪進行中，本輪各桌成績全部錄入後公佈排名。", "進行中 · 瑞士 第 1 輪"),
    ("en", "Round 1: 1 of 3 tables entered", "Round 1 in progress: the standings follow once every table of the round is in.",
     "In progress · 瑞士 Round 1"),
])
def test_round_1_partly_entered_says_the_round_in_progress_not_no_results(tmp_path: Path, locale: str, entered: str,
                                                                          note: str, card: str) -> None:
    """Round 1 with 1 of its tables in: the stage page said "第 1 轮：已录 1/7 桌" and then
    "尚无成绩。", and the archive's card only "进行中" (event-day.md: 进行中 and the round). The
    page says the round is in progress, linking the tables entered, the card names the round,
    and results.json tells the tables waiting (`pending`) from the one in."""
    import html as html_module

    content = small_event(tmp_path, 6, "  - id: main\n    name: 瑞士\n    format: swiss\n    rounds: 3\n")
    (content / "site.yaml").write_text(f"title: 牌榜\nlocale: {locale}\n", encoding="utf-8")
    assert pair(content) == 0
    fill(content, 1, only=1)
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    site = out / "events" / SLUG

    def text(path: Path) -> str:
        return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))))

    page = text(site / "main/index.html")
    assert entered in page and note in page
    assert ("尚无成绩" if locale == "zh-Hans" else "尚無成績" if locale == "zh-Hant" else "No results") not in page
    raw = (site / "main/index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="[^"]*main/round-1/[^"]*">[^<]*</a></p>', raw.split(note.split("，")[0].split(":")[0])[1])
    assert card in text(out / "index.html")
    # the event page's list of stages names the round too, as the card does (it said only 进行中)
    assert card.replace("\u745e\u58eb ", "") in text(site / "index.html")
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    tables = data["stages"][0]["rounds"][0]["tables"]
    assert [(t["table"], t["pending"]) for t in tables] == [(1, False), (2, True), (3, True)]
    assert tables[1]["winner"] is None


# --- a team match with one room entered (大怪路子, 80分 teams, bridge teams) ---------------------

# The demo events' last round, its table 1: the secretary has typed the open room's sheets, the
# closed room's are not in yet.
ONE_ROOM = [
    ("chem-park-daguai-2016", "swiss", 7, "room-pending"),
    ("hefei-80fen-teams-2012", "teams", 7, "room-pending"),
    ("gaoxiao-bridge-teams-2024", "teams", 5, "room-pending"),
]


def _first_table_rooms(text: str, boards: int | None) -> tuple[str, list[tuple[int, int]]]:
    """`text` with the closed room of table 1's first `boards` boards (None: all) dropped; the
    (board, line) of each board left with the open room only."""
    lines, changed, table = text.split("\n"), [], 0
    for index, line in enumerate(lines):
        if line.startswith("  - table:"):
            table += 1
        match = re.fullmatch(r"      (\d+): \{open: ([^{}]+|\{[^}]*\}), closed: ([^{}]+|\{[^}]*\})\}", line)
        if table == 1 and match and (boards is None or len(changed) < boards):
            lines[index] = f"      {match[1]}: {{open: {match[2]}}}"
            changed.append((int(match[1]), index + 1))
    assert changed
    return "\n".join(lines), changed


@pytest.mark.parametrize("boards", [None, 2], ids=["every-board", "two-boards"])
@pytest.mark.parametrize(("slug", "stage_id", "last", "code"), ONE_ROOM, ids=[s for s, *_ in ONE_ROOM])
def test_a_match_with_one_room_entered_is_in_progress_not_an_error(tmp_path: Path, slug: str, stage_id: str,
                                                                   last: int, code: str, boards: int | None) -> None:
    """event-day.md: a round partly entered is shown as such, a table without its full record is
    not counted. A match whose boards have the open room only (the closed room's sheets come
    later) was an error: `check` and `build` failed and nothing could be posted between rounds."""
    from support import demo_content

    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / f"round-{last}.yaml"
    full = path.read_text(encoding="utf-8")
    text, changed = _first_table_rooms(full, boards)
    path.write_text(text, encoding="utf-8")
    _, results, warnings = validate(content)
    waiting = [w for w in warnings if w.code == code]
    # One warning for the table, at its first board waiting, its boards as a range (it was one
    # a board: a round typed one room at a time listed every board of every table).
    numbers = [n for n, _ in changed]
    assert numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 1
    assert [(w.mark.file, w.mark.line) for w in waiting] == [(path, changed[0][1])]
    assert waiting[0].message("en") == (
        f"table 1, boards {numbers[0]}–{numbers[-1]}: the open room only, not the closed room yet: "
        "the match is not counted until both rooms are in")
    assert waiting[0].message("zh-Hans") == (
        f"第 1 桌第 {numbers[0]}–{numbers[-1]} 副只录入了开室，闭室的记录还没有：两室都录入之前，这场比赛不计成绩")
    with pytest.raises(ContentErrors):  # --strict fails on it
        validate(content, strict=True)
    [stage] = [s for s in results[0].stages if s.stage.id == stage_id]
    round_ = stage.rounds[-1]
    assert round_.number == last and round_.pending == [1] and round_.partial
    assert stage.rounds_played == last - 1 and stage.status == "in_progress"
    [match] = [s for s in round_.tables if s.table.number == 1]
    assert not match.sides and match.winner is None
    # The standings are those of the match not played at all (its boards not written yet).
    unplayed = re.sub(r"(  - table: 1\n(?:    (?!boards:).*\n)*)    boards:\n(?:      .*\n)*", r"\1", full, count=1)
    assert unplayed != full
    path.write_text(unplayed, encoding="utf-8")
    _, before, _ = validate(content)
    [stage_before] = [s for s in before[0].stages if s.stage.id == stage_id]
    assert stage_before.rounds[-1].pending == [1]
    assert [(s.entry.id, s.tally.metrics) for s in stage.standings] == \
           [(s.entry.id, s.tally.metrics) for s in stage_before.standings]
    # The round's page says the round is partly entered and shows what the open room has;
    # results.json has the round not complete and the stage after the round before.
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    site = out / "events" / slug
    page = (site / stage_id / f"round-{last}" / "index.html").read_text(encoding="utf-8")
    tables = len([s for s in round_.tables if len(s.table.sides) == 2])
    assert f"第 {last} 轮：已录 {tables - 1}/{tables} 桌" in page
    assert "只录入了一个室的成绩，开室、闭室都录入后才计入排名。" in page
    assert page.count('data-label="闭室">—</td>') == len(changed)  # the rooms as they stand
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    [stage_json] = [s for s in data["stages"] if s["id"] == stage_id]
    assert stage_json["rounds_played"] == last - 1 and stage_json["rounds"][-1]["complete"] is False
    # The match waiting for its closed room has `winner` null, which outputs.md reads as a draw:
    # `pending` says it has no result yet; every other table, a draw included, is not pending.
    waiting_json = [(t["table"], t["winner"], t["pending"]) for t in stage_json["rounds"][-1]["tables"]]
    assert waiting_json[0] == (1, None, True) and all(not pending for _, _, pending in waiting_json[1:])
    assert all(t["pending"] is False for r in stage_json["rounds"][:-1] for t in r["tables"])
    # Once the closed room is in, the match counts.
    path.write_text(full, encoding="utf-8")
    _, results, warnings = validate(content, strict=True)
    [stage] = [s for s in results[0].stages if s.stage.id == stage_id]
    assert stage.rounds_played == last and not stage.rounds[-1].pending
    assert [s for s in stage.rounds[-1].tables if s.table.number == 1][0].sides


def test_one_room_pending_is_one_warning_a_room_typed_its_boards_as_ranges(tmp_path: Path) -> None:
    """Table 1 of 大怪路子's last round with boards 1, 3, 5 and 6 typed for the open room only and
    board 2 for the closed room only: two warnings (one a room typed), not five, each at its
    first board and naming its boards as runs."""
    from support import demo_content

    slug = "chem-park-daguai-2016"
    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / "round-7.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in (("1: {open: D01 1, closed: D01 5}", "1: {open: D01 1}"),
                     ("2: {open: D10 1, closed: D01 5}", "2: {closed: D01 5}"),
                     ("3: {open: D10 5, closed: D10 1}", "3: {open: D10 5}"),
                     ("5: {open: D01 8, closed: D10 5}", "5: {open: D01 8}"),
                     ("6: {open: D01 8, closed: D01 3}", "6: {open: D01 8}")):
        assert text.count(old) == 1
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    _, _, warnings = validate(content)
    waiting = [w for w in warnings if w.code == "room-pending"]
    lines = text.split("\n")
    assert [w.mark.line for w in waiting] == [lines.index("      1: {open: D01 1}") + 1,
                                               lines.index("      2: {closed: D01 5}") + 1]
    assert [w.message("zh-Hans") for w in waiting] == [
        "第 1 桌第 1、3、5–6 副只录入了开室，闭室的记录还没有：两室都录入之前，这场比赛不计成绩",
        "第 1 桌第 2 副只录入了闭室，开室的记录还没有：两室都录入之前，这场比赛不计成绩"]
    assert waiting[0].message("en").startswith("table 1, boards 1, 3, 5–6: the open room only")
    assert waiting[0].hint("zh-Hans") == "闭室的记分表收到后补上，例如 {open: D01 8, closed: D02 1}。"


@pytest.mark.parametrize(("slug", "last", "board", "missing"), [
    ("chem-park-daguai-2016", 7, "      1: {}", "daguai-room-missing"),
    ("hefei-80fen-teams-2012", 7, "      1: {}", "shengji-room-missing"),
    ("gaoxiao-bridge-teams-2024", 5, "      33: {}", "bridge-room-missing"),
])
def test_a_board_with_neither_room_or_a_room_unread_is_still_an_error(tmp_path: Path, slug: str, last: int,
                                                                       board: str, missing: str) -> None:
    from support import demo_content

    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / f"round-{last}.yaml"
    full = path.read_text(encoding="utf-8")
    number = board.strip().split(":")[0]
    line = re.search(rf"      {number}: \{{open: ([^{{}}]+|\{{[^}}]*\}}), closed: .*\}}", full)
    assert line
    for written, codes in ((board, {missing}), (f"      {number}: {{open: XX}}", {missing})):
        path.write_text(full.replace(line[0], written, 1), encoding="utf-8")
        with pytest.raises(ContentErrors) as caught:
            validate(content)
        found = {p.code for p in caught.value.problems}
        assert codes <= found and not any(p.code.endswith("room-pending") for p in caught.value.problems)


def _main_text(page: Path) -> str:
    html = page.read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[html.index("<main"):html.index("</main>")]))


def test_a_scheduled_event_shows_its_entries_and_a_round_its_teams_names(tmp_path: Path) -> None:
    """event-day.md: a scheduled event shows "the event, its entries, its notice". Before round 1
    the event and stage pages listed no entry at all, and round pages showed a team's players
    without its name (队伍1), which the draw on the wall and the entry pages give. The entries
    are listed as standings are, PAGE_ROWS a page (a mass event's 250 teams: two pages at the
    standings' URLs), and give way to the standings once a result is in."""
    content = make_site(tmp_path)
    event = content / "events" / SLUG / "event.yaml"
    text = event.read_text(encoding="utf-8").replace("{id: G03,", "{id: G03, withdrawn: true,")
    event.write_text(text.replace("{id: G05,", "{id: G05, withdrawn: 2,"), encoding="utf-8")
    out = tmp_path / "out"
    build(content, out, bulletins=False)
    event_page = _main_text(out / "events" / SLUG / "index.html")
    # G03 plays no match: counted apart, not as one of the 20 teams (a member counted 20 and met 19)
    assert "参赛队（19，1 队退赛）" in event_page and "G01 队伍1 甲1 / 乙1" in event_page and "G20" in event_page
    # withdrawn before round 1: marked; from round 2: it plays round 1, not marked yet
    assert "G03 队伍3 甲3 / 乙3 一系 退赛" in event_page and "G05 队伍5 甲5 / 乙5 一系 G06" in event_page
    stage_page = _main_text(out / "events" / SLUG / "main" / "index.html")
    assert "尚无成绩" in stage_page and "参赛队（19，1 队退赛）" in stage_page and "G20" in stage_page
    assert main(["pair", SLUG, "main", "--content", str(content)]) == 0
    tables = fill(content, 1)
    build(content, out, bulletins=False)
    stage_page = _main_text(out / "events" / SLUG / "main" / "index.html")
    assert "参赛队（" not in stage_page and "第 1 轮后" in stage_page
    round_page = _main_text(out / "events" / SLUG / "main" / "round-1" / "index.html")
    named = next(t for t in tables if int(t[0][1:]) % 2)  # an odd team has a name (make_site)
    number = int(named[0][1:])
    assert f"{named[0]} 队伍{number} 打到 K （甲{number} / 乙{number}）" in round_page  # (打到: for a screen reader)


def test_the_entries_count_apart_those_withdrawn_before_round_1_in_every_locale() -> None:
    from generator import catalogues

    said = [catalogues.text("field_n_withdrawn", locale, n=19, withdrawn=1) for locale in ("zh-Hans", "zh-Hant", "en")]
    assert said == ["参赛队（19，1 队退赛）", "參賽隊（19，1 隊退賽）", "Entries (19; 1 withdrawn)"]


def test_a_mass_events_entries_are_paged_as_its_standings_will_be(tmp_path: Path) -> None:
    from generator.render.html import PAGE_ROWS

    count = PAGE_ROWS + 50
    content = small_event(tmp_path, count, "  - {id: main, name: 比赛, format: swiss, rounds: 3}\n")
    out = tmp_path / "out"
    build(content, out, bulletins=False)
    first = _main_text(out / "events" / SLUG / "main" / "index.html")
    second = _main_text(out / "events" / SLUG / "main" / "page-2" / "index.html")
    assert f"参赛队（{count}）" in first and "第 1–200 队" in first and "T200 " in first and "T201 " not in first
    assert "第 201–250 队" in second and "T201 " in second and "T250 " in second and "T200 " not in second
    event_page = _main_text(out / "events" / SLUG / "index.html")
    assert f"全部 {count} 队" in event_page and "T201 " not in event_page


def test_a_drawn_table_of_a_team_withdrawn_since_is_said_to_be_its_forfeit(tmp_path: Path, capsys) -> None:
    """Round 2 drawn, then T04 marked `withdrawn: 2`: its table is not played, and the desk says
    so (nothing to enter). check counted it as T04's forfeit without a word; it says it now, a
    warning at T04 on that table: file, line, table, team, and the win it gives T01 (event-day.md:
    the opponent gets the stage's forfeit result). A forfeit written there is the sheet saying
    it: nothing to warn of."""
    content = small_event(tmp_path, 4, "  - {id: main, format: swiss, rounds: 3}\n")
    withdraw(content / "events" / SLUG, "T04", 2)
    results = content / "events" / SLUG / "results"
    results.mkdir()
    (results / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n    levels: {T01: K, T02: 5}\n"
        "  - table: 2\n    teams: [T03, T04]\n    levels: {T03: K, T04: 5}\n", encoding="utf-8")
    round_2 = results / "round-2.yaml"
    round_2.write_text(
        "stage: main\nround: 2\ntables:\n  - table: 1\n    teams: [T02, T03]\n    levels: {T02: K, T03: 5}\n"
        "  - table: 2\n    teams: [T01, T04]\n", encoding="utf-8")
    metrics, stage, warnings = standings(content)
    assert metrics["T01"]["wins"] == 2 and metrics["T04"]["wins"] == 0  # counted as before: T04's forfeit
    (found,) = [w for w in warnings if w.code == "entry-withdrawn-forfeit"]
    assert (found.mark.file.name, found.mark.line) == ("round-2.yaml", 8)
    assert found.message("zh-Hans") == ("T04 已退赛（event.yaml:9：withdrawn，从第 2 轮起不再出场），"
                                         "第 2 轮第 2 桌没有成绩：按 T04 弃权计，T01 胜")
    assert found.message("en").endswith("round 2, table 2 has no result: it counts as T04's forfeit, a win for T01")
    assert "forfeit: T04" in found.hint("zh-Hant")
    capsys.readouterr()
    assert main(["check", "--content", str(content)]) == 0
    said = capsys.readouterr().err
    assert "round-2.yaml:8:" in said and "[entry-withdrawn-forfeit]" in said
    # the sheet says it: no warning, the same standings
    round_2.write_text(round_2.read_text(encoding="utf-8") + "    forfeit: T04\n", encoding="utf-8")
    again, _, warnings = standings(content)
    assert again == metrics and not [w for w in warnings if w.code == "entry-withdrawn-forfeit"]


def test_a_correction_noted_while_the_stage_is_played_is_a_quiet_note_once_it_is_over(tmp_path: Path) -> None:
    """Round 1 corrected after round 2 was drawn, then the stage played out: the warning stayed
    on the public stage page ("…后来改了…已编排的对阵不会自动重排") and at every check after the
    event, until the secretary deleted the # draw-order lines, the draw's own record. A referee
    expects the warning while something can still be decided; after, the fact on the record. Once
    the stage is complete the stage page keeps it as a quiet note in the past tense; results.json
    keeps the stale draw. check still warns (event-day.md: "check plus the stage page tell the
    secretary"), since a correction made after the last round is warned nowhere else
    (tests/test_guandan_federation.py)."""
    content = small_event(tmp_path, 8, "  - id: main\n    format: swiss\n    rounds: 2\n")
    assert pair(content) == 0
    a, b = fill(content, 1)[0]
    assert pair(content) == 0
    path = round_file(content, 1)
    path.write_text(path.read_text(encoding="utf-8").replace(f"{{{a}: K, {b}: 5}}", f"{{{a}: 5, {b}: K}}"),
                    encoding="utf-8")
    assert [w.code for w in standings(content)[2]] == ["draw-standings-changed"]  # while round 2 is played
    fill(content, 2)
    _, stage, warnings = standings(content)
    assert stage.complete and stage.stale_draws and [w.code for w in warnings] == ["draw-standings-changed"]
    build(content, tmp_path / "output", bulletins=False)
    page = (tmp_path / "output" / "events" / SLUG / "main/index.html").read_text(encoding="utf-8")
    assert '<p class="warn">' not in page and "不会自动重排" not in page
    assert f'<p class="meta">附注：第 2 轮编排后更正过成绩：第 1 轮第 1 桌（{a} – {b}）' in page
    data = json.loads((tmp_path / "output" / "events" / SLUG / "results.json").read_text(encoding="utf-8"))
    assert [s["round"] for s in data["stages"][0]["stale_draws"]] == [2]


# A team match's last board left out of the last round, and how that board is written not played.
# (A pairs table's board left out is one it did not play, as the rules treat it: the board's other
# results Neuberg-factored, tests/test_bridge_duplicate.py; a scored file is imported so.)
SHORT = [
    ("gaoxiao-bridge-teams-2024", "teams", 3, "A="),  # bridge teams: an adjusted score (average)
    ("hefei-80fen-teams-2012", "teams", 4, None),  # 80分 teams: no board is written not played
]


@pytest.mark.parametrize(("slug", "stage_id", "last", "not_played"), SHORT, ids=[s for s, *_ in SHORT])
def test_a_table_short_of_a_board_waits_for_it(tmp_path: Path, slug: str, stage_id: str, last: int,
                                               not_played: str | None) -> None:
    """A team match with 7 of its 8 boards entered was counted, `pending: false` in results.json,
    the round complete: the board left out read as not played. A match is pending until every
    board the round plays is written, one not played written as its adjusted score."""
    from support import demo_content

    from generator.render.html import results_json

    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / f"round-{last}.yaml"
    full = path.read_text(encoding="utf-8")
    head = re.split(r"(?=  - table: 2\n)", full, maxsplit=1)[0]
    board_lines = [line for line in head.splitlines() if re.match(r"      \d+: ", line)]
    dropped = board_lines[-1]  # table 1's last board
    number = re.match(r"      (\d+): ", dropped)[1]

    def stage_json(text: str) -> dict:
        path.write_text(text, encoding="utf-8")
        _, results, _ = validate(content)
        [stage] = [s for s in results_json(results[0])["stages"] if s["id"] == stage_id]
        return stage

    def round_of(stage: dict) -> dict:
        return next(r for r in stage["rounds"] if r["round"] == last)

    entered = stage_json(full)
    assert entered["rounds_played"] >= last and round_of(entered)["complete"] is True
    stage = stage_json(full.replace(dropped + "\n", "", 1))
    assert round_of(stage)["complete"] is False
    assert [(t["table"], t["pending"]) for t in round_of(stage)["tables"]][:2] == [(1, True), (2, False)]
    assert stage["rounds_played"] == last - 1 and stage["status"] == "in_progress"
    if not_played is None:
        return
    # written not played, the table is in and counted
    stage = stage_json(full.replace(dropped, f"      {number}: {not_played}", 1))
    assert round_of(stage)["complete"] is True and round_of(stage)["tables"][0]["pending"] is False
    assert (stage["rounds_played"], stage["status"]) == (entered["rounds_played"], entered["status"])
