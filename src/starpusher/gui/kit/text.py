"""Text on screen with pygame's default font, rendered once and cached.

At small sizes the font's hinting snaps every letter to whole pixels, and the
spaces between letters come out uneven ("Esc kee ps this boa rd"). Text up
to :data:`SMOOTH_UP_TO` pixels is therefore drawn :data:`OVERSAMPLE` times
larger and scaled down smoothly, which keeps the letters' true spacing; sizes
and fitting are measured the same way, so what is measured is what is drawn.
"""

from __future__ import annotations

import re

import pygame

WHITE = (255, 255, 255)
INK = (40, 30, 30)
#: Text this size or smaller is drawn larger and scaled down (see the module's note).
SMOOTH_UP_TO = 44
OVERSAMPLE = 3


class Writer:
    """Renders text surfaces and keeps the most recent ones (a HUD redraws the same words)."""

    def __init__(self, limit: int = 600) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._fitted: dict[tuple[str, int, int], str] = {}
        self._limit = limit

    def font(self, size: int) -> pygame.font.Font:
        font = self._fonts.get(size)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts[size] = pygame.font.Font(None, size)
        return font

    def render(
        self, text: str, size: int, color: tuple[int, ...] = WHITE, outline: bool = False
    ) -> pygame.Surface:
        key = (text, size, color, outline)
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) >= self._limit:
                self._cache.pop(next(iter(self._cache)))
            surface = self._cache[key] = self._render(text, size, color, outline)
        return surface

    def _render(self, text: str, size: int, color: tuple[int, ...], outline: bool) -> pygame.Surface:
        if size > SMOOTH_UP_TO:
            return self._render_at(text, size, color, outline)
        big = self._render_at(text, size * OVERSAMPLE, color, outline)
        return pygame.transform.smoothscale(big, self._scaled(big.get_size()))

    @staticmethod
    def _scaled(size: tuple[int, int]) -> tuple[int, int]:
        return max(1, round(size[0] / OVERSAMPLE)), max(1, round(size[1] / OVERSAMPLE))

    def measure(self, text: str, size: int) -> tuple[int, int]:
        """The width and height ``text`` takes when drawn at ``size`` (without an outline)."""
        if size > SMOOTH_UP_TO:
            return self.font(size).size(text)
        return self._scaled(self.font(size * OVERSAMPLE).size(text))

    def line_height(self, size: int) -> int:
        """The height of one line of text at ``size``."""
        return self.measure("Hg", size)[1]

    def _render_at(self, text: str, size: int, color: tuple[int, ...], outline: bool) -> pygame.Surface:
        font = self.font(size)
        face = font.render(text, True, color)
        if not outline:
            return face
        # A dark rim drawn by stamping the text around itself: readable on any background.
        rim = font.render(text, True, INK)
        thickness = max(1, size // 14)
        surface = pygame.Surface(
            (face.get_width() + 2 * thickness, face.get_height() + 2 * thickness), pygame.SRCALPHA
        )
        for dx in range(-thickness, thickness + 1):
            for dy in range(-thickness, thickness + 1):
                if dx * dx + dy * dy <= thickness * thickness + 1:
                    surface.blit(rim, (thickness + dx, thickness + dy))
        surface.blit(face, (thickness, thickness))
        return surface

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        color: tuple[int, ...] = WHITE,
        *,
        outline: bool = False,
        **anchor: tuple[int, int] | int,
    ) -> pygame.Rect:
        """Draw text placed by a Rect keyword, e.g. ``center=(x, y)`` or ``topleft=...``."""
        picture = self.render(text, size, color, outline)
        rect = picture.get_rect(**anchor)
        surface.blit(picture, rect)
        return rect

    def fit(self, text: str, size: int, width: int) -> str:
        """The text, shortened with an ellipsis to fit a width in pixels."""
        key = (text, size, width)
        fitted = self._fitted.get(key)
        if fitted is None:
            if len(self._fitted) >= self._limit:
                self._fitted.pop(next(iter(self._fitted)))
            fitted = self._fitted[key] = self._fit(text, size, width)
        return fitted

    def _fit(self, text: str, size: int, width: int) -> str:
        if self.measure(text, size)[0] <= width:
            return text
        while text and self.measure(text + "…", size)[0] > width:
            text = text[:-1]
        return text + "…"

    def fit_whole(
        self, text: str, size: int, width: int, *, smallest: int = 12, most_lines: int = 2
    ) -> tuple[int, list[str]]:
        """A size and lines that show ``text`` whole within ``width``: for what a player watches
        (progress), which an ellipsis must never cut.

        One line at ``size`` or a little smaller, else up to ``most_lines`` lines,
        shrinking down to ``smallest``; only below that is a line cut.
        """
        a_little_smaller = max(smallest, size * 4 // 5)
        for each in range(size, a_little_smaller - 1, -1):
            if self.measure(text, each)[0] <= width:
                return each, [text]
        for each in range(size, smallest - 1, -1):
            lines = self._lines(text, each, width)
            if len(lines) <= most_lines and all(self.measure(line, each)[0] <= width for line in lines):
                return each, lines
        return smallest, self.wrap(text, smallest, width)[:most_lines]

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """The text broken into lines at spaces, each within ``width`` pixels where a word allows.

        Runs of spaces inside a line stay as written (key lists space their items
        widely); a line never starts with them. A word wider than the line on its
        own is shortened with an ellipsis.
        """
        return [self.fit(each, size, width) for each in self._lines(text, size, width)] or [""]

    def _lines(self, text: str, size: int, width: int) -> list[str]:
        """The text broken at spaces before the words that would pass ``width`` (none cut)."""
        lines: list[str] = []
        line = ""
        for gap, word in _words(text):
            candidate = line + gap + word if line else word
            if line and self.measure(candidate, size)[0] > width:
                lines.append(line)
                candidate = word
            line = candidate
        if line:
            lines.append(line)
        return lines


def _words(text: str) -> list[tuple[str, str]]:
    """(the spaces before it, the word) for each word of ``text``."""
    return [(match.group(1), match.group(2)) for match in re.finditer(r"(\s*)(\S+)", text)]


WRITER = Writer()


def panel(
    surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int, int], radius: int = 12
) -> None:
    """A translucent rounded box."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, color, box.get_rect(), border_radius=radius)
    surface.blit(box, rect)
