"""Impose finished A5 cards on A4 or Letter sheets: 2-up at actual size, 4-up reduced.

Cards keep their own page (portrait or landscape); each is turned when its cell's orientation
differs and centred in it: at actual size on a 2-up sheet (two A5 cards side by side on A4, cut
once down the centre; one a page on Letter, which is too narrow for two), reduced to its cell on a
4-up sheet, which says so. Trim marks go where the sheet has room for them. Each card goes on the
sheet whole, as a form XObject drawn through a matrix, so its content stream is copied, never
parsed and rewritten (pypdf's page merging spent about 0.15 s a card doing that). Each card's
structure tree comes along (generator.render.structure): its marked content, now inside the
form, is referenced from its elements through the form, so the sheet is tagged like the cards;
the crop marks are artifacts.
"""

from __future__ import annotations

import io
import itertools
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
from generator.render.sheet_plan import MM, Sheet, sheet_for
from generator.render.structure import Structure

MARK = 4 * MM  # length of a crop mark
GAP = 2 * MM  # distance between a mark and the trim
CUT_MARK = 7 * MM  # a cut line's mark, from the sheet's edge into the blank safe area of the cards


@dataclass(frozen=True)
class Imposed:
    """How cards are imposed: `layout` (2up, 4up) on `paper`, the sheets' PDF `identifier`, tagged
    and titled `title` in `lang`, claiming `variant` when one is given; `note` (a one-page PDF of
    the sheet's size) is printed under the cards of every sheet."""

    layout: str
    paper: str
    identifier: bytes
    title: str = ""
    lang: str = "en"
    variant: str | None = None
    note: bytes | None = None


def impose(cards: list[bytes], imposed: Imposed) -> tuple[bytes, int]:
    """Cards (one-page tagged PDFs) laid out on sheets; return the PDF and its page count."""
    note = imposed.note
    sheet = sheet_for(imposed.layout, imposed.paper)
    writer = PdfWriter()
    structure = Structure(writer)
    first: PdfReader | None = None
    for start in range(0, len(cards), sheet.cards):
        page = writer.add_blank_page(width=sheet.width, height=sheet.height)
        forms = DictionaryObject()
        drawing: list[str] = []
        trims = []
        placed = [(note, None)] if note else []
        placed += list(zip(cards[start : start + sheet.cards], sheet.cells(), strict=False))
        for slot, (data, cell) in enumerate(placed):
            reader = PdfReader(io.BytesIO(data)) if data is note else parsed(data)
            first = first or (reader if data is not note else None)
            card = reader.pages[0]
            name = f"/Card{slot}"
            form = forms[NameObject(name)] = _as_form(writer, card)
            number = card.indirect_reference.idnum
            structure.copy(reader, {number: page.indirect_reference}, forms={number: form})
            if cell is None:
                drawing.append(f"{name} Do")
                continue
            matrix, trim = _placement(card, *cell, true_size=sheet.true_size)
            drawing.append(f"q {' '.join(f'{v:.4f}' for v in matrix)} cm {name} Do Q")
            trims.append(trim)
        _draw(writer, page, forms, drawing, _marks(sheet, trims))
    structure.finish(imposed.title, imposed.lang, imposed.variant, first)
    # pypdf would write a random document id; the build's own keeps two builds identical.
    identifier = ByteStringObject(imposed.identifier)
    writer._ID = ArrayObject([identifier, identifier])
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
    card: PageObject, x0: float, y0: float, cw: float, ch: float, *, true_size: bool
) -> tuple[tuple[float, ...], tuple[float, float, float, float]]:
    """The matrix that puts a card in its cell (at actual size where it fits the cell, else
    reduced to fit), and where its trim then lies on the sheet."""
    w, h = float(card.mediabox.width), float(card.mediabox.height)
    turn = (w > h) != (cw > ch)
    shown_w, shown_h = (h, w) if turn else (w, h)
    scale = min(cw / shown_w, ch / shown_h)
    if true_size:
        scale = 1.0 if scale > 0.999 else scale  # a card with a bleed is reduced to its cell
    left = x0 + (cw - shown_w * scale) / 2
    bottom = y0 + (ch - shown_h * scale) / 2
    if turn:
        op = Transformation().rotate(90).translate(h, 0).scale(scale).translate(left, bottom)
    else:
        op = Transformation().scale(scale).translate(left, bottom)
    return op.ctm, (left, bottom, left + shown_w * scale, bottom + shown_h * scale)


def _marks(sheet: Sheet, trims: list[tuple[float, float, float, float]]) -> list[str]:
    """The trim marks: at each card's corners where the sheet has room around it; where cards
    meet edge to edge and fill the sheet's height, a mark on the cut line at the top and bottom
    edges instead (it falls in the blank safe area of the cards and is cut away with the line)."""
    lines = []
    for x1, y1, x2, y2 in trims:
        if y1 >= GAP + MARK and sheet.height - y2 >= GAP + MARK:
            lines += _crop_marks(x1, y1, x2, y2)
    if sheet.true_size and sheet.across > 1:
        for (_, y1, right, _), (left, _, _, _) in itertools.pairwise(trims):
            if abs(right - left) < 0.5 and y1 < GAP + MARK:
                x = (right + left) / 2
                lines.append(f"{x:.2f} 0 m {x:.2f} {CUT_MARK:.2f} l S")
                top = sheet.height
                lines.append(f"{x:.2f} {top:.2f} m {x:.2f} {top - CUT_MARK:.2f} l S")
    return lines


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
