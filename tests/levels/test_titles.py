"""Titles shown without their scaffolding: bare numbers, quotes, a number before a quoted name."""

from __future__ import annotations

import pytest

from starpusher.levels import display_title, load_builtin


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("44", ""),
        ("  200 ", ""),
        ("#12", ""),
        ("44 'Duh!'", "Duh!"),
        ("49 'Parallel Logic'", "Parallel Logic"),
        ("'MS46 v2'", "MS46 v2"),
        ('"Lockdown"', "Lockdown"),
        ("“Curly”", "Curly"),
        ("Level 3", "Level 3"),
        ("It's mine", "It's mine"),
        ("'unbalanced", "'unbalanced"),
        ("", ""),
    ],
)
def test_display_title(written: str, shown: str) -> None:
    assert display_title(written) == shown


def test_the_original_games_levels_show_names_not_numbers() -> None:
    shown = [display_title(level.title) for level in load_builtin("starpusher").levels]
    assert not any(title.isdigit() for title in shown)
    assert "Duh!" in shown and not any(title.startswith("'") for title in shown)
