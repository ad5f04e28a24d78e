"""The frame every game screen shares: the sky behind, a bar of counters above, a footer of keys below."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import pygame

from .text import WRITER

#: The window's background: the sky over the original's garden.
SKY = (92, 170, 230)
HUD_HEIGHT = 46
FOOTER_HEIGHT = 30
BAR_COLOR = (34, 40, 74)
COUNTS_COLOR = (255, 236, 150)
QUIET_COLOR = (190, 200, 235)


def view_rect(surface: pygame.Surface) -> pygame.Rect:
    """The part of the window between the bars, where a game draws its board."""
    w, h = surface.get_size()
    return pygame.Rect(0, HUD_HEIGHT, w, max(1, h - HUD_HEIGHT - FOOTER_HEIGHT))


def draw_bars(
    surface: pygame.Surface,
    *,
    place: str,
    about: str,
    counts: str,
    keys: str,
    color: tuple[int, int, int] | None = None,
) -> list[pygame.Rect]:
    """The top bar (where the player is, what it is, the counters) and the footer of keys.

    ``color``: the bars' colour when a game marks a mode with it (None: the usual).

    Words shrink in a small window; ``about`` is shortened to the room left
    between ``place`` and ``counts``, or left out when there is too little.
    Returns the two bars' rectangles (what changed on screen).
    """
    width, height = surface.get_size()
    scale = min(1.0, width / 900)
    big, medium, small = int(32 * scale + 2), int(26 * scale + 2), int(22 * scale + 2)
    pygame.draw.rect(surface, color or BAR_COLOR, (0, 0, width, HUD_HEIGHT))
    pygame.draw.rect(surface, color or BAR_COLOR, (0, height - FOOTER_HEIGHT, width, FOOTER_HEIGHT))
    middle = HUD_HEIGHT // 2
    picture = WRITER.render(counts, big - 2, COUNTS_COLOR)
    counts_rect = surface.blit(picture, picture.get_rect(midright=(width - 14, middle)))
    left = WRITER.draw(surface, place, big, midleft=(14, middle))
    room = counts_rect.left - left.right - 30
    if about and room > 40:
        text = WRITER.fit(about, medium, room)
        WRITER.draw(surface, text, medium, QUIET_COLOR, midleft=(left.right + 16, middle + 1))
    footer = (width // 2, height - FOOTER_HEIGHT // 2)
    WRITER.draw(surface, whole_items(keys, small, width - 20), small, QUIET_COLOR, center=footer)
    return [
        pygame.Rect(0, 0, width, HUD_HEIGHT),
        pygame.Rect(0, height - FOOTER_HEIGHT, width, FOOTER_HEIGHT),
    ]


def whole_items(items: str, size: int, width: int) -> str:
    """A bar's items (spaced three apart, the most wanted first) that fit ``width``, each whole:
    the last ones are left out rather than cut mid-word ("E e…"); the help lists them all."""
    kept = re.split(r"\s{3,}", items.strip())
    while len(kept) > 1 and WRITER.measure("   ".join(kept), size)[0] > width:
        kept.pop()
    return WRITER.fit("   ".join(kept), size, width)


HEADING_COLOR = (255, 214, 60)


def _heading_lines(width: int, title: str, subtitle: str) -> list[tuple[str, int, tuple[int, int, int]]]:
    """The heading's lines: the title, then the line under it, each wrapped to the window."""
    title_size = 34 if width >= 600 else 28
    room = width - 32
    lines = [(line, title_size, HEADING_COLOR) for line in WRITER.wrap(title, title_size, room)]
    lines += [(line, 22, QUIET_COLOR) for line in WRITER.wrap(subtitle, 22, room)] if subtitle else []
    return lines


@functools.lru_cache(maxsize=64)
def heading_height(width: int, title: str, subtitle: str = "") -> int:
    """How tall :func:`draw_heading` draws: more lines, not smaller ones, in a narrow window."""
    return 12 + sum(WRITER.line_height(size) + 6 for _, size, _ in _heading_lines(width, title, subtitle)) + 6


def draw_heading(surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """A dark band across the top with a title and a line about it, wrapped; returns its height."""
    width = surface.get_width()
    height = heading_height(width, title, subtitle)
    pygame.draw.rect(surface, BAR_COLOR, (0, 0, width, height))
    y = 12
    for text, size, color in _heading_lines(width, title, subtitle):
        WRITER.draw(surface, text, size, color, topleft=(16, y))
        y += WRITER.line_height(size) + 6
    return height


#: A list's rows: each with the heading of the group it starts (None when it continues one).
GroupedRows = list[tuple[pygame.Rect | None, pygame.Rect]]


def grouped_rows(
    groups: Iterable[object], top: int, width: int, *, margin: int, heading: int, row: int, gap: int
) -> GroupedRows:
    """Rows one under another, centred, at most 900 wide, a heading above each run of one group.

    ``groups`` gives each row's group; ``top`` is where the first goes (scrolled),
    ``width`` the window's, ``margin`` the room kept at its sides.
    """
    row_w = min(width - margin, 900)
    left = (width - row_w) // 2
    placed: GroupedRows = []
    current: object = _NO_GROUP
    y = top
    for group in groups:
        start = None
        if group != current:
            start = pygame.Rect(left, y, row_w, heading)
            y += heading
            current = group
        placed.append((start, pygame.Rect(left, y, row_w, row)))
        y += row + gap
    return placed


_NO_GROUP = object()


def scrolled_to_show(scroll: float, top: int, bottom: int, view_top: int, view_bottom: int) -> float:
    """The scroll that brings ``top`` to ``bottom`` between ``view_top`` and ``view_bottom``."""
    if top < view_top:
        return scroll - (view_top - top)
    if bottom > view_bottom:
        return scroll + bottom - view_bottom
    return scroll
