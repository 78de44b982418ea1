"""Space between Japanese and Latin text, and consecutive Japanese punctuation set tighter.

JLREQ (W3C, *Requirements for Japanese Text Layout*) sets one gap, a quarter em, where Japanese
meets Western letters or digits (CSS's `text-autospace`, which WeasyPrint does not implement):
playaid sets it as an empty span with a margin, and a space the text has there is dropped into
it. No character is added. Where the text had a space there, a line could break at it; WeasyPrint
finds no break beside an empty span, so for the PDF that space stays, at no size, after the gap
(not after a numeral, which keeps its counter, nor after 第). In running text a line may break
at a gap where the text has no space too, as JLREQ and Unicode allow: a `<wbr>` after it (not
before a character that may not start a line). Brackets and punctuation get no gap: they carry
their own space.
A space after a full-width mark (「勝利する。 HQ は」, two texts joined as English joins sentences)
is dropped: the mark carries its own space. Where two marks meet (「。」」, 「、「」), JLREQ takes
half an em out of the pair: the first mark is set half width with the font's `halt` feature
(the second, of two opening brackets); so is a closing mark before a reference mark (「。†」,
which the font sets an em wide with room on each side). The closing mark that ends a paragraph
of running text is set half width and hung a quarter em past the line's end (`ja-hang`), as
JLREQ hangs a line's last 。 or 、 (ぶら下げ): its blank half would stand at the edge anyway, and
a last line 「…変わらない。」 a little too long for its cell no longer sends 「らない。」 to a
line of its own below a loose one.
"""

from __future__ import annotations

import re

from generator.core.japanese import JAPANESE
from generator.render.typeset.marks import Line, Marks

IS_JAPANESE = re.compile(f"[{JAPANESE}]")
LATIN = re.compile(r"[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]")
SIGN = "+-\u2212\u00b1"  # + - − ±, Latin where a digit follows
AFTER_LATIN = ".%"  # Latin where a letter or digit stands before: O.G.P., 50%
SPACE = " \t\n"
CLOSING = "」』）〕】〉》｝、。，．"
OPENING = "「『（〔【〈《｛"
REFERENCE = "†‡*"  # a reference mark after the text, set full width by the Japanese font
# A full-width mark, with a dagger after it (「…判定する。† ダイスを」), and the spaces that follow.
FULL_WIDTH_SPACED = re.compile(f"[{CLOSING}！？：；][†‡]*([ \t]+)(?=\\S)")
NO_BREAK = "0123456789第"  # a numeral keeps the counter after it; 第 keeps its numeral
NO_LINE_START = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶー々ゝゞヽヾ"  # JLREQ: never first


_LETTER = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_TAKEN_SPACES = re.compile(
    f"(?<=[{JAPANESE}])[ \t]+(?=[{_LETTER}]|[{re.escape(SIGN)}][0-9])"
    f"|(?:(?<=[{_LETTER}])|(?<=[{_LETTER}][.%]))[ \t]+(?=[{JAPANESE}])"
    f"|(?<=[{CLOSING}！？：；])[ \t]+(?=\\S)"
)


def without_taken_spaces(text: str) -> str:
    """A content text as a typeset page holds it: each space between Japanese and Latin text
    taken into the gap set there (「OCR が Y」 reads 「OCRがY」, the gaps drawn, not written), and
    each space after a full-width mark dropped; a line break is the text's own and ends a line."""
    return _TAKEN_SPACES.sub("", text)


def western(char: str) -> bool:
    """Whether a character is set as Western text: not a space, not Japanese, not a full-width
    mark or bracket (below the CJK blocks)."""
    return not char.isspace() and ord(char) < 0x2E80 and not IS_JAPANESE.match(char)


def latin_start(text: str, index: int) -> bool:
    """Whether the character at `index` begins Latin text (a letter, a digit, a signed digit)."""
    char = text[index]
    if LATIN.match(char):
        return True
    return char in SIGN and index + 1 < len(text) and text[index + 1].isdigit()


def latin_end(text: str, index: int) -> bool:
    """Whether the character at `index` ends Latin text (a letter, a digit, a . or % after one)."""
    char = text[index]
    if LATIN.match(char):
        return True
    return char in AFTER_LATIN and index > 0 and bool(LATIN.match(text[index - 1]))


