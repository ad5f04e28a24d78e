"""A solution replayed in the terminal, step by step: play, pause, step back and forth, speed, take over.

What is replayed, and where the replay is, is the session's
:class:`~starpusher.session.replay.Replay` (the window's too); this screen
binds keys to its verbs and draws its position on the board, while the
player's game waits untouched below. Enter goes on from the replay's
position as the player's own game (undo takes it back).
"""

from __future__ import annotations

import curses
from typing import Protocol

from ..session.replay import Replay
from . import screen
from .board import BoardView
from .keys import REPLAY_KEY_MAP
from .kit import Screen, TerminalApp

REPLAY_FOOTER = ("Space play/pause", "Left/Right step", "[ ] speed", "Enter play on", "? help", "Esc back")


class TakeOver(Protocol):
    """How the game goes on from a replay's position as the player's own (undo takes it back)."""

    def __call__(self, moves: str, *, helped: bool) -> None: ...


class ReplayScreen(Screen):
    """``replay`` shown over the game; ``take_over`` plays on from where it is."""

    key_map = REPLAY_KEY_MAP

    def __init__(self, app: TerminalApp, replay: Replay, *, take_over: TakeOver) -> None:
        super().__init__(app)
        self.replay = replay
        self.take_over = take_over
        self.view = BoardView(replay.level)
        self._next_step = app.clock()

    def action_play_pause(self) -> None:
        self.replay.play_pause()
        self._next_step = self.app.clock()  # the first move at once

    def action_forward(self) -> None:
        self.replay.step_forward()

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
        self.take_over(moves, helped=self.replay.helped)

    def action_back(self) -> None:
        self.app.pop()

    # -- time ----------------------------------------------------------------

    def update(self) -> None:
        replay, now = self.replay, self.app.clock()
        if replay.playing and now >= self._next_step:
            self._next_step = now + 1 / replay.speed
            if replay.forward() is None:
                replay.playing = False

    def wake_in(self) -> float | None:
        return max(0.0, self._next_step - self.app.clock()) if self.replay.playing else None

    # -- drawing ----------------------------------------------------------------

    def footer(self) -> tuple[str, ...]:
        return REPLAY_FOOTER

    def draw(self, window: curses.window) -> None:
        replay = self.replay
        columns = window.getmaxyx()[1]
        screen.bar(
            window, 0, f"Replay: {replay.label}  ({replay.where()})", replay.counts(), self.app.palette
        )
        foot = self.draw_foot(window)
        self.view.follow(replay.state.player, columns, max(1, foot - 1))
        self.view.draw(window, replay.state, self.app.palette)
