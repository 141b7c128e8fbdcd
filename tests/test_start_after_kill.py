"""`paibang serve` and `paibang desk` started after a build was killed mid-journal (rev63): their
start reads nothing of output/ or its record but the marker (refuse_output, as build does before
its roll-back), so their first build, under the output lock, rolls the journal back and puts
the record back (build.py's roll_back_first) before anything reads them, then goes in place.
The desk, whose first build waits for a save, rolls back at its start too (roll_back_at_start)."""

from __future__ import annotations

import os
import subprocess
from functools import partial
from pathlib import Path
from types import SimpleNamespace

import pytest

import generator.build
from generator.build import build, refuse_output
from generator.commands import serve as serving
from generator.commands.serve import Building, read_under
from generator.desk.app import Desk
from tests.support import digest
from tests.test_rebuild_in_place import ROOT, killed_mid_journal, users_site

USERS = (".git", "CNAME", "photos")


def beside(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(out.name))


def inodes(out: Path) -> dict[str, int]:
    return {name: (out / name).stat().st_ino for name in ("", *USERS)}


def files(out: Path) -> dict[str, int]:
    """Each file of output/ by its inode: a file the killed build put in place is another one,
    a file put back by the roll-back the very one it was."""
    return {str(p.relative_to(out)): p.stat().st_ino for p in sorted(out.rglob("*")) if p.is_file()}


def killed(tmp_path: Path) -> tuple[Path, Path, Path, dict[str, int], dict[str, int]]:
    """The users' site, its files' and folders' inodes before the kill, then a build killed mid-journal;
    the check serve and the desk make at their start (cli.py: refuse_output, no lock) neither
    refuses output/ nor touches it, the journal still there."""
    content, out, cache = users_site(tmp_path)
    before, kept = files(out), inodes(out)
    killed_mid_journal(content, out, cache)
    half = files(out)
    assert half != before  # (a few files of the new site in place)
    refuse_output(content, out, cache)
    assert files(out) == half and any(name.startswith("out.journal-") for name in beside(out))
    return content, out, cache, before, kept


def test_serves_first_build_rolls_back_puts_the_record_back_then_builds_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content, out, cache, before, kept = killed(tmp_path)
    seen = []

    def rolled_back(*args: object, **kwargs: object) -> bool:
        put_back = roll_back_first(*args, **kwargs)
        seen.append((put_back, files(out) == before))  # the old site whole, its record back
        return put_back

    roll_back_first = generator.build.roll_back_first
    monkeypatch.setattr(generator.build, "roll_back_first", rolled_back)
    said: list[str] = []
    monkeypatch.setattr(serving, "say", said.append)  # the builder's notes (a page perhaps an old one of paibang's)
    # serve's builder, as its process runs it (build_forever), its first build
    building = Building(content, out, "en", partial(build, cache_dir=cache, bulletins=False))
    assert building.build_once() is None
    assert seen == [(True, True)]
    assert inodes(out) == kept  # in place: the user's folders the same, not made anew by a swap
    assert beside(out) == ["out"]
    assert said == []
    found = read_under(out, [], True)  # what serve answers for /
    assert found is not None and "\u65b0" in found[1].decode("utf-8")
    assert (out / "events/zz-new-2025").is_dir()


def test_the_desks_first_build_rolls_back_then_builds_in_place(tmp_path: Path) -> None:
    """The desk reads neither output/ nor the record: its builds are `paibang build` processes
    (Desk.build_command), the first one after a save, which roll back first."""
    content, out, cache, _, kept = killed(tmp_path)
    desk = SimpleNamespace(content=content, output=out, locale="en", bulletins=False)
    command = Desk.build_command(desk)  # type: ignore[arg-type]
    done = subprocess.run(command, cwd=ROOT, env=os.environ | {"PAIBANG_CACHE": str(cache)}, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert inodes(out) == kept
    assert beside(out) == ["out"]
    assert "\u65b0" in (out / "index.html").read_text(encoding="utf-8")
    fresh = tmp_path / "fresh"
    build(content, fresh, cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert {k: v for k, v in digest(out).items() if not k.startswith(USERS)} == digest(fresh)


def test_the_desks_start_rolls_back_and_puts_the_record_back_before_it_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The desk builds only after a save: at its start, output/ locked, what a build killed
    mid-journal left is undone (build.py's roll_back_at_start), the old site whole and its record
    back before the desk runs. Without it the site published from output/ stayed a mix of two
    builds' pages until the first save."""
    from generator.build import _record_name
    from generator.cli import main
    from generator.commands import desk as desk_command
    from generator.render.incremental import PreviousBuild
    from generator.render.output import marker_id

    content, out, cache, before, _ = killed(tmp_path)
    seen = []

    def started(args: object) -> int:
        record = PreviousBuild(out, cache.parent / _record_name(out))
        seen.append((files(out) == before, [name for name in beside(out) if ".journal-" in name],
                     bool(record.data) and record.data["marker"] == marker_id(out.resolve())))
        return 0

    monkeypatch.setattr(desk_command, "run", started)
    monkeypatch.setenv("PAIBANG_CACHE", str(cache))
    assert main(["desk", "e1", "--content", str(content), "--output", str(out)]) == 0
    assert seen == [(True, [], True)]
