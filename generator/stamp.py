"""Write the missing `from` source hashes into content and scenario files, editing them in place.

Only absent hashes are written; a recorded hash is never replaced, so a stale translation
stays reported until a person has updated it.
"""

from __future__ import annotations

from pathlib import Path

from generator.content import DEFAULT_CONTENT, is_scenario, validate_document
from generator.diagnostics import display_path
from generator.errors import UserError
from generator.fingerprint import yaml_files
from generator.loader import Document, load_yaml
from generator.model.base import LocalizedText
from generator.model.walk import walk
from generator.render.writer import write_atomically


def stamp_content(root: Path | None = None) -> list[tuple[str, int]]:
    """Stamp every file of a content folder; return (file, count stamped) per changed file."""
    root = (root or DEFAULT_CONTENT).resolve()
    changed = []
    found, _ = yaml_files(root)  # a loop, never a recursion, as the content is read
    for path in found:
        count = stamp_file(path)
        if count:
            changed.append((display_path(path), count))
    return changed


def stamp_files(paths: list[Path]) -> list[tuple[str, int]]:
    """Stamp the named files; return (file, count stamped) per changed file."""
    for path in paths:
        if not path.is_file():
            raise UserError("file-missing", file=path)
    return [(display_path(path), count) for path in paths if (count := stamp_file(path))]


def stamp_file(path: Path) -> int:
    """Stamp one file; files that do not validate are left alone (`check` reports them)."""
    document, issues = load_yaml(path, str(path))
    if document is None or issues:
        return 0
    if is_scenario(document):
        from generator.scenario.reader import validate

        model, problems = validate(document, set())
        problems = [problem for problem in problems if problem.code != "unstamped-translation"]
    else:
        _, model, problems = validate_document(document)
    if model is None or problems:
        return 0
    source = path.read_text(encoding="utf-8")
    starts = _line_starts(source)
    edits = [_edit(document, source, starts, p, text) for p, text in walk(model) if _needs(text)]
    for offset, insertion in sorted(edits, reverse=True):
        source = source[:offset] + insertion + source[offset:]
    if edits:
        write_atomically(path, source.encode("utf-8"))
    return len(edits)


def _needs(value: object) -> bool:
    return (
        isinstance(value, LocalizedText)
        and value.tr != "none"
        and value.from_ is None
        and bool(value.en.strip() and value.ja.strip())
    )


def _line_starts(source: str) -> list[int]:
    """The offset at which each line of `source` starts."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _edit(
    document: Document, source: str, starts: list[int], path: tuple, text: LocalizedText
) -> tuple[int, str]:
    """Where to insert `from: HASH` in this mapping, and the text to insert."""
    mapping = document.spans[path]
    if mapping.flow:
        end = starts[mapping.end_line - 1] + mapping.end_column - 1
        brace = source.rindex("}", 0, end)
        return brace, f', from: "{text.expected_hash}"'
    tr_key = document.key_spans[(*path, "tr")]
    indent = " " * (tr_key.column - 1)
    return starts[tr_key.line], f'{indent}from: "{text.expected_hash}"\n'
