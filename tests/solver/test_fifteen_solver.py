"""The Fifteen solver: optimal on 3x3 (checked against a full breadth-first search) and on easy Korf
instances (with small pattern databases, so the test needs no minutes-long build), good on big boards."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.core.fifteen import Board, FifteenError
from starpusher.solver.fifteen import SearchCancelled, pdb_ready, solve_fifteen
from starpusher.solver.fifteen import tables as pattern_tables
from starpusher.solver.fifteen.frames import half_turn, half_turn_moves
from starpusher.solver.fifteen.search import ida_star
from starpusher.solver.fifteen.tables import PatternTables, build_table, mirror_table

# Korf's instances with short optimal solutions (number: length, tiles; gap-first goal).
KORF_EASY = {
    9: (46, (3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0)),
    12: (45, (14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15)),
    42: (42, (4, 5, 7, 2, 9, 14, 12, 13, 0, 3, 6, 11, 8, 1, 15, 10)),
    47: (47, (6, 10, 1, 14, 15, 8, 3, 5, 13, 0, 2, 7, 4, 9, 11, 12)),
}
KORF_FILE = Path(__file__).parents[2] / ".." / "shared" / "fifteen" / "korf50.txt"
#: 4x4 boards a few dozen slides from Korf's goal (random walks from it), with the fewest slides
#: each takes: known without ../shared, and checked by :func:`fewest_slides` below.
NEAR_GOAL = [
    (20, (5, 2, 7, 6, 1, 9, 3, 11, 0, 4, 10, 15, 12, 8, 13, 14)),
    (26, (4, 2, 14, 3, 5, 1, 7, 11, 12, 6, 0, 15, 13, 9, 8, 10)),
    (27, (4, 0, 1, 7, 5, 6, 3, 11, 2, 8, 14, 13, 12, 9, 15, 10)),
    (28, (2, 3, 7, 14, 4, 0, 5, 6, 8, 1, 11, 9, 12, 13, 15, 10)),
]


@pytest.fixture(scope="module")
def bfs_distances() -> dict[tuple[int, ...], int]:
    """Distance to the gap-last 3x3 goal of each of its 181,440 reachable boards."""
    goal = Board.solved(3, 3)
    distances = {goal.tiles: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        for letter in board.legal_moves():
            following = board.slide(letter)
            if following.tiles not in distances:
                distances[following.tiles] = distances[board.tiles] + 1
                queue.append(following)
    return distances


@pytest.fixture(scope="module")
def small_4x4_tables() -> PatternTables:
    """Five groups of three tiles: weaker than the game's 6-6-3 split, but built in a fraction of a second."""
    groups = ((1, 4, 5), (2, 3, 6), (7, 10, 11), (8, 9, 12), (13, 14, 15))
    return PatternTables(4, 4, groups, tuple(build_table(4, 4, group) for group in groups))


def fewest_slides(tiles: tuple[int, ...], width: int = 4) -> int:
    """The fewest slides from ``tiles`` to the gap-first goal: a reference apart from the solver.

    Breadth first from both ends at once, a whole layer of the smaller side at a time:
    the first layer in which the two meet holds a shortest way (the least of its totals).
    """
    goal = tuple(range(len(tiles)))
    if tiles == goal:
        return 0
    depths: list[dict[tuple[int, ...], int]] = [{tiles: 0}, {goal: 0}]
    layers = [[tiles], [goal]]
    while True:
        side = 0 if len(layers[0]) <= len(layers[1]) else 1
        seen, other = depths[side], depths[1 - side]
        following, met = [], []
        for board in layers[side]:
            gap = board.index(0)
            row, column = divmod(gap, width)
            for cell, inside in (
                (gap - width, row > 0),
                (gap + width, gap + width < len(board)),
                (gap - 1, column > 0),
                (gap + 1, column < width - 1),
            ):
                if not inside:
                    continue
                slid = list(board)
                slid[gap], slid[cell] = slid[cell], 0
                after = tuple(slid)
                if after not in seen:
                    seen[after] = seen[board] + 1
                    following.append(after)
                    if after in other:
                        met.append(seen[after] + other[after])
        if met:
            return min(met)
        layers[side] = following


def assert_slides_to_the_goal(tiles: tuple[int, ...], path: list[int]) -> None:
    """``path`` (the cells the gap moves to) slides only next to the gap and ends on the gap-first goal."""
    gap, board = tiles.index(0), list(tiles)
    for cell in path:
        assert abs(cell - gap) in (1, 4)
        board[gap], board[cell] = board[cell], 0
        gap = cell
    assert board == list(range(16))


