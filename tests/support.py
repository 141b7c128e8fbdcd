"""Helpers several test files share."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import shutil
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def replace(path: Path, old: str, new: str) -> None:
    """`old` (there, once) replaced by `new` in the file at `path`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def site_bytes(path: Path) -> bytes:
    """A built site's file as two builds of the same content write it alike: the marker's id
    line (render/output.py's MARKER_ID: random, and keyed by the folder's path) left out."""
    data = path.read_bytes()
    if path.name == ".paibang-site":
        data = b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(b"paibang-site-id "))
    return data


def digest(folder: Path) -> dict[str, str]:
    """Each file of a built site, by its path, as its bytes' digest: two sites compared whole,
    a difference named by its path (the marker's id aside: site_bytes)."""
    return {str(p.relative_to(folder)): hashlib.sha256(site_bytes(p)).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def demo_content(folder: Path, *slugs: str) -> Path:
    """content/ under `folder` with the demo site.yaml and only the named demo events."""
    root = folder / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", root / "site.yaml")
    for slug in slugs:
        shutil.copytree(ROOT / "content/events" / slug, root / "events" / slug)
    return root


class DiskFills:
    """A file opened for writing as the disk fills: four bytes written, then ENOSPC. Patched in
    as generator.seals' `open` (every file paibang writes whole-or-not goes through it)."""

    def __init__(self, path: Path, mode: str, **how: object) -> None:
        self.file = open(path, mode, **how)  # noqa: SIM115 - closed by __exit__

    def __enter__(self) -> DiskFills:
        return self

    def __exit__(self, *failure: object) -> None:
        self.file.close()

    def write(self, data: bytes | str) -> int:
        self.file.write(data[:4])
        raise OSError(28, "No space left on device", self.file.name)


class Synced:
    """os.fsync patched to note what it synced, in order: each descriptor's file or folder, by
    device and inode (a file synced as its temporary is the same file once renamed)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.order: list[tuple[int, int]] = []
        real = os.fsync

        def fsync(descriptor: int) -> None:
            found = os.fstat(descriptor)
            self.order.append((found.st_dev, found.st_ino))
            real(descriptor)

        monkeypatch.setattr(os, "fsync", fsync)

    @staticmethod
    def _id(path: Path) -> tuple[int, int]:
        found = path.stat()
        return (found.st_dev, found.st_ino)

    def __contains__(self, path: Path) -> bool:
        return self._id(path) in self.order

    def durably(self, path: Path) -> bool:
        """`path` as it is now was synced, and its folder after it (the rename on the disk too)."""
        file, folder = self._id(path), self._id(path.parent)
        return file in self.order and folder in self.order[self.order.index(file):]


def held_apart(roots: list[object], shared: tuple[type, ...] = ()) -> list[object]:
    """Every object reachable from `roots` but through what they share with the rest (`shared`,
    and functions, classes and modules, which reach everything): what the roots hold."""
    seen, todo, found = set(), list(roots), []
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (*shared, types.FunctionType, types.ModuleType, type,
                                                 types.BuiltinFunctionType)):
            continue
        seen.add(id(item))
        found.append(item)
        todo.extend(gc.get_referents(item))
    return found


# --- events with withdrawals (tests/test_withdrawal.py and the files that build on its events) ---


def withdraw(folder: Path, entry: str, since: int | str) -> None:
    """`withdrawn: since` written on `entry` in event.yaml (a flow map or a block entry)."""
    event = folder / "event.yaml"
    text = event.read_text(encoding="utf-8")
    changed = text.replace(f"{{id: {entry},", f"{{id: {entry}, withdrawn: {since},")
    changed = changed.replace(f"  - id: {entry}\n", f"  - id: {entry}\n    withdrawn: {since}\n")
    assert changed != text
    event.write_text(changed, encoding="utf-8")


def new_event(tmp_path: Path, slug: str, head: str, ids: str, count: int, stages: str) -> Path:
    """An event folder `slug` (with results/) under a zh-Hans site: `head` (title, game, date
    lines), `count` entries of two players `{ids}1`… and the `stages:` lines. Its folder."""
    content = tmp_path / "content"
    folder = content / "events" / slug
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 牌榜\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: {ids}{i}, players: [甲{i}, 乙{i}]}}\n" for i in range(1, count + 1))
    (folder / "event.yaml").write_text(f"{head}entries:\n{entries}stages:\n{stages}", encoding="utf-8")
    return folder


def bridge_matches(tmp_path: Path) -> Path:
    """A bridge `matches` stage of the seed's kind (each table deals its own boards, ranked by
    total), 4 pairs, 2 rounds; P04 `withdrawn: 2`, its round-2 table left as drawn."""
    folder = new_event(tmp_path, "mini", "title: 小赛\ngame: bridge\ndate: 2026-01-10\n", "P0", 4,
                       "  - id: main\n    format: matches\n    rounds: 2\n    boards: 2\n    vulnerability: none\n"
                       "    scoring: total\n    rank_by: [total, first_board]\n")
    content = folder.parents[1]
    withdraw(folder, "P04", 2)
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n"
        "  - {table: 1, ns: P01, ew: P02, boards: {1: 4H N =, 2: 3NT E =}}\n"
        "  - {table: 2, ns: P03, ew: P04, boards: {1: 4H N -1, 2: 2S E =}}\n", encoding="utf-8")
    (folder / "results" / "round-2.yaml").write_text(
        "stage: main\nround: 2\ntables:\n"
        "  - {table: 1, ns: P01, ew: P03, boards: {1: 1NT N =, 2: 2H E +1}}\n"
        "  - {table: 2, ns: P02, ew: P04}\n", encoding="utf-8")
    return content


def swiss_to_knockout(tmp_path: Path) -> Path:
    """A Guandan event: a Swiss of 8 teams over 3 rounds, the top 4 to a knockout. T03 withdraws
    from round 3 (so round 3 has 7 teams, T08 the bye); it still finishes 3rd of the Swiss
    (2 wins, +8), ahead of T05 (2 wins, +6) and T04 (1 win, -6), 5th. Every table: the first
    team wins, at the levels given."""
    folder = new_event(tmp_path, "cup", "title: 掼蛋杯\ngame: guandan\ndate: 2026-01-10\n", "T0", 8,
                       "  - {id: swiss, name: 瑞士移位赛, format: swiss, rounds: 3, rank_by: [wins, level_diff],"
                       " advance: {count: 4, to: ko}}\n"
                       "  - {id: ko, name: 淘汰赛, format: knockout, rounds: 2}\n")
    content = folder.parents[1]
    withdraw(folder, "T03", 3)
    draws = {1: [("T01", "T08", "K", "5"), ("T02", "T07", "A", "5"), ("T03", "T06", "6", "2"), ("T04", "T05", "J", "5")],
             2: [("T03", "T04", "6", "2"), ("T01", "T02", "K", "5"), ("T05", "T08", "10", "5"), ("T06", "T07", "9", "5")],
             3: [("T01", "T04", "K", "5"), ("T02", "T06", "K", "5"), ("T05", "T07", "Q", "5")]}
    for number, tables in draws.items():
        lines = [f"stage: swiss\nround: {number}\ntables:"]
        for table, (first, second, won, lost) in enumerate(tables, start=1):
            lines.append(f"  - table: {table}\n    teams: [{first}, {second}]\n    levels: {{{first}: {won}, {second}: {lost}}}")
        if number == 3:
            lines.append("  - table: 4\n    teams: [T08]")
        (folder / "results" / f"swiss-{number}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return content


def rendered_demo(folder: Path, locale: str) -> Path:
    """The demo site rendered (no PDFs) in `locale`: a copy of content/ with site.yaml's locale."""
    import re

    from generator.build import validate
    from generator.render.html import render_site
    from generator.render.output import OutputTree

    content = folder / "content"
    shutil.copytree(ROOT / "content", content)
    site_yaml = content / "site.yaml"
    site_yaml.write_text(re.sub(r"(?m)^locale: .*$", f"locale: {locale}", site_yaml.read_text(encoding="utf-8")),
                         encoding="utf-8")
    out = folder / "output"
    out.mkdir()
    site, results, _ = validate(content)
    render_site(site, results, {}, OutputTree(out))
    return out


