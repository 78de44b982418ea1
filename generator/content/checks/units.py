"""The unit catalogue agrees with itself and with the charts that print the same numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.content.charts import unwrap
from generator.content.model.units import UNKNOWN, Unit, UnitCatalogue
from generator.content.unit_catalogues import Catalogue, spellings
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue

if TYPE_CHECKING:
    from generator.content.charts import ResolvedTable

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
    catalogue: Catalogue,
    where: dict[str, tuple[Document, int]],
    tables: dict[str, ResolvedTable],
    overlaid_tables: set[str],
) -> list[Issue]:
    """Catalogue numbers that differ from the chart printing the same fact, where both are the
    shipped content (an overlay of either one is a house rule, reconciled by `reconcile`)."""
    issues: list[Issue] = []
    for unit in catalogue.units.values():
        if unit.id in catalogue.overlaid:
            continue
        document, index = where[f"{catalogue.system}.{unit.id}"]
        for comparison in _comparisons(unit, tables):
            if comparison.table in overlaid_tables or comparison.ours == comparison.printed:
                continue
            issues.append(
                document.issue(
                    ("units", index, comparison.field),
                    "unit-chart-disagrees",
                    unit=unit.id,
                    ours=comparison.ours,
                    table=comparison.table,
                    printed=comparison.printed,
                )
            )
    return issues


def reconcile(
    catalogue: Catalogue, tables: dict[str, ResolvedTable], overlaid_tables: set[str]
) -> None:
    """Take a number from a chart an overlay replaced, for units the overlay did not replace, so
    that a house rule on the chart is what the checker enforces; mark those units as overlaid."""
    for unit in list(catalogue.units.values()):
        if unit.id in catalogue.overlaid:
            continue
        changes = {
            comparison.field: comparison.replacement
            for comparison in _comparisons(unit, tables)
            if comparison.table in overlaid_tables and comparison.replacement is not None
        }
        if changes:
            catalogue.units[unit.id] = unit.model_copy(update=changes)
            catalogue.overlaid.add(unit.id)


@dataclass(frozen=True)
class _Comparison:
    """A fact the catalogue and a chart both give: how each shows it, and the chart's as a fact."""

    field: str
    table: str
    ours: Any
    printed: Any
    replacement: Any


def _comparisons(unit: Unit, tables: dict[str, ResolvedTable]) -> list[_Comparison]:
    """Every fact of the unit that a chart also prints."""
    found: list[_Comparison] = []
    stack = tables.get(STACK_TABLE)
    if stack and unit.type != UNKNOWN and unit.stack_points != UNKNOWN:
        cells = stack.find({"type": unit.type.value})
        if cells:
            printed = _number(cells)
            fact = unit.stack_points.model_copy(update={"value": printed})
            found.append(
                _Comparison("stack_points", STACK_TABLE, unit.stack_points.value, printed, fact)
            )
    rounds = tables.get(ROUNDS_TABLE)
    axis = rounds.axis("unit") if rounds else None
    if rounds and axis and axis.match(unit.id):
        cells = rounds.find({"unit": unit.id})
        ours = f"{unit.rounds.weapon} {unit.rounds.count}" if unit.rounds else "-"
        printed = f"{cells[0].address['weapon']} {_number(cells)}" if cells else "-"
        fact = None
        if cells and unit.rounds:
            weapon, count = cells[0].address["weapon"], _number(cells)
            fact = unit.rounds.model_copy(update={"weapon": weapon, "count": count})
        found.append(_Comparison("rounds", ROUNDS_TABLE, ours, printed, fact))
    transport = tables.get(TRANSPORT_TABLE)
    if transport and unit.transport:
        row = unit.id if transport.axis("unit").match(unit.id) else "vehicle"
        cells = transport.find({"unit": row})  # none where a chart `complete: false` omits it
        if cells:
            printed = _number(cells)
            fact = unit.transport.model_copy(update={"capacity": printed})
            found.append(
                _Comparison("transport", TRANSPORT_TABLE, unit.transport.capacity, printed, fact)
            )
    return found


def _number(cells: list) -> Any:
    """The plain value of the first cell."""
    return unwrap(cells[0].value)[0] if cells else None