@pytest.mark.parametrize(("length", "tiles"), NEAR_GOAL)
def test_the_boards_near_the_goal_take_the_slides_given(length: int, tiles: tuple[int, ...]) -> None:
    assert fewest_slides(tiles) == length


@pytest.mark.parametrize(("length", "tiles"), NEAR_GOAL)
def test_boards_near_the_goal_get_their_optimal_length(
    length: int, tiles: tuple[int, ...], small_4x4_tables: PatternTables
) -> None:
    path, _ = ida_star(tiles, small_4x4_tables)
    assert len(path) == length
    assert_slides_to_the_goal(tiles, path)


def test_the_easy_instances_are_the_ones_in_the_shared_file() -> None:
    if not KORF_FILE.is_file():
        pytest.skip(f"{KORF_FILE} not found")
    rows = {
        int(line.split()[0]): line.split() for line in KORF_FILE.read_text().splitlines() if line[0] != "#"
    }
    for number, (length, tiles) in KORF_EASY.items():
        assert (int(rows[number][1]), tuple(map(int, rows[number][2:]))) == (length, tiles)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_3x3_solutions_are_optimal_and_replay_to_the_goal(
    seed: int, bfs_distances: dict[tuple[int, ...], int], tmp_path_factory: pytest.TempPathFactory
) -> None:
    board = Board.shuffled(3, 3, rng=random.Random(seed))
    solution = solve_fifteen(board, tables_dir=tmp_path_factory.getbasetemp())
    assert solution.optimal
    assert solution.length == bfs_distances[board.tiles]
    assert board.apply(solution.moves).is_solved()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_3x3_gap_first_goal_matches_the_half_turned_board(
    seed: int, bfs_distances: dict[tuple[int, ...], int], tmp_path_factory: pytest.TempPathFactory
) -> None:
    board = Board.shuffled(3, 3, rng=random.Random(seed))
    solution = solve_fifteen(board, goal_blank_first=True, tables_dir=tmp_path_factory.getbasetemp())
    assert board.apply(solution.moves).is_solved(blank_first=True)
    assert solution.length == bfs_distances[half_turn(board.tiles)]


def test_parity_marks_exactly_the_3x3_boards_that_can_be_solved(
    bfs_distances: dict[tuple[int, ...], int],
) -> None:
    goal = Board.solved(3, 3)
    assert len(bfs_distances) == 181_440  # half of 9!: the other half is never reached
    for tiles in list(bfs_distances)[::20]:  # all of them would take seconds
        assert Board(3, 3, tiles).can_reach(goal)
        first, second = [cell for cell, tile in enumerate(tiles) if tile][:2]
        swapped = list(tiles)
        swapped[first], swapped[second] = tiles[second], tiles[first]
        assert tuple(swapped) not in bfs_distances
        assert not Board(3, 3, tuple(swapped)).can_reach(goal)


def test_the_hardest_3x3_boards_take_31_moves(
    bfs_distances: dict[tuple[int, ...], int], tmp_path: Path
) -> None:
    hardest = [tiles for tiles, distance in bfs_distances.items() if distance == 31]
    assert len(hardest) == 2
    for tiles in hardest:
        assert solve_fifteen(Board(3, 3, tiles), tables_dir=tmp_path).length == 31


@pytest.mark.parametrize("number", sorted(KORF_EASY))
def test_easy_korf_instances_get_their_published_optimal_length(
    number: int, small_4x4_tables: PatternTables
) -> None:
    length, tiles = KORF_EASY[number]
    path, _ = ida_star(tiles, small_4x4_tables)
    assert len(path) == length
    assert_slides_to_the_goal(tiles, path)


