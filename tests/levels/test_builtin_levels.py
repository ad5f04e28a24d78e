"""The collections that ship with the game: present, credited, valid, and every level solvable."""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

import pytest

from starpusher.core import LevelError, count_pushes
from starpusher.levels import builtin_collections, load_builtin, read_collection

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "levels"
#: SHA-256 of the original game's starPusherLevels.txt, as published (and kept in ../shared).
STAR_PUSHER_SHA256 = "35e10e0d5ecb31d3283b6a38bf5acb9d5ceebcf2a3f59bf47499eaa3986e97df"


def shared_file(name: str) -> Path:
    """A level file of ../shared, or a skip when it is not beside the project."""
    path = SHARED / name
    if not path.exists():
        pytest.skip(f"{path} not found: the shared level files live in ../shared beside the project")
    return path


def shipped_bytes(filename: str) -> bytes:
    return resources.files("starpusher.levels").joinpath("data", filename).read_bytes()


def test_lists_original_first_then_the_original_games_demo_and_generated() -> None:
    collections = builtin_collections()
    assert [c.name for c in collections] == ["original", "starpusher", "demo", "generated"]
    original, starpusher, demo, generated = collections
    assert starpusher.count == 356 and "David W. Skinner" in starpusher.title
    assert original.count >= 20
    assert demo.count == 1
    assert generated.count == len(generated.load().levels) > 0
    assert original.load() is load_builtin()


def test_unknown_collection_is_a_level_error() -> None:
    with pytest.raises(LevelError, match="no built-in collection named 'nope'"):
        load_builtin("nope")


def test_original_levels_are_complete_and_of_modest_size() -> None:
    collection = load_builtin("original")
    assert collection.problems == []
    assert collection.title and collection.author == "Star Pusher team"
    titles = [level.title for level in collection.levels]
    assert all(titles) and len(set(titles)) == len(titles)
    for level in collection.levels:
        assert level.author == "Star Pusher team"
        assert level.width <= 20 and level.height <= 14
        assert not level.is_solved(level.start)


@pytest.mark.parametrize("name", ["original", "demo"])
def test_every_stored_solution_solves_its_level(name: str) -> None:
    for level in load_builtin(name).levels:
        assert level.solutions, level.title
        for solution in level.solutions:
            assert level.is_solved(level.replay(solution)), level.title


def test_original_levels_grow_from_a_first_lesson_to_real_puzzles() -> None:
    pushes = [count_pushes(level.solutions[0]) for level in load_builtin("original").levels]
    stars = [len(level.start.boxes) for level in load_builtin("original").levels]
    assert pushes[0] <= 2 and stars[0] == 1
    assert max(pushes[:5]) < 10
    assert min(pushes[-5:]) >= 30
    assert max(stars[-5:]) >= 4


def test_demo_level_is_credited_and_is_the_original_games_level() -> None:
    text = shipped_bytes("demo.txt").decode("utf-8")
    assert "Al Sweigart" in text and "Making Games with Python & Pygame" in text
    # The original game's file ships unchanged (checked below): its first level is the demo.
    assert load_builtin("demo").levels[0].to_rows() == load_builtin("starpusher").levels[0].to_rows()


def copies_among(boards: set[tuple[str, ...]]) -> list[str]:
    """Titles of the levels of ``original`` drawn exactly as one of ``boards``."""
    return [level.title for level in load_builtin().levels if tuple(level.to_rows()) in boards]


def test_original_levels_are_not_copies_of_the_original_games_levels() -> None:
    # Microban and Sasquatch I-IV, published by David W. Skinner, ship in the `starpusher` collection.
    assert copies_among({tuple(level.to_rows()) for level in load_builtin("starpusher").levels}) == []
    assert copies_among({tuple(load_builtin("original").levels[3].to_rows())}) != []  # a copy is found


def test_original_levels_are_not_copies_of_boxoban_levels() -> None:
    boxoban = read_collection(shared_file("boxoban_unfiltered_test_000.txt")).levels
    assert copies_among({tuple(level.to_rows()) for level in boxoban}) == []


def test_the_original_games_levels_ship_as_they_are_all_playable() -> None:
    collection = load_builtin("starpusher")
    assert len(collection.levels) == 356 and collection.problems == []
    assert hashlib.sha256(shipped_bytes("starPusherLevels.txt")).hexdigest() == STAR_PUSHER_SHA256


def test_the_shared_copy_of_the_original_games_levels_is_the_published_file() -> None:
    text = shared_file("starPusherLevels.txt").read_bytes()
    assert hashlib.sha256(text).hexdigest() == STAR_PUSHER_SHA256


def test_the_original_games_levels_are_credited_in_the_readme() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    credits = " ".join(readme[readme.index("## Credits") :].split())  # lines wrap anywhere
    assert "David W. Skinner" in credits and "starPusherLevels.txt" in credits
    assert "| `starpusher` | 356 |" in readme
