"""The error catalogue: every code has its three languages, the same parameters in each, and a
trigger — a small edit of a demo event, or a direct call — that proves the code is raised.

A code with no trigger is either new (add its trigger to TRIGGERS) or dead (remove it from
messages.py).
"""

from __future__ import annotations

import io
import os
import re
import shutil
import zipfile
import string
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import generator.commands.pair  # noqa: F401  every command, so that every module is loaded
import generator.commands.registrations as registrations
import generator.tournament.pairing as pairing
from generator.build import build, validate
from generator.cli import main
from generator.commands.registrations import import_registrations
from generator.errors import ContentErrors
from generator.games import GAMES
from generator.messages import LOCALES
from tests.support import demo_content, mitchell_event, replace, swiss_to_knockout

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "content"
EVENTS = {"bridge": "dongke-bridge-2015", "guandan": "tumu-guandan-2020", "daguai": "chem-park-daguai-2016",
          "shengji": "hefei-80fen-teams-2012", "shengji-pairs": "hefei-80fen-pairs-2012",
          "bridge-pairs": "qiaoyou-club-pairs-2024", "bridge-teams": "gaoxiao-bridge-teams-2024",
          "guandan-ko": "tongxin-guandan-2025"}
CATALOGUE = GAMES.catalogue()  # messages.py's codes and each game's (Game.messages)
WORDS = {"_error", "_warning"}  # the words "error" and "warning", not codes: no hint to give
CODES = sorted(set(CATALOGUE) - WORDS)


# --- texts --------------------------------------------------------------------------------


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_every_code_speaks_three_languages_with_the_same_parameters(code: str) -> None:
    entry = CATALOGUE[code]
    assert set(entry) == set(LOCALES)
    for locale in LOCALES:
        message, hint = entry[locale]
        assert message.strip(), locale
        assert hint.strip() or code in WORDS, f"{code} has no hint in {locale}"
    for part in (0, 1):
        assert len({frozenset(fields(entry[locale][part])) for locale in LOCALES}) == 1, (code, part)


def test_codes_are_stable_kebab_case() -> None:
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", code) for code in CODES)


CALL = re.compile(r"""(?:problems\.add|Refusal|RecordError|_Refused)\(\s*["']([a-z0-9-]+)["']""")


def test_every_code_the_source_raises_is_in_the_catalogue() -> None:
    """Every module the commands load (a module nothing imports yet cannot raise anything)."""
    modules = [m for name, m in sys.modules.items() if name.startswith("generator.") and getattr(m, "__file__", None)]
    raised = {code for m in modules for code in CALL.findall(Path(m.__file__).read_text(encoding="utf-8"))}
    assert len(raised) > 60
    assert sorted(raised - set(CATALOGUE)) == []


def test_the_desks_own_texts_are_of_codes_there_are_in_every_language() -> None:
    """A problem as the desk's form says it (msgctxt "desk", "desk-hint"): of a code the
    catalogue has, given in all three languages or none, with the same parameters in each."""
    from generator import catalogues

    found = 0
    for folder in (catalogues.SHARED, *(game.folder for game in GAMES.values())):
        for code, entry in catalogues.desk_messages(folder).items():
            assert code in CATALOGUE and set(entry) == set(LOCALES), code
            for part in (0, 1):
                assert len({bool(entry[locale][part]) for locale in LOCALES}) == 1, (code, part)
                assert len({frozenset(fields(entry[locale][part])) for locale in LOCALES}) == 1, (code, part)
            found += 1
    assert found >= 10


# --- triggers -------------------------------------------------------------------------------

Trigger = Callable[[Path, pytest.MonkeyPatch], set[str]]


def demo_tree(tmp: Path, game: str) -> Path:
    """content/ with the site and the game's demo event; returns the event folder."""
    root = tmp / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(DEMO / "site.yaml", root / "site.yaml")
    shutil.copytree(DEMO / "events" / EVENTS[game], root / "events" / EVENTS[game])
    return root / "events" / EVENTS[game]


def raised(root: Path) -> set[str]:
    """Every code validate() reports, errors and warnings."""
    try:
        _, _, warnings = validate(root)
    except ContentErrors as failure:
        return {p.code for p in failure.problems}
    return {p.code for p in warnings}


def _bye_with_forfeit(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """80 Points' round 1 table 1 made T01's bye (its boards and T08 taken out), with its forfeit."""
    event = demo_tree(tmp, S)
    path = event / R1
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"    home: T01\n    away: T08\n    boards:\n(?:      .*\n)+", "    home: T01\n    forfeit: T01\n",
                           text, count=1), encoding="utf-8")
    return raised(event.parents[1])


def _mitchell_of_five(tmp: Path, rounds: int, withdrawn: str = "") -> tuple[Path, Path]:
    """A bridge Mitchell of five pairs A01-A05 (content/, its event folder), `withdrawn` the
    entry withdrawn from round 2."""
    content = tmp / "content"
    folder = content / "events" / "ev"
    (folder / "results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: en\n", encoding="utf-8")
    (folder / "event.yaml").write_text(
        "title: t\ngame: bridge\ndate: 2024-05-01\nentries:\n"
        + "".join(f"  - {{id: A0{i}, {'withdrawn: 2, ' if f'A0{i}' == withdrawn else ''}players: [a{i}, b{i}]}}\n"
                  for i in range(1, 6))
        + "stages:\n  - {id: m, format: pairs, movement: mitchell, field: directions, scoring: matchpoints, "
        f"rounds: {rounds}, boards: 2}}\n", encoding="utf-8")
    return content, folder


