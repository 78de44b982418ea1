"""Japanese justified as JLREQ justifies it, which WeasyPrint 70 does not do.

WeasyPrint justifies a line (`text-align: justify`) by widening its spaces only. A Japanese line
has next to none, and the one it has is the space a gap between Japanese and Latin text keeps at
no size (generator.render.typeset.spacing), which would then take all the line's slack. JLREQ
spreads the slack between the characters instead: a line holding Japanese (its punctuation too)
is justified here by the same letter spacing between all its characters, Latin text taking it
at its spaces and after its end (JLREQ spaces no letters of a Western word apart: a text box
holding a Latin word and Japanese, 「(AMU)を」 where no gap parts them, is first split into a box
for each; and none where Latin text and a closing mark meet, the mark's own half em the room
there: 「Sphinx、N.Rocker」, never 「Sphinx 、 N.Rocker」), once the quarter-em gaps between
Japanese and Latin text (empty spans with a margin) and the spaces between Latin words have
widened, as JLREQ widens them first, by at most a quarter em. A line whose slack would need more
than MOST_SPACING between its characters (a line before a long unbreakable stretch, a short line
of a few characters) is left as it is set, and so is a line broken between phrases (a short
text's, generator.render.typeset: its breaks are chosen for sense, and its slack stays at its
end, as a heading's does). Any other line is justified by WeasyPrint, at its spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from weasyprint.formatting_structure import boxes
from weasyprint.layout import inline
from weasyprint.text.line_break import create_layout, line_size

from generator.core.japanese import JAPANESE

MOST_SPACING = 0.5  # ems between two characters, at most (JLREQ widens no further)
ZERO_WIDTH = "\u200b"  # what WeasyPrint draws a <wbr> as
GAP_CLASS = "ja-gap"  # a quarter em between Japanese and Latin text (templates/styles/common.css)
PHRASE_CLASS = "ja-phrase"  # a phrase of a short text, set as one inline block
GAP_WIDENS = 0.25  # ems a gap widens by before the characters do: to a half em, as JLREQ allows

# Japanese text, its punctuation and full-width forms: a line holding any is spread between its
# characters (「Sphinx、N.Rocker、N.RockerII、」 too, which holds no kana).
CJK = re.compile(f"[\u3000-\u303f{JAPANESE}\uff01-\uff60]")
# Latin text within a text box: letters, digits, their marks and the spaces between them.
WESTERN = re.compile(r"[!-~\u00a0-\u2e7f]")
WESTERN_RUN = re.compile(r"[!-~\u00a0-\u2e7f]+(?: +[!-~\u00a0-\u2e7f]+)*")
NO_ROOM_BEFORE = "」』）〕】〉》｝、。，．"  # closing marks: their own room stands before the next

_SPACES_JUSTIFY = inline.justify_line


@dataclass(frozen=True)
class _Room:
    """How a line is spread: the letter spacing, how far each gap widens, and for each text box
    (by id) whether each of its characters takes the spacing after it."""

    spacing: float
    widen: float
    after: dict[int, list[bool]]


def justify_line(context: Any, line: Any, extra_width: float) -> None:
    """Justify a line: one holding Japanese between its characters, any other at its spaces;
    not one broken between phrases."""
    if _phrased(line):
        return
    texts = [box for box in _text_boxes(line) if _takes_room(box)]
    if not any(CJK.search(box.text) for box in texts):
        _SPACES_JUSTIFY(context, line, extra_width)
        return
    after = _rooms(texts)
    characters = sum(sum(flags) for flags in after.values())
    if characters < 2:
        return
    em = line.style["font_size"]
    gaps = sum(1 for _ in _gaps(line)) + sum(map(_latin_spaces, texts))
    widen = min(extra_width / gaps, GAP_WIDENS * em) if gaps else 0.0  # JLREQ: these first
    spacing = (extra_width - widen * gaps) / characters  # after each, the last's at the edge
    if spacing > MOST_SPACING * em:
        return
    _spread(context, line, _Room(spacing, widen, after), 0.0)


def _rooms(texts: list[Any]) -> dict[int, list[bool]]:
    """For each text box of a line, whether each character takes the spacing after it: a
    Japanese character does; Latin text only at its spaces and after its end (JLREQ spaces no
    letters of a Western word apart); none where Latin text and a closing mark meet, the mark's
    own half em the room there (「Sphinx、N.Rocker」, not 「Sphinx 、 N.Rocker」)."""
    chars = [char for box in texts for char in box.text]
    flags = []
    for index, char in enumerate(chars):
        following = chars[index + 1] if index + 1 < len(chars) else ""
        if WESTERN.match(char):  # a run's end, not before a closing mark
            flags.append(not WESTERN.match(following) and following not in f" {NO_ROOM_BEFORE}")
        else:  # nor after a closing mark before Latin text
            flags.append(char not in NO_ROOM_BEFORE or not WESTERN.match(following))
    after, start = {}, 0
    for box in texts:
        after[id(box)] = flags[start : start + len(box.text)]
        start += len(box.text)
    return after


def _latin_spaces(box: Any) -> int:
    """How many spaces a text box's Latin runs hold: JLREQ widens them, with the gaps between
    Japanese and Latin text, before the characters."""
    return sum(run.count(" ") for run in WESTERN_RUN.findall(box.text))


def _gaps(box: Any) -> Any:
    """The gaps of a line between Japanese and Latin text (generator.render.typeset.spacing)."""
    if isinstance(box, boxes.InlineBox) and _is_gap(box):
        yield box
    elif isinstance(box, boxes.LineBox | boxes.InlineBox):
        for child in box.children:
            if child.is_in_normal_flow():
                yield from _gaps(child)


def _phrased(box: Any) -> bool:
    """Whether a line (or an inline box of one) holds a phrase set as one inline block."""
    for child in box.children:
        if isinstance(child, boxes.InlineBlockBox):
            if child.element is not None and child.element.get("class") == PHRASE_CLASS:
                return True
        elif isinstance(child, boxes.InlineBox) and _phrased(child):
            return True
    return False


def _is_gap(box: Any) -> bool:
    """Whether an inline box is a gap's empty span."""
    return box.element is not None and box.element.get("class") == GAP_CLASS and not box.children


