"""`paibang desk`: the results desk (issue 20; event-day.md, "The results desk").

A copy of the Guandan demo event with a fourth round drawn by `paibang pair` (26 tables to
enter) is served by the real stack (uvicorn + Starlette) on 127.0.0.1 at a free port, in a
thread; requests are plain urllib, and the browser tests drive Debian's Chromium at 390 px.
Every wait is for a state (a response, a text on the page), never for a time.
"""

from __future__ import annotations

import html
import http.cookiejar
import json
import os
import re
import shutil
import socket
import stat
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from generator import cli
from generator.desk import forms
from generator.desk.store import (
    AUDIT_NAME, apply_record, desk_folder, dump_round_trip, load_round_trip, tokens_folder, tokens_path, write_lock,
)
from tests.support import demo_content

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "content"
SLUG = "tumu-guandan-2020"


# --- fixtures -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """content/ with the Guandan demo event, a 60-minute time limit and round 4 drawn."""
    content = tmp_path_factory.mktemp("desk-drawn") / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(DEMO / "site.yaml", content / "site.yaml")
    shutil.copytree(DEMO / "events" / SLUG, content / "events" / SLUG)
    event = content / "events" / SLUG / "event.yaml"
    text = event.read_text(encoding="utf-8")
    assert text.count("    rounds: 3 ") == 1
    event.write_text(text.replace("    rounds: 3 ", "    time_limit: 60\n    rounds: 4 "), encoding="utf-8")
    assert cli.main(["pair", SLUG, "main", "--content", str(content)]) == 0
    return content


@pytest.fixture()
def content(drawn: Path, tmp_path: Path) -> Path:
    target = tmp_path / "site" / "content"
    shutil.copytree(drawn, target)
    return target


def round4(content: Path) -> Path:
    return content / "events" / SLUG / "results" / "round-4.yaml"


class Running:
    def __init__(self, desk, server, thread, port: int) -> None:  # noqa: ANN001
        self.desk, self.server, self.thread, self.port = desk, server, thread, port
        self.base = f"http://127.0.0.1:{port}"

    @property
    def secretary(self) -> str:
        """Where the secretary's pages are (this run's prefix): the session's cookie opens them."""
        return self.base + self.desk.prefix

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def start(content: Path, lan: bool = False, slug: str = SLUG) -> Running:
    from generator.commands.desk import make, server as desk_server

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    desk, app, host = make(content, slug, None, port, lan, None, build=False)
    desk.base = f"http://127.0.0.1:{port}"
    server = desk_server(desk, app, host, port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):  # bounded: up to 20 s for the server to listen
        if server.started:
            break
        time.sleep(0.05)
    assert server.started
    return Running(desk, server, thread, port)


@pytest.fixture()
def running(content: Path):
    desk = start(content)
    yield desk
    desk.stop()


def started_with(flags: list[str]) -> list[str]:
    """The command for phones of a desk started with `flags` (commands/desk.lan_words)."""
    from generator.commands.desk import lan_words

    return lan_words(cli.parser("zh-Hans").parse_args(["desk", SLUG, *flags]))


def fetch(url: str, data: dict[str, str] | None = None, opener=None) -> tuple[int, str]:  # noqa: ANN001
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    try:
        with (opener or urllib.request.build_opener()).open(urllib.request.Request(url, data=body), timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def open_table(running: Running, key: str) -> tuple[str, str, str, str]:
    """(the table's URL without the token, its token, the form's CSRF token, what the form was
    filled from: a save that does not send it is refused)"""
    link = running.desk.link(key)
    status, html = fetch(link)
    assert status == 200, html
    csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    filed = re.search(r'name="filed" value="([^"]*)"', html).group(1)
    return link.split("?")[0], link.split("k=")[1], csrf, filed


def post(running: Running, key: str, action: str, **fields: str) -> tuple[int, str]:
    """The table's form opened, then sent, as its phone does: with what the form was filled from."""
    link = running.desk.link(key)
    status, html = fetch(link)
    assert status == 200, html
    sent = dict(re.findall(r'<input type="hidden" name="(csrf|filed)" value="([^"]*)"', html))
    return fetch(link.split("?")[0], {"k": link.split("k=")[1], **sent, "action": action, **fields})


def filed_now(spot: forms.TableSpot) -> str:
    """What a form filled from the table's file as it is now says it was filled from (its digest)."""
    return forms.as_filed(spot, forms.current_table(spot, spot.path.read_text(encoding="utf-8")))


def audit_lines(content: Path) -> list[dict]:
    path = content / "events" / SLUG / AUDIT_NAME
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


# --- writing ------------------------------------------------------------------------------


def test_every_demo_results_file_round_trips_unchanged() -> None:
    for path in sorted(DEMO.glob("events/*/results/*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert dump_round_trip(load_round_trip(text)) == text, path


def test_a_record_lands_beside_its_table_keeping_comments(drawn: Path) -> None:
    text = round4(drawn).read_text(encoding="utf-8")
    new, old = apply_record(text, 1, {"levels": {"T15": "Q", "T45": 9}}, ("deals", "levels", "winner", "forfeit"))
    assert old == {}
    added = [line for line in new.splitlines() if line not in text.splitlines()]
    assert added == ["    levels: {T15: Q, T45: 9}"]
    assert [line for line in text.splitlines() if line not in new.splitlines()] == []  # every comment kept


def test_a_teams_of_four_record_has_a_room_a_line_whether_of_levels_or_of_deals(drawn: Path) -> None:
    text = round4(drawn).read_text(encoding="utf-8")
    rooms = ("deals", "levels", "rooms", "winner", "forfeit")
    for room, shown in (({"levels": {"T15": "Q", "T45": 9}}, "{levels: {T15: Q, T45: 9}}"),
                        ({"deals": ["T15+3", "T45+1"]}, "{deals: [T15+3, T45+1]}")):
        new, _ = apply_record(text, 1, {"rooms": {"open": room, "closed": room}}, rooms)
        added = [line for line in new.splitlines() if line not in text.splitlines()]
        assert added == ["    rooms:", f"      open: {shown}", f"      closed: {shown}"], added


def test_a_table_saves_sees_its_score_and_the_file_and_audit_log_say_so(running: Running, content: Path) -> None:
    status, body = post(running, "main/4/1", "check", deals="T15+3, T15+3，T15+3, T15+3, T15+1")
    assert status == 200
    data = json.loads(body)
    assert data["ok"] and data["problems"] == []
    assert any("T15" in line and "A" in line for line in data["lines"])
    status, html = post(running, "main/4/1", "save", deals="T15+3, T15+3，T15+3, T15+3, T15+1")
    assert status == 200 and 'id="saved"' in html
    assert "    deals: [T15+3, T15+3, T15+3, T15+3, T15+1]" in round4(content).read_text(encoding="utf-8")
    [line] = audit_lines(content)
    assert line["who"] == "table main/4/1" and line["old"] == {} and line["new"]["deals"][0] == "T15+3"
    assert (line["stage"], line["round"], line["table"]) == ("main", 4, 1)


def test_a_save_into_a_crlf_file_keeps_its_line_ends(running: Running, content: Path) -> None:
    """A round's file saved from an editor on Windows (CRLF) is written back in CRLF, every line
    of it: neither turned to LF nor left with a stray carriage return in a carried comment."""
    path = round4(content)
    # comments beside the table's lines, as the YAML round trip carries the line end in them
    # (the table's line has pair's: its standing)
    lf = re.sub(rb"(  - table: 1    #[^\n]*\n    teams: \[T15, T45\])\n", rb"\1   # two\n", path.read_bytes())
    assert b"# two" in lf
    path.write_bytes(lf.replace(b"\n", b"\r\n"))
    status, html = post(running, "main/4/1", "save", deals="T15+3, T15+3, T15+3, T15+3, T15+1")
    assert status == 200 and 'id="saved"' in html
    saved = path.read_bytes()
    assert re.search(rb"  - table: 1    #[^\r\n]*\r\n    teams: \[T15, T45\]   # two\r\n"
                     rb"    deals: \[T15\+3, T15\+3, T15\+3, T15\+3, T15\+1\]\r\n", saved), saved
    assert saved.count(b"\n") == saved.count(b"\r\n") == saved.count(b"\r") == lf.count(b"\n")


def test_a_wrong_entry_shows_the_checks_message_and_writes_nothing(running: Running, content: Path) -> None:
    before = round4(content).read_bytes()
    status, html = post(running, "main/4/2", "save", deals="T04+3, T99+2")
    assert status == 422
    assert "T99" in html and "T04+3, T99+2" in html  # the message, and what was typed is kept
    status, html = post(running, "main/4/2", "save", level_a="Z", level_b="9")
    assert status == 422 and 'value="Z"' in html
    # the box the problem is in is marked (its side's level: `levels: {T04: Z}` is the box labelled T04)
    assert re.search(r'<input id="level_a" name="level_a" value="Z"[^>]*aria-invalid="true" aria-describedby="problem-1', html)
    assert round4(content).read_bytes() == before
    assert audit_lines(content) == []
    status, html = post(running, "main/4/2", "save")
    assert status == 200 and round4(content).read_bytes() == before  # nothing typed, nothing written


def test_a_table_token_cannot_read_or_write_another_table(running: Running, content: Path) -> None:
    url, token, csrf, filed = open_table(running, "main/4/3")
    other = url.replace("/t/main/4/3", "/t/main/4/4")
    assert fetch(f"{other}?k={token}")[0] == 403
    assert fetch(other, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "deals": "T46+3"})[0] == 403
    assert fetch(url.replace("/4/3", "/3/3") + f"?k={token}")[0] == 403  # nor its table of another round
    assert fetch(f"{running.base}/admin?k={token}")[0] == 403
    assert fetch(f"{running.secretary}/admin/sheets/main/4")[0] == 403  # (its prefix known, no session)
    assert fetch(f"{url}?k=" + "A" * 22)[0] == 403
    assert "T46" not in round4(content).read_text(encoding="utf-8").split("table: 4")[1].split("table: 5")[0] \
        .replace("teams: [T46, T02]", "").replace("# deals: [T46+3, T02+1, T02 foul]   或   levels: {T46: Q, T02: 9}", "")


def test_every_form_needs_its_csrf_token(running: Running, content: Path) -> None:
    url, token, _, _ = open_table(running, "main/4/5")
    assert fetch(url, {"k": token, "action": "save", "levels_a": "Q", "level_b": "9"})[0] == 403
    assert fetch(url, {"k": token, "csrf": "0" * 64, "action": "save", "level_a": "Q", "level_b": "9"})[0] == 403
    assert audit_lines(content) == []


def test_a_second_write_by_a_table_is_refused_the_secretary_may_change_it(running: Running, content: Path) -> None:
    url, token, csrf, filed = open_table(running, "main/4/6")
    status, first = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "Q", "level_b": "9"})
    assert status == 200 and "T07" in first
    # the same form sent again (a second phone at the table, the back button)
    status, html = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "3", "level_b": "K"})
    assert status == 409 and 'id="refused"' in html
    assert "levels: {T07: Q, T08: 9}" in round4(content).read_text(encoding="utf-8")
    # Under 计算结果, what the file has (T07 won, Q to 9), not what this phone typed (T08, K to
    # 3), and that the two differ: the captains go to the desk.
    from tests.test_desk_said import block

    saved, typed = block(first, "score"), block(html, "score")
    assert saved.startswith("计算结果") and "T07" in saved, saved
    assert typed == saved + " 以上是成绩文件中已保存的成绩，与本手机填的不同；请两队队长一起到记录台（裁判）核对。", (saved, typed)
    status, html = fetch(running.desk.link("main/4/6"))
    assert 'id="done"' in html and 'id="entry"' not in html  # the link shows no form any more
    # the secretary: admin link -> cookie -> any table, any number of times
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    assert fetch(running.desk.admin_link, opener=jar)[0] == 200
    status, html = fetch(f"{running.secretary}/t/main/4/6", opener=jar)
    csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    filed = re.search(r'name="filed" value="([^"]*)"', html).group(1)
    status, html = fetch(f"{running.secretary}/t/main/4/6", {"csrf": csrf, "filed": filed, "action": "save",
                                                         "level_a": "3", "level_b": "K"}, opener=jar)
    assert status == 200 and "levels: {T07: 3, T08: K}" in round4(content).read_text(encoding="utf-8")
    lines = audit_lines(content)
    assert [x["who"] for x in lines] == ["table main/4/6", "secretary"]
    assert lines[1]["old"] == {"levels": {"T07": "Q", "T08": 9}}
    assert lines[1]["new"] == {"levels": {"T07": 3, "T08": "K"}}


