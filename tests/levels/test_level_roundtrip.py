"""Writing levels and reading them back gives equal levels, metadata and solutions included."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from starpusher.core import Level
from starpusher.levels import encode_rle, format_collection, format_level, parse_collection


def _region(grid: list[list[str]], x: int, y: int) -> list[tuple[int, int]]:
    """Floor squares reachable from (x, y), in the order a breadth-first walk finds them."""
    seen = {(x, y)}
    queue = deque([(x, y)])
    order = []
    while queue:
        cx, cy = queue.popleft()
        order.append((cx, cy))
        for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
            if grid[ny][nx] != "#" and (nx, ny) not in seen:
                seen.add((nx, ny))
                queue.append((nx, ny))
    return order


@st.composite
def boards(draw: st.DrawFn) -> list[str]:
    """A walled room with random inner walls, the player, goals and at least as many stars."""
    width = draw(st.integers(4, 12))
    height = draw(st.integers(3, 10))
    grid = (
        [["#"] * width] + [["#"] + [" "] * (width - 2) + ["#"] for _ in range(height - 2)] + [["#"] * width]
    )
    inner = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1)]
    walls = draw(st.sets(st.sampled_from(inner), max_size=len(inner) // 3))
    player = draw(st.sampled_from(inner))
    for x, y in walls - {player}:
        grid[y][x] = "#"
    region = _region(grid, *player)
    squares = region[1:]  # every reachable square except the player's own
    assume(squares)  # the player walled in alone has no room for a star
    goals = draw(st.integers(1, min(4, len(squares))))
    goal_squares = draw(st.lists(st.sampled_from(squares), min_size=goals, max_size=goals, unique=True))
    stars = draw(st.integers(len(goal_squares), max(len(goal_squares), min(len(squares), 5))))
    star_squares = draw(st.lists(st.sampled_from(squares), min_size=stars, max_size=stars, unique=True))
    for x, y in goal_squares:
        grid[y][x] = "."
    for x, y in star_squares:
        grid[y][x] = "*" if grid[y][x] == "." else "$"
    x, y = player
    grid[y][x] = "@"
    return ["".join(row) for row in grid]


one_line = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9 ,.!'#;:()-]{0,24}", fullmatch=True).map(str.strip)
comment_line = st.from_regex(r"[ A-Za-z0-9,.;#:$@*-]{0,24}", fullmatch=True).map(str.rstrip)


def _normal_comment(lines: list[str]) -> str:
    """A comment as the writer can keep it: no blank lines around it, one-liners stripped."""
    text = "\n".join(lines).strip("\n")
    return text.strip() if "\n" not in text else text


comments = (
    st.lists(comment_line, max_size=4)
    .map(_normal_comment)
    .filter(lambda text: not any(line.lower().startswith("comment-end") for line in text.split("\n")))
)
solutions = st.lists(st.text(alphabet="lurdLURD", min_size=1, max_size=150), max_size=2).map(tuple)


@st.composite
def levels(draw: st.DrawFn) -> Level:
    level = Level.from_rows(
        draw(boards()),
        title=draw(st.just("") | one_line),
        author=draw(st.just("") | one_line),
        comment=draw(comments),
    )
    return replace(level, solutions=draw(solutions))


@settings(max_examples=100, deadline=None)
@given(st.lists(levels(), min_size=1, max_size=4), st.just("") | one_line, st.just("") | one_line)
def test_format_then_parse_gives_equal_levels(originals: list[Level], title: str, author: str) -> None:
    collection = parse_collection(format_collection(originals, title=title, author=author))
    assert collection.problems == []
    assert collection.levels == originals
    assert collection.numbers == list(range(1, len(originals) + 1))
    assert (collection.title, collection.author) == (title, author)


@settings(max_examples=60, deadline=None)
@given(levels())
def test_rle_board_reads_as_the_same_level(level: Level) -> None:
    text = format_level(level).replace("\n".join(level.to_rows()), encode_rle(level.to_rows()))
    assert parse_collection(text).levels == [level]


def test_written_text_looks_like_a_sok_file() -> None:
    level = Level.from_text("#######\n#@ $ .#\n#######", title="First push", author="Us", comment="a\nb")
    level = replace(level, solutions=("rRR",))
    assert format_collection([level], title="Lessons", author="Us") == (
        "Collection: Lessons\nAuthor: Us\n\n"
        "#######\n#@ $ .#\n#######\nTitle: First push\nAuthor: Us\n"
        "Comment:\na\nb\nComment-End:\nSolution (moves 3, pushes 2):\nrRR\n"
    )


def test_long_solutions_are_wrapped_and_read_back() -> None:
    level = Level.from_text("#######\n#@ $ .#\n#######")
    long = "lr" * 100 + "rRR"
    with_solution = replace(level, solutions=(long,))
    text = format_collection([with_solution])
    assert max(len(line) for line in text.splitlines()) <= 70
    assert parse_collection(text).levels[0].solutions == (long,)


def test_rle_rows_of_bare_floor_are_trimmed_at_the_edges_and_kept_inside() -> None:
    edged = parse_collection("|#####|#@$.#|#####||\n").levels
    assert [level.to_rows() for level in edged] == [["#####", "#@$.#", "#####"]]
    # A blank row between two parts of a board must survive being written out.
    split = parse_collection("5#|#@$.#|5#||3#|#-#|3#\n").levels
    assert split[0].height == 7
    assert parse_collection(format_collection(split)).levels == split


def test_notes_go_into_solution_headers_and_read_back_as_comments() -> None:
    level = replace(Level.from_text("#####\n#@$.#\n#####"), solutions=("rlR", "R"))
    text = format_collection([level, level], notes=[{"R": "optimized for pushes"}])
    assert text.count("Solution (moves 1, pushes 1, optimized for pushes):\nR\n") == 1  # the first level's
    assert "Solution (moves 3, pushes 1):\nrlR\n" in text
    assert [again.solutions for again in parse_collection(text).levels] == [("rlR", "R"), ("rlR", "R")]
