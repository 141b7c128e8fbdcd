"""The Swiss draw (对阵编排), rule by rule as the stage page documents it, and `paibang pair`.

The pure functions are checked against a brute force that applies the documented steps
literally: enumerate every draw without a rematch, keep the fewest group crossings, then go
down the ranking giving each entry its nearest possible neighbour below.
"""

from __future__ import annotations

import itertools
import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.build import Reading, validate, validate_again
from generator.cli import main
from generator.errors import ContentErrors
from generator.tournament.matching import max_weight_matching
from generator.tournament.pairing import (
    NoPairing, choose_bye, draw_sheets, pair_swiss, plan_rounds, results_text, yaml_id,
)

ROOT = Path(__file__).resolve().parents[1]


# --- the documented rules, applied literally -------------------------------------------------


def perfect_draws(items: list[str], met: set[frozenset[str]]):
    if not items:
        yield []
        return
    first = items[0]
    for i in range(1, len(items)):
        if frozenset((first, items[i])) in met:
            continue
        for rest in perfect_draws(items[1:i] + items[i + 1:], met):
            yield [(first, items[i]), *rest]


def documented_draw(order, scores, met, byes=None):
    """Steps 3 to 7 of the stage page, by exhaustive search; None when no draw exists."""
    byes = byes or {}
    entries = list(order)
    bye = None
    if len(entries) % 2:
        for i in sorted(range(len(entries)), key=lambda i: (byes.get(entries[i], 0), -i)):
            if next(perfect_draws(entries[:i] + entries[i + 1:], met), None) is not None:
                bye = entries[i]
                break
        if bye is None:
            return None
        entries.remove(bye)
    place = {e: i for i, e in enumerate(entries)}
    values = sorted({scores.get(e, 0) for e in entries}, reverse=True)
    group = {e: values.index(scores.get(e, 0)) for e in entries}
    draws = list(perfect_draws(entries, met))
    if not draws:
        return None
    crossings = lambda d: sum((group[a] - group[b]) ** 2 for a, b in d)  # noqa: E731
    fewest = min(map(crossings, draws))
    draws = [d for d in draws if crossings(d) == fewest]
    chosen, paired = [], set()
    for entry in entries:  # step 6: down the ranking, the nearest neighbour below still possible
        if entry in paired:
            continue
        partners = {b if a == entry else a for d in draws for a, b in d if entry in (a, b)}
        partner = min(partners, key=place.__getitem__)
        draws = [d for d in draws if (entry, partner) in d or (partner, entry) in d]
        chosen.append((entry, partner))
        paired |= {entry, partner}
    return chosen + ([(bye,)] if bye else [])


def draw_or_none(order, scores, met, byes=None):
    try:
        return pair_swiss(order, scores, met, byes).tables
    except NoPairing:
        return None


# --- the rules, one by one -------------------------------------------------------------------


def test_round_one_by_lot_pairs_neighbours_and_the_last_has_the_bye():
    order = ["T05", "T02", "T09", "T01", "T07"]
    draw = pair_swiss(order, {}, set())
    assert draw.tables == [("T05", "T02"), ("T09", "T01"), ("T07",)]
    assert draw.bye == "T07"


def test_score_groups_pair_neighbours_first_v_second():
    order = ["A", "B", "C", "D", "E", "F"]
    scores = {"A": 2, "B": 2, "C": 2, "D": 2, "E": 1, "F": 1}
    assert pair_swiss(order, scores, set()).tables == [("A", "B"), ("C", "D"), ("E", "F")]


def test_odd_entry_floats_down_to_next_group():
    order = ["A", "B", "C", "D", "E", "F"]
    scores = {"A": 2, "B": 2, "C": 2, "D": 1, "E": 1, "F": 1}
    # C, the lowest of the 2-win group, floats and meets D, the highest of the 1-win group.
    assert pair_swiss(order, scores, set()).tables == [("A", "B"), ("C", "D"), ("E", "F")]


def test_floater_meets_the_next_group_member_it_has_not_met():
    order = ["A", "B", "C", "D", "E", "F"]
    scores = {"A": 2, "B": 2, "C": 2, "D": 1, "E": 1, "F": 1}
    met = {frozenset("CD")}
    assert pair_swiss(order, scores, met).tables == [("A", "B"), ("C", "E"), ("D", "F")]


def test_when_the_lowest_cannot_float_the_one_above_does():
    order = ["A", "B", "C", "D", "E", "F"]
    scores = {"A": 2, "B": 2, "C": 2, "D": 1, "E": 1, "F": 1}
    met = {frozenset("CD"), frozenset("CE"), frozenset("CF")}
    # C cannot leave its group: B floats instead, and A meets C.
    assert pair_swiss(order, scores, met).tables == [("A", "C"), ("B", "D"), ("E", "F")]


def test_fewest_floats_beat_the_top_entrys_nearest_neighbour():
    # A greedy pass would pair A-B and push C and D out of their group; one crossing-free draw exists.
    order = ["A", "B", "C", "D", "E", "F"]
    scores = {"A": 1, "B": 1, "C": 1, "D": 1, "E": 0, "F": 0}
    met = {frozenset("CD"), frozenset("BD")}
    assert pair_swiss(order, scores, met).tables == [("A", "D"), ("B", "C"), ("E", "F")]


def test_two_short_floats_beat_one_long_float():
    order = ["A", "B", "C", "D"]
    scores = {"A": 2, "B": 1, "C": 1, "D": 0}
    # A-B and C-D cross one group each (1 + 1); A-D and B-C would cost 4.
    assert pair_swiss(order, scores, set()).tables == [("A", "B"), ("C", "D")]


def test_no_rematch_within_a_group():
    order = ["A", "B", "C", "D"]
    scores = dict.fromkeys(order, 1)
    assert pair_swiss(order, scores, {frozenset("AB")}).tables == [("A", "C"), ("B", "D")]


def test_bye_goes_to_the_lowest_ranked_entry_without_one():
    order = ["A", "B", "C", "D", "E"]
    scores = {"A": 2, "B": 1, "C": 1, "D": 0, "E": 0}
    draw = pair_swiss(order, scores, set(), {"E": 1})
    assert draw.bye == "D"
    assert draw.tables[-1] == ("D",)


