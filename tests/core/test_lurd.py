"""LURD notation: parsing, run-length encoding and their round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starpusher.core import NotationError, format_lurd, parse_lurd
from starpusher.core.lurd import MAX_MOVES
from starpusher.core.runs import MAX_DEPTH

moves = st.text(alphabet="lurdLURD", max_size=200)


@pytest.mark.parametrize(
    ("text", "expanded"),
    [
        ("lurd", "lurd"),
        ("3r2U", "rrrUU"),
        ("2(lu)R", "luluR"),
        ("2(3(l)u)", "lllulllu"),
        ("ll uu\nRR\r\n", "lluuRR"),
        ("", ""),
        ("12l", "l" * 12),
    ],
)
def test_parse_expands_counts_and_groups(text: str, expanded: str) -> None:
    assert parse_lurd(text) == expanded


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x", "'x' is not a move"),
        ("3", "count must come before"),
        ("3)", "count must come before"),
        ("(lu", "missing '\\)'"),
        ("lu)", "unmatched '\\)'"),
        ("99999999999r", "longer than"),
        ("999(999(999(l)))", "longer than"),
    ],
)
def test_bad_move_text_is_a_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_lurd(text)


def test_deeply_nested_groups_do_not_overflow_the_stack() -> None:
    assert parse_lurd("(" * MAX_DEPTH + "2R" + ")" * MAX_DEPTH) == "RR"
    with pytest.raises(NotationError, match="missing"):
        parse_lurd("(" * MAX_DEPTH + "R")
    with pytest.raises(NotationError, match="column 1001: groups nested more than 1,000 deep"):
        parse_lurd("(" * 20_000 + "R" + ")" * 20_000)


def test_long_plain_move_text_is_also_held_to_the_limit() -> None:
    assert len(parse_lurd("r" * MAX_MOVES)) == MAX_MOVES
    with pytest.raises(NotationError, match="longer than"):
        parse_lurd("r" * (MAX_MOVES + 1))


def test_format_with_rle_writes_counts_for_runs() -> None:
    assert format_lurd("rrrUUl", rle=True) == "3r2Ul"
    assert format_lurd("rrrUUl") == "rrrUUl"


@given(moves)
def test_rle_round_trips(text: str) -> None:
    assert parse_lurd(format_lurd(text, rle=True)) == text
    assert parse_lurd(format_lurd(text)) == text


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        result = parse_lurd(text)
    except NotationError:
        return
    assert set(result) <= set("lurdLURD")
    assert len(result) <= MAX_MOVES
