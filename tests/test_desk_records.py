"""The results desk enters everything a table's record can hold (content-format.md, Guandan and
"Knockout"): teams of four in two rooms, a knockout's tie settled by the game's rule
(`tiebreak_deal`, the referee's `winner:`), Guandan's level penalties. Each form is posted over
HTTP as a table's phone (its link) or the secretary (the admin cookie) sends it, to the real
stack on 127.0.0.1; the test then reads the written YAML and the standings paibang computes
from the file, and a wrong entry is refused with the check's message, in the site's language,
nothing written.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import textwrap
import urllib.request
from pathlib import Path

import pytest

from generator import cli
from generator.build import validate
from tests.test_desk import Running, fetch, post, start

SLUG = "gd"
SITE = "title: 测试\nlocale: zh-Hans\n"


def make(tmp_path: Path, stage: str, tables: str, game: str = "guandan", prefix: str = "T", count: int = 4,
         players: int = 2) -> Path:
    """content/ with one event of `count` entries and one stage `main` whose round 1 is `tables`."""
    root = tmp_path / "content"
    folder = root / "events" / SLUG
    (folder / "results").mkdir(parents=True)
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    entries = "".join(f"  - {{id: {prefix}{n:02d}, players: [{', '.join(f'选手{n}{c}' for c in 'ABCD'[:players])}]}}\n"
                      for n in range(1, count + 1))
    (folder / "event.yaml").write_text(
        f"title: 测试赛\ngame: {game}\ndate: 2025-11-15\ndraw_seed: 7\nentries:\n{entries}"
        f"stages:\n  - id: main\n    name: 主赛\n{textwrap.indent(textwrap.dedent(stage), '    ')}", encoding="utf-8")
    (folder / "results" / "round-1.yaml").write_text(
        "# 第 1 轮（手工编排）\nstage: main\nround: 1\ntables:\n" + tables, encoding="utf-8")
    return root


def results(root: Path) -> Path:
    return root / "events" / SLUG / "results" / "round-1.yaml"


def table_block(root: Path, number: int) -> str:
    text = results(root).read_text(encoding="utf-8")
    return re.search(rf"  - table: {number}\b.*?(?=\n  - table:|\Z)", text, re.S).group(0)


def standings(root: Path) -> dict[str, dict[str, float]]:
    """Each entry's metrics in the stage's standings, as `paibang build` computes them."""
    _, found, _ = validate(root)
    [stage] = found[0].stages
    return {s.entry.id: dict(s.tally.metrics) for s in stage.standings}


def audit(root: Path) -> list[dict]:
    path = root / "events" / SLUG / "desk-audit.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


class Secretary:
    """The secretary's browser: the admin link's cookie, then any table's form."""

    def __init__(self, running: Running) -> None:
        self.running = running
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        fetch(running.desk.admin_link, opener=self.opener)

    def page(self, key: str) -> str:
        status, html = fetch(f"{self.running.secretary}/t/{key}", opener=self.opener)
        assert status == 200, html
        return html

    def post(self, key: str, action: str, **fields: str) -> tuple[int, str]:
        # (the form's CSRF token, and what it was filled from)
        sent = dict(re.findall(r'<input type="hidden" name="(csrf|filed)" value="([^"]*)"', self.page(key)))
        return fetch(f"{self.running.secretary}/t/{key}", {"k": "", **sent, "action": action, **fields},
                     opener=self.opener)


@pytest.fixture()
def desk_of():
    """start(content) -> a running desk over event `gd`, stopped after the test."""
    started: list[Running] = []

    def run(root: Path) -> Running:
        started.append(start(root, slug=SLUG))
        return started[-1]

    yield run
    for running in started:
        running.stop()


# --- 1. teams of four: two rooms ----------------------------------------------------------------

FOUR = """\
format: swiss
rounds: 1
profile: national
team_size: 4
"""
FOUR_TABLES = """\
  - table: 1
    teams: [T01, T02]
    # rooms: open / closed
  - table: 2
    teams: [T03, T04]
    rooms: {open: {levels: {T03: Q, T04: "9"}}, closed: {levels: {T03: "9", T04: Q}}}
"""


def test_each_rooms_score_sheet_carries_its_tables_qr(tmp_path: Path, desk_of, monkeypatch) -> None:
    """The desk's score sheets put a table's link on the pages naming that table: a teams-of-four
    room's page named it "1（开室）", no table number, and went without its QR code. Its number
    is the table's; the room is said beside it (the page's table_label)."""
    from generator.commands import printing
    from generator.desk.app import SHEET_QR_MASK, table_key, table_sheets
    from generator.render.bulletins import qr_png

    printed = []
    monkeypatch.setattr(printing, "one_document", lambda forms, locale, content=None: printed.extend(forms) or b"%PDF")
    running = desk_of(make(tmp_path, FOUR, FOUR_TABLES, players=4))
    running.desk.base = f"http://192.168.1.20:{running.port}"  # as --lan makes it (on 127.0.0.1 the sheets print no code: test_desk)
    assert table_sheets(running.desk, "main", 1) == b"%PDF"
    [sheet] = [form for form in printed if form.kind == "scoresheet"]
    assert [page.get("qr") for page in sheet.pages] == [
        qr_png(running.desk.link(table_key("main", 1, table)), mask=SHEET_QR_MASK) for table in (1, 1, 2, 2)]
    assert [(page["table"], page["table_label"]) for page in sheet.pages] == [
        ("1", "1（开室）"), ("1", "1（闭室）"), ("2", "2（开室）"), ("2", "2（闭室）")]


