"""Benchmark: what a mass Swiss round costs where each of its tables was looked up in a list
(issue 23), in processor time, at two sizes, this checkout against another in the same run.

    .venv/bin/python bench/mass_rounds.py [--tables 1000,2500] [--checkout DIR] [--where /dev/shm]

For each size, a Guandan Swiss of 2 x TABLES teams (bench/scale.py's entries and deal logs):
rounds 1 and 2 drawn by `paibang pair` and played, round 3 drawn, in two sites: round 3 drawn
only, and round 3 half entered (every other table's deal log written). On each site, each
checkout's code in a fresh process of its own (this one's, and `--checkout`'s: a checkout of
main, `git worktree add /tmp/main main`, say), taken in turn, the processor time of:

- run_event: the event scored (the build's and the desk's reading's), median of 3;
- results.json: render/html.results_json, encoded as the build writes it, median of 3;
- the event's pages: render/html._event_pages (the stage's and rounds' pages, results.json)
  within a no-PDF build run in that process (its workers not forked: all of it counted), and
  that whole build (every entry's and player's page too);
- the desk's admin page (every table of the round: its form, link, whether entered), after a
  reading, median of 3.

Without `--checkout` this checkout's figures alone. The machine is shared: processor time, not
seconds, and the two checkouts' runs alternate so that a busy spell weighs on both.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLUG = "wanren-guandan-2026"  # (bench/scale.py's)
STEPS = ("run_event", "results.json", "the event's pages", "build, no PDF", "desk admin page")


def make_sites(where: Path, tables: int) -> dict[str, Path]:
    """The two sites of `tables` tables: name -> content folder."""
    sys.path.insert(0, str(ROOT))
    from bench import scale

    played = where / "partial"
    content, slug = scale.make_event(played, 2 * tables, 3, 1)
    rng = random.Random(2)
    strength = {f"T{n + 1:04d}": rng.lognormvariate(0, 0.5) for n in range(2 * tables)}
    results = content / "events" / slug / "results"
    for number in (1, 2, 3):
        subprocess.run([sys.executable, "-m", "generator.cli", "pair", slug, "main", "--content", str(content)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        if number < 3:
            scale.fill_round(results / f"round-{number}.yaml", rng, strength)
    drawn = where / "drawn"
    shutil.copytree(played, drawn)
    count = iter(range(10**9))

    def every_other(match: re.Match[str]) -> str:
        if next(count) % 2 == 0:
            return match[0]
        return f"    teams: [{match[1]}, {match[2]}]\n    deals: {scale.deal_log(rng, match[1], match[2], strength)}"

    path = results / "round-3.yaml"
    path.write_text(scale.TABLE.sub(every_other, path.read_text(encoding="utf-8")), encoding="utf-8")
    return {"round 3 drawn only": drawn / "content", "round 3 half entered": content}


def measure(checkout: Path, content: Path, output: Path) -> dict[str, float]:
    """The figures of `checkout`'s code on `content` (run in a process of their own)."""
    sys.path.insert(0, str(checkout))
    sys.path.insert(1, str(ROOT / "bench"))
    import generator.forking as forking

    forking.can_fork = lambda: False  # (everything in this process: its processor time is all of it)
    from generator import build
    from generator.render import html

    for name, module in list(sys.modules.items()):
        if name.startswith("generator") and hasattr(module, "can_fork"):
            module.can_fork = lambda: False
    from desk_mass_views import get  # (an ASGI request, no server)

    from generator.content.load import load_site
    from generator.desk import app as desk_app
    from generator.errors import Problems
    from generator.tournament.event import run_event

    def median_of(work: object, times: int = 3) -> float:
        spent = []
        for _ in range(times):
            started = time.process_time()
            work()  # type: ignore[operator]
            spent.append(time.process_time() - started)
        return statistics.median(spent)

    found: dict[str, float] = {}
    event = load_site(content, Problems()).events[0]
    result = run_event(event, Problems())
    found["run_event"] = median_of(lambda: run_event(event, Problems()))
    found["results.json"] = median_of(lambda: json.dumps(html.results_json(result), ensure_ascii=False,
                                                         separators=(",", ":"), check_circular=False,
                                                         default=html._json_list))
    pages = [0.0]
    event_pages = html._event_pages

    def counted(*args: object, **kwargs: object) -> object:
        started = time.process_time()
        try:
            return event_pages(*args, **kwargs)
        finally:
            pages[0] += time.process_time() - started

    html._event_pages = counted
    started = time.process_time()
    build.build(content, output, cache_dir=output.parent / (output.name + "-cache"), bulletins=False)
    found["build, no PDF"] = time.process_time() - started
    found["the event's pages"] = pages[0]
    desk = desk_app.Desk(content, SLUG, None, None, build=False)
    app = desk_app.create_app(desk)
    cookie = {"Cookie": f"{desk.cookie}={desk.start_session()}"}
    found["desk admin page"] = median_of(lambda: get(app, f"{desk.prefix}/admin", cookie))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1000,2500", help="the round's tables, comma-separated sizes")
    parser.add_argument("--checkout", type=Path, default=None, help="another checkout to set beside this one")
    parser.add_argument("--where", type=Path, default=None, help="a folder to work in (default: a temp dir)")
    parser.add_argument("--measure", nargs=3, metavar=("CHECKOUT", "CONTENT", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        checkout, content, output = map(Path, args.measure)
        print(json.dumps(measure(checkout, content, output)))
        return 0
    sys.path.insert(0, str(ROOT / "bench"))
    from workplace import work_folder

    checkouts = {"this": ROOT} | ({"other": args.checkout.resolve()} if args.checkout else {})
    with tempfile.TemporaryDirectory(dir=work_folder(args.where), prefix="paibang-mass-rounds-") as temp:
        for tables in (int(n) for n in args.tables.split(",")):
            sites = make_sites(Path(temp) / str(tables), tables)
            for site, content in sites.items():
                figures: dict[str, dict[str, float]] = {}
                for name, checkout in checkouts.items():
                    output = Path(temp) / f"out-{tables}-{name}"
                    ran = subprocess.run([sys.executable, __file__, "--measure", str(checkout), str(content),
                                          str(output)], check=True, cwd=checkout, capture_output=True, text=True)
                    figures[name] = json.loads(ran.stdout.strip().splitlines()[-1])
                    shutil.rmtree(output, ignore_errors=True)
                    shutil.rmtree(output.parent / (output.name + "-cache"), ignore_errors=True)
                print(f"{tables} tables, {site} (processor seconds"
                      f"{'; other checkout, this one' if len(figures) > 1 else ''}):", flush=True)
                for step in STEPS:
                    if "other" in figures:
                        was, now = figures["other"][step], figures["this"][step]
                        print(f"  {step:<20} {was:8.3f} {now:8.3f}   {was / now if now else 0:5.2f}x")
                    else:
                        print(f"  {step:<20} {figures['this'][step]:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
