"""A scenario's print-and-play kit: its sheet, the player-aid cards it needs imposed on the paper,
and the record sheets filled in from the file, as one PDF with a bookmark for each part."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject


def assemble(parts: list[tuple[str, bytes]], identifier: bytes) -> tuple[bytes, int]:
    """The parts one after another, each under a top-level bookmark (its own bookmarks inside)."""
    writer = PdfWriter()
    for title, pdf in parts:
        writer.append(PdfReader(io.BytesIO(pdf)), outline_item=title, import_outline=True)
    writer.add_metadata({"/Producer": "playaid"})
    # pypdf would write a random document id; the build's own keeps two builds identical.
    writer._ID = ArrayObject([ByteStringObject(identifier), ByteStringObject(identifier)])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)
