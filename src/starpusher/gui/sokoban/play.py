"""The play scene: one level of the open collection, moved by keys and mouse.

Game state is the level's :class:`~starpusher.history.History`; everything
else here (the animation, queued moves, camera, zoom, chosen star) is UI
state that undo never touches. A move is recorded in the history at once and
only its picture is animated, so a key pressed during an animation waits in
the queue and is never lost.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core import Direction, Level, StarPusherError, State
from ...history import History
from ...levels import Collection, display_title, read_collection
from ..kit.help import HelpOverlay
from ..kit.keys import MODIFIER_KEYS, Command
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.pacing import SPEED_STEP, PacedScene, Timed
from ..kit.text import WRITER, panel
from .art import CHARACTERS, Geometry, Tile, star_points
from .assist import HINT, SOLUTION, Assistant
from .board import BoardPicture, Sprite
from .keys import KEY_MAP, MOUSE_HELP, MOVE_LETTERS
from .paths import push_path, push_targets, walk_path
from .positions import counts_text, keep_snapshot, list_positions
from .records import LevelRecord, is_unlocked, level_records, next_unsolved
from .replay import REPLAY_KEY_MAP, Replay
from .select import LevelSelectScene
from .transfer import copy_level, paste
from .window import StarPusherWindow

#: Largest tile width when fitting a small level to a big window (the original used 50).
MAX_FIT_WIDTH = 90
MIN_WIDTH, MAX_WIDTH = 8, 200
ZOOM_STEP = 1.25
HOP = 0.08  # rows
PAN_SPEED = 520  # pixels per second while a WASD key is held
#: Zoomed in, the camera moves only when the player comes this many squares near the view's edge
#: (at most half the way from the middle).
EDGE_MARGIN = 2.5


@dataclass
class MoveAnimation(Timed):
    """The picture of one move that is already in the history."""

    before: State
    direction: Direction
    pushed: bool
    duration: float
    elapsed: float = 0.0


class PlayScene(PacedScene):
    app: StarPusherWindow
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP

    def __init__(self, app: StarPusherWindow, index: int) -> None:
        super().__init__(app)
        self.animation: MoveAnimation | None = None
        self._selected_star: int | None = None
        #: Every square the chosen star can be pushed to (shown; a click there pushes it).
        self.push_targets: frozenset[int] = frozenset()
        self.hover: int | None = None  # the square under the mouse while a star is chosen
        self.pan = [0.0, 0.0]
        self.zoom = 1.0
        #: The point of the map in the middle of the view, in squares (x, y); see :meth:`origin`.
        self.camera = (0.0, 0.0)
        #: Where the mouse was last seen: the wheel zooms about it.
        self.pointer: tuple[int, int] | None = None
        self.assistant: Assistant | None = None
        #: History positions of the moves the solver played (Shift+H), and whether it plays now.
        self.solver_positions: set[int] = set()
        self.solver_playing = False
        #: A solution being replayed (M), shown in place of the game; the game waits in _own_history.
        self.replay: Replay | None = None
        #: Where the "Solved!" banner was drawn last (None while not solved).
        self.banner: pygame.Rect | None = None
        self._own_history: History[State] | None = None
        self._last_frame: tuple[object, list[Sprite]] | None = None
        self.load(index)

    # -- levels ----------------------------------------------------------------

    @property
    def selected_star(self) -> int | None:
        """The star the mouse chose, or None."""
        return self._selected_star

    @selected_star.setter
    def selected_star(self, square: int | None) -> None:
        self._selected_star = square
        self.push_targets = (
            frozenset() if square is None else push_targets(self.level, self.planned_state(), square)
        )

    @property
    def levels(self) -> list[Level]:
        return self.app.collection.levels

    def load(self, index: int) -> None:
        """Show level ``index`` (wrapping around), resuming a game in progress."""
        self.index = index % len(self.levels)
        self.app.level_index = self.index
        self.level = self.levels[self.index]
        if self.assistant is not None:
            self.assistant.cancel()
        self.assistant = Assistant(self, self.level)
        self.board = self._make_board()
        self.saved_game_unfit = False
        self.history = self._restore_history(self.level)
        self.solver_positions = set()
        self.assistant.position_changed(pushed=False)
        self.queue.clear()
        self.pace = None
        self.animation = None
        self.selected_star = None
        self.pan = [0.0, 0.0]
        self.zoom = 1.0
        self.camera = (self.level.width / 2, self.level.height / 2)
        self._follow()
        self.solved = self.level.is_solved(self.history.state)
        # Asked once per level: the store may have to look it up.
        self.solved_before = self.app.progress.is_solved(self.level)
        #: How the last solution compares with the best (the "Solved!" banner says it).
        self.solved_note = ""
        self.record = self._record()
        if self.plays_collection:
            self.app.remember_place()
        if self.saved_game_unfit:  # said once the scene shows the level, so the message is the level's
            self.app.say("The saved game of this level did not fit it; starting afresh.", owner=self)
        self.app.dirty = True

    def _make_board(self) -> BoardPicture:
        """The level's picture, with dead squares crossed when the player asked for them."""
        settings = self.app.settings
        shaded = self.assistant_of().dead if settings.show_dead_squares else ()
        return BoardPicture(self.level, flat=settings.flat_view, shaded=shaded)

    def _record(self) -> LevelRecord:
        """The level's best scores, shown under the board."""
        return level_records(self.app.progress, [self.level])[0]

    @property
    def plays_collection(self) -> bool:
        """Whether the levels are the open collection's (a subclass may play others: Endless)."""
        return self.levels is self.app.collection.levels

    def _locked(self, index: int) -> bool:
        index %= len(self.levels)
        return self.plays_collection and not is_unlocked(self.app, index)

    def _restore_history(self, level: Level) -> History[State]:
        """The game left on ``level``, or a fresh one (``saved_game_unfit`` when the kept one did not fit)."""
        saved = self.app.progress.load_game(level)
        if saved:
            try:
                return History.from_text(level.start, level.apply, saved)
            except ValueError:
                self.saved_game_unfit = True
        return History(level.start, level.apply)

    def save(self) -> None:
        """Hand the game to the store after every change, so even a crash loses nothing."""
        if self.replay is None:
            self.app.progress.save_game(self.level, self.history.to_text())

    def leave(self) -> None:
        if self.assistant is not None:
            self.assistant.cancel()
        if self.replay is not None:
            self.end_replay(take_over=False)
        self.save()

    def switch_level(self, index: int) -> None:
        self.leave()
        self.load(index)

    def next_level(self) -> None:
        """N: the next level, unless it is still locked (unlock one by one)."""
        index = self.index + 1  # not wrapped here: a subclass may make a level past the last
        if self._locked(index):
            self.app.say(f"Level {index + 1} is locked: solve level {index} to open it.", 4)
        else:
            self.switch_level(index)

    def previous_level(self) -> None:
        """B: the previous level; from the first, the last one that is open."""
        index = self.index - 1
        while self._locked(index):
            index -= 1  # level 1 is always open, so this ends
        self.switch_level(index)

    def jump_to_unsolved(self) -> None:
        if not self.plays_collection:
            self.next_level()
            return
        index = next_unsolved(self.app, self.index)
        if index is None:
            self.app.say("Every level you can play here is solved.", 4)
        else:
            self.switch_level(index)

    def toggle_dead_squares(self) -> None:
        settings = self.app.settings
        settings.show_dead_squares = not settings.show_dead_squares
        if settings.show_dead_squares:
            self.app.say("Crosses mark dead squares: a star pushed onto one can never reach a goal.", 5)
        else:
            self.app.say("Dead squares are not marked (Ctrl+D shows them).", 3)
        self.app.save_settings(settings)
        self.board = self._make_board()

    def toggle_flat_view(self) -> None:
        settings = self.app.settings
        settings.flat_view = not settings.flat_view
        self.app.say("Flat view, from above (F: pseudo-3D)." if settings.flat_view else "Pseudo-3D view.", 2)
        self.app.save_settings(settings)
        self.board = self._make_board()
        self._clamp_pan()
        self._follow()

    def toggle_unlocking(self) -> None:
        settings = self.app.settings
        settings.unlock_one_by_one = not settings.unlock_one_by_one
        if settings.unlock_one_by_one:
            self.app.say("Levels now unlock one by one: solve a level to open the next.", 4)
        else:
            self.app.say("Every level is open.", 3)
        self.app.save_settings(settings)

    # -- input ----------------------------------------------------------------

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        if self.replay is not None:
            if command is Command.HELP:
                self.app.push(HelpOverlay(self.app))
            else:
                self.replay.key(command)
            return
        if self.solved and self.animation is None and command not in _KEYS_AFTER_SOLVED:
            # "The next key goes to the next level": a fresh press, not a key still
            # held from the winning push, nor Shift or Ctrl on their way to a combination.
            if not self.app.key_repeat and event.key not in MODIFIER_KEYS:
                self.next_level()
            return
        if command in MOVE_LETTERS:
            if self.pace is not None:  # a move key stops a solution playing by itself
                self.stop_playing()
                return
            self.moving_by_hand()
            self.queue.append(MOVE_LETTERS[command])
            self.selected_star = None
        elif command is not None:
            self.do(command)

    def do(self, command: Command) -> None:
        actions = {
            Command.UNDO: lambda: self._time_travel(self.history.undo),
            Command.REDO: lambda: self._time_travel(self.history.redo),
            Command.RESTART: self.do_restart,
            Command.UNDO_PUSH: lambda: self._time_travel(self._undo_push),
            Command.REDO_PUSH: lambda: self._time_travel(self._redo_push),
            Command.UNDO_ALL: lambda: self._time_travel(lambda: self.history.go_to(0)),
            Command.REDO_ALL: lambda: self._time_travel(self._redo_all),
            Command.DEAD_SQUARES: self.toggle_dead_squares,
            Command.SAVE_SNAPSHOT: lambda: keep_snapshot(self),
            Command.SNAPSHOTS: lambda: list_positions(self),
            Command.FLAT_VIEW: self.toggle_flat_view,
            Command.NEXT_LEVEL: self.next_level,
            Command.PREVIOUS_LEVEL: self.previous_level,
            Command.NEXT_UNSOLVED: self.jump_to_unsolved,
            Command.UNLOCK_ONE_BY_ONE: self.toggle_unlocking,
            Command.COPY: lambda: copy_level(self),
            Command.PASTE: lambda: paste(self),
            Command.HINT: lambda: self._ask(HINT),
            Command.PLAY_SOLUTION: lambda: self._ask(SOLUTION),
            Command.ZOOM_IN: lambda: self.zoom_by(ZOOM_STEP),
            Command.ZOOM_OUT: lambda: self.zoom_by(1 / ZOOM_STEP),
            Command.ZOOM_FIT: self.fit,
            Command.CHARACTER: self.next_character,
            Command.INSTANT_MOVES: self.toggle_instant,
            Command.SLOWER: lambda: self.change_speed(SPEED_STEP),
            Command.FASTER: lambda: self.change_speed(1 / SPEED_STEP),
            Command.HELP: lambda: self.app.push(HelpOverlay(self.app)),
            Command.LEVEL_SELECT: lambda: self.app.push(LevelSelectScene(self.app, self.index, self)),
            Command.COLLECTIONS: self.app.show_collections,
            Command.EDIT_LEVEL: self.edit_this_level,
            Command.BACK: self.app.show_title,
        }
        action = actions.get(command)
        if action:
            action()

    def edit_this_level(self) -> None:
        """E: the editor, on a copy of this level (the collection's file stays as it is)."""
        self.save()
        if self.plays_collection:
            self.app.edit_collection_level(self.index)
        else:
            self.app.edit_level(self.level, self.level.title or "a generated level")

    def _time_travel(self, change: Callable[[], object]) -> None:
        """Undo, redo or restart: drop queued moves and the running animation first."""
        self.stop_playing()
        self.animation = None
        self.selected_star = None
        before = self.history.state
        change()
        if self.history.state != before:  # a search for the old position is wasted now
            self.assistant_of().cancel()
        self.solved = self.level.is_solved(self.history.state)
        self.assistant_of().position_changed(pushed=False)
        self.pan = [0.0, 0.0]
        self._follow()
        self.save()

    def _redo_all(self) -> None:
        self.history.go_to(len(self.history.entries))

    def _undo_push(self) -> None:
        """Back to just after the push before the last one (or the start): the last push and its walk."""
        entries, position = self.history.entries, self.history.position
        position = max(0, position - 1)
        while position and not _is_push(entries[position - 1]):
            position -= 1
        self.history.go_to(position)

    def _redo_push(self) -> None:
        """Forward to just after the next push (or the end of what can be redone)."""
        entries, position = self.history.entries, self.history.position
        while position < len(entries):
            position += 1
            if _is_push(entries[position - 1]):
                break
        self.history.go_to(position)

    def continue_with(self, moves: str, *, helped: bool = False) -> None:
        """Play ``moves`` from the start as the player's game (a snapshot, a replay taken over).

        A restart comes first, so undo returns to the game as it was.
        ``helped``: the moves are someone else's (a known solution), so a solve
        that uses them is "solved with help", as with the solver's.
        """

        def change() -> None:
            self._restart()
            state = self.history.state
            for letter in moves:
                state = self.level.apply(state, letter)
                self.history.record(letter, state)
                self._mark_entry(by_solver=helped)

        self._time_travel(change)

    def start_replay(self, moves: str, label: str, *, helped: bool = False) -> None:
        """Show ``moves`` (a solution) step by step in place of the game, which waits untouched."""
        self.stop_playing()
        self.animation = None
        self.selected_star = None
        self.assistant_of().cancel()
        self._own_history = self.history
        self.replay = Replay(self, moves, label, helped=helped)
        self.history = self.replay.history
        self.key_map = REPLAY_KEY_MAP  # the replay's keys until it ends
        self.solved = False
        self._follow()
        self.app.full_redraw = self.app.dirty = True

    def step_shown(self, before: State, letter: str, duration: float) -> None:
        """A move of the replay: animated like the player's, or at once."""
        direction = Direction.from_letter(letter)
        self.animation = MoveAnimation(before, direction, letter.isupper(), duration) if duration else None

    def end_replay(self, take_over: bool) -> None:
        """Back to the game; with ``take_over``, going on from the replay's position."""
        assert self.replay is not None and self._own_history is not None
        moves, helped = self.replay.history.moves, self.replay.helped
        self.history, self._own_history, self.replay = self._own_history, None, None
        self.key_map = KEY_MAP
        self.animation = None
        if take_over:
            self.continue_with(moves, helped=helped)
            self.app.say("Your game now goes on from there: undo (Z) takes it back.", 5)
        else:
            self.solved = self.level.is_solved(self.history.state)
            self._follow()
        self.app.full_redraw = self.app.dirty = True

    def do_restart(self) -> None:
        self._time_travel(self._restart)

    def _restart(self) -> None:
        """Restart is a step undo takes back: the moves it leaves behind are not lost."""
        before = self.history.position
        self.history.restart()
        if self.history.position != before:
            self._mark_entry(by_solver=False)

    def open_levels(self, collection: Collection) -> None:
        """Play other levels (pasted ones) in place of the open collection."""
        open_collection(self.app, collection, name=None)

    def assistant_of(self) -> Assistant:
        assert self.assistant is not None
        return self.assistant

    def moving_by_hand(self) -> None:
        """The player moves by hand: a search for the old position is no longer wanted."""
        self.assistant_of().cancel()

    def _ask(self, kind: str) -> None:
        if self.pace is not None:
            self.stop_playing()
        self.assistant_of().ask(kind)

    def play_moves(self, moves: str, message: str, *, helped: bool = False) -> None:
        """Let moves play by themselves, animated at a pace that shows them all in a few seconds.

        Each goes into the history like a move of the player's, so undo takes them back.
        ``helped``: the solver's moves, so a solve that uses them is "solved with help".
        """
        self.solver_playing = helped
        self.queue.clear()
        self.queue.extend(moves.lower())
        self.selected_star = None
        self.pace = self.app.settings.step_seconds * max(0.35, min(1.0, 40 / max(1, len(moves))))
        self.app.say(message, 4)

    def next_character(self) -> None:
        self.app.settings.character = (self.app.settings.character + 1) % len(CHARACTERS)
        self.app.save_settings(self.app.settings)

    def zoom_by(self, factor: float, about: tuple[int, int] | None = None) -> None:
        """Zoom by ``factor``: about the player (keys), or keeping the map under ``about`` still (wheel)."""
        if about is not None:
            geometry, (ox, oy) = self.geometry(), self.origin()
            u = (about[0] - ox) / geometry.width
            v = (about[1] - oy - geometry.top) / geometry.step
        fit = self.fit_width()
        width = max(MIN_WIDTH, min(MAX_WIDTH, round(fit * self.zoom * factor)))
        self.zoom = width / fit
        self._clamp_pan()
        if about is None:
            self._follow()
            return
        geometry, view = self.geometry(), self.view_rect()
        centre_x = view.centerx + self.pan[0] - (about[0] - u * geometry.width)
        centre_y = view.centery + self.pan[1] - (about[1] - v * geometry.step - geometry.top)
        self.camera = _in_squares((centre_x, centre_y), geometry)

    def fit(self) -> None:
        self.zoom = 1.0
        self.pan = [0.0, 0.0]
        self._follow()

    def mouse(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if self.replay is not None and event.type != pygame.MOUSEWHEEL:
            return  # a replay is watched, not played
        if event.type == pygame.MOUSEWHEEL:
            about = self.pointer or pygame.mouse.get_pos()
            self.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, about)
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.solved and self.animation is None:
                self.next_level()
            else:
                self.click(event.pos)
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected_star = None
            self.app.dirty = True
        elif event.type == pygame.MOUSEMOTION and self.selected_star is not None:
            hover = self.board.square_at(event.pos, self.origin(), self.tile_width())
            if hover != self.hover:
                self.hover = hover
                self.app.dirty = True

    def click(self, point: tuple[int, int]) -> None:
        """Walk to a square, choose a star, or push the chosen star to a square."""
        if self.pace is not None:
            self.stop_playing()
            return
        square = self.board.square_at(point, self.origin(), self.tile_width())
        if square is None or square not in self.level.interior:
            self.selected_star = None
            return
        state = self.planned_state()
        if square in state.boxes:
            self.selected_star = None if self.selected_star == square else square
            return
        if self.selected_star is not None:
            moves = push_path(self.level, state, self.selected_star, square)
            self.selected_star = None
            if moves is None:
                self.app.say("That star cannot be pushed there.", 3)
                return
        else:
            moves = walk_path(self.level, state, square)
            if moves is None:
                self.app.say("The player cannot get there.", 3)
                return
        self.moving_by_hand()
        self.queue.extend(moves.lower())

    def planned_state(self) -> State:
        """Where things will be once the queued moves are played."""
        state = self.history.state
        for letter in self.queue:
            result = self.level.try_move(state, Direction.from_letter(letter))
            if result is not None:
                state = result[0]
        return state

    # -- time ----------------------------------------------------------------

    def wake_in(self) -> float | None:
        replaying = self.replay is not None and self.replay.playing
        return 0 if self.animation is not None or self.queue or replaying else None

    def update(self, dt: float) -> bool:
        changed = self._pan(dt)
        if self.animation is not None:
            self.animation.elapsed += dt
            changed = True
            if self.animation.done:
                self.animation = None
        if self.replay is not None:
            changed = self.replay.update(dt, self.animation is not None) or changed
        elif self.animation is None and self.queue:
            if self._play_queue():
                self.save()
                self.pan = [0.0, 0.0]  # the player moved: the look around ends
            changed = True
        if changed:
            self._follow()
        return changed

    def _play_queue(self) -> bool:
        """Start the next queued move; with instant moves, play them all. True if any was played."""
        played = False
        while self.queue and self.animation is None:
            letter = self.queue.popleft()
            direction = Direction.from_letter(letter)
            before = self.history.state
            result = self.level.try_move(before, direction)
            if result is None:
                continue  # a blocked key press: nothing happens, as in the original
            after, pushed = result
            self.history.record(letter.upper() if pushed else letter, after)
            self._mark_entry(by_solver=self.solver_playing and self.pace is not None)
            played = True
            self.assistant_of().position_changed(pushed=pushed)
            if self.level.is_solved(after):
                self._celebrate()
            if not self.app.settings.instant_moves:
                if self.pace is not None:
                    duration = self.pace
                else:  # a long queue (a mouse path) plays faster so the player is not kept waiting
                    duration = self.app.settings.step_seconds / (1 + len(self.queue) / 4)
                self.animation = MoveAnimation(before, direction, pushed, duration)
        if not self.queue:
            self.pace = None
        return played

    def solved_with_help(self) -> bool:
        """Whether the moves since the last restart include one the solver played."""
        now = self.history.position
        since = now - len(self.history.moves)
        return any(since < position <= now for position in self.solver_positions)

    def _mark_entry(self, *, by_solver: bool) -> None:
        """A move (or restart) was just recorded: the moves the redo tail held are gone."""
        now = self.history.position
        self.solver_positions = {position for position in self.solver_positions if position < now}
        if by_solver:
            self.solver_positions.add(now)

    def _celebrate(self) -> None:
        self.solved = True
        self.queue.clear()
        if self.solved_with_help():
            keep = getattr(self.app.progress, "record_helped_solution", None)
            if keep is not None:
                keep(self.level, self.history.moves)
            self.record = self._record()
            self.solved_note = f"With help: {self._counts_note()}; kept apart, never a best."
            self.app.say("Solved with help: kept as that, never as a best score, and it opens no level.")
            return
        result = self.app.progress.record_solution(self.level, self.history.moves)
        self.solved_before = True
        self.record = self._record()
        summary = getattr(result, "summary", None)  # the store says e.g. when a best score is beaten
        if callable(summary):
            said = str(summary())
            self.solved_note = said[:1].upper() + said[1:] + "."
            self.app.say(said)
        else:
            self.solved_note = self._counts_note() + "."

    def _counts_note(self) -> str:
        return counts_text(self.history.moves)

    def _pan(self, dt: float) -> bool:
        held = self.app.held
        dx = (Command.PAN_LEFT in held) - (Command.PAN_RIGHT in held)
        dy = (Command.PAN_UP in held) - (Command.PAN_DOWN in held)
        if not (dx or dy):
            return False
        self.pan[0] += dx * PAN_SPEED * dt
        self.pan[1] += dy * PAN_SPEED * dt
        self._clamp_pan()
        return True

    def _clamp_pan(self) -> None:
        """Bounded as in the original: the map can slide about half a window, never away."""
        view = self.view_rect()
        width = self.tile_width()
        map_w, map_h = self.board.geometry(width).map_size(self.level.width, self.level.height)
        limit_x = abs(view.width - map_w) / 2 + width
        limit_y = abs(view.height - map_h) / 2 + width
        self.pan[0] = max(-limit_x, min(limit_x, self.pan[0]))
        self.pan[1] = max(-limit_y, min(limit_y, self.pan[1]))

    # -- layout ----------------------------------------------------------------

    def view_rect(self) -> pygame.Rect:
        return view_rect(self.app.screen)

    def fit_width(self) -> float:
        view = self.view_rect()
        columns, rows = self.level.width, self.level.height
        by_width = (view.width - 16) / columns
        one = self.board.geometry(1000)  # the proportions of a square in this view
        by_height = (view.height - 8) * 1000 / ((rows - 1) * one.step + one.height)
        return max(float(MIN_WIDTH), min(by_width, by_height, float(MAX_FIT_WIDTH)))

    def tile_width(self) -> int:
        return max(MIN_WIDTH, min(MAX_WIDTH, round(self.fit_width() * self.zoom)))

    def message_context(self) -> object:
        """The level and the game on it: a message about one level ends when another opens."""
        return (self.index, self.history)

    def resized(self) -> None:
        self._clamp_pan()
        self._follow()

    def geometry(self) -> Geometry:
        """Pixel sizes of the squares at the tile width in use."""
        return self.board.geometry(self.tile_width())

    def player_position(self) -> tuple[float, float]:
        """The player's square as fractional (column, row), mid-animation included."""
        x, y = self.level.xy(self.history.state.player)
        if self.animation is None:
            return float(x), float(y)
        back = 1 - self.animation.fraction
        return x - self.animation.direction.dx * back, y - self.animation.direction.dy * back

    def origin(self) -> tuple[int, int]:
        """Where the map's top-left corner goes: centred when it fits, else about the camera."""
        view = self.view_rect()
        cx, cy = self._camera_pixels(self.geometry())
        return round(view.centerx - cx + self.pan[0]), round(view.centery - cy + self.pan[1])

    def _camera_pixels(self, geometry: Geometry) -> tuple[float, float]:
        """The map point (pixels from its corner) in the middle of the view; the map never leaves it."""
        view = self.view_rect()
        map_w, map_h = geometry.map_size(self.level.width, self.level.height)
        cx = self.camera[0] * geometry.width
        cy = self.camera[1] * geometry.step + geometry.top
        cx = map_w / 2 if map_w <= view.width else _clamp(cx, view.width / 2, map_w - view.width / 2)
        cy = map_h / 2 if map_h <= view.height else _clamp(cy, view.height / 2, map_h - view.height / 2)
        return cx, cy

    def _follow(self) -> None:
        """Move the camera only as far as keeps the player off the view's edge.

        Zoomed in, the board then scrolls only when the player nears an edge,
        instead of with every step.
        """
        geometry, view = self.geometry(), self.view_rect()
        px, py = self.player_position()
        cx, cy = self._camera_pixels(geometry)
        # The player's square centre, in pixels from the map's corner.
        fx = (px + 0.5) * geometry.width
        fy = (py + 0.5) * geometry.step + geometry.top
        reach_x = view.width / 2 - min(EDGE_MARGIN * geometry.width, view.width / 4)
        reach_y = view.height / 2 - min(EDGE_MARGIN * geometry.step, view.height / 4)
        cx = _clamp(cx, fx - reach_x, fx + reach_x)
        cy = _clamp(cy, fy - reach_y, fy + reach_y)
        self.camera = _in_squares((cx, cy), geometry)
        self.camera = _in_squares(self._camera_pixels(geometry), geometry)  # kept within the map

    def square_center(self, square: int) -> tuple[int, int]:
        """The screen point at the middle of a square's top face (tests click there)."""
        geometry = self.geometry()
        ox, oy = self.origin()
        x, y = self.level.xy(square)
        return (
            ox + x * geometry.width + geometry.width // 2,
            oy + y * geometry.step + geometry.top + geometry.step // 2,
        )

    # -- drawing ----------------------------------------------------------------

    def sprites(self) -> list[Sprite]:
        state = self.history.state
        moving_star = None
        back = 0.0
        if self.animation is not None and self.animation.pushed:
            moving_star = self.level.neighbour(state.player, self.animation.direction)
            back = 1 - self.animation.fraction
        sprites = []
        for star in state.boxes:
            x, y = self.level.xy(star)
            if star == moving_star and self.animation is not None:
                sprites.append(
                    Sprite(
                        Tile.STAR,
                        x - self.animation.direction.dx * back,
                        y - self.animation.direction.dy * back,
                    )
                )
            else:
                picture = Tile.CHOSEN_STAR if star == self.selected_star else Tile.STAR
                sprites.append(Sprite(picture, x, y, on_goal=star in self.level.goals))
        if self.selected_star is not None:
            x, y = self.level.xy(self.selected_star)
            sprites.append(Sprite(Tile.SELECTION, x, y))
            for target in self.push_targets - {self.hover}:
                sprites.append(Sprite(Tile.REACHABLE, *self.level.xy(target)))
            if self.hover in self.level.interior and self.hover not in state.boxes:
                sprites.append(Sprite(Tile.TARGET, *self.level.xy(self.hover)))
        character = CHARACTERS[self.app.settings.character % len(CHARACTERS)]
        player_x, player_y = self.player_position()
        if self.animation is not None:  # a little hop with every step
            player_y -= HOP * math.sin(math.pi * self.animation.fraction)
        sprites.append(Sprite(character, player_x, player_y))
        return sprites

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The level and the counters; while only pieces move, only where they moved."""
        view = self.view_rect()
        origin, width = self.origin(), self.tile_width()
        sprites = self.sprites()
        assistant = self.assistant_of()
        layout = (
            surface.get_size(),
            origin,
            width,
            self.solved and self.animation is None,
            assistant.overlay_key(),
            self.replay is None,
        )
        last, self._last_frame = self._last_frame, (layout, sprites)
        if self.app.full_redraw or last is None or last[0] != layout:
            self.banner = None
            surface.fill(SKY)
            surface.set_clip(view)
            self.board.draw(surface, origin, width, sprites)
            if self.replay is None:
                assistant.draw(surface, self.square_center, self.board.geometry(width))
            surface.set_clip(None)
            self._draw_hud(surface)
            if self.solved and self.animation is None:
                geometry = self.board.geometry(width)
                map_rect = pygame.Rect(origin, geometry.map_size(self.level.width, self.level.height))
                self.banner = solved_banner_rect(view, map_rect)
                draw_solved(surface, self.banner, self.solved_note or self._counts_note())
            return None
        # The map stands still: repaint only where moving pieces were or are now.
        changed = self._draw_hud(surface)
        moved = set(last[1]).symmetric_difference(sprites)
        if moved:
            geometry = self.board.geometry(width)
            rects = [BoardPicture.sprite_rect(sprite, origin, geometry) for sprite in moved]
            area = rects[0].unionall(rects[1:]).clip(view)
            surface.set_clip(area)
            surface.fill(SKY)
            self.board.draw(surface, origin, width, sprites)
            if self.replay is None:
                assistant.draw(surface, self.square_center, self.board.geometry(width))
            surface.set_clip(None)
            changed.append(area)
        return changed

    def footer_keys(self) -> str:
        """The keys the bar under the board offers (a scene playing other levels offers its own)."""
        return PLAY_FOOTER

    def _draw_hud(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The counters above and the key hints below; returns the two bars."""
        if self.replay is not None:
            place, about, counts, keys = self.replay.bar_texts()
            return draw_bars(surface, place=place, about=about, counts=counts, keys=keys)
        moves = self.history.moves
        pushes = sum(1 for letter in moves if letter.isupper())
        keys = self.footer_keys()
        record = self.record
        if record.best_moves is not None and record.best_pushes is not None:
            keys = f"Best {record.best_moves} moves, {record.best_pushes} pushes   " + keys
        elif self.solved_before:
            keys = "Solved before   " + keys
        elif record.helped:
            keys = "Solved with help   " + keys
        return draw_bars(
            surface,
            place=f"Level {self.index + 1} of {len(self.levels)}",
            about=display_title(self.level.title) or self.app.collection.title or "",
            counts=f"Moves {len(moves)}   Pushes {pushes}",
            keys=keys,
        )


