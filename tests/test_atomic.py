"""Reproducible and atomic builds: the same content gives the same bytes, and a build killed at
any point leaves the previous output/ exactly as it was.

The builds here are real `paibang build` processes over a copy of the demo content, each with a
fresh, empty PDF cache (so that every PDF is printed and the builds have something to be killed
in), killed with SIGKILL after 0.2 s, 0.5 s, 1 s and while printing. The next build must
succeed, tidy up what the killed ones left, and write a site byte-identical to the first —
though it runs under another PYTHONHASHSEED, with another cache, into an output/ that was there.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.render.output import (MARKER, OutputTree, mark_leftover, marker_text, recover_leftovers, staging_dir,
                                     swap_into_place)
from tests.support import site_bytes

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "content"
# The demo events of the games committed so far (one each, 80分 both forms).
EVENTS = ["dongke-bridge-2015", "tumu-guandan-2020", "chem-park-daguai-2016", "hefei-80fen-teams-2012",
          "hefei-80fen-pairs-2012"]


def tree_digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(site_bytes(p)).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(output: Path) -> list[str]:
    return sorted(p.name for p in output.parent.iterdir() if p.name.startswith(f"{output.name}."))


def start_build(content: Path, output: Path, cache: Path, seed: str) -> subprocess.Popen:
    env = os.environ | {"PAIBANG_CACHE": str(cache), "PYTHONHASHSEED": seed}
    return subprocess.Popen([sys.executable, "-m", "generator.cli", "build", "--content", str(content),
                             "--output", str(output)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def kill(process: subprocess.Popen) -> None:
    """SIGKILL the build and the PDF printers it forked (its own process group)."""
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """A copy of the demo content and a first build of it into output/ (its digest)."""
    tmp = tmp_path_factory.mktemp("atomic")
    content = tmp / "content"
    shutil.copytree(DEMO, content, ignore=shutil.ignore_patterns("events"))
    for slug in EVENTS:
        shutil.copytree(DEMO / "events" / slug, content / "events" / slug)
    output = tmp / "output"
    first = start_build(content, output, tmp / "cache-first" / "pdf", seed="1")
    out, err = first.communicate(timeout=900)
    assert first.returncode == 0, err.decode()
    return content, output, tree_digest(output)


@pytest.mark.slow
@pytest.mark.parametrize("when", [0.2, 0.5, 1.0, "printing"])
def test_killed_build_leaves_the_previous_output_untouched(demo: tuple[Path, Path, dict[str, str]], when: object,
                                                           tmp_path: Path) -> None:
    content, output, before = demo
    site = content / "site.yaml"
    original = site.read_text(encoding="utf-8")
    site.write_text(original.replace("title: ", "title: 新"), encoding="utf-8")  # every page would change
    try:
        process = start_build(content, output, tmp_path / "cache" / "pdf", seed="0")
        if when == "printing":  # the staging folder is there and the first PDFs are being printed
            deadline = time.monotonic() + 120
            while not any(name.startswith("output.tmp-") for name in leftovers(output)):
                assert process.poll() is None and time.monotonic() < deadline, "the build ended before printing"
                time.sleep(0.05)
            time.sleep(1.0)
        else:
            time.sleep(float(when))  # type: ignore[arg-type]
        assert process.poll() is None, "the build ended before it could be killed"
        kill(process)
    finally:
        site.write_text(original, encoding="utf-8")
    assert process.returncode == -signal.SIGKILL
    assert tree_digest(output) == before
    assert not [name for name in leftovers(output) if name.startswith("output.old-")]


@pytest.mark.slow
def test_next_build_tidies_up_and_writes_the_same_bytes(demo: tuple[Path, Path, dict[str, str]], tmp_path: Path) -> None:
    """After the killed builds (their staging folders may be left): another hash seed, another
    cache, the same content: it succeeds, nothing is left beside output/, every byte the same."""
    content, output, before = demo
    stale = output.parent / "output.tmp-999999999"  # a build killed long ago, its process gone
    (stale / "events").mkdir(parents=True, exist_ok=True)
    mark_leftover(stale)  # written first of all by every build
    (stale / MARKER).write_text(marker_text(output))
    process = start_build(content, output, tmp_path / "cache" / "pdf", seed="2")
    out, err = process.communicate(timeout=900)
    assert process.returncode == 0, err.decode()
    assert leftovers(output) == []
    assert tree_digest(output) == before


@pytest.mark.slow
def test_two_fresh_builds_elsewhere_are_byte_identical(demo: tuple[Path, Path, dict[str, str]], tmp_path: Path) -> None:
    """Reproducible wherever it runs: content copied to another folder, output elsewhere, no cache."""
    content, _, before = demo
    moved = tmp_path / "elsewhere" / "site-content"
    shutil.copytree(content, moved)
    output = tmp_path / "published"
    process = start_build(moved, output, tmp_path / "cache" / "pdf", seed="3")
    out, err = process.communicate(timeout=900)
    assert process.returncode == 0, err.decode()
    assert tree_digest(output) == before


# --- the swap itself -----------------------------------------------------------------------------


def finished_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def site(folder: Path, text: str) -> None:
    """A site as a build writes it: with paibang's marker (the only kind of folder it replaces);
    beside output/, the marker of a leftover made there by a build (the only kind it removes)."""
    OutputTree(folder).write_text("index.html", text)
    OutputTree(folder).write_text(MARKER, marker_text(folder.parent / "output"))
    if folder.name != "output":
        mark_leftover(folder)


def test_swap_replaces_output_in_one_step(tmp_path: Path) -> None:
    output = tmp_path / "output"
    site(output, "old")
    staging = staging_dir(output)
    site(staging, "new")
    swap_into_place(staging, output)
    assert (output / "index.html").read_text() == "new" and leftovers(output) == []


def test_swap_without_exchange_still_ends_with_the_new_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("generator.render.output._exchange", lambda a, b: False)
    output = tmp_path / "output"
    site(output, "old")
    staging = staging_dir(output)
    site(staging, "new")
    swap_into_place(staging, output)
    assert (output / "index.html").read_text() == "new" and leftovers(output) == []


def test_a_site_left_between_the_two_renames_is_put_back(tmp_path: Path) -> None:
    """Killed after output/ became output.old-<pid> and before the new site took its place."""
    output = tmp_path / "output"
    pid = finished_pid()
    site(tmp_path / f"output.old-{pid}", "previous")
    site(tmp_path / f"output.tmp-{pid}", "new, complete or not")
    recover_leftovers(output)
    assert (output / "index.html").read_text() == "previous" and leftovers(output) == []


def test_folders_of_a_running_build_are_left_alone(tmp_path: Path) -> None:
    output = tmp_path / "output"
    site(output, "current")
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as running:
        try:
            site(tmp_path / f"output.tmp-{running.pid}", "being written")
            site(tmp_path / f"output.tmp-{finished_pid()}", "abandoned")
            staging = staging_dir(output)
            assert leftovers(output) == sorted([f"output.tmp-{running.pid}", staging.name])
        finally:
            running.kill()
    shutil.rmtree(staging)



def test_a_build_starting_beside_another_mid_swap_leaves_it_the_marker_to_come_back_by(tmp_path: Path) -> None:
    """serve and the desk may build the same output/. Build A marks the site for where it moves
    it aside (mark_leftover: output.tmp-A, output.old-A); build B, starting then, took that
    marker away from the site (recover_leftovers' last step); A moved the site to output.old-A
    and was killed: the next build found output.old-A not paibang's, and the site was never put
    back. B leaves the marker while another build's folders lie beside output/."""
    output = tmp_path / "output"
    site(output, "current")
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as running:
        try:
            staging = tmp_path / f"output.tmp-{running.pid}"
            site(staging, "A's new site")
            mark_leftover(output, staging, tmp_path / f"output.old-{running.pid}")  # A, about to swap
            shutil.rmtree(staging_dir(output))  # B starts (and its staging folder is of no matter here)
            os.replace(output, tmp_path / f"output.old-{running.pid}")  # A moves the site aside...
        finally:
            running.kill()  # ...and is killed
    recover_leftovers(output)  # the next build
    assert (output / "index.html").read_text() == "current" and leftovers(output) == []



def test_an_old_site_not_removed_whole_keeps_its_marker_for_the_next_build(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A removal that failed part-way (a file in use, EBUSY; no permission) still took away the
    folder's leftover marker: what was left of the old site was then no folder of paibang's to
    every later build, left beside output/ for good. The marker goes only with the rest."""
    import errno

    output = tmp_path / "output"
    site(output, "current")
    old = tmp_path / f"output.old-{finished_pid()}"
    site(old, "previous")
    (old / "busy.html").write_text("in use", encoding="utf-8")
    unlink = os.unlink

    def busy(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        if os.path.basename(os.fsdecode(path)) == "busy.html":
            raise OSError(errno.EBUSY, "Device or resource busy", os.fsdecode(path))
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", busy)
    recover_leftovers(output)
    assert sorted(p.name for p in old.iterdir()) == [".paibang-leftover", "busy.html"]
    monkeypatch.setattr(os, "unlink", unlink)  # no longer in use
    recover_leftovers(output)
    assert (output / "index.html").read_text() == "current" and leftovers(output) == []


# --- a first build that does not finish ----------------------------------------------------------


@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError])
def test_a_first_build_that_does_not_finish_leaves_no_folder_it_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     failure: type[BaseException]) -> None:
    """`--output new/site/output`, no site there yet, the build interrupted (Ctrl-C) or failing
    as it prints: before, new/site/ stayed behind, empty (made for the staging folder). Now
    nothing it made is left; a folder that was there already stays."""
    from generator.build import build
    from generator.render import pdf

    def printing(*args: object, **kwargs: object) -> None:
        raise failure()

    monkeypatch.setattr(pdf, "print_pdfs", printing)
    (tmp_path / "there").mkdir()
    for output in (tmp_path / "new" / "site" / "output", tmp_path / "there" / "output"):
        with pytest.raises(failure):
            build(DEMO, output, cache_dir=tmp_path / "cache" / "pdf")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cache", "there"]
    assert list((tmp_path / "there").iterdir()) == []



# --- the two writers: caches cheap, the secretary's files durable (generator/seals.py) ----------


def test_a_build_syncs_nothing_its_caches_are_cheap_to_lose(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build writes hundreds of cache files (PDFs, the incremental record): sealed, so one a
    power cut emptied is seen and rebuilt. A sync each would cost the build: none is made."""
    from support import Synced, demo_content

    from generator.build import build
    from generator.render import pdf

    content = demo_content(tmp_path, "tumu-guandan-2020")
    monkeypatch.setattr(pdf, "_print", lambda html: b"%PDF-1.7 stub\n")
    synced = Synced(monkeypatch)
    build(content, tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf")
    assert list((tmp_path / "cache" / "pdf").glob("*.pdf"))  # the caches were written ...
    assert synced.order == []  # ... and nothing synced


def test_a_durable_write_that_fails_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk full as it writes, or the sync failing (a disk error): the file is the old one,
    whole, nothing is left beside it, and the error is the caller's to say."""
    from support import DiskFills

    from generator import seals

    path = tmp_path / "round-1.yaml"
    path.write_text("the secretary's\n", encoding="utf-8")
    with monkeypatch.context() as patched:
        patched.setattr(seals, "open", DiskFills, raising=False)
        with pytest.raises(OSError, match="No space left"):
            seals.write_durably(path, b"new")

    def fails(descriptor: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fails)
    with pytest.raises(OSError, match="Input/output"):
        seals.write_durably(path, b"new")
    assert path.read_text(encoding="utf-8") == "the secretary's\n"
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("hard_links", [True, False])  # False: a FAT USB stick
def test_a_new_file_written_durably_is_never_written_over_one_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hard_links: bool) -> None:
    from support import Synced

    from generator import seals

    if not hard_links:
        def no_link(source: object, target: object) -> None:
            raise PermissionError(1, "Operation not permitted")

        monkeypatch.setattr(os, "link", no_link)
    synced = Synced(monkeypatch)
    path = tmp_path / "new" / "round-1.yaml"
    seals.write_durably(path, b"drawn\n", replace=False)
    assert path.read_bytes() == b"drawn\n" and synced.durably(path) and tmp_path / "new" in synced
    with pytest.raises(FileExistsError):
        seals.write_durably(path, b"drawn again\n", replace=False)
    assert path.read_bytes() == b"drawn\n" and list(path.parent.iterdir()) == [path]


def test_a_durable_write_keeps_the_mode_it_is_given_whatever_the_umask(tmp_path: Path) -> None:
    from generator import seals

    before = os.umask(0o077)
    try:
        seals.write_durably(tmp_path / "results.yaml", b"x", mode=0o644)
    finally:
        os.umask(before)
    seals.write_durably(tmp_path / "tokens.json", b"x", mode=0o600)
    assert stat.S_IMODE((tmp_path / "results.yaml").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "tokens.json").stat().st_mode) == 0o600


def test_a_folder_that_cannot_be_read_still_gets_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder one may write in but not read (mode 0300) cannot be opened to be synced: the file
    is written all the same, and no error says otherwise (else `pair` would say it failed, then
    refuse the file it wrote). Opening it is refused here as it is to a user who is not root."""
    from generator import seals

    real = os.open

    def unreadable(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & os.O_DIRECTORY:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", unreadable)
    seals.write_durably(tmp_path / "round-1.yaml", b"drawn\n", replace=False)
    assert (tmp_path / "round-1.yaml").read_bytes() == b"drawn\n"


# --- a build killed between its two renames, then clean -----------------------------------------------

KILLED_BETWEEN_RENAMES = """\
import os, signal, sys
from pathlib import Path
from generator.build import build
from generator.render import output as written

written._exchange = lambda a, b: False  # a system without the one-step swap
replace = os.replace

def dying(source, target):
    if Path(target).name == "output" and ".tmp-" in Path(source).name:
        os.kill(os.getpid(), signal.SIGKILL)  # between output -> output.old-<pid> and the new site
    return replace(source, target)

os.replace = dying
build(Path(sys.argv[1]), Path(sys.argv[2]), cache_dir=Path(sys.argv[3]), bulletins=False)
"""


def test_clean_after_a_build_killed_between_its_renames_puts_the_old_site_back(tmp_path: Path) -> None:
    """Review: without renameat2, a build killed after output/ became output.old-<pid> left no
    output/, and clean removed output.old-<pid>, the old site with the user's CNAME in it. clean
    puts it back first, as a build would, and never removes the user's files."""
    from tests.test_never_destroy import SITE, run, small_site

    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    (content / "site.yaml").write_text(SITE.replace("\u6d4b\u8bd5\u7ad9", "new title"), encoding="utf-8")
    # (a site of paibang's files alone: one with the user's own files in it is rebuilt in place under
    # a journal since h-safe2, never renamed aside; the swap's kill is this one's)
    killed = subprocess.run([sys.executable, "-c", KILLED_BETWEEN_RENAMES, str(content), str(output),
                             str(tmp_path / "cache" / "pdf")], cwd=ROOT, capture_output=True, text=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    aside = [name for name in leftovers(output) if ".old-" in name]
    assert not output.exists() and aside  # the kill as reviewed
    (tmp_path / aside[0] / "CNAME").write_bytes(b"results.example.org\n")  # the user's, in the old site
    done = run("clean", "--lang", "en", cwd=tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    assert (output / "CNAME").read_bytes() == b"results.example.org\n"
    assert not [name for name in leftovers(output) if ".old-" in name]
    # and the next build puts the new site in place, the CNAME with it
    assert run("build", "--content", "content", cwd=tmp_path).returncode == 0
    assert "new title" in (output / "index.html").read_text(encoding="utf-8")
    assert (output / "CNAME").read_bytes() == b"results.example.org\n" and leftovers(output) == []


# --- the workers of a build killed outright ----------------------------------------------------------

POOL_KILLED = """\
import os, signal, sys
from generator.forking import forked_pool

pool = forked_pool(2)
pids = set()
while len(pids) < 2:
    pids |= {future.result() for future in [pool.submit(os.getpid) for _ in range(20)]}
print(" ".join(map(str, sorted(pids))), flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # killed outright: the pool is never shut down
"""


def alive(pid: int) -> bool:
    """Whether `pid` is a process still running (not ended, nor a zombie waiting to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat_file:
            return stat_file.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_the_workers_of_a_build_killed_outright_end_with_it() -> None:
    """Review: the render workers of a kill -9'd build lived on for good (16 of them, ~43 MB
    each), each waiting on the pool's queue that it holds open itself."""
    killed = subprocess.run([sys.executable, "-c", POOL_KILLED], cwd=ROOT, capture_output=True, text=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    workers = [int(pid) for pid in killed.stdout.split()]
    assert len(workers) == 2
    for _ in range(1000):  # SIGKILL is sent them as the build ends; each one ends at once
        if not any(alive(pid) for pid in workers):
            break
        time.sleep(0.01)
    assert not any(alive(pid) for pid in workers)
