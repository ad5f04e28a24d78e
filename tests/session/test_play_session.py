"""A Star Pusher level played through its session alone, as any front end plays it: no window."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from session_helpers import Tasks, Voice

from starpusher.core import Level
from starpusher.levels import parse_collection
from starpusher.levels.builtin import load_builtin
from starpusher.session import MemoryProgress, PlaySession, Progress, assist, rebuild
from starpusher.session.positions import go_back_to, keep_snapshot, list_entries
from starpusher.store import Store

LEVELS = parse_collection(
    """\
One push
#######
#@ $ .#
#######

Two stars
#######
#.@$  #
# $   #
#.    #
#######

A corner to avoid
######
#@   #
# $  #
#   .#
######
""",
    "test.sok",
).levels
ONE_PUSH, TWO_STARS, CORNER = LEVELS


def play(game: PlaySession, moves: str) -> None:
    """Keys pressed, then every queued move played (a front end with instant moves)."""
    for letter in moves:
        game.walk(letter.lower())
    game.play_queued(all_of_them=True)


def new_game(
    level: Level,
    voice: Voice,
    tasks: Tasks,
    progress: Progress | None = None,
    *,
    kept: bool = True,
    in_child: bool = False,
) -> PlaySession:
    return PlaySession(
        level, progress or MemoryProgress(), say=voice, tasks=tasks, kept=kept, search_in_child=in_child
    )


#: The solver's help searched in a thread of this process (the terminal's way) and in a child
#: process (the window's): the same game either way.
SEARCHED_IN = pytest.mark.parametrize("in_child", [False, True], ids=["in a thread", "in a child"])


def test_moves_go_through_the_history_and_a_blocked_one_does_nothing(voice: Voice, tasks: Tasks) -> None:
    game = new_game(ONE_PUSH, voice, tasks)
    play(game, "lur")
    assert game.moves == "r"  # left and up are walls: nothing happened
    play(game, "r")
    assert game.moves == "rR" and game.state.boxes == frozenset({11})
    assert game.history.entries == ("r", "R")


def test_one_move_at_a_time_for_a_front_end_that_animates(voice: Voice, tasks: Tasks) -> None:
    game = new_game(ONE_PUSH, voice, tasks)
    for letter in "rr":
        game.walk(letter)
    step = game.play_queued(all_of_them=False)
    assert step is not None and not step.pushed and step.before == ONE_PUSH.start and len(game.queue) == 1
    assert game.planned_state().boxes == frozenset({11})  # where things will be once the queue is played
    step = game.play_queued(all_of_them=False)
    assert step is not None and step.pushed and step.direction.name == "RIGHT" and not step.solved
    assert game.play_queued(all_of_them=False) is None


def test_undo_redo_restart_and_undo_by_push(voice: Voice, tasks: Tasks) -> None:
    game = new_game(TWO_STARS, voice, tasks)
    play(game, "DlurRdl")  # push, walk, push, walk
    game.undo_push()
    assert game.moves == "DlurR"
    game.undo_push()
    assert game.moves == "D"
    game.redo_push()
    assert game.moves == "DlurR"
    game.redo_all()
    assert game.moves == "DlurRdl"
    game.restart()
    assert game.state == TWO_STARS.start and game.moves == ""
    game.undo()  # a restart is a step undo takes back
    assert game.moves == "DlurRdl"
    game.undo_all()
    assert game.moves == "" and game.history.can_redo
    game.redo()
    assert game.moves == "D"


def test_solving_records_the_solution_and_says_how_it_compares(
    voice: Voice, tasks: Tasks, tmp_path: Path
) -> None:
    with Store.open(tmp_path) as store:
        game = new_game(ONE_PUSH, voice, tasks, store)
        play(game, "rRR")
        assert game.solved and game.solved_before
        assert store.is_solved(ONE_PUSH) and game.record.best_moves == 3
        assert game.note.startswith("First solution recorded")
        assert voice.last == ""  # the note is shown with "Solved!": not said a second time
        assert game.standing() == "Best 3 moves, 2 pushes"


def test_the_solvers_moves_make_a_solve_with_help_until_undone(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    game = new_game(ONE_PUSH, voice, tasks, progress)
    game.play_moves("rRR", "Playing the solution.", helped=True)
    step = game.play_queued(all_of_them=False)
    assert step is not None and step.autoplay == 3  # the front end paces moves that play by themselves
    assert not game.walk("r")  # a move key stops them instead of joining them
    assert voice.last == "Stopped." and not game.queue
    game.play_moves("RR", "Playing the rest.", helped=True)
    game.play_queued(all_of_them=True)
    assert game.solved and game.solved_with_help()
    assert progress.is_helped(ONE_PUSH) and not progress.is_solved(ONE_PUSH)
    assert game.note.startswith("With help") and game.standing() == "Solved with help"
    for _ in range(3):
        game.undo()
    play(game, "rRR")  # every move of the solver's undone and made by the player: the player's own solve
    assert game.solved and not game.solved_with_help() and progress.is_solved(ONE_PUSH)


def test_the_game_is_kept_after_every_change_and_resumes_undo_and_redo_intact(
    voice: Voice, tasks: Tasks
) -> None:
    progress = MemoryProgress()
    game = new_game(TWO_STARS, voice, tasks, progress)
    play(game, "Dlu")
    game.undo()
    assert progress.load_game(TWO_STARS) == "Dl|u"
    again = new_game(TWO_STARS, voice, tasks, progress)
    assert again.moves == "Dl" and again.history.can_redo
    assert rebuild(TWO_STARS, "Dl|u").to_text() == "Dl|u"  # the one way a kept game comes back


def test_a_kept_game_that_no_longer_fits_starts_afresh_and_says_so(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    progress.save_game(ONE_PUSH, "llll")  # walks into the wall: not a game of this level
    game = new_game(ONE_PUSH, voice, tasks, progress)
    assert game.saved_game_unfit and game.moves == ""


def test_a_test_game_is_neither_resumed_nor_kept(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    progress.save_game(ONE_PUSH, "r")
    game = new_game(ONE_PUSH, voice, tasks, progress, kept=False)
    assert game.moves == ""
    play(game, "rR")
    assert progress.load_game(ONE_PUSH) == "r"


def test_a_push_into_a_deadlock_is_said_and_marked(voice: Voice, tasks: Tasks) -> None:
    game = new_game(CORNER, voice, tasks)
    play(game, "rdrdl")  # the star goes down, then left into the corner, away from its goal
    assert game.moves == "rDrdL" and game.assistant.stuck == {CORNER.index(1, 3)}
    assert voice.last.startswith("Deadlock!")
    game.undo()
    assert not game.assistant.stuck


@SEARCHED_IN
def test_a_hint_comes_from_the_solver_in_the_background(voice: Voice, tasks: Tasks, in_child: bool) -> None:
    game = new_game(TWO_STARS, voice, tasks, in_child=in_child)
    try:
        game.hint()
        assert game.assistant.searching
        assert tasks.running_names()[0].startswith("Looking for a hint (H cancels): ")
        tasks.answer()
        assert game.assistant.hint is not None and voice.last.startswith("Hint: push the marked star")
        star, direction = game.assistant.hinted_push()
        assert star in game.state.boxes and game.level.neighbour(star, direction) is not None
        game.play_solution()  # the solution is known now: no second search
        assert not game.assistant.searching and game.queue.autoplay is not None
        game.play_queued(all_of_them=True)
        assert game.solved and game.solved_with_help()
    finally:
        game.leave()


def test_a_snapshot_is_kept_listed_and_gone_back_to(voice: Voice, tasks: Tasks, tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game = new_game(TWO_STARS, voice, tasks, store)
        play(game, "Dl")
        keep_snapshot(game, "start of it")
        assert voice.last.startswith('Kept "start of it"')
        play(game, "urR")
        (entry,) = [entry for entry in list_entries(game) if entry.snapshot]
        go_back_to(game, entry)
        assert game.moves == "Dl"
        for _ in range(3):  # its two moves, then the restart before them
            game.undo()
        assert game.moves == "DlurR"  # where the player was


def test_taking_over_a_known_solution_is_a_solve_with_help(voice: Voice, tasks: Tasks) -> None:
    game = new_game(ONE_PUSH, voice, tasks)
    game.take_over("rR", helped=True)
    assert game.moves == "rR" and voice.last.startswith("Your game now goes on from there")
    play(game, "R")
    assert game.solved and game.solved_with_help()


@settings(max_examples=40, deadline=None)
@given(st.text("lurd", max_size=30))
def test_undo_after_any_moves_returns_every_position_and_stars_are_never_lost(moves: str) -> None:
    tasks = Tasks()
    try:
        game = PlaySession(TWO_STARS, MemoryProgress(), say=lambda text, seconds: None, tasks=tasks)
        seen = [game.state]
        for letter in moves:
            game.walk(letter)
            if game.play_queued(all_of_them=True) is not None:
                seen.append(game.state)
            assert len(game.state.boxes) == len(TWO_STARS.start.boxes)
        for state in reversed(seen[:-1]):
            game.undo()
            assert game.state == state
    finally:
        tasks.shutdown()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_starts_unsolved_with_nothing_to_undo(level: Level, voice: Voice, tasks: Tasks) -> None:
    game = new_game(level, voice, tasks)
    assert not game.solved and not game.history.can_undo and game.counters() == "Moves 0   Pushes 0"


#: Sasquatch 162: a search for it runs far longer than the test gives it.
HARD = Level.from_text(
    """
  ###########
