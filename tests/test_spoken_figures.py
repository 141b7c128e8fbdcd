"""Results as a screen reader says them and as a member reads them: contracts, seats and scores
in the page's words, abbreviations explained, figures alike in a column (review 28).

The demo site is rendered (no PDFs) once in zh-Hans and once in English; each test reads a
page's HTML, the markup a screen reader reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import rendered_demo as build  # (the demo site rendered, no PDFs, in a locale)

ROOT = Path(__file__).resolve().parents[1]
TEAMS = "events/gaoxiao-bridge-teams-2024"


@pytest.fixture(scope="module")
def zh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("zh"), "zh-Hans")


@pytest.fixture(scope="module")
def en(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("en"), "en")


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def text(html: str) -> str:
    """What is shown and read, tags left out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_par_contract_is_written_as_every_other_contract(zh: Path, en: Path) -> None:
    # "标准分（par）+110（南北） (1S S +1)": S was spades in 1S and South after it
    line = next(l for l in page(zh, f"{TEAMS}/teams/boards/3").splitlines() if "标准分" in l)
    assert '<span class="contract">1<span class="suit black" role="img" aria-label="黑桃">♠</span></span> 南 +1' in line
    assert text(line).endswith("+110（南北）（1♠ 南 +1）")
    english = next(l for l in page(en, f"{TEAMS}/teams/boards/3").splitlines() if "(NS)" in l)
    assert 'aria-label="spades">♠</span></span> S +1)' in english  # (English tables' seat letters)
    # every par line of the demo: no contract left in the files' letters
    for board in (zh / TEAMS / "teams/boards").iterdir():
        par = [l for l in (board / "index.html").read_text(encoding="utf-8").splitlines() if "标准分" in l]
        assert not any(re.search(r"\b[1-7](?:NT|[SHDC])X{0,2} [NESW]\b", l) for l in par), board


def read(html: str) -> str:
    """What a screen reader says: aria-hidden parts left out, visually hidden words in."""
    return text(re.sub(r'<span aria-hidden="true">[^<]*</span>', "", html))


def shown(html: str) -> str:
    """What the screen shows: visually hidden words left out."""
    return text(re.sub(r'<span class="visually-hidden">[^<]*</span>', "", html))


def test_a_score_pair_is_read_with_a_word_between_its_figures(zh: Path, en: Path) -> None:
    # "T1 30 : 0 T6（IMP）" had no spoken form: the colon is read as nothing or as "colon"
    result = re.search(r'<p class="result">.*?</p>', page(zh, f"{TEAMS}/teams/round-1"), re.S).group(0)
    assert "T1 30 比 0 T6" in read(result) and "胜利分 18.37 比 1.63" in read(result)
    assert "T1 30 : 0 T6" in shown(result) and "胜利分 18.37 : 1.63" in shown(result)
    english = re.search(r'<p class="result">.*?</p>', page(en, f"{TEAMS}/teams/round-1"), re.S).group(0)
    assert "T1 30 to 0 T6" in read(english) and "VP 18.37 to 1.63" in read(english)
    daguai = page(zh, "events/chem-park-daguai-2016/swiss/round-1")
    assert "场分 2 比 0" in read(daguai) and "场分 2 : 0" in shown(daguai)
    for path in (f"{TEAMS}/teams/round-1", "events/hefei-80fen-teams-2012/teams/round-1",
                 "events/hefei-80fen-pairs-2012/pairs/round-1", "events/chem-park-daguai-2016/swiss/round-1"):
        assert not re.search(r"\d%? : \d", read(page(zh, path))), path


def test_a_double_dummy_dash_is_read_as_words(zh: Path, en: Path) -> None:
    table = re.search(r'<table class="double-dummy">.*?</table>', page(zh, f"{TEAMS}/teams/boards/3"), re.S).group(0)
    cells = [read(c) for c in re.findall(r'<td class="num">(.*?)</td>', table)]
    assert cells[10:15] == ["不能完成"] * 5 and "东–––––" in shown(table)  # (East makes nothing)
    assert "–" not in read(table)
    english = re.search(r'<table class="double-dummy">.*?</table>', page(en, f"{TEAMS}/teams/boards/3"), re.S).group(0)
    assert "can't make" in read(english) or "can&#39;t make" in read(english)


