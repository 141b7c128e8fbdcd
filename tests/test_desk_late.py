"""The desk later in the event day (event-day.md, "Status, derived from content" and "Changes
during the event"): its standings and screen say which moment they are ("第 1 轮后") and when
the stage and the event are over, in the site's words; a correction of a round the next one was
drawn on says so after saving, as the stage page and `check` do (that save, not every later
one), reading the event once; a save that changes nothing writes nothing, not even an audit
line; the admin page marks a table the secretary changed after it was entered, read safely
from the audit log as it grows; and after a restart the secretary's old pages say what to do.
Over HTTP to the real stack on 127.0.0.1; the assertions read the pages.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

from tests.test_desk import Running, fetch
from tests.test_desk_records import Secretary, audit, desk_of, make  # noqa: F401 - desk_of is a fixture
from tests.test_desk_said import block, shown
from tests.support import venue_clock

SWISS = """\
format: swiss
rounds: 2
"""
ROUND_1 = """\
  - table: 1
    teams: [T01, T02]
    levels: {T01: Q, T02: "9"}
  - table: 2
    teams: [T03, T04]
    levels: {T03: K, T04: "5"}
"""
ROUND_2 = """\
# 第 2 轮（手工编排）
stage: main
round: 2
tables:
  - table: 1
    teams: [T01, T03]
    levels: {T01: A, T03: "7"}
  - table: 2
    teams: [T02, T04]
"""


def two_rounds(tmp_path: Path, round_2: str = ROUND_2) -> Path:
    root = make(tmp_path, SWISS, ROUND_1)
    (root / "events" / "gd" / "results" / "round-2.yaml").write_text(round_2, encoding="utf-8")
    return root


def settled(running: Running, since: int) -> None:
    """Wait (bounded) until the desk has read and scored the event again after `since`."""
    for _ in range(400):  # up to 20 s
        if running.desk.version > since:
            return
        time.sleep(0.05)
    raise AssertionError("the desk never read the event again")


def test_the_standings_and_screen_say_which_moment_and_when_it_is_over(tmp_path: Path, desk_of) -> None:  # noqa: F811
    running = desk_of(two_rounds(tmp_path))
    for view in ("standings", "screen"):
        status, page = fetch(f"{running.base}/{view}")
        said = shown(page)
        assert status == 200 and "主赛 进行中 · 第 1 轮后" in said and "赛事状态：进行中" in said, said
    since = running.desk.version
    status, page = Secretary(running).post("main/2/2", "save", level_a="J", level_b="8")
    assert status == 200 and 'id="saved"' in page
    settled(running, since)
    for view in ("standings", "screen"):
        status, page = fetch(f"{running.base}/{view}")
        said = shown(page)
        assert "主赛 已结束 · 共 2 轮" in said and "赛事状态：已结束" in said and "第 1 轮后" not in said, said


def test_a_correction_after_the_next_round_was_drawn_is_said_with_the_save(tmp_path: Path, desk_of) -> None:  # noqa: F811
    from generator import cli

    root = make(tmp_path, SWISS, ROUND_1)
    assert cli.main(["pair", "gd", "main", "--content", str(root)]) == 0  # round 2, drawn on round 1
    running = desk_of(root)
    secretary = Secretary(running)
    stale = "第 2 轮编排所依据的成绩后来改了：第 1 轮第 1 桌（T01 – T02）"
    status, page = secretary.post("main/1/2", "save", level_a="K", level_b="5")  # as it was
    assert status == 200 and block(page, "stale") == ""
    # round 1's table 1 corrected: T02 won, not T01; round 2 stands as drawn, and the desk says so
    status, page = secretary.post("main/1/1", "save", level_a="9", level_b="Q")
    said = block(page, "stale")
    assert status == 200 and 'id="saved"' in page and said.startswith("主赛 " + stale), said
    assert "T01" in said and "T02" in said and "已编排的对阵不会自动重排。" in said
    # in the words of the stage page (the site's) and there to see on the admin page too
    from generator.build import build

    out = tmp_path / "site"
    build(root, out)
    stage_page = shown((out / "events" / "gd" / "main" / "index.html").read_text(encoding="utf-8"))
    assert said.removeprefix("主赛 ") in stage_page
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert said in shown(admin)


def test_the_stale_draw_is_said_with_the_saves_of_the_rounds_it_was_drawn_on_only(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """Once round 2 stands on a corrected round 1, the alert belongs to a save of round 1 (what
    the draw was drawn on), not to every save after: entering round 2's own results, or the
    next stage's, says nothing of it (the admin page and the stage page keep saying it)."""
    from generator import cli

    root = make(tmp_path, SWISS.replace("rounds: 2", "rounds: 3"), ROUND_1)
    assert cli.main(["pair", "gd", "main", "--content", str(root)]) == 0  # round 2, drawn on round 1
    running = desk_of(root)
    secretary = Secretary(running)
    status, page = secretary.post("main/1/1", "save", level_a="9", level_b="Q")  # the correction
    assert status == 200 and block(page, "stale").startswith("主赛 第 2 轮编排所依据的成绩后来改了")
    for table in (1, 2):  # round 2's own results: no round was drawn on them
        status, page = secretary.post(f"main/2/{table}", "save", level_a="J", level_b="8")
        assert status == 200 and 'id="saved"' in page and block(page, "stale") == "", block(page, "stale")
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert "第 2 轮编排所依据的成绩后来改了" in shown(admin)  # still there to see
    status, page = secretary.post("main/1/2", "save", level_a="5", level_b="K")  # round 1 again: said
    assert status == 200 and "第 2 轮编排所依据的成绩后来改了" in block(page, "stale")


