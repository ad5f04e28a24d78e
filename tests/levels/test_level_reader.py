"""Reading level files: boards, comments, metadata, solutions and validation."""

from __future__ import annotations

import pytest

from starpusher.core import Level
from starpusher.levels import Collection, collection_name, parse_collection, reader

STAR_PUSHER_STYLE = """\
; Star Pusher levels
; Everything after a ; is a comment.

; Starting demo level:
#####
#@$.#
#####

; 1

######
#.   #
#  $@#
######
"""


def only_level(text: str) -> Level:
    collection = parse_collection(text)
    assert not collection.problems, collection.problems
    assert len(collection.levels) == 1
    return collection.levels[0]


def test_reads_star_pusher_files_with_comment_titles() -> None:
    collection = parse_collection(STAR_PUSHER_STYLE, "levels.txt")
    assert collection.source == "levels.txt"
    assert [level.title for level in collection.levels] == ["Starting demo level", "1"]
    assert collection.numbers == [1, 2]
    first, second = collection.levels
    assert (first.width, first.height) == (5, 3)
    assert first.start.player == first.index(1, 1)
    assert first.start.boxes == {first.index(2, 1)}
    assert first.goals == {first.index(3, 1)}
    assert second.goals == {second.index(1, 1)}


def test_rows_are_padded_to_a_rectangle() -> None:
    level = only_level("  ####\n###  #\n#@$.#\n#####\n")
    assert (level.width, level.height) == (6, 4)
    assert level.to_rows() == ["  ####", "###  #", "#@$.#", "#####"]


def test_every_element_character_and_alternates() -> None:
    standard = only_level("#######\n#@$.* #\n# $.  #\n#######")
    alternate = only_level("#######\n#pb.B_#\n#-b.--#\n#######")
    assert alternate == standard
    on_goal = only_level("######\n#P$  #\n#b.  #\n######")
    assert on_goal.start.player in on_goal.goals


def test_comment_after_a_board_row_is_ignored() -> None:
    level = only_level("#####   ; the top wall\n#@$.#;player, star, goal\n#####\n")
    assert level.to_rows() == ["#####", "#@$.#", "#####"]


def test_a_comment_line_ends_a_board() -> None:
    collection = parse_collection("#####\n#@$.#\n#####\n; next\n#####\n#.$@#\n#####\n")
    assert len(collection.levels) == 2
    assert collection.levels[1].title == "next"


def test_note_right_under_a_board_is_not_the_next_title() -> None:
    text = "#####\n#@$.#\n#####\n; solved it in 1 push\n\n#####\n#.$@#\n#####\n"
    collection = parse_collection(text)
    assert [level.title for level in collection.levels] == ["", ""]


def test_sok_metadata_after_the_board() -> None:
    text = """\
Collection: Tiny things
Author: A. Designer
Some free text about the collection.

First steps
#####
#@$.#
#####
Title: A better title
Author: Someone Else
Comment:
Line one ; not a comment here
  indented line two
Comment-End:
Date Created: 2024-01-01

#####
#.$@#
#####
Comment: one line
"""
    collection = parse_collection(text)
    assert (collection.title, collection.author) == ("Tiny things", "A. Designer")
    first, second = collection.levels
    assert first.title == "A better title"
    assert first.author == "Someone Else"
    assert first.comment == "Line one ; not a comment here\n  indented line two"
    assert second.title == ""
    assert second.comment == "one line"


def test_header_text_is_not_the_first_title() -> None:
    collection = parse_collection(
        "My levels\nCopyright me\n\n#####\n#@$.#\n#####\n\nTwo\n\n#####\n#.$@#\n#####\n"
    )
    assert [level.title for level in collection.levels] == ["", "Two"]


def test_title_line_above_the_board_in_sok_files() -> None:
    collection = parse_collection("Level one\n#####\n#@$.#\n#####\n\nLevel two\n\n#####\n#.$@#\n#####\n")
    assert [level.title for level in collection.levels] == ["Level one", "Level two"]


def test_solutions_are_read_as_expanded_lurd() -> None:
    text = """\
#######
#@ $ .#
#######
Solution (moves 3, pushes 2):
r
2R
Solution: rRR
Solution/Moves
rR
R
"""
    level = only_level(text)
    assert level.solutions == ("rRR", "rRR", "rRR")
    assert level.is_solved(level.replay(level.solutions[0]))


