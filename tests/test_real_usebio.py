"""Real club sessions scored by Compscore3 and published as USEBIO 1.2 (tests/data/real/, see its
README): `paibang import` writes the event, paibang scores it, and every figure the file
publishes is reproduced — each NS score, each board's IMPs or matchpoints both ways, each
pair's total, percentage and place.

- a Butler Mitchell ranked by direction, with an adjusted (average-average) board;
- a cross-IMP Howell of 9 pairs: a pair sits out every round; the totals are thirds;
- a matchpoint Mitchell of 7 NS and 6 EW pairs: an NS pair sits out every round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.games.bridge.duplicate import cross_imps, cross_imps_exact

DATA = Path(__file__).resolve().parent / "data" / "real"
BUTLER = DATA / "compscore_butler_mitchell.xml"
CROSS = DATA / "compscore_cross_imp_howell.xml"
MATCHPOINTS = DATA / "compscore_mp_pairs_mitchell_03.xml"


def imported(tmp_path: Path, path: Path, capsys) -> tuple[Path, str]:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    code = main(["import", "club", str(path), "--content", str(content), "--lang", "en", "--strict"])
    out = capsys.readouterr().out
    assert code == 0, out
    return content / "events/club", out


def standings(folder: Path) -> dict[str, tuple]:
    _, results, _ = validate(folder.parents[1])
    stage = results[0].stage_of("pairs")
    return {s.entry.id: (s.rank, s.tally.metrics.get("imps"), s.tally.metrics.get("percent")) for s in stage.standings}


@pytest.mark.parametrize(("path", "figures"), [(BUTLER, 762), (CROSS, 342), (MATCHPOINTS, 417)],
                         ids=["butler", "cross-imps", "matchpoints"])
def test_every_published_figure_is_reproduced(tmp_path, capsys, path, figures):
    _, out = imported(tmp_path, path, capsys)
    assert f"all {figures} figures equal" in out


def test_butler_mitchell_adjusted_board_and_two_winners(tmp_path, capsys):
    folder, _ = imported(tmp_path, BUTLER, capsys)
    event = (folder / "event.yaml").read_text(encoding="utf-8")
    assert "scoring: butler" in event and "field: directions" in event and "rounds: 7" in event
    round_3 = (folder / "results/pairs-round-3.yaml").read_text(encoding="utf-8")
    assert "      15: A=/A=\n" in round_3  # <SCORE>A5050</SCORE>: 0 IMPs each way, as the file has
    found = standings(folder)
    # the file's places: 2NS first of the NS pairs with 73 IMPs, 1NS second with 42
    assert found["2NS"] == (1, 73, None) and found["1NS"] == (2, 42, None)


def test_cross_imp_howell_sit_outs_and_totals_in_thirds(tmp_path, capsys):
    folder, _ = imported(tmp_path, CROSS, capsys)
    rounds = sorted((folder / "results").iterdir())
    assert len(rounds) == 9
    sitting_out = []
    for path in rounds:
        text = path.read_text(encoding="utf-8")
        assert text.count("    ns: ") == 5  # four tables and the pair sitting out
        last = text.rstrip("\n").split("\n")
        assert last[-2].startswith("  - table: 5") and last[-1].startswith("    ns: ")
        sitting_out.append(last[-1].split(": ")[1])
    assert sorted(sitting_out) == sorted(f"P{n}" for n in (1, 2, 3, 5, 6, 7, 8, 9, 10))  # each pair once
    found = standings(folder)
    # published: P2 30.33, P10 30.00, P1 1.00; summed per board rounded they would be 30.34 and 0.99
    assert found["P2"] == (1, 30.33, None) and found["P10"] == (2, 30, None) and found["P1"][1] == 1


def test_cross_imps_are_summed_unrounded():
    """Three results 100, 0, 0 and a fourth 0: NS 100 beats each by 3 IMPs (3.0); each 0 loses 3
    to it and ties the others: -1 each. With thirds, shown rounded, summed exactly."""
    assert cross_imps_exact([100, 0, 0, 0]) == [3.0, -1.0, -1.0, -1.0]
    exact = cross_imps_exact([420, 0, -50, 100])
    assert cross_imps([420, 0, -50, 100]) == [round(v, 2) for v in exact]
    assert abs(sum(exact)) < 1e-9


def test_matchpoint_mitchell_ns_sit_out_and_two_fields(tmp_path, capsys):
    folder, out = imported(tmp_path, MATCHPOINTS, capsys)
    assert "2 a result beaten, from zero" in out
    for path in sorted((folder / "results").iterdir()):
        text = path.read_text(encoding="utf-8")
        assert text.count("    ns: ") == 7 and text.count("    ew: ") == 6  # 6 tables, an NS pair out
    found = standings(folder)
    assert found["3NS"] == (1, None, 62.78) and found["1NS"][0] == found["7NS"][0] == 3  # tied, as published


def test_compscore_writes_an_adjusted_board_in_the_score():
    from generator.commands.bridge_import import _compscore_adjusted

    assert _compscore_adjusted("A6040") == "A+/A-" and _compscore_adjusted("A5050") == "A=/A="
    assert _compscore_adjusted("A6060") == "A+/A+" and _compscore_adjusted("A7030") == "70%/30%"
    assert _compscore_adjusted("420") is None and _compscore_adjusted(None) is None
