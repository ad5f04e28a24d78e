"""Level files as JSoko, Sokoban YASC and old newsgroup posts write them (issue 30).

Empty rows inside a board written with ``-``/``_``, levels quoted with ``>``
in e-mail replies, and the first level's title set apart from the file's
header. Every level here is written for these tests.
"""

from __future__ import annotations

import pytest

from starpusher.core import Level
from starpusher.levels import format_collection, parse_collection


def only_level(text: str) -> Level:
    collection = parse_collection(text)
    assert not collection.problems, collection.problems
    assert len(collection.levels) == 1, [level.to_rows() for level in collection.levels]
    return collection.levels[0]


# -- empty rows inside a board ----------------------------------------------------------------

#: A room with a chimney: the wall's top stands apart from it, with empty rows between.
CHIMNEY_ROWS = ["  #", "", "  #", "#####", "#@$.#", "#####"]


@pytest.mark.parametrize("floor", ["---", "-", " -", "___", "-_ -", "  - "])
def test_a_row_of_bare_floor_between_rows_is_part_of_the_board(floor: str) -> None:
    level = only_level(f"  #\n{floor}\n  #\n#####\n#@$.#\n#####\n")
    assert level.to_rows() == CHIMNEY_ROWS


def test_several_floor_rows_and_rows_under_the_room_stay_in_the_board() -> None:
    text = "; tower\n #\n--\n_\n#####\n#@$.#\n#####\n-----\n- -\n  #\n"
    level = only_level(text)
    assert level.title == "tower"
    assert level.to_rows() == [" #", "", "", "#####", "#@$.#", "#####", "", "", "  #"]
    assert level.is_solved(level.replay("R"))


def test_floor_rows_then_a_blank_line_are_not_part_of_the_board() -> None:
    # Under the board and not followed by one of its rows, "----" is a note: the board ends.
    text = "#####\n#@$.#\n#####\n----\n-- --\n\n; next\n#####\n#.$@#\n#####\n"
    collection = parse_collection(text)
    assert [level.to_rows() for level in collection.levels] == [
        ["#####", "#@$.#", "#####"],
        ["#####", "#.$@#", "#####"],
    ]
    assert [level.title for level in collection.levels] == ["", "next"]


def test_floor_rows_then_text_are_not_part_of_the_board() -> None:
    collection = parse_collection("#####\n#@$.#\n#####\n----\nwell done\n#####\n#.$@#\n#####\n")
    assert [level.height for level in collection.levels] == [3, 3]
    assert collection.levels[1].title == "well done"


@pytest.mark.parametrize("gap", ["   ", "\t", "-\t-", "12", "(3)", "30-8-55"])
def test_blank_lines_and_text_still_end_a_board(gap: str) -> None:
    # A truly blank line ends a board; so do text lines, even of digits and dashes.
    collection = parse_collection(f"#####\n#@$.#\n#####\n{gap}\n#####\n#.$@#\n#####\n")
    assert len(collection.levels) == 2
    assert collection.problems == []


def test_an_empty_row_in_rle_lines_between_board_rows() -> None:
    # A board one RLE row a line, its empty rows "3-|" and "-|"; and RLE mixed with plain rows.
    rle = only_level("; packed\n4-#|\n3-|\n3-3#|\n-|\n5#|\n#@$.#|\n5#|\n")
    mixed = only_level("; mixed\n    #\n3-|\n   ###\n-\n#####\n#@$.#\n#####\n")
    assert rle.to_rows() == mixed.to_rows() == ["    #", "", "   ###", "", "#####", "#@$.#", "#####"]


def test_a_problem_after_floor_rows_names_its_file_line() -> None:
    collection = parse_collection("; gap\n #\n---\n#####\n#@$.#\n#@  #\n#####\n", "gap.sok")
    (problem,) = collection.problems
    assert (problem.line, problem.level) == (6, 1)
    assert "exactly one player; found 2" in problem.message


def test_a_board_with_empty_rows_is_written_so_it_reads_back_the_same() -> None:
    level = only_level("  #\n---\n  #\n#####\n#@$.#\n#####\n")
    assert parse_collection(format_collection([level])).levels == [level]


# -- quoted levels ----------------------------------------------------------------------------

PLAIN_LEVEL = """\
; Corner
 ######
##@ $.#
#  $ .#
#     #
#######
Solution (moves 9, pushes 3):
rRddlluRR
"""


def quoted(text: str, mark: str) -> str:
    return "".join(mark + line for line in text.splitlines(keepends=True))


@pytest.mark.parametrize("mark", [">", "> ", ">> ", "> > ", ">>"])
def test_a_quoted_level_reads_as_it_does_unquoted(mark: str) -> None:
    # With ">" alone the first row keeps its leading space; with "> " the space is the quote's.
    plain = only_level(PLAIN_LEVEL)
    assert only_level(quoted(PLAIN_LEVEL, mark)) == plain
    assert plain.title == "Corner"
    assert plain.is_solved(plain.replay(plain.solutions[0]))


