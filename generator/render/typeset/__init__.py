"""Japanese as a publisher sets it, added to a rendered HTML page (PDF and site alike).

`typeset(html)` returns the page with its Japanese set by JLREQ's rules, as spans the style sheet
(templates/styles/common.css, the site's site.css) gives their effect: a gap between Japanese and
Latin text (`ja-gap`), half-width punctuation where two marks meet (`ja-halt`), a short text's
phrases each set as one piece (`ja-phrase`), and a paragraph's last few characters, a Latin word
and 第 with its numeral kept on one line (`ja-keep`; in English text too, a dotted name such as
S.F.3.D, a space before it in a box of its own, `ja-space`), and a long English word that may
be hyphenated (`ja-hyphens`), and a paragraph's last mark hung past its end (`ja-hang`). The
text itself is unchanged but for the spaces a gap stands for and those after a full-width mark:
nothing is inserted, so the PDF's text and the site's search hold the words as written. Only the
texts the style sheet prints as CSS strings (running heads, bookmarks: `data-label`,
`data-section`), which can hold no span, get a space where a gap would stand.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from generator.render.typeset.breaks import (
    is_short,
    mark_hyphens,
    mark_last_line,
    mark_phrases,
    mark_short_wholes,
    mark_wholes,
    phrase_starts,
)
from generator.render.typeset.emit import write_page
from generator.render.typeset.flow import blocks
from generator.render.typeset.marks import Line, Marks
from generator.render.typeset.phrases import words_pattern
from generator.render.typeset.spacing import (
    RUNNING_HEADS,
    mark_end_halt,
    mark_gaps,
    mark_halts,
    mark_punctuation_spaces,
    spaced_string,
    without_taken_spaces,
)
from generator.render.typeset.tokens import Token, read_tokens, start_tag

__all__ = ["typeset", "without_taken_spaces"]

_PATTERNS: dict[tuple[str, ...], re.Pattern[str] | None] = {}


@functools.lru_cache(maxsize=8)
def _tokens(html: str) -> list[Token]:
    """A page's tokens, read once for the ways a card's page is typeset one after another
    (generator.builder.html: as it comes, as running text). Typesetting never
    changes them: its marks are kept apart."""
    return read_tokens(html)


def typeset(
    html: str,
    words: Iterable[str] = (),
    *,
    card_lines: bool = True,
    keep_breaks: bool = False,
) -> str:
    """The page with its Japanese typeset; `words` (the glossary's Japanese terms) are never
    split between two lines of a short text. A card that cannot fit its page so tries again:
    `card_lines` false sets its lines as running text. Every page keeps its gaps: a print
    without them is not set as JLREQ sets Japanese (issue 44). `keep_breaks` (for WeasyPrint,
    which finds no line break beside an empty span) keeps at no size a space taken into a gap."""
    if 'class="ja-' in html:
        raise ValueError("a page is typeset once, whole: this one has been already")
    key = tuple(sorted(set(words)))
    if key not in _PATTERNS:
        _PATTERNS[key] = words_pattern(key)
    tokens = list(_tokens(html))  # a copy: the running heads' tokens are replaced in it
    _space_running_heads(tokens)
    marks = Marks(keep_breaks=keep_breaks)
    for block in blocks(tokens, card_lines=card_lines):
        line = Line(block, tokens)
        short = is_short(line)
        starts = phrase_starts(line, _PATTERNS[key]) if short else frozenset()
        mark_gaps(line, marks, running=not short, starts=starts)
        mark_halts(line, marks)
        mark_punctuation_spaces(line, marks)
        if short:
            mark_phrases(block, tokens, marks, _PATTERNS[key])
            mark_short_wholes(line, marks)
        else:
            mark_end_halt(line, marks)
            mark_wholes(line, marks, mark_last_line(line, marks))
            mark_hyphens(line, marks)
    return write_page(tokens, marks)


def _space_running_heads(tokens: list[Token]) -> None:
    """Give the texts the page's CSS strings print (running heads, bookmarks) a space where
    Japanese meets Latin text, as a gap stands there in the page's own text."""
    for index, token in enumerate(tokens):
        if token.kind not in ("start", "empty"):
            continue
        values = {name: token.attrs.get(name) for name in RUNNING_HEADS}
        spaced = {name: spaced_string(v) for name, v in values.items() if v}
        if any(spaced[name] != values[name] for name in spaced):
            attrs = {**token.attrs, **spaced}
            tokens[index] = Token(token.kind, start_tag(token.tag, attrs), token.tag, attrs)
