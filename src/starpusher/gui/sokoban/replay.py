"""Replaying a solution with step controls: play, pause, step back and forward, speed.

The play scene shows the replay in place of the player's game (whose history
waits untouched) and hands it its keys while it runs. The replay is a
:class:`~starpusher.history.History` of the solution: stepping back and
forward are undo and redo, so any point can be reached; Enter goes on from
that point as the player's own game (undo takes it back), Esc returns to the
game as it was.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...core import Direction, Level, State, count_pushes
from ...history import History
from ..kit.keys import Binding, Key, shared_bindings
from ..kit.window import Window

_k = Key.of

#: Moves per second a replay plays at first, and the bounds of [ and ].
START_SPEED = 8.0
SPEED_RANGE = (1.0, 64.0)

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
        (_k(pygame.K_RETURN, label="Enter"), _k(pygame.K_KP_ENTER, label="Keypad Enter")),
        "play on from here yourself (undo takes it back)",
        "Replay",
    ),
    *shared_bindings("help", "fullscreen", "back", "quit"),
)


class ReplayHost(Protocol):
    """The scene a replay is shown in (the play scene)."""

    # Read-only here, so that a scene whose window is a :class:`Window` subclass fits.
    @property
    def app(self) -> Window: ...

    @property
    def level(self) -> Level: ...

    def step_shown(self, before: State, letter: str, duration: float) -> None:
        """Show one move of the replay (animated over ``duration`` seconds, or at once)."""
        ...

    def end_replay(self, take_over: bool) -> None: ...


def solution_history(level: Level, moves: str) -> History[State]:
    """The solution as a history at its start: redo plays it, undo takes it back."""
    history = History(level.start, level.apply)
    state = level.start
    for letter in moves:
        state, played = level.move(state, Direction.from_letter(letter))  # the board says push or walk
        history.record(played, state)
    history.go_to(0)
    return history


class Replay:
    """A solution played back under the player's control."""

    def __init__(self, host: ReplayHost, moves: str, label: str, *, helped: bool = False) -> None:
        self.host = host
        self.label = label
        #: Someone else's solution: taking it over makes a solve "solved with help".
        self.helped = helped
        self.history = solution_history(host.level, moves)
        self.playing = True
        self.speed = START_SPEED
        self._wait = 0.0

    @property
    def total(self) -> int:
        return len(self.history.entries)

    @property
    def position(self) -> int:
        return self.history.position

    # The replay's actions: the play scene hands them its keys while the replay is shown.

    def action_play_pause(self) -> None:
        if self.position == self.total:  # at the end, play means from the start again
            self.history.go_to(0)
        self.playing = not self.playing
        self._wait = 0.0  # the first move at once

    def action_forward(self) -> None:
        self.playing = False
        self.forward(animated=False)

    def action_back_a_move(self) -> None:
        self.playing = False
        self.history.undo()

    def action_first(self) -> None:
        self.playing = False
        self.history.go_to(0)

    def action_last(self) -> None:
        self.playing = False
        self.history.go_to(self.total)

    def action_slower(self) -> None:
        self._change_speed(0.5)

    def action_faster(self) -> None:
        self._change_speed(2.0)

    def _change_speed(self, factor: float) -> None:
        self.speed = max(SPEED_RANGE[0], min(SPEED_RANGE[1], self.speed * factor))
        self.host.app.say(f"Replay at {self.speed:g} moves a second.", 2)

    def action_take_over(self) -> None:
        self.host.end_replay(take_over=True)

    def action_back(self) -> None:
        self.host.end_replay(take_over=False)

    def forward(self, *, animated: bool) -> bool:
        """One move forward; False at the end."""
        if self.position >= self.total:
            return False
        before = self.history.state
        letter = self.history.entries[self.position]
        self.history.redo()
        self.host.step_shown(before, letter, 1 / self.speed if animated else 0.0)
        return True

    def update(self, dt: float, animating: bool) -> bool:
        """Play on while playing; True when something changed."""
        if not self.playing or animating:
            return False
        self._wait -= dt
        if self._wait > 0:
            return False
        self._wait = 1 / self.speed
        if not self.forward(animated=True):
            self.playing = False
        return True

    def bar_texts(self) -> tuple[str, str, str, str]:
        """What the bars show: the replay's name, whether it plays, the counts, and the keys."""
        moves = self.history.moves
        where = "playing" if self.playing else ("at the end" if self.position == self.total else "paused")
        counts = f"Move {self.position} of {self.total}   Pushes {count_pushes(moves)}"
        keys = (
            "Space play/pause   Left/Right step   Home/End   [ ] speed   Enter play on from here   Esc back"
        )
        return f"Replay: {self.label}", where, counts, keys
