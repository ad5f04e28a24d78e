"""The generator: solvable, designed-looking, distinct and reproducible levels."""

from __future__ import annotations

from collections import deque
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from starpusher.core import Direction, Level, State
from starpusher.generate import (
    GENERATOR_NAME,
    GeneratedLevel,
    GenerationCancelled,
    GenerationError,
    generate_level,
    generate_levels,
    solution_measures,
)
from starpusher.generate.measures import solver_effort, wall_block_share, with_solver_effort


@cache
def made(width: int, height: int, boxes: int, seed: int, difficulty: str) -> GeneratedLevel:
    return generate_level(width, height, boxes, seed, difficulty)


SAMPLES = [
    (10, 10, 4, 1, "hard"),
    (10, 10, 4, 2, "medium"),
    (9, 8, 3, 3, "easy"),
    (7, 7, 2, 4, "hard"),
    (12, 10, 5, 5, "medium"),
]


def pushed_start_squares(level: Level, moves: str) -> set[int]:
    """The starting squares of the stars that the moves push at least once."""
    where = {square: square for square in level.start.boxes}  # current square -> start square
    state = level.start
    pushed = set()
    for letter in moves:
        direction = Direction.from_letter(letter)
        result = level.try_move(state, direction)
        assert result is not None
        new_state, did_push = result
        if did_push:
            origin = where.pop(new_state.player)
            pushed_to = level.neighbour(new_state.player, direction)
            assert pushed_to is not None
            where[pushed_to] = origin
            pushed.add(origin)
        state = new_state
    return pushed


def squares_used(level: Level, moves: str) -> set[int]:
    state = level.start
    used = {state.player, *state.boxes}
    for letter in moves:
        state = level.apply(state, letter)
        used |= {state.player, *state.boxes}
    return used


def outside_squares(level: Level) -> set[int]:
    """Non-wall squares connected to the edge of the map: the blank around the walls."""
    edge = [
        i
        for i in range(level.width * level.height)
        if i not in level.walls
        and (level.xy(i)[0] in (0, level.width - 1) or level.xy(i)[1] in (0, level.height - 1))
    ]
    outside = set(edge)
    queue = deque(edge)
    while queue:
        square = queue.popleft()
        x, y = level.xy(square)
        for d in Direction:
            nx, ny = x + d.dx, y + d.dy
            if 0 <= nx < level.width and 0 <= ny < level.height:
                n = level.index(nx, ny)
                if n not in level.walls and n not in outside:
                    outside.add(n)
                    queue.append(n)
    return outside


@pytest.mark.parametrize("args", SAMPLES)
def test_the_stored_solution_solves_the_level(args: tuple[int, int, int, int, str]) -> None:
    level = made(*args).level
    assert len(level.solutions) == 1
    assert level.is_solved(level.replay(level.solutions[0]))


@pytest.mark.parametrize("args", SAMPLES)
def test_levels_fit_the_requested_size_and_count(args: tuple[int, int, int, int, str]) -> None:
    width, height, boxes, seed, _ = args
    generated = made(*args)
    level = generated.level
    assert level.width <= width and level.height <= height
    assert len(level.start.boxes) == len(level.goals) == boxes
    assert generated.seed == seed
    assert level.author == GENERATOR_NAME


@pytest.mark.parametrize("args", SAMPLES)
def test_every_star_has_to_move(args: tuple[int, int, int, int, str]) -> None:
    level = made(*args).level
    assert pushed_start_squares(level, level.solutions[0]) == set(level.start.boxes)
    assert not level.is_solved(level.start)
    # A star off the goals must move in every solution; one on a goal might stay.
    assert not level.start.boxes & level.goals


def assert_rooms_are_closed_with_no_unreachable_floor(level: Level) -> None:
    every_open_square = set(range(level.width * level.height)) - level.walls
    outside = outside_squares(level)
    assert not outside & level.interior
    assert level.interior | outside == every_open_square
    # Walls out of touch with the floor are drawn only where they are shut in.
    for wall in level.walls:
        x, y = level.xy(wall)
        near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        inside = [(nx, ny) for nx, ny in near if 0 <= nx < level.width and 0 <= ny < level.height]
        if not {level.index(nx, ny) for nx, ny in inside} & level.interior:
            on_edge = len(inside) < 9
            beside = {level.index(nx, ny) for nx, ny in inside if abs(nx - x) + abs(ny - y) == 1}
            assert not on_edge and not beside & outside, f"needless wall at {x, y}"


