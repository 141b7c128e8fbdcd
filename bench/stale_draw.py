"""Benchmark: `paibang check` of a Swiss whose round 1 was corrected after later rounds were drawn.

    .venv/bin/python bench/stale_draw.py [--teams 200] [--rounds 5] [--seed 3] [--where /dev/shm]

A 大怪路子 Swiss (match points 2/1/0, two boards a match: a draw now and then, so eleven score
groups after 5 rounds, some of a few teams: where the draw is the matching, not the one pass) is
drawn round by round by `paibang pair`, in a folder where a build has made .paibang-cache/, and
filled with random boards. Then round 1's table 1 is reversed: every later round was drawn on
standings that have changed, and the stale-draw check draws each of them again on the recorded
order and on today's (event._stale_draws, tournament/redraws.py). Timed, in processor time
(this machine is shared), medians of 3, each a fresh `paibang check`:
  no draws kept      the cache's draws/ emptied before each: every draw made, as before redraws.py;
  first after it     draws/ as `pair` left it (its own draws: the recorded orders'): today's made;
  later              draws/ as the check before left it: nothing drawn.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = re.compile(r"    home: (\w+)\n    away: (\w+)\n    # boards:\n(?:    #.*\n)+")


def processor_time() -> float:
    used = os.times()
    return used.children_user + used.children_system


def paibang(folder: Path, *arguments: str) -> float:
    """Processor seconds of a fresh `paibang …` run in `folder` (where build keeps its cache)."""
    before = processor_time()
    subprocess.run([sys.executable, "-m", "generator.cli", *arguments], check=True, cwd=folder,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return processor_time() - before


def make_event(folder: Path, teams: int, rounds: int, seed: int) -> tuple[Path, str]:
    content = folder / "content"
    event = content / "events" / "dg"
    (event / "results").mkdir(parents=True)
    (folder / ".paibang-cache").mkdir(mode=0o700)  # a site built here before
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    lines = ["title: dg", "game: daguai", "date: 2026-05-01", f"draw_seed: {seed}", "entries:"]
    lines += [f"  - {{id: D{i + 1:03d}, players: [a{i}, b{i}, c{i}]}}" for i in range(teams)]
    lines += ["stages:", "  - id: swiss", "    format: swiss", f"    rounds: {rounds + 1}", "    boards: 2",
              "    rank_by: [match_points, net, scored, heads, lot]",
              "    board_points: {caught3: 8, caught2: 5, caught1: 3, own1: 1, own2: 0}",
              "    bye: {match_points: 2, net: 0, heads: 0}"]
    (event / "event.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rng = random.Random(seed)
    strength = {f"D{i + 1:03d}": rng.gauss(0, 1) for i in range(teams)}

    def fill(m: re.Match[str]) -> str:
        home, away = m[1], m[2]
        chance = 1 / (1 + 2.718 ** (strength[away] - strength[home]))
        rooms = [[f"{room}: {home if rng.random() < chance else away} {rng.choice((8, 5, 3, 1, 0))}"
                  for room in ("open", "closed")] for _ in (1, 2)]
        return (f"    home: {home}\n    away: {away}\n    boards:\n"
                + "".join(f"      {n}: {{{', '.join(r)}}}\n" for n, r in enumerate(rooms, start=1)))

    for number in range(1, rounds + 1):
        paibang(folder, "pair", "dg", "swiss", "--content", str(content))
        path = event / "results" / f"round-{number}.yaml"
        path.write_text(TABLE.sub(fill, path.read_text(encoding="utf-8")), encoding="utf-8")
    first = event / "results" / "round-1.yaml"
    text = first.read_text(encoding="utf-8")
    m = re.search(r"home: (\w+)\n    away: (\w+)\n    boards:\n((?:      .*\n)+)", text)
    swapped = m[3].replace(m[1], "@").replace(m[2], m[1]).replace("@", m[2])
    first.write_text(text[:m.start(3)] + swapped + text[m.end(3):], encoding="utf-8")
    return content, f"{m[1]} - {m[2]}"


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--where", type=Path, default=None, help="folder to work in (default: the system's temporary folder)")
    args = parser.parse_args()
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)

    with tempfile.TemporaryDirectory(dir=work_folder(args.where)) as name:
        folder = Path(name)
        content, table = make_event(folder, args.teams, args.rounds, args.seed)
        draws = folder / ".paibang-cache" / "draws"
        kept_by_pair = folder / "kept-by-pair"
        shutil.copytree(draws, kept_by_pair)
        print(f"{args.teams} teams, {args.rounds} rounds drawn by pair and played; round 1's {table} reversed")
        check = ("check", "--content", str(content))
        none, first, later = [], [], []
        for _ in range(3):
            shutil.rmtree(draws)
            none.append(paibang(folder, *check))
        for _ in range(3):
            shutil.rmtree(draws)
            shutil.copytree(kept_by_pair, draws)
            first.append(paibang(folder, *check))
        for _ in range(3):
            later.append(paibang(folder, *check))
        for what, times in (("no draws kept", none), ("first check after it", first), ("later checks", later)):
            print(f"  {what:22s} {median(times):6.2f} s of processor time  ({', '.join(f'{t:.2f}' for t in times)})")


if __name__ == "__main__":
    main()