def test_a_broken_solution_is_left_out_with_a_notice_naming_its_line() -> None:
    """It made its whole level unplayable: a level is worth playing without its solution."""
    collection = parse_collection("#####\n#@$.#\n#####\nSolution: R\nRx\n\n#####\n#.$@#\n#####\n", "s.sok")
    # "Rx" is not a LURD line, so the solution is "R" and "Rx" is free text; now a real error:
    assert len(collection.levels) == 2 and not collection.notices
    text = "#####\n#@$.#\n#####\nSolution: 3(R\nSolution: R\n\n#####\n#@$.#\nSolution: 3(R\n"
    broken = parse_collection(text, "s.sok")
    assert [level.solutions for level in broken.levels] == [("R",)]  # the good one is kept
    assert [str(notice) for notice in broken.notices] == [
        "s.sok:4: level 1: solution left out: move text column 3: missing ')'"
    ]
    assert [str(problem) for problem in broken.problems] == [
        "s.sok:8: level 2: the walls do not enclose the player, who could walk off the map at column 2"
    ]  # a level that does not play is skipped, and no notice is said of its solutions


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_line_ends(ending: str) -> None:
    collection = parse_collection(STAR_PUSHER_STYLE.replace("\n", ending))
    assert [level.title for level in collection.levels] == ["Starting demo level", "1"]


INVALID = [
    # A second player is blamed where it stands; a missing one on the board's first row.
    ("#####\n#@$.#\n#@  #\n#####", 3, "exactly one player; found 2, the second in column 2"),
    ("#####\n# $.#\n#   #\n#####", 1, "exactly one player; found none"),
    ("#####\n#@$ #\n#####", 1, "at least one goal"),
    ("######\n#@$..#\n######", 1, "2 goals but only 1 star"),
    ("#####\n#@$.#\n#  x#\n#####", 3, "unknown character 'x' in column 4"),
    ("#####\n#@$.#\n#    \n#####", 3, "walk off the map at column 5"),
]


@pytest.mark.parametrize(("board", "row", "message"), INVALID)
def test_validation_names_file_line_and_level(board: str, row: int, message: str) -> None:
    good = "; good one\n#####\n#@$.#\n#####\n\n"
    text = good + "; a bad one\n" + board + "\n"
    collection = parse_collection(text, "mixed.txt")
    assert len(collection.levels) == 1
    (problem,) = collection.problems
    file_line = 6 + row  # five lines of the good level, then the comment line
    assert problem.source == "mixed.txt"
    assert (problem.line, problem.level) == (file_line, 2)
    assert message in problem.message
    assert str(problem).startswith(f"mixed.txt:{file_line}: level 2: ")


def test_a_mixed_file_keeps_the_good_levels_and_lists_the_skipped() -> None:
    text = "\n\n".join(
        [
            "#####\n#@$.#\n#####",
            "#####\n#@$ #\n#####",
            "#####\n#.$@#\n#####",
            "######\n#@$..#\n######",
            "######\n#@$*.#\n#$   #\n######",
        ]
    )
    collection = parse_collection(text, "mixed.sok")
    assert collection.numbers == [1, 3, 5]
    assert [problem.level for problem in collection.problems] == [2, 4]
    assert [problem.line for problem in collection.problems] == [5, 13]


def test_stars_sealed_away_on_goals_are_accepted() -> None:
    # Microban 155 walls in a few stars that already stand on goals.
    level = only_level("#####\n#*###\n#####\n#@$.#\n#####\n")
    assert level.index(1, 1) in level.start.boxes & level.goals
    assert level.index(1, 1) not in level.interior
    assert not level.is_solved(level.start)
    assert level.is_solved(level.replay("R"))


def test_a_sealed_star_off_its_goal_is_still_an_error() -> None:
    collection = parse_collection("#####\n#$###\n#####\n#@$.#\n#####\n", "x.txt")
    assert "outside the player's area" in collection.problems[0].message


def test_text_and_keys_never_become_board_rows() -> None:
    text = "Title: ###\nbob\n#12\nLevel #3 is hard\n#####\n#@$.#\n#####\nAuthor: #1 fan\n"
    collection = parse_collection(text)
    (level,) = collection.levels
    assert collection.title == "###"
    assert level.title == "Level #3 is hard"
    assert level.author == "#1 fan"


