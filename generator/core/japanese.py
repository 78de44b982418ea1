"""What counts as Japanese text: one definition for the renderer (runs kept on one line) and the
style check (punctuation after Japanese)."""

from __future__ import annotations

import re
import unicodedata

# A run of Japanese: kanji, kana (not ・, after which a line may break), 々 and 〆, half-width kana.
# Header cells keep each run on one line; the build refuses a header that splits one.
JAPANESE = (
    "\u3005\u3006\u3041-\u3096\u309d-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f"
)
JAPANESE_RUN = re.compile(f"[{JAPANESE}]+")


def text_ems(text: str) -> float:
    """A text's rough width in ems: a full-width character one (and an ambiguous one beyond
    Latin-1, such as ③ or ▷, which the Japanese font draws full width), any other a little over
    half."""
    return sum(
        1.0
        if unicodedata.east_asian_width(ch) in "WF"
        or (unicodedata.east_asian_width(ch) == "A" and ord(ch) > 0xFF)
        else 0.58
        for ch in text
    )
