"""Writing a scenario file as text: YAML scalars and the localized texts a generator fills from
the catalog, marked as this project's translation of its own English."""

from __future__ import annotations

import json

from generator.content.model.base import source_hash
from generator.core.messages import text


def scalar(value: object) -> str:
    """A YAML scalar: JSON quoting is valid YAML and keeps every character as written."""
    return json.dumps(value, ensure_ascii=False)


def translated(en: str, ja: str) -> str:
    """A localized text in flow style: English the source, Japanese its translation."""
    return f"{{en: {scalar(en)}, ja: {scalar(ja)}, tr: ja, from: {scalar(source_hash(en))}}}"


def localized(code: str, **params: object) -> str:
    """A catalog message, filled, as a localized text."""
    return translated(*text(code, **params))


def schema_line(schema: str) -> str:
    """The first line of a file, pointing editors at the system's JSON Schema."""
    return f"# yaml-language-server: $schema={schema}"
