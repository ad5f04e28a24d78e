"""Make a level: dig a map, put the stars on their goals, pull them away.

One seed names one level: :func:`generate_level` is a pure function of its
arguments (a ``random.Random`` seeded from all of them is the only source of
chance), so a level can be made again from the parameters in its comment.

Each level is the best of several dug maps. On each map the search from
the solved position tells how many pushes every starting position needs;
difficulty picks how far out to start: the farthest position for "hard",
three quarters of the way for "medium", half way for "easy". "Hard" also
fills every square the solution does not use, so no spare room makes it
easier.

Levels are made to look like designed ones at every size (see the quality
measures in :mod:`.measures` and ``bench/bench_generate.py --endless``): the
map is dug in a room sized to the stars, about as much floor per star as
Microban and Boxoban have, so a big map with few stars is no maze of long
corridors; floor away from the solution is filled, and wide rock left between
rooms gets a short cut through it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from ..core import Level, StarPusherError
from .layout import Layout, dig_layout, room_size
from .measures import Measures, solution_measures
from .polish import cut_loops
from .reverse import Candidate, search_positions, step_offsets
from .shaping import (
    draw_rows,
    fill_blind_floor,
    normalised_key,
    open_up_blocks,
    prune_floor,
    solution_moves,
)

GENERATOR_NAME = "Star Pusher generator 1.4"

MIN_SIDE = 5
MAX_SIDE = 40
#: Stars per level at most: the search's work grows with the stars, and 30
#: on a 40x40 map already take some seconds.
MAX_STARS = 30


class Difficulty(Enum):
    """How far from the solution a generated level starts."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class _Effort(NamedTuple):
    #: How many pushes out to start, as a share of the most any position on the map needs.
    aim: float
    #: How many positions the search may visit for one level, over all the maps
    #: it digs; counting positions, not seconds, gives the same level on any machine.
    budget: int


_EFFORTS = {
    Difficulty.EASY: _Effort(0.5, 12_000),
    Difficulty.MEDIUM: _Effort(0.75, 16_000),
    Difficulty.HARD: _Effort(1.0, 24_000),  # more maps to choose the richest from
}

#: Maps dug for one level at most (small maps use little of the budget).
MAX_MAPS = 20
#: Positions at the chosen depth compared for the most interesting solution.
COMPARED = 60

#: Maps whose stars could stand in more ways than this are searched with a
#: beam (a random sample of each layer) instead of all positions: deep enough
#: to move every star, at the price of no longer proving the fewest pushes.
EXACT_SPACE = 300_000
#: A beam's breadth leaves room for this many layers per star, and at least:
BEAM_LAYERS_PER_STAR = 8
MIN_BREADTH = 40
#: Candidates of a beam search whose solutions are shortened before choosing.
POLISHED = 6

#: Floor dug per star (before unused floor is filled again): designed
#: levels (Microban, Boxoban) have 8 to 9 squares of floor per star, and
#: more would leave a big map mostly open space to walk through.
DUG_FLOOR_PER_STAR = (8.0, 12.0)

#: How often the goals are grown as one area rather than scattered.
CLUSTER_CHANCE = 0.7

#: Maps to try before giving up on parameters that leave no room for a puzzle.
MAX_FAILED_MAPS = 60

#: Seeds in a row that only repeat earlier levels before a run gives up.
MAX_REPEATS = 300


class GenerationError(StarPusherError):
    """The parameters leave no room for a level (too small a map for so many stars)."""


class GenerationCancelled(Exception):
    """The caller asked the generator to stop."""


@dataclass(frozen=True)
class GeneratedLevel:
    """A generated level (with its solution in ``level.solutions``), its seed and its measures."""

    level: Level
    seed: int
    measures: Measures
    #: Text the same for levels that are mirror images of each other: spots duplicates.
    key: str
    #: True when the search proved that no solution needs fewer pushes than the
    #: stored one (it covered every position); False for large maps searched with a beam.
    fewest_pushes: bool = False


