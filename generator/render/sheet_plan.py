"""Where cards go on a sheet to cut out: how many a sheet holds, in which cells, at what size.

Pure geometry, in PDF points, shared by the imposition (generator.render.impose) and by what a
kit's first page and a sheet's note say about cutting.
"""

from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4
SHEETS = {"a4": (210 * MM, 297 * MM), "letter": (215.9 * MM, 279.4 * MM)}
A5 = (148 * MM, 210 * MM)  # a card's trim, portrait
MARGIN = 10 * MM  # room for the crop marks around reduced cards
NOTE_MARGIN = 17 * MM  # at the top of a sheet of reduced cards: two lines of the note that says so


@dataclass(frozen=True)
class Sheet:
    """How cards sit on one sheet: its size, the cells across and down, and whether the cards
    keep their own size (else each is reduced to its cell, inside a margin for crop marks)."""

    width: float
    height: float
    across: int
    down: int
    true_size: bool

    @property
    def cards(self) -> int:
        """How many cards one sheet holds."""
        return self.across * self.down

    def cells(self) -> list[tuple[float, float, float, float]]:
        """Each cell's left, bottom, width and height, row by row from the top left."""
        if self.true_size:
            cell_w, cell_h = A5
            left = (self.width - self.across * cell_w) / 2
            top = (self.height + self.down * cell_h) / 2
        else:
            cell_w = (self.width - 2 * MARGIN) / self.across
            cell_h = (self.height - MARGIN - NOTE_MARGIN) / self.down
            left, top = MARGIN, self.height - NOTE_MARGIN
        return [
            (left + column * cell_w, top - (row + 1) * cell_h, cell_w, cell_h)
            for row in range(self.down)
            for column in range(self.across)
        ]


def sheet_for(layout: str, paper: str) -> Sheet:
    """The sheet a layout prints on: 2-up puts two A5 cards side by side at actual size on a
    landscape A4 (they fill it with 1 mm to spare: one cut down the centre); a Letter sheet is
    too narrow for two, so 2-up on Letter places one card a page, at actual size; 4-up reduces
    four cards to fit a portrait sheet with crop marks."""
    width, height = SHEETS[paper]
    if layout == "4up":
        return Sheet(width, height, 2, 2, true_size=False)
    if width < 2 * A5[0] and height < 2 * A5[0]:
        return Sheet(width, height, 1, 1, true_size=True)
    return Sheet(height, width, 2, 1, true_size=True)


def reduction(layout: str, paper: str) -> float:
    """How large an A5 card prints on the layout's sheet: 1.0 at actual size."""
    sheet = sheet_for(layout, paper)
    if sheet.true_size:
        return 1.0
    _, _, cell_w, cell_h = sheet.cells()[0]
    return min(cell_w / A5[0], cell_h / A5[1])