def assert_no_dead_end_goes_unused(level: Level, difficulty: str) -> None:
    used = squares_used(level, level.solutions[0])
    for square in level.interior:
        neighbours = [n for d in Direction if (n := level.neighbour(square, d)) is not None]
        if len(neighbours) <= 1:
            assert square in used, f"dead end at {level.xy(square)} is never used"
    # Nor a closet: unused floor that only one used square leads into.
    unused = set(level.interior) - used
    while unused:
        closet = level.region_from(min(unused), blocked=used)
        entrances = {n for square in closet for d in Direction if (n := level.neighbour(square, d)) in used}
        assert len(entrances) >= 2, f"unused floor at {sorted(map(level.xy, closet))} has one way in"
        unused -= closet
    if difficulty == "hard":
        assert used == set(level.interior)


@pytest.mark.parametrize("args", SAMPLES)
def test_rooms_are_closed_with_no_unreachable_floor(args: tuple[int, int, int, int, str]) -> None:
    assert_rooms_are_closed_with_no_unreachable_floor(made(*args).level)


@pytest.mark.parametrize("args", SAMPLES)
def test_no_dead_end_goes_unused(args: tuple[int, int, int, int, str]) -> None:
    assert_no_dead_end_goes_unused(made(*args).level, args[4])


@pytest.mark.parametrize("args", SAMPLES)
def test_measures_describe_the_stored_solution(args: tuple[int, int, int, int, str]) -> None:
    generated = made(*args)
    assert generated.measures == solution_measures(generated.level, generated.level.solutions[0])
    assert generated.measures.describe() in generated.level.comment


def fewest_pushes(level: Level) -> int:
    """Breadth first over pushes, the player's area normalised: an independent check."""

    def normal(state: State) -> tuple[int, frozenset[int]]:
        return min(level.region_from(state.player, blocked=state.boxes)), state.boxes

    start = level.start
    seen = {normal(start)}
    frontier = [start]
    pushes = 0
    while frontier:
        if any(level.is_solved(state) for state in frontier):
            return pushes
        following = []
        for state in frontier:
            area = level.region_from(state.player, blocked=state.boxes)
            for box in state.boxes:
                for d in Direction:
                    stand = level.neighbour(box, d.opposite)
                    target = level.neighbour(box, d)
                    if stand in area and target is not None and target not in state.boxes:
                        moved = State(box, (state.boxes - {box}) | {target})
                        if normal(moved) not in seen:
                            seen.add(normal(moved))
                            following.append(moved)
        frontier = following
        pushes += 1
    raise AssertionError("unsolvable")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solutions_need_the_fewest_pushes(seed: int) -> None:
    generated = generate_level(7, 7, 2, seed, "hard")
    assert generated.fewest_pushes
    assert "No solution needs fewer pushes." in generated.level.comment
    assert generated.measures.pushes == fewest_pushes(generated.level)


def test_large_maps_get_deep_levels_from_a_beam_search() -> None:
    generated = generate_level(15, 12, 6, 1, "hard")
    level = generated.level
    assert level.is_solved(level.replay(level.solutions[0]))
    assert pushed_start_squares(level, level.solutions[0]) == set(level.start.boxes)
    assert not generated.fewest_pushes
    assert "fewer pushes" not in level.comment
    assert generated.measures.pushes >= 30


def test_hard_levels_need_more_pushes_than_easy_ones() -> None:
    def pushes(difficulty: str) -> int:
        return sum(made(8, 8, 3, seed, difficulty).measures.pushes for seed in range(3))

    assert pushes("easy") < pushes("medium") < pushes("hard")


def test_the_same_arguments_make_the_same_level() -> None:
    first = generate_level(9, 9, 3, 42, "medium")
    again = generate_level(9, 9, 3, 42, "medium")
    assert first == again
    assert first.level.to_text() == again.level.to_text()
    assert first.level.comment == again.level.comment


def test_the_comment_holds_the_command_that_makes_the_level_again() -> None:
    comment = made(10, 10, 4, 1, "hard").level.comment
    assert "--size 10x10 --boxes 4 --seed 1 --difficulty hard" in comment


def test_a_run_has_no_duplicates() -> None:
    levels = []
    for generated in generate_levels(6, 6, 1, 1, "easy"):
        levels.append(generated)
        if len(levels) == 12:
            break
    keys = [generated.key for generated in levels]
    assert len(set(keys)) == len(keys)
    boards = [generated.level.to_text() for generated in levels]
    assert len(set(boards)) == len(boards)
    assert [g.seed for g in levels] == sorted(g.seed for g in levels)


