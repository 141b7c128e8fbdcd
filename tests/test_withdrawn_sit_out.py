"""A pairs movement's sit-out line of a pair that has withdrawn. A Mitchell drawn ahead
(`pair --all`), then a pair withdrawn: its sit-out line in a later round (`paibang pair` writes
the lone pair's line, # Sit-out) said nothing, where a withdrawn team's table in a round after
its withdrawal warns (entry-withdrawn-drawn-later). Now a warning at its id naming the round,
where `withdrawn:` is written and the fix (the line deleted); the standings the same with the
line or without it (a sit-out scores nothing); and `pair` writes no such line, saying so."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from tests.support import new_event, withdraw

# A 5-pair Mitchell of 3 rounds as `pair --all` writes it: table 3 has no NS pair, the EW pair
# there sits out (A05, then A04, then A03).
SEATS = {1: ("A01", "A03", "A02", "A04", "A05"), 2: ("A01", "A05", "A02", "A03", "A04"),
         3: ("A01", "A04", "A02", "A05", "A03")}
BOARDS = {1: ("1: 3NT N =\n      2: 4S E -1", "3: 3NT N -1\n      4: 4S E ="),
          2: ("3: 3NT N +1\n      4: 4S E =", "5: 2H S =\n      6: 3C W -1"),
          3: ("5: 2H S +1\n      6: 3C W =", "1: 3NT N -1\n      2: 4S E =")}


def _mitchell(tmp_path: Path, since: int | None, sit_out_lines: bool = True) -> Path:
    """The Mitchell, every board entered; A03 `withdrawn: since` (its table of round 2 and after
    without boards: its opponent's average-plus). The content folder."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: bridge\ndate: 2024-05-01\n", "A0", 5,
                       "  - {id: m, name: m, format: pairs, movement: mitchell, field: directions, "
                       "scoring: matchpoints, rounds: 3, boards: 2}\n")
    if since is not None:
        withdraw(folder, "A03", since)
    for number, (a, b, c, d, alone) in SEATS.items():
        first, second = BOARDS[number]
        tables = [(1, a, b, first), (2, c, d, second)]
        text = f"stage: m\nround: {number}\ntables:\n"
        for table, ns, ew, boards in tables:
            gone = since is not None and "A03" in (ns, ew) and number >= since
            text += f"  - table: {table}\n    ns: {ns}\n    ew: {ew}\n" + ("" if gone else f"    boards:\n      {boards}\n")
        if sit_out_lines:
            text += f"  - table: 3    # Sit-out\n    ns: {alone}\n"
        (folder / f"results/round-{number}.yaml").write_text(text, encoding="utf-8")
    return folder.parents[1]


def _standings(content: Path) -> list[tuple[str, float]]:
    _, results, _ = validate(content)
    return [(s.entry.id, round(s.tally.metrics["percent"], 2)) for s in results[0].stages[0].standings]


def test_a_withdrawn_pairs_sit_out_line_after_its_withdrawal_warns_naming_round_where_and_fix(tmp_path: Path) -> None:
    _, _, warnings = validate(_mitchell(tmp_path, 2))
    found = [w for w in warnings if w.code.startswith("entry-withdrawn")]
    assert [(w.code, w.mark.file.name, w.mark.line, w.mark.column) for w in found] == [
        ("entry-withdrawn-sit-out-later", "round-3.yaml", 16, 5)], [(w.code, w.message("en")) for w in found]
    (warning,) = found
    assert warning.message("en") == ("A03 has withdrawn (event.yaml:7: withdrawn, plays no round from round 2 on); "
                                     "yet round 3 still lists it sitting out (table 3): a pair that has left sits no "
                                     "round out")
    assert warning.hint("en").startswith("delete this sit-out table's whole entry, its line - table: 3 and the line "
                                          "below it naming A03: it scores nothing"), warning.hint("en")
    assert "correct it there (event.yaml:7)" in warning.hint("en")
    # the round and where, in the sit-out's own words (\u8f6e\u7a7a / \u8f2a\u7a7a, as pair writes it)
    assert "\u7b2c 3 \u8f6e\u5374\u4ecd\u5217\u5b83\u8f6e\u7a7a" in warning.message("zh-Hans")
    assert "event.yaml:7" in warning.message("zh-Hans") and "- table: 3" in warning.hint("zh-Hans")
    assert "\u7b2c 3 \u8f2a\u537b\u4ecd\u5217\u5b83\u8f2a\u7a7a" in warning.message("zh-Hant")
    assert "event.yaml:7" in warning.message("zh-Hant") and "- table: 3" in warning.hint("zh-Hant")


