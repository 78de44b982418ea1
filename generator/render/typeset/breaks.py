"""Where a Japanese line may not break: inside a phrase of a short text, and before the last few
characters of a paragraph.

A short text breaks only between phrases, which reads better in a label: a heading; on a card,
a scenario card or a record sheet (pages of class `phrase-lines`) a label (a header cell, a
term) and a cell's, an item's or a definition's text of at most SHORT_CHARACTERS Japanese
characters; elsewhere a table cell, a title or a list item of at most SHORT_CHARACTERS, but
never a paragraph. Each phrase is set as one inline block (no character added), which a line
breaks around but not inside, unless the phrase alone is wider than its cell, when it wraps
inside its block; and a table's narrowest layout is no wider than one character (WeasyPrint
counts a row of `white-space: nowrap` spans as one unbreakable piece there, and would run a
table of phrases off the page). A phrase-set line is not justified (generator/render/justify.py):
its slack stays at its end.

Running text is any other: a paragraph (a booklet's 「D(撃破): 目標ユニットを…」 of two lines),
and on a card a cell's, an item's or a definition's text longer than SHORT_CHARACTERS (a
sentence of two lines or more, which phrase breaks left half empty: 「煙を」/「発生させる弾を」,
issue 44), justified where its page says so (a card's cell of prose, a scenario card's rules, a
booklet's paragraphs). It breaks between any two characters, as Japanese books do, but its last
line holds at least LAST_LINE characters besides punctuation (「ない。」 alone on a line is a
runt), and a Latin word and 第 with its numeral stay whole, in a short text too where they stand
between its phrases. In any text, Japanese or not, a word where a letter's dot meets a digit
(S.F.3.D) stays whole: Unicode's line breaking allows a break there. A numeral stays with its
counter (「4発」) because the gap between them is never a break
(generator.render.typeset.spacing).
"""

from __future__ import annotations

import itertools
import re

from generator.core.japanese import JAPANESE, text_ems
from generator.render.typeset.flow import Block
from generator.render.typeset.marks import Line, Marks
from generator.render.typeset.phrases import phrase_bounds
from generator.render.typeset.spacing import NO_BREAK, NO_LINE_START, meet, western
from generator.render.typeset.tokens import Token

SHORT_CHARACTERS = 40  # a paragraph no longer than this reads as a card's line
CARD_TEXTS = frozenset(["td", "li", "dd"])  # a card's cell, item, definition: a sentence if long
LAST_LINE = 3  # characters a paragraph's last line holds at least, besides punctuation and marks
LAST_LINE_EMS = 12  # the most kept together at a paragraph's end, when it ends in a link
IS_JAPANESE = re.compile(f"[{JAPANESE}]")
SPACES = re.compile(r"\s+")
NOT_COUNTED = "。、，．」』）)〕】!?！？◇◆†‡*"  # punctuation, and a mark after a paragraph's text
LETTER = re.compile(r"[A-Za-z0-9]+")
KANJI_NUMERAL = "[一二三四五六七八九十百千〇]+"
NUMERAL = f"[0-9]+|[IVX]+|{KANJI_NUMERAL}"
ENCLOSING = "()[]{}\"'.,:;!?"  # brackets and punctuation round a word
HYPHENATED = 8  # letters: a word this long may be hyphenated in Japanese running text
LONG_WORD = re.compile(f"(?<![A-Za-z])[A-Za-z]{{{HYPHENATED},}}(?![A-Za-z])")
DOTTED = re.compile(r"[A-Za-z]\.[0-9]")  # S.F.|3.D: where a line may break (UAX #14), never should
SPLITTABLE = re.compile(r"[A-Za-z]\.[0-9]|[A-Za-z0-9]-[A-Za-z0-9]")  # S.F.|3.D, pre-|GT1
DAGGERED = re.compile(r"[^\s†‡][†‡]+")  # a dagger never starts a line: it marks what stands before
WHOLE = re.compile(  # a Latin word and a numeral after it; 第 and its numeral
    rf"[!-~\u00a1-\u024f]+(?:[ \u00a0](?:{NUMERAL})[:;,.)]?(?![!-~]))*|第{KANJI_NUMERAL}"
)


def is_japanese(lang: str) -> bool:
    """Whether a language tag is Japanese."""
    return lang == "ja" or lang.startswith("ja-")


def is_short(line: Line) -> bool:
    """A heading; on a card, a scenario card or a record sheet (their pages say so with the class
    `phrase-lines`) a label, and a cell's, an item's or a definition's text of at most
    SHORT_CHARACTERS Japanese characters; elsewhere any text but a paragraph no longer than a
    card's line. A paragraph, and any other text, is running text."""
    block = line.block
    if block.heading:
        return True
    if block.tag == "p":
        return False
    if block.phrased:
        return block.tag not in CARD_TEXTS or _japanese_length(line) <= SHORT_CHARACTERS
    return len(line.text.strip()) <= SHORT_CHARACTERS


