"""The unit catalogue agrees with itself and with the charts that print the same numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.catalogue import Catalogue, spellings
from generator.diagnostics import Issue
from generator.loader import Document
from generator.model.units import UNKNOWN, Unit, UnitCatalogue

if TYPE_CHECKING:
    from generator.charts import ResolvedTable

STACK_TABLE, ROUNDS_TABLE, TRANSPORT_TABLE = (
    "mak.stack-points",
    "mak.weapon-rounds",
    "mak.transport-capacity",
)


def collect_units(
    documents: list[tuple[Document, UnitCatalogue]], known_cases: set[str]
) -> tuple[dict[str, Catalogue], dict[str, tuple[Document, int]], list[Issue]]:
    """The catalogue of each system, where each unit is written, and the problems found."""
    catalogues: dict[str, Catalogue] = {}
    where: dict[str, tuple[Document, int]] = {}
    issues: list[Issue] = []
    for document, model in documents:
        catalogue = catalogues.setdefault(model.system, Catalogue(model.system))
        for index, unit in enumerate(model.units):
            path = ("units", index)
            if unit.id in catalogue.units and not document.overlay:
                first, _ = where[f"{model.system}.{unit.id}"]
                other = f"{first.shown_path}:{first.position(('units',)).line}"
                issues.append(
                    document.issue((*path, "id"), "duplicate-id", id=unit.id, other=other)
                )
                continue
            for position, rule in enumerate(unit.rules):
                if rule not in known_cases:
                    issues.append(
                        document.issue((*path, "rules", position), "unresolved-ref", ref=rule)
                    )
            catalogue.units[unit.id] = unit
            where[f"{model.system}.{unit.id}"] = (document, index)
            if document.overlay:
                catalogue.overlaid.add(unit.id)
    for system, catalogue in catalogues.items():
        issues.extend(_clashes(catalogue, system, where))
    return catalogues, where, issues


def _clashes(
    catalogue: Catalogue, system: str, where: dict[str, tuple[Document, int]]
) -> list[Issue]:
    """A spelling that names two units."""
    owner: dict[str, str] = {}
    issues = []
    for unit in catalogue.units.values():
        for spelling in sorted(spellings(unit)):
            if spelling in owner and owner[spelling] != unit.id:
                document, index = where[f"{system}.{unit.id}"]
                issues.append(
                    document.issue(
                        ("units", index, "aliases"),
                        "unit-spelling-clash",
                        spelling=spelling,
                        other=owner[spelling],
                    )
                )
            owner.setdefault(spelling, unit.id)
    return issues


def chart_agreement_issues(
    catalogue: Catalogue, where: dict[str, tuple[Document, int]], tables: dict[str, ResolvedTable]
) -> list[Issue]:
    """Catalogue numbers that differ from the chart printing the same fact."""
    issues: list[Issue] = []
    for unit in catalogue.units.values():
        document, index = where[f"{catalogue.system}.{unit.id}"]
        for field, chart, ours, printed in _comparisons(unit, tables):
            if ours != printed:
                issues.append(
                    document.issue(
                        ("units", index, field),
                        "unit-chart-disagrees",
                        unit=unit.id,
                        ours=ours,
                        table=chart,
                        printed=printed,
                    )
                )
    return issues


def _comparisons(unit: Unit, tables: dict[str, ResolvedTable]) -> list[tuple[str, str, Any, Any]]:
    """(field, table, catalogue value, chart value) for every fact a chart also prints."""
    found: list[tuple[str, str, Any, Any]] = []
    stack = tables.get(STACK_TABLE)
    if stack and unit.type != UNKNOWN and unit.stack_points != UNKNOWN:
        cells = stack.find({"type": unit.type.value})
        if cells:
            found.append(("stack_points", STACK_TABLE, unit.stack_points.value, _number(cells)))
    rounds = tables.get(ROUNDS_TABLE)
    if rounds and rounds.axis("unit") and rounds.axis("unit").match(unit.id):
        cells = rounds.find({"unit": unit.id})
        ours = f"{unit.rounds.weapon} {unit.rounds.count}" if unit.rounds else "-"
        printed = f"{cells[0].address['weapon']} {_number(cells)}" if cells else "-"
        found.append(("rounds", ROUNDS_TABLE, ours, printed))
    transport = tables.get(TRANSPORT_TABLE)
    if transport and unit.transport:
        row = unit.id if transport.axis("unit").match(unit.id) else "vehicle"
        found.append(
            (
                "transport",
                TRANSPORT_TABLE,
                unit.transport.capacity,
                _number(transport.find({"unit": row})),
            )
        )
    return found


def _number(cells: list) -> Any:
    """The plain value of the first cell."""
    from generator.charts import unwrap

    return unwrap(cells[0].value)[0] if cells else None
