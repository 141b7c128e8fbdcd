"""A fifth game is one package: the toy high-card game of tests/toygame/ (its module and its
table template, nothing else) is registered for this test only, and the commands play it
through — `new`, `import`, `pair`, `check`, `build` and the schema — without any file of
paibang naming it. The shipped schema and `new --game` know only the shipped games."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path


from generator.cli import main, parser
from generator.content.schema import SCHEMA_DIR, event_schema
from generator.games import GAMES, Game


ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("bridge", "guandan", "daguai", "shengji")


def test_a_toy_game_is_played_through_every_command(high_card: Game, tmp_path: Path, capsys) -> None:
    content, output = tmp_path / "site", tmp_path / "out"
    assert main(["init", str(content)]) == 0
    assert main(["new", "cards-2026", "--game", "highcard", "--content", str(content)]) == 0
    event_yaml = content / "events/cards-2026/event.yaml"
    assert "highcard 比大小" in event_yaml.read_text(encoding="utf-8")  # the game's `choice` in new's comment

    sheet = tmp_path / "报名表.csv"
    sheet.write_text("姓名,队名\n王小明,甲\n李华,乙\n张伟,丙\n刘洋,丁\n", encoding="utf-8")
    assert main(["import", "cards-2026", str(sheet), "--content", str(content)]) == 0
    entries = (content / "events/cards-2026/entries.yaml").read_text(encoding="utf-8")
    assert "C01" in entries and "C04" in entries  # the game's id prefix

    assert main(["pair", "cards-2026", "main", "--content", str(content)]) == 0
    round_file = content / "events/cards-2026/results/round-1.yaml"
    text = round_file.read_text(encoding="utf-8")
    assert text.count("# cards: [K, 9]") == 2  # the game's table form, as a hint
    round_file.write_text(text.replace("# cards: [K, 9]", "cards: [K, 9]", 1).replace("# cards: [K, 9]", "cards: [3, A]"),
                          encoding="utf-8")
    assert main(["check", "--content", str(content)]) == 0

    assert main(["build", "--content", str(content), "--output", str(output)]) == 0
    page = (output / "events/cards-2026/main/round-1/index.html").read_text(encoding="utf-8")
    assert '<span class="card">K</span>' in page and '<span class="card">A</span>' in page
    results = json.loads((output / "events/cards-2026/results.json").read_text(encoding="utf-8"))
    assert results["event"]["game"] == "highcard"

    # its own message, in the site's words
    round_file.write_text(round_file.read_text(encoding="utf-8").replace("cards: [3, A]", "cards: [3, Z]"), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "--content", str(content)]) == 1
    assert "Z 不是一张牌" in capsys.readouterr().err

    schema = event_schema()
    assert "highcard" in schema["properties"]["game"]["enum"]
    assert "highcard 比大小" in schema["properties"]["game"]["description"]


def test_the_toy_game_is_not_shipped() -> None:
    assert tuple(GAMES) == SHIPPED
    shipped = json.loads((SCHEMA_DIR / "event.schema.json").read_text(encoding="utf-8"))
    assert shipped["properties"]["game"]["enum"] == sorted(SHIPPED)
    assert "highcard" not in (SCHEMA_DIR / "event.schema.json").read_text(encoding="utf-8")
    new = next(a for a in parser("en")._subparsers._group_actions[0].choices["new"]._actions if a.dest == "game")
    assert new.help == "bridge, guandan, daguai or shengji"


def test_no_other_file_names_the_toy_game() -> None:
    named = [path for folder in ("generator", "templates", "schema", "content", "tests")
             for path in (ROOT / folder).rglob("*") if path.is_file() and path.suffix in (".py", ".html", ".json", ".yaml", ".md")
             and "highcard" in path.read_text(encoding="utf-8", errors="replace")
             and ROOT / "tests/toygame" not in path.parents and path != Path(__file__)]
    assert named == []


# --- the contract is the only way to a game ----------------------------------------------------

HOOKS = sorted(name for name in vars(Game) if not name.startswith("_"))


def test_no_getattr_for_a_game_hook() -> None:
    """Callers use the hooks `Game` declares; `getattr(game, "travellers", None)` would hide a
    hook nobody wrote down."""
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and (node.args[1].value in HOOKS or node.args[1].value in ("MESSAGES", "UI_WORDS", "RULES_HOOKS"))):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.args[1].value}")
    assert "travellers" in HOOKS and "entry_fields" in HOOKS and "table_form" in HOOKS
    assert found == []


def test_no_catalogue_update_at_import_time() -> None:
    """Messages are data the registry collects (Game.messages, messages.add_codes when the games
    are found): no module adds to the catalogue as it is imported."""
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module-level statements only: they run at import
            for call in ast.walk(node):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and call.func.attr in ("update", "setdefault", "__setitem__")
                        and isinstance(call.func.value, ast.Name) and call.func.value.id == "CATALOGUE"
                        and not isinstance(node, (ast.FunctionDef, ast.ClassDef))):
                    found.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert found == []


def test_a_game_is_registered_by_being_a_module_with_rules() -> None:
    """No list of games anywhere: the registry finds the four modules under games/ that
    define RULES, in their `position`."""
    source = (ROOT / "generator/games/__init__.py").read_text(encoding="utf-8")
    assert not re.search(r'"bridge",\s*"guandan"', source)
    assert all(isinstance(game, Game) for game in GAMES.values())


def test_a_round_robins_disqualified_entry_is_written_as_its_forfeit(tmp_path: Path) -> None:
    """A game whose forfeit is a disqualification (as bridge's seed tables, seed 000 十.1, 取消其
    参赛资格: out of the ranking; here the tests' high-card game so made) in a round robin: C04's
    forfeit in round 1 puts it out. The Berger schedule still meets it; `pair` listed it as left
    out (未编入（已取消资格）) yet wrote its later tables as ordinary matches, pending for ever. It is
    out of the stage as a withdrawn entry is: its tables are written as its forfeit, said so,
    and the stage completes without them."""
    from generator.build import validate
    from tests.toygame import HighCardRules

    class Disqualifying(HighCardRules):
        name = "highcard-dq"

        def score_table(self, table, stage, state):  # noqa: ANN001, ANN201
            score = super().score_table(table, stage, state)
            for side in score.sides:
                side.disqualified = side.entry == table.forfeit
            return score

    game = Disqualifying()
    GAMES.register(game)
    try:
        content = tmp_path / "content"
        folder = content / "events" / "cup"
        folder.mkdir(parents=True)
        (content / "site.yaml").write_text("title: 牌榜\nlocale: zh-Hans\n", encoding="utf-8")
        entries = "".join(f"  - {{id: C0{i}, players: [甲{i}]}}\n" for i in range(1, 5))
        (folder / "event.yaml").write_text(
            f"title: 小赛\ngame: {game.name}\ndate: 2026-01-10\ndraw_seed: 1\nentries:\n{entries}"
            "stages:\n  - {id: main, format: round_robin, rounds: 3, rank_by: [wins, lot]}\n", encoding="utf-8")
        assert main(["pair", "cup", "main", "--content", str(content)]) == 0
        (path,) = (folder / "results").glob("*.yaml")
        text = path.read_text(encoding="utf-8")
        for home, away in re.findall(r"    home: (C\d+)\n    away: (C\d+)\n", text):
            record = "    forfeit: C04\n" if "C04" in (home, away) else "    cards: [K, 9]\n"
            text = text.replace(f"    home: {home}\n    away: {away}\n", f"    home: {home}\n    away: {away}\n{record}")
        path.write_text(text, encoding="utf-8")
        assert main(["pair", "cup", "main", "--content", str(content), "--all"]) == 0
        for number in (2, 3):
            (written,) = (folder / "results").glob(f"*round-{number}.yaml")
            text = written.read_text(encoding="utf-8")
            (block,) = [b for b in text.split("  - table:") if ": C04\n" in b]
            assert "C04 已取消资格：本桌判 C04 弃权，不必比赛" in block and "    forfeit: C04\n" in block
            text = re.sub(r"(    home: C0[123]\n    away: C0[123]\n)", r"\1    cards: [K, 9]\n", text)
            written.write_text(text, encoding="utf-8")
        _, results, _ = validate(content)
        stage = results[0].stages[0]
        assert stage.status == "complete"
        assert next(s for s in stage.standings if s.entry.id == "C04").rank is None  # out of the ranking
    finally:
        del GAMES[game.name]
