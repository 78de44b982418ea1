"""What a build is asked for (BuildRequest, made once by the command and read by every stage)
and how it fails (BuildError)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.builder.documents import file_variant
from generator.render.environment import EDITIONS

if TYPE_CHECKING:
    from generator.content.changes import Changes
    from generator.content.load import Content
    from generator.content.yaml_loader import Document
    from generator.core.diagnostics import Issue

SITE = "site"  # the target that names the reference site, and its folder in the output


class BuildError(Exception):
    """Documents failed to render; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} document(s) failed")
        self.problems = problems


@dataclass(frozen=True, eq=False)
class BuildRequest:
    """Build the documents `targets` name (everything when none) from `content` into `out`.

    `impositions` ("2up", "4up") add, per system and edition, the cards laid out on sheets of
    `paper`; `bleed` (mm) gives single cards a bleed and crop marks; `layout` sets bilingual
    booklets in columns or in sequence. `scenarios` (checked) get a sheet each and, with
    `kits`, a kit: the sheet, the cards it needs imposed 2-up (4-up when `impositions` asks for
    it) and its record sheets filled in, bound into one PDF, laid out to print on both sides
    unless `duplex` is false (generator.builder.kits). `jobs` processes render at once; the output
    is the same whatever their number. A document whose inputs are unchanged since an earlier
    build comes from the document cache; `fresh` reads no cache (documents, font subsets) and
    renders everything, refreshing the caches. Every PDF is tagged; `pdf_variant` ("pdf/a-3b" or
    "pdf/ua-1") makes them claim conformance to it, written beside the default PDFs under names
    of their own. With no targets, or the target `site`, the reference site is written into
    `out`/site/ as one more manifest entry, unless `site` is false. `progress` is told of each
    document as it is done, `reused` how many were rendered and how many came from the cache.
    A document that would print a pending translation (generator.content.printing) fails the
    build, unless `draft`: then it prints the passage marked, DRAFT is in every page's footer,
    the site is left out, and `drafted` is told the findings about the passages so printed.
    `changes` (`--changes-since`) marks the new and changed cases and charts and lists them.
    """

    content: Content
    out: Path
    targets: tuple[str, ...] = ()
    editions: tuple[str, ...] = EDITIONS
    paper: str = "a4"
    layout: str = "columns"
    impositions: tuple[str, ...] = ()
    bleed: float = 0
    scenarios: tuple[tuple[Document, Any], ...] = ()
    kits: bool = True
    jobs: int = 1
    fresh: bool = False
    changes: Changes | None = None
    pdf_variant: str | None = None
    duplex: bool = True
    site: bool = True
    draft: bool = False
    progress: Callable[[int, int, str], None] | None = None
    reused: Callable[[int, int], None] | None = None
    drafted: Callable[[list[Issue]], None] | None = None

    @property
    def file_variant(self) -> str | None:
        """The variant its files are named and listed by: `pdf_variant`, marked when a draft."""
        return file_variant(self.pdf_variant, self.draft)

    def options(self) -> dict[str, Any]:
        """The build options every document's cache key holds."""
        options = {
            "changes": self.changes.key() if self.changes else None,
            "layout": self.layout,
            "bleed": self.bleed,
            "paper": self.paper,
            "pdf_variant": self.pdf_variant,
        }
        return options | ({"draft": True} if self.draft else {})
