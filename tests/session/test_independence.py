"""The sessions are the games' middle end: they import no pygame, and nothing of a front end."""

from __future__ import annotations

import subprocess
import sys


def imported_by(code: str) -> list[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    code += "\nimport sys\nprint(*sorted(sys.modules))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_session_package_imports_without_pygame() -> None:
    imported = imported_by(
        "import starpusher.session, starpusher.session.fifteen, starpusher.session.positions"
    )
    assert "starpusher.session.play" in imported
    assert "pygame" not in imported
    assert [name for name in imported if name.startswith(("starpusher.gui", "starpusher.tui"))] == []


def test_even_with_pygame_missing_the_sessions_work() -> None:
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "from starpusher.levels import parse_collection\n"
        "from starpusher.session import MemoryProgress, PlaySession\n"
        "from starpusher.background import TaskRunner\n"
        "level = parse_collection('#######\\n#@ $ .#\\n#######\\n', 'x').levels[0]\n"
        "tasks = TaskRunner(lambda task: None)\n"
        "game = PlaySession(level, MemoryProgress(), say=lambda text, seconds: None, tasks=tasks)\n"
        "for letter in 'rrr':\n"
        "    game.walk(letter)\n"
        "game.play_queued(all_of_them=True)\n"
        "tasks.shutdown()\n"
        "print(game.solved, game.moves)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True rRR\n"  # played to the end and solved
