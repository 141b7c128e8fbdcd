"""Benchmark: where rendering's processor time goes, page kind by page kind, in one process.

    .venv/bin/python bench/render_parts.py [--events 50] [--runs 3] [--against DIR] [--where /dev/shm]

bench/site.py says each part of a build in processor time (reading and scoring, rendering, writing),
the render workers' together. This says what rendering is made of: an archive of N events (bench/
site.py's, the demo events copied) built once to fill the event cache and compile the templates,
then again with the pages rendered in the build's own process (os.cpu_count taken as 1: no render
worker, so that every page's time is seen here; a worker's processor time was the same, measured
at 50 events), and each part's processor time (time.process_time) taken around the calls that make
it: each page kind (its template, its file written included), each game's table template on the
page kind that shows it (a round's, an entry's, a board's), an entry's page's other parts (its
heading and facts, each stage's heading, its match summary, each match's heading and its table's
showings, its players' links, its crumbs) and the frame around every page (its head's links,
header and footer), each on the page kind that calls it, the entries' pages' gathering
(match_lines), an event's whole result read back from the event cache (its seal verified, then
unpickled), results.json, results.xlsx, and the files written (pages and the rest). Then how many
of a table's shared parts (html.shared_part, shared_rows) were made and how many shown again: a
part made more often than its table is shown would say a table is rendered anew where it could be
shown again. `--against DIR`: the same in another checkout (main's), run for run in turn, medians
compared (a shared machine's speed drifts within seconds): each part of the branch against main's.
The parts overlap (a table is inside its page, a page's file inside it): each is its own share of
the whole build's processor time, not a sum."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
# the globals entry.html and base.html call, wrapped where the templates look them up (env.globals)
ENTRY_PARTS = ("entry_facts", "stage_heading", "summary_table", "match_heading", "crumbs",
               "frame_head", "frame_header", "frame_footer")
# the parts those call, wrapped where they are made or looked up: rows_entry.install and
# _standings_rows keep the environment's player_links_of as it is made (html._player_links), and
# match_heading calls html.py's table_showings by its module's name, not the environment's
CALLED_PARTS = ("player_links_of", "table_showings")
TABLES = ("bridge_table", "daguai_table", "shengji_table", "guandan_table", "bridge_traveller", "shengji_traveller")


def measure(events: int, where: Path) -> dict[str, Any]:
    """The parts of a build of `events` events, its render in this process (the module docstring)."""
    os.cpu_count = lambda: 1  # (this process's own: render_site then renders here, no worker forked)
    import shutil

    from bench.site import make_archive
    from generator.build import WholeResults, build
    from generator.interchange import spreadsheet
    from generator.render import html, output

    if where.exists():
        shutil.rmtree(where)
    where.mkdir(parents=True)
    content = make_archive(where, events)
    # (the event cache beside output/ filled, the templates compiled: the build measured renders)
    build(content, where / "first", cache_dir=where / "pdf-cache", bulletins=False)
    spent: dict[str, float] = {}
    counted: dict[str, int] = {}
    showing = [""]

    def timed(name: Callable[..., str], call: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return call(*args, **kwargs)
            finally:
                key = name(*args, **kwargs)
                spent[key] = spent.get(key, 0.0) + time.process_time() - start
                counted[key] = counted.get(key, 0) + 1
        return wrapper

    def page(self: Any, env: Any, path: str, template: str, *args: Any, **kwargs: Any) -> None:
        showing[0] = template
        if not env.globals.get("_timed"):  # the parts the pages call (ENTRY_PARTS), other than the tables
            for name in (name for name in ENTRY_PARTS if name in env.globals):  # (an older checkout: those it has)
                env.globals[name] = timed(lambda *a, name=name, **k: f"{name} on {showing[0]}", env.globals[name])
            env.globals["_timed"] = True
        for table in TABLES:
            found = env.get_template(f"games/{table}.html")
            if not getattr(found, "_timed", False):
                made = found.root_render_func

                def render(context: Any, made: Callable[[Any], Any] = made, table: str = table) -> Any:
                    start = time.process_time()
                    pieces = list(made(context))  # (its pieces made here, not as the page joins them)
                    key = f"{table} on {showing[0]}"
                    spent[key] = spent.get(key, 0.0) + time.process_time() - start
                    counted[key] = counted.get(key, 0) + 1
                    return iter(pieces)

                found.root_render_func = render
                found._timed = True
        return pages(self, env, path, template, *args, **kwargs)

    pages = timed(lambda self, env, path, template, *a, **k: f"page {template}", html.SiteWriter.page)
    if links_made := getattr(html, "_player_links", None):  # (each build's environments made anew: the build measured sees these)
        html._player_links = lambda person_of: timed(lambda *a, **k: f"player_links_of on {showing[0]}",
                                                     links_made(person_of))
    html.table_showings = timed(lambda *a, **k: f"table_showings on {showing[0]}", html.table_showings)
    html.SiteWriter.page = page
    html.match_lines = timed(lambda *a, **k: "entries' match lines", html.match_lines)
    WholeResults.__call__ = timed(lambda *a, **k: "whole result read back", WholeResults.__call__)
    html.results_json = timed(lambda *a, **k: "results.json's tree", html.results_json)
    # results.json's encoding, as html.py calls it (its own name `json`; the module itself left as it is)
    html.json = SimpleNamespace(**{**vars(html.json), "dumps": timed(lambda *a, **k: "json.dumps in html.py (results.json)", html.json.dumps)})
    spreadsheet.workbook_bytes = timed(lambda *a, **k: "results.xlsx", spreadsheet.workbook_bytes)
    output.OutputTree.write_parts = timed(lambda *a, **k: "files written", output.OutputTree.write_parts)
    made: dict[str, int] = {}
    shown_again: dict[str, int] = {}
    again = html._shown_again

    def shared(owner: Any, name: str, showings: int, make: Callable[[], Any]) -> Any:
        kind = name.split(" ")[0]
        held = html._SHARED_PARTS
        tally = shown_again if held is not None and (id(owner), name) in held else made
        tally[kind] = tally.get(kind, 0) + 1
        return again(owner, name, showings, make)

    html._shown_again = shared
    start = time.process_time()
    build(content, where / "output", cache_dir=where / "pdf-cache", bulletins=False)
    whole = time.process_time() - start
    shutil.rmtree(where)
    return {"whole": whole, "spent": spent, "counted": counted, "made": made, "shown_again": shown_again}


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if len(ordered) % 2 else sum(ordered[len(ordered) // 2 - 1:len(ordered) // 2 + 1]) / 2


def run(checkout: Path, events: int, where: Path) -> dict[str, Any]:
    """`measure` in a fresh process of `checkout`'s code (its generator/ and bench/ first on the path)."""
    found = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure", str(events), str(where)],
                           cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)}, check=True,
                           capture_output=True, text=True)
    return json.loads(found.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout (main's), measured in turn")
    parser.add_argument("--where", type=Path, default=None, help="folder to build in (/dev/shm: the disk left out)")
    parser.add_argument("--measure", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(int(args.measure[0]), Path(args.measure[1]))))
        return
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)

    checkouts = {"branch": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    with tempfile.TemporaryDirectory(dir=work_folder(args.where)) as folder:
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in checkouts}
        for number in range(args.runs):
            for name, checkout in checkouts.items():  # in turn, run for run
                results[name].append(run(checkout, args.events, Path(folder) / f"{name}-{number}"))
                print(f"run {number + 1} {name}: {results[name][-1]['whole']:.2f} s of processor time", flush=True)
    names = list(checkouts)
    wholes = {name: median([r["whole"] for r in results[name]]) for name in names}
    print(f"\n{args.events} events, the whole build's processor time (median of {args.runs}): "
          + ", ".join(f"{name} {wholes[name]:.2f} s" for name in names))
    parts = sorted({part for name in names for r in results[name] for part in r["spent"]},
                   key=lambda part: -median([r["spent"].get(part, 0.0) for r in results["branch"]]))
    print(f"{'part':44s}" + "".join(f"{name + ' s':>11s}{'%':>6s}" for name in names) + f"{'calls':>8s}")
    for part in parts:
        line = f"{part:44s}"
        for name in names:
            taken = median([r["spent"].get(part, 0.0) for r in results[name]])
            line += f"{taken:11.3f}{100 * taken / wholes[name]:6.1f}"
        print(line + f"{results['branch'][0]['counted'].get(part, 0):8d}")
    first = results["branch"][0]
    print("shared parts (html.shared_part, shared_rows) of the branch: made / shown again: " + ", ".join(
        f"{kind} {first['made'].get(kind, 0)}/{first['shown_again'].get(kind, 0)}"
        for kind in sorted(set(first["made"]) | set(first["shown_again"]))))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "bench"))
    main()
