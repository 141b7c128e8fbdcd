"""The seed's Da Guai Lu Zi event (seed 003, 上海化学工业区运动会): content, standings, pages,
results.json and bulletins.

The event is built alone (site.yaml and its own folder copied to a temporary content/), so these
tests do not depend on the other demo events.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from support import demo_content

ROOT = Path(__file__).resolve().parents[1]
SLUG = "chem-park-daguai-2016"
EVENT = f"events/{SLUG}"


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return demo_content(tmp_path_factory.mktemp("dg"), SLUG)


@pytest.fixture(scope="module")
def result(content: Path):
    _, results, warnings = validate(content, strict=True)
    assert not warnings
    return results[0]


@pytest.fixture(scope="module")
def site(content: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dg-site") / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    return out / EVENT


def test_the_seeds_event_16_teams_of_three_swiss_7_rounds_of_6_boards(result):
    event = result.event
    assert event.game == "daguai" and event.organizer == "上海化学工业区工会"
    assert [d.isoformat() for d in event.dates] == ["2016-08-19", "2016-08-20"]
    assert len(event.entries) == 16
    assert all(len(e.players) == 3 for e in event.entries.values())
    players = [p.name for e in event.entries.values() for p in e.players]
    assert len(set(players)) == 48
    stage = result.stages[0]
    assert stage.stage.format == "swiss" and stage.stage.rounds == 7 and stage.stage.boards == 6
    assert stage.stage.rank_by == ["match_points", "net", "scored", "heads", "lot"]
    assert len(stage.rounds) == 7


def test_every_team_plays_once_a_round_and_never_meets_an_opponent_twice(result):
    stage = result.stages[0]
    met = Counter()
    for round_result in stage.rounds:
        sides = [side for score in round_result.tables for side in score.table.sides]
        assert sorted(sides) == sorted(result.event.entries)
        for score in round_result.tables:
            met[frozenset(score.table.sides)] += 1
    assert max(met.values()) == 1


def test_every_played_match_has_six_boards_and_every_board_room_one_team_credited(result):
    for round_result in result.stages[0].rounds:
        for score in round_result.tables:
            if score.table.forfeit:
                continue
            assert [b["board"] for b in score.boards] == [1, 2, 3, 4, 5, 6]
            for b in score.boards:
                assert b["home"] + b["away"] == b["open"]["points"] + b["closed"]["points"]


def test_match_points_are_2_per_match(result):
    stage = result.stages[0]
    total = sum(s.tally.metrics["match_points"] for s in stage.standings)
    assert total == 2 * sum(len(r.tables) for r in stage.rounds)


def test_ranking_follows_the_seeds_tie_breaks_and_marks_the_top_8(result):
    standings = result.stages[0].standings
    keys = [tuple(s.tally.metrics[m] for m in ("match_points", "net", "scored", "heads")) for s in standings]
    assert keys == sorted(keys, reverse=True)
    assert [s.rank for s in standings] == list(range(1, 17))  # `lot` last: no shared ranks
    assert [s.prize.name if s.prize else None for s in standings] == ["录取"] * 8 + [None] * 8


def test_a_team_with_three_violations_sees_warning_then_1_then_3(result):
    found = []
    for round_result in result.stages[0].rounds:
        for score in round_result.tables:
            for v in score.extra.get("violations", []):
                found.append((v["entry"], v["number"], v["deduction"]))
    per_team = Counter(entry for entry, _, _ in found)
    three = [entry for entry, n in per_team.items() if n == 3]
    assert three, "the demo has a team with three violations"
    assert [(n, d) for entry, n, d in found if entry == three[0]] == [(1, 0), (2, 1), (3, 3)]
    assert all(d == 0 for entry, n, d in found if n == 1)


def test_the_forfeit_is_a_loss_not_a_disqualification(result):
    forfeits = [s for r in result.stages[0].rounds for s in r.tables if s.table.forfeit]
    assert len(forfeits) == 1
    score = forfeits[0]
    loser = score.table.forfeit
    winner = next(e for e in score.table.sides if e != loser)
    assert score.winner == winner
    assert score.extra["match_points"] == {winner: 2, loser: 0} or score.extra["match_points"] == {loser: 0, winner: 2}
    standing = result.stages[0].standing_of(loser)
    assert standing.rank is not None and not standing.tally.forfeited


def test_results_json_daguai_shape(site: Path):
    data = json.loads((site / "results.json").read_text(encoding="utf-8"))
    assert data["event"]["game"] == "daguai"
    stage = data["stages"][0]
    assert stage["standings"][0]["rank"] == 1
    assert set(stage["standings"][0]["metrics"]) == {"match_points", "net", "scored", "heads", "lot"}
    table = stage["rounds"][0]["tables"][0]
    assert set(table["boards"][0]) >= {"board", "home", "away"}
    assert set(table["match_points"]) == set(table["sides"])
    assert "13916000001" not in (site / "results.json").read_text(encoding="utf-8")


def test_stage_page_explains_every_tie_break(site: Path):
    html = (site / "swiss/index.html").read_text(encoding="utf-8")
    for words in ("场分", "净胜分", "高分", "跑头家次数", "抽签", "录取"):
        assert words in html


def test_round_page_shows_both_rooms_seats_and_violations(site: Path):
    pages = [(site / f"swiss/round-{n}/index.html").read_text(encoding="utf-8") for n in range(1, 8)]
    assert all("开室" in p and "闭室" in p and "1·3·5" in p and "2·4·6" in p for p in pages)
    joined = "".join(pages)
    assert "累计第 2 次犯规" in joined and "扣 1 分" in joined and "扣 3 分" in joined
    assert "弃权" in joined


def test_entry_page_lists_the_teams_rounds_with_running_totals(site: Path, result):
    entry = result.stages[0].standings[0].entry
    html = (site / f"entries/{entry.id}/index.html").read_text(encoding="utf-8")
    assert html.count("本轮后累计") == 7
    assert "13916000001" not in html


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed")
def test_bulletins_standings_and_a_score_sheet_per_round(site: Path, content: Path, tmp_path: Path):
    names = sorted(p.name for p in (site / "bulletins").iterdir())
    assert "standings-swiss.pdf" in names
    assert not [n for n in names if n.startswith("scoresheet")]  # every round played: no blank form
    standings = _pdf_text(site / "bulletins/standings-swiss.pdf")
    assert "录" in standings and "上海化学工业区工会" in standings
    # any round's sheets, on demand
    assert main(["print", SLUG, "swiss", "--round", "4", "--content", str(content), "--output", str(tmp_path)]) == 0
    sheet = _pdf_text(tmp_path / "scoresheet-swiss-round-4.pdf")
    for words in ("记分单", "主队", "客队", "开室", "闭室", "核签"):
        assert words in sheet


def test_score_sheet_form_pages(result):
    from generator.games.daguai import sheets as daguai
    from generator.render.i18n import Translator

    sheets = daguai.bulletins(result, Translator("zh-Hans"))
    assert len(sheets) == 7 and all(s.template == daguai.SHEET_TEMPLATE for s in sheets)
    first = sheets[0].pages[0]
    assert first["seats"][0]["label"] == "主队" and first["seats"][1]["label"] == "客队"
    assert [b["number"] for b in first["boards"]] == ["1", "2", "3", "4", "5", "6"]
    assert first["signatures"] == ["主队核签", "客队核签", "裁判签名"]
    assert "1·3·5" in first["heads"]["open_home"] and "2·4·6" in first["heads"]["closed_home"]


UNPLAYED = """\
title: 测试
game: daguai
entries:
  - {id: D01, players: [甲, 乙, 丙]}
  - {id: D02, players: [丁, 戊, 己]}
  - {id: D03, players: [庚, 辛, 壬]}
