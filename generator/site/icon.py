"""The site's home-screen icon, drawn here as a PNG (a hex and a counter on playaid's blue), so
that no image file or imaging library is needed and the bytes are the same on every build."""

from __future__ import annotations

import functools
import math
import struct
import zlib

BLUE = (0x1D, 0x4E, 0x89)
WHITE = (0xFF, 0xFF, 0xFF)
ICON_SIZES = (192, 512)


def _hexagon(x: float, y: float, radius: float) -> float:
    """Signed distance (in the same units) from a point to a flat-topped hexagon centred on 0."""
    x, y = abs(x), abs(y)
    apothem = radius * math.sqrt(3) / 2
    return max(y - apothem, (x * math.sqrt(3) / 2 + y / 2) - apothem)


def _coverage(distance: float) -> float:
    """How much of a pixel a shape covers, from the signed distance of its centre (pixels)."""
    return min(1.0, max(0.0, 0.5 - distance))


def _mix(under: tuple[int, ...], over: tuple[int, ...], amount: float) -> tuple[int, ...]:
    return tuple(round(a + (b - a) * amount) for a, b in zip(under, over, strict=True))


def _pixel(x: float, y: float, size: int) -> tuple[int, ...]:
    """One pixel: a white hex ring on blue, a white counter square in its middle."""
    colour: tuple[int, ...] = BLUE
    colour = _mix(colour, WHITE, _coverage(_hexagon(x, y, size * 0.40)))
    colour = _mix(colour, BLUE, _coverage(_hexagon(x, y, size * 0.32)))
    half = size * 0.12
    square = max(abs(x), abs(y)) - half
    return _mix(colour, WHITE, _coverage(square))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@functools.cache
def icon_png(size: int) -> bytes:
    """A square RGB PNG of `size` pixels (even): one quarter drawn, mirrored into the others."""
    centre = size / 2
    half = size // 2
    quarter = []
    for row in range(half):
        left = [_pixel(column + 0.5 - centre, row + 0.5 - centre, size) for column in range(half)]
        line = left + left[::-1]
        quarter.append(b"\x00" + bytes(value for pixel in line for value in pixel))  # filter: none
    rows = quarter + quarter[::-1]
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )
