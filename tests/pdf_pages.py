"""A PDF's pages as the measuring tests read them: pdfplumber's structure tree, characters, ruled
table cells and form fields, and pypdf's text, each page read once for the whole test run (issue 46: "measure each
page once"). Reading a page's characters is most of a measuring test's time, and the Japanese
print, print floor and card tests measure the same PDFs: each reading is kept pickled by the
PDF's bytes, in a folder every xdist worker shares (each builds the same bytes). A page's
characters are read only when a test asks for them (most pages of a booklet hold no table)."""

from __future__ import annotations

import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader

# pdfplumber snaps parallel rules within 3 points of each other to one line across the whole page:
# two tables side by side whose rows lie a point or two apart (the two sides' pilots on a
# scenario card) got each other's rows, and a glyph inside its real cell seemed outside. A
# WeasyPrint border is drawn where it is, a cell's edges within a few hundredths of a point.
TABLE_SETTINGS = {"snap_tolerance": 0.5}
CHAR_KEYS = (
    "text", "x0", "x1", "top", "bottom", "size", "mcid", "fontname", "upright",
    "non_stroking_color", "width", "height",
)  # fmt: skip
FIELD_KEYS = ("x0", "x1", "top", "bottom")
KEPT = {"folder": None}  # set by tests/conftest.py for the run; None: nothing kept on disk


@dataclass
class Drawn:
    """What a page draws: its characters, its ruled cells' boxes and its form fields' boxes."""

    chars: list[dict]
    cells: list[tuple[float, float, float, float]]
    fields: list[dict]


@dataclass
class Page:
    """One page of a PDF: its structure tree at once, what it draws when first asked for."""

    path: Path
    digest: str
    number: int
    structure_tree: list[dict]
    _drawn: Drawn | None = field(default=None, repr=False)

    @property
    def drawn(self) -> Drawn:
        """The page's characters, cells and fields, read once."""
        if self._drawn is None:
            self._drawn = _kept(f"{self.digest}.p{self.number}", lambda: _draw(self))
        return self._drawn

    @property
    def chars(self) -> list[dict]:
        """pdfplumber's characters, with the keys the tests measure."""
        return self.drawn.chars

    @property
    def cells(self) -> list[tuple[float, float, float, float]]:
        """The boxes of the page's ruled table cells (pdfplumber's table finder)."""
        return self.drawn.cells

    @property
    def fields(self) -> list[dict]:
        """The boxes of the page's form fields."""
        return self.drawn.fields


@dataclass
class Pdf:
    """A PDF's language (its catalog's /Lang) and pages."""

    lang: str
    pages: list[Page]


def read_pdf(path: Path) -> Pdf:
    """A PDF's language and pages, their structure trees read now or kept from the same bytes."""
    digest = hashlib.blake2b(Path(path).read_bytes(), digest_size=16).hexdigest()
    lang, trees = _kept(digest, lambda: _trees(path))
    pages = [Page(path, digest, number, tree) for number, tree in enumerate(trees, 1)]
    return Pdf(lang, pages)


def page_texts(path: Path) -> list[str]:
    """Each page's text as pypdf extracts it, read now or kept from the same bytes."""
    digest = hashlib.blake2b(Path(path).read_bytes(), digest_size=16).hexdigest()
    return _kept(f"{digest}.text", lambda: [page.extract_text() for page in PdfReader(path).pages])


def _trees(path: Path) -> tuple[str, list[list[dict]]]:
    """The PDF's language and each page's structure tree."""
    source = _open(path)
    lang = (source.doc.catalog.get("Lang") or b"").decode()
    return lang, [page.structure_tree for page in source.pages]


def _draw(page: Page) -> Drawn:
    """Read what one page draws with pdfplumber."""
    source = _open(page.path).pages[page.number - 1]
    chars = [{key: char.get(key) for key in CHAR_KEYS} for char in source.chars]
    cells = [box for table in source.find_tables(TABLE_SETTINGS) for box in table.cells if box]
    fields = [
        {key: annot[key] for key in FIELD_KEYS}
        for annot in source.annots
        if str(annot["data"].get("Subtype")) == "/'Widget'"
    ]
    source.close()  # let the page's parsed objects go
    return Drawn(chars, cells, fields)


_OPEN: dict[Path, Any] = {}  # the one PDF open in this process: the tests read one at a time


def _open(path: Path) -> Any:
    """The PDF open with pdfplumber, closing the one open before."""
    if path not in _OPEN:
        for other in _OPEN.values():
            other.close()
        _OPEN.clear()
        _OPEN[path] = pdfplumber.open(path)
    return _OPEN[path]


def _kept(name: str, read: Any) -> Any:
    """`read()`, or what it gave for the same name earlier in this run (by any worker)."""
    folder = KEPT["folder"]
    kept = Path(folder) / f"{name}.pickle" if folder else None
    if kept is not None and kept.exists():
        return pickle.loads(kept.read_bytes())  # written by this run's own tests
    value = read()
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.part")  # whole or not at all: another
        partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        partial.replace(kept)  # worker may read it at once
    return value
