"""What keeps a sketch from being a level, in a player's words, with the squares concerned.

The rules are those of ``starpusher check`` (one player, goals, enough stars,
walls that close the player in), and one more an editor wants: a level whose
goals all hold stars from the start has nothing to do. Squares are named by
column and row counted from 1, as a player counts them on the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.sokoban import GOAL, PLAYER, PLAYER_ON_GOAL, STAR, STAR_ON_GOAL, WALL
from .sketch import Sketch, Square


@dataclass(frozen=True)
class Problem:
    """One thing to fix, and where on the board (no squares: it is about the whole level)."""

    message: str
    squares: tuple[Square, ...] = ()


def where(square: Square) -> str:
    x, y = square
    return f"column {x + 1}, row {y + 1}"


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" + ("" if number == 1 else "s")


def find_problems(sketch: Sketch) -> list[Problem]:
    """Everything that keeps ``sketch`` from being a playable level; empty when it is one."""
    found: list[Problem] = []
    players = sketch.squares(PLAYER, PLAYER_ON_GOAL)
    goals = sketch.squares(GOAL, STAR_ON_GOAL, PLAYER_ON_GOAL)
    stars = sketch.squares(STAR, STAR_ON_GOAL)
    if not players:
        found.append(Problem("Put the player somewhere: there is no player yet."))
    elif len(players) > 1:
        found.append(Problem(f"There are {len(players)} players; a level has one.", tuple(players)))
    if not goals:
        found.append(Problem("Put at least one goal for the stars."))
    elif len(stars) < len(goals):
        empty = tuple(goal for goal in goals if goal not in stars)
        found.append(
            Problem(
                f"{_count(len(goals), 'goal')} but only {_count(len(stars), 'star')}: "
                "add a star or take a goal away.",
                empty,
            )
        )
    if len(players) == 1:
        found.extend(_reach_problems(sketch, players[0], stars, goals))
    if goals and set(goals) <= set(stars) and not found:
        found.append(Problem("Every goal already holds a star: there is nothing to push."))
    return found


def player_area(sketch: Sketch, player: Square) -> set[Square]:
    """The squares the player could walk to if no star were in the way."""
    return sketch.region([player], lambda square: square != WALL)


def _reach_problems(
    sketch: Sketch, player: Square, stars: list[Square], goals: list[Square]
) -> list[Problem]:
    area = player_area(sketch, player)
    last_x, last_y = sketch.width - 1, sketch.height - 1
    edge = sorted(
        (square for square in area if square[0] in (0, last_x) or square[1] in (0, last_y)),
        key=lambda square: (square[1], square[0]),
    )
    if edge:
        return [
            Problem(
                f"The player can walk out past {where(edge[0])}: close the walls around the level.",
                tuple(edge),
            )
        ]
    found = []
    for thing, squares in (("star", stars), ("goal", goals)):
        outside = tuple(square for square in squares if square not in area)
        if len(outside) == 1:
            message = f"The {thing} at {where(outside[0])} is where the player can never go."
            found.append(Problem(message, outside))
        elif outside:
            found.append(
                Problem(f"{_count(len(outside), thing)} are where the player can never go.", outside)
            )
    return found
