"""The stale-draw check's draws, each made once (tournament/redraws.py): a draw taken from what is
kept is the draw made afresh; any change of what it is made of draws again; a file in the cache
that this user's paibang did not write for that very draw is never believed.

Fields are small here (a Swiss of 20 entries, 2/1/0 points a match, so score groups are small,
as where the draw is the matching): what is asserted is which draws are made and what they
say, never how long they take.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from generator import seals
from generator.build import clear_cache
from generator.cli import main
from generator.tournament import pairing, redraws
from generator.tournament.pairing import drawn_once, pair_swiss, pairing_changes
from tests.test_stale_tiebreak import WINS, boards, correct_table_1, fill, make_event, pair, warnings_of


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201 - the folder, and the draws made afresh
    """Draws kept in a folder of this test's, none in memory; every draw made afresh counted."""
    folder = tmp_path / "draws"
    redraws.forget()
    redraws.keep_in(folder)
    made: list[list[str]] = []
    real = pairing.pair_swiss

    def counted(order, *args, **kwargs):  # noqa: ANN001, ANN202
        made.append(list(order))
        return real(order, *args, **kwargs)

    monkeypatch.setattr(pairing, "pair_swiss", counted)
    yield folder, made
    redraws.keep_in(None)
    redraws.forget()


def swiss(entries: int, rounds: int, seed: int) -> tuple[list[str], dict[str, float], set[frozenset[str]], Counter]:
    """A Swiss played `rounds` rounds with the real draw (bench/pairing.py's, smaller): the order
    and points after them, who met whom, the byes."""
    rng = random.Random(seed)
    ids = [f"E{i:02d}" for i in range(1, entries + 1)]
    points: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    order = ids[:]
    for _ in range(rounds):
        for table in pair_swiss(order, dict(points), met, byes).tables:
            if len(table) == 1:
                byes[table[0]] += 1
                points[table[0]] += 2
                continue
            met.add(frozenset(table))
            roll = rng.random()
            for side, won in zip(table, (roll < 0.45, roll > 0.55)):
                points[side] += 2 if won else (1 if 0.45 <= roll <= 0.55 else 0)
        order = sorted(ids, key=lambda e: (-points[e], ids.index(e)))
    return order, {e: float(points[e]) for e in ids}, met, byes


def reversed_first(order: list[str], scores: dict[str, float]) -> tuple[list[str], dict[str, float]]:
    """The order and scores after a result was reversed: 2 points from the leader to the last."""
    now = dict(scores)
    now[order[0]] -= 2
    now[order[-1]] += 2
    return sorted(order, key=lambda e: (-now[e], order.index(e))), now


@pytest.mark.parametrize("entries,rounds,seed", [(20, 3, 1), (21, 4, 2), (16, 5, 3)])
def test_a_kept_draw_is_the_draw_made_afresh(kept, entries: int, rounds: int, seed: int) -> None:
    folder, made = kept
    order, scores, met, byes = swiss(entries, rounds, seed)
    now_order, now_scores = reversed_first(order, scores)
    fresh = pairing_changes(order, scores, now_order, now_scores, met, byes, drawing=pair_swiss)
    assert fresh  # (a correction that moves opponents: the answer is not the empty one)
    made.clear()
    first = pairing_changes(order, scores, now_order, now_scores, met, byes)  # made, and kept
    assert first == fresh and len(made) == 2 and len(list(folder.glob("*.json"))) == 2
    assert pairing_changes(order, scores, now_order, now_scores, met, byes) == fresh  # from memory
    redraws.forget()
    assert pairing_changes(order, scores, now_order, now_scores, met, byes) == fresh  # from the files
    assert drawn_once(now_order, now_scores, met, byes) == pair_swiss(now_order, now_scores, met, byes)
    assert len(made) == 2  # (the tests' pair_swiss draws afresh, uncounted)


