"""Real published results (../shared/data/real-pbn/ and tests/data/real/): importing them
reproduces every figure.

- ruter71_butler.pbn, a Norwegian club night scored Butler (21 boards x 8 tables): every
  board's datum, every table's IMPs both ways, every pair's total and every rank.
- eoq2021_open_r2_teams.pbn, a national teams qualifier: every IMP figure of the 278 table
  results that have a score and the other table of their match.
- ffb_magic_contest_seance1.pbn / _seance5.pbn (tests/data/real/), two sessions of a French
  Federation final written by Magic Contest: a barometer of 44 pairs, matchpoints on a top of 42,
  adjusted scores (A+ / A-), totals summed from the board figures as printed; séance 5's totals
  run over five sessions, its own figures are its Session columns.

The files are read as they are, never changed; the scoring is paibang's own
(generator/games/bridge_duplicate.py), the figures the files' own.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from generator.games.bridge import RULES
from generator.games.bridge.duplicate import butler_imps, imps
from generator.interchange.pbn import computed_score, other_room, pairs_results, read_pbn, table_results
from generator.tournament.standings import Tally, rank

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "real-pbn"
RUTER = DATA / "ruter71_butler.pbn"
EOQ = DATA / "eoq2021_open_r2_teams.pbn"

shared = pytest.mark.skipif(not RUTER.is_file() or not EOQ.is_file(), reason="shared/data/real-pbn is not here")
REAL = Path(__file__).resolve().parent / "data" / "real"
SEANCE_1 = REAL / "ffb_magic_contest_seance1.pbn"
SEANCE_5 = REAL / "ffb_magic_contest_seance5.pbn"


def _by_board(results):
    boards = defaultdict(list)
    for result in results:
        boards[result.board].append(result)
    return boards


@shared
def test_ruter71_every_published_score_is_the_rules_score():
    results = pairs_results(read_pbn(RUTER))
    assert len(results) == 168
    assert all(computed_score(r) == r.score for r in results)


@shared
def test_ruter71_every_datum_and_every_imp_is_reproduced():
    boards = _by_board(pairs_results(read_pbn(RUTER)))
    assert sorted(boards) == list(range(1, 22)) and all(len(rows) == 8 for rows in boards.values())
    data = imps_checked = 0
    for number, rows in boards.items():
        datum, found = butler_imps([r.score for r in rows])
        for row, ns_imps in zip(rows, found):
            assert int(row.fields["ButlerDatum"]) == datum, f"board {number} datum"
            assert int(row.fields["IMP_NS"]) == ns_imps, f"board {number} table {row.table} NS"
            assert int(row.fields["IMP_EW"]) == -ns_imps, f"board {number} table {row.table} EW"
            data += 1
            imps_checked += 2
    assert (data, imps_checked) == (168, 336)


@shared
def test_ruter71_board_1_as_the_readme_works_it():
    rows = _by_board(pairs_results(read_pbn(RUTER)))[1]
    datum, found = butler_imps([r.score for r in rows])
    assert sorted((r.score for r in rows), reverse=True) == [120, 50, -80, -80, -110, -140, -150, -150]
    assert datum == -90 and found[[r.score for r in rows].index(120)] == 5


@shared
def test_ruter71_every_total_and_rank_is_reproduced():
    games = read_pbn(RUTER)
    totals: dict[str, int] = defaultdict(int)
    for number, rows in _by_board(pairs_results(games)).items():
        _, found = butler_imps([r.score for r in rows])
        for row, ns_imps in zip(rows, found):
            totals[row.ns] += ns_imps
            totals[row.ew] -= ns_imps
    published = games[0].table("TotalScoreTable").rows
    assert len(published) == 16 == len(totals)

    class Pair:  # what the tally needs of an entry
        def __init__(self, id_: str) -> None:
            self.id = id_
            self.substitute = False

    standings = rank([Tally(Pair(p), {"imps": t}, played=21) for p, t in totals.items()], ["imps"], {})
    ranks = {s.entry.id: s for s in standings}
    for row in published:
        pair = row["PairId"]
        assert totals[pair] == int(row["TotalScoreIMP"]), f"pair {pair} total"
        assert ranks[pair].rank == int(row["Rank"]), f"pair {pair} rank"
        tied_to = int(row["RankTie"]) if row["RankTie"] else None
        assert ranks[pair].tied == (tied_to is not None)
        if tied_to is not None:  # "4 5": places 4 to 5 shared
            sharing = sum(1 for s in standings if s.rank == ranks[pair].rank)
            assert ranks[pair].rank + sharing - 1 == tied_to


@shared
def test_eoq2021_every_checkable_imp_is_reproduced():
    results = table_results(read_pbn(EOQ))
    assert len(results) == 299
    partners = other_room(results)
    checked = unchecked = 0
    for index, result in enumerate(results):
        published = result.fields.get("ScoreIMP", "").split()
        other = partners.get(index)
        if result.score is None or other is None or other.score is None or len(published) != 4:
            unchecked += 1
            continue
        gain = imps(result.score - other.score)
        assert published[0] == "NS" and published[2] == "EW"
        assert int(published[1]) == gain, f"board {result.board} {result.ns}-{result.ew}"
        assert int(published[3]) == -gain
        checked += 1
    assert (checked, unchecked) == (278, 21)


@shared
def test_eoq2021_every_published_score_is_the_rules_score():
    results = [r for r in table_results(read_pbn(EOQ)) if r.score is not None and r.record is not None]
    assert len(results) == 279
    assert all(computed_score(r) == r.score for r in results)


@shared
def test_eoq2021_board_11_austria_denmark_as_the_readme_works_it():
    results = table_results(read_pbn(EOQ))
    austria = next(r for r in results if r.board == 11 and (r.ns, r.ew) == ("AUSTRIA", "DENMARK"))
    denmark = next(r for r in results if r.board == 11 and (r.ns, r.ew) == ("DENMARK", "AUSTRIA"))
    assert austria.record.contract is None and austria.score == 0 and denmark.score == -150
    assert imps(austria.score - denmark.score) == 4 and austria.fields["ScoreIMP"] == "NS 4 EW -4"


@shared
def test_ruter71_imported_as_a_paibang_event_reproduces_the_ranking(tmp_path):
    """The whole way: the file's results written as paibang results files of a Butler pairs
    stage, loaded, scored by the game and ranked as any event is."""
    from generator.build import validate
    from generator.interchange.pbn import results_files

    games = read_pbn(RUTER)
    content = tmp_path / "content"
    folder = content / "events/ruter71"
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\n", encoding="utf-8")
    published = games[0].table("TotalScoreTable").rows
    entries = "\n".join(f'  - {{id: "{r["PairId"]}", players: ["{r["Names"]}"]}}' for r in published)
    (folder / "event.yaml").write_text(
        f"title: Klubbkveld\ngame: bridge\ndate: 2012-01-24\nentries:\n{entries}\nstages:\n"
        "  - {id: kveld, name: Klubbkveld, format: pairs, scoring: butler, rounds: 7, boards: 3, vulnerability: standard}\n",
        encoding="utf-8")
    for number, text in results_files(pairs_results(games), "kveld").items():
        (folder / "results" / f"round-{number}.yaml").write_text(text, encoding="utf-8")
    _, results, warnings = validate(content, strict=True)
    standings = results[0].stages[0].standings
    assert not warnings
    by_pair = {s.entry.id: s for s in standings}
    for row in published:
        standing = by_pair[row["PairId"]]
        assert standing.tally.metrics["imps"] == int(row["TotalScoreIMP"])
        assert standing.rank == int(row["Rank"]) and standing.tied == bool(row["RankTie"])
    stage = results[0].stages[0]
    datums = {t.board: t.datum for t in RULES.travellers(stage.stage, stage.rounds)}
    assert datums == {int(g.get("Board")): int(g.table("ScoreTable").rows[0]["ButlerDatum"]) for g in games}


# --- Magic Contest (Fédération Française de Bridge): a barometer, tests/data/real/ ------------------


def _imported(tmp_path: Path, path: Path, capsys) -> tuple[Path, str]:
    from generator.cli import main

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    main(["import", "finale", str(path), "--content", str(content), "--lang", "en"])
    return content / "events/finale", capsys.readouterr().out


def _standings(folder: Path) -> dict[str, tuple[int, bool, float]]:
    from generator.build import validate

    _, results, warnings = validate(folder.parents[1], strict=True)
    assert not warnings
    return {s.entry.id: (s.rank, s.tied, s.tally.metrics["percent"]) for s in results[0].stage_of("pairs").standings}


def test_ffb_seance_1_every_figure_but_one_tie_the_file_breaks(tmp_path, capsys):
    """30 boards, 22 tables, each board's MPs on a top of 42 (Neuberg where a table is adjusted:
    21 results), A+ 25.2 = 60 %. The file totals the board figures as it prints them (28.33 as
    28.3): P7's 30 figures make 771.2 and 771.2 / 1260 = 61.21 %, where the exact MPs make
    771.13 (61.20 %, what paibang's standings show). The import compares paibang's own standings
    and lists those 17 totals as differences, each explained by the file's way (the sum of its
    printed figures is the published figure). The one other: P44 and P1 both have 593.2
    (47.08 %); the file places them 31 and 32 by its Tiebreak column (2 and 0), a rule it does
    not state; paibang shares the place."""
    folder, out = _imported(tmp_path, SEANCE_1, capsys)
    assert "2 a result beaten, from zero" in out
    assert "totals written: each board's figure as printed (rounded), summed" in out
    assert "18 of 3428 figures differ, 17 of them totals that are the file's board figures as printed (rounded), summed:" in out
    assert ("  total TotalScoreMP  P7: file 771.2, paibang 771.1 (explained: the file's board figures as printed, summed,"
            " make 771.2)") in out
    assert "  total TotalPercentage  P7: file 61.21, paibang 61.2 (explained:" in out
    assert "  total Rank  P1: file 32, paibang 31\n" in out  # not explained: the file's tiebreak
    assert out.count("(explained: ") == 17
    event = (folder / "event.yaml").read_text(encoding="utf-8")
    assert "movement: barometer" in event and "rounds: 15" in event and "boards: 2" in event
    round_1 = (folder / "results/pairs-round-1.yaml").read_text(encoding="utf-8")
    assert "      1: A+/A+\n" in round_1  # table 16: "A+" "A+" 25.2 25.2 60 60
    found = _standings(folder)
    assert found["P7"] == (1, False, 61.2) and found["P26"][:2] == (2, False) and found["P11"][0] == 44
    assert found["P44"] == found["P1"] == (31, True, 47.08)


def test_ffb_seance_5_session_columns_two_percentages_from_printed_figures(tmp_path, capsys):
    """Séance 5 of the same final: its TotalScoreTable is the final's running total (144 boards:
    P44 3383.0, 55.94 %), with this session's own figures in SessionScoreMP / SessionPercentage /
    SessionRank (P44 718.9, 61.13 %, first). Those are compared with paibang's standings: two
    percentages differ, each the file's board figures as printed, summed (P37 49.24 %, paibang
    49.25 %; P25 54.18 %, paibang 54.17 %); every place and MP total is equal, the places shared
    in the file (11 and 12: P22 and P30, 623.1) shared by paibang."""
    folder, out = _imported(tmp_path, SEANCE_5, capsys)
    assert "the file's totals run over 144 boards of several sessions" in out
    assert "totals written: each board's figure as printed (rounded), summed" in out
    assert "2 of 3211 figures differ, 2 of them totals that are the file's board figures as printed (rounded), summed:" in out
    assert ("  total TotalPercentage  P37: file 49.24, paibang 49.25 (explained: the file's board figures as printed,"
            " summed, make 49.2432)") in out
    assert "  total TotalPercentage  P25: file 54.18, paibang 54.17 (explained:" in out
    round_9 = (folder / "results/pairs-round-9.yaml").read_text(encoding="utf-8")
    assert "      17: A-/A+\n" in round_9  # table 21: P1 (43.86 % in the session) A- 40 %, P4 A+ 60 %
    found = _standings(folder)
    assert found["P44"] == (1, False, 61.13) and found["P14"] == (2, False, 60.45)
    assert found["P22"] == found["P30"] == (11, True, 52.98)
    assert found["P21"] == found["P40"] == (30, True, 47.2) and found["P6"][0] == 44


def test_ffb_seance_5_without_its_session_columns_says_the_totals_were_not_compared(tmp_path, capsys):
    """The same file with its Session columns named otherwise: its totals run over 144 boards
    and nothing of this session's own is there, so no total is compared, and the import says
    so rather than that the Session columns were."""
    text = SEANCE_5.read_bytes().decode("latin-1")
    for column in ("SessionScoreMP", "SessionPercentage", "SessionRank"):
        assert f";{column}\\" in text
        text = text.replace(f";{column}\\", f";Other{column}\\", 1)
    path = tmp_path / "seance5.pbn"
    path.write_bytes(text.encode("latin-1"))
    _, out = _imported(tmp_path, path, capsys)
    assert "the file's totals run over 144 boards of several sessions and it gives no columns of this session's own" in out
    assert "are compared" not in out and "total " not in out
    assert "all 3079 figures equal" in out  # 3211 less this session's 44 ranks, totals and percentages


HAND_RECORDS = REAL / "bridgenz_txt2pbn_hand_records.pbn"
ONE_RESULT = REAL / "schiphol_1995_one_result.pbn"


def _refused(tmp_path: Path, path: Path, capsys, locale: str = "en") -> str:
    from generator.cli import main

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    assert main(["import", "club", str(path), "--content", str(content), "--lang", locale]) == 1
    assert not (content / "events/club").exists()
    captured = capsys.readouterr()
    return captured.err


@pytest.mark.parametrize("locale", ["en", "zh-Hans"])
def test_hand_records_only_are_said_to_be_hand_records(tmp_path, capsys, locale):
    """A club's hand records (Bridge NZ's txt2pbn: 30 deals with their double-dummy tables, no
    result) imported by mistake: said to be hand records, and what to export instead; they were
    said to have no ScoreTable or TRAVELLER_LINE, as if a results file had lost them."""
    err = _refused(tmp_path, HAND_RECORDS, capsys, locale)
    if locale == "en":
        assert "the file holds hand records only: the deals of 30 boards, and no table's result" in err
        assert "USEBIO XML" in err and "TRAVELLER_LINE" not in err
    else:
        assert "文件里只有牌例：30 副牌的牌型" in err


def test_table_results_that_name_no_pairs_are_said_so(tmp_path, capsys):
    """A played board recorded as its own game (the 1995 Schiphol tournament, players' names,
    contract, result, play): a result, but no pair numbers, no ScoreTable, no HomeTeam / VisitTeam,
    as BBO's PBN downloads are; it was said to have no table results at all."""
    err = _refused(tmp_path, ONE_RESULT, capsys)
    assert "the file gives 1 table result on 1 board, one a game, but no game says which pairs played it" in err
    assert "TRAVELLER_LINE" not in err


