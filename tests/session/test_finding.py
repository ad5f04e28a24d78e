"""Finding a level: by its number, by words of its title, among the unsolved."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from starpusher.session.finding import LevelSearch

TITLES = ["The Box", "Corridor", "Boxes Galore", "Lockdown", ""]
SOLVED = [True, False, False, True, False]


def test_nothing_asked_shows_every_level() -> None:
    assert LevelSearch().shown(TITLES, SOLVED) == [0, 1, 2, 3, 4]


def test_words_keep_the_titles_that_hold_them_whatever_the_case() -> None:
    assert LevelSearch(words="box").shown(TITLES, SOLVED) == [0, 2]
    assert LevelSearch(words="BOX galore").shown(TITLES, SOLVED) == [2]


def test_a_number_among_the_words_finds_the_level_of_that_number() -> None:
    assert LevelSearch(words="5").shown(TITLES, SOLVED) == [4]


def test_unsolved_only_hides_the_solved() -> None:
    assert LevelSearch(unsolved_only=True).shown(TITLES, SOLVED) == [1, 2, 4]
    assert LevelSearch(words="box", unsolved_only=True).shown(TITLES, SOLVED) == [2]


def test_digits_typed_name_a_level_and_backspace_takes_one_back() -> None:
    search = LevelSearch()
    assert search.type_digit("2", 356) == 1
    assert search.type_digit("0", 356) == 19
    assert search.type_digit("0", 356) == 199
    assert search.erase_digit(356) == 19
    assert search.type_digit("9", 356) == 208
    assert search.type_digit("9", 356) is None  # 2099: past the last level, kept to be erased
    assert search.number == "2099"


def test_a_number_past_the_last_level_names_none_and_a_leading_zero_is_ignored() -> None:
    search = LevelSearch()
    assert search.type_digit("0", 10) is None
    assert search.number == ""
    assert search.type_digit("1", 10) == 0
    assert search.type_digit("1", 10) is None


def test_what_shows_is_said_in_words() -> None:
    assert LevelSearch().describe(5, 5) == "5 levels"
    said = LevelSearch(words="box", unsolved_only=True).describe(1, 5)
    assert said == '1 of 5 levels: unsolved, titles with "box"'


@given(st.lists(st.text(max_size=8), max_size=30), st.text(max_size=4), st.booleans(), st.data())
def test_shown_levels_are_in_order_and_each_fits_the_search(
    titles: list[str], words: str, unsolved_only: bool, data: st.DataObject
) -> None:
    solved = data.draw(st.lists(st.booleans(), min_size=len(titles), max_size=len(titles)))
    shown = LevelSearch(words=words, unsolved_only=unsolved_only).shown(titles, solved)
    assert shown == sorted(set(shown))
    for index in shown:
        assert not (unsolved_only and solved[index])
        for word in words.casefold().split():
            assert word in titles[index].casefold() or word == str(index + 1)
    if not words.strip() and not unsolved_only:
        assert shown == list(range(len(titles)))
