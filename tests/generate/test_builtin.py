"""The built-in "generated" collection is this generator's own output, and stays so."""

from __future__ import annotations

import pytest

from starpusher.core import LevelError
from starpusher.generate import GENERATOR_NAME
from starpusher.generate.builtin import BUILTIN_PATH, TITLE, recipes_in, regenerate_collection
from starpusher.generate.measures import solution_measures
from starpusher.levels import format_collection, parse_collection

TEXT = BUILTIN_PATH.read_text(encoding="utf-8")
COLLECTION = parse_collection(TEXT, source="generated.txt")


#: Every level is made again, each in its own test (about ten seconds in all
#: on a slow machine); ``bench/bench_generate.py`` times the whole remake.
RECIPES = recipes_in(TEXT)


def test_the_file_is_exactly_the_writer_s_text_of_its_levels() -> None:
    assert format_collection(COLLECTION.levels, title=TITLE, author=GENERATOR_NAME) == TEXT


@pytest.mark.parametrize("number", range(len(RECIPES)))
def test_levels_are_made_again_identically_from_their_comments(number: int) -> None:
    assert RECIPES[number].make().level == COLLECTION.levels[number]


def test_regenerating_a_collection_gives_its_text() -> None:
    first_levels = TEXT.split("\n\n")
    small = "\n\n".join(first_levels[:4]) + "\n"  # header and three levels
    assert regenerate_collection(small) == small


def test_the_collection_holds_at_least_50_levels_of_rising_difficulty() -> None:
    assert not COLLECTION.problems
    assert len(COLLECTION.levels) >= 50
    assert COLLECTION.author == GENERATOR_NAME
    measures = [solution_measures(level, level.solutions[0]) for level in COLLECTION.levels]
    effort = [m.pushes + 2 * m.box_changes for m in measures]
    assert effort == sorted(effort)
    assert effort[-1] >= 4 * effort[0]


def test_the_collection_varies_size_and_stars() -> None:
    stars = {len(level.goals) for level in COLLECTION.levels}
    assert stars == {2, 3, 4, 5, 6}
    recipes = RECIPES
    assert {(r.width, r.height) for r in recipes} >= {(7, 7), (10, 10), (12, 10)}
    assert len({r.seed for r in recipes}) == len(recipes)


def test_every_stored_solution_solves_its_level() -> None:
    for level in COLLECTION.levels:
        assert level.is_solved(level.replay(level.solutions[0]))


def test_no_star_starts_on_a_goal() -> None:
    for level in COLLECTION.levels:
        assert not level.start.boxes & level.goals, level.title


def test_levels_without_a_command_are_refused() -> None:
    with pytest.raises(LevelError, match="no 'starpusher generate' command"):
        recipes_in("#####\n#@$.#\n#####\nComment: made by hand\n")
