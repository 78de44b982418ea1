"""What checking the content finds beyond loading it: the worked examples run through their
procedures, and the sample scenarios checked against the rules."""

from __future__ import annotations

from generator.content.load import Content
from generator.core.diagnostics import Issue
from generator.scenario.check import check_documents
from generator.tableside.examples import example_issues


def verify_content(content: Content) -> list[Issue]:
    """Every finding of the examples and of the scenarios kept in the content, sorted."""
    findings, _ = check_documents(content, content.scenarios)
    return sorted(set(example_issues(content) + findings))