def test_a_stale_draw_bears_on_the_saves_of_what_it_was_drawn_on() -> None:
    """Which stale draws a save of a table of round `number` of `stage` is told of: a later
    Swiss round of that stage, or a knockout whose round 1 was drawn on that stage's standings;
    of a Swiss stage, its later rounds only."""
    from types import SimpleNamespace as Stage

    from generator.desk.app import stale_after
    from generator.tournament.results import StageResult, StaleDraw

    second, fourth, first = StaleDraw(2, ["T01"]), StaleDraw(4, ["T03"]), StaleDraw(1, ["T05"])
    # a note a correction: the one before round 2 made rounds 2 and 4 stale, the one before 4 only 4
    early, late = ({"zh-Hans": "a"}, {"zh-Hans": "b"}, (2, 4)), ({"zh-Hans": "c"}, {"zh-Hans": "d"}, (4,))
    swiss = StageResult(Stage(id="main"), [], [], [], stale_draws=[second, fourth], stale_notes=[early, late])
    ko = StageResult(Stage(id="ko"), [], [], [], stale_draws=[first], drawn_from="main", bracket=object())
    result = Stage(stages=[swiss, ko])

    def said(stage: str, number: int) -> list[tuple[str, list, list]]:
        return [(s.stage.id, s.stale_draws, s.stale_notes) for s in stale_after(result, stage, number)]

    assert said("main", 1) == [("main", [second, fourth], [early, late]), ("ko", [first], [])]
    assert said("main", 3) == [("main", [fourth], [early, late]), ("ko", [first], [])]
    assert said("main", 4) == [("ko", [first], [])]
    assert said("ko", 1) == [] and said("ko", 2) == [] and stale_after(None, "main", 1) == []
    # A knockout's stale draws by the rule a Swiss stage's follow (no knockout skipped): a later
    # round's, were there one (drawn_after refuses the corrections that would make one), goes with
    # the saves of the rounds before it; its round 1's with the saves of the stage it was drawn on.
    semis = StaleDraw(2, ["T07"])
    ko.stale_draws = [first, semis]
    assert said("ko", 1) == [("ko", [semis], [])] and said("ko", 2) == []
    assert said("main", 1) == [("main", [second, fourth], [early, late]), ("ko", [first], [])]


