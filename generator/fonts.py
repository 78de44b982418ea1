"""Find the Japanese font: a system font fontconfig knows, else the one pip installed.

No system package is required: `noto-cjk[sans-jp]` ships Noto Sans CJK JP as wheels.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

PREFERRED_FAMILY = "Noto Sans CJK JP"


@dataclass(frozen=True)
class JapaneseFont:
    """The font used for Japanese text, and where it came from."""

    family: str
    regular: Path
    bold: Path | None
    origin: str  # "system (fontconfig)" or "PyPI (noto-cjk[sans-jp])"

    def describe(self) -> str:
        """One line for people: family, origin and file."""
        return f"{self.family} — {self.origin}: {self.regular}"


def japanese_font() -> JapaneseFont:
    """The system's Japanese font when fontconfig lists one, else the pip-installed Noto font."""
    return system_japanese_font() or packaged_japanese_font()


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
