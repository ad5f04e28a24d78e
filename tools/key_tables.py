"""Print the README's key tables, made from the key maps the game itself uses.

    python tools/key_tables.py           # print them
    python tools/key_tables.py --write   # put them into README.md between their markers

``tests/test_readme.py`` checks that README.md holds exactly these tables, so
the keys a reader learns there are the keys the game answers to.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from starpusher.gui.editor.keys import KEY_MAP as EDITOR_KEY_MAP
from starpusher.gui.editor.keys import MOUSE_HELP as EDITOR_MOUSE_HELP
from starpusher.gui.fifteen.keys import FIFTEEN_KEY_MAP, FIFTEEN_MOUSE_HELP
from starpusher.gui.kit.keys import Binding, help_lines
from starpusher.gui.sokoban.browser import BROWSER_KEY_MAP, BROWSER_MOUSE_HELP
from starpusher.gui.sokoban.collections import COLLECTION_KEY_MAP, COLLECTION_MOUSE_HELP
from starpusher.gui.sokoban.keys import KEY_MAP, MOUSE_HELP
from starpusher.tui.keys import SCREENS as TERMINAL_SCREENS
from starpusher.tui.keys import help_rows as terminal_help_rows

README = Path(__file__).resolve().parents[1] / "README.md"


def key_table(key_map: tuple[Binding, ...], mouse_help: tuple[tuple[str, str], ...]) -> str:
    """A Markdown table of every binding and mouse action, in key-map order."""
    return _table((keys, description) for _section, keys, description in help_lines(key_map, mouse_help))


def _table(rows: Iterable[tuple[str, str]]) -> str:
    lines = ["| keys | what they do |", "|---|---|"]
    lines += [f"| {_escape(keys)} | {_escape(description)} |" for keys, description in rows]
    return "\n".join(lines)


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def star_pusher_table() -> str:
    return key_table(KEY_MAP, MOUSE_HELP)


def fifteen_table() -> str:
    return key_table(FIFTEEN_KEY_MAP, FIFTEEN_MOUSE_HELP)


def collections_table() -> str:
    return key_table(COLLECTION_KEY_MAP, COLLECTION_MOUSE_HELP)


def browser_table() -> str:
    return key_table(BROWSER_KEY_MAP, BROWSER_MOUSE_HELP)


def editor_table() -> str:
    return key_table(EDITOR_KEY_MAP, EDITOR_MOUSE_HELP)


def terminal_table() -> str:
    """Every screen of the terminal, each its own table under its name."""
    return "\n\n".join(
        f"**{heading}**\n\n{_table(terminal_help_rows(key_map, mouse_help))}"
        for heading, key_map, mouse_help in TERMINAL_SCREENS
    )


#: README's markers and the table each holds.
TABLES = {
    "star-pusher-keys": star_pusher_table,
    "fifteen-keys": fifteen_table,
    "collection-keys": collections_table,
    "browser-keys": browser_table,
    "editor-keys": editor_table,
    "terminal-keys": terminal_table,
}


def write_readme(path: Path = README) -> None:
    """Replace the text between each ``<!-- marker -->`` and ``<!-- /marker -->`` with its table."""
    text = path.read_text(encoding="utf-8")
    for marker, table in TABLES.items():
        pattern = re.compile(rf"(<!-- {marker} -->\n).*?(<!-- /{marker} -->)", re.DOTALL)
        text = pattern.sub(_between_markers(table()), text)
    path.write_text(text, encoding="utf-8")


def _between_markers(table: str) -> Callable[[re.Match[str]], str]:
    """What replaces a marked section: its markers around ``table`` (taken as it is, backslashes too)."""
    return lambda match: match.group(1) + table + "\n" + match.group(2)


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write_readme()
    else:
        for marker, table in TABLES.items():
            print(f"{marker}\n\n{table()}\n")
