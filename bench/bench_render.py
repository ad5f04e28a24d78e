"""Frame time of the play screen: a 30x30 level at 1280x720, drawn offscreen.

Every frame the camera pans (a held WASD key) and the player walks (animated
moves in the queue), so every frame is really drawn: the map blit, the stars,
the player and the walls in front of them, and the counters. Run:

    python bench/bench_render.py [--frames N]

Target: at most 4 ms per frame on average. Prints ms/frame with the camera
still (only the squares that change are repainted and sent to the screen),
and with the camera panning at the size that fits the window and at the
original game's 50-pixel tiles, in pseudo-3D and in the flat view (F).

With ``SDL_VIDEODRIVER=x11`` (a real window) the time includes sending the
picture to the X server: under Xvfb a full 1280x720 flip alone costs ~8 ms,
which is why frames where only pieces move send only their rectangles.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from starpusher.core import Level
from starpusher.gui import App, Settings
from starpusher.gui.sokoban.play import PlayScene
from starpusher.levels import Collection

SIZE = 30


def big_level() -> Level:
    """A 30x30 room with pillars, 40 stars and 40 goals; the player walks the free row 1."""
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            edge = x in (0, SIZE - 1) or y in (0, SIZE - 1)
            pillar = x % 4 == 0 and y % 4 == 0 and 2 < y < SIZE - 2
            row.append("#" if edge or pillar else " ")
        rows.append(row)
    placed = 0
    for y in range(3, SIZE - 3, 3):
        for x in range(2, SIZE - 2, 3):
            if rows[y][x] == " " and placed < 40:
                rows[y][x] = "*" if placed % 3 == 0 else "$"
                rows[y + 1][x] = "." if rows[y][x] == "$" and rows[y + 1][x] == " " else rows[y + 1][x]
                placed += 1
    goals = sum(row.count(".") + row.count("*") for row in rows)
    stars = sum(row.count("$") + row.count("*") for row in rows)
    for y in range(3, SIZE - 3):  # balance goals and stars
        for x in range(2, SIZE - 2):
            if goals < stars and rows[y][x] == " ":
                rows[y][x] = "."
                goals += 1
    rows[1][1] = "@"
    return Level.from_rows(["".join(row) for row in rows], title="Benchmark")


def measure(app: App, play: PlayScene, frames: int, *, pan: bool = True) -> float:
    """Average milliseconds per frame, with the player walking and (if ``pan``) the camera panning."""
    walk = "r" * (SIZE - 3) + "l" * (SIZE - 3)
    pan_keys = [pygame.K_d, pygame.K_s, pygame.K_a, pygame.K_w]
    start = time.perf_counter()
    for frame in range(frames):
        if not play.session.queue and play.animation is None:
            play.session.queue.add_each(walk)
        if pan and frame % 40 == 0:  # change the held pan key now and then; bounds keep it on screen
            for key in pan_keys:
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
            key = pan_keys[(frame // 40) % 4]
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.dirty = True
        app.step(dt=1 / 60)
    return (time.perf_counter() - start) * 1000 / frames


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    level = big_level()
    collection = Collection(source="bench", title="Benchmark", levels=[level], numbers=[1])
    app = App(collection, show_title=False, settings=Settings(window_size=(1280, 720)))
    play = app.scene
    assert isinstance(play, PlayScene)
    app.run_until_idle()
    measure(app, play, 30, pan=False)  # warm the tile and map caches
    still = measure(app, play, args.frames, pan=False)
    where = f"{SIZE}x{SIZE} level at 1280x720"
    print(f"{where}, camera still, player walking (changed squares only): {still:.2f} ms/frame")
    for view in ("pseudo-3D", "flat view"):
        if view == "flat view":
            play.action_flat_view()  # F: square tiles from above
        for label, zoom in (("fit to window", None), ("50-pixel tiles", 50)):
            play.camera.zoom = 1.0 if zoom is None else zoom / play.camera.fit_width()
            measure(app, play, 30)  # warm the tile and map caches
            ms = measure(app, play, args.frames)
            tile = play.camera.tile_width()
            print(f"{where}, {view}, camera panning, {label} (tile {tile} px): {ms:.2f} ms/frame")
    app.close()


if __name__ == "__main__":
    main()
