"""Read YAML safely into plain values while remembering where every value stands in the file.

Duplicate keys are refused (PyYAML silently keeps the last one), and syntax errors become
issues with the position PyYAML reports, never tracebacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
import yaml.constructor

from generator.diagnostics import Issue, KeyPath, format_key_path
from generator.messages import text

PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)


@dataclass(frozen=True)
class Span:
    """Where a node stands: 1-based start line and column, and where it ends."""

    line: int
    column: int
    end_line: int
    end_column: int
    flow: bool = False


@dataclass
class Document:
    """One YAML file's values, with the span of every value and of every mapping key."""

    path: Path
    shown_path: str
    data: Any
    spans: dict[KeyPath, Span] = field(default_factory=dict)
    key_spans: dict[KeyPath, Span] = field(default_factory=dict)
    overlay: bool = False

    def position(self, path: KeyPath, *, at_key: bool = False) -> Span:
        """The closest known position for a path: its key or value, else its nearest ancestor."""
        probe = tuple(path)
        while True:
            if at_key and probe in self.key_spans:
                return self.key_spans[probe]
            if probe in self.spans:
                return self.spans[probe]
            if not probe:
                return Span(1, 1, 1, 1)
            probe = probe[:-1]

    def issue(
        self,
        path: KeyPath,
        code: str,
        *,
        at_key: bool = False,
        severity: str = "error",
        rule: str | None = None,
        **params: object,
    ) -> Issue:
        """An issue at a path of this document, with its message in both languages."""
        span = self.position(path, at_key=at_key)
        en, ja = text(code, **params)
        return Issue(
            file=self.shown_path,
            line=span.line,
            column=span.column,
            key_path=format_key_path(path),
            code=code,
            message_en=en,
            message_ja=ja,
            severity=severity,
            rule=rule,
        )


def _span(node: yaml.Node) -> Span:
    start, end = node.start_mark, node.end_mark
    flow = bool(getattr(node, "flow_style", False))
    return Span(start.line + 1, start.column + 1, end.line + 1, end.column + 1, flow)


class _Builder:
    """Turns a composed node tree into plain values, recording spans and duplicate keys."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.constructor = yaml.constructor.SafeConstructor()
        self.issues: list[Issue] = []

    def build(self, node: yaml.Node, path: KeyPath) -> Any:
        self.document.spans[path] = _span(node)
        if node.tag not in PLAIN_TAGS:
            self.issues.append(self.document.issue(path, "yaml-tag", tag=node.tag))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, index)) for index, item in enumerate(node.value)]
        return self.constructor.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.issues.append(self.document.issue(path, "yaml-merge-key"))
                continue
            key = self.constructor.construct_object(key_node, deep=True)
            if not isinstance(key, str | int) or isinstance(key, bool):
                key = str(key)
            child = (*path, key)
            if key in result:
                first = self.document.key_spans[child]
                span = _span(key_node)
                en, ja = text("duplicate-key", key=key, line=first.line, column=first.column)
                self.issues.append(
                    Issue(
                        self.document.shown_path,
                        span.line,
                        span.column,
                        format_key_path(child),
                        "duplicate-key",
                        en,
                        ja,
                    )
                )
                continue
            self.document.key_spans[child] = _span(key_node)
            result[key] = self.build(value_node, child)
        return result


def load_yaml(path: Path, shown_path: str) -> tuple[Document | None, list[Issue]]:
    """Load one file; return its document (None when unreadable) and the problems found."""
    document = Document(path=path, shown_path=shown_path, data=None)
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        return None, [document.issue((), "not-utf8", detail=str(error))]
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        en, ja = text("yaml-syntax", detail=_describe(error))
        return None, [Issue(shown_path, line, column, "(document)", "yaml-syntax", en, ja)]
    except yaml.YAMLError as error:
        en, ja = text("yaml-syntax", detail=str(error))
        return None, [Issue(shown_path, 1, 1, "(document)", "yaml-syntax", en, ja)]
    if node is None:
        return None, [document.issue((), "empty-file")]
    builder = _Builder(document)
    try:
        document.data = builder.build(node, ())
    except yaml.constructor.ConstructorError as error:
        mark = error.problem_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        en, ja = text("yaml-syntax", detail=_describe(error))
        return None, [Issue(shown_path, line, column, "(document)", "yaml-syntax", en, ja)]
    return document, builder.issues


def _describe(error: yaml.MarkedYAMLError) -> str:
    """PyYAML's problem in one sentence, without its own position lines."""
    parts = [part for part in (error.context, error.problem) if part]
    return "; ".join(parts) or str(error).splitlines()[0]
