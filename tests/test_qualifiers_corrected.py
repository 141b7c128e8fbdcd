"""A correction of a stage whose qualifiers already drew the next one (event-day.md, "Correction
after a later round was drawn": the referee's decision stands, the draw is never silently
redone). A Guandan Swiss of 8 teams over 2 rounds, the top 4 to a round robin drawn with
`paibang pair --all` (T01, T05, T03, T07); then round 2's table 2 is corrected, T07 beating
T05 A to 5, not losing 10 to K: T05 falls to 1 win, -4, below T06 (1 win, -3), who would now
qualify. The round robin keeps the field it was drawn with, the build publishes it, and check,
the stage pages and the desk say who came in and who went out. And an entry at no table of a
stage fully drawn is credited no bye.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.build import build, validate
from generator.cli import main
from generator.errors import ContentErrors
from tests.test_desk import fetch
from tests.test_desk_records import Secretary, desk_of  # noqa: F401 - desk_of is a fixture
from tests.test_desk_said import shown

RANK = "rank_by: [wins, level_diff]"


def guandan_event(tmp_path: Path, teams: int, stages: str, draw_seed: bool = True) -> tuple[Path, Path]:
    """content/ with one Guandan event of `teams` teams T01... and the `stages` given (YAML list
    items); nothing drawn or played yet. (content/, the event's folder)"""
    root = tmp_path / "content"
    folder = root / "events" / "gd"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 测试\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T{n:02d}, players: [甲{n}, 乙{n}]}}\n" for n in range(1, teams + 1))
    (folder / "event.yaml").write_text(
        "title: 掼蛋赛\ngame: guandan\ndate: 2026-12-05\n" + ("draw_seed: 7\n" if draw_seed else "")
        + "entries:\n" + entries + "stages:\n" + stages, encoding="utf-8")
    return root, folder


ROBIN = f"  - {{id: rr, name: 循环赛, format: round_robin, rounds: 3, {RANK}}}\n"


def swiss_and_robin_event(tmp_path: Path) -> tuple[Path, Path]:
    """8 teams: a Swiss of 2 rounds whose top 4 go on to a round robin of 3."""
    return guandan_event(tmp_path, 8, f"  - {{id: swiss, name: 瑞士移位, format: swiss, rounds: 2, {RANK}, advance: {{count: 4, to: rr}}}}\n"
                         + ROBIN)


# The Swiss's 2 rounds, table by table: the two teams and each one's level at the end.
SWISS = {1: [("T01", "T02", "A", "5"), ("T03", "T04", "K", "6"), ("T05", "T06", "Q", "7"), ("T07", "T08", "J", "8")],
         2: [("T01", "T03", "A", "9"), ("T05", "T07", "K", "10"), ("T02", "T04", "6", "5"), ("T06", "T08", "7", "5")]}


def write_swiss(folder: Path, rounds: dict[int, list[tuple[str, str, str, str]]] = SWISS) -> None:
    """The Swiss's rounds as results files round-N.yaml written by hand, a table's levels on a line."""
    for number, tables in rounds.items():
        (folder / "results" / f"round-{number}.yaml").write_text(f"stage: swiss\nround: {number}\ntables:\n" + "".join(
            f"  - table: {t}\n    teams: [{a}, {b}]\n    levels: {{{a}: \"{x}\", {b}: \"{y}\"}}\n"
            for t, (a, b, x, y) in enumerate(tables, start=1)), encoding="utf-8")


def edit(path: Path, old: str, new: str, count: int = -1) -> None:
    """`old` replaced by `new` in the file (the first `count` times): there, or the test fails
    (an edit that missed would leave the content as drawn, and the test passing on it)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, (path.name, old)
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def stage_pages(root: Path, out: Path, *stages: str) -> list[str]:
    """The site built into `out`, and the text each of `stages`' pages shows."""
    build(root, out, bulletins=False)
    return [shown((out / "events" / "gd" / stage / "index.html").read_text(encoding="utf-8")) for stage in stages]


def swiss_then_robin(tmp_path: Path) -> Path:
    root, folder = swiss_and_robin_event(tmp_path)
    write_swiss(folder)
    assert main(["pair", "gd", "rr", "--all", "--content", str(root)]) == 0
    return root


def correct(root: Path) -> None:
    edit(root / "events" / "gd" / "results" / "round-2.yaml", '{T05: "K", T07: "10"}', '{T05: "5", T07: "A"}')


def drop_rounds(root: Path, stage: str) -> None:
    """The stage's results files deleted, as the referee redrawing it does."""
    for path in (root / "events" / "gd" / "results").glob(f"{stage}-round-*.yaml"):
        path.unlink()


def qualifiers(root: Path) -> tuple[list[str], list[str], list]:
    _, results, warnings = validate(root)
    swiss, robin = results[0].stages
    return [e.id for e in swiss.qualifiers], sorted(e.id for e in robin.field), warnings


def test_a_drawn_round_robin_keeps_the_qualifiers_it_was_drawn_with(tmp_path: Path) -> None:
    root = swiss_then_robin(tmp_path)
    assert qualifiers(root)[:2] == (["T01", "T05", "T03", "T07"], ["T01", "T03", "T05", "T07"])
    correct(root)
    # No error (it was entry-not-in-stage at every table of T05's, and no way to publish):
    # the round robin is played by the teams drawn, T05 among them, and T06 waits outside.
    kept, field, warnings = qualifiers(root)
    assert kept == ["T01", "T07", "T03", "T05"] and field == ["T01", "T03", "T05", "T07"]
    (warning,) = [w for w in warnings if w.code == "qualifiers-changed"]
    assert warning.mark.file.name == "rr-round-1.yaml"
    # Round 2 of the Swiss was written by hand (no figures recorded at its draw): which round
    # the correction is in is not known, the figures the round robin was drawn on are.
    assert warning.message("zh-Hans") == ("阶段 rr 已按阶段 swiss 此前的晋级名单编排；swiss 的成绩后来改了："
                                          "胜场（编排时 → 现在）：T05 2 → 1、T07 1 → 2；按现在的成绩 T06（胜场 1）晋级，T05（胜场 1）不再晋级")
    # (each with its figure now, the one coming in too: the draw recorded only those drawn)
    assert "by the standings now T06 (wins 1) would qualify, T05 (wins 1) would not" in warning.message("en")
    hint = warning.hint("zh-Hans")
    assert "维持已编排的对阵" in hint and "T05 留在其中" in hint and "paibang pair gd rr" in hint
    # The build publishes the referee's decision, and both stage pages say it.
    swiss_page, robin_page = stage_pages(root, tmp_path / "site", "swiss", "rr")
    assert "本阶段的成绩在循环赛编排后更正过：按现在的成绩 T06 晋级，T05 不再晋级；" in swiss_page
    assert ("第 1 轮是按瑞士移位的成绩编排的，这些成绩后来改了：胜场（编排时 → 现在）：T05 2 → 1、T07 1 → 2；"
            "按现在的成绩 T06（胜场 1）晋级，T05（胜场 1）不再晋级；本阶段仍由编排时的参赛队进行。") in robin_page
    stages = json.loads((tmp_path / "site" / "events" / "gd" / "results.json").read_text(encoding="utf-8"))["stages"]
    assert stages[0]["qualifiers"] == ["T01", "T07", "T03", "T05"]
    assert stages[1]["stale_draws"][0] == {"round": 1, "entries": ["T06", "T05"], "drawn_on": {"stage": "swiss"},
                                           "moved": {"T05": {"drawn_on": 2, "now": 1}, "T07": {"drawn_on": 1, "now": 2}},
                                           "tables": [], "paired": []}
    # The referee redraws instead: the round robin's files deleted and drawn again, on T06.
    drop_rounds(root, "rr")
    assert main(["pair", "gd", "rr", "--all", "--content", str(root)]) == 0
    kept, field, warnings = qualifiers(root)
    assert field == ["T01", "T03", "T06", "T07"] and not [w for w in warnings if w.code == "qualifiers-changed"]


