"""The layers of generator/ import one way: content -> games -> tournament -> render -> commands.

Every import statement of every module under generator/ is read with `ast`: those at the top,
those inside functions, and those under `if TYPE_CHECKING:` too. A type-only import is still a
statement a reader follows to understand the module, and it turns into a real import the day
someone needs the name at run time, so it counts like any other.

An import names the module it reaches: `from generator.games import bridge` reaches
generator.games.bridge, `from generator.games import GAMES` reaches generator.games (the
package's __init__). Importing a submodule also runs its packages' __init__ files; that
implicit step is not counted, or every package that lists its own modules would be a circle.
Imports built from strings (`importlib.import_module(f"...")`) are not statements and are not
read.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"

# A layer may not import the layers listed against it.
FORBIDDEN = {
    "content": ("tournament", "render"),
    "games": ("tournament", "render", "commands", "interchange", "desk"),
    "tournament": ("render",),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> list[tuple[str, int]]:
    """The generator modules one module imports, with the line of each statement."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            # `import generator.games.bridge` reaches bridge; anything else reaches the
            # longest known module it names.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target:
                found.append((target, node.lineno))
    return sorted(set(found), key=lambda edge: (edge[1], edge[0]))


def layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def graph() -> dict[str, list[tuple[str, int]]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def test_layers_import_one_way():
    wrong = []
    for name, edges in graph().items():
        for target, line in edges:
            if layer(target) in FORBIDDEN.get(layer(name), ()):
                wrong.append(f"{name}:{line} imports {target} ({layer(name)} may not import {layer(target)})")
    assert not wrong, "\n".join(wrong)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), or a module
    importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles():
    edges = {name: {target for target, _ in targets} for name, targets in graph().items()}
    circles = cycles(edges)
    assert not circles, "\n".join(" <-> ".join(circle) for circle in circles)


def test_the_reader_finds_imports_everywhere(tmp_path):
    """The checks above are only as good as the reading: a function-level import, a
    TYPE_CHECKING import and a relative one are all found."""
    source = tmp_path / "generator" / "games" / "sample.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from generator.render.html import TEMPLATES\n"
        "def later():\n"
        "    import generator.tournament.event\n"
        "from . import bridge\n"
        "from ..content import model\n",
        encoding="utf-8",
    )
    known = {"generator.render.html", "generator.tournament.event", "generator.games.bridge",
             "generator.content.model", "generator.games.sample"}
    found = [target for target, _ in imports_of("generator.games.sample", source, known)]
    assert found == ["generator.render.html", "generator.tournament.event",
                            "generator.games.bridge", "generator.content.model"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
