"""`playaid generate`: a new, complete scenario file, balanced by a measure its comment states,
the same file byte for byte for the same seed, checked as `check --strict` would before it is
given out: a file that would not pass is never written.

Each system draws up its own (generator/scenario/mak/generate.py, .../fpcf/generate.py).
"""

from __future__ import annotations

import random
from pathlib import Path

from generator.content.load import Content
from generator.content.yaml_loader import parse_yaml
from generator.core.diagnostics import Issue
from generator.core.errors import UserError
from generator.scenario.check import check_documents
from generator.scenario.fpcf.generate import fpcf_scenario
from generator.scenario.mak.generate import mak_scenario
from generator.scenario.writing import schema_line

SIZES = ("small", "medium", "large")
MAKERS = {"mak": mak_scenario, "fpcf": fpcf_scenario}
SHOWN_FINDINGS = 3  # findings a refusal names; it counts the rest


def generate(content: Content, system: str, seed: int, size: str, command: str, schema: str) -> str:
    """The text of a new scenario file of `system`, its schema line pointing at `schema`; a
    UserError, naming the findings, where the file would not pass `check --strict`."""
    if system not in MAKERS:
        raise UserError("scenario-system", system=system, choices=", ".join(MAKERS))
    rng = random.Random(f"{system}:{seed}:{size}")
    text = schema_line(schema) + "\n" + MAKERS[system](content, rng, seed, size, command)
    found = strict_findings(content, text)
    if found:
        raise UserError(
            "generate-not-clean",
            system=system,
            seed=seed,
            size=size,
            count=len(found),
            findings=_listed(found),
        )
    return text


def strict_findings(content: Content, text: str) -> list[Issue]:
    """What `check --strict` would refuse in a scenario file's text: every error and warning."""
    shown = "(generated)"
    document, problems = parse_yaml(text, Path(shown), shown)
    if document is None:
        return problems
    issues, _ = check_documents(content, [document], problems)
    return [issue for issue in problems + issues if issue.severity != "info"]


def _listed(found: list[Issue]) -> tuple[str, str]:
    """The first findings, each as `code at key.path: message`, in each language."""

    def one(issue: Issue, lang: str) -> str:
        return f"{issue.code} ({issue.key_path}): {issue.message(lang)}"

    shown = found[:SHOWN_FINDINGS]
    return "; ".join(one(i, "en") for i in shown), "; ".join(one(i, "ja") for i in shown)
