"""A whole new site swapped in for an output/ holding paibang's files alone, the build killed
(kill -9) at each step of putting it in place: the next build (or `paibang clean`, or the desk's
start) finds the old site with the record that describes it, or the new site with its own; never
a site without its record (issue 23 deliver 2). Set aside before the swap, the old record was
lost by a kill before it, and the new one not written yet by a kill after it: the next build
took nothing in output/ as paibang's and rendered everything again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import _record_name, build, roll_back_first
from generator.render.incremental import PreviousBuild
from generator.render.output import LEFTOVER, MARKER, marker_id
from tests.support import digest
from tests.test_never_destroy import SITE, small_site

ROOT = Path(__file__).resolve().parents[1]

KILLED_AROUND = """
import os, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.build import build
from generator import caches
from generator.render import output as out
{prelude}
where = {module}
real = getattr(where, {name!r})
def dying(*args, **named):
    if {when!r} == "before" and {test}:
        os._exit(9)  # as SIGKILL: no handler runs
    found = real(*args, **named)
    if {when!r} == "after" and {test}:
        os._exit(9)
    return found
setattr(where, {name!r}, dying)
build(Path({content!r}), Path({output!r}), cache_dir=Path({cache!r}), bulletins=False)
"""

# Where a folder cannot be swapped in one step: output/ moved aside, then the new site renamed in.
WITHOUT_EXCHANGE = "out._exchange = lambda a, b: False"

# (module, function, before or after its call, on which call, what is done first): each step of
# the swap in turn
STEPS = {
    "writing the record": ("caches", "write_sealed_named", "before",
                           "args[1].endswith('.record') or args[1].endswith('.record.next')", ""),
    "before the swap": ("out", "swap_into_place", "before", "True", ""),
    "right after the exchange": ("out", "_exchange", "after", "found", ""),
    "between the two renames": ("out.os", "replace", "after", "'.old-' in os.fspath(args[1])", WITHOUT_EXCHANGE),
    "after the two renames": ("out.os", "replace", "after", "'.tmp-' in os.fspath(args[0]) and "
                              "os.fspath(args[1]).endswith('/out')", WITHOUT_EXCHANGE),
    "while the old site is removed": ("out", "_remove", "before", "'.tmp-' in str(args[0])", ""),
    "after the swap": ("out", "swap_into_place", "after", "True", ""),
}


def site_files(out: Path) -> set[str]:
    return {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and p.name not in (MARKER, LEFTOVER)}


@pytest.mark.parametrize("step", sorted(STEPS))
def test_a_swap_killed_at_any_step_leaves_a_site_with_its_own_record(tmp_path: Path, step: str) -> None:
    content = small_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    old = digest(out)
    (content / "site.yaml").write_text(SITE.replace("\u6d4b\u8bd5\u7ad9", "\u65b0\u7ad9\u540d"), encoding="utf-8")
    fresh = tmp_path / "fresh"
    build(content, fresh, cache_dir=tmp_path / "other/pdf", bulletins=False)
    new = digest(fresh)
    module, name, when, test, prelude = STEPS[step]
    script = KILLED_AROUND.format(root=str(ROOT), module=module, name=name, when=when, test=test, prelude=prelude,
                                  content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script], capture_output=True).returncode == 9
    if step == "between the two renames":
        assert not out.exists()  # (the old site beside it: put back first)
    else:
        assert digest(out) in (old, new) or site_files(out) == set(old) - {MARKER}  # (a leftover's marker aside)
    roll_back_first(out, None, cache)  # what a build, `paibang clean` and the desk do first, output/ locked
    swapped = "\u65b0\u7ad9\u540d" in (out / "index.html").read_text(encoding="utf-8")
    if step != "writing the record":  # (the old site's record or the new one's: either, whole)
        assert swapped == (step not in ("before the swap", "between the two renames"))
    record = PreviousBuild(out, cache.parent / _record_name(out))
    assert record.data, step  # a record, not set aside
    assert record.data["marker"] == marker_id(out.resolve())  # of the site in output/
    assert record.wrote() == site_files(out)  # naming its files, and only them
    said: list[str] = []
    report = build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert said == []
    assert report.up_to_date == swapped  # the new site recorded: nothing to do
    assert digest(out) == new
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out"]
    assert not [p.name for p in cache.parent.iterdir() if p.name.endswith((".aside", ".next"))]


KILLED_AFTER_COMMIT = """
import os, pathlib, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from generator.build import build
unlink = pathlib.Path.unlink
def dying(self, *args, **kwargs):
    unlink(self, *args, **kwargs)
    if ".journal-" in self.name:
        os._exit(9)  # killed right after the journal's commit (as SIGKILL: no handler runs)
