"""Japanese justified as JLREQ justifies it, which WeasyPrint 70 does not do.

WeasyPrint justifies a line (`text-align: justify`) by widening its spaces only. A Japanese line
has next to none, and the one it has is the space a gap between Japanese and Latin text keeps at
no size (generator.render.typeset.spacing), which would then take all the line's slack. JLREQ
spreads the slack between the characters instead: a line holding Japanese is justified here by
the same letter spacing between all its characters, and the quarter-em gaps (empty spans with a
margin) keep their width. A line whose slack would need more than MOST_SPACING between its
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

_SPACES_JUSTIFY = inline.justify_line


def justify_line(context: Any, line: Any, extra_width: float) -> None:
    """Justify a line: one holding Japanese between its characters, any other at its spaces."""
    texts = list(_text_boxes(line))
    if not any(JAPANESE_RUN.search(box.text) for box in texts):
        _SPACES_JUSTIFY(context, line, extra_width)
        return
    characters = sum(len(box.text) for box in texts if box.style["font_size"])
    if characters < 2:
        return
    spacing = extra_width / characters  # after each, the last's ending the line at its edge
    if spacing > MOST_SPACING * line.style["font_size"]:
        return
    _spread(context, line, spacing, 0.0)


def _text_boxes(box: Any) -> Any:
    """The text boxes of a line, in order (an inline block's own lines are its own)."""
    if isinstance(box, boxes.TextBox):
        yield box
    elif isinstance(box, boxes.LineBox | boxes.InlineBox):
        for child in box.children:
            if child.is_in_normal_flow():
                yield from _text_boxes(child)


def _spread(context: Any, box: Any, spacing: float, advance: float) -> float:
    """Move a box by `advance` and widen its text by `spacing` after each character; the
    advance the boxes after it are moved by."""
    if isinstance(box, boxes.TextBox):
        box.position_x += advance
        if not box.style["font_size"]:
            return advance  # a gap's kept space: no room, and none added
        style = box.style.copy()
        style["letter_spacing"] = spacing
        box.style = style
        layout = create_layout(box.text, style, context, max_width=None, justification_spacing=0)
        layout.deactivate()
        box.pango_layout = layout
        extra = spacing * len(box.text)
        box.width += extra
        return advance + extra
    if isinstance(box, boxes.LineBox | boxes.InlineBox):
        box.position_x += advance
        before = advance
        for child in box.children:
            if child.is_in_normal_flow():
                advance = _spread(context, child, spacing, advance)
        box.width += advance - before
        return advance
    box.translate(advance, 0)  # an inline block: moved whole
    return advance


def install() -> None:
    """Put this justification in WeasyPrint's place (once; idempotent)."""
    inline.justify_line = justify_line
