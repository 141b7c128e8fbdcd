"""A withdrawn pair's own page, and the desk, at the pairs tables nobody plays (rev108 D4, D5).

Two pairs withdrawn by a round and drawn against each other (80分's P05 and P12 at table 5 of
round 2, bridge's P03 and P12 at table 3): the round's page said "P05、P12 均已退赛：本桌不打，
不计分。", yet neither pair's own page listed round 2 at all (the table is scored with no side,
and an entry's matches were the tables it is a side of). A withdrawn pair's own sit-out (A03's
line left in round 3, drawn ahead) said 退赛 on the round's page and only 轮空 in its list of
matches. The desk's count said "已录 7/7 桌" of a round of eight tables, the table nobody plays
left out of the count where a withdrawn side's table is said apart, and its row on the
secretary's page said "P05, P12 has withdrawn"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import withdraw
from tests.test_pairs_withdrawn_both import SHENGJI, _bridge_after_round_2, _built, _text
from tests.test_shengji_pairs_withdrawn import p12_withdrawn_after_round_2
from tests.test_withdrawn_sit_out import _mitchell


def _in_locale(content: Path, locale: str) -> Path:
    site = content / "site.yaml"
    site.write_text(re.sub(r"(?m)^locale: .*$", f"locale: {locale}", site.read_text(encoding="utf-8")),
                    encoding="utf-8")
    return content


def _summary_row(page: Path, round_word: str) -> str:
    """The words of the entry's list of matches' row of one round (its heading cell `round_word`)."""
    html = page.read_text(encoding="utf-8")
    rows = [_text(row) for row in re.findall(r'<tr role="row">(.*?)</tr>', html, re.S)]
    found = [row for row in rows if row.startswith(round_word + " ")]
    assert len(found) == 1, rows
    return found[0]


def _two_withdrawn_80_fen(tmp_path: Path) -> Path:
    content = p12_withdrawn_after_round_2(tmp_path)
    withdraw(content / "events" / SHENGJI, "P05", 2)
    return content


# (locale, round 2's heading, table 5, the row's word, the round page's sentence)
TWO_WITHDRAWN = [
    ("zh-Hans", "\u7b2c 2 \u8f6e", "\u7b2c 5 \u684c", "\u9000\u8d5b\uff08\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8ba1\u5206\uff09",
     "P05\u3001P12 \u5747\u5df2\u9000\u8d5b\uff1a\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8ba1\u5206\u3002"),
    ("zh-Hant", "\u7b2c 2 \u8f2a", "\u7b2c 5 \u684c", "\u9000\u8cfd\uff08\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8a08\u5206\uff09",
     "P05\u3001P12 \u5747\u5df2\u9000\u8cfd\uff1a\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8a08\u5206\u3002"),
    ("en", "Round 2", "Table 5", "Withdrawn (not played, no score)",
     "P05 and P12 have both withdrawn: this table is not played, and scores nothing."),
]


@pytest.mark.parametrize("locale,round_word,table_word,word,sentence", TWO_WITHDRAWN)
def test_each_withdrawn_pairs_page_lists_the_table_nobody_plays(tmp_path: Path, locale: str, round_word: str,
                                                                table_word: str, word: str, sentence: str) -> None:
    """80分: P05 and P12 both withdrawn from round 2, drawn against each other at table 5. Each
    one's list of matches has round 2: table 5, against the other, not played, no score (its
    percentage and running total those of round 1, as the standings have it), and the table's
    section under it says what the round's page says."""
    content = _in_locale(_two_withdrawn_80_fen(tmp_path), locale)
    result, warnings, site = _built(content, tmp_path)
    assert [w.code for w in warnings] == []
    standings = {s.entry.id: s.tally.metrics["percent"] for s in result.stages[0].standings}
    for pair, other in (("P05", "P12"), ("P12", "P05")):
        page = site / f"entries/{pair}/index.html"
        row = _summary_row(page, round_word)
        running = f"{standings[pair]:.2f}"
        assert row.startswith(f"{round_word} {table_word} {other} "), row
        assert row.endswith(f" {word} \u2014 \u2014 {running}"), (row, running)  # (— —: no MP, no %, of its own)
        assert f'href="../../../../events/{SHENGJI}/pairs/round-2/index.html#table-5"' in page.read_text(encoding="utf-8")
        assert sentence in _text(page.read_text(encoding="utf-8")), pair
    # round 1's row as before (played); the round's own page as before
    assert sentence in _text((site / "pairs/round-2/index.html").read_text(encoding="utf-8"))


