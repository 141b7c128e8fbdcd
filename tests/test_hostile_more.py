"""Hostile content, the rest of the review (issue 17): no tracebacks, bounded work, well-formed
output, namesakes kept apart, and hints that say the right thing.

- a file name that is not UTF-8 (a zip from a Chinese Windows), an escaped lone surrogate or
  control character, an output folder that cannot be written: a message, never a traceback;
- a stray 2 GB file in an event folder is never read to see whether it changed; an over-long
  title or text is refused at load, before WeasyPrint spends minutes laying it out;
- feed.xml always parses as XML; a control character in content is never sent to the terminal;
  base_url is http(s) only;
- two people of one name and group in one event have two pages; a look-alike letter from
  another script in a name is warned about;
- each failure says what is wrong and what was (not) done, for the command that was run.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.build import build, validate
from generator.cli import main
from generator.content.model import Site
from generator.content.reader import MAX_NAME_CHARS, confusable
from generator.content.yaml_loader import MAX_FILE_BYTES, MAX_TEXT_CHARS, load_yaml_text
from generator.errors import ContentError, ContentErrors, Mark, Problems
from generator.render import incremental
from generator.render.feed import Update, atom_feed, sitemap
from generator.render.html import render_site
from generator.render.i18n import Translator
from generator.render.output import OutputTree
from generator.render.players import collect_people
from support import demo_content
from test_players import write_event

GUANDAN = "tumu-guandan-2020"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# Characters no value may hold (C0 but tab and line feed, DEL, C1, surrogates, U+FFFE/U+FFFF).
UNSHOWABLE = [*map(chr, [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)]), "\ud800", "\udfff", "\ufffe", "\uffff"]
TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def codes(root: Path) -> dict[str, list[ContentError]]:
    try:
        _, _, warnings = validate(root)
        found = warnings
    except ContentErrors as failure:
        found = failure.problems
    result: dict[str, list[ContentError]] = {}
    for problem in found:
        result.setdefault(problem.code, []).append(problem)
    return result


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if needle in line)


@pytest.fixture
def guandan(tmp_path: Path) -> Path:
    """content/ with the site and the demo Guandan event; returns the event folder."""
    return demo_content(tmp_path, GUANDAN) / "events" / GUANDAN


# --- 1. no tracebacks -----------------------------------------------------------------------------

GBK_NAME = "报名.yaml".encode("gbk")


def test_a_file_name_that_is_not_utf8_is_hashed_not_a_crash(guandan: Path) -> None:
    """`check` passed and `build` crashed in build_inputs on a name os.walk gives with surrogates."""
    os.close(os.open(os.fsencode(guandan) + b"/" + GBK_NAME, os.O_CREAT | os.O_WRONLY))
    (guandan / "results" / "x").mkdir()
    with open(os.fsencode(guandan / "results" / "x") + b"/" + b"\xc8\xfc.txt", "wb") as handle:
        handle.write(b"stray")
    content = guandan.parents[1]
    with incremental.one_reading():
        inputs = incremental.build_inputs(content, False)
        kept = incremental._READ[guandan.resolve()]
    assert kept.hex() == incremental.folder_digest(guandan)
    os.rename(os.fsencode(guandan) + b"/" + GBK_NAME, os.fsencode(guandan) + b"/" + "报名2.yaml".encode("gbk"))
    assert incremental.build_inputs(content, False) != inputs  # the name still counts


def test_a_build_with_a_stray_gbk_named_file_succeeds(guandan: Path, tmp_path: Path) -> None:
    os.close(os.open(os.fsencode(guandan) + b"/" + GBK_NAME, os.O_CREAT | os.O_WRONLY))
    report = build(guandan.parents[1], tmp_path / "out", bulletins=False)
    assert report.events == 1


def test_a_content_file_named_in_gbk_is_refused_with_its_folder_and_the_fix(guandan: Path) -> None:
    source = (guandan / "results" / "round-3.yaml").read_bytes()
    (guandan / "results" / "round-3.yaml").unlink()
    with open(os.fsencode(guandan / "results") + b"/" + "第三轮.yaml".encode("gbk"), "wb") as handle:
        handle.write(source)
    (problem,) = codes(guandan.parents[1])["file-name-encoding"]
    assert problem.mark == Mark(guandan / "results")
    assert problem.params["guess"] == "第三轮.yaml"
    assert "rename" in problem.hint("en") and "改名" in problem.hint("zh-Hans")
    text = problem.format("en", guandan.parents[1])
    assert "\\xb5\\xda" in text and "results" in text


def test_an_event_folder_named_in_gbk_is_said_in_text_that_can_be_written(guandan: Path, capsys) -> None:
    """The name comes with surrogates, which no UTF-8 terminal, log or browser page can take."""
    os.rename(guandan, os.fsencode(guandan.parent) + b"/" + "掼蛋".encode("gbk"))
    assert main(["check", "--lang", "en", "--content", str(guandan.parents[1])]) == 1
    err = capsys.readouterr().err
    assert "slug-invalid" in err and "\\udc" in err
    err.encode("utf-8")


@SETTINGS
@given(char=st.sampled_from(UNSHOWABLE), where=st.sampled_from(["value", "key", "item"]))
def test_escaped_unshowable_characters_are_refused_at_load(char: str, where: str) -> None:
    escape = f"\\u{ord(char):04X}"
    text = {"value": f'title: x\nname: "O{escape}rg"\n', "key": f'title: x\n"na{escape}me": 1\n',
            "item": f'title: x\nplayers: [a, "b{escape}"]\n'}[where]
    problems = Problems()
    load_yaml_text(text, Path("x.yaml"), problems)
    (problem,) = problems.items
    assert problem.code == "text-control-char" and not problem.warning
    assert problem.mark.line == 2 and problem.params["char"] == f"U+{ord(char):04X}"


ESCAPES = ["\\0", "\\a", "\\b", "\\e", "\\v", "\\f", "\\r", "\\t", "\\n", "\\N", "\\_", "\\L", "\\P", "\\x1b",
           "\\x9b", "\\x7f", "\\ud800", "\\udfff", "\\uFFFE", "\\uffff", "\\U0010FFFF", "\\\\", '\\"', "\\u0041"]


def strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@SETTINGS
@given(pieces=st.lists(st.one_of(st.sampled_from(ESCAPES), st.text(max_size=5)), max_size=8),
       form=st.sampled_from(['name: "{}"\n', "name: {}\n", '"{}": 1\n', 'list: ["{}", x]\n', "block: |\n  {}\n"]))
def test_no_loaded_text_ever_holds_a_character_no_page_can_show(pieces: list[str], form: str) -> None:
    """Whatever is typed, raw or escaped, by either parser: a problem, or text that is safe."""
    text = form.format("".join(pieces))
    problems = Problems()
    value = load_yaml_text(text, Path("x.yaml"), problems)
    if not problems.errors:
        for found in strings(value):
            assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]", found), (text, found)


def test_a_lone_surrogate_in_a_title_is_a_content_error_not_a_pdf_crash(guandan: Path) -> None:
    event_file = guandan / "event.yaml"
    edit(event_file, "\ntitle: ", '\ntitle: "O\\ud800rg" # ')
    (problem,) = codes(guandan.parents[1])["text-control-char"]
    assert (problem.mark.file, problem.mark.line) == (event_file, line_of(event_file, "O\\ud800rg"))
    assert problem.params["char"] == "U+D800"


def test_an_output_folder_under_a_file_is_one_clear_line_and_exit_1(guandan: Path, tmp_path: Path, capsys) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    status = main(["build", "--quiet", "--lang", "en", "--content", str(guandan.parents[1]),
                   "--output", str(blocker / "output")])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err and "a-file" in err and "--output" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("error", "words"), [
    (PermissionError(13, "Permission denied", "/srv/site/output"), "no permission"),
    (OSError(28, "No space left on device", "/srv/site/output/x.pdf"), "the disk is full"),
    (OSError(30, "Read-only file system", "/srv/site/output"), "read-only"),
    (OSError(5, "Input/output error", "/srv/site/output"), "check that this place exists"),
    (OSError(98, "Address already in use"), "choose another with --port"),
    (OSError("something else"), "something else"),
])
def test_file_system_errors_are_said_in_the_site_language(error: OSError, words: str, guandan: Path,
                                                           monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """We run as root, so a real unwritable folder cannot be made here: the error is raised."""
    import generator.build

    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(generator.build, "build", refuse)
    assert main(["build", "--quiet", "--lang", "en", "--content", str(guandan.parents[1])]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and words in err and (error.filename is None or error.filename in err)
    assert len(err.strip().splitlines()) == 1


# --- 3. bounds ------------------------------------------------------------------------------------


class CountingOpen:
    """open() for incremental.py that counts the bytes read through it."""

    def __init__(self) -> None:
        self.read = 0

    def __call__(self, path: str, mode: str = "r", *args: object, **kwargs: object):  # noqa: ANN204
        handle = open(path, mode, *args, **kwargs)  # noqa: SIM115
        counter = self
        original = handle.read

        def read(size: int = -1) -> bytes:
            data = original(size)
            counter.read += len(data)
            return data

        handle.read = read  # type: ignore[method-assign]
        return handle


def test_a_big_stray_file_is_not_read_to_see_whether_it_changed(guandan: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    video = guandan / "颁奖.mp4"
    with open(video, "wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: nothing on disk, 64 MB to read
    counting = CountingOpen()
    monkeypatch.setattr(incremental, "open", counting, raising=False)
    content = guandan.parents[1]
    before = incremental.build_inputs(content, False)
    assert counting.read < 2 * MAX_FILE_BYTES
    counting.read = 0
    assert incremental.folder_digest(guandan) and counting.read < 2 * MAX_FILE_BYTES
    with open(video, "r+b") as handle:  # another size: another digest
        handle.truncate(65 * 1024 * 1024)
    assert incremental.build_inputs(content, False) != before
    stamp = os.stat(video)
    changed = incremental.build_inputs(content, False)
    os.utime(video, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))  # touched: changed
    assert incremental.build_inputs(content, False) != changed


def test_a_small_file_is_still_known_by_its_content(guandan: Path) -> None:
    """Same size, same modification time, other bytes: a content file's edit is always seen."""
    path = guandan / "results" / "round-1.yaml"
    before = incremental.folder_digest(guandan)
    stamp = os.stat(path)
    data = path.read_bytes()
    path.write_bytes(data.replace(b"T45+3", b"T45+2", 1))
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert incremental.folder_digest(guandan) != before


