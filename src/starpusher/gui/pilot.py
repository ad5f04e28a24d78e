"""Driving the window from tests: post real events, then run the real loop.

    app = App(collection, show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_RIGHT)      # posts KEYDOWN/KEYUP and runs until idle
    pilot.click_square(square)       # a left click on a square of the play scene

Set ``SDL_VIDEODRIVER=dummy`` before pygame is initialised to run headless.
"""

from __future__ import annotations

import pygame

from .app import App
from .play import PlayScene

#: LURD letters as arrow keys.
ARROWS = {"l": pygame.K_LEFT, "u": pygame.K_UP, "r": pygame.K_RIGHT, "d": pygame.K_DOWN}


class Pilot:
    def __init__(self, app: App) -> None:
        self.app = app

    def settle(self) -> int:
        return self.app.run_until_idle()

    def press(self, key: int, mod: int = 0, unicode: str = "", *, settle: bool = True) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        if settle:
            self.settle()

    def type_moves(self, moves: str) -> None:
        """Press the arrow key of each LURD letter, all at once, as a fast player would."""
        for letter in moves:
            self.press(ARROWS[letter.lower()], settle=False)
        self.settle()

    def click(self, point: tuple[int, int], button: int = 1) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=button))
        self.settle()

    def click_square(self, square: int, button: int = 1) -> None:
        self.click(self.play.square_center(square), button)

    def wheel(self, y: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        self.settle()

    def resize(self, size: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.settle()

    def drop_file(self, path: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=path))
        self.settle()

    @property
    def play(self) -> PlayScene:
        scene = self.app.scene
        if not isinstance(scene, PlayScene):
            raise AssertionError(f"the window shows {type(scene).__name__}, not a level")
        return scene
