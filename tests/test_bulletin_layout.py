"""A printed notice's table laid out by its content: a name or a group kept whole (no "范玉" above
"兰）", no "13级动物医学1" above "班" doubling every row), a heading of words breaking between them
to leave the names room, and no last page holding a single row. Read back with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import validate
from generator.render.bulletins import bulletins_for
from generator.render.pdf import _print, bulletin_html

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def printed(tmp_path: Path, locale: str, slug: str, name: str) -> Path:
    """One bulletin of the demo's event `slug`, printed, the site in `locale`."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    site_yaml = (ROOT / "content/site.yaml").read_text(encoding="utf-8")
    (content / "site.yaml").write_text(re.sub(r"(?m)^locale: .*$", f"locale: {locale}", site_yaml), encoding="utf-8")
    shutil.copytree(ROOT / "content/events" / slug, content / "events" / slug)
    site, results, _ = validate(content)
    bulletin = next(b for b in bulletins_for(results[0], site.locale) if b.name == name)
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(_print(bulletin_html(bulletin, site.locale)))
    return path


def pages(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return text.split("\f")[:-1]


def test_the_english_qualifiers_keep_each_group_whole_on_one_page(tmp_path: Path) -> None:
    sheet = pages(printed(tmp_path, "en", "dongke-bridge-2015", "qualifiers-prelim"))
    assert len(sheet) == 1  # the 16th qualifier went alone onto page 2
    rows = [line for line in sheet[0].splitlines() if re.match(r"\s*\d+\s+A\d+\s", line)]
    assert len(rows) == 16
    assert all(re.search(r"\d\d级动物\w\w\d班", row) for row in rows), rows
    assert not re.search(r"(?m)^\s+班\s*$", sheet[0])  # no "班" on a line of its own


def test_a_guandan_rounds_team_cell_breaks_between_players_not_inside_a_name(tmp_path: Path) -> None:
    text = "\n".join(pages(printed(tmp_path, "zh-Hans", "tongxin-guandan-2025", "round-swiss-1")))
    assert "范玉兰" in text and "孙佳琪" in text  # (was "范玉" above "兰）")
    for line in text.splitlines():
        # a wrapped team cell's second line starts with a whole player's name, not a piece of one
        assert not re.match(r"\s+[\u4e00-\u9fff]{1,2}）", line) or re.match(r"\s+[\u4e00-\u9fff]{2,4}）", line), line


def test_no_last_page_holds_a_single_row(tmp_path: Path) -> None:
    sheet = pages(printed(tmp_path, "zh-Hans", "dongke-bridge-2015", "credits"))
    last = [line for line in sheet[-1].splitlines() if re.match(r"\s*\d+\s+\S", line)]
    assert len(sheet) > 1 and len(last) >= 2, sheet[-1]


def test_a_pressed_last_column_keeps_every_character_breaks_between_words_and_keeps_to_the_page(tmp_path: Path, caplog) -> None:  # noqa: ANN001
    """The last column (备注, 奖品) breaks between its words only: WeasyPrint has no word-break:
    keep-all (it ignored the rule with a warning), and a column pressed by wide groups printed
    "直接晋" above "级". Its words kept in no-wrap spans in its place, WeasyPrint dropped a lone
    digit at a line break ("罚 3 IMP（慢打）" printed "罚 IMP（慢打）"), and the spans widened the
    table to 590pt of the page's 595 beside the middle groups (576pt with the headings kept whole:
    "胜利分（VP）" now breaks before its bracket). Joined by word joiners, every character is
    printed, and every word's right edge is within the page's right margin: beside the widest
    groups too, where the bracketed reason's no-wrap span took the table to 586pt and is dropped
    (pdf._print prints it again without: the reason breaks in the column, "罚 1 VP" above it).
    On an English page too, the Chinese marked as such (lang spans, whose text WeasyPrint's
    overflow-wrap never breaks): the reason kept whole there took the table to 586pt."""
    import datetime as dt
    import logging

    from generator.printed import Bulletin

    penalties = "罚 1 VP（第2轮迟到15分钟）、罚 3 IMP（慢打）"
    remarks = ["轮空，直接晋级", "荣誉证书 + 一卡通100元/对", penalties, "直接晋级"]
    names = "唐秀英 / 郑伟"
    for n, (group, locale) in enumerate((group, locale) for locale in ("zh-Hans", "en")
                                        for group in ("动物科学", "动物医学学院", "13级动物科学1班")):
        rows = [[str(k), f"A{k:02}", names, group, group, group, "30.04", remark] for k, remark in enumerate(remarks, 1)]
        bulletin = Bulletin("standings-swiss", "T", "", ["名次", "编号", "选手", "班级", "单位", "学院", "胜利分（VP）", "备注"],
                            rows, "", dt.date(2026, 12, 5), numeric={0, 6}, names={2, 3, 4, 5})
        path = tmp_path / f"pressed-{n}.pdf"
        with caplog.at_level(logging.WARNING, logger="weasyprint"):
            path.write_bytes(_print(bulletin_html(bulletin, locale, "zh-Hans")))
        assert not [record.getMessage() for record in caplog.records if "Ignored" in record.getMessage()]
        flat = re.sub(r"\s+", "", subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout)
        for remark in remarks:
            assert re.sub(r"\s+", "", remark) in flat, (locale, group, remark, flat)  # (was 罚IMP（慢打）)
        # a word as wide as the column's least (4em) is never broken; a longer one breaks only
        # where the column is narrower than it ("一卡通100" above "元/对" beside the widest groups)
        lines = "\n".join(pages(path))
        assert lines.count("直接晋级") == 2 and lines.count("荣誉证书") == 1 and "轮空，" in lines, (locale, group, lines)
        assert lines.count("一卡通100元/对") == 1 or group != "动物科学", lines
        boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
        width = float(re.search(r'<page width="([\d.]+)"', boxes)[1])
        right = max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes))
        # (18mm: the page's right margin; beside the widest groups the bracketed reason kept whole
        # in a no-wrap span took the table to 586pt: joined, it breaks where the column is narrower)
        assert right <= width - 18 / 25.4 * 72, (locale, group, right, width)


