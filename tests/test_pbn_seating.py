"""A pairs PBN whose ScoreTable gives no Round column, or neither Round nor Table: its meetings
seated as a USEBIO file's are (bridge_import.seat_pbn), on real results.

- Ruter's Butler club night (/work/shared/data/real-pbn, or the copy the fixture finds) with its
  Table and Round columns taken out: read as table 0 of round 1, it was refused with errors
  naming the trial's copy of the results.
- Compscore's Butler Mitchell (tests/data/real, 7 NS + 7 EW pairs) written as a PBN whose pairs
  are numbered NS 1-7 and EW 1-7 alike: with tables and no rounds, read as one round, each
  table kept one meeting's pairs for all seven rounds' boards, and every total but one was
  wrong (EW 3: -73 IMPs for -25) while the import said all its figures were equal; with rounds
  and no tables, or neither, refused as table 0."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.build import validate
from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
RUTER = Path("/work/shared/data/real-pbn/ruter71_butler.pbn")
MITCHELL = ROOT / "tests/data/real/compscore_butler_mitchell.xml"


def imported(tmp_path: Path, name: str, source: Path, capsys) -> tuple[Path, str]:
    content = tmp_path / name
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    code = main(["import", "night", str(source), "--content", str(content), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0, out
    return content / "events/night", out


def rounds_of(event: Path) -> list[dict]:
    files = sorted(event.glob("results/pairs-round-*.yaml"), key=lambda f: int(re.findall(r"\d+", f.name)[0]))
    return [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]


def totals(event: Path) -> dict[str, float]:
    _, results, _ = validate(event.parents[1])
    return {s.entry.id: s.tally.metrics["imps"] for s in results[0].stages[0].standings}


def each_pair_once_a_round(rounds: list[dict], pairs: int) -> bool:
    return all(sorted(Counter(p for t in r["tables"] for p in (t["ns"], t["ew"])).values()) == [1] * pairs
               for r in rounds)


def without_columns(text: str, drop: tuple[str, ...]) -> str:
    """The PBN text with the ScoreTable columns `drop` taken out of its heading and its rows
    (Ruter writes Table and Round first, a number each)."""
    out, heading = [], None
    for line in text.split("\n"):
        if line.startswith("[ScoreTable "):
            heading = re.search(r'"(.*)"', line).group(1).split(";")
            gone = [i for i, column in enumerate(heading) if column.split("\\")[0] in drop]
            out.append('[ScoreTable "' + ";".join(c for i, c in enumerate(heading) if i not in gone) + '"]')
            continue
        if heading is not None and line.strip() and not line.startswith("["):
            cells = line.split(None, max(gone) + 1)  # (the columns dropped are among the first, unquoted)
            line = " ".join(cell for i, cell in enumerate(cells) if i not in gone)
        elif heading is not None:
            heading = None
        out.append(line)
    return "\n".join(out)


@pytest.mark.skipif(not RUTER.exists(), reason="the shared real PBN files are not on this machine")
@pytest.mark.parametrize("drop", [("Table", "Round"), ("Round",)])
def test_ruter_without_its_table_and_round_columns_is_imported_with_every_figure_equal(tmp_path, capsys, drop):
    text = RUTER.read_text(encoding="utf-8")
    stripped = tmp_path / "ruter.pbn"
    stripped.write_text(without_columns(text, drop), encoding="utf-8")
    assert "Table\\1R;Round" not in stripped.read_text(encoding="utf-8")
    event, out = imported(tmp_path, "stripped", stripped, capsys)
    assert "all 704 figures equal" in out and "168 results" in out
    rounds = rounds_of(event)
    # 8 tables a round, numbered 1-8 (none 0), each of the 16 pairs at one of them
    assert len(rounds) == 7 and all([t["table"] for t in r["tables"]] == list(range(1, 9)) for r in rounds)
    assert each_pair_once_a_round(rounds, 16)
    given, _ = imported(tmp_path, "given", RUTER, capsys)
    assert totals(event) == totals(given)


def mitchell_pbn(rounds: list[dict], given: str) -> str:
    """A PBN of the Mitchell's results, pairs numbered NS 1-7 and EW 1-7 (1NS -> 1, 1EW -> 1),
    giving its Table or its Round column (`given`) or neither, each board's rows shuffled (no
    seating told by their order)."""
    rows: dict[int, list[str]] = {}
    for number in rounds:
        for table in number["tables"]:
            ns, ew = table["ns"].removesuffix("NS"), table["ew"].removesuffix("EW")
            for board, record in table["boards"].items():
                if isinstance(record, dict):
                    contract, by, result, lead = record["contract"], record["by"], record["result"], record["lead"]
                elif record == "A=/A=":
                    contract, by, result, lead = "A=", "-", None, "-"
                else:
                    contract, by, result = record.split()[:3]
                    lead = "-"
                tricks = "-" if result is None else 6 + int(contract[0]) + (0 if result == "=" else int(result))
                cells = {"Table": [str(table["table"])], "Round": [str(number["round"])]}.get(given, [])
                rows.setdefault(board, []).append(" ".join([*cells, ns, ew, contract, by, str(tricks), lead]))
    shuffle = random.Random(3)
    lines = ["% PBN 2.0", '[Event "Wednesday Morning - Butler"]', '[Scoring "IMP;Butler"]']
    for board in sorted(rows):
        shuffle.shuffle(rows[board])
        columns = (f"{given}\\2R;" if given else "") + "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L"
        lines += [f'[Board "{board}"]', f'[ScoreTable "{columns}"]', *rows[board], ""]
    return "\n".join(lines)


@pytest.mark.parametrize("given", ["Table", "Round", ""])
def test_a_mitchell_numbering_ns_and_ew_alike_without_rounds_or_tables_is_seated_as_its_movement(tmp_path, capsys,
                                                                                                   given):
    usebio, out = imported(tmp_path, "usebio", MITCHELL, capsys)
    assert "all 762 figures equal" in out
    pbn = tmp_path / "mitchell.pbn"
    pbn.write_text(mitchell_pbn(rounds_of(usebio), given), encoding="utf-8")
    event, out = imported(tmp_path, "pbn", pbn, capsys)
    assert "14 pairs, 7 rounds, 245 results" in out
    rounds = rounds_of(event)
    # NS 3 and EW 3 are two pairs, each once a round; NS pair k at table k all session
    assert len(rounds) == 7 and each_pair_once_a_round(rounds, 14)
    assert all(t["ns"] == f"NS{t['table']}" for r in rounds for t in r["tables"])
    # every pair's Butler total as the USEBIO file's (1NS there is NS1 here)
    assert totals(event) == {f"{pair[-2:]}{pair[:-2]}": imps for pair, imps in totals(usebio).items()}


SITOUT = ROOT / "tests/data/ruter_style_mp_adjusted_sitout.pbn"


@pytest.mark.parametrize("drop", [("Table", "Round"), ("Round",)])
def test_a_howell_with_sit_out_rows_and_no_round_column_is_seated(tmp_path, capsys, drop):
    """A 5-pair Howell whose Bye rows give no round: each was read as round 1's sit-out, so round
    1 had every pair sitting out and playing, refused as entry-twice-in-round naming the trial's
    copy (rev73). Seated as the same file with its Round column, every figure equal."""
    stripped = tmp_path / "sitout.pbn"
    # (Ruter writes Latin-1: the Norwegian names)
    stripped.write_text(without_columns(SITOUT.read_text(encoding="latin-1"), drop), encoding="latin-1")
    assert "Round\\1R" not in stripped.read_text(encoding="latin-1")
    event, out = imported(tmp_path, "stripped", stripped, capsys)
    assert "figures equal" in out and "differ" not in out
    rounds = rounds_of(event)
    # each round: two tables, the fifth pair sitting out, every pair once
    for number in rounds:
        played = [p for t in number["tables"] if "ew" in t for p in (t["ns"], t["ew"])]
        assert len(played) == len(set(played)) == 4, number
    given, _ = imported(tmp_path, "given", SITOUT, capsys)
    _, results, _ = validate(event.parents[1])
    _, given_results, _ = validate(given.parents[1])
    assert ({s.entry.id: s.tally.metrics for s in results[0].stages[0].standings}
            == {s.entry.id: s.tally.metrics for s in given_results[0].stages[0].standings})


MAGIC = ROOT / "tests/data/real/ffb_magic_contest_seance1.pbn"


def file_seats(text: str) -> dict[tuple[str, str], int]:
    """Each meeting's table as a PBN's ScoreTable rows write it: (NS, EW) -> Table."""
    seats, columns = {}, None
    for line in text.split("\n"):
        if line.startswith("[ScoreTable "):
            columns = [column.split("\\")[0] for column in re.search(r'"(.*)"', line).group(1).split(";")]
        elif columns is not None and line.strip() and not line.startswith("["):
            row = dict(zip(columns, line.split()))
            if row.get("PairId_EW", "-") != "-":
                seats[(row["PairId_NS"], row["PairId_EW"])] = int(row["Table"])
        else:
            columns = None
    return seats


@pytest.mark.parametrize("source", [MAGIC, RUTER])
def test_a_file_giving_tables_and_no_rounds_keeps_its_own_tables(tmp_path, capsys, source):
    """Magic Contest's 330 meetings (FFB's seance 1) and Ruter's club night with their Round
    column taken out: seated into rounds, their tables were renumbered from the movement (308 of
    Magic Contest's meetings and 37 of Ruter's at a table the file does not give them: FFB's
    table 11 of round 11 was table 1). Each meeting keeps the file's table."""
    if not source.exists():
        pytest.skip("the shared real PBN files are not on this machine")
    text = source.read_bytes().decode("latin-1")
    stripped = tmp_path / source.name
    stripped.write_bytes(without_columns(text, ("Round",)).encode("latin-1"))
    event, out = imported(tmp_path, "stripped", stripped, capsys)
    assert "table numbers are not kept" not in out
    rounds = rounds_of(event)
    seats = file_seats(text)
    written = {(t["ns"][1:], t["ew"][1:]): t["table"] for r in rounds for t in r["tables"] if "ew" in t}
    assert written == seats and len(seats) in (56, 330)
    # no two meetings of a round at one table, no pair at two
    for number in rounds:
        played = [t for t in number["tables"] if "ew" in t]
        assert len({t["table"] for t in played}) == len(played)
        assert max(Counter(p for t in played for p in (t["ns"], t["ew"])).values()) == 1