###.  .$.  .###
 ## $  $  $ ##
  ## ..$.. ##
   ##$#$#$##
    #.$ $.#
    #  @  #
    #######
"""
)
#: Sasquatch 199, which neither our solver nor YASS solves in 20 s: a search for it never
#: ends in a test.
HARDER = load_builtin("starpusher").levels[198]


@SEARCHED_IN
def test_a_search_out_of_time_offers_to_keep_looking_and_carries_on(
    voice: Voice, tasks: Tasks, monkeypatch: pytest.MonkeyPatch, in_child: bool
) -> None:
    monkeypatch.setattr(assist, "SEARCH_SECONDS", 0.5)
    game = new_game(HARDER, voice, tasks, in_child=in_child)
    try:
        game.hint()
        assert tasks.running_names()[0].startswith("Looking for a hint (H cancels): ")
        tasks.answer()
        assert voice.last.startswith("No solution found yet:") and "H again keeps looking" in voice.last
        first = positions_in(voice.last)
        game.hint()  # again: the same search goes on, with what it has seen kept
        assert tasks.running_names()[0].startswith("Still looking (H cancels): ")
        tasks.answer()
        assert positions_in(voice.last) > first  # counted over both runs
    finally:
        game.leave()


def positions_in(message: str) -> int:
    """The positions a "No solution found yet: 12,345 positions in 3 s" message counts."""
    found = re.search(r"([\d,]+) positions", message)
    assert found is not None, message
    return int(found.group(1).replace(",", ""))


@SEARCHED_IN
def test_a_second_press_cancels_and_a_third_carries_on(voice: Voice, tasks: Tasks, in_child: bool) -> None:
    game = new_game(HARD, voice, tasks, in_child=in_child)
    try:
        game.play_solution()
        game.play_solution()  # Shift+H again: cancelled
        assert voice.last == "Search for the solution cancelled." and not game.assistant.searching
        tasks.answer()  # the cancelled search has stopped, kept where it was
        game.play_solution()
        assert game.assistant.searching and tasks.running_names()[0].startswith(
            "Still looking (Shift+H cancels): "
        )
    finally:
        game.leave()


@SEARCHED_IN
def test_a_move_drops_the_search_kept_for_the_position_left(
    voice: Voice, tasks: Tasks, in_child: bool
) -> None:
    game = new_game(HARD, voice, tasks, in_child=in_child)
    try:
        game.hint()
        game.hint()  # cancelled; kept for this position
        tasks.answer()
        play(game, "l")
        game.undo()  # back where the search was: it was dropped, and a new one starts
        game.hint()
        assert tasks.running_names()[0].startswith("Looking for a hint (H cancels): ")
    finally:
        game.leave()


def test_the_child_that_searches_serves_the_level_until_it_is_left(voice: Voice, tasks: Tasks) -> None:
    """The window's hints come from a child process of the level's; leaving the level ends it."""
    game = new_game(TWO_STARS, voice, tasks, in_child=True)
    child = game.assistant.child
    assert child is not None and not child.running  # started by the first search, not before
    game.hint()
    tasks.answer()
    assert voice.last.startswith("Hint: push the marked star")
    pid = child.pid
    assert child.running and pid is not None and pid != os.getpid()
    game.leave()
    assert not child.running


# -- reverse mode ----------------------------------------------------------------


def test_reverse_mode_starts_solved_pulls_and_counts_pulls(voice: Voice, tasks: Tasks) -> None:
    game = new_game(LEVELS[0], voice, tasks, kept=False)
    play(game, "r")
    game.toggle_reverse()
    assert game.reverse is not None
    assert game.state.boxes == LEVELS[0].goals
    assert game.moves == "" and "Reverse mode" in voice.last
    play(game, "rrrl")
    assert game.moves == "rrrL"
    assert game.counters() == "Moves 4   Pulls 1"
    game.undo()
    assert game.moves == "rrr"
    game.redo()
    game.toggle_reverse()  # forward again: the forward game as it was left
    assert game.reverse is None and game.moves == "r"
    game.toggle_reverse()  # and back: the reverse game as it was left
    assert game.moves == "rrrL"


def test_meeting_the_start_backwards_is_a_solve_checked_and_kept(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    game = new_game(LEVELS[0], voice, tasks, progress)
    game.toggle_reverse()
    play(game, "rrrll")
    assert game.reverse is None and game.solved
    assert LEVELS[0].is_solved(game.state)
    assert game.moves == "rRR"
    assert progress.is_solved(LEVELS[0])
    assert "Solved backwards" in voice.last
    game.undo()  # the forward game goes on as any: undo takes the solve back a move
    assert game.moves == "rR"


def test_a_mouse_walk_backwards_pulls_nothing(voice: Voice, tasks: Tasks) -> None:
    game = new_game(LEVELS[0], voice, tasks, kept=False)
    game.toggle_reverse()
    play(game, "rrr")
    game.follow_path("ll")
    game.play_queued(all_of_them=True)
    assert game.moves == "rrrll"
    assert game.state.boxes == LEVELS[0].goals


def test_the_store_keeps_the_forward_game_while_reverse_mode_is_on(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    game = new_game(LEVELS[0], voice, tasks, progress)
    play(game, "r")
    game.toggle_reverse()
    play(game, "rr")
    game.leave()
    again = new_game(LEVELS[0], voice, tasks, progress)
    assert again.reverse is None and again.moves == "r"


def test_hints_wait_for_forward_play(voice: Voice, tasks: Tasks) -> None:
    game = new_game(LEVELS[0], voice, tasks, kept=False)
    game.toggle_reverse()
    game.hint()
    assert "forward play" in voice.last


def test_a_level_with_spare_stars_says_why_it_has_no_reverse_mode(voice: Voice, tasks: Tasks) -> None:
    level = parse_collection("######\n#@$$.#\n#    #\n######").levels[0]
    game = new_game(level, voice, tasks, kept=False)
    game.toggle_reverse()
    assert game.reverse is None and "as many stars as goals" in voice.last


def test_a_snapshot_kept_backwards_comes_back_backwards(voice: Voice, tasks: Tasks, tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game = new_game(TWO_STARS, voice, tasks, store)
        game.toggle_reverse()
        play(game, "rr")
        moves = game.moves
        keep_snapshot(game, "backwards")
        game.toggle_reverse()
        (entry,) = [entry for entry in list_entries(game) if entry.snapshot]
        assert entry.detail.startswith("backwards:")
        go_back_to(game, entry)
        assert game.reverse is not None and game.moves == moves


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([ONE_PUSH, TWO_STARS, CORNER]), st.lists(st.sampled_from("lurd"), max_size=80))
def test_any_reverse_solve_is_a_forward_solution_by_the_rules(level: Level, keys: list[str]) -> None:
    voice, tasks = Voice(), Tasks()
    progress = MemoryProgress()
    game = new_game(level, voice, tasks, progress)
    game.toggle_reverse()
    for key in keys:
        play(game, key)
        if game.reverse is None:  # it met the start: the forward game holds the solve
            assert level.is_solved(level.replay(game.moves))
            assert game.solved and progress.is_solved(level)
            return
        assert game.state.boxes != level.start.boxes or level.start.player not in level.region_from(
            game.state.player, game.state.boxes
        )


def test_a_board_solved_before_opens_at_the_start_with_its_mark_and_the_solution_to_redo(
    voice: Voice, tasks: Tasks
) -> None:
    progress = MemoryProgress()
    game = new_game(ONE_PUSH, voice, tasks, progress)
    play(game, "rRR")
    assert game.solved
    game.leave()
    # The same board in a file opened later (a copy of the level, its own title).
    copy = parse_collection("Another name\n#######\n#@ $ .#\n#######\n", "new.sok").levels[0]
    again = new_game(copy, voice, tasks, progress)
    assert not again.solved and again.state == copy.start and again.moves == ""
    assert again.solved_before and again.standing() == "Solved before"
    again.redo_all()  # the solution is there to redo
    assert again.solved and again.moves == "rRR"
