"""rev91's findings on the hints of a forfeit at a bye (or a pairs movement's sit-out) and of a
list of one side: each hint, followed, must not lead to the next error. A bye's forfeit is the
bye's own error, one at one place, the forfeit key (where the line to delete starts); a sit-out
is said to be one, scoring nothing (content-format.md), not the stage's bye; a side naming no
entry is not offered as the forfeit to write."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from tests.support import new_event


def _errors(tmp_path: Path, game: str, table: str, first: str | None = None, count: int = 3) -> list:
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", count,
                       "  - {id: main, name: m, format: swiss, rounds: 2%s}\n" % (", boards: 2" if game == "bridge" else ""))
    first = first or ("{table: 1, teams: [D01, D02]}" if game == "guandan" else "{table: 1, home: D01, away: D02}")
    (folder / "results/round-1.yaml").write_text(
        f"stage: main\nround: 1\ntables:\n  - {first}\n  - table: 2\n{table}", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    return [p for p in failure.value.problems if not p.warning]


@pytest.mark.parametrize("game", ["shengji", "bridge"])
@pytest.mark.parametrize("listed", ["[D03, D01]", "[]", "D03", "[D03]"])
def test_a_byes_forfeit_is_one_error_at_its_key_offering_no_forfeit(tmp_path: Path, game: str, listed: str) -> None:
    """rev91 D4b: `forfeit: [D03, D01]` at a bye said only forfeit-double-not-in-game, whose hint
    "for example forfeit: D03" is itself bye-with-forfeit; D4d: bye-with-forfeit pointed at the
    value (col 14) where guandan-bye-with-record and daguai-bye-with-play point at the key."""
    found = _errors(tmp_path, game, f"    home: D03\n    forfeit: {listed}\n")
    assert [(p.code, p.mark.line, p.mark.column) for p in found] == [("bye-with-forfeit", 7, 5)], \
        [(p.code, p.message("en")) for p in found]
    en = found[0].hint("en")
    assert en.startswith("delete the forfeit line") and "forfeit: D0" not in en, en


@pytest.mark.parametrize("listed", ["[D03, D01]", "[]"])
def test_a_da_guai_byes_forfeit_list_is_the_byes_own_error_alone(tmp_path: Path, listed: str) -> None:
    """`forfeit: []` alone was the loader's bye-with-forfeit, where any other key beside a 大怪路子
    bye, and a Guandan bye's `forfeit: []`, is the game's own bye error: a forfeit written."""
    found = _errors(tmp_path, "daguai", f"    home: D03\n    forfeit: {listed}\n")
    assert [(p.code, p.mark.line, p.mark.column, p.params["key"]) for p in found] == [
        ("daguai-bye-with-play", 7, 5, ["forfeit"])], [(p.code, p.message("en")) for p in found]
    assert "withdrawn: N under its entry" in found[0].hint("en")


@pytest.mark.parametrize("listed", ["[D03, D01]", "[]"])
def test_a_guandan_byes_forfeit_list_is_the_byes_own_error_alone(tmp_path: Path, listed: str) -> None:
    """rev91 D3: guandan-bye-with-record (key) came with guandan-forfeit-list (value), which said
    "not this table's two teams (D03, D03)"."""
    found = _errors(tmp_path, "guandan", f"    teams: [D03]\n    forfeit: {listed}\n")
    assert [(p.code, p.mark.line, p.mark.column) for p in found] == [("guandan-bye-with-record", 7, 5)], \
        [(p.code, p.message("en")) for p in found]
    assert "D03, D03" not in found[0].message("en")


@pytest.mark.parametrize("game", ["guandan", "daguai", "shengji", "bridge"])
@pytest.mark.parametrize("value", ["D09", "3", "true", "{a: b}", '""'])
def test_a_byes_forfeit_of_no_side_is_the_byes_error_alone(tmp_path: Path, game: str, value: str) -> None:
    """rev92 D1: a bye's `forfeit: D09` (or a number, a yes, a mapping) was read as a forfeit:
    forfeit-not-at-table or type-expected at the value, beside the bye's own error (Guandan, 大怪路子)
    or instead of it (80分, bridge), whose "write the side of this table that forfeited" led to
    bye-with-forfeit. One error, the bye's, at the forfeit key."""
    sides = "    teams: [D03]\n" if game == "guandan" else "    home: D03\n"
    found = _errors(tmp_path, game, f"{sides}    forfeit: {value}\n")
    codes = {"guandan": "guandan-bye-with-record", "daguai": "daguai-bye-with-play"}
    assert len(found) == 1 and found[0].code in (codes.get(game, "bye-with-forfeit"), "bye-with-forfeit"), \
        [(p.code, p.message("en")) for p in found]
    assert (found[0].mark.line, found[0].mark.column) == (7, 5)


