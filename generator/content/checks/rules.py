"""Rule case ids are unique and belong to their system; every cross-reference resolves."""

from __future__ import annotations

import re
from collections.abc import Iterable

from generator.content.model.rules import Case, RuleSet
from generator.content.references import number as printed_number
from generator.content.references import printed_references
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue


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
        if _numbered(case.id) and case.number and not _agree(case.id, case.number):
            where = ("cases", index, "number")
            issues.append(document.issue(where, "id-number", id=case.id, number=case.number))
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


def _numbered(case_id: str) -> bool:
    """Whether a case id is its system and a printed number (`bh.3.1`, `cf.16.21-2`), not a
    name (`fpcf.setup`)."""
    return bool(re.fullmatch(r"[^.]+\.\d+(\.\d+)*(-\d+)?", case_id))


def _agree(case_id: str, number: str) -> bool:
    """Whether a numbered id says the number the case prints (`bh.3.1` and "3.1" or "[3.1]")."""
    return reference_digits(case_id) == re.sub(r"\D", "", number.split("(")[0])


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


def reference_digits(case_id: str) -> str:
    """`mak.14.2.1-2` → `1421`: printed numbers are matched by their digits, so that the
    source's own slips (`[14.21]` for 14.2.1) still find the case the refs name."""
    number = case_id.split(".", 1)[1].split("-")[0]
    return re.sub(r"\D", "", number)


def printed_reference_issues(
    document: Document,
    pattern: re.Pattern[str] | None,
    cases: list[tuple[Case, int]],
    known: Iterable[str] = (),
) -> list[Issue]:
    """References printed in a case's source-language text that its `refs` do not list, each
    naming the case id to add (of the `known` ids, else its system and number); `pattern` is how
    its system prints one (sources.yaml's `references`)."""
    issues: list[Issue] = []
    for case, index in cases if pattern else ():
        if case.text is None:
            continue
        source = case.text.ja if case.text.tr == "en" else case.text.en
        listed = {reference_digits(ref.id) for ref in case.references}
        for match in printed_references(pattern, source):
            number = printed_number(match)
            if re.sub(r"\D", "", number) not in listed:
                case_id = _case_to_add(case.id.split(".")[0], number, known)
                issues.append(
                    document.issue(
                        ("cases", index, "refs"), "unlinked-ref", number=number, case_id=case_id
                    )
                )
    return issues


def _case_to_add(system: str, number: str, known: Iterable[str]) -> str:
    """The id of the case a printed number cites: a known case of the system with its digits,
    else the system and the number (`bh.2.2`)."""
    digits = re.sub(r"\D", "", number)
    same = [case_id for case_id in known if case_id.startswith(system + ".")]
    found = [
        case_id for case_id in same if _numbered(case_id) and reference_digits(case_id) == digits
    ]
    return found[0] if found else f"{system}.{number.strip('[]')}"