def test_bye_skips_an_entry_whose_bye_would_leave_the_rest_unpairable():
    order = ["A", "B", "C", "D", "E"]
    # If E sat out, A-B-C-D could not be paired (A has met B, C and D): the one above E, D, sits
    # out, and A meets E.
    met = {frozenset("AB"), frozenset("AC"), frozenset("AD")}
    assert choose_bye(order, met, {}) == "D"
    assert pair_swiss(order, {}, met).tables == [("A", "E"), ("B", "C"), ("D",)]


def test_when_all_have_had_a_bye_the_fewest_byes_decide():
    order = ["A", "B", "C"]
    assert choose_bye(order, set(), {"A": 1, "B": 2, "C": 2}) == "A"


def test_tables_are_numbered_from_the_top():
    order = [f"E{i}" for i in range(8)]
    scores = {e: 3 - i // 2 for i, e in enumerate(order)}
    met = {frozenset(("E0", "E1")), frozenset(("E2", "E3"))}
    tables = pair_swiss(order, scores, met).tables
    uppers = [order.index(t[0]) for t in tables]
    assert uppers == sorted(uppers)
    assert all(order.index(a) < order.index(b) for a, b in tables)


def test_no_draw_without_a_rematch_is_refused_not_forced():
    with pytest.raises(NoPairing):
        pair_swiss(["A", "B", "C", "D"], {}, {frozenset("AB"), frozenset("AC"), frozenset("AD")})


@pytest.mark.parametrize("seed", range(6))
def test_draw_is_exactly_the_documented_rules_on_random_small_fields(seed):
    rng = random.Random(seed)
    for _ in range(300):
        size = rng.randint(2, 10)
        order = [f"E{i:02d}" for i in range(size)]
        scores = dict(zip(order, sorted((rng.randint(0, 4) for _ in order), reverse=True)))
        density = rng.random() * 0.6
        met = {frozenset(p) for p in itertools.combinations(order, 2) if rng.random() < density}
        byes = {e: rng.randint(0, 2) for e in order if rng.random() < 0.3}
        assert draw_or_none(order, scores, met, byes) == documented_draw(order, scores, met, byes)


@pytest.mark.parametrize("size", [8, 9, 10])
def test_no_rematch_even_in_round_seven(size):
    """Whole Swiss events with random results: every round pairs whenever a legal draw exists."""
    for seed in range(12):
        rng = random.Random(seed * 100 + size)
        order = [f"E{i}" for i in range(size)]
        wins: Counter[str] = Counter()
        met: set[frozenset[str]] = set()
        byes: Counter[str] = Counter()
        for _round in range(1, size):
            ranking = sorted(order, key=lambda e: (-wins[e], order.index(e)))
            got = draw_or_none(ranking, dict(wins), met, byes)
            legal = [e for e in ranking]
            expected = documented_draw(legal, dict(wins), met, byes)
            assert got == expected
            if got is None:
                break
            for table in got:
                if len(table) == 1:
                    byes[table[0]] += 1
                    wins[table[0]] += 1
                    continue
                pair = frozenset(table)
                assert pair not in met
                met.add(pair)
                wins[rng.choice(table)] += 1


def test_a_late_round_pairs_when_only_one_legal_draw_is_left():
    """Round 7 of 8 entries after six rounds of a round robin's schedule: the draw must find
    the only pairing left, which puts the leaders against the last."""
    order = [f"E{i}" for i in range(8)]
    rounds = [[(order[(r + k) % 7], order[(r - k) % 7]) for k in range(1, 4)] + [(order[r], order[7])] for r in range(7)]
    met = {frozenset(p) for r in rounds[:6] for p in r}
    scores = {e: 6 - i for i, e in enumerate(order)}
    tables = pair_swiss(order, scores, met).tables
    assert {frozenset(t) for t in tables} == {frozenset(p) for p in rounds[6]}


def test_sixty_entries_with_many_meetings_pair_without_a_rematch():
    # How fast is bench/pairing.py's to say (a ratio in one run), never a clock in a test.
    rng = random.Random(60)
    order = [f"T{i:02d}" for i in range(60)]
    scores = {e: 4 - i * 5 // 60 for i, e in enumerate(order)}
    met = {frozenset(p) for p in itertools.combinations(order, 2) if rng.random() < 0.07}
    draw = pair_swiss(order, scores, met)
    assert len(draw.tables) == 30 and not {frozenset(t) for t in draw.tables} & met


def test_matching_is_maximum_weight_on_random_graphs():
    rng = random.Random(3)
    for _ in range(400):
        n = rng.randint(2, 9)
        edges = [(a, b, rng.randint(-3, 20)) for a, b in itertools.combinations(range(n), 2) if rng.random() < 0.7]
        mate = max_weight_matching(n, edges)
        weight = {frozenset((a, b)): w for a, b, w in edges}
        got = sum(weight[frozenset((v, mate[v]))] for v in range(n) if mate[v] > v)
        best = 0
        for k in range(1, n // 2 + 1):
            for chosen in itertools.combinations(edges, k):
                ends = [v for a, b, _ in chosen for v in (a, b)]
                if len(set(ends)) == len(ends):
                    best = max(best, sum(w for *_, w in chosen))
        assert got == best


def test_ids_that_yaml_would_misread_are_quoted():
    assert yaml_id("T01") == "T01"
    assert yaml_id("007") == '"007"'
    assert yaml_id("true") == '"true"'
    assert yaml_id("No") == '"No"'
    assert yaml_id("1e5") == '"1e5"'


# --- `paibang pair` on content ---------------------------------------------------------------


def make_content(root: Path, game: str, count: int, *, fmt: str = "swiss", rounds: int = 3, seed: int | None = 7,
                 rank_by: str | None = None) -> Path:
    """A throwaway site: one event `ev`, `count` entries, one stage `main`."""
    content = root / "content"
    (content / "events/ev/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: 测试站\n", encoding="utf-8")
    prefix = {"guandan": "T", "daguai": "D", "bridge": "A"}[game]
    players = ("甲", "乙") if game == "guandan" else ("甲", "乙", "丙")  # (a Guandan pair seats two: a third is warned of)
    entries = "\n".join(f"  - {{id: {prefix}{i:02d}, players: [{', '.join(p + str(i) for p in players)}]}}" for i in range(1, count + 1))
    default_rank = {"guandan": "[wins, level_diff, buchholz]", "daguai": "[match_points, net, scored, lot]",
                    "bridge": "[total]"}[game]
    seed_line = f"draw_seed: {seed}\n" if seed is not None else ""
    (content / "events/ev/event.yaml").write_text(
        f"title: 测试赛\ngame: {game}\norganizer: 测试会\ndate: 2024-05-01\n{seed_line}entries:\n{entries}\n"
        f"stages:\n  - id: main\n    name: 主赛\n    format: {fmt}\n    rounds: {rounds}\n"
        f"    rank_by: {rank_by or default_rank}\n", encoding="utf-8")
    return content


def pair(content: Path, *extra: str, stage: str = "main") -> int:
    return main(["pair", "ev", stage, "--content", str(content), *extra])


def round_file(content: Path, number: int) -> Path:
    return content / f"events/ev/results/round-{number}.yaml"


def play(content: Path, number: int, game: str, rng: random.Random) -> None:
    """Fill in the drawn round: each match won by a random side."""
    path = round_file(content, number)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    lines = [f"stage: {data['stage']}", f"round: {data['round']}", "tables:"]
    for table in data["tables"]:
        lines.append(f"  - table: {table['table']}")
        if game == "guandan":
            sides = table["teams"]
            lines.append(f"    teams: [{', '.join(sides)}]")
            if len(sides) == 2:
                winner, loser = rng.sample(sides, 2)
                lines.append(f"    levels: {{{winner}: 9, {loser}: 5}}")
        else:
            lines.append(f"    home: {table['home']}")
            if "away" in table:
                lines.append(f"    away: {table['away']}")
                winner = rng.choice([table["home"], table["away"]])
                lines.append(f"    boards: {{1: {{open: {winner} 8, closed: {winner} 5}}}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def meetings(content: Path) -> list[list[frozenset[str]]]:
    _, results, _ = validate(content)
    return [[frozenset(s.table.sides) for s in r.tables] for r in results[0].stages[0].rounds]


def test_pair_writes_round_one_for_guandan_and_the_file_loads(tmp_path, capsys):
    content = make_content(tmp_path, "guandan", 7)
    assert pair(content) == 0
    out = capsys.readouterr().out
    assert "round-1.yaml" in out and "第 1 桌" in out
    text = round_file(content, 1).read_text(encoding="utf-8")
    assert text.startswith("# 主赛 第 1 轮对阵，由 paibang pair 编排（抽签）。")
    assert "draw_seed：7" in text and "stage: main\nround: 1\ntables:\n" in text
    data = yaml.safe_load(text)
    sides = [tuple(t["teams"]) for t in data["tables"]]
    assert [len(s) for s in sides] == [2, 2, 2, 1]  # the bye: teams: [T..] alone, last
    assert sorted(e for s in sides for e in s) == [f"T{i:02d}" for i in range(1, 8)]
    site, results, warnings = validate(content, strict=True)
    stage = results[0].stages[0]
    assert not stage.has_results and stage.drawn_rounds == stage.rounds  # drawn, not played
    assert stage.rounds[0].counted == []


def test_a_large_draw_lists_forty_tables_and_the_bye_and_counts_the_rest(tmp_path, capsys):
    """91 teams: 45 tables and a bye. The terminal lists tables 1-40, the bye past them (the
    secretary acts on it), and counts the 5 left out; --every-table lists all 45. The file holds
    every table either way."""
    content = make_content(tmp_path, "guandan", 91)
    assert pair(content, "--dry-run") == 0
    out = capsys.readouterr().out
    draw = out[out.index("paibang: "):]  # past the dry run's file text: the draw as listed
    listed = [n for n in range(1, 46) if f"\u7b2c {n} \u684c  " in draw]
    assert listed == list(range(1, 41))
    assert "\u8f6e\u7a7a" in draw.splitlines()[-2]  # the bye, past the 40 listed
    assert "\u53e6\u6709 5 \u684c\u672a\u5217\u51fa" in draw.splitlines()[-1]
    assert pair(content, "--every-table") == 0
    out = capsys.readouterr().out
    assert [n for n in range(1, 46) if f"\u7b2c {n} \u684c  " in out] == list(range(1, 46))
    assert "\u672a\u5217\u51fa" not in out
    data = yaml.safe_load(round_file(content, 1).read_text(encoding="utf-8"))
    assert len(data["tables"]) == 46


@pytest.mark.parametrize("typo", ["T3", "T3O"])
def test_a_mistyped_team_is_guessed_among_the_rounds_unseated_not_the_withdrawn(tmp_path, typo):
    """T30 withdrew from round 2; T03's id mistyped at its round-2 table. The guess is T03, left
    without a table, not T30 (T3: difflib ties the two; T3O: T30 with the letter O read as 0),
    who plays no table of round 2."""
    content = make_content(tmp_path, "guandan", 30, seed=5)
    assert pair(content) == 0
    play(content, 1, "guandan", random.Random(1))
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("{id: T30,", "{id: T30, withdrawn: 2,"), encoding="utf-8")
    assert pair(content) == 0
    path = round_file(content, 2)
    text = path.read_text(encoding="utf-8")
    assert "T30" not in text.split("tables:")[1]
    head, tables = text.split("tables:")
    path.write_text(head + "tables:" + re.sub(r"\bT03\b", typo, tables), encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (unknown,) = [p for p in failure.value.problems if p.code == "entry-unknown"]
    assert unknown.params["id"] == typo and "\u662f\u4e0d\u662f T03\uff1f" in unknown.message("zh-Hans")


def test_a_number_typed_without_its_leading_zero_is_guessed_with_it():
    """T3 for T03: difflib rates T30 as close (one edit each way) and took whichever came first."""
    from generator.content.reader import closest

    assert closest("T3", ["T30", "T03"]) == "T03"
    assert closest("a7", ["A70", "A007"]) == "A007"
    assert closest("T30", ["T03", "T30"]) == "T30"  # (an exact id first, zeros and all)


def test_a_forfeit_of_the_wrong_type_is_said_once(tmp_path):
    """`forfeit: {T01: 1}` is read by the loader and by Guandan's reader: the same type-expected
    was printed twice (rev71, of `forfeit: [T01, T02]`, which is now Guandan's double forfeit)."""
    content = make_content(tmp_path, "guandan", 4)
    assert pair(content) == 0
    path = round_file(content, 1)
    text = path.read_text(encoding="utf-8")
    first = re.search(r"    teams: \[(T\d+), (T\d+)\]\n", text)
    path.write_text(text.replace(first.group(0), first.group(0) + f"    forfeit: {{{first.group(1)}: 1}}\n", 1),
                    encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    assert [p.params["key"] for p in failure.value.problems if p.code == "type-expected"] == ["tables[1].forfeit"]


def test_round_ones_bye_is_said_as_the_lot_chose_it(tmp_path):
    """Round 1's comment said the lot's last has the bye, then named the bye "ranked last": by lot
    there is no ranking yet. The bye line says what chose it, the lot order, as the summary does;
    a Swiss round after it still names the lowest-ranked."""
    content = make_content(tmp_path, "guandan", 7)
    assert pair(content) == 0
    text = round_file(content, 1).read_text(encoding="utf-8")
    bye = yaml.safe_load(text)["tables"][-1]["teams"][0]
    assert "单数时抽签排在最后" in text and f"轮空：{bye}（抽签顺序中排在最后" in text
    assert "排名最后" not in text


@pytest.mark.parametrize("seed", [None, 7])
def test_the_draw_notice_names_no_event_yaml_key(tmp_path, seed):
    """The draw notice is the players': it said "（抽签种子 （未设置，建议在 event.yaml 中写
    draw_seed））" without a seed, and "draw_seed 7" in English; the seed is said as the draw's
    seed, and without one the notice just says the round is drawn by lot."""
    from generator.tournament.pairing import draw_sheets

    content = make_content(tmp_path, "guandan", 8, seed=seed)
    assert pair(content) == 0
    _, results, _ = validate(content)
    chinese, english = (draw_sheets(results[0], locale)[0].text for locale in ("zh-Hans", "en"))
    for text in (chinese, english):
        assert "draw_seed" not in text and "event.yaml" not in text
    if seed is None:
        assert chinese.startswith("本轮对阵由抽签决定。")
    else:
        assert "抽签种子 7" in chinese and "the draw's seed: 7" in english


def test_round_one_is_reproducible_from_draw_seed(tmp_path):
    texts = []
    for name, seed in (("a", 7), ("b", 7), ("c", 8)):
        content = make_content(tmp_path / name, "guandan", 12, seed=seed)
        assert pair(content) == 0
        texts.append(round_file(content, 1).read_text(encoding="utf-8"))
    assert texts[0] == texts[1]
    assert texts[0] != texts[2]


def test_pair_runs_a_whole_swiss_event_without_rematch(tmp_path):
    content = make_content(tmp_path, "guandan", 9, rounds=6)
    rng = random.Random(5)
    for number in range(1, 7):
        assert pair(content) == 0
        play(content, number, "guandan", rng)
    rounds = meetings(content)
    pairs = [p for r in rounds for p in r if len(p) == 2]
    assert len(pairs) == len(set(pairs)) == 6 * 4
    byes = [next(iter(p)) for r in rounds for p in r if len(p) == 1]
    assert len(byes) == len(set(byes)) == 6  # six different entries had the bye
    assert pair(content) == 1  # all 6 rounds drawn


def test_a_52_team_three_round_event_is_run_round_by_round(tmp_path):
    """Seed 001's size: draw, type the results, draw the next, three times; strict check at the end."""
    content = make_content(tmp_path, "guandan", 52, rounds=3)
    rng = random.Random(52)
    for number in range(1, 4):
        assert pair(content) == 0
        play(content, number, "guandan", rng)
    rounds = meetings(content)
    assert [len(r) for r in rounds] == [26, 26, 26]
    pairs = [p for r in rounds for p in r]
    assert len(pairs) == len(set(pairs)) == 78  # nobody met twice
    _, results, _ = validate(content, strict=True)
    wins = sorted((s.tally.metrics["wins"] for s in results[0].stages[0].standings), reverse=True)
    assert sum(wins) == 78 and wins[0] == 3
    assert pair(content) == 1  # the stage's 3 rounds are drawn


def test_pair_the_seeds_guandan_event_round_3(tmp_path):
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content/events/tumu-guandan-2020", content / "events/tumu-guandan-2020")
    (content / "events/tumu-guandan-2020/results/round-3.yaml").unlink()
    assert main(["pair", "tumu-guandan-2020", "main", "--content", str(content)]) == 0
    _, results, warnings = validate(content, strict=True)
    stage = results[0].stages[0]
    wins = {s.entry.id: s.tally.metrics["wins"] for s in stage.standings}
    earlier = {frozenset(s.table.sides) for r in stage.rounds[:2] for s in r.tables}
    drawn = stage.rounds[2]
    assert drawn.drawn_only and len(drawn.tables) == 26
    crossings = 0
    for score in drawn.tables:
        a, b = score.table.sides
        assert frozenset((a, b)) not in earlier
        assert wins[a] >= wins[b]
        crossings += wins[a] != wins[b]
    assert crossings == 2  # 13 teams on 2 wins, 26 on 1, 13 on 0: one float each way


def test_pair_daguai_with_a_bye_writes_home_only(tmp_path):
    content = make_content(tmp_path, "daguai", 5)
    event = content / "events/ev/event.yaml"  # play() writes one board a match: the stage says so
    event.write_text(event.read_text(encoding="utf-8") + "    boards: 1\n", encoding="utf-8")
    assert pair(content) == 0
    data = yaml.safe_load(round_file(content, 1).read_text(encoding="utf-8"))
    assert list(data["tables"][-1]) == ["table", "home"]
    assert all(set(t) == {"table", "home", "away"} for t in data["tables"][:-1])
    play(content, 1, "daguai", random.Random(1))
    assert pair(content) == 0
    data = yaml.safe_load(round_file(content, 2).read_text(encoding="utf-8"))
    first_bye = yaml.safe_load(round_file(content, 1).read_text(encoding="utf-8"))["tables"][-1]["home"]
    assert data["tables"][-1]["home"] != first_bye


def test_pair_writes_its_round_durably(tmp_path, monkeypatch):
    """The desk types the tables' results into the round `pair` drew: once drawn, a power cut
    leaves the file whole, synced before it was put in place and its folder after."""
    from support import Synced

    content = make_content(tmp_path, "guandan", 6)
    synced = Synced(monkeypatch)
    assert pair(content) == 0
    assert synced.durably(round_file(content, 1))


def test_pair_never_writes_over_a_file_that_appears_after_it_looked(tmp_path, monkeypatch, capsys):
    """The secretary saves a round-1.yaml of their own while `pair` draws: refused, their file as
    they wrote it, nothing left beside it."""
    from generator.tournament import pairing

    content = make_content(tmp_path, "guandan", 6)
    theirs = "# the secretary's own\n"
    chosen = pairing.results_path

    def taken_meanwhile(event, plan):
        path = chosen(event, plan)
        path.write_text(theirs, encoding="utf-8")
        return path

    monkeypatch.setattr(pairing, "results_path", taken_meanwhile)
    assert pair(content) == 1
    assert "round-1.yaml" in capsys.readouterr().err
    assert round_file(content, 1).read_text(encoding="utf-8") == theirs
    assert sorted(path.name for path in round_file(content, 1).parent.iterdir()) == ["round-1.yaml"]


def test_pair_refuses_while_the_last_round_has_no_result(tmp_path, capsys):
    content = make_content(tmp_path, "guandan", 6)
    assert pair(content) == 0
    capsys.readouterr()
    assert pair(content) == 1
    assert "还没有成绩" in capsys.readouterr().err
    assert not round_file(content, 2).exists()


def test_pair_refuses_content_with_errors(tmp_path, capsys):
    content = make_content(tmp_path, "guandan", 6)
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "roundz: 3"), encoding="utf-8")
    assert pair(content) == 1
    assert "key-unknown" in capsys.readouterr().err
    assert not round_file(content, 1).exists()


def test_pair_usage_errors_exit_2(tmp_path, capsys):
    content = make_content(tmp_path, "guandan", 6)
    assert main(["pair", "nope", "main", "--content", str(content)]) == 2
    assert main(["pair", "ev", "mian", "--content", str(content)]) == 2
    assert "是不是 main" in capsys.readouterr().err
    assert main(["pair", "ev", "main", "--all", "--content", str(content)]) == 2
    assert main(["pair", "ev"]) == 2


def test_pair_dry_run_writes_nothing(tmp_path, capsys):
    content = make_content(tmp_path, "guandan", 6)
    assert pair(content, "--dry-run") == 0
    assert "teams: [" in capsys.readouterr().out
    assert not round_file(content, 1).exists()


def test_pair_never_overwrites_a_file_of_another_stage(tmp_path):
    content = make_content(tmp_path, "guandan", 4)
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + (
        "  - id: side\n    name: 附加赛\n    format: swiss\n    rounds: 2\n    rank_by: [wins]\n"), encoding="utf-8")
    assert pair(content) == 0
    before = round_file(content, 1).read_text(encoding="utf-8")
    assert pair(content, stage="side") == 0
    assert round_file(content, 1).read_text(encoding="utf-8") == before
    assert (content / "events/ev/results/side-round-1.yaml").is_file()
    validate(content, strict=True)


def test_pair_refuses_when_both_file_names_are_taken(tmp_path, capsys):
    content = make_content(tmp_path, "guandan", 4)
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + (
        "  - id: side\n    name: 附加赛\n    format: swiss\n    rounds: 2\n    rank_by: [wins]\n"), encoding="utf-8")
    results = content / "events/ev/results"
    side = "stage: side\nround: {n}\ntables:\n  - {{table: 1, teams: [T01, T02]}}\n  - {{table: 2, teams: [T03, T04]}}\n"
    (results / "round-1.yaml").write_text(side.format(n=1), encoding="utf-8")
    (results / "main-round-1.yaml").write_text(side.format(n=2).replace("T02]", "T03]").replace("T03, T04", "T02, T04"),
                                               encoding="utf-8")
    before = {p.name: p.read_text(encoding="utf-8") for p in results.iterdir()}
    assert pair(content) == 1
    assert "不会覆盖" in capsys.readouterr().err
    assert {p.name: p.read_text(encoding="utf-8") for p in results.iterdir()} == before


def demo_without(tmp_path: Path, *files: str) -> Path:
    """The demo content, every event, less some results files (paths under events/), with
    warnings to find: in event.yaml and a results file of the event drawn (look-alike letters),
    in another event's results file, and in the scoring of another event (an entry that never
    plays)."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    for name in files:
        (content / "events" / name).unlink()
    events = content / "events"
    for path, old, new in [
        ("tumu-guandan-2020/event.yaml", "players: [崔涛, 肖文华]", "players: [崔涛, \u041elga]"),
        ("tumu-guandan-2020/results/round-1.yaml", "  - table: 2\n", "    referee: \u0412ob\n  - table: 2\n"),
        ("chem-park-daguai-2016/results/round-1.yaml", "referee: 钱国华", "referee: \u0410lice"),
        ("chem-park-daguai-2016/event.yaml", "entries:\n", "entries:\n  - {id: D99, players: [甲, 乙, 丙]}\n"),
    ]:
        text = (events / path).read_text(encoding="utf-8")
        assert old in text
        (events / path).write_text(text.replace(old, new, 1), encoding="utf-8")
    return content


def write_next_round(content: Path, slug: str, stage: str, reading: Reading, extra: str = "",
                     workers: int | None = None) -> Path:
    """What `paibang pair` does between its two checks: draw from the first, write the file."""
    from generator.tournament.pairing import write_round

    _, results, _ = validate(content, workers=workers, reading=reading)
    result = next(r for r in results if r.event.slug == slug)
    path = write_round(plan_rounds(result, stage)[0], "zh-Hans")
    if extra:
        path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


@pytest.mark.parametrize("workers", [1, 2])  # the event read here, or by a forked reader
# (the round robin from its round 1, drawn from pair's Berger table: its rounds were written by
# hand from the real event's schedule, which pair would complete instead, a draw of another kind)
@pytest.mark.parametrize("slug, stage, removed", [
    ("tumu-guandan-2020", "main", ["tumu-guandan-2020/results/round-3.yaml"]),
    ("hefei-80fen-teams-2012", "teams", [f"hefei-80fen-teams-2012/results/round-{n}.yaml" for n in range(1, 8)]),
])
def test_the_check_after_pair_finds_what_a_whole_check_finds(tmp_path, workers, slug, stage, removed):
    content = demo_without(tmp_path, *removed)
    reading = Reading(keep=slug)
    write_next_round(content, slug, stage, reading, workers=workers)
    site, results, warnings = validate_again(reading)
    whole_site, whole_results, whole_warnings = validate(content)
    assert warnings == whole_warnings
    assert {p.code for p in warnings} >= {"name-confusable", "entry-not-played"}
    assert [e.slug for e in site.events] == [e.slug for e in whole_site.events]
    assert results == whole_results  # every event's rounds, scores, standings and status
    drawn = next(r for r in results if r.event.slug == slug).stage_of(stage).rounds[-1]
    assert drawn.drawn_only  # the round written is in, drawn and not played


@pytest.mark.parametrize("extra, code", [
    ("  - {table: 99, teams: [T9901, T9902]}\n", "entry-unknown"),
    ("  - {table: 99\n", "yaml-bracket-open"),
])
def test_the_check_after_pair_finds_the_errors_of_the_file_written(tmp_path, extra, code):
    content = demo_without(tmp_path, "tumu-guandan-2020/results/round-3.yaml")
    reading = Reading(keep="tumu-guandan-2020")
    path = write_next_round(content, "tumu-guandan-2020", "main", reading, extra)
    with pytest.raises(ContentErrors) as again:
        validate_again(reading)
    with pytest.raises(ContentErrors) as whole:
        validate(content)
    assert again.value.problems == whole.value.problems
    assert code in {p.code for p in again.value.problems if p.mark.file == path}


def test_the_check_after_pair_reads_only_the_file_written_and_scores_only_its_event(tmp_path, monkeypatch):
    from generator.content import load
    from generator.tournament import event as scoring

    content = demo_without(tmp_path, "tumu-guandan-2020/results/round-3.yaml")
    reading = Reading(keep="tumu-guandan-2020")
    path = write_next_round(content, "tumu-guandan-2020", "main", reading)
    parsed, scored = [], []
    parse, score = load.load_mapping, scoring.run_event
    monkeypatch.setattr(load, "load_mapping", lambda file, problems: parsed.append(file) or parse(file, problems))
    monkeypatch.setattr(scoring, "run_event",
                        lambda event, problems, *known: scored.append(event.slug) or score(event, problems, *known))
    _, results, _ = validate_again(reading)
    assert parsed == [path]
    assert scored == ["tumu-guandan-2020"]
    assert len(results) == len(list((content / "events").glob("*/event.yaml")))


def test_the_check_after_pair_scores_again_only_the_tables_read_again(tmp_path):
    """A Guandan table scores from itself and its stage alone (Game.scores_alone): the check
    after `pair` takes the scores of the rounds whose files it did not read again, and scores
    the round written and a round edited in between, as a whole check would."""
    content = demo_without(tmp_path, "tumu-guandan-2020/results/round-3.yaml")
    slug = "tumu-guandan-2020"
    reading = Reading(keep=slug)
    write_next_round(content, slug, "main", reading)
    first = next(result for result, _ in reading.scored.values() if result.event.slug == slug).stage_of("main")
    edited = content / "events" / slug / "results" / "round-1.yaml"
    text = edited.read_text(encoding="utf-8")
    old = "    deals: [T45+3, T45+2, T50+1, T45+3, T45+3, T50+1, T45+3]\n"
    assert old in text  # T45 won; now T50 did
    edited.write_text(text.replace(old, "    levels: {T45: 5, T50: K}\n", 1), encoding="utf-8")

    site, results, warnings = validate_again(reading)
    whole_site, whole_results, whole_warnings = validate(content)
    assert results == whole_results and warnings == whole_warnings
    again = next(r for r in results if r.event.slug == slug).stage_of("main")
    now, then = again.standings_by_entry(), first.standings_by_entry()
    assert (now["T45"].tally.won, now["T50"].tally.won) == (then["T45"].tally.won - 1, then["T50"].tally.won + 1)
    # Round 2's file was not read again: its tables keep their scores, the very objects.
    assert all(new is old for new, old in zip(again.rounds[1].tables, first.rounds[1].tables))
    # Round 1 was read again (edited), round 3 is new: scored anew.
    assert not any(new is old for new, old in zip(again.rounds[0].tables, first.rounds[0].tables))
    assert again.rounds[2].drawn_only and len(first.rounds) == 2


def test_the_check_after_pair_finds_a_stale_draw_as_a_whole_check_does(tmp_path, monkeypatch):
    """Round 1 corrected after later rounds were drawn: their draws are stale. The check after
    `pair` wrote the next round takes those findings as the first check made them (the same
    rounds, the same scores), ranking only the standings the new round was drawn on, and says
    them as a whole check does."""
    from generator.tournament import event as scoring

    slug = "tongxin-guandan-2025"
    content = demo_without(tmp_path, *(f"{slug}/results/{name}.yaml"
                                       for name in ("round-5", "ko-round-1", "ko-round-2", "ko-round-3")))
    edited = content / "events" / slug / "results" / "round-1.yaml"
    text = edited.read_text(encoding="utf-8")
    old = '    levels: {T08: "8", T11: "2"}\n'
    assert old in text
    edited.write_text(text.replace(old, '    levels: {T08: "2", T11: "8"}\n', 1), encoding="utf-8")
    reading = Reading(keep=slug)
    write_next_round(content, slug, "swiss", reading)
    ranked = []
    tallies = scoring.stage_tallies
    monkeypatch.setattr(scoring, "stage_tallies", lambda game, stage, field, counted, primary:
                        ranked.append(len(counted)) or tallies(game, stage, field, counted, primary))
    _, results, warnings = validate_again(reading)
    assert ranked == [4]  # the standings after round 4, round 5's draw checked on them as they are
    monkeypatch.undo()
    whole_site, whole_results, whole_warnings = validate(content)
    assert results == whole_results and warnings == whole_warnings
    # one correction, the rounds drawn on it said once
    assert [p.params["rounds"]["zh-Hans"] for p in warnings if p.code == "draw-standings-changed"] == ["第 2、3、4 轮"]


def test_scores_are_taken_again_only_from_games_that_score_a_table_alone(tmp_path):
    """Daguai keeps running counts across an event's tables (`state`): its event is scored
    again whole, never from the scores of a previous reading."""
    from generator.tournament.event import ScoredTables, run_event
    from generator.errors import Problems

    site, results, _ = validate(ROOT / "content")
    for result in results:
        found, found_again = Problems(), Problems()
        assert run_event(result.event, found) == result
        again = run_event(result.event, found_again, ScoredTables(result))
        assert again == result and found_again.items == found.items
        pairs = [(new, old) for s_new, s_old in zip(again.stages, result.stages)
                 for r_new, r_old in zip(s_new.rounds, s_old.rounds) for new, old in zip(r_new.tables, r_old.tables)]
        game = result.event.game
        taken = [new is old for new, old in pairs]
        if game == "guandan":
            assert all(taken)
        elif game in ("daguai", "bridge"):
            assert not any(taken)


def test_pair_writes_bridge_tables_with_ns_and_ew(tmp_path):
    content = make_content(tmp_path, "bridge", 6, fmt="matches", rounds=1)
    assert pair(content) == 0
    text = round_file(content, 1).read_text(encoding="utf-8")
    assert "    ns: A" in text and "    ew: A" in text and "#   1: 4S N = 420" in text
    _, results, warnings = validate(content, strict=True)
    stage = results[0].stages[0]
    assert stage.rounds[0].drawn_only and not stage.has_results


def test_every_game_that_plays_swiss_has_a_table_form():
    from generator.games import GAMES

    for name, game in GAMES.items():
        if {"swiss", "round_robin", "matches"} & set(game.formats):
            assert game.table_form() is not None, name


# --- hand-written draws ----------------------------------------------------------------------


def test_hand_written_rematch_is_warned(tmp_path):
    content = make_content(tmp_path, "guandan", 4)
    results = content / "events/ev/results"
    (results / "r1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T02], levels: {T01: 5, T02: 3}}\n"
        "  - {table: 2, teams: [T03, T04], levels: {T03: 5, T04: 3}}\n", encoding="utf-8")
    (results / "r2.yaml").write_text(
        "stage: main\nround: 2\ntables:\n  - {table: 1, teams: [T02, T01]}\n  - {table: 2, teams: [T03, T04]}\n",
        encoding="utf-8")
    _, _, warnings = validate(content)
    rematches = [w for w in warnings if w.code == "draw-rematch"]
    assert len(rematches) == 2
    assert rematches[0].mark.file.name == "r2.yaml" and rematches[0].mark.line == 4
    assert "在第 1 轮已经相遇过" in rematches[0].message("zh-Hans")


def test_hand_written_round_missing_an_entry_is_warned(tmp_path):
    content = make_content(tmp_path, "guandan", 4)
    results = content / "events/ev/results"
    (results / "r1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T02], levels: {T01: 5, T02: 3}}\n"
        "  - {table: 2, teams: [T03, T04], levels: {T03: 5, T04: 3}}\n", encoding="utf-8")
    (results / "r2.yaml").write_text("stage: main\nround: 2\ntables:\n  - {table: 1, teams: [T01, T03]}\n",
                                     encoding="utf-8")
    _, _, warnings = validate(content)
    missing = [w for w in warnings if w.code == "draw-entry-missing"]
    assert len(missing) == 1 and missing[0].params["ids"] == ["T02", "T04"]


def test_hand_written_unknown_entry_and_double_entry_are_errors(tmp_path):
    content = make_content(tmp_path, "guandan", 4)
    (content / "events/ev/results/r1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T09]}\n  - {table: 2, teams: [T01, T03]}\n",
        encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    assert {"entry-unknown", "entry-twice-in-round"} <= {p.code for p in failure.value.problems}


# --- the draw bulletin -------------------------------------------------------------------------


def test_draw_sheet_lists_tables_sides_and_scores_of_the_drawn_round(tmp_path):
    content = make_content(tmp_path, "guandan", 5)
    assert pair(content) == 0
    play(content, 1, "guandan", random.Random(2))
    assert pair(content) == 0
    _, results, _ = validate(content)
    sheets = draw_sheets(results[0], "zh-Hans")
    assert [s.name for s in sheets] == ["draw-main-round-2"]
    sheet = sheets[0]
    assert sheet.title == "测试赛主赛第 2 轮对阵表"
    assert sheet.columns == ["桌号", "甲方", "选手", "胜场", "乙方", "选手", "胜场"]
    assert [row[0] for row in sheet.rows] == ["1", "2", "\u8f6e\u7a7a"]  # the bye: no table number, 轮空 in its place
    assert sheet.rows[-1][4] == "" and "本轮轮空" in sheet.text  # (said once, in place of the table number)
    assert sheet.organizer == "测试会" and sheet.date.isoformat() == "2024-05-01"
    assert draw_sheets(results[0], "en")[0].columns[0] == "Table"


def test_results_text_for_a_plan_matches_the_file_written(tmp_path):
    content = make_content(tmp_path, "daguai", 4)
    _, results, _ = validate(content)
    plan = plan_rounds(results[0], "main")[0]
    assert pair(content) == 0
    assert round_file(content, 1).read_text(encoding="utf-8") == results_text(plan, "zh-Hans")


# --- pairs movements (Mitchell) ----------------------------------------------------------------


@pytest.mark.parametrize("tables", range(1, 14))
def test_mitchell_no_pair_meets_twice_or_plays_a_board_twice(tables):
    from generator.tournament.movements import mitchell

    sittings = mitchell(tables, per_round=3)
    rounds = tables if tables % 2 else max(tables - 1, 1)
    assert len(sittings) == rounds * tables
    assert len({(s.ns, s.ew) for s in sittings}) == len(sittings)
    for pair in range(1, tables + 1):
        for side in ("ns", "ew"):
            boards = [b for s in sittings if getattr(s, side) == pair for b in s.boards]
            assert len(boards) == len(set(boards)) == rounds * 3
    for r in range(1, rounds + 1):
        this_round = [s for s in sittings if s.round == r]
        assert sorted(s.ew for s in this_round) == list(range(1, tables + 1))
        played = [b for s in this_round for b in s.boards]
        assert len(played) == len(set(played))  # a board set is at one table at a time


@pytest.mark.parametrize("tables", [3, 5, 7])
def test_mitchell_odd_tables_every_ns_pair_meets_every_ew_pair(tables):
    from generator.tournament.movements import mitchell

    sittings = mitchell(tables)
    assert {(s.ns, s.ew) for s in sittings} == {(n, e) for n in range(1, tables + 1) for e in range(1, tables + 1)}


def test_mitchell_ns_stay_ew_move_up_boards_move_down():
    from generator.tournament.movements import mitchell

    sittings = {(s.round, s.table): s for s in mitchell(5, per_round=2)}
    for r in range(1, 5):
        for t in range(1, 6):
            now, after = sittings[(r, t)], sittings[(r + 1, t % 5 + 1)]
            assert now.ns == t
            assert after.ew == now.ew  # EW up one table, 5 -> 1
            assert sittings[(r + 1, (t - 2) % 5 + 1)].boards == now.boards  # boards down one, 1 -> 5


def test_mitchell_even_tables_skip_after_half_the_rounds():
    from generator.tournament.movements import mitchell

    sittings = {(s.round, s.ew): s.table for s in mitchell(6)}
    moves = [(sittings[(r + 1, 1)] - sittings[(r, 1)]) % 6 for r in range(1, 5)]
    assert moves == [1, 1, 2, 1]  # up one table, but two after round 3
    with pytest.raises(ValueError):
        mitchell(6, rounds=6)


def test_traveller_lists_every_table_that_played_the_board():
    from generator.tournament.movements import mitchell, travellers

    board = travellers(mitchell(5, per_round=2))[3]
    assert [(s.round, s.table) for s in board] == [(1, 2), (2, 1), (3, 5), (4, 4), (5, 3)]
    assert len({s.ns for s in board}) == len({s.ew for s in board}) == 5



def test_module_examples_hold():
    import doctest

    from generator.tournament import matching, movements, pairing

    for module in (matching, movements, pairing):
        assert doctest.testmod(module).failed == 0


def test_the_demo_prelim_drawn_again_gives_the_odd_pair_the_substitute(tmp_path, capsys):
    """dongke-bridge-2015's prelim (33 pairs in the field, A34 through on a bye, SUB the
    substitute referees) with its results file removed: `pair` draws 17 tables, the odd pair
    against SUB as the seed plays it (was: a one-pair bye table, which a bridge match cannot
    be, refused by check at tables[17].ew), and the content checks."""
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content", content)
    (content / "events/dongke-bridge-2015/results/prelim.yaml").unlink()
    assert main(["pair", "dongke-bridge-2015", "prelim", "--content", str(content), "--lang", "en"]) == 0
    text = (content / "events/dongke-bridge-2015/results/round-1.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    tables = data["tables"]
    assert len(tables) == 17 and all(set(t) >= {"ns", "ew"} for t in tables)
    sides = [t[k] for t in tables for k in ("ns", "ew")]
    assert sorted(sides) == [f"A{i:02d}" for i in range(1, 34)] + ["SUB"]
    odd = tables[-1]
    assert odd["ew"] == "SUB" and f"# Odd one out: {odd['ns']} meets the substitute SUB (never ranked)" in text
    assert f"{odd['ns']} " in capsys.readouterr().out.splitlines()[-1]  # the draw printed, the odd table last
    validate(content)  # no ContentErrors
    assert len(meetings_of(content, "dongke-bridge-2015", "prelim")[0]) == 17


def meetings_of(content: Path, slug: str, stage: str) -> list[list[frozenset[str]]]:
    _, results, _ = validate(content)
    result = next(r for r in results if r.event.slug == slug)
    return [[frozenset(s.table.sides) for s in r.tables] for r in result.stage_of(stage).rounds]


def test_each_round_a_different_entry_meets_the_substitute(tmp_path):
    """Fixed bridge matches by lot, 5 pairs and a substitute, 4 rounds: each round the odd pair
    plays the substitute, never the same pair twice (a match against a substitute counts as that
    pair's bye), and nobody meets twice."""
    content = make_content(tmp_path, "bridge", 5, fmt="matches", rounds=4)
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "stages:", "  - {id: SUB, players: [替补甲, 替补乙], substitute: true}\nstages:"), encoding="utf-8")
    for _ in range(4):
        assert pair(content) == 0
    rounds = meetings_of(content, "ev", "main")
    against_sub = [next(iter(t - {"SUB"})) for tables in rounds for t in tables if "SUB" in t]
    assert len(against_sub) == 4 and len(set(against_sub)) == 4
    every = [t for tables in rounds for t in tables]
    assert len(every) == len(set(every)) == 12 and all(len(t) == 2 for t in every)


