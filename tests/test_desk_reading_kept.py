"""The desk's reading after a save takes the event's unchanged files as its last reading read
them (desk/app.py's Desk._read_event: event.yaml and the files it names while they are the same,
each results file while its bytes are, and the scores of their tables): what it finds must be
what a reading of every file finds. A desk reading so is set beside one reading every file whole
(its last reading forgotten before each, as every reading was before), each on its own copy of
the same content, through saves and hand edits: a save, a hand edit of another round, a hand
edit leaving a YAML error then mended, a round deleted and drawn again by `paibang pair`, a
withdrawal written into entries.yaml, site.yaml's and event.yaml's words changed. After each,
the two desks' live standings, results, problems (file and line), tokens and admin page are the
same. No timing here: bench/desk_saves.py measures the cost."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import re
import shutil
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.desk import store
from tests.test_desk_live_size import ask

SLUG = "ev"
TEAMS = 12


class Minting:
    """Tokens minted in order, a count for each desk (`paibang` mints them at random): the two
    desks' links are the same where they minted the same tokens for the same tables."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.now = ""

    def token_urlsafe(self, size: int = 32) -> str:
        self.counts[self.now] = count = self.counts.get(self.now, 0) + 1
        made = hashlib.sha256(f"{count}".encode()).digest() * (size // 32 + 1)
        return base64.urlsafe_b64encode(made[:size]).rstrip(b"=").decode()

    @contextlib.contextmanager
    def as_desk(self, name: str) -> Iterator[None]:
        self.now = name
        try:
            yield
        finally:
            self.now = ""


@pytest.fixture
def minting(monkeypatch: pytest.MonkeyPatch) -> Minting:
    found = Minting()
    monkeypatch.setattr(store, "secrets", types.SimpleNamespace(token_urlsafe=found.token_urlsafe))
    return found


def results(content: Path) -> Path:
    return content / "events" / SLUG / "results"


def pair(content: Path) -> None:
    assert main(["pair", SLUG, "main", "--content", str(content)]) == 0


def fill(path: Path, flip: int = 0) -> None:
    """Every table of a round as `pair` wrote it given its levels: the first side up at the
    tables of one parity (`flip` turns it), the second at the others'."""
    def filled(match: re.Match[str]) -> str:
        up = (int(match["table"]) + flip) % 2
        return (f"{match[1]}    teams: [{match['a']}, {match['b']}]\n"
                f"    levels: {{{match['a']}: {'A' if up else '7'}, {match['b']}: {'7' if up else 'A'}}}\n")

    text = path.read_text(encoding="utf-8")
    done = re.sub(r"(  - table: (?P<table>\d+)[^\n]*\n)    teams: \[(?P<a>\w+), (?P<b>\w+)\]\n    # [^\n]*\n", filled, text)
    assert done != text
    path.write_text(done, encoding="utf-8")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (old, text)
    path.write_text(text.replace(old, new), encoding="utf-8")


def made(tmp_path: Path) -> Path:
    """A Guandan Swiss of 12 teams listed in entries.yaml: rounds 1 and 2 played, round 3 drawn."""
    content = tmp_path / "content"
    folder = content / "events" / SLUG
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: \u724c\u699c\nlocale: zh-Hans\n", encoding="utf-8")
    (folder / "entries.yaml").write_text("".join(f"- {{id: T{n:02d}, players: [\u7532{n}, \u4e59{n}]}}\n"
                                                 for n in range(1, TEAMS + 1)), encoding="utf-8")
    (folder / "event.yaml").write_text(
        "title: \u63bc\u86cb\u8d5b\ngame: guandan\ndate: 2026-12-01\ndraw_seed: 7\nentries: entries.yaml\n"
        "stages:\n  - id: main\n    format: swiss\n    rounds: 4\n    rank_by: [wins, level_diff, buchholz]\n",
        encoding="utf-8")
    for number in (1, 2):
        pair(content)
        fill(results(content) / f"round-{number}.yaml")
    pair(content)
    return content


def table_line(content: Path, number: int, table: int) -> tuple[str, str]:
    """(the `teams:` line, the `levels:` line) of a played table, as the file has them."""
    text = (results(content) / f"round-{number}.yaml").read_text(encoding="utf-8")
    found = re.search(rf"  - table: {table}\b[^\n]*\n(    teams: [^\n]*)\n(    levels: [^\n]*)\n", text)
    assert found is not None
    return found[1], found[2]


class Side:
    """One desk on its own copy of the content."""

    def __init__(self, content: Path, name: str, whole: bool, minting: Minting) -> None:
        from generator.desk.app import Desk, create_app

        self.content, self.name, self.whole, self.minting = content, name, whole, minting
        with minting.as_desk(name):
            self.desk = Desk(content, SLUG, None, None, build=False)
        self.app = create_app(self.desk)

    def read(self) -> None:
        """The reading the file watcher has made after a change: whole, with the last reading
        forgotten, on the side reading as before."""
        with self.minting.as_desk(self.name):
            if self.whole:
                self.desk._kept_reading = None
            self.desk.load()

    def save(self, number: int, table: int, level_a: str = "A", level_b: str = "7") -> None:
        """A table's save as its phone makes it (bench/desk_saves.py's)."""
        from generator.desk import forms
        from generator.desk.app import Who, readable_text

        desk, key = self.desk, f"main/{number}/{table}"
        spot = desk.spot("main", number, table)
        filed = forms.as_filed(spot, forms.current_table(spot, readable_text(spot.path)))
        with self.minting.as_desk(self.name):
            outcome = desk.submit(spot, {"level_a": level_a, "level_b": level_b}, Who("table", desk.tokens.table(key), key),
                                  True, "", filed)
        assert outcome["saved"], outcome["refused"]

    def state(self) -> dict[str, Any]:
        """What the desk shows and answers from: its live standings, its results, its problems
        (by file and line), its tokens, its admin page."""
        desk = self.desk
        standings = [(view["name"], view["columns"], view["progress"],
                      [(row["id"], row["cells"], row["remark"]) for row in view["rows"]]) for view in desk.standings_view()]
        scored = [(stage.stage.id, [(r.number, [(s.table.number, tuple(s.table.sides), repr(s.sides)) for s in r.tables],
                                     sorted(r.pending)) for r in stage.rounds])
                  for stage in (desk.result.stages if desk.result else [])]
        problems = [(p.code, p.warning, str(p.mark.file.relative_to(self.content)), p.mark.line, p.mark.column,
                     sorted(map(str, p.params.items()))) for p in desk.problems]
        tokens = desk.tokens.data
        used = {key: bool(at) for key, at in tokens["used"].items()}
        retired = sorted((token, item["table"], item["match"], bool(item["used"])) for token, item in tokens["retired"].items())
        session = desk.start_session()
        status, _headers, body = ask(self.app, f"{desk.prefix}/admin", {"Cookie": f"{desk.cookie}={session}"})
        # (the page's own address is random for each desk; the times of the saves its own)
        page = re.sub(r"\d\d:\d\d(:\d\d)?", "hh:mm", body.decode().replace(desk.prefix, "/s/PREFIX"))
        return {"standings": standings, "scored": scored, "entered": desk.entered(), "problems": problems,
                "kept": sorted(desk.kept), "tables": dict(tokens["tables"]), "matches": dict(tokens.get("matches", {})),
                "used": used, "retired": retired, "held": dict(tokens.get("held", {})), "admin": (status, page),
                "locale": desk.locale}


def two_desks(tmp_path: Path, minting: Minting) -> tuple[Side, Side]:
    content = made(tmp_path / "made")
    shutil.copytree(content.parent, tmp_path / "whole")
    return Side(content, "kept", False, minting), Side(tmp_path / "whole" / "content", "whole", True, minting)


STEPS: list[tuple[str, Callable[[Side], None]]] = [
    ("a save", lambda side: side.save(3, 1)),
    ("a second save in the same round", lambda side: side.save(3, 2, "7", "A")),
    ("a hand edit of another round (a result turned round)",
     lambda side: edit(results(side.content) / "round-1.yaml", table_line(side.content, 1, 2)[1],
                       table_line(side.content, 1, 2)[1].replace("A", "X").replace("7", "A").replace("X", "7"))),
    ("a hand edit leaving a YAML error",
     lambda side: edit(results(side.content) / "round-2.yaml", table_line(side.content, 2, 3)[0] + "\n",
                       table_line(side.content, 2, 3)[0].rstrip("]") + "\n")),
    ("the error mended, a result changed with it", lambda side: _mend(side.content)),
    ("a save after the mending", lambda side: side.save(3, 3)),
    ("a round deleted", lambda side: (results(side.content) / "round-3.yaml").unlink()),
    ("the round drawn again by `paibang pair`", lambda side: pair(side.content)),
    ("a save in the round drawn again", lambda side: side.save(3, 4)),
    ("a withdrawal written into entries.yaml",
     lambda side: edit(side.content / "events" / SLUG / "entries.yaml", "- {id: T05,", "- {id: T05, withdrawn: 3,")),
    ("site.yaml's words changed", lambda side: edit(side.content / "site.yaml", "locale: zh-Hans", "locale: en")),
    ("event.yaml's title changed", lambda side: edit(side.content / "events" / SLUG / "event.yaml",
                                                     "title: \u63bc\u86cb\u8d5b", "title: Guandan open")),
    ("a save after them", lambda side: side.save(3, 5)),
]


def _mend(content: Path) -> None:
    """Round 2's open bracket closed, and the table's levels turned round with it."""
    path = results(content) / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    found = re.search(r"(    teams: \[\w+, \w+)\n(    levels: [^\n]*)\n", text)
    assert found is not None
    levels = found[2].replace("A", "X").replace("7", "A").replace("X", "7")
    path.write_text(text.replace(found[0], f"{found[1]}]\n{levels}\n"), encoding="utf-8")


def test_the_desks_reading_after_saves_and_hand_edits_is_a_whole_readings(tmp_path: Path, minting: Minting) -> None:
    kept, whole = two_desks(tmp_path, minting)
    assert kept.state() == whole.state()
    seen: set[str] = set()
    for name, step in STEPS:
        for side in (kept, whole):
            step(side)
            side.read()
        found, expected = kept.state(), whole.state()
        assert found == expected, name
        seen.add("errors" if any(not p[1] for p in found["problems"]) else "clean")
        seen.add(f"locale {found['locale']}")
    # (the steps did what they say: an error said and mended, the desk's words followed site.yaml)
    assert seen == {"errors", "clean", "locale zh-Hans", "locale en"}


def test_a_file_changed_and_changed_back_while_it_was_read_is_read_again(tmp_path: Path, minting: Minting,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A results file is taken again by the digest of its bytes, taken before it was parsed: one
    changed while it was read (after its digest, before its parsing) and changed back since was
    parsed as the other text and kept under the digest of the text it has again. The reading
    saw the file's state change while it read: it forgets that file's reading."""
    from generator.content import load

    kept, whole = two_desks(tmp_path, minting)
    path = results(kept.content) / "round-1.yaml"
    before = path.read_text(encoding="utf-8")
    # a hand edit (table 4's result turned round), and another (table 5's too) made while the
    # file is read for it, after its digest was taken, and undone once it was parsed
    now = turned(before, *table_line(kept.content, 1, 4))
    meanwhile = turned(now, *table_line(kept.content, 1, 5))
    parse = load._read_round_of

    def changed_while_read(read: Path, event: Any, problems: Any) -> Any:
        if read != path:
            return parse(read, event, problems)
        path.write_text(meanwhile, encoding="utf-8")
        try:
            return parse(read, event, problems)
        finally:
            path.write_text(now, encoding="utf-8")  # (the bytes whose digest was taken)

    path.write_text(now, encoding="utf-8")
    with monkeypatch.context() as patched:
        patched.setattr(load, "_read_round_of", changed_while_read)
        kept.read()
    (results(whole.content) / "round-1.yaml").write_text(now, encoding="utf-8")
    # the next reading (the watcher saw the edit undone): the file as it is
    kept.read()
    whole.read()
    assert kept.state() == whole.state()


def turned(text: str, teams: str, levels: str) -> str:
    """The table of these lines with its result turned round."""
    return text.replace(f"{teams}\n{levels}\n",
                        f"{teams}\n{levels.replace('A', 'X').replace('7', 'A').replace('X', '7')}\n")


@pytest.mark.parametrize("wrong", ["results by nothing", "event.yaml by nothing", "scores always"])
def test_a_reading_kept_wrongly_is_told_from_a_whole_one(tmp_path: Path, minting: Minting,
                                                         monkeypatch: pytest.MonkeyPatch, wrong: str) -> None:
    """The comparison above can fail: with a results file taken again whatever its bytes, the
    files event.yaml names taken again whatever they hold, or every table's score taken again,
    the desk's state after the steps is not a whole reading's."""
    from generator.content import load
    from generator.desk import app
    from generator.tournament import event

    if wrong == "results by nothing":
        monkeypatch.setattr(load, "_digest", lambda path: b"")
    elif wrong == "event.yaml by nothing":
        monkeypatch.setattr(app, "kept_rests_on", lambda site, kept: (site.root,))
    else:
        real = event.ScoredTables.get
        monkeypatch.setattr(event.ScoredTables, "get", lambda self, table, stage, number: real(self, table, stage, number)
                            or next((found[3] for found in self.scores.values()
                                     if found[2] == number and found[0].number == table.number), None))
    kept, whole = two_desks(tmp_path, minting)
    differed = []
    for name, step in STEPS:
        for side in (kept, whole):
            step(side)
            side.read()
        if kept.state() != whole.state():
            differed.append(name)
    assert differed


def scored(desk: Any) -> list[tuple]:
    """Each table's score as the desk's reading has it, and the round's tables still waiting."""
    return [(stage.stage.id, round_.number, sorted(round_.pending),
             [(s.table.number, s.winner, repr(s.sides), repr(s.extra)) for s in round_.tables])
            for stage in desk.result.stages for round_ in getattr(stage, "rounds", [])]


def test_a_team_match_numbered_after_the_rounds_before_is_scored_again_when_they_change(tmp_path: Path) -> None:
    """80分 teams, no `boards:`: round 2's match on 13-20 after a round 1 on 1-12 waits for
    21-24. Round 1 mended to 1-16 by hand: 13-20 is round 2's whole match. The table's score was
    taken as the last reading had it (its file unchanged), still waiting for 21-24 (rev80)."""
    from generator.desk.app import Desk
    from tests.test_desk_board_blocks import stage_of
    from tests.test_desk_records import SLUG as EVENT

    root = stage_of(tmp_path, "shengji", "H", "{open: 85, closed: 40}", [(range(1, 13), range(1, 13)),
                                                                         (range(13, 21), range(13, 21))])
    desk = Desk(root, EVENT, None, None, build=False)
    assert "boards_to_come" in scored(desk)[1][3][0][3]
    whole = stage_of(tmp_path / "whole", "shengji", "H", "{open: 85, closed: 40}",
                     [(range(1, 17), range(1, 17)), (range(13, 21), range(13, 21))])
    first = root / "events" / EVENT / "results" / "round-1.yaml"
    first.write_text((whole / "events" / EVENT / "results" / "round-1.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    desk.load()
    assert scored(desk) == scored(Desk(root, EVENT, None, None, build=False))
    assert "boards_to_come" not in scored(desk)[1][3][0][3]


def test_a_knockout_winner_no_longer_standing_is_not_kept(tmp_path: Path) -> None:
    """80分 knockout, 2 boards a match: the final H04 v H03, tied, written `winner: H04`. Round 1's
    table 2 mended by hand into a tie settled for H02: the final's players are no longer those
    the file names (an error either way), and its winner H04 was shown still: knockout scores are
    completed in place from the rounds before, and the score was taken again as it stood (rev80)."""
    from generator.desk.app import Desk
    from tests.test_desk_records import SLUG as EVENT
    from tests.test_desk_records import make

    won, lost = "{open: 85, closed: 40}", "{open: 0, closed: 120}"

    def tables(pairs: list[tuple[str, str, bool]], extra: str = "") -> str:
        return "".join(f"  - table: {i}\n    home: {h}\n    away: {a}\n{extra}    boards:\n"
                       + "".join(f"      {n}: {(won if k == 0 else lost) if wins else won}\n" for k, n in enumerate((1, 2)))
                       for i, (h, a, wins) in enumerate(pairs, 1))

    root = make(tmp_path, "format: knockout\nseeding: [H01, H02, H03, H04]\nboards: 2\n",
                tables([("H01", "H04", True), ("H02", "H03", True)]), game="shengji", prefix="H", players=4)
    folder = root / "events" / EVENT / "results"
    desk = Desk(root, EVENT, None, None, build=False)
    first = [s.winner for s in desk.result.stages[0].rounds[0].tables]
    (folder / "round-2.yaml").write_text("stage: main\nround: 2\ntables:\n"
                                         + tables([(first[0], first[1], False)], f"    winner: {first[0]}\n"), encoding="utf-8")
    desk.load()
    (folder / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n" + tables([("H01", "H04", True), ("H02", "H03", False)]).replace(
            "    away: H03\n", "    away: H03\n    winner: H02\n"), encoding="utf-8")
    desk.load()
    assert scored(desk) == scored(Desk(root, EVENT, None, None, build=False))
