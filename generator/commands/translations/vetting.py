"""What an import refuses before it writes anything, each at its PO file's line: an entry that
repeats another, a blank translation, a character no document can print or that could forge a
line, a text over the length limit (all as `check` refuses them in the content); and then,
with the new files in a scratch copy of the content, anything else `check` would refuse."""

from __future__ import annotations

import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any

from generator.content.checks.glyphs import shown_character
from generator.core import limits
from generator.core.diagnostics import Issue, display_path
from generator.core.limits import shown_name
from generator.core.messages import message, plural, text

message(
    "po-duplicate", "this text has another entry at line {line}; keep one (gettext refuses both)"
)
message(
    "po-blank", "the translation is blank (only white space): write the text, or leave it empty"
)
message(
    "po-character",
    "the translation holds {character}, which could make a text print or read as something else:"
    " remove it",
)
message(
    "po-undrawable",
    "the translation holds {character}, which the font the documents print with ({font})"
    " cannot draw: remove it",
)
message("po-too-long", "the translation is {length} characters long; a text holds at most {limit}")
message("po-refused-by-check", "{file}:{line}: {message}")
plural(
    "po-more-findings",
    "{count} more finding of the same file is not shown",
    "{count} more findings of the same file are not shown",
)

_SEPARATORS = "\u2028\u2029"


def refusal(shown: str, entry: Any, code: str, **params: object) -> Issue:
    """An entry that cannot be imported, at its line of the PO file; every value escaped."""
    english, japanese = text(code, **params)
    return Issue(shown, entry.linenum, 1, shown_name(entry.msgctxt or ""), code, english, japanese)


def bounded(shown: str, issues: list[Issue]) -> list[Issue]:
    """At most limits.PO_FINDINGS findings, and one that counts the rest."""
    if len(issues) <= limits.PO_FINDINGS:
        return issues
    rest = len(issues) - limits.PO_FINDINGS
    english, japanese = text("po-more-findings", count=rest)
    last = Issue(shown, 1, 1, "(document)", "po-more-findings", english, japanese)
    return [*issues[: limits.PO_FINDINGS], last]


def duplicates(shown: str, entries: list[Any]) -> list[Issue]:
    """Each entry whose text (msgctxt and msgid) an earlier entry already gave."""
    first: dict[tuple[str, str], int] = {}
    found = []
    for entry in entries:
        key = (entry.msgctxt or "", entry.msgid)
        if key in first:
            found.append(refusal(shown, entry, "po-duplicate", line=first[key]))
        else:
            first[key] = entry.linenum
    return found


def translation_refusal(shown: str, entry: Any, face: Any) -> Issue | None:
    """Why an entry's translation cannot go into the content, or None."""
    translation = entry.msgstr
    if not translation.strip():
        return refusal(shown, entry, "po-blank")
    if len(translation) > limits.STRING_CHARACTERS:
        limit = limits.STRING_CHARACTERS
        return refusal(shown, entry, "po-too-long", length=len(translation), limit=limit)
    unsafe = limits.UNSAFE_CHARACTERS.search(translation) or next(
        (c for c in translation if c in _SEPARATORS), None
    )
    if unsafe is not None:
        character = unsafe if isinstance(unsafe, str) else unsafe.group()
        return refusal(shown, entry, "po-character", character=shown_character(character))
    if face is not None:
        lacking = face.missing(translation) + [c for c in translation if c in face.lacking_capitals]
        if lacking:
            character = shown_character(min(lacking))
            return refusal(shown, entry, "po-undrawable", character=character, font=face.name)
    return None


def scratch_copy(root: Path) -> tuple[Path, Path]:
    """A scratch folder holding a copy of the content folder's folders and regular files (never
    a link, a FIFO or a device); returns (the scratch folder, the copy)."""
    scratch = Path(tempfile.mkdtemp(prefix="playaid-import-"))
    copy = scratch / "content"

    def others(folder: str, names: list[str]) -> list[str]:
        kept = []
        for name in names:
            mode = (Path(folder) / name).lstat().st_mode
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                kept.append(name)
        return kept

    try:
        shutil.copytree(root, copy, symlinks=True, ignore=others)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    return scratch, copy


def new_errors(before: list[Issue], after: list[Issue], root: Path, copy: Path) -> list[Issue]:
    """The errors found in the copy that the content itself does not have, placed in the
    content's own files."""
    real, scratch = display_path(root), display_path(copy)

    def key(issue: Issue, prefix: str) -> tuple[str, ...]:
        return (issue.file.removeprefix(prefix), issue.code, issue.key_path, issue.message_en)

    known = {key(issue, real) for issue in before if issue.severity == "error"}
    found = []
    for issue in after:
        if issue.severity == "error" and key(issue, scratch) not in known:
            file = real + issue.file.removeprefix(scratch)
            found.append(Issue(file, *_fields(issue)))
    return found


def _fields(issue: Issue) -> tuple[Any, ...]:
    return (
        issue.line,
        issue.column,
        issue.key_path,
        issue.code,
        issue.message_en,
        issue.message_ja,
        issue.severity,
        issue.rule,
        issue.subject,
        issue.subject_path,
    )
