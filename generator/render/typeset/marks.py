"""What typesetting adds to a page, recorded against its tokens before anything is written."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.render.typeset.flow import Block
from generator.render.typeset.tokens import Token


@dataclass
class TextMarks:
    """The marks inside one text token, by character offset."""

    dropped: set[int] = field(default_factory=set)  # spaces that a gap stands for
    gaps: set[int] = field(default_factory=set)  # a gap before this character (or at the end)
    breaks: set[int] = field(default_factory=set)  # of those gaps, the ones a line may break after
    wbrs: set[int] = field(default_factory=set)  # of those, the ones where the text had no space
    halts: set[int] = field(default_factory=set)  # punctuation set half width
    hangs: set[int] = field(default_factory=set)  # of those, a paragraph's last, hung at its end
    phrases: list[tuple[int, int]] = field(default_factory=list)  # [start, end) set as one piece
    keep: tuple[int, int] | None = None  # [start, end) kept on one line
    keep_from: int | None = None  # a stretch kept on one line from here to the block's end
    wholes: list[tuple[int, int]] = field(default_factory=list)  # [start, end) words kept whole
    hyphens: list[tuple[int, int]] = field(default_factory=list)  # [start, end) may hyphenate


@dataclass
class Marks:
    """Every mark of a page: inside text tokens; gaps that stand before a tag, between two
    elements; and keeps that open before a tag and close where a block ends."""

    texts: dict[int, TextMarks] = field(default_factory=dict)
    gap_before: set[int] = field(default_factory=set)  # tags a gap stands before
    break_before: set[int] = field(default_factory=set)  # of those, the ones a line may break after
    wbr_before: set[int] = field(default_factory=set)  # of those, where the text had no space
    keep_breaks: bool = False  # a space taken into a gap leaves its line break (for WeasyPrint)
    keep_before: set[int] = field(default_factory=set)  # tokens a keep opens before
    close_before: set[int] = field(default_factory=set)  # tokens a keep closes before

    def at(self, token: int) -> TextMarks:
        """The marks of one text token (made when first asked for)."""
        return self.texts.setdefault(token, TextMarks())


@dataclass(frozen=True)
class Place:
    """A character of a block: which text token, and where in it."""

    token: int
    offset: int


class Line:
    """A block's text as one string, each character with its place in the page."""

    def __init__(self, block: Block, tokens: list[Token]) -> None:
        self.block = block
        self.tokens = tokens
        self.places: list[Place] = []
        self.langs: list[str] = []
        texts = []
        for piece in block.pieces:
            text = tokens[piece.token].raw
            texts.append(text)
            self.places += [Place(piece.token, offset) for offset in range(len(text))]
            self.langs += [piece.lang] * len(text)
        self.text = "".join(texts)