def test_a_table_enters_both_rooms_of_a_teams_of_four_match(tmp_path: Path, desk_of) -> None:
    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)  # table 2 is in: +3 and -3, a draw
    running = desk_of(root)
    status, html = fetch(running.desk.link("main/1/1"))
    assert status == 200
    for name in ("open_deals", "open_level_a", "closed_level_b", "closed_penalties"):
        assert f'name="{name}"' in html  # each room's record, under the room's name
    assert "开室" in html and "闭室" in html and 'name="deals"' not in html
    assert 'name="open_winner"' not in html  # the national rules' equal levels are a draw: no winner to say
    # the check while typing: open room T01 9 : T02 3; closed 5 : 7, T01 penalised a level (T02 8)
    typed = {"open_deals": "T01+3, T02+1, T01+2, T02 foul, T01+1", "closed_level_a": "5", "closed_level_b": "7",
             "closed_penalties": "T01 1 迟到5分钟"}
    status, body = post(running, "main/1/1", "check", **typed)
    checked = json.loads(body)
    assert status == 200 and checked["ok"] and checked["lines"][:3] == [
        "两室净积小分合计 T01 +3，T01 获胜", "开室 · 最终级数：T01 9 : T02 3", "闭室 · 最终级数：T01 5 : T02 8"]
    status, html = post(running, "main/1/1", "save", **typed)
    assert status == 200 and 'id="saved"' in html
    assert table_block(root, 1) == (
        "  - table: 1\n"
        "    teams: [T01, T02]\n"
        "    rooms:\n"
        "      open: {deals: [T01+3, T02+1, T01+2, T02 foul, T01+1]}\n"
        "      closed: {levels: {T01: 5, T02: 7}, penalties: [{team: T01, levels: 1, reason: 迟到5分钟}]}\n"
        "    # rooms: open / closed")
    [line] = audit(root)
    assert line["who"] == "table main/1/1" and line["new"]["rooms"]["closed"]["levels"] == {"T01": 5, "T02": 7}
    # the worked values: open +6, closed 5 : 8 is -3, T01 +3 and wins (match points 3 : 1); total levels
    # are each room's level - 2 added: T01 (9-2)+(5-2) = 10, T02 (3-2)+(8-2) = 7
    found = standings(root)
    assert {k: found["T01"][k] for k in ("match_points", "wins", "net_levels", "total_levels")} == \
        {"match_points": 3, "wins": 1, "net_levels": 3, "total_levels": 10}
    assert {k: found["T02"][k] for k in ("match_points", "wins", "net_levels", "total_levels")} == \
        {"match_points": 1, "wins": 0, "net_levels": -3, "total_levels": 7}
    assert cli.main(["check", "--content", str(root)]) == 0


def test_one_room_alone_is_refused_to_a_table_and_kept_by_the_secretary(tmp_path: Path, desk_of) -> None:
    root = make(tmp_path, FOUR, FOUR_TABLES.replace('    rooms: {open: {levels: {T03: Q, T04: "9"}}, closed: '
                                                    '{levels: {T03: "9", T04: Q}}}\n', ""), players=4)
    results(root).write_text(results(root).read_text(encoding="utf-8").replace(
        "    # rooms: open / closed\n",
        "    rooms: {open: {levels: {T01: Q, T02: 9}}, closed: {levels: {T01: 9, T02: 5}}}\n"),
        encoding="utf-8")  # table 1 is in: T01 +3 and +4
    running = desk_of(root)
    before = results(root).read_bytes()
    status, html = post(running, "main/1/2", "save", open_level_a="Q", open_level_b="9")
    assert status == 409 and 'id="incomplete"' in html and "每桌只能提交一次" in html  # the table saves once
    assert 'value="Q"' in html  # what was typed is kept
    assert results(root).read_bytes() == before and audit(root) == []
    # a room's record naming a team not at the table: the check's message, nothing written
    status, html = post(running, "main/1/2", "save", open_level_a="Q", open_level_b="9", closed_deals="T03+3, T09+1")
    assert status == 422 and "T09 不在这一桌" in html and results(root).read_bytes() == before
    # the secretary may save the open room first and come back for the closed one
    secretary = Secretary(running)
    status, html = secretary.post("main/1/2", "save", open_level_a="Q", open_level_b="9")
    assert status == 200 and 'id="saved"' in html
    assert table_block(root, 2).endswith("    rooms:\n      open: {levels: {T03: Q, T04: 9}}\n")
    assert "第 2 桌只录入了开室，闭室的记录还没有" in html  # the check's warning (guandan-room-pending)
    assert standings(root) == {}  # not a result yet: the round is not complete, no standings
    status, html = secretary.post("main/1/2", "save", open_level_a="Q", open_level_b="9",
                                  closed_level_a="9", closed_level_b="Q")
    assert status == 200 and 'id="saved"' in html
    # +3 and -3: net 0, a draw on the national profile (match points 2 each)
    found = standings(root)
    assert (found["T03"]["match_points"], found["T04"]["match_points"], found["T03"]["net_levels"]) == (2, 2, 0)
    assert (found["T01"]["match_points"], found["T01"]["net_levels"], found["T02"]["total_levels"]) == (3, 7, 3 + 7)


