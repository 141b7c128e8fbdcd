"""The desk's saves at a mass event's size (2,000 teams, 1,000 tables a round): a save into the
text the desk itself last wrote round-trips only the saved tables' lines and splices them in
(store.RoundEdit). What it writes must be, byte for byte, what the whole round trip of the file
writes (comments, blank lines, flow style, CRLF); a hand edit made between two saves is never
written over (the save after it is spliced into the file as the hand left it, against its fast
reading: Writer.known_of); tables saved together all land.
No timing here: bench/desk_saves.py measures the cost."""

from __future__ import annotations

import copy
import inspect
import random
import re
from pathlib import Path
from typing import Any

import pytest

from generator import cli
from generator.desk import forms, store
from generator.desk.store import (
    Known, RoundEdit, apply_record, drop_comment_lines, dump_round_trip, fast_reading, load_round_trip, set_record,
    with_board_keys_kept,
)
from tests.test_desk_records import SLUG, make, results

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("boards", "deals", "levels", "rooms", "winner", "forfeit")


def known(text: str) -> Known:
    """The text as the desk's last save left it (Writer.known)."""
    return Known(text, fast_reading(text, Path("round-1.yaml")))


def save(text: str, records: dict[int, dict[str, Any]], splice: bool, keys: tuple[str, ...] = KEYS,
         examples: Any = None) -> str:
    """The text after the tables' `records` are saved together (one batch, as the Writer makes
    it), spliced or by the whole round trip; a splice asserted to be one that passed its check."""
    edit = RoundEdit(text, list(records), known(text) if splice else None)
    assert edit.spliced == splice
    for number, record in records.items():
        table = edit.table(number)
        assert table is not None, number
        set_record(table, with_board_keys_kept(table, copy.deepcopy(record)), keys)
        if examples is not None:
            drop_comment_lines(table, examples(number, record), edit.tables(number))
    new = edit.render()
    assert new is not None  # (a splice that failed its check would be made whole: it must not fail here)
    return new


def alike(text: str, records: dict[int, dict[str, Any]], keys: tuple[str, ...] = KEYS, examples: Any = None) -> str:
    """What the whole round trip writes, asserted to be what the splice writes."""
    whole = save(text, records, False, keys, examples)
    assert save(text, records, True, keys, examples) == whole
    return whole


def the_round_trips(text: str) -> str:
    """The text as the desk's first save leaves it (the whole round trip), asserted written back
    as it is by the round trip: the ground a splice stands on (store's comment on RoundEdit)."""
    once = dump_round_trip(load_round_trip(text))
    assert dump_round_trip(load_round_trip(once)) == once
    return once


# --- the existing desk cases, each made both ways -----------------------------------------------


def test_every_edit_case_of_the_desk_splices_to_what_the_whole_round_trip_writes(monkeypatch) -> None:  # noqa: ANN001
    """Each save of tests/test_desk_edits.py (comments beside and below boards, boards of one room
    a line, a table's result cleared, a forfeit added after boards), made again into the text the
    desk's first save would leave, spliced and whole: the same bytes."""
    from tests import test_desk_edits as edits

    made = []

    def both(text: str, number: int, record: dict[str, Any], keys: tuple[str, ...], *rest: Any) -> Any:
        alike(the_round_trips(text), {number: record}, keys)
        made.append(number)
        return apply_record(text, number, record, keys, *rest)

    monkeypatch.setattr(edits, "apply_record", both)
    cases = [case for name, case in vars(edits).items() if name.startswith("test_") and callable(case)
             and not inspect.signature(case).parameters and "apply_record" in inspect.getsource(case)]
    assert len(cases) >= 8
    for case in cases:
        case()
    assert len(made) >= 10


