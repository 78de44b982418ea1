"""Hex distance on Central Front maps, and what is known when a map's parity is not."""

from __future__ import annotations

import pytest

from generator.scenario.fpcf.hexgrid import distance, distances


@pytest.mark.parametrize(
    ("first", "second", "parity", "expected"),
    [
        ("0101", "0101", "odd", 0),
        ("0101", "0103", "odd", 2),  # down one column
        ("0101", "0201", "odd", 1),  # column 1 stands lower: 0201 and 0202 touch it
        ("0101", "0202", "odd", 1),
        ("0101", "0202", "even", 2),  # column 2 stands lower: only 0201 and 0200 touch 0101
        ("0101", "0501", "odd", 4),
        ("3001", "3801", "even", 8),
        ("1010", "1112", "odd", 3),
        ("1010", "1112", "even", 2),
    ],
)
def test_distance(first, second, parity, expected):
    assert distance(first, second, parity) == expected
    assert distance(second, first, parity) == expected


def test_unknown_parity_gives_every_possible_distance():
    assert distances("1010", "1112", "unknown") == {2, 3}
    assert distances("1010", "1014", "unknown") == {4}
    assert distances("1010", "1112", "even") == {2}