def test_a_save_reads_the_event_once(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The secretary's save reads the event before answering (the stale-draw alert needs it);
    that reading is the one the views are told of, not followed by the scorer's own. Nor does
    the file watcher read the event again for a file the desk wrote and has read since: only a
    change that reading did not see (a hand edit, a file added or removed) is read."""
    from watchfiles import Change

    root = two_rounds(tmp_path)
    running = desk_of(root)
    desk = running.desk
    secretary = Secretary(running)
    counted = {"load": 0, "changed": 0}
    for name in counted:
        def count(name: str = name, call=getattr(desk, name)) -> None:  # noqa: ANN001
            counted[name] += 1
            call()
        setattr(desk, name, count)
    since = desk.version
    status, page = secretary.post("main/2/2", "save", level_a="J", level_b="8")
    assert status == 200 and 'id="saved"' in page
    assert counted == {"load": 1, "changed": 0} and desk.version == since + 1  # the views told, once
    # the file watcher, told of the desk's own write the desk has read since: nothing to read
    results = root / "events" / "gd" / "results" / "round-2.yaml"
    folder = root / "events" / "gd"
    assert not desk.unread({(Change.modified, str(folder / "results" / "round-2.yaml"))})
    assert not desk.unread({(Change.added, str(folder / "results" / "round-2.yaml")),
                            (Change.deleted, str(folder / "results" / "round-9.yaml"))})  # (never there)
    # what the last reading did not see
    results.write_text(results.read_text(encoding="utf-8") + "# 手工补记\n", encoding="utf-8")  # a hand edit
    assert desk.unread({(Change.modified, str(results))})
    (folder / "results" / "round-3.yaml").write_text("stage: main\nround: 3\ntables: []\n", encoding="utf-8")
    assert desk.unread({(Change.added, str(folder / "results" / "round-3.yaml"))})
    (folder / "results" / "round-3.yaml").unlink()
    assert not desk.unread({(Change.deleted, str(folder / "results" / "round-3.yaml"))})  # (never read)
    (folder / "notice.md").write_text("# 通知\n", encoding="utf-8")
    assert desk.unread({(Change.added, str(folder / "notice.md"))})


def test_a_request_reads_what_changed_on_disk_first_but_not_the_desks_own_write(tmp_path: Path, desk_of,  # noqa: F811
                                                                                monkeypatch) -> None:
    """With no file watcher to tell it (h-desk15): the admin page opened just after `paibang pair`
    lists the round drawn, with its tables' links; a hand edit or a file deleted is read at the
    next request, once. The desk's own write (a table's save) is not such a change: the scorer
    reads it next, and no request waits on a reading of its own for it."""
    from generator import cli
    from generator.desk.app import Desk
    from tests.test_desk import post

    async def unwatched(_desk: Desk) -> None:  # the file watcher never reports a change
        return None

    monkeypatch.setattr(Desk, "watch", unwatched)
    root = make(tmp_path, SWISS, ROUND_1)
    running = desk_of(root)
    desk = running.desk
    secretary = Secretary(running)
    assert cli.main(["pair", "gd", "main", "--content", str(root)]) == 0  # round 2, in a terminal
    assert desk.behind()
    loads = []
    monkeypatch.setattr(desk, "_load", lambda call=desk._load: (loads.append(1), call())[1])
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert status == 200 and "<h2>主赛 · 第 2 轮</h2>" in admin and "main/2/1" in admin and loads == [1]
    assert not desk.behind()
    since = desk.version
    status, page = post(running, "main/2/1", "save", level_a="J", level_b="8")  # a table's phone
    assert status == 200 and 'id="saved"' in page
    assert not desk.behind()  # its own write, read or not yet by the scorer: not a change to read
    settled(running, since)  # (the scorer's reading of it, before the hand edit below)
    results = root / "events" / "gd" / "results" / "round-2.yaml"
    results.write_text(results.read_text(encoding="utf-8") + "# 手工补记\n", encoding="utf-8")  # a hand edit
    assert desk.behind()
    before = len(loads)
    assert secretary.page("main/2/2") and len(loads) == before + 1 and not desk.behind()
    results.unlink()  # deleted: its round no longer drawn
    assert desk.behind()
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert status == 200 and "<h2>主赛 · 第 2 轮</h2>" not in admin and not desk.behind()


def test_a_save_that_changes_nothing_writes_nothing_not_even_an_audit_line(tmp_path: Path, desk_of) -> None:  # noqa: F811
    root = two_rounds(tmp_path)
    running = desk_of(root)
    results = root / "events" / "gd" / "results" / "round-2.yaml"
    secretary = Secretary(running)
    status, page = secretary.post("main/2/2", "save", level_a="J", level_b="8")
    assert status == 200 and 'id="saved"' in page and len(audit(root)) == 1
    before = results.read_bytes()
    status, page = secretary.post("main/2/2", "save", level_a="J", level_b="8")  # the same again
    assert status == 200 and "与成绩文件中的相同，没有改动，未写入。" in shown(page) and 'id="saved"' not in page
    assert len(audit(root)) == 1 and results.read_bytes() == before
    status, page = secretary.post("main/2/2", "save", level_a="J", level_b="9")  # a change is one
    assert status == 200 and 'id="saved"' in page
    assert [line["new"] for line in audit(root)] == [{"levels": {"T02": "J", "T04": 8}}, {"levels": {"T02": "J", "T04": 9}}]


def admin_row(running: Running, secretary: Secretary, number: int, table: int) -> str:
    """The admin page's line of a table of round `number`, as read."""
    status, page = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    section = page.split(f"<h2>主赛 · 第 {number} 轮</h2>")[1].split("</section>")[0]
    return shown(re.search(rf'<tr><td class="num">{table}</td>.*?</tr>', section, re.S).group(0)).strip()