def test_a_result_made_exactly_and_a_void_are_read_as_words(zh: Path, en: Path) -> None:
    # "4♥ 北 =": the "=" had no spoken form; a void suit's "—" neither ("红心 —, 方块 K 10 7")
    match = page(zh, f"{TEAMS}/teams/round-1")
    assert "1NT 南 刚好完成" in read(match).replace("无将", "NT") and "1NT 南 =" in shown(match)
    board = page(zh, f"{TEAMS}/teams/boards/5")
    hands = re.search(r'<div class="deal deal-grid">.*?</div>\n</div>', board, re.S).group(0)
    assert "♣ 缺门" in read(hands) and "♣ —" in shown(hands) and "—" not in read(hands)  # (West's clubs)
    traveller = re.search(r'<table class="boards traveller cards" role="table">.*?</table>', board, re.S).group(0)
    assert "刚好完成" in read(traveller) and not re.search(r"<td[^>]*>=</td>", traveller)
    club = page(zh, "events/qiaoyou-club-pairs-2024/pairs/boards/1")
    assert "（6NT 南 刚好完成）" in read(club).replace("无将", "NT")
    english = page(en, f"{TEAMS}/teams/boards/5")
    assert "♣ void" in read(re.search(r'<div class="deal deal-grid">.*?</div>\n</div>', english, re.S).group(0))
    assert "made exactly" in read(english)


def test_a_board_says_its_vulnerability_as_bridge_players_do(zh: Path, en: Path) -> None:
    # "北家发牌，无", "东家发牌，南北": 无 what? the standard terms say it (双方无局, 南北有局)
    club = "events/qiaoyou-club-pairs-2024/pairs/boards"
    assert "北家发牌，双方无局" in text(page(zh, f"{club}/1"))
    assert "东家发牌，南北有局" in text(page(zh, f"{club}/2"))
    assert "Dealer E, NS vulnerable" in text(page(en, f"{club}/2"))


def test_board_and_page_arrows_are_not_read(zh: Path) -> None:
    # "‹ 上一副" was read "单左尖括号 上一副"; the round navigation hid its arrows already
    nav = re.search(r'<nav class="rounds" aria-label="逐副结果">.*?</nav>', page(zh, f"{TEAMS}/teams/boards/2"), re.S).group(0)
    links = re.findall(r"<a [^>]*>(.*?)</a>", nav)
    assert [read(a) for a in links] == ["上一副", "下一副"] and [shown(a) for a in links] == ["‹ 上一副", "下一副 ›"]


def test_a_guandan_match_line_reads_versus_between_the_levels_and_names_a_foul_row(zh: Path, en: Path) -> None:
    # "（孙佳琪 / 范玉兰） : T17": the colon is not read; the foul row's header was a bare "—"
    sides = re.findall(r'<p class="sides">.*?</p>', page(zh, "events/tumu-guandan-2020/entries/T01"), re.S)
    assert sides and all(":" not in read(s) and " 对 " in read(s) and ":" in shown(s) for s in sides if "level" in s)
    ko = page(zh, "events/tongxin-guandan-2025/ko/round-1")
    fouls = re.findall(r'<tr class="foul" role="row">\n  <th role="rowheader" scope="row" class="num">(.*?)</th>', ko)
    assert fouls and {read(f).strip() for f in fouls} == {"犯规"} and {shown(f).strip() for f in fouls} == {"—"}
    english = re.findall(r'<p class="sides">.*?</p>', page(en, "events/tumu-guandan-2020/entries/T01"), re.S)
    assert any(" vs " in read(s) for s in english if "level" in s)


