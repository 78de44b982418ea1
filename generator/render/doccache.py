"""The document cache: every rendered PDF kept under the hash of everything that can change it.

A document's key covers its HTML (which holds all the content it prints, in its edition, with its
paper, layout and bleed), whether it has form fields and must fit one page, the build options,
`SOURCE_DATE_EPOCH`, the templates and style sheets, the Japanese font's bytes, the versions of
WeasyPrint, pydyf, fontTools, Jinja2, Babel and pypdf, and playaid's version, code and catalogs.
Entries live in `$XDG_CACHE_HOME/playaid/documents` as `<key>.pdf` with `<key>.json`, a sealed
record (generator.core.fingerprint.seal) of its page count, size and SHA-256. A damaged entry (a
torn, zeroed or changed PDF or record, or one of the two without the other) is ignored and rendered
again; a cache that cannot be written is skipped with one warning a run (generator.core.caching).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from importlib import metadata
from pathlib import Path
from typing import Any

from generator.core.fingerprint import code_digest, file_digest, read_regular, seal, unseal
from generator.core.places import cache_root
from generator.render.rendered import Rendered

FORMAT = 1
RECORD = 2  # the shape of a document's record (2: sealed, with the PDF's size)
PDF_BYTES = 256 * 1024 * 1024
FONT_BYTES = 64 * 1024 * 1024
KEPT = 4000  # documents kept; a full build in every edition and paper is about 450
RENDERERS = ("weasyprint", "pydyf", "fonttools", "uharfbuzz", "jinja2", "babel", "pypdf")


def folder() -> Path:
    """Where rendered documents are kept."""
    from generator.core.files import cache_folder

    try:
        return cache_folder("documents")  # a link standing there is replaced, never followed
    except OSError:  # a cache that cannot be made is skipped: nothing reads or writes there
        return cache_root() / "documents"


def environment_digest(templates: Path, fonts: list[Path]) -> str:
    """Everything every document's rendering depends on besides its own HTML and options."""
    digest = hashlib.sha256(f"format {FORMAT}\n{code_digest()}\n".encode())
    for name in RENDERERS:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"{name} {version}\n".encode())
    digest.update(f"SOURCE_DATE_EPOCH {os.environ.get('SOURCE_DATE_EPOCH')}\n".encode())
    # WeasyPrint subsets embedded fonts with the system's libharfbuzz-subset where there is one,
    # else with fontTools: the same page, other bytes.
    digest.update(f"embedding subsetter {embedding_subsetter()}\n".encode())
    # The site's own templates, style sheet and script (templates/site/) print no PDF: a change
    # to them renders no document again.
    site = templates / "site"
    for path in sorted(p for p in templates.rglob("*") if p.is_file() and site not in p.parents):
        fingerprint = _file_digest(path) or "unreadable"
        digest.update(f"{path.relative_to(templates).as_posix()} {fingerprint}\n".encode())
    for font in fonts:
        digest.update(f"font {font.name} {_file_digest(font) or 'unreadable'}\n".encode())
    return digest.hexdigest()


_DIGESTS: dict[tuple[str, int, int, int, int, int], str | None] = {}