stages:
  - {id: swiss, format: swiss, rounds: 2, boards: 2, rank_by: [match_points, net, scored, heads]}
"""


def test_a_drawn_round_without_results_gives_blank_sheets_and_does_not_count(tmp_path):
    from generator.games.daguai import sheets as daguai
    from generator.render.i18n import Translator

    root = tmp_path / "content"
    folder = root / "events/t"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: t\n", encoding="utf-8")
    (folder / "event.yaml").write_text(UNPLAYED, encoding="utf-8")
    (folder / "results/r1.yaml").write_text(
        "stage: swiss\nround: 1\ntables:\n"
        "  - {table: 1, home: D01, away: D02, boards: {1: {open: D01 8, closed: D02 1}, 2: [D02 3, D01 0]}}\n"
        "  - {table: 2, home: D03}\n", encoding="utf-8")
    (folder / "results/r2.yaml").write_text(
        "stage: swiss\nround: 2\ntables:\n  - {table: 1, home: D03, away: D01, boards: }\n  - {table: 2, home: D02}\n",
        encoding="utf-8")
    _, results, warnings = validate(root)
    assert not warnings
    stage = results[0].stages[0]
    metrics = {s.entry.id: s.tally.metrics for s in stage.standings}
    # round 1: D01 8 : 4 D02 (1 + 3), D03 bye; round 2 is drawn, not played: its match does not
    # count (nor, by the tournament layer's rule, its bye until a result is in)
    assert metrics["D01"] == {"match_points": 2, "net": 4, "scored": 8, "heads": 2}
    assert metrics["D03"]["match_points"] == 2
    # round 2's form: its match's page with every board's cells and the totals blank, to fill by hand
    sheets = daguai.bulletins(results[0], Translator("zh-Hans"))
    [blank] = sheets[1].pages
    assert [board["number"] for board in blank["boards"]] == ["1", "2"]
    assert all(value == "" for board in blank["boards"] for key, value in board.items() if key != "number")
    assert all(value == "" for line in blank["summary"] for key, value in line.items() if key != "label")


# --- a board not played (np), a board left out -------------------------------------------------

NP_MATCHES = """\
  - table: 1
    home: D01
    away: D02
    boards:
      1: {{open: D01 8, closed: D02 1}}
{board2}      3: {{open: D01 5, closed: D01 3}}
  - table: 2
    home: D03
    away: D04
    boards:
      1: {{open: D03 8, closed: D04 1}}
      2: {{open: D04 5, closed: D04 3}}
      3: {{open: D03 5, closed: D04 3}}