# --- 2. knockout ties ---------------------------------------------------------------------------

KO = """\
format: knockout
seeding: [T01, T02, T03, T04]
"""
KO_TABLES = """\
  - table: 1
    teams: [T01, T04]
  - table: 2
    teams: [T02, T03]
    levels: {T02: Q, T03: "7"}
"""


def refused(running: Running, root: Path, **fields: str) -> str:
    """A save of table 1 the desk refuses (422) writing nothing; the page it answers with."""
    before = results(root).read_bytes()
    status, html = post(running, "main/1/1", "save", **fields)
    assert status == 422 and results(root).read_bytes() == before
    return html


def saved(running: Running, **fields: str) -> None:
    status, html = post(running, "main/1/1", "save", **fields)
    assert status == 200 and 'id="saved"' in html


def knockout(root: Path):
    _, found, _ = validate(root)
    return found[0].stage_of("main").bracket


def test_a_guandan_knockout_tie_is_settled_by_the_extra_deal(tmp_path: Path, desk_of) -> None:
    root = make(tmp_path, KO + "profile: national\n", KO_TABLES)
    running = desk_of(root)
    status, html = fetch(running.desk.link("main/1/1"))
    assert 'name="tiebreak_deal"' in html and "加赛头游方" in html and "未加赛" in html
    assert 'name="winner"' not in html  # equal levels are a draw here, settled by the extra deal only
    # both at 9 at time-up: a tie the bracket cannot take, the message `check` gives, its fix
    # pointing at the form's field (test_desk_said.py)
    assert "在「加赛头游方」一栏选出" in refused(running, root, level_a="9", level_b="9")
    # the extra deal won by a team not at the table (a forged form): refused, nothing written
    html = refused(running, root, level_a="9", level_b="9", tiebreak_deal="T09")
    assert "加赛头游方 T09 不在这一桌（本桌：T01、T04）" in html and audit(root) == []
    saved(running, level_a="9", level_b="9", tiebreak_deal="T04")
    assert table_block(root, 1) == "  - table: 1\n    teams: [T01, T04]\n    levels: {T01: 9, T04: 9}\n" \
                                   "    tiebreak_deal: T04"
    semi = knockout(root).match(1)
    assert (semi.winner, semi.loser) == ("T04", "T01") and semi.score.extra["decided_by"] == "tiebreak"
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0  # the final: T04 v T02
    final = (root / "events" / SLUG / "results" / "round-2.yaml").read_text(encoding="utf-8")
    assert re.search(r"teams: \[T0[24], T0[24]\]", final)


def test_guandan_winner_settles_equal_levels_without_a_deal_log(tmp_path: Path, desk_of) -> None:
    """The seed's rules in a knockout: equal levels without a log need `winner:` (who got there
    first, the score sheet says); the extra deal is offered too."""
    root = make(tmp_path, KO, KO_TABLES)
    running = desk_of(root)
    assert "双方同为 K，无法确定谁先到达" in refused(running, root, level_a="K", level_b="K")
    assert "获胜方 T09 不在这一桌" in refused(running, root, level_a="K", level_b="K", winner="T09")
    saved(running, level_a="K", level_b="K", winner="T01")
    assert "    levels: {T01: K, T04: K}\n    winner: T01" in table_block(root, 1)
    assert knockout(root).match(1).winner == "T01"


DAGUAI_TABLES = """\
  - table: 1
    home: D01
    away: D04
  - table: 2
    home: D02
    away: D03
    boards:
      1: {open: D02 8, closed: D02 5}
"""