def _sit_out_with_forfeit(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A bridge Mitchell of five pairs: A05's sit-out (table 3, as `paibang pair` writes it) with its forfeit."""
    content, folder = _mitchell_of_five(tmp, 2)
    (folder / "results/round-1.yaml").write_text(
        "stage: m\nround: 1\ntables:\n  - {table: 1, ns: A01, ew: A03}\n  - {table: 2, ns: A02, ew: A04}\n"
        "  - {table: 3, ns: A05, forfeit: A05}\n", encoding="utf-8")
    return raised(content)


def _withdrawn_sit_out_later(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A bridge Mitchell of five pairs drawn ahead (`pair --all`), A03 then withdrawn from round
    2: its sit-out line in round 3 is still there."""
    content, folder = _mitchell_of_five(tmp, 3, withdrawn="A03")
    for number, seats in ((1, "A01 A03 A02 A04 A05"), (2, "A01 A05 A02 A03 A04"), (3, "A01 A04 A02 A05 A03")):
        a, b, c, d, alone = seats.split()
        (folder / f"results/round-{number}.yaml").write_text(
            f"stage: m\nround: {number}\ntables:\n  - {{table: 1, ns: {a}, ew: {b}}}\n  - {{table: 2, ns: {c}, ew: {d}}}\n"
            f"  - {{table: 3, ns: {alone}}}\n", encoding="utf-8")
    return raised(content)


def edit(game: str, *edits: tuple[str, str, str]) -> Trigger:
    """Edits (file in the event folder, old text, new text) of the game's demo event."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        event = demo_tree(tmp, game)
        for name, old, new in edits:
            replace(event / name, old, new)
        return raised(event.parents[1])
    return trigger


def renumbered_each_round(game: str) -> Trigger:
    """The game's demo teams event with every round's boards numbered 1..8 (they go on through)."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        event = demo_tree(tmp, game)
        for path in (event / "results").glob("round-*.yaml"):
            offset = 8 * (int(path.stem.split("-")[1]) - 1)
            text = re.sub(r"(?m)^(      )(\d+):", lambda m: f"{m[1]}{int(m[2]) - offset}:", path.read_text(encoding="utf-8"))
            path.write_text(text, encoding="utf-8")
        return raised(event.parents[1])
    return trigger


def write(game: str, name: str, data: str | bytes) -> Trigger:
    """A file written into the game's demo event (text or bytes)."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        event = demo_tree(tmp, game)
        path = event / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        return raised(event.parents[1])
    return trigger


def linked(tmp: Path, game: str, name: str, target: str) -> set[str]:
    """A file of the game's demo event replaced by a link to another of its files."""
    event = demo_tree(tmp, game)
    (event / name).unlink(missing_ok=True)
    (event / name).symlink_to(target)
    return raised(event.parents[1])


B, G, D, S, SP = "bridge", "guandan", "daguai", "shengji", "shengji-pairs"
BP, BT = "bridge-pairs", "bridge-teams"
BT1 = "      1: {open: 1NT S =, closed: 1S S -1}\n"
EV, PRELIM, FINAL = "event.yaml", "results/prelim.yaml", "results/final.yaml"
R1, R2 = "results/round-1.yaml", "results/round-2.yaml"
T3 = "  - table: 3\n    teams: [T47, T48]\n    levels: {T47: K, T48: 8}\n"
DG1 = "      1: {open: D07 5, closed: D02 3}\n"
SJ1 = "1: {open: 85, closed: 130}"
SJ_RANK = "    rank_by: [match_points, net]\n"
GD_ATTEMPTS = "    a_attempts: 3              # A三牌不过返回2\n"


def swiss_round_ahead(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The demo Guandan Swiss with round 2 drawn and no result in it, round 3's file there."""
    event = demo_tree(tmp, G)
    path = event / R2
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not re.match(r"\s+(levels|deals|forfeit|winner|referee):", line)]
    path.write_text("".join(kept), encoding="utf-8")
    return raised(event.parents[1])


def robin_cut_short(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The demo 80分 round robin of 8 teams (7 rounds) declared and played as 4 rounds."""
    event = demo_tree(tmp, S)
    replace(event / EV, "    rounds: 7\n", "    rounds: 4\n")
    for number in (5, 6, 7):
        (event / f"results/round-{number}.yaml").unlink()
    return raised(event.parents[1])


def match_length_unsaid(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The demo bridge teams' 3 matches of 8 boards a round, its stage saying no `boards`, the
    game's match lowered to 4 boards and a round's page to 16 boards' rows: laid out for 4 boards
    a match (4 matches a page), its 3 matches of 8 show 24 rows on one page."""
    import generator.page_sizes as page_sizes

    event = demo_tree(tmp, "bridge-teams")
    text = (event / EV).read_text(encoding="utf-8")
    (event / EV).write_text(re.sub(r"(?m)^    boards: 8 .*\n", "", text), encoding="utf-8")
    monkeypatch.setattr(GAMES["bridge"], "default_boards", 4)
    monkeypatch.setattr(page_sizes, "PAGE_BOARDS", 16)
    return raised(event.parents[1])


def knockout_decided(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """`paibang pair` of a final that is a walkover: round 1 of the knockout drawn T01 v T04 and
    T02 v T05, T01 and T04 both withdrawn from it (their match void), T02 v T05 played."""
    root = swiss_to_knockout(tmp)
    main(["pair", "cup", "ko", "--content", str(root)])
    event = root / "events/cup/event.yaml"
    text = event.read_text(encoding="utf-8")
    for team in ("T01", "T04"):
        text = text.replace(f"{{id: {team},", f"{{id: {team}, withdrawn: {{stage: ko, round: 1}},")
    event.write_text(text, encoding="utf-8")
    replace(root / "events/cup/results/round-1.yaml", "teams: [T02, T05]\n", "teams: [T02, T05]\n    levels: {T02: K, T05: 5}\n")
    made = refusals(monkeypatch)
    main(["pair", "cup", "ko", "--content", str(root)])
    return made


def notice_outside(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    event = demo_tree(tmp, B)
    secret = tmp / "secret.md"
    secret.write_text("# not content\n", encoding="utf-8")
    (event / "notice.md").unlink()
    (event / "notice.md").symlink_to(secret)
    return raised(event.parents[1])


def results_pipe(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A results file that is a named pipe (content/files.py's regular): said, never waited on."""
    event = demo_tree(tmp, B)
    os.mkfifo(event / "results" / "extra.yaml")
    return raised(event.parents[1])


def desk_audit_link(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """`check` (and the desk's start) on a desk audit log planted as a link (desk/store.py)."""
    from generator.desk.store import desk_file_problems

    event = demo_tree(tmp, B)
    (event / "desk-audit.jsonl").symlink_to(tmp / "bashrc")
    return {p.code for p in desk_file_problems(event.parents[1])}


def desk_no_key(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The desk's start with no place to keep the user's key (a file where its folder would be)."""
    from generator import seals
    from generator.desk.store import NoKeptKey, Tokens

    event = demo_tree(tmp, B)
    (tmp / "blocked").write_text("", encoding="utf-8")
    try:
        with monkeypatch.context() as patched:
            patched.setenv("XDG_CONFIG_HOME", str(tmp / "blocked"))
            seals.secret.cache_clear()
            Tokens(event.parents[1], EVENTS[B])
    except NoKeptKey as refused:
        return {refused.problem().code}
    finally:
        seals.secret.cache_clear()  # (the user's key again for what follows)
    return set()


def desk_event_busy(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A second desk on one event, in another process than the first: refused (store._hold_event;
    tests/test_desk_start.py starts it through the command)."""
    import subprocess

    from generator.desk import store

    event = demo_tree(tmp, B)
    holder = subprocess.Popen([sys.executable, "-c", "import sys; from pathlib import Path; "
                               "from generator.desk.store import Tokens; Tokens(Path(sys.argv[1]), sys.argv[2]); "
                               "print('held', flush=True); sys.stdin.readline()", str(event.parents[1]), EVENTS[B]],
                              cwd=Path(__file__).resolve().parents[1], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        store.Tokens(event.parents[1], EVENTS[B])
    except store.DeskBusy as refused:
        return {refused.problem(EVENTS[B]).code}
    finally:
        holder.communicate("\n", timeout=60)
    return set()


def desk_tokens_unwritable(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The desk's start with a tokens file the system will not let it write (a read-only disk):
    refused (tests/test_desk_start.py starts it through the command)."""
    import errno

    from generator.desk import store
    from generator.desk.app import tokens_unwritable

    event = demo_tree(tmp, B)

    def refused(self: store.Tokens) -> None:
        raise OSError(errno.EROFS, "read-only file system")

    with monkeypatch.context() as patched:
        patched.setattr(store.Tokens, "_save", refused)
        try:
            store.Tokens(event.parents[1], EVENTS[B])
        except store.TokensUnwritable as error:
            return {tokens_unwritable(error).code}
    return set()


def desk_tokens_unwritable_set_aside(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The same with a tokens file there to be set aside, unsealed (tests/test_desk.py starts the
    desk through the command): refused, the file left where it was."""
    import errno

    from generator.desk import store
    from generator.desk.app import tokens_unwritable

    event = demo_tree(tmp, B)
    path = store.tokens_path(event.parents[1], EVENTS[B])
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.write_text('{"admin": "x"}', encoding="utf-8")
    os.chmod(path, 0o600)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "no space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(store, "write_durably", full)
        try:
            store.Tokens(event.parents[1], EVENTS[B])
        except store.TokensUnwritable as error:
            return {tokens_unwritable(error).code}
    return set()


def desk_write_refused(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A save the system refuses to write (a full disk): the desk's writer holds it under this
    code (tests/test_desk_write_refused.py saves through the running desk)."""
    import errno
    import os

    from generator.desk.app import write_failed

    event = demo_tree(tmp, B)
    return {write_failed(event / "desk-audit.jsonl", OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))).code}


def desk_read_refused(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A round's file the system will not let be read (no permission: as root, chmod would not
    refuse), as the desk's writer says it (tests/test_desk_write_refused.py saves through the desk)."""
    import errno
    import os

    from generator.desk.app import unwritable

    event = demo_tree(tmp, B)
    return {unwritable(event / "results" / "round-1.yaml", PermissionError(errno.EACCES, os.strerror(errno.EACCES))).code}


def desk_not_a_round(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A round's file emptied or made a list by hand: YAML, but no tables for the desk to write
    into (tests/test_desk_broken.py saves through the desk)."""
    from generator.desk.app import NotARound, unwritable

    path = demo_tree(tmp, B) / "results" / "round-1.yaml"
    return {unwritable(path, NotARound(path)).code}


def desk_results_hard_linked(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A save into a round's file with a second name in content/ (a hard link), held by the desk's
    writer (tests/test_desk_hard_link.py saves through the running desk)."""
    import os

    from generator.desk.app import hard_linked, other_name

    content = tmp / "content"
    path = next((demo_tree(tmp, B) / "results").glob("*.yaml"))
    os.link(path, path.with_name("shared-copy.yaml"))  # (a name the loader reads: a .bak it does not, no hold)
    other = other_name(content.resolve(), path.resolve())
    return {hard_linked(path, other, content.resolve()).code} if other is not None else set()


def desk_results_pair_leftover(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The same, the second name a temporary file `paibang pair` linked into place and was stopped
    before it removed (seals._put_new)."""
    import os

    from generator.desk.app import hard_linked, other_name

    content = tmp / "content"
    path = next((demo_tree(tmp, B) / "results").glob("*.yaml"))
    os.link(path, path.with_name(f"{path.name}.tmp-4242-140000"))
    other = other_name(content.resolve(), path.resolve())
    return {hard_linked(path, other, content.resolve()).code} if other is not None else set()


def desk_not_read_back(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A save whose whole round trip reads otherwise than the file away from the saved table
    (tests/test_desk_splice.py saves through the desk's writer)."""
    from generator.desk.app import not_read_back

    return {not_read_back(demo_tree(tmp, B) / "results" / "round-1.yaml").code}


def desk_forfeit_not_withdrawn(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The secretary's form for a withdrawn team's table (its forfeit only) sent the forfeit of
    the team that stayed (tests/test_withdrawal.py saves through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk
    from tests.support import new_event, withdraw

    folder = new_event(tmp, "mini", "title: x\ngame: guandan\ndate: 2026-01-10\n", "T", 4,
                       "  - id: main\n    format: swiss\n    rounds: 2\n")
    withdraw(folder, "T4", 2)
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T1, T2], levels: {T1: A, T2: 5}}\n"
        "  - {table: 2, teams: [T3, T4], levels: {T3: A, T4: 5}}\n", encoding="utf-8")
    path = folder / "results" / "round-2.yaml"
    path.write_text("stage: main\nround: 2\ntables:\n  - {table: 1, teams: [T1, T3]}\n"
                    "  - {table: 2, teams: [T2, T4]}\n", encoding="utf-8")
    spot = Desk(folder.parents[1], "mini", None, None, build=False).spot("main", 2, 2, withdrawn=True)
    return {p.code for p in forms.check(spot, path.read_text(encoding="utf-8"), {"forfeit": "T2"}).problems}


def desk_link_redrawn(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Table 1's link of round 3 once T02 and T07 (of tables 1 and 2) were swapped by hand: another
    match at table 1 (store.Tokens.ensure; tests/test_desk_redrawn.py opens the old link through the desk)."""
    from generator.desk.app import Desk, redrawn_problem

    folder = demo_tree(tmp, "guandan")
    desk = Desk(folder.parents[1], EVENTS["guandan"], None, None, build=False)
    token = desk.tokens.table("main/3/1")
    path = folder / "results" / "round-3.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("T02", "@").replace("T07", "T02").replace("@", "T07"),
                    encoding="utf-8")
    desk.load()
    assert desk.tokens.table("main/3/1") != token
    problem = redrawn_problem(desk, ("main", 3, 1), token)
    return {problem.code} if problem else set()


def desk_link_renewed(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Table 1's link of round 3 once the secretary gave the table a new one (store.Tokens.renew_table;
    tests/test_desk_links_after.py renews it through the desk)."""
    from generator.desk.app import Desk, redrawn_problem

    folder = demo_tree(tmp, "guandan")
    desk = Desk(folder.parents[1], EVENTS["guandan"], None, None, build=False)
    token = desk.tokens.table("main/3/1")
    assert desk.tokens.renew_table("main/3/1") not in (None, token)
    problem = redrawn_problem(desk, ("main", 3, 1), token)
    return {problem.code} if problem else set()


def _semi_final_corrected(tmp: Path, settings: str, final: str) -> set[str]:
    """The secretary's correction of a semi-final (D04 now through) once round 2 was drawn with
    `final` at its table 1 (tests/test_desk_records.py saves through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk, drawn_after

    won = "{1: {open: D01 8, closed: D01 5}}"
    home, away = final.split()
    root = knockout_tree(tmp, 4, KO + settings, {"round-1": ko_round(1, ko_table(1, "D01", "D04", won),
                                                                     ko_table(2, "D02", "D03", won.replace("D01", "D02"))),
                                                 "round-2": ko_round(2, ko_table(1, home, away))})
    desk = Desk(root, "ko", None, None, build=False)
    spot = desk.spot("ko", 1, 1)
    check = forms.check(spot, spot.path.read_text(encoding="utf-8"), {"boards": {1: {"open": "D04 8", "closed": "D04 5"}}})
    return {p.code for p in drawn_after(desk.result, spot, check)}


def desk_knockout_drawn_after(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The final drawn D01 v D02 before the correction."""
    return _semi_final_corrected(tmp, "", "D01 D02")


def desk_knockout_drawn_after_third(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """With a third-place match, round 2 holding the play-off alone, drawn D04 v D03: D01 would
    go to it in D04's place."""
    return _semi_final_corrected(tmp, "    third_place: true\n", "D04 D03")


def desk_invisible_char(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A table's form sent with a zero-width space pasted into a deal's field (desk/forms.py)."""
    from generator.desk import forms
    from generator.desk.app import Desk
    from tests.support import new_event

    folder = new_event(tmp, "mini", "title: x\ngame: guandan\ndate: 2026-01-10\n", "T", 4,
                       "  - id: main\n    format: swiss\n    rounds: 2\n")
    path = folder / "results" / "round-1.yaml"
    path.write_text("stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T1, T2]}\n"
                    "  - {table: 2, teams: [T3, T4]}\n", encoding="utf-8")
    spot = Desk(folder.parents[1], "mini", None, None, build=False).spot("main", 1, 1)
    record = {"levels": {"T1": "A", "T2": "5"}, "winner": "T1\u200b"}
    return {p.code for p in forms.check(spot, path.read_text(encoding="utf-8"), record).problems}


def desk_board_line(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A bridge pairs table written by hand with no boards: its boards-played box with a line
    that is no board's number and result (desk/forms.py)."""
    from generator.desk import forms
    from generator.desk.app import Desk
    from generator.games import EntryField

    content = demo_content(tmp, "qiaoyou-club-pairs-2024")
    path = content / "events" / "qiaoyou-club-pairs-2024" / "results" / "round-1.yaml"
    path.write_text(re.sub(r"(ew: P11\n)    boards:\n(?:      .*\n)+", r"\1", path.read_text(encoding="utf-8")),
                    encoding="utf-8")
    spot = Desk(content, "qiaoyou-club-pairs-2024", None, None, build=False).spot("pairs", 1, 1)
    return {p.code for p in forms.board_line_problems(spot, [EntryField(forms.BOARDS_PLAYED, "", "4S N =")])}


def desk_board_numbers(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A bridge teams match's board-numbers box (a match whose boards nothing says) with a range
    backwards (desk/forms.py)."""
    from generator.desk import forms
    from generator.desk.app import Desk
    from generator.games import EntryField

    content = demo_content(tmp, "gaoxiao-bridge-teams-2024")
    spot = Desk(content, "gaoxiao-bridge-teams-2024", None, None, build=False).spot("teams", 1, 1)
    return {p.code for p in forms.board_number_problems(spot, [EntryField(forms.BOARD_NUMBERS, "", "20-13")])}


def desk_board_places(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The same table's boards-played box with four boards in a round of 3, board 99 of 30, and
    board 4, which P01 plays in round 2 (tests/test_desk_bridge.py saves through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk
    from generator.games import EntryField

    content = demo_content(tmp, "qiaoyou-club-pairs-2024")
    path = content / "events" / "qiaoyou-club-pairs-2024" / "results" / "round-1.yaml"
    path.write_text(re.sub(r"(ew: P11\n)    boards:\n(?:      .*\n)+", r"\1", path.read_text(encoding="utf-8")),
                    encoding="utf-8")
    spot = Desk(content, "qiaoyou-club-pairs-2024", None, None, build=False).spot("pairs", 1, 1)
    typed = "99: 4S N =\n4: 3NT W -1\n2: 2H S =\n3: 2H S =\n"
    return {p.code for p in forms.board_line_problems(spot, [EntryField(forms.BOARDS_PLAYED, "", typed)])}


def directors_score_at_table(tmp: Path, typed: str) -> set[str]:
    """A table's phone typed `typed` into a bridge board's box, a score the director awards
    (tests/test_desk_bridge.py saves through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = "qiaoyou-club-pairs-2024"
    desk = Desk(demo_content(tmp, slug), slug, None, None, build=False)
    spot = desk.spot("pairs", 1, 1)
    fields = forms.fields_for(spot, spot.path.read_text(encoding="utf-8"))
    forms.typed_into(fields, {"b1": typed})
    return {p.code for p in forms.directors_only(spot, fields)}


def desk_forfeit_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A table's link sent a forfeit, which the secretary's form alone offers
    (tests/test_desk_forfeit.py posts it to the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = "chem-park-daguai-2016"
    spot = Desk(demo_content(tmp, slug), slug, None, None, build=False).spot("swiss", 7, 1)
    return {p.code for p in forms.forfeit_at_table(spot, {"forfeit": "D01", "b1_open": ""})}


def desk_part_without_result(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """An 80\u5206 pairs board's note typed with its result box emptied, on the secretary's form
    (tests/test_desk_shengji_pairs.py saves it through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = "hefei-80fen-pairs-2012"
    desk = Desk(demo_content(tmp, slug), slug, None, None, build=False)
    spot = desk.spot("pairs", 1, 1)
    fields = forms.fields_for(spot, spot.path.read_text(encoding="utf-8"))
    board = next(item.board for item in fields if item.board and not item.part)
    forms.typed_into(fields, {f"b{board}": "", f"b{board}_note": "\u91cd\u65b0\u53d1\u724c"}, secretary=True)
    return {p.code for p in forms.parts_without_result(spot, fields, desk.t)}


def desk_room_part_without_result(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """An 80\u5206 team board's open-room note (written inside the open room's result) kept with
    the open room's box emptied, on the secretary's form (tests/test_desk_form_words.py saves it
    through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = "hefei-80fen-teams-2012"
    content = demo_content(tmp, slug)
    path = content / "events" / slug / "results" / "round-1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "      1: {open: 85, closed: 130}\n", "      1: {open: {points: 85, note: \u91cd\u65b0\u53d1\u724c}, closed: 130}\n"),
        encoding="utf-8")
    desk = Desk(content, slug, None, None, build=False)
    [stage] = [s.id for s in desk.event.stages if desk.spot(s.id, 1, 1)]
    spot = desk.spot(stage, 1, 1)
    fields = forms.fields_for(spot, spot.path.read_text(encoding="utf-8"))
    forms.typed_into(fields, {"b1_open": ""}, secretary=True)
    return {p.code for p in forms.parts_without_result(spot, fields, desk.t)}


def daguai_knockout_spot(tmp: Path):
    """Table 1 of round 1 of a 大怪路子 knockout, whose tie the referee settles (`winner:`)."""
    from generator.desk.app import Desk
    from tests.test_desk_records import DAGUAI_TABLES, KO, SLUG, make

    root = make(tmp, KO.replace("T0", "D0") + "boards: 1\n", DAGUAI_TABLES, game="daguai", prefix="D")
    return Desk(root, SLUG, None, None, build=False).spot("main", 1, 1)


def desk_winner_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A table's link sent the referee's winner of a tie (tests/test_desk_records.py posts it)."""
    from generator.desk import forms

    return {p.code for p in forms.winner_sent_from_table(daguai_knockout_spot(tmp), {"winner": "D04"})}


def desk_tie_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A table's phone checked a tied match (8 : 8), which the referee settles."""
    from generator.desk import forms

    spot = daguai_knockout_spot(tmp)
    text = spot.path.read_text(encoding="utf-8")
    result = forms.check(spot, text, {"boards": {1: {"open": "D01 8", "closed": "D04 8"}}})
    return {p.code for p in forms.tie_at_table(spot, result).problems}


def desk_adjusted_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """An adjusted score (Law 12C2)."""
    return directors_score_at_table(tmp, "A+/A-")


def desk_weighted_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A weighted score (Law 12C1(c))."""
    return directors_score_at_table(tmp, "50% 4S N =, 50% 4S N -1")


def desk_shengji_adjusted_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """An 80\u5206 pairs table's phone typed an adjusted score, the referee's (\u7b2c\u4e03\u6761; tests/
    test_desk_shengji_pairs.py saves through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = "hefei-80fen-pairs-2012"
    spot = Desk(demo_content(tmp, slug), slug, None, None, build=False).spot("pairs", 1, 1)
    fields = forms.fields_for(spot, spot.path.read_text(encoding="utf-8"), keep_directors=True)
    first = next(item for item in fields if item.board)
    forms.typed_into(fields, {first.name: "100%/0%"})
    return {p.code for p in forms.directors_only(spot, fields)}


def desk_shengji_penalty_at_table(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """An 80\u5206 pairs table's phone typed a penalty into a board's box, the referee's
    (\u7b2c\u516d\u6761; tests/test_desk_shengji_pairs.py saves through the desk)."""
    from generator.desk import forms
    from generator.desk.app import Desk

    slug = "hefei-80fen-pairs-2012"
    spot = Desk(demo_content(tmp, slug), slug, None, None, build=False).spot("pairs", 1, 1)
    fields = forms.fields_for(spot, spot.path.read_text(encoding="utf-8"), keep_directors=True)
    first = next(item for item in fields if item.board)
    forms.typed_into(fields, {first.name: "{points: 85, penalty: {against: NS, points: 20}}"})
    return {p.code for p in forms.directors_only(spot, fields)}


def notice_of_another_folder(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    event = demo_tree(tmp, B)
    (event.parents[1] / "rules.md").write_text("# 规程\n", encoding="utf-8")
    replace(event / EV, "notice: notice.md", "notice: ../../rules.md")
    return raised(event.parents[1])


def gbk_named(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A results file named in GBK, as a zip made on a Chinese Windows names it."""
    event = demo_tree(tmp, B)
    final = (event / FINAL).read_bytes()
    (event / FINAL).unlink()
    with open(bytes(event / "results") + b"/" + "决赛.yaml".encode("gbk"), "wb") as handle:
        handle.write(final)
    return raised(event.parents[1])


def renamed(slug: str) -> Trigger:
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        event = demo_tree(tmp, G)
        event.rename(event.parent / slug)
        return raised(event.parents[1])
    return trigger


def empty_event_folder(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    event = demo_tree(tmp, G)
    (event.parent / "no-event-here").mkdir()
    return raised(event.parents[1])


def many_tables(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    event = demo_tree(tmp, B)
    from generator.content.load import LIMITS

    (event / FINAL).write_text("stage: final\ntables:\n" + "  - {table: 1}\n" * (LIMITS["tables"] + 1), encoding="utf-8")
    return raised(event.parents[1])


def missing_glyph(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    from generator.render.pdf import missing_glyphs

    if not missing_glyphs("Ĝ", "zh-Hans"):
        pytest.skip("no CJK font installed: the glyph check has nothing to check against")
    event = demo_tree(tmp, G)
    replace(event / EV, "organizer: 土木学院分工会", "organizer: 土木学院分工会Ĝ")
    try:
        build(event.parents[1], tmp / "output", cache_dir=tmp / "cache")
    except ContentErrors as failure:
        return {p.code for p in failure.problems}
    return set()


def registration(csv: str) -> Trigger:
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        event = demo_tree(tmp, G)
        sheet = tmp / "sheet.csv"
        sheet.write_text(csv, encoding="utf-8")
        try:
            import_registrations(event.parents[1], event.name, sheet)
        except ContentErrors as failure:
            return {p.code for p in failure.problems}
        return set()
    return trigger


def importing(sheet: str | bytes, name: str = "sheet.csv", extra: dict[str, str] | None = None,
              slug: str | None = None, prefix: str | None = None, max_rows: int | None = None,
              take_sheet: list[str] | None = None, locale: str = "zh-Hans") -> Trigger:
    """`paibang import` of a sheet (text or bytes) into the Guandan demo: its problems or refusal."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        if max_rows is not None:
            monkeypatch.setattr(registrations, "MAX_ROWS", max_rows)
        event = demo_tree(tmp, G)
        path = tmp / name
        path.write_bytes(sheet if isinstance(sheet, bytes) else sheet.encode("utf-8"))
        try:
            import_registrations(event.parents[1], slug or event.name, path, extra, prefix, take_sheet=take_sheet,
                                 locale=locale)
        except ContentErrors as failure:
            return {p.code for p in failure.problems}
        except registrations.ImportRefusal as refusal:
            return {refusal.code}
        return set()
    return trigger


def not_opened(fault: OSError | None) -> Trigger:
    """`paibang import` of a sheet the system will not open: not there (fault None), or one whose
    opening raises `fault` (a folder, no permission: as root, chmod would not refuse)."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        event = demo_tree(tmp, G)
        path = tmp / "sheet.csv"
        if fault is not None:
            path.write_text("x\n", encoding="utf-8")

            def refused(*args, **kwargs):
                raise fault

            monkeypatch.setattr(registrations, "_open_sheet", refused)
        try:
            import_registrations(event.parents[1], event.name, path)
        except ContentErrors as failure:
            return {p.code for p in failure.problems}
        return set()
    return trigger


def zip_bomb() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", bytes(60 * 1024 * 1024))
    return buffer.getvalue()


def refusals(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The codes of every `paibang pair` refusal made from now on."""
    made: set[str] = set()
    original = pairing.Refusal.__init__

    def spy(self: pairing.Refusal, code: str, **params: object) -> None:
        made.add(code)
        original(self, code, **params)

    monkeypatch.setattr(pairing.Refusal, "__init__", spy)
    return made


def planned(tmp: Path, monkeypatch: pytest.MonkeyPatch, game: str, stage: str, change: Callable[[Path], None],
            after: Callable[[object], None] = lambda result: None) -> set[str]:
    """plan_rounds() on the demo event after `change` (files) and `after` (the loaded result)."""
    made = refusals(monkeypatch)
    event = demo_tree(tmp, game)
    change(event)
    _, results, _ = validate(event.parents[1])
    after(results[0])
    try:
        pairing.plan_rounds(results[0], stage)
    except pairing.Refusal:
        pass
    return made


def new_site_paired(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """`paibang pair` on the event `paibang new` made, before any entry is written."""
    made = refusals(monkeypatch)
    site = tmp / "site"
    main(["init", str(site)])
    main(["new", "club", "--game", "guandan", "--content", str(site)])
    main(["pair", "club", "main", "--content", str(site)])
    return made


def small_swiss(tmp: Path, count: int, rounds: int, fmt: str = "swiss") -> Path:
    root = tmp / "content"
    (root / "events/ev/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 测试\n", encoding="utf-8")
    entries = "".join(f"  - {{id: T0{i}, players: [甲{i}, 乙{i}]}}\n" for i in range(1, count + 1))
    (root / "events/ev/event.yaml").write_text(
        f"title: 测试赛\ngame: guandan\ndate: 2024-05-01\ndraw_seed: 1\nentries:\n{entries}"
        f"stages:\n  - {{id: main, name: 主赛, format: {fmt}, rounds: {rounds}, rank_by: [wins]}}\n", encoding="utf-8")
    return root


KO = "  - id: ko\n    name: 淘汰赛\n    format: knockout\n    boards: 1\n"
WON, DRAWN = "{1: {open: D01 8, closed: D01 5}}", "{1: {open: D01 8, closed: D04 8}}"


def ko_table(number: int, home: str, away: str, boards: str | None = None, extra: str = "") -> str:
    played = f", boards: {boards}" if boards else ""
    return f"  - {{table: {number}, home: {home}, away: {away}{played}{extra}}}\n"


def knockout(count: int, stages: str = KO, **files: str) -> Trigger:
    """A 大怪路子 event of `count` entries (D01 …) with these stages and results files (name: text)."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        return raised(knockout_tree(tmp, count, stages, files))
    return trigger


def knockout_tree(tmp: Path, count: int, stages: str, files: dict[str, str]) -> Path:
    root = tmp / "content"
    (root / "events/ko/results").mkdir(parents=True)
    (root / "site.yaml").write_text("title: 测试\n", encoding="utf-8")
    entries = "".join(f"  - {{id: D{i:02d}, players: [甲{i}, 乙{i}]}}\n" for i in range(1, count + 1))
    (root / "events/ko/event.yaml").write_text(
        f"title: 淘汰赛\ngame: daguai\ndate: 2024-05-01\nentries:\n{entries}stages:\n{stages}", encoding="utf-8")
    for name, text in files.items():
        (root / f"events/ko/results/{name}.yaml").write_text(text, encoding="utf-8")
    return root


def ko_round(number: int, *tables: str, stage: str = "ko") -> str:
    return f"stage: {stage}\nround: {number}\ntables:\n" + "".join(tables)


def knockout_pair(count: int, stages: str = KO, **files: str) -> Trigger:
    """`paibang pair` of the knockout stage of such an event: its refusal."""
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        root = knockout_tree(tmp, count, stages, files)
        made = refusals(monkeypatch)
        main(["pair", "ko", "ko", "--content", str(root)])
        return made
    return trigger


PRE = "  - {id: pre, name: 预赛, format: matches, boards: 1, rank_by: [match_points], advance: {count: 2, to: ko}}\n"
PRE_DRAWN = ko_round(1, ko_table(1, "D01", "D02", "{1: {open: D01 8, closed: D02 8}}"), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D04 8}}"),
                     ko_table(3, "D05", "D06", "{1: {open: D05 8, closed: D06 8}}"), stage="pre")


def pair_impossible(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    root = small_swiss(tmp, 2, 2)
    (root / "events/ev/results/round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T02], levels: {T01: 9, T02: 5}}\n", encoding="utf-8")
    made = refusals(monkeypatch)
    main(["pair", "ev", "main", "--content", str(root)])
    return made


def bye_after_forfeit(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Round 2's bye to T02, which forfeited round 1 (not withdrawn): pair's warning."""
    root = small_swiss(tmp, 3, 2)
    (root / "events/ev/results/round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T02], forfeit: T02}\n  - {table: 2, teams: [T03]}\n",
        encoding="utf-8")
    _, results, _ = validate(root)
    plan, = pairing.plan_rounds(results[0], "main")
    warned = pairing.bye_after_forfeit(results[0], plan)
    return {warned.code} if warned is not None else set()


def bye_after_forfeit_stage(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Round 1's bye of stage main to T03, which forfeited the last round of the stage advancing
    to it (rev79): pair's warning, naming both stages."""
    from tests.test_double_forfeit_shown import two_stages

    root = two_stages(tmp, "  - {table: 1, teams: [T01, T03], forfeit: T03}\n  - {table: 2, teams: [T02]}\n")
    _, results, _ = validate(root)
    plan, = pairing.plan_rounds(results[0], "main")
    warned = pairing.bye_after_forfeit(results[0], plan)
    return {warned.code} if warned is not None else set()


def robin_complete(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    root = small_swiss(tmp, 4, 5, fmt="round_robin")
    for number, (a, b, c, d) in enumerate([(1, 2, 3, 4), (1, 3, 2, 4), (1, 4, 2, 3)], start=1):
        (root / f"events/ev/results/round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n  - {{table: 1, teams: [T0{a}, T0{b}], levels: {{T0{a}: 9, T0{b}: 5}}}}\n"
            f"  - {{table: 2, teams: [T0{c}, T0{d}], levels: {{T0{c}: 9, T0{d}: 5}}}}\n", encoding="utf-8")
    made = refusals(monkeypatch)
    main(["pair", "ev", "main", "--content", str(root)])
    return made


def robin_rematch(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    # Rounds 1 to 3 of 6 teams written by hand so that the meetings left are two triangles
    # (T01 T04 T05, T02 T03 T06): no round 4 seats everyone without a rematch, so pair cannot
    # complete them.
    root = small_swiss(tmp, 6, 5, fmt="round_robin")
    for number, tables in enumerate([(1, 2, 3, 4, 5, 6), (1, 3, 2, 5, 4, 6), (1, 6, 2, 4, 3, 5)], 1):
        (root / f"events/ev/results/round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n" + "".join(
                f"  - {{table: {t + 1}, teams: [T0{tables[2 * t]}, T0{tables[2 * t + 1]}], "
                f"levels: {{T0{tables[2 * t]}: 9, T0{tables[2 * t + 1]}: 5}}}}\n" for t in range(3)), encoding="utf-8")
    made = refusals(monkeypatch)
    main(["pair", "ev", "main", "--content", str(root)])
    return made


def file_exists(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    root = small_swiss(tmp, 4, 3)
    _, results, _ = validate(root)
    plan = pairing.plan_rounds(results[0], "main")[0]
    for name in ("round-1.yaml", "main-round-1.yaml"):
        (root / "events/ev/results" / name).write_text("# taken\n", encoding="utf-8")
    made = refusals(monkeypatch)
    with pytest.raises(pairing.Refusal):
        pairing.write_round(plan, "zh-Hans")
    return made


def written_invalid(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    root = small_swiss(tmp, 4, 3)
    monkeypatch.setattr(pairing, "results_text", lambda plan, locale: "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T09]}\n")
    made = refusals(monkeypatch)
    main(["pair", "ev", "main", "--content", str(root)])
    return made


def import_cli(tmp: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> set[str]:
    """The refusals of `paibang import ARGS EVENT` run on the command line, the Guandan demo's."""
    event = demo_tree(tmp, G)
    made = refusals(monkeypatch)
    main(["import", *args, event.name, "--content", str(event.parents[1])])
    return made


def pair_cli(*args: str) -> Trigger:
    def trigger(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
        root = small_swiss(tmp, 4, 3)
        made = refusals(monkeypatch)
        main(["pair", *args, "--content", str(root)])
        return made
    return trigger


def club_mitchell(tmp: Path, pairs: int, drawn: int) -> Path:
    """A `pairs`-pair club Mitchell (tests.support.mitchell_event) with `drawn` rounds drawn by
    paibang pair; its event folder."""
    event = tmp / "content" / "events" / "late"
    event.mkdir(parents=True)
    (tmp / "content" / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    (event / "event.yaml").write_text(mitchell_event(pairs, 5, 2), encoding="utf-8")
    for _ in range(drawn):
        main(["pair", "late", "mitchell", "--content", str(tmp / "content")])
    return event


def late_pair_drawn(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A 14th pair added to a 13-pair Mitchell after round 1, drawn from round 2."""
    event = club_mitchell(tmp, 13, 1)
    replace(event / "event.yaml", "stages:\n", "  - {id: A14, players: [p14a, p14b]}\nstages:\n")
    main(["pair", "late", "mitchell", "--content", str(tmp / "content")])
    return raised(tmp / "content")


def board_drawn_again(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Round 1 table 1 played boards 3-4 (the movement gives it 1-2), round 2 drawn: A01 gets 3-4 again."""
    event = club_mitchell(tmp, 13, 1)
    replace(event / "results" / "round-1.yaml", "      # 1:\n      # 2:\n", "      3: 4S N =\n      4: pass\n")
    main(["pair", "late", "mitchell", "--content", str(tmp / "content")])
    return raised(tmp / "content")


def late_pair_grown(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A 13th pair added to a 12-pair Mitchell after round 1: seated, boards 13-14 to deal."""
    event = club_mitchell(tmp, 12, 1)
    replace(event / "event.yaml", "stages:\n", "  - {id: A13, players: [p13a, p13b]}\nstages:\n")
    return raised(tmp / "content")


def late_pairs_several(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Two pairs added to a 13-pair Mitchell after round 2: one sit-out seat for them (after round 1
    a table is added for the second)."""
    event = club_mitchell(tmp, 13, 2)
    replace(event / "event.yaml", "stages:\n", "  - {id: A14, players: [x1, x2]}\n  - {id: A15, players: [y1, y2]}\nstages:\n")
    made = refusals(monkeypatch)
    main(["pair", "late", "mitchell", "--content", str(tmp / "content")])
    return made


def late_pair_no_seat(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A 12-pair Mitchell drawn for 2 rounds, round 2 begun, then a 13th pair added: no seat to take."""
    event = club_mitchell(tmp, 12, 2)
    replace(event / "results" / "round-2.yaml", "      # 3:\n      # 4:\n", "      3: 4S N =\n      4: pass\n")
    replace(event / "event.yaml", "stages:\n", "  - {id: A13, players: [p13a, p13b]}\nstages:\n")
    made = refusals(monkeypatch)
    main(["pair", "late", "mitchell", "--content", str(tmp / "content")])
    return made


def late_pair_redraw(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """A 12-pair Mitchell drawn for 2 rounds, round 2 not begun, then a 13th pair added."""
    event = club_mitchell(tmp, 12, 2)
    replace(event / "event.yaml", "stages:\n", "  - {id: A13, players: [p13a, p13b]}\nstages:\n")
    return raised(tmp / "content")


def late_pairs_off_movement(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Two pairs late to a 12-pair Mitchell, seated by pair at table 7 in round 2, then moved by
    hand: A14 and A12 swap their round 2 tables, and table 2 has played."""
    event = club_mitchell(tmp, 12, 1)
    replace(event / "event.yaml", "stages:\n", "  - {id: A13, players: [p13a, p13b]}\n  - {id: A14, players: [p14a, p14b]}\nstages:\n")
    main(["pair", "late", "mitchell", "--content", str(tmp / "content")])
    path = event / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("ew: A14\n", "ew: X\n").replace("ew: A12\n", "ew: A14\n").replace("ew: X\n", "ew: A12\n")
                    .replace("      # 5:\n      # 6:\n", "      5: 4S N =\n      6: pass\n"), encoding="utf-8")
    return raised(tmp / "content")


def unlink(*names: str) -> Callable[[Path], None]:
    return lambda event: [(event / name).unlink() for name in names] and None


def nothing(event: Path) -> None:
    return None


def unlink_results(event: Path) -> None:
    """Every results file of the event: its stage is to be drawn from round 1."""
    for path in (event / "results").glob("*.yaml"):
        path.unlink()


def set_attr(what: str, name: str, value: object) -> Callable[[object], None]:
    def after(result: object) -> None:
        target = result.event if what == "event" else result.event.stages[0]  # type: ignore[attr-defined]
        setattr(target, name, value)
    return after


TRIGGERS: dict[str, Trigger] = {
    # files and YAML
    "file-missing": edit(B, (EV, "notice: notice.md", "notice: nope.md")),
    "file-unreadable": desk_read_refused,
    "file-not-utf8": write(B, "results/extra.yaml", b"stage: prelim\nround: \xff\n"),
    "file-saved-as-unicode": write(B, "results/extra.yaml", "stage: prelim\n# \u7b2c 1 \u8f6e\n".encode("utf-16")),
    "file-saved-as-ansi": write(B, "results/extra.yaml", "stage: prelim\n# \u7b2c 1 \u8f6e\n".encode("gbk")),
    "desk-results-not-a-round": desk_not_a_round,
    "desk-results-hard-linked": desk_results_hard_linked,
    "desk-results-pair-leftover": desk_results_pair_leftover,
    "desk-not-read-back": desk_not_read_back,
    "desk-forfeit-not-withdrawn": desk_forfeit_not_withdrawn,
    "desk-knockout-drawn-after": desk_knockout_drawn_after,
    "desk-link-redrawn": desk_link_redrawn,
    "desk-link-renewed": desk_link_renewed,
    "desk-knockout-drawn-after-third": desk_knockout_drawn_after_third,
    "desk-board-line": desk_board_line,
    "desk-board-numbers": desk_board_numbers,
    "desk-board-many": desk_board_places,
    "desk-board-range": desk_board_places,
    "desk-board-played": desk_board_places,
    "desk-invisible-char": desk_invisible_char,
    "desk-adjusted-at-table": desk_adjusted_at_table,
    "desk-forfeit-at-table": desk_forfeit_at_table,
    "desk-part-without-result": desk_part_without_result,
    "desk-room-part-without-result": desk_room_part_without_result,
    "desk-winner-at-table": desk_winner_at_table,
    "desk-tie-at-table": desk_tie_at_table,
    "desk-weighted-at-table": desk_weighted_at_table,
    "desk-shengji-adjusted-at-table": desk_shengji_adjusted_at_table,
    "desk-shengji-penalty-at-table": desk_shengji_penalty_at_table,
    "file-too-large": write(B, "results/extra.yaml", "#" * (2 * 1024 * 1024 + 1)),
    "file-outside-content": notice_outside,
    "file-not-regular": results_pipe,
    "file-outside-event": notice_of_another_folder,
    "desk-file-unsafe": desk_audit_link,
    "desk-no-key": desk_no_key,
    "desk-event-busy": desk_event_busy,
    "desk-tokens-unwritable": desk_tokens_unwritable,
    "desk-tokens-unwritable-set-aside": desk_tokens_unwritable_set_aside,
    "desk-write-failed": desk_write_refused,
    "yaml-syntax": write(B, "results/extra.yaml", "stage: prelim\n---\nstage: final\n"),
    "yaml-quote-open": write(B, "results/extra.yaml", "stage: 'prelim\n"),
    "yaml-indent": write(B, "results/extra.yaml", "stage: prelim\ntables:\n  - table: 1\n - table: 2\n"),
    "yaml-reserved-start": write(B, "results/extra.yaml", "stage: prelim\nnote: @home\n"),
    "yaml-escape": write(B, "results/extra.yaml", 'stage: prelim\nnote: "C:\\qq"\n'),
    "yaml-full-width-colon": write(B, "results/extra.yaml", "stage：prelim\nround: 1\n"),
    "yaml-tab": write(B, "results/extra.yaml", "stage: prelim\ntables:\n\t- table: 1\n"),
    "yaml-tab-in-line": write(B, "results/extra.yaml", "stage: prelim\ntables:\n  - table: 1\t# by hand\n"),
    "yaml-colon-here": write(B, "results/extra.yaml", "stage: prelim\nnote: a: b\n"),
    "yaml-colon-missing": write(B, "results/extra.yaml", "stage: prelim\ntables:\n  - table: 1\n    ns A01\n    ew: A02\n"),
    "yaml-line-separator": write(B, "results/extra.yaml", "stage: prelim\nnote: a\u2028b\ntables: []\n"),
    "yaml-bracket-open": write(B, "results/extra.yaml", "stage: [prelim\n"),
    "yaml-alias": write(B, "results/extra.yaml", "stage: &a prelim\n"),
    "yaml-tag": write(B, "results/extra.yaml", "stage: !mine prelim\n"),
    "yaml-duplicate-key": write(B, "results/extra.yaml", "stage: prelim\nstage: final\n"),
    "yaml-too-deep": write(B, "results/extra.yaml", "stage: " + "[" * 30 + "]" * 30 + "\n"),
    "yaml-empty": write(B, "results/extra.yaml", "# nothing yet\n"),
    "file-name-encoding": gbk_named,
    "event-file-too-large": edit(B, (EV, "\ntitle:", "\n" + "#" * (2 * 1024 * 1024) + "\ntitle:")),
    "yaml-control-char": write(B, "results/extra.yaml", "stage: pre\x1blim\n"),
    "text-control-char": edit(B, (EV, 'venue: "7201"', 'venue: "72\\x0001"')),
    "text-too-long": write(B, "results/extra.yaml", "stage: " + "x" * 10_001 + "\n"),
    "name-too-long": edit(B, (EV, 'venue: "7201"', 'venue: "' + "7" * 201 + '"')),
    "name-confusable": edit(B, (EV, "    players: [王俊杰, 陈雪]", "    players: [Аlice, 陈雪]")),
    "name-invisible-char": edit(B, (EV, "    players: [王俊杰, 陈雪]", '    players: ["\\u202e王俊杰", 陈雪]')),
    "players-separator": edit(B, (EV, "    players: [王俊杰, 陈雪]", "    players: [王俊杰\uff0c陈雪]")),
    "players-not-list": edit(B, (EV, "    players: [王俊杰, 陈雪]", "    players: 王俊杰\uff0c陈雪")),
    "notice-too-complex": write(B, "notice.md", "# 通知\n\n" + "[" * 2000 + "\n"),
    "url-scheme": edit(B, ("../../site.yaml", "base_url: https://example.org/paibang/", "base_url: javascript:alert(1)")),
    # keys and values
    "key-unknown": edit(B, (EV, "\ntitle:", "\ntitel:")),
    "key-missing": edit(B, (PRELIM, "stage: prelim\n", "")),
    "type-expected": edit(B, (EV, 'venue: "7201"', "venue: [7201]")),
    "value-choice": edit(B, ("../../site.yaml", "locale: zh-Hans", "locale: fr")),
    "value-range": edit(B, (EV, "    boards: 8\n", "    boards: 0\n")),
    "date-invalid": edit(B, (EV, "dates: [2015-05-15, 2015-05-22]", "dates: [2015-05-32, 2015-05-22]")),
    "slug-invalid": renamed("Tumu-Guandan"),
    "id-invalid": edit(B, (EV, "  - id: A02\n", "  - id: A 02\n")),
    "too-many": many_tables,
    # events, entries, stages
    "event-missing": empty_event_folder,
    "entry-duplicate": edit(B, (EV, "  - id: A02\n", "  - id: A01\n")),
    "entry-unknown": edit(B, (PRELIM, "    ew: A10\n", "    ew: A99\n")),
    "entry-players-empty": edit(B, (EV, "    players: [王俊杰, 陈雪]", "    players: []")),
    "stage-duplicate": edit(B, (EV, "  - id: final\n", "  - id: prelim\n")),
    "stage-id-case": edit(B, (EV, "  - id: final\n", "  - id: Prelim\n")),
    "entry-id-case": edit(B, (EV, "  - id: A02\n", "  - id: a01\n")),
    "stage-id-reserved": edit(B, (EV, "  - id: final\n", "  - id: entries\n")),
    "stage-unknown": edit(B, (PRELIM, "stage: prelim\n", "stage: prelimm\n")),
    "stage-date-outside": edit(B, (EV, "    date: 2015-05-22\n", "    date: 2024-11-02\n")),
    "stage-movement-unused": edit(B, (EV, "  - id: final\n", "  - id: final\n    movement: howell\n")),
    "stages-empty": edit(G, (EV, "\nstages:\n", "\nstages: []\nold_stages:\n")),
    "advance-loop": edit(B, (EV, "advance: {count: 15, to: final}", "advance: {count: 15, to: prelim}")),
    "metric-unknown": edit(B, (EV, "rank_by: [total, first_board]   #", "rank_by: [total, frist_board]   #")),
    "format-not-supported": edit(G, (EV, "    format: swiss ", "    format: pairs ")),
    "prize-form": edit(B, (EV, "{name: 一等奖, count: 1, award:", "{name: 一等奖, award:")),
    "lots-unknown": edit(B, (EV, "advance: {count: 15, to: final} #", "lots: [A99]\n    advance: {count: 15, to: final} #")),
    "official-stage-unknown": edit(B, (EV, "{name: 王磊, role: referee, stages: [prelim]}",
                                       "{name: 王磊, role: referee, stages: [semi]}")),
    # results files
    "results-round-missing": edit(G, (R1, "round: 1\n", "")),
    "results-round-range": edit(G, (R1, "round: 1\n", "round: 9\n")),
    "results-round-duplicate": edit(G, (R2, "round: 2\n", "round: 1\n")),
    "table-duplicate": edit(G, (R1, "  - table: 2\n", "  - table: 1\n")),
    "entry-twice-in-round": edit(B, (PRELIM, "    ew: A11\n", "    ew: A29\n")),
    "entry-not-in-stage": edit(B, (FINAL, "    ns: A26\n", "    ns: A20\n")),
    "entry-bye-played": edit(B, (PRELIM, "    ew: A29\n", "    ew: A34\n")),
    "entry-not-played": edit(B, (EV, "\nentries:\n", "\nentries:\n  - {id: A99, players: [新来的]}\n")),
    "forfeit-not-at-table": edit(B, (PRELIM, "    ns: A31\n", "    ns: A31\n    forfeit: A10\n")),
    "sides-same": edit(B, (PRELIM, "    ew: A29\n", "    ew: A31\n")),
    # The 80分 round robin ranked on match points alone: T02 and T05 tie for the one 第三名.
    "prize-tie-over-count": edit(S, (EV, SJ_RANK, "    rank_by: [match_points]\n")),
    "qualify-tie": edit(B, (EV, "advance: {count: 15, to: final}", "advance: {count: 26, to: final}")),
    "draw-rematch": write(G, R2, (DEMO / "events" / EVENTS[G] / R1).read_text(encoding="utf-8").replace("round: 1", "round: 2")),
    # Round 2, not 1: an entry missing from round 1 only is a late entry (event-day.md), not a gap.
    # Round 3's results there while round 2, which it is drawn on, has none (typed into the wrong file).
    "swiss-round-before-played": swiss_round_ahead,
    # The demo's late penalty (national rules) written without its reason.
    "guandan-penalty-no-reason": edit("guandan-ko", ("results/ko-round-2.yaml", "{team: T16, levels: 1, reason: 迟到5分钟}",
                                                     "{team: T16, levels: 1}")),
    "draw-entry-missing": edit(G, (R2, '  - table: 3\n    teams: [T52, T04]\n    levels: {T52: "6", T04: K}\n', "")),
    # event-day.md: T04 withdrawn from round 2 on, yet with a result in round 2 (and 3), or the bye.
    "entry-withdrawn-played": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 2, players")),
    "entry-withdrawn-bye": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 2, players"),
                                (R2, '    teams: [T52, T04]\n    levels: {T52: "6", T04: K}\n', "    teams: [T04]\n")),
    # T04 withdrawn from round 3 on after round 3 was drawn, its table there left without a result.
    "entry-withdrawn-forfeit": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 3, players"),
                                    ("results/round-3.yaml", '    teams: [T08, T04]\n    levels: {T08: 8, T04: K}\n',
                                     "    teams: [T08, T04]\n")),
    # T04 withdrawn from round 2 on (its round-2 table its forfeit), yet at a round-3 table
    # written as a double forfeit: a round drawn after it withdrew has it.
    "entry-withdrawn-double-forfeit": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 2, players"),
                                           (R2, '    levels: {T52: "6", T04: K}\n', "    forfeit: T04\n"),
                                           ("results/round-3.yaml", "    levels: {T08: 8, T04: K}\n",
                                            "    forfeit: [T08, T04]\n")),
    # T04 withdrawn from round 2 on (its round-2 table its forfeit), yet at a round-3 table
    # written as its forfeit: a round drawn after it withdrew has it, a win for T08.
    "entry-withdrawn-forfeit-later": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 2, players"),
                                          (R2, '    levels: {T52: "6", T04: K}\n', "    forfeit: T04\n"),
                                          ("results/round-3.yaml", "    levels: {T08: 8, T04: K}\n",
                                           "    forfeit: T04\n")),
    # T04 withdrawn from round 2 on (its round-2 table its forfeit), yet at a round-3 table
    # left with no result: a round drawn after it withdrew has it.
    "entry-withdrawn-drawn-later": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 2, players"),
                                        (R2, '    levels: {T52: "6", T04: K}\n', "    forfeit: T04\n"),
                                        ("results/round-3.yaml", '    teams: [T08, T04]\n    levels: {T08: 8, T04: K}\n',
                                         "    teams: [T08, T04]\n")),
    # Two stages of one round each: `withdrawn: 2` counts the first stage's rounds, past its last.
    "entry-withdrawn-past": edit(B, (EV, "  - id: A01\n", "  - id: A01\n    withdrawn: 2\n")),
    # The demo's pairs in a stage of teams of four: each entry two players short.
    "round-robin-partial": robin_cut_short,
    "stage-match-length-unsaid": match_length_unsaid,
    # A 大怪路子 team of three listing a fourth name (a re-import's misspelling of one of them).
    "entry-team-large": edit(D, (EV, "players: [张伟, 刘晓燕, 顾海峰]", "players: [张伟, 刘晓燕, 顾海峰, 张玮]")),
    "entry-team-short": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    team_size: 4\n")),
    # A team of four in the demo's stage of pairs (no team_size): the key forgotten, or two pairs in one entry.
    "stage-teams-in-pairs": edit(G, (EV, "{id: T04, players: [韦志强, 谭宏伟]", "{id: T04, players: [韦志强, 谭宏伟, 甲, 乙]")),
    # Both sides of a round-2 table withdrawn from round 2, the table left as drawn.
    "entry-withdrawn-both": edit(G, (EV, "{id: T04, players", "{id: T04, withdrawn: 2, players"),
                                 (EV, "{id: T52, players", "{id: T52, withdrawn: 2, players"),
                                 (R2, '    teams: [T52, T04]\n    levels: {T52: "6", T04: K}\n', "    teams: [T52, T04]\n")),
    # A team added after round 1, drawn in round 2 on: round 1 counts as its bye (event-day.md).
    "late-entry-bye": edit(G, (EV, "\nentries:\n", "\nentries:\n  - {id: T99, players: [迟到]}\n"),
                           (R2, "  - table: 3\n", "  - table: 99\n    teams: [T99]\n  - table: 3\n")),
    # (round 3's table 1 not yet entered: the stage still played; check warns once it is over too)
    "draw-standings-changed": edit(G, (R2, "# 学院比赛 第二轮", "# draw-order: T01=9\n# 学院比赛 第二轮"),
                                   ("results/round-3.yaml", "    teams: [T02, T21]\n    levels: {T02: 8, T21: 9}\n",
                                    "    teams: [T02, T21]\n")),
    "bulletin-missing-glyph": missing_glyph,
    # registrations (paibang import)
    "registration-columns": registration("foo,bar\n1,2\n"),
    "registration-no-name-column": registration("组号,选手名单\n1,张三\n"),
    "registration-no-team-column": registration("姓名,单位\n张三,甲厂\n李四,乙厂\n"),
    # 单位 written on each team's first row only (a merged cell saved as CSV): named as the team's
    "registration-team-column-like": registration("单位,姓名\n甲厂,张三\n,李四\n乙厂,王五\n,赵六\n"),
    "registration-no-name": registration("姓名,组号\n,1\n"),
    "registration-control-char": registration("姓名,组号\n张\x00三,1\n"),
    "registration-invisible-char": registration("姓名,组号\n张\u200b三,1\n"),
    "registration-name-private": registration("姓名,组号\n张三 13800138000,1\n"),
    "registration-formula": registration("姓名,组号\n=HYPERLINK(\"http://x\"),1\n"),
    "registration-line-break": registration("姓名,组号\n\"张三\n李四\",1\n"),
    "registration-no-entry": registration("姓名,组号\n张三,\n"),
    # a blank 组号 below a team written on each of its rows: a team left out, not a merged cell
    "registration-not-filled": registration("姓名,组号\n新甲,9\n新乙,9\n新丙,\n"),
    "registration-duplicate": registration("姓名,组号\n张三,1\n张三,2\n"),
    # T01's 崔涛 and T02's 莫萍 (both played) put in one team: T02's player cannot leave it
    "registration-in-two-entries": registration("姓名,组号\n崔涛,1\n莫萍,1\n"),
    "registration-sheet-unreadable": importing("not a spreadsheet", "sheet.xlsx"),
    "registration-sheet-too-large": importing(zip_bomb(), "sheet.xlsx"),
    "registration-sheet-not-found": not_opened(None),
    "registration-sheet-folder": not_opened(IsADirectoryError(21, "Is a directory")),
    "registration-sheet-denied": not_opened(PermissionError(13, "Permission denied")),
    "registration-sheet-not-opened": not_opened(OSError(5, "Input/output error")),
    "registration-sheet-rows": importing("姓名,组号\n张三,1\n李四,1\n", max_rows=2),
    "registration-encoding": importing("チーム,氏名\n東京,田中太郎\n".encode("shift_jis")),
    # two surnames read as common characters in GB18030 and in Big5 alike, on a site in English
    # (a Chinese site's script settles it)
    "registration-encoding-unsure": importing("\u674e\u5218\n".encode("gb18030"), locale="en"),
    "registration-map-refused": importing("学号,姓名,组号\n2023010101,张三,1\n", extra={"学号": "entry"}),
    "registration-map-phone": importing("姓名,队名,联系电话\n张三,红队,138-0013-8000\n", extra={"联系电话": "group"}),
    "registration-map-contact": importing("姓名,队名,邮箱\n张三,红队,zs@example.com\n", extra={"邮箱": "group"}),
    "registration-map-id": importing("编号,姓名\n1,张三\n", extra={"编号": "id"}),
    "registration-map-invalid": importing("编号,姓名\n1,张三\n", extra={"编号": "number"}),
    "registration-map-heading": importing("编号,姓名\n1,张三\n", extra={"班号": "group"}),
    "registration-prefix": importing("编号,姓名\n1,张三\n", prefix="../"),
    "registration-take-sheet-unknown": importing("编号,姓名\n1,张三\n", take_sheet=["T99"]),
    # the ids before the event, the sheet forgotten
    "registration-take-sheet-no-sheet": lambda tmp, monkeypatch: import_cli(tmp, monkeypatch, "--take-sheet", "T01"),
    "notice-not-markdown": edit(B, (EV, "notice: notice.md", "notice: [notice.md, event.yaml]")),
    "notice-private": write(B, "notice.md", "# 通知\n\n- name: 张三\n  phone: 13800000000\n"),
    "notice-is-data": lambda tmp, mp: linked(tmp, B, "notice.md", "results/prelim.yaml"),
    "event-placeholder": edit(B, (EV, "organizer: 西昌学院动物科学学院团学会治安保卫部", "organizer: 主办单位")),
    "site-placeholder": edit(B, ("../../site.yaml", "organization: 西昌学院", "organization: 主办机构")),
    "private-key-published": edit(B, ("../../site.yaml", "private: [wechat]", "private: [wechat, bye]")),
    "notice-headings-only": write(B, "notice.md", "# 通知\n\n## 时间地点\n\n## 报名\n"),
    "text-looks-personal": edit(B, (EV, '{name: 张浩然, phone: "13800138000"', '{name: 张浩然 13800138000, phone: "13800138000"')),
    "id-looks-personal": edit(B, (EV, 'student_id: "201301059901"}', 'student_id: "201301059901", id: "201301059901"}')),
    "text-looks-email": edit(B, (EV, '{name: 张浩然, phone: "13800138000"', '{name: 张浩然 zhr@example.com, phone: "13800138000"')),
    # paibang pair
    "pair-format": lambda tmp, mp: planned(tmp, mp, G, "main", nothing, set_attr("stage", "format", "ladder")),
    "pair-game": lambda tmp, mp: planned(tmp, mp, G, "main", nothing, set_attr("event", "game", "chess")),
    "pair-round-gap": lambda tmp, mp: planned(tmp, mp, G, "main", unlink(R2)),
    "pair-stage-complete": lambda tmp, mp: planned(tmp, mp, G, "main", nothing),
    "pair-knockout-complete": lambda tmp, mp: planned(tmp, mp, "guandan-ko", "ko", nothing),
    "pair-no-field": lambda tmp, mp: planned(tmp, mp, B, "final", unlink(PRELIM, FINAL)),
    "pair-no-entries": new_site_paired,
    "pair-round-pending": lambda tmp, mp: planned(
        tmp, mp, G, "main", lambda event: (unlink(R2, "results/round-3.yaml")(event),
                                           replace(event / R1, "levels: {T47: K, T48: 8}", "levels: {}"))),
    "pair-impossible": pair_impossible,
    "pair-bye-after-forfeit": bye_after_forfeit,
    "pair-bye-after-forfeit-stage": bye_after_forfeit_stage,
    "pair-odd-no-substitute": lambda tmp, mp: planned(tmp, mp, B, "prelim", unlink(PRELIM),
                                                   lambda result: result.event.entries.pop("SUB")),  # type: ignore[attr-defined]
    "pair-robin-complete": robin_complete,
    "pair-robin-cannot-complete": robin_rematch,
    "pair-file-exists": file_exists,
    "pair-written-invalid": written_invalid,
    "pair-movement-boards": lambda tmp, mp: planned(tmp, mp, SP, "pairs", unlink_results,
                                                    set_attr("stage", "boards", None)),
    "pair-mitchell-odd": lambda tmp, mp: planned(tmp, mp, SP, "pairs", unlink_results, lambda result: (  # one pair left
        set_attr("stage", "movement", "mitchell")(result), result.stages[0].field.__delitem__(slice(1, None)))),  # type: ignore[attr-defined]
    "pair-howell-size": lambda tmp, mp: planned(tmp, mp, SP, "pairs", unlink_results, lambda result: (
        set_attr("stage", "movement", "howell")(result), result.stages[0].field.extend(result.stages[0].field * 2))),  # type: ignore[attr-defined]
    "pair-late-no-seat": late_pair_no_seat,
    "pair-late-redraw": late_pair_redraw,
    "pair-late-off-movement": late_pairs_off_movement,
    "pair-late-several": late_pairs_several,
    "pair-movement-rounds": lambda tmp, mp: planned(tmp, mp, SP, "pairs", unlink_results, set_attr("stage", "rounds", 8)),
    "pair-all-format": pair_cli("ev", "main", "--all"),
    "pair-event-unknown": pair_cli("nope", "main"),
    "pair-stage-unknown": pair_cli("ev", "mian"),
    # knockout stages
    "knockout-key-unused": edit(B, (EV, "advance: {count: 15, to: final} #", "third_place: true\n    advance: {count: 15, to: final} #")),
    "seeding-unknown": knockout(4, KO + "    seeding: [D01, D02, D03, D09]\n"),
    "seeding-duplicate": knockout(4, KO + "    seeding: [D01, D02, D03, D01]\n"),
    "seeding-stage-order": knockout(4, KO + "    seeding: {from: later}\n  - {id: later, format: matches}\n"),
    "knockout-field-small": knockout(4, KO + "    seeding: [D01]\n"),
    "seeding-field": knockout(6, PRE + KO + "    seeding: [D01, D02]\n", pre=PRE_DRAWN),
    # a tie at the cut holds the knockout (qualify-tie-knockout): a field smaller than the
    # bracket the stage's advance count made is what is left to give more rounds than expected
    "knockout-rounds": knockout(2, PRE.replace("count: 2", "count: 4") + KO,
                                pre=ko_round(1, ko_table(1, "D01", "D02", "{1: {open: D01 8, closed: D01 5}}"), stage="pre")),
    "qualify-tie-knockout": knockout(6, PRE + KO, pre=PRE_DRAWN),
    # the same tie with the knockout already drawn: its draw settles it, and says so
    "qualify-tie-drawn": knockout(6, PRE + KO, pre=PRE_DRAWN, **{"round-1": ko_round(1, ko_table(1, "D01", "D02"))}),
    "knockout-winner-not-at-table": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04", DRAWN, ", winner: D02"))}),
    "knockout-not-in-bracket": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON))}),
    # the semi-final won by D01 corrected (D04 through) after the final was drawn D01 v D02
    "knockout-drawn-before-correction": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04", "{1: {open: D04 8, closed: D04 5}}"),
                                                                           ko_table(2, "D02", "D03", "{1: {open: D02 8, closed: D02 5}}")),
                                                       "round-2": ko_round(2, ko_table(1, "D01", "D02"))}),
    # the same semi-final's result cleared after the final was drawn D01 v D02
    "knockout-drawn-before-undecided": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04"),
                                                                          ko_table(2, "D02", "D03", "{1: {open: D02 8, closed: D02 5}}")),
                                                      "round-2": ko_round(2, ko_table(1, "D01", "D02"))}),
    "knockout-tie": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04", DRAWN), ko_table(2, "D02", "D03"))}),
    "knockout-winner-contradicts": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04", WON, ", winner: D04"))}),
    "knockout-match-missing": knockout(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04", WON))}),
    "pair-knockout-decided": knockout_decided,
    "pair-knockout-undecided": knockout_pair(4, **{"round-1": ko_round(1, ko_table(1, "D01", "D04", WON), ko_table(2, "D02", "D03"))}),
    "pair-knockout-no-field": knockout_pair(6, PRE + KO),
    # the qualifying stage over, tied at the cut: the results are in, the tie is what waits
    "pair-knockout-tied": knockout_pair(6, PRE + KO, pre=PRE_DRAWN),
    "knockout-no-third-place": knockout(3, KO + "    third_place: true\n"),
    "knockout-then-order": knockout(4, KO + "    then: later\n  - {id: later, format: matches}\n"),
    "knockout-places-without-then": knockout(4, KO + "    places: 8\n"),
    "qualify-lot": knockout(6, PRE.replace("rank_by: [match_points]", "rank_by: [match_points, lot]") + KO, pre=PRE_DRAWN),
    "knockout-seeding-changed": knockout(4, PRE + KO, **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D03 5}}"), stage="pre"),
                                                        "ko-1": ko_round(1, ko_table(1, "D02", "D04"))}),
    # pre's qualifiers D01 and D03; its round robin drawn D01 v D02 by pair (the field it records)
    "qualifiers-changed": knockout(4, PRE.replace("to: ko", "to: rr") + "  - {id: rr, name: 循环赛, format: round_robin, rounds: 1}\n",
                                   **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D03 5}}"), stage="pre"),
                                      "rr-1": "# draw-order: D01=3 D02=3\n" + ko_round(1, ko_table(1, "D01", "D02"), stage="rr")}),
    # the same round robin drawn D01 v D03 (both 2, as now) when pre's advance count was 2; it is 4 now
    "qualifiers-advance-changed": knockout(4, PRE.replace("to: ko", "to: rr").replace("count: 2", "count: 4") + "  - {id: rr, name: 循环赛, format: round_robin, rounds: 1}\n",
                                           **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D03 5}}"), stage="pre"),
                                              "rr-1": "# draw-order: D01=2 D03=2\n" + ko_round(1, ko_table(1, "D01", "D03"), stage="rr")}),
    # the same, D03 v D04 drawn: D03 and D04 tie at place 2, and the round robin drawn D01 v D03
    "qualify-tie-field-drawn": knockout(4, PRE.replace("to: ko", "to: rr") + "  - {id: rr, name: 循环赛, format: round_robin, rounds: 1}\n",
                                        **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D04 8}}"), stage="pre"),
                                           "rr-1": "# draw-order: D01=3 D03=3\n" + ko_round(1, ko_table(1, "D01", "D03"), stage="rr")}),
    "knockout-then-incomplete": knockout(2, "  - {id: pre, name: 预赛, format: swiss, rounds: 2, rank_by: [match_points]}\n"
                                         + KO + "    seeding: [D01, D02]\n    then: pre\n",
                                         **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), stage="pre"),
                                            "ko-1": ko_round(1, ko_table(1, "D01", "D02", WON))}),
    # pre's round robin drawn D01 v D03 by pair (its # draw-rules: records the format), written a knockout since
    "stage-format-changed": knockout(4, PRE + KO, **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D03 5}}"), stage="pre"),
                                                    "ko-1": "# draw-order: D01=3 D03=3\n# draw-rules: count=2 rank_by=match_points drawn_as=round_robin\n"
                                                    + ko_round(1, ko_table(1, "D01", "D03"))}),
    "round-seeds-unused": knockout(4, PRE + KO, **{"round-1": PRE_DRAWN.replace("tables:", "seeds: [D01]\ntables:")}),
    "round-seeds-unknown": knockout(4, KO, **{"ko-1": ko_round(1, ko_table(1, "D01", "D04")).replace(
        "tables:", "seeds: [D01, D09, D03, D04]\ntables:")}),
    "round-seeds-duplicate": knockout(4, KO, **{"ko-1": ko_round(1, ko_table(1, "D01", "D04")).replace(
        "tables:", "seeds: [D01, D01, D03, D04]\ntables:")}),
    "round-seeds-field": knockout(4, PRE + KO, **{"round-1": ko_round(1, ko_table(1, "D01", "D02", WON), ko_table(2, "D03", "D04", "{1: {open: D03 8, closed: D03 5}}"), stage="pre"),
                                                 "ko-1": ko_round(1, ko_table(1, "D01", "D03")).replace("tables:", "seeds: [D01]\ntables:")}),
    # bridge
    "bridge-board-syntax": edit(B, (PRELIM, "      3: 3C N -2\n", "      3: 3C Q -2\n")),
    "bridge-impossible-result": edit(B, (PRELIM, "      3: 3C N -2\n", "      3: 7NT N +1\n")),
    "bridge-score-mismatch": edit(B, (FINAL, "4: 4HX S -2 -500", "4: 4HX S -2 -300")),
    "bridge-team-match-not-teams": edit(B, (FINAL, "    ns: A26\n    ew: A22\n", "    home: A26\n    away: A22\n")),
    "bridge-pairs-table-in-teams": edit(BT, ("results/round-1.yaml", "    home: T1\n    away: T6\n", "    ns: T1\n    ew: T6\n")),
    # The demo's no-show (prelim table 12, forfeit: A01) without the substitutes' boards.
    "bridge-seat-unplayed": edit(B, (PRELIM, "    referee: 周强\n    boards:\n      1: 3NT N -1 -50\n      2: 3D S +2 150\n"
                                             "      3: 3NT W -1\n      4: 5D W = -400\n      5: 4H N -1 -50\n"
                                             "      6: 4H N -1\n      7: 3D S =\n      8: 3NT S -1\n", "    referee: 周强\n")),
    "board-number-range": edit(B, (PRELIM, "      8: 1NT E -1\n", "      8: 1NT E -1\n      9: pass\n")),
    "board-number-invalid": edit(B, (PRELIM, "      8: 1NT E -1\n", "      8: 1NT E -1\n      0: pass\n")),
    "board-number-largest": edit(BP, (R1, "      2: 3NT W -1\n", "      2: 3NT W -1\n      1001: pass\n")),
    "boards-missing": edit(B, (PRELIM, "      8: 1NT E -1\n", "")),
    # Guandan
    "guandan-deal-syntax": edit(G, (R1, "deals: [T45+3, T45+2,", "deals: [T45+3, T45 two,")),
    "guandan-gain-range": edit(G, (R1, "deals: [T45+3, T45+2,", "deals: [T45+3, T45+5,")),
    "guandan-team-not-at-table": edit(G, (R1, "deals: [T45+3, T45+2,", "deals: [T45+3, T99+2,")),
    "guandan-penalty-team-not-at-table": edit(G, (R1, "levels: {T47: K, T48: 8}",
                                                   "levels: {T47: K, T48: 8}\n    penalties: [{team: T99, levels: 1}]")),
    "guandan-levels-team-not-at-table": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8, T99: 9}")),
    "guandan-after-pass": edit(G, (R1, "T21+2, T21+2, T21+3]", "T21+2, T21+2, T21+3, T14+1]")),
    "guandan-tie-no-winner": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: K}")),
    "guandan-winner-mismatch": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8}\n    winner: T48")),
    "guandan-winner-not-at-table": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8}\n    winner: T99")),
    "guandan-winner-alone": edit(G, (R1, "levels: {T47: K, T48: 8}", "winner: T47")),
    "guandan-level-invalid": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: Z, T48: 8}")),
    "guandan-levels-missing": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K}")),
    "guandan-both-passed": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: A+, T48: A+}")),
    "guandan-levels-mismatch": edit(G, (R1, "T50+1, T45+3]\n", "T50+1, T45+3]\n    levels: {T45: 2, T50: 2}\n")),
    "guandan-forfeit-with-record": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8}\n    forfeit: T48")),
    "guandan-forfeit-list": edit(G, (R1, "levels: {T47: K, T48: 8}", "forfeit: [T47, T49]")),
    "guandan-bye-with-record": edit(G, (R1, T3, "  - table: 3\n    teams: [T47]\n    levels: {T47: K}\n")),
    "guandan-teams-count": edit(G, (R1, "teams: [T47, T48]", "teams: [T47, T48, T49]")),
    "guandan-draw-winner": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    draws: true\n"),
                                (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: K}\n    winner: T47")),
    "guandan-record-alone": edit(G, (R1, "levels: {T47: K, T48: 8}", "penalties: [{team: T48, levels: 1}]")),
    "guandan-penalty-unreadable": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8}\n    penalties: [T48 1]")),
    "guandan-penalty-range": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8}\n    penalties: [{team: T48, levels: 0}]")),
    "guandan-rooms-expected": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    team_size: 4\n")),
    "guandan-rooms-unexpected": edit(G, (R1, "levels: {T47: K, T48: 8}", "rooms: {open: {levels: {T47: K, T48: 8}}}")),
    "guandan-rooms-incomplete": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    team_size: 4\n"), (
        R1, "levels: {T47: K, T48: 8}", "rooms: {open: {levels: {T47: K, T48: 8}}}\n    winner: T47")),
    "guandan-room-pending": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    team_size: 4\n"), (
        R1, "levels: {T47: K, T48: 8}", "rooms: {open: {levels: {T47: K, T48: 8}}}")),
    "guandan-rooms-lot": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    team_size: 4\n"), (
        R1, "levels: {T47: K, T48: 8}", "rooms: {open: {levels: {T47: K, T48: 8}}, closed: {levels: {T47: 8, T48: K}}}")),
    "guandan-tiebreak-not-tied": edit("guandan-ko", ("results/ko-round-1.yaml", "levels: {T08: K, T21: \"8\"}",
                                                     "levels: {T08: K, T21: \"8\"}\n    tiebreak_deal: T08")),
    "guandan-tiebreak-not-at-table": edit("guandan-ko", ("results/ko-round-1.yaml", "levels: {T08: K, T21: \"8\"}",
                                                         "levels: {T08: K, T21: \"8\"}\n    tiebreak_deal: T99")),
    "guandan-forfeit-both-knockout": edit("guandan-ko", ("results/ko-round-1.yaml", "levels: {T08: K, T21: \"8\"}",
                                                          "forfeit: [T08, T21]")),
    "guandan-tiebreak-not-knockout": edit(G, (R1, "levels: {T47: K, T48: 8}", "levels: {T47: K, T48: 8}\n    tiebreak_deal: T48")),
    "guandan-rooms-draw-winner": edit(G, (EV, GD_ATTEMPTS, GD_ATTEMPTS + "    team_size: 4\n    draws: true\n"), (
        R1, "levels: {T47: K, T48: 8}",
        "rooms: {open: {levels: {T47: K, T48: 8}}, closed: {levels: {T47: 8, T48: K}}}\n    winner: T47")),
    # 大怪路子
    "daguai-board-syntax": edit(D, (R1, DG1, "      1: {open: D07 five, closed: D02 3}\n")),
    "daguai-points-impossible": edit(D, (R1, DG1, "      1: {open: D07 7, closed: D02 3}\n")),
    "daguai-team-not-at-table": edit(D, (R1, DG1, "      1: {open: D09 5, closed: D02 3}\n")),
    "daguai-room-missing": edit(D, (R1, DG1, "      1: {}\n")),
    "room-pending": edit(D, (R1, DG1, "      1: {open: D07 5}\n")),
    "daguai-room-not-played": edit(D, (R1, DG1, "      1: {open: np, closed: D02 3}\n")),
    "daguai-boards-missing": edit(D, (R1, DG1, "")),
    "daguai-match-all-not-played": edit(D, (R1, DG1 + "      2: {open: D02 3, closed: D02 1}\n      3: {open: D02 1, closed: D07 0}\n"
                                                "      4: {open: D07 5, closed: D02 8}\n      5: {open: D07 1, closed: D02 3}\n"
                                                "      6: {open: D07 8, closed: D07 5}\n",
                                                "".join(f"      {n}: np\n" for n in range(1, 7)))),
    "daguai-violation-not-at-table": edit(D, (R1, "    away: D07\n", "    away: D07\n    violations: [D09]\n")),
    # A 大怪路子 match written as both teams' forfeit: Guandan's alone has a double forfeit.
    "forfeit-double-not-in-game": edit(D, (R1, "    away: D07\n", "    away: D07\n    forfeit: [D02, D07]\n")),
    # One side's forfeit written as a list of one: a list names both sides.
    "bye-with-forfeit": _bye_with_forfeit,
    "sit-out-with-forfeit": _sit_out_with_forfeit,
    "entry-withdrawn-sit-out-later": _withdrawn_sit_out_later,
    "forfeit-listed-alone": edit(D, (R1, "    away: D07\n", "    away: D07\n    forfeit: [D07]\n")),
    "daguai-forfeit-with-play": edit(D, (R1, "    away: D07\n", "    away: D07\n    forfeit: D07\n")),
    "daguai-bye-with-play": edit(D, (R1, "    home: D02\n    away: D07\n", "    home: D02\n")),
    # 80分
    "shengji-points-syntax": edit(S, (R1, SJ1, "1: {open: abc, closed: 130}")),
    "shengji-points-step": edit(S, (R1, SJ1, "1: {open: 87, closed: 130}")),
    "shengji-points-range": edit(S, (R1, SJ1, "1: {open: 500, closed: 130}")),
    "shengji-breakdown": edit(S, (R1, SJ1, "1: {open: {tricks: 60, kitty: 25}, closed: 130}")),
    "shengji-breakdown-sum": edit(S, (R1, SJ1, "1: {open: {points: 100, tricks: 60, kitty: 25, x: 2}, closed: 130}")),
    "shengji-room-missing": edit(S, (R1, SJ1, "1: {}")),
    "shengji-room-not-played": edit(S, (R1, SJ1, "1: {open: np, closed: 130}")),
    "shengji-boards-missing": edit(S, (R1, "      8: {open: 115, closed: 35}\n", "")),
    "shengji-match-all-not-played": edit(S, (R1, "".join(f"      {n}: {{open: {o}, closed: {c}}}\n" for n, o, c in (
        (1, 85, 130), (2, 125, 40), (3, 45, 125), (4, 120, 60), (5, 50, 115), (6, 85, 55), (7, 110, 85), (8, 115, 35))),
        "".join(f"      {n}: np\n" for n in range(1, 9)))),
    "shengji-board-without-rooms": edit(S, (R1, SJ1, "1: {note: redealt}")),
    "shengji-penalty-waiting": edit(S, (R1, SJ1, "1: {open: 85, penalty: {room: closed, against: home, points: 10}}")),
    "shengji-penalty": edit(S, (R1, SJ1, "1: {open: {points: 85, penalty: {against: XX, points: 20}}, closed: 130}")),
    "shengji-pairs-only": edit(S, (R1, SJ1, "1: {open: {adjusted: NS}, closed: 130}")),
    "shengji-team-only": edit(SP, (EV, "    rank_by: [percent, mp]\n", "    rank_by: [percent, mp]\n    bye: {match_points: 3}\n")),
    "shengji-board-table": edit(S, (EV, SJ_RANK, SJ_RANK + "    board_table: {1: Q 2}\n")),
    "shengji-board-table-gap": edit(S, (EV, SJ_RANK, SJ_RANK + "    board_table: {1: N 2, 3: S 4}\n")),
    "shengji-conversion": edit(S, (EV, SJ_RANK, SJ_RANK + '    conversion: {"5-10": 1}\n')),
    "shengji-adjusted": edit(SP, (R1, "      1: 90\n", "      1: {adjusted: XX}\n")),
    "shengji-pairs-points-syntax": edit(SP, (R1, "      1: 90\n", "      1: adjusted NS\n")),
    "shengji-not-played": edit(SP, (R1, "      1: 90\n", "      1: {not_played: true, points: 90}\n")),
    "shengji-board-count": edit(SP, (R1, "      2: 75\n", "")),
    "shengji-board-short": edit(SP, (R1, "      2: 75\n", "")),
    "shengji-board-twice": edit(SP, (R2, "      3: 150\n", "      1: 150\n")),
    "bridge-adjusted-syntax": edit(BP, (R1, "      2: 3NT W -1\n", "      2: {adjusted: {NS: 60}}\n")),
    "bridge-weighted-syntax": edit(BP, (R1, "      2: 3NT W -1\n", "      2: 60% 3NT W -1, 50% 3NT W =\n")),
    "bridge-board-count": edit(BP, (R1, "      2: 3NT W -1\n", "")),
    "bridge-match-board-count": edit(BT, (R1, BT1, "")),
    # the stage's boards: 8 taken out (commented): a match of 7 boards is short of the game's 8
    "bridge-match-default-board-count": edit(BT, (EV, "    boards: 8 ", "    # boards: 8 "), (R1, BT1, "")),
    # (a table not written at all: its boards short; one written without a board: left out)
    "bridge-board-short": edit(BP, (R1, "  - table: 1\n    ns: P01\n    ew: P11\n    boards:\n"
                                        "      1: {contract: 4H, by: N, result: \"+2\", lead: D8}\n"
                                        "      2: 3NT W -1\n      3: 3D E +1\n", "")),
    "bridge-board-left-out": edit(BP, (R1, "      2: 3NT W -1\n", "")),
    # 20 pairs, a Mitchell of 10 tables: 10 sets of 3 boards, numbered 1 to 30
    "bridge-board-range": edit(BP, (R1, "      2: 3NT W -1\n", "      31: 3NT W -1\n")),
    "bridge-board-twice": edit(BP, (R2, "      7: 2S E +1\n", "      1: 2S E +1\n")),
    "pairs-late-entry": late_pair_drawn,
    "pairs-late-grown": late_pair_grown,
    "pairs-board-again": board_drawn_again,
    "pairs-meet-twice": edit(BP, (R2, "    ns: P01\n    ew: P20\n", "    ns: P01\n    ew: P1X\n"),
                             (R2, "    ns: P02\n    ew: P11\n", "    ns: P02\n    ew: P20\n"),
                             (R2, "    ew: P1X\n", "    ew: P11\n")),
    "bridge-hands-syntax": edit(BP, ("hands.pbn", '[Deal "N:AQ.AKJ7653.3.AQ2 ', '[Deal "N:AQ.AKJ7653.3.AQ2Z ')),
    "bridge-room-missing": edit(BT, (R1, BT1, "      1: {}\n")),
    "bridge-adjusted-in-room": edit(BT, (R1, BT1, "      1: {open: A=, closed: 1S S -1}\n")),
    "bridge-room-not-played": edit(BT, (R1, BT1, "      1: {open: np, closed: 1S S -1}\n")),
    "bridge-match-all-not-played": edit(BT, (R1, "      1: {open: 1NT S =, closed: 1S S -1}\n      2: {open: 1NT E -3, closed: 2S N +1}\n      3: {open: 1H W -1, closed: 1NT W -1}\n      4: {open: 3NT E -2, closed: 5C E +1}\n      5: {open: 1S S +1, closed: 2C N =}\n      6: {open: 4H E +1, closed: 4H W +1}\n      7: {open: 3NT N =, closed: 3NT S -1}\n      8: {open: 1NT S =, closed: 1NT N =}\n",
                                                "".join(f"      {n}: np\n" for n in range(1, 9)))),
    # round 1 plays 1-8, round 2 9-16: board 1 typed 12 in round 1; board 9 typed 1 in round 2
    "bridge-team-board-round": edit(BT, (R1, BT1, "      12: {open: 1NT S =, closed: 1S S -1}\n")),
    # every round written plays 1-8 and the stage does not say so
    "bridge-team-boards-same": renumbered_each_round(BT),
    "bridge-team-board-twice": edit(BT, (R2, "      9: {open: 4S E -1, closed: 4SX W -2}\n",
                                         "      1: {open: 4S E -1, closed: 4SX W -2}\n")),
    "bye-with-play": edit(BT, (R1, "    home: T1\n    away: T6\n", "    home: T1\n")),
    "forfeit-with-play": edit(BT, (R1, "    away: T6\n", "    away: T6\n    forfeit: T6\n")),
    "bridge-key-not-here": edit(BT, (EV, "    rounds: 5\n", "    rounds: 5\n    field: directions\n")),
    "bridge-adjustment-kind": edit(BT, (EV, "    rounds: 5\n", "    rounds: 5\n    adjustments: [{entry: T1, imps: 1, mp: 2}]\n")),
    "bridge-adjustment-entry": edit(BP, (EV, "    rounds: 9\n", "    rounds: 9\n    adjustments: [{entry: P99, mp: -2}]\n")),
}


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_a_trigger_that_raises_it(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trigger = TRIGGERS.get(code)
    assert trigger is not None, f"{code}: no trigger (a new code needs one; a code nothing raises is dead)"
    found = trigger(tmp_path, monkeypatch)
    assert code in found, f"{code} not raised; got {sorted(found)}"


# Shared codes that more than one game raises, the other games' triggers (TRIGGERS has one each).
OTHER_GAMES_TRIGGERS = {
    ("bye-with-play", "shengji"): edit(S, (R1, "    away: T08\n", "")),
    ("forfeit-double-not-in-game", "shengji"): edit(S, (R1, "    away: T08\n", "    away: T08\n    forfeit: [T08, T01]\n")),
    ("forfeit-listed-alone", "shengji"): edit(S, (R1, "    away: T08\n", "    away: T08\n    forfeit: [T08]\n")),
    ("forfeit-listed-alone", "bridge"): edit(BT, (R1, "    away: T6\n", "    away: T6\n    forfeit: [T6]\n")),
    ("forfeit-listed-alone", "guandan"): edit(G, (R1, "levels: {T47: K, T48: 8}", "forfeit: [T47]")),
    ("forfeit-double-not-in-game", "bridge"): edit(BT, (R1, "    away: T6\n", "    away: T6\n    forfeit: [T6, T1]\n")),
    ("forfeit-with-play", "shengji"): edit(S, (R1, "    away: T08\n", "    away: T08\n    forfeit: T08\n")),
    ("room-pending", "shengji"): edit(S, (R1, SJ1, "1: {open: 85}")),
    ("room-pending", "bridge"): edit(BT, (R1, BT1, "      1: {open: 1NT S =}\n")),
    ("pairs-meet-twice", "shengji"): edit(SP, (R2, "    ns: P01\n    ew: P16\n", "    ns: P01\n    ew: P09\n"),
                                          (R2, "    ns: P02\n    ew: P09\n", "    ns: P02\n    ew: P16\n")),
}


@pytest.mark.parametrize(("code", "game"), OTHER_GAMES_TRIGGERS, ids=str)
def test_a_shared_code_is_raised_by_each_game_that_uses_it(code: str, game: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    assert code in CODES and code in OTHER_GAMES_TRIGGERS[code, game](tmp_path, monkeypatch)


def test_no_trigger_for_a_code_that_is_not_catalogued() -> None:
    assert sorted(set(TRIGGERS) - set(CODES)) == []


@pytest.mark.parametrize("seeding", ["", "    seeding: [D06, D05, D04, D03, D02, D01]\n"], ids=["qualifiers", "seeding-list"])
def test_a_knockout_waiting_for_its_field_says_to_finish_the_stage_before_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeding: str) -> None:
    """pair-knockout-no-field: the qualifiers of the stage advancing to the knockout are not
    known until that stage is over, a seeding list or not; the fix names what to finish and how
    to see it is, never "list the seeding" (a list waits for that stage too)."""
    root = knockout_tree(tmp_path, 6, PRE + KO + seeding, {})
    assert main(["pair", "ko", "ko", "--content", str(root), "--lang", "en"]) == 1
    said = capsys.readouterr().err
    assert "the field of knockout ko is not known yet" in said
    assert "advance: {to: ko}" in said and "paibang check" in said and "list the seeding" not in said