def test_the_correction_that_changed_the_qualifiers_is_named_by_its_round_and_table(tmp_path: Path) -> None:
    """rev39: qualifiers-changed named who came in and who went out, not which result of the
    Swiss was corrected, where the knockout's knockout-seeding-changed names the round and table.
    The Swiss's round 2 drawn by pair (its figures recorded), round 2's table 2 then turned round
    after the round robin was drawn: the warning, the round robin's page and results.json name
    round 2 table 2 (T05 – T07) and the figure it moved."""
    root, folder = swiss_and_robin_event(tmp_path)
    (folder / "results" / "round-1.yaml").write_text("stage: swiss\nround: 1\ntables:\n" + "".join(
        f"  - table: {t}\n    teams: [T0{2 * t - 1}, T0{2 * t}]\n    levels: {{T0{2 * t - 1}: {x}, T0{2 * t}: '{y}'}}\n"
        for t, (x, y) in enumerate((("A", 5), ("K", 6), ("Q", 7), ("J", 8)), start=1)), encoding="utf-8")
    assert main(["pair", "gd", "swiss", "--content", str(root)]) == 0
    second = folder / "results" / "round-2.yaml"
    levels = iter(("K", "10", "9", "8"))
    second.write_text(re.sub(r"    teams: \[(\w+), (\w+)\]\n",
                             lambda m: f"    teams: [{m[1]}, {m[2]}]\n    levels: {{{m[1]}: {next(levels)}, {m[2]}: '5'}}\n",
                             second.read_text(encoding="utf-8")), encoding="utf-8")
    assert "teams: [T05, T07]\n    levels: {T05: 10, T07: '5'}" in second.read_text(encoding="utf-8")
    assert main(["pair", "gd", "rr", "--all", "--content", str(root)]) == 0
    assert qualifiers(root)[1] == ["T01", "T03", "T05", "T08"]
    edit(second, "{T05: 10, T07: '5'}", "{T05: '5', T07: 10}")
    kept, field, warnings = qualifiers(root)
    assert field == ["T01", "T03", "T05", "T08"] and "T07" not in kept  # the draw stands: T03 plays on
    (warning,) = [w for w in warnings if w.code == "qualifiers-changed"]
    assert warning.message("zh-Hans") == ("阶段 rr 已按阶段 swiss 此前的晋级名单编排；swiss 的成绩后来改了："
                                          "第 2 轮第 2 桌（T05 – T07），胜场（编排时 → 现在）：T05 2 → 1；"
                                          "按现在的成绩 T07（胜场 2）晋级，T03（胜场 1）不再晋级")
    assert warning.message("en") == ("stage rr was drawn from the earlier qualifiers of stage swiss; a result of swiss "
                                     "has been corrected since: round 2 table 2 (T05 – T07); wins (at the draw → now): "
                                     "T05 2 → 1; by the standings now T07 (wins 2) would qualify, T03 (wins 1) would not")
    (robin_page,) = stage_pages(root, tmp_path / "site", "rr")
    assert "这些成绩后来改了：第 2 轮第 2 桌（T05 – T07），胜场（编排时 → 现在）：T05 2 → 1；按现在的成绩 T07（胜场 2）晋级" in robin_page
    stale = json.loads((tmp_path / "site" / "events" / "gd" / "results.json").read_text(encoding="utf-8"))["stages"][1]["stale_draws"][0]
    assert stale["tables"] == [{"round": 2, "table": 2}] and stale["moved"] == {"T05": {"drawn_on": 2, "now": 1}}


def test_a_tie_at_the_cut_a_correction_made_after_the_draw_is_said_once_as_the_draw_stands(tmp_path: Path) -> None:
    """rev39: round 2's table 2 corrected to T07 K, T05 5 after the round robin was drawn: T05
    and T06 tie at place 4 (1 win, -3 each). check said qualify-tie, "all of them advance", beside
    qualifiers-changed, "T06 would qualify, no one would not", the round robin played by the 4
    drawn; the Swiss's page said the round robin was played by "no one". One warning now says the
    tie, that the draw has T05 of it and not T06, and what the chief referee can do; the Swiss's
    page says the tie settled by the draw, as a knockout's. Either way the hint gives ends it."""
    root = swiss_then_robin(tmp_path)
    edit(root / "events" / "gd" / "results" / "round-2.yaml", '{T05: "K", T07: "10"}', '{T05: "5", T07: "K"}')
    kept, field, warnings = qualifiers(root)
    assert field == ["T01", "T03", "T05", "T07"] and kept == ["T01", "T07", "T03", "T05"]
    assert not {"qualify-tie", "qualifiers-changed"} & {w.code for w in warnings}
    (warning,) = [w for w in warnings if w.code == "qualify-tie-field-drawn"]
    assert warning.mark.file.name == "rr-round-1.yaml"
    assert warning.message("en") == (
        "stage rr was drawn from the earlier qualifiers of stage swiss; a result of swiss has been corrected since: "
        "wins (at the draw → now): T05 2 → 1, T07 1 → 2; by the standings now T05, T06 tie at place 4, and a tie at "
        "the cut lets every tied entry through, but rr was drawn with T05 of them, not T06, and is played by the "
        "entries drawn")
    assert "按现在的成绩第 4 名并列（T05、T06），名额处并列的本应全部晋级，但 rr 编排时只有其中的 T05，没有 T06" \
        in warning.message("zh-Hans")
    hint = warning.hint("en")
    assert "lots: [T05, T06]" in hint and "paibang pair gd rr" in hint
    swiss_page, robin_page = stage_pages(root, tmp_path / "site", "swiss", "rr")
    assert "T05、T06 在晋级名额处并列：循环赛已按此前的编排进行，T05 晋级，T06 未晋级。" in swiss_page
    assert "无人" not in swiss_page
    assert "按现在的成绩第 4 名并列（T05、T06），名额处并列的本应全部晋级，但本阶段编排时只有其中的 T05，没有 T06；" \
           "本阶段仍由编排时的参赛队进行。" in robin_page
    # The hint's first way: the tie broken as the draw did, and nothing is left to say.
    event = root / "events" / "gd" / "event.yaml"
    original = event.read_text(encoding="utf-8")
    event.write_text(original.replace(f"{RANK}, advance", "rank_by: [wins, level_diff, lot], lots: [T05, T06], advance"),
                     encoding="utf-8")
    kept, field, warnings = qualifiers(root)
    assert kept == ["T01", "T07", "T03", "T05"] and field == ["T01", "T03", "T05", "T07"]
    assert not {"qualify-tie", "qualifiers-changed", "qualify-tie-field-drawn"} & {w.code for w in warnings}
    # Its second way: the round robin drawn again, every tied entry in it.
    event.write_text(original, encoding="utf-8")
    drop_rounds(root, "rr")
    assert main(["pair", "gd", "rr", "--all", "--content", str(root)]) == 0
    kept, field, warnings = qualifiers(root)
    assert field == ["T01", "T03", "T05", "T06", "T07"]
    assert not {"qualifiers-changed", "qualify-tie-field-drawn"} & {w.code for w in warnings}


