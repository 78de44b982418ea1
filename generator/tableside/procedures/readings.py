"""The procedures' entries in the content hold every reading their results print: a check the
content layer runs at load (generator.tableside.loading hands it over), kept here because only the
procedures know which readings they print."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.diagnostics import Issue
from generator.tableside.procedures.registry import REGISTRY

if TYPE_CHECKING:
    from generator.content.load import Content


def reading_issues(content: Content) -> list[Issue]:
    """Each procedure's entry gives every reading the procedure prints with a result (an
    overlay's entry replaces the shipped one whole, readings included), at its file's line."""
    issues: list[Issue] = []
    for document, procedures in content.procedure_files:
        for index, entry in enumerate(procedures.procedures):
            declared = REGISTRY[entry.id].readings if entry.id in REGISTRY else ()
            given = {reading.id for reading in entry.readings}
            for reading in (reading for reading in declared if reading not in given):
                path = ("procedures", index, "readings" if entry.readings else "id")
                issues.append(
                    document.issue(
                        path, "procedure-reading-missing", procedure=entry.id, reading=reading
                    )
                )
    return issues
