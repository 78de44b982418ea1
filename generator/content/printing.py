"""How a translation still pending (missing, stale or unstamped) is printed, while something is.

A document, a site page or a table-side answer is printed inside `printing(mode)`; every
bilingual text asked for in a language whose translation is pending is then noted, and given
as the mode says: as it stands (`refuse`: the build refuses the document afterwards, naming the
texts), marked (`draft`: the translation with a "translation pending" mark and the source text
beside it), or in the source language (`current`: the table-side commands answer in the
language that is current, and warn). Outside `printing` a text is given as it stands.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal

Mode = Literal["refuse", "draft", "current"]

# A draft marks a pending text with these characters (Unicode private use, which no content
# holds); the build replaces them with the marks in the edition's words once the page is made.
PENDING_MARK = {"en": "\ue000", "ja": "\ue001"}
SOURCE_MARK = {"en": "\ue002", "ja": "\ue003"}
DRAFT_CHARACTERS = frozenset(PENDING_MARK.values()) | frozenset(SOURCE_MARK.values())


@dataclass
class Printing:
    """One printing: its mode, and each pending text met, with the language asked for."""

    mode: Mode
    pending: list[tuple[Any, str]] = field(default_factory=list)

    def met(self, text: Any, lang: str, translation: str, source: str) -> str:
        """Note a pending text asked for in `lang`; what to print for it in this mode."""
        self.pending.append((text, lang))
        if self.mode == "current":
            return source
        if self.mode == "draft":
            return f"{PENDING_MARK[lang]}{translation}{SOURCE_MARK[lang]}{source}"
        return translation


_NOW: ContextVar[Printing | None] = ContextVar("playaid_printing", default=None)


def printing_now() -> Printing | None:
    """The printing under way in this context, if any."""
    return _NOW.get()


@contextmanager
def printing(mode: Mode) -> Iterator[Printing]:
    """Print inside this block in `mode`; the Printing notes the pending texts met."""
    current = Printing(mode)
    token = _NOW.set(current)
    try:
        yield current
    finally:
        _NOW.reset(token)


@contextmanager
def not_printing() -> Iterator[None]:
    """Read texts as they stand inside this block (loading and checking content prints nothing)."""
    token = _NOW.set(None)
    try:
        yield
    finally:
        _NOW.reset(token)