def test_the_demos_last_column_breaks_between_words_not_inside_one(tmp_path: Path) -> None:
    """A prize "奖杯 + 证书" printed "奖杯 + 证" above "书", and a round's remark "T20 弃权" printed
    "T20 弃" above "权": WeasyPrint ignores word-break: keep-all."""
    prizes = "\n".join(pages(printed(tmp_path / "teams", "zh-Hans", "hefei-80fen-teams-2012", "prizes")))
    assert re.search(r"(?m)\+\n.*\s证书$", prizes) and not re.search(r"(?m)\s(证|书)$", prizes), prizes
    round_4 = "\n".join(pages(printed(tmp_path / "guandan", "zh-Hans", "tongxin-guandan-2025", "round-swiss-4")))
    assert re.search(r"(?m)\s弃权$", round_4) and not re.search(r"(?m)\s(弃|权)$", round_4), round_4


def test_only_chinese_words_are_joined_an_english_remark_is_printed_as_it_is() -> None:
    from generator.render.html import joined_words

    english = "passed A, penalty 3 IMPs (slow play)"
    # (a number joined to its unit, a bracketed reason at its space: Latin letters left as they are)
    assert joined_words(english) == [("passed A, penalty 3\u2060 \u2060IMPs ", False), ("(slow\u2060 \u2060play)", True)]
    # (a bracketed reason kept whole as kept_pieces keeps it, by joiners; a word after a comma)
    assert joined_words("轮空，直接晋级（第 2 轮）") == [("轮\u2060空\u2060，直\u2060接\u2060晋\u2060级", False),
                                                     ("（\u2060第\u2060 \u20602\u2060 \u2060轮\u2060）", True)]


