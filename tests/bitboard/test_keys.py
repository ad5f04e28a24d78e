"""Positions and pushes packed into ints, and pushes turned into moves."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from starpusher.bitboard import area_key, expand_pushes, pack_push, position_key, pushes_of, unpack_push
from starpusher.core import Level


@given(size=st.integers(4, 4000), data=st.data())
def test_a_packed_push_unpacks_to_itself(size: int, data: st.DataObject) -> None:
    origin = data.draw(st.integers(0, size - 1))
    direction = data.draw(st.integers(0, 3))
    steps = data.draw(st.integers(1, 60))
    assert unpack_push(pack_push(origin, direction, steps, size), size) == (origin, direction, steps)


@given(size=st.integers(4, 400), data=st.data())
def test_positions_differ_when_their_stars_or_players_do(size: int, data: st.DataObject) -> None:
    squares = st.integers(0, size - 1)
    stars = data.draw(st.lists(st.integers(0, (1 << size) - 1), min_size=2, max_size=2, unique=True))
    players = data.draw(st.lists(squares, min_size=2, max_size=2, unique=True))
    keys = {position_key(star, player, size) for star in stars for player in players}
    assert len(keys) == 4
    # An area is named by its lowest square, counted from 1: never 0, never two names.
    assert area_key(0b10110) == 2 and area_key(1) == 1


def test_a_chain_of_links_gives_its_pushes_first_first_or_as_it_runs() -> None:
    size = 20
    link = (((None, pack_push(3, 2, 1, size)), pack_push(4, 2, 2, size)), pack_push(9, 0, 1, size))
    assert pushes_of(link, size) == [(3, 2, 1), (4, 2, 2), (9, 0, 1)]
    assert pushes_of(link, size, newest_first=True) == [(9, 0, 1), (4, 2, 2), (3, 2, 1)]


def test_pushes_become_moves_with_the_shortest_walks_between() -> None:
    level = Level.from_text("#######\n#@    #\n# $  .#\n#     #\n#######")
    star = level.index(2, 2)
    # Right three times (one push of three squares), walking round from above-left first.
    moves = expand_pushes(level.interior_bits, level.width, level.start.player, 1 << star, [(star, 2, 3)])
    assert moves == "dRRR"
    assert level.is_solved(level.replay(moves))
