"""Writing the site: atomically, through the build's writer (stage, journal, move, under the
folder's lock), and only the files whose bytes changed, so that a build with nothing changed
rewrites nothing of it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.core.fingerprint import read_regular
from generator.render.writer import Writer, locked
from generator.site import ENTRY, Site

FILE_BYTES = 16 * 1024 * 1024  # far above any file of the site (the largest is about 300 KB)


def changed(folder: Path, site: Site) -> dict[str, bytes]:
    """The files of `site` that differ from what stands in `folder` (missing, other bytes, or
    not a regular file: a link is replaced by the writer, never followed)."""
    return {
        path: data
        for path, data in site.files.items()
        if read_regular(folder / path, FILE_BYTES) != data
    }


def manifest_entry(site: Site, prefix: str) -> dict[str, object]:
    """The site as one entry of output/manifest.json: `path` its index.html, `pages` its HTML
    pages, `sha256` that of index.html (which prints the whole site's revision)."""
    return {
        "id": "site",
        "kind": "site",
        "system": "all",
        "lang": "both",
        "paper": None,
        "path": f"{prefix}{ENTRY}",
        "pages": site.pages,
        "sha256": hashlib.sha256(site.files[ENTRY]).hexdigest(),
        "variant": None,
    }


def stage_site(writer: Writer, site: Site, prefix: str) -> int:
    """Stage the files of `site` that changed, under `prefix` in the writer's folder; return how
    many."""
    files = changed(writer.root / prefix, site)
    for path, data in files.items():
        writer.stage(prefix + path, data)
    return len(files)


def write_site(out: Path, site: Site) -> int:
    """Write `site` into the folder `out` (made when missing); return how many files changed.
    A write that fails leaves every file as it was (OSError or WriteError)."""
    with locked(out):
        writer = Writer(out)
        try:
            count = stage_site(writer, site, "")
        except BaseException:
            writer.discard()
            raise
        writer.commit()
    return count
