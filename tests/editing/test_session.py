"""One level under edit: undo and redo through History, unsaved changes, kept solutions, the draft."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from starpusher.core import Level, StarPusherError
from starpusher.editing import EditSession, Origin, Piece, Sketch
from starpusher.editing.session import ADDED, MINE, OVER

LEVEL = replace(
    Level.from_text("#######\n#@ $ .#\n#######", title="Corridor", author="Ann"), solutions=("rRR",)
)


def test_every_edit_can_be_undone_and_redone() -> None:
    session = EditSession()
    first = session.sketch
    assert session.edit(first.paint([(2, 2)], Piece.PLAYER)[0], "paint")
    second = session.sketch
    assert session.edit(second.paint([(3, 3)], Piece.STAR)[0], "paint")
    assert session.undo() and session.sketch == second
    assert session.undo() and session.sketch == first
    assert not session.undo()
    assert session.redo() and session.sketch == second


def test_an_edit_that_changes_nothing_is_not_recorded() -> None:
    session = EditSession()
    assert not session.edit(session.sketch, "nothing")
    assert not session.history.can_undo


def test_a_copy_of_a_level_keeps_its_solutions_only_while_the_board_is_unchanged() -> None:
    session = EditSession.of_level(LEVEL, Origin("level 1 of test.sok", "test.sok", 1))
    assert not session.unsaved
    level = session.level()
    assert level is not None and level.solutions == ("rRR",)
    session.edit(session.sketch.paint([(2, 1)], Piece.GOAL)[0], "paint")
    assert session.unsaved
    assert session.level() is None  # two goals, one star: not a level now
    session.undo()
    level = session.level()
    assert not session.unsaved and level is not None and level.solutions == ("rRR",)


def test_a_solve_while_testing_is_kept_as_the_levels_solution() -> None:
    session = EditSession(Sketch.from_text("######\n#@$ .#\n######"))
    session.keep_solution(session.sketch, "rlrRR")
    session.keep_solution(session.sketch, "RR")  # a shorter one replaces it
    session.keep_solution(session.sketch, "lrRR")
    level = session.level()
    assert level is not None and level.solutions == ("RR",)
    session.edit(session.sketch.paint([(3, 1)], Piece.WALL)[0], "paint")
    assert session.solutions() == ()


def test_title_and_author_count_as_changes() -> None:
    session = EditSession.of_level(LEVEL)
    session.title = "Corridor, again"
    assert session.unsaved
    session.mark_saved()
    assert not session.unsaved


def test_the_draft_brings_back_board_title_author_and_origin_unsaved() -> None:
    session = EditSession.of_level(LEVEL, Origin("level 1 of test.sok", "/tmp/test.sok", 1))
    session.edit(session.sketch.paint([(2, 1)], Piece.STAR)[0], "paint")
    again = EditSession.from_draft(session.draft())
    assert again is not None
    assert again.sketch == session.sketch
    assert (again.title, again.author) == ("Corridor", "Ann")
    assert again.origin == Origin("level 1 of test.sok", "/tmp/test.sok", 1)
    assert again.unsaved


def test_no_draft_gives_no_session() -> None:
    assert EditSession.from_draft(("", "", "", "")) is None


def painted_three_times() -> EditSession:
    session = EditSession()
    for x in (2, 3, 4):
        session.edit(session.sketch.paint([(x, 2)], Piece.WALL)[0], "paint")
    return session


def test_the_undo_history_comes_back_with_the_draft_redo_tail_included() -> None:
    session = painted_three_times()
    session.undo()
    again = EditSession.from_draft(session.draft())
    assert again is not None
    assert again.restore_history(session.history_text(100_000))
    assert again.sketch == session.sketch
    assert again.history.states == session.history.states
    assert again.redo() and not again.redo()
    assert again.undo() and again.undo() and again.undo() and not again.undo()


def test_a_long_history_drops_its_oldest_steps_first() -> None:
    session = painted_three_times()
    whole = session.history_text(100_000)
    again = EditSession.from_draft(session.draft())
    assert again is not None
    assert again.restore_history(session.history_text(len(whole) - 1))
    assert again.sketch == session.sketch
    assert again.history.states == session.history.states[1:]


def test_a_history_of_another_board_or_unreadable_is_not_taken() -> None:
    session = painted_three_times()
    other = EditSession()
    assert not other.restore_history(session.history_text(100_000))
    assert not other.restore_history('{"boards": [["#"]], "edits": [], "done": 3}')
    assert not other.restore_history("not json")
    assert other.history.states == (other.sketch,)


def test_where_a_level_can_be_saved_depends_on_where_it_came_from(tmp_path: Path) -> None:
    mine = tmp_path / "my-levels.sok"
    assert [place.label for place in EditSession().destinations(None)] == []
    assert [place.kind for place in EditSession().destinations(mine)] == [MINE]
    edited = EditSession.of_level(LEVEL, Origin("level 2 of test.sok", str(tmp_path / "test.sok"), 2))
    assert [(place.kind, place.label, place.number) for place in edited.destinations(mine)] == [
        (OVER, "Save over level 2 of test.sok", 2),
        (MINE, "Add to My levels", None),
        (ADDED, "Add to test.sok as a new level", None),
    ]
    new_for_file = EditSession(origin=Origin("a new level for test.sok", str(tmp_path / "test.sok")))
    assert [place.kind for place in new_for_file.destinations(mine)] == [MINE, ADDED]
    from_mine = EditSession.of_level(LEVEL, Origin("level 1 of My levels", str(mine), 1))
    assert [place.kind for place in from_mine.destinations(mine)] == [OVER, MINE]


def test_a_saved_level_belongs_to_its_file_and_is_no_longer_unsaved(tmp_path: Path) -> None:
    mine = tmp_path / "my-levels.sok"
    session = EditSession.of_level(LEVEL)
    session.title = "Corridor, again"
    level = session.level()
    assert level is not None and session.unsaved
    assert session.save(level, mine, None, my_levels=mine) == Origin("level 1 of My levels", str(mine), 1)
    assert not session.unsaved and session.origin == Origin("level 1 of My levels", str(mine), 1)
    assert mine.read_text().startswith("Collection: My levels")
    other = tmp_path / "other.sok"
    assert session.save(level, other, None, my_levels=mine).name == "level 1 of other.sok"
    assert session.save(level, other, 1, my_levels=mine).name == "level 1 of other.sok"
    with pytest.raises(StarPusherError, match="there is no level 3"):
        session.save(level, other, 3, my_levels=mine)


def test_dead_squares_are_those_of_the_level_drawn_and_none_while_it_is_no_level() -> None:
    session = EditSession(Sketch.from_text("#######\n#     #\n#@ $ .#\n#     #\n#######"))
    width = session.sketch.width
    assert session.dead_squares() == {y * width + x for y in (1, 3) for x in range(1, 6)} | {2 * width + 1}
    session.edit(session.sketch.paint([(5, 2)], Piece.FLOOR)[0], "erase the goal")
    assert session.dead_squares() == frozenset()
