"""Rule case ids are unique and belong to their system; every cross-reference resolves."""

from __future__ import annotations

from generator.diagnostics import Issue
from generator.loader import Document
from generator.model.rules import Case, RuleSet


def case_id_issues(
    document: Document, rules: RuleSet, seen: dict[str, str]
) -> tuple[list[tuple[Case, int]], list[Issue]]:
    """Cases of one file whose ids are new and carry the file's system; record them in `seen`."""
    issues: list[Issue] = []
    accepted: list[tuple[Case, int]] = []
    for index, case in enumerate(rules.cases):
        path = ("cases", index, "id")
        if not case.id.startswith(rules.system + "."):
            issues.append(document.issue(path, "wrong-system", id=case.id, system=rules.system))
            continue
        if case.id in seen and not document.overlay:
            issues.append(document.issue(path, "duplicate-id", id=case.id, other=seen[case.id]))
            continue
        if case.text is None and case.title is None:
            issues.append(document.issue(("cases", index), "case-empty"))
        line = document.position(path).line
        seen[case.id] = f"{document.shown_path}:{line}"
        accepted.append((case, index))
    return accepted, issues


def reference_issues(
    document: Document, cases: list[tuple[Case, int]], known: dict[str, str]
) -> list[Issue]:
    """References to cases that do not exist, or marked external although they do."""
    issues: list[Issue] = []
    for case, index in cases:
        for position, ref in enumerate(case.references):
            path = ("cases", index, "refs", position)
            if ref.external and ref.id in known:
                issues.append(
                    document.issue(path, "external-ref-exists", ref=ref.id, other=known[ref.id])
                )
            elif not ref.external and ref.id not in known:
                issues.append(document.issue(path, "unresolved-ref", ref=ref.id))
    return issues
