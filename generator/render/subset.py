"""Subset the Japanese font to the characters a build uses, cached on disk by character set.

WeasyPrint 70 keeps every glyph slot of Noto Sans CJK JP when it subsets (150-175 KB a weight even
for one card) and, without libharfbuzz-subset, falls back to fontTools at ~10 s a document. Giving
it a font that already holds only the characters used makes both fast and small.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from fontTools import subset as ft_subset
from fontTools.ttLib import TTFont

from generator.places import cache_root
from generator.render.writer import write_atomically

# Bump when subsets are made differently, so that none made the old way is reused (2: no clock
# time in the font's head table; 3: a subset of a subset skips the passes its source had).
RECIPE = 3
# Characters every document may need beyond its text: digits, punctuation, marks the templates add.
BASE_CHARACTERS = "".join(chr(c) for c in range(0x20, 0x7F)) + "—–…·→×−†①②③（）「」、。・：？！〜"


def cache_dir() -> Path:
    """Where subset fonts are kept between builds."""
    return cache_root() / "fonts"


def fonts_folder() -> Path:
    """The font cache as a real folder (a link standing there is replaced, never followed)."""
    from generator.render.writer import cache_folder

    return cache_folder("fonts")


def subset_font(
    source: Path,
    characters: str,
    *,
    cache: Path | None = None,
    fresh: bool = False,
    plain_source: bool = False,
) -> Path:
    """A copy of `source` holding only `characters` (plus the base set); reused when cached,
    unless `fresh`, which makes it again. `plain_source`: the source is itself a subset made
    here (no hints, no subroutines, its bounding boxes already bounding every glyph kept), so
    those passes, about half the time of a document's own subset, are skipped; the outlines
    come out the same."""
    wanted = "".join(sorted(set(characters + BASE_CHARACTERS) - {"\n", "\r", "\t"}))
    recipe = f"{RECIPE}:{source.name}:{source.stat().st_size}:{plain_source}:{wanted}"
    digest = hashlib.sha256(recipe.encode()).hexdigest()
    if cache is None:
        folder = fonts_folder()
    else:
        folder = cache
        folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{source.stem}-{digest[:16]}.otf"
    if not fresh and _usable(target):
        return target
    options = ft_subset.Options()  # fontTools' default layout features: "*" would keep ~2x glyphs
    options.hinting = plain_source  # True keeps hints, of which a plain source has none
    options.desubroutinize = not plain_source
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.drop_tables += ["DSIG"]
    # Same bytes whenever it is made; the first font of a collection (.ttc).
    font = TTFont(
        source, lazy=False, recalcTimestamp=False, fontNumber=0, recalcBBoxes=not plain_source
    )
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text=wanted)
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.save(buffer)
    # Like every file playaid writes: a temporary file created exclusively, never through a link,
    # fsynced and renamed into place (several build processes may race to make the same font).
    write_atomically(target, buffer.getvalue())
    return target


def _usable(path: Path) -> bool:
    """Whether a cached subset is a font file that reads: the cache is untrusted too, and a
    truncated or planted file is rebuilt rather than handed to the renderer."""
    if path.is_symlink():
        path.unlink()
        return False
    if not path.is_file():
        return False
    try:
        TTFont(path, lazy=True).getBestCmap()
    except Exception:
        path.unlink(missing_ok=True)
        return False
    return True


def missing_characters(font: Path, characters: str) -> set[str]:
    """The characters (other than white space) that a font has no glyph for."""
    cmap = TTFont(font, lazy=True).getBestCmap()
    return {ch for ch in set(characters) if not ch.isspace() and ord(ch) not in cmap}
