"""Withdrawals (event-day.md, "Withdrawal"): what follows from an entry's `withdrawn: N` besides
`pair` not drawing it — the checks that stay quiet about what a withdrawal makes (boards its
table does not play), the ranking that keeps it, marked 退赛, and the tables nobody plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from tests.support import bridge_matches, demo_content, new_event, swiss_to_knockout, withdraw

PAIRS = {"bridge": ("qiaoyou-club-pairs-2024", "bridge-board-short", 8, 9),
         "shengji": ("hefei-80fen-pairs-2012", "shengji-board-short", 6, 7)}


def unplay(folder: Path, entry: str, rounds: range, instead: str = "") -> None:
    """The boards of `entry`'s table deleted in `rounds`: the table left as drawn (ns, ew), or
    with `instead` written (`forfeit: P03`)."""
    for number in rounds:
        path = folder / "results" / f"round-{number}.yaml"
        table = rf"(    ns: {entry}\n    ew: P\d+\n)    boards:\n(?:      .*\n)+"
        text, count = re.subn(table, r"\1" + (f"    {instead}\n" if instead else ""), path.read_text(encoding="utf-8"))
        assert count == 1
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("game", PAIRS)
def test_boards_a_withdrawn_pairs_table_does_not_play_are_not_short(tmp_path: Path, game: str) -> None:
    """P03 (NS, table 3) withdraws before the last two rounds of a Mitchell: its table plays no
    board there, so those boards have a result fewer than the others. That is what a withdrawal
    is, not a table left out: no board-short warning (it was one a board, 6 for bridge). A board
    left out at another table still warns, and only that one."""
    slug, code, since, last = PAIRS[game]
    # (bridge says a board a table written with others left out at that table: its own code)
    left_out = "bridge-board-left-out" if game == "bridge" else code
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    withdraw(folder, "P03", since)
    unplay(folder, "P03", range(since, last + 1))
    _, results, warnings = validate(content)
    assert results[0].stages[0].status == "complete"
    assert [w.code for w in warnings if w.code in (code, left_out)] == []
    # Table 5 of round 2 leaves its first board out: that board is short, a withdrawal or not.
    path = folder / "results" / "round-2.yaml"
    text = path.read_text(encoding="utf-8")
    table = re.search(r"  - table: 5\n    ns: P05\n    ew: P\d+\n    boards:\n      (\d+): .*\n", text)
    path.write_text(text.replace(table[0], table[0].replace(re.search(r"      \d+: .*\n", table[0])[0], "")),
                    encoding="utf-8")
    _, _, warnings = validate(content)
    assert [(w.code, w.params["board"]) for w in warnings if w.code in (code, left_out)] == [(left_out, int(table[1]))]
    # said at the table that left it out (round 2's table 5), not at a table of another round
    # that has a result for it
    [short] = [w for w in warnings if w.code == left_out]
    assert (short.mark.file.name, short.mark.line) == ("round-2.yaml", text[:table.start()].count("\n") + 1)


def ranking(results: list) -> dict[str, tuple[int | None, float]]:
    """Each entry's place and percentage in the first stage."""
    return {s.entry.id: (s.rank, s.tally.metrics["percent"]) for s in results[0].stages[0].standings}


@pytest.mark.parametrize("game", PAIRS)
def test_a_withdrawn_pairs_forfeit_written_keeps_it_ranked(tmp_path: Path, game: str) -> None:
    """`forfeit: P03` written at P03's tables after its withdrawal says what the withdrawal
    says: it is the table left as drawn (its opponent sits the round out), no error. It was the
    game's forfeit, which for bridge and 80分 pairs is a disqualification (seed 000 十.1): P03
    went out of the ranking, against "Standings keep it, marked 退赛" (event-day.md)."""
    slug, _, since, last = PAIRS[game]
    drawn = demo_content(tmp_path / "drawn", slug)
    withdraw(drawn / "events" / slug, "P03", since)
    unplay(drawn / "events" / slug, "P03", range(since, last + 1))
    _, left_as_drawn, _ = validate(drawn)
    content = demo_content(tmp_path / "forfeit", slug)
    withdraw(content / "events" / slug, "P03", since)
    unplay(content / "events" / slug, "P03", range(since, last + 1), "forfeit: P03")
    _, results, _ = validate(content)  # no error
    standing = next(s for s in results[0].stages[0].standings if s.entry.id == "P03")
    assert standing.rank is not None and not standing.tally.forfeited and standing.entry.withdrawn == since
    assert ranking(results) == ranking(left_as_drawn)


def test_a_withdrawal_in_a_bridge_matches_stage_keeps_it_ranked(tmp_path: Path) -> None:
    """The seed's tables: a forfeit is a disqualification (取消其参赛资格), so the round-2 table
    of P04, withdrawn from round 2 (its forfeit), took it out of the ranking. It stays ranked on
    its round-1 total, marked withdrawn, written as left as drawn or as its forfeit."""
    content = bridge_matches(tmp_path)
    path = content / "events" / "mini" / "results" / "round-2.yaml"
    for written in ("", ", forfeit: P04"):
        path.write_text(path.read_text(encoding="utf-8").replace("ew: P04}", f"ew: P04{written}}}"), encoding="utf-8")
        _, results, _ = validate(content)
        stage = results[0].stages[0]
        assert stage.status == "complete"
        p04 = next(s for s in stage.standings if s.entry.id == "P04")
        assert p04.rank is not None and not p04.tally.forfeited and p04.entry.withdrawn == 2
        assert p04.tally.metrics["total"] == 160  # round 1: 4H N -1 (50) and 2S E = (110); nothing after


def test_a_withdrawn_pair_is_ranked_by_its_percentage_on_the_boards_it_played(tmp_path: Path) -> None:
    """The choice (event-day.md: earlier results stand, standings keep it, marked 退赛; a pair
    sitting a round out is scored on the boards it played, content-format.md): P03, withdrawn
    after round 5 of the demo's Mitchell (15 boards of 27: over half; under half it is not ranked,
    tests/test_withdrawn_under_half.py), keeps its boards' matchpoints, is ranked among the
    others by its percentage on them, marked 退赛 on its row, and the standings' rule says so.
    Rules that put a withdrawn pair last are not followed: the rule text is what a director
    reads to check it."""
    from generator.build import build

    slug = "qiaoyou-club-pairs-2024"
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    withdraw(folder, "P03", 6)
    unplay(folder, "P03", range(6, 10))
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    mine = next(s for s in stage.standings if s.entry.id == "P03")
    sides = [side for round_ in stage.rounds[:5] for t in round_.tables if "P03" in t.table.sides
             for side in t.sides if side.entry == "P03"]
    top, mp = sum(side.metrics["top"] for side in sides), sum(side.metrics["mp"] for side in sides)
    assert mine.tally.metrics["top"] == top > 0  # its 15 boards, nothing after
    assert mine.tally.metrics["percent"] == pytest.approx(100 * mp / top, abs=0.01)
    assert mine.rank == 1 + sum(1 for s in stage.standings if s.tally.metrics["percent"] > mine.tally.metrics["percent"])
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    page = (out / "events" / slug / "pairs" / "index.html").read_text(encoding="utf-8")
    row = next(r for r in re.findall(r"<tr.*?</tr>", page, re.S) if "/P03/" in r)
    assert "退赛" in row
    assert "轮空一轮或中途退赛（标“退赛”）的一对，按其所打的牌计算得分率并以此排名" in page


