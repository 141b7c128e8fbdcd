"""Benchmark: printing the demo site's bulletins, against the layout floor, in one run.

    .venv/bin/python bench/bulletins.py [--content content]

For every bulletin of the demo content it measures, in this process:
  floor   the layout alone (WeasyPrint's render) with fonts already loaded: what any PDF of the
          same document costs at least, with no font subsetting and no PDF writing;
  print   what a build pays per bulletin: layout, font subsetting and writing (print_pdfs,
          one process, nothing cached);
and then the whole set printed by the build's pool (one process per core), and a second run
against the filled cache, which must print nothing. Figures are ratios to the floor measured
here, so they hold on any machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import validate  # noqa: E402
from generator.render.bulletins import bulletins_for  # noqa: E402
from generator.render.pdf import (  # noqa: E402
    TEMPLATES, bulletin_html, print_job, print_pdfs, subsetting_is_slow,
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    import weasyprint
    from weasyprint.text.fonts import FontConfiguration

    site, results, _ = validate(args.content)
    documents = [(b.name, bulletin_html(b, r.event.locale or site.locale))
                 for r in results for b in bulletins_for(r, r.event.locale or site.locale)]
    fonts = FontConfiguration()
    weasyprint.HTML(string="<p lang=zh-Hans style='font-family: Noto Sans CJK SC'>预热 warm-up</p>").write_pdf(
        font_config=fonts)

    print(f"{len(documents)} bulletins; libharfbuzz-subset {'MISSING (slow subsetting)' if subsetting_is_slow() else 'present'}")
    print(f"{'bulletin':28s} {'floor s':>8s} {'print s':>8s} {'ratio':>6s}")
    floors, prints = [], []
    for name, html in documents:
        floor = min(_timed(lambda: weasyprint.HTML(string=html, base_url=str(TEMPLATES)).render(font_config=fonts))
                    for _ in range(args.repeat))
        printed = min(_timed(lambda: print_pdfs([print_job(html)], None, workers=1)) for _ in range(args.repeat))
        floors.append(floor)
        prints.append(printed)
        print(f"{name:28s} {floor:8.3f} {printed:8.3f} {printed / floor:6.2f}")
    print(f"{'total':28s} {sum(floors):8.3f} {sum(prints):8.3f} {sum(prints) / sum(floors):6.2f}")
    print(f"median ratio print/floor: {statistics.median(p / f for p, f in zip(prints, floors)):.2f}  (target <= 2)")

    with tempfile.TemporaryDirectory() as cache:
        jobs = [print_job(html) for _, html in documents]
        pool_time = _timed(lambda: print_pdfs(jobs, Path(cache)))
        start = time.perf_counter()
        _, printed_again = print_pdfs(jobs, Path(cache))
        cached_time = time.perf_counter() - start
    print(f"pool, cold cache: {pool_time:.2f} s for {len(jobs)} bulletins "
          f"({pool_time / len(jobs):.3f} s each; {sum(prints) / pool_time:.2f}x the one-process sum)")
    print(f"rebuild, warm cache: {cached_time:.3f} s, {printed_again} printed")


def _timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
