"""A Guandan double forfeit (`forfeit: [T17, T29]`: neither team came) said of both teams where
a single forfeit is said of its one team: the credits roster, results.json, the draw notice of a
round written with it in advance. And `paibang pair` giving the next round's bye to a team that
did not come to the round before (its forfeit, or one of a double forfeit; Guandan, 大怪路子,
80分): the draw stands, and pair warns, naming the team, the round and the fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.tournament import pairing
from generator.tournament.credits import credits_roster
from tests.support import new_event, withdraw
from tests.test_guandan_federation import SLUG, build, played

FORFEIT_LINE = "pair-bye-after-forfeit"


def _double_forfeit(folder: Path, number: int = 1) -> tuple[str, str]:
    """Round `number`'s first played table written as both teams' forfeit: its two teams."""
    path = folder / "results" / f"round-{number}.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r'teams: \[(\w+), (\w+)\]\n +levels: \{[^}]*\}', text)
    path.write_text(text.replace(found[0], f"teams: [{found[1]}, {found[2]}]\n    forfeit: [{found[2]}, {found[1]}]", 1),
                    encoding="utf-8")
    return found[1], found[2]


def test_a_double_forfeit_costs_both_teams_their_conduct_points(tmp_path):
    """The credits roster's `forfeit` (临时弃权者扣除操行分) read one team's `forfeit:` only: both
    teams of a double forfeit, no-shows each, were credited as participants."""
    folder = played(tmp_path, rounds=1)
    a, b = _double_forfeit(folder)
    with (folder / "event.yaml").open("a", encoding="utf-8") as file:
        file.write("credits: {participant: 1, finalist: 2, forfeit: -3}\n")
    _, results, _ = validate(folder.parents[1])
    lines = {line.name: line for line in credits_roster(results[0].event, results[0].stages)}
    for team in (a, b):
        for player in (f"\u7532{team[1:]}", f"\u4e59{team[1:]}"):
            assert (lines[player].points, lines[player].reasons) == (-3, [("forfeit", -3)]), lines[player]
    others = [line for name, line in lines.items() if name[1:] not in (a[1:], b[1:])]
    assert others and all(line.reasons != [("forfeit", -3)] for line in others)


def test_results_json_names_both_teams_of_a_double_forfeit(tmp_path):
    """Its table's `forfeit` was null with `winner` null: a draw, as outputs.md reads a null
    winner. Now both teams, as the file writes them."""
    folder = played(tmp_path, rounds=1)
    a, b = _double_forfeit(folder)
    out = build(folder, tmp_path)
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    table = next(t for t in data["stages"][0]["rounds"][0]["tables"] if set(t["sides"]) == {a, b})
    assert (table["forfeit"], table["winner"], table["both_absent"]) == ([a, b], None, True), table
    # one team's forfeit is still its id
    assert all(isinstance(t["forfeit"], (str, type(None))) for t in data["stages"][0]["rounds"][0]["tables"]
               if set(t["sides"]) != {a, b})


def test_the_draw_notice_says_a_double_forfeit_written_in_advance_of_both_teams(tmp_path):
    """A round drawn, a table written as both teams' forfeit before play (the referee's decision):
    the draw notice printed both teams' players as if they were to sit; one team's forfeit was
    said beside its players (弃权)."""
    folder = played(tmp_path, rounds=1)
    assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
    path = folder / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"teams: \[(\w+), (\w+)\]\n", text)
    a, b = found[1], found[2]
    path.write_text(text.replace(found[0], f"teams: [{a}, {b}]\n    forfeit: [{a}, {b}]\n", 1), encoding="utf-8")
    _, results, _ = validate(folder.parents[1])
    result = results[0]
    stage = result.stages[0]
    sheet = pairing.draw_sheet(result.event, stage, next(r for r in stage.rounds if r.number == 2), "zh-Hans")
    row = next(row for row in sheet.rows if a in row)
    assert row[row.index(a) + 1].endswith("\uff08\u5f03\u6743\uff09") and row[row.index(b) + 1].endswith("\uff08\u5f03\u6743\uff09"), row
    others = [row for row in sheet.rows if a not in row]
    assert others and not any("\u5f03\u6743" in cell for row in others for cell in row)


def test_no_score_sheet_is_printed_for_a_double_forfeit_written_in_advance(tmp_path):
    """The round's blank score sheets seated both teams of a table neither came to (a withdrawn
    team's table has none: not played). One team's forfeit keeps its sheet."""
    from generator.render.bulletins import round_forms

    folder = played(tmp_path, rounds=1)
    assert main(["pair", SLUG, "swiss", "--content", str(folder.parents[1])]) == 0
    path = folder / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    first, second = list(re.finditer(r"teams: \[(\w+), (\w+)\]\n", text))[:2]
    text = text.replace(first[0], f"teams: [{first[1]}, {first[2]}]\n    forfeit: [{first[1]}, {first[2]}]\n", 1)
    path.write_text(text.replace(second[0], f"teams: [{second[1]}, {second[2]}]\n    forfeit: {second[2]}\n", 1),
                    encoding="utf-8")
    _, results, _ = validate(folder.parents[1])
    sheets, = round_forms(results[0], "swiss", 2, "zh-Hans")
    seated = [page.get("teams") for page in sheets.pages]
    assert [first[1], first[2]] not in seated and [second[1], second[2]] in seated and len(seated) == 6, seated


# --- the next round's bye to a team that did not come --------------------------------------------


def _small(tmp_path: Path, game: str, prefix: str, first_table: str, stage: str = "") -> Path:
    """Three teams, round 1 written: `first_table` (1 v 2) and 3's bye; round 2 to draw."""
    root = tmp_path / game / "content"
    (root / "events/ev/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    size = 3 if game == "daguai" else 2
    entries = "".join(f"  - {{id: {prefix}0{i}, players: [{', '.join(f'{c}{i}' for c in '甲乙丙'[:size])}]}}\n"
                      for i in range(1, 4))
    (root / "events/ev/event.yaml").write_text(
        f"title: t\ngame: {game}\ndate: 2024-05-01\ndraw_seed: 1\nentries:\n{entries}"
        f"stages:\n  - {{id: main, name: m, format: swiss, rounds: 2{stage}}}\n", encoding="utf-8")
    side = "teams" if game == "guandan" else "home"
    bye = f"[{prefix}03]" if side == "teams" else f"{prefix}03"
    (root / "events/ev/results/round-1.yaml").write_text(
        f"stage: main\nround: 1\ntables:\n  - {first_table}\n  - {{table: 2, {side}: {bye}}}\n", encoding="utf-8")
    return root


def _pair(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    assert main(["pair", "ev", "main", "--content", str(root)]) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


@pytest.mark.parametrize("game, prefix, table, stage", [
    ("guandan", "T", "{table: 1, teams: [T01, T02], forfeit: T02}", ""),
    ("daguai", "D", "{table: 1, home: D01, away: D02, forfeit: D02}", ""),
    ("shengji", "H", "{table: 1, home: H01, away: H02, forfeit: H02}", ", boards: 4"),
])
def test_pair_warns_of_a_bye_to_a_team_that_forfeited_the_round_before(tmp_path, capsys, game, prefix, table, stage):
    """The bye goes, as the rules give it, to the lowest-ranked team without one: the team that did
    not come to round 1, scored a win (or the game's bye) for a round it is most likely absent
    from too. The draw stands; pair says so in one line, with the fix."""
    root = _small(tmp_path, game, prefix, table, stage)
    out, err = _pair(root, capsys)
    drawn = (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8")
    assert re.search(rf"(teams: \[{prefix}02\]|home: {prefix}02)\n", drawn), drawn  # the draw as the rules make it
    line = next(line for line in err.splitlines() if FORFEIT_LINE in line)
    assert (f"{prefix}02 \u5728\u7b2c 2 \u8f6e\u8f6e\u7a7a" in line and "\u7b2c 1 \u8f6e\u5f03\u6743" in line
            and "withdrawn: 2" in line and "round-1.yaml:4:" in line), err
    assert f"\u5728\u53c2\u8d5b\u540d\u5355\uff08entries.yaml \u6216 event.yaml\uff09\u4e2d {prefix}02 \u7684\u6761\u76ee\u4e0b\u5199 withdrawn: 2" in err, err
    # The fix as said: withdrawn from round 2, the round drawn again: no bye for it, no warning
    (root / "events/ev/results/round-2.yaml").unlink()
    event = root / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(f"{{id: {prefix}02, ", f"{{id: {prefix}02, withdrawn: 2, "),
                     encoding="utf-8")
    out, err = _pair(root, capsys)
    assert FORFEIT_LINE not in err and f"{prefix}02" not in (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8")


def test_pair_warns_of_a_bye_to_a_team_of_a_double_forfeit(tmp_path, capsys):
    root = _small(tmp_path, "guandan", "T", "{table: 1, teams: [T01, T02], forfeit: [T01, T02]}")
    out, err = _pair(root, capsys)
    bye = re.search(r"teams: \[(T0[12])\]\n", (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8"))[1]
    line = next(line for line in err.splitlines() if FORFEIT_LINE in line)
    assert f"{bye} \u5728\u7b2c 2 \u8f6e\u8f6e\u7a7a" in line and "\u7b2c 1 \u8f6e\u5f03\u6743" in line, err


def test_pair_says_nothing_of_a_bye_to_a_team_that_played(tmp_path, capsys):
    """A lost match is no forfeit: the lowest-ranked team's bye is said by nothing."""
    root = _small(tmp_path, "guandan", "T", "{table: 1, teams: [T01, T02], levels: {T01: 9, T02: 5}}")
    out, err = _pair(root, capsys)
    assert "teams: [T02]\n" in (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8")
    assert FORFEIT_LINE not in err, err


def _six(tmp_path: Path, withdrawn: dict[str, int]) -> Path:
    """Six Guandan teams ranked by wins then buchholz; round 1: T01 v T02 a double forfeit, T04
    and T05 winning the others; `withdrawn` entry -> its round. Round 2 to draw: with T02 gone,
    five teams, the bye to the lowest-ranked, T01 (no win, an opponent with none)."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\ndraw_seed: 1\n", "T0", 6,
                       "  - {id: main, name: m, format: swiss, rounds: 3, rank_by: [wins, buchholz]}\n")
    for entry, since in withdrawn.items():
        withdraw(folder, entry, since)
    root = folder.parents[1]
    (root / "events/ev/results/round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T02], forfeit: [T01, T02]}\n"
        "  - {table: 2, teams: [T03, T04], levels: {T03: 5, T04: 9}}\n"
        "  - {table: 3, teams: [T05, T06], levels: {T05: 9, T06: 5}}\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("since", [1, 2])
def test_pair_warns_of_the_bye_of_the_team_left_of_a_double_forfeit_with_a_withdrawn_team(tmp_path, capsys, since):
    """Neither T01 nor T02 came to round 1; T02 then withdraws (from round 2, or from round 1
    itself: round 1 was drawn before `withdrawn: 1` was written). T02 is not drawn and not
    warned of; T01, which forfeited and has not withdrawn, gets the bye and the warning.
    `withdrawn: 1` stopped pair: the double forfeit was an error (entry-withdrawn-played),
    nothing drawn."""
    root = _six(tmp_path, {"T02": since})
    out, err = _pair(root, capsys)
    drawn = (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8")
    assert "teams: [T01]\n" in drawn and "T02" not in drawn.split("tables:")[1], drawn
    lines = [line for line in err.splitlines() if FORFEIT_LINE in line]
    assert len(lines) == 1 and "T01 \u5728\u7b2c 2 \u8f6e\u8f6e\u7a7a" in lines[0] and "T02" not in lines[0], err


def test_pair_says_nothing_of_a_double_forfeit_whose_teams_both_withdrew(tmp_path, capsys):
    """T01 and T02, neither at round 1, both withdraw from round 2: neither is drawn, so no bye
    is said of either (four teams left, no bye at all)."""
    root = _six(tmp_path, {"T01": 2, "T02": 2})
    out, err = _pair(root, capsys)
    drawn = (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8").split("tables:")[1]
    assert "T01" not in drawn and "T02" not in drawn and "# bye" not in drawn, drawn
    assert FORFEIT_LINE not in err, err


def two_stages(tmp_path: Path, first_round: str) -> Path:
    """Three Guandan teams: a one-round stage `pre` (its round 1 written as `first_round`)
    advancing all three to the Swiss stage `main`, whose round 1 is to draw (by lot: its seed
    gives T03 the bye)."""
    root = tmp_path / "content"
    (root / "events/ev/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T0{i}, players: [\u7532{i}, \u4e59{i}]}}\n" for i in range(1, 4))
    (root / "events/ev/event.yaml").write_text(
        f"title: t\ngame: guandan\ndate: 2024-05-01\ndraw_seed: 3\nentries:\n{entries}stages:\n"
        "  - {id: pre, name: \u9884\u8d5b, format: swiss, rounds: 1, advance: {count: 3, to: main}}\n"
        "  - {id: main, name: \u4e3b\u8d5b, format: swiss, rounds: 2}\n", encoding="utf-8")
    (root / "events/ev/results/pre-round-1.yaml").write_text(f"stage: pre\nround: 1\ntables:\n{first_round}",
                                                             encoding="utf-8")
    return root


def test_pair_warns_of_a_bye_to_a_team_that_forfeited_the_last_round_of_the_stage_before(tmp_path, capsys):
    """T03 did not come to the qualifying stage's last round; the next stage's round 1 gives it
    the bye (the lowest-ranked), unsaid: the round before is the other stage's (rev79)."""
    root = two_stages(tmp_path, "  - {table: 1, teams: [T01, T03], forfeit: T03}\n  - {table: 2, teams: [T02]}\n")
    assert main(["pair", "ev", "main", "--content", str(root)]) == 0
    err = capsys.readouterr().err
    drawn = [p for p in (root / "events/ev/results").iterdir() if p.name != "pre-round-1.yaml"]
    assert len(drawn) == 1 and "teams: [T03]\n" in drawn[0].read_text(encoding="utf-8"), drawn
    line = next(line for line in err.splitlines() if "\u8f6e\u7a7a\uff08\u8f6e\u7a7a\u7167\u6837\u5f97\u5206\uff09" in line)
    assert ("T03 \u5728\u4e3b\u8d5b\u7b2c 1 \u8f6e\u8f6e\u7a7a" in line and "\u9884\u8d5b\u6700\u540e\u4e00\u8f6e" in line
            and "withdrawn: {stage: main, round: 1}" in line), err


def test_the_warning_speaks_english_too(tmp_path, capsys):
    root = _small(tmp_path, "guandan", "T", "{table: 1, teams: [T01, T02], forfeit: T02}")
    assert main(["pair", "ev", "main", "--content", str(root), "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "T02 has the bye in round 2 (a bye scores), but forfeited round 1 (did not come)" in err, err


def test_a_double_forfeit_is_a_meeting_for_the_draw_as_one_teams_forfeit_is(tmp_path):
    """The decision (pairing.history_of): a table drawn and decided without play, one team's
    forfeit or both teams', counts as the two having met; the next draws keep them apart, and
    check's draw-rematch reads the same."""
    root = _small(tmp_path, "guandan", "T", "{table: 1, teams: [T01, T02], forfeit: [T01, T02]}")
    _, results, _ = validate(root)
    met, byes = pairing.history(results[0].stages[0])
    assert frozenset({"T01", "T02"}) in met and byes == {"T03": 1}


@pytest.mark.parametrize("lang, said", [
    ("zh-Hans", "\u628a T02 \u5df2\u5199\u7684 withdrawn: 3\uff08event.yaml:7\uff09\u6539\u4e3a 2\uff0c"),
    ("zh-Hant", "\u628a T02 \u5df2\u5beb\u7684 withdrawn: 3\uff08event.yaml:7\uff09\u6539\u70ba 2\uff0c"),
    ("en", "change T02's withdrawn: 3 (event.yaml:7) to 2, delete round 2's file"),
])
def test_the_fix_of_a_bye_to_a_team_withdrawn_from_a_later_round_changes_its_withdrawn(tmp_path, capsys, lang, said):
    """T02 did not come to round 1 and already has `withdrawn: 3` written (it said it would leave
    after round 2): round 2's bye goes to it, and the fix is that withdrawal moved to round 2, not
    another `withdrawn: 2` written under its entry (a key twice: yaml-duplicate-key)."""
    root = _small(tmp_path, "guandan", "T", "{table: 1, teams: [T01, T02], forfeit: T02}")
    event = root / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 2", "rounds: 3")
                     .replace("{id: T02, ", "{id: T02, withdrawn: 3, "), encoding="utf-8")
    assert main(["pair", "ev", "main", "--content", str(root), "--lang", lang]) == 0
    err = capsys.readouterr().err
    assert "teams: [T02]\n" in (root / "events/ev/results/round-2.yaml").read_text(encoding="utf-8")
    assert said in err, err
    assert "entries.yaml" not in err, err  # (the entry list's "write it under its entry" is not said)


def test_the_fix_of_a_next_stages_bye_to_a_team_withdrawn_later_changes_its_withdrawn(tmp_path, capsys):
    """The stage variant: T03 did not come to the last round of `pre`, has `withdrawn: {stage:
    main, round: 2}` written, and gets round 1's bye of `main`: its withdrawal moved to round 1."""
    root = two_stages(tmp_path, "  - {table: 1, teams: [T01, T03], forfeit: T03}\n  - {table: 2, teams: [T02]}\n")
    withdraw(root / "events/ev", "T03", "{stage: main, round: 2}")
    assert main(["pair", "ev", "main", "--content", str(root), "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert ("change T03's withdrawn: {stage: main, round: 2} (event.yaml:8) to {stage: main, round: 1}, "
            "delete round 1's file of") in err, err
