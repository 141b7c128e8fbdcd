"""Benchmark: a round's score sheets PDF as the desk prints it (app.table_sheets: "print the
score sheets (PDF)"), its processor time, here against another checkout, in the same run.

    .venv/bin/python bench/desk_sheets_pdf.py [--tables 100,1000] [--against /work/main] [--where DIR]

A Guandan Swiss of 2 x TABLES teams with round 1 drawn and nothing entered (blank sheets, each
with its table's QR code: the desk as on the venue's network). Each print in a fresh process of
its own, this tree's and --against's in turn, timed by time.process_time() around table_sheets
alone (the machine is shared: processor time, not wall-clock); then whether the two PDFs' text
(pdftotext -layout) is the same, byte for byte, with each PDF's pages and bytes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def content(where: Path, tables: int) -> Path:
    """content/ with one Guandan event, `mass`, of 2 x `tables` teams, round 1 drawn."""
    root = where / "content"
    folder = root / "events" / "mass"
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: \u724c\u699c\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T{i}, players: [\u7532{i}, \u4e59{i}]}}\n" for i in range(1, 2 * tables + 1))
    (folder / "event.yaml").write_text(
        f"title: \u5927\u8d5b\ngame: guandan\ndate: 2026-01-10\nentries:\n{entries}"
        "stages:\n  - id: main\n    format: swiss\n    rounds: 3\n", encoding="utf-8")
    rows = "".join(f"  - {{table: {n}, teams: [T{2 * n - 1}, T{2 * n}]}}\n" for n in range(1, tables + 1))
    (folder / "results" / "round-1.yaml").write_text(f"stage: main\nround: 1\ntables:\n{rows}", encoding="utf-8")
    return root


def child(tree: str, tables: int, out: str) -> None:
    """One print, in this process, of `tree`'s code: its processor time (JSON on stdout)."""
    sys.path.insert(0, tree)
    from generator.desk import app as desk_app

    assert desk_app.__file__.startswith(tree), desk_app.__file__
    where = Path(tempfile.mkdtemp(dir=Path(out).parent))
    desk = desk_app.Desk(content(where, tables), "mass", None, None, base="http://192.168.1.20:8765", build=False)
    start = time.process_time()
    pdf = desk_app.table_sheets(desk, "main", 1)
    seconds = time.process_time() - start
    Path(out).write_bytes(pdf)
    print(json.dumps({"seconds": seconds, "bytes": len(pdf)}))


def printed(tree: Path, tables: int, out: Path) -> dict:
    run = subprocess.run([sys.executable, __file__, "--child", str(tree), str(tables), str(out)],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def text(pdf: Path) -> bytes:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True).stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,1000")
    parser.add_argument("--against", type=Path, help="another checkout (its generator/ and templates/), printed in turn")
    parser.add_argument("--where", type=Path, default=None)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.child[2])
        return 0
    trees = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    with tempfile.TemporaryDirectory(dir=args.where) as folder:
        for tables in (int(n) for n in args.tables.split(",")):
            found = {}
            for name, tree in reversed(trees):  # (the other first: this tree's print with the machine as warm)
                out = Path(folder) / f"{name}-{tables}.pdf"
                found[name] = (printed(tree, tables, out), out)
            for name, (figures, out) in found.items():
                print(f"{tables} tables, {name} ({trees[[n for n, _ in trees].index(name)][1]}): "
                      f"{figures['seconds']:.2f} s processor, {figures['bytes']:,} bytes")
            if "against" in found:
                ratio = found["this"][0]["seconds"] / found["against"][0]["seconds"]
                same = text(found["this"][1]) == text(found["against"][1])
                print(f"{tables} tables: this / against = {ratio:.2f}; the PDFs' text {'the same' if same else 'DIFFERS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