def two_stages(tmp_path: Path, withdrawn: str) -> Path:
    """A Guandan event of two `matches` stages, a and b, of 2 rounds each, every team in both;
    T04 given `withdrawn`; every table played (the first team wins K to 5)."""
    folder = new_event(tmp_path, "two", "title: 两段赛\ngame: guandan\ndate: 2026-01-10\n", "T0", 4,
                       "  - {id: a, format: matches, rounds: 2}\n  - {id: b, format: matches, rounds: 2}\n")
    content = folder.parents[1]
    withdraw(folder, "T04", withdrawn)
    draws = {("a", 1): [("T01", "T02"), ("T03", "T04")], ("a", 2): [("T01", "T03"), ("T02", "T04")],
             ("b", 1): [("T04", "T01"), ("T02", "T03")], ("b", 2): [("T01", "T02"), ("T03", "T04")]}
    for (stage, number), tables in draws.items():
        lines = [f"stage: {stage}\nround: {number}\ntables:"]
        for table, (first, second) in enumerate(tables, start=1):
            lines.append(f"  - table: {table}\n    teams: [{first}, {second}]\n    levels: {{{first}: K, {second}: 5}}")
        (folder / "results" / f"{stage}-{number}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return content


def unplayed(content: Path, name: str, sides: str) -> None:
    """The table of `sides` in results file `name` left as drawn."""
    path = content / "events" / "two" / "results" / f"{name}.yaml"
    text, count = re.subn(rf"(    teams: \[{sides}\]\n)    levels: .*\n", r"\1", path.read_text(encoding="utf-8"))
    assert count == 1
    path.write_text(text, encoding="utf-8")


def test_a_bare_withdrawn_round_counts_the_first_stage_and_no_later_stage_is_played(tmp_path: Path) -> None:
    """event-day.md: `withdrawn: 2` is "from round 2 of its Swiss / round-robin stage on", and a
    team that withdrew from the event plays no later stage either. It counted every stage's
    rounds: T04 played round 1 of stage b as if it had never withdrawn, its win there counted.
    Now that is an error naming the stage, and the table is its forfeit."""
    from generator.errors import ContentErrors

    content = two_stages(tmp_path, "2")
    unplayed(content, "a-2", "T02, T04")
    unplayed(content, "b-2", "T03, T04")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (found,) = [p for p in failure.value.problems if not p.warning]
    assert (found.code, found.mark.file.name) == ("entry-withdrawn-played", "b-1.yaml")
    assert found.message("zh-Hans") == \
        "T04 已退赛（event.yaml:8：withdrawn，从阶段 b 第 1 轮起不再出场），第 1 轮第 1 桌却有它的成绩"
    assert found.message("en").startswith("T04 has withdrawn (event.yaml:8: withdrawn, plays no round from round 1 "
                                          "of stage b on)")
    assert "把它的 withdrawn 改为 {stage: b, round: 2}（从阶段 b 第 2 轮起退赛）" in found.hint("zh-Hans")
    unplayed(content, "b-1", "T04, T01")
    _, results, _ = validate(content)
    a, b = results[0].stages
    assert a.status == b.status == "complete"
    wins = {s.entry.id: s.tally.metrics["wins"] for s in b.standings}
    assert wins["T04"] == 0 and wins["T01"] == 2  # b's round 1 is T04's forfeit
    assert next(s for s in b.standings if s.entry.id == "T04").rank is not None


def test_a_withdrawal_from_a_later_stage_names_it_and_leaves_the_earlier_ones(tmp_path: Path) -> None:
    """`withdrawn: {stage: b, round: 2}`: stage a is played as written (T04's results there
    stand, no error), round 1 of b too; from b's round 2 on its tables are its forfeits. With
    `withdrawn: 2` there was no way to say it: it counted a's round 2 as well. b-2's table, drawn
    before and left without a result, is said to be counted as T04's forfeit (a warning only)."""
    content = two_stages(tmp_path, "{stage: b, round: 2}")
    unplayed(content, "b-2", "T03, T04")
    _, results, warnings = validate(content)
    assert [(w.code, w.mark.file.name) for w in warnings] == [("entry-withdrawn-forfeit", "b-2.yaml")]
    a, b = results[0].stages
    assert a.status == b.status == "complete"
    assert {s.entry.id: s.tally.metrics["wins"] for s in a.standings}["T04"] == 0  # lost both, as written
    assert {s.entry.id: s.tally.metrics["wins"] for s in b.standings}["T04"] == 1  # won b-1; b-2 its forfeit
    assert b.rounds[1].tables[1].table.forfeit == "T04"


def test_a_withdrawn_round_past_its_stages_last_is_warned(tmp_path: Path) -> None:
    """`withdrawn: 3` in an event whose first stage has 2 rounds: T04 would play every round of
    it, and nothing of stage b; most likely stage b was meant. A warning at the `withdrawn`,
    naming the stage it counts, what follows (no round of b: `pair` leaves it out there; it said
    only "plays every round of it") and the form that names another; a stage no stage is, an
    error. Its page says the same, by the stage's name: it said "from round 3 of stage a", a
    round that does not exist."""
    from generator.errors import ContentErrors

    content = two_stages(tmp_path, "3")
    for name, sides in (("b-1", "T04, T01"), ("b-2", "T03, T04")):
        unplayed(content, name, sides)
    _, _, warnings = validate(content)
    (warning,) = [w for w in warnings if w.code not in ("entry-withdrawn-forfeit", "entry-withdrawn-drawn-later")]  # (b's tables left as drawn)
    assert (warning.code, warning.mark.file.name, warning.mark.line) == ("entry-withdrawn-past", "event.yaml", 8)
    assert warning.message("en") == ("T04: withdrawn: 3 counts the rounds of stage a, which has 2: T04 plays every round"
                                     " of it, and no round of the stages after it (b): pair does not draw it there")
    assert warning.message("zh-Hans").endswith("T04 仍要打完它的每一轮，之后的阶段（b）则一轮也不打：pair 不会把它编入其中")
    assert warning.message("zh-Hant").endswith("之後的階段（b）則一輪也不打：pair 不會把它編入其中")
    assert "withdrawn: {stage: b, round: 1}" in warning.hint("en")
    from generator.build import build

    event = content / "events" / "two" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("{id: a,", "{id: a, name: 预赛,"), encoding="utf-8")
    build(content, tmp_path / "out")
    page = (tmp_path / "out" / "events" / "two" / "entries" / "T04" / "index.html").read_text(encoding="utf-8")
    assert "从b第 1 轮起不再参赛" in page and "第 3 轮" not in page  # what the warning says it is
    event.write_text(event.read_text(encoding="utf-8").replace("withdrawn: 3", "withdrawn: {stage: c, round: 1}"),
                     encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    assert [p.code for p in failure.value.problems if not p.warning] == ["stage-unknown"]


def one_stage(tmp_path: Path, withdrawn: str) -> Path:
    """A Guandan event of one `matches` stage of 5 rounds, 4 teams, a prize for the winner; T04
    given `withdrawn` and winning every match (K to 5), so 1st; every table played."""
    folder = new_event(tmp_path, "one", "title: 单段赛\ngame: guandan\ndate: 2026-01-10\n", "T0", 4,
                       "  - {id: main, format: matches, rounds: 5, rank_by: [wins, level_diff],"
                       " prizes: [{name: 冠军, count: 1}]}\n")
    withdraw(folder, "T04", withdrawn)
    draws = [[("T04", "T01"), ("T02", "T03")], [("T04", "T02"), ("T01", "T03")], [("T04", "T03"), ("T01", "T02")]]
    for number in range(1, 6):
        lines = [f"stage: main\nround: {number}\ntables:"]
        for table, (first, second) in enumerate(draws[(number - 1) % 3], start=1):
            lines.append(f"  - table: {table}\n    teams: [{first}, {second}]\n    levels: {{{first}: K, {second}: 5}}")
        (folder / "results" / f"round-{number}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder.parents[1]


@pytest.mark.parametrize("withdrawn", ["9", "{stage: main, round: 9}"])
def test_a_withdrawn_round_past_the_only_stages_last_is_no_withdrawal(tmp_path: Path, withdrawn: str) -> None:
    """T04 `withdrawn: 9` (or `{stage: main, round: 9}`) in an event of one stage of 5 rounds: it
    plays every round, as the warning (entry-withdrawn-past) says, so it has withdrawn from
    nothing. It was marked 退赛 all the same: on its standings row beside the 冠军 it won, on the
    standings bulletin, in results.json (`withdrawn` true on its standing, 9 on its entry) and on
    its own page (退赛：打完每一轮). Now only the warning says anything: it is the champion as any
    other, and the desk offers its tables as any other's."""
    import json

    from generator.build import build
    from generator.desk.app import Desk
    from generator.render.bulletins import bulletins_for

    content = one_stage(tmp_path, withdrawn)
    _, results, warnings = validate(content)
    assert [w.code for w in warnings] == ["entry-withdrawn-past"]
    stage = results[0].stages[0]
    t04 = next(s for s in stage.standings if s.entry.id == "T04")
    assert (t04.rank, t04.prize and t04.prize.name, t04.prize_vacant) == (1, "冠军", None)
    assert t04.entry.withdrawn is None and not t04.entry.withdrawn_in("main")
    standings = next(b for b in bulletins_for(results[0], "zh-Hans") if b.name == "standings-main")
    assert "退赛" not in next(r for r in standings.rows if r[1] == "T04")[-1]
    out = tmp_path / "out"
    build(content, out, bulletins=False)
    page = (out / "events/one/main/index.html").read_text(encoding="utf-8")
    row = next(r for r in page.split("<tr")[1:] if "entries/T04/" in r)
    assert 'class="tag withdrawn"' not in row and "退赛" not in row
    assert "退赛" not in (out / "events/one/entries/T04/index.html").read_text(encoding="utf-8")
    data = json.loads((out / "events/one/results.json").read_text(encoding="utf-8"))
    assert next(s for s in data["stages"][0]["standings"] if s["entry"] == "T04")["withdrawn"] is False
    assert next(e for e in data["entries"] if e["id"] == "T04")["withdrawn"] is None
    desk = Desk(content, "one", None, None, build=False)
    assert desk.spot("main", 5, 1) is not None
    assert all(t["withdrawn"] == [] for r in desk.rounds_view() for t in r["tables"])


def test_a_withdrawn_round_past_a_stages_last_withdraws_from_the_next_stage_only(tmp_path: Path) -> None:
    """`withdrawn: {stage: a, round: 9}` on a stage a of 2 rounds with b after it: as the warning
    says, T04 plays every round of a and no round of b, which is what `{stage: b, round: 1}`
    says. It was marked 退赛 in a, which it played through; now only in b (page and
    results.json), and its page says when it stopped as that form does."""
    import json

    from generator.build import build

    content = two_stages(tmp_path, "{stage: a, round: 9}")
    for name, sides in (("b-1", "T04, T01"), ("b-2", "T03, T04")):
        unplayed(content, name, sides)
    _, results, warnings = validate(content)
    assert [w.code for w in warnings if w.code not in ("entry-withdrawn-forfeit", "entry-withdrawn-drawn-later")] == ["entry-withdrawn-past"]
    out = tmp_path / "out"
    build(content, out, bulletins=False)
    event = out / "events" / "two"
    marked = {stage for stage in "ab" if 'class="tag withdrawn"' in (event / stage / "index.html").read_text(encoding="utf-8")}
    assert marked == {"b"}
    payload = json.loads((event / "results.json").read_text(encoding="utf-8"))
    assert {stage["id"] for stage in payload["stages"] for s in stage["standings"] if s["withdrawn"]} == {"b"}
    t04 = next(e for e in payload["entries"] if e["id"] == "T04")
    assert (t04["withdrawn"], t04["withdrawn_stage"]) == (1, "b")
    assert "从b第 1 轮起不再参赛" in (event / "entries" / "T04" / "index.html").read_text(encoding="utf-8")


def test_the_desk_offers_no_form_for_a_withdrawn_pairs_table_and_says_why(tmp_path: Path) -> None:
    """The results desk: P03 withdrawn from round 8, its table there left as drawn. The table is
    not played (its opponent sits out), so the desk offers no form to enter it (a result there
    is an error) and its admin page lists it as not played, naming the withdrawn pair, with no
    edit link; the other tables of the round are offered as before. It offered the table."""
    from generator.desk.app import Desk, Who

    slug = "qiaoyou-club-pairs-2024"
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    withdraw(folder, "P03", 8)
    unplay(folder, "P03", range(8, 10))
    desk = Desk(content, slug, None, None, build=False)
    assert desk.spot("pairs", 8, 3) is None
    assert desk.spot("pairs", 8, 2) is not None and desk.spot("pairs", 7, 3) is not None
    (round_8,) = [r for r in desk.rounds_view() if r["number"] == 8]
    assert [t["withdrawn"] for t in round_8["tables"]] == [[] if t["number"] != 3 else ["P03"] for t in round_8["tables"]]
    page = desk.page("admin.html", who=Who("admin", "-"), csrf="-", now=0).body.decode("utf-8")
    row = next(r for r in re.findall(r"<tr>.*?</tr>", page, re.S) if "P03 — P15" in r or "P03 — " in r)
    assert "P03 已退赛：这一桌不打，无需录入" in row and "/t/pairs/8/3" not in page


def test_a_table_between_two_withdrawn_teams_is_an_error_and_counts_for_neither(tmp_path: Path) -> None:
    """T03 and T04 both withdraw from round 2; a round-2 table setting them against each other,
    written by hand (`pair` writes none), is a table nobody plays. Left as drawn, or written as
    one's forfeit, it was scored as T03's forfeit: T04 won a match after it had withdrawn, and
    `check` said nothing. Now an error at the table (a result written there is already
    entry-withdrawn-played, for each), and it counts for neither; deleted, all is well."""
    from generator.errors import ContentErrors

    folder = new_event(tmp_path, "mini", "title: 小赛\ngame: guandan\ndate: 2026-01-10\n", "T0", 4,
                       "  - {id: main, format: matches, rounds: 2}\n")
    content = folder.parents[1]
    for entry in ("T03", "T04"):
        withdraw(folder, entry, 2)
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T01, T02], levels: {T01: K, T02: 5}}\n"
        "  - {table: 2, teams: [T03, T04], levels: {T03: K, T04: 5}}\n", encoding="utf-8")
    second = folder / "results" / "round-2.yaml"
    played = "stage: main\nround: 2\ntables:\n  - {table: 1, teams: [T01, T02], levels: {T02: K, T01: 5}}\n"
    for written in ("", ", forfeit: T03"):
        second.write_text(played + f"  - {{table: 2, teams: [T03, T04]{written}}}\n", encoding="utf-8")
        with pytest.raises(ContentErrors) as failure:
            validate(content)
        (found,) = [p for p in failure.value.problems if not p.warning]
        assert (found.code, found.mark.file.name, found.mark.line) == ("entry-withdrawn-both", "round-2.yaml", 5)
        assert found.message("zh-Hans") == "T03, T04 都已退赛，第 2 轮第 2 桌却让它们对阵"
    from generator.content.load import load_site
    from generator.errors import Problems
    from generator.tournament.event import run_event

    problems = Problems()
    stage = run_event(load_site(content, problems).events[0], problems).stages[0]
    assert {s.entry.id: s.tally.metrics["wins"] for s in stage.standings}["T04"] == 0  # no win after withdrawing
    second.write_text(played, encoding="utf-8")
    _, results, _ = validate(content)
    assert results[0].stages[0].status == "complete"