"""


def np_event(tmp_path: Path, board2: str) -> Path:
    from tests.test_desk_records import make

    return make(tmp_path, "format: swiss\nrounds: 2\nboards: 3\n", NP_MATCHES.format(board2=board2),
                game="daguai", prefix="D", players=3)


@pytest.mark.parametrize("written", ["np", "\u672a\u6253", "{open: np, closed: NP}", "[np, np]"])
def test_a_board_the_match_did_not_play_is_np_and_counts_for_neither_team(tmp_path, written):
    """`2: np` was daguai-board-syntax: a match that skipped a board had no way to say so. It
    counts for neither team (rules-daguai.md sums the points over the boards played): table 1
    on boards 1 and 3, D01 8 + 5 + 3 = 16, D02 1; heads D01 3, D02 1 (per board per room
    played). Shown not played on the round page, the team's page, results.json and the sheet."""
    from tests.test_desk_records import standings

    root = np_event(tmp_path, f"      2: {written}\n")
    _, _, warnings = validate(root)
    assert not warnings, [w.message("en") for w in warnings]
    found = standings(root)
    assert {k: found["D01"][k] for k in ("match_points", "net", "scored", "heads")} == \
        {"match_points": 2, "net": 15, "scored": 16, "heads": 3}
    assert {k: found["D02"][k] for k in ("match_points", "net", "scored", "heads")} == \
        {"match_points": 0, "net": -15, "scored": 1, "heads": 1}
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out)]) == 0
    data = json.loads((out / "events/gd/results.json").read_text(encoding="utf-8"))
    match = next(t for s in data["stages"] for r in s["rounds"] for t in r["tables"] if t["table"] == 1)
    assert [b["board"] for b in match["boards"]] == [1, 2, 3]
    assert match["boards"][1] == {"board": 2, "home": 0, "away": 0, "not_played": True}
    assert not match.get("pending")
    for page in (out / "events/gd/main/round-1/index.html", out / "events/gd/entries/D01/index.html"):
        text = page.read_text(encoding="utf-8")
        row = re.search(r'<th role="rowheader" scope="row" class="num">2</th>.*?</tr>', text, re.S)
        assert row is not None, page
        assert re.sub(r"<[^>]+>|\s+", " ", row[0]).split()[:2] == ["2", "\u672a\u6253"], row[0]  # (not played)
        assert "\u672a\u6253\u7684\u724c\u53cc\u65b9\u90fd\u4e0d\u8ba1\u5206" in text  # (a board not played counts for neither)
    if shutil.which("pdftotext"):
        assert main(["print", "gd", "main", "--round", "1", "--content", str(root), "--output", str(tmp_path)]) == 0
        text = _pdf_text(tmp_path / "scoresheet-main-round-1.pdf")
        assert re.search(r"^\s*2\s+\u672a\u6253\s*$", text, re.M), text


