"""The limits every file playaid reads must keep (content, overlays, scenario files).

Files come from strangers: a file over a limit is refused with a finding before anything is built
from it, so no file can make playaid hang, exhaust memory or write outside its folders.
docs/security.md states each limit and why.
"""

from __future__ import annotations

import re

FILE_BYTES = 1_048_576  # 1 MiB: the largest content file is about 70 KB
DEPTH = 32  # nesting of mappings and lists; content uses 8
STRING_CHARACTERS = 20_000  # one text; the longest rule case is about 2,000
LIST_ITEMS = 5_000  # entries of one list or mapping
ID_CHARACTERS = 64  # ids become file names: `<id>.sheet.letter.pdf` stays far below 255 bytes

# YAML 1.2 decimal numbers: a player's 012 is twelve, never YAML 1.1's octal ten.
DECIMAL_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
DECIMAL_FLOAT = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
# Control characters (tab and line breaks aside) and the bidirectional overrides and isolates
# that can make text read differently from what it holds.
UNSAFE_CHARACTERS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def unsafe_character(text: str) -> str | None:
    """The first control or bidi character in `text`, as U+ and four hex digits, or None."""
    match = UNSAFE_CHARACTERS.search(text)
    return f"U+{ord(match.group()):04X}" if match else None


def sanitize(text: str) -> str:
    """Text made safe for a terminal: each control or bidi character shown as a \\u escape."""
    return UNSAFE_CHARACTERS.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
