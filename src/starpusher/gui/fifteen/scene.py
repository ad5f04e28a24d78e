"""Fifteen, the sliding-tile puzzle, in the Star Pusher window.

The game is a :class:`~starpusher.session.fifteen.FifteenSession`: the
board's history (undo, redo and restart, shared with Sokoban), the clock, the
records of each size and the solver's help. The scene translates keys and
clicks into the session's verbs and draws: a slide goes into the history at
once and only its picture is animated, so keys pressed during an animation
wait in the session's queue and are never lost.

The scene brings its own key map (R is a new shuffle here, not a restart);
the help overlay lists it.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core.fifteen import Board
from ...core.words import plural
from ...history import History
from ...session.fifteen import FifteenSession, SlideStep, format_time
from ...session.fifteen_records import FifteenRecords
from ...session.timing import clock_text
from ...session.verbs import FIFTEEN_KEYS_AFTER_SOLVED, FIFTEEN_PACE, FIFTEEN_TRAVELS, SLIDES, SOLVER_VERBS
from ..kit.help import HelpOverlay
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.pacing import PacedScene, Timed
from ..kit.window import Window
from ..sokoban.art import Geometry
from .art import MARGIN, PICTURES, TILE_FACE, TILE_TOP, SolvedBanner, TrayPicture, draw_arrow
from .keys import FIFTEEN_KEY_MAP, FIFTEEN_MOUSE_HELP
from .records import fifteen_progress, store_data_dir
from .size import SizeChooser

__all__ = ["GAME_NAME", "FifteenScene", "format_time", "open_fifteen"]

GAME_NAME = "Fifteen"
#: Largest tile width when a small board meets a big window.
MAX_TILE_WIDTH = 140
MIN_TILE_WIDTH = 12
#: The keys the footer reminds the player of.
FOOTER_KEYS = "F1 help   R new shuffle   +/- size   S sizes   Z undo   Backspace restart   H hint   Esc title"

#: What the "Solved!" banner says the keys do.
SOLVED_KEYS = "Any key: a new shuffle    Z: undo    Backspace: this one again"


# -- the scene ----------------------------------------------------------------------------


@dataclass
class SlideAnimation(Timed):
    """The picture of one history entry (one slide, or the tiles of one click) moving."""

    #: Each moving tile's number, with its (column, row) before and after.
    tiles: dict[int, tuple[tuple[int, int], tuple[int, int]]]
    duration: float
    elapsed: float = 0.0

    @classmethod
    def between(cls, before: Board, after: Board, duration: float) -> SlideAnimation:
        moved = {}
        for cell, number in enumerate(after.tiles):
            if number and before.tiles[cell] != number:
                moved[number] = (before.xy(before.tiles.index(number)), after.xy(cell))
        return cls(moved, duration)


class FifteenScene(PacedScene):
    key_map = FIFTEEN_KEY_MAP
    mouse_help = FIFTEEN_MOUSE_HELP
    move_word = "slide"
    time_factor = FIFTEEN_PACE.time_factor

    def __init__(
        self,
        app: Window,
        size: tuple[int, int] | None = None,
        *,
        data_dir: str | os.PathLike[str] | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(app)
        self.session = FifteenSession(
            FifteenRecords(fifteen_progress(app), app.say),
            say=app.say,
            tasks=app.tasks,
            data_dir=data_dir if data_dir is not None else store_data_dir(app),
            size=size,
            rng=rng,
            clock=clock,
        )
        self.tray, self._tray_size = TrayPicture(*self.session.size), self.session.size
        self.animation: SlideAnimation | None = None
        #: The cell under the mouse: the tiles a click there would slide are ringed.
        self.hover: int | None = None
        self._shown_second = -1

    @property
    def history(self) -> History[Board]:
        return self.session.history

    @property
    def board(self) -> Board:
        return self.session.board

    def new_game(self, size: tuple[int, int] | None = None) -> None:
        """A fresh shuffle (of a new size, when given)."""
        self.session.new_game(size)
        self._new_board()

    def _new_board(self) -> None:
        if self._tray_size != self.session.size:
            self.tray, self._tray_size = TrayPicture(*self.session.size), self.session.size
        self.animation = None
        self._shown_second = -1
        self.app.dirty = self.app.full_redraw = True

    # -- actions ----------------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if self.showing_solved and action not in FIFTEEN_KEYS_AFTER_SOLVED:
            # Any key starts a new game, not a key still held from the winning slide.
            if self.fresh_press(event):
                self.new_game()
            return
        super().key(action, event)

    def act(self, action: str) -> None:
        """Slides and the game's verbs go to the session (``session.undo`` for "undo"); the rest stay here."""
        if action in SLIDES:
            self.session.slide(SLIDES[action])
        elif action in FIFTEEN_TRAVELS:
            self.animation = None  # going back or forth: the running animation goes first
            getattr(self.session, action)()
        elif action in SOLVER_VERBS:
            getattr(self.session, action)()
        else:
            super().act(action)

    def action_new_game(self) -> None:
        self.new_game()

    def action_bigger(self) -> None:
        self._change_size(1)

    def action_smaller(self) -> None:
        self._change_size(-1)

    def _change_size(self, step: int) -> None:
        if self.session.change_size(step):
            self._new_board()

    def action_choose_size(self) -> None:
        self.app.push(SizeChooser(self.app, self))

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def action_back(self) -> None:
        self.app.show_title(GAME_NAME)  # with Fifteen chosen: Enter comes straight back

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            hover = self.cell_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.app.dirty = True
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        self.app.dirty = True
        if self.showing_solved:
            self.new_game()
            return
        if self.session.queue.autoplay is not None:
            self.session.stop_playing()
            return
        cell = self.cell_at(event.pos)
        if cell is not None:
            self.session.slide_to(cell)

    # -- time ----------------------------------------------------------------

    @property
    def showing_solved(self) -> bool:
        return self.session.solved and self.animation is None and not self.session.queue

    def wake_in(self) -> float | None:
        if self.animation is not None or self.session.queue:
            return 0
        if self.session.timer_running:  # the clock on screen turns once a second
            return 1.0 - self.session.elapsed() % 1.0 + 0.01
        return None

    def update(self, dt: float) -> bool:
        changed = False
        self.session.pause_while_waiting()
        if self.animation is not None:
            self.animation.elapsed += dt
            changed = True
            if self.animation.done:
                self.animation = None
        if self.animation is None and self.session.queue:
            instant = self.app.settings.instant_moves
            step = self.session.play_queued(all_of_them=instant)
            if step is not None and not instant:
                self.animation = SlideAnimation.between(step.before, step.after, self._pace(step))
            changed = True
        second = int(self.session.elapsed())
        if second != self._shown_second:
            self._shown_second = second
            changed = True
        return changed

    def _pace(self, step: SlideStep) -> float:
        """Seconds a slide takes on screen (every front end's pace)."""
        waiting = len(self.session.queue)
        return FIFTEEN_PACE.seconds(self.app.settings.step_seconds, autoplay=step.autoplay, waiting=waiting)

    def message_context(self) -> object:
        """The board being played: a message about one shuffle ends with it."""
        return (self.session.size, self.history)

    # -- layout ----------------------------------------------------------------

    def view_rect(self) -> pygame.Rect:
        """Where the board goes: between the bars, and below the "Solved!" banner while it shows."""
        view = view_rect(self.app.screen)
        if not self.showing_solved:
            return view
        top = self.banner().rect.bottom + 4
        return pygame.Rect(view.left, top, view.width, max(1, view.bottom - top))

    def banner(self) -> SolvedBanner:
        return SolvedBanner.at_top_of(view_rect(self.app.screen), self.session.notes, SOLVED_KEYS)

    def tile_width(self) -> int:
        view = self.view_rect()
        layout = self.tray.layout
        by_width = (view.width - 8) / layout.map_columns
        by_height = (view.height - 4) / ((layout.map_rows - 1) * 0.8 + 1.7)
        return int(max(MIN_TILE_WIDTH, min(by_width, by_height, MAX_TILE_WIDTH)))

    def origin(self) -> tuple[int, int]:
        view = self.view_rect()
        map_w, map_h = self.tray.layout.map_size(self.tile_width())
        return view.centerx - map_w // 2, view.centery - map_h // 2

    def cell_at(self, point: tuple[int, int]) -> int | None:
        """The board cell whose tile face is under a point on the screen, or None."""
        width = self.tile_width()
        geometry = Geometry(width)
        ox, oy = self.origin()
        x = (point[0] - ox) // geometry.width - MARGIN
        y = int((point[1] - oy - width * TILE_TOP / 100) // geometry.step) - MARGIN
        columns, rows = self.session.size
        if 0 <= x < columns and 0 <= y < rows:
            return y * columns + x
        return None

    def cell_center(self, cell: int) -> tuple[int, int]:
        """The middle of a cell's tile face on the screen (tests click there)."""
        width = self.tile_width()
        geometry = Geometry(width)
        ox, oy = self.origin()
        x, y = self.board.xy(cell)
        return (
            ox + (x + MARGIN) * geometry.width + geometry.width // 2,
            oy + (y + MARGIN) * geometry.step + round(width * (TILE_TOP + TILE_FACE / 2) / 100),
        )

    # -- drawing ----------------------------------------------------------------

    def tile_positions(self) -> list[tuple[float, float, int]]:
        """(column, row, number) of every tile, mid-slide ones at their fractional place."""
        board = self.board
        positions = []
        moving = self.animation.tiles if self.animation is not None else {}
        fraction = self.animation.fraction if self.animation is not None else 1.0
        for cell, number in enumerate(board.tiles):
            if not number:
                continue
            if number in moving:
                (x0, y0), (x1, y1) = moving[number]
                positions.append((x0 + (x1 - x0) * fraction, y0 + (y1 - y0) * fraction, number))
            else:
                x, y = board.xy(cell)
                positions.append((float(x), float(y), number))
        return positions

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        view = self.view_rect()
        width = self.tile_width()
        geometry = Geometry(width)
        ox, oy = self.origin()
        back, front = self.tray.surfaces(width)
        surface.set_clip(view)
        surface.blit(back, (ox, oy))
        hinted = self.session.assistant.hinted() if self.animation is None else None
        rings = self._rings(hinted)
        columns, rows = self.session.size
        digits = len(str(columns * rows - 1))  # one size of number for every tile of the board
        for x, y, number in sorted(self.tile_positions(), key=lambda p: (math.ceil(p[1]), p[0])):
            home = x == (number - 1) % columns and y == (number - 1) // columns
            ring = rings.get(int(y) * columns + int(x)) if x.is_integer() and y.is_integer() else None
            picture = PICTURES.tile(number, width, digits=digits, home=home, ring=ring)
            position = (ox + round((x + MARGIN) * geometry.width), oy + round((y + MARGIN) * geometry.step))
            surface.blit(picture, position)
        surface.blit(front, (ox, oy))
        if hinted is not None:
            self._draw_hint_arrow(surface, *hinted, width)
        surface.set_clip(None)
        self._draw_hud(surface)
        if self.showing_solved:
            self.banner().draw(surface)

    def _rings(self, hinted: tuple[int, str] | None) -> dict[int, str]:
        """Cells whose tiles are ringed: the hinted one, and those a click under the mouse would slide."""
        rings: dict[int, str] = {}
        if (
            self.animation is None
            and not self.session.queue
            and not self.session.solved
            and self.hover is not None
        ):
            board = self.board
            moves = board.moves_to_slide(self.hover)
            for letter in moves:  # from the gap out to the hovered tile
                source = board.source_of(letter)
                assert source is not None
                rings[source] = "hover"
                board = board.slide(letter)
        if hinted is not None:
            rings[hinted[0]] = "hint"
        return rings

    def _draw_hint_arrow(self, surface: pygame.Surface, cell: int, letter: str, width: int) -> None:
        """An arrow on the gap, pointing the way the hinted tile slides into it."""
        gap_x, gap_y = self.cell_center(self.board.gap)
        tile_x, tile_y = self.cell_center(cell)
        dx, dy = gap_x - tile_x, gap_y - tile_y
        center = (gap_x, gap_y + width // 12)
        draw_arrow(surface, center, (dx > 0) - (dx < 0), (dy > 0) - (dy < 0), int(width * 0.7))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        session = self.session
        shown = clock_text(session.timer, tenths=session.timer_stopped)
        columns, rows = self.session.size
        best = session.best
        if best.moves is not None and best.seconds is not None:
            record = f"Best {plural(best.moves, 'move')}, {format_time(best.seconds, tenths=True)}"
        else:
            record = "No best yet at this size"
        if session.helped_count:
            record += f"   ·   solved with help {session.helped_count}x"
        draw_bars(
            surface,
            place=f"{GAME_NAME}  {columns}x{rows}",
            about=record,
            counts=f"Moves {len(self.history.moves)}   {shown}",
            keys=FOOTER_KEYS,
        )

    def active_changed(self, active: bool) -> None:
        """The clock runs only while the board is played: not under the help, nor behind another window."""
        self.session.being_played(active)

    def leave(self) -> None:
        """Keep an unfinished game, so it is there next time."""
        self.session.leave()


def open_fifteen(
    app: Window, size: tuple[int, int] | None = None, *, data_dir: str | os.PathLike[str] | None = None
) -> FifteenScene:
    """Fifteen as the player opens it: the game, with the 4x4 tables' build started in the background,
    so that the first hint does not keep the player waiting."""
    scene = FifteenScene(app, size, data_dir=data_dir)
    scene.session.assistant.prepare_tables()
    return scene
