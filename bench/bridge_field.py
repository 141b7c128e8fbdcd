"""Benchmark: a large bridge event at real size, a congress's pairs field and a teams Swiss (issue 23).

    .venv/bin/python bench/bridge_field.py [--sections 17] [--small 4] [--scoring matchpoints|imps|butler]
        [--teams 100] [--small-teams 20] [--team-boards 8] [--runs 1] [--against DIR] [--only pairs|teams]
        [--where /dev/shm] [--profile FILE]

1. The pairs field, as a congress or a large club's simultaneous pairs run it: `--sections`
   sections of a 9-table Mitchell (18 pairs each: NS 1-9 stay, EW 10-18 move up a table, the
   boards down), 27 boards in 9 rounds of 3, every section playing the same boards, scored
   across the field as one stage (`scoring: matchpoints`; bridge_import's `field_tables`:
   section B's tables numbered on after section A's). 17 sections: 306 pairs, 153 tables, each
   board played 153 times, a traveller of 153 lines, 306 entry pages. Hand records (hands.pbn),
   random deals, as a dealing machine makes them. Results as a secretary types them
   (`4S N =`), a few contracts per board, most tables in one of them, a few doubled.
2. The teams Swiss: `--teams` teams of four, 7 rounds of 8 boards numbered on through the rounds,
   IMPs to VPs, each round drawn by the real command (`paibang pair`) and filled.
3. Each at its size and at a smaller size of the same event (`--small` sections, `--small-teams`
   teams), measured in this run, every command a fresh process: `paibang check`, a full build
   (no PDFs, bench/site.py's fresh_build) and the rebuild after one round's file changed, in
   processor time (this process's children's user + system time: the figure a machine shared
   with other work keeps) and seconds; the ratio large / small beside the ratio of the sizes
   (results: tables x boards). A ratio well above the size ratio grows faster than linearly.
   And the largest HTML page of each (issue 23: none over 1 MB). `--runs`: each measured so many
   times, the medians. `--against DIR`: another checkout (main's) measures the same events in turn,
   and each figure of this checkout is said against its.

`--profile FILE`: the large pairs field's build profiled in one process (cProfile, no forked
workers: forking turned off), its stats written to FILE, the top 25 by cumulative time printed.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import site as _site  # noqa: E402
from bench.scale import names, new_site  # noqa: E402

MB = 1_000_000
SECTION_TABLES = 9  # a 9-table Mitchell: 9 rounds, 9 sets of 3 boards, every EW pair meets every NS pair
PER_ROUND = 3
TEAM_ROUNDS = 7
TEAM_BOARDS = 8  # boards a match (`--team-boards`: 16 or 24 at national events)
# kinds of club (bridge club, association, seniors' university class, works team, university society), and
# one-character city names for theirs
CLUBS = ("\u6865\u724c\u4ff1\u4e50\u90e8", "\u6865\u724c\u534f\u4f1a", "\u8001\u5e74\u5927\u5b66\u6865\u724c\u73ed", "\u804c\u5de5\u6865\u724c\u961f", "\u5927\u5b66\u6865\u724c\u793e")
CITIES = "\u5317\u4e0a\u5e7f\u6df1\u676d\u5b81\u82cf\u9521\u5e38\u6e29\u5609\u6e56\u7ecd\u91d1\u8862\u821f\u53f0\u4e3d\u5408\u829c\u868c\u6dee\u9a6c\u94dc\u5b89"
STRAINS = ("C", "D", "H", "S", "NT")
SEATS = "NESW"


def _clubs(rng: random.Random, count: int) -> list[str]:
    return [f"{rng.choice(CITIES)}{rng.choice(CITIES)}{rng.choice(CLUBS)}" for _ in range(count)]


def deal(rng: random.Random) -> str:
    """A random deal in PBN's notation from North: four hands of 13, suits S.H.D.C."""
    cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = set(cards[13 * seat:13 * seat + 13])
        hands.append(".".join("".join(r for r in "AKQJT98765432" if s + r in held) for s in "SHDC"))
    return "N:" + " ".join(hands)