def mark_gaps(
    line: Line, marks: Marks, *, running: bool = False, starts: frozenset[int] = frozenset()
) -> None:
    """A gap wherever Japanese and Latin text meet in a line, the spaces between them dropped
    into it (「OCR が Y」, and a template's 「コンテンツ {{ revision }}」 alike). In `running`
    text a line may break at a gap where the text has no space too (「Gustav|と|Konrad|が」, a
    `<wbr>`: JLREQ and Unicode allow it, and the gap's empty span hides it from WeasyPrint), or
    a word glued so to its neighbours would leave the line before it loose; in a short text, at
    a gap where a phrase starts (`starts`, generator.render.typeset.breaks.phrase_starts)."""
    text, places = line.text, line.places
    previous = -1  # the last character that is not a space
    for index, char in enumerate(text):
        if char in SPACE:
            continue
        if previous >= 0 and meet(text, previous, index):
            breaks = marks.keep_breaks and text[previous] not in NO_BREAK
            spaced = index - previous > 1
            free = running or index in starts
            wbr = breaks and free and not spaced and char not in NO_LINE_START
            _place_gap(line, previous, index, marks, space=breaks and spaced, wbr=wbr)
            for at in range(previous + 1, index):
                marks.at(places[at].token).dropped.add(places[at].offset)
        previous = index


def _place_gap(
    line: Line, before: int, after: int, marks: Marks, *, space: bool, wbr: bool
) -> None:
    """Put the gap between two characters where the line cannot break at it: in the text they
    share, else in the element that holds them both, before the tag that opens the second's
    (a gap that is the first thing inside an element leaves a break before that element), and
    before a `<wbr>` between them: a line broken there ends with the gap, the next starts flush."""
    first, second = line.places[before], line.places[after]
    opening = next(
        (at for at in range(first.token + 1, second.token) if line.tokens[at].kind == "start"),
        None,
    )
    if opening is None and second.offset == 0 and _wbr(line, second.token - 1):
        opening = second.token
    while opening is not None and opening - 1 > first.token and _wbr(line, opening - 1):
        opening -= 1
    if opening is None:
        inside = marks.at(second.token)
        inside.gaps.add(second.offset)
        (inside.breaks if space else inside.wbrs if wbr else set()).add(second.offset)
    else:
        marks.gap_before.add(opening)
        (marks.break_before if space else marks.wbr_before if wbr else set()).add(opening)


def _wbr(line: Line, token: int) -> bool:
    """Whether a token of the page is a `<wbr>`."""
    return line.tokens[token].kind == "empty" and line.tokens[token].tag == "wbr"


def meet(text: str, before: int, after: int) -> bool:
    """Whether Japanese and Latin text meet between two characters."""
    if IS_JAPANESE.match(text[before]):
        return latin_start(text, after)
    return latin_end(text, before) and bool(IS_JAPANESE.match(text[after]))


def mark_punctuation_spaces(line: Line, marks: Marks) -> None:
    """Drop the spaces after a full-width mark in Japanese text (「勝利する。 HQ は」, where a
    template joins two texts as English joins sentences): the mark carries its own space (JLREQ)."""
    text = line.text
    for found in FULL_WIDTH_SPACED.finditer(text):
        start, end = found.span(1)
        if end < len(text) and is_japanese_lang(line.langs[start]):
            for at in range(start, end):
                marks.at(line.places[at].token).dropped.add(line.places[at].offset)


def is_japanese_lang(lang: str) -> bool:
    """Whether a language tag is Japanese."""
    return lang == "ja" or lang.startswith("ja-")


def mark_end_halt(line: Line, marks: Marks) -> None:
    """Set half width, and hang past the line's end, the closing mark a Japanese paragraph ends
    with (「…変わらない。」)."""
    text = line.text.rstrip()
    if text and text[-1] in CLOSING and is_japanese_lang(line.langs[len(text) - 1]):
        place = line.places[len(text) - 1]
        marks.at(place.token).halts.add(place.offset)
        marks.at(place.token).hangs.add(place.offset)


def mark_halts(line: Line, marks: Marks) -> None:
    """Half-width marks where Japanese punctuation meets punctuation, or a reference mark (「。†」:
    the full stop's blank half and the dagger's own side made a gap of almost an em)."""
    text = line.text
    for index in range(len(text) - 1):
        first, second = text[index], text[index + 1]
        if first in CLOSING and second in SPACE:  # dropped after a full-width mark
            second = text[index + 1 :].lstrip(SPACE)[:1]
        if first in CLOSING and (second in CLOSING or second in OPENING or second in REFERENCE):
            halted = index
        elif first in OPENING and second in OPENING:
            halted = index + 1
        else:
            continue
        place = line.places[halted]
        marks.at(place.token).halts.add(place.offset)


RUNNING_HEADS = ("data-label", "data-section")  # the attributes a page's CSS strings take


def spaced_string(text: str) -> str:
    """A text a style sheet prints as a string (a running head, a bookmark), with a space where
    Japanese and Latin text meet without one (「Falkeの警戒幕」 reads 「Falke の警戒幕」): a CSS
    string takes no span, and the font's space is 0.224 em, within a gap's range."""
    out = []
    for index, char in enumerate(text):
        if index and not text[index - 1].isspace() and meet(text, index - 1, index):
            out.append(" ")
        out.append(char)
    return "".join(out)