def drawn_and_entered(tmp_path: Path, slug: str, stage: str, event: str,
                      entered: dict[int, list[tuple[int, str | None]]], title: str = "t") -> Path:
    """content/ under `tmp_path`: an English site (`title`) of the bridge event `event` (`slug`),
    its `stage` drawn by `paibang pair` a round at a time, round N's results written in its drawn
    file as `entered[N]` says: (board, result) each in place of the first `# board:` left blank,
    a result None leaving that table not entered."""
    from generator.cli import main

    content = tmp_path / "content"
    results = content / "events" / slug / "results"
    results.mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: {title}\nlocale: en\n", encoding="utf-8")
    (content / "events" / slug / "event.yaml").write_text(event, encoding="utf-8")
    for number, records in entered.items():
        assert main(["pair", slug, stage, "--content", str(content), "--lang", "en"]) == 0
        path = next(results.glob(f"*round-{number}.yaml"))
        text = path.read_text(encoding="utf-8")
        for board, record in records:
            if record is not None:
                assert f"      # {board}:\n" in text
                text = text.replace(f"      # {board}:\n", f"      {board}: {record}\n", 1)
        path.write_text(text, encoding="utf-8")
    return content


def mitchell_event(pairs: int, rounds: int, boards: int, stage_more: str = "") -> str:
    """The event.yaml of a two-winner club Mitchell (`field: directions`) of `pairs` pairs A01…,
    `rounds` rounds of `boards` boards; `stage_more`: the stage's further lines (its prizes)."""
    entries = "".join(f"  - {{id: A{i:02}, players: [p{i}a, p{i}b]}}\n" for i in range(1, pairs + 1))
    return ("title: Thursday pairs\ngame: bridge\ndate: 2026-12-03\nentries:\n" + entries
            + "stages:\n  - id: mitchell\n    name: Mitchell\n    format: pairs\n    movement: mitchell\n"
            f"    field: directions\n    scoring: matchpoints\n    rounds: {rounds}\n    boards: {boards}\n"
            + stage_more)


