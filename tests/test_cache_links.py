"""A file planted in paibang's cache is never followed, never read whole (rev40's finding 1).

A project received by git or zip can carry a symbolic link inside `.paibang-cache` (the folder
itself and its folders are refused: caches.unsafe): read as any file, a link to /dev/zero
filled the memory of every build, one to /dev/stdin waited for ever, and a PDF's link ended in a
MemoryError traceback. Every cache read goes through seals.read_own: no link followed, a
regular file of the user's, no larger than its kind is; anything else is a miss.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator import caches, seals
from generator.build import build
from generator.cli import main
from generator.render import pdf
from generator.tournament import redraws
from generator.tournament.pairing import drawn_once, pair_swiss
from tests.test_never_destroy import small_site
from tests.test_redraws import _file_of, kept, swiss  # noqa: F401 - kept: the fixture

__all__ = ["kept"]


def test_the_cache_reader_follows_no_link_and_reads_no_more_than_its_limit(tmp_path: Path) -> None:
    real = tmp_path / "real.sealed"
    real.write_bytes(caches.dumps({"a": 1}))
    assert caches.read_sealed(real) == {"a": 1}
    linked = tmp_path / "linked.sealed"
    linked.symlink_to(real)  # a genuine sealed file of the user's: read if the link were followed
    with pytest.raises(seals.NotOwnFile) as refused:
        caches.read_sealed(linked)
    assert refused.value.why == "link"
    with pytest.raises(seals.NotOwnFile):
        caches.SealedFiles().read(linked)
    zero = tmp_path / "zero.sealed"
    zero.symlink_to("/dev/zero")
    with pytest.raises(seals.NotOwnFile):
        seals.read_own(zero, 1 << 20)
    size = len(real.read_bytes())
    assert seals.read_own(real, size)[0] == real.read_bytes()  # exactly the limit: read
    with pytest.raises(seals.TooLarge):
        seals.read_own(real, size - 1)
    big = tmp_path / "big.sealed"
    with open(big, "wb") as handle:
        handle.truncate(caches.SEALED_AT_MOST + 1)  # sparse: nothing on disk
    with pytest.raises(seals.TooLarge):
        caches.read_sealed(big)


def test_links_planted_in_the_cache_are_misses_and_what_they_lead_to_is_untouched(tmp_path: Path) -> None:
    """Every file of a built site's cache (the events', the ledger, the record and the files
    beside it, the PDFs) moved elsewhere and a link to it left in its place: had a link been
    followed, the next build would have found its cache whole (each target is the genuine file).
    It finds none of it: every PDF printed again, the links written over by files, the targets
    as they were."""
    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / "cache" / "pdf"
    first = build(content, output, cache_dir=cache)
    assert first.pdfs > 0 and first.pdfs_printed == first.pdfs
    kept_files = [p for p in sorted(cache.parent.rglob("*")) if p.is_file()]
    assert {p.parent.name for p in kept_files} == {"cache", "events", "pdf"}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    targets = {}
    for number, path in enumerate(kept_files):
        target = elsewhere / f"{number}-{path.name}"
        path.rename(target)
        os.utime(target, (1, 1))
        path.symlink_to(target)
        targets[target] = target.read_bytes()
    (content / "events" / "e1" / "notice.md").write_text("\u53d8\u4e86", encoding="utf-8")  # not up to date
    again = build(content, output, cache_dir=cache)
    assert again.pdfs == first.pdfs and again.pdfs_printed == again.pdfs  # none taken from a link
    assert "\u7532\u9986" in (output / "events" / "e1" / "index.html").read_text(encoding="utf-8")
    assert all(target.read_bytes() == data and os.stat(target).st_mtime == 1 for target, data in targets.items())
    assert not (cache.parent / "events" / "ledger.lines").is_symlink()  # the ledger written anew over its link
    (content / "events" / "e1" / "notice.md").unlink()
    third = build(content, output, cache_dir=cache)
    assert third.pdfs_printed == 0  # what the last build wrote over the links is a cache again


def test_a_pdf_in_the_cache_linked_to_a_device_is_printed_again(tmp_path: Path) -> None:
    """rev40: a cached PDF linked to /dev/zero ended the build in a MemoryError traceback."""
    key = "0123456789abcdef" * 4
    (tmp_path / f"{key}.pdf").symlink_to("/dev/zero")
    assert pdf._cached(tmp_path / f"{key}.pdf") is None
    (tmp_path / "planted.pdf").symlink_to(tmp_path / "genuine.pdf")
    (tmp_path / "genuine.pdf").write_bytes(seals.seal(b"%PDF-1.7 genuine"))
    assert pdf._cached(tmp_path / "genuine.pdf") == b"%PDF-1.7 genuine"
    assert pdf._cached(tmp_path / "planted.pdf") is None


def test_a_draw_kept_as_a_link_is_drawn_again(kept) -> None:  # noqa: F811 - the fixture
    folder, made = kept
    order, scores, met, byes = swiss(20, 3, 1)
    truth = pair_swiss(order, scores, met, byes)
    assert drawn_once(order, scores, met, byes) == truth and len(made) == 1
    path = _file_of(folder, order, scores, met, byes)
    genuine = folder.parent / "genuine.json"
    path.rename(genuine)
    path.symlink_to(genuine)  # the very draw, sealed by this user: believed if followed
    redraws.forget()
    assert drawn_once(order, scores, met, byes) == truth and len(made) == 2
    assert not path.is_symlink() and json.loads(seals.unseal(path.read_bytes()))["key"] == path.stem


def test_clean_removes_links_under_paibangs_names_and_nothing_they_lead_to(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAIBANG_CACHE", raising=False)
    cache = tmp_path / ".paibang-cache"
    (cache / "events").mkdir(parents=True)
    (cache / "pdf").mkdir()
    thesis = tmp_path / "thesis.tex"
    thesis.write_text("years of work", encoding="utf-8")
    planted = [cache / "events" / "ledger.lines", cache / "pdf" / f"{'ab' * 32}.pdf",
               cache / "site-0123456789abcdef.record"]
    for path in planted:
        path.symlink_to(thesis)
    (cache / "events" / "ledger.rows-2").symlink_to("/dev/zero")
    (cache / "mine").symlink_to(thesis)  # not a name of paibang's: left, and said
    assert main(["clean", "--output", str(tmp_path / "nothing-here")]) == 0
    assert not [path for path in planted if os.path.lexists(path)]
    assert not os.path.lexists(cache / "events" / "ledger.rows-2")
    assert (cache / "mine").is_symlink() and thesis.read_text(encoding="utf-8") == "years of work"
    assert "mine" in capsys.readouterr().err


def test_a_build_after_one_with_a_temporary_cache_takes_its_pages_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """rev40's finding 3: a build whose cache was refused (open to everyone) keeps no record of
    what it wrote; the next build, the cache safe again, found the last record older than
    output/ and refused the renamed player's new page as someone else's (output_clash) at every
    build. A page holding exactly the bytes this build writes there is no clash: the build goes
    on, removes the old player's page (the older record names it) and records the new one, and
    clean then removes the whole site. A file of the user's in the way is still refused."""
    from generator.render.output import OutputRefused

    monkeypatch.delenv("PAIBANG_CACHE", raising=False)
    content = small_site(tmp_path)
    output, cache = tmp_path / "output", tmp_path / ".paibang-cache"
    event = content / "events" / "e1" / "event.yaml"
    build(content, output, bulletins=False)
    before = {p.name for p in (output / "players").iterdir()}
    event.write_text(event.read_text(encoding="utf-8").replace("\u5f20\u4e00", "\u5f20\u4e09"), encoding="utf-8")
    cache.chmod(0o777)
    notes: list[str] = []
    build(content, output, bulletins=False, notify=lambda key, params: notes.append(key))
    assert notes[0] == "cache_ignored" and "output_kept_unrecorded" in notes  # the old page carried
    cache.chmod(0o700)
    renamed = {p.name for p in (output / "players").iterdir()} - before
    assert len(renamed) == 1
    notes.clear()
    build(content, output, bulletins=False, notify=lambda key, params: notes.append(key))  # refused before (output_clash)
    assert notes == ["output_taken_over"]  # the renamed player's page, said
    now = {p.name for p in (output / "players").iterdir()}
    assert renamed <= now and len(now) == len(before)  # the old player's page gone, the new one there
    # A page of the user's where a new one goes is still theirs: refused, left as it was.
    event.write_text(event.read_text(encoding="utf-8").replace("\u5f20\u4e09", "\u5f20\u56db"), encoding="utf-8")
    cache.chmod(0o777)
    build(content, output, bulletins=False)
    cache.chmod(0o700)
    (page,) = {p for p in (output / "players").iterdir() if p.name not in now}
    (page / "index.html").write_text("my own notes", encoding="utf-8")
    with pytest.raises(OutputRefused):
        build(content, output, bulletins=False)
    assert (page / "index.html").read_text(encoding="utf-8") == "my own notes"
    (page / "index.html").unlink()
    build(content, output, bulletins=False)
    assert main(["clean", "--output", str(output)]) == 0
    assert not output.exists()


