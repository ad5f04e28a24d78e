"""The packing-order search's queue: best rank first, a rover now and then."""

from __future__ import annotations

import pytest

from starpusher.solver import packing_nodes


def taken_in_order(oldest: bool) -> list[int]:
    """The order an open list gives six positions in, the rover every third take."""
    queue = packing_nodes.RankedQueue()
    for rank, node in ((5, 1), (3, 2), (3, 3), (7, 4), (5, 5), (9, 6)):
        queue.add(rank, node)
    taken = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_nodes, "ROVER_EVERY", 3)
        patch.setattr(packing_nodes, "ROVER_OLDEST", oldest)
        while queue:
            taken.append(queue.take())
    return taken


def test_positions_come_out_best_rank_first_newest_first_now_and_then_the_oldest_of_a_worse_rank() -> None:
    # Best first, newest first within a rank (rank 3: node 3, then node 2). The
    # third take roves to the first rank above the best (5: its oldest, node 1);
    # the sixth roves on from 5 to the next rank left above it (9: rank 7's only
    # node was taken fifth, as the best then).
    assert taken_in_order(oldest=True) == [3, 2, 1, 5, 4, 6]


def test_the_rover_can_take_the_newest_of_a_worse_rank_instead() -> None:
    assert taken_in_order(oldest=False) == [3, 2, 5, 1, 4, 6]


def test_the_rover_goes_round_every_rank_and_back_to_the_best() -> None:
    queue = packing_nodes.RankedQueue()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_nodes, "ROVER_EVERY", 1)  # every take roves
        for node in range(6):
            queue.add(node % 3, node)  # ranks 0, 1, 2, twice each
        ranks = []
        while queue:
            ranks.append(queue.take() % 3)
    assert ranks == [0, 1, 2, 0, 1, 2]
