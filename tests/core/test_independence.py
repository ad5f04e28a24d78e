"""The rules import nothing but the standard library and the kernel below them (``bitboard``)."""

from __future__ import annotations

import subprocess
import sys


def test_core_imports_without_pygame_or_any_other_package() -> None:
    # A fresh interpreter in which importing any of these packages fails.
    code = (
        "import sys\n"
        "for name in ('pygame', 'PIL', 'platformdirs', 'numpy', 'sqlite3'):\n"
        "    sys.modules[name] = None\n"
        "import starpusher.core, starpusher.history\n"
        "print(*sorted(m for m in sys.modules if m.split('.')[0] == 'starpusher'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr  # the rules asked for a package they must not need
    imported = done.stdout.split()
    assert "starpusher.core.sokoban" in imported
    below = ("starpusher.core", "starpusher.history", "starpusher.bitboard")  # the kernel is below the rules
    others = [name for name in imported if not name.startswith(below)]
    assert others == ["starpusher"]  # nothing of the rest of the program comes along
