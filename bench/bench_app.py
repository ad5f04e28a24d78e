"""Size and start-up time of the stand-alone program that ``tools/build_app.py`` builds.

    python bench/bench_app.py [--runs 10] [PROGRAM ...]

With no PROGRAM it measures ``dist/starpusher/starpusher`` (the folder build) and
``dist/onefile/starpusher`` (the one-file program), those that are built, and
beside them this environment's installed ``starpusher`` (what pip gives). For
each: its size on disk (the folder beside the program, or the one file), and the
wall time from start to exit of three commands, each run ``--runs`` times after
one run to warm the disk cache: ``--version``, ``check original``, and the window
opening, drawing one frame and closing (SDL's dummy video driver and
``STARPUSHER_QUIT_AFTER_FRAMES=1``). The data folder is one of the run's own,
made by the warming run, as a player's is after their first game. Target: the
one-file program starts in under 3 s (else it is not worth offering).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "--version": ["--version"],
    "check original": ["check", "original"],
    "window, 1 frame": [],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*", type=Path, metavar="PROGRAM")
    parser.add_argument("--runs", type=int, default=10, help="timed runs of each command (default 10)")
    args = parser.parse_args()
    programs = [program.resolve() for program in args.programs] or default_programs()
    if not programs:
        print("bench_app: nothing to measure: build it first (python tools/build_app.py)", file=sys.stderr)
        return 1
    print(f"{'program':<40} {'size':>9}  " + "  ".join(f"{name:>22}" for name in COMMANDS))
    for program in programs:
        times = [measure(program, arguments, args.runs) for arguments in COMMANDS.values()]
        cells = "  ".join(f"{statistics.median(t):>10.2f} s (<={max(t):5.2f})" for t in times)
        megabytes = size(program)
        print(f"{shown(program):<40} {f'{megabytes / 1e6:.1f} MB' if megabytes else '-':>9}  {cells}")
    print(f"median of {args.runs} runs after a warming run, and the slowest; wall time from start to exit")
    return 0


def default_programs() -> list[Path]:
    built = [ROOT / "dist" / "starpusher" / "starpusher", ROOT / "dist" / "onefile" / "starpusher"]
    installed = shutil.which("starpusher", path=str(Path(sys.executable).parent))
    return [path for path in built if path.exists()] + ([Path(installed)] if installed else [])


def measure(program: Path, arguments: list[str], runs: int) -> list[float]:
    """Seconds for each of ``runs`` runs of ``program arguments`` (after one run not counted)."""
    with tempfile.TemporaryDirectory() as folder:
        environment = dict(
            os.environ,
            STARPUSHER_DATA_DIR=str(Path(folder) / "data"),
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            STARPUSHER_QUIT_AFTER_FRAMES="1",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        command: list[str | Path] = [program, *arguments]
        times = []
        for run in range(runs + 1):  # run 0 warms the cache and makes the data folder
            started = time.perf_counter()
            subprocess.run(command, cwd=folder, env=environment, capture_output=True, check=True)
            if run:
                times.append(time.perf_counter() - started)
        return times


def size(program: Path) -> int | None:
    """Bytes on disk: the one file, or the folder it sits in with all it holds (None for pip's script,
    whose size is the whole environment's)."""
    if (program.parent / "_internal").is_dir():
        files = program.parent.rglob("*")  # PyInstaller links some libraries: counted once
        return sum(path.stat().st_size for path in files if path.is_file() and not path.is_symlink())
    if program.parent == Path(sys.executable).parent:
        return None
    return program.stat().st_size


def shown(program: Path) -> str:
    try:
        return str(program.relative_to(ROOT))
    except ValueError:
        return f"{program.name} (pip, {sys.version.split()[0]})"


if __name__ == "__main__":
    sys.exit(main())
