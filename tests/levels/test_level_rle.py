"""Run-length encoded boards: expansion, encoding, size limits, and telling them from text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starpusher.core import Level
from starpusher.core.runs import MAX_DEPTH
from starpusher.levels import MAX_SQUARES, encode_rle, expand_rle, parse_collection
from starpusher.levels.rle import RleSyntaxError, RleTooLargeError

PLAIN = ["####", "#@$.#", "####"]


def test_expands_counts_and_row_separators() -> None:
    assert expand_rle("4#|#@$.#|4#") == PLAIN


def test_expands_parenthesised_groups_nested() -> None:
    assert expand_rle("#2(-$)#") == ["#-$-$#"]
    assert expand_rle("2(a2(bc))") == ["abcbcabcbc"]
    assert expand_rle("2(#-|)3#") == ["#-", "#-", "###"]


def test_a_bar_at_the_end_ends_the_last_row_without_starting_another() -> None:
    assert expand_rle("4#|") == ["####"]
    assert expand_rle("4#||") == ["####", ""]  # the first bar ends the row, the second an empty one
    assert expand_rle("2(#-|)") == ["#-", "#-"]


def test_a_board_written_one_rle_row_a_line_has_no_gaps() -> None:
    # Each line ends its row with a bar; were that an empty row, the player could walk out.
    (level,) = parse_collection("6#|\n#@2$-#|\n#2.--#|\n6#|\n").levels
    assert level.to_rows() == ["######", "#@$$ #", "#..  #", "######"]


@pytest.mark.parametrize("text", ["#3", "3(#", "#)", "2(#3)"])
def test_broken_rle_is_a_syntax_error(text: str) -> None:
    with pytest.raises(RleSyntaxError):
        expand_rle(text)


@pytest.mark.parametrize(
    "text", ["999999999#", "99999999999999999999999#", "1000(1000(1000(#)))", f"{MAX_SQUARES + 1}-"]
)
def test_hostile_counts_stop_at_the_size_limit(text: str) -> None:
    with pytest.raises(RleTooLargeError):
        expand_rle(text)


def test_deep_nesting_neither_overflows_the_stack_nor_hides_large_groups() -> None:
    assert expand_rle("(" * MAX_DEPTH + "#@$." + ")" * MAX_DEPTH) == ["#@$."]
    with pytest.raises(RleSyntaxError, match="nested more than 1,000 deep"):
        expand_rle("(" * 100_000)
    # Groups repeated zero times still hold their text while open: that counts too.
    with pytest.raises(RleTooLargeError):
        expand_rle(f"#{'0(200000-' * 3}{')' * 3}#")


def test_a_deeply_nested_rle_board_in_a_file_is_read() -> None:
    depth = MAX_DEPTH
    text = "5#|" + "(" * depth + "#@$.#" + ")" * depth + "|5#\n"
    (level,) = parse_collection(text).levels
    assert level.to_rows() == ["#####", "#@$.#", "#####"]


def test_limit_is_on_the_total_not_each_run() -> None:
    half = MAX_SQUARES // 2 + 1
    with pytest.raises(RleTooLargeError):
        expand_rle(f"{half}#|{half}#")


def test_encode_uses_dashes_for_floor_and_counts_runs() -> None:
    assert encode_rle(PLAIN) == "4#|#@$.#|4#"
    assert encode_rle(["#   #"]) == "#3-#"


rows = st.lists(st.text(alphabet="# @+$*.", min_size=1, max_size=12), min_size=1, max_size=8)


@given(rows)
def test_encode_then_expand_round_trips(board: list[str]) -> None:
    assert expand_rle(encode_rle(board)) == [row.replace(" ", "-") for row in board]


def test_an_rle_board_in_a_file() -> None:
    text = "; compressed\n7#|#@-$-.#|7#\n\n; over lines\n7#\n#@-$-.#\n7#\n"
    collection = parse_collection(text)
    expected = Level.from_text("#######\n#@ $ .#\n#######")
    assert [level.title for level in collection.levels] == ["compressed", "over lines"]
    assert [level.to_rows() for level in collection.levels] == [expected.to_rows()] * 2


def test_errors_in_an_rle_board_name_the_line() -> None:
    collection = parse_collection("; a\n#####\n#@$.#\n#####\n\n; b\n3#|#@2$.#|999999999#\n", "r.txt")
    (problem,) = collection.problems
    assert (problem.line, problem.level) == (7, 2)
    assert problem.message == f"bad run-length encoding: expands to more than {MAX_SQUARES:,} squares"


def test_the_size_limit_holds_for_a_whole_board_of_rle_lines() -> None:
    line = f"#{MAX_SQUARES // 4}-#"
    collection = parse_collection("\n".join([line] * 10), "big.txt")
    (problem,) = collection.problems
    assert (problem.line, problem.level) == (4, 1)
    assert "more than" in problem.message


def test_digits_in_text_lines_are_not_rle() -> None:
    collection = parse_collection("#1 with some words\n12\n(3)\n5#|#@$.#|5#\n")
    (level,) = collection.levels
    assert level.title == "(3)"
    assert (level.width, level.height) == (5, 3)


def test_rle_rows_with_row_errors_map_to_the_file_line() -> None:
    collection = parse_collection("\n\n5#|#@$.#|#@2-#|5#\n", "p.txt")
    (problem,) = collection.problems
    assert problem.line == 3
    assert "exactly one player" in problem.message


def _room(side: int) -> str:
    rows = ["#" * side] + ["#" + " " * (side - 2) + "#"] * (side - 2) + ["#" * side]
    rows[1] = "#@$." + " " * (side - 5) + "#"
    return "\n".join(rows) + "\n"


def test_a_plain_board_is_held_to_the_same_size_limit() -> None:
    (largest,) = parse_collection(_room(500)).levels  # MAX_SQUARES = 500 x 500
    assert largest.width * largest.height == MAX_SQUARES
    collection = parse_collection("; too big\n" + _room(501), "big.txt")
    (problem,) = collection.problems
    assert (problem.line, problem.level) == (2, 1)
    assert problem.message == "the board is 501 x 501 squares, more than the 250,000 a level may have"