def test_another_games_knockout_tie_is_the_referees_winner(tmp_path: Path, desk_of) -> None:
    """大怪路子's tied knockout match is settled by the referee (content-format.md, `winner:`):
    the choice is the secretary's form's alone. A table's phone chose it, once, then locked: its
    form has no such field, a tie it sends is said as the referee's to decide, and a winner sent
    from its link is refused, as a forfeit is."""
    from tests.test_desk_said import block

    root = make(tmp_path, KO.replace("T0", "D0") + "boards: 1\n", DAGUAI_TABLES, game="daguai", prefix="D")
    running = desk_of(root)
    status, html = fetch(running.desk.link("main/1/1"))
    assert 'name="winner"' not in html and "\u5e73\u5c40\u65f6\u7684\u80dc\u65b9" not in html
    # 8 : 8 on points: a tie, the referee's to settle
    html = refused(running, root, b1_open="D01 8", b1_closed="D04 8")
    assert "\u8fd9\u573a\u6bd4\u8d5b\uff08D01 \u2013 D04\uff09\u6253\u5e73" in html and "\u8bf7\u53eb\u88c1\u5224" in html, html
    assert "winner" not in block(html, "problems")
    html = refused(running, root, b1_open="D01 8", b1_closed="D04 8", winner="D04")
    assert "\u5e73\u5c40\u65f6\u7684\u664b\u7ea7\u65b9\uff08D04\uff09\u7531\u88c1\u5224\u5224\u5b9a" in html and audit(root) == []
    secretary = Secretary(running)
    assert "\u5e73\u5c40\u65f6\u7684\u80dc\u65b9\uff08\u88c1\u5224\u5224\u5b9a\uff09" in secretary.page("main/1/1")
    status, html = secretary.post("main/1/1", "save", b1_open="D01 8", b1_closed="D04 8")
    assert status == 422 and "winner" in html
    status, html = secretary.post("main/1/1", "save", b1_open="D01 8", b1_closed="D04 8", winner="D09")
    assert "\u300c\u5e73\u5c40\u65f6\u7684\u80dc\u65b9\u300d\u9009\u4e86 D09\uff0c\u4e0d\u662f\u8fd9\u4e00\u684c\u7684\u4e00\u65b9\uff08D01, D04\uff09" in html and audit(root) == []
    status, html = secretary.post("main/1/1", "save", b1_open="D01 8", b1_closed="D04 8", winner="D04")
    assert status == 200 and 'id="saved"' in html
    assert "    boards:\n      1: {open: D01 8, closed: D04 8}\n    winner: D04" in table_block(root, 1)
    [semi, other] = knockout(root).round_matches(1)
    # the match's winner is the referee's, said as settled by `winner:` (a draw with the bracket
    # alone showing who went through was what its pages said)
    assert (semi.winner, other.winner) == ("D04", "D02")
    assert semi.score.winner == "D04" and semi.score.extra["settled_by"] == "winner"
    # a winner the result contradicts is refused too
    status, html = secretary.post("main/1/2", "save", b1_open="D02 8", b1_closed="D02 5", winner="D03")
    assert status == 422 and "D03" in html


# --- 3. level penalties -------------------------------------------------------------------------

SWISS_TWO = "format: swiss\nrounds: 1\n"
TWO_TABLES = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
    levels: {T03: Q, T04: "9"}
