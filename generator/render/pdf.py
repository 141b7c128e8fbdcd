"""Printing bulletins to PDF with WeasyPrint: glyph check, cache, and a pool of processes.

A bulletin becomes HTML here (templates/bulletin.html or a form's own template), every
character is checked against the Chinese face the page names (a missing glyph is a build
error, never tofu), and the PDF comes from the cache when the same HTML was printed before with
the same fonts and WeasyPrint; the rest are printed in parallel, one process per core, each
keeping one FontConfiguration for its documents. The workers are forked afresh for every
WORKER_DOCUMENTS documents each: WeasyPrint's caches and the allocator's fragments made a worker
grow to ~2 GB over a 400-event build, and a new one starts again from the parent's memory
(forked after WeasyPrint is imported, so a new worker costs a fork, not an import).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import multiprocessing
import os
import pickle
import re
import signal
import subprocess
import types
import unicodedata
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import NoReturn

import jinja2
from markupsafe import Markup, escape

from generator import catalogues
from generator.collecting import YOUNG_COLLECTION, collected_less
from generator.errors import CouldNotFinish, signal_name
from generator.forking import can_fork, give_back_free_memory
from generator.printed import Bulletin
from generator.render.html import _CLOSING, _OPENING, _TWO_CHARACTER_UNITS, TEMPLATES, WORD_JOINER, environment
from generator.render.libraries import import_weasyprint
from generator.render.i18n import CJK_FACE, Translator
from generator.seals import Unsealed, read_own, seal_of, verified, write_atomically

# The faces bulletin templates name, per locale's script (SC or TC).
FACES = ("Noto Serif CJK {cjk}", "Noto Sans CJK {cjk}", "Noto Sans CJK {cjk}:bold")


@dataclass(frozen=True)
class PrintJob:
    """One PDF to make: its HTML, or what makes it (made only when the PDF is not in the cache:
    a build holds bulletins' plans, not their HTML), and the key it is cached under."""

    html: str | Printed | Callable[[], str | Printed]
    key: str


def planned(bulletin: Bulletin, locale: str, content: str | None = None) -> tuple[str, str, tuple[str, ...], str, str]:
    """What a build keeps of a bulletin between builds (in its event's summary): its file name,
    title, the scripts and the digest of its HTML (a long form's: of its parts and page numbers,
    _made_of; its printing key but for the fonts and WeasyPrint of the day: printing_key), and
    the characters it prints (for the glyph check)."""
    scripts, digest = _made_of(bulletin_parts(bulletin, locale, content))
    chars = "".join(sorted(set(bulletin_words(bulletin, locale))))
    return bulletin.name, bulletin.title, scripts, digest, chars


@cache
def _environment(locale: str, content: str | None) -> jinja2.Environment:
    # compiled once per locale, not once per bulletin (its filters, the score sheets' ruled_rows
    # among them, are html.environment's: the sheets' HTML shown by the desk or a test is the same)
    return environment(locale, content=content)


def bulletin_html(bulletin: Bulletin, locale: str, content: str | None = None,
                  numbered: tuple[int, int] | None = None, *, part: int | None = None,
                  footers: int = 0) -> str:
    """The HTML WeasyPrint prints. `content`: the language of the names and titles (html.py's
    content_locale_of), as the pages take it: an English bulletin marks its Chinese cells and
    title as Chinese (lang), so that Pango shapes and breaks them as Chinese and picks its fonts
    for that language, as the pages are marked for screen readers. WeasyPrint writes only the
    document's language into the PDF (/Lang, from <html lang>), and tags no structure unless
    asked (pdf_tags, not used): the marks reach the PDF's text layout, not a tagged structure.
    `part`: of a form printed in parts (bulletin_parts), the part (from 0), printed without its
    page numbers, laid out as its pages are in the whole form; `footers`: of such a form, only
    the page numbers (`numbered`) of a part of that many pages, to be drawn over it (join_pdfs)."""
    env = _environment(locale, content)
    t = Translator(locale)
    counter = "none" if part is not None else _page_counter_css(t, numbered)
    return env.get_template(bulletin.template).render(
        bulletin=bulletin, date_text=t.date(bulletin.date), page_counter=Markup(counter),
        first_page=numbered[0] if numbered else 1, footers=footers)


def _page_counter_css(t: Translator, numbered: tuple[int, int] | None = None) -> str:
    """CSS `content` for "第 1 页 共 2 页": our own catalogue words around the page counters.
    `numbered`: (the first page's number, the pages of the whole form) of a part of a form
    printed apart (bulletin_parts): its total said in figures, not counted in the part."""
    words = t("page_of", page="\0", pages="\1")
    before, rest = words.split("\0")
    middle, after = rest.split("\1")
    quote = lambda text: '"' + text.replace("\\", "").replace('"', "") + '"'  # noqa: E731
    total = quote(str(numbered[1])) if numbered else "counter(pages)"
    return f"{quote(before)} counter(page) {quote(middle)} {total} {quote(after)}"


# The form pages (a table's score sheet each) printed in one WeasyPrint document at most. A
# document's layout is held whole until its PDF is written: a round of 500 tables printed as one
# took 2.7 GB, and 2,500 tables would take ~13 GB. Printed in parts of this many pages, apart
# (each by a printing process of the pool) and joined (join_pdfs), a form takes a part's memory
# whatever its tables.
FORM_PART_PAGES = 50


@dataclass(frozen=True)
class Printed:
    """What a long form is printed from: its parts' HTML, without page numbers (a part's pages
    are known only once printed: a form page may run over a sheet, and move the numbers of every
    page after it and the total of all); `footers(k, first, total, pages)`, the HTML of part k's
    page numbers alone, from `first` of `total`, on `pages` blank pages, printed once every
    part's pages are known and drawn over the part's (join_pdfs): a page that ran over costs
    a few pages of page numbers, not the form printed again; and `digest`, of all it is
    printed from (its PDF's key: _made_of)."""

    parts: tuple[str, ...]
    footers: Callable[[int, int, int, int], str]
    digest: str

    def __len__(self) -> int:  # (how long it is to print: the longest first)
        return sum(map(len, self.parts))


def bulletin_parts(bulletin: Bulletin, locale: str, content: str | None = None) -> str | Printed:
    """The HTML a bulletin is printed from: a notice, or a form of FORM_PART_PAGES pages or
    fewer, as one document (bulletin_html); a longer form in parts of FORM_PART_PAGES form pages
    (a form page starts a sheet of its own: templates/sheets/_base.html), and their page numbers
    apart (Printed). Its HTML whole is never made: its key is its parts' (Printed.digest), in a
    build's plan (`planned`) as in `paibang print` (print_job)."""
    pages = bulletin.pages
    if len(pages) <= FORM_PART_PAGES:
        return bulletin_html(bulletin, locale, content)
    chunks = [pages[start:start + FORM_PART_PAGES] for start in range(0, len(pages), FORM_PART_PAGES)]

    def footers(k: int, first: int, total: int, count: int) -> str:
        return bulletin_html(dataclasses.replace(bulletin, pages=chunks[k]), locale, content, (first, total),
                             footers=count)

    parts = tuple(bulletin_html(dataclasses.replace(bulletin, pages=chunk), locale, content, part=k)
                  for k, chunk in enumerate(chunks))
    # Keyed on what it is printed from: the parts and, for the words and look of its page numbers,
    # the first part's as reckoned (the rest differ from it only by their figures).
    digest = hashlib.sha256()
    for html in (*parts, footers(0, 1, len(pages), len(chunks[0]))):
        digest.update(hashlib.sha256(html.encode("utf-8")).digest())
    return Printed(parts, footers, digest.hexdigest())


def _numbers(pages: list[int]) -> list[tuple[int, int]]:
    """(first page's number, total) of each part of a form whose parts have `pages` pages."""
    return [(1 + sum(pages[:k]), sum(pages)) for k in range(len(pages))]


def join_pdfs(pdfs: list[bytes], what: str = "printing_pdfs", footers: list[bytes] | None = None) -> bytes:
    """One PDF of the pages of `pdfs`, in order, with the first one's metadata (its title, its
    language, its producer) and every part's outline, links and fonts (each part keeps its own
    subset of a font: a few hundred KB a part). pypdf, not PDF written by hand: it keeps the
    cross-references, object streams and outlines right, as WeasyPrint's own writer does."""
    if len(pdfs) == 1 and not footers:
        return pdfs[0]
    with _readable(what):
        return _joined(pdfs, footers)


def _joined(pdfs: list[bytes], footers: list[bytes] | None = None) -> bytes:
    import io

    import pypdf

    writer = pypdf.PdfWriter()
    readers = [pypdf.PdfReader(io.BytesIO(pdf)) for pdf in pdfs]
    for reader in readers:
        writer.append(reader)
    if footers:
        _drawn_over(writer, [page for footer in footers for page in pypdf.PdfReader(io.BytesIO(footer)).pages])
    _tag_subsets(writer)
    # Each part's subsets that came out alike, byte for byte, now under one tag, kept once:
    # pypdf merges objects alike, and the objects referring to them are alike only after, so a
    # pass a level (the font file, its descriptor, the CIDFont, the font, a page's resources).
    # What is left over a form printed whole is each part's own subsets: the 26-table guandan
    # round in parts of 10 is 1,346,519 bytes, 526,435 whole (+156 %); 1,100,347 of them are 8
    # subsets (3 parts' regular and bold, 2 page numbers'), 2 whole. WeasyPrint keeps each glyph's
    # id, so every subset of Noto Sans CJK holds 63,283 glyphs' metrics and offsets, 83 to 166 KB
    # even for a page number's dozen glyphs: merging subsets is not done here (a glyph's id and
    # metrics in one part against another's). Deflating the streams again at level 9 saved 1
    # byte; object streams, which pypdf does not write, would save the dictionaries' 36 KB.
    for _ in range(5):
        writer.compress_identical_objects()  # (its defaults: duplicates and orphans dropped)
    first = readers[0]  # (its title and language are the joined file's)
    if first.metadata:
        writer.add_metadata(dict(first.metadata))
    lang = first.trailer["/Root"].get("/Lang")
    if lang is not None:
        writer.root_object[pypdf.generic.NameObject("/Lang")] = pypdf.generic.TextStringObject(str(lang))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# A name in a content stream (PDF 7.3.5): a resource's, as an operand (/TSPJMR Tf, /a1.0 gs).
_NAME = re.compile(rb"/([^\s/\[\]<>(){}%]+)")
_RESOURCES = ("/Font", "/ExtGState", "/ColorSpace", "/XObject", "/Pattern", "/Shading", "/Properties")


def _drawn_over(writer: object, overlays: list[object]) -> None:
    """Each page of `overlays` (a long form's page numbers: bulletin_parts) drawn over the
    writer's page of its rank, after the page's own drawing, as WeasyPrint draws a page's
    margin boxes after its body: the page's own content streams kept as they are, set apart by
    q … Q (WeasyPrint leaves its coordinates turned), and the overlay's resources added to the
    page's under names of their own (both name a face by the same tag)."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject

    if len(overlays) != len(writer.pages):
        raise ValueError(f"{len(overlays)} pages of page numbers for {len(writer.pages)} pages")

    def added(data: bytes) -> object:
        stream = DecodedStreamObject()
        stream.set_data(data)
        return writer._add_object(stream.flate_encode() if len(data) > 64 else stream)

    saved, restored = added(b"q\n"), added(b"\nQ\n")
    for page, overlay in zip(writer.pages, overlays):
        theirs = overlay.get("/Resources")
        theirs = theirs.get_object() if theirs is not None else DictionaryObject()
        ours = page.get("/Resources")
        ours = ours.get_object() if ours is not None else DictionaryObject()
        resources = DictionaryObject(ours)  # (a page's own: WeasyPrint's pages share theirs)
        renamed: dict[bytes, bytes] = {}
        for kind in _RESOURCES:
            if kind not in theirs:
                continue
            merged = DictionaryObject(ours[kind].get_object()) if kind in ours else DictionaryObject()
            for name, value in theirs[kind].get_object().items():
                new = "/pb" + name[1:]
                while new in merged:
                    new += "_"
                renamed[name[1:].encode()] = new[1:].encode()
                merged[NameObject(new)] = value.clone(writer)
            resources[NameObject(kind)] = writer._add_object(merged)
        content = overlay.get_contents()
        data = _NAME.sub(lambda m: b"/" + renamed.get(m[1], m[1]), content.get_data() if content is not None else b"")
        own = page.raw_get("/Contents") if "/Contents" in page else ArrayObject()
        own = own.get_object() if isinstance(own.get_object(), ArrayObject) else [own]
        page[NameObject("/Contents")] = ArrayObject([saved, *own, restored, added(data)])
        # (indirect, as WeasyPrint's: a part's pages' resources alike are then kept once, _joined)
        page[NameObject("/Resources")] = writer._add_object(resources)


_SUBSET_TAG = re.compile(r"[A-Z]{6}\+")


def _tag_subsets(writer: object) -> None:
    """Every embedded font subset named by what it holds: its tag (the "TSPJMR+" of
    "TSPJMR+Noto-Sans-CJK-SC") made of its font file's digest, in its font's /BaseFont, its
    CIDFont's and its descriptor's /FontName alike. Each part printed apart gave its own subset
    of a face the same tag WeasyPrint gives the face, and the PDF standard (ISO 32000 9.6.4)
    wants different subsets under different tags: a printer that picks fonts by name used one
    part's glyphs for another's. Subsets alike get the same tag, and are then kept once."""
    from pypdf.generic import NameObject

    seen: set[int] = set()

    def fonts_of(resources: object) -> Iterator[object]:
        resources = resources.get_object() if resources is not None else None
        if not resources or id(resources) in seen:
            return
        seen.add(id(resources))
        fonts, xobjects = resources.get("/Font"), resources.get("/XObject")
        for font in (fonts.get_object() if fonts is not None else {}).values():
            yield font.get_object()
        for xobject in (xobjects.get_object() if xobjects is not None else {}).values():
            yield from fonts_of(xobject.get_object().get("/Resources"))

    def retagged(name: object, tag: str) -> NameObject:
        return NameObject("/" + _SUBSET_TAG.sub(tag, str(name)[1:], count=1))

    for page in writer.pages:
        for font in fonts_of(page.get("/Resources")):
            if id(font) in seen:
                continue
            seen.add(id(font))
            inner = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
            descriptor = inner[0].get("/FontDescriptor")
            if descriptor is None:
                continue
            descriptor = descriptor.get_object()
            file = next((descriptor[k] for k in ("/FontFile3", "/FontFile2", "/FontFile") if k in descriptor), None)
            if file is None or not _SUBSET_TAG.match(str(descriptor.get("/FontName", ""))[1:]):
                continue
            # Named by the whole subset: its glyphs, and what its glyphs read as (/ToUnicode,
            # which text extraction and copying use) and their widths. WeasyPrint lists a
            # subset's /ToUnicode in the order its part met the glyphs: two parts' subsets of
            # the same glyphs came out under one tag with their maps' lines in another order,
            # and, not alike byte for byte, were listed twice. Put in glyph order, maps alike are
            # kept once (below); maps that differ (a glyph read as another character) get tags
            # of their own.
            digest = hashlib.sha256(file.get_object().get_data())
            to_unicode = font.get("/ToUnicode")
            if to_unicode is not None:
                to_unicode = to_unicode.get_object()
                data = to_unicode.get_data()
                ordered = _in_glyph_order(data)
                if ordered is not None and ordered != data:
                    to_unicode.set_data(ordered)
                digest.update(b"\0" + (ordered or data))
            digest.update(b"\0" + repr(inner[0].get("/W")).encode())
            tag = "".join(chr(ord("A") + byte % 26) for byte in digest.digest()[:6]) + "+"
            for holder, key in ((font, "/BaseFont"), *((d, "/BaseFont") for d in inner), (descriptor, "/FontName")):
                if key in holder:
                    holder[NameObject(key)] = retagged(holder[key], tag)


_CMAP_LINE = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>")


def _in_glyph_order(cmap: bytes) -> bytes | None:
    """A ToUnicode CMap of single glyphs (bfchar, as WeasyPrint writes it) with its glyphs in
    order, a hundred a block (the most a block may hold), or None for one written otherwise."""
    start = re.search(rb"\d+\s+beginbfchar", cmap)
    end = cmap.rfind(b"endbfchar")
    if start is None or end < 0 or b"bfrange" in cmap:
        return None
    lines = sorted(set(_CMAP_LINE.findall(cmap[start.start():end])), key=lambda line: int(line[0], 16))
    if len({glyph for glyph, _ in lines}) != len(lines):  # one glyph read two ways: not ours to choose
        return None
    blocks = []
    for first in range(0, len(lines), 100):
        block = lines[first:first + 100]
        blocks.append(b"%d beginbfchar\n" % len(block) + b"".join(b"<%s> <%s>\n" % line for line in block)
                      + b"endbfchar")
    return cmap[:start.start()] + b"\n".join(blocks) + cmap[end + len(b"endbfchar"):]


def page_count(pdf: bytes, what: str = "printing_pdfs") -> int:
    import io

    import pypdf

    with _readable(what):
        return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_XREF_STREAM = re.compile(rb"\d+\s+\d+\s+obj\s*<<")


def readable_pdf(pdf: bytes) -> bool:
    """Whether `pdf` is a whole PDF: it begins as one, ends with the %%EOF every writer puts
    last, and the startxref before it points, inside the file, at a cross-reference table or
    stream (a PDF cut short anywhere fails: its end is gone). Its pages are counted by pypdf
    only when that pointer is not so (a writer's odd offsets pypdf may see through): a parse is
    8 ms a bulletin, some 85 s for an archive of 10,000 bulletins taken from the cache (rev63)."""
    if not pdf.startswith(b"%PDF-") or b"%%EOF" not in pdf[-1024:]:  # (what output.looks_whole reads too)
        return False
    tail = pdf[-1024:]
    at = tail.rfind(b"startxref")
    found = _STARTXREF.match(tail, at) if at >= 0 else None
    if found is not None:
        offset, end = int(found.group(1)), len(pdf) - len(tail) + at
        there = pdf[offset:min(end, offset + 1024)]
        if 0 < offset < end and (there.startswith(b"xref") or (_XREF_STREAM.match(there) and b"/XRef" in there)):
            return True
    try:
        page_count(pdf)
    except CouldNotFinish:
        return False
    return True


@contextlib.contextmanager
def _readable(what: str) -> Iterator[None]:
    """A PDF WeasyPrint printed that pypdf cannot read (cut short, damaged) is said in one line
    as CouldNotFinish, what was printed named (`what`, a UI word), not as pypdf's traceback."""
    import pypdf

    _quiet_pypdf()
    try:
        yield
    except (pypdf.errors.PyPdfError, ValueError, KeyError) as failure:
        raise CouldNotFinish("printer_unreadable", what=catalogues.word(what),
                             error=f"{type(failure).__name__}: {failure}"[:200]) from None


@cache
def _quiet_pypdf() -> None:
    """pypdf's own lines kept from the secretary: it logs what it finds amiss as it reads (a part
    cut short: "EOF marker not found", in English) and Python printed that on stderr above
    paibang's own sentence, or into the desk's and serve's log. What paibang must say of a PDF
    it cannot read it says itself (_readable); what pypdf reads past is no concern of theirs."""
    import logging

    quiet = logging.getLogger("pypdf")
    # Not even made: pytest's log capture, for one, is attached to a logger that does not
    # propagate; and no warning of pypdf's reaches Python's last resort, which prints on stderr,
    # or the root logger's handlers (the desk's, serve's). (A level, not `disabled`, which
    # logging.config, as serve uses it, sets back.)
    quiet.setLevel(logging.CRITICAL)
    quiet.propagate = False


# --- no tofu ---------------------------------------------------------------------------------


@cache
def font_file(face: str) -> tuple[str, int] | None:
    """The font file (and index in a collection) fontconfig gives for a face, or None."""
    try:
        found = subprocess.run(["fc-match", "-f", "%{file}:%{index}", face], capture_output=True, text=True,
                               check=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, index = found.rpartition(":")
    return (path, int(index or 0)) if path else None


@cache
def _covered(path: str, index: int) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    with TTFont(path, fontNumber=index, lazy=True) as font:
        return frozenset(font.getBestCmap())


def missing_glyphs(text: str, locale: str) -> list[str]:
    """Characters of `text` that a face of the bulletin's locale cannot draw."""
    wanted = {ord(ch) for ch in text if not ch.isspace()}
    missing: set[int] = set()
    for face in FACES:
        located = font_file(face.format(cjk=CJK_FACE[locale]))
        if located is None or "CJK" not in Path(located[0]).name:
            continue  # no Chinese face installed: setup-system.sh says so; WeasyPrint falls back
        missing |= wanted - _covered(*located)
    return [chr(code) for code in sorted(missing)]


def bulletin_words(bulletin: Bulletin, locale: str) -> str:
    """Every piece of text a bulletin prints, for the glyph check."""
    t = Translator(locale)
    parts = [bulletin.title, bulletin.text, bulletin.organizer, t.date(bulletin.date), t("page_of", page=1, pages=2),
             *bulletin.columns, *(cell for row in bulletin.rows for cell in row), *bulletin.headings.values(),
             bulletin.index_title, *bulletin.index_columns, *(cell for pair in bulletin.index for cell in pair)]
    parts.extend(_strings(bulletin.pages))
    return "\n".join(parts)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


# --- printing, cached and in parallel ----------------------------------------------------------


# How paibang itself prints a document's HTML (_print: bookmarks without word joiners), in every
# PDF's key: a change there that changes a PDF's bytes for the same HTML counts this up, or PDFs
# printed before it are taken from the cache as they were. The joining code (html.py's word
# joiners, which _print takes out of the bookmarks) is in the key by its own source (joining_code),
# counted by no hand.
PRINTING = 2

# The functions whose code decides how a printed notice's words are joined and printed.
JOINING = ("joined_words", "joined_names", "kept_pieces", "_kept_pieces", "kept_joined", "joined_marks", "name_pieces",
           "heading_words")


def joining_code() -> str:
    """A digest of how printed words are joined: the source of html.py's joining functions
    (JOINING) and of _print (with _past_the_page, and how it loosens a word too wide for its
    column: _forced_breaks, _loosened and theirs), and the value of every constant of theirs (a pattern, a width, the
    joiner), so that a change of any of them is a PDF of another key. PRINTING was counted up by
    hand, and the joining code's changes (rev58's bookmarks) had to remember it."""
    import inspect

    from generator.render import html

    digest = hashlib.sha256()
    for function in (*(getattr(html, name) for name in JOINING), _print, _print_collected_less, _past_the_page,
                     _forced_breaks, _forced,
                     _last_column_most, _loosened, _loose):
        try:
            digest.update(inspect.getsource(function).encode("utf-8"))
        except (OSError, TypeError):  # a function with no file (one made at run time: a test's printer)
            digest.update(function.__code__.co_code)
        for name in sorted(_names(function.__code__)):
            value = function.__globals__.get(name)
            if isinstance(value, re.Pattern):
                value = value.pattern
            if isinstance(value, dict):  # (_EM: each character's width)
                value = tuple(sorted(value.items()))
            if isinstance(value, (str, int, float, tuple)) and not isinstance(value, bool):
                digest.update(f"{name}={value!r}".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _names(code: types.CodeType) -> set[str]:
    """The global names a function's code reads, its comprehensions' and lambdas' too."""
    return set(code.co_names).union(*(_names(const) for const in code.co_consts if isinstance(const, types.CodeType)))


@cache
def _fingerprint(scripts: tuple[str, ...]) -> str:
    """What else decides a PDF's bytes: how paibang prints (PRINTING), WeasyPrint's version and
    the font files of the faces the document names (SC, TC)."""
    parts = [f"paibang printing {PRINTING}", f"joining {joining_code()}", weasyprint_version()]
    for cjk in scripts:
        for face in FACES:
            located = font_file(face.format(cjk=cjk))
            if located:
                stat = os.stat(located[0])
                parts.append(f"{located}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(parts)


_VERSION_LINE = re.compile(r"^VERSION = __version__ = '([^'\\]+)'$", re.M)


def weasyprint_version() -> str:
    """WeasyPrint's __version__, read from its own source, not imported: importing it took 0.6 s
    of processor time, most of a build whose PDFs were all in the cache (make site, run again),
    for this string alone. Imported after all when its source says it otherwise."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("weasyprint")
        with open(spec.origin, encoding="utf-8") as source:  # type: ignore[union-attr, arg-type]
            found = _VERSION_LINE.search(source.read())
    except (OSError, ValueError, AttributeError, TypeError, UnicodeDecodeError):
        found = None
    if found is not None:
        return found[1]
    return import_weasyprint().__version__


def print_job(html: str | Printed) -> PrintJob:
    return PrintJob(html, printing_key(*_made_of(html)))


def _made_of(html: str | Printed) -> tuple[tuple[str, ...], str]:
    """(the scripts a document names, the digest of its HTML): a long form's of its parts and
    page numbers (Printed.digest), what it is printed from, so that a change of what only the
    parts print (their page numbers apart, a part's first page) is a PDF of another key too."""
    if isinstance(html, Printed):
        return _scripts(html.parts[0]), html.digest
    return _scripts(html), hashlib.sha256(html.encode("utf-8")).hexdigest()


def printing_key(scripts: tuple[str, ...], html_digest: str) -> str:
    """The PDF cache's key of a document: its HTML and what else decides its bytes (the fonts
    of the scripts it names and WeasyPrint's version, as installed now)."""
    return hashlib.sha256(f"{_fingerprint(scripts)}\0{html_digest}".encode()).hexdigest()


def _scripts(html: str) -> tuple[str, ...]:
    return tuple(cjk for cjk in ("SC", "TC") if f"CJK {cjk}" in html)


_WORKER_FONTS = None


def _start_worker() -> None:
    global _WORKER_FONTS
    import_weasyprint()  # its libraries looked up cheaply (generator/render/libraries.py)
    from weasyprint.text.fonts import FontConfiguration

    _WORKER_FONTS = FontConfiguration()


def _start_printing_worker() -> None:
    # Ctrl-C reaches the terminal's whole group: the build says it in one line and ends its
    # pool (print_pdfs: terminate), rather than each worker printing its own traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _start_worker()


# (generator/collecting.py: the collector walks the heap a tenth as often while anything prints)
PRINTING_COLLECTION = YOUNG_COLLECTION


def _print(html: str) -> bytes:
    with collected_less():
        return _print_collected_less(html)


def _print_collected_less(html: str) -> bytes:
    weasyprint = import_weasyprint()

    if _WORKER_FONTS is None:
        _start_worker()

    def render(html: str) -> object:
        return weasyprint.HTML(string=html, base_url=str(TEMPLATES)).render(font_config=_WORKER_FONTS)

    document = render(html)
    # A notice's kept pieces (a bracketed reason, a round's ordinal: html.kept_joined) are held on
    # one line by a no-wrap span, which makes its column that wide at least: beside three
    # 8-character groups it took the table to 586pt of the page's 595. Where the table then runs
    # past the page's content box, printed again without the spans: their word joiners still keep
    # them whole where the column allows, and the last column (overflow-wrap: anywhere, which
    # WeasyPrint applies to a text at a line's start only, not to a span's in mid-line) breaks
    # them where it does not.
    if KEPT_SPAN in html and _past_the_page(document):
        kept, html = html, _KEPT.sub(r"\1", html)
        document = render(html)
        # On a page in another language a kept piece's Chinese is in a span of its own (lang, zh_runs),
        # and WeasyPrint's overflow-wrap breaks no nested span: the English standings' reason
        # "（第2轮迟到15分钟）" stayed whole beside the widest groups, the table to 586pt of the
        # page's 595. Still past the content box, printed once more with the pieces' Chinese free
        # to break between its characters, as Chinese text does (a joiner next to a bracket, a
        # digit or a Latin letter kept: no "）" at a line's head, no number without its unit).
        # (Not _loose's, which keeps a unit of two characters whole: "15分钟）、" then ran past
        # the page beside the widest groups, where "15分" above "钟）、" is within it.)
        if _past_the_page(document):
            html = _KEPT.sub(lambda piece: _BETWEEN_CHINESE.sub("", piece[1]), kept)
            document = render(html)
    # A joined word wider than its column (the last column's overflow-wrap: anywhere, squeezed
    # to its least by wide groups) is broken by WeasyPrint between any two characters, joiners
    # and closing punctuation regardless: "。" or "）、" at a line's head, "迟到15" above "分钟".
    # WeasyPrint has no keep-all, nor a last resort of breaks at allowed places only, and which
    # word is too wide is known only once laid out: printed again with such words loosened where
    # Chinese text may break (_loosened: between characters, never before closing punctuation nor
    # inside a number and its unit) and, so that each piece left whole fits, the last column at
    # least as wide as the widest of them (its width otherwise as it was: its least is one
    # character either way). Loosening every joined word beforehand would break "直接晋级" where
    # its column holds it whole on the next line; a column as wide as the whole word (8
    # characters) leaves the groups beside it too little. If the widened column takes the table
    # past the page, printed loosened in the column as it was (a piece wider still broken).
    if WORD_JOINER in html:
        forced = _forced_breaks(document)
        if forced:
            loose, widest = _loosened(html, forced)
            # (as wide as the page leaves it, if not as wide as the widest piece: the pieces up to
            # that wide set whole, a wider one broken as before)
            width = min(widest, _last_column_most(document))
            widened = loose.replace("</head>", f"<style>td:last-child {{ min-width: {width:.2f}em; }}</style></head>", 1)
            again = render(widened) if width > LAST_COLUMN_LEAST else None
            if again is None or (_past_the_page(again) and not _past_the_page(document)):
                again = render(loose)
            document = again
    # A bookmark is its heading's text as laid out, word joiners and all (html.joined_words,
    # joined_names: U+2060 keeps a Chinese word whole on its line, WeasyPrint having no keep-all):
    # a member searching the bookmarks for an event's name found it with a joiner between each
    # two characters, never matched (rev58). The page's own text is extracted without them.
    for page in document.pages:
        page.bookmarks = [(level, label.replace("\u2060", ""), *rest) for level, label, *rest in page.bookmarks]
    return document.write_pdf()


KEPT_SPAN = '<span class="kept">'  # (bulletin.html's `together`: its end marked, a Chinese run's spans inside it)
_KEPT = re.compile(r'<span class="kept">(.*?)</span><!--kept-->', re.DOTALL)
_BETWEEN_CHINESE = re.compile(r"(?<=[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])\u2060(?=[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])")


def _past_the_page(document: object) -> bool:
    """Whether any text of `document` ends right of its page's content box (half a point spare)."""
    from weasyprint.formatting_structure.boxes import TextBox

    for page in document.pages:
        page_box = page._page_box
        right = page_box.content_box_x() + page_box.width + 0.5
        if any(isinstance(box, TextBox) and box.position_x + box.width > right for box in page_box.descendants()):
            return True
    return False


LAST_COLUMN_LEAST = 4.0  # em: bulletin.html's td:last-child min-width
# A Chinese character (CJK ideographs, extension A, compatibility), where Chinese text may break
_IDEOGRAPH = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_ORDINAL = re.compile(r"\u7b2c")  # 第, kept with its number
# A unit of two characters (html.joined_marks'), not parted after a number either: 15分钟
_UNIT_PAIR = re.compile("|".join(f"{first}[{seconds}]" for first, seconds in _TWO_CHARACTER_UNITS))
# Consecutive text of one line (joined spaces in it: "3 元" as 3, joiner, space, joiner, 元)
_RUN = re.compile(r"(?:\S|(?<=\u2060) (?=\u2060))+")
# A character's width in em in the notices' faces (measured in Noto Serif CJK SC at 10pt, with
# a little to spare: a figure 0.55, "IMP" 2.02, "VP" 1.36, "abc" 1.73, a space 0.26); a Chinese
# character or full-width mark 1, any other 0.6 (_loose)
_EM = {**dict.fromkeys("0123456789", 0.57), **dict.fromkeys("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0.75), " ": 0.27}


def _forced_breaks(document: object) -> set[str]:
    """The joined runs of `document`'s text that a line break parts where no break is allowed:
    at a word joiner, before closing punctuation, after opening punctuation, or between two
    letters or figures (only overflow-wrap: anywhere breaks there). Each as its characters, a
    NUL where it was broken."""
    from weasyprint.formatting_structure.boxes import LineBox, TextBox

    found: set[str] = set()
    for page in document.pages:
        for box in page._page_box.descendants():
            lines = [line for line in getattr(box, "children", ()) if isinstance(line, LineBox)]
            if len(lines) < 2:
                continue
            texts = ["".join(text.text for text in line.descendants() if isinstance(text, TextBox)) for line in lines]
            glued = texts[0]
            for before, after in zip(texts, texts[1:], strict=False):
                glued += ("\0" if _forced(before.rstrip(" "), after.lstrip(" ")) else "\n") + after
            found.update(run[0] for run in _RUN.finditer(glued) if "\0" in run[0])
    return found


def _forced(before: str, after: str) -> bool:
    """Whether a line ending in `before` and the next starting with `after` are parted where only
    overflow-wrap: anywhere parts them (_forced_breaks)."""
    if not before or not after:
        return False
    last, first = before[-1], after[0]
    return (WORD_JOINER in (last, first) or first in _CLOSING or last in _OPENING
            or (last.isascii() and last.isalnum() and first.isascii() and first.isalnum()))


def _last_column_most(document: object) -> float:
    """How wide, in em of its text, the last column of `document`'s tables could be with the rest
    as they are: its cells' width and the room between the widest table's right edge and its
    page's content box (half a point spare, as _past_the_page has it)."""
    from weasyprint.formatting_structure.boxes import TableBox, TableCellBox, TableRowBox

    most = float("inf")
    for page in document.pages:
        page_box = page._page_box
        right = page_box.content_box_x() + page_box.width + 0.5
        for table in page_box.descendants():
            if not isinstance(table, TableBox):
                continue
            room = right - (table.border_box_x() + table.border_width())
            for row in table.descendants():
                if isinstance(row, TableRowBox) and row.children and isinstance(row.children[-1], TableCellBox):
                    cell = row.children[-1]
                    most = min(most, (cell.width + room) / cell.style["font_size"])
    return most


def _loosened(html: str, runs: set[str]) -> tuple[str, float]:
    """`html` with each of `runs` (_forced_breaks) loosened where its text may break as Chinese
    text does: its word joiners dropped between two Chinese characters, after closing punctuation,
    before opening punctuation, and between a Chinese character and a number (not after 第); kept
    before closing and after opening punctuation, inside a number, between a number and its unit
    (a unit of two characters whole: 15分钟), and by Latin letters. And the widest piece left
    whole, in em of its text (_EM)."""
    head, body = html.split("<body", 1) if "<body" in html else ("", html)
    widest = 0.0
    for run in sorted(runs, key=len, reverse=True):
        between = "(?:<[^>]*>)*"
        pattern = "".join("(?:<[^>]*>| )*" if char == "\0" else re.escape(str(escape(char))) + between
                          for char in run)
        found = re.compile(rf"(?<!\u2060){pattern}(?!\u2060)")

        def loosen(match: re.Match[str]) -> str:
            nonlocal widest
            text, pieces = _loose(match[0])
            widest = max([widest, *pieces])
            return text

        body = found.sub(loosen, body)
    return (f"{head}<body{body}" if head else body), widest


def _loose(markup: str) -> tuple[str, list[float]]:
    """A run's markup loosened (_loosened), and the width of each piece it keeps whole."""
    seen: list[tuple[int, str]] = []  # (where in the markup, character) outside its tags
    at = 0
    while at < len(markup):
        if markup[at] == "<":
            end = markup.find(">", at)
            at = len(markup) if end < 0 else end + 1
            continue
        seen.append((at, markup[at]))
        at += 1
    dropped: set[int] = set()
    pieces = [0.0]
    for k, (where, char) in enumerate(seen):
        if char == WORD_JOINER and 0 < k < len(seen) - 1:
            left, right = seen[k - 1][1], seen[k + 1][1]
            before = [c for _, c in seen[:k - 1] if c not in (WORD_JOINER, " ")]
            unit = bool(before) and before[-1].isdigit() and bool(_UNIT_PAIR.fullmatch(left + right))
            chinese = bool(_IDEOGRAPH.match(left))
            if ((chinese or left in _CLOSING) and not unit
                    and (_IDEOGRAPH.match(right) or right in _OPENING or (chinese and right.isdigit() and not _ORDINAL.match(left)))):
                dropped.add(where)
                pieces.append(0.0)
            continue
        if char.isspace() and not (0 < k < len(seen) - 1 and WORD_JOINER in (seen[k - 1][1], seen[k + 1][1])):
            pieces.append(0.0)
            continue
        if char != WORD_JOINER:
            pieces[-1] += _EM.get(char, 1.0 if unicodedata.east_asian_width(char) in ("W", "F") else 0.6)
    return "".join(c for i, c in enumerate(markup) if i not in dropped), pieces


def _print_at(job: tuple[object, str]) -> tuple[object, bytes]:
    return job[0], _print(job[1])


# Documents a printing process makes, on average, before the pool is forked afresh (see the
# note at the top); one that takes its documents faster may make up to `workers` times as many.
WORKER_DOCUMENTS = 25


def print_pdfs(jobs: list[PrintJob], cache_dir: Path | None, workers: int | None = None,
               done: Callable[[int, int], None] | None = None, *, what: str = "printing_bulletins",
               lasting: bool = True, step: Callable[[int, int], None] | None = None) -> tuple[list[bytes], int]:
    """The PDFs of `jobs` in order, and how many had to be printed (the rest came from the cache).
    `done(printed so far, to print)` is called as each one is finished; `step(documents printed
    so far, of all)` as each WeasyPrint document is, a long form's parts and their page numbers
    each one (`paibang print`'s progress: a round of 1,000 tables is one form of minutes). Raises CouldNotFinish
    (generator/errors.py) when a printing process dies (killed for want of memory, a crash in a
    C library), its workers all gone by then; its words name what was printed (`what`, a UI
    word: the bulletins, or PDFs of any kind) and say that the PDFs printed so far are kept
    only when they are: in a `cache_dir` that outlives the command (`lasting`: not a build's
    private spare cache, build.py's _usable_cache)."""
    results: dict[int, bytes] = {}
    todo: list[int] = []
    for position, job in enumerate(jobs):
        found = _cached(cache_dir / f"{job.key}.pdf") if cache_dir else None
        # A cached PDF its seal vouches for is one this user's paibang wrote, not one that can be
        # read. Only a long form's parts were ever read (page_count, join_pdfs): a document of
        # FORM_PART_PAGES pages or fewer whose bytes were cut short before they were sealed (by
        # an older paibang, a printing process's result cut short) was published, then kept in
        # output/ at every build (incremental.py's kept_pdf). Printed again instead (readable_pdf).
        # (What WeasyPrint gives back now is not read again: its own output, a few milliseconds a
        # bulletin better not spent; the next build reading it from the cache would print it again.)
        if found is not None and readable_pdf(found):
            results[position] = found
        else:
            todo.append(position)
    # Each HTML made now, not before: a PDF in the cache needs none (and one gone from the cache
    # since the build planned it is printed from its HTML, never from nothing).
    htmls = {p: _html(jobs[p]) for p in todo}
    # Each WeasyPrint document to print, as ((position, part), HTML): a long form's parts
    # (bulletin_parts) printed apart, by any of the processes, as the other documents are.
    tasks = [((p, k), html) for p in todo
             for k, html in enumerate(htmls[p].parts if isinstance(htmls[p], Printed) else [htmls[p]])]
    workers = workers or min(len(tasks), os.cpu_count() or 1)
    from_cache = len(results)
    kept = cache_dir is not None and lasting
    parts: dict[int, dict[int, bytes]] = {}  # a long form's parts printed so far
    # every document to print: a long form's parts twice (their page numbers after them)
    steps = {"done": 0, "all": sum(2 * len(h.parts) if isinstance(h, Printed) else 1 for h in htmls.values())}
    again: list[tuple[object, str]] = []  # a long form's page numbers, once its parts are printed

    def keep(position: int, pdf: bytes) -> None:
        # Into the cache at once: a build that cannot finish (a printing process killed for want
        # of memory) prints only the others when it is run again.
        results[position] = pdf
        # (a full disk, Ctrl-C: no half-written PDF left in the cache; not synced: a PDF the
        # cache lost to a power cut is printed again, and a build writes hundreds of them)
        if cache_dir is not None:
            write_atomically(cache_dir / f"{jobs[position].key}.pdf", seal_of(pdf), pdf)
        if done:
            done(len(results) - from_cache, len(todo))

    def printed(task: tuple[int, int], pdf: bytes) -> None:
        position, k = task
        if step:
            steps["done"] += 1
            step(steps["done"], steps["all"])
        html = htmls[position]
        if not isinstance(html, Printed):
            del htmls[position]
            keep(position, pdf)
            return
        # A long form: its parts (0 … n-1), then, their pages known, each part's page numbers
        # (n … 2n-1), as many as it printed, numbered through the form as printed.
        got = parts.setdefault(position, {})
        got[k] = pdf
        n = len(html.parts)
        if len(got) == n:
            pages = [page_count(got[part], what) for part in range(n)]
            for part, numbers in enumerate(_numbers(pages)):
                again.append(((position, n + part), html.footers(part, *numbers, pages[part])))
        elif len(got) == 2 * n:
            del parts[position], htmls[position]
            keep(position, join_pdfs([got[part] for part in range(n)], what, [got[n + part] for part in range(n)]))

    def run(tasks: list[tuple[object, str]]) -> None:
        if len(tasks) > 1 and workers > 1:
            import_weasyprint()  # loaded once here, shared by the forked workers

            # The longest documents first, so that no core is left with a big one at the end.
            tasks.sort(key=lambda task: len(task[1]), reverse=True)
            context = multiprocessing.get_context("fork" if can_fork() else None)
            # A fresh pool for every WORKER_DOCUMENTS documents a worker, forked here, from the
            # build's only thread, once the last pool's processes are gone: not `maxtasksperchild`,
            # whose pool forks the replacements from a thread of its own while three others run (a
            # lock one of them holds at that moment is held for ever in the child).
            wave = WORKER_DOCUMENTS * workers
            ended = partial(_ended, what=what, kept=kept)  # how a dead one is said
            for start in range(0, len(tasks), wave):
                give_back_free_memory()  # not inherited by the workers (generator/forking.py)
                sent = tasks[start:start + wave]
                with contextlib.closing(_printed_by_workers(context, min(workers, len(sent)), sent, ended)) as pool:
                    for task, pdf in pool:
                        printed(task, pdf)
                del sent
        else:
            for task, html in tasks:
                printed(task, _printed_here(html, what, kept))

    while tasks:
        run(tasks)
        tasks, again = again, []
    return [results[p] for p in range(len(jobs))], len(todo)


# The largest PDF the cache gives back (seals.read_own): a bulletin of a big event with its
# fonts' subsets is a few MB; one of 256 MiB could be neither printed nor downloaded by the
# players it is for, and WeasyPrint would need many times that to make it. A larger file there is
# no bulletin of paibang's: printed again.
PDF_AT_MOST = 256 * 1024 * 1024


def _cached(path: Path) -> bytes | None:
    """The PDF the cache holds at `path`, when this user's paibang wrote it: sealed as the other
    caches are (generator/seals.py, the user's key). PDFs are published: one planted in the
    cache (its name is computable from the content), or changed there, is printed again, never
    copied into output/. (An HMAC over the PDF: well under a millisecond of a cached bulletin.)"""
    try:
        data, _ = read_own(path, PDF_AT_MOST, touch=True)  # (no link followed, no device, nothing larger than a
        # bulletin; touched, the very file read, not whatever is at its name after: kept by prune_cache)
        pdf = bytes(verified(data))
    except (OSError, Unsealed):
        return None
    return pdf


def _printed_here(html: str, what: str, kept: bool) -> bytes:
    """One document printed in this process; no memory left for it is said as a printing
    process's would be (_ended), not as a traceback."""
    try:
        return _print(html)
    except MemoryError:
        raise _out_of_memory(what, kept) from None


def _printed_by_workers(context: multiprocessing.context.BaseContext, workers: int, tasks: list[tuple[object, str]],
                        ended: Callable[[multiprocessing.process.BaseProcess], NoReturn],
                        ) -> Iterator[tuple[object, bytes]]:
    """(task's id, PDF) of each task as it is printed by `workers` processes, forked at once from
    the caller's thread, each given one document at a time over a pipe of its own, the tasks in
    their order. A process that ends before it is told to is given to `ended` (which raises:
    _ended). Closed (`closing`), or failed, it leaves no process behind.

    Not multiprocessing.Pool: a worker of a Pool that dies (SIGKILL from the kernel's
    out-of-memory killer, a segfault in a C library) is replaced in silence, from a thread of the
    pool's own, and the document it held is lost: imap_unordered then waits for ever and the
    build hangs without a word. Nor ProcessPoolExecutor, though it raises BrokenProcessPool: it
    cannot say how its process ended (killed, and by which signal: the fix differs) but through
    its private `_processes`, and its workers, which ignore Ctrl-C (_start_printing_worker), would
    each finish their document before it shut down. Here no thread runs at all, the end of every
    process is seen (its sentinel) with its exit code, and a failure, Ctrl-C, or a caller that
    stops listening terminates them all at once."""
    from multiprocessing.connection import wait

    waiting = tasks[::-1]  # taken from the end: the first task first
    processes: dict[Connection, multiprocessing.process.BaseProcess] = {}  # by the caller's end of its pipe
    told = False  # each process told that there is nothing more to print
    try:
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_printing_worker, args=(theirs, [*processes, ours]), daemon=True)
            processes[ours] = process
            process.start()
            theirs.close()  # a process forked after this one does not hold it: its end is seen (EOF)
        sentinels = {process.sentinel: process for process in processes.values()}
        idle, busy = list(processes), set()
        while waiting or busy:
            while idle and waiting:
                pipe = idle.pop()
                try:
                    pipe.send(waiting.pop())
                except OSError:  # it has ended (a broken pipe)
                    ended(processes[pipe])
                busy.add(pipe)
            ready = wait([*busy, *sentinels])
            for pipe in [r for r in ready if r in busy]:  # a document sent back before its process ended is not lost
                try:
                    position, pdf, failure = pipe.recv()
                except (EOFError, OSError):  # it ended as it was printing
                    ended(processes[pipe])
                if failure is not None:
                    raise failure
                busy.remove(pipe)
                idle.append(pipe)
                yield position, pdf
            for sentinel in ready:
                if sentinel in sentinels:  # no printing process may end before it is told to, idle or not
                    ended(sentinels[sentinel])
        told = True
        for pipe in processes:
            with contextlib.suppress(OSError):  # ended since its last document: all are printed
                pipe.send(None)
    finally:
        for pipe, process in processes.items():
            if process.pid is not None:  # started
                if told:
                    process.join(ENDING_SECONDS)
                if process.exitcode is None:  # a failure, Ctrl-C, a caller that stopped listening
                    process.terminate()
                    process.join(ENDING_SECONDS)
                if process.exitcode is None:
                    process.kill()
                    process.join()
            pipe.close()


ENDING_SECONDS = 5.0  # a printing process's time to end, told to or terminated, before it is killed


def _ended(process: multiprocessing.process.BaseProcess, what: str, kept: bool) -> NoReturn:
    """A printing process ended before it was told to: CouldNotFinish, saying how, what it was
    printing (`what`, a UI word) and, when it was killed, whether the PDFs printed so far are
    `kept` (in the cache, for the next run)."""
    process.join()
    code = process.exitcode or 0
    said = catalogues.word(what)
    if code == OUT_OF_MEMORY:
        raise _out_of_memory(what, kept)
    if code < 0:
        if -code == signal.SIGKILL:
            raise CouldNotFinish("printer_killed" if kept else "printer_killed_unkept", signal=-code, name="SIGKILL",
                                 what=said)
        raise CouldNotFinish("printer_crashed", signal=-code, name=signal_name(-code), what=said)
    raise CouldNotFinish("printer_exited", code=code, what=said)


def _out_of_memory(what: str, kept: bool) -> CouldNotFinish:
    """WeasyPrint ran out of memory (MemoryError) printing a document: said in one line, as a
    process killed for want of memory is, with whether the PDFs printed so far are `kept`."""
    return CouldNotFinish("printer_no_memory" if kept else "printer_no_memory_unkept", what=catalogues.word(what))


# A printing process's exit code when it ran out of memory (MemoryError; ENOMEM's number): it ends
# at once rather than send back a failure whose traceback and pickle need memory it has not got,
# and which its caller would raise as a traceback. _ended says it.
OUT_OF_MEMORY = 12


def _printing_worker(pipe: Connection, callers: list[Connection]) -> None:
    """A printing process: each document it is sent, printed and sent back, until it is sent None.
    A failure of WeasyPrint's is sent back, to be raised where the document was asked for; no
    memory left ends the process (OUT_OF_MEMORY). The caller's ends of the pipes, inherited, are
    closed: when the caller is gone (killed), `recv` ends, and so does this process."""
    _start_printing_worker()
    for end in callers:
        end.close()
    try:
        while (task := pipe.recv()) is not None:
            try:
                pipe.send((*_print_at(task), None))
            except MemoryError:
                os._exit(OUT_OF_MEMORY)
            except Exception as failure:  # noqa: BLE001 - raised again by the caller
                pipe.send((task[0], b"", _sendable(failure)))
    except (EOFError, OSError):  # the caller is gone (killed, with a document unread: ConnectionResetError)
        pass


def _sendable(failure: Exception) -> Exception:
    """`failure`, raised in a printing process, as it can be sent back to the caller: its
    traceback there in a note, or, where it cannot be pickled, a RuntimeError saying it."""
    text = "".join(traceback.format_exception(failure)).rstrip()
    failure.add_note(f"in the printing process {os.getpid()}:\n{text}")
    try:
        pickle.loads(pickle.dumps(failure))
    except Exception:  # noqa: BLE001 - anything pickle may raise
        return RuntimeError(text)
    return failure


def _html(job: PrintJob) -> str | Printed:
    html = job.html() if callable(job.html) else job.html
    if not html:
        raise ValueError(f"no HTML to print for {job.key}")  # never a blank PDF under a real key
    return html


CACHE_DAYS = 30
# The names paibang gives the PDF cache's files, and no others: a PDF under its printing key (a
# SHA-256, printing_key) and the temporary it is written as (seals.write_atomically's
# `<key>.pdf.tmp-<pid>-<thread>`; `<key>.tmp-<pid>` before it). Whatever else is in the folder,
# however old, is not paibang's to delete.
_CACHED_PDF = re.compile(r"[0-9a-f]{64}\.pdf")
_TEMPORARY = re.compile(r"[0-9a-f]{64}(?:\.pdf)?\.tmp-[0-9]+(?:-[0-9]+)?")


def prune_cache(cache_dir: Path, days: int = CACHE_DAYS) -> None:
    """Forget PDFs no build has used for `days` days, so the cache does not grow for ever, and
    the temporaries (`<key>.pdf.tmp-<pid>-<thread>`) a process killed as it wrote them left behind: one a day
    old is nobody's (a PDF is written in well under a second), whatever its pid, which may be
    another process's now or a process's of another machine sharing the folder. Only files
    paibang names so (`_CACHED_PDF`, `_TEMPORARY`) and makes (regular files, not links)."""
    if not cache_dir.is_dir():
        return
    now = time.time()
    try:
        with os.scandir(cache_dir) as found:
            items = list(found)
    except OSError:
        return
    for item in items:
        if _CACHED_PDF.fullmatch(item.name):
            limit = now - days * 86400
        elif _TEMPORARY.fullmatch(item.name):
            limit = now - 86400
        else:
            continue
        with contextlib.suppress(FileNotFoundError):  # pruned by another build, or renamed by its writer
            if item.is_file(follow_symlinks=False) and item.stat(follow_symlinks=False).st_mtime < limit:
                os.unlink(item.path)


def subsetting_is_slow() -> bool:
    """True when HarfBuzz's subsetter is missing: each Chinese PDF then costs ~8 s more."""
    import ctypes.util

    return ctypes.util.find_library("harfbuzz-subset") is None
