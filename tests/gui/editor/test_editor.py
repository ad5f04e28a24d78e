"""The level editor in the window, driven headless by mouse and keys through the real loop."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from starpusher.editing import EditSession, Sketch
from starpusher.gui import App, Settings
from starpusher.gui.editor import EditorScene, open_editor, start_editor
from starpusher.gui.editor.dialogs import ChoiceOverlay, TextPrompt
from starpusher.gui.editor.testplay import TestPlayScene
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.sokoban.endless import EndlessChoice, EndlessPlayScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene, open_collection
from starpusher.levels import Collection, read_collection
from starpusher.store import EDITOR_DRAFT, Store


@pytest.fixture
def window(collection: Collection, tmp_path: Path) -> Iterator[tuple[App, Store]]:
    pygame.display.init()
    pygame.event.clear()
    store = Store.open(tmp_path)
    app = App(
        collection,
        progress=store,
        show_title=False,
        settings=Settings(window_size=(900, 640), instant_moves=True),
    )
    app.run_until_idle()
    yield app, store
    app.close()
    store.close()
    pygame.display.quit()


@pytest.fixture
def app(window: tuple[App, Store]) -> App:
    return window[0]


@pytest.fixture
def pilot(app: App) -> Pilot:
    return Pilot(app)


@pytest.fixture
def editor(app: App) -> EditorScene:
    """A new 7x5 room, walled, with nothing in it."""
    scene = open_editor(app, EditSession(Sketch.empty(7, 5)), over=True)
    settle(app)
    return scene


def settle(app: App) -> None:
    """Run the loop until nothing moves and the editor has checked its sketch (after a pause)."""
    app.run_until_idle()
    for _ in range(200):
        editor = next((scene for scene in reversed(app.scenes) if isinstance(scene, EditorScene)), None)
        if editor is None or editor.checked == editor.sketch or editor.stroke is not None:
            break
        app.step(dt=1 / 30)
    app.run_until_idle()


def wait_for(app: App, condition: Callable[[], bool], seconds: float = 60) -> None:
    """Run the loop until the solver's verdict (from a child process) has come."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"nothing came in time: {app.scene}, {app.status}"
        app.step(dt=1 / 60)
        time.sleep(0.005)
    app.run_until_idle()


def click(app: App, editor: EditorScene, square: tuple[int, int], button: int = 1) -> None:
    point = editor.square_center(square)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=button))
    settle(app)


def drag(app: App, editor: EditorScene, squares: list[tuple[int, int]], button: int = 1) -> None:
    points = [editor.square_center(square) for square in squares]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=button))
    for point in points[1:]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=button))
    settle(app)


def messages(editor: EditorScene) -> list[str]:
    return [text for text, _ in editor.message_lines()]


def draw_corridor(app: App, pilot: Pilot, editor: EditorScene) -> None:
    """Player, star and goal in a row: a level one push from solved... twice."""
    pilot.press(pygame.K_5)  # the player
    click(app, editor, (1, 2))
    pilot.press(pygame.K_4)  # a star
    click(app, editor, (3, 2))
    pilot.press(pygame.K_3)  # a goal
    click(app, editor, (5, 2))


def test_an_empty_room_says_what_it_lacks(editor: EditorScene) -> None:
    assert messages(editor) == [
        "Put the player somewhere: there is no player yet.",
        "Put at least one goal for the stars.",
    ]


