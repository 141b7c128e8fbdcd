"""Never destroy, run or publish what is not ours (the hostile review's worst findings).

- `--output` may replace only a folder paibang made: a target that is content/, inside it or
  holding it, a file, `/`, the home folder, or a non-empty folder without paibang's marker is
  refused with exit code 2 and nothing touched; leftovers are tidied only when they carry the
  marker and paibang's exact name.
- What is cached is keyed by what was read: a file saved while a build runs never leaves a
  cached event (or a record) under the digest of another text.
- Caches hold data, never code: a pickle planted in the cache is never unpickled, compiled
  templates are sealed the same way, and a cache folder owned by another user or writable by
  everyone is not used at all.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import caches
from generator.build import build, default_cache_dir
from generator.cli import main
from generator.render.output import MARKER

ROOT = Path(__file__).resolve().parents[1]
SITE = "title: 测试站\nlocale: zh-Hans\n"
EVENT = """\
title: 测试赛
game: guandan
date: 2024-05-01
venue: {venue}
entries:
  - {{id: T01, name: 甲队, players: [张一, 张二]}}
  - {{id: T02, name: 乙队, players: [李一, 李二]}}
stages:
  - {{id: main, name: 比赛, format: swiss, rounds: 1}}
"""
RESULTS = """\
stage: main
round: 1
tables:
  - {table: 1, teams: [T01, T02], levels: {T01: K, T02: 8}}
"""


def small_site(root: Path, venue: str = "甲馆") -> Path:
    content = root / "content"
    (content / "events" / "e1" / "results").mkdir(parents=True)
    (content / "site.yaml").write_text(SITE, encoding="utf-8")
    (content / "events" / "e1" / "event.yaml").write_text(EVENT.format(venue=venue), encoding="utf-8")
    (content / "events" / "e1" / "results" / "main.yaml").write_text(RESULTS, encoding="utf-8")
    return content


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PAIBANG_CACHE": str(cwd / "cache" / "pdf")}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


# --- 1. output/ ------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["important", ".", "content", "content/events", "notes.txt", "/"])
def test_a_target_that_is_not_ours_is_refused_and_left_as_it_was(tmp_path: Path, target: str) -> None:
    content = small_site(tmp_path)
    (tmp_path / "important").mkdir()
    (tmp_path / "important" / "thesis.docx").write_bytes(b"years of work")
    (tmp_path / "notes.txt").write_text("notes")
    before = tree(tmp_path)
    done = run("build", "--content", "content", "--output", target, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.startswith("paibang: ")
    assert "--output" in done.stderr  # the fix is named
    assert tree(tmp_path) == before  # nothing touched, the cache not even made
    assert content.is_dir()


def test_the_home_folder_is_refused(tmp_path: Path) -> None:
    small_site(tmp_path)
    env = os.environ | {"HOME": str(tmp_path / "home"), "PAIBANG_CACHE": str(tmp_path / "cache" / "pdf")}
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "diary.txt").write_text("mine")
    done = subprocess.run([sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output",
                           str(tmp_path / "home"), "--lang", "en"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 2 and "home folder" in done.stderr
    assert (tmp_path / "home" / "diary.txt").read_text() == "mine"


def test_serve_refuses_the_same_targets(tmp_path: Path) -> None:
    small_site(tmp_path)
    (tmp_path / "important").mkdir()
    (tmp_path / "important" / "a.txt").write_text("keep")
    done = run("serve", "--content", "content", "--output", "important", "--port", "0", cwd=tmp_path)
    assert done.returncode == 2 and "important" in done.stderr
    assert (tmp_path / "important" / "a.txt").read_text() == "keep"


def test_a_site_carries_the_marker_and_is_rebuilt(tmp_path: Path) -> None:
    small_site(tmp_path)
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    assert (tmp_path / "site" / MARKER).is_file()
    (tmp_path / "content" / "events" / "e1" / "event.yaml").write_text(EVENT.format(venue="乙馆"), encoding="utf-8")
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    assert "乙馆" in (tmp_path / "site" / "events" / "e1" / "index.html").read_text(encoding="utf-8")


def test_a_stale_record_does_not_make_a_users_folder_ours(tmp_path: Path) -> None:
    """rev5 #1: the record of the last build is found by output/'s path alone. The site deleted,
    the folder made again for something else: the record does not make it paibang's."""
    small_site(tmp_path)
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    shutil.rmtree(tmp_path / "site")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "thesis.txt").write_text("my thesis", encoding="utf-8")
    done = run("build", "--content", "content", "--output", "site", cwd=tmp_path)
    assert done.returncode == 2 and "不是 paibang 生成的文件" in done.stderr
    assert (tmp_path / "site" / "thesis.txt").read_text(encoding="utf-8") == "my thesis"
    # A site of a paibang from before the marker, the record still there: not replaced either.
    (tmp_path / "site" / "thesis.txt").unlink()
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    (tmp_path / "site" / MARKER).unlink()
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 2
    assert (tmp_path / "site" / "index.html").is_file()


def test_a_copied_marker_does_not_make_a_folder_ours(tmp_path: Path) -> None:
    """rev5 #9: a published site merged into a web root brings its marker along; the web root
    is still not paibang's to replace."""
    small_site(tmp_path)
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    webroot = tmp_path / "www"
    webroot.mkdir()
    (webroot / "mine.txt").write_text("mine", encoding="utf-8")
    shutil.copytree(tmp_path / "site", webroot, dirs_exist_ok=True)  # rsync site/ www/
    done = run("build", "--content", "content", "--output", "www", cwd=tmp_path)
    assert done.returncode == 2 and "不是本机上由你为这个目录生成的" in done.stderr
    assert (webroot / "mine.txt").read_text(encoding="utf-8") == "mine"
    assert run("clean", "--output", "www", cwd=tmp_path).returncode == 2  # refused, as build refuses it
    assert (webroot / "mine.txt").read_text(encoding="utf-8") == "mine"
    # The site itself is still paibang's.
    (tmp_path / "content" / "events" / "e1" / "event.yaml").write_text(EVENT.format(venue="乙馆"), encoding="utf-8")
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0