def test_the_admin_page_marks_a_result_the_secretary_corrected(tmp_path: Path, desk_of) -> None:  # noqa: F811
    from tests.test_desk import post
    from tests.test_desk_records import FOUR

    root = two_rounds(tmp_path)
    running = desk_of(root)
    secretary = Secretary(running)
    since = running.desk.version
    status, page = post(running, "main/2/2", "save", level_a="J", level_b="8")  # the table's phone
    assert status == 200 and 'id="saved"' in page
    settled(running, since)
    assert admin_row(running, secretary, 2, 2) == "2 T02 — T04 已录 · 本桌已提交 录入/修改"
    status, page = secretary.post("main/2/2", "save", level_a="8", level_b="J")  # the referee's correction
    assert status == 200 and 'id="saved"' in page
    row = admin_row(running, secretary, 2, 2)
    assert re.fullmatch(r"2 T02 — T04 已录 · 本桌已提交 · 记录台已更正（\d\d:\d\d） 录入/修改", row), row
    assert "更正" not in admin_row(running, secretary, 2, 1)  # (written by hand: no line in the log)
    # the secretary's first entry, and a match's second room after its first, correct nothing
    four = make(tmp_path / "four", FOUR, "  - table: 1\n    teams: [T01, T02]\n", players=4, count=2)
    running = desk_of(four)
    secretary = Secretary(running)
    assert secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9")[0] == 200
    assert secretary.post("main/1/1", "save", open_level_a="Q", open_level_b="9",
                          closed_level_a="9", closed_level_b="Q")[0] == 200
    assert admin_row(running, secretary, 1, 1) == "1 T01 — T02 已录 录入/修改"


