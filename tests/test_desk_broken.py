"""The results desk when a round's results file is broken by a hand edit (event-day.md, "The
results desk": nothing typed is ever lost; product.md: messages name file, line and the fix, in
the site's language). The file does not parse, so the desk cannot write into it: the table's
save is held by the desk and its form shown again with what was typed, the other tables' links
still open their forms, and the admin page names the file, the line and the fix. Once the file
is mended, the same link saves what was held. Driven over HTTP against the real stack, as
tests/test_desk.py does.
"""

from __future__ import annotations

import datetime as dt
import http.cookiejar
import urllib.request
from pathlib import Path

from tests.support import venue_clock
from tests.test_desk import Running, audit_lines, content, drawn, fetch, open_table, round4, running, start  # noqa: F401

BROKEN_LINE = "    teams: [T28, T42\n"  # table 23's sides, the bracket left open


def break_round4(content: Path) -> tuple[str, str]:  # noqa: F811
    """(the file's text before, the broken text now in it)"""
    path = round4(content)
    good = path.read_text(encoding="utf-8")
    assert good.count("    teams: [T28, T42]\n") == 1
    bad = good.replace("    teams: [T28, T42]\n", BROKEN_LINE)
    path.write_text(bad, encoding="utf-8")
    return good, bad


def admin_page(running: Running) -> str:  # noqa: F811
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    status, html = fetch(running.desk.admin_link, opener=jar)
    assert status == 200, html
    return html


def test_a_save_into_a_broken_file_is_held_kept_on_the_form_and_named_to_the_secretary(
        running: Running, content: Path) -> None:  # noqa: F811
    t = running.desk.t
    url, token, csrf, filed = open_table(running, "main/4/1")
    good, bad = break_round4(content)
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "7"})
    # not a 500: the form again, with what was typed and why it is not saved, in the site's words
    assert status == 503, html
    assert 'value="A"' in html and 'value="7"' in html and 'id="entry"' in html
    assert 'id="unsaved"' in html and "round-4.yaml" in html and "未保存" in html
    assert round4(content).read_text(encoding="utf-8") == bad and audit_lines(content) == []
    held = running.desk.tokens.held("main/4/1")
    assert held is not None and held["typed"]["level_a"] == "A" and held["who"] == "table main/4/1"

    running.desk.load()  # the desk reads the event again (its watcher would too)
    # the other tables' links still open their forms: the token is fine, the file is not
    status, html = fetch(running.desk.link("main/4/2"))
    assert status == 200 and 'id="entry"' in html and 'id="broken"' in html
    assert t("desk_forbidden_text") not in html
    # the table's link again: what it typed is on its form
    with venue_clock("CST-8"):  # the laptop's clock at a venue eight hours east of UTC
        status, html = fetch(f"{url}?k={token}")
        admin = admin_page(running)
    assert status == 200 and 'value="A"' in html and 'value="7"' in html and 'id="held"' in html
    # when it was typed, in the venue's time (the laptop's), as kept in UTC plus eight hours, not "… UTC" (rev66)
    typed_at = dt.datetime.fromisoformat(held["at"]) + dt.timedelta(hours=8)
    assert t("desk_held_again", at=f"{typed_at:%H:%M}") in html and "UTC" not in html
    assert f"{typed_at:%Y-%m-%d %H:%M}" in admin and "UTC" not in admin
    # the admin page names the file, the line, what is wrong and the fix; the round stays listed
    [problem] = [p for p in running.desk.problems if not p.warning]
    assert problem.code == "yaml-bracket-open" and problem.mark.line  # (said where the brace opens)
    assert f"round-4.yaml:{problem.mark.line}:" in admin
    assert problem.hint("zh-Hans") in admin
    assert t("desk_round_broken", file="round-4.yaml") in admin and t("desk_held_mark") in admin
    # the held entry's link opens the table's form for the secretary's session (under its prefix)
    assert f'<li><a href="{running.desk.prefix}/t/main/4/1">' in admin
    assert t("round_n", n=4) in admin

    # mended: the same link saves what was held, and the desk lets go of it
    round4(content).write_text(good, encoding="utf-8")
    running.desk.load()
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "7"})
    assert status == 200 and 'id="saved"' in html
    assert "levels: {T15: A, T45: 7}" in round4(content).read_text(encoding="utf-8")
    assert running.desk.tokens.held("main/4/1") is None
    assert t("desk_held_mark") not in admin_page(running)


