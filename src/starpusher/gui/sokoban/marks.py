"""The marks of how a level stands, drawn alike wherever levels are listed (the level list, statistics)."""

from __future__ import annotations

import pygame

#: A level the player solved, and one solved with the solver's help.
SOLVED_COLOR = (40, 160, 70)
HELPED_COLOR = (70, 90, 170)


def draw_tick(
    surface: pygame.Surface, center: tuple[int, int], color: tuple[int, int, int], *, hollow: bool = False
) -> None:
    """The solved mark: a tick in a disc (the player's own solve) or in a ring (solved with help)."""
    x, y = center
    pygame.draw.circle(surface, (255, 255, 255) if hollow else color, center, 13)
    pygame.draw.circle(surface, color if hollow else (255, 255, 255), center, 13, 3 if hollow else 2)
    tick = color if hollow else (255, 255, 255)
    pygame.draw.lines(surface, tick, False, [(x - 6, y), (x - 2, y + 5), (x + 7, y - 6)], 3)
