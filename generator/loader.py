"""Read YAML safely into plain values while remembering where every value stands in the file.

The one reader of every file playaid reads. It refuses what a stranger's file could use against
it, each as a finding with the file, line and column, never a traceback: anything but a regular
file, files over the size limit, anchors and aliases (an "alias bomb" expands a few KB into
gigabytes), nesting, lists and texts over the limits (generator/limits.py), YAML tags and merge
keys, duplicate keys (PyYAML silently keeps the last one), numbers that are not YAML 1.2
decimals (YAML 1.1 reads 012 as 10, 1:30 as 90, and allows .nan and .inf), and control or bidi
characters in text.
"""

from __future__ import annotations

import math
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
import yaml.constructor

from generator import limits
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


class Refused(yaml.MarkedYAMLError):
    """A file that goes over a limit, found while it is composed (before any value is built)."""

    def __init__(self, code: str, mark: yaml.Mark, **params: object) -> None:
        super().__init__(problem=code, problem_mark=mark)
        self.code = code
        self.params = params


class _GuardedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing anchors, aliases and nesting beyond the limit as it
    composes, so that no file can expand or recurse out of bounds."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> yaml.Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise Refused("yaml-alias", event.start_mark)
        if isinstance(event, yaml.CollectionStartEvent):
            self.depth += 1
            if self.depth > limits.DEPTH:
                raise Refused("yaml-depth", event.start_mark, limit=limits.DEPTH)
        explicit = getattr(event, "tag", None)  # `!!int "6"` resolves to the tag `6` would have
        try:
            node = super().compose_node(parent, index)
            if explicit is not None:
                node.explicit_tag = explicit
            return node
        finally:
            if isinstance(event, yaml.CollectionStartEvent):
                self.depth -= 1

    def compose_scalar_node(self, anchor: Any) -> yaml.Node:
        node = super().compose_scalar_node(anchor)
        if len(node.value) > limits.STRING_CHARACTERS:
            raise Refused("yaml-long-text", node.start_mark, limit=limits.STRING_CHARACTERS)
        return node

    def compose_sequence_node(self, anchor: Any) -> yaml.Node:
        node = super().compose_sequence_node(anchor)
        self._count(node)
        return node

    def compose_mapping_node(self, anchor: Any) -> yaml.Node:
        node = super().compose_mapping_node(anchor)
        self._count(node)
        return node

    @staticmethod
    def _count(node: yaml.Node) -> None:
        if len(node.value) > limits.LIST_ITEMS:
            raise Refused("yaml-long-list", node.start_mark, limit=limits.LIST_ITEMS)


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
        tag = getattr(node, "explicit_tag", None)
        if tag is not None or node.tag not in PLAIN_TAGS:
            shown = (tag or node.tag).replace("tag:yaml.org,2002:", "!!")
            self.issues.append(self.document.issue(path, "yaml-tag", tag=shown))
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, index)) for index, item in enumerate(node.value)]
        return self._scalar(node, path)

    def _scalar(self, node: yaml.ScalarNode, path: KeyPath) -> Any:
        """A scalar's value, with a finding where a number or a text does not mean what it
        seems to (the value is kept as the text written)."""
        value = self.constructor.construct_object(node, deep=True)
        if isinstance(value, bool):
            return value
        if isinstance(value, int | float):
            pattern = limits.DECIMAL_INT if isinstance(value, int) else limits.DECIMAL_FLOAT
            if not pattern.fullmatch(node.value) or not math.isfinite(value):
                self.issues.append(self.document.issue(path, "yaml-number", written=node.value))
                return node.value
        if isinstance(value, str) and (character := limits.unsafe_character(value)):
            self.issues.append(self.document.issue(path, "text-control", character=character))
        return value

    def _mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.issues.append(self.document.issue(path, "yaml-merge-key"))
                continue
            key = self._scalar(key_node, path) if isinstance(key_node, yaml.ScalarNode) else None
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


def read_text(path: Path, shown_path: str) -> tuple[str | None, list[Issue]]:
    """A file's text, or the finding that says why it cannot be read: not there, not a regular
    file (a directory, a FIFO, a dangling link), over the size limit, unreadable, not UTF-8."""
    document = Document(path=path, shown_path=shown_path, data=None)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        broken = os.path.islink(path)
        return None, [
            document.issue((), "file-not-regular" if broken else "file-missing", file=shown_path)
        ]
    except OSError as error:
        return None, [document.issue((), "file-unreadable", detail=error.strerror or str(error))]
    if not stat.S_ISREG(mode):
        return None, [document.issue((), "file-not-regular", file=shown_path)]
    try:
        with open(path, "rb") as handle:
            data = handle.read(limits.FILE_BYTES + 1)
    except OSError as error:
        return None, [document.issue((), "file-unreadable", detail=error.strerror or str(error))]
    if len(data) > limits.FILE_BYTES:
        return None, [document.issue((), "file-too-large", limit=limits.FILE_BYTES)]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before.rsplit(b"\n", 1)[-1].decode("utf-8", "replace")) + 1
        byte = f"0x{data[error.start]:02x}"
        en, ja = text("not-utf8", byte=byte)
        return None, [Issue(shown_path, line, column, "(document)", "not-utf8", en, ja)]


def load_yaml(path: Path, shown_path: str) -> tuple[Document | None, list[Issue]]:
    """Load one file; return its document (None when unreadable) and the problems found."""
    document = Document(path=path, shown_path=shown_path, data=None)
    source, problems = read_text(path, shown_path)
    if source is None:
        return None, problems
    try:
        loader = _GuardedLoader(source)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except Refused as refused:
        mark = refused.problem_mark
        en, ja = text(refused.code, **refused.params)
        issue = Issue(
            shown_path, mark.line + 1, mark.column + 1, "(document)", refused.code, en, ja
        )
        return None, [issue]
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