pathlib.Path.unlink = dying
build(Path({content!r}), Path({output!r}), cache_dir=Path({cache!r}), bulletins=False)
"""


def test_an_in_place_rebuild_killed_right_after_its_commit_leaves_the_new_site_with_its_record(tmp_path: Path) -> None:
    """In place (the user's .git, CNAME and photos/ in output/), killed once its journal is gone:
    the new site is in output/, and its record, written while the journal was there, is the
    record. Saved only after the new files were in place, the record was left set aside: the
    next build, without one, swapped a whole site in, the user's folders made anew."""
    from tests.test_rebuild_in_place import users_site

    users = (".git", "CNAME", "photos")
    content, out, cache = users_site(tmp_path)
    git = (out / ".git").stat().st_ino
    script = KILLED_AFTER_COMMIT.format(root=str(ROOT), content=str(content), output=str(out.resolve()), cache=str(cache))
    assert subprocess.run([sys.executable, "-c", script]).returncode == 9
    assert not [p.name for p in tmp_path.iterdir() if ".journal-" in p.name]
    assert "\u65b0" in (out / "index.html").read_text(encoding="utf-8")  # the new site
    roll_back_first(out, None, cache)
    record = PreviousBuild(out, cache.parent / _record_name(out))
    assert record.data and record.data["marker"] == marker_id(out.resolve())
    assert record.wrote() == {relative for relative in site_files(out) if not relative.startswith(users)}
    said: list[str] = []
    report = build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert report.up_to_date and said == []
    assert (out / ".git").stat().st_ino == git
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out"]


def test_a_journal_rolled_back_with_the_cache_not_the_users_own_leaves_no_waiting_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An in-place rebuild (an event taken away, the title changed) killed mid-journal, rolled
    back at the desk's start while the cache folder was anyone's (not used: caches.unsafe). The
    record of the new files, left waiting, was made the record of the old site by the next build
    once the cache was the user's own again (the journal gone, output/'s marker unchanged in
    place): the pages of the event taken away were then the user's, and adding it back was
    refused (output_clash). Dropped, the record set aside is put back instead (rev70)."""
    from generator.build import roll_back_at_start
    from tests.test_waiting_record import two_events_killed_taking_one_away

    monkeypatch.setenv("PAIBANG_CACHE", str(tmp_path / ".paibang-cache/pdf"))  # (the desk's start: the cache beside output/)
    content, out, cache, old = two_events_killed_taking_one_away(tmp_path, ".paibang-cache/pdf")
    os.chmod(cache.parent, 0o777)
    try:
        roll_back_at_start(out)
    finally:
        os.chmod(cache.parent, 0o755)
    assert digest(out) == old  # (rolled back: the old site, e2's pages in it)
    said: list[str] = []
    build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert said == [] and not (out / "events/e2").exists()  # paibang's pages of e2 gone with it
    shutil.copytree(content / "events/e1", content / "events/e2")
    build(content, out, cache_dir=cache, bulletins=False)  # (refused before: output_clash)
    assert (out / "events/e2/index.html").is_file()


def test_an_interrupt_right_after_the_in_place_commit_keeps_the_new_sites_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C (or a SIGTERM made an exception) between the journal's removal, the commit, and
    PreviousBuild.commit: the new site is in output/, and the build's failure path took the
    journal gone for one never committed, dropped the new record and put the old one back, which
    named none of the new event's pages: the next build refused them as the user's (rev70)."""
    content = small_site(tmp_path)
    out, cache = tmp_path / "out", tmp_path / "cache/pdf"
    build(content, out, cache_dir=cache, bulletins=False)
    (out / "CNAME").write_text("scores.example.org\n")  # (the user's: the site goes in place)
    build(content, out, cache_dir=cache, bulletins=False)
    shutil.copytree(content / "events/e1", content / "events/e2")

    def interrupted(self: PreviousBuild) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(PreviousBuild, "commit", interrupted)
        with pytest.raises(KeyboardInterrupt):
            build(content, out, cache_dir=cache, bulletins=False)
    assert (out / "events/e2/index.html").is_file()  # committed: the new site
    record = PreviousBuild(out, cache.parent / _record_name(out))
    assert "events/e2/index.html" in record.wrote()
    said: list[str] = []
    report = build(content, out, cache_dir=cache, bulletins=False, notify=lambda key, params: said.append(key))
    assert report.up_to_date and said == []