def test_a_team_withdrawn_during_the_swiss_does_not_qualify_and_the_next_one_does(tmp_path: Path) -> None:
    """event-day.md: a withdrawn team plays no more, yet it took the 3rd of the 4 places of
    `advance: {count: 4, to: ko}` and the knockout, which seeds no withdrawn team, was one short
    (a bracket of 3, seed 1 a bye). It keeps its rank (3rd, 退赛); the 5th, T04, qualifies in its
    place, on the stage page, in results.json, the qualifiers' notice, and `pair`'s draw."""
    import json

    from generator.cli import main
    from generator.render.bulletins import bulletins_for
    from generator.render.html import render_site
    from generator.render.output import OutputTree

    content = swiss_to_knockout(tmp_path)
    site, results, warnings = validate(content)
    assert [w.code for w in warnings] == []
    swiss = results[0].stage_of("swiss")
    assert [(s.rank, s.entry.id, s.qualified) for s in swiss.standings][:5] == [
        (1, "T01", True), (2, "T02", True), (3, "T03", False), (4, "T05", True), (5, "T04", True)]
    assert [e.id for e in swiss.qualifiers] == ["T01", "T02", "T05", "T04"]
    assert [e.id for e in results[0].stage_of("ko").field] == ["T01", "T02", "T05", "T04"]
    notice = next(b for b in bulletins_for(results[0], "zh-Hans") if b.name == "qualifiers-swiss")
    assert [row[1] for row in notice.rows] == ["T01", "T02", "T05", "T04"]
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out), workers=1)
    page = (out / "events/cup/swiss/index.html").read_text(encoding="utf-8")
    rows = {found.group(1): row for row in page.split("<tr")[1:] if (found := re.search(r"entries/(T0\d)/", row))}
    assert "退赛" in rows["T03"] and "晋级" not in rows["T03"]
    assert all("晋级" in rows[e] for e in ("T01", "T02", "T05", "T04"))
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    assert {s["entry"]: s["qualified"] for s in data["stages"][0]["standings"]} == {
        "T01": True, "T02": True, "T03": False, "T04": True, "T05": True, "T06": False, "T07": False,
        "T08": False}
    # pair draws the full bracket of 4: 1 v 4, 2 v 3, no bye
    assert main(["pair", "cup", "ko", "--content", str(content)]) == 0
    drawn = (content / "events/cup/results/round-1.yaml").read_text(encoding="utf-8")
    assert re.findall(r"teams: \[(T0\d), (T0\d)\]", drawn) == [("T01", "T04"), ("T02", "T05")]
    _, results, warnings = validate(content)  # the draw agrees with the seeding: nothing to say
    assert [w.code for w in warnings] == [] and results[0].stage_of("ko").bracket.seeds == ["T01", "T02", "T05", "T04"]