def test_a_number_keeps_its_unit_and_closing_punctuation_never_starts_a_line(tmp_path: Path) -> None:
    """A long remark printed "罚 3" above "IMP（慢打）" (and "奖金 3" above "元，"): a number is
    joined to its unit, and closing punctuation (、，。） …) to what it closes, opening to what
    it opens (html.joined_marks); every character still printed, the table within the margin."""
    import datetime as dt

    from generator.printed import Bulletin
    from generator.render.html import joined_marks

    assert joined_marks("奖金 3 元，共 15分钟（慢打）、罚 2 VP") == \
        "奖金 3\u2060 \u2060元\u2060，共 15\u2060分\u2060钟（\u2060慢打\u2060）\u2060、罚 2\u2060 \u2060VP"
    assert joined_marks("A02 罚 13级") == "A02 罚 13\u2060级"  # (a number's unit only after it)
    remarks = ["奖金 3 元，荣誉证书一张、奖杯一座", "罚 1 VP（第2轮迟到15分钟）、罚 3 IMP（慢打）",
               "第 1、2 轮轮空，直接晋级；罚 2 分（迟到）", "冠军：奖金 500 元，证书一张"]
    for n in range(2, 7):  # (wider groups press the column below its words: they break anywhere)
        group = "动物科学学院医学系"[:n]
        rows = [[str(k), f"A{k:02}", "唐秀英 / 郑伟", group, group, group, "30.04", remark] for k, remark in enumerate(remarks, 1)]
        bulletin = Bulletin("standings-swiss", "T", "", ["名次", "编号", "选手", "班级", "单位", "学院", "胜利分（VP）", "备注"],
                            rows, "", dt.date(2026, 12, 5), numeric={0, 6}, names={2, 3, 4, 5})
        path = tmp_path / f"units-{n}.pdf"
        path.write_bytes(_print(bulletin_html(bulletin, "zh-Hans")))
        lines = "\n".join(pages(path))
        assert not re.search(r"(?m)\d$", lines), (n, lines)  # (was "罚 1 VP（第2轮迟到15分钟）、罚 3" above "IMP")
        assert not re.search(r"(?m)\s{3}[\u3001\uff0c\u3002\uff1a\uff1b\uff09]", lines), (n, lines)
        flat = re.sub(r"\s+", "", subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout)
        assert all(re.sub(r"\s+", "", remark) in flat for remark in remarks), flat
        boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
        right = max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes))
        assert right <= float(re.search(r'<page width="([\d.]+)"', boxes)[1]) - 18 / 25.4 * 72, (n, right)


def test_a_title_breaks_after_the_events_name_not_inside_the_notices(tmp_path: Path) -> None:
    """The hefei teams' prize list broke its title inside its last word: "…（四人队式赛）获奖" above
    "名单". A notice's own name after the event's is kept on one line (Bulletin.title_kept, as a
    form's is), so the line breaks after the event's name."""
    prizes = pages(printed(tmp_path, "zh-Hans", "hefei-80fen-teams-2012", "prizes"))[0].splitlines()
    title = [line.strip() for line in prizes if line.strip()][:2]
    assert title == ["合肥市第二届职工运动会“80分”比赛（四人队式赛）", "获奖名单"], title


