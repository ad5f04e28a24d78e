"""The play scene: one level of the open collection, moved by keys and mouse.

The game is the level's :class:`~starpusher.session.PlaySession`: it applies
the moves, keeps the history, knows when the level is solved and talks to the
store and the solver. The scene translates keys and clicks into the
session's verbs and draws what it holds; what undo never touches is the
scene's own: the animation, the camera (:mod:`.camera`), the chosen star, how the
board is seen (turned or mirrored: :mod:`.orientation`). A
move is recorded at once and only its picture is animated, so a key pressed
during an animation waits in the session's queue and is never lost.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from ...core import Direction, Level, StarPusherError, State
from ...editing.sketch import Symmetry
from ...history import History
from ...levels import Collection, collection_name, display_title, read_collection
from ...session import (
    PlaySession,
    level_after,
    level_before,
    unsolved_after,
)
from ...session.choice import StarChoice
from ...session.shelves import skipped_message
from ...session.verbs import KEYS_AFTER_SOLVED, MOVES, SOLVER_VERBS, STAR_PUSHER_PACE, TRAVELS
from ..kit.help import HelpOverlay
from ..kit.layout import view_rect
from ..kit.pacing import PacedScene
from .art import CHARACTERS
from .banner import NEXT_LEVEL_KEYS, SolvedBanner, board_view
from .board import BoardPicture, Sprite, base_tiles, decorations
from .camera import Camera
from .clock import LevelClock
from .frame import Frame, MoveAnimation, Showing, player_position
from .keys import KEY_MAP, MOUSE_HELP
from .orientation import Orientation
from .plan import ShowsPlan, shown_plan
from .pointing import PointerControl
from .positions import keep_snapshot, list_positions
from .replay import ReplayScene
from .select import LevelSelectScene
from .solved import AfterSolving
from .statistics import StatisticsScene
from .transfer import copy_level, paste
from .viewing import ViewKeys
from .window import StarPusherWindow


class PlayScene(ShowsPlan, ViewKeys, PointerControl, LevelClock, PacedScene):
    app: StarPusherWindow
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP
    #: The title screen's name of this game: chosen there when the player leaves it (Esc).
    title_name = "Star Pusher"
    #: What the "Solved!" banner says the next key does (a collection's last level says more).
    solved_keys = NEXT_LEVEL_KEYS

    def __init__(self, app: StarPusherWindow, index: int) -> None:
        super().__init__(app)
        #: The digit of the last "go to level" key: the start of the number the level list goes to.
        self.digit_typed = ""
        #: Where the mouse was last seen: the wheel zooms about it.
        self.pointer: tuple[int, int] | None = None
        self.frame = Frame()
        self.after_solving = AfterSolving(self)
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
        return self.session.history

    def new_session(self, level: Level) -> PlaySession:
        """The game on ``level``, resumed from the store (a scene playing a test level starts afresh)."""
        app = self.app
        return PlaySession(
            level,
            app.progress,
            say=app.say,
            tasks=app.tasks,
            search_in_child=app.hints_in_child,
            clock=app.clock,
        )

    def load(self, index: int) -> None:
        """Show level ``index`` (wrapping around), resuming a game in progress."""
        self.session.assistant.close()
        self._open(index)

    def _open(self, index: int) -> None:
        self.index = index % len(self.levels)
        if self.plays_collection:  # other levels (Endless, a test) leave the collection's place alone
            self.app.level_index = self.index
        self.session = self.new_session(self.levels[self.index])
        self.session.being_played(self.active)
        self.clock_shown = self.session.clock_text()
        #: How the board is seen: each level opens as it is drawn.
        self.orientation = Orientation(self.level)
        self.session.seen_way = self.orientation.direction
        self.board = self._make_board()
        self.camera = Camera(self.board, self.view_rect, self.orientation)
        self.animation: MoveAnimation | None = None
        self.chosen = StarChoice(self.session)
        self.follow()
        if self.plays_collection:
            self.app.remember_place()
        # Said once the scene shows the level, so that the message is the level's.
        if self.session.saved_game_unfit:
            self.app.say("The saved game of this level did not fit it; starting afresh.", owner=self)
        if self.session.known_left_out:
            self.app.say(self.session.known_left_out, owner=self)
        if self.session.time_left_out:
            self.app.say(self.session.time_left_out, owner=self)
        self.app.dirty = True

    def _make_board(self) -> BoardPicture:
        """The level's picture as it is seen, with dead squares crossed when the player asked for them."""
        settings = self.app.star_settings
        seen = self.orientation
        shaded = seen.squares_seen(self.session.assistant.dead) if settings.show_dead_squares else frozenset()
        if seen.as_drawn:
            return BoardPicture(self.level, flat=settings.flat_view, shaded=shaded)
        # The rocks and trees of the level as drawn, turned with it.
        drawn = decorations(self.level, base_tiles(self.level))
        decoration = {seen.seen(square): tile for square, tile in drawn.items()}
        return BoardPicture(seen.shown, flat=settings.flat_view, shaded=shaded, decoration=decoration)

    def redraw_board(self) -> None:
        self.board = self.camera.board = self._make_board()

    def turn_view(self, symmetry: Symmetry) -> None:
        """See the board turned or mirrored by ``symmetry`` more; the game goes on as it was."""
        self.orientation = self.orientation.turned(symmetry)
        self.session.seen_way = self.orientation.direction  # the hint's words say it as seen
        self.board = self._make_board()
        self.camera.show(self.board, self.orientation)
        self.camera.clamp_pan()
        self.follow()
        if self.orientation.as_drawn:
            self.app.say("The board is seen as it is drawn.", 3)
        else:
            self.app.say(
                f"The board is seen {self.orientation.symmetry.name}: the arrows move as you see;"
                " moves and solutions are kept as the level is drawn.",
                5,
            )

    @property
    def plays_collection(self) -> bool:
        """Whether the levels are the open collection's (a subclass may play others: Endless)."""
        return self.levels is self.app.collection.levels

    @property
    def one_by_one(self) -> bool:
        """Whether levels unlock one by one here (only the open collection's: Endless's never lock)."""
        return self.plays_collection and self.app.star_settings.unlock_one_by_one

    def save(self) -> None:
        self.session.save()

    def leave(self) -> None:
        self.session.leave()

    def switch_level(self, index: int) -> None:
        self.leave()
        self.load(index)

    def next_level(self) -> None:
        """N: the next level, unless it is still locked (unlock one by one)."""
        index = level_after(self.app.progress, self.levels, self.index, self.one_by_one, self.app.say)
        if index is not None:
            self.switch_level(index)

    def open_levels(self, collection: Collection) -> None:
        """Play other levels (pasted ones) in place of the open collection."""
        open_collection(self.app, collection, name=None)

    # -- actions: the key map's verbs ----------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if self.solved and self.animation is None and action not in KEYS_AFTER_SOLVED:
            # "The next key goes to the next level", not a key still held from the winning push.
            if self.fresh_press(event):
                self.after_solving.go_on(action)
            return
        if action == "go_to_level":
            self.digit_typed = event.unicode  # the first digit of the number the level list goes to
        super().key(action, event)

    def act(self, action: str) -> None:
        """Moves and the game's verbs go to the session (``session.undo`` for "undo"); the rest stay here."""
        if action in MOVES:
            # The arrow as seen on the screen: the level's own step when the board is seen turned.
            seen = Direction.from_letter(MOVES[action])
            if self.session.walk(self.orientation.level_direction(seen).letter):
                self.chosen.star = None
        elif action in TRAVELS:
            self.travel(getattr(self.session, action))
        elif action in SOLVER_VERBS:
            getattr(self.session, action)()
        else:
            super().act(action)

    def travel(self, change: Callable[[], object]) -> None:
        """Undo, redo, restart...: the running animation, the chosen star and the look around end."""
        self.animation = None
        self.chosen.star = None
        change()
        self.camera.pan = [0.0, 0.0]
        self.follow()

    def action_restart(self) -> None:
        self.travel(self.session.restart)  # also pasted moves' first step

    def continue_with(self, moves: str, *, helped: bool = False) -> None:
        """Play ``moves`` from the start as the player's game (undo returns to the game as it was)."""
        self.travel(lambda: self.session.continue_with(moves, helped=helped))

    def play_moves(self, moves: str, message: str, *, helped: bool = False) -> None:
        """Let moves play by themselves, each undoable like the player's own."""
        self.session.play_moves(moves, message, helped=helped)
        self.chosen.star = None

    def action_next_level(self) -> None:
        self.next_level()

    def action_previous_level(self) -> None:
        self.switch_level(level_before(self.app.progress, self.levels, self.index, self.one_by_one))

    def action_next_unsolved(self) -> None:
        if not self.plays_collection:
            self.next_level()
            return
        index = unsolved_after(self.app.progress, self.levels, self.index, self.one_by_one, self.app.say)
        if index is not None:
            self.switch_level(index)

    def action_reverse(self) -> None:
        """V: play backwards from the solved position, or forward again."""
        self.travel(self.session.toggle_reverse)

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

    def action_go_to_level(self) -> None:
        """A digit: the level list, with the number of the level to go to begun."""
        if self.plays_collection:
            self.app.push(LevelSelectScene(self.app, self.index, self, typed=self.digit_typed))
        else:  # other levels (Endless, a test) say why they have no list
            self.act("level_select")

    def action_find(self) -> None:
        """/: the level list, finding levels by their titles."""
        self.action_level_select()
        if isinstance(self.app.scene, LevelSelectScene):
            self.app.scene.action_find()

    def action_collections(self) -> None:
        self.app.show_collections()

    def action_statistics(self) -> None:
        """Shift+S: the statistics of the collection played (levels made or tested belong to none)."""
        if self.plays_collection:
            self.app.push(StatisticsScene(self.app, self.app.collection))
        else:
            self.app.say("Statistics are kept of a collection: C chooses one.", 3)

    def action_edit_level(self) -> None:
        """E: the editor, on a copy of this level (the collection's file stays as it is)."""
        self.save()
        if self.plays_collection:
            self.app.edit_collection_level(self.index)
        else:
            self.app.edit_level(self.level, self.level.title or "a generated level")

    def action_back(self) -> None:
        self.app.show_title(self.title_name)

    # -- replays ----------------------------------------------------------------

    def start_replay(self, moves: str, label: str, *, helped: bool = False) -> None:
        """Show ``moves`` (a solution) step by step over the game, which waits untouched."""
        self.session.stop_playing()
        self.session.assistant.cancel()
        self.animation = None
        self.chosen.star = None
        self.app.push(ReplayScene(self, moves, label, helped=helped))

    def take_over(self, moves: str, *, helped: bool) -> None:
        """Go on from a replay's position as the player's own game (undo takes it back)."""
        self.travel(lambda: self.session.take_over(moves, helped=helped))

    # -- time ----------------------------------------------------------------

    def wake_in(self) -> float | None:
        moving = self.animation is not None or self.session.queue or self.camera.looking_away
        return 0 if moving else self.clock_wake()

    def update(self, dt: float) -> bool:
        changed = self.tick()
        changed = self._look_around(dt) or changed
        if self.session.queue.autoplay is not None and self.chosen.star is not None:
            self.chosen.star = None  # moves that play by themselves (a solution) end the choice
        if self.animation is not None:
            self.animation.elapsed += dt
            changed = True
            if self.animation.done:
                self.animation = None
        if self.animation is None and self.session.queue:
            instant = self.app.settings.instant_moves
            step = self.session.play_queued(all_of_them=instant)
            if step is not None:
                self.camera.pan = [0.0, 0.0]  # the player moved: the look around ends
                if step.solved:
                    self.solved_now()
                if not instant:
                    seconds, waiting = self.app.settings.step_seconds, len(self.session.queue)
                    pace = STAR_PUSHER_PACE.seconds(seconds, autoplay=step.autoplay, waiting=waiting)
                    self.animation = MoveAnimation(
                        step.before, step.direction, step.pushed, pace, pulled=step.pulled
                    )
            changed = True
        if changed:
            self.follow()
        return changed

    def solved_now(self) -> None:
        """A move just solved the level (a scene testing a level hands the solution back)."""

    def _look_around(self, dt: float) -> bool:
        held = self.app.held
        dx = ("pan_left" in held) - ("pan_right" in held)
        dy = ("pan_up" in held) - ("pan_down" in held)
        return self.camera.look(dx, dy, dt)

    # -- layout ----------------------------------------------------------------

    def view_rect(self) -> pygame.Rect:
        """Where the board goes: between the bars, and below the "Solved!" banner while it shows."""
        view = view_rect(self.app.screen)
        return board_view(view) if self.banner_shows else view

    @property
    def banner_shows(self) -> bool:
        """Solved and still; not while a solution replays over the scene, which needs the whole view."""
        replaying = any(isinstance(scene, ReplayScene) for scene in self.app.scenes)
        return self.solved and self.animation is None and not replaying

    def banner(self) -> SolvedBanner:
        return self.after_solving.banner()

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
        return player_position(self.orientation, self.history.state, self.animation)

    # -- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        shown = self.showing(self.history.state, self.animation, self.bar_texts())
        return self.frame.draw(shown, surface, whole=self.app.full_redraw)

    def sprites(self) -> list[Sprite]:
        return self.frame.sprites(self.showing(self.history.state, self.animation, self.bar_texts()))

    def showing(
        self,
        state: State,
        animation: MoveAnimation | None,
        bars: tuple[str, str, str, str],
        *,
        watched: bool = False,
    ) -> Showing:
        """What a frame shows of this level: the game, or (``watched``) a solution replayed over it,
        without the chosen star, the solver's marks or the banner."""
        settings = self.app.star_settings
        solved = not watched and self.solved and animation is None
        return Showing(
            level=self.level,
            state=state,
            animation=animation,
            camera=self.camera,
            board=self.board,
            view=self.view_rect(),
            character=CHARACTERS[settings.character % len(CHARACTERS)],
            bars=bars,
            chosen=None if watched else self.chosen,
            assistant=None if watched or self.session.reverse else self.session.assistant,
            banner=self.banner() if solved else None,
            backwards=not watched and self.session.reverse is not None,
            plan=None if watched else shown_plan(self.session, settings.show_packing_plan),
        )

    def footer_keys(self) -> str:
        """The keys the bar under the board offers (a scene playing other levels offers its own)."""
        return BACKWARDS_FOOTER if self.session.reverse is not None else PLAY_FOOTER

    def bar_texts(self) -> tuple[str, str, str, str]:
        """Where the player is, the level's title, the counters; the best so far, and the keys."""
        standing, keys = self.session.standing(), self.footer_keys()
        place = f"Level {self.index + 1} of {len(self.levels)}"
        if not self.orientation.as_drawn:
            place += f"   {self.orientation.symmetry.name}"
        return (
            f"{place}   BACKWARDS" if self.session.reverse is not None else place,
            display_title(self.level.title) or collection_name(self.app.collection),
            f"{self.session.counters()}   {self.clock_shown}",
            f"{standing}   {keys}" if standing else keys,
        )


#: What the bar under a level offers.
PLAY_FOOTER = (
    "F1 help   L levels   C collections   N/B next/previous   J unsolved"
    "   Z undo   R restart   H hint   E edit"
)

#: What the bar under a level played backwards says.
BACKWARDS_FOOTER = (
    "Backwards: step away from a star to pull it home to its start   V forward   Z undo   R restart   F1 help"
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
    if collection.problems or collection.notices:
        app.say(skipped_message(collection), 10)


def open_file(app: StarPusherWindow, path: str) -> None:
    """Open a level file (a dropped file); a bad file gives a message, not a crash."""
    try:
        open_collection(app, read_collection(path), name=os.path.abspath(path))
    except StarPusherError as error:
        app.say(f"Cannot open {os.path.basename(path)}: {error}")