def test_a_qualifier_withdrawn_after_the_knockout_is_drawn_keeps_the_draw_and_loses_by_walkover(
        tmp_path: Path) -> None:
    """Once the knockout's round 1 is drawn, the draw stands (event-day.md: never silently
    redone): T05, withdrawn from it afterwards (`withdrawn: {stage: ko, round: 1}`), keeps its
    qualification and its seed, and its match is a walkover for T02, the one thing said (the
    table left as drawn counted as its forfeit). main dropped it from the field after the draw: a
    bracket of 3 that the drawn round 1 is not."""
    from generator.cli import main

    content = swiss_to_knockout(tmp_path)
    assert main(["pair", "cup", "ko", "--content", str(content)]) == 0
    event = content / "events/cup/event.yaml"
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace("{id: T05,", "{id: T05, withdrawn: {stage: ko, round: 1},"), encoding="utf-8")
    _, results, warnings = validate(content)
    assert [(w.code, w.params["id"], w.params["opponent"]) for w in warnings] == [("entry-withdrawn-forfeit", "T05", "T02")]
    assert [e.id for e in results[0].stage_of("swiss").qualifiers] == ["T01", "T02", "T05", "T04"]
    bracket = results[0].stage_of("ko").bracket
    assert bracket.seeds == ["T01", "T02", "T05", "T04"]
    walkover = next(m for m in bracket.round_matches(1) if "T05" in m.sides)
    assert (walkover.winner, walkover.loser) == ("T02", "T05")


def test_a_tie_at_the_cut_after_a_withdrawn_team_is_the_usual_tie(tmp_path: Path) -> None:
    """T04 and T06 equal 5th (1 win, -6): with T03 withdrawn they are equal for the 4th place,
    and the rule for a tie across a knockout's cut follows: the knockout waits, undrawn, for the
    tie to be broken (lot, lots:), said at the stage with their place (5); the entries above it
    are through, and the site builds (it failed on a bracket of 5, knockout-rounds, before).
    main: T03 took a place, no tie at the cut."""
    content = swiss_to_knockout(tmp_path)
    second = content / "events/cup/results/swiss-2.yaml"
    second.write_text(second.read_text(encoding="utf-8").replace("T06: 9", "T06: J"), encoding="utf-8")
    _, results, warnings = validate(content)
    tie = next(w for w in warnings if w.code == "qualify-tie-knockout")
    assert "knockout-rounds" not in {w.code for w in warnings}
    assert tie.message("en").startswith("stage swiss: a tie at place 5 (T04, T06), and knockout ko has 4 places")
    assert [e.id for e in results[0].stage_of("swiss").qualifiers] == ["T01", "T02", "T05"]
    assert results[0].stage_of("ko").bracket.seeds == []  # (not drawn: its field is not known)


def test_a_withdrawals_forfeits_cost_no_credits_and_a_no_show_still_does(tmp_path: Path) -> None:
    """操行分 (seed 000): 临时弃权者扣除操行分3分 is a no-show's penalty. The roster took every
    forfeit on a table for one, so T04, withdrawn from b's round 2 (its table there scored as its
    forfeit, left as drawn or written `forfeit: T04`), lost its finalist points for -3. A forfeit
    in a round it was due to play (T03's in a's round 2) still costs them."""
    content = two_stages(tmp_path, "{stage: b, round: 2}")
    event = content / "events" / "two" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "credits: {participant: 1, finalist: 2, forfeit: -3}\n",
                     encoding="utf-8")
    unplayed(content, "b-2", "T03, T04")
    a2 = content / "events" / "two" / "results" / "a-2.yaml"
    text, count = re.subn(r"(    teams: \[T01, T03\]\n)    levels: .*\n", r"\1    forfeit: T03\n", a2.read_text(encoding="utf-8"))
    assert count == 1
    a2.write_text(text, encoding="utf-8")
    b2 = content / "events" / "two" / "results" / "b-2.yaml"
    for written in ("", "    forfeit: T04\n"):
        b2.write_text(re.sub(r"(    teams: \[T03, T04\]\n)(?:    forfeit: T04\n)?", r"\1" + written,
                             b2.read_text(encoding="utf-8")), encoding="utf-8")
        _, results, _ = validate(content)
        points = {line.name: (line.points, [code for code, _ in line.reasons]) for line in results[0].credits}
        assert points["甲4"] == points["乙4"] == (2, ["finalist"])
        assert points["甲3"] == (-3, ["forfeit"])
        assert points["甲1"] == (2, ["finalist"])


def test_the_withdrawn_mark_is_in_the_stage_it_withdrew_from_not_an_earlier_one(tmp_path: Path) -> None:
    """T04 `withdrawn: {stage: b, round: 2}` played all of stage a: a's standings (its page, and
    results.json's) marked it 退赛 all the same. Now only b's do; with `withdrawn: 2` (from a's
    round 2) both a and the later b, which it would have played."""
    import json

    from generator.build import build

    for withdrawn, marked in (("{stage: b, round: 2}", {"b"}), ("2", {"a", "b"})):
        content = two_stages(tmp_path / withdrawn[:1], withdrawn)
        unplayed(content, "b-2", "T03, T04")
        if withdrawn == "2":
            unplayed(content, "a-2", "T02, T04")
            unplayed(content, "b-1", "T04, T01")
        output = tmp_path / withdrawn[:1] / "output"
        build(content, output)
        event = output / "events" / "two"
        pages = {stage for stage in "ab"
                 if 'class="tag withdrawn"' in (event / stage / "index.html").read_text(encoding="utf-8")}
        assert pages == marked
        payload = json.loads((event / "results.json").read_text(encoding="utf-8"))
        flagged = {stage["id"] for stage in payload["stages"] for s in stage["standings"] if s["withdrawn"]}
        assert flagged == marked
        assert not any(s["withdrawn"] for stage in payload["stages"] for s in stage["standings"] if s["entry"] != "T04")
        t04 = next(e for e in payload["entries"] if e["id"] == "T04")
        assert (t04["withdrawn"], t04["withdrawn_stage"]) == (2, "b" if withdrawn != "2" else "a")


def test_an_entry_withdrawn_before_it_played_earns_no_credits(tmp_path: Path) -> None:
    """操行分 (seed 000 九): 参与者 earn theirs by playing. T04, `withdrawn: true` (or `1`), never
    sat at a table, yet the roster counted every entry of a stage's field and gave its players
    the participant point. Now it took no part: no line, no forfeit penalty either (its tables
    are its withdrawal, not a no-show). T03, which played, keeps its finalist points."""
    for written in ("true", "1"):
        content = two_stages(tmp_path / written, written)
        event = content / "events" / "two" / "event.yaml"
        event.write_text(event.read_text(encoding="utf-8") + "credits: {participant: 1, finalist: 2, forfeit: -3}\n",
                         encoding="utf-8")
        for name, sides in (("a-1", "T03, T04"), ("a-2", "T02, T04"), ("b-1", "T04, T01"), ("b-2", "T03, T04")):
            unplayed(content, name, sides)
        _, results, _ = validate(content)
        points = {line.name: (line.points, [code for code, _ in line.reasons]) for line in results[0].credits}
        assert "甲4" not in points and "乙4" not in points
        assert points["甲3"] == (2, ["finalist"])