def test_the_standings_are_the_same_with_the_line_or_without_it(tmp_path: Path) -> None:
    """A sit-out scores nothing: the warning's fix changes no standing."""
    with_line = _standings(_mitchell(tmp_path / "with", 2))
    assert with_line == _standings(_mitchell(tmp_path / "without", 2, sit_out_lines=False))
    _, _, warnings = validate(_mitchell(tmp_path / "quiet", 2, sit_out_lines=False))
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []
    # as scored either way: A02's round-2 boards against A03 its average-plus (28.33%, not the
    # 25% it has with A03 not withdrawn), A03 ranked on its round-1 boards (bottom on both)
    assert with_line == [("A01", 75.0), ("A02", 28.33), ("A04", 62.5), ("A05", 62.5), ("A03", 0.0)]


def test_the_line_of_the_round_it_withdrew_from_is_silent(tmp_path: Path) -> None:
    """A04 sits round 2 out; withdrawn from round 2, that line was drawn before `withdrawn:`
    was written, as a team's table of that round is: nothing to say."""
    content = _mitchell(tmp_path, None)
    withdraw(content / "events" / "ev", "A04", 2)
    for number in (2, 3):  # (its table of round 3 without boards: its opponent's average-plus)
        path = content / "events" / "ev" / f"results/round-{number}.yaml"
        text = path.read_text(encoding="utf-8")
        if number == 3:
            text = text.replace("    ew: A04\n    boards:\n      5: 2H S +1\n      6: 3C W =\n", "    ew: A04\n")
        path.write_text(text, encoding="utf-8")
    _, _, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []


def round_3_header(folder: Path) -> str:
    return (folder / "results/round-3.yaml").read_text(encoding="utf-8").split("\ntables:\n")[0]


def test_pair_writes_no_sit_out_line_for_a_withdrawn_pair(tmp_path: Path, capsys) -> None:
    """Round 2 drawn after A04 withdrew from it: its seat kept (no table of its in round 2 but
    the sit-out), the line left out; round 3's table against A01 kept (A01's average-plus)."""
    from generator.cli import main

    content = _mitchell(tmp_path, None)
    folder = content / "events" / "ev"
    withdraw(folder, "A04", 2)
    (folder / "results/round-2.yaml").unlink()
    (folder / "results/round-3.yaml").unlink()
    assert main(["pair", "ev", "m", "--all", "--content", str(content), "--lang", "en"]) == 0
    out = capsys.readouterr()
    round_2 = (folder / "results/round-2.yaml").read_text(encoding="utf-8")
    tables = round_2.split("\ntables:\n")[1]
    assert "A04" not in tables and "Sit-out" not in tables, round_2
    assert "Sit-out" not in out.out.split("round 3")[0], out.out
    # said, in the header and on the terminal, as a Swiss draw says whom it leaves out (h-gd10
    # review D4: the header still said table 3 sits a pair out, the terminal nothing)
    said = "A04 has withdrawn (from round 2 on): its sit-out line (table 3) is left out"
    assert f"\n# {said}" in round_2.split("\ntables:\n")[0], round_2
    assert said in out.out.split("round 3")[0], out.out
    assert said not in out.out.split("round 3")[1] and "has withdrawn" not in round_3_header(folder), out.out
    round_3 = (folder / "results/round-3.yaml").read_text(encoding="utf-8")
    assert "ns: A01\n    ew: A04\n" in round_3 and "  - table: 3    # Sit-out\n    ns: A03\n" in round_3, round_3
    # that table said at its line and on the terminal, as a withdrawn team's forfeit is: nobody
    # plays it (A01's average-plus), where it read as a table to enter like the others
    walked = "A04 has withdrawn: nobody plays this table, nothing to enter"
    assert f"  - table: 1    # {walked}\n    ns: A01\n    ew: A04\n    boards:\n" in round_3, round_3
    assert f"({walked})" in out.out.split("round 3")[1] and walked not in out.out.split("round 3")[0], out.out
    assert round_3.count("has withdrawn") == 1 and "has withdrawn" not in tables, (round_3, round_2)
    _, _, warnings = validate(content)
    assert [w.code for w in warnings if w.code.startswith("entry-withdrawn")] == []


