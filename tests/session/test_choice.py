"""The mouse's rules, without a window: a chosen star's squares are safe, and a drag is two clicks."""

from __future__ import annotations

import pytest
from session_helpers import Tasks, Voice

from starpusher.core import Level
from starpusher.levels import parse_collection
from starpusher.session import MemoryProgress, PlaySession
from starpusher.session.choice import StarChoice
from starpusher.session.paths import push_path, push_targets
from starpusher.solver import deadlocked_stars

LEVELS = parse_collection(
    """\
XSokoban 1
    #####
    #   #
    #$  #
  ###  $##
  #  $ $ #
### # ## #   ######
#   # ## #####  ..#
# $  $          ..#
##### ### #@##  ..#
    #     #########
    #######

Around the corner
######
#@   #
# $# #
#  . #
######

Two stars in a room
########
#  .   #
# $ $  #
#@  .  #
########
""",
    "mouse.sok",
).levels
CLASSIC_1 = LEVELS[0]


def chooser(level: Level, voice: Voice, tasks: Tasks) -> StarChoice:
    return StarChoice(PlaySession(level, MemoryProgress(), say=voice, tasks=tasks, kept=False))


@pytest.mark.parametrize("level", LEVELS, ids=[level.title for level in LEVELS])
def test_every_square_offered_is_safe_and_every_one_refused_is_a_deadlock(
    level: Level, voice: Voice, tasks: Tasks
) -> None:
    state = level.start
    for star in state.boxes:
        choice = chooser(level, voice, tasks)
        choice.star = star
        assert choice.targets | choice.refused == push_targets(level, state, star)
        assert not choice.targets & choice.refused
        for target in choice.targets | choice.refused:
            moves = push_path(level, state, star, target)
            assert moves is not None
            stuck = deadlocked_stars(level, level.replay(moves, state))
            assert bool(stuck) == (target in choice.refused), (level.xy(star), level.xy(target))


def test_classic_level_1_offers_no_push_that_says_deadlock(voice: Voice, tasks: Tasks) -> None:
    choice = chooser(CLASSIC_1, voice, tasks)
    choice.click(CLASSIC_1.index(5, 7))
    assert {CLASSIC_1.xy(square) for square in choice.refused} == {(3, 7)}
    choice.click(CLASSIC_1.index(3, 7))
    choice.session.play_queued(all_of_them=True)
    assert choice.session.moves == "" and "stuck for good" in voice.last
    assert not any("Deadlock" in said for said in voice.said)


def test_once_stuck_every_push_is_offered_again(voice: Voice, tasks: Tasks) -> None:
    """The player was told "Deadlock!" once; marks would only say it again, so none are held back."""
    corner = LEVELS[1]
    choice = chooser(corner, voice, tasks)
    game = choice.session
    for letter in "ddru":  # round the star and push it up, onto the top row: dead
        game.walk(letter)
    game.play_queued(all_of_them=True)
    assert game.moves == "ddrU" and deadlocked_stars(corner, game.state)
    choice.star = corner.index(2, 1)
    assert choice.targets == push_targets(corner, game.state, corner.index(2, 1)) != frozenset()
    assert choice.refused == frozenset()


def test_a_drag_is_a_press_on_a_star_and_a_release_on_a_square(voice: Voice, tasks: Tasks) -> None:
    choice = chooser(CLASSIC_1, voice, tasks)
    star, square = CLASSIC_1.index(5, 7), CLASSIC_1.index(4, 7)
    choice.press(star)
    assert choice.star == star and choice.targets  # chosen while held: its squares shown
    choice.release(square)
    choice.session.play_queued(all_of_them=True)
    assert square in choice.session.state.boxes and star not in choice.session.state.boxes
    assert choice.star is None


def test_press_and_release_on_the_same_star_chooses_it_then_forgets_it(voice: Voice, tasks: Tasks) -> None:
    choice = chooser(CLASSIC_1, voice, tasks)
    star = CLASSIC_1.index(5, 7)
    choice.press(star)
    choice.release(star)
    assert choice.star == star
    choice.press(star)
    assert choice.star == star  # held: still chosen, a drag may follow
    choice.release(star)
    assert choice.star is None
