"""Finished PDFs parsed once per build: a card imposed into several kits' sheets, a sheet bound
into more than one kit, and the blank backs of every kit are each read from their bytes once.

When a build ends (forget), the readers it used are carried to the next build and every other is
dropped: a `build --watch` rebuilds a kit after each save from mostly the same parts, which it
then does not parse again (issue 46), while the reader of each sheet a save replaced is let go,
not kept save after save (about 2.5 MB each, issue 33)."""

from __future__ import annotations

import functools
import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pypdf import PdfReader

MAX_KEPT = 96  # readers kept, most recently used first: about a full build's cards and sheets
_CARRIED: dict[bytes, PdfReader] = {}  # what the last build read, for this one
_THIS_BUILD: dict[bytes, PdfReader] = {}  # what this build has read


@functools.lru_cache(maxsize=MAX_KEPT)
def parsed(data: bytes) -> PdfReader:
    """The PDF `data`, parsed; binding only reads it (pypdf copies what it appends into the
    writer), so one reader serves every writer that binds the same bytes, in this build and the
    next. pypdf is imported here: a build that binds nothing new never needs it."""
    reader = _CARRIED.pop(data, None)
    if reader is None:
        from pypdf import PdfReader

        reader = PdfReader(io.BytesIO(data))
    _THIS_BUILD[data] = reader
    if len(_THIS_BUILD) > MAX_KEPT:
        del _THIS_BUILD[next(iter(_THIS_BUILD))]
    return reader


def forget() -> None:
    """A build has ended: carry the readers it used to the next, drop every other."""
    parsed.cache_clear()
    _CARRIED.clear()
    _CARRIED.update(_THIS_BUILD)
    _THIS_BUILD.clear()


def carried() -> int:
    """How many readers are carried to the next build."""
    return len(_CARRIED)