def test_a_site_built_on_another_computer_is_refused_with_what_to_do(tmp_path: Path) -> None:
    """The secretary's second laptop (another key: another computer), a site folder built on the
    first: refused, the words say to delete it; once deleted, it builds."""
    small_site(tmp_path)
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    second = os.environ | {"XDG_CONFIG_HOME": str(tmp_path / "laptop2"), "PAIBANG_CACHE": str(tmp_path / "cache2" / "pdf")}
    command = [sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output", "site"]
    done = subprocess.run(command, cwd=tmp_path, env=second, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "另一台电脑" in done.stderr and "请自己删除后再构建" in done.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    shutil.rmtree(tmp_path / "site")
    done = subprocess.run(command, cwd=tmp_path, env=second, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_with_no_place_to_keep_the_key_a_second_build_says_why_it_refuses(tmp_path: Path) -> None:
    """No key folder can be made (a file stands where it would be): each run's key is its own,
    so the second build cannot tell its own site from a copy and refused it as "a copy, or built
    on another computer". It says there is no place for the key, names the folder, and the fix."""
    small_site(tmp_path)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the config folder would be", encoding="utf-8")
    env = os.environ | {"XDG_CONFIG_HOME": str(blocked), "PAIBANG_CACHE": str(tmp_path / "cache" / "pdf")}
    command = [sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output", "site"]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "没有地方保存你的密钥" in done.stderr and str(blocked / "paibang") in done.stderr
    assert "另一台电脑" not in done.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_a_marker_of_an_older_paibang_counts_only_with_the_record(tmp_path: Path) -> None:
    """A site built by the paibang before the marker's id: its marker (no id) counts while the
    sealed record of the last build describes the folder, and is made anew; without the record
    it is refused as a copy would be."""
    from generator import catalogues

    small_site(tmp_path)
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    older = f"{catalogues.text('output_marker', 'en')} {catalogues.text('output_marker', 'zh-Hans')}\n"
    (tmp_path / "site" / MARKER).write_text(older, encoding="utf-8")
    (tmp_path / "content" / "events" / "e1" / "event.yaml").write_text(EVENT.format(venue="乙馆"), encoding="utf-8")
    assert run("build", "--content", "content", "--output", "site", cwd=tmp_path).returncode == 0
    assert "paibang-site-id" in (tmp_path / "site" / MARKER).read_text(encoding="utf-8")
    (tmp_path / "site" / MARKER).write_text(older, encoding="utf-8")
    shutil.rmtree(tmp_path / "cache")
    done = run("build", "--content", "content", "--output", "site", cwd=tmp_path)
    assert done.returncode == 2 and "不是本机上由你为这个目录生成的" in done.stderr


def test_a_backup_named_like_a_leftover_is_the_users(tmp_path: Path) -> None:
    small_site(tmp_path)
    backup = tmp_path / "output.old-2024"
    backup.mkdir()
    (backup / "index.html").write_text("last year's site, kept by hand")
    assert run("build", "--content", "content", "--output", "output", cwd=tmp_path).returncode == 0
    assert (backup / "index.html").read_text() == "last year's site, kept by hand"
    assert run("clean", "--output", "output", cwd=tmp_path).returncode == 0
    assert not (tmp_path / "output").exists() and (backup / "index.html").is_file()


def users_own_things(output: Path) -> dict[str, bytes]:
    """What a secretary puts into a site they publish as a git checkout (GitHub Pages): its .git
    (a read-only object, a link), a CNAME, notes, photos, a note inside a folder of paibang's."""
    own = {".git/HEAD": b"ref: refs/heads/main\n", ".git/objects/ab/cdef": b"zlib bytes",
           "CNAME": b"results.example.org\n", "NOTES.txt": b"who to call", "photos/x.jpg": b"\xff\xd8 jpeg",
           "events/e1/scan-of-the-sheet.txt": b"a scan"}
    for relative, data in own.items():
        (output / relative).parent.mkdir(parents=True, exist_ok=True)
        (output / relative).write_bytes(data)
    (output / ".git" / "objects" / "ab" / "cdef").chmod(0o444)
    (output / ".git" / "HEAD.link").symlink_to("HEAD")
    return own


def test_a_full_rebuild_and_clean_keep_what_the_user_put_in_output(tmp_path: Path) -> None:
    """rev34: a rebuild that swaps the whole site (site.yaml's title changed) deleted everything
    the user had put in output/ (.git, CNAME, notes, photos), as did clean. What the last build's
    record does not name is someone else's: carried into the new site unchanged, left by clean."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    own = users_own_things(output)
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    done = run("build", "--content", "content", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "新站名" in (output / "index.html").read_text(encoding="utf-8")  # the new site, swapped in
    assert {relative: (output / relative).read_bytes() for relative in own} == own
    assert os.readlink(output / ".git" / "HEAD.link") == "HEAD"
    (output / "precious.txt").write_text("precious", encoding="utf-8")
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "did not write" in done.stderr and ".git/" in done.stderr and "precious.txt" in done.stderr
    assert not (output / "index.html").exists() and not (output / "events" / "e1" / "index.html").exists()
    assert {relative: (output / relative).read_bytes() for relative in own} == own
    assert (output / "precious.txt").read_text(encoding="utf-8") == "precious"
    # still a folder paibang builds into, what is in it kept
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    assert (output / "index.html").is_file() and (output / "precious.txt").is_file()
    assert {relative: (output / relative).read_bytes() for relative in own} == own


def test_an_empty_folder_given_as_output_never_loses_what_is_put_in_it_later(tmp_path: Path) -> None:
    """--output an empty folder of the user's: paibang builds into it; a file they put in it
    afterwards is theirs, kept by a full rebuild and by clean."""
    content = small_site(tmp_path)
    (tmp_path / "www").mkdir()
    assert run("build", "--content", "content", "--output", "www", cwd=tmp_path).returncode == 0
    (tmp_path / "www" / "later.txt").write_text("added later", encoding="utf-8")
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    assert run("build", "--content", "content", "--output", "www", cwd=tmp_path).returncode == 0
    assert (tmp_path / "www" / "later.txt").read_text(encoding="utf-8") == "added later"
    assert run("clean", "--output", "www", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in (tmp_path / "www").iterdir()) == [MARKER, "later.txt"]


@pytest.mark.parametrize("how", ["in place", "whole"])
def test_a_new_page_where_a_file_of_the_users_is_refuses_the_build(tmp_path: Path, how: str) -> None:
    """A new event's page would go where the user put a file of their own: the build is refused,
    naming it and the fix, and nothing is changed (in place, the page replaced it; swapped, the
    user's file was gone with the old site)."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    if how == "in place":  # most of the site kept: the new event's pages go into output/ in place
        for number in range(3, 9):
            shutil.copytree(content / "events" / "e1", content / "events" / f"e{number}")
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    (output / "events" / "e2").mkdir()
    (output / "events" / "e2" / "index.html").write_text("my own page", encoding="utf-8")
    shutil.copytree(content / "events" / "e1", content / "events" / "e2")
    if how == "whole":
        (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    before = tree(output)
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "events/e2/index.html" in done.stderr and "Move it out of" in done.stderr, done.stderr
    assert tree(output) == before
    # rev38: the refused build had dropped the last build's record, so the same build run again
    # found no record, took the user's page for paibang's and replaced it without a word.
    again = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert again.returncode == 2 and again.stderr == done.stderr, again.stderr
    assert tree(output) == before
    (output / "events" / "e2" / "index.html").unlink()  # moved out: the build goes on
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    assert (output / "events" / "e2" / "index.html").read_text(encoding="utf-8") != "my own page"


def test_clean_after_a_refused_build_still_knows_what_paibang_wrote(tmp_path: Path) -> None:
    """A refused build (output_clash) leaves the last build's record: clean removes paibang's
    pages and keeps the user's, instead of refusing for want of a record."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    (output / "events" / "e2").mkdir()
    (output / "events" / "e2" / "index.html").write_text("my own page", encoding="utf-8")
    shutil.copytree(content / "events" / "e1", content / "events" / "e2")
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 2
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0 and "events/e2/" in done.stderr, done.stderr
    assert not (output / "index.html").exists()
    assert (output / "events" / "e2" / "index.html").read_text(encoding="utf-8") == "my own page"


def linked_elsewhere(output: Path, folder: str, outside: Path) -> dict[str, bytes]:
    """The site's `folder` moved out of output/ to `outside`, a symbolic link left in its place
    (and a file of the user's put beside the pages there): what it holds, which no removal
    through output/ may touch."""
    shutil.move(output / folder, outside)
    (outside / "mine.txt").write_text("the user's", encoding="utf-8")
    (output / folder).symlink_to(outside, target_is_directory=True)
    return tree(outside)


def test_clean_never_removes_through_a_folder_linked_elsewhere(tmp_path: Path) -> None:
    """rev38: an event's folder (and assets/) in output/ replaced by a link to a folder outside
    it: clean said it left the link alone, and removed every page it had written there, outside
    output/, through the link. A path of the record under a link is left; the link is named."""
    small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    event = linked_elsewhere(output, "events/e1", tmp_path / "kept" / "e1")
    assets = linked_elsewhere(output, "assets", tmp_path / "kept" / "assets")
    assert len(event) > 2 and len(assets) > 2
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0 and "events/e1" in done.stderr and "assets" in done.stderr, done.stderr
    assert tree(tmp_path / "kept" / "e1") == event and tree(tmp_path / "kept" / "assets") == assets
    assert not (output / "index.html").exists() and (output / "events" / "e1").is_symlink()


def test_a_folder_with_a_link_on_its_way_is_never_removed_through(tmp_path: Path) -> None:
    from generator.render.output import _real_folders

    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "elsewhere" / "c").mkdir(parents=True)
    (tmp_path / "a" / "link").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "a" / "file").write_text("x", encoding="utf-8")
    found = _real_folders(str(tmp_path), {"a", "a/b", "a/link", "a/link/c", "a/file", "a/file/d", "gone", "gone/e"})
    assert found == {"", "a", "a/b"}


def test_the_files_in_the_way_are_named_ten_at_most_then_counted() -> None:
    from generator import catalogues
    from generator.render.output import listed

    paths = [f"photos/{number:02}.jpg" for number in range(14)]
    words = catalogues.text("output_clash", "en", path="output", count=14, paths=listed(paths))
    assert "photos/09.jpg and 4 more" in words and "photos/10.jpg" not in words
    assert "photos/09.jpg 等，另有 4 个" in catalogues.text("output_clash", "zh-Hans", path="output", count=14,
                                                       paths=listed(paths))


def test_without_the_record_a_build_keeps_all_it_does_not_write_and_clean_removes_nothing(tmp_path: Path) -> None:
    """The cache removed (and the record with it): nothing in output/ can be told as paibang's.
    The build keeps everything its new site does not write, and says so; clean refuses."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    (output / "NOTES.txt").write_text("notes", encoding="utf-8")
    shutil.rmtree(tmp_path / "cache")
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0 and "no record" in done.stderr and "NOTES.txt" in done.stderr, done.stderr
    assert (output / "NOTES.txt").read_text(encoding="utf-8") == "notes"
    shutil.rmtree(tmp_path / "cache")
    before = tree(output)
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "no record" in done.stderr and "nothing was removed" in done.stderr
    assert tree(output) == before


KILLED_AT = """
import os, signal, sys
from generator.render import output

name, at = sys.argv[1], int(sys.argv[2])
real, count = getattr(output, name), [0]

def dying(*args, **named):
    count[0] += 1
    if count[0] == at:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(*args, **named)

setattr(output, name, dying)
from generator.cli import main
sys.exit(main(sys.argv[3:]))
"""


def test_a_build_killed_while_carrying_the_users_files_loses_none(tmp_path: Path) -> None:
    """Killed (kill -9) while the user's files are linked into the new site (a build without a
    record, the only one that carries them), while a whole new site is put in place among them,
    or after, as its backup is removed: output/ holds all of them, and the next build tidies up."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", "--no-pdf", cwd=tmp_path).returncode == 0
    own = users_own_things(output)
    names = ("测试站", "新站名", "又一站名", "再一站名")
    for step, (kill_at, function, at) in enumerate((("carrying", "_carry_file", 3),
                                                    ("putting in place", "_backup_path", 3),
                                                    ("removing the backup", "_remove", 1))):
        new = names[step + 1]
        (content / "site.yaml").write_text(SITE.replace("测试站", new), encoding="utf-8")
        if kill_at == "carrying":
            shutil.rmtree(tmp_path / "cache")  # (no record: the user's files carried into the new tree)
        killed = subprocess.run([sys.executable, "-c", KILLED_AT, function, str(at), "build", "--content", "content",
                                 "--no-pdf"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                                env=os.environ | {"PAIBANG_CACHE": str(tmp_path / "cache" / "pdf"),
                                                  "PYTHONPATH": str(ROOT)})
        assert killed.returncode == -9, (kill_at, killed.stderr)
        assert {relative: (output / relative).read_bytes() for relative in own} == own
        if kill_at == "removing the backup":
            assert new in (output / "index.html").read_text(encoding="utf-8")
        assert run("build", "--content", "content", "--no-pdf", cwd=tmp_path).returncode == 0
        assert new in (output / "index.html").read_text(encoding="utf-8")
        assert {relative: (output / relative).read_bytes() for relative in own} == own
        assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]


def test_a_link_where_paibangs_folder_was_is_never_dropped_nor_followed(tmp_path: Path) -> None:
    """The user put output/events elsewhere and a symbolic link in its place: the full rebuild
    replaced the link by the new site's folder without a word. It is the user's, where the new
    site has a folder of its own: the build is refused naming it, nothing changed, its target
    untouched; moved out, the build goes on."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    kept = linked_elsewhere(output, "events", tmp_path / "kept" / "events")
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    before = tree(output)
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "where a file paibang did not write" in done.stderr, done.stderr
    assert ": events." in done.stderr, done.stderr
    assert os.readlink(output / "events") == str(tmp_path / "kept" / "events") and tree(output) == before
    assert tree(tmp_path / "kept" / "events") == kept
    (output / "events").unlink()
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    assert (output / "events" / "e1" / "index.html").is_file() and tree(tmp_path / "kept" / "events") == kept


def test_clean_never_removes_through_a_link_put_in_place_while_it_runs(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """clean checked a folder, then removed its files by path: a folder replaced by a link in
    between (here: just before its first file goes) led the removals out of output/, into the
    folder the link names. A link put where a recorded file was is removed itself, never what it
    leads to."""
    from generator.render import output as written

    small_site(tmp_path)
    output = tmp_path / "output"
    monkeypatch.setenv("PAIBANG_CACHE", str(tmp_path / "cache" / "pdf"))
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--content", "content"]) == 0
    (output / "NOTES.txt").write_text("notes", encoding="utf-8")  # the user's: clean removes file by file
    precious = tmp_path / "precious.txt"
    precious.write_text("the user's", encoding="utf-8")
    (output / "index.html").unlink()
    (output / "index.html").symlink_to(precious)  # a link where a recorded file was
    copy = tmp_path / "kept" / "e1"
    shutil.copytree(output / "events" / "e1", copy)  # files of the same names as the event's pages
    kept = tree(copy)
    event = (output / "events" / "e1").stat().st_ino
    unlink, planted = os.unlink, []

    def unlinking(path, *args, dir_fd=None, **kwargs):  # noqa: ANN001, ANN202
        inside = (os.fstat(dir_fd).st_ino if dir_fd is not None
                  else os.stat(os.path.dirname(path)).st_ino) == event
        if inside and not planted:  # the folder swapped for a link to the copy, after its check
            os.rename(output / "events" / "e1", tmp_path / "aside")
            (output / "events" / "e1").symlink_to(copy, target_is_directory=True)
            planted.append(path)
        return unlink(path, *args, dir_fd=dir_fd, **kwargs)

    monkeypatch.setattr(written.os, "unlink", unlinking)
    assert main(["clean", "--lang", "en"]) == 0
    monkeypatch.undo()
    assert planted and tree(copy) == kept
    assert precious.read_text(encoding="utf-8") == "the user's" and not os.path.lexists(output / "index.html")
    assert (output / "events" / "e1").is_symlink() and (output / "NOTES.txt").read_text(encoding="utf-8") == "notes"


def test_make_clean_leaves_what_is_not_ours(tmp_path: Path) -> None:
    """`make clean` once ran `rm -rf $(OUTPUT).old-*`: the Makefile now leaves it to paibang."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nclean:", 1)[1]
    assert "old-*" not in recipe and "rm -rf $(OUTPUT)" not in recipe and "paibang clean" in recipe


# --- 2. keyed by what was read ---------------------------------------------------------------------


def test_a_file_saved_during_a_build_is_never_kept_under_the_old_digest(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The secretary saves while a build runs (after content/ was hashed, before the event was
    read), then undoes. The build shows one text or the other with the digest of that same text;
    after the undo, the site shows the undone text, never the saved one."""
    from generator.render import incremental

    content = small_site(tmp_path, venue="甲馆")
    event_file = content / "events" / "e1" / "event.yaml"
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    original = incremental.build_inputs

    def hashed_then_saved(*args: object, **kwargs: object) -> str:
        digest = original(*args, **kwargs)
        event_file.write_text(EVENT.format(venue="乙馆"), encoding="utf-8")  # saved after hashing
        return digest

    monkeypatch.setattr(incremental, "build_inputs", hashed_then_saved)
    build(content, output, cache_dir=cache, bulletins=False)
    monkeypatch.setattr(incremental, "build_inputs", original)
    page = output / "events" / "e1" / "index.html"
    assert "甲馆" in page.read_text(encoding="utf-8")  # what was hashed is what was read
    event_file.write_text(EVENT.format(venue="甲馆"), encoding="utf-8")  # the undo
    build(content, output, cache_dir=cache, bulletins=False)
    assert "甲馆" in page.read_text(encoding="utf-8")
    event_file.write_text(EVENT.format(venue="乙馆"), encoding="utf-8")
    report = build(content, output, cache_dir=cache, bulletins=False)
    assert not report.up_to_date and "乙馆" in page.read_text(encoding="utf-8")


# --- 3. caches without code ------------------------------------------------------------------------


class Planted:
    """A pickle that runs code when unpickled: it writes a file."""

    def __init__(self, proof: Path) -> None:
        self.proof = proof

    def __reduce__(self) -> tuple:
        return (Path.write_text, (self.proof, "ran"))


def test_a_planted_pickle_in_the_cache_is_never_run(tmp_path: Path) -> None:
    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    build(content, output, cache_dir=cache, bulletins=False)
    proof = tmp_path / "pwned"
    planted = pickle.dumps(Planted(proof))
    kept = list((cache.parent / "events").iterdir()) + list(cache.parent.glob("site-*"))
    assert kept, "the build keeps its events and warnings"
    for path in kept:
        path.write_bytes(planted)  # the names are predictable: overwrite every one
    (content / "events" / "e1" / "notice.md").write_text("变了", encoding="utf-8")  # not up to date
    build(content, output, cache_dir=cache, bulletins=False)
    (content / "events" / "e1" / "notice.md").unlink()
    build(content, output, cache_dir=cache, bulletins=False)  # the same key as the first build
    assert not proof.exists()
    assert "甲馆" in (output / "events" / "e1" / "index.html").read_text(encoding="utf-8")


def test_a_cache_entry_of_the_wrong_shape_is_read_again(tmp_path: Path) -> None:
    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    build(content, output, cache_dir=cache, bulletins=False)
    for path in (cache.parent / "events").iterdir():
        path.write_bytes(caches.dumps(7))  # sealed by us, but not (event, result, problems): a TypeError
    (output / "index.html").unlink()  # not up to date: the events are read (from the cache)
    build(content, output, cache_dir=cache, bulletins=False)
    assert "甲馆" in (output / "events" / "e1" / "index.html").read_text(encoding="utf-8")


def test_a_seal_is_checked_before_anything_is_unpickled(tmp_path: Path) -> None:
    proof = tmp_path / "pwned"
    sealed = caches.dumps({"a": 1})
    assert caches.loads(sealed) == {"a": 1}
    forged = caches.MAGIC + b"\0" * 32 + pickle.dumps(Planted(proof))
    for data in (pickle.dumps(Planted(proof)), forged, sealed[:-1] + b"X", b""):
        with pytest.raises(caches.Unsealed):
            caches.loads(data)
    assert not proof.exists()


def test_a_file_written_sealed_is_the_sealed_payload(tmp_path: Path) -> None:
    """write_sealed (the event cache's: the seal, then the payload, no sealed copy in memory)
    writes what seal() makes, and loads verifies it before unpickling, as any sealed file."""
    payload = pickle.dumps({"tables": list(range(1000))})
    path = tmp_path / "cache" / "x.sealed"
    caches.write_sealed(path, payload)
    data = path.read_bytes()
    assert data == caches.seal(payload) and caches.unseal(data) == payload
    assert caches.loads(data) == {"tables": list(range(1000))}
    with pytest.raises(caches.Unsealed):
        caches.loads(data[:-1] + bytes([data[-1] ^ 1]))
    assert [p.name for p in path.parent.iterdir()] == ["x.sealed"]  # no temporary file left


def test_the_key_is_the_users_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    caches.secret.cache_clear()
    try:
        key = caches.secret()
        path = tmp_path / "config" / "paibang" / "cache-key"
        assert path.is_file() and path.stat().st_mode & 0o777 == 0o600 and len(key) == 32
        caches.secret.cache_clear()
        assert caches.secret() == key  # kept across runs
        path.chmod(0o644)  # readable by others: no longer a secret
        caches.secret.cache_clear()
        assert caches.secret() != key
    finally:
        caches.secret.cache_clear()


def test_compiled_templates_are_sealed(tmp_path: Path) -> None:
    import jinja2

    from generator.render.fast_jinja import CompiledTemplates

    env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ 1 + 1 }}"}),
                             bytecode_cache=CompiledTemplates(tmp_path, "v1", "zh-Hans"))
    assert env.get_template("t.html").render() == "2"
    files = list(tmp_path.rglob("*.jinja"))
    assert files and all(f.read_bytes().startswith(caches.MAGIC) for f in files)
    # Replace the compiled code by unsealed bytecode that says something else: never loaded.
    other = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ 1 + 1 }}"}))
    bucket = jinja2.bccache.Bucket(other, "k", other.loader.get_source(other, "t.html")[0] and
                                   jinja2.bccache.BytecodeCache().get_source_checksum("{{ 1 + 1 }}"))
    bucket.code = compile("raise SystemExit('planted')", "t.html", "exec")
    for f in files:
        f.write_bytes(bucket.bytecode_to_string())
    fresh = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ 1 + 1 }}"}),
                               bytecode_cache=CompiledTemplates(tmp_path, "v1", "zh-Hans"))
    assert fresh.get_template("t.html").render() == "2"


