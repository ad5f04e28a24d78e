"""What the Fifteen window tests share."""

from __future__ import annotations


class FakeClock:
    """A clock the test moves by hand, so the timer's seconds are exact."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
