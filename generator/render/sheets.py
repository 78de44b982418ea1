"""Record sheets: the Ma.K Artillery Request Record Sheet and the Air Commitment Cards."""

from __future__ import annotations

from typing import Any

from generator.content import Content

PAPER_ROWS = {"a4": 18, "letter": 16}


def artillery_sheet_context(content: Content, paper: str) -> dict[str, Any]:
    """Rows that fit the paper, and the request types a–e for the legend."""
    table = content.table("mak.artillery-request-type")
    legend = [
        (choice.slug, cell)
        for choice in table.axis("type").choices
        for cell in table.cells
        if cell.address["type"] == choice.slug
    ]
    return {
        "rows": range(1, PAPER_ROWS[paper] + 1),
        "types": [slug for slug, _ in legend],
        "legend": [(slug, cell.value) for slug, cell in legend],
        "rule": content.cases["mak.17.1.5"],
    }


def air_commitment_context(content: Content, paper: str) -> dict[str, Any]:
    """The two sides' cards."""
    pilots = content.table("mak.pilots")
    sides = [(choice.slug, choice.label) for choice in pilots.axis("side").choices]
    return {"sides": sides, "rule": content.cases["mak.10.1.1"]}