def test_an_old_events_pages_put_back_by_the_user_are_theirs_when_every_build_kept_its_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """rev44: the user copied an old event's pages back into output/ to keep its addresses live,
    then added the event to content again: its pages hold exactly what the build writes there,
    and were taken over, recorded, and removed with the event (and by clean). Only a build after
    one that kept no record (the test above) takes such files: this one is refused as before,
    and clean leaves them."""
    import shutil

    from generator.render.output import OutputRefused

    monkeypatch.delenv("PAIBANG_CACHE", raising=False)
    content = small_site(tmp_path)
    shutil.copytree(content / "events" / "e1", content / "events" / "e2")
    output = tmp_path / "output"
    build(content, output, bulletins=False)
    kept = tmp_path / "kept-e2"
    shutil.copytree(output / "events" / "e2", kept)
    moved = tmp_path / "e2-source"
    (content / "events" / "e2").rename(moved)
    build(content, output, bulletins=False)
    assert not (output / "events" / "e2").exists()
    shutil.copytree(kept, output / "events" / "e2")  # the old addresses live again
    moved.rename(content / "events" / "e2")
    notes: list[str] = []
    with pytest.raises(OutputRefused) as refused:
        build(content, output, bulletins=False, notify=lambda key, params: notes.append(key))
    assert refused.value.reason == "output_clash" and "output_taken_over" not in notes
    (content / "events" / "e2").rename(moved)
    build(content, output, bulletins=False)
    assert main(["clean", "--output", str(output)]) == 0
    assert (output / "events" / "e2" / "index.html").read_bytes() == (kept / "index.html").read_bytes()


