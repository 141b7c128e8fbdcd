"""A correction that moves only a tie-break (event-day.md: "tell the secretary that round k+1 was
drawn on standings that have since changed, naming the entries affected"). A reviewer's
大怪路子 Swiss of 12 teams: round 1's top win made a one-point win after round 2 was drawn.
The winner keeps its match points, but its net falls and it drops from 1st to 4th of the
teams on 2; the round-2 draw made today would seat four of them, and four of the losers,
against other opponents. The warning named the order's every place (all 12, or the corrected
table's sides alone when a figure moved); it names those whose opponent would change.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.build import validate
from generator.cli import main

SLUG = "dg"
# Round 1's winners, table by table, score these in their 6 rooms (8, 5, 3, 1 or 0: who ran the
# head, and how) and lose 1 in the other 6: nets 42, 39, 36, 33, 30, 27, each table's loser the
# same below 0. No two alike, so the order within each score group is the nets' alone.
WINS = ([8] * 6, [8] * 5 + [5], [8] * 4 + [5] * 2, [8] * 3 + [5] * 3, [8] * 2 + [5] * 4, [8] + [5] * 5)


def make_event(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    event = content / "events" / SLUG
    event.mkdir(parents=True)
    (content / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "".join(f"  - {{id: D{i:02d}, players: [a{i}, b{i}, c{i}]}}\n" for i in range(1, 13))
    (event / "event.yaml").write_text(
        f"title: dg\ngame: daguai\ndate: 2026-01-10\ndraw_seed: 7\nentries:\n{entries}"
        "stages:\n  - id: swiss\n    format: swiss\n    rounds: 4\n    boards: 6\n"
        "    rank_by: [match_points, net, scored, heads, lot]\n"
        "    board_points: {caught3: 8, caught2: 5, caught1: 3, own1: 1, own2: 0}\n", encoding="utf-8")
    return content


def pair(content: Path) -> None:
    assert main(["pair", SLUG, "swiss", "--content", str(content)]) == 0


def round_path(content: Path, number: int) -> Path:
    return content / "events" / SLUG / "results" / f"round-{number}.yaml"


def boards(home: str, away: str, home_rooms: list[int], away_rooms: list[int]) -> str:
    """Six boards, the home team running the head in the open room for `home_rooms`' points,
    the away team in the closed room for `away_rooms`'."""
    return "    boards:\n" + "".join(f"      {n}: {{open: {home} {h}, closed: {away} {a}}}\n"
                                     for n, (h, a) in enumerate(zip(home_rooms, away_rooms), start=1))


def fill(content: Path, number: int) -> list[tuple[str, str]]:
    """Round `number`'s results: table t's home team scores WINS[t-1], its opponent 1 a room."""
    path = round_path(content, number)
    text = path.read_text(encoding="utf-8")
    tables = re.findall(r"    home: (\w+)\n    away: (\w+)\n", text)
    for rooms, (home, away) in zip(WINS, tables):
        text = re.sub(rf"(    home: {home}\n    away: {away}\n)(?:    #.*\n)*",
                      lambda m: m[1] + boards(home, away, rooms, [1] * 6), text)
    path.write_text(text, encoding="utf-8")
    return tables


def correct_table_1(content: Path, home: str, away: str, home_rooms: list[int], away_rooms: list[int]) -> None:
    path = round_path(content, 1)
    text = path.read_text(encoding="utf-8")
    old = boards(home, away, WINS[0], [1] * 6)
    assert old in text
    path.write_text(text.replace(old, boards(home, away, home_rooms, away_rooms)), encoding="utf-8")


def warnings_of(content: Path) -> tuple[list[str], object]:
    _, results, warnings = validate(content)
    return [w.message("zh-Hans") for w in warnings if w.code == "draw-standings-changed"], results[0].stages[0]


def test_a_correction_moving_only_a_tie_break_names_whom_the_draw_would_seat_otherwise(tmp_path: Path) -> None:
    content = make_event(tmp_path)
    pair(content)
    tables = fill(content, 1)
    pair(content)
    assert warnings_of(content)[0] == []
    (x, x_lost), (a, a_lost), (b, b_lost), (c, c_lost), _, _ = tables
    # Table 1 made 38:6 (net 32, not 42): x still wins, between the 33 of table 4 and the 30 of
    # table 5, so x, a, b, c, d, e is a, b, c, x, d, e; its loser's -32 moves it up two places.
    correct_table_1(content, x, x_lost, [8, 8, 8, 8, 3, 3], [1] * 6)
    said, stage = warnings_of(content)
    (draw,) = stage.stale_draws
    assert draw.round == 2 and draw.moved == {}  # no match points moved
    # Drawn today: a–b, c–x (were x–a, b–c); the losers' x_lost–c_lost, b_lost–a_lost (were
    # c_lost–b_lost, a_lost–x_lost). Tables 5 and 6's four keep their opponents: not named.
    assert draw.paired == [a, b, c, x, x_lost, c_lost, b_lost, a_lost]
    assert said == [f"第 2 轮编排所依据的成绩后来改了：场分都没有变，但编排时的名次顺序变了："
                    f"按现在的成绩编排，这些参赛者的对手会不同：{'、'.join(draw.paired)}"]


def test_a_correction_that_keeps_the_order_stays_quiet(tmp_path: Path) -> None:
    content = make_event(tmp_path)
    pair(content)
    (x, x_lost), *_ = fill(content, 1)
    pair(content)
    # 48:8 (net 40, not 42): x still first (table 2's is 39), its loser still last
    correct_table_1(content, x, x_lost, WINS[0], [1] * 5 + [3])
    said, stage = warnings_of(content)
    assert said == [] and stage.stale_draws == []
    assert main(["check", "--content", str(content), "--strict"]) == 0


def test_a_long_list_of_entries_seated_otherwise_is_cut_short(tmp_path: Path) -> None:
    """A result reversed in a mass event moves every place of two score groups: the note names
    the first 12 entries and counts the rest, not a thousand ids."""
    from generator.tournament.stale import StaleNote, note_words

    content = make_event(tmp_path)
    pair(content)
    fill(content, 1)
    _, stage = warnings_of(content)
    ids = [f"D{i:02d}" for i in range(1, 13)] + ["X1", "X2", "X3"]
    _, changes = note_words(StaleNote([2], [], {}, [], ids), stage, "daguai")
    assert changes["zh-Hans"].endswith(f"按现在的成绩编排，这些参赛者的对手会不同：{'、'.join(ids[:12])} 及另外 3 个")
    assert changes["en"].endswith(f"drawn on today's standings, {', '.join(ids[:12])} and 3 more would meet other opponents")
