"""`forfeit: [D01]`, a list of one side. In 大怪路子, 80分 and bridge it was said to be a double
forfeit the game has none of ("has no double forfeit ... not [D01]"), and in Guandan a list that
is neither form; but one item names one side: most likely one side's forfeit with brackets round
it (content-format.md writes that `forfeit: D04`), or a double forfeit with a side left out. Now
one error in every game, at the value: a list names both sides, and one side's forfeit is
written without brackets, `forfeit: D01`, with what to write if neither came (Guandan: both
listed; the others: the referee's choice of one). Not taken for D01's forfeit silently: which of
the two was meant the file does not say."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from tests.support import new_event

TABLES = {
    "daguai": ("{table: 1, home: D01, away: D02, forfeit: [D01]}", "{table: 2, home: D03, away: D04, forfeit: D04}"),
    "shengji": ("{table: 1, home: D01, away: D02, forfeit: [D01]}", "{table: 2, home: D03, away: D04, forfeit: D04}"),
    "bridge": ("{table: 1, home: D01, away: D02, forfeit: [D01]}", "{table: 2, home: D03, away: D04, forfeit: D04}"),
    "guandan": ("{table: 1, teams: [D01, D02], forfeit: [D01]}", "{table: 2, teams: [D03, D04], forfeit: D04}"),
}


def _errors(tmp_path: Path, game: str, first: str | None = None) -> list:
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", 4,
                       "  - {id: main, name: m, format: swiss, rounds: 3%s}\n" % (", boards: 2" if game == "bridge" else ""))
    one, two = TABLES[game]
    (folder / "results/round-1.yaml").write_text(
        f"stage: main\nround: 1\ntables:\n  - {first or one}\n  - {two}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    return [p for p in failure.value.problems if not p.warning]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_list_of_one_side_is_said_to_be_one_sides_forfeit_written_without_brackets(tmp_path: Path, game: str) -> None:
    (found,) = _errors(tmp_path, game)
    assert (found.code, found.mark.file.name, found.mark.line) == ("forfeit-listed-alone", "round-1.yaml", 4)
    assert found.mark.column == TABLES[game][0].index("[D01]") + 5  # at the value: "  - " and 1-based
    assert found.message("en") == ("forfeit: [D01] is a list of one side: a list names both sides of a table; "
                                   "one side's forfeit is written without brackets")
    en = found.hint("en")
    assert en.startswith("write forfeit: D01 if D01 alone did not come"), en
    assert "double forfeit (neither came)" not in found.message("en")
    for locale in ("zh-Hans", "zh-Hant"):
        assert "forfeit: [D01]" in found.message(locale) and "forfeit: D01\uff08" in found.hint(locale)
    if game == "guandan":  # its double forfeit names both teams
        assert en.endswith("If neither team came, the list names both: forfeit: [D01, D02] (a double forfeit)."), en
        assert "forfeit: [D01, D02]" in found.hint("zh-Hans") and "forfeit: [D01, D02]" in found.hint("zh-Hant")
    else:
        assert "has no double forfeit: if neither side came, the referee decides which side forfeits" in en, en


@pytest.mark.parametrize("game", ["daguai", "guandan"])
def test_a_list_of_two_keeps_its_own_word(tmp_path: Path, game: str) -> None:
    """Two sides listed: Guandan's double forfeit, no error; elsewhere forfeit-double-not-in-game."""
    table = TABLES[game][0].replace("[D01]", "[D01, D02]")
    if game == "guandan":
        folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "D0", 4,
                           "  - {id: main, name: m, format: swiss, rounds: 3}\n")
        (folder / "results/round-1.yaml").write_text(
            f"stage: main\nround: 1\ntables:\n  - {table}\n  - {TABLES[game][1]}\n", encoding="utf-8")
        _, _, warnings = validate(folder.parents[1])
        assert [w.code for w in warnings if "forfeit" in w.code] == []
    else:
        assert [p.code for p in _errors(tmp_path, game, table)] == ["forfeit-double-not-in-game"]


@pytest.mark.parametrize("listed, code", [("[D01]", "forfeit-listed-alone"), ("[D01, D02]", "forfeit-double-not-in-game")])
def test_a_list_beside_a_bridge_matchs_boards_is_one_error(tmp_path: Path, listed: str, code: str) -> None:
    """Boards written beside it: the list is no forfeit (as the Da Guai Lu Zi and 80 Points readers take it),
    so no forfeit-with-play naming the list's sides as the side that forfeited."""
    found = _errors(tmp_path, "bridge", "{table: 1, home: D01, away: D02, forfeit: %s, "
                                        "boards: {1: {open: 1NT S =, closed: 1S S -1}}}" % listed)
    assert [p.code for p in found] == [code]


@pytest.mark.parametrize("game", ["daguai", "guandan"])
@pytest.mark.parametrize("listed", ["[d02]", "[D03]", "[D09]"])
def test_a_listed_side_not_at_the_table_is_said_to_be_so_not_taken_for_its_first_side(
        tmp_path: Path, game: str, listed: str) -> None:
    """rev88 D2: `[d02]` (typed lower-case), another table's `[D03]` and `[D09]` (no such entry)
    were each told "write forfeit: D01 if D01 alone did not come": D01, the table's first side,
    came, and following the hint reversed the result. Now the listed one is said not to be one of
    the table's two sides, and both are offered."""
    found = [p for p in _errors(tmp_path, game, TABLES[game][0].replace("[D01]", listed)) if p.code == "forfeit-listed-alone"]
    assert len(found) == 1
    en = found[0].hint("en")
    assert en.startswith(f"{listed[1:-1]} is not one of this table's sides (D01, D02): "
                         "write forfeit: D01 or forfeit: D02, the side that did not come"), en
    assert "if D01 alone did not come" not in en
    assert f"{listed[1:-1]} \u4e0d\u662f\u8fd9\u4e00\u684c\u7684\u4e00\u65b9\uff08D01\u3001D02\uff09" in found[0].hint("zh-Hans")
    listed_side = _errors(tmp_path / "at", game, TABLES[game][0].replace("[D01]", "[D02]"))[0]
    assert listed_side.hint("en").startswith("write forfeit: D02 if D02 alone did not come"), listed_side.hint("en")