def _japanese_length(line: Line) -> int:
    """How many characters but spaces a block's Japanese-language text holds (a bilingual
    card's line holds the English too, which does not make its Japanese a sentence)."""
    return sum(
        not char.isspace() and is_japanese(lang)
        for char, lang in zip(line.text, line.langs, strict=True)
    )


def phrase_starts(line: Line, words: re.Pattern[str] | None) -> frozenset[int]:
    """Where in a short block's text a phrase of its Japanese starts (a label's 「傭兵軍の|Inf.SQ
    のトークン|05 から|20(S.F.3.D II:」): a line may break at a gap set there as between two
    phrases (generator.render.typeset.spacing), else a label glued whole by its gaps is one
    unbreakable piece that takes a card's table its width (the unit-errata card, issue 44)."""
    starts: set[int] = set()
    languages = itertools.groupby(enumerate(line.langs), lambda pair: is_japanese(pair[1]))
    for japanese, run in languages:
        indices = [index for index, _ in run]
        if japanese:
            first, end = indices[0], indices[-1] + 1
            starts.update(first + bound for bound in phrase_bounds(line.text[first:end], words))
    return frozenset(starts)


def mark_phrases(
    block: Block, tokens: list[Token], marks: Marks, words: re.Pattern[str] | None
) -> None:
    """Set each phrase of each Japanese text of a short block as one piece."""
    for piece in block.pieces:
        text = tokens[piece.token].raw
        if not is_japanese(piece.lang) or not IS_JAPANESE.search(text):
            continue
        phrases = marks.at(piece.token).phrases
        cuts = [0, *phrase_bounds(text, words), len(text)]
        for start, end in itertools.pairwise(cuts):
            for part in _unspaced(text, start, end):
                phrase = text[part[0] : part[1]]
                if len(phrase) > 1 and IS_JAPANESE.search(phrase):
                    phrases.append(part)
    if block.tag not in ("p", "li", "dd"):  # a paragraph, not a card's line or a cell
        return
    for piece in reversed(block.pieces):  # the last text with phrases, only marks after it
        phrases, text = marks.at(piece.token).phrases, tokens[piece.token].raw
        if phrases:
            _join_runt(phrases, text)
            return
        if text.strip(NOT_COUNTED + " "):
            return


def _join_runt(phrases: list[tuple[int, int]], text: str) -> None:
    """A short paragraph's last phrase of two characters or fewer besides punctuation
    (「制限は|ない。」, 「以南から|登場。」) joins the phrase before it: no runt on a line of
    its own."""
    if len(phrases) < 2 or text[phrases[-1][1] :].strip(NOT_COUNTED + " "):
        return
    (first, middle), (start, end) = phrases[-2], phrases[-1]
    last = text[start:end]
    if middle == start and sum(char not in NOT_COUNTED for char in last) <= 2:
        phrases[-2:] = [(first, end)]


