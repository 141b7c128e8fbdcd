"""What a phone types at the desk is written to the results file in the one spelling the game
has and the pages show (content-format.md), not as typed: the secretary's file and any script
reading it see `J`, `A+`, `85`, `3NT N =`, `D01 8`. Each game's form contract (Game.entry_record)
does it; text that is no record is kept as typed, for the check to name it."""

from __future__ import annotations

from generator.games import GAMES


def test_guandan_levels_are_written_in_the_standard_spelling() -> None:
    record = GAMES["guandan"].entry_record(["T36", "T11"], {"level_a": "J", "level_b": "j"})
    assert record == {"levels": {"T36": "J", "T11": "J"}}
    record = GAMES["guandan"].entry_record(["T06", "T19"], {"level_a": "\u8fc7A", "level_b": "A"})
    assert record == {"levels": {"T06": "A+", "T19": "A"}}
    record = GAMES["guandan"].entry_record(["T27", "T24"], {"level_a": "\uff31", "level_b": "\uff11\uff10"})
    assert record == {"levels": {"T27": "Q", "T24": 10}}
    # a room of a teams-of-four match, the same
    record = GAMES["guandan"].entry_record(["T01", "T02"], {"open_level_a": "k", "open_level_b": "\u904eA"})
    assert record == {"rooms": {"open": {"levels": {"T01": "K", "T02": "A+"}}}}
    # no level: kept as typed, for the check to say so
    assert GAMES["guandan"].entry_record(["T01", "T02"], {"level_a": "Z", "level_b": "9"}) == {
        "levels": {"T01": "Z", "T02": 9}}


def test_shengji_full_width_points_are_written_as_numbers() -> None:
    record = GAMES["shengji"].entry_record(["H1", "A1"], {"b1_open": "\uff18\uff15", "b1_closed": "60+25\u00d72",
                                                          "b2_open": "\uff0d\uff15"})
    assert record == {"boards": {1: {"open": 85, "closed": {"tricks": 60, "kitty": 25, "x": 2}}, 2: {"open": -5}}}


def test_bridge_contracts_are_written_in_the_grammars_spelling() -> None:
    record = GAMES["bridge"].entry_record(["1", "2"], {"b1": "3nt n =", "b2": "4Sx s -2", "b3": "PASS",
                                                      "b4": "4S N = 999 oops"})
    assert record == {"boards": {1: "3NT N =", 2: "4SX S -2", 3: "pass", 4: "4S N = 999 oops"}}
    record = GAMES["bridge"].entry_record(["H", "A"], {"b5_open": "4h s =", "b5_closed": "3nt e +1"})
    assert record == {"boards": {5: {"open": "4H S =", "closed": "3NT E +1"}}}


def test_daguai_rooms_are_written_with_the_tables_team_and_one_space() -> None:
    record = GAMES["daguai"].entry_record(["D01", "D07"], {"b1_open": "d01 8", "b1_closed": "\uff24\uff10\uff17\u3000\uff18",
                                                          "b2_open": "D01 eight"})
    assert record == {"boards": {1: {"open": "D01 8", "closed": "D07 8"}, 2: {"open": "D01 eight"}}}
