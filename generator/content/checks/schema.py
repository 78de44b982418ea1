"""Turn pydantic's validation errors into issues that point at the YAML line, column and key."""

from __future__ import annotations

import datetime
import re
import types
import typing
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content.model.base import ID_LENGTH, LocalizedText
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, KeyPath
from generator.core.messages import REGISTRY

TYPE_WORDS = {
    "dict_type": "mapping",
    "model_type": "mapping",
    "model_attributes_type": "mapping",
    "list_type": "list",
    "tuple_type": "list",
    "string_type": "text",
    "int_type": "integer",
    "int_parsing": "integer",
    "int_from_float": "integer",
    "float_type": "number",
    "float_parsing": "number",
    "bool_type": "boolean",
    "bool_parsing": "boolean",
    "none_required": "null",
}


def schema_issues(
    document: Document, model: type[BaseModel], error: ValidationError
) -> list[Issue]:
    """One issue per pydantic error, placed on the YAML node it concerns."""
    issues = []
    details = error.errors()
    for detail in details:
        if detail["type"] == "too_short" and _has_error_below(detail["loc"], details):
            continue
        if _number_not_word(detail, details):
            continue
        if detail["loc"][-1:] == ("[key]",):  # a mapping's key, not its value, is wrong
            issues.append(_key_issue(document, detail))
            continue
        path, owner, parent = _resolve(document.data, model, detail["loc"])
        issues.append(_issue(document, path, owner, parent, detail))
    return issues


def _number_not_word(detail: Any, details: list[Any]) -> bool:
    """A number or mapping refused by a union of it and words (`columns: 100` against
    `1..99 | unknown`): the error inside the number or mapping says what is wrong, so the
    words' error ("expected one of: unknown") is left out."""
    if detail["type"] != "literal_error" or isinstance(detail.get("input"), str | bool):
        return False
    union = detail["loc"][:-1]
    return any(
        other["type"] != "literal_error" and other["loc"][: len(union)] == union
        for other in details
        if len(other["loc"]) > len(union)
    )


def _has_error_below(loc: tuple[Any, ...], details: list[Any]) -> bool:
    """Whether an error lies inside `loc`: pydantic drops a failed item, then counts too few."""
    return any(len(d["loc"]) > len(loc) and d["loc"][: len(loc)] == loc for d in details)


@dataclass(frozen=True)
class _Items:
    """The schema of a list's or mapping's members."""

    item: Any