EYTC = REAL / "eytc1998_board1_both_rooms.pbn"


def test_a_match_named_the_same_in_both_rooms_is_seated_by_its_room(tmp_path, capsys):
    """The 1998 European Youth Teams, board 1 of J-germany v J-austria, both rooms: each game
    names J-germany HomeTeam and J-austria VisitTeam, the Room telling who sits where (Austria's
    Purstl and Lindermann North-South in the closed room). The closed room was read with Germany
    NS again, so neither room found its other and the match was left out (0 matches). Now the
    match is imported: open 5H S -1 (NS -50), closed 4H N = (Austria NS +420), Germany -10 IMPs."""
    from generator.build import validate

    folder, out = _imported(tmp_path, EYTC, capsys)
    assert "imported 2 teams, 1 match, 2 results (0 without the other room or unreadable, left out)" in out
    assert "all 2 figures equal" in out  # each room's [Score "NS x"]
    event = (folder / "event.yaml").read_text(encoding="utf-8")
    assert 'players: ["Saurer B", "Gloyer A", "Lindermann A", "Purstl C"]' in event  # Austria's four
    round_1 = next((folder / "results").glob("*.yaml")).read_text(encoding="utf-8")  # (beside it, the deals)
    assert "home: J-germany\n    away: J-austria\n" in round_1 and "1: {open: 5H S -1, closed: 4H N =}" in round_1
    _, results, _ = validate(folder.parents[1], strict=True)
    found = {s.entry.id: s.tally.metrics.get("imps") for s in results[0].stage_of("teams").standings}
    assert found == {"J-austria": 10, "J-germany": -10}


