"""Finished PDFs parsed once per build: a card imposed into several kits' sheets, a sheet bound
into more than one kit, and the blank backs of every kit are each read from their bytes once. The
readers are dropped when the build ends (forget), so that a `build --watch`, which renders a new
sheet at every save, does not keep the reader of each one it made (about 2.5 MB each, issue 33)."""

from __future__ import annotations

import functools
import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pypdf import PdfReader

MAX_KEPT = 96  # readers kept, most recently used first: about a full build's cards and sheets


@functools.lru_cache(maxsize=MAX_KEPT)
def parsed(data: bytes) -> PdfReader:
    """The PDF `data`, parsed; binding only reads it (pypdf copies what it appends into the
    writer), so one reader serves every writer that binds the same bytes. pypdf is imported
    here: a build that binds nothing new (every kit cached) never needs it."""
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data))


def forget() -> None:
    """Drop every reader kept: the build that read them has ended."""
    parsed.cache_clear()
