"""The secretary's page says where the published site stands (Desk.site_state): a mass event's
rebuild behind the desk took over 13 minutes at 1,000 tables, and nothing on the page said the
site was behind. One line: not rebuilt yet, being rebuilt (since when, after which save), up to
date (built when), or failed (the build's first line, and a link to all it said); and, while it
is behind, that the results saved meanwhile are in the desk's standings but not yet on the site.
The build is a stand-in that waits for the test's word, so the page is read during a rebuild.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.test_desk_records import SWISS_TWO, TWO_TABLES, Secretary, desk_of, make  # noqa: F401 - desk_of is a fixture

# The site build's stand-in: counts its starts in `started`, waits for `go` (consumed: one word
# lets one build through), then says what a build says: "ok" ends well, "fail" with three lines
# (a problem, its hint, the count) and exit status 1.
BUILD = """\
import pathlib, sys, time
started, go = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
started.write_text(str(int(started.read_text() or 0) + 1) if started.exists() else "1")
for _ in range(1200):
    if go.exists():
        break
    time.sleep(0.05)
word = go.read_text()
go.unlink()
if word == "fail":
    print("content/events/gd/event.yaml:3: stages \\u91cc\\u6709\\u4e2a\\u95ee\\u9898")
    print("  hint: the second line")
    print("paibang: 1 problem, the last line")
    sys.exit(1)