def test_a_link_to_a_round_the_desk_never_could_read_says_so(content: Path) -> None:  # noqa: F811
    running = start(content)
    link = running.desk.link("main/4/3").split("/t/")[1]  # the token kept across restarts
    running.stop()
    break_round4(content)
    running = start(content)  # started on the broken file: round 4 was never read
    try:
        link = f"{running.base}/t/{link}"
        status, html = fetch(link)
        assert status == 503 and running.desk.t("desk_unreadable_text") in html
        assert running.desk.t("desk_forbidden_text") not in html
        status, _ = fetch(link.split("?")[0] + "?k=" + "A" * 22)
        assert status == 403  # a wrong token is still no access
    finally:
        running.stop()


def test_a_held_entry_is_settled_when_the_mended_file_has_the_tables_result(
        running: Running, content: Path) -> None:  # noqa: F811
    url, token, csrf, filed = open_table(running, "main/4/23")
    good, _ = break_round4(content)
    status, _ = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "5"})
    assert status == 503 and running.desk.tokens.held("main/4/23")
    # the secretary mends the file and types table 23's result in it by hand
    round4(content).write_text(good.replace("    teams: [T28, T42]\n", "    teams: [T28, T42]\n    levels: {T28: A, T42: 5}\n"),
                               encoding="utf-8")
    running.desk.load()
    assert running.desk.tokens.held("main/4/23") is None
    assert running.desk.t("desk_held_list") not in admin_page(running)


def test_a_results_file_no_longer_utf8_holds_the_save_too(running: Running, content: Path) -> None:  # noqa: F811
    """Saved from an editor in GBK, say: the same as a YAML error, the file's line named."""
    url, token, csrf, filed = open_table(running, "main/4/2")
    path = round4(content)
    bad = path.read_bytes().replace("teams: [T28, T42]".encode(), "teams: [T28, T42]  # 第".encode("gb18030"))
    path.write_bytes(bad)
    running.desk.load()
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "7"})
    assert status == 503 and 'value="A"' in html and 'id="unsaved"' in html, html
    assert path.read_bytes() == bad and running.desk.tokens.held("main/4/2")
    [problem] = [p for p in running.desk.problems if not p.warning]
    assert problem.code == "file-not-utf8" and problem.mark.line
    assert f"round-4.yaml:{problem.mark.line}:" in admin_page(running)


def test_the_admin_page_shows_the_broken_line_as_serve_does_indentation_kept(
        running: Running, content: Path) -> None:  # noqa: F811
    """The line of a problem keeps its leading spaces (HTML would collapse them: YAML's
    indentation is often the very mistake), its faulty value marked, as `paibang serve`'s page
    shows it: one renderer for both."""
    import html as html_module
    import re

    break_round4(content)
    running.desk.load()
    admin = admin_page(running)
    [problem] = [p for p in running.desk.problems if not p.warning]
    shown = problem.excerpt()
    assert shown is not None and shown.before.startswith("    teams: ")
    excerpt = re.search(r'<pre class="excerpt"[^>]*>(.*?)</pre>', admin, re.S)
    assert excerpt, admin
    text = html_module.unescape(re.sub(r"<[^>]+>", "", excerpt.group(1))).splitlines()[0]
    assert text == f"  {shown.number} | {shown.before}{shown.value}{shown.after}"  # the four spaces too
    assert "<mark>" in excerpt.group(1) and "white-space:pre" in admin.replace(" ", "")
    assert f"→ {html_module.escape(problem.hint('zh-Hans'), quote=False)}" in admin


def test_a_save_into_a_file_that_is_no_rounds_results_says_so_not_tables(running: Running, content: Path,
                                                                       capfd) -> None:  # noqa: F811, ANN001
    """A round's file made a list by hand (YAML, but no `tables:` to write into): the save was
    held with the reason "tables", the key's bare name. It says what is wrong and the fix."""
    url, token, csrf, filed = open_table(running, "main/4/2")
    path = round4(content)
    path.write_text("- table: 2\n  teams: [T28, T42]\n", encoding="utf-8")
    running.desk.load()
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "7"})
    assert status == 503 and 'id="unsaved"' in html and 'value="A"' in html, html
    assert "\u5b83\u4e0d\u662f\u4e00\u8f6e\u7684\u6210\u7ee9\u6587\u4ef6" in html, html  # (it is not a round's results file)
    assert "\uff1atables<" not in html and "round-4.yaml" in html
    said = capfd.readouterr().err
    assert "[desk-results-not-a-round]" in said and "paibang pair" in said, said  # the terminal: with the fix