@SETTINGS
@given(extra=st.integers(min_value=1, max_value=5000), key=st.sampled_from(["title", "organizer", "venue"]))
def test_an_over_long_title_or_name_is_refused_with_the_fix(extra: int, key: str, tmp_path_factory) -> None:
    """A 300,000-character title took 92 s to build (WeasyPrint lays long text out in quadratic time)."""
    event = demo_content(tmp_path_factory.mktemp("long"), GUANDAN) / "events" / GUANDAN
    data = (event / "event.yaml").read_text(encoding="utf-8")
    long = "赛" * (MAX_NAME_CHARS + extra)
    data = re.sub(rf"^{key}: .*$", f"{key}: {long}", data, count=1, flags=re.M)
    (event / "event.yaml").write_text(data, encoding="utf-8")
    found = codes(event.parents[1])
    (problem,) = found["name-too-long"]
    assert problem.params == {"key": key, "length": MAX_NAME_CHARS + extra, "limit": MAX_NAME_CHARS}
    assert problem.mark.line == line_of(event / "event.yaml", long) and "notice.md" in problem.hint("en")


def test_an_over_long_player_name_in_a_list_is_refused(guandan: Path) -> None:
    event_file = guandan / "event.yaml"
    text = event_file.read_text(encoding="utf-8")
    first = re.search(r"players: \[([^,\]]+)", text).group(1)
    edit(event_file, f"players: [{first},", f"players: [{'名' * 201},")
    (problem,) = codes(guandan.parents[1])["name-too-long"]
    assert problem.params["key"].endswith("players") and problem.mark.line == line_of(event_file, "名" * 201)


