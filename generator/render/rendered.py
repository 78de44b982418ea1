"""What rendering returns: a document's PDF and page count, or the problems that stopped it.

Kept apart from generator.render.pdf so that a build answered from the document cache never
imports WeasyPrint.
"""

from __future__ import annotations

from dataclasses import dataclass


class RenderError(Exception):
    """WeasyPrint reported problems; the document must not be written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems

    def __reduce__(self) -> tuple:
        """Pickle with its list of problems (a build's worker processes send it back)."""
        return (RenderError, (self.problems,))


@dataclass(frozen=True)
class Rendered:
    """A rendered document: its PDF bytes and page count."""

    pdf: bytes
    pages: int
