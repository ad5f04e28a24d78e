"""Searches taking turns (TimeShare): shares, a search run alone, a search retired."""

from __future__ import annotations

from collections.abc import Generator

from starpusher.solver.limits import Limits
from starpusher.solver.sharing import TimeShare


class Counting:
    """A search that expands ten positions a turn and ends after ``turns`` turns, finding its name."""

    def __init__(self, name: str, turns: int) -> None:
        self.name = name
        self.turns = turns
        self.nodes = 0

    def run(self) -> Generator[None, None, str]:
        for _ in range(self.turns):
            self.nodes += 10
            yield
        return self.name


def _share(*searches: tuple[Counting, float], budget: int = 10_000) -> TimeShare[str]:
    shared = TimeShare[str](Limits(60, 1024, max_nodes=budget))
    for search, share in searches:
        shared.add(search.run(), share, search)
    return shared


def test_turns_follow_the_shares_and_the_first_to_end_comes_first() -> None:
    slow, quick = Counting("slow", 100), Counting("quick", 10)
    shared = _share((slow, 0.75), (quick, 0.25))
    assert next(shared.ended()) == "quick"
    # Three of the slow one's positions for each of the quick one's, to within a turn.
    assert quick.nodes == 100 and 300 <= slow.nodes <= 310


def test_a_search_run_alone_takes_every_turn_until_a_limit() -> None:
    first, second = Counting("first", 100), Counting("second", 100)
    shared = _share((first, 0.5), (second, 0.5), budget=200)
    assert next(shared.alone(second), None) is None
    assert (first.nodes, second.nodes) == (0, 200) and shared.stopped is not None


def test_a_retired_search_takes_no_more_turns_but_its_positions_still_count() -> None:
    first, second = Counting("first", 100), Counting("second", 10)
    shared = _share((first, 0.5), (second, 0.5), budget=50)
    assert next(shared.alone(first), None) is None and first.nodes == 50
    shared.limits.max_nodes = 10_000
    shared.retire(first)
    assert list(shared.ended()) == ["second"]
    assert (first.nodes, shared.nodes) == (50, 150)
