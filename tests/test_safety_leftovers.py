"""Never destroy, run or publish what is not ours: what the hostile review left.

- A bulletin PDF that cannot be read is printed again, never published: one cut short in the PDF
  cache (sealed, so the seal alone does not tell it), or one an older paibang left in output/.
- Without the system's table of mounts, a folder bound from the same filesystem is still seen.
- A folder of the user's at output/'s top is left where it is by a whole new site: never linked
  file by file into the new tree (which a failed build removes), never made anew.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdf
import pytest

from generator.build import build
from generator.render import pdf
from generator.seals import seal_of, unseal
from tests.test_never_destroy import small_site


def pdfs_of(output: Path) -> dict[str, bytes]:
    return {str(path.relative_to(output)): path.read_bytes() for path in sorted(output.rglob("*.pdf"))}


def readable(data: bytes) -> int:
    """How many pages pypdf reads in `data` (raises when it cannot)."""
    return len(pypdf.PdfReader(io.BytesIO(data), strict=True).pages)


def test_a_short_pdf_cut_short_in_the_cache_is_printed_again_not_published(tmp_path: Path) -> None:
    """A bulletin of a few pages (no long form's parts, the only PDFs ever read back) whose
    cached bytes were cut short before they were sealed: its seal holds, and it went into output/
    as it was. Now it is printed again, the cache's entry made whole, output/'s readable."""
    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    first = build(content, output, cache_dir=cache)
    assert first.pdfs >= 1 and first.pdfs_printed == first.pdfs
    cached = sorted(cache.glob("*.pdf"))
    assert len(cached) == first.pdfs
    whole = unseal(cached[0].read_bytes())
    assert readable(whole) <= pdf.FORM_PART_PAGES  # a short one: never joined, so never read
    cut = whole[:len(whole) * 2 // 3]
    cached[0].write_bytes(seal_of(cut) + cut)  # cut short, then sealed: the seal vouches for it
    with pytest.raises(pypdf.errors.PyPdfError):
        readable(cut)
    shutil.rmtree(output)  # every PDF from the cache
    again = build(content, output, cache_dir=cache)
    assert again.pdfs_printed == 1  # that one, and only that one
    published = pdfs_of(output)
    assert len(published) == first.pdfs and cut not in published.values()
    assert all(readable(data) >= 1 for data in published.values())
    assert readable(unseal(cached[0].read_bytes())) >= 1  # the cache's entry whole again


def test_a_pdf_cut_short_left_in_output_is_printed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An older paibang published a cut-short bulletin from its cache and recorded it as written:
    each build kept it, as written (its size and time unchanged). It is printed again."""
    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    first = build(content, output, cache_dir=cache)
    entry = sorted(cache.glob("*.pdf"))[0]
    whole = unseal(entry.read_bytes())
    cut = whole[:len(whole) // 2]
    entry.write_bytes(seal_of(cut) + cut)
    shutil.rmtree(output)
    monkeypatch.setattr(pdf, "readable_pdf", lambda data: True)  # as an older paibang: not read back
    build(content, output, cache_dir=cache)
    assert cut in pdfs_of(output).values()  # published cut short (what this test starts from)
    monkeypatch.undo()
    entry.write_bytes(seal_of(whole) + whole)  # (the cache's entry whole: printed again or not, from there)
    again = build(content, output, cache_dir=cache)  # nothing changed: not up to date for all that
    assert not again.up_to_date
    published = pdfs_of(output)
    assert len(published) == first.pdfs and cut not in published.values()
    assert whole in published.values() and again.pdfs_printed == 0
    # published cut short again, then another event added: its bulletins kept, that one too before
    entry.write_bytes(seal_of(cut) + cut)
    shutil.rmtree(output)
    monkeypatch.setattr(pdf, "readable_pdf", lambda data: True)
    build(content, output, cache_dir=cache)
    monkeypatch.undo()
    assert cut in pdfs_of(output).values()
    entry.write_bytes(seal_of(whole) + whole)
    shutil.copytree(content / "events" / "e1", content / "events" / "e2")
    again = build(content, output, cache_dir=cache)
    published = pdfs_of(output)
    assert len(published) == 2 * first.pdfs and cut not in published.values()
    assert whole in pdfs_of(output / "events" / "e1").values()
    assert all(readable(data) >= 1 for data in published.values())


# --- a bind mount without the system's table of mounts ---------------------------------------------


WITHOUT_TABLE = """
import sys
from generator.render import output

def no_table():
    raise FileNotFoundError("/proc/self/mountinfo")

output._mount_table = no_table
from generator.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_without_the_table_of_mounts_a_bind_mount_is_still_seen(tmp_path: Path) -> None:
    """Without /proc/self/mountinfo (another system, a container without /proc) a folder bound
    from the same filesystem has output/'s st_dev, and only the table told it: clean deleted the
    user's files through it (rev49). Its inode tells it too: refused by name, nothing removed."""
    from tests.test_never_destroy import built_with_a_folder_of_the_users, in_namespace, tree

    output, mine, before, kept = built_with_a_folder_of_the_users(tmp_path)
    done = in_namespace([(mine, output / "events")], "clean", "--lang", "en", cwd=tmp_path, script=WITHOUT_TABLE)
    assert done.returncode == 2 and "output/events is a mount point" in done.stderr, done.stderr
    assert tree(mine) == kept and tree(output) == before


def test_without_the_table_of_mounts_a_plain_site_has_no_mount(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               ) -> None:
    """The walk that stands in for the table finds nothing in a site with none (no build refused
    for a mount that is not there), and does find another filesystem's folder by its st_dev."""
    import subprocess

    from generator.render import output as written

    def no_table() -> list[bytes]:
        raise FileNotFoundError("/proc/self/mountinfo")

    content = small_site(tmp_path)
    output = tmp_path / "output"
    build(content, output, cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    (output / "events" / "a link").symlink_to("/proc")
    monkeypatch.setattr(written, "_mount_table", no_table)
    assert written.mounts_under(str(output)) == []
    if subprocess.run(["mount", "--bind", "/proc", str(output / "events")], capture_output=True).returncode:
        return  # (not permitted here: the first half stands)
    try:
        assert written.mounts_under(str(output)) == ["events"]
    finally:
        subprocess.run(["umount", "-l", str(output / "events")], capture_output=True)



# --- the user's own folder at output/'s top -----------------------------------------------------------


def identities(root: Path) -> dict[str, tuple[int, int, int, int, bytes | None]]:
    """(inode, links, mode, modification time, bytes) of every folder and file under `root`."""
    found = {}
    for path in [root, *sorted(root.rglob("*"))]:
        there = path.lstat()
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        found[str(path.relative_to(root))] = (there.st_ino, there.st_nlink if data is not None else 0,
                                              there.st_mode, there.st_mtime_ns, data)
    return found


def test_a_folder_of_the_users_at_the_top_is_left_where_it_is_by_a_whole_new_site(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole new site (site.yaml changed) hard-linked every file of the user's archive/ and
    .git/ into the new tree before swapping it in: the tree a failed build removes, made anew
    (the folders with the builder's owner and times), a file saved there meanwhile lost with the
    old tree. Now nothing of theirs is touched: the same folders and files, byte for byte, with
    one link each; none of them ever in the new tree; the new site in place around them."""
    import os

    from generator.render import output as written
    from tests.test_never_destroy import SITE, users_own_things

    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    build(content, output, cache_dir=cache, bulletins=False)
    users_own_things(output)
    (output / "archive" / "2019").mkdir(parents=True)
    (output / "archive" / "2019" / "final.html").write_bytes(b"<p>the 2019 final, by hand</p>")
    (output / "archive" / "2019").chmod(0o750)
    os.utime(output / "archive", ns=(10**18, 10**18))
    mine = {top: identities(output / top) for top in ("archive", ".git", "photos")}
    inodes = {entry[0] for tree in mine.values() for entry in tree.values()}
    seen_in_new_tree: list[str] = []
    carried: list[str] = []
    carry, apply = written._carry_file, written.apply_in_place

    def looked_at(staging: Path, *args: object) -> None:
        seen_in_new_tree.extend(str(p) for p in staging.rglob("*") if p.lstat().st_ino in inodes)
        apply(staging, *args)

    monkeypatch.setattr(written, "_carry_file", lambda source, target: (carried.append(source), carry(source, target)))
    monkeypatch.setattr(written, "apply_in_place", looked_at)
    (content / "site.yaml").write_text(SITE.replace("\u6d4b\u8bd5\u7ad9", "\u65b0\u7ad9\u540d"), encoding="utf-8")
    report = build(content, output, cache_dir=cache, bulletins=False)
    assert "\u65b0\u7ad9\u540d" in (output / "index.html").read_text(encoding="utf-8")  # the whole new site
    assert report.in_place and carried == [] and seen_in_new_tree == []
    assert {top: identities(output / top) for top in mine} == mine  # same inodes, one link, mode, time, bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]


# --- two users, one output/ --------------------------------------------------------------------------

OTHER = 54321  # a user of no one's (the tests run as root, which may give a folder to anyone)


def given_to(folder: Path, uid: int) -> None:
    import os

    for path in [folder, *folder.rglob("*")]:
        os.lchown(path, uid, -1)


def test_a_site_of_another_users_is_refused_by_build_and_clean_naming_them(tmp_path: Path) -> None:
    """Each user's lock is their own: `sudo paibang build` (root, with the user's key where sudo
    keeps HOME) took the user's site for its own and rebuilt it while the user's serve did too,
    neither waiting. A folder of another user's holding anything is refused, naming the user,
    nothing touched, by build and by clean, even with a marker that verifies."""
    import os

    from tests.test_never_destroy import run, tree

    if os.getuid() != 0:
        pytest.skip("giving a folder to another user needs root")
    content = small_site(tmp_path)
    output = tmp_path / "output"
    assert run("build", "--content", "content", "--no-pdf", cwd=tmp_path).returncode == 0
    (output / "NOTES.txt").write_text("theirs", encoding="utf-8")
    given_to(output, OTHER)
    event = content / "events" / "e1" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("\u7532\u9986", "\u4e59\u9986"), encoding="utf-8")
    before = tree(output)
    for command in (["build", "--content", "content", "--no-pdf"], ["clean"]):
        done = run(*command, "--lang", "en", cwd=tmp_path)
        assert done.returncode == 2 and "another user's folder (54321)" in done.stderr, done.stderr
        assert "Run paibang as 54321" in done.stderr and tree(output) == before
    assert all(path.lstat().st_uid == OTHER for path in [output, *output.rglob("*")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]


def test_an_empty_folder_of_another_users_is_built_into(tmp_path: Path) -> None:
    """A web root made ready, empty, by its owner: built into, and then the builder's own."""
    import os

    if os.getuid() != 0:
        pytest.skip("giving a folder to another user needs root")
    content = small_site(tmp_path)
    output = tmp_path / "output"
    output.mkdir()
    os.chown(output, OTHER, -1)
    build(content, output, cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert (output / "index.html").is_file() and output.stat().st_uid == os.getuid()


def test_a_site_another_user_put_in_place_meanwhile_is_never_swapped_aside(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Two users starting on one empty output/ at once: each checked it empty, and the second to
    finish swapped the first one's site aside and removed it. The build looks again just before
    it puts its site in place, and refuses, the other's site as it was."""
    import os

    from generator.render import output as written
    from generator.render.output import OutputRefused

    if os.getuid() != 0:
        pytest.skip("giving a folder to another user needs root")
    content = small_site(tmp_path)
    output = tmp_path / "output"
    place = written.place_site

    def theirs_first(staging: Path, target: Path, *args: object, **named: object) -> bool:
        output.mkdir()
        (output / "index.html").write_text("their site", encoding="utf-8")
        given_to(output, OTHER)
        return place(staging, target, *args, **named)

    monkeypatch.setattr(written, "place_site", theirs_first)
    with pytest.raises(OutputRefused) as refused:
        build(content, output, cache_dir=tmp_path / "cache" / "pdf", bulletins=False)
    assert refused.value.reason == "output_other_user" and refused.value.params == {"owner": str(OTHER)}
    assert [p.name for p in output.iterdir()] == ["index.html"]
    assert (output / "index.html").read_text(encoding="utf-8") == "their site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "content", "output"]
    assert written.owner_elsewhere(output) == OTHER and written.owner_elsewhere(tmp_path) is None


# --- a cached PDF looked at cheaply -------------------------------------------------------------


def written_pdf(compress: bool) -> bytes:
    """A PDF as WeasyPrint writes one (pydyf: its cross-reference a table, or a stream)."""
    import pydyf

    document, written = pydyf.PDF(), io.BytesIO()
    document.write(written, compress=compress)
    return written.getvalue()


def test_a_whole_cached_pdf_is_not_parsed_and_one_cut_short_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache's whole PDF is known by its first and last bytes and where its startxref points
    (no parse: milliseconds a bulletin over an archive's thousands, rev63); one cut short is
    not, and one whose startxref points at no cross-reference is parsed (what pypdf reads)."""
    parsed: list[bytes] = []
    count = pdf.page_count
    monkeypatch.setattr(pdf, "page_count", lambda data, *a: parsed.append(data) or count(data, *a))
    writer, blank = pypdf.PdfWriter(), io.BytesIO()
    writer.add_blank_page(10, 10)
    writer.write(blank)
    for whole in (written_pdf(False), written_pdf(True), blank.getvalue()):
        assert pdf.readable_pdf(whole)
        assert not pdf.readable_pdf(whole[:len(whole) // 2]) and not pdf.readable_pdf(whole[:-60])
    assert parsed == []
    whole = written_pdf(False)
    at = whole.index(b"xref")
    moved = whole[:at] + b"% a comment that moves the table\n" + whole[at:]  # startxref now points before it
    assert pdf.readable_pdf(moved) and parsed == [moved]  # (pypdf finds the table all the same)
    gutted = whole[:at - 30] + whole[at:]  # the catalogue's bytes gone, the tail whole
    assert not pdf.readable_pdf(gutted) and parsed[-1] == gutted
