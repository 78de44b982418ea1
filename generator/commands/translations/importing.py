"""Translations back from a translator: each finished entry of a PO file written into its YAML
text in place (comments, quoting and layout kept, as `stamp` keeps them), with `from` set to the
source it translates; nothing is written while any entry is refused."""

from __future__ import annotations

import copy
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import polib

from generator.commands.common import os_reason
from generator.commands.stamping import (
    Edit,
    Plan,
    apply_edits,
    first_difference,
    from_edit,
    line_starts,
    offset,
    read_regular_file,
    value_at,
    write_all,
)
from generator.commands.translations.texts import Text
from generator.content.model.base import source_hash
from generator.content.yaml_loader import Document, parse_yaml
from generator.core.diagnostics import Issue, display_path
from generator.core.errors import ContentError, UserError
from generator.core.messages import message, text

message("po-unreadable", "cannot read {path} as a PO file: {reason}")
message(
    "po-unknown-address",
    "no text is at this address any more: the case, chart or field was removed or renamed;"
    " export again",
)
message(
    "po-breaks-file",
    "{file}: the translations cannot be written so that the file reads back the same; nothing"
    " was changed",
)
message(
    "po-cannot-place",
    "{file}: {key} has no {language} text and already records a source hash; write an empty"
    ' translation there ("") and import again',
)
message(
    "po-outdated-source",
    "the source text has changed since this file was exported: translate the current text"
    " (export again)",
)


def read_po(path: Path) -> Any:
    """A PO file, or a UserError that says why it cannot be read."""
    try:
        return polib.pofile(str(path), wrapwidth=78)
    except (OSError, ValueError, UnicodeDecodeError) as error:
        raise UserError(
            "po-unreadable", path=display_path(path), reason=os_reason(error)
        ) from error


def import_po(po: Any, shown: str, texts: list[Text]) -> list[tuple[str, int]]:
    """Write every finished entry (translated, not fuzzy) into its text; return (file, count)
    per file changed. ContentError listing every entry refused, with nothing written."""
    by_address = {item.address: item for item in texts}
    changes: dict[Path, list[tuple[Text, str]]] = defaultdict(list)
    refused = []
    for entry in po:
        if entry.obsolete or "fuzzy" in entry.flags or not entry.msgstr:
            continue
        target = by_address.get(entry.msgctxt or "")
        if target is None or entry.msgid != target.source:
            code = "po-unknown-address" if target is None else "po-outdated-source"
            refused.append(_refusal(shown, entry, code))
        elif entry.msgstr != target.translation or target.recorded != source_hash(target.source):
            changes[target.document.path].append((target, entry.msgstr))
    if refused:
        raise ContentError(refused)
    return write_all([_plan(edits[0][0].document, edits) for edits in changes.values()])


def _refusal(shown: str, entry: Any, code: str) -> Issue:
    """An entry that cannot be imported, at its line of the PO file."""
    english, japanese = text(code)
    return Issue(shown, entry.linenum, 1, entry.msgctxt or "", code, english, japanese)


def _plan(document: Document, changes: list[tuple[Text, str]]) -> Plan:
    """A file's new bytes with each translation and its `from` written, checked to read back as
    the same data with only those changed."""
    read = read_regular_file(document.path, follow=False)
    if read is None:
        raise UserError("stamp-not-regular", file=document.shown_path)
    original, mode = read
    source = original.decode("utf-8")
    starts = line_starts(source)
    edits: list[Edit] = []
    expected = copy.deepcopy(document.data)
    for target, translation in changes:
        current = source_hash(target.source)
        hash_edit = from_edit(document, source, starts, target.path, current)
        if (*target.path, target.target_lang) in document.spans:
            edits += [_text_edit(document, source, starts, target, translation), hash_edit]
        else:
            edits.append(_with_translation(document, hash_edit, target, translation))
        mapping = value_at(expected, target.path)
        mapping[target.target_lang], mapping["from"] = translation, current
    written = apply_edits(source, sorted(edits, key=lambda edit: (edit.start, edit.end)))
    again, issues = parse_yaml(written, document.path, document.shown_path)
    if again is None or issues or first_difference(expected, again.data) is not None:
        raise UserError("po-breaks-file", file=document.shown_path)
    return Plan(document.path, document.shown_path, original, written.encode(), len(changes), mode)


def _text_edit(
    document: Document, source: str, starts: list[int], target: Text, translation: str
) -> Edit:
    """Replace the translation's scalar with the new text: a `|-` block stays a block at its
    indentation; anything else becomes double-quoted (YAML reads a JSON string as the same
    string). A block scalar's closing line break stays."""
    path = (*target.path, target.target_lang)
    span = document.spans[path]
    start = offset(starts, span.line, span.column)
    end = offset(starts, span.end_line, span.end_column)
    written = source[start:end]
    newline = "\r\n" if "\r\n" in written else "\n"
    value = _block(written, translation, newline) or json.dumps(translation, ensure_ascii=False)
    if written.endswith("\n"):
        value += newline
    return Edit(start, end, value, path, source_hash(target.source))


def _block(written: str, translation: str, newline: str) -> str | None:
    """The translation as the `|-` block the file wrote, at the block's indentation; None where
    the file wrote another style or the text cannot be one (empty, a leading space, a line
    break at its end, a character a block may not hold)."""
    lines = written.splitlines()
    if len(lines) < 2 or lines[0].rstrip() != "|-":
        return None
    parts = translation.split("\n")
    if not translation or translation[0].isspace() or not parts[-1]:
        return None
    if not all(part.isprintable() for part in parts):
        return None
    indent = lines[1][: len(lines[1]) - len(lines[1].lstrip(" "))]
    return "|-" + newline + newline.join(indent + part if part else "" for part in parts)


def _with_translation(document: Document, edit: Edit, target: Text, translation: str) -> Edit:
    """The insertion that adds `from` to a text with no translation key, adding the
    translation's key before it, in the same style (a flow mapping's `, ja: …`, or a line)."""
    marker = f'from: "{edit.expected}"'
    if edit.start != edit.end or marker not in edit.text:
        raise UserError(
            "po-cannot-place",
            file=document.shown_path,
            key=target.address,
            language=f"word:language-{target.target_lang}",
        )
    before = edit.text[: edit.text.index(marker)]
    newline = "\r\n" if "\r\n" in edit.text else "\n"
    separator = ", " if before.startswith(",") else newline + before.lstrip("\r\n")
    quoted = json.dumps(translation, ensure_ascii=False)
    added = f"{target.target_lang}: {quoted}{separator}{marker}"
    return Edit(edit.start, edit.end, edit.text.replace(marker, added), edit.path, edit.expected)