def test_compiled_templates_remove_only_their_own_other_versions(tmp_path: Path) -> None:
    """rev34: a new version's folder removed every other folder beside it with rmtree, following
    a link among them (or a linked parent) into the user's files. Only a real folder named as a
    version's, holding only compiled templates' files, goes."""
    import jinja2

    from generator.render.fast_jinja import CompiledTemplates

    victim = tmp_path / "victim"
    (victim / "deep").mkdir(parents=True)
    (victim / "deep" / "thesis.txt").write_text("years of work")
    cache = tmp_path / "pycache"
    cache.mkdir()
    old = cache / ("0" * 16)  # an older version's, as paibang left it
    old.mkdir()
    (old / ("a" * 32 + ".jinja")).write_bytes(b"old code")
    (old / ("b" * 32 + ".jinja.tmp-12-34")).write_bytes(b"a killed write")
    (cache / ("1" * 16)).symlink_to(victim)  # a link named as a version's folder
    (cache / "notes").mkdir()  # a folder of someone's
    (cache / "notes" / "n.txt").write_text("mine")
    mixed = cache / ("2" * 16)  # named as ours, but holding something else too
    mixed.mkdir()
    (mixed / ("c" * 32 + ".jinja")).write_bytes(b"code")
    (mixed / "photo.jpg").write_bytes(b"jpeg")
    linked_parent = tmp_path / "linked"
    linked_parent.symlink_to(victim)
    for folder in (cache, linked_parent):
        env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ 1 + 1 }}"}),
                                 bytecode_cache=CompiledTemplates(folder, "v2", "zh-Hans"))
        assert env.get_template("t.html").render() == "2"
    assert not old.exists()
    assert (victim / "deep" / "thesis.txt").read_text() == "years of work"
    assert (cache / ("1" * 16)).is_symlink() and (cache / "notes" / "n.txt").read_text() == "mine"
    assert (mixed / "photo.jpg").read_bytes() == b"jpeg" and (mixed / ("c" * 32 + ".jinja")).is_file()


