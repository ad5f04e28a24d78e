"""Positions kept by name (snapshots) and solutions to replay, over the play scene.

Ctrl+S asks for a name and keeps the position in the store; M lists the
level's snapshots (Enter goes back to one, Delete forgets it), the player's
own best solutions, the solutions the level file brings and those the
optimizer made shorter ("known solutions"): Enter replays one with step
controls (:mod:`.replay`), S makes it shorter (:mod:`starpusher.session.shorter`) as O
sets it (:mod:`.shorter_settings`), A saves it as an animated picture beside the player's
pictures (:mod:`.pictures`). What the list holds, and what keeping or going back does, is the session's
(:mod:`starpusher.session.positions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from ...core import StarPusherError
from ...levels import display_title
from ...optimize import Optimized
from ...session import PlaySession
from ...session.positions import (
    MADE_SHORTER,
    Entry,
    default_name,
    forget_snapshot,
    go_back_to,
    list_entries,
)
from ...session.positions import (
    keep_snapshot as keep_in_store,
)
from ...session.shorter import Shortening
from ..kit.keys import ENTER_KEYS, Binding, Key, arrow_bindings, shared_bindings
from ..kit.text import WRITER, panel
from ..kit.window import Scene, Window
from .art import CHARACTERS
from .pictures import save_animation
from .shorter_settings import ShorterSettingsScene
from .window import StarPusherSettings


class PlayHost(Protocol):
    """What the list needs of the play scene: its game, going back, replaying."""

    # Read-only here, so that a scene whose window is a :class:`Window` subclass fits.
    @property
    def app(self) -> Window: ...

    @property
    def session(self) -> PlaySession: ...

    def travel(self, change: Callable[[], object]) -> None: ...

    def start_replay(self, moves: str, label: str, *, helped: bool = False) -> None: ...


_k = Key.of

POSITIONS_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings("List", "the one above", "the one below"),
    Binding(
        "confirm",
        ENTER_KEYS,
        "go back to the snapshot, or replay the solution",
        "List",
    ),
    Binding("forget", (_k(pygame.K_DELETE, label="Delete"),), "forget the snapshot", "List"),
    Binding("shorter", (_k(pygame.K_s),), "make the solution shorter (S again stops)", "List"),
    Binding(
        "shorter_settings",
        (_k(pygame.K_o),),
        "Make it shorter's settings: how long, fewest pushes or moves, how wide it looks",
        "List",
    ),
    Binding(
        "save_animation",
        (_k(pygame.K_a),),
        "save the solution as an animated picture (GIF) in your pictures folder",
        "List",
    ),
    Binding("snapshots", (_k(pygame.K_m),), "close the list", "List"),
    *shared_bindings("back", "quit"),
)

NAME_KEY_MAP: tuple[Binding, ...] = (
    Binding(
        "confirm",
        ENTER_KEYS,
        "keep the position under this name",
        "Name",
    ),
    *shared_bindings("back", "quit"),
)

PANEL = (16, 20, 44, 255)  # opaque: nothing of the board shows through the text
CHOSEN = (60, 80, 150)
GOLD = (255, 214, 60)
QUIET = (190, 200, 235)


def keep_snapshot(play: PlayHost) -> None:
    """Ctrl+S: ask for a name, then keep the position in the store."""
    play.app.push(SnapshotNameScene(play))


def list_positions(play: PlayHost) -> None:
    """M: the snapshots and solutions of the level."""
    play.app.push(PositionsScene(play))


class SnapshotNameScene(Scene):
    """A one-line prompt for the snapshot's name; the default is chosen, so typing replaces it."""

    opaque = False
    key_map = NAME_KEY_MAP

    def __init__(self, play: PlayHost) -> None:
        super().__init__(play.app)
        self.play = play
        self.text = default_name(play.session)
        self.fresh = True  # the default name goes as soon as the player types

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if action == "confirm":
            self.keep()
        elif action == "back":
            self.app.pop()
        elif event.key == pygame.K_BACKSPACE:
            self.text = "" if self.fresh else self.text[:-1]
            self.fresh = False
        elif event.unicode and event.unicode.isprintable() and len(self.text) < 60:
            self.text = ("" if self.fresh else self.text) + event.unicode
            self.fresh = False

    def keep(self) -> None:
        name = self.text.strip()
        if not name:
            self.app.say("A snapshot needs a name.", 3)
            return
        self.app.pop()  # first: the message belongs to the game
        keep_in_store(self.play.session, name)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 20, 560), 150)
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, radius=14)
        WRITER.draw(surface, "Keep this position as", 30, GOLD, midtop=(box.centerx, box.top + 14))
        field = pygame.Rect(box.left + 24, box.top + 52, box.width - 48, 40)
        pygame.draw.rect(surface, CHOSEN if self.fresh else (30, 36, 70), field, border_radius=6)
        pygame.draw.rect(surface, QUIET, field, 2, border_radius=6)
        shown = WRITER.fit(self.text + ("" if self.fresh else "_"), 28, field.width - 16)
        WRITER.draw(surface, shown, 28, midleft=(field.left + 10, field.centery))
        WRITER.draw(
            surface,
            "Type a name   Enter keeps it   Esc cancels",
            22,
            QUIET,
            midtop=(box.centerx, field.bottom + 14),
        )


