"""A journal an older paibang left (before rev63 its steps named no inode for a new page), its
build killed after every file was put in place: the roll-back cannot tell that build's new pages
from files the user put at their paths since, so it leaves them and says so, with the command
that removes them. The next build leaves one that holds exactly the page it writes there as it
is, unrecorded (test_older_journal_left); any other stops the build, nothing changed. Before,
the build's own new pages were said to be the user's ("put there since") and every later build
refused them (output_clash) until the user deleted pages they had no way to tell from their own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import build
from generator.render.output import OutputRefused, _read_own
from generator.seals import write_sealed
from tests.support import digest
from tests.test_rebuild_in_place import ROOT, users_site

USERS = (".git", "CNAME", "photos")

KILLED_AT_COMMIT = """
import os, pathlib, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.build import build
unlink = pathlib.Path.unlink
def dying(self, *args, **kwargs):
    if ".journal-" in self.name:
        os._exit(9)  # killed at the commit (as SIGKILL: no handler runs): every file in place
    return unlink(self, *args, **kwargs)
pathlib.Path.unlink = dying
build(Path({content!r}), Path({output!r}), cache_dir=Path({cache!r}), bulletins=False)
"""


def killed_under_an_older_journal(tmp_path: Path) -> tuple[Path, Path, Path, list[str]]:
    """The user's site, a build of a new event killed at its commit, its journal then written
    again as an older paibang wrote it (the same steps, sealed, without the inodes); the paths
    of the new pages it put where nothing was."""
    content, out, cache = users_site(tmp_path)
    script = KILLED_AT_COMMIT.format(root=str(ROOT), content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    [journal] = [p for p in tmp_path.iterdir() if p.name.startswith("out.journal-")]
    steps = json.loads(_read_own(journal))
    assert all(len(step) == 4 for step in steps["replace"] if not step[1])  # (this paibang's: with the inode)
    steps["replace"] = [step[:2] for step in steps["replace"]]
    journal.unlink()
    write_sealed(journal, json.dumps(steps, ensure_ascii=False).encode("utf-8"))
    new = sorted(relative for relative, existed in steps["replace"] if not existed)
    assert "events/zz-new-2025/index.html" in new and all((out / relative).is_file() for relative in new)
    return content, out, cache, new


def test_the_older_builds_own_pages_are_left_where_the_next_build_writes_the_same(tmp_path: Path) -> None:
    content, out, cache, new = killed_under_an_older_journal(tmp_path)
    said: list[tuple[str, dict]] = []
    report = build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append((key, params)))
    assert report.in_place
    assert [key for key, _ in said] == ["rollback_kept_older", "output_taken_older"]
    assert said[0][1]["count"] == said[1][1]["count"] == len(new)
    assert "rm -r -- " in said[0][1]["command"] and f"{out}/events/zz-new-2025/index.html" in said[0][1]["command"]
    fresh = tmp_path / "fresh"
    build(content, fresh, cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert {k: v for k, v in digest(out).items() if not k.startswith(USERS)} == digest(fresh)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out"]
    said.clear()
    assert build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append((key, params))
                 ).up_to_date and said == []  # said once


def test_a_file_there_that_is_not_the_page_stops_the_build_and_is_kept(tmp_path: Path) -> None:
    content, out, cache, new = killed_under_an_older_journal(tmp_path)
    mine = out / "events/zz-new-2025/index.html"
    mine.write_text("my own page", encoding="utf-8")
    said: list[tuple[str, dict]] = []
    with pytest.raises(OutputRefused) as refused:
        build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append((key, params)))
    assert refused.value.reason == "output_clash"
    assert refused.value.params["paths"]["en"] == "events/zz-new-2025/index.html"  # that one alone
    assert mine.read_text(encoding="utf-8") == "my own page"
    assert [key for key, _ in said] == ["rollback_kept_older"]  # with what to do
    assert str(mine) in said[0][1]["command"]
    mine.unlink()  # (as the note says, when it is not the user's)
    build(content, out, cache_dir=cache, bulletins=False)
    assert "\u65b0" in (out / "index.html").read_text(encoding="utf-8") and mine.is_file()