@pytest.mark.parametrize(("text", "line", "brackets"), [
    ("# 通知\n\n" + "[" * 8000 + "\n", 3, 8000),  # 29 s in Python-Markdown
    ("# 通知\n\n[规程](https://example.org/)\n\n" + "[" * 200 + "赛" * 100_000 + "\n", 5, 200),  # 34 s
    ("\n\n".join("[a](" * 300 for _ in range(20)), 1, 300),  # each paragraph fine, all of them not
    ("# 通知\n\n\n  \n\n" + "[" * 8000 + "\n", 6, 8000),  # after several blank lines
])
def test_a_notice_markdown_would_take_minutes_to_read_is_refused(text: str, line: int, brackets: int,
                                                                  guandan: Path) -> None:
    notice = guandan / "notice.md"
    notice.write_text(text, encoding="utf-8")
    (problem,) = codes(guandan.parents[1])["notice-too-complex"]
    assert (problem.mark.file, problem.mark.line) == (notice, line) and problem.params["brackets"] == brackets


def test_a_notice_with_many_links_is_read(guandan: Path, tmp_path: Path) -> None:
    links = "\n".join(f"- [第 {n} 轮对阵](https://example.org/round-{n}) 与 [成绩](../r{n}.html)" for n in range(1, 31))
    (guandan / "notice.md").write_text("# 通知\n\n" + ("说明文字。" * 200 + "\n\n") * 5 + links + "\n", encoding="utf-8")
    validate(guandan.parents[1])


