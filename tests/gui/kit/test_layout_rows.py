"""The kit's grouped, scrolled lists: where rows and group headings go, and how far to scroll."""

from __future__ import annotations

from starpusher.gui.kit.layout import grouped_rows, scrolled_to_show


def test_a_heading_goes_above_each_run_of_one_group_and_rows_follow_without_overlap() -> None:
    rows = grouped_rows(["a", "a", "b", "a"], 10, 500, margin=20, heading=30, row=40, gap=4)
    assert [heading is not None for heading, _ in rows] == [True, False, True, True]
    first_heading, first = rows[0]
    assert first_heading is not None and (first_heading.top, first.top) == (10, 40)
    assert (first.width, first.left) == (480, 10)  # the margin shared by both sides
    tops = [(heading or row).top for heading, row in rows]
    bottoms = [row.bottom for _, row in rows]
    assert all(top >= bottom for top, bottom in zip(tops[1:], bottoms, strict=False))


def test_rows_are_at_most_900_wide_and_centred() -> None:
    (_, row), *_ = grouped_rows(["a"], 0, 1400, margin=24, heading=30, row=40, gap=4)
    assert (row.width, row.left) == (900, 250)


def test_scrolling_brings_a_row_into_view_by_the_least_amount() -> None:
    assert scrolled_to_show(100, 50, 90, 60, 500) == 90  # above the view: up by 10
    assert scrolled_to_show(100, 480, 520, 60, 500) == 120  # below: down by 20
    assert scrolled_to_show(100, 200, 240, 60, 500) == 100  # in view: as it was
