"""The terminal's text fitting: messages wrapped to the pane, key hints cut down to it, whole."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("curses")  # Windows' Python has none

from starpusher.tui import browser, collections, fifteen, levels, play, positions, replay
from starpusher.tui.screen import MIN_SIZE, cut, fit_keys, wrap

words = st.lists(st.text("abcdefghij", min_size=1, max_size=14), min_size=1, max_size=40)

#: Every key line of every screen of the terminal.
FOOTERS = [
    value
    for module in (play, levels, collections, browser, positions, replay, fifteen)
    for name, value in vars(module).items()
    if name.endswith("FOOTER")
]


def test_the_footers_are_found() -> None:
    assert len(FOOTERS) >= 12 and play.FOOTER in FOOTERS and fifteen.SOLVED_FOOTER in FOOTERS


@given(words, st.integers(min_value=MIN_SIZE[0], max_value=200))
def test_a_message_wrapped_to_the_pane_loses_no_word(said: list[str], columns: int) -> None:
    text = " ".join(said)
    lines = wrap(text, columns, most=100)
    assert all(len(line) <= columns for line in lines)
    assert " ".join(lines) == text


def test_a_message_longer_than_the_lines_allowed_ends_in_dots() -> None:
    lines = wrap("word " * 40, 40, most=2)
    assert len(lines) == 2 and lines[-1].endswith("...") and len(lines[-1]) <= 40


@pytest.mark.parametrize("keys", FOOTERS, ids=lambda keys: keys[0])
def test_the_keys_fit_any_pane_whole_keeping_the_first_and_last_two(keys: tuple[str, ...]) -> None:
    for columns in range(MIN_SIZE[0], 121):  # every width from the narrowest the game is drawn in
        shown = fit_keys(keys, columns)
        assert len(shown) <= columns
        parts = shown.split("  ")
        assert all(part in keys for part in parts)  # each key whole: cut at a word, never in one
        assert shown.startswith(keys[0]) and shown.endswith("  ".join(keys[-2:]))
        if len("  ".join(keys)) <= columns:
            assert shown == "  ".join(keys)


@given(st.integers(min_value=0, max_value=30))
def test_keys_too_many_for_the_narrowest_pane_drop_whole(columns: int) -> None:
    shown = fit_keys(("a long first key", "help", "quit"), columns)
    assert len(shown) <= columns and shown in ("", "quit", "help  quit", "a long first key  help  quit")


@given(st.text("ab ", max_size=60), st.integers(min_value=4, max_value=60))
def test_a_cut_line_fits_and_says_it_was_cut(text: str, width: int) -> None:
    shown = cut(text, width)
    assert len(shown) <= width
    assert shown == text or shown.endswith("...")


@given(words, st.integers(min_value=3, max_value=120))
def test_a_line_cut_to_the_pane_ends_between_words(said: list[str], columns: int) -> None:
    text = " ".join(said)
    shown = cut(text, columns)
    assert len(shown) <= columns
    if shown != text:
        kept = shown.removesuffix("...")
        assert shown.endswith("...") and text.startswith(kept)
        assert text[len(kept)] == " " or " " not in kept  # a word is never cut, unless it is the only one
