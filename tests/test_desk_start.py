"""What `paibang desk` says on the terminal as it starts (commands/desk.py): the content's errors
and warnings counted, in the site's language, and where they are listed; never a problem's
line, which may quote a private cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_desk_records import SLUG, SWISS_TWO, make

# table 2's levels: one an error (no such level), its text a stand-in for a private cell
BROKEN = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
    levels: {T03: Q, T04: 私密值}
"""
CLEAN = """\
  - table: 1
    teams: [T01, T02]
  - table: 2
    teams: [T03, T04]
    levels: {T03: Q, T04: "9"}
"""
# T03 and T04 not drawn: a warning each
WARNED = """\
  - table: 1
    teams: [T01, T02]
"""


def started(tmp_path: Path, monkeypatch, capsys, tables: str, locale: str = "zh-Hans",  # noqa: ANN001
            *flags: str) -> str:
    """What the desk says as it starts (the server itself not run)."""
    from generator import cli
    from generator.commands import desk as desk_command

    root = make(tmp_path, SWISS_TWO, tables)
    site = root / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("locale: zh-Hans", f"locale: {locale}"), encoding="utf-8")

    class Server:
        def run(self, sockets=None) -> None:  # noqa: ANN001
            pass

    monkeypatch.setattr(desk_command, "server", lambda *args: Server())
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0", *flags]) == 0
    found = capsys.readouterr()
    return found.out + found.err


@pytest.mark.parametrize(("locale", "said"), [
    ("zh-Hans", "paibang desk: 内容有 1 处错误、0 条警告：错误列在记录台（管理）页面上（上面的链接），全部用 paibang check --content {root} 列出。"),
    ("en", "paibang desk: the content has 1 error and 0 warnings: the secretary's page (the link above) lists "
           "the errors; paibang check --content {root} lists them all."),
])
def test_the_desk_says_at_start_how_many_problems_the_content_has_and_where(tmp_path: Path, monkeypatch, capsys,  # noqa: ANN001
                                                                            locale: str, said: str) -> None:
    """A results file with an error: the admin page listed it, the terminal said nothing, and a
    secretary who never opened that page saw tables' links that could not save. Said at start
    now, counted, in the site's words, with where to see them; not the problem's line."""
    text = started(tmp_path, monkeypatch, capsys, BROKEN, locale)
    assert said.format(root=(tmp_path / "content").resolve()) in text, text
    assert "私密值" not in text and "round-1.yaml" not in text, text


