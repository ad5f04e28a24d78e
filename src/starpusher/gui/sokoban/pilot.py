"""Driving Star Pusher from tests: the window kit's pilot, plus squares and moves of a level.

app = App(collection, show_title=False)
pilot = Pilot(app)
pilot.type_moves("rrU")          # arrow keys, as fast as a player types
pilot.click_square(square)       # a left click on a square of the play scene
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

    @property
    def play(self) -> PlayScene:
        scene = self.app.scene
        if not isinstance(scene, PlayScene):
            raise AssertionError(f"the window shows {type(scene).__name__}, not a level")
        return scene
