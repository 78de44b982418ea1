"""One notation per language (issue 44): a range, a minus sign and an example's marker are
written one way wherever playaid writes them, in the content's translated sides and notes, the
scenario files and the UI catalog. A seed's own text stays as printed, but a range in it prints
with the one mark too, through a correction (reason `notation`): one written otherwise is a
warning that asks for it (`notation-range-original`).

- a range between two numbers: 〜 (U+301C) in Japanese, – (en dash) in English, never a hyphen
  (but a year and month, 2884-12, and the file syntax a diagnostic quotes, 0-2);
- a minus sign before a number: − (U+2212) in both;
- an example's marker in Japanese: 【例】.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from generator.content.behaviour import Localized
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue

if TYPE_CHECKING:
    pass

RANGE = {"ja": "〜", "en": "–"}
MINUS = "−"
EXAMPLE = "【例】"
# Between two numbers, a range's mark (a hyphen with no space or one either side; in English an
# en dash with a space either side: "No. 1 – 10"); not a hyphen spaced on one side, a minus
# ("3 -2"), nor a subtraction (9 – 4 = 5, (10-1) – (5+1) = 3), whose sign is a minus.
_ARITHMETIC = r"(?![0-9]* ?\)? ?[=+×−–-] ?[0-9(])"
_RANGES = {
    "ja": re.compile(r"(?<=[0-9])(?:-| - | ?[~～–—] ?)(?=[0-9])" + _ARITHMETIC),
    "en": re.compile(r"(?<=[0-9])(?:-| - | ?[~〜～—] ?| – )(?=[0-9])" + _ARITHMETIC),
}
# The whole numbers either side of a mark: 2-1, 1-1 do not go up, so they are odds, not ranges.
_BEFORE = re.compile(r"(?<![0-9./])[0-9]+$")
_AFTER = re.compile(r"^[0-9]+(?![0-9./])")
# A year and month (2884-12) is a date, not a range.
_DATE = re.compile(r"(?<![0-9])[0-9]{4}-[0-9]{2}(?![0-9])")
_SUBTRACTION = re.compile(r"(?<=[0-9]) [-–] (?=[0-9]+ ?=)")
# A hyphen or dash right before a digit, after a space, an opening bracket, a sign, Japanese or a
# Japanese full stop (「…している。-1」): a minus (a range's dash follows a digit, a code's
# hyphen a letter: 1-3, e-1, Sph69-p).
_MINUS = re.compile(
    r"(?:^|(?<=[\s(（\[=、。「:：+]))[-–](?=[0-9])|(?<=[\u3040-\u30ff\u4e00-\u9fff])[-–](?=[0-9])"
)
_EXAMPLE = re.compile(r"[-–—―]\s*例\s*[-–—―]?|―例―")
# An editor's detail quotes the seed as printed, so it is not checked.
PLAYAIDS_NOTES = ("uncertain", "summary")


def _odds(text: str, start: int, end: int) -> bool:
    """Whether the whole numbers either side of a mark do not go up (2-1, 1-1: a combat odds
    column, which a range never writes). A range's end written short (p72-3 for 72–73) and
    fractions (1/4-1/5) are ranges all the same."""
    low, high = _BEFORE.search(text[:start]), _AFTER.match(text[end:])
    if not (low and high) or len(high.group(0)) < len(low.group(0)):
        return False
    return int(low.group(0)) >= int(high.group(0))


def notation_findings(
    text: str, lang: str, *, hyphens: bool = True
) -> Iterator[tuple[str, str, str]]:
    """Each place a text breaks the notation: (code, what it writes, what it should); a hyphen
    between numbers is a range's unless `hyphens` is false (a diagnostic quoting the syntax a
    file is written in: `0-2`, `30-42`) or it writes a year and month (2884-12)."""
    dates = [match.span() for match in _DATE.finditer(text)]
    for match in _RANGES[lang].finditer(text):
        if match.group(0).strip() == "-" and (
            not hyphens or any(start < match.start() < end for start, end in dates)
        ):
            continue
        if _odds(text, match.start(), match.end()):
            continue
        yield "notation-range", match.group(0), RANGE[lang]
    for match in (*_MINUS.finditer(text), *_SUBTRACTION.finditer(text)):
        yield "notation-minus", match.group(0).strip(), MINUS
    if lang == "ja":
        for match in _EXAMPLE.finditer(text):
            if match.group(0) != EXAMPLE:
                yield "notation-example", match.group(0).strip(), EXAMPLE


def document_notation_issues(document: Document, model: Any, *, all_texts: bool) -> list[Issue]:
    """Warnings for the notation of the texts playaid writes in one document (a content text's
    translated side and its notes, or every text of a scenario file: `all_texts`) and for the
    ranges of a seed's own text."""
    issues = []
    for path, value in walk(model):
        if not isinstance(value, Localized) or "detail" in path:
            continue
        for lang in ("en", "ja"):
            if all_texts or value.tr == lang or any(part in PLAYAIDS_NOTES for part in path):
                findings = notation_findings(value.get(lang), lang)
            else:
                findings = original_range_findings(value.get(lang), lang)
            issues += [
                document.issue(
                    (*path, lang), code, severity="warning", form=form, expected=expected
                )
                for code, form, expected in findings
            ]
    return issues


def original_range_findings(text: str, lang: str) -> Iterator[tuple[str, str, str]]:
    """Each range a seed's own text prints, after its corrections, with another mark than the
    language's one: a correction (reason `notation`) is to print it so. Its minus signs and
    example markers stay the seed's."""
    for code, form, expected in notation_findings(text, lang):
        if code == "notation-range":
            yield "notation-range-original", form, expected
