"""The "Solved!" banner: above the board or below it, so the solved board stays in sight."""

from __future__ import annotations

import pygame

from ..kit.text import WRITER, panel
from .art import star_points


def solved_banner_rect(view: pygame.Rect, map_rect: pygame.Rect) -> pygame.Rect:
    """Where the "Solved!" banner goes: above the board or below it when there is room, else on top."""
    above = map_rect.top - view.top
    below = view.bottom - map_rect.bottom
    height = max(64, min(112, view.height // 4, max(above, below) - 8))
    banner = pygame.Rect(0, 0, min(view.width - 16, 680), height)
    if above >= height + 8 or above >= below:
        banner.midtop = (view.centerx, view.top + max(4, (above - height) // 2))
    else:
        banner.midbottom = (view.centerx, view.bottom - max(4, (below - height) // 2))
    return banner


def draw_solved(surface: pygame.Surface, banner: pygame.Rect, note: str) -> None:
    """The "Solved!" banner: a golden star, the word, how this solution compares, the keys."""
    panel(surface, banner, (24, 26, 60, 255), radius=14)
    pygame.draw.rect(surface, (255, 206, 40), banner, 3, border_radius=14)
    unit = banner.height
    cx, cy = banner.left + unit * 0.55, banner.centery
    for radius, color in ((unit * 0.42, (120, 70, 10)), (unit * 0.38, (255, 206, 40))):
        pygame.draw.polygon(surface, color, star_points(cx, cy, radius, radius * 0.45))
    pygame.draw.polygon(surface, (255, 236, 130), star_points(cx, cy - unit * 0.02, unit * 0.18, unit * 0.08))
    left = int(banner.left + unit * 1.1)
    room = banner.right - left - 14
    title = WRITER.draw(
        surface,
        "Solved!",
        int(unit * 0.36),
        (255, 236, 150),
        outline=True,
        topleft=(left, banner.top + unit // 12),
    )
    small = max(15, int(unit * 0.2))
    WRITER.draw(
        surface, WRITER.fit(note, small + 2, room), small + 2, topleft=(left, title.bottom + unit // 24)
    )
    keys = "Any key: next level    Z: undo    R: play again    M: replay"
    WRITER.draw(
        surface,
        WRITER.fit(keys, small, room),
        small,
        (190, 200, 235),
        bottomleft=(left, banner.bottom - unit // 12),
    )