def _pieces(text: str, flags: list[bool]) -> list[tuple[int, int]]:
    """A text box's text as the stretches one spacing fits: each Latin run (spaced at its spaces
    and after its end), each run of characters that all take the spacing after them, and each
    character that takes none (before a closing mark, after an opening bracket)."""
    pieces, position = [], 0
    for found in WESTERN_RUN.finditer(text):
        pieces += _lettered(flags, position, found.start())
        pieces.append(found.span())
        position = found.end()
    return pieces + _lettered(flags, position, len(text))


def _lettered(flags: list[bool], start: int, end: int) -> list[tuple[int, int]]:
    """The stretches of `[start, end)` (no Latin run) whose characters all take the spacing,
    and each character that takes none, on its own."""
    pieces: list[tuple[int, int]] = []
    for index in range(start, end):
        if flags[index] and pieces and pieces[-1][1] == index and flags[pieces[-1][0]]:
            pieces[-1] = (pieces[-1][0], index + 1)
        else:
            pieces.append((index, index + 1))
    return pieces


def _split(context: Any, children: list[Any], room: _Room) -> list[Any]:
    """A box's children with each text box split into its pieces (`_pieces`), each a box of its
    own with its own spacing flags, so that the Latin's letters take no spacing apart (「(AMU)」)
    and no spacing stands before a closing mark."""
    split = []
    for child in children:
        flags = room.after.get(id(child)) if isinstance(child, boxes.TextBox) else None
        pieces = _pieces(child.text, flags) if flags is not None else []
        if len(pieces) < 2:
            split.append(child)
            continue
        x = child.position_x
        for start, end in pieces:
            text = child.text[start:end]
            piece = child.copy_with_text(text)
            layout = create_layout(
                text, piece.style, context, max_width=None, justification_spacing=0
            )
            piece.width = line_size(layout.get_first_line()[0], piece.style)[0]
            layout.deactivate()
            piece.pango_layout, piece.position_x = layout, x
            room.after[id(piece)] = flags[start:end]
            x += piece.width
            split.append(piece)
    return split


def _takes_room(box: Any) -> bool:
    """Whether a text box's characters take room on the line: not a gap's kept space (set at
    no size), nor the zero-width space a `<wbr>` is drawn as."""
    return bool(box.style["font_size"]) and box.text.strip(ZERO_WIDTH) != ""


def _text_boxes(box: Any) -> Any:
    """The text boxes of a line, in order (an inline block's own lines are its own)."""
    if isinstance(box, boxes.TextBox):
        yield box
    elif isinstance(box, boxes.LineBox | boxes.InlineBox):
        for child in box.children:
            if child.is_in_normal_flow():
                yield from _text_boxes(child)


def _spread(context: Any, box: Any, room: _Room, advance: float) -> float:
    """Move a box by `advance`, widen its text by the spacing after each character that takes it
    and a gap by `room.widen`; the advance the boxes after it are moved by."""
    if isinstance(box, boxes.InlineBox) and _is_gap(box):
        box.position_x += advance
        box.margin_left += room.widen
        return advance + room.widen
    if isinstance(box, boxes.TextBox):
        box.position_x += advance
        flags = room.after.get(id(box))
        if not flags or not any(flags):
            return advance  # a gap's kept space, a <wbr>, a mark's neighbour: none added
        western = bool(WESTERN_RUN.fullmatch(box.text))
        style = box.style.copy()
        if western:
            style["word_spacing"] = room.spacing + room.widen  # its spaces widen first
        else:
            style["letter_spacing"] = room.spacing
        box.style = style
        layout = create_layout(box.text, style, context, max_width=None, justification_spacing=0)
        layout.deactivate()
        box.pango_layout = layout
        spaces = box.text.count(" ")
        extra = (room.spacing + room.widen) * spaces if western else room.spacing * len(box.text)
        box.width += extra
        end = room.spacing if western and flags[-1] else 0.0  # Latin: the room after it
        return advance + extra + end
    if isinstance(box, boxes.LineBox | boxes.InlineBox):
        box.position_x += advance
        before = advance
        box.children = _split(context, box.children, room)
        for child in box.children:
            if child.is_in_normal_flow():
                advance = _spread(context, child, room, advance)
        box.width += advance - before
        return advance
    box.translate(advance, 0)  # an inline block: moved whole
    return advance


def install() -> None:
    """Put this justification in WeasyPrint's place (once; idempotent)."""
    inline.justify_line = justify_line