def test_every_demo_round_splices_to_what_the_whole_round_trip_writes() -> None:
    """Every results file of the demo events (bridge boards, Guandan deals, teams of four's rooms,
    knockouts' winners, comments among them): its first and last table, and two tables
    side by side saved together, with a result, a correction or a result cleared."""
    records = [{"levels": {"T01": "Q", "T02": 9}},
               {"boards": {1: {"open": 85, "closed": 40}, 2: 30}, "forfeit": "T02"},
               {"deals": ["T01+3", "T02+1"]},
               {}]
    files = sorted(ROOT.glob("content/events/*/results/*.yaml"))
    assert len(files) >= 10
    for path in files:
        text = the_round_trips(path.read_text(encoding="utf-8"))
        numbers = [item["table"] for item in load_round_trip(text)["tables"]]
        picks = ([numbers[0]], [numbers[-1]], numbers[len(numbers) // 3:][:2])
        for at, picked in enumerate(picks):
            alike(text, {number: records[(at + len(numbers)) % len(records)] for number in picked})


# --- a mass round: 1,000 tables, as `paibang pair` draws it ----------------------------------------


@pytest.fixture(scope="module")
def mass(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """content/ with one Guandan event of 2,000 teams, round 1 (1,000 tables) drawn by `paibang pair`."""
    root = make(tmp_path_factory.mktemp("mass"), "format: swiss\nrounds: 3\n", "", count=2000)
    results(root).unlink()
    assert cli.main(["pair", SLUG, "main", "--content", str(root)]) == 0
    return root


def test_a_mass_round_saved_table_after_table_splices_to_what_the_whole_round_trip_writes(mass: Path) -> None:
    """Saves in a round of 1,000 tables drawn by `paibang pair`, one after another as the day goes:
    single tables, tables side by side and far apart saved together, the first and the last, a
    result corrected, a round's example comments taken out as the Writer takes them (the record
    stands for its example): spliced, the very bytes of the whole round trip, at each save."""
    from generator.desk.app import Desk

    desk = Desk(mass, SLUG, None, None, build=False)
    spots = {number: desk.spot("main", 1, number) for number in range(1, 1001)}
    text = the_round_trips(results(mass).read_text(encoding="utf-8"))
    assert len(text) > 100_000 and "# deals: [" in text

    def examples(number: int, record: dict[str, Any]) -> Any:
        return forms.example_lines(spots[number], record)

    def record(number: int, kind: int) -> dict[str, Any]:
        a, b = spots[number].sides
        return [{"levels": {a: "Q", b: 9}}, {"deals": [f"{a}+3", f"{b}+1", f"{b} foul"]},
                {"levels": {a: "A", b: 7}}][kind % 3]

    chance = random.Random(20261206)
    batches = [[1], [1000], [2, 3], [1, 999, 500, 501, 502], [3, 4, 999, 1000]]
    batches.append(chance.sample(range(5, 499), 3))
    for step, numbers in enumerate(batches):
        keys = forms.record_keys(spots[numbers[0]])
        text = alike(text, {number: record(number, step) for number in numbers}, keys, examples)
    assert dump_round_trip(load_round_trip(text)) == text
    assert text.count("\n    levels: {") + text.count("\n    deals: [T") == len({n for numbers in batches for n in numbers})


# --- the Writer: splices, a hand edit between saves, two tables at once --------------------------

TABLES = "".join(f"  - table: {n}\n    teams: [T{2 * n - 1:02d}, T{2 * n:02d}]\n"
                 f"    # deals: [T{2 * n - 1:02d}+3]   or   levels: {{T{2 * n - 1:02d}: Q, T{2 * n:02d}: 9}}\n"
                 for n in range(1, 7))


def desk_and_writer(tmp_path: Path) -> tuple[Any, Any]:
    from generator.desk.app import Desk, Writer

    root = make(tmp_path, "format: swiss\nrounds: 1\n", TABLES, count=12)
    desk = Desk(root, SLUG, None, None, build=False)
    return desk, Writer(desk, results(root))


def job(desk: Any, number: int, record: dict[str, Any]) -> Any:
    from generator.desk.app import Job, Who

    spot = desk.spot("main", 1, number)
    filed = forms.as_filed(spot, forms.current_table(spot, spot.path.read_text(encoding="utf-8")))
    return Job(spot, record, Who("admin", "-"), f"main/1/{number}", filed)


def expected(desk: Any, text: str, records: dict[int, dict[str, Any]]) -> str:
    """What the whole round trip of `text` writes for these saves, as the Writer makes them."""
    spot = desk.spot("main", 1, 1)
    return save(text, records, False, forms.record_keys(spot),
                lambda number, record: forms.example_lines(desk.spot("main", 1, number), record))


def whole_texts_read(monkeypatch) -> list[str]:  # noqa: ANN001
    """The texts the round trip reads from now on that are a whole round's file (not a splice's lines)."""
    read: list[str] = []
    function = store.load_round_trip

    def counted(text: str) -> Any:
        if not text.startswith("tables:\n"):
            read.append(text)
        return function(text)

    monkeypatch.setattr(store, "load_round_trip", counted)
    return read


def test_a_save_into_the_desks_own_last_write_is_spliced_and_writes_what_the_whole_round_trip_does(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    desk, writer = desk_and_writer(tmp_path)
    read = whole_texts_read(monkeypatch)
    first = job(desk, 1, {"levels": {"T01": "Q", "T02": 9}})
    writer._apply([first])
    assert first.saved and read == []  # (the file as `pair` or a hand wrote it: spliced too, Writer.known_of)
    before = writer.path.read_text(encoding="utf-8")
    second = job(desk, 4, {"deals": ["T07+3", "T08+1"]})
    writer._apply([second])
    assert second.saved and read == []  # spliced: no reading of the whole file
    after = writer.path.read_text(encoding="utf-8")
    assert after == expected(desk, before, {4: {"deals": ["T07+3", "T08+1"]}})
    assert "    deals: [T07+3, T08+1]\n" in after and "# deals: [T05+3]" in after
    assert second.filed == forms.as_filed(second.spot, forms.current_table(second.spot, after))
    assert [line["table"] for line in map(eval_json, audit_lines(desk))] == [1, 4]


def eval_json(line: str) -> dict[str, Any]:
    import json

    return json.loads(line)


def audit_lines(desk: Any) -> list[str]:
    return (desk.folder / store.AUDIT_NAME).read_text(encoding="utf-8").splitlines()


def test_a_crlf_file_spliced_keeps_its_line_ends(tmp_path: Path) -> None:
    desk, writer = desk_and_writer(tmp_path)
    writer.path.write_bytes(writer.path.read_bytes().replace(b"\n", b"\r\n"))
    writer._apply([job(desk, 6, {"levels": {"T11": "Q", "T12": 9}})])
    before = writer.path.read_bytes().decode("utf-8")
    writer._apply([job(desk, 5, {"levels": {"T09": "K", "T10": 2}})])
    assert writer.known is not None
    want = expected(desk, before.replace("\r\n", "\n"), {5: {"levels": {"T09": "K", "T10": 2}}})
    assert writer.path.read_bytes() == want.replace("\n", "\r\n").encode("utf-8")
    assert b"\n" not in writer.path.read_bytes().replace(b"\r\n", b"")


def test_a_hand_edit_between_two_saves_is_kept_and_the_save_after_it_is_spliced_into_it(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The secretary edits the file in an editor between two saves (a comment, table 3's result
    typed without the space the desk writes, table 6's levels far from the saved table): the next
    save reads the file as it is now with the fast reader, keeps every change of the hand's, and
    splices the saved table's lines into it (no whole round trip: 4.7 s at 1,000 tables), the
    hand's lines outside the saved table's item as typed (the item after it too, table 3's
    `{T05: J,T06: 4}`, which the splice once wrote anew); its values are what the whole round
    trip of that text writes. The save after that splices again."""
    desk, writer = desk_and_writer(tmp_path)
    read = whole_texts_read(monkeypatch)
    writer._apply([job(desk, 1, {"levels": {"T01": "Q", "T02": 9}})])
    edited = writer.path.read_text(encoding="utf-8").replace(
        "  - table: 3\n", "  # the far end of the hall\n  - table: 3\n").replace(
        "    teams: [T05, T06]\n", "    teams: [T05, T06]\n    levels: {T05: J,T06: 4}\n").replace(
        "    teams: [T11, T12]\n", "    teams: [T11, T12]\n    levels: {T11: 7,T12:  A}   # by hand\n")
    writer.path.write_text(edited, encoding="utf-8")
    second = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
    writer._apply([second])
    assert second.saved and read == []  # the hand's text spliced into, not read whole
    after = writer.path.read_text(encoding="utf-8")
    whole = expected(desk, edited, {2: {"levels": {"T03": "A", "T04": 8}}})
    del read[:]  # (expected's own reading)
    path = Path("round-1.yaml")
    assert fast_reading(after, path) == fast_reading(whole, path) != fast_reading(edited, path)
    # both the hand's edits and the save in the file: tables 3's and 6's lines as typed, 6's comment too
    assert "  # the far end of the hall\n" in after and "    levels: {T05: J,T06: 4}\n" in after
    assert "    levels: {T11: 7,T12:  A}   # by hand\n" in after and "levels: {T03: A, T04: 8}" in after
    assert "levels: {T01: Q, T02: 9}" in after
    # every line before the saved table's item and from the next item's dash on as the hand left it
    assert after.split("  - table: 2\n")[0] == edited.split("  - table: 2\n")[0]
    assert after.split("  - table: 3\n")[1] == edited.split("  - table: 3\n")[1]
    assert [line["table"] for line in map(eval_json, audit_lines(desk))] == [1, 2]
    third = job(desk, 4, {"levels": {"T07": "3", "T08": 5}})
    writer._apply([third])
    assert third.saved and read == []  # the desk's own write again: spliced
    assert writer.path.read_text(encoding="utf-8") == save(after, {4: {"levels": {"T07": "3", "T08": 5}}}, True,
                                                           forms.record_keys(desk.spot("main", 1, 4)))
    assert "    levels: {T11: 7,T12:  A}   # by hand\n" in writer.path.read_text(encoding="utf-8")


def test_a_hand_edit_the_fast_reader_refuses_is_saved_by_the_whole_round_trip(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A hand edit the content loader reads with a problem (a key written twice in a table) is not
    spliced into: the save is the whole round trip, as before."""
    desk, writer = desk_and_writer(tmp_path)
    read = whole_texts_read(monkeypatch)
    edited = writer.path.read_text(encoding="utf-8").replace(
        "    teams: [T11, T12]\n", "    teams: [T11, T12]\n    levels: {T11: 7}\n    levels: {T12: 7}\n")
    writer.path.write_text(edited, encoding="utf-8")
    assert fast_reading(edited, Path("round-1.yaml")) is None
    second = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
    writer._apply([second])
    assert len(read) == 1


def test_two_tables_saved_together_both_land_spliced(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Saves waiting for the file's lock together are one batch (Writer): side by side (table 2 and
    3, whose lines touch) and far apart (1 and 6), each spliced, all landing, one audit line each."""
    desk, writer = desk_and_writer(tmp_path)
    writer._apply([job(desk, 4, {"levels": {"T07": "Q", "T08": 9}})])
    read = whole_texts_read(monkeypatch)
    records = {2: {"levels": {"T03": "Q", "T04": 9}}, 3: {"deals": ["T05+3", "T06+1"]},
               1: {"levels": {"T01": "2", "T02": "A"}}, 6: {"levels": {"T11": "K", "T12": 5}}}
    before = writer.path.read_text(encoding="utf-8")
    jobs = [job(desk, number, record) for number, record in records.items()]
    writer._apply(jobs)
    assert all(item.saved for item in jobs) and read == []
    after = writer.path.read_text(encoding="utf-8")
    assert after == expected(desk, before, records)
    assert re.findall(r"^    levels: \{T0[1-4].*", after, re.M) == ["    levels: {T01: '2', T02: A}",
                                                                     "    levels: {T03: Q, T04: 9}"]
    assert len(audit_lines(desk)) == 5


def test_a_splice_that_fails_its_check_is_saved_by_the_whole_round_trip(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """Should the whole text read after a splice not be the text before with the saved tables'
    lines (whatever the cause), the save is made again on the whole file: landed, and as the
    whole round trip writes it."""
    desk, writer = desk_and_writer(tmp_path)
    writer._apply([job(desk, 1, {"levels": {"T01": "Q", "T02": 9}})])
    reading = store.fast_reading
    misread_once = iter([1])

    def misread(text: str, path: Path) -> Any:
        found = reading(text, path)
        # the whole file with the splice's save: read otherwise (once: the whole round trip's
        # text, read back as well, reads as it is)
        if text.startswith("#") and "T05: K" in text and next(misread_once, None):
            found["round"] = 2
        return found

    monkeypatch.setattr(store, "fast_reading", misread)
    read = whole_texts_read(monkeypatch)
    before = writer.path.read_text(encoding="utf-8")
    saved = job(desk, 3, {"levels": {"T05": "K", "T06": 2}})
    writer._apply([saved])
    assert saved.saved and len(read) == 1
    assert writer.path.read_text(encoding="utf-8") == expected(desk, before, {3: {"levels": {"T05": "K", "T06": 2}}})


def held_unwritten(desk: Any, writer: Any, saved: Any, before: str, lines: int = 0) -> None:
    """The save held as not read back, the file and the audit log (`lines` long) as they were."""
    assert not saved.saved and saved.error is None and saved.unwritable is not None
    assert saved.unwritable.code == "desk-not-read-back" and saved.unwritable.params["path"] == "round-1.yaml"
    assert writer.path.read_text(encoding="utf-8") == before
    # (no log made for a save not written: it was opened, so made empty, before the text was read back)
    assert (desk.folder / store.AUDIT_NAME).exists() == bool(lines)
    assert len(audit_lines(desk) if lines else []) == lines


def test_the_whole_round_trip_is_read_back_before_it_is_written(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A file the splice cannot take (a key after `tables:`: the whole round trip), whose round
    trip writes another table's value otherwise (here made so; ruamel reads and writes a hand's
    text its own way): the whole text was written unread, table 6's levels changed without a
    word. It is read back as a splice is: the save held, said, nothing written."""
    desk, writer = desk_and_writer(tmp_path)
    edited = writer.path.read_text(encoding="utf-8").replace(
        "    teams: [T11, T12]\n", "    teams: [T11, T12]\n    levels: {T11: 7, T12: A}\n") + "note: by hand\n"
    writer.path.write_text(edited, encoding="utf-8")
    dump = store.dump_round_trip
    monkeypatch.setattr(store, "dump_round_trip", lambda data: dump(data).replace("T11: 7", "T11: 8"))
    saved = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
    writer._apply([saved])
    held_unwritten(desk, writer, saved, edited)
    # the same round trip writing table 6 as it was: saved, the whole way
    monkeypatch.setattr(store, "dump_round_trip", dump)
    again = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
    writer._apply([again])
    assert again.saved and "levels: {T03: A, T04: 8}" in writer.path.read_text(encoding="utf-8")


@pytest.mark.parametrize("layout", ["spliced", "whole"])
def test_a_nan_written_by_hand_elsewhere_reads_back_as_itself(tmp_path: Path, layout: str) -> None:
    """`note: .nan` in table 1 (YAML's not-a-number: a hand may type it), then table 2 saved:
    the check compared the values with ==, which a NaN never equals, so every save into the file
    was held as not reading back, the splice's and the whole round trip's alike."""
    desk, writer = desk_and_writer(tmp_path)
    edited = writer.path.read_text(encoding="utf-8").replace("    teams: [T01, T02]\n", "    teams: [T01, T02]\n    note: .nan\n")
    if layout == "whole":  # (a key after `tables:`: the whole round trip)
        edited += "note: by hand\n"
    writer.path.write_text(edited, encoding="utf-8")
    saved = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
    writer._apply([saved])
    assert saved.saved and saved.unwritable is None, saved.unwritable
    text = writer.path.read_text(encoding="utf-8")
    assert "levels: {T03: A, T04: 8}" in text and "    note: .nan\n" in text and len(audit_lines(desk)) == 1


def test_a_splice_that_fails_its_check_then_a_whole_round_trip_read_otherwise_hold_the_save(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The splice's check refused (the whole text read otherwise), and the whole round trip's
    text, which it fell back to, reads otherwise too: it was written unread. Held, nothing written."""
    desk, writer = desk_and_writer(tmp_path)
    writer._apply([job(desk, 1, {"levels": {"T01": "Q", "T02": 9}})])
    reading = store.fast_reading

    def misread(text: str, path: Path) -> Any:
        found = reading(text, path)
        if text.startswith("#") and "T05: K" in text:  # any whole file with the save in it
            found["round"] = 2
        return found

    monkeypatch.setattr(store, "fast_reading", misread)
    before = writer.path.read_text(encoding="utf-8")
    saved = job(desk, 3, {"levels": {"T05": "K", "T06": 2}})
    writer._apply([saved])
    held_unwritten(desk, writer, saved, before, 1)


def test_a_saves_form_is_filled_from_the_writers_reading_of_its_own_write_and_from_the_file_after_a_hand_edit(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A save's form is the file's table as the content loader reads it: after the desk's own
    write, the reading its splice was checked with (no reading of the whole file again); after a
    hand edit, the file as the hand left it (a result typed there is the form's, and a table's
    save over it is refused: a table saves once)."""
    from generator.desk.app import Who

    desk, _ = desk_and_writer(tmp_path)
    path = results(desk.content)
    texts: list[str] = []
    reading = forms.load_yaml_text

    def counted(text: str, *rest: Any) -> Any:
        if text.startswith("#"):  # (the whole file: not the one-table text the check reads)
            texts.append(text)
        return reading(text, *rest)

    monkeypatch.setattr(forms, "load_yaml_text", counted)

    def submit(number: int, typed: dict[str, str]) -> dict[str, Any]:
        spot = desk.spot("main", 1, number)
        filed = forms.as_filed(spot, forms.current_table(spot, path.read_text(encoding="utf-8")))
        del texts[:]  # (the page's reading, before the save)
        key = f"main/1/{number}"
        return desk.submit(spot, typed, Who("table", desk.tokens.table(key), key), True, "", filed)

    assert submit(1, {"level_a": "Q", "level_b": "9"})["saved"] and len(texts) == 1
    assert submit(2, {"level_a": "A", "level_b": "7"})["saved"] and texts == []
    assert "    levels: {T03: A, T04: 7}\n" in path.read_text(encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace(
        "    teams: [T05, T06]\n", "    teams: [T05, T06]\n    levels: {T05: J,T06: 4}\n"), encoding="utf-8")
    spot = desk.spot("main", 1, 3)
    assert desk.filed_table(spot, path.read_text(encoding="utf-8"))["levels"] == {"T05": "J", "T06": 4}
    outcome = submit(3, {"level_a": "2", "level_b": "3"})
    assert not outcome["saved"] and outcome["refused"] == "desk_once" and len(texts) == 1
    assert "levels: {T05: J,T06: 4}" in path.read_text(encoding="utf-8")


def test_a_hand_edit_saved_while_the_desk_saves_is_kept(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """An editor saves the file between the desk's reading of it and its write (the desk's lock
    is its own): the desk's text replaced the hand's without a word (rev86). The file is read
    again before it is replaced, and the save made again on the hand's text: both land, with one
    audit line. A file that keeps changing refuses the save as changed since its form was filled,
    the hand's last text left as it is."""
    desk, writer = desk_and_writer(tmp_path)
    edits = iter([1])
    real = writer._edit

    def with_a_hand(batch: Any, edit: Any) -> Any:
        if next(edits, None) is not None:  # (the editor's save, once, while the desk edits its reading)
            writer.path.write_text(writer.path.read_text(encoding="utf-8").replace(
                "    teams: [T09, T10]\n", "    teams: [T09, T10]\n    levels: {T09: K, T10: 5}   # by hand\n"),
                encoding="utf-8")
        return real(batch, edit)

    monkeypatch.setattr(writer, "_edit", with_a_hand)
    saved = job(desk, 1, {"levels": {"T01": "Q", "T02": 9}})
    writer._apply([saved])
    after = writer.path.read_text(encoding="utf-8")
    assert saved.saved and "levels: {T01: Q, T02: 9}" in after
    assert "    levels: {T09: K, T10: 5}   # by hand\n" in after, after
    assert [line["table"] for line in map(eval_json, audit_lines(desk))] == [1]

    # an editor saving again and again meanwhile: refused, the hand's last text as it is
    count = iter(range(100))

    def always(batch: Any, edit: Any) -> Any:
        writer.path.write_text(writer.path.read_text(encoding="utf-8") + f"# hand {next(count)}\n", encoding="utf-8")
        return real(batch, edit)

    monkeypatch.setattr(writer, "_edit", always)
    refused = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
    writer._apply([refused])
    last = writer.path.read_text(encoding="utf-8")
    assert not refused.saved and refused.refused == "desk_changed_since"
    assert last.endswith("# hand 2\n") and "T03: A" not in last
    assert len(audit_lines(desk)) == 1
    # the same refusal as a desk's first save: no audit log made for it (it was made, empty: rev90)
    fresh, other = desk_and_writer(tmp_path / "fresh")
    real = other._edit
    monkeypatch.setattr(other, "_edit", lambda batch, edit: (other.path.write_text(
        other.path.read_text(encoding="utf-8") + "# hand\n", encoding="utf-8"), real(batch, edit))[1])
    first = job(fresh, 2, {"levels": {"T03": "A", "T04": 8}})
    other._apply([first])
    assert first.refused == "desk_changed_since" and not (fresh.folder / store.AUDIT_NAME).exists()


def test_a_file_found_half_written_by_an_editor_before_the_write_holds_the_save(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The file read again before it is replaced is not UTF-8 (an editor in the midst of its
    save): not an error that made the request an HTTP 500 and left the audit log open (rev87),
    but a change: the batch made again, which finds the file unreadable and holds the save."""
    import os

    desk, writer = desk_and_writer(tmp_path)
    real = writer._edit

    def half_written(batch: Any, edit: Any) -> Any:
        with writer.path.open("ab") as file:
            file.write(b"# \xff\xfe half written\n")
        return real(batch, edit)

    monkeypatch.setattr(writer, "_edit", half_written)
    held = job(desk, 1, {"levels": {"T01": "Q", "T02": 9}})
    writer._apply([held])
    assert held.error is None and not held.saved and held.unwritable is not None, (held.error, held.unwritable)
    audit = str(desk.folder / store.AUDIT_NAME)
    assert not any(os.path.realpath(f"/proc/self/fd/{fd}") == audit for fd in os.listdir("/proc/self/fd")
                   if os.path.exists(f"/proc/self/fd/{fd}"))


def hand_laid(text: str, saved: int, style: str) -> str:
    """The round's text with every table but `saved` written by hand in a layout the round trip
    writes otherwise, with comments inside it (in `style`: a flow mapping over two lines, a
    comment between its keys, which the round trip drops; or a block mapping indented 8, which
    it indents 6), before it (above its dash) and after it (under its last line, and at the end
    of the file)."""
    for number in range(1, 7):
        a, b = f"T{2 * number - 1:02d}", f"T{2 * number:02d}"
        text = text.replace(f"  - table: {number}\n", f"  # before table {number}\n  - table: {number}\n")
        if number == saved:
            continue
        inside = (f"    levels: {{{a}: J,   # {a}'s captain\n             {b}: 4}}\n" if style == "flow" else
                  f"    levels:\n        {a}: J    # by hand\n        # the referee saw it\n        {b}: 4\n")
        text = text.replace(f"    teams: [{a}, {b}]\n", f"    teams: [{a},{b}]   # {number}'s teams\n{inside}"
                                                          f"    # after table {number}'s levels\n")
    return text + "# the round's last line\n"


@pytest.mark.parametrize("crlf", [False, True])
@pytest.mark.parametrize("style", ["flow", "block"])
@pytest.mark.parametrize("number", [1, 3, 6])
def test_the_first_save_after_a_hand_edit_keeps_the_hands_lines_outside_the_saved_tables_item(
        tmp_path: Path, monkeypatch, number: int, style: str, crlf: bool) -> None:  # noqa: ANN001
    """The first save after a hand edit (spliced against the file's fast reading) writes the saved
    table's item alone: the item after it, round-tripped with it, lost the comments the secretary
    wrote inside it and was laid out anew (h-desk33). The first, a middle and the last table,
    neighbours in flow and block style, LF and CRLF: every line outside the saved table's own
    item as typed, and the file reads as the whole round trip's would."""
    desk, writer = desk_and_writer(tmp_path)
    edited = hand_laid(writer.path.read_text(encoding="utf-8"), number, style)
    writer.path.write_bytes(edited.replace("\n", "\r\n" if crlf else "\n").encode("utf-8"))
    read = whole_texts_read(monkeypatch)
    a, b = f"T{2 * number - 1:02d}", f"T{2 * number:02d}"
    saved = job(desk, number, {"levels": {a: "Q", b: 9}})
    writer._apply([saved])
    assert saved.saved and read == []  # (spliced)
    written = writer.path.read_bytes().decode("utf-8")
    assert ("\r\n" in written) == crlf and (not crlf or "\n" not in written.replace("\r\n", ""))
    after = written.replace("\r\n", "\n")
    head, item = f"  - table: {number}\n", f"    teams: [{a}, {b}]\n    levels: {{{a}: Q, {b}: 9}}\n"
    assert after.split(head)[0] == edited.split(head)[0]  # every line before the saved item
    rest = after.split(head)[1]
    assert rest.startswith(item), rest  # the saved item itself
    # every line after it as typed: the comments above the next item's dash, the next item
    # whole (its comments inside, its layout), the items after it, the file's last line
    assert rest[len(item):] == edited.split(head)[1].split("\n", 1)[1], rest
    whole = expected(desk, edited, {number: {"levels": {a: "Q", b: 9}}})
    path = Path("round-1.yaml")
    assert fast_reading(after, path) == fast_reading(whole, path)


def test_a_file_the_loader_reads_nothing_of_holds_the_save_with_the_loaders_words(tmp_path: Path) -> None:
    """An anchor and its alias typed by hand: the content loader refuses the file whole
    (yaml-alias), ruamel's round trip reads it all the same. Written through the round trip, a
    save's form (filled from the loader's reading: no table) never matched the round trip's table,
    and every save was refused as changed since (h-desk34). Held, with the loader's refusal (its
    line, the fix), as any file that does not read; nothing written, no log made."""
    desk, writer = desk_and_writer(tmp_path)
    edited = writer.path.read_text(encoding="utf-8").replace(
        "    teams: [T09, T10]\n", "    teams: [T09, T10]\n    note: &seen by the referee\n").replace(
        "    teams: [T11, T12]\n", "    teams: [T11, T12]\n    note: *seen\n    levels: {T11: 7, T12: A}\n")
    writer.path.write_text(edited, encoding="utf-8")
    assert fast_reading(edited, Path("round-1.yaml")) is None
    for filed in (None, ""):
        held = job(desk, 2, {"levels": {"T03": "A", "T04": 8}})
        held.filed = filed
        writer._apply([held])
        assert not held.saved and held.error is None and held.refused == ""
        assert held.unwritable.code == "yaml-alias" and held.unwritable.mark.line == edited.split("&seen")[0].count("\n") + 1
        assert writer.path.read_text(encoding="utf-8") == edited
        assert not (desk.folder / store.AUDIT_NAME).exists()


@pytest.mark.parametrize("tail", ["...\n# checked by the referee\n", "...\n",
                                  "# before the end\n...   # signed\n# checked by the referee\n\n# and filed\n"])
@pytest.mark.parametrize("layout", ["spliced", "whole"])
@pytest.mark.parametrize("number", [5, 6])
def test_a_document_end_marker_and_the_comments_after_it_are_kept(
        tmp_path: Path, monkeypatch, number: int, layout: str, tail: str) -> None:  # noqa: ANN001
    """A round file ending with YAML's document end marker `...` and a comment after it (a
    referee's `# checked by the referee`): a save of the round's last table, spliced or by the
    whole round trip, dropped the marker and every line after it (ruamel reads no further and
    writes no marker); the table before the last kept them only by being spliced. Both kept as
    typed, every path."""
    desk, writer = desk_and_writer(tmp_path)
    # (a key after `tables:`: the whole round trip, which the splice cannot take)
    edited = writer.path.read_text(encoding="utf-8") + ("note: by hand\n" if layout == "whole" else "") + tail
    writer.path.write_text(edited, encoding="utf-8")
    read = whole_texts_read(monkeypatch)
    a, b = f"T{2 * number - 1:02d}", f"T{2 * number:02d}"
    saved = job(desk, number, {"levels": {a: "Q", b: 9}})
    writer._apply([saved])
    assert saved.saved and len(read) == (layout == "whole")
    after = writer.path.read_text(encoding="utf-8")
    assert after.endswith("\n" + tail) and after.count("...") == 1, after[-300:]
    assert f"  - table: {number}\n    teams: [{a}, {b}]\n    levels: {{{a}: Q, {b}: 9}}\n" in after
    # the RoundEdit itself, either way: the marker and the lines after it where they were
    text = writer.path.read_text(encoding="utf-8").replace(f"    levels: {{{a}: Q, {b}: 9}}\n", "")
    again = save(text, {number: {"levels": {a: "K", b: 2}}}, layout == "spliced")
    assert again.endswith("\n" + tail) and f"    levels: {{{a}: K, {b}: 2}}\n" in again
    path = Path("round-1.yaml")
    assert fast_reading(again, path) == fast_reading(after.replace(f"{a}: Q, {b}: 9}}", f"{a}: K, {b}: 2}}"), path)


@pytest.mark.parametrize("head", ["---\n", "# drawn again by hand\n---   # round 1\n", "%YAML 1.2\n---\n# the round\n",
                                  "\ufeff", "\ufeff---\n"])
@pytest.mark.parametrize("layout", ["spliced", "whole"])
def test_a_document_start_marker_and_the_lines_before_it_are_kept(tmp_path: Path, monkeypatch, layout: str,
                                                                   head: str) -> None:  # noqa: ANN001
    """A round file opening with YAML's document start marker `---` (a comment after it, comments
    or a directive before it): a save by the whole round trip (the fallback when the splice
    cannot take the file: a key after `tables:`) dropped the marker and the lines above it, and
    wrote a comment after it indented as a value's (ruamel reads the marker and writes none),
    as it dropped the end marker `...` before h-desk36; and a byte order mark before them. Kept as
    typed, every path."""
    desk, writer = desk_and_writer(tmp_path)
    edited = head + writer.path.read_text(encoding="utf-8") + ("note: by hand\n" if layout == "whole" else "")
    writer.path.write_text(edited, encoding="utf-8")
    read = whole_texts_read(monkeypatch)
    saved = job(desk, 2, {"levels": {"T03": "Q", "T04": 9}})
    writer._apply([saved])
    assert saved.saved and len(read) == (layout == "whole")
    after = writer.path.read_text(encoding="utf-8")
    assert after.startswith(head) and after.count("---") == head.count("---"), after[:300]
    assert "  - table: 2\n    teams: [T03, T04]\n    levels: {T03: Q, T04: 9}\n" in after
    path = Path("round-1.yaml")
    assert fast_reading(after, path) == fast_reading(expected(desk, edited, {2: {"levels": {"T03": "Q", "T04": 9}}}), path)


@pytest.mark.parametrize("flow", ["  - {table: 3, teams: [T05, T06]}  # by hand\n",
                                  "  - {table: 3,\n     teams: [T05, T06]}   # by hand\n"])
def test_the_comments_above_a_flow_item_with_a_comment_at_its_lines_end_are_kept(
        tmp_path: Path, monkeypatch, flow: str) -> None:  # noqa: ANN001
    """The item after the saved table written by hand in flow style with a comment at its line's
    end (`- {table: 3, …}  # by hand`), comment lines above its dash: ruamel, reading that item,
    puts the end-of-line comment in the item's comment slot and drops the lines above it, so the
    splice (which writes up to that item's dash) lost them, and the saved table's own lines
    after its last value with them. The save is spliced and keeps every one; the saved record's
    example line is still taken out when the record stands for it (drop_comment_lines)."""
    desk, writer = desk_and_writer(tmp_path)
    edited = writer.path.read_text(encoding="utf-8").replace(
        "  - table: 3\n    teams: [T05, T06]\n", "  # the far end of the hall\n  # (moved by the referee)\n" + flow)
    writer.path.write_text(edited, encoding="utf-8")
    read = whole_texts_read(monkeypatch)
    saved = job(desk, 2, {"levels": {"T03": "Q", "T04": 9}})
    writer._apply([saved])
    assert saved.saved and read == []  # (spliced: the path a save of such a file takes)
    after = writer.path.read_text(encoding="utf-8")
    head = "  - table: 2\n    teams: [T03, T04]\n"
    assert after.split(head)[0] == edited.split(head)[0]
    # the saved item, then every line after its last value as typed: its example, the lines above
    # table 3's dash, table 3 itself with its comment, the rest
    assert after.split(head)[1] == "    levels: {T03: Q, T04: 9}\n" + edited.split(head)[1]
    assert "  # the far end of the hall\n  # (moved by the referee)\n" + flow in after
    path = Path("round-1.yaml")
    assert fast_reading(after, path) == fast_reading(expected(desk, edited, {2: {"levels": {"T03": "Q", "T04": 9}}}), path)
    # the record standing for the example under table 2: that line out, the lines above table 3 kept
    dropped = save(edited, {2: {"levels": {"T03": "Q", "T04": 9}}}, True,
                   examples=lambda number, record: [re.compile(r"deals: \[T03\+3\].*")])
    assert dropped == after.replace("    # deals: [T03+3]   or   levels: {T03: Q, T04: 9}\n", "")
    # saved together with it (tables side by side, one run once): the lines above its dash kept too
    both = {2: {"levels": {"T03": "Q", "T04": 9}}, 3: {"levels": {"T05": "A", "T06": 7}}}
    together = save(edited, both, True)
    assert "    levels: {T03: Q, T04: 9}\n    # deals: [T03+3]   or   levels: {T03: Q, T04: 9}\n" \
           "  # the far end of the hall\n  # (moved by the referee)\n  - {table: 3," in together
    assert "levels: {T05: A, T06: 7}}" in together and together.count("# by hand\n") == 1
    assert fast_reading(together, path) == fast_reading(expected(desk, edited, both), path)
