"""Which encoding a file is read in, told on real Chinese text: the project's own zh catalogues
(written by people, not made up for the test), and registration sheets as secretaries save
them. A BOM-less UTF-16 file of Chinese text (few zero bytes) and a small Big5 sheet (which
decodes as GB18030 too, into rare characters) were the gaps."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.commands.registrations import import_registrations
from generator.content import sheet_text
from generator.content.wide_text import wide_codec
from generator.errors import ContentErrors
from tests.support import bare_event as new_event
from tests.support import demo_content

ROOT = Path(__file__).resolve().parents[1]


def catalogue_lines(locale: str) -> list[str]:
    """The messages of a zh catalogue: real Chinese prose with ASCII placeholders in it."""
    path = ROOT / "generator/locales" / locale / "LC_MESSAGES/messages.po"
    return [line[8:-2] for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith('msgstr "') and len(line) > 12]


def samples(locale: str, encoding: str) -> list[str]:
    """Texts of 1, 2, 5 and 30 catalogue lines (CRLF, as Windows saves), each one `encoding` can write."""
    lines = [line for line in catalogue_lines(locale) if line.encode(encoding, "ignore").decode(encoding) == line]
    picked = random.Random(7)
    return ["\r\n".join(picked.sample(lines, min(n, len(lines)))) for n in (1, 2, 5, 30) for _ in range(25)]


@pytest.mark.parametrize("locale", ["zh_Hans", "zh_Hant"])
@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_bomless_utf16_chinese_text_is_told_by_its_characters(locale: str, encoding: str) -> None:
    # (these texts are Chinese with a few ASCII placeholders: under 90% zero bytes, once missed)
    for text in samples(locale, encoding):
        assert wide_codec(text.encode(encoding)) == encoding, text


@pytest.mark.parametrize("locale", ["zh_Hans", "zh_Hant"])
@pytest.mark.parametrize("encoding", ["utf-8", "gb18030", "big5"])
def test_utf8_gb18030_and_big5_text_is_never_taken_for_utf16(locale: str, encoding: str) -> None:
    checked = 0
    for text in samples(locale, encoding):
        data = text.encode(encoding)
        if len(data) % 2 == 0:  # (an odd length is never UTF-16)
            checked += 1
            assert wide_codec(data) is None, text
    assert checked > 20


@pytest.mark.parametrize(("locale", "encoding"), [("zh_Hant", "big5"), ("zh_Hans", "gb18030"), ("zh_Hant", "gb18030")])
def test_legacy_chinese_text_is_read_in_its_own_encoding_or_said_unsure(locale: str, encoding: str) -> None:
    """A text of five lines or more is read in its own encoding; one of a line or two is read so
    or refused as unsure, never read in the other (its characters garbled)."""
    for text in samples(locale, encoding):
        found = sheet_text.decode(text.encode(encoding))
        assert found == (text, encoding) or (found is None and sheet_text.unsure(text.encode(encoding))), text
        if text.count("\r\n") >= 4:
            assert found == (text, encoding), text


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    return demo_content(tmp_path)


SMALL_BIG5 = [["姓名", "組號", "電話"], ["王小明", "1", "0912345678"], ["陳大文", "1", "0922333444"]]
CHINESE_NAMES = [["队名", "选手", "电话"], ["结构一队", "王强", "13811112222"], ["结构一队", "李娜", ""],
                 ["道路与桥梁队", "赵刚", ""], ["道路与桥梁队", "钱芳", ""]]


@pytest.mark.parametrize(("rows", "names", "encoding", "said", "separator"), [
    # read as GB18030 (headings ﹎,舱腹,筿杠) and refused: its headings are now read
    (SMALL_BIG5, [["王小明", "陳大文"]], "big5", "Big5", ","),
    # Excel's "Unicode text" without its BOM: its Chinese characters have no zero byte
    (CHINESE_NAMES, [["王强", "李娜"], ["赵刚", "钱芳"]], "utf-16-le", "UTF-16", "\t"),
    (CHINESE_NAMES, [["王强", "李娜"], ["赵刚", "钱芳"]], "utf-16-be", "UTF-16", "\t"),
    (CHINESE_NAMES, [["王强", "李娜"], ["赵刚", "钱芳"]], "utf-16-le", "UTF-16", ","),
])
def test_a_small_big5_sheet_and_a_bomless_utf16_one_are_imported(content: Path, tmp_path: Path, rows: list[list[str]],
                                                                  names: list[list[str]], encoding: str, said: str, separator: str,
                                                                  capsys) -> None:
    event = new_event(content)
    sheet = tmp_path / "s.csv"
    sheet.write_bytes("\r\n".join(separator.join(row) for row in rows).encode(encoding))
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 0
    assert capsys.readouterr().out.startswith(f"编码：{said}\n")
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == event.name).entries
    assert [[p.name for p in e.players] for e in entries.values()] == names


def refused_as_unsure(content: Path, tmp_path: Path, data: bytes):  # noqa: ANN201
    """A sheet of these bytes imported on a site in English: refused as registration-encoding-unsure,
    nothing written; the problem."""
    event = new_event(content)
    sheet = tmp_path / "s.csv"
    sheet.write_bytes(data)
    with pytest.raises(ContentErrors) as failure:
        import_registrations(content, event.name, sheet, locale="en")
    [problem] = failure.value.problems
    assert problem.code == "registration-encoding-unsure"
    assert not (event / "entries.yaml").exists()
    return problem


def test_a_sheet_that_reads_as_chinese_in_gb18030_and_big5_alike_is_refused_naming_both(content: Path,
                                                                                          tmp_path: Path) -> None:
    """李刘 in GB18030 is 燠隸 in Big5, both common characters: either guess could garble every name
    (on a site in English: a Chinese site's script settles it, below)."""
    problem = refused_as_unsure(content, tmp_path, "李刘\r\n".encode("gb18030"))
    assert "GB18030 (GBK) / Big5" in problem.message("en") and "CSV UTF-8" in problem.hint("zh-Hans")


def test_a_short_gbk_sheet_reading_as_chinese_in_big5_too_is_told_by_its_headings(content: Path, tmp_path: Path,
                                                                                    capsys) -> None:
    """队名,姓名 over one row reads as common characters in Big5 too: told by the heading that
    only the GB18030 reading has (GB18030 first used to take it; scoring alone refuses it)."""
    raw = "队名,姓名\r\n李刘,刘李\r\n".encode("gb18030")
    sheet_text.know_headings(lambda cell: False)
    assert sheet_text.decode(raw) is None and sheet_text.unsure(raw) == ("gb18030", "big5")
    event = new_event(content)
    sheet = tmp_path / "s.csv"
    sheet.write_bytes(raw)
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 0
    assert capsys.readouterr().out.startswith("编码：GB18030 (GBK)\n")
    site, _, _ = validate(content)
    [entry] = next(e for e in site.events if e.slug == event.name).entries.values()
    assert entry.name == "李刘" and [p.name for p in entry.players] == ["刘李"]


@pytest.mark.parametrize(("locale", "encoding", "names"), [
    ("zh-Hans", "gb18030", ["\u9093\u96ea\u658c", "\u6234\u534e", "\u66fe\u7ea2\u51e4"]),
    ("zh-Hant", "big5", ["\u9127\u96ea\u658c", "\u6234\u83ef", "\u66fe\u7d05\u9cf3"]),
])
def test_a_short_sheet_headed_in_english_is_read_in_the_sites_script(content: Path, tmp_path: Path, locale: str,
                                                                     encoding: str, names: list[str]) -> None:
    """name,team over three rows of GBK read as common characters in Big5 too, and the English
    headings read alike in both: refused as unsure (it was read right before h-import3; rev73).
    A simplified Chinese site's sheet is read as GBK, a traditional one's as Big5."""
    teams = ["\u84dd\u961f", "\u7ea2\u961f", "\u7ea2\u961f"] if encoding == "gb18030" else ["\u85cd\u968a", "\u7d05\u968a", "\u7d05\u968a"]
    raw = "\r\n".join(["name,team", *(f"{n},{t}" for n, t in zip(names, teams))]).encode(encoding)
    event = new_event(content)
    sheet = tmp_path / "s.csv"
    sheet.write_bytes(raw)
    import_registrations(content, event.name, sheet, locale=locale)
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == event.name).entries
    assert sorted(p.name for e in entries.values() for p in e.players) == sorted(names)