def test_an_entry_whose_only_table_was_a_bye_earns_no_credits(tmp_path: Path) -> None:
    """Three teams in a round robin: T3 had round 1's bye and withdrew from round 2. A bye is a
    table of one side, and the roster counted it as played: T3's players got finalist points.
    It played no table: no line. T1 and T2, who played, keep theirs."""
    folder = new_event(tmp_path, "rr", "title: 小赛\ngame: guandan\ndate: 2026-01-10\n"
                       "credits: {participant: 1, finalist: 2, forfeit: -3}\n", "T", 3,
                       "  - {id: main, format: round_robin, rounds: 3, rank_by: [wins]}\n")
    withdraw(folder, "T3", 2)
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n  - {table: 1, teams: [T1, T2], levels: {T1: A, T2: 5}}\n"
        "  - {table: 2, teams: [T3]}\n", encoding="utf-8")
    for number, (other, bye) in enumerate((("T1", "T2"), ("T2", "T1")), start=2):  # its forfeits, as pair writes them
        (folder / "results" / f"round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n  - {{table: 1, teams: [{other}, T3], forfeit: T3}}\n"
            f"  - {{table: 2, teams: [{bye}]}}\n", encoding="utf-8")
    _, results, _ = validate(folder.parents[1])
    assert results[0].status == "complete"
    points = {line.name: line.points for line in results[0].credits}
    assert "甲3" not in points and "乙3" not in points
    assert points["甲1"] > 0 and points["甲2"] > 0


def prizes_left_vacant(tmp_path: Path, swiss_prize: str = "{name: 前三名, count: 3}") -> Path:
    """swiss_to_knockout with prizes (`swiss_prize` the Swiss's; 冠军, 亚军 and two 季军 the
    knockout's), played to the end: T05 withdraws from the knockout after its draw
    (`withdrawn: {stage: ko, round: 1}`) and loses its semi-final to T02 by walkover; T01 beats
    T04, then T02 in the final."""
    from generator.cli import main

    content = swiss_to_knockout(tmp_path)
    event = content / "events/cup/event.yaml"
    text = event.read_text(encoding="utf-8")
    text = text.replace("advance: {count: 4, to: ko}}", f"advance: {{count: 4, to: ko}}, prizes: [{swiss_prize}]}}")
    text = text.replace("format: knockout, rounds: 2}",
                        "format: knockout, rounds: 2, prizes: [{name: 冠军, count: 1}, {name: 亚军, count: 1},"
                        " {name: 季军, count: 2}]}")
    event.write_text(text, encoding="utf-8")
    assert main(["pair", "cup", "ko", "--content", str(content)]) == 0
    withdraw(event.parent, "T05", "{stage: ko, round: 1}")
    results = content / "events/cup/results"
    first = results / "round-1.yaml"
    first.write_text(re.sub(r"(teams: \[T01, T04\])", r"\1\n    levels: {T01: K, T04: 5}",
                            first.read_text(encoding="utf-8")), encoding="utf-8")
    (results / "ko-2.yaml").write_text("stage: ko\nround: 2\ntables:\n  - table: 1\n    teams: [T01, T02]\n"
                                       "    levels: {T01: K, T02: 5}\n", encoding="utf-8")
    return content


def test_a_withdrawn_entry_gets_no_prize_and_its_place_is_left_vacant(tmp_path: Path) -> None:
    """Seed 000 十.11: 中途离场者所在的组不获奖. T05, withdrawn from the knockout after its draw,
    loses its semi-final by walkover and is 3=: it got 季军 all the same, and the prize list named
    it; T03, withdrawn from the Swiss's round 3 and still 3rd there, got the Swiss's prize for
    the top 3. Now neither gets a prize; its place's prize is left vacant, not passed down (every
    other entry keeps the prize of its place), and the stage page, the standings and prize
    bulletins and results.json all say so."""
    import json

    from generator.build import build
    from generator.render.bulletins import bulletins_for

    content = prizes_left_vacant(tmp_path)
    _, found, warnings = validate(content)
    assert found[0].status == "complete"
    ko, swiss = found[0].stage_of("ko"), found[0].stage_of("swiss")
    prizes = {s.entry.id: (s.prize and s.prize.name, s.prize_vacant and s.prize_vacant.name) for s in ko.standings}
    assert prizes == {"T01": ("冠军", None), "T02": ("亚军", None), "T04": ("季军", None), "T05": (None, "季军")}
    # 3=: T04, which played on, listed before T05, withdrawn (seed 3 before seed 4 otherwise)
    assert [(s.rank_label, s.entry.id) for s in ko.standings][2:4] == [("3=", "T04"), ("3=", "T05")]
    swiss_prizes = {s.entry.id: (s.prize and s.prize.name, s.prize_vacant and s.prize_vacant.name)
                    for s in swiss.standings if s.rank is not None and s.rank <= 3}
    assert swiss_prizes == {"T01": ("前三名", None), "T02": ("前三名", None), "T03": (None, "前三名")}
    listed = next(b for b in bulletins_for(found[0], "zh-Hans") if b.name == "prizes")
    assert [row[:4] for row in listed.rows] == [["冠军", "1", "T01", listed.rows[0][3]], ["亚军", "2", "T02", listed.rows[1][3]],
                                                ["季军", "3=", "T04", listed.rows[2][3]], ["季军", "3=", "", "空缺（T05 退赛）"]]
    english = next(b for b in bulletins_for(found[0], "en") if b.name == "prizes")
    assert english.rows[3][3] == "vacant (T05 withdrew)"
    standings = next(b for b in bulletins_for(found[0], "zh-Hant") if b.name == "standings-ko")
    # the prize as written; its withdrawal said once, before it (test_a_withdrawn_entrys_row_says_it_withdrew_once…)
    assert next(r for r in standings.rows if r[1] == "T05")[-1] == "退賽、季军：空缺"
    out = tmp_path / "out"
    build(content, out)
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    rows = {found.group(1): row for row in page.split("<tr")[1:] if (found := re.search(r"entries/(T0\d)/", row))}
    assert 'class="tag vacant">季军：空缺<' in rows["T05"] and 'class="tag p"' not in rows["T05"]
    assert 'class="tag p">季军' in rows["T04"]
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    ko_json = {s["entry"]: s for s in data["stages"][1]["standings"]}
    assert (ko_json["T05"]["prize"], ko_json["T05"]["prize_vacant"]) == (None, "季军")
    assert ko_json["T04"]["prize"] == "季军" and "prize_vacant" not in ko_json["T04"]
    # a player's page says it too, beside the place (T05's 甲5: the knockout's 3=; T03's 甲3: the
    # Swiss's 3rd, which it withdrew from), and T04's 甲4 did not withdraw
    def place_cell(name: str) -> str:
        page = next(text for path in (out / "players").glob("*/index.html")
                    if f"<h1>{name}" in (text := path.read_text(encoding="utf-8")))
        return re.sub(r"<[^>]+>", "", re.search(r'<td role="cell" data-label="[^"]*名次[^"]*">(.*?)</td>', page).group(1))

    # (a Swiss place with the score it is by; a knockout's has none)
    assert place_cell("甲5") == "淘汰赛 3=并列第 3 退赛" and place_cell("甲3") == "瑞士移位赛 3 · 胜场 2 退赛"
    assert "退赛" not in place_cell("甲4")
    # the workbook says who withdrew too, beside who won what (a column only where someone did)
    from openpyxl import load_workbook

    book = load_workbook(out / "events/cup/results.xlsx", read_only=True)
    sheets = {name: [list(row) for row in book[name].iter_rows(values_only=True)] for name in book.sheetnames}
    ko_rows = next(rows for name, rows in sheets.items() if name.startswith("淘汰赛") and "桌" not in name)
    heading = ko_rows[0]
    assert heading[-1] == "退赛"
    by_entry = {row[1]: dict(zip(heading, row)) for row in ko_rows[1:]}  # (a row's empty cells at its end are not read)
    assert by_entry["T05"].get("退赛") == "是" and not by_entry["T05"].get("奖项")
    assert not by_entry["T04"].get("退赛") and by_entry["T04"].get("奖项") == "季军"


def stage_rows(page: str) -> dict[str, str]:
    """A stage page's standings rows (or the desk's, one stage's), by entry id."""
    return {found.group(1) or found.group(2): row for row in page.split("<tr")[1:]
            if (found := re.search(r'entries/(T0\d)/|data-entry="(T0\d)"', row))}


def pdf_row(path: Path, entry: str) -> str:
    """`entry`'s line of a printed standings, as pdftotext lays it out."""
    import subprocess

    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    (line,) = [line for line in text.splitlines() if re.match(rf"\s*\d+=?\s+{entry}\s", line)]
    return line


