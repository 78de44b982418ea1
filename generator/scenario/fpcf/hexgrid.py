"""Hex distance on a Central Front map, where columns (XX) run north to south.

Every other column stands half a hex lower; which ones is the map's parity. Where a map does not
give it, a distance is known only when both parities agree on it.
"""

from __future__ import annotations

from generator.scenario.hexes import column_row

PARITIES = ("odd", "even")


def distance(first: str, second: str, parity: str) -> int:
    """Hexes from one hex to another, counting the second but not the first."""
    (c1, r1), (c2, r2) = column_row(first), column_row(second)
    y1, y2 = 2 * r1 + _lower(c1, parity), 2 * r2 + _lower(c2, parity)
    across, down = abs(c1 - c2), abs(y1 - y2)
    return across + max(0, (down - across) // 2)


def distances(first: str, second: str, parity: str) -> set[int]:
    """The distance under the map's parity, or under each parity when it is unknown."""
    parities = PARITIES if parity not in PARITIES else (parity,)
    return {distance(first, second, each) for each in parities}


def _lower(column: int, parity: str) -> int:
    """1 when this column stands half a hex lower than its neighbours."""
    return int(column % 2 == (1 if parity == "odd" else 0))