def test_draw_a_level_get_the_verdict_play_it_save_it_and_read_it_back(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene, tmp_path: Path
) -> None:
    app, store = window
    draw_corridor(app, pilot, editor)
    assert editor.sketch.rows[2] == "#@ $ .#"
    wait_for(app, lambda: editor.verdict is not None)
    assert messages(editor)[0] == "Solvable: 2 pushes (the fewest), 3 moves."
    assert messages(editor)[1].startswith("Difficulty: 1 box line, 0 box changes, solver effort")

    pilot.press(pygame.K_F2)  # the title, typed
    assert isinstance(app.scene, TextPrompt)
    for letter in "Hall":
        pilot.press(pygame.key.key_code(letter.lower()), unicode=letter)
    pilot.press(pygame.K_RETURN)
    assert editor.session.title == "Hall"

    pilot.press(pygame.K_t)  # test-play: solve it by a longer way than the solver's
    play = app.scene
    assert isinstance(play, TestPlayScene)
    pilot.type_moves("rlrRR")
    assert play.solved
    assert play.banner().keys.startswith("Any key: back to the editor")  # not "next level" (issue 36)
    pilot.press(pygame.K_SPACE)  # any key once solved: back to the editor, unchanged
    assert app.scene is editor
    assert editor.sketch.rows[2] == "#@ $ .#"

    pilot.press(pygame.K_s, pygame.KMOD_CTRL)
    assert isinstance(app.scene, ChoiceOverlay)
    pilot.press(pygame.K_m)  # into My levels
    assert app.scene is editor and not editor.session.unsaved
    assert app.status == "Saved as level 1 of My levels."
    saved = read_collection(tmp_path / "my-levels.sok")
    assert saved.title == "My levels"
    level = saved.levels[0]
    assert (level.title, level.to_rows()[2], level.solutions) == ("Hall", "#@ $ .#", ("rlrRR",))
    assert store.is_solved(level)  # the test solve counts: progress is keyed by the board


def test_an_unsolvable_level_is_said_to_have_no_solution_and_can_still_be_played_and_saved(
    app: App, pilot: Pilot, editor: EditorScene, tmp_path: Path
) -> None:
    pilot.press(pygame.K_5)
    click(app, editor, (3, 2))
    pilot.press(pygame.K_4)
    click(app, editor, (1, 1))  # a star in a corner never moves
    pilot.press(pygame.K_3)
    click(app, editor, (5, 3))
    wait_for(app, lambda: editor.verdict is not None)
    assert messages(editor) == ["No solution exists."]
    pilot.press(pygame.K_t)  # it is a level all the same: it can be played...
    assert isinstance(app.scene, TestPlayScene)
    for key in (pygame.K_n, pygame.K_l, pygame.K_c):  # no other level, list or collection from a test
        pilot.press(key)
        assert isinstance(app.scene, TestPlayScene)
    pilot.press(pygame.K_ESCAPE)
    assert app.scene is editor
    pilot.press(pygame.K_s, pygame.KMOD_CTRL)  # ...and kept
    pilot.press(pygame.K_m)
    saved = read_collection(tmp_path / "my-levels.sok").levels
    assert [level.to_rows()[1] for level in saved] == ["#$    #"]


def test_an_open_wall_is_shown_where_it_is_and_cleared_when_closed(
    app: App, pilot: Pilot, editor: EditorScene, tmp_path: Path
) -> None:
    draw_corridor(app, pilot, editor)
    click(app, editor, (6, 2), button=3)  # the right button erases a wall to floor
    assert messages(editor) == [
        "The player can walk out past column 7, row 3: close the walls around the level."
    ]
    assert editor.problems[0].squares == ((6, 2),)
    pilot.press(pygame.K_t)  # not a level: neither played nor saved, and the player is told why
    assert app.scene is editor
    assert app.status == (
        "To play it, fix this first: The player can walk out past column 7, row 3: "
        "close the walls around the level."
    )
    pilot.press(pygame.K_s, pygame.KMOD_CTRL)
    assert app.scene is editor
    assert app.status is not None and app.status.startswith("To save it, fix this first")
    assert not (tmp_path / "my-levels.sok").exists()
    pilot.press(pygame.K_1)
    click(app, editor, (6, 2))
    assert not editor.problems
    wait_for(app, lambda: editor.verdict is not None)
    assert editor.verdict is not None and editor.verdict.solvable


