"""What a play scene draws: the board and its pieces, the solver's marks and plan, the bars, the banner.

The pieces are placed where the camera sees their squares: the board may be
seen turned or mirrored (:mod:`.orientation`), the game never is.

A frame is drawn whole when anything but the pieces changed (the board, the
layout, the marks, a message); while only pieces move, only the squares where they were
or are now are repainted, and only those go to the screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...core import Direction, Level, State
from ...session.assist import Assistant
from ...session.choice import StarChoice
from ...session.packing import GoalOrder
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.pacing import Timed
from .art import Tile
from .assist import draw_help
from .banner import SolvedBanner, draw_solved, solved_banner_rect
from .board import BoardPicture, Sprite
from .camera import Camera
from .orientation import Orientation
from .plan import draw_plan

HOP = 0.08  # rows


@dataclass
class MoveAnimation(Timed):
    """The picture of one move that is already in the history."""

    before: State
    direction: Direction
    pushed: bool
    duration: float
    elapsed: float = 0.0
    #: The star moved was pulled (reverse mode): it follows the player instead of going ahead.
    pulled: bool = False


@dataclass(frozen=True)
class Showing:
    """What a frame shows: a position of the level, how it is seen, and what is drawn over it."""

    level: Level
    state: State
    animation: MoveAnimation | None
    camera: Camera
    board: BoardPicture
    view: pygame.Rect
    #: The player's picture (the character chosen).
    character: str
    #: The bars' words: where the player is, what it is, the counters, the keys.
    bars: tuple[str, str, str, str]
    #: The star the mouse chose and where it can go (None: no choosing, as over a replay).
    chosen: StarChoice | None
    #: The solver's marks, hints and deadlocks (None: none, as over a replay).
    assistant: Assistant | None
    #: What the "Solved!" banner says, while it shows (``view`` is then the part below it).
    banner: SolvedBanner | None
    #: Played backwards (reverse mode): the bars take another colour.
    backwards: bool = False
    #: The packing plan, numbering the goals, while the player has it shown (and it is worked out).
    plan: GoalOrder | None = None


class Frame:
    """Draws a play scene, remembering the last frame so the next can be drawn in part."""

    def __init__(self) -> None:
        #: Where the "Solved!" banner was drawn last (None while not solved).
        self.banner: pygame.Rect | None = None
        self._last: tuple[object, list[Sprite]] | None = None

    @staticmethod
    def sprites(shown: Showing) -> list[Sprite]:
        """The stars, the player and the chosen star's marks; a moving piece where it is now."""
        level, state, animation = shown.level, shown.state, shown.animation
        seen = shown.camera.orientation
        moving_star = None
        back = 0.0
        if animation is not None and animation.pushed:
            ahead = animation.direction.opposite if animation.pulled else animation.direction
            moving_star = level.neighbour(state.player, ahead)
            back = 1 - animation.fraction
        chosen = shown.chosen.star if shown.chosen is not None else None
        sprites = []
        for star in state.boxes:
            x, y = seen.xy(star)
            if star == moving_star and animation is not None:
                direction = seen.direction(animation.direction)
                sprites.append(Sprite(Tile.STAR, x - direction.dx * back, y - direction.dy * back))
            else:
                picture = Tile.CHOSEN_STAR if star == chosen else Tile.STAR
                sprites.append(Sprite(picture, x, y, on_goal=star in level.goals))
        if shown.chosen is not None and chosen is not None:
            hover = shown.chosen.hover
            sprites.append(Sprite(Tile.SELECTION, *seen.xy(chosen)))
            for target in shown.chosen.targets - {hover}:
                sprites.append(Sprite(Tile.REACHABLE, *seen.xy(target)))
            if hover in shown.chosen.targets:  # ringed where a click (or a drop) pushes the star
                sprites.append(Sprite(Tile.TARGET, *seen.xy(hover)))
        player_x, player_y = player_position(seen, state, animation)
        if animation is not None:  # a little hop with every step
            player_y -= HOP * math.sin(math.pi * animation.fraction)
        sprites.append(Sprite(shown.character, player_x, player_y))
        return sprites

    def draw(self, shown: Showing, surface: pygame.Surface, *, whole: bool) -> list[pygame.Rect] | None:
        """The level and the bars (``whole``: all of it); while only pieces move, only where they moved."""
        view = shown.view
        origin, width = shown.camera.origin(), shown.camera.tile_width()
        sprites = self.sprites(shown)
        marks = shown.assistant.overlay_key() if shown.assistant is not None else None
        plan = (shown.plan, shown.plan.current(shown.state.boxes)) if shown.plan is not None else None
        # Everything under the pieces: the board's own picture (a new one for every level opened,
        # so two levels of one size never share a frame), where and how large it is, and what
        # is drawn over it.
        layout = (shown.board, surface.get_size(), origin, width, shown.banner, marks, plan)
        last, self._last = self._last, (layout, sprites)
        if whole or last is None or last[0] != layout:
            self.banner = None
            surface.fill(SKY)
            _draw_board(shown, surface, view, sprites, origin, width)
            _draw_bars(shown, surface)
            if shown.banner is not None:
                self.banner = solved_banner_rect(view_rect(surface))
                draw_solved(surface, self.banner, shown.banner)
            return None
        # The map stands still: repaint only where moving pieces were or are now.
        changed = _draw_bars(shown, surface)
        moved = set(last[1]).symmetric_difference(sprites)
        if moved:
            geometry = shown.board.geometry(width)
            rects = [BoardPicture.sprite_rect(sprite, origin, geometry) for sprite in moved]
            area = rects[0].unionall(rects[1:]).clip(view)
            surface.set_clip(area)
            surface.fill(SKY)
            _draw_board(shown, surface, area, sprites, origin, width)
            changed.append(area)
        return changed


def player_position(seen: Orientation, state: State, animation: MoveAnimation | None) -> tuple[float, float]:
    """Where the player is seen, as fractional (column, row) of the board as seen, mid-animation included."""
    x, y = seen.xy(state.player)
    if animation is None:
        return float(x), float(y)
    back = 1 - animation.fraction
    direction = seen.direction(animation.direction)
    return x - direction.dx * back, y - direction.dy * back


def _draw_board(
    shown: Showing,
    surface: pygame.Surface,
    clip: pygame.Rect,
    sprites: list[Sprite],
    origin: tuple[int, int],
    width: int,
) -> None:
    surface.set_clip(clip)
    shown.board.draw(surface, origin, width, sprites)
    if shown.plan is not None:
        draw_plan(
            surface, shown.plan, shown.state.boxes, shown.camera.square_center, shown.board.geometry(width)
        )
    if shown.assistant is not None:
        draw_help(surface, shown.assistant, shown.camera.square_center, shown.board.geometry(width))
    surface.set_clip(None)


def _draw_bars(shown: Showing, surface: pygame.Surface) -> list[pygame.Rect]:
    """The counters above and the key hints below; returns the two bars."""
    place, about, counts, keys = shown.bars
    color = BACKWARDS_BAR if shown.backwards else None
    return draw_bars(surface, place=place, about=about, counts=counts, keys=keys, color=color)


#: The bars' colour while a level is played backwards: a mark that cannot be missed.
BACKWARDS_BAR = (120, 40, 110)