"""


def test_a_table_enters_penalties_where_its_score_sheet_has_them(tmp_path: Path, desk_of) -> None:
    """The national profile's score sheet has penalty rows (the referee fills and signs them):
    the table copies them with its result. The worked case: T01 8, T02 9, T02 late 10 minutes
    (2 levels to T01): T01 ends at 10 and wins; net levels +1 / -1; total levels 8 / 7."""
    root = make(tmp_path, "format: swiss\nrounds: 1\nprofile: national\n", TWO_TABLES)
    running = desk_of(root)
    status, html = fetch(running.desk.link("main/1/1"))
    assert 'name="penalties"' in html and "罚级" in html
    status, html = post(running, "main/1/1", "save", level_a="8", level_b="9", penalties="T02 2 迟到10分钟")
    assert status == 200 and 'id="saved"' in html
    assert table_block(root, 1) == "  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 9}\n" \
                                   "    penalties: [{team: T02, levels: 2, reason: 迟到10分钟}]"
    found = standings(root)
    assert {k: found["T01"][k] for k in ("match_points", "net_levels", "total_levels")} == \
        {"match_points": 3, "net_levels": 1, "total_levels": 8}
    assert {k: found["T02"][k] for k in ("match_points", "net_levels", "total_levels")} == \
        {"match_points": 1, "net_levels": -1, "total_levels": 7}
    # a penalty naming a team not at the table: the check's message, nothing written
    before = results(root).read_bytes()
    status, html = Secretary(running).post("main/1/2", "save", level_a="Q", level_b="9", penalties="T09 1 迟到5分钟")
    assert status == 422 and "T09 不在这一桌（本桌：T03、T04）" in html and "T09 1 迟到5分钟" in html
    assert results(root).read_bytes() == before


def test_on_the_seeds_rules_penalties_are_the_secretarys(tmp_path: Path, desk_of) -> None:
    """The seed's score sheet has no penalty rows: a table's form has no penalty box, and a
    penalty posted through it anyway is not taken; the secretary's form has it (the reader takes
    penalties on any table). T01 8, T02 9, T02 penalised 2: T01 10 against 9, T01 wins by 1."""
    root = make(tmp_path, "format: swiss\nrounds: 1\n", TWO_TABLES)
    running = desk_of(root)
    status, html = fetch(running.desk.link("main/1/1"))
    assert 'name="penalties"' not in html
    status, html = post(running, "main/1/1", "save", level_a="8", level_b="9", penalties="T02 2 迟到10分钟")
    assert status == 200 and 'id="saved"' in html
    assert table_block(root, 1) == "  - table: 1\n    teams: [T01, T02]\n    levels: {T01: 8, T02: 9}"
    assert standings(root)["T02"]["wins"] == 1
    secretary = Secretary(running)
    assert 'name="penalties"' in secretary.page("main/1/1")
    status, html = secretary.post("main/1/1", "save", level_a="8", level_b="9", penalties="T02 2 迟到10分钟")
    assert status == 200 and 'id="saved"' in html
    assert "    penalties: [{team: T02, levels: 2, reason: 迟到10分钟}]" in table_block(root, 1)
    found = standings(root)
    assert (found["T01"]["wins"], found["T01"]["level_diff"], found["T02"]["level_diff"]) == (1, 1, -1)
    assert [line["who"] for line in audit(root)] == ["table main/1/1", "secretary"]
    assert audit(root)[1]["old"] == {"levels": {"T01": 8, "T02": 9}}
    # the secretary's wrong penalty: refused in the site's language, nothing written
    before = results(root).read_bytes()
    status, html = secretary.post("main/1/1", "save", level_a="8", level_b="9", penalties="T02 0 迟到")
    assert status == 422 and "「罚级」第 1 行：T02 罚 0 级，超出范围" in html and results(root).read_bytes() == before


# --- at a phone's width -------------------------------------------------------------------------

from tests.test_desk import browser  # noqa: E402,F401 - the module's Chromium at 390 px (a fixture)


@pytest.mark.slow
def test_a_phone_enters_both_rooms_at_390_px(browser, tmp_path: Path, desk_of) -> None:  # noqa: F811
    from test_phone import page_problems

    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)
    running = desk_of(root)
    phone = browser.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(running.desk.link("main/1/1"))
    # (no whole-match part at a table: its one field, a forfeit, is the secretary's: rev54)
    assert [h.inner_text() for h in phone.locator("form h2").all()] == ["开室", "闭室"]
    phone.fill("#open_deals", "T01+3，T02+1，T01+2，T02 foul，T01+1")
    phone.fill("#closed_level_a", "5")
    phone.fill("#closed_level_b", "7")
    phone.fill("#closed_penalties", "T01 1 迟到5分钟")
    phone.locator("#score-lines li", has_text="两室净积小分合计 T01 +3").wait_for()  # checked while typing
    assert page_problems(phone, "the four-room form", errors=errors) == []
    phone.click("#save")
    phone.locator("#saved").wait_for()
    assert "closed: {levels: {T01: 5, T02: 7}, penalties: [{team: T01, levels: 1, reason: 迟到5分钟}]}" in \
        table_block(root, 1)
    assert page_problems(phone, "the four-room form, saved", errors=errors) == []


def test_a_daguai_box_says_how_it_is_written_in_the_tables_own_ids(tmp_path: Path, desk_of) -> None:
    """The 大怪路子 phone form's boxes were empty, with no example: each box takes the team that
    ran first and its points (D01 8). Said once above the boxes, in the table's ids and the
    stage's points, each box described by it."""
    root = make(tmp_path, "format: swiss\nrounds: 1\nboards: 2\n", DAGUAI_TABLES, game="daguai", prefix="D")
    running = desk_of(root)
    status, html = fetch(running.desk.link("main/1/1"))
    assert status == 200
    hint = re.search(r'<p class="hint" id="boards-hint">([^<]*)</p>', html).group(1)
    assert "如 D01 8、D04 3" in hint and "8, 5, 3, 1, 0" in hint, hint
    for name in ("b1_open", "b1_closed", "b2_open", "b2_closed"):
        assert re.search(rf'<input id="{name}"[^>]*aria-describedby="boards-hint"', html), name