def test_a_players_name_never_breaks_in_a_column_not_marked_as_names(tmp_path: Path) -> None:
    """A round's teams beside a long penalty's reason, its columns not marked as names
    (Bulletin.names): "A01 陈建国 / 王美" above "华 / 周立军". Each name of 2 to 4 characters
    is joined by word joiners (html.joined_names): printed whole, every character kept, and the
    table within the page's right margin."""
    from generator.render.html import joined_names

    assert joined_names("A01 陈建国 / 王美华（赛科石化）") == "A01 陈\u2060建\u2060国 / 王\u2060美\u2060华（赛\u2060科\u2060石\u2060化）"
    assert joined_names("13级动物科学1班 上海赛科石油化工") == "13级动物科学1班 上海赛科石油化工"  # (not a name)
    import datetime as dt

    from generator.printed import Bulletin

    teams = ["A01 陈建国 / 王美华 / 周立军（赛科石化）", "A02 唐嘉伟 / 韩冰 / 张三丰（动物药学）",
             "理工大学（唐秀英 / 郑伟 / 汤宏 / 谭淑珍）", "民生队（孙佳琪 / 范玉兰 / 欧阳修文）"]
    reason = "A02 罚 1 级（出牌时间严重超时两次并且不听裁判劝告）"
    rows = [[str(k), teams[k % 4], "8", teams[(k + 1) % 4], "6", "A01", reason] for k in range(1, 9)]
    for before in (24, 25):
        bulletin = Bulletin("round-x-12", "江" * before + "第 12 轮成绩", "", ["桌号", "队伍", "级数", "队伍", "级数", "胜方", "备注"],
                            rows, "主办", dt.date(2016, 8, 20), numeric={0})
        path = tmp_path / f"round-{before}.pdf"
        path.write_bytes(_print(bulletin_html(bulletin, "zh-Hans")))
        text = "\n".join(pages(path))
        flat = re.sub(r"\s+", "", subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout)
        for team in teams:
            assert re.sub(r"\s+", "", team) in flat, (team, flat)  # every character printed
            for name in re.findall(r"[\u4e00-\u9fff]{2,4}", team):
                assert text.count(name) >= 4, (name, text)  # each time on one line: 4 rows of each team
        boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
        width = float(re.search(r'<page width="([\d.]+)"', boxes)[1])
        right = max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes))
        assert right <= width - 18 / 25.4 * 72, right


def test_a_bookmark_reads_its_heading_without_word_joiners() -> None:
    """rev58: a bulletin's bookmark is its heading as laid out, and the heading's Chinese words
    carry word joiners (U+2060) to stay whole on their line: 25 of the 37 demo bulletins had
    bookmarks a member's search of the bookmarks never matched. Plain in the bookmarks, kept in
    the page (where no text extraction returns them)."""
    import io

    from pypdf import PdfReader

    from generator.render import pdf

    joined = "\u2060".join("\u540c\u5fc3\u676f") + "\u2060".join("\u638c\u86cb")
    data = pdf._print(f'<html lang="zh-Hans"><body><h1>2025 {joined}</h1><p>1</p></body></html>')
    reader = PdfReader(io.BytesIO(data))
    assert [item.title for item in reader.outline] == ["2025 \u540c\u5fc3\u676f\u638c\u86cb"]


def test_a_mass_rounds_score_sheets_are_bookmarked_each_by_its_table(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A round of 120 tables printed 120 bookmarks "…第 1 轮记分表" alike: each sheet's bookmark
    names its table ("（第 12 桌）"), also where the form is printed in parts and joined (pdf.py's
    FORM_PART_PAGES, made small here). Its title's and seats' Chinese words are joined as a
    notice's are (word joiners in the HTML, none in the text or the bookmarks)."""
    import io

    from pypdf import PdfReader

    from generator.cli import main
    from generator.render import pdf
    from generator.render.bulletins import printed_round
    from support import demo_content
    from tests.test_forms import GD

    monkeypatch.setattr(pdf, "FORM_PART_PAGES", 10)
    content = demo_content(tmp_path, GD)
    out = tmp_path / "round.pdf"
    assert main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(out)]) == 0
    reader = PdfReader(io.BytesIO(out.read_bytes()))

    def flat(items: list) -> list:
        return [leaf for item in items for leaf in (flat(item) if isinstance(item, list) else [item])]

    sheets = [(item.title, reader.get_destination_page_number(item)) for item in flat(reader.outline)
              if "\u8bb0\u5206\u8868" in item.title]  # 记分表
    assert len(sheets) == 26 and len({title for title, _ in sheets}) == 26, sheets  # (26 alike)
    for n, (title, page) in enumerate(sheets, 1):
        assert title.endswith(f"\u8bb0\u5206\u8868\uff08\u7b2c {n} \u684c\uff09") and "\u2060" not in title, title
        assert sheets[0][1] + n - 1 == page  # one page a table, in order across the parts
    site, results, _ = validate(content)
    form = next(b for b in printed_round(results[0], "main", 1, site.locale) if b.kind == "scoresheet")
    html = bulletin_html(form, site.locale)
    seat = next(name for name in form.pages[0]["seats"][0]["names"].split() if re.fullmatch(r"[\u4e00-\u9fff]{2,4}", name))
    assert re.search(rf'<span class="word">[^<]*{seat}', html), seat  # a seat's name kept whole, as a notice's
    assert re.search(r"<h1[^>]*>[^<]*\u2060", html)  # the title's words too


