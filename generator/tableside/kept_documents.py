"""The content's YAML files as read, kept as plain JSON in the content cache between runs.

Reading every content file with the span of each value takes longer than checking a scenario
against them; a load whose files all read without a finding keeps their values and spans under
the content's key (generator.tableside.cache.content_key: every byte of every file, the seeds and
playaid's code), so the next load of exactly the same files reads one JSON entry. A document is
kept only when its values come back from JSON as they were (a date, or a mapping with a number
for a key, is not kept, and the whole set is then read afresh).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.content.yaml_loader import Document, Span
from generator.core.diagnostics import display_path
from generator.tableside import cache

KIND = "documents"


def kept(key: str | None) -> dict[str, Document] | None:
    """The documents kept under this content key, by absolute path; None when there are none."""
    data = None if key is None else cache.read(KIND, key)
    if not isinstance(data, dict):
        return None
    try:
        return {path: _document(Path(path), entry) for path, entry in data.items()}
    except (KeyError, TypeError, ValueError):
        return None


def keep(key: str | None, documents: list[Document]) -> None:
    """Keep the documents of a load under its content key, when each comes back as it was."""
    if key is None:
        return
    data = {str(document.path.absolute()): _entry(document) for document in documents}
    try:
        same = _same_values(data, json.loads(json.dumps(data, allow_nan=False)))
    except (TypeError, ValueError, RecursionError):
        return
    if same:
        cache.write(KIND, key, data)


def _entry(document: Document) -> dict[str, Any]:
    """A document's values and spans as plain data."""
    return {
        "data": document.data,
        "spans": [[list(path), *_span(span)] for path, span in document.spans.items()],
        "keys": [[list(path), *_span(span)] for path, span in document.key_spans.items()],
    }


def _span(span: Span) -> list[Any]:
    return [span.line, span.column, span.end_line, span.end_column, span.flow]


def _document(path: Path, entry: Any) -> Document:
    """A document from its kept entry (ValueError, TypeError or KeyError for anything else; the
    entry's seal, generator.core.fingerprint.unseal, has already found any damage)."""
    return Document(
        path=path,
        shown_path=display_path(path),
        data=entry["data"],
        spans={tuple(item[0]): Span(*item[1:]) for item in entry["spans"]},
        key_spans={tuple(item[0]): Span(*item[1:]) for item in entry["keys"]},
    )


def _same_values(original: Any, kept_value: Any) -> bool:
    """Whether two values are the same in kind as well as in value (1 and 1.0, True and 1 are
    equal in Python but not in a document)."""
    if type(original) is not type(kept_value):
        return False
    if isinstance(original, dict):
        return original.keys() == kept_value.keys() and all(
            _same_values(original[k], kept_value[k]) for k in original
        )
    if isinstance(original, list):
        return len(original) == len(kept_value) and all(
            _same_values(a, b) for a, b in zip(original, kept_value, strict=True)
        )
    return original == kept_value