@pytest.mark.slow
def test_a_daguai_phone_hears_which_box_is_wrong_while_typing(browser, tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The live check filled the error box (role=alert), but the box typed into carried nothing:
    it is aria-invalid and described by the problem's line, then its hint; mended, it is not."""
    from test_phone import page_problems

    root = make(tmp_path, "format: swiss\nrounds: 1\nboards: 2\n", DAGUAI_TABLES, game="daguai", prefix="D")
    phone = browser.new_page()
    phone.goto(desk_of(root).desk.link("main/1/1"))
    phone.fill("#b1_open", "D99 8")
    phone.locator('#b1_open[aria-invalid="true"]').wait_for()
    # its own problem first (then the board's: its closed room missing), then its hint
    described = phone.get_attribute("#b1_open", "aria-describedby").split()
    assert described[0] == "problem-1" and described[-1] == "boards-hint", described
    assert "D99" in phone.inner_text("#problem-1")
    assert phone.get_attribute("#b2_open", "aria-invalid") is None  # (a box that is right is not marked)
    assert page_problems(phone, "the 大怪路子 form, a box wrong") == []
    phone.fill("#b1_closed", "D04 5")
    phone.fill("#b1_open", "D01 8")
    phone.locator("#b1_open:not([aria-invalid])").wait_for()
    assert phone.get_attribute("#b1_open", "aria-describedby") == "boards-hint"


# --- 5. a match still waiting for boards ----------------------------------------------------------

@pytest.mark.parametrize("game, typed, lines", [
    ("daguai", {"b1_open": "D01 8", "b1_closed": "D02 1", "b3_open": "D01 5", "b3_closed": "D01 3"},
     ["D01：净胜分 15、高分 16、跑头家次数 3", "D02：净胜分 -15、高分 1、跑头家次数 1",
      "还有 1 副未录入（第 2 副）：录全后才有比赛分和胜负，计入排名"]),
    ("shengji", {"b1_open": "85", "b1_closed": "40", "b2_open": "0", "b2_closed": "120",
                 "b4_open": "150", "b4_closed": "0"},
     ["H01：净得分差 -15", "H02：净得分差 15", "还有 1 副未录入（第 3 副）：录全后才有胜负，计入排名"]),
])
def test_the_check_of_a_match_waiting_for_boards_gives_no_match_points(tmp_path: Path, desk_of, game, typed,
                                                                        lines) -> None:
    """A 大怪路子 match entered with board 2 left out was checked as "D01：场分 2、…", 80分's with
    board 3 left out "H02：比赛分 14、…": match points as if the match were over, while the
    round page says it waits for its boards. The check says its figures so far, without match
    points or a winner, and the round page's note of the boards to come."""
    from tests import test_daguai_event, test_shengji_event

    root = (test_daguai_event if game == "daguai" else test_shengji_event).np_event(tmp_path, "")
    status, body = Secretary(desk_of(root)).post("main/1/1", "check", **typed)
    checked = json.loads(body)
    assert status == 200 and checked["ok"] and checked["lines"][:3] == lines, checked["lines"]
    assert not any(line.startswith("胜方") for line in checked["lines"])  # (no winner)


def test_a_penalty_without_its_reason_is_said_in_the_forms_words(tmp_path: Path, desk_of) -> None:
    """A penalty typed without its reason ("T02 2") was told to "write reason in this penalty
    (e.g. {team: T02, levels: 2, reason: 迟到5分钟})": the results file's keys and a YAML item, which
    the form's penalties box (team, levels, reason on a line) does not show. It names the box's
    line and says the fix as the box is typed."""
    root = make(tmp_path, "format: swiss\nrounds: 1\nprofile: national\n", TWO_TABLES)
    running = desk_of(root)
    status, body = post(running, "main/1/1", "check", level_a="8", level_b="9", penalties="\nT02 2")
    checked = json.loads(body)
    assert status == 200 and checked["ok"], checked
    [warning] = [w for w in checked["warnings"] if "原因" in w["message"]]
    assert warning["message"] == "「罚级」第 2 行：给 T02 的罚级（2 级）没有写原因"
    assert warning["hint"] == "在这一行的级数后写上原因，如 T02 2 迟到5分钟：罚级要记明原因，显示在该场比赛上。"
    assert "reason" not in warning["hint"] and "{" not in warning["hint"]
    assert warning["fields"] == ["penalties"]


def test_the_build_note_of_an_event_the_desk_cannot_read_again_is_in_the_sites_words(tmp_path: Path, desk_of,
                                                                                   monkeypatch) -> None:
    """A save the desk then could not read the event after (the system refused a file) left the
    admin page's note as "PermissionError: [Errno 13] Permission denied: …", a Python class's
    name and the system's English in a Chinese page. It says so in the site's words, with the
    file and the reason as the desk says a refused file elsewhere."""
    import errno

    from generator.desk import app

    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    refused = results(root)

    def unreadable(*_args, **_kwargs):  # noqa: ANN002, ANN003
        raise PermissionError(errno.EACCES, "Permission denied", str(refused))

    monkeypatch.setattr(app, "load_site", unreadable)
    status, page = secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9")
    assert status == 200, page
    note = re.search(r'<p class="muted" id="build-note">([^<]*)</p>', secretary.opener.open(
        f"{running.secretary}/admin").read().decode()).group(1)
    assert not re.search(r"[A-Za-z]+Error|Errno|Permission denied", note), note
    assert "记录台没能重新读取赛事" in note and f"{refused}: 没有读取权限" in note, note
    # anything else the reading met (not the system's refusal): said in the site's words too
    monkeypatch.setattr(app, "load_site", lambda *_args, **_kwargs: [][1])
    status, page = secretary.post("main/1/1", "save", open_level_a="K", open_level_b="9")
    assert status == 200, page
    note = re.search(r'<p class="muted" id="build-note">([^<]*)</p>', secretary.opener.open(
        f"{running.secretary}/admin").read().decode()).group(1)
    assert note == "记录台没能重新读取赛事（读取时出错）：各页仍是上次读取的成绩；下一次保存或改动后会再读。", note


def test_a_refusal_with_no_word_of_its_own_is_said_in_the_sites_words(tmp_path: Path, desk_of, monkeypatch) -> None:
    """The system refused a file for a reason the site had no word for (too many files open,
    an input/output error): the admin page's note said "Too many open files", the C library's
    English, inside a Chinese sentence. Too many files open has its words; any other refusal is
    said in the site's words by the system's code, the same in every language."""
    import errno
    import os

    from generator.desk import app

    root = make(tmp_path, FOUR, FOUR_TABLES, players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    refused = results(root)

    def note_after(number: int, level: str) -> str:
        def unreadable(*_args, **_kwargs):  # noqa: ANN002, ANN003
            raise OSError(number, os.strerror(number), str(refused))

        monkeypatch.setattr(app, "load_site", unreadable)
        status, page = secretary.post("main/1/1", "save", open_level_a=level, open_level_b="9")
        assert status == 200, page
        return re.search(r'<p class="muted" id="build-note">([^<]*)</p>', secretary.opener.open(
            f"{running.secretary}/admin").read().decode()).group(1)

    note = note_after(errno.EMFILE, "Q")
    assert f"{refused}: 同时打开的文件太多（超过了系统的上限）" in note and os.strerror(errno.EMFILE) not in note, note
    note = note_after(errno.EIO, "K")
    assert f"{refused}: 系统错误 EIO" in note and os.strerror(errno.EIO) not in note, note
    # a held save says the refusal of its file in the same words (desk-write-failed)
    said = app.write_failed(refused, OSError(errno.EMFILE, os.strerror(errno.EMFILE))).message("zh-Hans")
    assert "同时打开的文件太多" in said and os.strerror(errno.EMFILE) not in said, said


def test_a_knockout_correction_after_the_next_round_was_drawn_is_refused_with_what_to_do(tmp_path: Path, desk_of,
                                                                                          monkeypatch) -> None:
    """rev60: a semi-final settled by the extra deal (T04 through), the final drawn T04 v T02, then
    the secretary corrects the extra deal to T01. On main the desk saved it with "已保存" and no
    word; check then failed (knockout-not-in-bracket, "paibang pair draws them", which it never
    does over a drawn round) and the site kept its old final. The desk checks as check does: it
    refuses, nothing written, saying who would go through, who the final was drawn with, and the
    files to delete before saving; done so, the correction saves and pair draws the final anew.
    h-desk15: each at once, with no file watcher and no reading asked for: the refusal read the
    event as last loaded, so a correction saved before the watcher had the final read went
    through (check caught it later); the save reads the round pair drew, or deleted."""
    from generator.desk.app import Desk

    async def unwatched(_desk: Desk) -> None:  # the file watcher never reports a change
        return None

    monkeypatch.setattr(Desk, "watch", unwatched)
    root = make(tmp_path, KO + "profile: national\n", KO_TABLES)
    running = desk_of(root)
    saved(running, level_a="9", level_b="9", tiebreak_deal="T04")
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0  # the final: T04 v T02
    final = root / "events" / SLUG / "results" / "round-2.yaml"
    assert "T04" in final.read_text(encoding="utf-8")
    secretary = Secretary(running)
    before = results(root).read_bytes()
    status, html = secretary.post("main/1/1", "save", level_a="9", level_b="9", tiebreak_deal="T01")
    assert status == 422 and results(root).read_bytes() == before and 'id="saved"' not in html
    words = re.sub(r"<[^>]+>", "", html)
    assert "保存后第 1 轮第 1 桌的成绩将让 T01 进入第 2 轮，但第 2 轮已按 T04 编排（round-2.yaml）：未保存" in words
    assert "先删除 round-2.yaml，再保存这一桌，然后用 paibang pair 从第 2 轮起重新编排" in words
    # the result as it stands saves as ever (nothing to redraw)
    status, html = secretary.post("main/1/1", "save", level_a="9", level_b="9", tiebreak_deal="T04")
    assert status == 200 and "T01 进入第 2 轮" not in html
    # what the message says, done: the final's file deleted, the correction saves, pair draws again
    final.unlink()  # (read at the save too: the final as last read would refuse it still)
    status, html = secretary.post("main/1/1", "save", level_a="9", level_b="9", tiebreak_deal="T01")
    assert status == 200 and 'id="saved"' in html
    assert knockout(root).match(1).winner == "T01"
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0
    assert re.search(r"teams: \[T0[12], T0[12]\]", final.read_text(encoding="utf-8"))


def test_a_knockout_correction_refused_names_the_final_before_the_third_place_match(tmp_path: Path,
                                                                                    desk_of) -> None:
    """rev61: with a third-place match, pair draws round 2 as the play-off at table 1 and the
    final at table 2. T01 beat T04, then the secretary corrects it to T04: the desk refused
    saying T01 would go into round 2 (drawn with T04), the play-off's place, which reads as the
    final's. It names the final's place: T04 would go into round 2, drawn with T01. Round 2 with
    its play-off drawn alone (the final not yet), the refusal says it is the third-place match."""
    root = make(tmp_path, KO + "third_place: true\n", KO_TABLES)
    running = desk_of(root)
    saved(running, level_a="K", level_b="5")
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0
    second = root / "events" / SLUG / "results" / "round-2.yaml"
    drawn = second.read_text(encoding="utf-8")
    assert re.findall(r"teams: \[(T\d+), (T\d+)\]", drawn) == [("T03", "T04"), ("T01", "T02")]
    running.desk.load()
    secretary = Secretary(running)
    status, html = secretary.post("main/1/1", "save", level_a="5", level_b="K")
    assert status == 422
    words = re.sub(r"<[^>]+>", "", html)
    assert "保存后第 1 轮第 1 桌的成绩将让 T04 进入第 2 轮，但第 2 轮已按 T01 编排（round-2.yaml）：未保存" in words
    # the play-off alone drawn: said as the third-place match
    second.write_text(re.sub(r"  - table: 2\b.*", "", drawn, flags=re.S), encoding="utf-8")
    running.desk.load()
    status, html = secretary.post("main/1/1", "save", level_a="5", level_b="K")
    assert status == 422
    words = re.sub(r"<[^>]+>", "", html)
    assert "保存后第 1 轮第 1 桌的成绩将让 T01 进入第 2 轮的三四名决赛，但三四名决赛已按 T04 编排（round-2.yaml）：未保存" \
        in words


KO_FOUR_TABLES = """\
  - table: 1
    teams: [T01, T04]
  - table: 2
    teams: [T02, T03]
    rooms: {open: {levels: {T02: Q, T03: "9"}}, closed: {levels: {T02: "9", T03: "5"}}}
"""


def test_a_knockout_result_cleared_after_the_next_round_was_drawn_is_refused(tmp_path: Path, desk_of,
                                                                             monkeypatch) -> None:
    """h-desk16: the secretary cleared a semi-final's closed room after the final was drawn with
    its winner (T01 v T02): the desk saved the open room alone, check then reported
    knockout-drawn-before-undecided and the site build was refused. Refused at the desk in
    check's words (restore the result, or delete the later round's file first), nothing written;
    the match as it stands saves as ever, and with the final's file deleted the clearing saves."""
    from generator.desk.app import Desk

    async def unwatched(_desk: Desk) -> None:
        return None

    monkeypatch.setattr(Desk, "watch", unwatched)
    root = make(tmp_path, KO + "profile: national\nteam_size: 4\n", KO_FOUR_TABLES, players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    status, html = secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9", closed_level_a="9",
                                  closed_level_b="5")
    assert status == 200 and 'id="saved"' in html
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0  # the final: T01 v T02
    final = root / "events" / SLUG / "results" / "round-2.yaml"
    assert re.search(r"teams: \[T0[12], T0[12]\]", final.read_text(encoding="utf-8"))
    before = results(root).read_bytes()
    status, html = secretary.post("main/1/2", "save", open_level_a="Q", open_level_b="9", closed_level_a="",
                                  closed_level_b="")
    words = re.sub(r"<[^>]+>", "", html)
    assert status == 422 and results(root).read_bytes() == before and 'id="saved"' not in html, (status, words[-2000:])
    # check's words: T02's place in the final hangs on round 1 table 2, which would have no winner
    assert "\u7b2c 2 \u8f6e\u7b2c 1 \u684c" in words and "T02 \u7684\u4f4d\u7f6e\u7531\u7b2c 1 \u8f6e\u7b2c 2 \u684c" in words, words
    assert "\u5220\u9664 round-2.yaml" in words, words  # (delete round-2.yaml)
    # the result as it stands saves as ever
    status, html = secretary.post("main/1/2", "save", open_level_a="Q", open_level_b="9", closed_level_a="9",
                                  closed_level_b="5")
    assert status == 200, html
    final.unlink()
    status, html = secretary.post("main/1/2", "save", open_level_a="Q", open_level_b="9", closed_level_a="",
                                  closed_level_b="")
    assert status == 200 and 'id="saved"' in html
    assert cli.main(["check", "--content", str(root)]) == 0


def test_a_round_pair_drew_moments_ago_prints_its_sheets(tmp_path: Path, desk_of, monkeypatch) -> None:
    """h-desk16: the secretary's sheets (the page and its PDF) read the event as the desk last
    had it: a round `pair` drew in a terminal, not yet read by the file watcher, had no sheets
    (404), or a redrawn one printed its old tables. Each asks, as the forms do, whether a file
    changed (Desk.catch_up), and prints the round as drawn."""
    from generator.commands import printing
    from generator.desk.app import Desk

    async def unwatched(_desk: Desk) -> None:  # the file watcher never reports a change
        return None

    monkeypatch.setattr(Desk, "watch", unwatched)
    printed = []
    monkeypatch.setattr(printing, "one_document", lambda forms, locale, content=None, **_options: printed.extend(forms) or b"%PDF")
    root = make(tmp_path, KO + "profile: national\nteam_size: 4\n", KO_FOUR_TABLES, players=4)
    running = desk_of(root)
    secretary = Secretary(running)
    status, html = secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9", closed_level_a="9",
                                  closed_level_b="5")
    assert status == 200
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0  # the final: T01 v T02
    status, page = fetch(f"{running.secretary}/admin/sheets/main/2", opener=secretary.opener)
    assert status == 200 and "T01" in page and "T02" in page, page
    with secretary.opener.open(f"{running.secretary}/admin/sheets/main/2/print.pdf", timeout=30) as answer:
        assert answer.status == 200 and answer.read() == b"%PDF"
    [sheet] = [form for form in printed if form.kind == "scoresheet"]
    assert {page["table"] for page in sheet.pages} == {"1"}