def generate_level(
    width: int,
    height: int,
    boxes: int,
    seed: int,
    difficulty: Difficulty | str = "medium",
    cancel: Callable[[], bool] | None = None,
) -> GeneratedLevel:
    """Make the level named by these parameters: always the same one for the same arguments.

    ``width`` and ``height`` bound the map, walls included; the level is
    cropped to its floor, so it may come out smaller. ``cancel`` (for example
    ``threading.Event().is_set``) is polled between steps; when it returns
    True the generator raises :class:`GenerationCancelled`.
    Raises :class:`GenerationError` for parameters that leave no room.
    """
    difficulty = _check(width, height, boxes, difficulty)
    rng = random.Random(f"starpusher/{width}x{height}/{boxes}/{seed}/{difficulty.value}")
    best: _Found | None = None
    effort = _EFFORTS[difficulty]
    budget, maps, failures = effort.budget, 0, 0
    while best is None or (budget > 0 and maps < MAX_MAPS):
        _poll(cancel)
        fill = rng.uniform(0.42, 0.62)
        room = room_size(width, height, boxes * rng.uniform(*DUG_FLOOR_PER_STAR) / fill)
        layout = dig_layout(width, height, rng, fill=fill, room=room)
        # Each map may use the whole budget: a search cut short finds little.
        found, visited = _search_map(layout, boxes, effort, rng, lambda: _poll(cancel))
        budget -= visited
        if found is not None:
            maps += 1
            if best is None or found.rank > best.rank:
                best = found
            continue
        failures += 1
        if failures >= MAX_FAILED_MAPS:
            if best is not None:
                break
            raise GenerationError(
                f"no level with {_stars(boxes)} fits a {width}x{height} map; try fewer stars or a larger size"
            )
    assert best is not None
    level = _build_level(best, all_unused=difficulty is Difficulty.HARD)
    measures = solution_measures(level, level.solutions[0])
    comment = [regenerate_comment(width, height, boxes, seed, difficulty), measures.describe()]
    if best.proven:
        comment.append("No solution needs fewer pushes.")
    level = replace(
        level, title=f"Generated {width}x{height} #{seed}", author=GENERATOR_NAME, comment="\n".join(comment)
    )
    return GeneratedLevel(level, seed, measures, normalised_key(level), best.proven)


def generate_levels(
    width: int,
    height: int,
    boxes: int,
    seed: int,
    difficulty: Difficulty | str = "medium",
    cancel: Callable[[], bool] | None = None,
) -> Iterator[GeneratedLevel]:
    """Distinct levels: seeds ``seed``, ``seed + 1``, ... skipping repeats of earlier levels.

    Arguments that cannot work raise :class:`GenerationError` at once, before
    anything is made (or written by the caller). Small maps hold few different
    levels: after :data:`MAX_REPEATS` repeats in a row this raises
    :class:`GenerationError` rather than search for ever.
    """
    _check(width, height, boxes, difficulty)
    return _distinct_levels(width, height, boxes, seed, difficulty, cancel)


def _distinct_levels(
    width: int,
    height: int,
    boxes: int,
    seed: int,
    difficulty: Difficulty | str,
    cancel: Callable[[], bool] | None,
) -> Iterator[GeneratedLevel]:
    seen: set[str] = set()
    repeats = 0
    while True:
        generated = generate_level(width, height, boxes, seed, difficulty, cancel)
        if generated.key not in seen:
            seen.add(generated.key)
            repeats = 0
            yield generated
        else:
            repeats += 1
            if repeats >= MAX_REPEATS:
                raise GenerationError(
                    f"only {len(seen)} different levels with {_stars(boxes)} were found for a "
                    f"{width}x{height} map ({MAX_REPEATS} seeds in a row repeated them); "
                    "ask for fewer levels, more stars or a larger size"
                )
        seed += 1


def regenerate_comment(width: int, height: int, boxes: int, seed: int, difficulty: Difficulty) -> str:
    """The command that makes this very level again."""
    return (
        f"starpusher generate --size {width}x{height} --boxes {boxes} "
        f"--seed {seed} --difficulty {difficulty.value}"
    )


