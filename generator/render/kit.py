"""A scenario's print-and-play kit: its sheet, the player-aid cards it needs imposed on the paper,
and the record sheets filled in from the file, as one PDF with a bookmark for each part. The
parts' structure trees are carried into the kit (generator.render.structure), so it is tagged like
them."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject

from generator.render.structure import Structure, annotations_moved, forms_moved


def assemble(
    parts: list[tuple[str | None, bytes]],
    identifier: bytes,
    *,
    title: str = "",
    lang: str = "en",
    variant: str | None = None,
) -> tuple[bytes, int]:
    """The parts one after another, each under a top-level bookmark (its own bookmarks inside;
    a part without a title, such as a blank page, gets none); tagged, titled `title` in `lang`,
    claiming `variant` when one is given. A part in another language keeps it: its structure
    elements say so (/Lang), as the bilingual edition's Japanese card does."""
    writer = PdfWriter()
    structure = Structure(writer)
    first: PdfReader | None = None
    for bookmark, pdf in parts:
        reader = PdfReader(io.BytesIO(pdf))
        first = first or reader
        start = len(writer.pages)
        writer.append(reader, outline_item=bookmark, import_outline=bookmark is not None)
        pages, streams, annotations = {}, {}, {}
        for source, copy in zip(reader.pages, writer.pages[start:], strict=True):
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
    structure.finish(title, lang, variant, first)
    # pypdf would write a random document id; the build's own keeps two builds identical.
    writer._ID = ArrayObject([ByteStringObject(identifier), ByteStringObject(identifier)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)
