"""What a scenario's kit fills in on its record sheets: each side's off-board artillery for the
Artillery Request Record Sheet, and each side's aeronautical units for its Air Commitment Card."""

from __future__ import annotations

from typing import Any

from generator.content import Content
from generator.loader import Document
from generator.render.scenario.common import neutral, said, side_labels
from generator.scenario.findings import Findings
from generator.scenario.mak.forces import SIDES, Line, read_lines
from generator.scenario.mak.model import MakScenario
from generator.scenario.mak.notation import parse_artillery


def _unit_name(line: Line) -> Any:
    return line.unit.name if line.unit else neutral(line.entry.unit)


def kit_batteries(scenario: MakScenario, content: Content) -> list[dict[str, Any]]:
    """Each side's off-board artillery for the head of the Artillery Request Record Sheet."""
    sides = side_labels(content)
    batteries = []
    for side in SIDES:
        for entry in getattr(scenario.forces, side).artillery:
            artillery = parse_artillery(entry.code)
            batteries.append(
                {
                    "side": sides[side],
                    "type": artillery.type,
                    "board": artillery.board,
                    "direction": said(f"word:edge-{artillery.edge}"),
                    "distance": artillery.distance,
                    "per_turn": artillery.per_turn,
                    "total": artillery.total,
                    "code": entry.code,
                }
            )
    return batteries


def kit_aircraft(
    document: Document, scenario: MakScenario, content: Content
) -> dict[str, list[dict[str, Any]]]:
    """Each side's aeronautical units, with their pilots and turn of arrival, for its card."""
    lines = read_lines(scenario, content.catalogues["mak"], Findings(document))
    aircraft: dict[str, list[dict[str, Any]]] = {side: [] for side in SIDES}
    for line in lines:
        unit = line.unit
        flying = unit and (
            (unit.category != "unknown" and unit.category.value == "aeronautical")
            or (unit.type != "unknown" and unit.type.value == "iii")
        )
        if not flying:
            continue
        assigned = list(line.code.assigned) if line.code else []
        turn = line.deploy.turn if line.deploy else None
        aircraft[line.side].append(
            {
                "name": _unit_name(line),
                "count": line.count,
                "pilots": ", ".join(f"No. {n}" for n in assigned),
                "pilot_count": len(assigned),
                "turn": turn,
            }
        )
    return aircraft


def has_aircraft(document: Document, scenario: Any, content: Content) -> bool:
    """Whether a Ma.K scenario fields aeronautical units (and so needs Air Commitment Cards)."""
    return isinstance(scenario, MakScenario) and any(
        kit_aircraft(document, scenario, content).values()
    )