@pytest.fixture
def swapped_after_opening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file of the user's elsewhere, long untouched; every cache file, once opened to be read,
    is swapped for a link to it (the race os.utime by name lost: it followed the link)."""
    (tmp_path / "elsewhere").mkdir()
    return swap_after_opening(tmp_path / "elsewhere", monkeypatch)


def swap_after_opening(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """From now on, every cache file opened to be read is swapped for a link to the user's
    notes.txt in `folder`, long untouched (returned)."""
    victim = folder / "notes.txt"
    victim.write_text("mine")
    os.utime(victim, (1_000_000_000, 1_000_000_000))
    opened = seals.open_own

    def open_then_swap(path: Path, *args: object, **kwargs: object) -> int:
        fd = opened(path, *args, **kwargs)
        os.unlink(path)
        os.symlink(victim, path)
        return fd

    monkeypatch.setattr(seals, "open_own", open_then_swap)
    return victim


def test_a_cache_file_used_is_touched_by_what_was_read_not_through_a_link_swapped_in(
        tmp_path: Path, swapped_after_opening: Path) -> None:
    from generator.event_cache import EventCache

    cached = tmp_path / "cache"
    cached.mkdir()
    sealed = cached / "one.sealed"
    sealed.write_bytes(caches.dumps({"a": 1}))
    assert EventCache._load(sealed) == {"a": 1}
    pdf_file = cached / "two.pdf"
    pdf_file.write_bytes(seals.seal(b"%PDF-1.7 a bulletin"))
    assert pdf._cached(pdf_file) == b"%PDF-1.7 a bulletin"
    assert swapped_after_opening.stat().st_mtime == 1_000_000_000  # untouched: not the cache's
    assert swapped_after_opening.read_text() == "mine"


def test_a_kept_draw_used_is_touched_by_what_was_read_not_through_a_link_swapped_in(
        kept, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811 - the fixture
    folder, made = kept
    order, scores, met, byes = swiss(20, 3, 1)
    truth = drawn_once(order, scores, met, byes)  # kept on disk
    redraws.forget()  # (read from disk again)
    victim = swap_after_opening(tmp_path, monkeypatch)
    assert drawn_once(order, scores, met, byes) == truth and len(made) == 1  # found on disk, not drawn again
    assert victim.stat().st_mtime == 1_000_000_000 and victim.read_text() == "mine"
