"""Notice-board bulletins and score sheets: their text read back, fonts, paper, no tofu, cache."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build import build
from generator.errors import ContentErrors
from generator.printed import Bulletin
from generator.render.pdf import _print, bulletin_html, missing_glyphs
from generator.render.output import MARKER, marker_text

ROOT = Path(__file__).resolve().parents[1]
EVENT = "events/dongke-bridge-2015"

pytestmark = pytest.mark.slow


def bridge_only(tmp_path: Path) -> Path:
    """The demo site with only the bridge event (other games' demo events are tested elsewhere)."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content" / EVENT, content / EVENT)
    return content


@pytest.fixture(scope="module")
def bulletins(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("bulletins")
    build(bridge_only(base), base / "output")
    return base / "output" / EVENT / "bulletins"


@pytest.fixture(scope="module")
def forms(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed's forms for both stages, printed on demand: the event is played, so the build
    prints none (blank forms only for rounds drawn and not played)."""
    from generator.cli import main

    base = tmp_path_factory.mktemp("forms")
    content = bridge_only(base)
    for stage in ("prelim", "final"):
        assert main(["print", "dongke-bridge-2015", stage, "--content", str(content), "--output", str(base / "forms")]) == 0
    return base / "forms"


def pdf_text(path: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(["pdftotext", "-layout", *pages, str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def pdf_info(path: Path) -> str:
    return subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True, text=True).stdout


def test_every_posting_of_seed_000_is_printed(bulletins: Path, forms: Path) -> None:
    assert sorted(p.name for p in bulletins.iterdir()) == sorted([
        "qualifiers-prelim.pdf", "standings-prelim.pdf", "standings-final.pdf", "prizes.pdf", "credits.pdf",
    ])
    assert sorted(p.name for p in forms.iterdir()) == sorted([
        "draw-prelim-round-1.pdf", "draw-final-round-1.pdf",
        "scoresheet-prelim-round-1.pdf", "scoresheet-final-round-1.pdf", "bidding-prelim-round-1.pdf",
        "bidding-final-round-1.pdf", "playrecord-final-round-1.pdf",
    ])


def test_bulletins_are_a4_with_chinese_fonts_embedded(bulletins: Path, forms: Path) -> None:
    for pdf in [*bulletins.iterdir(), *forms.iterdir()]:
        assert "595.276 x 841.89 pts (A4)" in pdf_info(pdf), pdf.name
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, check=True, text=True).stdout
        rows = [line for line in fonts.splitlines()[2:] if line.strip()]
        assert rows and all("Noto" in r and "CJK-SC" in r and " yes yes " in r for r in rows), (pdf.name, fonts)


def test_prize_list_names_winners_with_their_awards(bulletins: Path) -> None:
    text = pdf_text(bulletins / "prizes.pdf")
    assert "动物科学学院桥牌大赛获奖名单" in text
    lines = [line.split() for line in text.splitlines() if line.strip().startswith(("一等奖", "二等奖", "三等奖"))]
    assert [(row[0], row[2]) for row in lines] == [
        ("一等奖", "A14"), ("二等奖", "A06"), ("二等奖", "A13"), ("三等奖", "A28"), ("三等奖", "A31"), ("三等奖", "A22"),
    ]
    assert "一卡通150元/对" in text and "第 1 页 共 1 页" in text.replace("第1页共1页", "第 1 页 共 1 页")


def test_standings_bulletin_marks_qualifiers_and_shared_ranks(bulletins: Path) -> None:
    text = pdf_text(bulletins / "standings-prelim.pdf", page=None)
    assert "动物科学学院桥牌大赛初赛成绩排名" in text
    assert text.count("26=") == 2
    a19 = next(line for line in text.splitlines() if " A19 " in f" {line} ")
    assert "900" in a19 and "140" in a19 and "晋级" in a19
    a01 = next(line for line in text.splitlines() if " A01 " in f" {line} ")
    assert "弃权" in a01


def test_credits_roster_follows_seed_section_nine(bulletins: Path) -> None:
    text = pdf_text(bulletins / "credits.pdf")
    rows = {line.split()[1]: line for line in text.splitlines() if len(line.split()) > 2 and line.split()[0].isdigit()}
    assert rows["欧阳明月"].rstrip().endswith("+2")  # host, 2 sessions
    assert rows["王磊"].rstrip().endswith("+1")  # referee in the prelim only
    assert rows["唐嘉伟"].rstrip().endswith("+2")  # finalist
    assert rows["张浩然"].rstrip().endswith("-3")  # his pair forfeited


def test_score_sheet_has_dealer_and_vulnerability_filled_in(forms: Path) -> None:
    assert "Pages:           8" in pdf_info(forms / "scoresheet-final-round-1.pdf")  # one page per table
    page = pdf_text(forms / "scoresheet-final-round-1.pdf", page=1)
    assert "动物科学学院桥牌大赛计分表（决赛）" in page
    board_rows = [line.split() for line in page.splitlines() if line.split() and line.split()[0].isdigit()]
    assert [row[:3] for row in board_rows[:5]] == [
        ["1", "北", "无"], ["2", "东", "南北"], ["3", "南", "东西"], ["4", "西", "双方"], ["5", "北", "南北"]]
    assert len(board_rows) == 16
    assert "裁判签名" in page and "总比分" in page
    prelim = pdf_text(forms / "scoresheet-prelim-round-1.pdf", page=1)
    assert [line.split()[2] for line in prelim.splitlines() if line.split()[:1] == ["8"]] == ["无"]


def test_bidding_sheet_and_play_record_have_a_grid_per_board(forms: Path) -> None:
    bidding = pdf_text(forms / "bidding-final-round-1.pdf", page=1)
    assert "叫牌表（决赛）" in bidding and "牌号 1" in bidding and "牌号 12" in bidding
    record = pdf_text(forms / "playrecord-final-round-1.pdf", page=1)
    assert "记牌表（决赛）" in record and "牌号 1" in record and "13" in record


def test_long_standings_repeat_the_header_on_every_page(tmp_path: Path) -> None:
    rows = [[str(n), f"P{n:03d}", f"选手{n} / 队友{n}", "13级动物科学1班", str(2000 - n), ""] for n in range(1, 201)]
    bulletin = Bulletin("standings-test", "两百对排名", "按总分排名。", ["名次", "编号", "选手", "班级", "总分", "备注"],
                        rows, "主办单位", dt.date(2015, 5, 15), numeric={0, 4})
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(_print(bulletin_html(bulletin, "zh-Hans")))
    pages = int(next(line.split()[-1] for line in pdf_info(pdf).splitlines() if line.startswith("Pages:")))
    assert pages >= 4
    for page in range(1, pages + 1):
        text = pdf_text(pdf, page)
        assert "名次" in text and "总分" in text, f"header missing on page {page}"
        assert f"第 {page} 页 共 {pages} 页" in text.replace(f"第{page}页共{pages}页", f"第 {page} 页 共 {pages} 页")
    assert "P200" in pdf_text(pdf, pages)


def test_a_character_outside_the_font_fails_the_build(tmp_path: Path) -> None:
    assert missing_glyphs("王小明𗀀", "zh-Hans") == ["𗀀"]  # a Tangut character: no CJK font has it
    content = bridge_only(tmp_path)
    event = content / EVENT / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("唐嘉伟", "唐嘉𗀀", 1), encoding="utf-8")
    output = tmp_path / "output"
    output.mkdir()
    (output / "keep.txt").write_text("previous site", encoding="utf-8")
    (output / MARKER).write_text(marker_text(output), encoding="utf-8")  # built by paibang
    with pytest.raises(ContentErrors) as failure:
        build(content, output)
    (problem,) = failure.value.problems
    assert problem.code == "bulletin-missing-glyph" and problem.mark.file == event
    text = event.read_text(encoding="utf-8")
    line = text[:text.index("𗀀")].count("\n") + 1
    assert (problem.mark.line, problem.mark.column) == (line, text.splitlines()[line - 1].index("𗀀") + 1)
    assert "𗀀 (U+17000)" in problem.message("zh-Hans") and "方框" in problem.message("zh-Hans")
    assert sorted(p.name for p in output.iterdir()) == [MARKER, "keep.txt"]


def test_traditional_chinese_site_prints_with_the_tc_face(tmp_path: Path) -> None:
    content = bridge_only(tmp_path)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", "locale: zh-Hant"), encoding="utf-8")
    build(content, tmp_path / "output")
    pdf = tmp_path / "output" / EVENT / "bulletins/prizes.pdf"
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, check=True, text=True).stdout
    assert "CJK-TC" in fonts and "CJK-SC" not in fonts and "JP" not in fonts
    assert "獲獎名單" in pdf_text(pdf)


def test_secretary_writes_the_bulletin_text(tmp_path: Path) -> None:
    content = bridge_only(tmp_path)
    event = content / EVENT / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "bulletin_text:\n  qualifiers: 请进入决赛的同学当天下午到7201抽签。\n",
                     encoding="utf-8")
    build(content, tmp_path / "output")
    text = pdf_text(tmp_path / "output" / EVENT / "bulletins/qualifiers-prelim.pdf")
    assert "请进入决赛的同学当天下午到7201抽签。" in text


def test_unchanged_rebuild_prints_no_pdf(tmp_path: Path) -> None:
    content = bridge_only(tmp_path)
    cache = tmp_path / "cache"
    first = build(content, tmp_path / "a", cache_dir=cache)
    second = build(content, tmp_path / "b", cache_dir=cache)
    assert first.pdfs == second.pdfs == 5  # a played event: its notices, no blank form
    assert first.pdfs_printed == 5 and second.pdfs_printed == 0
    for pdf in (tmp_path / "a" / EVENT / "bulletins").iterdir():
        assert pdf.read_bytes() == (tmp_path / "b" / EVENT / "bulletins" / pdf.name).read_bytes()


def test_80fen_board_table_and_hand_cards_are_printed(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events/hefei-80fen-teams-2012", content / "events/hefei-80fen-teams-2012")
    build(content, tmp_path / "output")
    folder = tmp_path / "output/events/hefei-80fen-teams-2012/bulletins"
    table = pdf_text(folder / "boardtable-teams.pdf")  # reference: printed by every build
    rows = [line.split() for line in table.splitlines() if line.split()[:1] and line.split()[0].isdigit()]
    # seed 004, 牌套顺序号及打牌阶数: 1 N 2, 2 W 3, 3 S 4, 4 E 5, 5 N 5 …
    assert rows[:5] == [["1", "北", "2"], ["2", "西", "3"], ["3", "南", "4"], ["4", "东", "5"], ["5", "北", "5"]]
    from generator.cli import main

    assert not (folder / "handcards-teams-round-1.pdf").exists()  # a blank form: the event is played
    assert main(["print", "hefei-80fen-teams-2012", "teams", "--round", "1", "--content", str(content),
                 "--output", str(tmp_path / "forms")]) == 0
    cards = tmp_path / "forms/handcards-teams-round-1.pdf"
    assert "Pages:           8" in pdf_info(cards)  # one page a board, the four seats' cards on it
    first = pdf_text(cards, page=1)
    assert first.count("主牌（含大") == 4 and "方位 西" in first and "打牌阶数 2" in first


def test_next_rounds_draw_is_posted_as_a_bulletin(tmp_path: Path) -> None:
    from generator.cli import main

    from support import demo_content

    content = demo_content(tmp_path, "tumu-guandan-2020")
    event = content / "events/tumu-guandan-2020/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "rounds: 4", 1), encoding="utf-8")
    assert main(["pair", "tumu-guandan-2020", "main", "--content", str(content)]) == 0
    build(content, tmp_path / "output")
    text = pdf_text(tmp_path / "output/events/tumu-guandan-2020/bulletins/draw-main-round-4.pdf")
    assert "轮对阵表" in text and "按第 3 轮后的成绩编排" in text
    tables = [row for row in (line.split() for line in text.splitlines())
              if len(row) > 3 and row[0].isdigit() and row[1].startswith("T")]
    assert [row[0] for row in tables] == [str(n) for n in range(1, 27)]  # 52 teams: 26 tables


def test_long_text_wraps_in_its_cell_and_short_remarks_stay_whole(tmp_path: Path) -> None:
    award = "荣誉证书" * 30 + "，另加" + "X" * 60
    rows = [["1", "D01", "陈建国 / 王美华 / 周立军（赛科石化）", "上海赛科石油化工", "14", "122", "录取"],
            ["2", "A14", "唐嘉伟 / 韩冰", "13级动物药学1班", "10", "20", award]]
    bulletin = Bulletin("prizes-test", "获奖名单", "", ["名次", "编号", "选手", "单位", "场分", "净胜分", "备注"], rows,
                        "主办", dt.date(2016, 8, 20), numeric={0, 4, 5})
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(_print(bulletin_html(bulletin, "zh-Hans")))
    raw = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    assert award in raw.replace("\n", "").replace(" ", "")  # nothing cut off
    assert any(line.rstrip().endswith("录取") for line in pdf_text(pdf).splitlines())  # not one character a line


def test_teams_are_named_on_the_prize_list_and_the_qualifiers_notice(tmp_path: Path) -> None:
    """A team is known by its name: the prize list and the qualifiers' notice print it before
    its players, as the standings do (they printed the players alone). A prize's word is never
    broken ("第一" above "名"), and the qualifiers' notice has no empty 备注 column squeezing the
    names into three lines."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    for slug in ("hefei-80fen-teams-2012", "tongxin-guandan-2025"):
        shutil.copytree(ROOT / "content/events" / slug, content / "events" / slug)
    build(content, tmp_path / "out")
    prizes = pdf_text(tmp_path / "out/events/hefei-80fen-teams-2012/bulletins/prizes.pdf")
    first = next(line for line in prizes.splitlines() if "T01" in line)
    assert first.split()[:4] == ["第一名", "1", "T01", "供电公司队（许长江"]
    notice = pdf_text(tmp_path / "out/events/tongxin-guandan-2025/bulletins/qualifiers-swiss.pdf")
    heading = next(line for line in notice.splitlines() if "序号" in line)
    assert heading.split()[:3] == ["序号", "编号", "选手"] and "备注" not in heading
    assert "守护队" in notice
    assert "以下 8 支队伍进入淘汰赛" in notice  # teams counted as teams: it said "以下 8 组选手"


def test_a_column_with_fractions_prints_every_figure_with_two_decimals(tmp_path: Path) -> None:
    """Matchpoints of a Neuberg-factored field are fractions but for a few: the top pair's 257
    was printed "257" above "252.12", read as a misprint. A column with a fraction anywhere
    prints two decimals throughout; a column of whole numbers stays whole."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events/qiaoyou-club-pairs-2024", content / "events/qiaoyou-club-pairs-2024")
    build(content, tmp_path / "out")
    text = pdf_text(tmp_path / "out/events/qiaoyou-club-pairs-2024/bulletins/standings-pairs.pdf")
    first = next(line for line in text.splitlines() if "P20" in line).split()
    assert first[:6] == ["1", "P20", "韩桂英", "/", "田红梅", "市图书馆"] and first[6:8] == ["59.49", "257.00"]
    # the stage's page shows the column so too (one rule, html.two_place_metrics)
    page = (tmp_path / "out/events/qiaoyou-club-pairs-2024/pairs/index.html").read_text(encoding="utf-8")
    assert 'data-label="比赛分（MP）">257.00</td>' in page


@pytest.mark.parametrize("before", [24, 25])  # title characters before the round's ordinal: it fell at a line's end
def test_a_rounds_number_and_a_penaltys_reason_are_never_broken(tmp_path: Path, before: int) -> None:
    """A round's results bulletin (Guandan's: a penalty with its reason in the remark column): the
    title broke inside "第 12 轮" ("第" ending a line, "12 轮成绩" the next) and the reason inside
    its brackets. Both stay on one line; the names take the wrapping."""
    rows = [["1", "A01 陈建国 / 王美华 / 周立军（赛科石化）", "8", "A02 唐嘉伟 / 韩冰 / 张三丰（动物药学）", "6", "A01",
             "A02 罚 1 级（出牌时间严重超时两次）"]]
    bulletin = Bulletin("round-x-12", "江" * before + "第 12 轮成绩", "", ["桌号", "队伍", "级数", "队伍", "级数", "胜方", "备注"],
                        rows, "主办", dt.date(2016, 8, 20), numeric={0})
    pdf = tmp_path / "round.pdf"
    pdf.write_bytes(_print(bulletin_html(bulletin, "zh-Hans")))
    lines = pdf_text(pdf).splitlines()
    assert any("第 12 轮成绩" in line for line in lines)
    assert any("（出牌时间严重超时两次）" in line for line in lines)


def test_a_guandan_rounds_bulletin_never_breaks_inside_a_players_name(tmp_path: Path) -> None:
    """Guandan's round results bulletin broke inside names ("T06 谭静 / 薛爱" above "华") when a
    long penalty's reason narrowed its teams' columns; the other bulletins keep each name whole
    (Bulletin.names): a line breaks between the players, as theirs do."""
    import re

    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    event = content / "events/tumu-guandan-2020"
    shutil.copytree(ROOT / "content/events/tumu-guandan-2020", event)
    first = event / "results/round-1.yaml"
    text = first.read_text(encoding="utf-8")
    table = "    deals: [T45+3, T45+2, T50+1, T45+3, T45+3, T50+1, T45+3]\n"
    assert table in text
    first.write_text(text.replace(table, table + "    penalties: [{team: T50, levels: 1, reason: "
                                  "出牌时间严重超时两次并且不听裁判劝告}]\n"), encoding="utf-8")
    build(content, tmp_path / "out")
    printed = pdf_text(tmp_path / "out/events/tumu-guandan-2020/bulletins/round-main-1.pdf")
    round_one = re.findall(r"teams: \[(T\d+), (T\d+)\]", text)
    entries = dict(re.findall(r"\{id: (T\d+), players: \[([^\]]+)\]", (event / "event.yaml").read_text(encoding="utf-8")))
    assert len(round_one) > 20
    broken = [name for pair in round_one for team in pair for name in entries[team].split(", ") if name not in printed]
    assert broken == [], printed
    assert "（出牌时间严重超" in printed  # (the remark that narrows the names' columns)


def test_a_knockouts_printed_rounds_are_named_as_their_pages(tmp_path: Path) -> None:
    # the round pages say 第 3 轮（决赛、三四名决赛）, the printed results sheets and their links
    # on the event page said 淘汰赛第 3 轮成绩: a member looking for the final opened each
    from generator.cli import main

    from support import demo_content

    slug = "tongxin-guandan-2025"
    content = demo_content(tmp_path, slug)
    build(content, tmp_path / "output")
    names = {1: "第 1 轮（四分之一决赛）", 2: "第 2 轮（半决赛）", 3: "第 3 轮（决赛、三四名决赛）"}
    page = (tmp_path / "output/events" / slug / "index.html").read_text(encoding="utf-8")
    for number, name in names.items():
        text = "".join(pdf_text(tmp_path / "output/events" / slug / f"bulletins/round-ko-{number}.pdf").split())
        assert f"淘汰赛{name}成绩".replace(" ", "") in text, (number, text[:200])
        assert f"淘汰赛{name}成绩</a>" in page or f"淘汰赛{name}成绩<span" in page, number
    # a round of another format keeps its number alone
    assert "瑞士移位赛第1轮成绩" in "".join(pdf_text(tmp_path / "output/events" / slug / "bulletins/round-swiss-1.pdf").split())
    assert "瑞士移位赛第 1 轮成绩<span" in page
    # paibang print's score sheets: the round's name, each table's page its own match's
    assert main(["print", slug, "ko", "--round", "3", "--content", str(content), "--output", str(tmp_path / "forms")]) == 0
    sheets = sorted((tmp_path / "forms").rglob("scoresheet-ko-round-3*.pdf"))
    assert sheets, sorted(p.name for p in (tmp_path / "forms").rglob("*.pdf"))
    text = "".join(pdf_text(sheets[0]).split())
    assert "淘汰赛第3轮（决赛）记分表" in text and "淘汰赛第3轮（三四名决赛）记分表" in text, text[:300]


def test_an_80fen_pairs_adjusted_board_is_printed_with_whose_fault_it_was(tmp_path: Path) -> None:
    """The 80分 pairs score sheet (随牌记分单) printed the demo's board 10 of round 2, `{adjusted:
    EW}`, as a bare "调整分" where the round and traveller pages say "调整分 东西违例": the same
    words in print."""
    from generator.cli import main

    from support import demo_content

    slug = "hefei-80fen-pairs-2012"
    content = demo_content(tmp_path, slug)
    assert main(["print", slug, "pairs", "--content", str(content), "--output", str(tmp_path / "forms")]) == 0
    text = pdf_text(tmp_path / "forms/scoresheet-pairs-round-7.pdf")
    [line] = [line.split() for line in text.splitlines() if "P04" in line and "P11" in line and "调整分" in line]
    assert line[:5] == ["2", "4", "P04", "P11", "调整分"] and line[5] == "东西违例", line


@pytest.mark.parametrize("locale, heading", [
    ("zh-Hans", "Club Night (28-Jul-22) \u00b7 \u521d\u8d5b\u6210\u7ee9\u6392\u540d"),
    ("en", "Club Night (28-Jul-22): \u521d\u8d5b standings"),
])
def test_an_event_title_in_latin_letters_is_not_run_into_its_stage(tmp_path: Path, locale: str, heading: str) -> None:
    """An imported Ruter session's standings were headed "Klubbkveld双人赛最终排名": the title
    ending in Latin letters (or a bracket) is set off from the Chinese after it as the stage page
    sets it off, " · "; a Chinese title keeps its stage joined on (动物科学学院桥牌大赛决赛名单公示)."""
    content = bridge_only(tmp_path)
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", f"locale: {locale}"), encoding="utf-8")
    event = content / EVENT / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "title: \u52a8\u7269\u79d1\u5b66\u5b66\u9662\u6865\u724c\u5927\u8d5b", "title: Club Night (28-Jul-22)"), encoding="utf-8")
    build(content, tmp_path / "output")
    text = " ".join(pdf_text(tmp_path / "output" / EVENT / "bulletins/standings-prelim.pdf").split())
    assert heading in text


def test_a_chinese_event_title_keeps_its_stage_joined_on(bulletins: Path) -> None:
    assert "\u52a8\u7269\u79d1\u5b66\u5b66\u9662\u6865\u724c\u5927\u8d5b\u51b3\u8d5b\u540d\u5355\u516c\u793a" in \
        pdf_text(bulletins / "qualifiers-prelim.pdf").replace(" ", "")
    assert "\u5927\u8d5b \u00b7" not in pdf_text(bulletins / "standings-prelim.pdf")


def test_no_event_gap_before_full_width_punctuation_or_after_an_opening_bracket() -> None:
    """" \u00b7 " sets a Latin event title off from the Chinese after it, not from a full-width
    bracket or colon, which carry their own space ("Klubbkveld \u00b7 \uff08" read as a gap inside
    the title), nor from what follows an opening bracket."""
    from generator.render.bulletins import event_gap
    from generator.render.i18n import Translator

    t = Translator("zh-Hans")
    spring = "Klubbkveld\uff08\u6625\u5b63\uff09\u79ef\u5206\u699c"
    assert event_gap(t, spring, "Klubbkveld") == spring
    final = "Open\uff1a\u51b3\u8d5b\u540d\u5355"
    assert event_gap(t, final, "Open") == final
    assert event_gap(t, "Cup (\u6625\u5b63)", "Cup (") == "Cup (\u6625\u5b63)"
    # (the Chinese itself still set off, in either script's locale)
    assert event_gap(t, "Klubbkveld\u79ef\u5206\u699c", "Klubbkveld") == "Klubbkveld \u00b7 \u79ef\u5206\u699c"
    assert event_gap(Translator("zh-Hant"), "Open\u300c\u6625\u300d", "Open") == "Open\u300c\u6625\u300d"