def test_blank_lines_inside_the_quote_still_separate_levels() -> None:
    text = quoted("; one\n#####\n#@$.#\n#####\n\n; two\n#####\n#.$@#\n#####\n", "> ").replace("> \n", ">\n")
    collection = parse_collection(text)
    assert [level.title for level in collection.levels] == ["one", "two"]


def test_a_quoted_reply_among_unquoted_lines() -> None:
    text = (
        "Bob wrote:\n"
        + quoted("Try this one\n\n#####\n#@$.#\n#####\n", "> ")
        + "\nMine is below.\n\n#####\n#.$@#\n#####\n"
    )
    collection = parse_collection(text)
    assert [level.to_rows() for level in collection.levels] == [
        ["#####", "#@$.#", "#####"],
        ["#####", "#.$@#", "#####"],
    ]
    assert collection.levels[1].title == "Mine is below."


def test_nested_quotes_each_lose_their_own_quoting() -> None:
    text = "> Ann wrote:\n>> ; deep\n>> #####\n>>  #@$.#\n>> #####\n> Nice one.\n"
    level = only_level(text)
    assert level.title == "deep"
    assert level.to_rows() == ["#####", " #@$.#", "#####"]


def test_quoted_text_without_a_board_keeps_its_quoting() -> None:
    # A comment quoting someone is text: the reader does not touch it.
    text = "#####\n#@$.#\n#####\nComment:\n> push it right\n> once\nComment-End:\n"
    assert only_level(text).comment == "> push it right\n> once"


def test_a_problem_in_a_quoted_level_names_its_file_line() -> None:
    collection = parse_collection("Hi!\n\n> #####\n> #@$ #\n> #####\n", "mail.txt")
    (problem,) = collection.problems
    assert (problem.line, problem.level) == (3, 1)
    assert "at least one goal" in problem.message


# -- the first level's title ------------------------------------------------------------------

SOK_HEADER = """\
Collection: Small rooms
Author: Someone
A few words about these levels,
over two lines.

"""


def test_a_line_set_apart_after_the_header_is_the_first_title() -> None:
    text = SOK_HEADER + "First room\n\n#####\n#@$.#\n#####\n\nSecond room\n\n#####\n#.$@#\n#####\n"
    collection = parse_collection(text)
    assert collection.title == "Small rooms"
    assert [level.title for level in collection.levels] == ["First room", "Second room"]


def test_a_comment_set_apart_after_a_commented_header_is_the_first_title() -> None:
    text = (
        "; Small rooms, for practice\n; by someone\n\n"
        "; Room 1\n\n#####\n#@$.#\n#####\n\n"
        "; Room 2\n\n#####\n#.$@#\n#####\n"
    )
    assert [level.title for level in parse_collection(text).levels] == ["Room 1", "Room 2"]


@pytest.mark.parametrize(
    "before",
    [
        "Small rooms\n\n",  # the file's first line: about the file
        "\n\nSmall rooms\n\n",  # its first text, after blank lines
        "Small rooms\nby someone\n\n",  # a header with no line of its own before the board
        "Small rooms\n\nA few words\nabout them\n\n",  # a paragraph, not a title
        "Small rooms\n\nRoom 1\nAuthor: Someone\n\n",  # a key between it and the board
    ],
)
def test_header_text_is_still_not_the_first_title(before: str) -> None:
    collection = parse_collection(before + "#####\n#@$.#\n#####\n")
    assert collection.levels[0].title == ""


def test_a_line_right_above_the_first_board_is_still_its_title() -> None:
    assert only_level(SOK_HEADER + "Room 1\n#####\n#@$.#\n#####\n").title == "Room 1"


def test_an_explicit_title_still_wins_over_the_line_above() -> None:
    level = only_level(SOK_HEADER + "Room 1\n\n#####\n#@$.#\n#####\nTitle: The real one\n")
    assert level.title == "The real one"


# -- what such files held that was already read right -----------------------------------------


def test_titles_set_apart_and_text_between_levels() -> None:
    text = """\
Room one is open

######
#@$. #
######


Room two
#####
#@$.#
#####
notes on room two

Solution: R

more notes


#3 (hard)

#####
#.$@#
#####
"""
    collection = parse_collection(text)
    assert [level.title for level in collection.levels] == ["", "Room two", "#3 (hard)"]
    assert collection.levels[1].solutions == ("R",)


def test_a_large_board_a_bare_solution_header_and_junk_after_a_board() -> None:
    wide = "#" * 60 + "\n#@$." + " " * 40 + "#\n" + "#" * 45
    text = f"{wide}\n\nSolution\nR\n\n\n; after it\n#####\n#@$.#\n#####\nsome words\n#w#\n#xyz\nlurd\n"
    collection = parse_collection(text)
    assert collection.problems == []
    first, second = collection.levels
    assert (first.width, first.height, first.solutions) == (60, 3, ("R",))
    assert (second.title, second.height) == ("after it", 3)