def test_a_match_waiting_for_a_room_lists_its_np_boards_as_the_finished_match_does(tmp_path):
    """Board 3 entered for the open room only, board 2 np: the waiting match's table on the
    round page and the team's page listed boards 1 and 3, board 2 gone (np boards are kept apart
    from the boards with rooms). It is listed in its place, not played, with the note the
    finished match's page gives."""
    root = np_event(tmp_path, "      2: np\n")
    path = root / "events/gd/results/round-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("      3: {open: D01 5, closed: D01 3}\n", "      3: {open: D01 5}\n", 1),
                    encoding="utf-8")
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out), "--no-pdf"]) == 0
    for page in (out / "events/gd/main/round-1/index.html", out / "events/gd/entries/D01/index.html"):
        text = page.read_text(encoding="utf-8")
        rows = [" ".join(re.sub(r"<[^>]+>", " ", row).split())
                for row in re.findall(r'<tr role="row"><th role="rowheader" scope="row" class="num">\d+</th>.*?</tr>', text, re.S)]
        assert rows[:3] == ["1 D01 8 D02 1", "2 \u672a\u6253", "3 D01 5 \u2014"], (page, rows)  # (not played)
        assert "\u672a\u6253\u7684\u724c\u53cc\u65b9\u90fd\u4e0d\u8ba1\u5206" in text  # (a board not played counts for neither)


def test_a_board_not_played_in_one_room_only_is_an_error_naming_np(tmp_path):
    """np in the open room, a result in the closed: nothing to set it against. An error at the
    board's line naming the room, with the fix (the whole board np, or the room's result)."""
    from generator.errors import ContentErrors

    root = np_event(tmp_path, "      2: {open: np, closed: D02 1}\n")
    with pytest.raises(ContentErrors) as caught:
        validate(root)
    (error,) = [p for p in caught.value.problems if not p.warning]
    assert (error.code, error.mark.file.name, error.mark.line) == ("daguai-room-not-played", "round-1.yaml", 10)
    assert error.message("zh-Hans") == "\u7b2c 2 \u526f\u53ea\u5728\u5f00\u5ba4\u5199\u4e86\u672a\u6253\uff08np\uff09\uff0c\u95ed\u5ba4\u6ca1\u6709\u5199\u672a\u6253"
    assert "np\uff08\u4f8b\u5982 2: np\uff09" in error.hint("zh-Hans")


