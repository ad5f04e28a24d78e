"""The solver's help drawn on the board: deadlocked stars ringed in red, the hinted push.

What the help is, and when it is asked for, is the play session's
(:mod:`starpusher.session.assist`); this module only draws it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...session.assist import Assistant
from .art import Geometry


def draw_help(
    surface: pygame.Surface,
    assistant: Assistant,
    square_center: Callable[[int], tuple[int, int]],
    geometry: Geometry,
) -> None:
    """Deadlocked stars ringed in red; the hinted push as footprints and an arrow beside the star."""
    width = geometry.width
    radius = max(4, round(geometry.step * (0.5 if geometry.flat else 0.55)))
    for star in assistant.stuck:
        x, y = square_center(star)
        if not geometry.flat:
            y -= geometry.step // 4  # the star stands up from its square
        pygame.draw.circle(surface, (20, 0, 0), (x, y), radius + 2, max(2, width // 14))
        pygame.draw.circle(surface, (235, 40, 40), (x, y), radius, max(2, width // 18))
    if assistant.hint is None:
        return
    for state in assistant.hint_walk()[1:]:  # footprints of the walk to the push
        x, y = square_center(state.player)
        pygame.draw.circle(surface, (40, 30, 10), (x, y), max(2, width // 12) + 1)
        pygame.draw.circle(surface, (255, 214, 60), (x, y), max(2, width // 12))
    star, direction = assistant.hinted_push()
    beyond = assistant.level.neighbour(star, direction)
    if beyond is not None:  # always, for a legal push: the square the star will go to
        # The way the push is seen going: the board may be seen turned or mirrored.
        (x, y), (to_x, to_y) = square_center(star), square_center(beyond)
        seen = ((to_x > x) - (to_x < x), (to_y > y) - (to_y < y))
        _draw_arrow(surface, (to_x, to_y), seen, width)


def _draw_arrow(surface: pygame.Surface, center: tuple[int, int], way: tuple[int, int], width: int) -> None:
    """A fat golden arrow on the square the star goes to, pointing ``way`` (a step on the screen):
    the star stays in sight."""
    size = width * 0.38
    dx, dy = way
    cx, cy = center

    def point(along: float, across: float) -> tuple[float, float]:
        return (cx + dx * along - dy * across, cy + dy * along + dx * across)

    shape = [
        point(size, 0),
        point(0.1 * size, 0.75 * size),
        point(0.1 * size, 0.32 * size),
        point(-size, 0.32 * size),
        point(-size, -0.32 * size),
        point(0.1 * size, -0.32 * size),
        point(0.1 * size, -0.75 * size),
    ]
    pygame.draw.polygon(surface, (255, 214, 60), shape)
    pygame.draw.polygon(surface, (60, 30, 0), shape, max(2, width // 20))