def test_after_a_restart_the_secretarys_old_pages_say_to_open_the_admin_link_again(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The secretary's pages are under a prefix random for each run of the desk: after a restart
    every page of the run before (a form half typed, its save, a bookmark) answered Starlette's
    bare "Not Found". The desk's own page says what happened and what to do, in the event's
    language, without naming the new prefix; a save sent there says nothing was saved. A plain
    /admin (a bookmark, no token) is not a refused token, and says what is true: the link lacks
    its key, and where the secretary's link is printed (not that the desk restarted)."""
    root = two_rounds(tmp_path)
    results = root / "events" / "gd" / "results" / "round-2.yaml"
    first = desk_of(root)
    secretary = Secretary(first)
    csrf = re.search(r'name="csrf" value="([^"]+)"', secretary.page("main/2/2")).group(1)
    first.stop()
    second = desk_of(root)
    old = second.base + first.desk.prefix
    before = results.read_bytes()
    again = "记录台已重新启动"
    link = "请再打开一次记录台启动时终端打印的记录台（管理）链接（带口令）"
    for path in ("/admin", "/t/main/2/2", "/admin/sheets/main/2"):
        status, page = fetch(old + path, opener=secretary.opener)  # (the old session's cookie is sent)
        said = shown(page).strip()
        assert status == 404 and said.startswith(f"{again} ·") and link in said and "没有保存" not in said, said
        assert second.desk.prefix not in page
    status, page = fetch(f"{old}/t/main/2/2", {"csrf": csrf, "action": "save", "level_a": "J", "level_b": "8"},
                         opener=secretary.opener)
    said = shown(page)
    assert status == 404 and again in said and "刚才提交的内容没有保存" in said and link in said, said
    assert second.desk.prefix not in page and results.read_bytes() == before and audit(root) == []
    # a plain /admin: 403, and no failed token (30 of those a minute are refused)
    for _ in range(40):
        status, page = fetch(f"{second.base}/admin")
        said = shown(page)
        assert status == 403 and said.strip().startswith("这个链接缺少口令 ·") and second.desk.prefix not in page
        assert "记录台（管理）链接打印在启动记录台的终端里" in said and again not in said and "失效" not in said
    assert fetch(f"{second.base}/admin?k=")[0] == 403
    assert fetch(f"{second.base}/t/main/2/2?k=wrong")[0] == 403  # (not 429)
    status, page = fetch(f"{second.secretary}/admin", opener=Secretary(second).opener)
    assert status == 200 and "录入/修改" in page  # the admin link opens this run's pages


def test_a_route_asked_the_wrong_way_answers_with_the_desks_page(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """A form sent to a secretary's page that is only opened (the admin page, the score sheets)
    answered Starlette's bare "Method Not Allowed", in English: the desk's own page now, in the
    event's language, saying nothing was saved and where to go on; the clock's address, which
    takes the admin page's form only, opened, says so too; a public page says it without the
    secretary's pointer. Each is 405 with the methods the address takes (Allow)."""
    import urllib.error
    import urllib.request

    root = two_rounds(tmp_path)
    results = root / "events" / "gd" / "results" / "round-2.yaml"
    running = desk_of(root)
    secretary = Secretary(running)
    before = results.read_bytes()

    def asked(url: str, data: bytes | None = None) -> tuple[int, str, str]:
        try:
            with secretary.opener.open(urllib.request.Request(url, data=data), timeout=30) as answer:
                return answer.status, answer.read().decode(), answer.headers.get("Allow", "")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers.get("Allow", "")

    back = "请回到记录台（管理）页面，从那里继续。"
    for path in ("/admin", "/admin/sheets/main/2"):
        status, page, allow = asked(running.secretary + path, b"level_a=J&level_b=8")
        said = shown(page)
        assert status == 405 and "GET" in allow and "Method Not Allowed" not in page, page
        assert said.strip().startswith("这个地址不能这样使用 ·") and "刚才提交的内容没有保存" in said and back in said, said
    status, page, allow = asked(f"{running.secretary}/admin/clock")
    assert status == 405 and allow == "POST" and "这个地址不能这样打开。" + back in shown(page), shown(page)
    status, page, allow = asked(f"{running.base}/standings", b"x=1")
    assert status == 405 and "刚才提交的内容没有保存" in shown(page) and "记录台（管理）" not in shown(page)
    assert running.desk.prefix not in page and results.read_bytes() == before and audit(root) == []


FAKE_BUILD = """\
import pathlib, sys, time
pathlib.Path(sys.argv[1]).write_text("started")
time.sleep(float(sys.argv[3]))
pathlib.Path(sys.argv[2], "late.html").write_text("written")
"""


@pytest.mark.parametrize(("takes", "waits", "written"), [(0.5, 10.0, True), (3.0, 0.3, False)],
                         ids=["waited-for", "stopped"])
def test_the_site_build_of_the_last_save_ends_before_the_desk_does(tmp_path: Path, desk_of, monkeypatch, capsys,  # noqa: F811
                                                                   takes: float, waits: float, written: bool) -> None:
    """A save has the site rebuilt, in a process of its own; the desk stopping (Ctrl-C, its
    lifespan's end) cancelled only its own wait for it, and the build went on writing output/
    after the desk had stopped. The build is waited for now, a while, then told to stop (a
    real build then puts output/ back as it was), so that once the desk has stopped nothing
    writes there: a build that takes 0.5 s is waited for, one that takes 3 s is stopped."""
    from generator.desk import app
    from tests.test_desk_records import SWISS_TWO, TWO_TABLES

    monkeypatch.setattr(app, "BUILD_FINISH_SECONDS", waits)
    started, output, script = tmp_path / "started", tmp_path / "output", tmp_path / "build.py"
    output.mkdir()
    script.write_text(FAKE_BUILD, encoding="utf-8")
    running = desk_of(make(tmp_path, SWISS_TWO, TWO_TABLES))
    desk = running.desk
    desk.output, desk.building = output, True
    monkeypatch.setattr(desk, "build_command", lambda: [sys.executable, str(script), str(started), str(output), str(takes)])
    assert Secretary(running).post("main/1/1", "save", level_a="8", level_b="9")[0] == 200
    for _ in range(200):  # the save's build has started
        if started.exists():
            break
        time.sleep(0.05)
    assert started.exists()
    running.stop()
    assert not running.thread.is_alive()
    after = (output / "late.html").exists()
    time.sleep(takes + 0.5)  # as long as the build would still have run
    assert (output / "late.html").exists() == after == written
    assert "记录台停止前，等正在进行的网站重建完成" in capsys.readouterr().err


def test_a_planted_audit_log_cannot_break_the_admin_page(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The admin page reads the audit log for its corrected marks: a log from elsewhere (content
    received, unpacked) is the content author's to write. A line too deeply nested for the JSON
    reader (RecursionError: the admin page answered 500), or nested deeper than any record,
    or not the desk's shape, or too long, is skipped; a line of the desk's own is read."""
    root = two_rounds(tmp_path)
    log = root / "events" / "gd" / "desk-audit.jsonl"
    deep: dict = {}
    for _ in range(900):  # read by json, but deeper than anything walks it
        deep = {"levels": deep}

    def line(**changed: object) -> str:
        said = {"at": "2025-11-15T09:30:00.000+00:00", "who": "secretary", "stage": "main", "round": 2,
                "table": 1, "file": "round-2.yaml", "old": {"levels": {"T01": "A"}}, "new": {"levels": {"T01": "K"}}}
        return json.dumps({**said, **changed}, ensure_ascii=False)

    log.write_bytes(b"\n".join([
        b"[" * 100_000, b"{" * 50_000, b'{"a": ' * 5000 + b"1" + b"}" * 5000, *(line(table=2, **bad).encode() for bad in (
            {"old": deep}, {"new": deep}, {"round": "2"}, {"round": True}, {"at": "一会儿"}, {"extra": 1},
            {"old": {"x": "y" * 400_000}})),
        b"[1, 2]", b"null", b'"secretary"', line(table=2).encode().replace(b"main", b"\xffmain"), line(table=2)[:-1].encode(),
        line(at="2025-11-15T10:45:00.000+00:00").encode(),  # the desk's own: table 1 corrected at 10:45
    ]) + b"\n")
    running = desk_of(root)
    secretary = Secretary(running)
    status, page = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert status == 200, page[-500:]
    # in the time of the laptop the desk runs on (at the venue), not "10:45 UTC" (rev66)
    with venue_clock("CST-8"):
        assert "记录台已更正（18:45）" in admin_row(running, secretary, 2, 1)
    assert "更正" not in admin_row(running, secretary, 2, 2)


def test_the_audit_log_is_read_as_it_grows_not_all_again(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The admin page is opened again and again all day, and the log only grows: what was read
    is kept, and only what was appended since is read; a log replaced or cut short is read anew."""
    import os

    from generator.desk import store

    folder = tmp_path / "gd"
    folder.mkdir()
    log = folder / store.AUDIT_NAME

    def line(table: int, at: str = "09:30") -> str:
        return json.dumps({"at": f"2025-11-15T{at}:00.000+00:00", "who": "secretary", "stage": "main", "round": 1,
                           "table": table, "file": "round-1.yaml", "old": {"levels": {"T01": "A"}},
                           "new": {"levels": {"T01": "K"}}}) + "\n"

    log.write_text("".join(line(n) for n in range(1, 2001)), encoding="utf-8")
    corrections = store.Corrections(folder)
    assert len(corrections.read()) == 2000
    read: list[int] = []
    pread = os.pread

    def counted(fd: int, size: int, offset: int) -> bytes:
        data = pread(fd, size, offset)
        read.append(len(data))
        return data

    monkeypatch.setattr(store.os, "pread", counted)
    assert len(corrections.read()) == 2000 and sum(read) <= 64  # nothing new: its last bytes looked at
    with log.open("a", encoding="utf-8") as handle:
        handle.write(line(2001, "11:00"))
        handle.write(line(1, "11:05")[:40])  # a line being written: not yet
    read.clear()
    found = corrections.read()
    assert len(found) == 2001 and found["main/1/2001"].startswith("2025-11-15T11:00") and found["main/1/1"][11:16] == "09:30"
    assert sum(read) <= 64 + len(line(2001)) + 40, sum(read)  # what was appended, not the 2000 lines again
    with log.open("a", encoding="utf-8") as handle:
        handle.write(line(1, "11:05")[40:])
    assert corrections.read()["main/1/1"][11:16] == "11:05"
    log.write_text(line(7), encoding="utf-8")  # cut short, rewritten: read anew
    assert list(corrections.read()) == ["main/1/7"]
    log.write_text("".join(line(n) for n in range(100, 130)), encoding="utf-8")  # rewritten, longer
    assert list(corrections.read()) == [f"main/1/{n}" for n in range(100, 130)]
    # a log larger than is ever read: its last lines, from the first one starting in them
    monkeypatch.setattr(store, "MAX_AUDIT_READ", len(line(200)) * 3 + 5)
    log.write_text("".join(line(n) for n in range(200, 210)), encoding="utf-8")
    assert list(corrections.read()) == ["main/1/207", "main/1/208", "main/1/209"]
    monkeypatch.setattr(store, "MAX_AUDIT_READ", 8 * 1024 * 1024)
    replaced = folder / "new.jsonl"
    replaced.write_text(line(8) + line(9), encoding="utf-8")
    os.replace(replaced, log)
    assert list(corrections.read()) == ["main/1/8", "main/1/9"]
    log.unlink()
    assert corrections.read() == {}


def test_a_stale_draw_of_a_stage_over_is_a_note_not_an_error(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """Once the stage is over (its rounds played as drawn), the stale draw is the stage page's
    quiet note ("附注：…"), not an alert: the desk showed it in the red box of its errors, after
    the save and on the admin page, as if something were wrong with the save."""
    from generator import cli

    root = make(tmp_path, SWISS, ROUND_1)
    assert cli.main(["pair", "gd", "main", "--content", str(root)]) == 0  # round 2, drawn on round 1
    running = desk_of(root)
    secretary = Secretary(running)
    for table in (1, 2):  # round 2 played as drawn: the stage is over
        status, page = secretary.post(f"main/2/{table}", "save", level_a="J", level_b="8")
        assert status == 200 and 'id="saved"' in page
    status, page = secretary.post("main/1/1", "save", level_a="9", level_b="Q")  # round 1 corrected
    note = block(page, "stale-note")
    assert status == 200 and 'id="saved"' in page and note.startswith("\u4e3b\u8d5b \u9644\u6ce8\uff1a"), note  # (主赛 附注：)
    assert block(page, "stale") == "" and re.search(r'<div id="stale-note" class="note" role="status">', page)
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert '<section class="note" id="stale-note">' in admin and 'id="stale"' not in admin
    assert note in shown(admin)


def test_a_tables_link_to_a_result_written_in_its_file_says_it_is_recorded(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """Table 2's result written in the round's file by hand (from a YAML the secretary filled):
    its phone was told 记录台已录入本桌的成绩, though it came through no desk (rev66). It is
    told the result is recorded, not by whom."""
    from tests.test_desk_records import SWISS_TWO, TWO_TABLES

    running = desk_of(make(tmp_path, SWISS_TWO, TWO_TABLES))
    status, page = fetch(running.desk.link("main/1/2"))
    said = shown(re.search(r'<div class="problems" id="done"[^>]*>(.*?)</div>', page, re.S).group(1))
    assert status == 200 and said == "本桌的成绩已经录入（不是由本手机提交的）；如需核对或更改，请找记录台（裁判）。", said
