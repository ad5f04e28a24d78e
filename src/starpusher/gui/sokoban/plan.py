"""The packing plan drawn on the board: the goals numbered in the order to fill them.

What the plan is, and when it is worked out, is the session's
(:mod:`starpusher.session.packing`); this module only draws it, over the
board and its pieces, as :mod:`.assist` draws the hint. Each goal gets a
round badge with its step's number: gold for the step to fill now, green
for the steps done, grey for those still to come. A parking square (where a
star waits for a while) gets a blue "P" and the step that fills it ("P1"),
grey outside the steps that use it.
On a goal that holds a star, the badge sits small in the square's corner, so
the star stays in sight.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from ...session import PlaySession
from ...session.packing import GoalOrder
from ..kit.text import WRITER
from .art import Geometry
from .window import StarPusherWindow

#: Badge colours (fill, text): the step to fill now, a step done, a step to come, a parking square.
NOW = ((255, 214, 60), (60, 36, 0))
DONE = ((120, 200, 110), (20, 60, 20))
LATER = ((170, 170, 170), (80, 80, 80))
PARKING = ((90, 160, 255), (10, 30, 80))
RIM = (40, 30, 20)


class ShowsPlan:
    """A scene that shows the packing plan (play, the editor): K turns it on and off for all of them."""

    app: StarPusherWindow

    def action_packing_plan(self) -> None:
        self.app.toggle_packing_plan()


def shown_plan(session: PlaySession, wanted: bool) -> GoalOrder | None:
    """The plan to draw over a game (``wanted``: the player has it shown); none over reverse play,
    where the goals empty instead of fill."""
    return session.plan.shown(wanted and session.reverse is None)


def draw_plan(
    surface: pygame.Surface,
    order: GoalOrder,
    stars: Collection[int],
    square_center: Callable[[int], tuple[int, int]],
    geometry: Geometry,
) -> None:
    """Every goal's number, and the parking squares, in the colours of where the stars are now."""
    if not order.ordered:
        return  # nothing to number: the player is told so in words
    now = order.current(frozenset(stars))
    for goal, step in order.numbers.items():
        colours = NOW if step == now else DONE if step < now else LATER
        _badge(surface, str(step), colours, square_center(goal), geometry, covered=goal in stars)
    for square, (filled, emptied) in order.parking.items():
        colours = PARKING if filled <= now <= emptied else LATER
        _badge(surface, f"P{filled}", colours, square_center(square), geometry, covered=square in stars)


def _badge(
    surface: pygame.Surface,
    text: str,
    colours: tuple[tuple[int, int, int], tuple[int, int, int]],
    center: tuple[int, int],
    geometry: Geometry,
    *,
    covered: bool,
) -> None:
    """A round badge with a number or letter in it, on a square's face (in its corner when covered)."""
    width = geometry.width
    radius = max(6, round(width * (0.16 if covered else 0.26)))
    x, y = center
    if covered:  # in the face's lower right corner, clear of the star standing on it
        x += width // 2 - radius - 1
        y += geometry.step // 2 - radius - 1
    fill, ink = colours
    pygame.draw.circle(surface, RIM, (x, y), radius + 1)
    pygame.draw.circle(surface, fill, (x, y), radius)
    size = max(10, round(radius * (1.5 if len(text) == 1 else 1.15 if len(text) == 2 else 0.9)))
    WRITER.draw(surface, text, size, ink, center=(x, y + 1))
