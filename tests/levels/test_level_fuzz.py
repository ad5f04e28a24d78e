"""Fuzzing: any bytes, and real boards with random damage, give levels or a LevelError, nothing else.

A hang would show as hypothesis's deadline being exceeded (generous, so a busy
machine does not make the test flaky).
"""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from starpusher.core import Level, LevelError
from starpusher.levels import Collection, decode_level_bytes, format_collection, parse_collection

FUZZ = settings(max_examples=150, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow])

SEED_TEXT = """\
Collection: Seeds
; Starting demo level:
 ########
##      #
#   .   #
#   $   #
# .$@$. #
####$   #
   #.   #
   #   ##
   #####
Title: Demo
Comment:
two
lines
Comment-End:
Solution (moves 3, pushes 1):
rlR

7#|#@-$-.#|2(#)5#

; 3
#####
#+*$#
#####
"""

#: Pieces that push the reader down its rarer paths when spliced into a file.
TOKENS = [
    *"#@+$*. -_pPbB0123456789|();:\n\r\t\x00\ufeffxZ",
    "Title:",
    "Author:",
    "Comment:",
    "Comment-End:",
    "Solution:",
    "Collection:",
    "999999999",
    "1000(1000(",
    "\n\n",
    "; ",
    "\r\n",
]


def load(text: str) -> Collection:
    """Parse, and check what came out is sane."""
    collection = parse_collection(text, "fuzz.txt")
    assert len(collection.levels) == len(collection.numbers)
    for problem in collection.problems:
        assert problem.source == "fuzz.txt"
        assert problem.level is not None and problem.level >= 1
        assert problem.line is not None and 1 <= problem.line <= text.count("\n") + text.count("\r") + 1
    for level in collection.levels:
        assert isinstance(level, Level)
        assert len(level.start.boxes) >= len(level.goals) >= 1
    return collection


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_give_levels_or_a_level_error(data: bytes) -> None:
    try:
        text = decode_level_bytes(data, "fuzz.txt")
    except LevelError as error:  # binary data: the only error decoding may raise
        assert str(error).startswith("fuzz.txt: ")
        return
    load(text)


@FUZZ
@given(st.text(max_size=300))
def test_random_text_gives_levels_or_problems(text: str) -> None:
    collection = load(text)
    # Whatever was read can be written and read back.
    assert parse_collection(format_collection(collection.levels)).levels == collection.levels


@FUZZ
@given(
    st.lists(
        st.tuples(st.integers(0, len(SEED_TEXT)), st.integers(0, 3), st.sampled_from(TOKENS)), max_size=8
    )
)
@example(edits=[(72, 0, "-")])  # floor after a row's last wall once widened the level
@example(edits=[(232, 0, "|")])  # an RLE row of bare floor once wrote a blank line into a board
def test_damaged_real_files_give_levels_or_problems(edits: list[tuple[int, int, str]]) -> None:
    text = SEED_TEXT
    for position, deleted, token in edits:
        text = text[:position] + token + text[position + deleted :]
    collection = load(text)
    # Whatever survived the damage can be written and read back.
    assert parse_collection(format_collection(collection.levels)).levels == collection.levels


def test_the_seed_text_itself_is_good() -> None:
    collection = load(SEED_TEXT)
    assert collection.problems == []
    assert [level.title for level in collection.levels] == ["Demo", "", "3"]
