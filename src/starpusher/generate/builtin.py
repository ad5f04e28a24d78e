"""The built-in collection of generated levels, and how to make it again.

``levels/data/generated.txt`` is this generator's own output: each level's
comment holds the command that makes it, so :func:`regenerate_collection`
rebuilds the file from the file alone, and a test checks the two agree.

Run ``python -m starpusher.generate.builtin [FILE]`` to write it afresh after
a change to the generator (which changes its version, in ``GENERATOR_NAME``).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from ..core import LevelError
from ..levels import format_collection, parse_collection
from .generator import GENERATOR_NAME, Difficulty, GeneratedLevel, generate_level

TITLE = "Generated"
BUILTIN_PATH = Path(__file__).resolve().parents[1] / "levels" / "data" / "generated.txt"

#: Map sizes, smallest first, and the range of stars the collection uses.
SIZES = ((7, 7), (8, 7), (8, 8), (9, 8), (9, 9), (10, 9), (10, 10), (11, 10), (12, 10))
FEWEST_STARS, MOST_STARS = 2, 6
LEVELS = 54

_COMMAND = re.compile(
    r"--size (?P<width>\d+)x(?P<height>\d+) --boxes (?P<boxes>\d+) "
    r"--seed (?P<seed>-?\d+) --difficulty (?P<difficulty>\w+)"
)


@dataclass(frozen=True)
class Recipe:
    """The arguments of :func:`generate_level` that make one level."""

    width: int
    height: int
    boxes: int
    seed: int
    difficulty: Difficulty

    def make(self) -> GeneratedLevel:
        return generate_level(self.width, self.height, self.boxes, self.seed, self.difficulty)


def first_recipes() -> list[Recipe]:
    """The recipes the collection was first made from: size, stars and difficulty grow together."""
    recipes = []
    # A gentle start: a sixth easy, a third medium, the second half hard.
    tiers = [Difficulty.EASY, *[Difficulty.MEDIUM] * 2, *[Difficulty.HARD] * 3]
    for number in range(LEVELS):
        width, height = SIZES[number * len(SIZES) // LEVELS]
        boxes = FEWEST_STARS + number * (MOST_STARS - FEWEST_STARS + 1) // LEVELS
        difficulty = tiers[number * len(tiers) // LEVELS]
        recipes.append(Recipe(width, height, boxes, number + 1, difficulty))
    return recipes


def make_collection() -> str:
    """The collection text, levels in order of rising difficulty."""
    made = [recipe.make() for recipe in first_recipes()]
    made.sort(key=lambda generated: (_difficulty(generated), generated.seed))
    return _format(made)


def regenerate_collection(text: str) -> str:
    """Make every level of a generated collection again from the commands in its comments."""
    return _format([recipe.make() for recipe in recipes_in(text)])


def recipes_in(text: str, source: str = "generated.txt") -> list[Recipe]:
    """The recipe of each level of a collection, read from its comment."""
    collection = parse_collection(text, source=source)
    if collection.problems:
        raise collection.problems[0]
    recipes = []
    for number, level in zip(collection.numbers, collection.levels, strict=True):
        found = _COMMAND.search(level.comment)
        if found is None:
            raise LevelError(
                "the comment holds no 'starpusher generate' command", source=source, level=number
            )
        recipes.append(
            Recipe(
                int(found["width"]),
                int(found["height"]),
                int(found["boxes"]),
                int(found["seed"]),
                Difficulty(found["difficulty"]),
            )
        )
    return recipes


def _difficulty(generated: GeneratedLevel) -> tuple[int, int, int]:
    measures = generated.measures
    return (measures.pushes + 2 * measures.box_changes, measures.box_lines, measures.moves)


def _format(made: list[GeneratedLevel]) -> str:
    return format_collection([generated.level for generated in made], title=TITLE, author=GENERATOR_NAME)


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else BUILTIN_PATH
    path.write_text(make_collection(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
