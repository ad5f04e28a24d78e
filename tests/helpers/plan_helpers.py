"""What the tests of the packing plan on the board share: two levels, a window on them, and
reading the colour of the badge drawn on a square."""

from __future__ import annotations

import pygame

from starpusher.gui import App
from starpusher.gui.launch import settings_from_store, settings_saver
from starpusher.gui.sokoban.art import Geometry
from starpusher.levels import parse_collection
from starpusher.store import Store

#: Level 1: a corridor of three goals entered from its right (the far goal first); the moves
#: take the star below the door up and along to the far goal. Level 2: two goals in the open.
LEVELS = """\
Corridor
##########
#...     #
#######  #
#@       #
#    $$$ #
#        #
##########

Open
#######
#     #
# $.$ #
#@ .  #
#######
"""
TO_THE_FAR_GOAL = "ddrrrrrrUUUruLLLLLL"
FAR, MIDDLE, NEAR = 11, 12, 13  # (1, 1), (2, 1), (3, 1) on a board 10 wide


def open_window(store: Store, level_index: int = 0) -> App:
    """The window on :data:`LEVELS`, keeping its settings in ``store``."""
    pygame.display.init()
    pygame.event.clear()
    app = App(
        parse_collection(LEVELS, "plan.sok"),
        level_index=level_index,
        show_title=False,
        progress=store,
        settings=settings_from_store(store),
        save_settings=settings_saver(store),
    )
    app.settings.instant_moves = True
    app.run_until_idle()
    return app


def badge_colour(
    app: App, center: tuple[int, int], geometry: Geometry, *, covered: bool = False
) -> tuple[int, int, int]:
    """The colour drawn on a square beside the middle of its badge, where no number is
    (``covered``: where a covered goal's badge goes, in the square's corner)."""
    width = geometry.width
    radius = max(6, round(width * (0.16 if covered else 0.26)))
    x, y = center
    if covered:
        x += width // 2 - radius - 1
        y += geometry.step // 2 - radius - 1
    colour = app.screen.get_at((x - round(radius * 0.7), y))
    return colour.r, colour.g, colour.b