def test_a_run_that_finds_no_more_new_levels_says_so() -> None:
    # A 5x5 map holds one 3x3 room: only a handful of levels with one star.
    run = generate_levels(5, 5, 1, 1, "easy")
    with pytest.raises(GenerationError, match=r"only \d+ different levels with 1 star were found for a 5x5"):
        for _ in range(100):
            next(run)


def test_mirror_images_count_as_duplicates() -> None:
    from starpusher.generate.shaping import normalised_key

    level = Level.from_text("#####\n#@$.#\n#   #\n#####")
    mirrored = Level.from_text("#####\n#.$@#\n#   #\n#####")
    turned = Level.from_text("####\n#. #\n#$ #\n#@ #\n####")
    elsewhere = Level.from_text("#####\n# $.#\n#@  #\n#####")
    assert normalised_key(level) == normalised_key(mirrored) == normalised_key(turned)
    assert normalised_key(level) == normalised_key(elsewhere)  # the player can walk there
    assert normalised_key(level) != normalised_key(Level.from_text("#####\n#@ $.#\n#####"))


def test_cancel_stops_the_generator() -> None:
    with pytest.raises(GenerationCancelled):
        generate_level(10, 10, 4, 1, "hard", cancel=lambda: True)


def test_cancel_is_heard_in_the_middle_of_a_search() -> None:
    polls = []

    def cancel() -> bool:
        polls.append(1)
        return len(polls) > 3  # after the first map began

    with pytest.raises(GenerationCancelled):
        generate_level(30, 20, 10, 1, "hard", cancel=cancel)
    assert len(polls) == 4


@pytest.mark.parametrize(
    ("width", "height", "boxes", "difficulty", "message"),
    [
        (4, 10, 1, "easy", "width 4 is out of range"),
        (10, 99, 1, "easy", "height 99 is out of range"),
        (6, 6, 9, "easy", "9 stars do not fit a 6x6 map"),
        (6, 6, 0, "easy", "0 stars"),
        (40, 40, 31, "easy", "31 stars do not fit a 40x40 map: from 1 to 30"),
        (8, 8, 2, "brutal", "unknown difficulty 'brutal'"),
    ],
)
def test_impossible_parameters_are_refused(
    width: int, height: int, boxes: int, difficulty: str, message: str
) -> None:
    with pytest.raises(GenerationError, match=message):
        generate_level(width, height, boxes, 1, difficulty)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    width=st.integers(5, 9),
    height=st.integers(5, 9),
    boxes=st.integers(1, 3),
    seed=st.integers(0, 10**9),
    difficulty=st.sampled_from(["easy", "medium", "hard"]),
)
def test_any_parameters_give_a_solvable_closed_level(
    width: int, height: int, boxes: int, seed: int, difficulty: str
) -> None:
    try:
        generated = generate_level(width, height, boxes, seed, difficulty)
    except GenerationError:
        assert boxes > ((width - 2) * (height - 2)) // 8  # only crowded maps may fail
        return
    level = generated.level
    assert level.is_solved(level.replay(level.solutions[0]))
    assert pushed_start_squares(level, level.solutions[0]) == set(level.start.boxes)
    assert not level.start.boxes & level.goals
    assert level.width <= width and level.height <= height
    assert_rooms_are_closed_with_no_unreachable_floor(level)
    assert_no_dead_end_goes_unused(level, difficulty)


def test_the_solvers_effort_is_added_to_the_measures() -> None:
    generated = made(10, 10, 4, 1, "hard")
    effort = solver_effort(generated.level, time_limit=10)
    assert effort.solved
    assert effort.pushes >= generated.measures.pushes  # ours are the fewest
    measured = with_solver_effort(generated.measures, generated.level, time_limit=10)
    assert measured.solver_nodes is not None and measured.solver_nodes > 0
    assert measured.solver_seconds is not None
    assert measured.pushes == generated.measures.pushes


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    width=st.integers(6, 14),
    height=st.integers(6, 12),
    stars=st.integers(1, 5),
    seed=st.integers(0, 10_000),
    difficulty=st.sampled_from(["easy", "medium"]),
)
def test_opened_levels_stay_solvable_with_no_blind_floor(
    width: int, height: int, stars: int, seed: int, difficulty: str
) -> None:
    try:
        made = generate_level(width, height, stars, seed, difficulty)
    except GenerationError:
        assert stars > ((width - 2) * (height - 2)) // 8  # only crowded maps may fail
        return
    level = made.level
    assert level.is_solved(level.replay(level.solutions[0]))
    assert made.measures == solution_measures(level, level.solutions[0])
    assert wall_block_share(level) == 0  # wide rock between rooms is cut through
    assert_rooms_are_closed_with_no_unreachable_floor(level)
    assert_no_dead_end_goes_unused(level, difficulty)
