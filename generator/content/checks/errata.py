"""Sources that name an erratum: the erratum is listed in content/errata.yaml, and the source
knows it (its title and date print where the source is cited)."""

from __future__ import annotations

from typing import Any

from generator.content.model.base import Source
from generator.content.model.errata import Erratum
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue


def cite_errata(
    document: Document, model: Any, errata: dict[str, Erratum], seeds: dict[str, Any]
) -> list[Issue]:
    """Give every source of a document the title of the seed it cites (`seeds`: id to title) and
    any erratum it names; an erratum content/errata.yaml does not list is a finding."""
    issues: list[Issue] = []
    for path, value in walk(model):
        if not isinstance(value, Source):
            continue
        if value.seed is not None:
            value._seed_title = seeds.get(value.seed)
        if value.erratum is None:
            continue
        found = errata.get(value.erratum)
        if found is None:
            choices = ", ".join(sorted(errata)) or "-"
            issues.append(
                document.issue(
                    (*path, "erratum"), "unknown-erratum", erratum=value.erratum, choices=choices
                )
            )
            continue
        value._erratum = found
    return issues
