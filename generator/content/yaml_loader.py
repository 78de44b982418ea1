"""Read YAML safely into plain values while remembering where every value stands in the file.

The one reader of every file playaid reads. It refuses what a stranger's file could use against
it, each as a finding with the file, line and column, never a traceback: anything but a regular
file, files over the size limit, anchors and aliases (an "alias bomb" expands a few KB into
gigabytes), nesting, lists, texts and numbers over the limits (generator/core/limits.py), YAML tags
and merge keys, duplicate keys (PyYAML silently keeps the last one), numbers that are not YAML 1.2
decimals (YAML 1.1 reads 012 as 10, 1:30 as 90, and allows .nan and .inf), control or bidi
characters anywhere in the file (comments too) and in any text or key, and tables larger than
playaid prints.
"""

from __future__ import annotations

import math
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
import yaml.composer
import yaml.constructor
import yaml.reader
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from generator.core import limits
from generator.core.diagnostics import Issue, KeyPath, format_key_path
from generator.core.messages import text

try:  # libyaml's parser, in PyYAML's wheels; without it every file is read the pure way
    from yaml.cyaml import CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    CParser = object

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
    digest: str = ""  # of the text it was read from (generator.content.memo); "" when not known

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
        subject, depth = subject_of(self.data, path)
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
            subject=subject,
            subject_path=format_key_path(path[depth:]) if subject and path[depth:] else "",
        )


SUBJECT_KINDS = ("rules", "table")  # the kinds of file whose cases and tables are named by id


def subject_of(data: Any, path: KeyPath, *, any_kind: bool = False) -> tuple[str | None, int]:
    """The case or table a path through a file leads into, by id (`mak.10.1.1`, a rules file's
    case; `fpcf.air-drop`, a table file), and how many steps of the path lead to it; with
    `any_kind`, the item of any kind of file that has a qualified id (a procedure's)."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not (any_kind or kind in SUBJECT_KINDS):
        return None, 0
    if kind != "table" and len(path) >= 2 and (kind != "rules" or path[0] == "cases"):
        items = data.get(path[0])
        index = path[1]
        if isinstance(items, list) and isinstance(index, int) and 0 <= index < len(items):
            item = items[index]
            if isinstance(item, dict) and _qualified(item.get("id")):
                return item["id"], 2
    if kind != "rules" and _qualified(data.get("id")):
        return data["id"], 0
    return None, 0


def _qualified(name: Any) -> bool:
    """Whether an id names a case, table or procedure of a system (`mak.10.1.1`)."""
    return isinstance(name, str) and "." in name


class Refused(yaml.MarkedYAMLError):
    """A file that goes over a limit, found while it is composed (before any value is built)."""

    def __init__(self, code: str, mark: yaml.Mark, **params: object) -> None:
        super().__init__(problem=code, problem_mark=mark)
        self.code = code
        self.params = params


class _Guard(yaml.composer.Composer):
    """PyYAML's composer, refusing anchors, aliases and nesting beyond the limit as it composes,
    so that no file can expand or recurse out of bounds; the events come from a parser after it
    in the method order."""

    depth = 0
    entries = 0  # entries of every list and mapping so far, for FILE_ENTRIES

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

    # PyYAML's own two loops, counting each entry as it is composed: a list of half a million
    # entries is refused at its 5,001st, not after all of it is built, and a file's entries in all
    # (lists of lists included) at the 20,001st.
    def compose_sequence_node(self, anchor: Any) -> yaml.Node:
        start = self.get_event()
        tag = start.tag
        if tag is None or tag == "!":
            tag = self.resolve(yaml.SequenceNode, None, start.implicit)
        node = yaml.SequenceNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
        index = 0
        while not self.check_event(yaml.SequenceEndEvent):
            if index >= limits.LIST_ITEMS:
                raise Refused("yaml-long-list", start.start_mark, limit=limits.LIST_ITEMS)
            self._count_entry()
            node.value.append(self.compose_node(node, index))
            index += 1
        node.end_mark = self.get_event().end_mark
        return node

    def compose_mapping_node(self, anchor: Any) -> yaml.Node:
        start = self.get_event()
        tag = start.tag
        if tag is None or tag == "!":
            tag = self.resolve(yaml.MappingNode, None, start.implicit)
        node = yaml.MappingNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
        while not self.check_event(yaml.MappingEndEvent):
            if len(node.value) >= limits.LIST_ITEMS:
                raise Refused("yaml-long-list", start.start_mark, limit=limits.LIST_ITEMS)
            self._count_entry()
            key = self.compose_node(node, None)
            node.value.append((key, self.compose_node(node, key)))
        node.end_mark = self.get_event().end_mark
        return node

    def _count_entry(self) -> None:
        """One more entry in the file; past FILE_ENTRIES the file is refused where it stands, so
        a list of lists is bounded as one long list is."""
        self.entries += 1
        if self.entries > limits.FILE_ENTRIES:
            mark = self.peek_event().start_mark
            raise Refused("yaml-many-entries", mark, limit=limits.FILE_ENTRIES)


class _GuardedLoader(_Guard, yaml.SafeLoader):
    """The guarded composer over PyYAML's own reader, scanner and parser (pure Python): slow,
    but its errors are the ones playaid words its findings from."""


class _PureReads(yaml.MarkedYAMLError):
    """What libyaml places elsewhere than PyYAML: a value left empty in a flow collection
    (`{from: }`), which libyaml puts at the `}` and PyYAML, whose place `stamp` writes at, just
    after the colon. The pure reader reads such a file."""


class _FastGuardedLoader(_Guard, SafeConstructor, Resolver, CParser):
    """The guarded composer over libyaml's parser (C), about five times faster. It reads what the
    pure reader reads with the same lines and columns (tests/content/test_loader_parity.py); a file
    it cannot read is read again by the pure reader, whose error the finding words."""

    def __init__(self, stream: str) -> None:
        CParser.__init__(self, stream)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        yaml.composer.Composer.__init__(self)
        # Where the text ends, when it ends without a line break (the one case to mend below).
        ended = stream.endswith("\n")
        self.end = None if ended else (stream.count("\n"), len(stream) - stream.rfind("\n") - 1)

    def compose_node(self, parent: Any, index: Any) -> yaml.Node:
        event = self.peek_event()
        if (
            isinstance(event, yaml.ScalarEvent)
            and not event.value
            and not event.style
            and getattr(parent, "flow_style", False)
        ):
            raise _PureReads(None, None, "an empty value in a flow collection", event.start_mark)
        return super().compose_node(parent, index)

    def get_single_node(self) -> yaml.Node | None:
        """The file's node, every mark within the text: in a file without a final line break
        libyaml ends what runs to the end on a line after the last, where PyYAML ends it at the
        last line's end."""
        node = super().get_single_node()
        pending = [node] if node is not None and self.end is not None else []
        while pending:
            item = pending.pop()
            if item.end_mark.line > self.end[0]:
                item.end_mark = yaml.Mark(item.end_mark.name, -1, *self.end, None, None)
            if isinstance(item, yaml.SequenceNode):
                pending.extend(item.value)
            elif isinstance(item, yaml.MappingNode):
                pending.extend(part for pair in item.value for part in pair)
        return node


