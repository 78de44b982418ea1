"""Printed references: how a system's rules cite each other (`[8.1]`), from the templates its
entry in sources.yaml gives, compiled into one pattern that can only run in linear time.

A template is literal text with one `{number}` where the case number stands: `[{number}]`,
`[Section {number}]`, `({number}`. Content is untrusted, so a template is never a regular
expression: its literal parts are escaped and `{number}` becomes a fixed group, digits with at
least one dot-part (`8.1`, `14.2.1`) taken possessively. A template starts with literal text that
does not end in a digit or a dot, so a match can start only where that text is, and the numbers
after two places never overlap: each character is looked at a bounded number of times.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

PLACEHOLDER = "{number}"
DEFAULT_REFERENCES = ("[{number}]",)  # a system whose entry gives no `references`
_NUMBER = r"(\d++(?:\.\d++)++)"


def template_problem(template: str) -> str | None:
    """The message code of what is wrong with a template, or None (limits are the model's)."""
    if template.count(PLACEHOLDER) != 1:
        return "reference-template-number"
    before, _, after = template.partition(PLACEHOLDER)
    if not before or before[-1].isdigit() or before[-1] == ".":
        return "reference-template-before"
    if after[:1].isdigit():
        return "reference-template-after"
    return None


@lru_cache(maxsize=32)
def reference_pattern(templates: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern matching any of the templates, one group per template holding the number;
    None for no templates (a system that prints no references)."""
    if not templates:
        return None
    parts = []
    for template in templates:
        before, _, after = template.partition(PLACEHOLDER)
        parts.append(re.escape(before) + _NUMBER + re.escape(after))
    return re.compile("|".join(parts))


def printed_references(pattern: re.Pattern[str] | None, text: str) -> Iterator[re.Match[str]]:
    """Each printed reference in a text, left to right; `number(match)` is its number."""
    return pattern.finditer(text) if pattern else iter(())


def number(match: re.Match[str]) -> str:
    """The case number a printed reference names (`14.2.1` of `[Section 14.2.1]`)."""
    return match.group(match.lastindex or 0)
