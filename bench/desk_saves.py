"""Benchmark: what one table's save at the desk costs in a mass round, against a small one.

    .venv/bin/python bench/desk_saves.py [--big 1000] [--small 10] [--played 5] [--saves 12] [--together 20]
                                         [--where /dev/shm]

Two sites, each one Guandan event whose rounds 1..PLAYED are drawn by `paibang pair` and filled
(every table's levels written) and whose round PLAYED + 1 is drawn, the round the saves are made
in: BIG tables (2 x BIG teams: a 2,000-team Swiss at the default) and SMALL tables. In one
process, on each:

1. a table's save as its phone makes it (Desk.submit: the form read from the file, checked, the
   record written under the file's lock, its audit line, its link marked used), one table after
   another, SAVES of them: the first (the file as `pair` wrote it, as after a hand edit: spliced
   into its fast reading, Writer.known_of) apart, then the median of the rest (each into the
   desk's own last write: spliced, store.RoundEdit);
2. the same saves with the splice turned off (the writer splices into nothing, so every
   save round-trips the whole file, as every save did before);
3. what a save sets going after it is answered: the event read and scored again (Desk.load, the
   scorer's, which the live standings and the hall's screen wait for), a save before each: as the
   desk reads it (the files not changed since the last reading taken as read then, and their
   tables' scores: Desk._read_event), and read whole (the last reading forgotten, as every
   reading was before), with their ratio; and the tokens file written (Tokens.mark_used, inside
   the save);
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


def site(where: Path, tables: int, played: int) -> Path:
    from desk import make_site  # (bench/desk.py's site: a Guandan Swiss drawn by `paibang pair`)

    return make_site(where, tables, played)


class Site:
    """A desk on a copy of a drawn site (each run of saves starts from the round as drawn)."""

    def __init__(self, drawn: Path, where: Path, round_: int) -> None:
        from generator.desk.app import Desk

        self.round = round_  # (the round drawn last, whose tables save)
        shutil.copytree(drawn.parent, where)
        self.content = where / "content"
        self.desk = Desk(self.content, SLUG, None, None, build=False)
        self.tables = len(next(r for r in self.desk.event.rounds["main"] if r.number == round_).tables)

    def form(self, number: int) -> tuple[Any, str, str]:
        """Table `number`'s form as its phone's page had it (the spot, what it was filled from,
        the key): read before the save, as the page was shown before it was sent."""
        from generator.desk import forms
        from generator.desk.app import readable_text

        spot = self.desk.spot("main", self.round, number)
        key = f"main/{self.round}/{number}"
        return spot, forms.as_filed(spot, forms.current_table(spot, readable_text(spot.path))), key

    def save(self, number: int, splice: bool = True, form: tuple[Any, str, str] | None = None) -> float:
        """One table's save as its phone makes it: seconds until answered."""
        from generator.desk.app import Who

        desk = self.desk
        spot, filed, key = form or self.form(number)
        if not splice:
            from generator.desk.app import Writer

            with desk._writers_guard:  # (nothing to splice into, the text written nor the file as it is:
                # the whole round trip, as every save once was)
                writer = desk._writers.setdefault(spot.path, Writer(desk, spot.path))
            writer.known_of = lambda text: (None, None)
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


def measure(drawn: Path, work: Path, name: str, saves: int, round_: int) -> dict[str, float]:
    found: dict[str, float] = {}
    spliced = Site(drawn, work / f"{name}-spliced", round_)
    found["first save (the file as drawn)"] = spliced.save(1)
    found["save (spliced)"] = statistics.median(spliced.save(n) for n in range(2, saves + 2))
    whole = Site(drawn, work / f"{name}-whole", round_)
    whole.save(1, splice=False)
    found["save (whole round trip)"] = statistics.median(whole.save(n, splice=False) for n in range(2, saves + 2))
    reads: dict[bool, list[float]] = {True: [], False: []}
    after = saves + 2
    for _ in range(min(3, (spliced.tables - after + 1) // 2)):  # (the tables left to save in)
        for kept in (True, False):
            spliced.desk.load()  # (the reading before the save, whole or not, the desk's as it is)
            spliced.save(after)
            after += 1
            if not kept:
                spliced.desk._kept_reading = None  # (the last reading forgotten: read whole, as before)
            started = time.perf_counter()
            spliced.desk.load()
            reads[kept].append(time.perf_counter() - started)
    found["event read and scored after a save"] = statistics.median(reads[True])
    found["the same, read whole (as before)"] = statistics.median(reads[False])
    marks = []
    for n in range(1, 4):  # (round 1's tables: played, their tokens not marked used by this desk)
        started = time.perf_counter()
        spliced.desk.tokens.mark_used([f"main/1/{n}"])
        marks.append(time.perf_counter() - started)
    found["tokens file written (in a save)"] = statistics.median(marks)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big", type=int, default=1000)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--played", type=int, default=5, help="rounds filled before the round the saves are in")
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
            drawn = site(work / f"{name}-drawn", tables, args.played)
            figures[name] = measure(drawn, work, name, min(args.saves, tables - 5), args.played + 1)
        print(f"a save at the desk: a round of {args.big} tables against one of {args.small}, after "
              f"{args.played} rounds played (medians of {args.saves}; Python {sys.version.split()[0]})")
        for label in figures["big"]:
            big, small = figures["big"][label], figures["small"][label]
            print(f"  {label}: {big * 1000:.0f} ms against {small * 1000:.0f} ms (ratio {big / small:.1f})")
        for name in ("big", "small"):
            kept, whole = figures[name]["event read and scored after a save"], figures[name]["the same, read whole (as before)"]
            print(f"  the event's reading after a save, {name}: read whole / as the desk reads it "
                  f"{whole * 1000:.0f} / {kept * 1000:.0f} ms (ratio {whole / kept:.1f})")
        together = Site(drawn, work / "big-together", args.played + 1)
        count = min(args.together, args.big // 4)
        numbers = list(range(args.big // 2, args.big // 2 + count))
        spliced = together.together(numbers, True)
        whole = Site(drawn, work / "big-together-whole", args.played + 1).together(numbers, False)
        print(f"  {count} tables of {args.big} saving at once, until the last is answered: "
              f"{spliced:.2f} s spliced, {whole:.2f} s by the whole round trip (ratio {whole / spliced:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
