"""The rules of the house for ``starpusher.gui``, read from the imports of the source itself.

* a window kit (``gui.kit``) that imports no game, and names none;
* one package per game (``gui.sokoban``, ``gui.fifteen``, the level editor
  ``gui.editor``); a game imports no other game, except that Fifteen is
  dressed in Star Pusher's blocks (``gui.sokoban.art``) and the editor borrows
  Star Pusher's art, board, packing plan, play scene and window (:data:`BORROWED`);
* nothing in ``gui`` imports the command line: the command line opens the window;
* no import inside a function (there is never a circle to dodge) and no
  circle of imports anywhere in the package;
* what a game keeps goes through ``starpusher.store``: no JSON is made in ``gui``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "starpusher"
GAMES = ("starpusher.gui.sokoban", "starpusher.gui.fifteen", "starpusher.gui.editor")
#: The imports between games: (importer's game, the module it may use of another).
#: Fifteen is dressed in Star Pusher's blocks; the level editor draws with Star
#: Pusher's art and board (and its packing plan), tests its level in Star Pusher's
#: play scene, and works in Star Pusher's window (the open collection, the editor hook).
BORROWED = {
    ("starpusher.gui.fifteen", "starpusher.gui.sokoban.art"),
    ("starpusher.gui.editor", "starpusher.gui.sokoban.art"),
    ("starpusher.gui.editor", "starpusher.gui.sokoban.board"),
    ("starpusher.gui.editor", "starpusher.gui.sokoban.plan"),
    ("starpusher.gui.editor", "starpusher.gui.sokoban.play"),
    ("starpusher.gui.editor", "starpusher.gui.sokoban.window"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules of the package that an import statement brings in."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in MODULES)
        return
    base = node.module or ""
    if node.level:
        is_package = MODULES[module].name == "__init__.py"
        parent = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
        base = ".".join([*parent, *([base] if base else [])])
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        if submodule in MODULES:
            yield submodule
        elif base in MODULES:
            yield base


def imports_of(module: str) -> list[tuple[str, ast.AST, bool]]:
    """(imported module, statement, whether it sits inside a function) for each import."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: list[tuple[str, ast.AST, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.extend((target, child, in_function) for target in imported(module, child))
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(tree, False)
    return found


GRAPH = {module: {target for target, _, _ in imports_of(module)} for module in MODULES}
GUI = sorted(module for module in MODULES if module.startswith("starpusher.gui"))


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def game_of(module: str) -> str | None:
    return next((game for game in GAMES if within(module, game)), None)


@pytest.mark.parametrize("module", GUI)
def test_the_window_never_imports_the_command_line(module: str) -> None:
    assert not [target for target in GRAPH[module] if within(target, "starpusher.cli")]


@pytest.mark.parametrize("module", [m for m in GUI if within(m, "starpusher.gui.kit")])
def test_the_window_kit_imports_no_game(module: str) -> None:
    games = [t for t in GRAPH[module] if within(t, "starpusher.gui") and not within(t, "starpusher.gui.kit")]
    assert not games, f"{module} imports {games}"


@pytest.mark.parametrize("module", [m for m in GUI if within(m, "starpusher.gui.kit")])
def test_the_window_kit_names_no_game(module: str) -> None:
    """Not in an import, a setting, a word of a docstring: each game brings its own to the kit."""
    text = MODULES[module].read_text(encoding="utf-8").lower()
    words = ("sokoban", "star pusher", "endless", "fifteen", "editor", "flat_view", "level", "solution")
    named = [word for word in words if word in text]
    assert not named, f"{module} names {named}"


@pytest.mark.parametrize("module", [m for m in GUI if game_of(m)])
def test_a_game_imports_no_other_game(module: str) -> None:
    game = game_of(module)
    others = [
        target
        for target in GRAPH[module]
        if game_of(target) not in (None, game) and (game, target) not in BORROWED
    ]
    assert not others, f"{module} imports {others}"


@pytest.mark.parametrize("module", GUI)
def test_no_import_inside_a_function(module: str) -> None:
    nested = [ast.unparse(node) for _, node, in_function in imports_of(module) if in_function]
    assert not nested, f"{module}: {nested}"


@pytest.mark.parametrize("module", GUI)
def test_no_json_is_made_in_the_window(module: str) -> None:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert "json" not in names, f"{module} imports json: what a game keeps goes through the store"


def test_no_circle_of_imports_in_the_package() -> None:
    """Depth-first search for a back edge; the message shows the circle."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(GRAPH[module]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (circle := visit(target)):
                return circle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(MODULES):
        if module not in state:
            circle = visit(module)
            assert circle is None, " -> ".join(circle)


def test_the_rules_see_the_imports_they_judge() -> None:
    """A check that reads nothing passes for nothing: the graph must hold the arrows we know of."""
    assert "starpusher.gui.kit.window" in GRAPH["starpusher.gui.sokoban.window"]
    assert "starpusher.gui.sokoban.art" in GRAPH["starpusher.gui.fifteen.art"]
    assert "starpusher.gui.fifteen" in GRAPH["starpusher.gui.app"]
    assert any(within(target, "starpusher.gui") for target in GRAPH["starpusher.cli.play"])