@pytest.mark.parametrize("game", ["guandan", "daguai", "shengji", "bridge"])
def test_a_byes_forfeit_left_empty_is_no_forfeit(tmp_path: Path, game: str) -> None:
    """`forfeit:` with no value is no forfeit at any table, a bye's too: a file that checked clean
    before the bye's forfeit became an error still does."""
    sides = "    teams: [D03]\n" if game == "guandan" else "    home: D03\n"
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", 3,
                       "  - {id: main, name: m, format: swiss, rounds: 2%s}\n" % (", boards: 2" if game == "bridge" else ""))
    first = "{table: 1, teams: [D01, D02]}" if game == "guandan" else "{table: 1, home: D01, away: D02}"
    (folder / "results/round-1.yaml").write_text(
        f"stage: main\nround: 1\ntables:\n  - {first}\n  - table: 2\n{sides}    forfeit:\n", encoding="utf-8")
    try:
        _, _, problems = validate(folder.parents[1])
    except ContentErrors as failure:
        problems = failure.problems
    assert [p.code for p in problems if not p.warning and p.mark.line == 7] == [], \
        [(p.code, p.message("en")) for p in problems]


def test_a_byes_forfeits_hint_says_its_bye_table_goes_if_it_withdrew(tmp_path: Path) -> None:
    """rev91 D4a: "a side that has left the event is withdrawn instead": done so, the bye kept,
    entry-withdrawn-bye says "delete this table". The first hint says both."""
    (found,) = _errors(tmp_path, "shengji", "    home: D03\n    forfeit: D03\n")
    assert found.hint("en").endswith("is withdrawn instead (withdrawn: N under its entry) and this bye table "
                                     "deleted, for a withdrawn entry gets no bye."), found.hint("en")
    assert "\u5220\u53bb\u8fd9\u4e00\u8f6e\u7a7a\u684c" in found.hint("zh-Hans")
    assert "\u522a\u53bb\u9019\u4e00\u8f2a\u7a7a\u684c" in found.hint("zh-Hant")


