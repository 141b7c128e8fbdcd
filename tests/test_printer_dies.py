"""A printing process that dies mid-print (killed by the kernel's out-of-memory killer, a crash
in a C library) ends the build at once: one line in the site's language saying what died and
what to do, exit 1, output/ as it was, no process left behind. It never hangs.

Each run is a process of its own, in a session of its own, under a time limit: a regression
fails here (the session killed whole) rather than hanging the test run."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator import catalogues
from generator.build import build
from generator.errors import CouldNotFinish
from tests.test_rebuild_in_place import digest

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 60  # seconds: a printing run here takes a few

# Run in the process under test: the printing processes print stubs and write their pids to
# PIDS; the first one to print a document of its own (not the caller, which never dies) holding
# DIE_ON is killed by signal SIG`HOW` (SIGKILL: as the kernel's out-of-memory killer kills), or,
# HOW being "MemoryError", finds no memory left for it (WeasyPrint's MemoryError).
DYING = """
import multiprocessing, os, signal, sys
from pathlib import Path
from generator.render import pdf

PIDS = Path(os.environ["PIDS"])

def blank_page():
    # (a PDF a cache read gives back only when it reads as one: render/pdf.py's readable_pdf)
    import io, pypdf
    writer, written = pypdf.PdfWriter(), io.BytesIO()
    writer.add_blank_page(10, 10)
    writer.write(written)
    return written.getvalue()

STUB = blank_page()