def test_a_board_left_out_keeps_the_match_waiting_with_its_figures_so_far(tmp_path):
    """Board 2 left out was only a warning, and the match was counted complete (D01 2 match
    points on boards 1 and 3). It waits for the board, as 80分's matches do: not in the
    standings, pending in results.json, its page its score so far and the board to come, no
    match points nor winner; the warning's fix names np."""
    from tests.test_desk_records import standings

    root = np_event(tmp_path, "")
    _, _, warnings = validate(root)
    (warning,) = warnings
    assert warning.code == "daguai-boards-missing" and warning.message("en") == "table 1 has no record for board 2"
    assert "A board the match did not play is written np (e.g. 2: np)" in warning.hint("en")
    found = standings(root)
    assert all(found.get(team, {}).get("match_points", 0) == 0 for team in ("D01", "D02")), found
    out = tmp_path / "output"
    assert main(["build", "--content", str(root), "--output", str(out)]) == 0
    data = json.loads((out / "events/gd/results.json").read_text(encoding="utf-8"))
    [round_] = [r for s in data["stages"] for r in s["rounds"]]
    assert [t["pending"] for t in round_["tables"]] == [True, False] and not round_["complete"]
    assert (round_["tables"][0]["winner"], round_["tables"][0]["boards_to_come"]) == (None, [2])
    page = (out / "events/gd/main/round-1/index.html").read_text(encoding="utf-8")
    assert "\u7b2c 1 \u8f6e\uff1a\u5df2\u5f55 1/2 \u684c" in page  # (round 1: 1/2 tables entered), as the desk counts
    table = page.split('id="table-1"', 1)[1].split('id="table-2"', 1)[0] if 'id="table-2"' in page else page
    line = re.sub(r"<[^>]+>|\s+", " ", re.search(r'<p class="result">.*?</p>', table, re.S)[0])
    assert " ".join(line.split()) == \
        "D01 16 : \u6bd4 1 D02 \u00b7 \u8fd8\u6709 1 \u526f\u672a\u5f55\u5165\uff08\u7b2c 2 \u526f\uff09\uff1a\u5f55\u5168\u540e\u624d\u6709\u6bd4\u8d5b\u5206\u548c\u80dc\u8d1f\uff0c\u8ba1\u5165\u6392\u540d"