print("paibang: 1 event, 9 pages")
"""


def until(test, seconds: float = 30) -> None:  # noqa: ANN001
    for _ in range(int(seconds / 0.05)):
        if test():
            return
        time.sleep(0.05)
    raise AssertionError("never came")


def site_line(secretary: Secretary, alone: bool = False) -> tuple[str, str]:
    """(the line's state, its text as read: tags dropped) on the admin page, or `alone` as the
    page asks for it again (admin/site-state: the secretary's, never kept by a cache)."""
    with secretary.opener.open(f"{secretary.running.secretary}/admin{'/site-state' if alone else ''}") as answer:
        page = answer.read().decode()
        assert answer.headers["Cache-Control"] == "no-store"
    found = re.search(r'<p class="muted" id="site-state" role="status" data-state="(\w+)">(.*?)</p>', page, re.S)
    assert found, page
    return found.group(1), re.sub(r"<[^>]+>", "", found.group(2))


def both_lines(secretary: Secretary) -> tuple[str, str]:
    """The line on the admin page, the same as the page's own request for it says (read while
    the line stands still: a build waiting for the test's word, or none running)."""
    shown = site_line(secretary)
    assert site_line(secretary, alone=True) == shown
    return shown


def test_the_admin_page_says_whether_the_published_site_is_behind(tmp_path: Path, desk_of, monkeypatch) -> None:  # noqa: F811
    started, go, script, output = tmp_path / "started", tmp_path / "go", tmp_path / "build.py", tmp_path / "output"
    output.mkdir()
    script.write_text(BUILD, encoding="utf-8")
    running = desk_of(make(tmp_path, SWISS_TWO, TWO_TABLES))
    desk = running.desk
    desk.output, desk.building = output, True
    monkeypatch.setattr(desk, "build_command", lambda: [sys.executable, str(script), str(started), str(go)])
    secretary = Secretary(running)
    # what the public stream (/events: the standings' phones, the hall's screen) is told
    told: list[str] = []
    publish = desk.publish
    monkeypatch.setattr(desk, "publish", lambda kind, data: (told.append(json.dumps(data, ensure_ascii=False)),
                                                             publish(kind, data))[1])

    def builds() -> int:
        return int(started.read_text()) if started.exists() and started.read_text() else 0

    # before: no change, no rebuild
    assert both_lines(secretary) == ("unbuilt", "记录台开启以来网站还没有重建过。")

    # during: table 1's save rebuilds the site, made to wait
    assert secretary.post("main/1/1", "save", level_a="8", level_b="9")[0] == 200
    until(lambda: builds() == 1)
    state, line = both_lines(secretary)
    assert state == "rebuilding", line
    assert re.fullmatch(r"网站正在重建（\d\d:\d\d 开始，第 1 轮 第 1 桌 \d\d:\d\d 的保存之后）。"
                        r"新保存的成绩已在记录台的排名中，但还不在发布的网站上。", line), line
    # a save meanwhile (read by the desk at once: its standings), its build next
    assert secretary.post("main/1/2", "save", level_a="K", level_b="9")[0] == 200
    go.write_text("ok")
    until(lambda: builds() == 2)  # the second save's build, after the first
    state, line = site_line(secretary)
    assert state == "rebuilding" and "第 1 轮 第 2 桌" in line and "还不在发布的网站上" in line, line

    # after: up to date, with the time it was built
    go.write_text("ok")
    until(lambda: desk.build_since is None and desk.built_changes == desk.read_changes and not go.exists())
    until(lambda: site_line(secretary)[0] == "current")
    state, line = both_lines(secretary)
    assert re.fullmatch(r"网站已是最新（\d\d:\d\d 生成）。", line), line

    # a failing build: its first line, where to read the rest, and the saves not on the site
    go.write_text("fail")
    assert secretary.post("main/1/1", "save", level_a="A", level_b="9")[0] == 200
    until(lambda: site_line(secretary)[0] == "failed")
    state, line = both_lines(secretary)
    assert line == ("网站重建失败：content/events/gd/event.yaml:3: stages 里有个问题。"
                    "新保存的成绩已在记录台的排名中，但还不在发布的网站上。 重建的全部输出"), line
    page = secretary.opener.open(f"{running.secretary}/admin").read().decode()
    link = re.search(r'<a href="([^"]+)"[^>]*>重建的全部输出</a>', page).group(1)
    said = secretary.opener.open(f"http://127.0.0.1:{running.port}{link}").read().decode()
    assert "  hint: the second line" in said and "paibang: 1 problem, the last line" in said, said
    # the rest is the secretary's alone (it names the content's files)
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{running.port}{link}")
        raise AssertionError("the build's output answered without the secretary's cookie")
    except urllib.error.HTTPError as refused:
        assert refused.code in (403, 404)
    # and so is the line the page asks for again; the public stream carried none of it
    try:
        urllib.request.urlopen(f"{running.secretary}/admin/site-state")
        raise AssertionError("the site line answered without the secretary's cookie")
    except urllib.error.HTTPError as refused:
        assert refused.code in (403, 404)
    assert told and not any("event.yaml" in said or "\u95ee\u9898" in said for said in told), told


def test_a_save_the_file_watcher_tells_of_late_is_still_named_as_that_save(tmp_path: Path, desk_of) -> None:  # noqa: F811
    # On a busy machine the file watcher's word of the desk's own save can come after the scorer
    # has read it, or a request's catch_up can count it: counted with no table, it made the line
    # say the site was rebuilt "after a change to the files" (the CI, under load). A hand edit is
    # named as one.
    content = make(tmp_path, SWISS_TWO, TWO_TABLES)
    running = desk_of(content)
    desk = running.desk
    secretary = Secretary(running)
    assert secretary.post("main/1/1", "save", level_a="8", level_b="9")[0] == 200
    until(lambda: not desk.behind())
    desk.count_change()  # the watcher's word of that save, late
    assert "\u7b2c 1 \u8f6e \u7b2c 1 \u684c" in desk.change_words(desk.last_change), desk.last_change
    (results,) = (content / "events").glob("*/results/*.yaml")
    results.write_text(results.read_text(encoding="utf-8") + "# \u624b\u6539\n", encoding="utf-8")
    desk.count_change()  # a hand edit's
    assert "\u7684\u6587\u4ef6\u6539\u52a8" in desk.change_words(desk.last_change), desk.last_change


# --- the line's words, state by state, on a desk read and saved without its server ---------------


def hhmm(text: str) -> str:
    return re.sub(r"\d\d:\d\d", "HH:MM", text)


def shown(desk) -> tuple[str, str, bool]:  # noqa: ANN001
    """The desk's site line (state, words with HH:MM for the time, whether the log is linked)."""
    state, line, log = desk.site_state()
    return state, hhmm(line), log


def one_build(desk, said: str, status: int, monkeypatch) -> None:  # noqa: ANN001
    """The desk's builder through one build, a stand-in that says `said` and ends with `status`."""
    script = f"import sys; print({said!r}); sys.exit({status})"
    monkeypatch.setattr(desk, "build_command", lambda: [sys.executable, "-c", script])

    async def run() -> None:
        desk._build_dirty = asyncio.Event()
        builder = asyncio.ensure_future(desk.builder())
        desk._build_dirty.set()
        version = desk.built_version
        for _ in range(600):
            await asyncio.sleep(0.05)
            if desk.build_since is None and desk.built_changes == desk.read_changes and (
                    desk.build_failed is not None or desk.built_at is not None) and desk.built_version >= version:
                break
        builder.cancel()
        await asyncio.gather(builder, return_exceptions=True)

    before = (desk.built_at, desk.build_failed, desk.build_output)
    asyncio.run(run())
    assert (desk.built_at, desk.build_failed, desk.build_output) != before


def test_the_line_says_what_the_site_waits_for_and_what_is_not_on_it(tmp_path: Path, monkeypatch) -> None:
    """Waiting (read, its build not started) had no test of its own; what the site lacks is said
    as it is: results saved at the desk, or the files' changes where only a hand edit was made
    (nothing was saved, and "newly saved results" said so); a failed build's first line that
    ends in its own question mark takes no stop after it ("\uff1f\u3002")."""
    from generator.desk.app import Desk, Who
    from tests.test_desk import filed_now
    from tests.test_desk_records import SLUG, results

    content = make(tmp_path, SWISS_TWO, TWO_TABLES)
    output = tmp_path / "output"
    output.mkdir()
    desk = Desk(content, SLUG, output, None)
    assert desk.site_state() == ("unbuilt", "\u8bb0\u5f55\u53f0\u5f00\u542f\u4ee5\u6765\u7f51\u7ad9\u8fd8\u6ca1\u6709\u91cd\u5efa\u8fc7\u3002", False)
    saved = "\u65b0\u4fdd\u5b58\u7684\u6210\u7ee9\u5df2\u5728\u8bb0\u5f55\u53f0\u7684\u6392\u540d\u4e2d\uff0c\u4f46\u8fd8\u4e0d\u5728\u53d1\u5e03\u7684\u7f51\u7ad9\u4e0a\u3002"
    edited = "\u6587\u4ef6\u7684\u6539\u52a8\u8fd8\u4e0d\u5728\u53d1\u5e03\u7684\u7f51\u7ad9\u4e0a\u3002"

    # a hand edit, read (as a request's catch_up reads it): the site waits for its build
    results(content).write_text(results(content).read_text(encoding="utf-8") + "# \u624b\u6539\n", encoding="utf-8")
    asyncio.run(desk.catch_up())
    assert shown(desk) == (
        "waiting", "\u7f51\u7ad9\u7b49\u5f85\u91cd\u5efa\uff08HH:MM \u7684\u6587\u4ef6\u6539\u52a8\u4e4b\u540e\uff09\u3002" + edited, False)

    # its build fails, saying a question: the line's own mark ends it; still the files' changes
    one_build(desk, "content/events/gd/event.yaml:3: \u8fd9\u662f\u4ec0\u4e48\uff1f\nthe rest", 1, monkeypatch)
    assert shown(desk) == (
        "failed", "\u7f51\u7ad9\u91cd\u5efa\u5931\u8d25\uff1acontent/events/gd/event.yaml:3: \u8fd9\u662f\u4ec0\u4e48\uff1f" + edited, True)

    # a save at the desk, read: waiting for its build, after that save, which the desk's standings have
    spot = desk.spot("main", 1, 1)
    outcome = desk.submit(spot, {"level_a": "8", "level_b": "9"}, Who("admin", "-"), True, filed=filed_now(spot))
    assert outcome["saved"], [p.message("en") for p in outcome["check"].problems]
    desk.build_failed = None  # (a failure stands until a build succeeds: waiting is said once none has)
    asyncio.run(desk.rescore())
    assert shown(desk) == (
        "waiting", "\u7f51\u7ad9\u7b49\u5f85\u91cd\u5efa\uff08\u7b2c 1 \u8f6e \u7b2c 1 \u684c HH:MM \u7684\u4fdd\u5b58\u4e4b\u540e\uff09\u3002" + saved, False)

    # built: up to date, nothing behind; a failed build's line that ends in a full stop has one
    one_build(desk, "paibang: 1 event", 0, monkeypatch)
    state, line, _ = desk.site_state()
    assert (state, hhmm(line)) == ("current", "\u7f51\u7ad9\u5df2\u662f\u6700\u65b0\uff08HH:MM \u751f\u6210\uff09\u3002")
    desk.build_failed = "event.yaml:3: \u51fa\u9519\u4e86\u3002"
    assert desk.site_state()[1] == "\u7f51\u7ad9\u91cd\u5efa\u5931\u8d25\uff1aevent.yaml:3: \u51fa\u9519\u4e86\u3002"

    # in English alike
    english = Desk(content, SLUG, output, "en")
    english.build_failed, english.read_changes = "event.yaml:3: what is this?", 1
    assert english.site_state()[1] == ("The published site's rebuild failed: event.yaml:3: what is this? "
                                       "The changes to the files are not yet on the published site.")
    english.read_saves = 1
    assert english.site_state()[1].endswith("this? Newly saved results are in the desk's standings but not yet on "
                                            "the published site.")


def test_a_save_written_and_not_read_yet_is_waited_for_not_up_to_date(tmp_path: Path, monkeypatch) -> None:
    """A phone's save written, the scorer still reading it (seconds at 1,000 tables): the site
    waits for it, and the line said "up to date" there (rev84), which the page, asking for it
    every few seconds, showed. And a change counted by a request's catch_up that another reading
    had taken in already (the scorer's, its count taken before) is counted as read: else the
    line would wait for it after every build."""
    from generator.desk import app
    from tests.test_desk import filed_now
    from tests.test_desk_records import SLUG, results

    content = make(tmp_path, SWISS_TWO, TWO_TABLES)
    output = tmp_path / "output"
    output.mkdir()
    desk = app.Desk(content, SLUG, output, None)
    one_build(desk, "paibang: 1 event", 0, monkeypatch)
    assert desk.site_state()[0] == "current"

    spot = desk.spot("main", 1, 1)
    outcome = desk.submit(spot, {"level_a": "8", "level_b": "9"}, app.Who("table", "-", "k"), True, filed=filed_now(spot))
    assert outcome["saved"], [p.message("en") for p in outcome["check"].problems]
    state, line, _ = desk.site_state()  # written, not read yet
    assert (state, hhmm(line)) == (
        "waiting", "\u7f51\u7ad9\u7b49\u5f85\u91cd\u5efa\uff08\u7b2c 1 \u8f6e \u7b2c 1 \u684c HH:MM \u7684\u4fdd\u5b58\u4e4b\u540e\uff09\u3002")
    asyncio.run(desk.rescore())
    assert desk.site_state()[0] == "waiting"  # read, its build to come
    one_build(desk, "paibang: 1 event", 0, monkeypatch)
    assert desk.site_state()[0] == "current"

    # a hand edit read by the scorer, then counted by a request's catch_up, which finds it read
    results(content).write_text(results(content).read_text(encoding="utf-8") + "# \u624b\u6539\n", encoding="utf-8")
    seen = app._watched_files(content, desk.folder)
    desk.load()
    desk.count_change(seen=seen)
    asyncio.run(desk.rescore(behind_only=True))
    assert desk.read_changes == desk.changes
    # the build that count asks for finds the site up to date (the other reading's build took
    # the files in): said as the build said it, not as "published by another build" (rev85)
    from generator import catalogues
    said = catalogues.text("up_to_date", desk.locale, output=output, events=1, pages=9, pdfs=0, seconds=0.1)
    one_build(desk, said, 0, monkeypatch)
    assert desk.site_state()[0] == "current"
    assert desk.build_note == said


def test_a_change_caught_up_with_is_named_from_the_one_look_at_the_files(tmp_path: Path, monkeypatch) -> None:
    """catch_up stats the event's files once to find them changed, and names the change from that
    look (count_change took a second one); a save's write it saw before the desk noted it as its
    own (Desk.wrote, a moment after the write) is still named as that save."""
    from generator.desk import app
    from tests.test_desk_records import SLUG, results

    content = make(tmp_path, SWISS_TWO, TWO_TABLES)
    desk = app.Desk(content, SLUG, None, None, build=False)
    walks: list[Path] = []
    walk = app._watched_files
    monkeypatch.setattr(app, "_watched_files", lambda *folders: (walks.append(folders[-1]), walk(*folders))[1])
    results(content).write_text(results(content).read_text(encoding="utf-8") + "# \u624b\u6539\n", encoding="utf-8")
    asyncio.run(desk.catch_up())
    # one look to find the files changed (and to name the change), one under the reading's lock
    # (another request may have read them meanwhile: load_if_behind), and the reading's two (the
    # files as it starts, and any changed while it read: Desk._load)
    assert len(walks) == 4, walks
    assert desk.last_change is not None and desk.last_change[0] is None and desk.read_changes == 1

    # the desk's save written, seen by catch_up's look, then noted as the desk's and counted
    results(content).write_text(results(content).read_text(encoding="utf-8").replace(
        "    teams: [T01, T02]\n", "    teams: [T01, T02]\n    levels: {T01: '8', T02: '9'}\n"), encoding="utf-8")
    seen = walk(content, desk.folder)
    assert desk.behind(seen)
    desk.wrote(results(content))
    desk.count_change(desk.spot("main", 1, 1))
    desk.count_change(seen=seen)  # (catch_up's count, after the save's)
    assert desk.last_change[0] == ("main", 1, 1), desk.last_change


@pytest.mark.slow
def test_the_admin_page_shows_the_site_line_anew_without_a_reload(tmp_path: Path, desk_of, monkeypatch) -> None:  # noqa: F811
    """The line changed only when the secretary reloaded the page: the page asks for it again
    (admin/site-state), and shows a rebuild start and end where it stands, the page not reloaded."""
    from tests.test_browser import chromium_context

    started, go, script, output = tmp_path / "started", tmp_path / "go", tmp_path / "build.py", tmp_path / "output"
    output.mkdir()
    script.write_text(BUILD, encoding="utf-8")
    running = desk_of(make(tmp_path, SWISS_TWO, TWO_TABLES))
    desk = running.desk
    desk.output, desk.building, desk.site_poll_seconds = output, True, 0.2
    monkeypatch.setattr(desk, "build_command", lambda: [sys.executable, str(script), str(started), str(go)])
    with chromium_context(tmp_path / "chromium", {"width": 1280, "height": 900}, 15_000) as browser:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(desk.admin_link)  # (its cookie, then the admin page)
        line = page.locator("#site-state")
        assert line.get_attribute("data-state") == "unbuilt"
        page.evaluate("window.notReloaded = true")
        # a save from another of the secretary's tabs: its build starts, and waits
        assert Secretary(running).post("main/1/1", "save", level_a="8", level_b="9")[0] == 200
        page.wait_for_function("() => document.getElementById('site-state').dataset.state === 'rebuilding'")
        assert "\u7b2c 1 \u8f6e \u7b2c 1 \u684c" in line.inner_text()
        go.write_text("ok")
        page.wait_for_function("() => document.getElementById('site-state').dataset.state === 'current'")
        assert re.fullmatch("\u7f51\u7ad9\u5df2\u662f\u6700\u65b0\uff08\\d\\d:\\d\\d \u751f\u6210\uff09\u3002", line.inner_text())
        assert page.evaluate("window.notReloaded") is True and errors == []
        # the desk out of reach (stopped): after two misses the line says it is not followed; the
        # next answer puts the line back
        page.route("**/admin/site-state", lambda route: route.abort())
        page.wait_for_function("() => document.getElementById('site-state').dataset.state === 'stale'")
        assert line.inner_text().endswith("\uff08\u5df2\u505c\u6b62\u5237\u65b0\uff0c\u8bf7\u91cd\u65b0\u8f7d\u5165\u672c\u9875\uff09")
        page.unroute("**/admin/site-state")
        page.wait_for_function("() => document.getElementById('site-state').dataset.state === 'current'")
        assert "\u5df2\u505c\u6b62" not in line.inner_text()
        # the session over (its cookie gone): the line no longer followed says so, as it stands
        browser.clear_cookies()
        page.wait_for_function("() => document.getElementById('site-state').dataset.state === 'stale'")
        assert re.fullmatch("\u7f51\u7ad9\u5df2\u662f\u6700\u65b0\uff08\\d\\d:\\d\\d \u751f\u6210\uff09\u3002"
                            "\uff08\u5df2\u505c\u6b62\u5237\u65b0\uff0c\u8bf7\u91cd\u65b0\u8f7d\u5165\u672c\u9875\uff09",
                            line.inner_text()), line.inner_text()
        assert page.evaluate("window.notReloaded") is True and errors == []


def test_a_reading_that_raises_is_said_on_the_line_until_the_next_change(tmp_path: Path, monkeypatch) -> None:
    """The event's reading (its scoring) raised after a save: no build follows until a change
    reads, and the line said "waiting for its rebuild" for ever. It says the reading failed, why
    in the desk's words, and that `paibang check` says more, until the next change (waiting for
    that one) and a reading that reads (then as before)."""
    from generator.desk import app
    from tests.test_desk import filed_now
    from tests.test_desk_records import SLUG, results

    content = make(tmp_path, SWISS_TWO, TWO_TABLES)
    output = tmp_path / "output"
    output.mkdir()
    desk = app.Desk(content, SLUG, output, None)
    one_build(desk, "paibang: 1 event", 0, monkeypatch)
    spot = desk.spot("main", 1, 1)
    outcome = desk.submit(spot, {"level_a": "8", "level_b": "9"}, app.Who("admin", "-"), True, filed=filed_now(spot))
    assert outcome["saved"], [p.message("en") for p in outcome["check"].problems]
    scoring = app.run_event

    def raises(*args: object, **kwargs: object) -> object:
        raise RuntimeError("a scorer's bug")

    monkeypatch.setattr(app, "run_event", raises)
    assert asyncio.run(desk.rescore()) is False
    unread = ("unread", "\u7f51\u7ad9\u6ca1\u6709\u91cd\u5efa\uff1a\u7b2c 1 \u8f6e \u7b2c 1 \u684c HH:MM \u7684\u4fdd\u5b58"
              "\u4e4b\u540e\u8bb0\u5f55\u53f0\u6ca1\u80fd\u8bfb\u53d6\u8d5b\u4e8b\uff08\u8bfb\u53d6\u65f6\u51fa\u9519\uff09\uff1b"
              "paibang check \u4f1a\u8bf4\u660e\u539f\u56e0\u3002")
    assert shown(desk)[0] == unread[0] and shown(desk)[1].startswith(unread[1]), shown(desk)
    assert "a scorer's bug" not in shown(desk)[1]  # (no Python English on the page)
    assert shown(desk) == shown(desk)  # (it stays so while nothing changes)

    # a hand edit: waiting for that change, which a reading may read
    results(content).write_text(results(content).read_text(encoding="utf-8") + "# \u624b\u6539\n", encoding="utf-8")
    desk.count_change()
    assert shown(desk)[0] == "waiting" and "\u6587\u4ef6\u6539\u52a8" in shown(desk)[1], shown(desk)
    assert asyncio.run(desk.rescore()) is False  # still raising: said again, after the hand edit now
    assert shown(desk)[0] == "unread" and "HH:MM \u7684\u6587\u4ef6\u6539\u52a8\u4e4b\u540e\u8bb0\u5f55\u53f0\u6ca1\u80fd" in shown(desk)[1]

    # it reads again: waiting for the build, then up to date
    monkeypatch.setattr(app, "run_event", scoring)
    assert asyncio.run(desk.rescore()) is True
    assert shown(desk)[0] == "waiting"
    one_build(desk, "paibang: 1 event", 0, monkeypatch)
    assert desk.site_state()[0] == "current"

    # in English alike
    english = app.Desk(content, SLUG, output, "en")
    monkeypatch.setattr(app, "run_event", raises)
    english.count_change()
    assert asyncio.run(english.rescore()) is False
    state, line, _ = english.site_state()
    assert state == "unread" and "could not read the event after a change to the files at" in line, line
    assert "paibang check says why" in line and "an error while reading" in line, line
