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
    """A rendered document: its PDF bytes and page count; the Japanese words its header cells
    split across lines, each as (word, where it broke: ダイ|ス); and how far (mm) a table runs
    past the page. A document with either fails the build, so none is kept in the cache."""

    pdf: bytes
    pages: int
    split_words: tuple[tuple[str, str], ...] = ()
    overflow: float = 0.0
    headings: tuple[tuple[str, ...], ...] = ()  # each page's section headings, to name what
    # runs past a page limit (not kept in the cache: only a failed fit needs them)

    @property
    def laid_out(self) -> bool:
        """No header word split and no table past the page's edge."""
        return not self.split_words and not self.overflow

    def written(self) -> Rendered:
        """Itself: a rendered document is written already (generator.render.pdf.Laid is not)."""
        return self

    def faults(self) -> list[str]:
        """What is wrong with its layout, in words, for a failed build."""
        problems = [
            f"a table header splits the Japanese word {word} across lines ({where})"
            for word, where in self.split_words
        ]
        if self.overflow:
            problems.append(f"a table runs {self.overflow} mm past the edge of the page")
        return problems
