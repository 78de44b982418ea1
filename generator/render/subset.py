"""Subset the Japanese font to the characters a build uses, cached on disk by character set.

WeasyPrint 70 keeps every glyph slot of Noto Sans CJK JP when it subsets (150-175 KB a weight even
for one card) and, without libharfbuzz-subset, falls back to fontTools at ~10 s a document. Giving
it a font that already holds only the characters used makes both fast and small.

Each subset `<name>.otf` is kept with `<name>.json`, a sealed record
(generator.core.fingerprint.seal) of its size and SHA-256: a damaged font (torn, zeroed, a byte
changed) or one of the two without the other is made again. When the cache cannot take files,
subsets go to a private temporary folder instead (generator.core.caching), after one warning.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from fontTools.ttLib import TTFont

from generator.core import caching
from generator.core.errors import UserError
from generator.core.files import WriteError, os_reason, write_atomically
from generator.core.fingerprint import read_regular, seal, unseal
from generator.core.glyphs import HTML_SPACES
from generator.core.places import cache_root

# Bump when subsets are made differently, so that none made the old way is reused (2: no clock
# time in the font's head table; 3: a subset of a subset skips the passes its source had; 4: made
# by HarfBuzz).
RECIPE = 4
NAME_IDS = 32768  # every name record a font may hold (fontTools' name_IDs "*")
RECORD = 1  # the shape of a subset's record
FONT_BYTES = 64 * 1024 * 1024  # a subset is at most a few hundred KB; the source font is 16 MB
# Characters every document may need beyond its text: digits, punctuation, marks the templates add.
BASE_CHARACTERS = "".join(chr(c) for c in range(0x20, 0x7F)) + "—–…·→×−†①②③（）「」、。・：？！〜"


def cache_dir() -> Path:
    """Where subset fonts are kept between builds."""
    return cache_root() / "fonts"


def font_folders() -> list[Path]:
    """Every folder a subset made in this process may be in (the renderer reads only there): the
    cache's, and the private one used when the cache cannot take files."""
    return [cache_dir(), *(folder / "fonts" for folder in caching.private_folders())]


def fonts_folder() -> Path:
    """The font cache as a real folder (a link standing there is replaced, never followed); a
    private folder when the cache cannot take files."""
    found = caching.folder("fonts")
    return _private_fonts() if found is None else found


def _private_fonts() -> Path:
    """The fonts folder inside this process's private temporary folder."""
    private = caching.private_folder() / "fonts"
    private.mkdir(exist_ok=True)
    return private


def subset_font(
    source: Path, characters: str, *, cache: Path | None = None, fresh: bool = False
) -> Path:
    """A copy of `source` holding only `characters` (plus the base set); reused when cached,
    unless `fresh`, which makes it again."""
    wanted = "".join(sorted(set(characters + BASE_CHARACTERS) - {"\n", "\r", "\t"}))
    recipe = f"{RECIPE}:{source.name}:{source.stat().st_size}:{wanted}"
    digest = hashlib.sha256(recipe.encode()).hexdigest()
    if cache is None:
        folder = fonts_folder()
    else:
        folder = cache
        folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{source.stem}-{digest[:16]}.otf"
    if not fresh and _usable(target, digest):
        return target
    return _keep(target, digest, harfbuzz_subset(source, wanted), own_folder=cache is not None)


def harfbuzz_subset(source: Path, wanted: str) -> bytes:
    """The first font of `source` (a .ttc holds several) cut to the glyphs `wanted` needs, with
    HarfBuzz's subsetter (uharfbuzz): the glyphs, outlines and tables fontTools kept, with every
    name, no hints and no subroutines, the same bytes whenever it is made, about 80 times faster
    than fontTools (docs/performance.md)."""
    import uharfbuzz as hb  # here: a build with every subset cached never needs it

    request = hb.SubsetInput()
    request.unicode_set.update(ord(character) for character in wanted)
    request.name_id_set.add_range(0, NAME_IDS - 1)
    request.flags = (
        hb.SubsetFlags.DESUBROUTINIZE | hb.SubsetFlags.NO_HINTING | hb.SubsetFlags.NOTDEF_OUTLINE
    )
    face = hb.Face(hb.Blob.from_file_path(str(source)), 0)
    return bytes(hb.subset(face, request).blob.data)


def _keep(target: Path, digest: str, data: bytes, *, own_folder: bool) -> Path:
    """Write a subset and then its record, and return where it is. Like every file playaid
    writes: a temporary file created exclusively, never through a link, fsynced and renamed into
    place (several build processes may race to make the same font). When the cache cannot take
    it (a full disk, a read-only folder), it goes to the private folder, after one warning."""
    facts = {"name": target.name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    try:
        write_atomically(target, data, durable=False)
        write_atomically(_record(target), seal(RECORD, digest, facts), durable=False)
        return target
    except (OSError, WriteError) as error:
        if own_folder:
            raise
        if target.parent in _private_parents():  # the cache was given up already
            raise _no_room(target.parent, error) from error
        caching.give_up(error)
    target = _private_fonts() / target.name
    try:
        write_atomically(target, data, durable=False)
        write_atomically(_record(target), seal(RECORD, digest, facts), durable=False)
    except (OSError, WriteError) as error:  # the temporary folder is full too
        raise _no_room(target.parent, error) from error
    return target


def _no_room(folder: Path, error: BaseException) -> UserError:
    """The refusal when the private folder that stands in for the cache cannot take a font."""
    return UserError("no-room-for-temporaries", folder=folder, reason=os_reason(error))


def _private_parents() -> list[Path]:
    """The private fonts folders of this process (a failure there is not the cache's)."""
    return [folder / "fonts" for folder in caching.private_folders()]


def _record(font: Path) -> Path:
    """The record kept beside a subset."""
    return font.with_suffix(".json")


def _usable(path: Path, digest: str) -> bool:
    """Whether a kept subset is whole: a regular file (not a link), of the size and SHA-256 its
    sealed record gives. A torn, zeroed or changed font, or one whose record is missing or
    damaged, is made again rather than handed to the renderer."""
    if os.path.islink(path):
        return False
    raw = read_regular(_record(path), 4096)
    facts = None if raw is None else unseal(raw, RECORD, digest)
    if not isinstance(facts, dict) or facts.get("name") != path.name:
        return False
    size = facts.get("bytes")
    if not isinstance(size, int) or size < 1:
        return False
    data = read_regular(path, min(size, FONT_BYTES))
    return (
        data is not None
        and len(data) == size
        and hashlib.sha256(data).hexdigest() == facts.get("sha256")
    )


def missing_characters(font: Path, characters: str) -> set[str]:
    """The characters a font has no glyph for, HTML's white space aside (a line separator,
    U+2028, is no such space: without a glyph it prints as .notdef)."""
    cmap = TTFont(font, lazy=True, fontNumber=0).getBestCmap()
    return {ch for ch in set(characters) if ch not in HTML_SPACES and ord(ch) not in cmap}
