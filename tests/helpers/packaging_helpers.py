"""What the packaging tests share: the checkout, and running a program as a player would.

A player's program runs from a folder of their own, with none of the developer's
Python settings: :func:`player_environment` is the test's environment (the private
data folder of ``tests/conftest.py`` included) less ``PYTHONPATH``, ``PYTHONHOME``
and the active virtual environment.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION: str = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
#: Three small levels, for commands that read a file and for the solver's workers (one job each).
LEVELS = "#######\n#@ $ .#\n#######\n\n########\n#@ $  .#\n########\n\n#####\n#@$.#\n# $.#\n#####\n"


def player_environment(**settings: str) -> dict[str, str]:
    """The environment a player's program starts with, plus ``settings``."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    }
    environment.update(settings)
    return environment


def run(
    command: Sequence[str | Path], cwd: Path, environment: Mapping[str, str], timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=dict(environment),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def ran(result: subprocess.CompletedProcess[str]) -> str:
    """What a command printed, for an assertion's message."""
    return f"exit status {result.returncode}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"


#: The animations a packaged program writes of a built-in level's solution, and how each file begins.
ANIMATIONS = {"solution.gif": b"GIF89a", "solution.webp": b"RIFF", "solution.png": b"\x89PNG\r\n\x1a\n"}


def assert_animations_written(starpusher: Callable[..., str], folder: Path) -> None:
    """``render --animate`` of level 3 of ``original`` in each format: Pillow and its libraries are there.

    An APNG says it is animated (an ``acTL`` chunk) before its first frame; a WebP names its
    animation chunk (``ANIM``).
    """
    for name, start in ANIMATIONS.items():
        starpusher("render", "original", "--level", "3", "--animate", "-o", name)
        written = (folder / name).read_bytes()
        assert written.startswith(start), name
    assert b"acTL" in (folder / "solution.png").read_bytes()[:200]
    assert b"ANIM" in (folder / "solution.webp").read_bytes()[:200]
