"""The record a killed build wrote to wait for its journal's commit, when its roll-back cannot
delete it (its cache folder renamed away, unmounted, read-only): never made the record of the
site rolled back, and said with the command that removes it. Where the system opens no file in
a folder's handle (Windows), deleted by its path. And a cache folder whose path is not UTF-8
(the journal names the waiting record by its bytes): builds in place as any other (rev75)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import _record_name, build, roll_back_first
from generator.render import output as output_module
from generator.render.incremental import PreviousBuild
from tests.support import digest
from tests.test_never_destroy import small_site
from tests.test_rebuild_in_place import KILLED_BUILD, ROOT
from tests.test_waiting_record import two_events_killed_taking_one_away, waiting


def test_a_waiting_record_out_of_reach_at_the_roll_back_is_never_made_the_record(tmp_path: Path) -> None:
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path)
    os.rename(tmp_path / "x-cache", tmp_path / "x-cache-away")  # (unmounted while the desk starts)
    said: list[tuple[str, dict]] = []
    roll_back_first(out, lambda key, params: said.append((key, params)), tmp_path / "default-cache/pdf")
    os.rename(tmp_path / "x-cache-away", tmp_path / "x-cache")
    assert digest(out) == old and not [p for p in tmp_path.iterdir() if ".journal-" in p.name]
    assert [key for key, _ in said] == ["rollback_waiting_left"]
    assert said[0][1]["command"] == f"rm -r -- {waiting(out, cache)}"
    assert waiting(out, cache).is_file()  # (left: not reached)
    said.clear()
    build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append((key, params)))
    assert not waiting(out, cache).exists()
    # Made the record, it named none of e2's pages (the new site had none), which stayed in
    # output/, the roll-back's, unnamed for good. Not taken: the build keeps them, and says so.
    assert (out / "events/e2/index.html").is_file()
    assert any("events/e2" in str(params.get("paths", "")) for _, params in said)
    recorded = PreviousBuild(out, cache.parent / _record_name(out)).wrote()
    assert recorded is not None and "events/e2/index.html" not in recorded


def test_without_folder_handles_the_waiting_record_is_deleted_by_its_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path)
    monkeypatch.setattr(output_module, "_SIDE_BY_SIDE", False)  # (Windows: no dir_fd)
    said: list[str] = []
    roll_back_first(out, lambda key, params: said.append(key), tmp_path / "default-cache/pdf")
    assert digest(out) == old and said == []
    assert not waiting(out, cache).exists()
    build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert said == [] and not (out / "events/e2").exists()  # the record set aside put back: e2's go


def test_a_cache_folder_not_utf8_builds_in_place_and_its_waiting_record_is_dropped(tmp_path: Path) -> None:
    content = small_site(tmp_path)
    out = tmp_path / "out"
    cache = Path(os.fsdecode(os.fsencode(tmp_path) + b"/caf\xe9/pdf"))
    shutil.copytree(content / "events/e1", content / "events/e2")
    build(content, out, cache_dir=cache, bulletins=False)
    (out / "CNAME").write_text("scores.example.org\n")  # (the user's: the site goes in place)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("title: ", "title: N", 1), encoding="utf-8")
    assert build(content, out, cache_dir=cache, bulletins=False).in_place
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out"]
    old = digest(out)
    shutil.rmtree(content / "events/e2")
    site.write_text(site.read_text(encoding="utf-8").replace("title: ", "title: M", 1), encoding="utf-8")
    script = KILLED_BUILD.format(root=str(ROOT), content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert waiting(out, cache).is_file()
    said: list[str] = []
    roll_back_first(out, lambda key, params: said.append(key), tmp_path / "default-cache/pdf")
    assert digest(out) == old and said == [] and not waiting(out, cache).exists()
    build(content, out, cache_dir=cache, bulletins=False)
    assert not (out / "events/e2").exists() and (out / "CNAME").is_file()
