"""The real collections: Star Pusher's own level file, 1,000 Boxoban levels and the first 50 of the
classic collection.

The Star Pusher file ships with the game (``starpusher/levels/data``), so its tests always run.
The other two are not part of the project: their tests skip when ``../shared`` is absent, and
small files laid out as they are, written here, always run in their place.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from starpusher.levels import Collection, format_collection, parse_collection, read_collection

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "levels"
BOXOBAN = SHARED / "boxoban_unfiltered_test_000.txt"
XSOKOBAN = SHARED / "xsokoban_original_50.txt"

#: Laid out as Boxoban's files are: "; number", then a 10x10 board walled to its edges, 4 stars.
BOXOBAN_LIKE = """\
; 0
##########
#@   #####
# $$ #####
#  . #####
##  .#####
##$  #####
## . #####
##  $.####
###  #####
##########

; 1
##########
####   ###
####.$ ###
#  $ .  ##
# @ $## ##
## .$  . #
##   #   #
##########
##########
##########

; 2
##########
#.  ######
#.$ ######
#  $   ###
## @ $ ###
##  $  . #
###   . ##
##########
##########
##########
"""

#: Laid out as the classic collection's file is: a header, then "; name" on a line of its own,
#: blank lines around it, before each board.
CLASSIC_LIKE = """\
; A header about the collection, which is no level's title:
; where it comes from, and what it is for.

; Classic 1

  #####
###   #
#.@$  #
### $.#
#.##$ #
# # . ##
#$ *$$.#
#   .  #
########

; Classic 2

#######
#.@ # #
#$* $ #
#   $ #
# ..  #
#  *  #
#######
"""


def read_shared(path: Path) -> Collection:
    if not path.exists():
        pytest.skip(f"{path} not found: the shared level files live in ../shared beside the project")
    return read_collection(path)


@pytest.fixture(scope="module")
def star_pusher() -> Collection:
    """The original game's file, as it ships with the game."""
    text = resources.files("starpusher.levels").joinpath("data", "starPusherLevels.txt").read_text("utf-8")
    return parse_collection(text, "starPusherLevels.txt")


def test_all_356_star_pusher_levels_parse(star_pusher: Collection) -> None:
    assert star_pusher.problems == []
    assert len(star_pusher.levels) == 356
    assert star_pusher.numbers == list(range(1, 357))


def test_star_pusher_levels_round_trip(star_pusher: Collection) -> None:
    again = parse_collection(format_collection(star_pusher.levels))
    assert again.problems == []
    assert again.levels == star_pusher.levels


def test_star_pusher_counts(star_pusher: Collection) -> None:
    for level in star_pusher.levels:
        assert len(level.start.boxes) >= len(level.goals) >= 1
        assert level.start.player in level.interior
    # (number, title, width, height, stars, goals), checked by eye against the file
    facts = [
        (1, "Starting demo level", 9, 9, 4, 4),  # the demo level of the original game
        (2, "1", 6, 7, 2, 2),  # Microban 1: one of its two stars starts on a goal
        (156, "155 'The Dungeon'", 30, 17, 11, 11),  # walls in stars on goals as decoration
        (356, "50", 30, 18, 60, 60),  # the last Sasquatch IV level
    ]
    for number, title, width, height, stars, goals in facts:
        level = star_pusher.levels[number - 1]
        assert (level.title, level.width, level.height) == (title, width, height)
        assert (len(level.start.boxes), len(level.goals)) == (stars, goals)


def test_demo_level_squares(star_pusher: Collection) -> None:
    demo = star_pusher.levels[0]
    assert demo.start.player == demo.index(4, 4)
    assert demo.start.boxes == {demo.index(4, 3), demo.index(3, 4), demo.index(5, 4), demo.index(4, 5)}
    assert demo.goals == {demo.index(4, 2), demo.index(2, 4), demo.index(6, 4), demo.index(4, 6)}
    assert demo.index(0, 6) not in demo.interior  # the grass outside the bottom-left walls


def assert_read_as_boxoban(boxoban: Collection, count: int) -> None:
    """Every level read, titled by its number, each a 10x10 board with 4 stars and 4 goals."""
    assert boxoban.problems == []
    assert [level.title for level in boxoban.levels] == [str(number) for number in range(count)]
    for level in boxoban.levels:
        assert (level.width, level.height, len(level.start.boxes), len(level.goals)) == (10, 10, 4, 4)


def test_a_file_laid_out_as_boxobans_is_read_whole() -> None:
    assert_read_as_boxoban(parse_collection(BOXOBAN_LIKE, "boxoban.txt"), 3)


def test_all_1000_boxoban_levels_parse() -> None:
    assert_read_as_boxoban(read_shared(BOXOBAN), 1000)


def test_a_file_laid_out_as_the_classic_collection_has_every_title_the_first_included() -> None:
    classic = parse_collection(CLASSIC_LIKE, "classic.txt")
    assert classic.problems == []
    assert [level.title for level in classic.levels] == ["Classic 1", "Classic 2"]


def test_the_classic_collection_has_every_title_the_first_included() -> None:
    # "; XSokoban 1" stands between the file's header and the first board, blank lines around it.
    xsokoban = read_shared(XSOKOBAN)
    assert xsokoban.problems == []
    assert [level.title for level in xsokoban.levels] == [f"XSokoban {n}" for n in range(1, 51)]
