"""Whom a note is for: the player's words and the editor's words, told apart by their key."""

from __future__ import annotations

import re

# Words only the people who make playaid use: the seed files and their lines, OCR, code points,
# the copy playaid read, how playaid's search works. A note's `en`/`ja` (the player's) holds none;
# they belong in its `detail` (the editor's, printed in the reviewer's copy only). Player pages
# are tested against the same list (tests/player_words.py).
EDITOR_WORDS = re.compile(
    r"(?i:\bseeds?\b)|\bOCR\b|U\+[0-9A-Fa-f]{4}|シード|写し|行目|行\s?[0-9]"
    r"|(?i:\blines? [0-9])|playaid\s?が読|(?i:\bcopy\b[^.]{0,30}\bplayaid\b)"
    r"|(?i:\bplayaid\b[^.]{0,12}\bsearch)|検索|英訳|(?i:\btranslated as printed\b)"
    r"|(?i:\btranslat(?:ed|ion)\b[^.]{0,40}\b(?:Japanese|English)\b)|`"
)


def editor_words(text: str) -> list[str]:
    """The editor's words a text holds, each as it stands in the text."""
    return [match.group(0) for match in EDITOR_WORDS.finditer(text)]
