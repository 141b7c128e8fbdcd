"""A table whose sides cannot be read, at the desk (product.md: bad input gets a message naming
file, line and the fix, never a traceback). `paibang check` never scores an event with errors;
the desk does (its standings while the secretary mends a file), so every table the loader keeps
must be one the game can score. A bridge knockout written home/away, as content-format.md writes
a team match, in a stage that reads ns/ew (no `scoring: imps`) kept tables of no side, and the
bridge scorer's unpacking of them raised ValueError out of Desk.load: `paibang desk` died with a
traceback where check listed 8 errors (now one a table, which names the fix). The same for a table of one pair in bridge's matches
(which has no bye: the odd pair plays the substitutes), for ns/ew in a teams stage, and for a
table of no side in Guandan, 大怪路子 and 80分."""

from __future__ import annotations

import http.cookiejar
import urllib.request
from pathlib import Path

import pytest

from generator import cli
from generator.desk.app import Desk
from tests.test_desk import fetch
from tests.test_desk_records import desk_of, make  # noqa: F401 - desk_of is a fixture

SLUG = "gd"

KNOCKOUT = "format: knockout\nboards: 2\n"
HOME_AWAY = """\
  - table: 1
    home: T01
    away: T04
  - table: 2
    home: T02
    away: T03
"""


def admin_page(desk) -> str:  # noqa: ANN001
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    status, html = fetch(desk.admin_link, opener=jar)
    assert status == 200, html
    return html


def checked(root: Path, capsys) -> str:  # noqa: ANN001
    assert cli.main(["check", "--content", str(root)]) == 1
    return capsys.readouterr().err


def test_a_bridge_knockout_written_home_away_is_said_at_the_desk_as_check_says_it(
        tmp_path: Path, desk_of, capsys) -> None:  # noqa: ANN001, F811
    """Said once a table, with the fix that applies (the stage's `scoring: imps`), where check
    listed home and away unknown, ns and ew missing and each board unreadable: 12 errors whose
    fix was to write ns/ew. Once the stage says `scoring: imps`, the same tables are its matches."""
    root = make(tmp_path, KNOCKOUT, HOME_AWAY, game="bridge")
    said = checked(root, capsys)
    assert "发现 2 处错误" in said and said.count("[bridge-team-match-not-teams]") == 2
    running = desk_of(root)  # started: no traceback out of Desk.load
    errors = [p for p in running.desk.problems if not p.warning]
    assert [p.code for p in errors] == ["bridge-team-match-not-teams"] * 2
    admin = admin_page(running.desk)
    for problem in errors:  # each one as check says it: file and line, what is wrong, the fix
        assert f"round-1.yaml:{problem.mark.line}:" in admin and f"round-1.yaml:{problem.mark.line}:" in said
        assert problem.hint("zh-Hans") in admin and problem.hint("zh-Hans") in said
    assert "home/away 是队式赛" in admin and "阶段 main 写上 scoring: imps" in admin
    # the tables of no side are no match: nothing to enter, no link made for them
    assert running.desk.spot("main", 1, 1) is None and running.desk.entered() == {"main/1": []}
    # the fix the message gives: the same tables are the stage's team matches
    event = root / "events" / SLUG / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    boards: 2\n", "    scoring: imps\n    boards: 2\n"),
                     encoding="utf-8")
    assert cli.main(["check", "--content", str(root)]) == 0
    running.desk.load()
    assert not running.desk.problems and running.desk.spot("main", 1, 1) is not None


@pytest.mark.parametrize(("game", "stage", "tables", "codes"), [
    # bridge's matches: one pair at a table (no bye there), the other table whole
    ("bridge", "format: matches\nrounds: 1\n",
     "  - table: 1\n    ns: T01\n    boards:\n      1: 4S N =\n  - table: 2\n    ns: T02\n    ew: T03\n",
     {"key-missing"}),
    ("bridge", "format: matches\nrounds: 1\n", "  - table: 1\n    ew: T01\n  - table: 2\n    ns: T02\n    ew: T03\n",
     {"key-missing"}),
    # a bridge teams stage (IMPs) written ns/ew: no side read (duplicate.py unpacked home, away)
    ("bridge", "format: swiss\nrounds: 3\nboards: 2\n",
     "  - table: 1\n    ns: T01\n    ew: T02\n    boards:\n      1: {open: 4S N =, closed: 4S S -1}\n",
     {"bridge-pairs-table-in-teams"}),
    ("bridge", "format: knockout\nscoring: imps\nboards: 2\n", "  - table: 1\n    ns: T01\n    ew: T04\n",
     {"bridge-pairs-table-in-teams"}),
    # Guandan's teams list empty (views.py indexed it), 大怪路子's and 80分's home/away written ns/ew
    ("guandan", "format: swiss\nrounds: 2\n", "  - table: 1\n    teams: []\n", {"guandan-teams-count"}),
    ("daguai", "format: knockout\nboards: 2\n", "  - table: 1\n    ns: T01\n    ew: T04\n", {"key-missing", "key-unknown"}),
    ("shengji", "format: swiss\nrounds: 2\nboards: 2\n", "  - table: 1\n    ns: T01\n    ew: T04\n",
     {"key-missing", "key-unknown"}),
], ids=["bridge-matches-ns-only", "bridge-matches-ew-only", "bridge-swiss-ns-ew", "bridge-knockout-imps-ns-ew",
        "guandan-teams-empty", "daguai-knockout-ns-ew", "shengji-swiss-ns-ew"])
def test_a_table_whose_sides_cannot_be_scored_is_an_error_at_the_desk_not_a_traceback(
        tmp_path: Path, capsys, game: str, stage: str, tables: str, codes: set[str]) -> None:  # noqa: ANN001
    root = make(tmp_path, stage, tables, game=game)
    said = checked(root, capsys)
    desk = Desk(root, SLUG, None, None, build=False)  # reads and scores the event: Desk.load, run_event
    errors = [p for p in desk.problems if not p.warning]
    assert {p.code for p in errors} == codes
    assert f"发现 {len(errors)} 处错误" in said  # the same problems as check finds
    assert desk.spot("main", 1, 1) is None  # no form for a table without its two sides
