"""What the build's font can draw, kept as plain JSON in the content cache between runs.

Reading the Japanese font's character map with fontTools takes longer than checking a scenario
file; the Typeface it gives (generator.core.glyphs) is kept under a key made of the font's
identity (generator.render.fonts.font_identity: the faces fontconfig offers and the packaged
ones, their sizes and times) and playaid's code, so a replaced font or a changed reader misses.
Code points are kept as runs (`[first, last, advance]`), which a CJK font's map is mostly made of.
"""

from __future__ import annotations

import hashlib
from typing import Any

from generator.core.fingerprint import code_digest
from generator.core.glyphs import Typeface
from generator.tableside import cache

KIND = "typeface"


def key(identity: str) -> str:
    """The cache key of the Typeface read from the font of this identity."""
    return hashlib.sha256(f"{code_digest()}\ntypeface {identity}\n".encode()).hexdigest()


def kept(identity: str) -> Typeface | None:
    """The Typeface kept for this font identity, or None (missing, damaged, another font)."""
    data = cache.read(KIND, key(identity)) if _keyable(identity) else None
    if not isinstance(data, dict):
        return None
    try:
        return decode(data)
    except (KeyError, TypeError, ValueError):
        return None


def keep(identity: str, face: Typeface) -> None:
    """Keep a Typeface read from the font of this identity."""
    if _keyable(identity):
        cache.write(KIND, key(identity), encode(face))


def _keyable(identity: str) -> bool:
    """Whether an identity names every face by its size and time (not a font with a face
    missing, whose other faces' changes it would not show)."""
    return bool(identity) and not identity.startswith("missing:")


READS = "font-reads"


def reads_key(face: tuple[str, int, int]) -> str:
    """The cache key of whether a font file of this path, size and time reads as a font."""
    path, size, mtime = face
    text = f"{code_digest()}\nreads {path}\n{size} {mtime}\n"
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def kept_reads(face: tuple[str, int, int]) -> bool | None:
    """Whether the font file of this path, size and time read as a font when last read, or
    None (never read, or the entry is damaged)."""
    data = cache.read(READS, reads_key(face))
    return data if isinstance(data, bool) else None


def keep_reads(face: tuple[str, int, int], reads: bool) -> None:
    """Keep whether a font file of this path, size and time reads as a font."""
    cache.write(READS, reads_key(face), reads)


def encode(face: Typeface) -> dict[str, Any]:
    """A Typeface as plain data: its names, the runs of its advances and of what it draws."""
    return {
        "name": face.name,
        "identity": face.identity,
        "advances": _runs(sorted(face.advances.items())),
        "drawable": [run[:2] for run in _runs([(code, 0.0) for code in sorted(face.drawable)])],
        "lacking": face.lacking_capitals,
    }


def decode(data: dict[str, Any]) -> Typeface:
    """The Typeface `encode` wrote (ValueError, TypeError or KeyError for anything else)."""
    advances: dict[int, float] = {}
    for first, last, advance in data["advances"]:
        advances.update(dict.fromkeys(range(int(first), int(last) + 1), float(advance)))
    drawable = frozenset(
        code for first, last in data["drawable"] for code in range(int(first), int(last) + 1)
    )
    lacking = data["lacking"]
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in lacking.items()):
        raise TypeError("lacking")
    face = Typeface(str(data["name"]), str(data["identity"]), drawable, advances)
    face.__dict__["lacking_capitals"] = dict(lacking)  # the cached_property, worked out once
    return face


def _runs(items: list[tuple[int, float]]) -> list[list[Any]]:
    """Sorted (code point, advance) pairs as runs of consecutive code points of one advance."""
    runs: list[list[Any]] = []
    for code, advance in items:
        if runs and runs[-1][1] == code - 1 and runs[-1][2] == advance:
            runs[-1][1] = code
        else:
            runs.append([code, code, advance])
    return runs
