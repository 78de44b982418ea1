"""Find the Japanese font: a system font fontconfig knows, else the one pip installed.

No system package is required: `noto-cjk[sans-jp]` ships Noto Sans CJK JP as wheels.
"""

from __future__ import annotations

import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from generator.core.glyphs import Typeface, faces_identity, read_typeface

PREFERRED_FAMILY = "Noto Sans CJK JP"


@dataclass(frozen=True)
class JapaneseFont:
    """The font used for Japanese text, and where it came from."""

    family: str
    regular: Path
    bold: Path | None
    origin: str  # "system (fontconfig)" or "PyPI (noto-cjk[sans-jp])"
    note: str = ""  # why a system font was passed over, when one was

    def describe(self) -> str:
        """One line for people: family, origin and file (and a system font passed over)."""
        return f"{self.family} — {self.origin}: {self.regular}" + (
            f" ({self.note})" if self.note else ""
        )


def japanese_font() -> JapaneseFont:
    """The system's Japanese font when fontconfig lists one that reads as a font, else the
    pip-installed Noto font. A file fontconfig names that is there but is not a font (damaged,
    or planted) counts as absent, and the font says so; a file that is not there at all is left
    for the build's check at the start to report as missing."""
    system = system_japanese_font()
    if system is None:
        return packaged_japanese_font()
    unreadable = [path for path in (system.regular, system.bold) if path and not _reads(path)]
    if not unreadable:
        return system
    packaged = packaged_japanese_font()
    note = f"the system font {unreadable[0]} does not read as a font; using the bundled one"
    return JapaneseFont(packaged.family, packaged.regular, packaged.bold, packaged.origin, note)


_READS: dict[tuple[str, int, int], bool] = {}


def _reads(path: Path) -> bool:
    """Whether a font file that is there reads as a font with a character map (a missing file
    counts as readable here: the build's check at the start reports it by name). Kept between
    runs by the file's path, size and time, as what it draws is (keep_typeface): reading the
    map of a CJK font takes a tenth of a build with every document cached."""
    from generator.render import kept_typeface

    try:
        status = path.stat()
    except OSError:
        return True
    if not stat.S_ISREG(status.st_mode):  # a FIFO would block the read for ever
        return False
    key = (str(path), status.st_size, status.st_mtime_ns)
    if key not in _READS:
        kept = kept_typeface.kept_reads(key)
        _READS[key] = _read_map(path) if kept is None else kept
        if kept is None:
            _UNKEPT_READS[key] = _READS[key]
    return _READS[key]


def _read_map(path: Path) -> bool:
    """Whether fontTools reads a character map from a font file."""
    from fontTools.ttLib import TTFont

    try:
        return bool(TTFont(path, lazy=True, fontNumber=0).getBestCmap())
    except Exception:  # fontTools raises many kinds on a damaged file
        return False