VUGRAPH = REAL / "bbo_vugraph_bb2015_final_boards_1_2.pbn"


def _vugraph_games(count: int, teams_in_each: bool = False) -> str:
    """The first `count` games of the Bermuda Bowl excerpt; `teams_in_each`: each game given the
    match's HomeTeam and VisitTeam, as the first has them."""
    text = VUGRAPH.read_bytes().decode("latin-1")
    starts = [i for i in range(len(text)) if text.startswith("[Event ", i) and (i == 0 or text[i - 1] == "\n")]
    games = [text[at:(starts[n + 1] if n + 1 < len(starts) else len(text))] for n, at in enumerate(starts)][:count]
    if teams_in_each:
        games = [g if "[HomeTeam " in g else g.replace("[Board ", '[HomeTeam "SWEDEN"]\n[VisitTeam "POLAND"]\n[Board ', 1)
                 for g in games]
    return text[:starts[0]] + "".join(games)


def test_a_team_file_with_no_board_in_both_rooms_is_refused(tmp_path, capsys):
    """The Bermuda Bowl final's first game alone (board 1, open room, SWEDEN v POLAND): no board
    has its other room. It was imported as an event of two teams and no match ('all 0 figures
    equal', exit 0), a stage with nothing to score; now refused, nothing written, and said why."""
    path = tmp_path / "open-room.pbn"
    path.write_bytes(_vugraph_games(1).encode("latin-1"))
    err = _refused(tmp_path, path, capsys)
    assert "the file gives 1 team result of 2 teams, but no board with both its rooms" in err
    assert "Export both rooms of each match (the open and the closed room)" in err


