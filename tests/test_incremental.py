"""Rebuilding only what changed: unchanged events are kept, a changed one is rendered again."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.build import build
from tests.support import digest

ROOT = Path(__file__).resolve().parents[1]
EVENTS = ("dongke-bridge-2015", "chem-park-daguai-2016")


def two_events(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    for slug in EVENTS:
        shutil.copytree(ROOT / "content/events" / slug, content / "events" / slug)
    return content


def test_unchanged_rebuild_renders_no_event_and_gives_the_same_site(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    first = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert first.events_rendered == 2
    again = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert again.events_rendered == 0 and again.pages == first.pages
    fresh = build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert fresh.events_rendered == 2
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")


def test_a_changed_results_file_renders_its_event_only(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
    report = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert report.events_rendered == 1
    page = (tmp_path / "out/events/dongke-bridge-2015/prelim/round-1/index.html").read_text(encoding="utf-8")
    assert 'role="img" aria-label="黑桃">♠</span>' in page.split('id="table-1"')[1].split("</tr>")[1]
    fresh = build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert fresh.events_rendered == 2
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")


def test_a_template_change_renders_everything(tmp_path: Path, monkeypatch) -> None:
    from generator.render import incremental

    content = two_events(tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    monkeypatch.setattr(incremental, "code_digest", lambda: "another version of the templates")
    assert build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False).events_rendered == 2


def test_the_codes_digest_is_kept_by_its_files_stats_and_believed_only_sealed(tmp_path: Path, monkeypatch) -> None:
    """A build keeps code_digest (the package's and templates' 4 MB, read and hashed) in its cache
    folder by the files' stats: the next build takes it from there; a template saved is hashed
    again; a file someone else wrote there (not sealed with the user's key), or one whose digest
    is no digest, is not believed."""
    import json

    from generator import caches
    from generator.render import incremental

    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(incremental, "TEMPLATES", templates)
    monkeypatch.setattr(incremental, "RACY_NS", 0)  # (the copy is new: its stats are trusted at once)
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setattr(incremental, "_CODE_KEPT_IN", [cache])
    made = incremental._code_digest_made
    hashed: list[str] = []
    monkeypatch.setattr(incremental, "_code_digest_made", lambda: hashed.append("hashed") or made())

    def digest_now() -> str:
        incremental.code_digest.cache_clear()  # (as a new build's process)
        return incremental.code_digest()

    try:
        first = digest_now()
        assert (first, hashed) == (made(), ["hashed"])
        assert (digest_now(), hashed) == (first, ["hashed"])  # taken from the cache folder
        kept = cache / incremental.CODE_DIGEST_FILE
        stats = json.loads(caches.unseal(kept.read_bytes()))["stats"]
        for planted in (json.dumps({"stats": stats, "digest": "0" * 64}).encode(),
                        caches.seal(json.dumps({"stats": stats, "digest": "import os"}).encode())):
            kept.write_bytes(planted)
            assert digest_now() == first and len(hashed) == 2
            hashed.pop()
        base = templates / "base.html"
        base.write_text(base.read_text(encoding="utf-8") + "<!-- saved -->", encoding="utf-8")
        assert digest_now() not in (first, None) and len(hashed) == 2  # saved: hashed again
        incremental.keep_code_digest_in(None)  # a build without a cache of its own: hashed every time
        digest_now()
        assert len(hashed) == 3
    finally:
        incremental.code_digest.cache_clear()  # (of the copy: the next test's is the package's)


def test_unchanged_events_are_not_read_again(tmp_path: Path, monkeypatch) -> None:
    import generator.content.load as loading

    content = two_events(tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    read = []
    original = loading.load_event
    monkeypatch.setattr(loading, "load_event", lambda folder, *rest: read.append(folder.name) or original(folder, *rest))
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8") + "\n# 复核完毕\n", encoding="utf-8")
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert read == ["dongke-bridge-2015"]


def test_a_broken_event_is_never_served_from_the_cache(tmp_path: Path) -> None:
    import pytest

    from generator.errors import ContentErrors

    content = two_events(tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    good = prelim.read_text(encoding="utf-8")
    prelim.write_text(good.replace("1: 4H N =", "1: 4H N =+", 1), encoding="utf-8")
    for _ in range(2):  # the second time too: errors are not cached away
        with pytest.raises(ContentErrors):
            build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)


def test_nothing_changed_leaves_output_alone_and_repeats_the_report(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    out = tmp_path / "out"
    first = build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False)
    before = {p: p.stat().st_ino for p in out.rglob("*")}
    again = build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert again.up_to_date and not first.up_to_date
    assert (again.pages, again.pdfs, again.events) == (first.pages, first.pdfs, 2)
    assert [(w.code, w.mark.line) for w in again.warnings] == [(w.code, w.mark.line) for w in first.warnings]
    assert {p: p.stat().st_ino for p in out.rglob("*")} == before  # not one file written again


def test_nothing_changed_repeats_the_warnings_kept_beside_the_record(tmp_path: Path) -> None:
    """The last build's warnings are kept in a file beside its record (render/incremental.py),
    read only by a build that finds nothing changed, which repeats them."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events/tongxin-guandan-2025", content / "events/tongxin-guandan-2025")
    event = content / "events/tongxin-guandan-2025/event.yaml"  # a movement on a Swiss stage: a warning
    event.write_text(event.read_text(encoding="utf-8").replace("    format: swiss\n", "    format: swiss\n    movement: mitchell\n", 1),
                     encoding="utf-8")
    first = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    again = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert first.warnings and again.up_to_date
    assert [(w.code, w.mark.file, w.mark.line) for w in again.warnings] == [
        (w.code, w.mark.file, w.mark.line) for w in first.warnings]
    beside = sorted(p.name.rsplit("-", 1)[0] for p in (tmp_path / "cache").glob("site-*.record.*"))
    assert any(name.endswith(".warnings") for name in beside), beside


