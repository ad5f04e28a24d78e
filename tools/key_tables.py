"""Print the README's key tables, made from the key maps the game itself uses.

    python tools/key_tables.py

``tests/test_readme.py`` checks that README.md holds exactly these tables, so
the keys a reader learns there are the keys the game answers to.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from starpusher.gui.fifteen.keys import FIFTEEN_KEY_MAP, FIFTEEN_MOUSE_HELP
from starpusher.gui.kit.keys import Binding, help_lines
from starpusher.gui.sokoban.keys import KEY_MAP, MOUSE_HELP


def key_table(key_map: tuple[Binding, ...], mouse_help: tuple[tuple[str, str], ...]) -> str:
    """A Markdown table of every binding and mouse action, in key-map order."""
    lines = ["| keys | what they do |", "|---|---|"]
    for _section, keys, description in help_lines(key_map, mouse_help):
        lines.append(f"| {_escape(keys)} | {_escape(description)} |")
    return "\n".join(lines)


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def star_pusher_table() -> str:
    return key_table(KEY_MAP, MOUSE_HELP)


def fifteen_table() -> str:
    return key_table(FIFTEEN_KEY_MAP, FIFTEEN_MOUSE_HELP)


if __name__ == "__main__":
    print("Star Pusher\n")
    print(star_pusher_table())
    print("\nFifteen\n")
    print(fifteen_table())
