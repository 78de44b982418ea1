"""Japanese justified as JLREQ justifies it, which WeasyPrint 70 does not do.

WeasyPrint justifies a line (`text-align: justify`) by widening its spaces only. A Japanese line
has next to none, and the one it has is the space a gap between Japanese and Latin text keeps at
no size (generator.render.typeset.spacing), which would then take all the line's slack. JLREQ
spreads the slack between the characters instead: a line holding Japanese is justified here by
the same letter spacing between all its characters, Latin text taking it at its spaces and after
its end (JLREQ spaces no letters of a Western word apart), once the quarter-em gaps between
Japanese and Latin text (empty spans with a margin) have widened, as JLREQ widens them first, to
at most a half em. A line whose slack would need more than MOST_SPACING between its
characters (a line before a long unbreakable stretch, a short line of a few characters) is left
as it is set. Any other line is justified by WeasyPrint, at its spaces.
"""

from __future__ import annotations

from typing import Any

from weasyprint.formatting_structure import boxes
from weasyprint.layout import inline
from weasyprint.text.line_break import create_layout

from generator.core.japanese import JAPANESE_RUN

MOST_SPACING = 0.5  # ems between two characters, at most (JLREQ widens no further)
ZERO_WIDTH = "\u200b"  # what WeasyPrint draws a <wbr> as
GAP_CLASS = "ja-gap"  # a quarter em between Japanese and Latin text (templates/styles/common.css)
GAP_WIDENS = 0.25  # ems a gap widens by before the characters do: to a half em, as JLREQ allows

_SPACES_JUSTIFY = inline.justify_line


def justify_line(context: Any, line: Any, extra_width: float) -> None:
    """Justify a line: one holding Japanese between its characters, any other at its spaces."""
    texts = list(_text_boxes(line))
    if not any(JAPANESE_RUN.search(box.text) for box in texts):
        _SPACES_JUSTIFY(context, line, extra_width)
        return
    characters = sum(_characters(box) for box in texts if _takes_room(box))
    if characters < 2:
        return
    em = line.style["font_size"]
    gaps = sum(1 for _ in _gaps(line))
    widen = min(extra_width / gaps, GAP_WIDENS * em) if gaps else 0.0  # JLREQ: the gaps first
    spacing = (extra_width - widen * gaps) / characters  # after each, the last's at the edge
    if spacing > MOST_SPACING * em:
        return
    _spread(context, line, spacing, widen, 0.0)


def _gaps(box: Any) -> Any:
    """The gaps of a line between Japanese and Latin text (generator.render.typeset.spacing)."""
    if isinstance(box, boxes.InlineBox) and _is_gap(box):
        yield box
    elif isinstance(box, boxes.LineBox | boxes.InlineBox):
        for child in box.children:
            if child.is_in_normal_flow():
                yield from _gaps(child)


def _is_gap(box: Any) -> bool:
    """Whether an inline box is a gap's empty span."""
    return box.element is not None and box.element.get("class") == GAP_CLASS and not box.children


def _characters(box: Any) -> int:
    """How many places a text box takes spacing after: each of its characters, but Latin text
    only at its spaces and after its end (JLREQ spaces no letters of a Western word apart)."""
    return box.text.count(" ") + 1 if _western(box) else len(box.text)


def _western(box: Any) -> bool:
    """Whether a text box holds Latin letters or digits and no Japanese (AMU, S.F.3.D, 10)."""
    return not JAPANESE_RUN.search(box.text) and any(
        ch.isascii() and ch.isalnum() for ch in box.text
    )


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


def _spread(context: Any, box: Any, spacing: float, widen: float, advance: float) -> float:
    """Move a box by `advance`, widen its text by `spacing` after each character and a gap by
    `widen`; the advance the boxes after it are moved by."""
    if isinstance(box, boxes.InlineBox) and _is_gap(box):
        box.position_x += advance
        box.margin_left += widen
        return advance + widen
    if isinstance(box, boxes.TextBox):
        box.position_x += advance
        if not _takes_room(box):
            return advance  # a gap's kept space, a <wbr>: no room, and none added
        western = _western(box)
        style = box.style.copy()
        style["word_spacing" if western else "letter_spacing"] = spacing
        box.style = style
        layout = create_layout(box.text, style, context, max_width=None, justification_spacing=0)
        layout.deactivate()
        box.pango_layout = layout
        extra = spacing * (box.text.count(" ") if western else len(box.text))
        box.width += extra
        return advance + extra + (spacing if western else 0.0)  # Latin: the room after it
    if isinstance(box, boxes.LineBox | boxes.InlineBox):
        box.position_x += advance
        before = advance
        for child in box.children:
            if child.is_in_normal_flow():
                advance = _spread(context, child, spacing, widen, advance)
        box.width += advance - before
        return advance
    box.translate(advance, 0)  # an inline block: moved whole
    return advance


def install() -> None:
    """Put this justification in WeasyPrint's place (once; idempotent)."""
    inline.justify_line = justify_line