def test_tables_saving_at_the_same_moment_all_land(running: Running, content: Path) -> None:
    keys = [f"main/4/{n}" for n in range(7, 17)]
    opened = {key: open_table(running, key) for key in keys}
    barrier = threading.Barrier(len(keys))
    results: dict[str, int] = {}

    def save(key: str) -> None:
        url, token, csrf, filed = opened[key]
        barrier.wait(timeout=30)
        results[key] = fetch(url, {"k": token, "csrf": csrf, "filed": filed, "action": "save", "level_a": "A", "level_b": "5"})[0]

    threads = [threading.Thread(target=save, args=(key,)) for key in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert results == {key: 200 for key in keys}
    text = round4(content).read_text(encoding="utf-8")
    assert text.count(": A, ") == len(keys)
    assert sorted(x["table"] for x in audit_lines(content)) == list(range(7, 17))
    assert all(path.suffix == ".yaml" for path in round4(content).parent.iterdir())  # no temporary left


def test_a_save_is_on_the_disk_before_the_desk_says_saved(running: Running, content: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut after "saved" must not lose the table's result: the results file is synced
    before it replaces the old one and its folder after (the rename), and the used log that says
    the table has saved is synced (store.Tokens.mark_used; its name when made: test_desk_used_log);
    each keeps its mode (results readable, the desk's own the user's)."""
    from support import Synced

    synced = Synced(monkeypatch)
    assert post(running, "main/4/1", "save", level_a="A", level_b="5")[0] == 200
    used = tokens_path(content, SLUG).with_name(f"{SLUG}.used.log")
    assert synced.durably(round4(content)) and used in synced
    assert synced.durably(content / "events" / SLUG / AUDIT_NAME)  # (made by this save: its name synced too)
    assert stat.S_IMODE(round4(content).stat().st_mode) == 0o644
    assert stat.S_IMODE(used.stat().st_mode) == 0o600


def test_the_desk_folder_and_its_tokens_are_on_the_disk_once_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """.paibang-desk/ is made when the desk first starts: its name is synced into the folder
    beside content/, and the tokens file into it, or a power cut could lock every table out."""
    from support import Synced

    from generator.desk.store import Tokens

    content = tmp_path / "site" / "content"
    content.mkdir(parents=True)
    synced = Synced(monkeypatch)
    Tokens(content, SLUG)
    assert synced.durably(tokens_path(content, SLUG)) and desk_folder(content).parent in synced
    assert desk_folder(content) in synced  # (the content folder's own folder in it: its name synced there)


def test_the_audit_log_is_ignored_by_check_and_never_copied_by_build(running: Running, content: Path,
                                                                      tmp_path: Path) -> None:
    assert post(running, "main/4/1", "save", level_a="A", level_b="5")[0] == 200
    assert audit_lines(content)
    assert cli.main(["check", "--content", str(content)]) == 0
    from generator.build import build

    output = tmp_path / "site" / "output"
    build(content, output, bulletins=False)
    assert not [p for p in output.rglob("*") if "audit" in p.name or p.suffix == ".jsonl"]
    site_text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in output.rglob("*.html"))
    for token in running.desk.tokens.data["tables"].values():
        assert token not in site_text


# --- access -------------------------------------------------------------------------------


def test_without_lan_the_desk_answers_on_127_0_0_1_only(running: Running) -> None:
    # Every listening socket is bound to the loopback address, so no other address of the machine
    # can reach it. (Probing the machine's other addresses would send traffic off loopback, which
    # tests here never do.)
    sockets = [s for server in running.server.servers for s in server.sockets]
    assert sockets and all(s.getsockname()[0] == "127.0.0.1" for s in sockets)
    # and a request naming another host (DNS rebinding) is refused
    for host in (f"evil.example:{running.port}", f"localhost:{running.port + 1}"):  # the port too (generator/hosts.py)
        request = urllib.request.Request(f"{running.base}/standings", headers={"Host": host})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 421, host
    request = urllib.request.Request(f"{running.base}/standings", headers={"Host": f"localhost:{running.port}"})
    assert urllib.request.urlopen(request, timeout=10).status == 200


def test_a_request_too_large_is_refused(running: Running) -> None:
    url, token, csrf, filed = open_table(running, "main/4/1")
    assert fetch(url, {"k": token, "csrf": csrf, "action": "check", "deals": "T15+3," * 20_000})[0] == 413


def test_tokens_are_kept_beside_content_private_and_across_restarts(content: Path) -> None:
    first = start(content)
    try:
        admin, table = first.desk.tokens.admin, first.desk.tokens.table("main/4/1")
    finally:
        first.stop()
    path = tokens_path(content, SLUG)
    assert path.parent == content.parent / ".paibang-desk" / "content"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert len(table) >= 22 and len(admin) >= 22  # 16 random bytes, base64: 128 bits
    assert not any(table in p.read_text(encoding="utf-8", errors="replace") for p in content.rglob("*") if p.is_file())
    second = start(content)
    try:
        assert (second.desk.tokens.admin, second.desk.tokens.table("main/4/1")) == (admin, table)
    finally:
        second.stop()


def test_the_admin_cookie_holds_a_session_of_this_desk_never_the_admin_token(content: Path) -> None:
    """A browser sends a host's cookies to every port of it: a cookie holding the admin token
    handed it to any other server there (a page `paibang serve` previews links to). The cookie
    holds a random session of this run, named for the desk's port, with a Max-Age, HttpOnly,
    SameSite=Strict and this run's prefix as its Path; the admin token itself in the cookie opens
    nothing."""
    first = start(content)
    try:
        desk = first.desk
        request = urllib.request.Request(desk.admin_link)

        class Kept(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
                return None  # the 303 itself, with its Set-Cookie

        with pytest.raises(urllib.error.HTTPError) as seen:
            urllib.request.build_opener(Kept()).open(request, timeout=30)
        assert seen.value.code == 303
        cookies = seen.value.headers.get_all("Set-Cookie")
        assert len(cookies) == 1 and desk.tokens.admin not in cookies[0]
        name, _, rest = cookies[0].partition("=")
        value, *attributes = [part.strip() for part in rest.split(";")]
        said = {key.lower(): setting for key, _, setting in (a.partition("=") for a in attributes)}
        assert name == f"paibang_desk_{first.port}"
        assert said["max-age"] == "43200" and "httponly" in said and said["samesite"].lower() == "strict"
        assert said["path"] == f"{desk.prefix}/" and len(value) >= 43
        assert seen.value.headers["Location"] == f"{desk.prefix}/admin"

        def admin_page(cookie: str) -> int:
            return fetch_with(f"{first.secretary}/admin", {"Cookie": cookie})[0]

        assert admin_page(f"{name}={value}") == 200
        assert admin_page(f"{name}={desk.tokens.admin}") == 403  # the token is no session
        assert admin_page(f"paibang_desk={desk.tokens.admin}") == 403  # nor under the old name
        assert admin_page(f"{name}={value[:-1]}x") == 403
        # An older desk's cookie of this name (Path=/) beside this one: the browser sends the
        # longer path's first, and request.cookies kept the last, the dead one
        assert admin_page(f"{name}={value}; {name}={'x' * 43}") == 200
        # the session's forms work (CSRF under the session), and a table's link still opens its table
        status, html = fetch_with(f"{first.secretary}/t/main/4/2", {"Cookie": f"{name}={value}"})
        assert status == 200 and 'id="entry"' in html and desk.tokens.admin not in html
        assert fetch(desk.link("main/4/3"))[0] == 200
        # a login from an older desk's cookies (the admin token; a session for every path): deleted
        for old in ("paibang_desk", name):
            cleared = urllib.request.Request(desk.admin_link, headers={"Cookie": f"{old}={desk.tokens.admin}"})
            with pytest.raises(urllib.error.HTTPError) as seen:
                urllib.request.build_opener(Kept()).open(cleared, timeout=30)
            assert any((c.startswith(f'{old}=""') or c.startswith(f"{old}=;")) and "path=/;" in c.lower() + ";"
                       for c in seen.value.headers.get_all("Set-Cookie")), old
    finally:
        first.stop()
    second = start(content)
    try:  # sessions end with the desk; the admin link (the same token) logs in again, under another prefix
        assert second.desk.prefix != desk.prefix
        assert fetch_with(f"{second.secretary}/admin", {"Cookie": f"paibang_desk_{second.port}={value}"})[0] == 403
        jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        assert second.desk.tokens.admin == desk.tokens.admin and fetch(second.desk.admin_link, opener=jar)[0] == 200
    finally:
        second.stop()


def test_the_session_is_sent_to_and_opens_this_runs_secret_path_only(running: Running, content: Path) -> None:
    """A browser sends a host's cookies to every port of the host: any other server on 127.0.0.1
    (another user's program, anything the secretary browses there) got the live session with
    every request, and could replay it to the desk (on the LAN with --lan) and be the secretary
    for the rest of the run. The cookie's Path is a prefix random for this run, which no other
    server is asked for, so the browser sends it nowhere else; outside the prefix the session
    opens nothing, the old addresses included. Under it the secretary does everything; a
    table's link (its QR code, printed) is as it was."""
    desk = running.desk
    jar = http.cookiejar.CookieJar()  # (keeps a cookie's Path as a browser does)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(desk.admin_link, timeout=30) as answer:
        assert answer.status == 200 and answer.geturl() == f"{running.secretary}/admin"
        admin = answer.read().decode()
    [cookie] = list(jar)
    assert re.fullmatch(r"/s/[A-Za-z0-9_-]{22}", desk.prefix) and cookie.path == f"{desk.prefix}/"

    def sent_to(url: str) -> bool:
        request = urllib.request.Request(url)
        jar.add_cookie_header(request)
        return request.has_header("Cookie")

    other = f"http://127.0.0.1:{running.port + 1}"  # another server of this host
    for url in (f"{other}/", f"{other}/admin", f"{other}/s/", f"{running.base}/admin", f"{running.base}/t/main/4/2",
                f"{running.base}/standings", f"{running.base}{desk.prefix}x/admin"):
        assert not sent_to(url), url
    assert sent_to(f"{running.secretary}/admin") and sent_to(f"{running.secretary}/t/main/4/2")

    # the session replayed outside the prefix (with its CSRF token, so that the session is what
    # is refused): nothing opens, nothing is written
    replayed = {"Cookie": f"{cookie.name}={cookie.value}"}
    csrf = re.search(r'name="csrf" value="([^"]+)"', admin).group(1)
    before = round4(content).read_bytes()
    assert fetch_with(f"{running.base}/admin", replayed)[0] == 403
    assert fetch_with(f"{running.base}/t/main/4/2", replayed)[0] == 403
    for url in ("/admin/sheets/main/4", "/admin/sheets/main/4/print.pdf"):  # the old addresses: gone
        assert fetch_with(f"{running.base}{url}", replayed)[0] == 404, url
    save = {"csrf": csrf, "action": "save", "level_a": "A", "level_b": "5"}
    posted = urllib.request.Request(f"{running.base}/t/main/4/2", data=urllib.parse.urlencode(save).encode(),
                                    headers=replayed)
    assert fetch_request(posted)[0] == 403
    clock = {"csrf": csrf, "stage": "main", "round": "4", "do": "start"}
    posted = urllib.request.Request(f"{running.base}/admin/clock", data=urllib.parse.urlencode(clock).encode(),
                                    headers=replayed)
    assert fetch_request(posted)[0] in (403, 404, 405)
    assert round4(content).read_bytes() == before and audit_lines(content) == [] and desk.tokens.clock("main", 4) is None

    # under the prefix: the clock (its form's own action), a table's result, the sheets
    action = re.search(r'<form method="post" action="([^"]+)"', admin).group(1)
    assert action == f"{desk.prefix}/admin/clock"
    status, page = fetch(running.base + action, clock, opener=opener)  # (303 back to the admin page)
    assert status == 200 and desk.tokens.clock("main", 4) is not None and 'name="csrf"' in page
    edit = re.search(r'<a href="([^"]+/t/main/4/2)"', admin).group(1)
    assert edit == f"{desk.prefix}/t/main/4/2"
    status, form = fetch(running.base + edit, opener=opener)
    filed = re.search(r'name="filed" value="([^"]*)"', form).group(1)  # (a save that does not send it is refused)
    status, html = fetch(running.base + edit, {**save, "filed": filed}, opener=opener)
    assert status == 200 and 'id="saved"' in html
    assert [line["who"] for line in audit_lines(content)] == ["secretary"]
    assert fetch(f"{running.secretary}/admin/sheets/main/4", opener=opener)[0] == 200

    # a table's printed link: no prefix, no cookie, its token, as before
    assert desk.link("main/4/3") == f"{desk.base}/t/main/4/3?k={desk.tokens.table('main/4/3')}"
    status, html = fetch(desk.link("main/4/3"))
    assert status == 200 and 'id="entry"' in html


def test_admin_sessions_end_after_their_time(content: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.commands.desk import make
    from generator.desk import app as desk_app

    desk = make(content, SLUG, None, 8001, False, None, build=False)[0]  # (not served: the clock below is all of time's)
    session = desk.start_session()
    assert desk.in_session(session) and not desk.in_session("") and not desk.in_session(None)
    assert desk.cookie == "paibang_desk_8001"
    later = time.monotonic() + desk_app.SESSION_SECONDS + 1
    monkeypatch.setattr(desk_app.time, "monotonic", lambda: later)
    assert not desk.in_session(session)
    assert len({desk.start_session() for _ in range(desk_app.MAX_SESSIONS + 5)}) == desk_app.MAX_SESSIONS + 5
    assert len(desk._sessions) == desk_app.MAX_SESSIONS  # the oldest went, the expired one first


def fetch_with(url: str, headers: dict[str, str]) -> tuple[int, str]:
    return fetch_request(urllib.request.Request(url, headers=headers))


def fetch_request(request: urllib.request.Request) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_score_sheets_with_qr_codes_come_from_the_admin_page_only(running: Running) -> None:
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    status, html = fetch(running.desk.admin_link, opener=jar)
    assert status == 200 and f"{running.desk.prefix}/admin/sheets/main/4" in html
    assert running.desk.tokens.admin not in html  # the admin token left the address bar
    status, sheets = fetch(f"{running.secretary}/admin/sheets/main/4", opener=jar)
    assert status == 200
    assert sheets.count("<svg") == 26
    assert running.desk.link("main/4/26") in sheets


def test_sheets_whose_qr_codes_no_phone_can_open_say_so_and_how_to_start_for_phones(running: Running) -> None:
    """Without --lan the sheets' QR codes are http://127.0.0.1:8001/…, which no phone opens, and
    nothing said so (rev34): the admin and sheets pages say it, with the command for phones; on
    the venue's network (a LAN address) they say nothing of it."""
    from markupsafe import escape

    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    assert fetch(running.desk.admin_link, opener=jar)[0] == 200
    said = "只有运行记录台的这台电脑能打开，各桌的手机打不开"
    # the command the desk was started with, --lan added (it said `paibang desk EVENT --lan`,
    # which lost --content and found no content folder, rev66), quoted for the shell
    running.desk.lan_words = started_with(["--content", "赛事 内容", "--port", "8011", "--output", "out"])
    command = str(escape(f"paibang desk {SLUG} --content '赛事 内容' --lan --port 8011 --output out"))  # (as Jinja escapes it)
    for page in ("/admin", "/admin/sheets/main/4"):
        status, html = fetch(f"{running.secretary}{page}", opener=jar)
        assert status == 200 and said in html and command in html and "paibang desk --help" in html, page
    running.desk.base = f"http://192.168.1.20:{running.port}"  # as --lan makes it on the venue's Wi-Fi
    for page in ("/admin", "/admin/sheets/main/4"):
        status, html = fetch(f"{running.secretary}{page}", opener=jar)
        assert status == 200 and said not in html and 'id="local-only"' not in html, page
    assert f"http://192.168.1.20:{running.port}/t/main/4/1?k=" in html


def test_every_link_on_the_secretarys_pages_opens_its_page(running: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each link of the admin page and of a round's sheets page, resolved as a browser resolves
    it against the page's own address, opens a page for the secretary's browser. The sheets
    page's "print.pdf" was relative: from /admin/sheets/main/4 it led to /admin/sheets/main/print.pdf,
    not the round's PDF."""
    from generator.desk import app as desk_app

    monkeypatch.setattr(desk_app, "table_sheets", lambda desk, stage, number, step=None: b"%PDF-1.7 " + f"{stage}/{number}".encode())
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    pages, seen = [], set()
    with jar.open(running.desk.admin_link, timeout=30) as answer:  # (where the admin page is, after the redirect)
        pages.append((answer.geturl(), answer.read().decode()))
    while pages:
        url, html = pages.pop()
        for link in re.findall(r'<a href="([^"]+)"', html):
            target = urllib.parse.urljoin(url, link.replace("&amp;", "&"))
            if target in seen:
                continue
            seen.add(target)
            try:
                with jar.open(target, timeout=30) as answer:
                    body = answer.read()
            except urllib.error.HTTPError as error:
                raise AssertionError(f"{link} on {url}: {error.code}") from None
            if "/sheets/" in target and not target.endswith(".pdf"):
                pages.append((target, body.decode()))
            if target.endswith(".pdf"):
                round_ = target.split("/sheets/")[1].removesuffix("/print.pdf")
                assert body == b"%PDF-1.7 " + round_.encode() and url.endswith(round_), (url, link)  # its round's
    assert any(t.endswith("/sheets/main/4/print.pdf") for t in seen) and any("/t/main/4/26" in t for t in seen)


def test_a_round_in_other_digits_is_not_found_not_a_crash(running: Running) -> None:
    """rev5 #10: str.isdigit() took "²" (and the clock's form its like), int() did not: a 500."""
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    assert fetch(running.desk.admin_link, opener=jar)[0] == 200
    for number in ("%C2%B2", "%D9%A4", "%EF%BC%94"):  # ², Arabic-Indic 4, full-width 4
        assert fetch(f"{running.secretary}/admin/sheets/main/{number}", opener=jar)[0] == 404


@pytest.mark.slow  # prints a PDF
def test_the_rounds_real_score_sheets_print_with_each_tables_own_qr(running: Running, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Each table's score sheet carries its own link's QR code, on the venue's network. On this
    computer only (127.0.0.1, no --lan) the PDF printed codes no phone opens and said nothing of
    it (the admin and sheets pages did): each sheet now has no code and says why, in the site's
    language, with the command that makes sheets phones can use."""
    import subprocess

    from generator.commands import printing
    from generator.desk.app import SHEET_QR_MASK, table_key, table_sheets
    from generator.render.bulletins import qr_png
    from generator.render.pdf import bulletin_html

    url = f"{running.secretary}/admin/sheets/main/4/print.pdf"
    assert fetch(url)[0] == 403  # no admin cookie, no sheets
    running.desk.lan_words = started_with(["--content", "site", "--output", "out", "--no-pdf"])
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    fetch(running.desk.admin_link, opener=jar)
    with jar.open(url, timeout=120) as answer:
        assert answer.status == 200 and answer.headers["Content-Type"] == "application/pdf"
        pdf = tmp_path / "sheets.pdf"
        pdf.write_bytes(answer.read())
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "Pages:           26" in info  # the 记分表 of each of the round's 26 tables
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "记分表" in text and text.count("签名") >= 26
    # every sheet (they go to different tables) says it, whole (its lines joined as printed)
    said = (f"本表没有录分二维码：记录台现在只有本机能打开（{running.desk.base}），各桌的手机打不开。成绩请交记录台录入；"
            f"要扫码录分，连上场馆的 Wi-Fi 后用 paibang desk {SLUG} --content site --lan --output out --no-pdf "
            "启动记录台，再重新打印记分表。")
    # (compared without spaces and hyphens: pdftotext joins a line broken at Wi-Fi's hyphen as "WiFi")
    pages = [re.sub(r"[\s-]+", "", page) for page in text.split("\f") if page.strip()]
    assert len(pages) == 26 and all(re.sub(r"[\s-]+", "", said) in page for page in pages), pages[0][:300]
    # and no code: none of the tables' links is on the sheets the PDF was made of
    printed: list = []
    monkeypatch.setattr(printing, "one_document", lambda forms, locale, content=None: printed.extend(forms) or b"%PDF")
    table_sheets(running.desk, "main", 4)
    [sheet] = printed
    assert not any(page.get("qr") for page in sheet.pages) and all(page.get("qr_note") for page in sheet.pages)
    assert running.desk.tokens.table("main/4/26") not in bulletin_html(sheet, "zh-Hans")
    # On the venue's network (--lan): each table's page carries its own link, and no such line.
    running.desk.base = f"http://192.168.1.20:{running.port}"
    printed.clear()
    table_sheets(running.desk, "main", 4)
    [sheet] = printed
    assert [page.get("qr") for page in sheet.pages] == [
        qr_png(running.desk.link(table_key("main", 4, table)), mask=SHEET_QR_MASK) for table in range(1, 27)]
    assert not any(page.get("qr_note") for page in sheet.pages)
    html = bulletin_html(sheet, "zh-Hans")
    own = qr_png(running.desk.link(table_key("main", 4, 26)), mask=SHEET_QR_MASK)
    pages = html.split('<section class="sheet">')[1:]
    assert len(pages) == 26 and [own in page for page in pages].index(True) == 25 and html.count(own) == 1
    assert "本表没有录分二维码" not in html


def test_repeated_refusals_from_one_address_are_slowed_down(running: Running) -> None:
    codes = [fetch(f"{running.base}/t/main/4/1?k=wrong{n}")[0] for n in range(40)]
    assert codes[0] == 403 and codes[-1] == 429


def test_a_valid_link_still_opens_from_an_address_locked_out_for_guessing(running: Running, content: Path) -> None:
    """A hall's phones share the venue's address (NAT): one phone mistyping its link thirty
    times must not lock out the others. Guesses from there are still slowed down."""
    codes = [fetch(f"{running.base}/t/main/4/1?k=wrong{n}")[0] for n in range(40)]
    assert codes[-1] == 429
    status, html = fetch(running.desk.link("main/4/1"))
    assert status == 200 and 'name="csrf"' in html
    status, html = post(running, "main/4/1", "save", deals="T15+3, T15+3, T15+3, T15+3, T15+1")
    assert status == 200 and 'id="saved"' in html
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    status, html = fetch(running.desk.admin_link, opener=jar)
    assert status == 200 and running.desk.prefix in html  # the secretary's link too
    assert fetch(f"{running.base}/t/main/4/1?k=wrong")[0] == 429
    assert fetch(f"{running.base}/admin?k=wrong")[0] == 429


# --- other games' forms ---------------------------------------------------------------------


def spot_of(tmp_path: Path, slug: str, results: str, table: int, drop: str):  # noqa: ANN201
    """A demo event whose `table` in `results` has its record removed (as `pair` leaves it)."""
    from generator.desk.app import Desk

    content = demo_content(tmp_path, slug)
    path = content / "events" / slug / "results" / results
    data = load_round_trip(path.read_text(encoding="utf-8"))
    for item in data["tables"]:
        if item["table"] == table:
            del item[drop]
    path.write_text(dump_round_trip(data), encoding="utf-8")
    desk = Desk(content, slug, None, None, build=False)
    [round_] = [r for rounds in desk.event.rounds.values() for r in rounds if r.source == path]
    return desk.spot(round_.stage, round_.number, table), path


@pytest.mark.parametrize(("slug", "results", "good", "bad", "error"), [
    ("chem-park-daguai-2016", "round-1.yaml",
     {"b1_open": "D07 5", "b1_closed": "D02 3", "b2_open": "D02 3", "b2_closed": "D02 1"},
     {"b1_open": "D07 7"}, "7"),
    ("hefei-80fen-teams-2012", "round-1.yaml", {"b1_open": "85", "b1_closed": "130", "b2_open": "125",
                                                "b2_closed": "40"}, {"b1_open": "87"}, "87"),
    ("dongke-bridge-2015", "prelim.yaml", {"b1": "4H N =", "b2": "2S E -2"}, {"b1": "8H N ="}, "8H"),
    ("gaoxiao-bridge-teams-2024", "round-1.yaml", {"b1_open": "1NT S =", "b1_closed": "1S S -1"},
     {"b1_open": "1NT Q ="}, "Q"),
])
def test_the_other_games_forms_are_checked_by_their_own_reader(tmp_path: Path, slug: str, results: str,
                                                                  good: dict, bad: dict, error: str) -> None:
    spot, path = spot_of(tmp_path, slug, results, 1, "boards")
    text = path.read_text(encoding="utf-8")
    fields = forms.fields_for(spot, text, good)
    assert any(f.board for f in fields)
    result = forms.check(spot, text, forms.record_from(spot, fields))
    assert result.ok, [p.message("en") for p in result.problems]
    assert result.score is not None and result.score.sides
    from generator.render.i18n import Translator

    assert forms.score_lines(spot, result.score, Translator("en"))
    result = forms.check(spot, text, forms.record_from(spot, forms.fields_for(spot, text, bad)))
    assert not result.ok and any(error in p.message("en") for p in result.problems)


@pytest.mark.parametrize(("slug", "open_room", "closed_room", "code"), [
    ("chem-park-daguai-2016", {"b1_open": "D07 5", "b2_open": "D02 3"}, {"b1_closed": "D02 3", "b2_closed": "D02 1"},
     "room-pending"),
    ("hefei-80fen-teams-2012", {"b1_open": "85", "b2_open": "125"}, {"b1_closed": "130", "b2_closed": "40"},
     "room-pending"),
    ("gaoxiao-bridge-teams-2024", {"b1_open": "1NT S ="}, {"b1_closed": "1S S -1"}, "room-pending"),
])
def test_the_secretary_saves_one_room_a_tables_link_saves_the_whole_match(tmp_path: Path, slug: str,
                                                                          open_room: dict, closed_room: dict,
                                                                          code: str) -> None:
    """The open room's sheets come in before the closed room's: the secretary enters them as
    they come (the match waits, pending: `check` warns once for the table and passes), a table's
    own link saves once, so only the whole match (desk_incomplete_refused)."""
    from generator.desk.app import Desk, Who

    spot, path = spot_of(tmp_path, slug, "round-1.yaml", 1, "boards")
    desk = Desk(tmp_path / "content", slug, None, None, build=False)
    spot = desk.spot(spot.stage.id, spot.number, 1)
    before = path.read_text(encoding="utf-8")
    outcome = desk.submit(spot, open_room, Who("table", "-", "k"), True, filed=filed_now(spot))
    assert not outcome["saved"] and outcome["refused"] == "desk_incomplete_refused"
    assert path.read_text(encoding="utf-8") == before
    outcome = desk.submit(spot, open_room, Who("admin", "-"), True, filed=filed_now(spot))
    result = outcome["check"]
    assert outcome["saved"], [p.message("en") for p in result.problems]
    assert result.ok and result.incomplete and not result.score.sides
    assert forms.score_lines(spot, result.score, desk.t) == []  # nothing counted, nothing to show
    # one warning for the table, however many boards wait (it was one a board)
    assert [p.code for p in result.problems if p.code.endswith("room-pending")] == [code]
    assert cli.main(["check", "--content", str(tmp_path / "content")]) == 0
    outcome = desk.submit(spot, {**open_room, **closed_room}, Who("admin", "-"), True, filed=filed_now(spot))
    result = outcome["check"]
    assert outcome["saved"] and result.ok and result.score.sides
    assert not [p for p in result.problems if p.code.endswith("room-pending")]
    # Both rooms in; a match of fewer boards than the stage plays a round (2 of 6, 8 or 4) still
    # waits for the rest, as the site holds it pending (event.waits): 大怪路子's too (it was
    # counted complete on the boards written, a board left out unsaid).
    assert result.incomplete


def test_a_daguai_violation_is_counted_over_the_event_in_the_preview(tmp_path: Path) -> None:
    """D07's violation in round 4 is its second of the event (the first was in round 2): it costs
    a point (rules-daguai.md, Violations). The table entering it at the desk sees the score the
    standings give, not that of a first violation (a 6:6 match shown a draw that is a loss)."""
    from generator.build import validate

    _, results, _ = validate(DEMO)
    [built] = [r for r in results if r.event.slug == "chem-park-daguai-2016"]
    [score] = [t for r in built.stages[0].rounds if r.number == 4 for t in r.tables if t.table.number == 3]
    assert score.extra["deductions"] == {"D05": 0, "D07": 1}
    spot, path = spot_of(tmp_path, "chem-park-daguai-2016", "round-4.yaml", 3, "boards")
    text = path.read_text(encoding="utf-8")
    typed = {"b1_open": "D07 5", "b1_closed": "D07 5", "b2_open": "D05 3", "b2_closed": "D05 0",
             "b3_open": "D07 8", "b3_closed": "D05 5", "b4_open": "D07 5", "b4_closed": "D05 8",
             "b5_open": "D07 0", "b5_closed": "D05 8", "b6_open": "D07 3", "b6_closed": "D05 1"}
    fields = forms.fields_for(spot, text, typed)
    # the secretary's violation with its board and note, as the form shows it and saves it again
    assert [f.value for f in fields if f.name == "violations"] == ["D07 第2副 自报牌数"]
    record = forms.record_from(spot, fields)
    assert record["violations"] == [{"team": "D07", "board": 2, "note": "自报牌数"}]
    result = forms.check(spot, text, record)
    assert result.ok, [p.message("en") for p in result.problems]
    assert [(s.entry, s.metrics) for s in result.score.sides] == [(s.entry, s.metrics) for s in score.sides]
    # two teams typed with a space between them are two violations, not one with a note
    spaced = forms.record_from(spot, forms.fields_for(spot, text, {**typed, "violations": "D05 D07，D07 第6副 迟到"}))
    assert spaced["violations"] == ["D05", "D07", {"team": "D07", "board": 6, "note": "迟到"}]
    assert result.score.extra["deductions"] == {"D05": 0, "D07": 1}


def test_ids_typed_on_the_desk_are_matched_to_the_table_but_for_case_and_a_stranger_is_said() -> None:
    """A phone types d07 for D07: the violation and the penalty are written as the table's own
    ids. "D07 D09" (D09 at another table) is two violations, so that the check names D09 as
    not at this table; it was read as D07 with the note "D09", and the slip went unseen."""
    from generator.games.daguai.records import violation_items
    from generator.games.guandan.records import penalty_item

    sides = ["D05", "D07"]
    assert violation_items("d07", sides) == ["D07"]
    assert violation_items("d05 d07", sides) == ["D05", "D07"]
    assert violation_items("d07 第2副 自报牌数", sides) == [{"team": "D07", "board": 2, "note": "自报牌数"}]
    assert violation_items("D07 D09", sides) == ["D07", "D09"]
    assert violation_items("D07 迟到", sides) == [{"team": "D07", "note": "迟到"}]
    assert penalty_item("t02 2 迟到10分钟", ["T01", "T02"]) == {"team": "T02", "levels": 2, "reason": "迟到10分钟"}
    assert penalty_item("T09 1", ["T01", "T02"]) == {"team": "T09", "levels": 1}


def test_time_limit_is_a_stage_key_without_warnings(drawn: Path) -> None:
    from generator.build import validate

    site, _, warnings = validate(drawn)
    [event] = site.events
    assert event.stages[0].time_limit == 60
    assert not [w for w in warnings if "time_limit" in str(w.params)]


# --- in the browser, at 390 px --------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    from tests.test_browser import chromium_context

    with chromium_context(tmp_path_factory.mktemp("desk-chromium"), {"width": 390, "height": 844}, 15_000) as context:
        yield context


def _page(browser):  # noqa: ANN001, ANN202
    tab = browser.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    return tab


@pytest.fixture()
def last_table(content: Path):
    """The desk over round 4 with every table entered but the first: the phone's save completes
    the round, and only a complete round counts in the standings (event-day.md)."""
    lines = []
    for line in round4(content).read_text(encoding="utf-8").splitlines():
        lines.append(line)
        match = re.fullmatch(r"(\s+)teams: \[(\w+), (\w+)\]", line)
        if match and "T15" not in line:
            lines.append(f"{match[1]}levels: {{{match[2]}: K, {match[3]}: 5}}")
    round4(content).write_text("\n".join(lines) + "\n", encoding="utf-8")
    desk = start(content)
    yield desk
    desk.stop()


@pytest.mark.slow
def test_phone_enters_previews_saves_and_the_standings_view_updates(browser, last_table: Running,
                                                                   content: Path) -> None:
    running = last_table
    standings = _page(browser)
    standings.goto(f"{running.base}/standings")
    row = standings.locator('#standings tr[data-entry="T15"] td.num').nth(1)
    assert row.inner_text() == "3"  # T15's wins after round 3
    version = int(standings.locator("#live").get_attribute("data-version"))

    phone = _page(browser)
    phone.goto(running.desk.link("main/4/1"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    phone.fill("#deals", "T15+3，T15+3，T15+3，T15+3，T15+3")
    phone.locator("#score").wait_for(state="visible")  # checked while typing
    assert "T15" in phone.locator("#score").inner_text()
    phone.click("#preview")
    phone.wait_for_load_state()
    assert "A+" in phone.locator("#score").inner_text() and not phone.locator("#saved").count()
    assert "    deals:" not in round4(content).read_text(encoding="utf-8").split("table: 2")[0]  # not saved yet
    phone.click("#save")
    phone.locator("#saved").wait_for()
    assert "deals: [T15+3, T15+3, T15+3, T15+3, T15+3]" in round4(content).read_text(encoding="utf-8")

    standings.wait_for_function(
        "v => Number(document.getElementById('live').dataset.version) > v", arg=version)
    standings.locator('#standings tr[data-entry="T15"] td.num').nth(1).filter(has_text="4").wait_for()
    assert standings.errors == [] and phone.errors == []


@pytest.mark.slow
def test_phone_wrong_entry_shows_the_error_keeps_the_text_writes_nothing(browser, running: Running,
                                                                         content: Path) -> None:
    before = round4(content).read_bytes()
    phone = _page(browser)
    phone.goto(running.desk.link("main/4/2"))
    phone.fill("#deals", "T04+3, T06+4")
    phone.locator("#problems").wait_for(state="visible")  # the live check
    phone.click("#save")
    phone.wait_for_load_state()
    assert "T06+4" in phone.locator("#problems").inner_text()
    assert phone.input_value("#deals") == "T04+3, T06+4"
    assert round4(content).read_bytes() == before
    assert phone.errors == []


@pytest.mark.slow
def test_the_screen_shows_the_draw_countdown_and_standings(browser, running: Running) -> None:
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    fetch(running.desk.admin_link, opener=jar)
    _, admin = fetch(f"{running.secretary}/admin", opener=jar)
    csrf = re.search(r'name="csrf" value="([^"]+)"', admin).group(1)
    screen = browser.new_page()
    screen.set_viewport_size({"width": 1920, "height": 1080})
    screen.goto(f"{running.base}/screen")
    assert screen.locator("#clock").inner_text() == "60:00"
    assert "T15" in screen.locator("main").inner_text()
    assert fetch(f"{running.secretary}/admin/clock", {"csrf": csrf, "stage": "main", "round": "4", "do": "start"},
                 opener=jar)[0] in (200, 303)
    screen.wait_for_function("() => /^(59|60):[0-5][0-9]$/.test(document.getElementById('clock').textContent)"
                             " && document.getElementById('clock').dataset.ends")
    screen.close()


def test_a_pairs_round_offers_the_boards_pair_listed_and_writes_them_one_a_line(tmp_path: Path) -> None:
    from generator.desk.app import Desk, Who

    slug = "hefei-80fen-pairs-2012"
    content = demo_content(tmp_path, slug)
    (content / "events" / slug / "results" / "round-7.yaml").unlink()
    assert cli.main(["pair", slug, "pairs", "--content", str(content)]) == 0
    desk = Desk(content, slug, None, None, build=False)
    spot = desk.spot("pairs", 7, 1)
    text = spot.path.read_text(encoding="utf-8")
    # (each board's box; not its note's, a box of its own on the secretary's form: EntryField.part)
    numbers = [f.board for f in forms.fields_for(spot, text) if f.board and not f.part]
    assert numbers == [int(n) for n in re.findall(r"# ([0-9]+):", text.split("table: 2")[0])]
    typed = {f"b{numbers[0]}": "８５", f"b{numbers[1]}": "30"}
    outcome = desk.submit(spot, typed, Who("admin", "-"), True, filed=filed_now(spot))
    assert outcome["saved"], [p.message("en") for p in outcome["check"].problems]
    block = spot.path.read_text(encoding="utf-8").split("table: 2")[0]
    assert f"    boards:\n      {numbers[0]}: 85\n      {numbers[1]}: 30\n" in block
    # each board said (as the round page says it), then that its matchpoints come later
    lines = forms.score_lines(spot, outcome["check"].score, desk.t)
    assert [line.split("）：")[-1] for line in lines[:2]] == ["防守方 东西 85", "防守方 南北 30"], lines
    assert lines[2:] == [desk.t("desk_pairs_later", standings=desk.t("desk_standings"))]
    assert cli.main(["check", "--content", str(content)]) == 0


def test_lan_mode_listens_everywhere_and_prints_the_admin_link_with_its_qr(content: Path, monkeypatch,
                                                                          capsys) -> None:
    from generator.commands import desk as command

    started = {}

    class NotRun:
        def __init__(self, desk, app, host, port) -> None:  # noqa: ANN001
            started.update(host=host, port=port, guard=app.allowed_hosts)

        def run(self, sockets=None) -> None:  # noqa: ANN001 - the port the desk took
            pass

    monkeypatch.setattr(command, "server", NotRun)
    assert cli.main(["desk", SLUG, "--content", str(content), "--lan", "--no-build", "--port", "8123"]) == 0
    out = capsys.readouterr().out
    from generator.desk.store import Tokens

    admin = Tokens(content, SLUG).admin
    assert f"/admin?k={admin}" in out
    assert "█" in out or "▀" in out  # the QR code, drawn with block characters
    assert started == {"host": "0.0.0.0", "port": 8123, "guard": None}
    assert cli.main(["desk", SLUG, "--content", str(content), "--port", "0", "--no-build"]) == 0
    assert started["host"] == "127.0.0.1" and started["guard"] == ("127.0.0.1", "localhost", "[::1]")
    assert "█" not in capsys.readouterr().out


@pytest.mark.slow
def test_the_secretarys_link_opens_the_admin_page_in_the_browser(browser, running: Running) -> None:
    page = _page(browser)
    page.goto(running.desk.admin_link)
    assert page.url.endswith("/admin")  # the token left the address bar
    page.locator("a", has_text=running.desk.t("desk_print_sheets")).first.wait_for()
    page.goto(f"{running.secretary}/t/main/4/9")  # the session opens any table, under its prefix
    assert page.locator("#entry").count() == 1
    assert page.errors == []


def test_nonsense_addresses_answer_404_not_500(running: Running) -> None:
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    fetch(running.desk.admin_link, opener=jar)
    assert fetch(f"{running.secretary}/admin/sheets/main/x", opener=jar)[0] == 404
    assert fetch(f"{running.secretary}/admin/sheets/nope/4", opener=jar)[0] == 404
    status, page = fetch(f"{running.secretary}/t/main/4/999", opener=jar)
    assert status == 404
    # said, not a bare "404 main/4/999": which table is not there, what to check, where to go on
    said = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert "\u6ca1\u6709\u7b2c 999 \u684c" in said and "\u8bb0\u5f55\u53f0\uff08\u7ba1\u7406\uff09" in said, said  # (no table 999; the secretary's page)
    assert "main/4/999" not in said
    status, page = fetch(f"{running.secretary}/admin/sheets/nope/4", opener=jar)
    assert status == 404 and "\u4e8c\u7ef4\u7801" in page  # (QR code: what to check)
    assert fetch(f"{running.secretary}/t/main/x/1", opener=jar)[0] == 403


def test_a_hand_edit_of_the_results_file_reaches_the_views(running: Running, content: Path) -> None:
    before = running.desk.version
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    teams: [T28, T42]\n", "    teams: [T28, T42]\n    levels: {T28: A, T42: 5}\n"),
                    encoding="utf-8")
    for _ in range(400):  # bounded: up to 20 s for the watcher and the scorer
        if running.desk.version > before and 23 in running.desk.entered().get("main/4", []):
            break
        time.sleep(0.05)
    assert 23 in running.desk.entered()["main/4"]
    status, html = fetch(f"{running.base}/standings?part=1")
    assert status == 200 and "已录 1/26" in html


def test_the_desks_build_speaks_the_desks_language(tmp_path: Path) -> None:
    """The desk builds the site after each change in a process of its own: what that build
    says (here, a content problem) is shown on the admin page in the desk's language."""
    import asyncio

    from generator.desk.app import Desk

    slug = "tumu-guandan-2020"
    content = demo_content(tmp_path, slug)
    desk = Desk(content, slug, tmp_path / "output", "en")
    event_file = content / "events" / slug / "event.yaml"
    event_file.write_text(event_file.read_text(encoding="utf-8").replace("game: guandan", "game: guandan\ngame: x", 1),
                          encoding="utf-8")

    async def one_build() -> None:
        desk._build_dirty = asyncio.Event()
        desk._build_dirty.set()
        task = asyncio.create_task(desk.builder())
        while not desk.built_version and not task.done():
            await asyncio.sleep(0.05)
        task.cancel()

    desk.version = 1
    # In a thread of its own: an event loop of another test may be running in this one.
    runner = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(one_build(), 120)))
    runner.start()
    runner.join()
    assert desk.built_version == 1 and desk.build_note
    assert re.search(r"[A-Za-z]{3}", desk.build_note) and not re.search(r"[\u4e00-\u9fff]{2}", desk.build_note), desk.build_note


def test_a_change_another_build_published_first_is_said_so_not_nothing_changed(tmp_path: Path) -> None:
    """Two desks (two events) writing one output/: the other desk's build published this desk's
    save first, and this desk's build then said "内容、程序都没有变化，…已是最新", as if the save
    had been lost. After a change the desk read, an up-to-date build says another published it;
    with no change read (a build of the desk's own accord), the build's line as it is."""
    import asyncio

    from generator.desk.app import Desk

    slug = "tumu-guandan-2020"
    content = demo_content(tmp_path, slug)
    output = tmp_path / "output"
    desk = Desk(content, slug, output, None, bulletins=False)

    def one_build() -> str:
        async def run() -> None:
            desk._build_dirty = asyncio.Event()
            desk._build_dirty.set()
            before = desk.built_version
            desk.version += 1
            task = asyncio.create_task(desk.builder())
            while desk.built_version == before and not task.done():
                await asyncio.sleep(0.05)
            task.cancel()

        # In a thread of its own: an event loop of another test may be running in this one.
        runner = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(run(), 120)))
        runner.start()
        runner.join()
        return desk.build_note

    # the other desk's build: the site as the content now is, this desk's change in it
    assert cli.main(["build", "--quiet", "--no-pdf", "--content", str(content), "--output", str(output)]) == 0
    desk.changes = desk.read_changes = 1  # (the save this desk made and read)
    said = one_build()
    assert said == desk.t("desk_built_by_another", output=output) and "\u5df2\u662f\u6700\u65b0" in said, said
    assert "\u6ca1\u6709\u53d8\u5316" not in said
    said = one_build()  # nothing read since: the build's own words
    assert said.startswith(f"paibang: \u5185\u5bb9\u3001\u7a0b\u5e8f\u90fd\u6ca1\u6709\u53d8\u5316\uff0c{output} "), said


@pytest.mark.slow
def test_what_the_desk_taps_on_a_phone_is_at_least_44_px_square(browser, running: Running) -> None:
    # WCAG 2.5.5: the admin's links were 20 px tall (standings, screen, print, each table's edit:
    # 110 of the admin page's 114 targets under 44 px at 390 px), a table form's selects 42 px
    tab = _page(browser)
    try:
        small, seen = [], 0
        tab.goto(running.desk.admin_link)
        edit = tab.locator("main table a").first.get_attribute("href")
        for url in (running.desk.admin_link, running.base + edit):
            tab.goto(url)
            found = tab.eval_on_selector_all("main a[href], main button, main select, main input:not([type=hidden]), main textarea",
                                             """els => els.map(e => [e.tagName, (e.textContent || e.name).trim().slice(0, 12),
                                               e.getBoundingClientRect().width, e.getBoundingClientRect().height]).filter(x => x[2] > 0)""")
            seen += len(found)
            small += [(url, tag, text, round(w), round(h)) for tag, text, w, h in found if w < 43.5 or h < 43.5]
        assert seen > 50 and small == [], small[:10]
    finally:
        tab.close()


def test_the_desks_standings_read_a_tied_place_as_words(running: Running) -> None:
    # a tie showed a bare "15=", which a screen reader read "15 等于": as on the site (rank_shown),
    # the mark is seen and hidden from screen readers, the words "并列第 15" read and not seen
    _, html = fetch(f"{running.base}/standings")
    tied = re.findall(r'<td role="cell" class="num"><span aria-hidden="true">(\d+)=</span>'
                      r'<span class="visually-hidden">并列第 (\d+)</span></td>', html)
    assert tied and all(shown == read for shown, read in tied)
    assert not re.search(r'<td role="cell" class="num">\d+=</td>', html)


def test_the_desks_standings_read_by_row_and_fit_a_small_phone(browser, running: Running) -> None:
    """A screen reader gets the standings as a table with its caption, column headers and each
    row's entry as its header (it got cells only); at 320 px no heading breaks inside a word
    (名/次, 场/分) and no team's name either (守/护队). A table's field says what it is for
    through its hint (the levels' fields are labelled by the team alone)."""
    _, html = fetch(f"{running.base}/standings")
    assert '<caption class="visually-hidden">' in html and re.search(r'<th role="rowheader" scope="row"[^>]*>T\d+ <span class="name">', html)
    tab = _page(browser)
    tab.set_viewport_size({"width": 320, "height": 700})
    tab.goto(f"{running.base}/standings")
    one_line = tab.evaluate(r"""() => {
        const line = el => parseFloat(getComputedStyle(el).lineHeight) || 1.5 * parseFloat(getComputedStyle(el).fontSize);
        const broken = [...document.querySelectorAll('table.list thead th, table.list .name')]
            // (a name of several words may wrap between them: only one word must stay whole)
            .filter(el => el.textContent.trim() && !/\s/.test(el.textContent.trim()))
            .filter(el => el.getBoundingClientRect().height > 1.6 * line(el));
        return broken.map(el => el.textContent.trim());
    }""")
    assert one_line == []
    assert tab.evaluate("document.documentElement.scrollWidth") <= 320
    tab.close()
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    fetch(running.desk.admin_link, opener=jar)
    _, form = fetch(f"{running.secretary}/t/main/4/23", opener=jar)
    hints = re.findall(r'<div class="hint" id="([^"]+)-hint">', form)
    assert hints and all(re.search(f'id="{name}" name="{name}"[^>]* aria-describedby="{name}-hint"', form)
                         for name in hints), hints


# --- files the desk writes: never through a link (rev5 #2) ------------------------------------


@pytest.mark.parametrize("planted", ["audit", "lock"])
def test_a_link_planted_where_the_desk_writes_holds_the_save_and_writes_nothing_through_it(
        running: Running, content: Path, tmp_path: Path, planted: str) -> None:
    """content/ received from someone else (git and zip keep links): events/<slug>/desk-audit.jsonl
    or .paibang-desk/write.lock a link to a file of the user's (~/.bashrc). A results file named
    `s1 $(cmd).yaml` made the appended line run code there. The save is held, said why; the file
    the link leads to is untouched, and so is the results file."""
    bashrc = tmp_path / "bashrc"
    bashrc.write_text("# mine\n", encoding="utf-8")
    link = (content / "events" / SLUG / AUDIT_NAME if planted == "audit"
            else write_lock(content))
    link.unlink(missing_ok=True)
    link.symlink_to(bashrc)
    before = round4(content).read_text(encoding="utf-8")
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")
    assert status == 503 and link.name in html  # held: not saved, for now, and the page says why
    assert bashrc.read_text(encoding="utf-8") == "# mine\n"
    assert round4(content).read_text(encoding="utf-8") == before
    assert cli.main(["check", "--content", str(content)]) == 1  # check says so too
    link.unlink()
    status, html = post(running, "main/4/1", "save", level_a="A", level_b="5")  # held, then saved
    assert status == 200 and 'id="saved"' in html and audit_lines(content)


# --- .paibang-desk/ is trusted only when it is the user's own (rev5 #4) --------------------------


def test_a_desk_folder_planted_as_a_link_is_refused_and_nothing_written_through_it(content: Path) -> None:
    """`.paibang-desk` a link to output/ (a shared project folder): the admin token and the CSRF
    secret were written into output/ (published by the next upload) and output/ chmod-ed 0700."""
    from generator.commands.desk import make
    from generator.desk.store import UnsafeDeskFile

    output = content.parent / "output"
    output.mkdir()
    os.chmod(output, 0o755)
    desk_folder(content).symlink_to(output, target_is_directory=True)
    with pytest.raises(UnsafeDeskFile):
        make(content, SLUG, None, 0, False, None, build=False)
    assert list(output.iterdir()) == [] and stat.S_IMODE(os.stat(output).st_mode) == 0o755


@pytest.mark.parametrize("mode", [0o644, 0o600])
def test_a_planted_tokens_file_is_set_aside_and_new_tokens_minted(content: Path, mode: int) -> None:
    """A project archive with `.paibang-desk/<slug>.json` whose admin token its maker knows: a
    file others could read (0644), or a link to one (even 0600), is set aside, never used."""
    from generator.desk.store import Tokens

    folder = tokens_folder(content)
    folder.mkdir(mode=0o700, parents=True)
    planted = {"admin": "KNOWN-ADMIN", "secret": "KNOWN-SECRET", "tables": {}, "used": {}, "clock": {}}
    path = folder / f"{SLUG}.json"
    target = path if mode == 0o644 else content.parent / "elsewhere.json"
    target.write_text(json.dumps(planted), encoding="utf-8")
    os.chmod(target, mode)
    if target != path:
        path.symlink_to(target)
    tokens = Tokens(content, SLUG)
    assert tokens.admin != "KNOWN-ADMIN" and tokens.secret != b"KNOWN-SECRET"
    assert tokens.set_aside is not None and os.path.lexists(tokens.set_aside)
    assert stat.S_IMODE(os.lstat(path).st_mode) == 0o600 and not path.is_symlink()
    kept = tokens.set_aside if target == path else target  # set aside as it was; a link's target untouched
    assert json.loads(kept.read_text(encoding="utf-8"))["admin"] == "KNOWN-ADMIN"
    assert Tokens(content, SLUG).admin == tokens.admin  # the new ones are kept across restarts


class _NotServed:
    def __init__(self, desk, app, host, port) -> None:  # noqa: ANN001
        pass

    def run(self, sockets=None) -> None:  # noqa: ANN001 - the port the desk took
        pass


def test_the_desk_says_where_it_rebuilds_the_site_as_build_would(content: Path, tmp_path: Path, monkeypatch,
                                                                  capsys) -> None:
    """A desk started with --content from another folder rebuilt the site into that folder's
    output/ and never said so. It says the path at start; its default is build's (./output of
    the folder it runs in), so a secretary's desk and build write one site."""
    from generator.commands import desk as command

    started = {}

    class NotRun(_NotServed):
        def __init__(self, desk, app, host, port) -> None:  # noqa: ANN001
            started["output"] = desk.output

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setattr(command, "server", NotRun)
    assert cli.main(["desk", SLUG, "--content", str(content), "--port", "0"]) == 0
    site = elsewhere.resolve() / "output"
    assert started["output"].resolve() == site
    assert f"每次保存后，网站在后台重新生成到 {site}（另选位置用 --output）" in capsys.readouterr().out.splitlines()
    defaults = cli.parser()
    assert defaults.parse_args(["desk", SLUG]).output == defaults.parse_args(["build"]).output
    assert cli.main(["desk", SLUG, "--content", str(content), "--port", "0", "--output", str(tmp_path / "web")]) == 0
    assert f"每次保存后，网站在后台重新生成到 {tmp_path.resolve() / 'web'}（另选位置用 --output）" in capsys.readouterr().out
    assert cli.main(["desk", SLUG, "--content", str(content), "--port", "0", "--no-build"]) == 0  # builds nothing: says nothing of it
    assert "重新生成到" not in capsys.readouterr().out


def _plant(folder: Path, name: str, data: bytes) -> None:
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.mkdir(mode=0o700, exist_ok=True)
    (folder / name).write_bytes(data)
    os.chmod(folder / name, 0o600)


def test_an_owner_only_tokens_file_unpacked_from_an_archive_is_set_aside(content: Path, tmp_path: Path,
                                                                         monkeypatch, capsys) -> None:
    """An archive keeps 0700/0600, so once unpacked `.paibang-desk/<slug>.json` is the user's own
    and private: it was trusted, and its maker knew the admin token. Without the user's seal it is
    set aside, new tokens minted, and the console says why."""
    import tarfile

    from generator.commands import desk as command

    made = tmp_path / "made"
    planted = {"admin": "ATTACKER-KNOWN-ADMIN-TOKEN", "secret": "s", "tables": {}, "used": {}, "clock": {}}
    _plant(made / ".paibang-desk", f"{SLUG}.json", json.dumps(planted).encode())
    archive = tmp_path / "project.tar"
    with tarfile.open(archive, "w") as tar:
        tar.add(made / ".paibang-desk", arcname=".paibang-desk")
    with tarfile.open(archive) as tar:
        tar.extractall(content.parent)  # (as tar itself: owner-only modes kept)
    path = desk_folder(content) / f"{SLUG}.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700

    monkeypatch.setattr(command, "server", _NotServed)
    assert cli.main(["desk", SLUG, "--content", str(content), "--no-build", "--port", "18732", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert "ATTACKER-KNOWN-ADMIN-TOKEN" not in out and "/admin?k=" in out
    assert "does not carry your seal" in err and ".set-aside-" in err
    from generator.desk.store import Tokens

    tokens = Tokens(content, SLUG)
    assert tokens.set_aside is None and tokens.admin != "ATTACKER-KNOWN-ADMIN-TOKEN"
    assert f"/admin?k={tokens.admin}" in out  # the new tokens, sealed, are kept across restarts
    # (an older paibang's place for it: moved to this content folder's, and set aside there)
    assert not os.path.lexists(path)
    aside = [p for p in tokens_path(content, SLUG).parent.iterdir() if ".set-aside-" in p.name]
    assert [json.loads(p.read_text(encoding="utf-8"))["admin"] for p in aside] == ["ATTACKER-KNOWN-ADMIN-TOKEN"]


def test_a_tokens_file_to_set_aside_stays_put_when_the_start_is_refused(content: Path, monkeypatch, capsys) -> None:
    """An unsealed tokens file and a disk that will not take the new one (full: we run as root,
    so a read-only folder cannot be made here): the start was refused saying the links stay the
    same, yet the file had been renamed ….set-aside-…, and the next start, finding none, minted
    new links without a word. The file stays where it was, the refusal says it is to be set
    aside and the links to change; once the disk takes it, the next start sets it aside and says so."""
    import errno

    from generator.commands import desk as command
    from generator.desk import store

    _plant(tokens_folder(content), f"{SLUG}.json", json.dumps({"admin": "x"}).encode())
    path = tokens_path(content, SLUG)
    before = path.read_bytes()

    def full(*args, **kwargs) -> None:  # noqa: ANN002, ANN003
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patched:
        patched.setattr(store, "write_durably", full)
        assert cli.main(["desk", SLUG, "--content", str(content), "--no-build", "--port", "0", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "desk-tokens-unwritable-set-aside" in err and "was left as it is" in err, err
    assert "set the old tokens file aside and mint new links" in err and "stay the same" not in err, err
    # (and the event's desk lock beside it: store._hold_event)
    assert path.read_bytes() == before and sorted(p.name for p in path.parent.iterdir()) == [f"{SLUG}.desk.lock", path.name]
    monkeypatch.setattr(command, "server", _NotServed)
    assert cli.main(["desk", SLUG, "--content", str(content), "--no-build", "--port", "0", "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "does not carry your seal" in err and ".set-aside-" in err, err
    aside = [p for p in path.parent.iterdir() if ".set-aside-" in p.name]
    assert [p.read_bytes() for p in aside] == [before] and not path.with_name(f"{path.name}.new").exists()
    assert store.Tokens(content, SLUG).set_aside is None  # (the new file, sealed, kept)


def test_a_tokens_file_of_the_previous_version_is_set_aside_once(content: Path) -> None:
    """The previous version wrote the tokens file without a seal: it cannot be told from a planted
    one, so the links change once (and the console says so); the new file is sealed."""
    from generator.desk.store import Tokens

    honest = {"admin": "A" * 22, "secret": "S" * 43, "tables": {"main/4/1": "T" * 22}, "used": {}, "clock": {}}
    _plant(tokens_folder(content), f"{SLUG}.json", json.dumps(honest).encode())
    tokens = Tokens(content, SLUG)
    assert tokens.set_aside_why == "unsealed" and tokens.admin != "A" * 22 and tokens.table("main/4/1") is None
    again = Tokens(content, SLUG)
    assert again.set_aside is None and again.admin == tokens.admin


@pytest.mark.parametrize("before", ["first start", "restart"])
def test_without_a_kept_key_the_desk_refuses_to_start_and_writes_nothing(
        content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        before: str) -> None:
    """No place to keep the user's key (its folder cannot be made or written): each run's key was
    its own, so every start found the last tokens file unsealed, set it aside and minted new
    links, and the QR codes printed on the score sheets stopped working mid-event. The desk does
    not start then: it says, in the site's language, which folder it could not write and what to
    do, with no traceback, before a token is minted or anything written to .paibang-desk/."""
    from generator import seals
    from generator.commands import desk as command

    folder = desk_folder(content)
    if before == "restart":  # the desk ran with a key, and its links are printed
        first = start(content)
        first.stop()
    kept = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} if folder.exists() else None
    assert (kept is None) == (before == "first start")
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", "locale: en"), encoding="utf-8")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the config folder would be", encoding="utf-8")
    monkeypatch.setattr(command, "server", _NotServed)
    try:
        with monkeypatch.context() as patched:
            patched.setenv("XDG_CONFIG_HOME", str(blocked))
            seals.secret.cache_clear()
            code = cli.main(["desk", SLUG, "--content", str(content), "--port", "0", "--no-build"])
            assert not seals.key_is_kept()
    finally:
        seals.secret.cache_clear()  # (the next test's key is the user's)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    where = blocked / "paibang"
    assert f"the desk cannot keep your key in {where}" in err and "[desk-no-key]" in err
    assert "set XDG_CONFIG_HOME to a folder of your own" in err and "start the desk again" in err
    assert ({p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} if folder.exists() else None) == kept


def test_the_desks_refusals_before_it_reads_its_event_are_in_the_sites_language(
        content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An event name mistyped, or a link planted in .paibang-desk/, was said in simplified Chinese
    whatever the site's language: said in the site's (or --lang's)."""
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", "locale: en"), encoding="utf-8")
    assert cli.main(["desk", "no-such-event", "--content", str(content), "--no-build"]) == 2
    assert "paibang desk: no event named no-such-event" in capsys.readouterr().err
    assert cli.main(["desk", "no-such-event", "--content", str(content), "--no-build", "--lang", "zh-Hant"]) == 2
    assert "no-such-event" in (said := capsys.readouterr().err) and "no event" not in said
    (content / "events" / SLUG / "desk-audit.jsonl").symlink_to(content / "site.yaml")
    assert cli.main(["desk", SLUG, "--content", str(content), "--no-build"]) == 2
    said = capsys.readouterr().err
    assert "[desk-file-unsafe]" in said and "error" in said and "\u9519\u8bef" not in said


def test_the_desk_says_an_event_it_cannot_read_is_there_and_why(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """event.yaml there but broken: "no event (no such folder, or it cannot be read)" left the
    secretary to guess which; the desk says it cannot be read, the error, and check."""
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", "locale: en"), encoding="utf-8")
    event = content / "events" / SLUG / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("format:", "format: [", 1), encoding="utf-8")
    assert cli.main(["desk", SLUG, "--content", str(content), "--no-build", "--port", "0"]) == 2
    said = capsys.readouterr().err
    assert f"paibang desk: the event {SLUG} cannot be read: 1 error above" in said, said
    assert "event.yaml:" in said and "error [" in said and "paibang check --content" in said
    assert "no such folder" not in said and "Traceback" not in said


def test_another_events_sealed_tokens_are_not_this_events(content: Path) -> None:
    """The seal covers the event's name: another event's tokens file (the user's own, copied or
    renamed over this one) is not read as this event's."""
    from generator.desk.store import Tokens, seal_tokens

    honest = {"admin": "A" * 22, "secret": "S" * 43, "tables": {}, "used": {}, "clock": {}}
    _plant(tokens_folder(content), f"{SLUG}.json", seal_tokens("another-event", json.dumps(honest).encode()))
    tokens = Tokens(content, SLUG)
    assert tokens.set_aside_why == "unsealed" and tokens.admin != "A" * 22


_GOOD = {"admin": "A" * 22, "secret": "S" * 43, "tables": {"main/4/1": "T" * 22}, "used": {}, "clock": {}}


@pytest.mark.parametrize("text", [
    b'{"admin": "x", ',  # cut off
    b"\xff\xfe not text",
    b"[]",
    json.dumps({**_GOOD, "admin": 5}).encode(),
    json.dumps({k: v for k, v in _GOOD.items() if k != "secret"}).encode(),
    json.dumps({**_GOOD, "admin": "short"}).encode(),  # weaker than the desk mints
    json.dumps({**_GOOD, "tables": {"main/4/1": "T" * 21}}).encode(),
    json.dumps({**_GOOD, "tables": {"main/4/1": None}}).encode(),
    json.dumps({**_GOOD, "used": []}).encode(),
    json.dumps({**_GOOD, "clock": {"main/4": 1}}).encode(),
    json.dumps({**_GOOD, "held": {"main/4/1": {"typed": "x"}}}).encode(),
    b"[" * 100_000,  # nested too deep for the parser
])
def test_a_sealed_tokens_file_not_of_this_desks_shape_is_set_aside_never_a_traceback(
        content: Path, text: bytes, monkeypatch, capsys) -> None:
    """Sealed (by the user's desk, an older version or a damaged disk) but not what this desk
    writes: a JSON error, a number for a token, no CSRF secret, a token shorter than the desk
    mints all crashed the desk or were taken. Set aside, new tokens minted, and said."""
    from generator.commands import desk as command
    from generator.desk.store import Tokens, seal_tokens

    _plant(tokens_folder(content), f"{SLUG}.json", seal_tokens(SLUG, text))
    monkeypatch.setattr(command, "server", _NotServed)
    assert cli.main(["desk", SLUG, "--content", str(content), "--port", "0", "--no-build", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert "could not be read" in err and ".set-aside-" in err and "Traceback" not in err
    tokens = Tokens(content, SLUG)
    assert tokens.set_aside is None and len(tokens.admin) == 22 and len(tokens.secret) == 43
    assert f"/admin?k={tokens.admin}" in out


def test_a_sealed_tokens_file_of_this_desks_shape_is_kept(content: Path) -> None:
    from generator.desk.store import Tokens, seal_tokens

    held = {"main/4/2": {"at": "2026-01-01T00:00:00.000+00:00", "who": "table main/4/2", "typed": {"level_a": "A"},
                         "problem": "x"}}
    _plant(tokens_folder(content), f"{SLUG}.json", seal_tokens(SLUG, json.dumps({**_GOOD, "held": held}).encode()))
    tokens = Tokens(content, SLUG)
    assert tokens.set_aside is None and tokens.admin == "A" * 22 and tokens.table("main/4/1") == "T" * 22
    assert tokens.held("main/4/2") == held["main/4/2"]


def test_two_content_folders_under_one_parent_have_their_own_tokens(content: Path) -> None:
    """`.paibang-desk/` sits beside content/: a second content folder under the same parent (a
    trial copy, another club's site) shared its one tokens file a slug, and so the admin token
    and every table link of the other desk. Each content folder's desk has its own, kept."""
    from generator.desk.store import Tokens

    other = content.parent / "content-b"
    shutil.copytree(content, other)
    first, second = Tokens(content, SLUG), Tokens(other, SLUG)
    first.ensure({"main/4/1": "T15 v T45"})
    second.ensure({"main/4/1": "T15 v T45"})
    assert first.admin != second.admin and first.table("main/4/1") != second.table("main/4/1")
    assert first.path != second.path and first.path.parent.parent == second.path.parent.parent
    again = Tokens(content, SLUG)
    assert (again.admin, again.table("main/4/1")) == (first.admin, first.table("main/4/1"))
    assert Tokens(other, SLUG).admin == second.admin


def test_a_tokens_file_where_an_older_desk_kept_it_is_taken_over_its_links_unchanged(content: Path) -> None:
    """An older paibang kept `.paibang-desk/<slug>.json`, one for every content folder beside it.
    Its links are printed on the score sheets of an event under way: the first content folder's
    desk to start takes the file over, its links unchanged; another content folder's desk then
    mints its own."""
    from generator.desk.store import Tokens, seal_tokens

    _plant(desk_folder(content), f"{SLUG}.json", seal_tokens(SLUG, json.dumps(_GOOD).encode()))
    tokens = Tokens(content, SLUG)
    assert tokens.set_aside is None and tokens.admin == "A" * 22 and tokens.table("main/4/1") == "T" * 22
    assert tokens.path == tokens_path(content, SLUG) and not (desk_folder(content) / f"{SLUG}.json").exists()
    other = content.parent / "content-b"
    other.mkdir()
    assert Tokens(other, SLUG).admin != "A" * 22
    assert Tokens(content, SLUG).admin == "A" * 22