def test_every_round_of_a_round_robin_drawn_at_once_follows_its_stages_file_naming(tmp_path: Path, capsys) -> None:
    """rev39: pair --all wrote the round robin's rr-round-1.yaml and rr-round-2.yaml (the Swiss
    has round-1.yaml and round-2.yaml), then round-3.yaml, as if a round of the Swiss. Every round
    of the stage now takes the stage's name, --dry-run saying the same; a round-3.yaml written so
    before still reads, its page where it was (a round's URL is its stage's and its number)."""
    root, _ = swiss_and_robin_event(tmp_path / "dry")
    results = root / "events" / "gd" / "results"
    write_swiss(results.parent)
    capsys.readouterr()
    assert main(["pair", "gd", "rr", "--all", "--dry-run", "--content", str(root)]) == 0
    said = capsys.readouterr().out
    assert [Path(p).name for p in re.findall(r"(\S+\.yaml)", said)] == ["rr-round-1.yaml", "rr-round-2.yaml", "rr-round-3.yaml"], said
    root = swiss_then_robin(tmp_path)
    results = root / "events" / "gd" / "results"
    assert sorted(p.name for p in results.glob("*.yaml")) == ["round-1.yaml", "round-2.yaml", "rr-round-1.yaml",
                                                               "rr-round-2.yaml", "rr-round-3.yaml"]
    # Content drawn before, with the old name: read as round 3 of the round robin, its page at rr/round-3/.
    third = (results / "rr-round-3.yaml").read_text(encoding="utf-8")
    (results / "rr-round-3.yaml").rename(results / "round-3.yaml")
    _, event_results, warnings = validate(root)
    assert [r.number for r in event_results[0].stages[1].rounds] == [1, 2, 3]
    out = tmp_path / "site"
    build(root, out, bulletins=False)
    page = shown((out / "events" / "gd" / "rr" / "round-3" / "index.html").read_text(encoding="utf-8"))
    sides = re.findall(r"teams: \[(T\d+), (T\d+)\]", third)
    assert len(sides) == 2 and all(a in page and b in page for a, b in sides)


def test_an_entry_at_no_table_of_a_stage_fully_drawn_scores_no_bye(tmp_path: Path) -> None:
    """A round robin of T01-T04 whose 3 rounds are all written without T04: it was given no bye
    (it stood first on 3 wins, byes it never had); entry-not-played says it. While rounds are
    still to draw, it is a late entry, scored a bye a round missed (event-day.md)."""
    root, folder = guandan_event(tmp_path, 4, ROBIN, draw_seed=False)
    for number, (a, b, bye) in enumerate((("T01", "T02", "T03"), ("T01", "T03", "T02"), ("T02", "T03", "T01")), start=1):
        (folder / "results" / f"round-{number}.yaml").write_text(
            f"stage: rr\nround: {number}\ntables:\n  - {{table: 1, teams: [{a}, {b}], levels: {{{a}: A, {b}: \"5\"}}}}\n"
            f"  - {{table: 2, teams: [{bye}]}}\n", encoding="utf-8")
    _, results, warnings = validate(root)
    (robin,) = results[0].stages
    wins = {s.entry.id: s.tally.metrics.get("wins", 0) for s in robin.standings}
    assert wins == {"T01": 3, "T02": 2, "T03": 1, "T04": 0} and robin.late == {}
    assert "entry-not-played" in {w.code for w in warnings}
    (folder / "results" / "round-3.yaml").unlink()  # round 3 still to draw: T04 is late, a bye each
    _, results, _ = validate(root)
    assert results[0].stages[0].late == {"T04": [1, 2]}


def test_the_desk_says_the_correction_and_never_ranks_an_event_with_errors(tmp_path: Path, desk_of) -> None:  # noqa: F811
    root = swiss_then_robin(tmp_path)
    running = desk_of(root)
    secretary = Secretary(running)
    status, page = secretary.post("swiss/2/2", "save", level_a="5", level_b="A")
    said = shown(page)
    assert status == 200 and 'id="saved"' in page
    assert "第 1 轮是按瑞士移位的成绩编排的，这些成绩后来改了：胜场（编排时 → 现在）：T05 2 → 1、T07 1 → 2；" \
           "按现在的成绩 T06（胜场 1）晋级，T05（胜场 1）不再晋级" in said, said
    # A hand edit with an error (Z is no level): scored anyway, round 2 would count no more and
    # T05 rank 2nd "after round 1"; the standings stay the last ones without errors, said so.
    status, before = fetch(f"{running.base}/standings")
    path = root / "events" / "gd" / "results" / "round-2.yaml"
    edit(path, 'T01: "A"', 'T01: "Z"')
    running.desk.load()
    assert running.desk.errors
    for view in ("standings", "screen"):
        status, page = fetch(f"{running.base}/{view}")
        said = f"成绩文件有 {len(running.desk.errors)} 处错误，正在改正：下面是最后一次没有错误时的名次。"
        assert status == 200 and said in shown(page)
    status, page = fetch(f"{running.base}/standings")
    rows = re.findall(r'data-entry="(T\d+)"', page)
    assert rows == re.findall(r'data-entry="(T\d+)"', before) and rows[:8] == ["T01", "T07", "T03", "T06", "T05", "T02", "T08", "T04"]