def test_what_a_draw_is_made_of_changed_draws_again(kept) -> None:
    folder, made = kept
    order, scores, met, byes = swiss(20, 3, 1)
    drawn_once(order, scores, met, byes)
    assert len(made) == 1
    one_met = next(iter(met))
    changes = [
        (order[1:2] + order[:1] + order[2:], scores, met, byes),  # the order
        (order, {**scores, order[5]: scores[order[5]] + 1}, met, byes),  # one score
        (order, scores, met - {one_met}, byes),  # a meeting
        (order, scores, met, {**byes, order[-1]: byes[order[-1]] + 1}),  # a bye
        (order[:-2], scores, met, byes),  # the field
    ]
    for order_, scores_, met_, byes_ in changes:
        before = len(made)
        assert drawn_once(order_, scores_, met_, byes_) == pair_swiss(order_, scores_, met_, byes_)
        assert len(made) == before + 1  # drawn: nothing taken from the first
    # the draw's code is what it is made of too
    key = redraws.key_of(order, scores, met, byes)
    redraws._code_digest.cache_clear()
    try:
        real = Path(redraws.__file__).parent
        original = Path.read_bytes

        def edited(path: Path) -> bytes:
            return original(path) + (b"# edited\n" if path == real / "matching.py" else b"")

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Path, "read_bytes", edited)
            assert redraws.key_of(order, scores, met, byes) != key
    finally:
        redraws._code_digest.cache_clear()
    assert redraws.key_of(order, scores, met, byes) == key
    # a score the draw reads alike (2 and 2.0) is one key; a missing one is a 0
    assert redraws.key_of(order, {e: int(v) for e, v in scores.items()}, met, byes) == key
    assert redraws.key_of(order, {e: v for e, v in scores.items() if v}, met, byes) == key


def _file_of(folder: Path, order, scores, met, byes) -> Path:  # noqa: ANN001
    return folder / f"{redraws.key_of(order, scores, met, byes)}.json"


def test_a_file_not_written_for_this_draw_is_never_believed(kept) -> None:
    folder, made = kept
    order, scores, met, byes = swiss(20, 3, 1)
    truth = pair_swiss(order, scores, met, byes)
    path = _file_of(folder, order, scores, met, byes)
    folder.mkdir(mode=0o700)
    # Everyone at a table with the one below: no draw of these (a rematch or a group crossed).
    wrong = {"format": redraws.FORMAT, "key": path.stem, "bye": None,
             "tables": [[order[i], order[i + 1]] for i in range(1, len(order) - 1, 2)] + [[order[-1], order[0]]]}
    assert wrong["tables"] != [list(t) for t in truth.tables]
    plain = json.dumps(wrong).encode()
    # A draw of the same entries on other scores, as this user's paibang kept it, copied under
    # this draw's name: a draw of these entries, but not this one.
    other_scores = {**scores, order[0]: -1.0}
    other = pair_swiss(order, other_scores, met, byes)
    assert other.tables != truth.tables
    copied = {"format": redraws.FORMAT, "key": redraws.key_of(order, other_scores, met, byes),
              "tables": [list(t) for t in other.tables], "bye": other.bye}
    planted = {
        "not sealed": plain,
        "sealed with another key": seals.MAGIC + bytes(32) + plain,
        "a byte changed": bytearray(seals.seal(plain)),
        "sealed for another draw": seals.seal(json.dumps(copied).encode()),
        "not JSON": seals.seal(b"\x80\x04K\x01."),  # (a pickle: never unpickled, not even read as one)
    }
    planted["a byte changed"][-5] ^= 1
    for why, data in planted.items():
        redraws.forget()
        path.write_bytes(bytes(data))
        before = len(made)
        assert drawn_once(order, scores, met, byes) == truth, why
        assert len(made) == before + 1, why  # drawn afresh
        assert json.loads(seals.unseal(path.read_bytes()))["tables"] == [list(t) for t in truth.tables], why
    # Sealed by this user, for this key, and not a draw of these entries: two who have met at a
    # table (what `pair` would write into the round's file is looked at whatever sealed it).
    a, b = next(tuple(m) for m in met if m <= set(order))
    rest = [e for e in order if e not in (a, b)]
    forged = {**wrong, "tables": [[a, b]] + [rest[i:i + 2] for i in range(0, len(rest), 2)]}
    path.write_bytes(seals.seal(json.dumps(forged).encode()))
    redraws.forget()
    before = len(made)
    assert drawn_once(order, scores, met, byes) == truth and len(made) == before + 1


def test_a_kept_draw_is_sealed_json(kept) -> None:
    folder, _ = kept
    order, scores, met, byes = swiss(21, 3, 2)
    draw = drawn_once(order, scores, met, byes)
    (path,) = folder.glob("*.json")
    data = path.read_bytes()
    assert data.startswith(seals.MAGIC)
    kept_draw = json.loads(seals.unseal(data))
    assert kept_draw == {"format": redraws.FORMAT, "key": path.stem, "tables": [list(t) for t in draw.tables],
                         "bye": draw.bye}
    assert draw.bye is not None and draw.tables[-1] == (draw.bye,)
    assert redraws.is_own_file(path.name) and not redraws.is_own_file("notes.json")