def hand_records(title: str, boards: int, rng: random.Random) -> str:
    lines = ["% PBN 2.1", f"% {title}: hand records", ""]
    vulnerable = {1: "None", 2: "NS", 3: "EW", 4: "All", 5: "NS", 6: "EW", 7: "All", 8: "None", 9: "EW", 10: "All",
                  11: "None", 12: "NS", 13: "All", 14: "None", 15: "NS", 16: "EW"}
    for board in range(1, boards + 1):
        lines += [f'[Event "{title}"]', f'[Board "{board}"]', f'[Dealer "{SEATS[(board - 1) % 4]}"]',
                  f'[Vulnerable "{vulnerable[(board - 1) % 16 + 1]}"]', f'[Deal "{deal(rng)}"]', ""]
    return "\n".join(lines)


def board_results(rng: random.Random) -> list[tuple[str, float]]:
    """A board's usual contracts and how often each is played: a few, one of them most tables'."""
    found = []
    for _ in range(rng.randint(2, 5)):
        level = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6))
        strain, by = rng.choice(STRAINS), rng.choice(SEATS)
        found.append((f"{level}{strain}", by, rng.random()))
    return [(f"{contract} {by}", weight) for contract, by, weight in found]


def result_line(rng: random.Random, usual: list[tuple[str, float]]) -> str:
    """One table's result of a board: one of its usual contracts, a trick or two either way, a
    few doubled, now and then a pass-out."""
    if rng.random() < 0.01:
        return "pass"
    text = rng.choices([c for c, _ in usual], weights=[w for _, w in usual])[0]
    contract, by = text.split()
    level = int(contract[0])
    tricks = level + 6 + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))
    tricks = max(0, min(13, tricks))
    if rng.random() < 0.04 and tricks < level + 6:
        contract += "X"
    made = tricks - level - 6
    return f"{contract} {by} {'=' if made == 0 else f'{made:+d}'}"


