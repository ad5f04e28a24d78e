"""The terminal's text fitting: messages wrapped to the pane, key hints cut down to it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("curses")  # Windows' Python has none

from starpusher.tui.game import FOOTER, LIST_FOOTER, SOLVED_FOOTER
from starpusher.tui.screen import MIN_SIZE, fit_keys, wrap

words = st.lists(st.text("abcdefghij", min_size=1, max_size=14), min_size=1, max_size=40)


@given(words, st.integers(min_value=MIN_SIZE[0], max_value=200))
def test_a_message_wrapped_to_the_pane_loses_no_word(said: list[str], columns: int) -> None:
    text = " ".join(said)
    lines = wrap(text, columns, most=100)
    assert all(len(line) <= columns for line in lines)
    assert " ".join(lines) == text


def test_a_message_longer_than_the_lines_allowed_ends_in_dots() -> None:
    lines = wrap("word " * 40, 40, most=2)
    assert len(lines) == 2 and lines[-1].endswith("...") and len(lines[-1]) <= 40


@pytest.mark.parametrize("keys", [FOOTER, SOLVED_FOOTER, LIST_FOOTER])
@given(columns=st.integers(min_value=MIN_SIZE[0], max_value=120))
def test_the_keys_fit_any_pane_keeping_the_first_and_last_two(keys: tuple[str, ...], columns: int) -> None:
    shown = fit_keys(keys, columns)
    assert len(shown) <= columns
    assert shown.startswith(keys[0]) and shown.endswith(f"{keys[-2]}  {keys[-1]}")
    if len("  ".join(keys)) <= columns:
        assert shown == "  ".join(keys)


@given(words, st.integers(min_value=3, max_value=120))
def test_a_bar_cut_to_the_pane_ends_between_words(said: list[str], columns: int) -> None:
    from starpusher.tui.screen import cut_at_word

    text = " ".join(said)
    shown = cut_at_word(text, columns)
    assert len(shown) <= columns
    if shown != text:
        kept = shown.removesuffix("...")
        assert shown.endswith("...") and text.startswith(kept)
        assert text[len(kept)] == " " or " " not in kept  # a word is never cut, unless it is the only one