def _unspaced(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The stretches of text[start:end] between its spaces."""
    parts, position = [], start
    for space in SPACES.finditer(text, start, end):
        parts.append((position, space.start()))
        position = space.end()
    parts.append((position, end))
    return [(first, last) for first, last in parts if last > first]


def mark_last_line(line: Line, marks: Marks) -> int | None:
    """Keep the last LAST_LINE characters of a Japanese paragraph together, with whatever is
    glued to them (a numeral and its counter, 「13である。」, stay whole); where the kept end
    starts in the block's text, if one is kept."""
    block, text = line.block, line.text.rstrip()
    if len(text) < 8 or not is_japanese(line.langs[len(text) - 1]):
        return None
    index = _last_line_start(text)
    if text_ems(text[index:]) > LAST_LINE_EMS:
        return None  # an unbroken run (■■■…, a long word) kept whole would run off the page
    place, last = line.places[index], line.places[len(text) - 1]
    if place.token == last.token:  # inside one text, wherever it stands: keep it there
        marks.at(place.token).keep = (place.offset, last.offset + 1)
        return index
    if block.end is None:
        return None
    tops = {piece.token: piece.top for piece in block.pieces}
    top = tops[place.token]
    if top is None:
        marks.at(place.token).keep_from = place.offset
    else:
        index = next(i for i, at in enumerate(line.places) if tops[at.token] == top)
        if top < block.start or text_ems(text[index:]) > LAST_LINE_EMS:
            return None  # the element it ends in opens before the block, or is too long to keep
        marks.keep_before.add(top)
    marks.close_before.add(block.end)
    return index


def _last_line_start(text: str) -> int:
    """Where the kept end of a paragraph starts: LAST_LINE characters from its end, not counting
    spaces, punctuation or a mark after the text (「…でき」/「ない。 ◇」 and 「行う)。」 are runts),
    moved back over what a line cannot break inside (a Latin word, a gap between Japanese and
    Latin)."""
    counted, index = 0, len(text)
    while index > 0 and counted < LAST_LINE:
        index -= 1
        counted += not text[index].isspace() and text[index] not in NOT_COUNTED
    while index > 0 and _glued(text, index - 1, index):
        index -= 1
    return index


def mark_wholes(line: Line, marks: Marks, kept: int | None) -> None:
    """Keep on one line, in running text, each word `_kept_words` finds: not one in the
    paragraph's kept end (from `kept`), which holds it."""
    for start, end in _kept_words(line, len(line.text) if kept is None else kept):
        _keep_whole(line, marks, start, end)


def mark_short_wholes(line: Line, marks: Marks) -> None:
    """Keep on one line, in a short text (a card's line, a cell), each word `_kept_words` finds
    outside its phrases that a line would break inside (a cell's 「NeuSpotter の防御力(S.F.」/
    「3.D Original)」, issue 44): only those, as a row of kept words is one unbreakable piece to
    WeasyPrint's table widths, and a phrase is set as one piece already."""
    for start, end in _kept_words(line, len(line.text), short=True):
        first, last = line.places[start], line.places[end - 1]
        phrases = marks.at(first.token).phrases
        if not any(a < last.offset + 1 and first.offset < b for a, b in phrases):
            _keep_whole(line, marks, start, end)


def _kept_words(line: Line, end_kept: int, *, short: bool = False) -> list[tuple[int, int]]:
    """Where in `line.text[:end_kept]` a word stands that a line must not break inside: in
    Japanese running text each Latin word a line could break inside (S.F.3.D, [9.3.2], pre-GT1)
    with a numeral that follows it (S.F.3.D II), and 第 with its numeral (第一ターン), as
    Japanese breaks between any two characters; in a `short` Japanese text a word Unicode's line
    breaking would break (S.F.|3.D, pre-|GT1); in any text a word where a letter's dot meets a
    digit (S.F.|3.D). Not one wider than LAST_LINE_EMS. In Japanese text a dagger stays with the
    character it follows (「…使えない。†」 never leaves † to start the next line)."""
    text, found = line.text, []
    for match in WHOLE.finditer(text, 0, end_kept):
        start, end = match.span()
        word = match.group()
        if not is_japanese(line.langs[start]):
            kept = DOTTED.search(word)
        elif short:
            kept = SPLITTABLE.search(word)
        else:
            core = word.strip(ENCLOSING)  # (Immobilized) has no break inside but hyphenation's
            latin = LETTER.search(core) and not LETTER.fullmatch(core)  # a letter and a mark
            kept = word.startswith("第") or " " in word or latin
        if kept and end <= end_kept and text_ems(word) <= LAST_LINE_EMS:
            found.append((start, end))
    for match in DAGGERED.finditer(text, 0, end_kept):
        start, end = match.span()
        if not is_japanese(line.langs[start]):
            continue
        word = next((span for span in found if span[0] <= start < span[1]), None)
        if word is not None:  # a kept word the dagger follows takes it in (「S.F.3.D†」)
            found[found.index(word)] = (word[0], end)
        else:
            found.append((start, end))
    return sorted(found)


def mark_hyphens(line: Line, marks: Marks) -> None:
    """Let a long English word in Japanese running text (Immobilized) be hyphenated, as JLREQ
    allows, rather than go whole to the next line and leave the line before it spread loose: a
    word of HYPHENATED letters or more, outside the words and end kept whole, gets lang="en" and
    `hyphens: auto` (the `ja-hyphens` span)."""
    for found in LONG_WORD.finditer(line.text):
        start, end = found.span()
        first, last = line.places[start], line.places[end - 1]
        if first.token != last.token or not is_japanese(line.langs[start]):
            continue
        inside = marks.at(first.token)
        kept = [*inside.wholes, *([inside.keep] if inside.keep else [])]
        if inside.keep_from is not None:
            kept.append((inside.keep_from, len(line.tokens[first.token].raw)))
        if not any(a < last.offset + 1 and first.offset < b for a, b in kept):
            inside.hyphens.append((first.offset, last.offset + 1))


def _keep_whole(line: Line, marks: Marks, start: int, end: int) -> None:
    """Keep `line.text[start:end]` on one line, where it lies in one text of the page."""
    first, last = line.places[start], line.places[end - 1]
    if first.token == last.token:
        marks.at(first.token).wholes.append((first.offset, last.offset + 1))


def _glued(text: str, before: int, after: int) -> bool:
    """Whether a line cannot break between two neighbouring characters: inside a Western word
    (O.G.P., 1-8, a code), or where Japanese and Latin text meet after a numeral (its counter,
    「4である」) or 第, or before a character that may not start a line (a running text's other
    gaps may break, generator.render.typeset.spacing)."""
    if text[before].isspace() or text[after].isspace():
        return False
    if western(text[before]) and western(text[after]):
        return True
    held = text[before] in NO_BREAK or text[after] in NO_LINE_START
    return meet(text, before, after) and held
