"""Whether a table cell's text and form fields stay inside the cell, read from a PDF (issue 44):
each glyph of a tagged cell (TD, TH) and each form field (a checkbox) against the box a cell's
ruled borders draw (pdfplumber's table finder, tests/pdf_pages.py). A cell drawn without
borders has no box to leave and is not measured."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

from pdf_pages import Page, read_pdf

CELLS = {"TD", "TH"}
TOLERANCE = 0.6  # points: a glyph's edge on the border line is inside
# Closing marks draw in the left half of their em: one set half width and hung past a cell's last
# line (generator.render.typeset.spacing, `ja-hang`) keeps its ink inside the cell, though its
# em box (what the PDF's widths give) reaches beyond.
LEFT_HALF = "」』）〕】〉》｝、。，．"


def glyphs_outside_cells(path: Path) -> list[str]:
    """Each glyph drawn outside the ruled box of the cell it belongs to, as `p<page> <text>`."""
    outside: list[str] = []
    for page in read_pdf(path).pages:
        for chars in _owned_chars(page, _claim).values():
            outside += [f"p{page.number} {text}" for text in _outside(chars, page.cells)]
    return outside


def _owned_chars(page: Page, claim: Callable[[dict, dict, int | None], None]) -> dict[int, list]:
    """A page's drawn characters by the element `claim` gives each marked-content id to (a cell,
    a row label); none read on a page without such an element (most of the time)."""
    owner: dict[int, int] = {}
    for node in page.structure_tree:
        claim(node, owner, None)
    owned: dict[int, list[dict]] = {}
    if not owner:
        return owned
    for char in page.chars:
        element = owner.get(char.get("mcid")) if char.get("mcid") is not None else None
        if element is not None and char["text"].strip():
            owned.setdefault(element, []).append(char)
    return owned


def _claim(node: dict, owner: dict[int, int], cell: int | None) -> None:
    """Give each marked-content id to the table cell it lies in, if any."""
    if node.get("type") in CELLS:
        cell = id(node)
    for mcid in node.get("mcids") or ():
        if cell is not None:
            owner[mcid] = cell
    for child in node.get("children", ()):
        _claim(child, owner, cell)


def _outside(chars: list[dict], boxes: list[tuple[float, ...]]) -> Iterator[str]:
    """The glyphs of one cell outside the smallest ruled box that holds its leftmost glyph."""
    anchor = min(chars, key=lambda char: (char["x0"], char["top"]))
    x, y = (anchor["x0"] + anchor["x1"]) / 2, (anchor["top"] + anchor["bottom"]) / 2
    holding = [box for box in boxes if box[0] <= x <= box[2] and box[1] <= y <= box[3]]
    if not holding:
        return
    left, top, right, bottom = min(holding, key=lambda box: (box[2] - box[0]) * (box[3] - box[1]))
    for char in chars:
        end = char["x0"] + char["size"] / 2 if char["text"] in LEFT_HALF else char["x1"]
        if (
            char["x0"] < left - TOLERANCE
            or end > right + TOLERANCE
            or char["top"] < top - TOLERANCE
            or char["bottom"] > bottom + TOLERANCE
        ):
            yield "".join(other["text"] for other in chars)[:30] + f" ({char['text']})"


def boxes_outside_cells(path: Path) -> list[str]:
    """Each form field (a checkbox, a text field) that crosses a ruled cell's border, or that
    overlaps another (a checkbox pushed out of its column onto the next column's field), as
    `p<page> x0-x1`."""
    found: list[str] = []
    for page in read_pdf(path).pages:
        number = page.number
        for mark in page.fields:
            if any(_crosses(mark, cell) for cell in page.cells):
                found.append(f"p{number} {mark['x0']:.0f}-{mark['x1']:.0f} crosses a border")
        for first, second in itertools.combinations(page.fields, 2):
            if _overlap(first, second):
                found.append(f"p{number} {first['x0']:.0f}-{first['x1']:.0f} overlaps")
    return found


def _crosses(mark: dict, cell: tuple[float, ...]) -> bool:
    """Whether a mark standing in a cell's rows runs over its left or right border."""
    if not (cell[1] <= (mark["top"] + mark["bottom"]) / 2 <= cell[3]):
        return False
    inside = mark["x0"] + TOLERANCE < cell[2] and mark["x1"] - TOLERANCE > cell[0]
    return inside and (mark["x0"] < cell[0] - TOLERANCE or mark["x1"] > cell[2] + TOLERANCE)


def _overlap(first: dict, second: dict) -> bool:
    """Whether two form fields overlap."""
    across = min(first["x1"], second["x1"]) - max(first["x0"], second["x0"])
    down = min(first["bottom"], second["bottom"]) - max(first["top"], second["top"])
    return across > TOLERANCE and down > TOLERANCE


PADDING = 1.1 * 72 / 25.4  # points: a card's cell keeps this inside its border (card.css)


def indented_row_labels(path: Path) -> list[str]:
    """Each row label (a TH of row scope) whose text starts farther inside its ruled box than a
    cell's padding: a stray space or margin before it (the ja unit-errata card's labels began
    0.8 mm in, the margin that parts a bilingual label's Japanese from its English, issue 44)."""
    found: list[str] = []
    for page in read_pdf(path).pages:
        for chars in _owned_chars(page, _claim_row_labels).values():
            left = _left_border(chars, page.cells)
            start = min(char["x0"] for char in chars)
            if left is not None and start - left > PADDING + TOLERANCE:
                text = "".join(char["text"] for char in chars)[:20]
                found.append(f"p{page.number} {text} {start - left:.1f}pt")
    return found


def _claim_row_labels(node: dict, owner: dict[int, int], label: int | None) -> None:
    """Give each marked-content id to the row label it lies in, if any."""
    if node.get("type") == "TH" and (node.get("attributes") or {}).get("Scope") == "Row":
        label = id(node)
    for mcid in node.get("mcids") or ():
        if label is not None:
            owner[mcid] = label
    for child in node.get("children", ()):
        _claim_row_labels(child, owner, label)


def _left_border(chars: list[dict], boxes: list[tuple[float, ...]]) -> float | None:
    """The left border of the smallest ruled box that holds a cell's leftmost glyph."""
    anchor = min(chars, key=lambda char: (char["x0"], char["top"]))
    x, y = (anchor["x0"] + anchor["x1"]) / 2, (anchor["top"] + anchor["bottom"]) / 2
    holding = [box for box in boxes if box[0] <= x <= box[2] and box[1] <= y <= box[3]]
    if not holding:
        return None
    return min(holding, key=lambda box: (box[2] - box[0]) * (box[3] - box[1]))[0]