@pytest.mark.slow
def test_a_withdrawn_entrys_row_says_it_withdrew_once_beside_its_vacant_prize(tmp_path: Path) -> None:
    """T05's row of the knockout's standings said its withdrawal twice: the printed standings
    "季军：空缺（T05 退赛）、退赛", its stage page 退赛 then 季军：空缺（T05 退赛); T03's of the Swiss
    the same. Now the row says each fact once: 退赛, then the prize its place leaves vacant
    (季军：空缺), on the page, in the PDF and on the entry's page. A vacant prize keeps its
    reason where nothing else in the row says it: T05 played the Swiss through and withdrew
    from the knockout after its draw (晋级、前四名：空缺（T05 退赛）)."""
    from generator.build import build

    content = prizes_left_vacant(tmp_path, "{name: 前四名, count: 4}")
    out = tmp_path / "out"
    build(content, out)
    event = out / "events/cup"
    said = {("ko", "T05"): "退赛、季军：空缺", ("swiss", "T03"): "退赛、前四名：空缺",
            ("swiss", "T05"): "晋级、前四名：空缺（T05 退赛）"}
    tags = {"退赛": "withdrawn", "晋级": "q"}
    for (stage, entry), remark in said.items():
        printed = pdf_row(event / f"bulletins/standings-{stage}.pdf", entry)
        assert printed.endswith(f" {remark}") and printed.count("退赛") == 1, printed
        cell = re.findall(r'<td role="cell">(.*?)</td>', stage_rows((event / stage / "index.html").read_text(encoding="utf-8"))[entry],
                          flags=re.S)[-1]
        shown = re.findall(r'<span class="tag ([a-z]+)">([^<]*)</span>', cell)
        assert shown == [(tags.get(word, "vacant"), word) for word in remark.split("、")], cell
    heading = re.search(r'<h2 id="stage-ko">(.*?)</h2>', (event / "entries/T05/index.html").read_text(encoding="utf-8"))
    assert re.sub(r"<[^>]+>", "", heading.group(1)).endswith(" · 退赛 · 季军：空缺")


@pytest.mark.slow
def test_a_vacant_prize_is_tagged_in_the_prizes_colour_with_a_dashed_frame(tmp_path: Path) -> None:
    """The stage page's 季军：空缺 (.tag.vacant) had no style of its own: the ink of the text
    around it, where 季军 (.tag.p) beside it has the prizes' colour. Now it has that colour, its
    frame dashed: a prize, not given."""
    from generator.build import build
    from tests.test_browser import DESKTOP, chromium_context

    out = tmp_path / "out"
    build(prizes_left_vacant(tmp_path), out)
    with chromium_context(tmp_path / "profile", DESKTOP) as browser:
        tab = browser.new_page()
        tab.goto((out / "events/cup/ko/index.html").as_uri())
        looks = tab.evaluate("""() => [...document.querySelectorAll('.tag.p, .tag.vacant')].map(tag => {
            const style = getComputedStyle(tag);
            return [tag.textContent, style.color, style.borderTopStyle]; })""")
    *_, (won, prize, solid), (vacant, colour, dashed) = looks  # T04's 季军, then T05's
    assert (won, vacant, solid, dashed, colour) == ("季军", "季军：空缺", "solid", "dashed", prize)


def test_the_desks_standings_mark_a_withdrawn_entry_and_a_vacant_prize_as_the_site_does(tmp_path: Path) -> None:
    """The desk's standings (its page, the hall's screen) had no remark at all: T05, withdrawn
    from the knockout, and the 季军 its place leaves vacant were not said there, nor 晋级 in the
    Swiss. Each row now says what the site's standings say, in the same words, under its names."""
    from generator.desk.app import Desk

    content = prizes_left_vacant(tmp_path, "{name: 前四名, count: 4}")
    desk = Desk(content, "cup", None, None, build=False)
    for page in ("standings.html", "screen.html"):
        html = desk.page(page).body.decode("utf-8")
        swiss, ko = (stage_rows(section) for section in html.split('<section class="stage">')[1:])
        said = {f"{stage} {entry}": found.group(1) if (found := re.search(r'<span class="remark">([^<]*)</span>', row)) else ""
                for stage, rows in (("swiss", swiss), ("ko", ko)) for entry, row in rows.items()}
        assert (said["ko T05"], said["ko T04"], said["ko T01"]) == ("退赛、季军：空缺", "季军", "冠军"), page
        assert (said["swiss T03"], said["swiss T05"]) == ("退赛、前四名：空缺", "晋级、前四名：空缺（T05 退赛）"), page
        assert (said["swiss T01"], said["swiss T06"]) == ("晋级、前四名", ""), page


def test_a_team_withdrawn_from_the_knockout_before_its_draw_is_said_so_in_the_swiss(tmp_path: Path) -> None:
    """T05, 4th of the Swiss, withdraws from the knockout before it is drawn (`withdrawn: {stage:
    ko, round: 1}`): it does not qualify (the next team does), yet its Swiss row said nothing (not
    退赛: it played the Swiss through), so a place inside the cut without 晋级 had no reason. Now
    the Swiss standings say 退赛（淘汰赛）, on the page, the standings bulletin and results.json
    (`withdrawn` stays false there: it withdrew from the knockout, not the Swiss)."""
    import json

    from generator.build import build
    from generator.render.bulletins import bulletins_for

    content = swiss_to_knockout(tmp_path)
    withdraw(content / "events/cup", "T05", "{stage: ko, round: 1}")
    _, results, _ = validate(content)
    swiss = results[0].stage_of("swiss")
    t05 = next(s for s in swiss.standings if s.entry.id == "T05")
    assert (t05.rank, t05.qualified, t05.withdrawn_next, t05.withdrawn_next_name) == (4, False, "ko", "淘汰赛")
    assert all(s.withdrawn_next is None for s in swiss.standings if s.entry.id != "T05")  # T03: 退赛 in the Swiss itself
    bulletin = next(b for b in bulletins_for(results[0], "en") if b.name == "standings-swiss")
    assert next(r for r in bulletin.rows if r[1] == "T05")[-1] == "withdrawn (淘汰赛)"
    out = tmp_path / "out"
    build(content, out)
    page = (out / "events/cup/swiss/index.html").read_text(encoding="utf-8")
    rows = {found.group(1): row for row in page.split("<tr")[1:] if (found := re.search(r"entries/(T0\d)/", row))}
    assert "退赛（淘汰赛）" in rows["T05"] and "晋级" not in rows["T05"]
    assert "退赛（淘汰赛）" not in rows["T03"]
    entry_page = (out / "events/cup/entries/T05/index.html").read_text(encoding="utf-8")
    assert "从淘汰赛第 1 轮起不再参赛" in entry_page and "阶段 ko" not in entry_page
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    standing = next(s for s in data["stages"][0]["standings"] if s["entry"] == "T05")
    assert (standing["withdrawn"], standing["qualified"], standing["withdrawn_next"]) == (False, False, "ko")
    assert not any("withdrawn_next" in s for s in data["stages"][0]["standings"] if s["entry"] != "T05")


def test_a_withdrawn_pairs_table_in_a_bridge_matches_stage_is_its_opponents_win(tmp_path: Path) -> None:
    """P04, withdrawn from round 2 of a total-points stage, its table left as drawn: the table is
    P04's forfeit, so P02's win. It was decided by totals (0 : 0), a draw: the round page said
    "获胜方：平局", P02's page "平", results.json winner null beside forfeit P04; and the page
    worded the withdrawal as a no-show's, substitutes playing (替补（裁判代打），不计名次), while
    nobody plays for a withdrawn pair and it stays ranked, marked 退赛."""
    import json

    from generator.build import build

    content = bridge_matches(tmp_path)
    _, results, _ = validate(content)
    table = results[0].stages[0].rounds[1].tables[1]
    assert (table.table.forfeit, table.winner) == ("P04", "P02")
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    event = out / "events" / "mini"
    page = (event / "main" / "round-2" / "index.html").read_text(encoding="utf-8")
    table_2 = page[page.index('id="table-2"'):]
    assert "退赛：P04 甲4 / 乙4 · 本桌判 P02 胜" in table_2 and "替补" not in table_2
    assert "获胜方：P02" in table_2
    entry = (event / "entries" / "P02" / "index.html").read_text(encoding="utf-8")
    row = next(r for r in re.findall(r'<tr role="row">.*?</tr>', entry, re.S) if "round-2/index.html#table-2" in r)
    assert '<td role="cell" class="outcome won">胜</td>' in row
    # P04's own row says its withdrawal, not a no-show's 弃权
    own = (event / "entries" / "P04" / "index.html").read_text(encoding="utf-8")
    row = next(r for r in re.findall(r'<tr role="row">.*?</tr>', own, re.S) if "round-2/index.html#table-2" in r)
    assert '<td role="cell" class="outcome withdrawn">退赛</td>' in row
    data = json.loads((event / "results.json").read_text(encoding="utf-8"))
    [json_table] = [t for t in data["stages"][0]["rounds"][1]["tables"] if t["table"] == 2]
    assert (json_table["forfeit"], json_table["winner"]) == ("P04", "P02")