def _compose(source: str) -> yaml.Node | None:
    """The file's node tree: composed from libyaml's events where it is there and reads the
    file, else (and for every error, so that its wording never depends on libyaml) by PyYAML."""
    if CParser is not object:
        fast = _FastGuardedLoader(source)
        try:
            return fast.get_single_node()
        except yaml.YAMLError:
            pass
        finally:
            fast.dispose()
    loader = _GuardedLoader(source)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


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
        value, findings = _scalar_value(self.constructor, node)
        for code, params in findings:
            self.issues.append(self.document.issue(path, code, **params))
        return value

    def _mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.issues.append(self.document.issue(path, "yaml-merge-key"))
                continue
            key, findings = (
                _scalar_value(self.constructor, key_node)
                if isinstance(key_node, yaml.ScalarNode)
                else (None, [])
            )
            if not isinstance(key, str | int) or isinstance(key, bool):
                key = str(key)
            child = (*path, key)
            span = _span(key_node)
            if key in result:
                first = self.document.key_spans[child]
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
            self.document.key_spans[child] = span
            for code, params in findings:  # at the key itself: its line, column and path
                self.issues.append(self.document.issue(child, code, at_key=True, **params))
            result[key] = self.build(value_node, child)
        return result


NUMBER_TAGS = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"})


def _scalar_value(
    constructor: yaml.constructor.SafeConstructor, node: yaml.ScalarNode
) -> tuple[Any, list[tuple[str, dict[str, object]]]]:
    """A scalar's value and the findings about it (code and parameters). A number too long is
    kept as its text without ever being made a number: Python refuses an integer of more than
    4,300 digits, and one of 400 overflows a float."""
    if node.tag in NUMBER_TAGS and sum(ch.isalnum() for ch in node.value) > limits.NUMBER_DIGITS:
        return node.value, [("yaml-number-too-large", {"limit": limits.NUMBER_DIGITS})]
    try:
        value = constructor.construct_object(node, deep=True)
    except (ValueError, OverflowError):
        return node.value, [("yaml-number", {"written": node.value})]
    if isinstance(value, bool):
        return value, []
    if isinstance(value, int | float):
        pattern = limits.DECIMAL_INT if isinstance(value, int) else limits.DECIMAL_FLOAT
        if not pattern.fullmatch(node.value) or not math.isfinite(value):
            return node.value, [("yaml-number", {"written": node.value})]
        if abs(value) >= limits.NUMBER_LIMIT:
            return node.value, [("yaml-number-too-large", {"limit": limits.NUMBER_DIGITS})]
    if isinstance(value, str) and (character := limits.unsafe_character(value)):
        return value, [("text-control", {"character": character})]
    return value, []


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
    source, problems = read_text(path, shown_path)
    if source is None:
        return None, problems
    return parse_yaml(source, path, shown_path)