def test_a_text_longer_than_any_value_is_refused_at_its_place() -> None:
    problems = Problems()
    value = load_yaml_text(f"a: 1\nnote: {'x' * (MAX_TEXT_CHARS + 1)}\n", Path("x.yaml"), problems)
    (problem,) = problems.items
    assert (problem.code, problem.mark.line, problem.mark.column) == ("text-too-long", 2, 7)
    assert len(value["note"]) < MAX_TEXT_CHARS


def test_a_long_source_line_is_shown_cut_around_the_column(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\nb: " + "长" * 100_000 + "\n", encoding="utf-8")
    problem = ContentError("text-too-long", Mark(path, 2, 4), {"length": 100_000, "limit": MAX_TEXT_CHARS})
    shown = problem.format("en")
    assert len(shown) < 1000
    source, caret = shown.splitlines()[1:3]
    assert source.endswith("…") and caret.index("^") == source.index("长")


# --- 4. bad output --------------------------------------------------------------------------------

SITE = Site(title="站", organization=None, locale="en", base_url="https://example.org/r/", private=(), events=[],
            root=Path("/nowhere"))


@SETTINGS
@given(title=st.text(), summary=st.text(), organization=st.text(), url=st.text())
def test_the_feed_is_always_well_formed_xml(title: str, summary: str, organization: str, url: str) -> None:
    """Whatever reaches it (load refuses control characters; this is the feed's own guard)."""
    site = Site(title=title, organization=organization, locale="en", base_url="https://example.org/r/", private=(),
                events=[], root=Path("/nowhere"))
    items = [Update("k", title, url, dt.date(2024, 5, 1), summary, "en")]
    root = ElementTree.fromstring(atom_feed(site, items, Translator("en")).encode("utf-8"))
    assert root.tag.endswith("feed")
    ElementTree.fromstring(sitemap(site, [(url, None)]).encode("utf-8"))


@SETTINGS
@given(text=st.text())
def test_the_feeds_escaping_and_ids_are_the_standard_librarys(text: str) -> None:
    """feed.py writes out xml.sax.saxutils' escape and quoteattr and uuid's uuid5 (not imported: 20 ms
    a build): the feed's bytes and its entries' ids, which feed readers know them by, as they were."""
    import uuid
    from xml.sax.saxutils import escape, quoteattr

    from generator.render import feed

    assert feed._escaped(text) == escape(text)
    assert feed._quoted(text) == quoteattr(text)
    assert feed._uuid5_urn(text) == uuid.uuid5(uuid.NAMESPACE_URL, text).urn
    for value in (text + "'", text + '"', text + "'\"\t\n\r&<>"):
        assert feed._quoted(value) == quoteattr(value)


def test_the_feed_drops_exactly_the_characters_xml_cannot_hold() -> None:
    """XML 1.0's Char production: tab, line feed, carriage return, U+0020-U+D7FF, U+E000-U+FFFD,
    U+10000-U+10FFFF. feed._NOT_XML says its complement (cheaper to compile): every code point,
    kept or dropped as that production says."""
    from generator.render import feed

    every = "".join(map(chr, range(0x110000)))
    xml = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
    assert feed._NOT_XML.findall(every) == xml.findall(every) and len(xml.findall(every)) == 2079


def test_the_feed_keeps_the_text_around_what_xml_cannot_hold() -> None:
    items = [Update("k", "A\x00B\ufffeC\x1bD", "events/x/index.html", dt.date(2024, 5, 1), "s\x0b", "en")]
    feed = ElementTree.fromstring(atom_feed(SITE, items, Translator("en")).encode("utf-8"))
    titles = [e.text for e in feed.iter("{http://www.w3.org/2005/Atom}title")]
    assert "ABCD" in titles


@SETTINGS
@given(char=st.sampled_from([c for c in UNSHOWABLE if c not in "\ud800\udfff\x85\r"]), tail=st.text(max_size=20))
def test_the_error_printer_never_sends_a_control_character_to_the_terminal(char: str, tail: str, tmp_path_factory) -> None:
    """A raw ESC in a YAML file was echoed in the error's source line: a file could retitle the
    terminal window or rewrite the screen."""
    path = tmp_path_factory.mktemp("esc") / "x.yaml"
    path.write_text(f"title: x\nvenue: a{char}]0;pwned\x07{tail}\n", encoding="utf-8", errors="surrogatepass")
    from generator.content.yaml_loader import load_yaml

    problems = Problems()
    load_yaml(path, problems)
    assert problems.items
    for problem in problems.items:
        shown = problem.format("en")
        assert not TERMINAL_UNSAFE.search(shown), repr(shown)
        if problem.code == "yaml-control-char":
            assert (problem.mark.line, problem.mark.column) == (2, 9)
            assert "indentation" not in shown
            if ord(char) < 0x100:
                assert f"\\x{ord(char):02x}" in shown


@pytest.mark.parametrize("address", ["javascript:alert(1)", "JavaScript://example.org/%0aalert(1)",
                                     "data:text/html,<script>alert(1)</script>", "ftp://example.org/",
                                     "/results/", "example.org", "https://", "http://[::1"])
def test_base_url_must_be_an_http_or_https_address(address: str, guandan: Path) -> None:
    site_file = guandan.parents[1] / "site.yaml"
    text = site_file.read_text(encoding="utf-8")
    site_file.write_text(re.sub(r"^base_url: .*$", f'base_url: "{address}"', text, flags=re.M)
                         if "base_url:" in text else text + f'base_url: "{address}"\n', encoding="utf-8")
    (problem,) = codes(guandan.parents[1])["url-scheme"]
    assert problem.params["value"] == address and problem.mark.file == site_file


@pytest.mark.parametrize("address", ["https://example.org/results/", "http://127.0.0.1:8000/", "HTTPS://Example.org"])
def test_an_http_or_https_base_url_is_accepted(address: str, guandan: Path) -> None:
    site_file = guandan.parents[1] / "site.yaml"
    text = site_file.read_text(encoding="utf-8")
    site_file.write_text(re.sub(r"^base_url: .*$", f'base_url: "{address}"', text, flags=re.M)
                         if "base_url:" in text else text + f'base_url: "{address}"\n', encoding="utf-8")
    site, _, _ = validate(guandan.parents[1])
    assert site.base_url == address


# --- 5. namesakes and look-alikes -----------------------------------------------------------------

SMALL_SITE = "title: 测试站\nlocale: zh-Hans\nbase_url: https://example.org/\n"


@pytest.fixture
def small(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    root.mkdir()
    (root / "site.yaml").write_text(SMALL_SITE, encoding="utf-8")
    return root


def test_namesakes_in_one_event_are_two_people_each_with_a_page_that_says_so(small: Path, tmp_path: Path) -> None:
    write_event(small, "e2015", "2015-05-15", [("A1", ["张伟", "李华"], "13级1班"), ("A2", ["张伟", "李四"], "13级1班")])
    write_event(small, "e2016", "2016-05-15", [("B1", ["张伟", "赵六"], "13级1班"), ("B2", ["钱七", "孙八"], "13级2班")])
    site, results, _ = validate(small)
    people = collect_people(results)
    zhangs = [p for p in people.everyone if p.name == "张伟"]
    assert len(zhangs) == 3  # two in 2015, kept apart; the one of 2016 cannot be told to be either
    apart = sorted((p for p in zhangs if p.apart), key=lambda p: p.apart.entry_id)
    assert [p.apart.entry_id for p in apart] == ["A1", "A2"] and all(p.apart.count == 2 for p in apart)
    assert [e.entry.id for e in apart[0].events] == ["A1"] and [e.entry.id for e in apart[1].events] == ["A2"]
    assert people.of("e2015", "A1", 0) is apart[0] and people.of("e2015", "A2", 0) is apart[1]
    assert all(len(p.homonyms) == 2 for p in zhangs)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    for person in apart:
        page = (out / "players" / person.key / "index.html").read_text(encoding="utf-8")
        assert "2 位选手同名“张伟”、同属“13级1班”" in page and f"参赛队 {person.apart.entry_id} 中的那一位" in page
        other = next(p for p in apart if p is not person)
        assert f'href="../../players/{other.key}/index.html"' in page and other.apart.entry_id in page
    index = (out / "players" / "index.html").read_text(encoding="utf-8")
    assert "赛事e2015 A1</span>" in index and "赛事e2015 A2</span>" in index  # told apart in the list too


def test_namesakes_within_one_entry_are_two_people(small: Path) -> None:
    write_event(small, "e2015", "2015-05-15", [("A1", ["张伟", "张伟", "王五"], "1班"), ("A2", ["李四", "赵六"], "2班")])
    _, results, _ = validate(small)
    people = collect_people(results)
    one, two = people.of("e2015", "A1", 0), people.of("e2015", "A1", 1)
    assert one is not two and one.key != two.key
    assert [name for name, _ in one.events[0].teammates] == ["张伟", "王五"]
    assert one.events[0].teammates[0][1] is two


def test_one_name_in_two_events_is_still_one_person(small: Path) -> None:
    """Rule 5 only splits namesakes of one event: the everyday case is unchanged."""
    write_event(small, "e2015", "2015-05-15", [("A1", ["张伟", "李华"], "1班"), ("A2", ["李四", "赵六"], "2班")])
    write_event(small, "e2016", "2016-05-15", [("B1", ["张伟", "孙八"], "1班"), ("B2", ["钱七", "周九"], "2班")])
    _, results, _ = validate(small)
    (zhang,) = [p for p in collect_people(results).everyone if p.name == "张伟"]
    assert zhang.apart is None and len(zhang.events) == 2


@pytest.mark.parametrize(("name", "odd"), [("Аlice", "U+0410"), ("Bοb", "U+03BF"), ("Jоhn Smith", "U+043E"),
                                           ("Алиса Cмирнова", "U+0043")])
def test_a_look_alike_letter_in_a_name_gets_a_warning_naming_it(name: str, odd: str, small: Path) -> None:
    write_event(small, "e2015", "2015-05-15", [("A1", [name, "李华"], "1班"), ("A2", ["李四", "赵六"], "2班")])
    _, _, warnings = validate(small)
    (warning,) = [w for w in warnings if w.code == "name-confusable"]
    assert warning.warning and odd in warning.params["chars"] and warning.params["value"] == name
    assert warning.mark.line == line_of(small / "events/e2015/event.yaml", name)


@pytest.mark.parametrize("name", ["Alice", "Алиса", "Ω 队 Alpha", "张三", "Zoë", "Σωκράτης", "O'Brien-Smith"])
def test_a_name_in_one_script_is_not_warned_about(name: str) -> None:
    assert confusable(name) is None


# --- 6. hints -------------------------------------------------------------------------------------


def test_an_oversized_event_yaml_says_what_is_too_big_and_how_to_fix_it(guandan: Path) -> None:
    event_file = guandan / "event.yaml"
    event_file.write_text(event_file.read_text(encoding="utf-8") + "#" * MAX_FILE_BYTES, encoding="utf-8")
    (problem,) = codes(guandan.parents[1])["event-file-too-large"]
    assert problem.mark.file == event_file
    assert "event.yaml" in problem.message("en") and "entries.yaml" in problem.hint("en")
    assert "round" not in problem.hint("en") and "每轮" not in problem.hint("zh-Hans")


def test_a_failed_check_does_not_say_nothing_was_built(guandan: Path, capsys) -> None:
    edit(guandan / "event.yaml", "\ntitle:", "\ntitel:")
    assert main(["check", "--lang", "en", "--content", str(guandan.parents[1])]) == 1
    err = capsys.readouterr().err
    assert re.search(r"paibang: \d+ errors? found\.", err) and "built" not in err


def test_a_failed_import_says_nothing_was_imported(guandan: Path, tmp_path: Path, capsys) -> None:
    sheet = tmp_path / "bad.csv"
    sheet.write_text("组号,姓名\nA01,\n", encoding="utf-8")
    assert main(["import", GUANDAN, str(sheet), "--lang", "en", "--content", str(guandan.parents[1])]) == 1
    err = capsys.readouterr().err
    assert "nothing was imported" in err and "built" not in err


def test_a_control_character_is_named_with_its_place_not_an_indentation_hint(guandan: Path, capsys) -> None:
    path = guandan / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("stage: main", "stage: ma\x1bin", 1), encoding="utf-8")
    assert main(["check", "--lang", "en", "--content", str(guandan.parents[1])]) == 1
    err = capsys.readouterr().err
    at = line_of(path, "stage: ma")
    assert f"an invisible control character U+001B at line {at}, column 10" in err
    assert "delete it" in err and "indentation" not in err and "\x1b" not in err


# --- rev5 #10: small robustness items ---------------------------------------------------------


def test_a_temporary_planted_as_a_link_is_not_written_through(tmp_path: Path) -> None:
    """seals._write_whole's temporary (`<name>.tmp-<pid>-<thread>`) is made anew (O_EXCL|O_NOFOLLOW):
    a link found at its name is removed, never written through."""
    import threading

    from generator.seals import write_atomically, write_durably

    victim = tmp_path / "victim"
    victim.write_text("mine", encoding="utf-8")
    for write, name in ((write_atomically, "cache-file"), (write_durably, "results.yaml")):
        path = tmp_path / name
        (tmp_path / f"{name}.tmp-{os.getpid()}-{threading.get_ident()}").symlink_to(victim)
        write(path, b"written")
        assert path.read_bytes() == b"written" and not path.is_symlink()
        assert victim.read_text(encoding="utf-8") == "mine"


def test_new_over_an_event_folder_that_is_a_dangling_link_says_so(tmp_path: Path, capsys) -> None:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    (content / "events" / "e2").symlink_to(tmp_path / "nowhere")
    assert main(["new", "e2", "--game", "guandan", "--content", str(content)]) == 2  # (a usage error)
    assert "e2" in capsys.readouterr().err
    assert not (tmp_path / "nowhere").exists()