@pytest.mark.parametrize("how", ["everyone-writes", "another-owner"])
def test_a_cache_open_to_others_is_not_used(tmp_path: Path, how: str) -> None:
    content = small_site(tmp_path)
    cache_root = tmp_path / "shared"
    cache_root.mkdir()
    if how == "everyone-writes":
        cache_root.chmod(0o777)
    else:
        if os.getuid() != 0:
            pytest.skip("making a folder another user's needs root")
        os.chown(cache_root, 12345, 12345)
    proof = tmp_path / "pwned"
    (cache_root / "pdf").mkdir()
    (cache_root / "events").mkdir()
    if how == "another-owner":
        os.chown(cache_root / "pdf", 12345, 12345)
        os.chown(cache_root / "events", 12345, 12345)
    notes: list[tuple[str, dict]] = []
    report = build(content, tmp_path / "output", strict=True, cache_dir=cache_root / "pdf", bulletins=False,
                   notify=lambda key, params: notes.append((key, params)))
    assert [key for key, _ in notes] == ["cache_ignored"]
    assert report.warnings == []  # a note, not a content warning: --strict is unaffected
    assert list(cache_root.rglob("*.*")) == [] and not proof.exists()  # nothing written there


def test_a_cache_folder_that_is_a_link_is_not_used_and_nothing_it_leads_to_is_touched(tmp_path: Path) -> None:
    """A project received (git and zip keep links) whose .paibang-cache leads elsewhere: a build
    prunes old files in its cache, so through the link it would delete the user's own. The
    link is not followed: the build goes on with a temporary cache and says why, and how to fix it."""
    from generator import catalogues

    content = small_site(tmp_path)
    victim = tmp_path / "victim"
    (victim / "pdf").mkdir(parents=True)
    (victim / "events").mkdir()
    mine = {victim / "pdf" / "thesis.pdf": b"my thesis", victim / "pdf" / "notes.tmp-1": b"x",
            victim / "events" / "old.sealed": b"k"}
    for path, data in mine.items():
        path.write_bytes(data)
        os.utime(path, (1, 1))  # older than any prune keeps
    before = tree(victim)
    (tmp_path / ".paibang-cache").symlink_to(victim)
    notes: list[tuple[str, dict]] = []
    build(content, tmp_path / "output", strict=True, cache_dir=tmp_path / ".paibang-cache" / "pdf", bulletins=False,
          notify=lambda key, params: notes.append((key, params)))
    assert (tmp_path / "output" / "index.html").is_file()  # built all the same
    assert tree(victim) == before and all(os.stat(path).st_mtime == 1 for path in mine)
    assert [key for key, _ in notes] == ["cache_ignored"]
    note = catalogues.text("cache_ignored", "en", **notes[0][1])
    assert "symbolic link" in note and "remove the link" in note, note


