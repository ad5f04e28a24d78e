"""The window and its one main loop, for any game.

``Window`` owns the display, a stack of scenes (a title, a game, a list to
choose from, help on top of a game, ...), the settings and the hooks to the outside
world. One loop drains the events, updates the top scene, draws only when
something changed, and sleeps until the next event when nothing moves, so an
idle window costs almost no CPU. Tests drive the same loop with
:meth:`Window.step` and :meth:`Window.run_until_idle` after posting events
(see :mod:`.pilot`).

The window knows no game. Games offer themselves as :class:`GameEntry` s in
``window.games``; whoever builds the window (``starpusher.gui.app``) fills
that list and says which scene is the title (:attr:`Window.title_scene`).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import pygame

from ...session.turns import Turns
from ...store import STEP_SECONDS
from .clipboard import Clipboard, SystemClipboard
from .keys import MODIFIER_KEYS, WINDOW_KEY_MAP, Binding, binding_for_key, run_action
from .layout import FOOTER_HEIGHT, SKY
from .tasks import TASK_DONE, WindowTasks
from .text import WRITER, panel

FRAME_RATE = 60
#: Frames per second while only the "thinking" spinner moves: the search in the
#: background shares the interpreter with drawing, so it gets most of it.
THINKING_FRAME_RATE = 15
#: Longest sleep between two looks at the clock when nothing happens (milliseconds).
IDLE_WAIT_MS = 1000
#: How often an idle window looks for events (seconds): within a frame, and after
#: a second without any event, within two.
IDLE_POLL_SECONDS = 0.012
RESTING_POLL_SECONDS = 0.03
#: How long a test loop (``run_until_idle``) pauses between steps while a background task works.
TASK_PAUSE_SECONDS = 0.001
MIN_WINDOW = (320, 240)
#: Room a window leaves on its desktop for its title bar and the desktop's panels.
DESKTOP_MARGIN = (40, 80)
#: The size of a message's words (two less in a small window).
MESSAGE_SIZE = 22

T = TypeVar("T")


@dataclass
class Settings:
    """What the player chose; the store keeps them between runs.

    One record for the whole window: the window's own (size, full screen),
    the pacing every game shares, and each game's own choices, a dataclass of
    the game's making (:meth:`of`), so the window holds them without knowing them.
    """

    instant_moves: bool = False
    #: Seconds one step takes when animated.
    step_seconds: float = STEP_SECONDS.default
    window_size: tuple[int, int] = (1024, 720)
    fullscreen: bool = False
    #: Each game's own settings, one object of the game's own class each.
    games: list[object] = field(default_factory=list)

    def of(self, kind: type[T]) -> T:
        """The settings of class ``kind`` (a game's), with its defaults the first time they are asked for."""
        for settings in self.games:
            if isinstance(settings, kind):
                return settings
        made = kind()
        self.games.append(made)
        return made


class Scene:
    """One screen of the game. Subclasses override what they need."""

    #: False for overlays (help) that show the scene below them.
    opaque = True
    #: The keys this scene understands: each game brings its own map, and the
    #: help overlay shows the map of the scene it covers.
    key_map: tuple[Binding, ...] = WINDOW_KEY_MAP
    mouse_help: tuple[tuple[str, str], ...] = ()

    def __init__(self, app: Window) -> None:
        self.app = app

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        """A key press, with the action the key map gives it (None for unmapped keys).

        Runs the scene's ``action_<name>`` method; a scene that must see every
        key first (typing, "any key goes on") overrides this.
        """
        if action is not None:
            self.act(action)

    def act(self, action: str) -> None:
        """Run the scene's method for ``action`` (``action_<name>``); nothing when it has none."""
        run_action(self, action)

    def fresh_press(self, event: pygame.event.Event) -> bool:
        """A key pressed just now: not one held down and repeating, nor Shift or Ctrl on its way
        to a combination (what "any key goes on" must wait for)."""
        return not self.app.key_repeat and event.key not in MODIFIER_KEYS

    def mouse(self, event: pygame.event.Event) -> None:
        """A mouse button, motion or wheel event."""

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when the picture changed."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene needs an update: 0 while animating, None when idle."""
        return None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the scene; return the rectangles that changed, or None for all of it.

        Returning rectangles is an optimisation a scene may make when
        ``app.full_redraw`` is False: the window then sends only those to the screen.
        """
        surface.fill(SKY)
        return None

    def resized(self) -> None:
        """The window changed size."""

    def message_context(self) -> object:
        """What a message said here is about (a game scene: the puzzle being played).

        A message lasts only while the scene that said it is open and this stays the same,
        so what was said of one puzzle never shows on the next. None: the scene as a whole.
        """
        return None

    def leave(self) -> None:
        """The scene is closed (save what must be saved)."""

    def active_changed(self, active: bool) -> None:
        """The player's turn came to this scene (True), or went (False): another scene opened
        over it, it closed, or the window lost the keyboard or was minimised. A game's clock
        runs only while its scene is active."""

    def hold_quit(self, quit_now: Callable[[], None]) -> bool:
        """The window is asked to close (Ctrl+Q, its close button): True to ask the player first.

        A scene holding work the player has not kept asks (and calls ``quit_now``
        once they agree); the others let the window close.
        """
        return False


@dataclass
class GameEntry:
    """A game the title screen offers: its name and how it starts."""

    name: str
    start: Callable[[Window], Scene]


class Window:
    """The window, the scene stack and the main loop."""

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        progress: object = None,
        save_settings: Callable[[Settings], object] | None = None,
        clipboard: Clipboard | None = None,
        clock: Callable[[], float] = time.monotonic,
        caption: str = "",
    ) -> None:
        self.settings = settings or Settings()
        #: Where the games keep what the player achieved (``starpusher.store.Store``, or
        #: what stands in for it); each game asks it through a protocol of its own.
        self.progress = progress
        #: Called with the settings whenever the player changes one (the store keeps them).
        self.save_settings: Callable[[Settings], object] = save_settings or (lambda settings: None)
        self.clipboard: Clipboard = clipboard or SystemClipboard()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(caption)
        self.screen = self._open_window()
        pygame.key.set_repeat(260, 90)
        self.tasks = WindowTasks()
        #: The actions of held bindings whose keys are down now (looking around).
        self.held: set[str] = set()
        self._keys_down: set[int] = set()
        #: True while a scene handles a key that is held down and repeating.
        self.key_repeat = False
        self.running = True
        self.dirty = True
        #: The next frame must be drawn whole (a scene opened or closed, a resize, a message).
        self.full_redraw = True
        self._clock = clock
        self._last_time = clock()
        self._frame_clock = pygame.time.Clock()
        self._last_event_time = time.monotonic()
        self._status: tuple[str, float] | None = None
        #: The scene whose message is shown and what it was about (None: the window's own message).
        self._status_owner: tuple[Scene, object] | None = None
        #: Where the message was drawn last (tests check what it covers).
        self.message_rect: pygame.Rect | None = None
        #: Where the spinner and its words were last drawn (None while nothing works in the background).
        self.working_rect: pygame.Rect | None = None
        #: Whether the last frame showed the "thinking" spinner (its box must be painted over).
        self._spinner_shown = False
        #: The games the title screen offers, in its order.
        self.games: list[GameEntry] = []
        #: Makes the title screen, with the named game chosen; None: a window without one.
        self.title_scene: Callable[[Window, str | None], Scene] | None = None
        self.scenes: list[Scene] = []
        #: The scene the player is at: the top one, while the window has the keyboard.
        self.turns = Turns()

    @property
    def clock(self) -> Callable[[], float]:
        """The seconds clock the window goes by (a test's own): the games' clocks read it too."""
        return self._clock

    # -- the window ----------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.settings.fullscreen:
            desktops = pygame.display.get_desktop_sizes()
            self.settings.window_size = fit_on_desktop(self.settings.window_size, desktops)
        self.screen = self._open_window()
        if not self.settings.fullscreen:
            # Left where it was before, the window can come back partly off the screen.
            pygame.display.set_window_position((pygame.WINDOWPOS_CENTERED, pygame.WINDOWPOS_CENTERED))
        self._after_resize()
        self.save_settings(self.settings)

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if not self.settings.fullscreen:
            self.settings.window_size = size
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.screen = surface
        self._after_resize()

    def _after_resize(self) -> None:
        for scene in self.scenes:
            scene.resized()
        self.dirty = self.full_redraw = True

    # -- scenes ----------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self.turns.note(self.scenes)
        self.dirty = self.full_redraw = True

    def pop(self) -> None:
        closed = self.scenes.pop()
        self.turns.note(self.scenes)
        closed.leave()
        if not self.scenes:
            self.running = False
        self.dirty = self.full_redraw = True

    def replace(self, scene: Scene) -> None:
        """Close every scene and show this one."""
        self._close_scenes()
        self.push(scene)

    def _close_scenes(self) -> None:
        while self.scenes:
            closed = self.scenes.pop()
            self.turns.note(self.scenes)
            closed.leave()

    def show_title(self, chosen: str | None = None) -> None:
        """Back to the title screen, with the game ``chosen`` (by name) ready to start again.

        A window without a title screen closes instead: Esc leaves to the title, then quits.
        """
        if self.title_scene is None:
            self.running = False
        else:
            self.replace(self.title_scene(self, chosen))

    def open_file(self, path: str) -> None:
        """A file dropped on the window; the games that open files say what it holds."""
        self.say(f"Nothing here opens {os.path.basename(path)}.")

    # -- messages ----------------------------------------------------------------

    def say(
        self, message: str, seconds: float = 5.0, *, anywhere: bool = False, owner: Scene | None = None
    ) -> None:
        """A one-line message at the bottom of the window, for a few seconds.

        It belongs to the scene shown and what that scene shows (its
        :meth:`Scene.message_context`): leaving either ends it. ``owner``: the
        scene it belongs to when that is not the one shown (a scene being opened);
        ``anywhere``: a message about the window itself (the store), shown whatever the scene.
        Messages start with a capital, as sentences do.
        """
        message = message[:1].upper() + message[1:]
        self._status = (message, self._clock() + seconds)
        if owner is None and self.scenes and not anywhere:
            owner = self.scenes[-1]
        self._status_owner = (owner, owner.message_context()) if owner is not None else None
        self.dirty = True

    def _message_still_belongs(self) -> bool:
        if self._status_owner is None:
            return True
        scene, context = self._status_owner
        return any(shown is scene for shown in self._visible_scenes()) and scene.message_context() == context

    def _visible_scenes(self) -> list[Scene]:
        """The scenes drawn: the top opaque one and the overlays over it (a screen opened over a
        scene hides it, and ends what it said)."""
        bottom = max(i for i, scene in enumerate(self.scenes) if scene.opaque or i == 0)
        return self.scenes[bottom:]

    @property
    def status(self) -> str | None:
        return self._status[0] if self._status else None

    def _draw_status(self, surface: pygame.Surface) -> None:
        if not self._status:
            return
        # Over the bar of keys at the bottom, not over the board: two lines when one is too short.
        w, h = surface.get_size()
        size = MESSAGE_SIZE if w >= 700 else MESSAGE_SIZE - 2
        lines = WRITER.wrap(self._status[0], size, w - 48)
        if len(lines) > 2:
            lines = [lines[0], WRITER.fit(" ".join(lines[1:]), size, w - 48)]
        line = WRITER.measure("Ag", size)[1]
        # The whole width of the bar, so that no key peeks out cut at its sides ("C collecti").
        box = pygame.Rect(0, 0, w, max(FOOTER_HEIGHT, line * len(lines) + 6))
        box.bottom = h
        self.message_rect = box
        surface.fill((20, 20, 40), box)
        top = box.centery - line * len(lines) // 2
        for number, text in enumerate(lines):
            WRITER.draw(surface, text, size, midtop=(box.centerx, top + number * line))

    def _draw_working(self, surface: pygame.Surface) -> None:
        """A spinner and what the background tasks are doing, so the player sees it thinking.

        The words are progress, which the player watches: shown whole, on a second
        line or a little smaller in a narrow window, never cut.
        """
        names = self.tasks.running_names()
        if not names:
            self.working_rect = None
            return
        w, h = surface.get_size()
        size, lines = WRITER.fit_whole(", ".join(names), 22, w - 20 - 46)
        line = WRITER.line_height(size)
        widest = max(WRITER.measure(text, size)[0] for text in lines)
        box = pygame.Rect(0, 0, widest + 46, max(32, line * len(lines) + 12))
        box.bottomright = (w - 10, h - 36)
        self.working_rect = box
        panel(surface, box, (20, 20, 40, 245), radius=10)
        center = (box.left + 18, box.centery)
        turn = self._clock() * 6
        for i in range(8):
            angle = turn - i * math.pi / 4
            dot = (center[0] + 8 * math.cos(angle), center[1] + 8 * math.sin(angle))
            pygame.draw.circle(surface, (255, 214, 60, 255), dot, max(1.0, 3 - i * 0.3))
        top = box.centery - line * len(lines) // 2
        for number, text in enumerate(lines):
            WRITER.draw(surface, text, size, topleft=(box.left + 34, top + number * line))

    # -- the loop ----------------------------------------------------------------

    def busy(self) -> bool:
        """Something moves: the loop must keep stepping instead of waiting."""
        return bool(self.held) or self.scene.wake_in() == 0 or bool(self.tasks.running_names())

    def _timeout_ms(self) -> int:
        waits = [IDLE_WAIT_MS / 1000]
        wake = self.scene.wake_in()
        if wake is not None:
            waits.append(wake)
        if self._status:
            waits.append(self._status[1] - self._clock())
        return max(0, int(min(waits) * 1000))

    def _wait_for_events(self) -> list[pygame.event.Event]:
        """Sleep until events come or the next timed change is due.

        ``pygame.event.wait`` looks for events every millisecond (2% of a core
        for an idle window); looking every 12 to 30 milliseconds and sleeping
        in between costs a fifth of that and still answers within two frames.
        """
        deadline = time.monotonic() + self._timeout_ms() / 1000
        while True:
            events = pygame.event.get()
            now = time.monotonic()
            if events:
                self._last_event_time = now
                return events
            if now >= deadline:
                return events
            # Quick looks while the player is at it, slower ones once the window has rested a while.
            rested = now - self._last_event_time > 1.0
            time.sleep(min(RESTING_POLL_SECONDS if rested else IDLE_POLL_SECONDS, deadline - now))

    def step(self, *, dt: float | None = None, wait: bool = False) -> None:
        """One turn of the loop: events, update, draw if needed.

        ``wait`` sleeps until an event (or the next timed change) when nothing
        moves; ``dt`` overrides the measured time step (tests use a fixed one).
        """
        events = self._wait_for_events() if wait and not self.busy() else pygame.event.get()
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        now = self._clock()
        elapsed = min(now - self._last_time, 0.1) if dt is None else dt
        self._last_time = now
        if self._status and (now >= self._status[1] or not self._message_still_belongs()):
            self._status = self._status_owner = None
            self.dirty = self.full_redraw = True
        if self.scene.update(elapsed) or self.tasks.running_names():
            self.dirty = True
        if self.dirty:
            self.draw()

    def draw(self) -> None:
        """Draw the visible scenes; send only the changed parts to the screen when that is safe."""
        visible = self._visible_scenes()
        working = bool(self.tasks.running_names())
        # Overlays, messages and the spinner are drawn over the whole picture; so the frame
        # after the spinner's last (a move cancelled the search) is drawn whole to paint it out.
        if len(visible) > 1 or self._status or working or self._spinner_shown:
            self.full_redraw = True
        self._spinner_shown = working
        changed = None
        for scene in visible:
            changed = scene.draw(self.screen)
        self._draw_status(self.screen)
        self._draw_working(self.screen)
        if changed is not None and not self.full_redraw:
            pygame.display.update(changed)
        else:
            pygame.display.flip()
        self.full_redraw = False
        self.dirty = False

    def run(self, *, max_steps: int | None = None) -> int:
        """Play until the window closes (or, given ``max_steps``, after that many turns of the loop)."""
        steps = 0
        try:
            while self.running and (max_steps is None or steps < max_steps):
                steps += 1
                self.step(wait=True)
                if self.running and self.busy():
                    moving = bool(self.held) or self.scene.wake_in() == 0
                    self._frame_clock.tick(FRAME_RATE if moving else THINKING_FRAME_RATE)
        finally:
            self.close()
        return 0

    def run_until_idle(self, *, dt: float = 1 / FRAME_RATE, max_steps: int = 100_000) -> int:
        """Step until every posted event is handled and nothing animates; return the steps taken."""
        for steps in range(1, max_steps + 1):
            self.step(dt=dt)
            if not self.running or (not self.busy() and not pygame.event.peek()):
                return steps
            if self.tasks.running_names():
                # Give the workers the interpreter, as the real loop does between frames: a
                # loop that never pauses can starve a worker thread of it for many seconds.
                time.sleep(TASK_PAUSE_SECONDS)
        raise RuntimeError(f"the window was still busy after {max_steps} steps")

    def close(self) -> None:
        self._close_scenes()
        self.save_settings(self.settings)
        self.tasks.shutdown()
        self.running = False

    # -- events ----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()
        elif kind == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif kind in (pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            surface = pygame.display.get_surface()
            if surface is not None:  # None only once the display is gone: nothing to draw on
                self.screen = surface
                self._after_resize()
        elif kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.held.clear()
            self._keys_down.clear()
            self.turns.focus(False, self.scenes)
        elif kind == pygame.WINDOWFOCUSGAINED:
            self.turns.focus(True, self.scenes)
        elif kind == pygame.DROPFILE:
            self.open_file(event.file)
        elif kind == TASK_DONE:
            self.tasks.deliver(event)
            self.dirty = True
        elif kind == pygame.KEYDOWN:
            self.turns.focus(True, self.scenes)  # a key reaches only the window that has the keyboard
            self._key_down(event)
        elif kind == pygame.KEYUP:
            self._keys_down.discard(event.key)
            binding = binding_for_key(event.key, 0, "", self.scene.key_map)
            if binding is not None and binding.held:
                self.held.discard(binding.action)
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            if kind == pygame.MOUSEBUTTONDOWN:
                self.turns.focus(True, self.scenes)  # a click in the window is the player at it
            self.scene.mouse(event)

    def _key_down(self, event: pygame.event.Event) -> None:
        self.key_repeat = event.key in self._keys_down
        self._keys_down.add(event.key)
        binding = binding_for_key(event.key, event.mod, getattr(event, "unicode", ""), self.scene.key_map)
        action = binding.action if binding is not None else None
        if binding is not None and binding.held:
            self.held.add(binding.action)
        # The window's own actions (full screen, quit) come first, whatever the scene.
        if action is None or not run_action(self, action):
            self.scene.key(action, event)
        self.dirty = True

    def action_fullscreen(self) -> None:
        self.toggle_fullscreen()

    def action_quit(self) -> None:
        self.quit()

    def quit(self) -> None:
        """Close the window, unless a scene first asks the player about work not kept."""
        if not any(scene.hold_quit(self.quit_now) for scene in reversed(self.scenes)):
            self.quit_now()

    def quit_now(self) -> None:
        self.running = False


def fit_on_desktop(size: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """A window size shrunk, if need be, to fit every desktop with room for a title bar and panels."""
    if not desktops:
        return size
    room_w = min(width for width, _ in desktops) - DESKTOP_MARGIN[0]
    room_h = min(height for _, height in desktops) - DESKTOP_MARGIN[1]
    return (
        max(MIN_WINDOW[0], min(size[0], room_w)),
        max(MIN_WINDOW[1], min(size[1], room_h)),
    )