def with_substitutes(content: Path, boards: str) -> None:
    """bridge_matches's round-2 table of P04 (withdrawn) written as the seed plays it: P02 against
    the substitutes (SUB, `substitute: true`), who played P04's seat (替补裁判代打), `boards`."""
    event = content / "events" / "mini" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "stages:\n", "  - {id: SUB, players: [替补甲, 替补乙], substitute: true}\nstages:\n"), encoding="utf-8")
    path = content / "events" / "mini" / "results" / "round-2.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "{table: 2, ns: P02, ew: P04}", f"{{table: 2, ns: P02, ew: SUB, boards: {boards}}}"), encoding="utf-8")


def test_a_seat_nobody_played_in_total_points_is_said_and_the_substitutes_boards_count(tmp_path: Path) -> None:
    """The rule (seed 000 七.6 若有玩家中途离场或被罚下，将由替补裁判代打; 十.15 单组…由替补裁判代打):
    when P04 withdraws, substitutes play its seat, so P02 plays round 2's boards and its own
    column counts. Its table left as drawn, P02 scored 0 for the round (400, round 1's) while
    every other pair scored its boards, and nothing said so. No score is made up for it (total
    points has no average: see bridge's _warn_seats_unplayed); a warning at the table says what
    happened and how to write the substitutes' boards. Written so, P02's column counts (400 +
    110 + 140), no warning, and P04 stays ranked on its round 1, marked withdrawn."""
    content = bridge_matches(tmp_path)
    _, results, warnings = validate(content)
    (warning,) = warnings
    assert (warning.code, warning.mark.file.name, warning.mark.line) == ("bridge-seat-unplayed", "round-2.yaml", 5)
    assert warning.message("zh-Hans") == "第 2 轮第 2 桌一副未打：P04 没有出场，也没有人代打它的座位，P02 这一轮得 0 分，而其他各对照常得分"
    assert "把这一桌写成 P02 对替补（一个 substitute: true 的参赛单位）" in warning.hint("zh-Hans")
    assert {s.entry.id: s.tally.metrics["total"] for s in results[0].stages[0].standings}["P02"] == 400
    with_substitutes(content, "{1: 2S N =, 2: 3H N = 140}")
    _, results, warnings = validate(content)
    assert warnings == []
    standings = results[0].stages[0].standings
    assert {s.entry.id: s.tally.metrics["total"] for s in standings} == {"P01": 510, "P02": 650, "P03": 140, "P04": 160}
    assert next(s for s in standings if s.entry.id == "P04").entry.withdrawn == 2 and "SUB" not in {s.entry.id for s in standings}


def test_a_table_against_the_substitutes_in_total_points_has_no_winner(tmp_path: Path) -> None:
    """P02 against the substitutes who play withdrawn P04's seat (as the odd pair of the demo's
    prelim, table 17): the substitutes outscore it (400 to 110). The table was decided by totals
    as any other: the round page said 获胜方：SUB, P02's page that it lost (负), results.json
    winner SUB, a result for the substitutes, whom seed 000 十.15 leaves out of the scoring
    (裁判组不计入评分), in a method that ranks each pair on its own column and counts no win. Now
    the table has no winner: the page says the substitutes played, P02's row says so, and its
    column counts as before."""
    import json

    from generator.build import build

    content = bridge_matches(tmp_path)
    with_substitutes(content, "{1: 3NT E =, 2: 2S N =}")
    _, results, _ = validate(content)
    table = results[0].stages[0].rounds[1].tables[1]
    assert (table.table.sides, table.winner) == (["P02", "SUB"], None) and table.extra["substitute"] == "SUB"
    assert {s.entry.id: s.tally.metrics["total"] for s in results[0].stages[0].standings}["P02"] == 510
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    event = out / "events" / "mini"
    page = (event / "main" / "round-2" / "index.html").read_text(encoding="utf-8")
    table_2 = page[page.index('id="table-2"'):]
    assert "合计 · 替补（裁判代打），不计名次" in table_2 and "获胜方：SUB" not in table_2
    entry = (event / "entries" / "P02" / "index.html").read_text(encoding="utf-8")
    row = next(r for r in re.findall(r'<tr role="row">.*?</tr>', entry, re.S) if "round-2/index.html#table-2" in r)
    assert '<td role="cell" class="outcome substitute">替补</td>' in row
    data = json.loads((event / "results.json").read_text(encoding="utf-8"))
    [json_table] = [t for t in data["stages"][0]["rounds"][1]["tables"] if t["table"] == 2]
    assert (json_table["winner"], json_table["substitute"]) == (None, "SUB")


def test_a_no_show_in_a_bridge_matches_stage_keeps_the_substitutes_note(tmp_path: Path) -> None:
    """Beside the withdrawal above, the seed's no-show (十.1, the demo's prelim table 12): P01
    forfeits round 1 and substitutes play its seat (their 420 beat P02's 400). The page keeps the
    substitutes' note, says the table is P02's, and P01 is out of the ranking."""
    from generator.build import build

    content = bridge_matches(tmp_path)
    path = content / "events" / "mini" / "results" / "round-1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{table: 1, ns: P01, ew: P02,", "{table: 1, ns: P01, ew: P02, forfeit: P01,"),
                    encoding="utf-8")
    _, results, _ = validate(content)
    stage = results[0].stages[0]
    assert stage.rounds[0].tables[0].winner == "P02"
    assert next(s for s in stage.standings if s.entry.id == "P01").tally.forfeited
    out = tmp_path / "output"
    build(content, out, bulletins=False)
    page = (out / "events" / "mini" / "main" / "round-1" / "index.html").read_text(encoding="utf-8")
    table_1 = page[page.index('id="table-1"'):page.index('id="table-2"')]
    assert "弃权：P01 甲1 / 乙1（替补（裁判代打），不计名次） · 本桌判 P02 胜" in table_1
    assert "获胜方：P02" in table_1


def test_within_a_tie_a_withdrawn_entry_is_listed_after_those_playing_on(tmp_path: Path) -> None:
    """T01 (withdrawn) and T02 tie on every metric: both 3=, and the stage page listed T01 first,
    read as if it came ahead of the team still playing. It shares the place and is listed after.
    Ranks are unchanged; without a withdrawal the order is the ids' as before."""
    from generator.content.model import Entry
    from generator.tournament.standings import Tally, rank

    def tallies() -> list[Tally]:
        return [Tally(Entry(f"T0{n}", [], withdrawn=2 if n == 1 else None), {"wins": w}, played=3)
                for n, w in ((1, 1), (2, 1), (3, 3), (4, 2))]

    shown = [(s.rank_label, s.entry.id) for s in rank(tallies(), ["wins"], withdrew={"T01"})]
    assert shown == [("1", "T03"), ("2", "T04"), ("3=", "T02"), ("3=", "T01")]
    assert [(s.rank_label, s.entry.id) for s in rank(tallies(), ["wins"])][2:] == [("3=", "T01"), ("3=", "T02")]


