"""Benchmark: the secretary's rows of a mass round with withdrawals (Desk.rounds_view) and each
table's spot (Desk.spot, which a table's form asks for), in processor time.

    .venv/bin/python bench/desk_later_rows.py [--tables 1000] [--withdrawn 500] [--where /dev/shm]

One Guandan Swiss of 2 x TABLES teams (tests/test_desk_mass_pages.py's guandan_swiss): round 1
entered, round 2 entered bar the first WITHDRAWN tables, whose first teams withdraw from round 2
(their forfeits not written: check warns of each), round 3 drawn with every team (so each of
them has a table in a round drawn after it withdrew: entry-withdrawn-drawn-later). A withdrawn
team's spot names check's `written`, which Desk.spot looked for through every problem of the
reading at each call (the rows times the problems, at every request); taken once a reading now
(Desk._said). Run it under each checkout's own venv to compare; medians of 5.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def site(where: Path, tables: int, withdrawn: int) -> Path:
    sys.path.insert(0, str(ROOT))
    from tests.support import withdraw
    from tests.test_desk_mass_pages import guandan_swiss

    content = guandan_swiss(where, 2 * tables, tables, second_round=True)
    folder = content / "events" / "mass"
    second = folder / "results" / "round-2.yaml"
    lines, gone = [], []
    for line in second.read_text(encoding="utf-8").splitlines(keepends=True):
        if "teams: [" in line:
            first = line.split("teams: [")[1].split(",")[0]
            if int(line.split("table: ")[1].split(",")[0]) <= withdrawn:
                gone.append(first)
            else:
                line = line.rstrip().rstrip("}") + f", deals: [{first}+3, {first}+3, {first}+3, {first}+3, {first}+3]}}\n"
        lines.append(line)
    second.write_text("".join(lines), encoding="utf-8")
    for team in gone:
        withdraw(folder, team, 2)
    rows = "".join(f"  - {{table: {n}, teams: [T{2 * n - 1}, T{2 * n}]}}\n" for n in range(1, tables + 1))
    (folder / "results" / "round-3.yaml").write_text(f"stage: main\nround: 3\ntables:\n{rows}", encoding="utf-8")
    return content


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--withdrawn", type=int, default=500)
    parser.add_argument("--where", type=Path, default=None)
    args = parser.parse_args()
    from generator.desk.app import Desk

    content = site(Path(tempfile.mkdtemp(prefix="desk-later-", dir=args.where)), args.tables, args.withdrawn)
    desk = Desk(content, "mass", None, None, build=False)
    later = [p for p in desk.problems if p.code.endswith("-later")]
    print(f"{args.tables} tables a round, {len(desk.problems)} problems, {len(later)} tables drawn after a withdrawal")
    rows, spots = [], []
    for _ in range(5):
        start = cpu()
        desk.rounds_view()
        rows.append(cpu() - start)
        start = cpu()
        for number in range(1, args.tables + 1):
            desk.spot("main", 3, number, withdrawn=True)
        spots.append(cpu() - start)
    print(f"the secretary's rows (rounds_view): {statistics.median(rows):.3f} s processor")
    print(f"round 3's {args.tables} spots: {statistics.median(spots):.3f} s processor")


if __name__ == "__main__":
    main()
