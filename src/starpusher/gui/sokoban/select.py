"""The level-select screen: every level of the open collection as a card.

Cards show the number, the title, a small picture, a mark when solved with
the best scores (fewest moves, fewest pushes), and a padlock on levels still
locked when they unlock one by one. A number typed goes to that level; ``/``
finds levels by words of their titles and O hides the solved ones
(:class:`~starpusher.session.finding.LevelSearch` decides what shows).
Only the cards on screen are drawn, and their pictures are made the first
time they are seen and cached, so a collection of thousands scrolls smoothly.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...core import Level
from ...core.words import plural
from ...levels import collection_name, display_title
from ...session import LevelRecord, level_records, locked_message, unlocked, unlocking_said
from ...session.finding import LevelSearch
from ..kit.help import HelpOverlay
from ..kit.layout import SKY, draw_heading, heading_height
from ..kit.text import WRITER
from ..kit.window import Scene
from .keys import KEY_MAP, MOUSE_HELP
from .marks import HELPED_COLOR, SOLVED_COLOR, draw_tick
from .statistics import StatisticsScene
from .thumbnails import thumbnail
from .window import StarPusherWindow

CARD_W, CARD_H, GAP = 196, 198, 14
THUMB_W, THUMB_H = 176, 118
CARD_COLOR = (250, 246, 236)
THUMB_LIMIT = 400
SCROLL_STEP = 60
COUNT_LIMIT = 5000


#: The actions that move the choice: a card, a row, a page, or to either end.
STEP_ACTIONS = frozenset(
    {"left", "right", "previous_level", "next_level", "up", "down", "page_up", "page_down", "first", "last"}
)


class LevelPlayer(Protocol):
    """The scene the list opens over, which plays the level chosen."""

    def switch_level(self, index: int) -> None: ...


class LevelSelectScene(Scene):
    """Opens over the play scene (``player``) and hands it the level chosen."""

    app: StarPusherWindow
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP

    def __init__(self, app: StarPusherWindow, current: int, player: LevelPlayer, *, typed: str = "") -> None:
        """``typed``: a digit already typed in play, the start of the number of the level to go to."""
        super().__init__(app)
        self.player = player
        #: The level being played: open whatever unlocking one by one says of it.
        self.playing = current
        self.selected = current
        self.scroll = 0.0
        self._thumbs: dict[int, pygame.Surface] = {}
        self.search = LevelSearch()
        #: Whether keys typed go to the search words (after ``/``) rather than to the list.
        self.finding = False
        self.refresh()
        if typed:
            self.type_digit(typed)
        self.reveal(self.selected)

    def refresh(self) -> None:
        """Ask the store once for every level's marks and scores (a few queries for thousands)."""
        self.records: list[LevelRecord] = level_records(self.app.progress, self.levels)
        solved = [record.solved for record in self.records]
        self.open_levels = unlocked(solved, self.app.star_settings.unlock_one_by_one, self.playing)
        self.solved_count = sum(solved)
        self.helped_count = sum(record.helped and not record.solved for record in self.records)
        self.apply_search()

    def apply_search(self) -> None:
        """Show the levels the search keeps, the chosen one among them when it still is."""
        solved = [record.solved for record in self.records]
        self.shown = self.search.shown([level.title for level in self.levels], solved)
        self._place = {index: position for position, index in enumerate(self.shown)}
        if self.shown and self.selected not in self._place:
            later = [index for index in self.shown if index > self.selected]
            self.selected = later[0] if later else self.shown[-1]
        self.scroll = 0.0
        if self.shown:
            self.reveal(self.selected)
        self.app.dirty = True

    @property
    def levels(self) -> list[Level]:
        return self.app.collection.levels

    # -- layout ----------------------------------------------------------------

    def heading(self) -> tuple[str, str]:
        """The title and the line under it."""
        title = f"Choose a level: {collection_name(self.app.collection)}"
        if self.finding:
            title += f"   ·   Find: {self.search.words}_"
        elif self.search.number:
            title += f"   ·   Go to level {self.search.number}_"
        summary = f"{self.search.describe(len(self.shown), len(self.levels))}, {self.solved_count} solved"
        if self.helped_count:
            summary += f", {self.helped_count} with help"
        if self.app.star_settings.unlock_one_by_one:
            summary += f", {sum(self.open_levels)} open"
        if self.finding:
            keys = "type words of a title, arrows choose, Enter plays, Esc stops finding"
        else:
            keys = (
                "type a number to go there, / finds by title, O unsolved only, Enter plays,"
                " J next unsolved, C collections, Shift+S statistics, E edits a copy, Esc goes back"
            )
        return title, f"{summary}   ·   {keys}"

    @property
    def header(self) -> int:
        """The heading's height: it takes more lines in a narrow window."""
        return heading_height(self.app.screen.get_width(), *self.heading())

    def columns(self) -> int:
        return max(1, (self.app.screen.get_width() - GAP) // (CARD_W + GAP))

    def visible_rows(self) -> int:
        return max(1, (self.app.screen.get_height() - self.header) // (CARD_H + GAP))

    def card_rect(self, index: int) -> pygame.Rect:
        """Where the card of level ``index`` (one the search shows) is on screen."""
        columns = self.columns()
        row, column = divmod(self._place[index], columns)
        left = (self.app.screen.get_width() - columns * (CARD_W + GAP) + GAP) // 2
        top = self.header + GAP + row * (CARD_H + GAP) - round(self.scroll)
        return pygame.Rect(left + column * (CARD_W + GAP), top, CARD_W, CARD_H)

    def max_scroll(self) -> float:
        rows = -(-len(self.shown) // self.columns())
        content = rows * (CARD_H + GAP) + GAP
        return max(0.0, content - (self.app.screen.get_height() - self.header))

    def reveal(self, index: int) -> None:
        """Scroll so the card of ``index`` is on screen."""
        rect = self.card_rect(index)
        height = self.app.screen.get_height()
        if rect.top < self.header + GAP:
            self.scroll -= self.header + GAP - rect.top
        elif rect.bottom > height - GAP:
            self.scroll += rect.bottom - (height - GAP)
        self.scroll = max(0.0, min(self.max_scroll(), self.scroll))

    def index_at(self, point: tuple[int, int]) -> int | None:
        if point[1] < self.header:
            return None
        for index in self.visible_indices():
            if self.card_rect(index).collidepoint(point):
                return index
        return None

    def visible_indices(self) -> list[int]:
        """The levels whose cards are on screen."""
        columns = self.columns()
        first_row = max(0, int(self.scroll // (CARD_H + GAP)))
        last_row = first_row + self.visible_rows() + 1
        return self.shown[first_row * columns : (last_row + 1) * columns]

    def resized(self) -> None:
        if self.shown:
            self.reveal(self.selected)

    # -- input ----------------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        """Digits go to the number of the level to go to, and while finding, letters to the words."""
        char = getattr(event, "unicode", "")
        plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        if self.finding and self._edit_words(event, char, plain):
            return
        if plain and char.isdigit() and not self.finding:
            self.type_digit(char)
            return
        if self.search.number and event.key == pygame.K_BACKSPACE:
            self._go_to(self.search.erase_digit(len(self.levels)))
            return
        if self.search.number and action == "back":  # Esc forgets the number before it leaves
            self.search.number = ""
            self.app.dirty = True
            return
        if action != "confirm":
            self.search.number = ""
        super().key(action, event)

    def _edit_words(self, event: pygame.event.Event, char: str, plain: bool) -> bool:
        """A key for the search words: typed, erased, or Esc to stop finding; False for the others."""
        if event.key == pygame.K_ESCAPE:
            self.stop_finding()
        elif event.key == pygame.K_BACKSPACE:
            self.search.words = self.search.words[:-1]
            self.apply_search()
        elif plain and char.isprintable() and char and event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.search.words += char
            self.apply_search()
        else:
            return False
        return True

    def type_digit(self, digit: str) -> None:
        """A digit of the number of the level to go to: the list shows that level as it is typed."""
        self._go_to(self.search.type_digit(digit, len(self.levels)))

    def _go_to(self, index: int | None) -> None:
        if index is None:
            if self.search.number:
                last = len(self.levels)
                self.app.say(f"There is no level {self.search.number} here: the last is {last}.", 3)
            self.app.dirty = True
            return
        if index not in self._place:  # hidden by the search: show every level again
            self.search.words, self.search.unsolved_only, self.finding = "", False, False
            self.apply_search()
        self.choose_index(index)

    def action_find(self) -> None:
        """/: type words of a title, and only the levels whose titles hold them show."""
        self.finding = True
        self.app.dirty = True

    def stop_finding(self) -> None:
        self.finding = False
        self.search.words = ""
        self.apply_search()

    def action_unsolved_only(self) -> None:
        """O: hide the solved levels, or show them again."""
        self.search.unsolved_only = not self.search.unsolved_only
        self.apply_search()
        if not self.shown:
            self.app.say("Every level here is solved.", 3)

    def act(self, action: str) -> None:
        """The keys that move the choice step through the cards; the rest are ``action_<name>``."""
        if action not in STEP_ACTIONS:
            super().act(action)
            return
        if not self.shown:
            return
        columns = self.columns()
        page = columns * self.visible_rows()
        steps = {
            "left": -1,
            "right": 1,
            "previous_level": -1,
            "next_level": 1,
            "up": -columns,
            "down": columns,
            "page_up": -page,
            "page_down": page,
            "first": -len(self.levels),
            "last": len(self.levels),
        }
        self.choose(self._place[self.selected] + steps[action])

    def action_confirm(self) -> None:
        self.search.number = ""
        if self.shown:
            self.open(self.selected)

    def action_next_unsolved(self) -> None:
        self.choose_next_unsolved()

    def action_edit_level(self) -> None:
        self.close()
        self.app.edit_collection_level(self.selected)

    def action_unlock_one_by_one(self) -> None:
        settings = self.app.star_settings
        settings.unlock_one_by_one = not settings.unlock_one_by_one
        self.app.save_settings(self.app.settings)
        self.refresh()
        self.app.say(*unlocking_said(settings.unlock_one_by_one))

    def action_collections(self) -> None:
        self.app.show_collections()

    def action_statistics(self) -> None:
        """Shift+S: how much of the collection is solved, its best scores, the time played on it."""
        self.app.push(StatisticsScene(self.app, self.app.collection))

    def action_back(self) -> None:
        """Esc: the search first (every level shows again), then back to the game."""
        if self.search.filtering:
            self.search.words, self.search.unsolved_only = "", False
            self.apply_search()
        else:
            self.close()

    action_level_select = action_back  # L again closes the list

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def choose_next_unsolved(self) -> None:
        count = len(self.levels)
        for step in range(1, count + 1):
            index = (self.selected + step) % count
            if self.open_levels[index] and not self.records[index].solved and index in self._place:
                self.choose_index(index)
                return
        self.app.say("Every level you can play here is solved.", 3)

    def choose(self, position: int) -> None:
        """Choose the card at ``position`` among those shown (clamped to them)."""
        self.choose_index(self.shown[max(0, min(len(self.shown) - 1, position))])

    def choose_index(self, index: int) -> None:
        """Choose the card of level ``index`` (one shown)."""
        self.selected = index
        self.reveal(self.selected)
        self.app.dirty = True

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll - event.y * SCROLL_STEP))
            self.app.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            index = self.index_at(event.pos)
            if index is not None and index != self.selected:
                self.selected = index
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                self.open(index)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.close()

    def open(self, index: int) -> None:
        if not self.open_levels[index]:
            self.app.say(locked_message(index), 4)
            return
        self.app.pop()
        self.player.switch_level(index)

    def close(self) -> None:
        """Back to the level being played, as it was."""
        self.app.pop()

    # -- drawing ----------------------------------------------------------------

    def is_solved(self, index: int) -> bool:
        return self.records[index].solved

    def picture(self, index: int) -> pygame.Surface:
        picture = self._thumbs.pop(index, None)
        if picture is None:
            picture = thumbnail(self.levels[index], (THUMB_W, THUMB_H), (92, 150, 80))
            if len(self._thumbs) >= THUMB_LIMIT:
                self._thumbs.pop(next(iter(self._thumbs)))
        self._thumbs[index] = picture  # most recently used last
        return picture

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        width = surface.get_width()
        surface.set_clip(pygame.Rect(0, self.header, width, surface.get_height() - self.header))
        for index in self.visible_indices():
            self._draw_card(surface, index)
        surface.set_clip(None)
        if not self.shown:
            WRITER.draw(
                surface,
                "No level fits: Esc shows them all.",
                28,
                (40, 30, 30),
                midtop=(width // 2, self.header + 40),
            )
        self._draw_scrollbar(surface)
        draw_heading(surface, *self.heading())

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """Where the screen is in a long list, at the right edge."""
        most = self.max_scroll()
        if most <= 0:
            return
        width, height = surface.get_size()
        track = pygame.Rect(width - 10, self.header + 6, 6, height - self.header - 12)
        shown = track.height * (height - self.header) / (most + height - self.header)
        thumb = pygame.Rect(0, 0, track.width, max(24, round(shown)))
        thumb.left = track.left
        thumb.top = track.top + round((track.height - thumb.height) * self.scroll / most)
        pygame.draw.rect(surface, (60, 110, 170), track, border_radius=3)
        pygame.draw.rect(surface, (255, 214, 60), thumb, border_radius=3)

    def _draw_card(self, surface: pygame.Surface, index: int) -> None:
        rect = self.card_rect(index)
        chosen = index == self.selected
        if chosen:
            pygame.draw.rect(surface, (255, 214, 60), rect.inflate(10, 10), border_radius=14)
        pygame.draw.rect(surface, CARD_COLOR, rect, border_radius=10)
        pygame.draw.rect(surface, (60, 50, 50), rect, 2, border_radius=10)
        thumb_rect = pygame.Rect(rect.left + 10, rect.top + 10, THUMB_W, THUMB_H)
        surface.blit(self.picture(index), thumb_rect)
        level = self.levels[index]
        number = WRITER.render(str(index + 1), 26, (255, 255, 255), outline=True)
        surface.blit(number, number.get_rect(topleft=(thumb_rect.left + 4, thumb_rect.top + 2)))
        title = display_title(level.title) or f"Level {index + 1}"
        WRITER.draw(
            surface,
            WRITER.fit(title, 22, CARD_W - 20),
            22,
            (40, 30, 30),
            midtop=(rect.centerx, thumb_rect.bottom + 8),
        )
        stars = len(level.start.boxes)
        size = f"{level.width}x{level.height}, {stars} star{'s' if stars != 1 else ''}"
        WRITER.draw(surface, size, 18, (110, 100, 100), midtop=(rect.centerx, thumb_rect.bottom + 30))
        record = self.records[index]
        if record.best_moves is not None and record.best_pushes is not None:
            moves, pushes = plural(record.best_moves, "move"), plural(record.best_pushes, "push", "pushes")
            best = f"Best: {moves}, {pushes}"
            WRITER.draw(
                surface,
                WRITER.fit(best, 18, CARD_W - 16),
                18,
                (30, 110, 50),
                midtop=(rect.centerx, thumb_rect.bottom + 50),
            )
        if not self.open_levels[index]:
            _draw_locked(surface, thumb_rect)
        elif record.solved:
            draw_tick(surface, (thumb_rect.right - 14, thumb_rect.top + 14), SOLVED_COLOR)
        elif record.helped:  # solved with the solver's help: a ring of another colour, and said
            draw_tick(surface, (thumb_rect.right - 14, thumb_rect.top + 14), HELPED_COLOR, hollow=True)
        if record.helped and record.best_moves is None:
            WRITER.draw(
                surface, "Solved with help", 18, HELPED_COLOR, midtop=(rect.centerx, thumb_rect.bottom + 50)
            )


def _draw_locked(surface: pygame.Surface, area: pygame.Rect) -> None:
    """Grey the picture over and hang a padlock on it."""
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((60, 60, 70, 150))
    surface.blit(veil, area)
    size = max(10, area.height // 5)
    body = pygame.Rect(0, 0, size * 2, size * 3 // 2)
    body.center = (area.centerx, area.centery + size // 2)
    pen = max(3, size // 4)
    # The shackle: a hoop standing on the body, drawn dark and wide, then light and narrow.
    hoop = pygame.Rect(0, 0, size * 3 // 2, size * 2)
    hoop.midtop = (body.centerx, body.top - size)
    for color, width in (((40, 40, 48), pen + 4), ((205, 205, 215), pen)):
        inner = hoop.inflate(-(pen + 4 - width), -(pen + 4 - width))
        pygame.draw.arc(surface, color, inner, 0, 3.1416, width)
        for x in (inner.left + width // 2, inner.right - width // 2 - 1):
            pygame.draw.line(surface, color, (x, inner.centery), (x, body.top + 2), width)
    pygame.draw.rect(surface, (40, 40, 48), body.inflate(4, 4), border_radius=size // 4)
    pygame.draw.rect(surface, (240, 190, 50), body, border_radius=size // 4)
    hole = (body.centerx, body.centery - size // 8)
    pygame.draw.circle(surface, (70, 45, 10), hole, max(2, size // 6))
    pygame.draw.line(surface, (70, 45, 10), hole, (hole[0], hole[1] + size // 2), max(2, size // 8))
