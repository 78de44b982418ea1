"""Tagged PDFs bound one after another into one: a scenario's print-and-play kit, or the
bilingual scenario card (the English card backed by the Japanese one).

Each piece keeps its structure tree (generator.render.structure), its bookmarks under a
bookmark of its own, and its links: a link to a named place resolves to that place in the piece
that is its target where one is (the kit's rules appendix, so that the card's rules in use open
their full texts), else in its own piece, never in another piece that happens to use the same
name. Page labels name the parts.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from generator.render.readers import parsed
from generator.render.structure import Structure, annotations_moved, forms_moved


@dataclass(frozen=True)
class Piece:
    """One PDF to bind: under a bookmark (None: none, as a blank back), in the part its pages
    are labelled with, and whether links elsewhere in the bound PDF resolve into it first."""

    pdf: bytes
    bookmark: str | None = None
    label: str | None = None  # the page label's prefix of the part this piece belongs to
    link_target: bool = False


def assemble(
    pieces: list[Piece],
    identifier: bytes,
    *,
    title: str = "",
    lang: str = "en",
    variant: str | None = None,
) -> tuple[bytes, int]:
    """The pieces one after another; tagged, titled `title` in `lang`, claiming `variant` when
    one is given. A piece in another language keeps it: its structure elements say so (/Lang),
    as the bilingual edition's Japanese card does."""
    writer = PdfWriter()
    structure = Structure(writer)
    first: PdfReader | None = None
    placed: list[tuple[PdfReader, list[Any]]] = []  # each piece's reader and its pages' copies
    bound: set[bytes] = set()
    for piece in pieces:
        # A piece bound twice here (a blank back) is read afresh the second time: pypdf appends
        # one reader's pages to one writer only once as their own objects.
        reader = parsed(piece.pdf) if piece.pdf not in bound else PdfReader(io.BytesIO(piece.pdf))
        bound.add(piece.pdf)
        first = first or reader
        start = len(writer.pages)
        writer.append(
            reader, outline_item=piece.bookmark, import_outline=piece.bookmark is not None
        )
        pages, streams, annotations = {}, {}, {}
        copies = list(writer.pages[start:])
        for source, copy in zip(reader.pages, copies, strict=True):
            pages[source.indirect_reference.idnum] = copy.indirect_reference
            streams |= forms_moved(source, copy)
            annotations |= annotations_moved(source, copy)
        part_lang = reader.trailer["/Root"].get("/Lang")
        structure.copy(
            reader,
            pages,
            streams=streams,
            annotations=annotations,
            lang=str(part_lang) if part_lang and str(part_lang) != lang else None,
        )
        placed.append((reader, copies))
    _resolve_links(writer, pieces, placed)
    _label_pages(writer, pieces, placed)
    structure.finish(title, lang, variant, first)
    # pypdf would write a random document id; the build's own keeps two builds identical.
    writer._ID = ArrayObject([ByteStringObject(identifier), ByteStringObject(identifier)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)


def _destinations(reader: PdfReader, copies: list[Any]) -> dict[str, ArrayObject]:
    """A piece's named places as explicit destinations on the pages they were copied to."""
    found = {}
    numbers = {page.indirect_reference.idnum: index for index, page in enumerate(reader.pages)}
    for name, destination in reader.named_destinations.items():
        page = destination.page
        index = numbers.get(getattr(page, "idnum", None))
        if index is None:
            continue
        left, top = destination.get("/Left", 0), destination.get("/Top", 0)
        found[str(name)] = ArrayObject(
            [
                copies[index].indirect_reference,
                NameObject("/XYZ"),
                FloatObject(left or 0),
                FloatObject(top or 0),
                NumberObject(0),
            ]
        )
    return found


def _resolve_links(
    writer: PdfWriter, pieces: list[Piece], placed: list[tuple[PdfReader, list[Any]]]
) -> None:
    """Every link to a named place made explicit: into a link target piece where it names a
    place there (unless it is in that piece), else into its own piece; the merged name tree,
    where pypdf lets the first piece's name win, is dropped."""
    own = [_destinations(reader, copies) for reader, copies in placed]
    targets = [own[index] for index, piece in enumerate(pieces) if piece.link_target]
    for index, (_, copies) in enumerate(placed):
        for page in copies:
            for reference in page.get("/Annots", ()):
                annotation = reference.get_object()
                name = annotation.get("/Dest")
                if not isinstance(name, str):
                    continue
                found = None
                if not pieces[index].link_target:
                    found = next((t[name] for t in targets if name in t), None)
                found = found or own[index].get(name)
                if found is not None:
                    annotation[NameObject("/Dest")] = found
                else:
                    del annotation["/Dest"]  # a name no piece has: a dead link is no link
    names = writer._root_object.get("/Names")
    if names is not None and "/Dests" in names.get_object():
        del names.get_object()["/Dests"]


def _label_pages(
    writer: PdfWriter, pieces: list[Piece], placed: list[tuple[PdfReader, list[Any]]]
) -> None:
    """Page labels naming the parts: each part's pages numbered from 1 after its prefix."""
    if not any(piece.label for piece in pieces):
        return
    nums = ArrayObject()
    position, current = 0, None
    for piece, (_, copies) in zip(pieces, placed, strict=True):
        if piece.label and piece.label != current:
            label = DictionaryObject(
                {
                    NameObject("/S"): NameObject("/D"),
                    NameObject("/P"): TextStringObject(f"{piece.label} "),
                }
            )
            nums += [NumberObject(position), label]
            current = piece.label
        position += len(copies)
    writer._root_object[NameObject("/PageLabels")] = DictionaryObject({NameObject("/Nums"): nums})