#: What the bar under a level offers.
PLAY_FOOTER = (
    "F1 help   L levels   C collections   N/B next/previous   J unsolved"
    "   Z undo   R restart   H hint   E edit"
)

#: Keys that keep their meaning while "Solved!" is shown; any other goes to the next level.
_KEYS_AFTER_SOLVED = frozenset(
    {
        Command.UNDO,
        Command.RESTART,
        Command.HELP,
        Command.FULLSCREEN,
        Command.QUIT,
        Command.BACK,
        Command.PAN_UP,
        Command.PAN_DOWN,
        Command.PAN_LEFT,
        Command.PAN_RIGHT,
        Command.ZOOM_IN,
        Command.ZOOM_OUT,
        Command.ZOOM_FIT,
        Command.LEVEL_SELECT,
        Command.COLLECTIONS,
        Command.PREVIOUS_LEVEL,
        Command.CHARACTER,
        Command.INSTANT_MOVES,
        Command.SLOWER,
        Command.FASTER,
        Command.NEXT_UNSOLVED,
        Command.UNLOCK_ONE_BY_ONE,
        Command.COPY,
        Command.PASTE,
        Command.UNDO_PUSH,
        Command.UNDO_ALL,
        Command.DEAD_SQUARES,
        Command.EDIT_LEVEL,
        Command.FLAT_VIEW,
        Command.SAVE_SNAPSHOT,
        Command.SNAPSHOTS,
    }
)


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def _in_squares(point: tuple[float, float], geometry: Geometry) -> tuple[float, float]:
    """A point of the map in pixels from its corner, as (column, row) of squares."""
    return point[0] / geometry.width, (point[1] - geometry.top) / geometry.step


def _is_push(entry: str) -> bool:
    return entry.isupper()


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


# -- opening levels ----------------------------------------------------------------------------


def open_collection(
    app: StarPusherWindow, collection: Collection, index: int = 0, *, name: str | None = None
) -> None:
    """Play ``collection`` from level ``index``.

    ``name`` is how the store finds it again: a built-in name or a path (None for pasted levels).
    """
    if not collection.levels:
        problems = collection.problems
        raise StarPusherError(str(problems[0]) if problems else "no playable level in it")
    app.collection = collection
    app.collection_name = name
    app.level_index = index
    app.replace(PlayScene(app, index))
    if collection.problems:
        app.say(f"{len(collection.problems)} level(s) skipped: {collection.problems[0]}")


def open_file(app: StarPusherWindow, path: str) -> None:
    """Open a level file (a dropped file); a bad file gives a message, not a crash."""
    try:
        open_collection(app, read_collection(path), name=os.path.abspath(path))
    except StarPusherError as error:
        app.say(f"Cannot open {os.path.basename(path)}: {error}")