def test_a_guandan_table_with_a_team_naming_no_entry_is_not_said_to_have_no_double_forfeit(tmp_path: Path) -> None:
    """rev88 D3: `teams: [D01, D09], forfeit: [D01]` was told "Guandan has no double forfeit";
    rev91 D5: nor is its double forfeit offered with D09, which names no entry."""
    found = [p for p in _errors(tmp_path, "guandan", "{table: 1, teams: [D01, D09], forfeit: [D01]}")
             if p.code == "forfeit-listed-alone"]
    assert len(found) == 1
    en = found[0].hint("en")
    assert "has no double forfeit" not in en
    assert en == ("write forfeit: D01 if D01 alone did not come (its opponent gets the forfeit's result). "
                  "If neither team came, the list names both of the table's teams (a double forfeit)."), en


@pytest.mark.parametrize("game, table, code", [
    ("guandan", "{table: 2, teams: [D03], forfeit: [D03]}", "guandan-bye-with-record"),
    ("daguai", "{table: 2, home: D03, forfeit: [D03]}", "daguai-bye-with-play"),
    ("daguai", "{table: 2, home: D03, forfeit: D03}", "daguai-bye-with-play"),
    # 80 Points' and bridge's took a bye's forfeit silently, the bye credited to the side said
    # not to have come: a bye has no opponent to get a forfeit's result (content-format.md)
    ("shengji", "{table: 2, home: D03, forfeit: D03}", "bye-with-forfeit"),
    ("shengji", "{table: 2, home: D03, forfeit: [D03]}", "bye-with-forfeit"),
    ("bridge", "{table: 2, home: D03, forfeit: D03}", "bye-with-forfeit"),
    ("bridge", "{table: 2, home: D03, forfeit: [D03]}", "bye-with-forfeit"),
])
def test_a_byes_listed_forfeit_is_the_byes_own_error_alone(tmp_path: Path, game: str, table: str, code: str) -> None:
    """rev88 D3: a bye's `forfeit: [D03]` had forfeit-listed-alone beside the bye's own error (daguai)
    or alone (Guandan), saying "its opponent gets the forfeit's result" of a table with none."""
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", 3,
                       "  - {id: main, name: m, format: swiss, rounds: 2%s}\n" % (", boards: 2" if game == "bridge" else ""))
    first = "{table: 1, teams: [D01, D02]}" if game == "guandan" else "{table: 1, home: D01, away: D02}"
    (folder / "results/round-1.yaml").write_text(
        f"stage: main\nround: 1\ntables:\n  - {first}\n  - {table}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    found = [p for p in failure.value.problems if not p.warning]
    assert [(p.code, p.mark.line) for p in found] == [(code, 5)], [(p.code, p.message("en")) for p in found]
    if code == "bye-with-forfeit":
        assert found[0].message("en") == "D03 has the bye (one side at this table): a bye has no forfeit"
        assert found[0].hint("en").startswith("delete the forfeit line"), found[0].hint("en")


@pytest.mark.parametrize("game", ["shengji", "bridge"])
def test_a_byes_forfeit_is_said_beside_another_keys_error(tmp_path: Path, game: str) -> None:
    """rev91 D2: a typo at the bye's table (`refere: Sun`) hid bye-with-forfeit until it was
    mended, and the next run said it: every problem at once."""
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", 3,
                       "  - {id: main, name: m, format: swiss, rounds: 2%s}\n" % (", boards: 2" if game == "bridge" else ""))
    (folder / "results/round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, home: D01, away: D02}\n"
        "  - table: 2\n    home: D03\n    forfeit: D03\n    refere: Sun\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    found = sorted((p.code, p.mark.line) for p in failure.value.problems if not p.warning)
    assert found == [("bye-with-forfeit", 7), ("key-unknown", 8)], found


def test_a_guandan_knockouts_hint_offers_no_double_forfeit(tmp_path: Path) -> None:
    """rev88 D4: the hint offered `forfeit: [D01, D02]`, which a knockout refuses
    (guandan-forfeit-both-knockout)."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "D0", 4,
                       "  - {id: ko, name: k, format: knockout}\n")
    (folder / "results/round-1.yaml").write_text(
        "stage: ko\nround: 1\ntables:\n  - {table: 1, teams: [D01, D04], forfeit: [D01]}\n"
        "  - {table: 2, teams: [D02, D03]}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    (found,) = [p for p in failure.value.problems if p.code == "forfeit-listed-alone"]
    en = found.hint("en")
    assert "[D01, D04]" not in en and "double forfeit (" not in en, en
    assert en.startswith("write forfeit: D01 if D01 alone did not come"), en
    assert "A knockout match sends one team on: if neither team came, the chief referee rules which one forfeits" in en
    assert "forfeit: [" not in found.hint("zh-Hans") and "\u6dd8\u6c70\u8d5b" in found.hint("zh-Hans")