def test_a_team_file_giving_no_tables_has_its_matches_numbered(tmp_path, capsys):
    """The Bermuda Bowl excerpt, each game given its teams: the file has no [Table], and the match
    was written `table: 0`, which the check then refuses (out of range): the import wrote files it
    could not build. Now the match is table 1; both boards of both rooms are imported."""
    path = tmp_path / "with-teams.pbn"
    path.write_bytes(_vugraph_games(4, teams_in_each=True).encode("latin-1"))
    folder, out = _imported(tmp_path, path, capsys)
    assert "imported 2 teams, 1 match, 4 results (0 without the other room or unreadable, left out)" in out
    assert "all 4 figures equal" in out
    results = (folder / "results/teams.yaml").read_text(encoding="utf-8")
    assert "  - table: 1\n    home: SWEDEN\n    away: POLAND\n" in results


def test_a_match_whose_teams_are_written_once_is_imported_whole(tmp_path, capsys):
    """The Bermuda Bowl excerpt as BBO's vugraph converter writes it: HomeTeam SWEDEN and VisitTeam
    POLAND in the first game only, each later game its Event, Board and Room. Only the first game
    was read as a team result (the match left out). Now the later games of the same Event take its
    teams: board 1 open 4S W -1 (Sweden NS +50), closed 4S W -2 (Poland NS +100), 2 IMPs to Poland;
    board 2 4H made in both rooms."""
    from generator.build import validate

    folder, out = _imported(tmp_path, VUGRAPH, capsys)
    assert "imported 2 teams, 1 match, 4 results (0 without the other room or unreadable, left out)" in out
    assert "all 4 figures equal" in out
    results = (folder / "results/teams.yaml").read_text(encoding="utf-8")
    assert "1: {open: 4S W -1, closed: 4S W -2}" in results and "2: {open: 4H S =, closed: 4H N =}" in results
    event = (folder / "event.yaml").read_text(encoding="utf-8")
    assert 'players: ["UPMARK", "F NYSTROM", "WRANG|", "SYLVAN"]' in event  # as the file spells them
    _, results_, _ = validate(folder.parents[1], strict=True)
    found = {s.entry.id: s.tally.metrics.get("imps") for s in results_[0].stage_of("teams").standings}
    assert found == {"POLAND": 2, "SWEDEN": -2}


