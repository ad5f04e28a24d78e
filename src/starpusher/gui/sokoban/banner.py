"""The "Solved!" banner: a strip of its own above the board, so the solved board stays in sight.

While the banner shows, the board is fitted to the view below it (never under
it), and the banner's height follows the window, not the level, so its words
stay readable over a wide level as over a small one.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..kit.text import WRITER, panel
from .art import star_points

#: The banner's keys on any level but a collection's last.
NEXT_LEVEL_KEYS = "Any key: next level    Z: undo    R: play again    M: replay"
#: The keys that stay the same on the last level, after what is left.
LAST_LEVEL_KEYS = "Z: undo    R: play again    M: replay"
GAP = 4


@dataclass(frozen=True)
class SolvedBanner:
    """What the banner says: a headline, how this solution compares, and the keys."""

    note: str
    headline: str = "Solved!"
    keys: str = NEXT_LEVEL_KEYS


def banner_height(view: pygame.Rect) -> int:
    """A fifth of the view, between sizes whose words read well."""
    return max(76, min(112, view.height // 5))


def solved_banner_rect(view: pygame.Rect) -> pygame.Rect:
    """Where the banner goes: the top of the view, centred."""
    banner = pygame.Rect(0, 0, min(view.width - 16, 720), banner_height(view))
    banner.midtop = (view.centerx, view.top + GAP)
    return banner


def board_view(view: pygame.Rect) -> pygame.Rect:
    """The part of the view left to the board while the banner shows: everything below it."""
    top = solved_banner_rect(view).bottom + GAP
    return pygame.Rect(view.left, top, view.width, max(1, view.bottom - top))


def draw_solved(surface: pygame.Surface, rect: pygame.Rect, banner: SolvedBanner) -> None:
    """The banner: a golden star, the headline, how this solution compares, the keys."""
    panel(surface, rect, (24, 26, 60, 255), radius=14)
    pygame.draw.rect(surface, (255, 206, 40), rect, 3, border_radius=14)
    unit = rect.height
    cx, cy = rect.left + unit * 0.55, rect.centery
    for radius, color in ((unit * 0.42, (120, 70, 10)), (unit * 0.38, (255, 206, 40))):
        pygame.draw.polygon(surface, color, star_points(cx, cy, radius, radius * 0.45))
    pygame.draw.polygon(surface, (255, 236, 130), star_points(cx, cy - unit * 0.02, unit * 0.18, unit * 0.08))
    left = int(rect.left + unit * 1.1)
    room = rect.right - left - 14
    big = int(unit * 0.34)
    title = WRITER.draw(
        surface,
        WRITER.fit(banner.headline, big, room),
        big,
        (255, 236, 150),
        outline=True,
        topleft=(left, rect.top + unit // 12),
    )
    small = max(16, int(unit * 0.2))
    WRITER.draw(
        surface,
        WRITER.fit(banner.note, small + 2, room),
        small + 2,
        topleft=(left, title.bottom + unit // 24),
    )
    WRITER.draw(
        surface,
        WRITER.fit(banner.keys, small, room),
        small,
        (190, 200, 235),
        bottomleft=(left, rect.bottom - unit // 12),
    )
