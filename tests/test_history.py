"""The shared history: undo, redo, restart as a move, and its text form."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starpusher.core import Direction, IllegalMoveError, Level, NotationError, State
from starpusher.history import History

ROOM = Level.from_text(
    """
#######
#     #
# $.$ #
#  @  #
# .$. #
#   $ #
#######
"""
)


def new_history() -> History[State]:
    return History(ROOM.start, ROOM.apply)


def play_legal(history: History[State], letters: str) -> None:
    """Play the letters, skipping those the rules refuse."""
    for letter in letters:
        with contextlib.suppress(IllegalMoveError):
            history.play(letter)


actions = st.lists(st.sampled_from("lurdZYR"), max_size=60)


def perform(history: History[State], action: str) -> None:
    if action == "Z":
        history.undo()
    elif action == "Y":
        history.redo()
    elif action == "R":
        history.restart()
    else:
        play_legal(history, action)


def test_undo_and_redo_walk_back_and_forth() -> None:
    history = new_history()
    history.play("u")
    after_up = history.state
    assert history.undo()
    assert history.state == ROOM.start
    assert not history.undo()
    assert history.redo()
    assert history.state == after_up
    assert not history.redo()


def test_a_new_move_after_undo_drops_the_redo_tail() -> None:
    history = new_history()
    play_legal(history, "ll")
    history.undo()
    history.play("u")
    assert not history.can_redo
    assert history.moves == "lu"


def test_restart_is_a_step_that_can_be_undone() -> None:
    history = new_history()
    play_legal(history, "lluu")
    before = history.state
    history.restart()
    assert history.state == ROOM.start
    assert history.moves == ""
    history.undo()
    assert history.state == before
    assert history.moves == "lluu"


def test_restart_at_the_start_records_nothing() -> None:
    history = new_history()
    history.restart()
    assert not history.can_undo
    play_legal(history, "u")
    history.restart()
    history.restart()
    assert history.to_text() == "u!"


def test_restart_after_walking_back_to_the_start_clears_the_moves() -> None:
    history = new_history()
    play_legal(history, "ud")
    assert history.state == ROOM.start and history.moves == "ud"
    history.restart()
    assert history.moves == ""
    assert history.undo() and history.moves == "ud"


def test_record_keeps_the_letter_the_rules_gave() -> None:
    history = new_history()
    state, letter = ROOM.move(ROOM.start, Direction.DOWN)
    history.record(letter, state)
    assert history.moves == "D"
    assert history.state == state


def test_text_form_keeps_restarts_and_the_redo_tail() -> None:
    history = new_history()
    play_legal(history, "ll")
    history.restart()
    play_legal(history, "rru")
    history.undo()
    assert history.to_text() == "ll!rr|u"
    copy = History.from_text(ROOM.start, ROOM.apply, "ll!rr|u")
    assert copy.state == history.state
    assert copy.to_text() == "ll!rr|u"
    assert copy.redo() and copy.moves == "rru"


def test_text_with_two_cursors_is_refused() -> None:
    with pytest.raises(NotationError):
        History.from_text(ROOM.start, ROOM.apply, "l|r|u")


@given(actions)
def test_undo_after_any_move_restores_the_equal_state(sequence: list[str]) -> None:
    history = new_history()
    for action in sequence:
        perform(history, action)
    before = history.state
    for letter in "lurd":
        try:
            history.play(letter)
        except IllegalMoveError:
            continue
        history.undo()
        assert history.state == before
        history.redo()
        history.undo()
        assert history.state == before


@given(actions)
def test_undo_all_then_redo_as_often_returns_to_the_same_state(sequence: list[str]) -> None:
    history = new_history()
    for action in sequence:
        perform(history, action)
    end = history.state
    undone = 0
    while history.undo():
        undone += 1
    assert history.state == ROOM.start
    for _ in range(undone):
        assert history.redo()
    assert history.state == end


@given(actions)
def test_stars_are_conserved_and_never_overlap_walls(sequence: list[str]) -> None:
    history = new_history()
    for action in sequence:
        perform(history, action)
        state = history.state
        assert len(state.boxes) == len(ROOM.start.boxes)
        assert not state.boxes & ROOM.walls
        assert state.player not in state.boxes
        assert state.player not in ROOM.walls


@given(actions)
def test_history_text_round_trips(sequence: list[str]) -> None:
    history = new_history()
    for action in sequence:
        perform(history, action)
    copy = History.from_text(ROOM.start, ROOM.apply, history.to_text())
    assert copy.to_text() == history.to_text()
    assert copy.state == history.state
    assert copy.moves == history.moves
    assert ROOM.replay(history.moves) == history.state