def test_a_damaged_output_or_any_content_change_builds_again(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    out = tmp_path / "out"
    build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False)
    page = out / "events/dongke-bridge-2015/index.html"
    good = page.read_text(encoding="utf-8")
    page.unlink()
    report = build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert not report.up_to_date and page.read_text(encoding="utf-8") == good
    page.write_text("edited by hand", encoding="utf-8")
    assert not build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False).up_to_date
    assert page.read_text(encoding="utf-8") == good
    notice = content / "events/dongke-bridge-2015/notice.md"
    notice.write_text(notice.read_text(encoding="utf-8") + "\n补充通知：决赛改在二楼。\n", encoding="utf-8")
    assert not build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False).up_to_date
    assert "决赛改在二楼" in page.read_text(encoding="utf-8")
    assert build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False).up_to_date
    assert not build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=True).up_to_date  # options count


def test_a_changed_results_file_keeps_the_pages_of_players_not_in_its_event(tmp_path: Path) -> None:
    content = two_events(tmp_path)
    out = tmp_path / "out"
    build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False)

    def player_pages() -> dict[str, tuple[int, str]]:
        return {p.parent.name: (p.stat().st_ino, p.read_text(encoding="utf-8"))
                for p in (out / "players").glob("*/index.html")}

    before = player_pages()
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    # 4S= scores as 4H= did: no one moves, and no player's page is rendered again.
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
    assert build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False).events_rendered == 1
    after = player_pages()
    assert {k for k in before if after[k][0] == before[k][0]} == set(after)  # the same files, linked
    # 7NT= for A26 in the final (3NT-3 before) moves pairs: the pages of the event's players are
    # rendered again, the others kept.
    final = content / "events/dongke-bridge-2015/results/final.yaml"
    final.write_text(final.read_text(encoding="utf-8").replace("1: 3NT S -3", "1: 7NT S =", 1), encoding="utf-8")
    assert build(content, out, cache_dir=tmp_path / "cache/pdf", bulletins=False).events_rendered == 1
    again = player_pages()
    kept = {k for k in after if again[k][0] == after[k][0]}
    bridge = {k for k, (_, text) in again.items() if "dongke-bridge-2015" in text}
    assert kept and bridge and kept == set(again) - bridge  # exactly those not in the changed event
    fresh = build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert fresh.events_rendered == 2 and digest(out) == digest(tmp_path / "fresh")