# An international students' club's sheet saved by Excel as "CSV" on a Western-European Windows:
# Windows-1252. Read as GB18030 it was refused as no encoding paibang reads (\u00e9 before a comma is
# no GBK character), or, where every accented letter met a byte GBK pairs it with, garbled.
LATIN_NAMES = [["name", "team"], ["Jos\u00e9 M\u00fcller", "Les Bleus"], ["Zo\u00eb \u00c5ngstr\u00f6m", "Les Bleus"],
               ["Fran\u00e7ois Lef\u00e8vre", "\u00c9quipe B"], ["Bj\u00f6rn \u00d8ster", "\u00c9quipe B"]]


def test_a_windows_1252_sheet_of_latin_names_is_read_as_such(content: Path, tmp_path: Path, capsys) -> None:
    event = new_event(content)
    sheet = tmp_path / "s.csv"
    sheet.write_bytes("\r\n".join(",".join(row) for row in LATIN_NAMES).encode("cp1252"))
    assert main(["import", event.name, str(sheet), "--content", str(content)]) == 0
    assert capsys.readouterr().out.startswith("\u7f16\u7801\uff1aWindows-1252 (Latin-1)\n")
    site, _, _ = validate(content)
    entries = next(e for e in site.events if e.slug == event.name).entries
    assert [(e.name, [p.name for p in e.players]) for e in entries.values()] == [
        ("Les Bleus", ["Jos\u00e9 M\u00fcller", "Zo\u00eb \u00c5ngstr\u00f6m"]),
        ("\u00c9quipe B", ["Fran\u00e7ois Lef\u00e8vre", "Bj\u00f6rn \u00d8ster"])]


def test_a_sheet_reading_as_latin_names_and_as_chinese_is_refused_naming_both(content: Path, tmp_path: Path) -> None:
    """Ren\u00e9e in Windows-1252 is Ren\u95f2 in GBK, a common character: it was imported so, the name
    garbled in entries.yaml. Neither is guessed."""
    problem = refused_as_unsure(content, tmp_path, "name,team\r\nRen\u00e9e,A\r\n".encode("cp1252"))
    assert "GB18030 (GBK) / Windows-1252 (Latin-1)" in problem.message("en") and "CSV UTF-8" in problem.hint("en")


@pytest.mark.parametrize(("locale", "encoding"), [("zh_Hans", "gb18030"), ("zh_Hant", "big5"), ("zh_Hant", "gb18030")])
def test_chinese_text_is_never_read_as_windows_1252(locale: str, encoding: str) -> None:
    """GBK's and Big5's bytes read as Windows-1252 are accented letters too (\u738b\u5f3a is \u00cd\u00f5\u00c7\u00bf): each
    line of the zh catalogues, alone, stays read as before, in its own encoding or refused."""
    for line in catalogue_lines(locale):
        data = line.encode(encoding, "ignore")
        found = sheet_text.decode(data)
        assert found is None or found[1] != "cp1252", line
        assert "cp1252" not in sheet_text.unsure(data), line