def test_a_table_decided_by_a_withdrawal_gets_no_score_sheet(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A round robin of T01-T04, T04 `withdrawn: 2`, drawn by pair: its round-2 and round-3
    matches are its forfeits (the draw notice says 不必入座). `paibang print` printed a score
    sheet for each, and the desk's QR slips linked to a table page that answers 410."""
    from generator.render.bulletins import round_forms
    from support import withdraw

    root, folder = guandan_event(tmp_path, 4, ROBIN)
    withdraw(folder, "T04", 2)
    assert main(["pair", "gd", "rr", "--all", "--content", str(root)]) == 0
    _, results, _ = validate(root)
    (round_2,) = [r for r in results[0].stages[0].rounds if r.number == 2]
    gone = [s.table.number for s in round_2.tables if "T04" in s.table.sides]
    assert round_2.unplayed == gone and len(round_2.tables) == 2
    printed = [page["table"] for form in round_forms(results[0], "rr", 2, "zh-Hans") for page in form.pages if "table" in page]
    assert printed == [str(s.table.number) for s in round_2.tables if s.table.number not in gone]
    running = desk_of(root)
    status, page = fetch(f"{running.secretary}/admin/sheets/rr/2", opener=Secretary(running).opener)
    assert status == 200 and all((f"/t/rr/2/{t.table.number}?" in page) == (t.table.number not in gone)
                                 for t in round_2.tables)


def test_a_stale_draw_is_said_at_a_table_it_changes_in_paths_from_here_once(tmp_path: Path, capsys, monkeypatch) -> None:
    """Round 2 of the Swiss drawn by pair on round 1, then round 1's table 3 corrected (T06 won):
    the warning points at round 2's table of T05 (T05 v T07), whose pairing would change, not at
    its table 1 (T01 v T03), as it did whoever sat there; `check --content .` run in content/ prints paths from there (it printed content/events/…,
    no such path there); and `pair` of the round robin does not repeat it (check lists it)."""
    root, folder = swiss_and_robin_event(tmp_path)
    first = folder / "results" / "round-1.yaml"
    first.write_text("stage: swiss\nround: 1\ntables:\n" + "".join(
        f"  - table: {t}\n    teams: [T0{2 * t - 1}, T0{2 * t}]\n    levels: {{T0{2 * t - 1}: A, T0{2 * t}: \"{t + 1}\"}}\n"
        for t in range(1, 5)), encoding="utf-8")
    assert main(["pair", "gd", "swiss", "--content", str(root)]) == 0
    second = folder / "results" / "round-2.yaml"
    second.write_text(re.sub(r"    teams: \[(\w+), (\w+)\]\n", r"    teams: [\1, \2]\n    levels: {\1: K, \2: '5'}\n",
                             second.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["pair", "gd", "rr", "--content", str(root)]) == 0
    edit(first, '{T05: A, T06: "4"}', '{T05: "4", T06: A}')
    _, _, warnings = validate(root)
    (stale,) = [w for w in warnings if w.code == "draw-standings-changed"]
    seated = stale.mark.line
    lines = second.read_text(encoding="utf-8").splitlines()
    sides = next(line for line in lines[seated:] if "teams:" in line)
    assert stale.mark.file == second and "T05" in sides and "teams: [T01" not in sides, (seated, sides)
    monkeypatch.chdir(root)
    capsys.readouterr()
    main(["check", "--content", "."])
    assert f"\nevents/gd/results/round-2.yaml:{seated}:" in "\n" + capsys.readouterr().err
    # From a sibling folder, content given as ../content: paths from there (rev44: content/events/…
    # was said, no such path from the sibling).
    (tmp_path / "notes").mkdir()
    monkeypatch.chdir(tmp_path / "notes")
    main(["check", "--content", "../content"])
    assert f"\n../content/events/gd/results/round-2.yaml:{seated}:" in "\n" + capsys.readouterr().err
    monkeypatch.chdir(root)
    assert main(["pair", "gd", "rr", "--content", "."]) == 0
    assert "draw-standings-changed" not in capsys.readouterr().err


def test_a_round_robin_drawn_by_hand_with_a_wrong_team_is_an_error_a_made_up_draw_order_does_not_hide(
        tmp_path: Path) -> None:
    """Round 1 written by hand (or by a pair that did not record the field): T05 drawn and no
    longer qualified is a mistake as far as check can tell (entry-not-in-stage, an error), the
    hint says to fix the id or draw again. rev44: the hint gave a # draw-order: line to add, and
    that line, its figures made up, made check clean, T06 (a real qualifier) unsaid and both
    stage pages say a correction that never was: such a line is no record, the error stays."""
    root = swiss_then_robin(tmp_path)
    path = root / "events" / "gd" / "results" / "rr-round-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(?m)^# draw-order:.*\n", "", text), encoding="utf-8")
    correct(root)
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    errors = [p for p in caught.value.problems if not p.warning]
    assert {(p.code, p.params["id"]) for p in errors} == {("entry-not-in-stage", "T05")}
    hint = errors[0].hint("en")
    assert "draw-order" not in hint and "paibang pair" in hint and "stage rr" in hint, hint
    path.write_text("# draw-order: T01=0 T07=0 T05=0 T03=0\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ContentErrors) as again:
        validate(root)
    assert {(p.code, p.params["id"]) for p in again.value.problems if not p.warning} == {("entry-not-in-stage", "T05")}
    assert not [p for p in again.value.problems if p.code == "qualifiers-changed"]


def test_a_field_that_only_grew_or_only_shrank_says_one_side(tmp_path: Path) -> None:
    """The Swiss's advance count changed after the round robin was drawn on its top 4: to 5, T06
    would qualify and no drawn team drops out; to 3, T07 would not and nobody comes in. The
    warning said "T06 would qualify, no one would not" (按现在的成绩 T06 晋级，无人 不再晋级) and
    its hint "played by the entries drawn, no one among them"; each says only the side there is.
    (No result was corrected: the warning is qualifiers-advance-changed, naming the count.)"""
    root = swiss_then_robin(tmp_path)
    event = root / "events" / "gd" / "event.yaml"
    drawn = event.read_text(encoding="utf-8")
    said = {}
    for count in (5, 3):
        event.write_text(drawn.replace("count: 4", f"count: {count}"), encoding="utf-8")
        (warning,) = [w for w in qualifiers(root)[2] if w.code == "qualifiers-advance-changed"]
        said[count] = {locale: (warning.message(locale), warning.hint(locale)) for locale in ("en", "zh-Hans", "zh-Hant")}
        assert not [text for pair in said[count].values() for text in pair if "no one" in text or "无人" in text
                    or "無人" in text], said[count]
    assert said[5]["en"][0].endswith(": by the standings now T06 would qualify as well")
    assert "rr is still played by the entries drawn, T06 not among them." in said[5]["en"][1]
    assert said[5]["zh-Hans"][0].endswith("：按现在的设置 T06 也晋级")
    assert "仍由编排时的参赛队进行，T06 不在其中。" in said[5]["zh-Hans"][1]
    assert said[5]["zh-Hant"][0].endswith("：按現在的設定 T06 也晉級")
    assert said[3]["en"][0].endswith(": by the standings now T07 would no longer qualify")
    assert "rr is still played by the entries drawn, T07 among them." in said[3]["en"][1]
    assert said[3]["zh-Hans"][0].endswith("：按现在的设置 T07 不再晋级")
    assert said[3]["zh-Hant"][0].endswith("：按現在的設定 T07 不再晉級")
    assert "仍由編排時的參賽隊進行，T07 留在其中。" in said[3]["zh-Hant"][1]
    # the stage pages say it as the warning does
    event.write_text(drawn.replace("count: 4", "count: 5"), encoding="utf-8")
    (robin_page,) = stage_pages(root, tmp_path / "site", "rr")
    assert "按现在的设置 T06 也晋级；本阶段仍由编排时的参赛队进行。" in robin_page and "无人" not in robin_page


def test_an_advance_count_changed_after_the_draw_is_said_as_a_setting_not_a_correction(tmp_path: Path) -> None:
    """The Swiss's advance count changed in event.yaml (4 -> 3, then 4 -> 5) after the round
    robin was drawn, no result touched: qualifiers-changed said a result of the Swiss had been
    corrected ("no wins changed, but the order the draw read did (T07)"). The warning names the
    setting, the count at the draw (the 4 entries round 1's # draw-order: records) and now, and
    the hint how to keep the draw or draw again."""
    for new, moved, en in (("3", "T07 不再晋级", "T07 would no longer qualify"), ("5", "T06 也晋级", "T06 would qualify as well")):
        root = swiss_then_robin(tmp_path / new)
        event = root / "events" / "gd" / "event.yaml"
        edit(event, "count: 4", f"count: {new}")
        _, field, warnings = qualifiers(root)
        assert field == ["T01", "T03", "T05", "T07"] and not [w for w in warnings if w.code == "qualifiers-changed"]
        (warning,) = [w for w in warnings if w.code == "qualifiers-advance-changed"]
        assert warning.message("zh-Hans") == (f"阶段 rr 是按阶段 swiss 当时的设置编排的，此后 event.yaml 中的设置改了"
                                              f"（晋级名额 4 → {new}），编排时所用的成绩都没有改：按现在的设置 {moved}")
        assert warning.message("en") == ("stage rr was drawn from the qualifiers of stage swiss under settings of swiss "
                                         f"changed since in event.yaml (advance count 4 → {new}), and no result the draw "
                                         f"read has changed: by the standings now {en}")
        assert "corrected" not in warning.message("en")
        hint = warning.hint("en")
        assert "set stage swiss back in event.yaml to its settings at the draw (advance: {count: 4, to: rr})" in hint
        assert "To draw rr again on the settings now" in hint
        assert "paibang pair gd rr" in hint
        # both stage pages say the count changed, neither a correction
        robin_page, swiss_page = stage_pages(root, tmp_path / new / "site", "rr", "swiss")
        assert (f"第 1 轮是按瑞士移位当时的设置编排的，此后设置改了（晋级名额 4 → {new}），成绩都没有改：按现在的设置 {moved}；"
                "本阶段仍由编排时的参赛队进行。") in robin_page
        assert (f"本阶段的设置在循环赛编排后改了（晋级名额 4 → {new}），成绩都没有改：按现在的设置 {moved}；"
                "循环赛已编排，仍由编排时的参赛队进行。") in swiss_page
        for page in (robin_page, swiss_page):
            assert "更正" not in page and "成绩后来改了" not in page and "名次顺序变了" not in page


LOTS = "rank_by: [wins, lot], lots: [T06, T02, T03, T07]"


def test_a_tie_break_changed_after_the_draw_is_said_as_a_setting_with_its_value_then(tmp_path: Path) -> None:
    """The Swiss's rank_by changed after the round robin was drawn on its top 4 (T01, T05, T03,
    T07): its tie-break level_diff replaced by a lot that puts T06 and T02 first of the 1-win
    teams. No result changed: qualifiers-changed said one had ("no wins changed, but the order the
    draw read did"). The warning names the setting, its value at the draw (round 1's
    # draw-rules: records it) and now, who comes in and who goes out; the hint the rank_by to
    write back; both stage pages say a setting, not a correction."""
    root = swiss_then_robin(tmp_path)
    first = (root / "events" / "gd" / "results" / "rr-round-1.yaml").read_text(encoding="utf-8")
    assert "# draw-rules: count=4 rank_by=wins,level_diff drawn_as=round_robin\n" in first
    event = root / "events" / "gd" / "event.yaml"
    edit(event, RANK, LOTS)
    kept, field, warnings = qualifiers(root)
    assert field == ["T01", "T03", "T05", "T07"] and kept == ["T01", "T05", "T03", "T07"]
    assert "qualifiers-changed" not in {w.code for w in warnings}
    (warning,) = [w for w in warnings if w.code == "qualifiers-advance-changed"]
    assert warning.message("en") == (
        "stage rr was drawn from the qualifiers of stage swiss under settings of swiss changed since in event.yaml "
        "(ranking by wins, level difference → wins, lot), and no result the draw read has changed: by the standings "
        "now T06, T02 would qualify, T03, T07 would not")
    assert warning.message("zh-Hans").endswith("（排名依据 胜场、级差 → 胜场、抽签），编排时所用的成绩都没有改："
                                               "按现在的设置 T06、T02 晋级，T03、T07 不再晋级")
    assert "（排名依據 勝場、級差 → 勝場、抽籤）" in warning.message("zh-Hant"), warning.message("zh-Hant")
    assert "to its settings at the draw (rank_by: [wins, level_diff])" in warning.hint("en")
    (robin_page,) = stage_pages(root, tmp_path / "site", "rr")
    assert ("第 1 轮是按瑞士移位当时的设置编排的，此后设置改了（排名依据 胜场、级差 → 胜场、抽签），成绩都没有改："
            "按现在的设置 T06、T02 晋级，T03、T07 不再晋级；本阶段仍由编排时的参赛队进行。") in robin_page
    assert "成绩后来改了" not in robin_page
    # The hint's way back: rank_by as at the draw, and nothing is left to say.
    edit(event, LOTS, RANK)
    assert not {"qualifiers-changed", "qualifiers-advance-changed"} & {w.code for w in qualifiers(root)[2]}


def test_a_count_and_a_tie_break_changed_together_are_both_named(tmp_path: Path) -> None:
    """advance count 4 -> 3 and the tie-break changed in one edit after the draw: both settings
    named with their values at the draw and now, T06 in and T03, T07 out; the hint gives both
    back as event.yaml writes them."""
    root = swiss_then_robin(tmp_path)
    event = root / "events" / "gd" / "event.yaml"
    edit(event, f"{RANK}, advance: {{count: 4", f"{LOTS}, advance: {{count: 3")
    (warning,) = [w for w in qualifiers(root)[2] if w.code == "qualifiers-advance-changed"]
    assert "(advance count 4 → 3; ranking by wins, level difference → wins, lot)" in warning.message("en")
    assert warning.message("en").endswith("by the standings now T06 would qualify, T03, T07 would not")
    assert "（晋级名额 4 → 3；排名依据 胜场、级差 → 胜场、抽签）" in warning.message("zh-Hans")
    assert "(advance: {count: 4, to: rr}, rank_by: [wins, level_diff])" in warning.hint("en")
    assert "T03, T07 among them" in warning.hint("en")


def swiss_then_knockout(tmp_path: Path) -> Path:
    """The same Swiss, its top 4 (T01, T05, T03, T07) to a knockout whose round 1 pair draws."""
    root, folder = guandan_event(tmp_path, 8, f"  - {{id: swiss, name: 瑞士移位, format: swiss, rounds: 2, {RANK}, "
                                 "advance: {count: 4, to: ko}}\n  - {id: ko, name: 淘汰赛, format: knockout}\n")
    write_swiss(folder)
    assert main(["pair", "gd", "ko", "--content", str(root)]) == 0
    return root


def test_a_setting_changed_after_a_knockout_was_drawn_is_said_as_one(tmp_path: Path) -> None:
    """The stage advancing to a knockout, its tie-break changed after the knockout's round 1 was
    drawn: knockout-seeding-changed said its standings "have changed since: no wins changed, but
    the order the draw read did", as for a corrected result. Now the setting is named with its
    value at the draw (# draw-rules: in the knockout's round 1), the entries it brings in and
    leaves out, or, the same entries in it, whose seed differs; the bracket drawn stands. The
    count changed (4 -> 2) is named with its old value too, and the hint says the count to put
    back (the bracket of 4 drawn, played on: test_a_knockout_count_lowered_after_its_draw_...)."""
    root = swiss_then_knockout(tmp_path)
    assert "# draw-rules: count=4 rank_by=wins,level_diff drawn_as=knockout\n" in \
        (root / "events" / "gd" / "results" / "ko-round-1.yaml").read_text(encoding="utf-8")
    event = root / "events" / "gd" / "event.yaml"
    drawn = event.read_text(encoding="utf-8")
    event.write_text(drawn.replace(RANK, LOTS), encoding="utf-8")
    _, results, warnings = validate(root)
    assert [e.id for e in results[0].stages[1].field] == ["T01", "T05", "T03", "T07"]
    assert "knockout-seeding-changed" not in {w.code for w in warnings}
    (warning,) = [w for w in warnings if w.code == "qualifiers-advance-changed"]
    assert warning.message("en") == (
        "stage ko was drawn from the qualifiers of stage swiss under settings of swiss changed since in event.yaml "
        "(ranking by wins, level difference → wins, lot), and no result the draw read has changed: by the standings "
        "now T06, T02 would qualify, T03, T07 would not")
    assert "played by the entries drawn, in the seeds drawn (T01, T05, T03, T07)" in warning.hint("en")
    assert "按编排时的种子顺序（T01、T05、T03、T07）" in warning.hint("zh-Hans")
    ko_page, swiss_page = stage_pages(root, tmp_path / "site", "ko", "swiss")
    assert ("第 1 轮是按瑞士移位当时的设置编排的，此后设置改了（排名依据 胜场、级差 → 胜场、抽签），成绩都没有改："
            "按现在的设置 T06、T02 晋级，T03、T07 不再晋级；本阶段仍由编排时的参赛队进行。") in ko_page
    assert "成绩后来改了" not in ko_page
    assert "本阶段的设置在淘汰赛编排后改了（排名依据 胜场、级差 → 胜场、抽签）" in swiss_page
    # The same four in another order: whose seed differs is said.
    event.write_text(drawn.replace(RANK, "rank_by: [wins, lot], lots: [T07, T03, T06, T02]"), encoding="utf-8")
    (warning,) = [w for w in validate(root)[2] if w.code == "qualifiers-advance-changed"]
    assert warning.message("en").endswith("by the standings now the seeds would differ for T03, T07")
    assert warning.message("zh-Hans").endswith("按现在的设置 种子会不同的有 T03、T07")
    # The count: named with its value at the draw, and what to put back.
    event.write_text(drawn.replace("count: 4", "count: 2"), encoding="utf-8")
    (warning,) = [p for p in validate(root)[2] if p.code == "qualifiers-advance-changed"]
    assert "(advance count 4 → 2)" in warning.message("en")
    assert warning.message("en").endswith("by the standings now T03, T07 would no longer qualify")
    assert "(advance: {count: 4, to: ko})" in warning.hint("en")
    # A result corrected as well (T07 beat T05): said as a correction, the setting beside it.
    event.write_text(drawn.replace(RANK, LOTS), encoding="utf-8")
    correct(root)
    (warning,) = [w for w in validate(root)[2] if w.code == "knockout-seeding-changed"]
    assert ("wins (at the draw → now): T05 2 → 1, T07 1 → 2; besides, settings changed in event.yaml "
            "(ranking by wins, level difference → wins, lot)") in warning.message("en"), warning.message("en")
    # The knockout's page: the correction, then the setting in a note of its own naming who
    # moves by both, as the Swiss's page says it after its own note on the correction.
    ko_page, swiss_page = stage_pages(root, tmp_path / "site-both", "ko", "swiss")
    assert "此外，本阶段的设置也在淘汰赛编排后改了（排名依据 胜场、级差 → 胜场、抽签）" in swiss_page
    assert "已编排的对阵不会自动重排。 此外，瑞士移位的设置也在本阶段编排后改了（排名依据 胜场、级差 → 胜场、抽签）：" \
        "按现在的成绩和设置 " in ko_page and "event.yaml" not in ko_page


def play(path: Path, *winners: str) -> None:
    """Each table of a round file `pair` wrote played: its side among `winners` up to A, the other to 5."""
    def played(match: re.Match) -> str:
        a, b = match[1], match[2]
        win, lose = (a, b) if a in winners else (b, a)
        return f"    teams: [{a}, {b}]\n    levels: {{{win}: A, {lose}: '5'}}\n"
    path.write_text(re.sub(r"    teams: \[(\w+), (\w+)\]\n", played, path.read_text(encoding="utf-8")), encoding="utf-8")


def test_a_knockout_count_lowered_after_its_draw_is_played_as_drawn_with_one_warning(tmp_path: Path) -> None:
    """The Swiss's advance count lowered 4 -> 2 after the knockout's round 1 was drawn on its top 4:
    qualifiers-advance-changed said the bracket drawn stands, and beside it knockout-rounds, an
    error ("4 teams need 2 rounds, the count gives 1: change the count to the teams entering"),
    and the final, round 2, was refused as past the stage's 1 round. One warning now; the bracket
    of 4 is the stage's, its 2 rounds played and drawn as any knockout's: semi-finals T01 - T07,
    T05 - T03, then the final of their winners, the champion ranked first."""
    root = swiss_then_knockout(tmp_path)
    event = root / "events" / "gd" / "event.yaml"
    edit(event, "count: 4", "count: 2")
    _, results, warnings = validate(root)  # (no error)
    assert [w.code for w in warnings] == ["qualifiers-advance-changed"]
    knockout = results[0].stages[1]
    assert knockout.stage.rounds == 2 and [e.id for e in knockout.field] == ["T01", "T05", "T03", "T07"]
    folder = root / "events" / "gd" / "results"
    play(folder / "ko-round-1.yaml", "T01", "T05")
    assert main(["pair", "gd", "ko", "--content", str(root)]) == 0
    final = (folder / "ko-round-2.yaml").read_text(encoding="utf-8")
    assert re.findall(r"teams: \[(\w+), (\w+)\]", final) == [("T01", "T05")]
    play(folder / "ko-round-2.yaml", "T05")
    _, results, warnings = validate(root)
    assert [w.code for w in warnings] == [] and results[0].status == "complete"
    assert [(s.rank, s.entry.id) for s in results[0].stages[1].standings][:2] == [(1, "T05"), (2, "T01")]
    # A round past the bracket drawn is still refused, at its round: line.
    (folder / "ko-round-3.yaml").write_text("stage: ko\nround: 3\ntables:\n  - {table: 1, teams: [T01, T05]}\n",
                                            encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    (error,) = [p for p in caught.value.problems if not p.warning]
    assert (error.code, error.mark.file.name, error.mark.line, error.params["rounds"]) == ("results-round-range", "ko-round-3.yaml", 2, 2)


def errors_of(root: Path) -> list:
    """check's problems of the content, errors and warnings, when it has errors."""
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    return caught.value.problems


def test_a_round_robin_drawn_then_written_a_knockout_is_one_error_with_both_ways_on(tmp_path: Path) -> None:
    """The round robin's 3 rounds drawn by pair (--all) on the Swiss's top 4, then its format
    changed to knockout in event.yaml: check read the round robin's round 1 as a bracket, and
    round 3 as past a bracket of 4's 2 rounds (results-round-range); once the Berger order and the
    seeds differ, knockout-seeding-changed said the Swiss had been corrected, as no one had. One
    error now, at round 1's round:, naming the format drawn and the format written, its hint the
    two ways on; each of them leaves nothing to say."""
    root = swiss_then_robin(tmp_path)
    event = root / "events" / "gd" / "event.yaml"
    drawn = event.read_text(encoding="utf-8")
    event.write_text(drawn.replace("format: round_robin, rounds: 3", "format: knockout"), encoding="utf-8")
    (error,) = errors_of(root)
    assert (error.code, error.mark.file.name, error.mark.line) == ("stage-format-changed", "rr-round-1.yaml", 9)
    assert error.message("en") == ("round 1 of stage rr was drawn as a round robin by paibang pair, and event.yaml now "
                                   "writes the stage as a knockout: the rounds drawn are not counted until the two agree")
    assert error.message("zh-Hans") == ("阶段 rr 的第 1 轮是 paibang pair 按循环赛编排的，而 event.yaml 现在把这一阶段写成淘汰赛："
                                        "两者一致之前，已编排的各轮不计入")
    hint = error.hint("en")
    assert "put format: round_robin back in stage rr of event.yaml" in hint
    assert "delete its results files (rr-round-1.yaml, rr-round-2.yaml, rr-round-3.yaml;" in hint
    assert hint.endswith("then run paibang pair gd rr.")
    assert "改回 format: round_robin" in error.hint("zh-Hans") and "改回 format: round_robin" in error.hint("zh-Hant")
    # The first way: the format put back, the round robin as drawn.
    event.write_text(drawn, encoding="utf-8")
    assert qualifiers(root)[1:] == (["T01", "T03", "T05", "T07"], [])
    # The second: its files deleted and drawn again, as the knockout it now is.
    event.write_text(drawn.replace("format: round_robin, rounds: 3", "format: knockout"), encoding="utf-8")
    drop_rounds(root, "rr")
    assert main(["pair", "gd", "rr", "--content", str(root)]) == 0
    first = (root / "events" / "gd" / "results" / "rr-round-1.yaml").read_text(encoding="utf-8")
    assert "drawn_as=knockout" in first and "seeds: [T01, T05, T03, T07]" in first
    _, results, warnings = validate(root)
    assert warnings == [] and results[0].stages[1].stage.rounds == 2


def test_a_knockout_drawn_then_written_a_round_robin_is_the_same_error_not_a_seeds_line_to_delete(tmp_path: Path) -> None:
    """The reverse: the knockout's round 1 drawn (seeds: [T01, T05, T03, T07]), its format then
    changed to a round robin of 3 rounds. check said only that the seeds line does nothing and to
    delete it (round-seeds-unused), the bracket's semi-finals played on as a round robin's round
    1. A round 1 pair drew before it recorded the format (no drawn_as=) is known a knockout's by
    its seeds: the same error."""
    root = swiss_then_knockout(tmp_path)
    event = root / "events" / "gd" / "event.yaml"
    edit(event, "format: knockout", "format: round_robin, rounds: 3")
    (error,) = errors_of(root)
    assert (error.code, error.mark.file.name) == ("stage-format-changed", "ko-round-1.yaml")
    assert error.message("en").startswith("round 1 of stage ko was drawn as a knockout by paibang pair, and event.yaml "
                                          "now writes the stage as a round robin:")
    assert "階段 ko 的第 1 輪是 paibang pair 按淘汰賽編排的，而 event.yaml 現在把這一階段寫成循環賽" in error.message("zh-Hant")
    assert "put format: knockout back" in error.hint("en") and "(ko-round-1.yaml;" in error.hint("en")
    first = root / "events" / "gd" / "results" / "ko-round-1.yaml"
    edit(first, " drawn_as=knockout", "")
    assert [(p.code, p.params["was"]) for p in errors_of(root)] == [("stage-format-changed", "knockout")]


def test_a_round_robin_drawn_by_a_pair_not_recording_the_format_then_written_a_knockout_is_told(tmp_path: Path) -> None:
    """A round robin's round 1 drawn by a pair that wrote draw-rules but not yet drawn_as=, its
    format then changed to knockout: check read its tables as the bracket's semi-finals (the
    same pairs: Berger's 1 v 4, 2 v 3), its round 3 as past the bracket. Such a pair wrote a
    knockout's round 1 with its seeds, and only a knockout and a round robin write draw-rules:
    without seeds, a round robin's, the same error as for one recording it."""
    root = swiss_then_robin(tmp_path)
    first = root / "events" / "gd" / "results" / "rr-round-1.yaml"
    edit(first, " drawn_as=round_robin", "")
    assert "seeds:" not in first.read_text(encoding="utf-8")
    edit(root / "events" / "gd" / "event.yaml", "format: round_robin, rounds: 3", "format: knockout")
    (error,) = errors_of(root)
    assert (error.code, error.mark.file.name, error.params["was"]) == ("stage-format-changed", "rr-round-1.yaml",
                                                                      "round_robin")
    assert error.message("en").startswith("round 1 of stage rr was drawn as a round robin by paibang pair")
    # Put back, it is the round robin drawn, nothing said.
    edit(root / "events" / "gd" / "event.yaml", "format: knockout", "format: round_robin, rounds: 3")
    _, results, warnings = validate(root)
    assert warnings == [] and results[0].stages[1].stage.rounds == 3


def test_a_round_robin_drawn_before_draw_rules_then_written_a_knockout_cannot_be_told(tmp_path: Path) -> None:
    """Left as it is, because nothing on disk tells it (task h-qual6): a round robin's round 1
    drawn by a pair that wrote no draw-rules, alone (drawn a round at a time), its format then
    changed to knockout. Its tables are the bracket's first round, the same pairs (Berger's
    1 v 4, 2 v 3 over the standings' order is the bracket's 1 v 4, 2 v 3); one round file is
    what a knockout drawn by that pair, or by hand, has too; and no seeds: line is what a
    knockout drawn by hand, or before pair wrote seeds, has. So it is read as the knockout's
    round 1, with nothing to say; only a round past the bracket's would be said
    (results-round-range), as with the rounds drawn by pair --all."""
    root = swiss_then_robin(tmp_path)
    folder = root / "events" / "gd" / "results"
    (folder / "rr-round-2.yaml").unlink()
    (folder / "rr-round-3.yaml").unlink()
    first = folder / "rr-round-1.yaml"
    first.write_text(re.sub(r"# draw-rules: .*\n", "", first.read_text(encoding="utf-8")), encoding="utf-8")
    edit(root / "events" / "gd" / "event.yaml", "format: round_robin, rounds: 3", "format: knockout")
    _, results, warnings = validate(root)
    knockout = results[0].stages[1]
    assert warnings == [] and knockout.stage.format == "knockout"
    tables = [tuple(t.sides) for r in results[0].event.rounds["rr"] for t in r.tables]
    assert tables == [("T01", "T07"), ("T05", "T03")]
    assert [m.sides for m in knockout.bracket.round_matches(1)] == \
        [["T01", "T07"], ["T05", "T03"]]


def test_a_round_robin_drawn_then_written_a_swiss_pairs_on_as_a_swiss(tmp_path: Path) -> None:
    """A round robin of 4 whose round 1 pair drew and the tables played, then written a Swiss of
    3 rounds in event.yaml: no knockout on either side, so no stage-format-changed (rev61: it was
    an error since draw-rules recorded the format, where check passed before). check passes, and
    pair draws round 2 as a Swiss from round 1's results (the winners meet), where the round
    robin's Berger table would have drawn T01 v T05."""
    root, folder = swiss_and_robin_event(tmp_path)
    write_swiss(folder)
    assert main(["pair", "gd", "rr", "--content", str(root)]) == 0
    first = folder / "results" / "rr-round-1.yaml"
    assert "drawn_as=round_robin" in first.read_text(encoding="utf-8")
    played = iter(['levels: {T01: A, T07: "5"}', 'levels: {T05: "6", T03: K}'])  # T01 and T03 win
    first.write_text(re.sub(r"# deals: .*", lambda _: next(played), first.read_text(encoding="utf-8")),
                     encoding="utf-8")
    edit(folder / "event.yaml", "format: round_robin, rounds: 3", "format: swiss, rounds: 3")
    _, results, warnings = validate(root)
    assert [w.code for w in warnings] == [] and results[0].stages[1].rounds_played == 1
    assert main(["pair", "gd", "rr", "--content", str(root)]) == 0
    second = (folder / "results" / "rr-round-2.yaml").read_text(encoding="utf-8")
    assert re.findall(r"teams: \[(T\d+), (T\d+)\]", second) == [("T01", "T03"), ("T05", "T07")]


def test_the_primary_score_changed_after_the_draw_reads_the_draw_record_as_of_the_old_one(tmp_path: Path) -> None:
    """The Swiss's rank_by changed from [wins, level_diff] to [level_diff, wins] after the round
    robin was drawn on its top 4 by wins (T01 2, T05 2, T06 1 +10, T03 1 +8; T02 1 +6 out). By
    level difference T06 +10, T03 +8, T02 +6, T01 +3 qualify, T05 +2 does not, and T07 +2 is
    out either way. Round 1 records the wins the draw read (T01=2 T05=2 T06=1 T03=1): compared
    with the level differences now (event._recorded_field), a recorded 1 is behind T07's +2 and
    the record would be taken for one made up by hand, the round robin's field for the 4
    qualifying now, T05 drawn at no place in it. Read as the figures of the score ranked first at
    the draw (# draw-rules: rank_by=wins,...), the draw stands and the setting is named."""
    root, folder = swiss_and_robin_event(tmp_path)
    rounds = {1: [("T01", "T02", "A", "Q"), ("T03", "T04", "A", "5"), ("T05", "T06", "A", "K"), ("T07", "T08", "A", "J")],
              2: [("T01", "T03", "A", "K"), ("T05", "T07", "A", "K"), ("T02", "T04", "A", "6"), ("T06", "T08", "A", "3")]}
    write_swiss(folder, rounds)
    assert main(["pair", "gd", "rr", "--content", str(root)]) == 0
    first = (folder / "results" / "rr-round-1.yaml").read_text(encoding="utf-8")
    assert "# draw-order: T01=2 T05=2 T06=1 T03=1\n# draw-rules: count=4 rank_by=wins,level_diff" in first
    event = folder / "event.yaml"
    edit(event, RANK, "rank_by: [level_diff, wins]", 1)
    _, results, warnings = validate(root)
    swiss, robin = results[0].stages
    assert [(s.entry.id, s.tally.metrics["level_diff"]) for s in swiss.standings][:6] == [
        ("T06", 10), ("T03", 8), ("T02", 6), ("T01", 3), ("T05", 2), ("T07", 2)]
    assert sorted(e.id for e in robin.field) == ["T01", "T03", "T05", "T06"]
    assert [w.code for w in warnings] == ["qualifiers-advance-changed"]
    assert warnings[0].message("en") == (
        "stage rr was drawn from the qualifiers of stage swiss under settings of swiss changed since in event.yaml "
        "(ranking by wins, level difference → level difference, wins), and no result the draw read has changed: "
        "by the standings now T02 would qualify, T05 would not")
    assert "(rank_by: [wins, level_diff]); until then rr is still played by the entries drawn, T05 among them" \
        in warnings[0].hint("en")


def test_a_correction_and_a_setting_changed_together_are_both_said(tmp_path: Path) -> None:
    """Round 2's table 2 corrected (T07 beat T05) and the advance count raised to 5, both after the
    round robin was drawn: a correction, said as one, with the count changed beside it; T06, coming
    in, named with its figure now (the draw recorded only those drawn)."""
    root = swiss_then_robin(tmp_path)
    correct(root)
    event = root / "events" / "gd" / "event.yaml"
    edit(event, "count: 4", "count: 5")
    warnings = qualifiers(root)[2]
    assert "qualifiers-advance-changed" not in {w.code for w in warnings}
    (warning,) = [w for w in warnings if w.code == "qualifiers-changed"]
    assert warning.message("en").endswith(
        "wins (at the draw → now): T05 2 → 1, T07 1 → 2; besides, settings changed in event.yaml (advance count 4 → 5); "
        "by the standings now T06 (wins 1) would qualify as well")
    assert "；此外 event.yaml 中的设置也改了（晋级名额 4 → 5）；按现在的成绩 T06（胜场 1）也晋级" in warning.message("zh-Hans")
    # The pages: the Swiss's says the correction, then the setting; the round robin's says its
    # draw as the Swiss's does, the setting in a note of its own after the correction's (it
    # said it inside the correction's, as the warning does, event.yaml named on a reader's page).
    rr_page, swiss_page = stage_pages(root, tmp_path / "site", "rr", "swiss")
    assert "此外，本阶段的设置也在循环赛编排后改了（晋级名额 4 → 5）：上面说的晋级按的是现在的成绩和设置。" in swiss_page
    assert "按现在的成绩 T06（胜场 1）也晋级；本阶段仍由编排时的参赛队进行。已编排的对阵不会自动重排。" \
        " 此外，瑞士移位的设置也在本阶段编排后改了（晋级名额 4 → 5）：上面说的晋级按的是现在的成绩和设置。" in rr_page
    assert "event.yaml" not in rr_page


def test_a_tie_at_the_cut_a_setting_made_after_the_draw_is_said_as_the_setting(tmp_path: Path) -> None:
    """The Swiss's tie-break level_diff replaced by buchholz after the round robin was drawn: the
    1-win teams T02, T03, T06, T07 tie at place 3 (buchholz 2 each). qualify-tie-field-drawn said
    "a result of swiss has been corrected since: no wins changed, but the order the draw read did";
    no result was. The setting is named with its value at the draw, then the tie and who of it the
    draw has."""
    root = swiss_then_robin(tmp_path)
    event = root / "events" / "gd" / "event.yaml"
    edit(event, RANK, "rank_by: [wins, buchholz]")
    kept, field, warnings = qualifiers(root)
    assert field == ["T01", "T03", "T05", "T07"]
    assert not {"qualify-tie", "qualify-tie-field-drawn", "qualifiers-changed"} & {w.code for w in warnings}
    (warning,) = [w for w in warnings if w.code == "qualifiers-advance-changed"]
    assert warning.message("en").endswith(
        "(ranking by wins, level difference → wins, Buchholz), and no result the draw read has changed: by the standings "
        "now T02, T03, T06, T07 tie at place 3, and a tie at the cut lets every tied entry through, but the draw has "
        "T03, T07 of them, not T02, T06"), warning.message("en")
    assert "按现在的设置 第 3 名并列（T02、T03、T06、T07），名额处并列的本应全部晋级，但编排时只有其中的 T03、T07，没有 T02、T06" \
        in warning.message("zh-Hans"), warning.message("zh-Hans")
    assert "(rank_by: [wins, level_diff])" in warning.hint("en") and "T03, T07 among them" in warning.hint("en")
