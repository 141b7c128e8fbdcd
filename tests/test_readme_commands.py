"""The README's table of commands against the command line itself.

A secretary reads the README's rows, not `--help`: an option the row names that the command no
longer takes, or one the command takes that no row names, sends them wrong. Each row's syntax
(the code span opening the row) is read back and compared with the command's parser.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator import cli
from generator.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
# `--lang` has a row of its own (before or after any command); `-h` is argparse's.
TOLD_ONCE_FOR_ALL = {"--lang", "-h", "--help"}


def _rows() -> dict[str, list[str]]:
    """Each command's syntax spans (import has two rows: registrations and a bridge file)."""
    rows: dict[str, list[str]] = {}
    for name, syntax in re.findall(r"^\| `paibang (\w+)([^`]*)`", README, re.M):
        rows.setdefault(name, []).append(syntax.replace("\\|", "|"))
    return rows


ROWS = _rows()
COMMANDS = cli.parser("en").commands


def _options(syntax: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", syntax))


def test_every_command_has_a_row_and_every_row_a_command() -> None:
    assert set(ROWS) == set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_commands_row_names_exactly_the_options_it_takes(name: str) -> None:
    told = set().union(*(_options(syntax) for syntax in ROWS[name]))
    untold, unknown = [], set(told)
    for action in COMMANDS[name]._actions:
        strings = set(action.option_strings)
        if not strings or strings & TOLD_ONCE_FOR_ALL:
            continue
        if not strings & told:
            untold.append(action.option_strings[-1])
        unknown -= strings
    assert not untold, f"paibang {name} takes {untold}, which its README row does not name"
    assert not unknown, f"the README row of paibang {name} names {sorted(unknown)}, which it does not take"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_choices_and_defaults_a_row_gives_are_the_commands(name: str) -> None:
    parser = COMMANDS[name]
    for syntax in ROWS[name]:
        for option, values in re.findall(r"(--?[a-z][\w-]*) ([\w-]+(?:\|[\w-]+)+)", syntax):
            action = next(a for a in parser._actions if option in a.option_strings)
            if option == "--game":  # checked against the games that have an example, not by argparse
                choices = [game for game, rules in GAMES.items() if rules.example]
            else:
                choices = list(action.choices)
            assert sorted(values.split("|")) == sorted(choices), (name, option)
        for option, number in re.findall(r"\[(--?[a-z][\w-]*) (\d+)\]", syntax):
            action = next(a for a in parser._actions if option in a.option_strings)
            assert action.default == int(number), (name, option)
