"""Driving the window from tests: post real events, then run the real loop.

    pilot = Pilot(window)
    pilot.press(pygame.K_RIGHT)      # posts KEYDOWN/KEYUP and runs until idle
    pilot.click((200, 150))          # a left click at a point of the window
    pilot.drag((200, 150), (260, 150))  # pressed at one point, released at another

Set ``SDL_VIDEODRIVER=dummy`` before pygame is initialised to run headless.
A game may add its own moves (a pilot that clicks its squares, types its moves).
"""

from __future__ import annotations

import pygame

from .window import Window


class Pilot:
    def __init__(self, app: Window) -> None:
        self.app = app

    def settle(self) -> int:
        return self.app.run_until_idle()

    def press(self, key: int, mod: int = 0, unicode: str = "", *, settle: bool = True) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        if settle:
            self.settle()

    def click(self, point: tuple[int, int], button: int = 1) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=button))
        self.settle()

    def drag(self, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
        """Press at ``start``, move to ``end`` with the button held, release there."""
        held = tuple(number == button for number in (1, 2, 3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=held))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
        self.settle()

    def wheel(self, y: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        self.settle()

    def resize(self, size: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.settle()

    def drop_file(self, path: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=path))
        self.settle()
