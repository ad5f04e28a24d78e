"""Fifteen, the sliding-tile puzzle, in the Star Pusher window.

The game state is a :class:`~starpusher.history.History` of
:class:`~starpusher.core.fifteen.Board` s, shared with Sokoban's undo, redo and
restart. A slide goes into the history at once and only its picture is
animated, so keys pressed during an animation wait in a queue and are never
lost. A mouse click that slides several tiles is one history entry (several
letters), so one undo takes the whole click back.

The scene brings its own key map (R is a new shuffle here, not a restart);
the help overlay lists it. Best moves and times per size, the size last
played and an unfinished game (resumed next time, at its size) live in the
store when there is one (:mod:`.records`). A solve with the solver's
help (a hint shown, a solution played) sets no best.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core.fifteen import MAX_SIDE, MIN_SIDE, Board, apply_move
from ...history import History
from ...store import FifteenGame
from ..kit.help import HelpOverlay
from ..kit.keys import MODIFIER_KEYS, Command
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.pacing import SPEED_STEP, PacedScene, Timed
from ..kit.window import Window
from ..sokoban.art import Geometry
from .art import MARGIN, PICTURES, TILE_FACE, TILE_TOP, TrayPicture, draw_arrow, draw_celebration
from .assist import HINT, SOLUTION, FifteenAssistant
from .keys import FIFTEEN_KEY_MAP, FIFTEEN_MOUSE_HELP, SLIDES
from .records import FifteenRecords, store_data_dir
from .size import SizeChooser

GAME_NAME = "Fifteen"
#: Largest tile width when a small board meets a big window.
MAX_TILE_WIDTH = 140
MIN_TILE_WIDTH = 12
#: A slide takes this many times the window's step time: tiles are bigger than a walker's step.
SLIDE_TIME_FACTOR = 1.25

#: The keys the footer reminds the player of.
FOOTER_KEYS = "F1 help   R new shuffle   +/- size   S sizes   Z undo   Backspace restart   H hint   Esc title"

#: Keys that keep their meaning while "Solved!" is shown; any other starts a new shuffle.
_KEYS_AFTER_SOLVED = frozenset(
    {
        Command.UNDO,
        Command.REDO,
        Command.RESTART,
        Command.BIGGER,
        Command.SMALLER,
        Command.CHOOSE_SIZE,
        Command.INSTANT_MOVES,
        Command.SLOWER,
        Command.FASTER,
        Command.HELP,
        Command.FULLSCREEN,
        Command.BACK,
        Command.QUIT,
    }
)


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
    time_factor = SLIDE_TIME_FACTOR

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
        self.records = FifteenRecords(app)
        self.rng = rng or random.Random()
        self.clock = clock
        self.assistant = FifteenAssistant(self, data_dir if data_dir is not None else store_data_dir(app))
        saved = self.records.saved_game()
        resume = saved if saved is not None and size in (None, saved.size) else None
        #: A kept game of another size, not resumed: only an unfinished game of this window replaces it.
        self._keeps_other_game = saved is not None and resume is None
        self.size = resume.size if resume is not None else size or self.records.size()
        self.tray = TrayPicture(*self.size)
        self.animation: SlideAnimation | None = None
        #: The cell under the mouse: the tiles a click there would slide are ringed.
        self.hover: int | None = None
        self.new_game(self.size, resume=resume)
        self.records.remember_size(self.size)

    # -- games ----------------------------------------------------------------

    def new_game(self, size: tuple[int, int] | None = None, *, resume: FifteenGame | None = None) -> None:
        """A fresh shuffle (of a new size, when given), or the game left unfinished last time."""
        if size is not None and size != self.size:
            self.size = size
            self.tray = TrayPicture(*size)
            self.records.remember_size(size)
        self.assistant.forget()
        self.history: History[Board] = History(Board.shuffled(*self.size, rng=self.rng), apply_move)
        if resume is not None:
            try:
                start = Board.from_tiles(resume.start, *self.size)
                self.history = History.from_text(start, apply_move, resume.history)
            except ValueError:
                resume = None  # it no longer fits the rules: a fresh shuffle instead
        self.queue.clear()
        self.animation = None
        self.pace = None
        self.solved = False
        #: True once the solver helped (a hint shown or a solution played): such a solve sets no best.
        self.helped = resume is not None and resume.helped
        self.notes: list[str] = []
        self._started_at: float | None = None  # the clock when the timer (re)started
        #: Seconds already played before the timer starts: those of a resumed game.
        self._played_before = resume.seconds if resume is not None else 0.0
        self._stopped: float | None = None  # seconds on the timer once it stopped
        self._paused_at: float | None = None  # the clock when the player began to wait for the solver
        self._shown_second = -1
        self.best = self.records.best(*self.size)
        #: How often this size was solved with the solver's help (shown beside the best).
        self.helped_count = self.records.helped(*self.size)
        self.app.dirty = self.app.full_redraw = True

    @property
    def board(self) -> Board:
        return self.history.state

    def change_size(self, step: int) -> None:
        width, height = (max(MIN_SIDE, min(MAX_SIDE, side + step)) for side in self.size)
        if (width, height) == self.size:
            self.app.say(f"Boards go from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}.", 2)
            return
        self.new_game((width, height))
        self.app.say(f"A new {width}x{height} board.", 2)

    # -- the timer ----------------------------------------------------------------

    def elapsed(self) -> float:
        """Seconds since the first slide, stopped when solved, paused while the solver thinks."""
        if self._stopped is not None:
            return self._stopped
        if self._started_at is None:
            return self._played_before
        now = self._paused_at if self._paused_at is not None else self.clock()
        return now - self._started_at

    def _pause_while_waiting(self) -> None:
        """The player waiting for a hint or a solution is not playing: the clock waits too."""
        waiting = self.assistant.searching
        if waiting and self._paused_at is None and self.timer_running:
            self._paused_at = self.clock()
        elif not waiting and self._paused_at is not None:
            if self._started_at is not None:
                self._started_at += self.clock() - self._paused_at
            self._paused_at = None

    @property
    def timer_running(self) -> bool:
        return self._started_at is not None and self._stopped is None

    def _stop_timer(self) -> float:
        self._stopped = round(self.elapsed(), 1)
        return self._stopped

    def _resume_timer(self) -> None:
        if self._stopped is not None:
            self._started_at = self.clock() - self._stopped
            self._stopped = None

    # -- input ----------------------------------------------------------------

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        if self.showing_solved and command not in _KEYS_AFTER_SOLVED:
            # A fresh press, not a key still held from the winning slide, nor a modifier.
            if not self.app.key_repeat and event.key not in MODIFIER_KEYS:
                self.new_game()
            return
        if command in SLIDES:
            if self.pace is not None:  # a slide key stops a solution playing by itself
                self.stop_playing()
                return
            self.assistant.cancel()
            self.queue.append(SLIDES[command])
        elif command is not None:
            self.do(command)

    def do(self, command: Command) -> None:
        actions: dict[Command, Callable[[], object]] = {
            Command.UNDO: lambda: self._time_travel(self.history.undo),
            Command.REDO: lambda: self._time_travel(self.history.redo),
            Command.RESTART: lambda: self._time_travel(self.history.restart),
            Command.NEW_GAME: self.new_game,
            Command.BIGGER: lambda: self.change_size(1),
            Command.SMALLER: lambda: self.change_size(-1),
            Command.CHOOSE_SIZE: self.choose_size,
            Command.HINT: lambda: self._ask(HINT),
            Command.PLAY_SOLUTION: lambda: self._ask(SOLUTION),
            Command.INSTANT_MOVES: self.toggle_instant,
            Command.SLOWER: lambda: self.change_speed(SPEED_STEP),
            Command.FASTER: lambda: self.change_speed(1 / SPEED_STEP),
            Command.HELP: lambda: self.app.push(HelpOverlay(self.app)),
            Command.BACK: self.back_to_title,
        }
        action = actions.get(command)
        if action:
            action()

    def _time_travel(self, change: Callable[[], object]) -> None:
        """Undo, redo or restart: queued slides and the running animation go first."""
        self.stop_playing()
        self.animation = None
        before = self.board
        change()
        if self.board != before:  # a search for the old board is wasted now
            self.assistant.cancel()
        self.assistant.position_changed()
        self.solved = self.board.is_solved()
        if self.solved:
            self._stop_timer()
        else:
            self._resume_timer()
            if self._started_at is None and self.board != before:  # a resumed game's first change
                self._started_at = self.clock() - self._played_before

    def _ask(self, kind: str) -> None:
        if self.pace is not None:
            self.stop_playing()
        self.assistant.ask(kind)

    def play_moves(self, moves: str, message: str) -> None:
        """Let the solver's slides play by themselves, each undoable like the player's own."""
        self.queue.clear()
        self.queue.extend(moves)
        self.pace = self.app.settings.step_seconds * SLIDE_TIME_FACTOR * max(0.4, min(1.5, 40 / len(moves)))
        self.app.say(message, 4)

    def choose_size(self) -> None:
        self.app.push(SizeChooser(self.app, self))

    def back_to_title(self) -> None:
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
        if self.pace is not None:
            self.stop_playing()
            return
        cell = self.cell_at(event.pos)
        if cell is None:
            return
        board = self.planned_board()
        moves = board.moves_to_slide(cell)
        if moves:
            self.assistant.cancel()
            self.queue.append(moves)
        elif cell != board.gap:
            self.app.say("Click a tile in the gap's row or column.", 2)

    def planned_board(self) -> Board:
        """The board once the queued slides are made."""
        board = self.board
        for entry in self.queue:
            for letter in entry:
                board = board.try_slide(letter) or board
        return board

    # -- time ----------------------------------------------------------------

    @property
    def showing_solved(self) -> bool:
        return self.solved and self.animation is None and not self.queue

    def wake_in(self) -> float | None:
        if self.animation is not None or self.queue:
            return 0
        if self.timer_running:  # the clock on screen turns once a second
            return 1.0 - self.elapsed() % 1.0 + 0.01
        return None

    def update(self, dt: float) -> bool:
        changed = False
        self._pause_while_waiting()
        if self.animation is not None:
            self.animation.elapsed += dt
            changed = True
            if self.animation.done:
                self.animation = None
        if self.animation is None and self.queue:
            self._play_queue()
            changed = True
        second = int(self.elapsed())
        if second != self._shown_second:
            self._shown_second = second
            changed = True
        return changed

    def _play_queue(self) -> None:
        """Start the next queued slide (or click); with instant slides, make them all."""
        while self.queue and self.animation is None:
            entry = self.queue.popleft()
            before = after = self.board
            made = ""
            for letter in entry:
                moved = after.try_slide(letter)
                if moved is None:
                    break  # a tile that is not there: nothing happens, as with a wall in Sokoban
                after, made = moved, made + letter
            if not made:
                continue
            self.history.record(made, after)
            if self._started_at is None:
                self._started_at = self.clock() - self._played_before
            self.assistant.position_changed()
            if after.is_solved():
                self._celebrate()
            if not self.app.settings.instant_moves:
                if self.pace is not None:
                    duration = self.pace
                else:  # a long queue plays faster so the player is not kept waiting
                    duration = self.app.settings.step_seconds * SLIDE_TIME_FACTOR / (1 + len(self.queue) / 4)
                self.animation = SlideAnimation.between(before, after, duration)
        if not self.queue:
            self.pace = None

    def _celebrate(self) -> None:
        self.solved = True
        self.queue.clear()
        self.pace = None
        seconds = self._stop_timer()
        moves = len(self.history.moves)
        done = f"{moves} moves in {format_time(seconds, tenths=True)}"
        if self.helped:
            times = self.records.record_helped(*self.size, moves)
            self.helped_count = times or self.helped_count
            self.notes = [done, "Solved with help: kept as that, never as a best."]
            return
        by_moves, by_time = self.records.record(*self.size, moves, seconds)
        self.notes = [done]
        if by_moves:
            self.notes.append(f"New best: {moves} moves!")
        if by_time:
            self.notes.append(f"New best time: {format_time(seconds, tenths=True)}!")
        self.best = self.records.best(*self.size)

    def message_context(self) -> object:
        """The board being played: a message about one shuffle ends with it."""
        return (self.size, self.history)

    # -- layout ----------------------------------------------------------------

    def view_rect(self) -> pygame.Rect:
        return view_rect(self.app.screen)

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
        columns, rows = self.size
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
        hinted = self.assistant.hinted() if self.animation is None else None
        rings = self._rings(hinted)
        columns = self.size[0]
        for x, y, number in sorted(self.tile_positions(), key=lambda p: (math.ceil(p[1]), p[0])):
            home = x == (number - 1) % columns and y == (number - 1) // columns
            ring = rings.get(int(y) * columns + int(x)) if x.is_integer() and y.is_integer() else None
            picture = PICTURES.tile(number, width, home=home, ring=ring)
            position = (ox + round((x + MARGIN) * geometry.width), oy + round((y + MARGIN) * geometry.step))
            surface.blit(picture, position)
        surface.blit(front, (ox, oy))
        if hinted is not None:
            self._draw_hint_arrow(surface, *hinted, width)
        surface.set_clip(None)
        self._draw_hud(surface)
        if self.showing_solved:
            prompt = "Any key: a new shuffle    Z: undo    Backspace: this one again"
            draw_celebration(surface, view, self.notes, prompt)

    def _rings(self, hinted: tuple[int, str] | None) -> dict[int, str]:
        """Cells whose tiles are ringed: the hinted one, and those a click under the mouse would slide."""
        rings: dict[int, str] = {}
        if self.animation is None and not self.queue and not self.solved and self.hover is not None:
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
        shown = format_time(self.elapsed(), tenths=self._stopped is not None)
        columns, rows = self.size
        best = self.best
        if best.moves is not None and best.seconds is not None:
            record = f"Best {best.moves} moves, {format_time(best.seconds, tenths=True)}"
        else:
            record = "No best yet at this size"
        if self.helped_count:
            record += f"   ·   solved with help {self.helped_count}x"
        draw_bars(
            surface,
            place=f"{GAME_NAME}  {columns}x{rows}",
            about=record,
            counts=f"Moves {len(self.history.moves)}   Time {shown}{' (paused)' if self._paused_at else ''}",
            keys=FOOTER_KEYS,
        )

    # -- leaving ----------------------------------------------------------------

    def leave(self) -> None:
        """Keep an unfinished game, so it is there next time (a solved or untouched one is not kept).

        A game kept from before and not resumed here stays unless this window
        leaves one unfinished: opening a 4x4 for a look must not throw away a
        5x3 half done.
        """
        self.assistant.cancel()
        self.assistant.stop_preparing()
        unfinished = self.history.to_text() and not self.solved
        if not unfinished and self._keeps_other_game:
            return
        self.records.save_game(
            FifteenGame(
                self.size,
                self.history.start.tiles,
                self.history.to_text(),
                round(self.elapsed(), 1),
                self.helped,
            )
            if unfinished
            else None
        )


def format_time(seconds: float, *, tenths: bool = False) -> str:
    """``1:05`` (or ``1:05.3``); hours when it comes to that."""
    if tenths:
        seconds = round(seconds, 1)
    minutes, rest = divmod(seconds if tenths else int(seconds), 60)
    hours, minutes = divmod(int(minutes), 60)
    second_text = f"{rest:04.1f}" if tenths else f"{int(rest):02d}"
    return f"{hours}:{minutes:02d}:{second_text}" if hours else f"{minutes}:{second_text}"


def open_fifteen(
    app: Window, size: tuple[int, int] | None = None, *, data_dir: str | os.PathLike[str] | None = None
) -> FifteenScene:
    """Fifteen as the player opens it: the game, with the 4x4 tables' build started in the background,
    so that the first hint does not keep the player waiting."""
    scene = FifteenScene(app, size, data_dir=data_dir)
    scene.assistant.prepare_tables()
    return scene