def test_solve_fifteen_uses_the_game_goal_by_half_turning(
    small_4x4_tables: PatternTables, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(pattern_tables._loaded, (4, 4), small_4x4_tables)
    length, tiles = KORF_EASY[42]
    korf = Board(4, 4, tiles)
    game = Board(4, 4, half_turn(tiles))
    first = solve_fifteen(korf, goal_blank_first=True, tables_dir=tmp_path)
    last = solve_fifteen(game, tables_dir=tmp_path)
    assert first.optimal and last.optimal
    assert first.length == last.length == length
    assert korf.apply(first.moves).is_solved(blank_first=True)
    assert game.apply(last.moves).is_solved()
    assert half_turn_moves(first.moves) == last.moves


@pytest.mark.parametrize("size", [(5, 5), (5, 3), (3, 5), (4, 3), (6, 4), (4, 7)])
@pytest.mark.parametrize("blank_first", [False, True])
def test_bigger_boards_get_a_solution_said_to_be_not_optimal(
    size: tuple[int, int], blank_first: bool, tmp_path: Path
) -> None:
    width, height = size
    board = Board.shuffled(width, height, rng=random.Random(width * 10 + height))
    if not board.can_reach(Board.solved(width, height, blank_first=blank_first)):
        # Swapping two tiles flips the parity: now it can reach the gap-first goal.
        board = Board(width, height, (board.tiles[1], board.tiles[0], *board.tiles[2:]))
    solution = solve_fifteen(board, goal_blank_first=blank_first, tables_dir=tmp_path)
    assert not solution.optimal
    assert board.apply(solution.moves).is_solved(blank_first=blank_first)
    assert not any(undo in solution.moves for undo in ("UD", "DU", "LR", "RL"))


def test_an_unsolvable_board_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FifteenError, match="cannot be solved"):
        solve_fifteen(Board.from_tiles([2, 1, 3, 4, 5, 6, 7, 8, 0], 3, 3), tables_dir=tmp_path)
    with pytest.raises(FifteenError, match="cannot be solved"):
        solve_fifteen(Board.solved(4, 4), goal_blank_first=True, tables_dir=tmp_path)


def test_a_solved_board_needs_no_moves_and_no_tables(tmp_path: Path) -> None:
    solution = solve_fifteen(Board.solved(4, 4), tables_dir=tmp_path)
    assert (solution.moves, solution.optimal) == ("", True)
    assert not list(tmp_path.iterdir())


class Token:
    cancelled = True


@pytest.mark.parametrize("cancel", [lambda: True, Token()])
def test_a_cancelled_search_stops(cancel: object, tmp_path: Path) -> None:
    with pytest.raises(SearchCancelled):
        solve_fifteen(Board.shuffled(3, 3, rng=random.Random(3)), cancel=cancel, tables_dir=tmp_path)
    with pytest.raises(SearchCancelled):
        solve_fifteen(Board.shuffled(6, 6, rng=random.Random(3)), cancel=cancel, tables_dir=tmp_path)


def test_tables_are_cached_and_a_damaged_cache_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pattern_tables, "_loaded", {})
    messages: list[tuple[str, float]] = []
    board = Board.shuffled(3, 3, rng=random.Random(5))
    expected = solve_fifteen(board, tables_dir=tmp_path, progress=lambda m, f: messages.append((m, f))).length
    cache = pattern_tables.cache_path(tmp_path, 3, 3)
    assert cache.is_file() and messages and messages[-1][1] == 1.0
    assert [path.name for path in tmp_path.iterdir()] == [cache.name]  # no temporary file left behind
    original = cache.read_bytes()
    for damaged in (original[:-10], original[:40], b"", original[:-1] + bytes([original[-1] ^ 1])):
        cache.write_bytes(damaged)
        monkeypatch.setattr(pattern_tables, "_loaded", {})
        assert solve_fifteen(board, tables_dir=tmp_path).length == expected
        assert cache.read_bytes() == original


def test_pdb_ready_says_when_the_4x4_tables_must_be_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_4x4_groups: None
) -> None:
    assert pdb_ready(3, 3, tmp_path)
    assert pdb_ready(6, 6, tmp_path)
    assert not pdb_ready(4, 4, tmp_path)
    cache = pattern_tables.cache_path(tmp_path, 4, 4)
    cache.write_bytes(b"")
    assert not pdb_ready(4, 4, tmp_path)  # a damaged file means a build (and a notice saying so)
    solve_fifteen(Board.from_tiles([*range(1, 15), 0, 15], 4, 4), tables_dir=tmp_path)
    monkeypatch.setattr(pattern_tables, "_loaded", {})
    assert pdb_ready(4, 4, tmp_path)  # a sound file: loading it takes a moment
    sound = cache.read_bytes()
    cache.write_bytes(sound[:-1] + bytes([sound[-1] ^ 1]))
    assert not pdb_ready(4, 4, tmp_path)


def test_a_mirrored_table_equals_the_searched_one_when_the_gap_goals_connect() -> None:
    # The 4x4 right half's table is the left half's mirrored: check the same on smaller groups.
    for left, right in (((4, 8, 12), (7, 11, 15)), ((4, 5, 8, 9), (7, 6, 11, 10))):
        assert mirror_table(build_table(4, 4, left), 4, 4, len(left)) == build_table(4, 4, right)
    # Not when the group holds a top-row tile: the gap's goal corner is then cut off.
    assert mirror_table(build_table(4, 4, (1, 4, 5)), 4, 4, 3) != build_table(4, 4, (2, 7, 6))