def test_the_pdf_cache_prunes_only_the_files_paibang_names(tmp_path: Path) -> None:
    """prune_cache deletes old PDFs under their printing keys and old temporaries of them, and
    nothing else, however old: a file of the user's in the folder is not paibang's to delete."""
    from generator.render.pdf import prune_cache

    key = "0123456789abcdef" * 4
    ours = [f"{key}.pdf", f"{key}.pdf.tmp-123-140000000000", f"{key}.tmp-123"]  # the last: an older paibang's
    theirs = ["thesis.pdf", "notes.tmp-1", f"{key}.PDF", f"x{key}.pdf", f"{key}.pdf.bak", "sub.pdf", "link.pdf"]
    for name in ours + theirs[:-2]:
        (tmp_path / name).write_bytes(b"%PDF")
    (tmp_path / "sub.pdf").mkdir()
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere.pdf"
    elsewhere.write_bytes(b"mine")
    (tmp_path / "link.pdf").symlink_to(elsewhere)
    for name in ours + theirs:
        os.utime(tmp_path / name, (1, 1), follow_symlinks=False)
    os.utime(elsewhere, (1, 1))
    prune_cache(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(theirs)
    assert elsewhere.read_bytes() == b"mine"


def test_the_event_cache_prunes_only_the_files_paibang_names(tmp_path: Path) -> None:
    """EventCache.prune deletes the events no build read for long (`<key>.sealed` and
    `<key>.summary.sealed`) and nothing else, however old; the file it touches to say when it
    last looked is never made or touched through a link."""
    from generator.event_cache import PRUNED, EventCache

    events = tmp_path / "events"
    events.mkdir()
    key = "fedcba9876543210" * 4
    ours = [f"{key}.sealed", f"{key}.summary.sealed"]
    theirs = ["old.sealed", "old.summary.sealed", f"{key}.sealed.bak", f"{key.upper()}.sealed", "notes.txt",
              "ledger.lines"]
    for name in ours + theirs:
        (events / name).write_bytes(b"k")
        os.utime(events / name, (1, 1))
    outside = tmp_path / "outside"
    (events / PRUNED).symlink_to(outside)  # a dangling link: touch() would make the file it names
    os.utime(events / PRUNED, (1, 1), follow_symlinks=False)  # (looked long ago)
    EventCache(events).prune(30)
    assert sorted(path.name for path in events.iterdir()) == sorted([*theirs, PRUNED])
    assert (events / PRUNED).is_file() and not (events / PRUNED).is_symlink() and not outside.exists()


def test_the_event_cache_prunes_the_temporaries_a_killed_build_left(tmp_path: Path) -> None:
    """A build killed as it wrote an event's reading or the ledger leaves its temporary
    (`<name>.tmp-<pid>-<thread>`): one a day old is nobody's and is deleted; a fresh one may be
    another build's, writing it now, and stays; a temporary's name paibang never makes, or a link
    named like one, stays whatever its age."""
    from generator.event_cache import EventCache

    events = tmp_path / "events"
    events.mkdir()
    key = "0123456789abcdef" * 4
    old = [f"{key}.sealed.tmp-41-139", f"{key}.summary.sealed.tmp-41-139", "ledger.lines.tmp-7-8",
           "ledger.rows-a.tmp-7-8", "ledger.more.tmp-7-8", "pruned.tmp-7-8"]
    fresh = [f"{key}.sealed.tmp-42-140"]
    theirs = [f"{key}.sealed.tmp-41", "notes.txt.tmp-1-2", f"{key}.sealed.tmp-41-139.bak"]
    for name in old + fresh + theirs:
        (events / name).write_bytes(b"k")
    (events / "ledger.lines.tmp-9-9").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "elsewhere").write_bytes(b"mine")
    for name in old + theirs + ["ledger.lines.tmp-9-9"]:
        os.utime(events / name, (1, 1), follow_symlinks=False)
    EventCache(events).prune(30)
    assert sorted(path.name for path in events.iterdir()) == sorted([*fresh, *theirs, "ledger.lines.tmp-9-9", "pruned"])
    assert (tmp_path / "elsewhere").read_bytes() == b"mine"