def test_content_without_problems_adds_no_line(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    text = started(tmp_path, monkeypatch, capsys, CLEAN)
    assert "记录台已启动" in text and "处错误" not in text and "paibang check" not in text, text


def test_warnings_alone_are_counted_with_the_command_that_lists_them(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """The admin page lists errors only: warnings alone send the secretary to check."""
    text = started(tmp_path, monkeypatch, capsys, WARNED)
    root = (tmp_path / "content").resolve()
    assert f"paibang desk: 内容有 2 条警告，用 paibang check --content {root} 列出。" in text, text


def test_a_busy_port_is_said_before_the_desk_starts(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """Another program on the port: one line in the site's language naming a port to use, exit 2
    (usage), before the desk's links are minted or printed. It was the start message, the
    secretary's link and uvicorn's English "address already in use", exit 3."""
    import socket

    from generator import cli
    from generator.commands import desk as desk_command

    root = make(tmp_path, SWISS_TWO, CLEAN)
    monkeypatch.setattr(desk_command, "server", lambda *args: pytest.fail("the server was started"))
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", str(port)]) == 2
    found = capsys.readouterr()
    assert found.err.strip() == (f"paibang desk: 端口 {port} 已被占用（另一个 paibang desk 或 serve 还开着？），"
                                 f"记录台未启动；换一个端口：加上 --port {port + 1} 重新运行"), found.err
    assert found.out == "" and not (root.parent / ".paibang-desk").exists()  # no link minted


@pytest.mark.parametrize("no_pdf", [False, True], ids=["bulletins", "no-pdf"])
def test_desk_no_pdf_rebuilds_the_site_without_bulletins(tmp_path: Path, monkeypatch, no_pdf: bool) -> None:  # noqa: ANN001
    """`paibang desk --no-pdf`: the site rebuilt after each save has no PDF bulletins, as
    `build --no-pdf` (it was refused as an unknown option, and the rebuilds always printed)."""
    import subprocess

    from generator import cli
    from generator.commands import desk as desk_command

    root = make(tmp_path, SWISS_TWO, CLEAN)
    output = tmp_path / "output"
    made = []

    class Server:
        def run(self, sockets=None) -> None:  # noqa: ANN001
            pass

    def server(desk, *_args):  # noqa: ANN001, ANN202
        made.append(desk)
        return Server()

    monkeypatch.setattr(desk_command, "server", server)
    argv = ["desk", SLUG, "--content", str(root), "--output", str(output), "--port", "0"]
    assert cli.main([*argv, "--no-pdf"] if no_pdf else argv) == 0
    (desk,) = made
    subprocess.run(desk.build_command(), check=True, capture_output=True, cwd=tmp_path)  # the rebuild after a save
    assert (output / "index.html").exists()
    assert bool(list(output.rglob("*.pdf"))) is not no_pdf


def test_the_desk_says_whether_phones_can_reach_it_and_that_lan_is_plain_http(tmp_path: Path, monkeypatch,  # noqa: ANN001
                                                                             capsys) -> None:
    """Started without --lan, the desk's score sheets carry QR codes of http://127.0.0.1:…, which
    no phone opens, and nothing was said (rev34): the terminal says so and how to start it for
    phones. With --lan it says the desk is plain HTTP, for the venue's own closed Wi-Fi; with
    --lan and no network found, that the address is still this computer's."""
    from generator.commands import desk as desk_command

    text = started(tmp_path / "a", monkeypatch, capsys, CLEAN)
    command = f"paibang desk {SLUG} --content {(tmp_path / 'a' / 'content')} --lan --port 0 --no-build"
    assert "各桌的手机打不开" in text and command in text and "paibang desk --help" in text, text
    assert "不加密的 HTTP" not in text
    monkeypatch.setattr(desk_command, "lan_address", lambda: "192.168.1.20")
    text = started(tmp_path / "b", monkeypatch, capsys, CLEAN, "en", "--lan")
    assert "plain, unencrypted HTTP" in text and "the venue's own closed Wi-Fi" in text, text
    assert "no table's phone" not in text and "http://192.168.1.20:" in text
    monkeypatch.setattr(desk_command, "lan_address", lambda: "127.0.0.1")
    text = started(tmp_path / "c", monkeypatch, capsys, CLEAN, "en", "--lan")
    assert "--lan, but this computer is on no network" in text and "plain, unencrypted HTTP" in text, text


def test_a_tokens_file_the_desk_cannot_write_stops_it_at_start_saying_why_and_how(tmp_path: Path, monkeypatch,  # noqa: ANN001
                                                                                 capsys) -> None:
    """The tokens file's folder made read-only after a first start: the desk started, its links
    as before, and what it noted (which phone saved, the links of a round drawn meanwhile, the
    entries held) lived only until a restart, without a word until a phone's save. It does not
    start now, saying in the site's words which file, why, and what to do; the links it keeps
    are those of before, the file untouched."""
    import errno

    from generator import cli
    from generator.desk import store

    started(tmp_path, monkeypatch, capsys, CLEAN)  # the first start: the tokens written
    root = tmp_path / "content"
    path = store.tokens_path(root, SLUG)
    before = path.read_bytes()
    real = store.write_durably

    def refused(where: Path, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        if Path(where) == path:
            raise OSError(errno.EROFS, "Read-only file system", str(where))
        real(where, *args, **kwargs)

    monkeypatch.setattr(store, "write_durably", refused)
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0"]) == 2
    found = capsys.readouterr()
    said = found.out + found.err
    assert f"记录台无法写入口令文件 {path}" in said and "只读" in said and "记录台没有启动" in said, said
    assert f"chmod u+w {path.parent}" in said and "记录台已启动" not in said, said
    assert path.read_bytes() == before


HOLDER = """
import sys
from pathlib import Path
from generator.desk.store import Tokens
Tokens(Path(sys.argv[1]), sys.argv[2])
print("held", flush=True)
sys.stdin.readline()
"""


def test_a_second_desk_on_the_same_event_does_not_start(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """rev57: two desks on one event (two processes) each kept the tables' links in memory and
    wrote the whole tokens file at every change: a round's links minted by one were dropped by the
    other's next save, the QR codes printed for them then opening nothing. The second is refused,
    saying which event and what to do; the first's file untouched. Once the first has stopped,
    the desk starts."""
    import subprocess
    import sys

    from generator import cli
    from generator.desk import store

    started(tmp_path, monkeypatch, capsys, CLEAN)  # the first start: the tokens written
    root = tmp_path / "content"
    path = store.tokens_path(root, SLUG)
    before = path.read_bytes()
    store._close_event_locks()  # (the first start's, this process's: as if it had stopped)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(root), SLUG], cwd=Path(__file__).resolve().parents[1],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0"]) == 2
        found = capsys.readouterr()
        said = found.out + found.err
        assert f"另一个记录台（另一个进程）正在运行本赛事 {SLUG}" in said and "Ctrl-C" in said, said
        assert "记录台已启动" not in said, said
        assert path.read_bytes() == before
    finally:
        holder.communicate("\n", timeout=60)
    store._close_event_locks()
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0"]) == 0


def test_a_desk_lock_it_cannot_make_or_one_not_its_own(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """rev59: the event's desk lock on a disk that will not take it (read-only, full) let the
    system's error through (exit 1, no fix): it is the desk's own refusal, naming the tokens file
    and the fix. And a lock file others may read (a copy, chmod -R) stopped the desk for good: it
    holds nothing, and is made anew."""
    import errno
    import os

    from generator import cli
    from generator.desk import store

    started(tmp_path, monkeypatch, capsys, CLEAN)
    root = tmp_path / "content"
    path = store.tokens_path(root, SLUG)
    lock = path.with_name(f"{SLUG}.desk.lock")
    store._close_event_locks()  # (the first start's, this process's: as if it had stopped)
    lock.chmod(0o644)
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0"]) == 0
    capsys.readouterr()
    assert lock.stat().st_mode & 0o777 == 0o600
    store._close_event_locks()
    real = store.open_own

    def refused(where: Path, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if Path(where) == lock:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(where))
        return real(where, *args, **kwargs)

    monkeypatch.setattr(store, "open_own", refused)
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0"]) == 2
    said = capsys.readouterr().err
    assert f"记录台无法写入口令文件 {path}" in said and f"chmod u+w {path.parent}" in said, said


def test_a_new_admin_link_is_made_when_asked_and_the_tables_links_stay(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """The admin token is kept across restarts (the secretary's bookmark) and with --lan shown as a
    QR code on the terminal, often the venue's screen: `--new-admin-link` makes a new one, the
    old opening nothing from then on; the tables' links (the printed sheets' QR codes) stay."""
    import re

    from generator import cli
    from generator.desk.store import Tokens

    def admin(text: str) -> str:
        return re.search(r"/admin\?k=([A-Za-z0-9_-]+)", text).group(1)

    first = started(tmp_path, monkeypatch, capsys, CLEAN)
    root = tmp_path / "content"
    table = Tokens(root, SLUG).table("main/1/1")
    assert table
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0"]) == 0
    again = capsys.readouterr().out
    assert admin(again) == admin(first) and "新的记录台（管理）链接" not in again
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0", "--new-admin-link"]) == 0
    renewed = capsys.readouterr().out
    assert admin(renewed) != admin(first) and "已换了新的记录台（管理）链接" in renewed, renewed
    tokens = Tokens(root, SLUG)
    assert tokens.admin == admin(renewed) and tokens.table("main/1/1") == table


def test_the_command_for_phones_repeats_the_flags_the_desk_was_started_with(tmp_path: Path, monkeypatch,  # noqa: ANN001
                                                                            capsys) -> None:
    """`paibang desk EVENT --content site --output out --port 8011` told the secretary to start it
    again with `paibang desk EVENT --lan`, which found no content folder (and would have built
    into ./output, on port 8001, with the PDFs it was told not to print): the command now repeats
    its flags, in the README's order, quoted for the shell (rev66)."""
    from generator import cli
    from generator.commands import desk as desk_command

    make(tmp_path / "场馆 A", SWISS_TWO, CLEAN)
    monkeypatch.chdir(tmp_path)
    made = []

    class Server:
        def run(self, sockets=None) -> None:  # noqa: ANN001
            pass

    monkeypatch.setattr(desk_command, "server", lambda desk, *args: made.append(desk) or Server())
    assert cli.main(["desk", SLUG, "--no-pdf", "--output", "out", "--port", "0", "--no-build", "--content",
                     "场馆 A/content", "--lang", "en"]) == 0
    command = f"paibang desk {SLUG} --content '场馆 A/content' --lan --port 0 --output out --no-build --no-pdf --lang en"
    text = capsys.readouterr().out
    assert f"start it with {command} (see paibang desk --help)" in text, text
    (desk,) = made
    assert desk.lan_command == command


@pytest.mark.parametrize(("locale", "name", "others"), [
    ("zh-Hans", "\u8bb0\u5f55\u53f0", ("\u6210\u7ee9\u53f0", "\u6210\u7ee9\u5f55\u5165\u53f0")),
    ("zh-Hant", "\u8a18\u9304\u53f0", ("\u6210\u7e3e\u53f0", "\u6210\u7e3e\u9304\u5165\u53f0")),
])
def test_the_desk_has_one_chinese_name(locale: str, name: str, others: tuple[str, ...]) -> None:
    """The README, the terminal and the desk's pages call it 记录台; `paibang --help`, `paibang
    desk --help`, a hint at a table (desk-board-played), the pages' titles and the start line said
    成绩台 or 成绩录入台, three names for one desk (rev66). One name now, in both scripts."""
    from generator import cli

    top = cli.parser(locale)
    helps = top.format_help() + top.commands["desk"].format_help()
    assert name in helps, helps
    folder = Path(cli.__file__).parent / "locales" / locale.replace("-", "_") / "LC_MESSAGES"
    for catalogue in ("paibang.po", "messages.po"):
        text = (folder / catalogue).read_text(encoding="utf-8")
        said = "".join(line for line in text.splitlines() if not line.startswith("#"))
        assert not [other for other in others if other in said], catalogue