def test_a_knockout_match_between_two_teams_withdrawn_after_its_draw_is_void_and_the_final_a_walkover(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 1 of the knockout drawn (T01 v T04, T02 v T05), then T01 and T04 both withdraw from
    it. The match was scored as the first one's forfeit, T04 through though withdrawn; then an
    error (knockout-withdrawn-both) asking the referee to pick a side to play on, which nothing
    in the rules asks. Now, as bracket tools and tennis draws do, the match is not played and
    nobody goes through (void), so the final is T02's walkover: no table, champion once its
    semi-final is in. T01 and T04 share the place of a semi-final's loser with T05, listed after
    it; nobody is 2nd. `pair` has no final to draw and says why (pair-knockout-decided)."""
    import json

    from generator.build import build
    from generator.cli import main

    content = swiss_to_knockout(tmp_path)
    assert main(["pair", "cup", "ko", "--content", str(content)]) == 0
    event = content / "events/cup/event.yaml"
    text = event.read_text(encoding="utf-8")
    for team in ("T01", "T04"):
        text = text.replace(f"{{id: {team},", f"{{id: {team}, withdrawn: {{stage: ko, round: 1}},")
    event.write_text(text, encoding="utf-8")
    _, results, warnings = validate(content)  # no error
    assert warnings == [] and results[0].stage_of("ko").status == "in_progress"  # T02 v T05 to play
    first = content / "events/cup/results/round-1.yaml"
    first.write_text(re.sub(r"(teams: \[T02, T05\])", r"\1\n    levels: {T02: K, T05: 5}",
                            first.read_text(encoding="utf-8")), encoding="utf-8")
    _, results, warnings = validate(content)
    assert warnings == []
    ko = results[0].stage_of("ko")
    void, played, final = ko.bracket.matches
    assert (void.sides, void.void, void.winner) == (["T01", "T04"], True, None)
    assert (played.winner, played.loser) == ("T02", "T05")
    assert (final.sides, final.winner, final.loser, final.score) == ([None, "T02"], "T02", None, None)
    assert ko.status == "complete" and ko.bracket.champion == "T02"
    assert [(s.rank_label, s.entry.id) for s in ko.standings] == [("1", "T02"), ("3=", "T05"), ("3=", "T01"),
                                                                   ("3=", "T04")]
    capsys.readouterr()
    assert main(["pair", "cup", "ko", "--content", str(content)]) == 1
    said = capsys.readouterr()
    assert "淘汰赛 ko 已没有可编排的比赛：第 2 轮的每一场都不必比赛。第 3 场（决赛）：T02 不战而胜——对方为空缺（第 1 场未赛），不写此桌。" \
        in said.err + said.out
    assert not (content / "events/cup/results/round-2.yaml").exists()
    out = tmp_path / "out"
    build(content, out, bulletins=False)
    page = (out / "events/cup/ko/index.html").read_text(encoding="utf-8")
    assert "第 1 场</span> · <a" in page and "双方均已退赛，不赛，无人晋级" in page
    assert "空缺（第 1 场未赛）" in page and "第 3 场</span> · 不战而胜" in page
    # its table, left as drawn, is not one still to play ("尚无成绩", the game's words for that)
    round_1 = (out / "events/cup/ko/round-1/index.html").read_text(encoding="utf-8")
    table_1 = round_1[round_1.index('id="table-1"'):round_1.index('id="table-2"')]
    assert "双方均已退赛，不赛，无人晋级" in table_1 and "尚无成绩" not in table_1
    data = json.loads((out / "events/cup/results.json").read_text(encoding="utf-8"))
    assert [(m["sides"], m.get("void", False), m["winner"]) for m in data["stages"][1]["bracket"]["matches"]] == [
        (["T01", "T04"], True, None), (["T02", "T05"], False, "T02"), ([None, "T02"], False, "T02")]
    assert [t.get("void", False) for t in data["stages"][1]["rounds"][0]["tables"]] == [True, False]


def test_the_secretary_writes_a_withdrawn_teams_forfeit_through_the_desk(tmp_path: Path) -> None:
    """T4 withdrawn from round 2, its Swiss table there left as drawn: `check` warns (it counts as
    T4's forfeit, a win for T3) and asks for `forfeit: T4` on the table, which the desk had no
    form for (the secretary's link answered "not played"). The secretary's form for the table
    now has its forfeit, offered for T4 (and both teams', Guandan's double forfeit, should T2
    not have come either): saved, the file says it and the warning goes.
    The table's own link still says the table is not played."""
    from tests.test_desk import fetch, start
    from tests.test_desk_records import Secretary

    folder = new_event(tmp_path, "mini", "title: 小赛\ngame: guandan\ndate: 2026-01-10\n", "T", 4,
                       "  - id: main\n    format: swiss\n    rounds: 2\n")
    withdraw(folder, "T4", 2)
    (folder / "results" / "round-1.yaml").write_text(
        "stage: main\nround: 1\ntables:\n"
        "  - {table: 1, teams: [T1, T2], levels: {T1: A, T2: 5}}\n"
        "  - {table: 2, teams: [T3, T4], levels: {T3: A, T4: 5}}\n", encoding="utf-8")
    path = folder / "results" / "round-2.yaml"
    path.write_text("stage: main\nround: 2\ntables:\n"
                    "  - {table: 1, teams: [T1, T3]}\n"
                    "  - table: 2\n    teams: [T2, T4]   # T4 left after round 1\n", encoding="utf-8")
    content = folder.parents[1]
    assert [w.code for w in validate(content)[2]] == ["entry-withdrawn-forfeit"]
    running = start(content, slug="mini")
    try:
        assert fetch(running.desk.link("main/2/2"))[0] == 410  # the table's link: not played
        secretary = Secretary(running)
        _, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
        assert f'href="{running.desk.prefix}/t/main/2/2">\u5199\u660e\u5f03\u6743</a>' in admin  # (write its forfeit)
        page = secretary.page("main/2/2")
        assert "T4 \u5df2\u9000\u8d5b" in page and 'name="forfeit"' in page  # (T4 has withdrawn)
        # (T4's forfeit, or both teams' if T2 did not come either: Guandan's double forfeit)
        assert re.findall(r'<option value="([^"]*)"', page) == ["", "T4", "T2, T4"]
        assert 'name="level_a"' not in page and 'name="deals"' not in page  # no result: it is not played
        status, html = secretary.post("main/2/2", "save", forfeit="T4")
        assert status == 200 and 'id="saved"' in html, html
        assert "  - table: 2\n    teams: [T2, T4]   # T4 left after round 1\n    forfeit: T4\n" in path.read_text(encoding="utf-8")
        assert validate(content)[2] == []
        status, html = secretary.post("main/2/2", "save", forfeit="T2")  # not T2's to forfeit: T4 withdrew
        assert status == 422 and "T2 \u6ca1\u6709\u9000\u8d5b" in html, html  # (T2 has not withdrawn)
        assert "forfeit: T4" in path.read_text(encoding="utf-8")
    finally:
        running.stop()


def page_text(path: Path) -> str:
    """A page's text as read, tags and spacing aside."""
    import html

    return "".join(html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))).split())


@pytest.mark.parametrize("game", ["bridge", "guandan", "daguai", "shengji"])
def test_a_swiss_draw_notice_names_a_withdrawn_team_in_every_game(tmp_path: Path, game: str) -> None:
    """A round robin's notice says its withdrawn team ("退赛：H04，其本轮对手按对方弃权计"); a
    Swiss draw left D05 out without a word, on the printed 对阵表 and the round's page, and its
    players looked for it (rev66). The notice says it now, in every game's Swiss (the page: below)."""
    import subprocess

    from generator.cli import main

    folder = new_event(tmp_path, "ev", f"title: 杯\ngame: {game}\ndate: 2026-01-10\ndraw_seed: 3\n", "D0", 7,
                       "  - {id: swiss, name: 瑞士制, format: swiss, rounds: 3}\n")
    content = folder.parents[1]
    withdraw(folder, "D05", "true")
    assert main(["pair", "ev", "swiss", "--content", str(content)]) == 0
    assert "D05" not in (folder / "results/round-1.yaml").read_text(encoding="utf-8")  # (not drawn)
    pdf = tmp_path / "round-1.pdf"
    assert main(["print", "ev", "swiss", "--round", "1", "--content", str(content), "--output", str(pdf)]) == 0
    notice = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, check=True,
                            text=True).stdout
    assert "退赛：D05，本轮不编排。" in "".join(notice.split()), notice


def test_a_team_withdrawn_during_the_swiss_is_named_from_the_round_it_leaves(tmp_path: Path) -> None:
    """T03 withdraws from round 3 of the Swiss: round 3's notice and page name it, round 2's,
    which it played, do not."""
    from generator.render.html import render_site
    from generator.render.output import OutputTree
    from generator.tournament.pairing import draw_sheet

    content = swiss_to_knockout(tmp_path)
    site, results, _ = validate(content)
    swiss = results[0].stage_of("swiss")
    notices = ["".join(draw_sheet(results[0].event, swiss, round_, "zh-Hans").text.split()) for round_ in swiss.rounds]
    assert "退赛：T03，本轮不编排。" in notices[2], notices[2]
    assert "退赛" not in notices[1]
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, results, {}, OutputTree(out), workers=1)
    assert "退赛：T03，本轮不编排。" in page_text(out / "events/cup/swiss/round-3/index.html")
    assert "本轮不编排" not in page_text(out / "events/cup/swiss/round-2/index.html")