def test_a_drag_paints_a_line_as_one_edit_and_undo_takes_it_back(
    app: App, pilot: Pilot, editor: EditorScene
) -> None:
    before = editor.sketch
    drag(app, editor, [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3)])
    assert [editor.sketch.at(square) for square in ((1, 1), (2, 1), (3, 1), (3, 2), (3, 3))] == ["#"] * 5
    pilot.press(pygame.K_z)
    assert editor.sketch == before
    pilot.press(pygame.K_x)
    assert editor.sketch.at((3, 3)) == "#"


def test_shift_drag_draws_a_rectangle(app: App, pilot: Pilot, editor: EditorScene) -> None:
    pilot.press(pygame.K_3)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        drag(app, editor, [(1, 1), (5, 3)])
    finally:
        pygame.key.set_mods(0)
    assert editor.sketch.rows[1:4] == ("#.....#", "#.   .#", "#.....#")


def test_painting_past_the_edge_grows_the_board_and_crop_cuts_it_back(
    app: App, pilot: Pilot, editor: EditorScene
) -> None:
    click(app, editor, (7, 2))  # one square past the right edge
    assert editor.sketch.width == 8
    pilot.press(pygame.K_2)  # floor over it again, then crop
    click(app, editor, (7, 2))
    pilot.press(pygame.K_c)
    assert (editor.sketch.width, editor.sketch.height) == (7, 5)


def test_fill_turn_and_mirror(app: App, pilot: Pilot, editor: EditorScene) -> None:
    pilot.press(pygame.K_3)
    pilot.press(pygame.K_b)  # the fill tool
    click(app, editor, (2, 2))
    assert len(editor.sketch.squares(".")) == 15
    pilot.press(pygame.K_r)
    assert (editor.sketch.width, editor.sketch.height) == (5, 7)
    pilot.press(pygame.K_m, pygame.KMOD_SHIFT)
    assert (editor.sketch.width, editor.sketch.height) == (5, 7)


def test_leaving_unsaved_asks_first_and_leaving_without_saving_drops_the_draft(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene
) -> None:
    app, store = window
    draw_corridor(app, pilot, editor)
    app.run_until_idle()
    for _ in range(200):  # a few seconds of the editor's time: the draft is written
        app.step(dt=1 / 60)
    assert store.get_setting(EDITOR_DRAFT)[0].splitlines()[2] == "#@ $ .#"
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, ChoiceOverlay)
    pilot.press(pygame.K_k)  # keep editing
    assert app.scene is editor
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_l)  # leave without saving
    assert isinstance(app.scene, PlayScene)
    assert store.get_setting(EDITOR_DRAFT) == EDITOR_DRAFT.default


def test_a_window_closed_mid_drawing_offers_the_level_back(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene
) -> None:
    app = window[0]
    draw_corridor(app, pilot, editor)
    editor.leave()  # what closing the window does
    again = start_editor(app)
    assert again.sketch == editor.sketch and again.session.unsaved


def test_ctrl_q_with_a_level_unsaved_asks_as_esc_does(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene
) -> None:
    app, store = window
    draw_corridor(app, pilot, editor)
    pilot.press(pygame.K_q, pygame.KMOD_CTRL)
    assert app.running and isinstance(app.scene, ChoiceOverlay)
    pilot.press(pygame.K_k)  # keep editing
    assert app.running and app.scene is editor
    pilot.press(pygame.K_q, pygame.KMOD_CTRL)
    pilot.press(pygame.K_l)  # quit without saving: the draft goes too
    assert not app.running
    assert store.get_setting(EDITOR_DRAFT) == EDITOR_DRAFT.default


def test_the_close_button_asks_too_and_asked_twice_quits_keeping_the_draft(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene
) -> None:
    app, store = window
    draw_corridor(app, pilot, editor)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_until_idle()
    assert app.running and isinstance(app.scene, ChoiceOverlay)
    pilot.press(pygame.K_q, pygame.KMOD_CTRL)  # asked again: quit, the level kept for next time
    assert not app.running
    app.close()
    assert store.get_setting(EDITOR_DRAFT)[0].splitlines()[2] == "#@ $ .#"