def _pairs(tmp_path: Path, forfeit: str) -> list:
    """A bridge Mitchell of five pairs, round 1 as `paibang pair` writes it (A05 at table 3, its
    sit-out), A05's line with `forfeit`."""
    folder = new_event(tmp_path, "ev", "title: t\ngame: bridge\ndate: 2024-05-01\n", "A0", 5,
                       "  - {id: mitchell, name: m, format: pairs, movement: mitchell, field: directions, "
                       "scoring: matchpoints, rounds: 2, boards: 2}\n")
    (folder / "results/round-1.yaml").write_text(
        "stage: mitchell\nround: 1\ntables:\n  - {table: 1, ns: A01, ew: A03}\n  - {table: 2, ns: A02, ew: A04}\n"
        f"  - table: 3    # Sit-out\n    ns: A05\n    forfeit: {forfeit}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    return [p for p in failure.value.problems if not p.warning]


@pytest.mark.parametrize("forfeit", ["A05", "[A05, A01]"])
def test_a_pairs_sit_outs_forfeit_is_said_of_a_sit_out_scoring_nothing(tmp_path: Path, forfeit: str) -> None:
    """rev91 D4c: `paibang pair` writes a lone pair Sit-out; its forfeit was said to be a bye's,
    "scored as the stage's bye". A sit-out scores nothing for the boards (content-format.md)."""
    found = _pairs(tmp_path, forfeit)
    assert [(p.code, p.mark.line, p.mark.column) for p in found] == [("sit-out-with-forfeit", 8, 5)], \
        [(p.code, p.message("en")) for p in found]
    assert found[0].message("en") == "A05 sits this round out (one pair at this table): a sit-out has no forfeit"
    en = found[0].hint("en")
    assert "bye" not in en and "scores nothing for the round's boards" in en, en
    # in Chinese the word `paibang pair` writes beside the lone pair ("# \u8f6e\u7a7a") and the
    # pairs' pages use, not another one of the messages' own (rev92)
    assert "\u672c\u8f6e\u8f6e\u7a7a" in found[0].message("zh-Hans")
    assert "\u672c\u8f2a\u8f2a\u7a7a" in found[0].message("zh-Hant")


@pytest.mark.parametrize("game, table", [
    ("guandan", "{table: 1, teams: [D01, D09], forfeit: [%s]}"),
    ("daguai", "{table: 1, home: D01, away: D09, forfeit: [%s]}"),
])
@pytest.mark.parametrize("listed", ["D01", "D09", "D02"])
def test_a_side_naming_no_entry_is_not_offered_as_the_forfeit(tmp_path: Path, game: str, table: str, listed: str) -> None:
    """rev91 D5: `[D01, D09]` (D09 no entry) with `forfeit: [D01]` proposed "forfeit: [D01, D09]",
    and `forfeit: [D09]` "write forfeit: D09", each then an error (forfeit-not-at-table)."""
    found = _errors(tmp_path, game, "    home: D03\n" if game != "guandan" else "    teams: [D03]\n",
                    first=table % listed)
    assert sorted(p.code for p in found) == ["entry-unknown", "forfeit-listed-alone"], [p.code for p in found]
    (alone,) = [p for p in found if p.code == "forfeit-listed-alone"]
    for locale in ("en", "zh-Hans", "zh-Hant"):
        hint = alone.hint(locale)
        assert "forfeit: D09" not in hint and "D01, D09]" not in hint, hint
    if game == "guandan":  # its double forfeit said without the side naming no entry (rev88 D3)
        assert alone.hint("en").endswith(" If neither team came, the list names both of the table's teams "
                                         "(a double forfeit)."), alone.hint("en")
    if listed == "D01":  # an entry at the table: its own forfeit still offered
        assert alone.hint("en").startswith("write forfeit: D01 if D01 alone did not come"), alone.hint("en")
    else:
        assert alone.hint("en").startswith("D09 names no entry (see entry-unknown)"), alone.hint("en")


@pytest.mark.parametrize("written, first, keys", [
    ("    deals: [D03+2]\n    forfeit: D03\n", "deals", "deals, forfeit"),
    ("    forfeit: D03\n    deals: [D03+2]\n", "forfeit", "forfeit, deals"),
    ("    levels: {D03: 5}\n    forfeit: [D03, D01]\n", "levels", "levels, forfeit"),
])
def test_a_guandan_bye_with_deals_and_a_forfeit_is_one_error_naming_both(tmp_path: Path, written: str, first: str,
                                                                        keys: str) -> None:
    """A Guandan bye with deals and a forfeit had two errors at two lines (guandan-bye-with-record
    at the deals, bye-with-forfeit at the forfeit) for one fix: one now, at the first of them in
    the file (where the lines to delete start), naming both, its hint saying what a forfeit there
    may have meant (a team that left: withdrawn, its bye table deleted), as bye-with-forfeit's did."""
    found = _errors(tmp_path, "guandan", "    teams: [D03]\n" + written)
    assert [(p.code, p.mark.line, p.mark.column) for p in found] == [("guandan-bye-with-record", 7, 5)], \
        [(p.code, p.message("en")) for p in found]
    (error,) = found
    assert error.message("en") == f"D03 has a bye (one team at the table): nothing but teams belongs here ({keys} written)"
    assert error.hint("en") == (f"delete what is written here ({keys}): a bye is just teams: [D03]. A team that has left the event is "
                                "withdrawn instead (withdrawn: N under its entry) and this bye table deleted, for a "
                                "withdrawn entry gets no bye.")
    zh = keys.replace(", ", "\u3001")
    assert error.message("zh-Hans").endswith(f"\u4e0d\u5e94\u6709 {zh}") and error.message("zh-Hant").endswith(f"\u4e0d\u61c9\u6709 {zh}")
    assert error.hint("zh-Hans").startswith(f"\u5220\u53bb {zh}\uff1a") and "withdrawn: N" in error.hint("zh-Hans")
    assert error.hint("zh-Hant").startswith(f"\u522a\u53bb {zh}\uff1a") and "withdrawn: N" in error.hint("zh-Hant")
    assert first in error.message("en")


def test_a_guandan_bye_with_deals_alone_says_no_withdrawal(tmp_path: Path) -> None:
    (error,) = _errors(tmp_path, "guandan", "    teams: [D03]\n    deals: [D03+2]\n")
    assert error.hint("en") == "delete what is written here (deals): a bye is just teams: [D03].", error.hint("en")


def test_a_four_player_guandan_bye_with_rooms_and_a_forfeit_is_one_error(tmp_path: Path) -> None:
    folder = new_event(tmp_path, "ev", "title: t\ngame: guandan\ndate: 2024-05-01\n", "D0", 3,
                       "  - {id: main, name: m, format: swiss, rounds: 2, team_size: 4}\n")
    (folder / "results/round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [D01, D02]}\n  - table: 2\n    teams: [D03]\n"
        "    rooms: {open: {deals: [D03+2]}}\n    forfeit: D03\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(folder.parents[1])
    found = [p for p in failure.value.problems if not p.warning and p.mark.file.name == "round-1.yaml" and p.mark.line > 5]
    assert [(p.code, p.mark.line, p.params["key"]) for p in found] == [
        ("guandan-bye-with-record", 7, ["rooms", "forfeit"])], [(p.code, p.message("en")) for p in found]


def test_the_readme_says_each_form_a_forfeit_takes_where_it_describes_results_files() -> None:
    """The forms of `forfeit:` (one side; Guandan's double forfeit, a list of both; a bye's an
    error; empty none) were said only in the desk's paragraphs, not where the README describes
    the content files. Each code the paragraph names is one the checks raise."""
    import re

    from generator.games import GAMES

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Writing content\n", 1)[1].split("\n## ", 1)[0]
    (paragraph,) = [p for p in section.split("\n\n") if p.startswith("A table's `forfeit:`")]
    text = " ".join(paragraph.split())
    for form in ("`forfeit: T08`", "`forfeit: [T17, T29]`", "`forfeit: [T08]`", "A bye's forfeit, of any value, is an error",
                 "`forfeit:` left empty, no value, is no forfeit, at any table, a bye's too"):
        assert form in text, form
    codes = set(re.findall(r"`([a-z]+(?:-[a-z]+)+)`", text))
    assert {"bye-with-forfeit", "guandan-bye-with-record", "forfeit-listed-alone", "forfeit-double-not-in-game",
            "guandan-forfeit-both-knockout", "sit-out-with-forfeit"} <= codes, codes
    assert codes <= set(GAMES.catalogue()), codes - set(GAMES.catalogue())


README_BYE_CODES = {  # README's words for a 大怪路子 bye's forfeit, in its three places
    "zh": "\u5927\u602a\u8def\u5b50 `daguai-bye-with-play`\uff08\u7a7a\u5217\u8868 `forfeit: []` "
          "\u4e5f\u662f\u5199\u4e86\u5f03\u6743\uff0c\u4e0e\u63bc\u86cb\u76f8\u540c\uff09",
    "event day": "\u5927\u602a\u8def\u5b50's `daguai-bye-with-play` (an empty list, `forfeit: []`, too, as in Guandan)",
    "forms": "\u5927\u602a\u8def\u5b50's `daguai-bye-with-play`, `forfeit: []` too (a forfeit written, though it "
             "names no side, as in Guandan)",
}


@pytest.mark.parametrize("listed", ["D03", "[D03]", "[D03, D01]", "[]"])
def test_the_readme_says_the_code_check_gives_for_a_da_guai_byes_forfeit(tmp_path: Path, listed: str) -> None:
    """h-gd10 review D5: README said 大怪路子's bye forfeit is `daguai-bye-with-play`, but check
    said `bye-with-forfeit` for `forfeit: []`; now `daguai-bye-with-play` for every forfeit
    written, as Guandan's, and README says so where it said both."""
    (found,) = _errors(tmp_path, "daguai", f"    home: D03\n    forfeit: {listed}\n")
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    for words in README_BYE_CODES.values():
        assert words in readme, words
    assert "bye-with-forfeit` for an empty list" not in readme and "\u65f6\u4e3a `bye-with-forfeit`" not in readme
    assert found.code == "daguai-bye-with-play", (listed, found.code)


def _round(tmp_path: Path, game: str, table: str, team_size: int = 2) -> Path:
    """An event of three entries, round 1's second table `table` (a bye, as written); the file."""
    four = ", team_size: 4" if team_size == 4 else ""
    folder = new_event(tmp_path, "ev", f"title: t\ngame: {game}\ndate: 2024-05-01\n", "D0", 3,
                       "  - {id: main, name: m, format: swiss, rounds: 2%s}\n" % four)
    first = "{table: 1, teams: [D01, D02]}" if game == "guandan" else "{table: 1, home: D01, away: D02}"
    path = folder / "results/round-1.yaml"
    path.write_text(f"stage: main\nround: 1\ntables:\n  - {first}\n  - table: 2\n{table}", encoding="utf-8")
    return path


def _bye_errors(path: Path) -> list:
    """The errors of the round file's bye table (its lines from 6 on), [] when it checks clean."""
    try:
        _, _, problems = validate(path.parents[3])
    except ContentErrors as failure:
        problems = failure.problems
    return [p for p in problems if not p.warning and p.mark.file.name == path.name and p.mark.line >= 6]


def _deleted(path: Path, keys: list[str]) -> None:
    """The hint followed: each named key's line (and the lines under it) deleted."""
    kept, deleting = [], False
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("    ") and not line.startswith("     "):
            deleting = line.strip().split(":", 1)[0] in keys
        if not deleting:
            kept.append(line)
    path.write_text("".join(kept), encoding="utf-8")


@pytest.mark.parametrize("team_size, written, keys", [
    # h-gd10 review D3: at teams of four `levels:` was guandan-rooms-expected ("write rooms:
    # {open: ...}", itself this bye's error) beside the bye's error at the forfeit alone
    (4, '    levels: {D03: "5"}\n    forfeit: D03\n', ["levels", "forfeit"]),
    (4, '    levels: {D03: "5"}\n', ["levels"]),
    (4, "    deals: [D03+2]\n    rooms: {open: {deals: [D03+9]}}\n    forfeit: [D03]\n", ["deals", "rooms", "forfeit"]),
    # the contents of what the hint deletes were said beside it: guandan-gain-range, type-expected
    (2, "    deals: [D03+9]\n", ["deals"]),
    (2, "    levels: D03\n", ["levels"]),
    (2, "    forfeit: D03\n    levels: D03\n    winner: D09\n", ["forfeit", "levels", "winner"]),
])
def test_a_guandan_bye_is_one_error_whatever_is_written_and_its_hint_clears_it(
        tmp_path: Path, team_size: int, written: str, keys: list[str]) -> None:
    path = _round(tmp_path, "guandan", "    teams: [D03]\n" + written, team_size)
    found = _bye_errors(path)
    assert [(p.code, p.mark.line, p.mark.column) for p in found] == [("guandan-bye-with-record", 7, 5)], \
        [(p.code, p.message("en")) for p in found]
    # the keys as data, joined as each locale joins a message's list: ", " in English, \u3001 in
    # Chinese (they were handed over joined, one text a locale, English's with an "and")
    assert found[0].params["key"] == keys
    named, zh = ", ".join(keys), "\u3001".join(keys)
    assert found[0].message("en").endswith(f"({named} written)"), found[0].message("en")
    assert found[0].hint("en").startswith(f"delete what is written here ({named}): a bye is just teams: [D03]."), found[0].hint("en")
    assert found[0].message("zh-Hans").endswith(f"\u4e0d\u5e94\u6709 {zh}") and found[0].hint("zh-Hans").startswith(f"\u5220\u53bb {zh}\uff1a")
    assert found[0].message("zh-Hant").endswith(f"\u4e0d\u61c9\u6709 {zh}") and found[0].hint("zh-Hant").startswith(f"\u522a\u53bb {zh}\uff1a")
    assert ("withdrawn: N" in found[0].hint("en")) == ("forfeit" in keys)
    _deleted(path, keys)
    assert _bye_errors(path) == []


@pytest.mark.parametrize("written, keys", [
    # one daguai-bye-with-play a key, each at its own line, for one fix
    ("    boards: {1: [D03 8, D03 1]}\n    forfeit: D03\n", ["boards", "forfeit"]),
    ("    forfeit: [D03, D01]\n    violations: [D03]\n    boards: {1: [D03 8, D03 1]}\n", ["forfeit", "violations", "boards"]),
    # what the hint deletes is not read: a board of no side of the table said beside it
    ("    boards: {1: [D09 8, D09 1], 99: nonsense}\n    violations: [D07]\n", ["boards", "violations"]),
    ("    boards: {1: [D03 8, D03 1]}\n    forfeit: []\n", ["boards", "forfeit"]),
    # a forfeit written, though it names no side (the loader's bye-with-forfeit, as Guandan's is not)
    ("    forfeit: []\n", ["forfeit"]),
    ("    forfeit: []\n    boards: {}\n    violations:\n", ["forfeit"]),  # (keys left empty: nothing written)
    ("    boards: 0\n", ["boards"]),  # (a value, though no board: as Guandan's `deals: 0`, written)
])
def test_a_da_guai_bye_with_play_and_a_forfeit_is_one_error_and_its_hint_clears_it(
        tmp_path: Path, written: str, keys: list[str]) -> None:
    path = _round(tmp_path, "daguai", "    home: D03\n" + written)
    found = _bye_errors(path)
    assert [(p.code, p.mark.line, p.mark.column) for p in found] == [("daguai-bye-with-play", 7, 5)], \
        [(p.code, p.message("en")) for p in found]
    (error,) = found
    assert error.params["key"] == keys
    named = ", ".join(keys)
    assert error.message("en") == f"D03 has a bye (home only): nothing but home belongs here ({named} written)"
    hint = f"a bye is not played: remove what is written ({named}), or add the away team."
    if "forfeit" in keys:
        hint += (" A team that has left the event is withdrawn instead (withdrawn: N under its entry) and this bye "
                 "table deleted, for a withdrawn entry gets no bye.")
    assert error.hint("en") == hint, error.hint("en")
    zh = "\u3001".join(keys)
    assert error.message("zh-Hans").endswith(f"\u4e0d\u5e94\u6709 {zh}") and error.message("zh-Hant").endswith(f"\u4e0d\u61c9\u6709 {zh}")
    assert f"\u5220\u53bb {zh}" in error.hint("zh-Hans") and f"\u522a\u53bb {zh}" in error.hint("zh-Hant")
    assert ("withdrawn: N" in error.hint("zh-Hans")) == ("forfeit" in keys) == ("withdrawn: N" in error.hint("zh-Hant"))
    _deleted(path, keys)
    assert _bye_errors(path) == []
