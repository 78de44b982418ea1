"""Walk a validated model tree, yielding each value with its document path."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

from generator.core.diagnostics import KeyPath


def walk(value: Any, path: KeyPath = ()) -> Iterator[tuple[KeyPath, Any]]:
    """Every model, list member and mapping value below `value`, depth first, with its path;
    a model's light twin (generator.content.light) is walked as the model is.

    Paths use the YAML keys (field aliases), so they match the document's positions.
    """
    yield path, value
    fields = _fields(value)
    if fields is not None:
        for name, alias in fields:
            child = getattr(value, name)
            if child is not None:
                yield from walk(child, (*path, alias))
        for name, child in (getattr(value, "model_extra", None) or {}).items():
            yield from walk(child, (*path, name))
    elif isinstance(value, tuple | list):
        for index, child in enumerate(value):
            yield from walk(child, (*path, index))
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from walk(child, (*path, key))


def _fields(value: Any) -> Any:
    """A model's fields as (name, the key a file writes), or None for any other value. A model
    exists only once pydantic is imported: a light check never imports it here."""
    light = getattr(type(value), "light_fields", None)
    if light is not None:
        return light
    pydantic = sys.modules.get("pydantic")
    if pydantic is None or not isinstance(value, pydantic.BaseModel):
        return None
    return [(name, info.alias or name) for name, info in type(value).model_fields.items()]