class PositionsScene(Scene):
    """The level's snapshots, the player's own solutions and the file's known solutions."""

    opaque = False
    key_map = POSITIONS_KEY_MAP
    mouse_help = (("Click a line", "choose it; click it again to open it"),)

    def __init__(self, play: PlayHost) -> None:
        super().__init__(play.app)
        self.play = play
        self.entries: list[Entry] = list_entries(play.session)
        self.chosen = 0
        self._rows: list[pygame.Rect] = []
        #: Where the list was drawn last (the optimizer's settings hide it whole).
        self._box: pygame.Rect | None = None
        #: The chosen solution being made shorter, while it is.
        self.shortening: Shortening | None = None

    def action_up(self) -> None:
        self.choose(self.chosen - 1)

    def action_down(self) -> None:
        self.choose(self.chosen + 1)

    def action_confirm(self) -> None:
        if self.shortening is None:
            self.open()

    def action_forget(self) -> None:
        if self.shortening is None:
            self.forget()

    def action_shorter(self) -> None:
        self.make_shorter()

    def action_shorter_settings(self) -> None:
        """O: the optimizer's settings (not while it runs: it goes on as it was started)."""
        if self.shortening is None:
            self.app.push(ShorterSettingsScene(self.app, covers=lambda: self._box))

    def action_save_animation(self) -> None:
        """A: the chosen solution as an animated GIF beside the player's pictures, drawn in the background."""
        if not self.entries or self.entries[self.chosen].snapshot:
            self.app.say("Choose a solution to save as an animation (snapshots are not solutions).", 4)
            return
        entry = self.entries[self.chosen]
        level = self.play.session.level
        title = display_title(level.title) or "Star Pusher"
        settings = self.app.settings.of(StarPusherSettings)
        character = CHARACTERS[settings.character % len(CHARACTERS)]
        name = f"{title} - {entry.label}"
        save_animation(self.app, level, entry.text, name, character=character, flat=settings.flat_view)

    def action_snapshots(self) -> None:
        self.close()

    def action_back(self) -> None:
        self.close()

    def close(self) -> None:
        """Esc or M: a solution being made shorter is stopped first (its best so far kept)."""
        if self.shortening is not None:
            self.shortening.stop()
        else:
            self.app.pop()

    def make_shorter(self) -> None:
        """S: the optimizer on the chosen solution, in the background, as the player set it (O);
        S again (or Esc) stops it."""
        if self.shortening is not None:
            self.shortening.stop()
            return
        if not self.entries or self.entries[self.chosen].snapshot:
            self.app.say("Choose a solution to make shorter (snapshots are not solutions).", 4)
            return
        try:
            settings = self.app.settings.of(StarPusherSettings).shorter
            moves = self.entries[self.chosen].text
            self.shortening = Shortening(self.play.session, moves, settings, self._shorter)
        except StarPusherError as error:
            self.app.say(f"That solution cannot be made shorter: {error}", 5)

    def _shorter(self, result: Optimized) -> None:
        """The optimizer is done: the list again, the shorter solution chosen."""
        self.shortening = None
        self.entries = list_entries(self.play.session)
        if result.improved:
            self.play.session.assistant.learn(result.moves)
        for index, entry in enumerate(self.entries):
            if entry.section == MADE_SHORTER and entry.text == result.moves:
                self.choose(index)
        self.app.dirty = True

    def leave(self) -> None:
        if self.shortening is not None:
            self.shortening.cancel()
        super().leave()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        for index, row in enumerate(self._rows):
            if row.collidepoint(event.pos):
                if index == self.chosen:
                    self.open()
                else:
                    self.choose(index)
                return

    def choose(self, index: int) -> None:
        if self.entries:
            self.chosen = max(0, min(len(self.entries) - 1, index))

    def open(self) -> None:
        if not self.entries:
            return
        entry = self.entries[self.chosen]
        play = self.play
        self.app.pop()
        if entry.snapshot:
            play.travel(lambda: go_back_to(play.session, entry))
        else:
            play.start_replay(entry.text, entry.label, helped=not entry.own)

    def forget(self) -> None:
        if not self.entries or not self.entries[self.chosen].snapshot:
            return
        if not forget_snapshot(self.play.session, self.entries[self.chosen]):
            return
        self.entries = list_entries(self.play.session)
        self.choose(self.chosen)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        line = max(18, min(30, (h - 160) // max(8, len(self.entries) + 6)))
        box = pygame.Rect(0, 0, min(w - 20, 720), min(h - 20, 120 + line * (len(self.entries) + 5)))
        box.center = (w // 2, h // 2)
        self._box = box
        panel(surface, box, PANEL, radius=16)
        size = max(14, line - 6)
        WRITER.draw(surface, "Snapshots and solutions", size + 8, GOLD, midtop=(box.centerx, box.top + 12))
        y = box.top + 24 + size + 8
        self._rows = []
        section = None
        if not self.entries:
            WRITER.draw(
                surface, "Nothing yet: Ctrl+S keeps a snapshot.", size, QUIET, midtop=(box.centerx, y + line)
            )
        for index, entry in enumerate(self.entries):
            if entry.section != section:
                section = entry.section
                WRITER.draw(surface, section, size, (150, 190, 255), topleft=(box.left + 20, y))
                y += line
            row = pygame.Rect(box.left + 14, y - 2, box.width - 28, line)
            if index == self.chosen:
                pygame.draw.rect(surface, CHOSEN, row, border_radius=6)
            self._draw_entry(surface, entry, row, size)
            self._rows.append(row)
            y += line
        self._draw_footer(surface, box, size)

    def _draw_entry(self, surface: pygame.Surface, entry: Entry, row: pygame.Rect, size: int) -> None:
        """A line of the list: the label left, the counts right, both whole (smaller when they must)."""
        room = row.width - 60

        def width(size: int) -> int:
            return WRITER.measure(entry.label, size)[0] + WRITER.measure(entry.detail, size)[0]

        while size > 12 and width(size) > room:
            size -= 1
        detail_rect = WRITER.draw(surface, entry.detail, size, QUIET, midright=(row.right - 10, row.centery))
        label = WRITER.fit(entry.label, size, detail_rect.left - row.left - 30)
        WRITER.draw(surface, label, size, midleft=(row.left + 22, row.centery))

    def _draw_footer(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """The keys, or how far Make it shorter has come: whole, on two lines in a narrow window."""
        if self.shortening is not None:
            footer = f"{self.shortening.progress()}   S or Esc: stop"
        else:
            footer = (
                "Enter: go back / replay   S: shorter   O: its settings   A: animation   Delete: forget"
                "   Esc: close"
            )
        footer_size, lines = WRITER.fit_whole(footer, max(14, size - 4), box.width - 20, smallest=11)
        color = GOLD if self.shortening is not None else QUIET
        step = WRITER.line_height(footer_size)
        for number, text in enumerate(lines):
            bottom = box.bottom - 10 - (len(lines) - 1 - number) * step
            WRITER.draw(surface, text, footer_size, color, midbottom=(box.centerx, bottom))
