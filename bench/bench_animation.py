"""Seconds to write a solution as an animation, and the file's size, in each format.

The solution is 513 moves (110 pushes) of level 180 of the built-in ``starpusher``
collection (Sasquatch I, "24", 14x14), as the solver found it and the
optimizer made it shorter by moves; drawn at 32-pixel tiles, one frame a move,
as ``starpusher render starpusher --level 180 --moves ... --animate -o OUT``
does (drawing, encoding, writing), after one warm-up run. Run:

    python bench/bench_animation.py [--runs N] [--every move|push]

Prints, for GIF, WebP (lossless) and APNG, the median seconds of ``--runs``
runs (default 3), the fastest, and the file's size.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from starpusher.core import parse_lurd
from starpusher.files import replace_file
from starpusher.gui.sokoban.animation import AnimationLook, Every, encode_animation, frame_positions
from starpusher.levels import load_builtin

LEVEL = 180
SOLUTION = (
    "urRuL3u4r4dl2Ld2luluR2d2ruLU2ldRu2rd3r2ululu2ldRu3r4d3lulUdl2drU4r2ulDrd2Lr4u2ldRur2Du2lu2ldRu6ruU3r"
    "2ulu2ld2D2l2d3rUd3l2u2rDrd3L2u2r3u2rdr2dlL2r2ulu2l2d2Du2l3d2luRdrU4d2lLuLr2d2luR4u4r2d3r3Ud3L2r5u2r"
    "dr2dlL2r2ulu2l2dD2luRd2r2d3ld2l4u2R2l4d2ruLdlU2l4d2luRdr3Rdr2Udl2U2d4luRd3r2uR2u2ldRlu2ld2Ru5r2ulDr"
    "d4L3r2u3r2ulu2ld3Dr3dl2dr5Ud3LDu2r5u2rdr2dlL2r2ulu2l2d2DrdL2u2l2D3uRd4r2ulDrd4Lul2Du4r3u2ldD2u2r3dl"
    "2LulDu2ruRur2Drd4Lu3ld2lu5Rd3r2u2l3D"
)
FORMATS = ("gif", "webp", "png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--every", choices=["move", "push"], default="move")
    args = parser.parse_args()
    level = load_builtin("starpusher").levels[LEVEL - 1]
    moves = parse_lurd(SOLUTION)
    assert level.is_solved(level.replay(moves)), "the benchmark's solution no longer solves its level"
    look = AnimationLook(tile_width=32)
    every = Every(args.every)
    board = f"{level.width}x{level.height}"
    print(f"level {LEVEL} of starpusher ({board}), {len(moves)} moves, one frame a {every.value}")
    with tempfile.TemporaryDirectory() as folder:
        for kind in FORMATS:
            out = Path(folder) / f"solution.{kind}"
            seconds = []
            for run in range(args.runs + 1):  # the first run warms up (tiles scaled, plugins loaded)
                started = time.perf_counter()
                positions = frame_positions(level, moves, every)
                replace_file(out, encode_animation(out, level, positions, look))
                if run:
                    seconds.append(time.perf_counter() - started)
            size = out.stat().st_size
            print(
                f"{kind:>4}: {len(positions)} frames, {statistics.median(seconds):.2f} s"
                f" (fastest {min(seconds):.2f} s), {size / 1e6:.2f} MB"
            )


if __name__ == "__main__":
    main()
