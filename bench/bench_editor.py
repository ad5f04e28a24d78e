"""Frame rate of the level editor while the solver thinks about the level drawn.

    python bench/bench_editor.py [--seconds 6] [--level 180]

The editor is opened (dummy video driver) on a copy of a level the solver
cannot finish within the run (level 180 of the built-in ``starpusher``
collection, 14x14 with 13 stars), and the mouse moves over the board every
frame, as while drawing. The window's own loop runs (``Window.step`` and its
frame clock), so the figure is what a player gets: frames drawn per second
and the time each frame takes.

It runs three times in one process, for ratios on a noisy machine: with no
search at all (only the wait: the frame rate the machine gives the window
now), with the verdict worked out in a child process (the editor's way), and
with the same search in a thread of the window's process (the way hints run
in play), which shares the interpreter with the drawing. Target: the
child-process run keeps the frame rate of the run without a search (60 per
second on an idle machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from starpusher.editing import EditSession, verdict
from starpusher.gui import App, Settings
from starpusher.gui.editor import open_editor
from starpusher.gui.editor.scene import EditorScene
from starpusher.gui.kit.window import FRAME_RATE, THINKING_FRAME_RATE
from starpusher.levels import load_builtin


class ThreadJudging(verdict.Judging):
    """The same verdict searched in a thread of this process, for comparison."""

    def run(self, cancelled: threading.Event) -> verdict.Verdict | None:
        return verdict.judge(self.level, self.time_limit, cancel=cancelled)


class IdleJudging(verdict.Judging):
    """No search at all, only the wait: the frame rate this machine gives the window right now."""

    def run(self, cancelled: threading.Event) -> verdict.Verdict | None:
        cancelled.wait(self.time_limit)
        return None


def measure(app: App, editor: EditorScene, seconds: float) -> tuple[float, list[float]]:
    """Run the window's loop for ``seconds`` with the mouse moving; frames per second and frame times."""
    centers = [
        editor.square_center((x, y)) for y in range(editor.sketch.height) for x in range(editor.sketch.width)
    ]
    clock = pygame.time.Clock()
    frame_times: list[float] = []
    started = time.perf_counter()
    frame = 0
    while time.perf_counter() - started < seconds:
        point = centers[frame % len(centers)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(1, 0), buttons=(0, 0, 0)))
        before = time.perf_counter()
        app.step()
        frame_times.append(time.perf_counter() - before)
        frame += 1
        # The window's own pacing (Window.run): full rate while something moves, less while it only thinks.
        moving = bool(app.held) or app.scene.wake_in() == 0
        clock.tick(FRAME_RATE if moving else THINKING_FRAME_RATE)
    return frame / (time.perf_counter() - started), frame_times


def run_once(
    level_number: int, seconds: float, judging: type[verdict.Judging]
) -> tuple[float, list[float], bool]:
    pygame.display.init()
    app = App(show_title=False, settings=Settings(window_size=(1024, 720)))
    level = load_builtin("starpusher").levels[level_number - 1]
    try:
        editor = open_editor(app, EditSession.of_level(level), over=True)
        editor.verdict_worker = judging
        while editor.checked != editor.sketch:  # the pause after opening, then the solver starts
            app.step(dt=0.05)
        thinking = editor.judging
        rate, times = measure(app, editor, seconds)
        still_thinking = editor.judging
    finally:
        app.close()
        pygame.display.quit()
    return rate, times, thinking and still_thinking


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=6.0, help="how long each run draws (default 6)")
    parser.add_argument(
        "--level", type=int, default=180, help="level of the built-in 'starpusher' collection"
    )
    args = parser.parse_args()
    print(f"level {args.level} of 'starpusher', {args.seconds:g} s each, mouse moving every frame")
    results = {}
    runs = (("no search", IdleJudging), ("child process", verdict.Judging), ("thread", ThreadJudging))
    for name, judging in runs:
        rate, times, thought = run_once(args.level, args.seconds, judging)
        results[name] = rate
        times_ms = sorted(t * 1000 for t in times)
        p95 = times_ms[int(len(times_ms) * 0.95)]
        print(
            f"solver: {name:13}: {rate:5.1f} frames/s, frame work median "
            f"{statistics.median(times_ms):.2f} ms, 95th percentile {p95:.2f} ms"
            + (
                ""
                if thought or judging is IdleJudging
                else "  (the solver finished early: use a harder level)"
            )
        )
    child, thread, idle = results["child process"], results["thread"], results["no search"]
    print(
        f"child process against thread: {child / thread:.2f}x the frames; "
        f"against no search: {child / idle:.0%}"
    )


if __name__ == "__main__":
    main()
