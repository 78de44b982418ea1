"""What a build makes: the documents it plans (Spec), the documents it rendered (Produced), and
how documents bound from others are made and cached (Derivation)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.render.doccache import cached_document, document_key, keep_document
from generator.render.rendered import Rendered

PAPERS = {"a4": "A4", "letter": "letter", "a5": "A5"}
CARD_PAGES = 2  # a scenario card: one side of a sheet, or both sides, never more
BLANK_PAGE = "playaid.blank-page"  # the back left empty where a card or part ends on a front
REDUCED_NOTE = "playaid.reduced-note"  # what a sheet of reduced (4-up) cards prints under them
# `--pdf-variant`: what goes before ".pdf" in each file's name, so a variant build never replaces
# the default PDFs (which print best) and the manifest's `variant` says what each file is.
PDF_SUFFIXES = {None: "", "pdf/a-3b": ".pdfa-3b", "pdf/ua-1": ".pdfua-1"}
# `--draft` adds ".draft" (and `variant` "draft", or "pdf/a-3b+draft"), so a draft built into the
# same folder never replaces a finished edition.
DRAFT = "draft"


def file_variant(pdf_variant: str | None, draft: bool) -> str | None:
    """A file's variant as the manifest names it: the PDF variant, marked when a draft."""
    if not draft:
        return pdf_variant
    return DRAFT if pdf_variant is None else f"{pdf_variant}+{DRAFT}"


VARIANT_SUFFIXES = PDF_SUFFIXES | {
    file_variant(variant, True): f"{suffix}.{DRAFT}" for variant, suffix in PDF_SUFFIXES.items()
}


def document_path(spec: Spec, edition: str, pdf_variant: str | None) -> str:
    """Where a document goes under the output folder: system, edition, id, paper, variant
    (file_variant: a draft's file has a name of its own)."""
    suffix = VARIANT_SUFFIXES[pdf_variant]
    return f"{spec.system}/{edition}/{spec.id}.{spec.paper}{suffix}.pdf"


@dataclass(frozen=True)
class Spec:
    """One document to produce."""

    id: str
    kind: str  # player-aid, rule-booklet, record-sheet, scenario-sheet, scenario-kit
    system: str
    template: str
    # (content, paper, languages), and for a document that `cites` another, the case numbers
    # that one prints
    context: Callable[..., dict[str, Any]]
    paper: str
    forms: bool = False
    single_page: bool = False
    # A document that may run over one page: at most this many pages, one preferred (a scenario
    # card fits one side of a sheet, a larger one continues on its back, never a third page).
    max_pages: int | None = None
    # The bilingual edition binds the English and the Japanese document back to back instead of
    # setting the languages side by side (a scenario card: each language a complete card).
    back_to_back: bool = False
    subjects: tuple[str, ...] = field(default=())  # table or case ids it prints, for targets
    parts: tuple[str, ...] = field(default=())  # a kit: the ids of the documents it binds
    # A kit's rules appendix: the id of the card whose every rule reference it must print; it is
    # rendered after the card, from the numbers the card prints in the same edition.
    cites: str | None = None


@dataclass
class Produced:
    """A rendered document ready to write."""

    spec: Spec
    edition: str
    path: str
    pdf: bytes
    pages: int
    key: str = ""  # its document cache key: the stamp it prints, and its part in a kit's key


@dataclass(frozen=True)
class Derivation:
    """How documents bound from others (imposed cards, kits) are made and cached: under a key of
    the build's environment, the PDF variant and their parts' keys, unless `fresh`."""

    environment: str
    fresh: bool
    pdf_variant: str | None = None
    draft: bool = False

    @property
    def file_variant(self) -> str | None:
        """The variant of the files it binds (file_variant)."""
        return file_variant(self.pdf_variant, self.draft)

    def make(
        self, recipe: list[str], parts: list[Produced], bind: Callable[[], tuple[bytes, int]]
    ) -> tuple[bytes, int, str]:
        """The bound document's (pdf, pages, key): from the cache, else `bind()` and kept."""
        facts = {"recipe": recipe, "parts": [p.key for p in parts], "pdf_variant": self.pdf_variant}
        key = document_key(self.environment, [], facts)
        cached = None if self.fresh else cached_document(key)
        if cached is not None:
            return cached.pdf, cached.pages, key
        pdf, pages = bind()
        keep_document(key, Rendered(pdf, pages))
        return pdf, pages, key
