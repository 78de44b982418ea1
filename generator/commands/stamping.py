"""Write the missing `from` source hashes into content and scenario files, editing them in place
(`playaid stamp`).

Only absent hashes are written (or a `from:` left empty); a recorded hash is never replaced, so a
stale translation stays reported until a person has updated it.

Stamp never writes a file it cannot read back. Each file is edited as text (comments, quoting,
line ends and layout kept), the result is read again through the loader, and it is written only
when it reads as the same data plus the new hashes. Every file is planned and checked before any
is written: a file stamp cannot edit safely, a file that is not a regular file itself (a link, a
FIFO, a device) or a read-only one is an error naming it, and no file is changed. A file is
replaced atomically (generator/core/files.py), keeping its permissions.
"""

from __future__ import annotations

import copy
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.commands.common import os_reason
from generator.content.load import DEFAULT_CONTENT, is_scenario, validate_document
from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document, Span, parse_yaml
from generator.core import limits
from generator.core.diagnostics import KeyPath, display_path, format_key_path
from generator.core.errors import UserError
from generator.core.files import WriteError, write_atomically
from generator.core.fingerprint import yaml_files


@dataclass(frozen=True)
class Edit:
    """One change to a file's text: replace source[start:end] with `text`, to stamp `path`."""

    start: int
    end: int
    text: str
    path: KeyPath
    expected: str


@dataclass(frozen=True)
class Plan:
    """A file's stamped bytes, checked to read back, and what it held when it was read."""

    path: Path
    shown: str
    original: bytes
    stamped: bytes
    count: int
    mode: int


def stamp_content(root: Path | None = None) -> list[tuple[str, int]]:
    """Stamp every file of a content folder; return (file, count stamped) per changed file."""
    root = (root or DEFAULT_CONTENT).resolve()
    found, _ = yaml_files(root)  # a loop, never a recursion, as the content is read
    return write_all([plan for path in found if (plan := plan_file(path)) is not None])


def stamp_files(paths: list[Path]) -> list[tuple[str, int]]:
    """Stamp the named files; return (file, count stamped) per changed file."""
    plans = []
    for path in paths:
        if not os.path.lexists(path):
            raise UserError("file-missing", file=display_path(path))
        if _kind(path, follow=True) != "file":
            raise UserError("stamp-not-regular", file=display_path(path))
        plan = plan_file(path)
        if plan is not None:
            plans.append(plan)
    return write_all(plans)


def plan_file(path: Path) -> Plan | None:
    """The stamped bytes of one file, checked to read back as the same data plus the new hashes;
    None when it needs no stamp. Files that do not read or validate are left alone (`check`
    reports them); a file that needs a stamp and cannot safely take it is a UserError."""
    shown = display_path(path)
    raw = read_regular_file(path)
    if raw is None:
        return None
    original, mode = raw
    try:
        source = original.decode("utf-8")
    except UnicodeDecodeError:
        return None
    valid = _valid_document(source, path, shown)
    if valid is None:
        return None
    document, model = valid
    edits = _edits(document, model, source)
    if not edits:
        return None
    if _kind(path, follow=False) != "file":
        raise UserError("stamp-not-regular", file=shown)
    stamped = apply_edits(source, edits)
    _check_reads_back(document, source, stamped, edits)
    if not mode & 0o222 or not os.access(path, os.W_OK):  # no one may write it, root aside
        raise UserError("stamp-read-only", file=shown)
    return Plan(path, shown, original, stamped.encode("utf-8"), len(edits), mode)


def write_all(plans: list[Plan]) -> list[tuple[str, int]]:
    """Write every planned file (all were checked first); return (file, count) per file."""
    for plan in plans:
        _write(plan)
    return [(plan.shown, plan.count) for plan in plans]


def _write(plan: Plan) -> None:
    """Replace one file with its stamped bytes, unless it changed since it was read."""
    now = read_regular_file(plan.path, follow=False)
    if now is None or now[0] != plan.original:
        raise UserError("stamp-changed-meanwhile", file=plan.shown)
    try:
        write_atomically(plan.path, plan.stamped, mode=plan.mode)
    except (OSError, WriteError) as error:
        raise UserError("stamp-cannot-write", file=plan.shown, reason=os_reason(error)) from error


def _kind(path: Path, *, follow: bool) -> str | None:
    """What stands at `path`: file (a regular file), other, or None when nothing does."""
    try:
        mode = os.stat(path).st_mode if follow else os.lstat(path).st_mode
    except OSError:
        return None
    return "file" if stat.S_ISREG(mode) else "other"


