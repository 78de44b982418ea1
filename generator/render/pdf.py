"""HTML to PDF with WeasyPrint: the only module that imports it.

Only the project's templates and the build's fonts can be fetched (no network, no other file), and
anything WeasyPrint logs at warning level or above fails the render instead of printing boxes.
"""

from __future__ import annotations

import logging
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import weasyprint
from weasyprint.urls import URLFetcherResponse, URLFetchingError


class RenderError(Exception):
    """WeasyPrint reported problems; the document must not be written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class ProjectFetcher(weasyprint.URLFetcher):
    """Serves files below the allowed folders and refuses every other URL."""

    def __init__(self, allowed: list[Path]) -> None:
        super().__init__(allowed_protocols=["file"])
        self.allowed = [folder.resolve() for folder in allowed]

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        if parts.scheme != "file":
            raise URLFetchingError(f"refused {url}: only the project's own files may be used")
        path = Path(unquote(parts.path)).resolve()
        if not any(path.is_relative_to(folder) for folder in self.allowed) or not path.is_file():
            raise URLFetchingError(f"refused {url}: not one of the project's templates or fonts")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": kind})


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@dataclass(frozen=True)
class Rendered:
    """A rendered document: its PDF bytes and page count."""

    pdf: bytes
    pages: int


def render_pdf(
    html: str, base: Path, allowed: list[Path], *, identifier: bytes, forms: bool = False
) -> Rendered:
    """Render HTML (relative URLs against `base`) to PDF bytes; raise RenderError on any warning."""
    collector = _Collector()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collector)
    try:
        document = weasyprint.HTML(
            string=html, base_url=base.as_uri() + "/", url_fetcher=ProjectFetcher(allowed)
        ).render()
        # full_fonts: the fonts are already subset by playaid (generator.render.subset), so
        # WeasyPrint embeds them as they are instead of subsetting again (slowly, without HarfBuzz).
        pdf = document.write_pdf(pdf_identifier=identifier, pdf_forms=forms, full_fonts=True)
    finally:
        logger.removeHandler(collector)
    if collector.messages:
        raise RenderError(collector.messages)
    return Rendered(pdf, len(document.pages))