def test_following_the_hint_literally_clears_the_warning(tmp_path: Path) -> None:
    """h-gd10 review D1: the warning pointed at the sit-out's `ns: A03` and said "delete this
    sit-out line"; `pair` writes a sit-out on two lines (`- table: 3    # Sit-out`, `ns: A03`),
    and that line alone deleted left a table with no side (key-missing). At the table's
    `- table:` line now, its hint naming both lines: both deleted, check says nothing."""
    content = _mitchell(tmp_path, 2)
    _, _, warnings = validate(content)
    (warning,) = [w for w in warnings if w.code == "entry-withdrawn-sit-out-later"]
    path = warning.mark.file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = warning.mark.line - 1
    hint = warning.hint("en")
    # the line pointed at is the one the hint names first, the next one the pair's
    assert f"its line {lines[at].split('#')[0].strip()} and the line below it naming A03" in hint, (lines[at], hint)
    assert "A03" in lines[at + 1], lines[at + 1]
    del lines[at:at + 2]
    path.write_text("".join(lines), encoding="utf-8")
    _, _, warnings = validate(content)
    assert [(w.code, w.message("en")) for w in warnings] == []


def test_a_sit_out_in_a_later_stage_names_the_rounds_stage(tmp_path: Path) -> None:
    """h-gd10 review D2: stages m and n, A03 withdrawn in stage m (`{stage: m, round: 3}`),
    stage n drawn ahead with its sit-out lines: "round 3 still lists it sitting out" read as a
    round of m, its stage unsaid ({of_stage} used by no locale). Now the round's stage said."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: bridge\ndate: 2024-05-01\n", "A0", 5,
                       "".join(f"  - {{id: {s}, name: {s}, format: pairs, movement: mitchell, field: directions, "
                               "scoring: matchpoints, rounds: 3, boards: 2}\n" for s in ("m", "n")))
    withdraw(folder, "A03", "{stage: m, round: 3}")
    for stage in ("m", "n"):
        for number, (a, b, c, d, alone) in SEATS.items():
            first, second = BOARDS[number]
            text = f"stage: {stage}\nround: {number}\ntables:\n"
            for table, ns, ew, boards in [(1, a, b, first), (2, c, d, second)]:
                gone = "A03" in (ns, ew) and (stage == "n" or number >= 3)
                text += f"  - table: {table}\n    ns: {ns}\n    ew: {ew}\n" + ("" if gone else f"    boards:\n      {boards}\n")
            text += f"  - table: 3    # Sit-out\n    ns: {alone}\n"
            (folder / f"results/{stage}-round-{number}.yaml").write_text(text, encoding="utf-8")
    _, _, warnings = validate(folder.parents[1])
    found = [w for w in warnings if w.code == "entry-withdrawn-sit-out-later"]
    # (A03 sits out round 3 of each: of m, the round it withdrew from, silent)
    assert [(w.mark.file.name, w.mark.line) for w in found] == [("n-round-3.yaml", 16)], \
        [(w.mark.file.name, w.message("en")) for w in warnings]
    (warning,) = found
    en = warning.message("en")
    assert "from round 3 of stage m on); yet round 3 of stage n still lists it sitting out (table 3)" in en, en
    assert "in the event in round 3 of stage n, its withdrawn" in warning.hint("en"), warning.hint("en")
    assert "\u9636\u6bb5 n \u7b2c 3 \u8f6e\u5374\u4ecd\u5217\u5b83\u8f6e\u7a7a" in warning.message("zh-Hans")
    assert "\u5728\u9636\u6bb5 n \u7b2c 3 \u8f6e\u65f6" in warning.hint("zh-Hans")
    assert "\u968e\u6bb5 n \u7b2c 3 \u8f2a\u537b\u4ecd\u5217\u5b83\u8f2a\u7a7a" in warning.message("zh-Hant")
    assert "\u5728\u968e\u6bb5 n \u7b2c 3 \u8f2a\u6642" in warning.hint("zh-Hant")


@pytest.mark.parametrize(("lang", "said"), [
    ("zh-Hans", "A04 \u5df2\u9000\u8d5b\uff08\u4ece\u9636\u6bb5 n \u7b2c 2 \u8f6e\u8d77\uff09\uff1a"
                "\u4e0d\u5199\u5b83\u5728\u7b2c 3 \u684c\u7684\u8f6e\u7a7a\u884c"),
    ("zh-Hant", "A04 \u5df2\u9000\u8cfd\uff08\u5f9e\u968e\u6bb5 n \u7b2c 2 \u8f2a\u8d77\uff09\uff1a"
                "\u4e0d\u5beb\u5b83\u5728\u7b2c 3 \u684c\u7684\u8f2a\u7a7a\u884c"),
    ("en", "A04 has withdrawn (from round 2 of stage n on): its sit-out line (table 3) is left out")])
def test_pair_says_a_left_out_sit_out_with_its_stage_in_each_locale(tmp_path: Path, capsys, lang: str,
                                                                     said: str) -> None:
    """Stages m and n, m played, round 1 of n too, A04 withdrawn from round 2 of n, then
    `pair ev n --all`: round 2 of n, where the movement sits A04 out, is written without that
    line, its header and the terminal saying so, the stage named, in each locale."""
    from generator.cli import main

    folder = new_event(tmp_path, "ev", "title: t\ngame: bridge\ndate: 2024-05-01\n", "A0", 5,
                       "".join(f"  - {{id: {s}, name: {s}, format: pairs, movement: mitchell, field: directions, "
                               "scoring: matchpoints, rounds: 3, boards: 2}\n" for s in ("m", "n")))
    withdraw(folder, "A04", "{stage: n, round: 2}")
    for stage, number in [("m", 1), ("m", 2), ("m", 3), ("n", 1)]:
        (a, b, c, d, alone), (first, second) = SEATS[number], BOARDS[number]
        text = f"stage: {stage}\nround: {number}\ntables:\n"
        for table, ns, ew, boards in [(1, a, b, first), (2, c, d, second)]:
            text += f"  - table: {table}\n    ns: {ns}\n    ew: {ew}\n    boards:\n      {boards}\n"
        text += f"  - table: 3    # Sit-out\n    ns: {alone}\n"
        (folder / f"results/{stage}-round-{number}.yaml").write_text(text, encoding="utf-8")
    before = {p.name for p in (folder / "results").iterdir()}
    assert main(["pair", "ev", "n", "--all", "--content", str(folder.parents[1]), "--lang", lang]) == 0
    out = capsys.readouterr().out
    written = [p.read_text(encoding="utf-8") for p in (folder / "results").iterdir() if p.name not in before]
    (round_2,) = [text for text in written if "\nround: 2\n" in text]
    header, tables = round_2.split("\ntables:\n")
    assert f"\n# {said}" in header and "A04" not in tables, round_2
    assert out.count(said) == 1, out
    assert sum(said in text for text in written) == 1
    # read with the header's line naming the sit-out table, right under it (it came after the
    # whole movement summary: the pair numbers and the comparison between them)
    lines = header.splitlines()
    (at,) = [k for k, line in enumerate(lines) if said in line]
    assert lines[at - 1].startswith(SIT_OUT_LINE[lang]), lines
    # (the numbers line's Chinese without the space left where `entries` was once written)
    numbers = {"en": "# Pair numbers follow the order of the entry list: ",
               "zh-Hans": "# \u7f16\u53f7\u6309\u53c2\u8d5b\u540d\u5355\u4e2d\u5404\u5bf9\u7684\u987a\u5e8f\uff1a",
               "zh-Hant": "# \u7de8\u865f\u6309\u53c3\u8cfd\u540d\u55ae\u4e2d\u5404\u5c0d\u7684\u9806\u5e8f\uff1a"}
    assert lines[at + 1].startswith(numbers[lang]), lines


SIT_OUT_LINE = {"en": "# Table 3 has no NS pair (an odd number of pairs)",
                "zh-Hans": "# \u5bf9\u6570\u4e3a\u5355\u6570\uff0c\u7b2c 3 \u684c\u6ca1\u6709\u5357\u5317\u5bf9",
                "zh-Hant": "# \u5c0d\u6578\u70ba\u55ae\u6578\uff0c\u7b2c 3 \u684c\u6c92\u6709\u5357\u5317\u5c0d"}


def test_a_howells_left_out_sit_out_is_said_under_its_sit_out_line(tmp_path: Path) -> None:
    """A 5-pair Howell: the pair the movement sits out in round 2 withdrawn from round 2, round 2
    drawn: the header says its line left out right under "one pair sits out each round"."""
    from generator.cli import main
    from generator.tournament.pairing import plan_rounds

    folder = new_event(tmp_path, "ev", "title: t\ngame: bridge\ndate: 2024-05-01\n", "A0", 5,
                       "  - {id: h, name: h, format: pairs, movement: howell, scoring: matchpoints, "
                       "rounds: 5, boards: 2}\n")
    content = folder.parents[1]
    assert main(["pair", "ev", "h", "--content", str(content)]) == 0
    _, results, _ = validate(content)
    (plan,) = plan_rounds(results[0], "h")
    (alone,) = [sides[0] for sides in plan.draw.tables if len(sides) == 1]
    withdraw(folder, alone, 2)
    assert main(["pair", "ev", "h", "--content", str(content), "--lang", "en"]) == 0
    header = (folder / "results/round-2.yaml").read_text(encoding="utf-8").split("\ntables:\n")[0].splitlines()
    (at,) = [k for k, line in enumerate(header) if line.startswith(f"# {alone} has withdrawn (from round 2 on)")]
    assert header[at - 1] == "# An odd number of pairs: one pair sits out each round, and so misses one set of boards.", header
    assert header[at + 1].startswith("# Each board's results are compared"), header
