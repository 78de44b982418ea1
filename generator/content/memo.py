"""What this process has read already: a file's document by its text, and the findings of the
checks that only find by the document and what they depend on. A `build --watch` then reads
again only the file a save changed (and a test suite loads the content many times)."""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Hashable
from pathlib import Path

from generator.content.yaml_loader import Document, parse_yaml, read_text
from generator.core.diagnostics import Issue

MAX_KEPT_BYTES = 64 * 1_048_576  # the documents kept, pickled: all of content/ takes about 2 MB
MAX_KEPT_FILES = 4096  # texts kept (read once, or pickled), over every content and overlay read
MAX_FINDINGS = 4096  # documents' findings kept, over every content and overlay read

_PARSED: dict[tuple[str, str, str], bytes] = {}
_PARSED_BYTES = [0]  # the size of what _PARSED keeps
_FINDINGS: dict[tuple, tuple[Issue, ...]] = {}


def read_document(path: Path, shown_path: str) -> tuple[Document | None, list[Issue]]:
    """A file's document and the problems found in it, read anew or as a file of the same text
    read before in this process (a fresh copy: the loader marks the documents it keeps). A text
    is kept from its second reading on: a process that loads the content once pays nothing."""
    source, problems = read_text(path, shown_path)
    if source is None:
        return None, problems
    digest = hashlib.blake2b(source.encode("utf-8"), digest_size=16).hexdigest()
    key = (str(path), shown_path, digest)
    kept = _PARSED.get(key)
    if kept:
        return pickle.loads(kept)
    document, problems = parse_yaml(source, path, shown_path)
    if document is not None:
        document.digest = digest
    if kept is None:
        _keep(key, b"")  # read once: kept when read again
    else:
        _keep(key, pickle.dumps((document, problems), protocol=pickle.HIGHEST_PROTOCOL))
    return document, problems


def _keep(key: tuple[str, str, str], pickled: bytes) -> None:
    """Keep one file's reading, letting all go when they would take more than the limit."""
    if _PARSED_BYTES[0] + len(pickled) > MAX_KEPT_BYTES or len(_PARSED) >= MAX_KEPT_FILES:
        _PARSED.clear()
        _PARSED_BYTES[0] = 0
    _PARSED[key] = pickled
    _PARSED_BYTES[0] += len(pickled)


def findings(document: Document, context: Hashable, find: Callable[[], list[Issue]]) -> list[Issue]:
    """`find()`'s findings about one document, found again only when the document's text or the
    `context` they depend on (the glossary, the units' names) is new to this process."""
    if not document.digest:
        return find()
    key = (document.digest, str(document.path), document.shown_path, document.overlay, context)
    if (found := _FINDINGS.get(key)) is None:
        if len(_FINDINGS) >= MAX_FINDINGS:
            _FINDINGS.clear()
        found = _FINDINGS[key] = tuple(find())
    return list(found)
