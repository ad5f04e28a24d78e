"""The editor's checks: in a player's words, at the squares concerned, and exactly the level rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.core import LevelError
from starpusher.editing import Sketch, find_problems


def problems_of(text: str) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    return [(problem.message, problem.squares) for problem in find_problems(Sketch.from_text(text))]


def test_a_good_level_has_no_problems() -> None:
    assert problems_of("#####\n#@$.#\n#####") == []


def test_an_empty_room_asks_for_a_player_and_a_goal() -> None:
    messages = [message for message, _ in problems_of("####\n#  #\n####")]
    assert messages == [
        "Put the player somewhere: there is no player yet.",
        "Put at least one goal for the stars.",
    ]


def test_missing_stars_point_at_the_empty_goals() -> None:
    assert problems_of("######\n#@$..#\n######") == [
        ("2 goals but only 1 star: add a star or take a goal away.", ((3, 1), (4, 1)))
    ]


def test_an_open_wall_names_where_the_player_walks_out() -> None:
    found = problems_of("#####\n#@$.#\n## ##\n## ##")
    message, squares = found[0]
    assert message == "The player can walk out past column 3, row 4: close the walls around the level."
    assert (2, 3) in squares


def test_a_star_out_of_reach_is_named() -> None:
    found = problems_of("#########\n#@$.# $ #\n#########\n")
    assert found == [("The star at column 7, row 2 is where the player can never go.", ((6, 1),))]


def test_two_players_are_both_marked() -> None:
    found = problems_of("######\n#@$.@#\n######")
    assert found[0] == ("There are 2 players; a level has one.", ((1, 1), (4, 1)))


def test_a_level_already_solved_has_nothing_to_push() -> None:
    message = "Every goal already holds a star: there is nothing to push."
    assert problems_of("####\n#@*#\n####") == [(message, ())]


boards = st.lists(st.text(alphabet="#  @$.*", min_size=1, max_size=6), min_size=1, max_size=6)


@settings(max_examples=300)
@given(boards)
def test_the_checks_pass_exactly_the_levels_the_level_reader_accepts(rows: list[str]) -> None:
    sketch = Sketch.from_text("\n".join(rows))
    problems = find_problems(sketch)
    try:
        level = sketch.to_level()
    except LevelError:
        assert problems, sketch.rows
    else:
        already_solved = level.is_solved(level.start)
        assert [p.message for p in problems] == (
            ["Every goal already holds a star: there is nothing to push."] if already_solved else []
        )
