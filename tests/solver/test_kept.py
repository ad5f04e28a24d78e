"""The bounded store of answers the packing-order search keeps."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from starpusher.solver.kept import KeptAnswers


def test_each_answer_is_worked_out_once_while_it_is_kept() -> None:
    asked: list[int] = []

    def square(number: int) -> int:
        asked.append(number)
        return number * number

    answers = KeptAnswers(square, most=10)
    assert [answers[3], answers[4], answers[3]] == [9, 16, 9]
    assert asked == [3, 4]


@given(keys=st.lists(st.integers(-50, 50), max_size=60), most=st.integers(1, 8))
def test_it_never_holds_more_than_its_bound_and_always_answers_right(keys: list[int], most: int) -> None:
    answers: KeptAnswers[int, int] = KeptAnswers(lambda number: number + 1, most)
    for key in keys:
        assert answers[key] == key + 1
        assert len(answers) <= most