def test_every_english_abbreviation_is_marked_english_on_a_chinese_page(zh: Path, en: Path) -> None:
    # IMP was marked in the standings' headers but not in a traveller's ("南北 IMP"); MP, VP and
    # WBF never were, and were read letter by letter in a Chinese voice
    assert '<th role="columnheader" scope="col" rowspan="2" class="num"><span lang="en">IMP</span>（主队）</th>' in page(zh, f"{TEAMS}/teams/boards/1")
    assert '胜利分（<span lang="en">VP</span>）' in page(zh, f"{TEAMS}/teams")
    assert '<span lang="en">WBF</span> 2013' in page(zh, f"{TEAMS}/teams/round-1")
    assert '<th role="columnheader" scope="col" class="num">比赛分（<span lang="en">MP</span>）</th>' in page(zh, "events/qiaoyou-club-pairs-2024/pairs")
    for path in (f"{TEAMS}/teams/boards/1", f"{TEAMS}/teams", "events/qiaoyou-club-pairs-2024/pairs"):
        body = re.sub(r'<span lang="en">[^<]*</span>|<[^>]+>', "", page(zh, path).split("<main", 1)[1])
        assert not re.search(r"(?<![A-Za-z])(IMP|MP|VP|WBF)(?![A-Za-z])", body), path
    assert 'lang="en"' not in page(en, f"{TEAMS}/teams/boards/1").split("<body", 1)[1]


def test_a_players_page_calls_an_entry_as_search_does_and_says_a_stage_once(zh: Path) -> None:
    # search said "参赛队 P01", the player's page "队伍 P15", of the same kind of entry; the rank
    # link was read "双人赛 双人赛排名：第 14 名", the stage's name shown before it and said in it
    assert 'data-kind-entry="参赛队"' in page(zh, "search")
    checked = 0
    for path in sorted((zh / "players").glob("*/index.html"))[:40]:
        table = re.search(r"<table.*?</table>", path.read_text(encoding="utf-8").split("<main", 1)[1], re.S).group(0)
        assert '<th role="columnheader" scope="col">参赛队</th>' in table and "队伍" not in table
        # a place: the stage's name, then its link (what a screen reader says, and what is shown)
        for cell in re.findall(r'(<span[^>]*>[^<]*</span> <a href="[^"]*#entry-[^"]*"[^>]*>.*?</a>)', table):
            named = re.sub(r'<a [^>]*aria-label="([^"]*)"[^>]*>.*?</a>', r"\1", cell)  # (a link is read by its name)
            said, seen = read(re.sub(r'<span[^>]* aria-hidden="true">[^<]*</span>', "", named)), shown(cell)
            stage = re.search(r"(\S+)排名：", said)[1]
            assert said.count(stage) == 1 and seen.startswith(stage), (said, seen)
            checked += 1
    assert checked >= 10


def test_abbreviations_are_explained_named_and_marked_english(zh: Path, en: Path) -> None:
    # IMP was bare where VP and MP are explained (胜利分（VP）); NT and X were read as letters;
    # IMP and par, English words, were read letter by letter in a Chinese voice
    standings = page(zh, f"{TEAMS}/teams")
    assert '<th role="columnheader" scope="col" class="num">国际比赛分（<span lang="en">IMP</span>）</th>' in standings
    assert '<strong>国际比赛分（<span lang="en">IMP</span>）</strong>：同一副牌' in standings  # (not 国际比赛分 twice)
    match = page(zh, f"{TEAMS}/teams/round-1")
    assert "换成国际比赛分（<span lang=\"en\">IMP</span>）" in match
    assert ('<span class="contract">1<span role="img" aria-label="无将">NT</span></span> 南 '
            '<span aria-hidden="true">=</span><span class="visually-hidden">刚好完成</span>') in match
    assert '<th role="columnheader" scope="col" class="num">国际比赛分（<span lang="en">IMP</span>）</th>' in page(zh, f"{TEAMS}/entries/T1")
    assert "标准分（<span lang=\"en\">par</span>）" in page(zh, f"{TEAMS}/teams/boards/3")
    doubled = page(zh, "events/dongke-bridge-2015/prelim/round-1")
    assert 'aria-label="方块">♦</span><span role="img" aria-label="加倍">X</span></span>' in doubled
    english = page(en, f"{TEAMS}/teams/round-1")
    assert 'aria-label="notrump">NT</span>' in english and 'lang="en"' not in english.split("<body", 1)[1]


