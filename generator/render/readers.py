"""Finished PDFs parsed once per process: a card imposed into several kits' sheets, a sheet bound
into more than one kit, and the blank backs of every kit are each read from their bytes once."""

from __future__ import annotations

import functools
import io

from pypdf import PdfReader

MAX_KEPT = 96  # readers kept, most recently used first: about a full build's cards and sheets


@functools.lru_cache(maxsize=MAX_KEPT)
def parsed(data: bytes) -> PdfReader:
    """The PDF `data`, parsed; binding only reads it (pypdf copies what it appends into the
    writer), so one reader serves every writer that binds the same bytes."""
    return PdfReader(io.BytesIO(data))