def read_regular_file(path: Path, *, follow: bool = True) -> tuple[bytes, int] | None:
    """A regular file's bytes and permission bits, or None (not a regular file, too large,
    unreadable). Never blocks on a FIFO or a device; with `follow` false, never reads a link."""
    flags = os.O_RDONLY | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW)
    try:
        descriptor = os.open(path, flags)
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > limits.FILE_BYTES:
            return None
        chunks, size = [], 0
        while chunk := os.read(descriptor, limits.FILE_BYTES + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > limits.FILE_BYTES:
                return None
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return b"".join(chunks), stat.S_IMODE(status.st_mode)


def _valid_document(source: str, path: Path, shown: str) -> tuple[Document, Any] | None:
    """The file's document and model when it reads and validates (an unstamped translation
    aside)."""
    document, issues = parse_yaml(source, path, shown)
    if document is None or issues:
        return None
    if is_scenario(document):
        from generator.scenario.reader import validate

        model, problems = validate(document, set())
        problems = [problem for problem in problems if problem.code != "unstamped-translation"]
    else:
        _, model, problems = validate_document(document)
    if model is None or problems:
        return None
    return document, model


def _needs(value: object) -> bool:
    """Whether a value is a translation with no `from` that stamp should record."""
    return (
        isinstance(value, LocalizedText)
        and value.tr != "none"
        and value.from_ is None
        and bool(value.en.strip() and value.ja.strip())
    )


def _edits(document: Document, model: Any, source: str) -> list[Edit]:
    """The edits that stamp every translation of the document that needs it, in file order."""
    starts = line_starts(source)
    edits = []
    for path, value in walk(model):
        if _needs(value):
            edits.append(from_edit(document, source, starts, path, value.expected_hash))
    return sorted(edits, key=lambda edit: (edit.start, edit.end))


def line_starts(source: str) -> list[int]:
    """The offset at which each line of `source` starts (the loader refuses every line break
    but LF, CRLF, U+2028 and U+2029, which PyYAML and str.splitlines count alike)."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def offset(starts: list[int], line: int, column: int) -> int:
    """The offset of a 1-based line and column."""
    return starts[line - 1] + column - 1


def from_edit(
    document: Document, source: str, starts: list[int], path: KeyPath, expected: str
) -> Edit:
    """How to add `from: "HASH"` to the text at `path`: fill an empty `from:`, or add the key
    after the value that ends last (the mapping's last line, before any comment on it)."""
    mapping = _mapping_at(document, path)
    if mapping is None:
        span = document.position(path)
        raise UserError(
            "stamp-no-mapping",
            file=document.shown_path,
            line=span.line,
            column=span.column,
            key=format_key_path(path),
            expected=expected,
        )
    quoted = f'"{expected}"'
    if "from" in mapping:  # written, but empty (`from:`, `from: null`, or `{…, from}`)
        return _fill(document, source, starts, path, expected)
    values = sorted(
        (_value_span(document, (*path, key), mapping[key]) for key in mapping),
        key=lambda s: (s.end_line, s.end_column),
    )
    ends = [offset(starts, span.end_line, span.end_column) for span in values]
    if document.spans[path].flow:
        return Edit(ends[-1], ends[-1], f", from: {quoted}", path, expected)
    indent = " " * (min(document.key_spans[(*path, key)].column for key in mapping) - 1)
    last = values[-1]
    end = ends[-1]
    if end == len(source) and source[offset(starts, last.line, last.column)] in "|>":
        end = ends[-2]  # a block scalar at the very end: a line after it would join its text
    if end > 0 and source[end - 1] == "\n":  # a block scalar ends after its own line break
        return Edit(end, end, f"{indent}from: {quoted}{_newline(source, end)}", path, expected)
    line_end = source.find("\n", end)
    line_end = len(source) if line_end < 0 else line_end - (source[line_end - 1] == "\r")
    insertion = f"{_newline(source, line_end)}{indent}from: {quoted}"
    return Edit(line_end, line_end, insertion, path, expected)


def _value_span(document: Document, path: KeyPath, value: Any) -> Span:
    """Where a value ends as text: a block list or mapping (a text's `corrections`) at the end of
    its last item, not where the parser closes it, which is the next key's line."""
    span = document.spans[path]
    while not span.flow and isinstance(value, list | dict) and value:
        key = len(value) - 1 if isinstance(value, list) else list(value)[-1]
        path, value = (*path, key), value[key]
        span = document.spans[path]
    return span


def _fill(document: Document, source: str, starts: list[int], path: KeyPath, expected: str) -> Edit:
    """How to give an empty `from` its hash: replace `null` or `~`, or write the value after
    the colon (or after the key, with a colon, where none was written)."""
    quoted = f'"{expected}"'
    span = document.spans[(*path, "from")]
    start = offset(starts, span.line, span.column)
    end = offset(starts, span.end_line, span.end_column)
    if end > start:
        return Edit(start, end, quoted, path, expected)
    key = document.key_spans[(*path, "from")]
    after_key = offset(starts, key.end_line, key.end_column)
    if ":" in source[after_key:start]:
        return Edit(start, start, f" {quoted}", path, expected)
    return Edit(after_key, after_key, f": {quoted}", path, expected)


def _mapping_at(document: Document, path: KeyPath) -> dict[Any, Any] | None:
    """The mapping written in the file at `path`, or None when the file holds none there."""
    value = document.data
    for key in path:
        if not _has(value, key):
            return None
        value = value[key]
    if not isinstance(value, dict) or not value or path not in document.spans:
        return None
    return value


def _has(value: Any, key: str | int) -> bool:
    """Whether plain data holds `key`: a mapping's key, or an index of a list."""
    if isinstance(value, dict):
        return key in value
    return isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value)


def _newline(source: str, near: int) -> str:
    """The line break the file uses near an offset: the one ending the line there, else the
    first in the file, else LF."""
    line_end = source.find("\n", near)
    if line_end < 0:
        line_end = source.find("\n")
    return "\r\n" if line_end > 0 and source[line_end - 1] == "\r" else "\n"


def apply_edits(source: str, edits: list[Edit]) -> str:
    """The source with every edit made (edits in file order, none overlapping)."""
    parts, position = [], 0
    for edit in edits:
        parts.append(source[position : edit.start])
        parts.append(edit.text)
        position = edit.end
    parts.append(source[position:])
    return "".join(parts)


def _check_reads_back(document: Document, source: str, stamped: str, edits: list[Edit]) -> None:
    """Raise a UserError unless the stamped text reads as the same data plus the new hashes."""
    again, issues = parse_yaml(stamped, document.path, document.shown_path)
    if again is None or issues:
        issue = issues[0]
        new_starts = line_starts(stamped)
        where = offset(new_starts, min(issue.line, len(new_starts)), 1) + issue.column - 1
        edit = _culprit_at(edits, where)
        raise _refusal(
            "stamp-breaks-yaml", document, edit, detail=(issue.message_en, issue.message_ja)
        )
    expected = copy.deepcopy(document.data)
    for edit in edits:
        value_at(expected, edit.path)["from"] = edit.expected
    changed = first_difference(expected, again.data)
    if changed is not None:
        edit = next(
            (e for e in reversed(edits) if changed[: len(e.path)] == e.path),
            _culprit_at(edits, _position(document, source, changed)),
        )
        raise _refusal("stamp-changes-data", document, edit, changed=format_key_path(changed))


def _culprit_at(edits: list[Edit], where: int) -> Edit:
    """The edit most likely to blame for a problem at offset `where` of the stamped text: the
    last one made before it (or the first)."""
    culprit, shift = edits[0], 0
    for edit in edits:
        if edit.start + shift > where:
            break
        culprit = edit
        shift += len(edit.text) - (edit.end - edit.start)
    return culprit


def _position(document: Document, source: str, path: KeyPath) -> int:
    """The offset in the original text of the value nearest to `path`."""
    span = document.position(path)
    return offset(line_starts(source), span.line, span.column)


def _refusal(code: str, document: Document, edit: Edit, **params: object) -> UserError:
    """The error that says stamp left every file alone, at the text it could not stamp."""
    span = document.spans[edit.path]
    return UserError(
        code,
        file=document.shown_path,
        line=span.line,
        column=span.column,
        key=format_key_path(edit.path),
        expected=edit.expected,
        **params,
    )


def value_at(value: Any, path: KeyPath) -> Any:
    """The value at a path of plain data."""
    for key in path:
        value = value[key]
    return value


def first_difference(expected: Any, actual: Any) -> KeyPath | None:
    """The first path at which two plain values differ (types too: 1, 1.0 and True differ)."""
    pending: list[tuple[KeyPath, Any, Any]] = [((), expected, actual)]
    while pending:
        path, left, right = pending.pop()
        if type(left) is not type(right):
            return path
        if isinstance(left, dict):
            if left.keys() != right.keys():
                return path
            pending.extend(((*path, key), left[key], right[key]) for key in reversed(left))
        elif isinstance(left, list):
            if len(left) != len(right):
                return path
            pending.extend(
                ((*path, index), left[index], right[index]) for index in reversed(range(len(left)))
            )
        elif left != right:
            return path
    return None
