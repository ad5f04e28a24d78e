"""Driving Star Pusher from tests: the window kit's pilot, plus squares and moves of a level.

app = App(collection, show_title=False)
pilot = Pilot(app)
pilot.type_moves("rrU")          # arrow keys, as fast as a player types
pilot.click_square(square)       # a left click on a square of the play scene
pilot.drag_squares(star, square)  # a star dragged to a square
"""

from __future__ import annotations

import pygame

from ..kit import pilot
from .play import PlayScene

#: LURD letters as arrow keys.
ARROWS = {"l": pygame.K_LEFT, "u": pygame.K_UP, "r": pygame.K_RIGHT, "d": pygame.K_DOWN}


class Pilot(pilot.Pilot):
    def type_moves(self, moves: str) -> None:
        """Press the arrow key of each LURD letter, all at once, as a fast player would."""
        for letter in moves:
            self.press(ARROWS[letter.lower()], settle=False)
        self.settle()

    def click_square(self, square: int, button: int = 1) -> None:
        self.click(self.play.camera.square_center(square), button)

    def drag_squares(self, start: int, end: int) -> None:
        """Press on one square of the play scene, release on another."""
        camera = self.play.camera
        self.drag(camera.square_center(start), camera.square_center(end))

    @property
    def play(self) -> PlayScene:
        scene = self.app.scene
        if not isinstance(scene, PlayScene):
            raise AssertionError(f"the window shows {type(scene).__name__}, not a level")
        return scene
