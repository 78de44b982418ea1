"""What the font that prints the documents can draw, and how wide it sets each character.

`check` and `build` ask the same question of the same font (generator.render.fonts finds it and
makes its Typeface): a text holding a character the font has no glyph for is refused by both, and
the card's size budget measures a text as the font sets it (issue 33).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

# White space HTML collapses and never draws: the only characters a font need not have. Every
# other one, a line or paragraph separator (U+2028, U+2029) or a zero-width mark (U+200B, U+FEFF)
# included, is drawn from the font, as .notdef when the font lacks it.
HTML_SPACES = frozenset(" \t\n\r\f")
HALF_EM = 0.5  # a half-width character's advance, in ems


@dataclass(frozen=True)
class Typeface:
    """A font's character map and advances: the regular and bold faces, the wider of the two."""

    name: str  # for people: family, origin and file
    identity: str  # changes when a face file changes (keys cached verdicts)
    drawable: frozenset[int]  # code points both faces have a glyph for
    advances: dict[int, float] = field(default_factory=dict, compare=False, hash=False)

    def missing(self, text: str) -> list[str]:
        """The characters of a text the font cannot draw, each once, in code point order."""
        return sorted({ch for ch in text if ch not in HTML_SPACES and ord(ch) not in self.drawable})

    @cached_property
    def lacking_capitals(self) -> dict[str, str]:
        """Each character the font draws whose capital forms, as CSS `text-transform` sets them,
        hold one it cannot (ÿ: Ÿ), with those it cannot; worked out once per font."""
        found = {}
        for character in map(chr, self.drawable):
            capitals = character.upper() + character.title()
            if capitals != character * 2 and (lacking := self.missing(capitals)):
                found[character] = "".join(lacking)
        return found

    def half_widths(self, text: str) -> int:
        """A text's width in half-width characters as the font sets it (rounded up)."""
        return math.ceil(self.ems(text) / HALF_EM - 1e-9)

    def ems(self, text: str) -> float:
        """A text's width in ems as the font sets it (the wider face's advances)."""
        space = self.advances.get(ord(" "), HALF_EM)
        return sum(space if ch in HTML_SPACES else self.advances.get(ord(ch), 1.0) for ch in text)


def columns(text: str) -> int:
    """A text's length in half-width characters by its characters' East Asian width: a wide,
    full-width or ambiguous-width one (■, ※, ①, which a Japanese font sets full width) counts
    two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WFA" else 1 for ch in text)


def read_typeface(name: str, faces: list[Path]) -> Typeface:
    """The Typeface of one or more face files (the first font of a collection); OSError or
    ValueError when one cannot be read as a font."""
    from fontTools.ttLib import TTFont

    drawable: set[int] | None = None
    advances: dict[int, float] = {}
    identity = faces_identity(faces)
    for face in faces:
        try:
            font = TTFont(face, lazy=True, fontNumber=0)
            cmap = font.getBestCmap()
            metrics = font["hmtx"].metrics
            per_em = font["head"].unitsPerEm
        except Exception as error:  # fontTools raises many kinds on a damaged file
            raise ValueError(f"{face}: {error}") from error
        drawable = set(cmap) if drawable is None else drawable & set(cmap)
        for code, glyph in cmap.items():
            advance = metrics[glyph][0] / per_em
            advances[code] = max(advance, advances.get(code, 0.0))
    return Typeface(name, identity, frozenset(drawable or ()), advances)


def faces_identity(faces: list[Path]) -> str:
    """The face files with their sizes and times: what changes when one is replaced (OSError
    when one is not there)."""
    stats = [(face, face.stat()) for face in faces]
    return "|".join(f"{face}:{status.st_size}:{status.st_mtime_ns}" for face, status in stats)
