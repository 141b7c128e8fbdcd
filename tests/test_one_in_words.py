"""A count of one in English words: "1 board", "1 round", "1 table", never "1 boards" (the
English catalogue's `{n:one|many}`, catalogues.fill); Chinese counts with one form, and its
pages and messages say what they said before.

A club evening of one table and one board, a knockout of two teams (one round, the final) and
a round robin of two (one round), drawn with `paibang pair` and built in English and in Chinese:
the words read out of the pages and out of what the commands print."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.catalogues import LOCALES
from generator.cli import main
from generator.messages import render_message
from tests.support import mitchell_event

TWO_TEAMS = "entries:\n  - {id: T01, players: [a1, b1]}\n  - {id: T02, players: [a2, b2]}\n"


def text_of(page: Path) -> str:
    """A page's words, its tags and its runs of white space gone."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def played(tmp_path: Path, locale: str, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """The three events drawn (`pair`), played and built (no PDFs) in `locale`: the output
    folder, and what the commands printed."""
    content = tmp_path / locale / "content"
    for slug in ("club", "cup", "league"):
        (content / "events" / slug / "results").mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: Words\nlocale: {locale}\n", encoding="utf-8")
    (content / "events/club/event.yaml").write_text(mitchell_event(2, 1, 1), encoding="utf-8")
    (content / "events/cup/event.yaml").write_text(
        "title: Cup\ngame: guandan\ndate: 2026-01-10\n" + TWO_TEAMS
        + "stages:\n  - {id: ko, name: Knockout, format: knockout, rounds: 1}\n", encoding="utf-8")
    (content / "events/league/event.yaml").write_text(
        "title: League\ngame: guandan\ndate: 2026-01-10\n" + TWO_TEAMS
        + "stages:\n  - {id: rr, name: League, format: round_robin}\n", encoding="utf-8")
    for slug, stage in (("club", "mitchell"), ("cup", "ko"), ("league", "rr")):
        assert main(["pair", slug, stage, "--content", str(content)]) == 0
        results = content / "events" / slug / "results/round-1.yaml"
        record = results.read_text(encoding="utf-8")
        record = record.replace("      # 1:\n", "      1: 4S N =\n")  # the one board
        record = re.sub(r"(?m)^    # deals: .*$", "    levels: {T01: Q, T02: 9}", record)  # the one match
        results.write_text(record, encoding="utf-8")
    for slug, stage in (("cup", "ko"), ("league", "rr")):  # every round drawn: said so, nothing written
        assert main(["pair", slug, stage, "--content", str(content)]) != 0
    out = tmp_path / locale / "output"
    assert main(["build", "-q", "--no-pdf", "--content", str(content), "--output", str(out)]) == 0
    said = capsys.readouterr()
    return out, said.out + said.err


def test_one_board_one_table_and_one_round_are_said_in_the_singular_in_english(tmp_path: Path, capsys) -> None:
    out, said = played(tmp_path, "en", capsys)
    club = text_of(out / "events/club/index.html")
    assert "Pairs · 1 board ·" in club  # the stage's facts (boards_n)
    assert "The bracket has 2 places and 1 round." in text_of(out / "events/cup/ko/index.html")
    assert said.count("paibang: round 1 (1 table) written to") == 3
    assert "knockout ko is finished: its one round is drawn" in said
    assert "stage rr has 1 round, already drawn" in said
    everything = said + "".join(text_of(page) for page in out.rglob("*.html"))
    # (not the N−1 of "N entries play N−1 rounds")
    assert not re.findall(r"(?<![\w\u2212-])1 (boards|rounds|tables|entries|events|pages|results)\b", everything)


def test_the_same_counts_read_in_chinese_as_they_did(tmp_path: Path, capsys) -> None:
    """Chinese has one form: the words the English fix touched say in zh-Hans what they said."""
    out, said = played(tmp_path, "zh-Hans", capsys)
    assert "双人赛 · 1 副 ·" in text_of(out / "events/club/index.html")
    assert "对阵图有 2 个位置，共 1 轮。" in text_of(out / "events/cup/ko/index.html")
    assert said.count("paibang: 第 1 轮对阵（1 桌）已写入") == 3


@pytest.mark.parametrize(("code", "params", "one", "many"), [
    ("pair-mitchell-odd", {"stage": "s", "count": 1}, "stage s has 1 pair: a Mitchell", "stage s has 3 pairs: a Mitchell"),
    ("knockout-field-small", {"id": "ko", "count": 1}, "knockout ko has 1 entry;", "knockout ko has 3 entries;"),
    ("knockout-rounds", {"id": "ko", "count": 2, "rounds": 1, "expected": 1},
     "a bracket of 1 round, but 1 was expected", "a bracket of 3 rounds, but 3 were expected"),
    ("bridge-board-count", {"table": 2, "count": 1, "boards": 3}, "table 2 records 1 board;", "table 2 records 3 boards;"),
    ("entry-team-short", {"id": "T01", "name": "x", "count": 1, "stage": "s", "size": 4, "file": "f"},
     "has 1 player, and stage s", "has 3 players, and stage s"),
    ("round-robin-partial", {"stage": "s", "count": 3, "full": 3, "rounds": 1}, "ranked after 1 round,", "ranked after 3 rounds,"),
])
def test_a_problem_counts_one_in_the_singular(code: str, params: dict[str, object], one: str, many: str) -> None:
    """The problems' messages (messages.po): one of a count in the singular, more in the plural;
    the Chinese the same for both but the figure."""
    from generator.games import GAMES  # noqa: F401 - the games' codes (bridge-board-count) are collected with them

    counted = {name: 3 if value == 1 and name != "stage" else value for name, value in params.items()}
    assert one in render_message(code, "en", params)[0]
    assert many in render_message(code, "en", counted)[0]
    for locale in LOCALES[:2]:
        chinese, more = render_message(code, locale, params)[0], render_message(code, locale, counted)[0]
        assert re.sub(r"\d+", "N", chinese) == re.sub(r"\d+", "N", more), (chinese, more)