def bench(name: str) -> types.ModuleType:
    """bench/`name`.py loaded by its path (bench/ is no package): its archive makers."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def bare_event(content: Path, slug: str = "club-2026", game: str = "guandan") -> Path:
    """`paibang new`'s event without its example entries (they are not a sheet's teams) and the
    placeholder results naming them. Its folder."""
    import re

    from generator.commands.new import scaffold_event

    scaffold_event(content, slug, game)
    event = content / "events" / slug / "event.yaml"
    kept, skipping = [], False
    for line in event.read_text(encoding="utf-8").splitlines(keepends=True):
        if re.match(r"entries\s*:", line):
            kept.append("entries: []\n")
            skipping = True
        elif not (skipping and line.startswith((" ", "-"))):
            kept.append(line)
            skipping = False
    event.write_text("".join(kept), encoding="utf-8")
    for placeholder in (event.parent / "results").glob("*.yaml"):  # its tables name the examples
        placeholder.unlink()
    return event.parent


def published(content: Path, slug: str, folder: Path) -> dict[Path, bytes]:
    """Everything a secretary publishes of `content`, by its path: the site built under
    `folder`/output and `slug`'s csv and xlsx exports under `folder`/exports, each as the text a
    reader gets out of it (a PDF's through pdftotext, a workbook's parts joined)."""
    import subprocess
    import zipfile

    from generator.cli import main

    output, exports = folder / "output", folder / "exports"
    assert main(["build", "--content", str(content), "--output", str(output)]) == 0
    for kind in ("csv", "xlsx"):
        assert main(["export", slug, "--format", kind, "-o", f"{exports / kind}/", "--content", str(content)]) == 0
    found = {}
    for path in sorted([*output.rglob("*"), *exports.rglob("*")]):
        if not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".pdf":
            data = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True).stdout
        elif path.suffix == ".xlsx":
            with zipfile.ZipFile(path) as book:
                data = b"".join(book.read(name) for name in book.namelist())
        found[path] = data
    return found


@contextlib.contextmanager
def venue_clock(zone: str = "CST-8") -> Iterator[None]:
    """This computer's clock in `zone` (POSIX TZ: "CST-8" is eight hours east of UTC, with no
    tz database needed), the whole process's, as the desk's pages read it; put back after."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()