def test_every_pdfs_key_follows_the_joining_code(monkeypatch) -> None:  # noqa: ANN001
    """The joining code's changes needed PRINTING counted up by hand, or a PDF printed before them
    was taken from the cache. Its source and constants are in every PDF's key (pdf.joining_code):
    a joining function's constant changed (a width, a pattern) is another key, and put back, the
    same one."""
    from generator.render import html, pdf

    before = pdf.joining_code()
    assert f"joining {before}" in pdf._fingerprint.__wrapped__(("SC",))
    assert set(pdf.JOINING) <= set(dir(html))
    for name, value in (("WORD_WHOLE", html.WORD_WHOLE + 1), ("_MARKS", re.compile("x")), ("KEPT_WHOLE", 1)):
        with monkeypatch.context() as patched:
            patched.setattr(html, name, value)
            assert pdf.joining_code() != before, name
    # (and how a word too wide for its column is loosened and its column widened: pdf._loosened)
    for name, value in (("_EM", {**pdf._EM, "M": 1.0}), ("LAST_COLUMN_LEAST", 5.0), ("_UNIT_PAIR", re.compile("x"))):
        with monkeypatch.context() as patched:
            patched.setattr(pdf, name, value)
            assert pdf.joining_code() != before, name
    assert pdf.joining_code() == before


def test_a_pdfs_key_is_made_without_importing_weasyprint(monkeypatch) -> None:  # noqa: ANN001
    """A build whose PDFs are all in the cache prints nothing: WeasyPrint (0.6 s of processor time
    to import) is not imported to make their keys, whose version in them is the one it says; a
    source that does not say it the usual way is asked after all."""
    import weasyprint

    from generator.render import pdf

    assert pdf.weasyprint_version() == weasyprint.__version__
    keyed = subprocess.run([sys.executable, "-c", "import sys\nfrom generator.render import pdf\n"
                            "print(pdf.printing_key(('SC',), 'x'), 'weasyprint' in sys.modules)"],
                           capture_output=True, text=True, check=True)
    assert keyed.stdout.split() == [pdf.printing_key(("SC",), "x"), "False"]
    monkeypatch.setattr(pdf, "_VERSION_LINE", re.compile("never said so"))
    assert pdf.weasyprint_version() == weasyprint.__version__


