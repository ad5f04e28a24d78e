"""The kernel's place in the house, and the arrows above it, read from the source itself.

* ``starpusher.bitboard`` sits on the floor: it imports the standard library
  and itself, nothing of the package above it (the rules import it);
* the searches (the solver, the optimizer, the generator) import nothing of
  the store: where tables live is their caller's to say;
* it is the one home of the flood, the walks and the push and pull
  generator. Outside it, no loop grows a set of squares a step at a time:
  neither a bitset shifted by a square and by a row over and over (a flood,
  or a walk of rings), nor squares whose neighbours are looked at one by one
  (a flood or a walk, square by square), nor a set of stars moved by each
  direction until it grows no more (where a lone star can go); and no loop
  takes the targets of a shifted set of stars bit by bit (a push or pull
  generator).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "starpusher"
KERNEL = "starpusher.bitboard"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
TREES = {module: ast.parse(path.read_text(encoding="utf-8")) for module, path in MODULES.items()}
OUTSIDE = sorted(module for module in MODULES if not module.startswith(KERNEL))
INSIDE = sorted(module for module in MODULES if module.startswith(KERNEL))


def imports(module: str) -> Iterator[str]:
    """The modules an import statement of ``module`` names, absolute (relative ones resolved)."""
    is_package = MODULES[module].name == "__init__.py"
    for node in ast.walk(TREES[module]):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")
                parent = parts[: len(parts) - node.level + (1 if is_package else 0)]
                base = ".".join([*parent, *([base] if base else [])])
            yield base


@pytest.mark.parametrize("module", INSIDE)
def test_the_kernel_imports_the_standard_library_and_itself_only(module: str) -> None:
    wrong = [
        name
        for name in imports(module)
        if not (name == KERNEL or name.startswith(KERNEL + "."))
        and name.split(".")[0] not in sys.stdlib_module_names
    ]
    assert not wrong, f"{module} imports {wrong}"


SEARCHES = ("starpusher.solver", "starpusher.optimize", "starpusher.generate")


@pytest.mark.parametrize("module", [m for m in MODULES if m.startswith(SEARCHES)])
def test_the_searches_import_nothing_of_the_store(module: str) -> None:
    wrong = [
        name for name in imports(module) if name == "starpusher.store" or name.startswith("starpusher.store.")
    ]
    assert not wrong, f"{module} imports {wrong}"


# -- what a copy of a kernel algorithm looks like -------------------------------------------


def loops(tree: ast.AST) -> Iterator[ast.While | ast.For]:
    yield from (node for node in ast.walk(tree) if isinstance(node, ast.While | ast.For))


def _shift_amount(node: ast.AST) -> str | None:
    """``"1"``, ``"width"`` or ``"delta"`` for a shift by one square, one row or a direction."""
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, ast.LShift | ast.RShift):
        return None
    amount = node.right.operand if isinstance(node.right, ast.UnaryOp) else node.right
    if isinstance(amount, ast.Constant) and amount.value == 1:
        return "1"
    name = amount.attr if isinstance(amount, ast.Attribute) else getattr(amount, "id", "")
    return name if name in ("width", "delta") else None


def steps_a_set_of_squares(loop: ast.AST) -> bool:
    """A loop shifting one set by a square and by a row: growing it a ring at a time."""
    amounts: dict[str, set[str]] = {}
    for node in ast.walk(loop):
        amount = _shift_amount(node)
        if amount in ("1", "width"):
            assert isinstance(node, ast.BinOp)
            amounts.setdefault(ast.dump(node.left), set()).add(amount)
    return any(found == {"1", "width"} for found in amounts.values())


def visits_neighbours_one_by_one(loop: ast.AST) -> bool:
    """A loop, as long as squares are left to look at, looking at their four neighbours one by one."""
    if not isinstance(loop, ast.While):
        return False
    return any(
        isinstance(node, ast.For)
        and (
            (isinstance(node.iter, ast.Name) and node.iter.id == "Direction")
            or (isinstance(node.iter, ast.Tuple | ast.List) and len(node.iter.elts) == 4)
            or _names_steps(node.iter)
        )
        for node in ast.walk(loop)
    ) or any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "neighbour"
        for node in ast.walk(loop)
    )


def _names_steps(node: ast.AST) -> bool:
    """``offsets``, ``deltas``, ``board.deltas`` or ``offsets.items()``: the four steps by name."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        node = node.func.value
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("offsets", "deltas")