@pytest.mark.parametrize(("lang", "words"), [(None, ("缓存目录", "不安全", "所有人都可以写入")),
                                            ("en", ("the cache folder", "not safe", "can be written by everyone")),
                                            ("zh-Hant", ("快取目錄", "不安全", "所有人都可以寫入"))])
def test_the_cache_note_is_printed_in_the_sites_language_or_the_one_asked_for(
        tmp_path: Path, lang: str | None, words: tuple[str, str]) -> None:
    small_site(tmp_path)
    (tmp_path / "cache").mkdir(mode=0o777)
    (tmp_path / "cache").chmod(0o777)
    done = run("build", "--content", "content", "--output", "output", "--strict", *(("--lang", lang) if lang else ()),
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    note = next(line for line in done.stderr.splitlines() if "cache" in line)
    assert all(word in note for word in words), note


def test_serve_says_the_cache_note_in_its_lang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd) -> None:
    """serve's builder (a process of its own) says the note on serve's terminal, in serve's language."""
    from generator.commands.serve import Site

    content = small_site(tmp_path)
    (tmp_path / "cache").mkdir(mode=0o777)
    (tmp_path / "cache").chmod(0o777)
    monkeypatch.setenv("PAIBANG_CACHE", str(tmp_path / "cache" / "pdf"))
    site = Site(content, tmp_path / "output", ROOT / "templates", "en")
    try:
        site.build_once()
    finally:
        site.builder.stop()
    err = capfd.readouterr().err
    assert "the cache folder" in err and "can be written by everyone" in err and "缓存" not in err, err


def test_default_cache_is_beside_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAIBANG_CACHE", raising=False)
    assert default_cache_dir(tmp_path / "output") == tmp_path / ".paibang-cache" / "pdf"


def test_clean_without_a_site_removes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder paibang did not make is refused (exit 2, said why), as build refuses it: clean
    once exited 0 saying nothing, which read as done."""
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "mine.txt").write_text("mine")
    assert main(["clean", "--output", str(tmp_path / "output")]) == 2
    assert capsys.readouterr().err.strip() == (f"paibang clean: {tmp_path / 'output'} 不是 paibang 在这里生成的网站"
                                               "（没有为这个文件夹在本机生成的网站标记），未删除任何东西。"
                                               "如果它是你以前的网站，确认里面没有别的文件后自己删除。")
    assert (tmp_path / "output" / "mine.txt").is_file()
    assert main(["clean", "--output", str(tmp_path / "nothing-here")]) == 0  # nothing to clean: done


def test_clean_removes_only_paibangs_own_files_from_a_folder_called_paibang_cache(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder named `.paibang-cache` beside --output is not paibang's for its name: clean once
    removed it whole (a thesis in it, no site at all). Now only the files paibang names as its
    cache's go; the folder stays with the rest, and that is said. Paibang's own cache folder,
    after a build, still goes whole."""
    monkeypatch.delenv("PAIBANG_CACHE", raising=False)
    cache = tmp_path / ".paibang-cache"
    (cache / "events").mkdir(parents=True)
    (cache / "thesis.tex").write_text("x", encoding="utf-8")
    (cache / "events" / "notes.txt").write_text("mine", encoding="utf-8")
    ours = ["site-0123456789abcdef.record", "site-0123456789abcdef.record.parts-" + "a" * 24,
            "events/" + "b" * 64 + ".sealed", "events/ledger.lines", "code.json", "code.json.tmp-12-34"]
    for name in ours:
        (cache / name).write_bytes(b"paibang-sealed-1\n")
    assert main(["clean", "--output", str(tmp_path / "nothing-here")]) == 0
    err = capsys.readouterr().err
    assert (cache / "thesis.tex").read_text(encoding="utf-8") == "x"
    assert (cache / "events" / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not [name for name in ours if (cache / name).exists()]
    assert "不是 paibang 生成的文件（events/notes.txt, thesis.tex）" in err and "已删除" not in err, err

    small_site(tmp_path / "built")
    build(tmp_path / "built" / "content", tmp_path / "built" / "output")
    assert (tmp_path / "built" / ".paibang-cache").is_dir()
    assert main(["clean", "--output", str(tmp_path / "built" / "output")]) == 0
    assert sorted(p.name for p in (tmp_path / "built").iterdir()) == ["content"]


def test_an_old_site_is_removed_whole_without_following_its_links(tmp_path: Path) -> None:
    """An old site (after the swap) is removed side by side, folder by folder (render/output.py
    _remove): every file and folder of it goes, and a link inside it is removed, never followed."""
    from generator.render import output as written

    outside = tmp_path / "outside"
    (outside / "keep").mkdir(parents=True)
    (outside / "keep" / "file.txt").write_text("not paibang's", encoding="utf-8")
    old = tmp_path / "output.tmp-1"
    for number in range(60):  # folders of one page each, some nested, as a site's are
        page = old / "players" / f"p{number}" / ("sub" if number % 3 else "") / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"page {number}", encoding="utf-8")
    (old / MARKER).write_text("x", encoding="utf-8")
    (old / "events").mkdir()
    (old / "events" / "linked").symlink_to(outside / "keep", target_is_directory=True)
    (old / "players" / "p1" / "file-link").symlink_to(outside / "keep" / "file.txt")
    if written._SIDE_BY_SIDE:
        written._remove_side_by_side(str(old))  # the threads alone leave only the top folder
        assert list(old.iterdir()) == []
    written._remove(old)
    assert not os.path.lexists(old)
    assert (outside / "keep" / "file.txt").read_text(encoding="utf-8") == "not paibang's"


