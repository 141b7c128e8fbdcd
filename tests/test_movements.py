"""Pairs movements (移位): the Howell and the Mitchell as movements.py builds them, and
`paibang pair` writing a pairs stage's rounds from them.

The demo pairs events were played as Mitchell movements; their rounds are checked against
`mitchell(...)`, and `paibang pair` on a copy without results must write the same tables.
"""

from __future__ import annotations

import doctest
import re
from collections import Counter
from itertools import combinations
from pathlib import Path
from statistics import pstdev

import pytest
import yaml

from generator.build import validate
from generator.cli import main
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.tournament import movements, pairing
from generator.tournament.movements import (
    HOWELL_LARGEST, ROOM_9, _strong_starter, barometer, choose_movement, howell, mitchell, travellers,
)
from generator.tournament.pairing import draw_sheets, movement_card, pairs_movement, plan_rounds

from support import ROOT, demo_content

QIAOYOU = "qiaoyou-club-pairs-2024"  # bridge, 20 pairs: a Mitchell of 10 tables, 9 rounds of 3 boards
HEFEI = "hefei-80fen-pairs-2012"  # 80分, 16 pairs: a skip Mitchell of 8 tables, 7 rounds of 2 boards
DEMOS = {QIAOYOU: (10, 9, 3), HEFEI: (8, 7, 2)}


def board_sets(sittings: list[movements.Sitting]) -> list[frozenset[int]]:
    return [frozenset(s.boards) for s in sittings]


# --- Howell -------------------------------------------------------------------------------------


