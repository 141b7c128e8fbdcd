"""Real published results (../shared/data/real-pbn/): importing them reproduces every figure.

- ruter71_butler.pbn, a Norwegian club night scored Butler (21 boards x 8 tables): every
  board's datum, every table's IMPs both ways, every pair's total and every rank.
- eoq2021_open_r2_teams.pbn, a national teams qualifier: every IMP figure of the 278 table
  results that have a score and the other table of their match.

The files are read as they are, never changed; the scoring is paibang's own
(generator/games/bridge_duplicate.py), the figures the files' own.
"""

from __future__ import annotations

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

pytestmark = pytest.mark.skipif(not RUTER.is_file() or not EOQ.is_file(), reason="shared/data/real-pbn is not here")


def _by_board(results):
    boards = defaultdict(list)
    for result in results:
        boards[result.board].append(result)
    return boards


def test_ruter71_every_published_score_is_the_rules_score():
    results = pairs_results(read_pbn(RUTER))
    assert len(results) == 168
    assert all(computed_score(r) == r.score for r in results)


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


def test_ruter71_board_1_as_the_readme_works_it():
    rows = _by_board(pairs_results(read_pbn(RUTER)))[1]
    datum, found = butler_imps([r.score for r in rows])
    assert sorted((r.score for r in rows), reverse=True) == [120, 50, -80, -80, -110, -140, -150, -150]
    assert datum == -90 and found[[r.score for r in rows].index(120)] == 5


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


def test_eoq2021_every_published_score_is_the_rules_score():
    results = [r for r in table_results(read_pbn(EOQ)) if r.score is not None and r.record is not None]
    assert len(results) == 279
    assert all(computed_score(r) == r.score for r in results)


def test_eoq2021_board_11_austria_denmark_as_the_readme_works_it():
    results = table_results(read_pbn(EOQ))
    austria = next(r for r in results if r.board == 11 and (r.ns, r.ew) == ("AUSTRIA", "DENMARK"))
    denmark = next(r for r in results if r.board == 11 and (r.ns, r.ew) == ("DENMARK", "AUSTRIA"))
    assert austria.record.contract is None and austria.score == 0 and denmark.score == -150
    assert imps(austria.score - denmark.score) == 4 and austria.fields["ScoreIMP"] == "NS 4 EW -4"


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
