"""Replaying a solution with step controls: play, pause, step back and forward, speed.

The replay is a scene over the game, drawn with the game's own camera and
board, while the player's game waits untouched below it. What is replayed and
where the replay is, is the session's :class:`~starpusher.session.replay.Replay`
(the terminal replays through it too): stepping back and forward are undo and
redo, so any point can be reached; Enter goes on from that point as the
player's own game (undo takes it back), Esc returns to the game as it was.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...core import Direction, State
from ...history import History
from ...session import PlaySession
from ...session.replay import Replay
from ..kit.help import HelpOverlay
from ..kit.keys import ENTER_KEYS, Binding, Key, shared_bindings
from ..kit.window import Scene
from .camera import ZOOM_STEP, Camera
from .frame import Frame, MoveAnimation, Showing, player_position
from .window import StarPusherWindow

_k = Key.of

REPLAY_KEY_MAP: tuple[Binding, ...] = (
    Binding("play_pause", (_k(pygame.K_SPACE, label="Space"),), "play or pause", "Replay"),
    Binding("forward", (_k(pygame.K_RIGHT, label="Right"), _k(pygame.K_x)), "a move forward", "Replay"),
    Binding("back_a_move", (_k(pygame.K_LEFT, label="Left"), _k(pygame.K_z)), "a move back", "Replay"),
    Binding("first", (_k(pygame.K_HOME, label="Home"),), "to the start", "Replay"),
    Binding("last", (_k(pygame.K_END, label="End"),), "to the end", "Replay"),
    Binding("slower", (_k(pygame.K_LEFTBRACKET, label="["),), "slower", "Replay"),
    Binding("faster", (_k(pygame.K_RIGHTBRACKET, label="]"),), "faster", "Replay"),
    Binding(
        "take_over",
        ENTER_KEYS,
        "play on from here yourself (undo takes it back)",
        "Replay",
    ),
    *shared_bindings("help", "fullscreen", "back", "quit"),
)


class ReplayHost(Protocol):
    """The play scene the replay is shown over: its game, its view, and how it takes over."""

    app: StarPusherWindow
    session: PlaySession
    camera: Camera
    #: Where the mouse was last seen (the wheel zooms about it).
    pointer: tuple[int, int] | None

    def showing(
        self, state: State, animation: MoveAnimation | None, bars: tuple[str, str, str, str], *, watched: bool
    ) -> Showing: ...

    def follow(self) -> None: ...

    def take_over(self, moves: str, *, helped: bool) -> None:
        """Go on from the replay's position as the player's own game."""
        ...


class ReplayScene(Scene):
    """A solution played back over the game, under the player's control."""

    key_map = REPLAY_KEY_MAP
    mouse_help = (("Wheel", "zoom in and out about the pointer"),)
    app: StarPusherWindow

    def __init__(self, play: ReplayHost, moves: str, label: str, *, helped: bool = False) -> None:
        super().__init__(play.app)
        self.play = play
        #: The solution watched, and where the watching is.
        self.replay = Replay(play.session.level, moves, label, helped=helped)
        self._wait = 0.0
        self.animation: MoveAnimation | None = None
        self.frame = Frame()
        self.follow()

    @property
    def history(self) -> History[State]:
        return self.replay.history

    @property
    def playing(self) -> bool:
        return self.replay.playing

    @property
    def speed(self) -> float:
        return self.replay.speed

    @property
    def total(self) -> int:
        return self.replay.total

    @property
    def position(self) -> int:
        return self.replay.position

    def follow(self) -> None:
        camera = self.play.camera
        camera.follow(player_position(camera.orientation, self.history.state, self.animation))

    def message_context(self) -> object:
        return self.history

    # -- actions ----------------------------------------------------------------

    def action_play_pause(self) -> None:
        self.replay.play_pause()
        self._wait = 0.0  # the first move at once

    def action_forward(self) -> None:
        self.replay.playing = False
        self.forward(animated=False)

    def action_back_a_move(self) -> None:
        self.replay.back_a_move()

    def action_first(self) -> None:
        self.replay.first()

    def action_last(self) -> None:
        self.replay.last()

    def action_slower(self) -> None:
        self.app.say(self.replay.change_speed(0.5), 2)

    def action_faster(self) -> None:
        self.app.say(self.replay.change_speed(2.0), 2)

    def action_take_over(self) -> None:
        moves = self.replay.moves
        self.app.pop()
        self.play.take_over(moves, helped=self.replay.helped)

    def action_back(self) -> None:
        self.app.pop()
        self.play.follow()

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def mouse(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self.play.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:  # a replay is watched, not played: only the wheel works
            about = self.play.pointer or pygame.mouse.get_pos()
            self.play.camera.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, about)
            self.app.dirty = True

    # -- time ----------------------------------------------------------------

    def forward(self, *, animated: bool) -> bool:
        """One move forward; False at the end."""
        before = self.history.state
        letter = self.replay.forward()
        if letter is None:
            return False
        duration = 1 / self.speed if animated else 0.0
        direction = Direction.from_letter(letter)
        self.animation = MoveAnimation(before, direction, letter.isupper(), duration) if duration else None
        return True

    def wake_in(self) -> float | None:
        return 0 if self.animation is not None or self.playing else None

    def update(self, dt: float) -> bool:
        changed = False
        if self.animation is not None:
            self.animation.elapsed += dt
            changed = True
            if self.animation.done:
                self.animation = None
        if self.playing and self.animation is None:
            self._wait -= dt
            if self._wait <= 0:
                self._wait = 1 / self.speed
                if not self.forward(animated=True):
                    self.replay.playing = False
                changed = True
        if changed:
            self.follow()
        return changed

    # -- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        shown = self.play.showing(self.history.state, self.animation, self.bar_texts(), watched=True)
        return self.frame.draw(shown, surface, whole=self.app.full_redraw)

    def bar_texts(self) -> tuple[str, str, str, str]:
        """What the bars show: the replay's name, whether it plays, the counts, and the keys."""
        replay = self.replay
        keys = (
            "Space play/pause   Left/Right step   Home/End   [ ] speed   Enter play on from here   Esc back"
        )
        return f"Replay: {replay.label}", replay.where(), replay.counts(), keys
