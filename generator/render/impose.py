"""Impose finished A5 cards 2-up or 4-up on A4 or Letter sheets, with crop marks at every trim.

Cards keep their own page (portrait or landscape); each is scaled to its cell, turned when the
cell's orientation differs, centred, and marked at its corners.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import ArrayObject, ByteStringObject, ContentStream, NameObject

MM = 72 / 25.4
SHEETS = {"a4": (210 * MM, 297 * MM), "letter": (215.9 * MM, 279.4 * MM)}
MARGIN = 10 * MM  # room for the crop marks around the cards
MARK = 4 * MM  # length of a crop mark
GAP = 2 * MM  # distance between a mark and the trim


@dataclass(frozen=True)
class Grid:
    """How many cells across and down, and whether the sheet lies landscape."""

    across: int
    down: int
    landscape: bool


GRIDS = {"2up": Grid(2, 1, True), "4up": Grid(2, 2, False)}


def impose(cards: list[bytes], layout: str, paper: str, identifier: bytes) -> tuple[bytes, int]:
    """Cards (one-page PDFs) laid out on sheets; return the PDF and its page count."""
    grid = GRIDS[layout]
    width, height = SHEETS[paper]
    if grid.landscape:
        width, height = height, width
    cell_w = (width - 2 * MARGIN) / grid.across
    cell_h = (height - 2 * MARGIN) / grid.down
    writer = PdfWriter()
    per_sheet = grid.across * grid.down
    for start in range(0, len(cards), per_sheet):
        sheet = PageObject.create_blank_page(width=width, height=height)
        marks: list[str] = []
        for slot, data in enumerate(cards[start : start + per_sheet]):
            card = PdfReader(io.BytesIO(data)).pages[0]
            column, row = slot % grid.across, slot // grid.across
            x0 = MARGIN + column * cell_w
            y0 = height - MARGIN - (row + 1) * cell_h
            marks += _place(sheet, card, x0, y0, cell_w, cell_h)
        _draw(writer, sheet, marks)
    writer.add_metadata({"/Producer": "playaid"})
    # pypdf would write a random document id; the build's own keeps two builds identical.
    writer._ID = ArrayObject([ByteStringObject(identifier), ByteStringObject(identifier)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)


def _place(
    sheet: PageObject, card: PageObject, x0: float, y0: float, cw: float, ch: float
) -> list[str]:
    """Merge one card into its cell; return the crop-mark drawing for its trim box."""
    w, h = float(card.mediabox.width), float(card.mediabox.height)
    turn = (w > h) != (cw > ch)
    shown_w, shown_h = (h, w) if turn else (w, h)
    scale = min(cw / shown_w, ch / shown_h)
    left = x0 + (cw - shown_w * scale) / 2
    bottom = y0 + (ch - shown_h * scale) / 2
    if turn:
        op = Transformation().rotate(90).translate(h, 0).scale(scale).translate(left, bottom)
    else:
        op = Transformation().scale(scale).translate(left, bottom)
    sheet.merge_transformed_page(card, op)
    return _crop_marks(left, bottom, left + shown_w * scale, bottom + shown_h * scale)


def _crop_marks(x1: float, y1: float, x2: float, y2: float) -> list[str]:
    lines = []
    for x, y, dx, dy in ((x1, y1, -1, -1), (x2, y1, 1, -1), (x1, y2, -1, 1), (x2, y2, 1, 1)):
        lines.append(f"{x + dx * GAP:.2f} {y:.2f} m {x + dx * (GAP + MARK):.2f} {y:.2f} l S")
        lines.append(f"{x:.2f} {y + dy * GAP:.2f} m {x:.2f} {y + dy * (GAP + MARK):.2f} l S")
    return lines


def _draw(writer: PdfWriter, sheet: PageObject, marks: list[str]) -> None:
    page = writer.add_page(sheet)
    stream = ContentStream(None, writer)
    stream.set_data(("q 0.25 w 0 G " + " ".join(marks) + " Q").encode())
    contents = page.get_contents()
    if contents is not None:
        joined = ContentStream(None, writer)
        joined.set_data(contents.get_data() + b"\n" + stream.get_data())
        stream = joined
    page[NameObject("/Contents")] = writer._add_object(stream)
