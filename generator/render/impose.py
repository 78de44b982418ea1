"""Impose finished A5 cards 2-up or 4-up on A4 or Letter sheets, with crop marks at every trim.

Cards keep their own page (portrait or landscape); each is scaled to its cell, turned when the
cell's orientation differs, centred, and marked at its corners. Each card goes on the sheet whole,
as a form XObject drawn through a matrix, so its content stream is copied, never parsed and
rewritten (pypdf's page merging spent about 0.15 s a card doing that). Each card's structure tree
comes along (generator.render.structure): its marked content, now inside the form, is referenced
from its elements through the form, so the sheet is tagged like the cards; the crop marks are
artifacts.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    StreamObject,
)

from generator.render.readers import parsed
from generator.render.structure import Structure

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


def impose(
    cards: list[bytes],
    layout: str,
    paper: str,
    identifier: bytes,
    *,
    title: str = "",
    lang: str = "en",
    variant: str | None = None,
) -> tuple[bytes, int]:
    """Cards (one-page tagged PDFs) laid out on sheets; return the PDF and its page count. The
    sheets are tagged too, titled `title` in `lang`, and claim `variant` when one is given."""
    grid = GRIDS[layout]
    width, height = SHEETS[paper]
    if grid.landscape:
        width, height = height, width
    cell_w = (width - 2 * MARGIN) / grid.across
    cell_h = (height - 2 * MARGIN) / grid.down
    writer = PdfWriter()
    structure = Structure(writer)
    first: PdfReader | None = None
    per_sheet = grid.across * grid.down
    for start in range(0, len(cards), per_sheet):
        sheet = writer.add_blank_page(width=width, height=height)
        forms = DictionaryObject()
        drawing: list[str] = []
        marks: list[str] = []
        for slot, data in enumerate(cards[start : start + per_sheet]):
            reader = parsed(data)
            first = first or reader
            card = reader.pages[0]
            column, row = slot % grid.across, slot // grid.across
            x0 = MARGIN + column * cell_w
            y0 = height - MARGIN - (row + 1) * cell_h
            name = f"/Card{slot}"
            form = forms[NameObject(name)] = _as_form(writer, card)
            number = card.indirect_reference.idnum
            structure.copy(reader, {number: sheet.indirect_reference}, forms={number: form})
            matrix, trim = _placement(card, x0, y0, cell_w, cell_h)
            drawing.append(f"q {' '.join(f'{v:.4f}' for v in matrix)} cm {name} Do Q")
            marks += _crop_marks(*trim)
        _draw(writer, sheet, forms, drawing, marks)
    structure.finish(title, lang, variant, first)
    # pypdf would write a random document id; the build's own keeps two builds identical.
    writer._ID = ArrayObject([ByteStringObject(identifier), ByteStringObject(identifier)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)


def _as_form(writer: PdfWriter, card: PageObject) -> IndirectObject:
    """A card's page as a form XObject in the writer: its content, resources and box."""
    form = StreamObject()
    form.set_data(card.get_contents().get_data())
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(FloatObject(v) for v in card.mediabox),
            NameObject("/Resources"): card["/Resources"].get_object().clone(writer),
        }
    )
    if "/Group" in card:
        form[NameObject("/Group")] = card["/Group"].get_object().clone(writer)
    return writer._add_object(form.flate_encode())


def _placement(
    card: PageObject, x0: float, y0: float, cw: float, ch: float
) -> tuple[tuple[float, ...], tuple[float, float, float, float]]:
    """The matrix that puts a card in its cell, and where its trim then lies on the sheet."""
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
    return op.ctm, (left, bottom, left + shown_w * scale, bottom + shown_h * scale)


def _crop_marks(x1: float, y1: float, x2: float, y2: float) -> list[str]:
    lines = []
    for x, y, dx, dy in ((x1, y1, -1, -1), (x2, y1, 1, -1), (x1, y2, -1, 1), (x2, y2, 1, 1)):
        lines.append(f"{x + dx * GAP:.2f} {y:.2f} m {x + dx * (GAP + MARK):.2f} {y:.2f} l S")
        lines.append(f"{x:.2f} {y + dy * GAP:.2f} m {x:.2f} {y + dy * (GAP + MARK):.2f} l S")
    return lines


def _draw(
    writer: PdfWriter,
    page: PageObject,
    forms: DictionaryObject,
    drawing: list[str],
    marks: list[str],
) -> None:
    """One sheet: the cards drawn through their matrices, then the crop marks (artifacts: not
    part of the document a reader reads)."""
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): forms})
    stream = StreamObject()
    crop = "/Artifact BMC q 0.25 w 0 G " + " ".join(marks) + " Q EMC"
    stream.set_data(("\n".join(drawing) + "\n" + crop).encode())
    page[NameObject("/Contents")] = writer._add_object(stream.flate_encode())
