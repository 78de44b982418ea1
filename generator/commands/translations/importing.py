"""Translations back from a translator: each finished entry of a PO file written into its YAML
text in place (comments, quoting and layout kept, as `stamp` keeps them), with `from` set to the
source it translates; nothing is written while any entry is refused, and then every file or
none (generator.render.writer's journal)."""

from __future__ import annotations

import copy
import json
import os
import shutil
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
)
from generator.commands.translations import vetting
from generator.commands.translations.texts import Text
from generator.content.model.base import source_hash
from generator.content.yaml_loader import Document, parse_yaml
from generator.core.diagnostics import Issue, format_key_path
from generator.core.errors import ContentError, UserError
from generator.core.files import WriteError
from generator.core.limits import shown_name
from generator.core.messages import message

message(
    "po-unknown-address",
    "no text is at this address any more: the case, chart or field was removed or renamed;"
    " export again (the export merges into your file)",
)
message(
    "po-breaks-file",
    "{file}: the translation cannot be written so that the file reads back the same; nothing"
    " was changed",
)
message(
    "po-cannot-place",
    "{file}: {key} has no {language} text and already records a source hash; write an empty"
    ' translation there ("") and import again',
)
message(
    "po-outdated-source",
    "the source text has changed since this file was exported: export onto this file again"
    " (the export merges: your translation is kept, marked fuzzy beside the old source), then"
    " translate the current text",
)
message("po-read-only", "cannot import into {file}: it is read-only, so no file was changed")
message("po-cannot-write", "cannot write {file}: {reason}; no file was changed")
message("po-changed-meanwhile", "{file} changed while the import ran; no file was changed")


@dataclass
class Outcome:
    """What an import did: (file, count) per file written, and the fuzzy entries it skipped."""

    written: list[tuple[str, int]] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)


def import_po(
    po: Any, shown: str, texts: list[Text], root: Path, *, one_file: bool = False
) -> Outcome:
    """Write every finished entry (translated, not fuzzy) into its text, all files or none.
    ContentError listing every entry refused (at its PO line), with nothing written."""
    by_address = {item.address: item for item in texts}
    entries = [entry for entry in po if not entry.obsolete]
    refused = vetting.duplicates(shown, entries)
    changes: dict[Path, list[tuple[Text, Any]]] = defaultdict(list)
    outcome = Outcome()
    face = _typeface()
    for entry in entries:
        target = by_address.get(entry.msgctxt or "")
        if "fuzzy" in entry.flags or not entry.msgstr:
            if entry.msgstr and (target is None or entry.msgstr != target.translation):
                outcome.fuzzy.append(shown_name(entry.msgctxt or ""))
            continue
        if target is None or entry.msgid != target.source:
            code = "po-unknown-address" if target is None else "po-outdated-source"
            refused.append(vetting.refusal(shown, entry, code))
        elif (problem := vetting.translation_refusal(shown, entry, face)) is not None:
            refused.append(problem)
        elif entry.msgstr != target.translation or target.recorded != source_hash(target.source):
            changes[target.document.path].append((target, entry))
    if refused:
        raise ContentError(vetting.bounded(shown, refused))
    plans = [_file_plan(shown, edits) for edits in changes.values()]
    if plans and one_file:
        _check_file_as_check_would(shown, plans[0], changes)
    elif plans:
        _check_as_check_would(shown, root, plans, changes)
    if plans and one_file:
        outcome.written = write_one(plans[0])
    elif plans:
        outcome.written = write_journaled(root, plans)
    return outcome


def _typeface() -> Any:
    from generator.render.fonts import typeface

    return typeface()


def _file_plan(shown: str, edits: list[tuple[Text, Any]]) -> Plan:
    """One file's plan; where the file cannot take the translations, the entry that breaks it
    (tried alone), at its PO line."""
    document = edits[0][0].document
    try:
        return _plan(document, [(target, entry.msgstr) for target, entry in edits])
    except UserError as error:
        if error.code != "po-breaks-file":
            raise
        for target, entry in edits:
            try:
                _plan(document, [(target, entry.msgstr)])
            except UserError:
                issue = vetting.refusal(shown, entry, "po-breaks-file", file=document.shown_path)
                raise ContentError([issue]) from error
        raise


def _check_as_check_would(
    shown: str, root: Path, plans: list[Plan], changes: dict[Path, list[tuple[Text, Any]]]
) -> None:
    """ContentError when the content with the new files has an error that `check` does not
    find in it today (a glossary term's fixed rendering missing, …): each at the PO line of the
    entry whose text it is in, else at its YAML line."""
    from generator.commands.common import drawable, verify_content
    from generator.tableside.loading import load_checked

    scenarios = any(plan.path.is_relative_to(root / "scenarios") for plan in plans)

    def errors(folder: Path) -> list[Issue]:
        try:
            content = load_checked(folder, checks=(drawable,))
        except ContentError as error:
            return error.issues
        return content.warnings + (verify_content(content)[0] if scenarios else [])

    before = errors(root)
    scratch, copy = vetting.scratch_copy(root)
    try:
        for plan in plans:
            (copy / plan.path.relative_to(root)).write_bytes(plan.stamped)
        found = vetting.new_errors(before, errors(copy), root, copy)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if found:
        entries = [pair for edits in changes.values() for pair in edits]
        raise ContentError(vetting.bounded(shown, [_at_entry(shown, i, entries) for i in found]))


