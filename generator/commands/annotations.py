"""`check`'s findings for CI and editors: GitHub Actions workflow commands and SARIF 2.1.0.

`--format github` prints one workflow command a finding (`::error file=…,line=…,col=…,
title=CODE::message`; a warning as `::warning`, an info as `::notice`), so that the findings
appear on the lines of a pull request; values are escaped as GitHub's toolkit escapes them.
`--format sarif` prints one SARIF 2.1.0 log for code-scanning tools and editors.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from generator import __version__
from generator.core.diagnostics import Issue

GITHUB_COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
SARIF_LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def github_lines(issues: Sequence[Issue], lang: str) -> list[str]:
    """One workflow command a finding."""
    return [github_line(issue, lang) for issue in issues]


def github_line(issue: Issue, lang: str) -> str:
    """`::error file=F,line=L,col=C,title=CODE::message` for one finding."""
    properties = {
        "file": issue.file,
        "line": str(issue.line),
        "col": str(issue.column),
        "title": issue.code,
    }
    shown = ",".join(f"{name}={_property(value)}" for name, value in properties.items())
    return f"::{GITHUB_COMMANDS[issue.severity]} {shown}::{_data(issue.said(lang))}"


def _data(value: str) -> str:
    """A command's message escaped as GitHub's toolkit escapes it (`%`, CR, LF)."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(value: str) -> str:
    """A command's property escaped as GitHub's toolkit escapes it (also `:` and `,`)."""
    return _data(value).replace(":", "%3A").replace(",", "%2C")


def sarif_log(issues: Sequence[Issue], lang: str) -> dict[str, Any]:
    """A SARIF 2.1.0 log of one run: playaid with a rule for each code found (`playaid check
    --explain` and docs/scenarios.md say what each means), and a result for each finding."""
    codes = sorted({issue.code for issue in issues})
    rules = [{"id": code} for code in codes]
    driver = {"name": "playaid", "version": __version__, "rules": rules}
    results = [_result(issue, lang, codes.index(issue.code)) for issue in issues]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }


def _result(issue: Issue, lang: str, rule_index: int) -> dict[str, Any]:
    """One finding as a SARIF result."""
    region = {"startLine": max(issue.line, 1), "startColumn": max(issue.column, 1)}
    location = {"artifactLocation": {"uri": artifact_uri(issue.file)}, "region": region}
    return {
        "ruleId": issue.code,
        "ruleIndex": rule_index,
        "level": SARIF_LEVELS[issue.severity],
        "message": {"text": issue.said(lang)},
        "locations": [{"physicalLocation": location}],
    }


def artifact_uri(file: str) -> str:
    """A finding's file as a URI reference: relative to where `check` ran when it was shown so
    (SARIF's tools resolve it against the checkout), else a `file://` URI."""
    path = PurePosixPath(file.replace("\\", "/"))
    if path.is_absolute():
        return "file://" + quote(str(path))
    return quote(str(path))