def system_japanese_font() -> JapaneseFont | None:
    """A Japanese-capable font known to fontconfig, preferring Noto Sans CJK JP."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    try:
        listing = subprocess.run(
            [fc_list, ":lang=ja", "family", "style", "file"],
            capture_output=True,
            text=True,
            timeout=20,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    fonts = [_parse_fc_line(line) for line in listing.splitlines() if line.strip()]
    fonts = [font for font in fonts if font is not None]
    if not fonts:
        return None
    preferred = [font for font in fonts if PREFERRED_FAMILY in font[1]] or fonts
    regular = next((f for f in preferred if "Regular" in f[2]), preferred[0])
    family = regular[1].split(",")[0]
    bold = next((f for f in preferred if f[1].split(",")[0] == family and "Bold" in f[2]), None)
    return JapaneseFont(family, regular[0], bold[0] if bold else None, "system (fontconfig)")


def _parse_fc_line(line: str) -> tuple[Path, str, str] | None:
    """`/path/font.otf: Family,Alt:style=Regular` → (path, families, style)."""
    path, _, rest = line.partition(": ")
    families, _, style = rest.partition(":style=")
    return (Path(path), families, style) if path and families else None


def packaged_japanese_font() -> JapaneseFont:
    """Noto Sans CJK JP from the `noto-cjk[sans-jp]` wheels."""
    import noto_cjk

    return JapaneseFont(
        PREFERRED_FAMILY,
        Path(noto_cjk.font_path("sans", "jp", "regular")),
        Path(noto_cjk.font_path("sans", "jp", "bold")),
        "PyPI (noto-cjk[sans-jp])",
    )


_FEATURES: dict[tuple[str, int, int], frozenset[str]] = {}


def layout_features(path: Path) -> frozenset[str]:
    """The OpenType positioning and substitution features a font file has (none when it cannot be
    read): `halt` sets a Japanese mark half width where two meet."""
    try:
        status = path.stat()
    except OSError:
        return frozenset()
    key = (str(path), status.st_size, status.st_mtime_ns)
    if key not in _FEATURES:
        _FEATURES[key] = _read_features(path)
    return _FEATURES[key]


def _read_features(path: Path) -> frozenset[str]:
    """The feature tags of a font's GPOS and GSUB tables."""
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(path, lazy=True, fontNumber=0)
        tables = [font[tag].table for tag in ("GPOS", "GSUB") if tag in font]
        return frozenset(
            record.FeatureTag for table in tables for record in table.FeatureList.FeatureRecord
        )
    except Exception:  # fontTools raises many kinds on a damaged file
        return frozenset()


_TYPEFACES: dict[str, Typeface] = {}
_UNKEPT: dict[str, Typeface] = {}  # read from the font this run, kept once the content loads
_UNKEPT_READS: dict[tuple[str, int, int], bool] = {}  # the same, for whether a file reads


def typeface(identity: str | None = None) -> Typeface | None:
    """What the font the build prints with can draw, and how wide (generator.core.glyphs), read
    once for each version of the font's files and kept between runs once the content loads
    (keep_typeface); None when no font can be read (the build's check at the start reports
    it). `identity` is font_identity(), where the caller has it already."""
    from generator.render import kept_typeface

    identity = font_identity() if identity is None else identity
    if identity in _TYPEFACES:
        return _TYPEFACES[identity]
    face = kept_typeface.kept(identity)
    if face is None:
        try:
            font = japanese_font()
            faces = [font.regular, *([font.bold] if font.bold else [])]
            face = read_typeface(font.describe(), faces)
        except (ImportError, OSError, ValueError):
            return None
        _UNKEPT[identity] = face
    _TYPEFACES.clear()
    _TYPEFACES[identity] = face
    return face


def keep_typeface() -> None:
    """Keep the typefaces read this run, and whether each font file read (generator.render.
    kept_typeface): called once the content has loaded, so that a run refused for a bad file
    leaves the cache as it was (and again by the build's render stage, for what it read)."""
    from generator.render import kept_typeface

    for identity, face in _UNKEPT.items():
        kept_typeface.keep(identity, face)
    _UNKEPT.clear()
    for key, reads in _UNKEPT_READS.items():
        kept_typeface.keep_reads(key, reads)
    _UNKEPT_READS.clear()


def font_identity() -> str:
    """What changes when the build's font changes, without reading any font: the files
    fontconfig offers and the packaged ones, with their sizes and times (japanese_font chooses
    among them by reading them, so a change to any of them may change the choice). The key of a
    cached check, whose warm path imports no font reader."""
    try:
        system = system_japanese_font()
        packaged = packaged_japanese_font()
    except (ImportError, OSError, ValueError):
        return ""
    faces = [
        face
        for font in (system, packaged)
        if font is not None
        for face in (font.regular, font.bold)
        if face is not None
    ]
    try:
        return faces_identity(faces)
    except OSError:  # a face that is not there: the build's check reports it by name
        return "missing:" + "|".join(str(face) for face in faces)
