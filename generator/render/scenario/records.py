"""What a scenario's kit fills in on its record sheets: each side's off-board artillery for the
Artillery Request Record Sheet, and each side's aeronautical units for its Air Commitment Card."""

from __future__ import annotations

from typing import Any

from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.render.scenario.common import neutral, said, side_labels
from generator.render.scenario.mak import mine_zone
from generator.scenario.findings import Findings
from generator.scenario.mak.forces import SIDES, Line, read_lines
from generator.scenario.mak.model import MakScenario
from generator.scenario.mak.notation import parse_artillery


def _unit_name(line: Line) -> Any:
    return line.unit.name if line.unit else neutral(line.entry.unit)


def kit_batteries(
    scenario: MakScenario, content: Content, only: str | None = None
) -> list[dict[str, Any]]:
    """Each side's off-board artillery (or one side's) for the head of the Artillery Request
    Record Sheet."""
    sides = side_labels(content)
    batteries = []
    for side in (only,) if only else SIDES:
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
                "pilots": [f"No. {n}" for n in assigned],  # joined by the catalog's list mark
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


MINE_ATTACK = (5, 13)  # attack value of one field [19.1.1]
MOST_MINE_ROWS = 20


def kit_mines(scenario: MakScenario, side: str) -> dict[str, Any]:
    """A side's minefield record: the budget [19.1], the fields the file fixes with a running
    total, whether the other side knows them, where the rest lies, and as many empty rows as
    fields could still be laid (each at least 5 [19.1.1])."""
    mines = getattr(scenario.forces, side).land_mines
    total, fixed = 0, []
    for field in mines.fields:
        total += field.attack
        fixed.append(
            {"board": field.board, "hex": field.hex, "attack": field.attack, "total": total}
        )
    left = mines.budget - total
    return {
        "budget": mines.budget,
        "fixed": fixed,
        "left": left,
        "rows": range(len(fixed) + 1, len(fixed) + 1 + min(left // MINE_ATTACK[0], MOST_MINE_ROWS)),
        "attack": MINE_ATTACK,
        "known": mines.fixed,
        "zone": mine_zone(mines.zone) if mines.zone else None,
    }


def sides_with(scenario: Any, what: str) -> list[str]:
    """The Ma.K sides, in the card's order, whose forces have `artillery` or `land_mines`."""
    if not isinstance(scenario, MakScenario):
        return []
    return [side for side in SIDES if getattr(getattr(scenario.forces, side), what)]
