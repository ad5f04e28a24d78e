"""The verbs and the pace every front end shares."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from starpusher.session import FifteenSession, PlaySession
from starpusher.session.verbs import (
    DEFAULT_STEP_SECONDS,
    FIFTEEN_PACE,
    FIFTEEN_TRAVELS,
    SOLVER_VERBS,
    STAR_PUSHER_PACE,
    TRAVELS,
)
from starpusher.store import STEP_SECONDS


def test_the_verbs_a_front_end_hands_the_session_are_its_methods() -> None:
    for verb in TRAVELS | SOLVER_VERBS:
        assert callable(getattr(PlaySession, verb, None)), verb
    for verb in FIFTEEN_TRAVELS | SOLVER_VERBS:
        assert callable(getattr(FifteenSession, verb, None)), verb


def test_the_default_step_time_is_the_stored_settings() -> None:
    assert DEFAULT_STEP_SECONDS == STEP_SECONDS.default == 0.085


def test_a_short_solution_plays_at_the_step_time_and_a_long_one_at_a_third_of_it() -> None:
    step = DEFAULT_STEP_SECONDS
    assert STAR_PUSHER_PACE.seconds(step, autoplay=20, waiting=0) == step
    assert STAR_PUSHER_PACE.seconds(step, autoplay=400, waiting=0) == step * 0.35
    assert FIFTEEN_PACE.seconds(step, autoplay=10, waiting=0) == step * 1.25 * 1.5  # a slide is bigger


@given(st.integers(min_value=0, max_value=500), st.integers(min_value=0, max_value=500))
def test_a_longer_queue_never_plays_slower(waiting: int, more: int) -> None:
    for pace in (STAR_PUSHER_PACE, FIFTEEN_PACE):
        now = pace.seconds(0.1, autoplay=None, waiting=waiting)
        later = pace.seconds(0.1, autoplay=None, waiting=waiting + more)
        assert 0 < later <= now <= 0.1 * pace.time_factor