def test_80_fen_one_withdrawn_pairs_page_lists_its_table_too(tmp_path: Path) -> None:
    """P12 alone withdrawn from round 2 (P05 sits the round out at table 5): P12's page had no
    round 2 either (the table is scored as P05's sit-out). Now table 5, against P05, not played;
    P05's row as before (轮空, its sit-out)."""
    content = p12_withdrawn_after_round_2(tmp_path)
    _, warnings, site = _built(content, tmp_path)
    assert [w.code for w in warnings] == []
    row = _summary_row(site / "entries/P12/index.html", "\u7b2c 2 \u8f6e")
    assert row.startswith("\u7b2c 2 \u8f6e \u7b2c 5 \u684c P05 "), row
    assert " \u9000\u8d5b\uff08\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8ba1\u5206\uff09 \u2014 \u2014 " in row, row
    own = _summary_row(site / "entries/P05/index.html", "\u7b2c 2 \u8f6e")
    assert own.startswith("\u7b2c 2 \u8f6e \u7b2c 5 \u684c P12 ") and " \u8f6e\u7a7a \u2014 \u2014 " in own, own


def test_a_bridge_withdrawn_pairs_page_lists_the_table_nobody_plays(tmp_path: Path) -> None:
    """The same of bridge's Mitchell: P03 and P12 both withdrawn from round 2, at table 3."""
    content = _bridge_after_round_2(tmp_path, "P03", "P12")
    _, warnings, site = _built(content, tmp_path)
    assert [w.code for w in warnings] == []
    for pair, other in (("P03", "P12"), ("P12", "P03")):
        row = _summary_row(site / f"entries/{pair}/index.html", "\u7b2c 2 \u8f6e")
        assert row.startswith(f"\u7b2c 2 \u8f6e \u7b2c 3 \u684c {other} "), row
        assert " \u9000\u8d5b\uff08\u672c\u684c\u4e0d\u6253\uff0c\u4e0d\u8ba1\u5206\uff09 \u2014" in row, row


@pytest.mark.parametrize("locale,round_word,word", [
    ("zh-Hans", "\u7b2c 3 \u8f6e", "\u9000\u8d5b\uff08\u8f6e\u7a7a\uff0c\u4e0d\u8ba1\u5206\uff09"),
    ("zh-Hant", "\u7b2c 3 \u8f2a", "\u9000\u8cfd\uff08\u8f2a\u7a7a\uff0c\u4e0d\u8a08\u5206\uff09"),
    ("en", "Round 3", "Withdrawn (sits out, no score)")])
def test_a_withdrawn_pairs_own_sit_out_says_it_withdrew_in_its_list_of_matches(tmp_path: Path, locale: str,
                                                                                round_word: str, word: str) -> None:
    """A03 withdrawn from round 2, its sit-out line of round 3 left in: its list of matches said
    "轮空" there alone; now 退赛 too. The sit-out of a pair that has not withdrawn (A05, round 1)
    is said as before."""
    content = _in_locale(_mitchell(tmp_path, 2), locale)
    _, _, site = _built(content, tmp_path)
    row = _summary_row(site / "entries/A03/index.html", round_word)
    assert row == f"{round_word} \u2014 \u2014 {word} \u2014 0.00", row
    sit_out = {"zh-Hans": "\u8f6e\u7a7a", "zh-Hant": "\u8f2a\u7a7a", "en": "Sit-out"}[locale]
    first = {"zh-Hans": "\u7b2c 1 \u8f6e", "zh-Hant": "\u7b2c 1 \u8f2a", "en": "Round 1"}[locale]
    assert _summary_row(site / "entries/A05/index.html", first) == f"{first} \u2014 \u2014 {sit_out} \u2014 \u2014"


@pytest.mark.parametrize("locale,count,row", [
    ("zh-Hans", "\u7b2c 2 \u8f6e\uff1a\u5df2\u5f55 7/7 \u684c\uff08\u53e6 1 \u684c\u56e0\u9000\u8d5b\u4e0d\u8d5b\uff09",
     "P05\u3001P12 \u5747\u5df2\u9000\u8d5b\uff1a\u8fd9\u4e00\u684c\u4e0d\u6253\uff0c\u65e0\u9700\u5f55\u5165"),
    ("zh-Hant", "\u7b2c 2 \u8f2a\uff1a\u5df2\u9304 7/7 \u684c\uff08\u53e6 1 \u684c\u56e0\u9000\u8cfd\u4e0d\u8cfd\uff09",
     "P05\u3001P12 \u5747\u5df2\u9000\u8cfd\uff1a\u9019\u4e00\u684c\u4e0d\u6253\uff0c\u7121\u9700\u9304\u5165"),
    ("en", "Round 2: 7 of 7 tables entered (plus 1 not played: a side withdrew)",
     "P05 and P12 have both withdrawn: this table is not played, nothing to enter")])
