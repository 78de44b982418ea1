"""Plane geometry for a scenario card's drawing, in printed millimetres: rectangles that must not
touch, runs of marks spread along an edge, and the first free place for a label."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PT_MM = 25.4 / 72  # a point in millimetres


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: left, top, right, bottom."""

    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def around(cls, x: float, y: float, half_w: float, half_h: float) -> Rect:
        """The rectangle centred on (x, y)."""
        return cls(x - half_w, y - half_h, x + half_w, y + half_h)

    def hits(self, other: Rect, clear: float = 0.0) -> bool:
        """Whether the two overlap, or come closer than `clear`."""
        return (
            self.x0 < other.x1 + clear
            and other.x0 < self.x1 + clear
            and self.y0 < other.y1 + clear
            and other.y0 < self.y1 + clear
        )

    def inside(self, outer: Rect) -> bool:
        """Whether the rectangle lies within `outer`."""
        return (
            self.x0 >= outer.x0
            and self.y0 >= outer.y0
            and self.x1 <= outer.x1
            and self.y1 <= outer.y1
        )

    def moved(self, dx: float, dy: float) -> Rect:
        """The rectangle shifted by (dx, dy)."""
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


def bounds(rects: Iterable[Rect]) -> Rect:
    """The smallest rectangle holding every one of `rects`."""
    rects = list(rects)
    return Rect(
        min(r.x0 for r in rects),
        min(r.y0 for r in rects),
        max(r.x1 for r in rects),
        max(r.y1 for r in rects),
    )


@dataclass(frozen=True)
class Segment:
    """A straight line from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def hits(self, rect: Rect, clear: float = 0.0) -> bool:
        """Whether the line passes through `rect` (or within `clear` of it), by sampling it."""
        steps = max(2, int(max(abs(self.x1 - self.x0), abs(self.y1 - self.y0)) / 0.2))
        grown = Rect(rect.x0 - clear, rect.y0 - clear, rect.x1 + clear, rect.y1 + clear)
        for step in range(steps + 1):
            t = step / steps
            x, y = self.x0 + t * (self.x1 - self.x0), self.y0 + t * (self.y1 - self.y0)
            if grown.x0 <= x <= grown.x1 and grown.y0 <= y <= grown.y1:
                return True
        return False


def spread(
    wanted: Sequence[float], before: Sequence[float], after: Sequence[float], low: float, gap: float
) -> list[float]:
    """Places along a line as near `wanted` as they can be while each mark, reaching `before` and
    `after` either side of its place, stays `gap` clear of the next and at or after `low`; a run
    of marks that would touch is centred on what its marks want (`wanted` is in order)."""
    runs: list[list[int]] = []
    starts: list[float] = []
    for index in range(len(wanted)):
        runs.append([index])
        starts.append(_start(runs[-1], wanted, before, after, gap, low))
        while len(runs) > 1 and _end(runs[-2], starts[-2], before, after, gap) > starts[-1]:
            runs[-2:] = [runs[-2] + runs[-1]]
            starts[-2:] = [_start(runs[-1], wanted, before, after, gap, low)]
    places = []
    for run, start in zip(runs, starts, strict=True):
        at = start
        for index in run:
            places.append(at + before[index])
            at += before[index] + after[index] + gap
    return places


def _offsets(
    run: list[int], before: Sequence[float], after: Sequence[float], gap: float
) -> list[float]:
    """Each mark's place in a run, from the run's start."""
    at, offsets = 0.0, []
    for index in run:
        offsets.append(at + before[index])
        at += before[index] + after[index] + gap
    return offsets


def _start(
    run: list[int],
    wanted: Sequence[float],
    before: Sequence[float],
    after: Sequence[float],
    gap: float,
    low: float,
) -> float:
    """Where a run starts: its marks, on average, where they want to be; never before `low`."""
    offsets = _offsets(run, before, after, gap)
    start = sum(wanted[i] - o for i, o in zip(run, offsets, strict=True)) / len(run)
    return max(low, start)


def _end(
    run: list[int], start: float, before: Sequence[float], after: Sequence[float], gap: float
) -> float:
    """Where a run's last mark ends, a gap included."""
    return start + sum(before[i] + after[i] for i in run) + gap * len(run)


def first_free(
    candidates: Iterable[Rect],
    within: Rect,
    obstacles: Sequence[Rect],
    lines: Sequence[Segment] = (),
    clear: float = 0.0,
) -> Rect | None:
    """The first candidate inside `within` that touches no obstacle and crosses no line."""
    for rect in candidates:
        if not rect.inside(within):
            continue
        if any(rect.hits(other, clear) for other in obstacles):
            continue
        if any(line.hits(rect, clear) for line in lines):
            continue
        return rect
    return None
