"""Procedures in content are real, their rules exist, and worked examples come out as printed.

This runs after the content is loaded, never inside loading: it needs the procedures, which
stand above the content.
"""

from __future__ import annotations

from generator.content.load import Content
from generator.content.model.procedures import ProcedureSet
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue
from generator.core.errors import UserError
from generator.tableside.calc import calculate
from generator.tableside.procedures.registry import REGISTRY


def example_issues(content: Content) -> list[Issue]:
    """Every problem of every procedures file, once the content has loaded without errors."""
    issues: list[Issue] = []
    for document, procedures in content.procedure_files:
        issues.extend(procedure_issues(document, procedures, content))
    return sorted(issues)


def procedure_issues(document: Document, procedures: ProcedureSet, content: Content) -> list[Issue]:
    """Unknown procedure ids, unresolved rule ids, and examples whose result differs."""
    issues: list[Issue] = []
    for index, doc in enumerate(procedures.procedures):
        path = ("procedures", index)
        if doc.id not in REGISTRY:
            issues.append(
                document.issue(
                    (*path, "id"),
                    "unknown-procedure",
                    id=doc.id,
                    choices=", ".join(sorted(REGISTRY)),
                )
            )
            continue
        for rule in REGISTRY[doc.id].rules:
            if rule not in content.cases and rule not in content.tables:
                issues.append(document.issue((*path, "id"), "unresolved-ref", ref=rule))
        for number, example in enumerate(doc.examples):
            where = (*path, "examples", number)
            try:
                result = calculate(content, doc.id, dict(example.inputs))
            except UserError as error:
                issues.append(
                    document.issue((*where, "inputs"), "bad-value", detail=error.message_en)
                )
                continue
            details = {k: result.outcome.details.get(k) for k in example.expect_details}
            if result.outcome.result != example.expect or details != example.expect_details:
                got = result.outcome.result if result.outcome.result != example.expect else details
                issues.append(document.issue((*where, "expect"), "example-mismatch", got=got))
    return issues
