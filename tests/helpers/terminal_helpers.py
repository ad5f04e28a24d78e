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
KEYS |= {"home": "\x1bOH", "end": "\x1bOF", "delete": "\x1b[3~", "backspace": "\x7f", "ctrl+s": "\x13"}


class Screen(pyte.Screen):
    """pyte's screen, with the two scrolls of a region that ncurses uses and pyte lacks (CSI S, CSI T).

    ncurses scrolls part of the screen when lines move up or down (a list
    that grows shorter): every terminal it runs on does it; pyte 0.8 ignores it,
    and would show the lines as they were.
    """

    def scroll_up(self, count: int | None = None) -> None:
        """SU: the lines of the scroll region move up ``count`` lines; the cursor stays."""
        self._scroll(count or 1, at_bottom=True)

    def scroll_down(self, count: int | None = None) -> None:
        """SD: the lines of the scroll region move down ``count`` lines; the cursor stays."""
        self._scroll(count or 1, at_bottom=False)

    def _scroll(self, count: int, *, at_bottom: bool) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        x, y = self.cursor.x, self.cursor.y
        self.cursor.y = bottom if at_bottom else top
        for _ in range(count):
            if at_bottom:
                self.index()
            else:
                self.reverse_index()
        self.cursor.x, self.cursor.y = x, y


class ByteStream(pyte.ByteStream):
    """pyte's stream, handing the scrolls of a region (CSI S, CSI T) to :class:`Screen`."""

    def __init__(self, screen: Screen) -> None:
        self.csi = {**pyte.ByteStream.csi, "S": "scroll_up", "T": "scroll_down"}  # before the parser starts
        super().__init__(screen)


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
        command: str = "play",
    ) -> None:
        """``term``: what TERM says the terminal is (None: TERM is not set at all); ``command``:
        ``starpusher play`` or ``starpusher fifteen``."""
        self.screen = Screen(columns, rows)
        self.stream = ByteStream(self.screen)
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {name: value for name, value in os.environ.items() if name not in ("LINES", "COLUMNS", "TERM")}
        env.update(ESCDELAY="25")  # the size comes from the terminal itself
        if term is not None:
            env.update(TERM=term)
        line = [installed_program(), command, *args, "--terminal"]
        if data_dir is not None:
            line += ["--data-dir", str(data_dir)]
        self.process = subprocess.Popen(
            line, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
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

    def click(self, column: int, row: int, *, right: bool = False) -> None:
        """A click at a column and row of the screen (from 0), as xterm reports it once curses asked:
        the press and the release, in SGR's words (``ESC [ < button ; column ; row M``, from 1)."""
        button = 2 if right else 0
        for end in "Mm":
            os.write(self.master, f"\x1b[<{button};{column + 1};{row + 1}{end}".encode())
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
