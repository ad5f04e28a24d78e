"""Text at small sizes and in small windows: measured as drawn, wrapped instead of cut, overlays opaque."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.kit.help import MIN_SIZE, HelpOverlay
from starpusher.gui.kit.text import SMOOTH_UP_TO, WRITER
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.levels import load_builtin
from starpusher.store import Store


@pytest.mark.parametrize("size", [11, 14, 18, 22, 30, SMOOTH_UP_TO, 60])
def test_text_is_measured_as_it_is_drawn(size: int) -> None:
    pygame.font.init()
    text = "Esc keeps this board"
    assert WRITER.render(text, size).get_width() == WRITER.measure(text, size)[0]
    fitted = WRITER.fit(text, size, WRITER.measure(text, size)[0] - 1)
    assert fitted.endswith("…") and WRITER.measure(fitted, size)[0] < WRITER.measure(text, size)[0]


def test_small_text_keeps_the_fonts_own_spacing() -> None:
    """Each letter added moves the end by the letter's true advance (a third of three times larger),
    not by a width rounded to whole pixels letter by letter ("kee ps")."""
    pygame.font.init()
    text = "Esc keeps this board"
    big = WRITER.font(14 * 3)
    for end in range(1, len(text) + 1):
        assert abs(WRITER.measure(text[:end], 14)[0] - big.size(text[:end])[0] / 3) <= 0.5


def test_wrap_breaks_at_spaces_within_the_width() -> None:
    pygame.font.init()
    lines = WRITER.wrap("the quick brown fox jumps over the lazy dog", 20, 120)
    assert " ".join(lines) == "the quick brown fox jumps over the lazy dog"
    assert len(lines) > 1 and all(WRITER.measure(line, 20)[0] <= 120 for line in lines)


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the window draws in one frame (every module draws its text with the one WRITER)."""
    drawn: list[str] = []
    original = WRITER.draw

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(WRITER, "draw", record)
    app.draw()
    monkeypatch.undo()
    return drawn


@pytest.mark.parametrize("size", [(1024, 720), (640, 480), (480, 360)])
def test_the_help_wraps_long_lines_instead_of_cutting_them(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(load_builtin("original"), show_title=False, settings=Settings(window_size=size))
    pilot = Pilot(app)
    pilot.press(pygame.K_F1)
    help_scene = app.scene
    assert isinstance(help_scene, HelpOverlay)
    layout = help_scene.layout(*size)
    assert layout.size >= MIN_SIZE
    drawn = drawn_texts(app, monkeypatch)
    assert not [text for text in drawn if text.endswith("…")]
    if help_scene.overflow():  # too small for all of it: the arrows scroll, other keys close
        pilot.press(pygame.K_PAGEDOWN)
        assert help_scene.scroll > 0 and app.scene is help_scene
    pilot.press(pygame.K_SPACE)
    assert app.scene is not help_scene
    app.close()


def test_the_level_lists_heading_takes_more_lines_in_a_narrow_window(monkeypatch: pytest.MonkeyPatch) -> None:
    heights = []
    for size in [(1024, 720), (400, 400)]:
        app = App(load_builtin("original"), show_title=False, settings=Settings(window_size=size))
        pilot = Pilot(app)
        pilot.press(pygame.K_l)
        select = app.scene
        assert isinstance(select, LevelSelectScene)
        drawn = drawn_texts(app, monkeypatch)
        assert "Esc goes back" in " ".join(drawn) and not [text for text in drawn if text.endswith("…")]
        assert select.card_rect(0).top > select.header  # the cards start below it
        heights.append(select.header)
        app.close()
    assert heights[1] > heights[0]


def test_messages_and_the_help_are_drawn_on_nearly_opaque_panels(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_F1)
    app.say("A message", 5)
    app.draw()
    w, h = app.screen.get_size()
    help_box_center = app.screen.get_at((w // 2 - 5, h // 2 + 3))
    assert max(help_box_center[:3]) < 60  # the dark panel, not the sky (92, 170, 230) through it


def test_wrap_keeps_wide_gaps_inside_a_line_but_never_starts_a_line_with_them() -> None:
    pygame.font.init()
    assert WRITER.wrap("Arrows choose   Enter plays", 22, 1000) == ["Arrows choose   Enter plays"]
    lines = WRITER.wrap("Arrows choose   Enter plays   Esc back", 22, 160)
    assert len(lines) > 1 and not any(line.startswith(" ") for line in lines)


def drawn_whole(text: str, drawn: list[str]) -> bool:
    """Whether ``text`` was drawn whole: its words in order, on one line or more, none cut."""
    return " ".join(" ".join(drawn).split()).find(" ".join(text.split())) >= 0 and not any(
        each.endswith("…") for each in drawn
    )


#: Progress as the spinner says it (issue 36: each was cut with "…" in a 640x480 window).
PROGRESS = [
    ["Still looking (Shift+H cancels): 1,119,196 positions, 117 s"],
    ["Building tables (once): 16%", "Looking for a hint (H cancels): 119,196 positions, 7 s"],
    ["Making it shorter: 1,153 pushes, 4,512 moves (fewest pushes first), 11 s"],
]


def saying(text: str) -> Callable[[], str]:
    return lambda: text


@pytest.mark.parametrize("texts", PROGRESS)
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_progress_beside_the_spinner_is_drawn_whole(
    texts: list[str], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(load_builtin("original"), show_title=False, settings=Settings(window_size=size))
    tasks = [
        app.tasks.submit(text, lambda token: token.event.wait(10), lambda _: None, describe=saying(text))
        for text in texts
    ]
    drawn = drawn_texts(app, monkeypatch)
    for task in tasks:
        task.cancel()
    assert drawn_whole(", ".join(sorted(texts)), drawn)
    assert app.working_rect is not None and app.screen.get_rect().contains(app.working_rect)
    app.close()


def test_the_key_bar_leaves_keys_out_whole_rather_than_cutting_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path)
    app = App(
        load_builtin("original"), show_title=False, progress=store, settings=Settings(window_size=(640, 480))
    )
    app.settings.instant_moves = True
    pilot = Pilot(app)
    pilot.type_moves("rrr")  # "First push": solved, so a best score shows beside the keys
    pilot.press(pygame.K_b)
    pilot.press(pygame.K_n)
    assert pilot.play.index == 0 and pilot.play.session.standing().startswith("Best")
    drawn = drawn_texts(app, monkeypatch)
    footer = next(text for text in drawn if text.startswith("Best"))
    assert not footer.endswith("…") and "F1 help" in footer
    app.close()
    store.close()