def _resolve(data: Any, model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[KeyPath, Any, Any]:
    """Follow pydantic's loc through the document, dropping union tags.

    Returns the document path, the schema at the end of it and the schema of its parent.
    """
    from generator.content.model.table import CELL_TAGS, DetailedCell  # a chart's cell tags

    tagged: dict[str, type[BaseModel]] = {"text": LocalizedText, "detail": DetailedCell}
    path: list[str | int] = []
    node: Any = data
    schema: Any = model
    parent: Any = None
    present = True
    for part in loc:
        if (
            isinstance(part, str)
            and part in CELL_TAGS
            and not (isinstance(node, dict) and part in node)
        ):
            schema = tagged.get(part)
            continue
        if present and isinstance(part, str) and not isinstance(node, dict | list):
            continue  # below a written value, a union member's tag: 'constrained-int', 'literal…'
        if isinstance(node, dict) and _member_tag(part) and part not in node:
            continue  # a mapping read as one member of a union: 'StackPointsFact'
        if isinstance(node, list) and _member_tag(part):
            continue  # a list read as one member of a union: 'tuple[UnitValue, ...]'
        path.append(part)
        parent, schema = schema, _step(schema, part)
        present = (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        )
        node = node[part] if present else None
    return tuple(path), schema, parent


def _member_tag(part: object) -> bool:
    """Whether a step of pydantic's loc names a union member (a model's class name, a literal),
    never a key: keys and field names are lower case."""
    return isinstance(part, str) and (part[:1].isupper() or "[" in part)


def _step(schema: Any, part: str | int) -> Any:
    """The schema one step below `schema`, along a field name or a list index."""
    if isinstance(schema, _Items):
        return schema.item
    if isinstance(schema, type) and issubclass(schema, BaseModel):
        for name, info in schema.model_fields.items():
            if part in (name, info.alias):
                return _schema_of(info.annotation)
    return None


def _schema_of(annotation: Any) -> Any:
    """A model class, an _Items wrapper or None for a field annotation."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (tuple, list):
        return _Items(_schema_of(args[0]))
    if origin is dict:
        return _Items(_schema_of(args[1]))
    if origin is typing.Annotated:
        return _schema_of(args[0])
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            found = _schema_of(arg)
            if found is not None:
                return found
    return None


def _allowed_keys(schema: Any) -> str:
    if isinstance(schema, type) and issubclass(schema, BaseModel):
        return ", ".join(info.alias or name for name, info in schema.model_fields.items())
    return "?"


def _found(value: Any) -> tuple[str, str]:
    """Describe what the YAML holds, in both languages."""
    if value is None:
        return "nothing", "空の値"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}", f"真偽値 {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {value}", f"数値 {value}"
    if isinstance(value, str):
        return f"the text '{value[:40]}'", f"テキスト '{value[:40]}'"
    if isinstance(value, dict):
        return "a mapping", "マッピング"
    if isinstance(value, list):
        return "a list", "リスト"
    return type(value).__name__, type(value).__name__


def _key_issue(document: Document, detail: dict[str, Any]) -> Issue:
    """A key that is not what its mapping takes: a number written without quotes, or a text
    of the wrong form."""
    path = tuple(detail["loc"][:-1])
    key = detail.get("input")
    if isinstance(key, int) and not isinstance(key, bool):
        return document.issue(path, "key-not-quoted", at_key=True, value=key)
    context = detail.get("ctx") or {}
    what = _pattern_word(str(context.get("pattern", "")))
    return document.issue(path, "bad-pattern", at_key=True, value=key, what=what)


def _issue(
    document: Document, path: KeyPath, owner: Any, parent: Any, detail: dict[str, Any]
) -> Issue:
    kind = detail["type"]
    context = detail.get("ctx") or {}
    if kind == "string_type" and isinstance(detail.get("input"), datetime.date):
        return document.issue(path, "date-not-year-month", value=detail["input"].isoformat())
    if kind == "missing":
        return document.issue(path[:-1], "missing-key", key=path[-1])
    if kind == "extra_forbidden":
        allowed = _allowed_keys(parent)
        return document.issue(path, "unknown-key", at_key=True, key=path[-1], allowed=allowed)
    if kind in TYPE_WORDS or kind == "union_tag_not_found":
        if kind == "union_tag_not_found":
            word = "cell"
        else:
            word = "bilingual" if owner is LocalizedText else TYPE_WORDS[kind]
        return document.issue(
            path, "wrong-type", expected=f"word:type-{word}", found=_found(detail.get("input"))
        )
    if kind == "literal_error":
        choices = ", ".join(re.findall(r"'([^']*)'", str(context.get("expected", ""))))
        return document.issue(
            path, "bad-choice", value=_shown(detail.get("input")), choices=choices
        )
    if kind in ("greater_than_equal", "greater_than"):
        bound = context.get("ge", context.get("gt"))
        code = "number-too-small" if kind == "greater_than_equal" else "number-not-above"
        return document.issue(path, code, value=_shown(detail.get("input")), limit=bound)
    if kind in ("less_than_equal", "less_than"):
        bound = context.get("le", context.get("lt"))
        code = "number-too-large" if kind == "less_than_equal" else "number-not-below"
        return document.issue(path, code, value=_shown(detail.get("input")), limit=bound)
    if kind == "string_too_short":
        return document.issue(path, "text-too-short", min=context.get("min_length", 1))
    if kind in REGISTRY:  # a PydanticCustomError raised under a message code
        return document.issue(path, kind, **context)
    if kind == "string_pattern_mismatch":
        what = _pattern_word(str(context.get("pattern", "")))
        return document.issue(path, "bad-pattern", value=detail.get("input"), what=what)
    if kind == "string_too_long":
        limit = context.get("max_length")
        code = "too-long" if limit == ID_LENGTH else "text-too-long"  # only ids are ID_LENGTH long
        return document.issue(path, code, limit=limit)
    if kind == "too_short":
        return document.issue(path, "too-short", min=context.get("min_length", 1))
    if kind == "too_long":
        return document.issue(path, "list-too-long", max=context.get("max_length"))
    return document.issue(path, "bad-value", detail=detail["msg"])


def _shown(value: Any) -> Any:
    """A value as the YAML writes it: true, not Python's True."""
    if isinstance(value, bool):
        return str(value).lower()
    return "null" if value is None else value


def _pattern_word(pattern: str) -> str:
    """The word naming what a pattern accepts."""
    if "-(?:0[1-9]" in pattern:
        return "word:pattern-year-month"
    if pattern in ("^[0-9]{4}$", "^(?:0[1-9]|[1-9][0-9]){2}$"):
        return "word:pattern-hex"
    if "[0-9a-f]{8}" in pattern:
        return "word:pattern-hash"
    if "{3}" in pattern:
        return "word:pattern-seed"
    if r"(?:\.[0-9]{1,4})" in pattern:
        return "word:pattern-case-number"
    if "(?:-[0-9]+)?" in pattern:
        return "word:pattern-lines"
    if r"\.[0-9a-z]+" in pattern:
        return "word:pattern-case-id"
    if r"\." in pattern:
        return "word:pattern-id"
    return "word:pattern-slug"
