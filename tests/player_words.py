"""What pages a player uses must not print (issue 28), shared by the PDF and the site tests."""

from __future__ import annotations

import re

# Words for the people who make playaid, not for players: the seed files, OCR, code points,
# literal backticks.
PRODUCTION = re.compile(r"(?i:seed)|OCR|U\+[0-9A-Fa-f]{4}|シード|`")
# A content id (fpcf.hq-capability-cost, cf.16.21-2): a page names a card by its title.
CONTENT_ID = re.compile(r"\b(?:fpcf|cf|mak)\.[a-z0-9]+(?:[.-][a-z0-9]+)*")
# The words of the colophon, white space removed: said at most once a document.
TRANSLATED = {"en": "translatedbyplayaid", "ja": "playaidによる翻訳"}

# A footer: the source cited, then the version and content revision, a card's id last.
FOOTER = re.compile(
    r"(?:Source|出典)(?: / 出典)?:.*?(?:content|コンテンツ)(?: / コンテンツ)? ?[0-9a-f]{6,}"
    r"(?: · [a-z]+\.[a-z0-9]+(?:[.-][a-z0-9]+)*)?",
    re.S,
)
# The booklet's notes start with the colophon, the details under this heading.
NOTES_START = ("How the original reads", "原文の読み取りについて")
# The documents a player uses at the table, by their manifest kind.
PLAYER_KINDS = ("player-aid", "scenario-sheet", "scenario-kit", "record-sheet")


def body(kind: str, text: str) -> str:
    """What a player reads on a page: the text without its footers, and a booklet's without its
    notes at the end (where the technical details belong)."""
    if kind == "rule-booklet":
        starts = [text.find(title) for title in NOTES_START if title in text]
        text = text[: min(starts, default=len(text))]
    return FOOTER.sub(" ", text)
