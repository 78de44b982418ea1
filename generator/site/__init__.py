"""The reference site: every chart with its lookup and dice, every rule with a search, the
glossary and the sample scenarios' cards, in English, Japanese or both, as static files a phone
keeps offline. Its values come from the same model the PDFs print, written at build time."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from generator.content.load import Content
from generator.content.yaml_loader import Document

ENTRY = "index.html"


@dataclass(frozen=True)
class Site:
    """The site's files by path from its folder, and how many of them are HTML pages."""

    files: dict[str, bytes]
    pages: int

    @property
    def size(self) -> int:
        """The bytes of every file together."""
        return sum(len(data) for data in self.files.values())


def site_files(content: Content, scenarios: list[tuple[Document, Any]]) -> Site:
    """Every file of the site in memory. The same content gives the same bytes: the revision
    each page prints is the digest of the whole site with the revision left out."""
    from generator.site.assets import icons, service_worker, static_files, web_manifest
    from generator.site.environment import site_environment
    from generator.site.pages import REVISION_TOKEN, render_pages

    pages = {path: text.encode() for path, text in render_pages(content, scenarios).items()}
    files = {**pages, **static_files(), **icons(), "manifest.webmanifest": web_manifest()}
    files["sw.js"] = service_worker(site_environment(), list(files), REVISION_TOKEN)
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    revision = digest.hexdigest()[:10].encode()
    token = REVISION_TOKEN.encode()
    return Site(
        {path: data.replace(token, revision) for path, data in sorted(files.items())}, len(pages)
    )
