"""The rules import nothing but the standard library and the kernel below them (``bitboard``)."""

from __future__ import annotations

import subprocess
import sys


def test_core_imports_without_pygame_or_any_other_package() -> None:
    code = (
        "import sys\n"
        "for name in ('pygame', 'platformdirs', 'numpy', 'sqlite3'):\n"
        "    sys.modules[name] = None\n"
        "import starpusher.core, starpusher.history\n"
        "allowed = ('starpusher.core', 'starpusher.history', 'starpusher.bitboard')\n"
        "extra = sorted(m for m in sys.modules if m.split('.')[0] == 'starpusher'\n"
        "               and not m.startswith(allowed))\n"
        "assert extra == ['starpusher'], extra\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
