"""USEBIO XML export, read back: the demo pairs evening (participants, places, percentages, every
traveller line, the hand set) and the demo teams event (matches, IMPs, VPs, both rooms)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.build import validate
from generator.games.bridge import RULES
from generator.games.bridge.hands import parse_deal
from generator.interchange.usebio import export_usebio, read_usebio

from tests.support import demo_content


def demo(tmp_path: Path, slug: str):
    _, results, _ = validate(demo_content(tmp_path, slug))
    return results[0]


@pytest.fixture(scope="module")
def pairs(tmp_path_factory):
    result = demo(tmp_path_factory.mktemp("u"), "qiaoyou-club-pairs-2024")
    return result, export_usebio(result, "pairs", RULES)


def test_pairs_file_is_usebio_1_2(pairs):
    _, text = pairs
    root = ET.fromstring(text)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "PAIRS" and event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert event.findtext("DATE") == "16/10/2024"


def test_pairs_participants_read_back(pairs):
    result, text = pairs
    read = read_usebio(text)
    stage = result.stages[0]
    assert [p["PAIR_NUMBER"] for p in read.participants] == [s.entry.id for s in stage.standings]
    for found, standing in zip(read.participants, stage.standings):
        assert float(found["PERCENTAGE"]) == pytest.approx(standing.tally.metrics["percent"])
        assert found["PLACE"].rstrip("=") == str(standing.rank)
        assert found["PLAYERS"] == [p.name for p in standing.entry.players]
        assert found["DIRECTION"] == ("NS" if int(standing.entry.id[1:]) <= 10 else "EW")


def test_pairs_traveller_lines_read_back(pairs):
    result, text = pairs
    read = read_usebio(text)
    stage = result.stages[0]
    written = {(t.board, line.ns): line.row for t in RULES.travellers(stage.stage, stage.rounds) for line in t.lines}
    assert len(read.lines) == len(written) == 270
    for line in read.lines:
        row = written[(line.board, line.get("NS_PAIR_NUMBER"))]
        assert float(line.get("NS_MATCH_POINTS")) == pytest.approx(row.ns_value, abs=0.00005)
        assert float(line.get("EW_MATCH_POINTS")) == pytest.approx(row.ew_value, abs=0.00005)
        if row.adjusted is not None:
            assert line.get("ADJUSTED_SCORE") == row.adjusted.text
            continue
        assert int(line.get("SCORE")) == row.score
        if row.line.contract == "pass":
            assert line.get("CONTRACT") == "PASS"
        else:
            assert line.get("CONTRACT") == row.line.contract and line.get("PLAYED_BY") == row.line.declarer
            result_ = 0 if row.line.result == "=" else int(row.line.result)
            assert int(line.get("TRICKS")) == int(row.line.contract[0]) + 6 + result_


def test_pairs_handset_reads_back(pairs):
    result, text = pairs
    read = read_usebio(text)
    hands = RULES.options(result.stages[0].stage).hands
    assert len(read.hands) == 30
    for board, seats in read.hands.items():
        deal = parse_deal("N:" + " ".join(seats[s] for s in "NESW"))
        assert {s: h.suits for s, h in deal.items()} == {s: hands.deal(board).hand(s).suits for s in "NESW"}


def test_teams_matches_read_back(tmp_path):
    result = demo(tmp_path, "gaoxiao-bridge-teams-2024")
    read = read_usebio(export_usebio(result, "teams", RULES))
    stage = result.stages[0]
    assert read.event_type == "TEAMS" and len(read.matches) == 15
    views = {(r.number, t.table.number): t.view for r in stage.rounds for t in r.tables}
    for match in read.matches:
        view = views[(int(match["ROUND_NUMBER"]), int(match["TABLE_NUMBER"]))]
        assert (match["TEAM"], match["OPPOSING_TEAM"]) == (view.home, view.away)
        assert float(match["SCORE"]) == view.won[view.home] and float(match["OPPOSING_TEAM_SCORE"]) == view.won[view.away]
        assert float(match["VICTORY_POINTS"]) == view.vp[view.home]
        assert len(match["BOARDS"]) == 8
        for board, row in zip(match["BOARDS"], view.rows):
            assert float(board["IMPS"]) == row.home_imps
            assert [line["DIRECTION"] for line in board["LINES"]] == ["OPEN", "CLOSED"]
            assert [int(line["SCORE"]) for line in board["LINES"]] == [row.open_score, row.closed_score]
    assert [t["TEAM_NUMBER"] for t in read.participants] == [s.entry.id for s in stage.standings]
