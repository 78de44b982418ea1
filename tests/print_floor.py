"""Type as it prints: every run of text in a PDF with the size it prints at (after every matrix:
the page's, an imposed card's form, a drawing's), where it starts, and whether it sits in a table
cell (a TD or TH of the structure tree), read from the content streams.

Faster than pdfminer by far (a full build's PDFs in seconds): only the operators that place and
size text are read; glyphs are decoded through each font's ToUnicode map only to tell a visible
character from a space.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CELLS = {"/TD", "/TH"}

HEX = re.compile(rb"<([0-9A-Fa-f]*)>")
MCID = re.compile(rb"/MCID\s+(\d+)")
SHOW = {b"TJ", b"Tj", b"'", b'"'}


@dataclass(frozen=True)
class Run:
    """A run of visible text: its page (from 1), printed size in points, start on the page, and
    whether a table cell holds it."""

    page: int
    size: float
    x: float
    y: float
    tag: str  # the table cell holding it, "TD" or "TH", or ""
    text: str

    @property
    def cell(self) -> bool:
        """Whether a table cell holds the run."""
        return bool(self.tag)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n, as PDF matrices compose (row vectors)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    )


def runs(path: Path) -> Iterator[Run]:
    """Every run of visible text in the PDF at `path`."""
    reader = PdfReader(path)
    tree = _ParentTree(reader)
    fonts: dict[int, dict[int, str]] = {}
    for number, page in enumerate(reader.pages, 1):
        scan = _Scan(number, tree, fonts)
        key = page.get("/StructParents")
        resources = page.get("/Resources")
        yield from scan.stream(page.get_contents().get_data(), resources, IDENTITY, key, None)


class _ParentTree:
    """The structure tree's parent tree: for a content stream's key and an MCID, whether the
    element that owns the content is (or lies inside) a table cell."""

    def __init__(self, reader: PdfReader) -> None:
        self.entries: dict[int, Any] = {}
        self.known: dict[tuple[int, int], str] = {}
        root = reader.trailer["/Root"].get("/StructTreeRoot")
        if root is not None and "/ParentTree" in root.get_object():
            self._collect(root.get_object()["/ParentTree"].get_object())

    def _collect(self, node: DictionaryObject) -> None:
        nums = node.get("/Nums", ArrayObject())
        for index in range(0, len(nums), 2):
            self.entries[int(nums[index])] = nums[index + 1]
        for kid in node.get("/Kids", ()):
            self._collect(kid.get_object())

    def in_cell(self, key: int | None, mcid: int) -> str:
        """The TD or TH that holds the element marked `mcid` in the stream keyed `key`, or ""."""
        if key is None or key not in self.entries:
            return ""
        if (key, mcid) not in self.known:
            self.known[(key, mcid)] = self._in_cell(key, mcid)
        return self.known[(key, mcid)]

    def _in_cell(self, key: int, mcid: int) -> str:
        elements = self.entries[key].get_object()
        if not isinstance(elements, ArrayObject) or mcid >= len(elements):
            return ""
        element = elements[mcid]
        for _ in range(64):
            element = element.get_object() if isinstance(element, IndirectObject) else element
            if not isinstance(element, DictionaryObject):
                return ""
            if element.get("/S") in CELLS:
                return str(element["/S"])[1:]
            element = element.get("/P")
        return ""


class _Scan:
    """One page's content streams, forms followed, read for text runs."""

    def __init__(self, page: int, tree: _ParentTree, fonts: dict[int, dict[int, str]]) -> None:
        self.page, self.tree, self.fonts = page, tree, fonts

    def stream(
        self, data: bytes, resources: Any, ctm: Matrix, key: int | None, inherited: str | None
    ) -> Iterator[Run]:
        """The runs of one content stream, drawn through `ctm`, its marked content keyed `key`
        in the parent tree; `inherited` says whether the stream is drawn inside a cell. Tokens
        are split at white space (WeasyPrint writes no string with a space in it)."""
        resources = resources.get_object() if resources is not None else DictionaryObject()
        stack: list[Matrix] = []
        marked: list[str | None] = []
        tm, font, size = IDENTITY, None, 0.0
        operands: list[bytes] = []
        for token in data.split():
            if not (token[:1].isalpha() or token in SHOW):
                operands.append(token)
                continue
            if token in SHOW:
                text = self._decode(b"".join(operands), font)
                if text.strip():
                    cell = next((m for m in reversed(marked) if m is not None), inherited)
                    _, _, c, d, e, f = multiply(tm, ctm)
                    printed = size * math.hypot(c, d)
                    yield Run(self.page, round(printed, 2), e, f, cell or "", text)
            elif token == b"cm":
                ctm = multiply(tuple(float(v) for v in operands[-6:]), ctm)  # type: ignore[arg-type]
            elif token == b"Tm":
                tm = tuple(float(v) for v in operands[-6:])  # type: ignore[assignment]
            elif token == b"Tf":
                font = resources.get("/Font", {}).get(operands[-2].decode())
                size = float(operands[-1])
            elif token == b"Do":
                cell = next((m for m in reversed(marked) if m is not None), inherited)
                yield from self._form(operands[-1].decode()[1:], resources, ctm, cell)
            elif token == b"BDC":
                mcid = MCID.search(b" ".join(operands))
                marked.append(self.tree.in_cell(key, int(mcid.group(1))) if mcid else None)
            elif token == b"BMC":
                marked.append(None)
            elif token == b"EMC" and marked:
                marked.pop()
            elif token == b"q":
                stack.append(ctm)
            elif token == b"Q" and stack:
                ctm = stack.pop()
            operands = []

    def _form(self, name: str, resources: Any, ctm: Matrix, cell: str | None) -> Iterator[Run]:
        """The runs of a form XObject drawn at `ctm`."""
        xobject = resources.get("/XObject", {}).get("/" + name)
        if xobject is None:
            return
        form = xobject.get_object()
        if form.get("/Subtype") != "/Form":
            return
        matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
        key = form.get("/StructParents")
        yield from self.stream(
            form.get_data(),
            form.get("/Resources"),
            multiply(matrix, ctm),
            key,
            cell,  # type: ignore[arg-type]
        )

    def _decode(self, shown: bytes, font: Any) -> str:
        """The text a show operator draws, through its font's ToUnicode map (two-byte codes)."""
        mapping = self._map(font)
        text = []
        for digits in HEX.findall(shown):
            width = 4 if len(digits) % 4 == 0 else 2
            for index in range(0, len(digits), width):
                code = int(digits[index : index + width], 16)
                text.append(mapping.get(code, "?"))
        return "".join(text)

    def _map(self, font: Any) -> dict[int, str]:
        """A font's ToUnicode map, read once per font object."""
        if font is None:
            return {}
        number = font.idnum if isinstance(font, IndirectObject) else id(font)
        if number not in self.fonts:
            self.fonts[number] = _to_unicode(font.get_object())
        return self.fonts[number]


def _to_unicode(font: DictionaryObject) -> dict[int, str]:
    """A font's code-to-text map from its ToUnicode CMap (bfchar and bfrange)."""
    if "/ToUnicode" not in font:
        return {}
    data = font["/ToUnicode"].get_object().get_data()
    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for code, target in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[int(code, 16)] = bytes.fromhex(target.decode()).decode("utf-16-be", "replace")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        pattern = rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>"
        for low, high, start in re.findall(pattern, block):
            first = int(start, 16)
            for offset in range(int(high, 16) - int(low, 16) + 1):
                mapping[int(low, 16) + offset] = chr(first + offset)
    return mapping
