"""``starpusher verify FILE --level N LURD [--record]``: replay moves on a level."""

from __future__ import annotations

import argparse
import sys

from ..core import Direction, IllegalMoveError, count_pushes, parse_lurd
from ..core.words import goals_holding_stars
from ..store import record_solution_from_cli
from .common import load_level, plural


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="replay LURD moves on a level and say whether they solve it",
        description="Replay moves (LURD, run-length encoding allowed) on one level of a file.",
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--level", type=int, default=1, metavar="N", help="level number in the file (from 1)")
    parser.add_argument("moves", metavar="LURD", help="the moves, e.g. 'rrU2lD'")
    parser.add_argument("--record", action="store_true", help="when the moves solve the level, record them")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    level = load_level(args.file, args.level)
    moves = parse_lurd(args.moves)
    played: list[str] = []  # each move as it happened: upper case when it pushed a star
    state = level.start
    solved_after: int | None = None  # the game stops at the solve: later moves are only checked
    for number, letter in enumerate(moves, 1):
        try:
            state, made = level.move(state, Direction.from_letter(letter))
        except IllegalMoveError as error:
            print(f"illegal: move {number} ({letter!r}): {error}")
            return 1
        played.append(made)
        if solved_after is None and level.is_solved(state):
            solved_after = number
    solution = "".join(played[:solved_after])
    counts = f"moves={len(solution)} pushes={count_pushes(solution)}{_notes(moves, solution)}"
    if solved_after is not None:
        state = level.replay(solution)
    if not level.is_solved(state):
        filled = len(level.goals & state.boxes)
        print(f"not solved {counts} ({goals_holding_stars(filled, len(level.goals))})")
        return 1
    print(f"solved {counts}")
    if args.record:  # the moves as they happened, so the counts recorded are the ones above
        summary, notice = record_solution_from_cli(level, solution, getattr(args, "data_dir", None))
        if notice:
            print(f"starpusher: {notice}", file=sys.stderr)
        print(summary)
    return 0


def _notes(given: str, played: str) -> str:
    """What the counts do not take from the letters as given: a wrong case, moves after the solve."""
    notes = []
    wrong_case = sum(a != b for a, b in zip(given, played, strict=False))
    if wrong_case:
        notes.append(
            f"counted by what the moves did: {plural(wrong_case, 'letter')} in the wrong case,"
            " where a capital marks a push"
        )
    if len(given) > len(played):
        after = plural(len(given) - len(played), "move")
        notes.append(f"solved after {plural(len(played), 'move')}; the {after} after it not counted")
    return f" ({'; '.join(notes)})" if notes else ""