def test_build_inputs_reads_each_event_folder_once_and_sees_every_change(tmp_path: Path) -> None:
    from generator.render import incremental

    content = two_events(tmp_path)
    with incremental.one_reading():
        before = incremental.build_inputs(content, False)
        kept = dict(incremental._READ)
    # Each event folder's digest, made while walking content/, is the one folder_digest makes.
    assert sorted(f.name for f in kept) == sorted(EVENTS)
    assert all(kept[f].hex() == incremental.folder_digest(f) for f in kept)
    changes = [
        lambda: (content / "events/dongke-bridge-2015/results/prelim.yaml").write_text("x", encoding="utf-8"),
        lambda: (content / "events/new-event").mkdir(),  # an empty event folder is an error to report
        lambda: (content / "site.yaml").write_text("title: x\n", encoding="utf-8"),
    ]
    seen = {before}
    for change in changes:
        change()
        with incremental.one_reading():
            seen.add(incremental.build_inputs(content, False))
    assert len(seen) == 1 + len(changes)
    assert incremental.build_inputs(content, True) not in seen  # other options


def test_nothing_changed_loads_no_reader_or_renderer(tmp_path: Path) -> None:
    """`make site` again with nothing changed is a quick check, like make's: a fresh process
    finds it up to date without importing what reads, scores or renders."""
    import subprocess
    import sys

    content = two_events(tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    check = (
        "import sys; from pathlib import Path; from generator.build import build; "
        f"report = build(Path({str(content)!r}), Path({str(tmp_path / 'out')!r}), "
        f"cache_dir=Path({str(tmp_path / 'cache/pdf')!r}), bulletins=False); "
        "heavy = ['jinja2', 'weasyprint', 'yaml', 'generator.content.load', 'generator.games', 'generator.render.html']; "
        "print(report.up_to_date, report.locale, [m for m in heavy if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split(maxsplit=2) == ["True", "zh-Hans", "[]\n"]


def test_an_event_added_renders_that_event_and_those_whose_players_it_joins(tmp_path: Path) -> None:
    """An event's pages take nothing from the other events but who their names link to: adding
    an event renders it alone, unless its players change who someone elsewhere is (a player with
    an id joins the namesake without one in the same group, players.py rule 3)."""
    content = two_events(tmp_path)
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    shutil.copytree(ROOT / "content/events/hefei-80fen-pairs-2012", content / "events/hefei-80fen-pairs-2012")
    report = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert report.events_rendered == 1
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")

    again = content / "events/dongke-bridge-2016"
    shutil.copytree(content / "events/dongke-bridge-2015", again)
    event = again / "event.yaml"
    text = event.read_text(encoding="utf-8")
    assert "      - 李思雨\n" in text
    event.write_text(text.replace("      - 李思雨\n", "      - {name: 李思雨, id: S0001}\n", 1), encoding="utf-8")
    report = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert report.events_rendered == 2  # the new one, and dongke-bridge-2015, whose 李思雨 is now S0001
    shutil.rmtree(tmp_path / "fresh")
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")
    page = (tmp_path / "out/events/dongke-bridge-2015/index.html").read_text(encoding="utf-8")
    player = (tmp_path / "out/events/dongke-bridge-2016/index.html").read_text(encoding="utf-8")
    link = lambda html: html.split(">李思雨<")[0].rsplit('href="', 1)[1]  # noqa: E731
    assert link(page) == link(player)  # one person, one page


def test_a_kept_sealed_file_is_taken_only_while_it_is_the_file_kept(tmp_path: Path) -> None:
    """serve's memory of a sealed file (caches.SealedFiles) holds while the file is the one this
    process wrote or read: one put over it by another build is read anew, though it has the
    same size and modification time (another file: another inode), and so is one written into
    in place (its modification time)."""
    import os
    import pickle

    from generator import caches

    files, path = caches.SealedFiles(), tmp_path / "ledger.lines"
    files.wrote(path, caches.write_sealed(path, pickle.dumps("first")), "kept")
    assert files.read(path) == "kept"  # as written by this process: not read back
    written = os.stat(path)
    caches.write_sealed(path, pickle.dumps("other"))  # another build's, renamed over it
    os.utime(path, ns=(written.st_atime_ns, written.st_mtime_ns))
    assert os.stat(path).st_size == written.st_size
    assert files.read(path) == "other"
    size, inode = path.stat().st_size, path.stat().st_ino
    with open(path, "r+b") as handle:  # written into in place, a second later: its size and inode kept
        handle.write(caches.seal(pickle.dumps("again")))
    os.utime(path, ns=(written.st_atime_ns, written.st_mtime_ns + 1_000_000_000))
    assert (path.stat().st_size, path.stat().st_ino) == (size, inode)
    assert files.read(path) == "again"
    path.unlink()
    files.sweep()  # gone: forgotten
    with pytest.raises(FileNotFoundError):
        files.read(path)


def test_an_event_read_by_the_build_itself_is_kept_in_the_event_cache_while_its_pages_render(
        tmp_path: Path, monkeypatch) -> None:
    """A lone event (a mass event) is read and scored in the build's own process: it is pickled
    into the event cache once the render workers have started, not before (the other core idle),
    and the next build takes it from there."""
    from generator import caches
    from generator.render import html

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events" / EVENTS[1], content / "events" / EVENTS[1])
    order: list[str] = []
    write_sealed, rendering = caches.write_sealed, html._Rendering.__init__

    def noted_write(path: Path, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if path.name.endswith(".sealed") and not path.name.startswith("ledger"):
            order.append(f"kept {path.name.partition('.')[2]}")
        return write_sealed(path, *args, **kwargs)

    def noted_rendering(self, *args, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        order.append("rendering")
        rendering(self, *args, **kwargs)

    monkeypatch.setattr(caches, "write_sealed", noted_write)
    monkeypatch.setattr(html._Rendering, "__init__", noted_rendering)
    first = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert order == ["rendering", "kept sealed", "kept summary.sealed"]
    shutil.rmtree(tmp_path / "out")  # output/ gone: the site rendered again
    order.clear()
    again = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert order == ["rendering"]  # the event read from the event cache: nothing kept anew
    assert again.pages == first.pages


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_process_forked_for_a_share_of_the_build_ends_with_a_build_killed_outright(tmp_path: Path) -> None:
    """A build killed by SIGKILL (the out-of-memory killer) never reaches the `finally` that ends
    the process it forked (with_a_child: the search index of a large site, which writes into the
    output): that process must not go on writing after its build."""
    marker = tmp_path / "written-after-the-build"
    script = f"""
import os, signal, sys, time
sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
from generator.render.incremental import with_a_child

def theirs():
    time.sleep(1.0)
    open({str(marker)!r}, "w").close()

def mine():
    os.kill(os.getpid(), signal.SIGKILL)

with_a_child(theirs, mine)
"""
    ended = subprocess.run([sys.executable, "-c", script], timeout=30)
    assert ended.returncode == -signal.SIGKILL
    time.sleep(2.0)  # the forked process's work would be done by now
    assert not marker.exists()



def test_a_rebuild_of_an_event_in_its_own_language_beside_one_reused(tmp_path: Path) -> None:
    # rev111 D1: an event in a language of its own (`locale: en` on a zh-Hans site) changed, the
    # last event in order reused: render_site's loop took the name of its parameter `kept` (the
    # environments a serve keeps), and the event's environment, made after the loop, was handed
    # the reused event's pages: AttributeError: 'RecordedPages' object has no attribute 'get'.
    # (The demo's eight events: the loop's last name is that of the last person's page, reused
    # here; with fewer events it can be a page rendered again, None, which hid the defect.)
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns(".*"))
    event = content / "events/tumu-guandan-2020/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("\ngame: guandan\n", "\ngame: guandan\nlocale: en\n", 1),
                     encoding="utf-8")
    build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    results = content / "events/tumu-guandan-2020/results/round-1.yaml"
    text = results.read_text(encoding="utf-8")
    results.write_text(text.replace("deals: [", "deals: [T45 foul, ", 1), encoding="utf-8")
    again = build(content, tmp_path / "out", cache_dir=tmp_path / "cache/pdf", bulletins=False)
    assert again.events_rendered == 1
    build(content, tmp_path / "fresh", cache_dir=tmp_path / "other/pdf", bulletins=False)
    assert digest(tmp_path / "out") == digest(tmp_path / "fresh")
