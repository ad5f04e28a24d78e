"""The sessions are the games' middle end: they import no pygame, and nothing of a front end."""

from __future__ import annotations

import subprocess
import sys


def test_the_session_package_imports_without_pygame() -> None:
    code = (
        "import sys\n"
        "import starpusher.session\n"
        "import starpusher.session.fifteen, starpusher.session.positions\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "front = sorted(m for m in sys.modules if m.startswith(('starpusher.gui', 'starpusher.tui')))\n"
        "assert not front, front\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


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
        "assert game.solved and game.moves == 'rRR', game.moves\n"
        "tasks.shutdown()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
