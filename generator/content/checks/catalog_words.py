"""The forms to avoid and the notation (generator.content.checks.notation) in the UI catalog
(locales/ja/LC_MESSAGES/messages.po): each finding names the .po file and the line and column of
the msgstr (or, for the English, the msgid) where the form stands."""

from __future__ import annotations

import io
import re
from pathlib import Path

from generator.content.checks.avoid import Avoided, avoided_forms, other_forms, terms_for
from generator.content.checks.notation import notation_findings
from generator.content.model.glossary import Glossary
from generator.core.diagnostics import Issue, display_path
from generator.core.locales import po_path
from generator.core.messages import text

SYSTEMS = ("cf", "fpcf", "mak")


def catalog_avoid_issues(glossary: Glossary, path: Path | None = None) -> list[Issue]:
    """One warning for each form to avoid in each translated message of the Japanese catalog, and
    for each form kept out of both languages in its English or its Japanese; none when the catalog
    cannot be read (playaid reports that at start)."""
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
        key = f"msgctxt {message.context}" if message.context else f"msgid '{message.id}'"
        for found in avoided_forms(message.string, terms):
            line, column = _where(lines, message.lineno, found.form)
            issues.append(_issue(display_path(path), line, column, f"msgstr ({key})", found))
        for field, words in (("msgid", message.id), ("msgstr", message.string)):
            for term, form in other_forms(words, terms):
                line, column = _where(lines, message.lineno, form, field == "msgid")
                en, ja = text("glossary-other-form", form=form, fixed=term.en, ja=term.ja)
                where = (display_path(path), line, column, f"{field} ({key})")
                issues.append(Issue(*where, "glossary-other-form", en, ja, severity="warning"))
    return issues


def catalog_notation_issues(path: Path | None = None) -> list[Issue]:
    """One warning for each break of the notation in each message: its English (the msgid) and
    its Japanese (the msgstr); none when the catalog cannot be read."""
    from babel.messages.pofile import read_po

    from generator.core.fingerprint import CODE_BYTES, read_regular

    path = path or po_path("ja")
    raw = read_regular(path, CODE_BYTES)
    if raw is None:
        return []
    lines = raw.decode("utf-8", errors="replace").splitlines()
    issues = []
    for message in read_po(io.BytesIO(raw), locale="ja"):
        if not message.id or not isinstance(message.id, str) or not isinstance(message.string, str):
            continue  # the header (its dates) or a plural
        key = f"msgctxt {message.context}" if message.context else f"msgid '{message.id}'"
        for lang, shown in (("en", message.id), ("ja", message.string)):
            for code, form, expected in notation_findings(shown, lang, hyphens=False):
                line, column = _where(lines, message.lineno, form, lang == "en")
                en, ja = text(code, form=form, expected=expected)
                field = "msgid" if lang == "en" else "msgstr"
                where = (display_path(path), line, column, f"{field} ({key})")
                issues.append(Issue(*where, code, en, ja, severity="warning"))
    return issues


def message_system(context: str | None) -> str | None:
    """The system a message belongs to, from a code such as `mak-…` or `generated-fpcf-…`."""
    parts = re.split(r"[-:]", context or "")
    return next((part for part in parts[:2] if part in SYSTEMS), None)


def _where(lines: list[str], msgid_line: int, form: str, in_id: bool = False) -> tuple[int, int]:
    """The line and column of a form in the msgstr that follows a msgid's line, or in the msgid
    itself (`in_id`) (1-based)."""
    index = msgid_line - 1
    while index < len(lines) and not lines[index].startswith("msgid" if in_id else "msgstr"):
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