def test_a_brackets_round_keeps_its_name_whole(tmp_path: Path) -> None:
    """rev60: the 8-team bracket's round column broke its names mid-word ("四分之" above "一决赛",
    "三四名" above "决赛", "Semi-" above "finals") while the sides' columns had room. The column is
    of words (Bulletin.words, as the draw's match names): each round's name whole on one line, its
    ordinal too ("第 1 轮", "Round 1"); every character printed, the table within the margin."""
    wanted = {"zh-Hans": {"\u56db\u5206\u4e4b\u4e00\u51b3\u8d5b": 4, "\u534a\u51b3\u8d5b": 2,  # 四分之一决赛, 半决赛
                          "\u4e09\u56db\u540d\u51b3\u8d5b": 1},  # 三四名决赛
              "en": {"Quarter-finals": 4, "Semi-finals": 2, "Round 1": 4, "Round 2": 2, "Round 3": 2}}
    for locale, names in wanted.items():
        path = printed(tmp_path / locale, locale, "tongxin-guandan-2025", "bracket-ko")
        text = "\n".join(pages(path))
        text = text[re.search(r"(?m)^\s+1\s+\S", text).start():]  # from match 1 (the text above names rounds too)
        for name, count in names.items():
            assert text.count(name) == count, (locale, name, text)
        # (the ordinal whole: pdftotext runs a Chinese line's spaces together, "第1轮")
        if locale == "zh-Hans":
            assert len(re.findall(r"\u7b2c ?\d ?\u8f6e", text)) == 8, text
        boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
        right = max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes))
        assert right <= float(re.search(r'<page width="([\d.]+)"', boxes)[1]) - 18 / 25.4 * 72, (locale, right)


def test_a_word_wider_than_its_pressed_column_breaks_only_where_chinese_text_may(tmp_path: Path) -> None:
    """A joined word wider than the last column pressed by groups of 6 to 8 characters was broken
    between any two characters (overflow-wrap: anywhere): "。" alone on a line, "，" or "）" at a
    line's head, "迟到15" above "分钟". pdf._print prints such a word again loosened where Chinese
    text may break, the column widened to its widest piece as far as the page allows: every
    closing mark stays with what it closes and "15分钟" whole, the table within the margin."""
    import datetime as dt

    from generator.printed import Bulletin
    from generator.render.pdf import _loose

    # (loosened between Chinese characters and before a number; not before "，", nor inside 15分钟)
    text, pieces = _loose("\u8fdf\u2060\u5230\u206015\u2060\u5206\u2060\u949f\u2060\uff0c")
    assert text == "\u8fdf\u5230" + "15\u2060\u5206\u2060\u949f\u2060\uff0c" and pieces == [1.0, 1.0, pytest.approx(4.14)]
    remarks = ["第二轮比赛迟到15分钟，警告一次", "冠军队伍奖金五百元、证书一张。", "团体赛荣誉证书、奖杯",
               "罚 1 VP（第2轮迟到15分钟）", "晋级决赛阶段（复赛）"]
    for n, locale in ((6, "zh-Hans"), (7, "zh-Hans"), (8, "zh-Hans"), (6, "en")):
        group = "动物科学学院医学"[:n]
        rows = [[str(k), f"A{k:02}", "唐秀英 / 郑伟", group, group, group, "30.04", remark] for k, remark in enumerate(remarks, 1)]
        bulletin = Bulletin("standings-swiss", "T", "", ["名次", "编号", "选手", "班级", "单位", "学院", "胜利分（VP）", "备注"],
                            rows, "", dt.date(2026, 12, 5), numeric={0, 6}, names={2, 3, 4, 5})
        path = tmp_path / f"pressed-{n}-{locale}.pdf"
        path.write_bytes(_print(bulletin_html(bulletin, locale, "zh-Hans")))
        lines = "\n".join(pages(path))
        # (a line of the last column starts after the columns' gap; was "。" and "，" there, and
        # "15分" above "钟，" on the English page)
        assert not re.search(r"(?m)\s{3}[\u3001\uff0c\u3002\uff1a\uff1b\uff09]", lines), (n, lines)
        table = "\n".join(line for line in lines.splitlines() if "2026" not in line and " of " not in line)  # (the date, the page)
        assert lines.count("15分钟") == 2 and not re.search(r"(?m)\d$", table), (n, lines)
        flat = re.sub(r"\s+", "", subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout)
        assert all(re.sub(r"\s+", "", remark) in flat for remark in remarks), flat
        boxes = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
        right = max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes))
        assert right <= float(re.search(r'<page width="([\d.]+)"', boxes)[1]) - 18 / 25.4 * 72, (n, right)