def test_check_after_a_correction_draws_once_and_says_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               kept, capsys: pytest.CaptureFixture[str]) -> None:
    """The reviewer's 12-team 大怪路子 Swiss (test_stale_tiebreak): round 1's top win made a
    one-point win after round 2 was drawn. `check` keeps the draws where a build from the same
    folder keeps them (the cache beside output/); the next check draws nothing, and says the same."""
    _, made = kept
    cache = tmp_path / ".paibang-cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("PAIBANG_CACHE", str(cache / "pdf"))
    content = make_event(tmp_path)
    pair(content)
    (x, x_lost), *_ = fill(content, 1)
    pair(content)  # round 2 drawn, and kept: the check's draw on the recorded order
    assert len(list((cache / "draws").glob("*.json"))) == 2  # (round 1 drawn by lot through it too)
    correct_table_1(content, x, x_lost, [8, 8, 8, 8, 3, 3], [1] * 6)
    with monkeypatch.context() as uncached:  # the check as it was: each order drawn afresh
        uncached.setattr(pairing, "drawn_once", pairing.pair_swiss)
        (said,), stage = warnings_of(content)
    paired = stage.stale_draws[0].paired
    assert paired
    redraws.forget()
    made.clear()
    capsys.readouterr()
    assert main(["check", "--content", str(content)]) == 0
    first = capsys.readouterr().err
    assert said in first and len(made) == 1  # today's order alone: the recorded one is pair's own draw, kept
    redraws.forget()
    assert main(["check", "--content", str(content)]) == 0
    assert capsys.readouterr().err == first and len(made) == 1  # drawn nothing
    assert warnings_of(content)[1].stale_draws[0].paired == paired
    # a result changed again: today's order is another, drawn afresh
    path = content / "events" / "dg" / "results" / "round-1.yaml"  # x's net 32 made 37: a, x, b, c
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(boards(x, x_lost, [8, 8, 8, 8, 3, 3], [1] * 6), boards(x, x_lost, [8] * 5 + [3], [1] * 6)),
                    encoding="utf-8")
    assert main(["check", "--content", str(content)]) == 0
    assert len(made) == 2
    # `paibang clean` takes the kept draws with the rest of the cache
    gone, left, stuck = clear_cache(cache)
    assert gone and not left and not stuck


def test_the_desk_reads_its_event_after_a_save_without_drawing_again(tmp_path: Path, kept) -> None:
    """The desk reads and scores its event after every save (Desk.load), the stale-draw check
    with it: after a correction, the draws are made at the first reading, not at each."""
    from generator.desk.app import Desk

    _, made = kept
    content = make_event(tmp_path)
    pair(content)
    (x, x_lost), *_ = fill(content, 1)
    pair(content)
    correct_table_1(content, x, x_lost, [8, 8, 8, 8, 3, 3], [1] * 6)
    redraws.keep_in(None)  # (no cache on disk: the desk's own memory between saves; pair set one)
    redraws.forget()
    made.clear()
    desk = Desk(content, "dg", None, None, build=False)
    said = [p.message("zh-Hans") for p in desk.problems if p.code == "draw-standings-changed"]
    assert said and len(made) == 2
    desk.load()
    assert [p.message("zh-Hans") for p in desk.problems if p.code == "draw-standings-changed"] == said
    assert len(made) == 2


def test_a_correction_that_keeps_the_order_draws_nothing(tmp_path: Path, kept) -> None:
    """A draw reads nothing of the standings but their order and primary scores (key_of): a
    correction that leaves both as recorded (# draw-order:) cannot change the round's draw, and
    the check draws nothing for it; one that moves the order draws today's order (and the recorded
    one: no cache on disk here)."""
    _, made = kept
    content = make_event(tmp_path)
    pair(content)
    (x, x_lost), *_ = fill(content, 1)
    pair(content)
    redraws.keep_in(None)
    correct_table_1(content, x, x_lost, WINS[0], [1] * 5 + [3])  # net 40, not 42: x still first, its loser last
    redraws.forget()
    made.clear()
    said, stage = warnings_of(content)
    assert said == [] and stage.stale_draws == [] and made == []
    net_40 = boards(x, x_lost, WINS[0], [1] * 5 + [3])
    path = content / "events" / "dg" / "results" / "round-1.yaml"
    text = path.read_text(encoding="utf-8")
    assert net_40 in text
    path.write_text(text.replace(net_40, boards(x, x_lost, [8, 8, 8, 8, 3, 3], [1] * 6)),
                    encoding="utf-8")  # net 32: x fourth of the winners
    said, stage = warnings_of(content)
    assert said and len(made) == 2