@pytest.mark.parametrize("pairs", range(2, 25))
def test_howell_every_pair_meets_every_other_pair_exactly_once(pairs):
    played = [s for s in howell(pairs) if not s.sits_out]
    meetings = Counter(frozenset((s.ns, s.ew)) for s in played)
    assert set(meetings) == {frozenset(m) for m in combinations(range(1, pairs + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("pairs", range(2, 25))
def test_howell_every_pair_sits_once_a_round_and_an_odd_field_sits_out_once(pairs):
    sittings = howell(pairs)
    rounds = pairs - 1 + pairs % 2
    assert {s.round for s in sittings} == set(range(1, rounds + 1))
    for r in range(1, rounds + 1):
        seated = [p for s in sittings if s.round == r for p in (s.ns, s.ew) if p]
        assert sorted(seated) == list(range(1, pairs + 1))
        tables = sorted(s.table for s in sittings if s.round == r)
        assert tables == list(range(1, len(tables) + 1))
    sit_outs = Counter(s.ns for s in sittings if s.sits_out)
    assert sit_outs == (Counter(range(1, pairs + 1)) if pairs % 2 else Counter())
    assert all(s.boards == () and s.table == (pairs + 1) // 2 for s in sittings if s.sits_out)  # the last table


@pytest.mark.parametrize("pairs", range(2, 25))
def test_howell_each_pair_plays_each_board_set_once_at_most_and_every_set_in_an_even_field(pairs):
    sittings = howell(pairs, per_round=2)
    sets = pairs - 1 + pairs % 2
    for pair in range(1, pairs + 1):
        played = [frozenset(s.boards) for s in sittings if pair in (s.ns, s.ew) and not s.sits_out]
        assert len(played) == len(set(played)) == pairs - 1
        if pairs % 2 == 0:
            assert set(played) == {frozenset((2 * k + 1, 2 * k + 2)) for k in range(sets)}


@pytest.mark.parametrize("pairs", range(7, 25))
def test_howell_from_seven_pairs_a_board_set_is_at_one_table_a_round(pairs):
    sittings = [s for s in howell(pairs) if not s.sits_out]
    for r in {s.round for s in sittings}:
        this_round = board_sets([s for s in sittings if s.round == r])
        assert len(this_round) == len(set(this_round))


@pytest.mark.parametrize("pairs", range(3, 7))
def test_howell_of_six_pairs_or_fewer_plays_the_rounds_set_at_every_table(pairs):
    """No Room square of side 3 or 5 exists: the round's boards are shared between the tables."""
    for s in howell(pairs, per_round=1):
        assert s.sits_out or s.boards == (s.round,)


@pytest.mark.parametrize("pairs", range(2, 25))
def test_howell_every_board_is_compared_across_a_table_per_two_pairs(pairs):
    sittings = howell(pairs, per_round=2)
    boards = travellers(sittings)
    assert sorted(boards) == list(range(1, 2 * (pairs - 1 + pairs % 2) + 1))
    for plays in boards.values():
        assert len(plays) == pairs // 2 if pairs % 2 == 0 else (pairs - 1) // 2
        seated = [p for s in plays for p in (s.ns, s.ew)]
        assert len(seated) == len(set(seated))  # nobody plays a board twice


def compared(sittings: list[movements.Sitting], pairs: int) -> list[int]:
    """For every two pairs, the boards on which both played in the same direction (their results
    on it compared in matchpoints): the measure of a movement's balance."""
    found = {frozenset(m): 0 for m in combinations(range(1, pairs + 1), 2)}
    for plays in travellers(sittings).values():
        for first, second in combinations(plays, 2):
            found[frozenset((first.ns, second.ns))] += 1
            found[frozenset((first.ew, second.ew))] += 1
    return list(found.values())


def spread(values: list[int]) -> tuple[int, int, float]:
    return min(values), max(values), round(pstdev(values), 2)


@pytest.mark.parametrize("movement", [howell, barometer])
@pytest.mark.parametrize("pairs", range(5, 17))
def test_every_two_pairs_are_compared_about_equally_often(movement, pairs):
    """3 to 8 tables, one board a round: every two pairs compared within 5 boards of each other,
    the standard deviation under 1.1 boards (a Howell of 7 and 8 pairs: every two pairs 2 and 3
    times, as the published 4-table balanced Howell), and never worse than the directions
    drawn before (10 pairs were compared on 1 to 7 boards of 9, standard deviation 1.66; a
    16-pair barometer 0 to 14, 4.10)."""
    low, high, deviation = spread(compared(movement(pairs, per_round=1), pairs))
    assert high - low <= 5 and deviation < 1.1, (low, high, deviation)
    if movement is howell and pairs in (7, 8):
        assert low == high
    assert deviation <= spread(compared(movement(pairs, per_round=1, legacy=True), pairs))[2]


def test_the_ten_pair_howell_of_nine_rounds_of_three_boards():
    """The reviewer's case: 3 to 21 boards of 27 before, 6 to 18 now, 41 of the 45 within 9 to
    15 (the ideal, 12 for every two pairs, cannot be: see movements._balanced_sides)."""
    before = compared(howell(10, 9, 3, legacy=True), 10)
    now = compared(howell(10, 9, 3), 10)
    assert spread(before) == (3, 21, 4.98)
    assert spread(now) == (6, 18, 2.68)
    assert sum(before) == sum(now) == 45 * 12  # the total is the directions' to share, not to change
    assert sum(9 <= n <= 15 for n in now) == 41 > sum(9 <= n <= 15 for n in before) == 27


@pytest.mark.parametrize("movement", [howell, barometer])
@pytest.mark.parametrize("pairs", range(2, 25))
def test_howell_pairs_sit_ns_and_ew_about_equally(movement, pairs):
    """Within 1 for fields of 6 pairs or fewer (5 rounds or fewer), within 6 above (8 NS and 14 EW
    of 22 rounds), mostly 5 or less: the comparisons come first, as in the published balanced
    Howells, whose stationary pair sits NS every round. The legacy directions: within 1, an odd
    field 0."""
    for legacy, most in ((False, 1 if pairs <= 6 else 6), (True, 1 if pairs % 2 == 0 else 0)):
        sittings = [s for s in movement(pairs, legacy=legacy) if not s.sits_out]
        for pair in range(1, pairs + 1):
            ns = sum(s.ns == pair for s in sittings)
            ew = sum(s.ew == pair for s in sittings)
            assert abs(ns - ew) <= most, (legacy, pair, ns, ew)


@pytest.mark.parametrize("pairs", [7, 8, 10, 16])
def test_howell_directions_are_the_same_every_time_and_only_the_directions_change(pairs):
    movements._balanced_sides.cache_clear()
    first = howell(pairs, per_round=2)
    movements._balanced_sides.cache_clear()
    assert howell(pairs, per_round=2) == first
    legacy = howell(pairs, per_round=2, legacy=True)
    assert [(s.round, s.table, {s.ns, s.ew}, s.boards) for s in first] == \
        [(s.round, s.table, {s.ns, s.ew}, s.boards) for s in legacy]
    assert first != legacy


def test_howell_stationary_pair_keeps_table_one_and_the_others_rotate():
    sittings = howell(8)
    assert all(8 in (s.ns, s.ew) for s in sittings if s.table == 1)
    for s in sittings:  # the circle: the pairs x and y (0-based) of slot d meet when x + y = 2(r − 1) mod 7
        if s.table > 1:
            assert (s.ns - 1 + s.ew - 1) % 7 == 2 * (s.round - 1) % 7


def test_howell_fewer_rounds_are_the_first_rounds():
    assert howell(10, rounds=4) == [s for s in howell(10) if s.round <= 4]


def test_howell_refuses_what_it_cannot_seat():
    with pytest.raises(ValueError):
        howell(1)
    with pytest.raises(ValueError):
        howell(HOWELL_LARGEST + 1)
    with pytest.raises(ValueError):
        howell(8, rounds=8)


@pytest.mark.parametrize("n", [n for n in range(7, 40, 2) if n != 9])
def test_strong_starter_differences_and_sums(n):
    c = _strong_starter(n)
    m = (n - 1) // 2
    halves = [((c[d] - d) % n, (c[d] + d) % n) for d in range(1, m + 1)]
    assert sorted([0] + [x for pair in halves for x in pair]) == list(range(n))  # a starter
    assert len(set(c)) == m + 1  # its sums (2 c_d) distinct and non-zero: strong


@pytest.mark.parametrize("n", [3, 5, 9])
def test_no_strong_starter_of_order_3_5_or_9(n):
    with pytest.raises(ValueError):
        _strong_starter(n)


def test_room_9_rows_use_distinct_sets():
    assert all(len(set(row)) == 5 for row in ROOM_9)


def test_default_is_howell_up_to_eight_pairs_and_the_stage_key_wins():
    assert [choose_movement(p) for p in (3, 8, 9, 20)] == ["howell", "howell", "mitchell", "mitchell"]
    assert choose_movement(6, "mitchell") == "mitchell"
    assert choose_movement(20, "howell") == "howell"


# --- Mitchell -----------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", range(1, 14))
def test_mitchell_every_board_travels_through_every_round(tables):
    sittings = mitchell(tables, per_round=2)
    rounds = tables if tables % 2 else max(tables - 1, 1)
    for plays in travellers(sittings).values():
        assert sorted(s.round for s in plays) == list(range(1, rounds + 1))
        assert len({s.ns for s in plays}) == len({s.ew for s in plays}) == rounds


@pytest.mark.parametrize("tables", [2, 4, 6, 8, 10])
def test_skip_mitchell_never_meets_an_ns_pair_or_a_board_set_twice(tables):
    sittings = mitchell(tables, per_round=1)
    for ew in range(1, tables + 1):
        mine = [s for s in sittings if s.ew == ew]
        assert len({s.ns for s in mine}) == len({s.boards for s in mine}) == len(mine) == max(tables - 1, 1)


def test_module_examples_hold():
    assert doctest.testmod(movements).failed == 0


# --- the demo events ----------------------------------------------------------------------------


def written_tables(path: Path) -> list[tuple[int, str, str, tuple[int, ...]]]:
    """(table, ns, ew, boards) of a results file, boards read from records or `# n:` lines."""
    found = []
    for block in re.split(r"\n  - table: ", path.read_text(encoding="utf-8"))[1:]:
        data = yaml.safe_load("tables:\n  - table: " + block)["tables"][0]
        boards = data.get("boards") or {}
        numbers = tuple(sorted(boards)) or tuple(int(n) for n in re.findall(r"^ +# (\d+):", block, re.M))
        found.append((data["table"], data["ns"], data.get("ew", ""), numbers))
    return found


@pytest.mark.parametrize("slug", sorted(DEMOS))
def test_demo_rounds_are_the_mitchell_movement(slug):
    tables, rounds, per_round = DEMOS[slug]
    folder = ROOT / "content/events" / slug / "results"
    expected = mitchell(tables, rounds, per_round)
    for number in range(1, rounds + 1):
        played = written_tables(folder / f"round-{number}.yaml")
        movement = [(s.table, f"P{s.ns:02}", f"P{s.ew + tables:02}", s.boards) for s in expected if s.round == number]
        assert played == movement, number


@pytest.mark.parametrize("slug", sorted(DEMOS))
def test_demo_stage_follows_its_movement_and_has_a_card(slug):
    _, results, _ = validate(ROOT / "content")
    result = next(r for r in results if r.event.slug == slug)
    movement = pairs_movement(result.event, result.stages[0])
    assert movement.kind == "mitchell"
    assert movement.follows(result.event.rounds["pairs"])
    card = movement_card(result.event, result.stages[0])
    assert card is not None and len(card.rows) == DEMOS[slug][1]


@pytest.mark.parametrize("slug", sorted(DEMOS))
def test_the_card_is_worded_in_each_locale_from_the_catalogues(slug):
    """The movement card's words are catalogue words (pair_* in the shared catalogue), one set
    per locale: the page picks its event's language. English has no Chinese in it."""
    import re

    from generator import catalogues

    _, results, _ = validate(ROOT / "content")
    result = next(r for r in results if r.event.slug == slug)
    card = movement_card(result.event, result.stages[0])
    for locale in ("zh-Hans", "zh-Hant", "en"):
        assert card.heading[locale] == catalogues.text("pair_movement_heading", locale)
        assert card.steps[locale][-1] == catalogues.text("pair_compare_line", locale)
        assert card.columns[1][locale] == catalogues.text("table_n", locale, n=1)
    assert not re.search(r"[\u4e00-\u9fff]", " ".join([card.heading["en"], *card.steps["en"], *(c["en"] for c in card.columns)]))


def without_results(tmp_path: Path, *slugs: str) -> Path:
    content = demo_content(tmp_path, *slugs)
    for slug in slugs:
        for path in (content / "events" / slug / "results").glob("*.yaml"):
            path.unlink()
    return content


@pytest.mark.parametrize("slug", sorted(DEMOS))
def test_pair_writes_round_one_of_a_demo_pairs_event_as_it_was_played(slug, tmp_path, capsys):
    content = without_results(tmp_path, slug)
    assert main(["pair", slug, "pairs", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    written = content / "events" / slug / "results/round-1.yaml"
    assert written_tables(written) == written_tables(ROOT / "content/events" / slug / "results/round-1.yaml")
    assert "P01" in out and ("牌 1–3" in out if slug == QIAOYOU else "牌 1–2" in out)
    _, results, warnings = validate(content, strict=True)
    stage = results[0].stages[0]
    assert [r.drawn_only for r in stage.rounds] == [True]  # drawn, not played: nothing counts yet
    assert not stage.has_results and stage.standings == []
    assert [s.name for s in draw_sheets(results[0], "zh-Hans")] == ["draw-pairs-round-1", "movement-pairs"]


def test_pair_all_writes_every_round_of_the_skip_mitchell(tmp_path):
    content = without_results(tmp_path, HEFEI)
    assert main(["pair", HEFEI, "pairs", "--all", "--content", str(content)]) == 0
    for number in range(1, 8):
        path = f"events/{HEFEI}/results/round-{number}.yaml"
        assert written_tables(content / path) == written_tables(ROOT / "content" / path), number
    assert not (content / f"events/{HEFEI}/results/round-8.yaml").exists()
    assert main(["pair", HEFEI, "pairs", "--content", str(content)]) == 1  # all 7 rounds written


def test_pair_writes_the_next_round_after_those_played(tmp_path):
    content = demo_content(tmp_path, QIAOYOU)
    (content / f"events/{QIAOYOU}/results/round-9.yaml").unlink()
    assert main(["pair", QIAOYOU, "pairs", "--content", str(content)]) == 0
    path = f"events/{QIAOYOU}/results/round-9.yaml"
    assert written_tables(content / path) == written_tables(ROOT / "content" / path)
    _, results, _ = validate(content, strict=True)
    assert results[0].stages[0].rounds[-1].drawn_only


def test_pair_dry_run_prints_the_boards_and_writes_nothing(tmp_path, capsys):
    content = without_results(tmp_path, QIAOYOU)
    assert main(["pair", QIAOYOU, "pairs", "--dry-run", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "      # 28:\n      # 29:\n      # 30:\n" in out
    assert not list((content / f"events/{QIAOYOU}/results").glob("*.yaml"))


def test_pair_never_overwrites_for_a_pairs_stage(tmp_path, monkeypatch, capsys):
    content = without_results(tmp_path, HEFEI)
    taken = tmp_path / "taken.yaml"
    taken.write_text("# a secretary's file\n", encoding="utf-8")
    monkeypatch.setattr(pairing, "results_path", lambda event, plan: taken)
    assert main(["pair", HEFEI, "pairs", "--content", str(content)]) == 1
    assert "不会覆盖" in capsys.readouterr().err
    assert taken.read_text(encoding="utf-8") == "# a secretary's file\n"


# --- small fields: a Howell -------------------------------------------------------------------


def small_pairs(tmp_path: Path, game: str, count: int, rounds: int, extra: str = "") -> Path:
    content = tmp_path / "content"
    (content / "events/ev/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试\n", encoding="utf-8")
    entries = "".join(f"  - {{id: D{i}, players: [甲{i}, 乙{i}]}}\n" for i in range(1, count + 1))
    scoring = "    scoring: matchpoints\n" if game == "bridge" else ""
    (content / "events/ev/event.yaml").write_text(
        f"title: 双人赛\ngame: {game}\ndate: 2024-05-01\nentries:\n{entries}stages:\n  - id: pairs\n    name: 双人赛\n"
        f"    format: pairs\n{scoring}    rounds: {rounds}\n    boards: 2\n    rank_by: [percent, mp]\n{extra}",
        encoding="utf-8")
    return content


@pytest.mark.parametrize(("game", "count"), [("bridge", 7), ("bridge", 8), ("shengji", 5), ("shengji", 6)])
def test_pair_all_writes_a_howell_for_a_small_field_that_checks_and_renders(game, count, tmp_path):
    rounds = count - 1 + count % 2
    content = small_pairs(tmp_path, game, count, rounds)
    assert main(["pair", "ev", "pairs", "--all", "--content", str(content)]) == 0
    _, results, _ = validate(content, strict=True)
    stage = results[0].stages[0]
    assert len(stage.rounds) == rounds and all(r.drawn_only for r in stage.rounds)
    met = Counter(frozenset(s.table.sides) for r in stage.rounds for s in r.tables if len(s.table.sides) == 2)
    assert set(met.values()) == {1} and len(met) == count * (count - 1) // 2
    text = (content / "events/ev/results/round-1.yaml").read_text(encoding="utf-8")
    assert "豪威尔移位" in text
    if count % 2:
        assert f"  - table: {(count + 1) // 2}    # 轮空\n    ns: D1\n" in text  # pair 1 sits out round 1
    site, results, _ = validate(content)
    out = tmp_path / "output"
    render_site(site, results, {}, OutputTree(out))
    page = (out / "events/ev/pairs/index.html").read_text(encoding="utf-8")
    assert 'class="movement-card"' in page and "移位表" in page


def test_stage_page_has_no_card_when_the_rounds_follow_another_movement(tmp_path):
    content = small_pairs(tmp_path, "bridge", 4, 3)
    (content / "events/ev/results/round-1.yaml").write_text(
        "stage: pairs\nround: 1\ntables:\n  - {table: 1, ns: D1, ew: D2}\n  - {table: 2, ns: D3, ew: D4}\n",
        encoding="utf-8")
    _, results, _ = validate(content)
    assert movement_card(results[0].event, results[0].stages[0]) is None


def test_pair_draws_a_mitchell_of_an_odd_field_with_a_sit_out(tmp_path, capsys):
    """7 pairs were refused ("a Mitchell needs as many NS pairs as EW pairs"): one NS pair short,
    the last table's EW pair sits the round out, as clubs run it (tests/test_mitchell_sit_out.py)."""
    content = small_pairs(tmp_path, "bridge", 7, 3, "    movement: mitchell\n")
    assert main(["pair", "ev", "pairs", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"第 3 桌\s+D3 .*—\s+D6 ", out) and re.search(r"轮空\s+D7 ", out)


def test_pair_refuses_more_rounds_than_the_movement_has(tmp_path, capsys):
    content = small_pairs(tmp_path, "shengji", 6, 6)
    assert main(["pair", "ev", "pairs", "--content", str(content)]) == 1
    assert "最多 5 轮" in capsys.readouterr().err


def test_pair_refuses_a_pairs_stage_without_boards(tmp_path, capsys):
    content = small_pairs(tmp_path, "bridge", 6, 5)
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    boards: 2\n", ""), encoding="utf-8")
    assert main(["pair", "ev", "pairs", "--content", str(content)]) == 1
    assert "boards" in capsys.readouterr().err


def test_movement_stage_key_is_read_and_checked(tmp_path):
    content = small_pairs(tmp_path, "bridge", 6, 3, "    movement: mitchell\n")
    _, results, _ = validate(content)
    assert results[0].event.stages[0].movement == "mitchell"
    assert pairs_movement(results[0].event, results[0].stages[0]).kind == "mitchell"
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("movement: mitchell", "movement: howel"), encoding="utf-8")
    with pytest.raises(Exception) as failure:
        validate(content)
    assert "value-choice" in {p.code for p in failure.value.problems}


def test_plan_rounds_every_gives_the_remaining_rounds_of_a_pairs_stage(tmp_path):
    content = without_results(tmp_path, QIAOYOU)
    _, results, _ = validate(content)
    plans = plan_rounds(results[0], "pairs", every=True)
    assert [p.number for p in plans] == list(range(1, 10))
    assert plans[0].boards[0] == (1, 2, 3) and plans[0].method == "mitchell"


# --- the draw notice's boards -----------------------------------------------------------------


def _round_one(content: Path, tables: list[tuple[str, str, dict[int, str]]]) -> None:
    lines = ["stage: pairs", "round: 1", "tables:"]
    for number, (ns, ew, boards) in enumerate(tables, 1):
        lines += [f"  - table: {number}", f"    ns: {ns}", f"    ew: {ew}"]
        if boards:
            lines += ["    boards:"] + [f"      {board}: {result}" for board, result in boards.items()]
    (content / "events/ev/results/round-1.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(("game", "played"), [("bridge", "3NT N ="), ("shengji", "40")])
def test_draw_notice_of_a_round_seated_otherwise_lists_the_boards_its_file_gives(game, played, tmp_path):
    """An imported session (Ruter i Norge's, every table of a round on the same boards) is not
    seated by the Mitchell the field would get: the notice lists the boards each table played,
    as its file and its round page say, and names no movement."""
    from generator import catalogues

    content = small_pairs(tmp_path, game, 8, 3, "    movement: mitchell\n")
    _round_one(content, [(f"D{k}", f"D{k % 4 + 5}", {3: played, 4: played}) for k in range(1, 5)])
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    sheet = pairing.draw_sheet(results[0].event, stage, stage.rounds[0], "zh-Hans")
    assert [row[-1] for row in sheet.rows] == ["3–4"] * 4  # not the Mitchell's 1–2, 3–4, 5–6, 7–8
    assert sheet.text.startswith(catalogues.text("pair_sheet_written", "zh-Hans"))
    assert catalogues.text("pair_method_mitchell", "zh-Hans") not in sheet.text


def test_draw_notice_of_a_round_the_movement_seats_lists_all_its_boards_while_being_entered(tmp_path):
    """A round `paibang pair` drew, board 1 of table 1 entered and the others not yet: every
    table's boards as the movement gives them, and the movement named."""
    from generator import catalogues

    content = small_pairs(tmp_path, "bridge", 8, 3, "    movement: mitchell\n")
    _round_one(content, [("D1", "D5", {1: "3NT N ="})] + [(f"D{k}", f"D{k + 4}", {}) for k in range(2, 5)])
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    sheet = pairing.draw_sheet(results[0].event, stage, stage.rounds[0], "zh-Hans")
    assert [row[-1] for row in sheet.rows] == ["1–2", "3–4", "5–6", "7–8"]
    method = catalogues.text("pair_method_mitchell", "zh-Hans")
    assert sheet.text.startswith(catalogues.text("pair_sheet_movement", "zh-Hans", method=method))


@pytest.mark.parametrize("scoring", ["matchpoints", "butler"])
def test_entry_page_of_a_pairs_stage_marks_no_round_won_or_lost(scoring, tmp_path):
    """A pairs round is scored against the field: the entry page says it was played and gives
    its score, never 胜 or 负 (D1 tops both boards: its opponents D2 did not lose to it, they
    scored worse than D4 did on the same cards)."""
    content = small_pairs(tmp_path, "bridge", 4, 3)
    event = content / "events/ev/event.yaml"
    if scoring == "butler":
        event.write_text(event.read_text(encoding="utf-8").replace("matchpoints", scoring)
                         .replace("rank_by: [percent, mp]", "rank_by: [imps]"), encoding="utf-8")
    _round_one(content, [("D1", "D2", {1: "3NT N =", 2: "4S E -1"}), ("D3", "D4", {1: "3NT N -1", 2: "4S E ="})])
    site, results, _ = validate(content)
    out = tmp_path / "output"
    render_site(site, results, {}, OutputTree(out))
    for pair in ("D1", "D2", "D3", "D4"):
        page = (out / "events/ev/entries" / pair / "index.html").read_text(encoding="utf-8")
        summary = page[page.index('class="summary'):page.index("</table>", page.index('class="summary'))]
        assert '<td role="cell" class="outcome played">已赛</td>' in summary, pair
        assert "outcome won" not in summary and "outcome lost" not in summary and "胜负" not in summary, pair
        assert "<th role=\"columnheader\" scope=\"col\">赛况</th>" in summary


@pytest.mark.parametrize("movement", [howell, barometer])
def test_an_event_drawn_in_the_legacy_directions_keeps_them_and_checks_clean(movement, tmp_path, monkeypatch):
    """Rounds drawn before the directions were balanced are followed as written: the next rounds
    `pair` draws for that stage are the legacy ones, the stage still follows its movement (its
    card, its boards) and check finds nothing. A new event draws the balanced directions."""
    extra = f"    movement: {movement.__name__}\n"
    content = small_pairs(tmp_path, "bridge", 8, 7, extra)
    with monkeypatch.context() as patch:
        patch.setattr(movements, "_balanced_sides", lambda pairs, by_round=False: movements._legacy_sides(pairs + pairs % 2))
        for _ in range(3):
            assert main(["pair", "ev", "pairs", "--content", str(content)]) == 0
    assert main(["pair", "ev", "pairs", "--all", "--content", str(content)]) == 0

    def seats(sittings: list[movements.Sitting], number: int) -> list[tuple[int, str, str, tuple[int, ...]]]:
        return [(s.table, f"D{s.ns}", f"D{s.ew}", s.boards) for s in sittings if s.round == number]

    legacy, balanced = movement(8, 7, 2, legacy=True), movement(8, 7, 2)
    for number in range(1, 8):
        assert written_tables(content / f"events/ev/results/round-{number}.yaml") == seats(legacy, number)
    assert seats(legacy, 4) != seats(balanced, 4)
    _, results, warnings = validate(content, strict=True)
    assert warnings == []
    assert pairing.followed_movement(results[0].event, results[0].stages[0]) is not None
    assert movement_card(results[0].event, results[0].stages[0]) is not None

    fresh = small_pairs(tmp_path / "new", "bridge", 8, 7, extra)
    assert main(["pair", "ev", "pairs", "--all", "--content", str(fresh)]) == 0
    for number in range(1, 8):
        assert written_tables(fresh / f"events/ev/results/round-{number}.yaml") == seats(balanced, number)
