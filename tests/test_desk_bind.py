"""`paibang desk --bind ADDRESS`: the desk on one address of the laptop (the venue's LAN), not on
every network it is on as `--lan` (a phone tethered for the uplink too); its links name that
address, a request naming another host is refused (421), and the command the desk tells the
secretary to run for phones repeats it. The defaults `lan_words` leaves out are cli's own."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.test_desk_records import SLUG, SWISS_TWO, make
from tests.test_desk_start import CLEAN, started


def words(*flags: str) -> list[str]:
    from generator import cli
    from generator.commands.desk import lan_words

    return lan_words(cli.parser("en").parse_args(["desk", SLUG, *flags]))


def test_the_command_for_phones_keeps_the_address_the_desk_was_bound_to() -> None:
    assert words("--bind", "192.168.1.20", "--port", "8011") == [
        "paibang", "desk", SLUG, "--bind", "192.168.1.20", "--port", "8011"]
    # a loopback address reaches no phone: the command for phones is --lan's, not it again
    assert words("--bind", "127.0.0.1") == ["paibang", "desk", SLUG, "--lan"]
    assert words() == words("--lan") == ["paibang", "desk", SLUG, "--lan"]


def test_the_defaults_left_out_of_the_command_are_the_parsers() -> None:
    """lan_words leaves out a flag at its default: the defaults it reads are those cli gives
    (commands/defaults.py, one home), so a default changed in one is changed in both."""
    from generator import cli
    from generator.commands import defaults

    args = cli.parser("en").parse_args(["desk", SLUG])
    assert (args.port, args.output, args.content) == (defaults.DESK_PORT, defaults.OUTPUT, defaults.CONTENT)
    assert words("--port", str(defaults.DESK_PORT), "--output", str(defaults.OUTPUT)) == [
        "paibang", "desk", SLUG, "--lan"]
    assert words("--port", "8002", "--output", "site") == [
        "paibang", "desk", SLUG, "--lan", "--port", "8002", "--output", "site"]


@pytest.mark.parametrize("given", ["0.0.0.0", "192.168.1", "laptop.local", "::1", "224.0.0.1"])
def test_bind_takes_one_ipv4_address(given: str, capsys) -> None:  # noqa: ANN001
    from generator import cli

    with pytest.raises(SystemExit) as ended:
        cli.parser("en").parse_args(["desk", SLUG, "--bind", given])
    assert ended.value.code == 2
    assert f"{given} is not an address to listen on" in capsys.readouterr().err


def ask(app, host: str, port: int = 8001) -> int:  # noqa: ANN001
    """The status of GET /standings naming `host` in its Host header, arriving at `port`."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": "/standings", "raw_path": b"/standings", "query_string": b"", "root_path": "",
             "client": ("192.168.1.31", 5000), "server": ("192.168.1.20", port), "headers": [(b"host", host.encode())]}
    got: dict = {}

    async def receive() -> dict:
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            got["status"] = message["status"]

    asyncio.run(app(scope, receive, send))
    return got["status"]


def told(app, host: str) -> str:  # noqa: ANN001
    """The body of the answer to a GET / naming `host`."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": "/", "raw_path": b"/", "query_string": b"", "root_path": "",
             "client": ("192.168.1.31", 5000), "server": ("192.168.1.20", 8001), "headers": [(b"host", host.encode())]}
    body: list[bytes] = []

    async def receive() -> dict:
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.body":
            body.append(message.get("body", b""))

    asyncio.run(app(scope, receive, send))
    return b"".join(body).decode()


def test_a_bound_desk_names_its_address_and_answers_only_requests_naming_it(tmp_path: Path) -> None:
    from generator.commands.desk import make as make_desk

    root = make(tmp_path, SWISS_TWO, CLEAN)
    desk, app, host = make_desk(root, SLUG, None, 8001, False, None, build=False, bind="192.168.1.20")
    assert host == "192.168.1.20" and desk.base == "http://192.168.1.20:8001" and desk.phones_reach
    assert desk.link("main/1/1").startswith("http://192.168.1.20:8001/t/main/1/1?k=")
    assert ask(app, "192.168.1.20:8001") == 200
    # another name pointed at the address (DNS rebinding), another port, this computer's names
    for other in ("attacker.example:8001", "192.168.1.20:9000", "127.0.0.1:8001", "localhost:8001"):
        assert ask(app, other) == 421, other
    # said with the address to use (a bare "421" told the phone nothing)
    said = told(app, "localhost:8001")
    assert said.startswith("421 ") and "http://192.168.1.20:8001" in said, said
    # --lan alone as before: every address, any host named
    desk, app, host = make_desk(root, SLUG, None, 8001, True, None, build=False)
    assert host == "0.0.0.0" and ask(app, "laptop.local:8001") == 200


def test_a_desk_bound_to_a_loopback_address_is_this_computers_alone(tmp_path: Path, monkeypatch,  # noqa: ANN001
                                                                   capsys) -> None:
    text = started(tmp_path, monkeypatch, capsys, CLEAN, "en", "--bind", "127.0.0.1")
    assert "no table's phone" in text and f"paibang desk {SLUG} --content" in text and "--lan" in text, text


def test_an_address_not_this_computers_is_said_in_one_line(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    from generator import cli
    from generator.commands import desk as desk_command

    monkeypatch.setattr(desk_command, "lan_address", lambda: "192.168.1.20")

    root = make(tmp_path, SWISS_TWO, CLEAN)
    # 192.0.2.1 is a documentation address (RFC 5737): no computer's own
    assert cli.main(["desk", SLUG, "--content", str(root), "--no-build", "--port", "0", "--bind", "192.0.2.1",
                     "--lang", "en"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "Traceback" not in said, said
    assert "paibang desk: 192.0.2.1 is not an address of this computer" in said and "now: 192.168.1.20 (on two networks" in said, said
    assert "another port" not in said


def test_a_broadcast_address_is_not_this_computers() -> None:
    """Linux lets a socket bind the limited broadcast (and a network's own, 192.168.1.255, which
    `ip addr` prints on the laptop's line): the desk listened there, printed its links, and no
    phone, nor the laptop, could open them (rev72). An address is this computer's when it reaches
    itself there."""
    from generator.commands.desk import this_computers

    assert this_computers("127.0.0.1")
    assert not this_computers("255.255.255.255")