def _file_digest(path: Path) -> str | None:
    """A file's SHA-256, worked out again only when its device, inode, size, modification or
    change time differ from the last time this process read it: a `build --watch` hashed the
    16 MB font at every rebuild (issue 46). A write changes the change time, which no program
    can set back."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    key = (str(path), status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
    key += (status.st_ctime_ns,)
    if key not in _DIGESTS:
        if len(_DIGESTS) > 4096:
            _DIGESTS.clear()
        _DIGESTS[key] = file_digest(path, FONT_BYTES)
    return _DIGESTS[key]


# The names WeasyPrint's text/ffi.py opens HarfBuzz's subsetter by, in its order (a test holds them
# to WeasyPrint's own list).
HARFBUZZ_SUBSET = (
    "libharfbuzz-subset-0",
    "harfbuzz-subset",
    "harfbuzz-subset-0.0",
    "libharfbuzz-subset.so.0",
    "libharfbuzz-subset.0.dylib",
    "libharfbuzz-subset-0.dll",
)


def embedding_subsetter() -> str:
    """Which subsetter WeasyPrint embeds fonts with on this machine: HarfBuzz's where the
    library opens as WeasyPrint opens it (cffi, the same names and flags), else fontTools.
    Asked without importing WeasyPrint, which loads Pango, GLib and the rest (a tenth of a
    build with every document cached)."""
    from cffi import FFI

    ffi = FFI()
    flags = 0x00001000 if os.name == "nt" else ffi.RTLD_NOW  # LOAD_LIBRARY_SEARCH_DEFAULT_DIRS
    for name in HARFBUZZ_SUBSET:
        with contextlib.suppress(OSError):
            ffi.dlopen(name, flags)
            return "harfbuzz-subset"
    return "fonttools"


def document_key(environment: str, variants: list[str], options: dict[str, Any]) -> str:
    """The key of one document: the environment, its HTML (every type size tried) and options."""
    digest = hashlib.sha256(environment.encode())
    digest.update(json.dumps(options, sort_keys=True).encode())
    for html in variants:
        digest.update(b"\0" + hashlib.sha256(html.encode()).digest())
    return digest.hexdigest()


def cached_document(key: str) -> Rendered | None:
    """The document rendered earlier under this key, or None (missing, damaged, half-written)."""
    from generator.core.files import is_real_folder

    where = folder()
    if not is_real_folder(where):  # a link planted for the folder is never read through
        return None
    record = read_regular(where / f"{key}.json", 4096)
    facts = None if record is None else unseal(record, RECORD, key)
    if not isinstance(facts, dict):
        return None
    pages, size, expected = facts.get("pages"), facts.get("bytes"), facts.get("sha256")
    if not isinstance(pages, int) or not isinstance(size, int) or pages < 1:
        return None
    pdf = read_regular(where / f"{key}.pdf", min(size, PDF_BYTES))
    if pdf is None or len(pdf) != size or hashlib.sha256(pdf).hexdigest() != expected:
        return None
    if not pdf.startswith(b"%PDF-"):
        return None
    with contextlib.suppress(OSError):
        os.utime(where / f"{key}.json")  # recently used: kept longest
    return Rendered(pdf, pages)


def keep_document(key: str, rendered: Rendered) -> None:
    """Keep a rendered document for later builds: the PDF, then its record, so that a crash
    between the two leaves a PDF without a record, which is rendered again. A cache that cannot
    be written is said once, then skipped."""
    from generator.core import caching
    from generator.core.files import WriteError, write_atomically

    facts = {
        "pages": rendered.pages,
        "bytes": len(rendered.pdf),
        "sha256": hashlib.sha256(rendered.pdf).hexdigest(),
    }
    where = caching.folder("documents")  # a link standing there is replaced, never followed
    if where is None:
        return
    try:
        write_atomically(where / f"{key}.pdf", rendered.pdf, durable=False)
        write_atomically(where / f"{key}.json", seal(RECORD, key, facts), durable=False)
    except (OSError, WriteError) as error:
        caching.give_up(error)


def prune() -> None:
    """Remove the oldest documents beyond the number kept (never through a link): only records
    named as playaid names them (`<key>.json`) and their PDFs."""
    from generator.core.files import is_real_folder

    where = folder()
    if not is_real_folder(where):
        return
    try:
        records = [path for path in where.iterdir() if _RECORD_NAME.fullmatch(path.name)]
        records.sort(key=lambda p: p.lstat().st_mtime, reverse=True)
        for record in records[KEPT:]:
            record.with_suffix(".pdf").unlink(missing_ok=True)
            record.unlink(missing_ok=True)
    except OSError:
        return


_RECORD_NAME = re.compile(r"[0-9a-f]{64}\.json")
