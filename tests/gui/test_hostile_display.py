"""No display at all (issue 14): ``play`` and ``fifteen`` both say so at once, before SDL says anything."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X and Wayland displays are Linux's")
@pytest.mark.parametrize("command", [["play"], ["fifteen"], ["fifteen", "--size", "3x3"], []])
def test_without_a_display_the_window_commands_say_so_first(command: list[str]) -> None:
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER")
    }
    done = subprocess.run(
        [sys.executable, "-m", "starpusher", *command],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,  # `fifteen` used to run for ever with no window
    )
    assert done.returncode == 1
    assert done.stderr == "starpusher: there is no screen to open the window on (is DISPLAY set?)\n"
    assert not os.path.exists(os.environ["STARPUSHER_DATA_DIR"])  # the store was not even opened
