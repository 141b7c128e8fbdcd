"""The draw notice (对阵表) as printed: a pairs round's movement built once for it, and its
Players column laid out so that long pair names do not wrap a word at a time at A4."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.render.bulletins import bulletins_for, printed_round, round_forms
from generator.tournament import pairing
from generator.tournament.pairing import draw_sheet
from tests.test_forms import PAIRS, pairs_drawn, pdf_text, result_of  # noqa: F401 (the fixture)


def test_a_pairs_rounds_draw_notice_builds_its_movement_once(pairs_drawn: Path,  # noqa: F811
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The notice needs the round's movement for its boards and for its text: it built it for
    each (round_boards, then _round_movement again)."""
    site, result = result_of(pairs_drawn, PAIRS)
    stage_result = result.stage_of("pairs")
    built = []
    original = pairing.movement_of
    monkeypatch.setattr(pairing, "movement_of", lambda *args: built.append(1) or original(*args))
    notice = draw_sheet(result.event, stage_result, stage_result.rounds[0], site.locale)
    assert len(built) == 1
    assert notice.rows[0][-1] and "移位" in notice.text  # the boards and the movement, as before


def test_paibang_print_of_a_pairs_round_builds_its_movement_once(pairs_drawn: Path,  # noqa: F811
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`paibang print` prints the notice and the forms: the forms found the round's boards
    again (round_forms through round_boards), a second build of the movement."""
    site, result = result_of(pairs_drawn, PAIRS)
    built = []
    original = pairing.movement_of
    monkeypatch.setattr(pairing, "movement_of", lambda *args: built.append(1) or original(*args))
    printed = printed_round(result, "pairs", 1, site.locale)
    assert len(built) == 1
    notice, *forms = printed
    assert notice.rows[0][-1] and "移位" in notice.text
    # the forms still have each table's boards: board 7's traveller, first at table 3, P03 v P13
    [travellers] = [form for form in forms if form.kind == "scoresheet"]
    assert next(row for row in travellers.rows if row[0] == "7")[:6] == ["7", "\u5357\u00b7\u53cc\u65b9", "1", "3", "P03", "P13"]
    assert travellers.rows == next(f for f in round_forms(result, "pairs", 1, site.locale) if f.kind == "scoresheet").rows


def test_the_builds_bulletins_build_an_unplayed_pairs_rounds_movement_once(pairs_drawn: Path,  # noqa: F811
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """`paibang build` (bulletins_for) posts the unplayed round's draw notice and its forms: each
    built the round's movement (the notice through round_seating, the forms through
    round_boards). Once for the round now, and once for the stage's movement card."""
    site, result = result_of(pairs_drawn, PAIRS)
    built = []
    original = pairing.movement_of
    monkeypatch.setattr(pairing, "movement_of", lambda *args: built.append(1) or original(*args))
    found = bulletins_for(result, site.locale)
    assert len(built) == 2  # round 1 (its notice and its forms), the card
    [travellers] = [b for b in found if b.kind == "scoresheet"]  # the forms still have each table's boards
    assert next(row for row in travellers.rows if row[0] == "7")[:6] == ["7", "\u5357\u00b7\u53cc\u65b9", "1", "3", "P03", "P13"]
    monkeypatch.setattr(pairing, "movement_of", original)
    assert travellers.rows == next(f for f in round_forms(result, "pairs", 1, site.locale) if f.kind == "scoresheet").rows
    assert any(b.name.startswith("draw-") and b.rows[0][-1] for b in found)  # the notice's boards


PLAYERS = [("Alexandra Montgomery", "Christopher Whitfield"), ("Bartholomew Fitzgerald", "Eleanor Ravensworth"),
           ("Maximilian Oppenheimer", "Genevieve Castellanos"), ("Sebastian Worthington", "Anastasia Villanueva"),
           ("Jonathan Blackwood", "Priscilla Hargreaves"), ("Theodore Kensington", "Rosalind Abernathy"),
           ("Nathaniel Pemberton", "Josephine Lockhart"), ("Frederick Ashcombe", "Wilhelmina Thornbury")]


def test_an_english_swiss_draw_notice_breaks_its_players_between_names_not_inside_one(tmp_path: Path) -> None:
    """Round 2 of an English Swiss (a Wins column beside each side): the Players columns read
    "Maximilian" above "Oppenheimer / Genevieve" above "Castellanos" at A4; now each name is
    whole on its line, the line breaking after "Maximilian Oppenheimer /"."""
    root = tmp_path / "content"
    (root / "events/e/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: Test\nlocale: en\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T{n:02d}, players: [{a}, {b}]}}\n" for n, (a, b) in enumerate(PLAYERS, 1))
    (root / "events/e/event.yaml").write_text(
        f"title: Spring Swiss\ngame: guandan\ndate: 2026-12-05\ndraw_seed: 7\norganizer: Club\nentries:\n{entries}"
        "stages:\n  - id: s\n    name: Swiss\n    format: swiss\n    rounds: 3\n    rank_by: [wins, level_diff]\n",
        encoding="utf-8")
    assert main(["pair", "e", "s", "--content", str(root)]) == 0
    first = root / "events/e/results/round-1.yaml"
    first.write_text(re.sub(r"(teams: \[(\w+), \w+\])", r"\1\n    deals: [\2+3]", first.read_text(encoding="utf-8")),
                     encoding="utf-8")
    assert main(["pair", "e", "s", "--content", str(root)]) == 0
    folder = tmp_path / "printed"
    assert main(["print", "e", "s", "--round", "2", "--content", str(root), "--output", str(folder)]) == 0
    text = pdf_text(folder / "draw-s-round-2.pdf")
    assert "Wins" in text
    lines = text.splitlines()
    for name in (name for pair in PLAYERS for name in pair):
        assert any(name in line for line in lines), name  # never "Maximilian" above "Oppenheimer"
