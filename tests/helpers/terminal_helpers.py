"""Running the real program in a pseudo-terminal: keys in, the screen's text out.

The program runs as a player runs it, the installed ``starpusher play ... --terminal``,
with a pseudo-terminal of a chosen size as its terminal; pyte, a terminal
emulator in Python, turns what it writes into the lines a player would see.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sysconfig
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

#: What the arrow keys and others send, as an xterm sends them once curses asked for its keypad.
KEYS = {"up": "\x1bOA", "down": "\x1bOB", "right": "\x1bOC", "left": "\x1bOD", "enter": "\r", "esc": "\x1b"}


def installed_program() -> str:
    """The ``starpusher`` command pip installed beside this Python (or, with --user, on PATH)."""
    search = os.pathsep.join([sysconfig.get_path("scripts"), os.environ.get("PATH", "")])
    program = shutil.which("starpusher", path=search)
    assert program is not None, "the starpusher command is not installed: pip install -e '.[test]'"
    return program


class Terminal:
    """The program in a pseudo-terminal of ``columns`` x ``rows``."""

    def __init__(
        self,
        args: list[str],
        columns: int = 80,
        rows: int = 24,
        *,
        data_dir: Path | None = None,
        term: str | None = "xterm-256color",
    ) -> None:
        """``term``: what TERM says the terminal is (None: TERM is not set at all)."""
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {name: value for name, value in os.environ.items() if name not in ("LINES", "COLUMNS", "TERM")}
        env.update(ESCDELAY="25")  # the size comes from the terminal itself
        if term is not None:
            env.update(TERM=term)
        command = [installed_program(), "play", *args, "--terminal"]
        if data_dir is not None:
            command += ["--data-dir", str(data_dir)]
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)

    def read(self, seconds: float = 0.2) -> None:
        """Take in what the program wrote, until it has been quiet for ``seconds``."""
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < seconds:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # the program ended and closed its side
                    return
                if not data:
                    return
                self.stream.feed(data)
                quiet_since = time.monotonic()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, condition: Callable[[str], bool], seconds: float = 30) -> str:
        """Read until the screen's text satisfies ``condition``; the text."""
        deadline = time.monotonic() + seconds
        while True:
            self.read(0.1)
            text = self.text()
            if condition(text):
                return text
            assert time.monotonic() < deadline, f"the screen never showed it:\n{text}"

    def press(self, *keys: str) -> None:
        """Type keys: names from :data:`KEYS` or characters; the screen is read after each."""
        for key in keys:
            os.write(self.master, KEYS.get(key, key).encode())
            self.read(0.05)

    def resize(self, columns: int, rows: int) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.screen.resize(rows, columns)
        self.process.send_signal(signal.SIGWINCH)  # what a terminal sends its program when it changes size

    def finish(self, seconds: float = 20) -> int:
        """Wait for the program to end (reading what it writes meanwhile); its exit status."""
        deadline = time.monotonic() + seconds
        while self.process.poll() is None:
            self.read(0.05)
            if time.monotonic() > deadline:
                self.process.kill()
                raise AssertionError(f"the program did not end:\n{self.text()}")
        self.read(0.05)
        os.close(self.master)
        return self.process.returncode
