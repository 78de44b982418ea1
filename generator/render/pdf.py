"""HTML to PDF with WeasyPrint: the only module that imports it.

Only the project's templates and the build's fonts can be fetched (no network, no other file), and
anything WeasyPrint logs at warning level or above fails the render instead of printing boxes.
"""

from __future__ import annotations

import contextlib
import logging
import mimetypes
import os
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import weasyprint
from weasyprint.urls import URLFetcherResponse, URLFetchingError

from generator.render.rendered import Rendered, RenderError

__all__ = ["RenderError", "Rendered", "render_pdf"]


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


# The one notice allowed through: without the system's libharfbuzz-subset WeasyPrint subsets with
# fontTools, which is slow only for whole CJK fonts; playaid hands it fonts already cut to the
# document's characters (generator.render.subset), so nothing is lost. Every other message fails.
_HARMLESS = re.compile(r'Using fontTools instead of HarfBuzz-Subset for font "Playaid Sans[^"]*"\.')


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if not _HARMLESS.match(message):
            self.messages.append(message)


@contextlib.contextmanager
def _pinned_font_timestamps() -> Iterator[None]:
    """fontTools stamps subset fonts with the time unless SOURCE_DATE_EPOCH is set; pin it
    (to the user's value, else 0) while rendering, so that two builds are byte-identical."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = before or "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]


def render_pdf(
    html: str, base: Path, allowed: list[Path], *, identifier: bytes, forms: bool = False
) -> Rendered:
    """Render HTML (relative URLs against `base`) to PDF bytes; raise RenderError on any warning."""
    collector = _Collector()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collector)
    try:
        # Pinned while laying out too: a record sheet's form fields embed their font at render
        # time, stamped with the clock otherwise (two builds then differed in that font's head).
        with _pinned_font_timestamps():
            document = weasyprint.HTML(
                string=html, base_url=base.as_uri() + "/", url_fetcher=ProjectFetcher(allowed)
            ).render(pdf_forms=forms)  # forms are laid out at render time, not at write
            # Not full_fonts: WeasyPrint 70 embeds Noto Sans CJK whole with a wrong ToUnicode map
            # (a repeated "1" extracts as another character). Its own subsetting of playaid's
            # already small subset is fast and extracts correctly.
            pdf = document.write_pdf(pdf_identifier=identifier, pdf_forms=forms)
    finally:
        logger.removeHandler(collector)
    if collector.messages:
        raise RenderError(collector.messages)
    return Rendered(pdf, len(document.pages))
