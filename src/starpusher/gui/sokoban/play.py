"""The play scene: one level of the open collection, moved by keys and mouse.

The game is the level's :class:`~starpusher.session.PlaySession`: it applies
the moves, keeps the history, knows when the level is solved and talks to the
store and the solver. The scene translates keys and clicks into the
session's verbs and draws what it holds; what undo never touches is the
scene's own: the animation, the camera (:mod:`.camera`), the chosen star. A
move is recorded at once and only its picture is animated, so a key pressed
during an animation waits in the session's queue and is never lost.
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
from ...session import PlaySession, Step, is_unlocked, locked_message, next_unsolved
from ..kit.help import HelpOverlay
from ..kit.keys import MODIFIER_KEYS, run_action
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.pacing import PacedScene, Timed
from .art import CHARACTERS, Tile
from .assist import draw_help
from .banner import draw_solved, solved_banner_rect
from .board import BoardPicture, Sprite
from .camera import ZOOM_STEP, Camera
from .keys import KEY_MAP, MOUSE_HELP
from .paths import push_path, push_targets, walk_path
from .positions import keep_snapshot, list_positions
from .replay import REPLAY_KEY_MAP, Replay
from .select import LevelSelectScene
from .transfer import copy_level, paste
from .window import StarPusherWindow

HOP = 0.08  # rows


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
        self._selected_star: int | None = None
        #: Every square the chosen star can be pushed to (shown; a click there pushes it).
        self.push_targets: frozenset[int] = frozenset()
        self.hover: int | None = None  # the square under the mouse while a star is chosen
        #: Where the mouse was last seen: the wheel zooms about it.
        self.pointer: tuple[int, int] | None = None
        #: A solution being replayed (M), shown in place of the game, which waits untouched.
        self.replay: Replay | None = None
        #: Where the "Solved!" banner was drawn last (None while not solved).
        self.banner: pygame.Rect | None = None
        self._last_frame: tuple[object, list[Sprite]] | None = None
        self._open(index)

    # -- levels ----------------------------------------------------------------

    @property
    def levels(self) -> list[Level]:
        return self.app.collection.levels

    @property
    def level(self) -> Level:
        return self.session.level

    @property
    def history(self) -> History[State]:
        """The history shown: the game's, or the replayed solution's while one is watched."""
        return self.replay.history if self.replay is not None else self.session.history

    @property
    def solved(self) -> bool:
        """The level is solved (watching a solution is not solving it)."""
        return self.replay is None and self.session.solved

    @property
    def selected_star(self) -> int | None:
        """The star the mouse chose, or None."""
        return self._selected_star

    @selected_star.setter
    def selected_star(self, square: int | None) -> None:
        self._selected_star = square
        self.push_targets = (
            frozenset() if square is None else push_targets(self.level, self.session.planned_state(), square)
        )

    def new_session(self, level: Level) -> PlaySession:
        """The game on ``level``, resumed from the store (a scene playing a test level starts afresh)."""
        return PlaySession(level, self.app.progress, say=self.app.say, tasks=self.app.tasks)

    def load(self, index: int) -> None:
        """Show level ``index`` (wrapping around), resuming a game in progress."""
        self.session.assistant.cancel()
        self._open(index)

    def _open(self, index: int) -> None:
        self.index = index % len(self.levels)
        if self.plays_collection:  # other levels (Endless, a test) leave the collection's place alone
            self.app.level_index = self.index
        self.session = self.new_session(self.levels[self.index])
        self.board = self._make_board()
        self.camera = Camera(self.board, self.view_rect)
        self.animation: MoveAnimation | None = None
        self.selected_star = None
        self.follow()
        if self.plays_collection:
            self.app.remember_place()
        # Said once the scene shows the level, so that the message is the level's.
        if self.session.saved_game_unfit:
            self.app.say("The saved game of this level did not fit it; starting afresh.", owner=self)
        self.app.dirty = True

    def _make_board(self) -> BoardPicture:
        """The level's picture, with dead squares crossed when the player asked for them."""
        settings = self.app.star_settings
        shaded = self.session.assistant.dead if settings.show_dead_squares else ()
        return BoardPicture(self.level, flat=settings.flat_view, shaded=shaded)

    def _redraw_board(self) -> None:
        self.board = self.camera.board = self._make_board()

    @property
    def plays_collection(self) -> bool:
        """Whether the levels are the open collection's (a subclass may play others: Endless)."""
        return self.levels is self.app.collection.levels

    def _locked(self, index: int) -> bool:
        index %= len(self.levels)
        one_by_one = self.app.star_settings.unlock_one_by_one
        return self.plays_collection and not is_unlocked(self.app.progress, self.levels, index, one_by_one)

    def save(self) -> None:
        self.session.save()

    def leave(self) -> None:
        if self.replay is not None:
            self.end_replay(take_over=False)
        self.session.leave()

    def switch_level(self, index: int) -> None:
        self.leave()
        self.load(index)

    def next_level(self) -> None:
        """N: the next level, unless it is still locked (unlock one by one)."""
        index = self.index + 1  # not wrapped here: a subclass may make a level past the last
        if self._locked(index):
            self.app.say(locked_message(index), 4)
        else:
            self.switch_level(index)

    def open_levels(self, collection: Collection) -> None:
        """Play other levels (pasted ones) in place of the open collection."""
        open_collection(self.app, collection, name=None)

    # -- actions: the key map's verbs ----------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if self.replay is not None:
            if action == "help":
                self.app.push(HelpOverlay(self.app))
            elif action is not None:
                run_action(self.replay, action)
            return
        if self.solved and self.animation is None and action not in KEYS_AFTER_SOLVED:
            # "The next key goes to the next level": a fresh press, not a key still
            # held from the winning push, nor Shift or Ctrl on their way to a combination.
            if not self.app.key_repeat and event.key not in MODIFIER_KEYS:
                self.next_level()
            return
        super().key(action, event)

    def walk(self, letter: str) -> None:
        if self.session.walk(letter):
            self.selected_star = None

    def action_up(self) -> None:
        self.walk("u")

    def action_down(self) -> None:
        self.walk("d")

    def action_left(self) -> None:
        self.walk("l")

    def action_right(self) -> None:
        self.walk("r")

    def travel(self, change: Callable[[], object]) -> None:
        """Undo, redo, restart...: the running animation, the chosen star and the look around end."""
        self.animation = None
        self.selected_star = None
        change()
        self.camera.pan = [0.0, 0.0]
        self.follow()

    def action_undo(self) -> None:
        self.travel(self.session.undo)

    def action_redo(self) -> None:
        self.travel(self.session.redo)

    def action_undo_push(self) -> None:
        self.travel(self.session.undo_push)

    def action_redo_push(self) -> None:
        self.travel(self.session.redo_push)

    def action_undo_all(self) -> None:
        self.travel(self.session.undo_all)

    def action_redo_all(self) -> None:
        self.travel(self.session.redo_all)

    def action_restart(self) -> None:
        self.travel(self.session.restart)

    def continue_with(self, moves: str, *, helped: bool = False) -> None:
        """Play ``moves`` from the start as the player's game (undo returns to the game as it was)."""
        self.travel(lambda: self.session.continue_with(moves, helped=helped))

    def play_moves(self, moves: str, message: str, *, helped: bool = False) -> None:
        """Let moves play by themselves, each undoable like the player's own."""
        self.session.play_moves(moves, message, helped=helped)
        self.selected_star = None

    def action_next_level(self) -> None:
        self.next_level()

    def action_previous_level(self) -> None:
        """B: the previous level; from the first, the last one that is open."""
        index = self.index - 1
        while self._locked(index):
            index -= 1  # level 1 is always open, so this ends
        self.switch_level(index)

    def action_next_unsolved(self) -> None:
        if not self.plays_collection:
            self.next_level()
            return
        one_by_one = self.app.star_settings.unlock_one_by_one
        index = next_unsolved(self.app.progress, self.levels, self.index, one_by_one)
        if index is None:
            self.app.say("Every level you can play here is solved.", 4)
        else:
            self.switch_level(index)

    def action_hint(self) -> None:
        self.session.hint()

    def action_play_solution(self) -> None:
        self.session.solve()

    def action_save_snapshot(self) -> None:
        keep_snapshot(self)

    def action_snapshots(self) -> None:
        list_positions(self)

    def action_copy(self) -> None:
        copy_level(self)

    def action_paste(self) -> None:
        paste(self)

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def action_level_select(self) -> None:
        self.app.push(LevelSelectScene(self.app, self.index, self))

    def action_collections(self) -> None:
        self.app.show_collections()

    def action_edit_level(self) -> None:
        """E: the editor, on a copy of this level (the collection's file stays as it is)."""
        self.save()
        if self.plays_collection:
            self.app.edit_collection_level(self.index)
        else:
            self.app.edit_level(self.level, self.level.title or "a generated level")

    def action_back(self) -> None:
        self.app.show_title()

    # -- actions: settings and the view ----------------------------------------------------------

    def action_dead_squares(self) -> None:
        settings = self.app.star_settings
        settings.show_dead_squares = not settings.show_dead_squares
        if settings.show_dead_squares:
            self.app.say("Crosses mark dead squares: a star pushed onto one can never reach a goal.", 5)
        else:
            self.app.say("Dead squares are not marked (Ctrl+D shows them).", 3)
        self.app.save_settings(self.app.settings)
        self._redraw_board()

    def action_flat_view(self) -> None:
        settings = self.app.star_settings
        settings.flat_view = not settings.flat_view
        self.app.say("Flat view, from above (F: pseudo-3D)." if settings.flat_view else "Pseudo-3D view.", 2)
        self.app.save_settings(self.app.settings)
        self._redraw_board()
        self.camera.clamp_pan()
        self.follow()

    def action_unlock_one_by_one(self) -> None:
        settings = self.app.star_settings
        settings.unlock_one_by_one = not settings.unlock_one_by_one
        if settings.unlock_one_by_one:
            self.app.say("Levels now unlock one by one: solve a level to open the next.", 4)
        else:
            self.app.say("Every level is open.", 3)
        self.app.save_settings(self.app.settings)

    def action_character(self) -> None:
        settings = self.app.star_settings
        settings.character = (settings.character + 1) % len(CHARACTERS)
        self.app.save_settings(self.app.settings)

    def action_zoom_in(self) -> None:
        self.camera.zoom_to(ZOOM_STEP)
        self.follow()

    def action_zoom_out(self) -> None:
        self.camera.zoom_to(1 / ZOOM_STEP)
        self.follow()

    def action_zoom_fit(self) -> None:
        self.camera.fit()
        self.follow()

    # -- the mouse ----------------------------------------------------------------

    def mouse(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if self.replay is not None and event.type != pygame.MOUSEWHEEL:
            return  # a replay is watched, not played
        if event.type == pygame.MOUSEWHEEL:
            about = self.pointer or pygame.mouse.get_pos()
            self.camera.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, about)
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
            hover = self.camera.square_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.app.dirty = True

    def click(self, point: tuple[int, int]) -> None:
        """Walk to a square, choose a star, or push the chosen star to a square."""
        if self.session.queue.autoplay is not None:
            self.session.stop_playing()
            return
        square = self.camera.square_at(point)
        if square is None or square not in self.level.interior:
            self.selected_star = None
            return
        state = self.session.planned_state()
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
        self.session.follow(moves)

    # -- replaying a solution ----------------------------------------------------------------

    def start_replay(self, moves: str, label: str, *, helped: bool = False) -> None:
        """Show ``moves`` (a solution) step by step in place of the game, which waits untouched."""
        self.session.stop_playing()
        self.session.assistant.cancel()
        self.animation = None
        self.selected_star = None
        self.replay = Replay(self, moves, label, helped=helped)
        self.key_map = REPLAY_KEY_MAP  # the replay's keys until it ends
        self.follow()
        self.app.full_redraw = self.app.dirty = True

    def step_shown(self, before: State, letter: str, duration: float) -> None:
        """A move of the replay: animated like the player's, or at once."""
        direction = Direction.from_letter(letter)
        self.animation = MoveAnimation(before, direction, letter.isupper(), duration) if duration else None

    def end_replay(self, take_over: bool) -> None:
        """Back to the game; with ``take_over``, going on from the replay's position."""
        assert self.replay is not None
        moves, helped = self.replay.history.moves, self.replay.helped
        self.replay = None
        self.key_map = KEY_MAP
        self.animation = None
        if take_over:
            self.travel(lambda: self.session.take_over(moves, helped=helped))
        else:
            self.follow()
        self.app.full_redraw = self.app.dirty = True

    # -- time ----------------------------------------------------------------

    def wake_in(self) -> float | None:
        replaying = self.replay is not None and self.replay.playing
        return 0 if self.animation is not None or self.session.queue or replaying else None

    def update(self, dt: float) -> bool:
        changed = self._look_around(dt)
        if self.session.queue.autoplay is not None and self.selected_star is not None:
            self.selected_star = None  # moves that play by themselves (a solution) end the choice
        if self.animation is not None:
            self.animation.elapsed += dt
            changed = True
            if self.animation.done:
                self.animation = None
        if self.replay is not None:
            changed = self.replay.update(dt, self.animation is not None) or changed
        elif self.animation is None and self.session.queue:
            instant = self.app.settings.instant_moves
            step = self.session.play_queued(all_of_them=instant)
            if step is not None:
                self.camera.pan = [0.0, 0.0]  # the player moved: the look around ends
                if step.solved:
                    self.solved_now()
                if not instant:
                    self.animation = MoveAnimation(step.before, step.direction, step.pushed, self._pace(step))
            changed = True
        if changed:
            self.follow()
        return changed

    def _pace(self, step: Step) -> float:
        """Seconds the move takes on screen: moves playing by themselves show them all in a few seconds,
        and a long queue (a mouse path) plays faster so the player is not kept waiting."""
        seconds = self.app.settings.step_seconds
        if step.autoplay is not None:
            return seconds * max(0.35, min(1.0, 40 / max(1, step.autoplay)))
        return seconds / (1 + len(self.session.queue) / 4)

    def solved_now(self) -> None:
        """A move just solved the level (a scene testing a level hands the solution back)."""

    def _look_around(self, dt: float) -> bool:
        held = self.app.held
        dx = ("pan_left" in held) - ("pan_right" in held)
        dy = ("pan_up" in held) - ("pan_down" in held)
        return self.camera.look(dx, dy, dt)

    # -- layout ----------------------------------------------------------------

    def view_rect(self) -> pygame.Rect:
        return view_rect(self.app.screen)

    def message_context(self) -> object:
        """The level and the game on it: a message about one level ends when another opens."""
        return (self.index, self.history)

    def resized(self) -> None:
        self.camera.clamp_pan()
        self.follow()

    def follow(self) -> None:
        """Keep the player in sight (zoomed in, the board scrolls only near the view's edge)."""
        self.camera.follow(self.player_position())

    def player_position(self) -> tuple[float, float]:
        """The player's square as fractional (column, row), mid-animation included."""
        x, y = self.level.xy(self.history.state.player)
        if self.animation is None:
            return float(x), float(y)
        back = 1 - self.animation.fraction
        return x - self.animation.direction.dx * back, y - self.animation.direction.dy * back

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
                direction = self.animation.direction
                sprites.append(Sprite(Tile.STAR, x - direction.dx * back, y - direction.dy * back))
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
        character = CHARACTERS[self.app.star_settings.character % len(CHARACTERS)]
        player_x, player_y = self.player_position()
        if self.animation is not None:  # a little hop with every step
            player_y -= HOP * math.sin(math.pi * self.animation.fraction)
        sprites.append(Sprite(character, player_x, player_y))
        return sprites

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The level and the counters; while only pieces move, only where they moved."""
        view = self.view_rect()
        origin, width = self.camera.origin(), self.camera.tile_width()
        sprites = self.sprites()
        assistant = self.session.assistant
        showing_solved = self.solved and self.animation is None
        layout = (
            surface.get_size(),
            origin,
            width,
            showing_solved,
            assistant.overlay_key(),
            self.replay is None,
        )
        last, self._last_frame = self._last_frame, (layout, sprites)
        if self.app.full_redraw or last is None or last[0] != layout:
            self.banner = None
            surface.fill(SKY)
            self._draw_board(surface, view, origin, width, sprites)
            self._draw_hud(surface)
            if showing_solved:
                geometry = self.board.geometry(width)
                map_rect = pygame.Rect(origin, geometry.map_size(self.level.width, self.level.height))
                self.banner = solved_banner_rect(view, map_rect)
                draw_solved(surface, self.banner, self.session.note)
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
            self._draw_board(surface, area, origin, width, sprites)
            changed.append(area)
        return changed

    def _draw_board(
        self,
        surface: pygame.Surface,
        clip: pygame.Rect,
        origin: tuple[int, int],
        width: int,
        sprites: list[Sprite],
    ) -> None:
        surface.set_clip(clip)
        self.board.draw(surface, origin, width, sprites)
        if self.replay is None:
            draw_help(surface, self.session.assistant, self.camera.square_center, self.board.geometry(width))
        surface.set_clip(None)

    def footer_keys(self) -> str:
        """The keys the bar under the board offers (a scene playing other levels offers its own)."""
        return PLAY_FOOTER

    def _draw_hud(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The counters above and the key hints below; returns the two bars."""
        if self.replay is not None:
            place, about, counts, keys = self.replay.bar_texts()
            return draw_bars(surface, place=place, about=about, counts=counts, keys=keys)
        standing = self.session.standing()
        return draw_bars(
            surface,
            place=f"Level {self.index + 1} of {len(self.levels)}",
            about=display_title(self.level.title) or self.app.collection.title or "",
            counts=self.session.counters(),
            keys=f"{standing}   {self.footer_keys()}" if standing else self.footer_keys(),
        )


#: What the bar under a level offers.
PLAY_FOOTER = (
    "F1 help   L levels   C collections   N/B next/previous   J unsolved"
    "   Z undo   R restart   H hint   E edit"
)

#: Keys that keep their meaning while "Solved!" is shown; any other goes to the next level.
KEYS_AFTER_SOLVED = frozenset(
    {
        "undo",
        "restart",
        "help",
        "fullscreen",
        "quit",
        "back",
        "pan_up",
        "pan_down",
        "pan_left",
        "pan_right",
        "zoom_in",
        "zoom_out",
        "zoom_fit",
        "level_select",
        "collections",
        "previous_level",
        "character",
        "instant_moves",
        "slower",
        "faster",
        "next_unsolved",
        "unlock_one_by_one",
        "copy",
        "paste",
        "undo_push",
        "undo_all",
        "dead_squares",
        "edit_level",
        "flat_view",
        "save_snapshot",
        "snapshots",
    }
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
