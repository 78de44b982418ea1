"""A page's text as blocks: each run of inline text a reader sees as one line or paragraph.

A block is the inline content of one element (a paragraph, a cell, a heading) up to where it
ends: its end tag, a `<br>`, or a block nested in it. An inline element of class `apart`, which
its stylesheet lays out as a box of its own (a float, a block, an inline block: a unit's code
floated right of its name, a turn's arrivals one under the other), is a block of its own too,
read as the element that holds it is: its text never meets the text beside it, so no gap is set
between them (a gap there began a line or made one of its own, issue 44). Text inside <head>,
<style>, <script>, <svg> and any element of class `verbatim` (a seed's own line in the
reviewer's copy) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.render.typeset.tokens import Token

INLINE = frozenset(
    [
        "a",
        "abbr",
        "b",
        "bdi",
        "bdo",
        "cite",
        "code",
        "data",
        "dfn",
        "em",
        "i",
        "kbd",
        "mark",
        "q",
        "s",
        "samp",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "time",
        "u",
        "var",
    ]
)
SKIPPED = frozenset(
    ["head", "style", "script", "svg", "math", "title", "textarea", "select", "option"]
)
HEADINGS = frozenset(["h1", "h2", "h3", "h4", "h5", "h6", "caption"])


@dataclass
class Piece:
    """One text token of a block."""

    token: int
    lang: str
    top: int | None  # the outermost inline start tag around it in the block, if any


@dataclass
class Block:
    """The inline content of one element, as the pieces of text in it."""

    tag: str
    lang: str
    start: int  # the token it starts after
    phrased: bool = False  # on a page of card lines (class `phrase-lines`): short, however long
    pieces: list[Piece] = field(default_factory=list)
    end: int | None = None  # the token that ends it, when that token is at the block's level

    @property
    def heading(self) -> bool:
        """A heading of a page, a section or a table."""
        return self.tag in HEADINGS


@dataclass
class _Open:
    tag: str
    lang: str
    inline: bool
    hidden: bool  # its text is left as it is
    phrased: bool = False  # inside an element of class `phrase-lines`
    reads_as: str = ""  # the tag its blocks are read as: its own, or its holder's when `apart`


def blocks(tokens: list[Token], *, card_lines: bool = True) -> list[Block]:
    """Every block of the page with text in it, in order; with `card_lines` false, a page of
    class `phrase-lines` is read as any other."""
    found: list[Block] = []
    stack: list[_Open] = [_Open("", "", False, False)]
    current = Block("", "", -1)
    inline_tops: list[int] = []  # start tags of the inline elements open in the current block

    def close(at: int) -> None:
        nonlocal current
        current.end = at if not inline_tops else None
        if current.pieces:
            found.append(current)
        holder = next(item for item in reversed(stack) if not item.inline)
        current = Block(holder.reads_as, stack[-1].lang, at, holder.phrased)

    for index, token in enumerate(tokens):
        parent = stack[-1]
        if token.kind == "text":
            if not parent.hidden and not token.cdata:
                top = inline_tops[0] if inline_tops else None
                current.pieces.append(Piece(index, parent.lang, top))
        elif token.kind == "start":
            opened = _opened(token, stack, card_lines)
            if not opened.inline:
                close(index)
                inline_tops.clear()
            else:
                inline_tops.append(index)
            stack.append(opened)
            if not opened.inline:
                current = Block(opened.reads_as, opened.lang, index, opened.phrased)
        elif token.kind == "end":
            while len(stack) > 1 and stack[-1].tag != token.tag:
                stack.pop()  # an element the page left open (HTML allows it for <p>, <li>)
            if len(stack) > 1:
                closed = stack.pop()
                if closed.inline:
                    if inline_tops:
                        inline_tops.pop()
                else:
                    close(index)
                    inline_tops.clear()
        elif token.kind == "empty" and token.tag not in ("wbr", "img", "input"):
            close(index)
    return found


def _opened(token: Token, stack: list[_Open], card_lines: bool) -> _Open:
    """The element a start tag opens, with its language and whether its text is left alone."""
    parent = stack[-1]
    lang = token.attrs.get("lang") or parent.lang
    classes = (token.attrs.get("class") or "").split()
    hidden = parent.hidden or token.tag in SKIPPED or "verbatim" in classes
    phrased = parent.phrased or (card_lines and "phrase-lines" in classes)
    inline = token.tag in INLINE and "apart" not in classes
    reads_as = token.tag
    if token.tag in INLINE and not inline:
        reads_as = next(item.reads_as for item in reversed(stack) if not item.inline)
    return _Open(token.tag, lang, inline, hidden, phrased, reads_as)