@pytest.mark.parametrize(("moved", "said"), [
    # board 2 of 5 v 2 written at table 2, its board 1 at table 1
    ({("2", "1 5 2 3NT"): "2 5 2 3NT"}, "5 v 2 in round 1 is written at tables 1, 2"),
    # 4 v 5 written at table 1, where 1 v 3 plays that round
    ({("3", "2 4 5 "): "1 4 5 ", ("4", "2 4 5 "): "1 4 5 "}, "table 1 of round 2 would hold both 1 v 3 and 4 v 5"),
])
def test_file_tables_that_do_not_fit_the_rounds_worked_out_are_said_and_not_kept(tmp_path, capsys, moved, said):
    text = without_columns(SITOUT.read_text(encoding="latin-1"), ("Round",))
    for (board, row), now in moved.items():
        head, rest = text.split(f'[Board "{board}"]', 1)
        rest = rest.replace("\n" + row, "\n" + now, 1)
        text = f'{head}[Board "{board}"]{rest}'
    stripped = tmp_path / "sitout.pbn"
    stripped.write_text(text, encoding="latin-1")
    event, out = imported(tmp_path, "stripped", stripped, capsys)
    assert f"stage pairs: the file's table numbers are not kept: in the rounds paibang worked out (the file gives none), {said}" in out
    assert out.count("table numbers are not kept") == 1 and "figures equal" in out
    assert all([t["table"] for t in r["tables"] if "ew" in t] == [1, 2] for r in rounds_of(event))