def test_the_desk_says_the_table_nobody_plays_apart(tmp_path: Path, locale: str, count: str, row: str) -> None:
    """The secretary's page lists table 5 as not played, both pairs named as having withdrawn,
    with no link, and counts it apart from the tables to enter, as the hall screen and the
    round's page do; the tables waiting are none."""
    from generator.desk.app import Desk, Who

    desk = Desk(_two_withdrawn_80_fen(tmp_path), SHENGJI, None, locale, build=False)
    page = desk.page("admin.html", who=Who("admin", "-"), csrf="-", now=0).body.decode("utf-8")
    (table_5,) = [r for r in re.findall(r"<tr>.*?</tr>", page, re.S) if "P05 \u2014 P12" in r]
    # its state cell says that alone (not 已录 / "in"), and offers no form
    assert re.findall(r"<td[^>]*>(.*?)</td>", table_5)[2] == f'<span class="muted">{row}</span>', table_5
    assert "<a " not in table_5, table_5
    assert desk.draw_view()["status"] == count
    assert count in _text(page) or count in "".join(p for v in desk.standings_view() for p in v["progress"])
    (round_2,) = [r for r in desk.rounds_view() if r["number"] == 2]
    assert [t["number"] for t in round_2["tables"] if not t["entered"] and not t["withdrawn"]] == []


def test_a_withdrawn_pairs_sit_out_in_a_round_not_counted_yet_is_said_the_same(tmp_path: Path) -> None:
    """Round 3 partly entered (table 2's boards to come): A03's sit-out there is its withdrawal
    all the same, never counted, so without "（尚未计入排名）" (not counted yet), which a table
    entered in that round still says."""
    content = _mitchell(tmp_path, 2)
    path = content / "events/ev/results/round-3.yaml"
    text = path.read_text(encoding="utf-8")
    boards = "    ew: A05\n    boards:\n      1: 3NT N -1\n      2: 4S E =\n"
    assert boards in text
    path.write_text(text.replace(boards, "    ew: A05\n"), encoding="utf-8")
    _, _, site = _built(content, tmp_path)
    row = _summary_row(site / "entries/A03/index.html", "\u7b2c 3 \u8f6e")
    assert row == "\u7b2c 3 \u8f6e \u2014 \u2014 \u9000\u8d5b\uff08\u8f6e\u7a7a\uff0c\u4e0d\u8ba1\u5206\uff09 \u2014 \u2014", row
    # (A01's table 1 of round 3, entered: not counted yet, and said so)
    assert "\u5c1a\u672a\u8ba1\u5165\u6392\u540d" in _summary_row(site / "entries/A01/index.html", "\u7b2c 3 \u8f6e")


@pytest.mark.parametrize("withdrawn,opponent", [("P03", "P15"), ("P12", "P10")])
def test_a_bridge_pair_withdrawn_and_its_opponent_each_see_their_own_figures(tmp_path: Path, withdrawn: str,
                                                                             opponent: str) -> None:
    # rev112 D1: the club Mitchell, a pair withdrawn from round 8 (its tables of rounds 8 and 9
    # left as drawn), its opponent of round 8 scored average-plus alone. The pages read each
    # pair's figures by its seat as drawn, which is no place among the sides scored: P03 (NS)
    # showed P15's 60.00 on its own page and P15 0.00 on its; P12 (EW) showed 退赛 0.00.
    from generator.tournament.running import running_totals
    from tests.support import demo_content
    from tests.test_withdrawal import unplay

    slug = "qiaoyou-club-pairs-2024"
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    withdraw(folder, withdrawn, 8)
    if withdrawn == "P03":
        unplay(folder, withdrawn, range(8, 10))
    else:  # (P12 sits EW: its tables found by its ew line)
        for number in (8, 9):
            path = folder / "results" / f"round-{number}.yaml"
            text, count = re.subn(rf"(    ns: P\d+\n    ew: {withdrawn}\n)    boards:\n(?:      .*\n)+", r"\1",
                                  path.read_text(encoding="utf-8"))
            assert count == 1
            path.write_text(text, encoding="utf-8")
    result, _, site = _built(content, tmp_path)
    stage = result.stages[0]
    percent = {s.entry.id: s.tally.metrics["percent"] for s in stage.standings}
    from generator.games import GAMES
    game = GAMES[result.event.game]
    opponents = running_totals(game, stage, opponent).rows
    (row,) = [r for r in opponents if r.round == 8]
    assert row.opponents == [withdrawn] and row.values[0] == pytest.approx(60.0)  # (its average-plus)
    # each page's last running total is its standing's
    for pair in (withdrawn, opponent):
        rows = running_totals(game, stage, pair).rows
        assert rows[-1].running[0] == pytest.approx(percent[pair]), pair
    (own,) = [r for r in running_totals(game, stage, withdrawn).rows if r.round == 8]
    assert own.outcome == "withdrawn_not_played" and own.values[0] == 0
    shown = _summary_row(site / "entries" / withdrawn / "index.html", "第 8 轮")
    assert "退赛（本桌不打，不计分）" in shown and "60.00" not in shown
    assert "60.00" in _summary_row(site / "entries" / opponent / "index.html", "第 8 轮")
