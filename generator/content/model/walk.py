"""Walk a validated model tree, yielding each value with its document path."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from generator.core.diagnostics import KeyPath


def walk(value: Any, path: KeyPath = ()) -> Iterator[tuple[KeyPath, Any]]:
    """Every model, list member and mapping value below `value`, depth first, with its path.

    Paths use the YAML keys (field aliases), so they match the document's positions.
    """
    yield path, value
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            child = getattr(value, name)
            if child is not None:
                yield from walk(child, (*path, info.alias or name))
        for name, child in (value.model_extra or {}).items():
            yield from walk(child, (*path, name))
    elif isinstance(value, tuple | list):
        for index, child in enumerate(value):
            yield from walk(child, (*path, index))
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from walk(child, (*path, key))
