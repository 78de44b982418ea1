"""Player-aid cards: one chart per card, laid out from the table and its layout hints."""

from __future__ import annotations

from typing import Any

from generator.content.charts import ResolvedTable
from generator.content.load import Content
from generator.render.views import build_grid

SIZE_CLASSES = ("l", "m", "s")  # largest first; card.css styles body.size-<class>


def card_groups(table: ResolvedTable) -> list[int | None]:
    """The cards a table needs: one, or one per group of its layout's split axis."""
    layout = table.table.layout
    return list(range(len(layout.groups))) if layout and layout.split else [None]


def card_context(
    content: Content, table: ResolvedTable, languages: tuple[str, ...], group: int | None = None
) -> dict[str, Any]:
    """Everything card.html needs for one table (or one group of it)."""
    grid = build_grid(table, languages, group)
    system = next(s for s in content.sources.systems if s.id == table.id.split(".")[0])
    cited = table.table.source.seed or system.seed  # a table an overlay supplied: its system's
    seed = next(s for s in content.sources.seeds if s.id == cited)
    layout = table.table.layout
    return {
        "table": table.table,
        "grid": grid,
        "system": system,
        "seed": seed,
        "orientation": layout.orientation if layout else "portrait",
        # Every card is tried from the largest type down and keeps the first that fits: it steps
        # down only as far as it must (a guess from the grid's size stepped some too far).
        "size_class": SIZE_CLASSES[0],
        "part": None if group is None else (group + 1, len(card_groups(table))),
    }