def test_a_saved_level_quits_without_a_question(app: App, pilot: Pilot, editor: EditorScene) -> None:
    pilot.press(pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running


def test_the_level_offered_back_says_so_and_keeps_its_undo_history(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene
) -> None:
    app = window[0]
    draw_corridor(app, pilot, editor)
    before_goal = editor.session.history.states[-2]
    editor.leave()  # what closing the window does
    app.replace(start_editor(app))  # what the title's "Make a level" does
    settle(app)
    again = app.scene
    assert isinstance(again, EditorScene) and again.sketch == editor.sketch
    assert app.status is not None and "unsaved level is back" in app.status
    pilot.press(pygame.K_z)
    assert again.sketch == before_goal
    pilot.press(pygame.K_z)
    pilot.press(pygame.K_z)
    assert again.sketch == Sketch.empty(7, 5)


def test_e_in_play_edits_a_copy_and_esc_comes_back_unchanged(app: App, pilot: Pilot) -> None:
    play = app.scene
    assert isinstance(play, PlayScene)
    pilot.press(pygame.K_e)
    editor = app.scene
    assert isinstance(editor, EditorScene)
    assert editor.sketch.to_text() == play.level.to_text()
    assert editor.session.origin is not None and editor.session.origin.name == "level 1 of test.sok"
    pilot.press(pygame.K_ESCAPE)  # nothing changed: no question
    assert app.scene is play


def test_the_flat_view_of_play_works_here_too(app: App, pilot: Pilot, editor: EditorScene) -> None:
    pilot.press(pygame.K_f)
    assert app.star_settings.flat_view
    assert editor.picture(editor.sketch).flat
    pilot.press(pygame.K_5)
    click(app, editor, (4, 3))  # clicks still land on the square drawn under the mouse
    assert editor.sketch.squares("@") == [(4, 3)]
    pilot.press(pygame.K_f)
    assert not app.star_settings.flat_view


def test_dead_squares_are_crossed_on_ctrl_d(app: App, pilot: Pilot, editor: EditorScene) -> None:
    draw_corridor(app, pilot, editor)
    pilot.press(pygame.K_d, pygame.KMOD_CTRL)
    assert app.star_settings.show_dead_squares
    width = editor.sketch.width
    # One goal in the middle row: a star against a wall never leaves it.
    dead = {y * width + x for y in (1, 3) for x in range(1, 6)} | {2 * width + 1}
    assert editor.picture(editor.sketch).shaded == dead


def type_text(pilot: Pilot, text: str) -> None:
    for letter in text:
        pilot.press(0, unicode=letter)


def test_save_into_a_named_plain_text_file(
    app: App, pilot: Pilot, editor: EditorScene, tmp_path: Path
) -> None:
    draw_corridor(app, pilot, editor)
    pilot.press(pygame.K_s, pygame.KMOD_CTRL)
    pilot.press(pygame.K_f)  # a file I name
    prompt = app.scene
    assert isinstance(prompt, TextPrompt) and prompt.text.endswith(".sok")
    pilot.press(pygame.K_u, pygame.KMOD_CTRL)  # clear the suggestion
    type_text(pilot, str(tmp_path / "mine.txt"))
    pilot.press(pygame.K_RETURN)
    assert (tmp_path / "mine.txt").read_text() == "#######\n#     #\n#@ $ .#\n#     #\n#######\n"
    assert editor.session.origin is not None and editor.session.origin.name == "level 1 of mine.txt"


def test_saving_over_the_level_edited_changes_that_level_of_its_file_only(
    window: tuple[App, Store], tmp_path: Path
) -> None:
    app = window[0]
    path = tmp_path / "two.sok"
    path.write_text("#####\n#@$.#\n#####\nTitle: One\n\n######\n#@$ .#\n######\nTitle: Two\n")
    open_collection(app, read_collection(path), 1, name=str(path))
    pilot = Pilot(app)
    pilot.press(pygame.K_e)
    editor = app.scene
    assert isinstance(editor, EditorScene)
    assert editor.session.origin is not None and editor.session.origin.name == "level 2 of two.sok"
    pilot.press(pygame.K_3)
    click(app, editor, (3, 1))  # a second goal between star and goal: one more star needed
    pilot.press(pygame.K_s, pygame.KMOD_CTRL)
    assert app.status is not None and app.status.startswith(
        "To save it, fix this first: 2 goals but only 1 star"
    )
    pilot.press(pygame.K_2)
    click(app, editor, (3, 1))  # floor again; and the corridor one square longer
    click(app, editor, (5, 1))
    pilot.press(pygame.K_1)
    click(app, editor, (6, 1))
    wait_for(app, lambda: editor.verdict is not None)
    pilot.press(pygame.K_s, pygame.KMOD_CTRL)
    pilot.press(pygame.K_o)  # save over level 2 of two.sok
    levels = read_collection(path).levels
    assert [level.title for level in levels] == ["One", "Two"]
    assert levels[0].to_rows() == ["#####", "#@$.#", "#####"]
    assert levels[1].to_rows()[1] == "#@$ . #" and levels[1].title == "Two"
    assert app.status == "Saved as level 2 of two.sok."
    pilot.press(pygame.K_ESCAPE)  # back in play, the file read again: the level as saved
    play = app.scene
    assert isinstance(play, PlayScene) and play.index == 1
    assert play.level.to_rows()[1] == "#@$ . #"


def test_e_in_the_level_list_edits_the_chosen_level(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_l)
    pilot.press(pygame.K_RIGHT)  # level 2
    pilot.press(pygame.K_e)
    editor = app.scene
    assert isinstance(editor, EditorScene)
    assert editor.sketch.to_text() == app.collection.levels[1].to_text()
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, PlayScene)


