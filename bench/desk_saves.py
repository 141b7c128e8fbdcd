"""Benchmark: what one table's save at the desk costs in a mass round, against a small one.

    .venv/bin/python bench/desk_saves.py [--big 1000] [--small 10] [--saves 12] [--together 20] [--where /dev/shm]

Two sites, each one Guandan event whose round 1 is drawn by `paibang pair`: BIG tables (2 x BIG
teams: a 2,000-team Swiss at the default) and SMALL tables. In one process, on each:

1. a table's save as its phone makes it (Desk.submit: the form read from the file, checked, the
   record written under the file's lock, its audit line, its link marked used), one table after
   another, SAVES of them: the first (the file as `pair` wrote it: the whole round trip) apart,
   then the median of the rest (each into the desk's own last write: spliced, store.RoundEdit);
2. the same saves with the splice turned off (the writer forgets the text it wrote, so every
   save round-trips the whole file, as every save did before);
3. what a save sets going after it is answered: the event read and scored again (Desk.load, the
   scorer's, which the live standings and the hall's screen wait for) and the tokens file written
   (Tokens.mark_used, inside the save);
4. on the big site, TOGETHER tables saving at the same moment (threads at a barrier, the
   Writer's batches): the wall time until all are answered, spliced and not.

Printed with the ratio big / small of each, in the same run: a save that does not grow with the
round's size is near 1. The machine is shared (2 cores, other work): the figures are medians.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SLUG = "desk-bench-guandan"


def site(where: Path, tables: int) -> Path:
    from desk import make_site  # (bench/desk.py's site: a Guandan Swiss drawn by `paibang pair`)

    return make_site(where, tables)


class Site:
    """A desk on a copy of a drawn site (each run of saves starts from the round as drawn)."""

    def __init__(self, drawn: Path, where: Path) -> None:
        from generator.desk.app import Desk

        shutil.copytree(drawn.parent, where)
        self.content = where / "content"
        self.desk = Desk(self.content, SLUG, None, None, build=False)

    def form(self, number: int) -> tuple[Any, str, str]:
        """Table `number`'s form as its phone's page had it (the spot, what it was filled from,
        the key): read before the save, as the page was shown before it was sent."""
        from generator.desk import forms
        from generator.desk.app import readable_text

        spot = self.desk.spot("main", 1, number)
        return spot, forms.as_filed(spot, forms.current_table(spot, readable_text(spot.path))), f"main/1/{number}"

    def save(self, number: int, splice: bool = True, form: tuple[Any, str, str] | None = None) -> float:
        """One table's save as its phone makes it: seconds until answered."""
        from generator.desk.app import Who

        desk = self.desk
        spot, filed, key = form or self.form(number)
        if not splice:
            for writer in desk._writers.values():
                writer.known = None  # (the text written forgotten: the whole round trip, as before)
        started = time.perf_counter()
        outcome = desk.submit(spot, {"level_a": "A", "level_b": "7"}, Who("table", desk.tokens.table(key), key), True,
                              "", filed)
        took = time.perf_counter() - started
        assert outcome["saved"], (number, outcome["refused"])
        return took

    def together(self, numbers: list[int], splice: bool) -> float:
        """`numbers` saving at the same moment: seconds until the last is answered."""
        self.save(numbers[0] - 1, splice)  # (the desk's own write first: the text known, if splicing)
        forms = {number: self.form(number) for number in numbers}
        barrier = threading.Barrier(len(numbers) + 1)
        done: list[float] = []

        def one(number: int) -> None:
            barrier.wait(60)
            self.save(number, splice, forms[number])
            done.append(time.perf_counter())

        threads = [threading.Thread(target=one, args=(n,)) for n in numbers]
        for thread in threads:
            thread.start()
        barrier.wait(60)
        started = time.perf_counter()
        for thread in threads:
            thread.join(600)
        assert len(done) == len(numbers)
        return max(done) - started


def measure(drawn: Path, work: Path, name: str, saves: int) -> dict[str, float]:
    found: dict[str, float] = {}
    spliced = Site(drawn, work / f"{name}-spliced")
    found["first save (whole round trip)"] = spliced.save(1)
    found["save (spliced)"] = statistics.median(spliced.save(n) for n in range(2, saves + 2))
    whole = Site(drawn, work / f"{name}-whole")
    whole.save(1, splice=False)
    found["save (whole round trip)"] = statistics.median(whole.save(n, splice=False) for n in range(2, saves + 2))
    reads = []
    for _ in range(3):
        started = time.perf_counter()
        spliced.desk.load()
        reads.append(time.perf_counter() - started)
    found["event read and scored after a save"] = statistics.median(reads)
    marks = []
    for n in range(saves + 2, saves + 5):
        started = time.perf_counter()
        spliced.desk.tokens.mark_used([f"main/1/{n}"])
        marks.append(time.perf_counter() - started)
    found["tokens file written (in a save)"] = statistics.median(marks)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big", type=int, default=1000)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--saves", type=int, default=12)
    parser.add_argument("--together", type=int, default=20)
    parser.add_argument("--where", type=Path, default=None, help="a folder for the sites (default: a temp dir)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)

    with tempfile.TemporaryDirectory(dir=work_folder(args.where), prefix="paibang-desk-saves-") as temp:
        work = Path(temp)
        figures = {}
        for name, tables in (("small", args.small), ("big", args.big)):
            drawn = site(work / f"{name}-drawn", tables)
            figures[name] = measure(drawn, work, name, min(args.saves, tables - 5))
        print(f"a save at the desk: a round of {args.big} tables against one of {args.small} "
              f"(medians of {args.saves}; Python {sys.version.split()[0]})")
        for label in figures["big"]:
            big, small = figures["big"][label], figures["small"][label]
            print(f"  {label}: {big * 1000:.0f} ms against {small * 1000:.0f} ms (ratio {big / small:.1f})")
        together = Site(drawn, work / "big-together")
        count = min(args.together, args.big // 4)
        numbers = list(range(args.big // 2, args.big // 2 + count))
        spliced = together.together(numbers, True)
        whole = Site(drawn, work / "big-together-whole").together(numbers, False)
        print(f"  {count} tables of {args.big} saving at once, until the last is answered: "
              f"{spliced:.2f} s spliced, {whole:.2f} s by the whole round trip (ratio {whole / spliced:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