def make_pairs_field(target: Path, sections: int, seed: int, scoring: str = "matchpoints") -> tuple[Path, str]:
    """The congress's pairs field: event.yaml, hands.pbn and a results file a round, every table
    of every section in it (tables numbered on through the sections)."""
    rng = random.Random(seed)
    slug = "congress-pairs-2026"
    content, folder = new_site(target, slug)
    rounds, boards = SECTION_TABLES, SECTION_TABLES * PER_ROUND
    pairs = 2 * SECTION_TABLES * sections
    people = names(rng, 2 * pairs)
    clubs = _clubs(rng, max(1, pairs // 12))
    title = "\u5168\u7701\u6865\u724c\u516c\u5f00\u8d5b\u00b7\u53cc\u4eba\u8d5b"
    lines = [f"# {sections} \u4e2a\u533a\uff0c\u6bcf\u533a {SECTION_TABLES} \u684c\u7c73\u5207\u5c14\u79fb\u4f4d\uff1b{boards} \u526f\u724c\u5168\u573a\u6bd4\u8f83\uff08\u6bcf\u526f\u6253 "
             f"{SECTION_TABLES * sections} \u6b21\uff09\uff0c\u6bd4\u8d5b\u5206\uff08MP\uff09\u8ba1\u5206",
             f"title: {title}", "game: bridge", "organizer: \u7701\u6865\u724c\u534f\u4f1a", "venue: \u7701\u4f53\u80b2\u9986", "date: 2026-06-06",
             "", "entries:"]

    def entry_id(section: int, pair: int) -> str:
        return f"{chr(ord('A') + section % 26)}{'' if section < 26 else section // 26}-{pair:02d}"

    number = 0
    for section in range(sections):
        lines.append(f"  # {chr(ord('A') + section % 26)} \u533a\uff1a01\u2013{SECTION_TABLES:02d} \u5750\u5357\u5317\uff0c"
                     f"{SECTION_TABLES + 1}\u2013{2 * SECTION_TABLES} \u5750\u4e1c\u897f")
        for pair in range(1, 2 * SECTION_TABLES + 1):
            lines.append(f"  - {{id: {entry_id(section, pair)}, players: [{people[2 * number]}, "
                         f"{people[2 * number + 1]}], group: {rng.choice(clubs)}}}")
            number += 1
    lines += ["", "stages:", "  - id: pairs", "    name: \u53cc\u4eba\u8d5b", "    date: 2026-06-06", "    format: pairs",
              f"    scoring: {scoring}", "    vulnerability: standard", f"    rounds: {rounds}",
              f"    boards: {PER_ROUND}", "    hands: hands.pbn",
              f"    rank_by: [{'percent, mp' if scoring == 'matchpoints' else 'imps'}]", "    prizes:",
              "      - {name: \u51a0\u519b, count: 1}", "      - {name: \u4e9a\u519b, count: 1}", "      - {name: \u5b63\u519b, count: 1}"]
    (folder / "event.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "hands.pbn").write_text(hand_records(title, boards, rng), encoding="utf-8")
    usual = {board: board_results(rng) for board in range(1, boards + 1)}
    for r in range(1, rounds + 1):
        out = [f"# \u7b2c {r} \u8f6e", "stage: pairs", f"round: {r}", "tables:"]
        for section in range(sections):
            for t in range(1, SECTION_TABLES + 1):
                ew = (t - 1 - (r - 1)) % SECTION_TABLES + 1 + SECTION_TABLES
                board_set = (t - 1 + (r - 1)) % SECTION_TABLES
                out += [f"  - table: {section * SECTION_TABLES + t}", f"    ns: {entry_id(section, t)}",
                        f"    ew: {entry_id(section, ew)}", "    boards:"]
                for board in range(board_set * PER_ROUND + 1, board_set * PER_ROUND + PER_ROUND + 1):
                    out.append(f"      {board}: {result_line(rng, usual[board])}")
        (folder / "results" / f"round-{r}.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")
    return content, slug


TEAM_TABLE = re.compile(r"^(    home: (\w+)\n    away: (\w+)\n)    # boards:\n    #   .*\n", re.M)


def make_teams(target: Path, teams: int, seed: int, boards: int = TEAM_BOARDS) -> tuple[Path, str]:
    """The teams Swiss, no rounds yet (fill_teams draws and fills them)."""
    rng = random.Random(seed)
    slug = "congress-teams-2026"
    content, folder = new_site(target, slug)
    people = names(rng, 4 * teams)
    clubs = _clubs(rng, teams)
    lines = ["title: \u5168\u7701\u6865\u724c\u516c\u5f00\u8d5b\u00b7\u961f\u5f0f\u8d5b", "game: bridge", "organizer: \u7701\u6865\u724c\u534f\u4f1a", "venue: \u7701\u4f53\u80b2\u9986",
             "date: 2026-06-07", f"draw_seed: {seed}", "", "entries:"]
    for n in range(teams):
        lines.append(f"  - {{id: K{n + 1:03d}, name: {clubs[n]}{n + 1}\u961f, players: [{', '.join(people[4 * n:4 * n + 4])}], "
                     f"group: {clubs[n]}}}")
    lines += ["", "stages:", "  - id: teams", "    name: \u961f\u5f0f\u745e\u58eb\u79fb\u4f4d\u8d5b", "    date: 2026-06-07", "    format: swiss",
              "    scoring: imps", "    vulnerability: standard", f"    rounds: {TEAM_ROUNDS}", f"    boards: {boards}",
              "    rank_by: [vp, imps]", "    prizes:", "      - {name: \u51a0\u519b, count: 1}", "      - {name: \u4e9a\u519b, count: 1}",
              "      - {name: \u5b63\u519b, count: 1}"]
    (folder / "event.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return content, slug


def fill_teams(content: Path, slug: str, seed: int, boards: int = TEAM_BOARDS) -> None:
    """Each round drawn by `paibang pair` and its matches filled, both rooms of every board."""
    rng = random.Random(seed + 1)
    usual = {board: board_results(rng) for board in range(1, TEAM_ROUNDS * boards + 1)}
    for r in range(1, TEAM_ROUNDS + 1):
        subprocess.run([sys.executable, "-m", "generator.cli", "pair", slug, "teams", "--content", str(content)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        path = content / "events" / slug / "results" / f"round-{r}.yaml"
        first = (r - 1) * boards + 1

        def filled(match: re.Match) -> str:
            rows = [match[1] + "    boards:\n"]
            for board in range(first, first + boards):
                rows.append(f"      {board}: {{open: {result_line(rng, usual[board])}, "
                            f"closed: {result_line(rng, usual[board])}}}\n")
            return "".join(rows)

        text = path.read_text(encoding="utf-8")
        path.write_text(TEAM_TABLE.sub(filled, text), encoding="utf-8")


def timed(root: Path, *arguments: str) -> tuple[float, float]:
    """(seconds, processor seconds) of a fresh `paibang …` of the checkout `root` (exit 0 or 1:
    warnings are no failure)."""
    before, start = _site.processor_time(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator.cli", *arguments], cwd=root,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(done.stderr)
    return time.perf_counter() - start, _site.processor_time() - before


def page_sizes(output: Path, slug: str) -> tuple[int, str, int]:
    """The largest HTML page of the event (bytes, path) and how many pages it has."""
    pages = list((output / slug).rglob("*.html")) if (output / slug).exists() else list(output.rglob("*.html"))
    size, where = max((path.stat().st_size, str(path.relative_to(output))) for path in pages)
    return size, where, len(pages)


def measure(content: Path, slug: str, work: Path, changed: Path, root: Path = ROOT) -> dict[str, float | int | str]:
    """check, full build (from nothing), one round's file changed, by the checkout `root`:
    (seconds, processor seconds) each, pages, the largest page."""
    found: dict[str, float | int | str] = {}
    found["check"], found["check cpu"] = timed(root, "check", "--content", str(content))
    output, cache = work / "output", work / "cache"
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    _site.ROOT = root  # (bench/site.py's fresh build imports paibang from its ROOT)
    try:
        figures = _site.fresh_build_figures(content, output, cache / "pdf")
        found["build"], found["build cpu"], found["pages"] = figures["seconds"], figures["processor"], figures["pages"]
        found["largest"], found["largest page"], _ = page_sizes(output, slug)
        changed.write_text(changed.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        figures = _site.fresh_build_figures(content, output, cache / "pdf")
        found["one round"], found["one round cpu"] = figures["seconds"], figures["processor"]
    finally:
        _site.ROOT = ROOT
    return found


def report(name: str, large: dict, small: dict, size_ratio: float, label: str = "") -> None:
    print(f"\n{name}{label}: large / small (size ratio {size_ratio:.2f}; a ratio well above it grows faster than linearly)")
    for what in ("check", "build", "one round"):
        print(f"  {what:<10} large {large[what + ' cpu']:7.2f} s cpu ({large[what]:6.2f} s)  small "
              f"{small[what + ' cpu']:6.2f} s cpu ({small[what]:5.2f} s)  ratio of cpu {large[what + ' cpu'] / small[what + ' cpu']:.2f}")
    print(f"  pages: large {large['pages']}, small {small['pages']}; largest HTML page: large "
          f"{large['largest'] / 1000:.0f} kB ({large['largest page']}), small {small['largest'] / 1000:.0f} kB; "
          f"limit 1,000 kB: {'met' if large['largest'] <= MB else 'MISSED'}")


def against(name: str, ours: dict, theirs: dict, other: Path) -> None:
    """This checkout's figures beside another's (`--against`), at the same size in the same run."""
    print(f"{name}: this checkout / {other} (processor time)")
    for what in ("check", "build", "one round"):
        print(f"  {what:<10} {ours[what + ' cpu']:7.2f} s / {theirs[what + ' cpu']:7.2f} s = "
              f"{ours[what + ' cpu'] / theirs[what + ' cpu']:.2f}")
    print(f"  largest page {ours['largest'] / 1000:.0f} kB / {theirs['largest'] / 1000:.0f} kB")


def profile(content: Path, work: Path, where: str) -> None:
    import cProfile
    import pstats

    import generator.forking
    import generator.render.html
    import generator.render.incremental
    from generator.build import build
    # everything in this process, where the profiler sees it: no forked workers
    generator.forking.can_fork = generator.render.html.can_fork = lambda: False  # type: ignore[assignment]
    generator.render.incremental.can_fork_alone = lambda: False  # type: ignore[assignment]
    profiler = cProfile.Profile()
    profiler.enable()
    build(content, work / "profiled", cache_dir=work / "profiled-cache" / "pdf", bulletins=False)
    profiler.disable()
    profiler.dump_stats(where)
    pstats.Stats(where).sort_stats("cumulative").print_stats(25)


def compare(name: str, sizes: tuple[int, int], make: Callable[[int], tuple[Path, str, Path, Path]],
            other: Path | None, ratio: float, runs: int = 1) -> None:
    """Both sizes measured by this checkout (and by `other`, taken in turn), `runs` times each:
    the medians, and their ratios printed."""
    ours, theirs = {}, {}
    for size in sizes:
        content, slug, place, changed = make(size)
        mine, others = [], []
        for _ in range(runs):
            mine.append(measure(content, slug, place, changed))
            if other is not None:
                others.append(measure(content, slug, place, changed, other))
        ours[size] = medians(mine)
        if other is not None:
            theirs[size] = medians(others)
    report(name, ours[sizes[1]], ours[sizes[0]], ratio)
    if other is not None:
        report(name, theirs[sizes[1]], theirs[sizes[0]], ratio, f" ({other})")
        for size in sizes:
            against(f"{name} at {size}", ours[size], theirs[size], other)


def medians(found: list[dict]) -> dict:
    """Each figure's median over the runs (the pages and the largest page are the same in each)."""
    return {key: sorted(run[key] for run in found)[len(found) // 2] if isinstance(found[0][key], float) else found[0][key]
            for key in found[0]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sections", type=int, default=17, help="9-table Mitchell sections of the pairs field")
    parser.add_argument("--small", type=int, default=4, help="sections of the smaller field to compare with")
    parser.add_argument("--teams", type=int, default=100)
    parser.add_argument("--small-teams", type=int, default=20)
    parser.add_argument("--team-boards", type=int, default=TEAM_BOARDS, help="boards a match of the teams Swiss")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--where", type=Path, default=None)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout (main's) to measure the same events with, in turn")
    parser.add_argument("--runs", type=int, default=1, help="measurements of each: medians")
    parser.add_argument("--profile", default=None, help="file for the large pairs field's profile (cProfile)")
    parser.add_argument("--scoring", choices=("matchpoints", "imps", "butler"), default="matchpoints",
                        help="the pairs field's scoring (imps: cross-IMPs)")
    parser.add_argument("--only", choices=("pairs", "teams"), default=None)
    args = parser.parse_args()
    for root in (ROOT, args.against):
        if root is not None:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "generator")], check=True)
    from workplace import work_folder
    with tempfile.TemporaryDirectory(dir=work_folder(args.where)) as folder:
        work = Path(folder)

        def pairs(sections: int) -> tuple[Path, str, Path, Path]:
            place = work / f"pairs-{sections}"
            content, slug = make_pairs_field(place, sections, args.seed, args.scoring)
            print(f"pairs field: {sections} sections, {2 * SECTION_TABLES * sections} pairs, "
                  f"{SECTION_TABLES * sections} tables, {SECTION_TABLES * PER_ROUND} boards each played "
                  f"{SECTION_TABLES * sections} times", flush=True)
            if args.profile and sections == args.sections:
                profile(content, place, args.profile)
            return content, slug, place, content / "events" / slug / "results" / f"round-{SECTION_TABLES}.yaml"

        def teams(count: int) -> tuple[Path, str, Path, Path]:
            place = work / f"teams-{count}"
            content, slug = make_teams(place, count, args.seed, args.team_boards)
            started = time.perf_counter()
            fill_teams(content, slug, args.seed, args.team_boards)
            print(f"teams Swiss: {count} teams, {TEAM_ROUNDS} rounds of {args.team_boards} boards, drawn and filled in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
            return content, slug, place, content / "events" / slug / "results" / f"round-{TEAM_ROUNDS}.yaml"

        if args.only != "teams":
            compare("pairs field", (args.small, args.sections), pairs, args.against, args.sections / args.small, args.runs)
        if args.only != "pairs":
            compare("teams Swiss", (args.small_teams, args.teams), teams, args.against, args.teams / args.small_teams,
                    args.runs)


if __name__ == "__main__":
    main()