def test_a_column_shows_its_figures_alike(zh: Path) -> None:
    # MP "257" and "213" among "252.12"; 80分 pairs "100" and "0" where bridge shows "100.00";
    # a percentage column headed 得分率 without its unit
    stage = page(zh, "events/qiaoyou-club-pairs-2024/pairs")
    mps = re.findall(r'data-label="比赛分（MP）">([^<]*)<', stage)
    assert "257.00" in mps and all(re.fullmatch(r"\d+\.\d\d", mp) for mp in mps), mps
    assert '<th role="columnheader" scope="col" class="num">得分率（%）</th>' in stage
    entry = page(zh, "events/qiaoyou-club-pairs-2024/entries/P20")
    assert '<th role="columnheader" scope="col" class="num">得分率（%）</th>' in entry and '<th role="columnheader" scope="col" class="num">累计得分率（%）</th>' in entry
    pairs = page(zh, "events/hefei-80fen-pairs-2012/pairs/round-1")
    percents = re.findall(r'data-label="(?:南北|东西) %">([^<]*)<', pairs)
    assert "100.00" in percents and all(re.fullmatch(r"\d+\.\d\d", p) for p in percents), percents


def test_a_guandan_level_is_read_as_a_level(zh: Path, en: Path) -> None:
    # <strong class="level" title="级数">A</strong>: a title is seldom read; "唐嘉豪 A" sounded
    # like part of the name
    sides = re.search(r'<p class="sides">.*?</p>', page(zh, "events/tumu-guandan-2020/main/round-1"), re.S).group(0)
    assert re.search(r"唐嘉豪 打到 A", read(sides)) and "唐嘉豪 A" in shown(sides)
    english = re.search(r'<p class="sides">.*?</p>', page(en, "events/tumu-guandan-2020/main/round-1"), re.S).group(0)
    assert re.search(r" level A", read(english))


def test_a_round_or_entry_table_shows_its_figures_alike(zh: Path) -> None:
    # as a standings column (above): an entry's match list showed MP "32" and "22" among "34.62",
    # a round's table "16" among "9.60", an 80分 pair's boards "4" among "4.83", its running total
    # "4" among "8.83". In every table of every round, entry and board page, a column with a
    # figure of two places shows each of its figures so.
    mixed = []
    for path in sorted(zh.glob("events/*/*/**/index.html")):
        for table in re.findall(r"<table.*?</table>", path.read_text(encoding="utf-8"), re.S):
            columns: dict[str, list[str]] = {}
            for label, figure in re.findall(r'<td role="cell" class="num[^"]*" data-label="([^"]*)">([^<]*)<', table):
                columns.setdefault(label, []).append(figure.strip())
            for label, figures in columns.items():
                if any(re.fullmatch(r"-?\d+\.\d+", f) for f in figures) and any(re.fullmatch(r"-?\d+", f) for f in figures):
                    mixed.append((str(path.relative_to(zh)), label, figures[:4]))
    assert mixed == [], mixed[:5]
    entry = page(zh, "events/qiaoyou-club-pairs-2024/entries/P15")
    mps = re.findall(r'data-label="比赛分（MP）">([^<]*)<', entry)
    assert "34.62" in mps and "32.00" in mps, mps
    round_four = page(zh, "events/qiaoyou-club-pairs-2024/pairs/round-4")
    assert re.search(r'data-label="东西 比赛分">16\.00<', round_four) and "9.60" in round_four
