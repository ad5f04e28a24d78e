"""README.md tells the truth: its key tables and command list match the program."""

from __future__ import annotations

import argparse
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _between(marker: str) -> str:
    """The text between ``<!-- marker -->`` and ``<!-- /marker -->``."""
    match = re.search(rf"<!-- {marker} -->\n(.*?)\n?<!-- /{marker} -->", README, re.DOTALL)
    assert match, f"README.md has no <!-- {marker} --> section"
    return match.group(1).strip()


def _key_tables_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("key_tables", ROOT / "tools" / "key_tables.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_star_pusher_keys_are_the_game_key_map() -> None:
    expected = _key_tables_tool().star_pusher_table()
    assert _between("star-pusher-keys") == expected, "run: python tools/key_tables.py"


def test_fifteen_keys_are_the_fifteen_key_map() -> None:
    expected = _key_tables_tool().fifteen_table()
    assert _between("fifteen-keys") == expected, "run: python tools/key_tables.py"


def test_collection_chooser_keys_are_its_key_map() -> None:
    expected = _key_tables_tool().collections_table()
    assert _between("collection-keys") == expected, "run: python tools/key_tables.py --write"


def test_file_browser_keys_are_its_key_map() -> None:
    expected = _key_tables_tool().browser_table()
    assert _between("browser-keys") == expected, "run: python tools/key_tables.py --write"


def test_editor_keys_are_the_editor_key_map() -> None:
    expected = _key_tables_tool().editor_table()
    assert _between("editor-keys") == expected, "run: python tools/key_tables.py --write"


def test_terminal_keys_are_the_terminal_key_map() -> None:
    expected = _key_tables_tool().terminal_table()
    assert _between("terminal-keys") == expected, "run: python tools/key_tables.py --write"


def test_the_key_table_names_undo_and_restart() -> None:
    # Guards the tool itself: a table of nothing would match an empty README section.
    table = _key_tables_tool().star_pusher_table()
    assert "| Z, Ctrl+Z | undo a move |" in table
    assert "Backspace, R" in table


def _subcommands() -> list[str]:
    from starpusher.cli import build_parser

    parser = build_parser()
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(action.choices)


@pytest.mark.parametrize("command", _subcommands())
def test_every_command_is_in_the_readme(command: str) -> None:
    assert re.search(rf"^starpusher {command}\b", README, re.MULTILINE), command


def test_the_two_set_up_commands_are_marked() -> None:
    assert "starpusher" in _between("play-command")
    assert "pytest" in _between("test-command")
