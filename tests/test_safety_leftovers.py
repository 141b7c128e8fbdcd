"""Never destroy, run or publish what is not ours: what the hostile review left.

- A bulletin PDF that cannot be read is printed again, never published: one cut short in the PDF
  cache (sealed, so the seal alone does not tell it), or one an older paibang left in output/.
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