@pytest.mark.parametrize("blank_first", [False, True])
def test_with_4x4_tables_at_hand_big_boards_may_end_on_a_4x4_corner(
    blank_first: bool, small_4x4_tables: PatternTables, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(pattern_tables._loaded, (4, 4), small_4x4_tables)
    for seed in range(3):
        board = Board.shuffled(5, 5, rng=random.Random(seed))
        solution = solve_fifteen(board, goal_blank_first=blank_first, tables_dir=tmp_path)
        assert not solution.optimal
        assert board.apply(solution.moves).is_solved(blank_first=blank_first)


def reference_table(width: int, height: int, group: tuple[int, ...]) -> bytes:
    """The table the plain way: 0-1 breadth-first search over (tiles' cells, gap cell), a state at a time."""

    def neighbours(cell: int) -> list[int]:
        x, y = cell % width, cell // width
        steps = ((0, -1), (0, 1), (-1, 0), (1, 0))
        return [cell + dx + dy * width for dx, dy in steps if 0 <= x + dx < width and 0 <= y + dy < height]

    start = (tuple(group), 0)
    cost = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        placement, gap = state
        for target in neighbours(gap):
            if target in placement:  # a group tile slides into the gap: one move
                moved = tuple(gap if cell == target else cell for cell in placement)
                following, step = (moved, target), 1
            else:  # the gap walks over a cell of no group tile: free
                following, step = (placement, target), 0
            if following not in cost or cost[state] + step < cost[following]:
                cost[following] = cost[state] + step
                (queue.appendleft if step == 0 else queue.append)(following)
    table = bytearray([pattern_tables.UNSEEN]) * (1 << (pattern_tables.BITS * len(group)))
    for (placement, _), moves in cost.items():
        index = sum(cell << (pattern_tables.BITS * slot) for slot, cell in enumerate(placement))
        table[index] = min(table[index], moves)
    return bytes(table)


@pytest.mark.parametrize(
    ("width", "height", "group"),
    [(3, 3, (3, 4, 6, 7)), (3, 3, (1, 2, 5, 8)), (4, 4, (1, 2, 3)), (4, 4, (4, 8, 9, 12)), (4, 3, (5, 6, 9))],
)
def test_the_fast_build_gives_the_same_table_as_the_plain_search(
    width: int, height: int, group: tuple[int, ...]
) -> None:
    assert build_table(width, height, group) == reference_table(width, height, group)


def test_tables_build_in_the_background_once_and_can_be_cancelled(
    tmp_path: Path, small_4x4_groups: None
) -> None:
    from starpusher.solver.fifteen import BuildCancelled, build_tables_in_background, tables_needed

    assert tables_needed(4, 4, tmp_path) and not tables_needed(3, 3, tmp_path)
    assert not tables_needed(6, 6, tmp_path)  # no tables for that size at all
    cancelled = build_tables_in_background(4, 4, tmp_path)
    cancelled.cancel()
    assert cancelled.wait(5) and isinstance(cancelled.error, BuildCancelled)
    assert tables_needed(4, 4, tmp_path)  # nothing half-built was kept
    build = build_tables_in_background(4, 4, tmp_path)
    assert build.wait(60) and build.error is None and build.fraction == 1.0 and build.notices == []
    assert not tables_needed(4, 4, tmp_path) and pattern_tables.cache_path(tmp_path, 4, 4).is_file()


def test_a_damaged_table_file_is_said_every_time_and_tables_that_cannot_be_kept_too(
    tmp_path: Path, small_4x4_groups: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = Board.from_tiles([*range(1, 15), 0, 15], 4, 4)
    cache = pattern_tables.cache_path(tmp_path, 4, 4)
    cache.write_bytes(b"SPFIFTEENPDB scribbles")
    said: list[str] = []
    assert solve_fifteen(board, tables_dir=tmp_path, notice=said.append).moves == "L"
    assert said == [
        f"the move tables {cache} is damaged or of another version (its header is wrong): building them again"
    ]
    # A folder where the rebuilt file cannot be kept: said on every solve, never "once".
    monkeypatch.setattr(pattern_tables, "_write_cache", lambda *args: "Read-only file system")
    for _ in range(2):
        monkeypatch.setattr(pattern_tables, "_loaded", {})
        cache.write_bytes(b"")
        said.clear()
        assert solve_fifteen(board, tables_dir=tmp_path, notice=said.append).moves == "L"
        assert len(said) == 2 and "cannot keep the move tables" in said[1]
        assert "built again next time" in said[1]