def test_a_match_with_every_board_np_is_refused_not_drawn(tmp_path):
    """np on all three boards scored 0 : 0, a draw worth a match point each, for a match that
    played nothing. Refused at the table's boards, as bridge's teams matches are: the fix is a
    forfeit or the boards as the referee decided them."""
    from generator.errors import ContentErrors

    root = np_event(tmp_path, "      2: np\n").joinpath("events/gd/results/round-1.yaml")
    text = root.read_text(encoding="utf-8")
    text = text.replace("      1: {open: D01 8, closed: D02 1}\n", "      1: np\n", 1)
    text = text.replace("      3: {open: D01 5, closed: D01 3}\n", "      3: {open: np, closed: np}\n", 1)
    root.write_text(text, encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        validate(root.parents[3])
    (error,) = [p for p in caught.value.problems if not p.warning]
    assert (error.code, error.mark.file.name, error.mark.line) == ("daguai-match-all-not-played", "round-1.yaml", 8)
    assert error.message("en") == "table 1 writes np for every board: the match played none, and 0 : 0 is no result"
    assert "forfeit: D02" in error.hint("en") and "referee" in error.hint("en")


@pytest.mark.parametrize("key", ["dg_boards_to_come", "sj_boards_to_come"])
def test_the_english_note_of_a_waiting_match_names_its_boards_as_boards(key):
    """The note read "1 more board to enter (2)": a bare number in brackets, which English does
    not read as a board. It says "(board 2)", "(boards 2, 5)", as the round page joins them."""
    from generator.render.i18n import Translator

    t = Translator("en")
    assert t(key, count=1, boards="2").startswith("1 more board to enter (board 2): ")
    assert t(key, count=2, boards=t.joiner().join(["2", "5"])).startswith("2 more boards to enter (boards 2, 5): ")


# --- the boards a match's sheet lists and its desk form offers; an English sheet's separator --------


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed")
def test_a_stage_saying_no_boards_prints_and_offers_the_seeds_six_alike(tmp_path: Path):
    # the sheet printed 1-6 (the seed's match) while the desk's form offered 1-8, its default for
    # any game: one count for both, the seed's
    from generator.desk import forms
    from generator.desk.app import Desk

    content = demo_content(tmp_path, SLUG)
    folder = content / "events" / SLUG
    event = folder / "event.yaml"
    text, said = re.subn(r"(?m)^    boards: 6 .*\n", "", event.read_text(encoding="utf-8"))
    assert said == 1
    event.write_text(text, encoding="utf-8")
    (folder / "results" / "round-7.yaml").unlink()
    assert main(["pair", SLUG, "swiss", "--content", str(content)]) == 0
    assert main(["print", SLUG, "swiss", "--round", "7", "--content", str(content), "--output", str(tmp_path / "r7")]) == 0
    sheet = _pdf_text(tmp_path / "r7" / "scoresheet-swiss-round-7.pdf").split("\f")[0]
    assert re.findall(r"(?m)^\s+(\d+)\s*$", sheet) == ["1", "2", "3", "4", "5", "6"], sheet
    desk = Desk(content, SLUG, None, None, build=False)
    spot = desk.spot("swiss", 7, 1)
    path = folder / "results" / "round-7.yaml"
    offered = sorted({f.board for f in forms.fields_for(spot, path.read_text(encoding="utf-8")) if f.board})
    assert offered == [1, 2, 3, 4, 5, 6]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed")
def test_an_english_sheet_joins_its_violations_in_english(content: Path, tmp_path: Path):
    # round 3's first match has two violations: they were joined by the full-width "；"
    assert main(["print", SLUG, "swiss", "--round", "3", "--content", str(content), "--lang", "en",
                 "--output", str(tmp_path)]) == 0
    sheet = " ".join(_pdf_text(tmp_path / "scoresheet-swiss-round-3.pdf").split())
    assert re.search(r"Violations: D12: violation no\. 1 in the event \([^)]*\): warning; D04: violation no\. 1", sheet), sheet
    assert "\uff1b" not in sheet


def test_a_team_of_six_one_trio_a_room_is_not_warned_a_seventh_name_is(tmp_path: Path):
    """Teams of six (a trio in the open room, another in the closed room, at once) were each
    warned entry-team-large "每队上场 3 人", and again on every pair. Six is a team fielding
    both rooms; a seventh name is warned against six; a team of three listing four still is."""
    root = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content", root, ignore=shutil.ignore_patterns("output"))
    event = root / "events/chem-park-daguai-2016/event.yaml"
    text = event.read_text(encoding="utf-8")
    trios = re.findall(r"players: \[([^\]]+)\]", text)
    assert len(trios) > 3 and all(len(t.split(",")) == 3 for t in trios)
    six = text.replace(trios[0], trios[0] + ", 甲一, 甲二, 甲三", 1).replace(trios[1], trios[1] + ", 乙一, 乙二, 乙三", 1)
    event.write_text(six, encoding="utf-8")
    _, _, warnings = validate(root)
    assert not [w for w in warnings if w.code == "entry-team-large"], [w.message("zh-Hans") for w in warnings]
    event.write_text(six.replace("乙三", "乙三, 乙四", 1).replace(trios[2], trios[2] + ", 丙一", 1), encoding="utf-8")
    _, _, warnings = validate(root)
    large = sorted((w.params["count"], w.params["size"]) for w in warnings if w.code == "entry-team-large")
    assert large == [(4, 3), (7, 6)]
    assert any("每队上场 6 人" in w.message("zh-Hans") for w in warnings if w.code == "entry-team-large")


def test_pair_names_the_room_a_half_entered_match_waits_for(tmp_path: Path, capsys):
    """Round 2's table 6 with its open room entered only: pair refused with 第 2 轮第 6 桌还没有成绩,
    and the secretary looked for the whole match's sheets. It says the closed room is missing;
    a table with nothing entered is named as before."""
    root = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content", root, ignore=shutil.ignore_patterns("output"))
    results = root / "events/chem-park-daguai-2016/results"
    for number in range(3, 8):
        (results / f"round-{number}.yaml").unlink()
    path = results / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - table: 6\n")
    end = text.index("  - table: 7\n")
    table_6 = re.sub(r", closed: D\d+ \d+\}", "}", text[start:end])
    path.write_text(text[:start] + table_6 + text[end:], encoding="utf-8")
    assert main(["pair", "chem-park-daguai-2016", "swiss", "--content", str(root)]) != 0
    said = capsys.readouterr().err
    assert "第 2 轮第 6 桌还没有成绩（第 6 桌闭室未录）" in said, said
    assert not (results / "round-3.yaml").exists()