def test_clean_says_which_of_its_cache_files_it_could_not_remove(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache file paibang may not remove (no permission, EBUSY) or a cache folder it may not
    read ended `paibang clean` in a traceback: it is left, named, and clean exits 1, having
    removed the rest. (os.unlink and os.scandir refused as for a user who does not own them:
    root, which the tests may run as, ignores permissions.)"""
    monkeypatch.delenv("PAIBANG_CACHE", raising=False)
    cache = tmp_path / ".paibang-cache"
    (cache / "events").mkdir(parents=True)
    (cache / "pdf").mkdir()
    locked = cache / "site-0123456789abcdef.record"
    gone = cache / "events" / "ledger.lines"
    for path in (locked, gone):
        path.write_bytes(b"paibang-sealed-1\n")
    unlink, scandir = os.unlink, os.scandir

    def refused_unlink(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return unlink(path, *args, **kwargs)

    def refused_scandir(path=".", *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        if os.fspath(path) == str(cache / "pdf"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return scandir(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", refused_unlink)
    monkeypatch.setattr(os, "scandir", refused_scandir)
    assert main(["clean", "--output", str(tmp_path / "nothing-here")]) == 1
    err = capsys.readouterr().err
    assert f"无法删除缓存目录 {cache} 里的 pdf, site-0123456789abcdef.record" in err, err
    assert "Traceback" not in err and "不是 paibang 生成的文件" not in err, err
    assert locked.is_file() and not gone.exists()


def test_pages_kept_when_the_record_was_lost_are_named_by_every_build_and_clean_until_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The cache deleted, an event's folder removed meanwhile: the next build has no record,
    cannot tell the old event's pages from the user's and keeps them, naming them once; every
    build after it, which has a record of its own, said nothing of them, nor did clean, and the
    stale pages stayed published for good. They are still never removed (nothing proves them
    paibang's), but named by every build, an up-to-date one too, and by clean, until the user
    deletes them; what the user keeps at output/'s top (a CNAME) is named once, as before."""
    from generator.build import build

    content = small_site(tmp_path)
    shutil.copytree(content / "events" / "e1", content / "events" / "e2")
    output, cache = tmp_path / "output", tmp_path / "cache"
    monkeypatch.setenv("PAIBANG_CACHE", str(cache / "pdf"))
    build(content, output, bulletins=False)
    (output / "CNAME").write_text("results.example.org", encoding="utf-8")
    shutil.rmtree(content / "events" / "e2")
    shutil.rmtree(cache)  # the record with it

    def notes() -> list[tuple[str, dict]]:
        said: list[tuple[str, dict]] = []
        build(content, output, bulletins=False, notify=lambda key, params: said.append((key, params)))
        return said

    [(key, params)] = notes()
    assert key == "output_kept_unrecorded" and params["count"] == 2  # CNAME and events/e2/, once
    for _ in range(2):  # the next build, and one that finds the site up to date
        [(key, params)] = notes()
        assert key == "output_unproven" and params["count"] == 1 and "events/e2/" in params["paths"]["en"]
        assert "CNAME" not in params["paths"]["en"]
    assert (output / "events" / "e2" / "index.html").is_file()  # never removed
    assert main(["clean", "--output", str(output), "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "events/e2/" in err and "nothing shows it was paibang's" in err and "delete it yourself" in err
    assert (output / "events" / "e2" / "index.html").is_file() and (output / "CNAME").is_file()
    assert not (output / "events" / "e1").exists()
    build(content, output, bulletins=False)  # no record again (clean removed it): kept, said once
    shutil.rmtree(output / "events" / "e2")  # the user deletes them: nothing more said
    assert notes() == []


# --- a filesystem mounted in output/ -----------------------------------------------------------------


@pytest.fixture
def mounted(tmp_path: Path):  # noqa: ANN201 - yields a function mounting a tmpfs at a folder
    """A tmpfs mounted at a folder (root only: skipped where mount is not permitted), unmounted
    after the test whatever it did."""
    mounts: list[Path] = []

    def mount(folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        if subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(folder)], capture_output=True).returncode != 0:
            pytest.skip("mount is not permitted here")
        mounts.append(folder)
        return folder

    yield mount
    for folder in reversed(mounts):
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_a_full_rebuild_refuses_a_filesystem_mounted_in_output_and_empties_nothing(tmp_path: Path,
                                                                                   mounted) -> None:  # noqa: ANN001
    """Review: photos mounted at output/nas were copied into the new site and, the old tree
    removed through the mount point after the swap, deleted from the mount itself; the mount was
    left in the leftover, emptied again by every build. A mount cannot move with a rename: the
    build is refused naming it, nothing touched."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    nas = mounted(output / "nas")
    (nas / "2024").mkdir()
    (nas / "2024" / "final.jpg").write_bytes(b"\xff\xd8 the final")
    (nas / "index.txt").write_bytes(b"photos")
    before = tree(output)
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "output/nas is a mount point" in done.stderr and "Traceback" not in done.stderr
    assert tree(output) == before  # the old site and the photos, as they were
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]
    # clean leaves the mount, and all on it, as someone else's
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0 and "nas/" in done.stderr, done.stderr
    assert not (output / "index.html").exists()
    assert (nas / "2024" / "final.jpg").read_bytes() == b"\xff\xd8 the final"


def test_no_removal_goes_into_a_mount_point(tmp_path: Path, mounted) -> None:  # noqa: ANN001
    """A leftover holding a mount (stranded there by an older paibang) is removed but for the
    mount, never gone into: nothing on it is lost, and the leftover is kept (its marker too) with
    the folders on the way to it. Side by side and serially alike."""
    from generator.render import output as written

    for side_by_side in (True, False):
        output = tmp_path / f"site-{side_by_side}" / "output"
        output.mkdir(parents=True)
        old = output.parent / "output.tmp-999999999"
        old.mkdir()
        written.mark_leftover(old)
        (old / "events" / "e1").mkdir(parents=True)
        (old / "events" / "e1" / "index.html").write_text("old page")
        nas = mounted(old / "shared" / "nas")
        (nas / "deep").mkdir()
        (nas / "deep" / "photo.jpg").write_bytes(b"photo")
        (nas / "top.txt").write_bytes(b"top")
        written._SIDE_BY_SIDE, saved = side_by_side and written._SIDE_BY_SIDE, written._SIDE_BY_SIDE
        try:
            written.recover_leftovers(output)
        finally:
            written._SIDE_BY_SIDE = saved
        assert tree(nas) == {"deep/photo.jpg": b"photo", "top.txt": b"top"}
        assert not (old / "events").exists()  # what was on the leftover's own filesystem went
        assert written.made_as_leftover(old)  # known again by the next build


def test_clean_refuses_a_mount_in_a_folder_of_the_sites_by_name_and_removes_nothing(tmp_path: Path,
                                                                                   mounted) -> None:  # noqa: ANN001
    """An event's folder of the site with another filesystem mounted on it (a NAS copy of the
    event's pages): clean never went into it, but went on without a word, the rest of the site
    removed and the mount with the site's names on it left as if cleaned. A build refuses it by
    name (output_mount); clean says the same, and removes nothing until it is unmounted."""
    small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    nas = mounted(output / "events" / "e1")
    (nas / "index.html").write_text("NAS copy", encoding="utf-8")
    before = tree(output)
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "output/events/e1 is a mount point" in done.stderr, done.stderr
    assert "nothing was removed" in done.stderr and "Traceback" not in done.stderr
    assert tree(output) == before and (tmp_path / "cache").is_dir()
    subprocess.run(["umount", "-l", str(nas)], capture_output=True)
    done = run("clean", "--lang", "en", cwd=tmp_path)  # the fix it names works
    assert done.returncode == 0 and not output.exists(), done.stderr


def test_a_folder_whose_name_is_not_utf8_survives_a_full_rebuild_and_clean(tmp_path: Path) -> None:
    """A folder put in output/ by a GBK system (照片: its name's bytes are no UTF-8)."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    gbk = os.fsdecode(b"\xd5\xd5\xc6\xac")
    (output / gbk).mkdir()
    (output / gbk / "a.jpg").write_bytes(b"photo")
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")
    done = run("build", "--content", "content", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "新站名" in (output / "index.html").read_text(encoding="utf-8")
    assert (output / gbk / "a.jpg").read_bytes() == b"photo"
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert not (output / "index.html").exists() and (output / gbk / "a.jpg").read_bytes() == b"photo"


def test_a_build_failing_as_it_puts_its_site_in_place_keeps_the_record_of_the_site_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that fails once its record is set aside (a folder mounted in output/, a disk
    full: here the swap refused as across devices), output/ left as it was: the record is back,
    so the next build still knows a file of the user's where a new page goes and refuses
    (rev46: the record was gone, and that build replaced the user's page without a word)."""
    import errno

    from generator.render import output as out

    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")  # a whole new site

    def refused(*args: object, **named: object) -> None:
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV), str(output))

    monkeypatch.setattr(out, "swap_into_place", refused)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PAIBANG_CACHE", str(tmp_path / "cache" / "pdf"))
    before = tree(output)
    assert main(["build", "--content", "content"]) != 0
    assert tree(output) == before
    monkeypatch.undo()
    (output / "events" / "e2").mkdir()
    (output / "events" / "e2" / "index.html").write_text("my own page", encoding="utf-8")
    shutil.copytree(content / "events" / "e1", content / "events" / "e2")
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "events/e2/index.html" in done.stderr, done.stderr
    assert (output / "events" / "e2" / "index.html").read_text(encoding="utf-8") == "my own page"


def test_output_itself_a_mount_point_is_refused_before_anything_is_written(tmp_path: Path, mounted) -> None:  # noqa: ANN001
    """rev46: output/ a mount point (a USB stick) failed "device or resource busy" and left its
    leftover marker in the folder, so that every later build refused the folder as not paibang's.
    Refused at once, naming the fix; nothing written there."""
    small_site(tmp_path)
    output = mounted(tmp_path / "output")
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "is a mount point" in done.stderr and "--output" in done.stderr, done.stderr
    assert list(output.iterdir()) == []
    inside = run("build", "--content", "content", "--output", "output/site", cwd=tmp_path)
    assert inside.returncode == 0, inside.stderr  # the fix it names works
    assert (output / "site" / "index.html").is_file()


def test_an_in_place_rebuild_into_a_mount_in_a_folder_of_paibangs_is_refused_by_name(tmp_path: Path,
                                                                                       mounted) -> None:  # noqa: ANN001
    """rev46: an event's folder of the site with another filesystem mounted on it (a page of the
    user's there): the in-place rebuild failed across devices, its roll-back too, and every later
    build stopped. It goes the whole site's way, which refuses the mount by name; nothing changed."""
    content = small_site(tmp_path)
    for number in range(3, 9):  # most of the site kept: an edit of one event goes in place
        shutil.copytree(content / "events" / "e1", content / "events" / f"e{number}")
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    nas = mounted(output / "events" / "e1")
    (nas / "index.html").write_text("NAS copy", encoding="utf-8")
    before = tree(output)
    event = content / "events" / "e1" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("甲馆", "乙馆"), encoding="utf-8")
    done = run("build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "output/events/e1 is a mount point" in done.stderr, done.stderr
    assert tree(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]



def in_namespace(mounts: list[tuple[Path, Path]], *args: str, cwd: Path,
                 script: str | None = None) -> subprocess.CompletedProcess[str]:
    """paibang run in a mount namespace of its own (unshare -m) where each (source, point) is
    bind-mounted first: nothing of it is seen, nor left, outside. Skipped where not permitted.
    `script`: Python run instead of the command line's module (paibang with a part replaced)."""
    binds = "; ".join(f"mount --bind '{source}' '{point}'" for source, point in mounts)
    program = ["-c", script] if script is not None else ["-m", "generator.cli"]
    command = " ".join(f"'{part}'" for part in [sys.executable, *program, *args])
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount --make-rprivate /"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("unshare -m is not permitted here")
    env = os.environ | {"PAIBANG_CACHE": str(cwd / "cache" / "pdf")}
    return subprocess.run(["unshare", "-m", "sh", "-c", f"mount --make-rprivate / && {binds} && exec {command}"],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def built_with_a_folder_of_the_users(tmp_path: Path) -> tuple[Path, Path, dict[str, bytes], dict[str, bytes]]:
    """A small site built, and a folder of the user's (a copy of its events with a note of their
    own) to bind over output/events: output/, that folder, and both trees as they are."""
    small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    mine = tmp_path / "mine"
    shutil.copytree(output / "events", mine)
    (mine / "notes.txt").write_text("the user's", encoding="utf-8")
    return output, mine, tree(output), tree(mine)


def test_clean_refuses_a_bind_mount_from_the_same_filesystem_and_removes_nothing(tmp_path: Path) -> None:
    """rev49: a folder of the user's bound over output/events (same filesystem, same st_dev)
    went unseen: clean deleted the user's files through it. A file bound over a page of the site
    was said removed though it was still there. Both refused by name, nothing removed."""
    output, mine, before, kept = built_with_a_folder_of_the_users(tmp_path)
    done = in_namespace([(mine, output / "events")], "clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "output/events is a mount point" in done.stderr, done.stderr
    assert tree(mine) == kept and tree(output) == before
    other = tmp_path / "other.txt"
    other.write_text("another file", encoding="utf-8")
    done = in_namespace([(other, output / "index.html")], "clean", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "output/index.html is a mount point" in done.stderr, done.stderr
    assert other.read_text(encoding="utf-8") == "another file" and tree(output) == before


def test_a_build_refuses_a_bind_mount_from_the_same_filesystem_and_moves_nothing(tmp_path: Path) -> None:
    """rev49: with a folder of the user's bound over output/events, a whole new site emptied the
    user's folder and moved the user's file into the new site; an in-place rebuild went through it
    too. Refused by name, nothing changed, in the folder or in output/."""
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    mine = tmp_path / "mine"
    shutil.copytree(output / "events", mine)
    (mine / "mine.txt").write_text("the user's", encoding="utf-8")
    before, kept = tree(output), tree(mine)
    event = content / "events" / "e1" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("甲馆", "乙馆"), encoding="utf-8")
    done = in_namespace([(mine, output / "events")], "build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "output/events is a mount point" in done.stderr, done.stderr
    (content / "site.yaml").write_text(SITE.replace("测试站", "新站名"), encoding="utf-8")  # a whole new site
    done = in_namespace([(mine, output / "events")], "build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "output/events is a mount point" in done.stderr, done.stderr
    assert tree(mine) == kept and tree(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "mine", "output"]
    bound = tmp_path / "bound"
    bound.mkdir()
    done = in_namespace([(bound, output)], "build", "--content", "content", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 2 and "is a mount point" in done.stderr and "--output" in done.stderr, done.stderr
    assert list(bound.iterdir()) == []
