"""Characters no document can print: each text of a file holding a character the font that prints
the documents has no glyph for, at the character's line and column (issue 33).

The build refuses such a character when it subsets the font; `check` finds it first, in content,
overlay and scenario files alike. Every text of a file is checked, printed or not (an id or a
note for reviewers is as easily printed tomorrow), and HTML's white space alone is exempt: a line
separator (U+2028), a zero-width space (U+200B), a byte-order mark (U+FEFF) or a private-use
character is refused, not normalised away (docs/security.md). A letter is checked as the
stylesheets may set it too: scenario cards capitalise some words (CSS `text-transform`), so a
letter the font draws only in its small form (ÿ, whose capital Ÿ it lacks) is refused as well.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

from generator.content.model.walk import walk
from generator.content.yaml_loader import Document, read_text
from generator.core.diagnostics import Issue, KeyPath
from generator.core.glyphs import Typeface

CODE = "text-undrawable"
CAPITAL_CODE = "capital-undrawable"
SHOWN = 20  # findings given for one file; the rest are alike


def undrawable_issues(document: Document, typeface: Typeface) -> list[Issue]:
    """One error for each character of each text of a document that the font cannot draw."""
    issues: list[Issue] = []
    source: str | None = None
    for path, value in walk(document.data):
        if not isinstance(value, str):
            continue
        for character, capital in _undrawable(value, typeface):
            if source is None:
                source = read_text(document.path, document.shown_path)[0] or ""
            issues.append(_issue(document, path, character, capital, typeface, source))
            if len(issues) == SHOWN:
                return issues
    return issues


def _undrawable(text: str, typeface: Typeface) -> list[tuple[str, str | None]]:
    """Each character the font cannot draw, as it is (capital None) or as a stylesheet's
    capitalising sets it (the capital form it lacks), in code point order."""
    found: dict[str, str | None] = dict.fromkeys(typeface.missing(text))
    capitals = typeface.lacking_capitals
    found.update(
        (character, capitals[character]) for character in set(text) if character in capitals
    )
    return sorted(found.items())


def shown_character(character: str) -> str:
    """A character as a message names it, never the character itself (a line separator would
    end the message's line): U+200B ZERO WIDTH SPACE."""
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" {name}" if name else "")


def _issue(
    document: Document,
    path: KeyPath,
    character: str,
    capital: str | None,
    typeface: Typeface,
    source: str,
) -> Issue:
    """The finding, placed at the character itself where the file writes it as it is (not as
    an escape), else at the text."""
    params = {"character": shown_character(character), "font": typeface.name}
    if capital is None:
        issue = document.issue(path, CODE, **params)
    else:
        capitals = ", ".join(shown_character(c) for c in capital)
        issue = document.issue(path, CAPITAL_CODE, capital=capitals, **params)
    span = document.spans.get(path)
    if span is None or not source:
        return issue
    lines = source.split("\n")
    for number in range(span.line, min(span.end_line, len(lines)) + 1):
        line = lines[number - 1]
        start = span.column - 1 if number == span.line else 0
        end = span.end_column - 1 if number == span.end_line else len(line)
        found = line.find(character, start, end)
        if found >= 0:
            return replace(issue, line=number, column=found + 1)
    return issue
