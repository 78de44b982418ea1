"""Write a page back with its typesetting marks as spans."""

from __future__ import annotations

from generator.render.typeset.marks import Marks, TextMarks
from generator.render.typeset.tokens import Token, text_markup

GAP = '<span class="ja-gap"></span>'
WBR = "<wbr>"  # a line may end after a gap where the text has no space (WeasyPrint draws none)
BREAK = (
    '<span class="ja-break"> </span>'  # the text's own space, set at no size: a line may end here
)
HALT = '<span class="ja-halt">{}</span>'
HANG = '<span class="ja-halt ja-hang">{}</span>'  # a paragraph's last mark, hung past its end
KEEP = '<span class="ja-keep">'
PHRASE = '<span class="ja-phrase">'
HYPHENS = '<span lang="en" class="ja-hyphens">'  # an English word that may be hyphenated
CLOSE = "</span>"
# A space before a word kept whole, in a box of its own: WeasyPrint 70 measures a text that ends
# in a space with that space, so a line that fits only without it was broken a word or more
# early when an unbreakable box came next ("Gustav" / "tokens 1 through 6" / "(S.F.3.D").
SPACE_BEFORE_KEPT = '<span class="ja-space"> </span>'


def write_page(tokens: list[Token], marks: Marks) -> str:
    """The page's markup, each mark written where it was placed."""
    out: list[str] = []
    for index, token in enumerate(tokens):
        if index in marks.close_before:
            out.append(CLOSE)
        if index in marks.gap_before:
            out.append(GAP + _break(index, marks.break_before, marks.wbr_before))
        if index in marks.keep_before:
            out.append(KEEP)
        if token.kind != "text" or token.cdata:
            out.append(token.raw)
        elif index in marks.texts:
            out.append(_marked_text(token.raw, marks.texts[index]))
        else:
            out.append(text_markup(token.raw))
    return "".join(out)


def _marked_text(text: str, marks: TextMarks) -> str:
    """One text token with its gaps, half-width marks, dropped spaces, phrases, words kept whole
    or hyphenated, and kept stretch."""
    spans = [*marks.phrases, *marks.wholes, *marks.hyphens, *([marks.keep] if marks.keep else [])]
    opens = {start: PHRASE for start, _ in marks.phrases}
    opens.update({start: HYPHENS for start, _ in marks.hyphens})
    opens.update({start: KEEP for start, _ in marks.wholes})
    if marks.keep:
        opens[marks.keep[0]] = KEEP
    if marks.keep_from is not None:
        opens[marks.keep_from] = KEEP
    closes: dict[int, int] = {}
    for _, end in spans:
        closes[end] = closes.get(end, 0) + 1
    spaces = {start - 1 for start, _ in marks.wholes if start and text[start - 1] == " "}
    out: list[str] = []
    for offset, char in enumerate(text):
        out.append(CLOSE * closes.get(offset, 0))
        if offset in marks.gaps:  # outside a phrase or keep that starts here, which it glues
            out.append(GAP + _break(offset, marks.breaks, marks.wbrs))
        out.append(opens.get(offset, ""))
        if offset in marks.dropped:
            continue
        shown = text_markup(char)
        if offset in spaces and offset not in opens:
            shown = SPACE_BEFORE_KEPT
        if offset in marks.halts:
            shown = (HANG if offset in marks.hangs else HALT).format(shown)
        out.append(shown)
    out.append(CLOSE * closes.get(len(text), 0))
    return "".join(out)


def _break(at: int, spaces: set[int], wbrs: set[int]) -> str:
    """What follows a gap: the text's own space at no size, a `<wbr>`, or nothing."""
    return BREAK if at in spaces else WBR if at in wbrs else ""