def test_e_in_endless_edits_the_generated_level(app: App, pilot: Pilot, collection: Collection) -> None:
    level = collection.levels[2]
    app.replace(EndlessPlayScene(app, EndlessChoice(), level))
    app.run_until_idle()
    pilot.press(pygame.K_e)
    editor = app.scene
    assert isinstance(editor, EditorScene) and editor.sketch.to_text() == level.to_text()
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, EndlessPlayScene)


def test_opening_a_copy_while_a_drawn_level_is_unsaved_asks_which(
    window: tuple[App, Store], pilot: Pilot, editor: EditorScene
) -> None:
    app = window[0]
    draw_corridor(app, pilot, editor)
    editor.keep_draft()
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_k)  # keep editing: then leave through the question's Esc
    app.pop()  # the editor closes as the window would: the draft stays
    assert isinstance(app.scene, PlayScene)
    pilot.press(pygame.K_e)
    assert isinstance(app.scene, ChoiceOverlay)
    pilot.press(pygame.K_u)  # go on with the unsaved level
    again = app.scene
    assert isinstance(again, EditorScene) and again.sketch.rows[2] == "#@ $ .#"


def test_the_help_lists_the_editors_keys(app: App, pilot: Pilot, editor: EditorScene) -> None:
    pilot.press(pygame.K_F1)
    overlay = app.scene
    assert isinstance(overlay, HelpOverlay)
    assert ("Board", "C", "crop the board to its walls") in overlay.rows
    pilot.press(pygame.K_ESCAPE)
    assert app.scene is editor


def test_the_verdict_gives_the_best_counts_the_store_knows(
    app: App, pilot: Pilot, editor: EditorScene, window: tuple[App, Store]
) -> None:
    store = window[1]
    draw_corridor(app, pilot, editor)
    level = editor.session.level()
    assert level is not None
    store.record_solution(level, "rRR")
    store.keep_known_solution(level, "rRR", optimal_by="pushes")
    solutions, fewest = editor._known_solutions(level)
    assert [solution.lurd for solution in solutions] == ["rRR", "rRR", "rRR"] and fewest == 2
    editor.verdicts.clear()  # judged again, now that the store knows more
    editor.check()
    wait_for(app, lambda: editor.verdict is not None)
    assert editor.known[editor.sketch] == (solutions, fewest)
    assert messages(editor)[0] == "Solvable: 2 pushes (the fewest), 3 moves."