@shared
@pytest.mark.slow
@pytest.mark.parametrize("locale", ["zh-Hans", "en"])
def test_ruter71_round_printed_has_no_page_of_the_organiser_and_date_alone(tmp_path, capsys, monkeypatch, locale):
    """`paibang print` of the Ruter night's round 1: its traveller's 24 lines just filled a page,
    and the organiser and date below them went on a page of their own ("Organiser / 24 January
    2012 / Page 2 of 2", nothing else). They now end the table's last page, its last line with them."""
    import subprocess

    from generator.cli import main

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: t\nlocale: {locale}\n", encoding="utf-8")
    assert main(["new", "ruter", "--game", "bridge", "--content", str(content)]) == 0
    assert main(["import", "ruter", str(RUTER), "--content", str(content)]) == 0
    monkeypatch.chdir(tmp_path)
    assert main(["print", "ruter", "pairs", "--round", "1", "--content", str(content), "--output", "r1.pdf"]) == 0
    capsys.readouterr()
    pages = int(next(line.split()[-1] for line in subprocess.run(["pdfinfo", "r1.pdf"], capture_output=True,
                     text=True, check=True).stdout.splitlines() if line.startswith("Pages:")))
    organizer = re.search(r"^organizer: (.*)$", (content / "events/ruter/event.yaml").read_text(encoding="utf-8"),
                          re.M).group(1).strip('"')
    travellers = []  # (the tables' score slips follow, a page a table: duplicate._table_slips)
    for page in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", "r1.pdf", "-"],
                              capture_output=True, text=True, check=True).stdout
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        assert len(lines) > 3 and lines[0] != organizer, (page, lines)
        if not any(slip in text for slip in ("table score slips", "各桌记分单")):
            travellers.append(text)
    assert len(travellers) < pages
    last = travellers[-1]
    assert "P15" in last and organizer in last  # the traveller's last line, then the organiser


