"""A Guandan double forfeit (`forfeit: [T17, T29]`: neither team came) said of both teams where
a single forfeit is said of its one team: the credits roster, results.json, the draw notice of a
round written with it in advance; and for the draw, a meeting as one team's forfeit is."""

from __future__ import annotations

import json
import re
from pathlib import Path

from generator.build import validate
from generator.cli import main
from generator.tournament import pairing
from generator.tournament.credits import credits_roster
from tests.test_guandan_federation import SLUG, build, played


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


def test_a_double_forfeit_is_a_meeting_for_the_draw_as_one_teams_forfeit_is(tmp_path):
    """The decision (pairing.history_of): a table drawn and decided without play, one team's
    forfeit or both teams', counts as the two having met; the next draws keep them apart, and
    check's draw-rematch reads the same."""
    root = _small(tmp_path, "guandan", "T", "{table: 1, teams: [T01, T02], forfeit: [T01, T02]}")
    _, results, _ = validate(root)
    met, byes = pairing.history(results[0].stages[0])
    assert frozenset({"T01", "T02"}) in met and byes == {"T03": 1}
