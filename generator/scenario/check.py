"""Check scenario files against the loaded content: read, validate, then the system's checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from generator.content.checks.avoid import document_avoid_issues
from generator.content.checks.glyphs import undrawable_issues
from generator.content.checks.notation import document_notation_issues
from generator.content.yaml_loader import Document, load_yaml
from generator.core.diagnostics import Issue, display_path
from generator.core.glyphs import Typeface
from generator.scenario import messages  # noqa: F401  (registers the messages)
from generator.scenario.budget import check_budget
from generator.scenario.findings import Findings
from generator.scenario.fpcf.checks import check_fpcf
from generator.scenario.fpcf.questions import check_fpcf_questions
from generator.scenario.light import validate_light
from generator.scenario.mak.checks import check_mak
from generator.scenario.mak.questions import check_mak_questions
from generator.scenario.questions import check_questions

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts
    from generator.scenario.reader import Scenario

CHECKS: dict[str, Callable[[Document, Scenario, ContentFacts], list[Issue]]] = {
    "mak": check_mak,  # type: ignore[dict-item]
    "fpcf": check_fpcf,  # type: ignore[dict-item]
}


def read_documents(paths: Iterable[Path]) -> tuple[list[Document], list[Issue]]:
    """The files a user named, each read once; an unreadable one is a finding. A file that reads
    with findings (a value kept as written, a key given twice) is still checked, so its problems
    of form come all at once."""
    documents, issues = [], []
    for path in paths:
        document, problems = load_yaml(path, display_path(path))  # as generator.scenario.reader
        issues.extend(problems)
        if document is not None:
            documents.append(document)
    return documents, issues


def check_documents(
    content: ContentFacts,
    documents: list[Document],
    read: Iterable[Issue] = (),
    typeface: Typeface | None = None,
) -> tuple[list[Issue], list[tuple[Document, Scenario]]]:
    """Every finding of every scenario document (scenario ids are unique among them), and the
    scenarios that could be read; `read` are the reader's findings, not repeated. With the
    `typeface` the build prints with (generator.render.fonts.typeface), each character it cannot
    draw is an error and the size budget measures texts as it sets them."""
    reported: dict[str, set[str]] = {}
    for issue in read:
        reported.setdefault(issue.file, set()).add(issue.key_path)
    issues: list[Issue] = []
    checked: list[tuple[Document, Scenario]] = []
    seen: dict[str, str] = {}
    for document in documents:
        known = reported.get(document.shown_path, set())
        # A scenario's pending texts join the content's: a build prints them as it prints those.
        scenario, problems = _validate(document, content, known)
        issues.extend(problems)
        if typeface is not None:
            issues.extend(undrawable_issues(document, typeface))
        if scenario is None:
            continue
        checked.append((document, scenario))
        if scenario.id in seen:
            issues.append(
                document.issue(
                    ("id",), "scenario-id-twice", id=scenario.id, other=seen[scenario.id]
                )
            )
        seen.setdefault(scenario.id, f"{document.shown_path}:{document.position(('id',)).line}")
        issues.extend(CHECKS[scenario.system](document, scenario, content))
        issues.extend(_questions(document, scenario, content))
        if content.glossary:
            glossary = content.glossary
            issues.extend(
                document_avoid_issues(document, scenario, glossary, scenario.system, all_texts=True)
            )
        issues.extend(document_notation_issues(document, scenario, all_texts=True))
        budget = Findings(document)
        check_budget(budget, scenario, content, typeface)
        issues.extend(budget.items)
    return issues, checked


def _validate(
    document: Document, content: ContentFacts, known: set[str]
) -> tuple[Scenario | None, list[Issue]]:
    """The scenario of a file and its findings: read by the light reader where the content
    offers one (`light`: the kept content's) and it vouches for the file, else validated by the
    model, which finds the same of a file the light reader reads (tests/tableside)."""
    readers = getattr(content, "light", None)
    if readers:
        found = validate_light(document, readers, content.seed_ids, content.pending)
        if found is not None:
            return found
    from generator.scenario.reader import validate

    return validate(document, content.seed_ids, known, content.pending)


def _questions(document: Document, scenario: Scenario, content: ContentFacts) -> list[Issue]:
    """What the file leaves the players to argue over at the table (set-up order, outcomes)."""
    findings = Findings(document)
    check_questions(findings, scenario)
    if scenario.system == "fpcf":
        check_fpcf_questions(findings, scenario, content)  # type: ignore[arg-type]
    else:
        check_mak_questions(findings, scenario)  # type: ignore[arg-type]
    return findings.items


def check_paths(
    content: ContentFacts, paths: Iterable[Path], typeface: Typeface | None = None
) -> list[Issue]:
    """Every finding of the named files."""
    documents, issues = read_documents(paths)
    return sorted(set(issues + check_documents(content, documents, issues, typeface)[0]))