@shared
def test_eoq2021_teams_named_as_their_ids_are_not_named_twice_beside_them(tmp_path, capsys):
    """The EOQ teams file names each team by its country, its id too: the traveller read "Home
    WALES WALES" (the id, then the team's name) and the tables "AUSTRIA AUSTRIA (Markus Knob, …)".
    Beside the id a team named as it has its players; WALES, whose players the file gives as
    placeholders (Dummy 1-4), nothing more."""
    from generator.build import build
    from generator.cli import main

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    assert main(["import", "eoq", str(EOQ), "--content", str(content)]) == 0
    capsys.readouterr()
    build(content, tmp_path / "output", bulletins=False)
    teams = tmp_path / "output/events/eoq/teams"
    for page in (teams / "boards/11/index.html", teams / "round-1/index.html"):
        text = " ".join(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")).split())
        assert not re.search(r"\b([A-Z]{4,}) \1\b", text), re.search(r"\b([A-Z]{4,}) \1\b", text)[0]
        assert "WALES" in text and "AUSTRIA Markus Knob / Clemens Wanha" in text
    page = (tmp_path / "output/events/eoq/entries/WALES/index.html").read_text(encoding="utf-8")
    assert "<title>WALES · " in page and "<h1>WALES</h1>" in page  # its page, not "WALES WALES"


FREQUENCY = REAL / "pbnstd_correct_20_frequency_table.pbn"
SEVERAL_EVENTS = REAL / "rpbridge_wc2012_spingold_excerpt.pbn"


def test_a_frequency_score_table_is_said_to_have_no_pair_ids(tmp_path, capsys):
    """The PBN standard's own example (its verifier's correct_20): boards 1 and 2 carry a
    ScoreTable of `Rank;Percentage_NS;Percentage_EW;Score_NS;Multiplicity`, each score and how
    many tables had it. It was refused for having "no ScoreTable"; it has one, without pair ids."""
    err = _refused(tmp_path, FREQUENCY, capsys)
    assert ("the file has a ScoreTable (2 boards), but without pair ids: its columns"
            " Rank;Percentage_NS;Percentage_EW;Score_NS;Multiplicity are a frequency table") in err
    assert "no ScoreTable" not in err


@pytest.mark.parametrize("locale", ["en", "zh-Hant"])
def test_a_file_of_several_events_is_said_to_be_one(tmp_path, capsys, locale):
    """rpbridge's compendium (games of the 2012 World Championship, Spingold, Vanderbilt, US
    Championship; no [Round]): an excerpt, board 1 of the World Championship final and of the
    Spingold final. It was told to add [Round] tags to its matches; it holds several events."""
    err = _refused(tmp_path, SEVERAL_EVENTS, capsys, locale)
    if locale == "en":
        assert "the file holds the games of several events, 2 ([Event], games each): World Championship (2); Spingold (2)" in err
        assert "[Round" not in err
    else:
        assert "檔案包含 2 個賽事的牌局（[Event]，括號內為局數）：World Championship (2); Spingold (2)" in err
