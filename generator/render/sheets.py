"""Record sheets: the Ma.K Artillery Request Record Sheet and the Air Commitment Cards."""

from __future__ import annotations

from typing import Any

from generator.content.load import Content

PAPER_ROWS = {"a4": 18, "letter": 16}
ADDITIONS_NOTE_ROWS = 2  # the room the note on playaid's added columns takes, in both languages


def artillery_sheet_context(
    content: Content,
    paper: str,
    batteries: list[dict[str, Any]] | None = None,
    side: str | None = None,
) -> dict[str, Any]:
    """Rows that fit the paper, the request types a–e for the legend, and the scenario's
    off-board artillery to head the sheet with, when a kit fills it in: one side's, on the
    copy of the player making the attacks [17.1.5], when `side` is given."""
    table = content.table("mak.artillery-request-type")
    legend = [
        (choice.slug, cell)
        for choice in table.axis("type").choices
        for cell in table.cells
        if cell.address["type"] == choice.slug
    ]
    rows = PAPER_ROWS[paper] - ADDITIONS_NOTE_ROWS - (len(batteries) + 2 if batteries else 0)
    return {
        "batteries": batteries or [],
        "rows": range(1, rows + 1),
        "types": [slug for slug, _ in legend],
        "legend": [(slug, cell.value) for slug, cell in legend],
        "rule": content.cases["mak.17.1.5"],
        "side": side,
        "side_label": _side_labels(content).get(side) if side else None,
    }


def air_commitment_context(
    content: Content,
    paper: str,
    aircraft: dict[str, list[dict[str, Any]]] | None = None,
    side: str | None = None,
) -> dict[str, Any]:
    """The two sides' cards, each with the side's aeronautical units when a kit fills them in;
    one side's alone, its name in its heading, when `side` is given."""
    labels = _side_labels(content)
    sides = [(side, labels[side])] if side else list(labels.items())
    return {
        "sides": sides,
        "one_side": side is not None,
        "rule": content.cases["mak.10.1.1"],
        "aircraft": aircraft or {},
    }


def minefield_sheet_context(
    content: Content, paper: str, mines: dict[str, Any], side: str, title: Any
) -> dict[str, Any]:
    """One side's minefield record sheet: its budget, fixed fields and rows to fill in."""
    return {
        "mines": mines,
        "side": side,
        "side_label": _side_labels(content)[side],
        "scenario_title": title,
    }


def _side_labels(content: Content) -> dict[str, Any]:
    """The Ma.K sides by slug, as the pilot chart names them, in its order."""
    pilots = content.table("mak.pilots")
    return {choice.slug: choice.label for choice in pilots.axis("side").choices}