def spreads_stars_a_step_at_a_time(loop: ast.AST) -> bool:
    """A loop, as long as something grows, moving a set of stars by each direction."""
    return isinstance(loop, ast.While) and any(
        _shift_amount(node) == "delta"
        or (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "shift")
        for node in ast.walk(loop)
    )


def takes_pushes_bit_by_bit(loop: ast.AST) -> bool:
    """A loop taking the lowest bit of a set again and again, the targets of a direction ``delta``."""
    lowest_bits = any(
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.BitAnd)
        and isinstance(node.right, ast.UnaryOp)
        and isinstance(node.right.op, ast.USub)
        and ast.dump(node.left) == ast.dump(node.right.operand)
        for node in ast.walk(loop)
    )
    by_direction = any(isinstance(node, ast.Name) and node.id == "delta" for node in ast.walk(loop))
    return lowest_bits and by_direction


COPIES = {
    "grows a set of squares ring by ring": steps_a_set_of_squares,
    "visits neighbours square by square": visits_neighbours_one_by_one,
    "spreads stars a step at a time": spreads_stars_a_step_at_a_time,
    "generates pushes bit by bit": takes_pushes_bit_by_bit,
}


def copies_in(tree: ast.AST) -> list[str]:
    found: list[str] = []
    for loop in loops(tree):
        found.extend(f"line {loop.lineno}: {what}" for what, looks_like in COPIES.items() if looks_like(loop))
    return found


@pytest.mark.parametrize("module", OUTSIDE)
def test_no_module_outside_the_kernel_writes_its_own_flood_walk_or_push_generator(module: str) -> None:
    found = copies_in(TREES[module])
    assert not found, f"{module}: {found}; use starpusher.bitboard"


# -- the rules see what they judge ------------------------------------------------------------

#: Before the kernel, written where they were used (shortened): each must be caught.
OLD_COPIES = {
    "the solver's flood": """
def flood(seed, free, width):
    region = seed
    while True:
        grown = region | ((region >> 1 | region << width | region >> width) & free)
        grown |= ((free + grown) ^ free) & free
        if grown == region:
            return region
        region = grown
""",
    "the optimizer's walk lengths": """
def walk_lengths(player, free, wanted, width):
    ring = seen = 1 << player
    while True:
        ring = (ring << 1 | ring >> 1 | ring << width | ring >> width) & free & ~seen
        seen |= ring
""",
    "the window's walk": """
def walk_path(level, state, target):
    queue = deque([state.player])
    while queue:
        square = queue.popleft()
        for direction in Direction:
            nxt = level.neighbour(square, direction)
""",
    "the editor's player area": """
def player_area(sketch, player):
    todo = [player]
    while todo:
        x, y = todo.pop()
        for near in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            pass
""",
    "the backward search's pulls": """
def run(self):
    for direction, delta in enumerate(deltas):
        targets = pull_targets(boxes, reach, alive, delta)
        while targets:
            target_bit = targets & -targets
            targets ^= target_bit
            origin = (target_bit.bit_length() - 1) - delta
""",
    "the solver's walk": """
def _walk(level, start, goal, boxes):
    frontier = [start]
    while frontier:
        next_frontier = []
        for square in frontier:
            for direction in Direction:
                step = level.neighbour(square, direction)
""",
    "the deadlocks' spread of stars": """
def cuts_off_goals(board, frozen, boxes):
    while True:
        grown = region
        for delta, behind_open in movers:
            if delta > 0:
                grown |= (region & behind_open) << delta
""",
    "the corral search's pushes": """
def pushes(boxes, movable, reach, into, deltas):
    for direction, delta in enumerate(deltas):
        targets = ((movable & (reach << delta)) << delta) & into
        while targets:
            target_bit = targets & -targets
""",
}


@pytest.mark.parametrize("name", OLD_COPIES)
def test_the_rules_catch_the_copies_there_were(name: str) -> None:
    """A check that finds nothing passes for nothing: each copy there was must be found."""
    assert copies_in(ast.parse(OLD_COPIES[name]))


def test_the_kernel_itself_holds_what_the_rules_look_for() -> None:
    for module in (
        "starpusher.bitboard.flood",
        "starpusher.bitboard.walks",
        "starpusher.bitboard.pushes",
        "starpusher.bitboard.lone_star",
    ):
        assert copies_in(TREES[module]), module
    assert any(KERNEL in set(imports(module)) for module in OUTSIDE if module.startswith("starpusher.core"))
