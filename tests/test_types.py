"""The package, its tests, benchmarks and tools pass the static type checker, strictly
(configured in pyproject.toml).

A name that moves and leaves an import behind, a None that reaches code
expecting a value: the checker finds these before a player does. In the
tests it finds a helper called with what it no longer takes, and a
``type: ignore`` that no longer ignores anything.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_finds_nothing() -> None:
    mypy = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    assert Path(mypy).exists(), "mypy is not installed: pip install '.[test]'"
    result = subprocess.run(
        [mypy, "--cache-dir", str(ROOT / ".mypy_cache")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