def parse_yaml(source: str, path: Path, shown_path: str) -> tuple[Document | None, list[Issue]]:
    """Read a file's text as YAML; return its document (None when it cannot be read) and the
    problems found, as if the text were the file at `path`."""
    document = Document(path=path, shown_path=shown_path, data=None)
    unsafe = _unsafe_characters(source, shown_path)
    if unsafe:
        return None, unsafe
    try:
        node = _compose(source)
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
    except yaml.reader.ReaderError as error:  # a character YAML does not allow, such as U+FFFF
        line, column = _line_and_column(source, error.position)
        en, ja = text("yaml-syntax", detail=f"the character U+{error.character:04X} is not allowed")
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
    return document, builder.issues + _size_issues(document)


UNSAFE_SHOWN = 20  # findings of control or bidi characters given for one file; the rest are alike


def _unsafe_characters(source: str, shown_path: str) -> list[Issue]:
    """Each control or bidi character anywhere in the file (a comment too, where no text check
    would see it), at its line and column; a CRLF line break is fine, a lone CR is not."""
    issues = []
    for match in limits.UNSAFE_IN_FILE.finditer(source):
        line, column = _line_and_column(source, match.start())
        en, ja = text("text-control", character=f"U+{ord(match.group()[0]):04X}")
        issues.append(Issue(shown_path, line, column, "(document)", "text-control", en, ja))
        if len(issues) == UNSAFE_SHOWN:
            break
    return issues


def _line_and_column(source: str, index: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a position in a text, lines ending at LF."""
    line_start = source.rfind("\n", 0, index) + 1
    return source.count("\n", 0, index) + 1, index - line_start + 1


def _characters(value: Any) -> int:
    """The characters of every text (and key) in a value, walked without recursion."""
    total, pending = 0, [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            total += len(item)
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return total


def _size_issues(document: Document) -> list[Issue]:
    """A table or shared choice list larger than playaid prints, found in the file as it stands
    (before the model is built): cells, axes, choices of an axis (generator/core/limits.py)."""
    data = document.data
    if not isinstance(data, dict):
        return []
    issues = []
    if data.get("kind") == "table":
        axes = data.get("axes")
        if isinstance(axes, list):
            if len(axes) > limits.TABLE_AXES:
                issues.append(
                    document.issue(
                        ("axes",), "table-too-many-axes", count=len(axes), limit=limits.TABLE_AXES
                    )
                )
            for index, axis in enumerate(axes):
                choices = axis.get("choices") if isinstance(axis, dict) else None
                if isinstance(choices, list) and len(choices) > limits.AXIS_CHOICES:
                    issues.append(
                        document.issue(
                            ("axes", index, "choices"),
                            "too-many-choices",
                            count=len(choices),
                            limit=limits.AXIS_CHOICES,
                        )
                    )
        rows = data.get("rows")
        if isinstance(rows, list):
            cells = sum(
                len(row["cells"])
                if isinstance(row, dict) and isinstance(row.get("cells"), dict)
                else 1
                for row in rows
            )
            if cells > limits.TABLE_CELLS:
                issues.append(
                    document.issue(
                        ("rows",), "table-too-many-cells", count=cells, limit=limits.TABLE_CELLS
                    )
                )
        characters = _characters(data)
        if characters > limits.TABLE_CHARACTERS:
            issues.append(
                document.issue(
                    (), "table-too-much-text", count=characters, limit=limits.TABLE_CHARACTERS
                )
            )
    elif data.get("kind") == "enums" and isinstance(data.get("enums"), dict):
        for name, choices in data["enums"].items():
            if isinstance(choices, list) and len(choices) > limits.AXIS_CHOICES:
                issues.append(
                    document.issue(
                        ("enums", name),
                        "too-many-choices",
                        count=len(choices),
                        limit=limits.AXIS_CHOICES,
                    )
                )
    return issues


def _describe(error: yaml.MarkedYAMLError) -> str:
    """PyYAML's problem in one sentence, without its own position lines."""
    parts = [part for part in (error.context, error.problem) if part]
    return "; ".join(parts) or str(error).splitlines()[0]
