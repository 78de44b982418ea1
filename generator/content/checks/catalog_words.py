"""The forms to avoid in the UI catalog's Japanese (locales/ja/LC_MESSAGES/messages.po): each
finding names the .po file and the line and column of the msgstr where the form stands."""

from __future__ import annotations

import io
import re
from pathlib import Path

from generator.content.checks.avoid import Avoided, avoided_forms, terms_for
from generator.content.model.glossary import Glossary
from generator.core.diagnostics import Issue, display_path
from generator.core.locales import po_path
from generator.core.messages import text

SYSTEMS = ("cf", "fpcf", "mak")


def catalog_avoid_issues(glossary: Glossary, path: Path | None = None) -> list[Issue]:
    """One warning for each form to avoid in each translated message of the Japanese catalog;
    none when the catalog cannot be read (playaid reports that at start)."""
    from babel.messages.pofile import read_po

    from generator.core.fingerprint import CODE_BYTES, read_regular

    path = path or po_path("ja")
    raw = read_regular(path, CODE_BYTES)
    if raw is None:
        return []
    catalog = read_po(io.BytesIO(raw), locale="ja")
    lines = raw.decode("utf-8", errors="replace").splitlines()
    issues = []
    for message in catalog:
        if not message.id or not isinstance(message.string, str) or not message.string:
            continue
        terms = terms_for(glossary, message_system(message.context))
        for found in avoided_forms(message.string, terms):
            line, column = _where(lines, message.lineno, found.form)
            key = f"msgctxt {message.context}" if message.context else f"msgid '{message.id}'"
            issues.append(_issue(display_path(path), line, column, f"msgstr ({key})", found))
    return issues


def message_system(context: str | None) -> str | None:
    """The system a message belongs to, from a code such as `mak-…` or `generated-fpcf-…`."""
    parts = re.split(r"[-:]", context or "")
    return next((part for part in parts[:2] if part in SYSTEMS), None)


def _where(lines: list[str], msgid_line: int, form: str) -> tuple[int, int]:
    """The line and column of a form in the msgstr that follows a msgid's line (1-based)."""
    index = msgid_line - 1
    while index < len(lines) and not lines[index].startswith("msgstr"):
        index += 1
    start = index
    while index < len(lines) and (index == start or lines[index].startswith('"')):
        column = lines[index].find(form)
        if column >= 0:
            return index + 1, column + 1
        index += 1
    return start + 1, 1


def _issue(file: str, line: int, column: int, key: str, found: Avoided) -> Issue:
    """The warning for one form found in one message."""
    term = found.term
    if found.abbreviation:
        en, ja = text("glossary-abbreviation", abbr=found.form, ja=term.ja)
        code = "glossary-abbreviation"
    else:
        en, ja = text("glossary-avoid", form=found.form, ja=term.ja, term=term.en)
        code = "glossary-avoid"
    return Issue(file, line, column, key, code, en, ja, severity="warning")
