"""Solver help in the window: hints, playing a solution, deadlock warnings."""

from __future__ import annotations

import os
import threading

import pygame
import pytest

from starpusher.core import Direction
from starpusher.gui import App, StarPusherSettings
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.solver import Outcome, SolveResult, Solving, dead_squares

SHIFT = pygame.KMOD_SHIFT


@pytest.fixture
def in_process(app: App, pilot: Pilot) -> None:
    """The solver in this process, where a test stands in for it (the window searches in a child)."""
    app.hints_in_child = False
    pilot.play.load(pilot.play.index)


def test_a_hint_marks_the_first_push_of_a_real_solution(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_n)
    pilot.press(pygame.K_n)  # "Two stars"
    play = pilot.play
    pilot.press(pygame.K_h)
    assistant = play.session.assistant
    assert assistant.hint is not None
    state, moves = assistant.hint
    assert state == play.history.state
    # A walk (none when the player already stands behind the star), then exactly one push.
    assert moves[-1].isupper() and not any(letter.isupper() for letter in moves[:-1])
    star, direction = assistant.hinted_push()
    assert star in state.boxes and direction is Direction.from_letter(moves[-1])
    assert "Hint: push the marked star" in (app.status or "")
    child = assistant.child  # searched in a child process: the window kept its frames
    assert child is not None and child.running and child.pid != os.getpid()
    pilot.type_moves(moves)
    assert assistant.hint is None  # the hint is gone once followed
    pilot.press(pygame.K_h, SHIFT)  # the rest of that same solution solves the level
    assert play.solved
    pilot.press(pygame.K_n)
    assert not child.running  # the level left, its child ended


def test_a_second_press_or_a_move_cancels_the_search(app: App, pilot: Pilot) -> None:
    play = pilot.play
    pilot.press(pygame.K_h, settle=False)
    pilot.press(pygame.K_h, settle=False)
    pilot.settle()
    assert play.session.assistant.hint is None
    assert app.status == "Hint cancelled."
    pilot.press(pygame.K_h, settle=False)
    pilot.press(pygame.K_RIGHT, settle=False)
    pilot.settle()
    assert play.session.assistant.hint is None
    assert not play.session.assistant.searching
    assert play.history.moves == "r"


def test_playing_the_solution_solves_the_level_and_undo_takes_it_back(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_n)
    pilot.press(pygame.K_n)
    play = pilot.play
    pilot.type_moves("l")
    pilot.press(pygame.K_h, SHIFT)
    assert play.solved
    played = len(play.history.moves)
    assert played > 1
    for _ in range(played):
        pilot.press(pygame.K_z)
    assert play.history.state == play.level.start
    assert not play.solved


def test_a_push_onto_a_dead_square_is_marked_and_undo_is_suggested(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_n)  # "Around the corner": a star below the top wall's row
    play = pilot.play
    assert play.board.shaded == frozenset()  # dead squares are not crossed unless asked for
    pilot.type_moves("ddr")
    assert not play.session.assistant.stuck
    pilot.type_moves("u")  # the star goes up against the top wall, off every goal for good
    star = play.level.index(2, 1)
    assert play.session.assistant.stuck == {star}
    assert "Deadlock" in (app.status or "") and "undo" in (app.status or "")
    pilot.press(pygame.K_h)  # no search from a dead position: the window says why
    assert "stuck" in (app.status or "")
    pilot.press(pygame.K_z)
    assert not play.session.assistant.stuck


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (Outcome.TIMEOUT, "H again keeps looking"),
        (Outcome.UNSOLVABLE, "no solution"),
        (Outcome.MEMORY, "ran out of room"),
    ],
)
def test_searches_that_find_nothing_say_so(
    app: App, pilot: Pilot, in_process: None, monkeypatch: pytest.MonkeyPatch, status: Outcome, words: str
) -> None:
    monkeypatch.setattr(Solving, "run", lambda *args, **kwargs: SolveResult(status))
    pilot.press(pygame.K_h)
    assert words in (app.status or "")
    assert pilot.play.session.assistant.hint is None


def test_the_window_keeps_going_and_shows_it_is_thinking_while_the_solver_works(
    app: App, pilot: Pilot, in_process: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real_run = Solving.run

    def slow_run(solving: Solving, time_limit: float, cancel: threading.Event | None = None) -> SolveResult:
        release.wait(30)
        return real_run(solving, time_limit, cancel)

    monkeypatch.setattr(Solving, "run", slow_run)
    pilot.press(pygame.K_h, settle=False)
    for _ in range(5):
        app.step(dt=1 / 60)  # the loop turns while the search waits
    assert app.tasks.running_names() == ["Looking for a hint (H cancels): 0 positions, 0 s"]
    pilot.press(pygame.K_z, settle=False)  # keys are still handled meanwhile
    app.step(dt=1 / 60)
    assert pilot.play.session.assistant.searching
    release.set()
    pilot.settle()
    assert pilot.play.session.assistant.hint is not None


def test_undo_cancels_a_search_for_the_position_left(app: App, pilot: Pilot) -> None:
    pilot.type_moves("r")
    pilot.press(pygame.K_h, settle=False)
    pilot.press(pygame.K_z, settle=False)
    pilot.settle()
    assistant = pilot.play.session.assistant
    assert not assistant.searching and assistant.hint is None


def test_the_thinking_spinner_is_painted_out_when_a_move_cancels_the_search(
    app: App, pilot: Pilot, in_process: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def endless_run(solving: Solving, time_limit: float, cancel: threading.Event) -> SolveResult:
        cancel.wait(30)
        return SolveResult(Outcome.TIMEOUT)

    monkeypatch.setattr(Solving, "run", endless_run)
    pilot.press(pygame.K_h, settle=False)
    for _ in range(3):
        app.step(dt=1 / 60)
    assert app.tasks.running_names()
    pilot.press(pygame.K_RIGHT)  # a move at once cancels the search
    assert not app.tasks.running_names()
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.full_redraw = app.dirty = True
    app.draw()  # what the frame should be, drawn whole
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_ctrl_d_crosses_the_dead_squares_and_the_store_keeps_the_choice(app: App, pilot: Pilot) -> None:
    kept: list[bool] = []
    app.save_settings = lambda settings: kept.append(settings.of(StarPusherSettings).show_dead_squares)
    pilot.press(pygame.K_n)
    play = pilot.play
    plain = pygame.image.tobytes(app.screen, "RGB")
    pilot.press(pygame.K_d, pygame.KMOD_LCTRL)
    assert play.board.shaded == dead_squares(play.level) != frozenset()
    assert app.star_settings.show_dead_squares and kept == [True]
    assert "dead squares" in (app.status or "").lower()
    assert play.camera.pan == [0.0, 0.0]  # Ctrl+D is not D, which looks right
    app.say("", 0)
    pilot.settle()
    assert pygame.image.tobytes(app.screen, "RGB") != plain  # the crosses are drawn
    pilot.press(pygame.K_n)  # the next level keeps the setting
    assert pilot.play.board.shaded == dead_squares(pilot.play.level)
    pilot.press(pygame.K_d, pygame.KMOD_LCTRL)
    assert pilot.play.board.shaded == frozenset() and kept == [True, False]


def test_the_help_explains_the_dead_square_crosses(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_F1)
    assert isinstance(app.scene, HelpOverlay)
    explained = [text for _, keys, text in app.scene.rows if keys == "Ctrl+D"]
    assert explained and "never reaches a goal" in explained[0]
