"""Warn where a rule's English uses a glossary term and its Japanese lacks the fixed rendering, or,
where the English is this project's translation of a Japanese source, where the source's term is
not rendered as the glossary fixes it. A text copied from a seed in both languages (`tr: none`)
is the seed's own wording and is not checked."""

from __future__ import annotations

import re
from dataclasses import replace

from generator.content.model.glossary import Glossary, Term
from generator.content.model.rules import Case
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue


def term_pattern(term: Term) -> re.Pattern[str]:
    """The term's English and its other forms, as whole words in any case."""
    forms = sorted({term.en, *term.en_forms}, key=len, reverse=True)
    return re.compile(
        r"(?<![\w-])(?:" + "|".join(re.escape(f) for f in forms) + r")(?![\w-])", re.I
    )


def _lowered_forms(term: Term) -> tuple[str, ...]:
    """The term's English forms in lower case, to see cheaply whether a text may hold one."""
    return tuple({form.lower() for form in (term.en, *term.en_forms)})


def renderings_of(term: Term) -> tuple[str, ...]:
    """Every Japanese form that shows a term rendered: the fixed one, the other accepted forms, the
    abbreviation, and the forms to avoid, which generator.content.checks.avoid reports on their own
    (a seed's text may print one)."""
    return (term.ja, *term.ja_forms, *((term.ja_abbr,) if term.ja_abbr else ()), *term.ja_avoid)


def without_names(text: str, names: tuple[str, ...]) -> str:
    """English with each proper name (sources.yaml's `proper_names`) blanked out, as whole words
    with their capitals, so that a name spelt like a glossary term is not read as the term."""
    if not names:
        return text
    forms = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])(?:{forms})(?![\w-])", " ", text)


def glossary_issues(
    glossary: Glossary,
    system: str,
    cases: list[tuple[Case, int]],
    document: Document,
    names: tuple[str, ...] = (),
) -> list[Issue]:
    """One warning per case and term whose Japanese rendering is missing (the system's proper
    `names` are not terms)."""
    terms = [
        (t, term_pattern(t), _lowered_forms(t), renderings_of(t))
        for t in glossary.terms
        if (not t.systems or system in t.systems) and not t.common
    ]
    issues: list[Issue] = []
    for case, index in cases:
        for field in ("title", "text", "summary"):
            text = getattr(case, field)
            if text is None or text.tr == "none":
                continue
            english = without_names(text.en, names)
            lowered = english.lower()
            for term, pattern, forms, renderings in terms:
                in_japanese = any(rendering in text.ja for rendering in renderings)
                # The pattern only where a form is in the text at all: a thousand texts and a
                # hundred terms, most of them absent.
                in_english = any(form in lowered for form in forms) and pattern.search(english)
                if in_english and not in_japanese:
                    issue = document.issue(
                        ("cases", index, field, "ja"), "glossary-term", term=term.en, ja=term.ja
                    )
                    issues.append(replace(issue, severity="warning"))
                elif text.tr == "en" and in_japanese and not in_english:
                    # English translated from a Japanese source: the source's term is rendered
                    # the one way the glossary fixes, so it never comes out two ways.
                    issue = document.issue(
                        ("cases", index, field, "en"), "glossary-term-en", ja=term.ja, term=term.en
                    )
                    issues.append(replace(issue, severity="warning"))
    return issues