def _check_file_as_check_would(
    shown: str, plan: Plan, changes: dict[Path, list[tuple[Text, Any]]]
) -> None:
    """ContentError when the one file imported into (a scenario file named on the command
    line) has, with its new text, an error it does not have today."""
    from generator.commands.translations.texts import validated
    from generator.content.checks.glyphs import undrawable_issues

    face = _typeface()

    def errors(data: bytes) -> list[Issue]:
        document, issues = parse_yaml(data.decode("utf-8"), plan.path, plan.shown)
        if document is None:
            return issues
        drawn = undrawable_issues(document, face) if face is not None else []
        return issues + validated(document)[2] + drawn

    found = [i for i in errors(plan.stamped) if i not in set(errors(plan.original))]
    found = [i for i in found if i.severity == "error"]
    if found:
        entries = [pair for edits in changes.values() for pair in edits]
        raise ContentError(vetting.bounded(shown, [_at_entry(shown, i, entries) for i in found]))


def _at_entry(shown: str, issue: Issue, entries: list[tuple[Text, Any]]) -> Issue:
    """A check's finding at the PO line of the imported text it is in, where there is one."""
    for target, entry in entries:
        path = format_key_path(target.path)
        if issue.file == target.document.shown_path and (
            issue.key_path == path or issue.key_path.startswith((f"{path}.", f"{path}["))
        ):
            message = issue.message_en
            return vetting.refusal(
                shown,
                entry,
                "po-refused-by-check",
                file=issue.file,
                line=issue.line,
                message=message,
            )
    return issue


def finish_interrupted(root: Path) -> None:
    """Finish an import that was killed while it moved its files into place, and remove the
    temporary files one left, before the content is read (the lock is taken only then)."""
    from generator.core.files import is_abandoned_temporary, kind_of
    from generator.render.writer import JOURNAL, locked

    left = kind_of(root / JOURNAL) is not None or any(
        is_abandoned_temporary(Path(folder), name)
        for folder, _, names in os.walk(root)
        for name in names
        if name.endswith(".partial")
    )
    if left:
        with locked(root):
            pass


def write_one(plan: Plan) -> list[tuple[str, int]]:
    """Replace the one file imported into (a rename: all or nothing by itself), unless it is
    read-only or changed since it was read."""
    from generator.core.files import write_atomically

    _writable(plan)
    now = read_regular_file(plan.path, follow=False)
    if now is None or now[0] != plan.original:
        raise UserError("po-changed-meanwhile", file=plan.shown)
    try:
        write_atomically(plan.path, plan.stamped, mode=plan.mode)
    except (OSError, WriteError) as error:
        raise UserError("po-cannot-write", file=plan.shown, reason=os_reason(error)) from error
    return [(plan.shown, plan.count)]


def _writable(plan: Plan) -> None:
    """A UserError where the file, or its folder, is read-only."""
    if not plan.mode & 0o222 or not os.access(plan.path, os.W_OK):
        raise UserError("po-read-only", file=plan.shown)
    if not os.access(plan.path.parent, os.W_OK | os.X_OK):
        raise UserError("po-read-only", file=plan.path.parent)


def write_journaled(root: Path, plans: list[Plan]) -> list[tuple[str, int]]:
    """Write every planned file or none: under the content folder's lock, each is checked
    unchanged since it was read, staged beside itself, and all are moved into place from a
    journal that the next import finishes if this one is killed (generator.render.writer, as
    `build` writes its output); abandoned temporaries of an earlier import are removed."""
    from generator.render.writer import Writer, locked

    for plan in plans:
        _writable(plan)
    with locked(root):
        writer = Writer(root)
        try:
            for plan in plans:
                now = read_regular_file(plan.path, follow=False)
                if now is None or now[0] != plan.original:
                    raise UserError("po-changed-meanwhile", file=plan.shown)
                writer.stage(plan.path.relative_to(root).as_posix(), plan.stamped, mode=plan.mode)
        except (OSError, WriteError) as error:
            writer.discard()
            raise UserError("po-cannot-write", file=root, reason=os_reason(error)) from error
        except BaseException:
            writer.discard()
            raise
        try:
            writer.commit()
        except WriteError as error:
            raise UserError("po-cannot-write", file=root, reason=str(error)) from error
    return [(plan.shown, plan.count) for plan in plans]


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
