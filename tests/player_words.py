"""What pages a player uses must not print (issue 28), shared by the PDF and the site tests."""

from __future__ import annotations

import re

# Words for the people who make playaid, not for players: the seed files, OCR, code points,
# literal backticks.
PRODUCTION = re.compile(r"(?i:seed)|OCR|U\+[0-9A-Fa-f]{4}|シード|`")
# The editor's words a player's page never prints (issue 44): the production words, the copy
# playaid read, a text file's lines, how playaid read the original, the old labels of a reading.
EDITOR_PAGE_WORDS = re.compile(
    PRODUCTION.pattern + r"|写し|行目|行 ?[0-9]|\b[Ll]ines? [0-9]|playaid ?が読|copy playaid"
    r"|不確実な読み取り|不確かな読み|Uncertain reading"
)
# A content id (fpcf.hq-capability-cost, cf.16.21-2): a page names a card by its title.
CONTENT_ID = re.compile(r"\b(?:fpcf|cf|mak)\.[a-z0-9]+(?:[.-][a-z0-9]+)*")
# The colophon's two sentences on translation, white space removed, each said at most once a
# document: that a language's rule text is playaid's translation throughout, and what ◇ marks.
TRANSLATED = {
    "en": ("'stranslationoftheoriginal's", "translatedbyplayaid"),
    "ja": ("からのplayaidによる翻訳である", "playaidによる翻訳のルール本文"),
}
SENTENCES = [sentence for sentences in TRANSLATED.values() for sentence in sentences]

# A footer: the source cited, then the version (the edition mark), a card's id last.
FOOTER = re.compile(
    r"(?:Source|出典)(?: / 出典)?:.*?playaid [0-9]+\.[0-9]+\.[0-9]+"
    r"(?:(?: · |・)[a-z]+\.[a-z0-9]+(?:[.-][a-z0-9]+)*)?",  # ・ on a Japanese page
    re.S,
)
# The documents a player uses at the table, by their manifest kind.
PLAYER_KINDS = ("player-aid", "scenario-sheet", "scenario-kit", "record-sheet")


def body(kind: str, text: str) -> str:
    """What a player reads on a page: the text without its footers (which name the card's id)."""
    return FOOTER.sub(" ", text)
