"""The window kit: the loop idles and wakes, tasks report back, full screen, help from any key map."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from starpusher.gui import App
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.kit.text import WRITER
from starpusher.gui.sokoban.keys import KEY_MAP, MOUSE_HELP
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene


def test_help_overlay_lists_every_key_of_the_key_map(
    app: App, pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    pilot.press(pygame.K_F1)
    assert isinstance(app.scene, HelpOverlay)
    drawn: list[str] = []
    original = WRITER.draw

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(WRITER, "draw", record)
    app.draw()
    shown = " ".join(drawn)
    for binding in KEY_MAP:
        assert binding.description in shown  # long ones wrap onto more lines
        for key in binding.keys:
            assert key.name in shown, key.name
    for what, _ in MOUSE_HELP:
        assert what in shown
    pilot.press(pygame.K_SPACE)
    assert isinstance(app.scene, PlayScene)
    pilot.press(pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert isinstance(app.scene, HelpOverlay)


def test_the_loop_idles_when_nothing_moves(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_RIGHT)
    assert not app.busy()
    assert app._timeout_ms() > 0  # the real loop would sleep
    assert not app.dirty


def test_background_tasks_deliver_results_through_the_loop(app: App) -> None:
    results: list[int] = []
    app.tasks.submit("sum", lambda token: sum(range(10)), results.append)
    cancelled = app.tasks.submit("never", lambda token: 1, results.append)
    cancelled.cancel()
    for _ in range(200):
        app.step(dt=0.01)
        if results and not app.tasks.busy:
            break
        pygame.time.wait(5)
    app.run_until_idle()
    assert results == [45]


def test_fullscreen_toggles(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_F11)
    assert app.settings.fullscreen
    pilot.press(pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.screen.get_size() == app.settings.window_size


def test_leaving_full_screen_puts_the_window_wholly_on_the_desktop(app: App, pilot: Pilot) -> None:
    """F11 twice on a window moved partly off the desktop, or kept larger than it: it comes back
    centred, and no larger than the desktop leaves room for."""
    (desk_w, desk_h), *_ = pygame.display.get_desktop_sizes()
    pygame.display.set_window_position((desk_w - 200, desk_h - 150))  # mostly off the right and bottom
    app.settings.window_size = (desk_w + 300, desk_h + 200)  # a size saved on a bigger screen
    pilot.press(pygame.K_F11)
    pilot.press(pygame.K_F11)
    width, height = app.screen.get_size()
    x, y = pygame.display.get_window_position()
    assert (width, height) == app.settings.window_size
    assert width < desk_w and height < desk_h
    assert 0 <= x <= desk_w - width and 0 <= y <= desk_h - height
    assert abs(x - (desk_w - width) // 2) <= 1 and abs(y - (desk_h - height) // 2) <= 1  # centred


def test_a_running_task_keeps_the_loop_drawing_its_spinner(app: App) -> None:
    import threading

    release = threading.Event()
    done: list[str] = []
    app.tasks.submit("Thinking", lambda token: release.wait(5) and "hint", done.append)
    app.step(dt=0.01)
    assert app.busy()
    assert app.tasks.running_names() == ["Thinking"]
    release.set()
    for _ in range(500):
        app.step(dt=0.01)
        if done:
            break
        pygame.time.wait(2)
    app.run_until_idle()
    assert done == ["hint"]
    assert not app.busy()


def test_another_game_brings_its_own_keys_and_help(app: App, pilot: Pilot) -> None:
    from starpusher.gui.kit.keys import Binding, Key
    from starpusher.gui.kit.window import Scene

    class Slider(Scene):
        key_map = (
            Binding("slide_up", (Key(pygame.K_k, label="K"),), "slide a tile up", "Slide"),
            Binding("help", (Key(pygame.K_F1, label="F1"),), "help", "Other"),
        )
        mouse_help = (("Click a tile", "slide it"),)

        def __init__(self, window: App) -> None:
            super().__init__(window)
            self.actions: list[str | None] = []
            self.slid = 0

        def key(self, action: str | None, event: pygame.event.Event) -> None:
            self.actions.append(action)
            super().key(action, event)

        def action_slide_up(self) -> None:
            self.slid += 1

        def action_help(self) -> None:
            self.app.push(HelpOverlay(self.app))

    slider = Slider(app)
    app.replace(slider)
    pilot.press(pygame.K_k)
    pilot.press(pygame.K_UP)
    assert slider.actions == ["slide_up", None] and slider.slid == 1  # Up is not in its map
    pilot.press(pygame.K_F1)
    help_scene = app.scene
    assert isinstance(help_scene, HelpOverlay)
    assert help_scene.rows == [
        ("Slide", "K", "slide a tile up"),
        ("Other", "F1", "help"),
        ("Mouse", "Click a tile", "slide it"),
    ]


def test_an_idle_window_sleeps_and_draws_nothing(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from starpusher.gui.kit import window as app_module

    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 60)
    frames: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: frames.append(1))
    looks: list[int] = []
    get_events = pygame.event.get

    def look() -> list[pygame.event.Event]:
        looks.append(1)
        return get_events()

    monkeypatch.setattr(pygame.event, "get", look)
    start = time.perf_counter()
    app.step(wait=True)
    assert time.perf_counter() - start >= 0.05
    assert frames == []
    # It sleeps between looks for events: no more looks than the wait has poll intervals.
    assert 1 < len(looks) <= 0.06 / app_module.IDLE_POLL_SECONDS + 2


def test_an_event_wakes_an_idle_window(app: App, pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from starpusher.gui.kit import window as app_module

    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 5000)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    threading.Timer(0.05, pygame.event.post, (key,)).start()
    app.step(wait=True)  # returns with the key, long before the five seconds
    assert pilot.play.history.moves == "r"
