"""PBN: tolerant reading (comments, `?`, `#`, voids, `1N`), deals and hand records, double dummy
from the file's own tags, and the export of a stage read back to the same results (round trip)
for the demo pairs evening and the demo teams event.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import validate
from generator.games.bridge import RULES
from generator.games.bridge.scoring import BoardRecord, Contract
from generator.games.bridge.duplicate import AdjustedRecord, imps
from generator.games.bridge.hands import DealError, PbnError, analyse, double_dummy_from_tags, parse_deal, parse_hand
from generator.interchange.pbn import (
    computed_score,
    export_stage,
    other_room,
    pairs_results,
    parse_contract,
    parse_pbn,
    record_from,
    table_results,
)

from tests.support import demo_content

ROOT = Path(__file__).resolve().parents[1]
EOQ = ROOT.parent / "shared/data/real-pbn/eoq2021_open_r2_teams.pbn"

TOLERANT = """% PBN 2.1
% <META name=Generator content="somebody">
[Event "Club night"] ; a comment after a tag
[Site "?"]
[Board "1"]
{ a comment
  over two lines }
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98..765432 - - -"]
[Contract "3NT"]
[Declarer "S"]
[Result "10"]

[Event "#"]
[Board "2"]
[Deal "W:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Contract "1N"]
[Declarer "?"]
[Result "?"]
"""


def test_reading_is_tolerant_of_comments_unknowns_and_copies():
    first, second = parse_pbn(TOLERANT)
    assert first.get("Event") == "Club night" and first.get("Site") is None  # "?" is unknown
    assert second.get("Event") == "Club night"  # "#": as in the previous game
    assert first.lines["Board"] == 5
    hands = parse_deal(first.get("Deal"))
    assert hands["N"].suits == ("AKQJ", "T98", "", "765432") and hands["E"] is None  # a void, unknown hands
    assert record_from(1, first.get("Contract"), first.get("Declarer"), first.get("Result")) == \
        BoardRecord(1, Contract(3, "NT"), "S", +1)
    assert record_from(2, second.get("Contract"), second.get("Declarer"), second.get("Result")) is None


def test_deal_starting_from_west_and_a_dash_void():
    hands = parse_deal("W:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765")
    assert hands["W"].suit("C") == "AKQJ" and hands["N"].suit("S") == "AKQJ" and hands["S"].hcp == 10
    assert parse_hand("AKQJT98765432.-.-.-").suits == ("AKQJT98765432", "", "", "")


def test_three_hands_give_the_fourth():
    hands = parse_deal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -")
    assert hands["W"].pbn() == "432.AKQJ.T98.765"


@pytest.mark.parametrize("deal", [
    "N:AKQJ.T98.765.43 - - -",          # 12 cards
    "N:AKQJ.T98.765 - - -",             # 3 suits
    "N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -",  # a card twice
    "N:AKQX.T98.765.432 - - -",         # no such card
])
def test_impossible_deals_are_refused(deal):
    with pytest.raises(DealError):
        parse_deal(deal)


def test_a_broken_tag_is_reported_with_its_line():
    with pytest.raises(PbnError) as caught:
        parse_pbn('[Board "1"]\n[Deal N:AKQ]\n')
    assert caught.value.line == 2


@pytest.mark.parametrize(("text", "expected"), [
    ("4SX", (Contract(4, "S", 1), False)), ("3NTXX", (Contract(3, "NT", 2), False)), ("1N", (Contract(1, "NT"), False)),
    ("Pass", (None, True)), ("?", (None, False)), (None, (None, False)),
])
def test_contracts(text, expected):
    assert parse_contract(text) == expected


@pytest.mark.skipif(not EOQ.is_file(), reason="shared/data/real-pbn is not here")
def test_double_dummy_and_par_from_the_file_tags():
    game = parse_pbn(EOQ.read_text(encoding="utf-8"))[0]
    dd = double_dummy_from_tags(game.tags)
    # [OptimumResultTable]: N NT 7, N S 7, N H 6, N D 6, N C 7; E NT 6 …; [OptimumScore "NS +90"]
    assert dd.tricks["N"] == {"NT": 7, "S": 7, "H": 6, "D": 6, "C": 7}
    assert dd.tricks["E"] == {"NT": 6, "S": 6, "H": 7, "D": 7, "C": 5}
    assert dd.par_score == 90 and dd.shown("N", "NT") == "1" and dd.shown("S", "H") == "–"


@pytest.mark.skipif(not EOQ.is_file(), reason="shared/data/real-pbn is not here")
def test_double_dummy_with_endplay_when_installed():
    pytest.importorskip("endplay")
    game = parse_pbn(EOQ.read_text(encoding="utf-8"))[0]
    hands = parse_deal(game.get("Deal"))
    from generator.games.bridge.hands import Deal

    found = analyse(Deal(11, hands))
    assert found is not None and found.source == "endplay"
    assert found.tricks == double_dummy_from_tags(game.tags).tricks and found.par_score == 90


def test_without_endplay_there_is_no_analysis(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    from generator.games.bridge.hands import Deal

    assert analyse(Deal(1, parse_deal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -"))) is None


# --- export, read back ------------------------------------------------------------------------------------


def demo(tmp_path: Path, slug: str):
    _, results, _ = validate(demo_content(tmp_path, slug))
    return results[0]


def test_pairs_export_reads_back_to_the_same_results(tmp_path):
    result = demo(tmp_path, "qiaoyou-club-pairs-2024")
    stage = result.stages[0]
    text = export_stage(result, "pairs", RULES)
    games = parse_pbn(text)
    assert len(games) == 30
    assert all(g.get("Deal") and len(parse_deal(g.get("Deal"))) == 4 for g in games)
    read = pairs_results(games)
    written = {(row.board, line.ns, line.ew): (line, row) for t in RULES.travellers(stage.stage, stage.rounds)
               for line in t.lines for row in [line.row]}
    assert len(read) == len(written) == 270
    for found in read:
        line, row = written[(found.board, found.ns, found.ew)]
        assert (int(found.table), int(found.round)) == (line.table, line.round)
        if row.adjusted is not None:
            assert found.record == AdjustedRecord(row.board, row.adjusted.ns, row.adjusted.ew)
            continue
        assert found.score == row.score == computed_score(found)
        assert (found.record.contract and str(found.record.contract) or "pass") == row.line.contract
        assert (found.record.lead or "") == row.line.lead
        assert float(found.fields["MP_NS"]) == pytest.approx(row.ns_value, abs=0.00005)
    totals = games[0].table("TotalScoreTable").rows
    assert [(int(r["Rank"]), r["PairId"]) for r in totals] == [(s.rank, s.entry.id) for s in stage.standings]
    assert [float(r["TotalPercentage"]) for r in totals] == [s.tally.metrics["percent"] for s in stage.standings]


def test_teams_export_reads_back_to_the_same_imps(tmp_path):
    result = demo(tmp_path, "gaoxiao-bridge-teams-2024")
    text = export_stage(result, "teams", RULES)
    read = table_results(parse_pbn(text))
    assert len(read) == 5 * 3 * 8 * 2
    partners = other_room(read)
    assert len(partners) == len(read)
    for index, found in enumerate(read):
        gain = imps(found.score - partners[index].score)
        assert found.fields["ScoreIMP"] == f"NS {gain} EW {-gain}"
        assert computed_score(found) == found.score
    totals = parse_pbn(text)[0].table("TotalScoreTable").rows
    stage = result.stages[0]
    assert [r["TeamId"] for r in totals] == [s.entry.id for s in stage.standings]


def test_pairs_file_becomes_results_files_with_the_same_standings(tmp_path):
    """Export the demo evening, read the PBN back into paibang results files, score them again:
    the same standings to the hundredth of a percent."""
    from generator.interchange.pbn import results_files

    result = demo(tmp_path / "a", "qiaoyou-club-pairs-2024")
    games = parse_pbn(export_stage(result, "pairs", RULES))
    content = tmp_path / "b" / "content"
    shutil.copytree(tmp_path / "a" / "content", content)
    folder = content / "events/qiaoyou-club-pairs-2024/results"
    for path in folder.glob("*.yaml"):
        path.unlink()
    for number, text in results_files(pairs_results(games), "pairs").items():
        (folder / f"round-{number}.yaml").write_text(text, encoding="utf-8")
    _, again, warnings = validate(content, strict=True)
    before = [(s.entry.id, s.rank, s.tally.metrics["percent"]) for s in result.stages[0].standings]
    after = [(s.entry.id, s.rank, s.tally.metrics["percent"]) for s in again[0].stages[0].standings]
    assert after == before and not warnings


def test_a_hostile_run_of_digits_is_refused_not_a_crash():
    from generator.interchange.pbn import small_int

    digits = "9" * 5000
    text = f'[Board "{digits}"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "{digits}"]\n[Score "NS {digits}"]\n'
    assert table_results(parse_pbn(text)) == []
    assert record_from(1, "4S", "N", digits) is None and small_int(digits) is None


def test_hands_file_with_a_hostile_board_number_is_reported(tmp_path):
    from generator.errors import Problems
    from generator.games.bridge.hands import read_hand_records

    path = tmp_path / "hands.pbn"
    path.write_text(f'[Board "{"9" * 5000}"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', encoding="utf-8")
    problems = Problems()
    records = read_hand_records(path, problems)
    assert records is not None and records.deals == {} and [p.code for p in problems.items] == ["bridge-hands-syntax"]


def round_trip_teams(tmp_path):
    """tests/data/teams-round-trip: a teams Swiss with an adjusted board written `A+` and one
    written as percentages, a bye and a late entry."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "tests/data/teams-round-trip", content / "events/rt")
    _, results, _ = validate(content)
    return results[0]


def test_teams_export_writes_adjusted_boards_in_both_rooms_and_plain_imp_scoring(tmp_path):
    """Every board of every match is in the file in both rooms (an adjusted one too: no
    contract, each side's percentage and IMPs), and a team match is `[Scoring "IMP"]`, as real
    teams files write it (eoq2021), not the pairs' cross-IMPs."""
    result = round_trip_teams(tmp_path)
    text = export_stage(result, "swiss", RULES)
    games = parse_pbn(text)
    assert len(games) == 5 * 2 * 2  # 5 matches of 2 boards, 2 rooms
    assert {g.get("Scoring") for g in games} == {"IMP"}
    adjusted = [g for g in games if g.get("ScorePercentage")]
    assert [(g.get("Round"), g.get("Table"), g.get("Board"), g.get("Room"), g.get("HomeTeam"), g.get("Contract"),
             g.get("ScorePercentage"), g.get("ScoreIMP")) for g in adjusted] == [
        ("1", "1", "1", "Open", "K1", "", "NS 60 EW 40", "NS 3 EW -3"),
        ("1", "1", "1", "Closed", "K2", "", "NS 40 EW 60", "NS -3 EW 3"),
        ("1", "2", "2", "Open", "K3", "", "NS 60 EW 40", "NS 3 EW -3"),
        ("1", "2", "2", "Closed", "K4", "", "NS 40 EW 60", "NS -3 EW 3")]
    assert "{Adjusted score A+/A-, home team K1}" in text


@pytest.mark.skipif(not EOQ.is_file(), reason="shared/data/real-pbn is not here")
def test_a_real_teams_file_says_imp_as_the_export_does():
    """The teams export's `[Scoring "IMP"]` (test above) is what a real teams file writes."""
    assert {g.get("Scoring") for g in parse_pbn(EOQ.read_text(encoding="utf-8"))} == {"IMP"}


def test_teams_export_says_the_vps_no_game_carries(tmp_path):
    """A bye's VPs and a late entry's are in the TotalScoreTable and in no game (a game is two
    teams' boards; PBN has no bye): the file says them, each with its round and VPs."""
    text = export_stage(round_trip_teams(tmp_path), "swiss", RULES)
    assert text.splitlines()[3] == ("% In TotalScoreTable and in no game (PBN has no bye, late entry's score or "
                                    "forfeit): round 1 K5 12 VP (bye); round 1 K6 8 VP (late entry)")
    assert not export_stage(demo(tmp_path / "demo", "gaoxiao-bridge-teams-2024"), "teams", RULES).splitlines()[3]


def test_a_knockout_bye_is_no_vps_missing_from_the_file(tmp_path):
    """A knockout's bye is a match won, not VPs the totals count: the export says nothing of it
    (it would have said `round 1 K1 12 VP (bye)`)."""
    content = tmp_path / "content"
    (content / "events/ko/results").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    (content / "events/ko/event.yaml").write_text(
        "title: KO\ngame: bridge\nentries:\n" + "".join(f"  - {{id: K{n}, players: [a{n}, b{n}, c{n}, d{n}]}}\n"
                                                       for n in (1, 2, 3))
        + "stages:\n  - {id: ko, name: KO, format: knockout, scoring: imps, boards: 1, seeding: [K1, K2, K3]}\n",
        encoding="utf-8")
    (content / "events/ko/results/ko-round-1.yaml").write_text(
        "stage: ko\nround: 1\ntables:\n  - {table: 1, home: K2, away: K3, boards: {1: {open: 4S N =, closed: 4S N -1}}}\n"
        "  - {table: 2, home: K1}\n", encoding="utf-8")
    _, results, _ = validate(content)
    assert [t.view.kind for t in results[0].stage_of("ko").rounds[0].tables] == ["played", "bye"]
    assert export_stage(results[0], "ko", RULES).splitlines()[3] == ""