def test_an_odd_bridge_field_without_a_substitute_is_refused_before_writing(tmp_path, capsys):
    """A bridge match has no bye: with 5 pairs and no substitute, `pair` says so (and how to add
    one) and writes nothing; a Guandan match has a bye, and its odd team gets it."""
    content = make_content(tmp_path / "b", "bridge", 5, fmt="matches", rounds=2)
    assert pair(content, "--lang", "en") == 1
    err = capsys.readouterr().err
    assert "needs two sides: an odd pair out plays the substitutes" in err and "substitute: true" in err
    assert not round_file(content, 1).exists()
    content = make_content(tmp_path / "g", "guandan", 5, fmt="matches", rounds=2)
    assert pair(content) == 0
    assert [len(t) for t in meetings(content)[0]] == [2, 2, 1]


def test_a_round_robin_gives_each_round_s_bye_to_the_substitute(tmp_path):
    """Bridge teams, 5 teams and a substitute: each Berger round's odd team plays the substitute."""
    content = make_content(tmp_path, "bridge", 5, fmt="round_robin", rounds=5, rank_by="[vp, imps]")
    event = content / "events/ev/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "stages:", "  - {id: SUB, players: [替补甲, 替补乙], substitute: true}\nstages:"), encoding="utf-8")
    assert pair(content, "--all") == 0
    rounds = meetings(content)
    assert len(rounds) == 5 and all(len(t) == 2 for tables in rounds for t in tables)
    assert sorted(next(iter(t - {"SUB"})) for tables in rounds for t in tables if "SUB" in t) == [f"A0{i}" for i in range(1, 6)]


def test_a_draw_cut_short_by_a_full_disk_leaves_no_results_file(tmp_path, monkeypatch, capsys):
    """`paibang pair` writes the next round's results file; the disk fills as it writes: no half
    file is left (it stopped the next build, and the next `pair` refused to write over it), one
    line says so, and the same draw is written once there is room."""
    from generator import seals
    from generator.cli import main
    from support import DiskFills, demo_content

    content = demo_content(tmp_path, "tumu-guandan-2020")
    event = content / "events/tumu-guandan-2020/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "rounds: 4", 1), encoding="utf-8")
    results = content / "events/tumu-guandan-2020/results"
    before = sorted(path.name for path in results.iterdir())
    asked = ["pair", "tumu-guandan-2020", "main", "--content", str(content), "--lang", "en"]
    monkeypatch.setattr(seals, "open", DiskFills, raising=False)  # (pair writes with seals.write_durably)
    assert main(asked) == 1
    err = capsys.readouterr().err
    assert "the disk is full" in err and "Traceback" not in err
    assert sorted(path.name for path in results.iterdir()) == before
    monkeypatch.undo()
    assert main(asked) == 0
    assert len(list(results.iterdir())) == len(before) + 1