def _check(width: int, height: int, boxes: int, difficulty: Difficulty | str) -> Difficulty:
    try:
        difficulty = Difficulty(difficulty)
    except ValueError:
        names = ", ".join(d.value for d in Difficulty)
        raise GenerationError(f"unknown difficulty {difficulty!r}; choose one of {names}") from None
    for name, side in (("width", width), ("height", height)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise GenerationError(
                f"{name} {side} is out of range: from {MIN_SIDE} to {MAX_SIDE}, walls included"
            )
    most = min(MAX_STARS, (width - 2) * (height - 2) // 4)
    if not 1 <= boxes <= most:
        raise GenerationError(f"{_stars(boxes)} do not fit a {width}x{height} map: from 1 to {most}")
    return difficulty


def _stars(count: int) -> str:
    return f"{count} star" if count == 1 else f"{count} stars"


def _poll(cancel: Callable[[], bool] | None) -> None:
    if cancel is not None and cancel():
        raise GenerationCancelled


@dataclass(frozen=True)
class _Found:
    layout: Layout
    goals: tuple[int, ...]
    candidate: Candidate
    #: The most pushes any position on this map needs: how rich the map is.
    deepest: int
    visited: int
    #: The search covered every position: the solution needs the fewest pushes.
    proven: bool

    @property
    def rank(self) -> tuple[int, int]:
        return (len(self.candidate.pushes), self.candidate.score)


def _search_map(
    layout: Layout, boxes: int, effort: _Effort, rng: random.Random, poll: Callable[[], None]
) -> tuple[_Found | None, int]:
    """Place goals on the map, search it backwards, pick the position nearest the aim.

    Returns what was found (None if no position moves every star) and how
    many positions the search visited.
    """
    floor = set(layout.floor)
    offsets = step_offsets(layout.width).values()
    # A goal is worth having only if a star on it can be pulled off.
    pullable = [s for s in layout.floor if any(s + o in floor and s + 2 * o in floor for o in offsets)]
    if len(pullable) < boxes or len(floor) < boxes + 2:
        return None, 0
    goals = _clustered_goals(layout, boxes, rng) if rng.random() < CLUSTER_CHANCE else None
    goals = goals or tuple(sorted(rng.sample(pullable, boxes)))
    beam = None
    if math.comb(len(floor), boxes) > EXACT_SPACE:
        beam = (max(MIN_BREADTH, effort.budget // (BEAM_LAYERS_PER_STAR * boxes)), rng)
    result = search_positions(layout.floor_mask, layout.width, goals, effort.budget, beam=beam, poll=poll)
    # No star may start on a goal: one that could stay there would be a star
    # that never needs to move, and a star off the goals has to move.
    goal_mask = sum(1 << goal for goal in goals)
    visited, deepest = len(result.visits), result.deepest
    # Nearest the aim first, easier before harder; too few pushes to move
    # every star are no use.
    target = max(boxes, round(effort.aim * deepest))
    for pushes in [*range(target, boxes - 1, -1), *range(target + 1, deepest + 1)]:
        layer = [key for key in result.at_depth(pushes) if not key[0] & goal_mask]
        keys = layer[:: max(1, len(layer) // COMPARED)]  # spread over the layer
        candidates = [c for c in map(result.candidate, keys) if c is not None]
        if candidates and result.trimmed:
            candidates.sort(key=lambda candidate: -candidate.score)
            candidates = [cut_loops(c, layout.floor_mask, layout.width) for c in candidates[:POLISHED]]
        if candidates:
            best = max(candidates, key=lambda candidate: candidate.score)
            return _Found(layout, goals, best, deepest, visited, not result.trimmed), visited
    return None, visited


def _clustered_goals(layout: Layout, boxes: int, rng: random.Random) -> tuple[int, ...] | None:
    """Goals side by side, grown from one square: a goal area, as in many designed levels.

    Stars packed on their goals leave few pulls at first, so the search goes
    deeper for the same effort.
    """
    floor = set(layout.floor)
    offsets = step_offsets(layout.width).values()
    goals = [rng.choice(layout.floor)]
    while len(goals) < boxes:
        border = sorted({g + o for g in goals for o in offsets if g + o in floor} - set(goals))
        if not border:
            return None
        goals.append(rng.choice(border))
    return tuple(sorted(goals))


def _build_level(found: _Found, *, all_unused: bool) -> Level:
    layout, goals, candidate = found.layout, found.goals, found.candidate
    floor = frozenset(layout.floor)
    moves, used = solution_moves(floor, layout.width, candidate.player, candidate.stars, candidate.pushes)
    kept = prune_floor(floor, used, layout.width, all_unused=all_unused)
    if not all_unused:
        # Short cuts through wide rock, then the walks again (they may take them).
        kept = open_up_blocks(kept, layout.width)
        moves, used = solution_moves(kept, layout.width, candidate.player, candidate.stars, candidate.pushes)
        kept = fill_blind_floor(kept, used, layout.width)
    rows = draw_rows(kept, layout.width, goals, candidate.stars, candidate.player)
    level = Level.from_rows(rows)
    if not level.is_solved(level.replay(moves)):
        raise RuntimeError("a generated solution does not solve its level")  # a bug, never bad input
    return replace(level, solutions=(moves,))
