"""The code base stays ruff clean (the linter comes with the test extra), in modules and classes
of a size one can read."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install '.[test]')")
    result = subprocess.run(
        [ruff, "check", "src", "tests", "bench", "tools"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


#: The most lines a module of the package may have, and a class: beyond them a file holds
#: more than one concern, and a newcomer reads a room where they should read a shelf.
MODULE_LINES = 600
CLASS_LINES = 400


def test_no_module_over_600_lines_and_no_class_over_400() -> None:
    """Every module and every class of the package, nothing excluded (a class counts from its
    ``class`` line to its last, nested classes included in their owner)."""
    too_long = []
    for path in sorted((ROOT / "src" / "starpusher").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT / "src").as_posix()
        lines = len(text.splitlines())
        if lines > MODULE_LINES:
            too_long.append(f"{name}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > CLASS_LINES:
                    too_long.append(f"{name}: class {node.name}, {length} lines")
    assert not too_long, "\n".join(too_long)