def test_a_broken_row_inside_a_board_is_reported_not_split() -> None:
    collection = parse_collection("#####\n#@$.#\n#@$x#\n#####\n", "typo.txt")
    assert str(collection.problems[0]) == "typo.txt:3: level 1: unknown character 'x' in column 4"


def test_empty_and_board_free_text_give_an_empty_collection() -> None:
    assert parse_collection("") == Collection("<text>")
    assert parse_collection("; only comments\n\nand text\n").levels == []


def test_interior_of_a_large_open_room_needs_no_recursion() -> None:
    size = 100
    rows = ["#" * size] + ["#" + " " * (size - 2) + "#"] * (size - 2) + ["#" * size]
    rows[1] = "#@$." + " " * (size - 5) + "#"
    level = only_level("\n".join(rows))
    assert len(level.interior) == (size - 2) ** 2
    assert level.index(0, 0) not in level.interior


def test_reading_stops_after_too_many_unplayable_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_PROBLEMS", 3)
    text = "#####\n#@$.#\n#####\n\n" + "#\n\n" * 10
    collection = parse_collection(text, "junk.txt")
    assert len(collection.levels) == 1
    assert [problem.level for problem in collection.problems] == [2, 3, 4, 5]
    assert str(collection.problems[-1]) == (
        "junk.txt:11: level 5: stopped reading here: 3 levels before this one are not playable"
    )  # level 5's board starts on line 11
    assert len(parse_collection(text.replace("#\n\n", "", 7)).problems) == 3  # no more than the limit


BOARD = "#####\n#@$.#\n#####\n"


@pytest.mark.parametrize(
    ("text", "source", "name"),
    [
        # A header names it, whatever comments say.
        ("; Microban II\nCollection: Microban Two\n\n" + BOARD, "m.xsb", "Microban Two"),
        ("Title: Lessons\n\n" + BOARD, "lessons.sok", "Lessons"),
        # A first comment line that names the file.
        ("; Microban II\n; by someone\n\n; 1\n" + BOARD, "/tmp/microban2.xsb", "Microban II"),
        # A sentence about the file, a web address, or the first level's title: the file's name.
        (
            "; The classic collection's first 50 levels (Thinking Rabbit, 1982), as distributed\n"
            "; with XSokoban.\n\n; XSokoban 1\n\n" + BOARD,
            "x/xsokoban_90.txt",
            "xsokoban_90.txt",
        ),
        ("; http://example.org/levels\n\n" + BOARD, "web.txt", "web.txt"),
        ("; 0\n" + BOARD, "boxoban_000.txt", "boxoban_000.txt"),
        ("; First steps\n" + BOARD, "steps.txt", "steps.txt"),
        # Pasted text, with no file.
        (BOARD, "<text>", "Levels"),
    ],
)
def test_a_collection_has_one_name_from_its_header_a_naming_comment_or_its_file(
    text: str, source: str, name: str
) -> None:
    assert collection_name(parse_collection(text, source)) == name


def test_the_line_before_level_1_is_its_title_not_the_files_name() -> None:
    collection = parse_collection("; The classic levels.\n\n; XSokoban 1\n\n" + BOARD, "xsokoban_90.txt")
    assert collection.levels[0].title == "XSokoban 1"
    assert collection_name(collection) == "xsokoban_90.txt"


def test_a_first_line_numbered_as_the_next_levels_title_is_level_1s_title() -> None:
    """``; XSokoban 1`` heading the file names level 1, as ``; XSokoban 2`` names level 2 (issue 36)."""
    text = "; XSokoban 1\n\n" + BOARD + "\n; XSokoban 2\n\n" + BOARD
    collection = parse_collection(text, "/tmp/xsokoban.xsb")
    assert [level.title for level in collection.levels] == ["XSokoban 1", "XSokoban 2"]
    assert collection.places[0].title_line == 0
    assert collection_name(collection) == "xsokoban.xsb"
    header = parse_collection("Title: Thinking Rabbit\n\n" + text, "/tmp/xsokoban.xsb")
    assert collection_name(header) == "Thinking Rabbit"


def test_a_first_line_unlike_the_next_levels_title_still_names_the_file() -> None:
    collection = parse_collection("; Microban II\n\n" + BOARD + "\n; Level 2\n\n" + BOARD, "/tmp/m.xsb")
    assert [level.title for level in collection.levels] == ["", "Level 2"]
    assert collection_name(collection) == "Microban II"