def dying(html):
    with open(PIDS, "a") as pids:
        pids.write(f"{os.getpid()}\\n")
    if multiprocessing.parent_process() is not None and DIE_ON in html:
        try:
            os.close(os.open(PIDS.with_suffix(".killed"), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            if HOW == "MemoryError":
                raise MemoryError
            os.kill(os.getpid(), getattr(signal, "SIG" + HOW))
    return STUB

pdf._print = dying
printing = pdf.print_pdfs
pdf.print_pdfs = (lambda jobs, cache_dir, workers=None, done=None, **said:
                  printing(jobs, cache_dir, 2, done, **said))  # a pool of 2
"""


def dying_script(how: str, die_on: str = "") -> str:
    """DYING, its printing process killed by signal SIG`how` on the first document holding `die_on`."""
    return f"HOW = {how!r}\nDIE_ON = {die_on!r}\n" + DYING


CHILDREN = """
def children():
    # Processes whose parent is this one, zombies included: a worker left behind, or not reaped.
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found
"""


def said(key: str, locale: str, output: object = "output", left: str = "printer_left_site",
         what: str = "printing_bulletins", **params: object) -> str:
    """The line a CouldNotFinish of `key` says, of `output` left as it was (`left`: a site, by
    default; `paibang print`'s folder)."""
    return CouldNotFinish(key, what=catalogues.word(what), **params).text(locale, output=output, left=left)


def run(tmp_path: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`script` run by Python in a session of its own, killed whole if it outlives LIMIT."""
    process = subprocess.Popen([sys.executable, "-c", script, *args], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT), "PIDS": str(tmp_path / "pids"),
                                    "PAIBANG_CACHE": str(tmp_path / "cache" / "pdf")})
    try:
        out, err = process.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # its printing processes with it
        out, err = process.communicate()
        pytest.fail(f"still running after {LIMIT} s: a printing process died and the caller waits for ever\n{err}",
                    pytrace=False)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def printers(tmp_path: Path) -> set[int]:
    return {int(line) for line in (tmp_path / "pids").read_text().split()}


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def ended(pid: int) -> bool:
    """Gone, or a zombie: an orphan's end, which an init that does not reap (a container's) never clears."""
    try:
        return gone(pid) or Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="lists processes through /proc")
def test_a_printing_process_killed_ends_print_pdfs_saying_what_died(tmp_path: Path) -> None:
    """One of 2 printing processes killed (SIGKILL) mid-print: print_pdfs raises at once, saying
    so, its other process ended and every one reaped. (multiprocessing.Pool replaced the dead
    one and waited for ever for the document it held.)"""
    script = dying_script("KILL") + CHILDREN + """
jobs = [pdf.PrintJob(f"<p>{n}</p>", f"key{n}") for n in range(12)]
try:
    pdf.print_pdfs(jobs, None)
except Exception as failure:
    print(type(failure).__name__, failure.text("en", output="output") if hasattr(failure, "text") else failure)
print("children", children())
"""
    done = run(tmp_path, script)
    assert done.returncode == 0, done.stderr
    what, left = done.stdout.strip().splitlines()
    # No cache (None): the words do not say the PDFs printed so far are kept in one.
    assert what == "CouldNotFinish " + said("printer_killed_unkept", "en", signal=9, name="SIGKILL")
    assert left == "children []"  # every printing process ended and reaped before print_pdfs raised
    assert (tmp_path / "pids.killed").exists()


def test_a_printing_process_that_crashes_is_said_so(tmp_path: Path) -> None:
    """Another signal than SIGKILL (a fault in a C library): said, with its own fix."""
    script = dying_script("SEGV") + """
try:
    pdf.print_pdfs([pdf.PrintJob(f"<p>{n}</p>", f"key{n}") for n in range(6)], None)
except Exception as failure:
    print(failure.text("zh-Hant", output="output"))
"""
    done = run(tmp_path, script)
    line = said("printer_crashed", "zh-Hant", signal=11, name="SIGSEGV")
    assert done.stdout.strip() == line, done.stderr


def test_what_was_printed_before_a_printing_process_died_is_not_printed_again(tmp_path: Path) -> None:
    """Each PDF goes into the cache as it comes back: run again (other programs closed), the
    build prints only the rest. The shortest document is given out last: the 4 before it were
    back by then (2 processes: one was still printing, at most)."""
    script = dying_script("KILL", die_on="<p>x</p>") + """
jobs = [pdf.PrintJob("<p>" + "x" * (6 - n) + "</p>", f"key{n}") for n in range(6)]
cache = Path("pdfs")
try:
    pdf.print_pdfs(jobs, cache)
except Exception as failure:
    print(type(failure).__name__)
kept = sorted(path.name for path in cache.iterdir())
pdf._print = lambda html: b"%PDF-1.7 again\\n"
printed, count = pdf.print_pdfs(jobs, cache)
print(len(kept), count, "key5.pdf" in kept, all(path.suffix == ".pdf" for path in cache.iterdir()))
"""
    done = run(tmp_path, script)
    assert done.returncode == 0, done.stderr
    failure, kept, count, last, only_pdfs = done.stdout.split()
    assert failure == "CouldNotFinish" and int(kept) >= 4 and int(count) == 6 - int(kept), done.stderr
    assert last == "False" and only_pdfs == "True"


def test_a_failure_in_a_printing_process_reaches_the_caller_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint's own exceptions come back from the printing process, as multiprocessing.Pool
    gave them: the same type and words, where in the printing process in a note."""
    from generator.render import pdf

    def failing(html: str) -> bytes:
        if "2" in html:
            raise ValueError(f"cannot print {html}")
        return html.encode()

    monkeypatch.setattr(pdf, "_print", failing)  # forked with the workers
    with pytest.raises(ValueError, match="cannot print <p>2</p>") as raised:
        pdf.print_pdfs([pdf.PrintJob(f"<p>{n}</p>", f"key{n}") for n in range(5)], None, workers=2)
    assert "in failing" in "".join(raised.value.__notes__)


def test_serve_says_a_killed_printing_process_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.commands.serve import Building
    from generator.errors import CouldNotFinish

    def build(*args: object, **kwargs: object) -> None:
        raise CouldNotFinish("printer_killed", signal=9, name="SIGKILL", what=catalogues.word("printing_bulletins"))

    page = Building(tmp_path, tmp_path / "output", "zh-Hant", build).build_once()
    line = said("printer_killed", "zh-Hant", output=tmp_path / "output", signal=9, name="SIGKILL")
    assert capsys.readouterr().err.strip() == line and str(tmp_path / "output") in line  # the folder serve builds into
    assert page is not None and "SIGKILL" in page


@pytest.mark.parametrize("lang", [None, "en"])
@pytest.mark.parametrize(("how", "key", "params"), [
    ("KILL", "printer_killed", {"signal": 9, "name": "SIGKILL"}),
    # WeasyPrint's MemoryError: before, sent back and raised in the build, a traceback (the
    # printing process's in a note); now said as a process killed for want of memory is.
    ("MemoryError", "printer_no_memory", {}),
])
def test_a_build_whose_printing_process_dies_says_so_and_leaves_output_as_it_was(
        tmp_path: Path, lang: str | None, how: str, key: str, params: dict) -> None:
    """`paibang build` of the demo site, its bulletins printed for the first time by a pool of 2,
    one of which is killed or runs out of memory: one line in the site's language (or --lang's),
    exit 1, no traceback, output/ as the last build left it, no staging folder, and every
    printing process gone."""
    shutil.copytree(ROOT / "content", tmp_path / "content")
    build(tmp_path / "content", tmp_path / "output", cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    before = digest(tmp_path / "output")
    script = dying_script(how) + """
from generator import cli
sys.exit(cli.main(sys.argv[1:]))
"""
    done = run(tmp_path, script, "build", "--content", "content", "--output", "output", *(["--lang", lang] if lang else []))
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == said(key, lang or "zh-Hans", **params)
    assert "Traceback" not in done.stderr
    assert digest(tmp_path / "output") == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cache", "content", "output", "pids", "pids.killed"]
    assert printers(tmp_path) and all(gone(pid) for pid in printers(tmp_path))


def test_a_document_printed_here_out_of_memory_is_said_as_a_printing_processs(monkeypatch: pytest.MonkeyPatch) -> None:
    """One document, or one core: printed in the caller's own process, no pool. Its MemoryError
    is said as a printing process's is, not raised as it is."""
    from generator.render import pdf

    def printing(html: str) -> bytes:
        raise MemoryError

    monkeypatch.setattr(pdf, "_print", printing)
    with pytest.raises(CouldNotFinish) as raised:
        pdf.print_pdfs([pdf.PrintJob("<p>1</p>", "key1")], None, what="printing_pdfs")
    assert raised.value.text("en", output="output") == said("printer_no_memory_unkept", "en", what="printing_pdfs")


@pytest.mark.parametrize(("lang", "words"), [("en", "no PDF was written to forms."),
                                           ("zh-Hans", "未向 forms 写入任何 PDF。"), ("zh-Hant", "未向 forms 寫入任何 PDF。")])
def test_paibang_print_says_the_pdfs_it_printed_are_not_kept(tmp_path: Path, lang: str, words: str) -> None:
    """`paibang print` has no cache and prints a draw notice and forms: its printing process
    killed, it says "the PDFs" (not the bulletins) and that every one is printed again (not
    that they are kept in a cache); and that no PDF was written to the folder it prints into.
    (Before, it said a build's words: "nothing was put in place (forms is unchanged)".)"""
    script = dying_script("KILL") + """
from generator import cli
sys.exit(cli.main(sys.argv[1:]))
"""
    done = run(tmp_path, script, "print", "hefei-80fen-teams-2012", "teams", "--round", "1",
               "--content", str(ROOT / "content"), "--output", "forms", "--lang", lang)
    assert done.returncode == 1, done.stderr
    line = said("printer_killed_unkept", lang, output="forms", left="printer_left_print", signal=9, name="SIGKILL",
                what="printing_pdfs")
    assert done.stderr.strip() == line
    assert words in line and "forms 保持" not in line
    if lang == "en":
        assert "printing the PDFs was killed" in line and "cache" not in line and "bulletins" not in line
        assert "put in place" not in line and "is unchanged" not in line
    assert not (tmp_path / "forms").exists()
    assert printers(tmp_path) and all(gone(pid) for pid in printers(tmp_path))


def test_a_build_with_its_private_spare_cache_says_the_pdfs_are_not_kept(tmp_path: Path) -> None:
    """The cache folder is open to everyone: the build prints into a private one of its own,
    gone with it, so a printing process killed does not say the PDFs are kept in the cache."""
    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "cache").mkdir(mode=0o700)
    (tmp_path / "cache").chmod(0o777)  # anyone's: not used (generator/caches.py)
    script = dying_script("KILL") + """
from generator import cli
sys.exit(cli.main(sys.argv[1:]))
"""
    done = run(tmp_path, script, "build", "--content", "content", "--output", "output", "--lang", "en")
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1] == said("printer_killed_unkept", "en", signal=9, name="SIGKILL")
    assert not list((tmp_path / "cache").iterdir())


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="looks at processes through /proc")
def test_a_printing_process_whose_caller_is_killed_ends_without_a_word(tmp_path: Path) -> None:
    """The caller killed (SIGKILL) with a finished PDF not yet read from a printing process's
    socket: that process's next read fails with ConnectionResetError, not EOF. It ends quietly,
    as the others do, never "Process ForkProcess-2: Traceback …" on the user's terminal."""
    script = dying_script("KILL", die_on="never") + """
import time
def done(n, total):
    time.sleep(1)  # the other process sends its PDF back meanwhile: never read
    os.kill(os.getpid(), signal.SIGKILL)
pdf.print_pdfs([pdf.PrintJob(f"<p>{n}</p>", f"key{n}") for n in range(6)], None, done=done)
"""
    done = run(tmp_path, script)  # its stderr ends when the last printing process has ended
    assert done.returncode == -signal.SIGKILL
    assert done.stderr == ""
    # (Its stderr is closed a moment before it ends: a loaded machine may run others in between.)
    deadline = time.monotonic() + LIMIT
    while not all(ended(pid) for pid in printers(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(printers(tmp_path)) >= 2 and all(ended(pid) for pid in printers(tmp_path))


def test_a_pdf_half_written_into_the_cache_leaves_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk full (or Ctrl-C) as a PDF is written into the cache: its temporary is gone, not
    left in the cache for ever (prune_cache forgets PDFs)."""
    from generator import seals
    from generator.render import pdf
    from support import DiskFills

    monkeypatch.setattr(pdf, "_print", lambda html: b"%PDF-1.7 stub\n")
    monkeypatch.setattr(seals, "open", DiskFills, raising=False)  # (seals' own name for the builtin)
    cache = tmp_path / "pdf"
    with pytest.raises(OSError, match="No space left"):
        pdf.print_pdfs([pdf.PrintJob("<p>1</p>", "key1")], cache)
    assert list(cache.iterdir()) == []


@pytest.mark.parametrize("target", ["forms.pdf", "forms"])
def test_paibang_print_on_a_full_disk_leaves_the_sheets_printed_last_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], target: str) -> None:
    """`paibang print` into a file or a folder that holds last time's sheets, the disk filling
    as it writes: each PDF there is the old one whole, no temporary is left, one line says the
    disk is full (exit 1), where it used to leave half a PDF for the printer."""
    from generator import seals
    from generator.cli import main
    from generator.render import pdf
    from support import DiskFills, demo_content

    import io

    import pypdf

    content = demo_content(tmp_path, "tumu-guandan-2020")
    stub = pypdf.PdfWriter()
    stub.add_blank_page(10, 10)
    blank = io.BytesIO()
    stub.write(blank)
    # every PDF printed apart, a page each (a file's are joined: pdf.join_pdfs reads them)
    monkeypatch.setattr(pdf, "_print", lambda html, blank=blank.getvalue(): blank)
    asked = ["print", "tumu-guandan-2020", "main", "--round", "1", "--content", str(content), "--lang", "en",
             "--output", str(tmp_path / target)]
    assert main(asked) == 0
    before = {path: path.read_bytes() for path in [tmp_path / target] if path.is_file()} or {
        path: path.read_bytes() for path in (tmp_path / target).iterdir()}
    capsys.readouterr()
    monkeypatch.setattr(seals, "open", DiskFills, raising=False)
    assert main(asked) == 1
    err = capsys.readouterr().err
    assert "the disk is full" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    after = {path: path.read_bytes() for path in [tmp_path / target] if path.is_file()} or {
        path: path.read_bytes() for path in (tmp_path / target).iterdir()}
    assert after == before


def test_prune_cache_forgets_the_temporaries_a_killed_process_left(tmp_path: Path) -> None:
    """A temporary a day old is nobody's: forgotten with the PDFs no build used. A fresh one
    may be another build's, writing it now: kept."""
    from generator.render.pdf import prune_cache

    a, b, c = "a" * 64, "b" * 64, "c" * 64
    old, fresh, pdf = tmp_path / f"{a}.pdf.tmp-123-456", tmp_path / f"{b}.pdf.tmp-456-789", tmp_path / f"{c}.pdf"
    for path in (old, fresh, pdf):
        path.write_bytes(b"%PDF")
    day_and_more = os.stat(old).st_mtime - 86400 - 60
    os.utime(old, (day_and_more, day_and_more))
    prune_cache(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == [fresh.name, pdf.name]


@pytest.mark.skipif(not hasattr(signal, "SIGRTMIN"), reason="real-time signals")
def test_a_printing_process_ended_by_a_real_time_signal_is_said_so() -> None:
    """SIGRTMIN+1 has no name in signal.Signals (ValueError): the words still say it, not a
    traceback."""
    from generator.errors import CouldNotFinish
    from generator.render import pdf

    number = signal.SIGRTMIN + 1

    class Ended:
        exitcode = -number

        def join(self) -> None:
            pass

    with pytest.raises(CouldNotFinish) as raised:
        pdf._ended(Ended(), "printing_bulletins", kept=True)  # type: ignore[arg-type]
    assert raised.value.text("en", output="output") == said("printer_crashed", "en", signal=number, name="SIGRTMIN+1")
